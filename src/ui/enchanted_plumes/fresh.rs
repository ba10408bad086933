//! The public cards that changed since a person's last action.

use super::{EnchantedPlumes, Seat};

/// The public cards that changed since a person's last action (highlighted
/// on the hand-off screen and during their turn, so they can follow what
/// the others did). Worked out once per position.
#[derive(Default)]
pub(super) struct Fresh {
    /// The person and the cursor it was worked out for.
    pub key: Option<(Seat, usize)>,
    /// (seat, plume, row, position in the row).
    pub plumes: std::collections::HashSet<(u8, usize, usize, usize)>,
    /// Train slots.
    pub train: std::collections::HashSet<usize>,
}

impl Fresh {
    /// The cards of `now` that were not at their place, or showed another
    /// face, in `before`. Face-down cards count only by their place, so the
    /// highlight tells nothing about a hidden card.
    pub fn between(before: &EnchantedPlumes, now: &EnchantedPlumes) -> Self {
        let mut fresh = Self::default();
        for s in (0..now.seats()).map(Seat) {
            for (i, p) in now.plumes(s).iter().enumerate() {
                let old = before.plumes(s).get(i);
                for (r, row) in p.rows.iter().enumerate() {
                    for (k, &c) in row.iter().enumerate() {
                        let face_down = p.is_complete() && r + 1 == p.rows.len();
                        let was = old.and_then(|o| o.rows.get(r)).and_then(|row| row.get(k));
                        if was.is_none() || (!face_down && was != Some(&c)) {
                            fresh.plumes.insert((s.0, i, r, k));
                        }
                    }
                }
            }
        }
        for (i, &c) in now.train().iter().enumerate() {
            if before.train().get(i) != Some(&c) {
                fresh.train.insert(i);
            }
        }
        fresh
    }
}
