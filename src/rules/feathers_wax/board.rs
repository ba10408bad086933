//! The labyrinth of phase 1: its map, its cells and the ways through it.

use std::fmt;
use std::sync::LazyLock;

/// Labyrinth width in cells (columns `a`..`l`).
pub const LAB_W: u8 = 12;
/// Labyrinth height in cells (rows 1..8 from the top).
pub const LAB_H: u8 = 8;

/// The labyrinth (phase 1), drawn as text: cells sit at odd positions, `|`
/// and `-` between them are walls, `>` on the west edge is the entrance and
/// on the east edge the exit. `N` marks a nest (feathers), `H` a hive (wax),
/// `.` an empty cell. Row 1 is the top line. Shortest way through: 23 steps
/// (entering and leaving included); every cell is reachable; nests and hives
/// are all off that way, at detours of 2 to 18 steps.
pub const LABYRINTH_MAP: &str = "\
+-+-+-+-+-+-+-+-+-+-+-+-+
|.|.|. N|. . .|.|H .|.|.>
+ + +-+ + + + + + +-+ + +
|. . H|. .|.|H|. . . .|.|
+ +-+ + +-+ + + +-+ + + +
|N .|.|N .|N|. N|. .|.|.|
+-+ +-+-+ +-+-+-+ +-+ + +
|. . . .|N|. . .|. .|. .|
+ + +-+-+ + +-+ +-+ + +-+
|H . . .|.|.|N|. . .|. H|
+-+-+ + + + + +-+-+ + +-+
|. . .|H|.|. .|. . . .|.|
+ +-+-+ + + + +-+ + + + +
>. . . . . .|.|N . . . N|
+ +-+ +-+ +-+-+-+ + +-+-+
|H|. . H . . .|. . H . .|
+-+-+-+-+-+-+-+-+-+-+-+-+";

/// What a labyrinth cell holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Spot {
    /// Nothing to collect.
    Empty,
    /// A nest: a feather (spade) draw.
    Nest,
    /// A hive: a wax (club) draw.
    Hive,
}

/// A compass heading in the labyrinth (north is row 1, the top).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
pub enum Heading {
    /// Up the page.
    N,
    /// Right, towards the exit.
    E,
    /// Down the page.
    S,
    /// Left, towards the entrance.
    W,
}

impl Heading {
    /// All four headings.
    pub const ALL: [Heading; 4] = [Heading::N, Heading::E, Heading::S, Heading::W];

    /// The heading in words.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Heading::N => "north",
            Heading::E => "east",
            Heading::S => "south",
            Heading::W => "west",
        }
    }

    fn delta(self) -> (i8, i8) {
        match self {
            Heading::N => (0, -1),
            Heading::E => (1, 0),
            Heading::S => (0, 1),
            Heading::W => (-1, 0),
        }
    }
}

/// A labyrinth cell: column `x` (0 = `a`, west) and row `y` (0 = row 1, north).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
pub struct Cell {
    /// Column from the west.
    pub x: u8,
    /// Row from the north.
    pub y: u8,
}

impl Cell {
    pub(super) fn index(self) -> usize {
        usize::from(self.y) * usize::from(LAB_W) + usize::from(self.x)
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.x), self.y + 1)
    }
}

impl fmt::Debug for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The parsed labyrinth.
#[derive(Debug, serde::Serialize, serde::Deserialize)]
pub struct Labyrinth {
    /// `open[cell][heading]`: a step that way from the cell is not blocked
    /// by a wall or the edge (the doors count as open).
    open: Vec<[bool; 4]>,
    spots: Vec<Spot>,
    /// Row of the entrance door (west edge).
    pub entrance_row: u8,
    /// Row of the exit door (east edge).
    pub exit_row: u8,
}

impl Labyrinth {
    fn parse(map: &str) -> Self {
        let lines: Vec<&[u8]> = map.lines().map(str::as_bytes).collect();
        let (w, h) = (usize::from(LAB_W), usize::from(LAB_H));
        assert_eq!(lines.len(), 2 * h + 1, "labyrinth map height");
        let mut open = vec![[false; 4]; w * h];
        let mut spots = vec![Spot::Empty; w * h];
        let (mut entrance_row, mut exit_row) = (0, 0);
        for y in 0..h {
            let line = lines[2 * y + 1];
            assert_eq!(line.len(), 2 * w + 1, "labyrinth map width");
            if line[0] == b'>' {
                entrance_row = y as u8;
            }
            if line[2 * w] == b'>' {
                exit_row = y as u8;
            }
            for x in 0..w {
                let i = y * w + x;
                spots[i] = match line[2 * x + 1] {
                    b'N' => Spot::Nest,
                    b'H' => Spot::Hive,
                    _ => Spot::Empty,
                };
                open[i][1] = x + 1 < w && line[2 * x + 2] == b' ';
                open[i][3] = x > 0 && line[2 * x] == b' ';
                open[i][0] = y > 0 && lines[2 * y][2 * x + 1] == b' ';
                open[i][2] = y + 1 < h && lines[2 * y + 2][2 * x + 1] == b' ';
            }
        }
        Self { open, spots, entrance_row, exit_row }
    }

    /// What the cell holds.
    #[must_use]
    pub fn spot(&self, cell: Cell) -> Spot {
        self.spots[cell.index()]
    }

    /// True when a wall (or the edge) blocks a step from `cell` towards `h`
    /// (the exit door is not a wall, but leads out of the labyrinth).
    #[must_use]
    pub fn wall(&self, cell: Cell, h: Heading) -> bool {
        !self.open[cell.index()][h as usize] && !self.is_exit_door(cell, h)
    }

    /// True for the step east through the exit door.
    #[must_use]
    pub fn is_exit_door(&self, cell: Cell, h: Heading) -> bool {
        h == Heading::E && cell.x == LAB_W - 1 && cell.y == self.exit_row
    }

    /// The cell a step leads to, if there is no wall and it stays inside.
    #[must_use]
    pub fn neighbour(&self, cell: Cell, h: Heading) -> Option<Cell> {
        if !self.open[cell.index()][h as usize] {
            return None;
        }
        let (dx, dy) = h.delta();
        Some(Cell { x: cell.x.wrapping_add_signed(dx), y: cell.y.wrapping_add_signed(dy) })
    }

    /// The entrance cell.
    #[must_use]
    pub fn entrance(&self) -> Cell {
        Cell { x: 0, y: self.entrance_row }
    }

    /// The exit cell.
    #[must_use]
    pub fn exit(&self) -> Cell {
        Cell { x: LAB_W - 1, y: self.exit_row }
    }

    /// Every cell, row by row.
    pub fn cells() -> impl Iterator<Item = Cell> {
        (0..LAB_H).flat_map(|y| (0..LAB_W).map(move |x| Cell { x, y }))
    }

    /// Steps from `from` to every cell (`u8::MAX` = unreachable).
    #[must_use]
    pub fn distances(&self, from: Cell) -> Vec<u8> {
        let mut dist = vec![u8::MAX; self.spots.len()];
        dist[from.index()] = 0;
        let mut queue = std::collections::VecDeque::from([from]);
        while let Some(c) = queue.pop_front() {
            for h in Heading::ALL {
                if let Some(n) = self.neighbour(c, h)
                    && dist[n.index()] == u8::MAX
                {
                    dist[n.index()] = dist[c.index()] + 1;
                    queue.push_back(n);
                }
            }
        }
        dist
    }

    /// Steps still needed from `cell` to leave by the exit door.
    #[must_use]
    pub fn steps_to_leave(&self, cell: Cell) -> u8 {
        EXIT_DISTANCES[cell.index()].saturating_add(1)
    }
}

/// The labyrinth, parsed once.
pub static LABYRINTH: LazyLock<Labyrinth> = LazyLock::new(|| Labyrinth::parse(LABYRINTH_MAP));
static EXIT_DISTANCES: LazyLock<Vec<u8>> = LazyLock::new(|| LABYRINTH.distances(LABYRINTH.exit()));
