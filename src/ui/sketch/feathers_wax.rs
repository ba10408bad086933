//! The sketch of a Feathers & Wax table, showing the board the view shows
//! at this point of the game:
//! - collecting (and a game lost before the flight): the labyrinth, its
//!   walls, nests (feathers) and hives (wax), the used ones smaller, the
//!   way Daedalus walked this move and his token (before the entrance,
//!   in a cell, or at the exit), and under it the feathers and wax he
//!   holds (face up in the view);
//! - building the wings: the spades not yet on a rack and the two racks,
//!   each with its flyer's token;
//! - flying (and a game ended in the air): the sky with the tower, the
//!   sun and sea rows and the safe column, both flyers where they are,
//!   their wing sections below, the flight deck as a stack as high as its
//!   count (the view shows it) and the cards drawn this turn, face up.
//!
//! The decks' order is never drawn.

use super::{Shape, Sketch, Sketched, Tint};
use crate::rules::cards::Suit;
use crate::rules::feathers_wax::{
    Cell, FeathersAndWax, Flyer, Heading, LAB_H, LAB_W, LABYRINTH, Labyrinth, Phase, Place, SAFE_COL, SKY_COLS,
    SKY_ROWS, Spot, Walker,
};

/// Width over height, the same in every phase.
const ASPECT: f32 = 1.5;
/// A labyrinth cell's side.
const LAB_CELL: f32 = 0.105;
/// The labyrinth's top-left corner (room for the entrance on its left and
/// the exit on its right).
const LAB_ORIGIN: (f32, f32) = ((ASPECT - LAB_CELL * LAB_W as f32) / 2.0, 0.02);
/// A sky cell's side.
const SKY_CELL: f32 = 0.1;
/// The sky's top-left corner.
const SKY_ORIGIN: (f32, f32) = (0.02, 0.02);

/// The centre of a labyrinth cell.
fn cell_centre(c: Cell) -> (f32, f32) {
    (LAB_ORIGIN.0 + (f32::from(c.x) + 0.5) * LAB_CELL, LAB_ORIGIN.1 + (f32::from(c.y) + 0.5) * LAB_CELL)
}

/// The tint of a flyer's token.
fn flyer_tint(f: Flyer) -> Tint {
    match f {
        Flyer::Icarus => Tint::Icarus,
        Flyer::Daedalus => Tint::Daedalus,
    }
}

/// The floor, the nests and hives, and the walls of the labyrinth.
fn labyrinth(sketch: &mut Sketch, state: &FeathersAndWax) {
    let (x0, y0) = LAB_ORIGIN;
    let (w, h) = (LAB_CELL * f32::from(LAB_W), LAB_CELL * f32::from(LAB_H));
    sketch.put(Shape::Patch, Tint::LightSquare, x0 + w / 2.0, y0 + h / 2.0, w, h);
    for c in Labyrinth::cells() {
        let (cx, cy) = cell_centre(c);
        let size = if state.is_used(c) { 0.3 } else { 0.5 } * LAB_CELL;
        match LABYRINTH.spot(c) {
            Spot::Nest => sketch.put(Shape::Disc, Tint::Nest, cx, cy, size, size),
            Spot::Hive => sketch.put(Shape::Tile, Tint::Honey, cx, cy, size, size),
            Spot::Empty => {}
        }
    }
    let t = LAB_CELL * 0.12;
    let (long, thin) = (LAB_CELL + t, t);
    for c in Labyrinth::cells() {
        let (cx, cy) = cell_centre(c);
        let half = LAB_CELL / 2.0;
        if LABYRINTH.wall(c, Heading::E) {
            sketch.put(Shape::Bar, Tint::Frame, cx + half, cy, thin, long);
        }
        if LABYRINTH.wall(c, Heading::S) {
            sketch.put(Shape::Bar, Tint::Frame, cx, cy + half, long, thin);
        }
        if c.x == 0 && c.y != LABYRINTH.entrance_row {
            sketch.put(Shape::Bar, Tint::Frame, cx - half, cy, thin, long);
        }
        if c.y == 0 {
            sketch.put(Shape::Bar, Tint::Frame, cx, cy - half, long, thin);
        }
    }
}

/// Where Daedalus's token stands: before the entrance, in a cell, or at
/// the exit.
fn walker_at(w: Walker) -> (f32, f32) {
    match w {
        Walker::Outside => {
            let (x, y) = cell_centre(LABYRINTH.entrance());
            (x - LAB_CELL, y)
        }
        Walker::At(c) => cell_centre(c),
        Walker::Out => {
            let (x, y) = cell_centre(LABYRINTH.exit());
            (x + LAB_CELL, y)
        }
    }
}

/// The labyrinth phase: the maze, the exit, this move's way, Daedalus, and
/// the cards he holds.
fn collecting(sketch: &mut Sketch, state: &FeathersAndWax) {
    labyrinth(sketch, state);
    let (ex, ey) = cell_centre(LABYRINTH.exit());
    sketch.put(Shape::Tile, Tint::Gold, ex + LAB_CELL * 0.95, ey, LAB_CELL * 0.7, LAB_CELL * 0.9);
    // This move's way: steps are orthogonal, so each is a bar.
    let way = LAB_CELL * 0.14;
    for pair in state.path().windows(2) {
        let ((ax, ay), (bx, by)) = (cell_centre(pair[0]), cell_centre(pair[1]));
        let (w, h) = ((ax - bx).abs() + way, (ay - by).abs() + way);
        sketch.put(Shape::Bar, Tint::Daedalus, f32::midpoint(ax, bx), f32::midpoint(ay, by), w, h);
    }
    let (dx, dy) = walker_at(state.walker());
    sketch.put(Shape::Disc, Tint::Daedalus, dx, dy, LAB_CELL * 0.7, LAB_CELL * 0.7);
    // The feathers (spades) and wax (clubs) held, face up in the view.
    let top = LAB_ORIGIN.1 + LAB_CELL * f32::from(LAB_H) + 0.02;
    let (w, h) = (0.05, (0.98 - top).min(0.075));
    for (suit, tint, left) in [(Suit::Spades, Tint::Nest, 0.08), (Suit::Clubs, Tint::Honey, ASPECT / 2.0 + 0.04)] {
        let kings = usize::from(state.has_king(suit));
        for k in 0..state.held(suit).len() + kings {
            let tint = if k < state.held(suit).len() { tint } else { Tint::Gold };
            sketch.put(Shape::Card, tint, left + k as f32 * w * 1.1, top + h / 2.0, w, h);
        }
    }
}

/// A row of spades (wing sections), `w` wide each, from `left`.
fn spades(sketch: &mut Sketch, values: &[u8], left: f32, cy: f32, w: f32) {
    for k in 0..values.len() {
        sketch.put(Shape::Card, Tint::Nest, left + (k as f32 + 0.5) * w * 1.1, cy, w, w / 0.7);
    }
}

/// The wings phase: the pool of spades and the two racks.
fn building(sketch: &mut Sketch, state: &FeathersAndWax) {
    spades(sketch, &state.unassigned(), 0.1, 0.17, 0.09);
    for (k, f) in Flyer::BOTH.into_iter().enumerate() {
        let left = 0.04 + k as f32 * (ASPECT / 2.0);
        let (w, cy) = (ASPECT / 2.0 - 0.08, 0.62);
        sketch.put(Shape::Tile, Tint::Sky, left + w / 2.0, cy, w, 0.34);
        sketch.put(Shape::Disc, flyer_tint(f), left + 0.08, cy, 0.1, 0.1);
        spades(sketch, state.wings(f), left + 0.15, cy, 0.048);
    }
}

/// Where a flyer's token stands, if it is on the board.
fn flyer_at(state: &FeathersAndWax, f: Flyer) -> Option<(f32, f32)> {
    let cell = |col: u8, row: u8| {
        let (x0, y0) = SKY_ORIGIN;
        (x0 + (f32::from(col) + 0.5) * SKY_CELL, y0 + (f32::from(row) + 0.5) * SKY_CELL)
    };
    match state.place(f) {
        Place::Sky { col, row } => {
            let (x, y) = cell(col, row);
            // Both in the tower on one row: side by side.
            let shared = col == 0 && state.place(f.other()) == Place::Sky { col, row };
            let side = if f == Flyer::Icarus { -1.0 } else { 1.0 };
            let shift = if shared { side * 0.22 * SKY_CELL } else { 0.0 };
            Some((x + shift, y))
        }
        Place::Safe => Some(cell(SAFE_COL + 1, if f == Flyer::Icarus { 2 } else { 4 })),
        Place::Lost => None,
    }
}

/// The flight: the sky, the flyers, their wings, the deck and the cards
/// drawn this turn.
fn flying(sketch: &mut Sketch, state: &FeathersAndWax) {
    let (x0, y0) = SKY_ORIGIN;
    for row in 0..SKY_ROWS {
        for col in 0..SKY_COLS {
            let tint = match (col, row) {
                (SAFE_COL, _) => Tint::Safe,
                (0, _) => Tint::Ruin,
                (_, 0) => Tint::Sun,
                (_, r) if r == SKY_ROWS - 1 => Tint::Sea,
                _ => Tint::Sky,
            };
            let (cx, cy) = (x0 + (f32::from(col) + 0.5) * SKY_CELL, y0 + (f32::from(row) + 0.5) * SKY_CELL);
            sketch.put(Shape::Patch, tint, cx, cy, SKY_CELL * 0.94, SKY_CELL * 0.94);
        }
    }
    let token = SKY_CELL * if state.place(Flyer::Icarus) == state.place(Flyer::Daedalus) { 0.42 } else { 0.62 };
    for f in Flyer::BOTH {
        if let Some((x, y)) = flyer_at(state, f) {
            sketch.put(Shape::Disc, flyer_tint(f), x, y, token, token);
        }
    }
    // The wing sections, each flyer's under a small token.
    let foot = y0 + SKY_CELL * f32::from(SKY_ROWS) + 0.04;
    let cy = foot + (0.98 - foot) / 2.0;
    for (k, f) in Flyer::BOTH.into_iter().enumerate() {
        let left = 0.04 + k as f32 * 0.74;
        sketch.put(Shape::Disc, flyer_tint(f), left + 0.04, cy, 0.07, 0.07);
        spades(sketch, state.wings(f), left + 0.1, cy, 0.05);
    }
    // The flight deck and the cards drawn, right of the sky.
    let right = x0 + SKY_CELL * f32::from(SKY_COLS + 1) + 0.02;
    let (w, h) = (0.09, 0.13);
    let deck_x = right + (ASPECT - right) / 2.0;
    for k in 0..state.flight_left().div_ceil(5).min(5) {
        let lift = k as f32 * 0.006;
        sketch.put(Shape::Card, Tint::CardBack, deck_x + lift, 0.1 - lift, w, h);
    }
    for (k, _) in state.drawn().iter().enumerate().take(6) {
        let (col, row) = ((k % 2) as f32, (k / 2) as f32);
        let x = deck_x + (col - 0.5) * (w + 0.02);
        sketch.put(Shape::Card, Tint::CardFace, x, 0.28 + row * (h + 0.02), w, h);
    }
}

impl Sketched for FeathersAndWax {
    fn sketch(&self) -> Sketch {
        let mut sketch = Sketch::new(ASPECT);
        match self.phase() {
            Phase::Wings => building(&mut sketch, self),
            Phase::Flight => flying(&mut sketch, self),
            Phase::Over if self.turn() > 0 => flying(&mut sketch, self),
            Phase::Collect | Phase::Over => collecting(&mut sketch, self),
        }
        sketch
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::feathers_wax::{Action, Options, Pile};
    use crate::rules::{Game, Setup};

    /// A new game `actions` actions in (always the first legal one).
    fn played(seed: u64, actions: usize) -> FeathersAndWax {
        let mut game = FeathersAndWax::new(&Setup { seats: 1, options: Options::default() }, seed);
        for _ in 0..actions {
            let Some(a) = game.legal_actions().first().cloned() else { break };
            game.apply(&a).expect("a legal action");
        }
        game
    }

    /// The same game with each deck in another order.
    fn reordered(game: &FeathersAndWax) -> FeathersAndWax {
        let mut other = game.clone();
        for pile in [Pile::Feathers, Pile::Wax, Pile::Moves, Pile::Flight] {
            let mut cards = game.unseen(pile);
            if !cards.is_empty() {
                cards.rotate_left(1);
            }
            other.set_deck(pile, cards);
        }
        other
    }

    /// Every mark lies inside the unit square.
    fn inside(sketch: &Sketch) {
        for m in &sketch.marks {
            let [x, y, w, h] = m.at;
            assert!(x >= -1e-4 && y >= -1e-4 && x + w <= 1.0 + 1e-4 && y + h <= 1.0 + 1e-4, "{m:?}");
        }
    }

    #[test]
    fn the_decks_order_is_not_drawn_in_the_labyrinth() {
        let game = played(7, 14);
        assert_eq!(game.phase(), Phase::Collect);
        let other = reordered(&game);
        assert_ne!(game, other);
        assert_eq!(game.sketch(), other.sketch());
        inside(&game.sketch());
    }

    #[test]
    fn the_flight_decks_order_is_not_drawn() {
        let mut game = played(3, 0);
        game.start_flight(&[1, 2, 3], &[4, 5]);
        let other = reordered(&game);
        assert_ne!(game, other);
        assert_eq!(game.sketch(), other.sketch());
        let sketch = game.sketch();
        assert!(sketch.marks.iter().any(|m| m.tint == Tint::Sun));
        assert_eq!(sketch.marks.iter().filter(|m| m.tint == Tint::Icarus).count(), 2);
        inside(&sketch);
    }

    #[test]
    fn a_step_moves_daedalus_on_the_sketch() {
        let mut game = played(11, 0);
        while game.card().is_none() {
            game.apply(&Action::Draw).expect("the movement card");
        }
        let before = game.sketch();
        let step = game.legal_actions().into_iter().find(|a| matches!(a, Action::Step(_))).expect("a step");
        game.apply(&step).expect("a legal step");
        assert_ne!(before, game.sketch());
        let token = |s: &Sketch| {
            s.marks.iter().rev().find(|m| m.tint == Tint::Daedalus && m.shape == Shape::Disc).map(|m| m.at)
        };
        assert_ne!(token(&before), token(&game.sketch()));
    }

    #[test]
    fn a_flight_turn_shows_on_the_sketch() {
        let mut game = played(5, 0);
        game.start_flight(&[1, 2, 3], &[4, 5]);
        let before = game.sketch();
        let start = (game.place(Flyer::Icarus), game.place(Flyer::Daedalus));
        while (game.place(Flyer::Icarus), game.place(Flyer::Daedalus)) == start {
            let Some(a) = game.legal_actions().first().cloned() else { break };
            game.apply(&a).expect("a legal action");
        }
        assert_ne!(before, game.sketch());
    }

    #[test]
    fn the_cards_held_lie_under_the_labyrinth() {
        let mut game = played(9, 0);
        game.set_held(Suit::Spades, &[1, 2, 3]);
        game.set_held(Suit::Clubs, &[4, 5]);
        let sketch = game.sketch();
        inside(&sketch);
        let cards = |tint| sketch.marks.iter().filter(|m| m.tint == tint && m.shape == Shape::Card).count();
        assert_eq!((cards(Tint::Nest), cards(Tint::Honey)), (3, 2));
    }

    #[test]
    fn the_wings_phase_shows_the_pool_and_the_racks() {
        // The first of a few deals the policy brings to the wings.
        let policy = crate::ai::feathers_wax::Policy::default();
        let to_the_wings = |seed: u64| {
            let mut rng = crate::rules::Rng::seeded(seed);
            let mut game = played(seed, 0);
            while game.phase() == Phase::Collect {
                let Some(a) = policy.choose(&game, &mut rng) else { break };
                game.apply(&a).expect("the policy's legal action");
            }
            (game.phase() == Phase::Wings).then_some(game)
        };
        let mut game = (0..20).find_map(to_the_wings).expect("a deal that reaches the wings");
        let before = game.sketch();
        inside(&before);
        let spades = |s: &Sketch| s.marks.iter().filter(|m| m.tint == Tint::Nest).count();
        assert_eq!(spades(&before), game.held(Suit::Spades).len());
        let value = game.held(Suit::Spades)[0];
        game.apply(&Action::Wing { value, flyer: Flyer::Icarus }).expect("a spade onto a rack");
        let after = game.sketch();
        assert_ne!(before, after);
        assert_eq!(spades(&after), spades(&before));
    }
}
