//! One's own place at the table's foot, as at a card table: one's plumes
//! with one's name at their left, and under them the hand held as a fan in
//! the middle of the table's width, what the turn asks at its left and the
//! history buttons at its right (in a low window, the deck and the Train
//! at its left, what the turn asks at its right and the history buttons
//! under one's name: see `low_place_ui`).

use egui::{Pos2, Rect, Sense, Ui, UiBuilder, Vec2};

use super::super::tab::Frame;
use super::super::theme::Palette;
use super::{Phase, PlumesView, Viewer};

/// The width of the hand-off's face-down hand and its plaque in the
/// hand's place.
const HAND_OFF_WIDE: f32 = 580.0;
/// The least height the hand-off takes there.
const HAND_OFF_HIGH: f32 = 136.0;
/// How many of the moves since the turn's person last played the
/// hand-off lists by name (the log has them all).
const HAND_OFF_RECAP: usize = 4;
/// The least room kept at either side of the hand for the turn's words
/// and the history buttons.
const SIDE: f32 = 200.0;
/// The width of the history buttons at the right end of the hand's row.
const TRAY: f32 = 290.0;

impl PlumesView {
    /// Whether one's own place lies as at a card table (the hand under
    /// one's plumes): whenever a seat is by the hand.
    pub(super) fn hand_in_front(&self) -> bool {
        self.by_hand_seat().is_some()
    }

    /// A low window with a seat by the hand: the deck and the Train lie
    /// in the row of the hand, under one's plumes (see `low_place_ui`).
    pub(super) fn low_front(&self) -> bool {
        self.compact && self.hand_in_front()
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
        if self.compact {
            self.low_place_ui(ui, palette, frame);
            return;
        }
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
        let mut words = laid_in(ui, left);
        if hand_off {
            // Whose turn comes and what happened since, at the left of
            // that person's hand lying face down.
            self.hand_off_words(&mut words, palette, HAND_OFF_RECAP);
        } else {
            self.turn_line(&mut words, palette);
            let acting = matches!(self.viewer(), Viewer::Seat(s) if self.human_to_move() == Some(s));
            if keep && acting && self.give_back_button(&mut words) {
                self.return_marked(frame.notices);
            }
        }
        let mut hand = laid_in(ui, centre);
        if hand_off {
            self.hand_off_ui(&mut hand, palette, false);
        } else {
            self.hand_ui(&mut hand, palette, frame.notices);
        }
        if self.folded {
            // At the table's edge by the hand, not on the table.
            let tray =
                Rect::from_min_max(Pos2::new((row.right() - TRAY).max(centre.right() + 16.0), row.top()), row.max);
            let mut buttons = laid_in(ui, tray);
            let viewer: Viewer = self.viewer();
            self.folded_ui(&mut buttons, frame, viewer);
        }
    }
}

/// The height of the row under one's plumes in a low window (the deck and
/// the Train, the hand, the turn's words): as high as the hand-off card
/// that takes its place between two people, so nothing moves when the
/// cards are shown.
const LOW_ROW: f32 = 150.0;
/// The height of the deck's and the Train's titles over their cards in
/// that row (the hand's title and cards are laid level with them).
const LOW_TITLE: f32 = 24.0;
/// How far the deck lies off the table's rim at the left of that row.
const LOW_OFF_RIM: f32 = 8.0;
/// The width of the turn's words at the right of that row.
const LOW_WORDS: f32 = 180.0;
/// The height of one's name and the turn's token at the top of the column
/// at the left of one's plumes (the history buttons lie under them there,
/// in a low window).
const LOW_HEAD: f32 = 50.0;

impl PlumesView {
    /// One's place in a low window, as at a card table still: one's
    /// plumes with one's name at their left (the history buttons under
    /// it), and under them one row of the deck and the Train, the hand
    /// and what the turn asks; the others' mats have the table's whole
    /// height above. (The hand in a column of its own beside one's plumes,
    /// and the Train in a band between, left half the window bare.)
    fn low_place_ui(&mut self, ui: &mut Ui, palette: &Palette, frame: &mut Frame<'_>) {
        let hand_off = self.needs_hand_off();
        let keep = self.state().phase() == Phase::Keep;
        let own = ui.vertical(|ui| self.own_seat_ui(ui, palette, frame.notices)).response.rect;
        if self.folded {
            // Under one's name, at the table's edge by one's place.
            let tray = Rect::from_min_max(
                Pos2::new(own.left() + 4.0, own.top() + LOW_HEAD),
                Pos2::new(own.left() + super::seats::PLAQUE, own.bottom()),
            );
            // Small wooden tokens, named on hover (buttons under one's
            // name read as a form).
            let mut buttons = laid_in(ui, tray);
            frame.history_tokens_ui(&mut buttons, &self.table, ("Scores and log", &mut self.panel_open), false);
        }
        ui.add_space(2.0);
        let width = ui.available_width();
        let band = self.supply_band;
        // (Before it is measured, half the row.)
        let supply_w = if band.x > 0.0 { band.x } else { width / 2.0 };
        let supply_at = |row: Rect| {
            let top = row.top() + ((LOW_ROW - band.y) / 2.0).max(0.0);
            // (Off the rim: the deck's stack pressed into the table's
            // corner, review 35.)
            Rect::from_min_size(Pos2::new(row.left() + LOW_OFF_RIM, top), Vec2::new(supply_w, band.y.max(1.0)))
        };
        if hand_off {
            // The card that hands the game over lies at the right of the
            // deck and the Train (public: the one taking over may study the
            // Train meanwhile; across the row, it hid them), as tall as it
            // needs.
            let start = ui.cursor().min;
            let at = Rect::from_min_max(start + Vec2::new(supply_w + 24.0, 0.0), start + Vec2::new(width, 600.0));
            let mut card = laid_in(ui, at);
            self.hand_off_ui(&mut card, palette, true);
            let high = card.min_rect().height().max(LOW_ROW);
            let (row, _) = ui.allocate_exact_size(Vec2::new(width, high), Sense::hover());
            self.supply_in(ui, palette, frame, supply_at(row));
            return;
        }
        let (row, _) = ui.allocate_exact_size(Vec2::new(width, LOW_ROW), Sense::hover());
        // The deck and the Train at the row's left, as wide as they are
        // (choosing three of nine, the nine have their room: the deck and
        // the Train come with the first turn).
        let supply = (!keep).then(|| supply_at(row));
        if let Some(supply) = supply {
            self.supply_in(ui, palette, frame, supply);
        }
        // What the turn asks at the row's right; the hand between.
        let words = Rect::from_min_max(Pos2::new(row.right() - LOW_WORDS, row.top() + 8.0), row.max);
        let mut said = laid_in(ui, words);
        self.turn_line(&mut said, palette);
        let acting_here = matches!(self.viewer(), Viewer::Seat(s) if self.human_to_move() == Some(s));
        if keep && acting_here && self.give_back_button(&mut said) {
            self.return_marked(frame.notices);
        }
        // The hand under a title of its own, as the deck's and the Train's,
        // its cards level with theirs (untitled beside the Train, the hand
        // read as two more Train cards).
        let top = supply_at(row).top();
        let middle = Rect::from_min_max(
            Pos2::new(supply.map_or(row.left(), |s| s.right() + 24.0), top + LOW_TITLE - 10.0),
            Pos2::new(words.left() - 12.0, row.bottom()),
        );
        let holds = matches!(self.viewer(), Viewer::Seat(s) if !self.state().hand(s).is_empty());
        if !keep && holds {
            ui.painter().text(
                Pos2::new(middle.center().x, top),
                egui::Align2::CENTER_TOP,
                "Your hand",
                super::look::display(ui.ctx(), 17.0),
                palette.table.ink,
            );
        }
        let mut hand = laid_in(ui, middle);
        self.hand_ui(&mut hand, palette, frame.notices);
    }
}

/// A column laid top-down within `rect` of `ui`.
pub(super) fn laid_in(ui: &mut Ui, rect: Rect) -> Ui {
    ui.new_child(UiBuilder::new().max_rect(rect).layout(egui::Layout::top_down(egui::Align::Min)))
}
