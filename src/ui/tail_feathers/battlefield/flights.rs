//! Flights on the battlefield (the rings of the flights the bird may
//! announce, the one pointed at, the computer's announced flight, the walk
//! in progress) and the range finder's line.

use egui::{Align2, FontId, Pos2, Stroke, Ui};

use super::{Picks, Scene};
use crate::rules::tail_feathers::game::{Action, Fig, FlightEnding, Target, UNIT_DEFS};
use crate::rules::tail_feathers::geometry::{BASE_RADIUS, Shape, V2};
use crate::ui::tail_feathers::zoom::Zoom;
use crate::ui::tail_feathers::{Ghost, SkirmishView, blockers, forest, nearest_ghost, range_band, rings, shape_of};

impl SkirmishView {
    /// Flights: ghosts, the hovered flight, the walk in progress; the
    /// flights the bird may announce (none unless a person at the screen
    /// is to fly, and chooses on the board).
    pub(super) fn flights_and_ghosts(
        &mut self,
        ui: &Ui,
        sc: &Scene,
        figures: &[(Fig, Pos2, f32)],
        picks: &mut Picks,
    ) -> Vec<Ghost> {
        let (state, board, painter, colours, outer) = (sc.state, sc.board, sc.painter, &sc.colours, sc.outer);
        let pointer = ui.ctx().pointer_hover_pos().filter(|p| outer.contains(*p));
        let flying_now = sc.legal.iter().any(|a| matches!(a, Action::Fly(_)));
        let plans = if flying_now && !state.options().announce_first { self.flights() } else { Vec::new() };
        let base_r = BASE_RADIUS as f32 * board.scale;
        let (focused_ring, chosen) = rings::flight_rings(
            ui,
            painter,
            colours,
            board,
            &plans,
            (pointer, sc.sense),
            (outer, Zoom::buttons_rect(outer), &forest::kept_clear(board, figures)),
        );
        if let Some(bird) = self.doom().1.filter(|_| sc.human)
            && let Some(b) = state.bird(bird)
        {
            rings::doomed_plate(painter, colours, board, b.pose.at, true);
        } else if plans.iter().all(|g| matches!(g.outcome.ending, FlightEnding::Crashes(_) | FlightEnding::Off))
            && let Some(g) = plans.first()
        {
            rings::doomed_plate(painter, colours, board, g.plan.start.at, false);
        }
        picks.by_widget = chosen.or(picks.by_widget.take());
        let hovered = focused_ring.map(|i| &plans[i]).or_else(|| pointer.and_then(|q| nearest_ghost(&plans, board, q)));
        // The computer's flight, announced for the pause before it is
        // flown: its templates and where it ends.
        let announced = match self.table.announced() {
            Some(Action::Fly(list)) => state.active_unit().and_then(|u| {
                let bird = UNIT_DEFS[u].first;
                state.plan_flight(bird, list).map(|plan| Ghost { outcome: state.flight_outcome(bird, &plan), plan })
            }),
            _ => None,
        };
        if let Some((plan, at)) = state.walking() {
            let bird = state.active_unit().map(|u| UNIT_DEFS[u].first);
            if let Some(bird) = bird {
                let outcome = state.flight_outcome(bird, plan);
                self.paint_flight(painter, colours, plan, &outcome, board, at);
            }
        } else if let Some(g) = announced.as_ref().or(hovered) {
            self.paint_flight(painter, colours, &g.plan, &g.outcome, board, None);
            painter.circle_stroke(g.ring(board), base_r, Stroke::new(2.5, sc.palette.selection));
        }
        plans
    }

    /// Range finder line: between the two figures measured, with what
    /// blocks the sight between them outlined.
    pub(super) fn paint_range_finder(&self, sc: &Scene) {
        let (state, board, painter, palette) = (sc.state, sc.board, sc.painter, sc.palette);
        if let Some((a, b, _)) = self.measured
            && let Some((d, sight)) = state.measure(a, Target::Figure(b))
        {
            let (pa, pb) = match (shape_of(state, a), shape_of(state, b)) {
                (Some(x), Some(y)) => (x, y),
                _ => (V2::new(0.0, 0.0), V2::new(0.0, 0.0)),
            };
            let colour = if sight.is_some() { palette.legal.to_opaque() } else { palette.illegal.to_opaque() };
            let (x, y) = sight.unwrap_or((pa, pb));
            painter.line_segment([board.to_screen(x), board.to_screen(y)], Stroke::new(2.5, colour));
            if sight.is_none() {
                // What blocks the line between the two: outlined.
                for blocker in blockers(state, a, b, pa, pb) {
                    match blocker {
                        Shape::Circle(c, r) => {
                            painter.circle_stroke(
                                board.to_screen(c),
                                r as f32 * board.scale + 2.0,
                                Stroke::new(3.0, colour),
                            );
                        }
                        Shape::Polygon(p) => {
                            let pts: Vec<Pos2> = p.0.iter().map(|&v| board.to_screen(v)).collect();
                            painter.add(egui::Shape::closed_line(pts, Stroke::new(3.0, colour)));
                        }
                    }
                }
            }
            let band = range_band(d);
            painter.text(
                board.to_screen(pa.plus(pb).scale(0.5)),
                Align2::CENTER_BOTTOM,
                format!("{d:.1}\" · {band} · {}", if sight.is_some() { "clear sight" } else { "no clear sight" }),
                FontId::proportional(12.0),
                sc.colours.ink,
            );
        }
    }
}
