//! The table in a narrow window (800 wide): the side panel folded away, so
//! the labyrinth and the sky take the whole width, and what the panel said
//! and offered — the status, the choices, Hint, Undo — on a small board of
//! its own on the table (beside the decks over the labyrinth, beside the
//! tray under the sky). The log and the rest are a button away.
//!
//! Review 9: at 800x600 the panel kept 240 points of an 800-wide window and
//! the boards shrank (maze cells of 36 points, flyers of 20).

use egui::{Align, Layout, Rect, RichText, Ui, UiBuilder, WidgetInfo, pos2};

use super::FeathersView;
use crate::rules::Game;
use crate::ui::look;
use crate::ui::tab::Frame;
use crate::ui::theme::Palette;

/// The column beside the labyrinth: the decks two by two.
const DECKS_RAIL: f32 = 160.0;
/// The band under the labyrinth: the racks and the controls.
const UNDER: f32 = 150.0;
/// The width of the racks (and their count) in that band.
const RACKS: f32 = 430.0;

/// The width the controls' board asks for beside the sky in the flight.
pub(super) const FLIGHT_CONTROLS: f32 = 170.0;

impl FeathersView {
    /// The labyrinth with the side panel folded: the board as large as
    /// the window allows, the decks two by two beside it, and under it
    /// the racks and the controls side by side (stacked in rows as in a
    /// wide window, the board was no larger than beside the panel).
    pub(super) fn folded_labyrinth_ui(&mut self, ui: &mut Ui, palette: &Palette, frame: &mut Frame<'_>) {
        let full = ui.available_rect_before_wrap();
        let child =
            |ui: &mut Ui, r: Rect| ui.new_child(UiBuilder::new().max_rect(r).layout(Layout::top_down(Align::Min)));
        let rail =
            Rect::from_min_max(pos2(full.right() - DECKS_RAIL, full.top()), pos2(full.right(), full.bottom() - UNDER));
        self.decks_ui(&mut child(ui, rail), palette, true);
        let board = Rect::from_min_max(full.min, pos2(rail.left() - 6.0, full.bottom() - UNDER));
        let mut maze = child(ui, board);
        self.labyrinth_ui(&mut maze, palette, frame.notices, 0.0);
        let top = maze.min_rect().bottom() + 6.0;
        let racks = Rect::from_min_max(pos2(full.left(), top), pos2(full.left() + RACKS, full.bottom()));
        self.held_ui(&mut child(ui, racks), palette, true);
        let controls = Rect::from_min_max(pos2(racks.right() + 10.0, top), full.max);
        self.folded_controls_ui(&mut child(ui, controls), palette, frame);
        ui.allocate_rect(full, egui::Sense::hover());
    }

    /// The status, the turn's choices and the history buttons on a board
    /// of their own, with the button that opens the side panel.
    pub(super) fn folded_controls_ui(&mut self, ui: &mut Ui, palette: &Palette, frame: &mut Frame<'_>) {
        let state = self.state().clone();
        // (In a column of its own: beside the decks, the row's layout
        // would lay its lines side by side.)
        let mut column = ui
            .new_child(UiBuilder::new().max_rect(ui.available_rect_before_wrap()).layout(Layout::top_down(Align::Min)));
        self.controls_plate(&mut column, palette, frame, &state);
        // (Its room taken in the row, so nothing under it overlaps it.)
        ui.allocate_rect(column.min_rect(), egui::Sense::hover());
    }

    fn controls_plate(
        &mut self,
        ui: &mut Ui,
        palette: &Palette,
        frame: &mut Frame<'_>,
        state: &crate::rules::feathers_wax::FeathersAndWax,
    ) {
        look::plate_frame(palette, None).inner_margin(egui::Margin::symmetric(10, 8)).show(ui, |ui| {
            ui.visuals_mut().override_text_color = Some(palette.table.on_plate);
            let status = state.status();
            // Room for two lines whatever the status says, so the buttons
            // under it stay where the pointer left them.
            let lines = ui.text_style_height(&egui::TextStyle::Body) * 2.0 + ui.spacing().item_spacing.y;
            ui.vertical(|ui| {
                ui.set_min_height(lines);
                ui.label(RichText::new(&status).strong())
                    .widget_info(|| WidgetInfo::labeled(egui::Role::Label, true, format!("status: {status}")));
            });
            self.choices_ui(ui, state, frame.notices);
            frame.history_ui(ui, &self.table);
            // (Wrapped: beside the sky the board is narrow.)
            ui.horizontal_wrapped(|ui| {
                if ui.add_enabled(self.my_turn(), egui::Button::new("Hint")).clicked() {
                    self.ask_hint();
                }
                if ui.button("Log and rules").on_hover_text("Show the side panel: the log, the win chance").clicked() {
                    self.panel_open = true;
                }
                // In the flight, what each card does, a click away (in a
                // wide window it lies in the panel).
                if state.phase() == crate::rules::feathers_wax::Phase::Flight {
                    let open = ui.button("What the cards do \u{2026}").on_hover_text("Opens this card of the rules");
                    egui::Popup::from_toggle_button_response(&open)
                        .width(300.0)
                        .show(|ui| super::panel::what_the_cards_do(ui, palette));
                }
            });
            if let Some(h) = self.shown_hint() {
                ui.label(RichText::new(format!("Hint: {h}")).italics().size(12.0));
            }
        });
    }

    /// The controls' board beside the sky, in `rect` (laid out by
    /// [`Self::sky_ui`], which leaves [`FLIGHT_CONTROLS`] for it).
    pub(super) fn folded_flight_controls_ui(
        &mut self,
        ui: &mut Ui,
        palette: &Palette,
        frame: &mut Frame<'_>,
        rect: Rect,
    ) {
        let mut child = ui.new_child(UiBuilder::new().max_rect(rect).layout(Layout::top_down(Align::Min)));
        self.folded_controls_ui(&mut child, palette, frame);
    }
}
