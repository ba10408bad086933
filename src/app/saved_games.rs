//! The Saved Games screen (read on a background thread), Save As, Rename,
//! Delete and the desktop's file dialogs.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::mpsc;

use egui::{Rect, RichText, Ui, Vec2};

use crate::ai::worker::Background;
use crate::games;
use crate::save;
use crate::ui::{Notice, look, theme};

use super::{AviaryApp, Screen, file_name, file_stem};

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

/// A file name a person typed, checked: no folders, not empty.
pub(super) fn valid_name(name: &str) -> Result<String, String> {
    let n = name.trim().trim_end_matches(".json").trim();
    if n.is_empty() {
        return Err("The name is empty".into());
    }
    if n.contains(['/', '\\']) || n.starts_with('.') {
        return Err(format!("\"{n}\" is not a plain file name"));
    }
    Ok(n.to_string())
}

impl AviaryApp {
    /// Forgets the Saved Games list (and any reading under way): the screen
    /// reads the folder again when it next shows.
    pub(super) fn invalidate_listing(&mut self) {
        if let Some(old) = self.listing.take() {
            self.previous_listing = Some(old);
        }
        self.listing_job = None;
    }

    /// Starts reading the save folder on a background thread (each file is
    /// replayed to tell whether it loads).
    pub(super) fn refresh_listing(&mut self) {
        if let Some(old) = self.listing.take() {
            self.previous_listing = Some(old);
        }
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

    pub(super) fn show_saved_games(&mut self) {
        self.invalidate_listing();
        self.screen = Screen::SavedGames;
    }

    pub(super) fn saved_games_ui(&mut self, ui: &mut Ui, notices: &mut Vec<Notice>) {
        let palette = theme::palette(self.settings.dark);
        look::paint_cloth(ui, ui.clip_rect(), &palette);
        ui.visuals_mut().override_text_color = Some(palette.table.ink);
        ui.horizontal_wrapped(|ui| {
            ui.label(look::title(ui, "Saved Games", 28.0));
            ui.add_space(12.0);
            if ui.button("Refresh").clicked() {
                self.invalidate_listing();
            }
            if ui.button("Open file elsewhere…").clicked() {
                self.start_file_dialog(ui.ctx(), notices);
            }
        });
        egui::CollapsingHeader::new("Folder and paths").default_open(false).show(ui, |ui| {
            ui.label(format!("Folder: {}", self.saves_dir.display()));
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
        });
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
        let listing = self.sorted_and_filtered(ui, listing);
        ui.add_space(4.0);
        let mut to_open = None;
        let mut to_replay = None;
        // Each game as a card: its box art, name, seats, moves and when it
        // was last played, and its actions, which a narrow window never cuts
        // off (the cards wrap).
        egui::ScrollArea::vertical().id_salt("saved-games").auto_shrink([false, false]).show(ui, |ui| {
            // Room for the scroll bar.
            let width = ui.available_width() - 14.0;
            let per_row = ((width + GAP) / (CARD_MIN + GAP)).floor().max(1.0);
            let card_w = ((width - GAP * (per_row - 1.0)) / per_row).floor() - 1.0;
            ui.horizontal_wrapped(|ui| {
                ui.spacing_mut().item_spacing = Vec2::splat(GAP);
                let mut heading_for: Option<&str> = None;
                for row in &listing {
                    // Sorted by game: each game's saves under its own
                    // heading, with its box.
                    if self.saved_sort == SavedSort::Game && heading_for != Some(row.game.as_str()) {
                        if heading_for.is_some() {
                            ui.end_row();
                        }
                        heading_for = Some(row.game.as_str());
                        let count = listing.iter().filter(|r| r.game == row.game).count();
                        game_heading(ui, &palette, &row.game, count, width);
                        ui.end_row();
                    }
                    self.saved_card(ui, &palette, row, card_w, (&mut to_open, &mut to_replay));
                }
            });
        });
        if let Some(path) = to_open {
            self.open_file(&path, notices);
        }
        if let Some(path) = to_replay {
            self.open_replay(&path, notices);
        }
    }

    /// One saved game as a card on the cloth.
    fn saved_card(
        &mut self,
        ui: &mut Ui,
        palette: &theme::Palette,
        row: &games::Listing,
        width: f32,
        (to_open, to_replay): (&mut Option<PathBuf>, &mut Option<PathBuf>),
    ) {
        let (rect, _) = ui.allocate_exact_size(Vec2::new(width, CARD_H), egui::Sense::hover());
        if !ui.is_rect_visible(rect) {
            return;
        }
        look::card_body(ui.painter(), palette, rect, palette.table.plate, look::Lift::Flat);
        let art = Rect::from_min_size(rect.min + Vec2::splat(8.0), Vec2::new(110.0, CARD_H - 52.0));
        super::home::board_picture(ui.painter(), palette, art, row);
        let ink = palette.table.on_plate;
        let text = Rect::from_min_max(egui::pos2(art.right() + 10.0, rect.top() + 6.0), rect.max - Vec2::new(8.0, 6.0));
        // Children placed on the card: the row of cards lays out only the
        // cards themselves.
        let layout = egui::Layout::top_down(egui::Align::Min);
        let mut words = ui.new_child(egui::UiBuilder::new().max_rect(text).layout(layout));
        words.visuals_mut().override_text_color = Some(ink);
        words.spacing_mut().item_spacing.y = 2.0;
        // The save's own name first (games of one kind told apart), then
        // the game.
        let name = file_stem(&row.path);
        words.add(egui::Label::new(look::title(&words, &name, 17.0)).truncate()).on_hover_text(file_name(&row.path));
        let faint = theme::mix(ink, palette.table.plate, 0.3);
        words.add(egui::Label::new(RichText::new(&row.game).size(12.0).strong().color(faint)).truncate());
        seats_label(&mut words, row);
        let now = if row.finished || row.now.is_empty() {
            moves_words(row)
        } else {
            format!("{} · {}", moves_words(row), row.now)
        };
        words.add(egui::Label::new(RichText::new(now).size(11.5)).truncate());
        let when = format!("last played {}", local_time(row.saved_at));
        words.add(egui::Label::new(RichText::new(when).size(11.5)).truncate());
        let buttons =
            Rect::from_min_max(egui::pos2(rect.left() + 8.0, rect.bottom() - 32.0), rect.max - Vec2::new(8.0, 4.0));
        let layout = egui::Layout::left_to_right(egui::Align::Center);
        let mut actions = ui.new_child(egui::UiBuilder::new().max_rect(buttons).layout(layout));
        self.row_actions(&mut actions, row, to_open, to_replay);
    }

    /// A saved game's buttons: load, replay, rename, delete.
    fn row_actions(
        &mut self,
        ui: &mut Ui,
        row: &games::Listing,
        to_open: &mut Option<PathBuf>,
        to_replay: &mut Option<PathBuf>,
    ) {
        let palette = crate::ui::theme::palette(ui.visuals().dark_mode);
        // Load is the card's main action; Delete stands apart, in the
        // colour of a warning (it still asks first).
        let load =
            egui::Button::new(RichText::new("Load").strong().color(palette.text_on_available)).fill(palette.available);
        if ui.add_enabled(row.problem.is_none(), load).clicked() {
            *to_open = Some(row.path.clone());
        }
        if ui
            .add_enabled(row.problem.is_none(), egui::Button::new("Replay"))
            .on_hover_text("Step through the game from its first move; the file stays as it is")
            .clicked()
        {
            *to_replay = Some(row.path.clone());
        }
        if ui.button("Rename").clicked() {
            self.rename = Some((row.path.clone(), file_stem(&row.path)));
        }
        ui.add_space(10.0);
        // Its warning red darkened (or lightened) towards the card's ink, so
        // it reads on the cardboard of either theme.
        let warn = theme::mix(palette.illegal.to_opaque(), palette.table.on_plate, 0.3);
        let delete = egui::Button::new(RichText::new("Delete").color(warn)).frame(false);
        if ui.add(delete).on_hover_text("Delete this saved game (asks first)").clicked() {
            self.confirm_delete = Some(row.path.clone());
        }
    }

    /// The "Show" and "Sort" choices above the list, and the list as they
    /// say.
    fn sorted_and_filtered(&mut self, ui: &mut Ui, mut listing: Vec<games::Listing>) -> Vec<games::Listing> {
        let mut names: Vec<String> = listing.iter().map(|r| r.game.clone()).collect();
        names.sort();
        names.dedup();
        if self.saved_filter.as_ref().is_some_and(|f| !names.contains(f)) {
            self.saved_filter = None;
        }
        ui.horizontal(|ui| {
            let label = ui.label("Show:");
            let shown = self.saved_filter.clone().unwrap_or_else(|| "All games".into());
            egui::ComboBox::from_id_salt("saved-filter")
                .selected_text(shown)
                .show_ui(ui, |ui| {
                    ui.selectable_value(&mut self.saved_filter, None, "All games");
                    for name in &names {
                        ui.selectable_value(&mut self.saved_filter, Some(name.clone()), name);
                    }
                })
                .response
                .labelled_by(label.id);
            let label = ui.label("Sort:");
            egui::ComboBox::from_id_salt("saved-sort")
                .selected_text(self.saved_sort.words())
                .show_ui(ui, |ui| {
                    for sort in [SavedSort::Newest, SavedSort::Game, SavedSort::Name] {
                        ui.selectable_value(&mut self.saved_sort, sort, sort.words());
                    }
                })
                .response
                .labelled_by(label.id);
        });
        if let Some(game) = &self.saved_filter {
            listing.retain(|r| &r.game == game);
        }
        match self.saved_sort {
            // The listing comes newest first.
            SavedSort::Newest => {}
            SavedSort::Game => listing.sort_by(|a, b| a.game.cmp(&b.game).then(b.saved_at.cmp(&a.saved_at))),
            SavedSort::Name => listing.sort_by_key(|r| file_name(&r.path).to_lowercase()),
        }
        listing
    }

    pub(super) fn save_as_dialog(&mut self, ctx: &egui::Context, notices: &mut Vec<Notice>) {
        let Some(mut name) = self.save_as.take() else { return };
        let mut ok = false;
        let mut cancel = false;
        let mut elsewhere = false;
        let modal = crate::ui::look::modal(ctx, egui::Id::unique("save-as")).show(ctx, |ui| {
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

    pub(super) fn rename_dialog(&mut self, ctx: &egui::Context, notices: &mut Vec<Notice>) {
        let Some((path, mut name)) = self.rename.take() else { return };
        let mut ok = false;
        let mut cancel = false;
        let modal = crate::ui::look::modal(ctx, egui::Id::unique("rename")).show(ctx, |ui| {
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

    pub(super) fn delete_dialog(&mut self, ctx: &egui::Context, notices: &mut Vec<Notice>) {
        let Some(path) = self.confirm_delete.take() else { return };
        let mut yes = false;
        let mut no = false;
        let modal = crate::ui::look::modal(ctx, egui::Id::unique("delete")).show(ctx, |ui| {
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

    pub(super) fn start_file_dialog(&mut self, ctx: &egui::Context, notices: &mut Vec<Notice>) {
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

    pub(super) fn start_save_dialog(&mut self, ctx: &egui::Context, name: &str, notices: &mut Vec<Notice>) {
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

    pub(super) fn poll_file_dialog(&mut self, notices: &mut Vec<Notice>) {
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

/// The order of the Saved Games list.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SavedSort {
    /// The last played first.
    #[default]
    Newest,
    /// By game, the last played first within each.
    Game,
    /// By file name.
    Name,
}

impl SavedSort {
    fn words(self) -> &'static str {
        match self {
            Self::Newest => "Last played first",
            Self::Game => "By game",
            Self::Name => "By name",
        }
    }
}

/// The narrowest a saved game's card may be.
const CARD_MIN: f32 = 340.0;
/// A card's height.
const CARD_H: f32 = 144.0;
/// Space between cards.
const GAP: f32 = 12.0;

/// When a game was last saved, in the computer's own time zone: "Sat 28
/// Nov 2026, 03:22".
pub(super) fn local_time(secs: u64) -> String {
    use chrono::TimeZone;
    match chrono::Local.timestamp_opt(i64::try_from(secs).unwrap_or(i64::MAX), 0) {
        chrono::LocalResult::Single(t) | chrono::LocalResult::Ambiguous(t, _) => {
            t.format("%a %-d %b %Y, %H:%M").to_string()
        }
        chrono::LocalResult::None => save::format_time(secs),
    }
}

/// A game's seats, or why its file cannot be loaded.
fn seats_label(ui: &mut Ui, row: &games::Listing) {
    match &row.problem {
        // One line each, so the card's buttons never cover them; the whole
        // text on hover.
        Some(p) => {
            let text = format!("cannot be loaded: {p}");
            ui.add(egui::Label::new(RichText::new(&text).color(ui.visuals().error_fg_color)).truncate())
                .on_hover_text(text);
        }
        None => {
            ui.add(egui::Label::new(&row.seats).truncate()).on_hover_text(&row.seats);
        }
    }
}

/// "42 moves (finished)".
fn moves_words(row: &games::Listing) -> String {
    format!("{} moves{}", row.moves, if row.finished { " (finished)" } else { "" })
}

/// The heading over one game's saves (sorted by game): its box, its name
/// in the display face and how many saves it has.
fn game_heading(ui: &mut Ui, palette: &theme::Palette, game: &str, count: usize, width: f32) {
    let (rect, resp) = ui.allocate_exact_size(Vec2::new(width, 40.0), egui::Sense::hover());
    let said = format!("{game}: {}", crate::rules::words::count(count, "saved game"));
    resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Heading, true, &said));
    let art = Rect::from_min_size(rect.min + Vec2::new(0.0, 4.0), Vec2::new(46.0, 32.0));
    if let Some(entry) = games::GAMES.iter().find(|e| e.name == game) {
        (entry.cover)(ui.painter(), palette, art);
        ui.painter().rect_stroke(art, 2.0, egui::Stroke::new(1.0, palette.table.rim), egui::StrokeKind::Outside);
    }
    let font = look::display(ui.ctx(), 20.0);
    let galley = ui.painter().layout_no_wrap(game.to_string(), font, palette.table.ink);
    let text_at = egui::pos2(art.right() + 10.0, rect.center().y - galley.size().y / 2.0);
    let end = text_at.x + galley.size().x;
    ui.painter().galley(text_at, galley, palette.table.ink);
    ui.painter().text(
        egui::pos2(end + 10.0, rect.center().y),
        egui::Align2::LEFT_CENTER,
        crate::rules::words::count(count, "saved game"),
        egui::FontId::proportional(13.0),
        palette.table.faint,
    );
}
