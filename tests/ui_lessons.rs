//! Lessons as a newcomer meets them (issue 27): "Learn" on Home (with its
//! invitation for a game never played), the lesson map, a lesson in the
//! game's own tab, a wrong move refused with the rule and the lesson's
//! hint, the right moves played on the board, the lesson ticked with its
//! moves against par, and the progress kept and read again at the next
//! start.
#![allow(clippy::unwrap_used)]

mod common;

use aviary::app::AviaryApp;
use aviary::lessons::daedalus::COURSE;
use aviary::rules::daedalus::Action;
use aviary::ui::daedalus::DaedalusTab;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

#[test]
fn a_lesson_from_home_refuses_a_wrong_move_with_its_hint_then_is_ticked_and_remembered() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("config");
    let mut h = common::harness(AviaryApp::new(Some(config.clone()), dir.path().join("saves")));
    h.run();
    assert!(h.query_all_by_label_contains("New to it? Learn in").count() >= 2, "each course invites a newcomer");
    h.get_by_label("Learn Daedalus").click();
    h.run();
    h.get_by_label("Start (suggested)").click();
    h.run();
    h.get_by_label_contains("lesson: Goal: Place your seven walls");
    // A wall on Black's half: the rules refuse it, and the hint follows.
    h.get_by_label("a8 empty").click();
    h.run();
    let toasts = h.state().toast_texts().join(" | ");
    assert!(toasts.contains("DA-R") && toasts.contains("Hint: Drop a wall on a lit square"), "{toasts}");
    assert_eq!(toasts.matches("Hint:").count(), 1, "the hint once: {toasts}");
    // The right moves, clicked on the board.
    for _ in 0..7 {
        let state = common::game_tab::<aviary::ui::daedalus::DaedalusTab>(&mut h).table.session().state().clone();
        let Some(Action::PlaceWall(sq)) = (COURSE[0].solution)(&state) else { break };
        h.get_by_label(&format!("{sq} empty")).click();
        h.run();
    }
    h.get_by_label("lesson: Done in 7 moves (par 7). On to the next lesson?");
    assert_eq!(h.state().lesson_progress.done.get("daedalus-build"), Some(&7));
    // The progress is in the settings folder: a new start reads it.
    h.state_mut().wait_for_files();
    let file = config.join("lessons.json");
    let written = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    assert!(written.contains("daedalus-build"), "the progress is written: {written}");
    let mut again = common::harness(AviaryApp::new(Some(config), dir.path().join("saves")));
    again.run();
    again.get_by_label("Learn Daedalus").click();
    again.run();
    again.get_by_label("Done in 7 moves (par 7)");
    // The next lesson is the one suggested.
    again.get_by_label("Start (suggested)").click();
    again.run();
    again.get_by_label_contains("lesson: Goal: Set your Gladiator");
    let _ = std::any::type_name::<DaedalusTab>();
}

#[test]
fn a_broken_progress_file_is_kept_aside_and_loses_nothing_else() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("config");
    std::fs::create_dir_all(&config).unwrap();
    std::fs::write(config.join("lessons.json"), "{ not json").unwrap();
    std::fs::write(config.join("settings.json"), "{\"dark\": true}").unwrap();
    let app = AviaryApp::new(Some(config.clone()), dir.path().join("saves"));
    assert!(app.settings.dark, "the settings are read as ever");
    assert!(app.lesson_progress.done.is_empty());
    let kept = std::fs::read_dir(&config).unwrap().filter_map(Result::ok).any(|e| {
        let n = e.file_name().to_string_lossy().into_owned();
        n.starts_with("lessons") && n != "lessons.json"
    });
    assert!(kept, "the broken file is kept aside");
}

#[test]
fn undo_in_a_lesson_is_free_but_never_goes_back_past_its_start() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness(AviaryApp::new(Some(dir.path().join("config")), dir.path().join("saves")));
    h.run();
    // Lesson 2 starts after both sides' walls were placed.
    assert!(h.state_mut().open_lesson("daedalus", 1, &mut Vec::new()));
    h.run();
    let cursor = |h: &mut Harness<'_, AviaryApp>| common::game_tab::<DaedalusTab>(h).table.session().cursor();
    let start = cursor(&mut h);
    assert!(start >= 14, "the walls are placed before the lesson");
    h.get_by_label("Undo").click();
    h.run();
    assert_eq!(cursor(&mut h), start, "nothing before the lesson is taken back");
    // A move of the lesson's, then undo: back to the start, no question.
    let state = common::game_tab::<DaedalusTab>(&mut h).table.session().state().clone();
    let Some(Action::PlaceGladiator(sq)) = (aviary::lessons::daedalus::COURSE[1].solution)(&state) else {
        panic!("the lesson starts with the Gladiator")
    };
    h.get_by_label(&format!("{sq} empty")).click();
    h.run();
    assert!(cursor(&mut h) > start);
    h.get_by_label("Undo").click();
    h.run();
    assert_eq!(cursor(&mut h), start);
}

#[test]
fn the_lesson_map_lays_the_lessons_in_order_without_overlap_at_any_size() {
    for size in [[1180.0, 820.0], [800.0, 600.0]] {
        let dir = tempfile::tempdir().unwrap();
        let app = AviaryApp::new(Some(dir.path().join("config")), dir.path().join("saves"));
        let mut h = Harness::builder().with_size(size).build_ui_state(|ui, app: &mut AviaryApp| app.ui_root(ui), app);
        h.run();
        h.get_by_label("Learn Tail Feathers").click();
        h.run();
        h.run();
        // Each lesson's Start button, by the lesson it names on hover: the
        // buttons follow the course left to right, row by row.
        let buttons: Vec<egui::Rect> = h
            .query_all(egui_kittest::kittest::by().predicate(|n| {
                n.label().is_some_and(|l| l == "Start" || l == "Start (suggested)" || l == "Play again")
            }))
            .map(|n| n.rect())
            .collect();
        assert!(buttons.len() >= 3, "{size:?}: the lessons' buttons: {}", buttons.len());
        for (n, pair) in buttons.windows(2).enumerate() {
            let (a, b) = (pair[0], pair[1]);
            let next_on_row = b.left() > a.right();
            let next_row = b.top() > a.bottom() + 100.0 && b.left() < a.left();
            assert!(next_on_row || next_row, "{size:?}: lesson {} then {}: {a:?} {b:?}", n + 1, n + 2);
        }
        assert!(buttons.iter().all(|r| r.right() <= size[0]), "{size:?}: no card runs off the window's edge");
    }
}

/// Found by a new player: every card of the lesson map said "par N: the
/// fewest moves it takes". The page says what par is once; each card
/// says its par.
#[test]
fn the_lesson_map_says_what_par_is_once() {
    let dir = tempfile::tempdir().unwrap();
    let app = AviaryApp::new(Some(dir.path().join("config")), dir.path().join("saves"));
    let mut h =
        Harness::builder().with_size([1180.0, 820.0]).build_ui_state(|ui, app: &mut AviaryApp| app.ui_root(ui), app);
    h.run();
    h.get_by_label("Learn Enchanted Plumes").click();
    h.run();
    // (A label's words are its node's value; its runs of text, under it,
    // say them again.)
    let labels: Vec<String> = h
        .query_all(egui_kittest::kittest::by())
        .filter(|n| n.accesskit_node().role() == egui::Role::Label)
        .filter_map(|n| n.accesskit_node().value())
        .collect();
    let said = labels.iter().filter(|l| l.contains("fewest moves")).count();
    assert_eq!(said, 1, "par explained once: {labels:?}");
    let pars = labels.iter().filter(|l| l.starts_with("Par ") || l.starts_with("Next to try · par ")).count();
    assert_eq!(pars, 5, "each lesson says its par: {labels:?}");
}

#[test]
fn a_lesson_s_picture_beside_its_rules_section_opens_it() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness(AviaryApp::new(Some(dir.path().join("config")), dir.path().join("saves")));
    h.state_mut().screen = aviary::app::Screen::Rules("daedalus");
    h.run();
    // Each section's first lesson has its start pictured in the margin of
    // the section, every lesson its link.
    for l in &COURSE {
        h.get_by_label(&format!("Learn it by playing: {} (about {} min)", l.title, l.minutes));
    }
    let first = |n: usize| COURSE[..n].iter().all(|l| l.section != COURSE[n].section);
    let n = (1..COURSE.len()).find(|&n| first(n)).expect("a later section has a lesson");
    for (k, l) in COURSE.iter().enumerate() {
        let picture = format!("Picture: Learn it by playing: {} (about {} min)", l.title, l.minutes);
        assert_eq!(h.query_by_label(&picture).is_some(), first(k), "{picture}");
    }
    let picture = format!("Picture: Learn it by playing: {} (about {} min)", COURSE[n].title, COURSE[n].minutes);
    // (Scrolled to first, as a reader would: the glance at the page's top
    // put it below the window's foot.)
    h.get_by_label(&picture).scroll_to_me();
    h.run();
    h.get_by_label(&picture).click();
    h.run();
    h.get_by_label_contains(&format!("Lesson {} of {}: {}", n + 1, COURSE.len(), COURSE[n].title));
}
