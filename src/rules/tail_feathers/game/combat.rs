//! Combat: attack dice and odds, the target's defence, cheese and its
//! re-rolls, hits given out, wounds, defeat and being sent home. A die is
//! re-rolled at most once, whatever re-rolls it (cheese or a card: Re-rolls
//! in the glossary, ruling of 2026-11-27).

#![allow(clippy::wildcard_imports, reason = "a chapter of the game module: it shares the module's state and imports")]

use super::*;

/// An attack before it is made ([`TailFeathers::attack_odds`]).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct AttackOdds {
    /// Melee or ranged.
    pub kind: Attack,
    /// Attack dice.
    pub dice: u8,
    /// The target's defence dice.
    pub defence: u8,
    /// The distance between the two (inches), if both are on the table.
    pub distance: Option<f64>,
    /// True when there is clear sight between them.
    pub clear_sight: bool,
    /// The wounds to expect.
    pub expected_wounds: f64,
}

impl TailFeathers {
    /// A figure's attack values (melee, ranged) now.
    #[must_use]
    pub fn attack_values(&self, f: Fig) -> (u8, u8) {
        let unit = unit_of(f);
        if let Some(p) = self.pilot_card(unit) {
            if self.bird(f).is_some_and(|b| b.rattled) { (0, 0) } else { (p.melee, p.ranged) }
        } else {
            let g = &GROUND[UNIT_DEFS[unit].ground.unwrap_or(0)];
            // A veteran marker adds one to both (TF-R22).
            let v = self.veteran_bonus(f);
            (g.melee + v, g.ranged + v)
        }
    }

    pub(super) fn attacks(&self, f: Fig, act: &Activation, out: &mut Vec<Action>) {
        if act.spiralled && bird_index(f).is_some() {
            return;
        }
        for t in self.targets(f, false) {
            out.push(Action::Strike { figure: f, target: t });
        }
        for t in self.targets(f, true) {
            out.push(Action::Shoot { figure: f, target: t });
        }
    }

    /// The attack dice figure `f` rolls for an attack of `kind` now
    /// (TF-R11: its attack value; Steady Aim adds a ranged die to a figure
    /// that held its place this activation).
    #[must_use]
    pub fn attack_dice(&self, f: Fig, kind: Attack) -> u8 {
        let (melee, ranged) = self.attack_values(f);
        let held = self.activation.as_ref().is_some_and(|a| a.held.contains(&f));
        let steady = UNIT_DEFS[unit_of(f)].ground.is_some_and(|g| GROUND[g].abilities.contains(&Ability::SteadyAim));
        match kind {
            Attack::Melee => melee,
            Attack::Ranged => ranged + u8::from(held && steady),
        }
    }

    /// What an attack by `f` on `target` would be, before it is made: its
    /// dice, the target's defence dice, the distance and clear sight
    /// between them, and the wounds to expect (hits less blocks, cheese
    /// re-rolls left out).
    #[must_use]
    pub fn attack_odds(&self, f: Fig, target: Target, kind: Attack) -> AttackOdds {
        let dice_n = self.attack_dice(f, kind);
        let defence = self.defence(target, kind);
        let (distance, clear) = match self.measure(f, target) {
            Some((d, sight)) => (Some(d), sight.is_some()),
            None => (None, false),
        };
        AttackOdds {
            kind,
            dice: dice_n,
            defence,
            distance,
            clear_sight: clear,
            expected_wounds: dice::expected_wounds(dice_n, defence, kind),
        }
    }

    pub(super) fn normal_attack(&mut self, seat: Seat, f: Fig, target: Target, kind: Attack) {
        let mut n = self.attack_dice(f, kind);
        let mut alight = false;
        if let Some(act) = self.activation.as_mut() {
            act.acted.push(f);
            // What a card played before the attack gives it (TF-R27).
            if let Some((k, more)) = act.boost.attack
                && k == kind
            {
                n += more;
                act.boost.attack = None;
            }
            if kind == Attack::Ranged && act.boost.alight {
                alight = true;
                act.boost.alight = false;
            }
        }
        self.start_combat_alight(seat, Some(f), (kind, n), vec![target], alight);
    }

    pub(super) fn start_combat(
        &mut self,
        attacker: Seat,
        by: Option<Fig>,
        kind: Attack,
        n: u8,
        candidates: Vec<Target>,
    ) {
        self.start_combat_alight(attacker, by, (kind, n), candidates, false);
    }

    /// As [`Self::start_combat`]; `alight`: a hit sets the target on fire
    /// (a card, TF-R27).
    pub(super) fn start_combat_alight(
        &mut self,
        attacker: Seat,
        by: Option<Fig>,
        (kind, n): (Attack, u8),
        candidates: Vec<Target>,
        alight: bool,
    ) {
        let dice = dice::roll(n, &mut self.rng);
        let star = dice::any_star(&dice);
        self.events.push(Event::Rolled { seat: attacker, what: "attack".into(), faces: dice.clone() });
        let mut c = Combat {
            attacker,
            by,
            kind,
            dice,
            reroll: None,
            rerolled_attack: false,
            rerolled: vec![false; usize::from(n)],
            hits: 0,
            candidates,
            assigned: Vec::new(),
            defending: 0,
            defence: None,
            star,
            window_done: false,
            defence_bonus: Vec::new(),
            alight,
        };
        let excess = self.gain_cheese(attacker, dice::cheese_faces(&c.dice));
        if excess > 0 {
            c.reroll = Some((attacker, excess));
        }
        self.combat = Some(Box::new(c));
        self.resolve_combat();
    }

    /// Adds cheese faces to a wheel; returns the excess faces.
    pub(super) fn gain_cheese(&mut self, seat: Seat, faces: u8) -> u8 {
        if faces == 0 {
            return 0;
        }
        let (wheel, excess) = dice::add_cheese(self.cheese[seat.index()], faces);
        let gained = wheel - self.cheese[seat.index()];
        self.cheese[seat.index()] = wheel;
        if gained > 0 {
            self.events.push(Event::Cheese(seat, gained));
        }
        excess
    }

    pub(super) fn reroll(&mut self, n: u8) {
        let Some(mut c) = self.combat.take() else { return };
        let Some((seat, _)) = c.reroll.take() else {
            self.combat = Some(c);
            return;
        };
        let attack = c.defence.is_none();
        let mut left = n;
        let count = c.defence.as_ref().map_or(c.dice.len(), Vec::len);
        for i in 0..count {
            let once = attack && c.rerolled_once(i);
            let face = if let Some(d) = c.defence.as_mut() { &mut d[i] } else { &mut c.dice[i] };
            if left > 0 && !once && face.symbol() == dice::Symbol::Cheese {
                *face = dice::roll(1, &mut self.rng)[0];
                left -= 1;
                if attack {
                    c.mark_rerolled(i);
                }
            }
        }
        let shown = c.defence.clone().unwrap_or_else(|| c.dice.clone());
        if attack {
            c.rerolled_attack = true;
            c.star = dice::any_star(&c.dice);
        }
        if n > 0 {
            self.events.push(Event::Rolled { seat, what: "re-rolled cheese".into(), faces: shown });
        }
        self.combat = Some(c);
    }

    /// The first `most` attack dice of the combat that hit (`hits`) or
    /// missed, and have not been re-rolled yet.
    pub(super) fn combat_dice_where(&self, hits: bool, most: usize) -> Vec<usize> {
        let Some(c) = self.combat.as_ref() else { return Vec::new() };
        (0..c.dice.len())
            .filter(|&i| (dice::hits(&[c.dice[i]], c.kind) > 0) == hits && !c.rerolled_once(i))
            .take(most)
            .collect()
    }

    /// A card re-rolls the combat's attack dice `which` for `seat`; each
    /// is then re-rolled once and never again.
    pub(super) fn reroll_combat_dice(&mut self, seat: Seat, which: &[usize], what: &'static str) {
        let Some(c) = self.combat.as_mut() else { return };
        if which.is_empty() {
            self.events.push(Event::Note("no die to re-roll: a die re-rolled once is never re-rolled again".into()));
            return;
        }
        for &i in which {
            c.dice[i] = dice::roll(1, &mut self.rng)[0];
            c.mark_rerolled(i);
        }
        c.star = dice::any_star(&c.dice);
        let faces = c.dice.clone();
        self.events.push(Event::Rolled { seat, what: what.into(), faces });
    }

    pub(super) fn assign(&mut self, t: Target) {
        if let Some(c) = self.combat.as_mut() {
            if let Some(a) = c.assigned.iter_mut().find(|a| a.0 == t) {
                a.1 += 1;
            } else {
                c.assigned.push((t, 1));
            }
        }
    }

    /// Moves a combat on until it needs a decision or is over.
    pub(super) fn resolve_combat(&mut self) {
        while let Some(mut c) = self.combat.take() {
            if c.reroll.is_some() || self.outcome.is_some() {
                if self.outcome.is_none() {
                    self.combat = Some(c);
                }
                return;
            }
            if c.defending == 0 && c.defence.is_none() && c.assigned.is_empty() && !c.window_done {
                // The attack window: both sides may answer with a card
                // (TF-R27).
                c.window_done = true;
                let attacker = c.attacker;
                self.combat = Some(c);
                if self.phase == Phase::Activation && self.open_window(attacker) {
                    return;
                }
                continue;
            }
            if c.defending == 0 && c.defence.is_none() && c.assigned.is_empty() {
                c.hits = dice::hits(&c.dice, c.kind);
                self.events.push(Event::Hits(c.hits));
                if c.hits == 0 {
                    return;
                }
                if c.candidates.len() == 1 {
                    c.assigned.push((c.candidates[0], c.hits));
                } else {
                    self.combat = Some(c);
                    return;
                }
            }
            if c.assigned_total() < c.hits {
                self.combat = Some(c);
                return;
            }
            let Some(&(target, hits)) = c.assigned.get(c.defending) else { return };
            let defender = match target {
                Target::Figure(f) => seat_of(Self::side(f)),
                Target::Nest(s) | Target::Mission(s) | Target::Ballista(s) => seat_of(s),
                Target::Space(_) => other(c.attacker),
            };
            if c.defence.is_none() {
                let bonus: u8 = match target {
                    Target::Figure(f) => {
                        c.defence_bonus.iter().filter(|(u, _)| usize::from(*u) == unit_of(f)).map(|x| x.1).sum()
                    }
                    _ => 0,
                };
                let n = self.defence(target, c.kind) + bonus;
                let faces = dice::roll(n, &mut self.rng);
                if n > 0 {
                    self.events.push(Event::Rolled { seat: defender, what: "defence".into(), faces: faces.clone() });
                }
                let excess = self.gain_cheese(defender, dice::cheese_faces(&faces));
                c.defence = Some(faces);
                if excess > 0 {
                    c.reroll = Some((defender, excess));
                    self.combat = Some(c);
                    return;
                }
            }
            let blocks = dice::blocks(c.defence.as_deref().unwrap_or(&[]));
            let wounds = dice::wounds(hits, blocks);
            self.events.push(Event::Blocks(target, blocks));
            self.wound(target, wounds, true);
            self.side_effects(&c, target, hits, wounds);
            c.defending += 1;
            c.defence = None;
            if c.defending < c.assigned.len() {
                self.combat = Some(c);
            }
        }
    }

    pub(super) fn side_effects(&mut self, c: &Combat, target: Target, hits: u8, wounds: u8) {
        let Some(by) = c.by else { return };
        let unit = unit_of(by);
        let ground_has = |a: Ability| UNIT_DEFS[unit].ground.is_some_and(|g| GROUND[g].abilities.contains(&a));
        let pilot_has = self.pilot_card(unit).is_some_and(|p| p.abilities.contains(&Ability::Firebrand));
        if c.kind == Attack::Melee
            && ground_has(Ability::Pinning)
            && c.star
            && hits > 0
            && wounds == 0
            && let Target::Figure(f) = target
            && Self::size(f) == Size::Small
            && self.figures[usize::from(f)].place.on_battlefield()
        {
            self.figures[usize::from(f)].immobilized = true;
            self.events.push(Event::Immobilized(f));
        }
        let firebrand = (pilot_has || ground_has(Ability::Firebrand)) && c.star;
        if c.kind == Attack::Ranged && (firebrand || c.alight) && hits > 0 {
            match target {
                Target::Figure(f)
                    if self.figures[usize::from(f)].place.on_battlefield() && !self.figures[usize::from(f)].on_fire =>
                {
                    self.figures[usize::from(f)].on_fire = true;
                    self.events.push(Event::Fire(target, true));
                }
                Target::Nest(side) if self.nest_standing(side) => {
                    self.nest_fire[seat_of(side).index()] += 1;
                    self.events.push(Event::Fire(target, true));
                }
                _ => {}
            }
        }
    }

    /// Defence dice of a target against an attack of `kind`.
    #[must_use]
    pub fn defence(&self, t: Target, kind: Attack) -> u8 {
        if let Target::Ballista(_) = t {
            return crate::rules::tail_feathers::cards::BALLISTA.defence;
        }
        let Target::Figure(f) = t else { return 0 };
        let unit = unit_of(f);
        let d = &UNIT_DEFS[unit];
        let (base, abilities) = match (d.bird, d.ground) {
            (Some((b, _)), _) => (BIRDS[b].defence, BIRDS[b].abilities),
            (None, Some(g)) => (GROUND[g].defence, GROUND[g].abilities),
            _ => (0, &[][..]),
        };
        base + u8::from(kind == Attack::Ranged && abilities.contains(&Ability::Feathered)) + self.veteran_bonus(f)
    }

    /// Deals `n` wounds (TF-R12).
    pub(super) fn wound(&mut self, t: Target, n: u8, from_attack: bool) {
        if n == 0 {
            return;
        }
        self.events.push(Event::Wounds(t, n));
        match t {
            Target::Figure(f) => {
                self.drop_feathers(f, n);
                let unit = unit_of(f);
                if Self::is_squad(f) {
                    self.defeat(f);
                    return;
                }
                self.figures[usize::from(f)].wounds += n;
                if let (Some(i), Some(p)) = (bird_index(f), self.pilot_card(unit))
                    && from_attack
                    && dice::rattles(n, p.pilot)
                    && !self.birds[i].rattled
                {
                    self.birds[i].rattled = true;
                    self.events.push(Event::Rattled(f));
                }
                if self.figures[usize::from(f)].wounds >= self.life(unit) {
                    self.defeat(f);
                }
            }
            Target::Nest(side) => {
                let i = seat_of(side).index();
                self.nest[i] -= n.min(self.nest[i]);
                if self.nest[i] == 0 {
                    self.events.push(Event::NestDestroyed(side));
                    let winner = other(seat_of(side));
                    self.outcome = Some(Outcome {
                        winners: vec![winner],
                        scores: self.nest.iter().map(|&l| i32::from(l)).collect(),
                        reason: format!(
                            "The {} nest is destroyed: the {} win",
                            side_name(side).to_lowercase(),
                            side_name(side_of_seat(winner)).to_lowercase()
                        ),
                    });
                    self.phase = Phase::Over;
                    self.combat = None;
                    self.activation = None;
                    self.fin = None;
                }
            }
            Target::Ballista(side) => self.wound_ballista(side, n),
            Target::Mission(_) | Target::Space(_) => {}
        }
    }

    pub(super) fn defeat(&mut self, f: Fig) {
        let fig = &mut self.figures[usize::from(f)];
        fig.place = Place::Casualty;
        fig.wounds = 0;
        fig.immobilized = false;
        fig.on_fire = false;
        self.events.push(Event::Defeated(f));
        if let Some(i) = bird_index(f) {
            self.birds[i].rattled = false;
            self.birds[i].launching = false;
            self.birds[i].tilt = Tilt::Centre;
            if let Some(p) = self.birds[i].passenger.take() {
                self.defeat(p);
            }
            self.leave_spiral(f);
        }
    }

    pub(super) fn send_home(&mut self, side: Alliance) {
        let figs = self.mission_box(side);
        if figs.is_empty() {
            return;
        }
        let to = if self.nest_standing(side) { Place::Space(Self::nest_space(side)) } else { Place::Casualty };
        for &f in &figs {
            self.figures[usize::from(f)].place = to;
        }
        self.events.push(Event::Home(side, figs.len() as u8));
    }

    /// A mission box's attack value: 1 a small figure with the value (3 a
    /// large one).
    pub(super) fn mission_value(&self, side: Alliance, melee: bool) -> u8 {
        self.mission_box(side)
            .into_iter()
            .filter(|&f| {
                let (m, r) = self.attack_values(f);
                if melee { m > 0 } else { r > 0 }
            })
            .map(|f| if Self::size(f) == Size::Large { 3 } else { 1 })
            .sum()
    }
}

impl Combat {
    /// True when attack die `i` has been re-rolled once already.
    pub(super) fn rerolled_once(&self, i: usize) -> bool {
        self.rerolled.get(i).copied().unwrap_or(false)
    }

    /// Attack die `i` has been re-rolled: never again (Re-rolls, glossary).
    pub(super) fn mark_rerolled(&mut self, i: usize) {
        if self.rerolled.len() < self.dice.len() {
            self.rerolled.resize(self.dice.len(), false);
        }
        if let Some(r) = self.rerolled.get_mut(i) {
            *r = true;
        }
    }

    /// Hits given out so far.
    pub(super) fn assigned_total(&self) -> u8 {
        self.assigned.iter().map(|a| a.1).sum()
    }
}
