//! Feathers & Wax report (not a timing benchmark): the policy against a
//! random-legal player, the design's difficulty phase by phase, and the
//! win-chance meter's calibration. `AVIARY_FW_DEALS` sets the number of
//! deals (default 1,000), `AVIARY_FW_FIRST` the first deal's seed (default
//! 0), `AVIARY_FW_SAMPLES` the meter's playouts per estimate (default 200).
//! Runs on two threads.
//! Run with `cargo bench --bench feathers_wax`.
#![allow(clippy::unwrap_used)]

use std::time::Instant;

use aviary::ai::feathers_wax::{Policy, win_chance};
use aviary::rules::feathers_wax::{FeathersAndWax, Options, Phase};
use aviary::rules::{Game, Rng, Setup, ToMove};

fn env(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn new_game(seed: u64) -> FeathersAndWax {
    FeathersAndWax::new(&Setup { seats: 1, options: Options {} }, seed)
}

fn won(g: &FeathersAndWax) -> bool {
    g.outcome().is_some_and(|o| !o.winners.is_empty())
}

/// One deal played by the policy: (reached the flight, won, the meter's
/// estimates at random decisions along the way).
fn deal(seed: u64, samples: usize) -> (bool, bool, Vec<f64>) {
    let policy = Policy::default();
    let mut g = new_game(seed);
    let mut rng = Rng::seeded(seed ^ 0x5EED);
    let mut meter = Rng::seeded(seed ^ 0x3E7E);
    let mut predictions = Vec::new();
    let mut flew = false;
    let mut pick = Rng::seeded(seed ^ 0x00C0_FFEE);
    while let Some(a) = policy.choose(&g, &mut rng) {
        // Checkpoints: about one decision in eight, anywhere in the game.
        if g.to_move() != ToMove::Chance && pick.below(8) == 0 {
            predictions.push(win_chance(&policy, &g, samples, &mut meter).0);
        }
        g.apply_legal(&a);
        flew |= g.phase() == Phase::Flight;
    }
    (flew, won(&g), predictions)
}

fn random_legal(seed: u64) -> bool {
    let mut g = new_game(seed);
    let mut rng = Rng::seeded(seed);
    loop {
        let legal = g.legal_actions();
        let Some(a) = rng.pick(&legal) else { break };
        g.apply_legal(&a.clone());
    }
    won(&g)
}

fn main() {
    let deals = env("AVIARY_FW_DEALS", 1_000) as u64;
    let first = env("AVIARY_FW_FIRST", 0) as u64;
    let samples = env("AVIARY_FW_SAMPLES", 200);
    let start = Instant::now();
    let random_wins = (0..deals).filter(|&s| random_legal(1_000_000 + s)).count();
    println!(
        "random-legal player: {random_wins} wins in {deals} deals ({:.1}%)",
        100.0 * random_wins as f64 / deals as f64
    );

    let half = deals / 2;
    let run = move |range: std::ops::Range<u64>| range.map(|s| deal(s, samples)).collect::<Vec<_>>();
    let lower = std::thread::spawn(move || run(first..first + half));
    let upper = std::thread::spawn(move || run(first + half..first + deals));
    let mut results = lower.join().unwrap();
    results.extend(upper.join().unwrap());

    let flew = results.iter().filter(|r| r.0).count();
    let wins = results.iter().filter(|r| r.1).count();
    println!(
        "policy: {wins} wins in {deals} deals ({:.1}%); reached the flight in {flew} ({:.1}%), won {:.1}% of flights",
        100.0 * wins as f64 / deals as f64,
        100.0 * flew as f64 / deals as f64,
        100.0 * wins as f64 / flew.max(1) as f64
    );
    // Calibration: bucket every prediction by its value. Estimates from
    // one deal share its outcome, so the standard error is computed with
    // deals as clusters (it is wider than if they were independent).
    let mut buckets = [(0usize, 0.0f64, 0usize); 10];
    for (_, w, preds) in &results {
        for &p in preds {
            let b = ((p * 10.0) as usize).min(9);
            buckets[b].0 += 1;
            buckets[b].1 += p;
            buckets[b].2 += usize::from(*w);
        }
    }
    let mut cluster_var = [0.0f64; 10];
    for (bucket, var) in cluster_var.iter_mut().enumerate() {
        let (count, _, wins) = buckets[bucket];
        if count == 0 {
            continue;
        }
        let rate = wins as f64 / count as f64;
        for (_, won, preds) in &results {
            let here = preds.iter().filter(|&&p| ((p * 10.0) as usize).min(9) == bucket).count() as f64;
            let resid = here * (f64::from(u8::from(*won)) - rate);
            *var += resid * resid;
        }
        *var /= (count * count) as f64;
    }
    println!("win-chance meter calibration ({samples} playouts per estimate):");
    println!("  bucket     estimates  mean estimate  actual win rate  difference");
    let mut worst: f64 = 0.0;
    for (i, (n, sum, w)) in buckets.iter().enumerate() {
        if *n == 0 {
            continue;
        }
        let mean = 100.0 * sum / *n as f64;
        let actual = 100.0 * *w as f64 / *n as f64;
        let se = 100.0 * cluster_var[i].sqrt();
        println!(
            "  {:>3}-{:<3}%  {n:>9}  {mean:>12.1}%  {actual:>14.1}%  {:>+9.1} (±{:.1} std. error, by deal)",
            i * 10,
            i * 10 + 10,
            actual - mean,
            se
        );
        if *n >= 30 {
            worst = worst.max((actual - mean).abs());
        }
    }
    println!("  largest difference in buckets with 30+ estimates: {worst:.1} points");
    println!("({:.0} s)", start.elapsed().as_secs_f64());
}
