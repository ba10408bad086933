//! Positions and actions from outside can never panic: a forged view (a
//! friend's copy, a host's position over the network) is refused by the
//! game's own check with a message, before anything draws it, and with no
//! panic anywhere on the way, caught or not; the functions views and the
//! computer's advice call stand even a view that was never checked; and an
//! action that names a component the game's options leave out is refused
//! with the option's rule.
#![allow(clippy::unwrap_used)]

use std::cell::Cell;
use std::sync::Once;

use aviary::rules::dust_wings::DustInTheWings;
use aviary::rules::enchanted_plumes::EnchantedPlumes;
use aviary::rules::feathers_wax::FeathersAndWax;
use aviary::rules::tail_feathers::components::Alliance;
use aviary::rules::tail_feathers::game::{Action, Options, Place, TailFeathers, Target, leaf_space};
use aviary::rules::{Game, Rng, Seat, Setup};
use aviary::save;
use aviary::view_fuzz;
use serde_json::{Value, json};

thread_local! {
    static PANICS: Cell<usize> = const { Cell::new(0) };
}

/// Counts the panics of each test's thread (caught ones too).
fn count_panics() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let earlier = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            PANICS.with(|p| p.set(p.get() + 1));
            earlier(info);
        }));
    });
}

/// What `check_state` says of the state `doc` reads as, and how many
/// panics happened on the way (caught by its containment or not).
fn verdict<G: Game>(doc: &Value) -> (Result<(), String>, usize) {
    count_panics();
    let state: G = view_fuzz::from_doc(doc).unwrap();
    PANICS.with(|p| p.set(0));
    let v = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| save::check_state(&state)))
        .unwrap_or_else(|_| Err("panicked".into()));
    (v, PANICS.with(Cell::get))
}

/// The forged view is refused with a message that says `why`, and nothing
/// panicked.
fn refused<G: Game>(doc: &Value, why: &str) {
    let (v, panics) = verdict::<G>(doc);
    assert_eq!(panics, 0, "checking the view panicked ({v:?})");
    let err = v.expect_err("a forged view is refused");
    assert!(err.contains(why), "the refusal says {why:?}: {err}");
}

fn tf_view(options: Options, steps: usize) -> Value {
    let mut g = TailFeathers::new(&Setup { seats: 2, options }, 7);
    let mut rng = Rng::seeded(7);
    for _ in 0..steps {
        let legal = g.legal_actions();
        let Some(a) = rng.pick(&legal).cloned() else { break };
        g.apply(&a).unwrap();
    }
    let (v, panics) = verdict::<TailFeathers>(&view_fuzz::to_doc(&g.observation(Seat(1))).unwrap());
    assert_eq!((v, panics), (Ok(()), 0), "a real view is accepted");
    view_fuzz::to_doc(&g.observation(Seat(1))).unwrap()
}

#[test]
fn a_tail_feathers_view_naming_a_first_player_who_does_not_exist_is_refused() {
    let mut doc = tf_view(Options::default(), 40);
    doc["first"] = json!(2);
    refused::<TailFeathers>(&doc, "the first player names seat 2");
}

#[test]
fn a_tail_feathers_view_with_a_ballista_in_space_250_is_refused() {
    let mut doc = tf_view(Options::every_additional_rule(), 60);
    doc["ballistas"][0] = json!({"space": 250, "wounds": 0, "built": 1, "activated": false});
    refused::<TailFeathers>(&doc, "there is no space 250");
}

#[test]
fn a_tail_feathers_view_with_card_200_in_a_hand_is_refused() {
    let mut doc = tf_view(Options::every_additional_rule(), 60);
    doc["hands"][1]["cards"][0] = json!(200);
    refused::<TailFeathers>(&doc, "there is no action card 200");
}

#[test]
fn a_tail_feathers_view_with_a_figure_in_space_250_is_refused() {
    let mut doc = tf_view(Options::default(), 60);
    doc["figures"][4]["place"] = json!({"Space": 250});
    refused::<TailFeathers>(&doc, "there is no space 250");
}

#[test]
fn a_tail_feathers_view_with_a_mission_card_on_spot_8_is_refused() {
    let mut doc = tf_view(Options::default(), 60);
    doc["cards"][0] = json!({"kind": "Decoy", "spot": 8, "revealed": true});
    refused::<TailFeathers>(&doc, "a mission card lies on spot 8");
}

#[test]
fn a_tail_feathers_view_with_a_figure_on_a_leaf_without_the_leaves_rule_is_refused() {
    let mut doc = tf_view(Options::default(), 60);
    doc["figures"][4]["place"] = json!({"Space": leaf_space(0)});
    refused::<TailFeathers>(&doc, "leaves (TF-R26) are not in this game");
}

fn dust_view() -> Value {
    let mut g = DustInTheWings::new(&Setup { seats: 3, options: aviary::rules::dust_wings::Options::default() }, 5);
    let mut rng = Rng::seeded(5);
    for _ in 0..40 {
        let legal = g.legal_actions();
        let Some(a) = rng.pick(&legal).cloned() else { break };
        g.apply(&a).unwrap();
    }
    view_fuzz::to_doc(&g.observation(Seat(0))).unwrap()
}

#[test]
fn a_dust_in_the_wings_view_with_255_butterflies_on_a_space_is_refused() {
    let mut doc = dust_view();
    doc["meadow"][12] = json!([255, 255, 255]);
    refused::<DustInTheWings>(&doc, "the game has 16 of each colour");
}

#[test]
fn a_dust_in_the_wings_view_with_composition_card_25_is_refused() {
    let mut doc = dust_view();
    doc["tableaux"][1]["compositions"] = json!([25]);
    refused::<DustInTheWings>(&doc, "there is no Composition card 25");
}

#[test]
fn a_dust_in_the_wings_view_with_crystals_past_255_is_refused() {
    let mut doc = dust_view();
    doc["tableaux"][0]["black"] = json!(255);
    doc["tableaux"][1]["black"] = json!(255);
    refused::<DustInTheWings>(&doc, "black and");
}

/// Found by the long fuzz run: the check's own message counted seat 255
/// plus one.
#[test]
fn a_dust_in_the_wings_view_with_seat_255_to_play_is_refused() {
    let mut doc = dust_view();
    doc["current"] = json!(255);
    refused::<DustInTheWings>(&doc, "a seat past the 3 of this game");
}

/// The scores, previews and the computer's planner stand a view that was
/// never checked (255 butterflies a space, Composition card 25): they
/// answer, they do not panic.
#[test]
fn dust_in_the_wings_scores_and_advice_stand_an_unchecked_view() {
    let mut doc = dust_view();
    doc["meadow"][12] = json!([255, 255, 255]);
    doc["meadow"][13] = json!([255, 0, 0]);
    doc["tableaux"][1]["compositions"] = json!([25, 3]);
    let g: DustInTheWings = view_fuzz::from_doc(&doc).unwrap();
    let score = g.tableau(Seat(1)).score();
    assert!(score >= 0);
    let _ = g.tableau(Seat(9)).score();
    for i in 0..25 {
        let _ = g.preview(aviary::rules::grid::Square::from_index(i, 5));
    }
    let _ = aviary::ai::dust_wings::plans(&g, 500);
    let _ = aviary::ai::dust_wings::reach(&g, 500);
}

#[test]
fn an_enchanted_plumes_view_with_an_empty_plume_row_is_refused() {
    let mut g =
        EnchantedPlumes::new(&Setup { seats: 3, options: aviary::rules::enchanted_plumes::Options::default() }, 9);
    let mut rng = Rng::seeded(9);
    while g.plumes(Seat(0)).is_empty() || g.current() == Seat(0) {
        let legal = g.legal_actions();
        let a = rng.pick(&legal).cloned().unwrap();
        g.apply(&a).unwrap();
    }
    let mut doc = view_fuzz::to_doc(&g.observation(Seat(1))).unwrap();
    doc["plumes"][0][0]["rows"].as_array_mut().unwrap().push(json!([]));
    refused::<EnchantedPlumes>(&doc, "or an empty one");
}

/// The placement check a view tints its drop targets with, the face-down
/// question and the legal actions stand a plume with no rows in a view
/// that was never checked.
#[test]
fn enchanted_plumes_placements_stand_an_unchecked_plume_with_no_rows() {
    let mut g =
        EnchantedPlumes::new(&Setup { seats: 2, options: aviary::rules::enchanted_plumes::Options::default() }, 4);
    let mut rng = Rng::seeded(4);
    while g.plumes(g.current()).is_empty() || g.turn().played > 0 {
        let legal = g.legal_actions();
        let a = rng.pick(&legal).cloned().unwrap();
        g.apply(&a).unwrap();
    }
    let seat = g.current();
    let mut doc = view_fuzz::to_doc(&g).unwrap();
    doc["plumes"][seat.index()][0]["rows"] = json!([]);
    let g: EnchantedPlumes = view_fuzz::from_doc(&doc).unwrap();
    let card = g.hand(seat)[0];
    for row in 0..3 {
        let _ = (g.check_place(seat, card, 0, row), g.would_complete(seat, 0, row));
    }
    let _ = (g.legal_actions(), g.check_place(Seat(7), card, 0, 0), g.would_complete(Seat(7), 0, 1));
}

/// The shape of a mission card on a spot the battlefield does not have is
/// none, not a panic (a view that was never checked).
#[test]
fn tail_feathers_mission_shape_stands_an_unchecked_spot() {
    let mut doc = tf_view(Options::default(), 60);
    doc["cards"][0] = json!({"kind": "Decoy", "spot": 8, "revealed": true});
    let g: TailFeathers = view_fuzz::from_doc(&doc).unwrap();
    assert!(g.target_shape(Target::Mission(Alliance::Mice)).is_none());
}

#[test]
fn a_feathers_and_wax_view_with_daedalus_outside_the_labyrinth_is_refused() {
    let mut g = FeathersAndWax::new(&Setup { seats: 1, options: aviary::rules::feathers_wax::Options::default() }, 3);
    for _ in 0..3 {
        let a = g.legal_actions()[0].clone();
        g.apply(&a).unwrap();
    }
    let mut doc = view_fuzz::to_doc(&g.observation(Seat(0))).unwrap();
    doc["walker"] = json!({"At": {"x": 40, "y": 7}});
    refused::<FeathersAndWax>(&doc, "outside the labyrinth");
}

/// A position of a random game (attacks preferred) where a figure standing
/// in a space may shoot, the shot, and the game's seed and moves.
fn a_shot(options: &Options) -> (TailFeathers, Action, u64, Vec<Action>) {
    for seed in 1..200 {
        let mut g = TailFeathers::new(&Setup { seats: 2, options: options.clone() }, seed);
        let mut rng = Rng::seeded(seed);
        let mut moves = Vec::new();
        for _ in 0..3000 {
            let legal = g.legal_actions();
            // A shooter standing in a space: measured from the space's
            // outline (a flying bird is measured from its round base).
            let in_space = |f: u8| matches!(g.figure(f).place, Place::Space(_));
            if let Some(a) = legal.iter().find(|a| matches!(a, Action::Shoot { figure, .. } if in_space(*figure))) {
                return (g, a.clone(), seed, moves);
            }
            let eager: Vec<&Action> =
                legal.iter().filter(|a| matches!(a, Action::Strike { .. } | Action::Activate(_))).collect();
            let a = match rng.pick(&eager) {
                Some(a) if rng.below(2) == 0 => (*a).clone(),
                _ => match rng.pick(&legal) {
                    Some(a) => a.clone(),
                    None => break,
                },
            };
            g.apply(&a).unwrap();
            moves.push(a);
        }
    }
    panic!("no shot in 200 games");
}

/// The save: a shot at a leaf's space in a game without leaves
/// panicked in the geometry (an empty outline). It is refused with the
/// leaves' rule, on the table and in a save.
#[test]
fn tf_r26_a_shot_at_a_leaf_in_a_game_without_leaves_is_refused_with_the_leaves_rule() {
    count_panics();
    let (g, shot, seed, moves) = a_shot(&Options::default());
    let Action::Shoot { figure, .. } = shot else { unreachable!() };
    let at_leaf = Action::Shoot { figure, target: Target::Space(leaf_space(0)) };
    PANICS.with(|p| p.set(0));
    let v = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| g.check(&at_leaf)))
        .expect("the check does not panic")
        .expect_err("refused");
    assert_eq!(PANICS.with(Cell::get), 0);
    assert_eq!(v.rule, "TF-R26", "{v}");
    assert!(v.reason.contains("leaves are an additional rule"), "{v}");
    for a in [
        Action::Strike { figure, target: Target::Space(leaf_space(1)) },
        Action::AssignHit(Target::Space(leaf_space(0))),
    ] {
        assert_eq!(g.check(&a).unwrap_err().rule, "TF-R26", "{a:?}");
    }
    // The same shot as the last move of a save: refused by its rule, not
    // caught as a crash.
    let players = vec![aviary::session::Player::Human; 2];
    let mut session: aviary::session::Session<TailFeathers> =
        aviary::session::Session::new(Setup { seats: 2, options: Options::default() }, seed, players);
    for a in moves {
        session.propose(a).unwrap();
    }
    let mut doc: Value = serde_json::from_str(&save::to_text(&save::record(&session))).unwrap();
    doc["actions"].as_array_mut().unwrap().push(serde_json::to_value(&at_leaf).unwrap());
    doc["cursor"] = json!(null);
    let file = save::parse(&doc.to_string()).unwrap();
    match save::restore::<TailFeathers>(&file) {
        Err(save::SaveError::Illegal { violation, .. }) => assert_eq!(violation.rule, "TF-R26", "{violation}"),
        other => panic!("the save is refused by TF-R26: {:?}", other.map(|s| s.cursor())),
    }
    assert_eq!(PANICS.with(Cell::get), 0);
}

/// A ballista named in a game without structures (TF-R28) is refused with
/// that rule, whoever aims at it.
#[test]
fn tf_r28_a_shot_at_a_ballista_in_a_game_without_structures_is_refused_with_the_structures_rule() {
    let (g, shot, ..) = a_shot(&Options::default());
    let Action::Shoot { figure, .. } = shot else { unreachable!() };
    for a in [
        Action::Shoot { figure, target: Target::Ballista(Alliance::Rats) },
        Action::Strike { figure, target: Target::Ballista(Alliance::Mice) },
        Action::Loose(Target::Figure(figure)),
    ] {
        let v = g.check(&a).unwrap_err();
        assert_eq!(v.rule, "TF-R28", "{a:?}: {v}");
        assert!(v.reason.contains("structures"), "{v}");
    }
}
