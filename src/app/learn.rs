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

/// The narrowest a lesson card may be, its margins included.
const CARD_MIN: f32 = 196.0;
/// The widest.
const CARD_MAX: f32 = 330.0;
/// A card's frame: margins and stroke on both sides.
const CARD_FRAME: f32 = 24.0;
/// A card's height below its picture: title, what it teaches, par or
/// the moves it took, the button and the room for its medallion.
const CARD_WORDS: f32 = 150.0;
/// The space between two cards.
const GAP: f32 = 24.0;
/// How much lower every other card lies, at the least (more where the
/// cloth has room, so a short course winds down the page).
const STAGGER: f32 = 30.0;
/// Under every row, the room for the trail's loops.
const TRAIL_ROOM: f32 = 84.0;
/// The radius of a lesson's numbered medallion on the trail.
const MEDALLION: f32 = 17.0;

/// How a course's cards are laid: per row, and each card's outer size.
/// The largest cards for which the whole course fits in `room`, so a
/// short course fills the cloth instead of one thin row; in a room too
/// small for all, as many per row as fit at the narrowest.
fn map_layout(room: egui::Vec2, count: usize) -> (usize, egui::Vec2) {
    let size = |per_row: usize| {
        let w = ((room.x - GAP * (per_row as f32 - 1.0)) / per_row as f32).floor().min(CARD_MAX);
        egui::vec2(w, card_height(w))
    };
    let most = (((room.x + GAP) / (CARD_MIN + GAP)).floor() as usize).clamp(1, count.max(1));
    (1..=most)
        .filter(|&n| {
            let rows = count.div_ceil(n) as f32;
            rows * (size(n).y + STAGGER + TRAIL_ROOM) <= room.y
        })
        .map(|n| (n, size(n)))
        .max_by(|a, b| a.1.x.total_cmp(&b.1.x).then(b.0.cmp(&a.0)))
        .unwrap_or((most, size(most)))
}

/// A card's outer height at outer width `w`: its picture, a little
/// under two thirds as tall as it is wide, and its words.
fn card_height(w: f32) -> f32 {
    picture_height(w - CARD_FRAME) + CARD_WORDS
}

fn picture_height(inner: f32) -> f32 {
    (inner * 0.62).round()
}

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
             is open, in any order, and undo is free. Par is the fewest moves a lesson can be done in.",
            list.len(),
            learn.minutes()
        ));
        let next = list.iter().position(|l| !self.lesson_progress.done.contains_key(l.id));
        let mut open = None;
        ui.add_space(8.0);
        // The course as a trail across the cloth: the lesson cards in
        // order, every other one a step lower, joined by stepping stones
        // between numbered medallions at the cards' feet (gold where the
        // lessons on both sides are done). Each card has its start
        // position, the title, the time and the rules section, done
        // (moves against par) or suggested next.
        let sketches = lesson_sketches(ui.ctx(), id, learn, list.len());
        // The room the cloth gives (inside the scroll area the height
        // has no end), less the scroll bar's width.
        // (Less the lanes beside the rows, where the trail runs down from
        // one row to the next.)
        let room = egui::vec2(ui.available_width() - 14.0 - GAP * 2.0, ui.clip_rect().bottom() - ui.cursor().top());
        let (per_row, card) = map_layout(room, list.len());
        // A scroll position of its own (Home's is not carried over).
        let mut scroll = egui::ScrollArea::vertical().id_salt(("lesson-map", id)).auto_shrink([false, false]);
        if std::mem::take(&mut self.map_at_top) {
            scroll = scroll.vertical_scroll_offset(0.0);
        }
        scroll.show(ui, |ui| {
            let rows = list.len().div_ceil(per_row);
            let spare = (room.y - rows as f32 * (card.y + TRAIL_ROOM)) / rows as f32;
            let stagger = spare.clamp(STAGGER, 240.0);
            let row_height = card.y + stagger + TRAIL_ROOM;
            let (area, _) = ui.allocate_exact_size(
                egui::vec2(room.x + GAP * 2.0, rows as f32 * row_height + 8.0),
                egui::Sense::hover(),
            );
            // Each card's place: left to right on every row (the rows
            // centred), every other card a step lower.
            let used = per_row as f32 * card.x + GAP * (per_row as f32 - 1.0);
            let left = area.left() + ((area.width() - used) / 2.0).max(0.0);
            let place = |n: usize| {
                let (row, k) = (n / per_row, n % per_row);
                let top = area.top() + row as f32 * row_height + if k % 2 == 1 { stagger } else { 0.0 };
                egui::Rect::from_min_size(egui::pos2(left + k as f32 * (card.x + GAP), top), card)
            };
            let done: Vec<bool> = list.iter().map(|l| self.lesson_progress.done.contains_key(l.id)).collect();
            for n in 1..list.len() {
                paint_trail(ui.painter(), &palette, place(n - 1), place(n), done[n - 1] && done[n]);
            }
            for (n, l) in list.iter().enumerate() {
                let stone = LessonStone {
                    number: n + 1,
                    lesson: l,
                    done: self.lesson_progress.done.get(l.id).copied(),
                    suggested: Some(n) == next,
                    sketch: sketches.get(n).and_then(Option::as_ref),
                };
                let rect = place(n);
                let builder = egui::UiBuilder::new().max_rect(rect).id_salt(("lesson", n));
                if ui.scope_builder(builder, |ui| lesson_card(ui, &palette, &stone, rect.width())).inner {
                    open = Some(n);
                }
                medallion(ui, &palette, &stone, rect);
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

/// A game's lessons with the pictures of their starts, for its rules page.
pub(super) fn rules_lessons(
    ctx: &egui::Context,
    id: &'static str,
) -> Vec<(crate::lessons::LessonInfo, Option<crate::ui::sketch::Sketch>)> {
    let Some(learn) = games::entry(id).and_then(|e| e.learn.as_ref()) else { return Vec::new() };
    let list = (learn.list)();
    let sketches = lesson_sketches(ctx, id, learn, list.len());
    list.into_iter().enumerate().map(|(n, l)| (l, sketches.get(n).cloned().flatten())).collect()
}

/// The pictures of a course's starting positions, made once per game and
/// kept in the context (setting up every lesson each frame would be waste).
pub(super) fn lesson_sketches(
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

/// One lesson on the map, as its card shows it.
struct LessonStone<'a> {
    number: usize,
    lesson: &'a crate::lessons::LessonInfo,
    /// The fewest moves it took, once done.
    done: Option<u16>,
    suggested: bool,
    sketch: Option<&'a crate::ui::sketch::Sketch>,
}

/// A lesson's card: a card of board (done lessons wear a gold badge, the
/// suggested one a gold ring), its start position, number and title, what
/// it teaches, par or the moves it took, and the button to play it; true
/// when that button was pressed.
fn lesson_card(ui: &mut Ui, palette: &crate::ui::theme::Palette, stone: &LessonStone<'_>, width: f32) -> bool {
    let l = stone.lesson;
    let ring = stone.suggested.then(|| egui::Stroke::new(2.5, palette.selection));
    let inner = width - CARD_FRAME;
    let mut pressed = false;
    crate::ui::look::plate_frame(palette, ring).show(ui, |ui| {
        ui.visuals_mut().override_text_color = Some(palette.table.on_plate);
        ui.vertical(|ui| {
            // Every card the same size, its words wrapped inside it.
            ui.set_width(inner);
            ui.set_min_height(card_height(width) - CARD_FRAME);
            ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Wrap);
            let (r, _) = ui.allocate_exact_size(egui::vec2(inner, picture_height(inner)), egui::Sense::hover());
            if let Some(sketch) = stone.sketch {
                sketch.paint(ui.painter(), palette, r);
            }
            ui.label(crate::ui::look::title(ui, l.title, 17.0));
            ui.label(format!("About {} min · {}", l.minutes, l.section));
            match stone.done {
                Some(moves) => {
                    ui.label(format!("Done in {} (par {})", crate::rules::words::count(moves.into(), "move"), l.par))
                }
                None if stone.suggested => ui.label(RichText::new(format!("Next to try · par {}", l.par)).italics()),
                None => ui.label(format!("Par {}", l.par)),
            };
            ui.horizontal(|ui| {
                let label = if stone.suggested {
                    "Start (suggested)"
                } else if stone.done.is_some() {
                    "Play again"
                } else {
                    "Start"
                };
                let hover = format!("Lesson {}: {}", stone.number, l.title);
                pressed = if stone.suggested {
                    crate::ui::look::main_button(ui, label).on_hover_text(hover).clicked()
                } else {
                    ui.button(label).on_hover_text(hover).clicked()
                };
            });
        });
    });
    pressed
}

/// A lesson's numbered medallion at its card's foot, where the trail
/// arrives and leaves: gold once done or when suggested, wood otherwise;
/// a tick beside the number once done.
fn medallion(ui: &Ui, palette: &crate::ui::theme::Palette, stone: &LessonStone<'_>, card: egui::Rect) {
    let accent = if stone.done.is_some() || stone.suggested { palette.selection } else { palette.table.wood[0] };
    let centre = card.center_bottom();
    let painter = ui.painter();
    painter.circle_filled(centre + egui::vec2(1.0, 3.0), MEDALLION + 3.0, palette.table.shadow);
    painter.circle(centre, MEDALLION + 3.0, palette.table.rim, egui::Stroke::new(1.0, palette.table.wood[2]));
    crate::ui::look::token(painter, palette, centre, MEDALLION, accent, &stone.number.to_string());
    if stone.done.is_some() {
        // A tick on a small seal at the medallion's shoulder.
        let seal = centre + egui::vec2(MEDALLION * 0.85, -MEDALLION * 0.75);
        painter.circle(seal, 8.0, palette.available, egui::Stroke::new(1.0, palette.table.rim));
        let ink = egui::Stroke::new(2.0, palette.text_on_available);
        painter.line_segment([seal + egui::vec2(-4.0, 0.0), seal + egui::vec2(-1.0, 3.0)], ink);
        painter.line_segment([seal + egui::vec2(-1.0, 3.0), seal + egui::vec2(4.0, -3.5)], ink);
    }
}

/// Stepping stones from one lesson card to the next: across the gap
/// between two cards of a row, or down and back from a row's last card to
/// the next row's first; gold where the lessons on both ends are done.
fn paint_trail(
    painter: &egui::Painter,
    palette: &crate::ui::theme::Palette,
    from: egui::Rect,
    to: egui::Rect,
    walked: bool,
) {
    // Along a row the trail loops under the cards, from one card's foot
    // to the next; from a row's end it runs down, back along the gap
    // between the rows, and down to the next row's first card.
    let bezier = |a: egui::Pos2, c1: egui::Pos2, c2: egui::Pos2, b: egui::Pos2| {
        (0..=24)
            .map(|k| {
                let t = k as f32 / 24.0;
                let u = 1.0 - t;
                (a.to_vec2() * (u * u * u)
                    + c1.to_vec2() * (3.0 * u * u * t)
                    + c2.to_vec2() * (3.0 * u * t * t)
                    + b.to_vec2() * (t * t * t))
                    .to_pos2()
            })
            .collect::<Vec<_>>()
    };
    let a = from.center_bottom();
    let b = to.center_bottom();
    let points = if to.left() > from.left() {
        let low = a.y.max(b.y) + 46.0;
        bezier(a, egui::pos2(a.x + 40.0, low), egui::pos2(b.x - 40.0, low), b)
    } else {
        // Down from the row's last medallion, back along the lane above
        // the next row and down into its first card's top: corners
        // rounded, never along the row's own loops (nor down the window's
        // edge beside the card, where it brushed its corners).
        let lane = to.top() - 16.0;
        let b = to.center_top();
        let corners = [a, egui::pos2(a.x, lane), egui::pos2(b.x, lane), b];
        let mut points = vec![a];
        for turn in corners.windows(3) {
            let (came, corner, goes) = (turn[0], turn[1], turn[2]);
            let round = 20.0_f32.min(came.distance(corner) / 2.0).min(corner.distance(goes) / 2.0);
            let enter = corner + (came - corner).normalized() * round;
            let leave = corner + (goes - corner).normalized() * round;
            points.push(enter);
            points.extend(bezier(enter, corner, corner, leave));
        }
        points.push(b);
        points
    };
    // Stones every 16 points along the line.
    let mut stones = Vec::new();
    let mut carried = 0.0;
    for pair in points.windows(2) {
        let (p, q) = (pair[0], pair[1]);
        let length = p.distance(q);
        let mut at = 16.0 - carried;
        while at <= length {
            stones.push((p + (q - p) * (at / length), (q - p).normalized()));
            at += 16.0;
        }
        carried = (carried + length) % 16.0;
    }
    let fill =
        // (Nearer the ink than the cloth: at 0.3 the dark felt's stones
        // were grey-green on green, review 12.)
        if walked { palette.selection } else { crate::ui::theme::mix(palette.table.cloth, palette.table.ink, 0.5) };
    for (k, (p, dir)) in stones.into_iter().enumerate() {
        // Stones a little to either side of the line, like steps.
        let side = egui::vec2(-dir.y, dir.x) * if k % 2 == 0 { 2.5 } else { -2.5 };
        crate::ui::art::oval(painter, p + side + egui::vec2(0.5, 1.5), dir, 5.0, 3.5, palette.table.shadow);
        crate::ui::art::oval(painter, p + side, dir, 5.0, 3.5, fill);
    }
}
