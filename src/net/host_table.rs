//! The host's table on a thread of its own, so that online play never
//! waits for the host's window.
//!
//! While a game is hosted, the authoritative [`Table`] (the one that
//! checks, applies, autosaves and runs the computer seats) and the
//! [`Host`] (the friends' connections) live on the thread `aviary-host`.
//! It wakes whenever a friend's frame arrives, the computer has news, the
//! UI sends a command or a second passes (to close idle joins), does the
//! host's work, and publishes the new position for the window. A hidden,
//! minimised or covered window gets no frames; the game goes on all the
//! same, and the window shows where it stands when it is drawn again.
//!
//! The window's copy of the table (`Table::hosted`) only shows positions;
//! the person's moves and requests come here as [`Command`]s. Stopping
//! hands the authoritative table back ([`HostTable::stop`]).

use std::sync::{Arc, Condvar, Mutex, mpsc};
use std::time::Duration;

use crate::ai::Evaluate;
use crate::rules::Seat;
use crate::session::{Counted, Session};
use crate::table::{Notice, Table, Waker};

use super::host::{Invitation, UndoRequest};
use super::{Host, Link, PathInfo};

/// What the window asks of the hosting thread.
pub enum Command<G: Evaluate> {
    /// A move of a person at the host's screen, numbered.
    Propose(u64, G::Action),
    /// The host asks to take moves back.
    AskUndo,
    /// The host answers a friend's request to take moves back.
    AnswerUndo(bool),
    /// Friends may take moves back without asking.
    UndoFreely(bool),
    /// The pause before each of the computer's moves.
    Delay(Duration),
    /// The statistics counted the game's result.
    Counted(Option<Counted>),
    /// Runs `f` on the table (saving, Save As, a rematch) and answers with
    /// its result.
    Run(Job<G>, mpsc::Sender<Result<(), String>>),
    /// Stop: the table goes back to the window.
    Stop,
}

/// Work run on the hosting thread's table.
pub type Job<G> = Box<dyn FnOnce(&mut Table<G>, &mut Vec<Notice>) -> Result<(), String> + Send>;

/// How the hosting stands, for the window's bar.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct HostStatus {
    /// One invitation per friend seat.
    pub invitations: Vec<Invitation>,
    /// The network path of each connected friend seat.
    pub paths: Vec<(Seat, PathInfo)>,
    /// A request to take moves back waiting for an answer.
    pub undo_asked: Option<UndoRequest>,
    /// Friends may take moves back without asking.
    pub undo_freely: bool,
    /// Views sent so far, and their bytes (for the measurements).
    pub views_sent: usize,
    /// Bytes sent in views.
    pub sent_bytes: usize,
}

/// What the hosting thread has for the window since it last looked.
pub struct Published<G: Evaluate> {
    /// The position (with its history), when it changed.
    pub session: Option<Session<G>>,
    /// The file the table saves to.
    pub path: std::path::PathBuf,
    /// The computer's next action, announced during its pause.
    pub announced: Option<G::Action>,
    /// The hosting's state.
    pub status: HostStatus,
    /// Messages for the window.
    pub notices: Vec<Notice>,
    /// The last of the person's moves the thread has taken (applied or
    /// refused).
    pub answered: u64,
}

/// A flag a thread sleeps on until another sets it.
#[derive(Default)]
struct Signal {
    set: Mutex<bool>,
    cond: Condvar,
}

impl Signal {
    fn raise(&self) {
        if let Ok(mut set) = self.set.lock() {
            *set = true;
            self.cond.notify_one();
        }
    }

    /// Waits until raised or `most` has passed.
    fn wait(&self, most: Duration) {
        let Ok(set) = self.set.lock() else { return };
        let Ok((mut set, _)) = self.cond.wait_timeout_while(set, most, |s| !*s) else { return };
        *set = false;
    }
}

/// The hosting thread, seen from the window.
pub struct HostTable<G: Evaluate> {
    commands: mpsc::Sender<Command<G>>,
    shared: Arc<Mutex<Published<G>>>,
    signal: Arc<Signal>,
    thread: Option<std::thread::JoinHandle<Option<Table<G>>>>,
    next: u64,
}

impl<G: Evaluate> HostTable<G> {
    /// Starts hosting `table` for its friend seats (each with its token),
    /// taking connections from `incoming`. `wake_ui` is called when the
    /// window has something new to show. Returns the thread's handle and
    /// the waker the network calls when a frame comes.
    ///
    /// # Errors
    /// The thread could not start; the table comes back.
    #[allow(clippy::result_large_err, reason = "the table comes back whole, once, when the thread cannot start")]
    pub fn start(
        table: Table<G>,
        tokens: Vec<String>,
        incoming: mpsc::Receiver<Link>,
        wake_ui: Waker,
        delay: Duration,
    ) -> Result<(Self, Waker), (Table<G>, String)> {
        let host = Host::new(&table, tokens, incoming);
        let signal = Arc::new(Signal::default());
        let shared = Arc::new(Mutex::new(Published {
            session: None,
            path: table.path.clone(),
            announced: None,
            status: status_of(&host),
            notices: Vec::new(),
            answered: 0,
        }));
        let (commands, rx) = mpsc::channel();
        let wake_core: Waker = {
            let signal = Arc::clone(&signal);
            Arc::new(move || signal.raise())
        };
        let (core_signal, core_shared, core_wake) = (Arc::clone(&signal), Arc::clone(&shared), Arc::clone(&wake_core));
        // The table is handed over only when the thread runs.
        let (hand, take) = mpsc::channel::<Table<G>>();
        let spawned = std::thread::Builder::new().name("aviary-host".into()).spawn(move || {
            let Ok(table) = take.recv() else { return None };
            Some(
                Core {
                    table,
                    host,
                    commands: rx,
                    shared: core_shared,
                    signal: core_signal,
                    wake_ui,
                    wake: core_wake,
                    delay,
                }
                .run(),
            )
        });
        let thread = match spawned {
            Ok(t) => t,
            Err(e) => return Err((table, format!("the host's thread could not start: {e}"))),
        };
        if let Err(mpsc::SendError(table)) = hand.send(table) {
            return Err((table, "the host's thread stopped at once".into()));
        }
        Ok((Self { commands, shared, signal, thread: Some(thread), next: 0 }, wake_core))
    }

    /// The waker that makes the thread look for news.
    #[must_use]
    pub fn waker(&self) -> Waker {
        let signal = Arc::clone(&self.signal);
        Arc::new(move || signal.raise())
    }

    /// Sends a command to the thread and wakes it.
    pub fn send(&self, command: Command<G>) {
        let _ = self.commands.send(command);
        self.signal.raise();
    }

    /// Sends a move of the person at the host's screen; returns its number
    /// (compare with [`Published::answered`]).
    pub fn propose(&mut self, action: G::Action) -> u64 {
        self.next += 1;
        self.send(Command::Propose(self.next, action));
        self.next
    }

    /// Runs `job` on the thread's table and waits for its result.
    ///
    /// # Errors
    /// The job's error, or that the thread has stopped.
    pub fn run(&self, job: Job<G>) -> Result<(), String> {
        let (tx, rx) = mpsc::channel();
        self.send(Command::Run(job, tx));
        rx.recv().unwrap_or_else(|_| Err("the host's table has stopped".into()))
    }

    /// Takes what the thread published since the last call.
    #[must_use]
    pub fn take(&self) -> Option<Published<G>> {
        let mut shared = self.shared.lock().ok()?;
        Some(Published {
            session: shared.session.take(),
            path: shared.path.clone(),
            announced: shared.announced.clone(),
            status: shared.status.clone(),
            notices: std::mem::take(&mut shared.notices),
            answered: shared.answered,
        })
    }

    /// Stops the thread and returns the authoritative table (with every
    /// move and its autosave), or `None` if the thread died.
    pub fn stop(mut self) -> Option<Table<G>> {
        self.send(Command::Stop);
        self.thread.take().and_then(|t| t.join().ok()).flatten()
    }
}

impl<G: Evaluate> Drop for HostTable<G> {
    fn drop(&mut self) {
        if let Some(t) = self.thread.take() {
            let _ = self.commands.send(Command::Stop);
            self.signal.raise();
            let _ = t.join();
        }
    }
}

fn status_of<G: Evaluate>(host: &Host<G>) -> HostStatus {
    let invitations = host.invitations().to_vec();
    let paths = invitations.iter().filter_map(|i| host.path_of(i.seat).map(|p| (i.seat, p))).collect();
    HostStatus {
        invitations,
        paths,
        undo_asked: host.undo_asked.clone(),
        undo_freely: host.undo_freely,
        views_sent: host.views_sent,
        sent_bytes: host.sent_bytes,
    }
}

/// The hosting thread's own state.
struct Core<G: Evaluate> {
    table: Table<G>,
    host: Host<G>,
    commands: mpsc::Receiver<Command<G>>,
    shared: Arc<Mutex<Published<G>>>,
    signal: Arc<Signal>,
    wake_ui: Waker,
    wake: Waker,
    delay: Duration,
}

impl<G: Evaluate> Core<G> {
    /// Works until told to stop; returns the table.
    fn run(mut self) -> Table<G> {
        let mut shown = None;
        loop {
            let mut notices = Vec::new();
            let mut answered = None;
            let mut stop = false;
            while let Ok(command) = self.commands.try_recv() {
                match self.command(command, &mut notices) {
                    Step::Stop => stop = true,
                    Step::Answered(n) => answered = Some(n),
                    Step::Done => {}
                }
            }
            if stop {
                let _ = self.table.save();
                self.host.close_all("the host closed the game");
                return self.table;
            }
            self.host.poll(&mut self.table, &mut notices);
            self.table.tick(&self.wake, self.delay, &mut notices);
            // A computer's move or a chance step: the friends see it now.
            self.host.poll(&mut self.table, &mut notices);
            let now = (self.table.session().revision(), self.table.session().cursor());
            let changed = shown != Some(now);
            let status = status_of(&self.host);
            let mut news = changed || !notices.is_empty() || answered.is_some();
            if let Ok(mut shared) = self.shared.lock() {
                news |= shared.status != status || shared.announced.as_ref() != self.table.announced();
                if changed {
                    shared.session = Some(self.table.session().clone());
                    shown = Some(now);
                }
                shared.path.clone_from(&self.table.path);
                shared.announced = self.table.announced().cloned();
                shared.notices.extend(notices);
                if let Some(n) = answered {
                    shared.answered = n;
                }
                shared.status = status;
            }
            if news {
                (self.wake_ui)();
            }
            // Frames left for the next step are read soon; otherwise a
            // second at most, so joins that never come are closed on time.
            let most = if self.host.backlog() { Duration::from_millis(20) } else { Duration::from_secs(1) };
            self.signal.wait(most);
        }
    }

    fn command(&mut self, command: Command<G>, notices: &mut Vec<Notice>) -> Step {
        match command {
            Command::Propose(n, action) => {
                // Refused, the notice says why.
                self.table.propose_for_person(action, notices);
                return Step::Answered(n);
            }
            Command::AskUndo => self.host.ask_undo(&mut self.table, notices),
            Command::AnswerUndo(yes) => self.host.answer_undo(yes, &mut self.table, notices),
            Command::UndoFreely(yes) => self.host.undo_freely = yes,
            Command::Delay(d) => self.delay = d,
            Command::Counted(c) => self.table.set_counted(c),
            Command::Run(job, reply) => {
                let _ = reply.send(job(&mut self.table, notices));
            }
            Command::Stop => return Step::Stop,
        }
        Step::Done
    }
}

/// What a command came to.
enum Step {
    Done,
    Answered(u64),
    Stop,
}
