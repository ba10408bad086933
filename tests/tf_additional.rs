//! One or more tests per ruling of Tail Feathers' additional rules
//! (TF-R23 to TF-R26, see `shared/specs/tail-feathers.md`), played through
//! the game's public API with the option on, and refused with the rule's
//! id with it off. Figures and spaces are numbered as in `tf_rules.rs`.
#![allow(clippy::unwrap_used)]

mod tf_common;

use aviary::rules::tail_feathers::components::Alliance;
use aviary::rules::tail_feathers::game::{
    Action, Crossing, Feather, FlightEnding, Options, Phase, Place, Revival, TailFeathers, Target,
};
use aviary::rules::tail_feathers::geometry::{Heading, Length, Pose, Tilt, V2};
use aviary::rules::{Game, ToMove};
use tf_common::{MICE, MICE_NEST, RATS, air, close, legal, play, refusal, rolls, turn, turn_with};

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

// ---------------------------------------------------------------------
// TF-R25 Death spirals.

fn spirals() -> Options {
    Options { death_spirals: true, ..Options::default() }
}

/// The Swallow (mice) at (12, 16) flying east, the Crow (rats) hovering at
/// (15.75, 16) facing it: the Swallow's first template meets the Crow.
fn facing_the_crow(options: Options) -> TailFeathers {
    let mut g = turn_with(options, MICE, &[]);
    air(&mut g, 0, 12.0, 16.0, 0, Tilt::Centre);
    air(&mut g, 9, 15.75, 16.0, 12, Tilt::Centre);
    play(&mut g, &Action::Activate(0));
    g
}

/// Flies `g`'s active bird along `list`, going on past every crossing,
/// until it stops or waits for a decision that is not a crossing's.
fn fly_on(g: &mut TailFeathers, list: &[Length]) {
    play(g, &Action::Fly(list.to_vec()));
    while g.walking().is_some() && legal(g, &Action::Continue) {
        play(g, &Action::Continue);
    }
}

/// The first RNG seed for which `setup` then flying `list` gives a state
/// `ok` accepts.
fn spiral_with(setup: &TailFeathers, list: &[Length], ok: impl Fn(&TailFeathers) -> bool) -> TailFeathers {
    for seed in 0..3000 {
        let mut g = setup.clone();
        g.arrange_rng(seed);
        fly_on(&mut g, list);
        if ok(&g) {
            return g;
        }
    }
    panic!("no seed gives the wanted spiral");
}

fn hits(faces: &[aviary::rules::tail_feathers::dice::Face]) -> u8 {
    aviary::rules::tail_feathers::dice::hits(faces, aviary::rules::tail_feathers::dice::Attack::Melee)
}

#[test]
fn tf_r25_meeting_an_enemy_bird_ends_the_flight_across_the_template_both_facing() {
    let g0 = facing_the_crow(spirals());
    // The preview says so where the flight meets the Crow.
    let plan = g0.plan_flight(0, &[S, S]).unwrap();
    let outcome = g0.flight_outcome(0, &plan);
    assert_eq!(outcome.ending, FlightEnding::Spiral(9), "{outcome:?}");
    assert!(outcome.words().contains("death spiral"), "{}", outcome.words());
    assert!(outcome.flown < 3.0, "it stops at the Crow, not at the flight's end");
    let mut g = g0.clone();
    fly_on(&mut g, &[S, S]);
    assert!(g.aftermath().contains("a death spiral"), "{}", g.aftermath());
    // The template against the Crow on the side facing the Swallow (west),
    // the Swallow against its far side, each facing the other.
    let spiral = *g.spiral_of(0).expect("in a spiral");
    assert_eq!(spiral.birds, [0, 9]);
    assert_eq!(spiral.anchor.heading, Heading(12), "west of the Crow");
    let (me, crow) = (g.bird(0).unwrap().pose, g.bird(9).unwrap().pose);
    assert!(close(crow.at, 15.75, 16.0), "the Crow does not move");
    assert!(close(me.at, 15.75 - 2.5, 16.0), "base, 1\" template, base: {me:?}");
    assert_eq!(me.heading, Heading(0), "the Swallow faces the Crow");
    assert_eq!(crow.heading, Heading(12), "the Crow faces the Swallow");
    assert!((me.at.x - outcome.at.at.x).abs() < 1e-9, "where the preview said");
    // Both rolled their battle dice.
    let dice = rolls(&g, "death spiral");
    assert_eq!(dice.len(), 2, "{}", g.aftermath());
    assert_eq!(dice[0].len(), usize::from(g0.battle_dice(0)));
    assert_eq!(dice[1].len(), usize::from(g0.battle_dice(9)));
    // Without the option: the old crossing (through, 1 wound to the mover).
    let mut g = facing_the_crow(Options::default());
    fly_on(&mut g, &[S, S]);
    assert!(g.spirals().is_empty());
    assert_eq!(g.figure(0).wounds, 1);
    assert!(!g.aftermath().contains("spiral"), "{}", g.aftermath());
}

#[test]
fn tf_r25_the_template_turns_about_the_enemy_clockwise_first_until_the_mover_fits_else_the_old_crossing() {
    // The Jay (mice) hovers exactly where the Swallow would be laid.
    let mut g = facing_the_crow(spirals());
    air(&mut g, 2, 13.25, 16.0, 0, Tilt::Centre);
    let here = Pose { at: V2::new(14.25, 16.0), heading: Heading(0) };
    let spiral = g.spiral_at(0, 9, here).expect("a turn fits");
    let turned = i32::from(spiral.anchor.heading.0) - 12;
    assert!(turned < 0, "clockwise first (headings count anticlockwise): {spiral:?}");
    let gap = spiral.mover_pose().at.dist(V2::new(13.25, 16.0));
    assert!(gap >= 1.5, "clear of the Jay's base: {gap}");
    // One step less would still overlap the Jay: the nearest turn is taken.
    let nearer = Heading::new(i32::from(spiral.anchor.heading.0) + 1);
    let at = V2::new(15.75, 16.0).plus(nearer.unit().scale(2.5));
    assert!(at.dist(V2::new(13.25, 16.0)) < 1.5 || nearer == Heading(12));
    // Near the edge with friends all round, no turn fits: the crossing is
    // the old one (through the Crow, 1 wound).
    let mut g = turn_with(spirals(), MICE, &[]);
    air(&mut g, 0, 1.2, 6.0, 18, Tilt::Centre);
    air(&mut g, 9, 1.2, 1.0, 6, Tilt::Centre);
    air(&mut g, 1, 3.7, 1.3, 6, Tilt::Centre);
    air(&mut g, 2, 2.75, 2.95, 6, Tilt::Centre);
    air(&mut g, 10, 1.2, 3.6, 6, Tilt::Centre);
    assert!(g.invariants().is_ok(), "{:?}", g.invariants());
    let here = Pose { at: V2::new(1.2, 2.5), heading: Heading(18) };
    assert_eq!(g.spiral_at(0, 9, here), None, "nothing fits");
    // Without the Magpie north of the Crow, north fits.
    g.arrange_place(10, Place::Casualty);
    assert_eq!(g.spiral_at(0, 9, here).map(|s| s.anchor.heading), Some(Heading(6)));
}

#[test]
fn tf_r25_the_higher_roll_wounds_by_the_difference_and_the_birds_turn_away_and_level_out() {
    let mut g0 = facing_the_crow(spirals());
    g0.arrange_bird(9, Pose { at: V2::new(15.75, 16.0), heading: Heading(12) }, Tilt::Left, false);
    let g = spiral_with(&g0, &[S, S], |g| {
        let d = rolls(g, "death spiral");
        d.len() == 2 && hits(&d[0]) == hits(&d[1]) + 1
    });
    let d = rolls(&g, "death spiral");
    assert_eq!(g.figure(9).wounds, 1, "one more hit: one wound to the Crow: {}", g.aftermath());
    assert_eq!(g.figure(0).wounds, 0);
    assert!(g.spirals().is_empty(), "the spiral is over");
    assert_eq!(g.bird(0).unwrap().pose.heading, Heading(12), "the Swallow turned 180° away");
    assert_eq!(g.bird(9).unwrap().pose.heading, Heading(0), "so did the Crow");
    assert_eq!(g.bird(9).unwrap().tilt, Tilt::Centre, "both level out");
    assert!(hits(&d[0]) > hits(&d[1]));
    // The mover makes no normal attack after it: its activation ends.
    assert!(g.aftermath().contains("no normal attack after a death spiral"), "{}", g.aftermath());
    assert_eq!(g.active_unit(), None);
    // A loser defeated by the difference: the lone survivor does not turn.
    let mut g1 = g0.clone();
    g1.arrange_status(9, g1.life(4) - 1, false, false, false);
    let g = spiral_with(&g1, &[S, S], |g| {
        let d = rolls(g, "death spiral");
        d.len() == 2 && hits(&d[0]) > hits(&d[1])
    });
    assert_eq!(g.figure(9).place, Place::Casualty, "{}", g.aftermath());
    assert_eq!(g.bird(0).unwrap().pose.heading, Heading(0), "the lone survivor does not turn");
    assert!(g.spirals().is_empty());
}

#[test]
fn tf_r25_a_tie_wounds_each_once_and_entangles_then_a_second_tie_sends_both_down() {
    let g0 = facing_the_crow(spirals());
    let g = spiral_with(&g0, &[S, S], |g| {
        let d = rolls(g, "death spiral");
        d.len() == 2 && hits(&d[0]) == hits(&d[1])
    });
    assert_eq!((g.figure(0).wounds, g.figure(9).wounds), (1, 1), "{}", g.aftermath());
    assert!(g.entangled(0) && g.entangled(9), "they stay entangled");
    assert!(g.invariants().is_ok(), "{:?}", g.invariants());
    // The Swallow's activation ends (no normal attack); the rats activate
    // the Crow: the battle is rolled again first.
    let mut g = g;
    while g.active_unit().is_some() {
        let a = if legal(&g, &Action::Done) { Action::Done } else { g.legal_actions()[0].clone() };
        play(&mut g, &a);
    }
    assert_eq!(g.to_move(), ToMove::Seat(RATS));
    let mut again = None;
    for seed in 0..3000 {
        let mut h = g.clone();
        h.arrange_rng(seed);
        play(&mut h, &Action::Activate(4));
        let d = rolls(&h, "death spiral");
        if d.len() == 2 && hits(&d[0]) == hits(&d[1]) {
            again = Some(h);
            break;
        }
    }
    let h = again.expect("a second tie");
    assert_eq!(h.figure(0).place, Place::Casualty, "{}", h.aftermath());
    assert_eq!(h.figure(9).place, Place::Casualty);
    assert!(h.spirals().is_empty());
    assert!(h.aftermath().contains("plummet"), "{}", h.aftermath());
    // Not a tie the second time: the activated Crow, surviving, goes on
    // with its activation (it may fly) but makes no normal attack.
    for seed in 0..3000 {
        let mut h = g.clone();
        h.arrange_rng(seed);
        play(&mut h, &Action::Activate(4));
        let d = rolls(&h, "death spiral");
        if d.len() == 2 && hits(&d[1]) > hits(&d[0]) {
            assert!(h.spirals().is_empty());
            assert_eq!(h.active_unit(), Some(4));
            assert!(legal(&h, &Action::PilotingCheck) || h.legal_actions().iter().any(|a| matches!(a, Action::Fly(_))));
            assert!(h.figure(9).place == Place::Air);
            return;
        }
    }
    panic!("no seed lets the Crow win");
}

#[test]
fn tf_r25_nobody_outside_a_spiral_targets_its_birds_and_they_keep_their_tilt() {
    let mut g = turn_with(spirals(), MICE, &[]);
    air(&mut g, 9, 16.0, 16.0, 12, Tilt::Left);
    air(&mut g, 0, 13.5, 16.0, 0, Tilt::Right);
    g.arrange_spiral(0, 9, Heading(12));
    // The Jay, close by in the air, may not attack the Crow.
    air(&mut g, 2, 17.0, 18.5, 12, Tilt::Centre);
    play(&mut g, &Action::Activate(2));
    let strike = Action::Strike { figure: 2, target: Target::Figure(9) };
    let shoot = Action::Shoot { figure: 2, target: Target::Figure(9) };
    assert!(!legal(&g, &strike) && !legal(&g, &shoot));
    let (rule, why) = refusal(&g, &shoot);
    assert_eq!(rule, "TF-R25", "{why}");
    assert!(why.contains("death spiral"), "{why}");
    // The tilt phase passes them by: their tilts stay.
    let mut g = turn_with(spirals(), MICE, &[0, 1, 2, 3, 4, 5, 6, 7]);
    air(&mut g, 9, 16.0, 16.0, 12, Tilt::Left);
    air(&mut g, 0, 13.5, 16.0, 0, Tilt::Right);
    g.arrange_spiral(0, 9, Heading(12));
    play(&mut g, &Action::Pass);
    play(&mut g, &Action::FinalPhase);
    while g.phase() != Phase::Tilt && g.phase() != Phase::Activation {
        let a = g.legal_actions().iter().find(|a| matches!(a, Action::Mission(None) | Action::Done)).cloned();
        let a = a.unwrap_or_else(|| g.legal_actions()[0].clone());
        play(&mut g, &a);
    }
    let tilting = |g: &TailFeathers, f: u8| {
        g.legal_actions().iter().any(|a| matches!(a, Action::Tilt { bird, .. } if *bird == f))
    };
    while g.phase() == Phase::Tilt {
        assert!(!tilting(&g, 0) && !tilting(&g, 9), "no tilt for entangled birds: {:?}", g.legal_actions());
        let a = g.legal_actions()[0].clone();
        play(&mut g, &a);
    }
    assert_eq!(g.bird(0).unwrap().tilt, Tilt::Right);
    assert_eq!(g.bird(9).unwrap().tilt, Tilt::Left);
    assert!(g.entangled(0));
}

#[test]
fn tf_r25_a_patrol_may_not_target_an_entangled_bird() {
    let mut g = turn_with(spirals(), MICE, &[0, 1, 2, 3, 4, 5, 6, 7]);
    g.arrange_mission(
        Alliance::Mice,
        Some(aviary::rules::tail_feathers::game::MissionCard {
            kind: Some(aviary::rules::tail_feathers::components::MissionKind::Patrol),
            spot: Some(0),
            revealed: false,
        }),
    );
    g.arrange_place(3, Place::Mission);
    g.arrange_place(4, Place::Mission);
    air(&mut g, 9, 16.0, 16.0, 12, Tilt::Centre);
    air(&mut g, 0, 13.5, 16.0, 0, Tilt::Centre);
    air(&mut g, 10, 20.0, 24.0, 12, Tilt::Centre);
    g.arrange_spiral(0, 9, Heading(12));
    play(&mut g, &Action::Pass);
    play(&mut g, &Action::FinalPhase);
    assert_eq!(g.legal_actions(), [Action::Patrol(10)], "the free Magpie only");
    let (rule, why) = refusal(&g, &Action::Patrol(9));
    assert_eq!(rule, "TF-R25", "{why}");
}

#[test]
fn tf_r25_a_flight_crossing_entangled_birds_neither_wounds_nor_is_wounded_and_cannot_end_on_them() {
    let mut g = turn_with(spirals(), MICE, &[]);
    air(&mut g, 9, 16.0, 16.0, 12, Tilt::Centre);
    air(&mut g, 2, 13.5, 16.0, 0, Tilt::Centre);
    g.arrange_spiral(2, 9, Heading(12));
    // The Swallow flies east from the west straight through both.
    air(&mut g, 0, 9.0, 16.0, 0, Tilt::Centre);
    play(&mut g, &Action::Activate(0));
    let plan = g.plan_flight(0, &[Length::Long, Length::Long]).unwrap();
    assert!(plan.crossings.iter().any(|c| c.1 == Crossing::Flyer(9)), "{plan:?}");
    let outcome = g.flight_outcome(0, &plan);
    assert_eq!(outcome.wounds, 0, "{outcome:?}");
    fly_on(&mut g, &[Length::Long, Length::Long]);
    assert_eq!(g.figure(0).wounds, 0, "{}", g.aftermath());
    assert_eq!(g.figure(9).wounds, 0);
    assert!(g.entangled(9) && g.spiral_of(0).is_none(), "no second spiral");
    // A flight that would end on one is cut short before it.
    let mut g = turn_with(spirals(), MICE, &[]);
    air(&mut g, 9, 16.0, 16.0, 12, Tilt::Centre);
    air(&mut g, 2, 13.5, 16.0, 0, Tilt::Centre);
    g.arrange_spiral(2, 9, Heading(12));
    air(&mut g, 0, 9.0, 18.0, 0, Tilt::Centre);
    play(&mut g, &Action::Activate(0));
    for list in aviary::rules::tail_feathers::game::TailFeathers::flight_lists(0) {
        let plan = g.plan_flight(0, &list).unwrap();
        let end = aviary::rules::tail_feathers::geometry::Shape::base(plan.end.at);
        for f in [2, 9] {
            let other = aviary::rules::tail_feathers::geometry::Shape::base(g.bird(f).unwrap().pose.at);
            assert!(!aviary::rules::tail_feathers::geometry::overlaps(&end, &other), "{list:?} ends on {f}");
        }
    }
}

#[test]
fn tf_r25_the_battle_gives_cheese_lets_each_roller_re_roll_its_own_and_rattles_by_its_wounds() {
    // Both wheels full: every cheese face is excess, and each side may
    // re-roll its own.
    let mut g0 = facing_the_crow(spirals());
    g0.arrange_cheese(MICE, 6);
    g0.arrange_cheese(RATS, 6);
    let g = spiral_with(&g0, &[S, S], |g| {
        let d = rolls(g, "death spiral");
        d.len() == 2 && d.iter().all(|f| f.iter().any(|x| x.0 == 1))
    });
    assert!(g.in_spiral_battle());
    assert_eq!(g.to_move(), ToMove::Seat(MICE), "the mover first");
    assert!(g.status().contains("death spiral"), "{}", g.status());
    let mut g = g;
    play(&mut g, &Action::Reroll(0));
    assert_eq!(g.to_move(), ToMove::Seat(RATS), "then the Crow's side, for its own dice");
    play(&mut g, &Action::Reroll(0));
    assert!(!g.in_spiral_battle());
    // A wheel with room takes the cheese.
    let mut g1 = facing_the_crow(spirals());
    g1.arrange_cheese(MICE, 0);
    let g = spiral_with(&g1, &[S, S], |g| {
        let d = rolls(g, "death spiral");
        d.len() == 2 && d[0].iter().filter(|x| x.0 == 1).count() == 1
    });
    assert_eq!(g.cheese(MICE), 1, "{}", g.aftermath());
    // Wounds above the pilot's value from one battle rattle the pilot.
    let g = spiral_with(&g0.clone(), &[S, S], |g| {
        let d = rolls(g, "death spiral");
        d.len() == 2 && hits(&d[1]) >= hits(&d[0]) + 2 && !g.in_spiral_battle()
    });
    let pilot = g.pilot_card(0).unwrap().pilot;
    let took = g.figure(0).wounds;
    if g.figure(0).place == Place::Air {
        assert_eq!(g.bird(0).unwrap().rattled, took > pilot, "{took} wounds, pilot {pilot}: {}", g.aftermath());
    }
}

#[test]
fn tf_r25_a_bird_may_swoop_then_enter_a_spiral_which_ends_its_movement() {
    // The Swallow flies east along the Elm's south row, swoops on a rat in
    // space 26, then meets the Crow; past the Crow lies a tail feather it
    // never reaches.
    let mut g = turn_with(Options { death_spirals: true, feathers: true, ..Options::default() }, MICE, &[]);
    air(&mut g, 0, 23.5, 4.5, 0, Tilt::Centre);
    g.arrange_place(11, Place::Space(26));
    air(&mut g, 9, 29.0, 4.5, 12, Tilt::Centre);
    let beyond = g.arrange_feather(V2::new(32.0, 4.5), Heading(6), false);
    play(&mut g, &Action::Activate(0));
    let plan = g.plan_flight(0, &[S, S, S]).unwrap();
    assert!(plan.crossings.iter().any(|c| c.1 == Crossing::Feather(beyond)), "announced past the Crow");
    play(&mut g, &Action::Fly(vec![S, S, S]));
    assert_eq!(tf_common::waiting_at(&g), Some(Crossing::Space(26)));
    play(&mut g, &Action::Swoop);
    while g.in_combat() {
        let a = g.legal_actions()[0].clone();
        play(&mut g, &a);
    }
    while g.walking().is_some() && legal(&g, &Action::Continue) {
        play(&mut g, &Action::Continue);
    }
    assert!(g.aftermath().contains("a death spiral"), "{}", g.aftermath());
    assert_eq!(rolls(&g, "death spiral").len(), 2, "the battle after the swoop");
    assert!(close(g.bird(0).unwrap().pose.at, 29.0 - 2.5, 4.5), "its movement ended at the Crow");
    assert!(g.feathers().iter().any(|t| t.id == beyond), "crossings after the spiral do not happen");
}
