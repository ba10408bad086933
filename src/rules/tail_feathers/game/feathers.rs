//! Tail feathers (TF-R24, an additional rule): each wound a flying bird
//! takes, from any cause, drops a tail-feather token from behind it, one at
//! a time, from its pose before anything is removed. A token that lands
//! touching another feather, a space or a trunk (part of its tree), a
//! mission card or a figure's base,
//! or not wholly on the battlefield, is removed. Tokens block clear sight;
//! a flight that crosses one removes it and rattles the pilot, and goes on.
//! At the end of each round a token showing its front is turned to its
//! notched back, and a notched one is removed.
//!
//! The designed geometry is data in `components` ([`FEATHER_SIZE`], a
//! strip along the token's heading; [`FEATHER_SCATTER`], the landing disc
//! behind the base). Where a token lands comes from the state's RNG on a
//! grid of hundredths of an inch, and its heading is one of the 24, so the
//! rules stay free of platform trigonometry.
//!
//! Hooks: `wound` calls [`TailFeathers::drop_feathers`]; `obstacles` adds
//! [`TailFeathers::feather_shapes`]; `plan_flight` lists feathers crossed
//! and the walk resolves them with [`TailFeathers::cross_feather`]; the end
//! of the round calls [`TailFeathers::turn_feathers`].

#![allow(clippy::wildcard_imports, reason = "a chapter of the game module: it shares the module's state and imports")]

use super::*;
use crate::rules::tail_feathers::components::{FEATHER_SCATTER, FEATHER_SIZE};
use crate::rules::tail_feathers::geometry::Polygon;

/// A tail-feather token lying on the battlefield.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Feather {
    /// Its number, unique in the game (crossings name it).
    pub id: u16,
    /// Its centre.
    pub at: V2,
    /// The way its quill points.
    pub heading: Heading,
    /// Showing its notched back (it goes at the next round's end).
    pub notched: bool,
}

impl Feather {
    /// The token's outline.
    #[must_use]
    pub fn outline(&self) -> Polygon {
        let u = self.heading.unit();
        let (l, w) = (u.scale(FEATHER_SIZE.0 / 2.0), u.left().scale(FEATHER_SIZE.1 / 2.0));
        Polygon(vec![
            self.at.plus(l).plus(w),
            self.at.minus(l).plus(w),
            self.at.minus(l).minus(w),
            self.at.plus(l).minus(w),
        ])
    }
}

/// True when every corner of `p` lies on the battlefield.
pub(super) fn wholly_on_battlefield(p: &Polygon) -> bool {
    let s = field().size;
    p.0.iter().all(|c| (0.0..=s).contains(&c.x) && (0.0..=s).contains(&c.y))
}

/// Where a bird is `d` inches along a flight's templates (measured from the
/// front of its base, as crossings are), facing along the template there.
pub(super) fn pose_along(plan: &FlightPlan, d: f64) -> Pose {
    pose_on(&plan.laid, d).unwrap_or(plan.end)
}

/// Where a bird is `d` inches along templates `laid` (as
/// [`pose_along`]); `None` past their end.
pub(super) fn pose_on(laid: &[Laid], d: f64) -> Option<Pose> {
    let mut left = d;
    for t in laid {
        let len = t.length.inches();
        if left <= len {
            let front = t.from.plus(t.heading.unit().scale(left));
            return Some(Pose { at: front.minus(t.heading.unit().scale(BASE_RADIUS)), heading: t.heading });
        }
        left -= len;
    }
    None
}

impl TailFeathers {
    /// The tail feathers on the battlefield.
    #[must_use]
    pub fn feathers(&self) -> &[Feather] {
        &self.feathers
    }

    /// The feathers as obstacles to clear sight and as things a flight
    /// crosses.
    pub(super) fn feather_shapes(&self) -> Vec<(u16, Shape)> {
        self.feathers.iter().map(|t| (t.id, Shape::Polygon(t.outline()))).collect()
    }

    /// What a token lying there would touch, if anything (it is then
    /// removed): another feather, a space, a mission card, a figure's base,
    /// the battlefield's edge.
    #[must_use]
    pub fn feather_blocker(&self, token: &Feather) -> Option<String> {
        if let Some(what) = self.lasting_blocker(token) {
            return Some(what);
        }
        let me = Shape::Polygon(token.outline());
        for side in [Alliance::Mice, Alliance::Rats] {
            if self.target_shape(Target::Mission(side)).is_some_and(|m| touches(&me, &m)) {
                return Some(format!("the {} mission card", side_name(side).to_lowercase()));
            }
        }
        (0..FIGURES as u8).find(|&f| self.base(f).is_some_and(|b| touches(&me, &b))).map(figure_name)
    }

    /// What of the things that stay put a token would touch: the edge,
    /// another feather, a space, a trunk (our reading: part of its tree).
    /// A lying token never touches any of them (an invariant); cards and
    /// bases may come to it later.
    pub(super) fn lasting_blocker(&self, token: &Feather) -> Option<String> {
        let me = Shape::Polygon(token.outline());
        if !wholly_on_battlefield(&token.outline()) {
            return Some("the battlefield's edge".into());
        }
        if self.feathers.iter().any(|t| t.id != token.id && touches(&me, &Shape::Polygon(t.outline()))) {
            return Some("another tail feather".into());
        }
        if let Some(s) = (0..self.space_count() as u8).find(|&s| touches(&me, &Shape::Polygon(self.space_outline(s)))) {
            return Some(space_name(s));
        }
        field()
            .trees
            .iter()
            .position(|t| touches(&me, &Shape::Polygon(t.trunk.clone())))
            .map(|t| format!("{}'s trunk", tree_name(t as u8)))
    }

    /// A flying bird at `pose` takes `wounds`: one token each, dropped one
    /// at a time (hook at the start of `wound`, before anything is removed).
    pub(super) fn drop_feathers(&mut self, bird: Fig, wounds: u8) {
        if !self.options.feathers || self.figures[usize::from(bird)].place != Place::Air {
            return;
        }
        let Some(pose) = self.bird(bird).map(|b| b.pose) else { return };
        let ahead = pose.heading.unit();
        let centre = pose.at.minus(ahead.scale(BASE_RADIUS + FEATHER_SCATTER.0));
        let r = FEATHER_SCATTER.1;
        let steps = (r * 100.0).round() as usize;
        for _ in 0..wounds {
            // A point of the disc, uniformly (on a grid of hundredths).
            let (dx, dy) = loop {
                let x = (self.rng.below(2 * steps + 1) as f64 - steps as f64) / 100.0;
                let y = (self.rng.below(2 * steps + 1) as f64 - steps as f64) / 100.0;
                if x * x + y * y <= r * r {
                    break (x, y);
                }
            };
            let token = Feather {
                id: self.next_feather,
                at: centre.plus(V2::new(dx, dy)),
                heading: Heading(self.rng.below(usize::from(HEADINGS)) as u8),
                notched: false,
            };
            self.next_feather += 1;
            if let Some(what) = self.feather_blocker(&token) {
                self.events.push(Event::Note(format!("a tail feather falls on {what} and is removed")));
            } else {
                self.events.push(Event::Note("a tail feather falls on the battlefield".into()));
                self.feathers.push(token);
            }
        }
    }

    /// The flight crosses feather `id`: it is removed and the pilot is
    /// rattled; the flight goes on.
    pub(super) fn cross_feather(&mut self, bird: Fig, id: u16) {
        if let Some(k) = self.feathers.iter().position(|t| t.id == id) {
            self.feathers.remove(k);
            self.events.push(Event::Note(format!("{} crosses a tail feather, which is removed", figure_name(bird))));
            if let Some(i) = bird_index(bird)
                && !self.birds[i].rattled
            {
                self.birds[i].rattled = true;
                self.events.push(Event::Rattled(bird));
            }
        }
    }

    /// The end of the round: fronts turn to their notched backs, notched
    /// ones go.
    pub(super) fn turn_feathers(&mut self) {
        let before = self.feathers.len();
        self.feathers.retain(|t| !t.notched);
        for t in &mut self.feathers {
            t.notched = true;
        }
        let (gone, turned) = (before - self.feathers.len(), self.feathers.len());
        if before > 0 {
            self.events
                .push(Event::Note(format!("tail feathers: {turned} turned to the notched side, {gone} removed")));
        }
    }

    /// Wounds bird `f` where it is on its way along a flight (`here`), so
    /// its feathers fall there; its base then goes on from where the walk
    /// has it.
    pub(super) fn wound_on_the_way(&mut self, f: Fig, n: u8, here: Pose) {
        let Some(i) = bird_index(f) else { return };
        let saved = self.birds[i].pose;
        self.birds[i].pose = here;
        self.wound(Target::Figure(f), n, false);
        self.birds[i].pose = saved;
    }

    /// Puts a tail-feather token on the battlefield (tests and lessons).
    pub fn arrange_feather(&mut self, at: V2, heading: Heading, notched: bool) -> u16 {
        let id = self.next_feather;
        self.next_feather += 1;
        self.feathers.push(Feather { id, at, heading, notched });
        self.memo = Memo::default();
        id
    }
}
