//! Tail Feathers tree movement (TF-R7) on Scenario 1's trees.
#![allow(clippy::unwrap_used)]

use aviary::rules::tail_feathers::components::{Alliance, Battlefield, Size, scenario_one};
use aviary::rules::tail_feathers::trees::{Occupant, destinations, has_room, may_leave};

const MOUSE: Occupant = Occupant::figure(Alliance::Mice, Size::Small);
const RAT: Occupant = Occupant::figure(Alliance::Rats, Size::Small);
const MOUSE_BIRD: Occupant = Occupant::figure(Alliance::Mice, Size::Large);

/// The mice's home tree: its ring of eight spaces (in ring order) and its nest.
fn home(field: &Battlefield) -> (Vec<usize>, usize) {
    let tree = &field.trees[0];
    let ring: Vec<usize> = tree.spaces.iter().copied().filter(|&s| field.spaces[s].nest.is_none()).collect();
    let nest = tree.spaces.iter().copied().find(|&s| field.spaces[s].nest.is_some()).unwrap();
    (ring, nest)
}

#[test]
fn tf_r7_a_space_holds_four_small_or_one_large_never_mixed_and_a_nest_has_no_limit() {
    let field = scenario_one();
    let (ring, nest) = home(&field);
    let s = ring[0];
    assert!(has_room(&field, s, &[MOUSE, MOUSE, RAT], Size::Small));
    assert!(!has_room(&field, s, &[MOUSE, MOUSE, RAT, RAT], Size::Small), "four small fill it");
    assert!(!has_room(&field, s, &[MOUSE], Size::Large), "a large figure needs an empty space");
    assert!(!has_room(&field, s, &[MOUSE_BIRD], Size::Small), "never mixed");
    assert!(has_room(&field, nest, &[MOUSE; 9], Size::Large), "a nest has no limit");
}

#[test]
fn tf_r7_steps_go_along_adjacent_spaces_up_to_the_move_value() {
    let field = scenario_one();
    let (ring, nest) = home(&field);
    let empty = |_: usize| Vec::new();
    let one = destinations(&field, ring[0], MOUSE, 1, &empty);
    assert_eq!(
        one,
        {
            let mut v = vec![ring[1], ring[7]];
            v.sort_unstable();
            v
        },
        "the two ring neighbours"
    );
    let two = destinations(&field, ring[0], MOUSE, 2, &empty);
    assert!(two.contains(&ring[2]) && two.contains(&ring[6]) && !two.contains(&ring[3]));
    // The nest borders the west-side space of the ring.
    let west = ring[7];
    assert!(destinations(&field, west, MOUSE, 1, &empty).contains(&nest));
    // Trees never connect: nothing of another tree is reachable.
    let all = destinations(&field, ring[0], MOUSE, 20, &empty);
    assert!(all.iter().all(|s| field.trees[0].spaces.contains(s)));
}

#[test]
fn tf_r7_a_small_figure_stops_on_entering_a_space_with_an_enemy_and_full_spaces_are_not_passed() {
    let field = scenario_one();
    let (ring, _) = home(&field);
    let rat_at_1 = |s: usize| if s == ring[1] { vec![RAT] } else { Vec::new() };
    let d = destinations(&field, ring[0], MOUSE, 3, &rat_at_1);
    assert!(d.contains(&ring[1]), "it may enter the rat's space");
    assert!(!d.contains(&ring[2]), "but stops there");
    // A full space blocks the way through it.
    let full_1 = |s: usize| if s == ring[1] { vec![RAT; 4] } else { Vec::new() };
    let d = destinations(&field, ring[0], MOUSE, 3, &full_1);
    assert!(!d.contains(&ring[1]) && !d.contains(&ring[2]));
    // A large figure (a bird on foot is never moved this way, but a large
    // hero would be) passes only empty spaces.
    let mouse_at_1 = |s: usize| if s == ring[1] { vec![MOUSE] } else { Vec::new() };
    let big = Occupant::figure(Alliance::Mice, Size::Large);
    assert!(!destinations(&field, ring[0], big, 3, &mouse_at_1).contains(&ring[2]));
}

#[test]
fn tf_r7_a_small_figure_cannot_leave_where_enemies_outnumber_friends() {
    let field = scenario_one();
    let (ring, _) = home(&field);
    assert!(!may_leave(MOUSE, &[MOUSE, RAT, RAT]));
    assert!(may_leave(MOUSE, &[MOUSE, MOUSE, RAT, RAT]), "the mover counts as a friend");
    let two_rats = |s: usize| if s == ring[0] { vec![RAT, RAT] } else { Vec::new() };
    assert!(destinations(&field, ring[0], MOUSE, 2, &two_rats).is_empty(), "pinned by two rats");
    let one_rat = |s: usize| if s == ring[0] { vec![RAT] } else { Vec::new() };
    assert!(!destinations(&field, ring[0], MOUSE, 2, &one_rat).is_empty(), "one rat to one mouse: free to go");
}
