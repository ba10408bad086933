//! Marks that lie on the table in place of a form's controls: the ribbon
//! that says whose turn it is, and the round wooden tokens that take a
//! move back (a row of grey buttons in a box by the hand "looked like
//! software", new players said, on an otherwise physical table).

use std::f32::consts::PI;

use egui::epaint::{PathShape, PathStroke, RectShape};
use egui::{Align2, Color32, CornerRadius, Pos2, Rect, Response, Sense, Stroke, Ui, Vec2};

use super::commands::Command;
use super::look;
use super::theme::{Palette, mix};

/// What a history token shows on its face.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Icon {
    /// An arrow curling back to the left.
    Undo,
    /// An arrow curling on to the right.
    Redo,
    /// An arrow curling back to a bar: back to the turn's start.
    UndoTurn,
    /// A score pad with its lines: the scores and the log.
    Pad,
}

/// A gold ribbon across the table with `words` on it in the display face
/// ("Your turn"), its two tails folded behind it; read by screen readers
/// as a label.
pub fn turn_ribbon(ui: &mut Ui, palette: &Palette, words: &str, size: f32) -> Response {
    let ink = palette.table.rim;
    let galley = ui.painter().layout_no_wrap(words.to_owned(), look::display(ui.ctx(), size), ink);
    let tail = size * 0.7;
    let body = galley.size() + Vec2::new(size * 1.1, size * 0.35);
    let (rect, response) = ui.allocate_exact_size(body + Vec2::new(tail * 1.2, size * 0.3), Sense::hover());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, words));
    if !ui.is_rect_visible(rect) {
        return response;
    }
    let painter = ui.painter();
    let front = Rect::from_center_size(rect.center() - Vec2::new(0.0, size * 0.12), body);
    let gold = palette.selection;
    let fold = mix(gold, palette.table.rim, 0.35);
    // The tails: lower than the band and behind it, each cut in a
    // swallow's notch.
    for side in [-1.0_f32, 1.0] {
        let inner = if side < 0.0 { front.left() + tail * 0.5 } else { front.right() - tail * 0.5 };
        let outer = inner + side * tail * 1.1;
        let (top, bottom) = (front.top() + size * 0.3, front.bottom() + size * 0.3);
        let notch = outer - side * tail * 0.45;
        let mid = f32::midpoint(top, bottom);
        let upper = vec![Pos2::new(inner, top), Pos2::new(outer, top), Pos2::new(notch, mid), Pos2::new(inner, mid)];
        let lower =
            vec![Pos2::new(inner, mid), Pos2::new(notch, mid), Pos2::new(outer, bottom), Pos2::new(inner, bottom)];
        let edge = vec![
            Pos2::new(inner, top),
            Pos2::new(outer, top),
            Pos2::new(notch, mid),
            Pos2::new(outer, bottom),
            Pos2::new(inner, bottom),
        ];
        for half in [upper, lower] {
            painter.add(PathShape::convex_polygon(half, fold, Stroke::NONE));
        }
        painter.add(PathShape::line(edge, PathStroke::new(1.0, mix(fold, ink, 0.3))));
    }
    let shadow = front.translate(Vec2::new(0.0, 2.0));
    painter.add(RectShape::filled(shadow, 2.0, palette.table.shadow).with_blur_width(6.0));
    painter.rect(front, 2.0, gold, Stroke::new(1.0, mix(gold, ink, 0.45)), egui::StrokeKind::Inside);
    // A stitched line along both edges, as a cloth ribbon's.
    let thread = mix(gold, ink, 0.25);
    for y in [front.top() + 3.0, front.bottom() - 3.0] {
        let mut x = front.left() + 4.0;
        while x < front.right() - 6.0 {
            painter.line_segment([Pos2::new(x, y), Pos2::new(x + 3.0, y)], Stroke::new(0.8, thread));
            x += 6.0;
        }
    }
    painter.galley(front.center() - galley.size() / 2.0, galley, ink);
    response
}

/// The size a history token takes: the disc and its caption under it.
pub const TOKEN: Vec2 = Vec2::new(58.0, 62.0);

/// The size of a history token without its caption (a low window, where
/// its name is said on hover).
pub const SMALL_TOKEN: Vec2 = Vec2::new(34.0, 36.0);

/// A round wooden token standing for `command` (its words under it, or
/// on hover when not `captioned`; its keys on hover), the `icon` burnt
/// into its face; faded when it may not be used. Whether it was clicked.
/// Read by screen readers as a button named as the command.
pub fn history_token(
    ui: &mut Ui,
    palette: &Palette,
    (command, icon): (&Command, Icon),
    enabled: bool,
    captioned: bool,
) -> bool {
    let hover = command.hover_text(ui.ctx());
    token_button(ui, palette, (command.text, icon), enabled, (&hover, captioned))
}

/// A round wooden token named `text` with `icon` on it (see
/// [`history_token`]), `hover` said when the pointer rests on it.
pub fn token_button(
    ui: &mut Ui,
    palette: &Palette,
    (text, icon): (&str, Icon),
    enabled: bool,
    (hover, captioned): (&str, bool),
) -> bool {
    let sense = if enabled { Sense::click() } else { Sense::hover() };
    let font = egui::FontId::proportional(12.0);
    let caption = ui.painter().layout_no_wrap(text.to_owned(), font.clone(), palette.table.ink);
    let size = if captioned { Vec2::new(TOKEN.x.max(caption.size().x + 6.0), TOKEN.y) } else { SMALL_TOKEN };
    let (rect, response) = ui.allocate_exact_size(size, sense);
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, enabled, text));
    if ui.is_rect_visible(rect) {
        let radius = if captioned { 18.0 } else { 15.0 };
        let centre = Pos2::new(rect.center().x, rect.top() + radius + 3.0);
        let lifted = enabled && response.hovered();
        let painter = ui.painter();
        let fade = |c: Color32| if enabled { c } else { c.gamma_multiply(0.45) };
        let wood = palette.table.wood[0];
        let at = if lifted { centre - Vec2::new(0.0, 1.5) } else { centre };
        let shadow =
            Rect::from_center_size(at + Vec2::new(1.0, if lifted { 4.0 } else { 2.0 }), Vec2::splat(radius * 2.0));
        let round = CornerRadius::same(radius as u8);
        painter.add(RectShape::filled(shadow, round, fade(palette.table.shadow)).with_blur_width(radius * 0.5));
        let disc = if enabled { wood } else { mix(wood, palette.table.cloth, 0.45) };
        let rim = if lifted { Stroke::new(2.0, palette.selection) } else { Stroke::new(1.5, palette.table.wood[2]) };
        painter.circle(at, radius, disc, rim);
        // The grain's ring and a sheen, as a turned wooden disc's.
        painter.circle_stroke(at, radius * 0.78, Stroke::new(1.0, mix(disc, palette.table.wood[1], 0.5)));
        let burnt = fade(mix(palette.table.wood[2], palette.table.rim, 0.45));
        paint_icon(painter, icon, at, radius * 0.55, Stroke::new(radius * 0.13, burnt));
        if captioned {
            let caption_ink = fade(palette.table.ink);
            painter.text(Pos2::new(rect.center().x, rect.bottom()), Align2::CENTER_BOTTOM, text, font, caption_ink);
        }
    }
    let said = match (captioned, hover.is_empty()) {
        (true, true) => return response.clicked(),
        (true, false) => hover.to_owned(),
        (false, true) => text.to_owned(),
        (false, false) => format!("{text}: {hover}"),
    };
    response.on_hover_text(said).clicked()
}

/// `icon` drawn `r` points across from its middle at `c`.
fn paint_icon(painter: &egui::Painter, icon: Icon, c: Pos2, r: f32, stroke: Stroke) {
    // An arc over the top from the right to the left (or back), its head
    // at the end.
    let arc = |from: f32, to: f32| -> Vec<Pos2> {
        (0..=14)
            .map(|i| {
                let a = from + (to - from) * i as f32 / 14.0;
                Pos2::new(c.x + r * a.cos(), c.y + 0.15 * r - r * a.sin())
            })
            .collect()
    };
    let head = |tip: Pos2, towards: Vec2| {
        let back = -towards.normalized() * r * 0.55;
        let side = Vec2::new(-back.y, back.x) * 0.75;
        painter.add(PathShape::convex_polygon(
            vec![tip, tip + back + side, tip + back - side],
            stroke.color,
            Stroke::NONE,
        ));
    };
    match icon {
        Icon::Undo | Icon::UndoTurn => {
            let points = arc(-0.35 * PI, 1.0 * PI);
            let tip = Pos2::new(points[14].x, points[14].y + r * 0.35);
            painter.add(PathShape::line(points.clone(), stroke));
            head(tip, Vec2::new(0.0, 1.0));
            if icon == Icon::UndoTurn {
                let x = tip.x - r * 0.45;
                painter.line_segment([Pos2::new(x, c.y - r * 0.6), Pos2::new(x, c.y + r * 0.9)], stroke);
            }
        }
        Icon::Redo => {
            let points = arc(1.35 * PI, 0.0);
            let tip = Pos2::new(points[14].x, points[14].y + r * 0.35);
            painter.add(PathShape::line(points, stroke));
            head(tip, Vec2::new(0.0, 1.0));
        }
        Icon::Pad => {
            let page = Rect::from_center_size(c, Vec2::new(r * 1.4, r * 1.8));
            painter.rect_stroke(page, 2.0, stroke, egui::StrokeKind::Middle);
            let thin = Stroke::new(stroke.width * 0.6, stroke.color);
            for k in 1..=3 {
                let y = page.top() + page.height() * k as f32 / 4.0;
                painter.line_segment([Pos2::new(page.left() + 3.0, y), Pos2::new(page.right() - 3.0, y)], thin);
            }
        }
    }
}

/// A seat's name on a small wooden plate, as a place card at a table
/// (a name in the running text's place "read as a form's heading"), its
/// `score` on an ivory chip laid on the plate's right end (no chip when
/// empty); `lit` rims the plate in gold (the seat to play). The plate's
/// response and the chip's, to say more on hover.
pub fn name_plate(
    ui: &mut Ui,
    palette: &Palette,
    (name, score): (&str, &str),
    size: f32,
    lit: bool,
) -> (Response, Option<Response>) {
    let ink = palette.text_on(palette.table.wood[1]);
    let galley = ui.painter().layout_no_wrap(name.to_owned(), look::display(ui.ctx(), size), ink);
    let tall = galley.size().y + 4.0;
    let plate = Vec2::new(galley.size().x + 16.0, tall);
    let chip_galley = (!score.is_empty()).then(|| {
        ui.painter().layout_no_wrap(score.to_owned(), look::display(ui.ctx(), size * 0.85), palette.table.on_plate)
    });
    let chip = chip_galley.as_ref().map(|g| Vec2::new((g.size().x + 14.0).max(tall + 2.0), tall + 2.0));
    let overlap = 6.0;
    let width = plate.x + chip.map_or(0.0, |c| c.x - overlap);
    let (rect, response) = ui.allocate_exact_size(Vec2::new(width, tall + 2.0), Sense::hover());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, name));
    let plate_rect = Rect::from_min_size(Pos2::new(rect.left(), rect.center().y - tall / 2.0), plate);
    let chip_rect = chip.map(|c| Rect::from_min_size(Pos2::new(plate_rect.right() - overlap, rect.top()), c));
    if ui.is_rect_visible(rect) {
        let painter = ui.painter();
        let shadow = plate_rect.translate(Vec2::new(1.0, 2.0));
        painter.add(RectShape::filled(shadow, 4.0, palette.table.shadow).with_blur_width(5.0));
        painter.add(look::wood(ui.ctx(), plate_rect, palette, 4.0));
        let rim = if lit { Stroke::new(2.0, palette.selection) } else { Stroke::new(1.2, palette.table.wood[2]) };
        painter.rect_stroke(plate_rect, 4.0, rim, egui::StrokeKind::Inside);
        // A bevel: a lighter line under the top edge.
        let sheen = super::theme::SHEEN;
        painter.line_segment(
            [plate_rect.left_top() + Vec2::new(4.0, 2.0), plate_rect.right_top() + Vec2::new(-4.0, 2.0)],
            Stroke::new(1.0, sheen),
        );
        let text_at = Pos2::new(plate_rect.left() + 8.0, plate_rect.center().y - galley.size().y / 2.0);
        painter.galley(text_at, galley, ink);
        if let (Some(chip), Some(g)) = (chip_rect, chip_galley) {
            let round = CornerRadius::same((chip.height() / 2.0) as u8);
            let shadow = chip.translate(Vec2::new(1.0, 2.0));
            painter.add(RectShape::filled(shadow, round, palette.table.shadow).with_blur_width(5.0));
            painter.rect(
                chip,
                round,
                palette.table.plate,
                Stroke::new(1.2, palette.table.edge),
                egui::StrokeKind::Inside,
            );
            painter.rect_stroke(
                chip.shrink(2.5),
                CornerRadius::same((chip.height() / 2.0 - 2.5) as u8),
                Stroke::new(0.8, mix(palette.table.plate, palette.table.edge, 0.5)),
                egui::StrokeKind::Inside,
            );
            painter.galley(chip.center() - g.size() / 2.0, g, palette.table.on_plate);
        }
    }
    let chip_response = chip_rect.map(|c| {
        let r = ui.interact(c, response.id.with("score"), Sense::hover());
        r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, score));
        r
    });
    (response, chip_response)
}

/// A wooden plaque with `words` burnt in, centred on `centre` over
/// whatever lies there (a face-down hand), rimmed in gold as the one thing
/// to do: a button to screen readers, lifted under the pointer. `hover` is
/// said when the pointer rests on it. Whether it was clicked.
pub fn plaque_button(ui: &mut Ui, palette: &Palette, (words, hover): (&str, &str), size: f32, centre: Pos2) -> bool {
    let ink = palette.text_on(palette.table.wood[1]);
    let galley = ui.painter().layout_no_wrap(words.to_owned(), look::display(ui.ctx(), size), ink);
    let rect = Rect::from_center_size(centre, galley.size() + Vec2::new(size * 1.6, size * 0.9));
    let id = egui::Id::unique(("plaque", words));
    let response = ui.interact(rect, id, Sense::click());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, words));
    let lifted = response.hovered();
    let at = if lifted { rect.translate(Vec2::new(0.0, -1.5)) } else { rect };
    let painter = ui.painter();
    let shadow = at.translate(Vec2::new(1.0, if lifted { 5.0 } else { 3.0 }));
    painter.add(RectShape::filled(shadow, 6.0, palette.table.lifted).with_blur_width(10.0));
    painter.add(look::wood(ui.ctx(), at, palette, 6.0));
    painter.rect_stroke(
        at,
        6.0,
        Stroke::new(if lifted { 3.0 } else { 2.0 }, palette.selection),
        egui::StrokeKind::Inside,
    );
    painter.rect_stroke(at.shrink(4.0), 4.0, Stroke::new(0.8, palette.table.wood[2]), egui::StrokeKind::Inside);
    painter.galley(at.center() - galley.size() / 2.0, galley, ink);
    let response = if hover.is_empty() { response } else { response.on_hover_text(hover) };
    response.clicked()
}
