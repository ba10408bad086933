//! What a host and a friend say to each other, and how it is written.
//!
//! Every message is one JSON document in one frame, wrapped in a
//! [`Numbered`] envelope: each side numbers what it sends 1, 2, 3… on each
//! connection, and the receiver takes only the next number, so a replayed
//! or reordered message is refused before anything reads its body.
//!
//! The host sends a friend only [`View`]s of the friend's own seat: the
//! rules' `observation(seat)` (hidden hands, the deck order and the RNG are
//! redacted by the rules themselves) and the move log's public sentences.
//! A view carries a hash of everything the friend should now hold; the
//! friend hashes its own copy and asks for a full resend when they differ.

use serde::{Deserialize, Serialize};

use crate::rules::{Game, Seat};
use crate::session::LogEntry;

/// The protocol's version: a friend on another version is told so.
pub const PROTOCOL: u32 = 2;

/// The largest message either side reads (a Tail Feathers view is about
/// 5 KB; a whole log of a long game stays far below this).
pub const MAX_MESSAGE: usize = 4 << 20;

/// A message and its number on this connection.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Numbered<T> {
    /// 1 for the first message on a connection, then one more each time.
    pub n: u64,
    /// The message.
    pub body: T,
}

/// From a friend to the host.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound = "", deny_unknown_fields)]
pub enum ToHost<G: Game> {
    /// The first message: the invitation's seat token and who is joining.
    Join {
        /// [`PROTOCOL`] of the friend's app.
        protocol: u32,
        /// The game's id (`G::INFO.id`).
        game: String,
        /// The secret of the seat the code was made for.
        token: String,
        /// The friend's name, for the host's screen.
        name: String,
    },
    /// A move for the friend's own seat, made on the position after `at`
    /// moves (a proposal made on an older position is refused).
    Propose {
        /// How many moves the friend's view had seen.
        at: usize,
        /// The move.
        action: G::Action,
    },
    /// "My copy differs from yours: send it all again."
    Resend,
    /// Asks to take back moves to the friend's own last turn.
    Undo,
    /// The answer to the host's [`ToGuest::UndoAsked`].
    UndoAnswer(bool),
}

/// From the host to a friend.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound = "", deny_unknown_fields)]
pub enum ToGuest<G: Game> {
    /// The join is accepted: the friend plays `seat`.
    Welcome {
        /// The friend's seat.
        seat: Seat,
        /// Who sits where, as the host's screen names them.
        players: Vec<String>,
    },
    /// What the friend's seat sees now.
    View(View<G>),
    /// What changed in the friend's seat's view since the last one sent
    /// on this connection.
    Changes(Changes),
    /// A proposal (the message numbered `to`) was refused, in words: the
    /// rule and the reason, as a person at the host's screen would read.
    Refused {
        /// The refused message's number.
        to: u64,
        /// Why.
        why: String,
    },
    /// Another seat asks to take moves back; answer with
    /// [`ToHost::UndoAnswer`].
    UndoAsked {
        /// Who asks.
        by: String,
    },
    /// Who is connected, who is waited for: one line a seat.
    Seats(Vec<SeatStatus>),
    /// The host ends the connection, and why ("not invited", "the host
    /// closed the game").
    Goodbye(String),
}

/// One seat as the host's screen knows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatStatus {
    /// The seat.
    pub seat: Seat,
    /// Its player's name.
    pub name: String,
    /// "host", "computer", "friend", "here" (a person at the host's screen).
    pub kind: String,
    /// For a friend: connected now.
    pub connected: bool,
    /// For a friend who dropped: seconds since.
    pub lost_for: Option<u64>,
}

/// A seat's view of the table after some moves.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound = "", deny_unknown_fields)]
pub struct View<G: Game> {
    /// Moves played so far.
    pub cursor: usize,
    /// The first log line this message carries (0 for a full resend); the
    /// friend already holds the lines before it.
    pub from: usize,
    /// The log lines `from..cursor`.
    pub log: Vec<LogEntry>,
    /// The rules state as the seat may know it.
    pub state: G,
    /// [`view_hash`] of the state and the whole log `0..cursor`.
    pub hash: u64,
}

/// The change from the view last sent to the new one: the log lines it
/// adds and the edits to the state's JSON.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Changes {
    /// Moves played so far.
    pub cursor: usize,
    /// The first log line this message carries.
    pub from: usize,
    /// The log lines `from..cursor`.
    pub log: Vec<LogEntry>,
    /// The edits from the last view's state to this one's.
    pub edits: Vec<super::patch::Edit>,
    /// [`view_hash`] of the new state and the whole log `0..cursor`.
    pub hash: u64,
}

/// Writes a message as the bytes of one frame.
///
/// # Errors
/// A message that cannot be written (a bug in the rules' derives), or one
/// over [`MAX_MESSAGE`], which the other side would refuse: it is never
/// sent.
pub fn encode<T: Serialize>(n: u64, body: &T) -> Result<Vec<u8>, String> {
    let frame =
        serde_json::to_vec(&Numbered { n, body }).map_err(|e| format!("a message could not be written ({e})"))?;
    if frame.len() > MAX_MESSAGE {
        return Err(format!("a message of {} bytes is over the limit of {MAX_MESSAGE}", frame.len()));
    }
    Ok(frame)
}

/// Reads one frame, refusing anything over [`MAX_MESSAGE`] or not a
/// message of this kind.
///
/// # Errors
/// What was wrong with it, in words.
pub fn decode<T: for<'de> Deserialize<'de>>(bytes: &[u8]) -> Result<Numbered<T>, String> {
    if bytes.len() > MAX_MESSAGE {
        return Err(format!("a message of {} bytes is over the limit of {MAX_MESSAGE}", bytes.len()));
    }
    serde_json::from_slice(bytes).map_err(|e| format!("a malformed message ({e})"))
}

/// A hash of what a seat holds: its state and its log. FNV-1a over the
/// JSON, so both sides compute it the same way on any machine.
#[must_use]
pub fn view_hash<G: Game>(state: &G, log: &[LogEntry]) -> u64 {
    let mut h = Fnv::default();
    h.write(&serde_json::to_vec(state).unwrap_or_default());
    for line in log {
        h.write(&serde_json::to_vec(line).unwrap_or_default());
    }
    h.0
}

/// FNV-1a, 64 bits.
struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Self {
        Self(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
        // A separator, so ["ab","c"] and ["a","bc"] differ.
        self.0 ^= 0xff;
        self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
    }
}

/// Accepts message numbers in order on one connection.
#[derive(Clone, Debug, Default)]
pub struct Sequence {
    last: u64,
}

impl Sequence {
    /// Takes `n` if it is the next number.
    ///
    /// # Errors
    /// A replayed (already seen) or out-of-order (skipping) number.
    pub fn accept(&mut self, n: u64) -> Result<(), String> {
        if n <= self.last {
            return Err(format!("message {n} was replayed (the last one taken was {})", self.last));
        }
        if n != self.last + 1 {
            return Err(format!("message {n} came out of order (expected {})", self.last + 1));
        }
        self.last = n;
        Ok(())
    }
}

/// Numbers messages going out on one connection.
#[derive(Clone, Debug, Default)]
pub struct Counter {
    last: u64,
}

impl Counter {
    /// The next number.
    pub fn bump(&mut self) -> u64 {
        self.last += 1;
        self.last
    }
}
