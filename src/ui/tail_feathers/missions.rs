//! The mission cards on the battlefield: the free spots to lay one on
//! (they overlap, as the spots do), and the cards where they lie, face up
//! or down, with the figures sent on them.

use egui::{Align2, FontId, Pos2, Rect, Sense, Stroke, Ui, Vec2, WidgetInfo};

use super::forest::paint_card;
use super::paint::plated_text;
use super::{Board, SkirmishView, side_colour};
use crate::rules::tail_feathers::components::Alliance;
use crate::rules::tail_feathers::game::{Action, Fig, TailFeathers, field, kind_name, seat_of, side_name};
use crate::ui::theme::Palette;

impl SkirmishView {
    /// The mission cards where they lie, face up or down, each named (its
    /// kind shown to its own side only until revealed).
    pub(super) fn paint_missions(
        &self,
        ui: &Ui,
        painter: &egui::Painter,
        palette: &Palette,
        state: &TailFeathers,
        board: Board,
    ) -> Vec<(Fig, Pos2, f32)> {
        let colours = palette.forest;
        let mut boxed = Vec::new();
        let poly = |p: &crate::rules::tail_feathers::geometry::Polygon| -> Vec<Pos2> {
            p.0.iter().map(|&v| board.to_screen(v)).collect()
        };
        let viewer = self.viewer();
        // The cards first, then the figures sent on them, then the words
        // over all, on the part of each card the other leaves free (two
        // cards on overlapping spots hid one's words: "Mice intercep").
        let mut words = Vec::new();
        let mut cards: Vec<Rect> = Vec::new();
        for side_ in [Alliance::Mice, Alliance::Rats] {
            if let Some(card) = state.mission(side_)
                && let Some(spot) = card.spot
            {
                let pts = poly(&field().mission_spots[usize::from(spot)]);
                let shown = card.revealed || viewer.sees(seat_of(side_));
                let fill = if card.revealed { palette.card_face } else { palette.card_back };
                let r = Rect::from_points(&pts);
                paint_card(painter, &colours, r, side_colour(&colours, side_), fill, !card.revealed);
                let text = match (shown, card.kind) {
                    (true, Some(k)) if card.revealed => format!("{}\n{}", side_name(side_), kind_name(k)),
                    (true, Some(k)) => format!("{}\n{}\n(face down)", side_name(side_), kind_name(k)),
                    _ => format!("{}\nmission", side_name(side_)),
                };
                let sent = state.mission_box(side_).len();
                let said = format!("mission card: {}; {sent} figures on it", text.replace('\n', " "));
                ui.interact(r, ui.scope_id().with(("tf-mission", seat_of(side_).0)), Sense::hover())
                    .widget_info(|| WidgetInfo::labeled(egui::Role::Image, true, said.clone()));
                // (Face down reads from its back; the words ran out of a
                // small card.)
                words.push((r, text.trim_end_matches("\n(face down)").to_string(), fill));
                cards.push(r);
            }
        }
        for side_ in [Alliance::Mice, Alliance::Rats] {
            if let Some(r) =
                state.mission(side_).and_then(|c| c.spot).map(|s| poly(&field().mission_spots[usize::from(s)]))
            {
                boxed.extend(super::paint::paint_mission_box(painter, &colours, state, side_, Rect::from_points(&r)));
            }
        }
        for (r, text, fill) in words {
            let free = cards.iter().find(|o| **o != r && o.intersects(r)).map_or(r, |o| free_part(r, *o));
            let ink = palette.text_on(fill);
            let galley = super::paint::card_words(painter, &text, r, ink);
            // At the card's head, as a card's title is: the figures sent
            // on it stand in rows from its foot (they sat on the words).
            let at = Pos2::new(free.center().x - galley.size().x / 2.0, free.top() + 2.0);
            painter.rect_filled(Rect::from_min_size(at, galley.size()).expand(1.5), 2.0, fill);
            painter.galley(at, galley, ink);
        }
        boxed
    }

    /// The free mission spots to lay the card on (they overlap, as the
    /// spots on the battlefield do): each a faint card outline with its
    /// number on a token at its middle, the one under the pointer (the
    /// nearest middle among those it is over), the one with the keyboard's
    /// focus or the one a side-panel button names filled, with "Lay the
    /// mission card here" above them all. The spot chosen, if any.
    pub(super) fn mission_spots(
        &self,
        ui: &Ui,
        painter: &egui::Painter,
        palette: &Palette,
        board: Board,
        (spots, outer): (&[u8], Rect),
        sense: Sense,
    ) -> Option<Action> {
        if spots.is_empty() {
            return None;
        }
        let colours = palette.forest;
        let outline = |spot: u8| -> Vec<Pos2> {
            field().mission_spots[usize::from(spot)].0.iter().map(|&v| board.to_screen(v)).collect()
        };
        let middle = |spot: u8| Rect::from_points(&outline(spot)).center();
        let pointer = ui.ctx().pointer_hover_pos().filter(|p| outer.contains(*p));
        let pointed = pointer.and_then(|p| {
            spots
                .iter()
                .copied()
                .filter(|&s| field().mission_spots[usize::from(s)].contains(board.to_table(p)))
                .min_by(|&a, &b| middle(a).distance(p).total_cmp(&middle(b).distance(p)))
        });
        let ids: Vec<egui::Id> = spots.iter().map(|s| ui.scope_id().with(("tf-spot", *s))).collect();
        let focused = spots.iter().zip(&ids).find(|(_, id)| ui.ctx().memory(|m| m.has_focus(**id))).map(|x| *x.0);
        let lit = focused.or(self.spot_hovered.filter(|s| spots.contains(s))).or(pointed);
        let all = spots.iter().fold(Rect::NOTHING, |r, &s| r.union(Rect::from_points(&outline(s))));
        // The outlines, the lit one last (over the others) and filled.
        let mut order = spots.to_vec();
        order.sort_by_key(|&s| Some(s) == lit);
        for &spot in &order {
            let pts = outline(spot);
            let on = Some(spot) == lit;
            let fill = palette.legal.gamma_multiply(if on { 0.85 } else { 0.12 });
            painter.add(egui::Shape::convex_polygon(
                pts,
                fill,
                Stroke::new(if on { 2.5 } else { 1.2 }, palette.legal.to_opaque()),
            ));
        }
        // Each number on a token at its spot's middle, named as the side
        // panel's buttons name it.
        let r = 8.5;
        let mut chosen = None;
        for (&spot, &id) in spots.iter().zip(&ids) {
            let c = middle(spot);
            let on = Some(spot) == lit;
            painter.circle(
                c,
                r,
                if on { palette.legal.to_opaque() } else { colours.floor },
                Stroke::new(1.5, palette.legal.to_opaque()),
            );
            painter.text(c, Align2::CENTER_CENTER, format!("{}", spot + 1), FontId::proportional(12.0), colours.ink);
            let resp = ui.interact(Rect::from_points(&outline(spot)), id, sense);
            resp.widget_info(|| {
                WidgetInfo::labeled(egui::Role::Button, true, format!("free mission spot {}", spot + 1))
            });
            if resp.clicked() {
                // A click lays it on the spot lit under the pointer (the
                // outlines overlap); Enter on the one with the focus.
                chosen = Some(Action::PlaceMission(if resp.has_focus() { spot } else { pointed.unwrap_or(spot) }));
            }
        }
        if lit.is_some() {
            plated_text(
                painter,
                all.center_top() - Vec2::new(0.0, 6.0),
                Align2::CENTER_BOTTOM,
                &format!("Lay the mission card on spot {}", lit.map_or(0, |s| s + 1)),
                colours.ink,
                colours.floor,
            );
        }
        chosen
    }
}

/// The largest part of the card `r` that the card `o` over it leaves
/// free: a strip beside, above or below it.
fn free_part(r: Rect, o: Rect) -> Rect {
    let strips = [
        Rect::from_x_y_ranges(r.left()..=o.left().min(r.right()), r.y_range()),
        Rect::from_x_y_ranges(o.right().max(r.left())..=r.right(), r.y_range()),
        Rect::from_x_y_ranges(r.x_range(), r.top()..=o.top().min(r.bottom())),
        Rect::from_x_y_ranges(r.x_range(), o.bottom().max(r.top())..=r.bottom()),
    ];
    strips.into_iter().filter(Rect::is_positive).max_by(|a, b| a.area().total_cmp(&b.area())).unwrap_or(r)
}

#[cfg(test)]
mod tests {
    use egui::{Pos2, Rect, Vec2};

    #[test]
    fn a_card_s_words_go_where_the_other_card_leaves_it_free() {
        let mice = Rect::from_min_size(Pos2::new(0.0, 0.0), Vec2::new(50.0, 40.0));
        let rats = Rect::from_min_size(Pos2::new(30.0, -10.0), Vec2::new(50.0, 40.0));
        let free = super::free_part(mice, rats);
        assert!(!free.intersects(rats.shrink(0.5)) && mice.contains_rect(free), "{free:?}");
        assert!(free.width() >= 29.0 && free.height() >= 39.0, "the widest strip: {free:?}");
    }
}
