//! One or more tests per Tail Feathers ruling (TF-R1 to TF-R19 and TF-R21,
//! see `shared/specs/tail-feathers.md`), played through the game's public
//! API on Scenario 1's battlefield, with positions set up by the
//! `arrange_*` hooks where playing there would take long.
//!
//! Where a test needs particular dice it tries the state's RNG seeds in
//! order until one gives them (deterministic: the same seed every run).
//!
//! Figures: 0–2 the mice's birds, 3–8 the mice's squad, 9–10 the rats'
//! birds, 11–16 the rats' squad, 17 the rats' hero. Spaces: 0–7 the mice's
//! home tree (ring from the south-west corner, anticlockwise), 8 its nest;
//! 9–16 and 17 the rats'; 18–25 the Ash; 26–33 the Elm (26 south-west, 27
//! south, 28 south-east, 29 east, …, 33 west); 34–41 the sapling.
#![allow(clippy::unwrap_used)]

mod tf_common;

use aviary::rules::tail_feathers::components::{Alliance, BIRDS, GROUND, MissionKind, PILOTS};
use aviary::rules::tail_feathers::dice::{Face, Symbol};
use aviary::rules::tail_feathers::game::{
    Action, Crossing, Event, FlightEnding, MissionCard, Phase, Place, Revival, Secret, TailFeathers, Target, field,
    other, side_of_seat,
};
use aviary::rules::tail_feathers::geometry::{Heading, Length, Pose, Shape, Tilt, V2, overlaps};
use aviary::rules::{Game, Seat, ToMove};
use tf_common::{
    MICE, MICE_NEST, RATS, RATS_NEST, air, bid_nothing, close, deploy_all, enter_final, hold_and_end_moves, legal,
    new_game, no_missions, play, refusal, rolls, rule, stay_all, swallow_activated, swoop_run, to_final, turn,
    waiting_at, with_dice, wounds_event,
};

use Length::{Long as L, Short as S};

fn cheese_faces(faces: &[Face]) -> u8 {
    faces.iter().filter(|f| f.symbol() == Symbol::Cheese).count() as u8
}

// ---------------------------------------------------------------------
// TF-R1 Round order and the first player.

#[test]
fn tf_r1_the_first_player_is_drawn_at_random_from_the_seed() {
    let firsts: Vec<Seat> = (0..24).map(|s| new_game(s).first_player()).collect();
    assert!(firsts.contains(&MICE) && firsts.contains(&RATS), "both seats go first for some seed: {firsts:?}");
    for s in 0..24 {
        assert_eq!(new_game(s).first_player(), firsts[s as usize], "the same seed, the same first player");
    }
}

#[test]
fn tf_r1_a_round_is_mission_tilt_activation_final_and_then_the_next_round() {
    let mut g = new_game(3);
    deploy_all(&mut g);
    let mut phases = vec![g.phase()];
    let prefer = |a: &Action| {
        matches!(a, Action::Mission(None) | Action::Stay(_) | Action::Bid(0) | Action::Done | Action::Pass)
    };
    for _ in 0..5000 {
        if g.round() > 1 {
            break;
        }
        let legal = g.legal_actions();
        let a = legal.iter().find(|a| prefer(a)).unwrap_or(&legal[0]).clone();
        play(&mut g, &a);
        if phases.last() != Some(&g.phase()) {
            phases.push(g.phase());
        }
    }
    assert_eq!(g.round(), 2);
    assert_eq!(phases, [Phase::Mission, Phase::Tilt, Phase::Activation, Phase::Final, Phase::Mission]);
}

// ---------------------------------------------------------------------
// TF-R2 The secret mission.

#[test]
fn tf_r2_the_mission_type_is_hidden_from_the_other_player_and_never_named_in_the_log() {
    let mut g = new_game(1);
    deploy_all(&mut g);
    assert_eq!(g.phase(), Phase::Mission);
    let me = g.to_move().seat().unwrap();
    let you = other(me);
    let pick = Action::Mission(Some(MissionKind::Siege));
    assert!(!g.describe(&pick).to_lowercase().contains("siege"), "{}", g.describe(&pick));
    play(&mut g, &pick);
    assert!(!g.aftermath().to_lowercase().contains("siege"));
    assert_eq!(g.observation(you).mission_pick(me), Secret::Hidden);
    assert_eq!(g.observation(me).mission_pick(me), Secret::Chosen(Some(MissionKind::Siege)));
    assert_eq!(g.to_move(), ToMove::Seat(you));
    play(&mut g, &Action::Mission(None));
    // The card goes face down on a free spot within close range of the axis.
    assert_eq!(g.to_move(), ToMove::Seat(me));
    let Some(Action::PlaceMission(spot)) = g.legal_actions().first().cloned() else { panic!("{}", g.status()) };
    assert!(field().usable_mission_spots().contains(&usize::from(spot)));
    let place = Action::PlaceMission(spot);
    assert!(!g.describe(&place).to_lowercase().contains("siege"));
    play(&mut g, &place);
    let side = side_of_seat(me);
    assert_eq!(g.observation(you).mission(side).unwrap().kind, None, "face down for the other player");
    assert_eq!(g.observation(me).mission(side).unwrap().kind, Some(MissionKind::Siege));
    assert_eq!(g.observation(you).mission(side).unwrap().spot, Some(spot), "where it lies is public");
}

#[test]
fn tf_r2_only_eligible_home_tree_figures_are_sent_the_second_player_first_and_the_box_holds_four() {
    let mut g = new_game(2);
    deploy_all(&mut g);
    // A mouse away on the Ash and one lying down cannot go.
    g.arrange_place(3, Place::Space(18));
    g.arrange_status(4, 0, true, false, false);
    play(&mut g, &Action::Mission(Some(MissionKind::Siege)));
    play(&mut g, &Action::Mission(Some(MissionKind::Siege)));
    let first = g.first_player();
    let spot = |g: &TailFeathers| match g.legal_actions()[0] {
        Action::PlaceMission(s) => s,
        ref a => panic!("{a:?}"),
    };
    // Cards are laid in turn order, then figures sent from the second player.
    assert_eq!(g.to_move(), ToMove::Seat(first));
    let s = spot(&g);
    play(&mut g, &Action::PlaceMission(s));
    let s = spot(&g);
    play(&mut g, &Action::PlaceMission(s));
    assert_eq!(g.to_move(), ToMove::Seat(other(first)), "the player left of the first player sends first");
    for seat in [other(first), first] {
        assert_eq!(g.to_move(), ToMove::Seat(seat));
        let sends: Vec<u8> =
            g.legal_actions().iter().filter_map(|a| if let Action::Send(f) = a { Some(*f) } else { None }).collect();
        if seat == MICE {
            assert_eq!(sends, [5, 6, 7, 8], "only small, standing figures on the home tree");
            assert_eq!(rule(&g, &Action::Send(3)), "TF-R2", "not from the Ash");
            assert_eq!(rule(&g, &Action::Send(4)), "TF-R2", "not immobilized");
            assert_eq!(rule(&g, &Action::Send(0)), "TF-R2", "a bird never goes (TF-R8)");
            assert_eq!(rule(&g, &Action::Done), "TF-R2", "at least one figure goes");
            for f in [5, 6] {
                play(&mut g, &Action::Send(f));
            }
        } else {
            assert_eq!(sends, [11, 12, 13, 14, 15, 16, 17]);
            for f in [11, 12, 13, 14] {
                play(&mut g, &Action::Send(f));
            }
            assert_eq!(rule(&g, &Action::Send(15)), "TF-R2", "the box holds four small figures");
            assert_eq!(g.legal_actions(), [Action::Done]);
        }
        play(&mut g, &Action::Done);
    }
    assert_eq!(g.mission_box(Alliance::Mice), [5, 6]);
    assert_eq!(g.mission_box(Alliance::Rats), [11, 12, 13, 14]);
    assert_eq!(g.phase(), Phase::Tilt);
}

#[test]
fn tf_r2_no_mission_card_without_a_figure_to_send() {
    let mut g = new_game(2);
    deploy_all(&mut g);
    for (f, s) in [(3, 18), (4, 18), (5, 18), (6, 18), (7, 19), (8, 19)] {
        g.arrange_place(f, Place::Space(s));
    }
    if g.to_move() != ToMove::Seat(MICE) {
        play(&mut g, &Action::Mission(None));
    }
    assert_eq!(g.to_move(), ToMove::Seat(MICE));
    assert_eq!(g.legal_actions(), [Action::Mission(None)]);
    assert_eq!(rule(&g, &Action::Mission(Some(MissionKind::Decoy))), "TF-R2");
}

#[test]
fn tf_r2_a_mission_card_may_not_touch_a_flying_bird_s_base() {
    let mut g = new_game(1);
    deploy_all(&mut g);
    let me = g.to_move().seat().unwrap();
    play(&mut g, &Action::Mission(Some(MissionKind::Siege)));
    play(&mut g, &Action::Mission(None));
    assert_eq!(g.to_move(), ToMove::Seat(me), "{}", g.status());
    assert!(legal(&g, &Action::PlaceMission(0)) && legal(&g, &Action::PlaceMission(4)));
    // The Swallow hovers over spot 1's neighbour, spot 0 (its centre is
    // (18, 20)); its base also reaches into spot 4, not into spot 1.
    air(&mut g, 0, 18.0, 20.0, 0, Tilt::Centre);
    for spot in [0, 4] {
        let (r, why) = refusal(&g, &Action::PlaceMission(spot));
        assert_eq!(r, "TF-R2");
        assert!(why.contains("the Swallow's base"), "spot {spot}: {why}");
    }
    assert!(legal(&g, &Action::PlaceMission(1)), "spot 1 touches nothing");
    // Once laid, the card is where it lies and a swoop is possible from
    // outside it, never from a base hovering over it.
    play(&mut g, &Action::PlaceMission(1));
    assert_eq!(g.mission(side_of_seat(me)).unwrap().spot, Some(1));
}

// ---------------------------------------------------------------------
// TF-R3 The tilt phase.

#[test]
fn tf_r3_the_second_player_starts_and_a_flying_bird_tilts_at_most_one_step() {
    let mut g = new_game(4);
    deploy_all(&mut g);
    no_missions(&mut g);
    assert_eq!(g.phase(), Phase::Tilt);
    air(&mut g, 0, 18.0, 24.0, 0, Tilt::Left);
    let second = other(g.first_player());
    let mut seats = Vec::new();
    let mut seen = false;
    while g.phase() == Phase::Tilt {
        seats.push(g.to_move().seat().unwrap());
        let legal = g.legal_actions();
        if legal.iter().any(|a| matches!(a, Action::Tilt { bird: 0, .. })) {
            assert_eq!(
                legal,
                [Action::Tilt { bird: 0, tilt: Tilt::Left }, Action::Tilt { bird: 0, tilt: Tilt::Centre }],
                "left may stay or go to centre; a flying bird does not launch or stay perched"
            );
            assert_eq!(rule(&g, &Action::Tilt { bird: 0, tilt: Tilt::Right }), "TF-R3");
            play(&mut g, &Action::Tilt { bird: 0, tilt: Tilt::Centre });
            seen = true;
        } else {
            let stay = legal.iter().find(|a| matches!(a, Action::Stay(_))).unwrap().clone();
            play(&mut g, &stay);
        }
    }
    assert!(seen);
    assert_eq!(g.bird(0).unwrap().tilt, Tilt::Centre);
    assert_eq!(seats[0], second, "the player left of the first player starts");
    let switch = seats.iter().position(|&s| s != second).unwrap();
    assert!(seats[switch..].iter().all(|&s| s != second), "each player decides all their birds in turn: {seats:?}");
}

#[test]
fn tf_r3_launch_points_avoid_flying_bases_and_a_launching_bird_flies_straight_at_centre_tilt() {
    let mut g = new_game(4);
    deploy_all(&mut g);
    no_missions(&mut g);
    // A rat bird hovers just south of the Chaffinch's space (space 1,
    // perch point (7, 4.5)): the launch point half an inch south would
    // overlap it.
    air(&mut g, 9, 7.0, 2.9, 6, Tilt::Centre);
    g.arrange_bird(1, Pose { at: V2::new(7.0, 4.5), heading: Heading(0) }, Tilt::Left, false);
    while g.phase() == Phase::Tilt {
        let legal = g.legal_actions();
        if legal.contains(&Action::Stay(1)) {
            let launches: Vec<(u8, u8)> = legal
                .iter()
                .filter_map(|a| match a {
                    Action::Launch { bird: 1, heading, point } => Some((*heading, *point)),
                    _ => None,
                })
                .collect();
            assert_eq!(launches.len(), 24 * 4, "every heading at four of the five points");
            assert!(launches.iter().all(|&(_, p)| p != 4));
            let hover = Shape::base(V2::new(7.0, 2.9));
            for &(h, p) in &launches {
                assert!(!overlaps(&Shape::base(g.launch_pose(1, h, p).unwrap().at), &hover));
            }
            assert_eq!(rule(&g, &Action::Launch { bird: 1, heading: 0, point: 4 }), "TF-R3");
            play(&mut g, &Action::Launch { bird: 1, heading: 0, point: 0 });
            let b = g.bird(1).unwrap();
            assert!(b.launching);
            assert_eq!(b.tilt, Tilt::Centre, "a launching bird is at centre tilt");
            assert_eq!(g.figure(1).place, Place::Space(1), "it stays perched until its activation (TF-R8)");
        } else {
            let a = legal.iter().find(|a| matches!(a, Action::Stay(_) | Action::Tilt { .. })).unwrap().clone();
            play(&mut g, &a);
        }
    }
    bid_nothing(&mut g);
    g.arrange_turn(MICE, &[]);
    play(&mut g, &Action::Activate(1));
    assert_eq!(rule(&g, &Action::Done), "TF-R3", "a launching bird must fly");
    assert!(legal(&g, &Action::Fly(vec![S, S, S])));
    play(&mut g, &Action::Fly(vec![S, S, S]));
    while waiting_at(&g).is_some() {
        assert!(!legal(&g, &Action::Perch));
        play(&mut g, &Action::Continue);
    }
    let b = g.bird(1).unwrap();
    assert_eq!(g.figure(1).place, Place::Air);
    assert_eq!(b.pose.heading, Heading(0), "no turn at centre tilt");
    assert!(close(b.pose.at, 7.0 + 0.75 + 9.0, 4.5), "{:?}", b.pose.at);
}

// ---------------------------------------------------------------------
// TF-R4 Initiative.

#[test]
fn tf_r4_bids_cost_cheese_stay_secret_until_the_roll_and_the_higher_total_goes_first() {
    let mut g = new_game(5);
    deploy_all(&mut g);
    no_missions(&mut g);
    stay_all(&mut g);
    g.arrange_cheese(MICE, 4);
    g.arrange_cheese(RATS, 1);
    while let Some(seat) = g.to_move().seat() {
        if seat == MICE {
            assert_eq!(g.legal_actions(), (0..=3).map(Action::Bid).collect::<Vec<_>>(), "up to 3 extra dice");
            assert!(!g.describe(&Action::Bid(2)).contains('2'));
            play(&mut g, &Action::Bid(2));
            assert_eq!(g.observation(RATS).bid(MICE), Secret::Hidden);
            assert_eq!(g.observation(MICE).bid(MICE), Secret::Chosen(2));
        } else {
            assert_eq!(rule(&g, &Action::Bid(2)), "TF-R4", "a cheese a die");
            play(&mut g, &Action::Bid(1));
            assert_eq!(g.observation(MICE).bid(RATS), Secret::Hidden);
        }
    }
    assert_eq!(g.to_move(), ToMove::Chance);
    assert_eq!(g.legal_actions(), [Action::RollInitiative]);
    play(&mut g, &Action::RollInitiative);
    assert_eq!((g.cheese(MICE), g.cheese(RATS)), (2, 0), "the bids are paid");
    assert!(g.aftermath().contains("bids: Mice 2 extra, Rats 1 extra"), "{}", g.aftermath());
    let dice = rolls(&g, "initiative");
    assert_eq!((dice[0].len(), dice[1].len()), (4, 3), "2 dice plus the bid");
    let (mice, rats, winner) = g
        .events()
        .iter()
        .find_map(|e| if let Event::Initiative(m, r, w) = e { Some((*m, *r, *w)) } else { None })
        .unwrap();
    let n = dice.len();
    let total = |f: &[Face]| f.iter().map(|x| u32::from(x.number())).sum::<u32>();
    assert_eq!((total(&dice[n - 2]), total(&dice[n - 1])), (mice, rats));
    assert_eq!(winner, if mice > rats { MICE } else { RATS });
    assert_eq!(g.first_player(), winner);
    assert_eq!(g.to_move(), ToMove::Seat(winner));
    let after = g.legal_actions();
    assert!(after.iter().all(|a| matches!(a, Action::Activate(_))), "the winner activates, no second bid: {after:?}");
}

#[test]
fn tf_r4_a_tie_rolls_again() {
    let mut g = new_game(5);
    deploy_all(&mut g);
    no_missions(&mut g);
    stay_all(&mut g);
    while g.to_move().seat().is_some() {
        play(&mut g, &Action::Bid(0));
    }
    let h = with_dice(&g, &Action::RollInitiative, "a tie", |h| h.aftermath().contains("a tie: both roll again"));
    let dice = rolls(&h, "initiative");
    assert!(dice.len() >= 4 && dice.len().is_multiple_of(2), "both seats roll again");
    let total = |f: &[Face]| f.iter().map(|x| u32::from(x.number())).sum::<u32>();
    assert_eq!(total(&dice[0]), total(&dice[1]), "the first roll tied");
    let (mice, rats, winner) = h
        .events()
        .iter()
        .find_map(|e| if let Event::Initiative(m, r, w) = e { Some((*m, *r, *w)) } else { None })
        .unwrap();
    assert_ne!(mice, rats);
    assert_eq!((total(&dice[dice.len() - 2]), total(&dice[dice.len() - 1])), (mice, rats));
    assert_eq!(h.first_player(), winner);
}

// ---------------------------------------------------------------------
// TF-R5 Alternating activations and passing.

#[test]
fn tf_r5_activations_alternate_and_a_unit_activates_once_a_round() {
    let mut g = turn(MICE, &[]);
    // A perched bird with nothing in reach: its activation ends at once.
    play(&mut g, &Action::Activate(0));
    assert!(g.is_activated(0));
    assert_eq!(g.active_unit(), None);
    assert_eq!(g.to_move(), ToMove::Seat(RATS));
    assert_eq!(rule(&g, &Action::Activate(1)), "TF-R5", "not the mice's turn");
    play(&mut g, &Action::Activate(4));
    assert_eq!(g.to_move(), ToMove::Seat(MICE));
    let (r, why) = refusal(&g, &Action::Activate(0));
    assert_eq!(r, "TF-R5");
    assert!(why.contains("already"), "{why}");
    assert_eq!(rule(&g, &Action::Pass), "TF-R5", "never a pass by choice");
}

#[test]
fn tf_r5_a_player_with_nothing_to_activate_passes_and_gains_a_cheese_up_to_six() {
    let mut g = turn(MICE, &[0, 1, 2, 3]);
    g.arrange_cheese(MICE, 5);
    assert_eq!(g.legal_actions(), [Action::Pass]);
    assert_eq!(rule(&g, &Action::Activate(0)), "TF-R5");
    play(&mut g, &Action::Pass);
    assert_eq!(g.cheese(MICE), 6);
    assert!(g.aftermath().contains("pass and take a cheese"), "{}", g.aftermath());
    assert_eq!(g.to_move(), ToMove::Seat(RATS));
    play(&mut g, &Action::Activate(4));
    assert_eq!(g.legal_actions(), [Action::Pass], "the mice pass again");
    play(&mut g, &Action::Pass);
    assert_eq!(g.cheese(MICE), 6, "at most 6");
}

#[test]
fn tf_r5_a_squad_activates_up_to_its_squad_value_of_figures() {
    let mut g = turn(MICE, &[]);
    play(&mut g, &Action::Activate(3));
    play(&mut g, &Action::Hold(3));
    play(&mut g, &Action::Hold(4));
    assert!(legal(&g, &Action::Hold(5)));
    // Put an enemy next to the squad so that the activation waits in its
    // attacks once three figures are activated.
    g.arrange_place(11, Place::Space(4));
    play(&mut g, &Action::Hold(5));
    assert_eq!(g.active_unit(), Some(3));
    assert!(legal(&g, &Action::Strike { figure: 3, target: Target::Figure(11) }));
    assert_eq!(rule(&g, &Action::Hold(6)), "TF-R5", "a squad value of three");
    assert!(!g.legal_actions().iter().any(|a| matches!(a, Action::Move { figure: 6..=8, .. })));
}

// ---------------------------------------------------------------------
// TF-R6 The order within an activation.

#[test]
fn tf_r6_every_activated_figure_moves_first_then_each_scurries_or_attacks() {
    let mut g = turn(MICE, &[]);
    g.arrange_place(3, Place::Space(7));
    g.arrange_place(4, Place::Space(7));
    g.arrange_place(11, Place::Space(6));
    play(&mut g, &Action::Activate(3));
    play(&mut g, &Action::Hold(3));
    let strike3 = Action::Strike { figure: 3, target: Target::Figure(11) };
    let strike4 = Action::Strike { figure: 4, target: Target::Figure(11) };
    assert_eq!(rule(&g, &strike3), "TF-R6", "no attack before the moves are done");
    play(&mut g, &Action::Hold(4));
    play(&mut g, &Action::Done);
    assert!(legal(&g, &strike3) && legal(&g, &strike4));
    assert!(legal(&g, &Action::Scurry { figure: 3, to: MICE_NEST }));
    play(&mut g, &Action::Scurry { figure: 3, to: MICE_NEST });
    assert_eq!(g.figure(3).place, Place::Space(MICE_NEST));
    assert_eq!(rule(&g, &strike3), "TF-R6", "scurry or attack, not both");
    assert_eq!(rule(&g, &Action::Scurry { figure: 3, to: 7 }), "TF-R6");
    assert!(legal(&g, &strike4), "the other figure still may");
}

#[test]
fn tf_r6_an_activation_ends_with_fire_then_dousing_then_the_old_rattled_marker_then_revive() {
    let mut g = turn(MICE, &[]);
    // The Swallow perched in its own burning nest, rattled and on fire;
    // a full cheese wheel and a fallen mouse.
    g.arrange_place(0, Place::Space(MICE_NEST));
    g.arrange_status(0, 0, false, true, true);
    g.arrange_nest(Alliance::Mice, 10, 1);
    g.arrange_cheese(MICE, 6);
    g.arrange_place(3, Place::Casualty);
    play(&mut g, &Action::Activate(0));
    // Rattled: no attacks, so the activation goes straight to its end.
    assert_eq!(rolls(&g, "fire").len(), 1, "first the fire roll: {}", g.aftermath());
    assert!(g.aftermath().contains("Mice roll fire"), "{}", g.aftermath());
    assert_eq!(g.legal_actions(), [Action::Done, Action::Douse(0)], "then dousing the nest");
    assert!(g.bird(0).unwrap().rattled, "the rattled marker goes after the dousing");
    play(&mut g, &Action::Done);
    assert!(!g.bird(0).unwrap().rattled, "the marker that was there at the start is removed");
    assert!(legal(&g, &Action::Revive(Revival::Squad(1))), "and last the revive");
    play(&mut g, &Action::Done);
    assert_eq!(g.active_unit(), None);
    assert_eq!(g.to_move(), ToMove::Seat(RATS));
}

// ---------------------------------------------------------------------
// TF-R7 Moving through the trees, in the game.

#[test]
fn tf_r7_moves_are_offered_along_the_tree_and_refused_through_full_spaces_trunks_and_enemies() {
    let mut g = turn(MICE, &[]);
    play(&mut g, &Action::Activate(3));
    // Space 3 (east of the trunk): space 2 holds the Jay, space 4 two mice.
    let to: Vec<u8> = g
        .legal_actions()
        .iter()
        .filter_map(|a| if let Action::Move { figure: 3, to } = a { Some(*to) } else { None })
        .collect();
    assert_eq!(to, [4, 5]);
    let (r, why) = refusal(&g, &Action::Move { figure: 3, to: 2 });
    assert_eq!(r, "TF-R7");
    assert!(why.contains("full"), "{why}");
    assert_eq!(rule(&g, &Action::Move { figure: 3, to: 7 }), "TF-R7", "not across the trunk");
    assert_eq!(rule(&g, &Action::Move { figure: 3, to: 26 }), "TF-R7", "trees never connect");
    // A rat in space 4: a mouse entering it stops there.
    g.arrange_place(13, Place::Space(4));
    assert!(legal(&g, &Action::Move { figure: 3, to: 4 }));
    assert_eq!(rule(&g, &Action::Move { figure: 3, to: 5 }), "TF-R7");
    // Two rats with one mouse in space 6: the mouse cannot leave.
    g.arrange_place(7, Place::Space(6));
    g.arrange_place(11, Place::Space(6));
    g.arrange_place(12, Place::Space(6));
    let (r, why) = refusal(&g, &Action::Move { figure: 7, to: 5 });
    assert_eq!(r, "TF-R7");
    assert!(why.contains("outnumber"), "{why}");
    assert!(!g.legal_actions().iter().any(|a| matches!(a, Action::Move { figure: 7, .. })));
    assert!(legal(&g, &Action::Hold(7)), "it may still be activated where it stands");
}

// ---------------------------------------------------------------------
// TF-R8 Perched birds.

#[test]
fn tf_r8_a_perched_bird_that_did_not_launch_stays_put_but_its_pilot_attacks_as_a_ground_unit() {
    let mut g = turn(MICE, &[]);
    g.arrange_place(11, Place::Space(7));
    play(&mut g, &Action::Activate(0));
    let strike = Action::Strike { figure: 0, target: Target::Figure(11) };
    assert!(legal(&g, &strike), "an adjacent ground enemy");
    assert!(!g.legal_actions().iter().any(|a| matches!(a, Action::Fly(_) | Action::Scurry { .. })));
    assert_eq!(rule(&g, &Action::Fly(vec![S, S])), "TF-R8");
    assert_eq!(rule(&g, &Action::Scurry { figure: 0, to: 7 }), "TF-R8");
    play(&mut g, &strike);
    assert_eq!(rolls(&g, "attack")[0].len(), 1, "the pilot's melee value (Tansy: 1), not the bird's battle value");
    assert_eq!(g.figure(0).place, Place::Space(0));
}

#[test]
fn tf_r8_a_launching_bird_holds_its_space_until_its_activation_and_may_not_perch_on_it() {
    let mut g = turn(MICE, &[]);
    g.arrange_bird(2, Pose { at: V2::new(9.5, 4.5), heading: Heading(0) }, Tilt::Centre, true);
    // A mouse in space 3 may not step into the launching Jay's space 2 …
    let mut squad = g.clone();
    play(&mut squad, &Action::Activate(3));
    assert!(!legal(&squad, &Action::Move { figure: 3, to: 2 }));
    // … which it could if the Jay were gone.
    let mut gone = g.clone();
    gone.arrange_place(2, Place::Casualty);
    play(&mut gone, &Action::Activate(3));
    assert!(legal(&gone, &Action::Move { figure: 3, to: 2 }));
    // Flying east along the Elm's south row: the launching Jay is never
    // offered a perch; the same bird already flying is, at every space.
    let flight = Action::Fly(vec![L, L, L]);
    play(&mut g, &Action::Activate(2));
    play(&mut g, &flight);
    assert_eq!(waiting_at(&g), None, "no decision on the way");
    assert_eq!(g.figure(2).place, Place::Air);
    let mut flying = turn(MICE, &[]);
    air(&mut flying, 2, 9.5, 4.5, 0, Tilt::Centre);
    play(&mut flying, &Action::Activate(2));
    play(&mut flying, &flight);
    assert_eq!(waiting_at(&flying), Some(Crossing::Space(2)));
    assert!(legal(&flying, &Action::Perch));
    play(&mut flying, &Action::Continue);
    assert_eq!(waiting_at(&flying), Some(Crossing::Space(26)));
    assert!(legal(&flying, &Action::Perch));
}

// ---------------------------------------------------------------------
// TF-R9 Flights.

#[test]
fn tf_r9_a_flight_lays_two_to_move_value_templates_at_most_three_regular_of_each_length() {
    assert_eq!(TailFeathers::max_templates(0), 6, "the Swallow: move 5, swift");
    assert_eq!(TailFeathers::max_templates(1), 4, "the Chaffinch: move 4");
    assert!(TailFeathers::flight_lists(1).iter().all(|l| (2..=4).contains(&l.len())));
    let g = swallow_activated(18.0, 24.0, 0, Tilt::Centre);
    for ok in [vec![S, S], vec![L, L, L, S, S, S], vec![S, S, S, L], vec![L, L, L, L]] {
        assert!(legal(&g, &Action::Fly(ok.clone())), "{ok:?}");
    }
    for (bad, why) in [
        (vec![S], "at least 2"),
        (vec![S, S, S, L, L, L, L], "at most 6"),
        (vec![L, L, L, L, S], "3 regular templates"),
        (vec![S, S, S, S, L], "3 regular templates"),
    ] {
        let (r, reason) = refusal(&g, &Action::Fly(bad.clone()));
        assert_eq!(r, "TF-R9", "{bad:?}");
        assert!(reason.contains(why), "{bad:?}: {reason}");
    }
}

#[test]
fn tf_r9_a_flight_ending_on_a_flying_bird_stops_short_and_an_enemy_means_a_wound_each() {
    // Two short templates east from (5, 22) would end at (11.75, 22).
    let setup = |at: &[(u8, f64)]| {
        let mut g = turn(MICE, &[]);
        air(&mut g, 0, 5.0, 22.0, 0, Tilt::Centre);
        for &(f, x) in at {
            air(&mut g, f, x, 22.0, 12, Tilt::Centre);
        }
        play(&mut g, &Action::Activate(0));
        play(&mut g, &Action::Fly(vec![S, S]));
        g
    };
    let g = setup(&[(9, 11.75)]);
    assert!(close(g.bird(0).unwrap().pose.at, 8.75, 22.0), "stopped at the first maneuver point");
    assert_eq!((g.figure(0).wounds, g.figure(9).wounds), (1, 1));
    assert!(g.aftermath().contains("stops after 1 template"), "{}", g.aftermath());
    assert!(g.aftermath().contains("1 wound each"), "{}", g.aftermath());
    let g = setup(&[(1, 11.75)]);
    assert!(close(g.bird(0).unwrap().pose.at, 8.75, 22.0));
    assert_eq!((g.figure(0).wounds, g.figure(1).wounds), (0, 0), "no wound for a friend");
    // Both maneuver points taken: the bird stays where it started.
    let g = setup(&[(1, 11.75), (2, 8.75)]);
    assert!(close(g.bird(0).unwrap().pose.at, 5.0, 22.0));
    assert_eq!(g.figure(0).wounds, 0);
}

#[test]
fn tf_r9_flying_through_an_enemy_bird_costs_the_mover_a_wound() {
    let mut g = turn(MICE, &[]);
    air(&mut g, 0, 5.0, 22.0, 0, Tilt::Centre);
    air(&mut g, 9, 8.75, 22.0, 12, Tilt::Centre);
    play(&mut g, &Action::Activate(0));
    play(&mut g, &Action::Fly(vec![S, S]));
    assert!(close(g.bird(0).unwrap().pose.at, 11.75, 22.0), "it flies on past");
    assert_eq!((g.figure(0).wounds, g.figure(9).wounds), (1, 0));
    assert!(g.aftermath().contains("flew through an enemy bird"), "{}", g.aftermath());
}

#[test]
fn tf_r9_a_trunk_stops_the_bird_turns_it_round_wounds_it_twice_and_rattles_its_pilot() {
    let mut g = swallow_activated(18.0, 7.0, 0, Tilt::Centre);
    play(&mut g, &Action::Fly(vec![S, L, S]));
    // First the Elm's west space (a perch is optional), then its trunk.
    assert_eq!(waiting_at(&g), Some(Crossing::Space(33)));
    assert_eq!(g.legal_actions(), [Action::Perch, Action::Continue]);
    play(&mut g, &Action::Continue);
    let b = g.bird(0).unwrap();
    assert!(close(b.pose.at, 27.75 - 0.75, 7.0), "stopped touching the trunk: {:?}", b.pose.at);
    assert_eq!(b.pose.heading, Heading(12), "turned 180°");
    assert!(b.rattled);
    assert_eq!(g.figure(0).wounds, 2);
    assert_eq!(g.figure(0).place, Place::Air);
    assert!(g.aftermath().contains("hits a trunk"), "{}", g.aftermath());
    // The activation is over (a rattled pilot does not attack); a marker
    // gained during it stays (TF-R6).
    assert_eq!(g.active_unit(), None);
    assert!(g.bird(0).unwrap().rattled);
}

#[test]
fn tf_r9_the_preview_of_a_flight_into_a_trunk_ends_where_the_bird_really_stops() {
    let g = swallow_activated(18.0, 7.0, 0, Tilt::Centre);
    let flight = vec![S, L, S];
    let plan = g.plan_flight(0, &flight).unwrap();
    // The templates end well past the Elm's trunk ...
    assert!(plan.end.at.x > 28.0, "{:?}", plan.end.at);
    // ... but the preview stops at the trunk, says so, and matches the flight.
    let out = g.flight_outcome(0, &plan);
    assert_eq!(out.ending, FlightEnding::Crashes(3), "{out:?}");
    assert!(close(out.at.at, 27.75 - 0.75, 7.0), "{:?}", out.at);
    assert_eq!(out.wounds, 2);
    assert!(out.flown < plan.laid.iter().map(|l| l.length.inches()).sum::<f64>());
    assert_eq!(out.words(), "crashes into the Elm's trunk: 2 wounds, rattled");
    let mut h = g.clone();
    play(&mut h, &Action::Fly(flight));
    play(&mut h, &Action::Continue);
    assert_eq!(h.bird(0).unwrap().pose, out.at);
    assert_eq!(h.figure(0).wounds, out.wounds);
    // A flight in the open ends where its templates end.
    let open = g.plan_flight(0, &[S]).unwrap();
    let o = g.flight_outcome(0, &open);
    assert_eq!((o.ending, o.at, o.wounds), (FlightEnding::Ends, open.end, 0));
    assert_eq!(o.words(), "ends here");
}

#[test]
fn tf_r9_the_preview_of_a_flight_off_the_battlefield_says_the_bird_is_lost() {
    let g = swallow_activated(2.0, 20.0, 12, Tilt::Centre);
    let plan = g.plan_flight(0, &[L, L]).unwrap();
    let out = g.flight_outcome(0, &plan);
    assert_eq!(out.ending, FlightEnding::Off, "{out:?}");
    assert_eq!(out.words(), "flies off the battlefield: the bird is lost");
    let mut h = g.clone();
    play(&mut h, &Action::Fly(vec![L, L]));
    while h.walking().is_some() {
        play(&mut h, &Action::Continue);
    }
    assert!(!h.figure(0).place.on_battlefield(), "{:?}", h.figure(0).place);
}

#[test]
fn tf_r9_perching_sets_centre_tilt() {
    let mut g = swallow_activated(18.0, 7.0, 0, Tilt::Left);
    play(&mut g, &Action::Fly(vec![L, S]));
    let Some(Crossing::Space(s)) = waiting_at(&g) else { panic!("{:?}", g.walking()) };
    assert!(field().trees[3].spaces.contains(&usize::from(s)), "a space of the Elm");
    play(&mut g, &Action::Perch);
    assert_eq!(g.figure(0).place, Place::Space(s));
    assert_eq!(g.bird(0).unwrap().tilt, Tilt::Centre);
    assert_eq!(g.base(0), Some(Shape::base(field().spaces[usize::from(s)].perch)));
}

#[test]
fn tf_r9_a_flight_ending_over_a_launching_bird_is_not_cut_short_nobody_is_wounded_and_it_makes_room() {
    // The Carrion Crow launches from the Ash's space 20 (perch (9.5, 26.5));
    // the Swallow flies two short templates west and would end at
    // (10.8, 26.5), its base over the Crow's.
    let mut g = turn(MICE, &[]);
    g.arrange_place(9, Place::Space(20));
    g.arrange_bird(9, Pose { at: V2::new(9.5, 26.5), heading: Heading(0) }, Tilt::Centre, true);
    air(&mut g, 0, 17.55, 26.5, 12, Tilt::Centre);
    play(&mut g, &Action::Activate(0));
    play(&mut g, &Action::Fly(vec![S, S]));
    while waiting_at(&g).is_some() {
        play(&mut g, &Action::Continue);
    }
    assert!(close(g.bird(0).unwrap().pose.at, 10.8, 26.5), "not cut short: {:?}", g.bird(0).unwrap().pose);
    assert_eq!((g.figure(0).wounds, g.figure(9).wounds), (0, 0), "nobody is wounded");
    assert!(!g.aftermath().contains("stops after"), "{}", g.aftermath());
    // The ground figure makes room within its space: the launch point half
    // an inch west of its perch is the nearest clear of the Swallow.
    let crow = g.bird(9).unwrap();
    assert!(crow.launching && g.figure(9).place == Place::Space(20));
    assert!(close(crow.pose.at, 9.0, 26.5), "{:?}", crow.pose);
    assert!(!overlaps(&Shape::base(crow.pose.at), &Shape::base(g.bird(0).unwrap().pose.at)));
    assert!(g.aftermath().contains("the Carrion Crow makes room"), "{}", g.aftermath());
    // Ending right over its perch point, every launch point is under the
    // Swallow: the Crow finds room elsewhere in its space.
    let mut g = turn(MICE, &[]);
    g.arrange_place(9, Place::Space(20));
    g.arrange_bird(9, Pose { at: V2::new(9.5, 26.5), heading: Heading(0) }, Tilt::Centre, true);
    air(&mut g, 0, 16.25, 26.5, 12, Tilt::Centre);
    play(&mut g, &Action::Activate(0));
    play(&mut g, &Action::Fly(vec![S, S]));
    while waiting_at(&g).is_some() {
        play(&mut g, &Action::Continue);
    }
    let (crow, swallow) = (g.bird(9).unwrap().pose.at, g.bird(0).unwrap().pose.at);
    assert!(close(swallow, 9.5, 26.5));
    assert!(!overlaps(&Shape::base(crow), &Shape::base(swallow)), "{crow:?}");
    assert!(field().spaces[20].outline.contains(crow), "still in its space: {crow:?}");
    // A perched bird (not launching) is passed over the same way.
    let mut p = turn(MICE, &[]);
    p.arrange_place(9, Place::Space(20));
    air(&mut p, 0, 16.25, 26.5, 12, Tilt::Centre);
    play(&mut p, &Action::Activate(0));
    play(&mut p, &Action::Fly(vec![S, S]));
    while waiting_at(&p).is_some() {
        play(&mut p, &Action::Continue);
    }
    assert!(close(p.bird(0).unwrap().pose.at, 9.5, 26.5));
    assert_eq!((p.figure(0).wounds, p.figure(9).wounds), (0, 0));
}

#[test]
fn tf_r9_ending_completely_off_the_battlefield_is_a_casualty_partly_off_stays() {
    let mut g = swallow_activated(33.0, 20.0, 0, Tilt::Centre);
    play(&mut g, &Action::Fly(vec![S, S]));
    assert_eq!(g.figure(0).place, Place::Casualty);
    assert!(g.aftermath().contains("flies off the battlefield"), "{}", g.aftermath());
    let mut g = swallow_activated(29.5, 20.0, 0, Tilt::Centre);
    play(&mut g, &Action::Fly(vec![S, S]));
    assert_eq!(g.figure(0).place, Place::Air, "its centre is within a base's radius of the edge");
    assert!(close(g.bird(0).unwrap().pose.at, 36.25, 20.0));
}

// ---------------------------------------------------------------------
// TF-R10 Transport.

/// The Swallow flying at (12, 7) facing east, beside the mice's home tree
/// (space 3 holds mice 3–6, space 4 mice 7–8); mouse 8 is moved to the far
/// side of the tree and mouse 6 lies down.
fn carrier() -> TailFeathers {
    let mut g = turn(MICE, &[]);
    air(&mut g, 0, 12.0, 7.0, 0, Tilt::Centre);
    g.arrange_place(8, Place::Space(7));
    g.arrange_status(6, 0, true, false, false);
    play(&mut g, &Action::Activate(0));
    g
}

#[test]
fn tf_r10_a_bird_picks_up_one_small_friend_within_close_range_and_drops_it_on_a_crossed_space() {
    let mut g = carrier();
    let picks: Vec<u8> =
        g.legal_actions().iter().filter_map(|a| if let Action::PickUp(f) = a { Some(*f) } else { None }).collect();
    assert_eq!(picks, [3, 4, 5, 7]);
    assert_eq!(rule(&g, &Action::PickUp(8)), "TF-R10", "beyond close range");
    assert_eq!(rule(&g, &Action::PickUp(6)), "TF-R10", "immobilized");
    assert_eq!(rule(&g, &Action::PickUp(11)), "TF-R10", "an enemy");
    play(&mut g, &Action::PickUp(3));
    assert_eq!(g.figure(3).place, Place::Carried(0));
    assert_eq!(g.bird(0).unwrap().passenger, Some(3));
    assert_eq!(rule(&g, &Action::PickUp(4)), "TF-R10", "one at a time");
    play(&mut g, &Action::Fly(vec![L, L, S]));
    assert_eq!(waiting_at(&g), Some(Crossing::Space(33)));
    assert_eq!(g.legal_actions(), [Action::Perch, Action::DropOff, Action::Continue]);
    play(&mut g, &Action::DropOff);
    assert_eq!(g.figure(3).place, Place::Space(33));
    assert_eq!(g.bird(0).unwrap().passenger, None);
    // The mouse now fills the space for a bird: no perch, the flight ends.
    assert_eq!(waiting_at(&g), None);
    assert_eq!(g.figure(0).place, Place::Air);
    assert!(close(g.bird(0).unwrap().pose.at, 25.75, 7.0));
}

#[test]
fn tf_r10_a_bird_that_perches_puts_its_passenger_in_an_adjacent_space_or_loses_it() {
    let mut g = carrier();
    play(&mut g, &Action::PickUp(3));
    play(&mut g, &Action::Fly(vec![L, L, S]));
    play(&mut g, &Action::Perch);
    assert_eq!(g.figure(0).place, Place::Space(33));
    assert_eq!(g.legal_actions(), [Action::Unload(None), Action::Unload(Some(26)), Action::Unload(Some(32))]);
    let mut lost = g.clone();
    play(&mut g, &Action::Unload(Some(32)));
    assert_eq!(g.figure(3).place, Place::Space(32));
    play(&mut lost, &Action::Unload(None));
    assert_eq!(lost.figure(3).place, Place::Casualty);
}

#[test]
fn tf_r10_the_passenger_falls_with_its_bird() {
    let mut g = carrier();
    play(&mut g, &Action::PickUp(3));
    g.arrange_bird(0, Pose { at: V2::new(12.0, 7.0), heading: Heading(18) }, Tilt::Centre, false);
    play(&mut g, &Action::Fly(vec![S, S, S]));
    assert_eq!(g.figure(0).place, Place::Casualty, "off the south edge");
    assert_eq!(g.figure(3).place, Place::Casualty);
    assert!(g.aftermath().contains("a Thistle Guard mouse is defeated"), "{}", g.aftermath());
}

// ---------------------------------------------------------------------
// TF-R11 Attacks.

/// Mouse 3 in the Elm's west space (33), activated and ready to attack.
fn elm_shooter(extra: &[(u8, Place)]) -> TailFeathers {
    let mut g = turn(MICE, &[]);
    g.arrange_place(3, Place::Space(33));
    for &(f, p) in extra {
        g.arrange_place(f, p);
    }
    // The Carrion Crow hovers east of the Elm's trunk; the Magpie north of it.
    air(&mut g, 9, 33.5, 7.0, 12, Tilt::Centre);
    air(&mut g, 10, 26.5, 13.0, 18, Tilt::Centre);
    play(&mut g, &Action::Activate(3));
    hold_and_end_moves(&mut g, 3);
    g
}

#[test]
fn tf_r11_a_ranged_attack_needs_range_and_clear_sight() {
    let g = elm_shooter(&[]);
    assert!(legal(&g, &Action::Shoot { figure: 3, target: Target::Figure(10) }), "in range and clear");
    let (r, why) = refusal(&g, &Action::Shoot { figure: 3, target: Target::Figure(9) });
    assert_eq!(r, "TF-R11");
    assert!(why.contains("no clear sight"), "the Elm's trunk is in the way: {why}");
    let (d, sight) = g.measure(3, Target::Figure(9)).unwrap();
    assert!(d <= 8.0 && sight.is_none());
    let (r, why) = refusal(&g, &Action::Shoot { figure: 3, target: Target::Figure(11) });
    assert_eq!(r, "TF-R11");
    assert!(why.contains("beyond ranged range"), "{why}");
}

#[test]
fn tf_r11_a_figure_sharing_a_space_with_enemies_may_shoot_only_at_them() {
    let g = elm_shooter(&[(14, Place::Space(33))]);
    assert_eq!(g.targets(3, true), [Target::Figure(14)]);
    let (r, why) = refusal(&g, &Action::Shoot { figure: 3, target: Target::Figure(10) });
    assert_eq!(r, "TF-R11");
    assert!(why.contains("sharing its space"), "{why}");
}

#[test]
fn tf_r11_ground_melee_reaches_the_same_or_a_bordering_space_only() {
    let g = elm_shooter(&[(12, Place::Space(26)), (13, Place::Space(27)), (14, Place::Space(33))]);
    assert!(legal(&g, &Action::Strike { figure: 3, target: Target::Figure(14) }), "the same space");
    assert!(legal(&g, &Action::Strike { figure: 3, target: Target::Figure(12) }), "a bordering space");
    assert_eq!(rule(&g, &Action::Strike { figure: 3, target: Target::Figure(13) }), "TF-R11", "two steps away");
    assert_eq!(rule(&g, &Action::Strike { figure: 3, target: Target::Figure(10) }), "TF-R11", "a flying bird");
}

#[test]
fn tf_r11_a_flying_bird_strikes_only_flying_birds_within_close_range() {
    let mut g = turn(MICE, &[]);
    air(&mut g, 0, 5.0, 22.0, 0, Tilt::Centre);
    air(&mut g, 9, 11.75, 24.5, 12, Tilt::Centre);
    air(&mut g, 10, 14.5, 24.5, 12, Tilt::Centre);
    play(&mut g, &Action::Activate(0));
    play(&mut g, &Action::Fly(vec![S, S]));
    assert!(legal(&g, &Action::Strike { figure: 0, target: Target::Figure(9) }), "1\" apart");
    let (r, why) = refusal(&g, &Action::Strike { figure: 0, target: Target::Figure(10) });
    assert_eq!(r, "TF-R11");
    assert!(why.contains("2.2\" away"), "{why}");
    assert!(legal(&g, &Action::Shoot { figure: 0, target: Target::Figure(10) }));
    assert!(g.targets(0, false).iter().all(|t| matches!(t, Target::Figure(9))));
}

#[test]
fn tf_r11_clear_sight_to_a_space_tries_its_nearest_point() {
    // A Gutter Pack rat in the Elm's west space (x 25.25-27.75, y
    // 5.75-8.25); the Swallow hovers due west of a point 0.6" up that
    // space's west edge, its base's edge 7.99" away: nothing is in between.
    let mut g = turn(MICE, &[]);
    g.arrange_place(14, Place::Space(33));
    air(&mut g, 0, 25.25 - 0.75 - 7.99, 6.35, 0, Tilt::Centre);
    let (d, sight) = g.measure(0, Target::Figure(14)).unwrap();
    assert!((d - 7.99).abs() < 1e-9, "{d}");
    let (a, b) = sight.expect("the finder laid between the nearest points is clear");
    assert!(a.dist(b) <= 8.0);
    assert!(g.targets(0, true).contains(&Target::Figure(14)), "in range and in clear sight");
    // One hundredth further, it is out of range.
    air(&mut g, 0, 25.25 - 0.75 - 8.01, 6.35, 0, Tilt::Centre);
    assert!(!g.targets(0, true).contains(&Target::Figure(14)));
}

#[test]
fn tf_r5_a_shot_after_the_activation_ended_itself_is_refused_for_that_not_for_a_shared_space() {
    // The Swallow is perched at home with nothing in range: activating it
    // ends the activation by itself (nothing left to do).
    let mut g = turn(MICE, &[]);
    assert_eq!(g.figure(0).place, Place::Space(0));
    play(&mut g, &Action::Activate(0));
    assert_eq!(g.active_unit(), None, "the activation ended itself");
    assert_eq!(g.to_move(), ToMove::Seat(RATS));
    let (r, why) = refusal(&g, &Action::Shoot { figure: 0, target: Target::Nest(Alliance::Rats) });
    assert_eq!(r, "TF-R5", "{why}");
    assert!(why.contains("activation is over"), "{why}");
    assert!(!why.contains("sharing"), "{why}");
    // A unit not yet activated says so.
    let (r, why) = refusal(&g, &Action::Shoot { figure: 3, target: Target::Nest(Alliance::Rats) });
    assert_eq!(r, "TF-R5");
    assert!(why.contains("not activated"), "{why}");
}

#[test]
fn tf_r11_attack_dice_are_the_attack_value_and_the_target_defends_only_when_hit() {
    let g = elm_shooter(&[(12, Place::Space(26))]);
    let strike = Action::Strike { figure: 3, target: Target::Figure(12) };
    let miss = with_dice(&g, &strike, "a miss", |h| h.events().contains(&Event::Hits(0)));
    assert_eq!(rolls(&miss, "attack")[0].len(), usize::from(GROUND[0].melee), "the Thistle Guard's melee value");
    assert!(rolls(&miss, "defence").is_empty(), "no hit, no defence roll: {}", miss.aftermath());
    assert_eq!(miss.figure(12).place, Place::Space(26));
    let hit = with_dice(&g, &strike, "a hit", |h| h.events().contains(&Event::Hits(1)));
    assert_eq!(rolls(&hit, "defence").len(), 1, "{}", hit.aftermath());
    assert_eq!(rolls(&hit, "defence")[0].len(), usize::from(GROUND[1].defence), "the Gutter Pack's defence value");
    // Steady aim: a Thistle Guard that did not move shoots with one die more.
    let shot = with_dice(&g, &Action::Shoot { figure: 3, target: Target::Figure(12) }, "any roll", |_| true);
    assert_eq!(rolls(&shot, "attack")[0].len(), 2);
}

// ---------------------------------------------------------------------
// TF-R12 Wounds.

/// The rats' hero in the Elm's south-west space (26) next to space 33,
/// activated and ready to attack.
fn hero_next_to(extra: &[(u8, Place)]) -> TailFeathers {
    let mut g = turn(RATS, &[]);
    g.arrange_place(17, Place::Space(26));
    for &(f, p) in extra {
        g.arrange_place(f, p);
    }
    play(&mut g, &Action::Activate(7));
    play(&mut g, &Action::Hold(17));
    g
}

#[test]
fn tf_r12_any_wound_defeats_a_squad_figure_but_a_hero_lives_to_its_life() {
    let g = hero_next_to(&[(3, Place::Space(33))]);
    let strike = Action::Strike { figure: 17, target: Target::Figure(3) };
    let h = with_dice(&g, &strike, "one wound", |h| wounds_event(h, Target::Figure(3)) == Some(1));
    assert_eq!(h.figure(3).place, Place::Casualty);
    assert_eq!(h.figure(3).wounds, 0);
    assert!(h.aftermath().contains("a Thistle Guard mouse is defeated"), "{}", h.aftermath());
    // A mouse hits the hero (life 4) for one wound: it stays.
    let mut g = turn(MICE, &[]);
    g.arrange_place(3, Place::Space(33));
    g.arrange_place(17, Place::Space(26));
    play(&mut g, &Action::Activate(3));
    hold_and_end_moves(&mut g, 3);
    let strike = Action::Strike { figure: 3, target: Target::Figure(17) };
    let h = with_dice(&g, &strike, "one wound", |h| wounds_event(h, Target::Figure(17)) == Some(1));
    assert_eq!(h.figure(17).place, Place::Space(26));
    assert_eq!(h.figure(17).wounds, 1);
}

#[test]
fn tf_r12_a_bird_falls_when_its_wounds_reach_bird_life_plus_pilot_bonus() {
    let mut g = turn(MICE, &[]);
    let crow = BIRDS[3].life + PILOTS[6].bonus_life;
    assert_eq!(g.life(4), crow, "the Carrion Crow's life + Grist's bonus life");
    g.arrange_place(3, Place::Space(33));
    g.arrange_place(9, Place::Space(26));
    g.arrange_status(9, crow - 1, false, false, false);
    play(&mut g, &Action::Activate(3));
    hold_and_end_moves(&mut g, 3);
    let strike = Action::Strike { figure: 3, target: Target::Figure(9) };
    assert!(legal(&g, &strike), "a perched bird is a ground figure");
    let h = with_dice(&g, &strike, "a wound", |h| wounds_event(h, Target::Figure(9)) == Some(1));
    assert_eq!(h.figure(9).place, Place::Casualty);
    assert_eq!(h.figure(9).wounds, 0, "wound markers are cleared");
    assert!(h.aftermath().contains("the Carrion Crow is defeated"), "{}", h.aftermath());
}

#[test]
fn tf_r12_more_wounds_than_the_pilot_value_in_one_attack_rattle_the_pilot() {
    // The Magpie (Mallow, pilot value 1) perched next to a Thistle Guard,
    // which strikes with two dice.
    let mut g = turn(MICE, &[]);
    g.arrange_place(3, Place::Space(33));
    g.arrange_place(10, Place::Space(26));
    assert_eq!(g.pilot_card(5).map(|p| (p.name, p.pilot)), Some(("Mallow", 1)));
    assert_eq!(GROUND[0].melee, 2, "two dice can deal two wounds");
    play(&mut g, &Action::Activate(3));
    hold_and_end_moves(&mut g, 3);
    let strike = Action::Strike { figure: 3, target: Target::Figure(10) };
    let two = with_dice(&g, &strike, "two wounds", |h| wounds_event(h, Target::Figure(10)) == Some(2));
    assert!(two.bird(10).unwrap().rattled);
    assert!(two.aftermath().contains("the Magpie's pilot is rattled"), "{}", two.aftermath());
    let one = with_dice(&g, &strike, "one wound", |h| wounds_event(h, Target::Figure(10)) == Some(1));
    assert!(!one.bird(10).unwrap().rattled, "one wound is not more than 1");
    assert_eq!(one.figure(10).wounds, 1);
}

// ---------------------------------------------------------------------
// TF-R13 Cheese.

#[test]
fn tf_r13_each_cheese_face_rolled_attacking_or_defending_gives_a_cheese() {
    // A Thistle Guard (two melee dice) strikes a Gutter Pack rat.
    let g = elm_shooter(&[(12, Place::Space(26))]);
    let strike = Action::Strike { figure: 3, target: Target::Figure(12) };
    let h = with_dice(&g, &strike, "cheese for both", |h| {
        rolls(h, "attack").iter().any(|d| cheese_faces(d) > 0)
            && rolls(h, "defence").iter().any(|d| cheese_faces(d) > 0)
    });
    let attack: u8 = rolls(&h, "attack").iter().map(|d| cheese_faces(d)).sum();
    let defence: u8 = rolls(&h, "defence").iter().map(|d| cheese_faces(d)).sum();
    assert_eq!(h.cheese(MICE), attack);
    assert_eq!(h.cheese(RATS), defence);
    assert!(h.aftermath().contains("Mice gain"), "{}", h.aftermath());
}

#[test]
fn tf_r13_with_a_full_wheel_the_roller_may_reroll_the_excess_cheese_once() {
    let mut g = elm_shooter(&[(12, Place::Space(26))]);
    g.arrange_cheese(MICE, 5);
    let strike = Action::Strike { figure: 3, target: Target::Figure(12) };
    let h = with_dice(&g, &strike, "two cheese", |h| rolls(h, "attack").first().is_some_and(|d| cheese_faces(d) == 2));
    assert_eq!(h.cheese(MICE), 6, "one fits");
    assert_eq!(h.to_move(), ToMove::Seat(MICE));
    assert_eq!(h.legal_actions(), [Action::Reroll(0), Action::Reroll(1)], "the one that did not fit");
    let mut h = h;
    play(&mut h, &Action::Reroll(1));
    assert!(h.aftermath().contains("Mice roll re-rolled cheese"), "{}", h.aftermath());
    assert_eq!(h.cheese(MICE), 6);
    assert!(!h.legal_actions().iter().any(|a| matches!(a, Action::Reroll(_))), "once only");
    // The defender chooses its own re-rolls.
    let mut g = elm_shooter(&[(12, Place::Space(26))]);
    g.arrange_cheese(RATS, 6);
    let h = with_dice(&g, &strike, "a cheese in defence", |h| {
        rolls(h, "defence").first().is_some_and(|d| cheese_faces(d) == 1)
    });
    assert_eq!(h.to_move(), ToMove::Seat(RATS));
    assert_eq!(h.legal_actions(), [Action::Reroll(0), Action::Reroll(1)]);
}

// ---------------------------------------------------------------------
// TF-R14 Swoops.

#[test]
fn tf_r14_one_swoop_an_activation() {
    let g = swoop_run(18.0, &[(11, 26), (12, 28)], vec![L, L, L]);
    assert_eq!(waiting_at(&g), Some(Crossing::Space(26)));
    assert_eq!(g.legal_actions(), [Action::Swoop, Action::Continue]);
    // Without a swoop at 26 the bird is offered one at 28.
    let mut pass = g.clone();
    play(&mut pass, &Action::Continue);
    assert_eq!(waiting_at(&pass), Some(Crossing::Space(27)));
    play(&mut pass, &Action::Continue);
    assert_eq!(waiting_at(&pass), Some(Crossing::Space(28)));
    assert!(legal(&pass, &Action::Swoop));
    // After a swoop at 26 it is not.
    let mut g = g;
    play(&mut g, &Action::Swoop);
    assert_eq!(
        rolls(&g, "attack")[0].len(),
        usize::from(BIRDS[0].battle + PILOTS[0].melee),
        "the Swallow's battle value + Tansy's melee value"
    );
    while g.in_combat() {
        let a = g.legal_actions()[0].clone();
        play(&mut g, &a);
    }
    let mut waited = Vec::new();
    while let Some(c) = waiting_at(&g) {
        assert_eq!(rule(&g, &Action::Swoop), "TF-R14", "at {c:?}");
        waited.push(c);
        play(&mut g, &Action::Continue);
    }
    assert!(waited.contains(&Crossing::Space(27)), "a perch is still offered at 27: {waited:?}");
    assert!(!waited.contains(&Crossing::Space(28)), "no decision at 28: the swoop is spent");
    assert_eq!(g.figure(0).place, Place::Air);
}

#[test]
fn tf_r14_no_swoop_at_what_touched_the_base_when_the_activation_began() {
    // Starting at x = 24.6 the base overlaps space 26.
    let g = swoop_run(24.6, &[(11, 26), (12, 27)], vec![S, S]);
    assert_eq!(waiting_at(&g), Some(Crossing::Space(27)), "26 passes without a choice");
    assert!(legal(&g, &Action::Swoop));
    let g = swoop_run(23.5, &[(11, 26), (12, 27)], vec![S, S]);
    assert_eq!(waiting_at(&g), Some(Crossing::Space(26)), "from further back it may swoop at 26");
    assert!(legal(&g, &Action::Swoop));
}

/// The rats' mission card face down on spot 0 (north of the axis marker)
/// with two rats in the box, and the Swallow flying across it.
fn mission_run(kind: MissionKind) -> TailFeathers {
    let mut g = turn(MICE, &[]);
    g.arrange_mission(Alliance::Rats, Some(MissionCard { kind: Some(kind), spot: Some(0), revealed: false }));
    g.arrange_place(11, Place::Mission);
    g.arrange_place(12, Place::Mission);
    air(&mut g, 0, 10.0, 20.0, 0, Tilt::Centre);
    play(&mut g, &Action::Activate(0));
    play(&mut g, &Action::Fly(vec![L, L]));
    assert_eq!(waiting_at(&g), Some(Crossing::Mission(Alliance::Rats)));
    assert!(legal(&g, &Action::Swoop));
    g
}

#[test]
fn tf_r14_a_swoop_on_a_decoy_is_spent_and_sends_its_figures_home() {
    let mut g = mission_run(MissionKind::Decoy);
    play(&mut g, &Action::Swoop);
    let card = g.mission(Alliance::Rats).unwrap();
    assert!(card.revealed);
    assert_eq!(g.observation(MICE).mission(Alliance::Rats).unwrap().kind, Some(MissionKind::Decoy));
    assert!(rolls(&g, "attack").is_empty(), "no attack");
    assert_eq!(g.figure(11).place, Place::Space(RATS_NEST));
    assert_eq!(g.figure(12).place, Place::Space(RATS_NEST));
    let log = g.aftermath();
    assert!(
        log.contains("the rats mission is revealed: decoy") && log.contains("a decoy: the swoop is spent"),
        "{log}"
    );
}

#[test]
fn tf_r14_a_swoop_on_another_mission_attacks_the_figures_in_its_box() {
    let mut g = mission_run(MissionKind::Siege);
    play(&mut g, &Action::Swoop);
    assert!(g.mission(Alliance::Rats).unwrap().revealed);
    assert_eq!(
        rolls(&g, "attack")[0].len(),
        usize::from(BIRDS[0].battle + PILOTS[0].melee),
        "the Swallow's battle value + Tansy's melee value"
    );
    assert!(g.aftermath().contains("revealed: siege"), "{}", g.aftermath());
}

// ---------------------------------------------------------------------
// TF-R15 Group attacks.

#[test]
fn tf_r15_the_attacker_assigns_the_hits_and_each_hit_figure_defends_in_that_order() {
    let g = swoop_run(18.0, &[(11, 26), (12, 26)], vec![L, L, L]);
    let h = with_dice(&g, &Action::Swoop, "two hits", |h| h.events().contains(&Event::Hits(2)));
    assert_eq!(h.to_move(), ToMove::Seat(MICE), "the attacker decides");
    assert_eq!(h.legal_actions(), [Action::AssignHit(Target::Figure(11)), Action::AssignHit(Target::Figure(12))]);
    assert!(rolls(&h, "defence").is_empty(), "no defence before the hits are given");
    // Both hits on rat 12: rat 11 is not touched and does not roll.
    let mut both = h.clone();
    play(&mut both, &Action::AssignHit(Target::Figure(12)));
    play(&mut both, &Action::AssignHit(Target::Figure(12)));
    assert_eq!(rolls(&both, "defence").len(), 1);
    assert!(both.events().iter().any(|e| matches!(e, Event::Blocks(Target::Figure(12), _))));
    assert!(!both.events().iter().any(|e| matches!(e, Event::Blocks(Target::Figure(11), _))));
    assert_eq!(both.figure(11).place, Place::Space(26));
    // One each, rat 12 first: two separate defence rolls, 12 then 11.
    let mut each = h;
    play(&mut each, &Action::AssignHit(Target::Figure(12)));
    play(&mut each, &Action::AssignHit(Target::Figure(11)));
    assert_eq!(rolls(&each, "defence").len(), 2);
    let order: Vec<Target> =
        each.events().iter().filter_map(|e| if let Event::Blocks(t, _) = e { Some(*t) } else { None }).collect();
    assert_eq!(order, [Target::Figure(12), Target::Figure(11)]);
}

// ---------------------------------------------------------------------
// TF-R16 Revive.

#[test]
fn tf_r16_a_full_wheel_revives_a_hero_or_up_to_three_squad_figures_never_a_bird() {
    let mut g = turn(RATS, &[]);
    g.arrange_cheese(RATS, 6);
    for f in [10, 11, 12, 13, 14, 17] {
        g.arrange_place(f, Place::Casualty);
    }
    play(&mut g, &Action::Activate(4));
    let revive = |r| Action::Revive(r);
    assert_eq!(
        g.legal_actions(),
        [
            Action::Done,
            revive(Revival::Hero),
            revive(Revival::Squad(1)),
            revive(Revival::Squad(2)),
            revive(Revival::Squad(3))
        ]
    );
    assert_eq!(rule(&g, &revive(Revival::Squad(4))), "TF-R16", "up to three squad figures");
    play(&mut g, &revive(Revival::Squad(3)));
    assert_eq!(g.cheese(RATS), 0, "all the cheese is spent");
    for f in [11, 12, 13] {
        assert_eq!(g.figure(f).place, Place::Reserves);
    }
    assert_eq!(g.figure(14).place, Place::Casualty);
    assert_eq!(g.figure(17).place, Place::Casualty, "a hero or squad figures, not both");
    assert_eq!(g.figure(10).place, Place::Casualty, "never a bird");
    assert!(g.aftermath().contains("revived to the reserves"), "{}", g.aftermath());
    assert_eq!(g.to_move(), ToMove::Seat(MICE));
}

#[test]
fn tf_r16_no_revive_for_a_fallen_bird_alone_nor_on_a_pass() {
    let mut g = turn(RATS, &[]);
    g.arrange_cheese(RATS, 6);
    g.arrange_place(10, Place::Casualty);
    play(&mut g, &Action::Activate(4));
    assert_eq!(g.active_unit(), None, "nothing to revive: the activation is over");
    assert_eq!(g.cheese(RATS), 6);
    let mut g = turn(RATS, &[4, 5, 6, 7]);
    g.arrange_cheese(RATS, 6);
    g.arrange_place(11, Place::Casualty);
    play(&mut g, &Action::Pass);
    assert_eq!(g.cheese(RATS), 6);
    assert_eq!(g.figure(11).place, Place::Casualty);
    assert_eq!(g.to_move(), ToMove::Seat(MICE));
}

// ---------------------------------------------------------------------
// TF-R17 The final phase.

#[test]
fn tf_r17_reinforce_then_missions_by_type_siege_by_the_trunk_sap_run_cheese_then_refresh() {
    let mut g = to_final(MICE, Some((MissionKind::Siege, &[3, 4, 5])), Some((MissionKind::Special, &[11, 12])));
    g.arrange_place(13, Place::Reserves);
    g.arrange_place(9, Place::Space(27));
    g.arrange_cheese(RATS, 5);
    enter_final(&mut g);
    assert_eq!(g.figure(13).place, Place::Space(RATS_NEST), "reserves come to the nest first");
    let log = g.aftermath();
    assert!(log.contains("the mice mission is revealed: siege"), "{log}");
    assert!(log.contains("the rats mission is revealed: sap run"), "{log}");
    assert_eq!(g.cheese(RATS), 5, "the sap run (special) comes after the siege");
    assert_eq!(g.to_move(), ToMove::Seat(MICE));
    assert_eq!(g.legal_actions(), (0..5).map(Action::Siege).collect::<Vec<_>>(), "any tree, the sapling too");
    play(&mut g, &Action::Siege(3));
    assert_eq!(
        g.legal_actions(),
        [Action::SiegeTo(29), Action::SiegeTo(31), Action::SiegeTo(33)],
        "the Elm's spaces by the trunk with room (27 holds the Carrion Crow)"
    );
    for _ in 0..3 {
        play(&mut g, &Action::SiegeTo(29));
    }
    for f in [3, 4, 5] {
        assert_eq!(g.figure(f).place, Place::Space(29));
    }
    assert!(g.aftermath().contains("the sap run brings 1 cheese"), "{}", g.aftermath());
    assert_eq!(g.cheese(RATS), 6, "at most 6");
    assert_eq!((g.figure(11).place, g.figure(12).place), (Place::Space(RATS_NEST), Place::Space(RATS_NEST)));
    // Refresh: the next round, cards back in hand, units ready.
    assert_eq!((g.round(), g.phase()), (2, Phase::Mission));
    assert_eq!(g.mission(Alliance::Mice), None);
    assert!((0..8).all(|u| !g.is_activated(u)));
    let chooser = g.to_move().seat().unwrap();
    assert!(legal(&g, &Action::Mission(Some(if chooser == MICE { MissionKind::Siege } else { MissionKind::Special }))));
}

#[test]
fn tf_r17_a_siege_fills_the_nearest_spaces_and_what_does_not_fit_goes_home() {
    // The Elm's four spaces by its trunk hold perched birds: the next ring.
    let mut g = to_final(MICE, Some((MissionKind::Siege, &[3, 4])), None);
    for (b, s) in [(1, 27), (2, 29), (9, 31), (10, 33)] {
        g.arrange_place(b, Place::Space(s));
    }
    enter_final(&mut g);
    play(&mut g, &Action::Siege(3));
    assert_eq!(
        g.legal_actions(),
        [Action::SiegeTo(26), Action::SiegeTo(28), Action::SiegeTo(30), Action::SiegeTo(32)],
        "as close to the trunk as possible"
    );
    // The sapling full to the last place: the besieger goes home.
    let mut g = to_final(MICE, Some((MissionKind::Siege, &[3])), None);
    for (f, s) in [(0, 34), (1, 35), (2, 36), (9, 37), (10, 38)] {
        g.arrange_place(f, Place::Space(s));
    }
    for (i, f) in [4, 5, 6, 7, 8, 11, 12, 13, 14, 15, 16, 17].into_iter().enumerate() {
        g.arrange_place(f, Place::Space(39 + i as u8 / 4));
    }
    enter_final(&mut g);
    play(&mut g, &Action::Siege(4));
    assert_eq!(g.figure(3).place, Place::Space(MICE_NEST));
    assert_eq!((g.round(), g.phase()), (2, Phase::Mission), "the round goes on");
}

#[test]
fn tf_r17_missions_of_one_type_resolve_in_turn_order() {
    for first in [MICE, RATS] {
        let mut g = to_final(first, Some((MissionKind::Siege, &[3])), Some((MissionKind::Siege, &[11])));
        enter_final(&mut g);
        assert_eq!(g.to_move(), ToMove::Seat(first));
        play(&mut g, &Action::Siege(2));
        play(&mut g, &Action::SiegeTo(19));
        assert_eq!(g.to_move(), ToMove::Seat(other(first)));
    }
}

#[test]
fn tf_r17_a_decoy_comes_home_before_an_intercept_can_strike_it() {
    let mut g = to_final(MICE, Some((MissionKind::Intercept, &[3, 4])), Some((MissionKind::Decoy, &[11, 12])));
    enter_final(&mut g);
    assert!(rolls(&g, "attack").is_empty(), "nothing left to intercept: {}", g.aftermath());
    for f in [11, 12] {
        assert_eq!(g.figure(f).place, Place::Space(RATS_NEST));
    }
    for f in [3, 4] {
        assert_eq!(g.figure(f).place, Place::Space(MICE_NEST));
    }
    assert_eq!(g.round(), 2);
}

#[test]
fn tf_r17_an_intercept_is_a_melee_group_attack_of_one_die_a_small_figure() {
    let mut g = to_final(MICE, Some((MissionKind::Intercept, &[3, 4, 5])), Some((MissionKind::Siege, &[11, 12])));
    enter_final(&mut g);
    assert_eq!(rolls(&g, "attack")[0].len(), 3, "{}", g.aftermath());
    assert!(g.aftermath().contains("the mice intercept"), "{}", g.aftermath());
}

#[test]
fn tf_r17_a_patrol_shoots_an_enemy_flyer_and_a_rescue_brings_a_bird_back_to_the_nest() {
    let mut g = to_final(MICE, Some((MissionKind::Patrol, &[3, 4])), Some((MissionKind::Rescue, &[11, 12])));
    air(&mut g, 9, 18.0, 26.0, 0, Tilt::Centre);
    g.arrange_place(10, Place::Casualty);
    g.arrange_status(10, 3, false, true, true);
    let mut lone = g.clone();
    enter_final(&mut g);
    assert_eq!(g.to_move(), ToMove::Seat(MICE));
    assert_eq!(g.legal_actions(), [Action::Patrol(9)], "an enemy flying figure");
    play(&mut g, &Action::Patrol(9));
    assert_eq!(rolls(&g, "attack")[0].len(), 2, "a die for each small figure with a ranged value");
    while g.in_combat() {
        let a = g.legal_actions()[0].clone();
        play(&mut g, &a);
    }
    for f in [3, 4] {
        assert_eq!(g.figure(f).place, Place::Space(MICE_NEST), "the patrol comes home");
    }
    assert_eq!(g.to_move(), ToMove::Seat(RATS));
    assert_eq!(g.legal_actions(), [Action::Rescue(10)]);
    play(&mut g, &Action::Rescue(10));
    let f = g.figure(10);
    assert_eq!(f.place, Place::Space(RATS_NEST));
    assert_eq!(f.wounds, 1, "Mallow's bonus life");
    assert!(!f.on_fire);
    let b = g.bird(10).unwrap();
    assert_eq!(b.tilt, Tilt::Centre);
    assert!(!b.rattled && !b.launching);
    assert!(g.aftermath().contains("Magpie comes back to the nest"), "{}", g.aftermath());
    // With one figure in the box there is no rescue.
    lone.arrange_place(12, Place::Space(RATS_NEST));
    enter_final(&mut lone);
    play(&mut lone, &Action::Patrol(9));
    while lone.in_combat() {
        let a = lone.legal_actions()[0].clone();
        play(&mut lone, &a);
    }
    assert_eq!(lone.figure(10).place, Place::Casualty);
    assert_eq!(lone.round(), 2);
}

// ---------------------------------------------------------------------
// TF-R18 Statuses.

#[test]
fn tf_r18_an_immobilized_figure_spends_its_activation_standing_up() {
    let mut g = turn(MICE, &[]);
    g.arrange_status(3, 0, true, false, false);
    g.arrange_place(11, Place::Space(4));
    play(&mut g, &Action::Activate(3));
    assert!(legal(&g, &Action::Stand(3)));
    assert!(!g.legal_actions().iter().any(|a| matches!(a, Action::Move { figure: 3, .. } | Action::Hold(3))));
    assert_eq!(rule(&g, &Action::Hold(3)), "TF-R18");
    assert_eq!(rule(&g, &Action::Move { figure: 3, to: 4 }), "TF-R18");
    play(&mut g, &Action::Stand(3));
    assert!(!g.figure(3).immobilized);
    play(&mut g, &Action::Hold(4));
    play(&mut g, &Action::Done);
    assert!(!legal(&g, &Action::Strike { figure: 3, target: Target::Figure(11) }), "standing was its action");
    assert!(legal(&g, &Action::Strike { figure: 4, target: Target::Figure(11) }));
}

#[test]
fn tf_r18_a_burning_figure_rolls_at_the_end_of_its_activation_a_star_puts_it_out() {
    let mut g = turn(RATS, &[]);
    g.arrange_status(17, 0, false, true, false);
    play(&mut g, &Action::Activate(7));
    play(&mut g, &Action::Hold(17));
    let hold = Action::Done;
    let out = with_dice(&g, &hold, "a star", |h| rolls(h, "fire").first().is_some_and(|d| d[0].star()));
    assert!(!out.figure(17).on_fire);
    assert_eq!(out.figure(17).wounds, 0);
    assert!(out.aftermath().contains("the fire on Old Scab goes out"), "{}", out.aftermath());
    let burn = with_dice(&g, &hold, "no star", |h| rolls(h, "fire").first().is_some_and(|d| !d[0].star()));
    assert!(burn.figure(17).on_fire);
    assert_eq!(burn.figure(17).wounds, 1);
}

#[test]
fn tf_r18_a_burning_nest_loses_a_life_per_fire_and_dousing_it_may_burn_the_figure() {
    let mut g = to_final(MICE, None, None);
    g.arrange_nest(Alliance::Mice, 10, 2);
    enter_final(&mut g);
    assert_eq!(g.nest_life(Alliance::Mice), 8);
    assert!(g.aftermath().contains("the mice nest burns"), "{}", g.aftermath());
    let mut g = turn(MICE, &[]);
    g.arrange_place(3, Place::Space(MICE_NEST));
    g.arrange_nest(Alliance::Mice, 10, 1);
    play(&mut g, &Action::Activate(3));
    hold_and_end_moves(&mut g, 3);
    play(&mut g, &Action::Done);
    assert_eq!(g.legal_actions(), [Action::Done, Action::Douse(3)]);
    let put_out = with_dice(&g, &Action::Douse(3), "a star", |h| rolls(h, "dousing the nest")[0][0].star());
    assert_eq!(put_out.nest_fire(Alliance::Mice), 0);
    assert_eq!(put_out.figure(3).place, Place::Space(MICE_NEST));
    let burnt = with_dice(&g, &Action::Douse(3), "no star", |h| !rolls(h, "dousing the nest")[0][0].star());
    assert_eq!(burnt.nest_fire(Alliance::Mice), 1);
    assert_eq!(burnt.figure(3).place, Place::Casualty, "the wound defeats a squad figure");
}

#[test]
fn tf_r18_a_rattled_pilot_has_pilot_value_one_and_no_attacks() {
    let mut g = turn(MICE, &[]);
    air(&mut g, 1, 18.0, 24.0, 0, Tilt::Centre);
    let mut calm = g.clone();
    play(&mut calm, &Action::Activate(1));
    play(&mut calm, &Action::PilotingCheck);
    assert_eq!(rolls(&calm, "piloting check")[0].len(), 2, "Burdock: pilot value 2");
    g.arrange_status(1, 0, false, false, true);
    play(&mut g, &Action::Activate(1));
    play(&mut g, &Action::PilotingCheck);
    assert_eq!(rolls(&g, "piloting check")[0].len(), 1);
    // A rattled perched pilot does not attack an adjacent enemy.
    let mut g = turn(MICE, &[]);
    g.arrange_place(11, Place::Space(7));
    g.arrange_status(0, 0, false, false, true);
    assert!(g.targets(0, false).is_empty() && g.targets(0, true).is_empty());
    play(&mut g, &Action::Activate(0));
    assert_eq!(g.active_unit(), None, "nothing to do");
}

// ---------------------------------------------------------------------
// TF-R19 The end of the game.

#[test]
fn tf_r19_a_destroyed_nest_ends_the_game() {
    let mut g = turn(MICE, &[]);
    g.arrange_place(3, Place::Space(12));
    g.arrange_nest(Alliance::Rats, 1, 0);
    play(&mut g, &Action::Activate(3));
    hold_and_end_moves(&mut g, 3);
    let strike = Action::Strike { figure: 3, target: Target::Nest(Alliance::Rats) };
    assert!(legal(&g, &strike), "the nest borders space 12");
    let g = with_dice(&g, &strike, "a hit", |h| h.events().contains(&Event::Hits(1)));
    assert_eq!(rolls(&g, "defence").len(), 0, "a nest has no defence dice");
    assert_eq!(g.nest_life(Alliance::Rats), 0);
    let o = g.outcome().unwrap();
    assert_eq!(o.winners, [MICE]);
    assert!(o.reason.contains("The rats nest is destroyed"), "{}", o.reason);
    assert_eq!(g.phase(), Phase::Over);
    assert_eq!(g.to_move(), ToMove::Nobody);
    assert!(g.legal_actions().is_empty());
    assert_eq!(rule(&g, &Action::Done), "TF-R19");
    assert!(g.aftermath().contains("the rats nest is destroyed"), "{}", g.aftermath());
}

#[test]
fn tf_r19_when_both_nests_fall_together_the_first_destroyed_in_turn_order_loses() {
    for first in [MICE, RATS] {
        let mut g = to_final(first, None, None);
        g.arrange_nest(Alliance::Mice, 1, 1);
        g.arrange_nest(Alliance::Rats, 1, 1);
        enter_final(&mut g);
        assert_eq!(g.outcome().unwrap().winners, [other(first)]);
    }
}

#[test]
fn tf_r19_at_the_round_limit_the_nest_with_more_life_wins_equal_is_a_draw() {
    let end = |round: u8, mice: u8, rats: u8| {
        let mut g = to_final(RATS, None, None);
        g.arrange_round(round);
        g.arrange_nest(Alliance::Mice, mice, 0);
        g.arrange_nest(Alliance::Rats, rats, 0);
        enter_final(&mut g);
        g
    };
    let g = end(12, 7, 5);
    let o = g.outcome().unwrap();
    assert_eq!(o.winners, [MICE]);
    assert!(o.reason.contains("round limit"), "{}", o.reason);
    assert_eq!(end(12, 4, 9).outcome().unwrap().winners, [RATS]);
    let draw = end(12, 6, 6).outcome().unwrap();
    assert!(draw.is_draw());
    let g = end(11, 7, 5);
    assert_eq!(g.outcome(), None);
    assert_eq!(g.round(), 12);
}

// ---------------------------------------------------------------------
// TF-R21 Deployment.

#[test]
fn tf_r21_the_second_player_deploys_first_on_the_home_tree_birds_perched_out_of_the_nest() {
    let mut firsts = Vec::new();
    for seed in 0..6 {
        let mut g = new_game(seed);
        let first = g.first_player();
        firsts.push(first);
        let mut seats = Vec::new();
        let mut nest_offered = false;
        while g.phase() == Phase::Deploy {
            let seat = g.to_move().seat().unwrap();
            seats.push(seat);
            let side = side_of_seat(seat);
            let home = if side == Alliance::Mice { &field().trees[0] } else { &field().trees[1] };
            let nest = if side == Alliance::Mice { MICE_NEST } else { RATS_NEST };
            let legal = g.legal_actions();
            let Action::Deploy { figure, .. } = legal[0] else { panic!("{:?}", legal[0]) };
            for a in &legal {
                let Action::Deploy { space, .. } = a else { panic!("{a:?}") };
                assert!(home.spaces.contains(&usize::from(*space)), "{a:?} off the home tree");
            }
            let bird = g.bird(figure).is_some();
            if bird {
                assert_eq!(rule(&g, &Action::Deploy { figure, space: nest }), "TF-R21", "a bird never in the nest");
            } else {
                nest_offered |= legal.contains(&Action::Deploy { figure, space: nest });
            }
            assert_eq!(rule(&g, &Action::Deploy { figure, space: 20 }), "TF-R21", "not on the Ash");
            play(&mut g, &legal[legal.len() - 1].clone());
            if bird {
                assert_eq!(g.bird(figure).unwrap().tilt, Tilt::Centre);
                assert!(matches!(g.figure(figure).place, Place::Space(s) if s != nest));
            }
        }
        assert!(nest_offered, "ground figures may use the nest");
        assert_eq!(seats[0], other(first), "the second player first");
        let switch = seats.iter().position(|&s| s == first).unwrap();
        assert_eq!(switch, 9, "all nine of the second player's figures first");
        assert!(seats[switch..].iter().all(|&s| s == first));
    }
    assert!(firsts.contains(&MICE) && firsts.contains(&RATS));
}

#[test]
fn tf_r11_the_odds_shown_before_an_attack_are_hits_less_blocks_from_the_faces() {
    use aviary::rules::tail_feathers::dice::{Attack, blocks, expected_wounds, hits, roll, wounds};
    // One melee die hits on half its faces; a ranged die on a third; a
    // defence die blocks on a third.
    assert!((expected_wounds(1, 0, Attack::Melee) - 0.5).abs() < 1e-12);
    assert!((expected_wounds(3, 0, Attack::Ranged) - 1.0).abs() < 1e-12);
    assert!((expected_wounds(1, 1, Attack::Melee) - 1.0 / 3.0).abs() < 1e-12);
    assert!(expected_wounds(0, 2, Attack::Melee).abs() < 1e-12);
    // The same as rolling them many times.
    let mut rng = aviary::rules::Rng::seeded(5);
    for (a, d, kind) in [(3, 2, Attack::Melee), (2, 3, Attack::Ranged), (4, 1, Attack::Melee)] {
        let n = 40_000;
        let total: u32 =
            (0..n).map(|_| u32::from(wounds(hits(&roll(a, &mut rng), kind), blocks(&roll(d, &mut rng))))).sum();
        let seen = f64::from(total) / f64::from(n);
        assert!((seen - expected_wounds(a, d, kind)).abs() < 0.02, "{a} v {d}: {seen}");
    }
}

#[test]
fn tf_r17_the_log_says_one_figure_goes_home_and_names_a_besieged_tree_once() {
    let mut g = to_final(MICE, Some((MissionKind::Decoy, &[3])), Some((MissionKind::Decoy, &[11, 12])));
    enter_final(&mut g);
    let said = g.aftermath();
    assert!(said.contains("a mouse figure goes home"), "{said}");
    assert!(said.contains("2 rats figures go home"), "{said}");
    let g = to_final(MICE, None, None);
    assert_eq!(g.describe(&Action::Siege(1)).split_once(' ').unwrap().1, "besiege the Hollow Oak, the rats home tree");
    assert_eq!(g.describe(&Action::Siege(4)).split_once(' ').unwrap().1, "besiege the Sapling");
}

#[test]
fn tf_r6_an_activation_that_ends_by_itself_says_why_in_the_log() {
    // A crash rattles the pilot: nothing is left, and the log says so.
    let mut g = swallow_activated(18.0, 7.0, 0, Tilt::Centre);
    play(&mut g, &Action::Fly(vec![S, L, S]));
    play(&mut g, &Action::Continue);
    assert_eq!(g.active_unit(), None);
    assert!(g.aftermath().contains("is done: a rattled pilot makes no attack"), "{}", g.aftermath());
    // A flight in the open with no enemy in reach.
    let mut g = swallow_activated(18.0, 18.0, 18, Tilt::Centre);
    play(&mut g, &Action::Fly(vec![S, S]));
    while g.walking().is_some() {
        play(&mut g, &Action::Continue);
    }
    assert_eq!(g.active_unit(), None, "{:?} {:?}", g.legal_actions(), g.bird(0));
    assert!(g.aftermath().contains("is done: no target within reach"), "{}", g.aftermath());
}
