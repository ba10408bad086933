//! The Feathers & Wax course: into the labyrinth (a movement card and the
//! nests and hives on the way), leaving it by the exit door, and building
//! the wings. The game is a solitaire: the only other "seat" is chance,
//! whose draws come from the lesson's seed, so every lesson plays the same
//! way.

use std::sync::OnceLock;

use super::{Lesson, Start};
use crate::rules::cards::Suit;
use crate::rules::feathers_wax::{Action, Cell, FeathersAndWax, LABYRINTH, Labyrinth, Options, Phase, Spot, Walker};
use crate::rules::{Game, Seat, Setup, ToMove};

fn setup() -> Setup<Options> {
    Setup { seats: 1, options: Options::default() }
}

/// The game after its chance steps (the first draw).
fn settled(seed: u64) -> FeathersAndWax {
    let mut g = FeathersAndWax::new(&setup(), seed);
    while g.to_move() == ToMove::Chance {
        let Some(a) = g.legal_actions().into_iter().next() else { break };
        g.apply_legal(&a);
    }
    g
}

/// The cell a step leads to (the entrance from outside), if any.
fn after_step(g: &FeathersAndWax, a: &Action) -> Option<Cell> {
    let lab = &*LABYRINTH;
    match (a, g.walker()) {
        (Action::Step(_), Walker::Outside) => Some(lab.entrance()),
        (Action::Step(h), Walker::At(c)) => lab.neighbour(c, *h),
        _ => None,
    }
}

/// Steps from `from` to the nearest cell `wanted` accepts.
fn steps_to(from: Cell, wanted: &dyn Fn(Cell) -> bool) -> u8 {
    let d = LABYRINTH.distances(from);
    Labyrinth::cells().zip(d).filter(|(c, _)| wanted(*c)).map(|(_, n)| n).min().unwrap_or(u8::MAX)
}

/// A nest or hive not yet used.
fn fresh_spot(g: &FeathersAndWax, c: Cell) -> bool {
    LABYRINTH.spot(c) != Spot::Empty && !g.is_used(c)
}

/// The step toward what `wanted` accepts, or the end of the move.
fn walk_toward(g: &FeathersAndWax, wanted: &dyn Fn(&FeathersAndWax, Cell) -> bool) -> Option<Action> {
    let legal = g.legal_actions();
    let best = legal
        .iter()
        .filter_map(|a| after_step(g, a).map(|c| (steps_to(c, &|x| wanted(g, x)), c, a)))
        .min_by_key(|x| (x.0, x.1));
    match best {
        Some((_, _, a)) => Some(a.clone()),
        None => legal.into_iter().find(|a| matches!(a, Action::Stop | Action::Draw)),
    }
}

/// The first seed whose first movement card is a heart that reaches a
/// nest or a hive.
fn heart_seed() -> u64 {
    static SEED: OnceLock<u64> = OnceLock::new();
    *SEED.get_or_init(|| {
        (0..5_000)
            .find(|&s| {
                let g = settled(s);
                g.card().is_some_and(|c| c.suit == Suit::Hearts && c.rank >= 4)
            })
            .unwrap_or(0)
    })
}

fn collected(g: &FeathersAndWax) -> usize {
    g.held(Suit::Spades).len() + g.held(Suit::Clubs).len()
}

/// The labyrinth walked from `seed`, nests and hives first (three pairs'
/// worth, while movement cards last), then out by the exit door: the
/// actions, and the game where they lead.
fn collected_and_out(seed: u64) -> (Vec<Action>, FeathersAndWax) {
    let mut g = FeathersAndWax::new(&setup(), seed);
    let mut actions = Vec::new();
    for _ in 0..600 {
        if g.phase() != Phase::Collect {
            break;
        }
        let pairs = g.held(Suit::Spades).len().min(g.held(Suit::Clubs).len());
        let a = match g.to_move() {
            ToMove::Seat(_) if pairs < 3 && g.deck_counts().2 > 6 => walk_toward(&g, &fresh_spot),
            ToMove::Seat(_) => (COURSE[1].solution)(&g),
            _ => g.legal_actions().into_iter().next(),
        };
        let Some(a) = a else { break };
        g.apply_legal(&a);
        actions.push(a);
    }
    (actions, g)
}

/// The wings lesson starts where a walk through the labyrinth brought at
/// least two wing sections out (the first seed where it does).
fn wings_start() -> Start<FeathersAndWax> {
    static FOUND: OnceLock<(u64, Vec<Action>)> = OnceLock::new();
    let (seed, actions) = FOUND.get_or_init(|| {
        (0..3_000)
            .find_map(|seed| {
                let (actions, g) = collected_and_out(seed);
                let pairs = g.held(Suit::Spades).len().min(g.held(Suit::Clubs).len());
                (g.phase() == Phase::Wings && pairs >= 2).then_some((seed, actions))
            })
            .unwrap_or_default()
    });
    Start { setup: setup(), seed: *seed, actions: actions.clone() }
}

const YOU: Seat = Seat(0);

/// The course.
pub static COURSE: [Lesson<FeathersAndWax>; 3] = [
    Lesson {
        id: "feathers-and-wax-labyrinth",
        title: "Into the labyrinth",
        minutes: 2,
        section: "The labyrinth",
        goal: "Walk Daedalus in through the entrance and onto a nest (feathers) or a hive (wax). This card is a \
               heart: he may turn as often as he likes, up to its number of steps.",
        learner: YOU,
        start: || Start { setup: setup(), seed: heart_seed(), actions: Vec::new() },
        offered: |_, a| matches!(a, Action::Step(_) | Action::Stop | Action::Draw | Action::UseKing | Action::KeepKing),
        hint: "Step through open sides of the cells (walls block); a nest or a hive you pass over or stop on gives \
               you its card.",
        highlight: |g| g.legal_actions().into_iter().filter(|a| matches!(a, Action::Step(_))).collect(),
        reply: |g| g.legal_actions().into_iter().next(),
        done: |g| collected(g) >= 1,
        failed: |_| None,
        par: 2,
        solution: |g| walk_toward(g, &fresh_spot),
    },
    Lesson {
        id: "feathers-and-wax-exit",
        title: "Out by the exit door",
        minutes: 3,
        section: "The labyrinth",
        goal: "Daedalus must leave by the exit door on the east side before the movement cards run out. Walk him \
               out; draw another card whenever a move ends.",
        learner: YOU,
        start: || Start { setup: setup(), seed: heart_seed(), actions: Vec::new() },
        offered: |_, a| !matches!(a, Action::Launch),
        hint: "Head for the exit door on the east side; draw a new movement card when a move is over.",
        highlight: |g| g.legal_actions().into_iter().filter(|a| matches!(a, Action::Step(_))).collect(),
        reply: |g| g.legal_actions().into_iter().next(),
        done: |g| g.walker() == Walker::Out || g.phase() != Phase::Collect,
        failed: |g| {
            (g.phase() == Phase::Over)
                .then_some("the movement cards ran out in the labyrinth: restart and head east sooner")
        },
        par: 26,
        solution: |g| {
            let lab = &*LABYRINTH;
            let legal = g.legal_actions();
            if let Walker::At(c) = g.walker()
                && c == lab.exit()
                && let Some(out) = legal.iter().find(|a| matches!(a, Action::Step(h) if lab.is_exit_door(c, *h)))
            {
                return Some(out.clone());
            }
            walk_toward(g, &|_, c| c == lab.exit())
        },
    },
    Lesson {
        id: "feathers-and-wax-wings",
        title: "Building the wings",
        minutes: 2,
        section: "The wings",
        goal: "Each feather paired with a wax makes a wing section. Share the sections between Daedalus and \
               Icarus (each needs at least one), then launch.",
        learner: YOU,
        start: wings_start,
        offered: |_, a| matches!(a, Action::Wing { .. } | Action::Unwing(_) | Action::Launch),
        hint: "Put each wing section on Daedalus's or Icarus's rack, then Launch.",
        highlight: |g| g.legal_actions(),
        reply: |g| g.legal_actions().into_iter().next(),
        done: |g| g.phase() == Phase::Flight || g.phase() == Phase::Over,
        failed: |_| None,
        par: 5,
        solution: |g| {
            use crate::rules::feathers_wax::Flyer;
            let legal = g.legal_actions();
            // Alternate the sections: Icarus first.
            let icarus = g.wings(Flyer::Icarus).len();
            let daedalus = g.wings(Flyer::Daedalus).len();
            let flyer = if icarus <= daedalus { Flyer::Icarus } else { Flyer::Daedalus };
            let free = g.unassigned();
            legal
                .iter()
                .find(|a| matches!(a, Action::Wing { flyer: f, value } if *f == flyer && free.contains(value)))
                .or_else(|| legal.iter().find(|a| matches!(a, Action::Launch)))
                .cloned()
        },
    },
];
