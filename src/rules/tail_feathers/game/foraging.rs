//! Foraging (TF-R23, an additional rule): a player who activates a ground
//! unit may have it do nothing instead of moving, scurrying or attacking,
//! and add one cheese to the wheel (six at most); reviving may follow as
//! usual. A squad forages once and activates up to its squad value of its
//! figures, chosen by its player as for any activation (ruling of
//! 2026-11-27); only those count as activated, so a burning figure rolls
//! for its fire only when it was one of them. A perched bird that did not
//! launch is a ground unit and may forage; a flying or launching bird must
//! fly. Structures and a figure that must spend its activation standing up
//! cannot. Foraging is a choice, never a forced pass.
//!
//! Our readings: the cheese comes when the unit forages, then the squad's
//! player chooses its foragers one at a time ([`Action::Hold`], at least
//! one, figures lying down not among them); foraging does nothing else, so
//! nobody douses a nest; a full wheel may still forage (it gains nothing,
//! and the log says so).
//!
//! Hooks: `activation_actions` offers [`Action::Forage`] through
//! [`TailFeathers::forage_actions`] and, once a squad forages, its
//! choices through [`TailFeathers::forage_pick_actions`]; `act` carries it
//! out through [`TailFeathers::forage`] and [`TailFeathers::hold`];
//! `advance_activation` ends the forage when no more may be chosen;
//! refusals name TF-R23 with [`TailFeathers::forage_refusal`].

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

    /// The unit forages: one cheese, and none of its figures moves or
    /// attacks. A squad's player then chooses which of its figures are
    /// activated, at most its squad value ([`Step::Forage`]); a unit of
    /// one figure is that figure. The activation then ends (fire rolls for
    /// the activated figures, then reviving as usual).
    pub(super) fn forage(&mut self) {
        let Some(unit) = self.active_unit() else { return };
        let seat = seat_of(UNIT_DEFS[unit].side);
        let got = self.gain_cheese_plain(seat, 1);
        let held = self.cheese[seat.index()];
        self.events.push(Event::Note(if got > 0 {
            format!("+1 cheese (the wheel holds {held})")
        } else {
            format!("no cheese: the wheel is full ({held})")
        }));
        if UNIT_DEFS[unit].count > 1 {
            self.set_step(Step::Forage);
            return;
        }
        let figs = self.on_battlefield(unit);
        if let Some(act) = self.activation.as_mut() {
            act.figures.clone_from(&figs);
            act.acted = figs;
        }
        self.end_forage();
    }

    /// True while a foraging squad's player chooses which of its figures
    /// forage.
    #[must_use]
    pub fn foraging_now(&self) -> bool {
        self.activation.as_ref().is_some_and(|a| a.step == Step::Forage)
    }

    /// The figures of the foraging squad its player may still choose:
    /// standing (not lying down) on the battlefield, not chosen yet, while
    /// fewer than its squad value are.
    pub(super) fn forage_picks(&self, act: &Activation) -> Vec<Fig> {
        let unit = usize::from(act.unit);
        let squad = UNIT_DEFS[unit].ground.map_or(1, |g| GROUND[g].squad);
        if act.figures.len() >= usize::from(squad) {
            return Vec::new();
        }
        self.on_battlefield(unit)
            .into_iter()
            .filter(|&f| !act.figures.contains(&f) && !self.figures[usize::from(f)].immobilized)
            .collect()
    }

    /// The choices of a foraging squad: each figure it may still activate,
    /// and done once one is.
    pub(super) fn forage_pick_actions(&self, act: &Activation, out: &mut Vec<Action>) {
        out.extend(self.forage_picks(act).into_iter().map(Action::Hold));
        if !act.figures.is_empty() {
            out.push(Action::Done);
        }
    }

    /// Figure `f` of the active unit is activated where it stands (TF-R7);
    /// in a foraging squad, chosen as a forager, it does nothing else.
    pub(super) fn hold(&mut self, f: Fig) {
        if let Some(act) = self.activation.as_mut() {
            act.figures.push(f);
            act.held.push(f);
            if act.step == Step::Forage {
                act.acted.push(f);
            }
        }
    }

    /// The foraging squad's choice is over when it may choose no more
    /// (hook in `advance_activation`); true when the activation moved on.
    pub(super) fn forage_chosen(&mut self) -> bool {
        let over = self.activation.as_ref().is_some_and(|act| self.forage_picks(act).is_empty());
        if over {
            self.end_forage();
        }
        over
    }

    /// The foraging activation ends: fire rolls for its activated figures,
    /// nobody douses, then reviving as usual.
    pub(super) fn end_forage(&mut self) {
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
