//! Standard playing cards (Feathers & Wax uses a 52-card deck split by suit)
//! and helpers for decks of any card type.

use std::fmt;

use super::Rng;

/// The four French suits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
pub enum Suit {
    /// ♣
    Clubs,
    /// ♦
    Diamonds,
    /// ♥
    Hearts,
    /// ♠
    Spades,
}

impl Suit {
    /// All suits in order.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    /// The suit's symbol.
    #[must_use]
    pub fn symbol(self) -> char {
        match self {
            Suit::Clubs => '♣',
            Suit::Diamonds => '♦',
            Suit::Hearts => '♥',
            Suit::Spades => '♠',
        }
    }

    /// The suit's name in words ("spades"), for text that must render in any font.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Suit::Clubs => "clubs",
            Suit::Diamonds => "diamonds",
            Suit::Hearts => "hearts",
            Suit::Spades => "spades",
        }
    }

    /// True for hearts and diamonds.
    #[must_use]
    pub fn is_red(self) -> bool {
        matches!(self, Suit::Diamonds | Suit::Hearts)
    }
}

/// A standard playing card: rank 1 (ace) to 13 (king) and a suit.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
pub struct Card {
    /// 1 = A, 2..=10, 11 = J, 12 = Q, 13 = K.
    pub rank: u8,
    /// The suit.
    pub suit: Suit,
}

impl Card {
    /// The card of `rank` (1..=13) and `suit`.
    #[must_use]
    pub const fn new(rank: u8, suit: Suit) -> Self {
        Self { rank, suit }
    }

    /// True for J, Q and K.
    #[must_use]
    pub fn is_face(self) -> bool {
        self.rank > 10
    }

    /// The rank as printed on the card ("A", "7", "K").
    #[must_use]
    pub fn rank_label(self) -> &'static str {
        const LABELS: [&str; 14] = ["?", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
        LABELS.get(usize::from(self.rank)).copied().unwrap_or("?")
    }

    /// The card in words ("K of spades"), for logs and messages.
    #[must_use]
    pub fn name(self) -> String {
        format!("{} of {}", self.rank_label(), self.suit.name())
    }

    /// The thirteen cards of one suit, A to K.
    #[must_use]
    pub fn suit_of(suit: Suit) -> Vec<Card> {
        (1..=13).map(|r| Card::new(r, suit)).collect()
    }

    /// The full 52-card deck in a fixed order.
    #[must_use]
    pub fn deck52() -> Vec<Card> {
        Suit::ALL.into_iter().flat_map(Card::suit_of).collect()
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank_label(), self.suit.symbol())
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A set of standard cards as 52 bits: cheap to copy, for discard piles
/// and "seen" memories.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct CardSet(u64);

impl CardSet {
    fn bit(card: Card) -> u64 {
        let suit = Suit::ALL.iter().position(|s| *s == card.suit).unwrap_or(0) as u64;
        1 << (suit * 13 + u64::from(card.rank.clamp(1, 13)) - 1)
    }

    /// Adds a card.
    pub fn insert(&mut self, card: Card) {
        self.0 |= Self::bit(card);
    }

    /// True when the card is in the set.
    #[must_use]
    pub fn contains(self, card: Card) -> bool {
        self.0 & Self::bit(card) != 0
    }

    /// Number of cards.
    #[must_use]
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// True when empty.
    #[must_use]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The cards in the set, clubs first, A to K within a suit.
    pub fn iter(self) -> impl Iterator<Item = Card> {
        Card::deck52().into_iter().filter(move |c| self.contains(*c))
    }
}

impl Extend<Card> for CardSet {
    fn extend<I: IntoIterator<Item = Card>>(&mut self, iter: I) {
        for c in iter {
            self.insert(c);
        }
    }
}

/// A face-down pile drawn from the top (the end of the vector).
#[derive(Clone, Debug, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub struct Deck<C> {
    cards: Vec<C>,
}

impl<C: Clone> Deck<C> {
    /// A deck holding `cards`, shuffled with `rng`.
    pub fn shuffled(mut cards: Vec<C>, rng: &mut Rng) -> Self {
        rng.shuffle(&mut cards);
        Self { cards }
    }

    /// A deck holding `cards` in this order (the last one is on top).
    #[must_use]
    pub fn from_order(cards: Vec<C>) -> Self {
        Self { cards }
    }

    /// Cards left.
    #[must_use]
    pub fn len(&self) -> usize {
        self.cards.len()
    }

    /// True when no card is left.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// Takes the top card.
    pub fn draw(&mut self) -> Option<C> {
        self.cards.pop()
    }

    /// Re-deals the unseen order: the same cards in a new random order
    /// (used by `determinize`, so search never sees the real order).
    pub fn reshuffle(&mut self, rng: &mut Rng) {
        rng.shuffle(&mut self.cards);
    }

    /// The cards, bottom first (for rules code that needs to look).
    #[must_use]
    pub fn cards(&self) -> &[C] {
        &self.cards
    }
}

#[cfg(test)]
mod tests {
    use super::{Card, Deck, Suit};
    use crate::rules::Rng;

    #[test]
    fn a_shuffled_deck_keeps_every_card_once() {
        let mut rng = Rng::seeded(3);
        let mut deck = Deck::shuffled(Card::deck52(), &mut rng);
        assert_eq!(deck.len(), 52);
        let mut seen = Vec::new();
        while let Some(c) = deck.draw() {
            seen.push(c);
        }
        seen.sort();
        let mut all = Card::deck52();
        all.sort();
        assert_eq!(seen, all);
        assert_eq!(Card::new(13, Suit::Spades).to_string(), "K♠");
        assert!(Card::new(11, Suit::Hearts).is_face());
    }
}
