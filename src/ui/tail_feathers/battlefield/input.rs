//! The battlefield's drops, drags and clicks turned into decisions: a card
//! dropped on a figure, a figure dragged to a space or a ring, a click on
//! a figure, a ballista, a space or a ring.

use egui::{Pos2, Response, Ui};

use super::{Scene, Spots};
use crate::rules::tail_feathers::game::{Action, half_made};
use crate::ui::Notice;
use crate::ui::tail_feathers::{Dragged, Ghost, SkirmishView, hand};

impl SkirmishView {
    /// A card or a figure dropped on the battlefield, and a figure picked
    /// up or carried: the decision a drop makes, if `action` is none yet.
    pub(super) fn drag_and_drop(
        &mut self,
        ui: &Ui,
        sc: &Scene,
        (spots, plans): (&Spots, &[Ghost]),
        board_resp: &Response,
        mut action: Option<Action>,
        notices: &mut Vec<Notice>,
    ) -> Option<Action> {
        let (state, board) = (sc.state, sc.board);
        // A card dropped on the battlefield: the figure under it receives
        // it, or the refusal says why (TF-R27).
        if let Some(p) = ui.ctx().pointer_latest_pos()
            && sc.outer.contains(p)
            && ui.input(|i| i.pointer.any_released())
            // (taking a payload of another type would drop a figure's)
            && egui::DragAndDrop::has_payload_of_type::<hand::CardDrag>(ui.ctx())
            && let Some(hand::CardDrag(c)) =
                egui::DragAndDrop::take_payload::<hand::CardDrag>(ui.ctx()).map(|d| *d)
        {
            match spots.hit_figure(p) {
                Some(f) => action = action.or_else(|| self.give_card(state, c, f, notices)),
                None => notices.push(Notice::Error(half_made::card_off_unit(c).to_string())),
            }
        }
        // Dragging a figure: set the payload when the press starts on one.
        let drag_resp = board_resp;
        if sc.human
            && drag_resp.drag_started()
            && let Some(p) = ui.input(|i| i.pointer.press_origin())
            && let Some(f) = spots.hit_figure(p)
        {
            egui::DragAndDrop::set_payload(ui.ctx(), Dragged(f));
            self.selected = Some(f);
        }
        if drag_resp.drag_stopped()
            && let Some(Dragged(f)) = egui::DragAndDrop::take_payload::<Dragged>(ui.ctx()).map(|d| *d)
            && let Some(p) = ui.ctx().pointer_latest_pos()
        {
            action = action.or_else(|| self.drop_action(state, sc.legal, plans, f, p, board, sc.hit_space(p)));
            if action.is_none() {
                notices.push(Notice::Error(self.drop_refusal(state, plans, f, p, board, sc.hit_space(p))));
            }
        }
        if let Some(Dragged(f)) = egui::DragAndDrop::payload::<Dragged>(ui.ctx()).map(|d| *d)
            && let Some(p) = ui.ctx().pointer_latest_pos()
        {
            self.paint_lifted(sc.painter, (&sc.colours, sc.palette), state, f, p, board, plans);
        }
        action
    }

    /// A click on the battlefield (or a figure or ballista acted on from
    /// the keyboard, `clicked_at`): the decision it makes, if `action` is
    /// none yet.
    pub(super) fn board_click(
        &mut self,
        ui: &Ui,
        sc: &Scene,
        (spots, plans): (&Spots, &[Ghost]),
        (clicked_at, board_resp): (Option<Pos2>, &Response),
        mut action: Option<Action>,
        notices: &mut Vec<Notice>,
    ) -> Option<Action> {
        let (state, legal, board) = (sc.state, sc.legal, sc.board);
        if let Some(p) =
            clicked_at.or_else(|| board_resp.clicked().then(|| board_resp.interact_pointer_pos()).flatten())
        {
            // The side panel (drawn first) shows what the click chose:
            // draw once more.
            ui.ctx().request_repaint();
            let fig = spots.hit_figure(p);
            if self.card_aim.is_some() {
                // A card waiting for its aim: where the bird should face,
                // or the figure it is aimed at.
                action = action.or_else(|| self.aim_click(state, board.to_table(p), fig));
            } else if let (Some(c), Some(f)) = (self.card, fig) {
                action = action.or_else(|| self.give_card(state, c, f, notices));
            } else if let Some(a) = self.bolt_or_blow(legal, fig, spots.hit_ballista(p), sc.hit_space(p)) {
                action = action.or(Some(a));
            } else {
                action =
                    action.or_else(|| self.click_action(state, legal, plans, p, board, fig, sc.hit_space(p), notices));
            }
        }
        action
    }
}
