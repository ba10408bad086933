//! Looking closer at the battlefield, as one leans over a table: the
//! mouse wheel (or a pinch) brings the point under the pointer closer,
//! dragging the bare table moves round it, and three small buttons in the
//! frame's corner do the same for those without a wheel ("See all" puts
//! the whole battlefield back in view). In a small window the figures are
//! a few points across; closer, they can be told apart and picked.

use egui::{Pos2, Rect, Response, Ui, Vec2};

use super::{Board, MARGIN};
use crate::rules::tail_feathers::game::field;
use crate::rules::tail_feathers::geometry::V2;

/// The closest look: four times the battlefield that fits.
pub const MAX_ZOOM: f32 = 4.0;

/// Each corner button's size.
const BUTTON: Vec2 = Vec2::new(30.0, 20.0);

/// How close the battlefield is seen, and the table point in the middle
/// of the view (inches, y up as on the table).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Zoom {
    /// 1 is the whole battlefield in view; up to [`MAX_ZOOM`].
    pub level: f32,
    /// The table point drawn in the middle of the frame.
    centre: Pos2,
    /// The position (history cursor) whose announced move the view last
    /// went to, so it goes there once and the player may look away.
    followed: Option<usize>,
}

impl Default for Zoom {
    fn default() -> Self {
        let half = field().size as f32 / 2.0;
        Self { level: 1.0, centre: Pos2::new(half, half), followed: None }
    }
}

impl Zoom {
    /// Pixels per inch with the whole battlefield (and its margin of
    /// table) in the frame `outer`.
    fn fit_scale(outer: Rect) -> f32 {
        outer.width().min(outer.height()) / (field().size as f32 + 2.0 * MARGIN)
    }

    /// The battlefield as it fits `outer` whole (where the dice tray and
    /// the frame's furniture are laid out).
    pub(super) fn fitted(outer: Rect) -> Board {
        Zoom::default().board(outer)
    }

    /// The battlefield's place on the screen in the frame `outer`.
    pub(super) fn board(&self, outer: Rect) -> Board {
        let scale = Self::fit_scale(outer) * self.level;
        let size = field().size as f32;
        let left = outer.center().x - self.centre.x * scale;
        let top = outer.center().y - (size - self.centre.y) * scale;
        Board { rect: Rect::from_min_size(Pos2::new(left, top), Vec2::splat(size * scale)), scale }
    }

    /// Closer (`factor` > 1) or farther, keeping the table point under
    /// `pointer` where it is.
    pub fn zoom_at(&mut self, factor: f32, pointer: Pos2, outer: Rect) {
        let under = self.board(outer).to_table(pointer);
        let level = (self.level * factor).clamp(1.0, MAX_ZOOM);
        if (level - self.level).abs() < 1e-4 {
            return;
        }
        self.level = level;
        let scale = Self::fit_scale(outer) * level;
        self.centre = Pos2::new(
            under.x as f32 - (pointer.x - outer.center().x) / scale,
            under.y as f32 + (pointer.y - outer.center().y) / scale,
        );
        self.keep_in_view(outer);
    }

    /// Seen closer, the view goes to the table `points` (what the
    /// computer is about to do) once for the position `key`, unless they
    /// are all in view already: zoomed in on one corner, a reviewer missed
    /// the Crow flying off the battlefield at the other.
    pub(super) fn reveal(&mut self, points: &[V2], outer: Rect, key: usize) {
        if self.level <= 1.0 || points.is_empty() || self.followed == Some(key) {
            return;
        }
        self.followed = Some(key);
        let board = self.board(outer);
        let seen = outer.shrink(24.0);
        if points.iter().all(|&p| seen.contains(board.to_screen(p))) {
            return;
        }
        let n = points.len() as f64;
        let (x, y) = points.iter().fold((0.0, 0.0), |(x, y), p| (x + p.x / n, y + p.y / n));
        self.centre = Pos2::new(x as f32, y as f32);
        self.keep_in_view(outer);
    }

    /// The view moved as the table is dragged by `delta` points.
    pub fn pan(&mut self, delta: Vec2, outer: Rect) {
        let scale = Self::fit_scale(outer) * self.level;
        self.centre += Vec2::new(-delta.x, delta.y) / scale;
        self.keep_in_view(outer);
    }

    /// The view never leaves the table: the battlefield and its margin
    /// fill the frame, or stay in its middle where they are smaller.
    fn keep_in_view(&mut self, outer: Rect) {
        let scale = Self::fit_scale(outer) * self.level;
        let size = field().size as f32;
        let clamp = |c: f32, half: f32| {
            let (lo, hi) = (half - MARGIN, size + MARGIN - half);
            if lo > hi { size / 2.0 } else { c.clamp(lo, hi) }
        };
        self.centre = Pos2::new(
            clamp(self.centre.x, outer.width() / 2.0 / scale),
            clamp(self.centre.y, outer.height() / 2.0 / scale),
        );
        if self.level <= 1.0 {
            *self = Self::default();
        }
    }

    /// The wheel, a pinch and a drag of the bare table (`board`'s
    /// response; `dragging_piece` when the drag carries a figure or a
    /// card instead) over the frame `outer`. True when the view changed.
    pub(super) fn follow_input(&mut self, ui: &Ui, outer: Rect, board: &Response, dragging_piece: bool) -> bool {
        let before = *self;
        if let Some(pointer) = ui.ctx().pointer_hover_pos()
            && ui.rect_contains_pointer(outer)
        {
            let (wheel, pinch) = ui.input(|i| (i.smooth_scroll_delta().y, i.zoom_delta()));
            let factor = pinch * (wheel / 250.0).exp();
            if (factor - 1.0).abs() > 1e-4 {
                self.zoom_at(factor, pointer, outer);
                ui.input_mut(|i| i.smooth_scroll_delta = Vec2::ZERO);
            }
        }
        let by_hand = board.dragged_by(egui::PointerButton::Primary) && !dragging_piece;
        if self.level > 1.0
            && (by_hand
                || board.dragged_by(egui::PointerButton::Secondary)
                || board.dragged_by(egui::PointerButton::Middle))
        {
            self.pan(board.drag_delta(), outer);
        }
        *self != before
    }

    /// Where the corner buttons lie in the frame `outer` (words laid on
    /// the table keep clear of them).
    pub(super) fn buttons_rect(outer: Rect) -> Rect {
        let (size, gap) = (BUTTON, 3.0);
        Rect::from_min_max(
            Pos2::new(outer.right() - 6.0 - 3.0 * size.x - 2.0 * gap, outer.top() + 3.0),
            Pos2::new(outer.right() - 6.0, outer.top() + 3.0 + size.y),
        )
    }

    /// The corner buttons: closer, farther and see all. True when one was
    /// pressed.
    pub(super) fn buttons(&mut self, ui: &mut Ui, outer: Rect) -> bool {
        let before = *self;
        let size = BUTTON;
        let mut at = Pos2::new(outer.right() - 6.0 - size.x, outer.top() + 3.0);
        let mut button = |ui: &mut Ui, text: &str, tip: &str, enabled: bool| {
            let r = Rect::from_min_size(at, size);
            at.x -= size.x + 3.0;
            ui.add_enabled_ui(enabled, |ui| {
                ui.put(
                    r,
                    egui::Button::new(egui::RichText::new(text).size(14.0))
                        .small()
                        .wrap_mode(egui::TextWrapMode::Extend),
                )
                .on_hover_text(tip)
            })
            .inner
            .clicked()
        };
        let centre = outer.center();
        if button(ui, "All", "See the whole battlefield", self.level > 1.0) {
            *self = Self::default();
        }
        if button(ui, "−", "Farther (or the mouse wheel)", self.level > 1.0) {
            self.zoom_at(1.0 / 1.5, centre, outer);
        }
        if button(ui, "+", "Closer (or the mouse wheel; drag the table to move round it)", self.level < MAX_ZOOM) {
            self.zoom_at(1.5, centre, outer);
        }
        *self != before
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::tail_feathers::geometry::V2;

    fn outer() -> Rect {
        Rect::from_min_size(Pos2::new(10.0, 30.0), Vec2::new(500.0, 400.0))
    }

    #[test]
    fn the_point_under_the_pointer_stays_under_it_when_closer() {
        let mut z = Zoom::default();
        let pointer = Pos2::new(140.0, 120.0);
        let before = z.board(outer()).to_table(pointer);
        z.zoom_at(2.0, pointer, outer());
        assert!((z.level - 2.0).abs() < 1e-4);
        let after = z.board(outer()).to_screen(before);
        assert!(after.distance(pointer) < 0.5, "{after:?} should be at {pointer:?}");
    }

    #[test]
    fn at_one_the_whole_battlefield_is_in_view_in_the_middle() {
        let mut z = Zoom::default();
        z.zoom_at(3.0, Pos2::new(40.0, 40.0), outer());
        z.zoom_at(1.0 / 5.0, Pos2::new(400.0, 300.0), outer());
        assert_eq!(z, Zoom::default());
        let b = z.board(outer());
        assert!(outer().contains_rect(b.rect));
        assert!((b.rect.center().x - outer().center().x).abs() < 0.01);
    }

    #[test]
    fn dragging_never_takes_the_battlefield_out_of_the_frame() {
        let mut z = Zoom::default();
        z.zoom_at(2.0, outer().center(), outer());
        z.pan(Vec2::new(5000.0, -5000.0), outer());
        let b = z.board(outer());
        // The far corner of the table's margin is at the frame's edge, and
        // the battlefield still covers most of the frame.
        let corner = b.to_screen(V2::new(-f64::from(MARGIN), -f64::from(MARGIN)));
        assert!((corner.x - outer().left()).abs() < 0.5, "{corner:?}");
        assert!((corner.y - outer().bottom()).abs() < 0.5, "{corner:?}");
        assert!(b.rect.intersect(outer()).area() > outer().area() * 0.5);
    }
}
