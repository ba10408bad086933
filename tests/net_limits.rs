//! What a peer may ask of a host: strangers who never join or send
//! garbage are let go without a word, a crowd at the door is turned away,
//! a flood is read a budget at a time and a peer that stays over its rate
//! is closed, nothing over the message limit is sent, resend requests are
//! answered once per change and asked with a backoff, and a stranger learns
//! nothing of the hosted game. Over memory links: no network.

#![allow(clippy::unwrap_used)]

use std::sync::mpsc::Sender;
use std::time::Duration;

use aviary::net::host::Limits;
use aviary::net::protocol::{self, MAX_MESSAGE, PROTOCOL, ToGuest, ToHost};
use aviary::net::{Host, Link, Mirror, Received, invite, memory};
use aviary::rules::daedalus::Daedalus;
use aviary::rules::{Game, Seat, Setup};
use aviary::session::{Player, Session};
use aviary::table::{Notice, Table};

const TOKEN: &str = "the-seat-token-1";

struct Hosting {
    table: Table<Daedalus>,
    host: Host<Daedalus>,
    listener: Sender<Link>,
    notices: Vec<Notice>,
    _dir: tempfile::TempDir,
}

impl Hosting {
    fn new(limits: Limits) -> Self {
        let dir = tempfile::tempdir().unwrap();
        let setup = Setup { seats: 2, options: aviary::rules::daedalus::Options::default() };
        let table =
            Table::new(Session::new(setup, 3, vec![Player::Human, Player::Friend]), dir.path().join("game.json"));
        let (listener, incoming) = memory::listener();
        let mut host = Host::new(&table, vec![TOKEN.to_string()], incoming);
        host.limits = limits;
        Self { table, host, listener, notices: Vec::new(), _dir: dir }
    }

    fn poll(&mut self) {
        self.host.poll(&mut self.table, &mut self.notices);
    }
}

/// Everything the far end of `link` has been sent, and whether the host
/// has let the connection go.
fn drain(link: &Link) -> (Vec<Vec<u8>>, bool) {
    let mut frames = Vec::new();
    loop {
        match link.receive() {
            Received::Frame(f) => frames.push(f),
            Received::Nothing => return (frames, false),
            Received::Closed => return (frames, true),
        }
    }
}

fn join_frame(n: u64, token: &str, game: &str, name: &str) -> Vec<u8> {
    let join = ToHost::<Daedalus>::Join {
        protocol: PROTOCOL,
        game: game.to_string(),
        token: token.to_string(),
        name: name.to_string(),
    };
    protocol::encode(n, &join).unwrap()
}

#[test]
fn a_stranger_who_never_joins_is_let_go_on_time_without_a_word() {
    let mut h = Hosting::new(Limits { join_within: Duration::from_millis(400), ..Limits::default() });
    let stranger = memory::dial(&h.listener, "stranger");
    h.poll();
    assert_eq!(drain(&stranger), (vec![], false), "still waiting for the join");
    std::thread::sleep(Duration::from_millis(500));
    h.poll();
    assert_eq!(drain(&stranger), (vec![], true), "closed, and nothing said");
    assert_eq!(h.host.closed_for_limits, 1);
    // The default gives a person's app time to join, and no more than 10 s.
    let default = Limits::default().join_within;
    assert!(default >= Duration::from_secs(2) && default <= Duration::from_secs(10), "{default:?}");
}

#[test]
fn garbage_before_a_join_closes_the_connection_without_a_refusal_for_each_frame() {
    let mut h = Hosting::new(Limits::default());
    let stranger = memory::dial(&h.listener, "stranger");
    for i in 0..10_000u32 {
        assert!(stranger.send(vec![0xff, (i % 251) as u8, 0x00]));
    }
    h.poll();
    let (frames, closed) = drain(&stranger);
    assert!(frames.is_empty(), "no refusal was sent: {} frames", frames.len());
    assert!(closed, "the connection was let go at the first frame that does not read");
    // A message that reads but is not a join is let go the same way.
    let other = memory::dial(&h.listener, "other");
    assert!(other.send(protocol::encode(1, &ToHost::<Daedalus>::Resend).unwrap()));
    h.poll();
    assert_eq!(drain(&other), (vec![], true));
    assert_eq!(h.host.closed_for_limits, 2);
    // The seat is still there for the friend.
    let mut friend = Mirror::<Daedalus>::join(memory::dial(&h.listener, "friend"), TOKEN, "Ben");
    h.poll();
    friend.poll();
    assert_eq!(friend.seat(), Some(Seat(1)));
}

#[test]
fn a_crowd_at_the_door_is_turned_away_beyond_the_pending_cap() {
    let limits = Limits::default();
    let mut h = Hosting::new(limits);
    let crowd: Vec<Link> = (0..limits.pending + 6).map(|i| memory::dial(&h.listener, &format!("s{i}"))).collect();
    h.poll();
    let closed = crowd.iter().filter(|l| drain(l).1).count();
    assert_eq!(closed, 6, "only {} wait at the door", limits.pending);
    // The friend still gets in once the door is free again: strangers that
    // never join leave on time.
    let mut h = Hosting::new(Limits { join_within: Duration::from_millis(20), ..limits });
    let crowd: Vec<Link> = (0..limits.pending).map(|i| memory::dial(&h.listener, &format!("s{i}"))).collect();
    h.poll();
    std::thread::sleep(Duration::from_millis(40));
    h.poll();
    assert!(crowd.iter().all(|l| drain(l).1));
    let mut friend = Mirror::<Daedalus>::join(memory::dial(&h.listener, "friend"), TOKEN, "Ben");
    h.poll();
    friend.poll();
    assert_eq!(friend.seat(), Some(Seat(1)));
}

#[test]
fn a_flood_is_read_a_budget_at_a_time_and_a_friend_kept_over_the_rate_is_closed() {
    let limits = Limits {
        per_step: 8,
        rate: 1.0,
        burst: 20.0,
        slowed_for: Duration::from_millis(50),
        strikes: 1_000_000,
        ..Limits::default()
    };
    let mut h = Hosting::new(limits);
    let link = memory::dial(&h.listener, "friend");
    assert!(link.send(join_frame(1, TOKEN, "daedalus", "Ben")));
    h.poll();
    let (welcome, closed) = drain(&link);
    assert!(!welcome.is_empty() && !closed, "joined");
    // Ten thousand undo answers nobody asked for (valid messages).
    for n in 2..10_002u64 {
        assert!(link.send(protocol::encode(n, &ToHost::<Daedalus>::UndoAnswer(true)).unwrap()));
    }
    h.poll();
    assert!(h.host.backlog(), "one step read its budget and left the rest");
    assert!(!drain(&link).1, "slowed first, not closed at once");
    let mut steps = 1;
    let mut closed = false;
    while !closed && steps < 200 {
        std::thread::sleep(Duration::from_millis(5));
        h.poll();
        steps += 1;
        closed = drain(&link).1;
    }
    assert!(closed, "a friend kept over its rate is let go");
    assert_eq!(h.host.closed_for_limits, 1);
    // The seat is kept: the friend rejoins from the same computer.
    let mut again = Mirror::<Daedalus>::join(memory::dial(&h.listener, "friend"), TOKEN, "Ben");
    h.poll();
    again.poll();
    assert_eq!(again.seat(), Some(Seat(1)));
}

#[test]
fn a_friend_at_a_persons_pace_is_never_slowed() {
    let mut h = Hosting::new(Limits::default());
    let mut friend = Mirror::<Daedalus>::join(memory::dial(&h.listener, "friend"), TOKEN, "Ben");
    h.poll();
    friend.poll();
    // Twenty quick messages, as fast as a person could click.
    for _ in 0..20 {
        friend.ask_undo();
        h.poll();
        friend.poll();
    }
    assert!(!h.host.backlog());
    assert_eq!(h.host.closed_for_limits, 0);
    assert!(friend.closed().is_none());
}

#[test]
fn a_message_over_the_limit_is_an_error_never_a_frame() {
    let big = "x".repeat(MAX_MESSAGE + 1);
    let result = protocol::encode(1, &ToGuest::<Daedalus>::Goodbye(big));
    assert!(result.as_ref().is_err_and(|e| e.contains("limit")), "{:?}", result.map(|f| f.len()));
    assert!(protocol::encode(1, &ToGuest::<Daedalus>::Goodbye("bye".into())).is_ok_and(|f| !f.is_empty()));
}

#[test]
fn resend_requests_are_answered_once_per_change() {
    let mut h = Hosting::new(Limits { rate: 1e9, burst: 1e9, per_step: 100_000, ..Limits::default() });
    let link = memory::dial(&h.listener, "friend");
    assert!(link.send(join_frame(1, TOKEN, "daedalus", "Ben")));
    h.poll();
    let _ = drain(&link);
    let mut frames = 0;
    for n in 2..1_002u64 {
        assert!(link.send(protocol::encode(n, &ToHost::<Daedalus>::Resend).unwrap()));
        h.poll();
        let (got, closed) = drain(&link);
        assert!(!closed);
        frames += got.len();
    }
    assert_eq!(frames, 1, "one full view for a thousand requests while the table stood still");
    // Once the table moves on, a new request is answered again.
    let mut notices = Vec::new();
    let first = h.table.session().state().legal_actions()[0].clone();
    assert!(h.table.propose_for_person(first, &mut notices));
    h.poll();
    let _ = drain(&link);
    assert!(link.send(protocol::encode(1_002, &ToHost::<Daedalus>::Resend).unwrap()));
    h.poll();
    let (got, _) = drain(&link);
    assert_eq!(got.len(), 1, "the full view after the change");
}

#[test]
fn a_friend_asks_for_the_table_again_with_a_growing_wait() {
    // A host that answers every view with one the friend cannot fit: the
    // friend asks again, but not at every frame.
    let (listener, incoming) = memory::listener();
    let mut friend = Mirror::<Daedalus>::join(memory::dial(&listener, "friend"), TOKEN, "Ben");
    let host_end = incoming.recv().unwrap();
    let state = Daedalus::new(&Setup { seats: 2, options: aviary::rules::daedalus::Options::default() }, 1)
        .observation(Seat(1));
    let welcome = ToGuest::<Daedalus>::Welcome { seat: Seat(1), players: vec!["Ada".into(), "Ben".into()] };
    assert!(host_end.send(protocol::encode(1, &welcome).unwrap()));
    for n in 2..502u64 {
        let view = protocol::View { cursor: 5, from: 3, log: vec![], state: state.clone(), hash: 0 };
        assert!(host_end.send(protocol::encode(n, &ToGuest::View(view)).unwrap()));
        friend.poll();
    }
    assert!(friend.resends() <= 5, "{} requests for 500 views that do not fit", friend.resends());
    assert!(friend.resends() >= 1);
}

#[test]
fn a_stranger_is_checked_for_the_token_before_anything_is_said_of_the_game() {
    let mut h = Hosting::new(Limits::default());
    let stranger = memory::dial(&h.listener, "stranger");
    assert!(stranger.send(join_frame(1, "a-guessed-token!", "tail-feathers", "Eve")));
    h.poll();
    let (frames, closed) = drain(&stranger);
    assert!(closed);
    let said: Vec<String> = frames
        .iter()
        .filter_map(|f| protocol::decode::<ToGuest<Daedalus>>(f).ok())
        .map(|m| format!("{:?}", m.body))
        .collect();
    assert!(said.iter().any(|s| s.contains("not invited")), "{said:?}");
    assert!(said.iter().all(|s| !s.contains("Daedalus") && !s.contains("daedalus")), "{said:?}");
    // With the token, a wrong game is named (the friend holds the code).
    let friend = memory::dial(&h.listener, "friend");
    assert!(friend.send(join_frame(1, TOKEN, "tail-feathers", "Ben")));
    h.poll();
    let said: Vec<String> = drain(&friend)
        .0
        .iter()
        .filter_map(|f| protocol::decode::<ToGuest<Daedalus>>(f).ok())
        .map(|m| format!("{:?}", m.body))
        .collect();
    assert!(said.iter().any(|s| s.contains("Daedalus")), "{said:?}");
}

#[test]
fn names_shown_to_others_lose_hidden_and_turning_characters() {
    assert_eq!(invite::clean_name("Mallory\u{202e}nbe\u{200b}"), "Mallorynbe");
    assert_eq!(invite::clean_name("\u{2067}Ada\u{2069}\u{feff} \n"), "Ada");
    let mut h = Hosting::new(Limits::default());
    let mut friend = Mirror::<Daedalus>::join(memory::dial(&h.listener, "friend"), TOKEN, "Mal\u{202e}lory\u{200b}");
    h.poll();
    friend.poll();
    assert_eq!(h.host.invitations()[0].name, "Mallory");
}

#[test]
fn seat_tokens_are_fresh_and_compared_whole() {
    let tokens: std::collections::HashSet<String> = (0..10_000).map(|_| invite::fresh_token()).collect();
    assert_eq!(tokens.len(), 10_000, "no token repeats");
    assert!(tokens.iter().all(|t| t.len() == 16 && t.chars().all(|c| c.is_ascii_alphanumeric())));
    assert!(invite::same_secret("abcdefgh", "abcdefgh"));
    assert!(!invite::same_secret("abcdefgh", "abcdefgX"));
    assert!(!invite::same_secret("abcdefgh", "abcdefg"));
}
