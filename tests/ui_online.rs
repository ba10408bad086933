//! Two Aviary apps in one process play Daedalus online, as people do: the
//! host starts a game with a "Friend online" seat and reads the invite
//! code off the tab; the friend pastes it into "Join a game online". Both
//! stay on this machine (loopback endpoints, no relay, no lookup).

#![allow(clippy::unwrap_used)]

mod common;

use common::{MOST_FRAMES, NAP, until};

use aviary::app::AviaryApp;
use aviary::rules::{Game, Seat, ToMove};
use aviary::ui::daedalus::DaedalusTab;
use aviary::ui::tab::View;
use common::game_tab;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

fn app(dir: &std::path::Path, name: &str) -> Harness<'static, AviaryApp> {
    let mut app = AviaryApp::new(Some(dir.join(name).join("config")), dir.join(name).join("saves"));
    app.loopback_net = true;
    Harness::builder().with_size([1280.0, 900.0]).build_ui_state(|ui, app: &mut AviaryApp| app.ui_root(ui), app)
}

#[test]
fn a_host_and_a_friend_play_daedalus_from_an_invite_code() {
    let dir = tempfile::tempdir().unwrap();
    let mut host = app(dir.path(), "host");
    let mut friend = app(dir.path(), "friend");
    host.run();
    friend.run();

    // The host: a new Daedalus game, Black played by a friend online.
    host.get_by_label("New Daedalus game").click();
    host.run();
    let friend_choices: Vec<_> = host.query_all_by_label("Friend online").collect();
    assert_eq!(friend_choices.len(), 2, "each seat may be a friend online");
    friend_choices[1].click();
    host.run();
    host.get_by_label("Start").click();
    host.run_steps(2);
    // The code shows once the network is up.
    let code = invite_code(&mut host, &mut friend);
    assert!(code.starts_with("daedalus/"), "{code}");
    host.step();
    host.get_by_label("Copy");
    host.get_by_label_contains("send this code to your friend");

    // The friend pastes it.
    join(&mut friend, &code);
    until(&mut host, &mut friend, "the friend to see the table", |h, f| {
        let shown = game_tab::<DaedalusTab>(f).online.as_ref().unwrap().shown();
        shown && h.query_by_label_contains("Ben is connected").is_some()
    });
    friend.step();
    friend.get_by_label_contains("Online — you play Black");
    assert!(game_tab::<DaedalusTab>(&mut friend).view.flipped, "the friend playing Black sees Black at the bottom");
    assert!(!game_tab::<DaedalusTab>(&mut host).view.flipped, "the host playing White sees White at the bottom");

    // They play: whoever is to move, from their own app.
    for _ in 0..6 {
        let to_move = game_tab::<DaedalusTab>(&mut host).view.table().session().state().to_move();
        let before = game_tab::<DaedalusTab>(&mut host).view.table().session().cursor();
        let mover = if to_move == ToMove::Seat(Seat(0)) { &mut host } else { &mut friend };
        let table = game_tab::<DaedalusTab>(mover).view.table_mut();
        let action = table.session().state().legal_actions()[0].clone();
        let mut notices = Vec::new();
        assert!(table.propose_for_person(action, &mut notices), "{notices:?}");
        until(&mut host, &mut friend, "the move on both screens", |h, f| {
            let cursor = game_tab::<DaedalusTab>(h).view.table().session().cursor();
            let seen = game_tab::<DaedalusTab>(f).view.table().session().log().len();
            cursor == before + 1 && seen == cursor
        });
    }
    // The friend's view is Black's view of the host's table.
    let real = game_tab::<DaedalusTab>(&mut host).view.table().session().state().observation(Seat(1));
    assert_eq!(game_tab::<DaedalusTab>(&mut friend).view.table().session().state(), &real);

    // The host lets friends take moves back without asking: the friend's
    // undo is done at once, on both screens, with no question on the host's.
    host.get_by_label("Friends may take back moves without asking").click();
    host.run();
    let before = game_tab::<DaedalusTab>(&mut host).view.table().session().cursor();
    let mut notices = Vec::new();
    game_tab::<DaedalusTab>(&mut friend).guarded_undo(&mut notices);
    until(&mut host, &mut friend, "the friend's move taken back", |h, f| {
        let cursor = game_tab::<DaedalusTab>(h).view.table().session().cursor();
        cursor < before && game_tab::<DaedalusTab>(f).view.table().session().log().len() == cursor
    });
    assert!(host.query_by_label_contains("asks to take back").is_none(), "the host was not asked");
    assert_eq!(
        game_tab::<DaedalusTab>(&mut host).view.table().session().state().to_move(),
        ToMove::Seat(Seat(1)),
        "Black (the friend) is to move again"
    );

    // A move out of turn is refused on the friend's screen with the reason.
    let host_turn =
        game_tab::<DaedalusTab>(&mut host).view.table().session().state().to_move() == ToMove::Seat(Seat(0));
    if host_turn {
        let action = game_tab::<DaedalusTab>(&mut host).view.table().session().state().legal_actions()[0].clone();
        let table = game_tab::<DaedalusTab>(&mut friend).view.table_mut();
        let mut notices = Vec::new();
        assert!(!table.propose_for_person(action, &mut notices));
        assert!(format!("{notices:?}").contains("Wait for your turn"), "{notices:?}");
    }
}

#[test]
fn a_friend_who_closes_aviary_steps_through_their_copy_and_rejoins_from_it() {
    let dir = tempfile::tempdir().unwrap();
    let (mut host, mut friend) = daedalus_with_ben(dir.path());
    let play = |host: &mut Harness<'static, AviaryApp>, friend: &mut Harness<'static, AviaryApp>, moves: usize| {
        for _ in 0..moves {
            let to_move = game_tab::<DaedalusTab>(host).view.table().session().state().to_move();
            let before = game_tab::<DaedalusTab>(host).view.table().session().cursor();
            let mover = if to_move == ToMove::Seat(Seat(0)) { &mut *host } else { &mut *friend };
            let table = game_tab::<DaedalusTab>(mover).view.table_mut();
            let action = table.session().state().legal_actions()[0].clone();
            let mut notices = Vec::new();
            assert!(table.propose_for_person(action, &mut notices), "{notices:?}");
            until(host, friend, "the move on both screens", |h, f| {
                let cursor = game_tab::<DaedalusTab>(h).view.table().session().cursor();
                let seen = game_tab::<DaedalusTab>(f).view.table().session().log().len();
                cursor == before + 1 && seen == cursor
            });
        }
    };
    play(&mut host, &mut friend, 5);
    let seen = game_tab::<DaedalusTab>(&mut friend).view.table().session().state().clone();

    // The friend closes Aviary; the host's game waits for them.
    assert!(friend.state_mut().save_all().is_empty());
    drop(friend);
    let went = (0..MOST_FRAMES).any(|_| {
        host.step();
        std::thread::sleep(NAP);
        host.query_by_label_contains("waiting for Ben").is_some()
    });
    assert!(went, "the host never saw Ben go in {MOST_FRAMES} frames");

    // Aviary again: it offers to resume the game, which opens the friend's
    // copy at its last view; the copy steps back through the views and
    // takes no move.
    let mut friend = app(dir.path(), "friend");
    friend.run();
    friend.state_mut().wait_for_files();
    friend.run();
    friend.get_by_label_contains("Pick up where you left off?");
    friend.get_by_label("Resume").click();
    // Background work (the settings written, the copy's writer) may wake
    // a frame or two more.
    friend.run_steps(4);
    friend.get_by_label_contains("Your copy of an online game — you played Black");
    assert_eq!(game_tab::<DaedalusTab>(&mut friend).view.table().session().state(), &seen);
    friend.get_by_label("‹ Back").click();
    friend.run_steps(2);
    assert_ne!(game_tab::<DaedalusTab>(&mut friend).view.table().session().state(), &seen);
    friend.get_by_label("End »").click();
    friend.run_steps(2);

    // Rejoin: same computer, same code, same seat; the game goes on.
    friend.get_by_label("Rejoin the game").click();
    friend.step();
    until(&mut host, &mut friend, "the friend back at the table", |h, f| {
        game_tab::<DaedalusTab>(f).online.as_ref().is_some_and(aviary::ui::online::Online::shown)
            && h.query_by_label_contains("waiting for Ben").is_none()
    });
    play(&mut host, &mut friend, 3);
    let real = game_tab::<DaedalusTab>(&mut host).view.table().session().state().observation(Seat(1));
    assert_eq!(game_tab::<DaedalusTab>(&mut friend).view.table().session().state(), &real);
}

/// The host starts Daedalus with Black a friend online; the friend ("Ben")
/// joins with the code, as a person does.
fn daedalus_with_ben(dir: &std::path::Path) -> (Harness<'static, AviaryApp>, Harness<'static, AviaryApp>) {
    let mut host = app(dir, "host");
    let mut friend = app(dir, "friend");
    host.run();
    friend.run();
    host.get_by_label("New Daedalus game").click();
    host.run();
    host.query_all_by_label("Friend online").nth(1).unwrap().click();
    host.run();
    host.get_by_label("Start").click();
    host.run_steps(2);
    let code = invite_code(&mut host, &mut friend);
    join(&mut friend, &code);
    until(&mut host, &mut friend, "the friend to see the table", |h, f| {
        game_tab::<DaedalusTab>(f).online.as_ref().unwrap().shown() && h.query_by_label_contains("Ben").is_some()
    });
    (host, friend)
}

/// The host's invite code, once the network is up.
fn invite_code(host: &mut Harness<'static, AviaryApp>, friend: &mut Harness<'static, AviaryApp>) -> String {
    let mut code = String::new();
    until(host, friend, "the invite code", |h, _| {
        let tab = game_tab::<DaedalusTab>(h);
        code = tab.online.as_ref().and_then(|o| o.invite_codes().first().map(|c| c.1.clone())).unwrap_or_default();
        !code.is_empty()
    });
    code
}

/// The friend pastes `code` into "Join a game online" as Ben.
fn join(friend: &mut Harness<'static, AviaryApp>, code: &str) {
    friend.get_by_label("Join a game online").click();
    friend.run();
    friend.get_by_role(egui::accesskit::Role::MultilineTextInput).type_text(code);
    friend.run();
    friend.get_by_role(egui::accesskit::Role::TextInput).focus();
    friend.run();
    friend.get_by_role(egui::accesskit::Role::TextInput).type_text("Ben");
    friend.run();
    friend.get_by_label("Join").click();
    friend.run_steps(2);
    assert!(friend.state().join.is_none(), "the dialog closed: {:?}", friend.state().join);
}
