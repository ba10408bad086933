//! The host's side: invitations, connections, and the friends' moves put
//! through the host's own table.

use std::time::{Duration, Instant};

use crate::ai::Evaluate;
use crate::rules::{Game, Seat};
use crate::session::{LogEntry, Player};
use crate::table::{Notice, Table};

use super::patch::json_len;
use super::protocol::{self, Changes, Counter, PROTOCOL, SeatStatus, Sequence, ToGuest, ToHost, View};
use super::{Link, Received};

/// One seat kept for a friend.
#[derive(Clone, Debug, PartialEq)]
pub struct Invitation {
    /// The seat.
    pub seat: Seat,
    /// The secret the invite code carries for it.
    pub token: String,
    /// The app that took the seat (its public key): only it may come back.
    pub peer: Option<String>,
    /// The friend's name, once they joined.
    pub name: String,
    /// When the friend's connection was lost, while it stays lost.
    pub lost_at: Option<Instant>,
    /// Connected now.
    pub connected: bool,
}

/// How much a connection may ask of the host.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limits {
    /// A connection that has not joined by then is closed.
    pub join_within: Duration,
    /// Connections that have not joined yet, at most (more are closed as
    /// they come).
    pub pending: usize,
    /// Frames read from one connection in one step of the host's work (the
    /// rest wait for the next step).
    pub per_step: usize,
    /// Frames a connection may send each second, on average…
    pub rate: f64,
    /// …and at once.
    pub burst: f64,
    /// A connection kept over its rate (its frames waiting) this long is
    /// closed.
    pub slowed_for: Duration,
    /// Messages that do not read, from a friend who joined, before the
    /// connection is closed.
    pub strikes: u32,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            join_within: Duration::from_secs(5),
            pending: 4,
            per_step: 16,
            rate: 50.0,
            burst: 100.0,
            slowed_for: Duration::from_secs(5),
            strikes: 8,
        }
    }
}

/// One connection: before its Join is accepted it has no seat.
struct Conn {
    link: Link,
    seat: Option<Seat>,
    incoming: Sequence,
    outgoing: Counter,
    /// The log the friend holds, as last sent.
    sent_log: Vec<LogEntry>,
    /// The hash of the last view sent, and the table's revision then.
    sent: Option<(u64, u64)>,
    /// The connection is to be dropped after this poll.
    closing: bool,
    /// When it came.
    opened: Instant,
    /// Frames it may still send now (refilled at the limits' rate), and
    /// when that was worked out.
    bucket: (f64, Instant),
    /// Since when it has been over its rate, while it is.
    slowed_since: Option<Instant>,
    /// Messages of its that did not read.
    strikes: u32,
    /// The table's revision at which it last got a full view on request.
    resent_at: Option<u64>,
    /// A frame read but not yet handled (the connection was over its rate).
    held: Option<Vec<u8>>,
    /// The state of the last view sent, as JSON (the next one is sent as
    /// the changes from it).
    sent_state: Option<serde_json::Value>,
}

impl Conn {
    fn new(link: Link, burst: f64) -> Self {
        let now = Instant::now();
        Self {
            link,
            seat: None,
            incoming: Sequence::default(),
            outgoing: Counter::default(),
            sent_log: Vec::new(),
            sent: None,
            closing: false,
            opened: now,
            bucket: (burst, now),
            slowed_since: None,
            strikes: 0,
            resent_at: None,
            held: None,
            sent_state: None,
        }
    }

    /// Sends a message; returns its size. A message that cannot be
    /// written or is over the limit is never sent: the connection is
    /// closed instead (the friend rejoins and gets a fresh start).
    fn send<G: Game>(&mut self, body: &ToGuest<G>) -> usize {
        if let Ok(frame) = protocol::encode(self.outgoing.bump(), body) {
            let n = frame.len();
            if !self.link.send(frame) {
                self.closing = true;
            }
            n
        } else {
            self.closing = true;
            0
        }
    }

    /// Takes one frame's worth from the bucket; false when the connection
    /// is over its rate.
    fn spend(&mut self, limits: &Limits, now: Instant) -> bool {
        let (tokens, at) = self.bucket;
        let tokens = (tokens + now.duration_since(at).as_secs_f64() * limits.rate).min(limits.burst);
        if tokens >= 1.0 {
            self.bucket = (tokens - 1.0, now);
            true
        } else {
            self.bucket = (tokens, now);
            false
        }
    }
}

/// A request to take moves back that waits for an answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UndoRequest {
    /// Who asks (a friend's seat, or `None` for the host).
    pub by: Option<Seat>,
    /// It takes back something that was shown (a card drawn, a die
    /// rolled): done, the game is marked as using undo, as at one screen.
    pub shows: bool,
    /// The friends who said yes to the host's request (all must).
    pub agreed: Vec<Seat>,
}

/// The host's end of an online game: its invitations and connections.
/// [`Host::poll`] is called with the table each time the tab is drawn (and
/// whenever a frame arrives, which wakes the UI).
pub struct Host<G: Game> {
    invitations: Vec<Invitation>,
    incoming: std::sync::mpsc::Receiver<Link>,
    conns: Vec<Conn>,
    /// Friends may take moves back without asking.
    pub undo_freely: bool,
    /// A friend's request to take moves back, for the host to answer.
    pub undo_asked: Option<UndoRequest>,
    /// Friends' requests asked while another waited, in order.
    undo_waiting: Vec<Seat>,
    /// Bytes sent in views, and how many views: for the measurements.
    pub sent_bytes: usize,
    /// Views sent.
    pub views_sent: usize,
    /// How much a connection may ask.
    pub limits: Limits,
    /// Connections closed for the limits (for the measurements).
    pub closed_for_limits: usize,
    /// Frames were left for the next step (a budget or a rate reached).
    backlog: bool,
    marker: std::marker::PhantomData<G>,
}

impl<G: Evaluate> Host<G> {
    /// A host for the table's friend seats, each with its token, taking
    /// connections from `incoming`.
    #[must_use]
    pub fn new(table: &Table<G>, tokens: Vec<String>, incoming: std::sync::mpsc::Receiver<Link>) -> Self {
        let seats: Vec<Seat> = (0..table.session().players().len())
            .map(|i| Seat(i as u8))
            .filter(|s| table.session().players()[s.index()].is_friend())
            .collect();
        let invitations = seats
            .into_iter()
            .zip(tokens)
            .map(|(seat, token)| Invitation {
                seat,
                token,
                peer: None,
                name: table.session().state().seat_name(seat),
                lost_at: None,
                connected: false,
            })
            .collect();
        Self {
            invitations,
            incoming,
            conns: Vec::new(),
            undo_freely: false,
            undo_asked: None,
            undo_waiting: Vec::new(),
            sent_bytes: 0,
            views_sent: 0,
            limits: Limits::default(),
            closed_for_limits: 0,
            backlog: false,
            marker: std::marker::PhantomData,
        }
    }

    /// The invitations, one for each friend seat.
    #[must_use]
    pub fn invitations(&self) -> &[Invitation] {
        &self.invitations
    }

    /// The friend seats no one holds now, with how long since they
    /// dropped (`None`: never joined yet).
    #[must_use]
    pub fn waiting_for(&self) -> Vec<(Seat, String, Option<std::time::Duration>)> {
        self.invitations
            .iter()
            .filter(|i| !i.connected)
            .map(|i| (i.seat, i.name.clone(), i.lost_at.map(|t| t.elapsed())))
            .collect()
    }

    /// How the connection to the friend at `seat` goes, while connected
    /// over the network.
    #[must_use]
    pub fn path_of(&self, seat: Seat) -> Option<super::PathInfo> {
        self.conns.iter().find(|c| c.seat == Some(seat)).and_then(|c| c.link.path())
    }

    /// Takes new connections and every frame that came, puts the friends'
    /// moves through the table, and sends each friend what changed. Returns
    /// true when something happened (the tab draws again).
    pub fn poll(&mut self, table: &mut Table<G>, notices: &mut Vec<Notice>) -> bool {
        let mut busy = false;
        let now = Instant::now();
        self.backlog = false;
        while let Ok(link) = self.incoming.try_recv() {
            let pending = self.conns.iter().filter(|c| c.seat.is_none() && !c.closing).count();
            if pending >= self.limits.pending {
                // Too many strangers at the door: this one is let go at
                // once (the link is dropped, which closes it).
                self.closed_for_limits += 1;
                continue;
            }
            self.conns.push(Conn::new(link, self.limits.burst));
            busy = true;
        }
        for i in 0..self.conns.len() {
            busy |= self.read(i, now, table, notices);
        }
        busy |= self.drop_closed(notices);
        self.send_views(table);
        busy
    }

    /// True when the last step left frames to read: the next step should
    /// come soon, not only when the network wakes the host.
    #[must_use]
    pub fn backlog(&self) -> bool {
        self.backlog
    }

    /// Reads what connection `i` sent, within its budget for this step and
    /// its rate; closes it when it has not joined in time, sends garbage
    /// before joining, or stays over its rate. True when a frame was read.
    fn read(&mut self, i: usize, now: Instant, table: &mut Table<G>, notices: &mut Vec<Notice>) -> bool {
        let limits = self.limits;
        let mut busy = false;
        let mut handled = 0;
        if self.conns[i].seat.is_none() && now.duration_since(self.conns[i].opened) > limits.join_within {
            self.conns[i].closing = true;
            self.closed_for_limits += 1;
            return false;
        }
        for _ in 0..limits.per_step {
            if self.conns[i].closing {
                break;
            }
            let frame = match self.conns[i].held.take() {
                Some(frame) => frame,
                None => match self.conns[i].link.receive() {
                    Received::Frame(frame) => frame,
                    Received::Nothing => {
                        // All read: it is within its rate.
                        self.conns[i].slowed_since = None;
                        break;
                    }
                    Received::Closed => {
                        self.conns[i].closing = true;
                        break;
                    }
                },
            };
            if !self.conns[i].spend(&limits, now) {
                // Over its rate: the frame waits (and the network slows
                // the sender), and a connection that stays so is let go.
                self.conns[i].held = Some(frame);
                self.backlog = true;
                let since = *self.conns[i].slowed_since.get_or_insert(now);
                if now.duration_since(since) > limits.slowed_for {
                    self.conns[i].closing = true;
                    self.closed_for_limits += 1;
                }
                return busy;
            }
            busy = true;
            handled += 1;
            self.handle(i, &frame, table, notices);
        }
        // The whole budget read: more may wait for the next step.
        self.backlog |= handled == limits.per_step && !self.conns[i].closing;
        busy
    }

    fn drop_closed(&mut self, notices: &mut Vec<Notice>) -> bool {
        let mut any = false;
        let mut k = 0;
        while k < self.conns.len() {
            if self.conns[k].closing {
                let conn = self.conns.remove(k);
                if let Some(seat) = conn.seat
                    && let Some(inv) = self.invitations.iter_mut().find(|i| i.seat == seat)
                {
                    inv.connected = false;
                    inv.lost_at = Some(Instant::now());
                    notices.push(Notice::Info(format!("{}'s connection was lost: the game waits for them", inv.name)));
                    any = true;
                }
            } else {
                k += 1;
            }
        }
        if any {
            self.broadcast_seats();
        }
        any
    }

    fn handle(&mut self, i: usize, frame: &[u8], table: &mut Table<G>, notices: &mut Vec<Notice>) {
        let message = match protocol::decode::<ToHost<G>>(frame) {
            Ok(m) => m,
            Err(why) => {
                self.strike(i, 0, &why);
                return;
            }
        };
        if let Err(why) = self.conns[i].incoming.accept(message.n) {
            self.strike(i, message.n, &why);
            return;
        }
        let n = message.n;
        match (message.body, self.conns[i].seat) {
            (ToHost::Join { protocol, game, token, name }, None) => {
                self.join(i, (protocol, &game, &token, &name), table, notices);
            }
            (ToHost::Join { .. }, Some(_)) => self.refuse(i, n, "this connection has joined already"),
            (_, None) => {
                // Anything but a join first: closed without a word.
                self.conns[i].closing = true;
                self.closed_for_limits += 1;
            }
            (ToHost::Propose { at, action }, Some(seat)) => self.propose(i, n, seat, (at, action), table, notices),
            (ToHost::Resend, Some(_)) => {
                // A full view, at most once for each change of the table.
                let revision = table.session().revision();
                if self.conns[i].resent_at != Some(revision) {
                    self.conns[i].resent_at = Some(revision);
                    self.conns[i].sent_log.clear();
                    self.conns[i].sent = None;
                    self.conns[i].sent_state = None;
                }
            }
            (ToHost::Undo, Some(seat)) => self.friend_asks_undo(seat, table, notices),
            (ToHost::UndoAnswer(yes), Some(seat)) => self.friend_answers_undo(seat, yes, table, notices),
        }
    }

    /// A friend asks to take back their last move: done at once when
    /// friends may and nothing shown is taken back; else the host is asked
    /// (a request made while another waits is asked after it).
    fn friend_asks_undo(&mut self, seat: Seat, table: &mut Table<G>, notices: &mut Vec<Notice>) {
        let shows = shows_secret(table, &[seat]);
        if self.undo_freely && !shows {
            take_back(table, &[seat], false, notices);
        } else if self.undo_asked.is_none() {
            self.undo_asked = Some(UndoRequest { by: Some(seat), shows, agreed: Vec::new() });
            let also =
                if shows { " (it takes back something that was shown: the game will count as using undo)" } else { "" };
            notices.push(Notice::Info(format!("{} asks to take back their last move{also}", self.name_of(seat))));
        } else if self.undo_asked.as_ref().is_none_or(|r| r.by != Some(seat)) && !self.undo_waiting.contains(&seat) {
            self.undo_waiting.push(seat);
        }
    }

    /// A friend's answer to the host's request: every connected friend
    /// must say yes; one no declines it.
    fn friend_answers_undo(&mut self, seat: Seat, yes: bool, table: &mut Table<G>, notices: &mut Vec<Notice>) {
        let Some(req) = self.undo_asked.as_mut().filter(|r| r.by.is_none()) else { return };
        if !yes {
            self.undo_asked = None;
            notices.push(Notice::Info(format!("{} declined the undo", self.name_of(seat))));
            self.next_undo_request(table, notices);
            return;
        }
        if !req.agreed.contains(&seat) {
            req.agreed.push(seat);
        }
        let shows = req.shows;
        let everyone = self.conns.iter().filter_map(|c| c.seat).all(|s| req.agreed.contains(&s));
        if everyone {
            self.undo_asked = None;
            take_back(table, &table.session().people(), shows, notices);
            self.next_undo_request(table, notices);
        }
    }

    /// The next friend's request that waited, asked now.
    fn next_undo_request(&mut self, table: &mut Table<G>, notices: &mut Vec<Notice>) {
        if self.undo_waiting.is_empty() {
            return;
        }
        let seat = self.undo_waiting.remove(0);
        self.friend_asks_undo(seat, table, notices);
    }

    fn name_of(&self, seat: Seat) -> String {
        self.invitations
            .iter()
            .find(|i| i.seat == seat)
            .map_or_else(|| format!("Seat {}", seat.0 + 1), |i| i.name.clone())
    }

    fn refuse(&mut self, i: usize, to: u64, why: &str) {
        self.conns[i].send::<G>(&ToGuest::Refused { to, why: why.to_string() });
    }

    /// A message that does not read (or comes out of turn): before the
    /// join the connection is closed without a word; after it, the friend
    /// is told, and a connection that keeps doing it is closed.
    fn strike(&mut self, i: usize, to: u64, why: &str) {
        let conn = &mut self.conns[i];
        conn.strikes += 1;
        if conn.seat.is_none() || conn.strikes > self.limits.strikes {
            conn.closing = true;
            self.closed_for_limits += 1;
            return;
        }
        self.refuse(i, to, why);
    }

    fn join(
        &mut self,
        i: usize,
        (version, game, token, name): (u32, &str, &str, &str),
        table: &Table<G>,
        notices: &mut Vec<Notice>,
    ) {
        let peer = self.conns[i].link.peer.clone();
        // The token first: a stranger learns nothing of the game hosted.
        let invited = self.invitations.iter().position(|inv| super::invite::same_secret(&inv.token, token));
        let refusal = match invited {
            None => Some("not invited: this code does not open a seat at this table".to_string()),
            Some(_) if version != PROTOCOL => Some(format!(
                "the host's Aviary speaks version {PROTOCOL} of the protocol, yours {version}: update both"
            )),
            Some(_) if game != G::INFO.id => Some(format!("this invitation is for {}, not {game}", G::INFO.name)),
            Some(k) if self.invitations[k].peer.as_ref().is_some_and(|p| *p != peer) => {
                Some("this seat was taken by another computer: ask the host for a new code".to_string())
            }
            Some(k) if self.invitations[k].connected => Some("this seat is already connected".to_string()),
            Some(_) => None,
        };
        if let Some(why) = refusal {
            self.conns[i].send::<G>(&ToGuest::Goodbye(why));
            self.conns[i].closing = true;
            return;
        }
        let Some(inv) = invited.and_then(|k| self.invitations.get_mut(k)) else { return };
        let again = inv.peer.is_some();
        inv.peer = Some(peer);
        inv.connected = true;
        inv.lost_at = None;
        let clean = super::invite::clean_name(name);
        if !clean.trim().is_empty() {
            inv.name = clean.trim().to_string();
        }
        let seat = inv.seat;
        notices.push(Notice::Info(if again {
            format!("{} is back", inv.name)
        } else {
            format!("{} joined as {}", inv.name, table.session().state().seat_name(seat))
        }));
        self.conns[i].seat = Some(seat);
        let players = (0..table.session().players().len()).map(|s| self.player_name(table, Seat(s as u8))).collect();
        self.conns[i].send::<G>(&ToGuest::Welcome { seat, players });
        self.broadcast_seats();
    }

    fn player_name(&self, table: &Table<G>, seat: Seat) -> String {
        match table.session().players().get(seat.index()) {
            Some(Player::Friend) => self.name_of(seat),
            _ => table.session().state().seat_name(seat),
        }
    }

    fn propose(
        &mut self,
        i: usize,
        n: u64,
        seat: Seat,
        (at, action): (usize, G::Action),
        table: &mut Table<G>,
        notices: &mut Vec<Notice>,
    ) {
        let to_move = table.session().state().to_move().seat();
        let why = if at != table.session().cursor() {
            Some("the table has moved on since: look again".to_string())
        } else if to_move != Some(seat) {
            Some(match to_move {
                Some(other) => format!(
                    "you play {}: it is {}'s move, not yours",
                    table.session().state().seat_name(seat),
                    table.session().state().seat_name(other)
                ),
                None => "no one is to move now".to_string(),
            })
        } else if let Err(v) = table.session().trial(&action) {
            // Tried on a copy first: a fault in the rules refuses this
            // move and nothing else.
            Some(v.to_string())
        } else {
            table.propose(action, notices).err().map(|v| v.to_string())
        };
        if let Some(why) = why {
            self.refuse(i, n, &why);
        }
    }

    /// Sends every joined friend a new view when the table changed since
    /// the last one.
    fn send_views(&mut self, table: &Table<G>) {
        let revision = table.session().revision();
        let log = table.session().log();
        let mut views: Vec<(Seat, G, u64)> = Vec::new();
        for conn in &mut self.conns {
            let Some(seat) = conn.seat else { continue };
            if conn.closing || conn.sent.is_some_and(|(_, r)| r == revision) {
                continue;
            }
            let k = if let Some(k) = views.iter().position(|v| v.0 == seat) {
                k
            } else {
                let state = table.session().state().observation(seat);
                let hash = protocol::view_hash(&state, log);
                views.push((seat, state, hash));
                views.len() - 1
            };
            let (_, state, hash) = &views[k];
            if conn.sent.is_some_and(|(h, _)| h == *hash) {
                conn.sent = Some((*hash, revision));
                continue;
            }
            let from = if log.starts_with(&conn.sent_log) { conn.sent_log.len() } else { 0 };
            let json = serde_json::to_value(state).ok();
            // The changes, when the friend holds the view they change (a
            // full view on joining, on request, or when shorter).
            let changes = match (&conn.sent_state, &json) {
                (Some(old), Some(new)) => {
                    let edits = super::patch::diff(old, new);
                    Some(Changes { cursor: log.len(), from, log: log[from..].to_vec(), edits, hash: *hash })
                }
                _ => None,
            };
            let message = match changes {
                Some(c) if json_len(&c.edits) < json_len(state) => ToGuest::Changes(c),
                _ => ToGuest::View(View {
                    cursor: log.len(),
                    from,
                    log: log[from..].to_vec(),
                    state: state.clone(),
                    hash: *hash,
                }),
            };
            self.sent_bytes += conn.send(&message);
            conn.sent_state = json;
            self.views_sent += 1;
            conn.sent_log = log.to_vec();
            conn.sent = Some((*hash, revision));
        }
    }

    /// Says goodbye to every connection, with why, and lets them go.
    pub fn close_all(&mut self, why: &str) {
        for conn in &mut self.conns {
            conn.send::<G>(&ToGuest::Goodbye(why.to_string()));
        }
        self.conns.clear();
    }

    /// Tells every friend who is connected.
    fn broadcast_seats(&mut self) {
        let seats: Vec<SeatStatus> = self
            .invitations
            .iter()
            .map(|i| SeatStatus {
                seat: i.seat,
                name: i.name.clone(),
                kind: "friend".into(),
                connected: i.connected,
                lost_for: i.lost_at.map(|t| t.elapsed().as_secs()),
            })
            .collect();
        for conn in &mut self.conns {
            if conn.seat.is_some() {
                conn.send::<G>(&ToGuest::Seats(seats.clone()));
            }
        }
    }

    /// The host asks the friends to take moves back (at once when no
    /// friend is connected, or friends may and nothing shown is taken
    /// back; what was shown marks the game as using undo).
    pub fn ask_undo(&mut self, table: &mut Table<G>, notices: &mut Vec<Notice>) {
        let people = table.session().people();
        let shows = shows_secret(table, &people);
        if (self.undo_freely && !shows) || self.conns.iter().all(|c| c.seat.is_none()) {
            take_back(table, &people, shows, notices);
            return;
        }
        self.undo_asked = Some(UndoRequest { by: None, shows, agreed: Vec::new() });
        for conn in &mut self.conns {
            if conn.seat.is_some() {
                conn.send::<G>(&ToGuest::UndoAsked { by: "The host".into() });
            }
        }
    }

    /// The host answers a friend's request to take moves back.
    pub fn answer_undo(&mut self, yes: bool, table: &mut Table<G>, notices: &mut Vec<Notice>) {
        if let Some(UndoRequest { by: Some(seat), shows, .. }) = self.undo_asked {
            self.undo_asked = None;
            if yes {
                take_back(table, &[seat], shows, notices);
            }
            self.next_undo_request(table, notices);
        }
    }
}

/// Where taking back `seats`' last move goes: before the last move one of
/// them made.
fn take_back_to<G: Evaluate>(table: &Table<G>, seats: &[Seat]) -> Option<usize> {
    let log = &table.session().log()[..table.session().cursor()];
    log.iter().rposition(|e| e.seat.is_some_and(|s| seats.contains(&s)))
}

/// True when taking back `seats`' last move would take back something that
/// was shown, in a game not yet marked as using undo.
fn shows_secret<G: Evaluate>(table: &Table<G>, seats: &[Seat]) -> bool {
    let Some(to) = take_back_to(table, seats) else { return false };
    !table.session().is_assisted() && table.session().log()[to..table.session().cursor()].iter().any(|e| e.reveals)
}

/// Takes moves back to before the last move one of `seats` made (the
/// others' replies since go too); `mark` puts the game down as using undo.
fn take_back<G: Evaluate>(table: &mut Table<G>, seats: &[Seat], mark: bool, notices: &mut Vec<Notice>) {
    if let Some(i) = take_back_to(table, seats) {
        table.rewind_to(i, mark, notices);
    }
}
