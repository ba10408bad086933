//! Computer players. They see the game only through the [`Game`] trait and
//! decide from `observation(seat)`; searches run on `determinize`d copies,
//! so no bot ever reads hidden cards or the real RNG (which holds the future).
//!
//! - [`RandomBot`]: a uniformly random legal action.
//! - [`GreedyBot`]: the best complete turn (all the mover's actions until
//!   another seat is to move) under the game's [`Evaluate`] heuristic; it
//!   finds immediate wins because a won position evaluates highest.
//! - [`Mcts`]: single-observer information-set MCTS (Cowling, Powley &
//!   Whitehouse 2012): every iteration samples a determinization of the
//!   observation, descends a tree keyed by actions using UCB over the
//!   children *legal in that sample* (availability counts), expands one
//!   action, and scores the leaf by playing out the rest of the current
//!   turn and the next player's turn with a one-step greedy policy, then
//!   asking the heuristic. Children are admitted by progressive widening in
//!   the order of their one-step heuristic value, so the budget goes to
//!   plausible moves and the search reaches the opponent's replies. For
//!   perfect-information games it reduces to plain UCT; the card games
//!   reuse it unchanged through their `determinize` (Enchanted Plumes
//!   re-deals the hands and deck consistently with the public memory).
//! - Games may supply their own search ([`Evaluate::search_bot`]): Dust in
//!   the Wings searches whole-turn plans.
//! - [`Level`] (defined with the session, so saves do not depend on the AI)
//!   picks the bot for each difficulty.
//!
//! [`worker`] runs any of them on a named thread so the UI never waits.

pub mod clock;
pub mod daedalus;
pub mod dust_wings;
pub mod enchanted_plumes;
pub mod feathers_wax;
pub mod tail_feathers;
pub mod worker;

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use clock::Thinking;

use crate::rules::{Game, Rng, Seat, ToMove};

pub use crate::session::Level;

/// How each level plays (the levels themselves belong to the session, so
/// the save format does not depend on the AI).
impl Level {
    /// The bot that plays at this level.
    #[must_use]
    pub fn bot<G: Evaluate>(self, seed: u64) -> Box<dyn Bot<G>> {
        self.bot_within(seed, self.turn_time())
    }

    /// True for the levels that search (normal and hard).
    #[must_use]
    pub fn is_search(self) -> bool {
        matches!(self, Level::Normal | Level::Hard)
    }

    /// The thinking time a whole turn of this level may take: 1 s for
    /// normal, 3 s for hard (on the 2-core machine we aim at), counted in
    /// the thinking thread's own CPU time ([`clock::Thinking`]), so a busy
    /// machine makes a level slower, not weaker.
    #[must_use]
    pub fn turn_time(self) -> Duration {
        match self {
            Level::Hard => Duration::from_secs(3),
            _ => Duration::from_secs(1),
        }
    }

    /// The bot at this level with at most `time` to think (what is left of
    /// the turn's time when a plan ran out before the turn did).
    #[must_use]
    pub fn bot_within<G: Evaluate>(self, seed: u64, time: Duration) -> Box<dyn Bot<G>> {
        let time = time.min(self.turn_time());
        let budget = match self {
            Level::Hard => Budget::both(8_000, time),
            _ => Budget::both(2_000, time),
        };
        match self {
            Level::Random => Box::new(RandomBot::new(seed)),
            Level::Easy => Box::new(GreedyBot::new(seed)),
            Level::Normal | Level::Hard => {
                G::search_bot(seed, budget).unwrap_or_else(|| Box::new(Mcts::new(seed, budget)))
            }
        }
    }
}

/// A game's heuristic evaluation, for greedy play and search leaves.
pub trait Evaluate: Game {
    /// How good the position is for `seat`, in `[0, 1]` (an estimated
    /// chance of winning; finished games give the actual reward).
    fn evaluate(&self, seat: Seat) -> f64;

    /// A game whose turns are too many to enumerate action by action (Dust
    /// in the Wings: every path of every pile) gives the greedy player's
    /// choice itself, from its own search of whole turns; `None` (the
    /// default) lets [`GreedyBot`] enumerate the turn.
    fn greedy_action(&self, seat: Seat, rng: &mut Rng) -> Option<Self::Action> {
        self.greedy_turn(seat, rng).and_then(|t| t.into_iter().next())
    }

    /// The rest of the current turn as the greedy player would play it, for
    /// games that plan whole turns themselves (see `greedy_action`); search
    /// rollouts then play whole greedy turns. `None` by default.
    fn greedy_turn(&self, _seat: Seat, _rng: &mut Rng) -> Option<Vec<Self::Action>> {
        None
    }

    /// True at a decision whose timing must not tell how many choices the
    /// seat had (Tail Feathers' attack window: answered in the same time
    /// whatever the hand holds); the greedy player then decides through
    /// [`Self::greedy_action`] even with one choice. `false` by default.
    fn secret_moment(&self) -> bool {
        false
    }

    /// The search bot for this game at the given budget, when the game has
    /// its own (Dust in the Wings searches whole-turn plans); `None` (the
    /// default) gives the generic [`Mcts`].
    #[must_use]
    fn search_bot(_seed: u64, _budget: Budget) -> Option<Box<dyn Bot<Self>>> {
        None
    }

    /// How many rollout actions the search plays after its tree before
    /// asking the heuristic, when the game knows better than the default
    /// (a heuristic that already looks ahead a turn wants none).
    fn rollout_depth(&self) -> Option<usize> {
        None
    }
}

/// A computer player.
pub trait Bot<G: Game>: Send {
    /// Picks an action for `seat` from what the seat can see. Returns `None`
    /// only when `seat` has nothing to do or `stop` was raised.
    fn choose(&mut self, observation: &G, seat: Seat, stop: &AtomicBool) -> Option<G::Action>;

    /// Plans the rest of `seat`'s turn from one search: the action to take
    /// now, then the ones the search intends to follow it with while the
    /// same seat moves (the table plays them without searching again, so a
    /// person waits for one search per turn, not one per action). The plan
    /// ends where the search saw too little, or where chance or another
    /// seat comes in; the table searches again from there. By default one
    /// action.
    fn plan(&mut self, observation: &G, seat: Seat, stop: &AtomicBool) -> Option<Vec<G::Action>> {
        self.choose(observation, seat, stop).map(|a| vec![a])
    }

    /// Why each step of the last plan was chosen, in words for the log
    /// where the move alone does not say ("to bring the rats nest within
    /// range"), aligned with the plan's steps. Only what every seat may
    /// know: never a reason for a secret choice. Empty by default.
    fn reasons(&self) -> Vec<Option<String>> {
        Vec::new()
    }
}

/// Uniformly random legal actions.
pub struct RandomBot {
    rng: Rng,
}

impl RandomBot {
    /// A random bot seeded with `seed`.
    #[must_use]
    pub fn new(seed: u64) -> Self {
        Self { rng: Rng::seeded(seed) }
    }
}

impl<G: Game> Bot<G> for RandomBot {
    fn choose(&mut self, observation: &G, _seat: Seat, _stop: &AtomicBool) -> Option<G::Action> {
        let mut state = observation.determinize(Seat(0), &mut self.rng);
        if let Some(s) = observation.to_move().seat() {
            state = observation.determinize(s, &mut self.rng);
        }
        self.rng.pick(&state.legal_actions()).cloned()
    }
}

/// Plays the best complete turn under [`Evaluate`].
pub struct GreedyBot {
    rng: Rng,
    /// Most complete turns examined before settling (guards huge turns).
    pub max_leaves: usize,
}

impl GreedyBot {
    /// A greedy bot; `seed` breaks ties.
    #[must_use]
    pub fn new(seed: u64) -> Self {
        Self { rng: Rng::seeded(seed), max_leaves: 200_000 }
    }
}

struct TurnSearch<'a> {
    seat: Seat,
    leaves: usize,
    max_leaves: usize,
    stop: &'a AtomicBool,
}

impl TurnSearch<'_> {
    /// Best value reachable for `self.seat` by finishing the turn from
    /// `state`, and the actions that reach it (the rest of the turn).
    fn best<G: Evaluate>(&mut self, state: &G) -> (f64, Vec<G::Action>) {
        if self.leaves >= self.max_leaves
            || self.stop.load(Ordering::Relaxed)
            || state.to_move() != ToMove::Seat(self.seat)
        {
            self.leaves += 1;
            return (state.evaluate(self.seat), Vec::new());
        }
        let mut best = (f64::NEG_INFINITY, Vec::new());
        for a in state.legal_actions() {
            let mut next = state.clone();
            next.apply_legal(&a);
            let (v, mut line) = self.best(&next);
            if v > best.0 {
                line.insert(0, a);
                best = (v, line);
                if v >= 1.0 {
                    break; // a win: nothing is better
                }
            }
        }
        if best.0 == f64::NEG_INFINITY { (state.evaluate(self.seat), Vec::new()) } else { best }
    }
}

impl GreedyBot {
    /// The best turns found from `state`, each with its whole line; ties
    /// are all kept, so the caller picks one at random.
    fn best_turns<G: Evaluate>(&mut self, state: &G, seat: Seat, stop: &AtomicBool) -> Vec<Vec<G::Action>> {
        let mut search = TurnSearch { seat, leaves: 0, max_leaves: self.max_leaves, stop };
        let mut best: Vec<Vec<G::Action>> = Vec::new();
        let mut best_value = f64::NEG_INFINITY;
        for a in state.legal_actions() {
            let mut next = state.clone();
            next.apply_legal(&a);
            let (v, mut line) = search.best(&next);
            line.insert(0, a);
            if v > best_value + 1e-12 {
                best_value = v;
                best = vec![line];
            } else if (v - best_value).abs() <= 1e-12 {
                best.push(line);
            }
        }
        best
    }
}

impl<G: Evaluate> Bot<G> for GreedyBot {
    fn choose(&mut self, observation: &G, seat: Seat, stop: &AtomicBool) -> Option<G::Action> {
        self.plan(observation, seat, stop).and_then(|p| p.into_iter().next())
    }

    fn plan(&mut self, observation: &G, seat: Seat, stop: &AtomicBool) -> Option<Vec<G::Action>> {
        let state = observation.determinize(seat, &mut self.rng);
        let actions = state.legal_actions();
        if actions.len() <= 1 && !state.secret_moment() {
            return actions.into_iter().next().map(|a| vec![a]);
        }
        if let Some(turn) = state.greedy_turn(seat, &mut self.rng) {
            return Some(turn);
        }
        if let Some(a) = state.greedy_action(seat, &mut self.rng) {
            return Some(vec![a]);
        }
        let best = self.best_turns(&state, seat, stop);
        self.rng.pick(&best).cloned()
    }
}

/// How long a search may run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Wall-clock limit.
    pub time: Option<Duration>,
    /// Iteration limit.
    pub iterations: Option<u64>,
}

impl Budget {
    /// A time budget.
    #[must_use]
    pub fn time(d: Duration) -> Self {
        Self { time: Some(d), iterations: None }
    }

    /// An iteration budget (deterministic, for tests and matches).
    #[must_use]
    pub fn iterations(n: u64) -> Self {
        Self { time: None, iterations: Some(n) }
    }

    /// `n` iterations, cut short after `d` on a slow or busy machine. The
    /// levels use this: the same seed gives the same move wherever the
    /// machine is fast enough, and a decision never takes longer than `d`.
    #[must_use]
    pub fn both(n: u64, d: Duration) -> Self {
        Self { time: Some(d), iterations: Some(n) }
    }
}

struct Node<A> {
    /// The action that led here, and the seat that took it.
    action: Option<A>,
    mover: Option<Seat>,
    children: Vec<usize>,
    visits: u32,
    /// Times this node was available (legal) when its parent was visited.
    available: u32,
    /// Total reward for `mover`.
    reward: f64,
    /// The actions from here, best first by the one-step heuristic
    /// (computed on the second visit; progressive widening walks it).
    order: Option<Vec<A>>,
}

/// Information-set Monte Carlo tree search.
pub struct Mcts {
    rng: Rng,
    budget: Budget,
    /// Exploration constant of UCB1.
    pub exploration: f64,
    /// Most greedy-policy actions played after the tree before the
    /// heuristic is asked (0: evaluate the leaf directly).
    pub rollout_depth: usize,
    /// Iterations run by the last `choose` (for benchmarks).
    pub last_iterations: u64,
    /// Progressive widening ordered by the heuristic (on by default).
    pub widening: bool,
}

impl Mcts {
    /// A search bot with the given budget.
    #[must_use]
    pub fn new(seed: u64, budget: Budget) -> Self {
        Self { rng: Rng::seeded(seed), budget, exploration: 0.7, rollout_depth: 10, last_iterations: 0, widening: true }
    }

    #[allow(
        clippy::too_many_lines,
        reason = "one MCTS iteration: selection, expansion, rollout and backup read best in one place"
    )]
    fn iterate<G: Evaluate>(&mut self, nodes: &mut Vec<Node<G::Action>>, root: &G, seat: Seat) {
        let mut state = root.determinize(seat, &mut self.rng);
        let mut path = vec![0usize];
        let mut node = 0usize;
        // Selection and expansion.
        loop {
            let Some(mover) = (match state.to_move() {
                ToMove::Seat(s) => Some(s),
                ToMove::Chance => None,
                ToMove::Nobody => break,
            }) else {
                // Chance: apply the single resolving action, no branching.
                if let Some(a) = state.legal_actions().into_iter().next() {
                    state.apply_legal(&a);
                    continue;
                }
                break;
            };
            let legal = state.legal_actions();
            if legal.is_empty() {
                break;
            }
            // Progressive widening: only the best-looking `width` actions
            // compete, and the window grows with the node's visits.
            let candidates: Vec<G::Action> = if self.widening && legal.len() > 2 {
                if nodes[node].order.is_none() {
                    let mut scored: Vec<(f64, G::Action)> = legal
                        .iter()
                        .map(|a| {
                            let mut next = state.clone();
                            next.apply_legal(a);
                            (next.evaluate(mover), a.clone())
                        })
                        .collect();
                    scored.sort_by(|x, y| y.0.total_cmp(&x.0));
                    nodes[node].order = Some(scored.into_iter().map(|(_, a)| a).collect());
                }
                let width = (1.0 + 1.5 * f64::from(nodes[node].visits).sqrt()).ceil() as usize;
                let order = nodes[node].order.as_deref().unwrap_or(&[]);
                // Actions legal in this determinization but unseen when the
                // order was made come last, in sorted order.
                let known = order.iter().filter(|a| legal.binary_search(a).is_ok()).cloned();
                let unknown = legal.iter().filter(|a| !order.contains(a)).cloned();
                known.chain(unknown).take(width).collect()
            } else {
                legal.clone()
            };
            let mut untried = Vec::new();
            for a in &candidates {
                match nodes[node].children.iter().find(|&&c| nodes[c].action.as_ref() == Some(a)) {
                    Some(&c) => nodes[c].available += 1,
                    None => untried.push(a.clone()),
                }
            }
            let next_untried = if self.widening { untried.first().cloned() } else { self.rng.pick(&untried).cloned() };
            if let Some(a) = next_untried {
                state.apply_legal(&a);
                let child = nodes.len();
                nodes.push(Node {
                    action: Some(a),
                    mover: Some(mover),
                    children: Vec::new(),
                    visits: 0,
                    available: 1,
                    reward: 0.0,
                    order: None,
                });
                nodes[node].children.push(child);
                path.push(child);
                break;
            }
            let c = self.exploration;
            let mut best = None;
            let mut best_score = f64::NEG_INFINITY;
            for &child in &nodes[node].children {
                let n = &nodes[child];
                if !n.action.as_ref().is_some_and(|a| candidates.contains(a)) {
                    continue;
                }
                let visits = f64::from(n.visits.max(1));
                let score = n.reward / visits + c * (f64::from(n.available.max(1)).ln() / visits).sqrt();
                if score > best_score {
                    best_score = score;
                    best = Some(child);
                }
            }
            let Some(child) = best else { break };
            if let Some(a) = nodes[child].action.clone() {
                state.apply_legal(&a);
            }
            node = child;
            path.push(child);
        }
        // Rollout: finish the current turn and the next player's turn with a
        // one-step greedy policy (so leaf values see the likely reply), at
        // most `rollout_depth` actions; then ask the heuristic.
        let mut turns_left = 2;
        let mut last = state.to_move();
        let depth = state.rollout_depth().unwrap_or(self.rollout_depth);
        for _ in 0..depth {
            let ToMove::Seat(mover) = state.to_move() else { break };
            if state.to_move() != last {
                turns_left -= 1;
                last = state.to_move();
                if turns_left == 0 {
                    break;
                }
            }
            if let Some(turn) = state.greedy_turn(mover, &mut self.rng) {
                for a in turn {
                    state.apply_legal(&a);
                }
                continue;
            }
            let legal = state.legal_actions();
            let mut best = Vec::new();
            let mut best_value = f64::NEG_INFINITY;
            for a in legal {
                let mut next = state.clone();
                next.apply_legal(&a);
                let v = next.evaluate(mover);
                if v > best_value + 1e-12 {
                    best_value = v;
                    best = vec![next];
                } else if (v - best_value).abs() <= 1e-12 {
                    best.push(next);
                }
            }
            if best.is_empty() {
                break;
            }
            let i = self.rng.below(best.len());
            state = best.swap_remove(i);
        }
        let seats = state.setup().seats;
        let values: Vec<f64> = (0..seats).map(|s| state.evaluate(Seat(s))).collect();
        for &i in &path {
            let n = &mut nodes[i];
            n.visits += 1;
            if let Some(m) = n.mover {
                n.reward += values.get(m.index()).copied().unwrap_or(0.0);
            }
        }
    }
}

impl Mcts {
    /// True when the most visited root child can no longer be overtaken in
    /// the iterations left (each iteration adds one visit to one child), so
    /// stopping now chooses exactly what the full budget would. With a time
    /// budget the iterations left are estimated from the rate so far.
    fn decided<A>(&self, nodes: &[Node<A>], done: u64, start: &Thinking) -> bool {
        let by_count = self.budget.iterations.map(|n| n.saturating_sub(done));
        let by_time = self.budget.time.map(|t| {
            let spent = start.elapsed().as_secs_f64().max(1e-6);
            let rate = done as f64 / spent;
            (rate * (t.as_secs_f64() - spent).max(0.0) * 1.1).ceil() as u64
        });
        let left = match (by_count, by_time) {
            (Some(a), Some(b)) => a.min(b),
            (Some(a), None) | (None, Some(a)) => a,
            (None, None) => return false,
        };
        let (mut first, mut second) = (0u64, 0u64);
        for &c in &nodes[0].children {
            let v = u64::from(nodes[c].visits);
            if v > first {
                second = first;
                first = v;
            } else if v > second {
                second = v;
            }
        }
        first > second + left
    }
}

/// The fewest visits a step of the plan must have had (after the first):
/// below that the search saw too little of it, and the table searches
/// again when it gets there.
const PLAN_MIN_VISITS: u32 = 24;

impl Mcts {
    /// Runs the search from `observation` for `seat`; `None` when stopped.
    fn search<G: Evaluate>(&mut self, observation: &G, seat: Seat, stop: &AtomicBool) -> Option<Vec<Node<G::Action>>> {
        let start = Thinking::start();
        let mut nodes: Vec<Node<G::Action>> = vec![Node {
            action: None,
            mover: None,
            children: Vec::new(),
            visits: 0,
            available: 0,
            reward: 0.0,
            order: None,
        }];
        let mut iterations = 0u64;
        loop {
            if stop.load(Ordering::Relaxed) {
                return None;
            }
            if self.budget.iterations.is_some_and(|n| iterations >= n)
                || self.budget.time.is_some_and(|t| start.spent(t))
            {
                break;
            }
            if iterations % 64 == 63 && self.decided(&nodes, iterations, &start) {
                break;
            }
            self.iterate(&mut nodes, observation, seat);
            iterations += 1;
        }
        self.last_iterations = iterations;
        Some(nodes)
    }

    /// The most visited child of `node` (ties by reward).
    fn best_child<A>(nodes: &[Node<A>], node: usize) -> Option<usize> {
        nodes[node].children.iter().copied().max_by(|&a, &b| {
            let (na, nb) = (&nodes[a], &nodes[b]);
            na.visits.cmp(&nb.visits).then(na.reward.total_cmp(&nb.reward))
        })
    }
}

impl<G: Evaluate> Bot<G> for Mcts {
    fn choose(&mut self, observation: &G, seat: Seat, stop: &AtomicBool) -> Option<G::Action> {
        self.plan(observation, seat, stop).and_then(|p| p.into_iter().next())
    }

    /// The principal line of one search while `seat` keeps moving: the most
    /// visited child at each level, as long as it was visited enough.
    fn plan(&mut self, observation: &G, seat: Seat, stop: &AtomicBool) -> Option<Vec<G::Action>> {
        let legal = observation.determinize(seat, &mut self.rng).legal_actions();
        if legal.len() <= 1 {
            self.last_iterations = 0;
            return legal.into_iter().next().map(|a| vec![a]);
        }
        let nodes = self.search(observation, seat, stop)?;
        let mut plan = Vec::new();
        let mut node = 0;
        while let Some(child) = Self::best_child(&nodes, node) {
            let n = &nodes[child];
            let enough = n.visits >= PLAN_MIN_VISITS;
            if n.mover != Some(seat) || (!plan.is_empty() && !enough) {
                break;
            }
            let Some(a) = n.action.clone() else { break };
            plan.push(a);
            node = child;
        }
        if plan.is_empty() {
            plan.extend(legal.into_iter().next());
        }
        Some(plan)
    }
}
