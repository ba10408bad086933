//! Online play between app tables in one process (memory links): whole
//! games, a friend dropping and rejoining, and every kind of bad message
//! refused without touching the game.

#![allow(clippy::unwrap_used)]

mod net_common;

use aviary::ai::Evaluate;
use aviary::net::protocol::{self, ToGuest, ToHost};
use aviary::net::{GuestEvent, Host, Link, Mirror, Received, memory};
use aviary::rules::{Game, Rng, Seat, Setup, ToMove};
use aviary::session::{Player, Session};
use aviary::table::{Notice, Table};
use net_common::{Online, peer, token};

/// A table whose friends come through memory links.
fn online<G: Evaluate>(setup: Setup<G::Options>, seed: u64, players: Vec<Player>) -> Online<G> {
    let (listener, incoming) = memory::listener();
    let dial = listener.clone();
    let mut o = Online::new(setup, seed, players, incoming, move |s| memory::dial(&dial, &peer(s)));
    o.listener = Some(listener);
    o
}

#[test]
fn a_whole_game_of_daedalus_between_two_tables() {
    use aviary::rules::daedalus::{Daedalus, Options};
    let mut online =
        online::<Daedalus>(Setup { seats: 2, options: Options::default() }, 7, vec![Player::Human, Player::Friend]);
    assert_eq!(online.mirrors[0].seat(), Some(Seat(1)));
    online.play(5000);
    assert!(online.table.session().is_over(), "the game ended");
    assert!(online.mirrors[0].state().unwrap().outcome().is_some(), "the friend sees the end");
    assert!(online.host.views_sent > 10);
}

#[test]
fn a_whole_game_of_enchanted_plumes_between_three_tables() {
    use aviary::rules::enchanted_plumes::{EnchantedPlumes, Options};
    let mut online = online::<EnchantedPlumes>(
        Setup { seats: 3, options: Options::default() },
        11,
        vec![Player::Human, Player::Friend, Player::Friend],
    );
    online.play(5000);
    assert!(online.table.session().is_over(), "the game ended");
    for m in &online.mirrors {
        assert!(m.state().unwrap().outcome().is_some());
    }
}

#[test]
fn a_whole_game_of_tail_feathers_with_every_rule_between_two_tables() {
    use aviary::rules::tail_feathers::game::{Options, TailFeathers};
    let mut online = online::<TailFeathers>(
        Setup { seats: 2, options: Options::every_additional_rule() },
        3,
        vec![Player::Friend, Player::Human],
    );
    online.play(20000);
    assert!(online.table.session().is_over(), "the game ended");
    assert!(online.mirrors[0].state().unwrap().outcome().is_some());
    // The friend's copy holds the whole game as the mice saw it (its size,
    // for the measurements: `-- --nocapture`).
    let (_, friend) = &mut online.friend_tables[0];
    friend.wait_for_autosave().unwrap();
    let (file, _) = aviary::games::verify_path(&friend.path).unwrap();
    let views = file.friend.map_or(0, |c| c.views.len());
    let bytes = std::fs::metadata(&friend.path).unwrap().len();
    eprintln!("the friend's copy: {} actions, {views} views, {} KB", online.table.session().cursor(), bytes / 1024);
    assert!(views > 50);
}

#[test]
fn a_computer_seat_thinks_on_the_host_and_the_friend_sees_its_moves() {
    use aviary::rules::enchanted_plumes::{EnchantedPlumes, Options};
    use aviary::session::Level;
    let mut online = online::<EnchantedPlumes>(
        Setup { seats: 3, options: Options::default() },
        5,
        vec![Player::Human, Player::Friend, Player::Computer(Level::Easy)],
    );
    online.play(60);
    let computer_lines = online.mirrors[0].log().iter().filter(|l| l.seat == Some(Seat(2))).count();
    assert!(computer_lines > 0, "the friend's log shows the computer's moves");
}

#[test]
fn a_friend_who_drops_rejoins_with_the_same_code_and_nothing_is_lost() {
    use aviary::rules::enchanted_plumes::{EnchantedPlumes, Options};
    let mut online = online::<EnchantedPlumes>(
        Setup { seats: 3, options: Options::default() },
        21,
        vec![Player::Human, Player::Friend, Player::Friend],
    );
    online.play(40);
    // Play on until it is the first friend's move, then they drop.
    while online.table.session().state().to_move() != ToMove::Seat(Seat(1)) {
        online.step();
    }
    online.exchange();
    let before = (online.table.session().cursor(), online.table.session().state().clone());
    online.mirrors.retain(|m| m.seat() != Some(Seat(1)));
    online.exchange();
    let waiting = online.host.waiting_for();
    assert_eq!(waiting.len(), 1);
    assert_eq!(waiting[0].0, Seat(1));
    assert!(waiting[0].2.is_some(), "the host knows since when");
    assert!(online.notices.iter().any(|n| matches!(n, Notice::Info(t) if t.contains("connection was lost"))));
    // The game waits for them.
    for _ in 0..5 {
        online.exchange();
    }
    assert_eq!(online.table.session().cursor(), before.0);
    // Someone else with the code (another computer) may not take the seat.
    let mut stranger = Mirror::<EnchantedPlumes>::join(
        memory::dial(online.listener.as_ref().unwrap(), "someone-else"),
        &token(Seat(1)),
        "Eve",
    );
    online.exchange();
    stranger.poll();
    assert!(stranger.closed().is_some_and(|w| w.contains("taken by another computer")), "{:?}", stranger.closed());
    // The friend comes back from the same computer: same seat, same table.
    online.mirrors.push(Mirror::join(
        memory::dial(online.listener.as_ref().unwrap(), &peer(Seat(1))),
        &token(Seat(1)),
        "Friend 1",
    ));
    online.exchange();
    online.assert_in_step();
    assert_eq!(online.table.session().state(), &before.1);
    assert!(online.host.waiting_for().is_empty());
    online.play(5000);
    assert!(online.table.session().is_over());
}

/// A raw connection for seat 1 of a two-seat game, joined.
fn raw<G: Evaluate>(online: &mut Online<G>, seat: Seat) -> Link {
    let link = memory::dial(online.listener.as_ref().unwrap(), &peer(seat));
    let join: ToHost<G> =
        ToHost::Join { protocol: protocol::PROTOCOL, game: G::INFO.id.into(), token: token(seat), name: "Raw".into() };
    assert!(link.send(protocol::encode(1, &join).unwrap()));
    online.exchange();
    link
}

fn frames<G: Game>(link: &Link) -> Vec<ToGuest<G>> {
    let mut out = Vec::new();
    while let Received::Frame(f) = link.receive() {
        out.push(protocol::decode::<ToGuest<G>>(&f).unwrap().body);
    }
    out
}

fn refusals<G: Game>(link: &Link) -> Vec<String> {
    frames::<G>(link)
        .into_iter()
        .filter_map(|m| match m {
            ToGuest::Refused { why, .. } => Some(why),
            _ => None,
        })
        .collect()
}

#[test]
fn malformed_replayed_out_of_order_and_tampered_messages_are_refused_and_change_nothing() {
    use aviary::rules::daedalus::{Daedalus, Options};
    let mut online =
        online::<Daedalus>(Setup { seats: 2, options: Options::default() }, 9, vec![Player::Human, Player::Friend]);
    online.mirrors.clear();
    online.exchange();
    let link = raw(&mut online, Seat(1));
    assert!(frames::<Daedalus>(&link).iter().any(|m| matches!(m, ToGuest::Welcome { seat: Seat(1), .. })));
    // The host moves until it is the friend's move.
    while online.table.session().state().to_move() != ToMove::Seat(Seat(1)) {
        online.step();
    }
    online.exchange();
    let _ = frames::<Daedalus>(&link);
    let unchanged = |o: &Online<Daedalus>, cursor: usize| {
        assert_eq!(o.table.session().cursor(), cursor);
    };
    let cursor = online.table.session().cursor();
    let legal = online.table.session().state().legal_actions();
    let good: ToHost<Daedalus> = ToHost::Propose { at: cursor, action: legal[0].clone() };

    // Malformed: not JSON, JSON of the wrong shape, an unknown field.
    for bad in
        [&b"\x00\xffnot json"[..], br#"{"n":2,"body":{"Propose":{"at":"x"}}}"#, br#"{"n":2,"body":"Resend","x":1}"#]
    {
        assert!(link.send(bad.to_vec()));
        online.exchange();
        let why = refusals::<Daedalus>(&link);
        assert!(why.iter().any(|w| w.contains("malformed")), "{why:?}");
        unchanged(&online, cursor);
    }
    // Out of order: message 3 before 2.
    assert!(link.send(protocol::encode(3, &good).unwrap()));
    online.exchange();
    assert!(refusals::<Daedalus>(&link).iter().any(|w| w.contains("out of order")));
    unchanged(&online, cursor);
    // Tampered: a move that does not exist on this board, then one the
    // rules refuse; each with the reason, the game untouched.
    let mut text = String::from_utf8(protocol::encode(2, &good).unwrap()).unwrap();
    let tampered = serde_json::to_string(&legal[0]).unwrap();
    let broken = tampered.replacen(|c: char| c.is_ascii_digit(), "9", 1);
    text = text.replacen(&tampered, &broken, 1);
    assert!(link.send(text.into_bytes()));
    online.exchange();
    let why = refusals::<Daedalus>(&link);
    assert_eq!(why.len(), 1, "{why:?}");
    unchanged(&online, cursor);
    // The real move, numbered 3, is taken.
    assert!(link.send(protocol::encode(3, &good).unwrap()));
    online.exchange();
    assert_eq!(online.table.session().cursor(), cursor + 1);
    // Replayed: the same message again.
    assert!(link.send(protocol::encode(3, &good).unwrap()));
    online.exchange();
    assert!(refusals::<Daedalus>(&link).iter().any(|w| w.contains("replayed")));
    assert_eq!(online.table.session().cursor(), cursor + 1);
}

#[test]
fn a_friend_may_move_only_for_their_own_seat_and_a_stranger_is_not_let_in() {
    use aviary::rules::daedalus::{Daedalus, Options};
    let mut online =
        online::<Daedalus>(Setup { seats: 2, options: Options::default() }, 9, vec![Player::Human, Player::Friend]);
    online.mirrors.clear();
    online.exchange();
    let link = raw(&mut online, Seat(1));
    let _ = frames::<Daedalus>(&link);
    // When the friend's seat moves first, they move, then the host's seat is
    // to move: the friend proposes the host's move.
    let mut n = 2;
    if online.table.session().state().to_move() == ToMove::Seat(Seat(1)) {
        let cursor = online.table.session().cursor();
        let own = online.table.session().state().legal_actions()[0].clone();
        assert!(link.send(protocol::encode(n, &ToHost::<Daedalus>::Propose { at: cursor, action: own }).unwrap()));
        n += 1;
        online.exchange();
        assert_eq!(online.table.session().cursor(), cursor + 1);
    }
    assert_eq!(online.table.session().state().to_move(), ToMove::Seat(Seat(0)));
    let cursor = online.table.session().cursor();
    let host_move = online.table.session().state().legal_actions()[0].clone();
    assert!(link.send(protocol::encode(n, &ToHost::<Daedalus>::Propose { at: cursor, action: host_move }).unwrap()));
    online.exchange();
    let why = refusals::<Daedalus>(&link);
    assert!(why.iter().any(|w| w.contains("not yours")), "{why:?}");
    assert_eq!(online.table.session().cursor(), cursor);
    // A stranger with a made-up code is sent away.
    let stranger = memory::dial(online.listener.as_ref().unwrap(), "stranger");
    let join: ToHost<Daedalus> =
        ToHost::Join { protocol: protocol::PROTOCOL, game: "daedalus".into(), token: "guess".into(), name: "X".into() };
    assert!(stranger.send(protocol::encode(1, &join).unwrap()));
    online.exchange();
    let told = frames::<Daedalus>(&stranger);
    assert!(told.iter().any(|m| matches!(m, ToGuest::Goodbye(w) if w.contains("not invited"))), "{told:?}");
    assert!(!told.iter().any(|m| matches!(m, ToGuest::View(_))), "a stranger sees nothing of the table");
    assert_eq!(online.table.session().cursor(), cursor);
    // Nor may anyone propose before joining.
    let early = memory::dial(online.listener.as_ref().unwrap(), "early");
    assert!(early.send(protocol::encode(1, &ToHost::<Daedalus>::Resend).unwrap()));
    online.exchange();
    assert!(frames::<Daedalus>(&early).iter().all(|m| !matches!(m, ToGuest::View(_))));
}

#[test]
fn a_view_that_does_not_match_its_hash_is_caught_and_healed_by_a_resend() {
    use aviary::rules::daedalus::{Daedalus, Options};
    use std::sync::mpsc::channel;
    let mut online =
        online::<Daedalus>(Setup { seats: 2, options: Options::default() }, 9, vec![Player::Human, Player::Friend]);
    online.play(6);
    online.mirrors.clear();
    online.exchange();
    // The friend comes back through a tap in the middle that alters one
    // log line of the second view it carries.
    let host_end = memory::dial(online.listener.as_ref().unwrap(), &peer(Seat(1)));
    let (mirror_out, from_mirror) = channel();
    let (to_mirror, mirror_in) = channel();
    let mut mirror = Mirror::<Daedalus>::join(Link::new("host".into(), mirror_out, mirror_in), &token(Seat(1)), "F");
    let mut views = 0;
    let mut events = Vec::new();
    for round in 0..12 {
        if round == 4 {
            // A move by the host's person, so a new (incremental) view goes out.
            while online.table.session().state().to_move() != ToMove::Seat(Seat(0)) {
                let legal = mirror.state().unwrap().legal_actions();
                mirror.propose(legal[0].clone());
                while let Ok(f) = from_mirror.try_recv() {
                    assert!(host_end.send(f));
                }
                online.host.poll(&mut online.table, &mut online.notices);
            }
            online.step();
        }
        while let Ok(f) = from_mirror.try_recv() {
            assert!(host_end.send(f));
        }
        online.host.poll(&mut online.table, &mut online.notices);
        while let Received::Frame(mut f) = host_end.receive() {
            if protocol::decode::<ToGuest<Daedalus>>(&f)
                .is_ok_and(|m| matches!(m.body, ToGuest::View(_) | ToGuest::Changes(_)))
            {
                views += 1;
                if views == 2 {
                    let text = String::from_utf8(f).unwrap().replacen(r#""text":""#, r#""text":"X"#, 1);
                    f = text.into_bytes();
                }
            }
            to_mirror.send(f).unwrap();
        }
        events.extend(mirror.poll());
    }
    assert!(views >= 3, "{views} views");
    assert!(events.contains(&GuestEvent::OutOfStep), "{events:?}");
    assert_eq!(mirror.out_of_step, 1);
    // Healed: the copy is the seat's view again.
    assert_eq!(mirror.state(), Some(&online.table.session().state().observation(Seat(1))));
    assert_eq!(mirror.log(), online.table.session().log());
}

/// Every frame a host sends a friend joining `seat` of a table at `session`.
fn sent_on_join<G: Evaluate>(session: Session<G>, seat: Seat, dir: &std::path::Path) -> Vec<Vec<u8>> {
    let table = Table::new(session, dir.join("alt.json"));
    let (listener, incoming) = memory::listener();
    let friends: Vec<Seat> = (0..table.session().players().len())
        .map(|i| Seat(i as u8))
        .filter(|s| table.session().players()[s.index()].is_friend())
        .collect();
    let mut host = Host::new(&table, friends.iter().map(|&s| token(s)).collect(), incoming);
    let mut table = table;
    let link = memory::dial(&listener, &peer(seat));
    let join: ToHost<G> =
        ToHost::Join { protocol: protocol::PROTOCOL, game: G::INFO.id.into(), token: token(seat), name: "F".into() };
    assert!(link.send(protocol::encode(1, &join).unwrap()));
    host.poll(&mut table, &mut Vec::new());
    let mut out = Vec::new();
    while let Received::Frame(f) = link.receive() {
        out.push(f);
    }
    assert!(out.len() >= 2, "a welcome and a view");
    out
}

/// Over a whole game, at every few moves and for every friend: what the
/// host sends that friend is the same, byte for byte, when everything the
/// friend may not know (other hands, the deck order, the dice to come) is
/// dealt otherwise. Returns how many checks found a world that differed.
fn nothing_hidden_reaches_a_friend<G: Evaluate>(setup: Setup<G::Options>, players: Vec<Player>, every: usize) -> usize {
    let mut online = online::<G>(setup, 13, players);
    let dir = tempfile::tempdir().unwrap();
    let mut rng = Rng::seeded(99);
    let (mut checks, mut differed) = (0, 0);
    let mut moves = 0;
    while online.step() {
        moves += 1;
        if moves % every != 0 {
            continue;
        }
        online.exchange();
        for m in &online.mirrors {
            let seat = m.seat().unwrap();
            let real = online.table.session().clone();
            let other = real.state().determinize(seat, &mut rng);
            if &other != real.state() {
                differed += 1;
            }
            let mut alt = real.clone();
            alt.replace_state(other);
            let a = sent_on_join(real, seat, dir.path());
            let b = sent_on_join(alt, seat, dir.path());
            assert!(a == b, "seat {seat:?} after {moves} moves: the bytes sent depend on a secret");
            checks += 1;
        }
    }
    assert!(online.table.session().is_over());
    assert!(checks > 20, "{checks} checks");
    differed
}

#[test]
fn nothing_an_enchanted_plumes_friend_may_not_know_is_ever_sent_to_them() {
    use aviary::rules::enchanted_plumes::{EnchantedPlumes, Options};
    let differed = nothing_hidden_reaches_a_friend::<EnchantedPlumes>(
        Setup { seats: 3, options: Options::default() },
        vec![Player::Human, Player::Friend, Player::Friend],
        3,
    );
    assert!(differed > 20, "the secrets were really dealt otherwise ({differed})");
}

#[test]
fn nothing_a_tail_feathers_friend_may_not_know_is_ever_sent_to_them() {
    use aviary::rules::tail_feathers::game::{Options, TailFeathers};
    let differed = nothing_hidden_reaches_a_friend::<TailFeathers>(
        Setup { seats: 2, options: Options::every_additional_rule() },
        vec![Player::Human, Player::Friend],
        12,
    );
    assert!(differed > 20, "the secrets were really dealt otherwise ({differed})");
}

#[test]
fn undo_online_is_a_request_the_other_side_allows_or_declines() {
    use aviary::rules::daedalus::{Daedalus, Options};
    let mut online =
        online::<Daedalus>(Setup { seats: 2, options: Options::default() }, 9, vec![Player::Human, Player::Friend]);
    // Play on until the friend has just moved and the host is to move.
    for _ in 0..200 {
        online.step();
        online.settle();
        let s = &online.table.session();
        if s.state().to_move() == ToMove::Seat(Seat(0)) && s.log().last().and_then(|e| e.seat) == Some(Seat(1)) {
            break;
        }
    }
    assert_eq!(online.table.session().log().last().and_then(|e| e.seat), Some(Seat(1)));
    let cursor = online.table.session().cursor();
    // The friend asks; nothing moves until the host answers.
    online.mirrors[0].ask_undo();
    online.exchange();
    assert!(online.host.undo_asked.is_some());
    assert_eq!(online.table.session().cursor(), cursor);
    // Declined: nothing changes.
    let mut notices = Vec::new();
    online.host.answer_undo(false, &mut online.table, &mut notices);
    online.settle();
    assert_eq!(online.table.session().cursor(), cursor);
    // Asked again and allowed: the friend's last move is taken back, and
    // the friend's screen shows it.
    online.mirrors[0].ask_undo();
    online.exchange();
    online.host.answer_undo(true, &mut online.table, &mut notices);
    online.settle();
    assert_eq!(online.table.session().cursor(), cursor - 1);
    assert_eq!(online.table.session().state().to_move(), ToMove::Seat(Seat(1)));
    online.assert_in_step();
    // The host asks: the friend is asked, and allowing takes back the
    // host's last move (and the friend's reply after it, if any).
    online.step();
    online.settle();
    online.step();
    online.settle();
    let before = online.table.session().cursor();
    let mut t = std::mem::take(&mut online.notices);
    online.host.ask_undo(&mut online.table, &mut t);
    assert!(online.host.undo_asked.is_some(), "the friend is asked first");
    assert_eq!(online.table.session().cursor(), before);
    online.exchange();
    online.mirrors[0].answer_undo(true);
    online.exchange();
    online.settle();
    assert!(online.table.session().cursor() < before, "the host's move was taken back");
    assert_eq!(online.table.session().state().to_move(), ToMove::Seat(Seat(0)), "the host is to move again");
    online.assert_in_step();
}

#[test]
fn a_friend_keeps_their_own_copy_and_can_step_through_it_but_not_play_on_it() {
    use aviary::rules::enchanted_plumes::{EnchantedPlumes, Options};
    use aviary::ui::enchanted_plumes::PlumesTab;
    use aviary::ui::tab::View;
    let mut online = online::<EnchantedPlumes>(
        Setup { seats: 3, options: Options::default() },
        33,
        vec![Player::Human, Player::Friend, Player::Human],
    );
    online.play(5000);
    assert!(online.table.session().is_over());
    let end = online.table.session().state().observation(Seat(1));
    let (_, friend) = &mut online.friend_tables[0];
    friend.wait_for_autosave().unwrap();
    let path = friend.path.clone();

    // The friend's file holds what their seat was shown, view by view, and
    // no action (the friend never knew them, nor the deck).
    let (file, summary) = aviary::games::verify_path(&path).unwrap();
    assert!(file.actions.is_empty());
    let copy = file.friend.clone().expect("a friend's copy");
    assert_eq!(copy.seat, Some(1));
    let views = copy.states::<EnchantedPlumes>().unwrap();
    assert!(views.len() > 20, "{} views", views.len());
    assert_eq!(views.last(), Some(&end), "the last view is the end as the seat saw it");
    assert!(summary.finished && summary.now.starts_with("a friend's copy — finished"), "{}", summary.now);

    // Opened, it is the copy at its last view, stepped back and forth.
    let mut tab = aviary::games::open(&path).unwrap();
    assert!(tab.title().starts_with("Copy:"), "{}", tab.title());
    assert!(tab.can_undo() && !tab.can_redo());
    let mut notices = Vec::new();
    tab.undo(&mut notices);
    tab.undo(&mut notices);
    assert!(tab.can_redo());
    let plumes = tab.as_any_mut().downcast_mut::<PlumesTab>().unwrap();
    assert_eq!(plumes.view.table().session().state(), &views[views.len() - 3]);
    // It takes no move: the friend rejoins the host to play on.
    let legal = plumes.view.table().session().state().legal_actions();
    if let Some(a) = legal.first() {
        assert!(!plumes.view.table_mut().propose_for_person(a.clone(), &mut notices));
        assert!(notices.iter().any(|n| matches!(n, Notice::Error(t) if t.contains("Rejoin the game"))), "{notices:?}");
    }
    tab.redo(&mut notices);
    tab.redo(&mut notices);
    assert!(!tab.can_redo());
    let before = std::fs::read_to_string(&path).unwrap();
    assert!(tab.save().is_ok());
    drop(tab);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), before, "stepping through the copy writes nothing");

    // A damaged copy is refused with a message; the file stays as it was.
    let at = before.find("\"views\"").unwrap() + 200;
    let digit = before[at..].find(|c: char| c.is_ascii_digit()).unwrap() + at;
    let mut damaged = before.clone();
    let swapped = if &before[digit..=digit] == "7" { "8" } else { "7" };
    damaged.replace_range(digit..=digit, swapped);
    std::fs::write(&path, &damaged).unwrap();
    let why = aviary::games::open(&path).err().expect("refused").to_string();
    assert!(why.contains("checksum"), "{why}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), damaged);
}

#[test]
fn a_host_that_sends_an_impossible_position_is_left_and_the_friends_copy_keeps_what_it_had() {
    use aviary::net::protocol::View;
    use aviary::rules::enchanted_plumes::{EnchantedPlumes, Options};
    use std::sync::mpsc::channel;
    let setup = Setup { seats: 3, options: Options::default() };
    let real = EnchantedPlumes::new(&setup, 5).observation(Seat(1));
    // A host of our own making: it welcomes the friend, sends a true view,
    // then a position of a 9-seat game, its hash made to match.
    let (mirror_out, _from_mirror) = channel();
    let (to_mirror, mirror_in) = channel();
    let mut mirror = Mirror::<EnchantedPlumes>::join(Link::new("host".into(), mirror_out, mirror_in), "t", "F");
    let welcome: ToGuest<EnchantedPlumes> = ToGuest::Welcome { seat: Seat(1), players: vec!["A".into(); 3] };
    to_mirror.send(protocol::encode(1, &welcome).unwrap()).unwrap();
    let view = |state: EnchantedPlumes| {
        let hash = protocol::view_hash(&state, &[]);
        ToGuest::View(View { cursor: 0, from: 0, log: Vec::new(), state, hash })
    };
    to_mirror.send(protocol::encode(2, &view(real.clone())).unwrap()).unwrap();
    assert!(mirror.poll().contains(&GuestEvent::Moved));
    assert_eq!(mirror.state(), Some(&real));
    let text = serde_json::to_string(&real).unwrap();
    assert!(text.contains("\"seats\":3"), "the state names its seats");
    let impossible: EnchantedPlumes = serde_json::from_str(&text.replacen("\"seats\":3", "\"seats\":9", 1)).unwrap();
    to_mirror.send(protocol::encode(3, &view(impossible)).unwrap()).unwrap();
    let events = mirror.poll();
    assert!(events.iter().any(|e| matches!(e, GuestEvent::Goodbye(why) if why.contains("cannot show"))), "{events:?}");
    assert_eq!(mirror.state(), Some(&real), "the copy keeps the last true view");
    assert!(mirror.closed().is_some());
}

/// True when taking back `seat`'s last move would take back something that
/// was shown (a card drawn).
fn last_move_showed(online: &Online<aviary::rules::enchanted_plumes::EnchantedPlumes>, seat: Seat) -> bool {
    let log = &online.table.session().log()[..online.table.session().cursor()];
    log.iter().rposition(|e| e.seat == Some(seat)).is_some_and(|i| log[i..].iter().any(|e| e.reveals))
}

#[test]
fn an_online_take_back_past_a_drawn_card_asks_and_marks_the_game_even_when_friends_may_undo_freely() {
    use aviary::rules::enchanted_plumes::{EnchantedPlumes, Options};
    let mut online = online::<EnchantedPlumes>(
        Setup { seats: 2, options: Options::default() },
        5,
        vec![Player::Human, Player::Friend],
    );
    online.host.undo_freely = true;
    // Play on until the friend's last move drew a card.
    for _ in 0..400 {
        if online.table.session().log().last().and_then(|e| e.seat) == Some(Seat(1))
            && last_move_showed(&online, Seat(1))
        {
            break;
        }
        online.step();
        online.settle();
    }
    assert!(last_move_showed(&online, Seat(1)), "the friend drew a card");
    let cursor = online.table.session().cursor();
    // "Friends may take back moves without asking" does not cover a card
    // seen: the host is asked, as at one screen.
    online.mirrors[0].ask_undo();
    online.exchange();
    let asked = online.host.undo_asked.clone().expect("the host is asked");
    assert!(asked.shows && asked.by == Some(Seat(1)));
    assert_eq!(online.table.session().cursor(), cursor, "nothing taken back yet");
    assert!(!online.table.session().is_assisted());
    let mut notices = Vec::new();
    online.host.answer_undo(true, &mut online.table, &mut notices);
    online.settle();
    assert!(online.table.session().cursor() < cursor);
    assert!(online.table.session().is_assisted(), "the game counts as using undo");
    online.assert_in_step();
}

#[test]
fn a_take_back_that_shows_nothing_is_free_when_friends_may_undo_freely() {
    use aviary::rules::daedalus::{Daedalus, Options};
    let mut online =
        online::<Daedalus>(Setup { seats: 2, options: Options::default() }, 9, vec![Player::Human, Player::Friend]);
    online.host.undo_freely = true;
    for _ in 0..200 {
        online.step();
        online.settle();
        if online.table.session().log().last().and_then(|e| e.seat) == Some(Seat(1)) {
            break;
        }
    }
    let cursor = online.table.session().cursor();
    online.mirrors[0].ask_undo();
    online.exchange();
    online.settle();
    assert!(online.host.undo_asked.is_none());
    assert_eq!(online.table.session().cursor(), cursor - 1);
    assert!(!online.table.session().is_assisted());
}

#[test]
fn with_two_friends_the_hosts_take_back_needs_both_and_a_second_request_waits_its_turn() {
    use aviary::rules::enchanted_plumes::{EnchantedPlumes, Options};
    let mut online = online::<EnchantedPlumes>(
        Setup { seats: 3, options: Options::default() },
        8,
        vec![Player::Human, Player::Friend, Player::Friend],
    );
    // Play until the host has moved and both friends have moved since.
    for _ in 0..400 {
        online.step();
        online.settle();
        let log = online.table.session().log();
        let last_host = log.iter().rposition(|e| e.seat == Some(Seat(0)));
        let moved = |s: u8| log.iter().rposition(|e| e.seat == Some(Seat(s))) > last_host;
        if last_host.is_some() && moved(1) && moved(2) {
            break;
        }
    }
    let cursor = online.table.session().cursor();
    let mut notices = Vec::new();
    online.host.ask_undo(&mut online.table, &mut notices);
    online.exchange();
    let seat_1 = online.mirrors.iter().position(|m| m.seat() == Some(Seat(1))).unwrap();
    let seat_2 = 1 - seat_1;
    online.mirrors[seat_1].answer_undo(true);
    online.exchange();
    assert_eq!(online.table.session().cursor(), cursor, "one friend's yes is not everyone's");
    assert!(online.host.undo_asked.is_some());
    online.mirrors[seat_2].answer_undo(true);
    online.exchange();
    online.settle();
    assert!(online.table.session().cursor() < cursor, "both said yes: taken back");
    online.assert_in_step();
    // Both friends ask: the second request waits for the first's answer.
    for _ in 0..400 {
        online.step();
        online.settle();
        let log = online.table.session().log();
        if log.iter().any(|e| e.seat == Some(Seat(1))) && log.iter().any(|e| e.seat == Some(Seat(2))) {
            break;
        }
    }
    online.mirrors[seat_1].ask_undo();
    online.exchange();
    online.mirrors[seat_2].ask_undo();
    online.exchange();
    assert_eq!(online.host.undo_asked.as_ref().and_then(|r| r.by), Some(Seat(1)));
    online.host.answer_undo(false, &mut online.table, &mut notices);
    online.exchange();
    assert_eq!(
        online.host.undo_asked.as_ref().and_then(|r| r.by),
        Some(Seat(2)),
        "the second request was kept and is asked now"
    );
}

#[test]
fn a_friends_copy_grows_by_the_changes_and_steps_back_to_every_view() {
    use aviary::rules::tail_feathers::game::{Options, TailFeathers};
    let mut online = online::<TailFeathers>(
        Setup { seats: 2, options: Options::every_additional_rule() },
        4,
        vec![Player::Human, Player::Friend],
    );
    online.play(120);
    let (_, friend) = &mut online.friend_tables[0];
    friend.wait_for_autosave().unwrap();
    let text = std::fs::read_to_string(&friend.path).unwrap();
    let (file, _) = aviary::games::verify_path(&friend.path).unwrap();
    let copy = file.friend.expect("a friend's copy");
    let states = copy.states::<TailFeathers>().unwrap();
    assert!(states.len() > 30, "{} views", states.len());
    let whole = serde_json::to_string(states.last().unwrap()).unwrap().len();
    let per_view = text.len() / states.len();
    eprintln!("friend's copy: {} views, {} bytes ({per_view} a view; a whole view {whole})", states.len(), text.len());
    assert!(per_view * 3 < whole, "{per_view} bytes a view in the file, a whole view is {whole}");
    // Every view reads back as the seat saw it: the last is the host's
    // table as the friend's seat sees it now.
    assert_eq!(states.last(), Some(&online.table.session().state().observation(Seat(1))));
}
