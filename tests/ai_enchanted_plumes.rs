//! The Enchanted Plumes computer players decide from what their seat can
//! see: two games that differ only in cards hidden from the bot get the
//! same decision for a fixed seed, and the search still beats random play
//! in a short match.
#![allow(clippy::unwrap_used)]

use std::sync::atomic::AtomicBool;

use aviary::ai::{Bot, Budget, GreedyBot, Mcts, RandomBot};
use aviary::rules::enchanted_plumes::{EnchantedPlumes, Options, Phase};
use aviary::rules::{Game, Rng, Seat, Setup};

fn setup(seats: u8) -> Setup<Options> {
    Setup { seats, options: Options { names: Vec::new(), first: Some(0) } }
}

/// A game a few turns in, seat 0 to play, with a pair of cards hidden from
/// seat 0 (one in seat 1's hand, one in the deck) exchanged in the twin.
fn twins(seed: u64) -> (EnchantedPlumes, EnchantedPlumes) {
    let mut g = EnchantedPlumes::new(&setup(3), seed);
    let mut rng = Rng::seeded(seed);
    while g.phase() == Phase::Keep || g.turns() < 4 || g.current() != Seat(0) || g.turn().played > 0 {
        let legal = g.legal_actions();
        g.apply(&legal[rng.below(legal.len())]).unwrap();
    }
    let mut twin = g.clone();
    let known = g.known(Seat(1));
    let theirs = g.hand(Seat(1)).iter().copied().find(|c| !known.contains(*c)).unwrap();
    // Any card seat 0 cannot see that is still in the deck.
    let deck_card = aviary::rules::enchanted_plumes::Feather::deck_for(3)
        .into_iter()
        .find(|c| {
            !(0..3).any(|s| g.hand(Seat(s)).contains(c))
                && !g.train().contains(c)
                && !(0..3).any(|s| g.plumes(Seat(s)).iter().any(|p| p.rows.iter().flatten().any(|x| x == c)))
                && !g.returned(Seat(0)).contains(c)
        })
        .unwrap();
    let mut hand = twin.hand(Seat(1)).to_vec();
    hand.retain(|&c| c != theirs);
    hand.push(deck_card);
    twin.set_hand(Seat(1), hand);
    twin.stack_deck(&[theirs]);
    assert_ne!(g, twin, "the twins differ in hidden cards");
    (g, twin)
}

#[test]
fn hidden_cards_do_not_change_the_bots_choice() {
    for seed in [3, 8, 13] {
        let (a, b) = twins(seed);
        assert_eq!(a.observation(Seat(0)), b.observation(Seat(0)), "seat 0 sees the same table");
        let stop = AtomicBool::new(false);
        let pick = |g: &EnchantedPlumes| {
            let mut bot = Mcts::new(42, Budget::iterations(300));
            Bot::<EnchantedPlumes>::choose(&mut bot, &g.observation(Seat(0)), Seat(0), &stop).unwrap()
        };
        assert_eq!(pick(&a), pick(&b), "seed {seed}");
        let greedy = |g: &EnchantedPlumes| {
            let mut bot = GreedyBot::new(42);
            Bot::<EnchantedPlumes>::choose(&mut bot, &g.observation(Seat(0)), Seat(0), &stop).unwrap()
        };
        assert_eq!(greedy(&a), greedy(&b), "seed {seed}");
        // The real states differ where seat 1 looks.
        assert_ne!(a.observation(Seat(1)), b.observation(Seat(1)));
    }
}

#[test]
fn the_greedy_player_beats_random_play() {
    let stop = AtomicBool::new(false);
    let mut wins = 0;
    for seed in 0..6u64 {
        let mut g = EnchantedPlumes::new(&setup(2), seed);
        let greedy_seat = Seat((seed % 2) as u8);
        let mut greedy = GreedyBot::new(seed);
        let mut random = RandomBot::new(seed);
        while let Some(s) = g.to_move().seat() {
            let obs = g.observation(s);
            let a = if s == greedy_seat {
                Bot::<EnchantedPlumes>::choose(&mut greedy, &obs, s, &stop)
            } else {
                Bot::<EnchantedPlumes>::choose(&mut random, &obs, s, &stop)
            }
            .unwrap();
            g.apply(&a).unwrap();
        }
        let o = g.outcome().unwrap();
        if o.winners == vec![greedy_seat] {
            wins += 1;
        }
        assert!(o.scores[greedy_seat.index()] > 0, "seed {seed}: the greedy player scores ({:?})", o.scores);
    }
    assert!(wins >= 5, "greedy won {wins} of 6");
}

/// Found by a new player: at a table of four the normal level (the
/// search) started a one-card plume nearly every turn and finished far
/// below zero, behind the easy players. It now builds few, long plumes and
/// scores.
#[test]
fn at_a_table_of_four_the_search_builds_plumes_that_score() {
    use aviary::rules::enchanted_plumes::Action;
    let stop = AtomicBool::new(false);
    for seed in [1u64, 2] {
        let mut g = EnchantedPlumes::new(&setup(4), seed);
        let mut search = Mcts::new(seed, Budget::iterations(300));
        let mut easy: Vec<GreedyBot> = (1..4).map(|k| GreedyBot::new(seed + k)).collect();
        let mut started = 0;
        while let Some(s) = g.to_move().seat() {
            let obs = g.observation(s);
            let a = if s == Seat(0) {
                Bot::<EnchantedPlumes>::choose(&mut search, &obs, s, &stop)
            } else {
                Bot::<EnchantedPlumes>::choose(&mut easy[s.index() - 1], &obs, s, &stop)
            }
            .unwrap();
            if s == Seat(0) && matches!(a, Action::Play { plume, .. } if usize::from(plume) == g.plumes(s).len()) {
                started += 1;
            }
            g.apply(&a).unwrap();
        }
        let o = g.outcome().unwrap();
        assert!(
            started <= 5 && o.scores[0] > 0,
            "seed {seed}: the search started {started} plumes and scored {:?}",
            o.scores
        );
    }
}
