//! Numbers in words for log and status text, one helper for every game:
//! "1 card" / "2 cards", "1st" / "2nd", a card value as its face shows it
//! ("A", not "1"), and the first letter of a joined sentence.

use super::cards::{Card, Suit};

/// `n` and the noun, in the singular for exactly one: `count(1, "card")` is
/// "1 card", `count(3, "card")` is "3 cards". Nouns whose plural is not
/// formed with "s" use [`count_with`].
#[must_use]
pub fn count(n: usize, noun: &str) -> String {
    if n == 1 { format!("1 {noun}") } else { format!("{n} {noun}s") }
}

/// A count that may be negative (a score): singular for 1 and −1,
/// `count_signed(-1, "point")` is "-1 point".
#[must_use]
pub fn count_signed(n: i64, noun: &str) -> String {
    if n.abs() == 1 { format!("{n} {noun}") } else { format!("{n} {noun}s") }
}

/// `n` and the singular or plural given: `count_with(2, "butterfly",
/// "butterflies")` is "2 butterflies".
#[must_use]
pub fn count_with(n: usize, singular: &str, plural: &str) -> String {
    if n == 1 { format!("1 {singular}") } else { format!("{n} {plural}") }
}

/// The English ordinal: 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, 102nd.
#[must_use]
pub fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// A card value as the card shows it: 1 is "A", 2–10 are digits, 11–13 are
/// "J", "Q", "K".
#[must_use]
pub fn value_label(value: u8) -> &'static str {
    Card::new(value, Suit::Spades).rank_label()
}

/// A spade by its value, in words: "the A of spades".
#[must_use]
pub fn spade(value: u8) -> String {
    format!("the {}", Card::new(value, Suit::Spades).name())
}

/// The text with its first letter in capitals (for a clause that becomes a
/// sentence after ". ").
#[must_use]
pub fn sentence(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn negative_scores_are_singular_at_minus_one() {
        assert_eq!(super::count_signed(-1, "point"), "-1 point");
        assert_eq!(super::count_signed(-2, "point"), "-2 points");
        assert_eq!(super::count_signed(0, "point"), "0 points");
        assert_eq!(super::count_signed(1, "point"), "1 point");
    }

    use super::*;

    #[test]
    fn counts_agree_with_their_number() {
        assert_eq!(count(0, "card"), "0 cards");
        assert_eq!(count(1, "card"), "1 card");
        assert_eq!(count(2, "card"), "2 cards");
        assert_eq!(count_with(1, "butterfly", "butterflies"), "1 butterfly");
        assert_eq!(count_with(5, "butterfly", "butterflies"), "5 butterflies");
    }

    #[test]
    fn ordinals() {
        let got: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 102, 111, 112].map(ordinal).into();
        assert_eq!(
            got,
            [
                "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "101st", "102nd", "111th",
                "112th"
            ]
        );
    }

    #[test]
    fn values_read_as_the_card_shows_them() {
        assert_eq!(value_label(1), "A");
        assert_eq!(value_label(10), "10");
        assert_eq!(value_label(12), "Q");
        assert_eq!(spade(1), "the A of spades");
        assert_eq!(spade(7), "the 7 of spades");
    }

    #[test]
    fn a_clause_becomes_a_sentence() {
        assert_eq!(sentence("the movement cards ran out"), "The movement cards ran out");
        assert_eq!(sentence(""), "");
    }
}
