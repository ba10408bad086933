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

/// Three actions in four from the greedy player, so that the bag empties
/// and the endings (last turn, scoring, tie-breaks) are checked too.
#[test]
fn dust_in_the_wings_greedy_mixed_games_reach_the_end_and_obey_the_contract() {
    use aviary::ai::Evaluate;
    for seats in 2..=4u8 {
        let setup = Setup { seats, options: Options::default() };
        let r = conformance::run_with::<DustInTheWings>(
            &setup,
            9_000 + u64::from(seats) * 100,
            games() / 4,
            2_000,
            50,
            |g, legal, rng| {
                let seat = aviary::rules::Game::to_move(g).seat().unwrap_or(aviary::rules::Seat(0));
                if rng.below(4) == 0 {
                    legal[rng.below(legal.len())].clone()
                } else {
                    g.greedy_action(seat, rng).unwrap_or_else(|| legal[0].clone())
                }
            },
        );
        println!("{seats} players, greedy-mixed: {r:?}");
        assert!(r.finished * 10 >= r.games * 9, "most games end by the rules ({} of {})", r.finished, r.games);
    }
}
