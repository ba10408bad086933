//! What happens in Tail Feathers games between two greedy players: how
//! each of 10 games ends, and counts of the events that shape them (birds
//! flying off the battlefield, trunk crashes, perches, swoops and shots at
//! the nests, nest wounds). For tuning the computer player and Scenario 1:
//! `cargo run --release --example tf_stats`; with `TF_OFF=1` it also prints
//! each flight that took a bird off the battlefield, with how many of the
//! bird's flights would have stayed on it.
#![allow(clippy::unwrap_used)]
use aviary::ai::{Bot, GreedyBot};
use aviary::rules::tail_feathers::game::{Event, Options, TailFeathers};
use aviary::rules::{Game, Setup, ToMove};
use std::sync::atomic::AtomicBool;
fn main() {
    let stop = AtomicBool::new(false);
    let mut tot = std::collections::BTreeMap::<String, usize>::new();
    for seed in 0..10u64 {
        let mut g = TailFeathers::new(&Setup { seats: 2, options: Options::default() }, seed);
        let mut bots = [GreedyBot::new(seed), GreedyBot::new(seed + 100)];
        while g.outcome().is_none() {
            let a = match g.to_move() {
                ToMove::Seat(s) => {
                    Bot::<TailFeathers>::choose(&mut bots[s.index()], &g.observation(s), s, &stop).unwrap()
                }
                _ => g.legal_actions()[0].clone(),
            };
            let d = g.describe(&a);
            for k in [
                "swoops at the mice nest",
                "swoops at the rats nest",
                "shoots at the mice nest",
                "shoots at the rats nest",
                "perches",
                "swoops",
                "shoots",
                "attacks",
            ] {
                if d.contains(k) {
                    *tot.entry(k.into()).or_default() += 1;
                }
            }
            let before = g.clone();
            g.apply(&a).unwrap();
            if std::env::var("TF_OFF").is_ok() && g.events().iter().any(|e| matches!(e, Event::Off(_))) {
                let bird = before.active_unit().map(|u| aviary::rules::tail_feathers::game::UNIT_DEFS[u].first);
                let routes = bird.and_then(|f| {
                    before.bird(f).map(|b| {
                        aviary::ai::tail_feathers::escape_routes(
                            b.pose,
                            &before.next_flight_tilts(f).0,
                            before.active_unit().unwrap(),
                            36.0,
                        )
                    })
                });
                println!("OFF after {d} (routes before {routes:?}, walking {})", before.walking().is_some());
            }
            for e in g.events() {
                let k = match e {
                    Event::Off(_) => "off board",
                    Event::Crashed(_) => "crash",
                    Event::Defeated(f) if *f < 3 || *f == 9 || *f == 10 => "bird defeated",
                    Event::Wounds(aviary::rules::tail_feathers::game::Target::Nest(_), _) => "nest wounded",
                    _ => continue,
                };
                *tot.entry(k.into()).or_default() += 1;
            }
        }
        println!("seed {seed}: {}", g.outcome().unwrap().reason);
    }
    println!("{tot:?}");
}
