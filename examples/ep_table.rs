//! How the normal level plays Enchanted Plumes at a larger table: seat 0
//! at the normal level (through the app's worker, as the app plays it)
//! against easy players in every other seat. Prints each game's scores
//! and how many plumes each seat started; `SHOW=1` prints seat 0's moves.
//! Run with `cargo run --release --example ep_table -- SEATS GAMES`
//! (default 4 seats, 3 games).
#![allow(clippy::unwrap_used)]
use std::time::Duration;

use aviary::ai::worker::Worker;
use aviary::ai::{Bot, GreedyBot, Level};
use aviary::rules::enchanted_plumes::{Action, EnchantedPlumes, Options};
use aviary::rules::{Game, Seat, Setup, ToMove};

fn level_bot(level: Level, seed: u64, time: Duration) -> Box<dyn Bot<EnchantedPlumes>> {
    match level {
        Level::Easy => Box::new(GreedyBot::new(seed)),
        _ => level.bot_within(seed, time),
    }
}

fn main() {
    let seats: u8 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(4);
    let games: u64 = std::env::args().nth(2).and_then(|s| s.parse().ok()).unwrap_or(3);
    let show = std::env::var("SHOW").is_ok();
    for seed in 0..games {
        let mut g = EnchantedPlumes::new(&Setup { seats, options: Options::default() }, seed + 100);
        let mut workers: Vec<Worker<EnchantedPlumes>> = (0..seats).map(|_| Worker::with_bots(level_bot)).collect();
        let (mut cursor, mut turn_began, mut last) = (0usize, 0usize, None);
        let mut new_plumes = vec![0; usize::from(seats)];
        loop {
            let seat = match g.to_move() {
                ToMove::Seat(s) => s,
                ToMove::Chance => {
                    let a = g.legal_actions()[0].clone();
                    g.apply(&a).unwrap();
                    cursor += 1;
                    continue;
                }
                ToMove::Nobody => break,
            };
            if last != Some(seat) {
                turn_began = cursor;
                last = Some(seat);
            }
            let level = if seat == Seat(0) { Level::Normal } else { Level::Easy };
            let w = &mut workers[seat.index()];
            w.ask(g.observation(seat), (seat, turn_began), level, cursor, Duration::ZERO, || {});
            let a = w.wait(cursor).unwrap();
            if let Action::Play { plume, .. } = &a
                && usize::from(*plume) == g.plumes(seat).len()
            {
                new_plumes[seat.index()] += 1;
            }
            if show && seat == Seat(0) {
                println!("  {}", g.describe(&a));
            }
            g.apply(&a).unwrap();
            cursor += 1;
        }
        let o = g.outcome().unwrap();
        println!("game {seed}: scores {:?} new plumes {:?}", o.scores, new_plumes);
    }
}
