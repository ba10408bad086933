//! The Dust in the Wings course: a dispersion (pick a space up, drop the
//! butterflies one by one along a path that never steps straight back), a
//! Gathering photo (the last space holds exactly the card's butterflies)
//! and a Composition photo (a shape around the last space meets the card's
//! condition). The learner plays the first of two seats; the other seat's
//! turns are scripted, and every start is found from a seed, so each
//! lesson plays the same way.

use std::sync::OnceLock;

use super::{Lesson, Start};
use crate::rules::dust_wings::{Action, CardRef, DustInTheWings, Options, Stage};
use crate::rules::grid::Square;
use crate::rules::{Game, Seat, Setup};

const YOU: Seat = Seat(0);

fn setup() -> Setup<Options> {
    Setup { seats: 2, options: Options { names: Vec::new(), first: Some(0) } }
}

/// Butterflies on a space.
fn count(g: &DustInTheWings, s: Square) -> u8 {
    g.at(s).iter().sum()
}

/// The other seat's script: the first space holding one butterfly (or the
/// fewest), dropped on its first neighbour, and the first card it earns.
fn other(g: &DustInTheWings) -> Option<Action> {
    g.legal_actions().into_iter().min_by_key(|a| match a {
        Action::Pick(s) => (u16::from(count(g, *s)), 0),
        _ => (0, 0),
    })
}

/// A way to end the learner's turn taking a card `want` accepts: the rest
/// of the turn's actions from `g` (tried depth first over every drop).
fn plan(g: &DustInTheWings, want: fn(CardRef) -> bool) -> Option<Vec<Action>> {
    if g.current() != YOU {
        return None;
    }
    match g.stage() {
        Stage::Claim { .. } => g.fulfilled().into_iter().find(|r| want(*r)).map(|r| vec![Action::Claim(r)]),
        Stage::Disperse { .. } => {
            let mut legal = g.legal_actions();
            legal.dedup();
            legal.into_iter().find_map(|a| {
                let mut next = g.clone();
                next.apply_legal(&a);
                plan(&next, want).map(|mut rest| {
                    rest.insert(0, a);
                    rest
                })
            })
        }
        Stage::Pick | Stage::Over => None,
    }
}

/// A plan from a pick of `s`.
fn plan_from(g: &DustInTheWings, s: Square, want: fn(CardRef) -> bool) -> Option<Vec<Action>> {
    let a = Action::Pick(s);
    g.check(&a).ok()?;
    let mut next = g.clone();
    next.apply_legal(&a);
    plan(&next, want)
}

/// A seed whose opening meadow lets the learner take a card `want`
/// accepts by picking up a space of `n` butterflies (but not every such
/// space, so the choice matters): the seed and that space.
fn find_start(want: fn(CardRef) -> bool, n: u8) -> (u64, Square) {
    (1..500)
        .find_map(|seed| {
            let g = DustInTheWings::new(&setup(), seed);
            let small: Vec<Square> = Square::all(5, 5).filter(|&s| count(&g, s) == n).collect();
            let good: Vec<Square> = small.iter().copied().filter(|&s| plan_from(&g, s, want).is_some()).collect();
            (!good.is_empty() && good.len() < small.len()).then(|| (seed, good[0]))
        })
        .unwrap_or((1, Square::new(2, 2)))
}

fn is_gathering(r: CardRef) -> bool {
    matches!(r, CardRef::Gathering(_))
}

fn is_composition(r: CardRef) -> bool {
    matches!(r, CardRef::Composition(_))
}

fn gathering_start() -> &'static (u64, Square) {
    static FOUND: OnceLock<(u64, Square)> = OnceLock::new();
    FOUND.get_or_init(|| find_start(is_gathering, 2))
}

fn composition_start() -> &'static (u64, Square) {
    static FOUND: OnceLock<(u64, Square)> = OnceLock::new();
    FOUND.get_or_init(|| find_start(is_composition, 3))
}

/// The first lesson's space: the first one holding three butterflies.
/// (Worked out once: views ask for it every frame.)
fn scatter_space() -> Square {
    static SPACE: OnceLock<Square> = OnceLock::new();
    *SPACE.get_or_init(|| {
        let g = DustInTheWings::new(&setup(), SCATTER_SEED);
        Square::all(5, 5).find(|&s| count(&g, s) == 3).unwrap_or(Square::new(2, 2))
    })
}

const SCATTER_SEED: u64 = 3;

/// The learner's turn is over.
fn turn_over(g: &DustInTheWings) -> bool {
    g.turns() >= 1
}

/// The moves of the photo lessons: the found space, then any drop, then
/// the card kind taught.
fn photo_offered(a: &Action, space: Square, want: fn(CardRef) -> bool) -> bool {
    match a {
        Action::Pick(s) => *s == space,
        Action::Drop { .. } => true,
        Action::Claim(r) => want(*r),
    }
}

/// What the photo lessons light: the space to pick up, then the cards to
/// take.
fn photo_lights(g: &DustInTheWings, space: Square, want: fn(CardRef) -> bool) -> Vec<Action> {
    match g.stage() {
        Stage::Pick => vec![Action::Pick(space)],
        Stage::Claim { .. } => g.fulfilled().into_iter().filter(|r| want(*r)).map(Action::Claim).collect(),
        _ => Vec::new(),
    }
}

/// The course.
pub static COURSE: [Lesson<DustInTheWings>; 3] = [
    Lesson {
        id: "dust-in-the-wings-scatter",
        title: "Scatter the butterflies",
        minutes: 2,
        section: "Your turn",
        goal: "Pick up the lit space (click it): its three butterflies go into your hand. Then put them down one \
               at a time, each on a space next to the last one (up, down, left or right), never straight back \
               where the path just came from.",
        learner: YOU,
        start: || Start { setup: setup(), seed: SCATTER_SEED, actions: Vec::new() },
        offered: |_, a| match a {
            Action::Pick(s) => *s == scatter_space(),
            Action::Drop { .. } | Action::Claim(_) => true,
        },
        hint: "Pick up the lit space first; then drag each butterfly from your hand onto a lit space next to the \
               last one.",
        highlight: |g| match g.stage() {
            Stage::Pick => vec![Action::Pick(scatter_space())],
            _ => Vec::new(),
        },
        reply: other,
        done: turn_over,
        failed: |_| None,
        par: 5,
        solution: |g| match g.stage() {
            Stage::Pick => Some(Action::Pick(scatter_space())),
            _ => g.legal_actions().into_iter().next(),
        },
    },
    Lesson {
        id: "dust-in-the-wings-gathering",
        title: "A Gathering photo",
        minutes: 3,
        section: "Your turn",
        goal: "A Gathering card shows butterflies: end a dispersion on a space holding exactly those, no more, no \
               fewer, and take the card with its crystals. Pick up the lit space; before the last butterfly lands, \
               each lit space names the cards it would earn.",
        learner: YOU,
        start: || Start { setup: setup(), seed: gathering_start().0, actions: Vec::new() },
        offered: |_, a| photo_offered(a, gathering_start().1, is_gathering),
        hint: "Pick up the lit space; drop the last butterfly where the space then shows a Gathering card, and \
               take it.",
        highlight: |g| photo_lights(g, gathering_start().1, is_gathering),
        reply: other,
        done: |g| !g.tableau(YOU).gatherings.is_empty(),
        failed: |g| {
            turn_over(g).then_some(
                "The last butterfly landed where no Gathering card matched. Undo (or restart) and choose another \
                 path: count what the last space will hold.",
            )
        },
        par: 4,
        solution: |g| match g.stage() {
            Stage::Pick => Some(Action::Pick(gathering_start().1)),
            _ => plan(g, is_gathering)?.into_iter().next(),
        },
    },
    Lesson {
        id: "dust-in-the-wings-composition",
        title: "A Composition photo",
        minutes: 3,
        section: "Your turn",
        goal: "A Composition card shows a shape and a condition (at most N butterflies, at least N, or the same \
               number on each space). End a dispersion so that the shape, turned any way and covering the last \
               space, meets it; then take the card for its points.",
        learner: YOU,
        start: || Start { setup: setup(), seed: composition_start().0, actions: Vec::new() },
        offered: |_, a| photo_offered(a, composition_start().1, is_composition),
        hint: "Pick up the lit space; drop the last butterfly where the space then shows a Composition card, and \
               take it.",
        highlight: |g| photo_lights(g, composition_start().1, is_composition),
        reply: other,
        done: |g| !g.tableau(YOU).compositions.is_empty(),
        failed: |g| {
            turn_over(g).then_some(
                "The last space completed no Composition card. Undo (or restart) and choose another path: look \
                 at the shapes around where the last butterfly lands.",
            )
        },
        par: 5,
        solution: |g| match g.stage() {
            Stage::Pick => Some(Action::Pick(composition_start().1)),
            _ => plan(g, is_composition)?.into_iter().next(),
        },
    },
];
