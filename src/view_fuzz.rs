//! A game-aware fuzzer of what a peer sends: views (a host's position as a
//! friend's mirror takes it, or as a friend's copy file holds it) and
//! proposed actions (a friend's move as the host handles it), for every
//! game. Used by `tests/view_fuzz.rs` (thousands of mutations per game in
//! `cargo test`) and `examples/view_fuzz.rs` (the long run).
//!
//! The material is real: positions of seeded playouts of every game (with
//! every additional rule of Tail Feathers too), each seen by a seat
//! (`observation`, what a host sends). Each case mutates one as JSON, one
//! to three times: a number to an edge value (0, 1, 255, 65,535, −1, huge,
//! a fraction) or one off, a flag flipped, a name swapped for another the
//! game uses, a list item removed, duplicated or swapped, a list cleared,
//! an item moved to another list of the same kind of thing (every count
//! kept, the structure broken), or a part replaced by the same part of
//! another position (another phase, stage or enum variant). Then:
//! 1. a view goes through [`save::check_state`], the check both the
//!    friend's mirror and the copy loader use; one it accepts gets
//!    everything a view and the computer's advice call on a state every
//!    frame (whose move, the legal actions and their words, the status,
//!    the outcome, each seat's observation and determinized copies, the
//!    heuristic, one action applied to a determinized copy, and each
//!    game's own view functions: scores, tableaux, previews, shapes,
//!    odds, flight plans);
//! 2. a proposal (a mutated legal or pseudo-legal action) goes to the
//!    host's real position as the host handles a friend's move: `check`,
//!    then for an accepted one its words, `reveals`, `apply` and
//!    `aftermath`, and the position after it must still be well formed.
//!
//! A panic hook records every panic on the fuzzing thread, also those a
//! containment (`save::contained`) catches on the way, so "0 panics" means
//! none anywhere: `catch_unwind` around each case only lets the count go on.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::fmt::Write as _;
use std::panic::{self, AssertUnwindSafe};
use std::sync::Once;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::ai::Evaluate;
use crate::rules::daedalus::{self, Daedalus};
use crate::rules::dust_wings::{self, CardRef, DustInTheWings};
use crate::rules::enchanted_plumes::{self, EnchantedPlumes};
use crate::rules::feathers_wax::{self, FeathersAndWax, Flyer, Labyrinth, Pile};
use crate::rules::grid::Square;
use crate::rules::tail_feathers::components::Alliance;
use crate::rules::tail_feathers::game::{self as tf, Action as TfAction, Target, UNITS};
use crate::rules::tail_feathers::geometry::Length;
use crate::rules::tail_feathers::{self, TailFeathers};
use crate::rules::{Game, Rng, Seat, Setup, ToMove};
use crate::save;

/// What a fuzz run of one game found.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// The game's id.
    pub game: &'static str,
    /// Positions the mutations started from.
    pub bases: usize,
    /// Mutated views tried.
    pub views: usize,
    /// Views that did not even read as a state of the game (refused by
    /// the decoder).
    pub unreadable: usize,
    /// Views the check refused with a message.
    pub refused: usize,
    /// Views the check accepted (and that were then drawn and advised on).
    pub accepted: usize,
    /// Mutated proposals tried.
    pub proposals: usize,
    /// Proposals that did not read as an action of the game.
    pub proposals_unreadable: usize,
    /// Proposals the rules refused.
    pub proposals_refused: usize,
    /// Proposals the rules accepted and applied.
    pub proposals_applied: usize,
    /// Panics, anywhere on the fuzzing thread, caught or not: what was
    /// being done, and the panic's message (at most a few kept).
    pub panics: Vec<(String, String)>,
    /// All panics counted.
    pub panic_count: usize,
    /// Positions a legal proposal led to that the check refuses (the check
    /// is too strict, or the rules broke an invariant).
    pub broken: Vec<String>,
    /// What the material holds: for each feature a game names (combat, a
    /// death spiral, a drifting leaf...), how many of its positions show
    /// it.
    pub material: Vec<(&'static str, usize)>,
    /// The slowest case (a view checked and drawn, or a proposal handled)
    /// and what it was: a view that freezes a window is as bad as one
    /// that crashes it.
    pub slowest: (Duration, String),
}

impl Report {
    fn timed(&mut self, took: Duration, what: impl FnOnce() -> String) {
        if took > self.slowest.0 {
            self.slowest = (took, what().chars().take(2000).collect());
        }
    }
}

thread_local! {
    static RECORDING: Cell<bool> = const { Cell::new(false) };
    static CAUGHT: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
}

/// Installs (once) a panic hook that records the panics of a thread while
/// it fuzzes and leaves every other panic to the hook before it.
fn install_hook() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let earlier = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            if RECORDING.with(Cell::get) {
                CAUGHT.with(|c| c.borrow_mut().push(info.to_string()));
            } else {
                earlier(info);
            }
        }));
    });
}

/// Runs `f`, with the panics it raised anywhere (caught inside it or not).
fn watched<R>(f: impl FnOnce() -> R) -> (Option<R>, Vec<String>) {
    RECORDING.with(|r| r.set(true));
    let out = panic::catch_unwind(AssertUnwindSafe(f)).ok();
    RECORDING.with(|r| r.set(false));
    (out, CAUGHT.with(|c| std::mem::take(&mut *c.borrow_mut())))
}

/// The prefix that keeps a number past 64 bits (Enchanted Plumes' card
/// sets are 100-bit masks) as text while a document is mutated:
/// `serde_json::Value` holds at most 64-bit integers.
const WIDE: &str = "wide-integer:";

/// `value` as a JSON document to mutate, integers past 64 bits kept whole
/// (as marked text; [`from_doc`] turns them back).
///
/// # Errors
/// When `value` does not serialize.
pub fn to_doc<T: serde::Serialize>(value: &T) -> serde_json::Result<Value> {
    let text = serde_json::to_string(value)?;
    let mut out = String::with_capacity(text.len());
    let (mut in_string, mut escaped) = (false, false);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if in_string {
            in_string = escaped || c != '"';
            escaped = !escaped && c == '\\';
            out.push(c);
            continue;
        }
        if c == '"' {
            in_string = true;
            out.push(c);
        } else if c.is_ascii_digit() {
            let mut digits = String::from(c);
            while let Some(d) = chars.next_if(char::is_ascii_digit) {
                digits.push(d);
            }
            let fraction = matches!(chars.peek(), Some('.' | 'e' | 'E'));
            if !fraction && !out.ends_with('-') && digits.parse::<u64>().is_err() {
                let _ = write!(out, "\"{WIDE}{digits}\"");
            } else {
                out.push_str(&digits);
            }
        } else {
            out.push(c);
        }
    }
    serde_json::from_str(&out)
}

/// A document of [`to_doc`] read back as a `T`.
///
/// # Errors
/// When it does not read as a `T`.
pub fn from_doc<T: serde::de::DeserializeOwned>(doc: &Value) -> serde_json::Result<T> {
    let text = serde_json::to_string(doc)?;
    let marker = format!("\"{WIDE}");
    if !text.contains(&marker) {
        return serde_json::from_str(&text);
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text.as_str();
    while let Some(i) = rest.find(&marker) {
        out.push_str(&rest[..i]);
        let after = &rest[i + marker.len()..];
        let n = after.find(|c: char| !c.is_ascii_digit()).unwrap_or(after.len());
        if after[n..].starts_with('"') && n > 0 {
            out.push_str(&after[..n]);
            rest = &after[n + 1..];
        } else {
            out.push_str(&marker);
            rest = after;
        }
    }
    out.push_str(rest);
    serde_json::from_str(&out)
}

/// A game the fuzzer knows: how to play it for material, and what its view
/// and advice call on a state every frame.
trait Fuzzed: Evaluate {
    /// The setups whose playouts give the material.
    fn setups() -> Vec<Setup<Self::Options>>;
    /// Playouts per setup, and their longest.
    const PLAYOUTS: (usize, usize) = (3, 400);
    /// An action of a playout (random unless a game needs a push to reach
    /// its later parts).
    fn pick(&self, legal: &[Self::Action], rng: &mut Rng) -> Self::Action {
        legal[rng.below(legal.len())].clone()
    }
    /// What the game's own view and advice ask of a state every frame.
    fn frame(&self, viewer: Seat);
    /// The features of the rules' later parts this position shows (for
    /// the report of what the material covers).
    fn features(&self) -> Vec<&'static str> {
        Vec::new()
    }
    /// Positions set by hand from the played ones, for parts random play
    /// seldom reaches (each one well formed).
    fn arranged(_played: &[Self]) -> Vec<Self> {
        Vec::new()
    }
}

/// Everything the generic table, the status line, the move log and the
/// computer's advice ask of a state, then the game's own view.
fn frame_all<G: Fuzzed>(g: &G, rng: &mut Rng) {
    let seats = g.setup().seats;
    let (to_move, legal) = (g.to_move(), g.legal_actions());
    let _ = (g.status(), g.outcome(), g.aftermath());
    for s in 0..seats {
        let seat = Seat(s);
        let _ = (g.seat_name(seat), g.evaluate(seat));
        let _ = g.observation(seat).legal_actions();
        let d = g.determinize(seat, &mut rng.split());
        if let Some(a) = rng.pick(&d.legal_actions()).cloned() {
            let mut next = d.clone();
            next.apply_legal(&a);
            let _ = (next.status(), next.to_move(), next.evaluate(seat));
        }
    }
    for a in &legal {
        let _ = (g.describe(a), g.reveals(a), g.announced(a));
    }
    // The views tint every drop target by asking the rules.
    let cands = g.pseudo_legal();
    for _ in 0..cands.len().min(24) {
        if let Some(a) = rng.pick(&cands) {
            let _ = g.check(a);
        }
    }
    if let ToMove::Seat(s) = to_move {
        let _ = g.greedy_turn(s, &mut rng.split());
        g.frame(s);
    }
    g.frame(Seat(0));
}

/// The material: positions of seeded playouts, every few steps, and the
/// first few that show each feature of the rules' later parts.
fn bases<G: Fuzzed>(seed: u64) -> Vec<G> {
    let mut out = Vec::new();
    let mut shown: HashMap<&'static str, usize> = HashMap::new();
    let (games, cap) = G::PLAYOUTS;
    for (k, setup) in G::setups().into_iter().enumerate() {
        for n in 0..games {
            let seed = seed.wrapping_add(1000 * k as u64 + n as u64);
            let mut rng = Rng::seeded(seed ^ 0xF0_22);
            let mut g = G::new(&setup, seed);
            let every = (cap / 12).max(1);
            for step in 0..cap {
                let mut rare = false;
                for f in g.features() {
                    let n = shown.entry(f).or_default();
                    rare |= *n < 12;
                    *n += 1;
                }
                if rare || step % every == 0 || rng.below(every) == 0 {
                    out.push(g.clone());
                }
                let legal = g.legal_actions();
                if legal.is_empty() {
                    out.push(g.clone());
                    break;
                }
                let a = g.pick(&legal, &mut rng);
                if g.apply(&a).is_err() {
                    break;
                }
            }
        }
    }
    out
}

/// Where every part of the material lies, by its place in the state
/// (list positions left out), and the names the states use: what a
/// mutation swaps in.
struct Donors {
    docs: Vec<Value>,
    places: HashMap<String, Vec<(usize, String)>>,
    names: Vec<String>,
}

impl Donors {
    fn new(docs: Vec<Value>) -> Self {
        let mut d = Donors { docs: Vec::new(), places: HashMap::new(), names: Vec::new() };
        for (i, doc) in docs.iter().enumerate() {
            d.index(i, doc, &mut String::new(), &mut String::new());
        }
        d.names.sort();
        d.names.dedup();
        d.docs = docs;
        d
    }

    fn index(&mut self, i: usize, v: &Value, pointer: &mut String, shape: &mut String) {
        let places = self.places.entry(shape.clone()).or_default();
        if places.len() < 64 {
            places.push((i, pointer.clone()));
        }
        let (p, s) = (pointer.len(), shape.len());
        match v {
            Value::Object(map) => {
                for (k, child) in map {
                    if self.names.len() < 4000 {
                        self.names.push(k.clone());
                    }
                    pointer.push('/');
                    pointer.push_str(&k.replace('~', "~0").replace('/', "~1"));
                    shape.push('/');
                    shape.push_str(k);
                    self.index(i, child, pointer, shape);
                    pointer.truncate(p);
                    shape.truncate(s);
                }
            }
            Value::Array(items) => {
                for (k, child) in items.iter().enumerate() {
                    let _ = write!(pointer, "/{k}");
                    shape.push_str("/*");
                    self.index(i, child, pointer, shape);
                    pointer.truncate(p);
                    shape.truncate(s);
                }
            }
            Value::String(text) if self.names.len() < 4000 && text.len() < 40 => self.names.push(text.clone()),
            _ => {}
        }
    }

    /// The same part of another position, if the material has one.
    fn donor(&self, shape: &str, rng: &mut Rng) -> Option<Value> {
        let (i, pointer) = rng.pick(self.places.get(shape)?)?;
        self.docs.get(*i)?.pointer(pointer).cloned()
    }
}

/// Every node of `v`: its JSON pointer and its shape (keys, `*` for list
/// positions).
fn nodes(v: &Value, pointer: &mut String, shape: &mut String, out: &mut Vec<(String, String)>) {
    out.push((pointer.clone(), shape.clone()));
    let (p, s) = (pointer.len(), shape.len());
    match v {
        Value::Object(map) => {
            for (k, child) in map {
                pointer.push('/');
                pointer.push_str(&k.replace('~', "~0").replace('/', "~1"));
                shape.push('/');
                shape.push_str(k);
                nodes(child, pointer, shape, out);
                pointer.truncate(p);
                shape.truncate(s);
            }
        }
        Value::Array(items) => {
            for (k, child) in items.iter().enumerate() {
                let _ = write!(pointer, "/{k}");
                shape.push_str("/*");
                nodes(child, pointer, shape, out);
                pointer.truncate(p);
                shape.truncate(s);
            }
        }
        _ => {}
    }
}

/// An edge value for a number that was `n`.
fn edge_number(n: &serde_json::Number, rng: &mut Rng) -> Value {
    const EDGES: [i64; 30] = [
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 13, 16, 17, 18, 24, 25, 30, 31, 32, 42, 48, 64, 100, 200, 250, 255, 256,
        1000,
    ];
    match rng.below(10) {
        0 => json!(EDGES[rng.below(EDGES.len())]),
        1 => json!([65_535, 65_536, i64::from(u32::MAX), -1, -1000, i64::MIN][rng.below(6)]),
        2 => json!(u64::MAX),
        3 => json!([1e300, -1e300, 0.5, 1.5, -0.0, 1e-300][rng.below(6)]),
        4 | 5 => match n.as_i64() {
            Some(k) => json!(k.saturating_add(if rng.coin() { 1 } else { -1 })),
            None => json!(n.as_f64().unwrap_or(0.0) + if rng.coin() { 0.5 } else { 100.0 }),
        },
        6 | 7 => json!(rng.below(65)),
        _ => json!(rng.below(256)),
    }
}

/// The kind of a JSON value, to move list items between lists of the
/// same kind of thing.
fn kind(v: &Value) -> u8 {
    match v {
        Value::Null => 0,
        Value::Bool(_) => 1,
        Value::Number(_) => 2,
        Value::String(_) => 3,
        Value::Array(_) => 4,
        Value::Object(_) => 5,
    }
}

/// Moves an item from one list of `doc` to another holding the same kind
/// of thing (a card from the deck to a hand, a figure's record to another
/// list): what a view that keeps every count but breaks the structure
/// looks like.
fn move_item(doc: &mut Value, all: &[(String, String)], rng: &mut Rng) {
    let lists: Vec<(&String, u8)> = all
        .iter()
        .filter_map(|(p, _)| match doc.pointer(p) {
            Some(Value::Array(items)) => items.first().map(|i| (p, kind(i))),
            _ => None,
        })
        .collect();
    let Some(&(from, k)) = rng.pick(&lists) else { return };
    let to: Vec<&String> = lists.iter().filter(|l| l.1 == k && l.0 != from).map(|l| l.0).collect();
    let Some(to) = rng.pick(&to).copied() else { return };
    let item = match doc.pointer_mut(from) {
        Some(Value::Array(items)) if !items.is_empty() => {
            let i = rng.below(items.len());
            items.remove(i)
        }
        _ => return,
    };
    if let Some(Value::Array(items)) = doc.pointer_mut(to) {
        let i = rng.below(items.len() + 1);
        items.insert(i, item);
    }
}

/// One mutation of `doc` at a node chosen at random.
fn mutate_once(doc: &mut Value, donors: &Donors, rng: &mut Rng) {
    let mut all = Vec::new();
    nodes(doc, &mut String::new(), &mut String::new(), &mut all);
    if rng.below(6) == 0 {
        move_item(doc, &all, rng);
        return;
    }
    let Some((pointer, shape)) = rng.pick(&all).cloned() else { return };
    if rng.below(5) == 0
        && let Some(other) = donors.donor(&shape, rng)
        && let Some(node) = doc.pointer_mut(&pointer)
    {
        *node = other;
        return;
    }
    let Some(node) = doc.pointer_mut(&pointer) else { return };
    let item_shape = format!("{shape}/*");
    match node {
        Value::Number(n) => *node = edge_number(n, rng),
        Value::Bool(b) => *b = !*b,
        Value::String(_) | Value::Null => match (donors.donor(&shape, rng), rng.pick(&donors.names)) {
            (Some(other), _) if rng.coin() => *node = other,
            (_, Some(name)) if rng.below(4) > 0 => *node = json!(name),
            _ => *node = [json!(null), json!(0), json!(""), json!([]), json!({})][rng.below(5)].clone(),
        },
        Value::Array(items) => {
            let n = items.len();
            match rng.below(7) {
                0 | 1 if n > 0 => {
                    items.remove(rng.below(n));
                }
                2 if n > 0 => {
                    let k = rng.below(n);
                    let copy = items[k].clone();
                    items.insert(k, copy);
                }
                3 if n > 1 => items.swap(rng.below(n), rng.below(n)),
                4 => items.clear(),
                5 => items.extend(donors.donor(&item_shape, rng)),
                _ => items.reverse(),
            }
        }
        Value::Object(map) => {
            let keys: Vec<String> = map.keys().cloned().collect();
            let Some(key) = rng.pick(&keys).cloned() else { return };
            match rng.below(3) {
                // An enum variant renamed (externally tagged: one key).
                0 => {
                    if let (Some(v), Some(name)) = (map.remove(&key), rng.pick(&donors.names)) {
                        map.insert(name.clone(), v);
                    }
                }
                1 => {
                    map.remove(&key);
                }
                _ => {
                    if let Some(v) = map.get_mut(&key) {
                        *v = json!(null);
                    }
                }
            }
        }
    }
}

fn mutate(doc: &mut Value, donors: &Donors, rng: &mut Rng) {
    for _ in 0..=rng.below(3) {
        mutate_once(doc, donors, rng);
    }
}

fn note_panics(report: &mut Report, what: &str, panics: Vec<String>) {
    report.panic_count += panics.len();
    for p in panics {
        if report.panics.len() < 8 {
            report.panics.push((what.chars().take(2000).collect(), p));
        }
    }
}

/// Fuzzes `views` views and as many proposals of game `G` from `seed`.
fn run_game<G: Fuzzed>(cases: usize, seed: u64) -> Report {
    install_hook();
    let mut report = Report { game: G::INFO.id, ..Report::default() };
    let (hosts, panics) = watched(|| bases::<G>(seed));
    note_panics(&mut report, "playing out the material", panics);
    let mut hosts = hosts.unwrap_or_default();
    hosts.extend(G::arranged(&hosts));
    report.bases = hosts.len();
    for g in &hosts {
        for f in g.features() {
            match report.material.iter_mut().find(|m| m.0 == f) {
                Some(m) => m.1 += 1,
                None => report.material.push((f, 1)),
            }
        }
    }
    if hosts.is_empty() {
        return report;
    }
    let views: Vec<Value> = hosts
        .iter()
        .enumerate()
        .filter_map(|(i, g)| {
            let seat = Seat((i % usize::from(g.setup().seats.max(1))) as u8);
            to_doc(&g.observation(seat)).ok()
        })
        .filter(Value::is_object)
        .collect();
    let view_donors = Donors::new(views.clone());
    let mut rng = Rng::seeded(seed ^ 0x71E_F022);
    for case in 0..cases {
        let Some(base) = rng.pick(&views) else { break };
        let mut doc = base.clone();
        mutate(&mut doc, &view_donors, &mut rng);
        report.views += 1;
        let Ok(state) = from_doc::<G>(&doc) else {
            report.unreadable += 1;
            continue;
        };
        let mut frame_rng = rng.split();
        let start = Instant::now();
        let (verdict, panics) = watched(|| {
            let verdict = save::check_state(&state);
            if verdict.is_ok() {
                frame_all(&state, &mut frame_rng);
            }
            verdict
        });
        report.timed(start.elapsed(), || {
            format!("view case {case}: {}", serde_json::to_string(&state).unwrap_or_default())
        });
        match verdict {
            Some(Ok(())) => report.accepted += 1,
            _ => report.refused += 1,
        }
        if !panics.is_empty() {
            let text = serde_json::to_string(&state).unwrap_or_default();
            note_panics(&mut report, &format!("view case {case}: {text}"), panics);
        }
    }
    proposals(&hosts, cases, seed, &mut report);
    report
}

/// Mutated actions proposed to the host's real positions, handled as the
/// host handles a friend's move.
fn proposals<G: Fuzzed>(hosts: &[G], cases: usize, seed: u64, report: &mut Report) {
    let mut rng = Rng::seeded(seed ^ 0xAC_710);
    // Each host's legal actions and some of its pseudo-legal candidates.
    let candidates: Vec<Vec<Value>> = hosts
        .iter()
        .map(|g| {
            let mut cands = g.legal_actions();
            let pseudo = g.pseudo_legal();
            for _ in 0..pseudo.len().min(16) {
                cands.extend(rng.pick(&pseudo).cloned());
            }
            cands.iter().filter_map(|a| to_doc(a).ok()).collect()
        })
        .collect();
    let donors = Donors::new(candidates.iter().flatten().cloned().collect());
    for case in 0..cases {
        let k = rng.below(hosts.len());
        let (Some(host), Some(base)) = (hosts.get(k), candidates.get(k).and_then(|c| rng.pick(c))) else { continue };
        let mut doc = base.clone();
        // A quarter go as they are (legal or pseudo-legal), the rest mutated.
        if rng.below(4) > 0 {
            mutate(&mut doc, &donors, &mut rng);
        }
        report.proposals += 1;
        let Ok(action) = from_doc::<G::Action>(&doc) else {
            report.proposals_unreadable += 1;
            continue;
        };
        let start = Instant::now();
        let (verdict, panics) = watched(|| {
            host.check(&action).map_err(|v| v.to_string())?;
            let _ = (host.describe(&action), host.reveals(&action));
            let mut next = host.clone();
            next.apply(&action).map_err(|v| v.to_string())?;
            let _ = (next.aftermath(), next.status(), next.legal_actions());
            Ok::<_, String>(next.well_formed())
        });
        report.timed(start.elapsed(), || format!("proposal case {case}: {action:?}"));
        match verdict {
            Some(Ok(Ok(()))) => report.proposals_applied += 1,
            Some(Ok(Err(why))) => {
                report.proposals_applied += 1;
                if report.broken.len() < 8 {
                    report.broken.push(format!("{action:?}: {why}"));
                }
            }
            _ => report.proposals_refused += 1,
        }
        note_panics(report, &format!("proposal case {case}: {action:?} to {host:?}"), panics);
    }
}

/// One game's fuzz run: `cases` views and `cases` proposals from a seed.
type RunGame = fn(usize, u64) -> Report;

/// Every game, by its id.
const GAMES: [(&str, RunGame); 5] = [
    (Daedalus::INFO.id, run_game::<Daedalus>),
    (FeathersAndWax::INFO.id, run_game::<FeathersAndWax>),
    (EnchantedPlumes::INFO.id, run_game::<EnchantedPlumes>),
    (DustInTheWings::INFO.id, run_game::<DustInTheWings>),
    (TailFeathers::INFO.id, run_game::<TailFeathers>),
];

/// The ids of the games the fuzzer knows (every game).
#[must_use]
pub fn ids() -> Vec<&'static str> {
    GAMES.iter().map(|g| g.0).collect()
}

/// Fuzzes every game with `cases` views and `cases` proposals each.
#[must_use]
pub fn run(cases: usize, seed: u64) -> Vec<Report> {
    GAMES.iter().map(|g| (g.1)(cases, seed)).collect()
}

/// Fuzzes one game, by its id.
#[must_use]
pub fn run_one(id: &str, cases: usize, seed: u64) -> Option<Report> {
    GAMES.iter().find(|g| g.0 == id).map(|g| (g.1)(cases, seed))
}

impl Fuzzed for Daedalus {
    fn setups() -> Vec<Setup<daedalus::Options>> {
        vec![
            Setup { seats: 2, options: daedalus::Options::default() },
            Setup { seats: 2, options: daedalus::Options { walls_roam: true } },
        ]
    }

    fn frame(&self, _viewer: Seat) {
        let _ = (self.phase(), self.colour_to_move(), self.placement_due(), self.options(), self.first_builder());
        let _ = (self.required(), self.moved_walls(), self.gladiator_moved(), self.minotaur_due());
        let b = self.board();
        for sq in Square::all(daedalus::SIZE, daedalus::SIZE) {
            let _ = (b.at(sq), self.drag_refusal(Some(sq), false), self.drag_refusal(Some(sq), true));
        }
        let _ = self.drag_refusal(None, false);
        for c in daedalus::Colour::BOTH {
            let _ = (b.gladiator(c), b.minotaur(c), b.walls(c), self.turn_number(c));
        }
    }
}

impl Fuzzed for FeathersAndWax {
    fn setups() -> Vec<Setup<feathers_wax::Options>> {
        vec![Setup { seats: 1, options: feathers_wax::Options::default() }]
    }
    const PLAYOUTS: (usize, usize) = (6, 300);

    fn frame(&self, _viewer: Seat) {
        use crate::rules::cards::Suit;
        use crate::rules::feathers_wax::routes::{self, Target as To};
        let _ = (self.phase(), self.walker(), self.card(), self.steps_left(), self.heading(), self.path());
        let _ = (self.refreshed_east(), self.pending(), self.deck_counts(), self.flight_left(), self.discards());
        let _ = (self.unassigned(), self.sections(), self.drawn(), self.stage(), self.turn(), self.events());
        let _ = (self.last_discard(), self.flight_ranks(), self.min_draw(), self.every_flight_order(24));
        for suit in [Suit::Spades, Suit::Clubs] {
            let _ = (self.held(suit), self.has_king(suit), self.is_closed(suit));
        }
        for pile in [Pile::Feathers, Pile::Wax, Pile::Moves, Pile::Flight] {
            let _ = self.unseen(pile);
        }
        for f in Flyer::BOTH {
            let _ = (self.wings(f), self.place(f));
            for &c in self.drawn() {
                let _ = (self.king_needs_direction(c, f), self.preview(c, f, None), self.preview(c, f, Some(true)));
            }
        }
        for cell in Labyrinth::cells() {
            let _ = self.is_used(cell);
            if let Some(path) = routes::plan(self, To::Cell(cell)) {
                let _ = (routes::path_draws(self, &path), routes::plan_ends_outside(self, &path));
            } else {
                let _ = routes::unreachable_reason(self, To::Cell(cell));
            }
        }
        let _ = routes::plan(self, To::Exit);
        let policy = crate::ai::feathers_wax::Policy::default();
        let _ = crate::ai::feathers_wax::win_chance(&policy, self, 2, &mut Rng::seeded(3));
    }
}

impl Fuzzed for EnchantedPlumes {
    fn setups() -> Vec<Setup<enchanted_plumes::Options>> {
        (2..=6).map(|seats| Setup { seats, options: enchanted_plumes::Options::default() }).collect()
    }
    const PLAYOUTS: (usize, usize) = (1, 300);

    fn frame(&self, viewer: Seat) {
        let _ = (self.phase(), self.current(), self.first(), self.train(), self.deck_len(), self.turn());
        let _ = (self.turns(), self.last_drawn(), self.max_value(), self.cards_under_peahen());
        for s in (0..self.seats()).map(Seat) {
            let _ = (self.hand(s), self.returned(s), self.known(s), self.score(s), self.peacocks(s));
            let _ = (self.play_into_other(s), self.score_seen_by(Some(viewer), s), self.score_seen_by(None, s));
            let card = self.hand(viewer).first().copied().unwrap_or(enchanted_plumes::Feather::new(0, 0));
            for (i, p) in self.plumes(s).iter().enumerate() {
                let _ = (p.is_complete(), p.cards(), p.face_down(), p.score(), p.public_score(), p.bonus());
                let _ = (p.cards_to_complete(), self.plume_score_seen_by(Some(viewer), s, i));
                for row in 0..=p.rows.len() + 1 {
                    let _ = (p.required(row), self.would_complete(s, i, row), self.check_place(s, card, i, row));
                }
            }
        }
    }
}

impl Fuzzed for DustInTheWings {
    fn setups() -> Vec<Setup<dust_wings::Options>> {
        (2..=4).map(|seats| Setup { seats, options: dust_wings::Options::default() }).collect()
    }
    const PLAYOUTS: (usize, usize) = (2, 300);

    fn frame(&self, _viewer: Seat) {
        let _ = (self.stage(), self.current(), self.deck_counts(), self.bag(), self.last_turn(), self.turns());
        let _ = (self.meadow(), self.gathering(), self.composition(), self.fulfilled(), self.next_spaces());
        for s in (0..self.seats()).map(Seat) {
            let _ = self.tableau(s).score();
        }
        for i in 0..dust_wings::SPACES {
            let sq = Square::from_index(i, dust_wings::SIZE);
            let _ = (self.at(sq), self.preview(sq));
        }
        for slot in 0..3 {
            let _ = (self.card_text(CardRef::Gathering(slot)), self.card_text(CardRef::Composition(slot)));
        }
        let plans = crate::ai::dust_wings::plans(self, 2_000);
        for p in plans.iter().take(20) {
            let _ = crate::ai::dust_wings::claim_value(self, p.claim);
        }
    }
}

/// Attacks, swoops, sieges, cards, leaves, the ballista and foraging taken
/// when offered, so the material reaches the rules' later parts.
fn tf_eager(a: &TfAction) -> bool {
    matches!(
        a,
        TfAction::Strike { .. }
            | TfAction::Shoot { .. }
            | TfAction::Swoop
            | TfAction::AssignHit(Target::Nest(_))
            | TfAction::Siege(0 | 1)
            | TfAction::Play(_)
            | TfAction::Loose(_)
            | TfAction::CutLoose { .. }
            | TfAction::Forage
    ) || matches!(a, TfAction::Move { to, .. } | TfAction::Scurry { to, .. } if *to >= 42)
}

/// The flight of the active bird into a death spiral if one is offered,
/// else the one that ends nearest an enemy flying bird (birds meet: death
/// spirals, wounds, tail feathers).
fn tf_toward_an_enemy(g: &TailFeathers, legal: &[TfAction]) -> Option<TfAction> {
    let bird = tf::UNIT_DEFS.get(g.active_unit()?)?.first;
    let side = |f: u8| tf::UNIT_DEFS[tf::unit_of(f)].side;
    let enemies: Vec<_> = g
        .flyers()
        .into_iter()
        .filter(|&e| side(e) != side(bird))
        .filter_map(|e| g.bird(e).map(|b| b.pose.at))
        .collect();
    let mut best: Option<(f64, &TfAction)> = None;
    for a in legal {
        let TfAction::Fly(list) = a else { continue };
        let Some(plan) = g.plan_flight(bird, list) else { continue };
        let outcome = g.flight_outcome(bird, &plan);
        if matches!(outcome.ending, tf::FlightEnding::Spiral(_)) {
            return Some(a.clone());
        }
        let d = enemies.iter().map(|e| e.dist(outcome.at.at)).fold(f64::MAX, f64::min);
        if best.is_none_or(|(b, _)| d < b) {
            best = Some((d, a));
        }
    }
    best.map(|(_, a)| a.clone())
}

impl Fuzzed for TailFeathers {
    fn setups() -> Vec<Setup<tf::Options>> {
        vec![
            Setup { seats: 2, options: tf::Options::default() },
            Setup { seats: 2, options: tf::Options::every_additional_rule() },
        ]
    }
    const PLAYOUTS: (usize, usize) = (6, 1500);

    fn pick(&self, legal: &[TfAction], rng: &mut Rng) -> TfAction {
        if self.options().death_spirals
            && rng.below(4) > 0
            && let Some(a) = tf_toward_an_enemy(self, legal)
        {
            return a;
        }
        let launches: Vec<&TfAction> = legal.iter().filter(|a| matches!(a, TfAction::Launch { .. })).collect();
        if let Some(a) = rng.pick(&launches)
            && rng.below(2) == 0
        {
            return (*a).clone();
        }
        let eager: Vec<&TfAction> = legal.iter().filter(|a| tf_eager(a)).collect();
        match rng.pick(&eager) {
            Some(a) if rng.below(4) > 0 => (*a).clone(),
            _ => legal[rng.below(legal.len())].clone(),
        }
    }

    /// Death spirals: random play meets them seldom; two flying enemies
    /// of a played position locked in one, where that is well formed.
    fn arranged(played: &[Self]) -> Vec<Self> {
        let side = |f: u8| tf::UNIT_DEFS[tf::unit_of(f)].side;
        let mut out = Vec::new();
        // Between activations only: a bird already activated and flying
        // would not be in a spiral by the rules.
        for g in played.iter().filter(|g| g.options().death_spirals && !g.in_combat() && g.active_unit().is_none()) {
            let flyers = g.flyers();
            let (Some(&m), Some(&r)) = (
                flyers.iter().find(|&&f| side(f) == Alliance::Mice),
                flyers.iter().find(|&&f| side(f) == Alliance::Rats),
            ) else {
                continue;
            };
            for h in (0..24).step_by(3) {
                let mut copy = g.clone();
                copy.arrange_spiral(m, r, tail_feathers::geometry::Heading(h));
                if copy.well_formed().is_ok() {
                    out.push(copy);
                    break;
                }
            }
        }
        out
    }

    fn features(&self) -> Vec<&'static str> {
        let hands = [Alliance::Mice, Alliance::Rats].map(|s| self.hand(s).clone());
        [
            ("every additional rule", self.options().leaves),
            ("an activation", self.active_unit().is_some()),
            ("a flight walked", self.walking().is_some()),
            ("an attack", self.in_combat()),
            ("a death spiral", !self.spirals().is_empty()),
            ("a drifting leaf", self.leaves().iter().any(|l| l.toward.is_some())),
            ("a tail feather", !self.feathers().is_empty()),
            ("a flying bird", !self.flyers().is_empty()),
            ("a ballista", [Alliance::Mice, Alliance::Rats].iter().any(|&s| self.ballista(s).is_some())),
            ("a card played", hands.iter().any(|h| !h.shown.is_empty() || !h.lying.is_empty())),
            ("the final phase", self.phase() == tf::Phase::Final),
            ("over", self.phase() == tf::Phase::Over),
        ]
        .into_iter()
        .filter(|f| f.1)
        .map(|f| f.0)
        .collect()
    }

    fn frame(&self, viewer: Seat) {
        let _ = (self.round(), self.phase(), self.options(), self.first_player(), self.active_unit());
        let _ = (self.walking(), self.in_combat(), self.spirals(), self.leaves(), self.feathers(), self.flyers());
        for e in self.events() {
            let _ = tf::event_words(e);
        }
        for f in 0..tf::FIGURES as u8 {
            let _ = (self.figure(f), self.bird(f), self.shape(f), self.base(f), self.attack_values(f));
            let _ = (self.target_shape(Target::Figure(f)), self.obstacles(Some(f), None), self.entangled(f));
            if let Some(s) = self.spiral_of(f) {
                let _ = (s.partner(f), s.template(), s.mover_pose());
            }
        }
        for f in self.flyers() {
            for lengths in [&[Length::Short, Length::Short][..], &[Length::Long, Length::Short, Length::Long]] {
                if let Some(plan) = self.plan_flight(f, lengths) {
                    let _ = self.flight_outcome(f, &plan);
                }
            }
        }
        for s in 0..self.space_count() as u8 {
            let _ = (self.in_space(s), self.space_outline(s), self.space_centre(s), self.leaf_at(usize::from(s)));
        }
        for u in 0..UNITS {
            let _ = (self.life(u), self.pilot_card(u), self.is_activated(u));
        }
        for side in [Alliance::Mice, Alliance::Rats] {
            let _ = (self.nest_life(side), self.nest_fire(side), self.mission(side), self.ballista(side));
            let _ = (self.ballista_blocker(side), self.hand(side), self.veteran(side), self.card_pool(side));
            let _ = (self.target_shape(Target::Nest(side)), self.target_shape(Target::Mission(side)));
            let _ = self.target_shape(Target::Ballista(side));
        }
        for s in [Seat(0), Seat(1)] {
            let _ = (self.cheese(s), self.bid(s), self.mission_pick(s), self.window_plays(s), self.secret_choices(s));
        }
        for a in self.legal_actions() {
            if let TfAction::Strike { figure, target } | TfAction::Shoot { figure, target } = a {
                let kind = if matches!(a, TfAction::Shoot { .. }) {
                    tail_feathers::dice::Attack::Ranged
                } else {
                    tail_feathers::dice::Attack::Melee
                };
                let _ = (self.attack_odds(figure, target, kind), self.measure(figure, target));
            }
        }
        let _ = self.targets(tail_feathers::game::BIRD_FIGS[usize::from(viewer.0.min(1)) * 3], true);
    }
}
