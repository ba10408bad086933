//! Painted things shared by the covers on Home and the games' tables:
//! feathers (with a peacock's eye), butterflies, a labyrinth, the sun and
//! the sea, trees. Drawn from meshes and convex pieces in one style: a
//! flat colour, a lighter and a darker tone of it, a thin dark rim.

use std::f32::consts::{PI, TAU};

use egui::epaint::{Mesh, PathShape, Vertex, WHITE_UV};
use egui::{Color32, Painter, Pos2, Rect, Shape, Stroke, Vec2};

use super::theme::{Palette, mix};

/// A vertical gradient through `stops` (top to bottom) filling `rect`.
pub fn gradient(painter: &Painter, rect: Rect, stops: &[Color32]) {
    if stops.len() < 2 {
        if let Some(&c) = stops.first() {
            painter.rect_filled(rect, 0.0, c);
        }
        return;
    }
    let mut mesh = Mesh::default();
    let n = stops.len() - 1;
    for (i, &c) in stops.iter().enumerate() {
        let y = rect.top() + rect.height() * i as f32 / n as f32;
        mesh.vertices.push(Vertex { pos: Pos2::new(rect.left(), y), uv: WHITE_UV, color: c });
        mesh.vertices.push(Vertex { pos: Pos2::new(rect.right(), y), uv: WHITE_UV, color: c });
    }
    for i in 0..n as u32 {
        let k = i * 2;
        mesh.add_triangle(k, k + 1, k + 2);
        mesh.add_triangle(k + 1, k + 3, k + 2);
    }
    painter.add(Shape::mesh(mesh));
}

/// How a feather is painted.
#[derive(Clone, Copy, Debug)]
pub struct FeatherLook {
    /// The vane near the quill.
    pub base: Color32,
    /// The vane at the tip.
    pub tip: Color32,
    /// The quill and the barbs' lines.
    pub ink: Color32,
    /// A peacock's eye near the tip (outer to inner rings), if any.
    pub eye: Option<[Color32; 3]>,
    /// Bands across the vane (0: none), so feathers of like colours are
    /// told apart by pattern as well.
    pub bands: u8,
    /// Spots along the vane (0: none).
    pub spots: u8,
}

/// A feather from `quill` to `tip`, `width` at its widest, curving a
/// little to one side (`bend`, as a share of its length).
pub fn feather(painter: &Painter, quill: Pos2, tip: Pos2, width: f32, bend: f32, look: &FeatherLook) {
    const N: usize = 14;
    let axis = tip - quill;
    let len = axis.length().max(1.0);
    let dir = axis / len;
    let side = Vec2::new(-dir.y, dir.x);
    let spine = |t: f32| quill + axis * t + side * (len * bend * (PI * t).sin());
    // Half-width along the spine: narrow at the quill, widest past the
    // middle, a rounded tip.
    let half = |t: f32| {
        let t0 = ((t - 0.12) / 0.88).clamp(0.0, 1.0);
        width * 0.5 * (PI * t0.powf(0.75)).sin().max(0.0).powf(0.8)
    };
    let mut mesh = Mesh::default();
    let mut left = Vec::with_capacity(N + 1);
    let mut right = Vec::with_capacity(N + 1);
    for i in 0..=N {
        let t = i as f32 / N as f32;
        let p = spine(t);
        let w = half(t);
        let colour = mix(look.base, look.tip, t);
        let banded = look.bands > 0 && ((t * f32::from(look.bands) * 2.0).floor() as u32) % 2 == 1 && t > 0.2;
        let colour = if banded { mix(colour, look.ink, 0.28) } else { colour };
        left.push(p + side * w);
        right.push(p - side * w);
        // The outer edge a shade darker than the middle.
        let edge = mix(colour, look.ink, 0.18);
        mesh.vertices.push(Vertex { pos: p + side * w, uv: WHITE_UV, color: edge });
        mesh.vertices.push(Vertex { pos: p, uv: WHITE_UV, color: colour });
        mesh.vertices.push(Vertex { pos: p - side * w, uv: WHITE_UV, color: edge });
    }
    for i in 0..N as u32 {
        let k = i * 3;
        mesh.add_triangle(k, k + 1, k + 3);
        mesh.add_triangle(k + 1, k + 4, k + 3);
        mesh.add_triangle(k + 1, k + 2, k + 4);
        mesh.add_triangle(k + 2, k + 5, k + 4);
    }
    painter.add(Shape::mesh(mesh));
    let rim = Stroke::new((width * 0.03).clamp(0.6, 1.2), look.ink.gamma_multiply(0.7));
    let mut outline = left.clone();
    outline.extend(right.iter().rev());
    painter.add(Shape::Path(PathShape::closed_line(outline, rim)));
    // Barbs: thin lines slanting out from the quill towards the tip.
    let barb = Stroke::new((width * 0.025).clamp(0.4, 1.0), look.ink.gamma_multiply(0.35));
    for i in 3..N {
        let t = i as f32 / N as f32;
        let p = spine(t);
        let w = half(t) * 0.85;
        let ahead = dir * w * 0.45;
        painter.line_segment([p, p + side * w + ahead], barb);
        painter.line_segment([p, p - side * w + ahead], barb);
    }
    for s in 0..look.spots {
        let t = 0.35 + 0.45 * (f32::from(s) + 0.5) / f32::from(look.spots);
        let offset = if s % 2 == 0 { 0.45 } else { -0.45 };
        painter.circle_filled(spine(t) + side * half(t) * offset, width * 0.07, mix(look.tip, look.ink, 0.55));
    }
    if let Some(rings) = look.eye {
        let c = spine(0.8);
        let w = half(0.8);
        for (k, colour) in rings.iter().enumerate() {
            let scale = 1.0 - k as f32 * 0.3;
            oval(painter, c, dir, w * 0.95 * scale * 1.25, w * 0.95 * scale, *colour);
        }
    }
    painter
        .line_segment([quill - dir * len * 0.06, spine(0.93)], Stroke::new((width * 0.05).clamp(0.8, 2.0), look.ink));
}

/// A filled oval centred on `c`, `along` its half-length on `dir`.
pub fn oval(painter: &Painter, c: Pos2, dir: Vec2, along: f32, across: f32, fill: Color32) {
    let side = Vec2::new(-dir.y, dir.x);
    let pts: Vec<Pos2> = (0..20)
        .map(|i| {
            let a = i as f32 / 20.0 * TAU;
            c + dir * (a.cos() * along) + side * (a.sin() * across)
        })
        .collect();
    painter.add(Shape::convex_polygon(pts, fill, Stroke::NONE));
}

/// A butterfly seen from above, wings open: `fill` wings with a darker
/// edge, spots, and a body. `tilt` in radians.
pub fn butterfly(painter: &Painter, centre: Pos2, size: f32, tilt: f32, fill: Color32, ink: Color32) {
    let up = Vec2::new(tilt.sin(), -tilt.cos());
    let right = Vec2::new(-up.y, up.x);
    let wing = |side: f32, upper: bool| {
        let d = if upper { up * 0.55 + right * side } else { -up * 0.6 + right * side * 0.8 };
        let d = d.normalized();
        let c = centre + d * size * if upper { 0.3 } else { 0.22 };
        let (a, b) = if upper { (size * 0.34, size * 0.24) } else { (size * 0.24, size * 0.17) };
        oval(painter, c, d, a + 1.2, b + 1.2, ink);
        oval(painter, c, d, a, b, fill);
        oval(painter, c + d * a * 0.35, d, a * 0.25, b * 0.3, mix(fill, ink, 0.5));
    };
    for side in [-1.0, 1.0] {
        wing(side, false);
        wing(side, true);
    }
    oval(painter, centre, up, size * 0.24, size * 0.05, ink);
    let head = centre + up * size * 0.24;
    for side in [-1.0, 1.0] {
        painter.line_segment(
            [head, head + up * size * 0.16 + right * side * size * 0.1],
            Stroke::new((size * 0.03).max(0.8), ink),
        );
    }
}

/// A labyrinth seen from above: nested square walls, each with a gap on
/// alternating sides, in `rect`.
pub fn labyrinth(painter: &Painter, rect: Rect, floor: Color32, wall: Color32, rim: Color32) {
    let side = rect.width().min(rect.height());
    let square = Rect::from_center_size(rect.center(), Vec2::splat(side));
    painter.rect_filled(square, side * 0.04, floor);
    let rings = 5;
    let step = side / (2.0 * rings as f32 + 1.0);
    let thick = step * 0.45;
    for k in 0..rings {
        let r = square.shrink(step * k as f32 + step * 0.5);
        let corners = [r.left_top(), r.right_top(), r.right_bottom(), r.left_bottom()];
        // The gap moves round the rings so the way in winds.
        let gap_side = k % 4;
        for s in 0..4 {
            let (a, b) = (corners[s], corners[(s + 1) % 4]);
            if s == gap_side {
                let mid = a + (b - a) * 0.5;
                let half = (b - a).normalized() * step * 0.6;
                wall_segment(painter, a, mid - half, thick, wall, rim);
                wall_segment(painter, mid + half, b, thick, wall, rim);
            } else {
                wall_segment(painter, a, b, thick, wall, rim);
            }
        }
    }
}

fn wall_segment(painter: &Painter, a: Pos2, b: Pos2, thick: f32, wall: Color32, rim: Color32) {
    painter.line_segment([a, b], Stroke::new(thick + 1.5, rim));
    painter.line_segment([a, b], Stroke::new(thick, wall));
}

/// The sun: a disc with short rays.
pub fn sun(painter: &Painter, centre: Pos2, r: f32, fill: Color32, rays: Color32) {
    for i in 0..12 {
        let a = i as f32 / 12.0 * TAU;
        let d = Vec2::new(a.cos(), a.sin());
        painter.line_segment([centre + d * r * 1.2, centre + d * r * 1.55], Stroke::new(r * 0.12, rays));
    }
    painter.circle(centre, r, fill, Stroke::new(r * 0.06, rays));
}

/// Rows of waves across `rect`.
pub fn waves(painter: &Painter, rect: Rect, ink: Color32) {
    let rows = 3;
    for k in 0..rows {
        let y = rect.top() + rect.height() * (k as f32 + 0.6) / rows as f32;
        let pts: Vec<Pos2> = (0..=40)
            .map(|i| {
                let x = rect.left() + rect.width() * i as f32 / 40.0;
                Pos2::new(x, y + ((x - rect.left()) / 9.0 + k as f32).sin() * 2.5)
            })
            .collect();
        painter.add(Shape::line(pts, Stroke::new(1.4, ink)));
    }
}

/// A round-crowned tree: a trunk and three overlapping discs of leaves.
pub fn tree(painter: &Painter, foot: Pos2, height: f32, leaves: [Color32; 3], bark: Color32, rim: Color32) {
    let trunk =
        Rect::from_min_max(foot - Vec2::new(height * 0.06, height * 0.45), foot + Vec2::new(height * 0.06, 0.0));
    painter.rect(trunk, 1.0, bark, Stroke::new(1.0, rim), egui::StrokeKind::Inside);
    let crown = foot - Vec2::new(0.0, height * 0.65);
    let r = height * 0.26;
    for (k, (dx, dy)) in [(-0.55, 0.25), (0.55, 0.2), (0.0, -0.3)].into_iter().enumerate() {
        let c = crown + Vec2::new(dx, dy) * r;
        painter.circle(c, r, leaves[k], Stroke::new(1.0, rim));
    }
}

/// A gladiator's helmet in profile: the bowl, a crest and a visor grille.
pub fn helmet(painter: &Painter, centre: Pos2, size: f32, metal: Color32, crest: Color32, rim: Color32) {
    let r = size * 0.36;
    // The crest: a fan of short strokes over the bowl.
    for i in 0..9 {
        let a = PI * (1.1 + 0.8 * i as f32 / 8.0);
        let d = Vec2::new(a.cos(), a.sin());
        painter.line_segment(
            [centre + d * r * 0.6, centre + d * r * 1.45 + Vec2::new(0.0, -r * 0.1)],
            Stroke::new(r * 0.2, crest),
        );
    }
    painter.circle(centre, r, metal, Stroke::new(1.5, rim));
    let brim = Rect::from_center_size(centre + Vec2::new(0.0, r * 0.85), Vec2::new(r * 2.6, r * 0.3));
    painter.rect(brim, r * 0.1, metal, Stroke::new(1.5, rim), egui::StrokeKind::Inside);
    let visor = Rect::from_center_size(centre + Vec2::new(0.0, r * 0.15), Vec2::new(r * 1.1, r * 0.8));
    painter.rect(visor, r * 0.15, mix(metal, rim, 0.5), Stroke::new(1.0, rim), egui::StrokeKind::Inside);
    for k in 0..3 {
        let x = visor.left() + visor.width() * (k as f32 + 1.0) / 4.0;
        painter
            .line_segment([Pos2::new(x, visor.top() + 2.0), Pos2::new(x, visor.bottom() - 2.0)], Stroke::new(1.0, rim));
    }
}

/// How a standing figure is painted (Daedalus, Icarus).
#[derive(Clone, Copy, Debug)]
pub struct Figure {
    /// The robe.
    pub robe: Color32,
    /// Skin, hair, and whether the hair runs down into a beard.
    pub skin: Color32,
    pub hair: Color32,
    pub beard: bool,
    /// The outline.
    pub rim: Color32,
}

/// A robed figure standing on a round plinth, seen from the front:
/// `foot` is where the plinth meets the floor, `height` the figure's
/// height from the plinth to the top of the head.
pub fn robed_figure(painter: &Painter, foot: Pos2, height: f32, look: &Figure) {
    let h = height;
    let rim = Stroke::new((h * 0.03).clamp(1.0, 1.8), look.rim);
    // Its shadow and its plinth in the robe's colour.
    oval(painter, foot + Vec2::new(h * 0.06, h * 0.02), Vec2::X, h * 0.34, h * 0.1, super::theme::SHADE);
    let plinth = Rect::from_center_size(foot - Vec2::new(0.0, h * 0.04), Vec2::new(h * 0.62, h * 0.16));
    painter.add(Shape::ellipse_filled(
        plinth.center() + Vec2::new(0.0, h * 0.035),
        plinth.size() / 2.0,
        mix(look.robe, look.rim, 0.5),
    ));
    painter.add(Shape::ellipse_filled(plinth.center(), plinth.size() / 2.0, look.robe));
    painter.add(Shape::ellipse_stroke(plinth.center(), plinth.size() / 2.0, rim));
    // The robe: a bell from the shoulders to the hem, a belt at the waist.
    let hem = foot.y - h * 0.06;
    let shoulder = hem - h * 0.62;
    let c = foot.x;
    let robe = vec![
        Pos2::new(c - h * 0.13, shoulder),
        Pos2::new(c + h * 0.13, shoulder),
        Pos2::new(c + h * 0.2, shoulder + h * 0.12),
        Pos2::new(c + h * 0.24, hem),
        Pos2::new(c - h * 0.24, hem),
        Pos2::new(c - h * 0.2, shoulder + h * 0.12),
    ];
    painter.add(Shape::convex_polygon(robe, look.robe, rim));
    let lit = Rect::from_min_max(Pos2::new(c - h * 0.17, shoulder + h * 0.1), Pos2::new(c - h * 0.08, hem - h * 0.04));
    painter.rect_filled(lit, h * 0.04, mix(look.robe, super::theme::DAYLIGHT, 0.18));
    let belt = shoulder + h * 0.3;
    painter
        .line_segment([Pos2::new(c - h * 0.21, belt), Pos2::new(c + h * 0.21, belt)], Stroke::new(h * 0.045, look.rim));
    // The arms at the sides, hands showing.
    for side in [-1.0f32, 1.0] {
        let top = Pos2::new(c + side * h * 0.17, shoulder + h * 0.06);
        let hand = Pos2::new(c + side * h * 0.25, shoulder + h * 0.36);
        painter.line_segment([top, hand], Stroke::new(h * 0.1, mix(look.robe, look.rim, 0.25)));
        painter.circle(hand, h * 0.05, look.skin, Stroke::new(rim.width * 0.7, look.rim));
    }
    // The head, with hair on top and (for the old man) a beard below.
    let head = Pos2::new(c, shoulder - h * 0.12);
    let r = h * 0.13;
    if look.beard {
        let beard = vec![
            head + Vec2::new(-r * 0.95, 0.0),
            head + Vec2::new(r * 0.95, 0.0),
            head + Vec2::new(r * 0.55, r * 1.35),
            head + Vec2::new(0.0, r * 1.75),
            head + Vec2::new(-r * 0.55, r * 1.35),
        ];
        painter.add(Shape::convex_polygon(beard, look.hair, rim));
    }
    painter.circle(head, r, look.skin, rim);
    if look.beard {
        painter.circle_filled(head + Vec2::new(0.0, r * 0.55), r * 0.62, look.hair);
        painter.circle_filled(head + Vec2::new(0.0, r * 0.25), r * 0.3, look.skin);
    }
    let cap: Vec<Pos2> = (0..=10)
        .map(|i| {
            let angle = PI + PI * i as f32 / 10.0;
            head + Vec2::new(angle.cos() * r * 1.02, angle.sin() * r * 1.02 + r * 0.05)
        })
        .collect();
    painter.add(Shape::convex_polygon(cap, look.hair, Stroke::NONE));
    for side in [-1.0f32, 1.0] {
        painter.circle_filled(head + Vec2::new(side * r * 0.38, r * 0.12), (r * 0.13).max(0.8), look.rim);
    }
}

/// The outline of a dome `2 w` wide and `h` tall standing on `foot`, a
/// little fuller than a half ellipse, flat at the foot.
fn dome(foot: Pos2, w: f32, h: f32) -> Vec<Pos2> {
    (0..=16)
        .map(|i| {
            let a = PI * i as f32 / 16.0;
            // sin(PI) is a hair below zero: clamped, or its power is NaN.
            Pos2::new(foot.x - a.cos() * w, foot.y - a.sin().max(0.0).powf(0.8) * h)
        })
        .collect()
}

/// A straw skep: a dome of coiled straw with a dark door at its foot,
/// on a floor `foot`, `size` across.
pub fn skep(painter: &Painter, foot: Pos2, size: f32, straw: Color32, rim: Color32) {
    let w = size * 0.5;
    let h = size * 0.8;
    oval(painter, foot + Vec2::new(size * 0.04, 0.0), Vec2::X, w * 1.05, size * 0.1, super::theme::SHADE);
    let dome = dome(foot, w, h);
    painter.add(Shape::convex_polygon(dome.clone(), straw, Stroke::new(1.2, rim)));
    // The coils of straw: bands across the dome, each shaded below.
    let bands = 5;
    for k in 1..=bands {
        let y = foot.y - h * k as f32 / (bands as f32 + 0.6);
        let t = (foot.y - y) / h;
        let half = w * (1.0 - t.powf(1.25)).max(0.0).sqrt();
        if half > 1.0 {
            painter.line_segment(
                [Pos2::new(foot.x - half, y), Pos2::new(foot.x + half, y)],
                Stroke::new((size * 0.035).max(1.0), mix(straw, rim, 0.45)),
            );
        }
    }
    painter.add(Shape::closed_line(dome, Stroke::new(1.2, rim)));
    // The door, dark, at the foot.
    let door = Rect::from_center_size(foot - Vec2::new(0.0, size * 0.09), Vec2::new(size * 0.22, size * 0.16));
    painter.rect_filled(door, egui::CornerRadius { nw: 20, ne: 20, sw: 0, se: 0 }, rim);
}

/// A peacock's fan: `rows` arcs of eyed feathers spread above `base`.
pub fn peacock_fan(painter: &Painter, palette: &Palette, base: Pos2, radius: f32, rows: usize) {
    let p = palette.table.peacock;
    for row in (0..rows).rev() {
        let reach = radius * (0.55 + 0.45 * (row + 1) as f32 / rows as f32);
        let n = 7 + row * 2;
        for i in 0..n {
            let a = PI * (1.08 + 0.84 * i as f32 / (n - 1) as f32);
            let tip = base + Vec2::new(a.cos(), a.sin()) * reach;
            let look = FeatherLook {
                base: mix(p[2], p[0], 0.3),
                tip: p[2],
                ink: palette.table.rim,
                eye: Some([p[1], p[3], p[4]]),
                bands: 0,
                spots: 0,
            };
            feather(painter, base, tip, reach * 0.26, 0.0, &look);
        }
    }
    // The bird's body at the foot of the fan.
    let body = base + Vec2::new(0.0, -radius * 0.06);
    oval(painter, body, Vec2::new(0.0, -1.0), radius * 0.2, radius * 0.09, p[0]);
    let head = body + Vec2::new(0.0, -radius * 0.24);
    painter.circle(head, radius * 0.06, p[0], Stroke::new(1.0, palette.table.rim));
    for k in 0..3 {
        let x = (k as f32 - 1.0) * radius * 0.035;
        let top = head + Vec2::new(x * 1.6, -radius * 0.12);
        painter.line_segment([head, top], Stroke::new(1.0, p[0]));
        painter.circle_filled(top, radius * 0.014, p[3]);
    }
}

/// A little picture beside a title (a card of Settings).
#[derive(Clone, Copy)]
pub enum Emblem {
    /// The sun and the moon: light and dark.
    Look,
    /// A loudspeaker with its sound.
    Sound,
    /// A die.
    Play,
    /// Two tokens joined: a game between two computers.
    Online,
    /// A screen on its stand.
    Computer,
}

impl Emblem {
    /// Paints the emblem in `rect`, in the ink of a card of board.
    pub fn paint(self, painter: &egui::Painter, palette: &crate::ui::theme::Palette, rect: egui::Rect) {
        use egui::{Pos2, Stroke, pos2, vec2};
        let ink = palette.table.on_plate;
        let gold = palette.selection;
        let c = rect.center();
        let line = Stroke::new(1.6, ink);
        match self {
            Self::Look => {
                painter.circle(c - vec2(4.0, 3.0), 6.5, gold, Stroke::new(1.0, ink));
                for k in 0..8 {
                    let a = std::f32::consts::TAU * k as f32 / 8.0;
                    let d = vec2(a.cos(), a.sin());
                    let o = c - vec2(4.0, 3.0);
                    painter.line_segment([o + d * 8.5, o + d * 11.0], Stroke::new(1.2, ink));
                }
                // The moon: a disc with a bite of the card taken out.
                painter.circle(c + vec2(5.0, 5.0), 6.0, ink, Stroke::NONE);
                painter.circle_filled(c + vec2(8.0, 3.0), 5.0, palette.table.plate);
            }
            Self::Sound => {
                let body = [
                    pos2(c.x - 10.0, c.y - 3.5),
                    pos2(c.x - 5.0, c.y - 3.5),
                    pos2(c.x + 1.0, c.y - 9.0),
                    pos2(c.x + 1.0, c.y + 9.0),
                    pos2(c.x - 5.0, c.y + 3.5),
                    pos2(c.x - 10.0, c.y + 3.5),
                ];
                painter.add(egui::Shape::convex_polygon(body.to_vec(), ink, Stroke::NONE));
                for (k, r) in [5.0_f32, 9.0].into_iter().enumerate() {
                    let arc: Vec<Pos2> = (0..=8)
                        .map(|i| {
                            let a = -0.9 + 1.8 * i as f32 / 8.0;
                            pos2(c.x + 1.0 + r * a.cos(), c.y + r * a.sin())
                        })
                        .collect();
                    let colour = if k == 0 { ink } else { gold };
                    painter.add(egui::Shape::line(arc, Stroke::new(1.8, colour)));
                }
            }
            Self::Play => {
                let die = egui::Rect::from_center_size(c, vec2(20.0, 20.0));
                painter.rect_filled(die.translate(vec2(1.0, 1.5)), 4.0, palette.table.shadow);
                let edge = crate::ui::look::edge_of(palette.card_face, palette);
                painter.rect(die, 4.0, palette.card_face, Stroke::new(1.0, edge), egui::StrokeKind::Inside);
                for (x, y) in [(-5.0, -5.0), (5.0, 5.0), (0.0, 0.0), (5.0, -5.0), (-5.0, 5.0)] {
                    painter.circle_filled(c + vec2(x, y), 1.9, palette.black_suit);
                }
            }
            Self::Online => {
                let (a, b) = (c - vec2(7.0, -3.0), c + vec2(7.0, -3.0));
                for (k, i) in (0..5).enumerate() {
                    let t = (i as f32 + 0.5) / 5.0;
                    if k % 2 == 0 {
                        painter.line_segment([a.lerp(b, t - 0.08), a.lerp(b, t + 0.08)], Stroke::new(1.4, ink));
                    }
                }
                painter.circle(a, 5.5, gold, Stroke::new(1.0, ink));
                painter.circle(b, 5.5, palette.table.peacock[2], Stroke::new(1.0, ink));
            }
            Self::Computer => {
                let screen = egui::Rect::from_center_size(c - vec2(0.0, 3.0), vec2(22.0, 15.0));
                painter.rect(screen, 2.0, palette.table.cloth, line, egui::StrokeKind::Inside);
                painter.line_segment([pos2(c.x, screen.bottom()), pos2(c.x, screen.bottom() + 4.0)], line);
                painter.line_segment(
                    [pos2(c.x - 6.0, screen.bottom() + 5.0), pos2(c.x + 6.0, screen.bottom() + 5.0)],
                    line,
                );
            }
        }
    }
}

/// A small, stable hash for the variation of one square's stone.
fn stone_hash(n: u32) -> u32 {
    let mut x = n.wrapping_mul(0x9E37_79B9) ^ 0x85EB_CA6B;
    x ^= x >> 15;
    x = x.wrapping_mul(0x2C1B_3C6D);
    x ^= x >> 12;
    x
}

/// A share between 0 and 1 from eight bits of `h`, `shift` bits along.
fn share(h: u32, shift: u32) -> f32 {
    ((h >> shift) & 0xff) as f32 / 255.0
}

/// A square of floor as a flag of stone: its tone varied a little from its
/// neighbours', a lit edge above and to the left, a shaded one opposite,
/// and a few flecks in the stone.
pub fn flagstone(painter: &Painter, rect: Rect, base: Color32, (light, shade): (Color32, Color32), seed: u32) {
    let dark = base.r() < 0x90;
    let grain = stone_hash(seed);
    let tone = share(grain, 0) - 0.5;
    let face = if tone > 0.0 { mix(base, light, tone * 0.12) } else { mix(base, shade, -tone * 0.12) };
    painter.rect_filled(rect, 0.0, face);
    let edge = (rect.width() * 0.035).max(1.0);
    let lit = Stroke::new(edge, mix(face, light, 0.28));
    let dim = Stroke::new(edge, mix(face, shade, 0.22));
    let inset = rect.shrink(edge / 2.0);
    painter.line_segment([inset.left_top(), inset.right_top()], lit);
    painter.line_segment([inset.left_top(), inset.left_bottom()], lit);
    painter.line_segment([inset.left_bottom(), inset.right_bottom()], dim);
    painter.line_segment([inset.right_top(), inset.right_bottom()], dim);
    // Flecks and, on some flags, a hairline crack.
    let fleck = mix(face, if dark { light } else { shade }, 0.13);
    for k in 0..5 {
        let hk = stone_hash(seed.wrapping_mul(31).wrapping_add(k));
        let at = rect.min + Vec2::new(share(hk, 0), share(hk, 8)) * rect.size() * 0.8 + rect.size() * 0.1;
        painter.circle_filled(at, 0.6 + share(hk, 16) * rect.width() * 0.012, fleck);
    }
    if grain.is_multiple_of(5) {
        let start = rect.min + Vec2::new(0.1 + share(grain, 8) * 0.5, 0.2 + share(grain, 16) * 0.3) * rect.size();
        let bend = start + Vec2::new(rect.width() * 0.18, rect.height() * 0.1);
        let end = bend + Vec2::new(rect.width() * 0.1, rect.height() * 0.16);
        let crack = Stroke::new(0.8, mix(face, shade, 0.2));
        painter.line_segment([start, bend], crack);
        painter.line_segment([bend, end], crack);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_skeps_dome_has_no_nan_point() {
        // A NaN point makes egui's tessellator panic: the app closed
        // as soon as a labyrinth with a hive was shown.
        let pts = dome(Pos2::new(40.0, 80.0), 12.0, 20.0);
        assert!(pts.iter().all(|p| p.x.is_finite() && p.y.is_finite()), "{pts:?}");
        assert!((pts[16].y - 80.0).abs() < 0.01 && (pts[0].y - 80.0).abs() < 0.01, "both ends on the floor");
        assert!((pts[8].y - 60.0).abs() < 0.01, "the top at its height");
    }
}
