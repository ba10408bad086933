//! What a seat may be sent, as bytes: every game's state serializes whole,
//! an observation survives the trip, and a seat's observation is the same
//! byte for byte in every world it cannot tell apart. Worlds a seat cannot
//! tell apart are made by `determinize` (other hands, the deck order, the
//! dice to come re-sampled), so anything hidden that reaches the bytes fails
//! here: the ground the network play stands on (issue 28).
#![allow(clippy::unwrap_used)]

use aviary::rules::{Game, Rng, Seat, Setup, ToMove};

/// Plays `games` random games of `G` and checks every position, for every
/// seat: the observation's JSON reads back equal, and a determinized world
/// (re-sampled from the seat's view) gives the same bytes. Returns how many
/// positions were checked and in how many the other world really differed
/// (its whole state's bytes), so a test can tell that secrets were there to
/// leak.
fn check<G: Game>(setup: &Setup<G::Options>, games: u64, max_actions: usize) -> (usize, usize) {
    let mut checked = 0;
    let mut differed = 0;
    for seed in 0..games {
        let mut g = G::new(setup, seed);
        let mut rng = Rng::seeded(seed ^ 0xA5A5);
        for _ in 0..max_actions {
            for s in 0..setup.seats {
                let seat = Seat(s);
                let seen = g.observation(seat);
                let bytes = serde_json::to_vec(&seen).unwrap();
                let back: G = serde_json::from_slice(&bytes).unwrap();
                assert_eq!(back, seen, "seed {seed}: the observation reads back");
                let other_world = g.determinize(seat, &mut rng);
                if serde_json::to_vec(&other_world).unwrap() != serde_json::to_vec(&g).unwrap() {
                    differed += 1;
                }
                let other_bytes = serde_json::to_vec(&other_world.observation(seat)).unwrap();
                assert!(
                    other_bytes == bytes,
                    "seed {seed}, seat {s}: a world seat {s} cannot tell apart gives other bytes:\n{}\n{}",
                    String::from_utf8_lossy(&bytes),
                    String::from_utf8_lossy(&other_bytes)
                );
                checked += 1;
            }
            if g.to_move() == ToMove::Nobody {
                break;
            }
            let legal = g.legal_actions();
            if legal.is_empty() {
                break;
            }
            g.apply_legal(&legal[rng.below(legal.len())]);
        }
    }
    (checked, differed)
}

#[test]
fn daedalus_observations_travel_as_bytes_and_hide_nothing() {
    use aviary::rules::daedalus::{Daedalus, Options};
    let (checked, _) = check::<Daedalus>(&Setup { seats: 2, options: Options::default() }, 4, 80);
    assert!(checked > 100);
}

#[test]
fn feathers_and_wax_observations_travel_as_bytes_and_hide_the_decks() {
    use aviary::rules::feathers_wax::{FeathersAndWax, Options};
    let (checked, differed) = check::<FeathersAndWax>(&Setup { seats: 1, options: Options::default() }, 4, 120);
    assert!(checked > 100 && differed > checked / 2, "{differed} of {checked} worlds differed");
}

#[test]
fn enchanted_plumes_observations_hide_the_other_hands_and_the_deck() {
    use aviary::rules::enchanted_plumes::{EnchantedPlumes, Options};
    let (checked, differed) = check::<EnchantedPlumes>(&Setup { seats: 3, options: Options::default() }, 4, 120);
    assert!(checked > 100 && differed > checked / 2, "{differed} of {checked} worlds differed");
}

#[test]
fn dust_in_the_wings_observations_hide_the_decks_and_the_bag() {
    use aviary::rules::dust_wings::{DustInTheWings, Options};
    let (checked, differed) = check::<DustInTheWings>(&Setup { seats: 2, options: Options::default() }, 3, 120);
    assert!(checked > 100 && differed > checked / 2, "{differed} of {checked} worlds differed");
}

#[test]
fn tail_feathers_observations_hide_missions_bids_hands_and_dice() {
    use aviary::rules::tail_feathers::game::{Options, TailFeathers};
    let options = Options::every_additional_rule();
    let (checked, differed) = check::<TailFeathers>(&Setup { seats: 2, options }, 2, 250);
    assert!(checked > 100 && differed > checked / 2, "{differed} of {checked} worlds differed");
}
