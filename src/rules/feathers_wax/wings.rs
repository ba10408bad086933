//! Phase 2, the wings (FW-R10): the held feathers become wing sections
//! split between Icarus and Daedalus.

use super::{Action, FeathersAndWax, Flyer, Phase, Place, Stage, TOWER_ROW, flight_cards};
use crate::rules::cards::{Card, Deck, Suit};
use crate::rules::{RuleViolation, words};

impl FeathersAndWax {
    pub(super) fn check_wings(&self, action: &Action) -> Result<(), RuleViolation> {
        let assigned = self.wings[0].len() + self.wings[1].len();
        let sections = self.sections();
        match *action {
            Action::Wing { value, flyer } => {
                if !self.held[0].contains(&value) {
                    return Err(RuleViolation::new("FW-R10", format!("no {} was collected", words::spade(value))));
                }
                if self.wings[flyer as usize].contains(&value) {
                    return Err(RuleViolation::new(
                        "FW-R10",
                        format!("{} is already on {}'s wings", words::sentence(&words::spade(value)), flyer.name()),
                    ));
                }
                let moving = self.wings[flyer.other() as usize].contains(&value);
                if !moving && assigned >= sections {
                    return Err(RuleViolation::new(
                        "FW-R10",
                        format!(
                            "only {sections} sections can be built ({} feather and {} wax cards), and all are placed",
                            self.held[0].len(),
                            self.held[1].len()
                        ),
                    ));
                }
                Ok(())
            }
            Action::Unwing(value) => {
                if self.wings.iter().any(|w| w.contains(&value)) {
                    Ok(())
                } else {
                    Err(RuleViolation::new("FW-R10", format!("{} is not on a wing", words::spade(value))))
                }
            }
            Action::Launch => {
                if assigned < sections {
                    Err(RuleViolation::new(
                        "FW-R10",
                        format!("{} of {sections} sections are still to be placed", sections - assigned),
                    ))
                } else if let Some(f) = Flyer::BOTH.into_iter().find(|f| self.wings[*f as usize].is_empty()) {
                    Err(RuleViolation::new("FW-R10", format!("{} needs at least one wing section", f.name())))
                } else {
                    Ok(())
                }
            }
            _ => Err(RuleViolation::new("RULES", "the wings are being built: place spades on the racks, then fly")),
        }
    }

    pub(super) fn apply_wings(&mut self, action: &Action) {
        match *action {
            Action::Wing { value, flyer } => {
                self.wings[flyer.other() as usize].retain(|v| *v != value);
                self.wings[flyer as usize].push(value);
                self.wings[flyer as usize].sort_unstable();
            }
            Action::Unwing(value) => {
                for w in &mut self.wings {
                    w.retain(|v| *v != value);
                }
            }
            Action::Launch => {
                // Unused spades and clubs are discarded; the flight deck is
                // all 26 red cards, freshly shuffled (FW-R11).
                let unused = self.unassigned();
                self.discard_all(unused.into_iter().map(|v| Card::new(v, Suit::Spades)));
                let clubs = std::mem::take(&mut self.held[1]);
                self.discard_all(clubs.into_iter().map(|v| Card::new(v, Suit::Clubs)));
                self.held[0].clear();
                self.flight = Deck::shuffled(flight_cards(), &mut self.rng);
                self.places = [Place::Sky { col: 0, row: TOWER_ROW }; 2];
                self.phase = Phase::Flight;
                self.stage = Stage::Drawing;
                self.turn = 1;
            }
            _ => {}
        }
    }
}
