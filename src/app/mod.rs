//! The application shell: the Home tab, one tab per open game, rules pages,
//! the Game menu and its keys, toasts. The rest lives beside it by concern:
//! [`settings`] (the settings and statistics files), `saved_games` (the Saved
//! Games screen and file dialogs), `new_game` (the new-game dialog), `tabs`
//! (the row of tabs) and
//! `closing` (resuming at start, and closing without losing a move).

mod closing;
mod home;
mod learn;
mod new_game;
mod online;
mod saved_games;
mod tabs;
mod toasts;
pub use saved_games::SavedSort;
pub mod settings;

pub use closing::QuitDialog;
pub use saved_games::dialog_service;
use settings::ConfigFile;
pub use settings::Settings;
pub use tabs::{fit_tabs, tab_names};

use std::path::{Path, PathBuf};
use std::sync::mpsc::Receiver;
use std::sync::{Arc, OnceLock};

use egui::Ui;

use crate::ai::worker::Background;
use crate::games::{self, NewGame};
use crate::stats::Stats;
use crate::ui::commands::{self, Command};
use crate::ui::rules_text;
use crate::ui::theme;
use crate::ui::{GameTab, Notice, TabRequest, ViewSettings};

/// Which screen is showing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    /// The list of games.
    Home,
    /// The save folder.
    SavedGames,
    /// A rules page.
    Rules(&'static str),
    /// Settings.
    Settings,
    /// An open game tab.
    Game(usize),
    /// A game's lessons.
    Lessons(&'static str),
}

struct Toast {
    notice: Notice,
    until: f64,
    /// Where the pointer was when a move was refused: the refusal is shown
    /// there, by the board where the move was tried, not in a corner.
    at: Option<egui::Pos2>,
}

/// The whole application.
pub struct AviaryApp {
    /// Settings (persisted).
    pub settings: Settings,
    settings_file: ConfigFile,
    stats_file: ConfigFile,
    lessons_file: ConfigFile,
    /// The lessons done (persisted beside the settings).
    pub lesson_progress: learn::LessonProgress,
    /// Where saves go.
    pub saves_dir: PathBuf,
    /// Open games.
    pub tabs: Vec<Box<dyn GameTab>>,
    /// The screen showing.
    pub screen: Screen,
    /// Where a rules or lessons page was opened from: its tag's cross goes
    /// back there, and a game it came from keeps its tab on the row.
    page_from: Screen,
    /// The rules and lessons pages kept on the row, each a tag of its own
    /// (the newest three, in the order opened), so a player can go
    /// between a board and its rules: until a tag's cross is clicked.
    pages: Vec<Screen>,
    /// The lesson map just opened: shown from its top.
    map_at_top: bool,
    /// The new-game dialog, when open.
    pub new_game: Option<NewGame>,
    toasts: Vec<Toast>,
    /// Unfinished games offered for resuming at start (each replayed and
    /// found good off the UI thread).
    pub resume_offer: Vec<games::Listing>,
    /// Games from the last session that could not be resumed, with why.
    pub resume_problems: Vec<games::Listing>,
    /// Games open at the last exit and not yet resumed or dismissed: kept
    /// in the open-games list until the person decides.
    resume_pending: Vec<PathBuf>,
    /// Games of the resume offer the person unticked.
    resume_unchosen: std::collections::HashSet<PathBuf>,
    resume_check: Option<Background<Vec<games::Listing>>>,
    listing_job: Option<Background<Vec<games::Listing>>>,
    /// The last list read, shown by Home's Continue while the folder is
    /// read again (so the shelf does not jump under the pointer).
    previous_listing: Option<Vec<games::Listing>>,
    /// The context, once the first frame has run: background jobs wake it.
    wake: Arc<OnceLock<egui::Context>>,
    /// Notices raised outside a frame, shown on the next one.
    pending_notices: Vec<Notice>,
    /// Notices about the person's files (a broken settings file kept
    /// aside), shown until dismissed.
    lasting_notices: Vec<Notice>,
    /// The dialog shown when closing would lose moves that could not be saved.
    pub quit: Option<QuitDialog>,
    /// True once the person chose to quit: the next close goes through.
    quit_confirmed: bool,
    save_as: Option<String>,
    rename: Option<(PathBuf, String)>,
    confirm_delete: Option<PathBuf>,
    open_path: String,
    listing: Option<Vec<games::Listing>>,
    file_dialog: Option<Receiver<Result<Option<PathBuf>, String>>>,
    applied_style: Option<(bool, f32)>,
    /// Games finished and won (persisted beside the settings).
    pub stats: Stats,
    /// Where Settings adds Aviary to the applications menu, and what the
    /// entry starts.
    pub menu: crate::desktop::MenuTarget,
    /// The menu entry as last read (again each time Settings opens).
    menu_entry: Option<crate::desktop::MenuEntry>,
    /// What the last "Add"/"Remove" did, for the Settings screen.
    menu_news: Option<(String, Vec<PathBuf>)>,
    /// Where settings live (the network key is kept there too).
    config_dir: Option<PathBuf>,
    /// The "Join a game online" dialog, when open.
    pub join: Option<online::JoinDialog>,
    /// Online play stays on this machine: 127.0.0.1, no relay, no lookup
    /// (tests, and two windows side by side; `AVIARY_NET_LOOPBACK=1`).
    pub loopback_net: bool,
    /// This app's network key, once read from its file this run.
    net_key: Option<[u8; 32]>,
    /// Saved Games shows only this game's files, when set.
    pub saved_filter: Option<String>,
    /// The order of Saved Games.
    pub saved_sort: saved_games::SavedSort,
    /// Where the table's sounds go: silent unless the program's `main`
    /// (or a test, with a recording) gives it a sink.
    pub sound: crate::sound::Speaker,
}

impl AviaryApp {
    /// Whether the saved games are still being read on their thread (Home
    /// and Saved Games change their layout when the list lands).
    #[must_use]
    pub fn reading_saved_games(&self) -> bool {
        self.listing_job.is_some()
    }

    /// The app with settings and statistics in `config_dir` (none: nothing
    /// is kept between runs) and saves in `saves_dir`. A broken settings or
    /// statistics file is moved aside and reported on the first frame; the
    /// games open at the last exit are checked on a background thread.
    #[must_use]
    pub fn new(config_dir: Option<PathBuf>, saves_dir: PathBuf) -> Self {
        let mut lasting_notices = Vec::new();
        let (settings_file, settings) = ConfigFile::load::<Settings>(
            config_dir.as_ref().map(|d| d.join("settings.json")),
            "settings",
            &mut lasting_notices,
        );
        let settings = settings.sanitized();
        let (stats_file, stats) = ConfigFile::load::<Stats>(
            config_dir.as_ref().map(|d| d.join("stats.json")),
            "statistics",
            &mut lasting_notices,
        );
        let (lessons_file, lesson_progress) = ConfigFile::load::<learn::LessonProgress>(
            config_dir.as_ref().map(|d| d.join("lessons.json")),
            "lesson progress",
            &mut lasting_notices,
        );
        let wake: Arc<OnceLock<egui::Context>> = Arc::default();
        let resume_pending = settings.open_games.clone();
        let resume_check = (!resume_pending.is_empty())
            .then(|| {
                let paths = resume_pending.clone();
                let waker = Arc::clone(&wake);
                Background::spawn(
                    "aviary-resume-check",
                    move || {
                        if let Some(ctx) = waker.get() {
                            ctx.request_repaint();
                        }
                    },
                    move |_, report| report(paths.into_iter().map(games::listing).collect()),
                )
            })
            .flatten();
        Self {
            config_dir,
            join: None,
            loopback_net: std::env::var_os("AVIARY_NET_LOOPBACK").is_some(),
            net_key: None,
            saved_filter: None,
            saved_sort: saved_games::SavedSort::Newest,
            settings,
            settings_file,
            stats_file,
            lessons_file,
            lesson_progress,
            saves_dir,
            tabs: Vec::new(),
            screen: Screen::Home,
            page_from: Screen::Home,
            pages: Vec::new(),
            map_at_top: false,
            new_game: None,
            toasts: Vec::new(),
            resume_offer: Vec::new(),
            resume_problems: Vec::new(),
            resume_pending,
            resume_unchosen: std::collections::HashSet::new(),
            resume_check,
            listing_job: None,
            previous_listing: None,
            wake,
            pending_notices: Vec::new(),
            lasting_notices,
            quit: None,
            quit_confirmed: false,
            save_as: None,
            rename: None,
            confirm_delete: None,
            open_path: String::new(),
            listing: None,
            file_dialog: None,
            applied_style: None,
            stats,
            menu: crate::desktop::MenuTarget::this_program(),
            menu_entry: None,
            menu_news: None,
            sound: crate::sound::Speaker::silent(),
        }
    }

    /// Blocks until the background work on files is done — the checks of
    /// saved games (the resume offer, the Saved Games list) and the writes of
    /// the settings and statistics — and takes the results. For tests and
    /// tools; the app itself never waits.
    pub fn wait_for_files(&mut self) {
        self.flush_config_files();
        if let Some(job) = self.resume_check.take() {
            self.take_resume_check(job.finish().unwrap_or_default());
        }
        if let Some(job) = self.listing_job.take() {
            self.listing = Some(job.finish().unwrap_or_default());
        }
    }

    /// Collects finished background checks (each frame; never waits).
    fn poll_background(&mut self) {
        if let Some(job) = &mut self.resume_check {
            let done = job.poll().cloned();
            if let Some(checked) = done {
                self.resume_check = None;
                self.take_resume_check(checked);
            } else if !job.running() {
                self.resume_check = None;
            }
        }
        if let Some(job) = &mut self.listing_job {
            let done = job.poll().cloned();
            if let Some(rows) = done {
                self.listing = Some(rows);
                self.listing_job = None;
            } else if !job.running() {
                self.listing_job = None;
            }
        }
    }

    /// The texts of the toasts on screen.
    #[must_use]
    pub fn toast_texts(&self) -> Vec<String> {
        self.toasts
            .iter()
            .map(|t| match &t.notice {
                Notice::Error(s) | Notice::Info(s) => s.clone(),
            })
            .collect()
    }

    /// The open game tab showing, if any.
    pub fn current_tab(&mut self) -> Option<&mut Box<dyn GameTab>> {
        match self.screen {
            Screen::Game(i) => self.tabs.get_mut(i),
            _ => None,
        }
    }

    /// Opens a saved game in a new tab (or shows the tab if it is open).
    /// A bad file is refused with a message; nothing else changes.
    pub fn open_file(&mut self, path: &Path, notices: &mut Vec<Notice>) -> bool {
        if let Some(i) = self.tabs.iter().position(|t| t.path() == path && !t.is_replay()) {
            self.screen = Screen::Game(i);
            return true;
        }
        match games::open(path) {
            Ok(tab) => {
                self.tabs.push(tab);
                self.screen = Screen::Game(self.tabs.len() - 1);
                // A game with friends online invites them again (new codes
                // for the same seats).
                let ctx = self.wake.get().cloned();
                self.host_if_friends(self.tabs.len() - 1, ctx.as_ref());
                self.remember_open_games();
                true
            }
            Err(e) => {
                notices.push(Notice::Error(format!("Cannot open {}: {e}", file_name(path))));
                false
            }
        }
    }

    /// Opens a saved game as a replay at move 0 (the file is never
    /// written), in the tab of the previous replay if one is open, else in a
    /// new tab. A bad file is refused with a message.
    pub fn open_replay(&mut self, path: &Path, notices: &mut Vec<Notice>) -> bool {
        let previous = self.tabs.iter().position(|t| t.is_replay());
        self.open_replay_in(path, previous, notices)
    }

    /// Opens a replay in tab `slot` (closing what it held: saved first) or,
    /// with no slot, in a new tab.
    fn open_replay_in(&mut self, path: &Path, slot: Option<usize>, notices: &mut Vec<Notice>) -> bool {
        match games::open(path) {
            Ok(mut tab) => {
                tab.start_replay();
                if let Some(i) = slot.filter(|&i| i < self.tabs.len()) {
                    let mut old = std::mem::replace(&mut self.tabs[i], tab);
                    old.shutdown();
                    if let Err(e) = old.save() {
                        notices.push(Notice::Error(format!("Saving {} failed: {e}", old.title())));
                    }
                    self.screen = Screen::Game(i);
                    self.remember_open_games();
                } else {
                    self.tabs.push(tab);
                    self.screen = Screen::Game(self.tabs.len() - 1);
                }
                true
            }
            Err(e) => {
                notices.push(Notice::Error(format!("Cannot replay {}: {e}", file_name(path))));
                false
            }
        }
    }

    fn close_tab(&mut self, i: usize, notices: &mut Vec<Notice>) {
        if i >= self.tabs.len() {
            return;
        }
        let mut tab = self.tabs.remove(i);
        tab.shutdown();
        if let Err(e) = tab.save() {
            notices.push(Notice::Error(format!("Saving on close failed: {e}")));
        }
        self.screen = match self.screen {
            Screen::Game(j) if j == i => {
                if self.tabs.is_empty() {
                    Screen::Home
                } else {
                    Screen::Game(i.min(self.tabs.len() - 1))
                }
            }
            Screen::Game(j) if j > i => Screen::Game(j - 1),
            s => s,
        };
        self.page_from = match self.page_from {
            Screen::Game(j) if j == i => Screen::Home,
            Screen::Game(j) if j > i => Screen::Game(j - 1),
            s => s,
        };
        self.remember_open_games();
    }

    fn remember_open_games(&mut self) {
        let mut open: Vec<PathBuf> = self
            .tabs
            .iter()
            .filter(|t| !t.is_replay() && t.lesson_id().is_none())
            .map(|t| t.path().to_path_buf())
            .collect();
        for p in &self.resume_pending {
            if !open.contains(p) {
                open.push(p.clone());
            }
        }
        self.settings.open_games = open;
        self.store_settings();
    }

    fn view_settings(&self) -> ViewSettings {
        ViewSettings {
            dark: self.settings.dark,
            animations: self.settings.animations,
            computer_delay: self.settings.computer_delay,
            strict_undo: self.settings.strict_undo,
            quick_card_windows: self.settings.quick_card_windows,
        }
    }

    /// The commands' keys: each pressed key runs its command, the same way
    /// the menu does. Redo first: its Ctrl+Shift+Z must not read as Ctrl+Z.
    fn shortcuts(&mut self, ui: &mut Ui, notices: &mut Vec<Notice>) {
        // (Previous tab's Ctrl+Shift+Tab before next tab's Ctrl+Tab, too.)
        let keyed = [
            commands::REDO,
            commands::UNDO_TURN,
            commands::UNDO,
            commands::SAVE,
            commands::LOAD,
            commands::NEW,
            commands::PREVIOUS_TAB,
            commands::NEXT_TAB,
            commands::CLOSE_TAB,
        ];
        for command in keyed {
            if command.pressed(ui) {
                self.run(command, ui.ctx(), notices);
            }
        }
        self.numbered_tab_keys(ui);
    }

    /// Runs a command from the menu or its keys.
    fn run(&mut self, command: Command, ctx: &egui::Context, notices: &mut Vec<Notice>) {
        let showing = match self.screen {
            Screen::Game(i) => self.tabs.get(i).map(|t| t.game_id()),
            _ => None,
        };
        if command == commands::NEW {
            self.open_new_game(showing.unwrap_or(games::first().id));
        } else if command == commands::LOAD {
            self.show_saved_games();
        } else if command == commands::OPEN_ELSEWHERE {
            self.start_file_dialog(ctx, notices);
        } else if command == commands::RULES {
            self.open_page(Screen::Rules(showing.unwrap_or(games::first().id)));
        } else if command == commands::SETTINGS {
            self.open_settings();
        } else if command == commands::NEXT_TAB || command == commands::PREVIOUS_TAB {
            self.step_tab(command == commands::NEXT_TAB);
        } else if command == commands::CLOSE_TAB {
            self.close_on_screen(notices);
        } else if command == commands::SAVE_AS {
            if let Some(tab) = self.current_tab() {
                self.save_as = Some(file_stem(tab.path()));
            }
        } else if let Some(tab) = self.current_tab() {
            if command == commands::UNDO {
                tab.undo(notices);
            } else if command == commands::UNDO_TURN {
                tab.undo_turn(notices);
            } else if command == commands::REDO {
                tab.redo(notices);
            } else if command == commands::SAVE {
                match tab.save() {
                    Ok(()) => notices.push(Notice::Info(format!("Saved to {}", tab.path().display()))),
                    Err(e) => notices.push(Notice::Error(format!("Save failed: {e}"))),
                }
            }
        }
    }

    /// Draws one frame of the whole app.
    pub fn ui_root(&mut self, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        crate::ui::look::install(&ctx);
        if self.applied_style != Some((self.settings.dark, self.settings.scale)) {
            ctx.set_theme(if self.settings.dark { egui::Theme::Dark } else { egui::Theme::Light });
            ctx.style_mut_of(egui::Theme::Light, |s| theme::outline_widgets(s, false));
            ctx.style_mut_of(egui::Theme::Dark, |s| theme::outline_widgets(s, true));
            ctx.set_zoom_factor(self.settings.scale.clamp(0.6, 2.5));
            self.applied_style = Some((self.settings.dark, self.settings.scale));
        }
        let _ = self.wake.set(ctx.clone());
        self.poll_background();
        self.poll_config_files(&ctx);
        let mut notices = std::mem::take(&mut self.pending_notices);
        if ctx.input(|i| i.viewport().close_requested()) && !self.request_quit() {
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
        }
        let moves_before = self.moves_on_screen();
        self.shortcuts(ui, &mut notices);
        self.poll_file_dialog(&mut notices);
        self.rail_ui(ui, &mut notices);
        self.toasts_ui(ui);
        self.quiet_notes_under_a_refusal(&ctx);
        let settings = self.view_settings();
        egui::CentralPanel::default().show(ui, |ui| match self.screen {
            Screen::Home => self.home_ui(ui),
            Screen::SavedGames => self.saved_games_ui(ui, &mut notices),
            Screen::Rules(id) => match games::entry(id).and_then(games::GameEntry::rules) {
                Some(page) => {
                    let lessons = learn::rules_lessons(ui.ctx(), id);
                    let cover = games::entry(id).map(|e| e.cover);
                    if let Some(n) = rules_text::rules_with_lessons_ui(ui, page, &lessons, cover) {
                        self.open_lesson(id, n, &mut notices);
                    }
                }
                None => {
                    ui.label("The rules of this game will be written when it becomes playable.");
                }
            },
            Screen::Settings => self.settings_ui(ui),
            Screen::Lessons(id) => self.lessons_ui(ui, id, &mut notices),
            Screen::Game(i) => {
                if let Some(tab) = self.tabs.get_mut(i) {
                    // Each tab's widgets keep their own state (scroll
                    // offsets, wrapped widths): two games of one kind open
                    // side by side shared them, and one's side panel showed
                    // the other's scroll offset, its cards scrolled away.
                    let key = tab.path().to_path_buf();
                    ui.push_id(key, |ui| tab.ui(ui, &settings, &mut notices));
                    self.sound.play(tab.take_sounds(), self.settings.sound_volume, self.settings.sound_muted);
                    match tab.take_request() {
                        Some(TabRequest::NewGame(id)) => self.open_new_game(id),
                        Some(TabRequest::Close) => self.close_tab(i, &mut notices),
                        Some(TabRequest::Rejoin) => {
                            let config = self.net_config();
                            if let Some(tab) = self.tabs.get_mut(i) {
                                tab.rejoin(config, ui.ctx(), &mut notices);
                            }
                        }
                        Some(TabRequest::Replay(path)) => {
                            // A finished game's replay takes its tab; a game
                            // still going keeps its own and the replay opens
                            // where the previous one was.
                            let own = self.tabs.get(i).is_some_and(|t| t.is_over() && t.lesson_id().is_none());
                            let slot = if own { Some(i) } else { self.tabs.iter().position(|t| t.is_replay()) };
                            self.open_replay_in(&path, slot, &mut notices);
                        }
                        Some(TabRequest::Open(path)) => {
                            self.invalidate_listing();
                            self.open_file(&path, &mut notices);
                        }
                        Some(TabRequest::Lesson(id, n)) => {
                            self.open_lesson(id, n, &mut notices);
                        }
                        Some(TabRequest::Lessons(id)) => self.open_page(Screen::Lessons(id)),
                        Some(TabRequest::Rules(id)) => self.open_page(Screen::Rules(id)),
                        Some(TabRequest::LessonDone(_, lesson, moves)) => self.lesson_done(lesson, moves),
                        Some(TabRequest::Finished(crate::table::Finished { game, result, replaces })) => {
                            if let Some(before) = replaces {
                                self.stats.take_back(game, before);
                            }
                            self.stats.record(game, result);
                            self.store_stats();
                            if let Some(tab) = self.tabs.get_mut(i)
                                && let Err(e) = tab.save()
                            {
                                notices.push(Notice::Error(format!("Autosave failed: {e}")));
                            }
                        }
                        None => {}
                    }
                } else {
                    self.screen = Screen::Home;
                }
            }
        });
        self.dialogs_ui(&ctx, &mut notices);
        notices.append(&mut self.pending_notices);
        if self.moves_on_screen() != moves_before {
            // A refusal by the board is about a position that has gone
            // (an undo, a move): it stayed up after Ctrl+Z took it back.
            self.toasts.retain(|t| t.at.is_none());
        }
        self.notify(&ctx, notices);
    }

    /// The moves in effect in the game on screen, if one is.
    fn moves_on_screen(&self) -> Option<(usize, usize)> {
        match self.screen {
            Screen::Game(i) => self.tabs.get(i).map(|t| (i, t.moves())),
            _ => None,
        }
    }

    fn menu_ui(&mut self, ui: &mut Ui, notices: &mut Vec<Notice>) {
        let has_game = matches!(self.screen, Screen::Game(_));
        let (can_undo, can_redo, can_undo_turn) = match self.screen {
            Screen::Game(i) => {
                self.tabs.get(i).map_or((false, false, false), |t| (t.can_undo(), t.can_redo(), t.can_undo_turn()))
            }
            _ => (false, false, false),
        };
        ui.menu_button("Game", |ui| {
            let groups: [&[(Command, bool)]; 5] = [
                &[(commands::NEW, true), (commands::LOAD, true), (commands::OPEN_ELSEWHERE, true)],
                &[(commands::SAVE, has_game), (commands::SAVE_AS, has_game)],
                &[(commands::UNDO, can_undo), (commands::UNDO_TURN, can_undo_turn), (commands::REDO, can_redo)],
                &[(commands::RULES, true), (commands::SETTINGS, true)],
                &[
                    (commands::NEXT_TAB, !self.tabs.is_empty()),
                    (commands::PREVIOUS_TAB, !self.tabs.is_empty()),
                    (commands::CLOSE_TAB, has_game || matches!(self.screen, Screen::Rules(_) | Screen::Lessons(_))),
                ],
            ];
            for (g, group) in groups.iter().enumerate() {
                if g > 0 {
                    ui.separator();
                }
                for &(command, enabled) in *group {
                    if command.button(ui, enabled) {
                        self.run(command, ui.ctx(), notices);
                    }
                }
            }
        });
    }

    fn dialogs_ui(&mut self, ctx: &egui::Context, notices: &mut Vec<Notice>) {
        self.new_game_dialog(ctx, notices);
        self.join_dialog(ctx, notices);
        self.resume_dialog(ctx, notices);
        self.save_as_dialog(ctx, notices);
        self.rename_dialog(ctx, notices);
        self.delete_dialog(ctx, notices);
        self.quit_dialog(ctx);
    }
}

fn file_name(p: &Path) -> String {
    p.file_name().map_or_else(|| p.display().to_string(), |n| n.to_string_lossy().into_owned())
}

fn file_stem(p: &Path) -> String {
    p.file_stem().map_or_else(String::new, |n| n.to_string_lossy().into_owned())
}

impl eframe::App for AviaryApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.ui_root(ui);
    }

    fn on_exit(&mut self, _gl: Option<&eframe::glow::Context>) {
        // Closing went through `request_quit` (which saved, or the person
        // chose to quit anyway); this saves once more for any other way out.
        let _ = self.save_all();
    }
}
