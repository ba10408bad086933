//! Whether a Dust in the Wings state from outside (a friend's copy, a
//! host's view) is one the rules could have reached ([`Game::well_formed`]):
//! seats and the seat to play in range; the 48 butterflies (16 of each
//! colour) on the meadow or in the tray; the path on the meadow, step by
//! step (DW-R1); each of the 31 Gathering and 24 Composition cards in
//! exactly one place (deck, discard pile, display, a tableau); each of the
//! bag's crystals in the bag, on a displayed card (at most three, and only
//! on a card) or in a tableau; the game over exactly when it has an
//! outcome. Nothing here indexes with a number it has not checked.
//!
//! [`Game::well_formed`]: crate::rules::Game::well_formed

use super::{COMPOSITIONS, Colour, Crystal, DISPLAY, DustInTheWings, SIZE, Stage, crystals_for, gathering_cards};
use crate::rules::grid::Square;

/// Butterflies of each colour in the game (48 in all, DW setup).
const EACH_COLOUR: u32 = 16;

/// More turns than any game can last (a game ends within a few dozen).
const MOST_TURNS: u32 = 100_000;

fn on_meadow(s: Square) -> Result<(), String> {
    if s.x < SIZE && s.y < SIZE { Ok(()) } else { Err(format!("{s} is off the {SIZE}×{SIZE} meadow")) }
}

/// A dispersion's path: on the meadow, one orthogonal step at a time,
/// never straight back.
fn path_ok(path: &[Square]) -> Result<(), String> {
    if path.is_empty() || path.len() > 1 + 3 * EACH_COLOUR as usize {
        return Err(format!("a path of {} spaces", path.len()));
    }
    for &s in path {
        on_meadow(s)?;
    }
    for w in path.windows(2) {
        if !w[0].is_orthogonal_neighbour(w[1]) {
            return Err(format!("the path steps from {} to {}, not next to it", w[0], w[1]));
        }
    }
    if path.windows(3).any(|w| w[0] == w[2]) {
        return Err("the path steps straight back".into());
    }
    Ok(())
}

/// Each card of `0..n` exactly once among `places`.
fn each_once(n: usize, places: &[&[u8]], what: &str) -> Result<(), String> {
    let mut seen = vec![0u32; n];
    for &c in places.iter().flat_map(|p| p.iter()) {
        match seen.get_mut(usize::from(c)) {
            Some(k) => *k += 1,
            None => return Err(format!("there is no {what} card {c} ({n} in all)")),
        }
    }
    match seen.iter().position(|&k| k != 1) {
        Some(c) => Err(format!("{what} card {c} is in {} places", seen[c])),
        None => Ok(()),
    }
}

impl DustInTheWings {
    /// The whole check (see the module text).
    pub(super) fn well_formed_state(&self) -> Result<(), String> {
        let seats = usize::from(self.seats);
        if !(2..=4).contains(&seats) || self.tableaux.len() != seats {
            return Err(format!("{} seats with {} tableaux", self.seats, self.tableaux.len()));
        }
        if self.current.0 >= self.seats || self.last_turn.is_some_and(|s| s.0 >= self.seats) {
            return Err(format!("a seat past the {} of this game is to play", self.seats));
        }
        if self.turns > MOST_TURNS {
            return Err(format!("{} turns", self.turns));
        }
        self.butterflies_ok()?;
        self.cards_ok()?;
        self.crystals_ok()?;
        match (&self.stage, &self.outcome) {
            (Stage::Over, Some(o)) if o.winners.iter().any(|w| w.0 >= self.seats) || o.scores.len() != seats => {
                return Err("the outcome names seats the game does not have".into());
            }
            (Stage::Over, Some(_)) => {}
            (Stage::Over, None) => return Err("the game is over with no outcome".into()),
            (_, Some(_)) => return Err("the game has an outcome but is not over".into()),
            (Stage::Claim { .. }, None) if self.fulfilled().is_empty() => {
                return Err("a card is to be taken, and the last space fulfils none (DW-R3)".into());
            }
            _ => {}
        }
        Ok(())
    }

    /// 16 butterflies of each colour on the meadow and in the tray; the
    /// path of the dispersion on the meadow (DW-R1).
    fn butterflies_ok(&self) -> Result<(), String> {
        let mut n = [0u32; 3];
        for space in &self.meadow {
            for c in 0..3 {
                n[c] += u32::from(space[c]);
            }
        }
        match &self.stage {
            Stage::Disperse { path, tray } => {
                path_ok(path)?;
                if tray.iter().all(|&c| c == 0) {
                    return Err("a dispersion with no butterfly left to drop".into());
                }
                for c in 0..3 {
                    n[c] += u32::from(tray[c]);
                }
            }
            Stage::Claim { last, path } => {
                path_ok(path)?;
                if path.last() != Some(last) {
                    return Err(format!("the last space {last} is not the path's end"));
                }
            }
            Stage::Pick | Stage::Over => {}
        }
        if let Some(c) = (0..3).find(|&c| n[c] != EACH_COLOUR) {
            return Err(format!(
                "{} {} butterflies; the game has {EACH_COLOUR} of each colour",
                n[c],
                Colour::ALL[c].name()
            ));
        }
        Ok(())
    }

    /// Every Gathering card and every Composition card once.
    fn cards_ok(&self) -> Result<(), String> {
        let shown: Vec<u8> = self.gathering.iter().flatten().copied().collect();
        let taken: Vec<u8> = self.tableaux.iter().flat_map(|t| t.gatherings.iter().copied()).collect();
        let places: [&[u8]; 4] = [&self.gathering_deck, &self.gathering_discard, &shown, &taken];
        each_once(gathering_cards().len(), &places, "Gathering")?;
        let shown: Vec<u8> = self.composition.iter().flatten().copied().collect();
        let taken: Vec<u8> = self.tableaux.iter().flat_map(|t| t.compositions.iter().copied()).collect();
        each_once(COMPOSITIONS.len(), &[&self.composition_deck, &shown, &taken], "Composition")
    }

    /// The bag's crystals are all in the bag, on the displayed Gathering
    /// cards (at most three on each, none on an empty slot) or taken.
    fn crystals_ok(&self) -> Result<(), String> {
        let mut n = [u32::from(self.bag.0), u32::from(self.bag.1)];
        for i in 0..DISPLAY {
            let on = &self.crystals[i];
            if on.len() > 3 || (self.gathering[i].is_none() && !on.is_empty()) {
                return Err(format!("{} crystals on Gathering slot {}", on.len(), i + 1));
            }
            for c in on {
                n[usize::from(*c == Crystal::White)] += 1;
            }
        }
        for t in &self.tableaux {
            n[0] += u32::from(t.black);
            n[1] += u32::from(t.white);
        }
        let (black, white) = crystals_for(self.seats);
        if n != [u32::from(black), u32::from(white)] {
            return Err(format!(
                "{} black and {} white crystals; a game of {} has {black} and {white}",
                n[0], n[1], self.seats
            ));
        }
        Ok(())
    }
}
