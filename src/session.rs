//! A game in progress: setup + seed + the action log with an undo cursor.
//!
//! This is the one mutation path. The UI proposes an action; the session
//! asks the rules, applies it, drops any redo branch and records it. Undo and
//! redo move the cursor and rebuild the state by replaying from the nearest
//! cached snapshot, so undo then redo reproduces exactly the same state and
//! luck (the RNG lives inside the state).

use crate::rules::{Game, RuleViolation, Seat, Setup, ToMove};

/// How often (in actions) a snapshot of the state is cached for fast undo.
const SNAPSHOT_EVERY: usize = 16;

/// Difficulty levels offered in the new-game dialog.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    /// Uniformly random legal moves (for testing and for beginners).
    Random,
    /// The greedy bot: the best single turn under the game's heuristic.
    Easy,
    /// The search bot with a normal budget (see `ai::Level::bot`).
    #[default]
    Normal,
    /// The search bot with a larger budget.
    Hard,
}

impl Level {
    /// Levels offered to players, easiest first.
    pub const ALL: [Level; 4] = [Level::Random, Level::Easy, Level::Normal, Level::Hard];

    /// The level's name for menus.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
        }
    }
}

/// Who sits in a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Player {
    /// A person at this screen.
    Human,
    /// A computer player of this level.
    Computer(Level),
    /// A person on another computer, playing through the network
    /// (`crate::net`): their moves come from the host's link to them.
    Friend,
}

impl Player {
    /// True for a computer player.
    #[must_use]
    pub fn is_computer(self) -> bool {
        matches!(self, Player::Computer(_))
    }

    /// True for a friend playing from another computer.
    #[must_use]
    pub fn is_friend(self) -> bool {
        matches!(self, Player::Friend)
    }
}

/// How a finished game counts in the statistics for the people at the
/// table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Counted {
    /// A person is among the winners.
    pub won: bool,
    /// Undo went past a revealed card before the end.
    pub assisted: bool,
    /// The strongest computer at the table, if any played.
    #[serde(default)]
    pub against: Option<Level>,
}

/// One entry of the move log: the action and its description.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct LogEntry {
    /// Who made it (`None` for chance).
    pub seat: Option<Seat>,
    /// The sentence for the log panel.
    pub text: String,
    /// True when the action showed the player something hidden (a card).
    pub reveals: bool,
}

/// A game in progress with unlimited undo and redo.
#[derive(Clone, Debug)]
pub struct Session<G: Game> {
    setup: Setup<G::Options>,
    seed: u64,
    players: Vec<Player>,
    actions: Vec<G::Action>,
    log: Vec<LogEntry>,
    cursor: usize,
    state: G,
    /// `snapshots[i]` is the state after `i * SNAPSHOT_EVERY` actions.
    snapshots: Vec<G>,
    /// The player undid past a revealed card (solitaire statistics count
    /// such games apart).
    assisted: bool,
    /// What the statistics hold for this game, once it has finished.
    counted: Option<Counted>,
    /// One more each time the state or the log changes (friends online are
    /// sent a new view when it moves).
    revision: u64,
}

impl<G: Game> Session<G> {
    /// A new game.
    #[must_use]
    pub fn new(setup: Setup<G::Options>, seed: u64, players: Vec<Player>) -> Self {
        let state = G::new(&setup, seed);
        Self::starting_at(setup, seed, players, state)
    }

    fn starting_at(setup: Setup<G::Options>, seed: u64, players: Vec<Player>, state: G) -> Self {
        Self {
            setup,
            seed,
            players,
            actions: Vec::new(),
            log: Vec::new(),
            cursor: 0,
            snapshots: vec![state.clone()],
            state,
            assisted: false,
            counted: None,
            revision: 0,
        }
    }

    /// A session whose game starts at `state` rather than at a new deal,
    /// with no history. For tests that show a given position, such as two
    /// deals a seat cannot tell apart: its seed is 0, so a save of it does
    /// not replay to `state`.
    #[doc(hidden)]
    #[must_use]
    pub fn from_state(state: G, players: Vec<Player>) -> Self {
        Self::starting_at(state.setup(), 0, players, state)
    }

    /// Puts `state` in place of the current state, keeping the history and
    /// the log. For tests that show two worlds a seat cannot tell apart
    /// (the same history, the secrets dealt otherwise): an undo or redo
    /// afterwards replays the real history.
    #[doc(hidden)]
    pub fn replace_state(&mut self, state: G) {
        self.state = state;
        self.revision += 1;
    }

    /// Shows what a host sent a friend online: its seat's view and the
    /// log. The session then holds no actions (the friend cannot replay or
    /// undo them; undo is a request to the host), only this position.
    pub fn mirror(&mut self, state: G, log: Vec<LogEntry>) {
        self.cursor = 0;
        self.actions.clear();
        self.snapshots = vec![state.clone()];
        self.state = state;
        self.log = log;
        self.revision += 1;
    }

    /// One more each time the state or the log changes.
    #[must_use]
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// The seats people at this screen play (not computers, not friends
    /// online).
    #[must_use]
    pub fn people(&self) -> Vec<Seat> {
        (0..self.players.len()).map(|i| Seat(i as u8)).filter(|s| self.players[s.index()] == Player::Human).collect()
    }

    /// True once the player has undone past a revealed card.
    #[must_use]
    pub fn is_assisted(&self) -> bool {
        self.assisted
    }

    /// Marks the game as assisted (the player undid past a revealed card).
    pub fn mark_assisted(&mut self) {
        self.assisted = true;
    }

    /// How this game counts for the people at the table now: `None` while
    /// it is not over, or when only computers play.
    #[must_use]
    pub fn result_for_people(&self) -> Option<Counted> {
        let outcome = self.state.outcome()?;
        let people = self.people();
        if people.is_empty() {
            return None;
        }
        let against = Level::ALL.into_iter().rev().find(|l| self.players.contains(&Player::Computer(*l)));
        Some(Counted { won: outcome.winners.iter().any(|w| people.contains(w)), assisted: self.assisted, against })
    }

    /// What the statistics already hold for this game (`None`: nothing).
    #[must_use]
    pub fn counted(&self) -> Option<Counted> {
        self.counted
    }

    /// Records what the statistics now hold for this game.
    pub fn set_counted(&mut self, counted: Option<Counted>) {
        self.counted = counted;
    }

    /// How many actions a person's undo ([`Session::undo`]) would take back.
    #[must_use]
    pub fn undo_span(&self) -> usize {
        let mut n = 0;
        for entry in self.log[..self.cursor].iter().rev() {
            n += 1;
            let human = entry.seat.is_some_and(|s| self.players.get(s.index()).is_some_and(|p| !p.is_computer()));
            if human {
                break;
            }
        }
        n
    }

    /// Moves the cursor to `cursor` (at most the number of recorded
    /// actions) and rebuilds the state once, from the nearest snapshot.
    pub fn seek(&mut self, cursor: usize) {
        let cursor = cursor.min(self.actions.len());
        if cursor != self.cursor {
            self.cursor = cursor;
            self.rebuild();
        }
    }

    /// The current state (at the cursor).
    #[must_use]
    pub fn state(&self) -> &G {
        &self.state
    }

    /// The setup.
    #[must_use]
    pub fn setup(&self) -> &Setup<G::Options> {
        &self.setup
    }

    /// The seed.
    #[must_use]
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Who sits in each seat.
    #[must_use]
    pub fn players(&self) -> &[Player] {
        &self.players
    }

    /// Puts `players` in the seats (a friend's copy learns them from the
    /// host).
    pub fn set_players(&mut self, players: Vec<Player>) {
        self.players = players;
        self.revision += 1;
    }

    /// Every recorded action, including undone ones past the cursor.
    #[must_use]
    pub fn actions(&self) -> &[G::Action] {
        &self.actions
    }

    /// How many actions are in effect.
    #[must_use]
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// The move log up to the cursor.
    #[must_use]
    pub fn log(&self) -> &[LogEntry] {
        // A mirror (a friend's copy of an online game) holds the host's log
        // without its actions.
        if self.actions.is_empty() { &self.log } else { &self.log[..self.cursor] }
    }

    /// The player to decide now, if a seat is to move.
    #[must_use]
    pub fn player_to_move(&self) -> Option<(Seat, Player)> {
        let seat = self.state.to_move().seat()?;
        Some((seat, *self.players.get(seat.index())?))
    }

    /// True when a computer seat (or chance) must act next.
    #[must_use]
    pub fn computer_to_move(&self) -> bool {
        match self.state.to_move() {
            ToMove::Chance => true,
            ToMove::Seat(s) => self.players.get(s.index()).is_some_and(|p| p.is_computer()),
            ToMove::Nobody => false,
        }
    }

    /// Checks `action` without applying it.
    ///
    /// # Errors
    /// The rule that forbids it.
    pub fn check(&self, action: &G::Action) -> Result<(), RuleViolation> {
        self.state.check(action)
    }

    /// Applies `action` if legal, dropping any redo branch and recording it.
    ///
    /// # Errors
    /// The rule that forbids it; nothing changes then.
    pub fn propose(&mut self, action: G::Action) -> Result<(), RuleViolation> {
        // Check before anything else reads the action: `describe` may index
        // with it, and only legal actions are described.
        self.state.check(&action)?;
        let mut text = self.state.describe(&action);
        let seat = self.state.to_move().seat();
        let reveals = self.state.reveals(&action);
        self.state.apply(&action)?;
        let after = self.state.aftermath();
        if !after.is_empty() {
            text = format!("{text}: {after}");
        }
        self.actions.truncate(self.cursor);
        self.log.truncate(self.cursor);
        self.snapshots.truncate(self.cursor / SNAPSHOT_EVERY + 1);
        self.actions.push(action);
        self.log.push(LogEntry { seat, text, reveals });
        self.revision += 1;
        self.cursor += 1;
        if self.cursor.is_multiple_of(SNAPSHOT_EVERY) {
            self.snapshots.push(self.state.clone());
        }
        Ok(())
    }

    /// Tries `action` on a copy of the position: everything
    /// [`Session::propose`] runs (the check, the words for the log, the
    /// move itself and what it brought about), with any panic caught. A
    /// move from outside (a friend's, over the network) goes through this
    /// first, so a fault in the rules refuses that one move and leaves the
    /// game as it was, as a fault while loading a file does.
    ///
    /// # Errors
    /// The rule that refuses it, or `RULES` when checking it failed.
    pub fn trial(&self, action: &G::Action) -> Result<(), RuleViolation> {
        let state = &self.state;
        let tried = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            state.check(action)?;
            let mut next = state.clone();
            let _ = (next.describe(action), next.to_move(), next.reveals(action));
            next.apply(action)?;
            let _ = (next.aftermath(), next.to_move(), next.outcome(), next.status(), next.legal_actions().len());
            Ok(())
        }));
        tried.unwrap_or_else(|_| {
            Err(RuleViolation::new(
                "RULES",
                "this move could not be checked (a fault in Aviary's rules; the game is unchanged)",
            ))
        })
    }

    /// Adds why the last action was taken to its log line (a computer's
    /// reason, which every seat may read).
    pub fn annotate_last(&mut self, why: &str) {
        if let Some(e) = self.cursor.checked_sub(1).and_then(|i| self.log.get_mut(i)) {
            e.text = format!("{} ({why})", e.text);
            self.revision += 1;
        }
    }

    /// True when there is something to undo.
    #[must_use]
    pub fn can_undo(&self) -> bool {
        self.cursor > 0
    }

    /// True when there is something to redo.
    #[must_use]
    pub fn can_redo(&self) -> bool {
        self.cursor < self.actions.len()
    }

    fn rebuild(&mut self) {
        let k = (self.cursor / SNAPSHOT_EVERY).min(self.snapshots.len() - 1);
        let mut state = self.snapshots[k].clone();
        for action in &self.actions[k * SNAPSHOT_EVERY..self.cursor] {
            state.apply(action).expect("a recorded action replays");
        }
        self.state = state;
        self.revision += 1;
    }

    /// Undoes one action. Returns false when there was none.
    pub fn undo_one(&mut self) -> bool {
        if self.cursor == 0 {
            return false;
        }
        self.cursor -= 1;
        self.rebuild();
        true
    }

    /// Redoes one action. Returns false when there was none.
    pub fn redo_one(&mut self) -> bool {
        if self.cursor >= self.actions.len() {
            return false;
        }
        let action = self.actions[self.cursor].clone();
        self.state.apply(&action).expect("a recorded action replays");
        self.revision += 1;
        self.cursor += 1;
        if self.cursor.is_multiple_of(SNAPSHOT_EVERY) && self.snapshots.len() == self.cursor / SNAPSHOT_EVERY {
            self.snapshots.push(self.state.clone());
        }
        true
    }

    /// Undo as a person means it: back to that person's previous decision,
    /// undoing the computer's replies on the way. Returns how many actions
    /// were undone.
    pub fn undo(&mut self) -> usize {
        let mut n = 0;
        while self.undo_one() {
            n += 1;
            if !self.computer_to_move() {
                break;
            }
        }
        // If only computer decisions precede, we end at the start: fine.
        n
    }

    /// Redo as a person means it: forward to the next human decision.
    pub fn redo(&mut self) -> usize {
        let mut n = 0;
        while self.redo_one() {
            n += 1;
            if !self.computer_to_move() {
                break;
            }
        }
        n
    }

    /// True when the game is over.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.state.to_move() == ToMove::Nobody
    }
}
