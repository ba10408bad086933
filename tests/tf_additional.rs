//! One or more tests per ruling of Tail Feathers' additional rules
//! (TF-R23 to TF-R26, see `shared/specs/tail-feathers.md`), played through
//! the game's public API with the option on, and refused with the rule's
//! id with it off. Figures and spaces are numbered as in `tf_rules.rs`.
#![allow(clippy::unwrap_used)]

mod tf_common;

use aviary::rules::tail_feathers::components::{Alliance, MissionKind};
use aviary::rules::tail_feathers::game::{
    Action, Crossing, Feather, FlightEnding, MissionCard, Options, Phase, Place, Revival, TailFeathers, Target,
};
use aviary::rules::tail_feathers::geometry::{Heading, Length, Pose, Shape, Tilt, V2};
use aviary::rules::{Game, ToMove};
use tf_common::{
    MICE, MICE_NEST, RATS, air, close, enter_final, hold_and_end_moves, legal, play, refusal, rolls, rule, turn,
    turn_with, waiting_at, with_dice,
};

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
fn tf_r23_a_squad_forages_once_for_one_cheese_up_to_six() {
    // Updated for the ruling of 2026-11-27: the squad forages once, and
    // its player then chooses which of its figures are activated (see
    // `tf_rulings.rs`); before, every figure was activated at once.
    let mut g = turn_with(foraging(), MICE, &[]);
    g.arrange_cheese(MICE, 2);
    let before: Vec<Place> = (3..9).map(|f| g.figure(f).place).collect();
    play(&mut g, &Action::Activate(3));
    play(&mut g, &Action::Forage);
    assert_eq!(g.cheese(MICE), 3, "one cheese");
    assert!(g.aftermath().contains("+1 cheese"), "{}", g.aftermath());
    assert_eq!(g.describe(&Action::Done), "Mice end the forage with the figures chosen");
    play(&mut g, &Action::Hold(3));
    play(&mut g, &Action::Done);
    assert_eq!(g.cheese(MICE), 3, "still one cheese, however many figures forage");
    assert_eq!((3..9).map(|f| g.figure(f).place).collect::<Vec<_>>(), before, "nobody moves");
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
    play(&mut g, &Action::Hold(3));
    play(&mut g, &Action::Done);
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
    // Chosen among the foragers, it is activated (ruling of 2026-11-27).
    play(&mut g, &Action::Hold(3));
    play(&mut g, &Action::Done);
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

// ---------------------------------------------------------------------
// TF-R26 Leaves. Leaves are spaces 42 on: 42 hangs on the Old Beech (from
// space 4), 43 the Hollow Oak (9), 44 the Ash (20), 45 the Elm (30), 46 the
// sapling (34).

fn leaves() -> Options {
    Options { leaves: true, ..Options::default() }
}

const BEECH_LEAF: u8 = 42;
const ASH_LEAF: u8 = 44;

/// Every unit activated, the mice first; the leaf of the Old Beech
/// drifting in open ground south of the Ash (front hole at (7, 14), its
/// other hole south of it) toward the Ash's south space (19, centred at
/// (7, 26.5)) with a mouse (figure 3) on it.
fn beech_leaf_adrift() -> TailFeathers {
    let mut g = turn_with(leaves(), MICE, &[0, 1, 2, 3, 4, 5, 6, 7]);
    g.arrange_place(3, Place::Space(BEECH_LEAF));
    g.arrange_drifting_leaf(0, V2::new(7.0, 14.0), Heading(18), 19, Alliance::Mice);
    g
}

/// The number of spins the last action's drift rolled for (the die and
/// the figures), from the log.
fn spins_rolled(g: &TailFeathers) -> u8 {
    rolls(g, "the leaf's spins")[0][0].number()
}

fn touching(a: &Shape, b: &Shape) -> bool {
    aviary::rules::tail_feathers::geometry::touches(a, b)
}

#[test]
fn tf_r26_leaves_hang_one_per_tree_each_a_space_bordering_only_its_stem() {
    let g = turn_with(leaves(), MICE, &[]);
    let field = aviary::rules::tail_feathers::game::field();
    assert_eq!(g.leaves().len(), field.trees.len(), "a leaf for every tree");
    assert_eq!(g.space_count(), 47);
    for k in 0..g.leaves().len() {
        let s = 42 + k;
        let stem = field.connections[k].stem;
        assert_eq!(g.space_neighbours(s), vec![stem], "an attached leaf borders its stem space only");
        assert!(g.space_neighbours(stem).contains(&s), "and its stem space borders it");
        let leaf = Shape::Polygon(g.space_outline(s as u8));
        assert!(touching(&leaf, &Shape::Polygon(field.spaces[stem].outline.clone())), "it hangs from its stem");
        // Clear of every other tree and of every mission spot.
        for (t, tree) in field.trees.iter().enumerate() {
            if !tree.spaces.contains(&stem) {
                assert!(!touching(&leaf, &Shape::Polygon(tree.trunk.clone())), "leaf {k} touches tree {t}");
                for &o in &tree.spaces {
                    assert!(!touching(&leaf, &Shape::Polygon(field.spaces[o].outline.clone())), "leaf {k} on {o}");
                }
            }
        }
        for spot in &field.mission_spots {
            assert!(!touching(&leaf, &Shape::Polygon(spot.clone())), "leaf {k} under a mission spot");
        }
    }
    // Without the option there are none, and nobody moves onto one.
    let mut h = turn(MICE, &[]);
    assert!(h.leaves().is_empty());
    assert_eq!(h.space_count(), 42);
    play(&mut h, &Action::Activate(3));
    assert_eq!(rule(&h, &Action::Move { figure: 7, to: BEECH_LEAF }), "TF-R7");
}

#[test]
fn tf_r26_a_leaf_holds_three_small_figures_no_large_one_and_no_bird_perches_on_it() {
    // Mice 7 and 8 stand in space 4, the leaf's stem.
    let mut g = turn_with(leaves(), MICE, &[]);
    assert_eq!(g.in_space(4), vec![7, 8]);
    g.arrange_place(3, Place::Space(BEECH_LEAF));
    g.arrange_place(4, Place::Space(BEECH_LEAF));
    play(&mut g, &Action::Activate(3));
    play(&mut g, &Action::Move { figure: 7, to: BEECH_LEAF });
    assert_eq!(g.in_space(BEECH_LEAF), vec![3, 4, 7]);
    let (rule, why) = refusal(&g, &Action::Move { figure: 8, to: BEECH_LEAF });
    assert_eq!(rule, "TF-R7");
    assert!(why.contains("no room"), "{why}");
    // A bird flying over a leaf with an enemy on it may swoop on it but
    // not perch there.
    let mut g = turn_with(leaves(), MICE, &[]);
    g.arrange_place(11, Place::Space(BEECH_LEAF));
    air(&mut g, 0, 11.8, 16.0, 18, Tilt::Centre);
    play(&mut g, &Action::Activate(0));
    play(&mut g, &Action::Fly(vec![S, S]));
    while waiting_at(&g).is_some_and(|c| c != Crossing::Space(BEECH_LEAF)) {
        play(&mut g, &Action::Continue);
    }
    assert_eq!(waiting_at(&g), Some(Crossing::Space(BEECH_LEAF)), "{}", g.status());
    assert!(legal(&g, &Action::Swoop), "{:?}", g.legal_actions());
    assert!(!legal(&g, &Action::Perch), "no bird perches on a leaf");
    play(&mut g, &Action::Swoop);
}

#[test]
fn tf_r26_cutting_loose_takes_the_place_of_the_attack_and_points_at_another_tree() {
    let mut g = turn_with(leaves(), MICE, &[]);
    play(&mut g, &Action::Activate(3));
    play(&mut g, &Action::Move { figure: 7, to: BEECH_LEAF });
    play(&mut g, &Action::Done);
    let cuts: Vec<u8> = g
        .legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::CutLoose { figure: 7, toward } => Some(toward),
            _ => None,
        })
        .collect();
    assert_eq!(cuts, (9..42).collect::<Vec<u8>>(), "every space of every other tree");
    assert!(!g.legal_actions().iter().any(|a| matches!(a, Action::CutLoose { figure: 8, .. })), "8 is not on it");
    let (rule, why) = refusal(&g, &Action::CutLoose { figure: 7, toward: 2 });
    assert_eq!(rule, "TF-R26");
    assert!(why.contains("another tree"), "{why}");
    assert_eq!(
        g.describe(&Action::CutLoose { figure: 7, toward: 30 }),
        "Mice: a Thistle Guard mouse cuts its leaf loose toward The Elm, space 5"
    );
    play(&mut g, &Action::CutLoose { figure: 7, toward: 30 });
    assert!(g.aftermath().contains("cuts the leaf of the Old Beech loose"), "{}", g.aftermath());
    assert!(g.leaves()[0].toward.is_some() || g.figure(7).place != Place::Space(BEECH_LEAF));
    // The figure's attack is spent: it neither attacks nor scurries now.
    assert!(
        !g.legal_actions()
            .iter()
            .any(|a| matches!(a, Action::Strike { figure: 7, .. } | Action::Scurry { figure: 7, .. }))
    );
    // Without the option: refused by the rule's id.
    let mut h = turn(MICE, &[]);
    play(&mut h, &Action::Activate(3));
    hold_and_end_moves(&mut h, 7);
    let (rule, why) = refusal(&h, &Action::CutLoose { figure: 7, toward: 30 });
    assert_eq!(rule, "TF-R26");
    assert!(why.contains("additional rule"), "{why}");
}

#[test]
fn tf_r26_a_drift_spins_die_plus_figures_times_each_a_clockwise_half_turn_about_the_front_hole() {
    let mut seen = std::collections::BTreeSet::new();
    for (seed, aboard) in (0..16).zip([1u8, 2].into_iter().cycle()) {
        let mut g = beech_leaf_adrift();
        if aboard == 2 {
            g.arrange_place(4, Place::Space(BEECH_LEAF));
        }
        // A tail feather west of the leaf's front hole and one east: a
        // clockwise swing from south sweeps the west one only.
        let west = g.arrange_feather(V2::new(4.9, 14.0), Heading(6), false);
        let east = g.arrange_feather(V2::new(9.1, 14.0), Heading(6), false);
        g.arrange_rng(seed);
        enter_final(&mut g);
        let spins = spins_rolled(&g) + aboard;
        seen.insert(spins);
        let t = g.aftermath();
        assert!(t.contains(&format!("{spins} spins toward The Ash, space 2")), "{t}");
        assert!(!t.contains(&format!("spin {} of", spins + 1)), "{t}");
        let ids: Vec<u16> = g.feathers().iter().map(|f| f.id).collect();
        assert!(!ids.contains(&west), "the swing swept the west feather away");
        assert!(ids.contains(&east), "and never swung east");
        assert!(t.contains("sweeps a tail feather away"), "{t}");
        g.invariants().unwrap();
        if g.leaves()[0].toward.is_none() {
            // Five spins reach the Ash.
            assert_eq!(spins, 5, "{t}");
            assert!(t.contains("reaches the Ash"), "{t}");
            continue;
        }
        assert!(t.contains(&format!("spin {spins} of {spins}")), "{t}");
        let leaf = &g.leaves()[0];
        assert_eq!(leaf.trail.len(), usize::from(spins));
        // Each half turn moves the leaf one hole span north, still pointed
        // at the Ash.
        let (a, b) = leaf.holes();
        let (front, back) = if a.y > b.y { (a, b) } else { (b, a) };
        assert!(close(front, 7.0, 14.0 + 2.3 * f64::from(spins)), "{front:?} after {spins} spins");
        assert!(close(back, 7.0, 14.0 + 2.3 * f64::from(spins - 1)), "{back:?}");
        assert_eq!(g.figure(3).place, Place::Space(BEECH_LEAF), "the figures ride along");
    }
    assert!(seen.len() >= 3, "the die and the figures decide: {seen:?}");
}

#[test]
fn tf_r26_a_flying_bird_stops_the_swing_and_the_next_spin_pivots_on_the_hole_nearest_the_destination() {
    let mut g = beech_leaf_adrift();
    air(&mut g, 0, 8.0, 15.5, 0, Tilt::Centre);
    g.arrange_rng(0);
    enter_final(&mut g);
    let t = g.aftermath();
    assert_eq!(t.matches("swings against the Swallow and stops turning").count(), 1, "{t}");
    let bird = Shape::base(g.bird(0).unwrap().pose.at);
    let leaf = &g.leaves()[0];
    assert!(leaf.trail.len() >= 2, "{t}");
    for &(hole, back) in &leaf.trail {
        let p = Shape::Polygon(aviary::rules::tail_feathers::game::leaf_outline(hole, back));
        assert!(!touching(&p, &bird), "the leaf never moves into the bird");
    }
    // Stopped short, the swinging end lay nearer the Ash: the next spin
    // turned about it.
    let dest = V2::new(7.0, 26.5);
    let (h0, b0) = leaf.trail[0];
    let other = h0.plus(b0.unit().scale(aviary::rules::tail_feathers::game::hole_span()));
    let nearest = if other.dist(dest) < h0.dist(dest) { other } else { h0 };
    assert!(close(leaf.trail[1].0, nearest.x, nearest.y), "{:?} then {:?}", leaf.trail[0], leaf.trail[1]);
    assert!(!close(nearest, 7.0, 14.0), "the swing got somewhere before the bird");
}

#[test]
fn tf_r26_a_mission_card_stops_the_leaf_an_opponent_s_is_revealed_one_s_own_is_not() {
    for (owner, revealed) in [(Alliance::Rats, true), (Alliance::Mice, false)] {
        // The mouse on the Old Beech's leaf cuts it loose toward the Hollow
        // Oak, across the mission card at spot 6 (south-west of the axis).
        let mut g = turn_with(leaves(), MICE, &[]);
        g.arrange_mission(owner, Some(MissionCard { kind: Some(MissionKind::Siege), spot: Some(6), revealed: false }));
        play(&mut g, &Action::Activate(3));
        play(&mut g, &Action::Move { figure: 7, to: BEECH_LEAF });
        play(&mut g, &Action::Done);
        let g =
            with_dice(&g, &Action::CutLoose { figure: 7, toward: 9 }, "three spins or more", |h| spins_rolled(h) >= 2);
        let t = g.aftermath();
        assert!(
            t.contains(&format!("stops at the {} mission card", if owner == MICE_SIDE { "mice" } else { "rats" })),
            "{t}"
        );
        assert_eq!(g.mission(owner).unwrap().revealed, revealed, "{t}");
        let card = g.target_shape(Target::Mission(owner)).unwrap();
        assert!(!touching(&Shape::Polygon(g.leaves()[0].outline()), &card));
        assert!(g.leaves()[0].toward.is_some(), "it rests there, still adrift");
        assert!(g.leaves()[0].trail.len() < usize::from(spins_rolled(&g) + 1), "the drift stopped early: {t}");
    }
}

const MICE_SIDE: Alliance = Alliance::Mice;

/// The Ash's leaf adrift with a rat (11) on it, in the Old Beech leaf's way
/// toward the Hollow Oak.
fn ash_leaf_in_the_way(g: &mut TailFeathers) {
    g.arrange_place(11, Place::Space(ASH_LEAF));
    g.arrange_drifting_leaf(2, V2::new(16.6, 14.8), Heading(6), 26, Alliance::Rats);
}

#[test]
fn tf_r26_another_drifting_leaf_stops_the_leaf_and_the_two_are_adjacent_until_either_moves() {
    let mut g = turn_with(leaves(), MICE, &[]);
    ash_leaf_in_the_way(&mut g);
    play(&mut g, &Action::Activate(3));
    play(&mut g, &Action::Move { figure: 7, to: BEECH_LEAF });
    play(&mut g, &Action::Done);
    let g = with_dice(&g, &Action::CutLoose { figure: 7, toward: 9 }, "a meeting", |h| {
        h.aftermath().contains("drifts against the leaf of the Ash")
    });
    let (a, b) = (&g.leaves()[0], &g.leaves()[2]);
    assert_eq!((a.touching, b.touching), (Some(2), Some(0)), "{}", g.aftermath());
    assert_eq!(g.space_neighbours(usize::from(BEECH_LEAF)), vec![usize::from(ASH_LEAF)]);
    assert_eq!(g.space_neighbours(usize::from(ASH_LEAF)), vec![usize::from(BEECH_LEAF)]);
    // The rat may step across (and a small figure stops on entering a
    // space with an enemy); the Ash leaf, left empty, goes back at once.
    let mut g = g;
    g.arrange_turn(RATS, &[0, 1, 2, 3]);
    play(&mut g, &Action::Activate(6));
    play(&mut g, &Action::Move { figure: 11, to: BEECH_LEAF });
    assert_eq!(g.leaves()[2].toward, None, "{}", g.aftermath());
    assert!(g.aftermath().contains("the leaf of the Ash goes back to its branch"), "{}", g.aftermath());
    assert_eq!(g.leaves()[0].touching, None, "no longer adjacent");
    assert_eq!(g.space_neighbours(usize::from(ASH_LEAF)), vec![20], "it hangs from its stem again");
    g.invariants().unwrap();
}

#[test]
fn tf_r26_a_tree_ends_the_drift_the_figures_step_onto_its_closest_space_and_the_leaf_goes_home() {
    // The Old Beech's leaf, three mice on it, just south of the Ash: every
    // spin reaches the Ash. A perched bird fills space 19; the space
    // closest to where the leaf lands takes all three (when it has no
    // room, see `tf_rulings.rs`).
    let mut g = turn_with(leaves(), MICE, &[0, 1, 2, 3, 4, 5, 6, 7]);
    for f in [3, 4, 5] {
        g.arrange_place(f, Place::Space(BEECH_LEAF));
    }
    g.arrange_drifting_leaf(0, V2::new(7.0, 22.0), Heading(18), 19, Alliance::Mice);
    g.arrange_place(9, Place::Space(19));
    g.arrange_rng(0);
    enter_final(&mut g);
    let t = g.aftermath();
    assert!(t.contains("the leaf of the Old Beech reaches the Ash"), "{t}");
    let landed: Vec<u8> = [3, 4, 5]
        .iter()
        .map(|&f| match g.figure(f).place {
            Place::Space(s) => s,
            p => panic!("{p:?}"),
        })
        .collect();
    assert!(landed.iter().all(|s| (18..26).contains(s) && *s != 19), "{landed:?}: the Ash, not the bird's space");
    assert!(landed.iter().all(|&s| s == landed[0]), "{landed:?}: the closest space takes all three");
    let leaf = &g.leaves()[0];
    assert_eq!(leaf.toward, None, "the leaf goes back to its branch");
    assert_eq!(g.space_neighbours(usize::from(BEECH_LEAF)), vec![4]);
    g.invariants().unwrap();
}

#[test]
fn tf_r26_drifting_leaves_drift_again_each_final_phase_in_turn_order() {
    // Rats first: the rats' leaf (the Ash's, cut loose by them) rolls first.
    let mut g = beech_leaf_adrift();
    g.arrange_turn(RATS, &[0, 1, 2, 3, 4, 5, 6, 7]);
    g.arrange_place(11, Place::Space(ASH_LEAF));
    g.arrange_drifting_leaf(2, V2::new(22.0, 30.0), Heading(12), 30, Alliance::Rats);
    play(&mut g, &Action::Pass);
    play(&mut g, &Action::FinalPhase);
    let seats: Vec<aviary::rules::Seat> = g
        .events()
        .iter()
        .filter_map(|e| match e {
            aviary::rules::tail_feathers::game::Event::Rolled { seat, what, .. } if what == "the leaf's spins" => {
                Some(*seat)
            }
            _ => None,
        })
        .collect();
    assert_eq!(seats, vec![RATS, MICE], "{}", g.aftermath());
    assert_eq!(g.phase(), Phase::Mission, "then the next round");
}

#[test]
fn tf_r26_a_drifting_leaf_blocks_clear_sight_and_birds_fly_over_it() {
    // Two birds facing each other across open ground south of the Ash.
    let mut g = turn_with(leaves(), MICE, &[]);
    air(&mut g, 0, 3.0, 17.0, 0, Tilt::Centre);
    air(&mut g, 9, 11.0, 17.0, 12, Tilt::Centre);
    assert!(g.measure(0, Target::Figure(9)).unwrap().1.is_some(), "clear at first");
    g.arrange_place(3, Place::Space(BEECH_LEAF));
    g.arrange_drifting_leaf(0, V2::new(7.0, 15.5), Heading(6), 19, Alliance::Mice);
    assert!(g.measure(0, Target::Figure(9)).unwrap().1.is_none(), "the drifting leaf blocks the line");
    // A figure on the leaf itself sees out of it.
    let from_leaf = g.measure(3, Target::Figure(9)).unwrap();
    assert!(from_leaf.1.is_some(), "{from_leaf:?}");
    // The Swallow flies north over it: a space crossed, nothing more.
    air(&mut g, 0, 7.0, 13.0, 6, Tilt::Centre);
    let plan = g.plan_flight(0, &[S, S]).unwrap();
    assert!(plan.crossings.iter().any(|c| c.1 == Crossing::Space(BEECH_LEAF)), "{:?}", plan.crossings);
    assert_eq!(plan.kept, plan.laid.len(), "not cut short");
}

#[test]
fn tf_r26_home_tree_leaves_count_as_the_home_tree_for_deploying_and_missions() {
    let mut g = TailFeathers::new(&aviary::rules::Setup { seats: 2, options: leaves() }, 1);
    let deploys: Vec<u8> = g
        .legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::Deploy { space, .. } => Some(space),
            _ => None,
        })
        .collect();
    // The first figure placed is a bird: never on the leaf.
    assert!(!deploys.contains(&BEECH_LEAF));
    tf_common::deploy_all(&mut g);
    g.arrange_place(7, Place::Space(BEECH_LEAF));
    while g.to_move() != ToMove::Seat(MICE) || !legal(&g, &Action::Send(3)) {
        let a = if g.to_move() == ToMove::Seat(MICE) && legal(&g, &Action::Mission(Some(MissionKind::Siege))) {
            Action::Mission(Some(MissionKind::Siege))
        } else if legal(&g, &Action::Mission(None)) {
            Action::Mission(None)
        } else {
            g.legal_actions()[0].clone()
        };
        play(&mut g, &a);
    }
    assert!(
        legal(&g, &Action::Send(7)),
        "a mouse on the home tree's leaf goes on the mission: {:?}",
        g.legal_actions()
    );
    // A leaf of another tree is not the home tree.
    g.arrange_place(7, Place::Space(ASH_LEAF));
    assert!(!legal(&g, &Action::Send(7)));
}

/// Lays the mice's mission as far as placing its card, with a drifting
/// leaf over spot 6 and a tail feather over spot 2.
#[test]
fn tf_r26_and_r24_no_mission_card_is_laid_on_a_drifting_leaf_or_a_tail_feather() {
    let mut g = TailFeathers::new(&aviary::rules::Setup { seats: 2, options: leaves() }, 1);
    tf_common::deploy_all(&mut g);
    g.arrange_place(3, Place::Space(BEECH_LEAF));
    g.arrange_drifting_leaf(0, V2::new(16.5, 15.0), Heading(6), 30, Alliance::Mice);
    g.arrange_feather(V2::new(20.0, 18.0), Heading(0), false);
    while !g.legal_actions().iter().any(|a| matches!(a, Action::PlaceMission(_))) {
        let a = if legal(&g, &Action::Mission(Some(MissionKind::Siege))) {
            Action::Mission(Some(MissionKind::Siege))
        } else {
            g.legal_actions()[0].clone()
        };
        play(&mut g, &a);
    }
    let (rule, why) = refusal(&g, &Action::PlaceMission(6));
    assert_eq!(rule, "TF-R2");
    assert!(why.contains("the leaf of the Old Beech"), "{why}");
    let (rule, why) = refusal(&g, &Action::PlaceMission(2));
    assert_eq!(rule, "TF-R2");
    assert!(why.contains("a tail feather"), "{why}");
    assert!(legal(&g, &Action::PlaceMission(0)), "{:?}", g.legal_actions());
}
