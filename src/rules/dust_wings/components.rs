//! Dust in the Wings' components, designed by us where the rulebook leaves
//! them out, as data in one place: the meadow and its flowers, the
//! butterflies' colours, the Gathering and Composition cards with their
//! shapes, and the crystals.

use std::fmt;

use super::{Square, idx, words};

/// The meadow's side.
pub const SIZE: u8 = 5;
/// Spaces on the meadow.
pub const SPACES: usize = 25;
/// Face-up cards of each kind (Gathering, Composition) on display.
pub const DISPLAY: usize = 3;

/// Flowers per meadow space, row by row from row 1 (our design: 1–3 per
/// space, 48 in all, one butterfly per flower at setup).
pub const FLOWERS: [u8; SPACES] = [
    1, 2, 3, 2, 1, //
    2, 3, 1, 3, 2, //
    3, 1, 2, 1, 3, //
    2, 3, 1, 3, 2, //
    1, 2, 1, 2, 1,
];

/// Butterfly colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
pub enum Colour {
    /// Red (drawn as a circle).
    Red,
    /// Blue (drawn as a diamond).
    Blue,
    /// Yellow (drawn as a triangle).
    Yellow,
}

impl Colour {
    /// The three colours.
    pub const ALL: [Colour; 3] = [Colour::Red, Colour::Blue, Colour::Yellow];

    /// The colour's name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Colour::Red => "red",
            Colour::Blue => "blue",
            Colour::Yellow => "yellow",
        }
    }
}

/// Butterflies of each colour (red, blue, yellow).
pub type Counts = [u8; 3];

pub(super) fn total(c: Counts) -> u8 {
    c[0].saturating_add(c[1]).saturating_add(c[2])
}

/// A Gathering card: exactly these butterflies on the last space.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Gathering {
    /// Red, blue, yellow.
    pub counts: Counts,
}

/// All 31 Gathering cards: every colour multiset of size 2, 3 and 4, in a
/// fixed order (by size, then red, blue, yellow counts descending).
#[must_use]
pub fn gathering_cards() -> Vec<Gathering> {
    let mut out = Vec::new();
    for size in 2..=4u8 {
        for r in (0..=size).rev() {
            for b in (0..=size - r).rev() {
                out.push(Gathering { counts: [r, b, size - r - b] });
            }
        }
    }
    out
}

/// The Gathering card with id `id` (0..31).
#[must_use]
pub fn gathering_card(id: u8) -> Gathering {
    gathering_cards().get(usize::from(id)).copied().unwrap_or(Gathering { counts: [0; 3] })
}

/// The eight Composition shapes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Shape {
    /// Two spaces.
    Domino,
    /// Three in a line.
    StraightTromino,
    /// Three in an L.
    LTromino,
    /// Four in a line.
    StraightTetromino,
    /// A 2×2 square.
    Square,
    /// A T of four.
    T,
    /// An S (or Z) of four.
    S,
    /// An L (or J) of four.
    L,
}

impl Shape {
    /// Every shape, smallest first (the order of the Composition cards).
    pub const ALL: [Shape; 8] = [
        Shape::Domino,
        Shape::StraightTromino,
        Shape::LTromino,
        Shape::StraightTetromino,
        Shape::Square,
        Shape::T,
        Shape::S,
        Shape::L,
    ];

    /// Its cells in one orientation, (column, row) offsets.
    #[must_use]
    pub fn cells(self) -> &'static [(i8, i8)] {
        match self {
            Shape::Domino => &[(0, 0), (1, 0)],
            Shape::StraightTromino => &[(0, 0), (1, 0), (2, 0)],
            Shape::LTromino => &[(0, 0), (1, 0), (0, 1)],
            Shape::StraightTetromino => &[(0, 0), (1, 0), (2, 0), (3, 0)],
            Shape::Square => &[(0, 0), (1, 0), (0, 1), (1, 1)],
            Shape::T => &[(0, 0), (1, 0), (2, 0), (1, 1)],
            Shape::S => &[(1, 0), (2, 0), (0, 1), (1, 1)],
            Shape::L => &[(0, 0), (0, 1), (0, 2), (1, 2)],
        }
    }

    /// The shape's name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Shape::Domino => "domino",
            Shape::StraightTromino => "line of 3",
            Shape::LTromino => "corner of 3",
            Shape::StraightTetromino => "line of 4",
            Shape::Square => "square of 4",
            Shape::T => "T of 4",
            Shape::S => "S of 4",
            Shape::L => "L of 4",
        }
    }

    /// Every distinct orientation (rotations and reflections), each
    /// normalised to start at (0, 0) and sorted.
    #[must_use]
    pub fn orientations(self) -> Vec<Vec<(i8, i8)>> {
        let mut out: Vec<Vec<(i8, i8)>> = Vec::new();
        for flip in [false, true] {
            for rot in 0..4 {
                let mut cells: Vec<(i8, i8)> = self
                    .cells()
                    .iter()
                    .map(|&(x, y)| {
                        let (mut x, mut y) = if flip { (-x, y) } else { (x, y) };
                        for _ in 0..rot {
                            (x, y) = (-y, x);
                        }
                        (x, y)
                    })
                    .collect();
                let (mx, my) =
                    (cells.iter().map(|c| c.0).min().unwrap_or(0), cells.iter().map(|c| c.1).min().unwrap_or(0));
                for c in &mut cells {
                    *c = (c.0 - mx, c.1 - my);
                }
                cells.sort_unstable();
                if !out.contains(&cells) {
                    out.push(cells);
                }
            }
        }
        out
    }
}

/// What a Composition card asks of the spaces under its shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Condition {
    /// At most this many butterflies in all.
    Few(u8),
    /// At least this many butterflies in all.
    Many(u8),
    /// The same number on every space, at least one.
    Even,
}

/// A Composition card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Composition {
    /// The shape.
    pub shape: Shape,
    /// The condition.
    pub condition: Condition,
    /// Points at the end.
    pub points: u8,
}

impl Composition {
    /// The card in words ("line of 4 with at least 21 butterflies, 4 points").
    #[must_use]
    pub fn describe(&self) -> String {
        let cond = match self.condition {
            Condition::Few(1) => "at most 1 butterfly in all".to_string(),
            Condition::Few(n) => format!("at most {n} butterflies in all"),
            Condition::Many(n) => format!("at least {n} butterflies in all"),
            Condition::Even => "the same number on every space".to_string(),
        };
        format!("{} with {cond}, {}", self.shape.name(), words::count(usize::from(self.points), "point"))
    }
}

const fn comp(shape: Shape, condition: Condition, points: u8) -> Composition {
    Composition { shape, condition, points }
}

/// The 24 Composition cards (ids 0..24): 8 shapes × few / many / even.
/// Thresholds and points tuned by simulation (see the module text): in
/// positions from greedy-v-greedy games, a card some dispersion can claim
/// in 60% or more of them pays 1 point, 30–60% pays 2, 12–30% pays 3 and
/// rarer ones 4.
pub const COMPOSITIONS: [Composition; 24] = [
    comp(Shape::Domino, Condition::Few(1), 1),
    comp(Shape::Domino, Condition::Many(12), 4),
    comp(Shape::Domino, Condition::Even, 1),
    comp(Shape::StraightTromino, Condition::Few(1), 2),
    comp(Shape::StraightTromino, Condition::Many(16), 4),
    comp(Shape::StraightTromino, Condition::Even, 1),
    comp(Shape::LTromino, Condition::Few(1), 1),
    comp(Shape::LTromino, Condition::Many(16), 4),
    comp(Shape::LTromino, Condition::Even, 1),
    comp(Shape::StraightTetromino, Condition::Few(2), 2),
    comp(Shape::StraightTetromino, Condition::Many(21), 4),
    comp(Shape::StraightTetromino, Condition::Even, 2),
    comp(Shape::Square, Condition::Few(3), 1),
    comp(Shape::Square, Condition::Many(18), 3),
    comp(Shape::Square, Condition::Even, 2),
    comp(Shape::T, Condition::Few(2), 2),
    comp(Shape::T, Condition::Many(20), 4),
    comp(Shape::T, Condition::Even, 1),
    comp(Shape::S, Condition::Few(1), 3),
    comp(Shape::S, Condition::Many(18), 3),
    comp(Shape::S, Condition::Even, 1),
    comp(Shape::L, Condition::Few(2), 1),
    comp(Shape::L, Condition::Many(20), 4),
    comp(Shape::L, Condition::Even, 1),
];

/// Crystals in the bag for `seats` players: (black, white).
#[must_use]
pub fn crystals_for(seats: u8) -> (u8, u8) {
    if seats <= 2 { (16, 8) } else { (24, 12) }
}

/// A scoring crystal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
pub enum Crystal {
    /// 1 point.
    Black,
    /// 2 points.
    White,
}

impl Crystal {
    /// Its points.
    #[must_use]
    pub fn points(self) -> u8 {
        match self {
            Crystal::Black => 1,
            Crystal::White => 2,
        }
    }
}

/// A Gathering card in words ("2 red, 1 yellow").
#[must_use]
pub fn gathering_text(g: Gathering) -> String {
    let parts: Vec<String> = Colour::ALL
        .iter()
        .filter(|&&c| g.counts[c as usize] > 0)
        .map(|&c| format!("{} {}", g.counts[c as usize], c.name()))
        .collect();
    parts.join(", ")
}

/// The placements (space indices) of `shape` in any orientation that lie on
/// the meadow and cover `last`.
#[must_use]
pub fn placements(shape: Shape, last: Square) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    for cells in shape.orientations() {
        for &(ax, ay) in &cells {
            // Put cell (ax, ay) on `last`.
            let mut spaces = Vec::with_capacity(cells.len());
            for &(x, y) in &cells {
                match last.offset(x - ax, y - ay, SIZE, SIZE) {
                    Some(s) => spaces.push(idx(s)),
                    None => break,
                }
            }
            if spaces.len() == cells.len() {
                spaces.sort_unstable();
                if !out.contains(&spaces) {
                    out.push(spaces);
                }
            }
        }
    }
    out
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
