//! The table below the views: one game in progress as the app holds it.
//!
//! A [`Table`] owns the session (the rules state and its history), the file
//! it autosaves to, its background writer and its computer player. It is the
//! one mutation path: a view proposes an action; the table asks the rules,
//! records it, hands the save to the writer and wakes the computer player.
//! Chance steps are applied here, at once. No egui in this module: it wakes
//! the UI through a [`Waker`] and reports through [`Notice`]s.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use crate::ai::Evaluate;
use crate::ai::worker::{Poll, Worker};
use crate::rules::{RuleViolation, Seat, ToMove};
use crate::save::{self, SaveError};
use crate::save_writer::Writer;
use crate::session::{Counted, LogEntry, Player, Session};

/// A message for the toast area.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// A refused move or a failed operation.
    Error(String),
    /// Information ("Saved to …").
    Info(String),
}

/// How background work (the computer player, a failed autosave) asks the
/// UI to draw again.
pub type Waker = Arc<dyn Fn() + Send + Sync>;

/// A game ended and its result should be counted in the statistics.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finished {
    /// The game's id.
    pub game: &'static str,
    /// How it counts.
    pub result: Counted,
    /// What an earlier end of this same game counted, to take back.
    pub replaces: Option<Counted>,
}

/// In a replay, whose secrets (a hand, a face-down card, a bid) the
/// screen may show. The replay decides it, behind the same hand-off the
/// game uses; while a game is played the view decides by who sits at the
/// screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shown {
    /// Every seat's (a finished game, or one without secrets).
    Everyone,
    /// This seat's only.
    Seat(Seat),
    /// Nobody's: what every seat may know.
    Nobody,
}

/// A game in progress: the session, its file, its writer and its computer
/// player.
#[allow(
    clippy::struct_excessive_bools,
    reason = "independent facts: paused, a replay, a friend's mirror, the host's copy, a move in flight"
)]
pub struct Table<G: Evaluate> {
    /// The game with its history: read through `session()`, changed only
    /// through this table's methods (the one mutation path).
    session: Session<G>,
    /// Where it autosaves.
    pub path: PathBuf,
    worker: Worker<G>,
    /// Computer-vs-computer games can be paused.
    pub paused: bool,
    /// A unique number for this table (caches key on it).
    pub id: u64,
    writer: Writer,
    /// What was last handed to the writer (path and text without the date).
    submitted: Option<String>,
    /// The newest autosave failure, until a write succeeds.
    write_failed: Option<String>,
    /// The cursor at which a computer's action was shown announced (it is
    /// played when the pause ends).
    announced_at: Option<usize>,
    /// A replay: stepped through, never played on (no move is taken, no
    /// computer thinks, nothing is written to the file, nothing counted).
    pub replay: bool,
    /// In a replay: whose secrets the screen may show (`None` while the
    /// game is played).
    pub shown: Option<Shown>,
    /// A lesson: the person's moves go through its check (the rules', then
    /// its own), the other seats play its script, nothing is written or
    /// counted.
    pub lesson: Option<&'static crate::lessons::Lesson<G>>,
    /// A friend's copy of an online game: the person's moves are checked
    /// against its seat's view and sent to the host (they wait in
    /// `outbox`) instead of applied; nothing thinks, rolls or is written
    /// here.
    pub mirror: bool,
    /// The host's copy on screen while the game is hosted online: the
    /// authority (the table that checks, applies, saves and runs the
    /// computer) works on a thread of its own (`net::host_table`), so the
    /// game goes on while the window is hidden; this copy shows its
    /// positions, and the person's moves wait in `outbox` for it.
    pub hosted: bool,
    /// The computer's next action as the hosting thread announced it.
    pub hosted_announced: Option<G::Action>,
    /// Moves for the host, in a mirror.
    pub outbox: Vec<G::Action>,
    /// A move was sent to the host (of a mirror, or the hosting thread)
    /// and is not yet answered: the screen says "sending…" and the next
    /// move waits.
    pub awaiting: bool,
    /// A friend's own copy of an online game (every view the host sent),
    /// written to `path` after each one.
    pub copy: Option<save::FriendCopy>,
}

/// The undo policy's verdict on taking some actions back.
enum Policy {
    /// Nothing hidden is taken back (or the game is already assisted).
    Free,
    /// Ask the person first.
    Ask,
    /// Strict mode forbids it.
    Refused,
}

static NEXT_TABLE: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

impl<G: Evaluate> Table<G> {
    /// The game with its history (read only: moves, undo and the seats
    /// change through this table's methods).
    #[must_use]
    pub fn session(&self) -> &Session<G> {
        &self.session
    }

    /// Who sits at each seat (online: the friend's own seat once the host
    /// has welcomed it).
    pub fn seat_players(&mut self, players: Vec<Player>) {
        self.session.set_players(players);
    }

    /// What the statistics counted for this game (the hosting thread hears
    /// of the window's count).
    pub fn set_counted(&mut self, counted: Option<Counted>) {
        self.session.set_counted(counted);
    }

    /// The hosting thread's newer copy of the game, shown here: the count
    /// this window made is kept when the thread's copy has none.
    pub fn adopt_hosted(&mut self, mut session: Session<G>) {
        if session.counted().is_none() {
            session.set_counted(self.session.counted());
        }
        self.session = session;
    }

    /// Steps through the history to `cursor` (a replay, or a finished
    /// game's look back): nothing is taken back or written.
    pub fn seek(&mut self, cursor: usize) {
        self.session.seek(cursor);
    }

    /// A friend's saved copy of an online game: shows one view the host
    /// sent (the seat's view and the log to then).
    pub fn mirror_view(&mut self, state: G, log: Vec<LogEntry>) {
        self.session.mirror(state, log);
    }

    /// Puts `state` in place of the game's current state, history kept:
    /// for tests that paint two worlds a seat cannot tell apart (see
    /// `Session::replace_state`).
    #[doc(hidden)]
    pub fn replace_state(&mut self, state: G) {
        self.session.replace_state(state);
    }

    /// A table around `session`, saving to `path`.
    #[must_use]
    pub fn new(session: Session<G>, path: PathBuf) -> Self {
        let worker = Worker::default().seeded(session.seed());
        Self {
            session,
            path,
            worker,
            paused: false,
            id: NEXT_TABLE.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
            writer: Writer::default(),
            submitted: None,
            write_failed: None,
            announced_at: None,
            replay: false,
            shown: None,
            lesson: None,
            mirror: false,
            hosted: false,
            hosted_announced: None,
            outbox: Vec::new(),
            awaiting: false,
            copy: None,
        }
    }

    /// The seats people play.
    #[must_use]
    pub fn humans(&self) -> Vec<Seat> {
        self.session.people()
    }

    /// When a game with people at the table has ended and the statistics
    /// do not yet hold its result: the request that counts it, replacing
    /// what an earlier end of the same game counted (a lost game undone and
    /// then won counts once, as an assisted win).
    pub fn finished_request(&mut self) -> Option<Finished> {
        if self.replay || self.lesson.is_some() {
            return None;
        }
        let game = G::INFO.id;
        let now = self.session.result_for_people()?;
        let before = self.session.counted();
        if before == Some(now) {
            return None;
        }
        self.session.set_counted(Some(now));
        Some(Finished { game, result: now, replaces: before })
    }

    /// True when some seat is played by a person.
    #[must_use]
    pub fn has_human(&self) -> bool {
        self.session.players().iter().any(|p| !p.is_computer())
    }

    /// Proposes an action: checked by the rules, recorded, autosaved.
    ///
    /// # Errors
    /// The rule that refuses it; nothing changes then.
    pub fn propose(&mut self, action: G::Action, notices: &mut Vec<Notice>) -> Result<(), RuleViolation> {
        if self.replay {
            return Err(RuleViolation::new(
                "REPLAY",
                "this is a replay: \"Play on from here\" starts a game from this move",
            ));
        }
        self.session.propose(action)?;
        self.worker.stop_search();
        self.autosave(notices);
        Ok(())
    }

    /// The seat a person at this screen decides for now, if any.
    #[must_use]
    pub fn person_to_move(&self) -> Option<Seat> {
        match self.session.player_to_move() {
            Some((seat, Player::Human)) => Some(seat),
            _ => None,
        }
    }

    /// Proposes an action made by the person at the screen. While the
    /// computer (or chance) is to move it is refused with a message; a move
    /// the rules refuse is reported with its rule. Returns true when applied.
    pub fn propose_for_person(&mut self, action: G::Action, notices: &mut Vec<Notice>) -> bool {
        if let Some(lesson) = self.lesson
            && let Err(refusal) = lesson.check(self.session.state(), &action)
        {
            // (Its hint is added by the lesson's tab, as to the view's own
            // refusals.)
            notices.push(Notice::Error(refusal.reason()));
            return false;
        }
        if self.mirror || self.hosted {
            return self.send_to_host(action, notices);
        }
        if self.person_to_move().is_none() && self.session.computer_to_move() {
            notices.push(Notice::Error("Wait for your turn: the computer is to move".into()));
            return false;
        }
        match self.propose(action, notices) {
            Ok(()) => true,
            Err(v) => {
                notices.push(Notice::Error(v.to_string()));
                false
            }
        }
    }

    /// In a mirror: a move checked against the seat's view (the same rule
    /// and reason as at one screen), then queued for the host.
    fn send_to_host(&mut self, action: G::Action, notices: &mut Vec<Notice>) -> bool {
        if self.replay {
            notices.push(Notice::Error(
                "This is your copy of an online game: press \"Rejoin the game\" to play on".into(),
            ));
            return false;
        }
        if self.person_to_move().is_none() {
            notices.push(Notice::Error("Wait for your turn".into()));
            return false;
        }
        if !self.outbox.is_empty() || self.awaiting {
            notices.push(Notice::Error("Your last move is still on its way to the host".into()));
            return false;
        }
        match self.session.check(&action) {
            Ok(()) => {
                self.outbox.push(action);
                true
            }
            Err(v) => {
                notices.push(Notice::Error(v.to_string()));
                false
            }
        }
    }

    /// True when this table keeps its file: not a replay, not a lesson,
    /// and a friend's copy only with its record of views.
    fn writes(&self) -> bool {
        !self.replay && !self.hosted && self.lesson.is_none() && (!self.mirror || self.copy.is_some())
    }

    /// In a friend's copy: shows the view the host sent and adds it to the
    /// friend's own record, which is written at once.
    pub fn show_view(&mut self, state: G, log: Vec<LogEntry>, notices: &mut Vec<Notice>) {
        if let Some(copy) = self.copy.as_mut() {
            copy.push(&state, &log);
        }
        self.session.mirror(state, log);
        self.outbox.clear();
        self.autosave(notices);
    }

    /// Hands the game to its background writer (the frame goes on at once);
    /// a failure is reported by [`Table::tick`] when the writer says so.
    pub fn autosave(&mut self, notices: &mut Vec<Notice>) {
        if !self.writes() {
            return;
        }
        let Some((key, text)) = self.changed_text() else { return };
        match self.writer.submit(&self.path, text) {
            Ok(()) => self.submitted = Some(key),
            Err(e) => notices.push(self.failure_notice(&e.to_string())),
        }
    }

    /// The save text if the game changed since the last save handed over
    /// (a game that did not change is not written again, so its date stays),
    /// with the key to compare next time.
    fn changed_text(&self) -> Option<(String, String)> {
        let mut file = save::record(&self.session);
        file.friend.clone_from(&self.copy);
        let saved_at = std::mem::take(&mut file.saved_at);
        let key = format!("{}\n{}", self.path.display(), save::to_text(&file));
        if self.submitted.as_ref() == Some(&key) && !self.writer.busy() && self.write_failed.is_none() {
            return None;
        }
        file.saved_at = saved_at;
        Some((key, save::to_text(&file)))
    }

    fn failure_notice(&self, why: &str) -> Notice {
        let folder = self.path.parent().map_or_else(String::new, |d| d.display().to_string());
        Notice::Error(format!(
            "Autosave failed in {folder}: {why}. The game stays open here; the next move tries again (or use Save As)."
        ))
    }

    /// Collects the background writer's news: a failed autosave becomes a
    /// notice (once per failure, not once per frame).
    pub fn poll_writer(&mut self, notices: &mut Vec<Notice>) {
        if let Some(why) = self.writer.poll() {
            notices.push(self.failure_notice(&why));
            self.write_failed = Some(why);
        } else if !self.writer.busy() {
            self.write_failed = None;
        }
    }

    /// Writes the game to its file and waits until it is on disk.
    ///
    /// # Errors
    /// The I/O problem; the file on disk is then unchanged.
    pub fn save(&mut self) -> Result<(), SaveError> {
        if !self.writes() {
            // A replay leaves its file as it was; a lesson has none.
            return Ok(());
        }
        if !self.path.is_file() {
            // The file went (its folder removed, say): written again even
            // if the game did not change.
            self.submitted = None;
        }
        let mut ignored = Vec::new();
        self.autosave(&mut ignored);
        if let Some(Notice::Error(e) | Notice::Info(e)) = ignored.pop() {
            return Err(SaveError::Write(e));
        }
        let flushed = self.writer.flush();
        self.write_failed = flushed.as_ref().err().cloned();
        if flushed.is_err() {
            // Written again next time, whatever the key says.
            self.submitted = None;
        }
        flushed.map_err(SaveError::Write)
    }

    /// Writes the game to `path` and autosaves there from now on.
    ///
    /// # Errors
    /// The I/O problem; nothing changes then.
    pub fn save_as(&mut self, path: PathBuf) -> Result<(), SaveError> {
        let _ = self.writer.flush();
        let old = std::mem::replace(&mut self.path, path);
        self.submitted = None;
        if let Err(e) = self.save() {
            self.path = old;
            self.submitted = None;
            return Err(e);
        }
        Ok(())
    }

    /// Waits until the autosaves handed over are on disk (tests and tools).
    ///
    /// # Errors
    /// The failure of the last write.
    pub fn wait_for_autosave(&mut self) -> Result<(), String> {
        self.writer.flush()
    }

    /// Puts in another way of writing files (tests: a slow or failing disk).
    pub fn set_writer(&mut self, write: crate::save_writer::WriteFn) {
        let _ = self.writer.flush();
        self.writer = Writer::new(write);
        self.submitted = None;
    }

    /// A table for a game read from its file at `path`: the file already
    /// holds what the table would write, so nothing is written (and the
    /// file keeps the time of its last move) until something changes.
    #[must_use]
    pub fn from_file(session: Session<G>, path: PathBuf) -> Self {
        let mut table = Self::new(session, path);
        table.submitted = table.changed_text().map(|(key, _)| key);
        table
    }

    /// Undo as the person at the screen asks for it, under the one undo
    /// policy of every game:
    /// - free when the undone actions show nothing hidden (`secret` is false
    ///   for each of them), or when the game is already marked assisted;
    /// - refused in strict mode when they do (`refusal` says why);
    /// - else the person is asked first: the returned cursor is where undo
    ///   would go, for [`Table::rewind_to`] once they confirm (which marks
    ///   the game assisted).
    pub fn guarded_undo(
        &mut self,
        strict: bool,
        secret: impl Fn(&LogEntry) -> bool,
        refusal: &str,
        notices: &mut Vec<Notice>,
    ) -> Option<usize> {
        let s = &self.session;
        if !s.can_undo() {
            return None;
        }
        let to = s.cursor() - s.undo_span();
        self.guarded(to, (strict, secret, refusal), notices, |t, _, n| t.undo(n))
    }

    /// The same policy for going back to `to` (e.g. the start of the last
    /// turn): free, asked first (the returned cursor, for
    /// [`Table::rewind_to`] once confirmed), or refused in strict mode.
    pub fn guarded_rewind(
        &mut self,
        to: usize,
        strict: bool,
        secret: impl Fn(&LogEntry) -> bool,
        refusal: &str,
        notices: &mut Vec<Notice>,
    ) -> Option<usize> {
        self.guarded(to, (strict, secret, refusal), notices, |t, to, n| t.rewind_to(to, false, n))
    }

    /// The undo policy for going back to `to`: `free` does it at once when
    /// nothing hidden is taken back (or the game is already assisted); the
    /// cursor is returned when the person must be asked first; strict mode
    /// refuses with `refusal`.
    fn guarded(
        &mut self,
        to: usize,
        (strict, secret, refusal): (bool, impl Fn(&LogEntry) -> bool, &str),
        notices: &mut Vec<Notice>,
        free: impl FnOnce(&mut Self, usize, &mut Vec<Notice>),
    ) -> Option<usize> {
        let crosses = self.session.log()[to..].iter().any(secret);
        match self.policy(crosses, strict, refusal, notices) {
            Policy::Free => {
                free(self, to, notices);
                None
            }
            Policy::Ask => Some(to),
            Policy::Refused => None,
        }
    }

    /// What the undo policy says of taking back actions that do (`crosses`)
    /// or do not show something hidden.
    fn policy(&self, crosses: bool, strict: bool, refusal: &str, notices: &mut Vec<Notice>) -> Policy {
        if crosses && strict {
            notices.push(Notice::Error(refusal.to_string()));
            Policy::Refused
        } else if crosses && !self.session.is_assisted() {
            Policy::Ask
        } else {
            Policy::Free
        }
    }

    /// Undo for people: back to the previous human decision.
    pub fn undo(&mut self, notices: &mut Vec<Notice>) {
        self.cancel();
        let n = if self.has_human() { self.session.undo() } else { usize::from(self.session.undo_one()) };
        if n > 0 {
            self.paused = !self.has_human();
            self.autosave(notices);
        }
    }

    /// Undoes back to `cursor` after the person confirmed it; `mark` puts
    /// the game down as assisted ("undo used") first.
    pub fn rewind_to(&mut self, cursor: usize, mark: bool, notices: &mut Vec<Notice>) {
        if mark {
            self.session.mark_assisted();
        }
        self.cancel();
        while self.session.cursor() > cursor && self.session.undo_one() {}
        self.paused = false;
        self.autosave(notices);
    }

    /// Redo for people.
    pub fn redo(&mut self, notices: &mut Vec<Notice>) {
        self.cancel();
        let n = if self.has_human() { self.session.redo() } else { usize::from(self.session.redo_one()) };
        if n > 0 {
            self.autosave(notices);
        }
    }

    /// True while the computer is thinking.
    #[must_use]
    pub fn thinking(&self) -> bool {
        self.worker.busy()
    }

    /// The computer seat whose move the table is waiting for (thinking, or
    /// about to think after its pause), if any.
    #[must_use]
    pub fn computer_to_move(&self) -> Option<Seat> {
        if self.replay || self.lesson.is_some() {
            // Nobody plays in a replay, and a lesson's script answers at
            // once: no seat waits for the computer.
            return None;
        }
        match self.session.player_to_move() {
            Some((seat, player)) if player.is_computer() && !self.session.is_over() => Some(seat),
            _ => None,
        }
    }

    /// Where "Undo turn" goes: the start of the last turn a person played
    /// (the computer's replies after it are taken back too). A turn is the
    /// run of that person's actions with the chance steps inside it; in a
    /// game a person plays alone it is the person's steps since the last
    /// card turned up (or the card itself, were a person to turn it).
    /// `None` when no person has moved.
    #[must_use]
    pub fn turn_start(&self) -> Option<usize> {
        let s = &self.session;
        let log = &s.log()[..s.cursor()];
        let people = s.people();
        let by_person = |e: &LogEntry| e.seat.is_some_and(|x| people.contains(&x));
        let last = log.iter().rposition(by_person)?;
        let me = log[last].seat;
        let mut start = last;
        if s.players().len() == 1 {
            if log[last].reveals {
                return Some(last);
            }
            while start > 0 && !log[start - 1].reveals {
                start -= 1;
            }
        } else {
            while start > 0 && (log[start - 1].seat == me || log[start - 1].seat.is_none()) {
                start -= 1;
            }
        }
        Some(start)
    }

    /// The cursor at which `seat`'s current turn began: the start of the
    /// run of its own actions (and chance steps) that ends at the cursor.
    #[must_use]
    pub fn turn_began(&self, seat: Seat) -> usize {
        let log = &self.session.log()[..self.session.cursor()];
        log.iter().rposition(|e| e.seat.is_some_and(|s| s != seat)).map_or(0, |i| i + 1)
    }

    /// The hand-off's recap for `seat`: what happened since its last
    /// turn, and whether it has had one.
    #[must_use]
    pub fn recap(&self, seat: Seat) -> (&[LogEntry], bool) {
        (self.since_last_turn(seat), self.has_acted(seat))
    }

    /// True once `seat` has acted in this game (up to the cursor).
    #[must_use]
    pub fn has_acted(&self, seat: Seat) -> bool {
        self.session.log()[..self.session.cursor()].iter().any(|e| e.seat == Some(seat))
    }

    /// What happened since `seat` last acted: the log entries after its
    /// latest one (all of them if it has not acted yet, see
    /// [`Self::has_acted`]), for the hand-off screen's "since your last
    /// turn". Log entries never name a hidden card, so this is safe to
    /// show anyone.
    #[must_use]
    pub fn since_last_turn(&self, seat: Seat) -> &[LogEntry] {
        let log = &self.session.log()[..self.session.cursor()];
        let from = log.iter().rposition(|e| e.seat == Some(seat)).map_or(0, |i| i + 1);
        &log[from..]
    }

    /// True when Undo can help the people at the table: something to undo
    /// that includes a person's decision. At the start of a game in which
    /// only the computer (or chance) has moved, undo would only replay the
    /// same moves, so it is off. Between computers alone, any move may be
    /// undone.
    #[must_use]
    pub fn can_undo_for_people(&self) -> bool {
        let s = &self.session;
        if !s.can_undo() {
            return false;
        }
        if !self.has_human() {
            return true;
        }
        let people = s.people();
        s.log()[..s.cursor()].iter().any(|e| e.seat.is_some_and(|seat| people.contains(&seat)))
    }

    /// Applies due chance steps at once (a chance step lists exactly one
    /// action; its outcome comes from the state's RNG), with no thread and
    /// no delay, unless the table is paused.
    fn resolve_chance(&mut self, notices: &mut Vec<Notice>) {
        while !self.paused && self.session.state().to_move() == ToMove::Chance {
            let Some(action) = self.session.state().legal_actions().into_iter().next() else { return };
            if let Err(e) = self.propose(action, notices) {
                notices.push(Notice::Error(format!("A chance step was refused ({e}); please report this")));
                self.paused = true;
                return;
            }
        }
    }

    /// Drives the game when no person is to decide: applies chance steps,
    /// collects the computer's finished answer and applies it, or starts it
    /// thinking when a computer seat is to move. Never blocks; `wake` is
    /// called when background work has news.
    pub fn tick(&mut self, wake: &Waker, delay: Duration, notices: &mut Vec<Notice>) {
        if self.mirror && self.copy.is_some() {
            // A friend's copy is written as views come: its failures shown.
            if !self.writer.has_wake() {
                let wake = Arc::clone(wake);
                self.writer.set_wake(move || wake());
            }
            self.poll_writer(notices);
        }
        if self.replay || self.mirror || self.hosted {
            return;
        }
        if let Some(lesson) = self.lesson {
            // The other seats play the lesson's script.
            if let Err(e) = lesson.play_replies(&mut self.session) {
                notices.push(Notice::Error(e));
            }
            return;
        }
        if !self.writer.has_wake() {
            let wake = Arc::clone(wake);
            self.writer.set_wake(move || wake());
        }
        self.poll_writer(notices);
        self.resolve_chance(notices);
        let cursor = self.session.cursor();
        match self.worker.poll(cursor) {
            Poll::Ready(action) => {
                // An action a person should see coming (a flight's
                // templates) is shown for the pause before it is played.
                if !delay.is_zero()
                    && self.announced_at != Some(cursor)
                    && self.session.state().announced(&action)
                    && let Some((seat, Player::Computer(_))) = self.session.player_to_move()
                {
                    self.announced_at = Some(cursor);
                    let wake = Arc::clone(wake);
                    self.worker.announce(action, seat, cursor, delay, move || wake());
                    return;
                }
                self.announced_at = None;
                let why = self.worker.take_reason();
                if let Err(e) = self.propose(action, notices) {
                    notices
                        .push(Notice::Error(format!("The computer chose an illegal move ({e}); please report this")));
                    self.paused = true;
                } else if let Some(why) = why {
                    self.session.annotate_last(&why);
                }
                self.resolve_chance(notices);
            }
            Poll::Thinking => return,
            Poll::Idle => {}
        }
        if self.paused || self.session.is_over() {
            return;
        }
        let Some((seat, Player::Computer(level))) = self.session.player_to_move() else { return };
        let wake = Arc::clone(wake);
        let turn = (seat, self.turn_began(seat));
        self.worker.ask(self.session.state().observation(seat), turn, level, self.session.cursor(), delay, move || {
            wake();
        });
    }

    /// Stops thinking.
    pub fn cancel(&mut self) {
        self.worker.cancel();
        self.announced_at = None;
    }

    /// The computer's next action, shown announced during the pause
    /// before it is played (a flight about to be flown).
    #[must_use]
    pub fn announced(&self) -> Option<&G::Action> {
        if self.hosted {
            return self.hosted_announced.as_ref();
        }
        self.worker.announced()
    }

    /// Waits for the computer's answer and applies it (tests only).
    pub fn wait_for_computer(&mut self, notices: &mut Vec<Notice>) -> bool {
        let cursor = self.session.cursor();
        match self.worker.wait(cursor) {
            Some(a) => {
                let why = self.worker.take_reason();
                let ok = self.propose(a, notices).is_ok();
                if let (true, Some(why)) = (ok, why) {
                    self.session.annotate_last(&why);
                }
                ok
            }
            None => false,
        }
    }
}
