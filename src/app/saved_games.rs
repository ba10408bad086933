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
        self.saved_games_header(ui, &palette, notices);
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
            ui.add_space(24.0);
            ui.vertical_centered(|ui| {
                ui.label(look::title(ui, "No saved games yet", 24.0));
                ui.label("Every game you start is kept here, saved after each move. Start one:");
                ui.add_space(14.0);
                if let Some(id) = Self::game_covers(ui, &palette) {
                    self.open_new_game(id);
                }
                ui.add_space(14.0);
                if ui.button("Or learn one first: back to the games").clicked() {
                    self.screen = Screen::Home;
                }
            });
            return;
        }
        let listing = self.sorted_and_filtered(ui, listing);
        ui.add_space(6.0);
        let mut to_open = None;
        let mut to_replay = None;
        let now = save::now_secs();
        // Each game as a card: its table as it was left, name, seats, moves
        // and when it was last played; a click on the card continues it.
        // A narrow window never cuts its buttons off (the cards wrap).
        // The scroll bar always shown: a list that hides it did not look
        // like it scrolls (review 14).
        let scroll = egui::ScrollArea::vertical()
            .id_salt("saved-games")
            .auto_shrink([false, false])
            .scroll_bar_visibility(egui::scroll_area::ScrollBarVisibility::AlwaysVisible);
        scroll.show(ui, |ui| {
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
                    self.saved_card(ui, &palette, row, (card_w, now), (&mut to_open, &mut to_replay));
                }
            });
            ui.add_space(8.0);
        });
        if let Some(path) = to_open {
            self.open_file(&path, notices);
        }
        if let Some(path) = to_replay {
            self.open_replay(&path, notices);
        }
    }

    /// The title, how many games there are and where they are kept, and
    /// the ways to open a file from elsewhere.
    fn saved_games_header(&mut self, ui: &mut Ui, palette: &theme::Palette, notices: &mut Vec<Notice>) {
        ui.horizontal(|ui| {
            ui.label(look::title(ui, "Saved Games", 28.0));
            if let Some(listing) = &self.listing {
                let count = crate::rules::words::count(listing.len(), "game");
                let shown = match &self.saved_filter {
                    Some(game) => {
                        let of = listing.iter().filter(|r| &r.game == game).count();
                        format!("{of} of {count}, {game} only")
                    }
                    None => count,
                };
                ui.label(RichText::new(shown).size(14.0).color(palette.table.faint));
            }
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                // The file-keeping ways, folded under one menu: the page
                // is the games, not a file manager.
                let menu = ui.menu_button(RichText::new("•••").size(14.0), |ui| {
                    if ui.button("Open a game file from elsewhere…").clicked() {
                        self.start_file_dialog(ui.ctx(), notices);
                        ui.close();
                    }
                    if ui.button("Read the folder again").clicked() {
                        self.invalidate_listing();
                        ui.close();
                    }
                    ui.separator();
                    ui.label(format!("Aviary keeps your games in {}", self.saves_dir.display()));
                    ui.horizontal(|ui| {
                        let label = ui.label("Or type a file's path:");
                        ui.add(egui::TextEdit::singleline(&mut self.open_path).desired_width(320.0))
                            .labelled_by(label.id);
                        if ui.button("Open").clicked() && !self.open_path.trim().is_empty() {
                            let path = PathBuf::from(self.open_path.trim());
                            if self.open_file(&path, notices) {
                                self.open_path.clear();
                                ui.close();
                            }
                        }
                    });
                });
                menu.response.on_hover_text("Open a game file from elsewhere, or see where your games are kept");
            });
        });
    }

    /// The games' box covers in a row, each with its name under it, for a
    /// page with no saved game: the id of the one clicked.
    fn game_covers(ui: &mut Ui, palette: &theme::Palette) -> Option<&'static str> {
        let playable: Vec<&games::GameEntry> = games::GAMES.iter().filter(|e| e.play.is_some()).collect();
        let gap = 16.0;
        let n = playable.len() as f32;
        let w = ((ui.available_width() - 24.0 - gap * (n - 1.0)) / n).clamp(90.0, 170.0);
        let size = Vec2::new(w, w * 0.8 + 30.0);
        let mut chosen = None;
        let used = size.x * n + gap * (n - 1.0);
        let (row, _) = ui.allocate_exact_size(Vec2::new(used, size.y), egui::Sense::hover());
        for (k, entry) in playable.into_iter().enumerate() {
            let rect = Rect::from_min_size(row.min + Vec2::new(k as f32 * (w + gap), 0.0), size);
            let resp = ui.interact(rect, ui.scope_id().with(("start-cover", entry.id)), egui::Sense::click());
            resp.widget_info(|| {
                egui::WidgetInfo::labeled(egui::Role::Button, true, format!("New {} game", entry.name))
            });
            let lift = if resp.hovered() { look::Lift::Raised } else { look::Lift::Flat };
            look::card_body(ui.painter(), palette, rect, palette.table.plate, lift);
            let art = Rect::from_min_size(rect.min + Vec2::splat(5.0), Vec2::new(w - 10.0, w * 0.8 - 6.0));
            (entry.cover)(ui.painter(), palette, art);
            let font = look::display(ui.ctx(), (w / 10.0).clamp(11.0, 15.0));
            ui.painter().text(
                egui::pos2(rect.center().x, rect.bottom() - 14.0),
                egui::Align2::CENTER_CENTER,
                entry.name,
                font,
                palette.table.on_plate,
            );
            if resp.on_hover_text(format!("Start a game of {}", entry.name)).clicked() {
                chosen = Some(entry.id);
            }
        }
        chosen
    }

    /// One saved game as a card on the cloth: a click anywhere on it
    /// continues the game; Replay beside, Rename and Delete in its menu.
    fn saved_card(
        &mut self,
        ui: &mut Ui,
        palette: &theme::Palette,
        row: &games::Listing,
        (width, now): (f32, u64),
        (to_open, to_replay): (&mut Option<PathBuf>, &mut Option<PathBuf>),
    ) {
        let loads = row.problem.is_none();
        let sense = if loads { egui::Sense::click() } else { egui::Sense::hover() };
        let (rect, card) = ui.allocate_exact_size(Vec2::new(width, CARD_H), sense);
        let name = file_stem(&row.path);
        let verb = if row.finished { "See the end of" } else { "Continue" };
        card.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, loads, format!("{verb} {name}")));
        if card.clicked() {
            *to_open = Some(row.path.clone());
        }
        if !ui.is_rect_visible(rect) {
            return;
        }
        let lift = if card.hovered() && loads { look::Lift::Raised } else { look::Lift::Flat };
        look::card_body(ui.painter(), palette, rect, palette.table.plate, lift);
        let art = Rect::from_min_size(rect.min + Vec2::splat(8.0), Vec2::new(112.0, CARD_H - 16.0));
        super::home::board_picture(ui.painter(), palette, art, row);
        let ink = palette.table.on_plate;
        let text =
            Rect::from_min_max(egui::pos2(art.right() + 10.0, rect.top() + 6.0), rect.max - Vec2::new(8.0, 38.0));
        // Children placed on the card: the row of cards lays out only the
        // cards themselves.
        let layout = egui::Layout::top_down(egui::Align::Min);
        let mut words = ui.new_child(egui::UiBuilder::new().max_rect(text).layout(layout));
        words.visuals_mut().override_text_color = Some(ink);
        // The words are the card's: a click on them opens the game (as
        // selectable text they took the click).
        words.style_mut().interaction.selectable_labels = false;
        words.spacing_mut().item_spacing.y = 2.0;
        // The save's own name first (games of one kind told apart), then
        // the game and when it was last played.
        // (A name Aviary gave the file says the game and how many play.)
        let title = row.title();
        words.add(egui::Label::new(look::title(&words, &title, 17.0)).truncate()).on_hover_text(file_name(&row.path));
        let faint = theme::mix(ink, palette.table.plate, 0.3);
        // One line in one sense on every card: when it was last played,
        // after the game's name where the title does not say it.
        let kind = if row.is_auto_named() {
            format!("Last played {}", when_words(row.saved_at, now))
        } else {
            format!("{} · last played {}", row.game, when_words(row.saved_at, now))
        };
        words.add(egui::Label::new(RichText::new(kind).size(12.0).strong().color(faint)).truncate());
        seats_label(&mut words, row);
        // A finished game says how it ended (who won, the scores): a
        // new player found "83 moves (finished)" said nothing.
        // ("Finished after 83 moves" says it ended: not "finished:" again.)
        let now = if row.finished { row.now.strip_prefix("finished: ").unwrap_or(&row.now) } else { &row.now };
        let state = if now.is_empty() { moves_words(row) } else { format!("{} · {now}", moves_words(row)) };
        // Two lines for where the game stands, then "…" (the whole on hover).
        let mut job = egui::text::LayoutJob::simple(
            state.clone(),
            egui::FontId::proportional(11.5),
            ink,
            words.available_width(),
        );
        job.wrap.max_rows = 2;
        // (Its own tooltip only: egui's for an elided label came too, one
        // line across the next card's buttons.)
        let whole = words.add(egui::Label::new(job).show_tooltip_when_elided(false));
        hover_above(&whole, &state);
        let buttons =
            Rect::from_min_max(egui::pos2(art.right() + 10.0, rect.bottom() - 34.0), rect.max - Vec2::new(8.0, 6.0));
        let layout = egui::Layout::left_to_right(egui::Align::Center);
        let mut actions = ui.new_child(egui::UiBuilder::new().max_rect(buttons).layout(layout));
        self.row_actions(&mut actions, row, (to_open, to_replay));
    }

    /// A saved game's buttons: continue (the card's own click, as a
    /// button too), replay, and a menu to rename or delete it.
    fn row_actions(
        &mut self,
        ui: &mut Ui,
        row: &games::Listing,
        (to_open, to_replay): (&mut Option<PathBuf>, &mut Option<PathBuf>),
    ) {
        let palette = theme::palette(ui.visuals().dark_mode);
        let loads = row.problem.is_none();
        // ("Look" said too little of a finished game: review 14.)
        let verb = if row.finished { "See the end" } else { "Continue" };
        let main =
            egui::Button::new(RichText::new(verb).strong().color(palette.text_on_available)).fill(palette.available);
        if ui.add_enabled(loads, main).clicked() {
            *to_open = Some(row.path.clone());
        }
        if ui
            .add_enabled(loads, egui::Button::new("Replay"))
            .on_hover_text("Step through the game from its first move; the file stays as it is")
            .clicked()
        {
            *to_replay = Some(row.path.clone());
        }
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            ui.menu_button("More…", |ui| {
                if ui.button("Rename…").clicked() {
                    self.rename = Some((row.path.clone(), file_stem(&row.path)));
                    ui.close();
                }
                // Its warning red darkened (or lightened) towards the
                // ink, so it reads on either theme (it still asks first).
                let warn = theme::mix(palette.illegal.to_opaque(), ui.visuals().text_color(), 0.3);
                if ui.button(RichText::new("Delete…").color(warn)).clicked() {
                    self.confirm_delete = Some(row.path.clone());
                    ui.close();
                }
            })
            .response
            .on_hover_text("Rename or delete this game");
        });
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
        let total = listing.len();
        ui.horizontal_wrapped(|ui| {
            row_label(ui, "Show:");
            look::segmented(ui, &mut |ui| {
                ui.selectable_value(&mut self.saved_filter, None, format!("All ({total})"));
                for name in &names {
                    let count = listing.iter().filter(|r| &r.game == name).count();
                    ui.selectable_value(&mut self.saved_filter, Some(name.clone()), format!("{name} ({count})"));
                }
            });
            // Sort on a line of its own when both do not fit on one.
            if ui.min_rect().right() + 340.0 > ui.max_rect().right() {
                ui.end_row();
            } else {
                ui.add_space(12.0);
            }
            row_label(ui, "Sort:");
            look::segmented(ui, &mut |ui| {
                for sort in [SavedSort::Newest, SavedSort::Game, SavedSort::Name] {
                    ui.selectable_value(&mut self.saved_sort, sort, sort.words());
                }
            });
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
            Self::Newest => "Last played",
            Self::Game => "By game",
            Self::Name => "By name",
        }
    }
}

/// The narrowest a saved game's card may be.
const CARD_MIN: f32 = 340.0;
/// A card's height.
const CARD_H: f32 = 140.0;
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

/// When a game was last played, as a person says it, in the computer's
/// own time zone: "today, 15:03", "yesterday, 21:40", "Thu 26 Nov", and
/// with the year once it is not this year's: "3 Mar 2025".
fn when_words(secs: u64, now: u64) -> String {
    use chrono::TimeZone;
    let local = |s: u64| chrono::Local.timestamp_opt(i64::try_from(s).unwrap_or(i64::MAX), 0).earliest();
    let (Some(then), Some(today)) = (local(secs), local(now)) else { return save::format_time(secs) };
    when_between(then.naive_local(), today.naive_local())
}

/// [`when_words`] between two local times.
fn when_between(then: chrono::NaiveDateTime, now: chrono::NaiveDateTime) -> String {
    use chrono::Datelike;
    let days = now.date().signed_duration_since(then.date()).num_days();
    match days {
        0 => format!("today, {}", then.format("%H:%M")),
        1 => format!("yesterday, {}", then.format("%H:%M")),
        2..=6 => then.format("%A, %H:%M").to_string(),
        _ if then.year() == now.year() => then.format("%a %-d %b").to_string(),
        _ => then.format("%-d %b %Y").to_string(),
    }
}

/// A game's seats, or why its file cannot be loaded.
fn seats_label(ui: &mut Ui, row: &games::Listing) {
    // One line each, so the card's buttons never cover them; the whole
    // text on hover.
    let (text, colour) = match &row.problem {
        Some(p) => (format!("cannot be loaded: {p}"), Some(ui.visuals().error_fg_color)),
        None => (row.seats.clone(), None),
    };
    let mut words = RichText::new(&text);
    if let Some(c) = colour {
        words = words.color(c);
    }
    let line = ui.add(egui::Label::new(words).truncate().show_tooltip_when_elided(false));
    hover_above(&line, &text);
}

/// A card's words whole, shown above them: below, the tip covered the
/// card's own Continue and Replay.
fn hover_above(line: &egui::Response, text: &str) {
    let mut tip = egui::Tooltip::for_enabled(line);
    tip.popup = tip.popup.align(egui::RectAlign::TOP_START).align_alternatives(&[egui::RectAlign::TOP_END]);
    tip.show(|ui| ui.label(text));
}

/// "42 moves", or "Finished after 42 moves".
fn moves_words(row: &games::Listing) -> String {
    let moves = crate::rules::words::count(row.moves, "move");
    if row.finished { format!("Finished after {moves}") } else { moves }
}

/// A label before a row of choices, centred on the row's height (a plain
/// label sat a few points above the choices' frame: review 14).
fn row_label(ui: &mut Ui, words: &str) {
    let height = ui.spacing().interact_size.y + 6.0;
    ui.allocate_ui_with_layout(Vec2::new(0.0, height), egui::Layout::left_to_right(egui::Align::Center), |ui| {
        ui.label(words)
    });
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

#[cfg(test)]
mod tests {
    use super::when_between;

    fn at(text: &str) -> chrono::NaiveDateTime {
        chrono::NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M").expect("a date in the test")
    }

    #[test]
    fn last_played_is_said_as_a_person_says_it() {
        let now = at("2026-11-28 15:00");
        assert_eq!(when_between(at("2026-11-28 09:05"), now), "today, 09:05");
        assert_eq!(when_between(at("2026-11-27 23:59"), now), "yesterday, 23:59", "by the calendar, not 24 hours");
        assert_eq!(when_between(at("2026-11-24 10:00"), now), "Tuesday, 10:00");
        assert_eq!(when_between(at("2026-10-02 10:00"), now), "Fri 2 Oct");
        assert_eq!(when_between(at("2025-03-03 10:00"), now), "3 Mar 2025");
    }
}
