//! Components laid at a slant: a fanned hand, a peacock's tail. What a
//! painter draws level is turned, shape by shape, about a pivot, so every
//! card painter in Aviary can lay its card askew without knowing it.

use egui::emath::Rot2;
use egui::epaint::Shape;
use egui::{Painter, Pos2, Vec2};
use std::sync::Arc;

/// Paints with `paint` on `painter`, then turns what it painted by
/// `angle` (radians, clockwise on screen) about `pivot`. An angle of
/// (nearly) zero paints level, untouched.
pub fn tilted<R>(painter: &Painter, angle: f32, pivot: Pos2, paint: impl FnOnce(&Painter) -> R) -> R {
    if angle.abs() < 1e-4 {
        return paint(painter);
    }
    let layer = painter.layer_id();
    let start = painter.ctx().graphics_mut(|g| g.entry(layer).next_idx());
    let result = paint(painter);
    let end = painter.ctx().graphics_mut(|g| g.entry(layer).next_idx());
    let rot = Rot2::from_angle(angle);
    painter.ctx().graphics_mut(|g| {
        let list = g.entry(layer);
        for i in start.0..end.0 {
            list.mutate_shape(egui::layers::ShapeIdx(i), |clipped| turn(&mut clipped.shape, rot, angle, pivot));
        }
    });
    result
}

/// Turns one shape by `rot` (of `angle` radians) about `pivot`.
pub fn turn(shape: &mut Shape, rot: Rot2, angle: f32, pivot: Pos2) {
    let at = |p: Pos2| pivot + rot * (p - pivot);
    match shape {
        Shape::Noop | Shape::Callback(_) => {}
        Shape::Vec(shapes) => shapes.iter_mut().for_each(|s| turn(s, rot, angle, pivot)),
        Shape::Circle(c) => c.center = at(c.center),
        Shape::Ellipse(e) => {
            e.center = at(e.center);
            e.angle += angle;
        }
        Shape::LineSegment { points, .. } => points.iter_mut().for_each(|p| *p = at(*p)),
        Shape::Path(path) => path.points.iter_mut().for_each(|p| *p = at(*p)),
        Shape::Rect(r) => {
            // (A rect turns about its centre: move the centre, add the angle.)
            let centre = r.rect.center();
            r.rect = r.rect.translate(at(centre) - centre);
            r.angle += angle;
        }
        Shape::Text(t) => {
            // (Text turns about its position: move it, add the angle.)
            t.pos = at(t.pos);
            t.angle += angle;
        }
        Shape::Mesh(mesh) => Arc::make_mut(mesh).rotate(rot, pivot),
        Shape::QuadraticBezier(b) => b.points.iter_mut().for_each(|p| *p = at(*p)),
        Shape::CubicBezier(b) => b.points.iter_mut().for_each(|p| *p = at(*p)),
        Shape::Band(b) => {
            let moved = b.clone().with_angle_and_pivot(angle, pivot);
            *b = moved;
        }
    }
}

/// Where a card lies in a fan: its centre `offset` from the fan's middle
/// along the row turns it by `offset / radius` (clamped to `most`), and it
/// sinks as a fan's outer cards do, on a circle of `radius`.
#[must_use]
pub fn fanned(offset: f32, radius: f32, most: f32) -> (f32, Vec2) {
    let angle = (offset / radius.max(1.0)).clamp(-most, most);
    let sink = radius * (1.0 - angle.cos());
    (angle, Vec2::new(0.0, sink))
}

#[cfg(test)]
mod tests {
    use super::{fanned, turn};
    use egui::emath::Rot2;
    use egui::epaint::{RectShape, Shape};
    use egui::{Color32, Pos2, Rect, Vec2};

    #[test]
    fn a_turned_rect_keeps_its_size_and_moves_round_the_pivot() {
        let rect = Rect::from_center_size(Pos2::new(10.0, 0.0), Vec2::new(4.0, 8.0));
        let mut shape = Shape::Rect(RectShape::filled(rect, 0.0, Color32::RED));
        let quarter = std::f32::consts::FRAC_PI_2;
        turn(&mut shape, Rot2::from_angle(quarter), quarter, Pos2::ZERO);
        let Shape::Rect(r) = shape else { panic!("still a rect") };
        assert!((r.rect.center() - Pos2::new(0.0, 10.0)).length() < 1e-3, "{:?}", r.rect.center());
        assert_eq!(r.rect.size(), Vec2::new(4.0, 8.0));
        assert!((r.angle - quarter).abs() < 1e-6);
    }

    #[test]
    fn a_fan_turns_its_outer_cards_most_and_sinks_them_alike_on_either_side() {
        let (left, sink_left) = fanned(-60.0, 200.0, 0.4);
        let (right, sink_right) = fanned(60.0, 200.0, 0.4);
        let (mid, sink_mid) = fanned(0.0, 200.0, 0.4);
        assert!(left < 0.0 && right > 0.0 && mid == 0.0);
        assert!((left + right).abs() < 1e-6 && (sink_left.y - sink_right.y).abs() < 1e-6);
        assert!(sink_left.y > sink_mid.y);
        assert!(fanned(1_000.0, 200.0, 0.4).0 <= 0.4 + 1e-6, "never past the most");
    }
}
