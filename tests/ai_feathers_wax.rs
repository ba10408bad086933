//! The Feathers & Wax policy, meter and hint: they decide from what the
//! player can see, never from the real card order, and the policy plays
//! far better than chance.
#![allow(clippy::unwrap_used)]

use std::sync::atomic::AtomicBool;

use aviary::ai::feathers_wax::{EXACT_ORDERS, Policy, estimate, playout, win_chance};
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

#[test]
fn near_the_end_the_chance_is_exact_and_a_certain_win_reads_100_percent() {
    // Late flight positions of games the policy plays: once at most seven
    // flight cards are unseen, the estimate plays every order once.
    let policy = Policy::default();
    let stop = AtomicBool::new(false);
    let (mut exact_seen, mut certain_seen, mut partial_seen) = (0, 0, 0);
    for seed in 0..40 {
        let mut g = game(seed);
        let mut rng = Rng::seeded(seed);
        while g.outcome().is_none() {
            if g.phase() == Phase::Flight && g.flight_left() <= 6 {
                let obs = g.observation(Seat(0));
                let r = estimate(&obs, seed, &stop, |_| {}).unwrap();
                let orders = obs.every_flight_order(EXACT_ORDERS).unwrap();
                assert!(r.exact && r.done);
                assert_eq!(r.playouts, orders.len(), "every order once");
                exact_seen += 1;
                // Checked apart: does every order win with the policy?
                let all_win = orders.iter().all(|o| playout(&policy, o.clone(), &mut Rng::seeded(1)));
                if all_win {
                    assert!((r.chance - 1.0).abs() < f64::EPSILON, "a certain win reads {}", r.chance);
                    certain_seen += 1;
                }
                // The exact chance is the share of the orders the policy
                // wins, each played with the seed the estimate gives it.
                let won = orders
                    .iter()
                    .enumerate()
                    .filter(|(n, o)| playout(&policy, (*o).clone(), &mut Rng::seeded(seed ^ *n as u64)))
                    .count();
                let share = won as f64 / orders.len() as f64;
                assert!(
                    (r.chance - share).abs() < f64::EPSILON,
                    "{} read, {won} of {} orders won",
                    r.chance,
                    orders.len()
                );
                partial_seen += usize::from(won > 0 && won < orders.len());
                break;
            }
            let a = policy.choose(&g, &mut rng).unwrap();
            g.apply(&a).unwrap();
        }
    }
    assert!(exact_seen >= 10, "late flight positions checked: {exact_seen}");
    assert!(certain_seen >= 1, "certain wins among them: {certain_seen}");
    assert!(partial_seen >= 1, "positions neither won nor lost whatever the order: {partial_seen}");
}

#[test]
fn every_flight_order_lists_each_order_once() {
    let policy = Policy::default();
    let late_flight = (0..40)
        .map(|seed| {
            let (mut g, mut rng) = (game(seed), Rng::seeded(seed));
            while !(g.phase() == Phase::Flight && g.flight_left() <= 5) && g.outcome().is_none() {
                let a = policy.choose(&g, &mut rng).unwrap();
                g.apply(&a).unwrap();
            }
            g
        })
        .find(|g| g.outcome().is_none());
    let g = late_flight.expect("some deal flies on with five cards or fewer left");
    let orders = g.every_flight_order(EXACT_ORDERS).expect("five cards or fewer have few orders");
    let n = g.flight_left();
    assert_eq!(orders.len(), (1..=n).product::<usize>());
    for (i, a) in orders.iter().enumerate() {
        assert_eq!(a.observation(Seat(0)), g.observation(Seat(0)), "only the hidden order differs");
        assert!(orders[i + 1..].iter().all(|b| a != b), "no order twice");
    }
    assert!(game(1).every_flight_order(EXACT_ORDERS).is_none(), "not while the labyrinth is ahead");
}

#[test]
fn at_the_wings_the_chance_is_sampled_not_counted() {
    // The flight deck is shuffled only at the leap: before it there is no
    // order to count, and one playout must not pass for an exact figure.
    let policy = Policy::default();
    let mut g = game(4);
    let mut rng = Rng::seeded(4);
    while g.phase() != Phase::Wings {
        assert!(g.outcome().is_none(), "this deal reaches the wings");
        let a = policy.choose(&g, &mut rng).unwrap();
        g.apply(&a).unwrap();
    }
    assert!(g.every_flight_order(EXACT_ORDERS).is_none());
    let r = estimate(&g.observation(Seat(0)), 4, &AtomicBool::new(false), |_| {}).unwrap();
    assert!(!r.exact && r.playouts == aviary::ai::feathers_wax::METER_PLAYOUTS, "{r:?}");
}

#[test]
fn the_planned_walk_keeps_to_itself_step_after_step() {
    // The hint once said "step north" at k4 and "step south" at k3: a walk
    // planned for a card must still be the plan after its first step, unless
    // that step drew a card.
    let policy = Policy::default();
    let (mut checked, mut changed) = (0, Vec::new());
    for seed in 0..60 {
        let mut g = game(seed);
        let mut rng = Rng::seeded(seed);
        while g.phase() == Phase::Collect && g.outcome().is_none() {
            let obs = g.observation(Seat(0));
            let walk = policy.planned_walk(&obs, &mut Rng::seeded(7));
            if walk.len() >= 2 && !g.reveals(&walk[0]) {
                let mut next = obs.clone();
                next.apply(&walk[0]).unwrap();
                let again = policy.planned_walk(&next, &mut Rng::seeded(7));
                checked += 1;
                if again[..] != walk[1..] {
                    changed.push(format!("seed {seed}: {walk:?} then {again:?}"));
                }
            }
            let a = policy.choose(&g, &mut rng).unwrap();
            g.apply(&a).unwrap();
        }
    }
    assert!(checked >= 100, "walks checked: {checked}");
    assert!(changed.is_empty(), "{} of {checked} walks changed after one step:\n{}", changed.len(), changed.join("\n"));
}
