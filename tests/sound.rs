//! The table's sounds as people hear them, driven through the app with a
//! recording sink in place of the sound server: which sound plays on which
//! event (a card drawn and laid, a piece set down, dice rolled, a refused
//! move, a game won, the chime online), silence for undo, redo and a game
//! opening, mute and volume from Settings, and a settings file with
//! impossible numbers. No test here needs a sound server; the one that
//! checks a real stream is ignored unless asked for.
#![allow(clippy::unwrap_used)]

mod common;

use common::until;

use aviary::app::AviaryApp;
use aviary::rules::daedalus::{Action as DaAction, Phase as DaPhase};
use aviary::rules::enchanted_plumes::{EnchantedPlumes, Phase as EpPhase};
use aviary::rules::tail_feathers::TailFeathers;
use aviary::rules::tail_feathers::game::Event;
use aviary::rules::{Game, Rng, Seat, Setup, ToMove};
use aviary::save;
use aviary::session::{Player, Session};
use aviary::sound::{RecordingSink, Sound, Speaker};
use aviary::ui::daedalus::DaedalusTab;
use aviary::ui::enchanted_plumes::PlumesTab;
use aviary::ui::tab::{Tab, View};
use egui::{Key, Modifiers, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use common::drag;

/// An app with settings in `dir` whose sounds go to the returned recording.
fn app(dir: &std::path::Path) -> (Harness<'static, AviaryApp>, RecordingSink) {
    let mut app = AviaryApp::new(Some(dir.join("config")), dir.join("saves"));
    let heard = RecordingSink::default();
    app.sound = Speaker::new(heard.clone());
    app.settings.sound_volume = 1.0;
    let h =
        Harness::builder().with_size([1280.0, 900.0]).build_ui_state(|ui, app: &mut AviaryApp| app.ui_root(ui), app);
    (h, heard)
}

fn centre(h: &Harness<'_, AviaryApp>, label_prefix: &str) -> Pos2 {
    h.get_by(|n| n.label().is_some_and(|l| l.starts_with(label_prefix))).rect().center()
}

/// A new two-person game of `game` from Home, seed 7, the first seat first.
fn start(h: &mut Harness<'_, AviaryApp>, game: &str) {
    h.get_by_label(&format!("New {game} game")).click();
    h.run();
    {
        let dialog = h.state_mut().new_game.as_mut().expect("the new-game dialog is open");
        dialog.players = vec![Player::Human, Player::Human];
        dialog.first = Some(0);
        dialog.seed = "7".into();
    }
    h.run();
    h.get_by_label("Start").click();
    h.run();
}

#[test]
fn a_piece_set_down_sounds_and_a_refused_move_sounds_otherwise_and_undo_and_redo_are_silent() {
    let dir = tempfile::tempdir().unwrap();
    let (mut h, heard) = app(dir.path());
    h.run();
    start(&mut h, "Daedalus");
    assert!(heard.played().is_empty(), "a new game makes no sound");

    // A wall placed by clicking its square: a piece set down.
    let state = common::game_tab::<DaedalusTab>(&mut h).table.session().state().clone();
    let square = state.legal_actions().iter().find_map(|a| match a {
        DaAction::PlaceWall(s) => Some(*s),
        _ => None,
    });
    h.get_by_label(&format!("{} empty", square.unwrap())).click();
    h.run();
    assert_eq!(heard.played(), vec![(Sound::PieceSet, 1.0)]);

    // The rest of the building, then a legal drag and a refused one.
    let mut notices = Vec::new();
    while common::game_tab::<DaedalusTab>(&mut h).table.session().state().phase() == DaPhase::Building {
        let tab = common::game_tab::<DaedalusTab>(&mut h);
        let a = tab.table.session().state().legal_actions()[0].clone();
        tab.table.propose(a, &mut notices).unwrap();
        h.run();
    }
    heard.clear();
    let state = common::game_tab::<DaedalusTab>(&mut h).table.session().state().clone();
    let (from, to) = state
        .legal_actions()
        .iter()
        .find_map(|a| match a {
            DaAction::MoveWall { from, to } => Some((*from, *to)),
            _ => None,
        })
        .unwrap();
    let (p, q) = (centre(&h, &format!("{from} ")), centre(&h, &format!("{to} ")));
    drag(&mut h, p, q);
    assert_eq!(heard.sounds(), vec![Sound::PieceSet], "the wall moved");
    let after = common::game_tab::<DaedalusTab>(&mut h).table.session().state().clone();
    let mover = after.colour_to_move();
    let wall = after.board().walls(mover).into_iter().find(|&w| w != to).unwrap();
    let far = aviary::rules::grid::Square::all(8, 8)
        .find(|s| after.board().at(*s).is_none() && s.x.abs_diff(wall.x) + s.y.abs_diff(wall.y) == 2)
        .unwrap();
    let (p, q) = (centre(&h, &format!("{wall} ")), centre(&h, &format!("{far} ")));
    drag(&mut h, p, q);
    assert!(h.state().toast_texts().join(" ").contains("DA-R6"), "the drag was refused");
    assert_eq!(heard.sounds(), vec![Sound::PieceSet, Sound::Refused]);

    // Undo and redo take moves back and again: no sound.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::Y);
    h.run();
    assert_eq!(common::game_tab::<DaedalusTab>(&mut h).table.session().state(), &after, "undone and redone");
    assert_eq!(heard.sounds(), vec![Sound::PieceSet, Sound::Refused], "undo and redo are quiet");
}

#[test]
fn cards_laid_and_drawn_in_enchanted_plumes() {
    let dir = tempfile::tempdir().unwrap();
    let (mut h, heard) = app(dir.path());
    h.run();
    start(&mut h, "Enchanted Plumes");
    let tab = |h: &mut Harness<'static, AviaryApp>| -> EnchantedPlumes {
        common::game_tab::<PlumesTab>(h).table.session().state().clone()
    };
    // Each keeps six and returns three: cards laid, one sound each whichever cards.
    for (seat, name) in [(Seat(0), "Ada"), (Seat(1), "Ben")] {
        h.get_by_label(&format!("I am {name}: show my cards")).click();
        h.run();
        let hand = tab(&mut h).hand(seat).to_vec();
        for c in &hand[..3] {
            h.get_by_label(&format!("hand: feather {c}")).click();
            h.run();
        }
        h.get_by_label("Return these 3, keep the other 6").click();
        h.run();
    }
    assert_eq!(tab(&mut h).phase(), EpPhase::Play);
    assert_eq!(heard.sounds(), vec![Sound::CardLaid, Sound::CardLaid]);
    heard.clear();

    // Ada lays a card by dragging it to a new plume.
    h.get_by_label("I am Ada: show my cards").click();
    h.run();
    let hand = tab(&mut h).hand(Seat(0)).to_vec();
    let (p, q) = (centre(&h, &format!("hand: feather {}", hand[0])), centre(&h, "new plume"));
    drag(&mut h, p, q);
    assert_eq!(heard.sounds(), vec![Sound::CardLaid]);
    // A play the rules refuse: no row under a one-card top row.
    let (p, q) = (centre(&h, &format!("hand: feather {}", hand[1])), centre(&h, "plume 1 new row 2"));
    drag(&mut h, p, q);
    assert!(h.state().toast_texts().join(" ").contains("EP-R4"));
    assert_eq!(heard.sounds(), vec![Sound::CardLaid, Sound::Refused]);
    // She draws.
    h.get_by_label("Draw a card").click();
    h.run();
    assert_eq!(heard.sounds(), vec![Sound::CardLaid, Sound::Refused, Sound::CardDrawn]);
}

/// Random moves of a new `G` from `seed` (every seat a person), until a
/// person's move, with the chance steps after it, would make `wanted`
/// true: the game before that move, and the move.
fn before_a_move<G: Game>(
    seats: u8,
    seed: u64,
    most: usize,
    wanted: impl Fn(&G) -> bool,
) -> Option<(Session<G>, G::Action)> {
    let players = vec![Player::Human; usize::from(seats)];
    let mut session: Session<G> = Session::new(Setup { seats, options: G::Options::default() }, seed, players);
    let mut rng = Rng::seeded(seed);
    for _ in 0..most {
        let legal = session.state().legal_actions();
        if legal.is_empty() {
            return None;
        }
        if session.state().to_move() != ToMove::Chance {
            for a in &legal {
                let mut next = session.state().clone();
                next.apply(a).unwrap();
                let mut hit = wanted(&next);
                while next.to_move() == ToMove::Chance && !hit {
                    let c = next.legal_actions()[0].clone();
                    next.apply(&c).unwrap();
                    hit = wanted(&next);
                }
                if hit {
                    return Some((session, a.clone()));
                }
            }
        }
        let a = legal[rng.below(legal.len())].clone();
        session.propose(a).unwrap();
    }
    None
}

/// Opens `session` from a file (silently), then the person at the screen
/// makes `action` through the game's table; returns what was heard after
/// opening.
fn open_and_move<V: View>(
    h: &mut Harness<'static, AviaryApp>,
    heard: &RecordingSink,
    dir: &std::path::Path,
    session: &Session<V::Game>,
    action: <V::Game as Game>::Action,
) -> Vec<Sound> {
    let path = dir.join("saves").join("near.json");
    std::fs::create_dir_all(dir.join("saves")).unwrap();
    std::fs::write(&path, save::to_text(&save::record(session))).unwrap();
    assert!(h.state_mut().open_file(&path, &mut Vec::new()));
    h.run_steps(3);
    assert!(heard.played().is_empty(), "a game opening makes no sound: {:?}", heard.played());
    let mut notices = Vec::new();
    let tab = common::game_tab::<Tab<V>>(h);
    assert!(tab.view.table_mut().propose_for_person(action, &mut notices), "{notices:?}");
    h.run_steps(3);
    heard.sounds()
}

#[test]
fn dice_rolled_in_tail_feathers() {
    let rolled = |s: &TailFeathers| s.events().iter().any(|e| matches!(e, Event::Rolled { .. }));
    let (session, action) = (0..20).find_map(|seed| before_a_move(2, seed, 400, rolled)).expect("some move rolls dice");
    let dir = tempfile::tempdir().unwrap();
    let (mut h, heard) = app(dir.path());
    h.run();
    let sounds = open_and_move::<aviary::ui::tail_feathers::SkirmishView>(&mut h, &heard, dir.path(), &session, action);
    assert!(sounds.contains(&Sound::DiceRolled), "{sounds:?}");
}

#[test]
fn a_game_won_by_a_person_here_plays_the_win() {
    let won = |s: &EnchantedPlumes| s.outcome().is_some_and(|o| !o.winners.is_empty());
    let (session, action) =
        (0..20).find_map(|seed| before_a_move(2, seed, 600, won)).expect("some game ends with a winner");
    let dir = tempfile::tempdir().unwrap();
    let (mut h, heard) = app(dir.path());
    h.run();
    let sounds =
        open_and_move::<aviary::ui::enchanted_plumes::PlumesView>(&mut h, &heard, dir.path(), &session, action);
    assert_eq!(sounds.last(), Some(&Sound::Won), "{sounds:?}");
}

#[test]
fn mute_silences_and_the_volume_is_the_one_of_settings() {
    let dir = tempfile::tempdir().unwrap();
    let (mut h, heard) = app(dir.path());
    h.run();
    // Mute, ticked on the Settings screen.
    h.get_by_label("Settings").click();
    h.run();
    h.get_by_label("Mute").click();
    h.run();
    assert!(h.state().settings.sound_muted);
    h.get_by_label("Home").click();
    h.run();
    start(&mut h, "Daedalus");
    let place = |h: &mut Harness<'static, AviaryApp>| {
        let tab = common::game_tab::<DaedalusTab>(h);
        let a = tab.table.session().state().legal_actions()[0].clone();
        tab.table.propose_for_person(a, &mut Vec::new());
        h.run();
    };
    place(&mut h);
    assert!(heard.played().is_empty(), "muted: nothing");
    h.state_mut().settings.sound_muted = false;
    h.state_mut().settings.sound_volume = 0.25;
    place(&mut h);
    assert_eq!(heard.played(), vec![(Sound::PieceSet, 0.25)]);
    h.state_mut().settings.sound_volume = 0.0;
    place(&mut h);
    assert_eq!(heard.played().len(), 1, "at 0%: nothing");
}

#[test]
fn the_settings_file_s_sound_numbers_are_brought_within_range() {
    let read = |text: &str| {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("config")).unwrap();
        std::fs::write(dir.path().join("config").join("settings.json"), text).unwrap();
        let app = AviaryApp::new(Some(dir.path().join("config")), dir.path().join("saves"));
        (app.settings.sound_volume, app.settings.sound_muted)
    };
    let default = aviary::app::Settings::default();
    assert!((read(r#"{"sound_volume": 1e9}"#).0 - 1.0).abs() < 1e-6);
    assert!(read(r#"{"sound_volume": -5}"#).0.abs() < 1e-6);
    assert!((read(r#"{"sound_volume": 0.3, "sound_muted": true}"#).0 - 0.3).abs() < 1e-6);
    assert!(read(r#"{"sound_volume": 0.3, "sound_muted": true}"#).1);
    // An older file without them: the defaults, the rest kept.
    assert_eq!(read(r#"{"dark": true}"#), (default.sound_volume, default.sound_muted));
    // Not a number: JSON cannot hold one, so the file is set aside and the
    // app starts with the defaults (never a crash); a program's NaN falls
    // back to the default too.
    assert_eq!(read(r#"{"sound_volume": NaN}"#), (default.sound_volume, default.sound_muted));
    let s = aviary::app::Settings { sound_volume: f32::NAN, ..Default::default() }.sanitized();
    assert!(s.sound_volume.to_bits() == default.sound_volume.to_bits());
    let s = aviary::app::Settings { sound_volume: f32::INFINITY, ..Default::default() }.sanitized();
    assert!(s.sound_volume.to_bits() == 1.0f32.to_bits());
}

/// A real stream, once, against a PulseAudio server of the test's own with
/// a null sink: run `pulseaudio -n --daemonize=no --exit-idle-time=-1
/// --load=module-null-sink --load=module-native-protocol-unix` (with
/// `XDG_RUNTIME_DIR` set), then `cargo test --test sound -- --ignored`.
/// It plays each sound and records the null sink's monitor: the samples
/// arrive, and are not silence.
#[test]
#[cfg(unix)]
#[ignore = "needs a PulseAudio server with a null sink"]
fn a_real_stream_reaches_a_pulseaudio_null_sink() {
    use pulseaudio::{Client, protocol};
    use std::sync::{Arc, Mutex};
    let socket = pulseaudio::socket_path_from_env().expect("a PulseAudio server (XDG_RUNTIME_DIR, PULSE_SERVER)");
    let client = Client::from_env(c"aviary-test").unwrap();
    let got: Arc<Mutex<Vec<u8>>> = Arc::default();
    let into = Arc::clone(&got);
    let params = protocol::RecordStreamParams {
        sample_spec: protocol::SampleSpec { format: protocol::SampleFormat::S16Le, channels: 1, sample_rate: 44_100 },
        channel_map: protocol::ChannelMap::mono(),
        source_name: Some(c"null.monitor".to_owned()),
        // Small fragments: the server's default (two seconds) sets the null
        // sink's latency for every stream on it, and bunches the sounds.
        buffer_attr: protocol::stream::BufferAttr { fragment_size: 1_764, ..Default::default() },
        ..Default::default()
    };
    let runtime = tokio::runtime::Builder::new_current_thread().enable_time().build().unwrap();
    let record = runtime
        .block_on(client.create_record_stream(params, move |data: &[u8]| into.lock().unwrap().extend_from_slice(data)))
        .unwrap();
    let sink = aviary::sound::PulseSink::at(socket);
    for s in Sound::ALL {
        aviary::sound::Sink::play(&sink, s, 1.0);
        std::thread::sleep(std::time::Duration::from_millis(600));
    }
    std::thread::sleep(std::time::Duration::from_millis(500));
    drop(record);
    let bytes = got.lock().unwrap().clone();
    let samples: Vec<i16> = bytes.chunks_exact(2).map(|c| i16::from_le_bytes([c[0], c[1]])).collect();
    let loud = samples.iter().filter(|s| s.unsigned_abs() > 1000).count();
    let peak = samples.iter().map(|s| s.unsigned_abs()).max().unwrap_or(0);
    println!("recorded {} samples from null.monitor, {loud} above 1000, peak {peak}", samples.len());
    assert!(loud > 1000, "the sounds reached the sink");
    assert!(peak < 16_000, "quiet: at most about half of full scale");
}

/// An app for online play on this machine (loopback, no relay), its
/// sounds recorded.
fn online_app(dir: &std::path::Path, name: &str) -> (Harness<'static, AviaryApp>, RecordingSink) {
    let (mut h, heard) = app(&dir.join(name));
    h.state_mut().loopback_net = true;
    (h, heard)
}

#[test]
fn online_the_game_coming_back_to_you_chimes() {
    let dir = tempfile::tempdir().unwrap();
    let (mut host, host_heard) = online_app(dir.path(), "host");
    let (mut friend, friend_heard) = online_app(dir.path(), "friend");
    host.run();
    friend.run();
    // The host: Daedalus, Black a friend online; the friend joins with the code.
    host.get_by_label("New Daedalus game").click();
    host.run();
    host.query_all_by_label("Friend online").nth(1).unwrap().click();
    host.run();
    host.get_by_label("Start").click();
    host.run_steps(2);
    let mut code = String::new();
    until(&mut host, &mut friend, "the invite code", |h, _| {
        let tab = common::game_tab::<DaedalusTab>(h);
        code = tab.online.as_ref().and_then(|o| o.invite_codes().first().map(|c| c.1.clone())).unwrap_or_default();
        !code.is_empty()
    });
    friend.get_by_label("Join a game online").click();
    friend.run();
    friend.get_by_role(egui::accesskit::Role::MultilineTextInput).type_text(&code);
    friend.run();
    friend.get_by_role(egui::accesskit::Role::TextInput).focus();
    friend.run();
    friend.get_by_role(egui::accesskit::Role::TextInput).type_text("Ben");
    friend.run();
    friend.get_by_label("Join").click();
    friend.run_steps(2);
    until(&mut host, &mut friend, "the friend to see the table", |h, f| {
        common::game_tab::<DaedalusTab>(f).online.as_ref().unwrap().shown()
            && h.query_by_label_contains("Ben").is_some()
    });
    assert!(friend_heard.played().is_empty(), "joining a game makes no sound");

    // They play; after each move, whoever is to move next and did not move
    // hears the chime; everyone hears a move of their own set down.
    let (mut chimes, mut own) = ([0, 0], [0, 0]);
    for _ in 0..10 {
        host_heard.clear();
        friend_heard.clear();
        let tab = common::game_tab::<DaedalusTab>(&mut host);
        let (before, to_move) = (tab.view.table().session().cursor(), tab.view.table().session().state().to_move());
        let mover = to_move.seat().map_or(0, Seat::index);
        let app = if mover == 0 { &mut host } else { &mut friend };
        let table = common::game_tab::<DaedalusTab>(app).view.table_mut();
        let action = table.session().state().legal_actions()[0].clone();
        let mut notices = Vec::new();
        assert!(table.propose_for_person(action, &mut notices), "{notices:?}");
        until(&mut host, &mut friend, "the move on both screens", |h, f| {
            let cursor = common::game_tab::<DaedalusTab>(h).view.table().session().cursor();
            cursor == before + 1 && common::game_tab::<DaedalusTab>(f).view.table().session().log().len() == cursor
        });
        let next = common::game_tab::<DaedalusTab>(&mut host).view.table().session().state().to_move();
        let heard = [host_heard.sounds(), friend_heard.sounds()];
        assert!(heard[mover].contains(&Sound::PieceSet), "a move of one's own sounds: {heard:?}");
        own[mover] += 1;
        for seat in 0..2 {
            let due = next == ToMove::Seat(Seat(seat as u8)) && seat != mover;
            assert_eq!(heard[seat].contains(&Sound::YourTurn), due, "seat {seat} after seat {mover}'s move: {heard:?}");
            chimes[seat] += usize::from(due);
        }
    }
    assert!(chimes[0] > 0 && chimes[1] > 0, "both were called back: {chimes:?}");
    assert!(own[0] > 0 && own[1] > 0, "both moved: {own:?}");
}
