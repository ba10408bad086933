//! The generic conformance test on Daedalus: 300 seeded random games (both
//! rule variants), every candidate action checked at every step.

use aviary::conformance;
use aviary::rules::Setup;
use aviary::rules::daedalus::{Daedalus, Options, TURN_LIMIT};

fn games() -> usize {
    std::env::var("AVIARY_CONFORMANCE_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(150)
}

#[test]
fn daedalus_random_games_obey_the_kernel_contract() {
    let cap = usize::from(TURN_LIMIT) * 2 * 5 + 100;
    let r = conformance::run::<Daedalus>(&Setup { seats: 2, options: Options::default() }, 1, games(), cap, 50);
    println!("standard: {r:?}");
    assert_eq!(r.capped, 0, "the 150-turn rule ends every game");
    assert_eq!(r.finished, r.games);
}

#[test]
fn daedalus_walls_roam_random_games_obey_the_kernel_contract() {
    let cap = usize::from(TURN_LIMIT) * 2 * 5 + 100;
    let r = conformance::run::<Daedalus>(
        &Setup { seats: 2, options: Options { walls_roam: true } },
        10_001,
        games(),
        cap,
        50,
    );
    println!("walls roam: {r:?}");
    assert_eq!(r.finished, r.games);
}
