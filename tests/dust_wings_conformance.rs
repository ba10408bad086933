//! The generic conformance test on Dust in the Wings for 2, 3 and 4
//! players. Random dispersions rarely claim Gathering cards, so the crystal
//! bag may never empty: games stop at a turn cap and are reported apart.

use aviary::conformance;
use aviary::rules::Setup;
use aviary::rules::dust_wings::{DustInTheWings, Options};

fn games() -> usize {
    std::env::var("AVIARY_CONFORMANCE_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(100)
}

fn run(seats: u8) {
    let setup = Setup { seats, options: Options::default() };
    let r = conformance::run::<DustInTheWings>(&setup, 500 * u64::from(seats), games(), 600, 50);
    println!("{seats} players: {r:?} (capped at 600 actions: {})", r.capped);
    assert_eq!(r.finished + r.capped, r.games);
    assert!(r.actions > 200 * games(), "games are long enough to cover renewals");
}

#[test]
fn dust_in_the_wings_two_players_obey_the_kernel_contract() {
    run(2);
}

#[test]
fn dust_in_the_wings_three_players_obey_the_kernel_contract() {
    run(3);
}

#[test]
fn dust_in_the_wings_four_players_obey_the_kernel_contract() {
    run(4);
}
