//! The Tail Feathers computer player of part 1 (the greedy level): it
//! plays whole games legally, from its own observation, and with purpose
//! (it beats a player choosing at random).
#![allow(clippy::unwrap_used)]

use std::sync::atomic::AtomicBool;

use aviary::ai::{Bot, GreedyBot, RandomBot};
use aviary::rules::tail_feathers::TailFeathers;
use aviary::rules::tail_feathers::game::Options;
use aviary::rules::{Game, Seat, Setup, ToMove};

/// Plays one game, `greedy` seat against random; returns the winners (none
/// for a draw) and checks the invariants at every step.
fn play(seed: u64, greedy: Seat) -> Vec<Seat> {
    let mut g = TailFeathers::new(&Setup { seats: 2, options: Options::default() }, seed);
    let mut smart = GreedyBot::new(seed);
    let mut random = RandomBot::new(seed + 1);
    let stop = AtomicBool::new(false);
    for _ in 0..20_000 {
        g.invariants().unwrap();
        let a = match g.to_move() {
            ToMove::Nobody => break,
            ToMove::Chance => g.legal_actions()[0].clone(),
            ToMove::Seat(s) if s == greedy => {
                Bot::<TailFeathers>::choose(&mut smart, &g.observation(s), s, &stop).unwrap()
            }
            ToMove::Seat(s) => Bot::<TailFeathers>::choose(&mut random, &g.observation(s), s, &stop).unwrap(),
        };
        g.apply(&a).unwrap_or_else(|e| panic!("seed {seed}: the bot chose an illegal {a:?}: {e}"));
    }
    g.outcome().expect("the game ends by the rules").winners
}

#[test]
fn the_greedy_player_finishes_games_legally_and_beats_random_play() {
    let (mut wins, mut losses) = (0, 0);
    let games = 6;
    for seed in 0..games {
        let greedy = Seat((seed % 2) as u8);
        let winners = play(seed, greedy);
        if winners.contains(&greedy) {
            wins += 1;
        } else if !winners.is_empty() {
            losses += 1;
        }
    }
    assert_eq!(losses, 0, "greedy lost {losses} of {games} to random play");
    assert!(wins >= 4, "greedy won only {wins} of {games} against random play (the rest drawn)");
}
