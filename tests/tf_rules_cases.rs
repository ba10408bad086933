//! More Tail Feathers rule cases, each a behaviour `tests/tf_rules.rs` does
//! not reach (see `shared/specs/tail-feathers.md`): a new tilt after a
//! passed piloting check and flights through a friendly bird or crashing
//! beside one (TF-R9); pick-ups at maneuver points, none after a drop-off,
//! and a passenger dropped in the nest its bird perches in (TF-R10); ranged
//! attacks on a nest and the Feathered ability (TF-R11); swoops on a nest,
//! on a perched bird, by a rattled pilot, on face-up missions and none at
//! a card the base touched when the activation began (TF-R14); patrols and
//! intercepts that roll nothing and sieges that never land in a nest
//! (TF-R17 with the Further rulings on missions); the Pinning and
//! Firebrand abilities (TF-R18). Played through the game's public API on
//! Scenario 1's battlefield, with positions set up by the `arrange_*`
//! hooks.
//!
//! Where a test needs particular dice it tries the state's RNG seeds in
//! order until one gives them (deterministic: the same seed every run).
//!
//! Figures: 0–2 the mice's birds (Swallow, Chaffinch, Jay), 3–8 the mice's
//! squad, 9–10 the rats' birds (Carrion Crow, Magpie), 11–16 the rats'
//! squad, 17 the rats' hero (Old Scab). Units: 0–2 the mice's birds, 3 their
//! squad, 4–5 the rats' birds, 6 their squad, 7 the hero. Spaces: 0–7 the
//! mice's home tree (ring from the south-west corner, anticlockwise, round
//! a trunk at (7, 7)), 8 its nest (west of the ring); 9–16 and 17 the
//! rats' (trunk at (29, 29), nest east); 18–25 the Ash; 26–33 the Elm (26
//! south-west, 27 south, 28 south-east, 29 east, …, 33 west; trunk at
//! (29, 7)); 34–41 the sapling. Headings count 15° steps anticlockwise from
//! east (6 is north, 12 west).
#![allow(clippy::unwrap_used)]

mod tf_common;

use aviary::rules::tail_feathers::components::{Ability, Alliance, BIRDS, GROUND, MissionKind, PILOTS};
use aviary::rules::tail_feathers::game::{Action, Crossing, Event, MissionCard, Phase, Place, TailFeathers, Target};
use aviary::rules::tail_feathers::geometry::{Heading, Length, Shape, Tilt, V2, overlaps};
use aviary::rules::{Game, ToMove};
use tf_common::{
    MICE, MICE_NEST, RATS, RATS_NEST, air, close, enter_final, hold_and_end_moves, legal, play, rolls, rule,
    swallow_activated, swoop_run, to_final, turn, waiting_at, with_dice, wounds_event,
};

use Length::{Long as L, Short as S};

/// The hits counted in the last action (the first count), if any.
fn hits(g: &TailFeathers) -> Option<u8> {
    g.events().iter().find_map(|e| if let Event::Hits(n) = e { Some(*n) } else { None })
}

/// The blocks rolled by `t` in the last action, if it defended.
fn blocks(g: &TailFeathers, t: Target) -> Option<u8> {
    g.events().iter().find_map(|e| match e {
        Event::Blocks(x, n) if *x == t => Some(*n),
        _ => None,
    })
}

/// True when the first attack roll of the last action shows a star.
fn attack_star(g: &TailFeathers) -> bool {
    rolls(g, "attack").first().is_some_and(|d| d.iter().any(|f| f.star()))
}

fn pickups(g: &TailFeathers) -> Vec<u8> {
    g.legal_actions().iter().filter_map(|a| if let Action::PickUp(f) = a { Some(*f) } else { None }).collect()
}

// ---------------------------------------------------------------------
// TF-R9 Flights.

#[test]
fn tf_r9_a_passed_piloting_check_offers_tilts_one_step_away_and_the_flight_turns_by_the_new_tilt() {
    // The Swallow (Tansy, pilot value 1) flying east at left tilt, in open
    // air south of the rats' tree.
    let g = swallow_activated(18.0, 24.0, 0, Tilt::Left);
    assert!(legal(&g, &Action::PilotingCheck));
    let star = |h: &TailFeathers| rolls(h, "piloting check").first().is_some_and(|d| d.iter().any(|f| f.star()));
    let mut passed = with_dice(&g, &Action::PilotingCheck, "a star", star);
    assert_eq!(
        passed.legal_actions(),
        [Action::SetTilt(Tilt::Left), Action::SetTilt(Tilt::Centre)],
        "one step from left: stay left or go to centre, and nothing else before the tilt is set"
    );
    assert_eq!(rule(&passed, &Action::SetTilt(Tilt::Right)), "TF-R9", "two steps away");
    // The choices' words (the panel's buttons): the tilt it has is kept,
    // not "turned to" ("turn to left tilt" for a bird at left tilt read as
    // a wrong button).
    assert_eq!(passed.describe(&Action::SetTilt(Tilt::Left)), "Mice keep the Swallow at left tilt");
    assert_eq!(passed.describe(&Action::SetTilt(Tilt::Centre)), "Mice turn the Swallow to centre tilt");
    assert_eq!(rule(&passed, &Action::Fly(vec![S, S])), "TF-R9", "the tilt first");
    play(&mut passed, &Action::SetTilt(Tilt::Centre));
    assert_eq!(passed.bird(0).unwrap().tilt, Tilt::Centre);
    play(&mut passed, &Action::Fly(vec![S, S]));
    let b = passed.bird(0).unwrap();
    assert_eq!(b.pose.heading, Heading(0), "at centre tilt the second template goes straight on");
    assert!(close(b.pose.at, 18.0 + 0.75 + 6.0, 24.0), "{:?}", b.pose.at);
    // A failed check leaves the tilt as it was: the flight turns left.
    let mut failed = with_dice(&g, &Action::PilotingCheck, "no star", |h| !star(h));
    assert!(!failed.legal_actions().iter().any(|a| matches!(a, Action::SetTilt(_))));
    assert_eq!(rule(&failed, &Action::SetTilt(Tilt::Centre)), "TF-R9");
    play(&mut failed, &Action::Fly(vec![S, S]));
    assert_eq!(failed.bird(0).unwrap().pose.heading, Heading(2), "turned 30° left");
    assert_eq!(failed.bird(0).unwrap().tilt, Tilt::Left);
}

#[test]
fn tf_r9_a_trunk_crash_backs_the_bird_along_its_path_clear_of_a_flying_bird() {
    // The Swallow flies east at the Elm's trunk (west face x = 27.75): alone
    // it stops at x = 27. The Chaffinch hovers at (27, 8.2), overlapping that
    // spot (its base reaches the path's edge, so the flight crosses it: a
    // friend, no wound).
    let mut g = turn(MICE, &[]);
    air(&mut g, 0, 18.0, 7.0, 0, Tilt::Centre);
    air(&mut g, 1, 27.0, 8.2, 12, Tilt::Centre);
    let other = Shape::base(V2::new(27.0, 8.2));
    assert!(overlaps(&Shape::base(V2::new(27.0, 7.0)), &other), "the set-up: the crash point overlaps it");
    play(&mut g, &Action::Activate(0));
    play(&mut g, &Action::Fly(vec![S, L, S]));
    assert_eq!(waiting_at(&g), Some(Crossing::Space(33)));
    play(&mut g, &Action::Continue);
    assert!(g.events().contains(&Event::Crashed(0)), "{}", g.aftermath());
    let b = *g.bird(0).unwrap();
    assert_eq!(g.figure(0).place, Place::Air);
    assert!((b.pose.at.y - 7.0).abs() < 1e-9, "backed along its path: {:?}", b.pose.at);
    assert!(b.pose.at.x < 27.0 && b.pose.at.x > 18.0, "behind the trunk crash point: {:?}", b.pose.at);
    assert!(!overlaps(&Shape::base(b.pose.at), &other), "clear of the Chaffinch: {:?}", b.pose.at);
    let gap = b.pose.at.dist(V2::new(27.0, 8.2));
    assert!(gap < 1.5 + 0.1, "backed only as far as needed (centres {gap:.3}\" apart)");
    assert_eq!(b.pose.heading, Heading(12), "turned 180°");
    assert_eq!(g.figure(0).wounds, 2);
    assert!(b.rattled);
    assert_eq!(g.figure(1).wounds, 0, "the friend it passed is not hurt");
    assert!(close(g.bird(1).unwrap().pose.at, 27.0, 8.2), "the other bird does not move");
}

#[test]
fn tf_r9_flying_through_a_friendly_flying_bird_costs_nothing() {
    let mut g = turn(MICE, &[]);
    air(&mut g, 0, 5.0, 22.0, 0, Tilt::Centre);
    air(&mut g, 1, 8.75, 22.0, 12, Tilt::Centre);
    let plan = g.plan_flight(0, &[S, S]).unwrap();
    assert!(plan.crossings.iter().any(|c| c.1 == Crossing::Flyer(1)), "the path crosses the Chaffinch");
    assert_eq!(plan.kept, 2, "and does not end on it");
    play(&mut g, &Action::Activate(0));
    play(&mut g, &Action::Fly(vec![S, S]));
    assert!(close(g.bird(0).unwrap().pose.at, 11.75, 22.0), "it flies on past");
    assert_eq!((g.figure(0).wounds, g.figure(1).wounds), (0, 0));
    assert_eq!(wounds_event(&g, Target::Figure(0)), None);
    assert!(!g.aftermath().contains("flew through"), "{}", g.aftermath());
}

// ---------------------------------------------------------------------
// TF-R10 Transport.

#[test]
fn tf_r10_a_pick_up_is_offered_at_a_maneuver_point_within_close_range_and_not_at_a_space_crossing() {
    // The Swallow flies west at y = 7 from (20, 7) toward the mice's home
    // tree; space 3 (x 8.25–10.75) holds mice 3 and 4 and a rat. The other
    // mice are on the far side of the tree.
    let mut g = turn(MICE, &[]);
    air(&mut g, 0, 20.0, 7.0, 12, Tilt::Centre);
    for f in [5, 6, 7, 8] {
        g.arrange_place(f, Place::Space(7));
    }
    g.arrange_place(11, Place::Space(3));
    play(&mut g, &Action::Activate(0));
    assert!(pickups(&g).is_empty(), "nobody within close range of the start");
    play(&mut g, &Action::Fly(vec![S, S, S]));
    // The first maneuver point (16.25, 7) is 4.75" from space 3: the walk
    // goes on by itself; the second (13.25, 7) is 1.75" from it.
    assert_eq!(waiting_at(&g), Some(Crossing::Maneuver(1)));
    assert_eq!(g.legal_actions(), [Action::PickUp(3), Action::PickUp(4), Action::Continue]);
    assert_eq!(rule(&g, &Action::PickUp(11)), "TF-R10", "not an enemy");
    let mut picked = g.clone();
    play(&mut picked, &Action::PickUp(3));
    assert_eq!(picked.figure(3).place, Place::Carried(0));
    assert_eq!(picked.bird(0).unwrap().passenger, Some(3));
    // Passing on: at space 3 itself (a swoop is offered there) the mice
    // stand right under the template, but no pick-up is offered.
    play(&mut g, &Action::Continue);
    assert_eq!(waiting_at(&g), Some(Crossing::Space(3)));
    assert_eq!(g.legal_actions(), [Action::Swoop, Action::Continue]);
    assert_eq!(rule(&g, &Action::PickUp(3)), "TF-R10");
    assert_eq!(g.figure(3).place, Place::Space(3));
}

#[test]
fn tf_r10_no_pick_up_after_a_drop_off_in_the_same_activation() {
    // The Swallow at (13, 9.5) facing west, along the mice's north row
    // (spaces 4, 5, 6 at y 8.25–10.75); mice 7 and 8 stand in space 4.
    let start = || swallow_activated(13.0, 9.5, 12, Tilt::Centre);
    // Without a drop-off the first maneuver point (9.25, 9.5), over space
    // 4, offers a pick-up.
    let mut plain = start();
    play(&mut plain, &Action::Fly(vec![S, S, S]));
    assert_eq!(waiting_at(&plain), Some(Crossing::Maneuver(0)));
    assert!(legal(&plain, &Action::PickUp(7)));
    // Mouse 3 picked up at the start and dropped on space 4: no maneuver
    // point offers a pick-up any more.
    let mut g = start();
    play(&mut g, &Action::PickUp(3));
    play(&mut g, &Action::Fly(vec![S, S, S]));
    assert_eq!(waiting_at(&g), Some(Crossing::Space(4)));
    play(&mut g, &Action::DropOff);
    assert_eq!(g.figure(3).place, Place::Space(4));
    let mut waited = Vec::new();
    while let Some(c) = waiting_at(&g) {
        assert!(pickups(&g).is_empty(), "at {c:?}");
        assert_eq!(rule(&g, &Action::PickUp(7)), "TF-R10", "at {c:?}");
        waited.push(c);
        play(&mut g, &Action::Continue);
    }
    assert!(!waited.iter().any(|c| matches!(c, Crossing::Maneuver(_))), "no stop at a maneuver point: {waited:?}");
    assert_eq!(waited, [Crossing::Space(5), Crossing::Space(6)], "only the perches on the way");
    assert_eq!(g.bird(0).unwrap().passenger, None);
    for f in [3, 7, 8] {
        assert_eq!(g.figure(f).place, Place::Space(4));
    }
}

#[test]
fn tf_r10_a_bird_perching_in_a_nest_may_drop_its_passenger_there() {
    // The Swallow at (2, 2) facing north picks up mouse 3 from space 0 and
    // flies up into the mice's nest (x 0.75–3.25, y 5.75–8.25).
    let mut g = turn(MICE, &[]);
    air(&mut g, 0, 2.0, 2.0, 6, Tilt::Centre);
    g.arrange_place(3, Place::Space(0));
    play(&mut g, &Action::Activate(0));
    play(&mut g, &Action::PickUp(3));
    play(&mut g, &Action::Fly(vec![L, S]));
    assert_eq!(waiting_at(&g), Some(Crossing::Space(MICE_NEST)));
    assert!(legal(&g, &Action::Perch), "a bird may sit in a nest");
    play(&mut g, &Action::Perch);
    assert_eq!(g.figure(0).place, Place::Space(MICE_NEST));
    assert_eq!(
        g.legal_actions(),
        [Action::Unload(None), Action::Unload(Some(7)), Action::Unload(Some(MICE_NEST))],
        "the casualty pile, the space next to the nest, or the nest itself"
    );
    play(&mut g, &Action::Unload(Some(MICE_NEST)));
    assert_eq!(g.figure(3).place, Place::Space(MICE_NEST));
    assert_eq!(g.bird(0).unwrap().passenger, None);
}

// ---------------------------------------------------------------------
// TF-R11 Attacks.

#[test]
fn tf_r11_a_ranged_attack_on_a_nest_meets_no_defence_dice() {
    // A Thistle Guard in the rats' space 13, whose corner touches the rats'
    // nest; the nest borders only space 12, so from 13 it is a shot.
    let mut g = turn(MICE, &[]);
    g.arrange_place(3, Place::Space(13));
    play(&mut g, &Action::Activate(3));
    hold_and_end_moves(&mut g, 3);
    let shoot = Action::Shoot { figure: 3, target: Target::Nest(Alliance::Rats) };
    assert!(legal(&g, &shoot));
    assert_eq!(rule(&g, &Action::Strike { figure: 3, target: Target::Nest(Alliance::Rats) }), "TF-R11");
    let h = with_dice(&g, &shoot, "a hit", |h| hits(h).is_some_and(|n| n > 0));
    let n = hits(&h).unwrap();
    assert_eq!(rolls(&h, "attack")[0].len(), 2, "ranged 1 + steady aim");
    assert!(rolls(&h, "defence").is_empty(), "a nest rolls no defence dice: {}", h.aftermath());
    assert_eq!(blocks(&h, Target::Nest(Alliance::Rats)), Some(0));
    assert_eq!(wounds_event(&h, Target::Nest(Alliance::Rats)), Some(n), "every hit is a wound");
    assert_eq!(h.nest_life(Alliance::Rats), 10 - n);
}

#[test]
fn tf_r11_feathered_defends_with_one_die_more_against_ranged_attacks_only() {
    assert!(BIRDS[3].abilities.contains(&Ability::Feathered), "the Carrion Crow");
    assert!(!BIRDS[4].abilities.contains(&Ability::Feathered), "not the Magpie");
    // A Thistle Guard in the Elm's west space (33) next to a perched bird
    // in space 26.
    let next_to = |bird: u8| {
        let mut g = turn(MICE, &[]);
        g.arrange_place(3, Place::Space(33));
        g.arrange_place(bird, Place::Space(26));
        play(&mut g, &Action::Activate(3));
        hold_and_end_moves(&mut g, 3);
        g
    };
    let hit = |h: &TailFeathers| hits(h).is_some_and(|n| n > 0);
    let defence_dice = |g: &TailFeathers, a: Action| {
        let h = with_dice(g, &a, "a hit", hit);
        rolls(&h, "defence")[0].len()
    };
    let crow = next_to(9);
    assert_eq!(defence_dice(&crow, Action::Shoot { figure: 3, target: Target::Figure(9) }), 4, "defence 3 + 1");
    assert_eq!(defence_dice(&crow, Action::Strike { figure: 3, target: Target::Figure(9) }), 3, "not in melee");
    let magpie = next_to(10);
    assert_eq!(defence_dice(&magpie, Action::Shoot { figure: 3, target: Target::Figure(10) }), 3);
}

// ---------------------------------------------------------------------
// TF-R14 Swoops.

#[test]
fn tf_r14_a_swoop_on_the_enemy_nest_wounds_it_with_no_defence_roll() {
    // The Swallow flies north at x = 34 into the rats' empty nest
    // (x 32.75–35.25, y 27.75–30.25).
    let mut g = swallow_activated(34.0, 22.0, 6, Tilt::Centre);
    play(&mut g, &Action::Fly(vec![S, S]));
    assert_eq!(waiting_at(&g), Some(Crossing::Space(RATS_NEST)));
    assert!(legal(&g, &Action::Swoop));
    let h = with_dice(&g, &Action::Swoop, "a hit", |h| hits(h).is_some_and(|n| n > 0));
    let n = hits(&h).unwrap();
    assert_eq!(rolls(&h, "attack")[0].len(), usize::from(BIRDS[0].battle + PILOTS[0].melee));
    assert!(rolls(&h, "defence").is_empty(), "{}", h.aftermath());
    assert_eq!(wounds_event(&h, Target::Nest(Alliance::Rats)), Some(n));
    assert_eq!(h.nest_life(Alliance::Rats), 10 - n);
    assert!(!h.in_combat(), "the nest is the only target: no hit to assign");
}

#[test]
fn tf_r14_a_swoop_may_hit_a_perched_enemy_bird() {
    // The Carrion Crow perched in the Elm's south space (27).
    let mut g = swoop_run(18.0, &[(9, 27)], vec![L, L, L]);
    assert_eq!(waiting_at(&g), Some(Crossing::Space(26)), "an empty space: a perch");
    play(&mut g, &Action::Continue);
    assert_eq!(waiting_at(&g), Some(Crossing::Space(27)));
    assert_eq!(g.legal_actions(), [Action::Swoop, Action::Continue], "no perch on it, but a swoop");
    let h = with_dice(&g, &Action::Swoop, "a hit", |h| hits(h).is_some_and(|n| n > 0));
    let n = hits(&h).unwrap();
    assert_eq!(rolls(&h, "defence")[0].len(), usize::from(BIRDS[3].defence), "the Crow defends (melee: 3 dice)");
    let b = blocks(&h, Target::Figure(9)).unwrap();
    assert_eq!(h.figure(9).wounds, n.saturating_sub(b));
    assert_eq!(h.figure(9).place, Place::Space(27));
}

#[test]
fn tf_r14_a_rattled_pilot_swoops_with_the_battle_value_only() {
    let setup = |rattled: bool| {
        let mut g = turn(MICE, &[]);
        air(&mut g, 0, 18.0, 4.5, 0, Tilt::Centre);
        g.arrange_place(11, Place::Space(26));
        g.arrange_status(0, 0, false, false, rattled);
        play(&mut g, &Action::Activate(0));
        play(&mut g, &Action::Fly(vec![L, L, L]));
        assert_eq!(waiting_at(&g), Some(Crossing::Space(26)));
        play(&mut g, &Action::Swoop);
        rolls(&g, "attack")[0].len()
    };
    assert_eq!(setup(false), usize::from(BIRDS[0].battle + PILOTS[0].melee), "calm: battle 3 + Tansy's melee 1");
    assert_eq!(setup(true), usize::from(BIRDS[0].battle), "rattled: battle 3 only");
}

/// The rats' mission card on spot 0 (north of the axis marker, x
/// 16.75–19.25, y 18.25–21.75) with rats 11 and 12 in the box, and the
/// Swallow at (`x`, 20) facing east, activated.
fn mission_ahead(kind: MissionKind, revealed: bool, x: f64) -> TailFeathers {
    let mut g = turn(MICE, &[]);
    g.arrange_mission(Alliance::Rats, Some(MissionCard { kind: Some(kind), spot: Some(0), revealed }));
    g.arrange_place(11, Place::Mission);
    g.arrange_place(12, Place::Mission);
    air(&mut g, 0, x, 20.0, 0, Tilt::Centre);
    play(&mut g, &Action::Activate(0));
    g
}

#[test]
fn tf_r14_a_face_up_mission_with_figures_may_be_swooped_again() {
    let mut g = mission_ahead(MissionKind::Siege, true, 10.0);
    play(&mut g, &Action::Fly(vec![L, L]));
    assert_eq!(waiting_at(&g), Some(Crossing::Mission(Alliance::Rats)));
    assert_eq!(g.legal_actions(), [Action::Swoop, Action::Continue]);
    play(&mut g, &Action::Swoop);
    assert_eq!(rolls(&g, "attack")[0].len(), usize::from(BIRDS[0].battle + PILOTS[0].melee));
    assert!(!g.events().iter().any(|e| matches!(e, Event::Revealed(..))), "already face up");
    assert!(g.mission(Alliance::Rats).unwrap().revealed);
}

#[test]
fn tf_r14_no_swoop_at_a_face_up_decoy() {
    // Face down, the same card is offered a swoop.
    let mut down = mission_ahead(MissionKind::Decoy, false, 10.0);
    play(&mut down, &Action::Fly(vec![L, L]));
    assert_eq!(waiting_at(&down), Some(Crossing::Mission(Alliance::Rats)));
    assert!(legal(&down, &Action::Swoop));
    // Face up (a swoop already spent on it), the flight passes it by.
    let mut g = mission_ahead(MissionKind::Decoy, true, 10.0);
    play(&mut g, &Action::Fly(vec![L, L]));
    assert_eq!(waiting_at(&g), None, "no decision at the decoy");
    assert_eq!(g.figure(0).place, Place::Air);
    assert!(close(g.bird(0).unwrap().pose.at, 20.75, 20.0));
    assert!(rolls(&g, "attack").is_empty());
    assert_eq!((g.figure(11).place, g.figure(12).place), (Place::Mission, Place::Mission), "nobody sent home");
}

#[test]
fn tf_r14_no_swoop_at_a_mission_card_touching_the_base_when_the_activation_began() {
    // From (15, 20) the base (to x = 15.75) is 1" short of the card: a swoop.
    let mut clear = mission_ahead(MissionKind::Siege, false, 15.0);
    play(&mut clear, &Action::Fly(vec![S, S]));
    assert_eq!(waiting_at(&clear), Some(Crossing::Mission(Alliance::Rats)));
    assert!(legal(&clear, &Action::Swoop));
    // From (16.2, 20) the base (to x = 16.95) lies on the card: none.
    let mut g = mission_ahead(MissionKind::Siege, false, 16.2);
    play(&mut g, &Action::Fly(vec![S, S]));
    assert_eq!(waiting_at(&g), None, "the card passes without a choice");
    assert!(close(g.bird(0).unwrap().pose.at, 22.95, 20.0));
    assert!(rolls(&g, "attack").is_empty());
    assert!(!g.mission(Alliance::Rats).unwrap().revealed, "not flipped");
    assert_eq!(g.figure(11).place, Place::Mission);
}

// ---------------------------------------------------------------------
// TF-R17 Missions in the final phase (Further rulings, "Missions").

#[test]
fn tf_r17_a_patrol_with_ranged_attack_value_0_rolls_nothing() {
    assert_eq!(GROUND[1].ranged, 0, "the Gutter Pack has no ranged value");
    assert_eq!(GROUND[2].ranged, 1, "Old Scab has");
    // Two Gutter Pack rats on patrol, the Swallow flying: nothing happens.
    let mut g = to_final(MICE, None, Some((MissionKind::Patrol, &[11, 12])));
    air(&mut g, 0, 18.0, 26.0, 0, Tilt::Centre);
    enter_final(&mut g);
    assert!(rolls(&g, "attack").is_empty(), "{}", g.aftermath());
    assert_eq!(g.figure(0).wounds, 0);
    assert_eq!(g.figure(0).place, Place::Air);
    assert_eq!((g.figure(11).place, g.figure(12).place), (Place::Space(RATS_NEST), Place::Space(RATS_NEST)));
    assert_eq!((g.round(), g.phase()), (2, Phase::Mission), "no decision was asked for");
    // With Old Scab along the patrol rolls his one die.
    let mut g = to_final(MICE, None, Some((MissionKind::Patrol, &[11, 17])));
    air(&mut g, 0, 18.0, 26.0, 0, Tilt::Centre);
    enter_final(&mut g);
    assert_eq!(g.to_move(), ToMove::Seat(RATS));
    assert_eq!(g.legal_actions(), [Action::Patrol(0)]);
    play(&mut g, &Action::Patrol(0));
    assert_eq!(rolls(&g, "attack")[0].len(), 1, "the rat adds nothing");
}

#[test]
fn tf_r17_an_intercept_whose_figures_are_all_defeated_has_attack_value_0_and_rolls_nothing() {
    // The mice's intercept card lies with an empty box (its figures fell to
    // a swoop); the rats' siege waits in its box.
    let mut g = to_final(MICE, Some((MissionKind::Intercept, &[])), Some((MissionKind::Siege, &[11, 12])));
    assert!(g.mission_box(Alliance::Mice).is_empty());
    enter_final(&mut g);
    assert!(rolls(&g, "attack").is_empty(), "{}", g.aftermath());
    assert!(!g.aftermath().contains("the mice intercept"), "{}", g.aftermath());
    assert_eq!(g.mission_box(Alliance::Rats), [11, 12], "the siege is untouched");
    assert_eq!(g.to_move(), ToMove::Seat(RATS));
    assert!(g.legal_actions().iter().all(|a| matches!(a, Action::Siege(_))), "{:?}", g.legal_actions());
}

#[test]
fn tf_r17_a_patrol_with_no_enemy_flying_does_nothing() {
    // The rats' birds stay perched in their tree: no target.
    let mut g = to_final(MICE, Some((MissionKind::Patrol, &[3, 4])), None);
    assert_eq!((g.figure(9).place, g.figure(10).place), (Place::Space(9), Place::Space(10)));
    enter_final(&mut g);
    assert!(rolls(&g, "attack").is_empty(), "{}", g.aftermath());
    assert_eq!((g.figure(9).wounds, g.figure(10).wounds), (0, 0));
    assert_eq!((g.figure(3).place, g.figure(4).place), (Place::Space(MICE_NEST), Place::Space(MICE_NEST)));
    assert_eq!((g.round(), g.phase()), (2, Phase::Mission), "no patrol target was asked for");
}

#[test]
fn tf_r17_a_siege_never_lands_a_figure_in_a_nest() {
    // The mice's own tree: birds fill the four spaces by the trunk (1, 3, 5,
    // 7); the next ring is the corners (0, 2, 4, 6), one step out, like the
    // nest beside space 7, which has no limit.
    let mut g = to_final(MICE, Some((MissionKind::Siege, &[3, 4])), None);
    for (b, s) in [(0, 1), (1, 3), (2, 5), (9, 7)] {
        g.arrange_place(b, Place::Space(s));
    }
    for f in [5, 6, 7, 8] {
        g.arrange_place(f, Place::Space(MICE_NEST));
    }
    enter_final(&mut g);
    play(&mut g, &Action::Siege(0));
    assert_eq!(g.legal_actions(), [Action::SiegeTo(0), Action::SiegeTo(2), Action::SiegeTo(4), Action::SiegeTo(6)]);
    assert_eq!(rule(&g, &Action::SiegeTo(MICE_NEST)), "TF-R17");
    // The rats' tree with every space full: the only room left is the
    // rats' nest, and the besieger goes home instead.
    let mut g = to_final(MICE, Some((MissionKind::Siege, &[3])), None);
    for (b, s) in [(0, 11), (1, 12), (2, 13)] {
        g.arrange_place(b, Place::Space(s));
    }
    for (i, f) in [11, 12, 13, 14, 15, 16, 17, 4, 5, 6, 7, 8].into_iter().enumerate() {
        g.arrange_place(f, Place::Space(14 + i as u8 / 4));
    }
    enter_final(&mut g);
    play(&mut g, &Action::Siege(1));
    assert_eq!(g.figure(3).place, Place::Space(MICE_NEST), "home, not into the rats' nest");
    assert!(g.in_space(RATS_NEST).is_empty());
}

// ---------------------------------------------------------------------
// TF-R18 Statuses from abilities.

#[test]
fn tf_r18_pinning_knocks_down_a_small_figure_hit_with_a_star_but_not_wounded() {
    assert!(GROUND[2].abilities.contains(&Ability::Pinning), "Old Scab");
    // Old Scab (one melee die) in the Elm's space 26 strikes into space 33.
    let strike_at = |f: u8| {
        let mut g = turn(RATS, &[]);
        g.arrange_place(17, Place::Space(26));
        g.arrange_place(f, Place::Space(33));
        play(&mut g, &Action::Activate(7));
        play(&mut g, &Action::Hold(17));
        g
    };
    let strike = |f: u8| Action::Strike { figure: 17, target: Target::Figure(f) };
    let blocked =
        move |h: &TailFeathers, f: u8| hits(h) == Some(1) && blocks(h, Target::Figure(f)).is_some_and(|b| b >= 1);
    let g = strike_at(3);
    let pinned = with_dice(&g, &strike(3), "a star, a hit, blocked", |h| attack_star(h) && blocked(h, 3));
    assert!(pinned.figure(3).immobilized, "{}", pinned.aftermath());
    assert!(pinned.events().contains(&Event::Immobilized(3)));
    assert_eq!(pinned.figure(3).place, Place::Space(33));
    let no_star = with_dice(&g, &strike(3), "a hit without a star, blocked", |h| !attack_star(h) && blocked(h, 3));
    assert!(!no_star.figure(3).immobilized);
    // A large figure (the Jay, perched) is not knocked down.
    let g = strike_at(2);
    let bird = with_dice(&g, &strike(2), "a star, a hit, blocked", |h| attack_star(h) && blocked(h, 2));
    assert!(!bird.figure(2).immobilized);
    assert!(!bird.events().iter().any(|e| matches!(e, Event::Immobilized(_))));
}

/// The Magpie (Mallow: firebrand, two ranged dice) perched in the mice's
/// space 7, beside their nest and the perched Swallow (space 0), activated.
fn magpie_by_the_mice_nest() -> TailFeathers {
    let mut g = turn(RATS, &[]);
    g.arrange_place(10, Place::Space(7));
    play(&mut g, &Action::Activate(5));
    g
}

#[test]
fn tf_r18_firebrand_sets_a_figure_hit_with_a_star_on_fire() {
    assert!(PILOTS[8].abilities.contains(&Ability::Firebrand), "Mallow");
    let g = magpie_by_the_mice_nest();
    let shoot = Action::Shoot { figure: 10, target: Target::Figure(0) };
    assert!(legal(&g, &shoot));
    let lit = with_dice(&g, &shoot, "a star and a hit", |h| attack_star(h) && hits(h).is_some_and(|n| n > 0));
    assert!(lit.figure(0).on_fire, "{}", lit.aftermath());
    assert!(lit.events().contains(&Event::Fire(Target::Figure(0), true)));
    assert_eq!(lit.figure(0).place, Place::Space(0));
    let plain = with_dice(&g, &shoot, "a hit, no star", |h| !attack_star(h) && hits(h).is_some_and(|n| n > 0));
    assert!(!plain.figure(0).on_fire);
    let miss = with_dice(&g, &shoot, "a star, no hit", |h| attack_star(h) && hits(h) == Some(0));
    assert!(!miss.figure(0).on_fire);
}

#[test]
fn tf_r18_firebrand_on_a_nest_adds_a_fire_marker() {
    let g = magpie_by_the_mice_nest();
    let shoot = Action::Shoot { figure: 10, target: Target::Nest(Alliance::Mice) };
    assert!(legal(&g, &shoot));
    assert_eq!(g.nest_fire(Alliance::Mice), 0);
    let lit = with_dice(&g, &shoot, "a star and a hit", |h| attack_star(h) && hits(h).is_some_and(|n| n > 0));
    let n = hits(&lit).unwrap();
    assert_eq!(lit.nest_fire(Alliance::Mice), 1, "{}", lit.aftermath());
    assert!(lit.events().contains(&Event::Fire(Target::Nest(Alliance::Mice), true)));
    assert_eq!(lit.nest_life(Alliance::Mice), 10 - n);
    let plain = with_dice(&g, &shoot, "a hit, no star", |h| !attack_star(h) && hits(h).is_some_and(|n| n > 0));
    assert_eq!(plain.nest_fire(Alliance::Mice), 0);
    // A second burning shot adds a second marker.
    let mut again = lit.clone();
    again.arrange_turn(RATS, &[]);
    again.arrange_place(10, Place::Space(7));
    play(&mut again, &Action::Activate(5));
    let twice = with_dice(&again, &shoot, "a star and a hit", |h| attack_star(h) && hits(h).is_some_and(|n| n > 0));
    assert_eq!(twice.nest_fire(Alliance::Mice), 2);
}
