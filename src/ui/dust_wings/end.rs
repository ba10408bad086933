//! The score pad's lines at the end of a game: each player's Compositions,
//! crystals and Gathering cards, and the total.

use crate::rules::dust_wings::{COMPOSITIONS, DustInTheWings};
use crate::rules::{Game, Outcome, Seat};
use crate::ui::scoreboard::ScoreRow;
use crate::ui::theme::Palette;

/// Each seat's line, placed by score, then white crystals, then fewest
/// Gathering cards (DW-R6).
pub(super) fn score_rows(state: &DustInTheWings, outcome: &Outcome, palette: &Palette) -> Vec<ScoreRow> {
    (0..state.seats())
        .map(Seat)
        .map(|s| {
            let t = state.tableau(s);
            let comp: i32 = t.compositions.iter().map(|&c| i32::from(COMPOSITIONS[usize::from(c)].points)).sum();
            let score = i64::from(t.score());
            ScoreRow {
                name: state.seat_name(s),
                colour: crate::ui::theme::seat_colour(palette, s),
                parts: vec![comp.to_string(), t.black.to_string(), format!("{} ×2", t.white)],
                total: score.to_string(),
                won: outcome.winners.contains(&s),
                rank: score * 1_000_000 + i64::from(t.white) * 1_000 - t.gatherings.len() as i64,
                note: None,
                tie: Some(t.gatherings.len().to_string()),
            }
        })
        .collect()
}
