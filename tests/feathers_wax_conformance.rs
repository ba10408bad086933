//! The generic conformance test on Feathers & Wax: 300 seeded random games,
//! every candidate action checked at every step.

use aviary::conformance;
use aviary::rules::Setup;
use aviary::rules::feathers_wax::{FeathersAndWax, Options};

fn games() -> usize {
    std::env::var("AVIARY_CONFORMANCE_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(300)
}

#[test]
fn feathers_and_wax_random_games_obey_the_kernel_contract() {
    // Phase 2 lets a random player move spades back and forth; the cap only
    // guards against a pathological walk and is reported apart.
    let r = conformance::run::<FeathersAndWax>(&Setup { seats: 1, options: Options {} }, 1, games(), 5_000, 40);
    println!("{r:?}");
    assert_eq!(r.capped, 0, "every random game ends by the rules");
    assert_eq!(r.finished, r.games);
}
