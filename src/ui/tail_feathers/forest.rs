//! The battlefield as a forest table seen from above: the table round it,
//! the forest floor, each tree as a canopy whose spaces are leafy patches
//! told apart by shade (as the rulebook's overlays are), a bark trunk with
//! its name, nests as woven nests, and soft shadows under what stands on
//! the table. Leaf dabs come from a hash of the space's number, so the
//! forest looks the same every frame and costs no texture.

use egui::epaint::RectShape;
use egui::{Align2, Color32, CornerRadius, FontId, Pos2, Rect, Stroke, StrokeKind, Vec2};

use super::Board;
use crate::rules::tail_feathers::components::{Alliance, Tree};
use crate::rules::tail_feathers::game::{TailFeathers, field, side_name};
use crate::rules::tail_feathers::geometry::V2;
use crate::ui::theme::Forest;

/// A number from 0 to 1 for (`seed`, `k`), the same every frame.
fn hashed(seed: usize, k: usize) -> f32 {
    let mut x = (seed as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (k as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    x ^= x >> 31;
    x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x ^= x >> 29;
    (x % 10_000) as f32 / 10_000.0
}

/// A soft shadow under a round token or base at `p`.
pub(super) fn shadow_disc(painter: &egui::Painter, colours: &Forest, p: Pos2, r: f32) {
    let rect = Rect::from_center_size(p + Vec2::new(1.5, 2.5), Vec2::splat(2.0 * r));
    painter
        .add(RectShape::filled(rect, CornerRadius::same(r.min(255.0) as u8), colours.shadow).with_blur_width(r * 0.6));
}

/// The table round the battlefield and the forest floor on it.
pub(super) fn paint_table(painter: &egui::Painter, colours: &Forest, outer: Rect, inner: Rect) {
    painter.rect_filled(outer, 6.0, colours.table);
    // Wood grain on the table's rim: long faint lines.
    for k in 0..12 {
        let y = outer.top() + outer.height() * (k as f32 + 0.5) / 12.0;
        let wobble = 2.0 * (hashed(7, k) - 0.5);
        painter.line_segment(
            [Pos2::new(outer.left() + 4.0, y + wobble), Pos2::new(outer.right() - 4.0, y - wobble)],
            Stroke::new(1.0, colours.bark.gamma_multiply(0.18)),
        );
    }
    painter.add(RectShape::filled(inner.translate(Vec2::new(2.0, 3.0)), 4.0, colours.shadow).with_blur_width(8.0));
    painter.rect_filled(inner, 4.0, colours.floor);
    lamp_light(painter, colours, inner);
    // Moss and fallen leaves on the floor, sparse and quiet.
    let cell = (inner.width() / 24.0).max(8.0);
    let n = (inner.width() / cell) as usize;
    for i in 0..n {
        for j in 0..n {
            let k = i * 131 + j;
            if hashed(k, 1) > 0.22 {
                continue;
            }
            let p = inner.min + Vec2::new((i as f32 + hashed(k, 2)) * cell, (j as f32 + hashed(k, 3)) * cell);
            let r = cell * (0.06 + 0.3 * hashed(k, 4) * hashed(k, 5));
            painter.circle_filled(p, r, colours.leaves[k % 3].gamma_multiply(0.14));
        }
    }
    floor_tufts(painter, colours, inner, cell);
    painter.rect_stroke(inner, 4.0, Stroke::new(1.5, colours.bark.gamma_multiply(0.7)), StrokeKind::Outside);
    // A fine line in the ink's tone round it: in the dark the floor and
    // the table were one dark brown-green, and the edge was lost.
    painter.rect_stroke(
        inner.expand(1.5),
        5.0,
        Stroke::new(1.5, colours.ink.gamma_multiply(0.35)),
        StrokeKind::Outside,
    );
}

/// The light of a lamp over the table: the floor a shade brighter in its
/// middle, fading to its edges, so the ground has depth instead of one
/// flat tone (in the dark theme it read as a murky sheet).
fn lamp_light(painter: &egui::Painter, colours: &Forest, inner: Rect) {
    let mut mesh = egui::Mesh::default();
    let centre = inner.center();
    mesh.colored_vertex(centre, colours.lamp);
    let rim = 48_u32;
    for k in 0..rim {
        let a = std::f32::consts::TAU * k as f32 / rim as f32;
        // The glow fills the floor's inscribed circle and fades to nothing
        // at its rim; the corners keep the floor's own tone.
        let p = centre + Vec2::new(a.cos(), a.sin()) * inner.width() * 0.5;
        mesh.colored_vertex(p, Color32::TRANSPARENT);
        mesh.add_triangle(0, 1 + k, 1 + (k + 1) % rim);
    }
    painter.add(mesh);
}

/// Tufts of grass and a few pebbles scattered on the forest floor, so the
/// open ground reads as ground and not as a blank sheet.
fn floor_tufts(painter: &egui::Painter, colours: &Forest, inner: Rect, cell: f32) {
    let n = (inner.width() / cell) as usize;
    let blade = Stroke::new((cell * 0.08).clamp(1.0, 1.6), colours.canopy.gamma_multiply(0.55));
    for i in 0..n {
        for j in 0..n {
            let k = i * 977 + j * 13 + 5;
            let roll = hashed(k, 6);
            let p = inner.min + Vec2::new((i as f32 + hashed(k, 7)) * cell, (j as f32 + hashed(k, 8)) * cell);
            if roll < 0.07 {
                // Three to five blades fanning up from one root.
                let h = cell * (0.35 + 0.3 * hashed(k, 9));
                let blades = 3 + (hashed(k, 10) * 3.0) as usize;
                for b in 0..blades {
                    let lean = (b as f32 / (blades - 1) as f32 - 0.5) * 1.1 + 0.2 * (hashed(k, 11 + b) - 0.5);
                    let tip = p + Vec2::new(lean * h * 0.7, -h * (0.75 + 0.25 * hashed(k, 20 + b)));
                    painter.line_segment([p, tip], blade);
                }
            } else if roll < 0.085 {
                let r = cell * (0.07 + 0.08 * hashed(k, 12));
                let pebble = Rect::from_center_size(p, Vec2::new(r * 2.6, r * 1.8));
                painter.rect_filled(pebble.translate(Vec2::new(0.6, 0.9)), r, colours.shadow);
                painter.rect_filled(pebble, r, colours.feather[1].gamma_multiply(0.8));
            }
        }
    }
}

/// The point `d` along the rim of `r`, clockwise from its top-left corner.
fn along_rect(r: Rect, d: f32) -> Pos2 {
    let (w, h) = (r.width(), r.height());
    if d < w {
        r.left_top() + Vec2::new(d, 0.0)
    } else if d < w + h {
        r.right_top() + Vec2::new(0.0, d - w)
    } else if d < 2.0 * w + h {
        r.right_bottom() - Vec2::new(d - w - h, 0.0)
    } else {
        r.left_bottom() - Vec2::new(0.0, d - 2.0 * w - h)
    }
}

/// A tree: its shadow, the canopy under its spaces, each space a leafy
/// patch of its own shade, nests woven, the bark trunk and its name.
/// `room` gives, for a space, the small-figure places taken (0 to 4) when
/// capacity matters now (a move or a deployment under way).
pub(super) fn paint_tree(
    painter: &egui::Painter,
    colours: &Forest,
    board: Board,
    state: &TailFeathers,
    tree: &Tree,
    room: Option<&dyn Fn(usize) -> u8>,
) {
    let poly = |p: &crate::rules::tail_feathers::geometry::Polygon| -> Vec<Pos2> {
        p.0.iter().map(|&v| board.to_screen(v)).collect()
    };
    let bounds = spaces_bounds(board, tree);
    let round = (board.scale * 1.2).min(60.0) as u8;
    let canopy = bounds.expand(board.scale * 0.35);
    painter.add(
        RectShape::filled(canopy.translate(Vec2::new(4.0, 6.0)), round, colours.shadow)
            .with_blur_width(board.scale * 1.2),
    );
    // The canopy: leafy lobes round its edge, so the crown reads as a
    // tree's and not as a box.
    let lobe = board.scale * 0.85;
    let inset = canopy.shrink(lobe * 0.55);
    let perimeter = 2.0 * (inset.width() + inset.height());
    let n = (perimeter / (lobe * 1.1)).ceil().max(8.0) as usize;
    for k in 0..n {
        let p = along_rect(inset, perimeter * k as f32 / n as f32);
        painter.circle_filled(p, lobe * (0.8 + 0.35 * hashed(tree.spaces[0] + k, 3)), colours.canopy);
    }
    painter.rect_filled(inset, 2.0, colours.canopy);
    for (number, &s) in (1..).zip(&tree.spaces) {
        let sp = &field().spaces[s];
        let rect = Rect::from_points(&poly(&sp.outline));
        if let Some(owner) = sp.nest {
            paint_nest(painter, colours, board, state, rect, owner);
            continue;
        }
        // Spaces in a checker of three shades, so neighbours differ.
        let (col, row) = ((rect.center().x / rect.width()) as usize, (rect.center().y / rect.height()) as usize);
        let shade = colours.leaves[(col + 2 * row) % 3];
        let patch = rect.shrink(board.scale * 0.08);
        painter.rect_filled(patch, (board.scale * 0.5) as u8, shade);
        for k in 0..7 {
            let p = patch.min
                + Vec2::new(
                    patch.width() * (0.15 + 0.7 * hashed(s, k)),
                    patch.height() * (0.15 + 0.7 * hashed(s, k + 20)),
                );
            let r = board.scale * (0.12 + 0.12 * hashed(s, k + 40));
            painter.circle_filled(p, r, colours.leaf_light);
        }
        painter.rect_stroke(patch, (board.scale * 0.5) as u8, Stroke::new(1.0, colours.canopy), StrokeKind::Inside);
        // The space's number, quiet in its corner: the prompts and the log
        // name spaces by it ("the Old Beech, space 7") and a new player
        // found it nowhere on the board.
        let size = (board.scale * 0.3).clamp(7.5, 11.0);
        painter.text(
            patch.right_bottom() - Vec2::splat(size * 0.35),
            Align2::RIGHT_BOTTOM,
            number.to_string(),
            FontId::proportional(size),
            colours.space_number(),
        );
        if let Some(taken) = room.map(|f| f(s)) {
            // Four places: filled for those taken, hollow for room left.
            let top = patch.left_top() + Vec2::new(6.0, 6.0);
            for k in 0..4u8 {
                let at = top + Vec2::new(6.0 * f32::from(k), 0.0);
                if k < taken {
                    painter.circle_filled(at, 2.2, colours.ink);
                } else {
                    painter.circle_stroke(at, 2.2, Stroke::new(1.0, colours.ink));
                }
            }
        }
    }
    // The trunk: bark with its grain, a darker rim, the tree's name.
    let trunk = poly(&tree.trunk);
    painter.add(egui::Shape::convex_polygon(trunk.clone(), colours.trunk, Stroke::new(1.5, colours.bark)));
    let t = Rect::from_points(&trunk);
    for k in 1..5 {
        let x = t.left() + t.width() * k as f32 / 5.0;
        let bend = t.width() * 0.04 * (hashed(tree.spaces[0], k) - 0.5);
        painter.line_segment(
            [Pos2::new(x + bend, t.top() + 3.0), Pos2::new(x - bend, t.bottom() - 3.0)],
            Stroke::new(1.0, colours.bark),
        );
    }
    paint_tree_name(painter, colours, board, tree);
}

/// The screen rectangle round a tree's spaces (its nest left out).
fn spaces_bounds(board: Board, tree: &Tree) -> Rect {
    let mut bounds = Rect::NOTHING;
    for &s in &tree.spaces {
        if field().spaces[s].nest.is_none() {
            let pts: Vec<Pos2> = field().spaces[s].outline.0.iter().map(|&v| board.to_screen(v)).collect();
            bounds = bounds.union(Rect::from_points(&pts));
        }
    }
    bounds
}

/// A tree's name on a plate at its foot, on the canopy's edge: on the
/// trunk, a long name ran into the spaces beside it, under the figures
/// there ("ld Beech"); higher, it covered the lowest space's figures.
/// Painted again over the spots where flights end (they hid the names).
pub(super) fn paint_tree_name(painter: &egui::Painter, colours: &Forest, board: Board, tree: &Tree) {
    let (plate, galley) = tree_name_plate(painter, colours, board, tree);
    painter.rect_filled(plate, 3.0, colours.bark.gamma_multiply(0.85));
    painter.galley(plate.min + Vec2::new(4.0, 1.5), galley, colours.on_trunk);
}

/// Where a tree's name plate lies, and its words laid out.
pub(super) fn tree_name_plate(
    painter: &egui::Painter,
    colours: &Forest,
    board: Board,
    tree: &Tree,
) -> (Rect, std::sync::Arc<egui::Galley>) {
    let poly = |p: &crate::rules::tail_feathers::geometry::Polygon| -> Vec<Pos2> {
        p.0.iter().map(|&v| board.to_screen(v)).collect()
    };
    let t = Rect::from_points(&poly(&tree.trunk));
    let name = tree.name.split(": ").last().unwrap_or(tree.name).trim_start_matches("the ").trim_start_matches("The ");
    let galley = painter.layout_no_wrap(name.to_string(), FontId::proportional(10.5), colours.on_trunk);
    // Below the lowest spaces whatever the scale (in a small window its
    // top reached over the figures in them).
    let foot = Pos2::new(t.center().x, spaces_bounds(board, tree).bottom() + 2.5);
    (Align2::CENTER_TOP.anchor_size(foot, galley.size()).expand2(Vec2::new(4.0, 1.5)), galley)
}

/// A nest: a woven ring of twigs round a hollow, its life on a dial
/// beside it and a flame for each fire.
fn paint_nest(
    painter: &egui::Painter,
    colours: &Forest,
    board: Board,
    state: &TailFeathers,
    rect: Rect,
    owner: Alliance,
) {
    let c = rect.center();
    let r = rect.width().min(rect.height()) * 0.48;
    shadow_disc(painter, colours, c, r);
    painter.circle_filled(c, r, colours.nest);
    for k in 0..18 {
        let a = std::f32::consts::TAU * (k as f32 + hashed(k, 9)) / 18.0;
        let b = a + 0.9;
        let (ra, rb) = (r * (0.72 + 0.2 * hashed(k, 5)), r * (0.72 + 0.2 * hashed(k, 6)));
        painter.line_segment(
            [c + Vec2::angled(a) * ra, c + Vec2::angled(b) * rb],
            Stroke::new(1.2, colours.bark.gamma_multiply(0.8)),
        );
    }
    painter.circle_filled(c, r * 0.55, colours.bark.gamma_multiply(0.55));
    paint_nest_dial(painter, colours, board, state, rect, owner);
    for k in 0..state.nest_fire(owner) {
        painter.circle_filled(c + Vec2::new(-r * 0.5 + 7.0 * f32::from(k), r * 0.6), 3.5, colours.fire);
    }
}

/// Every nest's dial and name again, over the lit spaces' outlines (one
/// cut through "Mice nest").
pub(super) fn paint_nest_dials(painter: &egui::Painter, colours: &Forest, board: Board, state: &TailFeathers) {
    let poly = |p: &crate::rules::tail_feathers::geometry::Polygon| -> Vec<Pos2> {
        p.0.iter().map(|&v| board.to_screen(v)).collect()
    };
    for sp in &field().spaces {
        if let Some(owner) = sp.nest {
            paint_nest_dial(painter, colours, board, state, Rect::from_points(&poly(&sp.outline)), owner);
        }
    }
}

/// Where each nest lies on the screen with its dial and name plate (what
/// the table's words keep clear of).
pub(super) fn nest_areas(board: Board) -> Vec<Rect> {
    field()
        .spaces
        .iter()
        .filter(|sp| sp.nest.is_some())
        .map(|sp| {
            let rect = Rect::from_points(&sp.outline.0.iter().map(|&v| board.to_screen(v)).collect::<Vec<_>>());
            // The dial stands at most 12 points over the space, its name
            // plate 13 over the dial's middle.
            rect.union(Rect::from_center_size(rect.center_top() - Vec2::new(0.0, 40.0), Vec2::new(70.0, 30.0)))
        })
        .collect()
}

/// What the table's words keep clear of: the nests ([`nest_areas`]) and
/// the `figures` (each a centre and a radius).
pub(super) fn kept_clear<F>(board: Board, figures: &[(F, Pos2, f32)]) -> Vec<Rect> {
    let bases = figures.iter().map(|(_, p, r)| Rect::from_center_size(*p, Vec2::splat(2.0 * r)));
    nest_areas(board).into_iter().chain(bases).collect()
}

/// A nest's life on a dial beside its space `rect`, and its name.
fn paint_nest_dial(
    painter: &egui::Painter,
    colours: &Forest,
    board: Board,
    state: &TailFeathers,
    rect: Rect,
    owner: Alliance,
) {
    let c = rect.center();
    let r = rect.width().min(rect.height()) * 0.48;
    // The life dial: a disc with the number, the side's colour round it.
    let life = state.nest_life(owner);
    let side = if owner == Alliance::Mice { colours.mice_base } else { colours.rats_base };
    let dial = board
        .to_screen(V2::new(if owner == Alliance::Mice { 0.5 } else { field().size - 0.5 }, board.to_table(c).y + 1.6));
    let dial = Pos2::new(c.x, dial.y.min(c.y - r - 12.0));
    painter.circle(dial, 11.0, colours.die, Stroke::new(2.5, side));
    painter.text(dial, Align2::CENTER_CENTER, life.to_string(), FontId::proportional(12.0), colours.die_ink);
    // Its name over the dial, on the table's edge: beside it, the words
    // ran over the tree's first space and the figures there ("Mice ne").
    let galley =
        painter.layout_no_wrap(format!("{} nest", side_name(owner)), FontId::proportional(10.0), colours.on_trunk);
    let plate =
        Align2::CENTER_BOTTOM.anchor_size(dial - Vec2::new(0.0, 13.0), galley.size()).expand2(Vec2::new(4.0, 1.0));
    painter.rect_filled(plate, 3.0, colours.bark.gamma_multiply(0.85));
    painter.galley(plate.min + Vec2::new(4.0, 1.0), galley, colours.on_trunk);
}

/// A card lying on the table: its shadow, a cardboard edge in `edge` (the
/// side's colour), its face (or, `back`, its back: a lattice of fine lines
/// and a feather, so a face-down card reads as one without its colour).
pub(super) fn paint_card(painter: &egui::Painter, colours: &Forest, r: Rect, edge: Color32, face: Color32, back: bool) {
    painter.add(RectShape::filled(r.translate(Vec2::new(1.5, 2.5)), 4.0, colours.shadow).with_blur_width(5.0));
    painter.rect_filled(r, 4.0, edge);
    let inner = r.shrink(2.5);
    painter.rect_filled(inner, 3.0, face);
    if back {
        let lines = painter.with_clip_rect(inner.intersect(painter.clip_rect()));
        let step = 6.0;
        let ink = colours.die.gamma_multiply(0.18);
        let mut x = inner.left() - inner.height();
        while x < inner.right() {
            lines.line_segment(
                [Pos2::new(x, inner.bottom()), Pos2::new(x + inner.height(), inner.top())],
                Stroke::new(1.0, ink),
            );
            lines.line_segment(
                [Pos2::new(x, inner.top()), Pos2::new(x + inner.height(), inner.bottom())],
                Stroke::new(1.0, ink),
            );
            x += step;
        }
        // A feather down the middle (a quill and its vanes), on a card
        // large enough to show it round its words.
        if inner.height() >= 80.0 {
            let (top, bottom) = (inner.center_top() + Vec2::new(3.0, 5.0), inner.center_bottom() - Vec2::new(3.0, 5.0));
            let vane = Stroke::new(1.2, colours.die.gamma_multiply(0.8));
            for k in 1..8 {
                let t = k as f32 / 8.0;
                let at = top + (bottom - top) * t;
                let w = inner.width() * 0.22 * (1.0 - (t - 0.4).abs());
                painter.line_segment([at, at + Vec2::new(-w, -w * 0.6)], vane);
                painter.line_segment([at, at + Vec2::new(w, -w * 0.6)], vane);
            }
            painter.line_segment([top, bottom], Stroke::new(1.5, colours.die));
        }
    }
    painter.rect_stroke(r, 4.0, Stroke::new(1.0, colours.bark.gamma_multiply(0.6)), StrokeKind::Outside);
}

/// The axis marker: a brass disc with a cross, on a soft shadow.
pub(super) fn paint_axis_marker(painter: &egui::Painter, colours: &Forest, at: Pos2, r: f32) {
    shadow_disc(painter, colours, at, r);
    painter.circle(at, r, colours.cheese.gamma_multiply(0.9), Stroke::new(1.5, colours.bark));
    painter.circle_stroke(at, r * 0.62, Stroke::new(1.0, colours.bark.gamma_multiply(0.7)));
    let s = Stroke::new(1.6, colours.bark);
    painter.line_segment([at - Vec2::new(r * 0.8, 0.0), at + Vec2::new(r * 0.8, 0.0)], s);
    painter.line_segment([at - Vec2::new(0.0, r * 0.8), at + Vec2::new(0.0, r * 0.8)], s);
}

/// A tail-feather token lying on the table: a vane pointed at its tip and
/// narrowing to the quill, a few barbs either side; its notched back
/// darker with three notches cut along one edge (told apart by shape, not
/// colour alone). `outline` is the token's strip as the rules lay it
/// (front-left, back-left, back-right, front-right).
pub(super) fn paint_feather(painter: &egui::Painter, colours: &Forest, outline: &[Pos2], notched: bool) {
    if outline.len() != 4 {
        return;
    }
    let fill = colours.feather[usize::from(notched)];
    let front = outline[0] + (outline[3] - outline[0]) * 0.5;
    let back = outline[1] + (outline[2] - outline[1]) * 0.5;
    let (along, across) = (front - back, (outline[0] - outline[3]) * 0.5);
    let vane = vec![
        front,
        front - along * 0.22 + across,
        back + along * 0.3 + across * 0.75,
        back + along * 0.06,
        back + along * 0.3 - across * 0.75,
        front - along * 0.22 - across,
    ];
    let shadow: Vec<Pos2> = vane.iter().map(|p| *p + Vec2::new(1.0, 1.5)).collect();
    painter.add(egui::Shape::convex_polygon(shadow, colours.shadow, Stroke::NONE));
    painter.add(egui::Shape::convex_polygon(vane, fill, Stroke::new(0.8, colours.bark.gamma_multiply(0.6))));
    let ink = Stroke::new(0.7, colours.bark.gamma_multiply(0.35));
    for k in 1..4 {
        let at = back + along * (0.25 + 0.18 * k as f32);
        painter.line_segment([at, at + across * 0.75 - along * 0.12], ink);
        painter.line_segment([at, at - across * 0.75 - along * 0.12], ink);
    }
    painter
        .line_segment([back - along * 0.08, front - along * 0.05], Stroke::new(1.1, colours.bark.gamma_multiply(0.8)));
    if notched {
        for k in 0..3 {
            let at = front - along * (0.3 + 0.14 * k as f32) + across * 0.85;
            let w = along * 0.05;
            painter.add(egui::Shape::convex_polygon(
                vec![at - w, at + w, at - across * 0.45],
                colours.floor,
                Stroke::NONE,
            ));
        }
    }
}

/// A death-spiral template (TF-R25) between two entangled birds: a red
/// bar, and round its middle two gold arrows chasing each other (the two
/// birds whirling down together); `outline` is its corners on screen
/// (near left, far left, far right, near right).
pub(super) fn paint_spiral(painter: &egui::Painter, colours: &Forest, outline: &[Pos2]) {
    if outline.len() != 4 {
        return;
    }
    let shadow: Vec<Pos2> = outline.iter().map(|p| *p + Vec2::new(1.5, 2.0)).collect();
    painter.add(egui::Shape::convex_polygon(shadow, colours.shadow, Stroke::NONE));
    painter.add(egui::Shape::convex_polygon(
        outline.to_vec(),
        colours.spiral[0],
        Stroke::new(1.0, colours.bark.gamma_multiply(0.8)),
    ));
    let (near, far) = (outline[0] + (outline[3] - outline[0]) * 0.5, outline[1] + (outline[2] - outline[1]) * 0.5);
    let (along, across) = (far - near, (outline[0] - outline[3]) * 0.5);
    let centre = near + along * 0.5;
    let r = ((along.length() * 0.5).min(across.length()) * 0.75).max(4.0);
    let start = across.y.atan2(across.x);
    let gold = Stroke::new((r * 0.18).clamp(1.5, 3.0), colours.spiral[1]);
    for half in [0.0, std::f32::consts::PI] {
        let a0 = start + half + 0.35;
        let sweep = 2.3;
        let arc: Vec<Pos2> = (0..=16).map(|i| centre + Vec2::angled(a0 + sweep * i as f32 / 16.0) * r).collect();
        let tip = centre + Vec2::angled(a0 + sweep) * r;
        let tangent = Vec2::angled(a0 + sweep + std::f32::consts::FRAC_PI_2);
        let head = r * 0.35;
        let radial = Vec2::angled(a0 + sweep);
        painter.add(egui::Shape::line(arc, gold));
        painter.add(egui::Shape::convex_polygon(
            vec![
                tip + tangent * head,
                tip - tangent * head * 0.2 + radial * head * 0.6,
                tip - tangent * head * 0.2 - radial * head * 0.6,
            ],
            colours.spiral[1],
            Stroke::NONE,
        ));
    }
}

/// A leaf (TF-R26): a golden blade on its eight-cornered outline as the
/// rules lay it (`outline[0]` and `outline[4]` the tips), a midrib from tip
/// to tip with veins to the edge, and its two pivot holes; a drifting leaf
/// floats higher (a longer shadow) and an attached one shows its stem.
pub(super) fn paint_leaf(
    painter: &egui::Painter,
    colours: &Forest,
    outline: &[Pos2],
    holes: [Pos2; 2],
    drifting: bool,
) {
    if outline.len() != 8 {
        return;
    }
    let lift = if drifting { Vec2::new(3.0, 4.5) } else { Vec2::new(1.2, 1.8) };
    let shadow: Vec<Pos2> = outline.iter().map(|p| *p + lift).collect();
    painter.add(egui::Shape::convex_polygon(shadow, colours.shadow, Stroke::NONE));
    painter.add(egui::Shape::convex_polygon(outline.to_vec(), colours.leaf[0], Stroke::new(1.0, colours.leaf[1])));
    let (a, b) = (outline[0], outline[4]);
    let rib = Stroke::new(1.4, colours.leaf[1]);
    painter.line_segment([a, b], rib);
    let vein = Stroke::new(0.8, colours.leaf[1].gamma_multiply(0.8));
    for (t, edge) in [(0.3, [1, 7]), (0.55, [2, 6]), (0.75, [3, 5])] {
        let on = a + (b - a) * t;
        for e in edge {
            let to = on + (outline[e] - on) * 0.8 + (b - a) * 0.08;
            painter.line_segment([on, to], vein);
        }
    }
    if !drifting {
        // The stem, where the leaf meets its branch.
        painter.line_segment([a, a - (b - a) * 0.08], Stroke::new(2.0, colours.bark));
    }
    let r = ((b - a).length() * 0.035).clamp(1.5, 4.0);
    for h in holes {
        painter.circle(h, r, colours.bark, Stroke::new(1.0, colours.leaf[0].gamma_multiply(0.6)));
    }
}
