//! Replaying a saved game, as a person does it (issue 27, part 3), for
//! every game: opened from Saved Games at move 0, stepped forwards and
//! backwards with the arrow keys, Home and End, the board matching a fresh
//! replay at every step; "Play on from here" starts a new game equal to the
//! save cut at that move, leaving the replayed file untouched; "Copy
//! position" copies that save; a game in progress shows one seat's view.
#![allow(clippy::unwrap_used)]

mod common;

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
    let mut h = common::harness_in(dir);
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
    let state = |h: &mut Harness<'_, AviaryApp>| replay_tab::<V>(h).view.table().session().state().clone();
    let cursor = |h: &mut Harness<'_, AviaryApp>| replay_tab::<V>(h).view.table().session().cursor();
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
    let over = save::restore::<V::Game>(&file).unwrap().is_over();
    if <V::Game as Game>::SEAT_SECRETS && !over {
        // A game with secrets still in progress: its save (every hand) is
        // not copied.
        assert!(copied.is_none(), "the save of a game in progress was copied");
    } else {
        let text = copied.expect("the save text was copied");
        let cut = save::parse(&text).unwrap();
        assert_eq!(cut.actions.len(), 5);
        assert_eq!(save::restore::<V::Game>(&cut).unwrap().state(), &fresh::<V::Game>(&file, 5));
    }
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
    // The new game starts from the position at move 5; a chance step or a
    // computer's move due there may already have been played and written by the
    // time the file is read, so the file is read up to move 5, and anything
    // after it must be the table's own doing, never a person's move.
    assert!(played_on.actions.len() >= 5, "the new game has the first five moves");
    for (k, (a, b)) in played_on.actions.iter().zip(&file.actions).take(5).enumerate() {
        assert_eq!(a.get(), b.get(), "move {k} of the new game");
    }
    assert_eq!(fresh::<V::Game>(&played_on, 5), fresh::<V::Game>(&file, 5));
    for k in 5..played_on.actions.len() {
        let by_table = match fresh::<V::Game>(&played_on, k).to_move() {
            ToMove::Chance => true,
            ToMove::Seat(s) => matches!(played_on.seats[usize::from(s.0)].player, Player::Computer(_)),
            ToMove::Nobody => false,
        };
        assert!(by_table, "move {k} of the new game was played by the table (chance or a computer), not for a person");
    }
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

/// A replay of a Tail Feathers game in progress between two people at one
/// screen (with action cards) starts from what both may know: no hand is
/// shown; "as Rats saw it" first hands the screen to the rats, and only
/// then shows their hand. The seats stay as they were set up.
#[test]
fn a_replay_in_progress_shows_a_hand_only_behind_the_hand_off() {
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
    let mut h = common::harness_in(dir.path());
    assert!(h.state_mut().open_replay(&path, &mut Vec::new()));
    h.run();
    h.get_by_label_contains("The game is still in progress: only what every seat may know is shown");
    let humans =
        |h: &mut Harness<'_, AviaryApp>| replay_tab::<aviary::ui::tail_feathers::SkirmishView>(h).view.table().humans();
    assert_eq!(humans(&mut h), vec![Seat(0), Seat(1)], "both seats keep their people");
    h.key_press(Key::End);
    h.run();
    assert!(h.query_by_label("Mice hand").is_none() && h.query_by_label("Rats hand").is_none(), "no hand shown");
    assert!(h.query_by_label_contains("Show my hand").is_none(), "no way round the replay's hand-off");
    h.get_by_label("as Rats saw it").click();
    h.run();
    assert!(h.query_by_label("Rats hand").is_none(), "the hand waits for the hand-off");
    h.get_by_label("I am Rats: show my view").click();
    h.run();
    h.get_by_label("Rats hand");
    assert!(h.query_by_label("Mice hand").is_none());
    // Hidden again before the screen goes back.
    h.get_by_label("as everyone sees it").click();
    h.run();
    assert!(h.query_by_label("Rats hand").is_none());
    // The save (every hand, the deck's order) is not copied while the game
    // is on.
    let copy = h.get_by_label("Copy position");
    assert!(
        egui_kittest::kittest::NodeT::accesskit_node(&copy).is_disabled(),
        "Copy position is offered in a game still in progress"
    );
    copy.click();
    h.step();
    assert!(
        !h.output().platform_output.commands.iter().any(|c| matches!(c, egui::OutputCommand::CopyText(_))),
        "nothing copied"
    );
}

/// A replay of a game in progress against the computer shows the person's
/// own view, and never offers the computer's.
#[test]
fn a_replay_in_progress_never_shows_the_computer_s_hand() {
    use aviary::rules::tail_feathers::game::Options;
    let dir = tempfile::tempdir().unwrap();
    let path = saved::<aviary::rules::tail_feathers::TailFeathers>(
        dir.path(),
        Options { action_cards: true, ..Options::default() },
        2,
        vec![Player::Human, Player::Computer(aviary::ai::Level::Easy)],
        40,
        4,
    );
    let mut h = common::harness_in(dir.path());
    assert!(h.state_mut().open_replay(&path, &mut Vec::new()));
    h.key_press(Key::End);
    h.run();
    h.get_by_label_contains("shown as Mice saw it; the other seats' secrets stay hidden until it ends");
    h.get_by_label("Mice hand");
    assert!(h.query_by_label("as Rats saw it").is_none(), "the computer's view is not offered");
    assert!(h.query_by_label("Rats hand").is_none());
}

/// Everything the GPU would be given for the last frame: the meshes (every
/// vertex's place, colour and texture coordinate, per clip rectangle) and
/// every texture upload so far. Equal pictures are equal pixels.
#[derive(Clone, Debug, PartialEq)]
struct Picture {
    meshes: Vec<(egui::Rect, egui::Mesh)>,
    textures: Vec<String>,
}

/// A renderer that keeps every texture upload (font atlas, images), so two
/// harnesses can be compared upload for upload.
#[derive(Clone, Default)]
struct Uploads(std::sync::Arc<std::sync::Mutex<Vec<String>>>);

impl egui_kittest::TestRenderer for Uploads {
    fn handle_delta(&mut self, delta: &mut egui::TexturesDelta) {
        let mut kept = self.0.lock().unwrap();
        // In the order of the textures (the delta is a hash map).
        let mut frame: Vec<String> = Vec::new();
        for (id, images) in &delta.set {
            for image in images {
                let pixels = match &image.image {
                    egui::ImageData::Color(c) => format!("{:?}{:?}", c.size, c.pixels),
                };
                frame.push(format!("{id:?} {:?} {pixels}", image.pos));
            }
        }
        frame.extend(delta.free.iter().map(|id| format!("free {id:?}")));
        frame.sort();
        kept.extend(frame);
        delta.clear();
    }
}

fn picture(h: &Harness<'_, AviaryApp>, uploads: &Uploads) -> Picture {
    let out = h.output();
    let meshes = h
        .ctx
        .tessellate(out.shapes.clone(), out.pixels_per_point)
        .into_iter()
        .filter_map(|p| match p.primitive {
            egui::epaint::Primitive::Mesh(m) => Some((p.clip_rect, m)),
            egui::epaint::Primitive::Callback(_) => None,
        })
        .collect();
    Picture { meshes, textures: uploads.0.lock().unwrap().clone() }
}

/// An app harness that keeps its texture uploads.
fn recorded(dir: &Path) -> (Harness<'static, AviaryApp>, Uploads) {
    let uploads = Uploads::default();
    let app = AviaryApp::new(Some(dir.join("config")), dir.join("saves"));
    let h = Harness::builder()
        .with_size([1280.0, 900.0])
        .with_max_steps(12)
        .renderer(uploads.clone())
        .build_ui_state(|ui, app: &mut AviaryApp| app.ui_root(ui), app);
    (h, uploads)
}

/// Two Enchanted Plumes games between Ada and Ben at one screen that
/// differ only in a secret: Ada gives back different cards at the start
/// (so her hand and the deck differ), then both play the same moves. Their
/// saves, and the number of moves made.
fn two_secret_worlds(dir: &Path) -> ([std::path::PathBuf; 2], usize) {
    use aviary::rules::enchanted_plumes::{Action, EnchantedPlumes, Options};
    let options = Options { names: vec!["Ada".into(), "Ben".into()], first: Some(0) };
    let setup = Setup { seats: 2, options };
    let players = vec![Player::Human, Player::Human];
    let mut worlds: Vec<Session<EnchantedPlumes>> =
        (0..2).map(|_| Session::new(setup.clone(), 21, players.clone())).collect();
    // Ada's keep: two different sets of three cards to give back.
    let hand = worlds[0].state().hand(Seat(0)).to_vec();
    let mut give = [[hand[0], hand[1], hand[2]], [hand[3], hand[4], hand[5]]];
    for g in &mut give {
        g.sort();
    }
    for (w, g) in worlds.iter_mut().zip(give) {
        w.propose(Action::Keep { returned: g }).unwrap();
    }
    // Then the same moves in both, while each is legal in both.
    let mut rng = Rng::seeded(5);
    let mut moves = 1;
    for _ in 0..12 {
        // Ben's keep, then Ada's turn: Ben's own draws would come from
        // the decks, which differ.
        let state = worlds[0].state();
        if state.to_move() != ToMove::Seat(Seat(0)) && state.phase() != aviary::rules::enchanted_plumes::Phase::Keep {
            break;
        }
        let common: Vec<Action> =
            worlds[0].state().legal_actions().into_iter().filter(|a| worlds[1].state().check(a).is_ok()).collect();
        if common.is_empty() {
            break;
        }
        let a = common[rng.below(common.len())].clone();
        for w in &mut worlds {
            w.propose(a.clone()).unwrap();
        }
        moves += 1;
    }
    let paths = [0, 1].map(|i| {
        let p = dir.join(format!("world-{i}")).join("saves").join("enchanted-plumes-secret.json");
        save::write_file(&p, &save::to_text(&save::record(&worlds[i]))).unwrap();
        p
    });
    (paths, moves)
}

/// Issue 41: a replay of an unfinished game showed Ada's hand at once, with
/// no hand-off. Two saves that differ only in Ada's secret give the same
/// pixels in Replay at every move until Ada confirms the hand-off, and
/// differ once she has; Ben's view, behind his own hand-off, is the same in
/// both. The seats are labelled as set up (Ben is not "computer (easy)").
#[test]
fn a_replay_in_progress_shows_the_same_pixels_whatever_a_hand_holds_until_the_hand_off() {
    use aviary::rules::enchanted_plumes::EnchantedPlumes;
    let dir = tempfile::tempdir().unwrap();
    let (paths, moves) = two_secret_worlds(dir.path());
    assert!(moves >= 4, "the worlds play on together ({moves} moves)");
    let files: Vec<save::SaveFile> = paths.iter().map(|p| save::parse(&save::read(p).unwrap()).unwrap()).collect();
    let ends: Vec<EnchantedPlumes> = files.iter().map(|f| fresh::<EnchantedPlumes>(f, f.actions.len())).collect();
    assert_ne!(ends[0], ends[1], "the worlds differ (Ada's hand, the deck)");
    assert_eq!(ends[0].observation(Seat(1)), ends[1].observation(Seat(1)), "but not in anything Ben may know");
    let open = || -> Vec<(Harness<'static, AviaryApp>, Uploads)> {
        paths
            .iter()
            .map(|p| {
                let (mut h, u) = recorded(p.parent().unwrap().parent().unwrap());
                assert!(h.state_mut().open_replay(p, &mut Vec::new()));
                h.run();
                (h, u)
            })
            .collect()
    };
    let mut worlds = open();
    let same = |worlds: &mut Vec<(Harness<'static, AviaryApp>, Uploads)>| {
        let a = picture(&worlds[0].0, &worlds[0].1);
        let b = picture(&worlds[1].0, &worlds[1].1);
        a == b
    };
    let both = |worlds: &mut Vec<(Harness<'static, AviaryApp>, Uploads)>,
                f: &dyn Fn(&mut Harness<'static, AviaryApp>)| {
        for (h, _) in worlds.iter_mut() {
            f(h);
            h.run();
        }
    };
    assert!(same(&mut worlds), "move 0");
    for k in 1..=moves {
        both(&mut worlds, &|h| h.key_press(Key::ArrowRight));
        assert!(same(&mut worlds), "move {k}: the same pixels before any hand-off");
    }
    let (h, _) = &worlds[0];
    h.get_by_label_contains("only what every seat may know is shown");
    assert!(h.query_by_label_contains("computer").is_none(), "Ben is a person here, as set up");
    assert!(h.query_by_label_contains("Your hand").is_none());
    // Ada is chosen: the hand-off first, still the same pixels.
    both(&mut worlds, &|h| h.get_by_label("as Ada saw it").click());
    assert!(same(&mut worlds), "the hand-off screen hides Ada's hand");
    both(&mut worlds, &|h| h.get_by_label("I am Ada: show my view").click());
    worlds[0].0.get_by_label("Your hand (Ada)");
    assert!(!same(&mut worlds), "Ada's own view shows her hand, which differs");
    // Ben's view, behind his hand-off, is the same in both worlds (in
    // replays that never showed Ada's hand: what was drawn before, the
    // font's glyphs among it, stays in the textures).
    let mut worlds = open();
    both(&mut worlds, &|h| h.key_press(Key::End));
    both(&mut worlds, &|h| h.get_by_label("as Ben saw it").click());
    assert!(same(&mut worlds), "Ben's hand-off hides Ada's hand again");
    both(&mut worlds, &|h| h.get_by_label("I am Ben: show my view").click());
    worlds[0].0.get_by_label("Your hand (Ben)");
    assert!(same(&mut worlds), "Ben's view holds nothing of Ada's secret");
    // Stepping back keeps it so.
    both(&mut worlds, &|h| h.key_press(Key::Home));
    both(&mut worlds, &|h| h.key_press(Key::End));
    assert!(same(&mut worlds));
}

/// "Play on from here" in a replay of a game in progress opens a game that
/// hides Ada's hand behind the live hand-off: the same pixels in both
/// worlds until she takes the screen.
#[test]
fn playing_on_from_a_replay_shows_no_hand_before_the_hand_off() {
    let dir = tempfile::tempdir().unwrap();
    let (paths, _) = two_secret_worlds(dir.path());
    let mut worlds: Vec<(Harness<'static, AviaryApp>, Uploads)> = paths
        .iter()
        .map(|p| {
            let (mut h, u) = recorded(p.parent().unwrap().parent().unwrap());
            assert!(h.state_mut().open_replay(p, &mut Vec::new()));
            h.run();
            h.key_press(Key::End);
            h.run();
            h.get_by_label("Play on from here").click();
            h.run();
            assert!(!h.state().tabs.last().unwrap().is_replay(), "a game to play");
            (h, u)
        })
        .collect();
    let a = picture(&worlds[0].0, &worlds[0].1);
    let b = picture(&worlds[1].0, &worlds[1].1);
    assert!(a == b, "the new game shows no hand before the hand-off");
    worlds[0].0.get_by_label_contains("Pass to");
    for (h, _) in &mut worlds {
        assert!(h.query_by_label_contains("Your hand").is_none());
    }
}

/// A finished game offers "Replay the game" in its end window: the replay
/// opens at move 0 and says every seat's view may be shown; choosing a seat
/// shows it at once (no hand-off: nothing is secret any more).
#[test]
fn a_finished_game_offers_its_replay() {
    let dir = tempfile::tempdir().unwrap();
    let path = saved_plain::<aviary::rules::enchanted_plumes::EnchantedPlumes>(
        dir.path(),
        2,
        vec![Player::Human, Player::Human],
        5000,
        11,
    );
    let file = save::parse(&save::read(&path).unwrap()).unwrap();
    assert!(file.finished, "the game was played to its end");
    let mut h = common::harness_in(dir.path());
    assert!(h.state_mut().open_file(&path, &mut Vec::new()));
    h.run();
    h.get_by_label("Replay the game").click();
    h.run();
    h.run();
    let tab = replay_tab::<aviary::ui::enchanted_plumes::PlumesView>(&mut h);
    assert_eq!(tab.view.table().session().cursor(), 0);
    assert!(aviary::ui::GameTab::is_replay(tab));
    h.get_by_label_contains("The game is over: every seat's view may be shown");
    h.get_by_label("Your hand (Player 1)");
    h.get_by_label("as Player 2 saw it").click();
    h.run();
    h.get_by_label("Your hand (Player 2)");
    assert!(h.query_by_label_contains("Pass to").is_none(), "no hand-off once the game is over");
}
