//! One's own place at the table's foot, as at a card table: one's plumes
//! with one's name at their left, and under them the hand held as a fan in
//! the middle of the table's width, what the turn asks at its left and the
//! history buttons at its right (in a low window the hand lies beside the
//! plumes instead: see `hand_and_mat`).

use egui::{Pos2, Rect, Sense, Ui, UiBuilder, Vec2};

use super::super::tab::Frame;
use super::super::theme::Palette;
use super::{Game, Phase, PlumesView, Viewer};

/// The width of the hand-off card in the hand's place: wide enough for
/// whose turn it is and what happened since, side by side.
const HAND_OFF_WIDE: f32 = 640.0;
/// The height the hand-off card takes there.
const HAND_OFF_HIGH: f32 = 136.0;
/// The least room kept at either side of the hand for the turn's words
/// and the history buttons.
const SIDE: f32 = 200.0;
/// The width of the history buttons at the right end of the hand's row.
const TRAY: f32 = 230.0;

impl PlumesView {
    /// Whether one's own place lies as at a card table (the hand under
    /// one's plumes): with a seat by the hand, but in a low window.
    pub(super) fn hand_in_front(&self) -> bool {
        !self.compact && self.by_hand_seat().is_some()
    }

    /// The height of the hand's row: a held card and its arc, or the
    /// hand-off card in its place (so showing the cards moves nothing).
    fn hand_row_height(&self) -> f32 {
        (self.held_card().y + 12.0).max(HAND_OFF_HIGH)
    }

    /// One's plumes, and under them the row of the hand: the turn's words
    /// at its left, the hand (or the hand-off card) in the middle, the
    /// history buttons at its right when the side panel is folded away.
    pub(super) fn own_place_ui(&mut self, ui: &mut Ui, palette: &Palette, frame: &mut Frame<'_>) {
        let keep = self.state().phase() == Phase::Keep;
        let hand_off = self.needs_hand_off();
        ui.vertical(|ui| self.own_seat_ui(ui, palette, frame.notices));
        ui.add_space(2.0);
        let width = ui.available_width();
        // (Choosing three of nine as high too, the button that gives
        // them back under the turn's words: the hand stays put.)
        let high = self.hand_row_height();
        let (row, _) = ui.allocate_exact_size(Vec2::new(width, high), Sense::hover());
        let middle = if keep {
            width - 2.0 * SIDE
        } else if hand_off {
            HAND_OFF_WIDE.min(width - 2.0 * SIDE)
        } else {
            self.held_width()
        };
        let centre = Rect::from_center_size(row.center(), Vec2::new(middle.max(0.0), high));
        let left = Rect::from_min_max(row.min, Pos2::new(centre.left() - 16.0, row.bottom()));
        let child = |ui: &mut Ui, rect: Rect| {
            ui.new_child(UiBuilder::new().max_rect(rect).layout(egui::Layout::top_down(egui::Align::Min)))
        };
        let mut words = child(ui, left);
        if hand_off {
            self.hand_face_down(&mut words, palette);
        } else {
            self.turn_line(&mut words, palette);
            let acting = matches!(self.viewer(), Viewer::Seat(s) if self.human_to_move() == Some(s));
            if keep && acting && self.give_back_button(&mut words) {
                self.return_marked(frame.notices);
            }
        }
        let mut hand = child(ui, centre);
        if hand_off {
            self.hand_off_ui(&mut hand);
        } else {
            self.hand_ui(&mut hand, palette, frame.notices, false);
        }
        if self.folded {
            // At the table's edge by the hand, not on the table.
            let tray =
                Rect::from_min_max(Pos2::new((row.right() - TRAY).max(centre.right() + 16.0), row.top()), row.max);
            let mut buttons = child(ui, tray);
            let viewer: Viewer = self.viewer();
            self.folded_ui(&mut buttons, frame, viewer);
        }
    }

    /// During the hand-off, at the left of the card that hands the game
    /// over: the hand of the person it waits for, lying face down (how
    /// many cards is public), fanned as it will be held.
    fn hand_face_down(&self, ui: &mut Ui, palette: &Palette) {
        let Some(seat) = self.human_to_move() else { return };
        let state = self.state();
        let n = state.hand(seat).len();
        let name = state.seat_name(seat);
        let room = ui.available_width();
        let card = self.hand_card;
        let fan = |origin: Pos2, i: usize| super::cards::fan_rect_within(origin, (i, n), card, room);
        let width = if n == 0 { 0.0 } else { fan(Pos2::ZERO, n - 1).right() };
        let (area, named) = ui.allocate_exact_size(Vec2::new(room, card.y + 30.0), Sense::hover());
        let said = format!("{name}'s hand: {}, face down", crate::rules::words::count(n, "card"));
        named.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, &said));
        // At the column's right, by the card that hands the game over.
        let origin = Pos2::new(area.right() - width - 8.0, area.top() + 10.0);
        let step = if n > 1 { fan(Pos2::ZERO, 1).left() - fan(Pos2::ZERO, 0).left() } else { card.x };
        for i in 0..n {
            let rect = fan(origin, i);
            let tilt = super::hand::held_tilt(i, n, step / card.x);
            crate::ui::tilt::tilted(ui.painter(), tilt, rect.center(), |painter| {
                super::cards::paint_back(painter, palette, rect, super::look::Lift::Flat);
            });
        }
        if n > 0 {
            ui.painter().text(
                Pos2::new(origin.x - 12.0, area.top() + 10.0 + card.y),
                egui::Align2::RIGHT_BOTTOM,
                format!("{name}'s\nhand"),
                super::look::display(ui.ctx(), 15.0),
                palette.table.faint,
            );
        }
    }
}
