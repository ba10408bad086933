//! The Tail Feathers components we designed: the forces match the box's
//! component list, Scenario 1's table holds together, and two mission cards
//! always fit within close range of the axis marker beside the sapling.
#![allow(clippy::unwrap_used)]

use aviary::rules::tail_feathers::components::{Alliance, BIRDS, GROUND, MISSIONS, PILOTS, Rank, Size, scenario_one};
use aviary::rules::tail_feathers::geometry::{BASE_RADIUS, Shape, distance, point_polygon, point_segment};

#[test]
fn the_forces_match_the_component_list() {
    let birds = |a| BIRDS.iter().filter(|b| b.alliance == a).count();
    assert_eq!((birds(Alliance::Mice), birds(Alliance::Rats)), (3, 2), "mice ride three birds, rats two");
    assert!(BIRDS.iter().all(|b| b.size == Size::Large), "every bird is large (TF-R8)");
    // Ten pilot cards for five pilots, two ranks each, one pilot per bird.
    let mut names: Vec<(&str, Alliance)> = PILOTS.iter().map(|p| (p.name, p.alliance)).collect();
    names.dedup();
    assert_eq!(names.len(), 5);
    for (name, alliance) in &names {
        let ranks: Vec<Rank> = PILOTS.iter().filter(|p| p.name == *name).map(|p| p.rank).collect();
        assert_eq!(ranks.len(), 2, "{name}");
        assert_ne!(ranks[0], ranks[1], "{name}'s two cards are two ranks");
        assert_eq!(names.iter().filter(|(_, a)| a == alliance).count(), birds(*alliance), "a pilot per bird");
    }
    // A squad of six each; the rats' hero is one figure with life.
    for a in [Alliance::Mice, Alliance::Rats] {
        assert!(GROUND.iter().any(|g| g.alliance == a && g.figures == 6 && g.life == 1), "{a:?} squad of six");
    }
    assert!(GROUND.iter().any(|g| g.alliance == Alliance::Rats && g.figures == 1 && g.life > 1), "the rats' hero");
    assert_eq!(MISSIONS.len(), 6, "six mission cards a side");
}

#[test]
fn two_mission_cards_always_fit_within_close_range_of_the_axis_marker() {
    let field = scenario_one();
    let usable = field.usable_mission_spots();
    assert!(usable.len() >= 2, "usable spots: {usable:?}");
    for &first in &usable {
        assert!(
            usable.iter().any(|&second| !field.spots_clash(first, second)),
            "after a card on spot {first}, a second card still fits"
        );
    }
    // The sapling is near but off the centre: it takes some spots, not all.
    assert!(usable.len() < field.mission_spots.len(), "the sapling stands beside the axis marker");
    let sapling = field.trees.iter().find(|t| t.sapling).unwrap();
    assert!(point_polygon(field.axis, &sapling.trunk) > 0.0, "off the centre");
}

#[test]
fn scenario_one_holds_together() {
    let field = scenario_one();
    // Every space holds a bird's base at its perch point and lies on the table.
    for (i, s) in field.spaces.iter().enumerate() {
        let room = s.outline.edges().map(|(a, b)| point_segment(s.perch, a, b)).fold(f64::INFINITY, f64::min);
        assert!(room >= BASE_RADIUS, "space {i} is at least one base wide ({room})");
        assert!(s.outline.0.iter().all(|p| (0.0..=field.size).contains(&p.x) && (0.0..=field.size).contains(&p.y)));
    }
    // Trees keep apart; each home tree has one nest of its own, bordering its ring.
    for (i, a) in field.trees.iter().enumerate() {
        for b in &field.trees[i + 1..] {
            let d = distance(&Shape::Polygon(a.trunk.clone()), &Shape::Polygon(b.trunk.clone()));
            assert!(d > 6.0, "{} and {} stand apart", a.name, b.name);
            for &s in &a.spaces {
                for &t in &b.spaces {
                    assert!(
                        !field.adjacent.contains(&(s, t)) && !field.adjacent.contains(&(t, s)),
                        "trees never connect"
                    );
                }
            }
        }
        let nests: Vec<usize> = a.spaces.iter().copied().filter(|&s| field.spaces[s].nest.is_some()).collect();
        match a.home {
            Some(owner) => {
                assert_eq!(nests.len(), 1, "{}", a.name);
                assert_eq!(field.spaces[nests[0]].nest, Some(owner));
                assert!(!field.neighbours(nests[0]).is_empty(), "the nest borders its tree");
            }
            None => assert!(nests.is_empty(), "{}", a.name),
        }
        // Every space of a tree can be reached from every other.
        let mut seen = vec![a.spaces[0]];
        let mut k = 0;
        while k < seen.len() {
            for n in field.neighbours(seen[k]) {
                if !seen.contains(&n) {
                    seen.push(n);
                }
            }
            k += 1;
        }
        assert_eq!(seen.len(), a.spaces.len(), "{} is one connected tree", a.name);
        assert!(a.spaces.iter().any(|&s| field.spaces[s].by_trunk), "{} has spaces by its trunk", a.name);
    }
    assert_eq!(field.trees.iter().filter(|t| t.home.is_some()).count(), 2);
    assert!((8..=14).contains(&field.round_limit) && field.nest_life >= 8);
}
