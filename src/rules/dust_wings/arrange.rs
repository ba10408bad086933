//! Positions set by hand for the rule tests and the rules page: the
//! meadow, the cards, the decks, a tableau and the bag, moved without
//! asking the rules.

use super::{Counts, Crystal, DustInTheWings, Seat, Square, Tableau, idx};

impl DustInTheWings {
    /// Test setup: replace the butterflies on a space.
    pub fn set_space(&mut self, s: Square, counts: Counts) {
        self.meadow[idx(s)] = counts;
    }
    /// Test setup: replace the face-up cards and their crystals.
    pub fn set_cards(&mut self, gathering: [Option<u8>; 3], crystals: [Vec<Crystal>; 3], composition: [Option<u8>; 3]) {
        self.gathering = gathering;
        self.crystals = crystals;
        self.composition = composition;
    }
    /// Test setup: the decks (top card last) and the Gathering discard pile.
    pub fn set_decks(&mut self, gathering: Vec<u8>, discard: Vec<u8>, composition: Vec<u8>) {
        self.gathering_deck = gathering;
        self.gathering_discard = discard;
        self.composition_deck = composition;
    }
    /// Test setup: a seat's cards and crystals.
    pub fn set_tableau(&mut self, seat: Seat, t: Tableau) {
        self.tableaux[seat.index()] = t;
    }
    /// Test setup: the bag's crystals.
    pub fn set_bag(&mut self, black: u8, white: u8) {
        self.bag = (black, white);
    }
}
