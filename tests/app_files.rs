//! The app's own files as bad luck leaves them (issue 10): broken settings
//! and statistics, a resume list with a bad file in it, closing while the
//! resume offer is open, and closing when a game cannot be saved.
#![allow(clippy::unwrap_used)]

mod common;

use std::path::{Path, PathBuf};

use aviary::app::{AviaryApp, Screen};
use aviary::rules::daedalus::{Daedalus, Options};
use aviary::rules::{Game, Setup};
use aviary::save;
use aviary::session::{Player, Session};
use egui::{ViewportCommand, ViewportEvent, ViewportId};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

fn config(dir: &Path) -> PathBuf {
    dir.join("config")
}

/// A Daedalus save of `moves` first-legal moves (finished or not).
fn daedalus_save(moves: usize, seed: u64) -> String {
    let mut s: Session<Daedalus> =
        Session::new(Setup { seats: 2, options: Options::default() }, seed, vec![Player::Human, Player::Human]);
    for _ in 0..moves {
        let a = s.state().legal_actions()[0].clone();
        s.propose(a).unwrap();
    }
    save::to_text(&save::record(&s))
}

fn files_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> =
        std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    names
}

fn toasts(h: &Harness<'_, AviaryApp>) -> String {
    h.state().toast_texts().join("\n")
}

#[test]
fn a_broken_statistics_file_is_kept_aside_with_a_toast_and_its_records_are_never_written_over() {
    // Issue 10, finding 4: one bad value used to make Home say "no games
    // finished yet", and the next finished game rewrote the file.
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(config(dir.path())).unwrap();
    let broken = r#"{"games": {"feathers-and-wax": {"clean_played": 12, "clean_won": -1}}}"#;
    std::fs::write(config(dir.path()).join("stats.json"), broken).unwrap();
    let mut h = common::harness(AviaryApp::new(Some(config(dir.path())), dir.path().join("saves")));
    h.run();
    let said = toasts(&h);
    assert!(said.contains("statistics") && said.contains("could not be read") && said.contains("kept as"), "{said}");
    let names = files_in(&config(dir.path()));
    let kept = names.iter().find(|n| n.starts_with("stats.json.bad-")).unwrap_or_else(|| panic!("{names:?}"));
    assert_eq!(std::fs::read_to_string(config(dir.path()).join(kept)).unwrap(), broken, "the records are kept");
    // The toast is on screen for the person to read.
    h.get_by_label_contains("kept as");
}

#[test]
fn a_broken_settings_file_is_kept_aside_with_a_toast_not_overwritten_on_exit() {
    // Issue 10, finding 5.
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(config(dir.path())).unwrap();
    let broken = "{\"dark\": true, \"scale\": 1.25,}";
    std::fs::write(config(dir.path()).join("settings.json"), broken).unwrap();
    let mut h = common::harness(AviaryApp::new(Some(config(dir.path())), dir.path().join("saves")));
    h.run();
    assert!(toasts(&h).contains("settings"), "{}", toasts(&h));
    assert!(h.state_mut().request_quit(), "nothing unsaved: the app may close");
    let names = files_in(&config(dir.path()));
    let kept = names.iter().find(|n| n.starts_with("settings.json.bad-")).unwrap_or_else(|| panic!("{names:?}"));
    assert_eq!(std::fs::read_to_string(config(dir.path()).join(kept)).unwrap(), broken);
    // The fresh settings are written beside it, in the folder.
    assert!(names.contains(&"settings.json".to_string()));
}

#[test]
fn a_settings_folder_that_cannot_be_written_is_reported() {
    // Issue 10, finding 5: the config "folder" is a file, so nothing can be
    // saved in it; the person is told instead of losing settings silently.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(config(dir.path()), "not a folder").unwrap();
    let mut h = common::harness(AviaryApp::new(Some(config(dir.path())), dir.path().join("saves")));
    h.run();
    h.get_by_label("Settings").click();
    h.run();
    h.get_by_label("Dark").click();
    h.step();
    // The settings are written by a background writer; its news shows on
    // the next frames.
    for _ in 0..500 {
        h.step();
        if toasts(&h).contains("Could not save the settings") {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    assert!(toasts(&h).contains("Could not save the settings"), "{}", toasts(&h));
}

#[test]
fn the_resume_offer_opens_the_good_games_and_names_the_bad_one() {
    // Issue 10, finding 2: a file that parses but does not replay was
    // offered, and opening it crashed every start.
    let dir = tempfile::tempdir().unwrap();
    let saves = dir.path().join("saves");
    std::fs::create_dir_all(&saves).unwrap();
    let good_a = saves.join("a.json");
    let good_b = saves.join("b.json");
    let bad = saves.join("bad.json");
    std::fs::write(&good_a, daedalus_save(5, 1)).unwrap();
    std::fs::write(&good_b, daedalus_save(9, 2)).unwrap();
    // Parses, but its first move is off the board.
    let mut file = save::parse(&daedalus_save(3, 3)).unwrap();
    file.actions[0] = serde_json::value::to_raw_value(&serde_json::json!({"PlaceWall": "a9"})).unwrap();
    std::fs::write(&bad, save::to_text(&file)).unwrap();
    assert!(save::parse(&std::fs::read_to_string(&bad).unwrap()).is_ok());
    let settings =
        aviary::app::Settings { open_games: vec![good_a.clone(), bad.clone(), good_b.clone()], ..Default::default() };
    std::fs::create_dir_all(config(dir.path())).unwrap();
    settings.store(&config(dir.path()).join("settings.json")).unwrap();

    let mut h = common::harness(AviaryApp::new(Some(config(dir.path())), saves.clone()));
    h.run();
    h.state_mut().wait_for_files();
    h.run();
    h.get_by_label("Reopen Daedalus — a.json");
    // Each game by its own name (every one was titled "Daedalus").
    h.get_by_label("a");
    h.get_by_label("b");
    h.get_by_label_contains("5 moves · last played ");
    h.get_by_label("Reopen Daedalus — b.json");
    h.get_by_label_contains("• bad.json: move 1 is not a Daedalus move: {\"PlaceWall\":\"a9\"} (a9 is off the board, which runs from a1 to h8)");
    assert!(h.query_by_label_contains("— bad.json").is_none(), "the bad file is not offered");
    h.get_by_label("Resume").click();
    h.run();
    let paths: Vec<PathBuf> = h.state().tabs.iter().map(|t| t.path().to_path_buf()).collect();
    assert_eq!(paths, vec![good_a.clone(), good_b.clone()], "both good games are open");
    assert_eq!(h.state().settings.open_games, paths, "the bad one is not offered again");
    assert!(bad.exists(), "the bad file is left as it was");
}

#[test]
fn closing_while_the_resume_offer_is_open_keeps_the_list() {
    // Issue 10, finding 6 (second part).
    let dir = tempfile::tempdir().unwrap();
    let saves = dir.path().join("saves");
    std::fs::create_dir_all(&saves).unwrap();
    let game = saves.join("g.json");
    std::fs::write(&game, daedalus_save(4, 5)).unwrap();
    let settings = aviary::app::Settings { open_games: vec![game.clone()], ..Default::default() };
    std::fs::create_dir_all(config(dir.path())).unwrap();
    settings.store(&config(dir.path()).join("settings.json")).unwrap();
    let mut h = common::harness(AviaryApp::new(Some(config(dir.path())), saves.clone()));
    h.run();
    h.state_mut().wait_for_files();
    h.run();
    h.get_by_label("Pick up where you left off?");
    assert!(h.state_mut().request_quit());
    let mut again = common::harness(AviaryApp::new(Some(config(dir.path())), saves));
    again.run();
    again.state_mut().wait_for_files();
    again.run();
    again.get_by_label_contains("Reopen Daedalus — g.json");
}

#[test]
fn closing_with_moves_that_cannot_be_saved_asks_and_can_save_elsewhere() {
    // Issue 10, finding 6: the save at exit failed and the app closed
    // anyway, losing the moves on screen.
    let dir = tempfile::tempdir().unwrap();
    let saves = dir.path().join("saves");
    std::fs::create_dir_all(&saves).unwrap();
    let path = saves.join("g.json");
    std::fs::write(&path, daedalus_save(6, 8)).unwrap();
    let mut app = AviaryApp::new(Some(config(dir.path())), saves.clone());
    let mut notices = Vec::new();
    assert!(app.open_file(&path, &mut notices));
    let moves = app.tabs[0].moves();
    // The save folder disappears and a file takes its name: no save can
    // be written there (even as root).
    std::fs::remove_dir_all(&saves).unwrap();
    std::fs::write(&saves, "in the way").unwrap();
    let mut h = common::harness(app);
    h.run();
    h.input_mut().viewports.entry(ViewportId::ROOT).or_default().events.push(ViewportEvent::Close);
    h.step();
    let cancelled = h.output().viewport_output[&ViewportId::ROOT].commands.contains(&ViewportCommand::CancelClose);
    assert!(cancelled, "the close is held back");
    h.run();
    h.get_by_label("Some moves are not saved");
    h.get_by_label_contains("• Daedalus");
    // Retry still fails: the dialog stays.
    h.get_by_label("Retry").click();
    h.run();
    h.get_by_label("Some moves are not saved");
    // Save elsewhere, into a folder that works.
    let elsewhere = dir.path().join("elsewhere");
    h.state_mut().quit.as_mut().unwrap().folder = elsewhere.display().to_string();
    h.run();
    h.get_by_label("Save elsewhere…").click();
    h.step();
    let closing = h.output().viewport_output[&ViewportId::ROOT].commands.contains(&ViewportCommand::Close);
    assert!(closing, "once saved, the app closes");
    let text = std::fs::read_to_string(elsewhere.join("g.json")).unwrap();
    let loaded = save::restore::<Daedalus>(&save::parse(&text).unwrap()).unwrap();
    assert_eq!(loaded.cursor(), moves, "every move is on disk");
    assert!(matches!(h.state().screen, Screen::Game(_)));
}

#[test]
fn quit_anyway_closes_without_saving() {
    let dir = tempfile::tempdir().unwrap();
    let saves = dir.path().join("saves");
    std::fs::create_dir_all(&saves).unwrap();
    let path = saves.join("g.json");
    std::fs::write(&path, daedalus_save(2, 8)).unwrap();
    let mut app = AviaryApp::new(Some(config(dir.path())), saves.clone());
    assert!(app.open_file(&path, &mut Vec::new()));
    std::fs::remove_dir_all(&saves).unwrap();
    std::fs::write(&saves, "in the way").unwrap();
    assert!(!app.request_quit(), "held back");
    let mut h = common::harness(app);
    h.run();
    h.get_by_label("Quit anyway").click();
    h.step();
    assert!(h.output().viewport_output[&ViewportId::ROOT].commands.contains(&ViewportCommand::Close));
    assert!(h.state_mut().request_quit(), "the next close goes through");
}

#[test]
fn a_move_does_not_wait_for_a_slow_disk() {
    // Issue 11, item 4: the autosave is written by a background thread.
    // Here the "disk" holds every write until the test opens the gate (or
    // 30 s pass): a frame that waited for it would not finish first.
    use std::sync::{Arc, Condvar, Mutex};
    let dir = tempfile::tempdir().unwrap();
    let saves = dir.path().join("saves");
    std::fs::create_dir_all(&saves).unwrap();
    let path = saves.join("g.json");
    std::fs::write(&path, daedalus_save(0, 7)).unwrap();
    let mut app = AviaryApp::new(Some(config(dir.path())), saves);
    assert!(app.open_file(&path, &mut Vec::new()));
    let gate = Arc::new((Mutex::new(false), Condvar::new()));
    let held = Arc::clone(&gate);
    let tab = app.tabs[0].as_any_mut().downcast_mut::<aviary::ui::daedalus::DaedalusTab>().unwrap();
    tab.table.set_writer(Arc::new(move |p: &Path, text: &str| {
        let (open, cv) = &*held;
        let guard = open.lock().unwrap();
        let _unused = cv.wait_timeout_while(guard, std::time::Duration::from_secs(30), |open| !*open).unwrap();
        save::write_file(p, text)
    }));
    let square = match tab.table.session().state().legal_actions()[0] {
        aviary::rules::daedalus::Action::PlaceWall(s) => s,
        ref other => panic!("{other:?}"),
    };
    let mut h = common::harness(app);
    h.run();
    h.get_by_label(&format!("{square} empty")).click();
    h.run();
    let tab = h.state_mut().tabs[0].as_any_mut().downcast_mut::<aviary::ui::daedalus::DaedalusTab>().unwrap();
    assert_eq!(tab.table.session().cursor(), 1, "the move is on screen");
    let on_disk = save::restore::<Daedalus>(&save::parse(&std::fs::read_to_string(&path).unwrap()).unwrap()).unwrap();
    assert_eq!(on_disk.cursor(), 0, "the frame finished while the disk was still busy");
    *gate.0.lock().unwrap() = true;
    gate.1.notify_all();
    tab.table.save().unwrap();
    let on_disk = save::restore::<Daedalus>(&save::parse(&std::fs::read_to_string(&path).unwrap()).unwrap()).unwrap();
    assert_eq!(on_disk.cursor(), 1, "then it is written");
}

#[test]
fn a_failed_autosave_names_the_folder_keeps_the_game_and_the_next_move_retries() {
    // Issue 11, item 4.
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};
    let dir = tempfile::tempdir().unwrap();
    let saves = dir.path().join("saves");
    std::fs::create_dir_all(&saves).unwrap();
    let path = saves.join("g.json");
    std::fs::write(&path, daedalus_save(0, 7)).unwrap();
    let mut app = AviaryApp::new(Some(config(dir.path())), saves.clone());
    assert!(app.open_file(&path, &mut Vec::new()));
    let full = Arc::new(AtomicBool::new(true));
    let disk = Arc::clone(&full);
    let tab = app.tabs[0].as_any_mut().downcast_mut::<aviary::ui::daedalus::DaedalusTab>().unwrap();
    tab.table.set_writer(Arc::new(move |p: &Path, text: &str| {
        if disk.load(Ordering::SeqCst) {
            Err(save::SaveError::Write("No space left on device".into()))
        } else {
            save::write_file(p, text)
        }
    }));
    let mut h = common::harness(app);
    h.run();
    let mut notices = Vec::new();
    let propose_first = |h: &mut Harness<'static, AviaryApp>, notices: &mut Vec<_>| {
        let tab = h.state_mut().tabs[0].as_any_mut().downcast_mut::<aviary::ui::daedalus::DaedalusTab>().unwrap();
        let a = tab.table.session().state().legal_actions()[0].clone();
        tab.table.propose(a, notices).unwrap();
    };
    propose_first(&mut h, &mut notices);
    // The writer answers in its own time; the next frames show its news.
    let message = format!("Autosave failed in {}", saves.display());
    for _ in 0..500 {
        h.step();
        if h.query_by_label_contains(&message).is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    h.get_by_label_contains(&message);
    let tab = h.state_mut().tabs[0].as_any_mut().downcast_mut::<aviary::ui::daedalus::DaedalusTab>().unwrap();
    assert_eq!(tab.table.session().cursor(), 1, "the game stays on screen");
    assert!(tab.table.save().is_err(), "the disk is still full");
    // The disk has room again: the next move writes everything.
    full.store(false, Ordering::SeqCst);
    propose_first(&mut h, &mut notices);
    let tab = h.state_mut().tabs[0].as_any_mut().downcast_mut::<aviary::ui::daedalus::DaedalusTab>().unwrap();
    tab.table.save().unwrap();
    let on_disk = save::restore::<Daedalus>(&save::parse(&std::fs::read_to_string(&path).unwrap()).unwrap()).unwrap();
    assert_eq!(on_disk.cursor(), 2);
}

/// Issue 41: a settings file whose pause before the computer's moves was
/// 2e19 seconds (or negative) panicked on the first frame of any game tab,
/// and was written back, so every later start crashed again. The numbers are
/// brought within the Settings screen's ranges, the game tab draws, and the
/// file written back holds the ranged values.
#[test]
fn impossible_numbers_in_the_settings_file_are_brought_within_range_and_never_crash_a_game() {
    for (delay, scale, want_delay, want_scale) in [("2e19", "-3.0", 3.0, 0.7), ("-5", "1e30", 0.0, 2.0)] {
        let dir = tempfile::tempdir().unwrap();
        let saves = dir.path().join("saves");
        std::fs::create_dir_all(&saves).unwrap();
        std::fs::create_dir_all(config(dir.path())).unwrap();
        let text = format!(r#"{{"dark": true, "computer_delay": {delay}, "scale": {scale}}}"#);
        std::fs::write(config(dir.path()).join("settings.json"), text).unwrap();
        // A game where the computer moves: its pause is read every frame.
        let mut s: Session<Daedalus> = Session::new(
            Setup { seats: 2, options: Options::default() },
            1,
            vec![Player::Human, Player::Computer(aviary::ai::Level::Easy)],
        );
        let a = s.state().legal_actions()[0].clone();
        s.propose(a).unwrap();
        let game = saves.join("g.json");
        std::fs::write(&game, save::to_text(&save::record(&s))).unwrap();
        let mut h = common::harness(AviaryApp::new(Some(config(dir.path())), saves.clone()));
        assert!(h.state_mut().open_file(&game, &mut Vec::new()));
        // The computer thinks (a spinner): frames, not a settled screen.
        h.run_steps(10);
        assert!(matches!(h.state().screen, Screen::Game(_)), "the game tab draws");
        assert!((h.state().settings.computer_delay - want_delay).abs() < 1e-6, "the pause within range");
        assert!((h.state().settings.scale - want_scale).abs() < 1e-6, "the scale within range");
        assert!(h.state().settings.dark, "the rest of the file is kept");
        assert!(h.state_mut().request_quit());
        let written = aviary::app::Settings::load(Some(&config(dir.path()).join("settings.json"))).unwrap();
        let raw: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(config(dir.path()).join("settings.json")).unwrap()).unwrap();
        assert_eq!(raw["computer_delay"].as_f64(), Some(f64::from(want_delay)), "written back within range");
        assert!((written.computer_delay - want_delay).abs() < 1e-6);
    }
}

/// Numbers no JSON file can hold but a program can (not a number,
/// infinity) are ranged too, and the pause itself never panics.
#[test]
fn settings_that_are_not_numbers_fall_back_to_the_defaults() {
    let s = aviary::app::Settings { computer_delay: f32::NAN, scale: f32::NAN, ..Default::default() }.sanitized();
    let d = aviary::app::Settings::default();
    assert!(s.computer_delay.to_bits() == d.computer_delay.to_bits() && s.scale.to_bits() == d.scale.to_bits());
    let s = aviary::app::Settings { computer_delay: f32::INFINITY, scale: f32::NEG_INFINITY, ..Default::default() }
        .sanitized();
    assert!(s.computer_delay.to_bits() == 3.0f32.to_bits() && s.scale.to_bits() == 0.7f32.to_bits());
    for x in [f32::NAN, f32::INFINITY, -1.0, 2e19, f32::MAX] {
        assert!(aviary::ui::view::pause(x) <= std::time::Duration::from_mins(1), "{x}");
    }
}

/// Issue 41: a settings file that is a named pipe blocked the start before
/// the first frame (a black window). Files that are not regular files are
/// refused with a message and the app starts with fresh settings.
#[cfg(unix)]
#[test]
fn a_settings_file_that_is_a_named_pipe_is_refused_with_a_message() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(config(dir.path())).unwrap();
    let pipe = config(dir.path()).join("settings.json");
    let made = std::process::Command::new("mkfifo").arg(&pipe).status().unwrap();
    assert!(made.success(), "mkfifo made the pipe");
    // Started on a thread: without the fix it never returns, and the test
    // reports that instead of hanging (a deadline for a hang, not a
    // measure of speed).
    let (tx, rx) = std::sync::mpsc::channel();
    let (cfg, saves) = (config(dir.path()), dir.path().join("saves"));
    std::thread::spawn(move || {
        let mut h = common::harness(AviaryApp::new(Some(cfg), saves));
        h.run();
        let _ = tx.send(toasts(&h));
    });
    let said = rx.recv_timeout(std::time::Duration::from_mins(2)).expect("the app starts: the pipe is not opened");
    assert!(said.contains("settings") && said.contains("not a regular file"), "{said}");
}

/// Issue 41: 20,000 games in `open_games` that no longer exist took 500 MB
/// and a resume dialog that ran off the screen. The list is capped and the
/// dialog scrolls: its button stays on an 800x600 screen.
#[test]
fn a_huge_list_of_missing_open_games_is_capped_and_its_dialog_fits_the_screen() {
    let dir = tempfile::tempdir().unwrap();
    let saves = dir.path().join("saves");
    std::fs::create_dir_all(&saves).unwrap();
    let missing: Vec<PathBuf> = (0..20_000).map(|i| saves.join(format!("gone-{i}.json"))).collect();
    let settings = aviary::app::Settings { open_games: missing, ..Default::default() };
    std::fs::create_dir_all(config(dir.path())).unwrap();
    settings.store(&config(dir.path()).join("settings.json")).unwrap();
    let app = AviaryApp::new(Some(config(dir.path())), saves);
    assert_eq!(app.settings.open_games.len(), aviary::app::settings::MAX_OPEN_GAMES);
    let mut h =
        Harness::builder().with_size([800.0, 600.0]).build_ui_state(|ui, app: &mut AviaryApp| app.ui_root(ui), app);
    h.run();
    h.state_mut().wait_for_files();
    h.run();
    h.get_by_label("These could not be resumed (the files are left as they are):");
    let ok = h.get_by_label("OK");
    let rect = ok.rect();
    assert!(rect.max.y <= 600.0 && rect.min.y >= 0.0, "the dialog's button is on the screen: {rect:?}");
    ok.click();
    h.run();
    assert!(h.query_by_label("OK").is_none());
}

/// The resume offer lets one choose: an unticked game stays closed.
#[test]
fn the_resume_offer_opens_only_the_games_ticked() {
    let dir = tempfile::tempdir().unwrap();
    let saves = dir.path().join("saves");
    std::fs::create_dir_all(&saves).unwrap();
    let (a, b) = (saves.join("a.json"), saves.join("b.json"));
    std::fs::write(&a, daedalus_save(5, 1)).unwrap();
    std::fs::write(&b, daedalus_save(9, 2)).unwrap();
    let settings = aviary::app::Settings { open_games: vec![a.clone(), b.clone()], ..Default::default() };
    std::fs::create_dir_all(config(dir.path())).unwrap();
    settings.store(&config(dir.path()).join("settings.json")).unwrap();
    let mut h = common::harness(AviaryApp::new(Some(config(dir.path())), saves));
    h.run();
    h.state_mut().wait_for_files();
    h.run();
    h.get_by_label_contains("Reopen Daedalus — a.json").click();
    h.run();
    h.get_by_label("Resume").click();
    h.run();
    let paths: Vec<PathBuf> = h.state().tabs.iter().map(|t| t.path().to_path_buf()).collect();
    assert_eq!(paths, vec![b.clone()], "only the ticked game opens");
    assert!(a.exists(), "the other stays in Saved Games");
}

#[test]
fn closing_the_app_leaves_an_unchanged_game_s_file_and_its_time_as_they_were() {
    // Issue 43 §3: closing re-stamped every open save, so "last played"
    // was lost.
    let dir = tempfile::tempdir().unwrap();
    let saves = dir.path().join("saves");
    std::fs::create_dir_all(&saves).unwrap();
    let mut file = save::parse(&daedalus_save(6, 3)).unwrap();
    file.saved_at = 1_700_000_000;
    let text = save::to_text(&file);
    let path = saves.join("old-game.json");
    std::fs::write(&path, &text).unwrap();
    let changed = saves.join("changed-game.json");
    std::fs::write(&changed, &text).unwrap();
    let mut h = common::harness(AviaryApp::new(Some(config(dir.path())), saves.clone()));
    h.run();
    let mut notices = Vec::new();
    assert!(h.state_mut().open_file(&path, &mut notices), "{notices:?}");
    assert!(h.state_mut().open_file(&changed, &mut notices), "{notices:?}");
    for _ in 0..3 {
        h.run();
    }
    // A move in the second game only.
    {
        let app = h.state_mut();
        let tab = app.tabs.last_mut().unwrap();
        let mut n = Vec::new();
        tab.undo(&mut n);
    }
    assert!(h.state_mut().request_quit(), "nothing unsaved: the app may close");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text, "the unchanged game's file is as it was");
    let after = save::parse(&std::fs::read_to_string(&changed).unwrap()).unwrap();
    assert!(after.saved_at > 1_700_000_000, "the changed game is saved, with the time of its change");
}

#[test]
fn saved_games_are_shown_for_one_game_and_sorted_by_name_game_or_last_played() {
    use aviary::rules::enchanted_plumes::EnchantedPlumes;
    let dir = tempfile::tempdir().unwrap();
    let saves = dir.path().join("saves");
    std::fs::create_dir_all(&saves).unwrap();
    let stamp = |text: String, at: u64| {
        let mut f = save::parse(&text).unwrap();
        f.saved_at = at;
        save::to_text(&f)
    };
    std::fs::write(saves.join("b-daedalus.json"), stamp(daedalus_save(2, 1), 1_700_000_300)).unwrap();
    std::fs::write(saves.join("c-daedalus.json"), stamp(daedalus_save(4, 2), 1_700_000_100)).unwrap();
    let plumes: Session<EnchantedPlumes> = Session::new(
        Setup { seats: 2, options: aviary::rules::enchanted_plumes::Options::default() },
        3,
        vec![Player::Human, Player::Human],
    );
    std::fs::write(saves.join("a-plumes.json"), stamp(save::to_text(&save::record(&plumes)), 1_700_000_200)).unwrap();
    let mut h = common::harness(AviaryApp::new(Some(config(dir.path())), saves.clone()));
    h.state_mut().screen = Screen::SavedGames;
    for _ in 0..2000 {
        h.step();
        if h.query_by_label("b-daedalus").is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    h.run();
    // The games in reading order (the cards wrap: top to bottom, then left
    // to right), by where their file names are drawn.
    let order = |h: &Harness<'_, AviaryApp>| {
        let mut rows: Vec<((f32, f32), String)> = ["a-plumes", "b-daedalus", "c-daedalus"]
            .iter()
            .filter_map(|n| {
                h.query_by_label(n).map(|node| ((node.rect().min.y.round(), node.rect().min.x), (*n).to_string()))
            })
            .collect();
        rows.sort_by(|a, b| a.0.0.total_cmp(&b.0.0).then(a.0.1.total_cmp(&b.0.1)));
        rows.into_iter().map(|r| r.1).collect::<Vec<_>>()
    };
    assert_eq!(order(&h), ["b-daedalus", "a-plumes", "c-daedalus"], "the last played first");
    h.get_by_label("Show:");
    h.get_by_label("Sort:");
    h.state_mut().saved_sort = aviary::app::SavedSort::Name;
    h.run();
    assert_eq!(order(&h), ["a-plumes", "b-daedalus", "c-daedalus"]);
    h.state_mut().saved_sort = aviary::app::SavedSort::Game;
    h.run();
    assert_eq!(order(&h), ["b-daedalus", "c-daedalus", "a-plumes"], "Daedalus, then Enchanted Plumes");
    // Each game's saves under its heading.
    h.get_by_label("Daedalus: 2 saved games");
    h.get_by_label("Enchanted Plumes: 1 saved game");
    h.state_mut().saved_filter = Some("Enchanted Plumes".into());
    h.run();
    assert_eq!(order(&h), ["a-plumes"], "only the chosen game's files");
}

#[test]
fn saved_games_at_800_by_600_never_cut_off_a_game_s_buttons() {
    let dir = tempfile::tempdir().unwrap();
    let saves = dir.path().join("saves");
    std::fs::create_dir_all(&saves).unwrap();
    for i in 0..3 {
        std::fs::write(saves.join(format!("a-game-with-a-long-name-{i}.json")), daedalus_save(2 + i, 1)).unwrap();
    }
    let mut app = AviaryApp::new(Some(config(dir.path())), saves.clone());
    // A game of every kind too, so that the "Show" choices name all five.
    for entry in aviary::games::GAMES.iter().filter(|e| e.play.is_some() && e.id != "daedalus") {
        let choice = aviary::games::NewGame::new(entry, aviary::ai::Level::Easy);
        assert!(app.start_new_game(&choice, &mut Vec::new()));
    }
    app.wait_for_files();
    let mut h =
        Harness::builder().with_size([800.0, 600.0]).build_ui_state(|ui, app: &mut AviaryApp| app.ui_root(ui), app);
    h.state_mut().screen = Screen::SavedGames;
    for _ in 0..2000 {
        h.step();
        if h.query_all_by_label("Continue").count() >= 4 {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    h.run();
    let buttons: Vec<egui::Rect> =
        ["Continue", "Replay", "More…"].iter().flat_map(|l| h.query_all_by_label(l).map(|n| n.rect())).collect();
    assert!(buttons.len() >= 12, "every game in view has its three buttons: {}", buttons.len());
    let choices = ["All (7)", "Tail Feathers (1)", "Last played", "By game", "By name"];
    let choices = choices.iter().map(|l| h.get_by_label(l).rect());
    for r in buttons.into_iter().chain(choices) {
        assert!(r.max.x <= 800.0 && r.min.x >= 0.0, "a button at {r:?} is cut off by an 800-wide window");
    }
    // Rename and Delete are in each card's menu.
    h.query_all_by_label("More…").next().unwrap().click();
    h.run();
    h.get_by_label("Rename…");
    h.get_by_label("Delete…").click();
    h.run();
    h.get_by_label("Delete this saved game?");
    h.get_by_label("Keep it").click();
    h.run();
    assert_eq!(std::fs::read_dir(&saves).unwrap().count(), 7, "nothing deleted");
}

#[test]
fn a_click_anywhere_on_a_saved_game_s_card_continues_it() {
    for on_words in [false, true] {
        click_on_a_saved_game_s_card(on_words);
    }
}

fn click_on_a_saved_game_s_card(on_words: bool) {
    let dir = tempfile::tempdir().unwrap();
    let saves = dir.path().join("saves");
    std::fs::create_dir_all(&saves).unwrap();
    let path = saves.join("friday-evening.json");
    std::fs::write(&path, daedalus_save(4, 1)).unwrap();
    let app = AviaryApp::new(Some(config(dir.path())), saves.clone());
    let mut h =
        Harness::builder().with_size([1180.0, 820.0]).build_ui_state(|ui, app: &mut AviaryApp| app.ui_root(ui), app);
    h.state_mut().screen = Screen::SavedGames;
    for _ in 0..2000 {
        h.step();
        if h.query_by_label("Continue friday-evening").is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    h.run();
    // The card's picture, not one of its buttons; or its words (a new
    // player clicked the name and nothing happened: the words took the
    // click, to be selected).
    let card = h.get_by_label("Continue friday-evening").rect();
    let at = if on_words {
        h.get_by_label("friday-evening").rect().center()
    } else {
        card.left_top() + egui::vec2(40.0, 40.0)
    };
    h.hover_at(at);
    h.run();
    h.drag_at(at);
    h.step();
    h.drop_at(at);
    h.run();
    assert_eq!(
        h.state().tabs.len(),
        1,
        "the game is open (a click on its {})",
        if on_words { "name" } else { "picture" }
    );
    assert_eq!(h.state().screen, Screen::Game(0));
    assert_eq!(h.state().tabs[0].path(), path.as_path());
}

/// An app at 800x600 with `n` Daedalus games open, saved as
/// `{stem}-{i}.json`.
fn daedalus_tabs_at_800(dir: &Path, stem: &str, n: usize) -> Harness<'static, AviaryApp> {
    let saves = dir.join("saves");
    std::fs::create_dir_all(&saves).unwrap();
    let app = AviaryApp::new(Some(config(dir)), saves.clone());
    let mut h =
        Harness::builder().with_size([800.0, 600.0]).build_ui_state(|ui, app: &mut AviaryApp| app.ui_root(ui), app);
    for i in 0..n {
        let path = saves.join(format!("{stem}-{i}.json"));
        std::fs::write(&path, daedalus_save(2 + i, 1)).unwrap();
        assert!(h.state_mut().open_file(&path, &mut Vec::new()));
    }
    h
}

/// `n` Daedalus games open at 800x600 (saved as `evening-0`…), the rules
/// opened from the Game menu while game `from` is on screen.
fn rules_from_game(dir: &Path, n: usize, from: usize) -> Harness<'static, AviaryApp> {
    let mut h = daedalus_tabs_at_800(dir, "evening", n);
    h.state_mut().screen = Screen::Game(from);
    h.run();
    h.get_by_label("Game").click();
    h.run();
    h.get_by_label("Rules").click();
    h.run();
    assert_eq!(h.state().screen, Screen::Rules("daedalus"));
    h
}

/// The close crosses of the tabs on the rail, by where they are.
fn closers_on_the_rail(h: &Harness<'_, AviaryApp>) -> Vec<egui::Rect> {
    h.query_all(egui_kittest::kittest::by().predicate(|n| n.label().is_some_and(|l| l.starts_with("Close "))))
        .map(|n| n.rect())
        .collect()
}

#[test]
fn many_open_games_keep_the_tabs_on_one_row_with_the_rest_in_a_menu() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = daedalus_tabs_at_800(dir.path(), "evening", 8);
    h.state_mut().screen = Screen::Game(0);
    h.run();
    let closers: Vec<egui::Rect> = closers_on_the_rail(&h);
    assert!(closers.len() >= 2 && closers.len() < 8, "some tabs on the row, not all 8: {}", closers.len());
    for r in &closers {
        assert!((r.center().y - closers[0].center().y).abs() < 1.0, "every tab on one row: {r:?} vs {:?}", closers[0]);
        assert!(r.max.x <= 800.0, "no tab runs off the window: {r:?}");
    }
    let settings = h.get_by_label("Settings").rect();
    assert!((settings.center().y - closers[0].center().y).abs() < 2.0, "Settings on the same row");
    // The menu too: a row of its own took a line of every board's height.
    let menu = h.get_by_label("Game").rect();
    assert!((menu.center().y - closers[0].center().y).abs() < 2.0, "the Game menu on the same row: {menu:?}");
    let hidden = 8 - closers.len();
    h.get_by_label(&format!("{hidden} more…")).click();
    h.run();
    // The last game is in the menu; choosing it shows it, on the row.
    h.get_by_label("evening-7").click();
    h.run();
    assert_eq!(h.state().screen, Screen::Game(7));
    let row: Vec<egui::Rect> = closers_on_the_rail(&h);
    assert_eq!(row.len(), closers.len(), "as many tabs fit as before");
    assert!(h.query_by_label("evening-7").is_some(), "the game on screen has its tab on the row");
}

/// Long names are clipped shorter before a game goes into the "more"
/// menu, and the row keeps no room another tab would fit in.
#[test]
fn long_names_are_clipped_before_a_game_is_hidden_in_the_menu() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = daedalus_tabs_at_800(dir.path(), "a-long-evening-of-daedalus-by-the-fire", 6);
    h.state_mut().screen = Screen::Game(0);
    h.run();
    let closers = closers_on_the_rail(&h);
    assert!(closers.len() >= 2, "two clipped tabs fit at 800, where one whole one did: {}", closers.len());
    let more = h
        .get(egui_kittest::kittest::by().predicate(|n| n.label().or(n.value()).is_some_and(|l| l.ends_with(" more…"))))
        .rect();
    let settings =
        h.query_all_by_label("Settings").map(|n| n.rect()).min_by(|a, b| a.min.y.total_cmp(&b.min.y)).unwrap();
    let tab = closers[1].max.x - closers[0].max.x;
    assert!(settings.min.x - more.max.x < tab, "no room left for one more tab: {more:?} {settings:?}, a tab {tab}");
}

/// On every screen the row's last tab or its "N more…" keeps clear of
/// Settings (at 800x600 "3 more…" was drawn over it, and a click on it
/// opened Settings).
#[test]
fn the_more_menu_never_runs_into_settings() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = daedalus_tabs_at_800(dir.path(), "a-long-evening-of-daedalus-by-the-fire", 6);
    // The last, a rules page opened from the last game (its tab and the
    // page's tag both wanted on the row).
    for screen in [Screen::Game(0), Screen::Game(5), Screen::Settings, Screen::Home, Screen::Rules("daedalus")] {
        h.state_mut().screen = screen;
        h.run();
        if let Screen::Rules(_) = screen {
            h.state_mut().screen = Screen::Game(5);
            h.run();
            h.get_by_label("Game").click();
            h.run();
            h.get_by_label("Rules").click();
            h.run();
            assert_eq!(h.state().screen, screen);
        }
        // (The rail's Settings: the page has a heading of that name too.)
        let settings =
            h.query_all_by_label("Settings").map(|n| n.rect()).min_by(|a, b| a.min.y.total_cmp(&b.min.y)).unwrap();
        let more = h.query_all(
            egui_kittest::kittest::by().predicate(|n| n.label().or(n.value()).is_some_and(|l| l.ends_with(" more…"))),
        );
        let mut row: Vec<egui::Rect> = more.map(|n| n.rect()).collect();
        row.extend(closers_on_the_rail(&h));
        for r in row {
            assert!(r.max.x <= settings.min.x, "{screen:?}: {r:?} runs into Settings at {settings:?}");
        }
    }
}

#[test]
fn a_rules_page_has_its_own_tag_and_its_game_keeps_its_tab_on_the_row() {
    let dir = tempfile::tempdir().unwrap();
    // From the last game, which only fits on the row because it is on screen.
    let mut h = rules_from_game(dir.path(), 8, 7);
    let tag = h.get_by_label("Rules: Daedalus").rect();
    assert!(h.query_by_label("evening-7").is_some(), "the game the rules came from keeps its tab on the row");
    let closers: Vec<egui::Rect> = closers_on_the_rail(&h);
    assert!(closers.iter().all(|r| (r.center().y - tag.center().y).abs() < 2.0), "one row");
    assert!(closers.iter().all(|r| r.max.x <= 800.0), "nothing runs off the window");
    // The tag's own cross goes back to the game.
    let cross = h.get_by_label("Close Rules: Daedalus");
    assert!(tag.contains(cross.rect().center()), "the tag's cross is inside the tag, never on another row");
    cross.click();
    h.run();
    assert_eq!(h.state().screen, Screen::Game(7), "closing the rules goes back to the game they came from");
    assert_eq!(h.state().tabs.len(), 8, "and closes no game");
}

#[test]
fn a_rules_page_keeps_its_tag_while_the_player_goes_back_to_the_board() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = rules_from_game(dir.path(), 5, 1);
    // At 800 the tag leaves the games room (by its game's cover it says
    // "Rules" alone where the row is short): it left one game tab.
    let games = closers_on_the_rail(&h).len() - 1;
    assert!(games >= 2, "{games} game tab(s) beside the rules' tag at 800");
    // Back to the board: the rules keep their tag, and it opens them again.
    h.get_by_label("evening-1").click();
    h.run();
    assert_eq!(h.state().screen, Screen::Game(1));
    h.get_by_label("Rules: Daedalus").click();
    h.run();
    assert_eq!(h.state().screen, Screen::Rules("daedalus"), "the rules' tag opens them again");
    // Closed from the board, the board stays on screen.
    h.get_by_label("evening-1").click();
    h.run();
    h.get_by_label("Close Rules: Daedalus").click();
    h.run();
    assert_eq!(h.state().screen, Screen::Game(1));
    assert!(h.query_by_label("Rules: Daedalus").is_none(), "closed, the tag is gone");
    assert_eq!(h.state().tabs.len(), 5, "and no game was closed");
}

/// The tab keys a browser has: Ctrl+Tab and Ctrl+Shift+Tab round the
/// whole row (found by a new player: they skipped Home, Saved Games and
/// Settings), Ctrl+1 to Ctrl+9 to an open game (they did nothing), Ctrl+W
/// and a middle click close a tab.
#[test]
fn tabs_answer_ctrl_tab_ctrl_w_and_a_middle_click() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = daedalus_tabs_at_800(dir.path(), "evening", 3);
    h.state_mut().screen = Screen::Game(0);
    h.run();
    let back = egui::Modifiers::COMMAND.plus(egui::Modifiers::SHIFT);
    let ctrl = egui::Modifiers::COMMAND;
    // Round the whole row as shown: Home and Saved Games before the games,
    // Settings after them (the games alone left no key back to Home).
    for (modifiers, want) in [
        (ctrl, Screen::Game(1)),
        (back, Screen::Game(0)),
        (back, Screen::SavedGames),
        (back, Screen::Home),
        (back, Screen::Settings),
        (back, Screen::Game(2)),
        (ctrl, Screen::Settings),
        (ctrl, Screen::Home),
        (ctrl, Screen::SavedGames),
        (ctrl, Screen::Game(0)),
    ] {
        h.key_press_modifiers(modifiers, egui::Key::Tab);
        // (Home and Saved Games read the saves off the UI thread: a few
        // frames, not until they settle.)
        h.run_steps(2);
        assert_eq!(h.state().screen, want, "{modifiers:?}: round the row");
    }
    // Ctrl and a digit: that open game, 9 the last; none past the last.
    for (digit, want) in [
        (egui::Key::Num2, Screen::Game(1)),
        (egui::Key::Num9, Screen::Game(2)),
        (egui::Key::Num5, Screen::Game(2)),
        (egui::Key::Num1, Screen::Game(0)),
    ] {
        h.key_press_modifiers(ctrl, digit);
        h.run_steps(2);
        assert_eq!(h.state().screen, want, "Ctrl+{digit:?}");
    }
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::W);
    h.run();
    let open: Vec<String> = h.state().tabs.iter().map(|t| t.title()).collect();
    assert_eq!(h.state().tabs.len(), 2, "Ctrl+W closed the tab on screen: {open:?}");
    assert!(dir.path().join("saves/evening-0.json").exists(), "and the game stays saved");
    assert!(h.query_by_label("evening-0").is_none());
    h.get_by_label("evening-2").click_button(egui::PointerButton::Middle);
    h.run();
    assert_eq!(h.state().tabs.len(), 1, "a middle click closed its tab");
    assert!(h.query_by_label("evening-1").is_some() && h.query_by_label("evening-2").is_none());
}

#[test]
fn each_rules_or_lessons_page_keeps_a_tag_of_its_own() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = rules_from_game(dir.path(), 1, 0);
    h.set_size(egui::vec2(1180.0, 820.0));
    // Home's Tail Feathers rules and Enchanted Plumes lessons besides.
    for (button, page) in [
        ("Tail Feathers rules", Screen::Rules("tail-feathers")),
        ("Learn Enchanted Plumes", Screen::Lessons("enchanted-plumes")),
    ] {
        h.state_mut().screen = Screen::Home;
        h.run();
        h.get_by_label(button).click();
        h.run();
        assert_eq!(h.state().screen, page);
    }
    for tag in ["Rules: Daedalus", "Rules: Tail Feathers", "Lessons: Enchanted Plumes"] {
        assert!(h.query_by_label(tag).is_some(), "{tag} keeps its tag");
    }
    h.get_by_label("Rules: Daedalus").click();
    h.run();
    assert_eq!(h.state().screen, Screen::Rules("daedalus"), "each tag opens its own page");
    // A fourth page closes the oldest.
    h.state_mut().screen = Screen::Home;
    h.run();
    h.get_by_label("Dust in the Wings rules").click();
    h.run();
    assert!(h.query_by_label("Rules: Daedalus").is_none(), "the oldest page's tag closed");
    assert!(h.query_by_label("Rules: Dust in the Wings").is_some());
}

#[test]
fn ctrl_tab_goes_round_the_games_the_rules_tag_and_the_frame_s_tabs() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = rules_from_game(dir.path(), 2, 1);
    // Back to the board: the rules' tag stands after the games' tabs.
    h.get_by_label("evening-1").click();
    h.run();
    for want in [
        Screen::Rules("daedalus"),
        Screen::Settings,
        Screen::Home,
        Screen::SavedGames,
        Screen::Game(0),
        Screen::Game(1),
    ] {
        h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Tab);
        h.run_steps(2);
        assert_eq!(h.state().screen, want, "in the row's order, round it");
    }
}

#[test]
fn a_second_replay_takes_the_first_replay_s_tab() {
    let dir = tempfile::tempdir().unwrap();
    let saves = dir.path().join("saves");
    std::fs::create_dir_all(&saves).unwrap();
    let mut app = AviaryApp::new(Some(config(dir.path())), saves.clone());
    let (a, b) = (saves.join("first.json"), saves.join("second.json"));
    std::fs::write(&a, daedalus_save(3, 1)).unwrap();
    std::fs::write(&b, daedalus_save(5, 2)).unwrap();
    assert!(app.open_file(&a, &mut Vec::new()));
    assert!(app.open_replay(&a, &mut Vec::new()));
    assert!(app.open_replay(&b, &mut Vec::new()));
    assert_eq!(app.tabs.len(), 2, "the game and one replay");
    assert!(!app.tabs[0].is_replay() && app.tabs[1].is_replay());
    assert_eq!(app.tabs[1].path(), b.as_path(), "the newer replay");
    assert_eq!(app.screen, Screen::Game(1));
}

#[test]
fn home_keeps_its_place_while_the_saves_are_read_again() {
    // The shelf used to jump down a frame after coming back to Home (the
    // Continue row was a line of text until the folder was read again),
    // so a click aimed at a box could land on another button.
    let dir = tempfile::tempdir().unwrap();
    let saves = dir.path().join("saves");
    std::fs::create_dir_all(&saves).unwrap();
    std::fs::write(saves.join("daedalus-a.json"), daedalus_save(6, 3)).unwrap();
    let mut h = common::harness(AviaryApp::new(Some(config(dir.path())), saves));
    h.run();
    h.state_mut().wait_for_files();
    h.run();
    let settled = h.get_by_label("New Daedalus game").rect();
    h.get_by_label("Saved Games").click();
    h.step();
    h.state_mut().wait_for_files();
    h.run();
    h.get_by_label("Home").click();
    // The first frame back on Home, before the folder is read again.
    h.step();
    assert_eq!(h.get_by_label("New Daedalus game").rect(), settled, "the box did not move");
}

/// Pointing at a saved game's line of where it stands (cut to two lines)
/// shows the whole line once, above it: egui's own tooltip for a cut label
/// came too, one line wide across the next card's buttons, and ours covered
/// the card's own buttons.
#[test]
fn a_saved_game_s_cut_line_shows_one_tooltip() {
    let dir = tempfile::tempdir().unwrap();
    let saves = dir.path().join("saves");
    std::fs::create_dir_all(&saves).unwrap();
    let mut app = AviaryApp::new(Some(config(dir.path())), saves.clone());
    let entry = aviary::games::GAMES.iter().find(|e| e.id == "tail-feathers").unwrap();
    assert!(app.start_new_game(&aviary::games::NewGame::new(entry, aviary::ai::Level::Easy), &mut Vec::new()));
    app.wait_for_files();
    let mut h =
        Harness::builder().with_size([800.0, 600.0]).build_ui_state(|ui, app: &mut AviaryApp| app.ui_root(ui), app);
    h.state_mut().screen = Screen::SavedGames;
    for _ in 0..2000 {
        h.step();
        if h.query_all_by_label("Continue").count() >= 1 {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    h.run();
    let line = |l: &str| l.contains(" moves") && l.contains(" · ");
    let at = h
        .query_all(egui_kittest::kittest::by().predicate(move |n| n.label().or(n.value()).is_some_and(|l| line(&l))))
        .next();
    let at = at.expect("the line of where the game stands").rect().center();
    h.hover_at(at);
    for _ in 0..90 {
        h.step();
    }
    let shown: Vec<egui::Rect> = h
        .query_all(egui_kittest::kittest::by().predicate(move |n| n.label().or(n.value()).is_some_and(|l| line(&l))))
        .map(|n| n.rect())
        .collect();
    assert_eq!(shown.len(), 2, "the line and one tooltip: {shown:?}");
    // The tip stands above the line: below it, it covered the card's own
    // Continue and Replay.
    let (words, tip) = if shown[0].center().distance(at) < 1.0 { (shown[0], shown[1]) } else { (shown[1], shown[0]) };
    assert!(tip.bottom() <= words.top() + 1.0, "the tip above the line: {tip:?} vs {words:?}");
    let cont = h.get_by_label("Continue").rect();
    assert!(!tip.intersects(cont), "the tip keeps clear of Continue: {tip:?} vs {cont:?}");
}

/// Found by a new player: a finished game's card in Saved Games said only
/// "83 moves (finished)", not who won. It now says how the game ended.
#[test]
fn a_finished_game_s_card_in_saved_games_says_how_it_ended() {
    let dir = tempfile::tempdir().unwrap();
    let saves = dir.path().join("saves");
    std::fs::create_dir_all(&saves).unwrap();
    let mut s: Session<Daedalus> =
        Session::new(Setup { seats: 2, options: Options::default() }, 7, vec![Player::Human, Player::Human]);
    let mut rng = aviary::rules::Rng::seeded(7);
    while !s.is_over() && s.cursor() < 5000 {
        let legal = s.state().legal_actions();
        s.propose(legal[rng.below(legal.len())].clone()).unwrap();
    }
    assert!(s.is_over(), "a game played to its end");
    let ended = s.state().status();
    assert!(!ended.is_empty());
    std::fs::write(saves.join("duel.json"), save::to_text(&save::record(&s))).unwrap();
    let mut h = common::harness(AviaryApp::new(Some(config(dir.path())), saves.clone()));
    h.state_mut().screen = Screen::SavedGames;
    for _ in 0..2000 {
        h.step();
        if h.query_by_label("duel").is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    h.run();
    let said: String = common::painted_words(&h).into_iter().map(|w| w.0).collect::<Vec<_>>().join(" ");
    let moves = format!("Finished after {} moves", s.cursor());
    assert!(said.contains(&moves), "{moves} in {said}");
    assert!(!said.contains("finished: "), "that it finished is said once: {said}");
    assert!(said.contains("Daedalus · last played "), "a chosen name's card says its game and when: {said}");
    // A finished game's button says what it opens to; the row's labels
    // stand level with their choices.
    h.get_by_label("See the end");
    let (show, all) = (h.get_by_label("Show:").rect(), h.get_by_label("All (1)").rect());
    assert!((show.center().y - all.center().y).abs() < 1.5, "Show: level with its choices: {show:?} {all:?}");
    let head: String = ended.chars().take(20).collect();
    assert!(said.contains(&head), "how it ended ({ended}) in {said}");
}
