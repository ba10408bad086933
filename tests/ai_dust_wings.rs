//! The Dust in the Wings computer players: the dispersion planner finds
//! legal turns that claim what they say, the greedy player takes the most
//! valuable card in reach, and the search decides from what the seat sees
//! (the hidden deck order does not change its choice).
#![allow(clippy::unwrap_used)]

use std::sync::atomic::AtomicBool;

use aviary::ai::dust_wings::{PlanSearch, claim_value, plans};
use aviary::ai::{Bot, Budget, GreedyBot};
use aviary::rules::dust_wings::{Action, CardRef, Crystal, DustInTheWings, Options, SIZE, Stage};
use aviary::rules::grid::Square;
use aviary::rules::{Game, Rng, Seat, Setup};

fn game(seed: u64) -> DustInTheWings {
    DustInTheWings::new(&Setup { seats: 2, options: Options { names: Vec::new(), first: Some(0) } }, seed)
}

#[test]
fn every_plan_is_legal_and_claims_what_it_says() {
    let mut checked = 0;
    for seed in 0..12 {
        let mut g = game(seed);
        let mut rng = Rng::seeded(seed);
        for _ in 0..30 {
            if g.outcome().is_some() {
                break;
            }
            for p in plans(&g, 50_000) {
                let mut h = g.clone();
                let seat = h.current();
                for a in &p.actions {
                    if let Action::Claim(c) = a {
                        assert!(h.fulfilled().contains(c), "the planned card is fulfilled");
                    }
                    h.apply(a).unwrap();
                }
                if p.claim.is_none() {
                    assert!(h.current() != seat || h.outcome().is_some(), "a plan without a claim ends the turn");
                }
                checked += 1;
            }
            let legal = g.legal_actions();
            g.apply(&legal[rng.below(legal.len())].clone()).unwrap();
        }
    }
    assert!(checked > 1_000, "{checked} plans checked");
}

#[test]
fn the_greedy_player_takes_the_most_valuable_card_in_reach() {
    let mut g = game(1);
    for i in 0..25 {
        g.set_space(Square::from_index(i, SIZE), [0, 0, 0]);
    }
    // a1 and a2 hold one red each: moving one onto the other makes two reds
    // (Gathering id 0, carrying a white crystal); nothing else scores.
    g.set_space("a1".parse().unwrap(), [1, 0, 0]);
    g.set_space("a2".parse().unwrap(), [1, 0, 0]);
    g.set_cards([Some(0), Some(16), Some(17)], [vec![Crystal::White], vec![], vec![]], [None, None, None]);
    let stop = AtomicBool::new(false);
    let mut bot = GreedyBot::new(3);
    let mut seen = Vec::new();
    while g.current() == Seat(0) && g.outcome().is_none() {
        let a = Bot::<DustInTheWings>::choose(&mut bot, &g.observation(Seat(0)), Seat(0), &stop).unwrap();
        seen.push(a.clone());
        g.apply(&a).unwrap();
    }
    assert_eq!(g.tableau(Seat(0)).white, 1, "took the two-red card and its white crystal: {seen:?}");
    assert!(seen.contains(&Action::Claim(CardRef::Gathering(0))));
}

#[test]
fn the_hidden_deck_order_does_not_change_the_search() {
    let stop = AtomicBool::new(false);
    for seed in [2, 5, 9] {
        let a = game(seed);
        // Same cards, another order (and other future crystal draws):
        // nothing a seat can see changes.
        let (gathering_left, _, composition_left) = a.deck_counts();
        assert!(gathering_left > 3 && composition_left > 3);
        let b = a.determinize(Seat(0), &mut Rng::seeded(seed));
        assert_ne!(a, b);
        assert_eq!(a.observation(Seat(0)), b.observation(Seat(0)));
        let pick = |s: &DustInTheWings| {
            let mut bot = PlanSearch::new(7, Budget::iterations(60));
            Bot::<DustInTheWings>::choose(&mut bot, &s.observation(Seat(0)), Seat(0), &stop).unwrap()
        };
        assert_eq!(pick(&a), pick(&b), "seed {seed}");
        assert!(matches!(a.stage(), Stage::Pick));
    }
    // And the plan values it ranks by are the cards' worth.
    let g = game(3);
    for p in plans(&g, 20_000).iter().filter(|p| p.claim.is_some()) {
        assert!(claim_value(&g, p.claim) >= 1.0);
    }
}
