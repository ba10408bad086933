//! Save files as people meet them: round trips, every kind of bad file
//! refused with a message naming the problem, atomic writes, the listing.
#![allow(clippy::unwrap_used)]

use aviary::games;
use aviary::rules::daedalus::{Daedalus, Options};
use aviary::rules::{Game, Setup};
use aviary::save::{self, SaveError};
use aviary::session::{Player, Session};

fn session(moves: usize) -> Session<Daedalus> {
    let mut s: Session<Daedalus> =
        Session::new(Setup { seats: 2, options: Options::default() }, 99, vec![Player::Human, Player::Human]);
    for _ in 0..moves {
        let a = s.state().legal_actions()[0].clone();
        s.propose(a).unwrap();
    }
    s
}

fn text(moves: usize) -> String {
    save::to_text(&save::record(&session(moves)))
}

fn load(text: &str) -> Result<Session<Daedalus>, SaveError> {
    save::restore::<Daedalus>(&save::parse(text)?)
}

#[test]
fn a_saved_game_loads_to_the_same_position_with_its_redo_branch() {
    let mut s = session(30);
    s.undo_one();
    s.undo_one();
    let loaded = load(&save::to_text(&save::record(&s))).unwrap();
    assert_eq!(loaded.state(), s.state());
    assert_eq!(loaded.cursor(), 28);
    let mut loaded = loaded;
    assert!(loaded.redo_one() && loaded.redo_one(), "the undone moves can be redone after loading");
    assert_eq!(loaded.state(), session(30).state());
}

#[test]
fn a_truncated_file_is_refused_as_truncated() {
    let t = text(10);
    let err = load(&t[..t.len() / 2]).unwrap_err();
    assert!(matches!(err, SaveError::Truncated { .. }), "{err}");
    assert!(err.to_string().contains("truncated"));
}

#[test]
fn a_damaged_file_is_refused_as_damaged() {
    let err = load("this is not json at all").unwrap_err();
    assert!(matches!(err, SaveError::Damaged(_)), "{err}");
    assert!(err.to_string().contains("damaged"));
}

#[test]
fn a_foreign_json_file_is_refused() {
    let err = load("{\"name\": \"x\", \"version\": 1}").unwrap_err();
    assert!(err.to_string().contains("not an Aviary saved game"), "{err}");
    let err = load("[1, 2, 3]").unwrap_err();
    assert!(err.to_string().contains("not an Aviary saved game"), "{err}");
}

#[test]
fn a_file_from_a_newer_aviary_is_refused_with_its_format() {
    let t = text(4).replace("\"version\": 1", "\"version\": 3");
    let err = load(&t).unwrap_err();
    assert!(err.to_string().contains("saved by a newer Aviary (format 3)"), "{err}");
}

#[test]
fn an_unknown_game_and_a_wrong_seat_count_are_refused() {
    let t = text(4).replace("\"game\": \"daedalus\"", "\"game\": \"chess\"");
    let err = load(&t).unwrap_err();
    assert!(err.to_string().contains("\"chess\""), "{err}");
    let mut file = save::parse(&text(4)).unwrap();
    file.seats.pop();
    let err = save::restore::<Daedalus>(&file).unwrap_err();
    assert!(err.to_string().contains("played by 2–2 players, but the save has 1"), "{err}");
}

#[test]
fn a_move_that_is_not_daedalus_notation_is_named() {
    let mut file = save::parse(&text(6)).unwrap();
    file.actions[4] = raw(&serde_json::json!({"Fly": "z9"}));
    let err = save::restore::<Daedalus>(&file).unwrap_err();
    assert!(err.to_string().contains("move 5 is not a Daedalus move"), "{err}");
    file.actions[4] = raw(&serde_json::json!({"PlaceWall": "z99"}));
    let err = save::restore::<Daedalus>(&file).unwrap_err();
    assert!(err.to_string().contains("move 5 is not a Daedalus move"), "{err}");
}

fn raw(v: &serde_json::Value) -> Box<serde_json::value::RawValue> {
    serde_json::value::to_raw_value(&v).unwrap()
}

/// A save whose first move is `action` (JSON), for `game` with two people.
fn first_move_save(game: &str, options: &str, action: &str) -> String {
    format!(
        r#"{{"format": "aviary-save", "version": 1, "game": "{game}", "options": {options},
            "seats": [{{"name": "A", "player": "human"}}, {{"name": "B", "player": "human"}}],
            "seed": 5, "actions": [{action}]}}"#
    )
}

#[test]
fn squares_off_the_board_are_refused_by_name_and_never_wrap_or_crash() {
    // Issue 10, finding 1: `Square` reads a1 to z26, so these used to index
    // past the board (a panic) or wrap onto another square (i1 read as a2).
    for (game, options, action, square) in [
        ("daedalus", "null", r#"{"PlaceWall": "a9"}"#, "a9"),
        ("daedalus", "null", r#"{"PlaceWall": "i1"}"#, "i1"),
        ("daedalus", "null", r#"{"MoveWall": {"from": "a1", "to": "z26"}}"#, "z26"),
        ("dust-in-the-wings", "null", r#"{"Pick": "a6"}"#, "a6"),
        ("dust-in-the-wings", "null", r#"{"Pick": "f1"}"#, "f1"),
        ("dust-in-the-wings", "null", r#"{"Drop": {"colour": "Red", "to": "e9"}}"#, "e9"),
    ] {
        let text = first_move_save(game, options, action);
        let file = save::parse(&text).unwrap();
        let err = games::verify(&file).unwrap_err();
        let msg = err.to_string();
        assert!(matches!(err, SaveError::BadAction { number: 1, .. }), "{game} {action}: {msg}");
        assert!(msg.contains(&format!("{square} is off the")), "{game} {action}: {msg}");
    }
    let msg = games::verify(&save::parse(&first_move_save("daedalus", "null", r#"{"PlaceWall": "a9"}"#)).unwrap())
        .unwrap_err()
        .to_string();
    assert!(msg.starts_with("move 1 is not a Daedalus move: "), "{msg}");
}

#[test]
fn card_slots_and_card_values_that_do_not_exist_are_refused() {
    let cases = [
        ("dust-in-the-wings", r#"{"Claim": {"Gathering": 7}}"#),
        ("dust-in-the-wings", r#"{"Claim": {"Composition": 255}}"#),
    ];
    for (game, action) in cases {
        let file = save::parse(&first_move_save(game, "null", action)).unwrap();
        assert!(matches!(games::verify(&file), Err(SaveError::BadAction { number: 1, .. })), "{game} {action}");
    }
}

#[test]
fn an_illegal_move_is_named_with_its_number_and_rule() {
    let mut file = save::parse(&text(6)).unwrap();
    // Move 3 repeats move 1's square: occupied.
    file.actions[2] = file.actions[0].clone();
    let err = save::restore::<Daedalus>(&file).unwrap_err();
    let msg = err.to_string();
    assert!(msg.starts_with("move 3 is illegal: DA-R6"), "{msg}");
}

#[test]
fn bad_options_are_refused() {
    let t = text(2).replace("\"walls_roam\":false", "\"walls_fly\":true");
    let err = load(&t).unwrap_err();
    assert!(err.to_string().contains("rules options"), "{err}");
}

#[test]
fn atomic_writes_replace_the_file_and_leave_nothing_behind() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.json");
    save::write_atomic(&path, "old").unwrap();
    save::write_atomic(&path, &text(3)).unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text(3));
    let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(names.len(), 1, "no temporary files remain: {names:?}");
    // A missing folder: an error, and nothing is created.
    let missing = dir.path().join("nope").join("g.json");
    assert!(save::write_atomic(&missing, "x").is_err());
    assert!(!dir.path().join("nope").exists());
}

#[test]
fn the_listing_shows_games_and_flags_broken_files() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("good.json"), text(12)).unwrap();
    std::fs::write(dir.path().join("broken.json"), "{").unwrap();
    std::fs::write(dir.path().join("notes.txt"), "ignored").unwrap();
    let rows = games::list(dir.path());
    assert_eq!(rows.len(), 2);
    let good = rows.iter().find(|r| r.path.ends_with("good.json")).unwrap();
    assert_eq!((good.game.as_str(), good.moves, good.finished), ("Daedalus", 12, false));
    // Two people, by name alone (the card's one line for its seats).
    assert_eq!(good.seats, "White v Black");
    let broken = rows.iter().find(|r| r.path.ends_with("broken.json")).unwrap();
    // A file that parses but does not replay is flagged too, with its game.
    let mut file = save::parse(&text(4)).unwrap();
    file.actions[2] = file.actions[0].clone();
    std::fs::write(dir.path().join("illegal.json"), save::to_text(&file)).unwrap();
    let rows = games::list(dir.path());
    let illegal = rows.iter().find(|r| r.path.ends_with("illegal.json")).unwrap();
    assert_eq!(illegal.game, "Daedalus");
    assert!(illegal.problem.as_deref().unwrap().contains("move 3 is illegal"), "{illegal:?}");
    assert!(broken.problem.as_deref().unwrap().contains("truncated"));
    assert!(games::list(&dir.path().join("missing")).is_empty());
}

/// Found by a new player: at a table of four a saved game's seats
/// line read "Player 1 v Player 2 (computer, …", and a solitaire's
/// "You".
#[test]
fn a_table_s_seats_are_said_in_one_short_line() {
    use aviary::ai::Level;
    use aviary::session::Player;
    let seat = |name: &str, player| aviary::save::SeatRecord { name: name.into(), player };
    let four = [
        seat("Ada", Player::Human),
        seat("Player 2", Player::Computer(Level::Easy)),
        seat("Player 3", Player::Computer(Level::Easy)),
        seat("Player 4", Player::Computer(Level::Hard)),
    ];
    assert_eq!(aviary::save::describe_seats(&four), "Ada v 3 computers (easy, hard)");
    let two = [seat("White", Player::Human), seat("Black", Player::Computer(Level::Hard))];
    assert_eq!(aviary::save::describe_seats(&two), "White v Black (computer, hard)");
    let three = [seat("Ada", Player::Human), seat("Ben", Player::Friend), seat("Cy", Player::Computer(Level::Easy))];
    assert_eq!(aviary::save::describe_seats(&three), "Ada v Ben (online) v Cy (computer, easy)");
    assert_eq!(aviary::save::describe_seats(&[seat("You", Player::Human)]), "Solitaire");
}
