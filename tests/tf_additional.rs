//! One or more tests per ruling of Tail Feathers' additional rules
//! (TF-R23 to TF-R26, see `shared/specs/tail-feathers.md`), played through
//! the game's public API with the option on, and refused with the rule's
//! id with it off. Figures and spaces are numbered as in `tf_rules.rs`.
#![allow(clippy::unwrap_used)]

mod tf_common;

use aviary::rules::tail_feathers::components::Alliance;
use aviary::rules::tail_feathers::game::{Action, Crossing, Feather, Options, Phase, Place, Revival, Target};
use aviary::rules::tail_feathers::geometry::{Heading, Length, Tilt, V2};
use aviary::rules::{Game, ToMove};
use tf_common::{MICE, MICE_NEST, RATS, air, legal, play, refusal, rolls, turn, turn_with};

use Length::Short as S;

fn foraging() -> Options {
    Options { foraging: true, ..Options::default() }
}

// ---------------------------------------------------------------------
// TF-R23 Foraging.

#[test]
fn tf_r23_foraging_is_offered_only_with_the_option_and_only_before_the_unit_acts() {
    // Without the option: never offered, refused with its rule.
    let mut g = turn(MICE, &[]);
    play(&mut g, &Action::Activate(3));
    assert!(!legal(&g, &Action::Forage));
    let (rule, why) = refusal(&g, &Action::Forage);
    assert_eq!(rule, "TF-R23");
    assert!(why.contains("additional rule"), "{why}");
    // With it: offered when the squad is activated, not once a figure has
    // acted (foraging is instead of moving, scurrying or attacking).
    let mut g = turn_with(foraging(), MICE, &[]);
    play(&mut g, &Action::Activate(3));
    assert!(legal(&g, &Action::Forage), "{:?}", g.legal_actions());
    assert_eq!(g.describe(&Action::Forage), "Mice forage with the Thistle Guard");
    play(&mut g, &Action::Hold(3));
    let (rule, why) = refusal(&g, &Action::Forage);
    assert_eq!(rule, "TF-R23");
    assert!(why.contains("before any of its figures acts"), "{why}");
}

#[test]
fn tf_r23_a_squad_forages_as_a_whole_for_one_cheese_up_to_six() {
    let mut g = turn_with(foraging(), MICE, &[]);
    g.arrange_cheese(MICE, 2);
    let before: Vec<Place> = (3..9).map(|f| g.figure(f).place).collect();
    play(&mut g, &Action::Activate(3));
    play(&mut g, &Action::Forage);
    assert_eq!(g.cheese(MICE), 3, "one cheese");
    assert_eq!((3..9).map(|f| g.figure(f).place).collect::<Vec<_>>(), before, "nobody moves");
    assert!(g.aftermath().contains("+1 cheese"), "{}", g.aftermath());
    assert_eq!(g.active_unit(), None, "the activation is over");
    assert_eq!(g.to_move(), ToMove::Seat(RATS));
    assert!(g.is_activated(3));
    // A full wheel still may forage, and gains nothing.
    let mut g = turn_with(foraging(), MICE, &[]);
    g.arrange_cheese(MICE, 6);
    play(&mut g, &Action::Activate(3));
    play(&mut g, &Action::Forage);
    assert_eq!(g.cheese(MICE), 6, "at most six");
    assert!(g.aftermath().contains("no cheese: the wheel is full"), "{}", g.aftermath());
}

#[test]
fn tf_r23_reviving_may_follow_a_forage() {
    let mut g = turn_with(foraging(), MICE, &[]);
    g.arrange_cheese(MICE, 5);
    g.arrange_place(4, Place::Casualty);
    play(&mut g, &Action::Activate(3));
    play(&mut g, &Action::Forage);
    assert_eq!(g.cheese(MICE), 6);
    assert!(legal(&g, &Action::Revive(Revival::Squad(1))), "{:?}", g.legal_actions());
}

#[test]
fn tf_r23_a_perched_bird_may_forage_a_flying_or_launching_one_must_fly() {
    let mut g = turn_with(foraging(), MICE, &[]);
    assert!(matches!(g.figure(1).place, Place::Space(_)), "the Chaffinch starts perched");
    g.arrange_cheese(MICE, 0);
    play(&mut g, &Action::Activate(1));
    assert!(legal(&g, &Action::Forage), "{:?}", g.legal_actions());
    play(&mut g, &Action::Forage);
    assert_eq!(g.cheese(MICE), 1);
    // In the air: it must fly.
    let mut g = turn_with(foraging(), MICE, &[]);
    air(&mut g, 0, 12.0, 12.0, 6, Tilt::Centre);
    play(&mut g, &Action::Activate(0));
    let (rule, why) = refusal(&g, &Action::Forage);
    assert_eq!(rule, "TF-R23");
    assert!(why.contains("must fly"), "{why}");
}

#[test]
fn tf_r23_a_figure_that_must_stand_up_cannot_forage() {
    // The rats' hero, immobilized: its activation is spent standing up.
    let mut g = turn_with(foraging(), RATS, &[]);
    g.arrange_status(17, 0, true, false, false);
    play(&mut g, &Action::Activate(7));
    assert!(legal(&g, &Action::Stand(17)));
    let (rule, why) = refusal(&g, &Action::Forage);
    assert_eq!(rule, "TF-R23");
    assert!(why.contains("standing up"), "{why}");
}

#[test]
fn tf_r23_a_burning_forager_still_rolls_for_its_fire_and_nobody_douses() {
    let mut g = turn_with(foraging(), MICE, &[]);
    // A mouse on fire in the mice's own burning nest.
    g.arrange_place(3, Place::Space(MICE_NEST));
    g.arrange_status(3, 0, false, true, false);
    g.arrange_nest(Alliance::Mice, 10, 1);
    play(&mut g, &Action::Activate(3));
    play(&mut g, &Action::Forage);
    assert_eq!(rolls(&g, "fire").len(), 1, "the fire roll: {}", g.aftermath());
    assert!(!g.legal_actions().iter().any(|a| matches!(a, Action::Douse(_))), "{:?}", g.legal_actions());
}

#[test]
fn tf_r23_a_save_without_the_option_is_a_game_without_it() {
    // Options as saved before the additional rules existed.
    let old: Options =
        serde_json::from_str(r#"{"veterans":false,"higher":[false,false,false,false,false],"announce_first":false}"#)
            .unwrap();
    assert!(!old.foraging);
    assert!(old.additional_rules().is_empty());
    assert_eq!(foraging().additional_rules(), ["foraging"]);
}

// ---------------------------------------------------------------------
// TF-R24 Tail feathers.

fn feathers() -> Options {
    Options { feathers: true, ..Options::default() }
}

/// The Swallow flying east through an enemy bird in open air (a wound on
/// the way), under `options`.
fn through_an_enemy(options: Options) -> aviary::rules::tail_feathers::game::TailFeathers {
    let mut g = turn_with(options, MICE, &[]);
    air(&mut g, 0, 12.0, 16.0, 0, Tilt::Centre);
    air(&mut g, 9, 15.75, 16.0, 12, Tilt::Centre);
    play(&mut g, &Action::Activate(0));
    play(&mut g, &Action::Fly(vec![S, S]));
    while g.walking().is_some() && legal(&g, &Action::Continue) {
        play(&mut g, &Action::Continue);
    }
    g
}

#[test]
fn tf_r24_a_wounded_flying_bird_drops_one_feather_per_wound_behind_it_where_it_was_hit() {
    let g = through_an_enemy(feathers());
    assert_eq!(g.figure(0).wounds, 1, "{}", g.aftermath());
    let fell = g.aftermath().matches("a tail feather falls").count();
    assert_eq!(fell, 1, "one token for one wound: {}", g.aftermath());
    // Where it was hit (meeting the Crow at about x = 15), behind it: the
    // landing disc's centre is 1.75" behind that base's centre.
    for t in g.feathers() {
        assert!(t.at.x < 15.0 - 0.5 && t.at.x > 15.0 - 0.75 - 1.0 - 1.5 - 1.5, "{t:?}");
        assert!((t.at.y - 16.0).abs() <= 1.5 + 1e-9, "{t:?}");
        assert!(!t.notched);
    }
    // Without the option, nothing falls.
    let g = through_an_enemy(Options::default());
    assert_eq!(g.figure(0).wounds, 1, "wounded all the same");
    assert!(g.feathers().is_empty() && !g.aftermath().contains("feather"), "{}", g.aftermath());
}

#[test]
fn tf_r24_a_feather_landing_on_a_feather_a_space_a_card_a_base_or_off_the_edge_is_removed() {
    let mut g = turn_with(feathers(), MICE, &[]);
    let lying = g.arrange_feather(V2::new(16.0, 16.0), Heading(0), false);
    air(&mut g, 0, 12.0, 12.0, 0, Tilt::Centre);
    let at = |x: f64, y: f64| Feather { id: 999, at: V2::new(x, y), heading: Heading(0), notched: false };
    assert_eq!(g.feather_blocker(&at(16.5, 16.2)).as_deref(), Some("another tail feather"));
    assert_eq!(g.feather_blocker(&at(12.0, 12.5)).as_deref(), Some("the Swallow"), "a figure's base");
    assert_eq!(g.feather_blocker(&at(0.2, 16.0)).as_deref(), Some("the battlefield's edge"));
    let space = aviary::rules::tail_feathers::game::field().spaces[0].perch;
    assert!(g.feather_blocker(&at(space.x, space.y)).is_some_and(|w| w.contains("space")), "a space");
    let trunk = &aviary::rules::tail_feathers::game::field().trees[0].trunk.0;
    let (tx, ty) = (trunk.iter().map(|v| v.x).sum::<f64>() / 4.0, trunk.iter().map(|v| v.y).sum::<f64>() / 4.0);
    assert!(g.feather_blocker(&at(tx, ty)).is_some_and(|w| w.contains("trunk")), "a trunk");
    assert_eq!(g.feather_blocker(&at(20.0, 20.0)), None, "open forest floor");
    assert_eq!(g.feathers().len(), 1);
    assert_eq!(g.feathers()[0].id, lying);
}

#[test]
fn tf_r24_feathers_block_clear_sight() {
    let mut g = turn_with(feathers(), MICE, &[]);
    air(&mut g, 0, 12.0, 16.0, 0, Tilt::Centre);
    air(&mut g, 9, 18.0, 16.0, 12, Tilt::Centre);
    let (_, sight) = g.measure(0, Target::Figure(9)).unwrap();
    assert!(sight.is_some(), "clear before");
    // A wall of feathers across the line (quills pointing north).
    for y in [14.6, 15.6, 16.4, 17.4] {
        g.arrange_feather(V2::new(15.0, y), Heading(6), false);
    }
    let (_, sight) = g.measure(0, Target::Figure(9)).unwrap();
    assert!(sight.is_none(), "the feathers block it");
}

#[test]
fn tf_r24_a_flight_crossing_a_feather_removes_it_rattles_the_pilot_and_goes_on() {
    let mut g = turn_with(feathers(), MICE, &[]);
    air(&mut g, 0, 12.0, 16.0, 0, Tilt::Centre);
    let id = g.arrange_feather(V2::new(15.0, 16.0), Heading(6), false);
    play(&mut g, &Action::Activate(0));
    let plan = g.plan_flight(0, &[S, S]).unwrap();
    assert!(plan.crossings.iter().any(|c| c.1 == Crossing::Feather(id)), "the preview lists it");
    play(&mut g, &Action::Fly(vec![S, S]));
    while g.walking().is_some() && legal(&g, &Action::Continue) {
        play(&mut g, &Action::Continue);
    }
    assert!(g.feathers().is_empty(), "removed");
    assert!(g.bird(0).unwrap().rattled, "the pilot is rattled");
    assert_eq!(g.figure(0).wounds, 0);
    assert!((g.bird(0).unwrap().pose.at.x - plan.end.at.x).abs() < 1e-9, "the flight went on to its end");
}

#[test]
fn tf_r24_at_the_round_s_end_fronts_turn_over_and_notched_ones_go() {
    let mut g = turn_with(feathers(), MICE, &[0, 1, 2, 3, 4, 5, 6, 7]);
    let front = g.arrange_feather(V2::new(16.0, 16.0), Heading(0), false);
    g.arrange_feather(V2::new(20.0, 20.0), Heading(0), true);
    play(&mut g, &Action::Pass);
    assert_eq!(g.phase(), Phase::Final);
    play(&mut g, &Action::FinalPhase);
    assert_eq!(g.round(), 2, "{}", g.status());
    assert_eq!(g.feathers().len(), 1);
    assert_eq!(g.feathers()[0].id, front);
    assert!(g.feathers()[0].notched, "turned to its notched side");
}
