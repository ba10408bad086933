//! Measuring and clear sight: the shapes figures take on the table, what
//! blocks a line, the range finder and the targets a figure may attack.

#![allow(clippy::wildcard_imports, reason = "a chapter of the game module: it shares the module's state and imports")]

use super::*;

impl TailFeathers {
    /// A bird's base, where it is now (flying, launching or perched).
    #[must_use]
    pub fn base(&self, f: Fig) -> Option<Shape> {
        let b = self.bird(f)?;
        match self.figures[usize::from(f)].place {
            Place::Air => Some(Shape::base(b.pose.at)),
            Place::Space(s) if b.launching => {
                let _ = s;
                Some(Shape::base(b.pose.at))
            }
            Place::Space(s) => Some(Shape::base(field().spaces[usize::from(s)].perch)),
            _ => None,
        }
    }

    /// What a figure is measured from: a flying base, or its space.
    #[must_use]
    pub fn shape(&self, f: Fig) -> Option<Shape> {
        match self.figures[usize::from(f)].place {
            Place::Air => self.bird(f).map(|b| Shape::base(b.pose.at)),
            Place::Space(s) => Some(Shape::Polygon(self.space_outline(s))),
            _ => None,
        }
    }

    /// A target's shape.
    #[must_use]
    pub fn target_shape(&self, t: Target) -> Option<Shape> {
        match t {
            Target::Figure(f) => self.shape(f),
            Target::Nest(side) => {
                Some(Shape::Polygon(field().spaces[usize::from(Self::nest_space(side))].outline.clone()))
            }
            Target::Space(s) => Some(Shape::Polygon(self.space_outline(s))),
            Target::Ballista(side) => {
                self.ballistas[seat_of(side).index()].map(|b| Shape::Polygon(self.space_outline(b.space)))
            }
            Target::Mission(side) => self.cards[seat_of(side).index()]
                .and_then(|c| c.spot)
                .and_then(|spot| field().mission_spots.get(usize::from(spot)))
                .map(|spot| Shape::Polygon(spot.clone())),
        }
    }

    /// Flying birds (not launching), by figure.
    #[must_use]
    pub fn flyers(&self) -> Vec<Fig> {
        BIRD_FIGS.iter().copied().filter(|&f| self.figures[usize::from(f)].place == Place::Air).collect()
    }

    /// The bases of flying birds other than `except`: the only figures a
    /// flight may not end on (TF-R9; ground figures, perched and launching
    /// birds included, make room instead: Further rulings).
    pub(super) fn airborne_bases(&self, except: Fig) -> Vec<(Fig, Shape)> {
        self.flyers()
            .into_iter()
            .filter(|&f| f != except)
            .filter_map(|f| self.bird(f).map(|b| (f, Shape::base(b.pose.at))))
            .collect()
    }

    /// Flying bases and launching bases other than `except`'s: where no
    /// bird may launch from.
    pub(super) fn flying_bases(&self, except: Fig) -> Vec<(Fig, Shape)> {
        BIRD_FIGS
            .iter()
            .copied()
            .filter(|&f| f != except)
            .filter_map(|f| {
                let b = self.bird(f)?;
                let place = self.figures[usize::from(f)].place;
                (place == Place::Air || (b.launching && matches!(place, Place::Space(_))))
                    .then(|| (f, Shape::base(b.pose.at)))
            })
            .collect()
    }

    /// What blocks clear sight between `a` and `b`: trunks, flying bases
    /// other than theirs, tail feathers (the range finder draws them too).
    #[must_use]
    pub fn obstacles(&self, a: Option<Fig>, b: Option<Fig>) -> Vec<Shape> {
        let mut out: Vec<Shape> = field().trees.iter().map(|t| Shape::Polygon(t.trunk.clone())).collect();
        for f in self.flyers() {
            if Some(f) != a
                && Some(f) != b
                && let Some(bird) = self.bird(f)
            {
                out.push(Shape::base(bird.pose.at));
            }
        }
        out.extend(self.feather_shapes().into_iter().map(|(_, s)| s));
        // Drifting leaves (TF-R26), but for the ones `a` and `b` stand on.
        let on: Vec<u8> = [a, b]
            .into_iter()
            .flatten()
            .filter_map(|f| match self.figures[usize::from(f)].place {
                Place::Space(s) => Some(s),
                _ => None,
            })
            .collect();
        out.extend(self.drifting_shapes(&on));
        out
    }

    /// Range and clear sight from figure `from` to `target`: the distance
    /// and the clear segment found, if any (the range finder).
    #[must_use]
    pub fn measure(&self, from: Fig, target: Target) -> Option<(f64, Option<(V2, V2)>)> {
        let a = self.shape(from)?;
        let b = self.target_shape(target)?;
        let tf = match target {
            Target::Figure(f) => Some(f),
            _ => None,
        };
        let d = distance(&a, &b).max(0.0);
        let sight = clear_sight(&a, &b, RANGED_RANGE, &self.obstacles(Some(from), tf));
        Some((d, sight))
    }

    /// The legal targets of figure `f`'s melee (`ranged` false) or ranged
    /// attack (TF-R11).
    #[must_use]
    pub fn targets(&self, f: Fig, ranged: bool) -> Vec<Target> {
        let (melee, shoot) = self.attack_values(f);
        if (if ranged { shoot } else { melee }) == 0 {
            return Vec::new();
        }
        let side = Self::side(f);
        let enemy = if side == Alliance::Mice { Alliance::Rats } else { Alliance::Mice };
        let place = self.figures[usize::from(f)].place;
        let mut cands: Vec<Target> = (0..FIGURES as u8)
            .filter(|&e| Self::side(e) == enemy && self.figures[usize::from(e)].place.on_battlefield())
            .filter(|&e| !self.entangled(e))
            .map(Target::Figure)
            .collect();
        if self.nest_standing(enemy) {
            cands.push(Target::Nest(enemy));
        }
        if self.ballistas[seat_of(enemy).index()].is_some() {
            cands.push(Target::Ballista(enemy));
        }
        let space_of = |t: Target| match t {
            Target::Figure(e) => match self.figures[usize::from(e)].place {
                Place::Space(s) => Some(s),
                _ => None,
            },
            Target::Nest(side) => Some(Self::nest_space(side)),
            Target::Ballista(side) => self.ballistas[seat_of(side).index()].map(|b| b.space),
            _ => None,
        };
        match (place, ranged) {
            (Place::Space(s), true) => {
                let shared: Vec<Target> = cands
                    .iter()
                    .copied()
                    .filter(|&t| matches!(t, Target::Figure(_)) && space_of(t) == Some(s))
                    .collect();
                if !shared.is_empty() {
                    return shared;
                }
                cands.into_iter().filter(|&t| self.in_sight(f, t)).collect()
            }
            (Place::Space(s), false) => cands
                .into_iter()
                .filter(|&t| {
                    space_of(t)
                        .is_some_and(|ts| ts == s || self.space_neighbours(usize::from(s)).contains(&usize::from(ts)))
                })
                .collect(),
            (Place::Air, true) => cands.into_iter().filter(|&t| self.in_sight(f, t)).collect(),
            (Place::Air, false) => cands
                .into_iter()
                .filter(|&t| match t {
                    Target::Figure(e) if self.figures[usize::from(e)].place == Place::Air => {
                        self.measure(f, t).is_some_and(|(d, _)| d <= CLOSE_RANGE)
                    }
                    _ => false,
                })
                .collect(),
            _ => Vec::new(),
        }
    }

    pub(super) fn in_sight(&self, f: Fig, t: Target) -> bool {
        let (Some(from), Some(to)) = (self.shape(f), self.target_shape(t)) else { return false };
        if distance(&from, &to) > RANGED_RANGE {
            return false;
        }
        let target_fig = match t {
            Target::Figure(g) => Some(g),
            _ => None,
        };
        any_clear_sight(&from, &to, RANGED_RANGE, &self.obstacles(Some(f), target_fig))
    }
}
