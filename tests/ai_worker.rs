//! The computer plans its whole turn in one search: the worker answers the
//! rest of the turn from the plan, and searches again only when the plan
//! no longer fits (an undo, a step that is not legal any more).
#![allow(clippy::unwrap_used)]

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use aviary::ai::worker::{Replan, Worker};
use aviary::ai::{Bot, Budget, Evaluate, GreedyBot, Level, Mcts};
use aviary::rules::daedalus::{Action, Daedalus, Options, Phase};
use aviary::rules::enchanted_plumes::{
    Action as PlumesAction, EnchantedPlumes, Options as PlumesOptions, Phase as PlumesPhase,
};
use aviary::rules::{Game, Rng, Seat, Setup, ToMove};

/// A Daedalus game at the start of an escaping turn.
fn escaping(seed: u64) -> Daedalus {
    let mut g = Daedalus::new(&Setup { seats: 2, options: Options::default() }, seed);
    let mut rng = Rng::seeded(seed);
    while g.phase() == Phase::Building {
        let a = rng.pick(&g.legal_actions()).cloned().unwrap();
        g.apply(&a).unwrap();
    }
    g
}

/// Counts the searches of a bot and otherwise lets it play.
struct Counting<B> {
    inner: B,
    searches: &'static AtomicUsize,
    /// Appended to the first plan (to make a step that will be illegal).
    spoil: Option<Action>,
}

impl<B: Bot<Daedalus>> Bot<Daedalus> for Counting<B> {
    fn choose(&mut self, observation: &Daedalus, seat: Seat, stop: &AtomicBool) -> Option<Action> {
        self.plan(observation, seat, stop).and_then(|p| p.into_iter().next())
    }

    fn plan(&mut self, observation: &Daedalus, seat: Seat, stop: &AtomicBool) -> Option<Vec<Action>> {
        let n = self.searches.fetch_add(1, Ordering::SeqCst);
        let mut plan = self.inner.plan(observation, seat, stop)?;
        if let Some(a) = self.spoil.clone().filter(|_| n == 0) {
            plan.truncate(1);
            plan.push(a);
        }
        Some(plan)
    }
}

/// Plays `seat`'s whole turn through the worker; the actions it took.
fn play_turn(worker: &mut Worker<Daedalus>, g: &mut Daedalus, cursor: &mut usize) -> Vec<Action> {
    let seat = g.to_move().seat().unwrap();
    let began = *cursor;
    let mut taken = Vec::new();
    while g.to_move() == ToMove::Seat(seat) {
        worker.ask(g.observation(seat), (seat, began), Level::Normal, *cursor, Duration::ZERO, || {});
        let a = worker.wait(*cursor).expect("the computer answers");
        g.apply(&a).expect("every step the worker gives is legal");
        taken.push(a);
        *cursor += 1;
    }
    taken
}

static SEARCHES: AtomicUsize = AtomicUsize::new(0);

#[test]
fn a_whole_escaping_turn_takes_one_search() {
    let mut worker = Worker::<Daedalus>::with_bots(|_, seed, _| {
        Box::new(Counting { inner: GreedyBot::new(seed), searches: &SEARCHES, spoil: None })
    });
    worker.replan = Replan::Never;
    let mut g = escaping(5);
    let mut cursor = 0;
    for turn in 1..=4 {
        if g.outcome().is_some() {
            break;
        }
        let taken = play_turn(&mut worker, &mut g, &mut cursor);
        assert!(taken.len() >= 3, "an escaping turn moves two walls and the Gladiator: {taken:?}");
        assert_eq!(SEARCHES.load(Ordering::SeqCst), turn, "one search per turn, not one per action");
    }
}

static AFTER_UNDO: AtomicUsize = AtomicUsize::new(0);

#[test]
fn an_undo_forgets_the_plan_and_the_computer_searches_again() {
    let mut worker = Worker::<Daedalus>::with_bots(|_, seed, _| {
        Box::new(Counting { inner: GreedyBot::new(seed), searches: &AFTER_UNDO, spoil: None })
    });
    let g = escaping(6);
    let seat = g.to_move().seat().unwrap();
    worker.ask(g.observation(seat), (seat, 0), Level::Normal, 0, Duration::ZERO, || {});
    let first = worker.wait(0).unwrap();
    let mut after = g.clone();
    after.apply(&first).unwrap();
    // The person undoes the computer's first step: the plan is gone.
    worker.cancel();
    worker.ask(g.observation(seat), (seat, 0), Level::Normal, 0, Duration::ZERO, || {});
    assert!(worker.wait(0).is_some());
    assert_eq!(AFTER_UNDO.load(Ordering::SeqCst), 2);
}

static SPOILT: AtomicUsize = AtomicUsize::new(0);

#[test]
fn a_planned_step_that_is_no_longer_legal_is_searched_again() {
    // The first plan's second step is an escape that the position does not
    // allow: the worker checks each step before it plays it.
    let mut worker = Worker::<Daedalus>::with_bots(|_, seed, _| {
        Box::new(Counting { inner: GreedyBot::new(seed), searches: &SPOILT, spoil: Some(Action::Escape) })
    });
    worker.replan = Replan::Never;
    let mut g = escaping(7);
    let mut cursor = 0;
    let taken = play_turn(&mut worker, &mut g, &mut cursor);
    assert!(!taken.contains(&Action::Escape));
    assert_eq!(SPOILT.load(Ordering::SeqCst), 2, "the spoilt plan was dropped and the turn searched again");
}

#[test]
fn the_normal_search_plans_more_than_one_step_of_a_turn() {
    // MCTS follows its most visited line while the same seat moves.
    let g = escaping(8);
    let seat = g.to_move().seat().unwrap();
    let mut bot = Mcts::new(1, Budget::iterations(1_000));
    let plan = bot.plan(&g.observation(seat), seat, &AtomicBool::new(false)).unwrap();
    assert!(plan.len() >= 2, "the search planned {} step(s)", plan.len());
    let mut h = g.clone();
    for a in &plan {
        assert_eq!(h.to_move(), ToMove::Seat(seat), "a plan stays within the seat's turn");
        h.apply(a).unwrap();
    }
    assert!(g.evaluate(seat).is_finite());
}

/// Counts the searches of the Enchanted Plumes greedy player.
struct CountingPlumes {
    inner: GreedyBot,
    searches: &'static AtomicUsize,
}

impl Bot<EnchantedPlumes> for CountingPlumes {
    fn choose(&mut self, observation: &EnchantedPlumes, seat: Seat, stop: &AtomicBool) -> Option<PlumesAction> {
        self.plan(observation, seat, stop).and_then(|p| p.into_iter().next())
    }

    fn plan(&mut self, observation: &EnchantedPlumes, seat: Seat, stop: &AtomicBool) -> Option<Vec<PlumesAction>> {
        self.searches.fetch_add(1, Ordering::SeqCst);
        self.inner.plan(observation, seat, stop)
    }
}

static DRAWS: AtomicUsize = AtomicUsize::new(0);

#[test]
fn a_plan_ends_at_a_drawn_card_and_the_rest_of_the_turn_is_searched_knowing_it() {
    // The greedy player plans a whole Enchanted Plumes turn on a sampled
    // deck, drawn cards included; the worker plays the plan only up to the
    // draw, then searches again with the card really drawn.
    let mut checked = 0;
    for seed in 0..30 {
        let mut g = EnchantedPlumes::new(&Setup { seats: 2, options: PlumesOptions::default() }, seed);
        let mut rng = Rng::seeded(seed);
        while g.phase() != PlumesPhase::Play {
            let a = rng.pick(&g.legal_actions()).cloned().unwrap();
            g.apply(&a).unwrap();
        }
        let seat = g.to_move().seat().unwrap();
        let plan = GreedyBot::new(seed).plan(&g.observation(seat), seat, &AtomicBool::new(false)).unwrap();
        let Some(draw) = plan.iter().position(|a| *a == PlumesAction::Draw) else { continue };
        if draw + 1 == plan.len() {
            continue;
        }
        DRAWS.store(0, Ordering::SeqCst);
        let mut worker = Worker::<EnchantedPlumes>::with_bots(|_, seed, _| {
            Box::new(CountingPlumes { inner: GreedyBot::new(seed), searches: &DRAWS })
        });
        worker.replan = Replan::Never;
        let mut cursor = 0;
        let mut taken = Vec::new();
        while g.to_move() == ToMove::Seat(seat) {
            worker.ask(g.observation(seat), (seat, 0), Level::Normal, cursor, Duration::ZERO, || {});
            let a = worker.wait(cursor).unwrap();
            g.apply(&a).unwrap();
            taken.push(a);
            cursor += 1;
        }
        let draws_before_the_end = taken[..taken.len() - 1].iter().filter(|a| **a == PlumesAction::Draw).count();
        assert!(
            DRAWS.load(Ordering::SeqCst) > draws_before_the_end,
            "a search after every draw that did not end the turn: {taken:?}"
        );
        checked += 1;
        if checked == 3 {
            break;
        }
    }
    assert!(checked >= 1, "a turn planned through a draw came up");
}

static QUICK: AtomicUsize = AtomicUsize::new(0);

#[test]
fn quick_searches_are_run_again_for_every_step_while_the_turn_has_time() {
    // The greedy player answers in well under a millisecond: the turn's
    // second of thinking allows a fresh search at every step.
    let mut worker = Worker::<Daedalus>::with_bots(|_, seed, _| {
        Box::new(Counting { inner: GreedyBot::new(seed), searches: &QUICK, spoil: None })
    });
    let mut g = escaping(5);
    let mut cursor = 0;
    let taken = play_turn(&mut worker, &mut g, &mut cursor);
    assert_eq!(QUICK.load(Ordering::SeqCst), taken.len(), "one search per step: {taken:?}");
}

static ASKED_EASY: AtomicUsize = AtomicUsize::new(0);

/// A search that thinks (spends CPU time) for the whole turn and plans one
/// step only.
struct Slow;

impl Bot<Daedalus> for Slow {
    fn choose(&mut self, observation: &Daedalus, seat: Seat, stop: &AtomicBool) -> Option<Action> {
        let thinking = aviary::ai::clock::Thinking::start();
        let mut x = 0u64;
        while thinking.elapsed() < Duration::from_millis(1_050) {
            x = std::hint::black_box(x.wrapping_mul(31).wrapping_add(7));
        }
        GreedyBot::new(1).choose(observation, seat, stop)
    }
}

/// A search that waits (a machine too busy to run it) for most of a second
/// at each step without thinking.
struct Waiting;

impl Bot<Daedalus> for Waiting {
    fn choose(&mut self, observation: &Daedalus, seat: Seat, stop: &AtomicBool) -> Option<Action> {
        std::thread::sleep(Duration::from_millis(600));
        GreedyBot::new(1).choose(observation, seat, stop)
    }
}

#[test]
fn once_the_turns_time_is_spent_the_rest_is_played_by_the_quick_look_ahead() {
    let mut worker = Worker::<Daedalus>::with_bots(|level, seed, _| {
        if level == Level::Easy {
            ASKED_EASY.fetch_add(1, Ordering::SeqCst);
            Box::new(GreedyBot::new(seed))
        } else {
            Box::new(Slow)
        }
    });
    let mut g = escaping(9);
    let mut cursor = 0;
    let taken = play_turn(&mut worker, &mut g, &mut cursor);
    assert!(taken.len() >= 3);
    // The slow search planned one step; the rest of the turn comes from one
    // quick look-ahead (whose plan is then followed), not another search.
    assert_eq!(ASKED_EASY.load(Ordering::SeqCst), 1, "{taken:?}");
}

static ASKED_EASY_WAITING: AtomicUsize = AtomicUsize::new(0);

#[test]
fn waiting_for_a_busy_machine_does_not_use_up_the_turns_thinking_time() {
    // Each step's search waits 0.6 s by the wall clock but thinks for next
    // to nothing: a busy machine makes the level slower, not weaker, so
    // every step still gets a real search (never the quick look-ahead that
    // a spent turn falls back to).
    let mut worker = Worker::<Daedalus>::with_bots(|level, seed, _| {
        if level == Level::Easy {
            ASKED_EASY_WAITING.fetch_add(1, Ordering::SeqCst);
            Box::new(GreedyBot::new(seed))
        } else {
            Box::new(Waiting)
        }
    });
    let mut g = escaping(9);
    let mut cursor = 0;
    let taken = play_turn(&mut worker, &mut g, &mut cursor);
    assert!(taken.len() >= 3);
    assert_eq!(ASKED_EASY_WAITING.load(Ordering::SeqCst), 0, "{taken:?}");
}
