//! Reusable widgets for every game: a board painter with screen/board
//! coordinate mapping, tokens, playing cards (face up or down, selectable,
//! draggable) and drop zones that tint legal/illegal while a drag hovers them.

use egui::{
    Align2, Color32, FontId, Pos2, Rect, Response, RichText, Sense, Shape, Stroke, StrokeKind, Ui, Vec2, WidgetInfo,
};

use super::theme::{CARD_SIZE, Palette};
use crate::rules::RuleViolation;
use crate::rules::cards::{Card, Suit};
use crate::rules::grid::Square;

/// Maps board squares to screen rectangles and back. Rank 0 is drawn at the
/// bottom and file 0 at the left, unless `flipped`: the board then is seen
/// from the other side, turned round (rank 0 at the top, file 0 at the
/// right), as the player across the table sees it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoardGeometry {
    /// The rectangle covering all squares.
    pub rect: Rect,
    /// Columns.
    pub cols: u8,
    /// Rows.
    pub rows: u8,
    /// Seen from the other side: rank 0 at the top, file 0 at the right.
    pub flipped: bool,
}

impl BoardGeometry {
    /// A geometry of `cols` × `rows` squares of side `cell` with top-left `origin`.
    #[must_use]
    pub fn new(origin: Pos2, cell: f32, cols: u8, rows: u8) -> Self {
        Self {
            rect: Rect::from_min_size(origin, Vec2::new(cell * f32::from(cols), cell * f32::from(rows))),
            cols,
            rows,
            flipped: false,
        }
    }

    /// Side of one square.
    #[must_use]
    pub fn cell(&self) -> f32 {
        self.rect.width() / f32::from(self.cols)
    }

    /// The screen rectangle of `sq`.
    #[must_use]
    pub fn square_rect(&self, sq: Square) -> Rect {
        let c = self.cell();
        let row_from_top = if self.flipped { sq.y } else { self.rows - 1 - sq.y };
        let col_from_left = if self.flipped { self.cols - 1 - sq.x } else { sq.x };
        Rect::from_min_size(
            self.rect.min + Vec2::new(f32::from(col_from_left) * c, f32::from(row_from_top) * c),
            Vec2::splat(c),
        )
    }

    /// The square under a screen position.
    #[must_use]
    pub fn square_at(&self, pos: Pos2) -> Option<Square> {
        if !self.rect.contains(pos) {
            return None;
        }
        let c = self.cell();
        let col_from_left = ((pos.x - self.rect.min.x) / c).floor() as i32;
        let x = if self.flipped { i32::from(self.cols) - 1 - col_from_left } else { col_from_left };
        let row_from_top = ((pos.y - self.rect.min.y) / c).floor() as i32;
        let y = if self.flipped { row_from_top } else { i32::from(self.rows) - 1 - row_from_top };
        (x >= 0 && y >= 0 && x < i32::from(self.cols) && y < i32::from(self.rows))
            .then(|| Square::new(x as u8, y as u8))
    }

    /// A strip one square tall just beyond rank `rows - 1` (`top = true`) or rank 0.
    #[must_use]
    pub fn strip_beyond(&self, far_top: bool, height: f32) -> Rect {
        let top_side = far_top != self.flipped;
        if top_side {
            Rect::from_min_max(
                Pos2::new(self.rect.min.x, self.rect.min.y - height),
                Pos2::new(self.rect.max.x, self.rect.min.y),
            )
        } else {
            Rect::from_min_max(
                Pos2::new(self.rect.min.x, self.rect.max.y),
                Pos2::new(self.rect.max.x, self.rect.max.y + height),
            )
        }
    }
}

/// What a card widget shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CardFace {
    /// The card's face.
    Up(Card),
    /// Its back (hidden information).
    Down,
    /// An empty place where a pile was.
    Empty,
}

/// The room [`card_ui_sized`] keeps over a card for its lift when chosen.
pub const CARD_LIFT: f32 = 6.0;

/// A playing card: face up or down, selectable (raised and outlined), and
/// draggable. The accessible label is "card K♠" or "face-down card".
pub fn card_ui(ui: &mut Ui, palette: &Palette, face: CardFace, selected: bool) -> Response {
    card_ui_sized(ui, palette, face, selected, CARD_SIZE)
}

/// [`card_ui`] at `size` (a smaller row of cards in a low window).
pub fn card_ui_sized(ui: &mut Ui, palette: &Palette, face: CardFace, selected: bool, size: Vec2) -> Response {
    // Room above for the card raised when chosen, so it never covers the
    // words over its row.
    let lift = CARD_LIFT;
    let (space, _) = ui.allocate_exact_size(size + Vec2::new(0.0, lift), Sense::hover());
    let rect = Rect::from_min_size(space.min + Vec2::new(0.0, lift), size);
    let response =
        ui.interact(rect, ui.auto_id_with(("card", space.min.x as i32, space.min.y as i32)), Sense::click_and_drag());
    let label = match face {
        CardFace::Up(card) => format!("card {card}"),
        CardFace::Down => "face-down card".to_string(),
        CardFace::Empty => "empty pile".to_string(),
    };
    response.widget_info(|| WidgetInfo::selected(egui::Role::Button, true, selected, label.clone()));
    if ui.is_rect_visible(rect) {
        let rect = if selected { rect.translate(Vec2::new(0.0, -lift)) } else { rect };
        let painter = ui.painter();
        // (An empty place casts no shadow: in the dark theme its shadow
        // was a dark slab that hid the outline.)
        if face != CardFace::Empty {
            painter.rect_filled(rect.translate(Vec2::new(2.0, 2.0)), 6.0, palette.shadow);
        }
        paint_playing_card(painter, palette, rect, face);
        if selected {
            painter.rect_stroke(rect.expand(2.0), 7.0, Stroke::new(2.5, palette.selection), StrokeKind::Outside);
        }
    }
    // Dragged, the card follows the pointer (its place stays where it was).
    if response.dragged()
        && let Some(p) = ui.ctx().pointer_latest_pos()
    {
        let layer = ui.ctx().layer_painter(egui::LayerId::new(egui::Order::Tooltip, egui::Id::unique("dragged-card")));
        let held = Rect::from_center_size(p + Vec2::new(0.0, CARD_SIZE.y * 0.2), CARD_SIZE);
        layer.rect_filled(held.translate(Vec2::new(4.0, 6.0)), 6.0, palette.shadow);
        paint_playing_card(&layer, palette, held, face);
    }
    response
}

/// A full-size card that only lies on the table (not picked up).
pub fn lying_card(ui: &mut Ui, palette: &Palette, card: Card) -> Response {
    let (rect, response) = ui.allocate_exact_size(CARD_SIZE, Sense::hover());
    response.widget_info(|| WidgetInfo::labeled(egui::Role::Label, true, format!("card {}", card.name())));
    if ui.is_rect_visible(rect) {
        ui.painter().rect_filled(rect.translate(Vec2::new(2.0, 2.0)), 6.0, palette.shadow);
        paint_playing_card(ui.painter(), palette, rect, CardFace::Up(card));
    }
    response
}

/// Where the pips of a 2..=10 stand on a card, as shares of the pip
/// area's width and height (the layout of printed playing cards).
fn pip_layout(rank: u8) -> Vec<(f32, f32)> {
    const L: f32 = 0.0;
    const C: f32 = 0.5;
    const R: f32 = 1.0;
    let pair = |y: f32| [(L, y), (R, y)];
    let mut at: Vec<(f32, f32)> = Vec::new();
    match rank {
        2 | 3 => {
            at.extend([(C, 0.0), (C, 1.0)]);
            if rank == 3 {
                at.push((C, 0.5));
            }
        }
        4..=8 => {
            at.extend(pair(0.0));
            at.extend(pair(1.0));
            if rank >= 6 {
                at.extend(pair(0.5));
            }
            match rank {
                5 => at.push((C, 0.5)),
                7 => at.push((C, 0.25)),
                8 => at.extend([(C, 0.25), (C, 0.75)]),
                _ => {}
            }
        }
        9 | 10 => {
            for y in [0.0, 1.0 / 3.0, 2.0 / 3.0, 1.0] {
                at.extend(pair(y));
            }
            if rank == 9 {
                at.push((C, 0.5));
            } else {
                at.extend([(C, 1.0 / 6.0), (C, 5.0 / 6.0)]);
            }
        }
        _ => at.push((C, 0.5)),
    }
    at
}

/// A playing card painted in `rect`: face up with its index in two
/// corners and its pips (the court cards as framed figures), face down
/// with Feathers & Wax' back (a lattice and a winged sun), or an empty
/// place.
pub fn paint_playing_card(painter: &egui::Painter, palette: &Palette, rect: Rect, face: CardFace) {
    let w = rect.width();
    let corner = w * 0.11;
    match face {
        CardFace::Up(card) => {
            painter.rect(rect, corner, palette.card_face, Stroke::new(1.0, palette.outline), StrokeKind::Inside);
            let colour = if card.suit.is_red() { palette.red_suit } else { palette.black_suit };
            let index = FontId::proportional(w * 0.23);
            for (anchor, at, pip_at) in [
                (Align2::LEFT_TOP, rect.left_top() + Vec2::new(w * 0.07, w * 0.04), Vec2::new(0.0, w * 0.37)),
                (Align2::RIGHT_BOTTOM, rect.right_bottom() - Vec2::new(w * 0.07, w * 0.04), Vec2::new(0.0, -w * 0.37)),
            ] {
                let text = painter.text(at, anchor, card.rank_label(), index.clone(), colour);
                paint_suit(painter, Pos2::new(text.center().x, at.y) + pip_at, w * 0.17, card.suit, colour);
            }
            // The pips stand within the card, clear of the two indices.
            let area = Rect::from_min_max(
                rect.left_top() + Vec2::new(w * 0.35, rect.height() * 0.2),
                rect.right_bottom() - Vec2::new(w * 0.35, rect.height() * 0.2),
            );
            if card.is_face() {
                court(painter, palette, rect.shrink2(Vec2::new(w * 0.3, w * 0.2)), card, colour);
            } else {
                let size = if card.rank == 1 { w * 0.46 } else { w * 0.19 };
                for (x, y) in pip_layout(card.rank) {
                    paint_suit(painter, area.lerp_inside(Vec2::new(x, y)), size, card.suit, colour);
                }
            }
        }
        CardFace::Empty => {
            // A place for a card: a faint wash inside a dashed edge.
            painter.rect_filled(rect, corner, palette.outline.gamma_multiply(0.07));
            let edge = Stroke::new(1.5, palette.outline.gamma_multiply(0.55));
            let r = rect.shrink(1.0);
            let ring = [r.left_top(), r.right_top(), r.right_bottom(), r.left_bottom(), r.left_top()];
            painter.extend(Shape::dashed_line(&ring, edge, 6.0, 4.0));
        }
        CardFace::Down => {
            painter.rect(rect, corner, palette.card_back, Stroke::new(1.0, palette.outline), StrokeKind::Inside);
            let light = palette.card_face.gamma_multiply(0.35);
            let inner = rect.shrink(w * 0.09);
            // A lattice of fine diagonals within a border.
            let clip = painter.with_clip_rect(inner.intersect(painter.clip_rect()));
            let step = w * 0.16;
            let mut x = inner.left() - inner.height();
            while x < inner.right() {
                let a = Pos2::new(x, inner.bottom());
                let b = Pos2::new(x + inner.height(), inner.top());
                clip.line_segment([a, b], Stroke::new(1.0, light));
                clip.line_segment(
                    [Pos2::new(x, inner.top()), Pos2::new(x + inner.height(), inner.bottom())],
                    Stroke::new(1.0, light),
                );
                x += step;
            }
            painter.rect_stroke(
                inner,
                corner * 0.6,
                Stroke::new(1.5, palette.card_face.gamma_multiply(0.7)),
                StrokeKind::Inside,
            );
            // A medallion: the sun between two wings.
            let c = rect.center();
            let r = w * 0.2;
            painter.circle(c, r * 1.3, palette.card_back, Stroke::new(1.5, palette.card_face.gamma_multiply(0.7)));
            let look = super::art::FeatherLook {
                base: palette.card_face,
                tip: palette.card_face.gamma_multiply(0.8),
                ink: palette.card_back,
                eye: None,
                bands: 0,
                spots: 0,
            };
            for side in [-1.0f32, 1.0] {
                for k in 0..3 {
                    let angle = 0.15 + 0.35 * k as f32;
                    let dir = Vec2::new(side * angle.cos(), -angle.sin());
                    let quill = c + Vec2::new(side * r * 0.3, r * 0.2);
                    super::art::feather(painter, quill, quill + dir * r * 1.05, r * 0.42, side * 0.1, &look);
                }
            }
            painter.circle(c, r * 0.45, palette.honey, Stroke::new(1.0, palette.honey_rim));
        }
    }
}

/// A court card's picture: a figure in a frame (the King bearded and
/// crowned, the Queen crowned, the Jack bareheaded), robed in the suit's
/// colour.
fn court(painter: &egui::Painter, palette: &Palette, frame: Rect, card: Card, colour: Color32) {
    painter.rect(
        frame,
        3.0,
        super::theme::mix(palette.card_face, colour, 0.1),
        Stroke::new(1.0, colour),
        StrokeKind::Inside,
    );
    let figure = super::art::Figure {
        // A black suit's robe a shade lighter, so the figure is not a silhouette.
        robe: if card.suit.is_red() { colour } else { super::theme::mix(colour, palette.card_face, 0.3) },
        skin: super::theme::SKIN,
        hair: if card.rank == 13 { super::theme::GREY_HAIR } else { super::theme::DARK_HAIR },
        beard: card.rank == 13,
        rim: palette.outline,
    };
    let height = frame.height() * 0.78;
    let foot = frame.center_bottom() - Vec2::new(0.0, frame.height() * 0.08);
    super::art::robed_figure(painter, foot, height, &figure);
    if card.rank >= 12 {
        // A crown of three points on the head.
        let head_top = foot.y - height * 0.06 - height * 0.62 - height * 0.25;
        let half = height * 0.11;
        let x = frame.center().x;
        let pts = vec![
            Pos2::new(x - half, head_top + half * 0.9),
            Pos2::new(x - half, head_top - half * 0.2),
            Pos2::new(x - half * 0.5, head_top + half * 0.35),
            Pos2::new(x, head_top - half * 0.5),
            Pos2::new(x + half * 0.5, head_top + half * 0.35),
            Pos2::new(x + half, head_top - half * 0.2),
            Pos2::new(x + half, head_top + half * 0.9),
        ];
        painter.add(egui::Shape::line(pts, Stroke::new((height * 0.05).max(1.2), palette.honey)));
    }
}

/// A small face-up card (rank and pip), for rows of held cards.
pub fn small_card(ui: &mut Ui, palette: &Palette, card: Card) -> Response {
    let (rect, response) = ui.allocate_exact_size(Vec2::new(28.0, 38.0), Sense::hover());
    let label = format!("card {}", card.name());
    response.widget_info(|| WidgetInfo::labeled(egui::Role::Label, true, label.clone()));
    if ui.is_rect_visible(rect) {
        let painter = ui.painter();
        painter.rect(rect, 4.0, palette.card_face, Stroke::new(1.0, palette.outline), StrokeKind::Inside);
        let colour = if card.suit.is_red() { palette.red_suit } else { palette.black_suit };
        painter.text(
            rect.center_top() + Vec2::new(0.0, 2.0),
            Align2::CENTER_TOP,
            card.rank_label(),
            FontId::proportional(13.0),
            colour,
        );
        paint_suit(painter, rect.center() + Vec2::new(0.0, 8.0), 13.0, card.suit, colour);
    }
    response
}

pub use super::pointer_notes::{pointer_note, pointer_note_info, refusal_key};

/// Paints a suit pip as shapes (the default fonts have no suit glyphs).
pub fn paint_suit(painter: &egui::Painter, center: Pos2, size: f32, suit: Suit, colour: Color32) {
    let r = size * 0.26;
    let none = Stroke::NONE;
    match suit {
        Suit::Diamonds => {
            let pts = vec![
                center + Vec2::new(0.0, -size * 0.5),
                center + Vec2::new(size * 0.36, 0.0),
                center + Vec2::new(0.0, size * 0.5),
                center + Vec2::new(-size * 0.36, 0.0),
            ];
            painter.add(egui::Shape::convex_polygon(pts, colour, none));
        }
        Suit::Hearts => {
            painter.circle_filled(center + Vec2::new(-r, -r * 0.6), r * 1.05, colour);
            painter.circle_filled(center + Vec2::new(r, -r * 0.6), r * 1.05, colour);
            let pts = vec![
                center + Vec2::new(-r * 2.0, -r * 0.35),
                center + Vec2::new(r * 2.0, -r * 0.35),
                center + Vec2::new(0.0, size * 0.5),
            ];
            painter.add(egui::Shape::convex_polygon(pts, colour, none));
        }
        Suit::Spades => {
            painter.circle_filled(center + Vec2::new(-r, r * 0.4), r * 1.05, colour);
            painter.circle_filled(center + Vec2::new(r, r * 0.4), r * 1.05, colour);
            let pts = vec![
                center + Vec2::new(0.0, -size * 0.5),
                center + Vec2::new(r * 2.0, r * 0.3),
                center + Vec2::new(-r * 2.0, r * 0.3),
            ];
            painter.add(egui::Shape::convex_polygon(pts, colour, none));
            stem(painter, center, size, colour);
        }
        Suit::Clubs => {
            painter.circle_filled(center + Vec2::new(0.0, -r * 1.1), r, colour);
            painter.circle_filled(center + Vec2::new(-r * 1.05, r * 0.35), r, colour);
            painter.circle_filled(center + Vec2::new(r * 1.05, r * 0.35), r, colour);
            stem(painter, center, size, colour);
        }
    }
}

fn stem(painter: &egui::Painter, center: Pos2, size: f32, colour: Color32) {
    let pts = vec![
        center + Vec2::new(0.0, size * 0.05),
        center + Vec2::new(size * 0.16, size * 0.5),
        center + Vec2::new(-size * 0.16, size * 0.5),
    ];
    painter.add(egui::Shape::convex_polygon(pts, colour, Stroke::NONE));
}

/// Tints a drop zone while a drag hovers it: green when the rules accept
/// the drop there, red with the rule's reason as hover text when not.
/// Returns the reason shown, if any.
#[must_use]
pub fn tint_drop_zone(ui: &Ui, rect: Rect, palette: &Palette, verdict: &Result<(), RuleViolation>) -> Option<String> {
    let painter = ui.painter();
    match verdict {
        Ok(()) => {
            // A light wash and a firm ring: what lies in the place (a
            // butterfly, a card) keeps its own colours under it.
            painter.rect_filled(rect, 2.0, palette.legal.gamma_multiply(0.4));
            painter.rect_stroke(rect.shrink(1.0), 3.0, Stroke::new(3.0, palette.legal.to_opaque()), StrokeKind::Inside);
            None
        }
        Err(v) => {
            painter.rect_filled(rect, 2.0, palette.illegal);
            // A cross as well as the colour.
            let s = Stroke::new(2.0, palette.illegal.to_opaque());
            let r = rect.shrink(rect.width() * 0.3);
            painter.line_segment([r.left_top(), r.right_bottom()], s);
            painter.line_segment([r.right_top(), r.left_bottom()], s);
            Some(v.to_string())
        }
    }
}

/// A refusal's rule id and its reason: "DA-R6: the Gladiator moves …"
/// gives `(Some("DA-R6"), "the Gladiator moves …")`; a message without an
/// id is all reason.
#[must_use]
pub fn split_rule(text: &str) -> (Option<&str>, &str) {
    match text.split_once(": ") {
        Some((id, rest))
            if id.len() <= 8
                && id.split_once("-R").is_some_and(|(game, n)| {
                    !game.is_empty()
                        && game.chars().all(|c| c.is_ascii_uppercase())
                        && !n.is_empty()
                        && n.chars().all(|c| c.is_ascii_digit())
                }) =>
        {
            (Some(id), rest)
        }
        _ => (None, text),
    }
}

/// `text` with its first letter in capitals, unless it begins with a
/// square's name ("e5 is …" keeps the board's lower-case "e5").
#[must_use]
pub fn upper_first(text: &str) -> String {
    let mut chars = text.chars();
    if text.chars().nth(1).is_some_and(|c| c.is_ascii_digit()) {
        return text.to_string();
    }
    chars.next().map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}

/// A modal asking whether to undo past something already seen: "Undo
/// anyway" gives `Some(true)`, "Keep playing" `Some(false)`, nothing yet
/// `None`.
#[must_use]
pub fn confirm_undo_modal(ctx: &egui::Context, id: egui::Id, heading: &str, body: &str) -> Option<bool> {
    let mut decision = None;
    crate::ui::look::modal(ctx, id).show(ctx, |ui| {
        ui.heading(heading);
        ui.label(body);
        ui.horizontal(|ui| {
            if ui.button("Undo anyway").clicked() {
                decision = Some(true);
            }
            if ui.button("Keep playing").clicked() {
                decision = Some(false);
            }
        });
    });
    decision
}

/// How many of the latest moves the hand-off's recap lists, beside the
/// button and under it.
const RECAP_WIDE: usize = 6;
/// How many under the button, where the room is narrow.
pub const RECAP_NARROW: usize = 3;

/// The hand-off bar of a shared screen: whose turn it is, what the others
/// did since that person last acted, and the button that shows what is
/// theirs alone (`since`, and whether they have had a turn yet). True
/// when the button was pressed.
pub fn hand_off_bar(
    ui: &mut Ui,
    name: &str,
    hidden: &str,
    show: &str,
    (since, acted): (&[crate::session::LogEntry], bool),
) -> bool {
    let palette = super::theme::palette(ui.visuals().dark_mode);
    let mut pressed = false;
    ui.add_space(6.0);
    // A card of board on the table with a gold rim: the one thing to do
    // now, in the display face, and what happened since that person's turn.
    super::look::plate_frame(&palette, Some(Stroke::new(2.0, palette.selection))).show(ui, |ui| {
        ui.visuals_mut().override_text_color = Some(palette.table.on_plate);
        ui.set_width(ui.available_width());
        let wide = ui.available_width() > 480.0;
        let ask = |ui: &mut Ui| {
            ui.label(super::look::title(ui, format!("Pass to {name}"), 24.0));
            ui.label(
                RichText::new(format!("{hidden} When only {name} can see the screen:")).color(palette.table.faint),
            );
            ui.add_space(4.0);
            // One line, never "show my / cards" (the column may be narrow).
            // In the display face, as the dialogs' main buttons (in the
            // running text's face it read as a web form's).
            let words = super::look::title(ui, format!("I am {name}: {show}"), 19.0);
            let button = egui::Button::new(words)
                .fill(palette.available)
                .wrap_mode(egui::TextWrapMode::Extend)
                .min_size(Vec2::new(0.0, 34.0));
            // The button keeps its id whether the plate lays out in one
            // column or two (the panel settles its size a frame late).
            let steady = egui::UiBuilder::new().scope_id(egui::Id::unique(("hand-off-button", name)));
            ui.scope_builder(steady, |ui| {
                ui.visuals_mut().override_text_color = Some(palette.text_on_available);
                ui.add(button).clicked()
            })
            .inner
        };
        let recap = |ui: &mut Ui| {
            let heading = if acted { format!("Since {name}'s last turn:") } else { "So far this game:".to_string() };
            ui.label(RichText::new(heading).strong());
            // The latest lines whole, and how many came before them (a
            // scrolled list showed its first line cut in half).
            let room = if wide { RECAP_WIDE } else { RECAP_NARROW };
            let earlier = since.len().saturating_sub(room);
            if earlier > 0 {
                let words = crate::rules::words::count(earlier, "earlier move");
                ui.label(RichText::new(format!("… {words} (in the log)")).italics());
            }
            for e in &since[earlier..] {
                ui.label(format!("• {}", e.text));
            }
        };
        if wide && !since.is_empty() {
            ui.horizontal_top(|ui| {
                ui.vertical(|ui| {
                    ui.set_width((ui.available_width() * 0.45).min(420.0));
                    pressed = ask(ui);
                });
                // Not a separator: in a row it would stretch to the
                // panel's whole height.
                ui.add_space(18.0);
                ui.vertical(recap);
            });
        } else {
            pressed = ask(ui);
            if !since.is_empty() {
                ui.add_space(4.0);
                recap(ui);
            }
        }
    });
    ui.add_space(4.0);
    pressed
}

/// How many of a log's lines show while it is folded (the default): the
/// whole log, a third of the screen in plain text, drew the eye from the
/// board (review 5); the newest lines say what just happened.
pub const LOG_FOLDED_LINES: usize = 3;

/// A game's log in the side panel, as the page of a score pad: each line a
/// move led by a small token in its seat's colour (`colour`; a hollow ring
/// for chance), the newest in bold, and the lines scrolled away above
/// fading into the card instead of showing cut in half. `numbered` puts the
/// move's number before it ("  3. …", a solitaire's moves). Folded, it
/// shows only its newest [`LOG_FOLDED_LINES`]; "Whole log" opens it (the
/// choice kept per panel).
pub fn log_ui(
    ui: &mut Ui,
    salt: &str,
    entries: &[crate::session::LogEntry],
    (numbered, colour): (bool, &dyn Fn(crate::rules::Seat) -> Color32),
) {
    let palette = super::theme::palette(ui.visuals().dark_mode);
    let open_id = ui.scope_id().with((salt, "whole log"));
    let mut whole = ui.data(|d| d.get_temp::<bool>(open_id)).unwrap_or(false);
    ui.horizontal(|ui| {
        ui.label(super::look::title(ui, "Log", 16.0));
        let folded_away = entries.len().saturating_sub(LOG_FOLDED_LINES);
        if whole || folded_away > 0 {
            let (words, tip) = if whole {
                ("Latest only".to_string(), "Fold the log to its newest lines")
            } else {
                (format!("Whole log ({})", entries.len()), "Open every line of the log")
            };
            let button = egui::Button::new(RichText::new(words).size(12.0)).small();
            if ui.add(button).on_hover_text(tip).clicked() {
                whole = !whole;
                ui.data_mut(|d| d.insert_temp(open_id, whole));
            }
        }
    });
    let first = if whole { 0 } else { entries.len().saturating_sub(LOG_FOLDED_LINES) };
    // No wider than what is in view: a wide line higher up (a row of
    // chips, a button) widens the panel's layout past its clipped edge,
    // and the log's lines wrapped at that width were cut at the right.
    let in_view = (ui.clip_rect().right() - ui.cursor().left()).max(60.0);
    let shown = egui::ScrollArea::vertical()
        .id_salt(salt)
        .max_width(in_view)
        .stick_to_bottom(true)
        .auto_shrink([false, !whole])
        .show(ui, |ui| {
            ui.spacing_mut().item_spacing.y = 3.0;
            let last = entries.len().saturating_sub(1);
            for (i, e) in entries.iter().enumerate().skip(first) {
                ui.horizontal_top(|ui| {
                    ui.spacing_mut().item_spacing.x = 5.0;
                    let (dot, _) = ui.allocate_exact_size(Vec2::new(10.0, 16.0), Sense::hover());
                    let at = Pos2::new(dot.center().x, dot.top() + 8.0);
                    let edge = super::look::edge_of(palette.table.plate, &palette);
                    match e.seat {
                        Some(s) => {
                            ui.painter().circle(at, 4.5, colour(s), Stroke::new(1.0, edge));
                            // A glint, so a dark token on a dark page reads
                            // as a filled stone, not a ring.
                            ui.painter().circle_filled(at + Vec2::new(-1.4, -1.4), 1.4, super::theme::GLINT);
                        }
                        None => {
                            ui.painter().circle_stroke(at, 4.0, Stroke::new(1.2, palette.table.faint));
                        }
                    }
                    let words = if numbered { format!("{:>3}. {}", i + 1, e.text) } else { e.text.clone() };
                    // Quieter than the table: a little smaller, and all
                    // but the latest few lines paler (the log filled the
                    // panel and drew the eye from the board).
                    let text = RichText::new(words).size(13.0);
                    let text = if i == last {
                        text.strong()
                    } else if i + 6 < last {
                        text.color(palette.table.on_plate.gamma_multiply(0.72))
                    } else {
                        text
                    };
                    ui.add(egui::Label::new(text).wrap());
                });
            }
        });
    if shown.state.clamped_offset().y > 0.5 {
        // The fade over the top edge of what is scrolled away.
        let top = Rect::from_min_size(shown.inner_rect.min, Vec2::new(shown.inner_rect.width(), 10.0));
        super::look::fade(ui.painter(), top, palette.table.plate, Color32::TRANSPARENT);
    }
}

#[cfg(test)]
mod refusal_tests {
    use super::{split_rule, upper_first};

    #[test]
    fn a_refusal_leads_with_its_reason_and_names_its_rule_after() {
        assert_eq!(
            split_rule("DA-R6: the Gladiator moves one square"),
            (Some("DA-R6"), "the Gladiator moves one square")
        );
        assert_eq!(split_rule("TF-R27: not in this window"), (Some("TF-R27"), "not in this window"));
        assert_eq!(split_rule("Cannot open a.json: not found"), (None, "Cannot open a.json: not found"));
        assert_eq!(split_rule("R6: x"), (None, "R6: x"), "an id names its game");
        assert_eq!(upper_first("the Gladiator"), "The Gladiator");
        assert_eq!(upper_first("e5 is not next to e3"), "e5 is not next to e3", "a square keeps its name");
    }
}

#[cfg(test)]
mod log_tests {
    use super::log_ui;
    use crate::session::LogEntry;
    use egui::{Pos2, Rect, Vec2};

    /// Found by a new player at 800 x 600: the log's lines were cut at the
    /// side panel's right edge. A wide row above it (a unit's chips)
    /// widened the panel's layout past its clipped edge, and the log
    /// wrapped at that width. It wraps within what is in view.
    #[test]
    fn the_log_wraps_within_what_is_in_view() {
        let ctx = egui::Context::default();
        let panel = Rect::from_min_size(Pos2::new(560.0, 0.0), Vec2::new(220.0, 600.0));
        let entries: Vec<LogEntry> = (0..super::LOG_FOLDED_LINES)
            .map(|k| LogEntry {
                seat: None,
                text: format!("Line {k}: the Carrion Crow takes a wound and the Chaffinch activation ends by itself"),
                reveals: false,
            })
            .collect();
        let mut out = ctx.run_ui(egui::RawInput::default(), |ui| {
            let mut inner = ui.new_child(egui::UiBuilder::new().max_rect(panel));
            inner.set_clip_rect(panel);
            // A row wider than the panel, as a unit's chips were.
            inner.allocate_exact_size(Vec2::new(300.0, 20.0), egui::Sense::hover());
            log_ui(&mut inner, "log", &entries, (false, &|_| egui::Color32::RED));
        });
        out.textures_delta.clear();
        let mut lines = 0;
        for c in &out.shapes {
            if let egui::Shape::Text(t) = &c.shape
                && t.galley.job.text.starts_with("Line")
            {
                lines += 1;
                let right = t.pos.x + t.galley.rect.right();
                assert!(right <= panel.right() + 0.5, "a line ends at {right}, past {}", panel.right());
            }
        }
        assert_eq!(lines, entries.len(), "every line is painted");
    }
}
