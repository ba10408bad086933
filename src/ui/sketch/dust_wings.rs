//! The sketch of a Dust in the Wings table: the 5×5 meadow as the view
//! draws it (row 1 at the bottom), its butterflies in a small grid inside
//! each space (red, blue, yellow), and beside it the face-up cards: the
//! three Gathering cards with their butterflies and the crystals lying on
//! them, and the three Composition cards with their shapes. The decks'
//! order, the bag and the butterflies in a player's tray are not drawn.

use super::{Shape, Sketch, Sketched, Tint};
use crate::rules::dust_wings::{COMPOSITIONS, Colour, Counts, Crystal, DustInTheWings, SIZE, gathering_card};
use crate::rules::grid::Square;

/// Width over height: the meadow's square and a strip of cards.
const ASPECT: f32 = 1.46;
/// One meadow space's side (in heights of the sketch).
const SPACE: f32 = 1.0 / SIZE as f32;
/// The gap between spaces.
const GAP: f32 = 0.012;
/// A face-up card's width and height.
const CARD: (f32, f32) = (0.2, 0.3);
/// Where the two columns of cards are centred: Gathering, Composition.
const COLUMNS: [f32; 2] = [1.125, 1.345];

/// The centre of meadow space `s`, row 1 at the bottom.
fn centre(s: Square) -> (f32, f32) {
    (f32::from(s.x) * SPACE + SPACE / 2.0, f32::from(SIZE - 1 - s.y) * SPACE + SPACE / 2.0)
}

/// The centre of display slot `slot` (0–2) of a column.
fn slot_y(slot: usize) -> f32 {
    0.17 + slot as f32 * (CARD.1 + 0.03)
}

/// The tint of a butterfly colour.
fn butterfly(c: Colour) -> Tint {
    Tint::Butterfly(c as u8)
}

/// The butterflies of `counts` in a small grid inside a square of side
/// `side` centred on (`cx`, `cy`), red first, then blue, then yellow.
fn butterflies(sketch: &mut Sketch, counts: Counts, (cx, cy): (f32, f32), side: f32) {
    let n: usize = counts.iter().map(|&c| usize::from(c)).sum();
    if n == 0 {
        return;
    }
    let root = n.isqrt();
    let per_row = (root + usize::from(root * root < n)).max(2);
    let rows = n.div_ceil(per_row);
    let step = side / per_row.max(rows) as f32;
    let dot = step * 0.8;
    let top = cy - step * (rows as f32 - 1.0) / 2.0;
    let left = cx - step * (per_row as f32 - 1.0) / 2.0;
    let colours = Colour::ALL.into_iter().flat_map(|c| std::iter::repeat_n(c, usize::from(counts[c as usize])));
    for (k, c) in colours.enumerate() {
        let (row, col) = (k / per_row, k % per_row);
        sketch.put(Shape::Disc, butterfly(c), left + col as f32 * step, top + row as f32 * step, dot, dot);
    }
}

/// A face-up Gathering card in `slot`: its butterflies, and the crystals
/// lying on it in a row along its foot.
fn gathering(sketch: &mut Sketch, slot: usize, card: Option<u8>, crystals: &[Crystal]) {
    let (cx, cy) = (COLUMNS[0], slot_y(slot));
    let Some(id) = card else { return };
    sketch.put(Shape::Card, Tint::CardFace, cx, cy, CARD.0, CARD.1);
    butterflies(sketch, gathering_card(id).counts, (cx, cy - CARD.1 * 0.1), CARD.0 * 0.8);
    let size = 0.045;
    let n = crystals.len().min(4);
    for (k, c) in crystals.iter().take(n).enumerate() {
        let x = cx + (k as f32 - (n as f32 - 1.0) / 2.0) * size * 1.1;
        let tint = if *c == Crystal::White { Tint::WhitePiece } else { Tint::BlackPiece };
        sketch.put(Shape::Tile, tint, x, cy + CARD.1 * 0.36, size, size);
    }
}

/// A face-up Composition card in `slot`: its shape, in meadow squares.
fn composition(sketch: &mut Sketch, slot: usize, card: Option<u8>) {
    let (cx, cy) = (COLUMNS[1], slot_y(slot));
    let Some(comp) = card.and_then(|id| COMPOSITIONS.get(usize::from(id))) else { return };
    sketch.put(Shape::Card, Tint::CardFace, cx, cy, CARD.0, CARD.1);
    let cells = comp.shape.cells();
    let wide = cells.iter().map(|c| c.0).max().unwrap_or(0) + 1;
    let high = cells.iter().map(|c| c.1).max().unwrap_or(0) + 1;
    let cell = (CARD.0 * 0.8 / f32::from(wide.max(high))).min(0.05);
    for &(x, y) in cells {
        let px = cx + (f32::from(x) - f32::from(wide - 1) / 2.0) * cell;
        let py = cy + (f32::from(y) - f32::from(high - 1) / 2.0) * cell;
        sketch.put(Shape::Patch, Tint::Meadow, px, py, cell * 0.88, cell * 0.88);
    }
}

impl Sketched for DustInTheWings {
    fn sketch(&self) -> Sketch {
        let mut sketch = Sketch::new(ASPECT);
        for s in Square::all(SIZE, SIZE) {
            let (cx, cy) = centre(s);
            sketch.put(Shape::Patch, Tint::Meadow, cx, cy, SPACE - GAP, SPACE - GAP);
        }
        for s in Square::all(SIZE, SIZE) {
            butterflies(&mut sketch, self.at(s), centre(s), SPACE * 0.82);
        }
        for (slot, (card, crystals)) in self.gathering().into_iter().enumerate() {
            gathering(&mut sketch, slot, card, crystals);
        }
        for (slot, card) in self.composition().into_iter().enumerate() {
            composition(&mut sketch, slot, card);
        }
        sketch
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::dust_wings::{Action, Options};
    use crate::rules::{Game, Rng, Seat, Setup};

    /// A game `moves` actions in (always the first legal one).
    fn played(seed: u64, moves: usize) -> DustInTheWings {
        let mut game = DustInTheWings::new(&Setup { seats: 3, options: Options::default() }, seed);
        for _ in 0..moves {
            let Some(a) = game.legal_actions().first().cloned() else { break };
            game.apply(&a).expect("a legal action");
        }
        game
    }

    #[test]
    fn the_decks_order_is_not_drawn() {
        let game = played(5, 12);
        let shuffled = game.determinize(Seat(1), &mut Rng::seeded(99));
        let sorted = game.observation(Seat(0));
        // The copies differ, but only in the decks' order (and the RNG).
        assert_ne!(game, shuffled);
        assert_eq!(game.meadow(), shuffled.meadow());
        assert_eq!(game.deck_counts(), shuffled.deck_counts());
        assert_eq!(game.sketch(), shuffled.sketch());
        assert_eq!(game.sketch(), sorted.sketch());
    }

    #[test]
    fn a_pick_empties_its_space_on_the_sketch() {
        let mut game = played(8, 0);
        let before = game.sketch();
        let pick = game.legal_actions().into_iter().find(|a| matches!(a, Action::Pick(_))).expect("a pick");
        game.apply(&pick).expect("a legal pick");
        let after = game.sketch();
        assert_ne!(before, after);
        let butterflies = |s: &Sketch| s.marks.iter().filter(|m| matches!(m.tint, Tint::Butterfly(_))).count();
        assert!(butterflies(&after) < butterflies(&before));
    }

    #[test]
    fn every_butterfly_and_space_is_drawn_inside_the_picture() {
        let game = played(2, 0);
        let sketch = game.sketch();
        let meadow = sketch.marks.iter().filter(|m| m.tint == Tint::Meadow && m.shape == Shape::Patch).count();
        assert!(meadow >= 25);
        let on_meadow: usize = game.meadow().iter().flatten().map(|&c| usize::from(c)).sum();
        let on_cards: usize = game
            .gathering()
            .iter()
            .filter_map(|(card, _)| *card)
            .map(|id| gathering_card(id).counts.iter().map(|&c| usize::from(c)).sum::<usize>())
            .sum();
        let drawn = sketch.marks.iter().filter(|m| matches!(m.tint, Tint::Butterfly(_))).count();
        assert_eq!(drawn, on_meadow + on_cards);
        for m in &sketch.marks {
            let [x, y, w, h] = m.at;
            assert!(x >= -1e-4 && y >= -1e-4 && x + w <= 1.0 + 1e-4 && y + h <= 1.0 + 1e-4, "{m:?}");
        }
    }
}
