//! Structures (TF-R28, an additional rule that needs action cards): the
//! ballista, built only by the card "Build Ballista" on a tree space (not a
//! leaf, not a nest) with room for one small figure. It counts as one small
//! figure for the space's capacity and never for outnumbering; it cannot
//! be activated the round it is built; it activates only while its crew
//! shares its space and no enemy figure does, and then must loose one bolt
//! (a ranged attack of its card's dice at the ranged range, from its
//! space). A ready, crewed ballista with nothing in range is still an
//! available unit: its player activates it ([`Action::Idle`]: it does
//! nothing) and may not pass for cheese while it stands so (ruling of
//! 2026-11-27).
//! It can be attacked like a figure (its card's defence and life), takes no
//! status, never moves, forages, goes on missions or is carried; defeated,
//! it is removed from play for good.
//!
//! Hooks: capacity through `occupants`; targets, defence and wounds through
//! [`Target::Ballista`]; the turn through [`TailFeathers::can_act`],
//! [`Action::Loose`] and [`Action::Idle`]; the round's end readies it
//! ([`TailFeathers::ready_ballistas`]).

#![allow(clippy::wildcard_imports, reason = "a chapter of the game module: it shares the module's state and imports")]

use super::*;
use crate::rules::tail_feathers::cards::BALLISTA;

/// A side's ballista on the battlefield.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Ballista {
    /// The space it stands in.
    pub space: u8,
    /// Wounds taken.
    pub wounds: u8,
    /// The round it was built (it is not ready that round).
    pub built: u8,
    /// Activated this round.
    pub activated: bool,
}

impl TailFeathers {
    /// A side's ballista, when one stands.
    #[must_use]
    pub fn ballista(&self, side: Alliance) -> Option<Ballista> {
        self.ballistas[seat_of(side).index()]
    }

    /// Why figure `f` may not build its side's ballista where it stands,
    /// or `None` when it may.
    #[must_use]
    pub fn build_blocker(&self, f: Fig) -> Option<String> {
        if !self.options.structures {
            return Some("structures are an additional rule this game was not started with (new-game dialog)".into());
        }
        let side = Self::side(f);
        let i = seat_of(side).index();
        if self.ballistas[i].is_some() {
            return Some(format!("the {} ballista is already built", side_name(side).to_lowercase()));
        }
        if self.ballista_lost[i] {
            return Some(format!("the {} ballista was destroyed: it is out of play", side_name(side).to_lowercase()));
        }
        let Place::Space(s) = self.figures[usize::from(f)].place else {
            return Some(format!("{} is not in a tree space", figure_name(f)));
        };
        let su = usize::from(s);
        if su >= field().spaces.len() {
            return Some(format!("{} stands on a leaf: a ballista is built on a tree space", figure_name(f)));
        }
        if Self::space_nest(su).is_some() {
            return Some(format!("{} stands in a nest: a ballista is built on a tree space", figure_name(f)));
        }
        if !self.space_room(su, &self.occupants(su, None), Size::Small) {
            return Some(format!("{} has no room for one more small figure", space_name(s)));
        }
        None
    }

    /// Builds the ballista in figure `f`'s space (not ready this round).
    pub(super) fn build(&mut self, f: Fig) {
        let Place::Space(s) = self.figures[usize::from(f)].place else { return };
        let side = Self::side(f);
        self.ballistas[seat_of(side).index()] =
            Some(Ballista { space: s, wounds: 0, built: self.round, activated: false });
        self.events.push(Event::Note(format!(
            "the {} build their ballista in {} (ready next round)",
            side_name(side).to_lowercase(),
            space_name(s)
        )));
    }

    /// Why a side's ballista may not be activated now, or `None` when it
    /// may (its targets aside).
    #[must_use]
    pub fn ballista_blocker(&self, side: Alliance) -> Option<String> {
        let name = format!("the {} ballista", side_name(side).to_lowercase());
        let Some(b) = self.ballistas[seat_of(side).index()] else {
            return Some(format!("{name} is not built"));
        };
        if b.built >= self.round {
            return Some(format!("{name} was built this round: it is ready next round"));
        }
        if b.activated {
            return Some(format!("{name} has already been activated this round"));
        }
        let here = self.in_space(b.space);
        let crew = here.iter().filter(|&&f| Self::side(f) == side && Self::size(f) == Size::Small).count();
        if here.iter().any(|&f| Self::side(f) != side) {
            return Some(format!("an enemy shares {name}'s space"));
        }
        if crew < usize::from(BALLISTA.crew) {
            return Some(format!("{name} needs a crew of {} small figure of its side in its space", BALLISTA.crew));
        }
        None
    }

    /// What a side's ballista may shoot at now (empty when it may not be
    /// activated): enemy figures, the enemy nest and the enemy ballista
    /// within the ranged range, in clear sight of its space.
    #[must_use]
    pub fn ballista_targets(&self, side: Alliance) -> Vec<Target> {
        if self.ballista_blocker(side).is_some() {
            return Vec::new();
        }
        let Some(b) = self.ballistas[seat_of(side).index()] else { return Vec::new() };
        let from = Shape::Polygon(self.space_outline(b.space));
        let enemy = if side == Alliance::Mice { Alliance::Rats } else { Alliance::Mice };
        let mut cands: Vec<Target> = (0..FIGURES as u8)
            .filter(|&e| {
                Self::side(e) == enemy && self.figures[usize::from(e)].place.on_battlefield() && !self.entangled(e)
            })
            .map(Target::Figure)
            .collect();
        if self.nest_standing(enemy) {
            cands.push(Target::Nest(enemy));
        }
        if self.ballistas[seat_of(enemy).index()].is_some() {
            cands.push(Target::Ballista(enemy));
        }
        cands
            .into_iter()
            .filter(|&t| {
                let Some(to) = self.target_shape(t) else { return false };
                let tf = match t {
                    Target::Figure(g) => Some(g),
                    _ => None,
                };
                distance(&from, &to) <= RANGED_RANGE
                    && any_clear_sight(&from, &to, RANGED_RANGE, &self.obstacles(None, tf))
            })
            .collect()
    }

    /// True when `seat` has something it may activate: a unit, or its
    /// ready, crewed ballista, with a target or without (TF-R5: only a
    /// player with none passes; TF-R28, ruling of 2026-11-27: an idle
    /// ballista is an available unit).
    #[must_use]
    pub fn can_act(&self, seat: Seat) -> bool {
        !self.available_units(seat).is_empty() || self.ballista_ready(side_of_seat(seat))
    }

    /// True when a side's ballista may be activated now, whether or not
    /// anything is in range.
    #[must_use]
    pub fn ballista_ready(&self, side: Alliance) -> bool {
        self.options.structures && self.ballista_blocker(side).is_none()
    }

    /// The ballista's activation with nothing in range: it does nothing;
    /// the turn passes.
    pub(super) fn idle(&mut self, seat: Seat) {
        let side = side_of_seat(seat);
        if let Some(b) = self.ballistas[seat.index()].as_mut() {
            b.activated = true;
        }
        self.new_card_turn();
        self.events.push(Event::Note(format!(
            "the {} ballista is activated: nothing in range, it does nothing",
            side_name(side).to_lowercase()
        )));
        self.next_turn(other(seat));
    }

    /// Why activating the ballista without a bolt is refused now.
    pub(super) fn idle_refusal(&self) -> RuleViolation {
        let seat = self.seat_now();
        let side = side_of_seat(seat);
        let why = if !self.options.structures {
            "structures are an additional rule this game was not started with (new-game dialog)".to_string()
        } else if self.phase != Phase::Activation
            || !self.rolled
            || self.activation.is_some()
            || self.combat.is_some()
            || self.window.is_some()
        {
            format!("a ballista is activated in place of a unit, at the start of a turn ({})", self.status())
        } else if let Some(why) = self.ballista_blocker(side) {
            why
        } else {
            let n = self.ballista_targets(side).len();
            format!(
                "the {} ballista has {} in range and clear sight: it must loose a bolt",
                side_name(side).to_lowercase(),
                words::count(n, "target")
            )
        };
        RuleViolation::new("TF-R28", why)
    }

    /// Why passing is refused now (TF-R5): a side passes only with nothing
    /// left to activate, its ready ballista included.
    pub(super) fn pass_refusal(&self) -> String {
        let owed = self.status();
        if self.phase != Phase::Activation || !self.rolled || self.activation.is_some() || self.combat.is_some() {
            return format!("not now: {owed}");
        }
        let seat = self.turn;
        let units = self.available_units(seat);
        if let Some(&u) = units.first() {
            return format!(
                "{} may still be activated: a side passes only when it has nothing left to activate",
                unit_name(u)
            );
        }
        if self.ballista_ready(side_of_seat(seat)) {
            return format!(
                "the {} ballista stands ready with its crew: it is a unit still to activate (with nothing in range it \
                 does nothing), and a side passes only when it has nothing left to activate",
                side_name(side_of_seat(seat)).to_lowercase()
            );
        }
        format!("not now: {owed}")
    }

    /// The ballista's activation: one bolt at `target`; the turn passes.
    pub(super) fn loose(&mut self, seat: Seat, target: Target) {
        let side = side_of_seat(seat);
        if let Some(b) = self.ballistas[seat.index()].as_mut() {
            b.activated = true;
        }
        self.new_card_turn();
        self.events.push(Event::Note(format!(
            "the {} ballista looses a bolt at {}",
            side_name(side).to_lowercase(),
            target_name(target)
        )));
        self.next_turn(other(seat));
        self.start_combat(seat, None, Attack::Ranged, BALLISTA.ranged, vec![target]);
    }

    /// Wounds on a ballista: removed from play at its life.
    pub(super) fn wound_ballista(&mut self, side: Alliance, n: u8) {
        let i = seat_of(side).index();
        let Some(b) = self.ballistas[i].as_mut() else { return };
        b.wounds += n;
        if b.wounds >= BALLISTA.life {
            self.ballistas[i] = None;
            self.ballista_lost[i] = true;
            self.events.push(Event::Note(format!("the {} ballista is destroyed", side_name(side).to_lowercase())));
        }
    }

    /// A new round: ballistas may be activated again.
    pub(super) fn ready_ballistas(&mut self) {
        for b in self.ballistas.iter_mut().flatten() {
            b.activated = false;
        }
    }

    /// Capacity: a ballista stands in space `s` as one small figure of its
    /// side that never counts for outnumbering.
    pub(super) fn structures_in(&self, s: usize) -> impl Iterator<Item = Occupant> + '_ {
        [Alliance::Mice, Alliance::Rats].into_iter().filter_map(move |side| {
            self.ballistas[seat_of(side).index()].filter(|b| usize::from(b.space) == s).map(|_| Occupant {
                side,
                size: Size::Small,
                structure: true,
            })
        })
    }

    /// Why a bolt at `target` is refused now.
    pub(super) fn loose_refusal(&self, target: Target) -> RuleViolation {
        let seat = self.seat_now();
        let side = side_of_seat(seat);
        let why = if !self.options.structures {
            "structures are an additional rule this game was not started with (new-game dialog)".to_string()
        } else if self.phase != Phase::Activation || self.activation.is_some() || self.combat.is_some() {
            format!("a ballista is activated in place of a unit, at the start of a turn ({})", self.status())
        } else if let Some(why) = self.ballista_blocker(side) {
            why
        } else {
            format!("{} is not within {RANGED_RANGE}\" in clear sight of the ballista's space", target_name(target))
        };
        RuleViolation::new("TF-R28", why)
    }
}
