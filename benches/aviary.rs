//! Speed benchmarks (criterion): random playouts, MCTS iterations, the
//! default level's time per decision, and the screens' frame times, for
//! Daedalus, Feathers & Wax and Enchanted Plumes.
//! Run with `cargo bench --bench aviary`.
#![allow(clippy::unwrap_used)]

use std::hint::black_box;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use aviary::ai::feathers_wax::{Policy, estimate};
use aviary::ai::{Bot, Budget, GreedyBot, Level, Mcts};
use aviary::app::{AviaryApp, Screen};
use aviary::rules::daedalus::{Daedalus, Options};
use aviary::rules::enchanted_plumes::{EnchantedPlumes, Options as EpOptions};
use aviary::rules::feathers_wax::{FeathersAndWax, Options as FwOptions, Phase as FwPhase, Stage as FwStage};
use aviary::rules::{Game, Rng, Seat, Setup};
use aviary::session::{Player, Session};
use aviary::table::Table;
use aviary::ui::enchanted_plumes::PlumesTab;
use aviary::ui::feathers_wax::FeathersTab;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

fn setup() -> Setup<Options> {
    Setup { seats: 2, options: Options::default() }
}

/// A full game of uniformly random legal actions from `g`; returns the
/// number of actions.
fn random_playout<G: Game>(mut g: G, seed: u64) -> u64 {
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

/// A full random Daedalus game; returns the number of actions.
fn random_game(seed: u64) -> u64 {
    random_playout(Daedalus::new(&setup(), seed), seed)
}

/// A position in the escaping phase after `extra` random actions.
fn mid_game(extra: usize) -> Daedalus {
    let mut g = Daedalus::new(&setup(), 5);
    let mut rng = Rng::seeded(5);
    for _ in 0..(18 + extra) {
        let legal = g.legal_actions();
        let a = rng.pick(&legal).unwrap().clone();
        g.apply_legal(&a);
    }
    g
}

fn playouts(c: &mut Criterion) {
    let actions: u64 = (0..20).map(random_game).sum();
    println!("random playouts: {} actions over 20 games ({} per game)", actions, actions / 20);
    let mut group = c.benchmark_group("daedalus_random_playout");
    group.throughput(Throughput::Elements(actions / 20));
    let mut seed = 0;
    group.bench_function("one_game", |b| {
        b.iter(|| {
            seed = (seed + 1) % 20;
            black_box(random_game(seed))
        });
    });
    group.finish();
}

fn mcts(c: &mut Criterion) {
    let g = mid_game(40);
    let seat = g.to_move().seat().unwrap();
    let stop = AtomicBool::new(false);
    let mut group = c.benchmark_group("daedalus_mcts");
    group.sample_size(10);
    group.throughput(Throughput::Elements(2_000));
    group.bench_function("2000_iterations", |b| {
        b.iter(|| {
            let mut bot = Mcts::new(1, Budget::iterations(2_000));
            black_box(bot.choose(&g.observation(seat), seat, &stop))
        });
    });
    group.finish();
    // A whole turn's thinking: one search plans the turn (Bot::plan).
    let mut group = c.benchmark_group("daedalus_turn");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(8));
    for level in [Level::Easy, Level::Normal, Level::Hard] {
        group.bench_function(level.name(), |b| {
            b.iter(|| {
                let mut bot: Box<dyn Bot<Daedalus>> = level.bot(3);
                black_box(bot.plan(&g.observation(seat), seat, &stop))
            });
        });
    }
    group.finish();
}

fn frame(c: &mut Criterion) {
    let dir = std::env::temp_dir().join(format!("aviary-bench-{}", std::process::id()));
    let mut app = AviaryApp::new(None, dir.join("saves"));
    let mut choice = aviary::games::NewGame::new(aviary::games::entry(Daedalus::INFO.id).unwrap(), Level::Normal);
    choice.players = vec![Player::Human, Player::Human];
    choice.seed = "5".into();
    let mut notices = Vec::new();
    assert!(app.start_new_game(&choice, &mut notices));
    let tab = app.tabs[0].as_any_mut().downcast_mut::<aviary::ui::daedalus::DaedalusTab>().unwrap();
    let target = mid_game(40);
    // Replay the same moves through the session so the screen shows mid-game.
    let mut g = Daedalus::new(&setup(), 5);
    let mut rng = Rng::seeded(5);
    while g != target {
        let legal = g.legal_actions();
        let a = rng.pick(&legal).unwrap().clone();
        g.apply_legal(&a);
        tab.table.propose(a, &mut notices).unwrap();
    }
    app.screen = Screen::Game(0);
    let mut harness = egui_kittest::Harness::builder()
        .with_size([1200.0, 860.0])
        .build_ui_state(|ui, app: &mut AviaryApp| app.ui_root(ui), app);
    harness.run_steps(3);
    c.bench_function("daedalus_screen_frame", |b| b.iter(|| harness.step()));
    let _ = std::fs::remove_dir_all(dir);
}

/// A Feathers & Wax game played to the end by uniformly random legal
/// actions; returns the number of actions.
fn fw_random_game(seed: u64) -> u64 {
    random_playout(FeathersAndWax::new(&Setup { seats: 1, options: FwOptions {} }, seed), seed)
}

/// A Feathers & Wax session played by the policy until `stop`.
fn fw_session(seed: u64, stop: impl Fn(&FeathersAndWax) -> bool) -> Session<FeathersAndWax> {
    let mut s = Session::new(Setup { seats: 1, options: FwOptions {} }, seed, vec![Player::Human]);
    let mut rng = Rng::seeded(seed);
    while !stop(s.state()) {
        let a = Policy::default().choose(s.state(), &mut rng).unwrap();
        s.propose(a).unwrap();
    }
    s
}

fn feathers_and_wax(c: &mut Criterion) {
    let actions: u64 = (0..50).map(fw_random_game).sum();
    println!("feathers & wax random playouts: {actions} actions over 50 games");
    let mut group = c.benchmark_group("fw_random_playout");
    group.throughput(Throughput::Elements(actions / 50));
    let mut seed = 0;
    group.bench_function("one_game", |b| {
        b.iter(|| {
            seed = (seed + 1) % 50;
            black_box(fw_random_game(seed))
        });
    });
    group.finish();
    // The meter: one full reading (all its playouts), at the start and in flight.
    let mut group = c.benchmark_group("fw_meter_full_reading");
    group.sample_size(10);
    let start = FeathersAndWax::new(&Setup { seats: 1, options: FwOptions {} }, 3);
    let flight = fw_session(3, |g| g.phase() == FwPhase::Flight || g.outcome().is_some()).state().clone();
    // Seven unseen flight cards: the exact count over all 5,040 orders.
    let seven = (0..40)
        .map(|seed| {
            fw_session(seed, |g| (g.phase() == FwPhase::Flight && g.flight_left() <= 7) || g.outcome().is_some())
        })
        .map(|s| s.state().observation(Seat(0)))
        .find(|g| g.outcome().is_none() && g.flight_left() == 7)
        .expect("a flight with seven cards left");
    let stop = AtomicBool::new(false);
    for (name, g) in [("first_move", &start), ("flight", &flight), ("exact_7_cards_left", &seven)] {
        group.bench_function(name, |b| {
            b.iter(|| black_box(estimate(g, 9, &stop, |_| {})));
        });
    }
    group.finish();
    // Frame time of the table, in the labyrinth and in the sky.
    for (name, stop) in [
        ("fw_labyrinth_frame", (|g: &FeathersAndWax| g.deck_counts().2 <= 14) as fn(&FeathersAndWax) -> bool),
        ("fw_sky_frame", |g: &FeathersAndWax| {
            g.outcome().is_some()
                || (g.phase() == FwPhase::Flight && g.turn() >= 3 && matches!(g.stage(), FwStage::Play(_)))
        }),
    ] {
        let dir = std::env::temp_dir().join(format!("aviary-bench-fw-{}", std::process::id()));
        let mut app = AviaryApp::new(None, dir.join("saves"));
        let session = fw_session(4, stop);
        app.tabs.push(Box::new(FeathersTab::new(Table::new(session, dir.join("saves").join("fw.json")))));
        app.screen = Screen::Game(0);
        let mut harness = egui_kittest::Harness::builder()
            .with_size([1280.0, 900.0])
            .build_ui_state(|ui, app: &mut AviaryApp| app.ui_root(ui), app);
        harness.run_steps(3);
        // Let the meter finish so the frames measured are the quiet ones.
        let tab = harness.state_mut().tabs[0].as_any_mut().downcast_mut::<FeathersTab>().unwrap();
        let _ = tab.settle_meter();
        harness.run_steps(2);
        c.bench_function(name, |b| b.iter(|| harness.step()));
        let _ = std::fs::remove_dir_all(dir);
    }
}

/// An Enchanted Plumes session for `seats` players (seat 0 a person, the
/// rest computers) played by the greedy bot until `turns` turns are done
/// and seat 0 is about to play.
fn ep_session(seats: u8, turns: u32) -> Session<EnchantedPlumes> {
    let mut players = vec![Player::Human];
    players.extend((1..seats).map(|_| Player::Computer(Level::Easy)));
    let options = EpOptions { names: Vec::new(), first: Some(0) };
    let mut s: Session<EnchantedPlumes> = Session::new(Setup { seats, options }, 11, players);
    let mut bot = GreedyBot::new(2);
    let stop = AtomicBool::new(false);
    while !s.is_over() {
        let g = s.state();
        if g.turns() >= turns && g.current() == Seat(0) && g.turn().played == 0 && g.to_move().seat() == Some(Seat(0)) {
            break;
        }
        let seat = g.to_move().seat().unwrap();
        let a = Bot::<EnchantedPlumes>::choose(&mut bot, &g.observation(seat), seat, &stop).unwrap();
        s.propose(a).unwrap();
    }
    s
}

fn enchanted_plumes(c: &mut Criterion) {
    let games = |seats: u8| {
        (0..40u64).map(move |seed| {
            random_playout(EnchantedPlumes::new(&Setup { seats, options: EpOptions::default() }, seed), seed)
        })
    };
    let actions: u64 = games(4).sum();
    println!("enchanted plumes random playouts (4 players): {actions} actions over 40 games");
    let mut group = c.benchmark_group("ep_random_playout_4p");
    group.throughput(Throughput::Elements(actions / 40));
    let mut seed = 0;
    group.bench_function("one_game", |b| {
        b.iter(|| {
            seed = (seed + 1) % 40;
            black_box(random_playout(
                EnchantedPlumes::new(&Setup { seats: 4, options: EpOptions::default() }, seed),
                seed,
            ))
        });
    });
    group.finish();
    // Search from seat 0's observation, two players, mid-game.
    let g = ep_session(2, 8).state().clone();
    let stop = AtomicBool::new(false);
    let mut group = c.benchmark_group("ep_mcts");
    group.sample_size(10);
    group.throughput(Throughput::Elements(2_000));
    group.bench_function("2000_iterations", |b| {
        b.iter(|| {
            let mut bot = Mcts::new(1, Budget::iterations(2_000));
            black_box(Bot::<EnchantedPlumes>::choose(&mut bot, &g.observation(Seat(0)), Seat(0), &stop))
        });
    });
    group.finish();
    let mut group = c.benchmark_group("ep_turn");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(8));
    for seats in [2u8, 6] {
        let g = ep_session(seats, 2 * u32::from(seats)).state().clone();
        for level in [Level::Easy, Level::Normal, Level::Hard] {
            group.bench_function(format!("{}_{seats}p", level.name()), |b| {
                b.iter(|| {
                    let mut bot: Box<dyn Bot<EnchantedPlumes>> = level.bot(3);
                    black_box(bot.plan(&g.observation(Seat(0)), Seat(0), &stop))
                });
            });
        }
    }
    group.finish();
    // Frame time of a six-player table in mid-game.
    let dir = std::env::temp_dir().join(format!("aviary-bench-ep-{}", std::process::id()));
    let mut app = AviaryApp::new(None, dir.join("saves"));
    let session = ep_session(6, 30);
    app.tabs.push(Box::new(PlumesTab::new(Table::new(session, dir.join("saves").join("ep.json")))));
    app.screen = Screen::Game(0);
    let mut harness = egui_kittest::Harness::builder()
        .with_size([1280.0, 900.0])
        .build_ui_state(|ui, app: &mut AviaryApp| app.ui_root(ui), app);
    harness.run_steps(3);
    c.bench_function("ep_table_frame_6p", |b| b.iter(|| harness.step()));
    let _ = std::fs::remove_dir_all(dir);
}

fn dust_in_the_wings(c: &mut Criterion) {
    use aviary::ai::dust_wings::{PLANNER_BUDGET, plans};
    use aviary::rules::dust_wings::{DustInTheWings, Options as DwOptions};
    use aviary::ui::dust_wings::WingsTab;
    let new = |seed: u64| DustInTheWings::new(&Setup { seats: 2, options: DwOptions::default() }, seed);
    let actions: u64 = (0..40u64).map(|s| random_playout(new(s), s)).sum();
    println!("dust in the wings random playouts: {actions} actions over 40 games");
    let mut group = c.benchmark_group("dw_random_playout");
    group.throughput(Throughput::Elements(actions / 40));
    let mut seed = 0;
    group.bench_function("one_game", |b| {
        b.iter(|| {
            seed = (seed + 1) % 40;
            black_box(random_playout(new(seed), seed))
        });
    });
    group.finish();
    // A mid-game position: four greedy turns in.
    let mut s: Session<DustInTheWings> = Session::new(
        Setup { seats: 2, options: DwOptions { names: Vec::new(), first: Some(0) } },
        4,
        vec![Player::Human, Player::Computer(Level::Easy)],
    );
    let mut bot = GreedyBot::new(1);
    let stop = AtomicBool::new(false);
    while s.state().turns() < 4 {
        let seat = s.state().to_move().seat().unwrap();
        let a = Bot::<DustInTheWings>::choose(&mut bot, &s.state().observation(seat), seat, &stop).unwrap();
        s.propose(a).unwrap();
    }
    let g = s.state().clone();
    println!("dust in the wings planner: {} plans from the mid-game position", plans(&g, PLANNER_BUDGET).len());
    c.bench_function("dw_planner_whole_turn", |b| b.iter(|| black_box(plans(&g, PLANNER_BUDGET).len())));
    let mut group = c.benchmark_group("dw_turn");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));
    for level in [Level::Easy, Level::Normal, Level::Hard] {
        group.bench_function(level.name(), |b| {
            b.iter(|| {
                let mut bot: Box<dyn Bot<DustInTheWings>> = level.bot(3);
                black_box(bot.plan(&g.observation(Seat(0)), Seat(0), &stop))
            });
        });
    }
    group.finish();
    let dir = std::env::temp_dir().join(format!("aviary-bench-dw-{}", std::process::id()));
    let mut app = AviaryApp::new(None, dir.join("saves"));
    app.tabs.push(Box::new(WingsTab::new(Table::new(s, dir.join("saves").join("dw.json")))));
    app.screen = Screen::Game(0);
    let mut harness = egui_kittest::Harness::builder()
        .with_size([1280.0, 900.0])
        .build_ui_state(|ui, app: &mut AviaryApp| app.ui_root(ui), app);
    harness.run_steps(3);
    c.bench_function("dw_table_frame", |b| b.iter(|| harness.step()));
    let _ = std::fs::remove_dir_all(dir);
}

criterion_group!(benches, playouts, mcts, frame, feathers_and_wax, enchanted_plumes, dust_in_the_wings);
criterion_main!(benches);
