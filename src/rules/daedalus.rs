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

mod well_formed;

use super::grid::Square;
use super::words;
use super::{Game, GameInfo, Outcome, Rng, RuleViolation, Seat, Setup, ToMove, and_list};

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

impl Board {
    /// The piece on `sq`.
    #[must_use]
    pub fn at(&self, sq: Square) -> Option<Piece> {
        self.cells[sq.index(SIZE)]
    }

    /// Where `colour`'s Gladiator stands, if it is on the board.
    #[must_use]
    pub fn gladiator(&self, colour: Colour) -> Option<Square> {
        self.gladiators[colour.index()]
    }

    /// Where `colour`'s Minotaur stands, if it is on the board.
    #[must_use]
    pub fn minotaur(&self, colour: Colour) -> Option<Square> {
        self.minotaurs[colour.index()]
    }

    /// The squares of `colour`'s walls, in square order.
    #[must_use]
    pub fn walls(&self, colour: Colour) -> Vec<Square> {
        Square::all(SIZE, SIZE).filter(|&s| self.at(s) == Some(Piece { kind: PieceKind::Wall, colour })).collect()
    }

    fn set(&mut self, sq: Square, piece: Option<Piece>) {
        if let Some(old) = self.cells[sq.index(SIZE)] {
            match old.kind {
                PieceKind::Gladiator => self.gladiators[old.colour.index()] = None,
                PieceKind::Minotaur => self.minotaurs[old.colour.index()] = None,
                PieceKind::Wall => {}
            }
        }
        self.cells[sq.index(SIZE)] = piece;
        if let Some(p) = piece {
            match p.kind {
                PieceKind::Gladiator => self.gladiators[p.colour.index()] = Some(sq),
                PieceKind::Minotaur => self.minotaurs[p.colour.index()] = Some(sq),
                PieceKind::Wall => {}
            }
        }
    }

    /// Places `piece` on `sq` (no rules checked). For building test positions.
    pub fn put(&mut self, sq: Square, piece: Piece) {
        self.set(sq, Some(piece));
    }

    fn relocate(&mut self, from: Square, to: Square) {
        let piece = self.at(from);
        self.set(from, None);
        self.set(to, piece);
    }

    /// Where `colour`'s Gladiator could step (empty squares, and off the far
    /// edge from its far row), ignoring turn order.
    fn exits(&self, colour: Colour) -> impl Iterator<Item = Exit> + '_ {
        let g = self.gladiator(colour);
        let squares =
            g.into_iter().flat_map(|g| g.neighbours4(SIZE, SIZE)).filter(|&s| self.at(s).is_none()).map(Exit::To);
        let off = g.filter(|g| g.y == colour.far_y()).map(|_| Exit::Off);
        squares.chain(off)
    }

    /// DA-R10: the first Gladiator on the board left with nowhere to move.
    fn trapped_gladiator(&self) -> Option<Colour> {
        Colour::BOTH.into_iter().find(|&c| self.gladiator(c).is_some() && self.exits(c).next().is_none())
    }

    /// DA-R4: the first problem with `colour`'s walls around `sq` (which
    /// just received a wall), as a sentence, or `None` when all is valid.
    fn wall_crowding(&self, colour: Colour, sq: Square) -> Option<String> {
        let wall = Some(Piece { kind: PieceKind::Wall, colour });
        let touching: Vec<Square> = sq.neighbours8(SIZE, SIZE).filter(|&n| self.at(n) == wall).collect();
        if touching.len() >= 2 {
            return Some(format!(
                "this wall would touch {} {} walls at {}",
                touching.len(),
                colour.lower(),
                and_list(&touching)
            ));
        }
        for &n in &touching {
            let around: Vec<Square> = n.neighbours8(SIZE, SIZE).filter(|&m| self.at(m) == wall).collect();
            if around.len() >= 2 {
                return Some(format!(
                    "the {} wall at {n} would then touch {} {} walls ({})",
                    colour.lower(),
                    around.len(),
                    colour.lower(),
                    and_list(&around)
                ));
            }
        }
        None
    }

    /// DA-R3: why `colour` could no longer finish building on this board
    /// (place `walls_left` more walls validly on its half, then its
    /// Gladiator, unless it stands already, and its Minotaur on its near
    /// row), or `None` when some way to finish remains. Only the player's own
    /// pieces matter: the opponent builds on the other half.
    fn unfinishable_building(&self, colour: Colour, walls_left: u8) -> Option<String> {
        let half: Vec<Square> = Square::all(SIZE, SIZE).filter(|&s| colour.owns_half(s)).collect();
        let mut board = *self;
        let mut most = 0;
        if board.finish_walls(colour, &half, 0, walls_left, 0, &mut most) {
            return None;
        }
        let placed = WALLS_EACH - walls_left;
        Some(if most < walls_left {
            let n = placed + most + 1;
            let suffix = match n {
                1 => "st",
                2 => "nd",
                3 => "rd",
                _ => "th",
            };
            format!("your {n}{suffix} wall would have no valid square (DA-R4 leaves no room on your half)")
        } else if self.gladiator(colour).is_none() {
            "your Gladiator and Minotaur could not both be placed on your near row".to_string()
        } else {
            "your Minotaur would have no square on your near row that leaves the Gladiator a move".to_string()
        })
    }

    /// Depth-first search for the rest of `colour`'s building: walls on the
    /// squares of `half` from index `from` on (in order, so each set is tried
    /// once), then the Gladiator and Minotaur. `most` records the most walls
    /// placed on any branch, for the message.
    fn finish_walls(
        &mut self,
        colour: Colour,
        half: &[Square],
        from: usize,
        left: u8,
        done: u8,
        most: &mut u8,
    ) -> bool {
        *most = (*most).max(done);
        if left == 0 {
            return self.can_place_gladiator_and_minotaur(colour);
        }
        let wall = Piece { kind: PieceKind::Wall, colour };
        for (i, &sq) in half.iter().enumerate().skip(from) {
            if self.at(sq).is_some() {
                continue;
            }
            self.set(sq, Some(wall));
            let ok = self.wall_crowding(colour, sq).is_none()
                && self.finish_walls(colour, half, i + 1, left - 1, done + 1, most);
            self.set(sq, None);
            if ok {
                return true;
            }
        }
        false
    }

    /// True when `colour`'s Gladiator (if not yet placed) and then its
    /// Minotaur can stand on its near row with no Gladiator trapped (DA-R10).
    fn can_place_gladiator_and_minotaur(&self, colour: Colour) -> bool {
        let near: Vec<Square> = (0..SIZE).map(|x| Square::new(x, colour.near_y())).collect();
        let minotaur_fits = |board: &Board| {
            near.iter().any(|&m| {
                let mut b = *board;
                b.at(m).is_none() && {
                    b.set(m, Some(Piece { kind: PieceKind::Minotaur, colour }));
                    b.trapped_gladiator().is_none()
                }
            })
        };
        if self.gladiator(colour).is_some() {
            return minotaur_fits(self);
        }
        near.iter().any(|&g| {
            let mut b = *self;
            b.at(g).is_none() && {
                b.set(g, Some(Piece { kind: PieceKind::Gladiator, colour }));
                b.trapped_gladiator().is_none() && minotaur_fits(&b)
            }
        })
    }

    fn trap_violation(&self, mover: &str) -> Result<(), RuleViolation> {
        match self.trapped_gladiator() {
            None => Ok(()),
            Some(c) => Err(RuleViolation::new(
                "DA-R10",
                format!(
                    "{mover} would take away the last square {}'s Gladiator at {} could move to",
                    c.name(),
                    self.gladiator(c).map_or_else(String::new, |s| s.to_string())
                ),
            )),
        }
    }

    fn step_violation(&self, what: &str, from: Square, to: Square) -> Result<(), RuleViolation> {
        if !from.is_orthogonal_neighbour(to) {
            return Err(RuleViolation::new(
                "DA-R6",
                format!("{what} moves one square up, down, left or right: {from} to {to} is not such a step"),
            ));
        }
        if let Some(p) = self.at(to) {
            return Err(RuleViolation::new("DA-R6", format!("{to} is occupied by the {p}")));
        }
        Ok(())
    }

    /// A wall move by `colour` from `from` to `to`, judged on its own (not
    /// the turn as a whole). Returns the board after it.
    fn try_wall_move(&self, colour: Colour, from: Square, to: Square, roam: bool) -> Result<Board, RuleViolation> {
        match self.at(from) {
            Some(Piece { kind: PieceKind::Wall, colour: c }) if c == colour => {}
            Some(Piece { kind: PieceKind::Wall, colour: c }) => {
                return Err(RuleViolation::new(
                    "DA-R7",
                    format!(
                        "the wall at {from} is {}: you move walls of your own colour ({})",
                        c.lower(),
                        colour.lower()
                    ),
                ));
            }
            Some(p) => return Err(RuleViolation::new("DA-R7", format!("{from} holds the {p}, not a wall"))),
            None => return Err(RuleViolation::new("DA-R7", format!("there is no wall on {from}"))),
        }
        self.step_violation("a wall", from, to)?;
        if !roam && !colour.owns_half(to) {
            return Err(RuleViolation::new(
                "DA-R5",
                format!(
                    "{to} is on {}'s half: {} walls stay on their own half ({}) (the \"walls roam\" variant is off)",
                    colour.other().name(),
                    colour.lower(),
                    colour.half_on_board()
                ),
            ));
        }
        let mut next = *self;
        next.relocate(from, to);
        if let Some(why) = next.wall_crowding(colour, to) {
            return Err(RuleViolation::new("DA-R4", why));
        }
        next.trap_violation(&format!("moving this wall to {to}"))?;
        Ok(next)
    }

    fn try_gladiator_move(&self, colour: Colour, to: Square) -> Result<Board, RuleViolation> {
        let from = self
            .gladiator(colour)
            .ok_or_else(|| RuleViolation::new("DA-R7", format!("{}'s Gladiator is not on the board", colour.name())))?;
        self.step_violation("the Gladiator", from, to)?;
        let mut next = *self;
        next.relocate(from, to);
        next.trap_violation(&format!("moving the Gladiator to {to}"))?;
        Ok(next)
    }

    fn try_escape(&self, colour: Colour) -> Result<(), RuleViolation> {
        let from = self
            .gladiator(colour)
            .ok_or_else(|| RuleViolation::new("DA-R8", format!("{}'s Gladiator is not on the board", colour.name())))?;
        if from.y == colour.far_y() {
            Ok(())
        } else {
            Err(RuleViolation::new(
                "DA-R8",
                format!(
                    "the Gladiator can leave the board only from your far row (row {}); it is on row {}",
                    board_row(Square::new(0, colour.far_y())),
                    board_row(from)
                ),
            ))
        }
    }

    /// A Minotaur move; `Ok(true)` when it kills the enemy Gladiator.
    fn try_minotaur_move(&self, colour: Colour, to: Square) -> Result<(Board, bool), RuleViolation> {
        let from = self
            .minotaur(colour)
            .ok_or_else(|| RuleViolation::new("DA-R7", format!("{}'s Minotaur is not on the board", colour.name())))?;
        if !from.is_orthogonal_neighbour(to) {
            return Err(RuleViolation::new(
                "DA-R6",
                format!("the Minotaur moves one square up, down, left or right: {from} to {to} is not such a step"),
            ));
        }
        let mut next = *self;
        match self.at(to) {
            Some(Piece { kind: PieceKind::Gladiator, colour: c }) if c != colour => {
                next.relocate(from, to);
                return Ok((next, true));
            }
            Some(p @ Piece { kind: PieceKind::Gladiator | PieceKind::Minotaur, .. }) => {
                return Err(RuleViolation::new(
                    "DA-R9",
                    format!("the Minotaur cannot enter the square of the {p} ({to})"),
                ));
            }
            Some(p) => return Err(RuleViolation::new("DA-R6", format!("{to} is occupied by the {p}"))),
            None => {}
        }
        next.relocate(from, to);
        next.trap_violation(&format!("moving the Minotaur to {to}"))?;
        Ok((next, false))
    }

    fn minotaur_targets(&self, colour: Colour) -> Vec<Square> {
        self.minotaur(colour)
            .into_iter()
            .flat_map(|m| m.neighbours4(SIZE, SIZE))
            .filter(|&to| self.minotaur_move_ok(colour, to))
            .collect()
    }

    /// DA-R4 without the explanation: would `colour`'s walls around `sq` crowd?
    fn crowded(&self, colour: Colour, sq: Square) -> bool {
        let wall = Some(Piece { kind: PieceKind::Wall, colour });
        let mut touching = 0;
        for n in sq.neighbours8(SIZE, SIZE) {
            if self.at(n) == wall {
                touching += 1;
                if touching >= 2 || n.neighbours8(SIZE, SIZE).filter(|&m| self.at(m) == wall).count() >= 2 {
                    return true;
                }
            }
        }
        false
    }

    /// The same judgement as [`Board::try_wall_move`], without building
    /// explanations (the turn search calls this thousands of times).
    fn wall_move_ok(&self, colour: Colour, from: Square, to: Square, roam: bool) -> Option<Board> {
        if self.at(from) != Some(Piece { kind: PieceKind::Wall, colour })
            || !from.is_orthogonal_neighbour(to)
            || self.at(to).is_some()
            || (!roam && !colour.owns_half(to))
        {
            return None;
        }
        let mut next = *self;
        next.relocate(from, to);
        (!next.crowded(colour, to) && next.trapped_gladiator().is_none()).then_some(next)
    }

    /// The same judgement as [`Board::try_gladiator_move`], without explanations.
    fn gladiator_move_ok(&self, colour: Colour, to: Square) -> Option<Board> {
        let from = self.gladiator(colour)?;
        if !from.is_orthogonal_neighbour(to) || self.at(to).is_some() {
            return None;
        }
        let mut next = *self;
        next.relocate(from, to);
        next.trapped_gladiator().is_none().then_some(next)
    }

    /// The same judgement as [`Board::try_minotaur_move`], without explanations.
    fn minotaur_move_ok(&self, colour: Colour, to: Square) -> bool {
        let Some(from) = self.minotaur(colour) else { return false };
        if !from.is_orthogonal_neighbour(to) {
            return false;
        }
        match self.at(to) {
            Some(Piece { kind: PieceKind::Gladiator, colour: c }) => c != colour,
            Some(_) => false,
            None => {
                let mut next = *self;
                next.relocate(from, to);
                next.trapped_gladiator().is_none()
            }
        }
    }

    /// All single wall moves of `colour` that are valid on their own, for
    /// walls not in `moved`.
    fn wall_moves(
        &self,
        colour: Colour,
        moved: &[Square],
        roam: bool,
    ) -> impl Iterator<Item = (Square, Square, Board)> {
        let wall = Some(Piece { kind: PieceKind::Wall, colour });
        let moved: Vec<Square> = moved.to_vec();
        Square::all(SIZE, SIZE).filter(move |&from| self.at(from) == wall && !moved.contains(&from)).flat_map(
            move |from| {
                from.neighbours4(SIZE, SIZE)
                    .filter_map(move |to| self.wall_move_ok(colour, from, to, roam).map(|b| (from, to, b)))
            },
        )
    }

    /// DA-R7: can `colour` still make exactly `walls` more wall moves (with
    /// walls other than `moved`) and, if `gladiator`, one Gladiator move?
    fn can_complete(&self, colour: Colour, moved: &[Square], walls: u8, gladiator: bool, roam: bool) -> bool {
        if walls == 0 && !gladiator {
            return true;
        }
        if gladiator {
            if self.try_escape(colour).is_ok() {
                return true; // escaping wins at once: the turn is complete
            }
            let exits: Vec<Exit> = self.exits(colour).collect();
            for exit in exits {
                if let Exit::To(to) = exit
                    && let Some(b) = self.gladiator_move_ok(colour, to)
                    && b.can_complete(colour, moved, walls, false, roam)
                {
                    return true;
                }
            }
        }
        if walls > 0 {
            let mut now_moved = moved.to_vec();
            now_moved.push(Square::new(0, 0));
            for (_, to, b) in self.wall_moves(colour, moved, roam) {
                if let Some(last) = now_moved.last_mut() {
                    *last = to;
                }
                if b.can_complete(colour, &now_moved, walls - 1, gladiator, roam) {
                    return true;
                }
            }
        }
        false
    }

    /// DA-R7: the largest shape some complete legal sequence achieves.
    fn required_shape(&self, colour: Colour, roam: bool) -> Shape {
        Shape::ORDER
            .into_iter()
            .find(|s| self.can_complete(colour, &[], s.walls, s.gladiator, roam))
            .unwrap_or(Shape { walls: 0, gladiator: false })
    }
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

impl Daedalus {
    /// The pieces on the board.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The current phase.
    #[must_use]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The options this game uses.
    #[must_use]
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The colour to decide now (meaningless once the game is over).
    #[must_use]
    pub fn colour_to_move(&self) -> Colour {
        self.to_move
    }

    /// Who built first (DA-R2).
    #[must_use]
    pub fn first_builder(&self) -> Colour {
        self.first_builder
    }

    /// The number of the current escaping turn of `colour` (1-based; 0 before).
    #[must_use]
    pub fn turn_number(&self, colour: Colour) -> u16 {
        self.turns[colour.index()]
    }

    /// What the current escaping turn requires (DA-R7).
    #[must_use]
    pub fn required(&self) -> Shape {
        self.required
    }

    /// Where the walls moved this turn now stand.
    #[must_use]
    pub fn moved_walls(&self) -> &[Square] {
        &self.moved_walls
    }

    /// Whether the Gladiator has moved this turn.
    #[must_use]
    pub fn gladiator_moved(&self) -> bool {
        self.gladiator_moved
    }

    /// Whether the Minotaur moves at the end of this turn (DA-R7).
    #[must_use]
    pub fn minotaur_due(&self) -> bool {
        self.minotaur_due
    }

    /// A position built by hand for tests and puzzles: the escaping phase
    /// with `colour` to begin turn number `turn` on `board`.
    #[must_use]
    pub fn from_position(board: Board, to_move: Colour, turn: u16, options: Options) -> Self {
        let mut game = Daedalus::new(&Setup { seats: 2, options }, 0);
        game.board = board;
        game.phase = Phase::Escaping;
        game.placed = 2 * WALLS_EACH + 4;
        game.to_move = to_move;
        game.turns = [turn.saturating_sub(1); 2];
        game.turns[to_move.index()] = turn.saturating_sub(1);
        game.seen.clear();
        game.begin_turn(to_move);
        game
    }

    /// The kind of piece the building phase asks for now (DA-R3), or `None`
    /// once building is over.
    #[must_use]
    pub fn placement_due(&self) -> Option<PieceKind> {
        (self.phase == Phase::Building).then(|| self.building_step().1)
    }

    /// Why a drag is no action at all: the piece on `from` (or, for `None`,
    /// a piece from the tray of pieces to place) dragged onto a square, or
    /// off the board when `off_board`. For the drag-and-drop refusal.
    #[must_use]
    pub fn drag_refusal(&self, from: Option<Square>, off_board: bool) -> RuleViolation {
        let Some(from) = from else {
            return RuleViolation::new("DA-R3", "every piece is already placed");
        };
        if self.phase == Phase::Building {
            return RuleViolation::new(
                "DA-R3",
                format!("pieces are placed, not moved, while building (the piece on {from} stays)"),
            );
        }
        match (self.board.at(from), off_board) {
            (Some(Piece { kind: PieceKind::Gladiator, .. }) | None, true) => {
                RuleViolation::new("DA-R8", "only the player to move may step their own Gladiator off the board")
            }
            (Some(p), true) => RuleViolation::new("DA-R8", format!("only a Gladiator leaves the board, not the {p}")),
            (Some(p), false) => RuleViolation::new(
                "DA-R7",
                format!("it is {}'s turn: the {p} is not theirs to move", self.colour_to_move()),
            ),
            (None, false) => RuleViolation::new("DA-R7", format!("there is nothing on {from} to move")),
        }
    }

    /// Building step `k`: who places what (DA-R3).
    fn building_step(&self) -> (Colour, PieceKind) {
        let first = self.first_builder;
        let k = self.placed;
        if k < 2 * WALLS_EACH {
            (if k.is_multiple_of(2) { first } else { first.other() }, PieceKind::Wall)
        } else {
            let j = k - 2 * WALLS_EACH;
            let colour = if j.is_multiple_of(2) { first } else { first.other() };
            (colour, if j < 2 { PieceKind::Gladiator } else { PieceKind::Minotaur })
        }
    }

    fn shape_done(&self) -> bool {
        self.moved_walls.len() as u8 == self.required.walls && self.gladiator_moved == self.required.gladiator
    }

    /// What the mover still has to do this turn, in the order it is done:
    /// "move 2 walls, the Gladiator, then the Minotaur", "now the
    /// Minotaur", with a word when the Gladiator may not move at all.
    fn turn_left(&self) -> String {
        let walls_left = self.required.walls.saturating_sub(self.moved_walls.len() as u8);
        let mut steps: Vec<String> = Vec::new();
        match walls_left {
            0 => {}
            1 if self.required.walls == 2 => steps.push("1 more wall".into()),
            1 => steps.push("1 wall".into()),
            n => steps.push(format!("{n} walls")),
        }
        if self.required.gladiator && !self.gladiator_moved {
            steps.push("the Gladiator".into());
        }
        let mut text = match (steps.len(), self.minotaur_due) {
            (0, true) => "now move the Minotaur".to_string(),
            (0, false) => "the turn is complete".to_string(),
            (_, true) => format!("move {}, then the Minotaur", steps.join(", ")),
            (_, false) => format!("move {}", steps.join(" and ")),
        };
        if !self.required.gladiator {
            text.push_str(" (the Gladiator cannot move this turn)");
        }
        text
    }

    fn key(&self) -> PositionKey {
        PositionKey {
            board: self.board,
            to_move: self.to_move,
            parity: [self.turns[0].is_multiple_of(2), self.turns[1].is_multiple_of(2)],
        }
    }

    /// Starts `colour`'s next escaping turn: count it, work out its required
    /// shape, and apply the draw rules (DA-R12).
    fn begin_turn(&mut self, colour: Colour) {
        self.to_move = colour;
        self.moved_walls.clear();
        self.gladiator_moved = false;
        if self.turns.iter().all(|&t| t >= TURN_LIMIT) {
            self.finish(vec![], format!("Draw: both players have played {TURN_LIMIT} escaping turns (DA-R12)"));
            return;
        }
        let key = {
            use std::hash::{Hash, Hasher};
            // SipHash with fixed keys: the same on every platform and run.
            let mut h = std::hash::DefaultHasher::new();
            self.key().hash(&mut h);
            h.finish()
        };
        let repeats = self.seen.iter().filter(|&&k| k == key).count() + 1;
        self.seen.push(key);
        if repeats >= 3 {
            self.finish(vec![], "Draw: the same position occurred for the third time (DA-R12)".to_string());
            return;
        }
        self.turns[colour.index()] += 1;
        self.minotaur_due = self.turns[colour.index()] % 2 == 1;
        self.required = self.board.required_shape(colour, self.options.walls_roam);
        self.must_pass = false;
        if self.shape_done() {
            // Nothing is owed but maybe the Minotaur (DA-R11 if not even that).
            if !self.minotaur_due || self.board.minotaur_targets(colour).is_empty() {
                self.must_pass = true;
            }
        }
    }

    fn end_turn(&mut self) {
        let next = self.to_move.other();
        self.begin_turn(next);
    }

    /// After a wall or Gladiator move: end the turn if nothing more is owed.
    fn after_part(&mut self) {
        if self.shape_done() && (!self.minotaur_due || self.board.minotaur_targets(self.to_move).is_empty()) {
            self.end_turn();
        }
    }

    fn finish(&mut self, winners: Vec<Colour>, reason: String) {
        self.phase = Phase::Over;
        let scores = Colour::BOTH.iter().map(|c| i32::from(winners.contains(c))).collect();
        self.outcome = Some(Outcome { winners: winners.into_iter().map(Colour::seat).collect(), scores, reason });
    }

    fn owed(&self) -> String {
        let mut parts = Vec::new();
        let walls_left = self.required.walls.saturating_sub(self.moved_walls.len() as u8);
        if walls_left > 0 {
            parts.push(words::count(usize::from(walls_left), "more wall move"));
        }
        if self.required.gladiator && !self.gladiator_moved {
            parts.push("the Gladiator move".to_string());
        }
        if parts.is_empty() { "nothing but the Minotaur".to_string() } else { and_list(&parts) }
    }

    fn check_building(&self, action: &Action) -> Result<Board, RuleViolation> {
        let (colour, kind) = self.building_step();
        let (sq, wanted) = match *action {
            Action::PlaceWall(sq) => (sq, PieceKind::Wall),
            Action::PlaceGladiator(sq) => (sq, PieceKind::Gladiator),
            Action::PlaceMinotaur(sq) => (sq, PieceKind::Minotaur),
            _ => {
                return Err(RuleViolation::new(
                    "DA-R3",
                    format!("the building phase is still on: {} must place a {}", colour.name(), kind.name()),
                ));
            }
        };
        if wanted != kind {
            let walls_left = WALLS_EACH - self.board.walls(colour).len() as u8;
            let why = match kind {
                PieceKind::Wall => {
                    format!("{} still has {walls_left} wall(s) to place before any Gladiator", colour.name())
                }
                PieceKind::Gladiator => format!("{} places a Gladiator now", colour.name()),
                PieceKind::Minotaur => format!("{} places a Minotaur now", colour.name()),
            };
            return Err(RuleViolation::new("DA-R3", why));
        }
        if let Some(p) = self.board.at(sq) {
            return Err(RuleViolation::new("DA-R6", format!("{sq} is occupied by the {p}")));
        }
        let mut next = self.board;
        next.put(sq, Piece { kind, colour });
        match kind {
            PieceKind::Wall => {
                if !colour.owns_half(sq) {
                    return Err(RuleViolation::new(
                        "DA-R3",
                        format!(
                            "{sq} is on row {}: walls are placed on your half ({})",
                            board_row(sq),
                            colour.half_on_board()
                        ),
                    ));
                }
                if let Some(why) = next.wall_crowding(colour, sq) {
                    return Err(RuleViolation::new("DA-R4", why));
                }
                let placed = next.walls(colour).len() as u8;
                if let Some(why) = next.unfinishable_building(colour, WALLS_EACH - placed) {
                    return Err(RuleViolation::new("DA-R3", format!("after this wall {why}")));
                }
            }
            PieceKind::Gladiator if sq.y == colour.near_y() => {
                if next.trapped_gladiator().is_none()
                    && let Some(why) = next.unfinishable_building(colour, 0)
                {
                    return Err(RuleViolation::new("DA-R3", format!("with the Gladiator on {sq} {why}")));
                }
            }
            _ => {
                if sq.y != colour.near_y() {
                    return Err(RuleViolation::new(
                        "DA-R3",
                        format!(
                            "the {} starts on your near row (row {}); {sq} is on row {}",
                            kind.name(),
                            board_row(Square::new(0, colour.near_y())),
                            board_row(sq)
                        ),
                    ));
                }
            }
        }
        next.trap_violation(&format!("placing the {} on {sq}", kind.name()))?;
        Ok(next)
    }

    /// Checks an escaping-phase action; on success returns the board after
    /// it and whether it ends the game (escape or kill).
    fn check_escaping(&self, action: &Action, full: bool) -> Result<(Board, bool), RuleViolation> {
        let colour = self.to_move;
        let roam = self.options.walls_roam;
        if self.must_pass {
            return if *action == Action::Pass {
                Ok((self.board, false))
            } else {
                Err(RuleViolation::new("DA-R11", format!("{} has no legal move at all and must pass", colour.name())))
            };
        }
        let minotaur_stage = self.shape_done();
        match *action {
            Action::Pass => Err(RuleViolation::new(
                "DA-R11",
                format!("a turn passes only when nothing can be moved; {} still owes {}", colour.name(), self.owed()),
            )),
            Action::PlaceWall(_) | Action::PlaceGladiator(_) | Action::PlaceMinotaur(_) => {
                Err(RuleViolation::new("DA-R3", "the building phase is over: every piece is placed"))
            }
            Action::MoveWall { from, to } => {
                if minotaur_stage || self.moved_walls.len() as u8 >= self.required.walls {
                    return Err(RuleViolation::new(
                        "DA-R7",
                        format!(
                            "this turn needs {}; {} already made {}",
                            self.required,
                            colour.name(),
                            if self.required.walls == 1 { "its wall move" } else { "both wall moves" }
                        ),
                    ));
                }
                if self.moved_walls.contains(&from) {
                    return Err(RuleViolation::new(
                        "DA-R7",
                        format!("the wall on {from} already moved this turn: move two different walls"),
                    ));
                }
                let next = self.board.try_wall_move(colour, from, to, roam)?;
                let mut moved = self.moved_walls.clone();
                moved.push(to);
                let walls_left = self.required.walls - moved.len() as u8;
                let glad_left = self.required.gladiator && !self.gladiator_moved;
                if full && !next.can_complete(colour, &moved, walls_left, glad_left, roam) {
                    return Err(self.incomplete_violation());
                }
                Ok((next, false))
            }
            Action::MoveGladiator(to) => {
                self.gladiator_allowed(minotaur_stage)?;
                let next = self.board.try_gladiator_move(colour, to)?;
                let walls_left = self.required.walls - self.moved_walls.len() as u8;
                if full && !next.can_complete(colour, &self.moved_walls, walls_left, false, roam) {
                    return Err(self.incomplete_violation());
                }
                Ok((next, false))
            }
            Action::Escape => {
                self.gladiator_allowed(minotaur_stage)?;
                self.board.try_escape(colour)?;
                Ok((self.board, true))
            }
            Action::MoveMinotaur(to) => {
                if !self.minotaur_due {
                    return Err(RuleViolation::new(
                        "DA-R7",
                        format!(
                            "the Minotaur moves on your odd-numbered turns only; this is {}'s turn {}",
                            colour.name(),
                            self.turns[colour.index()]
                        ),
                    ));
                }
                if !minotaur_stage {
                    return Err(RuleViolation::new(
                        "DA-R7",
                        format!("the Minotaur moves last; first make {}", self.owed()),
                    ));
                }
                let (next, kill) = self.board.try_minotaur_move(colour, to)?;
                Ok((next, kill))
            }
        }
    }

    fn gladiator_allowed(&self, minotaur_stage: bool) -> Result<(), RuleViolation> {
        if self.gladiator_moved {
            return Err(RuleViolation::new("DA-R7", "the Gladiator already moved this turn"));
        }
        if minotaur_stage || !self.required.gladiator {
            return Err(RuleViolation::new(
                "DA-R7",
                format!("no complete turn can include a Gladiator move now: this turn needs {}", self.required),
            ));
        }
        Ok(())
    }

    fn incomplete_violation(&self) -> RuleViolation {
        RuleViolation::new("DA-R7", format!("after this move the turn could not be completed with {}", self.required))
    }

    /// Applies `action`; with `full` false the turn-completion search is
    /// skipped (only for actions taken from `legal_actions`).
    fn apply_with(&mut self, action: &Action, full: bool) -> Result<(), RuleViolation> {
        match self.phase {
            Phase::Over => Err(RuleViolation::new("RULES", "the game is over")),
            Phase::Building => {
                self.board = self.check_building(action)?;
                self.placed += 1;
                if self.placed == 2 * WALLS_EACH + 4 {
                    // DA-R2: the second builder moves first when escaping.
                    self.phase = Phase::Escaping;
                    self.begin_turn(self.first_builder.other());
                } else {
                    self.to_move = self.building_step().0;
                }
                Ok(())
            }
            Phase::Escaping => {
                let (board, ends) = self.check_escaping(action, full)?;
                let colour = self.to_move;
                self.board = board;
                match *action {
                    Action::Escape => {
                        self.finish(vec![colour], format!("{}'s Gladiator escaped off the far edge", colour.name()));
                    }
                    Action::MoveMinotaur(_) if ends => {
                        self.finish(
                            vec![colour],
                            format!("{}'s Minotaur killed {}'s Gladiator", colour.name(), colour.other().name()),
                        );
                    }
                    Action::MoveMinotaur(_) | Action::Pass => self.end_turn(),
                    Action::MoveWall { to, .. } => {
                        self.moved_walls.push(to);
                        self.after_part();
                    }
                    Action::MoveGladiator(_) => {
                        self.gladiator_moved = true;
                        self.after_part();
                    }
                    Action::PlaceWall(_) | Action::PlaceGladiator(_) | Action::PlaceMinotaur(_) => {
                        unreachable!("placements are refused in the escaping phase")
                    }
                }
                Ok(())
            }
        }
    }

    /// Every action that could be proposed: placements on every square,
    /// every piece to every square within two steps, escape and pass.
    fn candidates(&self) -> Vec<Action> {
        let mut out = Vec::new();
        for sq in Square::all(SIZE, SIZE) {
            out.push(Action::PlaceWall(sq));
            out.push(Action::PlaceGladiator(sq));
            out.push(Action::PlaceMinotaur(sq));
        }
        let near = |from: Square| {
            Square::all(SIZE, SIZE)
                .filter(move |s| s.x.abs_diff(from.x) <= 2 && s.y.abs_diff(from.y) <= 2 && *s != from)
        };
        for colour in Colour::BOTH {
            for from in self.board.walls(colour) {
                out.extend(near(from).map(|to| Action::MoveWall { from, to }));
            }
            for from in self.board.gladiator(colour).into_iter().chain(self.board.minotaur(colour)) {
                out.extend(near(from).map(Action::MoveGladiator));
                out.extend(near(from).map(Action::MoveMinotaur));
            }
        }
        // An empty square as a wall's origin, and a wall on a far square.
        out.push(Action::MoveWall { from: Square::new(3, 3), to: Square::new(3, 4) });
        out.push(Action::Escape);
        out.push(Action::Pass);
        out.sort();
        out.dedup();
        out
    }
}

impl Game for Daedalus {
    type Action = Action;
    type Options = Options;

    const INFO: GameInfo = GameInfo { id: "daedalus", name: "Daedalus", min_seats: 2, max_seats: 2 };

    fn new(setup: &Setup<Options>, seed: u64) -> Self {
        let mut rng = Rng::seeded(seed);
        // DA-R2: the coin decides who builds first.
        let first_builder = if rng.coin() { Colour::White } else { Colour::Black };
        Daedalus {
            options: setup.options.clone(),
            rng,
            board: Board::default(),
            phase: Phase::Building,
            first_builder,
            placed: 0,
            to_move: first_builder,
            turns: [0; 2],
            moved_walls: Vec::new(),
            gladiator_moved: false,
            required: Shape { walls: 2, gladiator: true },
            minotaur_due: false,
            must_pass: false,
            seen: Vec::new(),
            outcome: None,
        }
    }

    fn setup(&self) -> Setup<Options> {
        Setup { seats: 2, options: self.options.clone() }
    }

    fn to_move(&self) -> ToMove {
        match self.phase {
            Phase::Over => ToMove::Nobody,
            Phase::Building => ToMove::Seat(self.building_step().0.seat()),
            Phase::Escaping => ToMove::Seat(self.to_move.seat()),
        }
    }

    fn legal_actions(&self) -> Vec<Action> {
        let colour = self.to_move;
        let roam = self.options.walls_roam;
        let mut out = Vec::new();
        match self.phase {
            Phase::Over => {}
            Phase::Building => {
                let (colour, kind) = self.building_step();
                for sq in Square::all(SIZE, SIZE) {
                    let a = match kind {
                        PieceKind::Wall => Action::PlaceWall(sq),
                        PieceKind::Gladiator => Action::PlaceGladiator(sq),
                        PieceKind::Minotaur => Action::PlaceMinotaur(sq),
                    };
                    let plausible = match kind {
                        PieceKind::Wall => colour.owns_half(sq),
                        _ => sq.y == colour.near_y(),
                    };
                    if plausible && self.check_building(&a).is_ok() {
                        out.push(a);
                    }
                }
            }
            Phase::Escaping if self.must_pass => out.push(Action::Pass),
            Phase::Escaping if self.shape_done() => {
                out.extend(self.board.minotaur_targets(colour).into_iter().map(Action::MoveMinotaur));
            }
            Phase::Escaping => {
                let walls_left = self.required.walls - self.moved_walls.len() as u8;
                let glad_left = self.required.gladiator && !self.gladiator_moved;
                if walls_left > 0 {
                    for (from, to, b) in self.board.wall_moves(colour, &self.moved_walls, roam) {
                        let mut moved = self.moved_walls.clone();
                        moved.push(to);
                        if b.can_complete(colour, &moved, walls_left - 1, glad_left, roam) {
                            out.push(Action::MoveWall { from, to });
                        }
                    }
                }
                if glad_left {
                    if self.board.try_escape(colour).is_ok() {
                        out.push(Action::Escape);
                    }
                    let exits: Vec<Exit> = self.board.exits(colour).collect();
                    for exit in exits {
                        if let Exit::To(to) = exit
                            && let Ok(b) = self.board.try_gladiator_move(colour, to)
                            && b.can_complete(colour, &self.moved_walls, walls_left, false, roam)
                        {
                            out.push(Action::MoveGladiator(to));
                        }
                    }
                }
            }
        }
        out.sort();
        out
    }

    fn well_formed(&self) -> Result<(), String> {
        self.well_formed_state()
    }

    fn validate(&self, action: &Action) -> Result<(), String> {
        let squares: &[Square] = match action {
            Action::PlaceWall(s)
            | Action::PlaceGladiator(s)
            | Action::PlaceMinotaur(s)
            | Action::MoveGladiator(s)
            | Action::MoveMinotaur(s) => &[*s],
            Action::MoveWall { from, to } => &[*from, *to],
            Action::Escape | Action::Pass => &[],
        };
        match squares.iter().find(|s| s.x >= SIZE || s.y >= SIZE) {
            Some(s) => Err(format!("{s} is off the board, which runs from a1 to h8")),
            None => Ok(()),
        }
    }

    fn check(&self, action: &Action) -> Result<(), RuleViolation> {
        self.validate(action).map_err(|why| RuleViolation::new("RULES", why))?;
        match self.phase {
            Phase::Over => Err(RuleViolation::new("RULES", "the game is over")),
            Phase::Building => self.check_building(action).map(|_| ()),
            Phase::Escaping => self.check_escaping(action, true).map(|_| ()),
        }
    }

    fn apply(&mut self, action: &Action) -> Result<(), RuleViolation> {
        self.validate(action).map_err(|why| RuleViolation::new("RULES", why))?;
        self.apply_with(action, true)
    }

    fn apply_legal(&mut self, action: &Action) {
        // Taken from `legal_actions`: the turn is known to be completable.
        let _ = self.apply_with(action, false);
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }

    fn observation(&self, _seat: Seat) -> Self {
        // Perfect information: everything but the RNG is public.
        let mut obs = self.clone();
        obs.rng = Rng::seeded(0);
        obs
    }

    fn determinize(&self, _seat: Seat, rng: &mut Rng) -> Self {
        let mut copy = self.clone();
        copy.rng = rng.split();
        copy
    }

    fn describe(&self, action: &Action) -> String {
        let who = match self.phase {
            Phase::Building => self.building_step().0,
            _ => self.to_move,
        };
        let name = who.name();
        match *action {
            Action::PlaceWall(sq) => format!("{name} places a wall on {sq}"),
            Action::PlaceGladiator(sq) => format!("{name} places the Gladiator on {sq}"),
            Action::PlaceMinotaur(sq) => format!("{name} places the Minotaur on {sq}"),
            Action::MoveWall { from, to } => format!("{name} moves a wall {from} to {to}"),
            Action::MoveGladiator(to) => {
                let from = self.board.gladiator(who).map_or_else(String::new, |s| s.to_string());
                format!("{name}'s Gladiator {from} to {to}")
            }
            Action::Escape => format!("{name}'s Gladiator escapes off the board"),
            Action::MoveMinotaur(to) => {
                let from = self.board.minotaur(who).map_or_else(String::new, |s| s.to_string());
                if self.board.gladiator(who.other()) == Some(to) {
                    format!("{name}'s Minotaur {from} to {to} kills {}'s Gladiator", who.other().name())
                } else {
                    format!("{name}'s Minotaur {from} to {to}")
                }
            }
            Action::Pass => format!("{name} cannot move anything and passes (DA-R11)"),
        }
    }

    fn status(&self) -> String {
        match self.phase {
            Phase::Over => self.outcome.as_ref().map_or_else(String::new, |o| o.reason.clone()),
            Phase::Building => {
                let (colour, kind) = self.building_step();
                match kind {
                    PieceKind::Wall => format!(
                        "{}: place wall {} of {WALLS_EACH} on your half ({})",
                        colour.name(),
                        self.board.walls(colour).len() + 1,
                        colour.half_on_board()
                    ),
                    _ => format!("{}: place your {} on your near row", colour.name(), kind.name()),
                }
            }
            Phase::Escaping => {
                let c = self.to_move;
                if self.must_pass {
                    return format!("{}: nothing can move — pass (DA-R11)", c.name());
                }
                format!("{} to move, turn {}: {}", c.name(), self.turns[c.index()], self.turn_left())
            }
        }
    }

    fn pseudo_legal(&self) -> Vec<Action> {
        self.candidates()
    }

    fn seat_name(&self, seat: Seat) -> String {
        Colour::of(seat).name().to_string()
    }
}
