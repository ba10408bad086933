//! Action cards (TF-R27, an additional rule), and the veteran marker and
//! the shift some cards bring in (TF-R22).
//!
//! At setup each player picks 7 different cards in secret, one at a time
//! ([`Action::Pick`]); the hand's size is public, its cards are not until
//! played. A player plays at most one card a turn (a turn is one unit's
//! activation, or one bird's tilt decision): pilot and hero cards are paid
//! in cheese first and go to the refresh pile; bird cards cost nothing and
//! lie face down by their bird until it perches or is defeated. The refresh
//! step at the end of each round gives the refresh pile back to the hand.
//!
//! Timings: a card of the side deciding is one more choice among that
//! decision's own ([`Action::Play`]): the tilt phase, before and after a
//! flight, before moving, before an attack, instead of attacking. The one
//! reaction timing is the attack window: once an attack's dice (and their
//! cheese re-rolls) are down, each side that holds any card and has not
//! played one this turn chooses in secret, the attacker first, a card of its
//! "after the attack roll" ones or none ([`Action::NoCard`]), then the side
//! attacked one of its "when defending" ones or none. The window opens
//! whatever the hand holds, so nobody learns from it which cards are held.
//! Both cards played: the first player chooses which resolves first
//! ([`Action::First`]).
//!
//! Hooks: `decider` and `legal` ask [`TailFeathers::card_decider`] and
//! [`TailFeathers::card_actions`] first; the decisions of the round offer
//! plays through [`TailFeathers::play_actions`]; combat opens the window
//! through [`TailFeathers::open_window`]; the activation reads its
//! [`Boost`]; `advance` returns lying bird cards ([`TailFeathers::return_lying`]);
//! the round's end refreshes ([`TailFeathers::refresh_hands`]).

#![allow(clippy::wildcard_imports, reason = "a chapter of the game module: it shares the module's state and imports")]

use super::*;
use crate::rules::tail_feathers::cards::{
    ACTION_CARDS, CardId, CardKind, Effect, HAND, Requirement, Timing, VETERAN_BONUS, card, requirement_words,
};

/// A side's action cards (TF-R27).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Hand {
    /// The cards in hand; `None` for a card this observer may not know.
    pub cards: Vec<Option<CardId>>,
    /// Played pilot and hero cards (and bird cards back from their bird),
    /// waiting for the refresh step.
    pub refresh: Vec<CardId>,
    /// Bird cards lying face down by their bird.
    pub lying: Vec<(CardId, Fig)>,
    /// Every card this side has played so far (the other side saw them).
    pub shown: Vec<CardId>,
    /// A card played this turn.
    pub played: bool,
}

impl Hand {
    /// True when card `c` is in this hand (as this observer knows it).
    #[must_use]
    pub fn holds(&self, c: CardId) -> bool {
        self.cards.contains(&Some(c))
    }
}

/// What a played card is aimed at, beside the figure receiving it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Aim {
    /// Nothing more.
    Nothing,
    /// A figure (the enemy netted).
    Figure(Fig),
    /// A turn in 15° steps: the shift's direction (−2, 0, 2) or a pivot.
    Turn(i8),
}

/// A card played: which, the figure receiving it, and its aim.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Play {
    /// The card.
    pub card: CardId,
    /// The figure receiving it (a bird, a squad figure or the hero).
    pub figure: Fig,
    /// What it is aimed at.
    pub aim: Aim,
}

/// What the cards played this activation still give.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(super) struct Boost {
    /// Templates more than the move value for this flight.
    pub templates: u8,
    /// Dice more for this activation's swoops.
    pub swoop: u8,
    /// Dice more for the next attack of this kind.
    pub attack: Option<(Attack, u8)>,
    /// The next ranged attack that hits sets its target on fire.
    pub alight: bool,
    /// Steps more for each move.
    pub steps: u8,
}

/// The attack window (TF-R27): the secret choices of both sides once an
/// attack's dice are down.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(super) struct Window {
    /// Who attacks.
    pub attacker: Seat,
    /// Each seat's choice, by seat; `None` when it is not offered one.
    pub picks: [Option<Secret<Option<Play>>>; 2],
    /// Both played: the seat whose card resolves first, once chosen.
    pub first: Option<Seat>,
}

/// A card played, in the log's words: "Mice play Keep Calm on the
/// Swallow (1 cheese)".
pub(super) fn play_words(seat: Seat, p: Play) -> String {
    let k = card(p.card);
    let cost = if k.cost > 0 { format!(" ({} cheese)", k.cost) } else { String::new() };
    format!("{} play {} on {}{cost}", side_name(side_of_seat(seat)), k.name, figure_name(p.figure))
}

impl TailFeathers {
    /// The seat picking its hand at setup (the first player first).
    pub(super) fn hand_picker(&self) -> Option<Seat> {
        if !self.options.action_cards || self.phase != Phase::Deploy {
            return None;
        }
        [self.first, other(self.first)].into_iter().find(|s| self.hands[s.index()].cards.len() < HAND)
    }

    /// The cards a side may have in its hand: those a unit of its can
    /// receive in this game ("Build Ballista" only with structures).
    #[must_use]
    pub fn card_pool(&self, side: Alliance) -> Vec<CardId> {
        (0..ACTION_CARDS.len() as CardId)
            .filter(|&c| {
                let k = card(c);
                (k.effect != Effect::Build || self.options.structures)
                    && (0..UNITS).any(|u| UNIT_DEFS[u].side == side && self.meets(u, k.requires, k.kind))
            })
            .collect()
    }

    /// A side's action cards.
    #[must_use]
    pub fn hand(&self, side: Alliance) -> &Hand {
        &self.hands[seat_of(side).index()]
    }

    /// True when unit `u` may receive a card of `kind` requiring `r`.
    fn meets(&self, unit: usize, requires: Requirement, kind: CardKind) -> bool {
        let def = &UNIT_DEFS[unit];
        match kind {
            CardKind::Bird | CardKind::Pilot if def.bird.is_none() => return false,
            CardKind::Hero if def.ground.is_none() => return false,
            _ => {}
        }
        match requires {
            Requirement::Bird => def.bird.is_some(),
            Requirement::BirdNamed(bird) => def.bird.is_some_and(|(x, _)| x == bird),
            Requirement::Proficiency(skill) => match (kind, def.ground) {
                (CardKind::Hero, Some(ground)) => GROUND[ground].proficiencies.contains(&skill),
                _ => self.pilot_card(unit).is_some_and(|c| c.proficiencies.contains(&skill)),
            },
            Requirement::Hero => def.ground.is_some_and(|g| GROUND[g].squad == 1),
            Requirement::Squad => def.ground.is_some_and(|g| GROUND[g].squad > 1),
            Requirement::Ground => def.ground.is_some(),
        }
    }

    /// Whose decision the cards make now, before anything else: the hand
    /// picks at setup, then the attack window.
    pub(super) fn card_decider(&self) -> Option<ToMove> {
        if let Some(w) = &self.window {
            return Some(ToMove::Seat(self.window_seat(w)));
        }
        self.hand_picker().map(ToMove::Seat)
    }

    /// Who decides in the window: the attacker, then the side attacked,
    /// then (both having played) the first player.
    fn window_seat(&self, w: &Window) -> Seat {
        let d = other(w.attacker);
        for s in [w.attacker, d] {
            if w.picks[s.index()] == Some(Secret::Open) {
                return s;
            }
        }
        self.first
    }

    /// The card decisions of the moment, when the cards decide it.
    pub(super) fn card_actions(&self) -> Option<Vec<Action>> {
        if let Some(w) = &self.window {
            let s = self.window_seat(w);
            if w.picks[s.index()] == Some(Secret::Open) {
                let mut out = vec![Action::NoCard];
                out.extend(self.window_plays(s).into_iter().map(Action::Play));
                return Some(out);
            }
            return Some(vec![Action::First(w.attacker.0), Action::First(other(w.attacker).0)]);
        }
        let s = self.hand_picker()?;
        let hand = &self.hands[s.index()];
        Some(self.card_pool(side_of_seat(s)).into_iter().filter(|&c| !hand.holds(c)).map(Action::Pick).collect())
    }

    /// True when `seat` may play card `c` now as far as its hand, its turn
    /// and its cheese go (not its timing or who receives it).
    fn can_afford(&self, seat: Seat, c: CardId) -> bool {
        let h = &self.hands[seat.index()];
        self.options.action_cards && !h.played && h.holds(c) && self.cheese[seat.index()] >= card(c).cost
    }

    /// True when figure `f` may receive card `c` by requirement and state
    /// (a bird card's bird flying, a pilot not rattled).
    fn may_receive(&self, c: CardId, f: Fig) -> bool {
        let k = card(c);
        let u = unit_of(f);
        if !self.meets(u, k.requires, k.kind) || !self.figures[usize::from(f)].place.on_battlefield() {
            return false;
        }
        match k.kind {
            CardKind::Bird => k.perched_too || self.figures[usize::from(f)].place == Place::Air,
            CardKind::Pilot => k.effect == Effect::Steady || !self.bird(f).is_some_and(|b| b.rattled),
            CardKind::Hero => true,
        }
    }

    /// Cards of `seat`'s hand with `timing` that figure `f` may receive
    /// now, each with every aim it may take.
    fn plays_for(&self, seat: Seat, timing: Timing, f: Fig, out: &mut Vec<Action>) {
        if !self.options.action_cards || self.hands[seat.index()].played {
            return;
        }
        for c in self.hands[seat.index()].cards.iter().flatten().copied() {
            let k = card(c);
            if k.timing != timing || !self.can_afford(seat, c) || !self.may_receive(c, f) {
                continue;
            }
            for aim in self.aims(k.effect, f) {
                out.push(Action::Play(Play { card: c, figure: f, aim }));
            }
        }
    }

    /// The aims an effect may take for figure `f` now; empty when it would
    /// do nothing here.
    fn aims(&self, effect: Effect, f: Fig) -> Vec<Aim> {
        let side = Self::side(f);
        if matches!(effect, Effect::Shift | Effect::Pivot(_)) && self.entangled(f) {
            // Locked in a death spiral, it neither turns nor shifts
            // (TF-R25).
            return Vec::new();
        }
        match effect {
            Effect::Shift => {
                [-2i8, 0, 2].into_iter().filter(|&t| self.shift_pose(f, t).is_some()).map(Aim::Turn).collect()
            }
            Effect::Pivot(most) => {
                let most = most.min(12) as i8;
                (-most..=most).filter(|&t| t != 0 && !(t == -12 && most == 12)).map(Aim::Turn).collect()
            }
            Effect::SurePiloting => {
                // Only before the check is rolled.
                if self.activation.as_ref().is_some_and(|a| matches!(a.step, Step::Check))
                    && self.pilot_value(unit_of(f)) > 0
                {
                    vec![Aim::Nothing]
                } else {
                    Vec::new()
                }
            }
            Effect::Steady => {
                if self.bird(f).is_some_and(|b| b.rattled) {
                    vec![Aim::Nothing]
                } else {
                    Vec::new()
                }
            }
            Effect::Immobilize => {
                let Place::Space(s) = self.figures[usize::from(f)].place else { return Vec::new() };
                let mut near = self.space_neighbours(usize::from(s));
                near.push(usize::from(s));
                (0..FIGURES as u8)
                    .filter(|&e| {
                        Self::side(e) != side
                            && Self::size(e) == Size::Small
                            && !self.figures[usize::from(e)].immobilized
                            && matches!(self.figures[usize::from(e)].place, Place::Space(es) if near.contains(&usize::from(es)))
                    })
                    .map(Aim::Figure)
                    .collect()
            }
            Effect::Revive(_) => {
                let dead = (0..FIGURES as u8).any(|g| {
                    Self::side(g) == side && Self::is_squad(g) && self.figures[usize::from(g)].place == Place::Casualty
                });
                if dead { vec![Aim::Nothing] } else { Vec::new() }
            }
            Effect::Heal(_) => {
                if self.figures[usize::from(f)].wounds > 0 {
                    vec![Aim::Nothing]
                } else {
                    Vec::new()
                }
            }
            Effect::Douse => match self.figures[usize::from(f)].place {
                Place::Space(s)
                    if Self::space_nest(usize::from(s)).is_some_and(|n| self.nest_fire[seat_of(n).index()] > 0) =>
                {
                    vec![Aim::Nothing]
                }
                _ => Vec::new(),
            },
            Effect::Veteran => {
                if self.veterans[seat_of(side).index()].is_none() && Self::is_squad(f) {
                    vec![Aim::Nothing]
                } else {
                    Vec::new()
                }
            }
            Effect::Build => {
                if self.build_blocker(f).is_none() {
                    vec![Aim::Nothing]
                } else {
                    Vec::new()
                }
            }
            _ => vec![Aim::Nothing],
        }
    }

    /// The plays open to the side deciding now at its own decision, by the
    /// decision's timing (hook in `legal`).
    pub(super) fn play_actions(&self, out: &mut Vec<Action>) {
        if !self.options.action_cards || self.outcome.is_some() || self.combat.is_some() || self.battle.is_some() {
            return;
        }
        if self.phase == Phase::Tilt {
            if let Some((seat, f)) = self.tilting()
                && self.figures[usize::from(f)].place == Place::Air
            {
                self.plays_for(seat, Timing::TiltPhase, f, out);
            }
            return;
        }
        let Some(act) = self.activation.as_ref() else { return };
        let unit = usize::from(act.unit);
        let d = UNIT_DEFS[unit];
        let seat = seat_of(d.side);
        match &act.step {
            Step::Check | Step::Fly => self.plays_for(seat, Timing::BeforeFlight, d.first, out),
            Step::Moves if act.figures.is_empty() => {
                if let Some(f) = self.first_on_battlefield(unit) {
                    self.plays_for(seat, Timing::BeforeMoving, f, out);
                }
            }
            Step::Acts => {
                if d.bird.is_some() && act.acted.is_empty() {
                    self.plays_for(seat, Timing::AfterFlight, d.first, out);
                }
                let free: Vec<Fig> = act
                    .figures
                    .iter()
                    .copied()
                    .filter(|&f| !act.acted.contains(&f) && self.figures[usize::from(f)].place.on_battlefield())
                    .collect();
                if act.boost.attack.is_none() && !act.boost.alight {
                    // One play per unit: the card goes to the unit, and
                    // its first figure free to attack receives it.
                    if let Some(&f) = free.first() {
                        let mut attacks = Vec::new();
                        if !act.swooped {
                            self.attacks(f, act, &mut attacks);
                        }
                        if !attacks.is_empty() || free.len() > 1 {
                            self.plays_for(seat, Timing::BeforeAttack, f, out);
                        }
                    }
                }
                for f in free {
                    self.plays_for(seat, Timing::InsteadOfAttacking, f, out);
                }
            }
            _ => {}
        }
    }

    fn first_on_battlefield(&self, unit: usize) -> Option<Fig> {
        let d = UNIT_DEFS[unit];
        (d.first..d.first + d.count).find(|&f| self.figures[usize::from(f)].place.on_battlefield())
    }

    /// The plays open to `seat` in the attack window: the attacker's
    /// "after the attack roll" cards on the attacking figure, the other
    /// side's "when defending" cards on a figure attacked (one figure per
    /// unit).
    #[must_use]
    pub fn window_plays(&self, seat: Seat) -> Vec<Play> {
        let (Some(w), Some(c)) = (&self.window, &self.combat) else { return Vec::new() };
        let mut out = Vec::new();
        if seat == w.attacker {
            if let Some(by) = c.by {
                self.plays_for(seat, Timing::AfterAttackRoll, by, &mut out);
            }
        } else {
            let mut units = Vec::new();
            for t in &c.candidates {
                if let &Target::Figure(f) = t
                    && !units.contains(&unit_of(f))
                {
                    units.push(unit_of(f));
                    self.plays_for(seat, Timing::WhenDefending, f, &mut out);
                }
            }
        }
        out.into_iter()
            .filter_map(|a| match a {
                Action::Play(p) => Some(p),
                _ => None,
            })
            .collect()
    }

    /// After an attack's dice and their re-rolls: opens the attack window
    /// when either side is offered it (hook in `resolve_combat`); true
    /// when the combat now waits for it.
    pub(super) fn open_window(&mut self, attacker: Seat) -> bool {
        if !self.options.action_cards {
            return false;
        }
        let offered = |h: &Hand| !h.played && !h.cards.is_empty();
        let picks = [Seat(0), Seat(1)].map(|s| offered(&self.hands[s.index()]).then_some(Secret::Open));
        if picks.iter().all(Option::is_none) {
            return false;
        }
        self.window = Some(Box::new(Window { attacker, picks, first: None }));
        true
    }

    /// A window decision: a seat's secret choice, or the first player's
    /// order; when the window is complete its cards resolve.
    pub(super) fn window_act(&mut self, a: &Action) {
        let Some(mut w) = self.window.take() else { return };
        let s = self.window_seat(&w);
        match a {
            Action::NoCard => w.picks[s.index()] = Some(Secret::Chosen(None)),
            &Action::Play(p) => w.picks[s.index()] = Some(Secret::Chosen(Some(p))),
            &Action::First(seat) => w.first = Some(Seat(seat)),
            _ => {}
        }
        let chosen = |s: Seat| match w.picks[s.index()] {
            Some(Secret::Chosen(p)) => Some(p),
            None => Some(None),
            _ => None,
        };
        let (Some(pa), Some(pd)) = (chosen(w.attacker), chosen(other(w.attacker))) else {
            self.window = Some(w);
            return;
        };
        let both = pa.is_some() && pd.is_some();
        if both && w.first.is_none() {
            // Both revealed; the first player orders them.
            self.events.push(Event::Note(format!(
                "{} play {} and {} play {}: {} choose which resolves first",
                side_name(side_of_seat(w.attacker)),
                card(pa.map_or(0, |p| p.card)).name,
                side_name(side_of_seat(other(w.attacker))),
                card(pd.map_or(0, |p| p.card)).name,
                side_name(side_of_seat(self.first)),
            )));
            self.window = Some(w);
            return;
        }
        let order = if w.first == Some(other(w.attacker)) {
            [(other(w.attacker), pd), (w.attacker, pa)]
        } else {
            [(w.attacker, pa), (other(w.attacker), pd)]
        };
        for (seat, p) in order {
            if w.picks[seat.index()].is_some() && p.is_none() {
                self.events.push(Event::Note(format!("{} play no card", side_name(side_of_seat(seat)))));
            }
        }
        for (seat, p) in order {
            if let Some(p) = p {
                self.play(seat, p, true);
            }
        }
        if let Some(c) = self.combat.as_mut() {
            c.window_done = true;
        }
    }

    /// Plays card `p` for `seat`: pays, shows it (`announce`: in the log's
    /// words of what happened, when the decision's own words did not name
    /// it, as at the attack window), carries out its effect, and puts it by
    /// its bird or on the refresh pile.
    pub(super) fn play(&mut self, seat: Seat, p: Play, announce: bool) {
        let k = card(p.card);
        let h = &mut self.hands[seat.index()];
        if let Some(i) = h.cards.iter().position(|&c| c == Some(p.card)) {
            h.cards.remove(i);
        }
        h.played = true;
        if !h.shown.contains(&p.card) {
            h.shown.push(p.card);
        }
        if k.kind == CardKind::Bird {
            h.lying.push((p.card, p.figure));
        } else {
            h.refresh.push(p.card);
        }
        self.cheese[seat.index()] -= k.cost.min(self.cheese[seat.index()]);
        if announce {
            self.events.push(Event::Note(play_words(seat, p)));
        }
        self.card_effect(seat, k.effect, p);
    }

    #[allow(clippy::too_many_lines, reason = "one arm per effect of the cards' vocabulary")]
    fn card_effect(&mut self, seat: Seat, effect: Effect, p: Play) {
        let f = p.figure;
        let boost = |g: &mut Self, change: &dyn Fn(&mut Boost)| {
            if let Some(act) = g.activation.as_mut() {
                change(&mut act.boost);
            }
        };
        match effect {
            Effect::ExtraTemplates(n) => boost(self, &|b| b.templates += n),
            Effect::SurePiloting => {
                self.events.push(Event::Note("the piloting check passes without a roll".into()));
                self.set_step(Step::SetTilt);
            }
            Effect::SwoopDice(n) => boost(self, &|b| b.swoop += n),
            Effect::AttackDice(kind, n) => boost(self, &|b| b.attack = Some((kind, n))),
            Effect::SetAlight => boost(self, &|b| b.alight = true),
            Effect::ExtraSteps(n) => boost(self, &|b| b.steps += n),
            Effect::Shift => {
                let t = match p.aim {
                    Aim::Turn(t) => t,
                    _ => 0,
                };
                if let (Some(pose), Some(i)) = (self.shift_pose(f, t), bird_index(f)) {
                    self.birds[i].pose = pose;
                    self.events
                        .push(Event::Note(format!("{} shifts (not a move: it crosses nothing)", figure_name(f))));
                }
            }
            Effect::Pivot(_) => {
                if let (Aim::Turn(t), Some(i)) = (p.aim, bird_index(f)) {
                    let b = &mut self.birds[i];
                    b.pose.heading = b.pose.heading.turned(i32::from(t));
                    self.events.push(Event::Note(format!(
                        "{} turns in place to face {}°",
                        figure_name(f),
                        b.pose.heading.degrees()
                    )));
                }
            }
            Effect::RerollMisses(most) => {
                // A die already re-rolled once stays as it is (Re-rolls,
                // glossary; ruling of 2026-11-27).
                let misses = self.combat_dice_where(false, usize::from(most));
                self.reroll_combat_dice(seat, &misses, "the misses again");
            }
            Effect::Deflect => {
                let hit = self.combat_dice_where(true, 1);
                self.reroll_combat_dice(other(seat), &hit, "one hit again");
            }
            Effect::ExtraDefence(n) => {
                if let Some(c) = self.combat.as_mut() {
                    c.defence_bonus.push((unit_of(f) as u8, n));
                }
            }
            Effect::Steady => {
                if let Some(i) = bird_index(f) {
                    self.birds[i].rattled = false;
                    if let Some(act) = self.activation.as_mut() {
                        act.rattled_at_start = false;
                    }
                    self.events.push(Event::Note(format!("{}'s pilot is steady again", figure_name(f))));
                }
            }
            Effect::Cheese(n) => {
                let got = self.gain_cheese_plain(seat, n);
                self.events.push(Event::Cheese(seat, got));
            }
            Effect::Pilfer(n) => {
                let theirs = &mut self.cheese[other(seat).index()];
                let taken = n.min(*theirs);
                *theirs -= taken;
                self.events.push(Event::Note(format!("{} lose {taken} cheese", side_name(side_of_seat(other(seat))))));
                let got = self.gain_cheese_plain(seat, taken);
                self.events.push(Event::Cheese(seat, got));
            }
            Effect::Immobilize => {
                if let Aim::Figure(e) = p.aim {
                    self.figures[usize::from(e)].immobilized = true;
                    self.events.push(Event::Immobilized(e));
                }
                self.mark_acted(f);
            }
            Effect::Revive(n) => {
                let side = Self::side(f);
                let dead: Vec<Fig> = (0..FIGURES as u8)
                    .filter(|&g| {
                        Self::side(g) == side
                            && Self::is_squad(g)
                            && self.figures[usize::from(g)].place == Place::Casualty
                    })
                    .take(usize::from(n))
                    .collect();
                for &g in &dead {
                    self.figures[usize::from(g)].place = Place::Reserves;
                }
                self.events.push(Event::Note(format!(
                    "{} to the reserves",
                    words::count_with(dead.len(), "figure revived", "figures revived")
                )));
                self.mark_acted(f);
            }
            Effect::Heal(n) => {
                let w = &mut self.figures[usize::from(f)].wounds;
                let healed = n.min(*w);
                *w -= healed;
                self.events.push(Event::Note(format!(
                    "{} loses {}",
                    figure_name(f),
                    words::count(usize::from(healed), "wound")
                )));
                self.mark_acted(f);
            }
            Effect::Douse => {
                if let Place::Space(s) = self.figures[usize::from(f)].place
                    && let Some(side) = Self::space_nest(usize::from(s))
                {
                    self.nest_fire[seat_of(side).index()] = 0;
                    self.events.push(Event::Fire(Target::Nest(side), false));
                }
                self.mark_acted(f);
            }
            Effect::Veteran => {
                self.veterans[seat.index()] = Some(f);
                self.events.push(Event::Note(format!("{} takes the veteran marker", figure_name(f))));
                self.mark_acted(f);
            }
            Effect::Build => {
                self.build(f);
                self.mark_acted(f);
            }
        }
    }

    fn mark_acted(&mut self, f: Fig) {
        if let Some(act) = self.activation.as_mut()
            && !act.acted.contains(&f)
        {
            act.acted.push(f);
        }
    }

    /// Where a shift (TF-R22) would put bird `f`: one short template laid
    /// from the front of its base, turned `turn` steps from its facing; the
    /// bird keeps its facing. `None` when the template meets a trunk, or
    /// the base would leave the battlefield or touch another flying base.
    #[must_use]
    pub fn shift_pose(&self, f: Fig, turn: i8) -> Option<Pose> {
        let b = self.bird(f)?;
        if self.figures[usize::from(f)].place != Place::Air {
            return None;
        }
        let heading = b.pose.heading.turned(i32::from(turn));
        let t = Laid { from: b.pose.at.plus(heading.unit().scale(BASE_RADIUS)), heading, length: Length::Short };
        let template = Shape::Polygon(t.polygon());
        if field().trees.iter().any(|tree| touches(&template, &Shape::Polygon(tree.trunk.clone()))) {
            return None;
        }
        let at = t.to();
        let me = Shape::base(at);
        let inside = |x: f64| x >= BASE_RADIUS && x <= field().size - BASE_RADIUS;
        if !inside(at.x) || !inside(at.y) || self.airborne_bases(f).iter().any(|(_, o)| touches(&me, o)) {
            return None;
        }
        Some(Pose { at, heading: b.pose.heading })
    }

    /// The dice a veteran marker adds to figure `f`'s attacks and defence
    /// (TF-R22).
    #[must_use]
    pub fn veteran_bonus(&self, f: Fig) -> u8 {
        if self.veterans.contains(&Some(f)) { VETERAN_BONUS } else { 0 }
    }

    /// Which figure carries each side's veteran marker.
    #[must_use]
    pub fn veteran(&self, side: Alliance) -> Option<Fig> {
        self.veterans[seat_of(side).index()]
    }

    /// Bird cards go from their bird to the refresh pile once it perches or
    /// is defeated (hook in `advance`); a veteran marker leaves a defeated
    /// figure.
    pub(super) fn return_lying(&mut self) {
        for s in 0..2 {
            if let Some(f) = self.veterans[s]
                && !self.figures[usize::from(f)].place.on_battlefield()
                && !matches!(self.figures[usize::from(f)].place, Place::Mission | Place::Carried(_))
            {
                self.veterans[s] = None;
            }
            let figures = &self.figures;
            let h = &mut self.hands[s];
            if h.lying.iter().any(|&(_, b)| figures[usize::from(b)].place != Place::Air) {
                let (back, stay): (Vec<_>, Vec<_>) =
                    h.lying.iter().copied().partition(|&(_, b)| figures[usize::from(b)].place != Place::Air);
                h.refresh.extend(back.into_iter().map(|(c, _)| c));
                h.lying = stay;
            }
        }
    }

    /// The refresh step of the final phase: the refresh piles go back to
    /// the hands.
    pub(super) fn refresh_hands(&mut self) {
        for h in &mut self.hands {
            let back: Vec<Option<CardId>> = h.refresh.drain(..).map(Some).collect();
            h.cards.extend(back);
        }
    }

    /// A new turn: nobody has played a card in it yet.
    pub(super) fn new_card_turn(&mut self) {
        for h in &mut self.hands {
            h.played = false;
        }
    }

    /// The other side's hand as `seat` may know it: the cards it has seen
    /// played and that came back, then as many unknown cards as the rest
    /// (hook in `observation`); the attack window's other choice hidden.
    pub(super) fn redact_cards(&mut self, seat: Seat) {
        let o = other(seat).index();
        let h = &mut self.hands[o];
        let mut known: Vec<Option<CardId>> =
            h.cards.iter().flatten().copied().filter(|c| h.shown.contains(c)).map(Some).collect();
        known.sort_unstable();
        let unknown = h.cards.len() - known.len();
        known.extend(std::iter::repeat_n(None, unknown));
        h.cards = known;
        if let Some(w) = self.window.as_mut()
            && matches!(w.picks[o], Some(Secret::Chosen(_)))
            && !w.picks.iter().all(|p| !matches!(p, Some(Secret::Open)))
        {
            w.picks[o] = Some(Secret::Hidden);
        }
    }

    /// A supposed world for `seat`: the other side's unknown cards drawn
    /// from the cards of its pool not known to be elsewhere, and its hidden
    /// window choice guessed among its plays (hook in `determinize`).
    pub(super) fn suppose_cards(&mut self, seat: Seat, rng: &mut Rng) {
        let o = other(seat);
        let pool = self.card_pool(side_of_seat(o));
        let h = &self.hands[o.index()];
        let mut free: Vec<CardId> = pool
            .into_iter()
            .filter(|c| {
                !h.holds(*c) && !h.refresh.contains(c) && !h.lying.iter().any(|l| l.0 == *c) && !h.shown.contains(c)
            })
            .collect();
        let mut cards = h.cards.clone();
        for slot in &mut cards {
            if slot.is_none() && !free.is_empty() {
                *slot = Some(free.swap_remove(rng.below(free.len())));
            }
        }
        cards.retain(Option::is_some);
        self.hands[o.index()].cards = cards;
        if let Some(w) = &self.window
            && w.picks[o.index()] == Some(Secret::Hidden)
        {
            let plays = self.window_plays(o);
            let pick = if plays.is_empty() || rng.coin() { None } else { Some(plays[rng.below(plays.len())]) };
            if let Some(w) = self.window.as_mut() {
                w.picks[o.index()] = Some(Secret::Chosen(pick));
            }
        }
    }

    /// Why card play `p` is refused now (TF-R27, or TF-R22/TF-R28 for what
    /// the card brings in).
    pub(super) fn play_refusal(&self, p: Play) -> RuleViolation {
        let k = card(p.card);
        let refuse = |why: String| RuleViolation::new("TF-R27", why);
        if !self.options.action_cards {
            return refuse(
                "action cards are an additional rule this game was not started with (new-game dialog)".into(),
            );
        }
        if usize::from(p.figure) >= FIGURES {
            return refuse(format!("no figure {}", p.figure));
        }
        // The card comes from the hand of the side whose figure receives it.
        let unit = unit_of(p.figure);
        let seat = seat_of(UNIT_DEFS[unit].side);
        let hand = &self.hands[seat.index()];
        if !hand.holds(p.card) {
            // (Said so: "not in the rats hand" alone puzzled a player who
            // had dropped the mice's card on a rat.)
            return refuse(format!(
                "{} is not in the {} hand: a card goes only to a unit of the side holding it, and {} is the {}'",
                k.name,
                side_name(side_of_seat(seat)).to_lowercase(),
                figure_name(p.figure),
                side_name(side_of_seat(seat)).to_lowercase()
            ));
        }
        if !self.meets(unit, k.requires, k.kind) {
            let kind = match k.kind {
                CardKind::Bird => "bird card",
                CardKind::Pilot => "pilot card",
                CardKind::Hero => "hero card",
            };
            return refuse(format!(
                "{} needs {} (a {kind}); {} does not have it",
                k.name,
                requirement_words(k.requires),
                unit_name(unit)
            ));
        }
        if !self.may_receive(p.card, p.figure) {
            let why = match k.kind {
                CardKind::Bird => {
                    format!(
                        "{} needs a flying bird; {} is {}",
                        k.name,
                        figure_name(p.figure),
                        self.whereabouts(p.figure)
                    )
                }
                CardKind::Pilot => {
                    format!(
                        "{}'s pilot is rattled: only a card that calms a pilot may be played",
                        figure_name(p.figure)
                    )
                }
                CardKind::Hero => format!("{} is not on the battlefield", figure_name(p.figure)),
            };
            return refuse(why);
        }
        if self.to_move() != ToMove::Seat(seat) {
            return refuse(format!(
                "it is not the {}' decision now ({})",
                side_name(side_of_seat(seat)).to_lowercase(),
                self.status()
            ));
        }
        if hand.played {
            return refuse(format!(
                "the {} have already played a card this turn (one card a turn)",
                side_name(side_of_seat(seat)).to_lowercase()
            ));
        }
        if self.cheese[seat.index()] < k.cost {
            return refuse(format!(
                "{} costs {} cheese; the wheel holds {}",
                k.name,
                k.cost,
                self.cheese[seat.index()]
            ));
        }
        if !self.timing_open(k.timing) {
            return refuse(format!(
                "{} is played {}; now is not that moment ({})",
                k.name,
                k.timing.words(),
                self.status()
            ));
        }
        if let Some(v) = self.effect_refusal(seat, p) {
            return v;
        }
        if self.aims(k.effect, p.figure).is_empty() {
            return refuse(format!("{} would do nothing for {} now", k.name, figure_name(p.figure)));
        }
        refuse(format!("{} cannot be aimed that way now", k.name))
    }

    /// Refusals of what a card brings in: the ballista (TF-R28), the
    /// veteran marker and the shift (TF-R22).
    fn effect_refusal(&self, seat: Seat, p: Play) -> Option<RuleViolation> {
        let k = card(p.card);
        if matches!(k.effect, Effect::Shift | Effect::Pivot(_)) && self.entangled(p.figure) {
            return Some(RuleViolation::new(
                "TF-R25",
                format!("{} is locked in a death spiral: it neither turns nor shifts", figure_name(p.figure)),
            ));
        }
        match k.effect {
            Effect::Build => {
                if let Some(why) = self.build_blocker(p.figure) {
                    return Some(RuleViolation::new("TF-R28", why));
                }
            }
            Effect::Veteran if self.veterans[seat.index()].is_some() => {
                return Some(RuleViolation::new(
                    "TF-R22",
                    format!("the {} veteran marker is already in play", side_name(side_of_seat(seat)).to_lowercase()),
                ));
            }
            Effect::Shift
                if self
                    .shift_pose(
                        p.figure,
                        match p.aim {
                            Aim::Turn(t) => t,
                            _ => 0,
                        },
                    )
                    .is_none() =>
            {
                return Some(RuleViolation::new(
                    "TF-R22",
                    "a shift may not cross a trunk, leave the battlefield or end touching a flying base".to_string(),
                ));
            }
            _ => {}
        }
        None
    }

    fn whereabouts(&self, f: Fig) -> &'static str {
        match self.figures[usize::from(f)].place {
            Place::Space(_) => "perched",
            Place::Air => "flying",
            _ => "off the battlefield",
        }
    }

    /// True when a card of `timing` could be played at this decision.
    pub(super) fn timing_open(&self, timing: Timing) -> bool {
        if timing.in_window() {
            return self.window.is_some();
        }
        if self.phase == Phase::Tilt {
            return timing == Timing::TiltPhase && self.tilting().is_some();
        }
        let Some(act) = self.activation.as_ref() else { return false };
        match (&act.step, timing) {
            (Step::Check | Step::Fly, Timing::BeforeFlight)
            | (Step::Acts, Timing::BeforeAttack | Timing::InsteadOfAttacking) => true,
            (Step::Moves, Timing::BeforeMoving) => act.figures.is_empty(),
            (Step::Acts, Timing::AfterFlight) => {
                UNIT_DEFS[usize::from(act.unit)].bird.is_some() && act.acted.is_empty()
            }
            _ => false,
        }
    }

    /// Why a card play or window answer is refused when no card may be
    /// played or answered now.
    pub(super) fn window_refusal(&self, a: &Action) -> RuleViolation {
        let why = match (a, &self.window) {
            (Action::NoCard, None) => format!("no card window is open now ({})", self.status()),
            (Action::First(_), Some(w)) if w.first.is_none() => "both sides have not both played a card".into(),
            (Action::First(s), _) if *s > 1 => format!("no seat {s}"),
            (Action::First(_), _) => "only when both sides play a card at once".into(),
            (Action::Pick(c), _) => {
                if self.hand_picker().is_none() {
                    "hands are picked at setup, before deployment".into()
                } else if usize::from(*c) >= ACTION_CARDS.len() {
                    format!("no card {c}")
                } else {
                    format!(
                        "{} is already in the hand or is no card the {} can use",
                        card(*c).name,
                        side_name(side_of_seat(self.seat_now())).to_lowercase()
                    )
                }
            }
            _ => format!("not now: {}", self.status()),
        };
        RuleViolation::new("TF-R27", why)
    }
}
