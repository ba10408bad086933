//! How the seats' plumes are sized and laid out: how many mats side by
//! side and their cards' size, one's own plumes' size and lines by the
//! hand, and the widths and heights those reckonings share with the drawing.

use egui::{Ui, Vec2};

use super::{EnchantedPlumes, HAND_CARD, PLUME_CARD, PlumesView, SMALL_CARD, Seat};

/// The room under one's own unfinished plume to start a row there, as a
/// share of a card's height (more left the mat mostly empty felt).
pub(super) const NEW_ROW: f32 = 0.42;

/// The height of a seat's place above its cards: its name plate, the
/// plumes' score chips and the margins (who plays it is said on hover).
pub(super) const MAT_HEADING: f32 = 56.0;

/// The same in a low window, where the name is a size smaller.
pub(super) const MAT_HEADING_COMPACT: f32 = 50.0;

/// The smallest the others' cards get.
pub(super) const SMALLEST: Vec2 = Vec2::new(SMALL_CARD.x * 0.7, SMALL_CARD.y * 0.7);

/// How far below a plume's row the next one lies, as a share of a card's
/// height: each row tucked under the one above as a peacock's feathers
/// lie, the upper cards' corners and eyes in view (rows laid apart made a
/// grown plume a tower that pushed the table about).
const ROW_STEP: f32 = 0.5;

/// How far apart a plume's rows lie.
pub(super) fn row_step(card: Vec2) -> f32 {
    card.y * ROW_STEP
}

/// The height the cards of a plume of `rows` rows take.
pub(super) fn rows_height(rows: usize, card: Vec2) -> f32 {
    (rows.max(1) - 1) as f32 * row_step(card) + card.y + 3.0
}

/// How the other seats sit across the table in `room`: how many side by
/// side (all of them in one row, or in two rows in seat order), whichever
/// shows the cards larger (one row on a tie), and each seat's cards' size
/// (in `others`' order): as large as its own mat allows, never larger than
/// `largest` (one's own cards by the hand). A seat with few plumes is not
/// drawn as small as the most crowded one (a new player saw a seat of
/// three plumes shrink to tiny cards beside one of seven).
///
/// Side by side, each mat is as wide as its plumes ask, shared out of the
/// row's room (a seat of seven plumes was cut at its mat's foot beside a
/// half-empty mat of three): the widths come third, in `others`' order.
pub(super) fn others_layout(
    state: &EnchantedPlumes,
    others: &[Seat],
    (room, heading): (Vec2, f32),
    largest: Vec2,
) -> (usize, Vec<Vec2>, Vec<f32>) {
    let (per_row, card) = shared_layout(state, others, (room, heading), largest);
    let rows = others.len().max(1).div_ceil(per_row) as f32;
    let widths: Vec<f32> =
        others.chunks(per_row.max(1)).flat_map(|row| mat_widths(state, row, room.x, (card, largest))).collect();
    let cards = others
        .iter()
        .zip(&widths)
        .map(|(&s, &w)| {
            let mat = Vec2::new(w, room.y / rows - 6.0);
            others_card(state, &[s], (mat, heading), largest).unwrap_or(card)
        })
        .collect();
    (per_row, cards, widths)
}

/// The widths of a `row` of mats side by side in `room` (8 points between
/// them): equal while each seat's plumes at their `largest` fit its equal
/// share on one line; otherwise each as its plumes ask, and the room left over
/// shared in the same proportion; when they ask for more than
/// there is, each gets its share of the room by what it asks, never less
/// than 150 points (or an equal share, if that is less).
fn mat_widths(state: &EnchantedPlumes, row: &[Seat], room: f32, (card, largest): (Vec2, Vec2)) -> Vec<f32> {
    let n = row.len().max(1) as f32;
    let room = room - 8.0 * (n - 1.0);
    let asks_at = |card: Vec2| -> Vec<f32> {
        row.iter()
            .map(|&s| {
                let plumes: f32 = state
                    .plumes(s)
                    .iter()
                    .map(|p| others_plume_width(p.rows.iter().map(Vec::len).max().unwrap_or(1), card) + 8.0)
                    .sum();
                // Room for the name and score even with no plume.
                (plumes + 22.0).max(card.x * 3.0)
            })
            .collect()
    };
    let asks = asks_at(card);
    if asks_at(largest).iter().all(|&a| a <= room / n) {
        // Every seat's plumes fit an equal share: equal mats, so they keep
        // their widths from turn to turn (shared by what each asked, they
        // changed width whenever a card was laid).
        return vec![room / n; row.len()];
    }
    let total: f32 = asks.iter().sum();
    let floor = 150.0_f32.min(room / n);
    let mut widths: Vec<f32> = asks.iter().map(|a| (room * a / total).max(floor)).collect();
    // (Raised to the floor, the rest give up that room in proportion.)
    let over: f32 = widths.iter().sum::<f32>() - room;
    if over > 0.5 {
        let give: f32 = widths.iter().filter(|&&w| w > floor).map(|w| w - floor).sum();
        for w in widths.iter_mut().filter(|w| **w > floor) {
            *w -= over * (*w - floor) / give.max(1.0);
        }
    }
    widths
}

/// How many seats side by side and the one card size with which every
/// seat's plumes fit (see [`others_layout`]).
fn shared_layout(
    state: &EnchantedPlumes,
    others: &[Seat],
    (room, heading): (Vec2, f32),
    largest: Vec2,
) -> (usize, Vec2) {
    let n = others.len().max(1);
    let mut best: Option<(usize, Vec2)> = None;
    for per_row in [n, n.div_ceil(2)] {
        let mat_width = (room.x - 8.0 * (per_row as f32 - 1.0)) / per_row as f32;
        if mat_width < 140.0 && per_row > 1 {
            continue;
        }
        let rows = n.div_ceil(per_row) as f32;
        if let Some(card) = others_card(state, others, (Vec2::new(mat_width, room.y / rows - 6.0), heading), largest)
            && best.is_none_or(|(_, c)| card.x > c.x + 0.5)
        {
            best = Some((per_row, card));
        }
    }
    let smallest = SMALLEST;
    // Too little room for every mat whole: all in one row at the smallest
    // size (the heights above are reckoned generously, so such a row
    // mostly stays in view; a plume wider than its mat scrolls sideways in
    // it); when the mats would be too narrow for that, mats that run past
    // the bottom (scrolled to, and named on a token), as little as may be.
    let one_row = (room.x - 8.0 * (n as f32 - 1.0)) / n as f32;
    best.or_else(|| (one_row >= 140.0 || n == 1).then_some((n, smallest)))
        .or_else(|| {
            [1.25, 1.5, f32::INFINITY].into_iter().find_map(|over| {
                [n.div_ceil(2), 1].into_iter().find_map(|per_row| {
                    let mat_width = (room.x - 8.0 * (per_row as f32 - 1.0)) / per_row as f32;
                    let rows = n.div_ceil(per_row) as f32;
                    let mat = Vec2::new(mat_width, room.y * over / rows - 6.0);
                    others_card(state, others, (mat, heading), largest).map(|card| (per_row, card))
                })
            })
        })
        .unwrap_or((1, smallest))
}

/// The size of the others' cards: the largest (from `largest` down to 70% of [`SMALL_CARD`]) with which every seat's plumes fit
/// within `mat` (width, height), on one line or wrapped onto more; none
/// when even the smallest do not.
fn others_card(state: &EnchantedPlumes, others: &[Seat], (mat, heading): (Vec2, f32), largest: Vec2) -> Option<Vec2> {
    // The mat's frame and margins take MAT_FRAME points, each plume 8 of
    // spacing.
    let room = mat.x - MAT_FRAME;
    let fits = |card: Vec2| {
        others.iter().all(|&s| {
            let (widest, height) = mat_extent(state, s, card, (mat.x, heading));
            // Every line, not only the last, within the mat: a plume wider
            // than the mat would reach into the next seat's.
            widest <= room + 8.0 && height <= mat.y
        })
    };
    // Never larger than `largest` (the Train's cards, in a low window one's
    // own plumes'): with room to spare, as large as the room allows, so
    // the mats fill the table down to one's own (a band of bare cloth
    // lay between them with two or three at the table).
    let largest = largest.x / SMALL_CARD.x;
    (0..=22)
        .map(|k| SMALL_CARD * (largest - 0.05 * k as f32))
        .filter(|c| c.x >= SMALL_CARD.x * 0.7 - 0.01)
        .find(|&c| fits(c))
}

/// The lines one's own plumes (and while playing the place for a new
/// one) take on a mat `width` wide with cards of `card`, laid left to
/// right, a plume that does not fit starting a line: how many, and their
/// height; none when a plume is wider than the mat.
fn own_lines(state: &EnchantedPlumes, seat: Seat, card: Vec2, width: f32) -> Option<(usize, f32)> {
    let room = width - 22.0 + 8.0;
    // (width, rows, whether a row may be started under it)
    let mut items: Vec<(f32, usize, bool)> = state
        .plumes(seat)
        .iter()
        .map(|p| {
            let open = !p.is_complete();
            let widest = p.rows.iter().map(Vec::len).max().unwrap_or(1);
            (plume_width(widest, card) + 8.0, p.rows.len(), open)
        })
        .collect();
    items.push((new_plume_width(card) + 8.0, 1, false));
    let (mut lines, mut x, mut height, mut tallest) = (1, 0.0, 0.0, 0.0_f32);
    for (w, rows, open) in items {
        if x > 0.0 && x + w > room {
            (lines, x, height, tallest) = (lines + 1, 0.0, height + tallest, 0.0);
        }
        x += w;
        if x > room {
            return None;
        }
        let new_row = if open { card.y * NEW_ROW } else { 0.0 };
        tallest = tallest.max(rows_height(rows, card) + new_row + 34.0);
    }
    Some((lines, height + tallest))
}

/// The size of one's own plume cards by the hand, and on how many lines
/// they lie: the largest (from `largest` down to 60% of it) with which
/// every plume and the place for a new one fit on one line of a mat
/// `width` wide; or on two, when that shows them larger and the two lines
/// stay within `two_lines_high` (the room the others leave on the table;
/// zero: one line only). When neither fits, they wrap at 60% onto as many
/// lines as they need rather than shrink further or run off the mat's
/// edge (the new plume's place with them) — unless `may_wrap` is false
/// (a low window): one line at 60%, scrolled sideways.
pub(super) fn own_card(
    state: &EnchantedPlumes,
    seat: Seat,
    largest: Vec2,
    width: f32,
    (two_lines_high, may_wrap): (f32, bool),
) -> (Vec2, usize) {
    let sizes = |least: f32| {
        (0..=10).map(move |k| largest * (1.0 - 0.05 * k as f32)).filter(move |c| c.x >= largest.x * least - 0.01)
    };
    // (Small cards overlap, so in a low window one line holds many plumes
    // at half size; with room to wrap, no smaller than 60%.)
    let least = if may_wrap { 0.6 } else { 0.5 };
    let one = sizes(0.6)
        .chain(sizes(least).skip_while(|c| c.x >= largest.x * 0.6 - 0.01))
        .find(|&c| own_lines(state, seat, c, width).is_some_and(|(n, _)| n == 1));
    // Around the plumes in the bottom panel: the turn line and its hint,
    // the mat's name and facts, its margins and the spacing (measured).
    let around = 160.0;
    let two = sizes(0.6)
        .find(|&c| own_lines(state, seat, c, width).is_some_and(|(n, h)| n <= 2 && h + around <= two_lines_high));
    match (one, two) {
        // A second line only when it shows the cards clearly larger: it
        // takes a line's height from the others' mats.
        (Some(a), Some(b)) if b.x > a.x + 0.12 * largest.x => (b, 2),
        (Some(a), _) => (a, 1),
        (None, Some(b)) => (b, 2),
        // A low window keeps one line (the mat would grow over the table):
        // the plumes scroll sideways, the place for a new one in view.
        (None, None) if !may_wrap => (largest * 0.6, 1),
        (None, None) => {
            let card = largest * 0.6;
            match own_lines(state, seat, card, width) {
                Some((lines, _)) => (card, lines.max(2)),
                // A single plume wider than the mat: it scrolls sideways.
                None => (largest * 0.6, 1),
            }
        }
    }
}

/// How wide the widest line of a seat's plumes is and how high its mat
/// (heading included) when they wrap onto further lines of a mat `width`
/// wide, each line as tall as its longest plume.
fn mat_extent(state: &EnchantedPlumes, seat: Seat, card: Vec2, (width, heading): (f32, f32)) -> (f32, f32) {
    let plumes = state.plumes(seat);
    let widths: Vec<f32> =
        plumes.iter().map(|p| others_plume_width(p.rows.iter().map(Vec::len).max().unwrap_or(1), card)).collect();
    let lines = plume_lines(&widths, width - MAT_FRAME);
    let widest = lines.iter().map(|l| widths[l.clone()].iter().map(|w| w + 8.0).sum::<f32>()).fold(0.0, f32::max);
    // Each line as tall as its tallest plume (and its heading), 3 points
    // (the item spacing) between lines.
    let height: f32 = lines
        .iter()
        .map(|l| rows_height(plumes[l.clone()].iter().map(|p| p.rows.len()).max().unwrap_or(0), card) + 34.0 + 3.0)
        .sum();
    (widest, heading + height.max(rows_height(0, card) + 37.0))
}

/// The width a mat's frame takes from its plumes: its inner margin (10 a
/// side), its ring and the outer margin (1 and 1, or 2 and 0 on its turn).
pub(super) const MAT_FRAME: f32 = 24.0;

/// The plumes of a mat `room` wide (within its frame) on lines: each line
/// as many as fit side by side (8 points apart), the first always.
pub(super) fn plume_lines(widths: &[f32], room: f32) -> Vec<std::ops::Range<usize>> {
    let mut lines = Vec::new();
    let (mut start, mut x) = (0, 0.0_f32);
    for (i, w) in widths.iter().enumerate() {
        if i > start && x + w > room {
            lines.push(start..i);
            (start, x) = (i, 0.0);
        }
        x += w + 8.0;
    }
    if start < widths.len() || lines.is_empty() {
        lines.push(start..widths.len());
    }
    lines
}

/// The height the mats of `others` need to show their plumes at `card`,
/// in mats `width` wide.
pub(super) fn others_height(state: &EnchantedPlumes, others: &[Seat], card: Vec2, width: f32) -> f32 {
    others.iter().map(|&s| mat_extent(state, s, card, (width, MAT_HEADING)).1).fold(0.0, f32::max)
}

/// The height one's own plumes may take on two lines by the hand, in a
/// table `room` (the window less the side panel) with hand cards of
/// `train_card`: what the Train and the others' mats, at their largest,
/// leave; none with more than three at the table.
pub(super) fn two_lines_room(state: &EnchantedPlumes, me: Seat, room: Vec2, train_card: Vec2) -> f32 {
    if state.seats() > 3 {
        return 0.0;
    }
    let others: Vec<Seat> = (0..state.seats()).map(Seat).filter(|&s| s != me).collect();
    let width = (room.x - 8.0 * (others.len() as f32 - 1.0)) / others.len().max(1) as f32;
    let others_high = others_height(state, &others, PLUME_CARD, width);
    // The Train (its heading, cards and caption, the space under).
    let train = train_card.y + 64.0;
    room.y - train - others_high - 20.0
}

/// The width of a plume whose widest row has `widest` cards of `card`.
fn plume_width(widest: usize, card: Vec2) -> f32 {
    plume_width_by(widest, card, fanned_step(card, widest))
}

/// The width of another seat's plume: its cards overlap, as a held hand's
/// do (each one's corner index in view), once they are smaller than
/// [`SMALL_CARD`] — a crowded table — rather than run off the mat.
pub(super) fn others_plume_width(widest: usize, card: Vec2) -> f32 {
    plume_width_by(widest, card, fanned_step(card, widest))
}

/// How far apart the cards of a plume whose widest row holds `widest` lie
/// on the table: as [`others_step`], and a row of six or more fanned
/// tighter, each card's corner index still in view, so that it is little
/// wider than a row of five (a top row of nine ran past its mat, and the
/// seat's other plumes scrolled out of sight beside it).
pub(super) fn fanned_step(card: Vec2, widest: usize) -> f32 {
    let step = others_step(card);
    if widest <= 5 { step } else { (step * 4.0 / (widest - 1) as f32).max(card.x * 0.36) }
}

/// How far apart the cards of a row lie (one's own too: small, they
/// overlap rather than wrap a low window's mat onto a second line).
pub(super) fn others_step(card: Vec2) -> f32 {
    // The smallest a little closer still, each card's left half in view
    // (its value and its colour's name): a seat's plumes then keep one
    // line in a low window (a last plume alone on a second line looked
    // broken).
    if card.x < SMALL_CARD.x * 0.8 { card.x * 0.5 } else { card.x * 0.62 }
}

pub(super) fn plume_width_by(widest: usize, card: Vec2, step: f32) -> f32 {
    // 14 points of margin: the minus sign of the top row sits at the left;
    // at least the score chip's width over it. (The fan's outer cards turn
    // their corners out into the 8 points between plumes.)
    let cards = (widest.max(1) - 1) as f32 * step + card.x + 3.0;
    (cards + 14.0).max(40.0)
}

/// Small cards (a crowded table, a low window): the place for a new plume
/// says so in a smaller face.
pub(super) fn short_headings(card: Vec2) -> bool {
    card.x < 36.0
}

/// The width of the place for a new plume (room for its two words).
pub(super) fn new_plume_width(card: Vec2) -> f32 {
    if short_headings(card) { (card.x + 18.0).max(50.0) } else { card.x + 40.0 }
}

/// What the cards' growth into bare cloth is keyed by: the window's size
/// and the seat by the hand.
pub(super) type GrowKey = ((i32, i32), Option<Seat>);

/// The most the cards grow into bare cloth, over their usual size.
pub(super) const MOST_GROWN: f32 = 1.3;

/// How much larger than their usual size the table's cards are drawn
/// where the others leave bare cloth above the Train (early in a game, a
/// band of it lay between them, and the table looked half laid). Grown
/// in a few steps when the table is first laid in a window, then only
/// ever smaller, as the others' plumes need the room: cards that grew
/// and shrank as they were laid would make the table breathe.
#[derive(Clone, Copy, Debug)]
pub(super) struct Grow {
    key: Option<GrowKey>,
    factor: f32,
    /// Steps of growth taken under this key (at most [`GROW_STEPS`]).
    steps: u8,
}

/// How many frames the growth takes to settle (each measures the bare
/// cloth left and grows into it; what grows with the cards is not all
/// free to, so one step left some bare).
const GROW_STEPS: u8 = 2;

impl Default for Grow {
    fn default() -> Self {
        Self { key: None, factor: 1.0, steps: 0 }
    }
}

impl Grow {
    /// How much larger than usual the cards are now.
    pub(super) fn factor(&self) -> f32 {
        self.factor
    }

    /// The factor for this frame's `key` (back to 1, to be measured,
    /// when it changed).
    pub(super) fn at(&mut self, key: GrowKey) -> f32 {
        if self.key != Some(key) {
            *self = Self { key: Some(key), ..Self::default() };
        }
        self.factor
    }

    /// The cards grow into `gap` points of bare cloth (16 kept), `grows`
    /// being the height of what grows with them at their usual size; at
    /// most [`MOST_GROWN`], in steps of 2%.
    pub(super) fn grow_into(&mut self, ui: &Ui, gap: f32, grows: f32) {
        if self.steps >= GROW_STEPS || self.key.is_none() || gap < 24.0 {
            return;
        }
        self.steps += 1;
        let wanted = (self.factor + (gap - 16.0) / grows.max(1.0)).clamp(1.0, MOST_GROWN);
        let next = (wanted * 50.0).floor() / 50.0;
        if next > self.factor + 0.001 {
            self.factor = next;
            if self.steps == 1 {
                // (The first step unseen; a later one, a few points, shows
                // for a frame: discarded frame after frame, with the mats'
                // own remeasuring, egui warned of a loop.)
                ui.ctx().request_discard("the table's cards grow into bare cloth");
            }
            ui.ctx().request_repaint();
        }
    }

    /// The table ran `over` points past its room with the cards grown:
    /// smaller, by as much, and no more growth under this key. Whether
    /// they were grown.
    pub(super) fn shrink_after_overflow(&mut self, ui: &Ui, over: f32, grows: f32) -> bool {
        if self.factor <= 1.0 {
            return false;
        }
        let smaller = ((self.factor - (over + 8.0) / grows.max(1.0)) * 50.0).floor() / 50.0;
        (self.factor, self.steps) = (smaller.max(1.0), GROW_STEPS);
        ui.ctx().request_discard("the grown cards ran past the table");
        ui.ctx().request_repaint();
        true
    }
}

/// The sizes of the seats' cards, as the window and the table allow.
impl PlumesView {
    /// The mats came out taller than the table (a plume wrapped, a token
    /// took a line; `others_card` the largest of the others' cards): the
    /// others' cards a step smaller, at once, rather than a mat cut at the
    /// table's edge; with those at their smallest in a low window, one's
    /// own plumes a fifth smaller instead (late in a game, "continue
    /// below" lay over a mat), giving the others the height.
    pub(super) fn squeeze_after_overflow(&mut self, ui: &Ui, others_card: Vec2) {
        if others_card.x > SMALLEST.x + 0.5 {
            self.squeeze.1 = others_card.x / self.others_largest().x - 0.05;
        } else if self.compact && self.own_squeeze.1 > 0.81 {
            // (In one step: a step a frame kept the table moving for six.)
            self.own_squeeze.1 = 0.8;
        } else {
            return;
        }
        ui.ctx().request_discard("the seats' mats ran past the table");
        ui.ctx().request_repaint();
    }

    /// The largest the others' cards get: the Train's (a low window: one's
    /// own plumes').
    pub(super) fn others_largest(&self) -> Vec2 {
        if self.compact { HAND_CARD * 0.88 } else { self.hand_card }
    }

    /// The largest one's own plume cards get: as large as the others' may
    /// be (the Train's), so one's own plumes are never drawn smaller than
    /// an opponent's (with four or more at the table they were, on a mat
    /// half bare); in a low window, smaller, so the others' mats keep the
    /// height they need above.
    pub(super) fn own_largest(&self) -> Vec2 {
        if self.compact { PLUME_CARD * 0.95 * self.own_squeeze.1 } else { self.hand_card }
    }

    /// The size of one's own plume cards on a mat `width` wide by the
    /// hand, and on how many lines they lie.
    pub(super) fn own_fit(&self, state: &EnchantedPlumes, me: Seat, width: f32) -> (Vec2, usize) {
        // (Sized as if playing, between turns too, so it keeps its size.)
        // With three or fewer at the table, two lines when the others,
        // at their largest, leave the room for them.
        let two_lines_high =
            if self.compact { 0.0 } else { two_lines_room(state, me, self.table_room, self.train_card()) };
        own_card(state, me, self.own_largest(), width, (two_lines_high, !self.compact))
    }
}

#[cfg(test)]
mod tests_support {
    use crate::rules::enchanted_plumes::{Action, EnchantedPlumes, Options};
    use crate::rules::{Game, Rng, Seat, Setup};

    /// A two-seat game in which seat B has started `plumes` plumes.
    pub fn with_plumes(plumes: usize) -> EnchantedPlumes {
        let options = Options { names: vec!["A".into(), "B".into()], first: Some(0) };
        let mut rng = Rng::seeded(5);
        let mut state = EnchantedPlumes::new(&Setup { seats: 2, options }, 5);
        let mut moves = 0;
        while state.plumes(Seat(1)).len() < plumes && moves < 2_000 && state.outcome().is_none() {
            let legal = state.legal_actions();
            // Seat B starts plumes whenever it may, so it soon has three.
            let count = state.plumes(Seat(1)).len();
            let new_plume = |a: &&Action| matches!(a, Action::Play { plume, .. } if usize::from(*plume) == count);
            let pick = legal
                .iter()
                .find(|a| state.to_move().seat() == Some(Seat(1)) && new_plume(a))
                .unwrap_or(&legal[rng.below(legal.len())])
                .clone();
            state.apply_legal(&pick);
            moves += 1;
        }
        assert!(state.plumes(Seat(1)).len() >= plumes, "B has {plumes} plumes ({moves} moves)");
        state
    }
}

#[cfg(test)]
mod tests {
    use super::tests_support::with_plumes;
    use super::{
        MAT_HEADING, PLUME_CARD, SMALL_CARD, others_card, others_plume_width, own_card, own_lines, plume_width,
    };
    use crate::rules::Seat;
    use egui::Vec2;

    /// A seat whose plumes are too wide for one line of its mat gets them
    /// wrapped onto a second line at a readable size, not the smallest.
    #[test]
    fn plumes_too_wide_for_one_line_wrap_rather_than_shrink_to_nothing() {
        let state = with_plumes(3);
        let plumes = state.plumes(Seat(1));
        // A mat two plumes wide at the largest size, and tall enough for two
        // lines of them.
        let widest = |card: Vec2| {
            plumes.iter().map(|p| plume_width(p.rows.iter().map(Vec::len).max().unwrap_or(1), card) + 8.0).sum::<f32>()
        };
        let width = widest(PLUME_CARD) * 0.7 + 22.0;
        let card = others_card(
            &state,
            &[Seat(1)],
            (Vec2::new(width, 72.0 + 2.0 * (PLUME_CARD.y * 3.0 + 40.0)), MAT_HEADING),
            PLUME_CARD,
        );
        assert!(card.is_some_and(|c| c.x > SMALL_CARD.x), "wrapped at a readable size, not {card:?}");
        // However it wraps, no plume is wider than the mat (it would reach
        // into the next seat's), whatever the mat's width.
        for width in (60..600).step_by(5).map(|w| w as f32) {
            let mat = Vec2::new(width, 4_000.0);
            let Some(card) = others_card(&state, &[Seat(1)], (mat, MAT_HEADING), PLUME_CARD) else {
                continue; // Nothing fits: the mats are laid out otherwise.
            };
            for p in plumes {
                let w = others_plume_width(p.rows.iter().map(Vec::len).max().unwrap_or(1), card) + 8.0;
                assert!(w <= width - 22.0 + 8.0, "a plume {w} wide in a mat {width} wide (cards {card:?})");
            }
        }
    }

    /// One's own plumes by the hand, too many for one line at full size:
    /// with the room the others leave, they take two lines at a larger
    /// size than one line allows; without it, one line if they keep 60% of
    /// their size there, and otherwise they wrap (a new player found them
    /// running off the mat's edge with the place for a new plume, behind a
    /// thin scroll bar).
    #[test]
    fn own_plumes_take_a_second_line_where_the_table_has_room_and_wrap_rather_than_shrink() {
        // (360: with the score chip alone over a plume, four plumes and a new
        // one at 400 lie on one line nearly as large as on two.)
        let state = with_plumes(4);
        let width = 360.0;
        let (one, lines) = own_card(&state, Seat(1), PLUME_CARD, width, (0.0, true));
        assert!(one.x < PLUME_CARD.x, "four plumes and a new one do not fit one line at full size: {one:?}");
        let (two, two_lines) = own_card(&state, Seat(1), PLUME_CARD, width, (2_000.0, true));
        assert_eq!(two_lines, 2, "room for two lines: two");
        assert!(two.x >= one.x - 0.01, "no smaller on two lines ({two:?}) than without room ({one:?}, {lines} lines)");
        for width in (200..900).step_by(20).map(|w| w as f32) {
            let (card, lines) = own_card(&state, Seat(1), PLUME_CARD, width, (0.0, true));
            let (needed, _) = own_lines(&state, Seat(1), card, width).expect("every plume fits the mat's width");
            assert!(needed <= lines, "{needed} lines needed, {lines} laid, at width {width}");
            if lines == 1 {
                assert!(card.x >= PLUME_CARD.x * 0.6 - 0.01, "one line of {card:?} cards at width {width}");
            }
        }
    }
}

#[cfg(test)]
mod each_seat_its_size {
    use super::tests_support::with_plumes;
    use super::{MAT_HEADING, PLUME_CARD, others_layout};
    use crate::rules::Seat;
    use egui::Vec2;

    /// Found by a new player: a seat of three plumes was drawn with cards
    /// as tiny as those of a seat of seven beside it, its mat half empty.
    /// Each seat's cards are as large as its own mat allows.
    #[test]
    fn a_seat_with_few_plumes_is_not_drawn_as_small_as_a_crowded_one() {
        // (Nine: with the score chip alone over a plume, a one-card plume
        // is narrower, and seven no longer crowd the mat.)
        let state = with_plumes(9);
        let (few, many) = (state.plumes(Seat(0)).len(), state.plumes(Seat(1)).len());
        assert!(few + 3 <= many, "A has {few} plumes, B {many}");
        let (per_row, cards, widths) =
            others_layout(&state, &[Seat(0), Seat(1)], (Vec2::new(760.0, 190.0), MAT_HEADING), PLUME_CARD);
        assert_eq!(per_row, 2);
        assert!(cards[0].x >= cards[1].x, "A's cards {:?}, B's {:?}", cards[0], cards[1]);
        // The crowded seat's mat is the wider, and the two fill the row.
        assert!(widths[1] > widths[0] + 40.0, "A's mat {}, B's {}", widths[0], widths[1]);
        assert!((widths[0] + widths[1] + 8.0 - 760.0).abs() < 1.0, "{widths:?}");
    }

    /// Found by a new player: the mats changed width every turn, shared
    /// out by what each seat's plumes asked. While every seat's plumes fit
    /// an equal share at their largest, the mats are equal.
    #[test]
    fn mats_with_room_to_spare_are_equal_whatever_their_plumes() {
        let state = with_plumes(3);
        let count = |s: Seat| state.plumes(s).iter().map(|p| p.rows.iter().map(Vec::len).max()).collect::<Vec<_>>();
        assert_ne!(count(Seat(0)), count(Seat(1)), "the two seats' plumes ask for different widths");
        let (per_row, _, widths) =
            others_layout(&state, &[Seat(0), Seat(1)], (Vec2::new(1100.0, 400.0), MAT_HEADING), PLUME_CARD);
        assert_eq!(per_row, 2);
        assert!((widths[0] - widths[1]).abs() < 0.5, "{widths:?}");
        assert!((widths[0] + widths[1] + 8.0 - 1100.0).abs() < 1.0, "{widths:?}");
    }
}

#[cfg(test)]
mod fanned_tests {
    use super::{fanned_step, others_plume_width};
    use crate::ui::enchanted_plumes::SMALL_CARD;

    /// A top row of nine ran past its mat: a long row fans tighter, little
    /// wider than a row of five, each card's corner still in view.
    #[test]
    fn a_long_row_is_no_wider_than_a_row_of_five() {
        let five = others_plume_width(5, SMALL_CARD);
        for n in 6..=9 {
            let w = others_plume_width(n, SMALL_CARD);
            // (From eight on the corner's room sets the step: a little wider.)
            assert!(w <= five * 1.12, "a row of {n} is {w}, five {five}");
            assert!(fanned_step(SMALL_CARD, n) >= SMALL_CARD.x * 0.36 - 0.01, "the corner index in view");
        }
        for n in 10..=12 {
            assert!(
                others_plume_width(n, SMALL_CARD) >= others_plume_width(n - 1, SMALL_CARD),
                "wider with more cards"
            );
        }
        // (Laid at the usual step, nine took six cards' width.)
        assert!(others_plume_width(9, SMALL_CARD) < SMALL_CARD.x * 4.5 + 17.0);
    }
}
