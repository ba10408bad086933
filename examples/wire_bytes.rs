//! What online play costs on the wire: whole games of every two-or-more
//! player game between a host and its friends over in-process links,
//! random legal moves, the bytes the host sends a friend per move (and what
//! sending the whole view every move would have cost), and each friend
//! move's round trip from proposing it to seeing it played.
//!
//! `cargo run --release --example wire_bytes -- [GAMES] [SEED]` (default 3
//! games of each, seed 1).

use std::time::{Duration, Instant};

use aviary::ai::Evaluate;
use aviary::net::protocol::{self, ToGuest, View};
use aviary::net::{Host, Mirror, memory};
use aviary::rules::tail_feathers::game as tf;
use aviary::rules::{Rng, Seat, Setup, ToMove, daedalus, dust_wings, enchanted_plumes};
use aviary::session::{Player, Session};
use aviary::table::Table;

#[derive(Default)]
struct Figures {
    moves: usize,
    views: usize,
    bytes: usize,
    full_bytes: usize,
    round_trips: Vec<Duration>,
}

fn play<G: Evaluate>(setup: Setup<G::Options>, seed: u64, figures: &mut Figures) {
    let dir = std::env::temp_dir().join(format!("aviary-wire-{}-{seed}", std::process::id()));
    let seats = usize::from(setup.seats);
    let players: Vec<Player> = (0..seats).map(|i| if i == 0 { Player::Human } else { Player::Friend }).collect();
    let mut table = Table::new(Session::new(setup, seed, players), dir.join("game.json"));
    let (listener, incoming) = memory::listener();
    let tokens: Vec<String> = (1..seats).map(|i| format!("token-{i}")).collect();
    let mut host = Host::new(&table, tokens.clone(), incoming);
    let mut mirrors: Vec<Mirror<G>> =
        tokens.iter().map(|t| Mirror::join(memory::dial(&listener, t), t, "friend")).collect();
    let mut notices = Vec::new();
    let mut rng = Rng::seeded(seed);
    let exchange = |host: &mut Host<G>, table: &mut Table<G>, mirrors: &mut Vec<Mirror<G>>, notices: &mut Vec<_>| {
        host.poll(table, notices);
        for m in mirrors.iter_mut() {
            let _ = m.poll();
        }
    };
    for _ in 0..5 {
        exchange(&mut host, &mut table, &mut mirrors, &mut notices);
    }
    let start_bytes = host.sent_bytes;
    let start_views = host.views_sent;
    let start_cursor = table.session().cursor();
    for _ in 0..20_000 {
        let state = table.session().state();
        let ToMove::Seat(seat) = state.to_move() else { break };
        if seat.index() == 0 {
            let legal = state.legal_actions();
            let a = rng.pick(&legal).expect("a move").clone();
            table.propose_for_person(a, &mut notices);
        } else {
            let m = mirrors.iter_mut().find(|m| m.seat() == Some(seat)).expect("the friend");
            let legal = m.state().expect("a view").legal_actions();
            let a = rng.pick(&legal).expect("a move").clone();
            let at = m.log().len();
            let proposed = Instant::now();
            m.propose(a);
            while mirrors.iter().find(|m| m.seat() == Some(seat)).is_some_and(|m| m.log().len() <= at) {
                exchange(&mut host, &mut table, &mut mirrors, &mut notices);
            }
            figures.round_trips.push(proposed.elapsed());
        }
        exchange(&mut host, &mut table, &mut mirrors, &mut notices);
        // What the whole view would have cost, for each friend.
        for i in 1..seats {
            let s = table.session().state().observation(Seat(i as u8));
            let log = table.session().log();
            let view =
                View { cursor: log.len(), from: log.len() - 1, log: log[log.len() - 1..].to_vec(), hash: 0, state: s };
            figures.full_bytes += protocol::encode(1, &ToGuest::View(view)).map_or(0, |f| f.len());
        }
    }
    exchange(&mut host, &mut table, &mut mirrors, &mut notices);
    figures.moves += (table.session().cursor() - start_cursor) * (seats - 1);
    figures.views += host.views_sent - start_views;
    figures.bytes += host.sent_bytes - start_bytes;
    let _ = std::fs::remove_dir_all(&dir);
}

fn report(name: &str, f: &mut Figures) {
    f.round_trips.sort();
    let q = |p: f64| f.round_trips.get(((f.round_trips.len() as f64 - 1.0) * p) as usize).copied().unwrap_or_default();
    let moves = f.moves.max(1);
    println!(
        "{name:18} {:>6} moves  {:>6} B a move (whole views: {:>6} B)  round trip median {:?} p90 {:?} max {:?}",
        f.moves,
        f.bytes / moves,
        f.full_bytes / moves,
        q(0.5),
        q(0.9),
        q(1.0)
    );
}

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(3);
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    println!("bytes the host sends one friend per move played, over whole random games");
    measure::<daedalus::Daedalus>("Daedalus", &Setup { seats: 2, options: daedalus::Options::default() }, games, seed);
    let plumes = Setup { seats: 4, options: enchanted_plumes::Options::default() };
    measure::<enchanted_plumes::EnchantedPlumes>("Enchanted Plumes", &plumes, games, seed);
    let wings = Setup { seats: 3, options: dust_wings::Options::default() };
    measure::<dust_wings::DustInTheWings>("Dust in the Wings", &wings, games, seed);
    let feathers = Setup { seats: 2, options: tf::Options::every_additional_rule() };
    measure::<tf::TailFeathers>("Tail Feathers", &feathers, games, seed);
}

/// `games` games of `G` from `seed` on, and their figures printed.
fn measure<G: Evaluate>(name: &str, setup: &Setup<G::Options>, games: u64, seed: u64) {
    let mut f = Figures::default();
    for g in 0..games {
        play::<G>(setup.clone(), seed + g, &mut f);
    }
    report(name, &mut f);
}
