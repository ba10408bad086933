//! The Feather cards: a colour and a value, and sets of them.

use std::fmt;

use super::COLOURS;

/// One Feather card: a colour (index into [`COLOURS`]) and a value 0–9.
/// In save files it is written as its name, e.g. `"red 5"`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct Feather {
    /// Colour index 0..10 (see [`COLOURS`]).
    pub colour: u8,
    /// Value 0..=9.
    pub value: u8,
}

impl Feather {
    /// The card of `colour` (0..10) and `value` (0..=9).
    #[must_use]
    pub const fn new(colour: u8, value: u8) -> Self {
        Self { colour, value }
    }

    /// The colour's name.
    #[must_use]
    pub fn colour_name(self) -> &'static str {
        COLOURS.get(usize::from(self.colour)).copied().unwrap_or("?")
    }

    pub(super) fn index(self) -> u32 {
        u32::from(self.colour) * 10 + u32::from(self.value)
    }

    fn from_index(i: u32) -> Self {
        Self { colour: (i / 10) as u8, value: (i % 10) as u8 }
    }

    /// The deck for `seats` players (EP-R1), sorted.
    #[must_use]
    pub fn deck_for(seats: u8) -> Vec<Feather> {
        let top = max_value(seats);
        (0..10u8).flat_map(|c| (0..=top).map(move |v| Feather::new(c, v))).collect()
    }
}

/// The highest card value in play for `seats` players (EP-R1).
#[must_use]
pub fn max_value(seats: u8) -> u8 {
    match seats {
        0..=2 => 6,
        3 => 7,
        4 => 8,
        _ => 9,
    }
}

impl fmt::Display for Feather {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.colour_name(), self.value)
    }
}

impl fmt::Debug for Feather {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

impl From<Feather> for String {
    fn from(f: Feather) -> String {
        f.to_string()
    }
}

impl TryFrom<String> for Feather {
    type Error = String;
    fn try_from(s: String) -> Result<Self, String> {
        let mut parts = s.split_whitespace();
        let (Some(colour), Some(value), None) = (parts.next(), parts.next(), parts.next()) else {
            return Err(format!("\"{s}\" is not a feather card (write it like \"red 5\")"));
        };
        let colour = COLOURS
            .iter()
            .position(|c| c.eq_ignore_ascii_case(colour))
            .ok_or_else(|| format!("\"{colour}\" is not a feather colour ({})", COLOURS.join(", ")))?;
        let value: u8 =
            value.parse().ok().filter(|v| *v <= 9).ok_or_else(|| format!("\"{value}\" is not a value 0-9"))?;
        Ok(Feather::new(colour as u8, value))
    }
}

/// A set of Feather cards (100 bits).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct FeatherSet(u128);

impl FeatherSet {
    /// Adds a card.
    pub fn insert(&mut self, f: Feather) {
        self.0 |= 1 << f.index();
    }
    /// Removes a card.
    pub fn remove(&mut self, f: Feather) {
        self.0 &= !(1 << f.index());
    }
    /// True when the card is in the set.
    #[must_use]
    pub fn contains(self, f: Feather) -> bool {
        self.0 & (1 << f.index()) != 0
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
    /// The cards, sorted.
    pub fn iter(self) -> impl Iterator<Item = Feather> {
        (0..100u32).filter(move |i| self.0 & (1 << i) != 0).map(Feather::from_index)
    }
}

impl FromIterator<Feather> for FeatherSet {
    fn from_iter<I: IntoIterator<Item = Feather>>(iter: I) -> Self {
        let mut s = FeatherSet::default();
        for f in iter {
            s.insert(f);
        }
        s
    }
}

impl Extend<Feather> for FeatherSet {
    fn extend<I: IntoIterator<Item = Feather>>(&mut self, iter: I) {
        for f in iter {
            self.insert(f);
        }
    }
}
