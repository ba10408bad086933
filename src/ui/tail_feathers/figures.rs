//! The figures as painted miniatures seen from above: each bird species
//! with its own silhouette and plumage (wings spread in flight, folded on
//! a perch, the wing on the side it tilts dipped and foreshortened), mice
//! and rats as small figures on their bases.
//!
//! Every figure is drawn in code from convex pieces (a silhouette is the
//! union of a body, a head, a beak, wings and a tail), so it turns with
//! its heading and scales with the window at no cost and needs no
//! texture: a rim is painted first under every piece, then the pieces,
//! then the markings that tell the species apart (the swallow's red face
//! and long streamers, the chaffinch's white wing bars, the jay's blue
//! wing patch and white rump, the crow's fingered wings and heavy bill,
//! the magpie's white shoulders and long tail).

#![allow(clippy::many_single_char_names, reason = "drawing code reads best with the usual short names (p, r, x, y)")]

use egui::{Color32, Pos2, Shape, Stroke, Vec2};

use crate::ui::theme::{FEATHER_SHEEN, FUR, PLUMAGE, Plumage, SADDLE, mix};

/// The five species the units fly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Species {
    Swallow,
    Chaffinch,
    Jay,
    Crow,
    Magpie,
}

impl Species {
    /// The species of a bird by its name in the rules.
    pub(super) fn of(name: &str) -> Self {
        match name {
            "Swallow" => Self::Swallow,
            "Chaffinch" => Self::Chaffinch,
            "Jay" => Self::Jay,
            "Magpie" => Self::Magpie,
            _ => Self::Crow,
        }
    }
}

/// How the wings are held.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Wings {
    /// In flight; `bank` is -1 tilted left, 0 level, 1 tilted right.
    Spread { bank: f32 },
    /// On a perch.
    Folded,
}

/// How far a bird's painted wings reach past its base, in base radii.
const BIRD_OVERHANG: f32 = 1.75;

/// A point of the figure: `x` to its right, `y` ahead, in base radii.
type Local = (f32, f32);

/// One convex piece of a silhouette and its paint.
struct Piece {
    points: Vec<Local>,
    paint: Color32,
    /// A flight feather: outlined on its own, so a wing or a tail shows
    /// its feathers rather than one flat shape.
    edged: bool,
}

/// A line painted on the figure (a wing bar, a crest).
struct Mark {
    from: Local,
    to: Local,
    width: f32,
    paint: Color32,
}

/// An ellipse's outline.
fn ellipse(cx: f32, cy: f32, rx: f32, ry: f32) -> Vec<Local> {
    (0..16)
        .map(|k| {
            let a = std::f32::consts::TAU * k as f32 / 16.0;
            (cx + rx * a.cos(), cy + ry * a.sin())
        })
        .collect()
}

/// The convex hull of a few points (monotone chain), so every piece is
/// safe to fill as a convex polygon whatever order its points come in.
fn hull(mut pts: Vec<Pos2>) -> Vec<Pos2> {
    pts.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
    pts.dedup();
    if pts.len() < 3 {
        return pts;
    }
    let cross = |o: Pos2, a: Pos2, b: Pos2| (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
    let mut lower: Vec<Pos2> = Vec::new();
    for &p in &pts {
        while lower.len() >= 2 && cross(lower[lower.len() - 2], lower[lower.len() - 1], p) <= 0.0 {
            lower.pop();
        }
        lower.push(p);
    }
    let mut upper: Vec<Pos2> = Vec::new();
    for &p in pts.iter().rev() {
        while upper.len() >= 2 && cross(upper[upper.len() - 2], upper[upper.len() - 1], p) <= 0.0 {
            upper.pop();
        }
        upper.push(p);
    }
    lower.pop();
    upper.pop();
    lower.extend(upper);
    lower
}

fn plumage(s: Species) -> Plumage {
    PLUMAGE[s as usize]
}

/// A spread right wing (the left is its mirror): the arm (the coverts,
/// one convex piece from shoulder to wrist), the tips of the hand's
/// flight feathers from the leading edge round to the trailing one, and
/// how wide each flight feather is.
struct WingPlan {
    arm: [Local; 4],
    tips: &'static [Local],
    width: f32,
}

fn wing_plan(s: Species) -> WingPlan {
    match s {
        // Long, narrow and swept back: a scythe.
        Species::Swallow => WingPlan {
            arm: [(0.08, 0.18), (0.42, 0.14), (0.46, -0.03), (0.1, -0.06)],
            tips: &[(0.7, 0.07), (0.84, -0.1), (0.98, -0.32)],
            width: 0.13,
        },
        Species::Chaffinch => WingPlan {
            arm: [(0.1, 0.16), (0.46, 0.16), (0.5, -0.12), (0.1, -0.12)],
            tips: &[(0.72, 0.12), (0.8, 0.03), (0.82, -0.07), (0.77, -0.16), (0.68, -0.21)],
            width: 0.11,
        },
        // Broad and rounded.
        Species::Jay => WingPlan {
            arm: [(0.1, 0.18), (0.46, 0.18), (0.5, -0.16), (0.1, -0.14)],
            tips: &[(0.76, 0.14), (0.86, 0.04), (0.89, -0.07), (0.84, -0.17), (0.74, -0.24)],
            width: 0.12,
        },
        // Long, with the fingered tips of a crow's hand.
        Species::Crow => WingPlan {
            arm: [(0.12, 0.2), (0.5, 0.2), (0.55, -0.2), (0.12, -0.16)],
            tips: &[(0.96, 0.14), (1.02, 0.03), (1.0, -0.08), (0.94, -0.18), (0.84, -0.26)],
            width: 0.085,
        },
        Species::Magpie => WingPlan {
            arm: [(0.1, 0.16), (0.46, 0.16), (0.48, -0.14), (0.1, -0.12)],
            tips: &[(0.74, 0.12), (0.84, 0.03), (0.85, -0.07), (0.78, -0.16), (0.66, -0.2)],
            width: 0.12,
        },
    }
}

/// A flight feather from `base` to `tip`, `w` wide: a long blade,
/// widest past its middle and rounded at the tip (convex).
fn feather(base: Local, tip: Local, w: f32) -> Vec<Local> {
    let (dx, dy) = (tip.0 - base.0, tip.1 - base.1);
    let len = dx.hypot(dy).max(1e-4);
    let (ux, uy) = (dx / len, dy / len);
    let (px, py) = (-uy, ux);
    let at = |t: f32, half: f32| (base.0 + ux * len * t + px * half, base.1 + uy * len * t + py * half);
    let h = w / 2.0;
    vec![
        at(0.0, h * 0.5),
        at(0.55, h),
        at(0.88, h * 0.75),
        at(1.0, 0.0),
        at(0.88, -h * 0.75),
        at(0.55, -h),
        at(0.0, -h * 0.5),
    ]
}

fn lerp(a: Local, b: Local, t: f32) -> Local {
    (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t)
}

/// The right wing spread, as pieces: the hand's flight feathers fanning
/// from the wrist (the trailing ones first, so the leading edge lies on
/// top), the arm's shorter flight feathers along its trailing edge, then
/// the arm over their roots.
fn spread_wing(s: Species, paint: &Plumage) -> Vec<Piece> {
    let plan = wing_plan(s);
    let [_, wrist, wrist_back, armpit] = plan.arm;
    let n = plan.tips.len();
    let mut pieces = Vec::new();
    for (k, &tip) in plan.tips.iter().enumerate().rev() {
        let t = if n > 1 { k as f32 / (n - 1) as f32 } else { 0.5 };
        let base = lerp((wrist.0 - 0.1, wrist.1 - 0.03), (wrist_back.0 - 0.08, wrist_back.1 + 0.05), t);
        pieces.push(Piece { points: feather(base, tip, plan.width), paint: paint.tips, edged: true });
    }
    let reach = if s == Species::Swallow { 0.1 } else { 0.15 };
    for k in 0..4 {
        let base = lerp(armpit, wrist_back, 0.12 + 0.25 * k as f32);
        let base = (base.0, base.1 + 0.06);
        let tip = (base.0 + 0.03, base.1 - 0.06 - reach);
        pieces.push(Piece { points: feather(base, tip, plan.width * 1.15), paint: paint.wing, edged: true });
    }
    pieces.push(Piece { points: plan.arm.to_vec(), paint: paint.wing, edged: false });
    pieces
}

/// The tail, as pieces: the swallow's two streamers, the magpie's long
/// graduated tail, and the others' fans of feathers.
fn tail(s: Species, paint: Color32) -> Vec<Piece> {
    let fan = |len: f32, spread: f32, w: f32| -> Vec<Piece> {
        [-2.0_f32, 2.0, -1.0, 1.0, 0.0]
            .iter()
            .map(|&k| Piece {
                points: feather((k * 0.03, -0.26), (k * spread / 2.0, -len + k.abs() * 0.015), w),
                paint,
                edged: true,
            })
            .collect()
    };
    match s {
        Species::Swallow => vec![
            Piece { points: vec![(-0.1, -0.26), (0.1, -0.26), (0.06, -0.46), (-0.06, -0.46)], paint, edged: false },
            Piece { points: feather((-0.04, -0.28), (-0.24, -0.94), 0.07), paint, edged: true },
            Piece { points: feather((0.04, -0.28), (0.24, -0.94), 0.07), paint, edged: true },
        ],
        Species::Chaffinch => fan(0.72, 0.2, 0.1),
        Species::Jay => fan(0.8, 0.22, 0.11),
        Species::Crow => fan(0.84, 0.34, 0.12),
        Species::Magpie => [(-0.11, -0.76), (0.11, -0.76), (-0.06, -0.92), (0.06, -0.92), (0.0, -1.06)]
            .iter()
            .map(|&(x, y)| Piece { points: feather((x * 0.4, -0.26), (x, y), 0.09), paint, edged: true })
            .collect(),
    }
}

/// Body (half width, half length), head radius, bill (half width, tip).
fn build(s: Species) -> ((f32, f32), f32, (f32, f32)) {
    match s {
        Species::Swallow => ((0.15, 0.36), 0.14, (0.04, 0.52)),
        Species::Chaffinch => ((0.19, 0.36), 0.16, (0.07, 0.52)),
        Species::Jay => ((0.22, 0.38), 0.17, (0.06, 0.56)),
        Species::Crow => ((0.24, 0.42), 0.18, (0.09, 0.68)),
        Species::Magpie => ((0.2, 0.36), 0.16, (0.06, 0.54)),
    }
}

/// The marks on a spread wing; `side` is -1 or 1 times the wing's span.
fn spread_marks(s: Species, paint: &Plumage, side: f32, pieces: &mut Vec<Piece>, marks: &mut Vec<Mark>) {
    let x = |v: f32| side * v;
    match s {
        Species::Chaffinch => {
            marks.push(Mark { from: (x(0.16), 0.04), to: (x(0.7), 0.02), width: 0.07, paint: paint.mark });
            marks.push(Mark { from: (x(0.16), 0.12), to: (x(0.42), 0.12), width: 0.05, paint: paint.mark });
        }
        Species::Jay => {
            pieces.push(Piece {
                points: vec![(x(0.26), 0.17), (x(0.44), 0.17), (x(0.44), 0.05), (x(0.26), 0.05)],
                paint: paint.mark,
                edged: false,
            });
            for k in 0..3 {
                let xx = 0.3 + 0.05 * k as f32;
                marks.push(Mark { from: (x(xx), 0.16), to: (x(xx), 0.06), width: 0.02, paint: paint.tips });
            }
        }
        Species::Magpie => {
            pieces.push(Piece {
                points: vec![(x(0.1), 0.14), (x(0.24), 0.12), (x(0.22), -0.1), (x(0.1), -0.08)],
                paint: paint.mark,
                edged: false,
            });
        }
        Species::Crow => {
            marks.push(Mark { from: (x(0.2), 0.12), to: (x(0.6), 0.1), width: 0.03, paint: paint.mark });
        }
        Species::Swallow => {}
    }
}

/// The pieces and marks of a bird.
fn bird_pieces(s: Species, wings: Wings) -> (Vec<Piece>, Vec<Mark>) {
    let paint = plumage(s);
    let ((bw, bl), head_r, (bill_w, bill_tip)) = build(s);
    let head_y = bl * 0.92;
    let mut pieces = Vec::new();
    let mut marks = Vec::new();
    pieces.extend(tail(s, paint.tail));
    match wings {
        Wings::Spread { bank } => {
            for side in [-1.0_f32, 1.0] {
                // The wing on the side the bird tilts dips below the body
                // and looks shorter from above; the other lifts.
                let span = if bank * side > 0.0 { 1.0 - 0.36 * bank.abs() } else { 1.0 };
                for piece in spread_wing(s, &paint) {
                    let points = piece.points.iter().map(|&(x, y)| (side * x * span, y)).collect();
                    pieces.push(Piece { points, ..piece });
                }
                spread_marks(s, &paint, side * span, &mut pieces, &mut marks);
            }
        }
        Wings::Folded => {
            let long = match s {
                Species::Swallow => -0.74,
                Species::Magpie | Species::Crow => -0.6,
                _ => -0.5,
            };
            for side in [-1.0_f32, 1.0] {
                let x = |v: f32| side * v;
                pieces.push(Piece {
                    points: vec![(x(0.06), 0.2), (x(bw + 0.05), 0.1), (x(bw + 0.02), -0.3), (x(0.04), long)],
                    paint: paint.wing,
                    edged: false,
                });
                match s {
                    Species::Chaffinch => {
                        marks.push(Mark {
                            from: (x(0.1), 0.06),
                            to: (x(bw + 0.03), 0.02),
                            width: 0.06,
                            paint: paint.mark,
                        });
                    }
                    Species::Jay => pieces.push(Piece {
                        points: vec![(x(0.12), 0.12), (x(bw + 0.04), 0.08), (x(bw + 0.03), -0.02), (x(0.12), 0.0)],
                        paint: paint.mark,
                        edged: false,
                    }),
                    Species::Magpie => marks.push(Mark {
                        from: (x(bw + 0.01), 0.1),
                        to: (x(bw - 0.01), -0.24),
                        width: 0.07,
                        paint: paint.mark,
                    }),
                    _ => {}
                }
            }
        }
    }
    pieces.push(Piece { points: ellipse(0.0, 0.0, bw, bl), paint: paint.back, edged: false });
    if s == Species::Jay {
        // The white rump, where the back meets the black tail.
        pieces.push(Piece { points: ellipse(0.0, -bl * 0.72, bw * 0.55, bl * 0.2), paint: paint.rump, edged: false });
    }
    pieces.push(Piece { points: ellipse(0.0, head_y, head_r, head_r), paint: paint.head, edged: false });
    pieces.push(Piece {
        points: vec![(-bill_w, head_y + head_r * 0.7), (bill_w, head_y + head_r * 0.7), (0.0, bill_tip)],
        paint: paint.bill,
        edged: false,
    });
    match s {
        Species::Swallow => {
            pieces.push(Piece {
                points: ellipse(0.0, head_y + head_r * 0.55, head_r * 0.6, head_r * 0.4),
                paint: paint.mark,
                edged: false,
            });
        }
        Species::Jay => {
            marks.push(Mark {
                from: (0.0, head_y + head_r * 0.6),
                to: (0.0, head_y - head_r * 0.5),
                width: 0.05,
                paint: paint.tips,
            });
        }
        Species::Chaffinch => {
            pieces.push(Piece {
                points: ellipse(0.0, -bl * 0.7, bw * 0.6, bl * 0.18),
                paint: paint.rump,
                edged: false,
            });
        }
        _ => {}
    }
    (pieces, marks)
}

/// Where a figure's local point falls on the screen.
fn placer(at: Pos2, fwd: Vec2, size: f32) -> impl Fn(Local) -> Pos2 {
    let right = Vec2::new(-fwd.y, fwd.x);
    move |(x, y)| at + (right * x + fwd * y) * size
}

/// Paints the pieces: a rim under all of them, then each in its paint,
/// then the marks.
fn paint_pieces(
    painter: &egui::Painter,
    place: &dyn Fn(Local) -> Pos2,
    pieces: &[Piece],
    marks: &[Mark],
    size: f32,
    rim: Color32,
) {
    let polys: Vec<Vec<Pos2>> = pieces.iter().map(|p| hull(p.points.iter().map(|&l| place(l)).collect())).collect();
    // (At least a pixel and more: a black crow on the dark floor at
    // 800x600 all but vanished behind a thinner one.)
    let rim_w = (size * 0.06).clamp(1.2, 1.6);
    for pts in &polys {
        painter.add(Shape::convex_polygon(pts.clone(), rim, Stroke::new(rim_w, rim)));
    }
    // A flight feather's own edge, once the figure is large enough for
    // it to show: catching the light on a dark feather, shaded on a
    // light one.
    let edge_w = (size * 0.025).clamp(0.6, 1.3);
    for (pts, piece) in polys.into_iter().zip(pieces) {
        let edge = if piece.edged && size >= 9.0 {
            let light = u32::from(piece.paint.r()) + u32::from(piece.paint.g()) + u32::from(piece.paint.b()) > 360;
            let line = if light { mix(piece.paint, rim, 0.45) } else { mix(piece.paint, FEATHER_SHEEN, 0.3) };
            Stroke::new(edge_w, line)
        } else {
            Stroke::NONE
        };
        painter.add(Shape::convex_polygon(pts, piece.paint, edge));
    }
    for m in marks {
        painter.line_segment([place(m.from), place(m.to)], Stroke::new((m.width * size).max(1.0), m.paint));
    }
}

/// A bird at `at` (screen), facing `fwd` (a unit vector on the screen),
/// `size` pixels to a base radius (the bird overhangs it by a third).
pub(super) fn paint_bird_figure(
    painter: &egui::Painter,
    at: Pos2,
    fwd: Vec2,
    size: f32,
    species: Species,
    wings: Wings,
    rim: Color32,
) {
    // A miniature's wings overhang its base, as they do at the table.
    let size = size * BIRD_OVERHANG;
    let (pieces, marks) = bird_pieces(species, wings);
    let place = placer(at, fwd, size);
    paint_pieces(painter, &place, &pieces, &marks, size, rim);
    // The eyes, once the bird is large enough to show them.
    if size >= 14.0 {
        let ((_, bl), head_r, _) = build(species);
        for side in [-1.0, 1.0] {
            painter.circle_filled(place((side * head_r * 0.5, bl * 0.92 + head_r * 0.3)), (size * 0.035).max(1.0), rim);
        }
    }
}

/// A bird's pilot at `at`, the bird facing `fwd` and drawn `size` pixels
/// to its base's radius (as [`paint_bird_figure`] takes it): a saddle
/// across the bird's back, the reins to its neck, and the mouse (or, with
/// `rat`, the rat) sitting in the saddle facing the way the bird flies,
/// so a figure reads as a mouse riding a bird and not as a bird alone.
pub(super) fn paint_pilot(
    painter: &egui::Painter,
    at: Pos2,
    fwd: Vec2,
    size: f32,
    species: Species,
    (rat, tunic): (bool, Color32),
    rim: Color32,
) {
    let bird = size * BIRD_OVERHANG;
    let place = placer(at, fwd, bird);
    let ((bw, bl), head_r, _) = build(species);
    // The saddle cloth, wider than the rider, and its girth round the
    // bird's body.
    let saddle = Piece { points: ellipse(0.0, -0.08, bw * 1.15, bl * 0.3), paint: SADDLE, edged: false };
    let girth = Mark { from: (-bw * 1.1, -0.06), to: (bw * 1.1, -0.06), width: 0.05, paint: mix(SADDLE, rim, 0.35) };
    paint_pieces(painter, &place, &[saddle], &[girth], bird, rim);
    if bird >= 12.0 {
        let neck = bl * 0.92 - head_r * 0.7;
        for side in [-1.0, 1.0] {
            painter.line_segment(
                [place((side * 0.07, 0.08)), place((side * head_r * 0.55, neck))],
                Stroke::new((bird * 0.02).max(0.8), mix(SADDLE, rim, 0.4)),
            );
        }
    }
    // The tunic a shade darker than the side's colour, so it stands out
    // from the base of that colour showing round the bird.
    let tunic = mix(tunic, SADDLE, 0.45);
    paint_dressed_rodent(painter, place((0.0, -0.02)), fwd, bird * 0.34, (rat, Some(tunic)), rim);
}

/// A mouse (or, with `rat`, a rat) at `at` facing `fwd`, `size` pixels to
/// its base's radius.
pub(super) fn paint_rodent(painter: &egui::Painter, at: Pos2, fwd: Vec2, size: f32, rat: bool, rim: Color32) {
    paint_dressed_rodent(painter, at, fwd, size, (rat, None), rim);
}

/// [`paint_rodent`], in a tunic of `tunic`'s colour when given (a pilot
/// wears its side's colour, so it stands out from the bird it rides).
fn paint_dressed_rodent(
    painter: &egui::Painter,
    at: Pos2,
    fwd: Vec2,
    size: f32,
    (rat, tunic): (bool, Option<Color32>),
    rim: Color32,
) {
    let (fur, ear) = FUR[usize::from(rat)];
    let place = placer(at, fwd, size);
    // The tail first, curling round the base.
    let tail: Vec<Pos2> = if rat {
        [(0.0, -0.62), (0.18, -0.9), (0.5, -0.98), (0.82, -0.7), (0.9, -0.35)].iter().map(|&l| place(l)).collect()
    } else {
        [(0.0, -0.5), (0.2, -0.78), (0.52, -0.8), (0.72, -0.55)].iter().map(|&l| place(l)).collect()
    };
    let tail_w = (size * if rat { 0.14 } else { 0.09 }).max(1.0);
    painter.add(Shape::line(tail.clone(), Stroke::new(tail_w + 1.5, rim)));
    painter.add(Shape::line(tail, Stroke::new(tail_w, ear)));
    let (body, head, ears) = if rat {
        (
            ellipse(0.0, -0.1, 0.4, 0.6),
            vec![(-0.24, 0.36), (0.24, 0.36), (0.12, 0.7), (0.0, 0.84), (-0.12, 0.7)],
            (0.2, 0.5, 0.13),
        )
    } else {
        (
            ellipse(0.0, -0.05, 0.38, 0.5),
            vec![(-0.26, 0.34), (0.26, 0.34), (0.14, 0.62), (0.0, 0.76), (-0.14, 0.62)],
            (0.26, 0.46, 0.19),
        )
    };
    let (ex, ey, er) = ears;
    let pieces = vec![
        Piece { points: ellipse(-ex, ey, er, er), paint: ear, edged: false },
        Piece { points: ellipse(ex, ey, er, er), paint: ear, edged: false },
        Piece { points: body, paint: tunic.unwrap_or(fur), edged: false },
        Piece { points: head, paint: fur, edged: false },
    ];
    paint_pieces(painter, &place, &pieces, &[], size, rim);
    if size >= 7.0 {
        for side in [-1.0, 1.0] {
            painter.circle_filled(place((side * 0.1, if rat { 0.56 } else { 0.52 })), (size * 0.06).max(0.8), rim);
        }
    }
}

/// A mouse or a rat standing on its round base, as the table shows it:
/// the base's rim in the side's colour (`fill`, outlined by `rim`), its
/// top painted as dark earth so the figure stands out from it, and the
/// figure a little larger than the base, as a miniature overhangs its
/// own (on a plain disc of the side's colour a tan mouse read as an
/// acorn at 800x600).
#[allow(clippy::too_many_arguments, reason = "a base needs its place, size, paints and the figure's facing")]
pub(super) fn paint_rodent_on_base(
    painter: &egui::Painter,
    at: Pos2,
    r: f32,
    (fill, rim): (Color32, Stroke),
    earth: Color32,
    fwd: Vec2,
    rat: bool,
    outline: Color32,
) {
    painter.circle(at, r, fill, rim);
    painter.circle_filled(at, r * 0.7, earth);
    paint_rodent(painter, at, fwd, r * 1.18, rat, outline);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hull_of_a_square_and_its_centre_is_the_square() {
        let pts = vec![
            Pos2::new(0.0, 0.0),
            Pos2::new(1.0, 0.0),
            Pos2::new(0.5, 0.5),
            Pos2::new(1.0, 1.0),
            Pos2::new(0.0, 1.0),
        ];
        let h = hull(pts);
        assert_eq!(h.len(), 4);
        assert!(!h.contains(&Pos2::new(0.5, 0.5)));
    }

    #[test]
    fn a_banked_bird_dips_the_wing_on_its_side() {
        // Tilted left: the left wing reaches less far than the right.
        let (pieces, _) = bird_pieces(Species::Chaffinch, Wings::Spread { bank: -1.0 });
        let reach =
            |sign: f32| pieces.iter().flat_map(|p| p.points.iter()).map(|&(x, _)| x * sign).fold(0.0_f32, f32::max);
        assert!(reach(-1.0) < reach(1.0) * 0.8, "left {} right {}", reach(-1.0), reach(1.0));
        let (level, _) = bird_pieces(Species::Chaffinch, Wings::Spread { bank: 0.0 });
        let reach_level =
            |sign: f32| level.iter().flat_map(|p| p.points.iter()).map(|&(x, _)| x * sign).fold(0.0_f32, f32::max);
        assert!((reach_level(-1.0) - reach_level(1.0)).abs() < 1e-6);
    }

    #[test]
    fn every_species_fits_its_base_and_folded_wings_are_narrower() {
        for s in [Species::Swallow, Species::Chaffinch, Species::Jay, Species::Crow, Species::Magpie] {
            let far = |w: Wings| {
                bird_pieces(s, w)
                    .0
                    .iter()
                    .flat_map(|p| p.points.clone())
                    .map(|(x, y)| x.hypot(y))
                    .fold(0.0_f32, f32::max)
            };
            let wide = |w: Wings| {
                bird_pieces(s, w).0.iter().flat_map(|p| p.points.clone()).map(|(x, _)| x.abs()).fold(0.0_f32, f32::max)
            };
            assert!(far(Wings::Spread { bank: 0.0 }) <= 1.1, "{s:?} reaches {}", far(Wings::Spread { bank: 0.0 }));
            assert!(wide(Wings::Folded) < 0.5 * wide(Wings::Spread { bank: 0.0 }), "{s:?}");
        }
    }

    #[test]
    fn a_spread_wing_and_a_tail_show_their_feathers() {
        // A wing drawn as one flat blade read as a cross, not a bird: the
        // hand's flight feathers and the arm's are separate, edged pieces.
        for s in [Species::Swallow, Species::Chaffinch, Species::Jay, Species::Crow, Species::Magpie] {
            let (pieces, _) = bird_pieces(s, Wings::Spread { bank: 0.0 });
            let feathers = |right: bool| {
                pieces
                    .iter()
                    .filter(|p| p.edged && p.points.iter().all(|&(x, _)| if right { x > 0.05 } else { x < -0.05 }))
                    .count()
            };
            assert!(feathers(true) >= 7 && feathers(false) >= 7, "{s:?}: {} and {}", feathers(false), feathers(true));
            let tail_feathers =
                pieces.iter().filter(|p| p.edged && p.points.iter().all(|&(x, y)| y < -0.2 && x.abs() < 0.3)).count();
            assert!(tail_feathers >= 2, "{s:?}: {tail_feathers} tail feathers");
        }
    }

    /// The fills of the polygons painted by `paint`.
    fn fills_painted(paint: impl Fn(&egui::Painter)) -> Vec<Color32> {
        let ctx = egui::Context::default();
        let mut out = ctx.run_ui(egui::RawInput::default(), |ui| paint(ui.painter()));
        out.textures_delta.clear();
        out.shapes
            .iter()
            .filter_map(|c| match &c.shape {
                Shape::Path(p) => Some(p.fill),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn every_bird_carries_its_pilot_in_a_saddle_in_its_sides_colour() {
        let side = PLUMAGE[0].mark;
        for s in [Species::Swallow, Species::Chaffinch, Species::Jay, Species::Crow, Species::Magpie] {
            for rat in [false, true] {
                let fills =
                    fills_painted(|p| paint_pilot(p, Pos2::new(50.0, 50.0), Vec2::Y, 20.0, s, (rat, side), FUR[0].1));
                assert!(fills.contains(&SADDLE), "{s:?}: no saddle");
                assert!(fills.contains(&mix(side, SADDLE, 0.45)), "{s:?}: no tunic");
                assert!(
                    fills.contains(&FUR[usize::from(rat)].0),
                    "{s:?}: no {} head",
                    if rat { "rat's" } else { "mouse's" }
                );
            }
        }
    }
}
