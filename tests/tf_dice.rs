//! Tail Feathers dice rulings: what a roll counts (hits, blocks, stars,
//! cheese), the cheese wheel and the wound thresholds.
#![allow(clippy::unwrap_used)]

use aviary::rules::Rng;
use aviary::rules::tail_feathers::dice::{
    Attack, Face, Symbol, add_cheese, any_star, blocks, cheese_faces, defeated, hits, rattles, roll, wounds,
};

fn faces(list: &[u8]) -> Vec<Face> {
    list.iter().map(|&f| Face(f)).collect()
}

#[test]
fn tf_r11_swords_hit_in_melee_bows_at_range_and_shields_block() {
    let r = faces(&[1, 2, 3, 4, 5, 6]);
    assert_eq!(hits(&r, Attack::Melee), 3, "sword, sword+shield, sword+shield");
    assert_eq!(hits(&r, Attack::Ranged), 2, "the two bows");
    assert_eq!(blocks(&r), 2, "the two sword+shield faces block");
    assert_eq!(wounds(3, 2), 1);
    assert_eq!(wounds(1, 3), 0, "blocks beyond the hits do nothing");
    // The printed table: numbers, symbols, stars.
    let table: Vec<(u8, Symbol, bool)> = r.iter().map(|f| (f.number(), f.symbol(), f.star())).collect();
    assert_eq!(
        table,
        vec![
            (1, Symbol::Cheese, false),
            (2, Symbol::Sword, true),
            (3, Symbol::SwordShield, false),
            (2, Symbol::Bow, false),
            (1, Symbol::Bow, true),
            (3, Symbol::SwordShield, true),
        ]
    );
}

#[test]
fn tf_r12_any_wound_defeats_a_squad_figure_and_too_many_in_one_attack_rattle_a_pilot() {
    assert!(defeated(1, 1), "a squad figure has one life");
    assert!(!defeated(5, 6) && defeated(6, 6), "a bird and pilot fall at wounds ≥ life");
    assert!(rattles(3, 2) && !rattles(2, 2), "more wounds than the printed pilot value");
}

#[test]
fn tf_r13_cheese_fills_the_wheel_to_six_and_the_rest_may_be_rerolled() {
    assert_eq!(add_cheese(0, 2), (2, 0));
    assert_eq!(add_cheese(5, 3), (6, 2), "one fits, two may be re-rolled once");
    assert_eq!(add_cheese(6, 1), (6, 1));
    assert_eq!(cheese_faces(&faces(&[1, 1, 4])), 2);
}

#[test]
fn tf_r9_a_piloting_check_needs_a_star_and_the_dice_are_fair() {
    assert!(any_star(&faces(&[1, 5])) && !any_star(&faces(&[1, 3, 4])));
    let mut rng = Rng::seeded(7);
    let mut seen = [0usize; 6];
    for f in roll(200, &mut rng).into_iter().chain(roll(250, &mut rng)).chain(roll(250, &mut rng)) {
        seen[usize::from(f.0 - 1)] += 1;
    }
    assert!(seen.iter().all(|&n| n > 80), "every face comes up: {seen:?}");
    // The same seed rolls the same dice (saves replay).
    assert_eq!(roll(20, &mut Rng::seeded(3)), roll(20, &mut Rng::seeded(3)));
}
