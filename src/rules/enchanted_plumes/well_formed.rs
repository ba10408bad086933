//! Whether an Enchanted Plumes state from outside (a friend's copy, a
//! host's view) is one the rules could have reached ([`Game::well_formed`]):
//! 2 to 6 seats, with a hand, plumes, returned cards and public memory
//! each; every card of the game's deck (EP-R1) in exactly one place (the
//! deck, the Train, a hand, a plume, or while the hands are chosen the
//! cards returned); the hands' sizes for the phase (nine or six while
//! choosing, EP-R2; at most six after, EP-R3); five cards in the Train;
//! the Peahen among the deck's last eight (EP-R2); every plume built row
//! by row (EP-R4, EP-R5); what the turn has done within a turn (EP-R3);
//! the game over exactly when it has an outcome. An observation re-deals
//! what its seat cannot see, so it keeps every card once too. Nothing here
//! indexes with a number it has not checked.
//!
//! [`Game::well_formed`]: crate::rules::Game::well_formed

use super::{DEALT, EnchantedPlumes, Feather, HAND_LIMIT, Phase, Plume, RETURNED, TRAIN, UNDER_PEAHEN, max_value};

/// More turns than any game can last.
const MOST_TURNS: u32 = 100_000;

impl EnchantedPlumes {
    /// The whole check (see the module text).
    pub(super) fn well_formed_state(&self) -> Result<(), String> {
        let n = usize::from(self.seats);
        if !(2..=6).contains(&n) {
            return Err(format!("a game of {n} seats"));
        }
        if [self.hands.len(), self.plumes.len(), self.returned.len(), self.known.len()].iter().any(|&k| k != n) {
            return Err(format!("the hands, plumes or memories of a game of {n} seats are not {n}"));
        }
        let seat_ok = |s: u8| s < self.seats;
        if !seat_ok(self.current.0) || !seat_ok(self.first.0) || self.last_drawn.is_some_and(|(s, _)| !seat_ok(s.0)) {
            return Err(format!("a seat past the {n} of this game"));
        }
        if self.turns > MOST_TURNS {
            return Err(format!("{} turns", self.turns));
        }
        let top = max_value(self.seats);
        let real = |c: &Feather| usize::from(c.colour) < super::COLOURS.len() && c.value <= top;
        let known = self.known.iter().flat_map(|k| k.iter());
        let drawn = self.last_drawn.map(|d| d.1);
        if let Some(c) = self.turn.taken.iter().chain(known).chain(drawn).find(|c| !real(c)) {
            return Err(format!("{c} is not a card of a game of {n} (values 0 to {top})"));
        }
        self.every_card_once()?;
        self.hands_ok()?;
        for (s, plumes) in self.plumes.iter().enumerate() {
            if plumes.len() > usize::from(u8::MAX) {
                return Err(format!("seat {} has {} plumes", s + 1, plumes.len()));
            }
            for (i, p) in plumes.iter().enumerate() {
                plume_ok(p).map_err(|e| format!("seat {}'s plume {}: {e}", s + 1, i + 1))?;
            }
        }
        match (self.phase, &self.outcome) {
            (Phase::Over, Some(o)) if o.winners.iter().all(|w| seat_ok(w.0)) && o.scores.len() == n => Ok(()),
            (Phase::Over, _) => Err("the game is over with no outcome for its seats".into()),
            (_, Some(_)) => Err("the game has an outcome but is not over".into()),
            (_, None) => Ok(()),
        }
    }

    /// Every card of the deck for this many seats once: in the deck, the
    /// Train, a hand, a plume, or (while choosing) returned.
    fn every_card_once(&self) -> Result<(), String> {
        let all = Feather::deck_for(self.seats);
        let mut places: Vec<&[Feather]> = vec![&self.deck, &self.train];
        places.extend(self.hands.iter().map(Vec::as_slice));
        if self.phase == Phase::Keep {
            places.extend(self.returned.iter().map(Vec::as_slice));
        }
        let in_plumes: Vec<Feather> =
            self.plumes.iter().flatten().flat_map(|p| p.rows.iter().flatten().copied()).collect();
        places.push(&in_plumes);
        let mut tally = vec![0u32; all.len()];
        for c in places.iter().flat_map(|p| p.iter()) {
            match all.iter().position(|a| a == c).and_then(|i| tally.get_mut(i)) {
                Some(k) => *k += 1,
                None => return Err(format!("{c} is not a card of a game of {} seats", self.seats)),
            }
        }
        if let Some((c, k)) = all.iter().zip(&tally).find(|(_, k)| **k != 1) {
            return Err(format!("{c} is in {k} places; every card is in one"));
        }
        if let Some(c) = self.returned.iter().flatten().find(|c| !all.contains(c)) {
            return Err(format!("{c} is not a card of a game of {} seats", self.seats));
        }
        Ok(())
    }

    /// Hand sizes, the Train, the Peahen and the turn for the phase.
    fn hands_ok(&self) -> Result<(), String> {
        let t = self.turn;
        if t.played > 2 || t.draws > 2 || t.swaps > 2 || t.draws + t.swaps > 2 || usize::from(t.given) >= 1 << TRAIN {
            return Err(format!("a turn that has played {}, drawn {} and swapped {}", t.played, t.draws, t.swaps));
        }
        if self.peahen > UNDER_PEAHEN {
            return Err(format!("{} cards under the Peahen; it goes among the last {}", self.peahen, UNDER_PEAHEN + 1));
        }
        if self.returned.iter().any(|r| !r.is_empty() && r.len() != RETURNED) {
            return Err(format!("a seat returned other than {RETURNED} cards"));
        }
        match self.phase {
            Phase::Keep => {
                let chosen = self.hands.iter().take_while(|h| h.len() == DEALT - RETURNED).count();
                let mut rest = self.hands.iter().skip(chosen).peekable();
                if rest.peek().is_none() || rest.any(|h| h.len() != DEALT) {
                    return Err("the hands are chosen out of seat order, or are not 9 or 6 cards".into());
                }
                if !self.train.is_empty() || self.plumes.iter().any(|p| !p.is_empty()) || t != super::Turn::default() {
                    return Err("cards are played while the hands are still being chosen".into());
                }
                if self.peahen != 0 {
                    return Err("the Peahen is in the deck while the hands are still being chosen".into());
                }
                Ok(())
            }
            Phase::Play | Phase::Over => {
                if self.hands.iter().any(|h| h.len() > HAND_LIMIT) {
                    return Err(format!("a hand of more than {HAND_LIMIT} cards (EP-R3)"));
                }
                if self.train.len() != TRAIN {
                    return Err(format!("a Train of {} cards; it holds {TRAIN}", self.train.len()));
                }
                if self.phase == Phase::Play
                    && (t.draws + t.swaps >= 2
                        || (t.draws + t.swaps > 0 && t.played == 0)
                        || self.peahen > self.deck.len())
                {
                    return Err("a turn that is over, or replenishes before playing, or a Peahen past the deck".into());
                }
                Ok(())
            }
        }
    }
}

/// A plume built by EP-R4 and EP-R5: a top row of at least one card, each
/// row below one card shorter than the row above (the last one may be
/// short of that), of colours of the row above (but for a completed
/// peacock's face-down card), no row under a single card.
fn plume_ok(p: &Plume) -> Result<(), String> {
    if p.rows.is_empty() || p.rows.len() > 10 || p.rows.iter().any(Vec::is_empty) {
        return Err(format!("{} rows, or an empty one", p.rows.len()));
    }
    for (r, w) in p.rows.windows(2).enumerate() {
        let (above, row) = (&w[0], &w[1]);
        let last = r + 2 == p.rows.len();
        if above.len() < 2 || row.len() > above.len() - 1 || (!last && row.len() != above.len() - 1) {
            return Err(format!("row {} holds {} cards under {}", r + 2, row.len(), above.len()));
        }
        // A completed peacock's face-down card (EP-R5) is not checked: a
        // view re-deals it, and who may not see it cannot tell its colour.
        let face_down = last && p.is_complete();
        if let Some(c) = row.iter().find(|c| !face_down && !above.iter().any(|a| a.colour == c.colour)) {
            return Err(format!("{c} in row {} matches no colour of the row above", r + 2));
        }
    }
    Ok(())
}
