//! At the smallest window the app allows (800 x 600), every game screen
//! shows everything it has: each square, space, card and hand card is on
//! screen and clear of the side panel, or (Dust in the Wings' rows of
//! face-up cards) reachable by scrolling its row.
#![allow(clippy::unwrap_used)]

use aviary::ai::Level;
use aviary::app::{AviaryApp, Screen};
use aviary::rules::cards::Suit;
use aviary::rules::{Game, Rng, Setup, ToMove};
use aviary::session::{Player, Session};
use aviary::table::Table;
use aviary::ui::tab::{Tab, View};
use egui::{Pos2, Rect};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable, by};

const WINDOW: egui::Vec2 = egui::vec2(800.0, 600.0);
/// Below the row of the menu and the tabs (a tab bears its game's name too).
const TAB_ROW: f32 = 34.0;

/// A game of `V` after some random moves, shown in the app at 800 x 600.
fn harness<V: View>(dir: &std::path::Path, players: &[Player], moves: usize) -> Harness<'static, AviaryApp>
where
    <V::Game as Game>::Options: Default,
{
    let seats = players.len() as u8;
    let setup = Setup { seats, options: <<V::Game as Game>::Options>::default() };
    let mut session: Session<V::Game> = Session::new(setup, 11, players.to_vec());
    let mut rng = Rng::seeded(11);
    for _ in 0..moves {
        let person = matches!(session.state().to_move(), ToMove::Seat(s) if !players[s.index()].is_computer());
        if session.is_over() || (person && session.cursor() >= moves) {
            break;
        }
        let legal = session.state().legal_actions();
        session.propose(legal[rng.below(legal.len())].clone()).unwrap();
    }
    while !session.is_over()
        && !matches!(session.state().to_move(), ToMove::Seat(s) if !players[s.index()].is_computer())
    {
        let legal = session.state().legal_actions();
        session.propose(legal[rng.below(legal.len())].clone()).unwrap();
    }
    shown::<V>(dir, session)
}

/// `session` shown in the app at 800 x 600, in a tab of its own.
fn shown<V: View>(dir: &std::path::Path, session: Session<V::Game>) -> Harness<'static, AviaryApp> {
    let mut app = AviaryApp::new(Some(dir.join("config")), dir.join("saves"));
    let tab = Tab::<V>::new(Table::new(session, dir.join("saves").join("g.json")));
    app.tabs.push(Box::new(tab));
    app.screen = Screen::Game(0);
    let mut h = Harness::builder().with_size(WINDOW).build_ui_state(|ui, app: &mut AviaryApp| app.ui_root(ui), app);
    h.run_steps(4);
    h
}

fn labels(h: &Harness<'_, AviaryApp>) -> Vec<(String, Rect)> {
    h.query_all(by())
        .filter_map(|n| {
            let a = n.accesskit_node();
            let label = a.label().filter(|l| !l.is_empty()).or_else(|| a.value())?;
            Some((label, n.rect()))
        })
        .collect()
}

/// The left edge of the side panel (its Undo turn button is inside it),
/// or the window's right edge when the panel is folded away (its controls
/// then lie on the table, with a button that opens it: "Log and rules",
/// or Enchanted Plumes' "Scores and log").
fn side_left(h: &Harness<'_, AviaryApp>) -> f32 {
    if h.query_by_label("Log and rules").is_some() || h.query_by_label("Scores and log").is_some() {
        return WINDOW.x;
    }
    h.get_by_label("Undo turn").rect().min.x - 12.0
}

/// The things matching `wanted` that are not wholly on screen left of the
/// side panel.
fn out_of_view(h: &Harness<'_, AviaryApp>, wanted: &dyn Fn(&str) -> bool) -> (usize, Vec<String>) {
    let edge = side_left(h);
    let screen = Rect::from_min_size(Pos2::ZERO, WINDOW);
    let found: Vec<(String, Rect)> = labels(h).into_iter().filter(|(l, _)| wanted(l)).collect();
    let bad = found
        .iter()
        .filter(|(_, r)| !screen.contains_rect(r.shrink(0.5)) || r.max.x > edge + 0.5)
        .map(|(l, r)| format!("{l} at {r:?} (side panel from x = {edge})"))
        .collect();
    (found.len(), bad)
}

fn assert_all_shown(h: &Harness<'_, AviaryApp>, what: &str, expected: usize, wanted: &dyn Fn(&str) -> bool) {
    let (n, bad) = out_of_view(h, wanted);
    assert_eq!(n, expected, "{what}: every one of them is drawn");
    assert!(bad.is_empty(), "{what} out of view at 800 x 600:\n{}", bad.join("\n"));
}

/// A board square's name: "e8 empty", "e8 White's Gladiator" (a bare
/// "e8" is a wrapped line of the log).
fn is_square(l: &str) -> bool {
    let b = l.as_bytes();
    b.len() > 2 && (b'a'..=b'h').contains(&b[0]) && (b'1'..=b'8').contains(&b[1]) && b[2] == b' '
}

#[test]
fn daedalus_shows_every_square() {
    let dir = tempfile::tempdir().unwrap();
    let h =
        harness::<aviary::ui::daedalus::DaedalusView>(dir.path(), &[Player::Human, Player::Computer(Level::Easy)], 24);
    assert_all_shown(&h, "squares", 64, &is_square);
}

#[test]
fn feathers_and_wax_shows_the_whole_labyrinth_and_the_decks() {
    let dir = tempfile::tempdir().unwrap();
    let h = harness::<aviary::ui::feathers_wax::FeathersView>(dir.path(), &[Player::Human], 6);
    let cell = |l: &str| {
        let b = l.as_bytes();
        b.len() >= 2 && (b'a'..=b'l').contains(&b[0]) && (b'1'..=b'8').contains(&b[1]) && (b.len() == 2 || b[2] == b' ')
    };
    assert_all_shown(&h, "labyrinth cells", 96, &cell);
    assert_all_shown(&h, "the exit door", 1, &|l| l == "exit door");
    // What Daedalus holds lies on one line under the board, so the board
    // keeps cells large enough for a nest and a figure (they were 30).
    let (_, a1) = labels(&h).into_iter().find(|(l, _)| l.starts_with("a1")).expect("cell a1");
    assert!(a1.width() >= 33.0, "a labyrinth cell at 800 x 600 is {} wide", a1.width());
}

#[test]
fn enchanted_plumes_shows_the_train_and_the_whole_hand() {
    let dir = tempfile::tempdir().unwrap();
    let players = [Player::Human, Player::Computer(Level::Easy), Player::Computer(Level::Easy)];
    let h = harness::<aviary::ui::enchanted_plumes::PlumesView>(dir.path(), &players, 30);
    let hand = labels(&h).iter().filter(|(l, _)| l.starts_with("hand: ")).count();
    assert!(hand >= 1, "a hand is shown");
    assert_all_shown(&h, "hand cards", hand, &|l| l.starts_with("hand: "));
    let train = labels(&h).iter().filter(|(l, _)| l.starts_with("train")).count();
    assert_eq!(train, 5, "the Train's five cards are drawn");
    assert_all_shown(&h, "Train cards", 5, &|l| l.starts_with("train"));
}

#[test]
fn dust_in_the_wings_shows_the_meadow_and_every_face_up_card() {
    let dir = tempfile::tempdir().unwrap();
    let players = [Player::Human, Player::Computer(Level::Easy), Player::Computer(Level::Easy)];
    let h = harness::<aviary::ui::dust_wings::WingsView>(dir.path(), &players, 40);
    assert_all_shown(&h, "meadow spaces", 25, &|l| l.starts_with("space "));
    // The six face-up cards ("G1: Gathering: …", or "Take G1" when it can
    // be taken), smaller in a low window, all in view without scrolling.
    let card = |l: &str| {
        let l = l.strip_prefix("Take ").unwrap_or(l);
        let b = l.as_bytes();
        b.len() >= 2
            && (b[0] == b'G' || b[0] == b'C')
            && (b'1'..=b'3').contains(&b[1])
            && (b.len() == 2 || b[2] == b':')
    };
    assert_all_shown(&h, "face-up cards", 6, &card);
    // The cards stand in a column beside the meadow, which takes the
    // table's height: it was about 250 points across under a row of each.
    let spaces: Vec<Rect> = labels(&h).into_iter().filter(|(l, _)| l.starts_with("space ")).map(|(_, r)| r).collect();
    let meadow = spaces.iter().fold(Rect::NOTHING, |a, r| a.union(*r));
    assert!(meadow.width() >= 360.0, "the meadow is {meadow:?} across");
}

/// Found under Xvfb: the Tail Feathers hand to pick at setup laid its
/// heading out on one line, which widened the table under the side panel
/// at 800 x 600 (the panel's words were cut and the last cards hidden).
#[test]
fn tail_feathers_lays_out_every_card_to_pick_clear_of_the_side_panel() {
    use aviary::rules::tail_feathers::game::{Options, TailFeathers};
    use aviary::ui::tail_feathers::SkirmishView;
    let temp = tempfile::tempdir().unwrap();
    let dir = temp.path();
    let options = Options { action_cards: true, ..Options::default() };
    let players = vec![Player::Human, Player::Computer(Level::Easy)];
    let session: Session<TailFeathers> = Session::new(Setup { seats: 2, options }, 11, players);
    let h = shown::<SkirmishView>(dir, session);
    let picks = labels(&h).iter().filter(|(l, _)| l.starts_with("pick ")).count();
    assert!(picks >= 7, "the side's cards are laid out to pick from ({picks})");
    // The side panel's left edge: left of its title.
    let title = labels(&h)
        .into_iter()
        .filter(|(l, r)| l == "Tail Feathers" && r.min.y > TAB_ROW)
        .map(|(_, r)| r)
        .next()
        .expect("the side panel's title");
    let edge = title.min.x - 6.0;
    let heading = h.get_by_label_contains("pick your").rect();
    assert!(heading.max.x <= edge, "the heading wraps before the side panel: {heading:?}, panel at {edge}");
    let cards: Vec<Rect> = labels(&h).into_iter().filter(|(l, _)| l.starts_with("pick ")).map(|(_, r)| r).collect();
    assert!(cards.iter().all(|r| r.max.x <= edge), "every card is left of the side panel: {cards:?}, panel at {edge}");
}

/// A solitaire of Feathers & Wax on `seed`, played by the hint's policy
/// until `reached` (or the game's end); none if the policy stops first.
fn feathers_and_wax_played(
    seed: u64,
    reached: impl Fn(&aviary::rules::feathers_wax::FeathersAndWax) -> bool,
) -> Option<Session<aviary::rules::feathers_wax::FeathersAndWax>> {
    use aviary::rules::feathers_wax::FeathersAndWax;
    let policy = aviary::ai::feathers_wax::Policy::default();
    let setup = Setup { seats: 1, options: <FeathersAndWax as Game>::Options::default() };
    let mut session = Session::<FeathersAndWax>::new(setup, seed, vec![Player::Human]);
    let mut rng = Rng::seeded(seed);
    while !reached(session.state()) && !session.is_over() {
        let a = policy.choose(session.state(), &mut rng)?;
        session.propose(a).ok()?;
    }
    Some(session)
}

/// Found under Xvfb: building the wings at 800 x 600, the wax ran under
/// the side panel and the racks, one above the other, pushed "Leap from
/// the tower" off the bottom of the window.
#[test]
fn feathers_and_wax_building_the_wings_keeps_every_card_and_the_leap_in_view() {
    use aviary::rules::feathers_wax::{Action, Flyer, Phase};
    use aviary::ui::feathers_wax::FeathersView;
    let temp = tempfile::tempdir().unwrap();
    let session = (1..200)
        .find_map(|seed| {
            let mut session = feathers_and_wax_played(seed, |s| s.phase() != Phase::Collect)?;
            // A deal with four wax or more (the widest row of clubs), and
            // four spades laid on Icarus's rack (a rack's row at its
            // longest in a low window).
            if session.state().phase() != Phase::Wings || session.state().held(Suit::Clubs).len() < 4 {
                return None;
            }
            let four: Vec<u8> = session.state().unassigned().iter().take(4).copied().collect();
            if four.len() < 4 {
                return None;
            }
            for value in four {
                session.propose(Action::Wing { value, flyer: Flyer::Icarus }).ok()?;
            }
            Some(session)
        })
        .expect("some deal reaches the wings with four wax and four spades");
    let spades = session.state().unassigned().len() + session.state().wings(Flyer::Icarus).len();
    let clubs = session.state().held(Suit::Clubs).len();
    let h = shown::<FeathersView>(temp.path(), session);
    assert_all_shown(&h, "the spades to lay", spades, &|l| {
        l.starts_with("card ") && (l.ends_with('♠') || l.ends_with("of spades"))
    });
    assert_all_shown(&h, "the wax", clubs, &|l| {
        l.starts_with("card ") && (l.ends_with('♣') || l.ends_with("of clubs"))
    });
    assert_all_shown(&h, "the leap", 1, &|l| l == "Leap from the tower");
    assert_all_shown(&h, "the racks", 2, &|l| l.ends_with("'s wing rack"));
}

/// Found under Xvfb: in the Feathers & Wax sky at 800 x 600 the side
/// panel's buttons ("Draw another card", "Play these cards") stood on one
/// line wider than the panel, which pushed its words off both its edges.
/// (Those choices are now on the tray, by the cards drawn.)
#[test]
fn feathers_and_wax_in_the_sky_keeps_the_side_panel_whole() {
    use aviary::rules::feathers_wax::{Phase, Stage};
    use aviary::ui::feathers_wax::FeathersView;
    let temp = tempfile::tempdir().unwrap();
    let dir = temp.path();
    let session = (1..200)
        .find_map(|seed| {
            let session = feathers_and_wax_played(seed, |s| {
                s.phase() == Phase::Flight && s.stage() == Stage::Drawing && !s.drawn().is_empty()
            })?;
            let s = session.state();
            (s.phase() == Phase::Flight && s.stage() == Stage::Drawing && !s.drawn().is_empty()).then_some(session)
        })
        .expect("some deal reaches the sky");
    let mut h = shown::<FeathersView>(dir, session);
    let screen = Rect::from_min_size(Pos2::ZERO, WINDOW);
    for (name, r) in [
        ("the Flight pile", h.get_by_label_contains("Flight deck").rect()),
        ("Play these", h.get_by_label("Play these").rect()),
        ("Undo turn", h.get_by_label("Undo turn").rect()),
        ("Log and rules", h.get_by_label("Log and rules").rect()),
    ] {
        assert!(screen.contains_rect(r), "{name} is wholly on screen: {r:?}");
    }
    // (The panel is folded away at this size; opened, its words are whole.)
    h.get_by_label("Log and rules").click();
    // A set number of frames: the odds meter, on its own thread, asks for
    // a repaint when it ends, and waiting for quiet (`run`) failed when it
    // ended late on a busy machine.
    h.run_steps(3);
    let title = labels(&h).into_iter().find(|(l, r)| l == "Feathers & Wax" && r.min.y > TAB_ROW).expect("the title").1;
    let undo = h.get_by_label("Undo turn").rect();
    assert!(title.min.x <= undo.min.x + 0.5, "the panel's words start at its edge, not cut: {title:?} {undo:?}");
}

/// Found under Xvfb: at 800 x 600 the Daedalus turn list's longest line
/// ("… your Gladiator, in either order") stood on one line wider than the
/// side panel and pushed its words off both its edges.
#[test]
fn daedalus_lists_the_turn_within_the_side_panel() {
    use aviary::rules::daedalus::{Colour, Daedalus, Phase};
    use aviary::ui::daedalus::DaedalusView;
    let temp = tempfile::tempdir().unwrap();
    let dir = temp.path();
    let players = vec![Player::Human, Player::Computer(Level::Easy)];
    let setup = Setup { seats: 2, options: <Daedalus as Game>::Options::default() };
    let mut session: Session<Daedalus> = Session::new(setup, 5, players);
    let mut rng = Rng::seeded(5);
    // Up to the start of one of White's (the person's) escaping turns.
    while !(session.state().phase() == Phase::Escaping
        && session.state().colour_to_move() == Colour::White
        && session.state().moved_walls().is_empty()
        && session.state().required().walls > 0)
    {
        let legal = session.state().legal_actions();
        session.propose(legal[rng.below(legal.len())].clone()).unwrap();
    }
    let h = shown::<DaedalusView>(dir, session);
    let screen = Rect::from_min_size(Pos2::ZERO, WINDOW);
    let title = labels(&h).into_iter().find(|(l, r)| l == "Daedalus" && r.min.y > TAB_ROW).expect("the title").1;
    let steps: Vec<(String, Rect)> =
        labels(&h).into_iter().filter(|(l, _)| l.starts_with("Move ") || l.contains("your Gladiator")).collect();
    assert!(!steps.is_empty(), "the turn's steps are listed");
    for (l, r) in steps.iter().chain([("Undo turn".to_string(), h.get_by_label("Undo turn").rect())].iter()) {
        assert!(screen.contains_rect(*r), "{l:?} is wholly on screen: {r:?}");
        assert!(r.min.x >= title.min.x - 0.5, "{l:?} starts inside the panel: {r:?}, title at {title:?}");
    }
}

/// Found by a new player at 800 x 600: with action cards, the hand under
/// the battlefield took 160 points of the window's height and left the
/// battlefield about 280 points. The hand is held low now (the cards'
/// tops in view, the one pointed at held up whole).
#[test]
fn tail_feathers_holds_the_hand_low_and_keeps_the_battlefield_large() {
    use aviary::rules::tail_feathers::game::{Action, Options, TailFeathers};
    use aviary::ui::tail_feathers::SkirmishView;
    let temp = tempfile::tempdir().unwrap();
    let dir = temp.path();
    let options = Options { action_cards: true, ..Options::default() };
    let players = vec![Player::Human, Player::Computer(Level::Easy)];
    let mut session: Session<TailFeathers> = Session::new(Setup { seats: 2, options }, 11, players);
    let mut rng = Rng::seeded(11);
    // Into the first activation, the person to move.
    while !(session.state().legal_actions().iter().any(|a| matches!(a, Action::Activate(_)))
        && matches!(session.state().to_move(), ToMove::Seat(s) if s.index() == 0))
    {
        let legal = session.state().legal_actions();
        session.propose(legal[rng.below(legal.len())].clone()).unwrap();
    }
    let mut h = shown::<SkirmishView>(dir, session);
    let cards: Vec<Rect> =
        labels(&h).into_iter().filter(|(l, _)| l.starts_with("action card ")).map(|(_, r)| r).collect();
    assert!(cards.len() >= 5, "the hand is shown: {}", cards.len());
    let field = h.get_by_label("battlefield").rect();
    assert!(field.height() >= 420.0, "the battlefield keeps most of the window's height: {field:?}");
    let screen = Rect::from_min_size(Pos2::ZERO, WINDOW);
    assert!(cards.iter().all(|r| screen.contains_rect(*r)), "each card's top is in view: {cards:?}");
    // Pointed at, a card is held up whole, with what to do with it.
    let held = |h: &Harness<'_, AviaryApp>| {
        let painted = format!("{:?}", h.output().shapes);
        painted.contains("not playable now") || painted.contains("drag it onto a lit unit")
    };
    assert!(!held(&h), "no card held up before one is pointed at");
    h.hover_at(cards.last().unwrap().center());
    h.run();
    assert!(held(&h), "the card pointed at is held up");
}

/// At 800 x 600 the units' cards left the log a line or two under its
/// heading while a unit was to be activated; they share the panel's
/// height now.
#[test]
fn tail_feathers_keeps_the_log_readable_under_the_units() {
    use aviary::rules::tail_feathers::game::{Action, Options, TailFeathers};
    use aviary::ui::tail_feathers::SkirmishView;
    let temp = tempfile::tempdir().unwrap();
    let players = vec![Player::Human, Player::Computer(Level::Easy)];
    let mut session: Session<TailFeathers> = Session::new(Setup { seats: 2, options: Options::default() }, 11, players);
    let mut rng = Rng::seeded(11);
    // Into the second round's activations, the person to move.
    while !(session.state().round() >= 2
        && session.state().legal_actions().iter().any(|a| matches!(a, Action::Activate(_)))
        && matches!(session.state().to_move(), ToMove::Seat(s) if s.index() == 0))
    {
        let legal = session.state().legal_actions();
        session.propose(legal[rng.below(legal.len())].clone()).unwrap();
    }
    let h = shown::<SkirmishView>(temp.path(), session);
    let heading =
        labels(&h).into_iter().filter(|(l, _)| l == "Log").map(|(_, r)| r).next_back().expect("the log's heading");
    let below = WINDOW.y - heading.max.y;
    assert!(below >= 110.0, "the log has {below} points under its heading (five lines need about 110)");
}

/// At 800 x 600 the frame has no room beside the battlefield for the dice
/// tray, which then covered trees and figures for the rest of the round:
/// once its dice have been seen it folds into a slip on the frame's foot.
#[test]
fn tail_feathers_folds_the_dice_tray_off_the_battlefield_in_a_small_window() {
    use aviary::rules::tail_feathers::game::{Action, Options, TailFeathers};
    use aviary::ui::tail_feathers::SkirmishView;
    let temp = tempfile::tempdir().unwrap();
    let players = vec![Player::Human, Player::Human];
    let mut session: Session<TailFeathers> = Session::new(Setup { seats: 2, options: Options::default() }, 5, players);
    let mut rng = Rng::seeded(5);
    let attack = |s: &TailFeathers| {
        s.legal_actions().into_iter().find(|a| matches!(a, Action::Strike { .. } | Action::Shoot { .. }))
    };
    while attack(session.state()).is_none() {
        let legal = session.state().legal_actions();
        session.propose(legal[rng.below(legal.len())].clone()).unwrap();
    }
    let attack_now = attack(session.state()).unwrap();
    let mut h = shown::<SkirmishView>(temp.path(), session);
    let field = h.get_by_label("battlefield").rect();
    let tray = |h: &Harness<'_, AviaryApp>| {
        labels(h).into_iter().find(|(l, _)| l.starts_with("dice on the table")).map(|(_, r)| r)
    };
    assert!(tray(&h).is_none(), "no dice before the attack");
    let i = h.state().tabs.len() - 1;
    let tab = h.state_mut().tabs[i].as_any_mut().downcast_mut::<aviary::ui::tail_feathers::SkirmishTab>();
    tab.expect("the game's tab").table.propose(attack_now, &mut Vec::new()).unwrap();
    h.run_steps(2);
    let open = tray(&h).expect("the dice on the table");
    assert!(open.intersects(field), "the tray is open over the battlefield a moment: {open:?} {field:?}");
    // A few seconds on, it lies folded on the frame, off the battlefield.
    h.run_steps(20);
    let folded = tray(&h).expect("the roll still on the table");
    // (The battlefield's widget is its frame too: the slip lies in the
    // frame's foot, under the forest floor.)
    assert!(folded.height() < open.height() / 2.0, "a slip, not the tray: {folded:?} (open {open:?})");
    assert!(folded.center().y > field.bottom() - 36.0, "on the frame's foot: {folded:?} {field:?}");
    assert!(Rect::from_min_size(Pos2::ZERO, WINDOW).contains_rect(folded), "{folded:?}");
}
