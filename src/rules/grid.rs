//! Square grids shared by the board games: squares with chess-like names
//! (`a1` is the bottom-left square as White sees the board), the four
//! orthogonal directions and the eight neighbours.

use std::fmt;

/// A square on a grid: file `x` (0 = `a`) and rank `y` (0 = `1`).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Square {
    /// File, 0-based from the left.
    pub x: u8,
    /// Rank, 0-based from the bottom.
    pub y: u8,
}

/// The four orthogonal directions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
pub enum Dir {
    /// Towards higher ranks.
    Up,
    /// Towards lower ranks.
    Down,
    /// Towards lower files.
    Left,
    /// Towards higher files.
    Right,
}

impl Dir {
    /// All four directions.
    pub const ALL: [Dir; 4] = [Dir::Up, Dir::Down, Dir::Left, Dir::Right];

    /// The step `(dx, dy)` of this direction.
    #[must_use]
    pub fn delta(self) -> (i8, i8) {
        match self {
            Dir::Up => (0, 1),
            Dir::Down => (0, -1),
            Dir::Left => (-1, 0),
            Dir::Right => (1, 0),
        }
    }
}

impl Square {
    /// The square at file `x`, rank `y`.
    #[must_use]
    pub const fn new(x: u8, y: u8) -> Self {
        Self { x, y }
    }

    /// The square offset by `(dx, dy)`, if it stays on a `w` × `h` grid.
    #[must_use]
    pub fn offset(self, dx: i8, dy: i8, w: u8, h: u8) -> Option<Square> {
        let x = i16::from(self.x) + i16::from(dx);
        let y = i16::from(self.y) + i16::from(dy);
        (x >= 0 && y >= 0 && x < i16::from(w) && y < i16::from(h)).then(|| Square::new(x as u8, y as u8))
    }

    /// The neighbour in direction `d` on a `w` × `h` grid.
    #[must_use]
    pub fn step(self, d: Dir, w: u8, h: u8) -> Option<Square> {
        let (dx, dy) = d.delta();
        self.offset(dx, dy, w, h)
    }

    /// The orthogonal neighbours on a `w` × `h` grid.
    pub fn neighbours4(self, w: u8, h: u8) -> impl Iterator<Item = Square> {
        Dir::ALL.into_iter().filter_map(move |d| self.step(d, w, h))
    }

    /// The up to eight neighbours (orthogonal and diagonal) on a `w` × `h` grid.
    pub fn neighbours8(self, w: u8, h: u8) -> impl Iterator<Item = Square> {
        (-1i8..=1)
            .flat_map(|dy| (-1i8..=1).map(move |dx| (dx, dy)))
            .filter(|&(dx, dy)| dx != 0 || dy != 0)
            .filter_map(move |(dx, dy)| self.offset(dx, dy, w, h))
    }

    /// True when the two squares share an edge.
    #[must_use]
    pub fn is_orthogonal_neighbour(self, other: Square) -> bool {
        self.x.abs_diff(other.x) + self.y.abs_diff(other.y) == 1
    }

    /// Index into a row-major array of width `w`.
    #[must_use]
    pub fn index(self, w: u8) -> usize {
        usize::from(self.y) * usize::from(w) + usize::from(self.x)
    }

    /// The square at row-major `index` of a grid of width `w`.
    #[must_use]
    pub fn from_index(index: usize, w: u8) -> Square {
        Square::new((index % usize::from(w)) as u8, (index / usize::from(w)) as u8)
    }

    /// Every square of a `w` × `h` grid, row by row from `a1`.
    pub fn all(w: u8, h: u8) -> impl Iterator<Item = Square> {
        (0..h).flat_map(move |y| (0..w).map(move |x| Square::new(x, y)))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.x), u32::from(self.y) + 1)
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A square name that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("\"{0}\" is not a square name like \"c3\"")]
pub struct BadSquare(pub String);

impl std::str::FromStr for Square {
    type Err = BadSquare;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bytes = s.trim().as_bytes();
        let bad = || BadSquare(s.to_string());
        let (&file, rank) = bytes.split_first().ok_or_else(bad)?;
        let file = file.to_ascii_lowercase();
        if !file.is_ascii_lowercase() {
            return Err(bad());
        }
        let rank: u8 = std::str::from_utf8(rank).ok().and_then(|r| r.parse().ok()).ok_or_else(bad)?;
        if rank == 0 || rank > 26 {
            return Err(bad());
        }
        Ok(Square::new(file - b'a', rank - 1))
    }
}

impl TryFrom<String> for Square {
    type Error = BadSquare;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        s.parse()
    }
}

impl From<Square> for String {
    fn from(s: Square) -> String {
        s.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::Square;

    #[test]
    fn names_round_trip_and_neighbours_stay_on_board() {
        for sq in Square::all(8, 8) {
            let name = sq.to_string();
            assert_eq!(name.parse::<Square>(), Ok(sq));
        }
        assert_eq!(Square::new(0, 0).neighbours8(8, 8).count(), 3);
        assert_eq!(Square::new(3, 3).neighbours8(8, 8).count(), 8);
        assert_eq!(Square::new(7, 7).neighbours4(8, 8).count(), 2);
        assert!("z0".parse::<Square>().is_err());
        assert!("".parse::<Square>().is_err());
    }
}
