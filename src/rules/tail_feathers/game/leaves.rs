//! Leaves (TF-R26, an additional rule): a leaf hangs at each of the
//! scenario's connection points. An attached leaf is a space bordering only
//! the space its stem hangs from; it holds three small figures, never a
//! large one, and no bird perches on it. Instead of its normal attack, a
//! ground figure on an attached leaf may cut it loose toward a space of
//! another tree: the leaf first turns about its connection point until its
//! front end points at that space, then drifts: spins = one action die's
//! number + the figures on it. A spin swings the leaf clockwise about the
//! hole at its front end (the hole nearest the destination) until its
//! other end points at the destination (half a turn when it is on course),
//! and that end becomes the front. On its way a leaf sweeps tail feathers
//! away; a flying bird (or the battlefield's edge, or the drifting leaf it
//! rests against) stops the swing, and the next spin turns about the hole
//! nearest the destination; a mission card stops the drift (an opponent's
//! is revealed); another drifting leaf stops it, the two adjacent spaces
//! until either moves; a tree (any of its spaces, its trunk or a leaf
//! hanging on it) ends it: the figures go onto the space of that tree
//! closest to the leaf, those that do not fit there to their casualty
//! piles, and the leaf goes back to its branch. Drifting leaves drift again
//! in each final phase after the missions, their cards gone, in turn order.
//! A drifting leaf with nobody on it goes back at once. A drifting leaf
//! blocks clear sight; birds fly over leaves; a patrol may shoot at a
//! drifting leaf holding enemy figures (a ranged group attack on them).
//! (Rulings of 2026-11-27 for the pointing, the landing, the timing and
//! the patrol.)
//!
//! Our readings: contact is looked for at each 15° step of a swing; the
//! turn that points a leaf just cut loose goes the shorter way (clockwise
//! when both are equal) and is stopped as a spin is; the tree a leaf was
//! cut from does not stop it until the leaf has swung clear of that tree; a
//! leaf returning to its branch sweeps away the tail feathers it lands on;
//! home-tree leaves (attached) count as the home tree for deploying and
//! missions; the figures leaving a leaf at a tree go in figure order.
//!
//! The designed geometry is data in `components` ([`LEAF_SIZE`], the
//! connection points of [`Battlefield::connections`]). Poses stay on the
//! 24 headings, so the rules are free of platform trigonometry.
//!
//! Hooks: every space question (`space_outline`, `space_neighbours`,
//! `space_room`, `tree_spaces`) goes through this file, so leaves stand in
//! for spaces wherever the rules speak of spaces; `attacks` offers
//! [`Action::CutLoose`]; `obstacles` adds the drifting leaves; `advance`
//! returns empty leaves; `end_round` drifts the leaves again; the final
//! phase's patrol offers [`Action::PatrolLeaf`] through
//! [`TailFeathers::patrol_leaves`].

#![allow(clippy::wildcard_imports, reason = "a chapter of the game module: it shares the module's state and imports")]

use super::feathers::wholly_on_battlefield;
use super::*;
use crate::rules::tail_feathers::components::{Connection, LEAF_SIZE, LEAF_SMALL};
use crate::rules::tail_feathers::geometry::Polygon;

/// A leaf: hanging at its connection point or drifting.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Leaf {
    /// The front pivot hole.
    pub hole: V2,
    /// The way from the front hole to the other hole.
    pub back: Heading,
    /// Drifting toward this space (of another tree); `None`: attached.
    pub toward: Option<u8>,
    /// Whose figure cut it loose (an opponent's mission card it meets is
    /// revealed).
    pub cut_by: Option<Alliance>,
    /// The drifting leaf it stopped against: adjacent until either moves.
    pub touching: Option<u8>,
    /// Its poses after each spin of its last drift, for the table.
    pub trail: Vec<(V2, Heading)>,
    /// Where the spins of its last drift started (after it was pointed,
    /// when it was cut loose), for the table.
    #[serde(default)]
    pub start: Option<(V2, Heading)>,
}

/// A swing of a leaf: about `pivot`, its hole `offset` inches from it
/// along the leaf, from heading `from` by `steps` 15° steps, anticlockwise
/// (`by` = 1) or clockwise (`by` = -1).
struct Swing {
    pivot: V2,
    offset: f64,
    from: Heading,
    by: i32,
    steps: i32,
}

/// How a spin went.
enum Spin {
    /// The leaf swung all the way round.
    Full,
    /// A flying bird, the edge or the leaf it rests against stopped the
    /// swing; the drift goes on.
    Blocked,
    /// The drift is over (a card, another leaf, a tree).
    Over,
}

/// Each tree's trunk centre and the farthest any of its spaces or its
/// hanging leaf reaches from it (a quick test before measuring).
static TREE_REACH: std::sync::LazyLock<Vec<(V2, f64)>> = std::sync::LazyLock::new(|| {
    field()
        .trees
        .iter()
        .map(|tree| {
            let n = tree.trunk.0.len().max(1) as f64;
            let c = tree.trunk.0.iter().fold(V2::new(0.0, 0.0), |a, &v| a.plus(v)).scale(1.0 / n);
            let far = tree
                .spaces
                .iter()
                .flat_map(|&s| field().spaces[s].outline.0.iter())
                .map(|v| v.dist(c))
                .fold(0.0, f64::max);
            // A hanging leaf reaches a leaf length past the spaces, and a
            // touching leaf has a corner within its own length of that.
            (c, far + 2.0 * LEAF_SIZE.0 + 0.01)
        })
        .collect()
});

/// The distance between a leaf's two pivot holes.
#[must_use]
pub fn hole_span() -> f64 {
    LEAF_SIZE.0 - 2.0 * LEAF_SIZE.2
}

/// A leaf's outline with its front hole at `hole` and its other hole along
/// `back`: a pointed oval of eight corners.
#[must_use]
pub fn leaf_outline(hole: V2, back: Heading) -> Polygon {
    leaf_outline_along(hole, back.unit())
}

/// A leaf's outline with its front hole at `hole` and its other hole along
/// the unit vector `u` (the table turns a leaf through every angle while
/// it animates a spin; the rules use the 24 headings only).
#[must_use]
pub fn leaf_outline_along(hole: V2, u: V2) -> Polygon {
    let (len, wide, inset) = LEAF_SIZE;
    let n = u.left();
    let tip = hole.minus(u.scale(inset));
    let at = |t: f64, w: f64| tip.plus(u.scale(t * len)).plus(n.scale(w * wide / 2.0));
    Polygon(vec![
        at(0.0, 0.0),
        at(0.2, -0.7),
        at(0.5, -1.0),
        at(0.8, -0.7),
        at(1.0, 0.0),
        at(0.8, 0.7),
        at(0.5, 1.0),
        at(0.2, 0.7),
    ])
}

/// Where a leaf hangs at connection `c`: its front hole by the stem.
fn hanging(c: &Connection) -> (V2, Heading) {
    (c.at.plus(c.heading.unit().scale(LEAF_SIZE.2)), c.heading)
}

/// The tree a field space belongs to.
#[must_use]
pub fn tree_of(s: usize) -> Option<usize> {
    field().trees.iter().position(|t| t.spaces.contains(&s))
}

/// The tree leaf `k` hangs from.
#[must_use]
pub fn leaf_tree(k: usize) -> usize {
    field().connections.get(k).and_then(|c| tree_of(c.stem)).unwrap_or(0)
}

/// The space number of leaf `k` (after the battlefield's own spaces).
#[must_use]
pub fn leaf_space(k: usize) -> u8 {
    (field().spaces.len() + k) as u8
}

/// A leaf's name ("the leaf of the Old Beech").
#[must_use]
pub fn leaf_name(k: usize) -> String {
    format!("the leaf of {}", tree_name(leaf_tree(k) as u8))
}

impl Leaf {
    /// Its outline where it is.
    #[must_use]
    pub fn outline(&self) -> Polygon {
        leaf_outline(self.hole, self.back)
    }

    /// Its two holes, front first.
    #[must_use]
    pub fn holes(&self) -> (V2, V2) {
        (self.hole, self.hole.plus(self.back.unit().scale(hole_span())))
    }

    /// Its centre (where its figures stand).
    #[must_use]
    pub fn centre(&self) -> V2 {
        let (a, b) = self.holes();
        a.plus(b).scale(0.5)
    }
}

impl TailFeathers {
    /// The leaves (empty without the leaves rule), by connection point.
    #[must_use]
    pub fn leaves(&self) -> &[Leaf] {
        &self.leaves
    }

    /// The leaves hanging at their connection points as a game starts.
    pub(super) fn hung_leaves(options: &Options) -> Vec<Leaf> {
        if !options.leaves {
            return Vec::new();
        }
        field()
            .connections
            .iter()
            .map(|c| {
                let (hole, back) = hanging(c);
                Leaf { hole, back, toward: None, cut_by: None, touching: None, trail: Vec::new(), start: None }
            })
            .collect()
    }

    /// The leaf that space `s` is, if it is one.
    #[must_use]
    pub fn leaf_at(&self, s: usize) -> Option<usize> {
        s.checked_sub(field().spaces.len()).filter(|&k| k < self.leaves.len())
    }

    /// Spaces in all: the battlefield's, then the leaves.
    #[must_use]
    pub fn space_count(&self) -> usize {
        field().spaces.len() + self.leaves.len()
    }

    /// A space's outline (a leaf's where it is now).
    #[must_use]
    pub fn space_outline(&self, s: u8) -> Polygon {
        match self.leaf_at(usize::from(s)) {
            Some(k) => self.leaves[k].outline(),
            None => field().spaces.get(usize::from(s)).map(|sp| sp.outline.clone()).unwrap_or_default(),
        }
    }

    /// Where a space's figures stand (a leaf's centre, a space's perch).
    #[must_use]
    pub fn space_centre(&self, s: u8) -> V2 {
        match self.leaf_at(usize::from(s)) {
            Some(k) => self.leaves[k].centre(),
            None => field().spaces.get(usize::from(s)).map_or(field().axis, |sp| sp.perch),
        }
    }

    /// Whose nest space `s` is.
    #[must_use]
    pub fn space_nest(s: usize) -> Option<Alliance> {
        field().spaces.get(s).and_then(|sp| sp.nest)
    }

    /// The spaces bordering space `s`: an attached leaf and its stem; two
    /// drifting leaves resting against each other.
    #[must_use]
    pub fn space_neighbours(&self, s: usize) -> Vec<usize> {
        if let Some(k) = self.leaf_at(s) {
            let l = &self.leaves[k];
            return match (l.toward, l.touching) {
                (None, _) => vec![field().connections[k].stem],
                (Some(_), Some(o)) => vec![usize::from(leaf_space(usize::from(o)))],
                (Some(_), None) => Vec::new(),
            };
        }
        let mut out = field().neighbours(s);
        for (k, l) in self.leaves.iter().enumerate() {
            if l.toward.is_none() && field().connections[k].stem == s {
                out.push(usize::from(leaf_space(k)));
            }
        }
        out
    }

    /// True when a figure of `size` may stop in space `s` holding `here`:
    /// a leaf takes three small figures and no large one.
    #[must_use]
    pub fn space_room(&self, s: usize, here: &[Occupant], size: Size) -> bool {
        if self.leaf_at(s).is_some() {
            return size == Size::Small && here.len() < LEAF_SMALL;
        }
        s < field().spaces.len() && trees::has_room(field(), s, here, size)
    }

    /// A tree's spaces: its own, then the leaves hanging on it.
    #[must_use]
    pub fn tree_spaces(&self, t: usize) -> Vec<usize> {
        let mut out = field().trees[t].spaces.clone();
        for (k, l) in self.leaves.iter().enumerate() {
            if l.toward.is_none() && leaf_tree(k) == t {
                out.push(usize::from(leaf_space(k)));
            }
        }
        out
    }

    /// The drifting leaves' outlines (obstacles to clear sight), but for
    /// the spaces `except`.
    pub(super) fn drifting_shapes(&self, except: &[u8]) -> Vec<Shape> {
        (0..self.leaves.len())
            .filter(|&k| self.leaves[k].toward.is_some() && !except.contains(&leaf_space(k)))
            .map(|k| Shape::Polygon(self.leaves[k].outline()))
            .collect()
    }

    /// The destinations figure `f` may cut its leaf loose toward, now: any
    /// space of another tree, when `f` stands on an attached leaf.
    pub(super) fn cut_loose_actions(&self, f: Fig, out: &mut Vec<Action>) {
        if self.cut_blocker(f).is_some() {
            return;
        }
        let Place::Space(s) = self.figures[usize::from(f)].place else { return };
        let Some(k) = self.leaf_at(usize::from(s)) else { return };
        let home = leaf_tree(k);
        for (t, tree) in field().trees.iter().enumerate() {
            if t != home {
                out.extend(tree.spaces.iter().map(|&to| Action::CutLoose { figure: f, toward: to as u8 }));
            }
        }
    }

    /// Why figure `f` may not cut a leaf loose now, if it may not.
    pub(super) fn cut_blocker(&self, f: Fig) -> Option<String> {
        if !self.options.leaves {
            return Some("leaves are an additional rule this game was not started with (new-game dialog)".into());
        }
        let Place::Space(s) = self.figures[usize::from(f)].place else {
            return Some(format!("{} is not on a leaf", figure_name(f)));
        };
        let Some(k) = self.leaf_at(usize::from(s)) else {
            return Some(format!("{} is not on a leaf", figure_name(f)));
        };
        if self.leaves[k].toward.is_some() {
            return Some(format!("{} is already drifting", leaf_name(k)));
        }
        let Some(act) = self.activation.as_ref() else {
            return Some("only a figure being activated may cut a leaf loose".into());
        };
        if UNIT_DEFS[unit_of(f)].ground.is_none() || usize::from(act.unit) != unit_of(f) {
            return Some(format!("{} is not a ground figure of the activated unit", figure_name(f)));
        }
        if act.step != Step::Acts || !act.figures.contains(&f) || act.acted.contains(&f) {
            return Some(format!(
                "a leaf is cut loose in place of an attack, and {} has no attack to give up now",
                figure_name(f)
            ));
        }
        None
    }

    /// Figure `f` cuts its leaf loose toward space `toward`: the leaf is
    /// pointed at it, then drifts.
    pub(super) fn cut_loose(&mut self, f: Fig, toward: u8) {
        let Place::Space(s) = self.figures[usize::from(f)].place else { return };
        let Some(k) = self.leaf_at(usize::from(s)) else { return };
        if let Some(act) = self.activation.as_mut() {
            act.acted.push(f);
        }
        self.leaves[k].toward = Some(toward);
        self.leaves[k].cut_by = Some(Self::side(f));
        self.events.push(Event::Note(format!(
            "{} cuts {} loose, pointing it at {}",
            figure_name(f),
            leaf_name(k),
            space_name(toward)
        )));
        self.drift(k, true);
    }

    /// Leaf `k` drifts: an action die and its figures give the spins. A
    /// leaf just `cut` loose is first pointed at its destination (turned
    /// about its connection point; ruling of 2026-11-27), and the spins
    /// start from there.
    pub(super) fn drift(&mut self, k: usize, cut: bool) {
        let Some(toward) = self.leaves[k].toward else { return };
        let partner = self.leaves[k].touching.take();
        if let Some(o) = partner {
            self.leaves[usize::from(o)].touching = None;
        }
        self.leaves[k].trail.clear();
        // The tree the leaf leaves does not stop it until it is clear.
        let mut leaving = self.trees_touched(k, &self.leaves[k].outline());
        if cut && matches!(self.point(k, &mut leaving), Spin::Over) {
            return;
        }
        if self.leaves[k].toward.is_none() {
            return;
        }
        self.leaves[k].start = Some((self.leaves[k].hole, self.leaves[k].back));
        let aboard = self.in_space(leaf_space(k)).len() as u8;
        let faces = dice::roll(1, &mut self.rng);
        let spins = faces.first().map_or(0, |x| x.number()) + aboard;
        let seat = seat_of(self.leaves[k].cut_by.unwrap_or(Alliance::Mice));
        self.events.push(Event::Rolled { seat, what: "the leaf's spins".into(), faces });
        self.events.push(Event::Note(format!("{}: {spins} spins toward {}", leaf_name(k), space_name(toward))));
        for n in 1..=spins {
            self.events.push(Event::Note(format!("{}: spin {n} of {spins}", leaf_name(k))));
            let spun = self.spin(k, partner, &mut leaving);
            let l = &self.leaves[k];
            if l.toward.is_some() {
                let pose = (l.hole, l.back);
                self.leaves[k].trail.push(pose);
            }
            if matches!(spun, Spin::Over) || self.leaves[k].toward.is_none() {
                return;
            }
        }
    }

    /// A leaf just cut loose turns about its connection point, the shorter
    /// way (clockwise when both are equal), until its front end (the end
    /// away from the stem) points at its destination; what it meets on the
    /// way stops it as it stops a spin.
    fn point(&mut self, k: usize, leaving: &mut Vec<usize>) -> Spin {
        let Some(toward) = self.leaves[k].toward else { return Spin::Over };
        let c = &field().connections[k];
        let target = Heading::toward(c.at, field().spaces[usize::from(toward)].perch);
        let from = self.leaves[k].back;
        let d = (i32::from(target.0) - i32::from(from.0)).rem_euclid(i32::from(HEADINGS));
        let half = i32::from(HEADINGS) / 2;
        let (by, steps) = if d < half { (1, d) } else { (-1, i32::from(HEADINGS) - d) };
        if steps > 0 {
            self.events.push(Event::Note(format!("{} turns to point at {}", leaf_name(k), space_name(toward))));
        }
        self.swing(k, &Swing { pivot: c.at, offset: LEAF_SIZE.2, from, by, steps }, None, leaving)
    }

    /// The trees (by index) a leaf outline `p` touches, `k`'s own hanging
    /// place aside: a trunk, a space or a leaf hanging on it.
    fn trees_touched(&self, k: usize, p: &Polygon) -> Vec<usize> {
        let me = Shape::Polygon(p.clone());
        let mut out = Vec::new();
        for (t, tree) in field().trees.iter().enumerate() {
            // Far from the tree's reach (its spaces and a hanging leaf): no
            // touch, without measuring.
            let (c, reach) = TREE_REACH[t];
            if p.0.iter().all(|v| v.dist(c) > reach) {
                continue;
            }
            let hit = touches(&me, &Shape::Polygon(tree.trunk.clone()))
                || self.tree_spaces(t).iter().any(|&s| {
                    s != usize::from(leaf_space(k)) && touches(&me, &Shape::Polygon(self.space_outline(s as u8)))
                });
            if hit {
                out.push(t);
            }
        }
        out
    }

    /// One spin of leaf `k`: a swing clockwise about the hole nearest the
    /// destination (its front hole, once pointed) until its other end
    /// points at the destination: half a turn when it is on course.
    fn spin(&mut self, k: usize, partner: Option<u8>, leaving: &mut Vec<usize>) -> Spin {
        let Some(toward) = self.leaves[k].toward else { return Spin::Over };
        let dest = field().spaces[usize::from(toward)].perch;
        let (a, b) = self.leaves[k].holes();
        let (pivot, from) =
            if b.dist(dest) < a.dist(dest) { (b, self.leaves[k].back.reversed()) } else { (a, self.leaves[k].back) };
        let target = Heading::toward(pivot, dest);
        let mut steps = (i32::from(from.0) - i32::from(target.0)).rem_euclid(i32::from(HEADINGS));
        if steps == 0 {
            steps = i32::from(HEADINGS) / 2;
        }
        self.swing(k, &Swing { pivot, offset: 0.0, from, by: -1, steps }, partner, leaving)
    }

    /// Leaf `k` swings (see [`Swing`]), 15° at a time: a flying bird, the
    /// battlefield's edge or the leaf `partner` it rested against stops the
    /// swing where it is; a mission card or another drifting leaf ends the
    /// drift; so does reaching a tree other than those it is `leaving`.
    fn swing(&mut self, k: usize, turn: &Swing, partner: Option<u8>, leaving: &mut Vec<usize>) -> Spin {
        let name = leaf_name(k);
        let mut free = turn.from;
        for _ in 0..turn.steps {
            let next = free.turned(turn.by);
            let hole = turn.pivot.plus(next.unit().scale(turn.offset));
            let p = leaf_outline(hole, next);
            let me = Shape::Polygon(p.clone());
            // What stops the swing where it is.
            let blocker = if wholly_on_battlefield(&p) {
                self.flyers()
                    .into_iter()
                    .find(|&g| self.bird(g).is_some_and(|bd| touches(&me, &Shape::base(bd.pose.at))))
                    .map(figure_name)
                    .or_else(|| {
                        partner
                            .filter(|&o| touches(&me, &Shape::Polygon(self.leaves[usize::from(o)].outline())))
                            .map(|o| leaf_name(usize::from(o)))
                    })
            } else {
                Some("the battlefield's edge".into())
            };
            if let Some(what) = blocker {
                self.events.push(Event::Note(format!("{name} swings against {what} and stops turning")));
                return Spin::Blocked;
            }
            // What ends the drift before the leaf gets there.
            for side in [Alliance::Mice, Alliance::Rats] {
                if self.target_shape(Target::Mission(side)).is_some_and(|m| touches(&me, &m)) {
                    self.leaf_meets_card(k, side);
                    return Spin::Over;
                }
            }
            if let Some(o) = (0..self.leaves.len()).find(|&o| {
                o != k && self.leaves[o].toward.is_some() && touches(&me, &Shape::Polygon(self.leaves[o].outline()))
            }) {
                self.leaves[k].touching = Some(o as u8);
                self.leaves[o].touching = Some(k as u8);
                self.events.push(Event::Note(format!(
                    "{name} drifts against {}: they stop, adjacent spaces until either moves",
                    leaf_name(o)
                )));
                return Spin::Over;
            }
            // The leaf gets there.
            self.leaves[k].hole = hole;
            self.leaves[k].back = next;
            free = next;
            let swept: Vec<u16> =
                self.feathers.iter().filter(|t| touches(&me, &Shape::Polygon(t.outline()))).map(|t| t.id).collect();
            for id in swept {
                self.feathers.retain(|t| t.id != id);
                self.events.push(Event::Note(format!("{name} sweeps a tail feather away")));
            }
            let now = self.trees_touched(k, &p);
            leaving.retain(|t| now.contains(t));
            if let Some(&t) = now.iter().find(|t| !leaving.contains(t)) {
                self.leaf_lands(k, t);
                return Spin::Over;
            }
        }
        Spin::Full
    }

    /// Leaf `k` meets `side`'s mission card: it stops; an opponent's card
    /// is revealed.
    fn leaf_meets_card(&mut self, k: usize, side: Alliance) {
        let owner = side_name(side).to_lowercase();
        self.events.push(Event::Note(format!("{} stops at the {owner} mission card", leaf_name(k))));
        if self.leaves[k].cut_by != Some(side)
            && let Some(card) = self.cards[seat_of(side).index()].as_mut()
            && !card.revealed
        {
            card.revealed = true;
            if let Some(kind) = card.kind {
                self.events.push(Event::Revealed(side, kind));
            }
        }
    }

    /// Leaf `k` reaches tree `t`: its figures go, one by one, onto the
    /// space of that tree closest to the leaf; those that do not fit there
    /// go to their casualty piles (ruling of 2026-11-27: they do not spread
    /// to other spaces). The leaf goes back to its branch.
    fn leaf_lands(&mut self, k: usize, t: usize) {
        let me = Shape::Polygon(self.leaves[k].outline());
        self.events.push(Event::Note(format!("{} reaches {}", leaf_name(k), tree_name(t as u8))));
        let closest = field().trees[t]
            .spaces
            .iter()
            .map(|&s| (distance(&me, &Shape::Polygon(field().spaces[s].outline.clone())), s))
            .min_by(|x, y| x.0.total_cmp(&y.0).then(x.1.cmp(&y.1)))
            .map(|(_, s)| s);
        for f in self.in_space(leaf_space(k)) {
            match closest {
                Some(s) if self.space_room(s, &self.occupants(s, None), Self::size(f)) => {
                    self.figures[usize::from(f)].place = Place::Space(s as u8);
                    self.events.push(Event::Note(format!("{} steps off onto {}", figure_name(f), space_name(s as u8))));
                }
                _ => {
                    let full = closest.map_or_else(|| tree_name(t as u8), |s| space_name(s as u8));
                    self.events.push(Event::Note(format!("no room on {full} for {}", figure_name(f))));
                    self.defeat(f);
                }
            }
        }
        self.return_leaf(k);
    }

    /// Leaf `k` goes back to its connection point, sweeping away any tail
    /// feather lying there.
    fn return_leaf(&mut self, k: usize) {
        let (hole, back) = hanging(&field().connections[k]);
        if let Some(o) = self.leaves[k].touching.take() {
            self.leaves[usize::from(o)].touching = None;
        }
        let l = &mut self.leaves[k];
        l.hole = hole;
        l.back = back;
        l.toward = None;
        l.cut_by = None;
        let me = Shape::Polygon(self.leaves[k].outline());
        self.feathers.retain(|t| !touches(&me, &Shape::Polygon(t.outline())));
        self.events.push(Event::Note(format!("{} goes back to its branch", leaf_name(k))));
    }

    /// Drifting leaves nobody stands on go back to their branches (hook in
    /// `advance`).
    pub(super) fn return_empty_leaves(&mut self) {
        for k in 0..self.leaves.len() {
            if self.leaves[k].toward.is_some() && self.in_space(leaf_space(k)).is_empty() {
                self.return_leaf(k);
            }
        }
    }

    /// The final phase, after the missions: the drifting leaves drift again,
    /// the first player's first.
    pub(super) fn drift_again(&mut self) {
        let first = side_of_seat(self.first);
        let mut order: Vec<usize> = (0..self.leaves.len()).filter(|&k| self.leaves[k].toward.is_some()).collect();
        order.sort_by_key(|&k| (self.leaves[k].cut_by != Some(first), k));
        for k in order {
            if self.leaves[k].toward.is_some() {
                self.drift(k, false);
            }
        }
    }

    /// Leaves hold no large figure and at most three small ones; a
    /// drifting leaf is pointed at a space of a tree, and two resting
    /// against each other name each other.
    pub(super) fn leaf_invariants(&self) -> Result<(), String> {
        for (k, l) in self.leaves.iter().enumerate() {
            let occ = self.occupants(usize::from(leaf_space(k)), None);
            if occ.len() > LEAF_SMALL || occ.iter().any(|o| o.size == Size::Large) {
                return Err(format!("{} holds {} figures", leaf_name(k), occ.len()));
            }
            if l.toward.is_some() && occ.is_empty() {
                return Err(format!("{} drifts with nobody on it", leaf_name(k)));
            }
            let me = Shape::Polygon(l.outline());
            for side in [Alliance::Mice, Alliance::Rats] {
                if self.target_shape(Target::Mission(side)).is_some_and(|m| touches(&me, &m)) {
                    return Err(format!("{} lies on the {} mission card", leaf_name(k), side_name(side)));
                }
            }
            if let Some(o) = l.touching
                && self.leaves.get(usize::from(o)).and_then(|x| x.touching) != Some(k as u8)
            {
                return Err(format!("{} rests against {} alone", leaf_name(k), leaf_name(usize::from(o))));
            }
        }
        Ok(())
    }

    /// The drifting leaves (their spaces) holding figures of `enemy`: what a
    /// patrol may shoot at beside flying birds (TF-R26, ruling of
    /// 2026-11-27).
    #[must_use]
    pub fn patrol_leaves(&self, enemy: Alliance) -> Vec<u8> {
        (0..self.leaves.len())
            .filter(|&k| self.leaves[k].toward.is_some())
            .map(leaf_space)
            .filter(|&s| self.in_space(s).iter().any(|&f| Self::side(f) == enemy))
            .collect()
    }

    /// `seat`'s patrol shoots at drifting leaf space `s`: a ranged group
    /// attack of its value on the enemy figures on it.
    pub(super) fn patrol_leaf(&mut self, seat: Seat, s: u8) {
        self.fin = None;
        let side = side_of_seat(seat);
        let n = self.mission_value(side, false);
        let targets: Vec<Target> =
            self.in_space(s).into_iter().filter(|&f| Self::side(f) != side).map(Target::Figure).collect();
        self.events.push(Event::Note(format!("the patrol shoots at the figures on {}", space_name(s))));
        self.start_combat(seat, None, Attack::Ranged, n, targets);
    }

    /// Why a patrol at leaf space `s` is refused now.
    pub(super) fn patrol_leaf_refusal(&self, s: u8) -> RuleViolation {
        if !self.options.leaves {
            return RuleViolation::new(
                "TF-R26",
                "leaves are an additional rule this game was not started with (new-game dialog)",
            );
        }
        let Some(Final::Mission(MissionKind::Patrol, seat)) = self.fin else {
            return RuleViolation::new("TF-R17", format!("no patrol is choosing its target now: {}", self.status()));
        };
        let enemy = side_of_seat(other(seat));
        let why = match self.leaf_at(usize::from(s)) {
            None => format!("{} is not a leaf", space_name(s)),
            Some(k) if self.leaves[k].toward.is_none() => {
                format!("{} hangs on its branch: a patrol shoots only at a drifting leaf", leaf_name(k))
            }
            Some(k) => format!("nobody of the {} stands on {}", side_name(enemy).to_lowercase(), leaf_name(k)),
        };
        RuleViolation::new("TF-R26", why)
    }

    /// Cuts leaf `k` loose toward `toward` without a drift (tests and
    /// lessons), its pose kept.
    pub fn arrange_drifting_leaf(&mut self, k: usize, hole: V2, back: Heading, toward: u8, cut_by: Alliance) {
        if let Some(l) = self.leaves.get_mut(k) {
            l.hole = hole;
            l.back = back;
            l.toward = Some(toward);
            l.cut_by = Some(cut_by);
        }
        self.memo = Memo::default();
    }
}

impl trees::Spaces for TailFeathers {
    fn count(&self) -> usize {
        self.space_count()
    }

    fn neighbours(&self, s: usize) -> Vec<usize> {
        self.space_neighbours(s)
    }

    fn room(&self, s: usize, here: &[Occupant], size: Size) -> bool {
        self.space_room(s, here, size)
    }
}
