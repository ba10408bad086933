//! The Tail Feathers geometry: verdicts that do not depend on where the
//! table stands or how it is turned, mirror-image tilts, symmetric
//! distances, overlap exactly below zero clearance, truncated flights that
//! never end on another flying base, and a golden file of flights whose end
//! poses must stay the same to the last bit on every platform.
#![allow(clippy::unwrap_used)]
#![allow(clippy::many_single_char_names, reason = "geometry reads best in the usual letters")]
#![allow(clippy::float_cmp, reason = "these tests ask for exact results, to the bit")]

use aviary::rules::Rng;
use aviary::rules::tail_feathers::geometry::{
    BASE_RADIUS, Flight, HEADINGS, Heading, Length, Polygon, Pose, Shape, TEMPLATES_OF_EACH, Tilt, V2, blocks, centre,
    clear_sight, distance, end_pose, first_touch, lay, overlaps, pose_after, touches, truncated,
};

fn coord(rng: &mut Rng) -> f64 {
    // Quarter inches on a 36" table: exact in binary.
    (rng.below(36 * 4) as f64) / 4.0
}

fn point(rng: &mut Rng) -> V2 {
    V2::new(coord(rng), coord(rng))
}

fn shape(rng: &mut Rng) -> Shape {
    if rng.below(2) == 0 {
        Shape::base(point(rng))
    } else {
        let c = point(rng);
        let n = 3 + rng.below(4);
        // A star-shaped polygon round c, corners at 15° steps.
        let mut corners = Vec::new();
        let mut k = 0u8;
        for _ in 0..n {
            k += 1 + rng.below(usize::from(HEADINGS) / n) as u8;
            let r = 0.5 + (rng.below(8) as f64) / 4.0;
            corners.push(c.plus(Heading(k % HEADINGS).unit().scale(r)));
        }
        Shape::Polygon(Polygon(corners))
    }
}

fn flight(rng: &mut Rng) -> Flight {
    let n = 2 + rng.below(2 * TEMPLATES_OF_EACH - 1);
    let lengths = (0..n).map(|_| if rng.below(2) == 0 { Length::Short } else { Length::Long }).collect();
    let tilt = [Tilt::Left, Tilt::Centre, Tilt::Right][rng.below(3)];
    Flight { lengths, tilt }
}

fn pose(rng: &mut Rng) -> Pose {
    Pose { at: point(rng), heading: Heading(rng.below(usize::from(HEADINGS)) as u8) }
}

/// Turns a point a quarter anticlockwise about the origin (exact).
fn quarter(p: V2) -> V2 {
    V2::new(-p.y, p.x)
}

fn quarter_shape(s: &Shape) -> Shape {
    match s {
        Shape::Circle(c, r) => Shape::Circle(quarter(*c), *r),
        Shape::Polygon(p) => Shape::Polygon(Polygon(p.0.iter().map(|&v| quarter(v)).collect())),
    }
}

/// `s` moved so its centre is within `reach` inches (each way, in
/// quarter inches) of `to`.
fn near(s: &Shape, to: V2, reach: f64, rng: &mut Rng) -> Shape {
    let step = |rng: &mut Rng| (rng.below((reach * 8.0) as usize + 1) as f64) / 4.0 - reach;
    let gap = V2::new(step(rng), step(rng));
    s.moved(to.minus(centre(s)).plus(gap))
}

/// Every verdict the rules ask of two shapes and a segment between them.
fn verdicts(a: &Shape, b: &Shape, others: &[Shape]) -> (bool, bool, bool, bool) {
    let (ca, cb) =
        (aviary::rules::tail_feathers::geometry::centre(a), aviary::rules::tail_feathers::geometry::centre(b));
    (touches(a, b), overlaps(a, b), others.iter().any(|o| blocks(o, ca, cb)), clear_sight(a, b, 8.0, others).is_some())
}

#[test]
fn moving_or_turning_the_whole_table_changes_no_verdict() {
    let mut rng = Rng::seeded(1);
    // How often each verdict came out true: the turns and moves must be
    // checked on both sides of every verdict, or a verdict that is always
    // the same would pass.
    let mut seen_true = [0usize; 4];
    for _ in 0..400 {
        // b a few inches from a, and the others about the line between
        // them, so that touching, overlapping and blocking all happen.
        let a = shape(&mut rng);
        let reach = if rng.below(2) == 0 { 2.0 } else { 12.0 };
        let b = near(&shape(&mut rng), centre(&a), reach, &mut rng);
        let middle = centre(&a).plus(centre(&b)).scale(0.5);
        let others: Vec<Shape> = (0..3).map(|_| near(&shape(&mut rng), middle, 6.0, &mut rng)).collect();
        let here = verdicts(&a, &b, &others);
        for (n, v) in [here.0, here.1, here.2, here.3].into_iter().enumerate() {
            seen_true[n] += usize::from(v);
        }
        let d = V2::new(coord(&mut rng) - 18.0, coord(&mut rng) - 18.0);
        let moved: Vec<Shape> = others.iter().map(|o| o.moved(d)).collect();
        assert_eq!(here, verdicts(&a.moved(d), &b.moved(d), &moved), "moved by {d:?}: {a:?} {b:?}");
        let turned: Vec<Shape> = others.iter().map(quarter_shape).collect();
        assert_eq!(here, verdicts(&quarter_shape(&a), &quarter_shape(&b), &turned), "turned: {a:?} {b:?}");
    }
    for (n, what) in ["touching", "overlapping", "blocked", "in clear sight"].into_iter().enumerate() {
        let t = seen_true[n];
        assert!((20..=380).contains(&t), "{what} in {t} of 400 cases: both answers must be checked often");
    }
    // Flights: a flight from a turned start ends at the turned end pose.
    for _ in 0..400 {
        let (p, f) = (pose(&mut rng), flight(&mut rng));
        let end = end_pose(p, &f);
        let turned = end_pose(Pose { at: quarter(p.at), heading: p.heading.turned(6) }, &f);
        assert_eq!(turned.heading, end.heading.turned(6));
        assert!(turned.at.dist(quarter(end.at)) < 1e-9, "{turned:?} v {end:?}");
        let d = V2::new(coord(&mut rng), coord(&mut rng));
        let shifted = end_pose(Pose { at: p.at.plus(d), heading: p.heading }, &f);
        assert!(shifted.at.dist(end.at.plus(d)) < 1e-9);
    }
}

#[test]
fn a_left_tilt_mirrors_a_right_tilt() {
    let mut rng = Rng::seeded(2);
    for _ in 0..500 {
        let f = flight(&mut rng);
        let mirrored = Flight { lengths: f.lengths.clone(), tilt: f.tilt.mirrored() };
        // From the origin facing east, the mirror is y → −y, to the bit.
        let east = Pose { at: V2::new(0.0, 0.0), heading: Heading(0) };
        let (a, b) = (end_pose(east, &f), end_pose(east, &mirrored));
        assert_eq!(a.at.x.to_bits(), b.at.x.to_bits());
        assert!(a.at.y == -b.at.y, "{a:?} v {b:?}"); // exact (0 and −0 are one place)
        assert_eq!(a.heading, Heading::new(-i32::from(b.heading.0)));
        // From anywhere, mirrored about the start's heading line.
        let p = pose(&mut rng);
        let (a, b) = (end_pose(p, &f), end_pose(p, &mirrored));
        let (u, n) = (p.heading.unit(), p.heading.unit().left());
        let rel = |q: V2| (q.minus(p.at).dot(u), q.minus(p.at).dot(n));
        let (ra, rb) = (rel(a.at), rel(b.at));
        assert!((ra.0 - rb.0).abs() < 1e-9 && (ra.1 + rb.1).abs() < 1e-9, "{ra:?} v {rb:?}");
    }
}

#[test]
fn distance_is_symmetric_and_overlap_is_exactly_below_zero() {
    let mut rng = Rng::seeded(3);
    let (mut overlapping, mut touching) = (0, 0);
    for _ in 0..2_000 {
        // Two shapes a few inches apart, so many touch.
        let a = shape(&mut rng);
        let b = shape(&mut rng);
        let gap = V2::new(coord(&mut rng) / 9.0, coord(&mut rng) / 9.0);
        let b = b.moved(
            aviary::rules::tail_feathers::geometry::centre(&a)
                .minus(aviary::rules::tail_feathers::geometry::centre(&b))
                .plus(gap),
        );
        let (ab, ba) = (distance(&a, &b), distance(&b, &a));
        assert_eq!(ab.to_bits(), ba.to_bits(), "{a:?} {b:?}");
        assert_eq!(overlaps(&a, &b), ab < 0.0);
        assert_eq!(touches(&a, &b), ab <= 0.0);
        overlapping += usize::from(ab < 0.0);
        touching += usize::from(ab <= 0.0);
    }
    // Bases touching exactly: 1.5" apart.
    let a = Shape::base(V2::new(1.0, 1.0));
    let b = Shape::base(V2::new(1.0 + 2.0 * BASE_RADIUS, 1.0));
    assert!(touches(&a, &b) && !overlaps(&a, &b), "touching is not overlapping");
    assert!(overlapping > 10 && touching > overlapping, "{overlapping} overlapping, {touching} touching");
}

#[test]
fn no_flight_ends_with_two_flying_bases_overlapping() {
    let mut rng = Rng::seeded(4);
    let mut cut = 0;
    for _ in 0..1_000 {
        let (start, f) = (pose(&mut rng), flight(&mut rng));
        let laid = lay(start, &f);
        // Other birds about the flight's maneuver points.
        let others: Vec<Shape> = (0..4)
            .map(|_| {
                let near = pose_after(start, &laid, 1 + rng.below(laid.len())).at;
                Shape::base(near.plus(V2::new(coord(&mut rng) / 12.0 - 1.5, coord(&mut rng) / 12.0 - 1.5)))
            })
            .filter(|o| !overlaps(o, &Shape::base(start.at)))
            .collect();
        let kept = truncated(start, &laid, &others);
        let end = pose_after(start, &laid, kept);
        assert!(others.iter().all(|o| !overlaps(o, &Shape::base(end.at))), "ends on a base: {f:?} from {start:?}");
        cut += usize::from(kept < laid.len());
    }
    assert!(cut > 20, "some flights were cut short: {cut}");
}

#[test]
fn crossings_come_in_the_order_the_flight_meets_them() {
    // Straight east from the origin: bases further along are met later.
    let start = Pose { at: V2::new(0.0, 0.0), heading: Heading(0) };
    let f = Flight { lengths: vec![Length::Long, Length::Long, Length::Short], tilt: Tilt::Centre };
    let laid = lay(start, &f);
    let near = first_touch(&laid, &Shape::base(V2::new(4.0, 0.5))).unwrap();
    let far = first_touch(&laid, &Shape::base(V2::new(9.0, -0.5))).unwrap();
    let tree =
        Shape::Polygon(Polygon(vec![V2::new(6.0, -0.5), V2::new(7.0, -0.5), V2::new(7.0, 2.0), V2::new(6.0, 2.0)]));
    let trunk = first_touch(&laid, &tree).unwrap();
    assert!(near < trunk && trunk < far, "{near:?} {trunk:?} {far:?}");
    assert_eq!(trunk.0, 1, "the trunk lies across the second template");
    assert!((trunk.1 - (6.0 - (BASE_RADIUS + 5.0))).abs() < 1e-12, "met at its near face: {trunk:?}");
    assert!(first_touch(&laid, &Shape::base(V2::new(5.0, 5.0))).is_none(), "off the path");
    // Clear sight: the tree blocks the straight line, not a line past it.
    let from = Shape::base(V2::new(4.0, 0.0));
    let to = Shape::base(V2::new(9.0, 0.0));
    assert!(blocks(&tree, V2::new(4.0, 0.0), V2::new(9.0, 0.0)));
    let seen = clear_sight(&from, &to, 8.0, std::slice::from_ref(&tree)).expect("a line round the trunk's end");
    assert!(!blocks(&tree, seen.0, seen.1));
}

/// The golden file: a line per flight, the start, heading, tilt and
/// lengths, then the end pose's x and y as bits and its heading.
const GOLDEN: &str = "tests/golden/tf_flights.txt";

fn golden_lines() -> Vec<String> {
    let mut rng = Rng::seeded(20_261_123);
    (0..1_200)
        .map(|_| {
            let (p, f) = (pose(&mut rng), flight(&mut rng));
            let end = end_pose(p, &f);
            let lengths: String = f.lengths.iter().map(|l| if *l == Length::Short { 'S' } else { 'L' }).collect();
            format!(
                "{} {} {} {:?} {lengths} -> {:016x} {:016x} {}",
                p.at.x,
                p.at.y,
                p.heading.0,
                f.tilt,
                end.at.x.to_bits(),
                end.at.y.to_bits(),
                end.heading.0
            )
        })
        .collect()
}

#[test]
fn a_thousand_flights_end_on_the_same_bits_as_the_golden_file() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(GOLDEN);
    let now = golden_lines();
    if std::env::var_os("AVIARY_BLESS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, now.join("\n") + "\n").unwrap();
    }
    let golden = std::fs::read_to_string(&path).expect("the golden file (AVIARY_BLESS=1 writes it)");
    let golden: Vec<&str> = golden.lines().collect();
    assert!(golden.len() >= 1_000);
    for (i, (g, n)) in golden.iter().zip(&now).enumerate() {
        assert_eq!(g, n, "flight {} moved: the geometry is no longer bit-for-bit the same", i + 1);
    }
    assert_eq!(golden.len(), now.len());
}
