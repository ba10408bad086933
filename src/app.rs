//! The application shell: the Home tab, one tab per open game, the Saved
//! Games screen, rules pages, settings, menus, keyboard shortcuts, toasts,
//! the new-game dialog and the offer to resume unfinished games.

use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver};
use std::sync::{Arc, OnceLock};

use egui::{RichText, Ui};

use crate::ai::Level;
use crate::ai::worker::Background;
use crate::games::{self, GAMES, GameEntry, NewGame, Seating};
use crate::save;
use crate::session::Player;
use crate::stats::Stats;
use crate::ui::commands::{self, Command};
use crate::ui::rules_text;
use crate::ui::theme;
use crate::ui::{GameTab, Notice, TabRequest, ViewSettings};

/// Settings kept between runs.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Dark theme.
    pub dark: bool,
    /// UI scale (zoom factor).
    pub scale: f32,
    /// Default computer level in the new-game dialog.
    pub ai_level: Level,
    /// Animations on.
    pub animations: bool,
    /// Seconds between moves when computers play each other.
    pub computer_delay: f32,
    /// Games open at the last exit (offered for resuming).
    pub open_games: Vec<PathBuf>,
    /// Strict: undo may not take back a revealed card (solitaires).
    pub strict_undo: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            dark: false,
            scale: 1.0,
            ai_level: Level::Normal,
            animations: true,
            computer_delay: 0.8,
            open_games: Vec::new(),
            strict_undo: false,
        }
    }
}

impl Settings {
    /// The folder for settings and statistics: `AVIARY_CONFIG` if set (a
    /// folder, like `AVIARY_SAVES`), else the platform's config folder.
    #[must_use]
    pub fn default_folder() -> Option<PathBuf> {
        if let Some(p) = std::env::var_os("AVIARY_CONFIG") {
            return Some(PathBuf::from(p));
        }
        directories::ProjectDirs::from("org", "Aviary", "Aviary").map(|d| d.config_dir().to_path_buf())
    }

    /// Reads settings; a missing file gives the defaults.
    ///
    /// # Errors
    /// A file that is there but cannot be used; the caller keeps it.
    pub fn load(path: Option<&Path>) -> Result<Self, save::JsonProblem> {
        save::load_json(path)
    }

    /// Writes settings atomically.
    ///
    /// # Errors
    /// The I/O problem.
    pub fn store(&self, path: &Path) -> Result<(), save::SaveError> {
        save::store_json(path, self)
    }
}

/// A settings or statistics file as the app holds it: where it lives, and
/// whether it may be written (not when a broken file could not be moved
/// aside: writing would destroy it).
#[derive(Clone, Debug)]
struct ConfigFile {
    path: Option<PathBuf>,
    writable: bool,
}

impl ConfigFile {
    /// Loads `T` from `path`. A broken file is renamed aside (kept, never
    /// overwritten) and the user is told; if even that fails, the file is
    /// left alone and never written this session.
    fn load<T: serde::de::DeserializeOwned + Default>(
        path: Option<PathBuf>,
        what: &str,
        notices: &mut Vec<Notice>,
    ) -> (Self, T) {
        match save::load_json(path.as_deref()) {
            Ok(v) => (Self { path, writable: true }, v),
            Err(problem) => {
                let shown = path.as_deref().map_or_else(String::new, |p| p.display().to_string());
                let why = match problem {
                    save::JsonProblem::Unreadable(e) => e.to_string(),
                    save::JsonProblem::Invalid(e) => e,
                };
                let aside = path.as_deref().map(save::set_aside);
                let (writable, message) = match aside {
                    Some(Ok(kept)) => (
                        true,
                        format!(
                            "Your {what} file {shown} could not be read ({why}). It is kept as {}; Aviary starts with fresh {what}.",
                            kept.display()
                        ),
                    ),
                    _ => (
                        false,
                        format!(
                            "Your {what} file {shown} could not be read ({why}) nor moved aside. Aviary leaves it untouched and will not save {what} until it is fixed."
                        ),
                    ),
                };
                notices.push(Notice::Error(message));
                (Self { path, writable }, T::default())
            }
        }
    }

    /// Writes `value` if this file may be written.
    fn store<T: serde::Serialize>(&self, value: &T, what: &str) -> Option<Notice> {
        let path = self.path.as_deref()?;
        if !self.writable {
            return None;
        }
        save::store_json(path, value).err().map(|e| Notice::Error(format!("Could not save the {what}: {e}")))
    }
}

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
}

struct Toast {
    notice: Notice,
    until: f64,
}

/// Closing was held back because some games could not be saved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuitDialog {
    /// The tabs whose save failed, with what went wrong.
    pub failed: Vec<(usize, String)>,
    /// The folder typed for "Save elsewhere…".
    pub folder: String,
    /// What went wrong with the last "Save elsewhere…".
    pub message: Option<String>,
}

/// Where "Save elsewhere…" suggests saving: the documents folder, else home.
fn default_elsewhere() -> String {
    directories::UserDirs::new()
        .map(|d| d.document_dir().unwrap_or(d.home_dir()).to_path_buf())
        .map_or_else(String::new, |p| p.display().to_string())
}

/// The whole application.
pub struct AviaryApp {
    /// Settings (persisted).
    pub settings: Settings,
    settings_file: ConfigFile,
    stats_file: ConfigFile,
    /// Where saves go.
    pub saves_dir: PathBuf,
    /// Open games.
    pub tabs: Vec<Box<dyn GameTab>>,
    /// The screen showing.
    pub screen: Screen,
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
    resume_check: Option<Background<Vec<games::Listing>>>,
    listing_job: Option<Background<Vec<games::Listing>>>,
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
}

impl AviaryApp {
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
        let (stats_file, stats) =
            ConfigFile::load::<Stats>(config_dir.map(|d| d.join("stats.json")), "statistics", &mut lasting_notices);
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
            settings,
            settings_file,
            stats_file,
            saves_dir,
            tabs: Vec::new(),
            screen: Screen::Home,
            new_game: None,
            toasts: Vec::new(),
            resume_offer: Vec::new(),
            resume_problems: Vec::new(),
            resume_pending,
            resume_check,
            listing_job: None,
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
        }
    }

    /// Blocks until the background checks of saved games (the resume offer,
    /// the Saved Games list) are done and takes their results. For tests and
    /// tools; the app itself never waits.
    pub fn wait_for_files(&mut self) {
        if let Some(job) = self.resume_check.take() {
            self.take_resume_check(job.finish().unwrap_or_default());
        }
        if let Some(job) = self.listing_job.take() {
            self.listing = Some(job.finish().unwrap_or_default());
        }
    }

    fn take_resume_check(&mut self, checked: Vec<games::Listing>) {
        for row in checked {
            if row.problem.is_some() {
                self.resume_problems.push(row);
            } else if row.finished {
                self.resume_pending.retain(|p| p != &row.path);
            } else {
                self.resume_offer.push(row);
            }
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

    /// Forgets the Saved Games list (and any reading under way): the screen
    /// reads the folder again when it next shows.
    fn invalidate_listing(&mut self) {
        self.listing = None;
        self.listing_job = None;
    }

    /// Starts reading the save folder on a background thread (each file is
    /// replayed to tell whether it loads).
    fn refresh_listing(&mut self) {
        self.listing = None;
        let dir = self.saves_dir.clone();
        let waker = Arc::clone(&self.wake);
        self.listing_job = Background::spawn(
            "aviary-saved-games",
            move || {
                if let Some(ctx) = waker.get() {
                    ctx.request_repaint();
                }
            },
            move |_, report| report(games::list(&dir)),
        );
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

    fn notify(&mut self, ctx: &egui::Context, notices: Vec<Notice>) {
        if !notices.is_empty() || !self.lasting_notices.is_empty() {
            // Show them now, not at the next input.
            ctx.request_repaint();
        }
        let now = ctx.input(|i| i.time);
        for notice in notices {
            // The same message again (a failing write on every change)
            // refreshes its toast instead of piling up copies.
            match self.toasts.iter_mut().find(|t| t.notice == notice) {
                Some(t) => t.until = t.until.max(now + theme::TOAST_SECONDS),
                None => self.toasts.push(Toast { notice, until: now + theme::TOAST_SECONDS }),
            }
        }
        // What happened to the person's files stays until dismissed.
        for notice in std::mem::take(&mut self.lasting_notices) {
            self.toasts.push(Toast { notice, until: f64::INFINITY });
        }
        if self.toasts.len() > 5 {
            self.toasts.drain(..self.toasts.len() - 5);
        }
    }

    /// Opens the new-game dialog for the game with id `game`.
    pub fn open_new_game(&mut self, game: &str) {
        if let Some(entry) = games::entry(game).filter(|e| e.play.is_some()) {
            self.new_game = Some(NewGame::new(entry, self.settings.ai_level));
        }
    }

    /// Starts the game the dialog describes, as a new tab.
    pub fn start_new_game(&mut self, choice: &NewGame, notices: &mut Vec<Notice>) -> bool {
        let seed = if choice.seed.trim().is_empty() {
            save::now_secs().wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ u64::from(std::process::id())
        } else if let Ok(s) = choice.seed.trim().parse::<u64>() {
            s
        } else {
            notices.push(Notice::Error(format!("The seed must be a whole number, not \"{}\"", choice.seed.trim())));
            return false;
        };
        let Some(play) = &choice.game.play else {
            notices.push(Notice::Error(format!("{} cannot be played yet", choice.game.name)));
            return false;
        };
        let path = save::fresh_path(&self.saves_dir, choice.game.id);
        let mut tab = (play.start)(choice, seed, path);
        if let Err(e) = std::fs::create_dir_all(&self.saves_dir) {
            notices.push(Notice::Error(format!("Cannot create the save folder {}: {e}", self.saves_dir.display())));
        } else if let Err(e) = tab.save() {
            notices.push(Notice::Error(format!("Autosave failed: {e}")));
        }
        self.tabs.push(tab);
        self.screen = Screen::Game(self.tabs.len() - 1);
        self.remember_open_games();
        true
    }

    /// Opens a saved game in a new tab (or shows the tab if it is open).
    /// A bad file is refused with a message; nothing else changes.
    pub fn open_file(&mut self, path: &Path, notices: &mut Vec<Notice>) -> bool {
        if let Some(i) = self.tabs.iter().position(|t| t.path() == path) {
            self.screen = Screen::Game(i);
            return true;
        }
        match games::open(path) {
            Ok(tab) => {
                self.tabs.push(tab);
                self.screen = Screen::Game(self.tabs.len() - 1);
                self.remember_open_games();
                true
            }
            Err(e) => {
                notices.push(Notice::Error(format!("Cannot open {}: {e}", file_name(path))));
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
        self.remember_open_games();
    }

    fn remember_open_games(&mut self) {
        let mut open: Vec<PathBuf> = self.tabs.iter().map(|t| t.path().to_path_buf()).collect();
        for p in &self.resume_pending {
            if !open.contains(p) {
                open.push(p.clone());
            }
        }
        self.settings.open_games = open;
        self.store_settings();
    }

    fn store_settings(&mut self) {
        if let Some(n) = self.settings_file.store(&self.settings, "settings") {
            self.pending_notices.push(n);
        }
    }

    fn store_stats(&mut self) {
        if let Some(n) = self.stats_file.store(&self.stats, "statistics") {
            self.pending_notices.push(n);
        }
    }

    /// Saves every open game and the settings. Returns the games whose
    /// save failed (their moves are only in memory), with why.
    pub fn save_all(&mut self) -> Vec<(usize, String)> {
        let mut failed = Vec::new();
        for (i, tab) in self.tabs.iter_mut().enumerate() {
            tab.shutdown();
            if let Err(e) = tab.save() {
                failed.push((i, e.to_string()));
            }
        }
        self.remember_open_games();
        failed
    }

    /// The window's close button (or the desktop) asks to quit: everything
    /// is saved first; if a game cannot be saved, the close is held back and
    /// a dialog offers Retry, Save elsewhere… and Quit anyway. Returns true
    /// when the app may close now.
    pub fn request_quit(&mut self) -> bool {
        if self.quit_confirmed {
            return true;
        }
        let failed = self.save_all();
        if failed.is_empty() {
            self.quit = None;
            return true;
        }
        let folder = self.quit.take().map_or_else(default_elsewhere, |q| q.folder);
        self.quit = Some(QuitDialog { failed, folder, message: None });
        false
    }

    fn view_settings(&self) -> ViewSettings {
        ViewSettings {
            dark: self.settings.dark,
            animations: self.settings.animations,
            computer_delay: self.settings.computer_delay,
            strict_undo: self.settings.strict_undo,
        }
    }

    /// The commands' keys: each pressed key runs its command, the same way
    /// the menu does. Redo first: its Ctrl+Shift+Z must not read as Ctrl+Z.
    fn shortcuts(&mut self, ui: &mut Ui, notices: &mut Vec<Notice>) {
        let keyed = [commands::REDO, commands::UNDO, commands::SAVE, commands::LOAD, commands::NEW];
        for command in keyed {
            if command.pressed(ui) {
                self.run(command, ui.ctx(), notices);
            }
        }
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
            self.screen = Screen::Rules(showing.unwrap_or(games::first().id));
        } else if command == commands::SETTINGS {
            self.screen = Screen::Settings;
        } else if command == commands::SAVE_AS {
            if let Some(tab) = self.current_tab() {
                self.save_as = Some(file_stem(tab.path()));
            }
        } else if let Some(tab) = self.current_tab() {
            if command == commands::UNDO {
                tab.undo(notices);
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

    fn show_saved_games(&mut self) {
        self.invalidate_listing();
        self.screen = Screen::SavedGames;
    }

    /// Draws one frame of the whole app.
    pub fn ui_root(&mut self, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        if self.applied_style != Some((self.settings.dark, self.settings.scale)) {
            ctx.set_theme(if self.settings.dark { egui::Theme::Dark } else { egui::Theme::Light });
            ctx.set_zoom_factor(self.settings.scale.clamp(0.6, 2.5));
            self.applied_style = Some((self.settings.dark, self.settings.scale));
        }
        let _ = self.wake.set(ctx.clone());
        self.poll_background();
        let mut notices = std::mem::take(&mut self.pending_notices);
        if ctx.input(|i| i.viewport().close_requested()) && !self.request_quit() {
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
        }
        self.shortcuts(ui, &mut notices);
        self.poll_file_dialog(&mut notices);
        egui::Panel::top("aviary-menu").show(ui, |ui| {
            egui::MenuBar::new().ui(ui, |ui| self.menu_ui(ui, &mut notices));
        });
        egui::Panel::top("aviary-tabs").show(ui, |ui| self.tabs_ui(ui, &mut notices));
        self.toasts_ui(ui);
        let settings = self.view_settings();
        egui::CentralPanel::default().show(ui, |ui| match self.screen {
            Screen::Home => self.home_ui(ui),
            Screen::SavedGames => self.saved_games_ui(ui, &mut notices),
            Screen::Rules(id) => match games::entry(id).and_then(|e| e.play.as_ref()) {
                Some(play) => rules_text::rules_ui(ui, play.rules),
                None => {
                    ui.label("The rules of this game will be written when it becomes playable.");
                }
            },
            Screen::Settings => self.settings_ui(ui),
            Screen::Game(i) => {
                if let Some(tab) = self.tabs.get_mut(i) {
                    tab.ui(ui, &settings, &mut notices);
                    match tab.take_request() {
                        Some(TabRequest::NewGame(id)) => self.open_new_game(id),
                        Some(TabRequest::Close) => self.close_tab(i, &mut notices),
                        Some(TabRequest::Finished { game, result, replaces }) => {
                            if let Some(before) = replaces {
                                self.stats.take_back(game, before);
                            }
                            self.stats.record(game, result.won, result.assisted);
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
        self.notify(&ctx, notices);
    }

    fn menu_ui(&mut self, ui: &mut Ui, notices: &mut Vec<Notice>) {
        let has_game = matches!(self.screen, Screen::Game(_));
        let (can_undo, can_redo) = match self.screen {
            Screen::Game(i) => self.tabs.get(i).map_or((false, false), |t| (t.can_undo(), t.can_redo())),
            _ => (false, false),
        };
        ui.menu_button("Game", |ui| {
            let groups: [&[(Command, bool)]; 4] = [
                &[(commands::NEW, true), (commands::LOAD, true), (commands::OPEN_ELSEWHERE, true)],
                &[(commands::SAVE, has_game), (commands::SAVE_AS, has_game)],
                &[(commands::UNDO, can_undo), (commands::REDO, can_redo)],
                &[(commands::RULES, true), (commands::SETTINGS, true)],
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

    fn tabs_ui(&mut self, ui: &mut Ui, notices: &mut Vec<Notice>) {
        ui.horizontal_wrapped(|ui| {
            if ui.selectable_label(self.screen == Screen::Home, "Home").clicked() {
                self.screen = Screen::Home;
            }
            if ui.selectable_label(self.screen == Screen::SavedGames, "Saved Games").clicked() {
                self.show_saved_games();
            }
            let mut close = None;
            for (i, tab) in self.tabs.iter().enumerate() {
                ui.separator();
                let title = if tab.is_over() { format!("{} (over)", tab.title()) } else { tab.title() };
                if ui.selectable_label(self.screen == Screen::Game(i), title).clicked() {
                    self.screen = Screen::Game(i);
                }
                if ui.small_button("x").on_hover_text("Close this game (it stays saved)").clicked() {
                    close = Some(i);
                }
            }
            if let Some(i) = close {
                self.close_tab(i, notices);
            }
            ui.separator();
            if ui.selectable_label(self.screen == Screen::Settings, "Settings").clicked() {
                self.screen = Screen::Settings;
            }
        });
    }

    fn home_ui(&mut self, ui: &mut Ui) {
        egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
            ui.add_space(8.0);
            ui.heading("Aviary");
            ui.label("Five feather-themed tabletop games, every rule enforced. Pick one:");
            ui.add_space(8.0);
            for entry in &GAMES {
                self.game_card_ui(ui, entry);
                ui.add_space(6.0);
            }
        });
    }

    fn game_card_ui(&mut self, ui: &mut Ui, entry: &'static GameEntry) {
        egui::Frame::group(ui.style()).inner_margin(10.0).show(ui, |ui| {
            ui.set_width(ui.available_width().min(720.0));
            ui.horizontal(|ui| {
                ui.label(RichText::new(entry.name).size(20.0).strong());
                ui.label(format!("· {} · {}", entry.players, entry.length));
                if entry.play.is_none() {
                    ui.label(RichText::new("coming soon").italics().weak());
                }
            });
            ui.label(entry.pitch);
            if entry.play.is_some() {
                ui.label(RichText::new(format!("Your games: {}", self.stats.get(entry.id).summary())).weak());
            }
            ui.horizontal(|ui| {
                let playable = entry.play.is_some();
                let new = ui.add_enabled(playable, egui::Button::new(format!("New {} game", entry.name)));
                if new.clicked() {
                    self.open_new_game(entry.id);
                }
                if ui.add_enabled(playable, egui::Button::new(format!("{} rules", entry.name))).clicked() {
                    self.screen = Screen::Rules(entry.id);
                }
            });
        });
    }

    fn saved_games_ui(&mut self, ui: &mut Ui, notices: &mut Vec<Notice>) {
        ui.heading("Saved Games");
        ui.label(format!("Folder: {}", self.saves_dir.display()));
        ui.horizontal(|ui| {
            if ui.button("Refresh").clicked() {
                self.invalidate_listing();
            }
            if ui.button("Open file elsewhere…").clicked() {
                self.start_file_dialog(ui.ctx(), notices);
            }
        });
        ui.horizontal(|ui| {
            let label = ui.label("Or type a path:");
            ui.add(egui::TextEdit::singleline(&mut self.open_path).desired_width(360.0)).labelled_by(label.id);
            if ui.button("Open").clicked() && !self.open_path.trim().is_empty() {
                let path = PathBuf::from(self.open_path.trim());
                if self.open_file(&path, notices) {
                    self.open_path.clear();
                }
            }
        });
        ui.separator();
        if self.listing.is_none() && self.listing_job.is_none() {
            self.refresh_listing();
        }
        let Some(listing) = self.listing.clone() else {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label("Reading the saved games…");
            });
            return;
        };
        if listing.is_empty() {
            ui.label("No saved games yet. Every game you start is saved here after each move.");
            return;
        }
        let mut to_open = None;
        egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
            egui::Grid::new("saved-games").striped(true).num_columns(6).spacing([14.0, 6.0]).show(ui, |ui| {
                for h in ["File", "Game", "Seats", "Saved (UTC)", "Moves", ""] {
                    ui.label(RichText::new(h).strong());
                }
                ui.end_row();
                for row in &listing {
                    ui.label(file_name(&row.path));
                    ui.label(&row.game);
                    match &row.problem {
                        Some(p) => {
                            ui.label(
                                RichText::new(format!("cannot be loaded: {p}")).color(ui.visuals().error_fg_color),
                            );
                        }
                        None => {
                            ui.label(&row.seats);
                        }
                    }
                    ui.label(save::format_time(row.saved_at));
                    ui.label(format!("{}{}", row.moves, if row.finished { " (finished)" } else { "" }));
                    ui.horizontal(|ui| {
                        if ui.add_enabled(row.problem.is_none(), egui::Button::new("Load")).clicked() {
                            to_open = Some(row.path.clone());
                        }
                        if ui.button("Rename").clicked() {
                            self.rename = Some((row.path.clone(), file_stem(&row.path)));
                        }
                        if ui.button("Delete").clicked() {
                            self.confirm_delete = Some(row.path.clone());
                        }
                    });
                    ui.end_row();
                }
            });
        });
        if let Some(path) = to_open {
            self.open_file(&path, notices);
        }
    }

    fn settings_ui(&mut self, ui: &mut Ui) {
        ui.heading("Settings");
        let before = self.settings.clone();
        ui.horizontal(|ui| {
            ui.label("Theme:");
            ui.selectable_value(&mut self.settings.dark, false, "Light");
            ui.selectable_value(&mut self.settings.dark, true, "Dark");
        });
        ui.horizontal(|ui| {
            let label = ui.label("UI scale:");
            ui.add(egui::Slider::new(&mut self.settings.scale, 0.7..=2.0).step_by(0.05)).labelled_by(label.id);
        });
        ui.horizontal(|ui| {
            ui.label("Default computer level:");
            for level in [Level::Easy, Level::Normal, Level::Hard] {
                ui.selectable_value(&mut self.settings.ai_level, level, level.name());
            }
        });
        ui.checkbox(&mut self.settings.animations, "Animations");
        ui.checkbox(
            &mut self.settings.strict_undo,
            "Strict undo in solitaires: never take back a card you have already seen",
        );
        ui.horizontal(|ui| {
            let label = ui.label("Pause between moves when computers play each other:");
            ui.add(egui::Slider::new(&mut self.settings.computer_delay, 0.0..=3.0).suffix(" s")).labelled_by(label.id);
        });
        ui.separator();
        ui.label(format!("Saved games folder: {}", self.saves_dir.display()));
        if let Some(p) = &self.settings_file.path {
            ui.label(format!("Settings file: {}", p.display()));
        }
        if self.settings != before {
            self.store_settings();
        }
    }

    fn toasts_ui(&mut self, ui: &mut Ui) {
        let now = ui.input(|i| i.time);
        self.toasts.retain(|t| t.until > now);
        if self.toasts.is_empty() {
            return;
        }
        let next = self.toasts.iter().map(|t| t.until).fold(f64::INFINITY, f64::min);
        if next.is_finite() {
            ui.ctx().request_repaint_after(std::time::Duration::from_secs_f64((next - now).max(0.05)));
        }
        egui::Panel::bottom("aviary-toasts").show(ui, |ui| {
            let mut dismiss = None;
            for (i, t) in self.toasts.iter().enumerate().rev() {
                ui.horizontal(|ui| {
                    let (text, colour) = match &t.notice {
                        Notice::Error(s) => (format!("(!) {s}"), ui.visuals().error_fg_color),
                        Notice::Info(s) => (s.clone(), ui.visuals().text_color()),
                    };
                    if ui.small_button("x").on_hover_text("Dismiss").clicked() {
                        dismiss = Some(i);
                    }
                    // Long messages (file paths) wrap instead of running off the window.
                    ui.add(egui::Label::new(RichText::new(text).color(colour).strong()).wrap());
                });
            }
            if let Some(i) = dismiss {
                self.toasts.remove(i);
            }
        });
    }

    fn dialogs_ui(&mut self, ctx: &egui::Context, notices: &mut Vec<Notice>) {
        self.new_game_dialog(ctx, notices);
        self.resume_dialog(ctx, notices);
        self.save_as_dialog(ctx, notices);
        self.rename_dialog(ctx, notices);
        self.delete_dialog(ctx, notices);
        self.quit_dialog(ctx);
    }

    fn new_game_dialog(&mut self, ctx: &egui::Context, notices: &mut Vec<Notice>) {
        let Some(mut choice) = self.new_game.take() else { return };
        let game = choice.game;
        let mut start = false;
        let mut cancel = false;
        let strict = self.settings.strict_undo;
        let modal = egui::Modal::new(egui::Id::unique("new-game")).show(ctx, |ui| {
            ui.set_width(420.0);
            ui.heading(format!("New {} game", game.name));
            let notes = (game.notes)(strict);
            match game.seating {
                Seating::Solitaire => {}
                Seating::Fixed(names) => fixed_seats_ui(ui, &mut choice, names),
                Seating::Named { min, max, .. } => named_seats_ui(ui, &mut choice, min, max),
            }
            for (variant, on) in game.variants.iter().zip(choice.variants.iter_mut()) {
                ui.checkbox(on, variant.label);
            }
            ui.horizontal(|ui| {
                let label = ui.label("Seed (optional):");
                ui.add(egui::TextEdit::singleline(&mut choice.seed).hint_text("random").desired_width(160.0))
                    .labelled_by(label.id);
            });
            for note in notes {
                ui.label(RichText::new(note).weak());
            }
            ui.horizontal(|ui| {
                start = ui.button("Start").clicked();
                cancel = ui.button("Cancel").clicked();
            });
        });
        if start {
            if self.start_new_game(&choice, notices) {
                return;
            }
        } else if cancel || modal.should_close() {
            return;
        }
        self.new_game = Some(choice);
    }

    fn resume_dialog(&mut self, ctx: &egui::Context, notices: &mut Vec<Notice>) {
        if self.resume_offer.is_empty() && self.resume_problems.is_empty() {
            return;
        }
        let mut resume_all = false;
        let mut dismiss = false;
        let modal = egui::Modal::new(egui::Id::unique("resume")).show(ctx, |ui| {
            ui.set_max_width(560.0);
            if self.resume_offer.is_empty() {
                ui.heading("Your games from last time");
            } else {
                ui.heading("Resume your unfinished games?");
                for row in &self.resume_offer {
                    ui.label(format!(
                        "• {} — {} · {} · {} move{} · saved {} UTC",
                        file_name(&row.path),
                        row.game,
                        row.seats,
                        row.moves,
                        if row.moves == 1 { "" } else { "s" },
                        save::format_time(row.saved_at)
                    ));
                }
            }
            if !self.resume_problems.is_empty() {
                ui.add_space(4.0);
                ui.label(RichText::new("These could not be resumed (the files are left as they are):").strong());
                for row in &self.resume_problems {
                    let why = row.problem.as_deref().unwrap_or_default();
                    ui.label(
                        RichText::new(format!("• {}: {why}", file_name(&row.path))).color(ui.visuals().error_fg_color),
                    );
                }
            }
            ui.horizontal(|ui| {
                if self.resume_offer.is_empty() {
                    dismiss = ui.button("OK").clicked();
                } else {
                    resume_all = ui.button("Resume").clicked();
                    dismiss = ui.button("Not now").clicked();
                }
            });
        });
        if resume_all {
            self.resume_problems.clear();
            for p in std::mem::take(&mut self.resume_offer).into_iter().map(|row| row.path) {
                // Off the list before opening: if this game could bring the
                // app down, the next start does not try it again.
                self.resume_pending.retain(|q| q != &p);
                self.remember_open_games();
                self.open_file(&p, notices);
            }
            self.resume_pending.clear();
            self.remember_open_games();
        } else if dismiss || modal.should_close() {
            self.resume_offer.clear();
            self.resume_problems.clear();
            self.resume_pending.clear();
            self.remember_open_games();
        }
    }

    fn quit_dialog(&mut self, ctx: &egui::Context) {
        let Some(mut q) = self.quit.take() else { return };
        let mut retry = false;
        let mut elsewhere = false;
        let mut quit_anyway = false;
        let mut cancel = false;
        egui::Modal::new(egui::Id::unique("quit")).show(ctx, |ui| {
            ui.set_max_width(600.0);
            ui.heading("Some moves are not saved");
            ui.label("Aviary could not save these games, so closing now would lose their latest moves:");
            for (i, why) in &q.failed {
                let title = self.tabs.get(*i).map_or_else(String::new, |t| t.title());
                ui.label(RichText::new(format!("• {title}: {why}")).color(ui.visuals().error_fg_color));
            }
            ui.horizontal(|ui| {
                let label = ui.label("Save them in this folder instead:");
                ui.add(egui::TextEdit::singleline(&mut q.folder).desired_width(300.0)).labelled_by(label.id);
            });
            if let Some(m) = &q.message {
                ui.label(RichText::new(m).color(ui.visuals().error_fg_color));
            }
            ui.horizontal(|ui| {
                retry = ui.button("Retry").clicked();
                elsewhere = ui.button("Save elsewhere…").clicked();
                quit_anyway = ui.button("Quit anyway").clicked();
                cancel = ui.button("Keep playing").clicked();
            });
        });
        if retry {
            self.quit = Some(q);
            if self.request_quit() {
                ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            }
        } else if elsewhere {
            let folder = PathBuf::from(q.folder.trim());
            q.message = None;
            for (i, _) in &q.failed {
                let Some(tab) = self.tabs.get_mut(*i) else { continue };
                let name = tab.path().file_name().map_or_else(|| "game.json".into(), std::ffi::OsStr::to_os_string);
                let target = folder.join(name);
                if let Err(e) = std::fs::create_dir_all(&folder)
                    .map_err(|e| e.to_string())
                    .and_then(|()| tab.save_as(target).map_err(|e| e.to_string()))
                {
                    q.message = Some(format!("Could not save in {}: {e}", folder.display()));
                    break;
                }
            }
            self.quit = Some(q);
            if self.quit.as_ref().is_some_and(|q| q.message.is_none()) && self.request_quit() {
                ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            }
        } else if quit_anyway {
            self.quit_confirmed = true;
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
        } else if !cancel {
            self.quit = Some(q);
        }
    }

    fn save_as_dialog(&mut self, ctx: &egui::Context, notices: &mut Vec<Notice>) {
        let Some(mut name) = self.save_as.take() else { return };
        let mut ok = false;
        let mut cancel = false;
        let mut elsewhere = false;
        let modal = egui::Modal::new(egui::Id::unique("save-as")).show(ctx, |ui| {
            ui.heading("Save As");
            ui.horizontal(|ui| {
                let label = ui.label("Name:");
                ui.text_edit_singleline(&mut name).labelled_by(label.id);
                ui.label(".json");
            });
            ui.label(RichText::new(format!("in {}", self.saves_dir.display())).weak());
            ui.horizontal(|ui| {
                ok = ui.button("Save").clicked();
                elsewhere = ui.button("Choose another folder…").clicked();
                cancel = ui.button("Cancel").clicked();
            });
        });
        if ok {
            match valid_name(&name) {
                Ok(n) => {
                    let path = self.saves_dir.join(format!("{n}.json"));
                    if path.exists() && self.current_tab().is_none_or(|t| t.path() != path) {
                        notices.push(Notice::Error(format!("{n}.json already exists: pick another name")));
                    } else {
                        let result = self.current_tab().map(|t| t.save_as(path.clone()));
                        match result {
                            Some(Ok(())) => {
                                notices.push(Notice::Info(format!("Saved as {}", path.display())));
                                self.invalidate_listing();
                                self.remember_open_games();
                                return;
                            }
                            Some(Err(e)) => notices.push(Notice::Error(format!("Save failed: {e}"))),
                            None => return,
                        }
                    }
                }
                Err(e) => notices.push(Notice::Error(e)),
            }
        } else if elsewhere {
            self.start_save_dialog(ctx, &name, notices);
            return;
        } else if cancel || modal.should_close() {
            return;
        }
        self.save_as = Some(name);
    }

    fn rename_dialog(&mut self, ctx: &egui::Context, notices: &mut Vec<Notice>) {
        let Some((path, mut name)) = self.rename.take() else { return };
        let mut ok = false;
        let mut cancel = false;
        let modal = egui::Modal::new(egui::Id::unique("rename")).show(ctx, |ui| {
            ui.heading(format!("Rename {}", file_name(&path)));
            ui.horizontal(|ui| {
                let label = ui.label("New name:");
                ui.text_edit_singleline(&mut name).labelled_by(label.id);
                ui.label(".json");
            });
            ui.horizontal(|ui| {
                ok = ui.button("Rename").clicked();
                cancel = ui.button("Cancel").clicked();
            });
        });
        if ok {
            match valid_name(&name) {
                Ok(n) => {
                    let target = path.with_file_name(format!("{n}.json"));
                    if target.exists() {
                        notices.push(Notice::Error(format!("{n}.json already exists")));
                    } else {
                        match std::fs::rename(&path, &target) {
                            Ok(()) => {
                                for tab in &mut self.tabs {
                                    if tab.path() == path {
                                        let _ = tab.save_as(target.clone());
                                    }
                                }
                                self.invalidate_listing();
                                self.remember_open_games();
                                return;
                            }
                            Err(e) => notices.push(Notice::Error(format!("Rename failed: {e}"))),
                        }
                    }
                }
                Err(e) => notices.push(Notice::Error(e)),
            }
        } else if cancel || modal.should_close() {
            return;
        }
        self.rename = Some((path, name));
    }

    fn delete_dialog(&mut self, ctx: &egui::Context, notices: &mut Vec<Notice>) {
        let Some(path) = self.confirm_delete.take() else { return };
        let mut yes = false;
        let mut no = false;
        let modal = egui::Modal::new(egui::Id::unique("delete")).show(ctx, |ui| {
            ui.heading("Delete this saved game?");
            ui.label(file_name(&path));
            ui.label("This cannot be undone.");
            ui.horizontal(|ui| {
                yes = ui.button("Delete").clicked();
                no = ui.button("Keep it").clicked();
            });
        });
        if yes {
            if let Some(i) = self.tabs.iter().position(|t| t.path() == path) {
                let mut tab = self.tabs.remove(i);
                tab.shutdown();
                self.screen = Screen::SavedGames;
            }
            if let Err(e) = std::fs::remove_file(&path) {
                notices.push(Notice::Error(format!("Delete failed: {e}")));
            }
            self.invalidate_listing();
            self.remember_open_games();
        } else if !(no || modal.should_close()) {
            self.confirm_delete = Some(path);
        }
    }

    fn start_file_dialog(&mut self, ctx: &egui::Context, notices: &mut Vec<Notice>) {
        if let Err(why) = dialog_service() {
            notices.push(Notice::Error(why));
            return;
        }
        let (tx, rx) = mpsc::channel();
        let ctx = ctx.clone();
        let dir = self.saves_dir.clone();
        let spawned = std::thread::Builder::new().name("aviary-file-dialog".into()).spawn(move || {
            let picked = rfd::FileDialog::new().add_filter("Aviary saves", &["json"]).set_directory(dir).pick_file();
            let _ = tx.send(Ok(picked));
            ctx.request_repaint();
        });
        if spawned.is_ok() {
            self.file_dialog = Some(rx);
        }
    }

    fn start_save_dialog(&mut self, ctx: &egui::Context, name: &str, notices: &mut Vec<Notice>) {
        if let Err(why) = dialog_service() {
            notices.push(Notice::Error(why));
            return;
        }
        if self.current_tab().is_none() {
            return;
        }
        let (tx, rx) = mpsc::channel();
        let ctx = ctx.clone();
        let name = format!("{name}.json");
        let spawned = std::thread::Builder::new().name("aviary-file-dialog".into()).spawn(move || {
            let picked = rfd::FileDialog::new().add_filter("Aviary saves", &["json"]).set_file_name(name).save_file();
            let _ = tx.send(match picked {
                Some(p) => Err(format!("save-as:{}", p.display())),
                None => Ok(None),
            });
            ctx.request_repaint();
        });
        if spawned.is_ok() {
            self.file_dialog = Some(rx);
        }
    }

    fn poll_file_dialog(&mut self, notices: &mut Vec<Notice>) {
        let Some(rx) = &self.file_dialog else { return };
        let Ok(result) = rx.try_recv() else { return };
        self.file_dialog = None;
        match result {
            Ok(Some(path)) => {
                self.open_file(&path, notices);
            }
            Ok(None) => {}
            Err(msg) => {
                if let Some(p) = msg.strip_prefix("save-as:") {
                    let path = PathBuf::from(p);
                    if let Some(tab) = self.current_tab() {
                        match tab.save_as(path.clone()) {
                            Ok(()) => notices.push(Notice::Info(format!("Saved as {}", path.display()))),
                            Err(e) => notices.push(Notice::Error(format!("Save failed: {e}"))),
                        }
                    }
                    self.remember_open_games();
                } else {
                    notices.push(Notice::Error(msg));
                }
            }
        }
    }
}

/// Whether the desktop offers a file-dialog service (the XDG desktop portal
/// over the D-Bus session bus, which `rfd` uses on Linux).
///
/// # Errors
/// A sentence saying what is missing and what to use instead.
pub fn dialog_service() -> Result<(), String> {
    if cfg!(target_os = "linux") && std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_none() {
        return Err("This desktop offers no file dialog (no D-Bus session for the desktop portal). \
                    Use the Saved Games screen, or type the file's path there."
            .to_string());
    }
    Ok(())
}

fn file_name(p: &Path) -> String {
    p.file_name().map_or_else(|| p.display().to_string(), |n| n.to_string_lossy().into_owned())
}

fn file_stem(p: &Path) -> String {
    p.file_stem().map_or_else(String::new, |n| n.to_string_lossy().into_owned())
}

/// A file name a person typed, checked: no folders, not empty.
fn valid_name(name: &str) -> Result<String, String> {
    let n = name.trim().trim_end_matches(".json").trim();
    if n.is_empty() {
        return Err("The name is empty".into());
    }
    if n.contains(['/', '\\']) || n.starts_with('.') {
        return Err(format!("\"{n}\" is not a plain file name"));
    }
    Ok(n.to_string())
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

/// Who plays each seat the rules name ("White", "Black"): a person or a
/// computer of some level.
fn fixed_seats_ui(ui: &mut Ui, choice: &mut NewGame, names: &[&str]) {
    for (i, player) in choice.players.iter_mut().enumerate() {
        ui.horizontal(|ui| {
            ui.label(format!("{}:", names.get(i).copied().unwrap_or("Seat")));
            player_ui(ui, player);
        });
    }
}

/// A person or a computer of some level.
fn player_ui(ui: &mut Ui, player: &mut Player) {
    ui.selectable_value(player, Player::Human, "Human");
    for level in [Level::Easy, Level::Normal, Level::Hard] {
        ui.selectable_value(player, Player::Computer(level), format!("Computer ({})", level.name()));
    }
}

/// The seats of games of `min` to `max` named seats: each a name and a
/// person or a computer, seats added and removed, and who starts.
fn named_seats_ui(ui: &mut Ui, choice: &mut NewGame, min: usize, max: usize) {
    ui.label(format!("Players ({min} to {max})."));
    let mut remove = None;
    let can_remove = choice.players.len() > min;
    for (i, player) in choice.players.iter_mut().enumerate() {
        while choice.names.len() <= i {
            choice.names.push(games::SEAT_NAMES.get(choice.names.len()).copied().unwrap_or("Player").to_string());
        }
        ui.horizontal(|ui| {
            let label = ui.label(format!("Seat {}:", i + 1));
            ui.add(egui::TextEdit::singleline(&mut choice.names[i]).desired_width(90.0)).labelled_by(label.id);
            player_ui(ui, player);
            let x = ui.add_enabled(can_remove, egui::Button::new("x").small());
            if x.on_hover_text("Remove this seat").clicked() {
                remove = Some(i);
            }
        });
    }
    if let Some(i) = remove
        && choice.players.len() > min
    {
        choice.players.remove(i);
        choice.names.remove(i);
        choice.first = None;
    }
    ui.horizontal(|ui| {
        if ui.add_enabled(choice.players.len() < max, egui::Button::new("Add a seat")).clicked() {
            choice.players.push(Player::Computer(Level::Normal));
        }
    });
    ui.horizontal_wrapped(|ui| {
        ui.label("First player:");
        ui.selectable_value(&mut choice.first, None, "random");
        let names: Vec<String> = choice.seat_names();
        for (i, n) in names.iter().enumerate() {
            ui.selectable_value(&mut choice.first, Some(i as u8), n.as_str());
        }
    });
}
