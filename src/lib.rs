//! Aviary: five feather-themed tabletop games with every rule enforced.
//!
//! Data flows one way: a widget reports an intended action; the game's
//! [`table::Table`] hands it to the [`session::Session`], which asks
//! [`rules`] whether it is legal; if so it is applied and recorded, the
//! table hands the save to its background writer and wakes the computer
//! player. Nothing else mutates game state.
//!
//! The modules by layer, lowest first (each uses only the layers below it):
//!
//! | layer | modules | what they hold |
//! |---|---|---|
//! | rules | [`rules`] | the shared rules kernel: the `Game` trait, components, one module per game. No egui, no I/O, no threads. |
//! | game in progress | [`session`], [`save`], [`patch`], [`save_writer`], [`stats`] | history with undo/redo and player kinds; the save format (bounded reads, load = replay) and the JSON diffs that keep its views short; the autosave thread; statistics. |
//! | computer players | [`ai`] | bots over the `Game` trait, per-game heuristics, the worker threads. |
//! | lessons | [`lessons`] | each game's course as data, run by the rules (a lesson's replies come from a bot, on a session): start, goal, offered moves and hint, replies, success, par, solution. |
//! | table | [`table`] | one game in progress for the app: dispatch, autosave, the undo policy, chance steps, the computer player. No egui. |
//! | sound | [`sound`] | the table's sounds: synthesised once, which move makes which (public facts only), played on a thread of their own through the PulseAudio protocol, or recorded in tests. No egui. |
//! | network | [`net`] | playing a friend on another computer: the host's table is the authority, a friend holds a mirror of its seat's view; the protocol and the links. No egui. |
//! | views | [`ui`] | the design tokens (`ui::theme`), commands, widgets, one view per game (they draw and propose) and the one generic tab (`ui::tab`) that gives every view the same undo policy, end-of-game window and rematch. |
//! | app | [`games`], [`app`], [`cli`], [`desktop`] | the one list of games; the shell (tabs, menus, dialogs, settings, Saved Games); `aviary check FILE`; the icon and the applications-menu entry. |
//! | checks | [`conformance`], [`save_fuzz`], [`view_fuzz`] | the generic conformance test every game runs; the save fuzzer; the fuzzer of what a peer sends (views and proposed moves). |
//!
//! Adding a game touches: its rules file(s) under `src/rules/`, its
//! `Evaluate` heuristic under `src/ai/`, its view (a `ui::tab::View`), its
//! rules page, and one entry in [`games::GAMES`].
pub mod ai;
pub mod app;
pub mod cli;
pub mod conformance;
pub mod desktop;
pub mod games;
pub mod lessons;
pub mod net;
pub mod patch;
pub mod rules;
pub mod save;
pub mod save_fuzz;
pub mod save_writer;
pub mod session;
pub mod sound;
pub mod stats;
pub mod table;
pub mod ui;
pub mod view_fuzz;
