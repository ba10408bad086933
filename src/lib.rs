//! Aviary: five feather-themed tabletop games with every rule enforced.
//!
//! Data flows one way: a widget reports an intended action; the
//! [`session::Session`] asks [`rules`] whether it is legal; if so it applies
//! it and records it; the app autosaves and wakes the computer player.
//! Nothing else mutates game state.
//!
//! - [`rules`]: the shared rules kernel (no egui, no I/O, no threads).
//! - [`session`]: a game in progress with unlimited undo/redo.
//! - [`save`]: the versioned save format, atomic writes, load = replay.
//! - [`save_writer`]: the background thread that writes autosaves.
//! - [`save_fuzz`]: seeded mutations of real saves, for the fuzz test and
//!   the long fuzz run.
//! - [`ai`]: bots over the `Game` trait and the worker thread.
//! - [`table`]: a game in progress below the views: dispatch, autosave,
//!   undo, chance steps, the computer player. No egui.
//! - [`ui`]: reusable widgets, the theme and one view per game.
//! - [`games`]: the one list of games: what each is, how to replay, open
//!   and start it, its rules page.
//! - [`app`]: tabs, menus, shortcuts, settings, toasts.
//! - [`cli`]: `aviary check FILE`, the headless save checker.
//! - [`stats`]: games finished and won, clean and assisted apart.
pub mod ai;
pub mod app;
pub mod cli;
pub mod conformance;
pub mod games;
pub mod rules;
pub mod save;
pub mod save_fuzz;
pub mod save_writer;
pub mod session;
pub mod stats;
pub mod table;
pub mod ui;
