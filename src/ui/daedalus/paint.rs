//! How the Daedalus arena is painted: stone flags for squares, walls as
//! raised blocks of masonry, the Gladiator (a crested helmet) and the
//! Minotaur (a bull's head) standing on plinths in their side's colour,
//! and the gates beyond the far rows.

use egui::epaint::{PathShape, QuadraticBezierShape, RectShape};
use egui::{Color32, Painter, Pos2, Rect, Stroke, StrokeKind, Vec2};

use crate::rules::daedalus::{Colour, Piece, PieceKind};
use crate::ui::art;
use crate::ui::look;
use crate::ui::theme::{Palette, mix};

/// One square as a flag of stone (see [`art::flagstone`]).
pub fn stone_square(painter: &Painter, palette: &Palette, rect: Rect, dark: bool, seed: u32) {
    let base = if dark { palette.dark_square } else { palette.light_square };
    art::flagstone(painter, rect, base, (palette.arena.light, palette.arena.shade), seed);
}

/// The arena's stone rim around the squares, `width` wide.
pub fn rim(painter: &Painter, palette: &Palette, board: Rect, width: f32) {
    let outer = board.expand(width);
    painter.add(RectShape::filled(outer.translate(Vec2::new(2.0, 4.0)), 6.0, palette.shadow).with_blur_width(10.0));
    painter.rect_filled(outer, 6.0, palette.frame);
    // A lit top edge, a shaded inner lip where the rim drops to the floor.
    painter.rect_stroke(outer, 6.0, Stroke::new(1.5, mix(palette.frame, palette.arena.light, 0.2)), StrokeKind::Inside);
    painter.rect_stroke(
        board.expand(1.5),
        1.0,
        Stroke::new(3.0, mix(palette.frame, palette.arena.shade, 0.35)),
        StrokeKind::Outside,
    );
}

/// The colours of a side's stone: its face, the face's shaded side, the
/// mortar between its blocks and its outline.
fn masonry(palette: &Palette, colour: Colour) -> (Color32, Color32, Color32, Color32) {
    match colour {
        Colour::White => {
            let face = palette.white_piece;
            (face, mix(face, palette.arena.sandstone, 0.45), mix(face, palette.arena.shade, 0.3), palette.outline)
        }
        Colour::Black => {
            let face = palette.black_piece;
            // In the dark theme a black wall's outline is light, so it
            // keeps its edge on the dark squares.
            (face, mix(face, palette.arena.shade, 0.45), mix(face, palette.arena.light, 0.3), palette.arena.black_rim)
        }
    }
}

/// A wall: a raised block of masonry filling most of `square`, its top in
/// courses of stone, its front face shaded, its shadow on the floor.
pub fn wall(painter: &Painter, palette: &Palette, colour: Colour, square: Rect, alpha: f32) {
    let (face, side, mortar, edge) = masonry(palette, colour);
    let (face, side, mortar, edge) = (
        face.gamma_multiply(alpha),
        side.gamma_multiply(alpha),
        mortar.gamma_multiply(alpha),
        edge.gamma_multiply(alpha),
    );
    let r = square.shrink(square.width() * 0.08);
    let rise = r.height() * 0.17;
    painter.add(
        RectShape::filled(r.translate(Vec2::new(rise * 0.6, rise * 0.7)), 3.0, palette.shadow.gamma_multiply(alpha))
            .with_blur_width(rise * 1.6),
    );
    let front = Rect::from_min_max(Pos2::new(r.min.x, r.max.y - rise * 1.6), r.max);
    painter.rect(front, 3.0, side, Stroke::new(1.2, edge), StrokeKind::Inside);
    // The front face's joints.
    let joint = Stroke::new(1.0, mortar);
    for k in 1..4 {
        let x = front.left() + front.width() * (k as f32 - 0.5) / 3.0;
        painter.line_segment([Pos2::new(x, front.top() + rise * 0.7), Pos2::new(x, front.bottom() - 2.0)], joint);
    }
    let top = Rect::from_min_max(r.min, Pos2::new(r.max.x, r.max.y - rise));
    painter.rect(top, 3.0, face, Stroke::new(1.2, edge), StrokeKind::Inside);
    // Courses of stone across the top, their joints staggered.
    let courses = 3;
    let course = top.height() / courses as f32;
    for row in 0..courses {
        let y0 = top.top() + course * row as f32;
        if row > 0 {
            painter.line_segment([Pos2::new(top.left() + 2.0, y0), Pos2::new(top.right() - 2.0, y0)], joint);
        }
        let offset = if row % 2 == 0 { 0.5 } else { 0.0 };
        for k in 0..3 {
            let x = top.left() + top.width() * (k as f32 + offset) / 2.5;
            if x > top.left() + 3.0 && x < top.right() - 3.0 {
                painter.line_segment([Pos2::new(x, y0 + 1.5), Pos2::new(x, y0 + course - 1.5)], joint);
            }
        }
    }
    // Light along the top edge.
    painter.line_segment(
        [top.left_top() + Vec2::new(3.0, 1.5), top.right_top() + Vec2::new(-3.0, 1.5)],
        Stroke::new(1.2, mix(face, palette.arena.light, 0.35)),
    );
}

/// A figure: a round plinth in its side's colour, white or black, with
/// the Gladiator's crested helmet or the Minotaur's horned head on it.
pub fn figure(painter: &Painter, palette: &Palette, piece: Piece, center: Pos2, cell: f32, alpha: f32) {
    let (face, side, _, edge) = masonry(palette, piece.colour);
    let r = cell * 0.39;
    let thick = r * 0.16;
    let shadow = Rect::from_center_size(center + Vec2::new(r * 0.12, thick + r * 0.12), Vec2::splat(r * 2.0));
    painter.add(
        RectShape::filled(shadow, r.min(127.0) as u8, palette.shadow.gamma_multiply(alpha)).with_blur_width(r * 0.4),
    );
    // The plinth's edge, then its top.
    painter.circle(
        center + Vec2::new(0.0, thick),
        r,
        side.gamma_multiply(alpha),
        Stroke::new(1.2, edge.gamma_multiply(alpha)),
    );
    painter.circle(center, r, face.gamma_multiply(alpha), Stroke::new(1.5, edge.gamma_multiply(alpha)));
    if piece.colour == Colour::Black {
        // A pale bevel round the black plinth, so it stands off a dark
        // square (in the dark theme it sank into one).
        painter.circle_stroke(center, r + 1.0, Stroke::new(1.5, palette.arena.light.gamma_multiply(0.55 * alpha)));
    }
    let ring = if piece.colour == Colour::White {
        mix(face, palette.arena.shade, 0.2)
    } else {
        mix(face, palette.arena.light, 0.25)
    };
    painter.circle_stroke(center, r * 0.86, Stroke::new(1.0, ring.gamma_multiply(alpha)));
    match piece.kind {
        PieceKind::Gladiator => gladiator(painter, palette, center, r, piece.colour, alpha),
        PieceKind::Minotaur => minotaur(painter, palette, center, r, piece.colour, alpha),
        PieceKind::Wall => {}
    }
}

/// The Gladiator: a crested helmet with its visor's grille, steel on the
/// white side and dark bronze on the black.
fn gladiator(painter: &Painter, palette: &Palette, center: Pos2, r: f32, colour: Colour, alpha: f32) {
    let a = &palette.arena;
    let metal = if colour == Colour::White { a.steel } else { a.bronze }.gamma_multiply(alpha);
    let (crest, ink) = (a.crest.gamma_multiply(alpha), a.helmet_ink.gamma_multiply(alpha));
    let c = center + Vec2::new(0.0, r * 0.12);
    // The crest: a fan of plumes over the bowl, behind it.
    let hub = c - Vec2::new(0.0, r * 0.18);
    let fan: Vec<Pos2> = std::iter::once(hub)
        .chain((0..=12).map(|i| {
            let t = std::f32::consts::PI * (1.0 + i as f32 / 12.0);
            hub + Vec2::new(t.cos() * r * 0.62, t.sin() * r * 0.58)
        }))
        .collect();
    painter.add(PathShape::convex_polygon(fan, crest, Stroke::new(1.2, ink)));
    for i in 1..6 {
        let angle = std::f32::consts::PI * (1.0 + i as f32 / 6.0);
        let along = Vec2::new(angle.cos(), angle.sin());
        painter.line_segment([hub + along * r * 0.3, hub + along * r * 0.56], Stroke::new(1.0, mix(crest, ink, 0.45)));
    }
    // The bowl, its brim, and the visor's grille of holes.
    painter.circle(c, r * 0.4, metal, Stroke::new(1.2, ink));
    painter.circle_stroke(c - Vec2::new(r * 0.1, r * 0.12), r * 0.22, Stroke::new(r * 0.06, mix(metal, a.light, 0.5)));
    let brim = Rect::from_center_size(c + Vec2::new(0.0, r * 0.34), Vec2::new(r * 1.25, r * 0.15));
    painter.rect(brim, r * 0.07, metal, Stroke::new(1.2, ink), StrokeKind::Inside);
    let visor = Rect::from_center_size(c + Vec2::new(0.0, r * 0.04), Vec2::new(r * 0.46, r * 0.4));
    painter.rect(visor, r * 0.08, mix(metal, ink, 0.25), Stroke::new(1.0, ink), StrokeKind::Inside);
    for i in 0..3 {
        for j in 0..3 {
            let at = visor.min + Vec2::new((i as f32 + 0.5) / 3.0, (j as f32 + 0.5) / 3.0) * visor.size();
            painter.circle_filled(at, r * 0.035, ink);
        }
    }
}

/// The Minotaur: a bull's head with curved horns, ears, a pale muzzle and
/// its nostrils; light hide on the white side, dark on the black.
fn minotaur(painter: &Painter, palette: &Palette, center: Pos2, r: f32, colour: Colour, alpha: f32) {
    let a = &palette.arena;
    let ((hide, muzzle), ink) = (if colour == Colour::White { a.hide_light } else { a.hide_dark }, a.hide_ink);
    let (hide, muzzle, ink) = (hide.gamma_multiply(alpha), muzzle.gamma_multiply(alpha), ink.gamma_multiply(alpha));
    let horn = a.horn.gamma_multiply(alpha);
    let c = center + Vec2::new(0.0, r * 0.08);
    // Horns: out from the crown, curving up; an inked outline under each.
    for s in [-1.0f32, 1.0] {
        let pts = [
            c + Vec2::new(s * r * 0.3, -r * 0.3),
            c + Vec2::new(s * r * 1.02, -r * 0.3),
            c + Vec2::new(s * r * 0.72, -r * 0.92),
        ];
        painter.add(QuadraticBezierShape::from_points_stroke(
            pts,
            false,
            Color32::TRANSPARENT,
            Stroke::new(r * 0.2, ink),
        ));
        painter.add(QuadraticBezierShape::from_points_stroke(
            pts,
            false,
            Color32::TRANSPARENT,
            Stroke::new(r * 0.12, horn),
        ));
        // Ears, sideways under the horns.
        art::oval(painter, c + Vec2::new(s * r * 0.5, -r * 0.08), Vec2::new(s, 0.35), r * 0.2, r * 0.09, ink);
        art::oval(painter, c + Vec2::new(s * r * 0.5, -r * 0.08), Vec2::new(s, 0.35), r * 0.16, r * 0.06, hide);
    }
    // The head: broad at the brow, narrowing to the muzzle.
    let head = vec![
        c + Vec2::new(-r * 0.36, -r * 0.38),
        c + Vec2::new(r * 0.36, -r * 0.38),
        c + Vec2::new(r * 0.4, -r * 0.05),
        c + Vec2::new(r * 0.27, r * 0.38),
        c + Vec2::new(0.0, r * 0.5),
        c + Vec2::new(-r * 0.27, r * 0.38),
        c + Vec2::new(-r * 0.4, -r * 0.05),
    ];
    painter.add(PathShape::convex_polygon(head, hide, Stroke::new(1.2, ink)));
    // A tuft on the brow.
    painter.circle_filled(c + Vec2::new(0.0, -r * 0.36), r * 0.12, mix(hide, ink, 0.35));
    art::oval(painter, c + Vec2::new(0.0, r * 0.33), Vec2::new(1.0, 0.0), r * 0.24, r * 0.16, muzzle);
    for s in [-1.0f32, 1.0] {
        painter.circle_filled(c + Vec2::new(s * r * 0.1, r * 0.35), r * 0.045, ink);
        // Eyes with an ember's glint under a scowling brow.
        let eye = c + Vec2::new(s * r * 0.19, -r * 0.06);
        painter.circle_filled(eye, r * 0.065, ink);
        painter.circle_filled(eye + Vec2::new(s * r * 0.01, -r * 0.01), r * 0.03, a.ember.gamma_multiply(alpha));
        painter.line_segment(
            [c + Vec2::new(s * r * 0.33, -r * 0.2), c + Vec2::new(s * r * 0.07, -r * 0.11)],
            Stroke::new(r * 0.07, ink),
        );
    }
    // A brass ring through the nose.
    painter.circle_stroke(c + Vec2::new(0.0, r * 0.47), r * 0.1, Stroke::new(r * 0.05, a.brass.gamma_multiply(alpha)));
}

/// A gate beyond a far row: the strip the Gladiator leaves by, with the
/// bars of a raised portcullis, arrows pointing out, and what it is for
/// on a plaque. `lit` when the side to move may leave by it now.
pub fn gate(painter: &Painter, palette: &Palette, rect: Rect, out_up: bool, lit: bool, words: &str) {
    let fill = if lit { palette.exit_strip } else { palette.exit_strip.gamma_multiply(0.45) };
    painter.rect_filled(rect, 3.0, fill);
    let bars = Stroke::new(1.5, mix(fill, palette.outline, 0.35).gamma_multiply(if lit { 0.6 } else { 0.3 }));
    let n = (rect.width() / 18.0).floor().max(4.0) as usize;
    for k in 1..n {
        let x = rect.left() + rect.width() * k as f32 / n as f32;
        painter.line_segment([Pos2::new(x, rect.top() + 2.0), Pos2::new(x, rect.bottom() - 2.0)], bars);
    }
    painter.line_segment([rect.left_center(), rect.right_center()], bars);
    // Arrows out of the arena at both ends.
    let ink = palette.text_on_exit.gamma_multiply(if lit { 1.0 } else { 0.6 });
    let dy = if out_up { -1.0 } else { 1.0 };
    let h = rect.height() * 0.22;
    for x in [rect.left() + rect.height() * 0.7, rect.right() - rect.height() * 0.7] {
        let tip = Pos2::new(x, rect.center().y + dy * h);
        let a = Pos2::new(x - h, rect.center().y - dy * h * 0.4);
        let b = Pos2::new(x + h, rect.center().y - dy * h * 0.4);
        painter.line_segment([a, tip], Stroke::new(2.5, ink));
        painter.line_segment([tip, b], Stroke::new(2.5, ink));
    }
    let font = look::display(painter.ctx(), (rect.height() * 0.42).clamp(11.0, 16.0));
    let galley = painter.layout_no_wrap(words.to_string(), font, palette.text_on_exit);
    let plaque = Rect::from_center_size(rect.center(), galley.size() + Vec2::new(16.0, 4.0));
    painter.rect(plaque, 4.0, fill, Stroke::new(1.0, bars.color), StrokeKind::Inside);
    painter.galley(plaque.center() - galley.size() / 2.0, galley, palette.text_on_exit);
}
