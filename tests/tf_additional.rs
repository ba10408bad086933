//! One or more tests per ruling of Tail Feathers' additional rules
//! (TF-R23 to TF-R26, see `shared/specs/tail-feathers.md`), played through
//! the game's public API with the option on, and refused with the rule's
//! id with it off. Figures and spaces are numbered as in `tf_rules.rs`.
#![allow(clippy::unwrap_used)]

mod tf_common;

use aviary::rules::tail_feathers::components::Alliance;
use aviary::rules::tail_feathers::game::{Action, Options, Place, Revival};
use aviary::rules::tail_feathers::geometry::Tilt;
use aviary::rules::{Game, ToMove};
use tf_common::{MICE, MICE_NEST, RATS, air, legal, play, refusal, rolls, turn, turn_with};

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
