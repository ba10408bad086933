//! Replaying a saved game, as a person does it (issue 27, part 3), for
//! every game: opened from Saved Games at move 0, stepped forwards and
//! backwards with the arrow keys, Home and End, the board matching a fresh
//! replay at every step; "Play on from here" starts a new game equal to the
//! save cut at that move, leaving the replayed file untouched; "Copy
//! position" copies that save; a game in progress shows one seat's view.
#![allow(clippy::unwrap_used)]

use std::path::Path;

use aviary::ai::Evaluate;
use aviary::app::{AviaryApp, Screen};
use aviary::rules::{Game, Rng, Seat, Setup, ToMove};
use aviary::save;
use aviary::session::{Player, Session};
use aviary::ui::tab::{Tab, View};
use egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

fn harness(dir: &Path) -> Harness<'static, AviaryApp> {
    let app = AviaryApp::new(Some(dir.join("config")), dir.join("saves"));
    Harness::builder()
        .with_size([1280.0, 900.0])
        .with_max_steps(12)
        .build_ui_state(|ui, app: &mut AviaryApp| app.ui_root(ui), app)
}

/// A game of `G` played at random for `moves` actions from `seed`, saved in
/// `dir`; its path and the session.
fn saved<G: Evaluate>(
    dir: &Path,
    options: G::Options,
    seats: u8,
    players: Vec<Player>,
    moves: usize,
    seed: u64,
) -> std::path::PathBuf {
    let mut session: Session<G> = Session::new(Setup { seats, options }, seed, players);
    let mut rng = Rng::seeded(seed);
    for _ in 0..moves {
        let s = session.state();
        if s.to_move() == ToMove::Nobody {
            break;
        }
        let legal = s.legal_actions();
        let a = legal[rng.below(legal.len())].clone();
        session.propose(a).unwrap();
    }
    let path = dir.join("saves").join(format!("{}-replayed.json", G::INFO.id));
    save::write_file(&path, &save::to_text(&save::record(&session))).unwrap();
    path
}

/// As [`saved`], with the game's default options.
fn saved_plain<G: Evaluate>(
    dir: &Path,
    seats: u8,
    players: Vec<Player>,
    moves: usize,
    seed: u64,
) -> std::path::PathBuf {
    saved::<G>(dir, G::Options::default(), seats, players, moves, seed)
}

/// The state after the first `n` actions of the file, replayed afresh.
fn fresh<G: Game>(file: &save::SaveFile, n: usize) -> G {
    let mut cut = file.clone();
    cut.actions.truncate(n);
    cut.cursor = Some(n);
    save::restore::<G>(&cut).unwrap().state().clone()
}

fn replay_tab<'h, V: View>(h: &'h mut Harness<'_, AviaryApp>) -> &'h mut Tab<V> {
    let app = h.state_mut();
    let Screen::Game(i) = app.screen else { panic!("no game showing") };
    app.tabs[i].as_any_mut().downcast_mut::<Tab<V>>().expect("the game's tab")
}

fn check<V: View>(path: &Path, dir: &Path) {
    let before = std::fs::read(path).unwrap();
    let file = save::parse(&String::from_utf8(before.clone()).unwrap()).unwrap();
    let total = file.actions.len();
    assert!(total >= 8, "a game of some length");
    let mut h = harness(dir);
    // Saved Games lists the file with a Replay button.
    h.state_mut().screen = Screen::SavedGames;
    // The list is read on a background thread (a spinner meanwhile).
    for _ in 0..200 {
        h.step();
        if h.query_by_label("Replay").is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    h.get_by_label("Replay").click();
    h.run();
    let state = |h: &mut Harness<'_, AviaryApp>| replay_tab::<V>(h).view.table().session.state().clone();
    let cursor = |h: &mut Harness<'_, AviaryApp>| replay_tab::<V>(h).view.table().session.cursor();
    assert_eq!(cursor(&mut h), 0, "the replay starts at move 0");
    assert_eq!(state(&mut h), fresh::<V::Game>(&file, 0));
    h.get_by_label("replay: Move 0: the start of the game");
    // Forwards, one move at a time, then back.
    for k in 1..=total.min(12) {
        h.key_press(Key::ArrowRight);
        h.run();
        assert_eq!(cursor(&mut h), k);
        assert_eq!(state(&mut h), fresh::<V::Game>(&file, k), "move {k}");
    }
    for k in (0..total.min(12)).rev().take(4) {
        h.key_press(Key::ArrowLeft);
        h.run();
        assert_eq!(cursor(&mut h), k);
        assert_eq!(state(&mut h), fresh::<V::Game>(&file, k), "back to move {k}");
    }
    h.key_press(Key::End);
    h.run();
    assert_eq!(cursor(&mut h), total);
    assert_eq!(state(&mut h), fresh::<V::Game>(&file, total));
    h.key_press(Key::Home);
    h.run();
    assert_eq!(cursor(&mut h), 0);
    // The replay never plays: no computer moves, nothing written.
    for _ in 0..5 {
        h.run();
    }
    assert_eq!(cursor(&mut h), 0);
    // Copy the position at move 5: the save cut there.
    for _ in 0..5 {
        h.key_press(Key::ArrowRight);
        h.run();
    }
    h.get_by_label("Copy position").click();
    h.step();
    let copied = h.output().platform_output.commands.iter().find_map(|c| match c {
        egui::OutputCommand::CopyText(t) => Some(t.clone()),
        _ => None,
    });
    let text = copied.expect("the save text was copied");
    let cut = save::parse(&text).unwrap();
    assert_eq!(cut.actions.len(), 5);
    assert_eq!(save::restore::<V::Game>(&cut).unwrap().state(), &fresh::<V::Game>(&file, 5));
    // Play on from move 5: a new game there, in a file of its own.
    let tabs_before = h.state().tabs.len();
    h.get_by_label("Play on from here").click();
    h.step();
    h.step();
    assert_eq!(h.state().tabs.len(), tabs_before + 1, "a new tab");
    let new_path = {
        let app = h.state_mut();
        let Screen::Game(i) = app.screen else { panic!("no game showing") };
        assert!(!app.tabs[i].is_replay(), "the new game is played, not replayed");
        app.tabs[i].path().to_path_buf()
    };
    assert_ne!(new_path, path);
    let played_on = save::parse(&save::read(&new_path).unwrap()).unwrap();
    assert_eq!(save::restore::<V::Game>(&played_on).unwrap().state(), &fresh::<V::Game>(&file, 5));
    assert_eq!(
        played_on.seats.iter().map(|s| s.player).collect::<Vec<_>>(),
        file.seats.iter().map(|s| s.player).collect::<Vec<_>>()
    );
    assert_eq!(std::fs::read(path).unwrap(), before, "the replayed file is untouched");
}

#[test]
fn a_daedalus_game_is_replayed_step_by_step_and_played_on() {
    let dir = tempfile::tempdir().unwrap();
    let path =
        saved_plain::<aviary::rules::daedalus::Daedalus>(dir.path(), 2, vec![Player::Human, Player::Human], 30, 3);
    check::<aviary::ui::daedalus::DaedalusView>(&path, dir.path());
}

#[test]
fn a_feathers_and_wax_game_is_replayed_step_by_step_and_played_on() {
    let dir = tempfile::tempdir().unwrap();
    let path = saved_plain::<aviary::rules::feathers_wax::FeathersAndWax>(dir.path(), 1, vec![Player::Human], 30, 3);
    check::<aviary::ui::feathers_wax::FeathersView>(&path, dir.path());
}

#[test]
fn an_enchanted_plumes_game_is_replayed_step_by_step_and_played_on() {
    let dir = tempfile::tempdir().unwrap();
    let path = saved_plain::<aviary::rules::enchanted_plumes::EnchantedPlumes>(
        dir.path(),
        3,
        vec![Player::Human, Player::Computer(aviary::ai::Level::Easy), Player::Human],
        40,
        5,
    );
    check::<aviary::ui::enchanted_plumes::PlumesView>(&path, dir.path());
}

#[test]
fn a_dust_in_the_wings_game_is_replayed_step_by_step_and_played_on() {
    let dir = tempfile::tempdir().unwrap();
    let path = saved_plain::<aviary::rules::dust_wings::DustInTheWings>(
        dir.path(),
        2,
        vec![Player::Human, Player::Human],
        40,
        7,
    );
    check::<aviary::ui::dust_wings::WingsView>(&path, dir.path());
}

#[test]
fn a_tail_feathers_game_is_replayed_step_by_step_and_played_on() {
    let dir = tempfile::tempdir().unwrap();
    let path = saved_plain::<aviary::rules::tail_feathers::TailFeathers>(
        dir.path(),
        2,
        vec![Player::Human, Player::Computer(aviary::ai::Level::Easy)],
        60,
        9,
    );
    check::<aviary::ui::tail_feathers::SkirmishView>(&path, dir.path());
}

/// A replay of a game still in progress shows one seat's view: that seat is
/// the only person at the table, and choosing another seat shows its view
/// instead (here, Tail Feathers with action cards: the hand row is that
/// seat's).
#[test]
fn a_replay_in_progress_shows_only_the_chosen_seat_s_view() {
    use aviary::rules::tail_feathers::game::Options;
    let dir = tempfile::tempdir().unwrap();
    let path = saved::<aviary::rules::tail_feathers::TailFeathers>(
        dir.path(),
        Options { action_cards: true, ..Options::default() },
        2,
        vec![Player::Human, Player::Human],
        40,
        4,
    );
    let mut h = harness(dir.path());
    assert!(h.state_mut().open_replay(&path, &mut Vec::new()));
    h.run();
    h.get_by_label_contains("The game is still in progress: only the chosen seat's view is shown");
    let humans =
        |h: &mut Harness<'_, AviaryApp>| replay_tab::<aviary::ui::tail_feathers::SkirmishView>(h).view.table().humans();
    assert_eq!(humans(&mut h), vec![Seat(0)]);
    h.key_press(Key::End);
    h.run();
    assert!(h.query_by_label_contains("Mice hand").is_some() || h.query_by_label("Mice hand").is_some());
    h.get_by_label("as Rats saw it").click();
    h.run();
    assert_eq!(humans(&mut h), vec![Seat(1)]);
}

/// A finished game offers "Replay the game" in its end window: the replay
/// opens at move 0 and says every seat's view may be shown.
#[test]
fn a_finished_game_offers_its_replay() {
    let dir = tempfile::tempdir().unwrap();
    let path = saved_plain::<aviary::rules::dust_wings::DustInTheWings>(
        dir.path(),
        2,
        vec![Player::Human, Player::Human],
        5000,
        11,
    );
    let file = save::parse(&save::read(&path).unwrap()).unwrap();
    assert!(file.finished, "the game was played to its end");
    let mut h = harness(dir.path());
    assert!(h.state_mut().open_file(&path, &mut Vec::new()));
    h.run();
    h.get_by_label("Replay the game").click();
    h.run();
    h.run();
    let tab = replay_tab::<aviary::ui::dust_wings::WingsView>(&mut h);
    assert_eq!(tab.view.table().session.cursor(), 0);
    assert!(aviary::ui::GameTab::is_replay(tab));
    h.get_by_label_contains("The game is over: every seat's view may be shown");
}
