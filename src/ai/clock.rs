//! Thinking time, measured as the CPU time of the thread that thinks.
//!
//! The levels' budgets ("1 s a turn" for normal) are thinking, not waiting:
//! on a busy machine (a compile, a video, another game's computer player on
//! the other core) a search measured by the wall clock would be cut short
//! and play weaker, so a level would not mean the same from one evening to
//! the next. Measured by the thread's own CPU time (`cpu-time`, which asks
//! the operating system: `clock_gettime(CLOCK_THREAD_CPUTIME_ID)` on Linux),
//! a search does the same work however busy the machine is; it only takes
//! longer to arrive. So that a very busy machine never keeps a person
//! waiting for ever, a search also stops once the wall clock has run four
//! times its thinking budget. Where the operating system cannot tell a
//! thread's CPU time, the wall clock is used.

use std::time::{Duration, Instant};

/// How many times its thinking budget a search may take by the wall clock.
const WALL_SLACK: u32 = 4;

/// A stopwatch of thinking time, started on the thread that thinks (a
/// thread's CPU time means nothing on another thread).
#[derive(Debug)]
pub struct Thinking {
    cpu: Option<cpu_time::ThreadTime>,
    wall: Instant,
}

impl Thinking {
    /// Starts the stopwatch on this thread.
    #[must_use]
    pub fn start() -> Self {
        Self { cpu: cpu_time::ThreadTime::try_now().ok(), wall: Instant::now() }
    }

    /// The thinking time since the start: this thread's CPU time, or the
    /// wall clock where that is unknown.
    #[must_use]
    pub fn elapsed(&self) -> Duration {
        self.cpu.as_ref().and_then(|c| c.try_elapsed().ok()).unwrap_or_else(|| self.wall.elapsed())
    }

    /// True once `budget` of thinking is spent, or the wall clock has run
    /// four times `budget` (a machine too busy to give the thread its
    /// time).
    #[must_use]
    pub fn spent(&self, budget: Duration) -> bool {
        self.elapsed() >= budget || self.wall.elapsed() >= budget * WALL_SLACK
    }
}
