//! The one list of games: every entry keeps the contract that lets the app
//! treat it like any other (adding a game is one entry), and the app's
//! screens are built from the list.
#![allow(clippy::unwrap_used)]

mod common;

use aviary::ai::Level;
use aviary::app::AviaryApp;
use aviary::games::{self, GAMES, NewGame};
use aviary::rules::daedalus::Daedalus;
use aviary::rules::{Game, Setup};
use aviary::save::SaveError;
use aviary::session::Player;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

#[test]
fn every_playable_entry_starts_saves_replays_and_opens_its_own_games_and_has_a_rules_page() {
    let dir = tempfile::tempdir().unwrap();
    let mut ids = std::collections::BTreeSet::new();
    for entry in &GAMES {
        assert!(ids.insert(entry.id), "{} is listed twice", entry.id);
        let Some(play) = &entry.play else { continue };
        assert_eq!(play.rules.title, entry.name, "{}: its own rules page", entry.id);
        let mut choice = NewGame::new(entry, Level::Normal);
        choice.players = vec![Player::Human; choice.players.len()];
        let path = dir.path().join(format!("{}.json", entry.id));
        let mut tab = (play.start)(&choice, 42, path.clone());
        assert_eq!(tab.game_id(), entry.id);
        tab.save().unwrap();
        let (_, summary) = games::verify_path(&path).unwrap();
        assert_eq!((summary.game, summary.cursor, summary.finished), (entry.name, 0, false), "{}", entry.id);
        let opened = games::open(&path).unwrap();
        assert_eq!((opened.game_id(), opened.moves()), (entry.id, 0));
        assert_eq!(games::entry(entry.id).map(|e| e.id), Some(entry.id));
    }
    assert!(ids.len() >= 5, "all five games are listed");
}

#[test]
fn a_save_of_a_game_aviary_does_not_have_is_refused_by_name() {
    assert!(GAMES.iter().all(|e| e.play.is_some()), "all five games are playable");
    let text = r#"{"format": "aviary-save", "version": 1, "game": "owl-post", "seats": [], "seed": 1, "actions": []}"#;
    let file = aviary::save::parse(text).unwrap();
    let err = games::verify(&file).unwrap_err();
    assert!(matches!(err, SaveError::UnknownGame(_)), "{err}");
    assert!(err.to_string().contains("owl-post"), "{err}");
}

/// The app with its settings and saves in `dir`, in a window of `size`,
/// after its first frames.
fn app_at(dir: &std::path::Path, size: [f32; 2]) -> Harness<'static, AviaryApp> {
    let app = AviaryApp::new(Some(dir.join("config")), dir.join("saves"));
    let mut h = Harness::builder()
        .with_size(size)
        .with_max_steps(64)
        .build_ui_state(|ui, app: &mut AviaryApp| app.ui_root(ui), app);
    h.run();
    h
}

#[test]
fn home_lists_every_entry_and_each_playable_one_starts_from_its_dialog() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = app_at(dir.path(), [1200.0, 900.0]);
    for entry in &GAMES {
        h.get_by_label(entry.name);
        h.get_by_label(&format!("New {} game", entry.name));
    }
    let playable: Vec<_> = GAMES.iter().filter(|e| e.play.is_some()).collect();
    for (n, entry) in playable.iter().enumerate() {
        h.get_by_label("Home").click();
        h.run();
        // The saved games are read on a thread and Home lays itself out
        // again when they land: the button is pressed after that (under
        // load on two cores the click once landed as the list arrived).
        for _ in 0..400 {
            if !h.state().reading_saved_games() {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
            h.run();
        }
        h.run();
        h.get_by_label(&format!("New {} game", entry.name)).click();
        h.run();
        assert_eq!(h.get_all_by_label(&format!("New {} game", entry.name)).count(), 2, "button and dialog heading");
        let choice = h.state_mut().new_game.as_mut().unwrap();
        choice.players = vec![Player::Human; choice.players.len()];
        choice.seed = "9".into();
        h.run();
        h.get_by_label("Start").click();
        h.run();
        assert_eq!(h.state().tabs.len(), n + 1);
        assert_eq!(h.state().tabs[n].game_id(), entry.id);
    }
}

#[test]
fn ctrl_n_opens_the_new_game_dialog_for_the_game_on_screen() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = app_at(dir.path(), [1200.0, 900.0]);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::N);
    h.run();
    assert_eq!(h.state().new_game.as_ref().map(|c| c.game.id), Some(games::first().id), "from Home: the first game");
    // The dialog offers the other games too, and one click turns it to one.
    let last = GAMES.iter().rfind(|e| e.play.is_some()).unwrap();
    // (Home's box of that name lies under the dialog: the button is the one.)
    h.get(egui_kittest::kittest::by().label(last.name).role(egui::accesskit::Role::Button)).click();
    h.run();
    assert_eq!(h.state().new_game.as_ref().map(|c| c.game.id), Some(last.id), "turned to another game");
    let title = format!("New {} game", last.name);
    assert_eq!(h.query_all_by_label(&title).count(), 2, "its title says so (and Home's button of that name)");
    h.get_by_label("Cancel").click();
    h.run();
    let other = GAMES.iter().find(|e| e.play.is_some() && e.id != games::first().id).unwrap();
    h.get_by_label(&format!("New {} game", other.name)).click();
    h.run();
    h.get_by_label("Start").click();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::N);
    h.run();
    assert_eq!(h.state().new_game.as_ref().map(|c| c.game.id), Some(other.id), "the game on screen");
}

/// Every rules page opens with the game in one minute ("The idea"), as a
/// rulebook does, then the rules, and how to play it in Aviary last
/// (new players read the app's controls, shown first, as a manual); each
/// tells of Undo turn.
#[test]
fn every_rules_page_opens_with_the_idea_and_ends_with_playing_in_aviary() {
    for entry in &aviary::games::GAMES {
        let Some(play) = entry.play.as_ref() else { continue };
        let headings: Vec<&str> = play.rules.sections.iter().map(|(h, _)| *h).collect();
        assert_eq!(headings.first(), Some(&"Playing in Aviary"), "{}: {headings:?}", entry.name);
        assert_eq!(headings.get(1), Some(&"The idea"), "{}: {headings:?}", entry.name);
        let playing = play.rules.sections[0].1.join(" ");
        assert!(playing.contains("Undo turn"), "{}: {playing}", entry.name);
        // As shown: the idea on top, the rules, then Playing in Aviary
        // (before any appendix).
        let mut h = Harness::builder().with_size([900.0, 12_000.0]).build_ui(|ui| {
            aviary::ui::rules_text::rules_ui(ui, play.rules);
        });
        h.run();
        let top = |label: &str| h.query_all_by_label(label).next().expect(label).rect().top();
        let (idea, playing) = (top("The idea"), top("Playing in Aviary"));
        let rules = headings.iter().filter(|h| !h.starts_with("Appendix")).skip(2);
        for heading in rules {
            let at = top(heading);
            assert!(
                idea < at && at < playing,
                "{}: {heading} at {at}, between the idea and Playing in Aviary",
                entry.name
            );
        }
    }
}

/// Every rules page has the game at a glance (its turn in a few numbered
/// steps) on screen under the idea and above the first rule, and keeps
/// how the computer players think in an appendix, not among the controls
/// a new player reads (a reviewer asked for both).
#[test]
fn every_rules_page_shows_the_turn_at_a_glance_under_the_idea() {
    for entry in &aviary::games::GAMES {
        let Some(page) = entry.rules() else { continue };
        assert!((3..=6).contains(&page.glance.len()), "{}: {} steps", entry.name, page.glance.len());
        let playing = page.sections.iter().find(|(h, _)| *h == "Playing in Aviary").expect("Playing in Aviary");
        assert!(
            playing.1.iter().all(|p| !p.contains("The computer players:")),
            "{}: the computer players belong in an appendix",
            entry.name
        );
        let mut h = Harness::builder().with_size([900.0, 12_000.0]).build_ui(|ui| {
            aviary::ui::rules_text::rules_ui(ui, page);
        });
        h.run();
        let top = |label: &str| h.query_all_by_label(label).next().expect(label).rect().top();
        let glance = top("At a glance");
        let first_rule = page.sections.iter().map(|(h, _)| *h).find(|h| *h != "Playing in Aviary" && *h != "The idea");
        assert!(top("The idea") < glance, "{}: the glance under the idea", entry.name);
        assert!(glance < top(first_rule.expect("a rule")), "{}: the glance above the rules", entry.name);
        let mut last = glance;
        for step in page.glance {
            let at = top(step);
            assert!(at > last, "{}: steps in order: {step}", entry.name);
            last = at;
        }
    }
}

/// Designer statistics and tuning tables come last, in appendix sections;
/// the pictures are drawn by the games' painters and shown on the page.
#[test]
fn rules_pages_keep_statistics_in_an_appendix_and_show_their_pictures() {
    let mut figures = 0;
    for entry in &aviary::games::GAMES {
        let Some(page) = entry.rules() else { continue };
        let headings: Vec<&str> = page.sections.iter().map(|(h, _)| *h).collect();
        let first_appendix = headings.iter().position(|h| h.starts_with("Appendix")).unwrap_or(headings.len());
        assert!(
            headings[first_appendix..].iter().all(|h| h.starts_with("Appendix")),
            "{}: appendices come last: {headings:?}",
            entry.name
        );
        for (heading, paragraphs) in &page.sections[..first_appendix] {
            for p in *paragraphs {
                assert!(!p.contains('%'), "{}: statistics belong in an appendix, not in {heading:?}: {p}", entry.name);
            }
        }
        // Every picture belongs to a section of the page, and is on screen.
        let mut h = Harness::builder().with_size([900.0, 12_000.0]).build_ui(|ui| {
            aviary::ui::rules_text::rules_ui(ui, page);
        });
        h.run();
        for (heading, figure) in page.figures {
            assert!(headings.contains(heading), "{}: a picture for a missing section {heading:?}", entry.name);
            h.get_by_label(figure.caption());
            figures += 1;
        }
    }
    assert!(
        figures >= 7,
        "the Composition shapes, a plume's rows, the labyrinth's symbols, the Tail Feathers units, tilts, crossings \
         and range"
    );
}

/// The Tail Feathers rules page shows its designed units: every bird,
/// pilot and ground unit, from the game's own tables.
#[test]
fn the_tail_feathers_rules_show_its_designed_units() {
    use aviary::rules::tail_feathers::components::{BIRDS, GROUND, PILOTS};
    let dir = tempfile::tempdir().unwrap();
    let app = AviaryApp::new(Some(dir.path().join("config")), dir.path().join("saves"));
    let mut h =
        Harness::builder().with_size([1280.0, 4_000.0]).build_ui_state(|ui, app: &mut AviaryApp| app.ui_root(ui), app);
    h.run();
    assert!(h.query_by_label("New Tail Feathers game").is_some());
    h.get_by_label("Tail Feathers rules").click();
    h.run();
    h.get_by_label("figure: the unit cards and Scenario 1");
    for name in BIRDS.iter().map(|b| b.name).chain(PILOTS.iter().map(|p| p.name)).chain(GROUND.iter().map(|g| g.name)) {
        assert!(h.query_all_by_label(name).next().is_some(), "{name} is on the page");
    }
}

/// The Tail Feathers rules page says what the rules do (issue 23): a
/// launching bird takes a piloting check like any flying bird rather than
/// "flying straight", burning nests lose life first in the final phase, and
/// a flight may end over ground figures.
#[test]
fn the_tail_feathers_rules_page_tells_the_launch_check_the_burning_nests_and_ground_figures_making_room() {
    let page = games::entry("tail-feathers").unwrap().rules().unwrap();
    let section = |name: &str| {
        page.sections.iter().find(|(h, _)| *h == name).map_or_else(|| panic!("{name}"), |(_, p)| p.join(" "))
    };
    let round = section("A round");
    assert!(!round.contains("flies straight"), "{round}");
    let tilt = round.split("Tilt:").nth(1).unwrap().split("Activation:").next().unwrap();
    assert!(tilt.contains("launching bird") && tilt.contains("piloting check"), "{tilt}");
    let fin = round.split("Final:").nth(1).unwrap();
    let burning = fin.find("burning nest").expect("burning nests in the final phase");
    assert!(burning < fin.find("reserves").unwrap(), "burning nests come first: {fin}");
    let flying = section("Flying");
    assert!(flying.contains("end over figures on the ground") && flying.contains("make room"), "{flying}");
}

/// The new-game dialog picks each Tail Feathers pilot's rank card.
#[test]
fn the_tail_feathers_dialog_picks_each_pilot_s_rank_card() {
    use aviary::rules::tail_feathers::components::Rank;
    let dir = tempfile::tempdir().unwrap();
    let entry = games::entry("tail-feathers").unwrap();
    let mut choice = games::NewGame::new(entry, aviary::ai::Level::Easy);
    let burdock = entry.variants.iter().position(|v| v.label.starts_with("Burdock")).unwrap();
    choice.variants[burdock] = true;
    let play = entry.play.as_ref().unwrap();
    let mut tab = (play.start)(&choice, 3, dir.path().join("tf.json"));
    let tab = tab.as_any_mut().downcast_mut::<aviary::ui::tail_feathers::SkirmishTab>().unwrap();
    let state = tab.table.session().state();
    let ranks: Vec<Rank> = (0..3).map(|u| state.pilot_card(u).unwrap().rank).collect();
    assert_eq!(ranks, [Rank::Rookie, Rank::Ace, Rank::Rookie], "only Burdock flies at his higher card");
}

/// The Tail Feathers dialog groups the additional rules ("All of them"
/// sets or clears the group); a game started
/// with foraging says so beside the battlefield and keeps it in its save.
#[test]
fn tail_feathers_starts_with_an_additional_rule_ticked_in_the_dialog() {
    use aviary::rules::tail_feathers::game::TailFeathers;
    let dir = tempfile::tempdir().unwrap();
    let mut h = app_at(dir.path(), [1280.0, 900.0]);
    h.get_by_label("New Tail Feathers game").click();
    h.run();
    // The options are folded away under one line that counts them.
    h.get_by_label_contains("Variants and additional rules: 0 of").click();
    h.run();
    h.get_by_label("Additional rules");
    // "All of them" ticks every additional rule, and clears them again.
    let chosen = |h: &Harness<'_, AviaryApp>| {
        let c = h.state().new_game.as_ref().unwrap();
        ["foraging", "feathers"].map(|k| c.variant(k))
    };
    h.get_by_label("All of them").click();
    h.run();
    assert_eq!(chosen(&h), [true, true]);
    h.get_by_label("All of them").click();
    h.run();
    assert_eq!(chosen(&h), [false, false]);
    h.get_by_label("Foraging: an activated ground unit may do nothing for a cheese").click();
    h.run();
    assert_eq!(chosen(&h), [true, false]);
    let choice = h.state_mut().new_game.as_mut().unwrap();
    choice.players = vec![Player::Human; 2];
    h.run();
    h.get_by_label("Start").click();
    h.run();
    h.get_by_label("Additional rules: foraging");
    let tab = h.state_mut().tabs[0]
        .as_any_mut()
        .downcast_mut::<aviary::ui::tail_feathers::SkirmishTab>()
        .expect("the Tail Feathers tab");
    let state: &TailFeathers = tab.table.session().state();
    assert!(state.options().foraging, "the game was started with foraging");
    let saved = aviary::save::to_text(&aviary::save::record(tab.table.session()));
    assert!(saved.contains("\"foraging\":true"), "the choice is in the save");
}

#[test]
fn tail_feathers_structures_in_the_dialog_bring_the_action_cards_with_them() {
    use aviary::rules::tail_feathers::game::TailFeathers;
    let dir = tempfile::tempdir().unwrap();
    let mut h = app_at(dir.path(), [1280.0, 900.0]);
    h.get_by_label("New Tail Feathers game").click();
    h.run();
    h.get_by_label_contains("Variants and additional rules").click();
    h.run();
    h.get_by_label("Structures: a card builds a ballista in the trees (turns action cards on)").click();
    h.run();
    let choice = h.state_mut().new_game.as_mut().unwrap();
    choice.players = vec![Player::Human; 2];
    h.run();
    h.get_by_label("Start").click();
    h.run();
    h.get_by_label("Additional rules: action cards, structures");
    let tab = h.state_mut().tabs[0]
        .as_any_mut()
        .downcast_mut::<aviary::ui::tail_feathers::SkirmishTab>()
        .expect("the Tail Feathers tab");
    let state: &TailFeathers = tab.table.session().state();
    assert!(state.options().action_cards && state.options().structures);
    assert!(
        aviary::rules::Game::legal_actions(state)
            .iter()
            .all(|a| matches!(a, aviary::rules::tail_feathers::Action::Pick(_))),
        "the game begins with the hands picked"
    );
}

/// The Tail Feathers rules page shows every action card we designed
/// (TF-R27), from the game's own table, and the ballista's card.
#[test]
fn the_tail_feathers_rules_show_every_action_card_and_the_ballista() {
    use aviary::rules::tail_feathers::cards::{ACTION_CARDS, BALLISTA};
    let page = games::entry("tail-feathers").unwrap().rules().unwrap();
    let mut h = Harness::builder().with_size([1100.0, 14_000.0]).build_ui(|ui| {
        aviary::ui::rules_text::rules_ui(ui, page);
    });
    h.run();
    for c in &ACTION_CARDS {
        assert!(
            h.query_all_by_label_contains(&format!("action card {} (", c.name)).next().is_some(),
            "{} is on the page",
            c.name
        );
    }
    let text: String = page.sections.iter().flat_map(|(_, p)| p.iter()).copied().collect::<Vec<_>>().join(" ");
    assert!(
        text.contains(&format!("ranged {}, defence {}, life {}", BALLISTA.ranged, BALLISTA.defence, BALLISTA.life))
    );
    // The page counts the cards it shows (it said 29 after a 30th came in).
    assert!(text.contains(&format!("Our design: {} cards", ACTION_CARDS.len())), "the page counts the cards");
    // The structures section names no count of dice or wounds that the
    // card could contradict (it said "three dice" after the card's ranged
    // value went to 2).
    let structures: String = page
        .sections
        .iter()
        .filter(|(title, _)| title.contains("structures"))
        .flat_map(|(_, p)| p.iter())
        .copied()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(structures.contains("Build Ballista"), "the section is there");
    for n in ["one", "two", "three", "four", "five", "2", "3", "4"] {
        for what in ["dice", "wounds"] {
            let said = format!("{n} {what}");
            assert!(!structures.contains(&said), "the rules say \"{said}\"; the card's numbers are the truth");
        }
    }
}

/// Home in a window of `size` with one unfinished Daedalus game ("Evening
/// match", one move made) under Continue.
fn home_with_a_game_to_continue(dir: &std::path::Path, size: [f32; 2]) -> Harness<'static, AviaryApp> {
    let mut session = aviary::session::Session::<Daedalus>::new(
        Setup { seats: 2, options: aviary::rules::daedalus::Options::default() },
        7,
        vec![Player::Human, Player::Human],
    );
    let first = session.state().legal_actions().into_iter().next().unwrap();
    session.propose(first).unwrap();
    std::fs::create_dir_all(dir.join("saves")).unwrap();
    let path = dir.join("saves").join("Evening match.json");
    aviary::save::write_file(&path, &aviary::save::to_text(&aviary::save::record(&session))).unwrap();
    let mut h = app_at(dir, size);
    for _ in 0..40 {
        h.run();
        if h.query_by_label_contains("Continue Daedalus").is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    h
}

/// At 800x600 with a game under Continue, each box still says what its
/// game is in three lines or more (a narrow box kept a bare line under
/// its buttons and cut the words to two).
#[test]
fn at_800_with_a_game_to_continue_each_box_says_what_its_game_is_in_three_lines() {
    let dir = tempfile::tempdir().unwrap();
    let h = home_with_a_game_to_continue(dir.path(), [800.0, 600.0]);
    assert!(h.query_by_label_contains("Continue Daedalus").is_some(), "a game to continue");
    for entry in GAMES.iter().filter(|e| e.play.is_some()) {
        let pitch = h.get_by_label(entry.pitch).rect();
        let new = h.get_by_label(&format!("New {} game", entry.name)).rect();
        assert!(pitch.height() > 36.0, "{} says what it is in three lines or more: {pitch:?}", entry.name);
        assert!(new.bottom() <= 600.0, "{}'s New game is in the window", entry.name);
    }
}

#[test]
fn home_is_a_shelf_of_boxes_and_continue_reopens_an_unfinished_game_with_whose_turn_it_is() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = home_with_a_game_to_continue(dir.path(), [1180.0, 820.0]);
    for entry in GAMES.iter().filter(|e| e.play.is_some()) {
        h.get_by_label(&format!("{} box: new game", entry.name));
        h.get_by_label(&format!("New {} game", entry.name));
        h.get_by_label(&format!("{} rules", entry.name));
        h.get_by_label(&format!("Learn {}", entry.name));
    }
    let card = h.get_by_label("Continue Daedalus (Evening match)");
    // A name a person chose does not say the game: the seats' line does;
    // and the way to every saved game counts them as Saved Games does.
    let words = common::painted_words(&h);
    assert!(
        words.iter().any(|(w, r, _)| w.starts_with("Daedalus · ") && card.rect().contains(r.center())),
        "the card says its game"
    );
    h.get_by_label("All saved games (1)");
    card.click();
    h.run();
    assert!(
        h.query_by_label_contains("to move").is_some() || h.query_by_label_contains("White").is_some(),
        "the game opens in its tab"
    );
    assert_eq!(h.state().tabs.len(), 1, "continuing opens the saved game");
    assert_eq!(h.state().tabs[0].moves(), 1, "as it was left");
}

/// A game saved while a card waits to be turned is listed by what comes
/// next, in the game's own words (it read "chance to resolve — …", which a
/// player took for a debugging line).
#[test]
fn a_game_saved_before_a_card_is_turned_is_listed_in_the_game_s_words() {
    use aviary::rules::ToMove;
    use aviary::rules::feathers_wax::{FeathersAndWax, Options};
    let dir = tempfile::tempdir().unwrap();
    let mut session = aviary::session::Session::<FeathersAndWax>::new(
        Setup { seats: 1, options: Options {} },
        11,
        vec![Player::Human],
    );
    for _ in 0..300 {
        if session.state().to_move() == ToMove::Chance || session.is_over() {
            break;
        }
        let first = session.state().legal_actions().into_iter().next().unwrap();
        session.propose(first).unwrap();
    }
    assert_eq!(session.state().to_move(), ToMove::Chance, "a card waits to be turned");
    let path = dir.path().join("waiting.json");
    aviary::save::write_file(&path, &aviary::save::to_text(&aviary::save::record(&session))).unwrap();
    let row = games::listing(path);
    assert_eq!(row.now, session.state().status());
    assert!(!row.now.contains("chance"), "{}", row.now);
}

/// In a low window the new-game dialog's seats and options scroll, and
/// Start stays within the window (at 800x600 the Tail Feathers dialog,
/// with its thirteen options, once ran past the bottom edge).
#[test]
fn the_new_game_dialog_s_start_button_stays_in_a_low_window() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = app_at(dir.path(), [800.0, 600.0]);
    h.get_by_label("New Tail Feathers game").click();
    h.run();
    let start = h.get_by_label("Start").rect();
    assert!(start.max.y <= 600.0, "Start is within the window: {start:?}");
    h.get_by_label("Cancel");
    h.get_by_label("Start").click();
    // The computer's seat starts thinking (a spinner): a few frames.
    h.run_steps(3);
    assert_eq!(h.state().tabs.len(), 1, "the game starts");
}

/// A file Aviary named when its game began is shown by its game and how
/// many play ("Enchanted Plumes, 4 players"), not by the file name (three
/// such Continue cards had all read the same); a name a person chose is
/// shown as they wrote it.
#[test]
fn a_save_aviary_named_is_shown_by_its_game_and_players() {
    let dir = tempfile::tempdir().unwrap();
    let path = aviary::save::fresh_path(dir.path(), "enchanted-plumes");
    let mut row = games::Listing {
        path,
        game: "Enchanted Plumes".into(),
        seats: String::new(),
        saved_at: 0,
        moves: 3,
        finished: false,
        now: String::new(),
        problem: None,
        sketch: aviary::ui::sketch::Sketch::default(),
        players: 4,
    };
    assert!(row.is_auto_named(), "{:?}", row.path);
    assert_eq!(row.title(), "Enchanted Plumes, 4 players");
    row.path = dir.path().join("friday-evening.json");
    assert!(!row.is_auto_named());
    assert_eq!(row.title(), "friday-evening");
    row.path = dir.path().join("enchanted-plumes-with-ben.json");
    assert_eq!(row.title(), "enchanted-plumes-with-ben", "a person's name that starts like Aviary's");
    // The name older versions gave a game, and a numbered copy: a reviewer
    // saw "enchanted-plumes" on Home for want of the game's title.
    for aviary_named in ["enchanted-plumes.json", "enchanted-plumes-2.json"] {
        row.path = dir.path().join(aviary_named);
        assert_eq!(row.title(), "Enchanted Plumes, 4 players", "{aviary_named}");
    }
}

/// Found by a new player: the Dust in the Wings rules opened halfway down,
/// where the Enchanted Plumes page had been left. Each page keeps its own
/// place and a page not yet read opens at its top.
#[test]
fn each_rules_page_opens_at_its_own_place() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = app_at(dir.path(), [1180.0, 820.0]);
    h.get_by_label("Enchanted Plumes rules").click();
    h.run();
    let title = |h: &Harness<'_, AviaryApp>, name: &str| h.get_by_label(&format!("{name} — rules")).rect().top();
    let top = title(&h, "Enchanted Plumes");
    h.hover_at(egui::pos2(400.0, 500.0));
    h.run();
    h.event(egui::Event::MouseWheel {
        unit: egui::MouseWheelUnit::Point,
        delta: egui::vec2(0.0, -1500.0),
        phase: egui::TouchPhase::Move,
        source: egui::MouseWheelSource::Wheel,
        modifiers: egui::Modifiers::NONE,
    });
    h.run();
    assert!(title(&h, "Enchanted Plumes") < top - 300.0, "the page scrolls");
    h.get_by_label("Home").click();
    h.run();
    h.get_by_label("Dust in the Wings rules").click();
    h.run();
    let dust = title(&h, "Dust in the Wings");
    assert!((dust - top).abs() < 1.0, "the Dust in the Wings page opens at its top ({dust} against {top})");
}

/// Found by a new player: the Dust in the Wings rules said the butterflies
/// were drawn as circles, diamonds and triangles, while the meadow shows
/// butterflies, each colour with its own wings.
#[test]
fn the_dust_in_the_wings_rules_describe_the_butterflies_as_the_meadow_draws_them() {
    let page = games::entry("dust-in-the-wings").unwrap().rules().unwrap();
    let text: String = page.sections.iter().flat_map(|(_, p)| p.iter()).copied().collect::<Vec<_>>().join(" ");
    for shape in ["circles", "diamonds", "triangles"] {
        assert!(!text.contains(shape), "no {shape}: {text}");
    }
    for wings in ["round wings", "pointed wings", "swallowtails"] {
        assert!(text.contains(wings), "{wings}");
    }
    // A lone fulfilled card is taken for you, and a card is taken by
    // clicking it: there is no "Take" button to look for.
    assert!(text.contains("taken for you") && !text.contains("\"Take\" button"), "{text}");
}

/// Found by a new player: in a low window Home's Continue cards read "Tail
/// Feathers, 2 …" and "Enchanted …", two games of one kind alike. The
/// title fits its card: smaller, or the game's name alone.
#[test]
fn a_continue_card_s_title_is_never_cut_in_a_low_window() {
    use aviary::rules::enchanted_plumes::{EnchantedPlumes, Options};
    let dir = tempfile::tempdir().unwrap();
    let saves = dir.path().join("saves");
    std::fs::create_dir_all(&saves).unwrap();
    let mut session: aviary::session::Session<EnchantedPlumes> = aviary::session::Session::new(
        Setup { seats: 4, options: Options::default() },
        3,
        vec![
            Player::Human,
            Player::Computer(Level::Easy),
            Player::Computer(Level::Easy),
            Player::Computer(Level::Easy),
        ],
    );
    // (Home offers to continue a game begun, not one of no moves.)
    for _ in 0..3 {
        let a = session.state().legal_actions()[0].clone();
        session.propose(a).unwrap();
    }
    // Three games begun, so three cards share the row.
    for minute in 1..=3 {
        let path = saves.join(format!("enchanted-plumes-2026-11-30-10-0{minute}.json"));
        aviary::save::write_file(&path, &aviary::save::to_text(&aviary::save::record(&session))).unwrap();
    }
    // A low window, four cards to a row (800x600 laid three).
    let mut h = app_at(dir.path(), [1300.0, 600.0]);
    for _ in 0..40 {
        h.run();
        if !h.state().reading_saved_games() && h.query_all_by_label_contains("Continue Enchanted Plumes").count() == 3 {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let card = h.query_all_by_label_contains("Continue Enchanted Plumes").next().expect("a card").rect();
    let words = common::painted_words(&h);
    let (title, at, elided) = words
        .iter()
        .find(|(w, r, _)| w.starts_with("Enchanted Plumes") && card.contains(r.center()))
        .expect("the card's title");
    assert!(!elided, "{title} is cut");
    assert!(at.right() <= card.right(), "{title} runs past the card: {at:?} in {card:?}");
}

/// Found by a new player: in the dark theme the rules page's title was a
/// faint grey. It is in the theme's strong ink, well clear of the page.
#[test]
fn the_rules_page_title_reads_clearly_in_the_dark() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = app_at(dir.path(), [1180.0, 820.0]);
    h.state_mut().settings.dark = true;
    h.run();
    h.get_by_label("Enchanted Plumes rules").click();
    h.run();
    let words = common::painted_words(&h);
    assert!(words.iter().any(|(w, _, _)| w == "Enchanted Plumes — rules"), "the title is painted");
    let mut colour = None;
    for c in &h.output().shapes {
        if let egui::Shape::Text(t) = &c.shape
            && t.galley.text() == "Enchanted Plumes — rules"
        {
            // A section left to the painter's colour is the placeholder.
            let own =
                t.galley.job.sections.first().map(|s| s.format.color).filter(|c| *c != egui::Color32::PLACEHOLDER);
            colour = t.override_text_color.or(own).or(Some(t.fallback_color));
        }
    }
    let colour = colour.expect("the title's colour");
    let page = h.ctx.global_style().visuals.panel_fill;
    let contrast = aviary::ui::theme::contrast(colour, page);
    assert!(contrast >= 7.0, "the title {colour:?} on {page:?}: contrast {contrast:.1}");
}

/// The new-game dialog's seat tokens are in the colours the seats play in:
/// the Rats' token was orange beside the purple rats of the table, White's
/// and Black's were two feathers' colours.
#[test]
fn the_new_game_seats_are_in_their_colours_in_play_and_never_alike() {
    for dark in [false, true] {
        let palette = aviary::ui::theme::palette(dark);
        let entry = |id: &str| GAMES.iter().find(|e| e.id == id).unwrap();
        let tf = entry("tail-feathers").seat_colour;
        assert_eq!((tf(&palette, 0), tf(&palette, 1)), (palette.forest.mice_base, palette.forest.rats_base));
        let da = entry("daedalus").seat_colour;
        assert_eq!((da(&palette, 0), da(&palette, 1)), (palette.white_piece, palette.black_piece));
        for e in &GAMES {
            let seats = match e.seating {
                games::Seating::Solitaire => 1,
                games::Seating::Fixed(names) => names.len(),
                games::Seating::Named { max, .. } => max,
            };
            let colours: Vec<_> = (0..seats).map(|n| (e.seat_colour)(&palette, n)).collect();
            for (i, c) in colours.iter().enumerate() {
                assert!(!colours[..i].contains(c), "{}: seat {} shares its colour with another", e.id, i + 1);
            }
        }
    }
}

/// Found by a new player: a rules page ended in a page of percentages
/// ("how we tuned the cards"), read as rules. The appendices are folded
/// at the page's end, each opened by a click on its heading.
#[test]
fn a_rules_page_s_appendix_is_folded_until_opened() {
    let page = GAMES.iter().find(|e| e.id == "dust-in-the-wings").and_then(aviary::games::GameEntry::rules).unwrap();
    let (heading, paragraphs) =
        page.sections.iter().find(|(h, _)| h.starts_with("Appendix")).expect("an appendix on the Dust page");
    let first = paragraphs[0];
    let mut h = Harness::builder().with_size([900.0, 12_000.0]).build_ui(|ui| {
        aviary::ui::rules_text::rules_ui(ui, page);
    });
    h.run();
    assert!(h.query_by_label(first).is_none(), "the appendix's words are folded away");
    h.get_by_label(heading).click();
    h.run();
    h.get_by_label(first);
}

/// The new-game dialog speaks to players: no rule ids ("(TF-R23)") in a
/// variant's name or a note under the seats (a new player read them as
/// internal codes).
#[test]
fn the_new_game_dialog_names_no_rule_ids() {
    let id = |s: &str| {
        s.as_bytes().windows(5).any(|w| {
            w[0].is_ascii_uppercase()
                && w[1].is_ascii_uppercase()
                && w[2] == b'-'
                && w[3] == b'R'
                && w[4].is_ascii_digit()
        })
    };
    for entry in &GAMES {
        for v in entry.variants {
            assert!(!id(v.label), "{}: {}", entry.name, v.label);
        }
        for strict in [false, true] {
            for people in 0..=6 {
                for note in (entry.notes)(strict, people) {
                    assert!(!id(note), "{}: {note}", entry.name);
                }
            }
        }
    }
}

/// Found by a new player: Home greeted a first start with an empty
/// "Continue" heading, and what each game is showed only under the
/// pointer. A first start says to choose a game, and every box says what
/// its game is, in the default window and at 800x600.
#[test]
fn a_first_start_says_to_choose_a_game_and_every_box_says_what_its_game_is() {
    for size in [[1180.0, 820.0], [800.0, 600.0]] {
        let dir = tempfile::tempdir().unwrap();
        let mut h = app_at(dir.path(), size);
        for _ in 0..40 {
            h.step();
            if !h.state().reading_saved_games() && h.query_by_label("Choose a game").is_some() {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        assert!(h.query_by_label("Choose a game").is_some(), "{size:?}: the heading says what to do");
        assert!(h.query_by_label("Continue").is_none(), "{size:?}: no empty Continue heading");
        assert!(h.query_by_label_contains("All saved games").is_none(), "{size:?}: no list of no saved games");
        for entry in GAMES.iter().filter(|e| e.play.is_some()) {
            let pitch = h.get_by_label(entry.pitch).rect();
            let new = h.get_by_label(&format!("New {} game", entry.name)).rect();
            assert!(pitch.bottom() <= new.top(), "{size:?}: {} says what it is above New game", entry.name);
            assert!(new.bottom() <= size[1], "{size:?}: {}'s New game is in the window", entry.name);
        }
        // Each box invites a newcomer to its lessons in one line (at 800
        // "New to it? Learn in 7 min" broke before "min").
        let invites: Vec<egui::Rect> = h
            .query_all(
                egui_kittest::kittest::by()
                    .predicate(|n| n.label().or(n.value()).is_some_and(|l| l.contains("Learn") && l.ends_with(" min"))),
            )
            .map(|n| n.rect())
            .collect();
        // (A label and its text run each carry the words.)
        assert!(invites.len() >= 5, "{size:?}: every course invites a newcomer");
        for rect in invites {
            assert!(rect.height() < 20.0, "{size:?}: the invitation keeps to one line: {rect:?}");
        }
    }
}

/// The empty Saved Games page offers the way to start a game, not only
/// a line saying there is none: each game's box, and the way back to the
/// shelf.
#[test]
fn the_empty_saved_games_page_leads_to_the_games() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = app_at(dir.path(), [1180.0, 820.0]);
    h.get_by_label("Saved Games").click();
    // (Stepped, not run: a spinner turns while the folder is read.)
    for _ in 0..40 {
        h.step();
        if h.query_by_label("New Dust in the Wings game").is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    for entry in GAMES.iter().filter(|e| e.play.is_some()) {
        let cover = h.get_by_label(&format!("New {} game", entry.name)).rect();
        assert!(cover.width() >= 90.0 && cover.bottom() <= 820.0, "{}'s box is in view: {cover:?}", entry.name);
    }
    h.get_by_label("New Dust in the Wings game").click();
    h.run();
    assert!(h.query_by_label("Cancel").is_some(), "the new-game dialog is open");
    h.get_by_label("Cancel").click();
    h.run();
    h.get_by_label("Or learn one first: back to the games").click();
    h.run();
    assert_eq!(h.state().screen, aviary::app::Screen::Home);
}

/// A save whose status already names the side to move is listed by the
/// status alone ("Mice to move — Round 1 · Deployment · Mice to pick …"
/// said it twice, and the repeat cut the part that told saves apart).
#[test]
fn a_status_that_names_the_side_to_move_is_not_prefixed_with_it_again() {
    use aviary::rules::ToMove;
    use aviary::rules::tail_feathers::game::{Options, TailFeathers};
    let dir = tempfile::tempdir().unwrap();
    let mut session = aviary::session::Session::<TailFeathers>::new(
        Setup { seats: 2, options: Options::default() },
        7,
        vec![Player::Human, Player::Human],
    );
    let named = |s: &aviary::session::Session<TailFeathers>| match s.state().to_move() {
        ToMove::Seat(seat) => s.state().status().contains(&s.state().seat_name(seat)),
        _ => false,
    };
    for _ in 0..300 {
        if named(&session) {
            break;
        }
        let first = session.state().legal_actions().into_iter().next().unwrap();
        session.propose(first).unwrap();
    }
    assert!(named(&session), "a status naming the side to move");
    let path = dir.path().join("skirmish.json");
    aviary::save::write_file(&path, &aviary::save::to_text(&aviary::save::record(&session))).unwrap();
    let row = games::listing(path);
    assert_eq!(row.now, session.state().status());
    assert!(!row.now.contains(" to move — "), "{}", row.now);
}
