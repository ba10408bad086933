//! The flood a host must stand: real iroh endpoints on 127.0.0.1 (no
//! relay, nothing leaves the machine), a host table, and for 8 seconds
//! each (1) a stranger with no token sending a steady stream of tiny
//! garbage frames, redialing whenever it is let go, then (2) an invited
//! friend sending valid messages as fast as it can. Prints the host
//! process's memory above its start and the longest single step of the
//! table's work (reading, checking, answering).
//!
//! The attackers run in a process of their own (this program, started
//! again), so the memory measured is the host's alone.
//!
//! `cargo run --release --example host_attack -- [SECONDS]`

use std::sync::Arc;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use aviary::net::invite::Invite;
use aviary::net::p2p::{NetConfig, Node};
use aviary::net::protocol::{self, PROTOCOL, ToHost};
use aviary::net::{Host, Link, Received};
use aviary::rules::Setup;
use aviary::rules::daedalus::{Daedalus, Options};
use aviary::session::{Player, Session};
use aviary::table::{Table, Waker};

fn rss_mib() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let kib: f64 = status
        .lines()
        .find(|l| l.starts_with("VmRSS:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|n| n.parse().ok())
        .unwrap_or(0.0);
    kib / 1024.0
}

/// Steps the host for `seconds` while `attack` runs on its own thread;
/// returns (longest step, peak memory above `base`, connections let go).
fn under_attack(
    host: &mut Host<Daedalus>,
    table: &mut Table<Daedalus>,
    seconds: u64,
    base: f64,
    attack: impl FnOnce(Instant) + Send + 'static,
) -> (Duration, f64) {
    let end = Instant::now() + Duration::from_secs(seconds);
    let attacker = std::thread::spawn(move || attack(end));
    let mut notices = Vec::new();
    let mut longest = Duration::ZERO;
    let mut peak = 0.0f64;
    let mut steps = 0u64;
    while Instant::now() < end {
        let started = Instant::now();
        host.poll(table, &mut notices);
        longest = longest.max(started.elapsed());
        steps += 1;
        if steps.is_multiple_of(100) {
            peak = peak.max(rss_mib() - base);
        }
        notices.clear();
        std::thread::sleep(Duration::from_millis(2));
    }
    peak = peak.max(rss_mib() - base);
    let _ = attacker.join();
    (longest, peak)
}

/// The stranger: garbage frames, redialing whenever let go.
fn stranger(invite: &Invite, end: Instant) -> String {
    let node = Node::start(NetConfig::loopback(), None, Arc::new(|| {})).expect("a node");
    let mut sent = 0u64;
    let mut dials = 0u64;
    while Instant::now() < end {
        let Ok(Ok(link)) = node.dial(invite).recv_timeout(Duration::from_secs(5)) else { continue };
        dials += 1;
        while Instant::now() < end {
            if !link.send(vec![0xff, 0x00, 0x17]) {
                break;
            }
            sent += 1;
            if sent.is_multiple_of(64) {
                std::thread::sleep(Duration::from_millis(1));
            }
            if link.receive() == Received::Closed {
                break;
            }
        }
    }
    node.shutdown();
    format!("{sent} frames over {dials} connections")
}

/// The friend: joins with the token, then sends valid messages as fast as
/// the connection takes them.
fn friend(invite: &Invite, end: Instant) -> String {
    let node = Node::start(NetConfig::loopback(), None, Arc::new(|| {})).expect("a node");
    let link: Link = node.dial(invite).recv_timeout(Duration::from_secs(5)).expect("dialed").expect("connected");
    let join = ToHost::<Daedalus>::Join {
        protocol: PROTOCOL,
        game: "daedalus".into(),
        token: invite.token.clone(),
        name: "Mallory".into(),
    };
    let _ = link.send(protocol::encode(1, &join).unwrap_or_default());
    let (mut n, mut sent, mut refused) = (2u64, 0u64, 0u64);
    while Instant::now() < end {
        let message = if n.is_multiple_of(2) { ToHost::<Daedalus>::Resend } else { ToHost::UndoAnswer(true) };
        if link.send(protocol::encode(n, &message).unwrap_or_default()) {
            n += 1;
            sent += 1;
        } else {
            // Its own queue is full: the host reads at its pace.
            refused += 1;
            std::thread::sleep(Duration::from_millis(1));
        }
        loop {
            match link.receive() {
                Received::Frame(_) => {}
                Received::Nothing => break,
                Received::Closed => {
                    node.shutdown();
                    return format!("{sent} frames sent, then let go ({refused} held back)");
                }
            }
        }
    }
    node.shutdown();
    format!("{sent} frames sent ({refused} held back by its full queue)")
}

fn main() {
    let mut args = std::env::args().skip(1);
    let first = args.next();
    if let Some(role @ ("stranger" | "friend")) = first.as_deref() {
        let invite = Invite::parse(&args.next().unwrap_or_default()).expect("an invite code");
        let seconds: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(8);
        let end = Instant::now() + Duration::from_secs(seconds);
        let said = if role == "stranger" { stranger(&invite, end) } else { friend(&invite, end) };
        println!("{said}");
        return;
    }
    let seconds: u64 = first.and_then(|a| a.parse().ok()).unwrap_or(8);
    let no_wake: Waker = Arc::new(|| {});
    let (to_host, incoming) = mpsc::channel();
    let host_node = Node::start(NetConfig::loopback(), Some(to_host), Arc::clone(&no_wake)).expect("the host's node");
    let dir = std::env::temp_dir().join(format!("aviary-attack-{}", std::process::id()));
    let mut table = Table::new(
        Session::new(Setup { seats: 2, options: Options::default() }, 1, vec![Player::Human, Player::Friend]),
        dir.join("game.json"),
    );
    let token = aviary::net::invite::fresh_token();
    let mut host = Host::new(&table, vec![token.clone()], incoming);
    let invite = host_node.invite("daedalus", &token);
    let base = rss_mib();
    println!("host memory at the start: {base:.1} MiB");

    let code = invite.code();
    for (what, words) in [("stranger", "stranger with garbage"), ("friend", "invited friend flooding valid messages")] {
        let before = host.closed_for_limits;
        let exe = std::env::current_exe().expect("this program");
        let child = std::process::Command::new(exe)
            .args([what, &code, &seconds.to_string()])
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("the attacker's process");
        let (longest, peak) = under_attack(&mut host, &mut table, seconds + 1, base, |_| {});
        let out = child.wait_with_output().map(|o| String::from_utf8_lossy(&o.stdout).into_owned()).unwrap_or_default();
        println!(
            "{words}, {seconds} s: {}; host memory peak +{peak:.1} MiB; longest step {:.2} ms; let go for the limits: {}",
            out.trim(),
            longest.as_secs_f64() * 1000.0,
            host.closed_for_limits - before
        );
    }
    drop(host);
    host_node.shutdown();
    let _ = std::fs::remove_dir_all(&dir);
}
