//! The UI layer: the theme, reusable widgets and one view per game.
//!
//! [`Match`] is the one mutation path for a game on screen: widgets propose
//! actions to it; it asks the session (and so the rules), records, autosaves
//! and wakes the computer player. [`GameTab`] is what the app needs from any
//! game's tab, so the app never knows which game it shows.

pub mod commands;
pub mod daedalus;
pub mod dust_wings;
pub mod enchanted_plumes;
pub mod feathers_wax;
pub mod icon;
pub mod rules_text;
pub mod theme;
pub mod widgets;

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::ai::worker::{Poll, Worker};
use crate::ai::{Evaluate, Level};
use crate::rules::{RuleViolation, Seat};
use crate::save::{self, SaveError};
use crate::save_writer::Writer;
use crate::session::{Counted, Player, Session};

/// A message for the toast area.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// A refused move or a failed operation.
    Error(String),
    /// Information ("Saved to …").
    Info(String),
}

/// Shared display settings a view needs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ViewSettings {
    /// Dark theme.
    pub dark: bool,
    /// Animations on.
    pub animations: bool,
    /// Pause between computer moves when no human plays (seconds).
    pub computer_delay: f32,
    /// Strict: no undo past a revealed card.
    pub strict_undo: bool,
}

/// What the app needs from any game's tab.
pub trait GameTab {
    /// The tab's title ("Daedalus — you v computer").
    fn title(&self) -> String;
    /// The game's save id.
    fn game_id(&self) -> &'static str;
    /// The file this game autosaves to.
    fn path(&self) -> &Path;
    /// Draws the tab and handles its input; messages go to `notices`.
    fn ui(&mut self, ui: &mut egui::Ui, settings: &ViewSettings, notices: &mut Vec<Notice>);
    /// Undo one human decision (with the computer's replies).
    fn undo(&mut self, notices: &mut Vec<Notice>);
    /// Redo one human decision.
    fn redo(&mut self, notices: &mut Vec<Notice>);
    /// True when there is something to undo.
    fn can_undo(&self) -> bool;
    /// True when there is something to redo.
    fn can_redo(&self) -> bool;
    /// Writes the game to its file.
    ///
    /// # Errors
    /// The I/O problem; the file on disk is then unchanged.
    fn save(&mut self) -> Result<(), SaveError>;
    /// Writes the game to `path` and autosaves there from now on.
    ///
    /// # Errors
    /// The I/O problem; nothing changes then.
    fn save_as(&mut self, path: PathBuf) -> Result<(), SaveError>;
    /// True when the game is over.
    fn is_over(&self) -> bool;
    /// Stops any computer thinking (closing the tab).
    fn shutdown(&mut self);
    /// Number of actions in effect.
    fn moves(&self) -> usize;
    /// The concrete tab, for tests and tools.
    fn as_any_mut(&mut self) -> &mut dyn std::any::Any;
    /// What the tab asks of the app (e.g. "open the new-game dialog").
    fn take_request(&mut self) -> Option<TabRequest> {
        None
    }
}

/// Something a tab asks the app to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TabRequest {
    /// Open the new-game dialog for this game id.
    NewGame(&'static str),
    /// Close this tab.
    Close,
    /// A game ended: count it in the statistics (and save the game, which
    /// now records that it was counted).
    Finished {
        /// The game's id.
        game: &'static str,
        /// How it counts.
        result: Counted,
        /// What an earlier end of this same game counted, to take back.
        replaces: Option<Counted>,
    },
}

/// The [`GameTab`] methods every tab answers from its `m: Match<_>` field
/// the same way: its file, undo/redo availability, saving, whether it is
/// over, its length, and the downcast for tests.
macro_rules! delegate_to_match {
    () => {
        fn path(&self) -> &std::path::Path {
            &self.m.path
        }

        fn can_undo(&self) -> bool {
            self.m.session.can_undo()
        }

        fn can_redo(&self) -> bool {
            self.m.session.can_redo()
        }

        fn save(&mut self) -> Result<(), $crate::save::SaveError> {
            self.m.save()
        }

        fn save_as(&mut self, path: std::path::PathBuf) -> Result<(), $crate::save::SaveError> {
            self.m.save_as(path)
        }

        fn is_over(&self) -> bool {
            self.m.session.is_over()
        }

        fn moves(&self) -> usize {
            self.m.session.cursor()
        }

        fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
            self
        }
    };
}
pub(crate) use delegate_to_match;

/// A game on screen: the session, its file and its computer player.
pub struct Match<G: Evaluate> {
    /// The game with its history.
    pub session: Session<G>,
    /// Where it autosaves.
    pub path: PathBuf,
    worker: Worker<G>,
    /// Computer-vs-computer games can be paused.
    pub paused: bool,
    /// A unique number for this match (caches key on it).
    pub id: u64,
    writer: Writer,
    /// What was last handed to the writer (path and text without the date).
    submitted: Option<String>,
    /// The newest autosave failure, until a write succeeds.
    write_failed: Option<String>,
}

static NEXT_MATCH: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

impl<G: Evaluate> Match<G> {
    /// A match around `session`, saving to `path`.
    #[must_use]
    pub fn new(session: Session<G>, path: PathBuf) -> Self {
        Self {
            session,
            path,
            worker: Worker::default(),
            paused: false,
            id: NEXT_MATCH.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
            writer: Writer::default(),
            submitted: None,
            write_failed: None,
        }
    }

    /// The seats people play.
    #[must_use]
    pub fn humans(&self) -> Vec<Seat> {
        self.session
            .players()
            .iter()
            .enumerate()
            .filter(|(_, p)| !p.is_computer())
            .map(|(i, _)| Seat(i as u8))
            .collect()
    }

    /// When a game with people at the table has ended and the statistics
    /// do not yet hold its result: the request that counts it, replacing
    /// what an earlier end of the same game counted (a lost game undone and
    /// then won counts once, as an assisted win).
    pub fn finished_request(&mut self) -> Option<TabRequest> {
        let game = G::INFO.id;
        let now = self.session.result_for_people()?;
        let before = self.session.counted();
        if before == Some(now) {
            return None;
        }
        self.session.set_counted(Some(now));
        Some(TabRequest::Finished { game, result: now, replaces: before })
    }

    /// True when some seat is played by a person.
    #[must_use]
    pub fn has_human(&self) -> bool {
        self.session.players().iter().any(|p| !p.is_computer())
    }

    /// Proposes an action: checked by the rules, recorded, autosaved.
    ///
    /// # Errors
    /// The rule that refuses it; nothing changes then.
    pub fn propose(&mut self, action: G::Action, notices: &mut Vec<Notice>) -> Result<(), RuleViolation> {
        self.session.propose(action)?;
        self.worker.cancel();
        self.autosave(notices);
        Ok(())
    }

    /// Hands the game to its background writer (the frame goes on at once);
    /// a failure is reported by [`Match::tick`] when the writer says so.
    pub fn autosave(&mut self, notices: &mut Vec<Notice>) {
        let Some((key, text)) = self.changed_text() else { return };
        match self.writer.submit(&self.path, text) {
            Ok(()) => self.submitted = Some(key),
            Err(e) => notices.push(self.failure_notice(&e.to_string())),
        }
    }

    /// The save text if the game changed since the last save handed over
    /// (a game that did not change is not written again, so its date stays),
    /// with the key to compare next time.
    fn changed_text(&self) -> Option<(String, String)> {
        let mut file = save::record(&self.session);
        let saved_at = std::mem::take(&mut file.saved_at);
        let key = format!("{}\n{}", self.path.display(), save::to_text(&file));
        if self.submitted.as_ref() == Some(&key) && !self.writer.busy() && self.write_failed.is_none() {
            return None;
        }
        file.saved_at = saved_at;
        Some((key, save::to_text(&file)))
    }

    fn failure_notice(&self, why: &str) -> Notice {
        let folder = self.path.parent().map_or_else(String::new, |d| d.display().to_string());
        Notice::Error(format!(
            "Autosave failed in {folder}: {why}. The game stays open here; the next move tries again (or use Save As)."
        ))
    }

    /// Collects the background writer's news: a failed autosave becomes a
    /// notice (once per failure, not once per frame).
    pub fn poll_writer(&mut self, notices: &mut Vec<Notice>) {
        if let Some(why) = self.writer.poll() {
            notices.push(self.failure_notice(&why));
            self.write_failed = Some(why);
        } else if !self.writer.busy() {
            self.write_failed = None;
        }
    }

    /// Writes the game to its file and waits until it is on disk.
    ///
    /// # Errors
    /// The I/O problem; the file on disk is then unchanged.
    pub fn save(&mut self) -> Result<(), SaveError> {
        let mut ignored = Vec::new();
        self.autosave(&mut ignored);
        if let Some(Notice::Error(e) | Notice::Info(e)) = ignored.pop() {
            return Err(SaveError::Write(e));
        }
        let flushed = self.writer.flush();
        self.write_failed = flushed.as_ref().err().cloned();
        if flushed.is_err() {
            // Written again next time, whatever the key says.
            self.submitted = None;
        }
        flushed.map_err(SaveError::Write)
    }

    /// Writes the game to `path` and autosaves there from now on.
    ///
    /// # Errors
    /// The I/O problem; nothing changes then.
    pub fn save_as(&mut self, path: PathBuf) -> Result<(), SaveError> {
        let _ = self.writer.flush();
        let old = std::mem::replace(&mut self.path, path);
        self.submitted = None;
        if let Err(e) = self.save() {
            self.path = old;
            self.submitted = None;
            return Err(e);
        }
        Ok(())
    }

    /// Waits until the autosaves handed over are on disk (tests and tools).
    ///
    /// # Errors
    /// The failure of the last write.
    pub fn wait_for_autosave(&mut self) -> Result<(), String> {
        self.writer.flush()
    }

    /// Puts in another way of writing files (tests: a slow or failing disk).
    pub fn set_writer(&mut self, write: crate::save_writer::WriteFn) {
        let _ = self.writer.flush();
        self.writer = Writer::new(write);
        self.submitted = None;
    }

    /// Undo for people: back to the previous human decision.
    pub fn undo(&mut self, notices: &mut Vec<Notice>) {
        self.worker.cancel();
        let n = if self.has_human() { self.session.undo() } else { usize::from(self.session.undo_one()) };
        if n > 0 {
            self.paused = !self.has_human();
            self.autosave(notices);
        }
    }

    /// Undoes back to `cursor` after the person confirmed it; `mark` puts
    /// the game down as assisted ("undo used") first.
    pub fn rewind_to(&mut self, cursor: usize, mark: bool, notices: &mut Vec<Notice>) {
        if mark {
            self.session.mark_assisted();
        }
        self.worker.cancel();
        while self.session.cursor() > cursor && self.session.undo_one() {}
        self.paused = false;
        self.autosave(notices);
    }

    /// Redo for people.
    pub fn redo(&mut self, notices: &mut Vec<Notice>) {
        self.worker.cancel();
        let n = if self.has_human() { self.session.redo() } else { usize::from(self.session.redo_one()) };
        if n > 0 {
            self.autosave(notices);
        }
    }

    /// True while the computer is thinking.
    #[must_use]
    pub fn thinking(&self) -> bool {
        self.worker.busy()
    }

    /// Drives the computer player: collects a finished answer and applies
    /// it, or starts thinking when a computer seat is to move. Never blocks.
    pub fn tick(&mut self, ctx: &egui::Context, delay: Duration, notices: &mut Vec<Notice>) {
        if !self.writer.has_wake() {
            let ctx = ctx.clone();
            self.writer.set_wake(move || ctx.request_repaint());
        }
        self.poll_writer(notices);
        let cursor = self.session.cursor();
        match self.worker.poll(cursor) {
            Poll::Ready(action) => {
                if let Err(e) = self.propose(action, notices) {
                    notices
                        .push(Notice::Error(format!("The computer chose an illegal move ({e}); please report this")));
                    self.paused = true;
                }
            }
            Poll::Thinking => return,
            Poll::Idle => {}
        }
        if self.paused || self.session.is_over() || !self.session.computer_to_move() {
            return;
        }
        let state = self.session.state();
        let seat = state.to_move().seat().unwrap_or(Seat(0));
        let level = match self.session.players().get(seat.index()) {
            Some(Player::Computer(level)) => *level,
            _ => Level::Random, // chance: any bot applies the single action
        };
        let delay = if self.has_human() { Duration::from_millis(250) } else { delay };
        let ctx = ctx.clone();
        self.worker
            .ask(state.observation(seat), seat, level, self.session.cursor(), delay, move || ctx.request_repaint());
    }

    /// Stops thinking.
    pub fn cancel(&mut self) {
        self.worker.cancel();
    }

    /// Waits for the computer's answer and applies it (tests only).
    pub fn wait_for_computer(&mut self, notices: &mut Vec<Notice>) -> bool {
        let cursor = self.session.cursor();
        match self.worker.wait(cursor) {
            Some(a) => self.propose(a, notices).is_ok(),
            None => false,
        }
    }
}
