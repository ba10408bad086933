//! The Enchanted Plumes cards as drawn: a Feather card's face (a painted
//! feather, its pattern, values and name), the deck's back, the Peahen, a
//! hand's fan, and the peacock's train behind each plume.

use egui::{Align2, Pos2, Rect, Response, RichText, Sense, Stroke, StrokeKind, Ui, Vec2, WidgetInfo};

use super::super::theme::{self, Palette};
use super::super::{art, look};
use crate::rules::enchanted_plumes::{EnchantedPlumes, Feather, LETTERS, Phase};

/// How a feather card is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FeatherFace {
    /// Face up.
    Up(Feather),
    /// Face down, value hidden from the viewer.
    Down,
    /// Face down on the table, but the viewer owns it and may see it.
    DownOwn(Feather),
}

/// The accessible name of a card: "hand: feather red 5", "face-down feather".
pub(super) fn card_label(place: &str, face: FeatherFace) -> String {
    let what = match face {
        FeatherFace::Up(f) => format!("feather {f}"),
        FeatherFace::Down => "face-down feather".to_string(),
        FeatherFace::DownOwn(f) => format!("face-down feather {f} (only its owner sees it)"),
    };
    if place.is_empty() { what } else { format!("{place}: {what}") }
}

/// A Feather card of `size`: colour, value and the colour's letter; a
/// face-down card shows the Peacock back. Click and drag sense. `place`
/// prefixes its accessible name ("hand", "train").
pub fn feather_card(
    ui: &mut Ui,
    palette: &Palette,
    face: FeatherFace,
    size: Vec2,
    selected: bool,
    place: &str,
) -> Response {
    let (_, response) = ui.allocate_exact_size(size, Sense::click_and_drag());
    show_feather(ui, &response, response.rect, palette, face, selected, (place, None));
    response
}

/// Labels and paints a card whose place and response are already made
/// (the hand's fan lays its cards out itself).
/// `drawn` is where the card is painted this frame (its place, or on its
/// way there).
pub(super) fn show_feather(
    ui: &Ui,
    response: &Response,
    drawn: Rect,
    palette: &Palette,
    face: FeatherFace,
    selected: bool,
    (place, turn): (&str, Option<f32>),
) {
    let rect = drawn;
    let label = card_label(place, face);
    response.widget_info(|| WidgetInfo::selected(egui::Role::Button, true, selected, label.clone()));
    if ui.is_rect_visible(rect) {
        let lift = if selected {
            10.0
        } else if response.hovered() {
            5.0
        } else {
            0.0
        };
        let rect = rect.translate(Vec2::new(0.0, -lift));
        let raised = if lift > 0.0 { look::Lift::Raised } else { look::Lift::Flat };
        // A card on its way from one part of the table to another is
        // painted over both (painted with its place's, it was cut off at
        // the edge between the middle of the table and one's own place).
        let flying = (drawn.min - response.rect.min).length() > 0.5;
        let painter = if flying {
            let layer = egui::LayerId::new(egui::Order::Foreground, egui::Id::unique("ep-card-in-flight"));
            ui.ctx().layer_painter(layer).with_clip_rect(ui.ctx().content_rect())
        } else {
            ui.painter().clone()
        };
        // Turning over (just drawn): the back, then the face; the card is
        // named by its face throughout.
        match turn.map(|t| look::turned(rect, t)) {
            Some((narrow, false)) => paint_feather_lifted(&painter, palette, narrow, FeatherFace::Down, raised),
            Some((narrow, true)) => paint_feather_lifted(&painter, palette, narrow, face, raised),
            None => paint_feather_lifted(&painter, palette, rect, face, raised),
        }
        if selected {
            painter.rect_stroke(rect.expand(2.0), 6.0, Stroke::new(2.5, palette.selection), StrokeKind::Outside);
        }
    }
}

/// Where card `i` of `n` sits in a fanned hand starting at `origin`: the
/// cards overlap a little and follow a gentle arc, the middle highest.
#[must_use]
pub fn fan_rect(origin: Pos2, i: usize, n: usize, card: Vec2) -> Rect {
    fan_rect_within(origin, (i, n), card, f32::INFINITY)
}

/// As [`fan_rect`] in a room `width` wide: a few cards side by side, more
/// overlapping, and more still when `n` of them would not fit (a hand of
/// nine to choose from in a hand's usual room).
#[must_use]
pub fn fan_rect_within(origin: Pos2, (i, n): (usize, usize), card: Vec2, width: f32) -> Rect {
    let room = if n > 1 { (width - card.x) / (n - 1) as f32 } else { card.x };
    // In a room of its own, a short hand lies side by side (each card's
    // face whole); a full one overlaps as a held hand does.
    let widest = if width.is_finite() { card.x + 6.0 } else { card.x * 0.8 };
    let step = widest.min(room.max(card.x * 0.25));
    let mid = (n.max(1) - 1) as f32 / 2.0;
    let off = if mid > 0.0 { (i as f32 - mid) / mid } else { 0.0 };
    // The arc only where the cards overlap as a held fan does: laid side
    // by side, a short hand lies level (its middle card standing higher
    // than the rest read as a drawing glitch).
    let arc = if step < card.x { 14.0 * ((card.x - step) / (card.x * 0.5)).min(1.0) } else { 0.0 };
    Rect::from_min_size(origin + Vec2::new(i as f32 * step, arc * off * off), card)
}

/// How far apart the cards of a hand held in play lie, as a share of a
/// card's width: overlapping as cards held in the hand do, each one's
/// value and most of its feather in view.
pub const HELD_STEP: f32 = 0.62;

/// Where card `i` of `n` sits in a hand held in play, starting at
/// `origin` (the outer cards' top): always overlapping on a gentle arc,
/// two cards as much as six (two laid side by side, level, read as
/// "displayed, not held"), and closer where `n` of them would not fit
/// `width`.
#[must_use]
pub fn held_rect(origin: Pos2, (i, n): (usize, usize), card: Vec2, width: f32) -> Rect {
    let room = if n > 1 { (width - card.x) / (n - 1) as f32 } else { card.x };
    let step = (card.x * HELD_STEP).min(room.max(card.x * 0.25));
    let mid = (n.max(1) - 1) as f32 / 2.0;
    let off = if mid > 0.0 { (i as f32 - mid) / mid } else { 0.0 };
    // (The outer cards at `origin`'s height, the middle ones raised: the
    // fan keeps to its row, whatever it holds.)
    let arc = if n > 1 { 14.0 * ((card.x - step) / (card.x * 0.5)).min(1.0) } else { 0.0 };
    Rect::from_min_size(origin + Vec2::new(i as f32 * step, arc * (off * off - 1.0)), card)
}

/// Each colour's feather pattern (bands, spots, an eye), so the ten
/// colours are told apart by pattern as well as by hue and name.
const PATTERNS: [(u8, u8, bool); 10] = [
    (0, 0, false), // red: plain
    (2, 0, false), // white: two bands
    (0, 3, false), // yellow: three spots
    (0, 0, true),  // green: an eye
    (4, 0, false), // orange: four bands
    (0, 2, true),  // teal: an eye and two spots
    (0, 5, false), // blue: five spots
    (2, 0, true),  // pink: an eye and two bands
    (3, 2, false), // purple: bands and spots
    (3, 0, true),  // black: an eye and three bands
];

/// Paints a Feather card: the card, its painted feather, the value in two
/// corners (one upside down, as on a real card) with the colour's letter,
/// and the colour's name on cards large enough to read it. A face-down
/// card shows the deck's back; one only its owner may see shows the back
/// with its corner turned up on the value and colour.
pub(crate) fn paint_feather(painter: &egui::Painter, palette: &Palette, rect: Rect, face: FeatherFace) {
    paint_feather_lifted(painter, palette, rect, face, look::Lift::Flat);
}

/// [`paint_feather`] for a card whose lower half lies under the next row
/// of its plume: its colour's letter under the value, where it stays in
/// view (the name up its edge was hidden by the row under it, and a new
/// player could not tell the colours of a covered row apart).
pub(super) fn paint_feather_covered(painter: &egui::Painter, palette: &Palette, rect: Rect, face: FeatherFace) {
    match face {
        FeatherFace::Up(f) => {
            look::card_body(painter, palette, rect, palette.card_face, look::Lift::Flat);
            paint_feather_face(painter, palette, rect, f, true);
        }
        FeatherFace::Down | FeatherFace::DownOwn(_) => paint_feather(painter, palette, rect, face),
    }
}

/// [`paint_feather`], raised (a card in the hand, hovered or chosen).
pub(super) fn paint_feather_lifted(
    painter: &egui::Painter,
    palette: &Palette,
    rect: Rect,
    face: FeatherFace,
    lift: look::Lift,
) {
    match face {
        FeatherFace::Up(f) => {
            look::card_body(painter, palette, rect, palette.card_face, lift);
            paint_feather_face(painter, palette, rect, f, false);
        }
        FeatherFace::DownOwn(f) => {
            // Face down (the deck's back), its corner turned up for its
            // owner: the value and colour in view. (Its face under a band
            // of the back read as a drawing glitch.)
            paint_back(painter, palette, rect, lift);
            let index = usize::from(f.colour) % 10;
            let ink = theme::mix(palette.feathers[index], palette.table.rim, 0.45);
            // A dog-ear: the top left corner folded back over the card, its
            // face showing (a square tab with rounded corners read as a
            // tooltip stuck on the card).
            let leg = rect.width() * 0.75;
            let at = rect.min + Vec2::splat(1.0);
            let (along, down) = (at + Vec2::new(leg, 0.0), at + Vec2::new(0.0, leg));
            // The fold's shadow on the back, then the face.
            painter.add(egui::Shape::convex_polygon(
                vec![along, down + Vec2::new(2.0, 2.0), along + Vec2::new(2.0, 2.0)],
                palette.table.shadow,
                Stroke::NONE,
            ));
            painter.add(egui::Shape::convex_polygon(
                vec![at, along, down],
                palette.card_face,
                Stroke::new(1.0, palette.table.rim.gamma_multiply(0.5)),
            ));
            painter.text(
                at + Vec2::new(leg * 0.08, leg * 0.01),
                Align2::LEFT_TOP,
                f.value.to_string(),
                look::display(painter.ctx(), (rect.height() * 0.24).max(9.0)),
                ink,
            );
            painter.text(
                at + Vec2::new(leg * 0.09, leg * 0.46),
                Align2::LEFT_TOP,
                LETTERS[index],
                egui::FontId::proportional((rect.height() * 0.11).max(7.5)),
                palette.table.rim,
            );
        }
        FeatherFace::Down => paint_back(painter, palette, rect, lift),
    }
}

/// `covered`: the card's lower half lies under another card, so its
/// colour is said by its letter under the value, whatever its size.
pub(super) fn paint_feather_face(painter: &egui::Painter, palette: &Palette, rect: Rect, f: Feather, covered: bool) {
    let index = usize::from(f.colour) % 10;
    let fill = palette.feathers[index];
    let (bands, spots, eye) = PATTERNS[index];
    let ink = palette.table.rim;
    let (base, tip) = feather_paints(palette, index);
    let feather = art::FeatherLook {
        base,
        tip,
        ink,
        eye: eye.then_some([palette.table.peacock[1], palette.table.peacock[3], palette.table.peacock[4]]),
        bands,
        spots,
    };
    let (w, h) = (rect.width(), rect.height());
    art::feather(
        painter,
        rect.left_top() + Vec2::new(w * 0.36, h * 0.9),
        rect.left_top() + Vec2::new(w * 0.66, h * 0.12),
        w * 0.5,
        0.06,
        &feather,
    );
    // The value in the display face, top left and (upside down) bottom
    // right, in the feather's colour darkened enough to read on the card.
    // Darkened only as far as reading needs, so teal stays teal, not black.
    let value_ink = (0..=10)
        .map(|k| theme::mix(fill, ink, k as f32 / 10.0))
        .find(|&c| theme::contrast(c, palette.card_face) >= 4.0)
        .unwrap_or(ink);
    let font = look::display(painter.ctx(), (h * 0.26).max(9.0));
    let small = egui::FontId::proportional((h * 0.12).max(7.5));
    // The colour's name where the card is large enough to read it; on a
    // smaller card its letter under the value. Never both, and never a
    // second time upside down: a card said its colour three ways and a
    // new player found it cluttered.
    // (From a card 46 points high: the others' plumes at a crowded
    // table said "Pk" and "Bk" where the rest said "pink" and "black".)
    let named = h >= 46.0 && !covered;
    let letter = (!named).then_some(LETTERS[index]);
    let corner = |at: Pos2, angle: f32, letter: Option<&str>| {
        let galley = painter.layout_no_wrap(f.value.to_string(), font.clone(), value_ink);
        let letter_galley = letter.map(|l| painter.layout_no_wrap(l.to_string(), small.clone(), ink));
        let value_size = galley.size();
        let letter_size = letter_galley.as_ref().map_or(Vec2::ZERO, |g| g.size());
        let flip = if angle == 0.0 { 1.0 } else { -1.0 };
        // The index on a patch of the card's cream, so the feather passes
        // under it (the feather's edge ran through the lower index).
        let block = Vec2::new(value_size.x.max(letter_size.x), value_size.y * 0.85 + letter_size.y * 0.9);
        let top_left =
            if flip > 0.0 { at - Vec2::new(block.x / 2.0, 0.0) } else { at - Vec2::new(block.x / 2.0, block.y) };
        painter.rect_filled(Rect::from_min_size(top_left, block).expand(1.0), 3.0, palette.card_face);
        let value_pos = at - Vec2::new(value_size.x / 2.0, 0.0) * flip;
        painter.add(egui::epaint::TextShape::new(value_pos, galley, value_ink).with_angle(angle));
        if matches!(f.value, 6 | 9) {
            // A 6 and a 9 are underlined, as on playing cards, so either
            // way up they are not taken for each other.
            let y = value_size.y * 0.8;
            let from = value_pos + Vec2::new(value_size.x * 0.15, y) * flip;
            let to = value_pos + Vec2::new(value_size.x * 0.85, y) * flip;
            painter.line_segment([from, to], Stroke::new((h * 0.018).max(1.0), value_ink));
        }
        if let Some(letter_galley) = letter_galley {
            let letter_pos = at + Vec2::new(-letter_size.x / 2.0, value_size.y * 0.85) * flip;
            painter.add(egui::epaint::TextShape::new(letter_pos, letter_galley, ink).with_angle(angle));
        }
    };
    let inset = Vec2::new(w * 0.15, h * 0.02);
    corner(rect.left_top() + inset, 0.0, letter);
    corner(rect.right_bottom() - inset, std::f32::consts::PI, None);
    if named {
        // The colour's name up the card's left edge, under the value, as
        // a playing card's index runs: in view wherever the cards of a
        // row or a hand overlap (across the foot, "orange" was cut to
        // "orang" by the next card). On a slip of the card's cream, so
        // the feather passes under it.
        let galley = painter.layout_no_wrap(
            f.colour_name().to_string(),
            egui::FontId::proportional((h * 0.1).clamp(7.0, 11.0)),
            ink,
        );
        let (long, high) = (galley.size().x, galley.size().y);
        let at = Pos2::new(rect.left() + w * 0.15 - high / 2.0, rect.bottom() - h * 0.05);
        let slip = Rect::from_min_max(Pos2::new(at.x, at.y - long), Pos2::new(at.x + high, at.y));
        painter.rect_filled(slip.expand2(Vec2::new(1.0, 3.0)), 3.0, palette.card_face);
        painter.add(egui::epaint::TextShape::new(at, galley, ink).with_angle(-std::f32::consts::FRAC_PI_2));
    }
}

/// The paint of the feather of colour `index`, at its quill and its tip.
/// A feather as pale as the card (white) is shaded silver, so it stands
/// off the cream (white on white read as a blank card).
fn feather_paints(palette: &Palette, index: usize) -> (egui::Color32, egui::Color32) {
    let fill = palette.feathers[index];
    let ink = palette.table.rim;
    let grey = fill.r().max(fill.g()).max(fill.b()) - fill.r().min(fill.g()).min(fill.b()) < 24;
    if theme::contrast(fill, palette.card_face) < 1.4 && grey {
        (theme::mix(fill, ink, 0.16), theme::mix(fill, ink, 0.3))
    } else if theme::contrast(fill, palette.card_face) < 1.4 {
        // A pale colour on the dark theme's cream (yellow): deepened in
        // its own hue, to gold. Mixed with the ink it went olive.
        (theme::deepen(fill, 0.94), theme::deepen(fill, 0.84))
    } else {
        (theme::mix(fill, palette.card_face, 0.25), fill)
    }
}

/// The deck's back: deep blue with a gold frame and a peacock's eye.
pub(super) fn paint_back(painter: &egui::Painter, palette: &Palette, rect: Rect, lift: look::Lift) {
    let p = palette.table.peacock;
    look::card_body(painter, palette, rect, p[4], lift);
    let inner = rect.shrink(rect.width() * 0.09);
    painter.rect_stroke(inner, 3.0, Stroke::new((rect.width() * 0.03).max(1.0), p[1]), StrokeKind::Inside);
    let look = art::FeatherLook { base: p[0], tip: p[2], ink: p[4], eye: Some([p[1], p[3], p[4]]), bands: 0, spots: 0 };
    art::feather(
        painter,
        inner.center_bottom() - Vec2::new(0.0, inner.height() * 0.05),
        inner.center_top() + Vec2::new(0.0, inner.height() * 0.05),
        inner.width() * 0.62,
        0.0,
        &look,
    );
}

/// The deck's thickness under its top card: a card's edge for every
/// eight or so left (one at least, seven at most), each a little lower
/// and to the right, as a stack's paper edges show.
pub(super) fn paint_stack(painter: &egui::Painter, palette: &Palette, rect: Rect, left: usize) {
    let layers = left.div_ceil(8).clamp(1, 7);
    let step = Vec2::new(0.7, 1.1);
    let bottom = rect.translate(step * layers as f32);
    painter.add(
        egui::epaint::RectShape::filled(bottom.translate(Vec2::new(1.0, 2.0)), 5.0, palette.table.shadow)
            .with_blur_width(8.0),
    );
    let edge = look::edge_of(palette.card_face, palette);
    for k in (1..=layers).rev() {
        let layer = rect.translate(step * k as f32);
        painter.rect(layer, 5.0, palette.card_face, Stroke::new(0.8, edge), StrokeKind::Inside);
    }
}

/// The wooden rail the Train's cards stand on, filling `rect`: a strip of
/// wood with its rim and a soft shadow.
pub(super) fn rail(ctx: &egui::Context, palette: &Palette, rect: Rect) -> egui::Shape {
    let shadow = egui::epaint::RectShape::filled(rect.translate(Vec2::new(1.0, 3.0)), 6.0, palette.table.shadow)
        .with_blur_width(10.0);
    let rim = egui::epaint::RectShape::stroke(rect, 6.0, Stroke::new(1.5, palette.table.wood[2]), StrokeKind::Inside);
    egui::Shape::Vec(vec![shadow.into(), look::wood(ctx, rect, palette, 6.0), rim.into()])
}

/// The Peahen: the card that ends the game, a plain brown bird on cream.
pub(super) fn paint_peahen(painter: &egui::Painter, palette: &Palette, rect: Rect) {
    look::card_body(painter, palette, rect, palette.card_face, look::Lift::Flat);
    let p = palette.table.peacock;
    let c = rect.center() + Vec2::new(0.0, rect.height() * 0.08);
    let body = palette.table.wood[1];
    art::oval(painter, c, Vec2::new(0.8, -0.6), rect.width() * 0.3, rect.width() * 0.2, body);
    let head = c + Vec2::new(rect.width() * 0.12, -rect.height() * 0.26);
    painter.line_segment(
        [c + Vec2::new(rect.width() * 0.08, -rect.height() * 0.05), head],
        Stroke::new(rect.width() * 0.09, body),
    );
    painter.circle(head, rect.width() * 0.08, body, Stroke::NONE);
    painter.circle_filled(
        head + Vec2::new(rect.width() * 0.03, -rect.width() * 0.01),
        rect.width() * 0.015,
        palette.table.rim,
    );
    for k in 0..3 {
        let x = (k as f32 - 1.0) * rect.width() * 0.03;
        let top = head + Vec2::new(x, -rect.height() * 0.09);
        painter.line_segment([head, top], Stroke::new(1.0, body));
        painter.circle_filled(top, rect.width() * 0.018, p[0]);
    }
    painter.text(
        rect.center_bottom() - Vec2::new(0.0, rect.height() * 0.05),
        Align2::CENTER_BOTTOM,
        "Peahen",
        look::display(painter.ctx(), (rect.height() * 0.13).max(9.0)),
        palette.table.rim,
    );
}

/// A finished peacock's train spread behind its rows: eyed feathers from
/// its face-down card (the bird, whose back the card shows) out past the
/// rows' edges, `rect` the plume's room, `foot_y` under its last row of
/// `card`-sized cards. (A plume still growing has none: its quills and
/// eyes, peeping round the cards, read as stray marks to a new player.)
/// The train reaches just past the cards, round the top and the sides, so
/// the eyes ring the tail (spread from under it, it showed as a skirt
/// under the face-down card, with a bird's body sticking out below).
pub(super) fn paint_tail(
    painter: &egui::Painter,
    palette: &Palette,
    rect: Rect,
    (foot_y, card): (f32, Vec2),
    complete: bool,
) {
    if !complete {
        return;
    }
    let p = palette.table.peacock;
    let base = Pos2::new(rect.center().x, foot_y - 6.0 - card.y * 0.45);
    let (rx, ry) = (rect.width() / 2.0 + 12.0, (base.y - rect.top() - 8.0).max(card.y * 0.6));
    for (row, (n, scale)) in [(13, 1.0_f32), (9, 0.8)].into_iter().enumerate() {
        for i in 0..n {
            let a = std::f32::consts::PI * (1.0 + i as f32 / (n - 1) as f32);
            // (Down to the level of the bird at either side, as a spread
            // train is.)
            let tip = base + Vec2::new(a.cos() * rx, a.sin().min(-0.12) * ry) * scale;
            let look = art::FeatherLook {
                base: theme::mix(p[2], p[0], 0.3 + 0.2 * row as f32),
                tip: p[2],
                ink: palette.table.rim,
                eye: Some([p[1], p[3], p[4]]),
                bands: 0,
                spots: 0,
            };
            art::feather(painter, base, tip, (card.x * 0.42 * scale).max(10.0), 0.0, &look);
        }
    }
}

/// The Train's five places before its cards are turned up: dashed
/// outlines on the cloth, each the size of a card.
pub(super) fn empty_train(ui: &mut Ui, palette: &Palette, state: &EnchantedPlumes, card: Vec2) {
    if !(state.train().is_empty() && state.phase() == Phase::Keep) {
        return;
    }
    ui.horizontal(|ui| {
        for _ in 0..5 {
            let (rect, _) = ui.allocate_exact_size(card, Sense::hover());
            let r = rect.shrink(1.0);
            let outline = [r.left_top(), r.right_top(), r.right_bottom(), r.left_bottom(), r.left_top()];
            let ink = theme::mix(palette.table.ink, palette.table.cloth, 0.55);
            ui.painter().extend(egui::Shape::dashed_line(&outline, Stroke::new(1.2, ink), 5.0, 4.0));
        }
    });
}

/// Under the Train before the first turn: when its cards come. (How to
/// swap with it is said on hover of its name.)
pub(super) fn train_caption(ui: &mut Ui, state: &EnchantedPlumes, faint: egui::Color32) {
    if state.phase() == Phase::Keep {
        let when = "Five cards are turned up here once every hand is chosen.";
        ui.label(RichText::new(when).color(faint));
    }
}

#[cfg(test)]
mod tests {
    use super::{fan_rect, fan_rect_within, feather_paints, paint_stack};
    use crate::ui::theme;
    use egui::{Pos2, Vec2};

    /// The deck is as thick as the cards left in it: a full deck shows
    /// more card edges under its top card than one nearly drawn, and the
    /// last cards still lie as a stack, not a lone card.
    #[test]
    fn the_deck_thins_as_it_is_drawn() {
        let edges = |left: usize| {
            let ctx = egui::Context::default();
            let mut out = ctx.run_ui(egui::RawInput::default(), |ui| {
                let rect = egui::Rect::from_min_size(Pos2::new(10.0, 10.0), Vec2::new(64.0, 92.0));
                paint_stack(ui.painter(), &theme::palette(false), rect, left);
            });
            out.textures_delta.clear();
            // (The shadow under the stack is a blurred shape; each edge a
            // card's rectangle.)
            out.shapes.iter().filter(|c| matches!(&c.shape, egui::Shape::Rect(r) if r.blur_width == 0.0)).count()
        };
        assert!(edges(84) > edges(40) && edges(40) > edges(3), "{} {} {}", edges(84), edges(40), edges(3));
        assert!(edges(1) >= 1, "the last card lies on the table");
    }

    /// Every feather's tip stands off its card, in both themes: the white
    /// one too (painted white on the cream, it read as a blank card).
    #[test]
    fn every_feather_stands_off_its_card() {
        for dark in [false, true] {
            let palette = theme::palette(dark);
            for index in 0..10 {
                let (_, tip) = feather_paints(&palette, index);
                let c = theme::contrast(tip, palette.card_face);
                assert!(c >= 1.4, "feather {index} (dark {dark}): contrast {c} on its card");
            }
        }
    }

    /// In the hand's room (six cards wide), two cards lie side by side with
    /// their faces whole; six overlap and still fit; nine overlap more.
    #[test]
    fn a_short_hand_lies_apart_and_a_long_one_fits_its_room() {
        let card = Vec2::new(64.0, 92.0);
        let room = fan_rect(Pos2::ZERO, 5, 6, card).right();
        let two: Vec<_> = (0..2).map(|i| fan_rect_within(Pos2::ZERO, (i, 2), card, room)).collect();
        assert!(two[0].right() < two[1].left(), "two cards overlap: {two:?}");
        for n in [6, 9] {
            let last = fan_rect_within(Pos2::ZERO, (n - 1, n), card, room);
            assert!(last.right() <= room + 0.01, "{n} cards run past the hand's room: {last:?} in {room}");
        }
        // Side by side, a short hand lies level; a held fan of six curves.
        let three: Vec<_> = (0..3).map(|i| fan_rect_within(Pos2::ZERO, (i, 3), card, room)).collect();
        assert!(
            three.iter().all(|r| (r.top() - three[0].top()).abs() < 0.01),
            "three cards apart are not level: {three:?}"
        );
        let six: Vec<_> = (0..6).map(|i| fan_rect_within(Pos2::ZERO, (i, 6), card, room)).collect();
        assert!(six[0].top() > six[2].top() + 1.0, "a held fan of six has no arc: {six:?}");
    }
}
