//! The shared rules kernel: every legality check in Aviary lives here.
//!
//! Each game is a deterministic state machine of small, atomic actions (after
//! `OpenSpiel`'s `Game`/`State`). A turn with several parts is several actions
//! and the state remembers what the player still owes, which gives
//! fine-grained undo, simple drag-and-drop and a small branching factor for
//! the computer players.
//!
//! Nothing in this module does I/O, spawns threads or knows about egui. All
//! randomness comes from the seeded [`Rng`] stored *inside* each state, so a
//! replay of the same setup, seed and actions reproduces the same game, and
//! undo followed by redo can never change the luck.
//!
//! How the trait fits the five games:
//! - compound turns (Daedalus: two walls + Gladiator + Minotaur; Dust in the
//!   Wings: one butterfly per step) are several actions with the state
//!   recording what is still owed, and [`Game::status`] says it in words;
//! - secret simultaneous choices (keep 6 of 9, secret initiative bids) are
//!   taken one seat at a time, each hidden from the others by
//!   [`Game::observation`] until revealed;
//! - dice and shuffled decks are drawn from the state's RNG while an action is
//!   applied; where a random event is not caused by a player's decision the
//!   game returns [`ToMove::Chance`] and lists exactly one action, which the
//!   session applies on its own;
//! - private hands are redacted by [`Game::observation`]; advisers and bots
//!   search [`Game::determinize`]d copies, never the real state (whose RNG
//!   *is* the future).

pub mod cards;
pub mod daedalus;
pub mod dust_wings;
pub mod enchanted_plumes;
pub mod feathers_wax;
pub mod grid;
pub mod rng;
pub mod tail_feathers;
pub mod words;

use std::fmt::{self, Debug};

use serde::{Serialize, de::DeserializeOwned};

pub use rng::Rng;

/// A player's place at the table, counted from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
pub struct Seat(pub u8);

impl Seat {
    /// The seat as an index into per-seat arrays.
    #[must_use]
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// Whose decision it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum ToMove {
    /// This seat must choose one of the legal actions.
    Seat(Seat),
    /// A random event is due; the game lists exactly one action, which the
    /// session applies by itself (its outcome is drawn from the state's RNG).
    Chance,
    /// The game is over.
    Nobody,
}

impl ToMove {
    /// The seat to move, if a seat is to move.
    #[must_use]
    pub fn seat(self) -> Option<Seat> {
        match self {
            ToMove::Seat(s) => Some(s),
            _ => None,
        }
    }
}

/// How a finished game ended.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Outcome {
    /// The seats that won; several means a shared win; empty means nobody
    /// won (a draw in a two-player game, a loss in a solitaire).
    pub winners: Vec<Seat>,
    /// Final score per seat (games without scores use 1 for a win, 0 else).
    pub scores: Vec<i32>,
    /// Why the game ended, for the win screen ("White's Gladiator escaped").
    pub reason: String,
}

impl Outcome {
    /// The reward of a seat for search: 1 for a sole win, 1/n for a win
    /// shared by n seats, 0.5 for a draw with no winner in a multi-seat game,
    /// 0 for a loss.
    #[must_use]
    pub fn reward(&self, seat: Seat, seats: usize) -> f64 {
        if self.winners.is_empty() {
            if seats > 1 { 1.0 / seats as f64 } else { 0.0 }
        } else if self.winners.contains(&seat) {
            1.0 / self.winners.len() as f64
        } else {
            0.0
        }
    }

    /// True when nobody won and more than one seat played.
    #[must_use]
    pub fn is_draw(&self) -> bool {
        self.winners.is_empty() && self.scores.len() > 1
    }
}

/// A refused action: which rule forbids it, and why, with concrete values.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{rule}: {reason}")]
pub struct RuleViolation {
    /// The rule id from the specs (`DA-R4`), or `RULES` for an action that
    /// does not fit the game at all.
    pub rule: &'static str,
    /// The concrete reason ("this wall would touch two white walls at c3 and d4").
    pub reason: String,
}

impl RuleViolation {
    /// A violation of `rule` for `reason`.
    pub fn new(rule: &'static str, reason: impl Into<String>) -> Self {
        Self { rule, reason: reason.into() }
    }
}

/// What the rules need to start a game: how many seats and the game's options.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Setup<O> {
    /// Number of seats at the table.
    pub seats: u8,
    /// The game's rules options (variants).
    pub options: O,
}

/// Static facts about a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct GameInfo {
    /// The id used in save files (`daedalus`).
    pub id: &'static str,
    /// The display name.
    pub name: &'static str,
    /// Fewest seats.
    pub min_seats: u8,
    /// Most seats.
    pub max_seats: u8,
}

/// A game: a state that knows its rules. Every game in Aviary implements it.
/// A state serializes whole (an `observation` is what a seat may be sent).
pub trait Game: Clone + PartialEq + Debug + Send + Sync + Serialize + DeserializeOwned + 'static {
    /// One atomic decision. Sorted order is the order of [`Game::legal_actions`].
    type Action: Clone + Ord + Debug + Send + Sync + Serialize + DeserializeOwned + 'static;
    /// The rules options (variants) chosen in the new-game dialog.
    type Options: Clone + Default + Debug + PartialEq + Send + Sync + Serialize + DeserializeOwned + 'static;

    /// Static facts: id, name, seat range.
    const INFO: GameInfo;
    /// True when each seat holds something the others may not see (a
    /// hand, a secret bid or mission): a screen shared by several people
    /// shows it only behind a hand-off. False by default (open boards,
    /// solitaires).
    const SEAT_SECRETS: bool = false;

    /// A new game. All setup randomness is drawn from `seed`.
    fn new(setup: &Setup<Self::Options>, seed: u64) -> Self;
    /// The setup the game was created with.
    fn setup(&self) -> Setup<Self::Options>;
    /// Whose decision it is.
    fn to_move(&self) -> ToMove;
    /// Every legal action, sorted. Empty exactly when the game is over.
    fn legal_actions(&self) -> Vec<Self::Action>;
    /// Whether `action` names only things this game has: squares on its
    /// board, cards of its deck, slots and rows that exist. Save files and
    /// the UI can write any value the action type can hold (`Square` reads
    /// `a1` to `z26`), so this runs before anything indexes with the action:
    /// [`Game::check`] calls it first, and loading a save calls it for every
    /// move. It does not judge legality.
    ///
    /// # Errors
    /// What does not exist, in words ("a9 is off the board").
    fn validate(&self, _action: &Self::Action) -> Result<(), String> {
        Ok(())
    }
    /// Whether `next`, made by the same seat right after `prev`, carries
    /// on the same move as a player counts moves: one walk of several
    /// steps is one move, though each step is an action of its own. A
    /// lesson's moves against par are counted so. False by default.
    fn continues_move(_prev: &Self::Action, _next: &Self::Action) -> bool {
        false
    }
    /// Whether this state is one the rules could have reached, as far as
    /// anything that reads it cares: every seat, square, space, card and
    /// figure it names exists, every count is within its range, each card
    /// is in exactly one place where the game keeps its cards, and the
    /// game's own invariants hold. A state from outside (a friend's copy
    /// of an online game, a host's view sent over the network) is asked
    /// this before anything draws it or searches it, so everything else may
    /// index with what the state holds. The check itself never panics, on
    /// any value the state's type can hold. `Ok` by default.
    ///
    /// # Errors
    /// The first thing wrong, in words ("figure 4 stands in space 250; the
    /// battlefield has 31").
    fn well_formed(&self) -> Result<(), String> {
        Ok(())
    }
    /// `Ok` if `action` is legal now, else the rule that forbids it and why.
    ///
    /// # Errors
    /// The [`RuleViolation`] that forbids the action.
    fn check(&self, action: &Self::Action) -> Result<(), RuleViolation>;
    /// Checks and then applies `action`.
    ///
    /// # Errors
    /// The [`RuleViolation`] that forbids it; the state is then unchanged.
    fn apply(&mut self, action: &Self::Action) -> Result<(), RuleViolation>;
    /// Applies an action taken from [`Game::legal_actions`] of this very
    /// state. Games may skip the expensive parts of the check (search uses
    /// it); the default checks anyway and ignores a refusal.
    fn apply_legal(&mut self, action: &Self::Action) {
        let _ = self.apply(action);
    }
    /// How the game ended, once it has.
    fn outcome(&self) -> Option<Outcome>;
    /// What `seat` may know: hidden cards and the RNG (the future) redacted.
    #[must_use]
    fn observation(&self, seat: Seat) -> Self;
    /// A copy whose hidden parts and RNG are re-sampled from `rng`,
    /// consistent with everything `seat` knows. Bots search these.
    #[must_use]
    fn determinize(&self, seat: Seat, rng: &mut Rng) -> Self;
    /// True when applying `action` here shows the player a card (or other
    /// hidden fact) they did not know. Undoing past such an action lets a
    /// player learn the future, so the session asks first (and may refuse).
    fn reveals(&self, _action: &Self::Action) -> bool {
        false
    }
    /// True when a computer's `action` should be shown announced before it
    /// is played (a flight's templates laid before the bird moves), for the
    /// computer's pause between moves, so a person can follow it. False by
    /// default.
    fn announced(&self, _action: &Self::Action) -> bool {
        false
    }
    /// The action in words, for the move log ("White moves a wall c2→c3").
    fn describe(&self, action: &Self::Action) -> String;
    /// What the action just applied brought about that its description
    /// could not say in advance (dice rolled, hits, wounds), in words for
    /// the log; only what every seat may know. Empty by default.
    fn aftermath(&self) -> String {
        String::new()
    }
    /// What the player to move still owes, in words, for the status line.
    fn status(&self) -> String;
    /// Candidate actions for the conformance test: a superset of the legal
    /// ones (every piece × every target, every card × every place).
    fn pseudo_legal(&self) -> Vec<Self::Action>;
    /// The display name of a seat ("White").
    fn seat_name(&self, seat: Seat) -> String {
        format!("Player {}", seat.0 + 1)
    }
}

/// The name of `seat` from a list of names typed in the new-game dialog:
/// the trimmed name, or "Player N" when it is missing or blank.
pub(crate) fn named_seat(names: &[String], seat: Seat) -> String {
    match names.get(seat.index()) {
        Some(n) if !n.trim().is_empty() => n.trim().to_string(),
        _ => format!("Player {}", seat.0 + 1),
    }
}

/// Formats a list of items as "a, b and c".
pub(crate) fn and_list<T: fmt::Display>(items: &[T]) -> String {
    match items {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => {
            let init: Vec<String> = init.iter().map(ToString::to_string).collect();
            format!("{} and {last}", init.join(", "))
        }
    }
}
