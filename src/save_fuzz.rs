//! A save-file fuzzer: seeded mutations of real saves of every game, each
//! loaded the way the app loads a file. Used by `tests/save_fuzz.rs` (a few
//! thousand files in `cargo test`) and `examples/save_fuzz.rs` (a million or
//! more, with timings and peak memory).
//!
//! The base files are saves of seeded random games of every game at several
//! lengths, finished or not, some with undone moves. Each mutation is one
//! of: byte flips, truncation, an edit of a top-level field (game, version,
//! seats, seed, cursor, options) to a boundary or foreign value, an edit of
//! one move's fields to boundary values (squares off the board and on its
//! edge, card slots and values out of range, numbers past their type), a
//! move taken from another game, and moves duplicated, dropped or swapped.
//! Friends' copies of online games (views, not moves) are among the bases.
//!
//! Every file must be accepted or refused with a message; a panic inside
//! loading is caught by [`save::contained`] and reported here as a crash,
//! which the tests count as a failure.

use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::games;
use crate::rules::daedalus::{self, Daedalus};
use crate::rules::dust_wings::{self, DustInTheWings};
use crate::rules::enchanted_plumes::{self, EnchantedPlumes};
use crate::rules::feathers_wax::{self, FeathersAndWax};
use crate::rules::tail_feathers::{self, TailFeathers};
use crate::rules::{Game, Rng, Setup, ToMove};
use crate::save::{self, SaveError};
use crate::session::{Player, Session};

/// What a fuzz run found.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// Files tried.
    pub files: usize,
    /// Files that loaded.
    pub accepted: usize,
    /// Files refused with a message.
    pub refused: usize,
    /// Files whose loading crashed (caught): the file and the crash.
    pub crashes: Vec<(String, String)>,
    /// Refusals whose message is empty (should never happen).
    pub silent: usize,
    /// The slowest file and how long it took.
    pub slowest: (Duration, String),
}

/// A random game of `G` played to at most `steps` actions, then saved,
/// sometimes with its last moves undone (a redo branch in the file).
fn played<G: Game>(setup: Setup<G::Options>, seed: u64, steps: usize, undo: usize) -> String {
    let players = vec![Player::Human; usize::from(setup.seats)];
    let mut session: Session<G> = Session::new(setup, seed, players);
    let mut rng = Rng::seeded(seed ^ 0x5EED);
    for _ in 0..steps {
        if session.state().to_move() == ToMove::Nobody {
            break;
        }
        let legal = session.state().legal_actions();
        let Some(a) = rng.pick(&legal).cloned() else { break };
        if session.propose(a).is_err() {
            break;
        }
    }
    for _ in 0..undo {
        session.undo_one();
    }
    save::to_text(&save::record(&session))
}

/// A friend's copy of a random game of `G` (seat 1's views of `steps`
/// actions), as the friend's app writes it.
fn friend_copy<G: Game>(setup: Setup<G::Options>, seed: u64, steps: usize) -> String {
    let seats = usize::from(setup.seats);
    let mut session: Session<G> = Session::new(setup.clone(), seed, vec![Player::Human; seats]);
    let mut copy = save::FriendCopy::new(format!("{}/host.token", G::INFO.id), "Ben".into());
    copy.set_seat(1);
    let mut rng = Rng::seeded(seed ^ 0xF00D);
    let seat = crate::rules::Seat(1);
    copy.push(&session.state().observation(seat), session.log());
    for _ in 0..steps {
        let legal = session.state().legal_actions();
        let Some(a) = rng.pick(&legal).cloned() else { break };
        if session.propose(a).is_err() {
            break;
        }
        copy.push(&session.state().observation(seat), session.log());
    }
    let players = (0..seats).map(|i| if i == 1 { Player::Human } else { Player::Friend }).collect();
    let mut mirror: Session<G> = Session::new(setup, 0, players);
    mirror.mirror(session.state().observation(seat), session.log().to_vec());
    let mut file = save::record(&mirror);
    file.friend = Some(copy);
    save::to_text(&file)
}

/// Saves of every game at several lengths: the material mutations start
/// from (and, last, friends' copies of online games).
#[must_use]
pub fn base_saves() -> Vec<String> {
    let mut out = Vec::new();
    for (i, steps) in [0usize, 3, 20, 60, 400].into_iter().enumerate() {
        let seed = 11 + i as u64;
        let undo = i % 3;
        out.push(played::<Daedalus>(
            Setup { seats: 2, options: daedalus::Options { walls_roam: i % 2 == 1 } },
            seed,
            steps,
            undo,
        ));
        out.push(played::<FeathersAndWax>(
            Setup { seats: 1, options: feathers_wax::Options::default() },
            seed,
            steps,
            undo,
        ));
        out.push(played::<EnchantedPlumes>(
            Setup { seats: 2 + (i % 5) as u8, options: enchanted_plumes::Options::default() },
            seed,
            steps,
            undo,
        ));
        out.push(played::<DustInTheWings>(
            Setup { seats: 2 + (i % 3) as u8, options: dust_wings::Options::default() },
            seed,
            steps,
            undo,
        ));
        out.push(played::<TailFeathers>(
            Setup { seats: 2, options: tail_feathers::game::Options { veterans: i % 2 == 1, ..Default::default() } },
            seed,
            steps,
            undo,
        ));
    }
    out.push(friend_copy::<EnchantedPlumes>(Setup { seats: 3, options: enchanted_plumes::Options::default() }, 5, 40));
    out.push(friend_copy::<TailFeathers>(Setup { seats: 2, options: tail_feathers::game::Options::default() }, 6, 30));
    out
}

/// Boundary and foreign values for any JSON field.
fn odd_value(rng: &mut Rng) -> Value {
    let squares = ["a0", "a9", "i1", "z26", "h8", "e5", "f1", "a6", "e9", "A1", "a", "1", "", "a-1", "a257"];
    let numbers: [Value; 12] = [
        json!(0),
        json!(1),
        json!(2),
        json!(3),
        json!(4),
        json!(5),
        json!(10),
        json!(13),
        json!(255),
        json!(256),
        json!(-1),
        json!(u64::MAX),
    ];
    match rng.below(8) {
        0 | 1 => json!(squares[rng.below(squares.len())]),
        2 | 3 => numbers[rng.below(numbers.len())].clone(),
        4 => {
            let names = ["red 5", "red 9", "green 0", "blue 12", "pink 3", "Red", "Blue", "Yellow", "Icarus"];
            json!(names[rng.below(names.len())])
        }
        5 => [json!(null), json!(true), json!([]), json!({}), json!(1.5)][rng.below(5)].clone(),
        6 => json!("x".repeat(rng.below(3) * 100)),
        _ => {
            let rank = numbers[rng.below(numbers.len())].clone();
            let suit = ["Spades", "Hearts", "Cups"][rng.below(3)];
            json!({"rank": rank, "suit": suit})
        }
    }
}

/// Replaces one leaf of `v` (chosen at random) with an odd value.
fn edit_leaf(v: &mut Value, rng: &mut Rng) {
    match v {
        Value::Object(map) if !map.is_empty() => {
            let keys: Vec<String> = map.keys().cloned().collect();
            let k = &keys[rng.below(keys.len())];
            if let Some(child) = map.get_mut(k) {
                if rng.below(3) == 0 { *child = odd_value(rng) } else { edit_leaf(child, rng) }
            }
        }
        Value::Array(items) if !items.is_empty() => {
            let i = rng.below(items.len());
            if rng.below(3) == 0 { items[i] = odd_value(rng) } else { edit_leaf(&mut items[i], rng) }
        }
        _ => *v = odd_value(rng),
    }
}

/// One move of some game (for cross-game edits).
fn foreign_move(bases: &[Value], rng: &mut Rng) -> Option<Value> {
    let base = &bases[rng.below(bases.len())];
    let moves = base.get("actions")?.as_array()?;
    rng.pick(moves).cloned()
}

/// A mutation of `text` (one of the base saves, as parsed in `bases`).
#[must_use]
pub fn mutate(text: &str, bases: &[Value], rng: &mut Rng) -> String {
    let kind = rng.below(10);
    if kind <= 1 {
        // Byte flips: one to four bytes replaced by random ones.
        let mut bytes = text.as_bytes().to_vec();
        for _ in 0..=rng.below(4) {
            if !bytes.is_empty() {
                let i = rng.below(bytes.len());
                bytes[i] = rng.below(256) as u8;
            }
        }
        return String::from_utf8_lossy(&bytes).into_owned();
    }
    if kind == 2 {
        let mut cut = rng.below(text.len().max(1));
        while !text.is_char_boundary(cut) {
            cut -= 1;
        }
        return text[..cut].to_string();
    }
    let Ok(mut v) = serde_json::from_str::<Value>(text) else { return text.to_string() };
    match kind {
        3 => {
            // A top-level field set to an odd or foreign value.
            let fields = ["game", "version", "seats", "seed", "cursor", "options", "format", "finished", "assisted"];
            let f = fields[rng.below(fields.len())];
            let value = match (f, rng.below(3)) {
                ("game", 0) => {
                    // Every game's id (a playable one of another game, or one
                    // still coming), or a game Aviary does not have.
                    let ids: Vec<&str> = games::GAMES.iter().map(|e| e.id).chain(["chess"]).collect();
                    json!(ids[rng.below(ids.len())])
                }
                ("seats", 0) => {
                    let n = [0, 1, 2, 3, 4, 6, 7, 9, 200][rng.below(9)];
                    Value::Array(vec![json!({"name": "P", "player": "human"}); n])
                }
                ("options", 0) => {
                    let first = [0, 1, 5, 6, 200][rng.below(5)];
                    json!({"names": vec!["a"; 7], "first": first, "walls_roam": true})
                }
                _ => odd_value(rng),
            };
            if let Some(map) = v.as_object_mut() {
                if rng.below(8) == 0 {
                    map.remove(f);
                } else {
                    map.insert(f.to_string(), value);
                }
            }
        }
        4..=6 => {
            // One move's fields edited to boundary values.
            if let Some(moves) = v.get_mut("actions").and_then(Value::as_array_mut)
                && !moves.is_empty()
            {
                let i = rng.below(moves.len());
                for _ in 0..=rng.below(2) {
                    edit_leaf(&mut moves[i], rng);
                }
            }
        }
        7 => {
            // A move from another game (or the same one, elsewhere).
            let other = foreign_move(bases, rng);
            if let (Some(m), Some(moves)) = (other, v.get_mut("actions").and_then(Value::as_array_mut)) {
                let i = rng.below(moves.len() + 1);
                if i < moves.len() && rng.coin() {
                    moves[i] = m;
                } else {
                    moves.insert(i, m);
                }
            }
        }
        8 => {
            // Moves duplicated, dropped or swapped.
            if let Some(moves) = v.get_mut("actions").and_then(Value::as_array_mut)
                && moves.len() >= 2
            {
                let (i, j) = (rng.below(moves.len()), rng.below(moves.len()));
                match rng.below(3) {
                    0 => {
                        let m = moves[i].clone();
                        moves.insert(j, m);
                    }
                    1 => {
                        moves.remove(i);
                    }
                    _ => moves.swap(i, j),
                }
            }
        }
        _ => {
            // Several edits at once.
            for _ in 0..3 {
                edit_leaf(&mut v, rng);
            }
        }
    }
    serde_json::to_string_pretty(&v).unwrap_or_default()
}

/// Loads `text` as the app does (parse, then replay through the rules),
/// with any crash caught.
///
/// # Errors
/// Why the file is refused ([`SaveError::Crashed`] for a caught crash).
pub fn load(text: &str) -> Result<games::Summary, SaveError> {
    save::contained(|| games::verify(&save::parse(text)?))
}

/// Tries `files` mutated saves from `seed`, calling `each` with every file
/// and its verdict.
pub fn run(files: usize, seed: u64, mut each: impl FnMut(&str, &Result<games::Summary, SaveError>)) -> Report {
    let texts = base_saves();
    let bases: Vec<Value> = texts.iter().filter_map(|t| serde_json::from_str(t).ok()).collect();
    let mut rng = Rng::seeded(seed);
    let mut report = Report::default();
    for n in 0..files {
        let text = if n < texts.len() {
            texts[n].clone()
        } else {
            let base = &texts[rng.below(texts.len())];
            mutate(base, &bases, &mut rng)
        };
        let start = Instant::now();
        let verdict = load(&text);
        let took = start.elapsed();
        if took > report.slowest.0 {
            report.slowest = (took, text.chars().take(300).collect());
        }
        report.files += 1;
        match &verdict {
            Ok(_) => report.accepted += 1,
            Err(SaveError::Crashed(why)) => report.crashes.push((text.clone(), why.clone())),
            Err(e) => {
                report.refused += 1;
                if e.to_string().trim().is_empty() {
                    report.silent += 1;
                }
            }
        }
        each(&text, &verdict);
    }
    report
}
