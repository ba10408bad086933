//! The Daedalus heuristic used by the greedy bot and at MCTS leaves.
//!
//! For the side to judge, with `d(x)` the number of steps x's Gladiator needs
//! to leave the board by its far edge (a shortest-path search in which a
//! wall in the way costs 4 steps if it is x's own and 5 if not, since walls
//! can be moved aside; Minotaurs and the other Gladiator block), and `h(x)`
//! the steps x's Minotaur needs to reach the enemy Gladiator through empty
//! squares. Counting walls as costly rather than impassable gives the search
//! a way to see progress in locked positions, which otherwise ran to the
//! 150-turn draw:
//!
//! `score = (d(them) − d(me)) + 0.35 · (h(them) − h(me))`, minus a large
//! penalty when the enemy Minotaur stands next to my Gladiator and moves on
//! the enemy's next turn; squashed by a logistic curve into a winning chance.
//! Finished games score their real result (1, ½ or 0).

use super::Evaluate;
use crate::rules::daedalus::{Board, Colour, Daedalus, PieceKind, SIZE};
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

/// Steps `colour`'s Gladiator needs to escape (including the step off),
/// counting a wall in the way as passable at a price (its own walls cost 3
/// extra steps, the other colour's 4): walls move, so a walled-in Gladiator
/// still has a way out, and the search sees progress when it opens one.
/// Minotaurs and the other Gladiator block. 30 when there is no way.
#[must_use]
pub fn escape_distance(board: &Board, colour: Colour) -> u32 {
    // Dijkstra with a bucket queue (Dial): step costs are at most
    // OTHER_WALL_STEPS, so six rotating buckets hold every open square.
    const B: usize = OTHER_WALL_STEPS as usize + 1;
    let Some(from) = board.gladiator(colour) else { return 30 };
    let mut cost = [u32::MAX; 64];
    let mut buckets = [[0u8; 256]; B];
    let mut lens = [0usize; B];
    cost[from.index(SIZE)] = 0;
    buckets[0][0] = from.index(SIZE) as u8;
    lens[0] = 1;
    let mut open = 1usize;
    let mut c = 0u32;
    while open > 0 && c < 30 {
        let b = c as usize % B;
        while lens[b] > 0 {
            lens[b] -= 1;
            open -= 1;
            let i = usize::from(buckets[b][lens[b]]);
            if cost[i] != c {
                continue; // a stale entry: reached more cheaply before
            }
            let sq = Square::from_index(i, SIZE);
            if sq.y == colour.far_y() {
                return (c + 1).min(30);
            }
            for n in sq.neighbours4(SIZE, SIZE) {
                let step = match board.at(n) {
                    None => 1,
                    Some(p) if p.kind == PieceKind::Wall => {
                        if p.colour == colour {
                            OWN_WALL_STEPS
                        } else {
                            OTHER_WALL_STEPS
                        }
                    }
                    Some(_) => continue,
                };
                let j = n.index(SIZE);
                let next = c + step;
                let nb = next as usize % B;
                if next < cost[j] && lens[nb] < 256 {
                    cost[j] = next;
                    buckets[nb][lens[nb]] = j as u8;
                    lens[nb] += 1;
                    open += 1;
                }
            }
        }
        c += 1;
    }
    30
}

/// What crossing one of your own walls costs in [`escape_distance`].
const OWN_WALL_STEPS: u32 = 4;
/// What crossing one of the other colour's walls costs.
const OTHER_WALL_STEPS: u32 = 5;

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

#[cfg(test)]
mod tests {
    use super::escape_distance;
    use crate::rules::daedalus::{Colour, Daedalus, Options};
    use crate::rules::{Game, Rng, Setup};

    /// The same costs, by a plain scan for the cheapest open square.
    fn reference(board: &crate::rules::daedalus::Board, colour: Colour) -> u32 {
        use crate::rules::daedalus::{PieceKind, SIZE};
        use crate::rules::grid::Square;
        let Some(from) = board.gladiator(colour) else { return 30 };
        let mut cost = [u32::MAX; 64];
        let mut done = [false; 64];
        cost[from.index(SIZE)] = 0;
        loop {
            let best = Square::all(SIZE, SIZE)
                .filter(|s| !done[s.index(SIZE)] && cost[s.index(SIZE)] != u32::MAX)
                .min_by_key(|s| cost[s.index(SIZE)]);
            let Some(sq) = best else { return 30 };
            let c = cost[sq.index(SIZE)];
            if sq.y == colour.far_y() {
                return (c + 1).min(30);
            }
            done[sq.index(SIZE)] = true;
            for n in sq.neighbours4(SIZE, SIZE) {
                let step = match board.at(n) {
                    None => 1,
                    Some(p) if p.kind == PieceKind::Wall => {
                        if p.colour == colour {
                            4
                        } else {
                            5
                        }
                    }
                    Some(_) => continue,
                };
                let i = n.index(SIZE);
                cost[i] = cost[i].min(c + step);
            }
        }
    }

    #[test]
    fn the_bucket_queue_finds_the_same_escape_costs_as_a_plain_search() {
        for seed in 100..130 {
            let mut g = Daedalus::new(&Setup { seats: 2, options: Options::default() }, seed);
            let mut rng = Rng::seeded(seed);
            for _ in 0..120 {
                let legal = g.legal_actions();
                let Some(a) = rng.pick(&legal) else { break };
                g.apply_legal(&a.clone());
                for c in Colour::BOTH {
                    assert_eq!(escape_distance(g.board(), c), reference(g.board(), c), "seed {seed}");
                }
            }
        }
    }

    #[test]
    fn a_walled_in_gladiator_still_has_a_finite_way_out() {
        // Random games: whenever a Gladiator stands on the board, its
        // escape distance is finite unless Minotaurs or Gladiators close
        // every way, and it never exceeds the cap.
        let mut finite = 0;
        for seed in 0..20 {
            let mut g = Daedalus::new(&Setup { seats: 2, options: Options::default() }, seed);
            let mut rng = Rng::seeded(seed);
            for _ in 0..80 {
                let legal = g.legal_actions();
                let Some(a) = rng.pick(&legal) else { break };
                g.apply_legal(&a.clone());
                for c in Colour::BOTH {
                    let d = escape_distance(g.board(), c);
                    assert!(d <= 30);
                    if g.board().gladiator(c).is_some() && d < 30 {
                        finite += 1;
                    }
                }
            }
        }
        assert!(finite > 0);
    }
}
