//! The Enchanted Plumes heuristic used by the greedy bot and at the leaves
//! of the information-set search.
//!
//! Each seat's prospects `V` are its current points plus what its plumes can
//! still become before the Peahen, plus a little for hand cards that are
//! ready to play:
//!
//! - the turns left are estimated from the deck (`(deck − 3.5) / (1.3 ·
//!   seats)`: the Peahen lies 3.5 cards from the bottom on average, and a
//!   turn draws about 1.3 cards), and a seat can place about 1.6 cards a turn;
//! - an unfinished plume that needs `k` more cards to become a peacock gets
//!   `f · k · h + f² · n`, where `f` is the share of the seat's capacity
//!   left for it (capacity over all cards its plumes still need, at most 1),
//!   `h` the value a lower-row card tends to have (0.65 of the top value)
//!   and `n` the cards in the finished peacock (its bonus);
//! - a one-card plume costs 4 more: it still needs a second top card,
//!   which scores against it, and a turn before anything under it counts
//!   (at 1.5 the search started a one-card plume nearly every turn at a
//!   table of four and finished below zero);
//! - a hand card whose colour a plume's open lower row accepts adds 0.3 of
//!   its value.
//!
//! The winning chance of seat `s` is a logistic curve of `V(s)` minus the
//! best other seat's `V`, 8 points wide. Finished games give the real reward.

use super::Evaluate;
use crate::rules::enchanted_plumes::{EnchantedPlumes, Phase, Plume};
use crate::rules::{Game, Seat};

/// Cards a seat places into lower rows per turn, on average (about half
/// of the 1.6 cards a turn plays; the rest go to top rows).
const LOWER_PLAYS_PER_TURN: f64 = 0.9;
/// Cards a turn draws, on average.
const DRAWS_PER_TURN: f64 = 1.3;

/// Turns each seat still has, estimated from the deck.
fn turns_left(g: &EnchantedPlumes) -> f64 {
    ((g.deck_len() as f64 - 3.5) / (DRAWS_PER_TURN * f64::from(g.seats()))).max(0.0)
}

/// Lower-row cards still needed to finish `p` (a one-card top row counts
/// as the smallest peacock it can become: one more top card, one below).
fn needed(p: &Plume) -> usize {
    p.cards_to_complete().unwrap_or(1)
}

/// Tuning knobs of the heuristic (see the module text).
#[derive(Clone, Copy, Debug)]
pub struct Weights {
    /// Share of the top card value a lower-row card is expected to have.
    pub high: f64,
    /// Chance that a plume given all the cards it needs is finished.
    pub finish: f64,
    /// Weight of a ready hand card's value.
    pub ready: f64,
    /// What a one-card plume still costs: the second top card it needs
    /// (a low one, about 2) and the turns before a card under it counts.
    /// At 1.5 the normal level started a one-card plume nearly every turn
    /// at a table of four and finished far behind the easy level.
    pub single: f64,
}

/// The weights the bots use.
pub const WEIGHTS: Weights = Weights { high: 0.55, finish: 0.7, ready: 0.3, single: 4.0 };

/// The prospects of `seat`: points now plus expected points to come.
#[must_use]
pub fn prospects(g: &EnchantedPlumes, seat: Seat) -> f64 {
    prospects_with(g, seat, &WEIGHTS)
}

/// [`prospects`] with explicit weights (for tuning).
#[must_use]
pub fn prospects_with(g: &EnchantedPlumes, seat: Seat, w: &Weights) -> f64 {
    let plumes = g.plumes(seat);
    let now = f64::from(g.score(seat));
    let mut capacity = LOWER_PLAYS_PER_TURN * turns_left(g) + if g.current() == seat { 0.5 } else { 0.0 };
    let high = w.high * f64::from(g.max_value());
    // The plumes closest to completion get the cards first.
    let mut open: Vec<&Plume> = plumes.iter().filter(|p| !p.is_complete()).collect();
    open.sort_by_key(|p| needed(p));
    let mut future = 0.0;
    for p in open {
        let k = needed(p) as f64;
        let given = k.min(capacity);
        capacity -= given;
        future += given * high;
        let single = p.rows.len() == 1 && p.rows[0].len() == 1;
        if given >= k {
            future += w.finish * (p.cards() as f64 + k + if single { 1.0 } else { 0.0 });
        }
        if single {
            // It still needs a second top card, which scores against it,
            // and a turn's play before any card under it counts.
            future -= w.single;
        }
    }
    let mut ready = 0.0;
    if g.phase() != Phase::Keep {
        for &c in g.hand(seat) {
            let fits = plumes.iter().any(|p| {
                !p.is_complete() && p.rows.len() > 1 && {
                    let above = &p.rows[p.rows.len() - 2];
                    above.iter().any(|a| a.colour == c.colour)
                }
            });
            if fits {
                ready += w.ready * f64::from(c.value);
            }
        }
    }
    now + future + ready
}

impl Evaluate for EnchantedPlumes {
    fn evaluate(&self, seat: Seat) -> f64 {
        if let Some(o) = self.outcome() {
            return o.reward(seat, usize::from(self.seats()));
        }
        let mine = prospects(self, seat);
        let best_other = (0..self.seats())
            .map(Seat)
            .filter(|&s| s != seat)
            .map(|s| prospects(self, s))
            .fold(f64::NEG_INFINITY, f64::max);
        1.0 / (1.0 + (-(mine - best_other) / 8.0).exp())
    }
}
