//! Saved games: versioned JSON holding the setup, the seed and the action
//! log. Loading replays every action through the rules, so a damaged or
//! hand-edited file can never produce an illegal position: it is refused
//! with a message that names the problem, and nothing on screen changes.
//!
//! The format (version 1), documented for people in `saves/README.md`:
//!
//! ```json
//! { "format": "aviary-save", "version": 1, "game": "daedalus",
//!   "options": { "walls_roam": false },
//!   "seats": [ { "name": "White", "player": "human" },
//!              { "name": "Black", "player": { "computer": "normal" } } ],
//!   "seed": 42, "actions": [ { "PlaceWall": "c2" } ], "cursor": 1,
//!   "saved_at": 1795000000, "finished": false }
//! ```
//!
//! Files are written atomically: a temporary file in the same folder, then a
//! rename over the target.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::rules::{Game, RuleViolation, Setup, catalogue};
use crate::session::{Player, Session};

/// The `format` tag of every Aviary save.
pub const FORMAT: &str = "aviary-save";
/// The newest save format this build reads and the one it writes.
pub const VERSION: u32 = 1;

/// One seat as saved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatRecord {
    /// The seat's display name ("White").
    pub name: String,
    /// Who plays it.
    pub player: Player,
}

/// A save file as stored on disk, game-independent.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SaveFile {
    /// Always [`FORMAT`].
    pub format: String,
    /// The format version.
    pub version: u32,
    /// The game's id (`daedalus`).
    pub game: String,
    /// The game's rules options.
    #[serde(default)]
    pub options: serde_json::Value,
    /// Who sat where.
    pub seats: Vec<SeatRecord>,
    /// The seed of the game's random numbers.
    pub seed: u64,
    /// Every action in order, in the game's own notation.
    pub actions: Vec<serde_json::Value>,
    /// How many actions were in effect (the rest can be redone).
    #[serde(default)]
    pub cursor: Option<usize>,
    /// Seconds since 1970 when written.
    #[serde(default)]
    pub saved_at: u64,
    /// True when the game was over.
    #[serde(default)]
    pub finished: bool,
    /// True when the player undid past a revealed card.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub assisted: bool,
}

/// Why a save could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// The file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// What the system said.
        source: std::io::Error,
    },
    /// The JSON stops early.
    #[error("the file is truncated: it ends in the middle (line {line}, column {column})")]
    Truncated {
        /// Line where it stops.
        line: usize,
        /// Column where it stops.
        column: usize,
    },
    /// Not JSON at all, or not the shape of a save.
    #[error("the file is damaged: {0}")]
    Damaged(String),
    /// JSON, but not an Aviary save.
    #[error("this is not an Aviary saved game{0}")]
    Foreign(String),
    /// Written by a newer Aviary.
    #[error("saved by a newer Aviary (format {0}); this version reads format {VERSION} and older")]
    Newer(u32),
    /// A game this build does not know or cannot play.
    #[error("the save is for the game \"{0}\", which this version cannot play")]
    UnknownGame(String),
    /// The game's options could not be read.
    #[error("the rules options are not valid for {game}: {why}")]
    BadOptions {
        /// Game name.
        game: &'static str,
        /// What was wrong.
        why: String,
    },
    /// The wrong number of seats.
    #[error("{game} is played by {min}–{max} players, but the save has {found} seats")]
    BadSeats {
        /// Game name.
        game: &'static str,
        /// Fewest seats.
        min: u8,
        /// Most seats.
        max: u8,
        /// Seats in the file.
        found: usize,
    },
    /// An action that is not written in the game's notation.
    #[error("move {number} is not a {game} move: {text} ({why})")]
    BadAction {
        /// 1-based move number.
        number: usize,
        /// Game name.
        game: &'static str,
        /// The JSON as written.
        text: String,
        /// What was wrong.
        why: String,
    },
    /// A well-formed action the rules refuse.
    #[error("move {number} is illegal: {violation}")]
    Illegal {
        /// 1-based move number.
        number: usize,
        /// The rule and reason.
        violation: RuleViolation,
    },
}

/// Reads the game-independent part of a save, refusing foreign, damaged,
/// truncated and newer files.
///
/// # Errors
/// The [`SaveError`] naming the problem.
pub fn parse(text: &str) -> Result<SaveFile, SaveError> {
    if text.trim().is_empty() {
        return Err(SaveError::Damaged("the file is empty".into()));
    }
    let value: serde_json::Value = serde_json::from_str(text).map_err(|e| {
        if e.is_eof() {
            SaveError::Truncated { line: e.line(), column: e.column() }
        } else {
            SaveError::Damaged(e.to_string())
        }
    })?;
    let Some(object) = value.as_object() else {
        return Err(SaveError::Foreign(" (it is JSON, but not an object)".into()));
    };
    match object.get("format").and_then(|f| f.as_str()) {
        Some(FORMAT) => {}
        Some(other) => return Err(SaveError::Foreign(format!(" (its format is \"{other}\")"))),
        None => return Err(SaveError::Foreign(" (it has no \"format\": \"aviary-save\" tag)".into())),
    }
    let version = object
        .get("version")
        .and_then(serde_json::Value::as_u64)
        .ok_or_else(|| SaveError::Damaged("\"version\" is missing or not a number".into()))?;
    if version > u64::from(VERSION) {
        return Err(SaveError::Newer(u32::try_from(version).unwrap_or(u32::MAX)));
    }
    serde_json::from_value(value).map_err(|e| SaveError::Damaged(e.to_string()))
}

/// Rebuilds a session of game `G` from a parsed save by replaying it.
///
/// # Errors
/// The [`SaveError`] naming the first problem, with its move number.
pub fn restore<G: Game>(file: &SaveFile) -> Result<Session<G>, SaveError> {
    let info = G::INFO;
    if file.game != info.id {
        return Err(SaveError::UnknownGame(file.game.clone()));
    }
    let n = file.seats.len();
    if n < usize::from(info.min_seats) || n > usize::from(info.max_seats) {
        return Err(SaveError::BadSeats { game: info.name, min: info.min_seats, max: info.max_seats, found: n });
    }
    let options: G::Options = if file.options.is_null() {
        G::Options::default()
    } else {
        serde_json::from_value(file.options.clone())
            .map_err(|e| SaveError::BadOptions { game: info.name, why: e.to_string() })?
    };
    let mut actions = Vec::with_capacity(file.actions.len());
    for (i, value) in file.actions.iter().enumerate() {
        let action: G::Action = serde_json::from_value(value.clone()).map_err(|e| SaveError::BadAction {
            number: i + 1,
            game: info.name,
            text: value.to_string(),
            why: e.to_string(),
        })?;
        actions.push(action);
    }
    let cursor = file.cursor.unwrap_or(actions.len());
    let players = file.seats.iter().map(|s| s.player).collect();
    let setup = Setup { seats: n as u8, options };
    let mut session = Session::replay(setup, file.seed, players, actions, cursor)
        .map_err(|(i, violation)| SaveError::Illegal { number: i + 1, violation })?;
    if file.assisted {
        session.mark_assisted();
    }
    Ok(session)
}

/// The save file for a session.
#[must_use]
pub fn record<G: Game>(session: &Session<G>) -> SaveFile {
    let state = session.state();
    SaveFile {
        format: FORMAT.to_string(),
        version: VERSION,
        game: G::INFO.id.to_string(),
        options: serde_json::to_value(&session.setup().options).unwrap_or(serde_json::Value::Null),
        seats: session
            .players()
            .iter()
            .enumerate()
            .map(|(i, &player)| SeatRecord { name: state.seat_name(crate::rules::Seat(i as u8)), player })
            .collect(),
        seed: session.seed(),
        actions: session.actions().iter().map(|a| serde_json::to_value(a).unwrap_or(serde_json::Value::Null)).collect(),
        cursor: Some(session.cursor()),
        saved_at: now_secs(),
        finished: session.is_over(),
        assisted: session.is_assisted(),
    }
}

/// A save as pretty JSON text, one action per line.
#[must_use]
pub fn to_text(file: &SaveFile) -> String {
    let mut text = String::from("{\n");
    let field = |k: &str, v: &serde_json::Value| format!("  \"{k}\": {}", serde_json::to_string(v).unwrap_or_default());
    let mut lines = vec![
        field("format", &file.format.clone().into()),
        field("version", &file.version.into()),
        field("game", &file.game.clone().into()),
        field("options", &file.options),
        field("seats", &serde_json::to_value(&file.seats).unwrap_or_default()),
        field("seed", &file.seed.into()),
        field("cursor", &serde_json::to_value(file.cursor).unwrap_or_default()),
        field("saved_at", &file.saved_at.into()),
        field("finished", &file.finished.into()),
    ];
    if file.assisted {
        lines.push(field("assisted", &true.into()));
    }
    let actions: Vec<String> =
        file.actions.iter().map(|a| format!("    {}", serde_json::to_string(a).unwrap_or_default())).collect();
    if actions.is_empty() {
        lines.push("  \"actions\": []".to_string());
    } else {
        lines.push(format!("  \"actions\": [\n{}\n  ]", actions.join(",\n")));
    }
    text.push_str(&lines.join(",\n"));
    text.push_str("\n}\n");
    text
}

/// Reads a small JSON file (settings, statistics); a missing or
/// unreadable file gives the defaults.
#[must_use]
pub fn load_json<T: serde::de::DeserializeOwned + Default>(path: Option<&Path>) -> T {
    path.and_then(|p| std::fs::read_to_string(p).ok()).and_then(|t| serde_json::from_str(&t).ok()).unwrap_or_default()
}

/// Writes a small JSON file atomically, creating its folder.
///
/// # Errors
/// The I/O problem.
pub fn store_json<T: Serialize>(path: &Path, value: &T) -> Result<(), SaveError> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|source| SaveError::Io { path: dir.display().to_string(), source })?;
    }
    write_atomic(path, &serde_json::to_string_pretty(value).unwrap_or_default())
}

/// Seconds since 1970.
#[must_use]
pub fn now_secs() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs())
}

/// Writes `text` to `path` atomically: a temporary file beside it, flushed
/// to disk, then renamed over `path`. A failure leaves `path` untouched.
///
/// # Errors
/// The I/O error, with the path.
pub fn write_atomic(path: &Path, text: &str) -> Result<(), SaveError> {
    let io = |source| SaveError::Io { path: path.display().to_string(), source };
    let dir = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let name = path.file_name().map_or_else(|| "save".into(), |n| n.to_string_lossy().into_owned());
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let result = (|| {
        let mut f = fs::File::create(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
        fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result.map_err(io)
}

/// Reads a file's text.
///
/// # Errors
/// The I/O error, with the path.
pub fn read(path: &Path) -> Result<String, SaveError> {
    fs::read_to_string(path).map_err(|source| SaveError::Io { path: path.display().to_string(), source })
}

/// The folder for saves: `AVIARY_SAVES` if set, else `./saves` when it
/// exists (running from a checkout), else the platform's data folder.
#[must_use]
pub fn folder() -> PathBuf {
    if let Some(dir) = std::env::var_os("AVIARY_SAVES") {
        return PathBuf::from(dir);
    }
    let local = PathBuf::from("saves");
    if local.is_dir() {
        return local;
    }
    directories::ProjectDirs::from("org", "Aviary", "Aviary")
        .map_or_else(|| PathBuf::from("saves"), |d| d.data_dir().join("saves"))
}

/// One row of the Saved Games screen.
#[derive(Clone, Debug, PartialEq)]
pub struct Listing {
    /// The file.
    pub path: PathBuf,
    /// The game's display name (or the id for unknown games).
    pub game: String,
    /// Seats, as "White (you) v Black (computer, normal)".
    pub seats: String,
    /// Seconds since 1970 when saved.
    pub saved_at: u64,
    /// Actions in effect.
    pub moves: usize,
    /// True when the game was over.
    pub finished: bool,
    /// Why the file cannot be loaded, if it cannot.
    pub problem: Option<String>,
}

/// Lists the saves in `dir`, newest first. A missing folder lists nothing.
#[must_use]
pub fn list(dir: &Path) -> Vec<Listing> {
    let Ok(entries) = fs::read_dir(dir) else { return Vec::new() };
    let mut out: Vec<Listing> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .map(|path| {
            let parsed = read(&path).and_then(|t| parse(&t));
            match parsed {
                Ok(f) => Listing {
                    game: catalogue::entry(&f.game).map_or_else(|| f.game.clone(), |e| e.name.to_string()),
                    seats: describe_seats(&f.seats),
                    saved_at: f.saved_at,
                    moves: f.cursor.unwrap_or(f.actions.len()),
                    finished: f.finished,
                    problem: None,
                    path,
                },
                Err(e) => Listing {
                    game: "?".into(),
                    seats: String::new(),
                    saved_at: fs::metadata(&path)
                        .and_then(|m| m.modified())
                        .ok()
                        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                        .map_or(0, |d| d.as_secs()),
                    moves: 0,
                    finished: false,
                    problem: Some(e.to_string()),
                    path,
                },
            }
        })
        .collect();
    out.sort_by(|a, b| b.saved_at.cmp(&a.saved_at).then_with(|| a.path.cmp(&b.path)));
    out
}

/// "White (human) v Black (computer, hard)".
#[must_use]
pub fn describe_seats(seats: &[SeatRecord]) -> String {
    seats
        .iter()
        .map(|s| match s.player {
            Player::Human => format!("{} (human)", s.name),
            Player::Computer(level) => format!("{} (computer, {})", s.name, level.name()),
        })
        .collect::<Vec<_>>()
        .join(" v ")
}

/// A date as "2026-11-22 13:05" (UTC).
#[must_use]
pub fn format_time(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    // Civil-from-days (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02} {:02}:{:02}", rem / 3600, (rem % 3600) / 60)
}

/// A file name in `dir` for a new game of `game_id` that does not exist yet.
#[must_use]
pub fn fresh_path(dir: &Path, game_id: &str) -> PathBuf {
    let stamp = format_time(now_secs()).replace([' ', ':'], "-");
    let mut i = 1;
    loop {
        let name = if i == 1 { format!("{game_id}-{stamp}.json") } else { format!("{game_id}-{stamp}-{i}.json") };
        let path = dir.join(name);
        if !path.exists() {
            return path;
        }
        i += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::format_time;

    #[test]
    fn dates_read_like_dates() {
        assert_eq!(format_time(0), "1970-01-01 00:00");
        assert_eq!(format_time(1_795_000_000), "2026-11-18 11:06"); // checked with Python's datetime
    }
}
