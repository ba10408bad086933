//! Whether a Feathers & Wax state from outside (a saved view) is one the
//! rules could have reached ([`Game::well_formed`]): every card a card of
//! the 52 (ranks A to K) of the suit its pile holds; each spade and club in
//! exactly one place (its deck, the collected cards, the kept K, the J or Q
//! waiting, the wings, the discards); each movement card once (FW-R8);
//! each flight card at most once between the flight deck and the drawn
//! cards, and every flight card played discarded (FW-R11); Daedalus in the
//! labyrinth only while collecting, on a cell of it; the flyers in the sky
//! or off it; the stage and turn within a flight; the game over exactly
//! when it has an outcome. Nothing here indexes with a number it has not
//! checked.
//!
//! [`Game::well_formed`]: crate::rules::Game::well_formed

use super::{FeathersAndWax, Flyer, LAB_H, LAB_W, Phase, Place, SAFE_COL, SKY_ROWS, Stage, Walker, suit_index};
use crate::rules::cards::{Card, Suit};

/// More flight turns than the 26 flight cards allow.
const MOST_TURNS: u16 = 1000;

fn card_ok(c: Card, suits: &[Suit], ranks: std::ops::RangeInclusive<u8>, what: &str) -> Result<(), String> {
    if suits.contains(&c.suit) && ranks.contains(&c.rank) {
        Ok(())
    } else {
        Err(format!("{what} holds the {} (rank {}), which it cannot", c.name(), c.rank))
    }
}

fn cell_ok(x: u8, y: u8) -> Result<(), String> {
    if x < LAB_W && y < LAB_H { Ok(()) } else { Err(format!("cell ({x}, {y}) is outside the labyrinth")) }
}

/// Values 1 to 10, each once.
fn values_ok(values: &[u8], what: &str) -> Result<(), String> {
    for (i, v) in values.iter().enumerate() {
        if !(1..=10).contains(v) || values.iter().take(i).any(|w| w == v) {
            return Err(format!("{what} holds the value {v} twice or out of A to 10"));
        }
    }
    Ok(())
}

impl FeathersAndWax {
    /// The whole check (see the module text).
    pub(super) fn well_formed_state(&self) -> Result<(), String> {
        const RED: [Suit; 2] = [Suit::Hearts, Suit::Diamonds];
        for c in self.feathers.cards() {
            card_ok(*c, &[Suit::Spades], 1..=13, "the feather deck")?;
        }
        for c in self.wax.cards() {
            card_ok(*c, &[Suit::Clubs], 1..=13, "the wax deck")?;
        }
        for c in self.moves.cards() {
            card_ok(*c, &RED, 1..=10, "the movement deck")?;
        }
        for c in self.flight.cards().iter().chain(&self.drawn) {
            card_ok(*c, &RED, 1..=13, "the flight")?;
        }
        if let Some(c) = self.card {
            card_ok(c, &RED, 1..=10, "the movement card in play")?;
        }
        if let Some(c) = self.pending {
            card_ok(c, &[Suit::Spades, Suit::Clubs], 11..=12, "the card waiting for the K")?;
        }
        if let Stage::Specials { card, .. } = self.stage {
            card_ok(card, &RED, 1..=13, "the card played")?;
        }
        values_ok(&self.held[0], "the feathers")?;
        values_ok(&self.held[1], "the wax")?;
        let wings: Vec<u8> = self.wings.iter().flatten().copied().collect();
        values_ok(&wings, "the wings")?;
        self.black_suits_once()?;
        self.red_cards_once()?;
        self.places_ok()?;
        match (self.phase, &self.outcome) {
            (Phase::Over, Some(o)) if o.winners.iter().all(|w| w.0 == 0) => Ok(()),
            (Phase::Over, _) => Err("the game is over with no outcome".into()),
            (_, Some(_)) => Err("the game has an outcome but is not over".into()),
            (_, None) => Ok(()),
        }
    }

    /// Each spade and each club in one place: its deck, collected, the
    /// kept K, waiting for the K, on the wings, or discarded.
    fn black_suits_once(&self) -> Result<(), String> {
        for (suit, deck) in [(Suit::Spades, &self.feathers), (Suit::Clubs, &self.wax)] {
            let si = suit_index(suit);
            let mut places: Vec<Card> = deck.cards().to_vec();
            places.extend(self.held[si].iter().map(|&v| Card::new(v, suit)));
            if self.kings[si] {
                places.push(Card::new(13, suit));
            }
            places.extend(self.pending.filter(|c| c.suit == suit));
            if suit == Suit::Spades && self.phase != Phase::Wings {
                // While building, the wings hold collected spades.
                places.extend(self.wings.iter().flatten().map(|&v| Card::new(v, suit)));
            }
            places.extend(self.discards.iter().filter(|c| c.suit == suit));
            for rank in 1..=13 {
                let n = places.iter().filter(|c| c.rank == rank).count();
                if n > 1 || (n == 0 && self.phase != Phase::Over) {
                    return Err(format!("the {} is in {n} places", Card::new(rank, suit).name()));
                }
            }
        }
        if self.phase == Phase::Wings && self.wings.iter().flatten().any(|v| !self.held[0].contains(v)) {
            return Err("a wing section that was not collected".into());
        }
        Ok(())
    }

    /// Each movement card once while collecting and building (its deck,
    /// in play, discarded); each flight card once between the flight deck
    /// and the drawn cards, and discarded when in neither.
    fn red_cards_once(&self) -> Result<(), String> {
        for suit in [Suit::Hearts, Suit::Diamonds] {
            for rank in 1..=13 {
                let c = Card::new(rank, suit);
                let discarded = usize::from(self.discards.contains(c));
                let wrong = match self.phase {
                    Phase::Collect | Phase::Wings => {
                        let n = self.moves.cards().iter().filter(|&&m| m == c).count()
                            + usize::from(self.card == Some(c))
                            + discarded;
                        (rank <= 10 && n != 1) || (rank > 10 && n != 0)
                    }
                    Phase::Flight | Phase::Over => {
                        let n = self.flight.cards().iter().chain(&self.drawn).filter(|&&m| m == c).count();
                        n > 1 || (n == 0 && discarded == 0 && self.phase == Phase::Flight)
                    }
                };
                if wrong {
                    return Err(format!("the {} is in the wrong number of places", c.name()));
                }
            }
        }
        Ok(())
    }

    /// Daedalus, the movement in play, the flyers and the flight's stage.
    fn places_ok(&self) -> Result<(), String> {
        if let Walker::At(c) = self.walker {
            cell_ok(c.x, c.y)?;
        }
        if self.path.len() > 10 {
            return Err(format!("a move of {} steps", self.path.len()));
        }
        for c in &self.path {
            cell_ok(c.x, c.y)?;
        }
        let collecting = self.phase == Phase::Collect;
        if collecting == (self.walker == Walker::Out) && self.phase != Phase::Over {
            return Err("Daedalus is in the labyrinth outside phase 1, or out of it during it".into());
        }
        if !collecting && (self.card.is_some() || self.pending.is_some()) && self.phase != Phase::Over {
            return Err("a movement card is in play outside phase 1".into());
        }
        match self.card {
            Some(c) if self.steps_left > c.rank => {
                return Err(format!("{} steps left of a {}", self.steps_left, c.name()));
            }
            None if self.steps_left > 0 => return Err(format!("{} steps left with no card in play", self.steps_left)),
            _ => {}
        }
        if self.pending.is_some_and(|p| !self.kings[suit_index(p.suit)]) {
            return Err("a J or Q waits for a K that is not kept".into());
        }
        for p in self.places {
            if let Place::Sky { col, row } = p
                && (col >= SAFE_COL || row >= SKY_ROWS)
            {
                return Err(format!("a flyer at column {col}, row {row}, off the sky"));
            }
        }
        if self.turn > MOST_TURNS {
            return Err(format!("flight turn {}", self.turn));
        }
        let flying = |f: Flyer| matches!(self.places[f as usize], Place::Sky { .. });
        match self.stage {
            Stage::Play(f) | Stage::Specials { flyer: f, .. } if self.phase == Phase::Flight && !flying(f) => {
                Err(format!("{} is to move, and is not in the sky", f.name()))
            }
            _ => Ok(()),
        }
    }
}
