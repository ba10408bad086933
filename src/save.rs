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
//! rename over the target, then (on Unix) a sync of the folder so the rename
//! itself survives a power cut.
//!
//! Reading is bounded, because a save file is input from anywhere: a file
//! larger than [`MAX_FILE_BYTES`] is refused before it is read, lists are
//! capped while they are parsed ([`MAX_ACTIONS`], [`MAX_SEATS`]), each move
//! is checked against the game's board and components
//! ([`Game::validate`]) before the rules see it, and a panic anywhere in
//! loading is caught and reported as [`SaveError::Crashed`] instead of
//! ending the app.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

use crate::rules::{Game, RuleViolation, Setup};
use crate::session::{Player, Session};

/// The `format` tag of every Aviary save.
pub const FORMAT: &str = "aviary-save";
/// The newest save format this build reads and the one it writes.
pub const VERSION: u32 = 1;
/// The largest save file read: 16 MiB. The longest game Aviary can record
/// takes well under 1 MiB; anything larger is refused before it is read.
pub const MAX_FILE_BYTES: u64 = 16 * 1024 * 1024;
/// The most moves a save may hold. No game of Aviary comes near it: a
/// Daedalus game is drawn after 150 turns each (at most about 1,220 moves),
/// the card games end with their decks, and the longest of 600 random Dust
/// in the Wings games took 3,418 moves (an undone branch is part of the same
/// line of play, so it adds nothing). The cap bounds the time and memory a
/// hostile file can cost.
pub const MAX_ACTIONS: usize = 20_000;
/// The most seats a save may list (no game seats more than 6).
pub const MAX_SEATS: usize = 8;
/// The longest seat name, in characters.
pub const MAX_NAME_CHARS: usize = 64;
/// The longest rules options, as JSON text.
pub const MAX_OPTIONS_BYTES: usize = 4096;

/// One seat as saved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatRecord {
    /// The seat's display name ("White").
    pub name: String,
    /// Who plays it.
    pub player: Player,
}

/// A save file as stored on disk, game-independent. The options and the
/// moves stay as JSON text until the game they belong to reads them, so a
/// hostile file never becomes a large tree of values in memory.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SaveFile {
    /// Always [`FORMAT`].
    pub format: String,
    /// The format version.
    pub version: u32,
    /// The game's id (`daedalus`).
    pub game: String,
    /// The game's rules options, as JSON.
    #[serde(default = "null_json")]
    pub options: Box<RawValue>,
    /// Who sat where.
    #[serde(deserialize_with = "bounded::<_, _, MAX_SEATS>")]
    pub seats: Vec<SeatRecord>,
    /// The seed of the game's random numbers.
    pub seed: u64,
    /// Every action in order, each as JSON in the game's own notation.
    #[serde(deserialize_with = "bounded::<_, _, MAX_ACTIONS>")]
    pub actions: Vec<Box<RawValue>>,
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
    /// What the statistics hold for this game, once it has finished and
    /// been counted (so a finished game is counted once, by its final
    /// result, even across restarts).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counted: Option<crate::session::Counted>,
    /// A friend's copy of an online game: what its seat was shown, view by
    /// view (such a file has no actions: the friend never knew them).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub friend: Option<FriendCopy>,
}

/// A friend's own record of an online game: the code and name to rejoin
/// with, the seat played, and every view the host sent (the seat's
/// observation, never more), so the friend can step through it again.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct FriendCopy {
    /// The invite code the friend joined with.
    pub code: String,
    /// The name the host saw.
    pub name: String,
    /// The seat played, once the host said it.
    #[serde(default)]
    pub seat: Option<u8>,
    /// Each view as the host sent it: the seat's observation (JSON in the
    /// game's own notation) and how long the log was then.
    #[serde(deserialize_with = "bounded::<_, _, MAX_ACTIONS>")]
    pub views: Vec<SeenView>,
    /// The log as last shown.
    #[serde(deserialize_with = "bounded::<_, _, MAX_ACTIONS>")]
    pub log: Vec<crate::session::LogEntry>,
    /// A checksum of the views and the log, so a damaged copy is refused
    /// instead of drawn.
    #[serde(default)]
    pub check: u64,
    /// The last view's state, to write the next as changes.
    #[serde(skip)]
    pub last: LastView,
}

/// One view of a friend's copy: the whole observation, or the edits that
/// turn the view before it into this one (a move changes a few numbers of
/// a state of kilobytes, so the copy grows by the changes).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SeenView {
    /// The seat's observation, as JSON (the first view of a run of them).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub state: Option<Box<RawValue>>,
    /// The edits from the view before (`crate::patch::Edit`s), as
    /// JSON, when the whole observation is not given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub edits: Option<Box<RawValue>>,
    /// The log's length with it.
    pub log: usize,
}

impl SeenView {
    /// This view as one line of JSON text.
    fn text(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

impl PartialEq for SeenView {
    fn eq(&self, other: &Self) -> bool {
        self.text() == other.text()
    }
}

/// The last view's state as JSON, kept while the copy is written to (not
/// saved; never part of what makes two copies equal).
#[derive(Clone, Debug, Default)]
pub struct LastView(Option<serde_json::Value>);

impl PartialEq for LastView {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

/// Every how many views a copy holds a whole observation again.
const WHOLE_VIEW_EVERY: usize = 64;

impl FriendCopy {
    /// A new copy for the friend who joins with `code` as `name`.
    #[must_use]
    pub fn new(code: String, name: String) -> Self {
        let mut copy = FriendCopy { code, name, ..Default::default() };
        copy.check = copy.checksum();
        copy
    }

    /// Adds a view the host sent (unless it shows nothing new) and keeps
    /// the checksum.
    pub fn push<G: Game>(&mut self, state: &G, log: &[crate::session::LogEntry]) {
        let Ok(json) = serde_json::to_value(state) else {
            // A state JSON's numbers cannot hold (a set of 128 cards as
            // one number): kept whole, as its text.
            let state = json_text(state);
            let same = self.views.last().and_then(|v| v.state.as_ref()).is_some_and(|s| s.get() == state.get());
            if same && self.log == log {
                return;
            }
            self.views.push(SeenView { state: Some(state), edits: None, log: log.len() });
            self.last = LastView(None);
            self.log = log.to_vec();
            self.check = self.checksum();
            return;
        };
        if self.last.0.as_ref() == Some(&json) && self.log == log {
            return;
        }
        let whole = self.views.len().is_multiple_of(WHOLE_VIEW_EVERY);
        let edits = match &self.last.0 {
            Some(last) if !whole => serde_json::value::to_raw_value(&crate::patch::diff(last, &json)).ok(),
            _ => None,
        };
        let view = match edits {
            Some(edits) => SeenView { state: None, edits: Some(edits), log: log.len() },
            None => SeenView { state: Some(json_text(&json)), edits: None, log: log.len() },
        };
        self.views.push(view);
        self.last = LastView(Some(json));
        self.log = log.to_vec();
        self.check = self.checksum();
    }

    /// Records the seat the host gave the friend.
    pub fn set_seat(&mut self, seat: u8) {
        self.seat = Some(seat);
        self.check = self.checksum();
    }

    /// FNV-1a over everything the copy shows.
    #[must_use]
    pub fn checksum(&self) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut eat = |bytes: &[u8]| {
            for b in bytes {
                h ^= u64::from(*b);
                h = h.wrapping_mul(0x0100_0000_01b3);
            }
        };
        eat(self.code.as_bytes());
        eat(self.name.as_bytes());
        eat(&[self.seat.map_or(255, |s| s)]);
        for v in &self.views {
            if let Some(state) = &v.state {
                eat(state.get().as_bytes());
            }
            if let Some(edits) = &v.edits {
                eat(b"edits");
                eat(edits.get().as_bytes());
            }
            eat(&(v.log as u64).to_le_bytes());
        }
        for line in &self.log {
            eat(serde_json::to_string(line).unwrap_or_default().as_bytes());
        }
        h
    }

    /// The views as states of game `G`, checked: the checksum must hold,
    /// every view must read as the game's state and answer the questions
    /// the table asks of it (a panic there is caught as
    /// [`SaveError::Crashed`]).
    ///
    /// # Errors
    /// The first problem, with the view's number.
    pub fn states<G: Game>(&self) -> Result<Vec<G>, SaveError> {
        if self.check != self.checksum() {
            return Err(SaveError::Damaged("the friend's copy does not match its checksum".into()));
        }
        if self.views.iter().any(|v| v.log > self.log.len()) {
            return Err(SaveError::Damaged("a view of the friend's copy points past its log".into()));
        }
        let mut states = Vec::with_capacity(self.views.len());
        let mut last: Option<serde_json::Value> = None;
        for (i, v) in self.views.iter().enumerate() {
            let damaged = |why: String| SaveError::Damaged(format!("view {} of the friend's copy: {why}", i + 1));
            let not_a_position = |e: serde_json::Error| {
                SaveError::Damaged(format!("view {} is not a {} position: {e}", i + 1, G::INFO.name))
            };
            let state: G = match (&v.state, &v.edits, last.take()) {
                // Read straight from the text: its numbers may be past
                // what a JSON value holds.
                (Some(state), None, _) => serde_json::from_str(state.get()).map_err(not_a_position)?,
                (None, Some(edits), Some(mut json)) => {
                    let edits: Vec<crate::patch::Edit> =
                        serde_json::from_str(edits.get()).map_err(|e| damaged(e.to_string()))?;
                    crate::patch::apply(&mut json, &edits).map_err(damaged)?;
                    serde_json::from_value(json).map_err(not_a_position)?
                }
                _ => return Err(damaged("neither a whole position nor changes to one".into())),
            };
            check_state(&state).map_err(|e| SaveError::Damaged(format!("view {}: {e}", i + 1)))?;
            // The next view's changes are to this one, as the copy's
            // writer saw it.
            last = serde_json::to_value(&state).ok();
            states.push(state);
        }
        Ok(states)
    }
}

/// Checks a position that came from outside (a friend's copy, a host's
/// view) before anything draws it: its seats are within the game's, it is
/// well formed by the game's own check ([`Game::well_formed`]: every seat,
/// space, card and figure in range, each count within bounds, the game's
/// invariants), and the questions the table asks of it answer without a
/// crash (a panic is caught and reported).
///
/// # Errors
/// What is wrong with it, in words.
pub fn check_state<G: Game>(state: &G) -> Result<(), String> {
    let info = G::INFO;
    contained(|| {
        let seats = state.setup().seats;
        if seats < info.min_seats || seats > info.max_seats {
            return Err(SaveError::Damaged(format!("a game of {seats} seats is not a game of {}", info.name)));
        }
        state.well_formed().map_err(|why| SaveError::Damaged(format!("not a position of {}: {why}", info.name)))?;
        let _ = (state.to_move(), state.outcome(), state.status(), state.legal_actions().len());
        for s in 0..seats {
            let _ = state.seat_name(crate::rules::Seat(s));
        }
        Ok(())
    })
    .map_err(|e| e.to_string())
}

impl PartialEq for SaveFile {
    fn eq(&self, other: &Self) -> bool {
        let raw = |v: &[Box<RawValue>]| v.iter().map(|r| r.get().to_owned()).collect::<Vec<_>>();
        self.format == other.format
            && self.version == other.version
            && self.game == other.game
            && self.options.get() == other.options.get()
            && self.seats == other.seats
            && self.seed == other.seed
            && raw(&self.actions) == raw(&other.actions)
            && self.cursor == other.cursor
            && self.saved_at == other.saved_at
            && self.finished == other.finished
            && self.assisted == other.assisted
            && self.counted == other.counted
            && self.friend == other.friend
    }
}

fn null_json() -> Box<RawValue> {
    json_text(&serde_json::Value::Null)
}

/// `value` as compact JSON text.
fn json_text<T: Serialize>(value: &T) -> Box<RawValue> {
    serde_json::value::to_raw_value(value)
        .unwrap_or_else(|_| RawValue::from_string("null".to_string()).unwrap_or_else(|_| unreachable!("null is JSON")))
}

/// Reads a JSON list, refusing it as soon as it holds more than `N` items,
/// so a file of a million moves is never held in memory.
fn bounded<'de, D, T, const N: usize>(d: D) -> Result<Vec<T>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de>,
{
    struct Bounded<T, const N: usize>(std::marker::PhantomData<T>);
    impl<'de, T: Deserialize<'de>, const N: usize> serde::de::Visitor<'de> for Bounded<T, N> {
        type Value = Vec<T>;
        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            write!(f, "a list of at most {N} items")
        }
        fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<T>, A::Error> {
            let mut out = Vec::new();
            while let Some(item) = seq.next_element()? {
                if out.len() == N {
                    return Err(serde::de::Error::custom(format!(
                        "the list holds more than {N} items, more than any game of Aviary can have"
                    )));
                }
                out.push(item);
            }
            Ok(out)
        }
    }
    d.deserialize_seq(Bounded::<T, N>(std::marker::PhantomData))
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
    /// Larger than [`MAX_FILE_BYTES`]: refused before it is read.
    #[error("the file is {} MiB, too large for a saved game (at most {} MiB)", .0.div_ceil(1 << 20), MAX_FILE_BYTES >> 20)]
    TooLarge(u64),
    /// Loading it crashed; the crash was caught and nothing changed.
    #[error("reading it went wrong inside Aviary ({0}); nothing was changed — please report this file")]
    Crashed(String),
    /// The background writer could not write the file.
    #[error("{0}")]
    Write(String),
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
/// truncated, oversized and newer files.
///
/// # Errors
/// The [`SaveError`] naming the problem.
pub fn parse(text: &str) -> Result<SaveFile, SaveError> {
    /// The two fields that say what a file is, read before the rest.
    #[derive(Deserialize)]
    struct Probe {
        #[serde(default)]
        format: Option<Box<RawValue>>,
        #[serde(default)]
        version: Option<Box<RawValue>>,
    }
    if text.len() as u64 > MAX_FILE_BYTES {
        return Err(SaveError::TooLarge(text.len() as u64));
    }
    if text.trim().is_empty() {
        return Err(SaveError::Damaged("the file is empty".into()));
    }
    let unreadable = |e: serde_json::Error| match e.classify() {
        serde_json::error::Category::Eof => SaveError::Truncated { line: e.line(), column: e.column() },
        _ => SaveError::Damaged(e.to_string()),
    };
    if !text.trim_start().starts_with('{') {
        // Not an object: tell JSON of another shape from text that is not
        // JSON at all, without building it in memory.
        serde_json::from_str::<serde::de::IgnoredAny>(text).map_err(unreadable)?;
        return Err(SaveError::Foreign(" (it is JSON, but not an object)".into()));
    }
    let probe: Probe = serde_json::from_str(text).map_err(unreadable)?;
    let format = probe.format.as_deref().and_then(|f| serde_json::from_str::<String>(f.get()).ok());
    match format.as_deref() {
        Some(FORMAT) => {}
        Some(other) => {
            let shown: String = other.chars().take(40).collect();
            return Err(SaveError::Foreign(format!(" (its format is \"{shown}\")")));
        }
        None => return Err(SaveError::Foreign(" (it has no \"format\": \"aviary-save\" tag)".into())),
    }
    let version = probe
        .version
        .as_deref()
        .and_then(|v| serde_json::from_str::<u64>(v.get()).ok())
        .ok_or_else(|| SaveError::Damaged("\"version\" is missing or not a number".into()))?;
    if version > u64::from(VERSION) {
        return Err(SaveError::Newer(u32::try_from(version).unwrap_or(u32::MAX)));
    }
    serde_json::from_str(text).map_err(|e| SaveError::Damaged(e.to_string()))
}

/// At most `n` characters of `text`, with "…" when cut (for messages).
#[must_use]
pub fn clip(text: &str, n: usize) -> String {
    if text.chars().count() <= n {
        text.to_string()
    } else {
        format!("{}…", text.chars().take(n).collect::<String>())
    }
}

/// Rebuilds a session of game `G` from a parsed save by replaying it.
///
/// # Errors
/// The [`SaveError`] naming the first problem, with its move number.
pub fn restore<G: Game>(file: &SaveFile) -> Result<Session<G>, SaveError> {
    let info = G::INFO;
    if file.game != info.id {
        return Err(SaveError::UnknownGame(clip(&file.game, 40)));
    }
    let n = file.seats.len();
    if n < usize::from(info.min_seats) || n > usize::from(info.max_seats) {
        return Err(SaveError::BadSeats { game: info.name, min: info.min_seats, max: info.max_seats, found: n });
    }
    if let Some(s) = file.seats.iter().find(|s| s.name.chars().count() > MAX_NAME_CHARS) {
        return Err(SaveError::Damaged(format!(
            "the seat name \"{}\" is longer than {MAX_NAME_CHARS} characters",
            clip(&s.name, 20)
        )));
    }
    let options_text = file.options.get();
    if options_text.len() > MAX_OPTIONS_BYTES {
        return Err(SaveError::BadOptions {
            game: info.name,
            why: format!("they are {} bytes long, more than {MAX_OPTIONS_BYTES}", options_text.len()),
        });
    }
    let options: G::Options = if options_text == "null" {
        G::Options::default()
    } else {
        serde_json::from_str(options_text).map_err(|e| SaveError::BadOptions { game: info.name, why: e.to_string() })?
    };
    let players = file.seats.iter().map(|s| s.player).collect();
    let setup = Setup { seats: n as u8, options };
    let mut session = contained(|| Ok(Session::<G>::new(setup, file.seed, players)))?;
    for (i, raw) in file.actions.iter().enumerate() {
        let bad = |why: String| SaveError::BadAction { number: i + 1, game: info.name, text: clip(raw.get(), 80), why };
        let action: G::Action = serde_json::from_str(raw.get()).map_err(|e| bad(e.to_string()))?;
        session.state().validate(&action).map_err(bad)?;
        contained(|| session.propose(action).map_err(|violation| SaveError::Illegal { number: i + 1, violation }))?;
    }
    session.seek(file.cursor.unwrap_or(file.actions.len()));
    if file.assisted {
        session.mark_assisted();
    }
    // Saves from before `counted` existed: a finished game was counted
    // when it ended.
    let counted = if file.counted.is_none() && file.finished { session.result_for_people() } else { file.counted };
    session.set_counted(counted);
    Ok(session)
}

/// Runs `load`, turning a panic inside it into [`SaveError::Crashed`]: a
/// file that trips a bug is reported, and the app goes on.
///
/// # Errors
/// What `load` returned, or the caught crash.
pub fn contained<T>(load: impl FnOnce() -> Result<T, SaveError>) -> Result<T, SaveError> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(load)).unwrap_or_else(|payload| {
        let why = payload
            .downcast_ref::<&str>()
            .map(|s| (*s).to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "an unknown error".to_string());
        Err(SaveError::Crashed(why))
    })
}

/// The save file for a session.
#[must_use]
pub fn record<G: Game>(session: &Session<G>) -> SaveFile {
    let state = session.state();
    SaveFile {
        format: FORMAT.to_string(),
        version: VERSION,
        game: G::INFO.id.to_string(),
        options: json_text(&session.setup().options),
        seats: session
            .players()
            .iter()
            .enumerate()
            .map(|(i, &player)| SeatRecord { name: state.seat_name(crate::rules::Seat(i as u8)), player })
            .collect(),
        seed: session.seed(),
        actions: session.actions().iter().map(json_text).collect(),
        cursor: Some(session.cursor()),
        saved_at: now_secs(),
        finished: session.is_over(),
        assisted: session.is_assisted(),
        counted: session.counted(),
        friend: None,
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
        format!("  \"options\": {}", file.options.get()),
        field("seats", &serde_json::to_value(&file.seats).unwrap_or_default()),
        field("seed", &file.seed.into()),
        field("cursor", &serde_json::to_value(file.cursor).unwrap_or_default()),
        field("saved_at", &file.saved_at.into()),
        field("finished", &file.finished.into()),
    ];
    if file.assisted {
        lines.push(field("assisted", &true.into()));
    }
    if let Some(c) = file.counted {
        lines.push(field("counted", &serde_json::to_value(c).unwrap_or_default()));
    }
    if let Some(copy) = &file.friend {
        // One view a line, after the rest.
        let head = serde_json::json!({ "code": copy.code, "name": copy.name, "seat": copy.seat, "check": copy.check });
        let mut text = serde_json::to_string(&head).unwrap_or_default();
        text.pop();
        let log = serde_json::to_string(&copy.log).unwrap_or_default();
        let views: Vec<String> = copy.views.iter().map(|v| format!("    {}", v.text())).collect();
        let views = if views.is_empty() { "[]".to_string() } else { format!("[\n{}\n  ]", views.join(",\n")) };
        lines.push(format!("  \"friend\": {text},\"log\":{log},\"views\":{views}}}"));
    }
    let actions: Vec<String> = file.actions.iter().map(|a| format!("    {}", a.get())).collect();
    if actions.is_empty() {
        lines.push("  \"actions\": []".to_string());
    } else {
        lines.push(format!("  \"actions\": [\n{}\n  ]", actions.join(",\n")));
    }
    text.push_str(&lines.join(",\n"));
    text.push_str("\n}\n");
    text
}

/// Why a small JSON file (settings, statistics) could not be used.
#[derive(Debug)]
pub enum JsonProblem {
    /// The file is there but could not be read.
    Unreadable(SaveError),
    /// The file was read but is not valid: the text and what is wrong.
    Invalid(String),
}

/// Reads a small JSON file (settings, statistics). A missing file, or no
/// path at all, gives the defaults.
///
/// # Errors
/// A file that exists but cannot be read or understood: the caller keeps
/// it (see [`set_aside`]) rather than writing over it.
pub fn load_json<T: serde::de::DeserializeOwned + Default>(path: Option<&Path>) -> Result<T, JsonProblem> {
    let Some(path) = path else { return Ok(T::default()) };
    let text = match read_capped(path, 1 << 20) {
        Ok(t) => t,
        // No file (or no folder): the defaults, written when first saved.
        Err(SaveError::Io { source, .. })
            if matches!(source.kind(), std::io::ErrorKind::NotFound | std::io::ErrorKind::NotADirectory) =>
        {
            return Ok(T::default());
        }
        Err(e) => return Err(JsonProblem::Unreadable(e)),
    };
    serde_json::from_str(&text).map_err(|e| JsonProblem::Invalid(e.to_string()))
}

/// Moves a file that could not be understood out of the way, keeping it
/// beside the original as `NAME.bad-YYYY-MM-DD` (or `…-2`, `…-3` when that
/// exists). Returns the new path.
///
/// # Errors
/// The rename's I/O problem.
pub fn set_aside(path: &Path) -> Result<PathBuf, SaveError> {
    let day = format_time(now_secs());
    let day = day.split(' ').next().unwrap_or("0000-00-00");
    let name = path.file_name().map_or_else(|| "file".into(), |n| n.to_string_lossy().into_owned());
    let mut i = 1;
    loop {
        let aside = if i == 1 {
            path.with_file_name(format!("{name}.bad-{day}"))
        } else {
            path.with_file_name(format!("{name}.bad-{day}-{i}"))
        };
        if !aside.exists() {
            fs::rename(path, &aside).map_err(|source| SaveError::Io { path: path.display().to_string(), source })?;
            return Ok(aside);
        }
        i += 1;
    }
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
/// to disk, renamed over `path`, and then the folder flushed so the rename
/// itself is on disk. A failure leaves `path` untouched.
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
    result.map_err(io)?;
    sync_folder(dir).map_err(|source| SaveError::Io { path: dir.display().to_string(), source })
}

/// Writes a save file: creates its folder if needed, then writes the text
/// atomically ([`write_atomic`]).
///
/// # Errors
/// The I/O problem, with the path.
pub fn write_file(path: &Path, text: &str) -> Result<(), SaveError> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        fs::create_dir_all(dir).map_err(|source| SaveError::Io { path: dir.display().to_string(), source })?;
    }
    write_atomic(path, text)
}

/// Flushes a folder's entries (the rename just made) to disk. Unix lets a
/// folder be opened and synced; elsewhere the rename is already durable or
/// cannot be synced, so there is nothing to do.
fn sync_folder(dir: &Path) -> std::io::Result<()> {
    if cfg!(unix) { fs::File::open(dir)?.sync_all() } else { Ok(()) }
}

/// Reads a save file's text, refusing a file larger than
/// [`MAX_FILE_BYTES`] before reading it.
///
/// # Errors
/// The I/O error, with the path, or [`SaveError::TooLarge`].
pub fn read(path: &Path) -> Result<String, SaveError> {
    read_capped(path, MAX_FILE_BYTES)
}

/// Reads at most `max` bytes of text: the size is checked first, and the
/// read stops after `max` bytes even when the size lied (a pipe, a device,
/// a file growing while read).
fn read_capped(path: &Path, max: u64) -> Result<String, SaveError> {
    use std::io::Read as _;
    let io = |source| SaveError::Io { path: path.display().to_string(), source };
    // Looked at before it is opened: opening a named pipe waits for a
    // writer (a window that never draws), a device may never end.
    let kind = fs::metadata(path).map_err(io)?;
    if kind.is_dir() {
        return Err(io(std::io::Error::other("this is a folder, not a file")));
    }
    if !kind.is_file() {
        return Err(io(std::io::Error::other("this is not a regular file (a pipe, socket or device)")));
    }
    let file = fs::File::open(path).map_err(io)?;
    let meta = file.metadata().map_err(io)?;
    if !meta.is_file() {
        return Err(io(std::io::Error::other("this is not a regular file (a pipe, socket or device)")));
    }
    if meta.len() > max {
        return Err(SaveError::TooLarge(meta.len()));
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(max + 1).read_to_end(&mut bytes).map_err(io)?;
    if bytes.len() as u64 > max {
        return Err(SaveError::TooLarge(bytes.len() as u64));
    }
    String::from_utf8(bytes).map_err(|e| {
        SaveError::Damaged(format!(
            "the file is not text (a byte that is not UTF-8 at position {})",
            e.utf8_error().valid_up_to()
        ))
    })
}

/// The folder for saves: `AVIARY_SAVES` if set, else the checkout's
/// `saves/` when this program was built in a checkout (see
/// [`checkout_saves`]) or started by `cargo run` in one, else the
/// platform's data folder.
#[must_use]
pub fn folder() -> PathBuf {
    if let Some(dir) = std::env::var_os("AVIARY_SAVES") {
        return PathBuf::from(dir);
    }
    if let Some(dir) = std::env::current_exe().ok().as_deref().and_then(checkout_saves) {
        return dir;
    }
    // `cargo run` with the build elsewhere (CARGO_TARGET_DIR) names the
    // checkout itself.
    if let Some(checkout) = std::env::var_os("CARGO_MANIFEST_DIR").map(PathBuf::from) {
        let saves = checkout.join("saves");
        if saves.join("README.md").is_file() {
            return saves;
        }
    }
    directories::ProjectDirs::from("org", "Aviary", "Aviary")
        .map_or_else(|| PathBuf::from("saves"), |d| d.data_dir().join("saves"))
}

/// The `saves/` folder of the checkout `program` was built in
/// (`<checkout>/target/<profile>/aviary`, with `<checkout>/saves/` there):
/// the same folder however the program is started (`cargo run` in the
/// checkout, or the applications-menu entry Settings adds), never a
/// `saves` folder that happens to be in the working folder.
#[must_use]
pub fn checkout_saves(program: &Path) -> Option<PathBuf> {
    let profile = program.parent()?;
    let target = profile.parent()?;
    if target.file_name()? != "target" {
        return None;
    }
    let saves = target.parent()?.join("saves");
    (saves.is_dir() && saves.join("README.md").is_file()).then_some(saves)
}

/// "White v Black (computer, hard)": a person by name alone, a computer
/// or a friend online said so (a saved game's card has one short line for
/// its seats, and "(human)" after every name cut it off). At a table of
/// three or more the computers are counted, not named ("Ada v 3
/// computers (easy)": named one by one the line was cut at the second);
/// a solitaire says so.
#[must_use]
pub fn describe_seats(seats: &[SeatRecord]) -> String {
    let name = |s: &SeatRecord| clip(&s.name, MAX_NAME_CHARS);
    if let [only] = seats
        && only.player == Player::Human
    {
        return if only.name == "You" { "Solitaire".to_string() } else { format!("Solitaire: {}", name(only)) };
    }
    let computers: Vec<&str> = seats
        .iter()
        .filter_map(|s| match s.player {
            Player::Computer(level) => Some(level.name()),
            _ => None,
        })
        .collect();
    let grouped = seats.len() >= 3 && computers.len() >= 2;
    let mut parts: Vec<String> = seats
        .iter()
        .filter_map(|s| match s.player {
            Player::Human => Some(name(s)),
            Player::Computer(level) if !grouped => Some(format!("{} (computer, {})", name(s), level.name())),
            Player::Computer(_) => None,
            Player::Friend => Some(format!("{} (online)", name(s))),
        })
        .collect();
    if grouped {
        let mut levels: Vec<&str> = Vec::new();
        for level in &computers {
            if !levels.contains(level) {
                levels.push(level);
            }
        }
        parts.push(format!("{} computers ({})", computers.len(), levels.join(", ")));
    }
    parts.join(" v ")
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
    fn a_crash_while_loading_is_caught_and_reported() {
        let err = super::contained::<()>(|| panic!("index out of bounds: the len is 64 but the index is 64"))
            .expect_err("caught");
        assert!(matches!(err, super::SaveError::Crashed(_)));
        assert!(err.to_string().contains("index out of bounds"), "{err}");
    }

    #[test]
    fn dates_read_like_dates() {
        assert_eq!(format_time(0), "1970-01-01 00:00");
        assert_eq!(format_time(1_795_000_000), "2026-11-18 11:06"); // checked with Python's datetime
    }
}
