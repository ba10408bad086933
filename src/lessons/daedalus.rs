//! The Daedalus course: building the maze, placing the Gladiator and the
//! Minotaur, a turn of two wall moves and the Gladiator's step, and the
//! Minotaur's hunt. The learner plays White; Black's moves are scripted
//! (the first legal move each time), so every lesson plays the same way.

use std::sync::OnceLock;

use super::{Lesson, Start};
use crate::rules::daedalus::{Action, Colour, Daedalus, Options, Phase, PieceKind};
use crate::rules::grid::Square;
use crate::rules::{Game, Seat, Setup};

fn setup() -> Setup<Options> {
    Setup { seats: 2, options: Options::default() }
}

/// The first seed where White builds first (so White's turns come second
/// in the escaping phase, as the rules say).
fn seed() -> u64 {
    static SEED: OnceLock<u64> = OnceLock::new();
    *SEED
        .get_or_init(|| (0..10_000).find(|&s| Daedalus::new(&setup(), s).first_builder() == Colour::White).unwrap_or(0))
}

/// The first legal move.
fn first(g: &Daedalus) -> Option<Action> {
    g.legal_actions().into_iter().next()
}

/// A new game played with first legal moves until `until` holds.
fn played_until(until: fn(&Daedalus) -> bool) -> Start<Daedalus> {
    let mut g = Daedalus::new(&setup(), seed());
    let mut actions = Vec::new();
    while !until(&g) {
        let Some(a) = first(&g) else { break };
        g.apply_legal(&a);
        actions.push(a);
    }
    Start { setup: setup(), seed: seed(), actions }
}

fn distance(a: Option<Square>, b: Option<Square>) -> u8 {
    match (a, b) {
        (Some(a), Some(b)) => a.x.abs_diff(b.x) + a.y.abs_diff(b.y),
        _ => u8::MAX,
    }
}

/// How far the white Minotaur stands from the black Gladiator where the
/// hunting lesson starts.
fn hunt_start_distance() -> u8 {
    static D: OnceLock<u8> = OnceLock::new();
    *D.get_or_init(|| {
        let start = hunt_start();
        let mut g = Daedalus::new(&start.setup, start.seed);
        for a in &start.actions {
            g.apply_legal(a);
        }
        distance(g.board().minotaur(Colour::White), g.board().gladiator(Colour::Black))
    })
}

fn hunt_start() -> Start<Daedalus> {
    // White's second escaping turn: its Minotaur moves again.
    played_until(|g| {
        g.phase() == Phase::Escaping && g.colour_to_move() == Colour::White && g.turn_number(Colour::White) == 3
    })
}

const WHITE: Seat = Seat(0);

/// The course.
pub static COURSE: [Lesson<Daedalus>; 4] = [
    Lesson {
        id: "daedalus-build",
        title: "Building the maze",
        minutes: 2,
        section: "Building",
        goal: "Place your seven walls on your half of the board (your rows 1 to 4). A wall may touch at most one \
               other wall of its colour, even corner to corner.",
        learner: WHITE,
        start: || Start { setup: setup(), seed: seed(), actions: Vec::new() },
        offered: |_, a| matches!(a, Action::PlaceWall(_)),
        hint: "Drop a wall on a lit square of your half; a square next to two of your walls (even diagonally) is \
               refused.",
        highlight: |g| g.legal_actions(),
        reply: first,
        done: |g| g.board().walls(Colour::White).len() == 7,
        failed: |_| None,
        par: 7,
        solution: first,
    },
    Lesson {
        id: "daedalus-place",
        title: "Gladiator and Minotaur",
        minutes: 1,
        section: "Building",
        goal: "Set your Gladiator on your nearest row, then your Minotaur on the same row.",
        learner: WHITE,
        start: || played_until(|g| g.placement_due() == Some(PieceKind::Gladiator)),
        offered: |_, a| matches!(a, Action::PlaceGladiator(_) | Action::PlaceMinotaur(_)),
        hint: "Both go on your nearest row (row 1), on a free square.",
        highlight: |g| g.legal_actions(),
        reply: first,
        done: |g| g.phase() != Phase::Building,
        failed: |_| None,
        par: 2,
        solution: first,
    },
    Lesson {
        id: "daedalus-turn",
        title: "A turn: two walls, then your Gladiator",
        minutes: 2,
        section: "Moving",
        goal: "Move two different walls one square each, and your Gladiator one square. On your first turn your \
               Minotaur moves too, after the Gladiator.",
        learner: WHITE,
        start: || played_until(|g| g.phase() == Phase::Escaping && g.colour_to_move() == Colour::White),
        offered: |_, a| !matches!(a, Action::Pass),
        hint: "A wall moves one square up, down, left or right onto an empty square; the Gladiator too. Two \
               different walls, one Gladiator step.",
        highlight: |g| g.legal_actions(),
        reply: first,
        done: |g| g.colour_to_move() == Colour::Black && g.turn_number(Colour::White) >= 1,
        failed: |_| None,
        par: 4,
        solution: first,
    },
    Lesson {
        id: "daedalus-hunt",
        title: "The Minotaur hunts",
        minutes: 2,
        section: "Winning",
        goal: "Play your turn, and with your Minotaur's move end one square nearer the black Gladiator: it is the \
               only piece that can catch a Gladiator, by stepping onto its square.",
        learner: WHITE,
        start: hunt_start,
        offered: |g, a| match a {
            Action::MoveMinotaur(to) => distance(Some(*to), g.board().gladiator(Colour::Black)) < hunt_start_distance(),
            Action::Pass => false,
            _ => true,
        },
        hint: "Walls first, then the Gladiator; then move the Minotaur toward the black Gladiator.",
        highlight: |g| g.legal_actions().into_iter().filter(|a| matches!(a, Action::MoveMinotaur(_))).collect(),
        reply: first,
        done: |g| {
            g.colour_to_move() == Colour::Black
                && distance(g.board().minotaur(Colour::White), g.board().gladiator(Colour::Black))
                    < hunt_start_distance()
        },
        failed: |g| {
            (g.colour_to_move() == Colour::Black).then_some(
                "your Minotaur did not get nearer: restart the lesson and move it toward the black Gladiator",
            )
        },
        par: 4,
        solution: |g| {
            let legal = g.legal_actions();
            let target = g.board().gladiator(Colour::Black);
            legal
                .iter()
                .filter_map(|a| match a {
                    Action::MoveMinotaur(to) => Some((distance(Some(*to), target), a.clone())),
                    _ => None,
                })
                .min_by_key(|x| x.0)
                .map(|x| x.1)
                .or_else(|| legal.into_iter().find(|a| !matches!(a, Action::Pass)))
        },
    },
];
