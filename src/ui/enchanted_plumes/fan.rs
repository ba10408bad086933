//! A plume laid as a peacock's tail: every card turned out from one point
//! under the plume, where the bird's body would be, so the rows fan out
//! and narrow row by row down to it. The cards keep the places the layout
//! gives them (level rows, centred, each tucked under the one above); the
//! fan only turns each card about that point, and a row's band (against
//! the plume in the top row, for it under) follows the fan's curve.

use egui::emath::Rot2;
use egui::epaint::{Mesh, PathShape, PathStroke};
use egui::{Color32, Painter, Pos2, Rect, Vec2};

/// The most a card turns, either way (radians): the outer cards of a long
/// top row stay readable and within their plume's room.
const MOST: f32 = 0.26;

/// One plume's fan.
#[derive(Clone, Copy, Debug)]
pub struct PlumeFan {
    /// The point the cards turn out from.
    pub pivot: Pos2,
    most: f32,
}

impl PlumeFan {
    /// The fan of a plume whose top row's cards (`card` in size) have
    /// their centres at `top_centre`, the top row `widest` cards long: the
    /// pivot lies under where a finished peacock's last card would be.
    #[must_use]
    pub fn new(top_centre: Pos2, card: Vec2, (widest, row_step): (usize, f32)) -> Self {
        let reach = card.y + row_step * (widest.max(1) - 1) as f32;
        Self { pivot: top_centre + Vec2::Y * reach, most: MOST }
    }

    /// Where a card laid level at `rect` lies in the fan, and how far it is
    /// turned: its centre carried round the pivot as far as its offset
    /// from the fan's middle asks.
    #[must_use]
    pub fn place(&self, rect: Rect) -> (Rect, f32) {
        let from = rect.center() - self.pivot;
        let radius = (-from.y).max(1.0);
        let angle = (from.x / radius).clamp(-self.most, self.most);
        let centre = self.pivot + Rot2::from_angle(angle) * Vec2::new(0.0, -radius);
        (Rect::from_center_size(centre, rect.size()), angle)
    }

    /// The band of a row bent round the pivot: from `radii.0` (its outer
    /// edge) in to `radii.1`, under the row's cards, whose level centres
    /// lie at `ends` (the first's and the last's x) and at height `centre`,
    /// each `half` as wide as the band reaches past a card's centre (and
    /// `sign` more at the left end, where the sign goes); the sign's place
    /// comes back with it.
    pub fn paint_band(
        &self,
        painter: &Painter,
        (radii, ends, centre): ((f32, f32), (f32, f32), f32),
        (half, sign): (f32, f32),
        (fill, edge): (Color32, Color32),
    ) -> Pos2 {
        let (rim_out, rim_in, sign_at) = self.band_rims((radii, ends, centre), (half, sign));
        let mut mesh = Mesh::default();
        for (k, (&o, &i)) in rim_out.iter().zip(&rim_in).enumerate() {
            mesh.colored_vertex(o, fill);
            mesh.colored_vertex(i, fill);
            if k > 0 {
                let v = 2 * k as u32;
                mesh.add_triangle(v - 2, v - 1, v);
                mesh.add_triangle(v - 1, v, v + 1);
            }
        }
        painter.add(mesh);
        let mut outline = rim_out;
        outline.extend(rim_in.into_iter().rev());
        painter.add(PathShape {
            points: outline,
            closed: true,
            fill: Color32::TRANSPARENT,
            stroke: PathStroke::new(1.0, edge),
        });
        sign_at
    }

    /// The outer and the inner edge of [`Self::paint_band`]'s band, point
    /// for point from its left end to its right, and the sign's place.
    fn band_rims(
        &self,
        (radii, ends, centre): ((f32, f32), (f32, f32), f32),
        (half, sign): (f32, f32),
    ) -> (Vec<Pos2>, Vec<Pos2>, Pos2) {
        let (outer, inner) = (radii.0, radii.1.max(2.0));
        let mid = f32::midpoint(outer, inner);
        // The row's outer cards turned as `place` turns them, and the band
        // as far past their centres as their edges reach.
        let reach = (self.pivot.y - centre).max(1.0);
        let turn = |x: f32| ((x - self.pivot.x) / reach).clamp(-self.most, self.most);
        // At each radius the band's ends lie as far out as the cards'
        // edges there (parallel to the line through a card's centre).
        let (first, last) = (turn(ends.0), turn(ends.1));
        let ends_at = |r: f32| (first - ((half + sign) / r).atan(), last + (half / r).atan());
        let ((from_out, to_out), (from_in, to_in)) = (ends_at(outer), ends_at(inner));
        let steps = (((to_out - from_out).abs() * outer / 6.0).ceil() as usize).clamp(2, 64);
        // Between the first card's centre and the last's the band follows
        // the fan's arc, as the cards do; past them, the end cards' own
        // straight edges (an arc there dipped under the card's foot, near
        // the pivot, and a lower row's card hung off its band).
        let at = |a: f32, r: f32| {
            let past = a - a.clamp(first, last);
            self.pivot + Rot2::from_angle(a) * Vec2::new(0.0, -r / past.cos())
        };
        let (mut rim_out, mut rim_in) = (Vec::with_capacity(steps + 1), Vec::with_capacity(steps + 1));
        for k in 0..=steps {
            let t = k as f32 / steps as f32;
            rim_out.push(at(from_out + (to_out - from_out) * t, outer));
            rim_in.push(at(from_in + (to_in - from_in) * t, inner));
        }
        (rim_out, rim_in, at(first - ((half + sign / 2.0) / mid).atan(), mid))
    }
}

#[cfg(test)]
mod tests {
    use super::PlumeFan;
    use egui::emath::Rot2;
    use egui::{Pos2, Rect, Vec2};

    /// The cards of a row turn out from the middle, the outer ones most,
    /// mirrored either side; the middle card stays level and in place.
    #[test]
    fn a_row_fans_out_from_its_middle_card() {
        let card = Vec2::new(60.0, 90.0);
        let fan = PlumeFan::new(Pos2::new(200.0, 100.0), card, (5, 45.0));
        let laid = |x: f32| fan.place(Rect::from_center_size(Pos2::new(x, 100.0), card));
        let (middle, level) = laid(200.0);
        assert!(level.abs() < 1e-6 && (middle.center() - Pos2::new(200.0, 100.0)).length() < 1e-3);
        let ((left, a), (right, b)) = (laid(120.0), laid(280.0));
        assert!(a < 0.0 && b > 0.0 && (a + b).abs() < 1e-5, "{a} {b}");
        let (_, inner) = laid(160.0);
        assert!(inner > a && inner < 0.0, "the outer card turns most");
        // The outer cards sink a little, as on a fan, alike on both sides.
        assert!(left.center().y > 100.0 && (left.center().y - right.center().y).abs() < 1e-3);
        assert!(a >= -super::MOST - 1e-6);
    }

    /// Lower rows lie nearer the pivot: the same offset turns a card there
    /// further, so the rows close in towards the bird as a tail does.
    #[test]
    fn lower_rows_turn_further_for_the_same_offset() {
        let card = Vec2::new(60.0, 90.0);
        let fan = PlumeFan::new(Pos2::new(200.0, 100.0), card, (4, 45.0));
        let top = fan.place(Rect::from_center_size(Pos2::new(230.0, 100.0), card)).1;
        let lower = fan.place(Rect::from_center_size(Pos2::new(230.0, 145.0), card)).1;
        assert!(lower > top, "{lower} > {top}");
    }

    /// Found by a new player: a lower row's one card hung off its band,
    /// whose foot, bent round the pivot close under it, dipped below the
    /// card's corner. A band's corners lie on its end cards' edges (the
    /// sign's room past the first card's), however near the pivot.
    #[test]
    fn a_band_s_corners_lie_on_its_end_cards_edges() {
        let card = Vec2::new(66.0, 96.0);
        let fan = PlumeFan::new(Pos2::new(300.0, 500.0), card, (4, 45.0));
        // A lower row's one card, well left of the fan's middle.
        let level = Rect::from_center_size(Pos2::new(260.0, 545.0), card);
        let (laid, angle) = fan.place(level);
        assert!(angle < -0.1, "turned: {angle}");
        let (half, sign) = (card.x / 2.0 + 1.0, 13.0);
        let radii = (fan.pivot.y - level.top(), fan.pivot.y - level.bottom());
        let (outer, inner, _) = fan.band_rims((radii, (260.0, 260.0), 545.0), (half, sign));
        // The card's corners, turned about its centre.
        let corner = |x: f32, y: f32| laid.center() + Rot2::from_angle(angle) * Vec2::new(x, y);
        let near = |a: Pos2, b: Pos2| (a - b).length() < 0.5;
        let (h, v) = (card.x / 2.0, card.y / 2.0);
        let across = Rot2::from_angle(angle) * Vec2::X;
        assert!(near(outer[0], corner(-h, -v) - across * (1.0 + sign)), "{:?} {:?}", outer[0], corner(-h, -v));
        assert!(near(inner[0], corner(-h, v) - across * (1.0 + sign)), "{:?} {:?}", inner[0], corner(-h, v));
        let (top_right, foot_right) = (outer[outer.len() - 1], inner[inner.len() - 1]);
        assert!(near(top_right, corner(h, -v) + across), "{top_right:?} {:?}", corner(h, -v));
        assert!(near(foot_right, corner(h, v) + across), "{foot_right:?} {:?}", corner(h, v));
    }
}
