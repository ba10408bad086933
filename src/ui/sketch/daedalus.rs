//! The sketch of a Daedalus table: the 8×8 board as the view draws it
//! (White's side at the bottom, `a1` dark), each wall a block in its
//! owner's colour rimmed in the other's, Gladiators as discs and
//! Minotaurs as tiles, so the two kinds differ in shape, not colour only.

use super::{Mark, Shape, Sketch, Sketched, Tint};
use crate::rules::daedalus::{Colour, Daedalus, PieceKind, SIZE};
use crate::rules::grid::Square;

/// One square's side, in the sketch's unit square.
const CELL: f32 = 1.0 / SIZE as f32;

/// The fill of `colour`'s pieces.
fn fill(colour: Colour) -> Tint {
    match colour {
        Colour::White => Tint::WhitePiece,
        Colour::Black => Tint::BlackPiece,
    }
}

/// The centre of `sq`, rank 8 at the top as White sees the board.
fn centre(sq: Square) -> (f32, f32) {
    (f32::from(sq.x) * CELL + CELL / 2.0, f32::from(SIZE - 1 - sq.y) * CELL + CELL / 2.0)
}

impl Sketched for Daedalus {
    fn sketch(&self) -> Sketch {
        let mut sketch = Sketch::new(1.0);
        for sq in Square::all(SIZE, SIZE) {
            let dark = (sq.x + sq.y) % 2 == 0;
            let tint = if dark { Tint::DarkSquare } else { Tint::LightSquare };
            let (cx, cy) = centre(sq);
            sketch.push(Mark::centred(Shape::Patch, tint, cx, cy, CELL, CELL));
        }
        for sq in Square::all(SIZE, SIZE) {
            let Some(piece) = self.board().at(sq) else { continue };
            let (cx, cy) = centre(sq);
            let tint = fill(piece.colour);
            match piece.kind {
                PieceKind::Wall => {
                    // A rim in the other colour, so a white wall shows on a
                    // light square and a black one on a dark square.
                    let rim = fill(piece.colour.other());
                    sketch.push(Mark::centred(Shape::Bar, rim, cx, cy, CELL * 0.86, CELL * 0.66));
                    sketch.push(Mark::centred(Shape::Bar, tint, cx, cy, CELL * 0.7, CELL * 0.5));
                }
                PieceKind::Gladiator => sketch.push(Mark::centred(Shape::Disc, tint, cx, cy, CELL * 0.7, CELL * 0.7)),
                PieceKind::Minotaur => sketch.push(Mark::centred(Shape::Tile, tint, cx, cy, CELL * 0.7, CELL * 0.7)),
            }
        }
        sketch
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::daedalus::{Board, Options, Piece};
    use crate::rules::{Game, Setup};

    /// The marks of `shape` in `tint` centred on `sq`.
    fn at(sketch: &Sketch, sq: Square, shape: Shape, tint: Tint) -> usize {
        let (cx, cy) = centre(sq);
        sketch
            .marks
            .iter()
            .filter(|m| m.shape == shape && m.tint == tint)
            .filter(|m| (m.at[0] + m.at[2] / 2.0 - cx).abs() < 1e-4 && (m.at[1] + m.at[3] / 2.0 - cy).abs() < 1e-4)
            .count()
    }

    #[test]
    fn an_empty_board_is_sixty_four_squares_a1_dark_in_the_bottom_left_corner() {
        let game = Daedalus::new(&Setup { seats: 2, options: Options::default() }, 1);
        let sketch = game.sketch();
        assert!((sketch.aspect - 1.0).abs() < f32::EPSILON);
        assert_eq!(sketch.marks.len(), 64);
        assert!(sketch.marks.iter().all(|m| m.shape == Shape::Patch));
        let dark = sketch.marks.iter().filter(|m| m.tint == Tint::DarkSquare).count();
        assert_eq!(dark, 32);
        assert_eq!(at(&sketch, Square::new(0, 0), Shape::Patch, Tint::DarkSquare), 1);
        assert_eq!(at(&sketch, Square::new(7, 0), Shape::Patch, Tint::LightSquare), 1);
        // a1 lies in the bottom-left corner, h8 in the top-right one.
        let (x, y) = centre(Square::new(0, 0));
        assert!(x < 0.1 && y > 0.9);
        let (x, y) = centre(Square::new(7, 7));
        assert!(x > 0.9 && y < 0.1);
    }

    #[test]
    fn the_pieces_stand_where_the_state_puts_them() {
        let mut board = Board::default();
        let piece = |kind, colour| Piece { kind, colour };
        board.put(Square::new(3, 0), piece(PieceKind::Gladiator, Colour::White));
        board.put(Square::new(5, 0), piece(PieceKind::Minotaur, Colour::White));
        board.put(Square::new(4, 7), piece(PieceKind::Gladiator, Colour::Black));
        board.put(Square::new(2, 7), piece(PieceKind::Minotaur, Colour::Black));
        board.put(Square::new(1, 2), piece(PieceKind::Wall, Colour::White));
        board.put(Square::new(6, 5), piece(PieceKind::Wall, Colour::Black));
        let game = Daedalus::from_position(board, Colour::White, 1, Options::default());
        let sketch = game.sketch();
        let squares = sketch.marks.iter().filter(|m| m.shape == Shape::Patch).count();
        assert_eq!(squares, 64);
        assert_eq!(at(&sketch, Square::new(3, 0), Shape::Disc, Tint::WhitePiece), 1);
        assert_eq!(at(&sketch, Square::new(5, 0), Shape::Tile, Tint::WhitePiece), 1);
        assert_eq!(at(&sketch, Square::new(4, 7), Shape::Disc, Tint::BlackPiece), 1);
        assert_eq!(at(&sketch, Square::new(2, 7), Shape::Tile, Tint::BlackPiece), 1);
        // A wall: its block in its owner's colour on a rim in the other's.
        assert_eq!(at(&sketch, Square::new(1, 2), Shape::Bar, Tint::WhitePiece), 1);
        assert_eq!(at(&sketch, Square::new(1, 2), Shape::Bar, Tint::BlackPiece), 1);
        assert_eq!(at(&sketch, Square::new(6, 5), Shape::Bar, Tint::BlackPiece), 1);
        assert_eq!(sketch.marks.len(), 64 + 4 + 2 * 2);
    }

    #[test]
    fn a_move_changes_the_sketch() {
        let mut game = Daedalus::new(&Setup { seats: 2, options: Options::default() }, 3);
        let before = game.sketch();
        let first = game.legal_actions()[0].clone();
        game.apply(&first).expect("a legal action");
        let after = game.sketch();
        assert_ne!(before, after);
        assert_eq!(after.marks.len(), 64 + 2);
    }
}
