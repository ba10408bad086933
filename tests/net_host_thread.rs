//! The host's table on its own thread (issue 42, part 1): a host whose
//! window is never drawn still plays a whole game with a friend, and the
//! friend sees "sending your move…" until the host answers.
#![allow(clippy::unwrap_used)]

use std::sync::Arc;

use aviary::ai::Level;
use aviary::net::invite::Invite;
use aviary::net::{Host, Mirror, memory};
use aviary::rules::daedalus::{Daedalus, Options};
use aviary::rules::{Game, Rng, Seat, Setup, ToMove};
use aviary::save::FriendCopy;
use aviary::session::{Player, Session};
use aviary::table::{Table, Waker};
use aviary::ui::daedalus::DaedalusTab;
use aviary::ui::online::Online;
use aviary::ui::tab::View;
use aviary::ui::{GameTab, Notice, ViewSettings};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

const SETTINGS: ViewSettings =
    ViewSettings { dark: false, animations: false, computer_delay: 0.0, strict_undo: false, quick_card_windows: false };

fn nobody() -> Waker {
    Arc::new(|| {})
}

/// The host's tab plays the computer's seat and hosts the friend's; its
/// window is never drawn (no `ui`, no frame at all). The friend plays a
/// whole game from a mirror: every move is checked, applied, answered and
/// saved by the hosting thread, and the computer's replies come too.
#[test]
fn a_host_whose_window_is_never_drawn_plays_a_whole_game_with_a_friend() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("hosted.json");
    let setup = Setup { seats: 2, options: Options::default() };
    // The computer plays at random: quick, and still the host's work.
    let players = vec![Player::Computer(Level::Random), Player::Friend];
    let mut tab = DaedalusTab::new(Table::new(Session::new(setup, 5, players), path.clone()));
    let (listener, incoming) = memory::listener();
    let mut online = Online::host_links(tab.view.table_mut(), incoming, nobody());
    let token = online.host_status().unwrap().invitations[0].token.clone();
    assert!(tab.view.table().hosted, "the window keeps a copy; the game is on the hosting thread");
    let wake = online.host_waker().unwrap();
    let mut friend = Mirror::<Daedalus>::join(memory::dial_waking(&listener, "friend", wake), &token, "Ben");
    let mut rng = Rng::seeded(3);
    let mut moves = 0;
    // Bounded by steps: a game of Daedalus ends well within them.
    for _ in 0..200_000 {
        friend.poll();
        let Some(state) = friend.state() else {
            std::thread::sleep(std::time::Duration::from_millis(1));
            continue;
        };
        if state.outcome().is_some() {
            break;
        }
        if friend.our_turn() && !friend.sending() {
            let legal = state.legal_actions();
            friend.propose(legal[rng.below(legal.len())].clone());
            assert!(friend.sending(), "a move on its way is shown as such until the host answers");
            moves += 1;
        } else {
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
    }
    let end = friend.state().unwrap();
    assert!(end.outcome().is_some(), "the game ended: the friend sees its end ({moves} moves)");
    assert!(moves > 5, "the friend played ({moves} moves)");
    assert!(friend.log().iter().any(|l| l.seat == Some(Seat(0))), "the computer's moves came from the host");
    // Stopping hands the table back to the tab, with every move, saved.
    online.stop(tab.view.table_mut());
    let table = tab.view.table();
    assert!(!table.hosted && table.session().is_over());
    let saved = aviary::save::parse(&aviary::save::read(&path).unwrap()).unwrap();
    assert_eq!(saved.actions.len(), table.session().actions().len(), "the hosting thread saved every move");
}

/// A friend's tab over a memory link to a host that answers only when the
/// test polls it.
fn friend_tab(host_table: &Table<Daedalus>) -> (DaedalusTab, Host<Daedalus>, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let (listener, incoming) = memory::listener();
    let host = Host::new(host_table, vec!["seat-token".into()], incoming);
    let invite = Invite {
        game: Daedalus::INFO.id.into(),
        host: "host".into(),
        token: "seat-token".into(),
        addrs: Vec::new(),
        relay: None,
    };
    let setup = Setup { seats: 2, options: Options::default() };
    let mut table =
        Table::new(Session::new(setup, 0, vec![Player::Friend, Player::Friend]), dir.path().join("copy.json"));
    table.mirror = true;
    table.copy = Some(FriendCopy::new(invite.code(), "Ben".into()));
    let mut tab = DaedalusTab::new(table);
    tab.online = Some(Online::join_link(invite, "Ben".into(), memory::dial(&listener, "friend")));
    (tab, host, dir)
}

/// The friend's bar says "sending your move…" from the moment a move is
/// made until the host has played it, however many frames that takes.
#[test]
fn a_friend_sees_their_move_as_sending_until_the_host_answers() {
    let dir = tempfile::tempdir().unwrap();
    let setup = Setup { seats: 2, options: Options::default() };
    // The friend takes the seat that starts.
    let first = Daedalus::new(&setup, 9).to_move().seat().unwrap();
    let players = if first == Seat(0) { [Player::Friend, Player::Human] } else { [Player::Human, Player::Friend] };
    let mut host_table = Table::new(Session::new(setup, 9, players.to_vec()), dir.path().join("host.json"));
    let (tab, mut host, _copy_dir) = friend_tab(&host_table);
    let mut notices: Vec<Notice> = Vec::new();
    let mut h = Harness::builder().with_size([1200.0, 800.0]).build_ui_state(
        |ui, tab: &mut DaedalusTab| {
            let mut notices = Vec::new();
            GameTab::ui(tab, ui, &SETTINGS, &mut notices);
        },
        tab,
    );
    // The host welcomes the friend and sends the table.
    for _ in 0..5 {
        host.poll(&mut host_table, &mut notices);
        h.run_steps(2);
    }
    assert_eq!(host_table.session().state().to_move(), ToMove::Seat(first), "the friend starts");
    assert!(h.state().view.table().person_to_move().is_some(), "the friend's copy shows their turn");
    let first = h.state().view.table().session().state().legal_actions()[0].clone();
    assert!(h.state_mut().view.table_mut().propose_for_person(first, &mut Vec::new()));
    // However many frames pass, the host has not answered.
    h.run_steps(20);
    h.get_by_label("sending your move…");
    let again = h.state().view.table().session().state().legal_actions()[0].clone();
    assert!(
        !h.state_mut().view.table_mut().propose_for_person(again, &mut notices),
        "a second move waits for the first"
    );
    // The host plays it: the word goes.
    host.poll(&mut host_table, &mut notices);
    h.run_steps(3);
    assert_eq!(host_table.session().cursor(), 1);
    assert!(h.query_by_label("sending your move…").is_none());
    assert_eq!(h.state().view.table().session().log().len(), 1, "the friend's copy shows it played");
}
