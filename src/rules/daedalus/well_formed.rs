//! Whether a Daedalus state from outside (a friend's copy, a host's view)
//! is one the rules could have reached ([`Game::well_formed`]): every
//! square on the 8×8 board; each Gladiator and Minotaur standing where the
//! board says it stands, one of each a colour; at most seven walls a
//! colour, and while building exactly the pieces the building order has
//! placed so far, with the colour it names to place next (DA-R3); once
//! escaping every piece on the board, the turn's wall moves among its
//! required ones (DA-R7) on walls of the colour to move, and turn numbers
//! within the limit (DA-R12); the game over exactly when it has an
//! outcome. Nothing here indexes with a number it has not checked.
//!
//! [`Game::well_formed`]: crate::rules::Game::well_formed

use super::{Board, Colour, Daedalus, Phase, Piece, PieceKind, SIZE, TURN_LIMIT, WALLS_EACH};
use crate::rules::grid::Square;

fn on_board(s: Square) -> Result<(), String> {
    if s.x < SIZE && s.y < SIZE { Ok(()) } else { Err(format!("{s} is off the {SIZE}×{SIZE} board")) }
}

/// Pieces of each kind a colour has on `board`: walls, Gladiators, Minotaurs.
fn pieces(board: &Board, colour: Colour) -> [usize; 3] {
    let mut n = [0; 3];
    for s in Square::all(SIZE, SIZE) {
        if let Some(p) = board.at(s)
            && p.colour == colour
        {
            n[p.kind as usize] += 1;
        }
    }
    n
}

impl Daedalus {
    /// The whole check (see the module text).
    pub(super) fn well_formed_state(&self) -> Result<(), String> {
        self.board_ok()?;
        let full = usize::from(2 * WALLS_EACH + 4);
        if usize::from(self.placed) > full {
            return Err(format!("{} pieces placed; the game has {full}", self.placed));
        }
        match self.phase {
            Phase::Building => self.building_ok()?,
            Phase::Escaping => self.escaping_ok()?,
            Phase::Over => {}
        }
        if self.turns.iter().any(|&t| t > TURN_LIMIT) || self.seen.len() > 2 * usize::from(TURN_LIMIT) + 2 {
            return Err(format!("escaping turns {:?}; the game is drawn after {TURN_LIMIT} each (DA-R12)", self.turns));
        }
        match (self.phase, &self.outcome) {
            (Phase::Over, Some(o)) if o.winners.iter().all(|w| w.0 < 2) => Ok(()),
            (Phase::Over, _) => Err("the game is over with no outcome".into()),
            (_, Some(_)) => Err("the game has an outcome but is not over".into()),
            (_, None) => Ok(()),
        }
    }

    /// The board's squares and its record of where each Gladiator and
    /// Minotaur stands agree; no colour has more than its pieces.
    fn board_ok(&self) -> Result<(), String> {
        let b = &self.board;
        for (kind, places) in [(PieceKind::Gladiator, b.gladiators), (PieceKind::Minotaur, b.minotaurs)] {
            for colour in Colour::BOTH {
                let wanted = Some(Piece { kind, colour });
                let on: Vec<Square> = Square::all(SIZE, SIZE).filter(|&s| b.at(s) == wanted).collect();
                let listed = places.get(colour.index()).copied().flatten();
                if let Some(s) = listed {
                    on_board(s)?;
                }
                if on.len() > 1 || on.first().copied() != listed {
                    return Err(format!(
                        "{}'s {} stands on {on:?}, and the board says {listed:?}",
                        colour.name(),
                        kind.name()
                    ));
                }
            }
        }
        for colour in Colour::BOTH {
            let walls = pieces(b, colour)[PieceKind::Wall as usize];
            if walls > usize::from(WALLS_EACH) {
                return Err(format!("{} has {walls} walls; each colour has {WALLS_EACH}", colour.name()));
            }
        }
        Ok(())
    }

    /// While building: the pieces the building order placed so far, and
    /// the colour it names next (DA-R3).
    fn building_ok(&self) -> Result<(), String> {
        let full = 2 * WALLS_EACH + 4;
        if self.placed >= full {
            return Err(format!("still building with all {full} pieces placed"));
        }
        let mut want = [[0usize; 3]; 2];
        let mut copy = self.clone();
        for k in 0..self.placed {
            copy.placed = k;
            let (colour, kind) = copy.building_step();
            want[colour.index()][kind as usize] += 1;
        }
        for colour in Colour::BOTH {
            if pieces(&self.board, colour) != want[colour.index()] {
                return Err(format!("{} pieces placed, but the board holds others", self.placed));
            }
        }
        if self.to_move != self.building_step().0 {
            return Err(format!("{} is to place, out of the building order", self.to_move.name()));
        }
        Ok(())
    }

    /// While escaping: every piece on the board; the turn's wall moves
    /// among the required ones, on walls of the colour to move (DA-R7).
    fn escaping_ok(&self) -> Result<(), String> {
        if usize::from(self.placed) != usize::from(2 * WALLS_EACH + 4) {
            return Err(format!("escaping with {} pieces placed", self.placed));
        }
        for colour in Colour::BOTH {
            if pieces(&self.board, colour) != [usize::from(WALLS_EACH), 1, 1] {
                return Err(format!("{} has pieces missing while escaping", colour.name()));
            }
        }
        let r = self.required;
        if r.walls > 2 || self.moved_walls.len() > usize::from(r.walls) || (self.gladiator_moved && !r.gladiator) {
            return Err(format!("a turn that needs {r} has made other moves"));
        }
        let wall = Some(Piece { kind: PieceKind::Wall, colour: self.to_move });
        for (i, &s) in self.moved_walls.iter().enumerate() {
            on_board(s)?;
            if self.board.at(s) != wall || self.moved_walls[..i].contains(&s) {
                return Err(format!("the wall moved to {s} is not a wall of {}", self.to_move.name()));
            }
        }
        Ok(())
    }
}
