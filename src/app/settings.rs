//! Settings kept between runs, and the settings and statistics files as the
//! app holds them: a broken file is kept aside, never written over.

use std::path::{Path, PathBuf};

use egui::Ui;

use crate::ai::Level;
use crate::desktop;
use crate::save;
use crate::save_writer::Writer;
use crate::ui::Notice;

use super::AviaryApp;

/// Settings kept between runs.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
#[allow(clippy::struct_excessive_bools, reason = "each setting is its own yes-or-no in the Settings tab")]
pub struct Settings {
    /// Dark theme.
    pub dark: bool,
    /// UI scale (zoom factor).
    pub scale: f32,
    /// Default computer level in the new-game dialog.
    pub ai_level: Level,
    /// Animations on.
    pub animations: bool,
    /// Seconds of pause before each of the computer's moves (to follow them).
    pub computer_delay: f32,
    /// Games open at the last exit (offered for resuming).
    pub open_games: Vec<PathBuf>,
    /// Strict: undo may not take back a revealed card (solitaires).
    pub strict_undo: bool,
    /// Tail Feathers' action cards: ask at the attack window only when a
    /// card may answer it (off: always ask, so nothing shows what a hand
    /// holds).
    pub quick_card_windows: bool,
    /// Online play: the address of a relay of one's own (empty: iroh's
    /// public relays).
    pub relay: String,
    /// The table's sounds' volume, 0 to 1 (shown as 0–100%).
    pub sound_volume: f32,
    /// The table's sounds off.
    pub sound_muted: bool,
    /// The choices of each game's last new game (by game id), offered again
    /// by its new-game dialog.
    pub new_games: std::collections::BTreeMap<String, crate::games::LastSetup>,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            dark: false,
            scale: 1.0,
            ai_level: Level::Normal,
            animations: true,
            computer_delay: 0.5,
            open_games: Vec::new(),
            strict_undo: false,
            quick_card_windows: false,
            relay: String::new(),
            sound_volume: 0.6,
            sound_muted: false,
            new_games: std::collections::BTreeMap::new(),
        }
    }
}

/// The UI scale's range (the Settings slider's).
pub const SCALE_RANGE: std::ops::RangeInclusive<f32> = 0.7..=2.0;
/// The computer's pause's range in seconds (the Settings slider's).
pub const DELAY_RANGE: std::ops::RangeInclusive<f32> = 0.0..=3.0;
/// The sounds' volume's range (the Settings slider's, shown as 0–100%).
pub const VOLUME_RANGE: std::ops::RangeInclusive<f32> = 0.0..=1.0;
/// The most games remembered as open at the last exit (and offered for
/// resuming): more tabs than anyone keeps open.
pub const MAX_OPEN_GAMES: usize = 64;
/// The longest relay address kept.
const MAX_RELAY: usize = 2048;

/// `value` within `range`; a value that is not a number gives `default`.
fn clamped(value: f32, range: &std::ops::RangeInclusive<f32>, default: f32) -> f32 {
    if value.is_nan() { default } else { value.clamp(*range.start(), *range.end()) }
}

impl Settings {
    /// The settings with every value within what the Settings screen
    /// offers: a hand-edited or damaged file can hold any number (a pause
    /// of 2e19 seconds, a negative scale), which would otherwise reach the
    /// game tabs and be written back at every start. The list of open games
    /// is capped and loses repeats.
    #[must_use]
    pub fn sanitized(mut self) -> Self {
        let default = Self::default();
        self.scale = clamped(self.scale, &SCALE_RANGE, default.scale);
        self.computer_delay = clamped(self.computer_delay, &DELAY_RANGE, default.computer_delay);
        self.sound_volume = clamped(self.sound_volume, &VOLUME_RANGE, default.sound_volume);
        let mut seen = std::collections::HashSet::new();
        self.open_games.retain(|p| seen.insert(p.clone()));
        self.open_games.truncate(MAX_OPEN_GAMES);
        if self.relay.len() > MAX_RELAY {
            self.relay.clear();
        }
        // Only games that exist, with no more seats or names than any game
        // has (a damaged file could hold any number).
        self.new_games
            .retain(|id, last| crate::games::entry(id).is_some() && last.players.len() <= 16 && last.names.len() <= 16);
        for last in self.new_games.values_mut() {
            for name in &mut last.names {
                if name.chars().count() > 40 {
                    *name = name.chars().take(40).collect();
                }
            }
        }
        self
    }

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
        save::load_json::<Self>(path).map(Self::sanitized)
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
pub(super) struct ConfigFile {
    pub(super) path: Option<PathBuf>,
    pub(super) writable: bool,
    /// Writes on a background thread, so a settings change never waits for
    /// the disk.
    writer: Writer,
}

impl ConfigFile {
    /// Loads `T` from `path`. A broken file is renamed aside (kept, never
    /// overwritten) and the user is told; if even that fails, the file is
    /// left alone and never written this session.
    pub(super) fn load<T: serde::de::DeserializeOwned + Default>(
        path: Option<PathBuf>,
        what: &str,
        notices: &mut Vec<Notice>,
    ) -> (Self, T) {
        match save::load_json(path.as_deref()) {
            Ok(v) => (Self { path, writable: true, writer: Writer::default() }, v),
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
                (Self { path, writable, writer: Writer::default() }, T::default())
            }
        }
    }

    /// Hands `value` to the background writer if this file may be written;
    /// a failure comes back through [`ConfigFile::poll`].
    pub(super) fn store<T: serde::Serialize>(&mut self, value: &T, what: &str) -> Option<Notice> {
        let path = self.path.clone()?;
        if !self.writable {
            return None;
        }
        let text = serde_json::to_string_pretty(value).unwrap_or_default();
        self.writer.submit(&path, text).err().map(|e| failed(what, &e.to_string()))
    }

    /// The news of the background writer: a failed write, once.
    pub(super) fn poll(&mut self, what: &str, wake: &egui::Context) -> Option<Notice> {
        if !self.writer.has_wake() {
            let ctx = wake.clone();
            self.writer.set_wake(move || ctx.request_repaint());
        }
        self.writer.poll().map(|why| failed(what, &why))
    }

    /// Waits until the file is written (quitting).
    pub(super) fn flush(&mut self, what: &str) -> Option<Notice> {
        self.writer.flush().err().map(|why| failed(what, &why))
    }
}

fn failed(what: &str, why: &str) -> Notice {
    Notice::Error(format!("Could not save the {what}: {why}"))
}

impl AviaryApp {
    pub(super) fn store_settings(&mut self) {
        if let Some(n) = self.settings_file.store(&self.settings, "settings") {
            self.pending_notices.push(n);
        }
    }

    /// Collects failed writes of the settings and statistics (each frame).
    pub(super) fn poll_config_files(&mut self, ctx: &egui::Context) {
        let news = [
            self.settings_file.poll("settings", ctx),
            self.stats_file.poll("statistics", ctx),
            self.lessons_file.poll("lesson progress", ctx),
        ];
        self.pending_notices.extend(news.into_iter().flatten());
    }

    /// Waits until the settings and statistics are on disk (quitting).
    pub(super) fn flush_config_files(&mut self) {
        let news = [
            self.settings_file.flush("settings"),
            self.stats_file.flush("statistics"),
            self.lessons_file.flush("lesson progress"),
        ];
        self.pending_notices.extend(news.into_iter().flatten());
    }

    pub(super) fn store_stats(&mut self) {
        if let Some(n) = self.stats_file.store(&self.stats, "statistics") {
            self.pending_notices.push(n);
        }
    }

    pub(super) fn settings_ui(&mut self, ui: &mut Ui) {
        let palette = crate::ui::theme::palette(self.settings.dark);
        crate::ui::look::paint_cloth(ui, ui.clip_rect(), &palette);
        egui::ScrollArea::vertical().id_salt("settings").auto_shrink([false, false]).show(ui, |ui| {
            // One column of cards, or two in a wide window, centred.
            let room = ui.available_width() - 8.0;
            let content = if room >= 980.0 { room.min(1120.0) } else { room.min(760.0) };
            ui.horizontal_top(|ui| {
                ui.add_space(((room - content) / 2.0).max(0.0));
                ui.vertical(|ui| {
                    ui.set_width(content);
                    self.settings_sections_ui(ui, &palette);
                });
            });
        });
    }

    /// Settings as a few cards on the cloth, in two columns when the window
    /// is wide enough: how it looks and sounds beside how the computer
    /// plays and online play; under them this computer (the applications
    /// menu, and where the files are).
    fn settings_sections_ui(&mut self, ui: &mut Ui, palette: &crate::ui::theme::Palette) {
        use crate::ui::look;
        ui.label(look::title(ui, "Settings", 28.0).color(palette.table.ink));
        ui.add_space(4.0);
        let before = self.settings.clone();
        let two = ui.available_width() >= 980.0;
        let width = if two { (ui.available_width().min(1120.0) - 12.0) / 2.0 } else { ui.available_width().min(760.0) };
        if two {
            ui.horizontal_top(|ui| {
                ui.vertical(|ui| {
                    ui.set_width(width);
                    self.look_sections_ui(ui, palette, width);
                });
                // (With the row's own spacing, 12 points between the columns.)
                ui.add_space(4.0);
                ui.vertical(|ui| {
                    ui.set_width(width);
                    self.play_sections_ui(ui, palette, width);
                });
            });
        } else {
            self.look_sections_ui(ui, palette, width);
            self.play_sections_ui(ui, palette, width);
        }
        if self.settings != before {
            self.store_settings();
        }
        let wide = if two { width * 2.0 + 12.0 } else { width };
        section(ui, palette, ("This computer", crate::ui::art::Emblem::Computer), wide, &mut |ui| {
            self.this_computer_ui(ui, palette);
        });
    }

    /// The Look and Sound cards.
    fn look_sections_ui(&mut self, ui: &mut Ui, palette: &crate::ui::theme::Palette, width: f32) {
        section(ui, palette, ("Look", crate::ui::art::Emblem::Look), width, &mut |ui| {
            // The two tables to choose between, as they look.
            ui.horizontal(|ui| {
                for dark in [false, true] {
                    if theme_swatch(ui, dark, self.settings.dark == dark).clicked() {
                        self.settings.dark = dark;
                    }
                    ui.add_space(6.0);
                }
            });
            ui.add_space(4.0);
            ui.horizontal(|ui| {
                // In words a player uses: a size in percent ("1.00" read
                // as a program's number).
                let label = ui.label("Text and table size:");
                ui.add(
                    egui::Slider::new(&mut self.settings.scale, SCALE_RANGE)
                        .step_by(0.05)
                        .custom_formatter(|v, _| format!("{:.0}%", v * 100.0))
                        .custom_parser(|s| {
                            s.trim().trim_end_matches('%').trim().parse::<f64>().ok().map(|v| v / 100.0)
                        }),
                )
                .labelled_by(label.id);
            });
            crate::ui::look::switch(ui, &mut self.settings.animations, "Animations: cards slide, pieces glide");
        });
        section(ui, palette, ("Sound", crate::ui::art::Emblem::Sound), width, &mut |ui| {
            ui.horizontal(|ui| {
                let label = ui.label("Volume:");
                ui.add_enabled(
                    !self.settings.sound_muted,
                    egui::Slider::new(&mut self.settings.sound_volume, VOLUME_RANGE)
                        .custom_formatter(|v, _| format!("{:.0}%", v * 100.0))
                        .custom_parser(|s| {
                            s.trim().trim_end_matches('%').trim().parse::<f64>().ok().map(|v| v / 100.0)
                        }),
                )
                .labelled_by(label.id)
                .on_hover_text(
                    "Cards, pieces, dice, a refused move, a win, and a chime when an online game comes back to you",
                );
                ui.add_space(8.0);
                crate::ui::look::switch(ui, &mut self.settings.sound_muted, "Mute");
            });
        });
    }

    /// The Play and Online play cards.
    fn play_sections_ui(&mut self, ui: &mut Ui, palette: &crate::ui::theme::Palette, width: f32) {
        let faint = faint_on_plate(palette);
        section(ui, palette, ("Play", crate::ui::art::Emblem::Play), width, &mut |ui| {
            ui.horizontal(|ui| {
                ui.label("Computer opponents, unless chosen otherwise:");
                crate::ui::look::segmented(ui, &mut |ui| {
                    for level in [Level::Easy, Level::Normal, Level::Hard] {
                        ui.selectable_value(&mut self.settings.ai_level, level, level.name());
                    }
                });
            });
            ui.horizontal(|ui| {
                let label = ui.label("Time to follow each computer move:");
                ui.add(egui::Slider::new(&mut self.settings.computer_delay, DELAY_RANGE).suffix(" s"))
                    .labelled_by(label.id)
                    .on_hover_text("How long the computer waits before each of its moves, so you can see it");
            });
            ui.add_space(4.0);
            crate::ui::look::switch(ui, &mut self.settings.strict_undo, "Strict undo in solitaires");
            ui.label(egui::RichText::new("Never take back a card you have already seen.").color(faint));
            crate::ui::look::switch(ui, &mut self.settings.quick_card_windows, "Tail Feathers: fewer attack pauses");
            ui.label(
                egui::RichText::new(
                    "Be asked to answer an attack only when you hold a card for it: quicker, but your opponent can \
                     tell when you do.",
                )
                .color(faint),
            );
        });
        section(ui, palette, ("Online play", crate::ui::art::Emblem::Online), width, &mut |ui| {
            ui.label(
                "To play with a friend on another computer, choose \"Friend online\" for a seat in a new game \
                 and send them the invite code; they join from Home.",
            );
            ui.add_space(2.0);
            // (Rarely needed: folded away, as the file paths are.)
            let advanced =
                egui::CollapsingHeader::new("Advanced: a relay server of your own").id_salt("settings-relay");
            advanced.default_open(!self.settings.relay.is_empty()).show(ui, |ui| self.relay_ui(ui, faint));
        });
    }

    /// The address of one's own relay (empty: the public ones).
    fn relay_ui(&mut self, ui: &mut Ui, faint: egui::Color32) {
        {
            ui.horizontal(|ui| {
                let label = ui.label("Relay server:");
                ui.add(
                    egui::TextEdit::singleline(&mut self.settings.relay)
                        .hint_text("the public relays")
                        .desired_width(240.0),
                )
                .labelled_by(label.id)
                .on_hover_text(
                    "When two computers cannot reach each other directly, a relay passes their messages on \
                     (end-to-end encrypted). Leave empty for the public relays (iroh's), or give the address of \
                     your own (https://…).",
                );
            });
            ui.label(
                egui::RichText::new("Passes messages on when two computers cannot reach each other directly.")
                    .color(faint),
            );
        }
    }

    /// The applications menu, and where the files are (tucked away).
    fn this_computer_ui(&mut self, ui: &mut Ui, palette: &crate::ui::theme::Palette) {
        self.applications_menu_ui(ui);
        ui.add_space(4.0);
        let saves = format!("Saved games: {}", self.saves_dir.display());
        let file = self.settings_file.path.as_ref().map(|p| format!("Settings: {}", p.display()));
        egui::CollapsingHeader::new("Where Aviary keeps your files").id_salt("settings-files").show(ui, |ui| {
            ui.label(egui::RichText::new(&saves).color(faint_on_plate(palette)));
            if let Some(f) = &file {
                ui.label(egui::RichText::new(f).color(faint_on_plate(palette)));
            }
        });
    }

    /// Shows Settings, reading the menu entry afresh.
    pub(super) fn open_settings(&mut self) {
        self.screen = super::Screen::Settings;
        self.menu_entry = None;
        self.menu_news = None;
    }

    /// "Add Aviary to the applications menu" / "Remove": the same entry
    /// and icons as the package, in the person's data folder, starting
    /// this program.
    fn applications_menu_ui(&mut self, ui: &mut Ui) {
        ui.label(egui::RichText::new("The applications menu").strong());
        if !cfg!(target_os = "linux") {
            ui.label("Adding Aviary to the applications menu is for Linux desktops.");
            return;
        }
        let (Some(home), Some(program)) = (self.menu.data_home.clone(), self.menu.program.clone()) else {
            ui.label("Aviary cannot tell where your applications menu keeps its entries (no home folder is set).");
            return;
        };
        let ours = match desktop::exec_argument(&program) {
            Ok(exec) => exec,
            Err(why) => {
                ui.label(format!("Aviary cannot add itself to the menu: {why}."));
                return;
            }
        };
        let entry = self.menu_entry.get_or_insert_with(|| desktop::menu_entry(&home)).clone();
        let system = self.menu.system_entry.clone();
        let (mut add, mut remove) = (false, false);
        match entry {
            desktop::MenuEntry::Absent if self.menu.packaged() && system.is_some() => {
                ui.label("Aviary is installed from its package, which put it in the applications menu.");
            }
            desktop::MenuEntry::Absent => {
                if let Some(system) = &system {
                    ui.label(format!(
                        "The installed package's entry ({}) starts /usr/bin/aviary. An entry added here takes its \
                         place and starts this copy instead.",
                        system.display()
                    ));
                } else {
                    ui.label(
                        "Aviary is not in your applications menu. Add it to start Aviary from the menu with a click.",
                    );
                }
                add = ui
                    .button("Add Aviary to the applications menu")
                    .on_hover_text(format!(
                        "Writes an entry starting {} and its icons into {}",
                        program.display(),
                        home.display()
                    ))
                    .clicked();
            }
            desktop::MenuEntry::Present { exec } if exec == ours => {
                ui.label(format!("Aviary is in your applications menu; the entry starts {}.", program.display()));
                remove = ui.button("Remove Aviary from the applications menu").clicked();
            }
            desktop::MenuEntry::Present { exec } => {
                ui.label(format!(
                    "Your applications menu has an Aviary entry of your own that starts {}, not this copy ({}).{}",
                    desktop::exec_program(&exec),
                    program.display(),
                    if system.is_some() { " It takes the place of the installed package's entry." } else { "" }
                ));
                ui.horizontal(|ui| {
                    add = ui.button("Point the entry at this copy").clicked();
                    remove = ui.button("Remove Aviary from the applications menu").clicked();
                });
            }
        }
        if add || remove {
            let done = if add { desktop::add_to_menu(&home, &program) } else { desktop::remove_from_menu(&home) };
            self.menu_entry = None;
            match done {
                Ok(files) => {
                    let what = if add {
                        format!(
                            "Added Aviary to the applications menu: wrote {} files into {}.",
                            files.len(),
                            home.display()
                        )
                    } else if files.is_empty() {
                        "There was nothing to remove.".to_owned()
                    } else {
                        format!(
                            "Removed Aviary from the applications menu: deleted {} files from {}.",
                            files.len(),
                            home.display()
                        )
                    };
                    self.menu_news = Some((what, files));
                }
                Err(why) => {
                    self.menu_news = None;
                    self.pending_notices.push(Notice::Error(why));
                }
            }
        }
        if let Some((what, files)) = &self.menu_news {
            ui.label(what.as_str());
            egui::CollapsingHeader::new("The files").id_salt("menu-files").show(ui, |ui| {
                for f in files {
                    ui.label(f.display().to_string());
                }
            });
        }
    }
}

/// One card of Settings: a card of board on the cloth with its emblem and
/// its title in the display face.
fn section(
    ui: &mut Ui,
    palette: &crate::ui::theme::Palette,
    (title, emblem): (&str, crate::ui::art::Emblem),
    width: f32,
    add: &mut dyn FnMut(&mut Ui),
) {
    crate::ui::look::plate_frame(palette, None).show(ui, |ui| {
        ui.set_width(width - 26.0);
        ui.visuals_mut().override_text_color = Some(palette.table.on_plate);
        ui.horizontal(|ui| {
            let (rect, _) = ui.allocate_exact_size(egui::vec2(26.0, 26.0), egui::Sense::hover());
            emblem.paint(ui.painter(), palette, rect);
            ui.label(crate::ui::look::title(ui, title, 19.0));
        });
        ui.add_space(2.0);
        add(ui);
    });
    ui.add_space(10.0);
}

/// A theme to choose, as a little table in its colours: the cloth with a
/// card lying on it, the name under it, ringed in gold when chosen.
fn theme_swatch(ui: &mut Ui, dark: bool, chosen: bool) -> egui::Response {
    use crate::rules::enchanted_plumes::Feather;
    use crate::ui::enchanted_plumes::{FeatherFace, paint_feather};
    let name = if dark { "Dark" } else { "Light" };
    let (rect, response) = ui.allocate_exact_size(egui::vec2(118.0, 86.0), egui::Sense::click());
    response.widget_info(|| egui::WidgetInfo::selected(egui::Role::RadioButton, true, chosen, name));
    let own = crate::ui::theme::palette(dark);
    let shown = crate::ui::theme::palette(ui.visuals().dark_mode);
    let cloth = egui::Rect::from_min_size(rect.min, egui::vec2(rect.width(), 62.0));
    crate::ui::look::paint_cloth(ui, cloth, &own);
    let card = egui::Rect::from_center_size(cloth.center() - egui::vec2(14.0, 0.0), egui::vec2(30.0, 44.0));
    paint_feather(ui.painter(), &own, card, FeatherFace::Up(Feather::new(7, 5)));
    paint_feather(ui.painter(), &own, card.translate(egui::vec2(26.0, 4.0)), FeatherFace::Down);
    let ring = if chosen {
        egui::Stroke::new(2.5, shown.selection)
    } else if response.hovered() {
        egui::Stroke::new(1.5, shown.table.rim)
    } else {
        egui::Stroke::new(1.0, shown.table.edge)
    };
    ui.painter().rect_stroke(cloth, 4.0, ring, egui::StrokeKind::Outside);
    ui.painter().text(
        egui::pos2(rect.center().x, cloth.bottom() + 12.0),
        egui::Align2::CENTER_CENTER,
        name,
        if chosen { crate::ui::look::display(ui.ctx(), 16.0) } else { egui::FontId::proportional(14.0) },
        shown.table.on_plate,
    );
    response.on_hover_text(format!("The {} table", name.to_lowercase()))
}

/// Quieter words on a card of board.
fn faint_on_plate(palette: &crate::ui::theme::Palette) -> egui::Color32 {
    crate::ui::theme::mix(palette.table.on_plate, palette.table.plate, 0.35)
}
