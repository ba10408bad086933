//! Daedalus, the two-player abstract game (`rulebooks/daedalus.txt`), with
//! every ruling DA-R1..DA-R12 from `specs/daedalus.md`.
//!
//! Coordinates (DA-R1): squares are named like a chessboard seen from White's
//! side. White's near row is rank 1 and its half is ranks 1–4; Black's near
//! row is rank 8 and its half is ranks 5–8. Seat 0 plays White, seat 1 Black.
//!
//! A turn is played one piece at a time (DA-R7): each wall move, the Gladiator
//! move and the Minotaur move are separate actions, and the state remembers
//! what the player still owes. A cheap copyable [`Board`] is searched to decide
//! whether a partial turn can still be completed in its required shape.

use std::fmt;

mod board;
mod face;
mod turns;
mod well_formed;

use super::grid::Square;
use super::{Outcome, Rng, Seat};

/// Board width and height.
pub const SIZE: u8 = 8;
/// Walls each player places in the building phase (DA-R3).
pub const WALLS_EACH: u8 = 7;
/// Escaping turns each after which the game is drawn (DA-R12).
pub const TURN_LIMIT: u16 = 150;

/// A player's colour. White is seat 0, Black seat 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
pub enum Colour {
    /// Seat 0; near row is rank 1.
    White,
    /// Seat 1; near row is rank 8.
    Black,
}

impl Colour {
    /// Both colours, White first.
    pub const BOTH: [Colour; 2] = [Colour::White, Colour::Black];

    /// The seat playing this colour.
    #[must_use]
    pub fn seat(self) -> Seat {
        Seat(self as u8)
    }

    /// The colour of `seat`.
    #[must_use]
    pub fn of(seat: Seat) -> Colour {
        if seat.0 == 0 { Colour::White } else { Colour::Black }
    }

    /// The opponent's colour.
    #[must_use]
    pub fn other(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }

    /// Index into per-colour arrays.
    #[must_use]
    pub fn index(self) -> usize {
        self as usize
    }

    /// "White" or "Black".
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Colour::White => "White",
            Colour::Black => "Black",
        }
    }

    /// "white" or "black".
    #[must_use]
    pub fn lower(self) -> &'static str {
        match self {
            Colour::White => "white",
            Colour::Black => "black",
        }
    }

    /// The board rank (0-based) of this colour's near row (DA-R1).
    #[must_use]
    pub fn near_y(self) -> u8 {
        match self {
            Colour::White => 0,
            Colour::Black => SIZE - 1,
        }
    }

    /// The board rank (0-based) of this colour's far row.
    #[must_use]
    pub fn far_y(self) -> u8 {
        self.other().near_y()
    }

    /// This player's own row number (1..=8) of a square (DA-R1).
    #[must_use]
    pub fn row_of(self, sq: Square) -> u8 {
        match self {
            Colour::White => sq.y + 1,
            Colour::Black => SIZE - sq.y,
        }
    }

    /// True when `sq` lies on this colour's half, its rows 1–4 (DA-R1).
    #[must_use]
    pub fn owns_half(self, sq: Square) -> bool {
        self.row_of(sq) <= SIZE / 2
    }

    /// This colour's half as the board's row labels name it ("rows 1–4"
    /// for White, "rows 5–8" for Black): messages name rows as the board
    /// shows them, whichever way round it is seen.
    #[must_use]
    pub fn half_on_board(self) -> String {
        let (a, b) = match self {
            Colour::White => (1, SIZE / 2),
            Colour::Black => (SIZE / 2 + 1, SIZE),
        };
        format!("rows {a}–{b}")
    }
}

/// A square's row as the board's labels name it (1 to 8, White's near row
/// first).
fn board_row(sq: Square) -> u8 {
    sq.y + 1
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The three kinds of piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
pub enum PieceKind {
    /// One of the seven walls.
    Wall,
    /// The piece that must escape.
    Gladiator,
    /// The piece that hunts the enemy Gladiator.
    Minotaur,
}

impl PieceKind {
    /// The piece's name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            PieceKind::Wall => "wall",
            PieceKind::Gladiator => "Gladiator",
            PieceKind::Minotaur => "Minotaur",
        }
    }
}

/// A piece on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Piece {
    /// Wall, Gladiator or Minotaur.
    pub kind: PieceKind,
    /// Whose it is.
    pub colour: Colour,
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            PieceKind::Wall => write!(f, "{} wall", self.colour.lower()),
            kind => write!(f, "{}'s {}", self.colour.name(), kind.name()),
        }
    }
}

/// Rules options chosen in the new-game dialog.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {
    /// Variant (DA-R5): after building, walls may move anywhere on the board.
    #[serde(default)]
    pub walls_roam: bool,
}

/// One atomic decision in Daedalus. In a save file these read like
/// `{"PlaceWall":"c2"}`, `{"MoveWall":{"from":"c2","to":"c3"}}`,
/// `{"MoveGladiator":"d2"}`, `"Escape"`, `{"MoveMinotaur":"e4"}`, `"Pass"`.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
pub enum Action {
    /// Building: place one of your walls on this square (DA-R3).
    PlaceWall(Square),
    /// Building: place your Gladiator on this square of your near row.
    PlaceGladiator(Square),
    /// Building: place your Minotaur on this square of your near row.
    PlaceMinotaur(Square),
    /// Escaping: move one of your walls one square (DA-R7).
    MoveWall {
        /// Where the wall stands.
        from: Square,
        /// The orthogonally adjacent empty square it moves to.
        to: Square,
    },
    /// Escaping: move your Gladiator one square.
    MoveGladiator(Square),
    /// Escaping: step your Gladiator off the far edge and win (DA-R8).
    Escape,
    /// Escaping: move your Minotaur one square, killing the enemy Gladiator
    /// if it stands there (DA-R9).
    MoveMinotaur(Square),
    /// Escaping: nothing at all can be moved, so the turn passes (DA-R11).
    Pass,
}

/// The game's phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Phase {
    /// Walls, then Gladiators, then Minotaurs are placed (DA-R3).
    Building,
    /// Turns of two wall moves, a Gladiator move and sometimes a Minotaur move.
    Escaping,
    /// Someone won, or the game was drawn.
    Over,
}

/// What a complete escaping turn must contain (DA-R7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Shape {
    /// Wall moves required (0, 1 or 2).
    pub walls: u8,
    /// Whether the Gladiator must move.
    pub gladiator: bool,
}

impl Shape {
    /// Shapes from largest to smallest: more moves first, and with equal
    /// counts the one that moves the Gladiator (our reading of DA-R7).
    const ORDER: [Shape; 6] = [
        Shape { walls: 2, gladiator: true },
        Shape { walls: 1, gladiator: true },
        Shape { walls: 2, gladiator: false },
        Shape { walls: 0, gladiator: true },
        Shape { walls: 1, gladiator: false },
        Shape { walls: 0, gladiator: false },
    ];
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let walls = match self.walls {
            0 => "no wall move".to_string(),
            1 => "1 wall move".to_string(),
            n => format!("{n} wall moves"),
        };
        if self.gladiator {
            write!(f, "{walls} and a Gladiator move")
        } else {
            write!(f, "{walls} and no Gladiator move")
        }
    }
}

/// The pieces on the board: cheap to copy, so the turn search can try moves.
#[derive(Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Board {
    #[serde(with = "cells_serde")]
    cells: [Option<Piece>; 64],
    gladiators: [Option<Square>; 2],
    minotaurs: [Option<Square>; 2],
}

/// The board's 64 cells as a list (serde's arrays stop at 32).
mod cells_serde {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::Piece;

    pub fn serialize<S: Serializer>(cells: &[Option<Piece>; 64], s: S) -> Result<S::Ok, S::Error> {
        cells.as_slice().serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<[Option<Piece>; 64], D::Error> {
        let v = Vec::<Option<Piece>>::deserialize(d)?;
        let n = v.len();
        v.try_into().map_err(|_| serde::de::Error::invalid_length(n, &"64 cells"))
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for y in (0..SIZE).rev() {
            for x in 0..SIZE {
                let c = match self.at(Square::new(x, y)) {
                    None => '.',
                    Some(Piece { kind: PieceKind::Wall, colour: Colour::White }) => 'w',
                    Some(Piece { kind: PieceKind::Wall, colour: Colour::Black }) => 'b',
                    Some(Piece { kind: PieceKind::Gladiator, colour: Colour::White }) => 'G',
                    Some(Piece { kind: PieceKind::Gladiator, colour: Colour::Black }) => 'g',
                    Some(Piece { kind: PieceKind::Minotaur, colour: Colour::White }) => 'M',
                    Some(Piece { kind: PieceKind::Minotaur, colour: Colour::Black }) => 'm',
                };
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

impl Default for Board {
    fn default() -> Self {
        Self { cells: [None; 64], gladiators: [None; 2], minotaurs: [None; 2] }
    }
}

/// Where a Gladiator can go: a square, or off the far edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
enum Exit {
    To(Square),
    Off,
}

/// A position for the repetition rule (DA-R12): pieces, walls, player to move
/// and both Minotaurs' parity.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
struct PositionKey {
    board: Board,
    to_move: Colour,
    parity: [bool; 2],
}

/// A game of Daedalus.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Daedalus {
    options: Options,
    rng: Rng,
    board: Board,
    phase: Phase,
    first_builder: Colour,
    placed: u8,
    to_move: Colour,
    /// Escaping turns each colour has begun (including the current one).
    turns: [u16; 2],
    /// Squares where the walls moved this turn now stand.
    moved_walls: Vec<Square>,
    gladiator_moved: bool,
    required: Shape,
    minotaur_due: bool,
    must_pass: bool,
    /// 64-bit hashes of the positions at the start of each turn (DA-R12);
    /// hashes keep state copies small for search.
    seen: Vec<u64>,
    outcome: Option<Outcome>,
}
