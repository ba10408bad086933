//! The generic conformance test on Feathers & Wax: 300 seeded games, every
//! candidate action checked at every step. Uniformly random play almost
//! never finds the labyrinth's exit, so half the games mix the playing
//! policy (three actions in four) with random ones to reach the wings and
//! the flight as well.

use aviary::ai::feathers_wax::Policy;
use aviary::conformance;
use aviary::rules::Setup;
use aviary::rules::feathers_wax::{FeathersAndWax, Options, Phase};

fn games() -> usize {
    std::env::var("AVIARY_CONFORMANCE_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(150)
}

fn setup() -> Setup<Options> {
    Setup { seats: 1, options: Options {} }
}

#[test]
fn feathers_and_wax_random_games_obey_the_kernel_contract() {
    // Phase 2 lets a random player move spades back and forth; the cap only
    // guards against a pathological walk and is reported apart.
    let r = conformance::run::<FeathersAndWax>(&setup(), 1, games(), 5_000, 40);
    println!("{r:?}");
    assert_eq!(r.capped, 0, "every random game ends by the rules");
    assert_eq!(r.finished, r.games);
}

#[test]
fn feathers_and_wax_policy_mixed_games_reach_every_phase_and_obey_the_contract() {
    let policy = Policy::default();
    let (mut wing_steps, mut flight_steps) = (0, 0);
    let r = conformance::run_with::<FeathersAndWax>(&setup(), 50_001, games(), 5_000, 40, |g, legal, rng| {
        match g.phase() {
            Phase::Wings => wing_steps += 1,
            Phase::Flight => flight_steps += 1,
            _ => {}
        }
        if rng.below(4) == 0 {
            legal[rng.below(legal.len())].clone()
        } else {
            policy.choose(g, rng).expect("the policy acts whenever there is a legal action")
        }
    });
    println!("{r:?}; steps checked in the wings phase {wing_steps}, in flight {flight_steps}");
    assert_eq!(r.finished, r.games);
    assert!(wing_steps > games(), "the wings phase is covered ({wing_steps} steps)");
    assert!(flight_steps > 5 * games(), "the flight is covered ({flight_steps} steps)");
}
