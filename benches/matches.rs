//! Bot-against-bot matches for Daedalus, colours alternating. Not a timing
//! benchmark: it prints win/draw/loss counts. `AVIARY_MATCH_GAMES` sets the
//! number of games per pairing (default 10), `AVIARY_MATCH_ITERATIONS` the
//! MCTS iterations per decision (default: the normal level, 2,000 capped at
//! 1 s, exactly as the app plays it), `AVIARY_MATCH_ONLY`
//! one pairing (`mcts-random`, `mcts-greedy` or `greedy-random`),
//! `AVIARY_MATCH_SEED` the first game's seed (to split a match over cores).
//! Run with `cargo bench --bench matches`.
#![allow(clippy::unwrap_used)]

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use aviary::ai::{Bot, Budget, GreedyBot, Level, Mcts, RandomBot};
use aviary::rules::daedalus::{Daedalus, Options};
use aviary::rules::{Game, Seat, Setup};

type Maker = fn(u64) -> Box<dyn Bot<Daedalus>>;

fn mcts(seed: u64) -> Box<dyn Bot<Daedalus>> {
    match std::env::var("AVIARY_MATCH_ITERATIONS").ok().and_then(|v| v.parse().ok()) {
        Some(n) => Box::new(Mcts::new(seed, Budget::iterations(n))),
        None => Level::Normal.bot(seed),
    }
}
fn greedy(seed: u64) -> Box<dyn Bot<Daedalus>> {
    Box::new(GreedyBot::new(seed))
}
fn random(seed: u64) -> Box<dyn Bot<Daedalus>> {
    Box::new(RandomBot::new(seed))
}

/// Plays one game; returns the reward of `a` (1 win, 0.5 draw, 0 loss)
/// and how the game ended, with its length.
fn play(a: Maker, b: Maker, a_is_white: bool, seed: u64, worst: &mut Duration) -> (f64, String) {
    let mut g = Daedalus::new(&Setup { seats: 2, options: Options::default() }, seed);
    let (mut bot_a, mut bot_b) = (a(seed), b(seed + 1));
    let stop = AtomicBool::new(false);
    while let Some(seat) = g.to_move().seat() {
        let a_moves = (seat == Seat(0)) == a_is_white;
        let bot = if a_moves { &mut bot_a } else { &mut bot_b };
        let start = Instant::now();
        let action = bot.choose(&g.observation(seat), seat, &stop).unwrap();
        if a_moves {
            *worst = (*worst).max(start.elapsed());
        }
        g.apply(&action).unwrap();
    }
    let seat_a = if a_is_white { Seat(0) } else { Seat(1) };
    let o = g.outcome().unwrap();
    (o.reward(seat_a, 2), format!("{} after {} turns", o.reason, g.turn_number(aviary::rules::daedalus::Colour::White)))
}

fn main() {
    let games: u64 = std::env::var("AVIARY_MATCH_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(10);
    let pairings: [(&str, Maker, &str, Maker); 3] =
        [("mcts", mcts, "random", random), ("mcts", mcts, "greedy", greedy), ("greedy", greedy, "random", random)];
    let only = std::env::var("AVIARY_MATCH_ONLY").unwrap_or_default();
    let first_seed: u64 = std::env::var("AVIARY_MATCH_SEED").ok().and_then(|v| v.parse().ok()).unwrap_or(1_000);
    for (na, a, nb, b) in pairings {
        if !only.is_empty() && only != format!("{na}-{nb}") {
            continue;
        }
        let (mut wins, mut draws, mut losses) = (0, 0, 0);
        let mut worst = Duration::ZERO;
        let start = Instant::now();
        for i in 0..games {
            let (r, how) = play(a, b, i % 2 == 0, first_seed + 2 * i, &mut worst);
            println!("  game {}: {na} as {} scores {r} ({how})", i + 1, if i % 2 == 0 { "White" } else { "Black" });
            if r > 0.75 {
                wins += 1;
            } else if r > 0.25 {
                draws += 1;
            } else {
                losses += 1;
            }
        }
        println!(
            "{na} v {nb}: {wins} wins, {draws} draws, {losses} losses in {games} games ({:.0} s; slowest {na} decision {:.2} s)",
            start.elapsed().as_secs_f64(),
            worst.as_secs_f64()
        );
    }
}
