//! Dust in the Wings for the computer players: the dispersion planner
//! (every distinct way to finish the current dispersion, and which face-up
//! cards each one claims), the greedy bot's turn built on it, and the
//! heuristic at search leaves.
//!
//! The planner walks paths, not butterflies: what a dispersion leaves
//! behind is the number of visits to each space, and the only colours that
//! matter are those dropped on the last space, which the player chooses
//! freely among the butterflies in hand. So it enumerates paths (orthogonal
//! steps, never straight back: DW-R1) with duplicate states (same place,
//! same previous place, same visits so far) merged, and for each end checks
//! the Composition cards on the visit counts and the Gathering cards by
//! asking whether the last space's butterflies plus some of the hand can
//! make the card exactly. A node budget guards the rare huge pile.

use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};

use super::{Bot, Budget, Evaluate};
use crate::rules::dust_wings::{
    Action, COMPOSITIONS, CardRef, Colour, Counts, DustInTheWings, SIZE, SPACES, Shape, Stage, gathering_card,
    gathering_cards, placements,
};
use crate::rules::grid::Square;
use crate::rules::{Game, Rng, Seat};

/// A way to finish the turn: its actions (from the current stage) and the
/// card it claims, if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The actions, in order (a `Pick` first when the turn has not begun).
    pub actions: Vec<Action>,
    /// The card the last space will fulfil and the plan takes.
    pub claim: Option<CardRef>,
}

/// Most path states the planner expands per decision.
pub const PLANNER_BUDGET: usize = 200_000;

/// What some dispersion from a position can reach, card by card: for each
/// of the eight shapes the fewest and the most butterflies a placement
/// covering the last space can hold, and whether one can be "even"; and
/// which Gathering cards the last space can match. (For tuning the cards.)
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reach {
    /// Fewest butterflies under some placement of each shape.
    pub min_total: [u32; 8],
    /// Most butterflies under some placement of each shape.
    pub max_total: [u32; 8],
    /// Some placement of each shape holds the same number (≥ 1) everywhere.
    pub even: [bool; 8],
    /// Each of the 31 Gathering cards can be matched.
    pub gathering: [bool; 31],
}

/// The eight shapes in the order of [`Reach`].
pub const SHAPES: [Shape; 8] = Shape::ALL;

struct Search<'a> {
    game: &'a DustInTheWings,
    reach: Option<Reach>,
    /// The meadow with the picked space emptied and earlier drops made.
    meadow: [Counts; SPACES],
    tray: Counts,
    seen: HashSet<(u8, u8, u8, [u8; SPACES])>,
    nodes: usize,
    budget: usize,
    out: Vec<Plan>,
    prefix: Vec<Action>,
    none_found: bool,
}

impl Search<'_> {
    fn dfs(&mut self, pos: Square, prev: Option<Square>, left: u8, visits: &mut [u8; SPACES], steps: &mut Vec<Square>) {
        if self.nodes >= self.budget {
            return;
        }
        self.nodes += 1;
        let key = (pos.index(SIZE) as u8, prev.map_or(255, |p| p.index(SIZE) as u8), left, *visits);
        if !self.seen.insert(key) {
            return;
        }
        if left == 0 {
            self.finish(pos, visits, steps);
            return;
        }
        for next in pos.neighbours4(SIZE, SIZE) {
            if Some(next) == prev {
                continue;
            }
            visits[next.index(SIZE)] += 1;
            steps.push(next);
            self.dfs(next, Some(pos), left - 1, visits, steps);
            steps.pop();
            visits[next.index(SIZE)] -= 1;
        }
    }

    fn finish(&mut self, last: Square, visits: &[u8; SPACES], steps: &[Square]) {
        let li = last.index(SIZE);
        let mut totals = self.meadow;
        // Composition cards look at totals only: put the visits anywhere.
        for (i, &v) in visits.iter().enumerate() {
            totals[i][0] = totals[i][0].saturating_add(v);
        }
        if let Some(reach) = &mut self.reach {
            for (k, shape) in SHAPES.iter().enumerate() {
                for cells in placements(*shape, last) {
                    let counts: Vec<u32> =
                        cells.iter().map(|&c| totals[c].iter().map(|&x| u32::from(x)).sum()).collect();
                    let sum: u32 = counts.iter().sum();
                    reach.min_total[k] = reach.min_total[k].min(sum);
                    reach.max_total[k] = reach.max_total[k].max(sum);
                    if counts[0] >= 1 && counts.iter().all(|&c| c == counts[0]) {
                        reach.even[k] = true;
                    }
                }
            }
            let base = self.meadow[li];
            for (id, card) in gathering_cards().iter().enumerate() {
                let ok = (0..3).all(|c| card.counts[c] >= base[c] && card.counts[c] - base[c] <= self.tray[c])
                    && (0..3).map(|c| card.counts[c].saturating_sub(base[c])).sum::<u8>() == visits[li];
                if ok {
                    reach.gathering[id] = true;
                }
            }
            return;
        }
        let mut claims: Vec<(CardRef, Counts)> = Vec::new();
        let base = self.meadow[li];
        for (slot, (card, _)) in self.game.gathering().iter().enumerate() {
            let Some(id) = card else { continue };
            let want = gathering_card(*id).counts;
            // The hand must supply exactly want - base, in visits[li] butterflies.
            let need: Option<Counts> =
                (0..3).map(|c| want[c].checked_sub(base[c])).collect::<Option<Vec<u8>>>().map(|v| [v[0], v[1], v[2]]);
            if let Some(need) = need
                && need.iter().sum::<u8>() == visits[li]
                && (0..3).all(|c| need[c] <= self.tray[c])
            {
                claims.push((CardRef::Gathering(slot as u8), need));
            }
        }
        for (slot, card) in self.game.composition().iter().enumerate() {
            if let Some(id) = card
                && DustInTheWings::composition_fulfilled(&totals, *id, last)
            {
                claims.push((CardRef::Composition(slot as u8), [0; 3]));
            }
        }
        if claims.is_empty() {
            if self.none_found {
                return;
            }
            self.none_found = true;
            claims.push((CardRef::Gathering(u8::MAX), [0; 3]));
        }
        for (claim, at_last) in claims {
            // Colours: the last space's visits get `at_last` (for a
            // Gathering card), the rest of the hand goes elsewhere.
            let mut for_last = at_last;
            let mut rest = self.tray;
            for c in 0..3 {
                rest[c] -= for_last[c];
            }
            let mut actions = self.prefix.clone();
            for &to in steps {
                let take_from = |pool: &mut Counts| {
                    let c = (0..3).find(|&c| pool[c] > 0)?;
                    pool[c] -= 1;
                    Some(Colour::ALL[c])
                };
                let colour = if to == last { take_from(&mut for_last).or_else(|| take_from(&mut rest)) } else { None }
                    .or_else(|| take_from(&mut rest))
                    .or_else(|| take_from(&mut for_last));
                let Some(colour) = colour else { return };
                actions.push(Action::Drop { colour, to });
            }
            let claim = if claim == CardRef::Gathering(u8::MAX) { None } else { Some(claim) };
            if let Some(c) = claim {
                actions.push(Action::Claim(c));
            }
            self.out.push(Plan { actions, claim });
        }
    }
}

/// Where a dispersion search starts: the actions already implied (a
/// pick), the current space, the previous one, the hand, the meadow.
type Start = (Vec<Action>, Square, Option<Square>, Counts, [Counts; SPACES]);

/// Every distinct way to finish the current turn (from the Pick stage: of
/// every pick), with the card each claims; at most one plan that claims
/// nothing per pick. Empty outside a dispersion or the pick.
#[must_use]
pub fn plans(g: &DustInTheWings, budget: usize) -> Vec<Plan> {
    let mut out = Vec::new();
    let starts: Vec<Start> = match g.stage() {
        Stage::Pick => (0..SPACES)
            .map(|i| Square::from_index(i, SIZE))
            .filter(|&s| g.at(s).iter().any(|&n| n > 0))
            .map(|s| {
                let mut m = g.meadow();
                let tray = m[s.index(SIZE)];
                m[s.index(SIZE)] = [0; 3];
                (vec![Action::Pick(s)], s, None, tray, m)
            })
            .collect(),
        Stage::Disperse { path, tray } => {
            let m = g.meadow();
            let Some(&here) = path.last() else { return out };
            let prev = if path.len() >= 2 { Some(path[path.len() - 2]) } else { None };
            vec![(Vec::new(), here, prev, *tray, m)]
        }
        Stage::Claim { .. } => {
            return g
                .fulfilled()
                .into_iter()
                .map(|c| Plan { actions: vec![Action::Claim(c)], claim: Some(c) })
                .collect();
        }
        Stage::Over => return out,
    };
    let per_start = (budget / starts.len().max(1)).max(1_000);
    for (prefix, from, prev, tray, meadow) in starts {
        let mut s = Search {
            game: g,
            reach: None,
            meadow,
            tray,
            seen: HashSet::new(),
            nodes: 0,
            budget: per_start,
            out: Vec::new(),
            prefix,
            none_found: false,
        };
        let mut visits = [0u8; SPACES];
        let left = tray.iter().fold(0u8, |a, &b| a.saturating_add(b));
        s.dfs(from, prev, left, &mut visits, &mut Vec::new());
        out.append(&mut s.out);
    }
    out
}

/// What some dispersion from `g` (at its Pick stage) can reach.
#[must_use]
pub fn reach(g: &DustInTheWings, budget: usize) -> Reach {
    let mut total = Reach { min_total: [u32::MAX; 8], max_total: [0; 8], even: [false; 8], gathering: [false; 31] };
    let m = g.meadow();
    let picks: Vec<usize> = (0..SPACES).filter(|&i| m[i].iter().any(|&n| n > 0)).collect();
    let per_start = (budget / picks.len().max(1)).max(1_000);
    for p in picks {
        let mut meadow = m;
        let tray = meadow[p];
        meadow[p] = [0; 3];
        let mut s = Search {
            game: g,
            reach: Some(total.clone()),
            meadow,
            tray,
            seen: HashSet::new(),
            nodes: 0,
            budget: per_start,
            out: Vec::new(),
            prefix: Vec::new(),
            none_found: false,
        };
        let mut visits = [0u8; SPACES];
        let left = tray.iter().fold(0u8, |a, &b| a.saturating_add(b));
        s.dfs(Square::from_index(p, SIZE), None, left, &mut visits, &mut Vec::new());
        if let Some(r) = s.reach {
            total = r;
        }
    }
    total
}

/// What taking a card is worth to the greedy player: a Gathering card its
/// crystals' points, a Composition card its points.
#[must_use]
pub fn claim_value(g: &DustInTheWings, claim: Option<CardRef>) -> f64 {
    match claim {
        None => 0.0,
        Some(CardRef::Gathering(s)) => {
            g.gathering().get(usize::from(s)).map_or(0.0, |(_, cr)| cr.iter().map(|c| f64::from(c.points())).sum())
        }
        Some(CardRef::Composition(s)) => g
            .composition()
            .get(usize::from(s))
            .copied()
            .flatten()
            .and_then(|id| COMPOSITIONS.get(usize::from(id)))
            .map_or(0.0, |k| f64::from(k.points)),
    }
}

/// The greedy turn: the plan that takes the most valuable card now (ties
/// broken at random), from the current stage to the end of the turn.
#[must_use]
pub fn greedy_turn(g: &DustInTheWings, budget: usize, rng: &mut Rng) -> Option<Vec<Action>> {
    let all = plans(g, budget);
    let best = all.iter().map(|p| claim_value(g, p.claim)).fold(f64::NEG_INFINITY, f64::max);
    let top: Vec<&Plan> = all.iter().filter(|p| (claim_value(g, p.claim) - best).abs() < 1e-9).collect();
    rng.pick(&top).map(|p| p.actions.clone())
}

/// The greedy choice: the first action of [`greedy_turn`].
#[must_use]
pub fn greedy_action(g: &DustInTheWings, rng: &mut Rng) -> Option<Action> {
    greedy_turn(g, PLANNER_BUDGET, rng).and_then(|t| t.into_iter().next())
}

/// Path states the heuristic's look at the current turn may expand.
pub const LEAF_BUDGET: usize = 4_000;

/// Path states a search rollout's greedy turn may expand (smaller than the
/// greedy player's own budget: rollouts are many).
pub const ROLLOUT_BUDGET: usize = 20_000;

/// The search bot: Monte Carlo tree search whose moves at the root are
/// whole-turn plans (macro actions) from the dispersion planner: the best
/// `candidates` plans by immediate value compete under UCB1; every
/// iteration re-samples the chance (deck order and crystal draws) with
/// `determinize`, plays the plan, then `horizon` further turns of greedy
/// play (the opponents' replies and our next turn), and scores the result
/// with the heuristic. It returns the most visited plan whole, and the
/// table plays its steps without searching again.
pub struct PlanSearch {
    rng: Rng,
    budget: Budget,
    /// Plans that compete at the root.
    pub candidates: usize,
    /// Greedy turns played after the plan.
    pub horizon: usize,
    /// UCB1 exploration constant.
    pub exploration: f64,
    /// Iterations run by the last decision.
    pub last_iterations: u64,
}

impl PlanSearch {
    /// A search bot with this budget.
    #[must_use]
    pub fn new(seed: u64, budget: Budget) -> Self {
        Self { rng: Rng::seeded(seed), budget, candidates: 12, horizon: 2, exploration: 0.5, last_iterations: 0 }
    }
}

impl Bot<DustInTheWings> for PlanSearch {
    fn choose(&mut self, observation: &DustInTheWings, seat: Seat, stop: &AtomicBool) -> Option<Action> {
        self.plan(observation, seat, stop).and_then(|p| p.into_iter().next())
    }

    /// The most visited whole-turn plan, every step of it: the table plays
    /// it without searching again at each drop of the dispersion.
    fn plan(&mut self, observation: &DustInTheWings, seat: Seat, stop: &AtomicBool) -> Option<Vec<Action>> {
        let base = observation.determinize(seat, &mut self.rng);
        let legal = base.legal_actions();
        if legal.len() <= 1 {
            self.last_iterations = 0;
            return legal.into_iter().next().map(|a| vec![a]);
        }
        let mut all = plans(&base, PLANNER_BUDGET);
        if all.is_empty() {
            return self.rng.pick(&legal).cloned().map(|a| vec![a]);
        }
        // Best immediate value first; ties in random order.
        self.rng.shuffle(&mut all);
        all.sort_by(|a, b| claim_value(&base, b.claim).total_cmp(&claim_value(&base, a.claim)));
        all.truncate(self.candidates);
        let start = super::clock::Thinking::start();
        // Stop a little early: an iteration can take a few milliseconds and
        // the decision must not outlast the budget.
        let time = self.budget.time.map(|t| t.mul_f64(0.95));
        let mut visits = vec![0u32; all.len()];
        let mut reward = vec![0.0f64; all.len()];
        let mut n = 0u64;
        loop {
            if stop.load(Ordering::Relaxed) {
                return None;
            }
            if self.budget.iterations.is_some_and(|m| n >= m) || time.is_some_and(|t| start.spent(t)) {
                break;
            }
            let i = if let Some(i) = visits.iter().position(|&v| v == 0) {
                i
            } else {
                let ln = (n as f64).ln();
                (0..all.len())
                    .max_by(|&a, &b| {
                        let ucb = |k: usize| {
                            reward[k] / f64::from(visits[k]) + self.exploration * (ln / f64::from(visits[k])).sqrt()
                        };
                        ucb(a).total_cmp(&ucb(b))
                    })
                    .unwrap_or(0)
            };
            let mut g = observation.determinize(seat, &mut self.rng);
            for a in &all[i].actions {
                g.apply_legal(a);
            }
            for _ in 0..self.horizon {
                if g.to_move().seat().is_none() {
                    break;
                }
                let Some(turn) = greedy_turn(&g, ROLLOUT_BUDGET, &mut self.rng) else { break };
                for a in &turn {
                    g.apply_legal(a);
                }
            }
            visits[i] += 1;
            reward[i] += g.evaluate(seat);
            n += 1;
        }
        self.last_iterations = n;
        let best = (0..all.len()).max_by(|&a, &b| visits[a].cmp(&visits[b]).then(reward[a].total_cmp(&reward[b])))?;
        Some(all.swap_remove(best).actions).filter(|p| !p.is_empty())
    }
}

impl Evaluate for DustInTheWings {
    fn search_bot(seed: u64, budget: Budget) -> Option<Box<dyn Bot<Self>>> {
        Some(Box::new(PlanSearch::new(seed, budget)))
    }

    fn evaluate(&self, seat: Seat) -> f64 {
        if let Some(o) = self.outcome() {
            return o.reward(seat, usize::from(self.seats()));
        }
        let score = |s: Seat| f64::from(self.tableau(s).score());
        let mine = score(seat);
        let best_other =
            (0..self.seats()).map(Seat).filter(|&s| s != seat).map(score).fold(f64::NEG_INFINITY, f64::max);
        // The best card the player to move can still take this turn counts
        // for them (what the dispersion in hand, or any pick, can reach).
        let pending = plans(self, LEAF_BUDGET).iter().map(|p| claim_value(self, p.claim)).fold(0.0, f64::max);
        let diff = mine - best_other + if self.current() == seat { pending } else { -pending };
        1.0 / (1.0 + (-diff / 4.0).exp())
    }

    fn greedy_action(&self, _seat: Seat, rng: &mut Rng) -> Option<Action> {
        greedy_action(self, rng)
    }

    fn greedy_turn(&self, _seat: Seat, rng: &mut Rng) -> Option<Vec<Action>> {
        greedy_turn(self, ROLLOUT_BUDGET, rng)
    }

    fn rollout_depth(&self) -> Option<usize> {
        Some(0)
    }
}
