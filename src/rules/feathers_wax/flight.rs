//! Phase 3, the flight (FW-R11..R17): the cards drawn and played each turn,
//! the sun, the sea and the island.

use super::{Action, Event, FeathersAndWax, Flyer, Phase, Place, SAFE_COL, SKY_ROWS, Stage};
use crate::rules::cards::{Card, Suit};
use crate::rules::{Game, RuleViolation, words};

impl FeathersAndWax {
    pub(super) fn check_flight(&self, action: &Action) -> Result<(), RuleViolation> {
        match (self.stage, action) {
            (Stage::Drawing, Action::Draw) => {
                if self.flight.is_empty() {
                    Err(RuleViolation::new("FW-R17", "the flight deck is empty"))
                } else {
                    Ok(())
                }
            }
            (Stage::Drawing, Action::EndDraw) => {
                let min = self.min_draw();
                if self.drawn.len() < min {
                    Err(RuleViolation::new(
                        "FW-R11",
                        format!("draw at least {} this turn ({} drawn)", words::count(min, "card"), self.drawn.len()),
                    ))
                } else {
                    Ok(())
                }
            }
            (Stage::Drawing, _) => Err(RuleViolation::new("FW-R11", "draw cards for this turn first")),
            (Stage::Play(next), Action::Play { card, flyer, up }) => {
                if !self.drawn.contains(card) {
                    return Err(RuleViolation::new("FW-R11", format!("the {} was not drawn this turn", card.name())));
                }
                if *flyer != next {
                    return Err(if self.flying(*flyer) {
                        RuleViolation::new("FW-R13", format!("{} moves first this turn", next.name()))
                    } else {
                        RuleViolation::new("FW-R17", format!("{} is already safe", flyer.name()))
                    });
                }
                let needs_choice = card.rank == 13 && self.same_row();
                match (needs_choice, up) {
                    (true, None) => Err(RuleViolation::new(
                        "FW-R16",
                        "both flyers share a row: choose whether the K moves up or down",
                    )),
                    (false, Some(_)) => {
                        Err(RuleViolation::new("FW-R16", "only a K with both flyers in one row takes a direction"))
                    }
                    _ => Ok(()),
                }
            }
            (Stage::Play(next), _) => {
                Err(RuleViolation::new("FW-R11", format!("play one of the drawn cards on {} first", next.name())))
            }
            (Stage::Specials { flyer, card, bonus }, Action::Bonus(value)) => {
                if !bonus {
                    return Err(RuleViolation::new(
                        "FW-R15",
                        "the value-match step comes before the up/down step, and can no longer be taken",
                    ));
                }
                if !self.wings[flyer as usize].contains(value) {
                    return Err(RuleViolation::new(
                        "FW-R15",
                        format!("{} has no wing section of value {value}", flyer.name()),
                    ));
                }
                if card.rank > 10 || card.rank != *value {
                    return Err(RuleViolation::new(
                        "FW-R15",
                        format!("a section of value {value} does not match the {}", card.name()),
                    ));
                }
                Ok(())
            }
            (Stage::Specials { flyer, .. }, Action::Shift { value, .. }) => {
                if self.wings[flyer as usize].contains(value) {
                    Ok(())
                } else {
                    Err(RuleViolation::new("FW-R15", format!("{} has no wing section of value {value}", flyer.name())))
                }
            }
            (Stage::Specials { .. }, Action::Done) => Ok(()),
            (Stage::Specials { flyer, .. }, _) => Err(RuleViolation::new(
                "FW-R15",
                format!("first finish {}'s special movements (or choose none)", flyer.name()),
            )),
        }
    }

    /// True when `card` may go on `flyer` only with a direction chosen:
    /// a K while both flyers share a row (FW-R16). The view then asks
    /// whether it moves up or down.
    #[must_use]
    pub fn king_needs_direction(&self, card: Card, flyer: Flyer) -> bool {
        card.rank == 13 && self.same_row() && self.check(&Action::Play { card, flyer, up: Some(true) }).is_ok()
    }

    pub(super) fn same_row(&self) -> bool {
        match self.places {
            [Place::Sky { row: a, .. }, Place::Sky { row: b, .. }] => a == b,
            _ => false,
        }
    }

    /// One step of `f` by `(dx, dy)` (`dy` negative is up). Returns false
    /// when the movement stops (collision, safety, or a fall).
    fn fly_step(&mut self, f: Flyer, dx: i8, dy: i8) -> bool {
        let Place::Sky { col, row } = self.places[f as usize] else { return false };
        let (nc, nr) = (i16::from(col) + i16::from(dx), i16::from(row) + i16::from(dy));
        if nr < 0 || nr >= i16::from(SKY_ROWS) {
            self.places[f as usize] = Place::Lost;
            let into = if nr < 0 { "the sun" } else { "the sea" };
            self.lose(format!("{} flew into {into}", f.name()));
            return false;
        }
        let (nc, nr) = (nc as u8, nr as u8);
        if nc >= SAFE_COL {
            self.places[f as usize] = Place::Safe;
            self.events.push(Event::Safe(f));
            return false;
        }
        let other = f.other();
        if let Place::Sky { col: oc, row: or } = self.places[other as usize]
            && oc == nc
            && or == nr
        {
            // FW-R14: the mover drops in below the other and stops.
            self.events.push(Event::Collided(f));
            if or + 1 >= SKY_ROWS {
                self.places[f as usize] = Place::Lost;
                self.lose(format!("{} collided with {} and fell into the sea", f.name(), other.name()));
            } else {
                self.places[f as usize] = Place::Sky { col: nc, row: or + 1 };
            }
            return false;
        }
        self.places[f as usize] = Place::Sky { col: nc, row: nr };
        true
    }

    fn play_card(&mut self, card: Card, f: Flyer, up: Option<bool>) {
        let steps: (i8, i8) = match (card.rank, card.suit) {
            (11, _) => (0, -1),
            (12, _) => (0, 1),
            (13, _) => {
                let dir = match (self.places[f as usize], self.places[f.other() as usize]) {
                    (Place::Sky { row: me, .. }, Place::Sky { row: them, .. }) => match me.cmp(&them) {
                        std::cmp::Ordering::Equal => {
                            if up.unwrap_or(true) {
                                -1
                            } else {
                                1
                            }
                        }
                        std::cmp::Ordering::Less => -1,
                        std::cmp::Ordering::Greater => 1,
                    },
                    _ => -1,
                };
                (0, dir)
            }
            (_, Suit::Hearts) => (1, 1),
            _ => (1, if f == Flyer::Icarus { -2 } else { -1 }),
        };
        // FW-R14: the right step first, then the vertical ones.
        let mut going = true;
        if steps.0 > 0 {
            going = self.fly_step(f, 1, 0);
        }
        for _ in 0..steps.1.unsigned_abs() {
            if !going {
                break;
            }
            going = self.fly_step(f, 0, steps.1.signum());
        }
    }

    fn lose_section(&mut self, f: Flyer, value: u8) {
        self.wings[f as usize].retain(|v| *v != value);
        self.discard(Card::new(value, Suit::Spades));
    }

    /// FW-R15 (c) and (d), then hands the turn on.
    fn finish_flyer(&mut self, f: Flyer) {
        if let Place::Sky { row, .. } = self.places[f as usize] {
            let sun = row == 0;
            let sea = row == SKY_ROWS - 1;
            if sun || sea {
                self.events.push(Event::Scorched(f, sun));
                if let Some(&v) = self.wings[f as usize].first() {
                    self.lose_section(f, v);
                }
                for _ in 0..2 {
                    if self.phase == Phase::Over || !self.fly_step(f, 0, if sun { 1 } else { -1 }) {
                        break;
                    }
                }
            }
            if self.phase != Phase::Over && self.flying(f) && self.wings[f as usize].is_empty() {
                self.places[f as usize] = Place::Lost;
                self.lose(format!("{} has no wing sections left and fell into the sea", f.name()));
            }
        }
        if self.phase == Phase::Over {
            return;
        }
        if f == Flyer::Icarus && self.flying(Flyer::Daedalus) {
            self.stage = Stage::Play(Flyer::Daedalus);
        } else {
            self.end_turn();
        }
    }

    fn end_turn(&mut self) {
        let rest = std::mem::take(&mut self.drawn);
        self.events.extend(rest.iter().map(|&c| Event::Unplayed(c)));
        self.discard_all(rest);
        if !self.flying(Flyer::Icarus) && !self.flying(Flyer::Daedalus) {
            self.win();
            return;
        }
        self.turn += 1;
        self.stage = Stage::Drawing;
        let min = self.min_draw();
        if self.flight.len() < min {
            self.lose(format!(
                "the flight deck has {} left and this turn needs {min}",
                words::count(self.flight.len(), "card")
            ));
        }
    }

    fn after_special(&mut self, f: Flyer, card: Card, bonus: bool) {
        if self.phase == Phase::Over {
            return;
        }
        if !self.flying(f) {
            // Safe: its remaining specials are skipped (FW-R17).
            self.finish_flyer(f);
        } else if self.wings[f as usize].is_empty() {
            self.finish_flyer(f);
        } else {
            self.stage = Stage::Specials { flyer: f, card, bonus };
        }
    }

    pub(super) fn apply_flight(&mut self, action: &Action) {
        match *action {
            Action::Draw => {
                while let Some(c) = self.flight.draw() {
                    self.events.push(Event::Drew(c));
                    if c.is_face() && self.both_in_tower() {
                        // FW-R12: no effect in the tower; draw again.
                        self.events.push(Event::Replaced(c));
                        self.discard(c);
                        continue;
                    }
                    self.drawn.push(c);
                    break;
                }
                if self.drawn.len() < self.min_draw() && self.flight.is_empty() {
                    self.lose("the flight deck ran out during the draw");
                }
            }
            Action::EndDraw => {
                let first = if self.flying(Flyer::Icarus) { Flyer::Icarus } else { Flyer::Daedalus };
                self.stage = Stage::Play(first);
            }
            Action::Play { card, flyer, up } => {
                self.drawn.retain(|c| *c != card);
                self.discard(card);
                self.play_card(card, flyer, up);
                if self.phase == Phase::Over {
                    return;
                }
                let bonus = card.rank <= 10;
                self.after_special(flyer, card, bonus);
            }
            Action::Bonus(value) => {
                if let Stage::Specials { flyer, card, .. } = self.stage {
                    self.lose_section(flyer, value);
                    self.fly_step(flyer, 1, 0);
                    self.after_special(flyer, card, false);
                }
            }
            Action::Shift { value, up } => {
                if let Stage::Specials { flyer, .. } = self.stage {
                    self.lose_section(flyer, value);
                    self.fly_step(flyer, 0, if up { -1 } else { 1 });
                    if self.phase != Phase::Over {
                        self.finish_flyer(flyer);
                    }
                }
            }
            Action::Done => {
                if let Stage::Specials { flyer, .. } = self.stage {
                    self.finish_flyer(flyer);
                }
            }
            _ => {}
        }
    }

    /// The row a flyer would end in if the card were played now, for the
    /// table's landing preview (before specials and sun/sea).
    #[must_use]
    pub fn preview(&self, card: Card, f: Flyer, up: Option<bool>) -> Option<Place> {
        let mut copy = self.clone();
        copy.apply(&Action::Play { card, flyer: f, up }).ok()?;
        Some(copy.places[f as usize])
    }
}
