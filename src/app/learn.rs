//! Learning the games (the "Learn" button on each box on Home is
//! `home.rs`'s): each game's lesson
//! map (every lesson open at any time, finished ones ticked with the moves
//! used against par, the next one suggested), opening a lesson in the
//! game's own tab, and the learner's progress kept in `lessons.json` beside
//! the settings (a broken file is kept aside, as with the statistics).

use std::collections::BTreeMap;

use egui::{RichText, Ui};

use super::{AviaryApp, Screen};
use crate::games;
use crate::ui::Notice;

/// The lessons done, by lesson id: the fewest moves it took.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct LessonProgress {
    /// Lesson id → fewest moves used.
    pub done: BTreeMap<String, u16>,
}

/// The width of a lesson card's contents on the lesson map.
const CARD_WIDTH: f32 = 194.0;

impl LessonProgress {
    /// Records a lesson done in `moves`, keeping the best; true when it
    /// changed.
    pub fn record(&mut self, id: &str, moves: u16) -> bool {
        match self.done.get(id) {
            Some(&best) if best <= moves => false,
            _ => {
                self.done.insert(id.to_string(), moves);
                true
            }
        }
    }
}

impl AviaryApp {
    /// A game's lesson map.
    pub(super) fn lessons_ui(&mut self, ui: &mut Ui, id: &'static str, notices: &mut Vec<Notice>) {
        let Some(entry) = games::entry(id) else { return };
        let Some(learn) = &entry.learn else {
            ui.label("This game's lessons are still to be written.");
            return;
        };
        let list = (learn.list)();
        let palette = crate::ui::theme::palette(self.settings.dark);
        crate::ui::look::paint_cloth(ui, ui.clip_rect(), &palette);
        ui.visuals_mut().override_text_color = Some(palette.table.ink);
        ui.horizontal(|ui| {
            let (art, _) = ui.allocate_exact_size(egui::vec2(84.0, 58.0), egui::Sense::hover());
            (entry.cover)(ui.painter(), &palette, art);
            ui.painter().rect_stroke(art, 2.0, egui::Stroke::new(1.0, palette.table.rim), egui::StrokeKind::Outside);
            ui.label(crate::ui::look::title(ui, format!("Learn {}", entry.name), 28.0));
        });
        ui.label(format!(
            "{} short lessons, about {} minutes in all. Each is a position on the real board with a goal; every lesson \
             is open, in any order, and undo is free.",
            list.len(),
            learn.minutes()
        ));
        let next = list.iter().position(|l| !self.lesson_progress.done.contains_key(l.id));
        let mut open = None;
        ui.add_space(8.0);
        // The course as a row of lesson cards, in order, like stepping
        // stones: a numbered badge, the title, the time and the rules
        // section, done (moves against par) or suggested next.
        // Rows of as many cards as fit (a wrapping layout cannot wrap a
        // frame of fixed width: it would run off the window's edge).
        let per_row = (((ui.available_width() + 12.0) / (CARD_WIDTH + 36.0)).floor() as usize).max(1);
        ui.spacing_mut().item_spacing = egui::vec2(12.0, 12.0);
        let sketches = lesson_sketches(ui.ctx(), id, learn, list.len());
        egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
            for (row, chunk) in list.chunks(per_row).enumerate() {
                ui.horizontal(|ui| {
                    for (k, l) in chunk.iter().enumerate() {
                        let n = row * per_row + k;
                        let done = self.lesson_progress.done.get(l.id).copied();
                        let suggested = Some(n) == next;
                        // Done lessons wear a gold badge, the suggested one a
                        // gold ring; the rest a plain one.
                        let accent =
                            if done.is_some() || suggested { palette.selection } else { palette.table.wood[0] };
                        let ring = suggested.then(|| egui::Stroke::new(2.5, palette.selection));
                        crate::ui::look::plate_frame(&palette, ring).show(ui, |ui| {
                            ui.visuals_mut().override_text_color = Some(palette.table.on_plate);
                            ui.vertical(|ui| {
                                // Every card the same size, its words wrapped inside it.
                                ui.set_width(CARD_WIDTH);
                                ui.set_min_height(236.0);
                                ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Wrap);
                                if let Some(Some(sketch)) = sketches.get(n) {
                                    let (r, _) =
                                        ui.allocate_exact_size(egui::vec2(CARD_WIDTH, 92.0), egui::Sense::hover());
                                    sketch.paint(ui.painter(), &palette, r);
                                }
                                ui.horizontal(|ui| {
                                    let (r, _) = ui.allocate_exact_size(egui::vec2(28.0, 28.0), egui::Sense::hover());
                                    let number = (n + 1).to_string();
                                    crate::ui::look::token(ui.painter(), &palette, r.center(), 12.0, accent, &number);
                                    ui.label(crate::ui::look::title(ui, l.title, 16.0));
                                });
                                ui.label(format!("About {} min · teaches: {}", l.minutes, l.section));
                                match done {
                                    Some(moves) => ui.label(format!("Done: {moves} moves (par {})", l.par)),
                                    None if suggested => ui.label(
                                        RichText::new(format!(
                                            "Next to try · par {} (the fewest moves it takes)",
                                            l.par
                                        ))
                                        .italics(),
                                    ),
                                    None => ui.label(format!("Par {}: the fewest moves it takes", l.par)),
                                };
                                let label = if suggested {
                                    "Start (suggested)"
                                } else if done.is_some() {
                                    "Play again"
                                } else {
                                    "Start"
                                };
                                if ui.button(label).on_hover_text(format!("Lesson {}: {}", n + 1, l.title)).clicked() {
                                    open = Some(n);
                                }
                            })
                        });
                    }
                });
            }
        });
        if let Some(n) = open {
            self.open_lesson(id, n, notices);
        }
    }

    /// Opens lesson `n` of game `id` in a tab of its own (replacing that
    /// game's open lesson tab, if any).
    pub fn open_lesson(&mut self, id: &'static str, n: usize, notices: &mut Vec<Notice>) -> bool {
        let Some(learn) = games::entry(id).and_then(|e| e.learn.as_ref()) else { return false };
        let Some(tab) = (learn.open)(n, &self.saves_dir) else {
            notices.push(Notice::Error("This lesson could not be set up (please report it)".into()));
            return false;
        };
        // One lesson tab per game: the new lesson takes its place.
        let ids: Vec<&str> = (learn.list)().iter().map(|l| l.id).collect();
        if let Some(i) = self.tabs.iter().position(|t| t.lesson_id().is_some_and(|l| ids.contains(&l))) {
            self.tabs[i] = tab;
            self.screen = Screen::Game(i);
        } else {
            self.tabs.push(tab);
            self.screen = Screen::Game(self.tabs.len() - 1);
        }
        true
    }

    /// A lesson was done: kept in the progress file.
    pub(super) fn lesson_done(&mut self, id: &str, moves: u16) {
        if self.lesson_progress.record(id, moves)
            && let Some(n) = self.lessons_file.store(&self.lesson_progress, "lesson progress")
        {
            self.pending_notices.push(n);
        }
    }
}

/// The pictures of a course's starting positions, made once per game and
/// kept in the context (setting up every lesson each frame would be waste).
fn lesson_sketches(
    ctx: &egui::Context,
    id: &'static str,
    learn: &games::Learn,
    count: usize,
) -> std::sync::Arc<Vec<Option<crate::ui::sketch::Sketch>>> {
    let key = egui::Id::unique(("lesson-sketches", id));
    if let Some(made) = ctx.data(|d| d.get_temp::<std::sync::Arc<Vec<Option<crate::ui::sketch::Sketch>>>>(key)) {
        return made;
    }
    let made = std::sync::Arc::new((0..count).map(learn.sketch).collect::<Vec<_>>());
    ctx.data_mut(|d| d.insert_temp(key, made.clone()));
    made
}
