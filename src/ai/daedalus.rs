//! The Daedalus heuristic used by the greedy bot and at MCTS leaves.
//!
//! For the side to judge, with `d(x)` the number of steps x's Gladiator needs
//! to leave the board by its far edge (a breadth-first search through empty
//! squares; walls, Minotaurs and the other Gladiator block, since they move
//! slowly) and `h(x)` the steps x's Minotaur needs to reach the enemy
//! Gladiator:
//!
//! `score = (d(them) − d(me)) + 0.35 · (h(them) − h(me))`, minus a large
//! penalty when the enemy Minotaur stands next to my Gladiator and moves on
//! the enemy's next turn; squashed by a logistic curve into a winning chance.
//! Finished games score their real result (1, ½ or 0).

use super::Evaluate;
use crate::rules::daedalus::{Board, Colour, Daedalus, SIZE};
use crate::rules::grid::Square;
use crate::rules::{Game, Seat};

/// Steps from `from` to any square satisfying `goal`, moving through empty
/// squares (the goal square may be `target`, an occupied square). 30 when
/// there is no way.
fn distance(board: &Board, from: Square, goal: impl Fn(Square) -> bool, target: Option<Square>) -> u32 {
    let mut dist = [u32::MAX; 64];
    let mut queue = std::collections::VecDeque::new();
    dist[from.index(SIZE)] = 0;
    queue.push_back(from);
    while let Some(sq) = queue.pop_front() {
        let d = dist[sq.index(SIZE)];
        if goal(sq) {
            return d;
        }
        for n in sq.neighbours4(SIZE, SIZE) {
            let free = board.at(n).is_none() || Some(n) == target;
            if free && dist[n.index(SIZE)] == u32::MAX {
                dist[n.index(SIZE)] = d + 1;
                queue.push_back(n);
            }
        }
    }
    30
}

/// Steps `colour`'s Gladiator needs to escape (including the step off).
#[must_use]
pub fn escape_distance(board: &Board, colour: Colour) -> u32 {
    board.gladiator(colour).map_or(30, |g| distance(board, g, |s| s.y == colour.far_y(), None) + 1)
}

/// Steps `colour`'s Minotaur needs to reach the enemy Gladiator.
#[must_use]
pub fn hunt_distance(board: &Board, colour: Colour) -> u32 {
    match (board.minotaur(colour), board.gladiator(colour.other())) {
        (Some(m), Some(g)) => distance(board, m, |s| s == g, Some(g)),
        _ => 30,
    }
}

/// The heuristic score (positive is good for `me`).
#[must_use]
pub fn score(game: &Daedalus, me: Colour) -> f64 {
    let board = game.board();
    let them = me.other();
    let race = f64::from(escape_distance(board, them)) - f64::from(escape_distance(board, me));
    let hunt = f64::from(hunt_distance(board, them)) - f64::from(hunt_distance(board, me));
    let mut s = race + 0.35 * hunt;
    // Immediate danger: their Minotaur next to my Gladiator with a move coming.
    if let (Some(m), Some(g)) = (board.minotaur(them), board.gladiator(me)) {
        let their_next_turn = game.turn_number(them) + u16::from(game.colour_to_move() != them);
        if m.is_orthogonal_neighbour(g) && their_next_turn % 2 == 1 {
            s -= 6.0;
        }
    }
    if let (Some(m), Some(g)) = (board.minotaur(me), board.gladiator(them)) {
        let my_next_turn = game.turn_number(me) + u16::from(game.colour_to_move() != me);
        if m.is_orthogonal_neighbour(g) && my_next_turn % 2 == 1 {
            s += 3.0;
        }
    }
    s
}

impl Evaluate for Daedalus {
    fn evaluate(&self, seat: Seat) -> f64 {
        if let Some(outcome) = self.outcome() {
            return outcome.reward(seat, 2);
        }
        let s = score(self, Colour::of(seat));
        // Keep heuristic values strictly inside (0, 1): only real wins are 1.
        0.02 + 0.96 / (1.0 + (-0.6 * s).exp())
    }
}
