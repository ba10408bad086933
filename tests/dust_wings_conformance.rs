//! The generic conformance test on Dust in the Wings for 2, 3 and 4
//! players. Random dispersions rarely claim Gathering cards, so the crystal
//! bag may never empty: games stop at a turn cap and are reported apart.

use aviary::conformance;
use aviary::rules::dust_wings::{Action, COMPOSITIONS, DustInTheWings, Options, Stage, crystals_for, gathering_cards};
use aviary::rules::{Game, Rng, Seat, Setup};

fn games() -> usize {
    std::env::var("AVIARY_CONFORMANCE_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(100)
}

/// The game's own invariants, in every state: the 48 butterflies (16 of
/// each colour) are on the meadow or in the tray, the crystals in the bag,
/// on the Gathering cards or taken, and every card in its deck, its
/// discard pile, face up or taken (DW-R4).
fn conserved(g: &DustInTheWings) {
    let mut butterflies = [0u32; 3];
    let tray = match g.stage() {
        Stage::Disperse { tray, .. } => *tray,
        _ => [0; 3],
    };
    for counts in g.meadow().iter().chain([&tray]) {
        for (total, n) in butterflies.iter_mut().zip(counts) {
            *total += u32::from(*n);
        }
    }
    assert_eq!(butterflies, [16; 3], "butterflies by colour, stage {:?}", g.stage());
    let seats = (0..g.seats()).map(|s| g.tableau(Seat(s)));
    let (mut black, mut white) = (u32::from(g.bag().0), u32::from(g.bag().1));
    for (_, on_card) in g.gathering() {
        black += on_card.iter().filter(|c| c.points() == 1).count() as u32;
        white += on_card.iter().filter(|c| c.points() == 2).count() as u32;
    }
    for t in seats.clone() {
        black += u32::from(t.black);
        white += u32::from(t.white);
    }
    let (bag_black, bag_white) = crystals_for(g.seats());
    assert_eq!((black, white), (u32::from(bag_black), u32::from(bag_white)), "crystals: black, white");
    let (deck, discard, composition_deck) = g.deck_counts();
    let face_up = g.gathering().iter().filter(|(card, _)| card.is_some()).count();
    let taken: usize = seats.clone().map(|t| t.gatherings.len()).sum();
    assert_eq!(deck + discard + face_up + taken, gathering_cards().len(), "Gathering cards");
    let face_up = g.composition().iter().flatten().count();
    let taken: usize = seats.map(|t| t.compositions.len()).sum();
    assert_eq!(composition_deck + face_up + taken, COMPOSITIONS.len(), "Composition cards");
}

/// How many games ended, each ending checked as it happened: the scores
/// are the tableaux' (DW-R6), and the winners are the seats with the most
/// points, then the most white crystals, then the fewest Gathering cards.
#[derive(Debug, Default)]
struct Endings(usize);

impl Endings {
    /// `choose`, with the invariants checked in every state and the
    /// outcome of every action that ends a game checked.
    fn watch<'a>(
        &'a mut self,
        mut choose: impl FnMut(&DustInTheWings, &[Action], &mut Rng) -> Action + 'a,
    ) -> impl FnMut(&DustInTheWings, &[Action], &mut Rng) -> Action + 'a {
        move |g, legal, rng| {
            conserved(g);
            let a = choose(g, legal, rng);
            let mut next = g.clone();
            if next.apply(&a).is_ok()
                && let Some(o) = next.outcome()
            {
                conserved(&next);
                let seats: Vec<Seat> = (0..next.seats()).map(Seat).collect();
                let scores: Vec<i32> = seats.iter().map(|&s| next.tableau(s).score()).collect();
                assert_eq!(o.scores, scores);
                let key = |s: Seat| {
                    let t = next.tableau(s);
                    (t.score(), t.white, std::cmp::Reverse(t.gatherings.len()))
                };
                let best = seats.iter().map(|&s| key(s)).max();
                let winners: Vec<Seat> = seats.iter().copied().filter(|&s| Some(key(s)) == best).collect();
                assert_eq!(o.winners, winners, "{:?}: {}", seats.iter().map(|&s| key(s)).collect::<Vec<_>>(), o.reason);
                self.0 += 1;
            }
            a
        }
    }
}

fn run(seats: u8) {
    let setup = Setup { seats, options: Options::default() };
    let mut endings = Endings::default();
    let random = |_: &DustInTheWings, legal: &[Action], rng: &mut Rng| legal[rng.below(legal.len())].clone();
    let r = conformance::run_with(&setup, 500 * u64::from(seats), games(), 600, 50, endings.watch(random));
    println!("{seats} players: {r:?} (capped at 600 actions: {})", r.capped);
    assert_eq!(endings.0, r.finished, "every ending was seen and checked");
    assert!(r.actions > 200 * games(), "games are long enough to cover renewals");
}

#[test]
fn dust_in_the_wings_two_players_obey_the_kernel_contract() {
    run(2);
}

#[test]
fn dust_in_the_wings_three_players_obey_the_kernel_contract() {
    run(3);
}

#[test]
fn dust_in_the_wings_four_players_obey_the_kernel_contract() {
    run(4);
}

/// Three actions in four from the greedy player, so that the bag empties
/// and the endings (last turn, scoring, tie-breaks) are checked too.
#[test]
fn dust_in_the_wings_greedy_mixed_games_reach_the_end_and_obey_the_contract() {
    use aviary::ai::Evaluate;
    for seats in 2..=4u8 {
        let setup = Setup { seats, options: Options::default() };
        let mut endings = Endings::default();
        let greedy = |g: &DustInTheWings, legal: &[Action], rng: &mut Rng| {
            let seat = g.to_move().seat().unwrap_or(Seat(0));
            if rng.below(4) == 0 {
                legal[rng.below(legal.len())].clone()
            } else {
                g.greedy_action(seat, rng).unwrap_or_else(|| legal[0].clone())
            }
        };
        let r = conformance::run_with(
            &setup,
            9_000 + u64::from(seats) * 100,
            games() / 4,
            2_000,
            50,
            endings.watch(greedy),
        );
        println!("{seats} players, greedy-mixed: {r:?}");
        assert!(r.finished * 10 >= r.games * 9, "most games end by the rules ({} of {})", r.finished, r.games);
        assert_eq!(endings.0, r.finished, "every ending was seen and checked");
    }
}
