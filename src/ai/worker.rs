//! Runs a bot on a named worker thread. The UI asks, keeps drawing (showing
//! "thinking…"), and polls for the answer; a new request, undo, a new game or
//! closing the tab cancels the search through a shared flag.
//!
//! The computer plans its whole turn in one search ([`Bot::plan`]); the
//! worker keeps the rest of the plan and answers the next requests of the
//! same turn from it, after only the watching pause, unless another search
//! as long as the last still fits in the turn's thinking time ([`Replan`]). A plan step is played
//! only at the cursor it was planned for and only while it is legal, and a
//! plan ends at a step that reveals a card (the steps after it were chosen
//! without knowing the card), so a draw, a chance step, an undo or anything
//! unforeseen makes the worker search again, with what is left of the
//! turn's thinking time.

use std::collections::VecDeque;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::time::Duration;

use super::{Bot, Evaluate, Level};
use crate::rules::{Game, Seat};

/// What a job sends back: the plan (first step first), the time spent
/// searching (zero for a step of an earlier plan), and why each step was
/// chosen where the bot says so.
type Answer<A> = (Option<Vec<A>>, Duration, Vec<Option<String>>);

/// A pending or finished request.
struct Job<A> {
    /// The session cursor the answer is for (stale answers are dropped).
    for_cursor: usize,
    /// An action already chosen, shown announced while the job waits out
    /// the pause before it is played.
    announced: Option<A>,
    seat: Seat,
    stop: Arc<AtomicBool>,
    rx: Receiver<Answer<A>>,
}

/// The rest of a plan: `steps[0]` is due when the session is at `cursor`
/// with `seat` to move.
struct Plan<A> {
    seat: Seat,
    cursor: usize,
    steps: VecDeque<A>,
    /// Why each step was chosen (where the bot said).
    why: VecDeque<Option<String>>,
}

/// Makes a bot for a level, a seed and a time limit.
pub type BotMaker<G> = fn(Level, u64, Duration) -> Box<dyn Bot<G>>;

/// The levels' own bots.
fn level_bot<G: Evaluate>(level: Level, seed: u64, time: Duration) -> Box<dyn Bot<G>> {
    level.bot_within(seed, time)
}

/// The plan up to and including its first step that shows the player
/// something hidden (a drawn card): what comes after was planned without
/// knowing it, so the worker searches again once it is known.
fn until_reveal<G: Game>(observation: &G, plan: Vec<G::Action>) -> Vec<G::Action> {
    let mut g = observation.clone();
    let mut out = Vec::with_capacity(plan.len());
    for a in plan {
        let last = g.reveals(&a) || g.apply(&a).is_err();
        out.push(a);
        if last {
            break;
        }
    }
    out
}

/// Waits `delay` (the watching pause) in short sleeps, returning early
/// once `stop` is raised.
fn pause(delay: Duration, stop: &AtomicBool) {
    let mut waited = Duration::ZERO;
    while waited < delay && !stop.load(Ordering::Relaxed) {
        let nap = Duration::from_millis(20).min(delay.saturating_sub(waited));
        std::thread::sleep(nap);
        waited += nap;
    }
}

/// The thinking spent on the turn in progress.
struct Turn {
    seat: Seat,
    /// The cursor at which the turn began.
    began: usize,
    spent: Duration,
    /// How long the turn's latest search took.
    last: Duration,
}

/// When the worker searches again instead of playing the next step of its
/// plan.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Replan {
    /// When another search as long as the last one still fits in the
    /// turn's thinking time (with room for one more after it): a quick search (Enchanted Plumes: under 0.1 s)
    /// is run again for every step, knowing everything the step before
    /// showed; a slow one (Daedalus, Dust in the Wings) is not, and the
    /// plan is followed. The levels play this way.
    WhenTimeAllows,
    /// Only when the plan no longer fits (tests of the plan itself).
    Never,
}

/// One game's computer-player worker.
pub struct Worker<G: Game> {
    job: Option<Job<G::Action>>,
    plan: Option<Plan<G::Action>>,
    turn: Option<Turn>,
    /// The longest search of a single turn so far (for the benches).
    pub slowest_turn: Duration,
    /// Makes the bot for a level, a seed and the time left (the levels'
    /// bots unless a bench plays others through the same worker).
    make: BotMaker<G>,
    /// When to search again rather than follow the plan.
    pub replan: Replan,
    /// Why the step just answered was chosen, if the bot said.
    reason: Option<String>,
    seed: u64,
    _game: std::marker::PhantomData<G>,
}

impl<G: Evaluate> Default for Worker<G> {
    fn default() -> Self {
        Self::with_bots(level_bot::<G>)
    }
}

impl<G: Game> Drop for Worker<G> {
    fn drop(&mut self) {
        if let Some(job) = self.job.take() {
            job.stop.store(true, Ordering::Relaxed);
        }
    }
}

/// What the worker has for the UI.
#[derive(Debug, PartialEq, Eq)]
pub enum Poll<A> {
    /// Nothing asked.
    Idle,
    /// Still thinking.
    Thinking,
    /// The answer for the given cursor.
    Ready(A),
}

impl<G: Evaluate> Worker<G> {
    /// A worker whose bots come from `make` (benches pit bots other than the
    /// levels' against each other through the same planning).
    #[must_use]
    pub fn with_bots(make: BotMaker<G>) -> Self {
        Self {
            job: None,
            plan: None,
            turn: None,
            slowest_turn: Duration::ZERO,
            make,
            replan: Replan::WhenTimeAllows,
            reason: None,
            seed: 1,
            _game: std::marker::PhantomData,
        }
    }

    /// Starts thinking for `seat` about `observation` at `level`, after an
    /// optional `delay` (for watchable computer-vs-computer games). Any
    /// earlier request is cancelled. When the next step of the current plan
    /// is due here and legal, it is answered from the plan after the delay,
    /// without searching. `turn_began` is the cursor at which `seat`'s turn
    /// began (searches of one turn share its thinking time). `wake` is
    /// called when the answer is in.
    pub fn ask(
        &mut self,
        observation: G,
        (seat, turn_began): (Seat, usize),
        level: Level,
        for_cursor: usize,
        delay: Duration,
        wake: impl Fn() + Send + 'static,
    ) {
        let (spent, last) = match &self.turn {
            Some(t) if t.seat == seat && t.began == turn_began => (t.spent, t.last),
            _ => (Duration::ZERO, Duration::ZERO),
        };
        // Another search as long as the last must fit with room for one
        // more after it (a drawn card may still need one).
        let another_fits = spent + last * 2 <= level.turn_time();
        let planned = self.plan.take().filter(|p| {
            p.seat == seat
                && p.cursor == for_cursor
                && p.steps.front().is_some_and(|a| observation.legal_actions().contains(a))
                && (self.replan == Replan::Never || !another_fits)
        });
        self.stop_search();
        self.turn = Some(Turn { seat, began: turn_began, spent, last });
        self.seed = self.seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        let seed = self.seed ^ for_cursor as u64;
        // Once the turn's time is (all but) spent, the rest of the turn is
        // played by the easy level's one-turn look-ahead (under a
        // millisecond), so a turn never thinks much past its budget.
        let time_left = level.turn_time().saturating_sub(spent);
        let level = if level.is_search() && time_left < level.turn_time() / 20 { Level::Easy } else { level };
        let make = self.make;
        let stop = Arc::new(AtomicBool::new(false));
        let (tx, rx) = mpsc::channel();
        let flag = Arc::clone(&stop);
        let spawned = std::thread::Builder::new().name("aviary-ai".into()).spawn(move || {
            pause(delay, &flag);
            let answer = if flag.load(Ordering::Relaxed) {
                (None, Duration::ZERO, Vec::new())
            } else if let Some(plan) = planned {
                (Some(plan.steps.into_iter().collect()), Duration::ZERO, plan.why.into_iter().collect())
            } else {
                let start = super::clock::Thinking::start();
                let mut bot = make(level, seed, time_left);
                let plan = bot.plan(&observation, seat, &flag).map(|p| until_reveal(&observation, p));
                let mut why = bot.reasons();
                why.truncate(plan.as_ref().map_or(0, Vec::len));
                (plan, start.elapsed(), why)
            };
            let _ = tx.send(answer);
            wake();
        });
        if spawned.is_ok() {
            self.job = Some(Job { for_cursor, announced: None, seat, stop, rx });
        }
    }

    /// Shows `action`, already chosen for `seat` at `for_cursor`, as
    /// announced for `delay`, then answers it (the plan's other steps are
    /// kept). `wake` is called when it is due.
    pub fn announce(
        &mut self,
        action: G::Action,
        seat: Seat,
        for_cursor: usize,
        delay: Duration,
        wake: impl Fn() + Send + 'static,
    ) where
        G::Action: Send + 'static,
    {
        self.stop_search();
        let stop = Arc::new(AtomicBool::new(false));
        let (tx, rx) = mpsc::channel();
        let flag = Arc::clone(&stop);
        let answer = action.clone();
        let spawned = std::thread::Builder::new().name("aviary-pause".into()).spawn(move || {
            pause(delay, &flag);
            let steps = if flag.load(Ordering::Relaxed) { None } else { Some(vec![answer]) };
            let _ = tx.send((steps, Duration::ZERO, Vec::new()));
            wake();
        });
        if spawned.is_ok() {
            self.job = Some(Job { for_cursor, announced: Some(action), seat, stop, rx });
        }
    }

    /// Why the step last answered was chosen, once (for the log).
    pub fn take_reason(&mut self) -> Option<String> {
        self.reason.take()
    }

    /// The action being shown announced before it is played, if any.
    #[must_use]
    pub fn announced(&self) -> Option<&G::Action> {
        self.job.as_ref().and_then(|j| j.announced.as_ref())
    }

    /// Seeds the bots this worker makes (a table seeds it from its game,
    /// so two games do not see the same mixed strategies played out).
    #[must_use]
    pub fn seeded(mut self, seed: u64) -> Self {
        self.seed = seed | 1;
        self
    }

    /// Cancels any search in progress and forgets the plan (undo, redo, a
    /// new game: the plan was made for another history).
    pub fn cancel(&mut self) {
        self.plan = None;
        self.reason = None;
        self.turn = None;
        self.stop_search();
    }

    /// Cancels any search in progress but keeps the plan (a move was made:
    /// the plan's next step is checked against the new position anyway).
    pub fn stop_search(&mut self) {
        if let Some(job) = self.job.take() {
            job.stop.store(true, Ordering::Relaxed);
        }
    }

    /// True while a request is outstanding.
    #[must_use]
    pub fn busy(&self) -> bool {
        self.job.is_some()
    }

    /// Takes the first step of a plan and keeps the rest for the next
    /// cursor; adds the search time to the turn's.
    fn accept(&mut self, job: &Job<G::Action>, (plan, spent, why): Answer<G::Action>) -> Option<G::Action> {
        let mut steps: VecDeque<G::Action> = plan?.into();
        let first = steps.pop_front()?;
        // An announced step's reason was kept when it was first answered.
        if job.announced.is_some() {
            return Some(first);
        }
        let mut why: VecDeque<Option<String>> = why.into();
        self.reason = why.pop_front().flatten();
        if let Some(turn) = self.turn.as_mut().filter(|t| t.seat == job.seat) {
            turn.spent += spent;
            if spent > Duration::ZERO {
                turn.last = spent;
            }
            self.slowest_turn = self.slowest_turn.max(turn.spent);
        }
        if !steps.is_empty() {
            self.plan = Some(Plan { seat: job.seat, cursor: job.for_cursor + 1, steps, why });
        }
        Some(first)
    }

    /// Collects the answer if it is in. An answer for another cursor than
    /// `cursor` is stale and dropped.
    pub fn poll(&mut self, cursor: usize) -> Poll<G::Action> {
        let Some(job) = self.job.take() else { return Poll::Idle };
        match job.rx.try_recv() {
            Ok(answer) if job.for_cursor == cursor => self.accept(&job, answer).map_or(Poll::Idle, Poll::Ready),
            Err(TryRecvError::Empty) => {
                self.job = Some(job);
                Poll::Thinking
            }
            // A stale answer, or the thread is gone.
            Ok(_) | Err(TryRecvError::Disconnected) => Poll::Idle,
        }
    }

    /// Waits for the answer (tests and the headless tools only).
    pub fn wait(&mut self, cursor: usize) -> Option<G::Action> {
        let job = self.job.take()?;
        let answer = job.rx.recv().ok()?;
        if job.for_cursor == cursor { self.accept(&job, answer) } else { None }
    }
}

/// Any long computation on a named thread that reports as it goes (the
/// win-chance meter, the after-game analysis): the UI polls for the latest
/// report each frame and never waits. Dropping it stops the work.
pub struct Background<T> {
    stop: Arc<AtomicBool>,
    rx: Receiver<T>,
    latest: Option<T>,
    running: bool,
}

impl<T: Send + 'static> Background<T> {
    /// Starts `work` on a thread called `name`. `work` gets a stop flag to
    /// check and a function to report with; `wake` runs after each report.
    #[must_use]
    pub fn spawn(
        name: &str,
        wake: impl Fn() + Send + 'static,
        work: impl FnOnce(&AtomicBool, &dyn Fn(T)) + Send + 'static,
    ) -> Option<Self> {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let (tx, rx) = mpsc::channel();
        std::thread::Builder::new()
            .name(name.into())
            .spawn(move || {
                let report = |t: T| {
                    let _ = tx.send(t);
                    wake();
                };
                work(&flag, &report);
            })
            .ok()?;
        Some(Self { stop, rx, latest: None, running: true })
    }

    /// The latest report, after collecting any new ones.
    pub fn poll(&mut self) -> Option<&T> {
        loop {
            match self.rx.try_recv() {
                Ok(t) => self.latest = Some(t),
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => {
                    self.running = false;
                    break;
                }
            }
        }
        self.latest.as_ref()
    }

    /// True until the work has finished (as seen by the last poll).
    #[must_use]
    pub fn running(&self) -> bool {
        self.running
    }

    /// Waits for the work to finish and returns the last report (tests).
    pub fn finish(mut self) -> Option<T> {
        while let Ok(t) = self.rx.recv() {
            self.latest = Some(t);
        }
        self.running = false;
        self.latest.take()
    }
}

impl<T> Drop for Background<T> {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}
