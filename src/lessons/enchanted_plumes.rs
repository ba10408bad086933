//! The Enchanted Plumes course: keeping six of nine and starting a plume,
//! a turn's refill from the deck and the Train, a second row that narrows
//! and matches the colours above it, a finished peacock, and the Peahen
//! ending the game. The learner
//! plays the first seat of two; the other seat's turns are scripted (a
//! low card into a new plume, then two draws), so every lesson plays the
//! same way.

use std::sync::OnceLock;

use super::{Lesson, Start};
use crate::rules::enchanted_plumes::{Action, EnchantedPlumes, Feather, Options, Phase};
use crate::rules::{Game, Seat, Setup, ToMove};

const YOU: Seat = Seat(0);

fn setup() -> Setup<Options> {
    Setup { seats: 2, options: Options { names: Vec::new(), first: Some(0) } }
}

/// Give back the three highest cards (high cards are no use in a top row,
/// which counts against you).
fn keep_low(g: &EnchantedPlumes, seat: Seat) -> Option<Action> {
    let mut hand = g.hand(seat).to_vec();
    hand.sort_by_key(|c| (c.value, c.colour));
    let mut returned: Vec<Feather> = hand.iter().rev().take(3).copied().collect();
    returned.sort();
    Some(Action::Keep { returned: returned.try_into().ok()? })
}

/// The other seat's script: keep its low cards, lay its lowest card into a
/// new plume, then draw two (or trade when the hand is full).
fn other(g: &EnchantedPlumes) -> Option<Action> {
    let ToMove::Seat(seat) = g.to_move() else { return None };
    if g.phase() == Phase::Keep {
        return keep_low(g, seat);
    }
    let legal = g.legal_actions();
    if g.turn().played == 0 {
        let lowest = g.hand(seat).iter().min_by_key(|c| (c.value, c.colour)).copied()?;
        let new = g.plumes(seat).len() as u8;
        return Some(Action::Play { card: lowest, plume: new, row: 0 });
    }
    legal.iter().find(|a| matches!(a, Action::Draw)).or_else(|| legal.first()).cloned()
}

/// The learner's turns before a lesson: `plays` lists, turn by turn, the
/// cards to lay (as `(card, plume, row)`); each turn then draws twice (or
/// draws and trades, when the hand is full).
fn script(seed: u64, turns: &[Vec<(Feather, u8, u8)>]) -> Option<(Vec<Action>, EnchantedPlumes)> {
    let mut g = EnchantedPlumes::new(&setup(), seed);
    let mut actions = Vec::new();
    let mut step = |g: &mut EnchantedPlumes, a: Action| -> Option<()> {
        g.check(&a).ok()?;
        g.apply_legal(&a);
        actions.push(a);
        Some(())
    };
    let a = keep_low(&g, YOU)?;
    step(&mut g, a)?;
    let a = other(&g)?;
    step(&mut g, a)?;
    for plays in turns {
        for &(card, plume, row) in plays {
            step(&mut g, Action::Play { card, plume, row })?;
        }
        for _ in 0..2 {
            // Draw; with a full hand, trade the highest card instead.
            let a = if g.check(&Action::Draw).is_ok() {
                Action::Draw
            } else {
                let card = low_first(&g).last().copied()?;
                Action::Swap { card, slot: 0 }
            };
            step(&mut g, a)?;
        }
        while g.phase() == Phase::Play && g.to_move() != ToMove::Seat(YOU) {
            let a = other(&g)?;
            step(&mut g, a)?;
        }
    }
    (g.phase() == Phase::Play).then_some((actions, g))
}

/// The learner's hand after keeping, lowest first.
fn low_first(g: &EnchantedPlumes) -> Vec<Feather> {
    let mut hand = g.hand(YOU).to_vec();
    hand.sort_by_key(|c| (c.value, c.colour));
    hand
}

/// Hand cards (other than `except`) sharing a colour with `row`.
fn matching(g: &EnchantedPlumes, row: &[Feather], except: &[Feather]) -> Vec<Feather> {
    g.hand(YOU).iter().filter(|c| !except.contains(c) && row.iter().any(|r| r.colour == c.colour)).copied().collect()
}

/// The first seed where the learner, laying its lowest kept cards into
/// its first plume's top row turn by turn (`turns` lists, per turn, which
/// of them by rank: 0 the lowest), then holds as many cards matching that
/// row's colours as `fits` wants (given the matching count and the hand
/// size): the seed and the actions.
fn plume_start(turns: &[&[usize]], fits: fn(usize, usize) -> bool) -> (u64, Vec<Action>) {
    (0..5_000)
        .find_map(|seed| {
            let kept = script(seed, &[])?.1;
            let low = low_first(&kept);
            let plays: Vec<Vec<(Feather, u8, u8)>> =
                turns.iter().map(|t| t.iter().map(|&i| (low[i], 0, 0)).collect()).collect();
            let (actions, g) = script(seed, &plays)?;
            let top = &g.plumes(YOU)[0].rows[0];
            fits(matching(&g, top, &[]).len(), g.hand(YOU).len()).then_some((seed, actions))
        })
        .unwrap_or_default()
}

/// A start where the learner's first plume has a top row of three low
/// cards and two hand cards match its colours (and one does not, to be
/// refused when tried): laid two, then one.
fn rows_start() -> Start<EnchantedPlumes> {
    static FOUND: OnceLock<(u64, Vec<Action>)> = OnceLock::new();
    let (seed, actions) = FOUND.get_or_init(|| plume_start(&[&[0, 1], &[2]], |m, hand| m >= 2 && hand > m));
    Start { setup: setup(), seed: *seed, actions: actions.clone() }
}

/// A start where the learner's first plume is a two-card top row and a
/// hand card matches one of its colours.
fn peacock_start() -> Start<EnchantedPlumes> {
    static FOUND: OnceLock<(u64, Vec<Action>)> = OnceLock::new();
    let (seed, actions) = FOUND.get_or_init(|| plume_start(&[&[0, 1]], |m, hand| m >= 1 && hand > m));
    Start { setup: setup(), seed: *seed, actions: actions.clone() }
}

/// Late in a game played by the scripts (both seats lay a low card and
/// draw two each turn): the learner to start a turn whose first draw turns
/// up the Peahen.
fn peahen_start() -> Start<EnchantedPlumes> {
    static FOUND: OnceLock<(u64, Vec<Action>)> = OnceLock::new();
    let (seed, actions) = FOUND.get_or_init(|| {
        (0..2_000)
            .find_map(|seed| {
                let mut g = EnchantedPlumes::new(&setup(), seed);
                let mut actions = Vec::new();
                for _ in 0..400 {
                    if g.phase() != Phase::Play && g.phase() != Phase::Keep {
                        return None;
                    }
                    let learners_turn = g.to_move() == ToMove::Seat(YOU) && g.phase() == Phase::Play;
                    if learners_turn && g.turn().played == 0 && g.deck_len() <= g.cards_under_peahen() {
                        return Some((seed, actions));
                    }
                    let a = if g.to_move() == ToMove::Seat(YOU) { learner_script(&g)? } else { other(&g)? };
                    g.check(&a).ok()?;
                    g.apply_legal(&a);
                    actions.push(a);
                }
                None
            })
            .unwrap_or_default()
    });
    Start { setup: setup(), seed: *seed, actions: actions.clone() }
}

/// The learner's side in a scripted game: keep low, lay a card under a
/// row when one matches (else start a plume with the lowest), then draw.
fn learner_script(g: &EnchantedPlumes) -> Option<Action> {
    if g.phase() == Phase::Keep {
        return keep_low(g, YOU);
    }
    let legal = g.legal_actions();
    if g.turn().played == 0 {
        let under = legal.iter().find(|a| matches!(a, Action::Play { row, .. } if *row > 0));
        return under.cloned().or_else(|| other(g));
    }
    legal.iter().find(|a| matches!(a, Action::Draw)).or_else(|| legal.first()).cloned()
}

/// After both seats kept their six (the learner to play the first turn).
fn kept_start() -> Start<EnchantedPlumes> {
    let seed = 7;
    let actions = script(seed, &[]).map(|(a, _)| a).unwrap_or_default();
    Start { setup: setup(), seed, actions }
}

fn legal_offered(g: &EnchantedPlumes, offered: fn(&EnchantedPlumes, &Action) -> bool) -> Vec<Action> {
    g.legal_actions().into_iter().filter(|a| offered(g, a)).collect()
}

/// The highest matching hand card for row `row` of the first plume.
fn best_under(g: &EnchantedPlumes, row: usize) -> Option<Action> {
    let above = g.plumes(YOU).first()?.rows.get(row - 1)?;
    let card = matching(g, above, &[]).into_iter().max_by_key(|c| (c.value, c.colour))?;
    Some(Action::Play { card, plume: 0, row: row as u8 })
}

fn first_plume_row(g: &EnchantedPlumes, row: usize) -> usize {
    g.plumes(YOU).first().and_then(|p| p.rows.get(row)).map_or(0, Vec::len)
}

/// The course.
pub static COURSE: [Lesson<EnchantedPlumes>; 5] = [
    Lesson {
        id: "enchanted-plumes-keep",
        title: "Keep six, start a plume",
        minutes: 2,
        section: "The deck and the setup",
        goal: "You were dealt nine feathers. Mark three to give back (they go into the deck) and keep six; then \
               lay one of your cards on \"new plume\" to start your first plume.",
        learner: YOU,
        start: || Start { setup: setup(), seed: 7, actions: Vec::new() },
        offered: |_, a| matches!(a, Action::Keep { .. } | Action::Play { plume: 0, row: 0, .. }),
        hint: "Click three cards and press Return; then drag a low card onto \"new plume\": a plume's top row \
               counts against you.",
        highlight: |g| {
            if g.phase() == Phase::Keep {
                Vec::new()
            } else {
                legal_offered(g, |_, a| matches!(a, Action::Play { plume: 0, row: 0, .. }))
            }
        },
        reply: other,
        done: |g| !g.plumes(YOU).is_empty(),
        failed: |_| None,
        par: 2,
        solution: |g| {
            if g.phase() == Phase::Keep {
                return keep_low(g, YOU);
            }
            let card = low_first(g).first().copied()?;
            Some(Action::Play { card, plume: 0, row: 0 })
        },
    },
    Lesson {
        id: "enchanted-plumes-refill",
        title: "Refill from the deck and the Train",
        minutes: 2,
        section: "Your turn",
        goal: "A turn is one or two cards laid, then a refill of two. Lay a card, then take one card from the \
               deck and trade one of yours for a card of the Train (drag it onto the Train card).",
        learner: YOU,
        start: kept_start,
        offered: |g, a| match a {
            Action::Play { .. } => true,
            Action::Draw => g.turn().draws == 0,
            Action::Swap { .. } => g.turn().swaps == 0,
            Action::Keep { .. } => false,
        },
        hint: "Lay a card first; then one draw from the deck (the Draw button) and one trade: drag a hand card \
               onto a Train card.",
        highlight: |g| {
            legal_offered(g, |g, a| match a {
                Action::Play { .. } => true,
                Action::Draw => g.turn().draws == 0,
                Action::Swap { .. } => g.turn().swaps == 0,
                Action::Keep { .. } => false,
            })
        },
        reply: other,
        done: |g| g.current() != YOU && g.turns() >= 1 && !g.known(YOU).is_empty(),
        failed: |_| None,
        par: 3,
        solution: |g| {
            let t = g.turn();
            if t.played == 0 {
                let card = low_first(g).first().copied()?;
                return Some(Action::Play { card, plume: 0, row: 0 });
            }
            if t.draws == 0 {
                return Some(Action::Draw);
            }
            // Trade the highest card for the lowest Train card.
            let card = low_first(g).last().copied()?;
            let slot = g.train().iter().enumerate().min_by_key(|(_, c)| (c.value, c.colour))?.0 as u8;
            Some(Action::Swap { card, slot })
        },
    },
    Lesson {
        id: "enchanted-plumes-rows",
        title: "Rows that narrow",
        minutes: 2,
        section: "Building a plume",
        goal: "Your plume's top row has three cards, so the row under it takes exactly two. Lay two cards under \
               it: each must share a colour with a card in the row above.",
        learner: YOU,
        start: rows_start,
        offered: |_, a| matches!(a, Action::Play { plume: 0, row: 1, .. }),
        hint: "Drag a card whose colour appears in the top row onto the row under it (the outlined place).",
        highlight: |g| legal_offered(g, |_, a| matches!(a, Action::Play { plume: 0, row: 1, .. })),
        reply: other,
        done: |g| first_plume_row(g, 1) == 2,
        failed: |_| None,
        par: 2,
        solution: |g| best_under(g, 1),
    },
    Lesson {
        id: "enchanted-plumes-peacock",
        title: "A finished peacock",
        minutes: 2,
        section: "The end and the scores",
        goal: "A single card under a two-card row finishes the plume: a peacock. Lay a matching card under your \
               two-card plume. It lies face down (only you see it) and the peacock earns a point for each of its \
               cards.",
        learner: YOU,
        start: peacock_start,
        offered: |_, a| matches!(a, Action::Play { plume: 0, row: 1, .. }),
        hint: "Drag a card whose colour appears in the two-card row onto the row under it.",
        highlight: |g| legal_offered(g, |_, a| matches!(a, Action::Play { plume: 0, row: 1, .. })),
        reply: other,
        done: |g| g.plumes(YOU).iter().any(crate::rules::enchanted_plumes::Plume::is_complete),
        failed: |_| None,
        par: 1,
        solution: |g| best_under(g, 1),
    },
    Lesson {
        id: "enchanted-plumes-peahen",
        title: "The Peahen",
        minutes: 2,
        section: "The end and the scores",
        goal: "The deck is nearly out, and the Peahen hides among its last cards: whoever draws her ends the game \
               at once, and cards still in hand score nothing. Lay a card first (under a row it scores its value; \
               a new plume's top row counts against you), then draw.",
        learner: YOU,
        start: peahen_start,
        offered: |_, a| matches!(a, Action::Play { .. } | Action::Draw),
        hint: "Lay a card (under a row if one matches: it scores), then draw from the deck.",
        highlight: |g| g.legal_actions().into_iter().filter(|a| matches!(a, Action::Play { .. })).collect(),
        reply: other,
        done: |g| g.phase() == Phase::Over,
        failed: |_| None,
        par: 2,
        solution: |g| {
            let legal = g.legal_actions();
            if g.turn().played == 0 {
                let under = legal.iter().find(|a| matches!(a, Action::Play { row, .. } if *row > 0));
                return under.or_else(|| legal.iter().find(|a| matches!(a, Action::Play { .. }))).cloned();
            }
            Some(Action::Draw)
        },
    },
];
