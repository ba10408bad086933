//! Foraging (TF-R23, an additional rule): a player who activates a ground
//! unit may have it do nothing instead of moving, scurrying or attacking,
//! and add one cheese to the wheel (six at most); reviving may follow as
//! usual. A squad forages as a whole. A perched bird that did not launch is
//! a ground unit and may forage; a flying or launching bird must fly.
//! Structures and a figure that must spend its activation standing up
//! cannot. Foraging is a choice, never a forced pass.
//!
//! Our readings: a foraging unit's figures count as activated, so a burning
//! figure still rolls for its fire at the end (foraging is no way round a
//! fire), and foraging does nothing else, so nobody douses a nest; a full
//! wheel may still forage (it gains nothing, and the log says so).
//!
//! Hooks: `activation_actions` offers [`Action::Forage`] through
//! [`TailFeathers::forage_actions`]; `act` carries it out through
//! [`TailFeathers::forage`]; refusals name TF-R23 with
//! [`TailFeathers::forage_refusal`].

#![allow(clippy::wildcard_imports, reason = "a chapter of the game module: it shares the module's state and imports")]

use super::*;

impl TailFeathers {
    /// The unit's figures on the battlefield.
    fn on_battlefield(&self, unit: usize) -> Vec<Fig> {
        let d = UNIT_DEFS[unit];
        (d.first..d.first + d.count).filter(|&f| self.figures[usize::from(f)].place.on_battlefield()).collect()
    }

    /// Why the active unit may not forage now, or `None` when it may.
    fn forage_blocker(&self) -> Option<String> {
        if !self.options.foraging {
            return Some("foraging is an additional rule this game was not started with (new-game dialog)".into());
        }
        let Some(act) = self.activation.as_ref() else {
            return Some("only a unit being activated may forage".into());
        };
        let unit = usize::from(act.unit);
        let d = UNIT_DEFS[unit];
        let figs = self.on_battlefield(unit);
        if let Some(i) = bird_index(d.first) {
            let perched = matches!(self.figures[usize::from(d.first)].place, Place::Space(_));
            if !perched || !matches!(act.step, Step::Acts) || !act.began_perched || self.birds[i].launching {
                return Some(format!("the {} is flying and must fly: only ground units forage", unit_name(unit)));
            }
            if !act.acted.is_empty() || act.swooped {
                return Some(format!("the {} has already acted this activation", unit_name(unit)));
            }
        } else if !matches!(act.step, Step::Moves) || !act.figures.is_empty() {
            return Some(format!(
                "the {} forages instead of moving, scurrying or attacking, so only before any of its figures acts",
                unit_name(unit)
            ));
        }
        if figs.iter().all(|&f| self.figures[usize::from(f)].immobilized) {
            return Some(format!("the {} must spend its activation standing up", unit_name(unit)));
        }
        None
    }

    /// The forage choice, when the active unit may forage (hook in
    /// `activation_actions`).
    pub(super) fn forage_actions(&self, out: &mut Vec<Action>) {
        if self.forage_blocker().is_none() {
            out.push(Action::Forage);
        }
    }

    /// The unit forages: one cheese, its figures do nothing more, and the
    /// activation ends (fire rolls, then reviving as usual).
    pub(super) fn forage(&mut self) {
        let Some(unit) = self.active_unit() else { return };
        let figs = self.on_battlefield(unit);
        if let Some(act) = self.activation.as_mut() {
            act.figures.clone_from(&figs);
            act.acted = figs;
        }
        let seat = seat_of(UNIT_DEFS[unit].side);
        let got = self.gain_cheese_plain(seat, 1);
        let held = self.cheese[seat.index()];
        self.events.push(Event::Note(if got > 0 {
            format!("+1 cheese (the wheel holds {held})")
        } else {
            format!("no cheese: the wheel is full ({held})")
        }));
        self.close_activation();
        if self.outcome.is_none() && self.activation.as_ref().is_some_and(|a| matches!(a.step, Step::Douse)) {
            self.after_douse();
        }
    }

    /// Why foraging is refused now (TF-R23).
    pub(super) fn forage_refusal(&self) -> String {
        self.forage_blocker().unwrap_or_else(|| format!("not now: {}", self.status()))
    }
}
