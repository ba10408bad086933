//! Tail Feathers speed (criterion): random playouts (one thread, and two
//! games on two threads), the ghosts of every flight of one bird, the
//! battlefield frame with every figure on it (alone, and while the hard
//! level searches on another thread), and one decision of the greedy, the
//! normal and the hard player. Run with `cargo bench --bench tail_feathers`.
#![allow(clippy::unwrap_used)]

use std::hint::black_box;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use aviary::ai::tail_feathers::ActivationSearch;
use aviary::ai::{Bot, Budget, GreedyBot, Level};
use aviary::app::{AviaryApp, Screen};
use aviary::rules::tail_feathers::game::{Action, Options, TailFeathers, UNIT_DEFS};
use aviary::rules::{Game, Rng, Seat, Setup, ToMove};
use aviary::session::{Player, Session};
use aviary::table::Table;
use aviary::ui::tail_feathers::SkirmishTab;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

/// The core rules, or with `AVIARY_TF_ADDITIONAL=1` every additional rule
/// (foraging, tail feathers, death spirals, leaves, action cards and
/// structures; `AVIARY_TF_ADDITIONAL=4` the first four).
fn setup() -> Setup<Options> {
    let which = std::env::var("AVIARY_TF_ADDITIONAL").unwrap_or_default();
    let additional = which == "1" || which == "4";
    let cards = which == "1";
    let options = Options {
        foraging: additional,
        feathers: additional,
        death_spirals: additional,
        leaves: additional,
        action_cards: cards,
        structures: cards,
        ..Options::default()
    };
    Setup { seats: 2, options }
}

/// A whole game of uniformly random legal actions; returns its actions.
fn random_game(seed: u64) -> u64 {
    let mut g = TailFeathers::new(&setup(), seed);
    let mut rng = Rng::seeded(seed);
    let mut n = 0;
    loop {
        let legal = g.legal_actions();
        let Some(a) = rng.pick(&legal) else { break };
        g.apply_legal(&a.clone());
        n += 1;
    }
    n
}

/// A session (the mice a person) played at random until the mice are to
/// announce a flight in round `round` or later.
fn at_a_flight(round: u8) -> Session<TailFeathers> {
    for seed in 0..200 {
        let mut s: Session<TailFeathers> = Session::new(setup(), seed, vec![Player::Human, Player::Human]);
        let mut rng = Rng::seeded(seed);
        for _ in 0..3000 {
            let g = s.state();
            if g.outcome().is_some() {
                break;
            }
            let flying = g.legal_actions().iter().any(|a| matches!(a, Action::Fly(_)));
            if flying && g.round() >= round && g.to_move() == ToMove::Seat(Seat(0)) {
                return s;
            }
            let legal = g.legal_actions();
            let a = rng.pick(&legal).unwrap().clone();
            s.propose(a).unwrap();
        }
    }
    panic!("no flight reached");
}

fn playouts(c: &mut Criterion) {
    let actions: u64 = (0..20).map(random_game).sum();
    println!("tail feathers random playouts: {actions} actions over 20 games");
    let mut group = c.benchmark_group("tf_random_playout");
    group.sample_size(20);
    group.throughput(Throughput::Elements(actions / 20));
    let mut seed = 0;
    group.bench_function("one_game", |b| {
        b.iter(|| {
            seed = (seed + 1) % 20;
            black_box(random_game(seed))
        });
    });
    group.throughput(Throughput::Elements(2 * actions / 20));
    group.bench_function("two_games_on_two_threads", |b| {
        b.iter(|| {
            seed = (seed + 1) % 20;
            std::thread::scope(|scope| {
                let a = scope.spawn(move || random_game(seed));
                let b2 = scope.spawn(move || random_game(seed + 20));
                black_box(a.join().unwrap() + b2.join().unwrap())
            })
        });
    });
    group.finish();
}

fn ghosts(c: &mut Criterion) {
    let session = at_a_flight(1);
    let g = session.state().clone();
    let bird = UNIT_DEFS[g.active_unit().unwrap()].first;
    let lists: Vec<Vec<_>> = g
        .legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::Fly(l) => Some(l),
            _ => None,
        })
        .collect();
    println!("ghosts of {} flights", lists.len());
    c.bench_function("tf_ghosts_of_one_bird", |b| {
        b.iter(|| {
            let plans: Vec<_> = g
                .legal_actions()
                .iter()
                .filter_map(|a| match a {
                    Action::Fly(l) => g.plan_flight(bird, l),
                    _ => None,
                })
                .collect();
            black_box(plans)
        });
    });
}

fn frame(c: &mut Criterion) {
    // Round 1, every figure on the battlefield, a bird's ghosts drawn.
    let session = at_a_flight(1);
    let dir = std::env::temp_dir().join(format!("aviary-bench-tf-{}", std::process::id()));
    let mut app = AviaryApp::new(None, dir.join("saves"));
    app.tabs.push(Box::new(SkirmishTab::new(Table::new(session, dir.join("saves").join("tf.json")))));
    app.screen = Screen::Game(0);
    let mut harness = egui_kittest::Harness::builder()
        .with_size([1280.0, 900.0])
        .build_ui_state(|ui, app: &mut AviaryApp| app.ui_root(ui), app);
    harness.run_steps(3);
    c.bench_function("tf_battlefield_frame", |b| b.iter(|| harness.step()));
    // The same frame while the hard level searches on another thread (as
    // the app's worker does), planning the rats' flight over and over.
    let thinking = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&thinking);
    let position = at_a_flight(2).state().clone();
    let search = std::thread::spawn(move || {
        while !flag.load(Ordering::Relaxed) {
            let seat = match position.to_move() {
                ToMove::Seat(s) => s,
                _ => Seat(0),
            };
            let mut bot = ActivationSearch::new(5, Budget::both(8_000, Duration::from_secs(3)));
            black_box(Bot::<TailFeathers>::plan(&mut bot, &position.observation(seat), seat, &flag));
        }
    });
    c.bench_function("tf_battlefield_frame_while_the_computer_thinks", |b| b.iter(|| harness.step()));
    thinking.store(true, Ordering::Relaxed);
    let _ = search.join();
    let _ = std::fs::remove_dir_all(dir);
}

/// One decision of the normal and the hard level at a flight (the whole
/// activation is planned at once), and at the secret mission choice.
fn levels(c: &mut Criterion) {
    let flight = at_a_flight(2).state().clone();
    let stop = AtomicBool::new(false);
    let mut group = c.benchmark_group("tf_levels");
    group.sample_size(10);
    for (name, level) in [("normal", Level::Normal), ("hard", Level::Hard)] {
        group.bench_function(format!("{name}_decision_at_a_flight"), |b| {
            b.iter(|| {
                let mut bot = level.bot_within::<TailFeathers>(3, level.turn_time());
                let seat = match flight.to_move() {
                    ToMove::Seat(s) => s,
                    _ => Seat(0),
                };
                black_box(bot.plan(&flight.observation(seat), seat, &stop))
            });
        });
    }
    group.finish();
}

fn greedy(c: &mut Criterion) {
    let g = at_a_flight(2).state().clone();
    let stop = AtomicBool::new(false);
    let mut group = c.benchmark_group("tf_greedy");
    group.sample_size(10);
    group.bench_function("decision_at_a_flight", |b| {
        b.iter(|| {
            let mut bot = GreedyBot::new(3);
            black_box(Bot::<TailFeathers>::plan(&mut bot, &g.observation(Seat(0)), Seat(0), &stop))
        });
    });
    group.finish();
}

criterion_group!(benches, playouts, ghosts, frame, greedy, levels);
criterion_main!(benches);
