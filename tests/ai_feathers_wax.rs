//! The Feathers & Wax policy, meter and hint: they decide from what the
//! player can see, never from the real card order, and the policy plays
//! far better than chance.
#![allow(clippy::unwrap_used)]

use aviary::ai::feathers_wax::{Policy, playout, win_chance};
use aviary::rules::cards::{Card, Suit};
use aviary::rules::feathers_wax::{FeathersAndWax, Options, Phase, Pile};
use aviary::rules::{Game, Rng, Seat, Setup};

fn game(seed: u64) -> FeathersAndWax {
    FeathersAndWax::new(&Setup { seats: 1, options: Options {} }, seed)
}

#[test]
fn the_meter_and_hint_ignore_the_real_order_of_the_unseen_cards() {
    let real = game(42);
    let mut shuffled = real.clone();
    // Same cards, another order: the player cannot tell the two apart.
    shuffled.stack(Pile::Moves, &[Card::new(1, Suit::Hearts), Card::new(10, Suit::Diamonds)]);
    shuffled.stack(Pile::Feathers, &[Card::new(11, Suit::Spades)]);
    assert_ne!(real, shuffled);
    assert_eq!(real.observation(Seat(0)), shuffled.observation(Seat(0)));
    let a = win_chance(&Policy::default(), &real, 300, &mut Rng::seeded(5));
    let b = win_chance(&Policy::default(), &shuffled, 300, &mut Rng::seeded(5));
    assert_eq!(a, b, "the estimate depends only on what the player has seen");
    let mut g = real.clone();
    g.apply(&aviary::rules::feathers_wax::Action::Draw).unwrap();
    let mut h = g.clone();
    h.stack(Pile::Moves, &[Card::new(3, Suit::Hearts)]);
    assert_eq!(
        Policy::default().choose(&g, &mut Rng::seeded(1)),
        Policy::default().choose(&h, &mut Rng::seeded(1)),
        "the hint too"
    );
}

#[test]
fn the_policy_wins_far_more_deals_than_random_play() {
    let deals = 200;
    let policy = Policy::default();
    let wins = (0..deals).filter(|&s| playout(&policy, game(s), &mut Rng::seeded(s))).count();
    let random_wins = (0..deals)
        .filter(|&s| {
            let mut g = game(s);
            let mut rng = Rng::seeded(s);
            loop {
                let legal = g.legal_actions();
                let Some(a) = rng.pick(&legal) else { break };
                g.apply_legal(&a.clone());
            }
            g.outcome().is_some_and(|o| !o.winners.is_empty())
        })
        .count();
    println!("policy {wins}/{deals}, random {random_wins}/{deals}");
    assert!(wins >= deals as usize * 3 / 10, "the policy wins about half the deals ({wins} of {deals})");
    assert!(random_wins < wins / 5, "random play rarely wins ({random_wins})");
}

#[test]
fn a_won_or_lost_position_reads_as_certain() {
    let mut g = game(3);
    for _ in 0..20 {
        g.apply(&aviary::rules::feathers_wax::Action::Draw).unwrap();
        g.apply(&aviary::rules::feathers_wax::Action::Stop).unwrap();
    }
    assert_eq!(g.phase(), Phase::Over);
    let (chance, wins) = win_chance(&Policy::default(), &g, 50, &mut Rng::seeded(1));
    assert!(chance.abs() < f64::EPSILON && wins == 0, "a lost game reads 0%");
}
