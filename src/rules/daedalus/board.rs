//! The board's own questions (DA-R4 to DA-R11): where each piece may step,
//! whether a wall move crowds or traps, and whether a partial turn can
//! still be finished in its required shape.

use super::{Board, Colour, Exit, Piece, PieceKind, SIZE, Shape, WALLS_EACH, board_row};
use crate::rules::grid::Square;
use crate::rules::{RuleViolation, and_list};

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

    pub(super) fn set(&mut self, sq: Square, piece: Option<Piece>) {
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

    pub(super) fn relocate(&mut self, from: Square, to: Square) {
        let piece = self.at(from);
        self.set(from, None);
        self.set(to, piece);
    }

    /// Where `colour`'s Gladiator could step (empty squares, and off the far
    /// edge from its far row), ignoring turn order.
    pub(super) fn exits(&self, colour: Colour) -> impl Iterator<Item = Exit> + '_ {
        let g = self.gladiator(colour);
        let squares =
            g.into_iter().flat_map(|g| g.neighbours4(SIZE, SIZE)).filter(|&s| self.at(s).is_none()).map(Exit::To);
        let off = g.filter(|g| g.y == colour.far_y()).map(|_| Exit::Off);
        squares.chain(off)
    }

    /// DA-R10: the first Gladiator on the board left with nowhere to move.
    pub(super) fn trapped_gladiator(&self) -> Option<Colour> {
        Colour::BOTH.into_iter().find(|&c| self.gladiator(c).is_some() && self.exits(c).next().is_none())
    }

    /// DA-R4: the first problem with `colour`'s walls around `sq` (which
    /// just received a wall), as a sentence, or `None` when all is valid.
    pub(super) fn wall_crowding(&self, colour: Colour, sq: Square) -> Option<String> {
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
    pub(super) fn unfinishable_building(&self, colour: Colour, walls_left: u8) -> Option<String> {
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
    pub(super) fn finish_walls(
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
    pub(super) fn can_place_gladiator_and_minotaur(&self, colour: Colour) -> bool {
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

    pub(super) fn trap_violation(&self, mover: &str) -> Result<(), RuleViolation> {
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

    pub(super) fn step_violation(&self, what: &str, from: Square, to: Square) -> Result<(), RuleViolation> {
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
    pub(super) fn try_wall_move(
        &self,
        colour: Colour,
        from: Square,
        to: Square,
        roam: bool,
    ) -> Result<Board, RuleViolation> {
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

    pub(super) fn try_gladiator_move(&self, colour: Colour, to: Square) -> Result<Board, RuleViolation> {
        let from = self
            .gladiator(colour)
            .ok_or_else(|| RuleViolation::new("DA-R7", format!("{}'s Gladiator is not on the board", colour.name())))?;
        self.step_violation("the Gladiator", from, to)?;
        let mut next = *self;
        next.relocate(from, to);
        next.trap_violation(&format!("moving the Gladiator to {to}"))?;
        Ok(next)
    }

    pub(super) fn try_escape(&self, colour: Colour) -> Result<(), RuleViolation> {
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
    pub(super) fn try_minotaur_move(&self, colour: Colour, to: Square) -> Result<(Board, bool), RuleViolation> {
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

    pub(super) fn minotaur_targets(&self, colour: Colour) -> Vec<Square> {
        self.minotaur(colour)
            .into_iter()
            .flat_map(|m| m.neighbours4(SIZE, SIZE))
            .filter(|&to| self.minotaur_move_ok(colour, to))
            .collect()
    }

    /// DA-R4 without the explanation: would `colour`'s walls around `sq` crowd?
    pub(super) fn crowded(&self, colour: Colour, sq: Square) -> bool {
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
    pub(super) fn wall_move_ok(&self, colour: Colour, from: Square, to: Square, roam: bool) -> Option<Board> {
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
    pub(super) fn gladiator_move_ok(&self, colour: Colour, to: Square) -> Option<Board> {
        let from = self.gladiator(colour)?;
        if !from.is_orthogonal_neighbour(to) || self.at(to).is_some() {
            return None;
        }
        let mut next = *self;
        next.relocate(from, to);
        next.trapped_gladiator().is_none().then_some(next)
    }

    /// The same judgement as [`Board::try_minotaur_move`], without explanations.
    pub(super) fn minotaur_move_ok(&self, colour: Colour, to: Square) -> bool {
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
    pub(super) fn wall_moves(
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
    pub(super) fn can_complete(
        &self,
        colour: Colour,
        moved: &[Square],
        walls: u8,
        gladiator: bool,
        roam: bool,
    ) -> bool {
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
    pub(super) fn required_shape(&self, colour: Colour, roam: bool) -> Shape {
        Shape::ORDER
            .into_iter()
            .find(|s| self.can_complete(colour, &[], s.walls, s.gladiator, roam))
            .unwrap_or(Shape { walls: 0, gladiator: false })
    }
}
