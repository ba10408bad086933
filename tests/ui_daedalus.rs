//! The app as a person uses it, driven through `egui_kittest`: open Daedalus
//! from Home, move by drag, get an illegal drag refused with its rule, undo
//! with Ctrl+Z, save and load.
#![allow(clippy::unwrap_used)]

mod common;

use aviary::app::{AviaryApp, Screen};
use aviary::rules::Game;
use aviary::rules::daedalus::{Action, Board, Colour, Daedalus, Options, Phase, Piece, PieceKind};
use aviary::rules::grid::Square;
use aviary::session::{Player, Session};
use aviary::table::Table;
use aviary::ui::daedalus::{DaedalusTab, DaedalusView};
use egui::{Key, Modifiers, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

use common::{drag, is_chosen, press_on, tab_to};

fn tab<'h>(h: &'h mut Harness<'_, AviaryApp>) -> &'h mut DaedalusTab {
    common::game_tab(h)
}

/// Opens a human-v-human Daedalus game from the Home tab with a fixed seed.
fn open_daedalus(h: &mut Harness<'_, AviaryApp>) {
    h.get_by_label("New Daedalus game").click();
    h.run();
    {
        let dialog = h.state_mut().new_game.as_mut().expect("the new-game dialog is open");
        dialog.players = vec![Player::Human, Player::Human];
        dialog.seed = "7".into();
    }
    h.run();
    h.get_by_label("Start").click();
    h.run();
}

/// Plays the building phase with the first legal placement each time.
fn finish_building(h: &mut Harness<'_, AviaryApp>) {
    let mut notices = Vec::new();
    while tab(h).table.session().state().phase() == Phase::Building {
        let a = tab(h).table.session().state().legal_actions()[0].clone();
        tab(h).table.propose(a, &mut notices).unwrap();
    }
    h.run();
}

fn centre(h: &Harness<'_, AviaryApp>, label_prefix: &str) -> Pos2 {
    h.get_by(|n| n.label().is_some_and(|l| l.starts_with(label_prefix))).rect().center()
}

#[test]
fn open_daedalus_from_home_and_place_a_wall_by_clicking() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness(common::app(dir.path()));
    h.run();
    open_daedalus(&mut h);
    assert!(matches!(h.state().screen, Screen::Game(0)));
    let colour = tab(&mut h).table.session().state().colour_to_move();
    let square = if colour == Colour::White { "c2" } else { "c7" };
    h.get_by_label(&format!("{square} empty")).click();
    h.run();
    let sq: Square = square.parse().unwrap();
    let piece = tab(&mut h).table.session().state().board().at(sq).expect("the wall stands where I clicked");
    assert_eq!((piece.kind, piece.colour), (PieceKind::Wall, colour));
    // The game was autosaved into the save folder (by the background writer).
    tab(&mut h).table.wait_for_autosave().unwrap();
    let saves: Vec<_> = std::fs::read_dir(dir.path().join("saves")).unwrap().collect();
    assert_eq!(saves.len(), 1);
}

#[test]
fn a_legal_drag_moves_the_wall_an_illegal_one_is_refused_and_ctrl_z_undoes() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness(common::app(dir.path()));
    h.run();
    open_daedalus(&mut h);
    finish_building(&mut h);
    let state = tab(&mut h).table.session().state().clone();
    assert_eq!(state.phase(), Phase::Escaping);
    let (from, to) = state
        .legal_actions()
        .iter()
        .find_map(|a| match a {
            Action::MoveWall { from, to } => Some((*from, *to)),
            _ => None,
        })
        .expect("some wall can move");
    // Legal drag: the wall moves.
    let (p, q) = (centre(&h, &format!("{from} ")), centre(&h, &format!("{to} ")));
    drag(&mut h, p, q);
    let after = tab(&mut h).table.session().state().clone();
    assert_eq!(after.board().at(to).map(|p| p.kind), Some(PieceKind::Wall), "the wall moved to {to}");
    assert!(after.board().at(from).is_none());
    assert_eq!(tab(&mut h).table.session().cursor(), BUILDING_ACTIONS + 1);

    // Illegal drag: a wall of the player to move, dropped two squares away.
    let mover = after.colour_to_move();
    let wall = after.board().walls(mover).into_iter().find(|&w| w != to).unwrap();
    let far = Square::all(8, 8)
        .find(|s| after.board().at(*s).is_none() && s.x.abs_diff(wall.x) + s.y.abs_diff(wall.y) == 2)
        .unwrap();
    let (p, q) = (centre(&h, &format!("{wall} ")), centre(&h, &format!("{far} ")));
    drag(&mut h, p, q);
    assert_eq!(tab(&mut h).table.session().state(), &after, "the refused drag changed nothing");
    let toasts = h.state().toast_texts().join("\n");
    assert!(toasts.contains("DA-R6"), "the refusal names its rule, got: {toasts}");

    // Ctrl+Z: the legal move is undone.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    let undone = tab(&mut h).table.session().state().clone();
    assert_eq!(undone.board().at(from).map(|p| p.kind), Some(PieceKind::Wall), "the wall is back on {from}");
    assert!(undone.board().at(to).is_none());
    // Ctrl+Y redoes it.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Y);
    h.run();
    assert_eq!(tab(&mut h).table.session().state(), &after);
}

/// Seven walls each, then two Gladiators and two Minotaurs.
const BUILDING_ACTIONS: usize = 2 * 7 + 4;

#[test]
fn save_and_load_through_the_session_and_a_corrupt_file_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness(common::app(dir.path()));
    h.run();
    open_daedalus(&mut h);
    finish_building(&mut h);
    let path = tab(&mut h).table.path.clone();
    let before = tab(&mut h).table.session().state().clone();
    h.get_by_label("Game").click();
    h.run();
    h.get_by_label("Save").click();
    h.run();

    // A second start of the app offers to resume the unfinished game (once
    // the first has written its settings, on a background writer).
    h.state_mut().wait_for_files();
    let mut other = common::harness(common::app(dir.path()));
    other.run();
    other.state_mut().wait_for_files(); // the offer is checked off the UI thread
    other.run();
    other.get_by_label("Resume").click();
    other.run();
    assert_eq!(tab(&mut other).table.session().state(), &before);
    assert_eq!(tab(&mut other).table.path, path);

    // A third start declines, and loads it from the Saved Games screen.
    other.state_mut().wait_for_files();
    let mut third = common::harness(common::app(dir.path()));
    third.run();
    third.state_mut().wait_for_files();
    third.run();
    third.get_by_label("Not now").click();
    third.run();
    third.get_by_label("Saved Games").click();
    third.step(); // a spinner shows while the list is read off the UI thread
    third.state_mut().wait_for_files();
    third.run();
    third.get_by_label("Continue").click();
    third.run();
    assert_eq!(tab(&mut third).table.session().state(), &before);

    // A damaged file is refused with a message; the game on screen stays.
    let bad = dir.path().join("saves").join("broken.json");
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&bad, &text[..text.len() / 2]).unwrap();
    let mut notices = Vec::new();
    let opened = other.state_mut().open_file(&bad, &mut notices);
    assert!(!opened);
    let message = format!("{notices:?}");
    assert!(message.contains("truncated"), "{message}");
    assert_eq!(other.state().tabs.len(), 1);
    assert_eq!(tab(&mut other).table.session().state(), &before);
}

#[test]
fn against_the_computer_the_reply_comes_from_the_worker_and_undo_takes_it_back() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness(common::app(dir.path()));
    h.run();
    h.get_by_label("New Daedalus game").click();
    h.run();
    {
        let dialog = h.state_mut().new_game.as_mut().unwrap();
        dialog.players = vec![Player::Human, Player::Computer(aviary::ai::Level::Easy)];
        dialog.seed = "3".into();
    }
    h.get_by_label("Start").click();
    h.run();
    let mut notices = Vec::new();
    // Let the computer place first if it builds first.
    for _ in 0..2 {
        if tab(&mut h).table.session().computer_to_move() {
            h.step();
            assert!(tab(&mut h).table.wait_for_computer(&mut notices));
        }
    }
    assert_eq!(tab(&mut h).table.session().state().colour_to_move(), Colour::White);
    let before = tab(&mut h).table.session().state().clone();
    h.get_by_label("c2 empty").click();
    h.step();
    h.step(); // the next frame starts the computer's reply on its worker thread
    assert!(tab(&mut h).table.thinking(), "the computer thinks on its worker");
    assert!(
        h.query_by_label("status: Black (computer) is thinking…").is_some() || {
            h.step();
            h.query_by_label("status: Black (computer) is thinking…").is_some()
        },
        "the UI says so"
    );
    // A click on the board meanwhile is answered, not ignored.
    h.query_all_by_label_contains(" empty").last().expect("an empty square").click();
    h.step();
    h.step();
    let toasts = h.state().toast_texts();
    assert!(
        toasts.iter().any(|t| t.contains("The computer is thinking for Black")),
        "a click during the computer's turn says the computer is thinking: {toasts:?}"
    );
    assert!(tab(&mut h).table.wait_for_computer(&mut notices), "the computer replied");
    h.run();
    assert_eq!(tab(&mut h).table.session().state().colour_to_move(), Colour::White);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(tab(&mut h).table.session().state(), &before, "one undo removes my move and the computer's reply");
}

#[test]
fn the_keyboard_alone_can_move_the_gladiator() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness(common::app(dir.path()));
    h.run();
    open_daedalus(&mut h);
    finish_building(&mut h);
    // Make the wall moves by drag-free session calls, so the Gladiator is owed.
    let mut notices = Vec::new();
    while tab(&mut h).table.session().state().moved_walls().len()
        < usize::from(tab(&mut h).table.session().state().required().walls)
    {
        let a = tab(&mut h)
            .table
            .session()
            .state()
            .legal_actions()
            .into_iter()
            .find(|a| matches!(a, Action::MoveWall { .. }))
            .unwrap();
        tab(&mut h).table.propose(a, &mut notices).unwrap();
    }
    h.run();
    let state = tab(&mut h).table.session().state().clone();
    let mover = state.colour_to_move();
    let from = state.board().gladiator(mover).unwrap();
    let to = state
        .legal_actions()
        .into_iter()
        .find_map(|a| match a {
            Action::MoveGladiator(s) => Some(s),
            _ => None,
        })
        .expect("the Gladiator can step");
    // First arrow press puts the cursor on the mover's Gladiator.
    h.key_press(Key::ArrowLeft);
    h.run();
    h.key_press(Key::Enter);
    h.run();
    // Walk the cursor to the target square (screen directions; White at the bottom).
    let flipped = tab(&mut h).flipped;
    let (dx, dy) = (i32::from(to.x) - i32::from(from.x), i32::from(to.y) - i32::from(from.y));
    let key = match (dx, dy, flipped) {
        (1, 0, false) | (-1, 0, true) => Key::ArrowRight,
        (-1, 0, false) | (1, 0, true) => Key::ArrowLeft,
        (0, 1, false) | (0, -1, true) => Key::ArrowUp,
        _ => Key::ArrowDown,
    };
    h.key_press(key);
    h.run();
    h.key_press(Key::Enter);
    h.run();
    assert_eq!(tab(&mut h).table.session().state().board().gladiator(mover), Some(to), "Enter moved the Gladiator");
}

fn rect_of(h: &Harness<'_, AviaryApp>, label_prefix: &str) -> egui::Rect {
    h.get_by(|n| n.label().is_some_and(|l| l.starts_with(label_prefix))).rect()
}

#[test]
fn a_refusal_appearing_or_going_never_moves_the_board() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness(common::app(dir.path()));
    h.run();
    open_daedalus(&mut h);
    finish_building(&mut h);
    let before = (rect_of(&h, "a1 "), rect_of(&h, "h8 "));
    let state = tab(&mut h).table.session().state().clone();
    let mover = state.colour_to_move();
    let wall = state.board().walls(mover)[0];
    let far = Square::all(8, 8)
        .find(|s| state.board().at(*s).is_none() && s.x.abs_diff(wall.x) + s.y.abs_diff(wall.y) == 2)
        .unwrap();
    let (p, q) = (centre(&h, &format!("{wall} ")), centre(&h, &format!("{far} ")));
    drag(&mut h, p, q);
    assert!(!h.state().toast_texts().is_empty(), "the refusal is shown");
    h.run();
    assert_eq!((rect_of(&h, "a1 "), rect_of(&h, "h8 ")), before, "the board stays put under a message");
    // The next press anywhere puts the message away, and it does not move
    // the board either.
    // (The side panel's heading: the tab on the rail bears the name too.)
    let heading = h.get_all_by_label("Daedalus").map(|n| n.rect()).find(|r| r.top() > 40.0).expect("the heading");
    common::click_at(&mut h, heading.center());
    h.run();
    assert!(h.state().toast_texts().is_empty(), "a press anywhere puts the refusal away");
    assert_eq!((rect_of(&h, "a1 "), rect_of(&h, "h8 ")), before, "the board stays put when it goes");
}

#[test]
fn a_refusal_is_said_by_the_square_where_the_move_was_tried() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness(common::app(dir.path()));
    h.run();
    open_daedalus(&mut h);
    finish_building(&mut h);
    let state = tab(&mut h).table.session().state().clone();
    let mover = state.colour_to_move();
    let wall = state.board().walls(mover)[0];
    let far = Square::all(8, 8)
        .find(|s| state.board().at(*s).is_none() && s.x.abs_diff(wall.x) + s.y.abs_diff(wall.y) == 2)
        .unwrap();
    let target = rect_of(&h, &format!("{far} "));
    let from = centre(&h, &format!("{wall} "));
    drag(&mut h, from, target.center());
    h.run();
    let toast = h.state().toast_texts().join("\n");
    let reason = toast.strip_prefix("DA-R6: ").expect("the wall's step rule refuses it");
    let words = h.get_by(|n| n.value().is_some_and(|v| v.eq_ignore_ascii_case(reason))).rect();
    assert!(
        words.top() > target.center().y && words.top() < target.bottom() + 40.0,
        "the reason hangs just under the square it was tried on: {words:?} under {target:?}"
    );
    assert!(words.left() < target.right(), "and starts beside it: {words:?} {target:?}");
    // Review 8: "Rule FW-R1" spoke developer; the section of the rules
    // that explains it is named, the id after it.
    assert!(
        h.query_by_label("From the rules: Moving (DA-R6)").is_some(),
        "where the rules explain it follows the reason, quietly"
    );
}

#[test]
fn while_the_computer_thinks_the_panel_says_so_and_undo_is_off_until_a_person_has_moved() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness(common::app(dir.path()));
    h.run();
    h.get_by_label("New Daedalus game").click();
    h.run();
    {
        let dialog = h.state_mut().new_game.as_mut().unwrap();
        dialog.players = vec![Player::Computer(aviary::ai::Level::Easy), Player::Human];
        // A deal in which White (the computer) builds first (DA-R2 draws who does).
        let seed = (1..100)
            .find(|&seed| {
                let setup = aviary::rules::Setup { seats: 2, options: aviary::rules::daedalus::Options::default() };
                aviary::rules::daedalus::Daedalus::new(&setup, seed).first_builder() == Colour::White
            })
            .unwrap();
        dialog.seed = seed.to_string();
    }
    h.step();
    h.get_by_label("Start").click();
    for _ in 0..4 {
        h.step();
    }
    // White is the computer and moves first: the panel says it thinks and
    // offers nothing to drag.
    assert!(h.query_by_label("status: White (computer) is thinking…").is_some(), "the thinking state is shown");
    assert!(h.query_by_label("tray white wall").is_none(), "no wall to drag while the computer places");
    let mut notices = Vec::new();
    assert!(tab(&mut h).table.wait_for_computer(&mut notices));
    h.step();
    h.step();
    assert_eq!(tab(&mut h).table.session().state().colour_to_move(), Colour::Black);
    assert_eq!(tab(&mut h).table.session().cursor(), 1, "the computer placed one wall");
    // Only the computer has moved: undo would just replay it.
    assert!(h.get_by_label("Undo").accesskit_node().is_disabled(), "Undo is off");
    assert!(h.query_by_label("tray black wall").is_some(), "Black's wall is offered to the person");
    // Black, alone at this screen, sees the board turned round as from
    // across the table: h1 at the top left, a8 at the bottom right; and is
    // told of the rows as the board labels them.
    let at = |h: &Harness<'_, AviaryApp>, sq: &str| h.query_by_label_contains(&format!("{sq} ")).unwrap().rect();
    let (h1, a1, a8) = (at(&h, "h1"), at(&h, "a1"), at(&h, "a8"));
    assert!(h1.left() < a1.left() && (h1.top() - a1.top()).abs() < 1.0, "files run h..a: {h1:?} {a1:?}");
    assert!(a1.top() < a8.top(), "rank 1 at the top: {a1:?} {a8:?}");
    assert!(
        h.query_by_label_contains("Black: place wall 1 of 7 on your half (rows 5–8)").is_some(),
        "Black's half named as the board's rows"
    );
    h.get_by_label("c2 empty").click();
    h.step();
    h.step();
    let toasts = h.state().toast_texts();
    assert!(
        toasts.iter().any(|t| t.contains("c2 is on row 2: walls are placed on your half (rows 5–8)")),
        "a wall refused on White's half says which rows are Black's: {toasts:?}"
    );
    // After the person's first wall, Undo helps again.
    h.get_by_label("c7 empty").click();
    h.step();
    h.step();
    assert_eq!(tab(&mut h).table.session().cursor(), 2, "the person placed a wall: {:?}", h.state().toast_texts());
    assert!(!h.get_by_label("Undo").accesskit_node().is_disabled(), "Undo is on after a person's move");
}

#[test]
fn a_wall_from_the_tray_by_clicking_the_tray_then_a_square() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness(common::app(dir.path()));
    h.run();
    open_daedalus(&mut h);
    let colour = tab(&mut h).table.session().state().colour_to_move();
    let tray = format!("tray {} wall", colour.lower());
    h.get_by_label(&tray).click();
    h.run();
    assert!(is_chosen(&h, &tray), "the clicked tray piece shows as chosen");
    let square = if colour == Colour::White { "c2" } else { "c7" };
    h.get_by_label(&format!("{square} empty")).click();
    h.run();
    let piece =
        tab(&mut h).table.session().state().board().at(square.parse().unwrap()).expect("a wall where I placed it");
    assert_eq!((piece.kind, piece.colour), (PieceKind::Wall, colour));
    assert_eq!(common::last_log_line::<DaedalusView>(&mut h), format!("{} places a wall on {square}", colour.name()));
    // Placed: the next tray piece starts unchosen.
    let next = format!("tray {} wall", tab(&mut h).table.session().state().colour_to_move().lower());
    assert!(!is_chosen(&h, &next), "the choice ends with the move");
}

#[test]
fn the_keyboard_alone_can_place_walls_from_the_tray() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness(common::app(dir.path()));
    h.run();
    open_daedalus(&mut h);
    // Tab reaches the tray; Enter chooses its piece, Enter on a square places it.
    let colour = tab(&mut h).table.session().state().colour_to_move();
    let tray = tab_to(&mut h, |l| l.starts_with("tray "));
    assert_eq!(tray, format!("tray {} wall", colour.lower()));
    h.key_press(Key::Enter);
    h.run();
    assert!(is_chosen(&h, &tray), "Enter chose the tray's wall");
    let square = if colour == Colour::White { "c2" } else { "c7" };
    press_on(&mut h, &format!("{square} empty"), Key::Enter);
    let piece =
        tab(&mut h).table.session().state().board().at(square.parse().unwrap()).expect("a wall where I placed it");
    assert_eq!((piece.kind, piece.colour), (PieceKind::Wall, colour));
    assert_eq!(common::last_log_line::<DaedalusView>(&mut h), format!("{} places a wall on {square}", colour.name()));
    // Escape lets go of the focus; then the arrow keys' cursor starts on the
    // e-file of the next builder's near row, and Enter places the next wall there.
    let next = tab(&mut h).table.session().state().colour_to_move();
    h.key_press(Key::Escape);
    h.run();
    h.key_press(Key::ArrowUp);
    h.run();
    h.key_press(Key::Enter);
    h.run();
    let start = Square::new(4, next.near_y());
    let piece = tab(&mut h).table.session().state().board().at(start).expect("a wall at the cursor");
    assert_eq!((piece.kind, piece.colour), (PieceKind::Wall, next));
    assert_eq!(common::last_log_line::<DaedalusView>(&mut h), format!("{} places a wall on {start}", next.name()));
}

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

fn piece(kind: PieceKind, colour: Colour) -> Piece {
    Piece { kind, colour }
}

/// Both Gladiators and Minotaurs on their near rows, plus `extra`: its walls
/// are added, and a Gladiator or Minotaur in it stands there instead.
fn pieces_with(extra: &[(&str, Piece)]) -> Vec<(String, Piece)> {
    let mut out: Vec<(String, Piece)> = [
        ("e1", piece(PieceKind::Gladiator, Colour::White)),
        ("h1", piece(PieceKind::Minotaur, Colour::White)),
        ("e8", piece(PieceKind::Gladiator, Colour::Black)),
        ("a8", piece(PieceKind::Minotaur, Colour::Black)),
    ]
    .iter()
    .map(|(s, p)| ((*s).to_string(), *p))
    .collect();
    for (s, p) in extra {
        // A piece that exists once (Gladiator, Minotaur) replaces its old square.
        if p.kind != PieceKind::Wall {
            out.retain(|(_, q)| q != p);
        }
        out.push(((*s).to_string(), *p));
    }
    out
}

/// Shows a two-person game at a hand-built escaping position: White to begin
/// escaping turn `turn` (odd turns end with the Minotaur), after `before`
/// (made through the session, not the screen).
fn show_position(
    h: &mut Harness<'_, AviaryApp>,
    dir: &std::path::Path,
    pieces: &[(String, Piece)],
    turn: u16,
    before: &[Action],
) {
    let mut board = Board::default();
    for (s, p) in pieces {
        board.put(sq(s), *p);
    }
    let state = Daedalus::from_position(board, Colour::White, turn, Options::default());
    let mut session = Session::from_state(state, vec![Player::Human, Player::Human]);
    for a in before {
        session.propose(a.clone()).unwrap();
    }
    let t = DaedalusTab::new(Table::new(session, dir.join("saves").join("position.json")));
    let app = h.state_mut();
    app.tabs.push(Box::new(t));
    app.screen = Screen::Game(app.tabs.len() - 1);
    h.run();
    h.run();
    assert!(!tab(h).flipped, "White at the bottom: the arrow keys below assume it");
}

fn keys(h: &mut Harness<'_, AviaryApp>, presses: &[Key]) {
    for &k in presses {
        h.key_press(k);
        h.run();
    }
}

/// White's wall on c2, to move one square this turn (turn 2: no Minotaur).
fn a_wall_to_move() -> Vec<(String, Piece)> {
    pieces_with(&[("c2", piece(PieceKind::Wall, Colour::White))])
}

fn assert_wall_moved_c2_to_c3(h: &mut Harness<'_, AviaryApp>) {
    let state = tab(h).table.session().state().clone();
    assert_eq!(state.board().at(sq("c3")), Some(piece(PieceKind::Wall, Colour::White)), "the wall stands on c3");
    assert_eq!(state.board().at(sq("c2")), None, "and left c2");
    assert_eq!(common::last_log_line::<DaedalusView>(h), "White moves a wall c2 to c3");
    assert!(h.query_by_label("c3 white wall").is_some(), "the board shows it");
}

#[test]
fn a_wall_moves_one_square_by_clicking_it_then_the_square() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness(common::app(dir.path()));
    h.run();
    show_position(&mut h, dir.path(), &a_wall_to_move(), 2, &[]);
    h.get_by_label("c2 white wall").click();
    h.run();
    assert_eq!(tab(&mut h).table.session().cursor(), 0, "the first click only chooses the wall");
    h.get_by_label("c3 empty").click();
    h.run();
    assert_wall_moved_c2_to_c3(&mut h);
}

#[test]
fn the_keyboard_alone_can_move_a_wall() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness(common::app(dir.path()));
    h.run();
    show_position(&mut h, dir.path(), &a_wall_to_move(), 2, &[]);
    // The first arrow press puts the cursor on White's Gladiator (e1); two more
    // lefts and an up reach the wall on c2; Enter chooses it.
    keys(&mut h, &[Key::ArrowLeft, Key::ArrowLeft, Key::ArrowLeft, Key::ArrowUp, Key::Enter]);
    assert_eq!(tab(&mut h).table.session().cursor(), 0, "Enter on the wall only chooses it");
    // Up to c3, and Enter moves it there.
    keys(&mut h, &[Key::ArrowUp, Key::Enter]);
    assert_wall_moved_c2_to_c3(&mut h);
}

/// White's Gladiator on its far row (c8), free to step off the board.
fn a_gladiator_at_the_far_row() -> Vec<(String, Piece)> {
    pieces_with(&[
        ("c8", piece(PieceKind::Gladiator, Colour::White)),
        ("d4", piece(PieceKind::Gladiator, Colour::Black)),
    ])
}

fn assert_white_escaped(h: &mut Harness<'_, AviaryApp>) {
    let state = tab(h).table.session().state().clone();
    assert_eq!(state.phase(), Phase::Over, "the game is over");
    let winners = state.outcome().unwrap().winners;
    assert_eq!(winners, vec![Colour::White.seat()]);
    assert_eq!(common::last_log_line::<DaedalusView>(h), "White's Gladiator escapes off the board");
    assert!(h.query_by_label("White wins").is_some(), "the end screen says who won");
}

#[test]
fn the_gladiator_escapes_by_clicking_it_then_the_exit_strip() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness(common::app(dir.path()));
    h.run();
    show_position(&mut h, dir.path(), &a_gladiator_at_the_far_row(), 2, &[]);
    h.get_by_label("c8 White's Gladiator").click();
    h.run();
    assert_eq!(tab(&mut h).table.session().cursor(), 0, "the first click only chooses the Gladiator");
    h.get_by_label("exit for White").click();
    h.run();
    assert_white_escaped(&mut h);
}

#[test]
fn the_keyboard_alone_can_walk_the_gladiator_off_the_board() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness(common::app(dir.path()));
    h.run();
    show_position(&mut h, dir.path(), &a_gladiator_at_the_far_row(), 2, &[]);
    // The cursor starts on the Gladiator (c8); Enter chooses it.
    keys(&mut h, &[Key::ArrowUp, Key::Enter]);
    assert_eq!(tab(&mut h).table.session().cursor(), 0, "Enter on the Gladiator only chooses it");
    // Up past row 8 onto the exit strip, and Enter steps off.
    keys(&mut h, &[Key::ArrowUp, Key::Enter]);
    assert_white_escaped(&mut h);
}

fn assert_minotaur_moved_h1_to_h2(h: &mut Harness<'_, AviaryApp>) {
    let state = tab(h).table.session().state().clone();
    assert_eq!(state.board().minotaur(Colour::White), Some(sq("h2")), "the Minotaur stands on h2");
    assert_eq!(state.board().at(sq("h1")), None);
    assert_eq!(state.colour_to_move(), Colour::Black, "the Minotaur's move ended White's turn");
    assert_eq!(common::last_log_line::<DaedalusView>(h), "White's Minotaur h1 to h2");
    assert!(h.query_by_label("h2 White's Minotaur").is_some(), "the board shows it");
}

#[test]
fn the_minotaur_moves_by_clicking_it_then_the_square() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness(common::app(dir.path()));
    h.run();
    // White's turn 1: the Gladiator has stepped to e2, the Minotaur moves last.
    show_position(&mut h, dir.path(), &pieces_with(&[]), 1, &[Action::MoveGladiator(sq("e2"))]);
    assert!(tab(&mut h).table.session().state().minotaur_due());
    h.get_by_label("h1 White's Minotaur").click();
    h.run();
    assert_eq!(tab(&mut h).table.session().cursor(), 1, "the first click only chooses the Minotaur");
    h.get_by_label("h2 empty").click();
    h.run();
    assert_minotaur_moved_h1_to_h2(&mut h);
}

#[test]
fn the_keyboard_alone_can_move_the_minotaur() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness(common::app(dir.path()));
    h.run();
    show_position(&mut h, dir.path(), &pieces_with(&[]), 1, &[Action::MoveGladiator(sq("e2"))]);
    // The first arrow press puts the cursor on the Gladiator (e2); three more
    // rights and a down reach the Minotaur on h1.
    keys(&mut h, &[Key::ArrowRight, Key::ArrowRight, Key::ArrowRight, Key::ArrowRight, Key::ArrowDown, Key::Enter]);
    assert_eq!(tab(&mut h).table.session().cursor(), 1, "Enter on the Minotaur only chooses it");
    keys(&mut h, &[Key::ArrowUp, Key::Enter]);
    assert_minotaur_moved_h1_to_h2(&mut h);
}

#[test]
fn a_wall_picked_up_with_nowhere_to_go_says_why_at_once() {
    // A new player clicked a boxed-in wall and nothing happened: no ring,
    // no word. Now the click names each square it cannot step to and why.
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness(common::app(dir.path()));
    h.run();
    let boxed = pieces_with(&[
        ("a1", piece(PieceKind::Wall, Colour::White)),
        ("a2", piece(PieceKind::Wall, Colour::White)),
        ("b1", piece(PieceKind::Wall, Colour::Black)),
    ]);
    show_position(&mut h, dir.path(), &boxed, 2, &[]);
    h.get_by_label("a1 white wall").click();
    h.run();
    let toast = h.state().toast_texts().join("\n");
    assert!(toast.contains("The white wall on a1 has no move now"), "{toast}");
    assert!(toast.contains("a2") && toast.contains("b1"), "both blocked squares named: {toast}");
    // It is not left picked up: a click on an empty square asks nothing of it.
    h.get_by_label("c3 empty").click();
    h.run();
    assert!(h.state().toast_texts().is_empty(), "{:?}", h.state().toast_texts());
    assert_eq!(tab(&mut h).table.session().cursor(), 0);
    // A wall that can move is picked up in silence, as before, and moves.
    h.get_by_label("a2 white wall").click();
    h.run();
    assert!(h.state().toast_texts().is_empty(), "{:?}", h.state().toast_texts());
    h.get_by_label("a3 empty").click();
    h.run();
    assert_eq!(common::last_log_line::<DaedalusView>(&mut h), "White moves a wall a2 to a3");
}
