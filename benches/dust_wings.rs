//! Tuning the Dust in the Wings Composition cards by simulation: greedy
//! players play each other, and at every position where a turn begins the
//! dispersion planner works out what some legal dispersion could reach
//! (for each shape: the fewest and the most butterflies under a placement
//! covering the last space, and whether an "even" placement exists; for
//! each Gathering card: whether it can be matched). The report gives, for
//! every card, the share of positions in which it could be claimed, and for
//! every shape the share as a function of the "few"/"many" threshold.
//! `AVIARY_DW_POSITIONS` (default 10,000), `AVIARY_DW_SEATS` (default 2).
//! Run with `cargo bench --bench dust_wings`.
#![allow(clippy::unwrap_used)]

use std::sync::atomic::AtomicBool;

use aviary::ai::dust_wings::{PLANNER_BUDGET, SHAPES, reach};
use aviary::ai::{Bot, GreedyBot};
use aviary::rules::dust_wings::{COMPOSITIONS, Condition, DustInTheWings, Options, Stage, gathering_cards};
use aviary::rules::{Game, Setup};

fn main() {
    let want: usize = std::env::var("AVIARY_DW_POSITIONS").ok().and_then(|v| v.parse().ok()).unwrap_or(10_000);
    let seats: u8 = std::env::var("AVIARY_DW_SEATS").ok().and_then(|v| v.parse().ok()).unwrap_or(2);
    let stop = AtomicBool::new(false);
    let mut reaches = Vec::new();
    let (mut games, mut finished, mut turns_total) = (0u64, 0u64, 0u64);
    let start = std::time::Instant::now();
    while reaches.len() < want {
        let mut g = DustInTheWings::new(&Setup { seats, options: Options::default() }, games);
        let mut bots: Vec<GreedyBot> = (0..seats).map(|s| GreedyBot::new(games * 10 + u64::from(s))).collect();
        while let Some(seat) = g.to_move().seat() {
            if g.turns() >= 300 {
                break;
            }
            if *g.stage() == Stage::Pick {
                reaches.push(reach(&g, PLANNER_BUDGET));
            }
            let a = Bot::<DustInTheWings>::choose(&mut bots[seat.index()], &g.observation(seat), seat, &stop).unwrap();
            g.apply(&a).unwrap();
        }
        games += 1;
        turns_total += u64::from(g.turns());
        if g.outcome().is_some() {
            finished += 1;
        }
    }
    let n = reaches.len() as f64;
    println!(
        "{} positions from {games} greedy-v-greedy games ({seats} players; {finished} ended by the rules, the rest capped at 300 turns; {:.1} turns per game) in {:.0} s",
        reaches.len(),
        turns_total as f64 / games as f64,
        start.elapsed().as_secs_f64()
    );
    let pct = |k: usize| 100.0 * k as f64 / n;
    println!("\nComposition cards as designed (share of positions in which some dispersion claims it):");
    for (id, card) in COMPOSITIONS.iter().enumerate() {
        let k = SHAPES.iter().position(|s| *s == card.shape).unwrap();
        let hits = reaches
            .iter()
            .filter(|r| match card.condition {
                Condition::Few(t) => r.min_total[k] <= u32::from(t),
                Condition::Many(t) => r.max_total[k] >= u32::from(t),
                Condition::Even => r.even[k],
            })
            .count();
        println!("  {id:2} {:<58} {:5.1}%", card.describe(), pct(hits));
    }
    println!("\nBy threshold (share claimable):");
    for (k, shape) in SHAPES.iter().enumerate() {
        let few: Vec<String> = (0..=8u32)
            .map(|t| format!("<={t}:{:.0}", pct(reaches.iter().filter(|r| r.min_total[k] <= t).count())))
            .collect();
        let many: Vec<String> = (6..=30u32)
            .step_by(2)
            .map(|t| format!(">={t}:{:.0}", pct(reaches.iter().filter(|r| r.max_total[k] >= t).count())))
            .collect();
        let even = pct(reaches.iter().filter(|r| r.even[k]).count());
        println!("  {:<12} even {even:.0}% | few {} | many {}", shape.name(), few.join(" "), many.join(" "));
    }
    println!("\nGathering cards:");
    for (id, card) in gathering_cards().iter().enumerate() {
        let hits = reaches.iter().filter(|r| r.gathering[id]).count();
        println!("  {id:2} {:?} {:5.1}%", card.counts, pct(hits));
    }
}
