//! Starting and stopping without losing a move: the offer to resume the
//! games open at the last exit, and closing when a game cannot be saved.

use std::path::PathBuf;

use egui::RichText;

use crate::games;
use crate::ui::Notice;

use super::{AviaryApp, file_name};

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
pub(super) fn default_elsewhere() -> String {
    directories::UserDirs::new()
        .map(|d| d.document_dir().unwrap_or(d.home_dir()).to_path_buf())
        .map_or_else(String::new, |p| p.display().to_string())
}

impl AviaryApp {
    pub(super) fn take_resume_check(&mut self, checked: Vec<games::Listing>) {
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

    pub(super) fn resume_dialog(&mut self, ctx: &egui::Context, notices: &mut Vec<Notice>) {
        if self.resume_offer.is_empty() && self.resume_problems.is_empty() {
            return;
        }
        let mut resume_all = false;
        let mut dismiss = false;
        let modal = crate::ui::look::modal(ctx, egui::Id::unique("resume")).show(ctx, |ui| {
            ui.set_max_width(560.0);
            let palette = crate::ui::theme::palette(ui.visuals().dark_mode);
            ui.visuals_mut().override_text_color = Some(palette.table.on_plate);
            let heading =
                if self.resume_offer.is_empty() { "Your games from last time" } else { "Pick up where you left off?" };
            ui.label(crate::ui::look::title(ui, heading, 24.0));
            if !self.resume_offer.is_empty() {
                ui.label("These games were open when Aviary closed. Untick one to leave it closed (it stays in Saved Games).");
            }
            ui.add_space(4.0);
            // However many there are, the buttons stay on the screen.
            let room = (ctx.content_rect().height() - 200.0).max(120.0);
            egui::ScrollArea::vertical().max_height(room).auto_shrink([false, true]).show(ui, |ui| {
                for row in &self.resume_offer {
                    let mut chosen = !self.resume_unchosen.contains(&row.path);
                    if resume_row(ui, &palette, row, &mut chosen) {
                        if chosen {
                            self.resume_unchosen.remove(&row.path);
                        } else {
                            self.resume_unchosen.insert(row.path.clone());
                        }
                    }
                }
                if !self.resume_problems.is_empty() {
                    ui.add_space(4.0);
                    ui.label(RichText::new("These could not be resumed (the files are left as they are):").strong());
                    for row in &self.resume_problems {
                        let why = row.problem.as_deref().unwrap_or_default();
                        ui.label(
                            RichText::new(format!("• {}: {why}", file_name(&row.path)))
                                .color(ui.visuals().error_fg_color),
                        );
                    }
                }
            });
            ui.horizontal(|ui| {
                if self.resume_offer.is_empty() {
                    dismiss = ui.button("OK").clicked();
                } else {
                    let chosen = self.resume_offer.iter().filter(|r| !self.resume_unchosen.contains(&r.path)).count();
                    resume_all = ui
                        .add_enabled_ui(chosen > 0, |ui| crate::ui::look::main_button(ui, "Resume"))
                        .inner
                        .on_hover_text(format!("Open {}", crate::rules::words::count(chosen, "game")))
                        .clicked();
                    dismiss = ui.button("Not now").clicked();
                }
            });
        });
        if resume_all {
            self.resume_problems.clear();
            let unchosen = std::mem::take(&mut self.resume_unchosen);
            let offer = std::mem::take(&mut self.resume_offer);
            for p in offer.into_iter().map(|row| row.path).filter(|p| !unchosen.contains(p)) {
                // Off the list before opening: if this game could bring the
                // app down, the next start does not try it again.
                self.resume_pending.retain(|q| q != &p);
                self.remember_open_games();
                self.open_file(&p, notices);
            }
            self.resume_pending.clear();
            self.remember_open_games();
        } else if dismiss || modal.should_close() {
            self.resume_unchosen.clear();
            self.resume_offer.clear();
            self.resume_problems.clear();
            self.resume_pending.clear();
            self.remember_open_games();
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
        self.flush_config_files();
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

    pub(super) fn quit_dialog(&mut self, ctx: &egui::Context) {
        let Some(mut q) = self.quit.take() else { return };
        let mut retry = false;
        let mut elsewhere = false;
        let mut quit_anyway = false;
        let mut cancel = false;
        crate::ui::look::modal(ctx, egui::Id::unique("quit")).show(ctx, |ui| {
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
}

/// One game offered to resume, as a small card: its tick, the table as it
/// was left, its name, seats, moves and when it was last played. Clicking
/// anywhere on the card ticks or unticks it. Says whether it changed.
fn resume_row(ui: &mut egui::Ui, palette: &crate::ui::theme::Palette, row: &games::Listing, chosen: &mut bool) -> bool {
    let mut changed = false;
    let faint = crate::ui::theme::mix(palette.table.on_plate, palette.table.plate, 0.35);
    let frame = egui::Frame::new()
        .fill(crate::ui::theme::mix(palette.table.plate, palette.table.on_plate, 0.05))
        .stroke(egui::Stroke::new(1.0, crate::ui::look::edge_of(palette.table.plate, palette)))
        .corner_radius(6)
        .inner_margin(6);
    let shown = frame.show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.horizontal(|ui| {
            let label = format!("Reopen {} — {}", row.game, file_name(&row.path));
            let tick = ui.checkbox(chosen, "");
            let ticked = *chosen;
            tick.widget_info(|| egui::WidgetInfo::selected(egui::Role::CheckBox, true, ticked, &label));
            changed |= tick.changed();
            // Every picture in the same frame, so the cards line up.
            let (art, _) = ui.allocate_exact_size(egui::vec2(88.0, 62.0), egui::Sense::hover());
            ui.painter().rect_filled(art, 4.0, palette.table.cloth);
            super::home::board_picture(ui.painter(), palette, art.shrink(3.0), row);
            ui.vertical(|ui| {
                ui.spacing_mut().item_spacing.y = 1.0;
                // Its own name, as in Saved Games (every game of one kind
                // was titled alike: "Tail Feathers", "Tail Feathers").
                ui.add(egui::Label::new(crate::ui::look::title(ui, row.title(), 16.0)).truncate());
                ui.add(egui::Label::new(RichText::new(&row.now).size(12.5)).truncate());
                ui.add(egui::Label::new(RichText::new(&row.seats).size(12.0)).truncate());
                let when = format!(
                    "{} · last played {}",
                    crate::rules::words::count(row.moves, "move"),
                    super::saved_games::local_time(row.saved_at)
                );
                ui.add(egui::Label::new(RichText::new(when).size(11.5).color(faint)).truncate())
                    .on_hover_text(row.path.display().to_string());
            });
        });
    });
    let whole = ui.interact(shown.response.rect, ui.scope_id().with(("resume-row", &row.path)), egui::Sense::click());
    if whole.clicked() {
        *chosen = !*chosen;
        changed = true;
    }
    changed
}
