//! The rulings of 2026-11-27 on Tail Feathers' additional rules (issue 41,
//! section 3; `shared/specs/tail-feathers.md`, "Rulings of 2026-11-27"):
//! one test per ruling, named for its rule, played through the game's
//! public API. Figures and spaces are numbered as in `tf_rules.rs`; leaves
//! are spaces 42 on (42 the Old Beech's, 44 the Ash's).
#![allow(clippy::unwrap_used)]

mod tf_common;

use aviary::rules::tail_feathers::components::{Alliance, LEAF_SIZE, MissionKind};
use aviary::rules::tail_feathers::dice::{self, Attack, Face};
use aviary::rules::tail_feathers::game::{
    Action, Aim, Event, FlightEnding, MissionCard, Options, Phase, Place, Play, TailFeathers, Target, field, hole_span,
    leaf_outline,
};
use aviary::rules::tail_feathers::geometry::{Heading, Length, Shape, Tilt, V2, touches};
use aviary::rules::{Game, ToMove};
use tf_common::{MICE, RATS, air, enter_final, legal, play, refusal, rolls, to_activation_with, turn_with, with_dice};

use Length::Short as S;

const BEECH_LEAF: u8 = 42;
const ASH_LEAF: u8 = 44;

fn leaves() -> Options {
    Options { leaves: true, ..Options::default() }
}

/// The leaf of the Old Beech drifting south of the Ash toward its south
/// space with mice 3, 4 and 5 on it; every unit activated, the mice to
/// pass into the final phase.
fn beech_leaf_near_the_ash() -> TailFeathers {
    let mut g = turn_with(leaves(), MICE, &[0, 1, 2, 3, 4, 5, 6, 7]);
    for f in [3, 4, 5] {
        g.arrange_place(f, Place::Space(BEECH_LEAF));
    }
    g.arrange_drifting_leaf(0, V2::new(7.0, 22.0), Heading(18), 19, Alliance::Mice);
    g.arrange_rng(0);
    g
}

// ---------------------------------------------------------------------
// 1. TF-R25 before TF-R9's truncation.

#[test]
fn tf_r25_flight_aimed_to_end_on_an_enemy_bird_starts_a_spiral_at_first_touch() {
    // The Swallow at (10, 16) flying east; the Crow hovers at (16.75, 16),
    // just where two short templates would leave the Swallow's base. Only
    // the second template touches the Crow.
    let mut g = turn_with(Options { death_spirals: true, ..Options::default() }, MICE, &[]);
    air(&mut g, 0, 10.0, 16.0, 0, Tilt::Centre);
    air(&mut g, 9, 16.75, 16.0, 12, Tilt::Centre);
    play(&mut g, &Action::Activate(0));
    let plan = g.plan_flight(0, &[S, S]).unwrap();
    let outcome = g.flight_outcome(0, &plan);
    assert_eq!(outcome.ending, FlightEnding::Spiral(9), "the preview says a spiral: {outcome:?}");
    assert_eq!(plan.ended_on, None, "nothing is cut short");
    // The Crow's base is first touched 5.25" along the templates (3" of
    // the first, 2.25" of the second): the spiral starts there.
    assert!((outcome.flown - 5.25).abs() < 1e-6, "{outcome:?}");
    play(&mut g, &Action::Fly(vec![S, S]));
    while g.walking().is_some() && legal(&g, &Action::Continue) {
        play(&mut g, &Action::Continue);
    }
    let t = g.aftermath();
    assert!(t.contains("the Swallow meets the Carrion Crow in the air: a death spiral"), "{t}");
    assert!(!t.contains("ended against an enemy bird"), "never the old ending against the bird: {t}");
    assert_eq!(rolls(&g, "death spiral").len(), 2, "both birds rolled the battle: {t}");
    // Laid across the bar from the Crow (it turns away afterwards unless
    // the battle tied).
    let me = g.bird(0).unwrap().pose;
    assert!((me.at.x - (16.75 - 2.5)).abs() < 1e-9 && (me.at.y - 16.0).abs() < 1e-9, "across the bar: {me:?}");
    // Without death spirals the same flight is cut short as before (TF-R9).
    let mut h = turn_with(Options::default(), MICE, &[]);
    air(&mut h, 0, 10.0, 16.0, 0, Tilt::Centre);
    air(&mut h, 9, 16.75, 16.0, 12, Tilt::Centre);
    play(&mut h, &Action::Activate(0));
    let plan = h.plan_flight(0, &[S, S]).unwrap();
    assert_eq!(h.flight_outcome(0, &plan).ending, FlightEnding::CutShort(9));
}

// ---------------------------------------------------------------------
// 2. TF-R26 patrols.

#[test]
fn tf_r26_a_patrol_may_target_a_drifting_leaf_holding_enemy_figures() {
    // The mice patrol with two mice; no rat flies, but a rat rides the
    // Ash's leaf, adrift.
    let mut g = turn_with(leaves(), MICE, &[0, 1, 2, 3, 4, 5, 6, 7]);
    g.arrange_mission(
        Alliance::Mice,
        Some(MissionCard { kind: Some(MissionKind::Patrol), spot: Some(0), revealed: false }),
    );
    g.arrange_place(3, Place::Mission);
    g.arrange_place(4, Place::Mission);
    g.arrange_place(11, Place::Space(ASH_LEAF));
    g.arrange_drifting_leaf(2, V2::new(16.6, 14.8), Heading(6), 26, Alliance::Rats);
    assert!(g.flyers().is_empty(), "no bird in the air");
    play(&mut g, &Action::Pass);
    play(&mut g, &Action::FinalPhase);
    assert_eq!(g.to_move(), ToMove::Seat(MICE), "the patrol chooses its target: {}", g.status());
    let patrol: Vec<Action> = g.legal_actions();
    assert_eq!(patrol.len(), 1, "the leaf is the one target: {patrol:?}");
    let words = g.describe(&patrol[0]);
    assert!(words.contains("patrol") && words.contains("the leaf of the Ash"), "{words}");
    // A ranged group attack of the patrol's value (two mice with bows) on
    // the figures on it.
    let shot = with_dice(&g, &patrol[0], "a hit on the rat", |h| h.figure(11).place == Place::Casualty);
    assert_eq!(rolls(&shot, "attack").first().map(Vec::len), Some(2), "{}", shot.aftermath());
    assert_eq!(shot.figure(11).place, Place::Casualty, "{}", shot.aftermath());
    // A leaf still hanging on its branch is no patrol target.
    let mut h = turn_with(leaves(), MICE, &[0, 1, 2, 3, 4, 5, 6, 7]);
    h.arrange_mission(
        Alliance::Mice,
        Some(MissionCard { kind: Some(MissionKind::Patrol), spot: Some(0), revealed: false }),
    );
    h.arrange_place(3, Place::Mission);
    h.arrange_place(11, Place::Space(ASH_LEAF));
    play(&mut h, &Action::Pass);
    play(&mut h, &Action::FinalPhase);
    assert!(h.legal_actions().iter().all(|a| !h.describe(a).contains("patrol")), "{:?}", h.legal_actions());
}

// ---------------------------------------------------------------------
// 3. TF-R26 a leaf reaching a tree.

#[test]
fn tf_r26_a_leaf_reaching_a_tree_puts_its_figures_on_the_closest_space_and_the_excess_in_the_casualty_pile() {
    // Where the leaf lands with nobody in its way: the space of the Ash
    // closest to it.
    let mut dry = beech_leaf_near_the_ash();
    enter_final(&mut dry);
    assert!(dry.aftermath().contains("reaches the Ash"), "{}", dry.aftermath());
    let Place::Space(closest) = dry.figure(3).place else { panic!("{}", dry.aftermath()) };
    assert!((18..26).contains(&closest));
    // The same drift with two mice already there: room for two more.
    let mut g = beech_leaf_near_the_ash();
    g.arrange_place(6, Place::Space(closest));
    g.arrange_place(7, Place::Space(closest));
    enter_final(&mut g);
    let t = g.aftermath();
    assert!(t.contains("reaches the Ash"), "{t}");
    assert_eq!(g.figure(3).place, Place::Space(closest), "{t}");
    assert_eq!(g.figure(4).place, Place::Space(closest), "{t}");
    assert_eq!(g.figure(5).place, Place::Casualty, "no room there: the casualty pile, not another space: {t}");
    assert_eq!(g.in_space(closest).len(), 4);
    assert_eq!(g.leaves()[0].toward, None, "the leaf goes back to its branch");
}

// ---------------------------------------------------------------------
// 4. TF-R26 pointing.

#[test]
fn tf_r26_cutting_a_leaf_loose_points_it_at_the_destination_before_the_first_spin() {
    // A mouse on the Old Beech's leaf (hanging north-east from its stem)
    // cuts it loose toward the Ash's south space (19), north-north-west.
    let mut g = turn_with(leaves(), MICE, &[]);
    play(&mut g, &Action::Activate(3));
    play(&mut g, &Action::Move { figure: 7, to: BEECH_LEAF });
    play(&mut g, &Action::Done);
    g.arrange_rng(1);
    play(&mut g, &Action::CutLoose { figure: 7, toward: 19 });
    let c = &field().connections[0];
    let dest = field().spaces[19].perch;
    let way = Heading::toward(c.at, dest);
    assert_ne!(way, c.heading, "the leaf hung another way");
    // Pointed: its stem end at the connection point, its front end toward
    // the Ash. The first spin turns about the hole at that front end.
    let front = c.at.plus(way.unit().scale(LEAF_SIZE.2 + hole_span()));
    let leaf = &g.leaves()[0];
    assert!(!leaf.trail.is_empty(), "{}", g.aftermath());
    let (pivot, back) = leaf.trail[0];
    assert!(pivot.dist(front) < 1e-6, "the first spin turned about {pivot:?}, not the front hole {front:?}");
    // A half turn: the other end now lies one hole span further on, the
    // leaf still pointing at the Ash.
    let swung = pivot.plus(back.unit().scale(hole_span()));
    assert!(swung.dist(c.at) > pivot.dist(c.at) + hole_span() - 0.1, "{swung:?}");
    assert!(swung.dist(dest) < front.dist(dest) - hole_span() + 0.1, "{swung:?}");
    g.invariants().unwrap();
}

// ---------------------------------------------------------------------
// 5. TF-R23 which figures forage.

#[test]
fn tf_r23_a_foraging_squad_activates_at_most_its_squad_value_chosen_by_its_player() {
    let foraging = Options { foraging: true, ..Options::default() };
    // Mice 4 and 5 are on fire; the squad value is 3.
    let mut g = turn_with(foraging.clone(), MICE, &[]);
    g.arrange_cheese(MICE, 2);
    g.arrange_status(4, 0, false, true, false);
    g.arrange_status(5, 0, false, true, false);
    play(&mut g, &Action::Activate(3));
    play(&mut g, &Action::Forage);
    assert_eq!(g.cheese(MICE), 3, "one cheese");
    assert_eq!(g.active_unit(), Some(3), "its player now chooses the figures: {}", g.status());
    for f in 3..9 {
        assert!(legal(&g, &Action::Hold(f)), "any of its figures: {:?}", g.legal_actions());
    }
    assert!(!legal(&g, &Action::Done), "at least one figure is activated");
    let (rule, _) = refusal(&g, &Action::Move { figure: 3, to: 2 });
    assert_eq!(rule, "TF-R23", "a forager does not move");
    play(&mut g, &Action::Hold(3));
    play(&mut g, &Action::Hold(6));
    assert!(legal(&g, &Action::Done));
    play(&mut g, &Action::Hold(7));
    // Three chosen, the squad value: the activation is over, and the
    // burning figures, not chosen, did not roll for their fire.
    assert_eq!(g.active_unit(), None, "{}", g.aftermath());
    assert!(g.is_activated(3));
    assert!(rolls(&g, "fire").is_empty(), "{}", g.aftermath());
    assert!(g.figure(4).on_fire && g.figure(5).on_fire);
    assert_eq!(g.to_move(), ToMove::Seat(RATS));
    // One burning figure chosen: it alone rolls for its fire.
    let mut h = turn_with(foraging, MICE, &[]);
    h.arrange_status(4, 0, false, true, false);
    h.arrange_status(5, 0, false, true, false);
    play(&mut h, &Action::Activate(3));
    play(&mut h, &Action::Forage);
    play(&mut h, &Action::Hold(4));
    play(&mut h, &Action::Done);
    assert_eq!(rolls(&h, "fire").len(), 1, "{}", h.aftermath());
    assert!(h.figure(5).on_fire, "the other burning mouse was not activated");
    assert_eq!(h.active_unit(), None);
}

// ---------------------------------------------------------------------
// 6. TF-R28 an idle ballista is available.

#[test]
fn tf_r28_a_ready_crewed_ballista_without_a_target_is_activated_not_passed_over() {
    let mut g = to_activation_with(1, Options { action_cards: true, structures: true, ..Options::default() });
    g.arrange_turn(RATS, &[4, 5, 6, 7]);
    g.arrange_round(2);
    g.arrange_ballista(Alliance::Rats, 20, 1, 0);
    g.arrange_place(11, Place::Space(20));
    g.arrange_cheese(RATS, 2);
    assert!(g.ballista_targets(Alliance::Rats).is_empty(), "nothing within its range");
    assert!(g.ballista_blocker(Alliance::Rats).is_none(), "ready and crewed");
    // Every rat unit has been activated, but the ballista stands ready:
    // the rats may not pass for a cheese.
    let (rule, why) = refusal(&g, &Action::Pass);
    assert_eq!(rule, "TF-R5");
    assert!(why.contains("ballista"), "{why}");
    let idle: Vec<Action> = g.legal_actions().into_iter().filter(|a| g.describe(a).contains("ballista")).collect();
    assert_eq!(idle.len(), 1, "{:?}", g.legal_actions());
    play(&mut g, &idle[0]);
    assert!(g.ballista(Alliance::Rats).is_some_and(|b| b.activated), "{}", g.aftermath());
    assert!(rolls(&g, "attack").is_empty(), "it does nothing: {}", g.aftermath());
    assert_eq!(g.cheese(RATS), 2, "no cheese for it");
    assert_eq!(g.to_move(), ToMove::Seat(MICE), "the turn passes");
}

// ---------------------------------------------------------------------
// 7. TF-R26 timing.

#[test]
fn tf_r26_drifting_leaves_in_the_final_phase_are_not_stopped_by_resolved_mission_cards() {
    // The Old Beech's leaf adrift west of the middle toward the Hollow Oak,
    // a mouse on it: its drift sweeps over the mission spots.
    let adrift = || {
        let mut g = turn_with(leaves(), MICE, &[0, 1, 2, 3, 4, 5, 6, 7]);
        g.arrange_place(3, Place::Space(BEECH_LEAF));
        g.arrange_drifting_leaf(0, V2::new(12.0, 14.0), Heading(12), 9, Alliance::Mice);
        g.arrange_rng(3);
        g
    };
    let mut dry = adrift();
    enter_final(&mut dry);
    let trail = dry.leaves()[0].trail.clone();
    let spins = usize::from(rolls(&dry, "the leaf's spins")[0][0].number()) + 1;
    assert_eq!(trail.len(), spins, "{}", dry.aftermath());
    // A spot the drift passes over.
    let spot = (0..field().mission_spots.len())
        .find(|&s| {
            let card = Shape::Polygon(field().mission_spots[s].clone());
            trail.iter().any(|&(h, b)| touches(&Shape::Polygon(leaf_outline(h, b)), &card))
        })
        .expect("the drift crosses a mission spot");
    // The rats' decoy lay there this round: resolved, it is gone before
    // the leaves drift.
    let mut g = adrift();
    g.arrange_mission(
        Alliance::Rats,
        Some(MissionCard { kind: Some(MissionKind::Decoy), spot: Some(spot as u8), revealed: false }),
    );
    enter_final(&mut g);
    let t = g.aftermath();
    assert!(!t.contains("stops at the rats mission card"), "{t}");
    assert_eq!(g.leaves()[0].trail, trail, "the same drift as without the card: {t}");
    assert_eq!(g.phase(), Phase::Mission, "the next round");
    assert!(g.mission(Alliance::Rats).is_none());
}

// ---------------------------------------------------------------------
// 8. Re-rolls (glossary; TF-R13 for the cheese re-roll).

/// The attack dice after the last action that rolled them again ("what").
fn rolled_again(g: &TailFeathers, what: &str) -> Option<Vec<Face>> {
    rolls(g, what).into_iter().next()
}

#[test]
fn tf_r13_re_rolls_a_die_re_rolled_once_is_never_re_rolled_again_not_even_by_a_card() {
    // Wren (veteran: three ranged dice) flies the Jay north to about
    // (12, 20.75) and shoots at the Crow hovering at (17, 21); both wheels
    // are full, the mice hold Second Volley (re-roll every die that
    // missed).
    let mut g0 = to_activation_with(1, Options { action_cards: true, veterans: true, ..Options::default() });
    g0.arrange_turn(MICE, &[]);
    let volley = aviary::rules::tail_feathers::cards::card_named("Second Volley").unwrap();
    g0.arrange_hand(MICE, &[volley]);
    g0.arrange_hand(RATS, &[]);
    g0.arrange_cheese(MICE, 6);
    g0.arrange_cheese(RATS, 6);
    air(&mut g0, 9, 17.0, 21.0, 12, Tilt::Centre);
    air(&mut g0, 2, 12.0, 14.0, 6, Tilt::Centre);
    play(&mut g0, &Action::Activate(2));
    play(&mut g0, &Action::Fly(vec![S, S]));
    while g0.walking().is_some() {
        play(&mut g0, &Action::Continue);
    }
    let shoot = Action::Shoot { figure: 2, target: Target::Figure(9) };
    assert!(legal(&g0, &shoot), "{:?}", g0.legal_actions());
    let miss = |f: Face| dice::hits(&[f], Attack::Ranged) == 0;
    let mut seen = 0;
    for seed in 0..3000 {
        let mut g = g0.clone();
        g.arrange_rng(seed);
        play(&mut g, &shoot);
        // A cheese face to spare: re-rolled, it comes up a miss, and
        // another die missed too.
        let first = rolls(&g, "attack")[0].clone();
        let Some(i) = first.iter().position(|f| f.symbol() == dice::Symbol::Cheese) else { continue };
        if !legal(&g, &Action::Reroll(1)) {
            continue;
        }
        play(&mut g, &Action::Reroll(1));
        let Some(after) = rolled_again(&g, "re-rolled cheese") else { continue };
        if !miss(after[i]) || !(0..after.len()).any(|j| j != i && miss(after[j])) {
            continue;
        }
        // The attack window: the mice play Second Volley.
        let card = Action::Play(Play { card: volley, figure: 2, aim: Aim::Nothing });
        assert!(legal(&g, &card), "{:?}", g.legal_actions());
        play(&mut g, &card);
        while legal(&g, &Action::NoCard) {
            play(&mut g, &Action::NoCard);
        }
        let events: Vec<Event> = g.events().to_vec();
        let volleyed = events.iter().find_map(|e| match e {
            Event::Rolled { what, faces, .. } if what == "the misses again" => Some(faces.clone()),
            _ => None,
        });
        let volleyed = volleyed.unwrap_or_else(|| panic!("the other misses are re-rolled: {}", g.aftermath()));
        assert_eq!(
            volleyed[i],
            after[i],
            "seed {seed}: the die re-rolled for cheese stays as it is: {}",
            g.aftermath()
        );
        seen += 1;
        if seen == 12 {
            return;
        }
    }
    panic!("only {seen} seeds gave a cheese re-roll then a volley");
}
