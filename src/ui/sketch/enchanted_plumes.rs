//! The sketch of an Enchanted Plumes table, laid out as the view lays it:
//! along the top the deck (a stack as high as its count, which the view
//! shows; the Peahen in its place once drawn) and the five face-up cards
//! of the Train; below, each seat's place in seat order, up to three
//! across, with its plumes side by side, each row of a plume centred
//! under the one above so it tapers like a peacock's tail. A completed
//! peacock's last card lies face down. The seat to play is marked by a gold
//! bar over its place; at the foot of each place its hand, face down, as
//! many cards as it holds. The hands' cards, the cards returned at setup, the deck's order and the
//! Peahen's place in it are never drawn — except in a seat's own picture
//! (`sketch_for`, a lesson's start shown to its learner), where its own
//! hand lies face up in its place, across the foot of the table.

use super::{Shape, Sketch, Sketched, Tint};
use crate::rules::enchanted_plumes::{EnchantedPlumes, Phase, Plume};
use crate::rules::{Game, Seat};

/// Width over height.
const ASPECT: f32 = 1.5;
/// The Train's and the deck's cards: width and height.
const TOP_CARD: (f32, f32) = (0.13, 0.19);
/// Where the seats' places begin (below the Train).
const SEATS_TOP: f32 = 0.25;
/// A card's width over its height.
const CARD_SHAPE: f32 = 0.7;

/// A rectangle in heights of the sketch: left, top, width, height.
#[derive(Clone, Copy)]
struct Area {
    x: f32,
    y: f32,
    w: f32,
    h: f32,
}

/// The deck (or the drawn Peahen) and the Train, in a row along the top.
fn deck_and_train(sketch: &mut Sketch, state: &EnchantedPlumes) {
    let (w, h) = TOP_CARD;
    let step = w + 0.025;
    let slots = 1.0 + state.train().len() as f32;
    let left = (ASPECT - slots * step - 0.04) / 2.0 + w / 2.0;
    let cy = 0.035 + h / 2.0;
    if state.phase() == Phase::Over {
        sketch.put(Shape::Card, Tint::Gold, left, cy, w, h);
    } else {
        // One card of the stack for every eight in the deck, at most five.
        let layers = state.deck_len().div_ceil(8).min(5);
        for k in 0..layers {
            let rise = k as f32 * 0.006;
            sketch.put(Shape::Card, Tint::CardBack, left + rise, cy - rise, w, h);
        }
    }
    for (i, card) in state.train().iter().enumerate() {
        let x = left + 0.04 + (i as f32 + 1.0) * step;
        sketch.put(Shape::Card, Tint::Feather(card.colour), x, cy, w, h);
    }
}

/// The widest row of a plume, in cards.
fn widest(p: &Plume) -> usize {
    p.rows.iter().map(Vec::len).max().unwrap_or(0).max(1)
}

/// How plumes split into `lines` lines fit `area`: the card width, as
/// large as fits but never larger than the Train's cards.
fn card_width(plumes: &[Plume], lines: usize, area: Area) -> f32 {
    let per_line = plumes.len().div_ceil(lines);
    let mut wide: f32 = 0.0;
    let mut deep: f32 = 0.0;
    for line in plumes.chunks(per_line) {
        // A tenth of a card between cards, half a card between plumes.
        let across: usize = line.iter().map(widest).sum();
        wide = wide.max(across as f32 * 1.1 + (line.len() as f32 - 1.0) * 0.5);
        deep += line.iter().map(|p| p.rows.len()).max().unwrap_or(1) as f32 * 1.08;
    }
    // Lines a third of a card apart.
    deep += (plumes.chunks(per_line).len() as f32 - 1.0) * 0.3;
    (area.w / wide).min(area.h / deep * CARD_SHAPE).min(TOP_CARD.0 * 0.6)
}

/// One line of plumes, side by side and centred across `area`, its top
/// at `top`.
fn line(sketch: &mut Sketch, plumes: &[Plume], area: Area, top: f32, w: f32) {
    let h = w / CARD_SHAPE;
    let across: usize = plumes.iter().map(widest).sum();
    let total = across as f32 * w * 1.1 + (plumes.len() as f32 - 1.0) * w * 0.5;
    let mut left = area.x + (area.w - total) / 2.0;
    for p in plumes {
        let width = widest(p) as f32 * w * 1.1;
        let mid = left + width / 2.0;
        let last = p.rows.len().saturating_sub(1);
        for (r, row) in p.rows.iter().enumerate() {
            let cy = top + h / 2.0 + r as f32 * h * 1.08;
            for (k, card) in row.iter().enumerate() {
                let cx = mid + (k as f32 - (row.len() as f32 - 1.0) / 2.0) * w * 1.1;
                let face_down = p.is_complete() && r == last;
                let tint = if face_down { Tint::CardBack } else { Tint::Feather(card.colour) };
                sketch.put(Shape::Card, tint, cx, cy, w, h);
            }
        }
        left += width + w * 0.5;
    }
}

/// One seat's plumes, side by side in as many lines as makes the cards
/// largest, in `area`.
fn plumes(sketch: &mut Sketch, plumes: &[Plume], area: Area) {
    if plumes.is_empty() {
        return;
    }
    let lines = (1..=plumes.len())
        .max_by(|&a, &b| card_width(plumes, a, area).total_cmp(&card_width(plumes, b, area)).then(b.cmp(&a)))
        .unwrap_or(1);
    let w = card_width(plumes, lines, area);
    let h = w / CARD_SHAPE;
    let mut top = area.y;
    for chunk in plumes.chunks(plumes.len().div_ceil(lines)) {
        line(sketch, chunk, area, top, w);
        let deepest = chunk.iter().map(|p| p.rows.len()).max().unwrap_or(1);
        top += deepest as f32 * h * 1.08 + h * 0.3;
    }
}

impl Sketched for EnchantedPlumes {
    fn sketch(&self) -> Sketch {
        table(self, None)
    }

    fn sketch_for(&self, seat: Seat) -> Sketch {
        table(self, Some(seat))
    }
}

/// Each seat's place below the Train: up to three across, in seat order;
/// with `open`, its place alone across the foot of the table, taller (a
/// lesson is about the learner's own place).
fn places(seats: u8, open: Option<Seat>) -> Vec<(Seat, Area)> {
    let others: Vec<Seat> = (0..seats).map(Seat).filter(|&s| Some(s) != open).collect();
    let columns = if others.len() <= 3 { others.len() } else { others.len().div_ceil(2) }.max(1);
    let rows = others.len().div_ceil(columns);
    let room = 1.0 - SEATS_TOP;
    let own = match (open, rows) {
        (None, _) => 0.0,
        (Some(_), 0) => room,
        (Some(_), _) => room * 0.55,
    };
    let (w, h) = (ASPECT / columns as f32, (room - own) / rows.max(1) as f32);
    let mut places: Vec<(Seat, Area)> = others
        .into_iter()
        .enumerate()
        .map(|(i, s)| {
            let (col, row) = ((i % columns) as f32, (i / columns) as f32);
            (s, Area { x: col * w, y: SEATS_TOP + row * h, w, h })
        })
        .collect();
    if let Some(seat) = open {
        places.push((seat, Area { x: 0.0, y: 1.0 - own, w: ASPECT, h: own }));
    }
    places
}

/// The table, with `open`'s hand face up (its own view) and every other
/// hand face down.
fn table(state: &EnchantedPlumes, open: Option<Seat>) -> Sketch {
    let mut sketch = Sketch::new(ASPECT);
    deck_and_train(&mut sketch, state);
    let to_play = state.to_move().seat();
    for (Seat(s), Area { x, y, w: cell_w, h: cell_h }) in places(state.seats(), open) {
        // The hand at the foot of the place: as many backs as cards (how
        // many is public; which, never), but `open`'s own face up, side by
        // side and larger (a lesson is about the learner's cards).
        let cards = state.hand(Seat(s));
        let (hand, face_up) = (cards.len(), open == Some(Seat(s)));
        let back = if face_up {
            (TOP_CARD.0 * 0.8).min(cell_h * 0.34 * CARD_SHAPE).min(cell_w * 0.92 / (hand.max(1) as f32 * 1.08))
        } else {
            (TOP_CARD.0 * 0.55).min(cell_h * 0.24 * CARD_SHAPE)
        };
        let foot = if hand > 0 { back / CARD_SHAPE + 0.03 } else { 0.0 };
        for (k, card) in cards.iter().enumerate() {
            let step = back * if face_up { 1.08 } else { 0.45 };
            let cx = x + cell_w / 2.0 + (k as f32 - (hand as f32 - 1.0) / 2.0) * step;
            let cy = y + cell_h - foot / 2.0 - 0.01;
            let tint = if face_up { Tint::Feather(card.colour) } else { Tint::CardBack };
            sketch.put(Shape::Card, tint, cx, cy, back, back / CARD_SHAPE);
        }
        let area = Area { x: x + cell_w * 0.05, y: y + 0.04, w: cell_w * 0.9, h: cell_h - 0.06 - foot };
        plumes(&mut sketch, state.plumes(Seat(s)), area);
        if to_play == Some(Seat(s)) {
            sketch.put(Shape::Bar, Tint::Gold, x + cell_w / 2.0, y + 0.015, cell_w * 0.6, 0.014);
        }
    }
    sketch
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::enchanted_plumes::{Action, Feather, Options};
    use crate::rules::{Game, Rng, Setup};

    /// A game of `seats` in its play phase, `actions` actions into it
    /// (always the first legal one).
    fn playing(seats: u8, seed: u64, actions: usize) -> EnchantedPlumes {
        let mut game = EnchantedPlumes::new(&Setup { seats, options: Options::default() }, seed);
        let mut done = 0;
        while game.phase() == Phase::Keep || done < actions {
            let Some(a) = game.legal_actions().first().cloned() else { break };
            if game.phase() == Phase::Play {
                done += 1;
            }
            game.apply(&a).expect("a legal action");
        }
        game
    }

    /// The face-up Feather cards on the sketch.
    fn feathers(s: &Sketch) -> usize {
        s.marks.iter().filter(|m| matches!(m.tint, Tint::Feather(_))).count()
    }

    #[test]
    fn hands_and_the_decks_order_are_not_drawn() {
        let game = playing(3, 4, 9);
        assert_eq!(game.phase(), Phase::Play);
        // The first cards of two hands change places.
        let mut swapped = game.clone();
        let (a, b) = (game.hand(Seat(0)).to_vec(), game.hand(Seat(1)).to_vec());
        let (mut a2, mut b2) = (a.clone(), b.clone());
        a2[0] = b[0];
        b2[0] = a[0];
        swapped.set_hand(Seat(0), a2);
        swapped.set_hand(Seat(1), b2);
        assert_ne!(game, swapped);
        assert_eq!(game.sketch(), swapped.sketch());
        // Another deck order (and the other seats' hands re-dealt).
        let shuffled = game.determinize(Seat(0), &mut Rng::seeded(3));
        assert_eq!(shuffled.deck_len(), game.deck_len());
        assert_eq!(game.sketch(), shuffled.sketch());
        // A deck card moved to the top.
        let seen: Vec<Feather> = (0..game.seats())
            .map(Seat)
            .flat_map(|s| {
                let laid = game.plumes(s).iter().flat_map(|p| p.rows.iter().flatten().copied());
                game.hand(s).iter().chain(game.returned(s)).copied().chain(laid).collect::<Vec<_>>()
            })
            .chain(game.train().iter().copied())
            .collect();
        let restacked = Feather::deck_for(game.seats())
            .into_iter()
            .filter(|c| !seen.contains(c))
            .map(|c| {
                let mut g = game.clone();
                g.stack_deck(&[c]);
                g
            })
            .find(|g| *g != game && g.deck_len() == game.deck_len())
            .expect("a deck card not on top");
        assert_eq!(restacked.deck_len(), game.deck_len());
        assert_eq!(game.sketch(), restacked.sketch());
        // What another seat may know: the same picture.
        assert_eq!(game.sketch(), game.observation(Seat(2)).sketch());
    }

    #[test]
    fn a_completed_peacocks_face_down_card_is_not_drawn() {
        let mut game = playing(2, 6, 0);
        let peacock = |last: Feather| Plume { rows: vec![vec![Feather::new(1, 1), Feather::new(2, 2)], vec![last]] };
        game.set_plumes(Seat(0), vec![peacock(Feather::new(3, 3))]);
        let mut other = game.clone();
        other.set_plumes(Seat(0), vec![peacock(Feather::new(7, 5))]);
        assert_eq!(game.sketch(), other.sketch());
        let backs = game.sketch().marks.iter().filter(|m| m.tint == Tint::CardBack).count();
        let deck = game.deck_len().div_ceil(8).min(5);
        let hands = game.hand(Seat(0)).len() + game.hand(Seat(1)).len();
        assert_eq!(backs, deck + hands + 1, "the deck, the hands' backs and the peacock's last card");
    }

    #[test]
    fn a_seat_s_own_picture_shows_its_hand_and_no_other() {
        let game = playing(3, 4, 9);
        let mine = game.hand(Seat(0)).to_vec();
        let shown = game.sketch_for(Seat(0));
        let faces = |s: &Sketch| feathers(s);
        assert_eq!(faces(&shown), faces(&game.sketch()) + mine.len(), "its own hand face up");
        // Another seat's hand changed: the learner's picture is the same.
        let mut other = game.clone();
        let mut theirs = game.hand(Seat(1)).to_vec();
        theirs.rotate_left(1);
        theirs[0] = *game.hand(Seat(2)).first().expect("a card");
        other.set_hand(Seat(1), theirs);
        assert_ne!(game, other);
        assert_eq!(shown, other.sketch_for(Seat(0)));
        // Its own hand changed: the picture says so.
        let mut changed = game.clone();
        let mut hand = mine.clone();
        hand.pop();
        changed.set_hand(Seat(0), hand);
        assert_ne!(shown, changed.sketch_for(Seat(0)));
    }

    #[test]
    fn each_hand_lies_face_down_as_many_cards_as_it_holds() {
        let game = playing(3, 4, 9);
        let mut fewer = game.clone();
        let mut hand = game.hand(Seat(1)).to_vec();
        hand.pop();
        fewer.set_hand(Seat(1), hand);
        let backs = |g: &EnchantedPlumes| g.sketch().marks.iter().filter(|m| m.tint == Tint::CardBack).count();
        assert_eq!(backs(&game), backs(&fewer) + 1, "one card fewer in a hand, one back fewer");
    }

    #[test]
    fn a_card_played_shows_on_the_table() {
        let mut game = playing(2, 11, 0);
        let before = game.sketch();
        let play = game.legal_actions().into_iter().find(|a| matches!(a, Action::Play { .. })).expect("a play");
        game.apply(&play).expect("a legal play");
        let after = game.sketch();
        assert_ne!(before, after);
        assert_eq!(feathers(&after), feathers(&before) + 1);
    }

    #[test]
    fn every_mark_lies_inside_the_picture_for_every_table_size() {
        for seats in 2..=6 {
            let game = playing(seats, u64::from(seats), 40);
            let sketch = game.sketch();
            assert!(feathers(&sketch) >= game.train().len());
            for m in sketch.marks.iter().chain(&game.sketch_for(Seat(0)).marks) {
                let [x, y, w, h] = m.at;
                assert!(x >= -1e-4 && y >= -1e-4 && x + w <= 1.0 + 1e-4 && y + h <= 1.0 + 1e-4, "{seats}: {m:?}");
            }
        }
    }
}
