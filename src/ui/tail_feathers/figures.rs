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

use crate::ui::theme::{FUR, PLUMAGE, Plumage};

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

/// A point of the figure: `x` to its right, `y` ahead, in base radii.
type Local = (f32, f32);

/// One convex piece of a silhouette and its paint.
struct Piece {
    points: Vec<Local>,
    paint: Color32,
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

/// The right wing spread, as convex pieces (arm, hand, and the crow's
/// fingers); the left is its mirror.
fn spread_wing(s: Species) -> Vec<(Vec<Local>, bool)> {
    match s {
        Species::Swallow => vec![
            (vec![(0.08, 0.18), (0.42, 0.14), (0.46, -0.03), (0.1, -0.06)], false),
            (vec![(0.38, 0.15), (0.7, 0.02), (0.98, -0.32), (0.44, -0.04)], true),
        ],
        Species::Chaffinch => vec![
            (vec![(0.1, 0.16), (0.46, 0.16), (0.5, -0.12), (0.1, -0.12)], false),
            (vec![(0.42, 0.17), (0.7, 0.1), (0.82, -0.04), (0.72, -0.18), (0.48, -0.14)], true),
        ],
        Species::Jay => vec![
            (vec![(0.1, 0.18), (0.46, 0.18), (0.5, -0.16), (0.1, -0.14)], false),
            (vec![(0.42, 0.18), (0.75, 0.12), (0.88, -0.02), (0.78, -0.2), (0.48, -0.18)], true),
        ],
        Species::Crow => vec![
            (vec![(0.12, 0.2), (0.5, 0.2), (0.55, -0.2), (0.12, -0.16)], false),
            (vec![(0.48, 0.2), (0.78, 0.15), (0.86, -0.1), (0.8, -0.24), (0.52, -0.22)], true),
            (vec![(0.76, 0.14), (0.84, 0.08), (1.0, 0.1)], true),
            (vec![(0.8, 0.04), (0.86, -0.04), (1.02, -0.04)], true),
            (vec![(0.8, -0.08), (0.84, -0.16), (0.98, -0.18)], true),
        ],
        Species::Magpie => vec![
            (vec![(0.1, 0.16), (0.46, 0.16), (0.48, -0.14), (0.1, -0.12)], false),
            (vec![(0.42, 0.17), (0.72, 0.1), (0.84, -0.04), (0.74, -0.18), (0.46, -0.12)], true),
        ],
    }
}

/// The tail, as convex pieces.
fn tail(s: Species) -> Vec<Vec<Local>> {
    match s {
        Species::Swallow => vec![
            vec![(-0.1, -0.26), (0.1, -0.26), (0.06, -0.46), (-0.06, -0.46)],
            vec![(-0.02, -0.3), (-0.12, -0.32), (-0.24, -0.94)],
            vec![(0.02, -0.3), (0.12, -0.32), (0.24, -0.94)],
        ],
        Species::Chaffinch => vec![vec![(-0.1, -0.3), (0.1, -0.3), (0.13, -0.72), (-0.13, -0.72)]],
        Species::Jay => vec![vec![(-0.11, -0.32), (0.11, -0.32), (0.13, -0.8), (-0.13, -0.8)]],
        Species::Crow => vec![vec![(-0.1, -0.34), (0.1, -0.34), (0.21, -0.84), (-0.21, -0.84)]],
        Species::Magpie => vec![vec![(-0.08, -0.3), (0.08, -0.3), (0.12, -1.02), (0.0, -1.08), (-0.12, -1.02)]],
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
    for t in tail(s) {
        pieces.push(Piece { points: t, paint: paint.tail });
    }
    match wings {
        Wings::Spread { bank } => {
            for side in [-1.0_f32, 1.0] {
                // The wing on the side the bird tilts dips below the body
                // and looks shorter from above; the other lifts.
                let span = if bank * side > 0.0 { 1.0 - 0.36 * bank.abs() } else { 1.0 };
                for (points, tip) in spread_wing(s) {
                    let points = points.iter().map(|&(x, y)| (side * x * span, y)).collect();
                    pieces.push(Piece { points, paint: if tip { paint.tips } else { paint.wing } });
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
    pieces.push(Piece { points: ellipse(0.0, 0.0, bw, bl), paint: paint.back });
    if s == Species::Jay {
        // The white rump, where the back meets the black tail.
        pieces.push(Piece { points: ellipse(0.0, -bl * 0.72, bw * 0.55, bl * 0.2), paint: paint.rump });
    }
    pieces.push(Piece { points: ellipse(0.0, head_y, head_r, head_r), paint: paint.head });
    pieces.push(Piece {
        points: vec![(-bill_w, head_y + head_r * 0.7), (bill_w, head_y + head_r * 0.7), (0.0, bill_tip)],
        paint: paint.bill,
    });
    match s {
        Species::Swallow => {
            pieces.push(Piece {
                points: ellipse(0.0, head_y + head_r * 0.55, head_r * 0.6, head_r * 0.4),
                paint: paint.mark,
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
            pieces.push(Piece { points: ellipse(0.0, -bl * 0.7, bw * 0.6, bl * 0.18), paint: paint.rump });
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
    let rim_w = (size * 0.06).clamp(0.8, 1.6);
    for pts in &polys {
        painter.add(Shape::convex_polygon(pts.clone(), rim, Stroke::new(rim_w, rim)));
    }
    for (pts, piece) in polys.into_iter().zip(pieces) {
        painter.add(Shape::convex_polygon(pts, piece.paint, Stroke::NONE));
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
    let size = size * 1.3;
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

/// A mouse (or, with `rat`, a rat) at `at` facing `fwd`, `size` pixels to
/// its base's radius.
pub(super) fn paint_rodent(painter: &egui::Painter, at: Pos2, fwd: Vec2, size: f32, rat: bool, rim: Color32) {
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
        Piece { points: ellipse(-ex, ey, er, er), paint: ear },
        Piece { points: ellipse(ex, ey, er, er), paint: ear },
        Piece { points: body, paint: fur },
        Piece { points: head, paint: fur },
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
}
