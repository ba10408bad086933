//! Statistics kept between runs: games finished and won per game, with
//! clean games (no undo past a revealed card) counted apart from assisted
//! ones. Stored as JSON beside the settings.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

use crate::save;
use crate::session::{Counted, Level};

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
    /// The strongest computer level beaten (in any game, clean or not).
    pub best_beaten: Option<Level>,
    /// The level of the computer last played against, if the last game
    /// had one.
    pub last_against: Option<Level>,
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
        match (self.best_beaten, self.last_against) {
            (Some(best), _) => {
                let _ = write!(s, " · beat the computer on {}", best.name());
            }
            (None, Some(last)) => {
                let _ = write!(s, " · last against the computer on {}", last.name());
            }
            (None, None) => {}
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

    /// Counts a finished game: won or not, assisted or not, and against
    /// which computer level. (A win taken back by undo keeps the level it
    /// reached in `best_beaten`: the person did beat it once.)
    pub fn record(&mut self, game: &str, result: Counted) {
        let Counted { won, assisted, against } = result;
        let r = self.games.entry(game.to_string()).or_default();
        r.last_against = against;
        if won && let Some(level) = against {
            let rank = |l: Option<Level>| l.and_then(|l| Level::ALL.iter().position(|&x| x == l));
            if rank(Some(level)) > rank(r.best_beaten) {
                r.best_beaten = Some(level);
            }
        }
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
    use super::{Counted, Level, Stats};

    #[test]
    fn clean_and_assisted_games_are_counted_apart_and_survive_a_round_trip() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("stats.json");
        let mut s = Stats::load(Some(&path)).expect("no file yet");
        let game = |won, assisted, against| Counted { won, assisted, against };
        s.record("a-game", game(true, false, None));
        s.record("a-game", game(false, false, None));
        s.record("a-game", game(true, true, None));
        s.store(&path).expect("stored");
        let back = Stats::load(Some(&path)).expect("read back");
        let r = back.get("a-game");
        assert_eq!((r.clean_played, r.clean_won, r.assisted_played, r.assisted_won), (2, 1, 1, 1));
        assert_eq!(r.summary(), "3 finished · clean: 1 won of 2 · assisted: 1 won of 1");
    }

    #[test]
    fn the_record_says_which_computer_level_was_beaten() {
        let mut s = Stats::default();
        let game = |won, against| Counted { won, assisted: false, against };
        s.record("g", game(false, Some(Level::Hard)));
        assert!(s.get("g").summary().ends_with("last against the computer on hard"), "{}", s.get("g").summary());
        s.record("g", game(true, Some(Level::Normal)));
        s.record("g", game(true, Some(Level::Easy)));
        s.record("g", game(false, Some(Level::Hard)));
        assert_eq!(s.get("g").best_beaten, Some(Level::Normal), "the strongest beaten, not the last");
        assert!(s.get("g").summary().ends_with("beat the computer on normal"), "{}", s.get("g").summary());
        s.record("g", game(true, None));
        assert_eq!(s.get("g").best_beaten, Some(Level::Normal), "a game among people keeps it");
    }
}
