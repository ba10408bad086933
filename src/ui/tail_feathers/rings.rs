//! The rings of the flights a bird may fly, each where the flight would
//! leave it: clicked (or chosen by the keyboard) to fly it.

use egui::{Align2, Pos2, Rect, Sense, Stroke, Ui, Vec2, WidgetInfo};

use super::paint::plated_text;
use super::{Board, Ghost, nearest_ghost};
use crate::rules::tail_feathers::game::{Action, FlightEnding};
use crate::rules::tail_feathers::geometry::{BASE_RADIUS, V2};
use crate::ui::theme::Forest;

/// Draws the rings of `plans` on `board` and makes each a widget: the
/// ring with the keyboard's focus, and the flight chosen this frame.
pub(super) fn flight_rings(
    ui: &Ui,
    painter: &egui::Painter,
    colours: &Forest,
    board: Board,
    plans: &[Ghost],
    (pointer, sense): (Option<Pos2>, Sense),
    (outer, buttons, avoid): (Rect, Rect, &[Rect]),
) -> (Option<usize>, Option<Action>) {
    // Each flight's ring sits where the bird would really be left: at
    // a trunk it crashes into, short of a flying base, off the edge.
    // A ring where the bird comes to harm is drawn in the warning
    // colour with a cross; each is named for screen readers.
    let base_r = BASE_RADIUS as f32 * board.scale;
    let mut focused_ring: Option<usize> = None;
    let mut by_widget: Option<Action> = None;
    // (Flights off the battlefield first, small crosses on its edge
    // where they leave; the landings over them, plain to see.)
    let mut order: Vec<usize> = (0..plans.len()).collect();
    order.sort_by_key(|&i| plans[i].outcome.ending != FlightEnding::Off);
    // Those flights one token on the edge, "× 27 flights off the edge",
    // until the pointer comes near: then each shows (a column of crosses
    // read as clutter).
    let offs: Vec<Pos2> =
        plans.iter().filter(|g| g.outcome.ending == FlightEnding::Off).map(|g| g.ring(board)).collect();
    let near_offs = pointer.is_some_and(|q| offs.iter().any(|p| p.distance(q) < base_r * 3.0));
    // Near them, the one under the pointer is a cross, the rest small
    // marks (27 crosses side by side read as one red line).
    let pointed_off = pointer.filter(|_| near_offs).and_then(|q| {
        (0..plans.len())
            .filter(|&i| plans[i].outcome.ending == FlightEnding::Off)
            .min_by(|&a, &b| plans[a].ring(board).distance(q).total_cmp(&plans[b].ring(board).distance(q)))
    });
    for i in order {
        let g = &plans[i];
        let p = g.ring(board);
        let off = g.outcome.ending == FlightEnding::Off;
        if off && !near_offs {
            // A small pip on the edge where it leaves, something to point
            // at (with none in sight, a new player looked for the crosses
            // the panel spoke of and found nothing to click); its ring
            // still answers a click and the keyboard.
            painter.circle_filled(p, 2.0, colours.cut.gamma_multiply(0.7));
            let rect = Rect::from_center_size(p, Vec2::splat(base_r));
            let resp = ui.interact(rect, ui.scope_id().with(("tf-ring", i)), sense);
            let said = g.words();
            resp.widget_info(|| WidgetInfo::labeled(egui::Role::Button, true, said.clone()));
            if resp.has_focus() {
                focused_ring = Some(i);
            }
            if resp.clicked() {
                by_widget = Some(g.action());
            }
            continue;
        }
        // Each end a small pip, not a whole base: 27 rings laid over one
        // another read as one grey blob. The flight under the pointer is
        // drawn whole, its base ringed, by the caller.
        let ring = if g.harmful() { colours.cut } else { colours.ghost.to_opaque() };
        let r = (base_r * if off { 0.3 } else { 0.34 }).clamp(3.5, 7.0);
        if off && pointed_off != Some(i) {
            painter.circle_filled(p, 2.0, ring.gamma_multiply(0.7));
        } else if g.harmful() {
            let k = r * 0.8;
            let cross = Stroke::new(2.0, ring);
            painter.line_segment([p - Vec2::splat(k), p + Vec2::splat(k)], cross);
            painter.line_segment([p + Vec2::new(-k, k), p + Vec2::new(k, -k)], cross);
        } else {
            painter.circle_filled(p + Vec2::new(0.8, 1.2), r, colours.shadow);
            painter.circle_filled(p, r, colours.feather[0]);
            painter.circle_stroke(p, r, Stroke::new(1.5, ring));
            painter.circle_filled(p, r * 0.35, ring);
        }
        let said = g.words();
        let rect = Rect::from_center_size(p, Vec2::splat(base_r));
        let resp = ui.interact(rect, ui.scope_id().with(("tf-ring", i)), sense);
        resp.widget_info(|| WidgetInfo::labeled(egui::Role::Button, true, said.clone()));
        if resp.has_focus() {
            focused_ring = Some(i);
        }
        if resp.clicked() {
            // A pointer's click takes the ring nearest it (rings
            // overlap); a key press the ring that has the focus.
            let nearest = resp.interact_pointer_pos().and_then(|q| nearest_ghost(plans, board, q));
            by_widget = Some(nearest.unwrap_or(g).action());
        }
    }
    // The token over the landings' pips (they hid its words), moved out
    // onto the table round the battlefield where it can (it lay on the
    // landings and the nest), and clear of the frame's buttons.
    if !offs.is_empty() && !near_offs {
        let mean = (offs.iter().fold(Vec2::ZERO, |a, p| a + p.to_vec2()) / offs.len() as f32).to_pos2();
        let words = if offs.len() == 1 {
            "× 1 flight off the edge".to_string()
        } else {
            format!("× {} flights off the edge", offs.len())
        };
        let size = painter.layout_no_wrap(words.clone(), egui::FontId::proportional(12.0), colours.cut).size();
        // (Clear of the trees' names too: it lay over "Old Beech".)
        let names = crate::rules::tail_feathers::game::field()
            .trees
            .iter()
            .map(|tree| super::forest::tree_name_plate(painter, colours, board, tree).0);
        let avoid: Vec<Rect> = avoid.iter().copied().chain(names).collect();
        let at = off_token_spot(mean, size + Vec2::new(12.0, 6.0), board.rect, (outer, buttons), &avoid);
        plated_text(painter, at, Align2::CENTER_CENTER, &words, colours.cut, colours.floor);
    }
    // The trees' names over the spots, which hid them ("Hollow Oak").
    if !plans.is_empty() {
        for tree in &crate::rules::tail_feathers::game::field().trees {
            super::forest::paint_tree_name(painter, colours, board, tree);
        }
    }
    (focused_ring, by_widget)
}

/// A plate over the bird at `bird` when every flight it may announce
/// crashes into a trunk or leaves the battlefield (the crosses lie under
/// the bird, easily missed); just after its launch (`launched`), how to
/// take it back.
pub(super) fn doomed_plate(painter: &egui::Painter, colours: &Forest, board: Board, bird: V2, launched: bool) {
    let words = if launched {
        "Every flight from this facing crashes or is lost: Undo to launch facing another way"
    } else {
        "Every flight from here crashes or is lost"
    };
    let above = board.to_screen(bird) - Vec2::new(0.0, BASE_RADIUS as f32 * board.scale + 14.0);
    plated_text(painter, above, Align2::CENTER_BOTTOM, words, colours.cut, colours.floor);
}

/// The computer's attack while it is announced: a red arrow from the
/// attacker at `from` (of radius `fr`) to the target at `to`, the target
/// ringed, and `words` (what it does) over the target.
pub(super) fn announced_attack(
    painter: &egui::Painter,
    colours: &Forest,
    (from, fr): (Pos2, f32),
    (to, tr): (Pos2, f32),
    words: &str,
) {
    let along = (to - from).normalized();
    let (a, b) = (from + along * (fr + 3.0), to - along * (tr + 6.0));
    if (b - a).dot(along) > 4.0 {
        painter.line_segment([a + Vec2::new(1.0, 1.5), b + Vec2::new(1.0, 1.5)], Stroke::new(5.0, colours.shadow));
        let head = 12.0_f32.min((b - a).length() / 2.0);
        let side = along.rot90() * head * 0.55;
        painter.line_segment([a, b - along * head * 0.8], Stroke::new(3.5, colours.cut));
        painter.add(egui::Shape::convex_polygon(
            vec![b, b - along * head + side, b - along * head - side],
            colours.cut,
            Stroke::NONE,
        ));
    }
    painter.circle_stroke(to, tr + 5.0, Stroke::new(3.0, colours.cut));
    plated_text(painter, to - Vec2::new(0.0, tr + 10.0), Align2::CENTER_BOTTOM, words, colours.cut, colours.floor);
}

/// Where the "flights off the edge" token of `size` lies: from `mean`
/// (where those flights leave) out away from the `battlefield`'s middle
/// until it is clear of it, kept in the table's frame (`frame.0`) and
/// clear of the frame's buttons (`frame.1`); where the table round the
/// battlefield is too narrow for it, slid along the edge clear of what
/// it would cover (`avoid`: the nests and their dials, the figures).
fn off_token_spot(mean: Pos2, size: Vec2, battlefield: Rect, (outer, buttons): (Rect, Rect), avoid: &[Rect]) -> Pos2 {
    let out = (mean - battlefield.center()).normalized();
    let out = if out.is_finite() && out.length() > 0.5 { out } else { Vec2::new(0.0, -1.0) };
    let mut at = mean;
    for _ in 0..40 {
        if !Rect::from_center_size(at, size).intersects(battlefield) {
            break;
        }
        at += out * 3.0;
    }
    // Kept whole in the frame.
    let r = Rect::from_center_size(at, size);
    let dx = (outer.left() + 2.0 - r.left()).max(0.0) + (outer.right() - 2.0 - r.right()).min(0.0);
    let dy = (outer.top() + 2.0 - r.top()).max(0.0) + (outer.bottom() - 2.0 - r.bottom()).min(0.0);
    let at = at + Vec2::new(dx, dy);
    let at = if Rect::from_center_size(at, size).intersects(buttons) {
        Pos2::new(at.x, buttons.bottom() + 2.0 + size.y / 2.0)
    } else {
        at
    };
    let clear = |p: Pos2| {
        let r = Rect::from_center_size(p, size);
        outer.contains_rect(r) && !r.intersects(buttons) && !avoid.iter().any(|a| a.intersects(r))
    };
    if clear(at) {
        return at;
    }
    // Along the edge it lies on, nearest first, either way.
    let along = if out.x.abs() > out.y.abs() { Vec2::new(0.0, 1.0) } else { Vec2::new(1.0, 0.0) };
    (1..120).flat_map(|k| [k as f32 * 4.0, -(k as f32) * 4.0]).map(|d| at + along * d).find(|&p| clear(p)).unwrap_or(at)
}

#[cfg(test)]
mod tests {
    use super::off_token_spot;
    use egui::{Pos2, Rect, Vec2};

    /// The token for flights off the top edge lies on the table above the
    /// battlefield (not on its landings), and never under the buttons in
    /// the frame's corner.
    #[test]
    fn the_off_the_edge_token_lies_off_the_battlefield_and_clear_of_the_buttons() {
        let outer = Rect::from_min_size(Pos2::new(16.0, 46.0), Vec2::new(520.0, 520.0));
        let battlefield = outer.shrink(40.0);
        let buttons = Rect::from_min_max(
            Pos2::new(outer.right() - 102.0, outer.top() + 3.0),
            Pos2::new(outer.right() - 6.0, outer.top() + 23.0),
        );
        let size = Vec2::new(150.0, 20.0);
        // Leaving over the top, a little inside the edge on average.
        let at = off_token_spot(Pos2::new(300.0, battlefield.top() + 6.0), size, battlefield, (outer, buttons), &[]);
        let r = Rect::from_center_size(at, size);
        assert!(!r.intersects(battlefield), "{r:?} lies on the battlefield {battlefield:?}");
        assert!(outer.contains_rect(r), "{r:?} leaves the frame");
        // Near the corner with the buttons.
        let at = off_token_spot(
            Pos2::new(outer.right() - 60.0, battlefield.top() - 10.0),
            size,
            battlefield,
            (outer, buttons),
            &[],
        );
        let r = Rect::from_center_size(at, size);
        assert!(!r.intersects(buttons), "{r:?} under the buttons {buttons:?}");
    }

    /// Flights off the left edge at 800x600, where the table beside the
    /// battlefield is narrower than the token: it lay on the mice's nest
    /// and its life dial; it slides along the edge clear of them.
    #[test]
    fn the_off_the_edge_token_keeps_clear_of_a_nest_where_the_table_is_narrow() {
        let outer = Rect::from_min_size(Pos2::new(16.0, 46.0), Vec2::new(520.0, 520.0));
        let battlefield = outer.shrink(36.0);
        let buttons = Rect::from_min_max(
            Pos2::new(outer.right() - 102.0, outer.top() + 3.0),
            Pos2::new(outer.right() - 6.0, outer.top() + 23.0),
        );
        let size = Vec2::new(150.0, 20.0);
        let nest = Rect::from_min_size(Pos2::new(40.0, 400.0), Vec2::new(70.0, 80.0));
        let mean = Pos2::new(battlefield.left() + 4.0, 440.0);
        let lying = Rect::from_center_size(off_token_spot(mean, size, battlefield, (outer, buttons), &[]), size);
        assert!(lying.intersects(nest), "the case: without the nest to avoid, it lies on it");
        let at = off_token_spot(mean, size, battlefield, (outer, buttons), &[nest]);
        let r = Rect::from_center_size(at, size);
        assert!(!r.intersects(nest), "{r:?} lies on the nest {nest:?}");
        assert!(outer.contains_rect(r), "{r:?} leaves the frame");
        assert!((r.center().y - 440.0).abs() < 120.0, "still near where the flights leave: {r:?}");
    }
}
