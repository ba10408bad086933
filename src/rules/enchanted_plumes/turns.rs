//! A game's course: keeping six of nine (EP-R2), a turn's plays and
//! replenishing (EP-R3, EP-R6), where a card may be laid, and the end.

use super::{Action, EnchantedPlumes, Feather, HAND_LIMIT, Phase, TRAIN, Turn, UNDER_PEAHEN};
use crate::rules::{Outcome, RuleViolation, Seat, and_list};

impl EnchantedPlumes {
    pub(super) fn check_keep(&self, action: &Action) -> Result<(), RuleViolation> {
        let Some(seat) = self.keeper() else {
            return Err(RuleViolation::new("EP-R2", "every player has already chosen their hand"));
        };
        let Action::Keep { returned } = action else {
            return Err(RuleViolation::new(
                "EP-R2",
                format!("first every player keeps 6 of their 9 cards; {} has not chosen yet", self.name(seat)),
            ));
        };
        if returned.windows(2).any(|w| w[0] >= w[1]) {
            return Err(RuleViolation::new("EP-R2", "return three different cards, listed in order"));
        }
        if let Some(c) = returned.iter().find(|c| !self.hands[seat.index()].contains(c)) {
            return Err(RuleViolation::new(
                "EP-R2",
                format!("{c} is not among the nine cards dealt to {}", self.name(seat)),
            ));
        }
        Ok(())
    }

    pub(super) fn check_turn(&self, action: &Action) -> Result<(), RuleViolation> {
        let seat = self.current;
        let hand = &self.hands[seat.index()];
        let t = self.turn;
        match *action {
            Action::Keep { .. } => Err(RuleViolation::new("EP-R2", "the hands were chosen at the start of the game")),
            Action::Play { card, plume, row } => {
                if t.steps() > 0 {
                    return Err(RuleViolation::new(
                        "EP-R3",
                        "cards are played before replenishing; this turn's replenishing has begun",
                    ));
                }
                if t.played >= 2 {
                    return Err(RuleViolation::new("EP-R3", "at most two cards are played in a turn; now replenish"));
                }
                if !hand.contains(&card) {
                    return Err(RuleViolation::new("EP-R3", format!("{card} is not in {}'s hand", self.name(seat))));
                }
                self.check_place(seat, card, usize::from(plume), usize::from(row))
            }
            Action::Draw => {
                self.check_replenish()?;
                if hand.len() >= HAND_LIMIT {
                    return Err(RuleViolation::new(
                        "EP-R3",
                        format!("a hand holds at most {HAND_LIMIT} cards; finish the turn with a swap"),
                    ));
                }
                Ok(())
            }
            Action::Swap { card, slot } => {
                self.check_replenish()?;
                let Some(&train_card) = self.train.get(usize::from(slot)) else {
                    return Err(RuleViolation::new("EP-R3", format!("the Train has {} cards", self.train.len())));
                };
                if !hand.contains(&card) {
                    return Err(RuleViolation::new("EP-R3", format!("{card} is not in {}'s hand", self.name(seat))));
                }
                if t.taken.contains(card) {
                    return Err(RuleViolation::new(
                        "EP-R3",
                        format!(
                            "{card} was just taken from the Train and cannot go back to it this turn; give the Train another card"
                        ),
                    ));
                }
                if t.given & (1 << slot) != 0 {
                    return Err(RuleViolation::new(
                        "EP-R3",
                        format!("{train_card} was just given to the Train; swap with two different Train cards"),
                    ));
                }
                Ok(())
            }
        }
    }

    fn check_replenish(&self) -> Result<(), RuleViolation> {
        if self.turn.played == 0 {
            return Err(RuleViolation::new("EP-R3", "play one or two cards before replenishing"));
        }
        if self.turn.steps() >= 2 {
            return Err(RuleViolation::new("EP-R3", "the turn is complete"));
        }
        Ok(())
    }

    /// The refusal for a card the player to move offers to another seat's
    /// plume, owned by `owner` (EP-R9): a play action cannot even name
    /// another seat's plume, so the drag-and-drop asks here why.
    #[must_use]
    pub fn play_into_other(&self, owner: Seat) -> RuleViolation {
        RuleViolation::new("EP-R9", format!("a player plays only into their own plumes, not {}'s", self.name(owner)))
    }

    /// Can `card` go to `seat`'s plume `plume` at `row` (EP-R4, EP-R5)?
    ///
    /// # Errors
    /// The rule that forbids it.
    pub fn check_place(&self, seat: Seat, card: Feather, plume: usize, row: usize) -> Result<(), RuleViolation> {
        let plumes = self.plumes(seat);
        if plume == plumes.len() {
            return if row == 0 {
                Ok(())
            } else {
                Err(RuleViolation::new("EP-R4", "a new plume starts with its top row"))
            };
        }
        let Some(p) = plumes.get(plume) else {
            return Err(RuleViolation::new(
                "EP-R9",
                format!("{} has {} plumes; play into one of them or start a new one", self.name(seat), plumes.len()),
            ));
        };
        let n = plume + 1;
        if p.is_complete() {
            return Err(RuleViolation::new(
                "EP-R5",
                format!("plume {n} is a completed peacock; nothing more goes into it"),
            ));
        }
        let last = p.rows.len().saturating_sub(1);
        if row < last {
            return Err(RuleViolation::new(
                "EP-R4",
                format!("row {} of plume {n} is locked because row {} has been started", row + 1, row + 2),
            ));
        }
        if row > last + 1 {
            return Err(RuleViolation::new(
                "EP-R4",
                format!("plume {n} has {} rows; the next row to start is row {}", last + 1, last + 2),
            ));
        }
        let have = p.rows.get(last).map_or(0, Vec::len);
        if row == last {
            if let Some(size) = p.required(row)
                && have >= size
            {
                return Err(RuleViolation::new(
                    "EP-R4",
                    format!("row {} of plume {n} is full: it must have exactly {size} cards", row + 1),
                ));
            }
        } else {
            // Starting a new row under `last`.
            match p.required(last) {
                Some(size) if have < size => {
                    return Err(RuleViolation::new(
                        "EP-R4",
                        format!(
                            "row {} of plume {n} needs exactly {size} cards before row {} can start (it has {have})",
                            last + 1,
                            row + 1
                        ),
                    ));
                }
                _ => {}
            }
            if have < 2 {
                return Err(RuleViolation::new(
                    "EP-R4",
                    format!(
                        "row {} of plume {n} has one card, and a row below it would need none; a one-card top row can only grow sideways",
                        last + 1
                    ),
                ));
            }
        }
        if row > 0 {
            let above = p.rows.get(row - 1).map_or(&[][..], Vec::as_slice);
            if !above.iter().any(|c| c.colour == card.colour) {
                let mut colours: Vec<&str> = above.iter().map(|c| c.colour_name()).collect();
                colours.sort_unstable();
                colours.dedup();
                return Err(RuleViolation::new(
                    "EP-R4",
                    format!(
                        "{card} cannot go in row {} of plume {n}: the row above has only {}",
                        row + 1,
                        and_list(&colours)
                    ),
                ));
            }
        }
        Ok(())
    }

    /// True when `card` at (`plume`, `row`) would complete the peacock and
    /// so be played face down (EP-R5).
    #[must_use]
    pub fn would_complete(&self, seat: Seat, plume: usize, row: usize) -> bool {
        let plume = self.plumes(seat).get(plume);
        plume.is_some_and(|p| {
            row == p.rows.len() && row.checked_sub(1).and_then(|r| p.rows.get(r)).is_some_and(|r| r.len() == 2)
        })
    }

    pub(super) fn end_turn(&mut self) {
        self.turn = Turn::default();
        self.turns += 1;
        self.current = Seat((self.current.0 + 1) % self.seats);
    }

    pub(super) fn finish(&mut self) {
        self.phase = Phase::Over;
        let scores: Vec<i32> = (0..self.seats).map(|s| self.score(Seat(s))).collect();
        let best = scores.iter().copied().max().unwrap_or(0);
        let top: Vec<Seat> = (0..self.seats).map(Seat).filter(|s| scores[s.index()] == best).collect();
        let most = top.iter().map(|&s| self.peacocks(s)).max().unwrap_or(0);
        let winners: Vec<Seat> = top.iter().copied().filter(|&s| self.peacocks(s) == most).collect();
        let names: Vec<String> = winners.iter().map(|&s| self.name(s)).collect();
        let drew = self.name(self.current);
        let reason = if winners.len() == 1 {
            let tie = if top.len() > 1 {
                format!(" (tied on points, more completed peacocks: {most})")
            } else {
                String::new()
            };
            format!("{drew} drew the Peahen. {} wins with {best} points{tie}", names[0])
        } else {
            format!(
                "{drew} drew the Peahen. {} share the win with {best} points and {most} peacocks each",
                and_list(&names)
            )
        };
        self.outcome = Some(Outcome { winners, scores, reason });
    }

    pub(super) fn finish_keep(&mut self) {
        for r in &self.returned {
            self.deck.extend_from_slice(r);
        }
        self.rng.shuffle(&mut self.deck);
        // The top seven go under the deck with the Peahen among them.
        let n = self.deck.len();
        let seven: Vec<Feather> = self.deck.drain(n - UNDER_PEAHEN..).collect();
        self.deck.splice(0..0, seven);
        self.peahen = self.rng.below(UNDER_PEAHEN + 1);
        for _ in 0..TRAIN {
            if let Some(c) = self.deck.pop() {
                self.train.push(c);
            }
        }
        self.phase = Phase::Play;
        self.current = self.first;
    }
}
