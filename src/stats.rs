//! Statistics kept between runs: games finished and won per game, with
//! clean games (no undo past a revealed card) counted apart from assisted
//! ones. Stored as JSON beside the settings.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

use crate::save;
use crate::session::Counted;

/// One game's record.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct Record {
    /// Finished clean games.
    pub clean_played: u32,
    /// Won clean games.
    pub clean_won: u32,
    /// Finished assisted games.
    pub assisted_played: u32,
    /// Won assisted games.
    pub assisted_won: u32,
}

impl Record {
    /// One line for the Home tab ("3 played · 1 won clean (of 2) · 1 won
    /// with undo (of 1)").
    #[must_use]
    pub fn summary(&self) -> String {
        let played = self.clean_played + self.assisted_played;
        if played == 0 {
            return "no games finished yet".to_string();
        }
        let mut s = format!("{played} finished · clean: {} won of {}", self.clean_won, self.clean_played);
        if self.assisted_played > 0 {
            let _ = write!(s, " · assisted: {} won of {}", self.assisted_won, self.assisted_played);
        }
        s
    }
}

/// Every game's record, by game id.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct Stats {
    /// Records by game id.
    pub games: BTreeMap<String, Record>,
}

impl Stats {
    /// Reads statistics; a missing file gives empty ones.
    ///
    /// # Errors
    /// A file that is there but cannot be used; the caller keeps it.
    pub fn load(path: Option<&Path>) -> Result<Self, save::JsonProblem> {
        save::load_json(path)
    }

    /// Writes statistics atomically.
    ///
    /// # Errors
    /// The I/O problem.
    pub fn store(&self, path: &Path) -> Result<(), save::SaveError> {
        save::store_json(path, self)
    }

    /// Counts a finished game.
    pub fn record(&mut self, game: &str, won: bool, assisted: bool) {
        let r = self.games.entry(game.to_string()).or_default();
        if assisted {
            r.assisted_played += 1;
            r.assisted_won += u32::from(won);
        } else {
            r.clean_played += 1;
            r.clean_won += u32::from(won);
        }
    }

    /// Takes back a game counted earlier (its end was undone and it ended
    /// again), so each game counts once, by its final result.
    pub fn take_back(&mut self, game: &str, counted: Counted) {
        let r = self.games.entry(game.to_string()).or_default();
        if counted.assisted {
            r.assisted_played = r.assisted_played.saturating_sub(1);
            r.assisted_won = r.assisted_won.saturating_sub(u32::from(counted.won));
        } else {
            r.clean_played = r.clean_played.saturating_sub(1);
            r.clean_won = r.clean_won.saturating_sub(u32::from(counted.won));
        }
    }

    /// A game's record.
    #[must_use]
    pub fn get(&self, game: &str) -> Record {
        self.games.get(game).copied().unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::Stats;

    #[test]
    fn clean_and_assisted_games_are_counted_apart_and_survive_a_round_trip() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("stats.json");
        let mut s = Stats::load(Some(&path)).expect("no file yet");
        s.record("a-game", true, false);
        s.record("a-game", false, false);
        s.record("a-game", true, true);
        s.store(&path).expect("stored");
        let back = Stats::load(Some(&path)).expect("read back");
        let r = back.get("a-game");
        assert_eq!((r.clean_played, r.clean_won, r.assisted_played, r.assisted_won), (2, 1, 1, 1));
        assert_eq!(r.summary(), "3 finished · clean: 1 won of 2 · assisted: 1 won of 1");
    }
}
