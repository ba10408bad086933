//! The frame every game shares (`ui::tab::Tab`): the end-of-game window
//! with its result, "look at the board" and "show the result" again, the
//! new-game request and the rematch, the same for all five games.
#![allow(clippy::unwrap_used)]

use aviary::ai::Evaluate;
use aviary::rules::daedalus::Daedalus;
use aviary::rules::dust_wings::DustInTheWings;
use aviary::rules::enchanted_plumes::EnchantedPlumes;
use aviary::rules::feathers_wax::FeathersAndWax;
use aviary::rules::tail_feathers::TailFeathers;
use aviary::rules::tail_feathers::components::Alliance;
use aviary::rules::{Game, Rng, Setup};
use aviary::session::{Player, Session};
use aviary::table::Table;
use aviary::ui::tab::{Tab, View};
use aviary::ui::{GameTab, TabRequest, ViewSettings};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

const SETTINGS: ViewSettings =
    ViewSettings { dark: false, animations: false, computer_delay: 0.0, strict_undo: false, quick_card_windows: false };

/// A game played to its end by random legal moves, every seat a person.
fn finished<G: Evaluate>(seats: u8, options: G::Options, seed: u64) -> Session<G> {
    let players = vec![Player::Human; usize::from(seats)];
    let mut session = Session::new(Setup { seats, options }, seed, players);
    let mut rng = Rng::seeded(seed);
    for _ in 0..20_000 {
        if session.is_over() {
            return session;
        }
        let legal = session.state().legal_actions();
        let action = legal[rng.below(legal.len())].clone();
        session.propose(action).unwrap();
    }
    panic!("{} did not end in 20,000 random moves", G::INFO.name);
}

fn harness<V: View>(session: Session<V::Game>, dir: &std::path::Path) -> Harness<'static, Tab<V>> {
    let path = dir.join(format!("{}-finished.json", <V::Game as Game>::INFO.id));
    let tab = Tab::<V>::new(Table::new(session, path));
    Harness::builder().with_size([1280.0, 900.0]).build_ui_state(
        |ui, tab: &mut Tab<V>| {
            let mut notices = Vec::new();
            GameTab::ui(tab, ui, &SETTINGS, &mut notices);
            assert!(notices.iter().all(|n| !matches!(n, aviary::ui::Notice::Error(_))), "{notices:?}");
        },
        tab,
    )
}

/// Runs the shared end-of-game checks on a finished game of `V`.
fn end_window_works<V: View>(session: Session<V::Game>, heading: &str, rematch: &str, look: &str) {
    let dir = tempfile::tempdir().unwrap();
    let seed = session.seed();
    let players = session.players().to_vec();
    let mut h = harness::<V>(session, dir.path());
    h.step();
    h.step();
    // The end is signalled once, for the statistics.
    let finished = h.state_mut().take_request();
    assert!(matches!(&finished, Some(TabRequest::Finished(f)) if f.game == <V::Game as Game>::INFO.id), "{finished:?}");
    assert_eq!(h.state_mut().take_request(), None, "counted once");
    // The result is shown with the choices every game offers.
    h.get_by_label(heading);
    h.get_by_label("New game…");
    // Looking at the board closes the window; "Show the result" brings it back.
    h.get_by_label(look).click();
    h.step();
    h.step();
    assert!(h.query_by_label(heading).is_none(), "the window closed");
    h.get_by_label("Show the result").click();
    h.step();
    h.step();
    h.get_by_label(heading);
    // "New game…" asks the app for the new-game dialog of this game.
    h.get_by_label("New game…").click();
    h.step();
    assert_eq!(h.state_mut().take_request(), Some(TabRequest::NewGame(<V::Game as Game>::INFO.id)));
    h.step();
    h.get_by_label("Show the result").click();
    h.step();
    h.step();
    // A rematch: the same seats, a new seed, a fresh file, from move 0.
    let old_path = h.state().path().to_path_buf();
    h.get_by_label(rematch).click();
    h.step();
    h.step();
    let tab = h.state_mut();
    let log = tab.view.table().session().log();
    assert!(log.iter().all(|e| e.seat.is_none()), "the rematch starts from the beginning (only chance has moved)");
    assert!(!tab.is_over());
    assert_ne!(tab.path(), old_path, "the finished game keeps its own file");
    assert_eq!(tab.view.table().session().players(), players.as_slice());
    assert_ne!(tab.view.table().session().seed(), seed, "a rematch is a new deal");
    tab.view.table_mut().wait_for_autosave().unwrap();
    assert!(tab.path().exists(), "the rematch is saved at once");
    assert!(h.query_by_label(heading).is_none() || heading.is_empty());
}

#[test]
fn daedalus_end_window_rematch_and_new_game() {
    let session = finished::<Daedalus>(2, <Daedalus as Game>::Options::default(), 7);
    let winners = session.state().outcome().unwrap().winners;
    let heading = match winners.first() {
        Some(s) => format!("{} wins", if s.0 == 0 { "White" } else { "Black" }),
        None => "Draw".to_string(),
    };
    end_window_works::<aviary::ui::daedalus::DaedalusView>(session, &heading, "Rematch", "Look at the board");
}

#[test]
fn dust_in_the_wings_end_window_rematch_and_new_game() {
    let session = finished::<DustInTheWings>(3, <DustInTheWings as Game>::Options::default(), 11);
    end_window_works::<aviary::ui::dust_wings::WingsView>(session, "Final scores", "Rematch", "Look at the meadow");
}

/// Found by new players: the end window listed one sentence per seat ("a
/// text dump"). It is a score pad: the seats in order of place, each with
/// the parts of its score in their columns and its total.
#[test]
fn dust_in_the_wings_ends_on_a_score_pad_in_order_of_place() {
    let session = finished::<DustInTheWings>(3, <DustInTheWings as Game>::Options::default(), 11);
    let state = session.state().clone();
    let outcome = state.outcome().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness::<aviary::ui::dust_wings::WingsView>(session, dir.path());
    h.step();
    h.step();
    for column in ["Compositions (points)", "Black", "White", "Total"] {
        h.get_by_label(column);
    }
    // The Gathering cards only break ties: after the total, not among the
    // parts added up (a new player read them as added in).
    let ties = h.get_by_label("Gathering cards (ties only)").rect();
    assert!(ties.left() > h.get_by_label("Total").rect().right(), "the tie-breaker column after the total");
    let mut lines: Vec<(f32, i32, bool)> = Vec::new();
    for s in (0..3).map(aviary::rules::Seat) {
        let name = h.query_all_by_label(&state.seat_name(s)).last().expect("each seat on the pad").rect();
        let score = state.tableau(s).score();
        let text = score.to_string();
        let total = h
            .query_all_by_label(&text)
            .find(|n| (n.rect().center().y - name.center().y).abs() < 14.0)
            .expect("the total on the seat's line");
        assert!(total.rect().left() > name.right(), "the total to the right of the name");
        lines.push((name.top(), score, outcome.winners.contains(&s)));
    }
    lines.sort_by(|a, b| a.0.total_cmp(&b.0));
    assert!(lines[0].2, "the winner's line comes first: {lines:?}");
    assert!(lines.windows(2).all(|w| w[0].1 >= w[1].1 || w[0].2), "then by score: {lines:?}");
}

#[test]
fn enchanted_plumes_end_window_rematch_and_new_game() {
    let session = finished::<EnchantedPlumes>(2, <EnchantedPlumes as Game>::Options::default(), 5);
    end_window_works::<aviary::ui::enchanted_plumes::PlumesView>(
        session,
        "Final scores",
        "Rematch",
        "Look at the table",
    );
}

#[test]
fn feathers_and_wax_end_window_new_deal_and_replay() {
    let session = finished::<FeathersAndWax>(1, <FeathersAndWax as Game>::Options::default(), 3);
    let heading = if session.state().outcome().unwrap().winners.is_empty() { "Lost" } else { "Escaped! You won" };
    let seed = session.seed();
    end_window_works::<aviary::ui::feathers_wax::FeathersView>(
        finished::<FeathersAndWax>(1, <FeathersAndWax as Game>::Options::default(), 3),
        heading,
        "New deal",
        "Look at the table",
    );
    // "Replay this deal" keeps the seed.
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness::<aviary::ui::feathers_wax::FeathersView>(session, dir.path());
    h.step();
    h.step();
    h.get_by_label("Replay this deal").click();
    h.step();
    let tab = h.state_mut();
    assert!(tab.view.table().session().log().iter().all(|e| e.seat.is_none()));
    assert_eq!(tab.view.table().session().seed(), seed, "the same deal again");
}

/// A game of Tail Feathers played to a win: attacks and hits on nests
/// taken three times in four when offered (random play ends in a draw at
/// the round limit, its nests untouched), the first seed from `seed` that
/// someone wins.
fn won_tail_feathers(seed: u64) -> Session<TailFeathers> {
    use aviary::rules::tail_feathers::game::{Action, Target};
    for seed in seed..seed + 20 {
        let players = vec![Player::Human; 2];
        let mut session: Session<TailFeathers> =
            Session::new(Setup { seats: 2, options: <TailFeathers as Game>::Options::default() }, seed, players);
        let mut rng = Rng::seeded(seed);
        while !session.is_over() {
            let legal = session.state().legal_actions();
            let eager: Vec<&Action> = legal
                .iter()
                .filter(|a| {
                    matches!(
                        a,
                        Action::Strike { .. }
                            | Action::Shoot { .. }
                            | Action::Swoop
                            | Action::AssignHit(Target::Nest(_))
                    )
                })
                .collect();
            let action = if !eager.is_empty() && rng.below(4) > 0 {
                eager[rng.below(eager.len())].clone()
            } else {
                legal[rng.below(legal.len())].clone()
            };
            session.propose(action).unwrap();
        }
        if session.state().outcome().is_some_and(|o| !o.winners.is_empty()) {
            return session;
        }
    }
    panic!("no side won from seed {seed} on");
}

#[test]
fn tail_feathers_end_window_rematch_and_new_game() {
    let session = won_tail_feathers(3);
    let outcome = session.state().outcome().unwrap();
    let heading = if outcome.winners == [aviary::rules::Seat(0)] { "The mice win" } else { "The rats win" };
    // The window tells how it ended: the reason, the nests' life and the
    // round.
    let state = session.state().clone();
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness::<aviary::ui::tail_feathers::SkirmishView>(session.clone(), dir.path());
    h.step();
    h.step();
    h.get_by_label(heading);
    h.get_by_label(&outcome.reason);
    h.get_by_label(&format!(
        "Nests: mice {} life, rats {} life; round {}",
        state.nest_life(Alliance::Mice),
        state.nest_life(Alliance::Rats),
        state.round()
    ));
    drop(h);
    end_window_works::<aviary::ui::tail_feathers::SkirmishView>(session, heading, "Rematch", "Look at the battlefield");
}
