//! `aviary check FILE`: replays a save without opening a window.

use std::path::Path;

use crate::games;
use crate::save::SaveError;

/// Replays the save at `path` and describes it. `Ok` holds the report
/// (exit code 0); `Err` the problem (exit code 1).
///
/// # Errors
/// The first problem: unreadable, too large, foreign, newer, or an illegal
/// move with its rule id and reason.
pub fn check(path: &Path) -> Result<String, SaveError> {
    let (_, s) = games::verify_path(path)?;
    Ok(format!("game: {}\nactions: {} ({} in effect)\n{}", s.game, s.actions, s.cursor, s.now))
}
