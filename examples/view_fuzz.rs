//! The long run of the view fuzzer: `cargo run --example view_fuzz -- [CASES] [SEED] [GAME]`
//! (default 20,000 views and 20,000 proposals per game, seed 1, every
//! game). Runs in the dev profile on purpose: its integer overflow checks
//! turn a silent wrap-around into a counted panic. Prints, per game, the
//! views tried, unreadable, refused and accepted, the proposals refused and
//! applied, and the panics (there must be none).

use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let cases: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(20_000);
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let only = args.next();
    let mut panics = 0;
    println!(
        "game | bases | views | unreadable | refused | accepted | proposals | unreadable | refused | applied | panics | s"
    );
    for id in aviary::view_fuzz::ids().into_iter().filter(|id| only.as_deref().is_none_or(|o| o == *id)) {
        let start = Instant::now();
        let Some(r) = aviary::view_fuzz::run_one(id, cases, seed) else { continue };
        println!(
            "{} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {:.1} | {:.0}",
            r.game,
            r.bases,
            r.views,
            r.unreadable,
            r.refused,
            r.accepted,
            r.proposals,
            r.proposals_unreadable,
            r.proposals_refused,
            r.proposals_applied,
            r.panic_count,
            r.slowest.0.as_secs_f64() * 1000.0,
            start.elapsed().as_secs_f64()
        );
        for (what, p) in r.panics.iter().take(3) {
            println!("--- panic: {p}\n    while: {}", what.chars().take(800).collect::<String>());
        }
        if !r.material.is_empty() {
            let m: Vec<String> = r.material.iter().map(|(f, n)| format!("{f} {n}")).collect();
            println!("    material ({} positions): {}", r.bases, m.join(", "));
        }
        println!("    slowest: {}", r.slowest.1.chars().take(300).collect::<String>());
        for b in &r.broken {
            println!("--- a legal move led to a position the check refuses: {b}");
        }
        panics += r.panic_count + r.broken.len();
    }
    if panics > 0 {
        std::process::exit(1);
    }
}
