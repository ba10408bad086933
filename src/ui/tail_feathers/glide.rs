//! Flights that glide: when a bird's flight ends (the person's or the
//! computer's, or a redo), the bird flies along its templates to where it
//! was left, turning at each maneuver point, for a fraction of a second,
//! instead of jumping there. Nothing glides with Animations off, after an
//! undo, or when a game is loaded.

use crate::rules::tail_feathers::game::{Action, Fig, Place, TailFeathers, UNIT_DEFS, hole_span};
use crate::rules::tail_feathers::geometry::{Heading, V2};

/// A bird on its way along a flight.
#[derive(Clone, Debug, PartialEq)]
pub struct Glide {
    /// The bird.
    pub fig: Fig,
    /// The points it passes: where it started, each maneuver point it
    /// reaches, where it was left.
    pub path: Vec<V2>,
    /// When it set off (seconds, the screen's clock).
    pub start: f64,
}

/// Inches a second: a long flight takes about half a second.
const SPEED: f64 = 45.0;

impl Glide {
    /// How long it takes, a quarter to seven tenths of a second.
    #[must_use]
    pub fn duration(&self) -> f64 {
        (self.length() / SPEED).clamp(0.25, 0.7)
    }

    fn length(&self) -> f64 {
        self.path.windows(2).map(|w| w[0].dist(w[1])).sum()
    }

    /// Where the bird is at `now` and the way it faces (a unit vector on
    /// the table); `None` once it has arrived.
    #[must_use]
    pub fn at(&self, now: f64) -> Option<(V2, V2)> {
        let t = (now - self.start) / self.duration();
        if !(0.0..1.0).contains(&t) {
            return None;
        }
        // Eased: sets off and lands gently.
        let eased = t * t * (3.0 - 2.0 * t);
        let mut left = eased * self.length();
        for w in self.path.windows(2) {
            let d = w[0].dist(w[1]);
            if d < 1e-9 {
                continue;
            }
            let dir = w[1].minus(w[0]).scale(1.0 / d);
            if left <= d {
                return Some((w[0].plus(dir.scale(left)), dir));
            }
            left -= d;
        }
        None
    }
}

/// Where a bird stands on the table as the battlefield draws it (its
/// base in the air, its perch on a branch).
#[must_use]
pub fn drawn_at(state: &TailFeathers, f: Fig) -> Option<V2> {
    let b = state.bird(f)?;
    match state.figure(f).place {
        Place::Air => Some(b.pose.at),
        Place::Space(_) if b.launching => Some(b.pose.at),
        Place::Space(s) => Some(state.space_centre(s)),
        _ => None,
    }
}

/// The glide for the step from `before` to `after` through `action`: the
/// bird whose flight ended there and the points it passes. `None` when
/// no flight ended (or the bird did not move).
#[must_use]
pub fn glide_path(before: &TailFeathers, action: &Action, after: &TailFeathers) -> Option<(Fig, Vec<V2>)> {
    let f = UNIT_DEFS[before.active_unit()?].first;
    let plan = match action {
        Action::Fly(list) => before.plan_flight(f, list)?,
        _ => before.walking()?.0.clone(),
    };
    let (from, to) = (drawn_at(before, f)?, drawn_at(after, f)?);
    // Still at a crossing on the way (the flight not yet ended), or gone.
    if from.dist(to) < 1e-6 || after.walking().is_some() {
        return None;
    }
    let outcome = before.flight_outcome(f, &plan);
    let mut path = vec![plan.start.at];
    let mut flown = 0.0;
    for t in &plan.laid {
        let end = t.to();
        let d = t.from.dist(end);
        if flown + d >= outcome.flown - 1e-6 {
            let part = (outcome.flown - flown).max(0.0) / d.max(1e-9);
            path.push(t.from.plus(end.minus(t.from).scale(part.min(1.0))));
            break;
        }
        path.push(end);
        flown += d;
    }
    path.push(to);
    path.dedup_by(|a, b| a.dist(*b) < 1e-6);
    Some((f, path))
}

/// A leaf on its drift (TF-R26): each spin swings it clockwise about its
/// pivot hole, one after another, a third of a second each.
#[derive(Clone, Debug, PartialEq)]
pub struct LeafDrift {
    /// The leaf.
    pub leaf: usize,
    /// Its holes where its spins began.
    pub from: (V2, V2),
    /// Its pose after each spin (pivot hole, the way to the other hole).
    pub trail: Vec<(V2, Heading)>,
    /// When it set off (seconds, the screen's clock).
    pub start: f64,
}

/// Seconds a spin takes on the screen.
const SPIN: f64 = 0.33;

impl LeafDrift {
    /// Where the leaf is at `now`: its front hole and the unit vector to
    /// its other hole; `None` once the drift has been shown.
    #[must_use]
    pub fn at(&self, now: f64) -> Option<(V2, V2)> {
        let t = (now - self.start) / SPIN;
        if t < 0.0 || t >= self.trail.len() as f64 {
            return None;
        }
        let i = t.floor() as usize;
        let frac = t - t.floor();
        let (pivot, back) = self.trail[i];
        let before = if i == 0 {
            self.from
        } else {
            let (h, b) = self.trail[i - 1];
            (h, h.plus(b.unit().scale(hole_span())))
        };
        // The hole that swings is the one that was not the pivot.
        let swinging = if before.0.dist(pivot) < before.1.dist(pivot) { before.1 } else { before.0 };
        let d = swinging.minus(pivot);
        let from = d.y.atan2(d.x);
        let u = back.unit();
        let to = u.y.atan2(u.x);
        // Clockwise: the angle falls from `from` to `to`.
        let sweep = (from - to).rem_euclid(std::f64::consts::TAU);
        let eased = frac * frac * (3.0 - 2.0 * frac);
        let a = from - sweep * eased;
        Some((pivot, V2::new(a.cos(), a.sin())))
    }
}

/// The drifts of the step from `before` to `after`: each leaf whose last
/// drift changed, from where it was.
#[must_use]
pub fn leaf_drifts(before: &TailFeathers, after: &TailFeathers, start: f64) -> Vec<LeafDrift> {
    before
        .leaves()
        .iter()
        .zip(after.leaves())
        .enumerate()
        .filter(|(_, (b, a))| !a.trail.is_empty() && (a.trail != b.trail || a.toward != b.toward))
        .map(|(leaf, (b, a))| {
            // Where its spins began: turned to point at its destination
            // first when it was just cut loose (TF-R26).
            let from = a.start.map_or_else(|| b.holes(), |(h, back)| (h, h.plus(back.unit().scale(hole_span()))));
            LeafDrift { leaf, from, trail: a.trail.clone(), start }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn glide(path: Vec<V2>) -> Glide {
        Glide { fig: 0, path, start: 10.0 }
    }

    #[test]
    fn a_glide_follows_its_path_round_a_turn_and_ends() {
        // Ten inches east, then ten north: half-way it is at the turn,
        // not on the straight line between the ends.
        let g = glide(vec![V2::new(0.0, 0.0), V2::new(10.0, 0.0), V2::new(10.0, 10.0)]);
        let d = g.duration();
        let (mid, dir) = g.at(10.0 + d / 2.0).expect("under way");
        assert!(mid.dist(V2::new(10.0, 0.0)) < 0.5, "{mid:?}");
        let (late, late_dir) = g.at(10.0 + d * 0.9).expect("under way");
        assert!((late.x - 10.0).abs() < 1e-6 && late.y > 5.0, "{late:?}");
        assert!(dir.x > 0.5 || late_dir.y > 0.99);
        assert!(g.at(10.0 + d + 0.01).is_none(), "arrived");
        assert!(g.at(9.0).is_none(), "not yet set off");
    }
}
