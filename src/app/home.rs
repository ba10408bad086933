//! Home: Aviary as a shelf of game boxes. Each box has its cover, its
//! title in the display face, players and time, your record and the ways
//! in (New game, Learn with the lessons done, Rules); above the shelf, the
//! unfinished games to continue and the way to join a friend online.

use egui::epaint::RectShape;
use egui::{Align2, Rect, RichText, Sense, Stroke, StrokeKind, Ui, UiBuilder, Vec2, WidgetInfo};

use super::{AviaryApp, Screen, online};
use crate::games::{self, GAMES, GameEntry};
use crate::ui::look;
use crate::ui::theme::{self, Palette, mix};

/// The narrowest a box on the shelf may be.
const BOX_MIN: f32 = 136.0;
/// The widest.
const BOX_MAX: f32 = 226.0;
/// Space between boxes.
const GAP: f32 = 18.0;
/// Height of a box below its cover (title, facts, record, buttons).
const PLATE: f32 = 132.0;
/// How many unfinished games Continue shows.
const CONTINUE: usize = 6;
/// The narrowest a Continue card may be.
const CARD_MIN: f32 = 250.0;
/// The widest.
const CARD_MAX: f32 = 340.0;
/// Space between Continue cards.
const CARD_GAP: f32 = 12.0;
/// A box narrower than this invites to its lessons in one short line.
const ONE_LINE_INVITATION: f32 = 170.0;
/// A box narrower than this sets Learn and Rules in a smaller face.
const SMALL_LEARN_AND_RULES: f32 = 150.0;
/// Size of the line that says what a game is, under its facts.
const PITCH_SIZE: f32 = 12.0;

impl AviaryApp {
    pub(super) fn home_ui(&mut self, ui: &mut Ui) {
        let palette = theme::palette(self.settings.dark);
        let full = ui.clip_rect();
        look::paint_cloth(ui, full, &palette);
        if self.listing.is_none() && self.listing_job.is_none() {
            self.refresh_listing();
        }
        egui::ScrollArea::vertical().id_salt("home").auto_shrink([false, false]).show(ui, |ui| {
            ui.add_space(6.0);
            ui.horizontal(|ui| {
                ui.label(look::title(ui, "Aviary", 34.0).color(palette.table.ink));
                ui.add_space(10.0);
                ui.label(
                    RichText::new("Five feather-themed tabletop games, every rule kept for you.")
                        .size(15.0)
                        .color(palette.table.faint),
                );
            });
            ui.add_space(4.0);
            self.continue_ui(ui, &palette);
            ui.add_space(10.0);
            self.shelf_ui(ui, &palette);
        });
    }

    /// The unfinished games, newest first, as small cards with their box
    /// art and whose turn it is; and the way to join a friend's game.
    fn continue_ui(&mut self, ui: &mut Ui, palette: &Palette) {
        // While the folder is read again, the last list read stands in.
        let shown = self.listing.as_deref().or(self.previous_listing.as_deref());
        let known = shown.is_some();
        let all: Vec<&games::Listing> =
            shown.unwrap_or_default().iter().filter(|l| !l.finished && l.problem.is_none() && l.moves > 0).collect();
        let room = continue_shown(ui.available_size());
        let unfinished: Vec<games::Listing> = pick_to_continue(&all, room).into_iter().cloned().collect();
        let card_w = continue_width(ui.available_width(), unfinished.len());
        let total = shown.map_or(0, <[games::Listing]>::len);
        // A new player has nothing to continue: the heading says what to
        // do instead of showing an empty "Continue".
        let fresh = known && all.is_empty();
        let saved = shown.is_some_and(|rows| !rows.is_empty());
        ui.horizontal(|ui| {
            let heading = if fresh { "Choose a game" } else { "Continue" };
            ui.label(look::title(ui, heading, 20.0).color(palette.table.ink));
            ui.add_space(8.0);
            if ui
                .button("Join a game online")
                .on_hover_text("Paste the invite code a friend sent you (to host, choose \"Friend online\" for a seat)")
                .clicked()
            {
                self.join = Some(online::JoinDialog::default());
            }
            // Counted as the Saved Games page counts them (every file, the
            // finished too; "+17" beside six cards read as a different sum).
            let all_label = format!("All saved games ({total})");
            if saved && ui.button(all_label).on_hover_text("Every saved game, with Replay, Rename and Delete").clicked()
            {
                self.show_saved_games();
            }
        });
        if unfinished.is_empty() {
            let words = if fresh {
                "Press New game on a box, or Learn for short lessons on a real board. \
                 Every game is saved after each move."
            } else {
                "Looking for your unfinished games…"
            };
            ui.label(RichText::new(words).color(palette.table.faint));
            return;
        }
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
        let mut open = None;
        ui.horizontal_wrapped(|ui| {
            ui.spacing_mut().item_spacing = Vec2::new(CARD_GAP, 10.0);
            for row in &unfinished {
                if continue_card(ui, palette, row, now, card_w).clicked() {
                    open = Some(row.path.clone());
                }
            }
        });
        if let Some(path) = open {
            let mut notices = Vec::new();
            self.open_file(&path, &mut notices);
            self.pending_notices.append(&mut notices);
        }
    }

    /// The games as boxes standing on wooden shelves.
    fn shelf_ui(&mut self, ui: &mut Ui, palette: &Palette) {
        let width = ui.available_width() - 8.0;
        let per_row = (((width + GAP) / (BOX_MIN + GAP)).floor() as usize).clamp(1, GAMES.len());
        let box_w = ((width - GAP * (per_row as f32 - 1.0)) / per_row as f32).min(BOX_MAX);
        // (Learn and Rules stand side by side in every box: a narrow box
        // no longer keeps a line for them to wrap onto, review 13 saw it
        // bare under the buttons while the blurbs were cut.)
        let plate = PLATE;
        // What each game is, always shown under its facts (a new player
        // should not have to hover to learn it): the lines of the longest,
        // as many as the window has room for beside the smallest covers
        // (at 800x600 the whole of it pushed the shelf under a scroll bar);
        // the rest on hover.
        let font = egui::FontId::proportional(PITCH_SIZE);
        let line = ui.fonts_mut(|f| f.row_height(&font));
        let needed = GAMES
            .iter()
            .map(|e| ui.painter().layout(e.pitch.to_string(), font.clone(), palette.table.ink, box_w - 16.0).rows.len())
            .max()
            .unwrap_or(0);
        let spare = ui.available_height() - (box_w * 0.68).round() - plate - 40.0 - 12.0;
        let pitch_rows = needed.min((spare / line).floor().max(0.0) as usize);
        let pitch_h = (pitch_rows as f32 * line).ceil();
        let plate = plate + pitch_h + 4.0;
        // One shelf in a tall window: taller boxes, so the shelf fills the
        // room under Continue instead of leaving bare cloth.
        let cover_h = if per_row == GAMES.len() {
            (ui.available_height() - plate - 40.0).clamp(box_w * 0.68, box_w * 1.3).round()
        } else {
            (box_w * 0.68).round()
        };
        let box_size = Vec2::new(box_w, cover_h + plate);
        // One title size for every box: the largest at which the longest
        // title fits (never cut).
        let widest = GAMES
            .iter()
            .map(|e| {
                let font = look::display(ui.ctx(), 21.0);
                ui.painter().layout_no_wrap(e.name.to_string(), font, palette.table.ink).size().x
            })
            .fold(1.0, f32::max);
        let title_size = (21.0 * (box_w - 16.0) / widest).clamp(13.0, 21.0).floor();
        for row in GAMES.chunks(per_row) {
            let used = box_w * row.len() as f32 + GAP * (row.len() as f32 - 1.0);
            let (area, _) = ui.allocate_exact_size(Vec2::new(width, box_size.y + 26.0), Sense::hover());
            // The shelf board under the boxes.
            let board = Rect::from_min_max(
                area.left_bottom() - Vec2::new(0.0, 18.0),
                area.right_bottom() - Vec2::new(0.0, 4.0),
            );
            ui.painter().add(
                RectShape::filled(board.translate(Vec2::new(0.0, 5.0)), 3.0, palette.table.shadow)
                    .with_blur_width(10.0),
            );
            look::paint_wood(ui, board, palette, 3.0);
            ui.painter()
                .line_segment([board.left_bottom(), board.right_bottom()], Stroke::new(3.0, palette.table.wood[2]));
            let x0 = area.left() + (width - used) / 2.0;
            for (k, entry) in row.iter().enumerate() {
                let min = egui::pos2(x0 + k as f32 * (box_w + GAP), board.top() - box_size.y + 2.0);
                self.game_box(
                    ui,
                    palette,
                    entry,
                    Rect::from_min_size(min, box_size),
                    (cover_h, title_size, pitch_rows),
                );
            }
            ui.add_space(12.0);
        }
    }

    /// One game's box: cover, title plate, facts, record and buttons.
    fn game_box(
        &mut self,
        ui: &mut Ui,
        palette: &Palette,
        entry: &'static GameEntry,
        rect: Rect,
        (cover_h, title_size, pitch_rows): (f32, f32, usize),
    ) {
        let painter = ui.painter();
        // The box's depth: its side and a soft shadow on the wall.
        painter.add(
            RectShape::filled(rect.translate(Vec2::new(4.0, 2.0)), 4.0, palette.table.lifted).with_blur_width(12.0),
        );
        let side = mix(palette.table.plate, palette.table.rim, 0.45);
        painter.rect_filled(rect.translate(Vec2::new(5.0, -3.0)), 4.0, side);
        painter.rect(
            rect,
            4.0,
            palette.table.plate,
            Stroke::new(1.0, look::edge_of(palette.table.plate, palette)),
            StrokeKind::Inside,
        );
        let cover = Rect::from_min_size(rect.min, Vec2::new(rect.width(), cover_h)).shrink(5.0);
        (entry.cover)(painter, palette, cover);
        painter.rect_stroke(cover, 2.0, Stroke::new(1.0, palette.table.rim), StrokeKind::Outside);
        let cover_resp = ui.interact(cover, ui.scope_id().with(("box-cover", entry.id)), Sense::click());
        let playable = entry.play.is_some();
        cover_resp
            .widget_info(|| WidgetInfo::labeled(egui::Role::Button, playable, format!("{} box: new game", entry.name)));
        if cover_resp.hovered() && playable {
            painter.rect_stroke(cover, 2.0, Stroke::new(2.5, palette.selection), StrokeKind::Outside);
        }
        if cover_resp.clicked() && playable {
            self.open_new_game(entry.id);
        }
        let plate =
            Rect::from_min_max(egui::pos2(rect.left() + 8.0, cover.bottom() + 4.0), rect.max - Vec2::new(8.0, 6.0));
        let ink = palette.table.on_plate;
        ui.scope_builder(UiBuilder::new().max_rect(plate).layout(egui::Layout::top_down(egui::Align::Min)), |ui| {
            ui.spacing_mut().item_spacing.y = 3.0;
            ui.add(egui::Label::new(look::title(ui, entry.name, title_size).color(ink)).truncate());
            // A narrow box drops "(solitaire)", so the facts keep to one
            // line and the buttons line up from box to box.
            let players = if plate.width() < 190.0 {
                entry.players.split(" (").next().unwrap_or(entry.players)
            } else {
                entry.players
            };
            ui.add(
                egui::Label::new(RichText::new(format!("{players} · {}", entry.length)).size(12.5).color(ink))
                    .truncate(),
            );
            if pitch_rows > 0 {
                let font = egui::FontId::proportional(PITCH_SIZE);
                let pitch_h = pitch_rows as f32 * ui.fonts_mut(|f| f.row_height(&font));
                let mut job = egui::text::LayoutJob::simple(entry.pitch.to_string(), font, ink, plate.width());
                job.wrap.max_rows = pitch_rows;
                // (Whole on hover, where the lines run out.)
                let said = ui.add(egui::Label::new(job)).on_hover_text(entry.pitch);
                ui.add_space((pitch_h.ceil() - said.rect.height()).max(0.0));
            }
            let record = self.stats.get(entry.id);
            let never = record.clean_played + record.assisted_played == 0;
            let line = match (&entry.learn, never, playable) {
                (_, _, false) => "coming soon".to_string(),
                // (A narrow box says it in one line.)
                (Some(learn), true, true) if plate.width() < ONE_LINE_INVITATION => {
                    format!("Learn it in {} min", learn.minutes())
                }
                (Some(learn), true, true) => format!("New to it? Learn in {} min", learn.minutes()),
                (_, _, true) => format!("Your games: {}", record.summary()),
            };
            let faint = mix(ink, palette.table.plate, 0.25);
            // Two lines kept for it in every box (at most two shown, the
            // whole in the hover), so the buttons line up along the shelf.
            let font = egui::FontId::proportional(11.5);
            let two_lines = 2.0 * ui.fonts_mut(|f| f.row_height(&font));
            let mut job = egui::text::LayoutJob::single_section(
                line.clone(),
                egui::TextFormat { font_id: font, color: faint, italics: true, ..Default::default() },
            );
            job.wrap = egui::text::TextWrapping { max_width: plate.width(), max_rows: 2, ..Default::default() };
            let said = ui.label(job).on_hover_text(line);
            ui.add_space((two_lines - said.rect.height()).max(0.0) + 2.0);
            // The way in, filled in the go-ahead colour: the one button a
            // new player looks for on a box.
            let words = RichText::new("New game").font(look::display(ui.ctx(), 15.0)).color(palette.text_on_available);
            let new = ui.add_enabled(
                playable,
                egui::Button::new(words).fill(palette.available).min_size(Vec2::new(plate.width(), 28.0)),
            );
            // Read aloud with the game's name (five boxes each say "New game").
            new.widget_info(|| WidgetInfo::labeled(egui::Role::Button, playable, format!("New {} game", entry.name)));
            if new.on_hover_text(format!("Start a game of {}", entry.name)).clicked() {
                self.open_new_game(entry.id);
            }
            self.learn_and_rules(ui, entry, plate.width());
        });
    }

    /// A box's ways to learn its game: its lessons (how many done) and its
    /// rules, side by side under "New game" in a box `width` wide.
    fn learn_and_rules(&mut self, ui: &mut Ui, entry: &GameEntry, width: f32) {
        ui.horizontal_wrapped(|ui| {
            if width < SMALL_LEARN_AND_RULES {
                // A narrow box (a small window): the two in a smaller
                // face, side by side (they stacked, and the shelf's
                // boxes grew ragged).
                ui.style_mut().text_styles.insert(egui::TextStyle::Button, egui::FontId::proportional(12.5));
                ui.spacing_mut().button_padding = Vec2::new(5.0, 1.0);
                ui.spacing_mut().item_spacing.x = 4.0;
            }
            if let Some(learn) = &entry.learn {
                let list = (learn.list)();
                let done = list.iter().filter(|l| self.lesson_progress.done.contains_key(l.id)).count();
                let label = format!("Learn {done}/{}", list.len());
                let hover = format!("{} short lessons, about {} minutes; {done} done", list.len(), learn.minutes());
                let button = ui.button(label);
                button.widget_info(|| WidgetInfo::labeled(egui::Role::Button, true, format!("Learn {}", entry.name)));
                if button.on_hover_text(hover).clicked() {
                    self.open_page(Screen::Lessons(entry.id));
                }
            }
            let rules = entry.rules().is_some();
            let button = ui.add_enabled(rules, egui::Button::new("Rules"));
            button.widget_info(|| WidgetInfo::labeled(egui::Role::Button, rules, format!("{} rules", entry.name)));
            if button.on_hover_text(format!("How to play {}", entry.name)).clicked() {
                self.open_page(Screen::Rules(entry.id));
            }
        });
    }
}

/// How many unfinished games Continue shows in a window of `size`: two
/// rows of cards, one in a low window (the shelf must show too).
fn continue_shown(size: Vec2) -> usize {
    let rows = if size.y < 640.0 { 1 } else { 2 };
    (cards_per_row(size.x) * rows).min(CONTINUE)
}

/// How many Continue cards of the narrowest width stand in a row `width` wide.
fn cards_per_row(width: f32) -> usize {
    (((width + CARD_GAP) / (CARD_MIN + CARD_GAP)).floor() as usize).max(1)
}

/// How wide each of `n` Continue cards is in a row `width` wide: the rows
/// as even as they can be (six cards stand three and three, not four and
/// two with a hole at the end).
fn continue_width(width: f32, n: usize) -> f32 {
    let rows = n.div_ceil(cards_per_row(width)).max(1);
    let per_row = n.div_ceil(rows).max(1) as f32;
    (((width - CARD_GAP * (per_row - 1.0)) / per_row).floor() - 1.0).clamp(CARD_MIN.min(width), CARD_MAX)
}

/// The unfinished games Continue shows, at most `room`, newest first: the
/// newest of each game before a second of any, so that five games of Tail
/// Feathers do not hide the only game of Daedalus. `all` is newest first.
fn pick_to_continue<'a>(all: &[&'a games::Listing], room: usize) -> Vec<&'a games::Listing> {
    let mut firsts: Vec<&games::Listing> = Vec::new();
    let mut seconds = Vec::new();
    for &row in all {
        if firsts.iter().any(|f| f.game == row.game) {
            seconds.push(row);
        } else {
            firsts.push(row);
        }
    }
    let mut picked: Vec<&games::Listing> = firsts.into_iter().chain(seconds).take(room).collect();
    picked.sort_by_key(|l| std::cmp::Reverse(l.saved_at));
    picked
}

/// A card for one unfinished game: its box art, name, whose turn, moves
/// and when it was last played. Click to continue it.
/// A Continue card's title and its size that fit `width` on one line: the
/// title at 16 points, or smaller down to 13; a title Aviary made drops
/// its players ("Tail Feathers, 2 …" was cut, and two games of one kind
/// read alike) — the seats are on the card's next lines. A person's own
/// name is cut only when even 13 points do not hold it.
fn fitted_title(painter: &egui::Painter, row: &games::Listing, width: f32) -> (String, f32) {
    let fits = |text: &str, size: f32| {
        let galley =
            painter.layout_no_wrap(text.to_string(), look::display(painter.ctx(), size), egui::Color32::PLACEHOLDER);
        galley.size().x <= width
    };
    let mut titles = vec![row.title()];
    if row.is_auto_named() {
        titles.push(row.game.clone());
    }
    for size in [16.0, 15.0, 14.0, 13.0] {
        if let Some(t) = titles.iter().find(|t| fits(t, size)) {
            return (t.clone(), size);
        }
    }
    (titles.pop().unwrap_or_default(), 13.0)
}

fn continue_card(ui: &mut Ui, palette: &Palette, row: &games::Listing, now: u64, width: f32) -> egui::Response {
    let size = Vec2::new(width, 108.0);
    let (rect, resp) = ui.allocate_exact_size(size, Sense::click());
    let name = super::file_stem(&row.path);
    resp.widget_info(|| WidgetInfo::labeled(egui::Role::Button, true, format!("Continue {} ({name})", row.game)));
    if !ui.is_rect_visible(rect) {
        return resp;
    }
    let lift = if resp.hovered() { look::Lift::Raised } else { look::Lift::Flat };
    let painter = ui.painter();
    look::card_body(painter, palette, rect, palette.table.plate, lift);
    let art = Rect::from_min_size(rect.min + Vec2::splat(6.0), Vec2::new(96.0, size.y - 12.0));
    board_picture(painter, palette, art, row);
    let ink = palette.table.on_plate;
    let x = art.right() + 8.0;
    let text_w = rect.right() - x - 6.0;
    let line = |y: f32, text: String, font: egui::FontId, colour, rows: usize| {
        let mut job = egui::text::LayoutJob::simple(text, font, colour, text_w);
        job.wrap.max_rows = rows;
        let galley = painter.layout_job(job);
        let clipped =
            painter.with_clip_rect(Rect::from_min_max(egui::pos2(x, rect.top()), rect.max - Vec2::new(4.0, 0.0)));
        clipped.galley(egui::pos2(x, rect.top() + y), galley, colour);
    };
    let (title, title_size) = fitted_title(painter, row, text_w);
    line(4.0, title, look::display(ui.ctx(), title_size), ink, 1);
    // Where the game stands gets three lines (the long part of a card);
    // the seats one, whole on hover.
    line(24.0, row.now.clone(), egui::FontId::proportional(12.0), ink, 3);
    let faint_seats = mix(ink, palette.table.plate, 0.2);
    // A name a person chose does not say the game: the seats' line does.
    let seats = if row.is_auto_named() { row.seats.clone() } else { format!("{} · {}", row.game, row.seats) };
    line(size.y - 36.0, seats, egui::FontId::proportional(11.5), faint_seats, 1);
    let faint = mix(ink, palette.table.plate, 0.35);
    line(
        size.y - 19.0,
        format!("{} · {}", moves_words(row.moves), ago(row.saved_at, now)),
        egui::FontId::proportional(11.5),
        faint,
        1,
    );
    if resp.hovered() {
        painter.text(
            rect.right_bottom() - Vec2::new(8.0, 6.0),
            Align2::RIGHT_BOTTOM,
            "Continue ›",
            egui::FontId::proportional(12.0),
            palette.selection,
        );
    }
    resp.on_hover_text(format!("{name}: {}", row.seats))
}

/// A saved game's picture: its table as everyone sees it, or the box's
/// cover when the file does not load.
pub(super) fn board_picture(painter: &egui::Painter, palette: &Palette, art: Rect, row: &games::Listing) {
    if row.sketch.marks.is_empty() {
        if let Some(entry) = GAMES.iter().find(|e| e.name == row.game) {
            (entry.cover)(painter, palette, art);
        }
        painter.rect_stroke(art, 2.0, Stroke::new(1.0, palette.table.rim), StrokeKind::Outside);
    } else {
        row.sketch.paint(painter, palette, art);
    }
}

fn moves_words(n: usize) -> String {
    crate::rules::words::count(n, "move")
}

/// How long ago `then` was, as people say it: "just now", "5 minutes
/// ago", "yesterday", "3 days ago".
#[must_use]
pub fn ago(then: u64, now: u64) -> String {
    let s = now.saturating_sub(then);
    match s {
        0..60 => "just now".to_string(),
        60..3_600 => crate::rules::words::count((s / 60) as usize, "minute") + " ago",
        3_600..86_400 => crate::rules::words::count((s / 3_600) as usize, "hour") + " ago",
        86_400..172_800 => "yesterday".to_string(),
        _ => crate::rules::words::count((s / 86_400) as usize, "day") + " ago",
    }
}

#[cfg(test)]
mod tests {
    use super::{CARD_GAP, ago, continue_width, pick_to_continue};
    use crate::games::Listing;

    fn unfinished(game: &str, saved_at: u64) -> Listing {
        Listing {
            path: format!("{game}-{saved_at}.json").into(),
            game: game.into(),
            seats: String::new(),
            saved_at,
            moves: 3,
            finished: false,
            now: String::new(),
            problem: None,
            sketch: crate::ui::sketch::Sketch::default(),
            players: 2,
        }
    }

    #[test]
    fn six_continue_cards_stand_in_two_even_rows() {
        let width = 1164.0;
        let per_row = |n: usize| ((width + CARD_GAP) / (continue_width(width, n) + CARD_GAP)).floor() as usize;
        assert_eq!(per_row(6), 3, "three and three");
        assert_eq!(per_row(4), 4, "four in one row");
        assert_eq!(per_row(5), 3, "three and two, not four and one");
    }

    #[test]
    fn continue_shows_each_game_before_a_second_of_any_newest_first() {
        let rows: Vec<Listing> =
            [("Tail Feathers", 90), ("Tail Feathers", 80), ("Tail Feathers", 70), ("Daedalus", 10)]
                .into_iter()
                .map(|(g, t)| unfinished(g, t))
                .collect();
        let all: Vec<&Listing> = rows.iter().collect();
        let shown: Vec<(&str, u64)> = pick_to_continue(&all, 2).iter().map(|l| (l.game.as_str(), l.saved_at)).collect();
        assert_eq!(shown, [("Tail Feathers", 90), ("Daedalus", 10)], "the only Daedalus game is not hidden");
        let shown: Vec<u64> = pick_to_continue(&all, 3).iter().map(|l| l.saved_at).collect();
        assert_eq!(shown, [90, 80, 10], "the room left goes to the newest others, and the cards stay newest first");
    }

    #[test]
    fn last_played_reads_as_people_say_it() {
        let now = 1_000_000;
        assert_eq!(ago(now - 5, now), "just now");
        assert_eq!(ago(now - 60, now), "1 minute ago");
        assert_eq!(ago(now - 7_200, now), "2 hours ago");
        assert_eq!(ago(now - 100_000, now), "yesterday");
        assert_eq!(ago(now - 3 * 86_400, now), "3 days ago");
        assert_eq!(ago(now + 50, now), "just now", "a clock set back never gives a negative time");
    }
}
