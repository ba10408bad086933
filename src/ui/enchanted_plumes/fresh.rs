//! The public cards that changed since a person's last turn, and when they
//! are worked out again.

use super::{EnchantedPlumes, Phase, PlumesView, Seat};

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

impl PlumesView {
    /// Works out the cards laid since the person to act last acted, when
    /// the position or the person changed.
    pub(super) fn update_fresh(&mut self) {
        let key = self.human_to_move().map(|s| (s, self.table.session().cursor()));
        if key == self.fresh.key {
            return;
        }
        self.fresh = match key {
            Some((seat, cursor)) => {
                // From the end of the seat's last turn to the start of this
                // one: the rings stay while it plays (they went at its
                // first card laid), on the Train's cards still there.
                let log = &self.table.session().log()[..cursor];
                let turn_start = log.iter().rposition(|e| e.seat != Some(seat)).map_or(0, |i| i + 1);
                let mut since = log[..turn_start].iter().rposition(|e| e.seat == Some(seat)).map_or(0, |i| i + 1);
                let mut before = self.table.session().clone();
                before.seek(since);
                // Before anyone's first turn the cards were dealt, not
                // laid: what changed counts from the first turn (every
                // Train card was ringed at the start).
                while before.state().phase() == Phase::Keep && since < cursor {
                    since += 1;
                    before.seek(since);
                }
                let mut start = self.table.session().clone();
                start.seek(turn_start);
                let mut fresh = Fresh { key, ..Fresh::between(before.state(), start.state()) };
                let (then, now) = (start.state().train(), self.state().train());
                fresh.train.retain(|&i| then.get(i) == now.get(i));
                fresh
            }
            None => Fresh::default(),
        };
    }
}
