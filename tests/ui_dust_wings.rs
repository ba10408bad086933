//! Dust in the Wings as people play it, driven through `egui_kittest`: a
//! whole dispersion by drags ending in a claimed card, a refused step
//! straight back with its rule, Ctrl+Z taking back a single drop, and the
//! same dispersion by click-then-click and by the keyboard alone.
#![allow(clippy::unwrap_used)]

mod common;

use aviary::ai::dust_wings::plans;
use aviary::app::{AviaryApp, Screen};
use aviary::rules::dust_wings::{Action, Colour, DustInTheWings, Options, Stage};
use aviary::rules::{Game, Seat, Setup};
use aviary::session::{Player, Session};
use aviary::table::Table;
use aviary::ui::dust_wings::WingsTab;
use egui::{Key, Modifiers, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

use common::{drag, is_chosen, press_on, tab_to};

/// How many cards the last space of `plan` fulfils.
fn fulfilled_at_the_end(state: &DustInTheWings, plan: &[Action]) -> usize {
    let mut s = state.clone();
    for a in plan.iter().take_while(|a| !matches!(a, Action::Claim(_))) {
        s.apply_legal(a);
    }
    s.fulfilled().len()
}

/// The last line of the game's log, raw; checks the side panel shows the
/// turn it belongs to on its line.
fn last_log_line(h: &mut Harness<'_, AviaryApp>) -> String {
    let session = tab(h).table.session().clone();
    let text = session.log().last().expect("something was logged").text.clone();
    let line = aviary::ui::dust_wings::turn_lines(session.actions(), session.log()).pop().unwrap().text;
    assert!(h.query_by_label(&line).is_some(), "the side panel shows the turn's line: {line}");
    text
}

fn tab<'h>(h: &'h mut Harness<'_, AviaryApp>) -> &'h mut WingsTab {
    common::game_tab(h)
}

fn state(h: &mut Harness<'_, AviaryApp>) -> DustInTheWings {
    tab(h).table.session().state().clone()
}

fn centre(h: &Harness<'_, AviaryApp>, label: &str) -> Pos2 {
    h.query_all_by_label(label).next().unwrap_or_else(|| panic!("no {label}")).rect().center()
}

/// Two people, seat 0 first, on a seed where a claim is within reach.
fn open(h: &mut Harness<'_, AviaryApp>, dir: &std::path::Path) -> Vec<Action> {
    open_where(h, dir, |_, _| true)
}

/// As [`open`], on the first seed whose plan also pleases `wanted`.
fn open_where(
    h: &mut Harness<'_, AviaryApp>,
    dir: &std::path::Path,
    wanted: impl Fn(&DustInTheWings, &[Action]) -> bool,
) -> Vec<Action> {
    for seed in 0..50 {
        let options = Options { names: vec!["Ada".into(), "Ben".into()], first: Some(0) };
        let session: Session<DustInTheWings> =
            Session::new(Setup { seats: 2, options }, seed, vec![Player::Human, Player::Human]);
        // A plan of at least two drops that claims a card.
        let plan = plans(session.state(), 100_000)
            .into_iter()
            .find(|p| p.claim.is_some() && p.actions.len() >= 4 && wanted(session.state(), &p.actions))
            .map(|p| p.actions);
        if let Some(plan) = plan {
            let t = WingsTab::new(Table::new(session, dir.join("saves").join("dw.json")));
            let app = h.state_mut();
            app.tabs.push(Box::new(t));
            app.screen = Screen::Game(app.tabs.len() - 1);
            h.run();
            h.run();
            return plan;
        }
    }
    panic!("no seed with a claim in reach");
}

#[test]
fn a_whole_dispersion_by_drags_a_refused_step_back_undo_of_one_drop_and_a_claim() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness_in(dir.path());
    h.run();
    // A last space that fulfils two cards or more: one is chosen by
    // clicking the card itself.
    let plan = open_where(&mut h, dir.path(), |s, plan| fulfilled_at_the_end(s, plan) >= 2);
    let Action::Pick(from) = plan[0] else { panic!("a plan starts with a pick") };
    h.get_by_label(&format!("space {from}")).click();
    h.run();
    assert!(matches!(state(&mut h).stage(), Stage::Disperse { .. }), "the butterflies are in hand");
    for (i, a) in plan[1..].iter().enumerate() {
        let Action::Drop { colour, to } = *a else { break };
        let before = tab(&mut h).table.session().cursor();
        let src = centre(&h, &format!("hand {} butterfly", colour.name()));
        let dst = centre(&h, &format!("space {to}"));
        drag(&mut h, src, dst);
        assert_eq!(tab(&mut h).table.session().cursor(), before + 1, "drop {} applied", i + 1);
        let after = state(&mut h).at(to);
        if i == 0 {
            // Straight back to the emptied space is refused with its rule.
            if let Stage::Disperse { .. } = state(&mut h).stage() {
                let src = centre(&h, &format!("hand {} butterfly", plan_colour(&plan, 2)));
                let dst = centre(&h, &format!("space {from}"));
                drag(&mut h, src, dst);
                let toasts = h.state().toast_texts().join(" | ");
                assert!(toasts.contains("DW-R1") && toasts.contains("straight back"), "{toasts}");
                assert_eq!(tab(&mut h).table.session().cursor(), before + 1, "nothing changed");
            }
            // Ctrl+Z takes back exactly this one drop; Ctrl+Y puts it back.
            h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
            h.run();
            assert_eq!(tab(&mut h).table.session().cursor(), before, "one drop undone");
            // The refusal went with the position it was about (it stayed up
            // after Ctrl+Z had taken the drop back).
            let toasts = h.state().toast_texts().join(" | ");
            assert!(!toasts.contains("DW-R1"), "{toasts}");
            assert_eq!(
                state(&mut h).at(to)[colour as usize] + 1,
                after[colour as usize],
                "the butterfly is back in hand"
            );
            assert!(matches!(state(&mut h).stage(), Stage::Disperse { .. }), "still dispersing");
            h.key_press_modifiers(Modifiers::COMMAND, Key::Y);
            h.run();
            assert_eq!(tab(&mut h).table.session().cursor(), before + 1, "redone");
        }
    }
    // The last space fulfils the planned card: take it.
    let Some(Action::Claim(card)) = plan.last().cloned() else { panic!("the plan claims") };
    let s = state(&mut h);
    assert!(s.fulfilled().contains(&card), "{:?}", s.fulfilled());
    let button = match card {
        aviary::rules::dust_wings::CardRef::Gathering(i) => format!("Take G{}", i + 1),
        aviary::rules::dust_wings::CardRef::Composition(i) => format!("Take C{}", i + 1),
    };
    h.get_by_label(&button).click();
    h.run();
    let s = state(&mut h);
    let t = s.tableau(Seat(0));
    assert_eq!(t.gatherings.len() + t.compositions.len(), 1, "Ada took one card");
    assert_eq!(s.current(), Seat(1), "Ben's turn");
    // Taking back that turn would hide the cards the renewal showed: asked first.
    let cursor = tab(&mut h).table.session().cursor();
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert!(tab(&mut h).confirm_undo.is_some(), "the undo waits for a confirmation");
    assert_eq!(tab(&mut h).table.session().cursor(), cursor);
    h.get_by_label("Undo anyway").click();
    h.run();
    assert_eq!(tab(&mut h).table.session().cursor(), cursor - 1, "the claim is taken back");
    assert!(tab(&mut h).table.session().is_assisted(), "and the game is marked");
}

fn plan_colour(plan: &[Action], i: usize) -> &'static str {
    match plan.get(i) {
        Some(Action::Drop { colour, .. }) => colour.name(),
        _ => "red",
    }
}

#[test]
fn undo_turn_takes_back_the_whole_dispersion_from_the_panel_and_the_keys() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness_in(dir.path());
    h.run();
    let plan = open(&mut h, dir.path());
    let start = state(&mut h);
    assert!(h.get_by_label("Undo turn").accesskit_node().is_disabled(), "nothing to take back yet");
    // Pick up and drop twice: three actions of one turn.
    let Action::Pick(from) = plan[0] else { panic!("a plan starts with a pick") };
    h.get_by_label(&format!("space {from}")).click();
    h.run();
    for a in &plan[1..3] {
        let Action::Drop { colour, to } = *a else { panic!("drops follow the pick") };
        let src = centre(&h, &format!("hand {} butterfly", colour.name()));
        let dst = centre(&h, &format!("space {to}"));
        drag(&mut h, src, dst);
    }
    assert_eq!(tab(&mut h).table.session().cursor(), 3);
    // One click on "Undo turn": back to the start of the turn, not one drop.
    h.get_by_label("Undo turn").click();
    h.run();
    assert_eq!(tab(&mut h).table.session().cursor(), 0, "the whole turn is taken back");
    assert_eq!(state(&mut h), start);
    assert!(!tab(&mut h).table.session().is_assisted(), "nothing hidden was taken back");
    // Redo puts the actions back one by one; Ctrl+Alt+Z takes them back again.
    for _ in 0..3 {
        h.key_press_modifiers(Modifiers::COMMAND, Key::Y);
        h.run();
    }
    assert_eq!(tab(&mut h).table.session().cursor(), 3);
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::ALT, Key::Z);
    h.run();
    assert_eq!(tab(&mut h).table.session().cursor(), 0, "the key does the same");
}

/// A plan whose first space holds butterflies of two colours or more, so a
/// drop needs the chosen colour (a lone colour would drop without a choice).
fn mixed_first_space(g: &DustInTheWings, plan: &[Action]) -> bool {
    let Some(Action::Pick(from)) = plan.first() else { return false };
    g.at(*from).iter().filter(|&&n| n > 0).count() >= 2
}

#[test]
fn a_whole_dispersion_by_clicking_a_butterfly_then_a_space() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness_in(dir.path());
    h.run();
    let plan = open_where(&mut h, dir.path(), |s, p| mixed_first_space(s, p) && fulfilled_at_the_end(s, p) >= 2);
    let Action::Pick(from) = plan[0] else { panic!("a plan starts with a pick") };
    h.get_by_label(&format!("space {from}")).click();
    h.run();
    assert_eq!(last_log_line(&mut h), format!("Ada picks up {} from {from}", words_for(&plan[1..])));
    for (i, a) in plan[1..].iter().enumerate() {
        let Action::Drop { colour, to } = *a else { break };
        let before = state(&mut h).at(to);
        let hand = format!("hand {} butterfly", colour.name());
        h.query_all_by_label(&hand).next().unwrap().click();
        h.run();
        assert!(is_chosen(&h, &hand), "the {hand} shows as chosen");
        h.get_by_label(&format!("space {to}")).click();
        h.run();
        let after = state(&mut h).at(to);
        assert_eq!(after[colour as usize], before[colour as usize] + 1, "drop {}: the {hand} is on {to}", i + 1);
        assert_eq!(last_log_line(&mut h), format!("Ada drops a {} butterfly on {to}", colour.name()));
    }
    let Some(Action::Claim(card)) = plan.last().cloned() else { panic!("the plan claims") };
    assert!(state(&mut h).fulfilled().contains(&card), "the clicked path fulfils the planned card");
}

#[test]
fn a_whole_turn_by_the_keyboard_alone() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness_in(dir.path());
    h.run();
    let plan = open_where(&mut h, dir.path(), |s, p| mixed_first_space(s, p) && fulfilled_at_the_end(s, p) >= 2);
    // Tab reaches the meadow's spaces; Enter on one picks it up.
    tab_to(&mut h, |l| l.starts_with("space "));
    let Action::Pick(from) = plan[0] else { panic!("a plan starts with a pick") };
    press_on(&mut h, &format!("space {from}"), Key::Enter);
    assert!(matches!(state(&mut h).stage(), Stage::Disperse { .. }), "Enter picked up the butterflies");
    assert_eq!(last_log_line(&mut h), format!("Ada picks up {} from {from}", words_for(&plan[1..])));
    // Tab reaches the butterflies in hand too.
    tab_to(&mut h, |l| l.starts_with("hand ") && l.ends_with(" butterfly"));
    for a in &plan[1..] {
        let Action::Drop { colour, to } = *a else { break };
        let before = state(&mut h).at(to);
        let hand = format!("hand {} butterfly", colour.name());
        press_on(&mut h, &hand, Key::Space);
        press_on(&mut h, &format!("space {to}"), Key::Enter);
        assert_eq!(state(&mut h).at(to)[colour as usize], before[colour as usize] + 1, "the {hand} is on {to}");
        assert_eq!(last_log_line(&mut h), format!("Ada drops a {} butterfly on {to}", colour.name()));
    }
    // And the card the path fulfils is taken with Enter.
    let Some(Action::Claim(card)) = plan.last().cloned() else { panic!("the plan claims") };
    let button = match card {
        aviary::rules::dust_wings::CardRef::Gathering(i) => format!("Take G{}", i + 1),
        aviary::rules::dust_wings::CardRef::Composition(i) => format!("Take C{}", i + 1),
    };
    press_on(&mut h, &button, Key::Enter);
    let s = state(&mut h);
    let t = s.tableau(Seat(0));
    assert_eq!(t.gatherings.len() + t.compositions.len(), 1, "Ada took the card by the keyboard");
    assert_eq!(s.current(), Seat(1), "Ben's turn");
}

/// "3 butterflies": how many a plan's drops carry.
fn words_for(drops: &[Action]) -> String {
    let n = drops.iter().filter(|a| matches!(a, Action::Drop { .. })).count();
    aviary::rules::words::count_with(n, "butterfly", "butterflies")
}

/// Found in a lesson under Xvfb: picking up a space brought the hand's
/// panel in below the meadow, and the meadow shrank under the pointer, so
/// the next click landed elsewhere. The meadow keeps its place and size
/// from the pick to the drops (and back).
#[test]
fn the_meadow_does_not_move_when_the_butterflies_are_picked_up() {
    // (At 800x600 too, where the tray's words once wrapped onto a second
    // line and the meadow shrank.)
    for size in [[1280.0, 900.0], [800.0, 600.0]] {
        let dir = tempfile::tempdir().unwrap();
        let mut h = common::harness_in(dir.path());
        h.set_size(egui::vec2(size[0], size[1]));
        h.run();
        let plan = open(&mut h, dir.path());
        let Action::Pick(from) = plan[0] else { panic!("a plan starts with a pick") };
        let rect = |h: &Harness<'_, AviaryApp>| h.get_by_label("space c3").rect();
        let before = rect(&h);
        h.get_by_label(&format!("space {from}")).click();
        h.run();
        h.run();
        assert!(matches!(state(&mut h).stage(), Stage::Disperse { .. }), "the butterflies are in hand");
        assert_eq!(rect(&h), before, "at {size:?} the meadow stays put while the butterflies are in hand");
    }
}

/// A game opened on a plan whose last drop fulfils one card, its pick
/// made by a click: the drops still to make.
fn picked_for_one_card(h: &mut Harness<'_, AviaryApp>, dir: &std::path::Path) -> Vec<Action> {
    let plan = open_where(h, dir, |s, plan| fulfilled_at_the_end(s, plan) == 1);
    let Action::Pick(from) = plan[0] else { panic!("a plan starts with a pick") };
    h.get_by_label(&format!("space {from}")).click();
    h.run();
    plan.into_iter().filter(|a| matches!(a, Action::Drop { .. })).collect()
}

/// The drop `a` made by clicks: a butterfly of its colour in hand, then
/// its space (the frame after is left to the caller).
fn drop_by_clicks(h: &mut Harness<'_, AviaryApp>, a: &Action) {
    let Action::Drop { colour, to } = *a else { panic!("{a:?} is not a drop") };
    h.query_all_by_label(&format!("hand {} butterfly", colour.name())).next().unwrap().click();
    h.run();
    h.get_by_label(&format!("space {to}")).click();
}

/// The last drop on a space that fulfils a single card takes it: the
/// rules leave no choice, so no click is asked for. An undo goes back to
/// before the drop and the card with it.
#[test]
fn the_last_drop_takes_the_only_card_it_fulfils() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness_in(dir.path());
    h.run();
    let drops = picked_for_one_card(&mut h, dir.path());
    for a in &drops {
        drop_by_clicks(&mut h, a);
        h.run();
    }
    let s = state(&mut h);
    let t = s.tableau(Seat(0));
    assert_eq!(t.gatherings.len() + t.compositions.len(), 1, "Ada has the card without another click");
    assert_eq!(s.current(), Seat(1), "Ben's turn");
    // It lies among her takings by her name, not gone from the table.
    let cards_won = h.query_all_by_label_contains("won: Gathering").count()
        + h.query_all_by_label_contains("won: Composition").count();
    assert_eq!(cards_won, 1, "the card she won is shown");
}

/// Picked-up butterflies fly from their space to the hand and a dropped
/// one flutters down to its space; they land within half a second (the
/// harness settles, so nothing repaints once they are down), and with
/// Animations off they are simply there.
#[test]
fn picked_butterflies_fly_to_the_hand_and_drops_flutter_down_unless_animations_are_off() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness_in(dir.path());
    h.run();
    let plan = open(&mut h, dir.path());
    let Action::Pick(from) = plan[0] else { panic!("a plan starts with a pick") };
    let picked: u8 = state(&mut h).at(from).iter().sum();
    h.get_by_label(&format!("space {from}")).click();
    h.step();
    h.step();
    assert_eq!(tab(&mut h).view.in_flight(), usize::from(picked), "each picked butterfly is on its way to the hand");
    h.run();
    assert_eq!(tab(&mut h).view.in_flight(), 0, "and all have landed");
    let Action::Drop { colour, to } = plan[1] else { panic!("then a drop") };
    h.get_all_by_label(&format!("hand {} butterfly", colour.name())).next().unwrap().click();
    h.run();
    h.get_by_label(&format!("space {to}")).click();
    h.step();
    h.step();
    assert_eq!(tab(&mut h).view.in_flight(), 1, "the dropped butterfly flutters to its space");
    h.run();
    assert_eq!(tab(&mut h).view.in_flight(), 0);

    // Animations off: the same moves, nothing in the air.
    h.state_mut().settings.animations = false;
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.step();
    h.step();
    assert_eq!(tab(&mut h).view.in_flight(), 0, "with Animations off nothing flies");
    h.run();
}

/// Found under Xvfb: while another player (here a friend online) lays
/// their butterflies, the hand under the meadow read "In hand:" with
/// "Drag a butterfly onto a lit space", as if they were one's own to drag.
#[test]
fn another_players_hand_is_named_as_theirs_with_no_invitation_to_drag() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness_in(dir.path());
    let mut session = bens_turn();
    let pick = session.state().legal_actions().into_iter().find(|a| matches!(a, Action::Pick(_))).unwrap();
    session.propose(pick).unwrap();
    assert!(matches!(session.state().stage(), Stage::Disperse { .. }));
    show(&mut h, dir.path(), session);
    assert!(h.query_by_label("Ben's hand:").is_some(), "the hand is named as Ben's");
    assert!(h.query_by_label("In hand:").is_none(), "not as one's own");
    assert!(
        h.query_by_label_contains("Drag a butterfly").is_none(),
        "no invitation to drag another player's butterflies"
    );
}

/// Found by a new player: while the computer chose a card to take, the
/// empty hand under the meadow said "take one of the cards the last space
/// fulfils", as if it were one's own turn.
#[test]
fn another_players_empty_hand_asks_nothing_of_the_person_at_the_screen() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness_in(dir.path());
    let session = bens_turn();
    assert!(matches!(session.state().stage(), Stage::Pick));
    show(&mut h, dir.path(), session);
    assert!(h.query_by_label("Ben's hand:").is_some(), "the empty hand is named as Ben's");
    assert!(h.query_by_label_contains("click a space").is_none(), "nothing asked of the person at the screen");
}

/// Ada at the screen, and Ben, a friend online, to play first.
fn bens_turn() -> Session<DustInTheWings> {
    let options = Options { names: vec!["Ada".into(), "Ben".into()], first: Some(1) };
    Session::new(Setup { seats: 2, options }, 3, vec![Player::Human, Player::Friend])
}

/// `session` shown in a tab of its own.
fn show(h: &mut Harness<'_, AviaryApp>, dir: &std::path::Path, session: Session<DustInTheWings>) {
    let t = WingsTab::new(Table::new(session, dir.join("saves").join("dw.json")));
    let app = h.state_mut();
    app.tabs.push(Box::new(t));
    app.screen = Screen::Game(app.tabs.len() - 1);
    h.run();
}

/// In a small window late in a game the log's newest line is in view: the
/// players' takings (cards and crystals) grew until the log was pushed off
/// the bottom of the panel, cut mid-sentence, with no way to scroll to it.
#[test]
fn late_in_a_small_window_the_newest_log_line_is_in_view() {
    let dir = tempfile::tempdir().unwrap();
    let app = AviaryApp::new(Some(dir.path().join("config")), dir.path().join("saves"));
    let mut h =
        Harness::builder().with_size([800.0, 600.0]).build_ui_state(|ui, app: &mut AviaryApp| app.ui_root(ui), app);
    h.run();
    let options = Options { names: vec!["Ada".into(), "Ben".into(), "Cy".into()], first: Some(0) };
    let mut session: Session<DustInTheWings> =
        Session::new(Setup { seats: 3, options }, 5, vec![Player::Human, Player::Human, Player::Human]);
    // Played by plans that claim, so that everyone's takings grow.
    let mut turns = 0;
    while turns < 24 && !session.is_over() {
        let plan = plans(session.state(), 20_000).into_iter().max_by_key(|p| p.claim.is_some()).expect("a plan");
        for a in plan.actions {
            if session.is_over() {
                break;
            }
            session.propose(a).unwrap();
        }
        turns += 1;
    }
    let taken: usize = (0..3).map(|s| session.state().tableau(Seat(s)).gatherings.len()).sum();
    assert!(taken >= 4, "cards taken by now (the test's premise): {taken}");
    let newest = aviary::ui::dust_wings::turn_lines(session.actions(), session.log()).last().unwrap().text.clone();
    show(&mut h, dir.path(), session);
    h.run();
    let line = h.get_by_label(&newest).rect();
    assert!(line.bottom() <= 600.0 && line.top() >= 0.0, "the newest log line {newest:?} at {line:?}");
}

/// Found by new players at 800x600: with four players the fourth one's
/// points were a scroll away, and once the game was over the panel ran
/// past the window's edge ("Show the result" cut to "Sh"). In a low
/// window each player's takings take one line, and the panel's buttons
/// wrap within it.
#[test]
fn in_a_small_window_every_player_s_points_are_in_view_to_the_end() {
    let dir = tempfile::tempdir().unwrap();
    let app = AviaryApp::new(Some(dir.path().join("config")), dir.path().join("saves"));
    let mut h =
        Harness::builder().with_size([800.0, 600.0]).build_ui_state(|ui, app: &mut AviaryApp| app.ui_root(ui), app);
    h.run();
    let names: Vec<String> = ["Ada", "Ben", "Cy", "Di"].iter().map(|n| (*n).to_string()).collect();
    let options = Options { names: names.clone(), first: Some(0) };
    let mut session: Session<DustInTheWings> = Session::new(Setup { seats: 4, options }, 5, vec![Player::Human; 4]);
    while !session.is_over() {
        let plan = plans(session.state(), 5_000).into_iter().max_by_key(|p| p.claim.is_some()).expect("a plan");
        for a in plan.actions {
            if session.is_over() {
                break;
            }
            session.propose(a).unwrap();
        }
    }
    let end = session.state().clone();
    show(&mut h, dir.path(), session);
    h.run();
    // The score pad says what its columns count and how ties go, in words
    // (a new player read "(DW-R6)" as jargon and could not tell whether
    // Compositions was a count or points).
    h.get_by_label("Compositions (points)");
    let words: Vec<String> = common::painted_words(&h).into_iter().map(|w| w.0).collect();
    assert!(words.iter().any(|w| w.starts_with("Ties go to")), "{words:?}");
    assert!(words.iter().all(|w| !w.contains("DW-R")), "no rule code on the score pad");
    h.get_by_label("Look at the meadow").click();
    h.run();
    h.run();
    for (s, name) in names.iter().enumerate() {
        let points = format!("{} points", end.tableau(Seat(s as u8)).score());
        let line = h
            .query_all_by_label(&points)
            .find(|n| n.rect().left() > 500.0)
            .unwrap_or_else(|| panic!("{name}'s {points} in the panel"))
            .rect();
        assert!(line.bottom() <= 600.0 && line.right() <= 800.0, "{name}'s {points} at {line:?}");
    }
    let show = h.get_by_label("Show the result").rect();
    assert!(show.right() <= 800.0, "\"Show the result\" runs past the window: {show:?}");
}

/// Found by a new player: a lit space clicked before a butterfly was chosen
/// said so only in a note at the window's corner. The colours in hand are
/// offered by the space, and a click on one drops it there.
#[test]
fn a_lit_space_clicked_with_no_butterfly_chosen_offers_the_colours_there() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness_in(dir.path());
    h.run();
    let plan = open_where(&mut h, dir.path(), mixed_first_space);
    let Action::Pick(from) = plan[0] else { panic!("a plan starts with a pick") };
    h.get_by_label(&format!("space {from}")).click();
    h.run();
    let Action::Drop { colour, to } = plan[1] else { panic!("a drop follows the pick") };
    h.get_by_label(&format!("space {to}")).click();
    h.run();
    let offered = h.query_all_by_label_contains("drop a ").count();
    assert!(offered >= 2, "each colour in hand is offered ({offered})");
    assert!(h.query_by_label_contains("Choose a butterfly").is_none());
    h.get_by_label(&format!("drop a {} butterfly on {to}", colour.name())).click();
    h.run();
    assert_eq!(last_log_line(&mut h), format!("Ada drops a {} butterfly on {to}", colour.name()));
    assert!(h.query_by_label_contains("drop a ").is_none(), "the question is put away");
}

/// Found by a new player: nothing on the meadow showed what the other
/// player (the computer, a friend) just did; it was only in the log. Their
/// way stays drawn, named for them, until the next turn's first pick.
#[test]
fn the_last_turn_stays_drawn_on_the_meadow_until_the_next_pick() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness_in(dir.path());
    let mut session = bens_turn();
    let named = |h: &Harness<'_, AviaryApp>| common::painted_words(h).iter().any(|(t, _, _)| t == "Ben's last turn:");
    // Ben's whole turn, as his moves come over the network.
    let plan = plans(session.state(), 5_000).into_iter().next().expect("a plan");
    for a in &plan.actions {
        session.propose(a.clone()).unwrap();
    }
    while session.state().to_move() == aviary::rules::ToMove::Seat(Seat(1)) {
        let a = session.state().legal_actions()[0].clone();
        session.propose(a).unwrap();
    }
    assert_eq!(session.state().to_move(), aviary::rules::ToMove::Seat(Seat(0)), "Ada's turn now");
    show(&mut h, dir.path(), session);
    assert!(named(&h), "Ben's way is on the meadow, named for him");
    // Its marks' key says what each means (bare, they read as replay
    // buttons: reviews 9 and 10).
    let painted: Vec<String> = common::painted_words(&h).into_iter().map(|w| w.0).collect();
    for meaning in ["emptied", "the way", "last drop"] {
        assert!(painted.iter().any(|w| w == meaning), "{meaning:?} in the key: {painted:?}");
    }
    // Named off the meadow: a plate on it lay over butterflies.
    let words = common::painted_words(&h).into_iter().find(|w| w.0 == "Ben's last turn:").unwrap().1;
    let spaces: Vec<egui::Rect> = h
        .query_all(egui_kittest::kittest::by().predicate(|n| n.label().is_some_and(|l| l.starts_with("space "))))
        .map(|n| n.rect())
        .collect();
    assert!(spaces.len() >= 25, "{}", spaces.len());
    assert!(spaces.iter().all(|r| !r.intersects(words)), "{words:?} lies on the meadow");
    // Ada's first pick: her own way is drawn as it grows, Ben's is gone.
    let pick = state(&mut h).legal_actions().into_iter().find(|a| matches!(a, Action::Pick(_))).unwrap();
    let mut notices = Vec::new();
    assert!(tab(&mut h).table.propose(pick, &mut notices).is_ok(), "{notices:?}");
    h.run();
    assert!(!named(&h), "gone once the next turn has begun");
}

/// Found by a new player at 800x600: the line under the hand was cut,
/// "… Ctrl+Z take…". In a small window it says it shorter, whole.
#[test]
fn in_a_small_window_the_line_under_the_hand_is_whole() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::app_in_window(dir.path(), [800.0, 600.0]);
    h.run();
    let plan = open_where(&mut h, dir.path(), |_, _| true);
    let Action::Pick(from) = plan[0] else { panic!("a plan starts with a pick") };
    h.get_by_label(&format!("space {from}")).click();
    h.run();
    let words = common::painted_words(&h);
    let line = words.iter().find(|(t, _, _)| t.starts_with("Drag")).expect("how to drop the butterflies");
    assert!(!line.2, "cut short: {line:?}");
    assert!(line.0.contains("undoes a drop"), "{line:?}");
}

/// Ada's whole turn of `plan` proposed at the table, claim included; the
/// notices it gave.
fn play_whole_turn(h: &mut Harness<'_, AviaryApp>, plan: &[Action]) -> Vec<aviary::ui::Notice> {
    let mut notices = Vec::new();
    for a in plan {
        tab(h).table.propose(a.clone(), &mut notices).unwrap();
        h.run();
    }
    h.run();
    assert_eq!(state(h).turns(), 1, "{notices:?}");
    notices
}

#[test]
fn the_renewal_at_a_turn_s_end_is_marked_on_the_cards_it_changed_until_undone() {
    // A new player saw the cards on offer change after a turn with no word
    // of why; the reason was only in the log.
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness_in(dir.path());
    h.run();
    let plan = open(&mut h, dir.path());
    let marked = |h: &Harness<'_, AviaryApp>| {
        h.query_all(
            egui_kittest::kittest::by()
                .predicate(|n| n.label().is_some_and(|l| l.contains("in the renewal after Ada's turn"))),
        )
        .count()
    };
    assert_eq!(marked(&h), 0, "nothing is marked before a turn has ended");
    // Ada plays her whole turn, claim included.
    let mut notices = play_whole_turn(&mut h, &plan);
    // Each of the three Gathering cards got a crystal, and the card taken
    // was replaced: at least three cards carry the mark.
    assert!(marked(&h) >= 3, "the renewal's cards are marked");
    assert!(h.query_by_label_contains("then its renewal").is_some(), "and the key to the marks is beside the tray");
    // Take the turn's last action back: the marks go with it.
    tab(&mut h).table.undo(&mut notices);
    h.run();
    h.run();
    assert_eq!(state(&mut h).turns(), 0);
    assert_eq!(marked(&h), 0, "an undone renewal is no longer marked");
}

/// Review 11: at 800x600 the renewal's key ran on past the tray under the
/// cards, cut at "then it". It keeps to the room it has: its words whole
/// left of the cards, or only its ringed crystal (the rule on hover).
#[test]
fn in_a_small_window_the_renewal_s_key_is_never_cut() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness_of(common::app(dir.path()), [800.0, 600.0]);
    h.run();
    let plan = open(&mut h, dir.path());
    play_whole_turn(&mut h, &plan);
    let words = common::painted_words(&h);
    let cards = words.iter().find(|w| w.0 == "Gathering").expect("the cards' column").1;
    let key = words.iter().find(|w| w.0.ends_with("last turn:")).expect("the last turn's key").1;
    assert!(key.right() <= cards.left(), "the last turn's key {key:?} left of the cards at {cards:?}");
    for (text, r, _) in words.iter().filter(|w| w.0.starts_with("then its renewal")) {
        assert!(r.right() <= cards.left(), "{text:?} at {r:?} runs under the cards at {cards:?}");
    }
}

/// Found by a new player: the log gave every butterfly dropped a line of
/// its own, with the renewal's details, and filled a third of the screen.
/// It now says each turn on one line: the space emptied, each drop and
/// the card taken.
#[test]
fn the_log_says_each_turn_on_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness_in(dir.path());
    h.run();
    let mut session = bens_turn();
    session.set_players(vec![Player::Human, Player::Human]);
    let mut turns = 0;
    while turns < 3 {
        let plan = plans(session.state(), 20_000).into_iter().max_by_key(|p| p.claim.is_some()).expect("a plan");
        for a in plan.actions {
            session.propose(a).unwrap();
        }
        turns += 1;
    }
    let moves = session.log().len();
    assert!(moves > 6, "three turns of a pick and drops: {moves} moves");
    let picks: Vec<String> =
        session.log().iter().filter(|e| e.text.contains(" picks up ")).map(|e| e.text.clone()).collect();
    show(&mut h, dir.path(), session);
    let lines: Vec<String> =
        h.query_all_by_label_contains(" picks up ").filter_map(|n| n.accesskit_node().value()).collect();
    assert_eq!(lines.len(), 3, "one line a turn: {lines:#?}");
    for (line, pick) in lines.iter().zip(&picks) {
        assert!(line.starts_with(pick.as_str()) && line.contains(", drops "), "{line:?} after {pick:?}");
        assert!(!line.contains("renewal"), "the renewal is marked on the cards, not told: {line:?}");
    }
    assert!(h.query_by_label_contains(" drops a ").is_none(), "no line for a single drop");
}

/// Found by a new player: the computer played the moment the person's
/// turn ended, and what the turn had won was only told by the log. After
/// a person's last drop (or claim) the table holds still a moment longer
/// than the set pause; mid-turn and with no pause set, as set.
#[test]
fn the_computer_waits_a_moment_after_a_person_s_turn() {
    use aviary::ui::tab::View;
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness_in(dir.path());
    h.run();
    let options = Options { names: vec!["Ada".into(), "Cy".into()], first: Some(0) };
    let session =
        Session::new(Setup { seats: 2, options }, 3, vec![Player::Human, Player::Computer(aviary::ai::Level::Easy)]);
    let plan = plans(session.state(), 20_000).into_iter().next().expect("a plan").actions;
    show(&mut h, dir.path(), session);
    let settings = common::settings_with_delay;
    let (last, mid) = plan.split_last().unwrap();
    for a in mid {
        tab(&mut h).table.propose(a.clone(), &mut Vec::new()).unwrap();
    }
    assert_eq!(tab(&mut h).view.computer_delay(&settings(0.5)).as_millis(), 500, "mid-turn: the set pause");
    tab(&mut h).table.propose(last.clone(), &mut Vec::new()).unwrap();
    let after = tab(&mut h).view.computer_delay(&settings(0.5));
    assert!(after.as_secs_f32() >= 1.5, "the turn's end is given time to be seen: {after:?}");
    assert!(tab(&mut h).view.computer_delay(&settings(0.0)).is_zero(), "no pause set, none taken");
}

/// Review 4: clicking one of two blue butterflies in hand ringed both, as
/// if both were chosen. Only the one clicked is chosen; the other is not.
#[test]
fn choosing_one_of_two_butterflies_of_a_colour_chooses_that_one_alone() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness_in(dir.path());
    h.run();
    let plan = open_where(
        &mut h,
        dir.path(),
        |s, plan| matches!(plan[0], Action::Pick(from) if s.at(from).iter().any(|&k| k >= 2)),
    );
    let Action::Pick(from) = plan[0] else { panic!("a plan starts with a pick") };
    let colour = Colour::ALL.into_iter().find(|c| state(&mut h).at(from)[*c as usize] >= 2).unwrap();
    h.get_by_label(&format!("space {from}")).click();
    h.run();
    let label = format!("hand {} butterfly", colour.name());
    let chosen = |h: &Harness<'_, AviaryApp>| -> Vec<bool> {
        h.query_all_by_label(&label)
            .map(|n| n.accesskit_node().toggled() == Some(egui::accesskit::Toggled::True))
            .collect()
    };
    assert!(chosen(&h).len() >= 2, "two or more {} in hand", colour.name());
    h.query_all_by_label(&label).nth(1).unwrap().click();
    h.run();
    let now = chosen(&h);
    assert!(now[1], "the one clicked is chosen");
    assert_eq!(now.iter().filter(|&&c| c).count(), 1, "and no other: {now:?}");
}

/// How many cards the players' takings show.
fn cards_won(h: &Harness<'_, AviaryApp>) -> usize {
    h.query_all_by_label_contains("won: Gathering").count() + h.query_all_by_label_contains("won: Composition").count()
}

/// Review 5: "nothing marks the moment a card is won". The card the last
/// drop takes flies from the row to its winner's takings (and lands: the
/// harness settles, so nothing repaints once it is down); with Animations
/// off it is simply there, and the same win redone flies nothing.
#[test]
fn a_won_card_flies_to_its_winner_s_takings_unless_animations_are_off() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness_in(dir.path());
    h.run();
    let drops = picked_for_one_card(&mut h, dir.path());
    for (i, a) in drops.iter().enumerate() {
        drop_by_clicks(&mut h, a);
        if i + 1 < drops.len() {
            h.run();
            assert!(!tab(&mut h).view.card_in_flight(), "a drop that takes nothing sends no card");
        }
    }
    h.step();
    h.step();
    let t = state(&mut h).tableau(Seat(0)).clone();
    assert_eq!(t.gatherings.len() + t.compositions.len(), 1, "Ada won the card");
    assert!(tab(&mut h).view.card_in_flight(), "the card won is on its way to Ada's takings");
    h.run();
    assert!(!tab(&mut h).view.card_in_flight(), "and has landed");
    assert_eq!(cards_won(&h), 1, "among her takings");

    // Animations off: the win taken back and made again flies nothing.
    h.state_mut().settings.animations = false;
    let mut notices = Vec::new();
    tab(&mut h).table.undo(&mut notices);
    h.run();
    assert_eq!(cards_won(&h), 0, "the undo put the card back");
    tab(&mut h).table.redo(&mut notices);
    h.step();
    h.step();
    assert_eq!(cards_won(&h), 1, "the redo won it again");
    assert!(!tab(&mut h).view.card_in_flight(), "with Animations off nothing flies");
}

/// Review 5, at 800x600: each player's takings were counts beside tiny
/// icons, so which cards they had won was a hover away. While they fit,
/// they are small cards, each its own (with its name for screen readers).
#[test]
fn in_a_small_window_the_cards_won_are_shown_as_cards_while_they_fit() {
    let dir = tempfile::tempdir().unwrap();
    let app = AviaryApp::new(Some(dir.path().join("config")), dir.path().join("saves"));
    let mut h =
        Harness::builder().with_size([800.0, 600.0]).build_ui_state(|ui, app: &mut AviaryApp| app.ui_root(ui), app);
    h.run();
    let options = Options { names: vec!["Ada".into(), "Ben".into()], first: Some(0) };
    let mut session: Session<DustInTheWings> = Session::new(Setup { seats: 2, options }, 5, vec![Player::Human; 2]);
    // Turns that win a card until someone has won two.
    while (0..2).all(|s| {
        let t = session.state().tableau(Seat(s));
        t.gatherings.len() + t.compositions.len() < 2
    }) {
        let plan = plans(session.state(), 5_000).into_iter().max_by_key(|p| p.claim.is_some()).expect("a plan");
        for a in plan.actions {
            session.propose(a).unwrap();
        }
    }
    let won: usize =
        (0..2).map(|s| session.state().tableau(Seat(s))).map(|t| t.gatherings.len() + t.compositions.len()).sum();
    show(&mut h, dir.path(), session);
    h.run();
    let shown = h.query_all_by_label_contains("won: Gathering").count()
        + h.query_all_by_label_contains("won: Composition").count();
    assert_eq!(shown, won, "every card won is drawn as a card of its own");
}

/// Review 5: how a card is won was nowhere on the table. It is on a
/// small card at the panel's foot, for both kinds of card.
#[test]
fn how_a_card_is_won_is_told_on_the_table() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness_in(dir.path());
    h.run();
    open(&mut h, dir.path());
    h.run();
    let words: Vec<String> = common::painted_words(&h).into_iter().map(|w| w.0).collect();
    assert!(words.iter().any(|w| w == "How a card is won"), "{words:?}");
    assert!(words.iter().any(|w| w.starts_with("Gathering: that space holds exactly")), "{words:?}");
    // And why cards change after a turn nobody took one (review 10).
    assert!(words.iter().any(|w| w.starts_with("After every turn each Gathering card gains a crystal")), "{words:?}");
    assert!(
        words.iter().any(|w| w.starts_with("Composition: that space and its neighbours make its shape")),
        "{words:?}"
    );
}

/// Review 6: in a small window how a card is won was not on the table at
/// all, and in a larger one its foot was cut by the window's edge once
/// the log grew. It is whole, or folded to a button that opens it.
#[test]
fn how_a_card_is_won_is_whole_or_a_button_away_in_any_window() {
    for size in [[800.0, 600.0], [1180.0, 820.0]] {
        let dir = tempfile::tempdir().unwrap();
        let mut h = common::app_in_window(dir.path(), size);
        h.run();
        open(&mut h, dir.path());
        h.run();
        common::rules_card_whole_or_folded(&mut h, "How a card is won", "Composition: that space", size[1]);
    }
}

/// Review 8: the card won flew from the row while the butterfly whose
/// drop won it was still on its way. It leaves once that one has
/// landed, and a breath after.
#[test]
fn a_won_card_leaves_the_row_once_the_last_butterfly_has_landed() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness_in(dir.path());
    h.run();
    let drops = picked_for_one_card(&mut h, dir.path());
    for (i, a) in drops.iter().enumerate() {
        drop_by_clicks(&mut h, a);
        if i + 1 < drops.len() {
            h.run();
        }
    }
    h.step();
    h.step();
    assert!(tab(&mut h).view.card_in_flight(), "the card won is to fly to Ada's takings");
    let mut frames = 0;
    while tab(&mut h).view.in_flight() > 0 {
        assert!(
            !tab(&mut h).view.card_leaving(),
            "the card left the row {frames} frames in, before the butterfly landed"
        );
        h.step();
        frames += 1;
        assert!(frames < 600, "the butterfly lands");
    }
    assert!(frames > 0, "the last butterfly was seen on its way");
    while !tab(&mut h).view.card_leaving() {
        h.step();
        frames += 1;
        assert!(frames < 600, "then the card flies");
    }
    h.run();
    assert_eq!(cards_won(&h), 1, "and lands among her takings");
}

/// Review 8: a butterfly carried from the hand onto a space flew there
/// again from the hand once dropped. Carried, it is simply there.
#[test]
fn a_butterfly_carried_onto_its_space_does_not_fly_there_again() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness_in(dir.path());
    h.run();
    let plan = open(&mut h, dir.path());
    let Action::Pick(from) = plan[0] else { panic!("a plan starts with a pick") };
    h.get_by_label(&format!("space {from}")).click();
    h.run();
    let Action::Drop { colour, to } = plan[1] else { panic!("then a drop") };
    let before = tab(&mut h).table.session().cursor();
    let hand = h.get_all_by_label(&format!("hand {} butterfly", colour.name())).next().unwrap().rect();
    let space = h.get_by_label(&format!("space {to}")).rect();
    let at = |r: egui::Rect| r.center();
    // Carried there as a person does (and not left to settle after).
    h.drag_at(at(hand));
    h.run();
    h.hover_at(at(hand).lerp(at(space), 0.5));
    h.run();
    h.hover_at(at(space));
    h.run();
    h.drop_at(at(space));
    h.step();
    assert_eq!(tab(&mut h).table.session().cursor(), before + 1, "the carried butterfly was dropped");
    assert_eq!(tab(&mut h).view.in_flight(), 0, "nothing flies from the hand to where it already is");
}

/// Review 8: "winning a card has no moment of its own". Once the last
/// butterfly has landed a ribbon over the meadow says who took the card
/// and what it brought, then goes; an undo brings none.
#[test]
fn a_card_won_is_marked_by_a_ribbon_once_the_butterfly_lands() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness_in(dir.path());
    h.run();
    let drops = picked_for_one_card(&mut h, dir.path());
    for (i, a) in drops.iter().enumerate() {
        drop_by_clicks(&mut h, a);
        if i + 1 < drops.len() {
            h.run();
            assert_eq!(tab(&mut h).view.cheer(), None, "a drop that takes nothing is not cheered");
        }
    }
    h.step();
    let points = state(&mut h).tableau(Seat(0)).score();
    let mut frames = 0;
    while tab(&mut h).view.cheer().is_none() {
        assert!(tab(&mut h).view.in_flight() == 0 || frames == 0 || !tab(&mut h).view.card_leaving());
        h.step();
        frames += 1;
        assert!(frames < 600, "a ribbon marks the win");
    }
    assert_eq!(tab(&mut h).view.in_flight(), 0, "the ribbon comes once the butterfly has landed");
    let words = tab(&mut h).view.cheer().unwrap().to_string();
    assert!(words.starts_with("Ada takes a card: +"), "{words}");
    assert!(words.contains(&format!("+{points} point")), "{words} (Ada has {points})");
    let painted: Vec<String> = common::painted_words(&h).into_iter().map(|w| w.0).collect();
    assert!(painted.contains(&words), "the ribbon is on the table");
    for _ in 0..600 {
        if tab(&mut h).view.cheer().is_none() {
            break;
        }
        h.step();
    }
    assert_eq!(tab(&mut h).view.cheer(), None, "and goes");
    let mut notices = Vec::new();
    tab(&mut h).table.undo(&mut notices);
    for _ in 0..5 {
        h.step();
        assert_eq!(tab(&mut h).view.cheer(), None, "taking the win back cheers nothing");
    }
}
