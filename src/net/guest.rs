//! The friend's side: a mirror of what its seat sees at the host's table.

use crate::rules::{Game, Seat};
use crate::session::LogEntry;

use super::protocol::{self, Changes, Counter, PROTOCOL, SeatStatus, Sequence, ToGuest, ToHost, View};
use super::{Link, Received};

/// The wait between two requests for the whole table, at first…
const FIRST_BACKOFF: std::time::Duration = std::time::Duration::from_secs(1);
/// …and at most.
const LAST_BACKOFF: std::time::Duration = std::time::Duration::from_secs(30);

/// What came from the host, for the friend's screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GuestEvent {
    /// The host took us in: we play this seat.
    Welcomed(Seat),
    /// The table changed (a new view).
    Moved,
    /// Our move was refused: the rule and the reason.
    Refused(String),
    /// Our copy differed from the host's: a full resend was asked for.
    OutOfStep,
    /// The host asks to take moves back.
    UndoAsked(String),
    /// Who is connected changed.
    Seats,
    /// The host ended the connection, and why.
    Goodbye(String),
    /// The connection is gone.
    Lost,
}

/// The friend's copy of the table: its seat's view and the log, kept in
/// step with the host's by the views' hashes.
pub struct Mirror<G: Game> {
    link: Link,
    seat: Option<Seat>,
    state: Option<G>,
    log: Vec<LogEntry>,
    incoming: Sequence,
    outgoing: Counter,
    players: Vec<String>,
    seats: Vec<SeatStatus>,
    /// Mismatches found (each healed by a resend).
    pub out_of_step: usize,
    /// A resend was asked for: views until the full one are passed over.
    awaiting_full: bool,
    /// Our last move, not yet answered: its message number and the moves
    /// the view had then.
    sending: Option<(u64, usize)>,
    /// A resend is due (asked for at the next `poll` after `resend_after`),
    /// and the wait before the one after it (doubled each time, up to half
    /// a minute, until a view fits again).
    resend_due: bool,
    resend_after: Option<std::time::Instant>,
    backoff: std::time::Duration,
    resends: usize,
    closed: Option<String>,
}

impl<G: Game> Mirror<G> {
    /// Joins the host at the other end of `link` with a seat's token.
    #[must_use]
    pub fn join(link: Link, token: &str, name: &str) -> Self {
        let mut mirror = Self {
            link,
            seat: None,
            state: None,
            log: Vec::new(),
            incoming: Sequence::default(),
            outgoing: Counter::default(),
            players: Vec::new(),
            seats: Vec::new(),
            out_of_step: 0,
            awaiting_full: false,
            sending: None,
            resend_due: false,
            resend_after: None,
            backoff: FIRST_BACKOFF,
            resends: 0,
            closed: None,
        };
        mirror.send(&ToHost::Join {
            protocol: PROTOCOL,
            game: G::INFO.id.to_string(),
            token: token.to_string(),
            name: name.to_string(),
        });
        mirror
    }

    fn send(&mut self, body: &ToHost<G>) -> u64 {
        let n = self.outgoing.bump();
        let sent = match protocol::encode(n, body) {
            Ok(frame) => self.link.send(frame),
            Err(_) => false,
        };
        if !sent && self.closed.is_none() {
            self.closed = Some("the connection to the host is lost".into());
        }
        n
    }

    /// True while our last move is on its way: the host has neither
    /// played it nor refused it yet.
    #[must_use]
    pub fn sending(&self) -> bool {
        self.sending.is_some() && self.closed.is_none()
    }

    /// Our seat, once welcomed.
    #[must_use]
    pub fn seat(&self) -> Option<Seat> {
        self.seat
    }

    /// The table as our seat sees it, once a view came.
    #[must_use]
    pub fn state(&self) -> Option<&G> {
        self.state.as_ref()
    }

    /// The move log.
    #[must_use]
    pub fn log(&self) -> &[LogEntry] {
        &self.log
    }

    /// Who sits where.
    #[must_use]
    pub fn players(&self) -> &[String] {
        &self.players
    }

    /// The friend seats' connections.
    #[must_use]
    pub fn seats(&self) -> &[SeatStatus] {
        &self.seats
    }

    /// How the connection to the host goes (direct or relayed, the round
    /// trip), over a network link.
    #[must_use]
    pub fn path(&self) -> Option<super::PathInfo> {
        self.link.path()
    }

    /// Why the connection ended, once it has.
    #[must_use]
    pub fn closed(&self) -> Option<&str> {
        self.closed.as_deref()
    }

    /// True when our seat is to move in our view.
    #[must_use]
    pub fn our_turn(&self) -> bool {
        self.seat.is_some() && self.state.as_ref().and_then(|s| s.to_move().seat()) == self.seat
    }

    /// Sends a move for our seat.
    pub fn propose(&mut self, action: G::Action) {
        let at = self.log.len();
        let n = self.send(&ToHost::Propose { at, action });
        self.sending = Some((n, at));
    }

    /// Asks the host to take moves back.
    pub fn ask_undo(&mut self) {
        self.send(&ToHost::Undo);
    }

    /// Answers the host's request to take moves back.
    pub fn answer_undo(&mut self, yes: bool) {
        self.send(&ToHost::UndoAnswer(yes));
    }

    /// Asks for the whole table again, unless the last ask was too
    /// recent: then it is asked at a later `poll`.
    fn ask_resend(&mut self) {
        let now = std::time::Instant::now();
        if self.resend_after.is_some_and(|t| now < t) {
            self.resend_due = true;
            return;
        }
        self.resend_due = false;
        self.resend_after = Some(now + self.backoff);
        self.backoff = (self.backoff * 2).min(LAST_BACKOFF);
        self.resends += 1;
        self.send(&ToHost::Resend);
    }

    /// Resend requests sent so far (for the tests).
    #[must_use]
    pub fn resends(&self) -> usize {
        self.resends
    }

    /// Reads everything that came from the host.
    pub fn poll(&mut self) -> Vec<GuestEvent> {
        if self.resend_due {
            self.ask_resend();
        }
        let mut events = Vec::new();
        loop {
            match self.link.receive() {
                Received::Frame(frame) => self.handle(&frame, &mut events),
                Received::Nothing => break,
                Received::Closed => {
                    if self.closed.is_none() {
                        self.closed = Some("the connection to the host is lost".into());
                        events.push(GuestEvent::Lost);
                    }
                    break;
                }
            }
        }
        events
    }

    fn handle(&mut self, frame: &[u8], events: &mut Vec<GuestEvent>) {
        // A frame that does not read, or comes out of its turn, is dropped
        // without touching the copy; the next view's hash tells whether
        // anything was missed.
        let Ok(message) = protocol::decode::<ToGuest<G>>(frame) else { return };
        if self.incoming.accept(message.n).is_err() {
            return;
        }
        match message.body {
            ToGuest::Welcome { seat, players } => {
                self.seat = Some(seat);
                self.players = players;
                events.push(GuestEvent::Welcomed(seat));
            }
            ToGuest::View(view) => self.take(view, events),
            ToGuest::Changes(changes) => self.take_changes(changes, events),
            ToGuest::Refused { to, why } => {
                if self.sending.is_some_and(|(n, _)| n == to) {
                    self.sending = None;
                }
                events.push(GuestEvent::Refused(why));
            }
            ToGuest::UndoAsked { by } => events.push(GuestEvent::UndoAsked(by)),
            ToGuest::Seats(seats) => {
                self.seats = seats;
                events.push(GuestEvent::Seats);
            }
            ToGuest::Goodbye(why) => {
                self.closed = Some(why.clone());
                events.push(GuestEvent::Goodbye(why));
            }
        }
    }

    /// Applies the changes to the view held; one that does not fit (or a
    /// copy still waiting for the whole view) asks for all of it again.
    fn take_changes(&mut self, changes: Changes, events: &mut Vec<GuestEvent>) {
        if self.awaiting_full {
            return;
        }
        let state = self.state.as_ref().and_then(|s| serde_json::to_value(s).ok()).and_then(|mut json| {
            super::patch::apply(&mut json, &changes.edits).ok()?;
            serde_json::from_value::<G>(json).ok()
        });
        let Some(state) = state else {
            self.out_of_step += 1;
            self.awaiting_full = true;
            self.ask_resend();
            events.push(GuestEvent::OutOfStep);
            return;
        };
        let view = View { cursor: changes.cursor, from: changes.from, log: changes.log, state, hash: changes.hash };
        self.take(view, events);
    }

    fn take(&mut self, view: View<G>, events: &mut Vec<GuestEvent>) {
        if let Err(why) = crate::save::check_state(&view.state) {
            // A position the game cannot stand on (a hostile or broken
            // host): the copy keeps what it had and the friend is told.
            let why = format!("the host sent a position this Aviary cannot show ({why})");
            self.closed = Some(why.clone());
            events.push(GuestEvent::Goodbye(why));
            return;
        }
        if self.awaiting_full && view.from != 0 {
            return;
        }
        let fits = view.from <= self.log.len() && view.from + view.log.len() == view.cursor;
        let mut log = self.log.clone();
        if fits {
            log.truncate(view.from);
            log.extend(view.log);
        }
        if fits && protocol::view_hash(&view.state, &log) == view.hash {
            self.log = log;
            self.state = Some(view.state);
            self.awaiting_full = false;
            self.resend_due = false;
            self.backoff = FIRST_BACKOFF;
            if self.sending.is_some_and(|(_, at)| self.log.len() > at) {
                // The table moved on from where our move was made: it was
                // played (or the game went past it).
                self.sending = None;
            }
            events.push(GuestEvent::Moved);
        } else {
            // Keep what we have on screen and ask for all of it again.
            self.out_of_step += 1;
            self.awaiting_full = true;
            self.ask_resend();
            events.push(GuestEvent::OutOfStep);
        }
    }
}
