//! The harness the online-play tests share: a host's table, its Host, and
//! the friends' mirrors, over whatever links the test makes.

#![allow(dead_code, clippy::unwrap_used)]

use std::sync::Arc;
use std::sync::mpsc::{Receiver, Sender};
use std::time::Duration;

use aviary::ai::Evaluate;
use aviary::net::{GuestEvent, Host, Link, Mirror};
use aviary::rules::{Rng, Seat, Setup, ToMove};
use aviary::save::FriendCopy;
use aviary::session::{Player, Session};
use aviary::table::{Notice, Table, Waker};

/// The nap between two polls of the network, which runs on threads of its
/// own.
pub const NAP: Duration = Duration::from_millis(5);

/// The most polls a test makes for something the network owes it: their
/// naps alone outlast the protocol's longest timeouts (a dial gives up
/// after 20 s; a link gone silent is found lost by QUIC's 30 s idle
/// timeout), so whatever the network does, it has answered by then. A
/// count of polls, not a clock the test reads.
pub const MOST_POLLS: usize = 8_000;

/// Polls `done` until it answers, with a [`NAP`] between polls; panics
/// naming `what` after [`MOST_POLLS`] polls.
pub fn wait_for<T>(what: &str, mut done: impl FnMut() -> Option<T>) -> T {
    for _ in 0..MOST_POLLS {
        if let Some(t) = done() {
            return t;
        }
        std::thread::sleep(NAP);
    }
    panic!("no {what} after {MOST_POLLS} polls {NAP:?} apart (longer than any timeout of the protocol)");
}

/// The most steps [`Online::step`] waits for a friend's move to reach the
/// host's table (a step naps 200 µs): as [`MOST_POLLS`], longer than any
/// timeout of the protocol.
const FRIEND_WAITS: usize = 200_000;

pub fn token(seat: Seat) -> String {
    format!("token-of-seat-{}", seat.0)
}

pub fn peer(seat: Seat) -> String {
    format!("peer-{}", seat.0)
}

/// A host's table with its friends' mirrors, all in this process.
pub struct Online<G: Evaluate> {
    pub table: Table<G>,
    pub host: Host<G>,
    /// The memory listener, for tests that dial more.
    pub listener: Option<Sender<Link>>,
    pub mirrors: Vec<Mirror<G>>,
    /// Each friend's own table, as the friend's app keeps it: the views
    /// shown and written to the friend's copy (`friend-<seat>.json`).
    pub friend_tables: Vec<(Seat, Table<G>)>,
    pub notices: Vec<Notice>,
    pub refused: Vec<String>,
    rng: Rng,
    /// A friend's move in flight: its seat and the table's revision then.
    proposed: Option<(Seat, u64)>,
    /// Steps spent waiting for a friend's move since the last move.
    waits: usize,
    _dir: tempfile::TempDir,
}

impl<G: Evaluate> Online<G> {
    /// A table with `players`; each friend seat's mirror joins through the
    /// link `connect` makes for it, the host taking links from `incoming`.
    pub fn new(
        setup: Setup<G::Options>,
        seed: u64,
        players: Vec<Player>,
        incoming: Receiver<Link>,
        connect: impl Fn(Seat) -> Link,
    ) -> Self {
        let dir = tempfile::tempdir().unwrap();
        let friends: Vec<Seat> =
            (0..players.len()).map(|i| Seat(i as u8)).filter(|s| players[s.index()].is_friend()).collect();
        let table = Table::new(Session::new(setup, seed, players), dir.path().join("game.json"));
        let host = Host::new(&table, friends.iter().map(|&s| token(s)).collect(), incoming);
        let mirrors =
            friends.iter().map(|&s| Mirror::join(connect(s), &token(s), &format!("Friend {}", s.0))).collect();
        let friend_tables = friends
            .iter()
            .map(|&s| {
                let info = G::INFO;
                let setup = Setup { seats: info.min_seats, options: Default::default() };
                let players = vec![Player::Friend; usize::from(info.min_seats)];
                let mut t =
                    Table::new(Session::new(setup, 0, players), dir.path().join(format!("friend-{}.json", s.0)));
                t.mirror = true;
                t.copy = Some(FriendCopy::new(format!("{}/code-of-seat-{}", info.id, s.0), format!("Friend {}", s.0)));
                (s, t)
            })
            .collect();
        let mut online = Self {
            table,
            host,
            listener: None,
            mirrors,
            friend_tables,
            notices: Vec::new(),
            refused: Vec::new(),
            rng: Rng::seeded(seed ^ 0x5eed),
            proposed: None,
            waits: 0,
            _dir: dir,
        };
        online.settle();
        online
    }

    /// The host reads and sends, then every friend reads.
    pub fn exchange(&mut self) {
        for _ in 0..3 {
            let wake: Waker = Arc::new(|| {});
            self.table.tick(&wake, Duration::ZERO, &mut self.notices);
            self.host.poll(&mut self.table, &mut self.notices);
            for m in &mut self.mirrors {
                for e in m.poll() {
                    let table = m.seat().and_then(|s| self.friend_tables.iter_mut().find(|(t, _)| *t == s));
                    let Some((_, t)) = table else {
                        if let GuestEvent::Refused(why) = e {
                            self.refused.push(why);
                        }
                        continue;
                    };
                    match e {
                        GuestEvent::Refused(why) => self.refused.push(why),
                        GuestEvent::Welcomed(seat) => {
                            let players = (0..m.players().len())
                                .map(|i| if Seat(i as u8) == seat { Player::Human } else { Player::Friend })
                                .collect();
                            t.seat_players(players);
                            if let Some(c) = t.copy.as_mut() {
                                c.set_seat(seat.0);
                            }
                        }
                        GuestEvent::Moved => {
                            if let Some(state) = m.state() {
                                t.show_view(state.clone(), m.log().to_vec(), &mut self.notices);
                            }
                        }
                        _ => {}
                    }
                }
            }
        }
    }

    /// True when every friend holds its seat's view of the host's table.
    pub fn in_step(&self) -> bool {
        self.mirrors.iter().all(|m| {
            m.seat().is_some_and(|seat| {
                m.log() == self.table.session().log()
                    && m.state() == Some(&self.table.session().state().observation(seat))
            })
        })
    }

    /// Exchanges until every friend is in step (links over a network take
    /// a moment), at most [`MOST_POLLS`] times; the callers check what
    /// they need of it.
    pub fn settle(&mut self) {
        self.exchange();
        for _ in 0..MOST_POLLS {
            if self.in_step() {
                return;
            }
            std::thread::sleep(Duration::from_millis(1));
            self.exchange();
        }
    }

    pub fn mirror(&mut self, seat: Seat) -> Option<&mut Mirror<G>> {
        self.mirrors.iter_mut().find(|m| m.seat() == Some(seat))
    }

    /// Every friend's copy is its seat's observation of the host's table,
    /// with the host's log.
    pub fn assert_in_step(&mut self) {
        self.settle();
        for m in &self.mirrors {
            let seat = m.seat().expect("welcomed");
            assert_eq!(m.state(), Some(&self.table.session().state().observation(seat)), "{seat:?}'s view");
            assert_eq!(m.log(), self.table.session().log(), "{seat:?}'s log");
        }
    }

    /// One move by whoever is to move: a person here or a friend picks at
    /// random among the moves their own view allows (a friend once, then
    /// waits for the host's answer). False once over.
    pub fn step(&mut self) -> bool {
        self.exchange();
        let state = self.table.session().state();
        let ToMove::Seat(seat) = state.to_move() else { return state.to_move() != ToMove::Nobody };
        match self.table.session().players()[seat.index()] {
            Player::Human => {
                let legal = state.legal_actions();
                let a = self.rng.pick(&legal).unwrap().clone();
                assert!(self.table.propose_for_person(a, &mut self.notices), "{:?}", self.notices);
            }
            Player::Friend => {
                let cursor = self.table.session().cursor();
                let revision = self.table.session().revision();
                if self.proposed == Some((seat, revision)) {
                    // Its move is on the way to the host.
                    self.wait_for_friend(seat);
                    return true;
                }
                let mut rng = self.rng.split();
                if self.mirror(seat).expect("the friend is connected").log().len() != cursor {
                    // Its view is still on the way.
                    self.wait_for_friend(seat);
                    return true;
                }
                let m = self.mirror(seat).expect("the friend is connected");
                assert!(m.our_turn(), "the friend's view says it is their move");
                let legal = m.state().unwrap().legal_actions();
                m.propose(rng.pick(&legal).unwrap().clone());
                self.proposed = Some((seat, revision));
            }
            Player::Computer(_) => {
                self.table.wait_for_computer(&mut self.notices);
            }
        }
        self.waits = 0;
        true
    }

    /// One step spent waiting for the friend at `seat`: fails at once if
    /// the host has lost them (the link closed, or QUIC's idle timeout
    /// ran out), and after [`FRIEND_WAITS`] steps if their move never
    /// comes.
    fn wait_for_friend(&mut self, seat: Seat) {
        self.waits += 1;
        let lost = self.host.waiting_for().iter().any(|(s, ..)| *s == seat);
        assert!(!lost, "the host lost the friend at seat {} while waiting for their move: {:?}", seat.0, self.notices);
        assert!(
            self.waits < FRIEND_WAITS,
            "the friend at seat {} did not move in {FRIEND_WAITS} steps (the table at move {}); refused: {:?}",
            seat.0,
            self.table.session().cursor(),
            self.refused
        );
        std::thread::sleep(Duration::from_micros(200));
    }

    /// Plays up to `most` moves (or until the end), checking every friend
    /// is in step every few moves. Returns the moves played.
    pub fn play(&mut self, most: usize) -> usize {
        let start = self.table.session().cursor();
        let mut checked = start;
        while self.table.session().cursor() - start < most && self.step() {
            assert!(self.refused.is_empty(), "a friend's legal move was refused: {:?}", self.refused);
            if self.table.session().cursor() >= checked + 7 {
                checked = self.table.session().cursor();
                self.assert_in_step();
            }
        }
        self.assert_in_step();
        self.table.session().cursor() - start
    }
}
