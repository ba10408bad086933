//! Phase 1, collecting (FW-R1..R9): Daedalus walks the labyrinth and draws
//! feathers and wax on its nests and hives.

use super::{Action, Cell, Event, FeathersAndWax, Heading, LAB_W, LABYRINTH, Phase, Walker, suit_index, suit_of_spot};
use crate::rules::RuleViolation;
use crate::rules::cards::{Card, Suit};

impl FeathersAndWax {
    pub(super) fn check_collect(&self, action: &Action) -> Result<(), RuleViolation> {
        let lab = &*LABYRINTH;
        if let Some(p) = self.pending {
            return match action {
                Action::UseKing | Action::KeepKing => Ok(()),
                _ => Err(RuleViolation::new(
                    "FW-R5",
                    format!("first decide whether to spend the K of {} against the {}", p.suit.name(), p.name()),
                )),
            };
        }
        match action {
            Action::Draw => match self.card {
                Some(c) => Err(RuleViolation::new(
                    "FW-R8",
                    format!("the {} is still in play: take its steps or stop first", c.name()),
                )),
                None if self.moves.is_empty() => {
                    Err(RuleViolation::new("FW-R8", "the movement deck is empty".to_string()))
                }
                None => Ok(()),
            },
            Action::Stop => {
                if self.card.is_none() {
                    Err(RuleViolation::new("FW-R8", "no movement card is in play: draw one"))
                } else {
                    Ok(())
                }
            }
            Action::Step(h) => {
                let Some(card) = self.card else {
                    return Err(RuleViolation::new("FW-R8", "draw a movement card before moving"));
                };
                if card.suit == Suit::Diamonds
                    && let Some(fixed) = self.heading
                    && fixed != *h
                {
                    return Err(RuleViolation::new(
                        "FW-R1",
                        format!("a diamonds move goes in one straight line, and this one goes {}", fixed.name()),
                    ));
                }
                match self.walker {
                    Walker::Outside => {
                        if *h == Heading::E {
                            Ok(())
                        } else {
                            Err(RuleViolation::new(
                                "FW-R8",
                                "Daedalus is outside: his first step goes east through the entrance door",
                            ))
                        }
                    }
                    Walker::At(cell) => {
                        if lab.is_exit_door(cell, *h) || lab.neighbour(cell, *h).is_some() {
                            Ok(())
                        } else if cell == lab.entrance() && *h == Heading::W {
                            Err(RuleViolation::new("FW-R8", "the entrance door only lets Daedalus in"))
                        } else {
                            Err(RuleViolation::new("FW-R1", format!("a wall blocks the way {} from {cell}", h.name())))
                        }
                    }
                    Walker::Out => Err(RuleViolation::new("FW-R8", "Daedalus has left the labyrinth")),
                }
            }
            Action::UseKing | Action::KeepKing => {
                Err(RuleViolation::new("FW-R5", "no Jailer or Maiden is waiting for a K"))
            }
            _ => Err(RuleViolation::new("RULES", "that belongs to a later phase: Daedalus is still in the labyrinth")),
        }
    }

    fn draw_suit(&mut self, suit: Suit) {
        let deck = if suit == Suit::Spades { &mut self.feathers } else { &mut self.wax };
        let Some(card) = deck.draw() else {
            return;
        };
        self.events.push(Event::Drew(card));
        let si = suit_index(suit);
        match card.rank {
            13 => {
                self.kings[si] = true;
                self.events.push(Event::KeptKing(card));
            }
            11 | 12 => {
                let matters = if card.rank == 11 { !self.held[si].is_empty() } else { self.held[si].len() > 3 };
                if matters && self.kings[si] {
                    self.pending = Some(card);
                } else {
                    self.resolve_face(card);
                }
            }
            v => {
                self.held[si].push(v);
                self.events.push(Event::Collected(card));
            }
        }
    }

    /// A J or Q acts (FW-R6, FW-R7) and is discarded.
    fn resolve_face(&mut self, card: Card) {
        let si = suit_index(card.suit);
        if card.rank == 11 {
            let lost = std::mem::take(&mut self.held[si]);
            self.events.push(Event::Jailer(card.suit, lost.len()));
            self.discard_all(lost.into_iter().map(|v| Card::new(v, card.suit)));
        } else if self.held[si].len() > 3 {
            self.closed[si] = true;
            self.events.push(Event::Maiden(card.suit));
        } else {
            self.events.push(Event::MaidenHarmless(card.suit));
        }
        self.discard(card);
    }

    fn enter(&mut self, cell: Cell) {
        let lab = &*LABYRINTH;
        self.walker = Walker::At(cell);
        self.path.push(cell);
        // FW-R3: the opposite edge column refreshes every used location.
        let east_edge = cell.x == LAB_W - 1;
        let west_edge = cell.x == 0;
        if (east_edge && !self.refreshed_east) || (west_edge && self.refreshed_east) {
            self.refreshed_east = east_edge;
            if self.used != 0 {
                self.events.push(Event::Refreshed);
            }
            self.used = 0;
        }
        let spot = lab.spot(cell);
        if let Some(suit) = suit_of_spot(spot) {
            let bit = 1u128 << cell.index();
            let deck_empty = if suit == Suit::Spades { self.feathers.is_empty() } else { self.wax.is_empty() };
            if self.used & bit != 0 || self.closed[suit_index(suit)] || deck_empty {
                self.events.push(Event::Nothing(spot));
            } else {
                self.used |= bit;
                self.draw_suit(suit);
            }
        }
    }

    fn end_move(&mut self) {
        if let Some(c) = self.card.take() {
            self.discard(c);
        }
        self.steps_left = 0;
        self.heading = None;
        self.events.push(Event::MoveEnded);
        if self.walker != Walker::Out && self.moves.is_empty() {
            self.lose("the movement cards ran out before Daedalus left the labyrinth");
        }
    }

    fn leave_labyrinth(&mut self) {
        self.walker = Walker::Out;
        self.events.push(Event::Left);
        self.end_move();
        self.phase = Phase::Wings;
        let n = self.sections();
        if n < 2 {
            let (s, c) = (self.held[0].len(), self.held[1].len());
            self.lose(format!(
                "too few wing sections: {s} feather and {c} wax cards make {n}, and each flyer needs one"
            ));
        }
    }

    pub(super) fn apply_collect(&mut self, action: &Action) {
        let lab = &*LABYRINTH;
        match *action {
            Action::Draw => {
                if let Some(c) = self.moves.draw() {
                    self.events.push(Event::Drew(c));
                    self.card = Some(c);
                    self.steps_left = c.rank;
                    self.heading = None;
                    self.path.clear();
                }
            }
            Action::Stop => self.end_move(),
            Action::UseKing | Action::KeepKing => {
                if let Some(face) = self.pending.take() {
                    let si = suit_index(face.suit);
                    if *action == Action::UseKing {
                        self.kings[si] = false;
                        let king = Card::new(13, face.suit);
                        self.discard(king);
                        self.discard(face);
                        self.events.push(Event::SpentKing(king));
                    } else {
                        self.resolve_face(face);
                    }
                }
                if self.steps_left == 0 && self.card.is_some() {
                    self.end_move();
                }
            }
            Action::Step(h) => {
                if self.card.is_some_and(|c| c.suit == Suit::Diamonds) {
                    self.heading = Some(h);
                }
                self.steps_left = self.steps_left.saturating_sub(1);
                match self.walker {
                    Walker::Outside => self.enter(lab.entrance()),
                    Walker::At(cell) if lab.is_exit_door(cell, h) => {
                        self.leave_labyrinth();
                        return;
                    }
                    Walker::At(cell) => {
                        if let Some(next) = lab.neighbour(cell, h) {
                            self.enter(next);
                        }
                    }
                    Walker::Out => {}
                }
                if self.steps_left == 0 && self.pending.is_none() {
                    self.end_move();
                }
            }
            _ => {}
        }
    }
}
