//! Hand-built positions, for the rule tests and the rules page's examples.

use super::{Action, FeathersAndWax, Flyer, Place, Walker, suit_index};
use crate::rules::cards::{Card, Deck, Suit};

/// One of the four decks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Pile {
    /// Spades (phase 1).
    Feathers,
    /// Clubs (phase 1).
    Wax,
    /// A–10 of hearts and diamonds (phase 1).
    Moves,
    /// All hearts and diamonds (phase 3).
    Flight,
}

/// Hand-built positions, for the rule tests and the rules page's examples.
/// They move cards and pieces without asking the rules.
impl FeathersAndWax {
    pub(super) fn pile(&mut self, pile: Pile) -> &mut Deck<Card> {
        match pile {
            Pile::Feathers => &mut self.feathers,
            Pile::Wax => &mut self.wax,
            Pile::Moves => &mut self.moves,
            Pile::Flight => &mut self.flight,
        }
    }

    /// Puts `top` on top of the deck, `top[0]` to be drawn first (cards not
    /// in the deck are added).
    pub fn stack(&mut self, pile: Pile, top: &[Card]) {
        let deck = self.pile(pile);
        let mut cards: Vec<Card> = deck.cards().iter().copied().filter(|c| !top.contains(c)).collect();
        cards.extend(top.iter().rev());
        *deck = Deck::from_order(cards);
    }

    /// Replaces a deck (the last card is on top).
    pub fn set_deck(&mut self, pile: Pile, cards: Vec<Card>) {
        *self.pile(pile) = Deck::from_order(cards);
    }

    /// Puts Daedalus somewhere in (or outside) the labyrinth.
    pub fn put_walker(&mut self, walker: Walker) {
        self.walker = walker;
    }

    /// Sets the collected A–10 values of a suit (taken out of its deck).
    pub fn set_held(&mut self, suit: Suit, values: &[u8]) {
        let pile = if suit == Suit::Spades { Pile::Feathers } else { Pile::Wax };
        let deck = self.pile(pile);
        let cards = deck.cards().iter().copied().filter(|c| !values.contains(&c.rank)).collect();
        *deck = Deck::from_order(cards);
        self.held[suit_index(suit)] = values.to_vec();
    }

    /// Gives Daedalus the K of a suit (taken out of its deck).
    pub fn give_king(&mut self, suit: Suit) {
        let pile = if suit == Suit::Spades { Pile::Feathers } else { Pile::Wax };
        let deck = self.pile(pile);
        let cards = deck.cards().iter().copied().filter(|c| c.rank != 13).collect();
        *deck = Deck::from_order(cards);
        self.kings[suit_index(suit)] = true;
    }

    /// Skips to phase 3 with these wing sections, both flyers in the tower.
    pub fn start_flight(&mut self, icarus: &[u8], daedalus: &[u8]) {
        self.held = [Vec::new(), Vec::new()];
        self.card = None;
        self.walker = Walker::Out;
        self.wings = [icarus.to_vec(), daedalus.to_vec()];
        self.apply_wings(&Action::Launch);
    }

    /// Puts a flyer somewhere.
    pub fn set_place(&mut self, flyer: Flyer, place: Place) {
        self.places[flyer as usize] = place;
    }
}
