//! Enchanted Plumes as people play it, driven through `egui_kittest`: the
//! hand-off screen between two people at one screen, the keep-6 choice, a
//! play by drag, a refused play with its rule, a swap with the Train, free
//! and guarded undo, the same plays by click-then-click and by the keyboard
//! alone, and the final scoring screen.
#![allow(clippy::unwrap_used)]

mod common;

use aviary::app::{AviaryApp, Screen};
use aviary::rules::enchanted_plumes::{Action, EnchantedPlumes, Feather, Options, Phase};
use aviary::rules::{Game, Rng, Seat, Setup};
use aviary::session::{Player, Session};
use aviary::table::Table;
use aviary::ui::enchanted_plumes::{PlumesTab, PlumesView, score_line};
use egui::{Key, Modifiers, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

use common::{drag, is_chosen, press_on, tab_to};

fn tab<'h>(h: &'h mut Harness<'_, AviaryApp>) -> &'h mut PlumesTab {
    common::game_tab(h)
}

fn state(h: &mut Harness<'_, AviaryApp>) -> EnchantedPlumes {
    tab(h).table.session().state().clone()
}

fn centre(h: &Harness<'_, AviaryApp>, label: &str) -> Pos2 {
    h.get_by_label(label).rect().center()
}

fn labels_starting(h: &Harness<'_, AviaryApp>, prefix: &str) -> usize {
    h.query_all(egui_kittest::kittest::by().predicate(|n| n.label().is_some_and(|l| l.starts_with(prefix)))).count()
        + h.query_all(egui_kittest::kittest::by().predicate(|n| n.value().is_some_and(|l| l.starts_with(prefix))))
            .count()
}

/// Two people at one screen, Ada first, seed 7.
fn two_people(h: &mut Harness<'_, AviaryApp>) {
    h.get_by_label("New Enchanted Plumes game").click();
    h.run();
    {
        let choice = h.state_mut().new_game.as_mut().expect("the dialog is open");
        choice.players = vec![Player::Human, Player::Human];
        choice.names = vec!["Ada".into(), "Ben".into()];
        choice.first = Some(0);
        choice.seed = "7".into();
    }
    h.run();
    h.get_by_label("Start").click();
    h.run();
    h.run();
}

fn keep_first_three(h: &mut Harness<'_, AviaryApp>, seat: Seat) {
    let hand = state(h).hand(seat).to_vec();
    for c in &hand[..3] {
        h.get_by_label(&format!("hand: feather {c}")).click();
        h.run();
    }
    h.get_by_label("Return these 3, keep the other 6").click();
    // A computer may be to move next: its spinner keeps repainting. Three
    // frames: the hand-off's panel takes its height a frame after it shows.
    h.run_steps(3);
}

#[test]
fn the_hand_off_screen_hides_every_hand_between_two_people() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness(common::app(dir.path()));
    h.run();
    two_people(&mut h);
    // Ada's turn to choose, but the screen first asks for her.
    assert!(tab(&mut h).needs_hand_off());
    h.get_by_label("Pass to Ada");
    // On the gold ribbon a turn is announced by (plain words at the
    // table's edge were easy to miss at a shared screen: review 35).
    let gold = aviary::ui::theme::palette(false).selection;
    let words = common::painted_words(&h);
    let said = words.iter().find(|w| w.0 == "Pass to Ada").expect("the hand-off names Ada");
    let on_ribbon = h.output().shapes.iter().any(|c| match &c.shape {
        egui::Shape::Rect(r) => r.fill == gold && r.rect.contains(said.1.center()),
        _ => false,
    });
    assert!(on_ribbon, "'Pass to Ada' on the gold ribbon");
    // Said once, where the turn line goes: not again by the Train's
    // buttons (it wrapped there, in another face).
    assert_eq!(labels_starting(&h, "status: "), 0, "the status is not said a second time");
    // Her hand lies face down by the card that hands the game over, as
    // many cards as she holds (public), none of them shown.
    h.get_by_label("Ada's hand: 9 cards, face down");
    assert_eq!(labels_starting(&h, "hand:"), 0, "no hand is shown before the hand-off");
    // The table is laid even so: the Train's places wait for their cards,
    // and each hand lies face down by its seat (how many is public).
    h.get_by_label("Five cards are turned up here once every hand is chosen.");
    h.get_by_label("Ben: 9 cards in hand, face down");
    h.get_by_label("Ada: 9 cards in hand, face down");
    h.get_by_label("I am Ada: show my cards").click();
    h.run();
    assert_eq!(labels_starting(&h, "hand:"), 9, "Ada sees her nine cards");
    keep_first_three(&mut h, Seat(0));
    // Ben's turn: every hand hidden again, Ada's cards included.
    assert_eq!(state(&mut h).to_move().seat(), Some(Seat(1)));
    h.get_by_label("Pass to Ben");
    assert_eq!(labels_starting(&h, "hand:"), 0, "Ada's hand is hidden from Ben");
    // Ben has had no turn yet: the recap is of the game so far.
    h.get_by_label("So far this game:");
    assert!(h.query_by_label("Since Ben's last turn:").is_none(), "Ben has had no last turn");
    // The log folded to its latest moves meanwhile (the recap is on the
    // hand-off card), and whole again once Ben is at the screen (the side
    // panel opened: below 1600 points wide it is folded away).
    // The history's tokens lie whole in the window beside the hand-off
    // card (in one row, the last ran off its edge).
    for token in ["Undo", "Redo", "Undo turn", "Scores and log"] {
        let at = h.get_by_label(token).rect();
        assert!(at.right() <= common::WINDOW[0] && at.bottom() <= common::WINDOW[1], "{token} at {at:?}");
    }
    h.get_by_label("Scores and log").click();
    h.run();
    let folded = "The log shows the latest moves; all of it once Ben is at the screen.";
    h.get_by_label(folded);
    // Ada's keep on the hand-off card's recap and in the latest moves.
    assert_eq!(h.query_all_by_label_contains("Ada keeps").count(), 2);
    h.get_by_label("I am Ben: show my cards").click();
    h.run();
    assert!(h.query_by_label(folded).is_none(), "the whole log once Ben is at the screen");
    let ben = state(&mut h).hand(Seat(1)).to_vec();
    for c in &ben {
        h.get_by_label(&format!("hand: feather {c}"));
    }
    keep_first_three(&mut h, Seat(1));
    assert_eq!(state(&mut h).phase(), Phase::Play);
    h.get_by_label("Pass to Ada");
    assert_eq!(labels_starting(&h, "hand:"), 0);
    // The table stays public while hands are hidden: the Train is shown, and
    // what Ben did since Ada's last turn.
    assert_eq!(labels_starting(&h, "train"), 5, "the Train is on the hand-off screen");
    h.get_by_label("Since Ada's last turn:");
    h.get_by_label("• Ben keeps six cards and returns three to the deck");
    assert!(
        h.query_by_label("• Ada keeps six cards and returns three to the deck").is_none(),
        "only what happened since her own turn"
    );
    // The log tells nothing private.
    let log: Vec<String> = tab(&mut h).table.session().log().iter().map(|e| e.text.clone()).collect();
    assert_eq!(
        log,
        vec!["Ada keeps six cards and returns three to the deck", "Ben keeps six cards and returns three to the deck"]
    );
}

#[test]
fn play_by_drag_refused_play_swap_with_the_train_and_guarded_undo() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness(common::app(dir.path()));
    h.run();
    two_people(&mut h);
    h.get_by_label("I am Ada: show my cards").click();
    h.run();
    keep_first_three(&mut h, Seat(0));
    h.get_by_label("I am Ben: show my cards").click();
    h.run();
    keep_first_three(&mut h, Seat(1));
    h.get_by_label("I am Ada: show my cards").click();
    h.run();

    // A play by drag: the first card starts plume 1.
    let hand = state(&mut h).hand(Seat(0)).to_vec();
    let from = centre(&h, &format!("hand: feather {}", hand[0]));
    let to = centre(&h, "new plume");
    drag(&mut h, from, to);
    let s = state(&mut h);
    assert_eq!(s.plumes(Seat(0)).len(), 1);
    assert_eq!(s.plumes(Seat(0))[0].rows, vec![vec![hand[0]]]);

    // A refused play: no row under a one-card top row.
    let cursor = tab(&mut h).table.session().cursor();
    let from = centre(&h, &format!("hand: feather {}", hand[1]));
    let to = centre(&h, "plume 1 new row 2");
    drag(&mut h, from, to);
    let toasts = h.state().toast_texts().join(" | ");
    assert!(toasts.contains("EP-R4") && toasts.contains("one card"), "{toasts}");
    assert_eq!(tab(&mut h).table.session().cursor(), cursor, "nothing changed");
    // Found by a new player: a card dropped at the seam, low on the bottom
    // row's card, went into that row; the row under was a thin strip
    // beneath the card. The card's lowest part is the row under's.
    let laid = h.get_by_label_contains(&format!("Ada plume 1: feather {}", hand[0])).rect();
    let under = h.get_by_label("plume 1 new row 2").rect();
    assert!(under.height() >= laid.height() * 0.5, "the row under is half a card tall at least: {under:?}");
    let seam = Pos2::new(laid.center().x, laid.bottom() - laid.height() * 0.1);
    let from = centre(&h, &format!("hand: feather {}", hand[1]));
    drag(&mut h, from, seam);
    let toasts = h.state().toast_texts();
    assert!(toasts.last().is_some_and(|t| t.contains("EP-R4")), "dropped at the seam, it is the row under: {toasts:?}");
    assert_eq!(tab(&mut h).table.session().cursor(), cursor, "nothing changed");

    // A swap with the Train by drag.
    let train = state(&mut h).train().to_vec();
    let from = centre(&h, &format!("hand: feather {}", hand[1]));
    let to = centre(&h, &format!("train: feather {}", train[2]));
    drag(&mut h, from, to);
    let s = state(&mut h);
    assert!(s.hand(Seat(0)).contains(&train[2]), "the Train card is in Ada's hand");
    assert_eq!(s.train()[2], hand[1], "her card took its place");

    // Undo within her own turn before drawing is free.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    let s = state(&mut h);
    assert_eq!(s.train()[2], train[2], "the swap is undone");
    assert!(!tab(&mut h).table.session().is_assisted());
    assert!(tab(&mut h).confirm_undo.is_none());

    // After a draw, undo asks first and marks the game.
    let before = tab(&mut h).table.session().cursor();
    h.get_by_label("Draw a card").hover(); // a person points before clicking
    h.run();
    h.get_by_label("Draw a card").click();
    h.run();
    let drawn = tab(&mut h).table.session().cursor();
    assert_eq!(drawn, before + 1, "a card was drawn: {:?}", tab(&mut h).table.session().log().last());
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert!(tab(&mut h).confirm_undo.is_some(), "the undo waits for a confirmation");
    assert_eq!(tab(&mut h).table.session().cursor(), drawn);
    h.get_by_label("Undo anyway").click();
    h.run();
    assert_eq!(tab(&mut h).table.session().cursor(), drawn - 1);
    assert!(tab(&mut h).table.session().is_assisted(), "the game is marked \"undo used\"");
}

/// Plays `seat`'s hand card `i` into a new plume through the screen: click
/// the card, then the "new plume" target.
fn play_new_plume(h: &mut Harness<'_, AviaryApp>, seat: Seat, i: usize) -> aviary::rules::enchanted_plumes::Feather {
    let name = state(h).seat_name(seat);
    h.get_by_label(&format!("I am {name}: show my cards")).click();
    h.run();
    let c = state(h).hand(seat)[i];
    h.get_by_label(&format!("hand: feather {c}")).click();
    h.run();
    h.get_by_label("new plume").click();
    // The player's own mat (by the hand) grows by the new plume; the hand's
    // panel follows a frame later.
    h.run_steps(3);
    c
}

/// Swaps a hand card of `seat` (the first it may give) with the Train card in `slot` (click,
/// then click).
fn swap_with_the_train(h: &mut Harness<'_, AviaryApp>, seat: Seat, slot: usize) {
    let g = state(h);
    let swap = |c| aviary::rules::enchanted_plumes::Action::Swap { card: c, slot: slot as u8 };
    let c = *g.hand(seat).iter().find(|&&c| g.check(&swap(c)).is_ok()).unwrap();
    let t = g.train()[slot];
    h.get_by_label(&format!("hand: feather {c}")).click();
    h.run();
    // (Ringed or not: a card laid since the last turn stays ringed.)
    let plain = format!("train: feather {t}");
    let ringed = format!("train (new since your last turn): feather {t}");
    h.query_by_label(&plain).or_else(|| h.query_by_label(&ringed)).expect("the Train card").click();
    h.run_steps(3);
}

#[test]
fn the_hand_off_screen_rings_the_cards_laid_since_that_persons_last_turn() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness(common::app(dir.path()));
    h.run();
    two_people(&mut h);
    h.get_by_label("I am Ada: show my cards").click();
    h.run();
    keep_first_three(&mut h, Seat(0));
    h.get_by_label("I am Ben: show my cards").click();
    h.run();
    keep_first_three(&mut h, Seat(1));
    // The first turn: the Train was dealt, not laid, so nothing is new (a
    // new player saw all five Train cards ringed at the start).
    h.run();
    assert_eq!(labels_starting(&h, "train: "), 5, "the Train in view");
    assert_eq!(labels_starting(&h, "train (new since your last turn): "), 0, "nothing ringed at the start");
    let ada = play_new_plume(&mut h, Seat(0), 0);
    // Ada's turn goes on until she draws or swaps; finish it with a draw.
    // Replenishing takes two cards: two swaps with the Train.
    swap_with_the_train(&mut h, Seat(0), 0);
    swap_with_the_train(&mut h, Seat(0), 1);
    let log: Vec<String> = tab(&mut h).table.session().log().iter().map(|e| e.text.clone()).collect();
    assert_eq!(state(&mut h).to_move().seat(), Some(Seat(1)), "Ben's turn: {log:?} {}", state(&mut h).status());
    // Ben sees Ada's new card ringed, not before his own hand is shown.
    h.get_by_label("Pass to Ben");
    h.get_by_label(&format!("Ada plume 1 (new since your last turn): feather {ada}"));
    assert_eq!(labels_starting(&h, "train (new since your last turn): "), 2, "the two Train cards Ada swapped");
    let ben = play_new_plume(&mut h, Seat(1), 0);
    swap_with_the_train(&mut h, Seat(1), 0);
    swap_with_the_train(&mut h, Seat(1), 1);
    // Back to Ada: Ben's card is new to her, her own is not.
    h.get_by_label("Pass to Ada");
    h.get_by_label(&format!("Ben plume 1 (new since your last turn): feather {ben}"));
    h.get_by_label(&format!("Ada plume 1: feather {ada}"));
    assert!(h.query_by_label(&format!("Ada plume 1 (new since your last turn): feather {ada}")).is_none());
    // The rings stay while Ada plays her turn (a new player saw them go at
    // the first card laid); a Train card swapped away takes its ring along.
    assert_eq!(labels_starting(&h, "train (new since your last turn): "), 2, "the two Train cards Ben swapped");
    play_new_plume(&mut h, Seat(0), 0);
    h.get_by_label(&format!("Ben plume 1 (new since your last turn): feather {ben}"));
    assert_eq!(labels_starting(&h, "train (new since your last turn): "), 2, "still ringed");
    let g = state(&mut h);
    let swap = |c| aviary::rules::enchanted_plumes::Action::Swap { card: c, slot: 0 };
    let c = *g.hand(Seat(0)).iter().find(|&&c| g.check(&swap(c)).is_ok()).unwrap();
    h.get_by_label(&format!("hand: feather {c}")).click();
    h.run();
    h.get_by_label(&format!("train (new since your last turn): feather {}", g.train()[0])).click();
    h.run_steps(3);
    assert_eq!(labels_starting(&h, "train (new since your last turn): "), 1, "the one swapped away is no longer new");
}

#[test]
fn against_the_computer_there_is_no_hand_off_and_its_hand_stays_hidden() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness(common::app(dir.path()));
    h.run();
    let session: Session<EnchantedPlumes> = Session::new(
        Setup { seats: 2, options: Options { names: vec!["Ada".into(), "Bot".into()], first: Some(0) } },
        3,
        vec![Player::Human, Player::Computer(aviary::ai::Level::Easy)],
    );
    let t = PlumesTab::new(Table::new(session, dir.path().join("saves").join("t.json")));
    let app = h.state_mut();
    app.tabs.push(Box::new(t));
    app.screen = Screen::Game(app.tabs.len() - 1);
    h.run();
    assert!(!tab(&mut h).needs_hand_off());
    assert_eq!(labels_starting(&h, "hand:"), 9, "Ada's nine cards, nobody else's");
    keep_first_three(&mut h, Seat(0));
    // The computer keeps on its worker thread.
    let mut notices = Vec::new();
    let ctx = h.ctx.clone();
    tab(&mut h).table.tick(&aviary::ui::waker(&ctx), std::time::Duration::ZERO, &mut notices);
    assert!(tab(&mut h).table.wait_for_computer(&mut notices));
    // The computer may think on (its spinner repaints): frames, not a
    // settled screen, or a loaded machine fails the test.
    h.run_steps(3);
    let s = state(&mut h);
    assert_eq!(s.phase(), Phase::Play);
    assert_eq!(labels_starting(&h, "hand:"), 6);
    for c in s.hand(Seat(1)) {
        assert!(h.query_by_label(&format!("hand: feather {c}")).is_none() || s.hand(Seat(0)).contains(c));
    }
}

#[test]
fn the_scoring_screen_shows_each_plume_and_the_totals() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness(common::app(dir.path()));
    h.run();
    // A whole game of random legal moves between two people.
    let mut session: Session<EnchantedPlumes> = Session::new(
        Setup { seats: 2, options: Options { names: vec!["Ada".into(), "Ben".into()], first: Some(0) } },
        21,
        vec![Player::Human, Player::Human],
    );
    let mut rng = Rng::seeded(5);
    while !session.is_over() {
        let legal = session.state().legal_actions();
        session.propose(legal[rng.below(legal.len())].clone()).unwrap();
    }
    let outcome = session.state().outcome().unwrap();
    let final_state = session.state().clone();
    let t = PlumesTab::new(Table::new(session, dir.path().join("saves").join("end.json")));
    let app = h.state_mut();
    app.tabs.push(Box::new(t));
    app.screen = Screen::Game(app.tabs.len() - 1);
    h.run();
    h.run();
    h.get_by_label("Final scores");
    assert!(h.query_all_by_label(&outcome.reason).count() >= 1, "the reason is shown");
    // A score pad: each seat by name with its total in the display face,
    // the winner on the first line; each plume's score under the name,
    // and the whole reckoning when pointed at.
    let mut rows = Vec::new();
    for s in 0..2u8 {
        let seat = Seat(s);
        let name = h.query_all_by_label(&final_state.seat_name(seat)).last().expect("the seat is named").rect();
        let total = outcome.scores[s as usize].to_string().replace('-', "\u{2212}");
        assert!(h.query_all_by_label(&total).count() >= 1, "{total} is shown");
        rows.push((name.top(), outcome.winners.contains(&seat)));
        let plumes = final_state.plumes(seat);
        let total_of_plumes: i32 = plumes.iter().map(aviary::rules::enchanted_plumes::Plume::score).sum();
        assert_eq!(total_of_plumes, outcome.scores[s as usize]);
        if plumes.is_empty() {
            continue;
        }
        let note = h.query_all_by(|_| true).find(|n| {
            let a = n.accesskit_node();
            a.label().or(a.value()).is_some_and(|l| {
                (l.starts_with("plumes ") || l.starts_with("peacock"))
                    && plumes.iter().all(|p| l.contains(&format!("{:+}", p.score()).replace('-', "\u{2212}")))
            })
        });
        let at = note.expect("each plume's score under the name").rect().center();
        h.hover_at(at);
        h.run();
        h.run();
        for (i, p) in plumes.iter().enumerate() {
            assert!(
                h.query_all_by_label_contains(score_line(i, p).trim()).count() >= 1,
                "pointed at, the reckoning shows {}",
                score_line(i, p)
            );
        }
        h.hover_at(egui::pos2(1.0, 1.0));
        h.run();
    }
    rows.sort_by(|a, b| a.0.total_cmp(&b.0));
    assert!(rows[0].1, "the winner's line comes first: {rows:?}");
}

/// Found by a new player: a finished game of four kept a bare band as
/// tall as a hand under the mats, which scrolled; a seat's top row of
/// nine ran past its mat and its other plumes lay out of sight beside it.
/// At the end every plume of every seat is in view, inside its mat.
#[test]
fn at_the_end_every_plume_of_every_seat_is_in_view() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::app_in_window(dir.path(), [1180.0, 820.0]);
    h.run();
    let mut session: Session<EnchantedPlumes> = Session::new(
        Setup { seats: 4, options: Options::default() },
        3,
        vec![
            Player::Human,
            Player::Computer(aviary::ai::Level::Easy),
            Player::Computer(aviary::ai::Level::Easy),
            Player::Computer(aviary::ai::Level::Easy),
        ],
    );
    let mut rng = Rng::seeded(3);
    while !session.is_over() {
        let legal = session.state().legal_actions();
        session.propose(legal[rng.below(legal.len())].clone()).unwrap();
    }
    let end = session.state().clone();
    let widest = (0..4).flat_map(|s| end.plumes(Seat(s)).iter()).flat_map(|p| &p.rows).map(Vec::len).max().unwrap();
    assert!(widest >= 7, "a long top row (the test's premise): {widest}");
    let t = PlumesTab::new(Table::new(session, dir.path().join("saves").join("end.json")));
    let app = h.state_mut();
    app.tabs.push(Box::new(t));
    app.screen = Screen::Game(app.tabs.len() - 1);
    h.run();
    h.get_by_label("Look at the table").click();
    h.run_steps(4);
    assert!(h.query_by_label_contains("continue below").is_none(), "the mats run past the table's foot");
    // Nothing offers a move in a finished game (a new player found "Draw
    // a card" and how to swap with the Train still there).
    assert!(h.query_by_label("Draw a card").is_none(), "no Draw button at the end");
    assert!(h.query_by_label_contains("to swap them").is_none(), "no word of how to swap at the end");
    h.get_by_label("The Peahen is drawn: the game is over");
    let window = egui::Rect::from_min_size(Pos2::ZERO, egui::vec2(1180.0, 820.0));
    // Each mat's band across the table: from its seat's name to the next's.
    let mut lefts: Vec<f32> = (0..4)
        .map(|s| h.query_all_by_label(&end.seat_name(Seat(s))).map(|n| n.rect().left()).fold(f32::MAX, f32::min))
        .collect();
    let bands: Vec<(f32, f32)> = {
        let mut sorted = lefts.clone();
        sorted.sort_by(f32::total_cmp);
        lefts
            .iter_mut()
            .map(|l| (*l - 14.0, sorted.iter().copied().find(|x| *x > *l + 1.0).map_or(1180.0, |n| n - 14.0)))
            .collect()
    };
    for s in (0..4).map(Seat) {
        for (i, p) in end.plumes(s).iter().enumerate() {
            let kind = if p.is_complete() { "peacock" } else { "plume" };
            let label = format!("{} {kind} {} ", end.seat_name(s), i + 1);
            let r = h.query_all_by_label_contains(&label).next().unwrap_or_else(|| panic!("{label} is drawn")).rect();
            assert!(window.contains_rect(r), "{label}at {r:?} is out of the window");
            let (from, to) = bands[s.index()];
            assert!(r.left() >= from && r.right() <= to, "{label}at {r:?} lies outside its mat {from}..{to}");
        }
    }
}

#[test]
fn a_score_line_spells_out_the_arithmetic() {
    use aviary::rules::enchanted_plumes::{Feather, Plume};
    let f = Feather::new;
    let p = Plume { rows: vec![vec![f(0, 2), f(6, 1), f(1, 2)], vec![f(0, 9), f(6, 6)], vec![f(0, 5)]] };
    assert_eq!(score_line(1, &p), "  peacock 2: lower rows 9+6+5 = 20, top row -(2+1+2) = -5, bonus +6 (6 cards): 21");
    let q = Plume { rows: vec![vec![f(3, 4)]] };
    assert_eq!(score_line(0, &q), "  plume 1: no lower rows, top row -(4) = -4: -4");
    let r = Plume { rows: vec![vec![f(3, 0), f(4, 0)], vec![f(3, 6)]] };
    assert_eq!(score_line(2, &r), "  peacock 3: lower rows 6 = 6, top row -(0+0) = 0, bonus +3 (3 cards): 9");
}

/// A move for scripted games: complete a peacock when possible, else widen
/// a one-card top row, else start a plume; replenish by drawing.
fn peacock_seeker(g: &EnchantedPlumes, rng: &mut Rng) -> aviary::rules::enchanted_plumes::Action {
    use aviary::rules::enchanted_plumes::Action;
    let legal = g.legal_actions();
    let seat = g.current();
    let plumes = g.plumes(seat);
    let score = |a: &Action| match *a {
        Action::Play { plume, row, .. } => {
            let p = usize::from(plume);
            if g.would_complete(seat, p, usize::from(row)) {
                4
            } else if plumes.get(p).is_some_and(|q| q.rows.len() == 1 && q.rows[0].len() == 1) && row == 0 {
                3
            } else if p == plumes.len() {
                2
            } else {
                0
            }
        }
        Action::Draw => 1,
        _ => 0,
    };
    let best = legal.iter().map(score).max().unwrap_or(0);
    let top: Vec<&Action> = legal.iter().filter(|a| score(a) == best).collect();
    top[rng.below(top.len())].clone()
}

/// Two people, Ada and Ben: a game played by [`peacock_seeker`] up to the
/// end of the first turn in which Ada completes a peacock, so Ben is to
/// move and Ada has a face-down card.
fn ada_has_a_peacock() -> Session<EnchantedPlumes> {
    for seed in 0..200 {
        let mut session: Session<EnchantedPlumes> = Session::new(
            Setup { seats: 2, options: Options { names: vec!["Ada".into(), "Ben".into()], first: Some(0) } },
            seed,
            vec![Player::Human, Player::Human],
        );
        let mut rng = Rng::seeded(seed);
        while !session.is_over() && session.state().turns() < 40 {
            let s = session.state();
            if s.peacocks(Seat(0)) > 0 && s.current() == Seat(1) && s.turn().played == 0 {
                return session;
            }
            let a = peacock_seeker(s, &mut rng);
            session.propose(a).unwrap();
        }
    }
    panic!("no seed gives Ada a peacock");
}

#[test]
fn other_seats_see_a_face_down_peacock_as_unknown_until_the_end() {
    use aviary::rules::enchanted_plumes::Known;
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness(common::app(dir.path()));
    h.run();
    let session = ada_has_a_peacock();
    let start = session.state().clone();
    let (ada, ben) = (Seat(0), Seat(1));
    let index = start.plumes(ada).iter().position(aviary::rules::enchanted_plumes::Plume::is_complete).unwrap();
    let exact = start.plumes(ada)[index].score();
    let known = start.plume_score_seen_by(Some(ben), ada, index);
    assert!(matches!(known, Known::AtLeast(_)), "{known:?}");
    assert_eq!(start.plume_score_seen_by(Some(ada), ada, index), Known::Exact(exact));
    let total = start.score_seen_by(Some(ben), ada).lower();
    let view = PlumesTab::new(Table::new(session, dir.path().join("saves").join("peacock.json")));
    let app = h.state_mut();
    app.tabs.push(Box::new(view));
    app.screen = Screen::Game(app.tabs.len() - 1);
    h.run();

    // The screen between the two: nobody's face-down card counts.
    h.get_by_label("Pass to Ben");
    let font = egui::FontId::proportional(14.0);
    assert!(h.ctx.fonts_mut(|f| f.has_glyphs(&font, "≥?·")), "the default fonts draw the markers");
    // Numbers are printed with the minus sign, not the hyphen.
    // (Signed, as a plume's score is: "+6", "0", "−4".)
    let shown = |n: i32| if n > 0 { format!("+{n}") } else { n.to_string().replace('-', "\u{2212}") };
    assert!(h.query_all_by_label(&format!("≥ {}", shown(total))).count() > 0, "Ada's score as Ben may know it");
    assert!(h.query_by_label(&shown(start.score(ada))).is_none() || start.score(ada) == start.score(ben));

    // Ben at the screen: Ada's peacock scores "?", her total "≥ N".
    h.get_by_label("I am Ben: show my cards").click();
    h.run();
    let no = index + 1;
    h.get_by_label(&format!("Ada peacock {no} ?"));
    assert_eq!(labels_starting(&h, &format!("Ada peacock {no} +")), 0, "its score is not shown to Ben");
    assert_eq!(labels_starting(&h, &format!("Ada peacock {no} \u{2212}")), 0, "its score is not shown to Ben");
    assert_eq!(labels_starting(&h, &format!("Ada peacock {no} -")), 0, "its score is not shown to Ben");
    let peacocks = start.peacocks(ada);
    // (Her hand's count is shown by its backs beside her name, and said
    // in words on hover of her plate.)
    let held = start.hand(ada).len();
    let line = format!("human · {held} cards in hand · {peacocks} peacock{}", if peacocks == 1 { "" } else { "s" });
    assert_eq!(plate_note(&mut h, "Ada"), line, "Ada's plate says who plays her and her peacocks");
    h.get_by_label(&format!("Ada: {} cards in hand, face down", start.hand(ada).len()));
    assert!(h.query_all_by_label(&format!("≥ {}", shown(total))).count() > 0, "Ada's score as Ben may know it");
    assert_eq!(h.query_all_by_label(&shown(start.score(ada))).count(), 0, "Ada's exact score is hidden");

    // Ben plays his turn; Ada at the screen sees her own peacock's score.
    let mut rng = Rng::seeded(1);
    while state(&mut h).current() == ben {
        let a = peacock_seeker(&state(&mut h), &mut rng);
        let mut notices = Vec::new();
        tab(&mut h).table.propose(a, &mut notices).unwrap();
    }
    h.run();
    h.get_by_label("I am Ada: show my cards").click();
    h.run();
    h.get_by_label(&format!("Ada peacock {no} {exact:+}"));

    // At the end every score is shown.
    let mut notices = Vec::new();
    while !tab(&mut h).table.session().is_over() {
        let a = peacock_seeker(&state(&mut h), &mut rng);
        tab(&mut h).table.propose(a, &mut notices).unwrap();
    }
    // The last cards turn over and the log scrolls down: a few frames.
    h.run_steps(8);
    h.get_by_label("Final scores");
    let end = state(&mut h);
    assert_eq!(end.score_seen_by(Some(ben), ada), Known::Exact(end.score(ada)));
    h.get_by_label(&format!("Ada peacock {no} {:+}", end.plumes(ada)[index].score()));
    // Its last card is turned up for the scoring: named, not a back.
    let last = end.plumes(ada)[index].face_down().unwrap();
    h.get_by_label(&format!("Ada plume {no}: feather {last}"));
    for n in 1..=end.plumes(ada).len() {
        assert_eq!(labels_starting(&h, &format!("Ada plume {n}: face-down")), 0, "no card stays face down at the end");
    }
}

/// Both people keep their first six cards; Ada's turn is next, her hand not
/// yet shown.
fn both_keep(h: &mut Harness<'_, AviaryApp>) {
    two_people(h);
    h.get_by_label("I am Ada: show my cards").click();
    h.run();
    keep_first_three(h, Seat(0));
    h.get_by_label("I am Ben: show my cards").click();
    h.run();
    keep_first_three(h, Seat(1));
    assert_eq!(state(h).phase(), Phase::Play);
}

/// A card of `seat`'s hand, other than `but`, that may be swapped with the
/// Train card in `slot`; and that Train card.
fn swappable(
    g: &EnchantedPlumes,
    seat: Seat,
    slot: usize,
    but: &[aviary::rules::enchanted_plumes::Feather],
) -> (aviary::rules::enchanted_plumes::Feather, aviary::rules::enchanted_plumes::Feather) {
    let swap = |c| aviary::rules::enchanted_plumes::Action::Swap { card: c, slot: slot as u8 };
    let c = *g.hand(seat).iter().find(|&&c| !but.contains(&c) && g.check(&swap(c)).is_ok()).unwrap();
    (c, g.train()[slot])
}

#[test]
fn every_play_and_a_swap_by_clicking_a_card_then_its_place() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness(common::app(dir.path()));
    h.run();
    both_keep(&mut h);
    h.get_by_label("I am Ada: show my cards").click();
    h.run();
    // Two cards for the top row of a new plume, and a third of the colour of
    // one of them for the row under it next turn.
    let hand = state(&mut h).hand(Seat(0)).to_vec();
    let (first, second, under) = (0..hand.len())
        .flat_map(|i| (0..hand.len()).map(move |j| (i, j)))
        .find(|&(i, j)| i != j && hand[i].colour == hand[j].colour)
        .map(|(i, j)| {
            let other = *hand.iter().find(|&&o| o != hand[i] && o != hand[j]).unwrap();
            (hand[i], other, hand[j])
        })
        .expect("seed 7 deals Ada two cards of one colour");
    let click = |h: &mut Harness<'_, AviaryApp>, label: &str| {
        h.get_by_label(label).click();
        h.run();
    };
    // The log beside the table (folded away below 1600 points wide).
    click(&mut h, "Scores and log");
    click(&mut h, &format!("hand: feather {first}"));
    assert!(is_chosen(&h, &format!("hand: feather {first}")), "the clicked card shows as chosen");
    click(&mut h, "new plume");
    assert_eq!(common::last_log_line::<PlumesView>(&mut h), format!("Ada starts plume 1 with {first}"));
    click(&mut h, &format!("hand: feather {second}"));
    click(&mut h, "plume 1 row 1");
    assert_eq!(common::last_log_line::<PlumesView>(&mut h), format!("Ada plays {second} to plume 1, row 1"));
    assert_eq!(state(&mut h).plumes(Seat(0))[0].rows, vec![vec![first, second]], "both on the top row");
    // Replenish by two swaps with the Train, keeping the third card.
    for slot in 0..2 {
        let (given, taken) = swappable(&state(&mut h), Seat(0), slot, &[under]);
        click(&mut h, &format!("hand: feather {given}"));
        click(&mut h, &format!("train: feather {taken}"));
        assert_eq!(
            common::last_log_line::<PlumesView>(&mut h),
            format!("Ada swaps {given} for {taken} from the Train")
        );
        assert_eq!(state(&mut h).train()[slot], given, "{given} lies in the Train");
    }
    // Ben's turn, by the same clicks.
    play_new_plume(&mut h, Seat(1), 0);
    swap_with_the_train(&mut h, Seat(1), 2);
    swap_with_the_train(&mut h, Seat(1), 3);
    assert_eq!(state(&mut h).to_move().seat(), Some(Seat(0)), "Ada's turn again");
    // The third card starts the row under the top row (and so completes the
    // peacock: a two-card top row has a one-card row under it).
    click(&mut h, "I am Ada: show my cards");
    click(&mut h, &format!("hand: feather {under}"));
    click(&mut h, "plume 1 new row 2");
    assert_eq!(common::last_log_line::<PlumesView>(&mut h), "Ada completes plume 1 as a peacock with a face-down card");
    let plume = state(&mut h).plumes(Seat(0))[0].clone();
    assert_eq!(plume.rows, vec![vec![first, second], vec![under]]);
    assert!(plume.is_complete());
}

#[test]
fn a_whole_turn_by_the_keyboard_alone() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness(common::app(dir.path()));
    h.run();
    both_keep(&mut h);
    press_on(&mut h, "I am Ada: show my cards", Key::Enter);
    // The log beside the table (folded away below 1600 points wide).
    press_on(&mut h, "Scores and log", Key::Enter);
    let hand = state(&mut h).hand(Seat(0)).to_vec();
    // Tab reaches the hand; Space chooses a card, and Tab reaches the places.
    tab_to(&mut h, |l| l.starts_with("hand: feather "));
    let first = format!("hand: feather {}", hand[0]);
    press_on(&mut h, &first, Key::Space);
    assert!(is_chosen(&h, &first), "Space chose {first}");
    tab_to(&mut h, |l| l == "new plume");
    h.key_press(Key::Enter);
    h.run();
    assert_eq!(common::last_log_line::<PlumesView>(&mut h), format!("Ada starts plume 1 with {}", hand[0]));
    // The next card onto that plume's top row.
    press_on(&mut h, &format!("hand: feather {}", hand[1]), Key::Enter);
    press_on(&mut h, "plume 1 row 1", Key::Enter);
    assert_eq!(common::last_log_line::<PlumesView>(&mut h), format!("Ada plays {} to plume 1, row 1", hand[1]));
    assert_eq!(state(&mut h).plumes(Seat(0))[0].rows, vec![vec![hand[0], hand[1]]]);
    // Two swaps with the Train end her turn.
    for slot in 0..2 {
        let (given, taken) = swappable(&state(&mut h), Seat(0), slot, &[]);
        press_on(&mut h, &format!("hand: feather {given}"), Key::Enter);
        press_on(&mut h, &format!("train: feather {taken}"), Key::Enter);
        assert_eq!(
            common::last_log_line::<PlumesView>(&mut h),
            format!("Ada swaps {given} for {taken} from the Train")
        );
        assert_eq!(state(&mut h).train()[slot], given);
    }
    assert_eq!(state(&mut h).to_move().seat(), Some(Seat(1)), "Ben's turn");
}

#[test]
fn the_setup_dialog_promises_a_hand_off_screen_only_when_two_or_more_people_play() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = common::harness(common::app(dir.path()));
    h.run();
    h.get_by_label("New Enchanted Plumes game").click();
    h.run();
    let hand_off = "People share the screen: a hand-off screen hides each hand until its owner is ready.";
    assert!(h.query_by_label(hand_off).is_none(), "one person against the computer: no hand-off screen");
    h.get_by_label("Only your own hand is shown; the computer players' hands stay hidden.");
    h.state_mut().new_game.as_mut().expect("the dialog is open").players = vec![Player::Human, Player::Human];
    h.run();
    h.get_by_label(hand_off);
}

/// A game of `seats` (Ada a person, the rest computers) played at random
/// until it is Ada's turn again after `turns` actions, shown in a window of
/// `size`.
fn table_of(dir: &std::path::Path, seats: u8, turns: usize, size: [f32; 2]) -> Harness<'static, AviaryApp> {
    let mut k = 0;
    table_until(dir, seats, size, |g, rng| {
        k += 1;
        let legal = g.legal_actions();
        (k <= turns || g.current() != Seat(0)).then(|| legal[rng.below(legal.len())].clone())
    })
}

/// Ada and `seats - 1` computers at a table in a window of `size`, after
/// the moves `next` picks (until it picks none, or the game ends).
fn table_until(
    dir: &std::path::Path,
    seats: u8,
    size: [f32; 2],
    mut next: impl FnMut(&EnchantedPlumes, &mut Rng) -> Option<Action>,
) -> Harness<'static, AviaryApp> {
    let mut h =
        Harness::builder().with_size(size).build_ui_state(|ui, app: &mut AviaryApp| app.ui_root(ui), common::app(dir));
    h.run();
    let mut players = vec![Player::Human];
    players.extend((1..seats).map(|_| Player::Computer(aviary::ai::Level::Easy)));
    let mut names = vec!["Ada".to_string()];
    names.extend((1..seats).map(|k| format!("Seat {}", k + 1)));
    let mut session: Session<EnchantedPlumes> =
        Session::new(Setup { seats, options: Options { names, first: Some(0) } }, 8, players);
    let mut rng = Rng::seeded(3);
    while !session.is_over()
        && let Some(action) = next(session.state(), &mut rng)
    {
        session.propose(action).unwrap();
    }
    if std::env::var("DUMP").is_ok() {
        let _ = std::fs::create_dir_all("/tmp/hsave");
        aviary::save::write_file(
            &std::path::PathBuf::from(format!("/tmp/hsave/ep-{seats}-{}.json", session.state().turns())),
            &aviary::save::to_text(&aviary::save::record(&session)),
        )
        .unwrap();
    }
    let t = PlumesTab::new(Table::new(session, dir.join("saves").join("table.json")));
    let app = h.state_mut();
    app.tabs.push(Box::new(t));
    app.screen = Screen::Game(app.tabs.len() - 1);
    h.run();
    h.run();
    h
}

/// The showcase's late game of four (the one a new player saw), opened from
/// its save in a 1180x820 window, its files in `dir`.
fn the_late_game_of_four(dir: &std::path::Path) -> Harness<'static, AviaryApp> {
    the_late_game_of_four_at(dir, [1180.0, 820.0], 6)
}

/// The late game of four opened in a window of `size`, after `steps`
/// frames.
fn the_late_game_of_four_at(dir: &std::path::Path, size: [f32; 2], steps: usize) -> Harness<'static, AviaryApp> {
    let saved = dir.join("late.json");
    let golden = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden/saves/enchanted-plumes-4-players-late.json");
    std::fs::copy(golden, &saved).unwrap();
    let mut h =
        Harness::builder().with_size(size).build_ui_state(|ui, app: &mut AviaryApp| app.ui_root(ui), common::app(dir));
    h.run();
    assert!(h.state_mut().open_file(&saved, &mut Vec::new()), "the save opens");
    h.run_steps(steps);
    h
}

/// The rectangle of the first plume drawn for `seat` (by its label).
fn first_plume(h: &Harness<'_, AviaryApp>, seat: &str) -> Option<egui::Rect> {
    let first = |l: String| l.starts_with(&format!("{seat} plume 1 ")) || l.starts_with(&format!("{seat} peacock 1 "));
    h.query_all(egui_kittest::kittest::by().predicate(|n| n.label().is_some_and(first) || n.value().is_some_and(first)))
        .next()
        .map(|n| n.rect())
}

#[test]
fn every_seat_keeps_its_place_and_the_train_and_the_hand_stay_in_view() {
    let sizes = [(4, [1180.0, 820.0]), (6, [1180.0, 820.0]), (4, [800.0, 600.0]), (6, [800.0, 600.0])];
    for (seats, size, turns) in sizes.map(|(n, s)| (n, s, 40)).into_iter().chain([(6, [800.0, 600.0], 180)]) {
        let dir = tempfile::tempdir().unwrap();
        let mut h = table_of(dir.path(), seats, turns, size);
        if turns > 100 {
            // The side panel opened beside the table: the room a seat runs
            // out of sight in (folded away, every seat shows).
            h.get_by_label("Scores and log").click();
            h.run();
            h.run();
        }
        let window = egui::Rect::from_min_size(Pos2::ZERO, size.into());
        let g = state(&mut h);
        assert_eq!(g.current(), Seat(0), "Ada's turn");
        let at = format!("{seats} seats in {}x{}", size[0], size[1]);
        // The Train, Ada's hand and her own plumes are all in view.
        let train: Vec<_> = h.query_all_by_label_contains("train").map(|n| n.rect()).collect();
        assert_eq!(train.len(), 5, "{at}: the Train's five cards");
        assert!(train.iter().all(|r| window.contains_rect(*r)), "{at}: the Train is in view: {train:?}");
        let hand = h.query_by_label_contains("Your hand").expect("the hand's heading").rect();
        assert!(window.contains_rect(hand), "{at}: the hand's heading is in view");
        let own = first_plume(&h, "Ada");
        if let Some(own) = own {
            assert!(window.contains_rect(own), "{at}: Ada's first plume is in view");
        }
        // The others across the table, beyond the Train, in seat order.
        let others: Vec<egui::Rect> = (2..=seats).filter_map(|k| first_plume(&h, &format!("Seat {k}"))).collect();
        assert!(others.len() >= 2, "{at}: the others have plumes");
        let train_bottom = train.iter().map(egui::Rect::bottom).fold(0.0, f32::max);
        let train_top = train.iter().map(egui::Rect::top).fold(f32::INFINITY, f32::min);
        // In a low window the deck and the Train lie in the row of the
        // hand, under one's plumes (the others have the height above).
        let low = size[1] < 700.0;
        if let Some(own) = own {
            if low {
                assert!(
                    own.bottom() <= train_top + 1.0,
                    "{at}: Ada's plumes lie over the row of her hand and the Train"
                );
            } else {
                // By her hand, on her side of the Train.
                assert!(own.top() > train_bottom, "{at}: Ada's plumes sit by her hand, on her side of the Train");
            }
            assert!((own.center().y - hand.center().y).abs() < 260.0, "{at}: Ada's plumes are by her hand");
        }
        // Their room: from the table's far edge to the Train, or in a low
        // window to Ada's place (a mat past it scrolls out of sight, under
        // a token that names it).
        let edge = if low { own.map_or(train_top, |o| o.top() - 20.0) } else { train_top };
        let room = egui::Rect::from_min_max(window.min, Pos2::new(window.right(), edge));
        assert!(
            others.iter().any(|r| room.contains_rect(*r)),
            "{at}: the others sit across the table, beyond the Train"
        );
        for pair in others.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            assert!(a.left() < b.left() || a.top() < b.top() - 20.0, "{at}: seats in order: {a:?} then {b:?}");
        }
        if size[1] > 700.0 {
            // At the default size every seat's first plume shows whole.
            assert!(others.iter().all(|r| room.contains_rect(*r)), "{at}: every seat in view: {others:?}");
            assert!(h.query_by_label_contains("further down").is_none(), "{at}: nothing said to be further down");
        }
        // A seat out of sight is named at the bottom of the table, and a
        // click there brings it into view.
        let hidden: Vec<String> = (2..=seats)
            .map(|k| format!("Seat {k}"))
            .filter(|s| first_plume(&h, s).is_none_or(|r| !room.contains_rect(r)))
            .collect();
        if turns > 100 {
            // This case exists to run past the bottom (if a better layout
            // shows every seat here, give it a fuller table).
            assert!(!hidden.is_empty(), "{at}: a seat is out of sight");
        }
        if let Some(first) = hidden.first() {
            let token = h.get_by_label_contains("further down: scroll");
            let node = egui_kittest::kittest::NodeT::accesskit_node(&token);
            let said = node.label().or(node.value()).unwrap_or_default();
            assert!(hidden.iter().all(|s| said.contains(s.as_str())), "{at}: {said} names {hidden:?}");
            token.click();
            h.run_steps(3);
            let r = first_plume(&h, first).expect("its plume");
            assert!(room.contains_rect(r), "{at}: {first} scrolled into view: {r:?}");
            // Only the seats scroll: the Train stays in view to play onto.
            let train: Vec<_> = h.query_all_by_label_contains("train").map(|n| n.rect()).collect();
            assert!(train.iter().all(|r| window.contains_rect(*r)), "{at}: the Train stays in view: {train:?}");
        }
    }
}

/// A card laid in one's own plumes leaves the other seats' mats as they
/// were: a new player saw another seat's plume jump to a second line
/// (and its mat cut, under a "continue below" token) each time they
/// started a plume of their own.
#[test]
fn a_card_laid_in_ones_own_plumes_leaves_the_other_seats_mats_as_they_were() {
    // (Four and more at the table: one's own plumes keep to one line. With
    // three or fewer they may take a second, and the others then give it
    // the room.)
    for (seats, size, turns) in [(4, [1180.0, 820.0], 40), (4, [1180.0, 820.0], 90), (6, [1180.0, 820.0], 40)] {
        let dir = tempfile::tempdir().unwrap();
        let mut h = table_of(dir.path(), seats, turns, size);
        let at = format!("{seats} seats in {}x{}", size[0], size[1]);
        let others = |h: &Harness<'_, AviaryApp>| -> Vec<egui::Rect> {
            let card = |l: &str| l.starts_with("Seat ") && l.contains(" plume ") && l.contains(": feather");
            h.query_all(
                egui_kittest::kittest::by()
                    .predicate(|n| n.label().is_some_and(|l| card(&l)) || n.value().is_some_and(|l| card(&l))),
            )
            .map(|n| n.rect())
            .collect()
        };
        let before = others(&h);
        assert!(!before.is_empty(), "{at}: the others have plumes");
        let g = state(&mut h);
        // A card Ada may lay (a new plume if she may start one), laid as
        // she would: clicked in her hand, then the place clicked.
        let plays: Vec<(Feather, u8, u8)> = g
            .legal_actions()
            .into_iter()
            .filter_map(|a| match a {
                Action::Play { card, plume, row } => Some((card, plume, row)),
                _ => None,
            })
            .collect();
        let new = g.plumes(Seat(0)).len() as u8;
        let &(card, plume, row) = plays.iter().find(|p| p.1 == new).or(plays.first()).expect("a card to lay");
        h.get_by_label(&format!("hand: feather {card}")).click();
        h.run_steps(2);
        let place = if plume == new {
            "new plume".to_string()
        } else if usize::from(row) < g.plumes(Seat(0))[usize::from(plume)].rows.len() {
            format!("plume {} row {}", plume + 1, row + 1)
        } else {
            format!("plume {} new row {}", plume + 1, row + 1)
        };
        h.get_by_label(&place).click();
        h.run_steps(3);
        let laid: usize =
            state(&mut h).plumes(Seat(0)).iter().map(|p| p.rows.iter().map(Vec::len).sum::<usize>()).sum();
        let was: usize = g.plumes(Seat(0)).iter().map(|p| p.rows.iter().map(Vec::len).sum::<usize>()).sum();
        assert_eq!(laid, was + 1, "{at}: Ada laid the {card} ({place})");
        assert_eq!(others(&h), before, "{at}: the other seats' cards stayed where they were");
    }
}

#[test]
fn the_new_game_dialog_offers_the_last_games_seats_again_even_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness(common::app(dir.path()));
    h.run();
    h.get_by_label("New Enchanted Plumes game").click();
    h.run();
    let fresh = h.state().new_game.as_ref().unwrap().players.clone();
    assert_eq!(fresh.len(), 3, "three seats at first");
    // A fourth seat, and a second person in seat 2.
    h.get_by_label("Add a seat").click();
    h.run();
    h.query_all_by_label("Human").nth(1).unwrap().click();
    h.run();
    let chosen = h.state().new_game.as_ref().unwrap().players.clone();
    assert_eq!(chosen.len(), 4);
    assert_eq!(chosen[1], Player::Human);
    h.get_by_label("Start").click();
    h.run();
    assert!(h.state().new_game.is_none(), "the game started");
    // The next new game of Enchanted Plumes starts from those seats.
    h.state_mut().screen = Screen::Home;
    h.run();
    h.get_by_label("New Enchanted Plumes game").click();
    h.run();
    assert_eq!(h.state().new_game.as_ref().unwrap().players, chosen);
    h.get_by_label("Cancel").click();
    h.run();
    // Another game's dialog keeps its own defaults.
    h.get_by_label("New Dust in the Wings game").click();
    h.run();
    assert_eq!(h.state().new_game.as_ref().unwrap().players[1..].iter().filter(|p| **p == Player::Human).count(), 0);
    h.get_by_label("Cancel").click();
    h.run();
    // And after a restart, from the settings file.
    h.state_mut().wait_for_files();
    drop(h);
    let mut again = common::harness(common::app(dir.path()));
    again.run();
    again.get_by_label("Not now").click();
    again.run();
    again.get_by_label("New Enchanted Plumes game").click();
    again.run();
    assert_eq!(again.state().new_game.as_ref().unwrap().players, chosen);
}

/// A seat is handed to the computer with one choice, and only then does
/// the choice of how well it plays appear beside it.
#[test]
fn a_seat_given_to_the_computer_gets_its_level_beside_it() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness(common::app(dir.path()));
    h.run();
    h.get_by_label("New Enchanted Plumes game").click();
    h.run();
    let players = h.state().new_game.as_ref().unwrap().players.clone();
    assert_eq!(players[0], Player::Human, "the first seat is a person");
    let levels = h.query_all_by_label("Computer (hard)").count();
    let computers = players.iter().filter(|p| matches!(p, Player::Computer(_))).count();
    assert_eq!(levels, computers, "a level choice by each computer seat and no other");
    h.query_all_by_label("Computer").next().unwrap().click();
    h.run();
    assert_eq!(h.state().new_game.as_ref().unwrap().players[0], Player::Computer(aviary::ai::Level::Normal));
    assert_eq!(h.query_all_by_label("Computer (hard)").count(), levels + 1, "the first seat has its level now");
    h.query_all_by_label("Computer (hard)").next().unwrap().click();
    h.run();
    assert_eq!(h.state().new_game.as_ref().unwrap().players[0], Player::Computer(aviary::ai::Level::Hard));
}

/// The hand and one's own plumes stay where they are while the computer
/// plays: the line over them says who is playing instead of vanishing
/// (the table used to jump by two lines at every change of turn).
#[test]
fn the_hand_does_not_move_when_the_turn_passes_to_the_computer() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = table_of(dir.path(), 3, 20, [1180.0, 820.0]);
    assert_eq!(state(&mut h).current(), Seat(0), "Ada's turn");
    let mine = h.get_by_label_contains("Your hand").rect();
    // Ada plays until her turn is over; one frame later the computer is
    // still thinking (its move cannot be back before the next frame).
    while state(&mut h).current() == Seat(0) {
        let legal = state(&mut h).legal_actions();
        tab(&mut h).table.propose(legal[0].clone(), &mut Vec::new()).unwrap();
    }
    h.step();
    assert_ne!(state(&mut h).current(), Seat(0), "a computer's turn");
    h.get_by_label_contains("is playing…");
    let theirs = h.get_by_label_contains("Your hand").rect();
    assert!((mine.top() - theirs.top()).abs() < 0.5, "the hand stays put: {mine:?} then {theirs:?}");
}

/// The hand keeps its place and its width whatever it holds: nine cards to
/// choose from, six, or fewer after a play (it used to jump from under the
/// plumes to beside them once it held few enough cards).
#[test]
fn the_hand_stays_in_one_place_from_nine_cards_to_few() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = table_of(dir.path(), 2, 0, [1180.0, 820.0]);
    assert_eq!(state(&mut h).phase(), Phase::Keep, "Ada chooses from nine");
    let first_card = |h: &Harness<'_, AviaryApp>| {
        let cards: Vec<egui::Rect> = h
            .query_all(egui_kittest::kittest::by().predicate(|n| n.label().is_some_and(|l| l.starts_with("hand: "))))
            .map(|n| n.rect())
            .collect();
        // (The hand's place: the middle of its cards, which lie in the
        // middle of the table's foot, and its top; held as a fan, its
        // outer cards dip on the arc.)
        let heading = h.get_by_label_contains("Your hand").rect().top();
        let left = cards.iter().map(egui::Rect::left).fold(f32::INFINITY, f32::min);
        let right = cards.iter().map(egui::Rect::right).fold(f32::NEG_INFINITY, f32::max);
        (cards.len(), f32::midpoint(left, right), heading)
    };
    let (nine, middle, top) = first_card(&h);
    assert_eq!(nine, 9);
    // Ada keeps six, the computer too, and Ada plays a card or two.
    while state(&mut h).phase() == Phase::Keep || state(&mut h).current() != Seat(0) {
        let legal = state(&mut h).legal_actions();
        tab(&mut h).table.propose(legal[0].clone(), &mut Vec::new()).unwrap();
    }
    let legal = state(&mut h).legal_actions();
    tab(&mut h).table.propose(legal[0].clone(), &mut Vec::new()).unwrap();
    h.run_steps(12);
    let (fewer, middle_after, top_after) = first_card(&h);
    assert!(fewer < 9, "fewer cards now: {fewer}");
    assert!(
        (middle - middle_after).abs() < 0.5 && (top - top_after).abs() < 0.5,
        "the hand stays put: ({middle}, {top}) then ({middle_after}, {top_after})"
    );
}

/// Ada and Ben, two people at one screen, after `moves` random legal moves
/// (seeded by `seed`), the table open in a window of `size`; whose turn it
/// is (the hand-off asks for them).
fn two_people_at_play(
    dir: &std::path::Path,
    size: [f32; 2],
    (seed, moves): (u64, usize),
) -> (Harness<'static, AviaryApp>, Seat) {
    let mut h =
        Harness::builder().with_size(size).build_ui_state(|ui, app: &mut AviaryApp| app.ui_root(ui), common::app(dir));
    h.run();
    let names = vec!["Ada".to_string(), "Ben".to_string()];
    let mut session: Session<EnchantedPlumes> = Session::new(
        Setup { seats: 2, options: Options { names, first: Some(0) } },
        8,
        vec![Player::Human, Player::Human],
    );
    let mut rng = Rng::seeded(seed);
    for _ in 0..moves {
        let legal = session.state().legal_actions();
        session.propose(legal[rng.below(legal.len())].clone()).unwrap();
    }
    let seat = session.state().current();
    let app = h.state_mut();
    app.tabs.push(Box::new(PlumesTab::new(Table::new(session, dir.join("saves").join("table.json")))));
    app.screen = Screen::Game(app.tabs.len() - 1);
    h.run();
    (h, seat)
}

/// Showing one's cards after the hand-off leaves one's plumes where they
/// lay (the turn line's place is kept during the hand-off).
#[test]
fn showing_ones_cards_leaves_ones_plumes_in_place() {
    let dir = tempfile::tempdir().unwrap();
    let (mut h, seat) = two_people_at_play(dir.path(), [1180.0, 820.0], (5, 30));
    let name = state(&mut h).seat_name(seat);
    assert!(!state(&mut h).plumes(seat).is_empty(), "{name} has a plume");
    h.get_by_label(&format!("Pass to {name}"));
    let before = first_plume(&h, &name).expect("the plume during the hand-off");
    h.get_by_label(&format!("I am {name}: show my cards")).click();
    h.run();
    let after = first_plume(&h, &name).expect("the plume with the cards shown");
    assert!((before.top() - after.top()).abs() < 0.5, "{name}'s plumes stay put: {before:?} then {after:?}");
}

/// In a low window late in a four-seat game, one's own plumes stay on one
/// line by the hand, the place for a new plume beside them, every card in
/// the window (a new player found the place for a new plume wrapped under
/// them, the mat grown over half the table and the others' mats squeezed
/// to their names); a plume's rows lie tucked under each other, so a
/// grown plume is less than a card higher per row.
#[test]
fn late_in_a_low_window_ones_plumes_keep_one_line_and_their_rows_tuck_under() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = table_of(dir.path(), 4, 160, [800.0, 600.0]);
    let g = state(&mut h);
    let tall = g.plumes(Seat(0)).iter().map(|p| p.rows.len()).max().unwrap_or(0);
    assert!(tall >= 2, "a plume of two rows or more by now (the test's premise): {tall}");
    let ours = |l: &str| l.starts_with("Ada plume ") && l.contains(": feather");
    let cards: Vec<egui::Rect> = h
        .query_all(
            egui_kittest::kittest::by()
                .predicate(|n| n.label().is_some_and(|l| ours(&l)) || n.value().is_some_and(|l| ours(&l))),
        )
        .map(|n| n.rect())
        .collect();
    assert!(!cards.is_empty(), "Ada's plumes are drawn");
    let window = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(800.0, 600.0));
    for c in &cards {
        assert!(window.contains_rect(*c), "Ada's card at {c:?} lies in the window");
    }
    let new = h.get_by_label("new plume").rect();
    let top = cards.iter().map(egui::Rect::top).fold(f32::INFINITY, f32::min);
    assert!(new.top() < top + cards[0].height(), "the place for a new plume ({new:?}) beside the plumes (top {top})");
    // Rows tucked under: the cards of a plume span less than a card's
    // height per row.
    let card_h = cards[0].height();
    let span = cards.iter().map(egui::Rect::bottom).fold(0.0, f32::max) - top;
    assert!(span < card_h * (tall as f32 + 1.0) / 2.0 + card_h, "a plume of {tall} rows {span} high (cards {card_h})");
    // The other seats' mats still show plumes, not only their names.
    let others = |l: &str| l.starts_with("Seat ") && l.contains(" plume ") && l.contains(": feather");
    let visible = h
        .query_all(
            egui_kittest::kittest::by()
                .predicate(|n| n.label().is_some_and(|l| others(&l)) || n.value().is_some_and(|l| others(&l))),
        )
        .filter(|n| n.rect().bottom() < new.top() - 20.0)
        .count();
    assert!(visible >= 6, "the others' cards in view above one's own: {visible}");
    // Plumes past the mat's right edge are behind an arrow that brings them.
    let last = g.plumes(Seat(0)).len();
    let last_plume = |h: &Harness<'_, AviaryApp>| {
        let mine = |l: &str| l.starts_with(&format!("Ada plume {last} ")) && !l.contains(": feather");
        h.query_all(
            egui_kittest::kittest::by()
                .predicate(|n| n.label().is_some_and(|l| mine(&l)) || n.value().is_some_and(|l| mine(&l))),
        )
        .next()
        .map(|n| n.rect())
        .expect("the last plume drawn")
    };
    if last_plume(&h).right() > new.left() {
        h.get_by_label("more plumes to the right").click();
        h.run_steps(3);
        let now = last_plume(&h);
        assert!(now.right() <= new.left(), "after the arrow the last plume ({now:?}) is in view, left of {new:?}");
    }
}

/// In an 800x600 window the side panel folds away and the table takes its
/// room: what the turn asks and the Undo buttons stand by the Train, the
/// others' cards are larger than beside the panel, and the panel (scores,
/// log) is a button away and folds again.
#[test]
fn in_a_narrow_window_the_side_panel_folds_away_and_the_table_takes_its_room() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = table_of(dir.path(), 4, 40, [800.0, 600.0]);
    let others_card = |h: &Harness<'_, AviaryApp>| {
        let theirs = |l: &str| l.starts_with("Seat ") && l.contains(" plume ") && l.contains(": feather");
        h.query_all(
            egui_kittest::kittest::by()
                .predicate(|n| n.label().is_some_and(|l| theirs(&l)) || n.value().is_some_and(|l| theirs(&l))),
        )
        .map(|n| n.rect())
        .fold((0.0_f32, 0.0_f32), |(w, right), r| (w.max(r.width()), right.max(r.right())))
    };
    let status = |h: &Harness<'_, AviaryApp>| {
        let said = |l: &str| l.starts_with("status: ");
        h.query_all(
            egui_kittest::kittest::by()
                .predicate(|n| n.label().is_some_and(|l| said(&l)) || n.value().is_some_and(|l| said(&l))),
        )
        .map(|n| n.rect())
        .next()
    };
    assert!(h.query_by_label("Log").is_none(), "the side panel is folded away");
    let said = status(&h).expect("the status is on the table");
    let train: Vec<egui::Rect> = h.query_all_by_label_contains("train: ").map(|n| n.rect()).collect();
    let (train_top, train_right) =
        train.iter().fold((f32::INFINITY, 0.0_f32), |(t, r), c| (t.min(c.top()), r.max(c.right())));
    assert!(
        said.left() > train_right && (said.top() - train_top).abs() < 80.0,
        "the status stands by the Train: {said:?}, the Train from {train_top} to {train_right}"
    );
    assert!(h.query_by_label("Undo").is_some(), "Undo is at hand");
    let (folded, reach) = others_card(&h);
    assert!(reach > 600.0, "the others' mats reach where the panel stood: {reach}");

    h.get_by_label("Scores and log").click();
    h.run();
    h.run();
    h.get_by_label("Log");
    let (beside, reach_beside) = others_card(&h);
    assert!(reach_beside < 570.0, "beside the open panel the mats end at its edge: {reach_beside}");
    assert!(folded > beside + 2.0, "the others' cards larger with the panel folded: {folded} against {beside}");

    h.get_by_label("Fold the panel away").click();
    h.run();
    h.run();
    assert!(h.query_by_label("Log").is_none(), "folded again");
    assert!(h.query_by_label("Scores and log").is_some());
}

/// As the game grows, the others' mats stay whole at the default size:
/// when they come out taller than reckoned (a plume wrapped onto another
/// line), their cards go a step smaller rather than a mat run past the
/// table's edge under a "continue below" token.
#[test]
fn at_the_default_size_the_others_mats_stay_whole_as_the_game_grows() {
    for turns in (30..=110).step_by(8) {
        let dir = tempfile::tempdir().unwrap();
        let mut h = table_of(dir.path(), 4, turns, [1180.0, 820.0]);
        h.run();
        assert!(
            h.query_by_label_contains("continue below").is_none()
                && h.query_by_label_contains("further down").is_none(),
            "after {turns} turns a seat's mat runs past the table"
        );
    }
}

/// Found by a new player: with two at the table, the other seat's mat lay
/// under the Train with small cards and a band of bare cloth between it
/// and one's own. The mat now lies across the table, at its far edge, the
/// Train between it and one's own place; and it stays there as its plumes
/// grow (laid midway down its room, it moved up each time a plume took a
/// second row).
#[test]
fn with_two_at_the_table_the_other_seat_sits_across_it_and_stays_put() {
    let mut tops = Vec::new();
    for turns in [6, 40] {
        let dir = tempfile::tempdir().unwrap();
        let mut h = table_of(dir.path(), 2, turns, [1180.0, 820.0]);
        h.run();
        let train: Vec<egui::Rect> = h.query_all_by_label_contains("train: ").map(|n| n.rect()).collect();
        let train_top = train.iter().map(egui::Rect::top).fold(f32::INFINITY, f32::min);
        let across = first_plume(&h, "Seat 2").expect("the other seat's first plume");
        let heading = h
            .query_all_by_label("Seat 2")
            .map(|n| n.rect())
            .find(|r| r.right() < across.right() + 200.0 && r.bottom() < across.top())
            .expect("the other seat's name on its mat");
        let edge = h.get_by_label("Home").rect().bottom();
        assert!(heading.top() - edge < 60.0, "after {turns} turns: the mat lies at the table's far edge");
        assert!(across.bottom() < train_top, "after {turns} turns: the Train lies between the mat and one's own");
        tops.push(heading.top());
    }
    assert!((tops[0] - tops[1]).abs() < 0.5, "the mat stays put as the game grows: {tops:?}");
}

/// In a small window the buttons on the table stay where they are when the
/// status above them changes length: a status that wrapped to a second line
/// moved them down, and a click meant for "Scores and log" hit Undo.
#[test]
fn the_table_s_buttons_stay_put_when_the_status_wraps() {
    use aviary::rules::Game;
    let dir = tempfile::tempdir().unwrap();
    let mut h = table_of(dir.path(), 3, 30, [800.0, 600.0]);
    let s = state(&mut h);
    let longer = s
        .legal_actions()
        .into_iter()
        .find(|a| {
            let mut t = s.clone();
            t.apply(a).is_ok() && t.status().len() > s.status().len() + 20 && t.current() == s.current()
        })
        .expect("a play after which the status says more");
    let before = (h.get_by_label("Undo").rect(), h.get_by_label("Scores and log").rect());
    tab(&mut h).table.propose(longer, &mut Vec::new()).unwrap();
    h.run();
    h.run();
    let after = (h.get_by_label("Undo").rect(), h.get_by_label("Scores and log").rect());
    assert_eq!(before, after, "the buttons moved when the status changed");
}

/// Choosing three of nine to give back, the hand spreads over the room the
/// empty mat leaves: nine cards were squeezed into a strip beside it, each
/// a sliver, the marked ones half hidden.
#[test]
fn choosing_three_of_nine_the_cards_are_spread_out() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = table_of(dir.path(), 4, 0, [1180.0, 820.0]);
    assert_eq!(state(&mut h).phase(), Phase::Keep);
    let mut cards: Vec<egui::Rect> = h
        .query_all(egui_kittest::kittest::by().predicate(|n| n.label().is_some_and(|l| l.starts_with("hand: "))))
        .map(|n| n.rect())
        .collect();
    assert_eq!(cards.len(), 9);
    cards.sort_by(|a, b| a.left().total_cmp(&b.left()));
    let step = cards.windows(2).map(|w| w[1].left() - w[0].left()).fold(f32::INFINITY, f32::min);
    assert!(step >= cards[0].width() * 0.7, "each card shows {step} of its {} points", cards[0].width());
}

/// Found by a new player: removing a seat shrank the new-game dialog, the
/// Start button rose from under the pointer and the next click, outside
/// the dialog, closed it. Start stays where it was.
#[test]
fn removing_a_seat_leaves_the_start_button_where_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness(common::app(dir.path()));
    h.run();
    h.get_by_label("New Enchanted Plumes game").click();
    h.run();
    let start = h.get_by_label("Start").rect();
    h.query_all_by_label("Remove this seat").last().expect("a seat to remove").click();
    h.run();
    h.run();
    assert_eq!(h.state().new_game.as_ref().expect("the dialog is open").players.len(), 2);
    let after = h.get_by_label("Start").rect();
    assert!((after.top() - start.top()).abs() < 1.0, "Start moved from {start:?} to {after:?}");
    h.get_by_label("Start").click();
    h.run();
    assert!(h.state().new_game.is_none(), "Start where it was starts the game");
    assert_eq!(h.state().tabs.len(), 1);
}

/// Found by a new player: choosing three of nine, the nine were squeezed
/// beside an empty mat until only their corners showed. Each is whole now,
/// at the default size and in a small window.
#[test]
fn choosing_three_of_nine_each_card_is_seen_whole() {
    for size in [[1180.0, 820.0], [800.0, 600.0]] {
        let dir = tempfile::tempdir().unwrap();
        let mut h = table_of(dir.path(), 3, 0, size);
        assert_eq!(state(&mut h).phase(), Phase::Keep);
        let cards: Vec<egui::Rect> = h
            .query_all(egui_kittest::kittest::by().predicate(|n| n.label().is_some_and(|l| l.starts_with("hand: "))))
            .map(|n| n.rect())
            .collect();
        assert_eq!(cards.len(), 9);
        for (i, a) in cards.iter().enumerate() {
            for b in &cards[..i] {
                assert!(!a.shrink(1.0).intersects(b.shrink(1.0)), "at {size:?} {a:?} overlaps {b:?}");
            }
        }
    }
}

/// Found by a new player: with the final scores up, a click on Home only
/// put the scores away. The tabs and Home stay at hand over the scores.
#[test]
fn home_is_one_click_away_from_the_final_scores() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness(common::app(dir.path()));
    h.run();
    let mut session = ada_has_a_peacock();
    let mut rng = Rng::seeded(3);
    while !session.is_over() {
        let a = peacock_seeker(session.state(), &mut rng);
        session.propose(a).unwrap();
    }
    let view = PlumesTab::new(Table::new(session, dir.path().join("saves").join("over.json")));
    let app = h.state_mut();
    app.tabs.push(Box::new(view));
    app.screen = Screen::Game(app.tabs.len() - 1);
    h.run_steps(8);
    h.get_by_label("Final scores");
    // Ada's peacocks are said once, before her other plumes (each one's
    // "(peacock)" ran the line to three small ones).
    let notes: Vec<String> =
        common::painted_words(&h).into_iter().map(|w| w.0).filter(|t| t.starts_with("peacock")).collect();
    assert!(!notes.is_empty(), "Ada's peacocks are listed first");
    assert!(notes.iter().all(|n| !n.contains("(peacock)")), "{notes:?}");
    h.get(egui_kittest::kittest::by().label("Home").role(egui::accesskit::Role::Button)).click();
    h.run_steps(4);
    assert!(matches!(h.state().screen, Screen::Home), "one click on Home goes Home");
}

/// In a low window every other seat's mat shows its hand the same way, as
/// face-down backs by the name, however narrow the mat: beside the open
/// panel a narrow mat said "computer · 2 cards" in words where a wider one
/// showed the backs (a new player asked why they differed).
#[test]
fn every_other_mat_shows_its_hand_as_backs_in_a_low_window_however_narrow() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = table_of(dir.path(), 4, 40, [800.0, 600.0]);
    h.get_by_label("Scores and log").click();
    h.run();
    h.run();
    h.get_by_label("Log");
    let backs = |h: &Harness<'_, AviaryApp>| {
        h.query_all(
            egui_kittest::kittest::by().predicate(|n| n.label().is_some_and(|l| l.ends_with("in hand, face down"))),
        )
        .count()
    };
    let holding = {
        let s = common::game_tab::<PlumesTab>(&mut h).table.session().state().clone();
        (1..4).filter(|&k| !s.hand(Seat(k)).is_empty()).count()
    };
    assert!(holding >= 2, "the others hold cards");
    assert_eq!(backs(&h), holding, "each other seat's hand as backs");
}

/// Every row of an unfinished plume says how it counts, by the mat's left
/// beside it: "−" by the top row, "+" by each row under it (a faint dash
/// by the top row alone puzzled a new player); a finished peacock has none.
#[test]
fn each_row_of_an_unfinished_plume_is_marked_minus_or_plus() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = table_of(dir.path(), 2, 70, [1280.0, 800.0]);
    let s = state(&mut h);
    let mut rows_under = 0;
    for (seat, name) in [(Seat(0), "Ada"), (Seat(1), "Seat 2")] {
        for (i, plume) in s.plumes(seat).iter().enumerate() {
            let signs: Vec<String> = h
                .query_all_by_label_contains(&format!("{name} plume {} row ", i + 1))
                .map(|n| format!("{:?}", n.accesskit_node())) // (its label, among the rest)
                .collect();
            if plume.is_complete() {
                assert!(signs.is_empty(), "{signs:?}");
                continue;
            }
            assert_eq!(signs.len(), plume.rows.len(), "{name} plume {}: {signs:?}", i + 1);
            assert!(signs[0].contains("row 1: \u{2212}, counts against"), "{signs:?}");
            for sign in &signs[1..] {
                assert!(sign.contains(": +, counts for"), "{signs:?}");
                rows_under += 1;
            }
        }
    }
    assert!(rows_under > 0, "no plume with a row under its top row: the test shows nothing");
}

#[test]
fn a_card_picked_up_from_the_hand_lies_on_top_of_its_neighbour_and_takes_the_pointer_there() {
    // A new player picked a card, saw its neighbour still covering it, and
    // clicking its visible face picked the neighbour instead.
    let dir = tempfile::tempdir().unwrap();
    // (A window too narrow to lay a hand side by side beside the plumes.)
    let mut h = table_of(dir.path(), 4, 12, [760.0, 800.0]);
    assert_eq!(state(&mut h).phase(), Phase::Play, "Ada plays");
    let hand = state(&mut h).hand(Seat(0)).to_vec();
    let (first, second) = (format!("hand: feather {}", hand[0]), format!("hand: feather {}", hand[1]));
    assert_ne!(first, second, "two cards told apart");
    let rect = |h: &Harness<'_, AviaryApp>, l: &str| h.query_all_by_label(l).next().expect("in the hand").rect();
    let overlap = rect(&h, &first).intersect(rect(&h, &second));
    assert!(overlap.width() > 8.0, "the fan overlaps its cards: {overlap:?}");
    h.get_by_label(&first).click();
    h.run();
    assert!(is_chosen(&h, &first), "the first card is picked up");
    // Where the two overlap, the picked card is the one under the pointer.
    let p = rect(&h, &first).intersect(rect(&h, &second)).center();
    common::click_at(&mut h, p);
    assert!(!is_chosen(&h, &second), "the neighbour under the picked card is not taken instead");
    assert!(!is_chosen(&h, &first), "a click on the picked card puts it back");
}

/// Found by new players: at a table of two, one's own plume cards (capped
/// at a smaller size) were drawn smaller than the opponent's across the
/// table; at four, again, on a mat half bare. At the default size they
/// are as large as anyone's, whoever is at the table.
#[test]
fn ones_own_plume_cards_are_as_large_as_anyone_s() {
    for seats in [2, 3, 4, 6] {
        let dir = tempfile::tempdir().unwrap();
        let mut h = table_of(dir.path(), seats, 6 * usize::from(seats), [1180.0, 820.0]);
        h.run();
        let widest = |prefix: &str| card_rects(&h, prefix).iter().map(egui::Rect::width).fold(0.0_f32, f32::max);
        let own = widest("Ada plume");
        let other = (2..=seats).map(|k| widest(&format!("Seat {k} plume"))).fold(0.0_f32, f32::max);
        assert!(own > 0.0 && other > 0.0, "{seats} seats: both have plumes laid ({own}, {other})");
        assert!(own + 0.5 >= other, "{seats} seats: one's own cards {own} wide, the others' up to {other}");
    }
}

/// Found by a new player: at six seats in a low window the others' hand
/// backs lay over their scores, and "−12" read as "12". Each mat's backs
/// now keep clear of its name and its score.
#[test]
fn in_a_low_window_a_narrow_mat_s_hand_backs_leave_its_score_whole() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = table_of(dir.path(), 6, 12, [800.0, 600.0]);
    h.run();
    // Each hand's backs and how many they are (said on them, on a chip).
    let backs: Vec<(egui::Rect, String)> = h
        .query_all(
            egui_kittest::kittest::by().predicate(|n| n.label().is_some_and(|l| l.ends_with("in hand, face down"))),
        )
        .map(|n| {
            let said = n.accesskit_node().label().unwrap_or_default();
            let count = said.split(": ").nth(1).and_then(|c| c.split(' ').next()).unwrap_or_default().to_string();
            (n.rect(), count)
        })
        .collect();
    assert!(backs.len() >= 3, "the others' hands as backs: {backs:?}");
    let words = common::painted_words(&h);
    for (b, count) in &backs {
        let crossed: Vec<&(String, egui::Rect, bool)> =
            words.iter().filter(|w| w.1.shrink(0.5).intersects(*b) && w.0 != *count).collect();
        assert!(crossed.is_empty(), "the backs at {b:?} lie over {crossed:?}");
    }
}

/// The width of the widest card drawn in `seat`'s plumes (0 if none).
fn widest_card(h: &Harness<'_, AviaryApp>, seat: &str) -> f32 {
    let card = |l: String| l.starts_with(&format!("{seat} plume")) && l.contains(": feather");
    h.query_all(egui_kittest::kittest::by().predicate(|n| n.label().is_some_and(card) || n.value().is_some_and(card)))
        .map(|n| n.rect().width())
        .fold(0.0_f32, f32::max)
}

/// Found by a new player: at six seats in the default window the side
/// panel took a fifth of the width, and the others' cards were drawn
/// some 30 points wide, too small to read. With five or six at the table
/// the panel folds away ("Scores and log" a button on the table) and the
/// others' cards are drawn larger.
#[test]
fn at_a_crowded_table_the_side_panel_folds_and_the_others_cards_are_readable() {
    for size in [[1180.0, 820.0], [1280.0, 800.0]] {
        let dir = tempfile::tempdir().unwrap();
        let mut h = table_of(dir.path(), 6, 40, size);
        let at = format!("6 seats in {}x{}", size[0], size[1]);
        assert!(h.query_by_label("Scores and log").is_some(), "{at}: the panel is a button away");
        let cards: Vec<f32> = (2..=6).map(|k| widest_card(&h, &format!("Seat {k}"))).filter(|w| *w > 0.0).collect();
        assert!(cards.len() >= 3, "{at}: the others have plumes: {cards:?}");
        assert!(cards.iter().all(|w| *w >= 40.0), "{at}: the others' cards are large enough to read: {cards:?}");
        // Opened, the panel comes back beside the table.
        h.get_by_label("Scores and log").click();
        h.run_steps(2);
        assert!(h.query_by_label("Fold the panel away").is_some(), "{at}: the panel opens beside the table");
    }
}

/// Found by a new player: at six seats the other seats' mats said their
/// hands two ways (a narrow mat "computer · 3 cards" in words, a wider one
/// as card backs, "computer (easy) · 3 cards in hand"). Every mat now
/// shows its hand's backs and says its facts the same way.
#[test]
fn at_a_crowded_table_every_mat_shows_its_hand_alike() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = table_of(dir.path(), 6, 40, [1280.0, 800.0]);
    let g = state(&mut h);
    for k in 1..6u8 {
        let held = g.hand(Seat(k)).len();
        let name = format!("Seat {}", k + 1);
        if held > 0 {
            let backs = format!("{name}: {held} card{} in hand, face down", if held == 1 { "" } else { "s" });
            assert!(h.query_by_label(&backs).is_some(), "{name}'s hand as backs: {backs}");
        }
    }
    // Who plays each seat is said the same way for every one: on hover
    // of its name plate, never in grey words on the cloth.
    let words = common::painted_words(&h);
    let painted: Vec<&String> = words.iter().map(|w| &w.0).filter(|w| w.starts_with("computer")).collect();
    assert!(painted.is_empty(), "no seat's facts in words on the table: {painted:?}");
    let facts: Vec<String> = (1..6).map(|k| plate_note(&mut h, &format!("Seat {}", k + 1))).collect();
    assert!(facts.iter().all(|f| f.starts_with("computer")), "each other seat says who plays it: {facts:?}");
    let form = |f: &str| (f.contains('('), f.contains("in hand"));
    assert!(facts.iter().all(|f| form(f) == form(&facts[0])), "every plate says it the same way: {facts:?}");
}

/// What a seat's name plate says when pointed at (who plays the seat):
/// the note's words.
fn plate_note(h: &mut Harness<'_, AviaryApp>, name: &str) -> String {
    h.hover_at(Pos2::new(2.0, 300.0));
    h.run_steps(2);
    let plate = h.get_by_label(name).rect();
    h.hover_at(plate.left_center() + egui::vec2(10.0, 0.0));
    h.run_steps(4);
    let facts = |l: &String| l.starts_with("computer") || l.starts_with("human") || l.starts_with("friend");
    let found = h
        .query_all(egui_kittest::kittest::by().predicate(|n| n.label().or(n.value()).is_some_and(|l| facts(&l))))
        .map(|n| {
            let a = n.accesskit_node();
            a.label().or(a.value()).unwrap_or_default()
        })
        .next();
    found.unwrap_or_else(|| panic!("{name}'s plate says who plays it"))
}

/// Found by a new player: late in a game of four, at the default size,
/// the others' cards were drawn some 27 points wide with bare cloth above
/// and below their mats. A mat's plumes wrapped a few points sooner than
/// the layout reckoned, the mats came out taller than the room, and every
/// seat was shrunk a step under the smallest. Now the lines are laid as
/// reckoned, and with four at the table the side panel folds away.
#[test]
fn late_in_a_game_of_four_the_others_cards_stay_readable() {
    // The game the new player saw (the showcase's late game of four), and
    // two more played at random.
    let dir = tempfile::tempdir().unwrap();
    let h = the_late_game_of_four(dir.path());
    let seen: Vec<f32> = (2..=4).map(|k| widest_card(&h, &format!("Player {k}"))).collect();
    assert!(seen.iter().all(|w| *w >= 36.0), "the saved game: the others' cards are readable: {seen:?}");
    for turns in [60, 90] {
        let dir = tempfile::tempdir().unwrap();
        let mut h = table_of(dir.path(), 4, turns, [1180.0, 820.0]);
        h.run_steps(4);
        let cards: Vec<f32> = (2..=4).map(|k| widest_card(&h, &format!("Seat {k}"))).collect();
        assert!(cards.iter().all(|w| *w >= 36.0), "{turns} turns: the others' cards are readable: {cards:?}");
    }
}

/// The rectangles of the cards whose accessible names start with `prefix`.
fn card_rects(h: &Harness<'_, AviaryApp>, prefix: &str) -> Vec<egui::Rect> {
    let named = |l: String| l.starts_with(prefix) && l.contains("feather");
    h.query_all(egui_kittest::kittest::by().predicate(|n| n.label().is_some_and(named) || n.value().is_some_and(named)))
        .map(|n| n.rect())
        .collect()
}

/// Found by new players: a hand of several cards squeezed into a narrow
/// fan beside a mat half bare; then, laid side by side in a column as wide
/// as six cards, a hand of two lay in a corner of bare cloth and was the
/// smallest thing on the table. The hand is now held as a fan of cards
/// larger than the Train's, each card's value in view.
#[test]
fn the_hand_is_held_as_a_fan_of_large_cards_each_value_in_view() {
    for seats in [4, 6] {
        let dir = tempfile::tempdir().unwrap();
        // Early in the game (few plumes yet), Ada holding several cards.
        // (Past the choice of three of nine, when the computers think.)
        let (h, turns) = (4 * usize::from(seats)..60)
            .step_by(3)
            .map(|turns| (table_of(dir.path(), seats, turns, [1180.0, 820.0]), turns))
            .find(|(h, _)| card_rects(h, "hand").len() >= 3)
            .expect("a turn at which Ada holds three cards or more");
        let at = format!("{seats} seats after {turns} turns");
        let hand = card_rects(&h, "hand");
        let train = card_rects(&h, "train");
        assert!(
            hand.iter().all(|c| c.width() > train[0].width() * 1.1),
            "{at}: the hand's cards are larger than the Train's: {hand:?} against {:?}",
            train[0]
        );
        let mut lefts: Vec<f32> = hand.iter().map(egui::Rect::left).collect();
        lefts.sort_by(f32::total_cmp);
        let width = hand[0].width();
        assert!(
            lefts.windows(2).all(|p| p[1] - p[0] >= width * 0.5),
            "{at}: each card's value in view (at most half a card under the next): {lefts:?}"
        );
    }
}

/// Found by a new player at 800 x 600, late in a game of four: a seat's
/// mat ran past the table's foot with its cards already at their
/// smallest, under a "continue below: scroll" token that lay over the
/// next seat's mat. One's own plumes by the hand now give up the height.
#[test]
fn late_in_a_game_of_four_in_a_small_window_every_mat_is_whole() {
    let dir = tempfile::tempdir().unwrap();
    let saved = dir.path().join("late.json");
    let golden = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden/saves/enchanted-plumes-4-players-late.json");
    std::fs::copy(golden, &saved).unwrap();
    let mut h = Harness::builder()
        .with_size([800.0, 600.0])
        .with_max_steps(12)
        .build_ui_state(|ui, app: &mut AviaryApp| app.ui_root(ui), common::app(dir.path()));
    h.run();
    assert!(h.state_mut().open_file(&saved, &mut Vec::new()), "the save opens");
    h.run_steps(8);
    assert!(
        h.query_by_label_contains("continue below").is_none() && h.query_by_label_contains("further down").is_none(),
        "a seat's mat runs past the table"
    );
    let own = widest_card(&h, "Player 1");
    let others: Vec<f32> = (2..=4).map(|k| widest_card(&h, &format!("Player {k}"))).collect();
    assert!(
        others.iter().all(|&w| w > 20.0 && w <= own),
        "one's own cards no smaller than the others': {own} {others:?}"
    );
}

/// Found by new players: at a crowded table the others' smaller cards
/// said their colour by a code ("Pk", "Bk", "Pu", "Or") where the rest
/// said "pink" and "black". Every card of a readable size names its
/// colour in words, and none by a code (but one whose lower half lies
/// under its plume's next row: see the test after the next).
#[test]
fn at_a_crowded_table_every_card_names_its_colour_in_words() {
    let dir = tempfile::tempdir().unwrap();
    // (Late in a game of four: the others' cards about 40 by 57.)
    let h = table_of(dir.path(), 4, 90, [1180.0, 820.0]);
    let face_up = |l: &str| l.contains(": feather ") && !l.contains("face-down");
    let cards: Vec<egui::Rect> = h
        .query_all(
            egui_kittest::kittest::by()
                .predicate(move |n| n.label().is_some_and(|l| face_up(&l)) || n.value().is_some_and(|l| face_up(&l))),
        )
        .map(|n| n.rect())
        .filter(|r| r.height() >= 46.0)
        .collect();
    let others_small = cards.iter().filter(|r| r.height() < 70.0).count();
    let heights: Vec<f32> = cards.iter().map(egui::Rect::height).collect();
    assert!(others_small > 0, "the others' cards are smaller than one's own: {heights:?}");
    let words = common::painted_words(&h);
    let codes: Vec<&String> =
        words.iter().map(|w| &w.0).filter(|w| ["Pk", "Bk", "Pu", "Or"].contains(&w.as_str())).collect();
    assert!(codes.is_empty(), "no card says its colour by a code: {codes:?}");
    let names = ["red", "white", "yellow", "green", "orange", "teal", "blue", "pink", "purple", "black"];
    let said = words.iter().filter(|w| names.contains(&w.0.as_str())).count();
    assert!(said >= cards.len(), "{} cards, {said} colour names painted", cards.len());
}

/// Found by new players (four reviews running): one's hand lay in a column
/// of its own at the bottom left, beside a wide ruled box of one's plumes,
/// "a dashboard, not a table". At a card table the hand is held at the
/// table's foot in the middle of its width, in front of (under) one's own
/// plumes, whose name stands at their left.
#[test]
fn the_hand_is_held_in_the_middle_of_the_foot_in_front_of_ones_plumes() {
    for seats in [2, 4, 6] {
        let dir = tempfile::tempdir().unwrap();
        let mut h = table_of(dir.path(), seats, 30, [1180.0, 820.0]);
        h.run();
        let at = format!("{seats} seats");
        let hand = card_rects(&h, "hand");
        assert!(!hand.is_empty(), "{at}: Ada holds cards");
        let left = hand.iter().map(egui::Rect::left).fold(f32::INFINITY, f32::min);
        let right = hand.iter().map(egui::Rect::right).fold(f32::NEG_INFINITY, f32::max);
        let top = hand.iter().map(egui::Rect::top).fold(f32::INFINITY, f32::min);
        let middle = 1180.0 / 2.0;
        assert!((f32::midpoint(left, right) - middle).abs() < 20.0, "{at}: the hand in the middle: {left}..{right}");
        let plumes: Vec<egui::Rect> = card_rects(&h, "Ada plume");
        let plumes_foot = plumes.iter().map(egui::Rect::bottom).fold(f32::NEG_INFINITY, f32::max);
        assert!(
            !plumes.is_empty() && top > plumes_foot - 1.0,
            "{at}: the hand under the plumes ({top} < {plumes_foot})"
        );
        let name = h
            .query_all_by_label("Ada")
            .map(|n| n.rect())
            .find(|r| r.bottom() > plumes_foot - 200.0)
            .expect("one's name by one's plumes");
        let plumes_left = plumes.iter().map(egui::Rect::left).fold(f32::INFINITY, f32::min);
        assert!(name.right() < plumes_left, "{at}: the name at the plumes' left: {name:?}, plumes from {plumes_left}");
        assert!(right < 1180.0 - 20.0 && bottom_of(&hand) <= 820.0, "{at}: the hand whole in the window");
    }
}

fn bottom_of(cards: &[egui::Rect]) -> f32 {
    cards.iter().map(egui::Rect::bottom).fold(f32::NEG_INFINITY, f32::max)
}

/// Found by new players: after a card's play, with only a draw or a swap
/// left, the hint by the hand still said "Drag a card to a plume, a new
/// plume or the Train", and before any play it offered the Train, which
/// refuses a swap then. It says what may be done now.
#[test]
fn once_only_a_draw_or_a_swap_is_left_the_hint_says_how_to_replenish() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = table_of(dir.path(), 2, 20, [1180.0, 820.0]);
    // Before a card is played the Train takes no swap: the hint leaves it
    // out (it said "or the Train", and the drop was refused).
    assert_eq!(state(&mut h).turn().played, 0, "Ada's turn begins");
    h.get_by_label("Drag a card to a plume or a new plume");
    let plays = |h: &mut Harness<'_, AviaryApp>| {
        state(h).legal_actions().into_iter().filter(|a| matches!(a, Action::Play { .. })).collect::<Vec<_>>()
    };
    while state(&mut h).current() == Seat(0)
        && let Some(play) = plays(&mut h).first().cloned()
    {
        tab(&mut h).table.propose(play, &mut Vec::new()).unwrap();
    }
    h.run();
    let legal = state(&mut h).legal_actions();
    assert_eq!(state(&mut h).current(), Seat(0), "Ada still to replenish");
    assert!(legal.iter().any(|a| matches!(a, Action::Swap { .. })), "a swap is left: {legal:?}");
    h.get_by_label_contains("Click the deck to draw, or drag a card onto a Train card");
    assert!(h.query_by_label_contains("Drag a card to a plume").is_none(), "no card may be played now");
}

/// Found by a new player: a plume's second row lies over the lower half of
/// the first, where a large card says its colour by name up its edge, so
/// the covered cards' colours could not be told apart. A covered card says
/// its colour by its letter under the value, which stays in view.
#[test]
fn a_covered_row_says_its_colours_by_letter_under_the_values() {
    let dir = tempfile::tempdir().unwrap();
    let (mut h, plume) = (20..200)
        .step_by(6)
        .find_map(|turns| {
            let mut h = table_of(dir.path(), 2, turns, [1180.0, 820.0]);
            let s = state(&mut h);
            s.plumes(Seat(0)).iter().position(|p| p.rows.len() >= 2 && !p.is_complete()).map(|i| (h, i))
        })
        .expect("a game in which one of Ada's plumes has two rows");
    let covered = state(&mut h).plumes(Seat(0))[plume].rows[0].clone();
    let painted: Vec<(String, Pos2)> = h
        .output()
        .shapes
        .iter()
        .filter_map(|c| match &c.shape {
            egui::Shape::Text(t) => Some((t.galley.text().to_string(), t.pos)),
            _ => None,
        })
        .collect();
    for card in covered {
        let named =
            |l: String| l.starts_with(&format!("Ada plume {}", plume + 1)) && l.ends_with(&format!("feather {card}"));
        let rect = h
            .query_all(
                egui_kittest::kittest::by().predicate(|n| n.label().is_some_and(named) || n.value().is_some_and(named)),
            )
            .map(|n| n.rect())
            .next()
            .unwrap_or_else(|| panic!("{card} is on plume {}", plume + 1));
        let letter = aviary::rules::enchanted_plumes::LETTERS[usize::from(card.colour)];
        assert!(
            painted.iter().any(|(t, at)| t == letter && rect.expand(6.0).contains(*at)),
            "{card}, under the plume's second row, shows its letter {letter} on its face"
        );
    }
}

/// Found by a new player: while a card was held, every place it might go
/// had the same thin green box, and the one under a plume, empty, said
/// nothing of what it was. The place for a new row says so.
#[test]
fn while_a_card_is_held_the_place_for_a_new_row_says_what_it_is() {
    let dir = tempfile::tempdir().unwrap();
    let new_row = |s: &EnchantedPlumes| {
        s.legal_actions().into_iter().find_map(|a| match a {
            Action::Play { card, plume, row }
                if s.plumes(Seat(0)).get(usize::from(plume)).is_some_and(|p| usize::from(row) == p.rows.len()) =>
            {
                Some(card)
            }
            _ => None,
        })
    };
    let (mut h, card) = (10..120)
        .step_by(2)
        .find_map(|turns| {
            let mut h = table_of(dir.path(), 2, turns, [1180.0, 820.0]);
            let s = state(&mut h);
            new_row(&s).map(|card| (h, card))
        })
        .expect("a game in which Ada may start a new row with some card");
    let painted = |h: &Harness<'_, AviaryApp>| -> usize {
        h.output()
            .shapes
            .iter()
            .filter(|c| matches!(&c.shape, egui::Shape::Text(t) if t.galley.text() == "+ new row"))
            .count()
    };
    assert_eq!(painted(&h), 0, "no card held, no place lit");
    h.get_by_label(&format!("hand: feather {card}")).click();
    h.run();
    assert!(painted(&h) >= 1, "with {card} held, the place for a new row is named");
}

/// Found by new players at 800 x 600 (scored 4 of 10, "half empty"): the
/// hand lay in a column of its own beside one's plumes, bare under a card
/// or two, and the deck and the Train in a band between the others and
/// one's place. In a low window too the hand lies under one's plumes, in
/// one row with the deck and the Train; the others have the height above.
#[test]
fn in_a_low_window_the_hand_lies_under_ones_plumes_in_the_row_of_the_train() {
    for seats in [2, 4, 6] {
        let dir = tempfile::tempdir().unwrap();
        let mut h = table_of(dir.path(), seats, 30, [800.0, 600.0]);
        h.run();
        let at = format!("{seats} seats");
        let (hand, train) = (card_rects(&h, "hand"), card_rects(&h, "train"));
        let (own, others) = (card_rects(&h, "Ada plume"), card_rects(&h, "Seat "));
        assert!(!hand.is_empty() && train.len() == 5 && !own.is_empty() && !others.is_empty(), "{at}: all laid");
        let top = |r: &[egui::Rect]| r.iter().map(egui::Rect::top).fold(f32::INFINITY, f32::min);
        let left = |r: &[egui::Rect]| r.iter().map(egui::Rect::left).fold(f32::INFINITY, f32::min);
        let right = |r: &[egui::Rect]| r.iter().map(egui::Rect::right).fold(f32::NEG_INFINITY, f32::max);
        let middle = |r: &[egui::Rect]| f32::midpoint(top(r), bottom_of(r));
        assert!(bottom_of(&own) <= top(&hand), "{at}: the hand lies under Ada's plumes");
        assert!(bottom_of(&others) < top(&own), "{at}: the others sit beyond Ada's place");
        assert!((middle(&train) - middle(&hand)).abs() < 30.0, "{at}: the Train lies in the row of the hand");
        assert!(right(&train) < left(&hand), "{at}: the Train at the hand's left");
    }
}

/// Found by a new player: a card picked up from the hand stayed whole in
/// the fan while a smaller copy of it followed the pointer ("not like
/// picking it up"). The card is carried at its size in the hand.
#[test]
fn a_card_picked_up_is_carried_at_its_size_in_the_hand() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = table_of(dir.path(), 2, 20, [1180.0, 820.0]);
    // The fan's last card lies on top of the others.
    let card = *state(&mut h).hand(Seat(0)).last().expect("Ada holds cards");
    let held = h.get_by_label(&format!("hand: feather {card}")).rect();
    let (from, to) = (held.center(), held.center() - egui::vec2(160.0, 220.0));
    h.drag_at(from);
    h.run();
    h.hover_at(Pos2::new(f32::midpoint(from.x, to.x), f32::midpoint(from.y, to.y)));
    h.run();
    h.hover_at(to);
    h.run();
    let value = card.value.to_string();
    let carried: Vec<f32> = h
        .output()
        .shapes
        .iter()
        .filter_map(|c| match &c.shape {
            egui::Shape::Text(t) if t.galley.text() == value && (t.pos - to).length() < held.height() => {
                t.galley.job.sections.first().map(|s| s.format.font_id.size)
            }
            _ => None,
        })
        .collect();
    let as_held = held.height() * 0.26;
    assert!(
        carried.iter().any(|size| (size - as_held).abs() < 1.0),
        "{card} under the pointer is painted as large as in the hand (its value at {as_held} points): {carried:?}"
    );
    h.drop_at(to);
    h.run();
}

/// Found by a new player at 800 x 600: handing the game over, the card
/// that does it lay across the row of the deck and the Train, and the one
/// taking over could not study the Train meanwhile; beside the Train, the
/// hand read as two more Train cards. The deck and the Train stay in view
/// by the hand-off card, and the hand has a title of its own, level with
/// the Train's.
#[test]
fn in_a_low_window_the_hand_off_leaves_the_train_in_view_and_the_hand_has_its_title() {
    let dir = tempfile::tempdir().unwrap();
    let (mut h, seat) = two_people_at_play(dir.path(), [800.0, 600.0], (3, 12));
    h.run_steps(3);
    let next = state(&mut h).seat_name(seat);
    let window = egui::Rect::from_min_size(Pos2::ZERO, egui::vec2(800.0, 600.0));
    h.get_by_label(&format!("I am {next}: show my cards"));
    assert_eq!(labels_starting(&h, "hand:"), 0, "no hand is shown before the hand-off");
    let train = card_rects(&h, "train");
    assert_eq!(train.len(), 5, "the Train's five cards are laid during the hand-off");
    assert!(train.iter().all(|r| window.contains_rect(*r)), "the Train is in view: {train:?}");

    h.get_by_label(&format!("I am {next}: show my cards")).click();
    h.run_steps(4);
    let hand = card_rects(&h, "hand");
    assert!(!hand.is_empty(), "{next}'s cards are shown");
    let titles = common::painted_words(&h);
    let at =
        |text: &str| titles.iter().find(|w| w.0 == text).map_or_else(|| panic!("{text} painted"), |w| w.1.center());
    let (hand_title, train_title) = (at("Your hand"), at("The Train"));
    assert!(
        (hand_title.y - train_title.y).abs() < 8.0,
        "the hand's title level with the Train's: {hand_title:?} {train_title:?}"
    );
    let (left, right) = hand.iter().fold((f32::INFINITY, 0.0_f32), |(l, r), c| (l.min(c.left()), r.max(c.right())));
    assert!(
        hand_title.x > left - 40.0 && hand_title.x < right,
        "the title over the hand: {hand_title:?}, hand {left}..{right}"
    );
}

/// Found by a new player: the green glow round the places a held card may
/// go all but vanished on the dark theme's green felt. It stands off the
/// cloth in both themes.
#[test]
fn the_glow_round_a_place_to_drop_stands_off_the_cloth_in_both_themes() {
    for dark in [false, true] {
        let palette = aviary::ui::theme::palette(dark);
        let glow = aviary::ui::look::glow_colour(&palette);
        let contrast = aviary::ui::theme::contrast(glow, palette.table.cloth);
        assert!(
            contrast >= 3.0,
            "dark {dark}: the glow {glow:?} on the cloth {:?}: {contrast:.2}",
            palette.table.cloth
        );
    }
}

/// A new player read the bold paragraph headed by their own name as a
/// program's status line. On one's turn a ribbon says "Your turn", and under
/// it what the turn asks, without one's name.
#[test]
fn ones_turn_is_said_by_a_ribbon_and_what_it_asks_without_ones_name() {
    let dir = tempfile::tempdir().unwrap();
    let h = table_of(dir.path(), 4, 12, [1180.0, 820.0]);
    h.get_by_label("Your turn");
    let words: Vec<String> = common::painted_words(&h).into_iter().map(|w| w.0).collect();
    assert!(words.iter().any(|w| w == "Play 1 or 2 cards"), "what the turn asks: {words:?}");
    assert!(!words.iter().any(|w| w.starts_with("Ada: ")), "not headed by one's own name: {words:?}");
    // The whole status is still said to screen readers.
    h.get_by_label("status: Ada: play 1 or 2 cards");
}

/// Found by a new player: a card dropped where it may not go was refused,
/// and a pointer's note (how a plume scores) opened over the bubble that
/// said why. While that bubble stands no note opens; after, they do again.
#[test]
fn no_pointers_note_opens_over_the_reason_a_move_was_refused() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = table_of(dir.path(), 2, 12, [1180.0, 820.0]);
    let note = |h: &Harness<'_, AviaryApp>| h.query_all_by_label("Show the side panel").count();
    let pad = h.get_by_label("Scores and log").rect().center();
    let rest_on = |h: &mut Harness<'_, AviaryApp>, steps: usize| {
        h.hover_at(pad);
        for _ in 0..steps {
            h.step();
        }
    };
    // The pointer rests on the score pad: its note opens.
    rest_on(&mut h, 4);
    assert_eq!(note(&h), 1, "a second's rest opens the pad's note");
    // A card dropped on the other seat's plume is refused.
    let other = first_plume(&h, "Seat 2").expect("Seat 2 has a plume");
    let hand = state(&mut h).hand(Seat(0)).to_vec();
    let from = centre(&h, &format!("hand: feather {}", hand[0]));
    drag(&mut h, from, other.center());
    rest_on(&mut h, 4);
    let toasts = h.state().toast_texts().join(" | ");
    assert!(toasts.contains("EP-R9"), "refused, and its bubble still up: {toasts}");
    assert_eq!(note(&h), 0, "no note over the refusal's bubble");
    // The bubble gone (after six seconds), notes open again.
    rest_on(&mut h, 30);
    assert!(h.state().toast_texts().is_empty(), "the bubble has gone");
    h.hover_at(pad + egui::vec2(1.0, 0.0));
    rest_on(&mut h, 4);
    assert_eq!(note(&h), 1, "notes open again once the bubble has gone");
}

/// Found by review 29: late in a game of four, a stray scroll bar stood at
/// the table's right edge beside the others' places. Their content came out
/// a point taller than its room (6 points of spacing followed the last row
/// of places). None shows now, in that game or in random ones.
#[test]
fn the_others_places_leave_no_stray_scroll_bar() {
    // A scroll bar's track or handle: a thin upright bar above `foot`.
    fn thin(shape: &egui::Shape, foot: f32, out: &mut Vec<egui::Rect>) {
        match shape {
            egui::Shape::Vec(v) => v.iter().for_each(|s| thin(s, foot, out)),
            egui::Shape::Rect(r)
                if r.rect.width() < 12.0 && r.rect.height() > 60.0 && r.rect.bottom() <= foot + 2.0 =>
            {
                out.push(r.rect);
            }
            _ => {}
        }
    }
    for seats in [3, 4, 6] {
        let dir = tempfile::tempdir().unwrap();
        let h = table_of(dir.path(), seats, 12, [1180.0, 820.0]);
        let deck = common::painted_words(&h).into_iter().find(|w| w.0 == "Deck").expect("the deck's title").1;
        let mut bars = Vec::new();
        h.output().shapes.iter().for_each(|c| thin(&c.shape, deck.top(), &mut bars));
        assert!(bars.is_empty(), "{seats} seats: a scroll bar beside the others' places: {bars:?}");
    }
    // And in the late game of four a new player saw.
    let dir = tempfile::tempdir().unwrap();
    let h = the_late_game_of_four(dir.path());
    let deck = common::painted_words(&h).into_iter().find(|w| w.0 == "Deck").expect("the deck's title").1;
    let mut bars = Vec::new();
    h.output().shapes.iter().for_each(|c| thin(&c.shape, deck.top(), &mut bars));
    assert!(bars.is_empty(), "late, four seats: a scroll bar beside the others' places: {bars:?}");
}

/// Found by review 29: a card held over another seat's plume for a moment
/// and let go there was refused, and the plume's note (how it scores),
/// opened as the card was let go, stayed open over the bubble that said
/// why. While that bubble stands, a plume's note is shut.
#[test]
fn a_plumes_note_does_not_stay_open_over_a_refusal() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = table_of(dir.path(), 2, 12, [1180.0, 820.0]);
    let note = |h: &Harness<'_, AviaryApp>| {
        h.query_all(egui_kittest::kittest::by().predicate(|n| {
            n.label().or(n.value()).is_some_and(|l| l.contains("top row counts") || l.contains("face-down card stays"))
        }))
        .count()
    };
    let to = first_plume(&h, "Seat 2").expect("Seat 2 has a plume").center();
    // Pointed at, the plume says how it scores.
    h.hover_at(to);
    for _ in 0..6 {
        h.step();
    }
    assert!(note(&h) > 0, "a plume pointed at says how it scores");
    h.hover_at(Pos2::new(5.0, 5.0));
    h.run();
    // A card held over it for a second, and let go there.
    let hand = state(&mut h).hand(Seat(0)).to_vec();
    let from = centre(&h, &format!("hand: feather {}", hand[0]));
    h.drag_at(from);
    h.run();
    h.hover_at(Pos2::new(f32::midpoint(from.x, to.x), f32::midpoint(from.y, to.y)));
    h.run();
    h.hover_at(to);
    for _ in 0..4 {
        h.step();
    }
    // Let go there, the pointer staying where it is (as a hand does).
    h.event(egui::Event::PointerButton {
        pos: to,
        button: egui::PointerButton::Primary,
        pressed: false,
        modifiers: Modifiers::NONE,
    });
    for _ in 0..5 {
        h.step();
    }
    let toasts = h.state().toast_texts().join(" | ");
    assert!(toasts.contains("EP-R9"), "refused, and its bubble still up: {toasts}");
    assert_eq!(note(&h), 0, "the plume's note is shut while the refusal's bubble stands");
}

/// Reviews 27 to 31 and an A/B review: "plume 1 (−13)" over every fan, a
/// bare name with its score far to its right, and "human · 1 card in hand"
/// under one's own name read as a diagram's captions and a program's status
/// line. The table says them with pieces: each name on a plate with its
/// score on a chip, each plume's score on a chip over its fan (the plume
/// named on hover and to screen readers), and nothing under one's own name
/// that the table shows already.
#[test]
fn names_and_scores_lie_on_plates_and_chips_not_in_captions() {
    let dir = tempfile::tempdir().unwrap();
    let h = the_late_game_of_four(dir.path());
    let words: Vec<String> = common::painted_words(&h).into_iter().map(|w| w.0).collect();
    let captions: Vec<&String> =
        words.iter().filter(|w| w.starts_with("plume ") || w.starts_with("peacock ")).collect();
    assert!(captions.is_empty(), "no plume is captioned by its name on the table: {captions:?}");
    assert!(
        !words.iter().any(|w| w.contains("human") || w.contains("card in hand") || w.contains("cards in hand")),
        "nothing under one's name: {words:?}"
    );
    // Player 3's first plume scores −4 (the save): its chip says so, and
    // screen readers still hear the plume's name and score.
    assert!(words.iter().any(|w| w == "\u{2212}4"), "the plume's score on its chip: {words:?}");
    assert!(first_plume(&h, "Player 3").is_some(), "Player 3's first plume is named for screen readers");
    // Each name on its plate, its score on the plate's chip beside it.
    for (name, score) in [("Player 1", "\u{2212}47"), ("Player 2", "\u{2212}35"), ("Player 4", "\u{2212}30")] {
        let plate = h.get_by_label(name).rect();
        let chip = h.get_by_label(score).rect();
        assert!(
            (chip.right() - plate.right()).abs() < 1.0
                && chip.left() > plate.left() + 40.0
                && (chip.center().y - plate.center().y).abs() < 2.0,
            "{name}'s score on a chip at its plate's end: {plate:?} {chip:?}"
        );
    }
}

/// Reviews 28, 29 and two A/B reviews: the hand-off was "a web form's
/// dialog" (a card of board with a heading, a line of explanation and a
/// green button) in the hand's place. Now the hand of the person the game
/// waits for lies there face down, fanned as it will be held, with the
/// plaque that turns it up laid across it; shown, the cards are held in
/// the same place.
#[test]
fn the_hand_off_is_that_persons_hand_face_down_with_a_plaque_across_it() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness(common::app(dir.path()));
    h.run();
    two_people(&mut h);
    let backs = h.get_by_label("Ada's hand: 9 cards, face down").rect();
    let plaque = h.get_by_label("I am Ada: show my cards").rect();
    assert!(backs.contains(plaque.center()), "the plaque lies across her face-down hand: {backs:?} {plaque:?}");
    assert!(h.query_by_label("Every hand is hidden; the table is public.").is_none(), "no dialog's explanation");
    let words: Vec<String> = common::painted_words(&h).into_iter().map(|w| w.0).collect();
    assert!(!words.iter().any(|w| w.starts_with("Every hand is hidden")), "no line of explanation: {words:?}");
    h.get_by_label("I am Ada: show my cards").click();
    h.run();
    let hand: Vec<egui::Rect> = h
        .query_all(egui_kittest::kittest::by().predicate(|n| n.label().is_some_and(|l| l.starts_with("hand: "))))
        .map(|n| n.rect())
        .collect();
    assert_eq!(hand.len(), 9, "Ada sees her nine cards");
    let middle = hand.iter().fold(egui::Rect::NOTHING, |a, r| a.union(*r)).center();
    assert!(
        (middle.x - backs.center().x).abs() < 40.0 && (middle.y - backs.center().y).abs() < 60.0,
        "her cards are held where they lay face down: {middle:?} against {backs:?}"
    );
}

/// Reviews 25 to 31 and an A/B review, at 800 x 600 late in a game of
/// four: a seat's last plume lay alone on a second line under the others
/// ("the layout looks broken"). Each seat's plumes keep one line there,
/// the smallest cards a little closer together.
#[test]
fn in_a_low_window_each_seats_plumes_keep_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let h = the_late_game_of_four_at(dir.path(), [800.0, 600.0], 8);
    for seat in ["Player 2", "Player 3", "Player 4"] {
        let plumes: Vec<egui::Rect> = h
            .query_all(egui_kittest::kittest::by().predicate(|n| {
                // ("Player 2 plume 3 −11": its number and score, no more.)
                let plume = |l: String| {
                    l.strip_prefix(&format!("{seat} plume ")).is_some_and(|rest| rest.split(' ').count() == 2)
                };
                n.label().is_some_and(plume) || n.value().is_some_and(plume)
            }))
            .map(|n| n.rect())
            .collect();
        assert!(plumes.len() >= 2, "{seat}'s plumes: {plumes:?}");
        let tops: Vec<f32> = plumes.iter().map(egui::Rect::top).collect();
        assert!(tops.iter().all(|t| (t - tops[0]).abs() < 1.0), "{seat}'s plumes on one line: {plumes:?}");
    }
}

/// Review 32: the "new" over a card just drawn was faint gold words above
/// the card, cut off at the row's top (and in a low window it ran into the
/// hand's title). It is a tag on the card's top edge, inside the card.
#[test]
fn a_card_just_drawn_carries_its_new_tag_on_its_own_edge() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = the_late_game_of_four(dir.path());
    let before: Vec<String> = state(&mut h).hand(Seat(0)).iter().map(ToString::to_string).collect();
    h.get_by_label("Draw a card").click();
    h.run_steps(6);
    let drawn = state(&mut h).hand(Seat(0)).iter().map(ToString::to_string).find(|c| !before.contains(c));
    let drawn = drawn.expect("a card was drawn");
    let card = h.get_by_label(&format!("hand: feather {drawn}")).rect();
    let tag = common::painted_words(&h).into_iter().find(|w| w.0 == "new").expect("the drawn card is tagged new").1;
    assert!(card.expand(1.0).contains_rect(tag), "the tag lies on the card's own edge: {tag:?} in {card:?}");
}

/// Review 32: at six seats the last seat's peacock pressed against the
/// table's rim, and the others' hands were "a tiny icon" by their names.
/// The others' places keep off the rim, and their hands' backs stand as
/// tall as the name's plate.
#[test]
fn the_others_places_keep_off_the_rim_and_their_hands_are_plain_to_see() {
    let dir = tempfile::tempdir().unwrap();
    // Late in a game of four the row of places fills the table's width:
    // the first place's plate stands a finger's width in from the rim
    // (36 points from the window's edge, the last place's peacock pressed
    // against the rim at the far side), and the
    // row is laid in the middle, so the last keeps as far off it.
    let late = tempfile::tempdir().unwrap();
    let four = the_late_game_of_four(late.path());
    let first = four.get_by_label("Player 2").rect();
    assert!(first.left() >= 40.0, "the first place keeps off the rim: {first:?}");
    let mut h = table_of(dir.path(), 6, 40, [1180.0, 820.0]);
    let g = state(&mut h);
    for k in 2..=6 {
        let name = format!("Seat {k}");
        let plate = h.get_by_label(&name).rect();
        let held = g.hand(Seat(k - 1)).len();
        if held == 0 {
            continue;
        }
        let backs = format!("{name}: {} in hand, face down", aviary::rules::words::count(held, "card"));
        let backs = h.get_by_label(&backs).rect();
        assert!(backs.height() >= plate.height() - 2.0, "{name}'s hand beside its plate: {backs:?} {plate:?}");
    }
}

/// The angles of the shapes painted turned (more than a degree) with their
/// centre in `area`.
fn turned(shape: &egui::Shape, area: egui::Rect, out: &mut Vec<f32>) {
    match shape {
        egui::Shape::Rect(r) if area.contains(r.rect.center()) && r.angle.abs() > 0.02 => out.push(r.angle),
        egui::Shape::Vec(v) => v.iter().for_each(|s| turned(s, area, out)),
        _ => {}
    }
}

/// Found by new players: one or two cards lay side by side, level, under
/// a "your hand" caption, "displayed, not held". However few, the hand is
/// held: its cards overlap and turn out from the middle, and nothing
/// captions it (screen readers still hear whose hand it is).
#[test]
fn even_two_cards_are_held_as_a_fan_with_no_caption() {
    let dir = tempfile::tempdir().unwrap();
    let h = (16..90)
        .step_by(2)
        .map(|turns| table_of(dir.path(), 4, turns, [1180.0, 820.0]))
        .find(|h| card_rects(h, "hand").len() == 2)
        .expect("a turn at which Ada holds two cards");
    let mut hand = card_rects(&h, "hand");
    hand.sort_by(|a, b| a.left().total_cmp(&b.left()));
    assert!(hand[1].left() < hand[0].right() - hand[0].width() * 0.25, "the two cards overlap as held: {hand:?}");
    assert!(hand[1].left() - hand[0].left() >= hand[0].width() * 0.5, "each value in view: {hand:?}");
    let words = common::painted_words(&h);
    assert!(!words.iter().any(|w| w.0.eq_ignore_ascii_case("your hand")), "no caption by the hand");
    h.get_by_label_contains("Your hand (Ada)");
    // Turned out from the middle: shapes painted at a slant over each card.
    for (k, card) in hand.iter().enumerate() {
        let mut angles = Vec::new();
        h.output().shapes.iter().for_each(|c| turned(&c.shape, card.shrink(card.width() * 0.3), &mut angles));
        let side = if k == 0 { -1.0 } else { 1.0 };
        assert!(angles.iter().any(|a| a * side > 0.0), "card {k} turned outwards: {angles:?}");
    }
}

/// Found by new players (three reviews): early in a game a band of bare
/// cloth lay between the others' plumes and the Train, and the right half
/// beside one's own plumes was bare: "half a table". Where the others
/// leave room, every card grows into it (the Train's, the plumes', the
/// hand's), and late in a game, with less room to spare, they grow less.
#[test]
fn early_in_a_game_the_cards_grow_into_the_bare_cloth() {
    let dir = tempfile::tempdir().unwrap();
    let train_usual = 64.0 * 1.12;
    let mut h = table_of(dir.path(), 4, 16, [1180.0, 820.0]);
    h.run();
    let train = card_rects(&h, "train");
    let others = card_rects(&h, "Seat ");
    assert!(!train.is_empty() && !others.is_empty(), "the Train and the others' plumes are on the table");
    let others_foot = bottom_of(&others);
    let train_top = train.iter().map(egui::Rect::top).fold(f32::INFINITY, f32::min);
    assert!(train[0].width() > train_usual * 1.08, "the Train's cards grew: {:?}", train[0]);
    // (From the others' cards' foot: their plumes' tails and the Train's
    // title lie between, and 16 points are kept; 150 lay bare before.)
    assert!(train_top - others_foot < 100.0, "bare cloth between the others and the Train: {others_foot}..{train_top}");
    let ada = card_rects(&h, "Ada plume");
    assert!(ada.iter().all(|c| c.width() >= others[0].width() - 0.5), "one's own cards as large as theirs");
    // Late, the others' plumes need the room: the cards grow less, if at
    // all, and every mat stays whole.
    let early = train[0].width();
    let late = the_late_game_of_four_at(dir.path(), [1180.0, 820.0], 8);
    let train = card_rects(&late, "train");
    assert!(train[0].width() < early - 2.0, "late in the game the Train grows less: {:?} ({early} early)", train[0]);
    assert!(
        late.query_by_label_contains("continue below").is_none()
            && late.query_by_label_contains("further down").is_none(),
        "a seat's mat runs past the table"
    );
}

/// Found by new players (reviews 33 and 34): an italic "click to draw"
/// under the deck was "the most software-like touch" of the table. Once a
/// draw is allowed, the deck says so by its gold ring, its hover and the
/// turn's words by the hand, with no caption under it.
#[test]
fn the_deck_offers_a_draw_by_its_ring_not_a_caption() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = table_of(dir.path(), 2, 20, [1180.0, 820.0]);
    while state(&mut h).current() == Seat(0)
        && let Some(play) = state(&mut h).legal_actions().into_iter().find(|a| matches!(a, Action::Play { .. }))
    {
        tab(&mut h).table.propose(play, &mut Vec::new()).unwrap();
    }
    h.run();
    assert!(state(&mut h).legal_actions().contains(&Action::Draw), "Ada may draw");
    let deck = h.get_by_label("Draw a card").rect();
    let words = common::painted_words(&h);
    assert!(!words.iter().any(|w| w.0.contains("click to draw")), "no caption under the deck");
    // Its ring: a stroke in the selection's gold just outside the deck.
    let gold = [false, true].map(|dark| aviary::ui::theme::palette(dark).selection);
    let ringed = h.output().shapes.iter().any(|c| match &c.shape {
        egui::Shape::Rect(r) => {
            gold.contains(&r.stroke.color) && r.rect.contains_rect(deck) && r.rect.width() < deck.width() + 12.0
        }
        _ => false,
    });
    assert!(ringed, "the deck ringed in gold while a draw is allowed");
    h.get_by_label_contains("Click the deck to draw");
}

/// Found by a new player (review 34): once the hand was played out, bare
/// cloth lay where it had been, as if something were missing. The hand's
/// place stays on the table, saying it is empty, until cards are drawn.
#[test]
fn a_hand_played_out_leaves_its_place_on_the_table() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = table_until(dir.path(), 2, [1180.0, 820.0], |g, rng| {
        let legal = g.legal_actions();
        let ada = g.current() == Seat(0);
        if ada && g.hand(Seat(0)).is_empty() && g.phase() == Phase::Play {
            return None;
        }
        // Ada plays whenever she may, so her hand runs out; the computer
        // (and Ada's replenishing) at random.
        let play = legal.iter().find(|a| ada && matches!(a, Action::Play { .. }));
        Some(play.cloned().unwrap_or_else(|| legal[rng.below(legal.len())].clone()))
    });
    let g = state(&mut h);
    assert!(g.current() == Seat(0) && g.hand(Seat(0)).is_empty(), "Ada to move with an empty hand");
    let place = h.get_by_label("Your hand (Ada): empty").rect();
    assert!(place.height() > 60.0, "the hand's place keeps its room: {place:?}");
    let words = common::painted_words(&h);
    let said = words.iter().find(|w| w.0 == "hand empty").expect("the place says the hand is empty");
    assert!(place.contains(said.1.center()), "said in the hand's place: {:?} in {place:?}", said.1);
}

/// A new player (review 35) saw the table shift by a few points as a card
/// was laid: a new plume, whose room one's own plumes rightly make by
/// growing a little smaller. Laying a card in a row a plume already has
/// leaves the Train's cards and the others' where they were, at their size.
#[test]
fn laying_a_card_in_ones_own_plume_leaves_the_rest_of_the_table_still() {
    for (seats, turns) in [(4, 0), (2, 30), (4, 40), (6, 30)] {
        let dir = tempfile::tempdir().unwrap();
        let mut h = if turns == 0 {
            the_late_game_of_four(dir.path())
        } else {
            let mut h = table_of(dir.path(), seats, turns, [1180.0, 820.0]);
            h.run_steps(4);
            h
        };
        let g = state(&mut h);
        let me = g.current();
        // A card laid in a row one's plume already has (a new row or a
        // new plume may rightly take room from the rest).
        let Some(play) = g.legal_actions().into_iter().find(|a| match *a {
            Action::Play { plume, row, .. } => {
                g.plumes(me).get(usize::from(plume)).is_some_and(|p| usize::from(row) < p.rows.len())
            }
            _ => false,
        }) else {
            continue;
        };
        let before = card_rects(&h, "train");
        let others = |h: &Harness<'_, AviaryApp>| {
            let mut r = card_rects(h, "Player 2");
            r.extend(card_rects(h, "Seat 2"));
            r
        };
        let others_before = others(&h);
        tab(&mut h).table.propose(play.clone(), &mut Vec::new()).unwrap();
        h.run_steps(6);
        let train = card_rects(&h, "train");
        let same = |a: &[egui::Rect], b: &[egui::Rect]| {
            a.len() == b.len()
                && a.iter().zip(b).all(|(x, y)| (x.min - y.min).length() < 0.5 && (x.size() - y.size()).length() < 0.5)
        };
        assert!(same(&before, &train), "{seats} seats: the Train stays put after {play:?}: {before:?} then {train:?}");
        let others_after = others(&h);
        assert!(
            same(&others_before, &others_after),
            "{seats} seats: the others' cards stay put: {others_before:?} then {others_after:?}"
        );
    }
}

/// Found by a new player (review 35): the others' hands, shown as card
/// backs overlapping by their names, could not be counted. The backs carry
/// how many they are, on a chip over the front card.
#[test]
fn the_others_hands_say_how_many_cards_they_hold() {
    for size in [[1180.0, 820.0], [800.0, 600.0]] {
        let dir = tempfile::tempdir().unwrap();
        let mut h = table_of(dir.path(), 4, 40, size);
        h.run_steps(2);
        let g = state(&mut h);
        let words = common::painted_words(&h);
        for k in 1..4 {
            let held = g.hand(Seat(k)).len();
            let Some(backs) = h.query_by_label_contains(&format!("Seat {}: ", k + 1)).map(|n| n.rect()) else {
                continue;
            };
            let count = held.to_string();
            assert!(
                words.iter().any(|w| w.0 == count && backs.expand(2.0).contains(w.1.center())),
                "{size:?}: seat {}'s {held} cards counted on its backs at {backs:?}",
                k + 1
            );
        }
    }
}

/// Found by a new player (review 35): in a low window the deck's stack lay
/// pressed into the table's corner. It lies off the rim, no nearer it than
/// the history tokens above it.
#[test]
fn in_a_low_window_the_deck_lies_off_the_rim() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = table_of(dir.path(), 4, 10, [800.0, 600.0]);
    h.run_steps(2);
    let deck = h
        .query_by_label("Draw a card")
        .or_else(|| h.query_by_label_contains("deck"))
        .expect("the deck is on the table")
        .rect();
    let undo = h.get_by_label("Undo").rect();
    assert!(deck.left() >= undo.left(), "the deck {deck:?} off the rim, as the tokens are {undo:?}");
}
