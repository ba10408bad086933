//! Runs a bot on a named worker thread. The UI asks, keeps drawing (showing
//! "thinking…"), and polls for the answer; a new request, undo, a new game or
//! closing the tab cancels the search through a shared flag.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::time::Duration;

use super::{Bot, Evaluate, Level};
use crate::rules::{Game, Seat};

/// A pending or finished request.
struct Job<A> {
    /// The session cursor the answer is for (stale answers are dropped).
    for_cursor: usize,
    stop: Arc<AtomicBool>,
    rx: Receiver<Option<A>>,
}

/// One game's computer-player worker.
pub struct Worker<G: Game> {
    job: Option<Job<G::Action>>,
    seed: u64,
    _game: std::marker::PhantomData<G>,
}

impl<G: Game> Default for Worker<G> {
    fn default() -> Self {
        Self { job: None, seed: 1, _game: std::marker::PhantomData }
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
    /// Starts thinking for `seat` about `observation` at `level`, after an
    /// optional `delay` (for watchable computer-vs-computer games). Any
    /// earlier request is cancelled. `wake` is called when the answer is in.
    pub fn ask(
        &mut self,
        observation: G,
        seat: Seat,
        level: Level,
        for_cursor: usize,
        delay: Duration,
        wake: impl Fn() + Send + 'static,
    ) {
        self.cancel();
        self.seed = self.seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        let seed = self.seed ^ for_cursor as u64;
        let stop = Arc::new(AtomicBool::new(false));
        let (tx, rx) = mpsc::channel();
        let flag = Arc::clone(&stop);
        let spawned = std::thread::Builder::new().name("aviary-ai".into()).spawn(move || {
            let mut waited = Duration::ZERO;
            while waited < delay && !flag.load(Ordering::Relaxed) {
                let pause = Duration::from_millis(20).min(delay.saturating_sub(waited));
                std::thread::sleep(pause);
                waited += pause;
            }
            let mut bot: Box<dyn Bot<G>> = level.bot(seed);
            let answer = if flag.load(Ordering::Relaxed) { None } else { bot.choose(&observation, seat, &flag) };
            let _ = tx.send(answer);
            wake();
        });
        if spawned.is_ok() {
            self.job = Some(Job { for_cursor, stop, rx });
        }
    }

    /// Cancels any search in progress.
    pub fn cancel(&mut self) {
        if let Some(job) = self.job.take() {
            job.stop.store(true, Ordering::Relaxed);
        }
    }

    /// True while a request is outstanding.
    #[must_use]
    pub fn busy(&self) -> bool {
        self.job.is_some()
    }

    /// The cursor the outstanding request is for.
    #[must_use]
    pub fn asked_for(&self) -> Option<usize> {
        self.job.as_ref().map(|j| j.for_cursor)
    }

    /// Collects the answer if it is in. An answer for another cursor than
    /// `cursor` is stale and dropped.
    pub fn poll(&mut self, cursor: usize) -> Poll<G::Action> {
        let Some(job) = &self.job else { return Poll::Idle };
        match job.rx.try_recv() {
            Ok(answer) => {
                let fresh = job.for_cursor == cursor;
                self.job = None;
                match answer {
                    Some(a) if fresh => Poll::Ready(a),
                    _ => Poll::Idle,
                }
            }
            Err(TryRecvError::Empty) => Poll::Thinking,
            Err(TryRecvError::Disconnected) => {
                self.job = None;
                Poll::Idle
            }
        }
    }

    /// Waits for the answer (tests and the headless tools only).
    pub fn wait(&mut self, cursor: usize) -> Option<G::Action> {
        let job = self.job.take()?;
        let answer = job.rx.recv().ok().flatten();
        answer.filter(|_| job.for_cursor == cursor)
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
