//! A plume and its score (EP-R4, EP-R5), and scores as far as a seat can
//! know them.

use super::Feather;

/// One plume: rows from the top (row 0, scored negative) down.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Plume {
    /// The rows, top first.
    pub rows: Vec<Vec<Feather>>,
}

impl Plume {
    /// True when the plume tapers to a single card under a two-card row
    /// (EP-R5): a completed peacock, its last card face down.
    #[must_use]
    pub fn is_complete(&self) -> bool {
        let n = self.rows.len();
        n >= 2 && self.rows[n - 1].len() == 1 && self.rows[n - 2].len() == 2
    }

    /// All cards in it.
    #[must_use]
    pub fn cards(&self) -> usize {
        self.rows.iter().map(Vec::len).sum()
    }

    /// The exact size row `row` must reach (None for the open-ended top row).
    #[must_use]
    pub fn required(&self, row: usize) -> Option<usize> {
        if row == 0 { None } else { self.rows.get(row - 1).map(|r| r.len().saturating_sub(1)) }
    }

    /// The face-down card, if the peacock is complete.
    #[must_use]
    pub fn face_down(&self) -> Option<Feather> {
        if self.is_complete() { self.rows.last().and_then(|r| r.first().copied()) } else { None }
    }

    /// Points by EP-R7: lower rows minus the top row, plus one per card
    /// for a completed peacock.
    #[must_use]
    pub fn score(&self) -> i32 {
        let sum = |r: &Vec<Feather>| r.iter().map(|f| i32::from(f.value)).sum::<i32>();
        let top = self.rows.first().map_or(0, sum);
        let lower: i32 = self.rows.iter().skip(1).map(sum).sum();
        lower - top + self.bonus()
    }

    /// The score as the seats who may not see its face-down card know it
    /// (EP-R5): exact for a plume with no face-down card, else at least
    /// the score with that card counted as 0.
    #[must_use]
    pub fn public_score(&self) -> Known {
        match self.face_down() {
            Some(card) => Known::AtLeast(self.score() - i32::from(card.value)),
            None => Known::Exact(self.score()),
        }
    }

    /// The completed-peacock bonus (EP-R7).
    #[must_use]
    pub fn bonus(&self) -> i32 {
        if self.is_complete() { self.cards() as i32 } else { 0 }
    }

    /// Cards still needed to finish the current row and every row down to
    /// a single card (0 when complete; `None` for a one-card top row, which
    /// can only grow sideways).
    #[must_use]
    pub fn cards_to_complete(&self) -> Option<usize> {
        if self.is_complete() {
            return Some(0);
        }
        let last = self.rows.len().checked_sub(1)?;
        let have = self.rows[last].len();
        let size = self.required(last).unwrap_or(have);
        if size < 2 && last == 0 {
            return None;
        }
        let missing = size.saturating_sub(have);
        // Rows below the current one: size-1, size-2, ..., 1.
        Some(missing + size * size.saturating_sub(1) / 2)
    }
}

/// A score as one seat may know it (EP-R5, EP-R8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Known {
    /// The exact value.
    Exact(i32),
    /// At least this much: face-down cards the seat may not see add their
    /// values (0 or more) to it.
    AtLeast(i32),
}

impl Known {
    /// The exact value, or the lower bound.
    #[must_use]
    pub fn lower(self) -> i32 {
        match self {
            Known::Exact(n) | Known::AtLeast(n) => n,
        }
    }
}

impl std::ops::Add for Known {
    type Output = Known;
    fn add(self, other: Known) -> Known {
        match (self, other) {
            (Known::Exact(a), Known::Exact(b)) => Known::Exact(a + b),
            (a, b) => Known::AtLeast(a.lower() + b.lower()),
        }
    }
}
