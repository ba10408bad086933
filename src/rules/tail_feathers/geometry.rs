//! The Tail Feathers table as geometry: bases (circles), flight templates
//! laid along a heading and turned by the tilt, the path a flight sweeps,
//! polygons (trunks, spaces, nests, mission cards, the sapling), distances
//! between nearest points, clear sight, overlap and crossing.
//!
//! **Same bits everywhere.** Saves and undo replay the action log, so a
//! flight must end on the same bits on every platform. Actions stay
//! discrete (template lists, tilt steps, indices into launch headings and
//! points), and every heading is a multiple of 15°: launches offer 24
//! headings and a template turns by 30°. The unit vector of each heading
//! has a closed form in square roots (cos 15° = (√6 + √2) / 4, …), so the
//! module needs only `+ − × ÷` and `√`, which IEEE 754 rounds exactly the
//! same way on every platform. No `sin`, `cos`, `atan2`, `hypot` or
//! `mul_add` is used (their results differ between maths libraries and
//! fused or unfused hardware); `clippy.toml` forbids them in `src/rules`.
//! We chose this over `libm` or `parry2d-f64` with `enhanced-determinism`
//! because the discrete headings make trigonometry unnecessary, and a
//! dependency-free module is easier to audit; a golden file of flights
//! (`tests/golden/tf_flights.txt`) checks the bits.

#![allow(clippy::many_single_char_names, reason = "geometry reads best in the usual letters: p, a, b, c, r, t")]

use std::sync::LazyLock;

/// Inches on the table.
pub type Inches = f64;

/// A point or a vector on the table, in inches (x east, y north).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct V2 {
    /// East.
    pub x: Inches,
    /// North.
    pub y: Inches,
}

impl V2 {
    /// The point (x, y).
    #[must_use]
    pub const fn new(x: Inches, y: Inches) -> Self {
        Self { x, y }
    }

    /// Sum.
    #[must_use]
    pub fn plus(self, o: Self) -> Self {
        Self::new(self.x + o.x, self.y + o.y)
    }

    /// Difference.
    #[must_use]
    pub fn minus(self, o: Self) -> Self {
        Self::new(self.x - o.x, self.y - o.y)
    }

    /// Scaled by `k`.
    #[must_use]
    pub fn scale(self, k: f64) -> Self {
        Self::new(self.x * k, self.y * k)
    }

    /// Dot product.
    #[must_use]
    pub fn dot(self, o: Self) -> f64 {
        self.x * o.x + self.y * o.y
    }

    /// Cross product (z of the 3-D cross).
    #[must_use]
    pub fn cross(self, o: Self) -> f64 {
        self.x * o.y - self.y * o.x
    }

    /// Length.
    #[must_use]
    pub fn len(self) -> f64 {
        self.dot(self).sqrt()
    }

    /// Distance to `o`.
    #[must_use]
    pub fn dist(self, o: Self) -> f64 {
        self.minus(o).len()
    }

    /// Turned a quarter left.
    #[must_use]
    pub fn left(self) -> Self {
        Self::new(-self.y, self.x)
    }
}

/// Steps of 15° in a full turn.
pub const HEADINGS: u8 = 24;

/// A heading: `0` is east, counting 15° steps anticlockwise (6 is north).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
pub struct Heading(pub u8);

/// cos of 0°, 15°, …, 90°, from square roots only.
static QUARTER: LazyLock<[f64; 7]> = LazyLock::new(|| {
    let (r2, r3, r6) = (2f64.sqrt(), 3f64.sqrt(), 6f64.sqrt());
    [1.0, (r6 + r2) / 4.0, r3 / 2.0, r2 / 2.0, 0.5, (r6 - r2) / 4.0, 0.0]
});

impl Heading {
    /// Normalised to 0..24.
    #[must_use]
    pub fn new(steps: i32) -> Self {
        Self(steps.rem_euclid(i32::from(HEADINGS)) as u8)
    }

    /// Turned by `steps` of 15° (anticlockwise for positive).
    #[must_use]
    pub fn turned(self, steps: i32) -> Self {
        Self::new(i32::from(self.0) + steps)
    }

    /// The opposite heading.
    #[must_use]
    pub fn reversed(self) -> Self {
        self.turned(12)
    }

    /// The heading of the 24 nearest to the way from `from` to `to`
    /// (on a tie, the later of the two).
    #[must_use]
    pub fn toward(from: V2, to: V2) -> Self {
        let d = to.minus(from);
        (0..HEADINGS).map(Heading).max_by(|a, b| a.unit().dot(d).total_cmp(&b.unit().dot(d))).unwrap_or(Heading(0))
    }

    /// In degrees (for display only).
    #[must_use]
    pub fn degrees(self) -> u32 {
        u32::from(self.0) * 15
    }

    /// The unit vector along the heading, exact to the last bit on every
    /// platform (a closed form in square roots).
    #[must_use]
    pub fn unit(self) -> V2 {
        let k = usize::from(self.0 % HEADINGS);
        let (quadrant, r) = (k / 6, k % 6);
        let (c, s) = (QUARTER[r], QUARTER[6 - r]);
        match quadrant {
            0 => V2::new(c, s),
            1 => V2::new(-s, c),
            2 => V2::new(-c, -s),
            _ => V2::new(s, -c),
        }
    }
}

/// A flying bird's tilt: which way its templates turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
pub enum Tilt {
    /// Each template after the first turns 30° left.
    Left,
    /// Straight on.
    Centre,
    /// Each template after the first turns 30° right.
    Right,
}

impl Tilt {
    /// The turn per template, in 15° steps.
    #[must_use]
    pub fn steps(self) -> i32 {
        match self {
            Tilt::Left => TURN_STEPS,
            Tilt::Centre => 0,
            Tilt::Right => -TURN_STEPS,
        }
    }

    /// The mirror tilt.
    #[must_use]
    pub fn mirrored(self) -> Self {
        match self {
            Tilt::Left => Tilt::Right,
            Tilt::Centre => Tilt::Centre,
            Tilt::Right => Tilt::Left,
        }
    }
}

/// A template's turn: 30°.
pub const TURN_STEPS: i32 = 2;
/// A short template's length.
pub const SHORT: Inches = 3.0;
/// A long template's length.
pub const LONG: Inches = 5.0;
/// A template's width.
pub const TEMPLATE_WIDTH: Inches = 1.0;
/// A bird's base radius (1.5" across).
pub const BASE_RADIUS: Inches = 0.75;
/// Regular templates of each length in the box: a flight uses at most 3.
pub const TEMPLATES_OF_EACH: usize = 3;

/// A template's length.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
pub enum Length {
    /// 3".
    Short,
    /// 5".
    Long,
}

impl Length {
    /// In inches.
    #[must_use]
    pub fn inches(self) -> Inches {
        match self {
            Length::Short => SHORT,
            Length::Long => LONG,
        }
    }
}

/// A bird's place and facing.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Pose {
    /// The base's centre.
    pub at: V2,
    /// Where it faces.
    pub heading: Heading,
}

/// One template laid on the table.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Laid {
    /// Where it starts (the middle of its back edge).
    pub from: V2,
    /// Its direction.
    pub heading: Heading,
    /// Its length.
    pub length: Length,
}

impl Laid {
    /// Where it ends (the middle of its front edge: a maneuver point).
    #[must_use]
    pub fn to(&self) -> V2 {
        self.from.plus(self.heading.unit().scale(self.length.inches()))
    }

    /// Its outline, a rectangle `TEMPLATE_WIDTH` wide.
    #[must_use]
    pub fn polygon(&self) -> Polygon {
        let u = self.heading.unit();
        let side = u.left().scale(TEMPLATE_WIDTH / 2.0);
        let to = self.to();
        Polygon(vec![self.from.minus(side), to.minus(side), to.plus(side), self.from.plus(side)])
    }
}

/// A flight as announced: the templates' lengths in order (the last is an
/// end template) and the tilt.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Flight {
    /// Lengths in order.
    pub lengths: Vec<Length>,
    /// The tilt the templates turn by.
    pub tilt: Tilt,
}

/// The templates of a flight laid from a pose: the first starts at the
/// front of the base along its heading, each next turns by the tilt at the
/// maneuver point where the last ended; after template `i` the bird's base
/// sits at its end, facing along it.
#[must_use]
pub fn lay(start: Pose, flight: &Flight) -> Vec<Laid> {
    let mut out = Vec::with_capacity(flight.lengths.len());
    let mut heading = start.heading;
    let mut from = start.at.plus(heading.unit().scale(BASE_RADIUS));
    for (i, &length) in flight.lengths.iter().enumerate() {
        if i > 0 {
            heading = heading.turned(flight.tilt.steps());
        }
        let laid = Laid { from, heading, length };
        from = laid.to();
        out.push(laid);
    }
    out
}

/// The pose after the first `n` templates (n = 0: where it started).
#[must_use]
pub fn pose_after(start: Pose, laid: &[Laid], n: usize) -> Pose {
    match n.checked_sub(1).and_then(|i| laid.get(i)) {
        Some(t) => Pose { at: t.to(), heading: t.heading },
        None => start,
    }
}

/// Where a flight ends.
#[must_use]
pub fn end_pose(start: Pose, flight: &Flight) -> Pose {
    end_of(start, &flight.lengths, flight.tilt)
}

/// Where templates of `lengths` laid from `start` at `tilt` end, without
/// laying them: the same sums in the same order as [`lay`], so the same
/// bits.
#[must_use]
pub fn end_of(start: Pose, lengths: &[Length], tilt: Tilt) -> Pose {
    let mut heading = start.heading;
    let mut from = start.at.plus(heading.unit().scale(BASE_RADIUS));
    for (i, &length) in lengths.iter().enumerate() {
        if i > 0 {
            heading = heading.turned(tilt.steps());
        }
        from = from.plus(heading.unit().scale(length.inches()));
    }
    if lengths.is_empty() { start } else { Pose { at: from, heading } }
}

/// A polygon, its corners in order (either way round). Simple (no
/// self-crossing) but not necessarily convex.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Polygon(pub Vec<V2>);

impl Polygon {
    /// Its edges as (from, to).
    pub fn edges(&self) -> impl Iterator<Item = (V2, V2)> + '_ {
        let n = self.0.len();
        (0..n).map(move |i| (self.0[i], self.0[(i + 1) % n]))
    }

    /// True when `p` is strictly inside (crossing count; a point on an edge
    /// is not inside, which [`distance`] treats as touching anyway).
    #[must_use]
    pub fn contains(&self, p: V2) -> bool {
        let mut inside = false;
        for (a, b) in self.edges() {
            if (a.y > p.y) != (b.y > p.y) {
                let x = a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x);
                if p.x < x {
                    inside = !inside;
                }
            }
        }
        inside && self.edges().all(|(a, b)| point_segment(p, a, b) > 0.0)
    }

    /// The polygon moved by `d`.
    #[must_use]
    pub fn moved(&self, d: V2) -> Self {
        Self(self.0.iter().map(|p| p.plus(d)).collect())
    }

    /// Its bounding box: (least x, least y, greatest x, greatest y).
    fn bounds(&self) -> (f64, f64, f64, f64) {
        self.0.iter().fold((f64::INFINITY, f64::INFINITY, f64::NEG_INFINITY, f64::NEG_INFINITY), |b, v| {
            (b.0.min(v.x), b.1.min(v.y), b.2.max(v.x), b.3.max(v.y))
        })
    }

    /// True when the two polygons' bounding boxes are apart (then every
    /// corner of one lies strictly to one side of every corner of the
    /// other, so they cannot touch: a quick, exact test before measuring).
    fn boxes_apart(&self, other: &Self) -> bool {
        let (a, b) = (self.bounds(), other.bounds());
        a.2 < b.0 || b.2 < a.0 || a.3 < b.1 || b.3 < a.1
    }
}

/// Distance from `p` to the segment `a`–`b`.
#[must_use]
pub fn point_segment(p: V2, a: V2, b: V2) -> f64 {
    let ab = b.minus(a);
    let len2 = ab.dot(ab);
    let t = if len2 == 0.0 { 0.0 } else { (p.minus(a).dot(ab) / len2).clamp(0.0, 1.0) };
    p.dist(a.plus(ab.scale(t)))
}

/// True when the segments `a`–`b` and `c`–`d` meet (touching included).
#[must_use]
pub fn segments_meet(a: V2, b: V2, c: V2, d: V2) -> bool {
    let d1 = b.minus(a).cross(c.minus(a));
    let d2 = b.minus(a).cross(d.minus(a));
    let d3 = d.minus(c).cross(a.minus(c));
    let d4 = d.minus(c).cross(b.minus(c));
    if ((d1 > 0.0 && d2 < 0.0) || (d1 < 0.0 && d2 > 0.0)) && ((d3 > 0.0 && d4 < 0.0) || (d3 < 0.0 && d4 > 0.0)) {
        return true;
    }
    point_segment(c, a, b) == 0.0
        || point_segment(d, a, b) == 0.0
        || point_segment(a, c, d) == 0.0
        || point_segment(b, c, d) == 0.0
}

/// Distance between two segments (0 when they meet).
#[must_use]
pub fn segment_segment(a: V2, b: V2, c: V2, d: V2) -> f64 {
    if segments_meet(a, b, c, d) {
        return 0.0;
    }
    point_segment(a, c, d).min(point_segment(b, c, d)).min(point_segment(c, a, b)).min(point_segment(d, a, b))
}

/// A thing on the table that can be measured to.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum Shape {
    /// A round base: centre and radius.
    Circle(V2, Inches),
    /// A polygon.
    Polygon(Polygon),
}

impl Shape {
    /// A bird's base at `at`.
    #[must_use]
    pub fn base(at: V2) -> Self {
        Shape::Circle(at, BASE_RADIUS)
    }

    /// The shape moved by `d`.
    #[must_use]
    pub fn moved(&self, d: V2) -> Self {
        match self {
            Shape::Circle(c, r) => Shape::Circle(c.plus(d), *r),
            Shape::Polygon(p) => Shape::Polygon(p.moved(d)),
        }
    }
}

/// Distance from `p` to a polygon's area (0 inside or on it).
#[must_use]
pub fn point_polygon(p: V2, poly: &Polygon) -> f64 {
    if poly.contains(p) {
        return 0.0;
    }
    poly.edges().map(|(a, b)| point_segment(p, a, b)).fold(f64::INFINITY, f64::min)
}

/// The clearance between two shapes: the distance between their nearest
/// points, 0 when they touch. Two round bases that overlap give a negative
/// figure (by how much); a polygon that meets a shape gives 0 (it touches;
/// only bases can overlap).
#[must_use]
pub fn distance(a: &Shape, b: &Shape) -> f64 {
    match (a, b) {
        (Shape::Circle(c1, r1), Shape::Circle(c2, r2)) => c1.dist(*c2) - r1 - r2,
        (Shape::Circle(c, r), Shape::Polygon(p)) | (Shape::Polygon(p), Shape::Circle(c, r)) => {
            (point_polygon(*c, p) - r).max(0.0)
        }
        (Shape::Polygon(p), Shape::Polygon(q)) => {
            if p.0.iter().any(|&v| q.contains(v)) || q.0.iter().any(|&v| p.contains(v)) {
                return 0.0;
            }
            let mut best = f64::INFINITY;
            for (a1, b1) in p.edges() {
                for (a2, b2) in q.edges() {
                    best = best.min(segment_segment(a1, b1, a2, b2));
                }
            }
            best
        }
    }
}

/// True when the two shapes touch or overlap (a template "crossing" a
/// thing; in range at distance 0).
#[must_use]
pub fn touches(a: &Shape, b: &Shape) -> bool {
    if let (Shape::Polygon(p), Shape::Polygon(q)) = (a, b)
        && p.boxes_apart(q)
    {
        return false;
    }
    distance(a, b) <= 0.0
}

/// True when two round bases overlap (touching is fine): flying bases
/// never end a flight this way.
#[must_use]
pub fn overlaps(a: &Shape, b: &Shape) -> bool {
    distance(a, b) < 0.0
}

/// True when the segment `a`–`b` passes through the interior of `obstacle`
/// (grazing its edge does not block).
#[must_use]
pub fn blocks(obstacle: &Shape, a: V2, b: V2) -> bool {
    match obstacle {
        Shape::Circle(c, r) => point_segment(*c, a, b) < *r,
        Shape::Polygon(p) => {
            if p.contains(a) || p.contains(b) {
                return true;
            }
            // A proper crossing of an edge, or a midpoint inside, blocks.
            let proper = p.edges().any(|(c, d)| {
                let d1 = b.minus(a).cross(c.minus(a));
                let d2 = b.minus(a).cross(d.minus(a));
                let d3 = d.minus(c).cross(a.minus(c));
                let d4 = d.minus(c).cross(b.minus(c));
                d1 * d2 < 0.0 && d3 * d4 < 0.0
            });
            proper || p.contains(a.plus(b).scale(0.5))
        }
    }
}

/// The point of segment `a`–`b` nearest to `p`.
#[must_use]
pub fn nearest_on_segment(p: V2, a: V2, b: V2) -> V2 {
    let ab = b.minus(a);
    let len2 = ab.dot(ab);
    let t = if len2 == 0.0 { 0.0 } else { (p.minus(a).dot(ab) / len2).clamp(0.0, 1.0) };
    a.plus(ab.scale(t))
}

/// The point of a polygon's area nearest to `p` (`p` itself inside).
fn nearest_on_polygon(p: V2, poly: &Polygon) -> V2 {
    if poly.contains(p) {
        return p;
    }
    poly.edges().map(|(a, b)| nearest_on_segment(p, a, b)).min_by(|x, y| x.dist(p).total_cmp(&y.dist(p))).unwrap_or(p)
}

/// The nearest points of two shapes, one on each (glossary "Range": the
/// range finder is laid between them); the same point twice where the
/// shapes touch or overlap.
#[must_use]
pub fn nearest_points(a: &Shape, b: &Shape) -> (V2, V2) {
    let on_circle = |c: V2, r: Inches, q: V2| {
        let d = q.minus(c);
        let len = d.len();
        if len <= r { q } else { c.plus(d.scale(r / len)) }
    };
    match (a, b) {
        (Shape::Circle(c1, r1), Shape::Circle(c2, r2)) => (on_circle(*c1, *r1, *c2), on_circle(*c2, *r2, *c1)),
        (Shape::Circle(c, r), Shape::Polygon(poly)) => {
            let q = nearest_on_polygon(*c, poly);
            (on_circle(*c, *r, q), q)
        }
        (Shape::Polygon(_), Shape::Circle(..)) => {
            let (q, p) = nearest_points(b, a);
            (p, q)
        }
        (Shape::Polygon(p), Shape::Polygon(q)) => {
            if let Some(&v) = p.0.iter().find(|&&v| q.contains(v)) {
                return (v, v);
            }
            if let Some(&v) = q.0.iter().find(|&&v| p.contains(v)) {
                return (v, v);
            }
            let mut best = (f64::INFINITY, p.0[0], q.0[0]);
            for (a1, b1) in p.edges() {
                for (a2, b2) in q.edges() {
                    for (x, y) in [
                        (a1, nearest_on_segment(a1, a2, b2)),
                        (b1, nearest_on_segment(b1, a2, b2)),
                        (nearest_on_segment(a2, a1, b1), a2),
                        (nearest_on_segment(b2, a1, b1), b2),
                    ] {
                        if x.dist(y) < best.0 {
                            best = (x.dist(y), x, y);
                        }
                    }
                }
            }
            (best.1, best.2)
        }
    }
}

/// The points clear sight tries between two shapes: each shape's sample
/// points (see [`clear_sight`]) and the two nearest points, where the
/// range finder is laid first.
fn sight_points(from: &Shape, to: &Shape) -> (Vec<V2>, Vec<V2>) {
    let (mut pa, mut pb) = (samples(from, centre(to)), samples(to, centre(from)));
    let (a, b) = nearest_points(from, to);
    pa.push(a);
    pb.push(b);
    (pa, pb)
}

/// Clear sight (our reading of the range finder): some segment of at most
/// `range` from one of `from`'s sample points to one of `to`'s crosses
/// none of `obstacles`. Bases are sampled at 24 points on their edge plus
/// the point nearest the other shape's centre; a polygon at its corners and
/// edge midpoints; and the nearest points of the two shapes are always
/// tried (Further rulings, "Clear sight from or to a space"). Returns the
/// segment found.
#[must_use]
pub fn clear_sight(from: &Shape, to: &Shape, range: Inches, obstacles: &[Shape]) -> Option<(V2, V2)> {
    let (pa, pb) = sight_points(from, to);
    let mut best: Option<(f64, V2, V2)> = None;
    for &a in &pa {
        for &b in &pb {
            let len = a.dist(b);
            if len > range || best.is_some_and(|(l, _, _)| l <= len) {
                continue;
            }
            if obstacles.iter().all(|o| !blocks(o, a, b)) {
                best = Some((len, a, b));
            }
        }
    }
    best.map(|(_, a, b)| (a, b))
}

/// True when some segment of at most `range` between the two shapes'
/// sample points is clear of `obstacles` (the same samples as
/// [`clear_sight`], stopping at the first clear one).
#[must_use]
pub fn any_clear_sight(from: &Shape, to: &Shape, range: Inches, obstacles: &[Shape]) -> bool {
    let (pa, pb) = sight_points(from, to);
    // Only obstacles near the two shapes can block.
    let (ca, cb) = (centre(from), centre(to));
    let reach = ca.dist(cb) + radius(from) + radius(to);
    let near: Vec<&Shape> = obstacles
        .iter()
        .filter(|o| {
            let c = centre(o);
            c.dist(ca).min(c.dist(cb)) <= reach + radius(o)
        })
        .collect();
    pa.iter().any(|&a| pb.iter().any(|&b| a.dist(b) <= range && near.iter().all(|o| !blocks(o, a, b))))
}

/// The radius of a circle round a shape from its centre.
#[must_use]
pub fn radius(s: &Shape) -> f64 {
    match s {
        Shape::Circle(_, r) => *r,
        Shape::Polygon(p) => {
            let c = centre(s);
            p.0.iter().map(|v| v.dist(c)).fold(0.0, f64::max)
        }
    }
}

/// A shape's centre (a polygon's mean corner).
#[must_use]
pub fn centre(s: &Shape) -> V2 {
    match s {
        Shape::Circle(c, _) => *c,
        Shape::Polygon(p) => {
            let n = p.0.len().max(1) as f64;
            let sum = p.0.iter().fold(V2::new(0.0, 0.0), |acc, &v| acc.plus(v));
            sum.scale(1.0 / n)
        }
    }
}

fn samples(s: &Shape, toward: V2) -> Vec<V2> {
    match s {
        Shape::Circle(c, r) => {
            let mut out: Vec<V2> = (0..HEADINGS).map(|k| c.plus(Heading(k).unit().scale(*r))).collect();
            let d = toward.minus(*c);
            let len = d.len();
            if len > 0.0 {
                out.push(c.plus(d.scale(*r / len)));
            }
            out
        }
        Shape::Polygon(p) => {
            let mut out = p.0.clone();
            out.extend(p.edges().map(|(a, b)| a.plus(b).scale(0.5)));
            out
        }
    }
}

/// Where along a flight a template first touches `thing`: the template's
/// index and the distance from that template's start to the first point
/// of `thing` inside its strip (the order crossings resolve in); `None`
/// when no template touches it.
#[must_use]
pub fn first_touch(laid: &[Laid], thing: &Shape) -> Option<(usize, f64)> {
    for (i, t) in laid.iter().enumerate() {
        if !touches(&Shape::Polygon(t.polygon()), thing) {
            continue;
        }
        let u = t.heading.unit();
        let side = u.left();
        let along = |p: V2| p.minus(t.from).dot(u);
        let across = |p: V2| p.minus(t.from).dot(side);
        let half = TEMPLATE_WIDTH / 2.0;
        let first = match thing {
            Shape::Circle(c, r) => {
                let (a, v) = (along(*c), across(*c));
                let dv = (v.abs() - half).max(0.0);
                a - (r * r - dv * dv).max(0.0).sqrt()
            }
            Shape::Polygon(p) => clip_to_strip(p, t).iter().map(|&q| along(q)).fold(f64::INFINITY, f64::min),
        };
        return Some((i, first.clamp(0.0, t.length.inches())));
    }
    None
}

/// The polygon clipped to a template's rectangle (Sutherland–Hodgman; the
/// rectangle is convex): its corners, for the first point met.
fn clip_to_strip(p: &Polygon, t: &Laid) -> Vec<V2> {
    let rect = t.polygon();
    // Orient the rectangle anticlockwise so "inside" is to the left.
    let mut out = p.0.clone();
    for (a, b) in rect.edges() {
        let inside = |q: V2| b.minus(a).cross(q.minus(a)) >= 0.0;
        let input = std::mem::take(&mut out);
        let n = input.len();
        for i in 0..n {
            let (cur, prev) = (input[i], input[(i + n - 1) % n]);
            let (ci, pi) = (inside(cur), inside(prev));
            if ci != pi {
                let (e, f) = (prev, cur);
                let denom = b.minus(a).cross(f.minus(e));
                if denom != 0.0 {
                    let k = b.minus(a).cross(a.minus(e)) / denom;
                    out.push(e.plus(f.minus(e).scale(k)));
                }
            }
            if ci {
                out.push(cur);
            }
        }
        if out.is_empty() {
            // Touching only along an edge: the polygon's nearest corner.
            return p.0.clone();
        }
    }
    out
}

/// How many of a flight's templates are kept so that it does not end with
/// its base overlapping one of `others` (TF-R9: stop at the last maneuver
/// point that does not; 0 = stay where it started).
#[must_use]
pub fn truncated(start: Pose, laid: &[Laid], others: &[Shape]) -> usize {
    (0..=laid.len())
        .rev()
        .find(|&n| {
            let at = pose_after(start, laid, n).at;
            n == 0 || others.iter().all(|o| !overlaps(&Shape::base(at), o))
        })
        .unwrap_or(0)
}
