//! The generic conformance test every game must pass (after `OpenSpiel`'s
//! random simulation test). Used by `tests/` for each game and by benches.
//!
//! For seeded random games it checks, at every step: the legal actions are
//! sorted and unique and every one applies; every candidate from the game's
//! pseudo-legal generator passes `check` exactly when it is legal, and a
//! refused one leaves the state unchanged; `apply_legal` agrees with `apply`;
//! undo then redo restores an equal state; a determinized copy looks the
//! same to its seat as the real state; every position, every seat's view
//! and every determinized copy is well formed by the game's own check
//! ([`Game::well_formed`]); a finished game has no legal actions and an
//! outcome. Save → load is checked every `save_every` steps
//! and at the end of every game.

use crate::rules::{Game, Rng, Seat, Setup, ToMove};
use crate::save;
use crate::session::{Player, Session};

/// What the random games did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Games played.
    pub games: usize,
    /// Games that ended by the rules.
    pub finished: usize,
    /// Games stopped at the step cap (reported apart).
    pub capped: usize,
    /// Actions applied in all.
    pub actions: usize,
    /// Candidates checked against the legal list.
    pub candidates: usize,
}

/// Plays `games` random games of `G` from seeds `first_seed..`, checking
/// everything above, with at most `step_cap` actions each.
///
/// # Panics
/// On the first violated property, with the seed and step to reproduce it.
pub fn run<G: Game>(
    setup: &Setup<G::Options>,
    first_seed: u64,
    games: usize,
    step_cap: usize,
    save_every: usize,
) -> Report {
    run_with(setup, first_seed, games, step_cap, save_every, |_: &G, legal: &[G::Action], rng: &mut Rng| {
        legal[rng.below(legal.len())].clone()
    })
}

/// Like [`run`], but `choose` picks each action from the legal ones (a
/// game whose uniformly random games never reach its later phases mixes in
/// a playing policy to cover them).
///
/// # Panics
/// On the first violated property, with the seed and step to reproduce it.
pub fn run_with<G: Game>(
    setup: &Setup<G::Options>,
    first_seed: u64,
    games: usize,
    step_cap: usize,
    save_every: usize,
    mut choose: impl FnMut(&G, &[G::Action], &mut Rng) -> G::Action,
) -> Report {
    let mut report = Report::default();
    for g in 0..games {
        let seed = first_seed + g as u64;
        let mut rng = Rng::seeded(seed ^ 0xA5A5);
        let players = vec![Player::Human; usize::from(setup.seats)];
        let mut session: Session<G> = Session::new(setup.clone(), seed, players);
        let mut steps = 0;
        loop {
            let state = session.state().clone();
            let legal = state.legal_actions();
            let mut sorted = legal.clone();
            sorted.sort();
            sorted.dedup();
            assert_eq!(sorted, legal, "seed {seed} step {steps}: legal actions not sorted and unique");
            if state.to_move() == ToMove::Nobody {
                assert!(legal.is_empty(), "seed {seed}: a finished game has legal actions");
                assert!(state.outcome().is_some(), "seed {seed}: a finished game has no outcome");
                if let Err(why) = state.well_formed() {
                    panic!("seed {seed}: the finished position is not well formed: {why}");
                }
                report.finished += 1;
                break;
            }
            assert!(!legal.is_empty(), "seed {seed} step {steps}: {:?} to move but no legal action", state.to_move());
            assert!(state.outcome().is_none(), "seed {seed} step {steps}: outcome before the end");
            if let Err(why) = state.well_formed() {
                panic!("seed {seed} step {steps}: a reached position is not well formed: {why}");
            }
            if steps >= step_cap {
                report.capped += 1;
                break;
            }
            // Bots search determinized copies: each must look the same to
            // the seat as the real state does.
            for s in 0..setup.seats {
                let seat = Seat(s);
                // What a host sends (and a search samples) is a position
                // the game's own check accepts.
                if let Err(why) = state.observation(seat).well_formed() {
                    panic!("seed {seed} step {steps}: seat {s}'s view is refused as not well formed: {why}");
                }
                let copy = state.determinize(seat, &mut rng.split());
                if let Err(why) = copy.well_formed() {
                    panic!("seed {seed} step {steps}: a determinization for seat {s} is not well formed: {why}");
                }
                assert_eq!(
                    copy.observation(seat),
                    state.observation(seat),
                    "seed {seed} step {steps}: a determinization differs in what seat {s} sees"
                );
            }
            let mut candidates = state.pseudo_legal();
            candidates.extend(legal.iter().cloned());
            candidates.sort();
            candidates.dedup();
            for a in &candidates {
                let is_legal = legal.binary_search(a).is_ok();
                let verdict = state.check(a);
                assert_eq!(
                    verdict.is_ok(),
                    is_legal,
                    "seed {seed} step {steps}: check({a:?}) = {verdict:?}, legal = {is_legal}"
                );
                let mut copy = state.clone();
                let applied = copy.apply(a);
                assert_eq!(applied.is_ok(), is_legal, "seed {seed} step {steps}: apply({a:?}) disagrees with check");
                if is_legal {
                    let mut fast = state.clone();
                    fast.apply_legal(a);
                    assert_eq!(fast, copy, "seed {seed} step {steps}: apply_legal({a:?}) differs from apply");
                } else {
                    assert_eq!(copy, state, "seed {seed} step {steps}: refused {a:?} changed the state");
                    let reason = verdict.err().map(|v| v.reason).unwrap_or_default();
                    assert!(!reason.is_empty(), "seed {seed} step {steps}: refusal of {a:?} gives no reason");
                }
            }
            report.candidates += candidates.len();
            let choice = choose(&state, &legal, &mut rng);
            session.propose(choice).unwrap_or_else(|e| panic!("seed {seed} step {steps}: legal action refused: {e}"));
            let after = session.state().clone();
            assert!(session.undo_one());
            assert_eq!(session.state(), &state, "seed {seed} step {steps}: undo did not restore the state");
            assert!(session.redo_one());
            assert_eq!(session.state(), &after, "seed {seed} step {steps}: redo did not restore the state");
            steps += 1;
            report.actions += 1;
            if save_every > 0 && steps % save_every == 0 {
                round_trip(&session, seed, steps);
            }
        }
        round_trip(&session, seed, steps);
        report.games += 1;
    }
    report
}

/// Save → text → load reproduces the same state (and every seat's view).
fn round_trip<G: Game>(session: &Session<G>, seed: u64, steps: usize) {
    let text = save::to_text(&save::record(session));
    let file = save::parse(&text).unwrap_or_else(|e| panic!("seed {seed} step {steps}: save unreadable: {e}"));
    let loaded: Session<G> =
        save::restore(&file).unwrap_or_else(|e| panic!("seed {seed} step {steps}: load failed: {e}"));
    assert_eq!(loaded.state(), session.state(), "seed {seed} step {steps}: save/load changed the state");
    for s in 0..session.setup().seats {
        assert_eq!(loaded.state().observation(Seat(s)), session.state().observation(Seat(s)));
    }
}
