//! The UI layer: the theme, reusable widgets and one view per game.
//!
//! Views draw and propose: a widget's intended action goes to the game's
//! [`Table`](crate::table::Table), the one mutation path below the views.
//! Each game's view implements the small [`tab::View`] trait and is shown
//! in the one generic [`tab::Tab`], which gives every game the same undo
//! policy, end-of-game window and rematch. [`GameTab`] is what the app
//! needs from any tab, so the app never knows which game it shows.

#![allow(
    clippy::disallowed_methods,
    reason = "drawing may use the platform's trigonometry; the rules may not (clippy.toml)"
)]

pub mod art;
pub mod commands;
pub mod covers;
pub mod daedalus;
pub mod dust_wings;
pub mod enchanted_plumes;
pub mod feathers_wax;
pub mod figures;
pub mod friend_copy;
pub mod lesson;
pub mod look;
pub mod online;
pub mod pointer_notes;
pub mod replay;
mod rules_glance;
mod rules_page;
pub mod rules_text;
pub mod scoreboard;
pub mod sketch;
pub mod tab;
pub mod tail_feathers;
pub mod theme;
pub mod tilt;
pub mod tokens;
pub mod view;
pub mod viewer;
pub mod widgets;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::save::SaveError;
pub use crate::table::Notice;
use crate::table::{Finished, Waker};

/// Shared display settings a view needs.
#[derive(Clone, Copy, Debug, PartialEq)]
#[allow(clippy::struct_excessive_bools, reason = "each setting is its own yes-or-no in the Settings tab")]
pub struct ViewSettings {
    /// Dark theme.
    pub dark: bool,
    /// Animations on.
    pub animations: bool,
    /// Pause before each of the computer's moves, so people can follow them (seconds).
    pub computer_delay: f32,
    /// Strict: no undo past a revealed card.
    pub strict_undo: bool,
    /// Tail Feathers' action cards: a person is asked at the attack window
    /// only when they hold a card that may answer it (quicker, but the other
    /// player learns that a card is held).
    pub quick_card_windows: bool,
}

/// What the app needs from any game's tab.
pub trait GameTab {
    /// The tab's title ("Daedalus", "Replay: Daedalus").
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
    /// Undo back to the start of the person's last turn.
    fn undo_turn(&mut self, notices: &mut Vec<Notice>);
    /// True when there is a turn to take back.
    fn can_undo_turn(&self) -> bool;
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
    /// The sounds of what happened at the table since the last time asked
    /// (moves, a refusal, a win, your turn online), for the app to play.
    fn take_sounds(&mut self) -> Vec<crate::sound::Sound> {
        Vec::new()
    }
    /// Turns the tab into a replay of its game: at move 0, stepped through,
    /// never played on, its file untouched.
    fn start_replay(&mut self) {}
    /// True for a replay.
    fn is_replay(&self) -> bool {
        false
    }
    /// The lesson played in this tab, if it is one.
    fn lesson_id(&self) -> Option<&'static str> {
        None
    }
    /// Starts hosting this game's "Friend online" seats (the network comes
    /// up only now).
    fn host_online(&mut self, _config: crate::net::p2p::NetConfig, _ctx: &egui::Context) {}
    /// Turns the tab into a friend's copy of an online game (from its
    /// file): its views stepped through until the friend rejoins.
    ///
    /// # Errors
    /// The copy's problem (damaged, another game's views).
    fn open_copy(&mut self, _copy: &crate::save::FriendCopy) -> Result<(), SaveError> {
        Ok(())
    }
    /// Connects a friend's copy to its host again (same code, same key).
    fn rejoin(&mut self, _config: crate::net::p2p::NetConfig, _ctx: &egui::Context, _notices: &mut Vec<Notice>) {}
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
    Finished(Finished),
    /// Open this saved game as a replay.
    Replay(PathBuf),
    /// Open this saved game (a new game played on from a replay).
    Open(PathBuf),
    /// Open lesson number `.1` of game `.0`'s course (again, or the next).
    Lesson(&'static str, usize),
    /// Show game `.0`'s lessons.
    Lessons(&'static str),
    /// Connect this friend's copy to its host again.
    Rejoin,
    /// Show game `.0`'s rules page.
    Rules(&'static str),
    /// A lesson was done: its game, its id and the learner's moves.
    LessonDone(&'static str, &'static str, u16),
}

/// A waker for the table's background work: repaints `ctx`.
#[must_use]
pub fn waker(ctx: &egui::Context) -> Waker {
    let ctx = ctx.clone();
    Arc::new(move || ctx.request_repaint())
}
