//! Whether a state from outside (a friend's copy, a host's view) is one the
//! rules could have reached, before anything draws or searches it
//! ([`Game::well_formed`]): first every number that indexes something is
//! checked in range (seats, figures, spaces, trees, mission spots, cards,
//! units, headings, counts), each with `get` and never an index, so garbage
//! is refused and never panics; then the components the game's options
//! leave out are absent (no leaf without TF-R26, no ballista without
//! TF-R28...); then the game's own [`TailFeathers::invariants`] run, which
//! may index freely once the first two steps passed. An observation's
//! hidden hand (cards as `None`) counts its unknown cards as cards.

#![allow(clippy::wildcard_imports, reason = "a chapter of the game module: it shares the module's state and imports")]

use super::*;
use crate::rules::tail_feathers::cards::{BALLISTA, CARD_COUNT, CardId, HAND};
use crate::rules::tail_feathers::components::MISSIONS;

/// The farthest from the battlefield's corner any point of a state may lie
/// (a bird that flew off keeps its last pose); far enough for any flight,
/// near enough that no sum of coordinates overflows to infinity.
const FAR: f64 = 1000.0;

/// Most dice any roll of the game holds (an attack with every bonus rolls
/// far fewer).
const MOST_DICE: usize = 40;

/// Most events one action can bring about.
const MOST_EVENTS: usize = 2000;

fn fig_ok(f: Fig) -> Result<(), String> {
    if usize::from(f) < FIGURES { Ok(()) } else { Err(format!("there is no figure {f} (the forces have {FIGURES})")) }
}

fn bird_ok(f: Fig) -> Result<usize, String> {
    bird_index(f).ok_or_else(|| format!("figure {f} is not a bird"))
}

fn seat_ok(s: Seat, what: &str) -> Result<(), String> {
    if s.0 < 2 { Ok(()) } else { Err(format!("{what} names seat {}; the game has 2", s.0)) }
}

fn card_ok(c: CardId) -> Result<(), String> {
    if usize::from(c) < CARD_COUNT { Ok(()) } else { Err(format!("there is no action card {c} ({CARD_COUNT} in all)")) }
}

fn point_ok(p: V2, what: &str) -> Result<(), String> {
    let near = |x: f64| x.is_finite() && x.abs() <= FAR;
    if near(p.x) && near(p.y) { Ok(()) } else { Err(format!("{what} lies at ({}, {}), off any table", p.x, p.y)) }
}

fn heading_ok(h: Heading, what: &str) -> Result<(), String> {
    if h.0 < HEADINGS { Ok(()) } else { Err(format!("{what} has heading {}; there are {HEADINGS}", h.0)) }
}

fn pose_ok(p: Pose, what: &str) -> Result<(), String> {
    point_ok(p.at, what)?;
    heading_ok(p.heading, what)
}

fn dice_ok(faces: &[Face], what: &str) -> Result<(), String> {
    if faces.len() <= MOST_DICE { Ok(()) } else { Err(format!("{what} holds {} dice", faces.len())) }
}

impl TailFeathers {
    /// The whole check (see the module text).
    pub(super) fn well_formed_state(&self) -> Result<(), String> {
        self.counts_in_range()?;
        self.figures_in_range()?;
        self.missions_in_range()?;
        self.activation_in_range()?;
        self.combat_in_range()?;
        self.tokens_in_range()?;
        self.hands_in_range()?;
        self.options_kept()?;
        self.events_in_range()?;
        self.with_hidden_cards_named().invariants()
    }

    /// The space `s` exists in this game (a leaf's only with TF-R26).
    fn space_ok(&self, s: u8) -> Result<(), String> {
        if usize::from(s) < self.space_count() {
            return Ok(());
        }
        if usize::from(s) < field().spaces.len() + field().connections.len() && !self.options.leaves {
            return Err(format!("space {s} is a leaf, and leaves (TF-R26) are not in this game"));
        }
        Err(format!("there is no space {s} (the battlefield has {})", self.space_count()))
    }

    fn target_ok(&self, t: Target) -> Result<(), String> {
        match t {
            Target::Figure(f) => fig_ok(f),
            Target::Space(s) => self.space_ok(s),
            Target::Ballista(side) if self.ballistas[seat_of(side).index()].is_none() && !self.options.structures => {
                Err("a ballista is named, and structures (TF-R28) are not in this game".into())
            }
            Target::Nest(_) | Target::Mission(_) | Target::Ballista(_) => Ok(()),
        }
    }

    fn unit_ok(u: u8) -> Result<usize, String> {
        let u = usize::from(u);
        if u < UNITS { Ok(u) } else { Err(format!("there is no unit {u} ({UNITS} in all)")) }
    }

    /// The round, the seats, cheese, nests, bids and the final phase's place.
    fn counts_in_range(&self) -> Result<(), String> {
        let f = field();
        if self.round == 0 || self.round > f.round_limit.saturating_add(1) {
            return Err(format!("round {} (the game has {})", self.round, f.round_limit));
        }
        seat_ok(self.first, "the first player")?;
        seat_ok(self.turn, "the turn")?;
        if let Some(s) = self.sending {
            seat_ok(s, "the seat sending figures")?;
        }
        if let Some(c) = self.cheese.iter().find(|&&c| c > CHEESE_MAX) {
            return Err(format!("a cheese wheel holds {c}; it holds at most {CHEESE_MAX}"));
        }
        if let Some(n) = self.nest.iter().find(|&&n| n > f.nest_life) {
            return Err(format!("a nest has {n} life; nests start with {}", f.nest_life));
        }
        if let Some(n) = self.nest_fire.iter().find(|&&n| n > f.nest_life) {
            return Err(format!("a nest has {n} fire markers"));
        }
        for b in &self.bids {
            if let Secret::Chosen(n) = b
                && *n > 3
            {
                return Err(format!("a bid of {n} extra dice; at most 3 are bought"));
            }
        }
        if let Some((at, _)) = self.fin_at
            && usize::from(at) > MISSIONS.len() * 2
        {
            return Err(format!("the final phase is at step {at} of {}", MISSIONS.len() * 2));
        }
        match self.fin {
            Some(Final::Mission(_, s)) => seat_ok(s, "a mission")?,
            Some(Final::SiegeOn(s, t)) => {
                seat_ok(s, "a siege")?;
                if usize::from(t) >= f.trees.len() {
                    return Err(format!("a siege of tree {t}; there are {}", f.trees.len()));
                }
            }
            None => {}
        }
        match (&self.outcome, self.phase) {
            (Some(o), Phase::Over) => {
                if let Some(w) = o.winners.iter().find(|w| w.0 > 1) {
                    return Err(format!("the winner is seat {}", w.0));
                }
                Ok(())
            }
            (None, Phase::Over) => Err("the game is over with no outcome".into()),
            (Some(_), _) => Err("the game has an outcome but is not over".into()),
            (None, _) => Ok(()),
        }
    }

    /// Each figure's place, wounds and carrier; each bird's pose and
    /// passenger.
    fn figures_in_range(&self) -> Result<(), String> {
        for (i, fig) in self.figures.iter().enumerate() {
            let f = i as Fig;
            match fig.place {
                Place::Space(s) => self.space_ok(s).map_err(|e| format!("{}: {e}", figure_name(f)))?,
                Place::Carried(b) => {
                    let k = bird_ok(b)?;
                    if bird_index(f).is_some() || self.birds.get(k).and_then(|x| x.passenger) != Some(f) {
                        return Err(format!(
                            "{} is carried by {}, which does not carry it",
                            figure_name(f),
                            figure_name(b)
                        ));
                    }
                }
                Place::Air if bird_index(f).is_none() => {
                    return Err(format!("{} flies, and only birds fly", figure_name(f)));
                }
                _ => {}
            }
            if fig.wounds >= self.life(unit_of(f)) {
                return Err(format!(
                    "{} has {} wounds; its life is {}",
                    figure_name(f),
                    fig.wounds,
                    self.life(unit_of(f))
                ));
            }
        }
        for (k, b) in self.birds.iter().enumerate() {
            let f = BIRD_FIGS[k];
            pose_ok(b.pose, &figure_name(f))?;
            let place = self.figures[usize::from(f)].place;
            if place == Place::Air && off_battlefield(b.pose.at) {
                return Err(format!("{} flies off the battlefield", figure_name(f)));
            }
            if b.launching && !matches!(place, Place::Space(_)) {
                return Err(format!("{} launches, but is not perched", figure_name(f)));
            }
            if let Some(p) = b.passenger {
                fig_ok(p)?;
                if self.figures[usize::from(p)].place != Place::Carried(f) {
                    return Err(format!("{} carries {}, which is not on its card", figure_name(f), figure_name(p)));
                }
                if Self::side(p) != Self::side(f) {
                    return Err(format!("{} carries an enemy", figure_name(f)));
                }
            }
        }
        if let Some(v) = self.veterans.iter().flatten().find(|v| usize::from(**v) >= FIGURES) {
            return Err(format!("a veteran marker is on figure {v}"));
        }
        Ok(())
    }

    /// The mission cards lie on spots a card may use, one card a spot.
    fn missions_in_range(&self) -> Result<(), String> {
        let spots: Vec<u8> = self.cards.iter().flatten().filter_map(|c| c.spot).collect();
        for &s in &spots {
            if !USABLE_SPOTS.contains(&usize::from(s)) {
                return Err(format!(
                    "a mission card lies on spot {s}; the battlefield has {} spots a card may use",
                    USABLE_SPOTS.len()
                ));
            }
        }
        if spots.len() == 2 && spots[0] == spots[1] {
            return Err(format!("both mission cards lie on spot {}", spots[0]));
        }
        Ok(())
    }

    /// The activation: its unit, its figures, its step and its walk.
    fn activation_in_range(&self) -> Result<(), String> {
        let Some(act) = &self.activation else { return Ok(()) };
        let u = Self::unit_ok(act.unit)?;
        let def = &UNIT_DEFS[u];
        let ours = |f: &Fig| *f >= def.first && *f < def.first + def.count;
        for list in [&act.figures, &act.held, &act.acted, &act.doused] {
            if let Some(f) = list.iter().find(|f| !ours(f)) {
                return Err(format!("figure {f} is activated with unit {u}, not its own"));
            }
            if list.len() > usize::from(def.count) * 4 {
                return Err(format!("unit {u}'s activation lists {} figures", list.len()));
            }
        }
        for t in &act.touching {
            self.target_ok(*t)?;
        }
        let b = act.boost;
        if [b.templates, b.swoop, b.steps, b.attack.map_or(0, |a| a.1)].iter().any(|&n| n > 12) {
            return Err(format!("an activation's card bonus is out of range: {b:?}"));
        }
        let bird_step = matches!(act.step, Step::Check | Step::SetTilt | Step::Fly | Step::Walk(_) | Step::Unload);
        if bird_step && def.bird.is_none() {
            return Err(format!("unit {u} is no bird, but its activation is at a bird's step"));
        }
        if act.step == Step::Moves && def.ground.is_none() {
            return Err(format!("unit {u} is a bird, but its activation is at the ground figures' moves"));
        }
        if let Step::Walk(w) = &act.step {
            self.walk_in_range(w)?;
        }
        Ok(())
    }

    /// A flight being walked: its templates, crossings and next crossing.
    fn walk_in_range(&self, w: &Walk) -> Result<(), String> {
        let p = &w.plan;
        pose_ok(p.start, "a flight's start")?;
        pose_ok(p.end, "a flight's end")?;
        if p.laid.len() > 16 {
            return Err(format!("a flight of {} templates", p.laid.len()));
        }
        for l in &p.laid {
            point_ok(l.from, "a flight template")?;
            heading_ok(l.heading, "a flight template")?;
        }
        if p.kept > p.laid.len() || w.next > p.crossings.len() {
            return Err("a flight keeps or walks past its templates".into());
        }
        if let Some(e) = p.ended_on {
            bird_ok(e)?;
        }
        if p.crossings.len() > 200 {
            return Err(format!("a flight with {} crossings", p.crossings.len()));
        }
        for &(d, c) in &p.crossings {
            if !d.is_finite() || d.abs() > FAR {
                return Err(format!("a crossing {d} inches along a flight"));
            }
            match c {
                Crossing::Space(s) => self.space_ok(s)?,
                Crossing::Trunk(t) if usize::from(t) >= field().trees.len() => {
                    return Err(format!("a flight crosses trunk {t}"));
                }
                Crossing::Flyer(f) => {
                    bird_ok(f)?;
                }
                Crossing::Maneuver(i) if usize::from(i) >= p.laid.len() => {
                    return Err(format!("a flight's maneuver point {i} past its templates"));
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// The attack being resolved and the death spiral's battle.
    fn combat_in_range(&self) -> Result<(), String> {
        if let Some(c) = &self.combat {
            seat_ok(c.attacker, "an attack")?;
            if let Some(f) = c.by {
                fig_ok(f)?;
            }
            dice_ok(&c.dice, "an attack")?;
            if let Some((s, n)) = c.reroll {
                seat_ok(s, "a re-roll")?;
                if usize::from(n) > MOST_DICE {
                    return Err(format!("a re-roll of {n} dice"));
                }
            }
            if usize::from(c.hits) > MOST_DICE {
                return Err(format!("an attack of {} hits", c.hits));
            }
            for &t in c.candidates.iter().chain(c.assigned.iter().map(|a| &a.0)) {
                self.target_ok(t)?;
            }
            let given: u32 = c.assigned.iter().map(|a| u32::from(a.1)).sum();
            if given > u32::from(c.hits) || c.defending > c.assigned.len() {
                return Err(format!("an attack gives out {given} of {} hits", c.hits));
            }
            if let Some(d) = &c.defence {
                dice_ok(d, "a defence")?;
            }
            for &(u, n) in &c.defence_bonus {
                Self::unit_ok(u)?;
                if usize::from(n) > MOST_DICE {
                    return Err(format!("a defence bonus of {n} dice"));
                }
            }
        }
        if let Some(b) = &self.battle {
            // The battle's own fields are its module's; read them as the
            // save writes them.
            let v = serde_json::to_value(b).map_err(|e| format!("a death spiral's battle: {e}"))?;
            let figs = |key: &str| v.get(key).and_then(serde_json::Value::as_array).cloned().unwrap_or_default();
            for f in figs("birds") {
                bird_ok(f.as_u64().and_then(|n| u8::try_from(n).ok()).unwrap_or(u8::MAX))?;
            }
            if let Some(r) = v.get("reroll").and_then(serde_json::Value::as_array) {
                let n = |i: usize| r.get(i).and_then(serde_json::Value::as_u64).unwrap_or(u64::MAX);
                if n(0) > 1 || n(1) > 1 || n(2) > MOST_DICE as u64 {
                    return Err("a death spiral's re-roll names no bird of the battle".into());
                }
            }
            for d in figs("dice") {
                if d.as_array().is_none_or(|x| x.len() > MOST_DICE) {
                    return Err("a death spiral's battle holds too many dice".into());
                }
            }
        }
        Ok(())
    }

    /// Tail feathers, spirals, leaves and ballistas.
    fn tokens_in_range(&self) -> Result<(), String> {
        for t in &self.feathers {
            point_ok(t.at, "a tail feather")?;
            heading_ok(t.heading, "a tail feather")?;
            if t.id >= self.next_feather || self.feathers.iter().filter(|o| o.id == t.id).count() > 1 {
                return Err(format!("tail feather {} is numbered out of turn", t.id));
            }
        }
        for s in &self.spirals {
            for f in s.birds {
                bird_ok(f)?;
            }
            pose_ok(s.anchor, "a death spiral")?;
        }
        let hung = Self::hung_leaves(&self.options);
        if self.leaves.len() != hung.len() {
            return Err(format!("{} leaves; this game has {}", self.leaves.len(), hung.len()));
        }
        for (k, (l, h)) in self.leaves.iter().zip(&hung).enumerate() {
            point_ok(l.hole, "a leaf")?;
            heading_ok(l.back, "a leaf")?;
            if let Some(t) = l.toward {
                if tree_of(usize::from(t)).is_none() {
                    return Err(format!("a leaf drifts toward space {t}, no tree's"));
                }
            } else if l.hole.dist(h.hole) > 1e-9 || l.back != h.back {
                return Err(format!("{} hangs away from its branch", leaf_name(k)));
            }
            if let Some(o) = l.touching
                && (usize::from(o) >= self.leaves.len() || usize::from(o) == k)
            {
                return Err(format!("{} rests against leaf {o}", leaf_name(k)));
            }
            if l.trail.len() > 100 {
                return Err(format!("{} drifted {} spins", leaf_name(k), l.trail.len()));
            }
            for &(p, hd) in &l.trail {
                point_ok(p, "a leaf's trail")?;
                heading_ok(hd, "a leaf's trail")?;
            }
        }
        for b in self.ballistas.iter().flatten() {
            self.space_ok(b.space).map_err(|e| format!("a ballista: {e}"))?;
            if b.wounds >= BALLISTA.life || b.built > self.round {
                return Err(format!("a ballista with {} wounds built in round {}", b.wounds, b.built));
            }
        }
        Ok(())
    }

    /// Action cards: the hands, what lies by the birds, the attack window.
    fn hands_in_range(&self) -> Result<(), String> {
        for h in &self.hands {
            if h.cards.len() > HAND || h.refresh.len() > HAND || h.lying.len() > HAND || h.shown.len() > CARD_COUNT {
                return Err(format!("a hand of {} cards", h.cards.len() + h.refresh.len() + h.lying.len()));
            }
            for &c in h.cards.iter().flatten().chain(&h.refresh).chain(&h.shown) {
                card_ok(c)?;
            }
            for &(c, b) in &h.lying {
                card_ok(c)?;
                bird_ok(b)?;
            }
        }
        if let Some(w) = &self.window {
            seat_ok(w.attacker, "the attack window")?;
            if let Some(s) = w.first {
                seat_ok(s, "the attack window")?;
            }
            for p in w.picks.iter().flatten() {
                if let Secret::Chosen(Some(p)) = p {
                    card_ok(p.card)?;
                    fig_ok(p.figure)?;
                    match p.aim {
                        Aim::Figure(f) => fig_ok(f)?,
                        Aim::Turn(t) if t.unsigned_abs() > 12 => return Err(format!("a card turns a bird {t} steps")),
                        _ => {}
                    }
                }
            }
        }
        Ok(())
    }

    /// What the options leave out is not there (TF-R23 to TF-R28).
    fn options_kept(&self) -> Result<(), String> {
        let o = &self.options;
        let missing = |rule: &str, what: &str| Err(format!("{what}, and {rule} is not in this game"));
        if !o.feathers && (!self.feathers.is_empty() || self.next_feather > 0) {
            return missing("tail feathers (TF-R24)", "tail feathers lie on the battlefield");
        }
        if !o.death_spirals && (!self.spirals.is_empty() || self.battle.is_some()) {
            return missing("death spirals (TF-R25)", "a death spiral is on the battlefield");
        }
        let no_cards = self.hands.iter().all(|h| *h == Hand::default());
        if !o.action_cards && (!no_cards || self.window.is_some() || self.veterans.iter().any(Option::is_some)) {
            return missing("action cards (TF-R27)", "action cards are in play");
        }
        if !(o.action_cards && o.structures)
            && (self.ballistas.iter().any(Option::is_some) || self.ballista_lost.contains(&true))
        {
            return missing("structures (TF-R28)", "a ballista is on the battlefield");
        }
        Ok(())
    }

    /// The last action's events, which the log and the view put in words.
    fn events_in_range(&self) -> Result<(), String> {
        if self.events.len() > MOST_EVENTS {
            return Err(format!("{} events in one action", self.events.len()));
        }
        for e in &self.events {
            match e {
                Event::Rolled { seat, faces, .. } => {
                    seat_ok(*seat, "a roll")?;
                    dice_ok(faces, "a roll")?;
                }
                Event::Blocks(t, _) | Event::Wounds(t, _) | Event::Fire(t, _) => self.target_ok(*t)?,
                Event::Defeated(f) | Event::Rattled(f) | Event::Immobilized(f) | Event::Crashed(f) | Event::Off(f) => {
                    fig_ok(*f)?;
                }
                Event::Truncated(f, _) => fig_ok(*f)?,
                Event::Cheese(s, _) | Event::Initiative(_, _, s) => seat_ok(*s, "an event")?,
                _ => {}
            }
        }
        Ok(())
    }

    /// A copy in which the cards an observation hides (`None` in the other
    /// side's hand) are named by cards that side holds nowhere else, so the
    /// card invariants count them.
    fn with_hidden_cards_named(&self) -> Self {
        let mut copy = self.clone();
        for h in &mut copy.hands {
            let free: Vec<CardId> = (0..CARD_COUNT as CardId)
                .filter(|c| !h.holds(*c) && !h.refresh.contains(c) && !h.lying.iter().any(|l| l.0 == *c))
                .collect();
            let mut free = free.into_iter();
            for slot in &mut h.cards {
                if slot.is_none() {
                    *slot = free.next();
                }
            }
        }
        copy
    }
}

impl TailFeathers {
    /// An attack that names a target this game's options leave out (a
    /// leaf's space without TF-R26, a ballista without TF-R28), refused with
    /// the option's rule before anything measures it (a leaf's space has no
    /// outline in a game without leaves). A figure's move, deployment or
    /// unloading onto such a space keeps its own rule's refusal (TF-R7,
    /// TF-R21, TF-R10: no such space to go to).
    pub(super) fn absent_refusal(&self, a: &Action) -> Option<RuleViolation> {
        let mut spaces = Vec::new();
        let targets = match *a {
            Action::Strike { target, .. }
            | Action::Shoot { target, .. }
            | Action::AssignHit(target)
            | Action::Loose(target) => vec![target],
            _ => return None,
        };
        let structures = self.options.action_cards && self.options.structures;
        for t in targets {
            match t {
                Target::Space(s) => spaces.push(s),
                Target::Ballista(side) if !structures => {
                    return Some(RuleViolation::new(
                        "TF-R28",
                        format!(
                            "there is no {} ballista: structures are an additional rule this game was not started with (new-game dialog)",
                            side_name(side).to_lowercase()
                        ),
                    ));
                }
                _ => {}
            }
        }
        let leaf = spaces.into_iter().find(|&s| usize::from(s) >= self.space_count())?;
        Some(RuleViolation::new(
            "TF-R26",
            format!(
                "space {leaf} is a leaf, and leaves are an additional rule this game was not started with (new-game dialog)"
            ),
        ))
    }
}
