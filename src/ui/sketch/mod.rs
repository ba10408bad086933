//! Small pictures of a game's table: the Continue cards on Home, the rows
//! of Saved Games and the lesson map show where a game stands at a glance.
//!
//! A [`Sketch`] is made from a game's state off the UI thread (the saves
//! are replayed there) and painted later in whatever theme is on, so it
//! holds roles ([`Tint`]), not colours. It draws only what every seat sees:
//! the board, the pieces and the cards laid face up — never a hand, a
//! face-down card or the deck's order (each game's `sketch` is tested
//! on two states that differ only in a secret).

mod daedalus;
mod dust_wings;
mod enchanted_plumes;
mod feathers_wax;
mod tail_feathers;

use egui::epaint::CornerRadius;
use egui::{Painter, Pos2, Rect, Stroke, StrokeKind, Vec2};

use super::look;
use super::theme::{Palette, mix};

/// A colour role, turned into a colour by the theme when painted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tint {
    /// A light square of a board.
    LightSquare,
    /// A dark square of a board.
    DarkSquare,
    /// White's pieces and walls.
    WhitePiece,
    /// Black's pieces and walls.
    BlackPiece,
    /// A maze wall or a hedge.
    Wall,
    /// One of the ten feather colours of Enchanted Plumes.
    Feather(u8),
    /// One of the three butterfly colours of Dust in the Wings.
    Butterfly(u8),
    /// The meadow's grass.
    Meadow,
    /// Icarus's token.
    Icarus,
    /// Daedalus's token.
    Daedalus,
    /// The sky.
    Sky,
    /// The sun.
    Sun,
    /// The sea.
    Sea,
    /// A nest.
    Nest,
    /// Honey and wax.
    Honey,
    /// The forest floor of Tail Feathers.
    Floor,
    /// A tree's trunk, a canopy space.
    Trunk,
    /// The mice's figures.
    Mice,
    /// The rats' figures.
    Rats,
    /// Leaves.
    Leaves,
    /// A card's face.
    CardFace,
    /// A card's back.
    CardBack,
    /// Gold: the seat to play, a prize.
    Gold,
    /// A board's frame, the labyrinth's walls.
    Frame,
    /// The safe landing of Feathers & Wax.
    Safe,
    /// The tower's ruined stone (Feathers & Wax).
    Ruin,
    /// A tree's canopy round its spaces (Tail Feathers).
    Canopy,
}

impl Tint {
    /// The colour this role has in `palette`.
    #[must_use]
    pub fn colour(self, palette: &Palette) -> egui::Color32 {
        match self {
            Self::LightSquare => palette.light_square,
            Self::DarkSquare => palette.dark_square,
            Self::WhitePiece => palette.white_piece,
            Self::BlackPiece => palette.black_piece,
            Self::Wall => palette.wall,
            Self::Feather(i) => palette.feathers[usize::from(i) % palette.feathers.len()],
            Self::Butterfly(i) => palette.butterflies[usize::from(i) % palette.butterflies.len()],
            Self::Meadow => palette.meadow,
            Self::Icarus => palette.icarus,
            Self::Daedalus => palette.daedalus,
            Self::Sky => palette.sky,
            Self::Sun => palette.sun,
            Self::Sea => palette.sea,
            Self::Nest => palette.nest,
            Self::Honey => palette.honey,
            Self::Floor => palette.forest.small_floor,
            Self::Trunk => palette.forest.trunk,
            Self::Mice => palette.forest.mice,
            Self::Rats => palette.forest.rats,
            Self::Leaves => palette.forest.leaves[1],
            Self::CardFace => palette.card_face,
            Self::CardBack => palette.card_back,
            Self::Gold => palette.table.peacock[1],
            Self::Frame => palette.frame,
            Self::Safe => palette.safe,
            Self::Ruin => palette.ruin,
            Self::Canopy => palette.forest.canopy,
        }
    }
}

/// What a mark is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// A filled square-cornered patch (a board square, a space).
    Patch,
    /// A rounded tile with an edge.
    Tile,
    /// A playing card lying on the table (shadow and edge).
    Card,
    /// A round token or figure with an edge.
    Disc,
    /// A thin bar (a wall piece, a path): the rectangle is its extent.
    Bar,
}

/// One thing on the table, in the sketch's own unit square (0..1 both
/// ways; the sketch's aspect stretches it).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Mark {
    /// Where it lies, in 0..1 coordinates.
    pub at: [f32; 4],
    /// What it is.
    pub shape: Shape,
    /// Its colour role.
    pub tint: Tint,
}

impl Mark {
    /// A mark covering `x..x+w`, `y..y+h` of the unit square.
    #[must_use]
    pub const fn new(shape: Shape, tint: Tint, x: f32, y: f32, w: f32, h: f32) -> Self {
        Self { at: [x, y, w, h], shape, tint }
    }

    /// A mark of size `w`×`h` centred on (`cx`, `cy`).
    #[must_use]
    pub fn centred(shape: Shape, tint: Tint, cx: f32, cy: f32, w: f32, h: f32) -> Self {
        Self::new(shape, tint, cx - w / 2.0, cy - h / 2.0, w, h)
    }
}

/// A small picture of a table, seat-neutral.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Sketch {
    /// Width over height.
    pub aspect: f32,
    /// The marks, painted in order (later ones on top).
    pub marks: Vec<Mark>,
}

impl Sketch {
    /// An empty sketch `aspect` wide for each unit of height.
    #[must_use]
    pub fn new(aspect: f32) -> Self {
        Self { aspect, marks: Vec::new() }
    }

    /// Adds a mark.
    pub fn push(&mut self, mark: Mark) {
        self.marks.push(mark);
    }

    /// Adds a mark of size `w`×`h` centred on (`cx`, `cy`), all measured
    /// in heights of the sketch (`cx` runs from 0 to `aspect`), so a
    /// square stays square whatever the aspect.
    pub(super) fn put(&mut self, shape: Shape, tint: Tint, cx: f32, cy: f32, w: f32, h: f32) {
        let a = if self.aspect > 0.0 { self.aspect } else { 1.0 };
        self.push(Mark::centred(shape, tint, cx / a, cy, w / a, h));
    }

    /// The same table seen closer, as a picture `aspect` wide for its
    /// height: round the marks `keep` picks, with a margin of `margin` of
    /// the picture's height on every side, magnified at most `most` times.
    /// The marks keep their shapes; what falls outside is cut off when
    /// painted. Nothing picked: the table's middle, at that shape.
    #[must_use]
    pub fn closer_on(&self, keep: impl Fn(&Mark) -> bool, margin: f32, most: f32, aspect: f32) -> Self {
        let (mut x0, mut y0, mut x1, mut y1) = (f32::INFINITY, f32::INFINITY, f32::NEG_INFINITY, f32::NEG_INFINITY);
        for m in self.marks.iter().filter(|m| keep(m)) {
            let [x, y, w, h] = m.at;
            (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x + w), y1.max(y + h));
        }
        let own = if self.aspect > 0.0 { self.aspect } else { 1.0 };
        if aspect <= 0.0 {
            return self.clone();
        }
        if x0 > x1 {
            (x0, y0, x1, y1) = (0.0, 0.0, 1.0, 1.0);
        }
        // The window's height and width in the unit square (a width `w`
        // of it shows `w * own / aspect` of the new picture's height),
        // kept inside the table.
        let widest = (own / aspect).min(1.0);
        let high = ((y1 - y0) + 2.0 * margin).max(((x1 - x0) + 2.0 * margin / own) * own / aspect);
        let high = high.clamp((1.0 / most.max(1.0)).min(widest), widest);
        let wide = (high * aspect / own).min(1.0);
        let left = (f32::midpoint(x0, x1) - wide / 2.0).clamp(0.0, 1.0 - wide);
        let top = (f32::midpoint(y0, y1) - high / 2.0).clamp(0.0, 1.0 - high);
        let marks = self
            .marks
            .iter()
            .map(|m| {
                let [x, y, w, h] = m.at;
                Mark { at: [(x - left) / wide, (y - top) / high, w / wide, h / high], ..*m }
            })
            .collect();
        Self { aspect, marks }
    }

    /// Paints the sketch as large as fits in `rect`, centred, on a small
    /// board with a shadow. Returns the board's rectangle.
    #[allow(
        clippy::must_use_candidate,
        reason = "most callers only paint; the rectangle is there for those who lay out round it"
    )]
    pub fn paint(&self, painter: &Painter, palette: &Palette, rect: Rect) -> Rect {
        let aspect = if self.aspect.is_finite() && self.aspect > 0.05 { self.aspect } else { 1.0 };
        let size = if rect.width() / rect.height() > aspect {
            Vec2::new(rect.height() * aspect, rect.height())
        } else {
            Vec2::new(rect.width(), rect.width() / aspect)
        };
        let board = Rect::from_center_size(rect.center(), size);
        look::card_body(painter, palette, board, palette.table.plate, look::Lift::Flat);
        let inner = board.shrink(2.0);
        let painter = painter.with_clip_rect(inner);
        let unit = |m: &Mark| {
            let [x, y, w, h] = m.at;
            Rect::from_min_size(
                Pos2::new(inner.left() + x * inner.width(), inner.top() + y * inner.height()),
                Vec2::new(w * inner.width(), h * inner.height()),
            )
        };
        for m in &self.marks {
            let r = unit(m);
            let fill = m.tint.colour(palette);
            let edge = look::edge_of(fill, palette);
            let small = r.width().min(r.height());
            match (m.shape, m.tint) {
                // The games' own pieces where a sketch is large enough to
                // show them: butterflies, straw hives, stone flags.
                (Shape::Disc, Tint::Butterfly(i)) if small >= 5.0 => {
                    let colour = crate::rules::dust_wings::Colour::ALL[usize::from(i) % 3];
                    crate::ui::dust_wings::paint_butterfly(&painter, palette, r.center(), small * 1.25, colour);
                }
                (Shape::Tile, Tint::Honey) if small >= 5.0 => {
                    let foot = r.center() + Vec2::new(0.0, small * 0.45);
                    super::art::skep(&painter, foot, small * 1.1, palette.honey, palette.honey_rim);
                }
                (Shape::Patch, Tint::LightSquare | Tint::DarkSquare) if small >= 6.0 => {
                    let seed = (r.min.x * 7.0 + r.min.y * 13.0) as u32;
                    super::art::flagstone(&painter, r, fill, (palette.arena.light, palette.arena.shade), seed);
                }
                (Shape::Patch, Tint::Meadow) => {
                    // A patch of grass, a little lighter at its top.
                    painter.rect_filled(r, (small * 0.12).min(3.0), fill);
                    let top = Rect::from_min_size(r.min, Vec2::new(r.width(), r.height() * 0.45));
                    painter.rect_filled(
                        top.shrink(small * 0.08),
                        (small * 0.1).min(2.0),
                        mix(fill, palette.table.lifted, 0.12),
                    );
                }
                (Shape::Patch, _) => {
                    painter.rect_filled(r, 0.0, fill);
                }
                (Shape::Bar, _) => {
                    painter.rect_filled(r, CornerRadius::same(1), fill);
                }
                (Shape::Tile, _) => {
                    painter.rect(r, (small * 0.2).min(3.0), fill, Stroke::new(0.8, edge), StrokeKind::Inside);
                }
                (Shape::Card, Tint::Feather(_)) if small >= 7.0 => {
                    // A feather card in small: the card's cream, its
                    // feather painted across it (flat blocks of colour read
                    // as a chart, not cards).
                    painter.rect_filled(r.translate(Vec2::new(0.6, 0.9)), 1.5, palette.table.shadow);
                    painter.rect(
                        r,
                        (small * 0.12).min(2.0),
                        palette.card_face,
                        Stroke::new(0.7, look::edge_of(palette.card_face, palette)),
                        StrokeKind::Inside,
                    );
                    let feather = super::art::FeatherLook {
                        base: mix(fill, palette.card_face, 0.25),
                        tip: fill,
                        ink: look::edge_of(fill, palette),
                        eye: None,
                        bands: 0,
                        spots: 0,
                    };
                    let (w, h) = (r.width(), r.height());
                    let (quill, tip) = (r.min + Vec2::new(w * 0.38, h * 0.9), r.min + Vec2::new(w * 0.62, h * 0.1));
                    super::art::feather(&painter, quill, tip, w * 0.62, 0.05, &feather);
                }
                (Shape::Card, Tint::CardBack) if small >= 7.0 => {
                    // A back with its printed frame, as a deck's cards have.
                    painter.rect_filled(r.translate(Vec2::new(0.6, 0.9)), 1.5, palette.table.shadow);
                    painter.rect(r, (small * 0.12).min(2.0), fill, Stroke::new(0.7, edge), StrokeKind::Inside);
                    let frame = Stroke::new(0.8, mix(fill, palette.card_face, 0.45));
                    painter.rect_stroke(r.shrink(small * 0.14), 1.0, frame, StrokeKind::Inside);
                }
                (Shape::Card, _) => {
                    painter.rect_filled(r.translate(Vec2::new(0.6, 0.9)), 1.5, palette.table.shadow);
                    painter.rect(r, (small * 0.12).min(2.0), fill, Stroke::new(0.7, edge), StrokeKind::Inside);
                }
                (Shape::Disc, _) => {
                    let radius = small / 2.0;
                    painter.circle_filled(r.center() + Vec2::new(0.5, 0.8), radius, palette.table.shadow);
                    painter.circle(r.center(), radius, fill, Stroke::new(0.8, edge));
                    // A highlight, so a figure reads as a piece, not a dot.
                    painter.circle_filled(
                        r.center() - Vec2::splat(radius * 0.3),
                        radius * 0.3,
                        mix(fill, palette.table.lifted, 0.35),
                    );
                }
            }
        }
        board
    }
}

/// A game whose table can be sketched.
pub trait Sketched {
    /// The public table, as a small picture: what every seat sees and no more.
    fn sketch(&self) -> Sketch;

    /// The table as `seat` sees it: the public table and what only that
    /// seat may know (its own hand), for a picture shown to that seat
    /// alone (a lesson's start, shown to its learner).
    fn sketch_for(&self, seat: crate::rules::Seat) -> Sketch {
        let _ = seat;
        self.sketch()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn closer_on_magnifies_round_the_picked_marks_and_stays_inside_the_picture() {
        let mut sketch = Sketch::new(1.0);
        sketch.push(Mark::new(Shape::Patch, Tint::Floor, 0.0, 0.0, 1.0, 1.0));
        sketch.push(Mark::new(Shape::Disc, Tint::Mice, 0.1, 0.1, 0.1, 0.1));
        // A square table seen as a picture twice as wide as high: the
        // figure's box with its margins is 0.2 high, magnified 3 times at
        // most, so a third of the table's height is seen (two thirds of
        // its width), from its top-left corner (never off the table).
        let closer = sketch.closer_on(|m| m.tint == Tint::Mice, 0.05, 3.0, 2.0);
        assert!((closer.aspect - 2.0).abs() < 1e-6);
        let mice = closer.marks[1].at;
        let want = [0.15, 0.3, 0.15, 0.3];
        assert!(mice.iter().zip(want).all(|(a, b)| (a - b).abs() < 1e-5), "{mice:?}");
        // (Square still: 0.15 of a width twice the height is 0.3 of it.)
        assert!((closer.marks[0].at[3] - 3.0).abs() < 1e-5, "the floor runs out of the picture");
        // Nothing picked: the table's middle (all of it, at its own shape).
        assert_eq!(sketch.closer_on(|m| m.tint == Tint::Rats, 0.05, 3.0, 1.0), sketch);
        let middle = sketch.closer_on(|m| m.tint == Tint::Rats, 0.05, 3.0, 2.0);
        assert!((middle.aspect - 2.0).abs() < 1e-6 && (middle.marks[0].at[1] + 0.5).abs() < 1e-5, "{middle:?}");
    }

    #[test]
    fn a_centred_mark_lies_around_its_centre() {
        let m = Mark::centred(Shape::Disc, Tint::Mice, 0.5, 0.5, 0.2, 0.1);
        let want = [0.4, 0.45, 0.2, 0.1];
        assert!(m.at.iter().zip(want).all(|(a, b)| (a - b).abs() < 1e-6), "{:?}", m.at);
    }
}
