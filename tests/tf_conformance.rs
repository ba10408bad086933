//! Tail Feathers conformance: random games (with a policy mixed in so
//! combat, missions and nests are reached), checked at every step by the
//! generic conformance test (legal actions sorted and applying, refusals
//! leave the state alone, undo/redo, determinized copies, save round
//! trips) and by the game's own invariants.

mod tf_common;

use aviary::conformance;
use aviary::rules::tail_feathers::components::{Alliance, PILOTS};
use aviary::rules::tail_feathers::game::{Action, Options, TailFeathers, Target, UNIT_DEFS, field};
use aviary::rules::{Game, Rng, Seat, Setup};

/// Random, but attacks, swoops, hits on nests and sieges of the home trees
/// are taken three times in four when offered, so some games reach a
/// destroyed nest (uniformly random ones all run to the round limit).
fn policy(state: &TailFeathers, legal: &[Action], rng: &mut Rng) -> Action {
    if let Err(e) = state.invariants() {
        panic!("invariant broken: {e}\n{state:?}");
    }
    let eager: Vec<&Action> = legal
        .iter()
        .filter(|a| {
            matches!(
                a,
                Action::Strike { .. }
                    | Action::Shoot { .. }
                    | Action::Swoop
                    | Action::AssignHit(Target::Nest(_))
                    | Action::Siege(0 | 1)
            )
        })
        .collect();
    if !eager.is_empty() && rng.below(4) > 0 {
        return eager[rng.below(eager.len())].clone();
    }
    legal[rng.below(legal.len())].clone()
}

/// How the games ended, each ending checked as it happened: a destroyed
/// nest loses (TF-R19), else the round limit gives the win to the nest
/// with more life left, a draw when equal (scenario 1); the scores are
/// the nests' life.
#[derive(Debug, Default)]
struct Endings {
    nest: usize,
    limit: usize,
}

impl Endings {
    /// `choose`, with the outcome of every action that ends a game checked.
    fn watch<'a>(
        &'a mut self,
        mut choose: impl FnMut(&TailFeathers, &[Action], &mut Rng) -> Action + 'a,
    ) -> impl FnMut(&TailFeathers, &[Action], &mut Rng) -> Action + 'a {
        move |s, legal, rng| {
            let a = choose(s, legal, rng);
            let mut next = s.clone();
            if next.apply(&a).is_ok()
                && let Some(o) = next.outcome()
            {
                let (mice, rats) = (next.nest_life(Alliance::Mice), next.nest_life(Alliance::Rats));
                assert_eq!(o.scores, [i32::from(mice), i32::from(rats)], "{}", o.reason);
                let winners: &[Seat] = match (mice, rats) {
                    (0, _) => &[Seat(1)],
                    (_, 0) => &[Seat(0)],
                    _ => {
                        assert_eq!(
                            next.round(),
                            field().round_limit,
                            "a game ended with both nests standing: {}",
                            o.reason
                        );
                        self.limit += 1;
                        match mice.cmp(&rats) {
                            std::cmp::Ordering::Greater => &[Seat(0)],
                            std::cmp::Ordering::Less => &[Seat(1)],
                            std::cmp::Ordering::Equal => &[],
                        }
                    }
                };
                self.nest += usize::from(mice == 0 || rats == 0);
                assert_eq!(o.winners, winners, "nests {mice} and {rats}, round {}: {}", next.round(), o.reason);
            }
            a
        }
    }
}

#[test]
fn random_games_keep_every_rule_and_invariant() {
    let games: usize = std::env::var("AVIARY_TF_GAMES").ok().and_then(|s| s.parse().ok()).unwrap_or(300);
    let setup = Setup { seats: 2, options: Options::default() };
    let mut endings = Endings::default();
    let report = conformance::run_with::<TailFeathers>(&setup, 1, games, 4000, 400, endings.watch(policy));
    eprintln!("{report:?}; {endings:?}");
    assert_eq!(report.finished, games, "every game ends by the rules (nest or round limit): {report:?}");
    assert_eq!(endings.nest + endings.limit, games, "every ending was seen and checked: {endings:?}");
    assert!(endings.nest >= 1 && endings.limit >= 1, "both endings were reached: {endings:?}");
}

/// With veterans every pilot flies at the higher of their two rank cards
/// (without, at the lower), in every state of the games, which end by the
/// rules.
#[test]
fn veteran_pilots_play_too() {
    let cards = |g: &TailFeathers| -> Vec<(usize, usize)> {
        let higher = |unit: usize, pilot: usize| g.pilot_card(unit) == Some(&PILOTS[2 * pilot + 1]);
        UNIT_DEFS
            .iter()
            .enumerate()
            .filter_map(|(unit, def)| def.bird.map(|(_, pilot)| (unit, usize::from(higher(unit, pilot)))))
            .collect()
    };
    let standard = TailFeathers::new(&Setup { seats: 2, options: Options::default() }, 5000);
    assert!(cards(&standard).iter().all(|&(_, higher)| higher == 0), "{:?}", cards(&standard));
    let setup = Setup { seats: 2, options: Options { veterans: true, ..Options::default() } };
    let mut endings = Endings::default();
    let mut looked = 0usize;
    let choose = |s: &TailFeathers, legal: &[Action], rng: &mut Rng| {
        let flown = cards(s);
        assert!(flown.len() == 5 && flown.iter().all(|&(_, higher)| higher == 1), "{flown:?}");
        looked += 1;
        policy(s, legal, rng)
    };
    let report = conformance::run_with::<TailFeathers>(&setup, 5000, 20, 4000, 400, endings.watch(choose));
    assert_eq!(report.finished, 20, "{report:?}");
    assert_eq!(endings.nest + endings.limit, 20, "every ending was seen and checked: {endings:?}");
    assert_eq!(looked, report.actions, "the pilots were looked at in every state");
}

/// Every additional rule (TF-R23 foraging, TF-R24 tail feathers, TF-R25
/// death spirals, TF-R26 leaves), in random games with undo, redo and save
/// round trips; the forage choice, flights into a spiral, moves onto
/// leaves and cutting them loose are taken now and then so their states
/// are reached.
#[test]
fn the_additional_rules_keep_every_rule_and_invariant() {
    let setup = Setup {
        seats: 2,
        options: Options { foraging: true, feathers: true, death_spirals: true, leaves: true, ..Options::default() },
    };
    let mut foraged = 0usize;
    let mut fell = 0usize;
    let (mut spiralled, mut battles) = (0usize, 0usize);
    let (mut cut, mut adrift, mut landed) = (0usize, 0usize, 0usize);
    let mut endings = Endings::default();
    let choose = |s: &TailFeathers, legal: &[Action], rng: &mut Rng| {
        fell += usize::from(!s.feathers().is_empty());
        spiralled += usize::from(!s.spirals().is_empty());
        battles += usize::from(aviary::rules::Game::aftermath(s).contains("death spiral"));
        adrift += usize::from(s.leaves().iter().any(|l| l.toward.is_some()));
        landed += usize::from(aviary::rules::Game::aftermath(s).contains("steps off onto"));
        if legal.contains(&Action::Forage) && rng.below(3) == 0 {
            foraged += 1;
            return Action::Forage;
        }
        let onto_leaf = |a: &&Action| matches!(a, Action::Move { to, .. } | Action::Scurry { to, .. } if *to >= 42);
        if rng.below(2) == 0
            && let Some(a) = legal.iter().find(onto_leaf)
        {
            return a.clone();
        }
        let cuts: Vec<&Action> = legal.iter().filter(|a| matches!(a, Action::CutLoose { .. })).collect();
        if !cuts.is_empty() && rng.below(2) == 0 {
            cut += 1;
            return cuts[rng.below(cuts.len())].clone();
        }
        if let Some(a) = tf_common::spiral_seeking(s, legal, rng) {
            return a;
        }
        policy(s, legal, rng)
    };
    let report = conformance::run_with::<TailFeathers>(&setup, 9000, 60, 4000, 400, endings.watch(choose));
    assert_eq!(report.finished, 60, "{report:?}");
    assert_eq!(endings.nest + endings.limit, 60, "every ending was seen and checked: {endings:?}");
    assert!(foraged > 50, "foraging was played ({foraged} times)");
    assert!(fell >= 20, "tail feathers lay on the battlefield ({fell} decisions with one lying there)");
    assert!(spiralled >= 20, "birds were entangled ({spiralled} decisions with a spiral on the battlefield)");
    assert!(battles >= 10, "spiral battles were fought ({battles})");
    assert!(cut >= 20, "leaves were cut loose ({cut} times)");
    assert!(adrift >= 100, "leaves drifted ({adrift} decisions with one adrift)");
    assert!(landed >= 3, "drifting leaves reached trees ({landed} times)");
}

/// Action cards and structures (TF-R27, TF-R28) with every other
/// additional rule, in random games with undo, redo and save round trips:
/// hands picked in secret, cards played at every timing, the attack
/// window answered (both sides at once now and then, ordered by the first
/// player), ballistas built, shot and destroyed.
#[test]
fn action_cards_and_structures_keep_every_rule_and_invariant() {
    let setup = Setup { seats: 2, options: Options::every_additional_rule() };
    let games: usize = std::env::var("AVIARY_TF_GAMES").ok().and_then(|s| s.parse().ok()).unwrap_or(60);
    let mut idle = 0usize;
    let (mut played, mut windows, mut both, mut built, mut bolts) = (0usize, 0usize, 0usize, 0usize, 0usize);
    let mut endings = Endings::default();
    let choose = |s: &TailFeathers, legal: &[Action], rng: &mut Rng| {
        let words = aviary::rules::Game::aftermath(s);
        built += usize::from(words.contains("build their ballista"));
        both += usize::from(words.contains("choose which resolves first"));
        // Every hand that may hold Build Ballista holds it, so that
        // ballistas are built, shot and destroyed in most games.
        let ballista = aviary::rules::tail_feathers::cards::card_named("Build Ballista").map(Action::Pick);
        if let Some(pick) = ballista.filter(|a| legal.contains(a)) {
            return pick;
        }
        // Hands lean to the window's cards, so that both sides answer
        // an attack at once now and then.
        let window_cards: Vec<&Action> = legal
            .iter()
            .filter(
                |a| matches!(a, Action::Pick(c) if aviary::rules::tail_feathers::cards::card(*c).timing.in_window()),
            )
            .collect();
        if !window_cards.is_empty() && rng.below(3) > 0 {
            return window_cards[rng.below(window_cards.len())].clone();
        }
        let window = legal.contains(&Action::NoCard);
        windows += usize::from(window);
        let plays: Vec<&Action> = legal.iter().filter(|a| matches!(a, Action::Play(_))).collect();
        // Cards are kept for the attack window more often than not.
        if !plays.is_empty() && (window || rng.below(4) == 0) {
            played += 1;
            return plays[rng.below(plays.len())].clone();
        }
        // A ready ballista with nothing in range is activated, not passed
        // over (TF-R28).
        idle += usize::from(legal.contains(&Action::Idle));
        let looses: Vec<&Action> = legal.iter().filter(|a| matches!(a, Action::Loose(_))).collect();
        if !looses.is_empty() {
            bolts += 1;
            return looses[rng.below(looses.len())].clone();
        }
        policy(s, legal, rng)
    };
    let report = conformance::run_with::<TailFeathers>(&setup, 12_000, games, 5000, 400, endings.watch(choose));
    eprintln!("{report:?}; {endings:?}; played {played}, windows {windows}, both {both}, built {built}, bolts {bolts}");
    assert_eq!(report.finished, games, "{report:?}");
    assert_eq!(endings.nest + endings.limit, games, "every ending was seen and checked: {endings:?}");
    assert!(played >= 200, "cards were played ({played})");
    assert!(windows >= 100, "attack windows were answered ({windows})");
    assert!(both >= 2, "both sides played at once ({both})");
    assert!(built >= 5, "ballistas were built ({built})");
    assert!(bolts >= 5, "ballistas shot ({bolts})");
    assert!(idle >= 5, "ballistas with nothing in range were activated ({idle} decisions offered it)");
}
