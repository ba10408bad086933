//! The battlefield's ground: the table and its trees, the axis marker, the
//! mission spots and cards, and the tail feathers, leaves and death spirals
//! lying on it.

use egui::{Align2, FontId, Pos2, Rect, Sense, Stroke, Ui, Vec2, WidgetInfo};

use super::{Picks, Scene};
use crate::rules::tail_feathers::components::Alliance;
use crate::rules::tail_feathers::game::{
    Action, BIRD_FIGS, Fig, field, figure_name, hole_span, leaf_name, leaf_outline_along, leaf_space, space_name,
};
use crate::rules::tail_feathers::geometry::V2;
use crate::ui::tail_feathers::forest::{
    paint_axis_marker, paint_feather, paint_leaf, paint_spiral, paint_table, paint_tree,
};
use crate::ui::tail_feathers::{Dragged, SkirmishView};

impl SkirmishView {
    /// The table, "off the battlefield" written on its frame, the trees
    /// (with the places taken in their spaces while they matter) and the
    /// axis marker.
    pub(super) fn paint_table_and_trees(&self, ui: &Ui, sc: &Scene) {
        let (state, legal, board, painter, colours) = (sc.state, sc.legal, sc.board, sc.painter, &sc.colours);
        paint_table(painter, colours, sc.outer, board.rect);
        painter.text(
            sc.outer.left_top() + Vec2::new(6.0, 4.0),
            Align2::LEFT_TOP,
            "off the battlefield",
            FontId::proportional(10.0),
            colours.on_trunk,
        );
        // Trees; the places taken in each space shown only while they
        // matter (a figure picked up to move, deploy, land or unload: shown
        // whenever one might, every space read "oooo").
        let picked = self.selected.is_some() || egui::DragAndDrop::has_payload_of_type::<Dragged>(ui.ctx());
        let capacity_matters = picked
            && legal.iter().any(|a| {
                matches!(
                    a,
                    Action::Deploy { .. }
                        | Action::Move { .. }
                        | Action::Scurry { .. }
                        | Action::SiegeTo(_)
                        | Action::Unload(_)
                )
            });
        let taken = |s: usize| -> u8 {
            let built = [Alliance::Mice, Alliance::Rats]
                .into_iter()
                .filter(|&side_| state.ballista(side_).is_some_and(|b| usize::from(b.space) == s))
                .count() as u8;
            (state.in_space(s as u8).iter().map(|f| if BIRD_FIGS.contains(f) { 4 } else { 1 }).sum::<u8>() + built)
                .min(4)
        };
        for tree in &field().trees {
            paint_tree(
                painter,
                colours,
                board,
                state,
                tree,
                capacity_matters.then_some(&taken as &dyn Fn(usize) -> u8),
            );
        }
        // The axis marker.
        paint_axis_marker(painter, colours, board.to_screen(field().axis), (board.scale * 0.4).max(5.0));
    }

    /// Mission spots to lay a card on, and the cards; the figures in the
    /// cards' boxes, where they are drawn.
    pub(super) fn mission_cards(&self, ui: &Ui, sc: &Scene, picks: &mut Picks) -> Vec<(Fig, Pos2, f32)> {
        // Each free spot drawn as a card's outline, the one under the
        // pointer filled (a click lays the card there), each named for
        // screen readers.
        let spots: Vec<u8> = sc
            .legal
            .iter()
            .filter_map(|a| match a {
                Action::PlaceMission(spot) => Some(*spot),
                _ => None,
            })
            .collect();
        picks.by_widget = picks.by_widget.take().or(self.mission_spots(
            ui,
            sc.painter,
            sc.palette,
            sc.board,
            (&spots, sc.outer),
            sc.sense,
        ));
        self.paint_missions(ui, sc.painter, sc.palette, sc.state, sc.board)
    }

    /// Tail-feather tokens, leaves and death-spiral templates, each named.
    pub(super) fn paint_feathers_leaves_spirals(&self, ui: &Ui, sc: &Scene) {
        let (state, board, painter, colours) = (sc.state, sc.board, sc.painter, &sc.colours);
        // Tail-feather tokens where they fell (TF-R24), each named.
        for t in state.feathers() {
            let pts = sc.poly(&t.outline());
            paint_feather(painter, colours, &pts, t.notched);
            let said =
                format!("tail feather{}", if t.notched { " (notched side up: goes at the round's end)" } else { "" });
            ui.interact(Rect::from_points(&pts), ui.scope_id().with(("tf-feather", t.id)), Sense::hover())
                .widget_info(|| WidgetInfo::labeled(egui::Role::Image, true, said.clone()));
        }
        // Leaves (TF-R26), hanging or adrift, each named.
        let now = ui.input(|i| i.time);
        for (k, leaf) in state.leaves().iter().enumerate() {
            let (outline, holes) = match self.leaf_drift.as_ref().filter(|d| d.leaf == k).and_then(|d| d.at(now)) {
                Some((hole, along)) => {
                    ui.ctx().request_repaint();
                    (leaf_outline_along(hole, along), [hole, hole.plus(along.scale(hole_span()))])
                }
                None => (leaf.outline(), <[V2; 2]>::from(leaf.holes())),
            };
            let drifting = leaf.toward.is_some();
            if drifting && leaf.trail.len() > 1 {
                // The way it came: its pivot holes, spin by spin.
                let path: Vec<Pos2> = leaf.trail.iter().map(|x| board.to_screen(x.0)).collect();
                for w in path.windows(2) {
                    painter.add(egui::Shape::dashed_line(
                        w,
                        Stroke::new(1.2, colours.leaf[1].gamma_multiply(0.6)),
                        4.0,
                        4.0,
                    ));
                }
            }
            let pts = sc.poly(&outline);
            paint_leaf(painter, colours, &pts, holes.map(|h| board.to_screen(h)), drifting);
            let s = leaf_space(k);
            let on = state.in_space(s).len();
            let said = match leaf.toward {
                Some(to) => format!("{}, adrift toward {}, {on} of 3 figures on it", leaf_name(k), space_name(to)),
                None => format!("{}, hanging on its branch, {on} of 3 figures on it", leaf_name(k)),
            };
            ui.interact(Rect::from_points(&pts), ui.scope_id().with(("tf-leaf", k)), Sense::hover())
                .widget_info(|| WidgetInfo::labeled(egui::Role::Image, true, said.clone()));
        }
        // Death-spiral templates between entangled birds (TF-R25), each
        // named.
        for (k, sp) in state.spirals().iter().enumerate() {
            let pts = sc.poly(&sp.template());
            paint_spiral(painter, colours, &pts);
            let said =
                format!("death spiral: {} and {} locked together", figure_name(sp.birds[0]), figure_name(sp.birds[1]));
            ui.interact(Rect::from_points(&pts), ui.scope_id().with(("tf-spiral", k)), Sense::hover())
                .widget_info(|| WidgetInfo::labeled(egui::Role::Image, true, said.clone()));
        }
    }
}
