//! The Feathers & Wax player: a playing policy that decides from public
//! information only (what the player has seen and the *contents*, never the
//! order, of the decks), the win-chance estimate built on it, and the hint.
//!
//! The policy, phase by phase:
//! 1. **Labyrinth.** It keeps an exit reserve: the steps still needed to
//!    leave are compared with what the movement cards still to come will
//!    give (all of them are drawn before the deadline: a heart its value, a
//!    diamond about one step, since it only goes straight); when the reserve
//!    falls under [`Policy::exit_margin`], it heads for the exit by the
//!    shortest way. Otherwise it walks to the fresh nest
//!    or hive worth most per step (a card of the suit it is short of is
//!    worth most; a closed or exhausted suit nothing), or to the far edge
//!    when the used locations there would be refreshed. Diamonds try every
//!    straight run and stop where the run gains most. A K is spent on a
//!    Jailer that would take two cards or more, or on a Maiden of a suit it
//!    still needs.
//! 2. **Wings.** The highest spades, Icarus taking the odd one (he climbs
//!    two rows on a diamond and needs the spare).
//! 3. **Flight.** Each turn it plays the drawn cards in the order and with
//!    the special movements that maximise [`flight_value`] at the end of
//!    the turn, searching every combination. It draws a card more only when
//!    every way to play the cards in hand loses at once and the sampled
//!    value with one more card is better (measured: drawing more whenever
//!    the sampled value rose won 54% of deals, this rule 66%).
//!
//! [`win_chance`] plays the policy to the end from many re-samplings of the
//! unseen cards (never the real order) and counts the wins.

use std::sync::LazyLock;
use std::sync::atomic::Ordering;

use super::Evaluate;
use super::worker::Background;
use crate::rules::cards::{Card, Suit};
use crate::rules::feathers_wax::{
    Action, Cell, FeathersAndWax, Flyer, Heading, LAB_H, LAB_W, LABYRINTH, Phase, Pile, Place, SAFE_COL, SKY_ROWS,
    Spot, Stage, Walker,
};
use crate::rules::{Game, Rng, Seat, ToMove};

/// Steps between every pair of cells.
static DIST: LazyLock<Vec<Vec<u8>>> =
    LazyLock::new(|| LABYRINTH_CELLS.iter().map(|&c| LABYRINTH.distances(c)).collect());
static LABYRINTH_CELLS: LazyLock<Vec<Cell>> =
    LazyLock::new(|| crate::rules::feathers_wax::Labyrinth::cells().collect());

fn idx(c: Cell) -> usize {
    usize::from(c.y) * usize::from(LAB_W) + usize::from(c.x)
}

fn dist(a: Cell, b: Cell) -> u8 {
    DIST[idx(a)][idx(b)]
}

/// The playing policy's settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Policy {
    /// Head for the exit once the steps the movement cards still give
    /// (hearts in full, diamonds about one each) exceed the steps needed to
    /// leave by less than this.
    pub exit_margin: f64,
    /// Samples of the next card when deciding whether to draw another.
    pub draw_samples: usize,
}

impl Default for Policy {
    fn default() -> Self {
        Self { exit_margin: 6.0, draw_samples: 6 }
    }
}

/// Danger of ending a turn in a row, by rows below the sun row (0 is the
/// sun row itself) and by rows above the sea row, in units of about one
/// wing section's worth (2.5). Icarus climbs two rows on a diamond, so a
/// high row is worse for him.
const SUN_ICARUS: [f64; 4] = [6.0, 9.0, 4.0, 1.0];
const SUN_DAEDALUS: [f64; 4] = [6.0, 3.0, 0.5, 0.0];
const SEA: [f64; 4] = [5.0, 2.5, 0.5, 0.0];

fn danger(f: Flyer, row: u8) -> f64 {
    let sun = if f == Flyer::Icarus { &SUN_ICARUS } else { &SUN_DAEDALUS };
    let from_sea = SKY_ROWS - 1 - row;
    sun.get(usize::from(row)).copied().unwrap_or(0.0) + SEA.get(usize::from(from_sea)).copied().unwrap_or(0.0)
}
const SECTION: f64 = 2.5;
/// Steps towards the exit a diamonds card is counted on.
const DIAMOND_STEPS: f64 = 1.0;

/// How promising a flight position is (higher is better; a win is 1000,
/// a loss −1000). Uses only public information: positions, sections, and
/// which cards are still unseen.
#[must_use]
pub fn flight_value(g: &FeathersAndWax) -> f64 {
    if let Some(o) = g.outcome() {
        return if o.winners.is_empty() { -1000.0 } else { 1000.0 };
    }
    let ranks = g.flight_ranks();
    let right_cards = f64::from(ranks[1..=10].iter().map(|&n| u32::from(n)).sum::<u32>());
    let mut v = 0.0;
    let mut need = 0.0;
    let mut bonus = 0.0;
    for f in Flyer::BOTH {
        match g.place(f) {
            Place::Sky { col, row } => {
                need += f64::from(SAFE_COL - col);
                v -= danger(f, row);
                let wings = g.wings(f);
                v += SECTION * wings.len() as f64;
                for &w in wings {
                    if ranks[usize::from(w)] > 0 {
                        bonus += 0.8;
                    }
                }
            }
            Place::Safe => v += 25.0,
            Place::Lost => return -1000.0,
        }
    }
    let slack = right_cards + bonus - need;
    if slack < 0.0 {
        v += 6.0 * slack;
    } else {
        v += 0.5 * slack.min(4.0);
    }
    v - 0.4 * need
}

/// The best value reachable by finishing the current flight turn, and the
/// first action of that line.
fn best_turn(g: &FeathersAndWax) -> (f64, Option<Action>) {
    if g.phase() != Phase::Flight || matches!(g.stage(), Stage::Drawing) {
        return (flight_value(g), None);
    }
    // Shedding a section to move up or down only pays off in a dangerous
    // row: elsewhere it is not worth searching.
    let calm = match g.stage() {
        Stage::Specials { flyer, .. } => match g.place(flyer) {
            Place::Sky { row, .. } => danger(flyer, row) == 0.0,
            _ => true,
        },
        _ => false,
    };
    let mut best = (f64::NEG_INFINITY, None);
    for a in g.legal_actions() {
        if calm && matches!(a, Action::Shift { .. }) {
            continue;
        }
        let mut next = g.clone();
        next.apply_legal(&a);
        let (v, _) = best_turn(&next);
        if v > best.0 {
            best = (v, Some(a));
        }
    }
    best
}

impl Policy {
    /// The action the policy takes. It reads only public information, so it
    /// may be asked about the real game (a hint) as well as a sample.
    #[must_use]
    pub fn choose(&self, g: &FeathersAndWax, rng: &mut Rng) -> Option<Action> {
        if g.to_move() == ToMove::Chance {
            return g.legal_actions().into_iter().next();
        }
        if g.to_move() == ToMove::Nobody {
            return None;
        }
        let a = match g.phase() {
            Phase::Collect => self.collect(g),
            Phase::Wings => Some(wings(g)),
            Phase::Flight => self.flight(g, rng),
            Phase::Over => None,
        };
        // Never propose something the rules refuse.
        a.filter(|a| g.check(a).is_ok()).or_else(|| g.legal_actions().into_iter().next())
    }

    /// The rest of the current labyrinth move as the policy intends it:
    /// its steps (and a final stop, if it would stop early) until the
    /// card's steps run out, a K waits for a decision, or a step draws a
    /// card (a new card may change the plan). Empty outside the labyrinth.
    #[must_use]
    pub fn planned_walk(&self, g: &FeathersAndWax, rng: &mut Rng) -> Vec<Action> {
        let mut g = g.clone();
        let card = g.card();
        let mut out = Vec::new();
        while g.phase() == Phase::Collect && g.pending().is_none() && card.is_some() && g.card() == card {
            let Some(a) = self.choose(&g, rng) else { break };
            match a {
                Action::Step(_) => {
                    let reveals = g.reveals(&a);
                    g.apply_legal(&a);
                    out.push(a);
                    if reveals {
                        break;
                    }
                }
                Action::Stop => {
                    out.push(a);
                    break;
                }
                _ => break,
            }
        }
        out
    }

    fn flight(&self, g: &FeathersAndWax, rng: &mut Rng) -> Option<Action> {
        if g.stage() != Stage::Drawing {
            return best_turn(g).1;
        }
        let mut end = g.clone();
        end.apply_legal(&Action::EndDraw);
        let stay = best_turn(&end).0;
        // An extra card burns one of the right-moving cards both flyers
        // need, so it is drawn only to escape a turn that loses at once.
        if g.flight_left() == 0 || self.draw_samples == 0 || stay > -500.0 {
            return Some(Action::EndDraw);
        }
        let mut total = 0.0;
        for _ in 0..self.draw_samples {
            let mut sample = g.determinize(Seat(0), rng);
            sample.apply_legal(&Action::Draw);
            if sample.phase() == Phase::Flight && sample.stage() == Stage::Drawing {
                sample.apply_legal(&Action::EndDraw);
            }
            total += best_turn(&sample).0;
        }
        let more = total / self.draw_samples as f64;
        Some(if more > stay + 0.25 { Action::Draw } else { Action::EndDraw })
    }

    fn collect(&self, g: &FeathersAndWax) -> Option<Action> {
        if let Some(face) = g.pending() {
            return Some(king_choice(g, face));
        }
        let card = g.card()?;
        let cell = match g.walker() {
            Walker::Outside => return Some(Action::Step(Heading::E)),
            Walker::At(c) => c,
            Walker::Out => return None,
        };
        // Every movement card left will be drawn before the deadline, so
        // the steps they give are known in total: a heart gives its value
        // towards the exit, a diamond (straight only) about one step.
        let need = f64::from(LABYRINTH.steps_to_leave(cell));
        let unseen: f64 = g
            .unseen(Pile::Moves)
            .iter()
            .map(|c| if c.suit == Suit::Hearts { f64::from(c.rank) } else { DIAMOND_STEPS })
            .sum();
        let this_card = if card.suit == Suit::Hearts { f64::from(g.steps_left()) } else { 0.0 };
        let exit_mode = unseen + this_card - need < self.exit_margin;
        if card.suit == Suit::Diamonds {
            return Some(diamonds(g, cell, exit_mode));
        }
        // Hearts: walk towards the best target.
        let target = if exit_mode { None } else { best_target(g, cell) };
        Some(match target {
            Some(t) => step_towards(cell, |c| dist(c, t)),
            None => toward_exit(cell),
        })
    }
}

fn king_choice(g: &FeathersAndWax, face: Card) -> Action {
    let mine = g.held(face.suit).len();
    let other = g.held(if face.suit == Suit::Spades { Suit::Clubs } else { Suit::Spades }).len();
    let spend = if face.rank == 11 { mine >= 2 } else { mine <= other };
    if spend { Action::UseKing } else { Action::KeepKing }
}

/// What one more card of `suit` is worth now (0 when it cannot come).
fn suit_value(g: &FeathersAndWax, suit: Suit) -> f64 {
    if g.is_closed(suit) {
        return 0.0;
    }
    let pile = if suit == Suit::Spades { Pile::Feathers } else { Pile::Wax };
    let unseen = g.unseen(pile);
    if unseen.is_empty() {
        return 0.0;
    }
    let numbers = unseen.iter().filter(|c| c.rank <= 10).count() as f64;
    let other = if suit == Suit::Spades { Suit::Clubs } else { Suit::Spades };
    let (mine, theirs) = (g.held(suit).len(), g.held(other).len());
    let marginal = match mine.cmp(&theirs) {
        std::cmp::Ordering::Less => 1.0,
        std::cmp::Ordering::Equal => 0.55,
        std::cmp::Ordering::Greater => 0.15,
    };
    marginal * numbers / unseen.len() as f64
}

fn spot_value(g: &FeathersAndWax, c: Cell, values: (f64, f64)) -> f64 {
    if g.is_used(c) {
        return 0.0;
    }
    match LABYRINTH.spot(c) {
        Spot::Nest => values.0,
        Spot::Hive => values.1,
        Spot::Empty => 0.0,
    }
}

/// The fresh location (or far-edge refresh) worth most per step.
fn best_target(g: &FeathersAndWax, from: Cell) -> Option<Cell> {
    let values = (suit_value(g, Suit::Spades), suit_value(g, Suit::Clubs));
    let mut best: Option<(f64, Cell)> = None;
    let mut used_worth = 0.0;
    for &c in LABYRINTH_CELLS.iter() {
        if c == from {
            continue;
        }
        let v = spot_value(g, c, values);
        if g.is_used(c) {
            used_worth += match LABYRINTH.spot(c) {
                Spot::Nest => values.0,
                Spot::Hive => values.1,
                Spot::Empty => 0.0,
            };
        }
        if v <= 0.0 {
            continue;
        }
        let score = v / (f64::from(dist(from, c)) + 2.0);
        if best.is_none_or(|(s, _)| score > s) {
            best = Some((score, c));
        }
    }
    // The far edge column refreshes every used location.
    if used_worth > 0.0 {
        let col = if g.refreshed_east() { 0 } else { LAB_W - 1 };
        if let Some(edge) = (0..LAB_H).map(|y| Cell { x: col, y }).min_by_key(|&c| dist(from, c)) {
            let score = 0.5 * used_worth / (f64::from(dist(from, edge)) + 2.0);
            if best.is_none_or(|(s, _)| score > s) {
                best = Some((score, edge));
            }
        }
    }
    best.map(|(_, c)| c)
}

/// A step that brings `dist_to` down, preferring fresh locations on the way.
fn step_towards(cell: Cell, dist_to: impl Fn(Cell) -> u8) -> Action {
    let here = dist_to(cell);
    for h in Heading::ALL {
        if let Some(n) = LABYRINTH.neighbour(cell, h)
            && dist_to(n) < here
        {
            return Action::Step(h);
        }
    }
    Action::Stop
}

fn toward_exit(cell: Cell) -> Action {
    if cell == LABYRINTH.exit() {
        return Action::Step(Heading::E);
    }
    step_towards(cell, |c| dist(c, LABYRINTH.exit()))
}

/// A diamonds move: the straight run (or stopping) that gains most.
fn diamonds(g: &FeathersAndWax, cell: Cell, exit_mode: bool) -> Action {
    let values = (suit_value(g, Suit::Spades), suit_value(g, Suit::Clubs));
    let headings: Vec<Heading> = g.heading().map_or_else(|| Heading::ALL.to_vec(), |h| vec![h]);
    let exit_dist = |c: Cell| f64::from(LABYRINTH.steps_to_leave(c));
    let target = if exit_mode { None } else { best_target(g, cell) };
    let closeness = |c: Cell| match target {
        Some(t) => -0.05 * f64::from(dist(c, t)),
        None => -0.3 * exit_dist(c),
    };
    let mut best = (closeness(cell), Action::Stop);
    for h in headings {
        let mut gain = 0.0;
        let mut at = cell;
        for k in 1..=g.steps_left() {
            if LABYRINTH.is_exit_door(at, h) {
                if exit_mode {
                    return Action::Step(h);
                }
                break;
            }
            let Some(n) = LABYRINTH.neighbour(at, h) else { break };
            at = n;
            gain += spot_value(g, at, values);
            let score = gain + closeness(at) - 0.001 * f64::from(k);
            if score > best.0 + 1e-9 {
                best = (score, Action::Step(h));
            }
        }
    }
    best.1
}

fn wings(g: &FeathersAndWax) -> Action {
    let n = g.sections();
    let mut free = g.unassigned();
    free.sort_unstable_by(|a, b| b.cmp(a));
    let (i, d) = (g.wings(Flyer::Icarus).len(), g.wings(Flyer::Daedalus).len());
    if i + d < n {
        let flyer = if i < n.div_ceil(2) { Flyer::Icarus } else { Flyer::Daedalus };
        return Action::Wing { value: free[0], flyer };
    }
    if i == 0 {
        return Action::Wing { value: g.wings(Flyer::Daedalus)[0], flyer: Flyer::Icarus };
    }
    if d == 0 {
        return Action::Wing { value: g.wings(Flyer::Icarus)[0], flyer: Flyer::Daedalus };
    }
    Action::Launch
}

/// Plays `g` to the end with the policy; true for a win.
pub fn playout(policy: &Policy, mut g: FeathersAndWax, rng: &mut Rng) -> bool {
    while let Some(a) = policy.choose(&g, rng) {
        g.apply_legal(&a);
    }
    g.outcome().is_some_and(|o| !o.winners.is_empty())
}

/// The estimated chance of winning from `g` with the policy: `samples`
/// playouts from re-sampled unseen cards. Returns the wins too.
#[must_use]
pub fn win_chance(policy: &Policy, g: &FeathersAndWax, samples: usize, rng: &mut Rng) -> (f64, usize) {
    if let Some(o) = g.outcome() {
        return (if o.winners.is_empty() { 0.0 } else { 1.0 }, 0);
    }
    let obs = g.observation(Seat(0));
    let wins = (0..samples).filter(|_| playout(policy, obs.determinize(Seat(0), rng), rng)).count();
    (wins as f64 / samples.max(1) as f64, wins)
}

/// Playouts behind one full sampled reading (the meter's and the
/// analysis's: one estimator for both).
pub const METER_PLAYOUTS: usize = 1_000;

/// Up to this many orders of the unseen flight cards, the chance is exact:
/// every order is played once instead of sampling (7 cards: 5,040 orders).
pub const EXACT_ORDERS: usize = 5_040;

/// A reading of the win chance.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Reading {
    /// Estimated chance of winning (0..=1).
    pub chance: f64,
    /// Playouts so far.
    pub playouts: usize,
    /// True when all playouts are in.
    pub done: bool,
    /// True when the playouts are every order of the unseen cards (the
    /// chance is then exact for the policy, not a sample).
    pub exact: bool,
}

/// The seed of the estimate for the position at `cursor` of a game dealt
/// from `seed`: the meter and the analysis use it, so they give the same
/// figure for the same position.
#[must_use]
pub fn estimate_seed(seed: u64, cursor: usize) -> u64 {
    seed ^ (cursor as u64).wrapping_mul(0x9E37_79B9)
}

/// The win-chance estimator behind the meter and the analysis: when the
/// labyrinth is behind and the unseen flight cards have at most
/// [`EXACT_ORDERS`] orders, every order is played once with the policy
/// (exact: a certain win reads 100%); otherwise [`METER_PLAYOUTS`]
/// playouts from re-samplings of `observation` (which holds no deck
/// order). `report` gets a reading every 50 playouts; the last reading is
/// returned (`None` if `stop` was raised first).
pub fn estimate(
    observation: &FeathersAndWax,
    seed: u64,
    stop: &std::sync::atomic::AtomicBool,
    mut report: impl FnMut(Reading),
) -> Option<Reading> {
    if let Some(o) = observation.outcome() {
        let chance = if o.winners.is_empty() { 0.0 } else { 1.0 };
        let r = Reading { chance, playouts: 0, done: true, exact: true };
        report(r);
        return Some(r);
    }
    let policy = Policy::default();
    let orders = observation.every_flight_order(EXACT_ORDERS);
    let exact = orders.is_some();
    let total = orders.as_ref().map_or(METER_PLAYOUTS, Vec::len);
    let mut rng = Rng::seeded(seed);
    let mut orders = orders.map(Vec::into_iter);
    let (mut wins, mut n) = (0usize, 0usize);
    let mut last = None;
    while n < total {
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        for _ in 0..50.min(total - n) {
            let (game, mut play_rng) = match orders.as_mut().and_then(Iterator::next) {
                // Each order is played with its own fixed seed (the policy
                // samples when it weighs drawing one card more).
                Some(g) => (g, Rng::seeded(seed ^ n as u64)),
                None => (observation.determinize(Seat(0), &mut rng), rng.split()),
            };
            wins += usize::from(playout(&policy, game, &mut play_rng));
            n += 1;
        }
        let r = Reading { chance: wins as f64 / n as f64, playouts: n, done: n >= total, exact };
        report(r);
        last = Some(r);
    }
    last
}

/// Starts the win-chance meter on a worker thread ([`estimate`] of the
/// observation), reporting as the reading settles.
#[must_use]
pub fn start_meter(
    observation: FeathersAndWax,
    seed: u64,
    wake: impl Fn() + Send + 'static,
) -> Option<Background<Reading>> {
    Background::spawn("aviary-meter", wake, move |stop, report| {
        estimate(&observation, seed, stop, report);
    })
}

/// One of the player's decisions, for the after-game analysis.
#[derive(Clone, Debug)]
pub struct Decision {
    /// Actions before it (undo to this cursor to take it back).
    pub cursor: usize,
    /// What the player could see then.
    pub before: FeathersAndWax,
    /// What the player did.
    pub action: Action,
}

/// The analysis of a finished game.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Analysis {
    /// Decisions examined so far, of how many.
    pub progress: (usize, usize),
    /// The costliest decision: its cursor, the chance before it and after.
    pub worst: Option<(usize, f64, f64)>,
    /// True when every decision has been examined.
    pub done: bool,
}

/// "Where did it go wrong?": for each decision where the player did not
/// do what the policy would have done, the chance before it and after it
/// (the player's move), each by [`estimate`] with the meter's seed for
/// that position, so the analysis and the meter give the same figure for
/// the same position; the decision with the largest drop wins, the
/// earliest among drops within 2 points of it.
#[must_use]
pub fn start_analysis(
    decisions: Vec<Decision>,
    seed: u64,
    wake: impl Fn() + Send + 'static,
) -> Option<Background<Analysis>> {
    Background::spawn("aviary-analysis", wake, move |stop, report| {
        let policy = Policy::default();
        let mut rng = Rng::seeded(seed);
        let chance = |g: &FeathersAndWax, cursor: usize| {
            estimate(g, estimate_seed(seed, cursor), stop, |_| {}).map(|r| r.chance)
        };
        let total = decisions.len();
        let mut drops: Vec<(usize, f64, f64)> = Vec::new();
        for (k, d) in decisions.iter().enumerate() {
            if stop.load(Ordering::Relaxed) {
                return;
            }
            let mut probe = rng.split();
            let suggested = policy.choose(&d.before, &mut probe);
            if suggested.as_ref() != Some(&d.action) {
                let mut after = d.before.clone();
                if after.apply(&d.action).is_ok() {
                    let after = after.observation(Seat(0));
                    let (Some(before), Some(after)) = (chance(&d.before, d.cursor), chance(&after, d.cursor + 1))
                    else {
                        return;
                    };
                    drops.push((d.cursor, before, after));
                }
            }
            let worst = worst_drop(&drops);
            report(Analysis { progress: (k + 1, total), worst, done: k + 1 == total });
        }
        if total == 0 {
            report(Analysis { progress: (0, 0), worst: None, done: true });
        }
    })
}

fn worst_drop(drops: &[(usize, f64, f64)]) -> Option<(usize, f64, f64)> {
    let max = drops.iter().map(|d| d.1 - d.2).fold(f64::NEG_INFINITY, f64::max);
    if max <= 0.0 {
        return None;
    }
    drops.iter().copied().find(|d| d.1 - d.2 >= max - 0.02)
}

impl Evaluate for FeathersAndWax {
    fn evaluate(&self, _seat: Seat) -> f64 {
        if let Some(o) = self.outcome() {
            return if o.winners.is_empty() { 0.0 } else { 1.0 };
        }
        // A quick squash of the flight value; earlier phases are neutral.
        let v = if self.phase() == Phase::Flight { flight_value(self) } else { 0.0 };
        0.02 + 0.96 / (1.0 + (-0.1 * v).exp())
    }
}

#[cfg(test)]
mod tests {
    use super::{LAB_H, LAB_W, LABYRINTH_CELLS};

    #[test]
    fn every_cell_is_listed_once() {
        assert_eq!(LABYRINTH_CELLS.len(), usize::from(LAB_W) * usize::from(LAB_H));
    }
}
