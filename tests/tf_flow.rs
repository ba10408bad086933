//! Tail Feathers round flow as players meet it (bugs found by playing).

use aviary::rules::tail_feathers::game::{Action, Options, Phase, TailFeathers};
use aviary::rules::{Game, Setup, ToMove};

fn setup() -> Setup<Options> {
    Setup { seats: 2, options: Options::default() }
}

/// Plays the round up to the initiative roll: deploy, no missions, birds
/// stay, no extra dice.
fn to_the_roll(seed: u64) -> TailFeathers {
    let mut g = TailFeathers::new(&setup(), seed);
    for _ in 0..200 {
        let legal = g.legal_actions();
        if legal.contains(&Action::RollInitiative) {
            return g;
        }
        let a = legal
            .iter()
            .find(|a| matches!(a, Action::Mission(None) | Action::Stay(_) | Action::Bid(0)))
            .unwrap_or(&legal[0])
            .clone();
        g.apply(&a).expect("legal");
    }
    panic!("the roll never came");
}

/// Found on screen: after the initiative roll both sides were asked to bid
/// a second time. Once rolled, the winner activates a unit at once.
#[test]
fn after_the_initiative_roll_the_winner_activates_without_bidding_again() {
    let mut g = to_the_roll(3);
    assert_eq!(g.to_move(), ToMove::Chance);
    g.apply(&Action::RollInitiative).expect("the roll");
    assert_eq!(g.phase(), Phase::Activation);
    let first = g.first_player();
    assert_eq!(g.to_move(), ToMove::Seat(first));
    let legal = g.legal_actions();
    assert!(legal.iter().all(|a| matches!(a, Action::Activate(_))), "only activations are offered: {legal:?}");
    assert!(g.status().contains("activate a unit"), "{}", g.status());
}
