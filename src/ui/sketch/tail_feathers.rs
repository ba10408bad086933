//! The sketch of a Tail Feathers table: the battlefield seen from above as
//! the view draws it (north at the top): the forest floor, each tree as a
//! canopy under its leafy spaces with its trunk in the middle, the two
//! nests, the leaves (when that rule is on), mission cards once revealed,
//! the ground figures as discs in their spaces (two by two in a tree
//! space, four a row in a nest, in a row along a leaf) and the birds as
//! wings and a body where they perch or fly, all in their side's colour.
//! Hands, face-down mission cards, bids and the decks are never drawn.

use super::{Shape, Sketch, Sketched, Tint};
use crate::rules::tail_feathers::components::Alliance;
use crate::rules::tail_feathers::game::{BIRD_FIGS, Place, TailFeathers, UNIT_DEFS, field, unit_of};
use crate::rules::tail_feathers::geometry::{Polygon, V2};

/// A ground figure's base across, in inches (larger than the real 0.8",
/// so a figure still shows on a thumbnail).
const FIGURE: f64 = 1.25;

/// Inches on the table as a share of the battlefield's side.
fn unit(inches: f64) -> f32 {
    (inches / field().size) as f32
}

/// A point on the table in the sketch (north at the top), kept on the
/// battlefield.
fn at(p: V2) -> (f32, f32) {
    let size = field().size;
    (unit(p.x.clamp(0.0, size)), unit(size - p.y.clamp(0.0, size)))
}

/// A polygon's bounding box: centre and size in the sketch.
fn bounds(p: &Polygon) -> ((f32, f32), (f32, f32)) {
    let xs = p.0.iter().map(|v| v.x);
    let ys = p.0.iter().map(|v| v.y);
    let (x0, x1) = (xs.clone().fold(f64::INFINITY, f64::min), xs.fold(f64::NEG_INFINITY, f64::max));
    let (y0, y1) = (ys.clone().fold(f64::INFINITY, f64::min), ys.fold(f64::NEG_INFINITY, f64::max));
    (at(V2::new(f64::midpoint(x0, x1), f64::midpoint(y0, y1))), (unit(x1 - x0), unit(y1 - y0)))
}

/// The colour of a side's figures.
fn side_tint(side: Alliance) -> Tint {
    match side {
        Alliance::Mice => Tint::Mice,
        Alliance::Rats => Tint::Rats,
    }
}

/// The trees: canopies, spaces, trunks and nests.
fn trees(sketch: &mut Sketch) {
    let f = field();
    for tree in &f.trees {
        let ring: Vec<&Polygon> =
            tree.spaces.iter().map(|&s| &f.spaces[s]).filter(|s| s.nest.is_none()).map(|s| &s.outline).collect();
        let all = Polygon(ring.iter().flat_map(|p| p.0.iter().copied()).collect());
        let ((cx, cy), (w, h)) = bounds(&all);
        let rim = unit(0.7);
        sketch.put(Shape::Tile, Tint::Canopy, cx, cy, w + rim, h + rim);
        for p in ring {
            let ((cx, cy), (w, h)) = bounds(p);
            let gap = unit(0.25);
            sketch.put(Shape::Patch, Tint::Leaves, cx, cy, w - gap, h - gap);
        }
        let ((cx, cy), (w, h)) = bounds(&tree.trunk);
        sketch.put(Shape::Tile, Tint::Trunk, cx, cy, w, h);
        for &s in &tree.spaces {
            if f.spaces[s].nest.is_some() {
                let ((cx, cy), (w, h)) = bounds(&f.spaces[s].outline);
                sketch.put(Shape::Disc, Tint::Trunk, cx, cy, w * 0.95, h * 0.95);
            }
        }
    }
}

/// The leaves (TF-R26), hanging or adrift: a chain of small bars along
/// each leaf's length.
fn leaves(sketch: &mut Sketch, state: &TailFeathers) {
    for leaf in state.leaves() {
        let (front, back) = leaf.holes();
        let span = back.minus(front);
        let dir = if span.len() > 0.0 { span.scale(1.0 / span.len()) } else { V2::new(1.0, 0.0) };
        let along: Vec<f64> = leaf.outline().0.iter().map(|p| p.minus(front).dot(dir)).collect();
        let lo = along.iter().copied().fold(f64::INFINITY, f64::min) + 0.5;
        let hi = along.iter().copied().fold(f64::NEG_INFINITY, f64::max) - 0.5;
        let (lo, hi) = if lo.is_finite() && hi > lo { (lo, hi) } else { (0.0, 0.0) };
        for k in 0..6 {
            let (x, y) = at(front.plus(dir.scale(lo + (hi - lo) * f64::from(k) / 5.0)));
            sketch.put(Shape::Bar, Tint::Honey, x, y, unit(1.0), unit(1.0));
        }
    }
}

/// The mission cards laid face up.
fn missions(sketch: &mut Sketch, state: &TailFeathers) {
    for side in [Alliance::Mice, Alliance::Rats] {
        if let Some(card) = state.mission(side)
            && card.revealed
            && let Some(spot) = card.spot.and_then(|s| field().mission_spots.get(usize::from(s)))
        {
            let ((cx, cy), (w, h)) = bounds(spot);
            sketch.put(Shape::Card, Tint::CardFace, cx, cy, w, h);
        }
    }
}

/// The ground figures, in their spaces as the view places them.
fn ground(sketch: &mut Sketch, state: &TailFeathers) {
    for s in 0..state.space_count() as u8 {
        let figs: Vec<u8> = state.in_space(s).into_iter().filter(|f| !BIRD_FIGS.contains(f)).collect();
        if figs.is_empty() {
            continue;
        }
        let mut spots: Vec<V2> = Vec::new();
        if let Some(k) = state.leaf_at(usize::from(s)) {
            // In a row along the leaf.
            let (a, b) = state.leaves()[k].holes();
            let n = figs.len() as f64;
            spots.extend((0..figs.len()).map(|i| a.plus(b.minus(a).scale((i as f64 + 1.0) / (n + 1.0)))));
        } else {
            // Two by two in a tree space, four a row in a nest.
            let nest = TailFeathers::space_nest(usize::from(s)).is_some();
            let per_row = if nest { 4 } else { 2 };
            let step = if nest { FIGURE * 0.65 } else { FIGURE * 1.05 };
            let rows = figs.len().div_ceil(per_row) as f64;
            let c = state.space_centre(s);
            for k in 0..figs.len() {
                let (col, row) = ((k % per_row) as f64, (k / per_row) as f64);
                let across = (per_row as f64 - 1.0) / 2.0;
                spots.push(c.plus(V2::new((col - across) * step, ((rows - 1.0) / 2.0 - row) * step)));
            }
        }
        for (&f, &p) in figs.iter().zip(&spots) {
            let def = UNIT_DEFS[unit_of(f)];
            // A hero (a unit of one) stands on a larger base.
            let size = unit(if def.count == 1 { FIGURE * 1.2 } else { FIGURE * 0.9 });
            let (x, y) = at(p);
            sketch.put(Shape::Disc, side_tint(def.side), x, y, size, size);
        }
    }
}

/// The birds, perched or in the air: spread wings and a body.
fn birds(sketch: &mut Sketch, state: &TailFeathers) {
    for &f in &BIRD_FIGS {
        let Some(bird) = state.bird(f) else { continue };
        let p = match state.figure(f).place {
            Place::Air => bird.pose.at,
            Place::Space(_) if bird.launching => bird.pose.at,
            Place::Space(s) => state.space_centre(s),
            _ => continue,
        };
        let tint = side_tint(UNIT_DEFS[unit_of(f)].side);
        let (x, y) = at(p);
        sketch.put(Shape::Bar, tint, x, y, unit(3.0), unit(0.7));
        sketch.put(Shape::Disc, tint, x, y, unit(1.5), unit(1.5));
    }
}

impl Sketched for TailFeathers {
    fn sketch(&self) -> Sketch {
        let mut sketch = Sketch::new(1.0);
        sketch.put(Shape::Patch, Tint::Floor, 0.5, 0.5, 1.0, 1.0);
        trees(&mut sketch);
        leaves(&mut sketch, self);
        missions(&mut sketch, self);
        ground(&mut sketch, self);
        birds(&mut sketch, self);
        sketch
    }

    /// The public table seen closer, round `seat`'s own figures (a lesson
    /// is about them; from afar twelve lessons showed the same forest).
    fn sketch_for(&self, seat: crate::rules::Seat) -> Sketch {
        let own = side_tint(crate::rules::tail_feathers::game::side_of_seat(seat));
        self.sketch().closer_on(|m| m.tint == own && matches!(m.shape, Shape::Disc | Shape::Bar), 0.08, 2.5, 1.6)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::tail_feathers::game::{Action, Options};
    use crate::rules::{Game, Rng, Seat, Setup};

    /// A game with every additional rule, played `actions` actions in:
    /// a mission sent whenever one may be, else the first legal action.
    fn played(seed: u64, actions: usize) -> TailFeathers {
        let options = Options::every_additional_rule();
        let game = TailFeathers::new(&Setup { seats: 2, options }, seed);
        (0..actions).fold(game, |g, _| played_on(g))
    }

    /// One more action: a mission sent whenever one may be, else the first
    /// legal action.
    fn played_on(mut game: TailFeathers) -> TailFeathers {
        let legal = game.legal_actions();
        let pick = legal.iter().find(|a| matches!(a, Action::Mission(Some(_)))).or(legal.first()).cloned();
        if let Some(a) = pick {
            game.apply(&a).expect("a legal action");
        }
        game
    }

    /// The discs in `tint` on the sketch.
    fn discs(s: &Sketch, tint: Tint) -> usize {
        s.marks.iter().filter(|m| m.shape == Shape::Disc && m.tint == tint).count()
    }

    #[test]
    fn a_seat_s_own_picture_is_seen_closer_round_its_figures() {
        let game = played(6, 60);
        let (whole, own) = (game.sketch(), game.sketch_for(Seat(0)));
        // The same marks, the mice's figures drawn larger in a picture of
        // the same height (a lesson card's, which is wider than high).
        assert_eq!(whole.marks.len(), own.marks.len());
        let mouse = |s: &Sketch| {
            s.marks
                .iter()
                .find(|m| m.tint == Tint::Mice && m.shape == Shape::Disc)
                .map(|m| m.at[3])
                .expect("a mouse on the table")
        };
        assert!(mouse(&own) > 1.5 * mouse(&whole), "{} against {}", mouse(&own), mouse(&whole));
        assert!(own.aspect > whole.aspect, "a wider picture");
    }

    #[test]
    fn secrets_are_not_drawn() {
        // Played on until a mission card lies face down (with the hands of
        // action cards dealt, and the bids to come).
        let mut game = played(4, 0);
        let face_down = |g: &TailFeathers| {
            [Alliance::Mice, Alliance::Rats]
                .iter()
                .any(|&s| g.mission(s).is_some_and(|c| c.spot.is_some() && !c.revealed))
        };
        for _ in 0..400 {
            if face_down(&game) {
                break;
            }
            game = played_on(game);
        }
        assert!(face_down(&game), "no mission card was laid");
        let mice = game.observation(Seat(0));
        let rats = game.observation(Seat(1));
        let guessed = game.determinize(Seat(0), &mut Rng::seeded(5));
        assert_ne!(game, mice);
        assert_ne!(mice, rats);
        assert_eq!(game.sketch(), mice.sketch());
        assert_eq!(game.sketch(), rats.sketch());
        assert_eq!(game.sketch(), guessed.sketch());
        assert!(game.sketch().marks.iter().all(|m| m.tint != Tint::CardBack));
    }

    #[test]
    fn a_deployed_figure_shows_where_it_stands() {
        let mut game = played(2, 0);
        for _ in 0..50 {
            if game.legal_actions().iter().any(|a| matches!(a, Action::Deploy { .. })) {
                break;
            }
            game = played_on(game);
        }
        let before = game.sketch();
        let figures = discs(&before, Tint::Mice) + discs(&before, Tint::Rats);
        let deploy = game.legal_actions().into_iter().find(|a| matches!(a, Action::Deploy { .. })).expect("a deploy");
        game.apply(&deploy).expect("a legal deployment");
        let after = game.sketch();
        assert_ne!(before, after);
        assert_eq!(discs(&after, Tint::Mice) + discs(&after, Tint::Rats), figures + 1);
    }

    #[test]
    fn the_battlefield_has_its_trees_and_every_figure_once_deployed() {
        let game = played(6, 60);
        let sketch = game.sketch();
        assert_eq!(sketch.marks.iter().filter(|m| m.tint == Tint::Canopy).count(), field().trees.len());
        let on_field = (0..18u8).filter(|&f| game.figure(f).place.on_battlefield()).count();
        // A bird is a body and wings; a ground figure a disc.
        let birds = BIRD_FIGS.iter().filter(|&&f| game.figure(f).place.on_battlefield()).count();
        let figures = discs(&sketch, Tint::Mice) + discs(&sketch, Tint::Rats);
        assert_eq!(figures, on_field);
        assert_eq!(sketch.marks.iter().filter(|m| m.shape == Shape::Bar && m.tint != Tint::Honey).count(), birds);
        for m in &sketch.marks {
            let [x, y, w, h] = m.at;
            let (cx, cy) = (x + w / 2.0, y + h / 2.0);
            assert!((0.0..=1.0).contains(&cx) && (0.0..=1.0).contains(&cy), "{m:?}");
        }
    }
}
