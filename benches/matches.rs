//! Bot-against-bot matches (Daedalus, or another game with
//! `AVIARY_MATCH_GAME=enchanted-plumes`, `dust-in-the-wings` or
//! `tail-feathers`), first seat alternating. Not a timing
//! benchmark: it prints win/draw/loss counts. `AVIARY_MATCH_GAMES` sets the
//! number of games per pairing (default 10), `AVIARY_MATCH_ITERATIONS` the
//! MCTS iterations per search (default: the normal level, 2,000 capped at
//! 1 s of thinking per turn, exactly as the app plays it: both sides play
//! through the app's worker, which plans a whole turn in one search), `AVIARY_MATCH_ONLY`
//! one pairing (`mcts-random`, `mcts-greedy`, `greedy-random`, or, only when
//! asked for, `mcts-mcts`: the normal level against itself, for balance, and
//! `hard-mcts`: hard against normal),
//! `AVIARY_MATCH_SEED` the first game's seed (to split a match over cores).
//! It also counts, for each side, the log lines of its own moves that hold
//! one of the phrases in `AVIARY_MATCH_TALLY` (comma-separated; for Tail
//! Feathers by default "hits a trunk" and "flies off the battlefield": the
//! computer's trunk crashes and birds lost off the battlefield), and prints
//! them a game (with `AVIARY_MATCH_SHOW=1`, each such line whole, with its
//! seat; with `AVIARY_MATCH_SHOW=all`, every line). `hard-hard` plays hard against itself. For Tail Feathers,
//! `AVIARY_TF_ADDITIONAL=1` turns every additional rule on, or a
//! comma-separated list some of them (`foraging`, `feathers`, `spirals`,
//! `leaves`, `cards`, `structures`; structures bring the cards).
//! Run with `cargo bench --bench matches`.
#![allow(clippy::unwrap_used)]

use std::time::{Duration, Instant};

use aviary::ai::worker::{BotMaker, Worker};
use aviary::ai::{Bot, Budget, Evaluate, GreedyBot, Level, Mcts, RandomBot};
use aviary::rules::daedalus::Daedalus;
use aviary::rules::enchanted_plumes::EnchantedPlumes;
use aviary::rules::{Seat, Setup, ToMove};

type Maker<G> = BotMaker<G>;

fn mcts<G: Evaluate>(level: Level, seed: u64, time: Duration) -> Box<dyn Bot<G>> {
    match std::env::var("AVIARY_MATCH_ITERATIONS").ok().and_then(|v| v.parse().ok()) {
        Some(n) => Box::new(Mcts::new(seed, Budget::iterations(n))),
        None => level.bot_within(seed, time),
    }
}
fn greedy<G: Evaluate>(_: Level, seed: u64, _: Duration) -> Box<dyn Bot<G>> {
    Box::new(GreedyBot::new(seed))
}
fn random<G: Evaluate>(_: Level, seed: u64, _: Duration) -> Box<dyn Bot<G>> {
    Box::new(RandomBot::new(seed))
}

/// How often each tallied phrase turned up in the log lines of each
/// side's own moves: `[phrase][side a, side b]`.
type Tally = Vec<[usize; 2]>;

/// The phrases to count in the log (see the module doc).
fn tally_phrases(game: &str) -> Vec<String> {
    use aviary::rules::Game;
    let tail_feathers = aviary::rules::tail_feathers::TailFeathers::INFO.id;
    let default = if game == tail_feathers { "hits a trunk,flies off the battlefield" } else { "" };
    let list = std::env::var("AVIARY_MATCH_TALLY").unwrap_or_else(|_| default.to_string());
    list.split(',').map(str::trim).filter(|p| !p.is_empty()).map(String::from).collect()
}

/// Plays one two-seat game; returns the reward of `a` (1 win, 0.5 draw or
/// shared win, 0 loss) and how the game ended, with its length in actions.
/// `a` plays at its level (normal, or hard), `b` at its own. The tally
/// counts the phrases in the log lines of each side's moves.
fn play<G: Evaluate>(
    options: &G::Options,
    (a, level_a): (Maker<G>, Level),
    (b, level_b): (Maker<G>, Level),
    (a_first, seed): (bool, u64),
    worst: &mut Duration,
    (phrases, tally): (&[String], &mut Tally),
) -> (f64, String) {
    let mut g = G::new(&Setup { seats: 2, options: options.clone() }, seed);
    let show_all = std::env::var("AVIARY_MATCH_SHOW").is_ok_and(|v| v == "all");
    let show = show_all || std::env::var("AVIARY_MATCH_SHOW").is_ok_and(|v| v == "1");
    // Both sides play through the app's worker: one search plans a turn,
    // and its steps are played from the plan.
    let (mut bot_a, mut bot_b) = (Worker::<G>::with_bots(a), Worker::<G>::with_bots(b));
    let seat_a = if a_first { Seat(0) } else { Seat(1) };
    let (mut actions, mut cursor, mut turn_began, mut last_seat) = (0, 0usize, 0usize, None);
    loop {
        let seat = match g.to_move() {
            ToMove::Seat(s) => s,
            ToMove::Chance => {
                let a = g.legal_actions()[0].clone();
                g.apply(&a).unwrap();
                cursor += 1;
                continue;
            }
            ToMove::Nobody => break,
        };
        let a_moves = seat == seat_a;
        let bot = if a_moves { &mut bot_a } else { &mut bot_b };
        if last_seat != Some(seat) {
            turn_began = cursor;
            last_seat = Some(seat);
        }
        let level = if a_moves { level_a } else { level_b };
        bot.ask(g.observation(seat), (seat, turn_began), level, cursor, Duration::ZERO, || {});
        let action = bot.wait(cursor).unwrap();
        let line = g.describe(&action);
        g.apply(&action).unwrap();
        let line = format!("{line}: {}", g.aftermath());
        let mut shown = false;
        for (p, count) in phrases.iter().zip(tally.iter_mut()) {
            let n = line.matches(p.as_str()).count();
            count[usize::from(!a_moves)] += n;
            if (n > 0 && show && !shown) || (show_all && !shown) {
                println!("    seat {}: {line}", seat.0);
                shown = true;
            }
        }
        actions += 1;
        cursor += 1;
    }
    *worst = (*worst).max(bot_a.slowest_turn);
    let o = g.outcome().unwrap();
    let scores = format!("{} to {}", o.scores[seat_a.index()], o.scores[1 - seat_a.index()]);
    (o.reward(seat_a, 2), format!("{scores}; {} after {actions} actions", o.reason))
}

fn pairings<G: Evaluate>(game: &str, options: &G::Options) {
    let games: u64 = std::env::var("AVIARY_MATCH_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(10);
    let list: [(&str, Maker<G>, &str, Maker<G>); 6] = [
        ("mcts", mcts, "random", random),
        ("mcts", mcts, "greedy", greedy),
        ("greedy", greedy, "random", random),
        ("mcts", mcts, "mcts", mcts),
        ("hard", mcts, "mcts", mcts),
        ("hard", mcts, "hard", mcts),
    ];
    let phrases = tally_phrases(game);
    let only = std::env::var("AVIARY_MATCH_ONLY").unwrap_or_default();
    let first_seed: u64 = std::env::var("AVIARY_MATCH_SEED").ok().and_then(|v| v.parse().ok()).unwrap_or(1_000);
    for (na, a, nb, b) in list {
        let pairing = format!("{na}-{nb}");
        // The same level on both sides (for balance), and hard against
        // normal, only when asked for.
        if (!only.is_empty() || na == nb || na == "hard") && only != pairing {
            continue;
        }
        let (mut wins, mut draws, mut losses) = (0, 0, 0);
        // By seat: first seat's wins, second seat's wins, games ended by
        // the rules rather than a round or move limit.
        let (mut seat_wins, mut by_rules) = ([0; 2], 0);
        let mut worst = Duration::ZERO;
        let mut tally: Tally = vec![[0; 2]; phrases.len()];
        let start = Instant::now();
        let level = |name: &str| if name == "hard" { Level::Hard } else { Level::Normal };
        for i in 0..games {
            let mut game_tally: Tally = vec![[0; 2]; phrases.len()];
            let (r, how) = play::<G>(
                options,
                (a, level(na)),
                (b, level(nb)),
                (i % 2 == 0, first_seed + 2 * i),
                &mut worst,
                (&phrases, &mut game_tally),
            );
            let counted: Vec<String> =
                phrases.iter().zip(&game_tally).map(|(p, [x, y])| format!("\"{p}\" {na} {x}, {nb} {y}")).collect();
            for (t, g) in tally.iter_mut().zip(&game_tally) {
                t[0] += g[0];
                t[1] += g[1];
            }
            println!(
                "  game {}: {na} {} scores {r} ({how}){}",
                i + 1,
                if i % 2 == 0 { "first" } else { "second" },
                if counted.is_empty() { String::new() } else { format!("; {}", counted.join("; ")) }
            );
            let a_seat = usize::from(i % 2 != 0);
            if r > 0.75 {
                seat_wins[a_seat] += 1;
            } else if r < 0.25 {
                seat_wins[1 - a_seat] += 1;
            }
            if !how.contains("limit") {
                by_rules += 1;
            }
            if r > 0.75 {
                wins += 1;
            } else if r > 0.25 {
                draws += 1;
            } else {
                losses += 1;
            }
        }
        println!(
            "{game}: {na} v {nb}: {wins} wins, {draws} draws/shared, {losses} losses in {games} games ({:.0} s; slowest {na} turn {:.2} s of thinking)",
            start.elapsed().as_secs_f64(),
            worst.as_secs_f64()
        );
        println!(
            "{game}: by seat: the first seat won {}, the second seat won {}; {by_rules} of {games} ended by the rules, not a limit",
            seat_wins[0], seat_wins[1]
        );
        for (p, [x, y]) in phrases.iter().zip(&tally) {
            let per = |n: usize| n as f64 / games.max(1) as f64;
            println!(
                "{game}: \"{p}\": {na} {x} ({:.2} a game), {nb} {y} ({:.2} a game), both {:.2} a game",
                per(*x),
                per(*y),
                per(x + y)
            );
        }
    }
}

/// Tail Feathers' core rules, or every additional rule with
/// `AVIARY_TF_ADDITIONAL=1`, or those it lists.
fn tail_options() -> aviary::rules::tail_feathers::game::Options {
    let list = std::env::var("AVIARY_TF_ADDITIONAL").unwrap_or_default();
    let on = |rule: &str| list == "1" || list.split(',').any(|r| r.trim() == rule);
    aviary::rules::tail_feathers::game::Options {
        foraging: on("foraging"),
        feathers: on("feathers"),
        death_spirals: on("spirals"),
        leaves: on("leaves"),
        action_cards: on("cards") || on("structures"),
        structures: on("structures"),
        ..aviary::rules::tail_feathers::game::Options::default()
    }
}

fn main() {
    use aviary::rules::Game;
    use aviary::rules::dust_wings::DustInTheWings;
    let wanted = std::env::var("AVIARY_MATCH_GAME").unwrap_or_default();
    if wanted == DustInTheWings::INFO.id {
        pairings::<DustInTheWings>(DustInTheWings::INFO.id, &aviary::rules::dust_wings::Options::default());
    } else if wanted == aviary::rules::tail_feathers::TailFeathers::INFO.id {
        pairings::<aviary::rules::tail_feathers::TailFeathers>(
            aviary::rules::tail_feathers::TailFeathers::INFO.id,
            &tail_options(),
        );
    } else if wanted == EnchantedPlumes::INFO.id {
        pairings::<EnchantedPlumes>(EnchantedPlumes::INFO.id, &aviary::rules::enchanted_plumes::Options::default());
    } else {
        pairings::<Daedalus>(Daedalus::INFO.id, &aviary::rules::daedalus::Options::default());
    }
}
