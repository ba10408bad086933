//! The Feathers & Wax course: into the labyrinth (a movement card and the
//! nests and hives on the way), leaving it by the exit door, a king spent
//! against the Jailer, building the wings, and the first turn in the sky. The game is a solitaire: the only other "seat" is chance,
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

/// A position found once: the seed, the actions to it, and the game there.
struct Found {
    seed: u64,
    actions: Vec<Action>,
    state: FeathersAndWax,
}

/// Plays the course's walk through the labyrinth (nests and hives first,
/// then out) from `seed` until `ready` holds.
fn walk_until(seed: u64, ready: fn(&FeathersAndWax) -> bool) -> Option<Found> {
    let mut g = FeathersAndWax::new(&setup(), seed);
    let mut actions = Vec::new();
    for _ in 0..600 {
        if ready(&g) {
            return Some(Found { seed, actions, state: g });
        }
        if g.phase() != Phase::Collect {
            return None;
        }
        let pairs = g.held(Suit::Spades).len().min(g.held(Suit::Clubs).len());
        let a = match g.to_move() {
            ToMove::Seat(_) if g.legal_actions().contains(&Action::KeepKing) => Some(Action::KeepKing),
            ToMove::Seat(_) if pairs < 3 && g.deck_counts().2 > 6 => walk_toward(&g, &fresh_spot),
            ToMove::Seat(_) => (COURSE[1].solution)(&g),
            _ => g.legal_actions().into_iter().next(),
        }?;
        g.apply_legal(&a);
        actions.push(a);
    }
    None
}

/// A jack or queen turned up while its suit's king is kept: the choice
/// to spend the king, with cards of that suit held (so the jack would
/// take them).
fn king_start() -> &'static Found {
    static FOUND: OnceLock<Found> = OnceLock::new();
    FOUND.get_or_init(|| {
        (0..3_000)
            .find_map(|seed| {
                walk_until(seed, |g| {
                    g.legal_actions().contains(&Action::UseKing)
                        && g.pending().is_some_and(|c| c.rank == 11 && !g.held(c.suit).is_empty())
                })
            })
            .unwrap_or_else(|| Found { seed: 0, actions: Vec::new(), state: settled(0) })
    })
}

/// The wings built (the wings lesson's solution) and the flyers in the
/// tower, the first turn's cards to draw.
fn flight_start() -> &'static Found {
    static FOUND: OnceLock<Found> = OnceLock::new();
    FOUND.get_or_init(|| {
        let start = wings_start();
        let mut g = FeathersAndWax::new(&start.setup, start.seed);
        let mut actions = start.actions.clone();
        for a in &actions {
            g.apply_legal(a);
        }
        while g.phase() == Phase::Wings {
            let Some(a) = (COURSE[3].solution)(&g) else { break };
            g.apply_legal(&a);
            actions.push(a);
        }
        while g.to_move() == ToMove::Chance {
            let Some(a) = g.legal_actions().into_iter().next() else { break };
            g.apply_legal(&a);
            actions.push(a);
        }
        Found { seed: start.seed, actions, state: g }
    })
}

/// Where a flight action leaves the game: not lost.
fn survives(g: &FeathersAndWax, a: &Action) -> bool {
    let mut next = g.clone();
    next.apply_legal(a);
    next.phase() != Phase::Over
        && [crate::rules::feathers_wax::Flyer::Icarus, crate::rules::feathers_wax::Flyer::Daedalus]
            .iter()
            .all(|f| next.place(*f) != crate::rules::feathers_wax::Place::Lost)
}

/// The course.
pub static COURSE: [Lesson<FeathersAndWax>; 5] = [
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
        par: 1,
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
        par: 7,
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
        id: "feathers-and-wax-king",
        title: "A king against the Jailer",
        minutes: 2,
        section: "The labyrinth",
        goal: "A jack, the Jailer, has turned up: he takes every card of his suit you hold. You kept that suit's \
               king earlier, and a king may be spent to cancel a jack or queen of its suit. Spend it.",
        learner: YOU,
        start: || Start { setup: setup(), seed: king_start().seed, actions: king_start().actions.clone() },
        offered: |_, a| matches!(a, Action::UseKing),
        hint: "Choose to spend the king: keeping it would let the Jailer take your cards of his suit.",
        highlight: |g| g.legal_actions().into_iter().filter(|a| matches!(a, Action::UseKing)).collect(),
        reply: |g| g.legal_actions().into_iter().next(),
        done: |g| {
            let start = &king_start().state;
            let Some(jack) = start.pending() else { return false };
            g.pending().is_none() && g.held(jack.suit).len() >= start.held(jack.suit).len()
        },
        failed: |_| None,
        par: 1,
        solution: |g| g.legal_actions().into_iter().find(|a| matches!(a, Action::UseKing)),
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
    Lesson {
        id: "feathers-and-wax-flight",
        title: "The first turn in the sky",
        minutes: 3,
        section: "The sky",
        goal: "In the sky each turn you draw at least two cards (more if you dare), stop, and give one to each \
               flyer, Icarus first: hearts go right and down, diamonds right and up. Pointing at a card shows \
               where it would take him. Play one turn without losing anyone to the sun or the sea.",
        learner: YOU,
        start: || Start { setup: setup(), seed: flight_start().seed, actions: flight_start().actions.clone() },
        offered: |_, a| !matches!(a, Action::Launch),
        hint: "Draw cards, press Stop drawing, then give one card to Icarus and one to Daedalus.",
        highlight: |_| Vec::new(),
        reply: |g| g.legal_actions().into_iter().next(),
        done: |g| g.turn() > flight_start().state.turn() && g.phase() == Phase::Flight,
        failed: |g| {
            (g.phase() == Phase::Over).then_some("a flyer was lost: undo and give the other card to him instead")
        },
        par: 6,
        solution: |g| {
            let legal = g.legal_actions();
            if legal.contains(&Action::EndDraw) {
                return Some(Action::EndDraw);
            }
            if legal.contains(&Action::Draw) {
                return Some(Action::Draw);
            }
            if legal.contains(&Action::Done) && survives(g, &Action::Done) {
                return Some(Action::Done);
            }
            legal.iter().find(|a| survives(g, a)).cloned()
        },
    },
];
