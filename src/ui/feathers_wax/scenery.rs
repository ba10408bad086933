//! The sky board painted as the place it is: the ruined tower the flyers
//! leap from, the open sky warming towards the sun at the top and cooling
//! into the sea at the foot, and the safe shore (an island with a tree)
//! beyond the last column; the flyers as winged figures, a feather a side
//! for each wing section they still carry.

use egui::{Align2, Painter, Pos2, Rect, Stroke, StrokeKind, Vec2};

use crate::rules::feathers_wax::Place;
use crate::ui::art::{self, FeatherLook};
use crate::ui::look;
use crate::ui::theme::{DAYLIGHT, Palette, mix};

/// The board's regions, as screen rectangles.
pub(super) struct SkyBoard {
    /// The tower column.
    pub tower: Rect,
    /// The open sky, the sun's row and the sea's row included.
    pub sky: Rect,
    /// The sun's row.
    pub sun_row: Rect,
    /// The sea's row.
    pub sea_row: Rect,
    /// The safe column (the shore).
    pub shore: Rect,
    /// One square's side.
    pub cell: f32,
}

/// Paints the sky board under the flyers.
pub(super) fn paint_sky(painter: &Painter, palette: &Palette, b: &SkyBoard) {
    let whole = b.tower.union(b.sky).union(b.shore);
    // A wooden frame, as the other boards have.
    let frame = whole.expand(8.0);
    painter.add(
        egui::epaint::RectShape::filled(frame.translate(Vec2::new(2.0, 5.0)), 10.0, palette.table.shadow)
            .with_blur_width(14.0),
    );
    painter.rect(frame, 9.0, mix(palette.table.rim, palette.ruin, 0.35), Stroke::NONE, StrokeKind::Inside);
    // The sky: warm under the sun, clear in the middle, deep over the sea.
    let warm = mix(palette.sun, palette.sky, 0.35);
    art::gradient(painter, b.sky, &[warm, palette.sky, palette.sky, mix(palette.sky, palette.sea, 0.5)]);
    // The sun's row: a band of heat, the sun in its middle.
    art::gradient(painter, b.sun_row, &[palette.sun, mix(palette.sun, palette.sky, 0.45)]);
    let sun_at = Pos2::new(b.sun_row.center().x, b.sun_row.center().y);
    art::sun(painter, sun_at, b.cell * 0.26, palette.honey, mix(palette.honey, palette.sun, 0.3));
    // The sea's row: water and waves.
    art::gradient(painter, b.sea_row, &[mix(palette.sea, palette.sky, 0.3), palette.sea]);
    art::waves(painter, b.sea_row.shrink2(Vec2::new(2.0, 4.0)), mix(palette.sea, DAYLIGHT, 0.55));
    // A few light clouds in the open sky, the same every frame.
    let cloud = DAYLIGHT.gamma_multiply(0.55);
    for (fx, fy, s) in [(0.22, 0.32, 1.0), (0.62, 0.22, 0.8), (0.8, 0.6, 0.9), (0.4, 0.7, 0.7)] {
        let c = Pos2::new(b.sky.left() + b.sky.width() * fx, b.sky.top() + b.sky.height() * fy);
        let r = b.cell * 0.22 * s;
        for (dx, dy, k) in [(-1.0, 0.2, 0.8), (0.0, 0.0, 1.0), (1.0, 0.25, 0.75)] {
            painter.circle_filled(c + Vec2::new(dx * r, dy * r), r * k, cloud);
        }
    }
    tower(painter, palette, b.tower, b.cell);
    shore(painter, palette, b.shore, b.cell);
    // The squares as small marks where their corners meet (lines drawn
    // across the sky made it a diagram: review 6), so a flight can
    // still be counted.
    let mark = DAYLIGHT.gamma_multiply(0.55);
    let mut x = b.sky.left();
    while x <= b.sky.right() + 0.5 {
        let mut y = b.sky.top() + b.cell;
        while y < b.sky.bottom() - 0.5 {
            painter.circle_filled(Pos2::new(x, y), (b.cell * 0.03).clamp(1.2, 2.2), mark);
            y += b.cell;
        }
        x += b.cell;
    }
    // The regions' names, small, in a corner of each.
    let font = look::display(painter.ctx(), (b.cell * 0.22).clamp(11.0, 15.0));
    let ink = palette.text_on_sky;
    let name = |at: Pos2, align: Align2, words: &str| {
        painter.text(at, align, words, font.clone(), ink);
    };
    // The sun's and the sea's names on small plates astride the frame,
    // clear of the rings a move draws in the squares (a ring in the top
    // row hid "the sun's heat": review 9).
    let size = (b.cell * 0.2).clamp(10.0, 13.0);
    let x = b.sky.left() + b.cell * 0.12;
    look::paint_tag(painter, palette, Pos2::new(x, b.sky.top() + 1.0), Align2::LEFT_CENTER, "the sun's heat", size);
    look::paint_tag(painter, palette, Pos2::new(x, b.sky.bottom() - 1.0), Align2::LEFT_CENTER, "the sea", size);
    name(b.tower.center_top() + Vec2::new(0.0, 3.0), Align2::CENTER_TOP, "tower");
    name(b.shore.center_top() + Vec2::new(0.0, 3.0), Align2::CENTER_TOP, "safe");
}

/// The tower the flyers leap from: courses of weathered stone, a
/// crenellated top and a dark doorway.
fn tower(painter: &Painter, palette: &Palette, r: Rect, cell: f32) {
    let stone = palette.ruin;
    painter.rect_filled(r, 0.0, stone);
    let joint = Stroke::new(1.0, mix(stone, palette.outline, 0.35));
    let course = (cell * 0.22).max(8.0);
    let mut y = r.top() + course;
    let mut row = 0;
    while y < r.bottom() {
        painter.line_segment([Pos2::new(r.left(), y), Pos2::new(r.right(), y)], joint);
        let shift = if row % 2 == 0 { 0.0 } else { r.width() / 4.0 };
        let mut x = r.left() + shift + r.width() / 4.0;
        while x < r.right() {
            painter.line_segment([Pos2::new(x, y), Pos2::new(x, y + course)], joint);
            x += r.width() / 2.0;
        }
        y += course;
        row += 1;
    }
    // Merlons along the top.
    let w = r.width() / 5.0;
    for k in [0.0, 2.0, 4.0] {
        let m = Rect::from_min_size(Pos2::new(r.left() + k * w, r.top() - w * 0.6), Vec2::new(w, w * 0.6));
        painter.rect(m, 1.0, stone, Stroke::new(1.0, joint.color), StrokeKind::Inside);
    }
    painter.rect_stroke(r, 0.0, Stroke::new(1.5, mix(stone, palette.outline, 0.5)), StrokeKind::Inside);
}

/// The safe shore: sand along the water, grass above, and a tree.
fn shore(painter: &Painter, palette: &Palette, r: Rect, cell: f32) {
    let sand = mix(palette.sun, palette.wall, 0.55);
    art::gradient(painter, r, &[mix(palette.safe, palette.sky, 0.35), palette.safe, palette.safe, sand]);
    let leaves = [palette.safe, mix(palette.safe, palette.outline, 0.25), mix(palette.safe, DAYLIGHT, 0.2)];
    let bark = mix(palette.ruin, palette.outline, 0.4);
    let rim = mix(palette.safe, palette.outline, 0.55);
    art::tree(painter, Pos2::new(r.center().x, r.top() + r.height() * 0.55), cell * 1.1, leaves, bark, rim);
}

/// A flyer as a winged figure: `sections` feathers a side fanned behind
/// the figure (Daedalus bearded, Icarus young, each robed in his colour;
/// the colour is never the only cue), `radius` about half its height.
pub(super) fn winged_flyer(
    painter: &Painter,
    palette: &Palette,
    centre: Pos2,
    radius: f32,
    daedalus: bool,
    sections: usize,
) {
    winged_flyer_reaching(painter, palette, (centre, radius), daedalus, sections, 1.0);
}

/// [`winged_flyer`] with his wings `reach` times their length (drawn in,
/// beside the other flyer in the next square, so neither's wings lie over
/// the other's: review 10).
pub(super) fn winged_flyer_reaching(
    painter: &Painter,
    palette: &Palette,
    (centre, radius): (Pos2, f32),
    daedalus: bool,
    sections: usize,
    reach: f32,
) {
    let look = FeatherLook {
        base: palette.wall,
        tip: mix(palette.wall, palette.honey, 0.35),
        ink: mix(palette.wall, palette.outline, 0.55),
        eye: None,
        bands: 0,
        spots: 0,
    };
    let n = sections.clamp(1, 4);
    let faded = sections == 0;
    for side in [-1.0f32, 1.0] {
        for k in 0..n {
            // Fanned from the shoulder: the first level, the rest raised.
            let angle = 0.2 + 0.32 * k as f32;
            let dir = Vec2::new(side * angle.cos(), -angle.sin());
            let quill = centre + Vec2::new(side * radius * 0.3, -radius * 0.45);
            let tip = quill + dir * radius * 1.7 * reach;
            let mut l = look;
            if faded {
                l.base = l.base.gamma_multiply(0.35);
                l.tip = l.tip.gamma_multiply(0.35);
            }
            art::feather(painter, quill, tip, radius * 0.55, side * 0.1, &l);
        }
    }
    let figure = super::figure_of(palette, daedalus, 1.0);
    art::robed_figure(painter, centre + Vec2::new(0.0, radius * 1.15), radius * 2.4, &figure);
}

/// How far a flyer at `me` reaches his wings: drawn in when the other
/// flyer, at `other`, stands in the next square of his row.
pub(super) fn wing_reach(me: Place, other: Place) -> f32 {
    match (me, other) {
        (Place::Sky { col, row }, Place::Sky { col: c2, row: r2 }) if row == r2 && col.abs_diff(c2) == 1 => 0.72,
        _ => 1.0,
    }
}

/// The sky board as a picture only, fitted into `space`: the flight ahead,
/// shown under the wing racks with both flyers waiting in the tower.
pub(super) fn sky_preview(painter: &Painter, palette: &Palette, space: Rect, sections: [usize; 2]) {
    use crate::rules::feathers_wax::{SAFE_COL, SKY_COLS, SKY_ROWS, TOWER_ROW};
    let cs = (space.width() / f32::from(SKY_COLS + 1)).min(space.height() / f32::from(SKY_ROWS));
    if cs < 12.0 {
        return;
    }
    let size = Vec2::new(cs * f32::from(SKY_COLS + 1), cs * f32::from(SKY_ROWS));
    let origin = Pos2::new(space.center().x - size.x / 2.0, space.top());
    let rect_of = |col: u8, row: u8| {
        Rect::from_min_size(origin + Vec2::new(f32::from(col) * cs, f32::from(row) * cs), Vec2::splat(cs))
    };
    let last = SKY_ROWS - 1;
    let board = SkyBoard {
        tower: rect_of(0, 0).union(rect_of(0, last)),
        sky: rect_of(1, 0).union(rect_of(SAFE_COL - 1, last)),
        sun_row: rect_of(1, 0).union(rect_of(SAFE_COL - 1, 0)),
        sea_row: rect_of(1, last).union(rect_of(SAFE_COL - 1, last)),
        shore: rect_of(SAFE_COL, 0).union(rect_of(SAFE_COL, last)),
        cell: cs,
    };
    paint_sky(painter, palette, &board);
    let tower = rect_of(0, TOWER_ROW);
    for (k, daedalus) in [(0, false), (1, true)] {
        let shift = if daedalus { cs * 0.24 } else { -cs * 0.24 };
        winged_flyer(painter, palette, tower.center() + Vec2::new(0.0, shift), cs * 0.2, daedalus, sections[k]);
    }
}

#[cfg(test)]
mod tests {
    use super::{Place, wing_reach, winged_flyer_reaching};
    use egui::{Pos2, Rect};

    /// The bounds of everything a flyer at `at` paints, wings `reach` long,
    /// in a square of side `cs` (at the sky's own size for a flyer).
    fn painted(at: Pos2, cs: f32, reach: f32) -> Rect {
        let ctx = egui::Context::default();
        let palette = crate::ui::theme::palette(false);
        let mut out = ctx.run_ui(egui::RawInput::default(), |ui| {
            let painter = ui.ctx().layer_painter(egui::LayerId::background());
            winged_flyer_reaching(&painter, &palette, (at, cs * 0.3), false, 2, reach);
        });
        out.textures_delta.clear();
        out.shapes.iter().fold(Rect::NOTHING, |r, s| r.union(s.shape.visual_bounding_rect()))
    }

    /// Review 10: Icarus and Daedalus in neighbouring squares of a row
    /// laid their wings over each other's. Drawn in, they stay apart (and
    /// drawn at full length they would not: the check can fail).
    #[test]
    fn flyers_side_by_side_keep_their_wings_apart() {
        let cs = 60.0;
        let (a, b) = (Place::Sky { col: 3, row: 4 }, Place::Sky { col: 4, row: 4 });
        let left = painted(Pos2::new(200.0, 200.0), cs, wing_reach(a, b));
        let right = painted(Pos2::new(200.0 + cs, 200.0), cs, wing_reach(b, a));
        assert!(left.right() < right.left(), "{left:?} and {right:?} overlap");
        let full = painted(Pos2::new(200.0, 200.0), cs, 1.0);
        assert!(full.right() > 200.0 + cs / 2.0, "at full length a wing reaches into the next square");
        // Apart, the wings keep their length.
        assert!((wing_reach(a, Place::Sky { col: 6, row: 4 }) - 1.0).abs() < f32::EPSILON);
    }
}
