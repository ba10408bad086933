//! The generic conformance test on Enchanted Plumes, for every table size
//! from 2 to 6 players: every candidate action checked at every step,
//! determinized copies look the same to every seat, undo/redo and save/load
//! round trips.

use aviary::conformance;
use aviary::rules::Setup;
use aviary::rules::enchanted_plumes::{EnchantedPlumes, Options};

fn games() -> usize {
    std::env::var("AVIARY_CONFORMANCE_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(60)
}

fn run(seats: u8) {
    let setup = Setup { seats, options: Options::default() };
    let r = conformance::run::<EnchantedPlumes>(&setup, 1_000 * u64::from(seats), games(), 2_000, 60);
    println!("{seats} players: {r:?}");
    assert_eq!(r.capped, 0, "every random game ends with the Peahen");
    assert_eq!(r.finished, r.games);
}

#[test]
fn enchanted_plumes_two_players_obey_the_kernel_contract() {
    run(2);
}

#[test]
fn enchanted_plumes_three_players_obey_the_kernel_contract() {
    run(3);
}

#[test]
fn enchanted_plumes_four_players_obey_the_kernel_contract() {
    run(4);
}

#[test]
fn enchanted_plumes_five_players_obey_the_kernel_contract() {
    run(5);
}

#[test]
fn enchanted_plumes_six_players_obey_the_kernel_contract() {
    run(6);
}
