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
//! Friends' copies of online games (views, not moves) are among the bases,
//! and Tail Feathers games with every additional rule on (cards picked and
//! played, the attack window, a ballista built and loosed, leaves adrift,
//! a death spiral, foraging) and friends' copies of them.
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
    let mut rng = Rng::seeded(seed ^ 0xF00D);
    let mut session: Session<G> = Session::new(setup.clone(), seed, vec![Player::Human; usize::from(setup.seats)]);
    let mut actions = Vec::new();
    for _ in 0..steps {
        let legal = session.state().legal_actions();
        let Some(a) = rng.pick(&legal).cloned() else { break };
        if session.propose(a.clone()).is_err() {
            break;
        }
        actions.push(a);
    }
    friend_copy_of::<G>(setup, seed, &actions)
}

/// A friend's copy (seat 1's views) of the game of `G` that `actions`
/// play from `seed`, as the friend's app writes it.
fn friend_copy_of<G: Game>(setup: Setup<G::Options>, seed: u64, actions: &[G::Action]) -> String {
    let seats = usize::from(setup.seats);
    let mut session: Session<G> = Session::new(setup.clone(), seed, vec![Player::Human; seats]);
    let mut copy = save::FriendCopy::new(format!("{}/host.token", G::INFO.id), "Ben".into());
    copy.set_seat(1);
    let seat = crate::rules::Seat(1);
    copy.push(&session.state().observation(seat), session.log());
    for a in actions {
        if session.propose(a.clone()).is_err() {
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
    out.extend(additional_rules_saves().iter().cloned());
    out
}

/// What a game of Tail Feathers with its additional rules went through.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[allow(clippy::struct_excessive_bools, reason = "one yes-or-no per additional rule met")]
pub struct TfCoverage {
    /// Action cards picked for the hands (TF-R27).
    pub picked: bool,
    /// An action card played (TF-R27).
    pub played: bool,
    /// The attack window opened (TF-R27).
    pub window: bool,
    /// A ballista built (TF-R28).
    pub built: bool,
    /// A ballista loosed a bolt (TF-R28).
    pub loosed: bool,
    /// A leaf cut loose and adrift (TF-R26).
    pub adrift: bool,
    /// A death spiral entered (TF-R25).
    pub spiral: bool,
    /// A squad foraged (TF-R23).
    pub foraged: bool,
}

impl TfCoverage {
    /// Every one of them.
    #[must_use]
    pub fn all(self) -> bool {
        self.count() == 8
    }

    /// How many of them.
    #[must_use]
    pub fn count(self) -> usize {
        [self.picked, self.played, self.window, self.built, self.loosed, self.adrift, self.spiral, self.foraged]
            .into_iter()
            .filter(|&b| b)
            .count()
    }

    /// Adds what `action`, taken in `before`, brought about.
    pub fn note(&mut self, before: &TailFeathers, action: &tail_feathers::Action, after: &TailFeathers) {
        use tail_feathers::Action as A;
        use tail_feathers::components::Alliance;
        self.picked |= matches!(action, A::Pick(_));
        self.played |= matches!(action, A::Play(_));
        self.window |= before.legal_actions().contains(&A::NoCard);
        self.built |= [Alliance::Mice, Alliance::Rats].into_iter().any(|s| after.ballista(s).is_some());
        self.loosed |= matches!(action, A::Loose(_));
        self.adrift |= matches!(action, A::CutLoose { .. });
        self.spiral |= !after.spirals().is_empty();
        self.foraged |= matches!(action, A::Forage);
    }
}

/// What the game that `actions` play from `seed` with every additional
/// rule went through.
#[must_use]
pub fn tf_coverage(seed: u64, actions: &[tail_feathers::Action]) -> TfCoverage {
    let setup = Setup { seats: 2, options: tail_feathers::game::Options::every_additional_rule() };
    let mut g = TailFeathers::new(&setup, seed);
    let mut met = TfCoverage::default();
    for a in actions {
        let before = g.clone();
        if g.apply(a).is_err() {
            break;
        }
        met.note(&before, a, &g);
    }
    met
}

/// A kind of move sought, and the odds against it (1 in this many passes).
type Wanted<'a> = (&'a dyn Fn(&tail_feathers::Action) -> bool, usize);

/// A move for random play that meets the additional rules: bolts loosed,
/// leaves cut, cards played, flights into death spirals, foraging and
/// fights taken more often than chance would.
fn seeking(g: &TailFeathers, legal: &[tail_feathers::Action], rng: &mut Rng) -> tail_feathers::Action {
    use tail_feathers::Action as A;
    let pick = |rng: &mut Rng, f: &dyn Fn(&A) -> bool, odds: usize| {
        let some: Vec<&A> = legal.iter().filter(|a| f(a)).collect();
        (!some.is_empty() && rng.below(odds) > 0).then(|| some[rng.below(some.len())].clone())
    };
    let choices: [Wanted; 6] = [
        (&|a| matches!(a, A::Loose(_)), 8),
        (&|a| matches!(a, A::CutLoose { .. }), 2),
        (&|a| matches!(a, A::Play(_)), 2),
        (&|a| matches!(a, A::Forage), 3),
        (&|a| matches!(a, A::Strike { .. } | A::Shoot { .. } | A::Swoop), 4),
        (&|a| matches!(a, A::Launch { .. }), 2),
    ];
    // Three times in four, a flight toward the enemy's birds (or into a
    // death spiral with one) when the bird must fly.
    if rng.below(4) > 0
        && legal.iter().any(|a| matches!(a, A::Fly(_)))
        && let Some(a) = toward_a_spiral(g, legal)
    {
        return a;
    }
    for (f, odds) in choices {
        if let Some(a) = pick(rng, f, odds) {
            return a;
        }
    }
    legal[rng.below(legal.len())].clone()
}

/// A flight of the active bird into a death spiral if one is offered, else
/// the flight that ends nearest an enemy flying bird (so that birds meet).
fn toward_a_spiral(g: &TailFeathers, legal: &[tail_feathers::Action]) -> Option<tail_feathers::Action> {
    use tail_feathers::game::UNIT_DEFS;
    let side = |f: tail_feathers::game::Fig| UNIT_DEFS.get(tail_feathers::game::unit_of(f)).map(|u| u.side);
    let bird = UNIT_DEFS.get(g.active_unit()?)?.first;
    let enemies: Vec<_> = g
        .flyers()
        .into_iter()
        .filter(|&e| side(e) != side(bird))
        .filter_map(|e| g.bird(e).map(|b| b.pose.at))
        .collect();
    let mut best: Option<(f64, &tail_feathers::Action)> = None;
    for a in legal {
        let tail_feathers::Action::Fly(list) = a else { continue };
        let Some(plan) = g.plan_flight(bird, list) else { continue };
        let outcome = g.flight_outcome(bird, &plan);
        if matches!(outcome.ending, tail_feathers::game::FlightEnding::Spiral(_)) {
            return Some(a.clone());
        }
        let d = enemies.iter().map(|e| e.dist(outcome.at.at)).fold(f64::MAX, f64::min);
        if best.is_none_or(|(b, _)| d < b) {
            best = Some((d, a));
        }
    }
    best.map(|(_, a)| a.clone())
}

/// Saves of Tail Feathers games with every additional rule on, among them
/// games that pick and play cards, open the attack window, build and loose
/// a ballista, cut leaves adrift, enter a death spiral and forage; cut at
/// several points (some with the rest of the game to redo), and friends'
/// copies of them. Made once per process.
fn additional_rules_saves() -> &'static [String] {
    static SAVES: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    SAVES.get_or_init(|| {
        let setup = Setup { seats: 2, options: tail_feathers::game::Options::every_additional_rule() };
        let mut out = Vec::new();
        let mut covered = TfCoverage::default();
        for seed in 1..=40u64 {
            let (actions, seen) = seeking_game(&setup, seed, 800);
            // A game joins when it meets something the others have not.
            let before = covered;
            covered.picked |= seen.picked;
            covered.played |= seen.played;
            covered.window |= seen.window;
            covered.built |= seen.built;
            covered.loosed |= seen.loosed;
            covered.adrift |= seen.adrift;
            covered.spiral |= seen.spiral;
            covered.foraged |= seen.foraged;
            if covered == before && !out.is_empty() {
                continue;
            }
            for cut in [actions.len(), actions.len() / 2] {
                let mut session: Session<TailFeathers> =
                    Session::new(setup.clone(), seed, vec![Player::Human, Player::Human]);
                for a in &actions {
                    if session.propose(a.clone()).is_err() {
                        break;
                    }
                }
                // Undone back to `cut`: the rest is a redo branch.
                while session.cursor() > cut {
                    session.undo_one();
                }
                out.push(save::to_text(&save::record(&session)));
            }
            out.push(friend_copy_of::<TailFeathers>(setup.clone(), seed, &actions[..actions.len().min(200)]));
            if covered.all() {
                break;
            }
        }
        out
    })
}

/// A game of Tail Feathers played by [`seeking`] from `seed` for at most
/// `steps` actions: its actions and what it went through.
fn seeking_game(
    setup: &Setup<tail_feathers::game::Options>,
    seed: u64,
    steps: usize,
) -> (Vec<tail_feathers::Action>, TfCoverage) {
    let mut g = TailFeathers::new(setup, seed);
    let mut rng = Rng::seeded(seed ^ 0xADD);
    let mut actions = Vec::new();
    let mut met = TfCoverage::default();
    for _ in 0..steps {
        let legal = g.legal_actions();
        if legal.is_empty() {
            break;
        }
        let a = if g.to_move() == ToMove::Chance { legal[0].clone() } else { seeking(&g, &legal, &mut rng) };
        let before = g.clone();
        if g.apply(&a).is_err() {
            break;
        }
        met.note(&before, &a, &g);
        actions.push(a);
    }
    (actions, met)
}

/// The Tail Feathers saves with every additional rule among the base saves
/// (for the tests that check what they cover).
#[must_use]
pub fn additional_rules_bases() -> Vec<String> {
    additional_rules_saves().to_vec()
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
