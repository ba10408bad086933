//! The pieces of Dust in the Wings drawn as they would lie on the table:
//! butterflies of three kinds (each colour its own wing shape and marks,
//! so colour is never the only cue), the meadow's patches of grass with
//! their flowers, and the crystals cut as gems.

use egui::{Color32, Painter, Pos2, Rect, Shape, Stroke, Vec2};

use crate::rules::Seat;
use crate::rules::dust_wings::{Action, Colour, Crystal};
use crate::rules::grid::Square;
use crate::session::LogEntry;
use crate::ui::theme::{DAYLIGHT, FLOWER_HEART, GLINT, PETALS, Palette, mix};

/// Paints one butterfly seen from above, wings open, about `size` across:
/// red with round wings and white spots; blue with long pointed forewings
/// and a dark band; yellow a swallowtail (tails on its hind wings) with
/// dark wing tips.
pub fn paint_butterfly(painter: &Painter, palette: &Palette, centre: Pos2, size: f32, c: Colour) {
    paint_butterfly_open(painter, palette, centre, size, c, 1.0);
}

/// A butterfly in flight: as [`paint_butterfly`], its wings closed to
/// `open` of their span (1: flat open, towards 0: raised together), so
/// that a butterfly crossing the table flaps.
pub fn paint_butterfly_open(painter: &Painter, palette: &Palette, centre: Pos2, size: f32, c: Colour, open: f32) {
    // Every point is squeezed sideways towards the body by `open`.
    let squeeze = |p: Pos2| Pos2::new(centre.x + (p.x - centre.x) * open, p.y);
    let oval = |painter: &Painter, at: Pos2, dir: Vec2, along: f32, across: f32, fill: egui::Color32| {
        let across_dir = Vec2::new(-dir.y, dir.x);
        let pts: Vec<Pos2> = (0..20)
            .map(|i| {
                let angle = i as f32 / 20.0 * std::f32::consts::TAU;
                squeeze(at + dir * (angle.cos() * along) + across_dir * (angle.sin() * across))
            })
            .collect();
        painter.add(Shape::convex_polygon(pts, fill, Stroke::NONE));
    };
    let fill = palette.butterflies[c as usize];
    let ink = palette.butterfly_ink;
    let s = size * 0.78;
    let rim = (size * 0.05).clamp(0.7, 1.4);
    let up = Vec2::new(0.0, -1.0);
    // One wing: an oval on the line `d` out from the body, rimmed in ink.
    let wing = |d: Vec2, out: f32, along: f32, across: f32| {
        let d = d.normalized();
        let at = centre + d * s * out;
        oval(painter, at, d, s * along + rim, s * across + rim, ink);
        oval(painter, at, d, s * along, s * across, fill);
        (at, d)
    };
    for side in [-1.0_f32, 1.0] {
        let right = Vec2::new(side, 0.0);
        match c {
            Colour::Red => {
                wing(-up * 0.6 + right * 0.8, 0.22, 0.24, 0.19);
                let (at, d) = wing(up * 0.55 + right, 0.3, 0.33, 0.26);
                // White spots near the tip.
                let spot = mix(DAYLIGHT, fill, 0.1);
                oval(painter, at + d * s * 0.14, d, s * 0.06, s * 0.06, spot);
                oval(painter, at + d * s * 0.02 + up * s * 0.09, d, s * 0.045, s * 0.045, spot);
            }
            Colour::Blue => {
                wing(-up * 0.8 + right * 0.6, 0.2, 0.2, 0.15);
                let (at, d) = wing(up * 0.3 + right, 0.3, 0.36, 0.16);
                // A dark band along the long forewing.
                oval(painter, at + d * s * 0.12, d, s * 0.2, s * 0.045, mix(fill, ink, 0.7));
            }
            Colour::Yellow => {
                let (at, d) = wing(-up * 0.7 + right * 0.6, 0.22, 0.23, 0.17);
                // The swallowtail's tail.
                let tail = (d - up * 0.6).normalized();
                oval(painter, at + tail * s * 0.26, tail, s * 0.13 + rim * 0.5, s * 0.045 + rim * 0.5, ink);
                oval(painter, at + tail * s * 0.26, tail, s * 0.13, s * 0.045, fill);
                let (at, d) = wing(up * 0.6 + right, 0.31, 0.34, 0.21);
                // Dark tips.
                oval(painter, at + d * s * 0.22, d, s * 0.12, s * 0.15, ink);
            }
        }
    }
    // The body and the feelers.
    oval(painter, centre, up, s * 0.26, s * 0.055, ink);
    let head = centre + up * s * 0.26;
    for side in [-1.0, 1.0] {
        let tip = squeeze(head + up * s * 0.18 + Vec2::new(side * s * 0.11, 0.0));
        painter.line_segment([head, tip], Stroke::new((s * 0.03).max(0.7), ink));
        painter.circle_filled(tip, (s * 0.025).max(0.8), ink);
    }
}

/// Butterflies by colour (`counts`, red, blue, yellow) one by one, in the
/// order they are drawn: on a space, on a card, in a player's takings.
pub fn one_by_one(counts: [u8; 3]) -> impl Iterator<Item = Colour> {
    Colour::ALL.into_iter().flat_map(move |c| std::iter::repeat_n(c, usize::from(counts[c as usize])))
}

/// The columns and rows a Composition shape's `cells` span.
#[must_use]
pub fn span(cells: &[(i8, i8)]) -> (i8, i8) {
    cells.iter().fold((0, 0), |(w, h), &(x, y)| (w.max(x + 1), h.max(y + 1)))
}

/// The radius of the token that counts a space's butterflies, for a space
/// `cell` wide.
#[must_use]
pub fn count_radius(cell: f32) -> f32 {
    (cell * 0.09).clamp(7.0, 12.0)
}

/// The part of a space's `rect` butterflies sit in: clear of the count's
/// token in the top corner (in a small meadow the token is a larger part
/// of the space: it had hidden a butterfly) and of the flowers and the
/// name along the foot.
fn room(rect: Rect) -> Rect {
    let token = count_radius(rect.width()) * 2.0 + 4.0;
    Rect::from_min_max(
        rect.min + Vec2::new(rect.width() * 0.06, (rect.height() * 0.2).max(token)),
        rect.max - Vec2::new(rect.width() * 0.06, rect.height() * if token > rect.height() * 0.2 { 0.12 } else { 0.2 }),
    )
}

/// Where `n` butterflies sit in a space's `rect`: a grid just large
/// enough for them, centred, so however many a space holds they stay in
/// it. Returns the centres and the size to draw each.
#[must_use]
pub fn arrange(rect: Rect, n: usize) -> (Vec<Pos2>, f32) {
    if n == 0 {
        return (Vec::new(), 0.0);
    }
    let cols = (n as f32).sqrt().ceil() as usize;
    let rows = n.div_ceil(cols);
    let room = room(rect);
    let pitch = (room.width() / cols as f32).min(room.height() / rows as f32);
    let size = (pitch * 0.92).min(rect.width() * 0.42);
    let top_left = room.center() - Vec2::new(pitch * cols as f32, pitch * rows as f32) * 0.5;
    let centres = (0..n)
        .map(|k| {
            let (row, col) = (k / cols, k % cols);
            // The last row, if short, is centred too.
            let in_row = if row == rows - 1 { n - row * cols } else { cols };
            let shift = (cols - in_row) as f32 * pitch * 0.5;
            top_left + Vec2::new(shift + (col as f32 + 0.5) * pitch, (row as f32 + 0.5) * pitch)
        })
        .collect();
    (centres, size)
}

/// A space holds this many butterflies in a grid of separate places;
/// more, and its rows close up (a grid of three rows made them small:
/// review 4).
pub const SIDE_BY_SIDE: usize = 6;

/// The butterflies of a space holding `counts` (red, blue, yellow) as
/// they are drawn, back to front: each where it sits, its size and its
/// colour. Up to [`SIDE_BY_SIDE`] lie in a grid, each in its own place;
/// more sit in rows that close up, each row's wings over the tips of the
/// row behind, as a flock settles, so they stay large.
#[must_use]
pub fn lay_out(rect: Rect, counts: [u8; 3]) -> Vec<(Pos2, f32, Colour)> {
    let n: usize = counts.iter().map(|&k| usize::from(k)).sum();
    let (centres, size) = arrange(rect, n);
    if n <= SIDE_BY_SIDE {
        return centres.into_iter().zip(one_by_one(counts)).map(|(at, c)| (at, size, c)).collect();
    }
    let cols = (n as f32).sqrt().ceil() as usize;
    let rows = n.div_ceil(cols);
    let room = room(rect);
    let (across, down) = (room.width() / cols as f32, room.height() / rows as f32);
    // A butterfly is about four fifths as tall as it is wide: rows a
    // little closer than that overlap only at the wing tips.
    let big = (across * 0.95).min(down * 1.3).min(rect.width() * 0.42);
    // The first row's wings at the room's top, the last row's at its foot.
    let (first, last) = (room.top() + big * 0.42, room.bottom() - big * 0.42);
    let down = if rows > 1 { ((last - first) / (rows - 1) as f32).min(down) } else { 0.0 };
    let first = room.center().y - down * (rows - 1) as f32 * 0.5;
    (0..n)
        .zip(one_by_one(counts))
        .map(|(k, c)| {
            let (row, col) = (k / cols, k % cols);
            let in_row = if row == rows - 1 { n - row * cols } else { cols };
            let x = room.center().x + (col as f32 - (in_row as f32 - 1.0) * 0.5) * across;
            (Pos2::new(x, first + row as f32 * down), big, c)
        })
        .collect()
}

/// A small number from a space's index (the same every frame), for the
/// variety of the patches.
fn jitter(index: usize, k: usize) -> f32 {
    let h = (index as u32).wrapping_mul(2_654_435_761) ^ (k as u32).wrapping_mul(40_503).rotate_left(13);
    let h = h ^ (h >> 15);
    (h.wrapping_mul(2_246_822_519) >> 8) as f32 / (1u32 << 24) as f32
}

/// One space of the meadow: a patch of grass (each a little different),
/// with tufts and its `flowers` (the 1 to 3 flowers it was set up with).
pub fn paint_patch(painter: &Painter, palette: &Palette, rect: Rect, index: usize, flowers: u8) {
    let grass = palette.meadow;
    let dark = mix(grass, palette.meadow_ink, 0.35);
    let tone = mix(grass, if jitter(index, 0) > 0.5 { DAYLIGHT } else { dark }, 0.06 + jitter(index, 1) * 0.06);
    let corner = rect.width() * 0.08;
    // (A lighter upper half, as if lit from a window, read as a band
    // drawn by mistake: review 5.)
    painter.rect_filled(rect, corner, tone);
    // Tufts of grass.
    let blade = Stroke::new((rect.width() * 0.012).clamp(0.8, 1.6), mix(tone, palette.meadow_ink, 0.3));
    for k in 0..9 {
        let x = rect.left() + rect.width() * (0.08 + 0.84 * jitter(index, 10 + k));
        let y = rect.top() + rect.height() * (0.2 + 0.74 * jitter(index, 30 + k));
        let h = rect.height() * 0.06;
        let foot = Pos2::new(x, y);
        painter.line_segment([foot, foot + Vec2::new(-h * 0.35, -h)], blade);
        painter.line_segment([foot, foot + Vec2::new(0.0, -h * 1.2)], blade);
        painter.line_segment([foot, foot + Vec2::new(h * 0.4, -h * 0.9)], blade);
    }
    // Its flowers, along the bottom edge (the butterflies take the middle).
    let petals = PETALS;
    let r = rect.width() * 0.045;
    for f in 0..usize::from(flowers) {
        let x = rect.left() + rect.width() * (0.32 + 0.2 * f as f32 + 0.06 * jitter(index, 50 + f));
        let y = rect.bottom() - rect.height() * (0.09 + 0.05 * jitter(index, 60 + f));
        let at = Pos2::new(x, y);
        let petal = petals[(index + f) % petals.len()];
        for p in 0..5 {
            let a = p as f32 / 5.0 * std::f32::consts::TAU + jitter(index, 70 + f);
            painter.circle_filled(at + Vec2::angled(a) * r, r * 0.75, petal);
        }
        painter.circle_filled(at, r * 0.55, FLOWER_HEART);
    }
}

/// Paints one crystal as a cut gem: a white one round with facets (worth
/// 2), a black one six-sided (worth 1), both rimmed so they show on either
/// theme's card.
pub fn paint_crystal(painter: &Painter, palette: &Palette, centre: Pos2, r: f32, c: Crystal) {
    let rim = Stroke::new((r * 0.15).clamp(0.8, 1.4), palette.crystal_rim);
    let (fill, corners) = match c {
        Crystal::White => (palette.crystal_white, 8),
        Crystal::Black => (palette.crystal_black, 6),
    };
    let at = |k: usize, scale: f32| {
        let a = k as f32 / corners as f32 * std::f32::consts::TAU - std::f32::consts::FRAC_PI_2;
        centre + Vec2::angled(a) * r * scale
    };
    // On a small base of the card's face, so a white crystal reads on
    // the light theme's card; a black one's base is pale on the dark
    // theme's dark card (it vanished there: review 5).
    let base = if c == Crystal::Black && crate::ui::theme::luminance(palette.card_face) < 0.2 {
        mix(palette.card_face, DAYLIGHT, 0.62)
    } else {
        palette.card_face
    };
    painter.circle(centre + Vec2::new(0.0, r * 0.1), r * 1.22, base, Stroke::new(0.6, palette.crystal_rim));
    let outline: Vec<Pos2> = (0..corners).map(|k| at(k, 1.0)).collect();
    painter.add(Shape::convex_polygon(outline, fill, rim));
    // The table: a smaller facet in the middle, joined to the corners.
    let facet = mix(fill, if c == Crystal::Black { DAYLIGHT } else { palette.crystal_rim }, 0.35);
    let inner: Vec<Pos2> = (0..corners).map(|k| at(k, 0.5)).collect();
    let thin = Stroke::new((r * 0.08).clamp(0.5, 1.0), facet);
    for (k, &corner) in inner.iter().enumerate() {
        painter.line_segment([corner, at(k, 1.0)], thin);
    }
    painter.add(Shape::closed_line(inner, thin));
    // A glint.
    painter.circle_filled(centre + Vec2::new(-r * 0.3, -r * 0.35), r * 0.14, GLINT);
}

/// The last finished dispersion, read from the `actions` taken so far and
/// their `log`: who made it and its spaces, the emptied one first (empty
/// when no turn has been played). What the computer (or a friend) just
/// did stays on the meadow until the next turn's first pick.
#[must_use]
pub fn last_turn(actions: &[Action], log: &[LogEntry]) -> Option<(Seat, Vec<Square>)> {
    let mut spaces = Vec::new();
    for (i, a) in actions.iter().enumerate().rev() {
        match a {
            Action::Drop { to, .. } => spaces.push(*to),
            Action::Pick(s) => {
                spaces.push(*s);
                spaces.reverse();
                return log.get(i).and_then(|e| e.seat).map(|seat| (seat, spaces));
            }
            Action::Claim(_) => {}
        }
    }
    None
}

/// A turn's way over the meadow (`rects`, its spaces, the emptied one
/// first) in the seat's `colour`, drawn without a line across the
/// butterflies: the emptied space marked with a diamond, an arrowhead on
/// each edge the way crosses, and the space of its last drop numbered
/// with the drops made, on a tag in its top-left corner (the count is in
/// the top-right). Every space a butterfly was laid on is numbered in
/// turn only while the pointer is on the way (`pointed`): up to eight
/// tags over the meadow read as marks on the butterflies (review 4).
pub fn paint_way(painter: &Painter, palette: &Palette, rects: &[Rect], colour: Color32, pointed: bool) {
    let Some(first) = rects.first() else { return };
    let r = count_radius(first.width());
    for w in rects.windows(2) {
        let (a, b) = (w[0].center(), w[1].center());
        arrowhead(painter, palette, a + (b - a) * 0.5, (b - a).normalized(), r * 1.15, colour);
    }
    let numbered = numbered_steps(rects.len(), pointed);
    let flagged = end_flag(rects.len(), pointed);
    for (k, rect) in rects.iter().enumerate() {
        if k > 0 && !numbered.contains(&k) && flagged != Some(k) {
            continue;
        }
        // A space the way comes back to: its tags side by side.
        let before = if pointed {
            rects[..k].iter().filter(|&q| q == rect).count()
        } else {
            usize::from(k > 0 && rects[0] == *rect)
        };
        let at = step_at(*rect, before);
        if k == 0 {
            let (at, d) = start_at(at, r);
            start_mark(painter, palette, at, d, colour);
        } else if flagged == Some(k) {
            end_mark(painter, palette, at, r, colour);
        } else {
            step_tag(painter, palette, at, r, colour, &k.to_string());
        }
    }
}

/// Which drops of a way of `spaces` spaces (the emptied one first) carry
/// their number: all of them while `pointed` at, else none (the last
/// drop's number by the space's count read as a doubled count, "4 4":
/// review 7).
#[must_use]
pub fn numbered_steps(spaces: usize, pointed: bool) -> std::ops::Range<usize> {
    if pointed { 1..spaces } else { 1..1 }
}

/// Which drop of a way of `spaces` spaces carries the flag that ends it:
/// the last, while the way is not pointed at (then it is numbered).
#[must_use]
pub fn end_flag(spaces: usize, pointed: bool) -> Option<usize> {
    (!pointed && spaces > 1).then(|| spaces - 1)
}

/// Where a way ended: a pennant on a pole in its colour, a mark no count
/// is mistaken for.
fn end_mark(painter: &Painter, palette: &Palette, at: Pos2, r: f32, colour: Color32) {
    let (foot, top) = (at + Vec2::new(-r * 0.55, r * 1.0), at + Vec2::new(-r * 0.55, -r * 1.0));
    let pennant = vec![top, top + Vec2::new(r * 1.5, r * 0.5), top + Vec2::new(0.0, r * 1.0)];
    let shadow: Vec<Pos2> = pennant.iter().map(|&p| p + Vec2::new(1.0, 2.0)).collect();
    painter.add(Shape::convex_polygon(shadow, palette.table.shadow, Stroke::NONE));
    painter.line_segment([foot, top], Stroke::new(2.0, palette.butterfly_ink));
    painter.add(Shape::convex_polygon(pennant, colour, Stroke::new(1.5, palette.butterfly_ink)));
}

/// A numbered step of a way: a square tag rimmed in ink, not a disc, so
/// it is never read as a space's round butterfly count (both white for
/// the first seat).
fn step_tag(painter: &Painter, palette: &Palette, at: Pos2, r: f32, colour: Color32, label: &str) {
    let rect = Rect::from_center_size(at, Vec2::splat(r * 1.9));
    let round = egui::CornerRadius::same((r * 0.3) as u8);
    painter.rect_filled(rect.translate(Vec2::new(1.0, 2.0)), round, palette.table.shadow);
    painter.rect(rect, round, colour, Stroke::new(2.0, palette.butterfly_ink), egui::StrokeKind::Inside);
    let font = crate::ui::look::display(painter.ctx(), r * 1.15);
    painter.text(at, egui::Align2::CENTER_CENTER, label, font, palette.text_on(colour));
}

/// Where a way's token sits in a space's `rect`, after `before` tokens
/// of the same way there: in the top-left corner, side by side.
#[must_use]
pub fn step_at(rect: Rect, before: usize) -> Pos2 {
    let r = count_radius(rect.width());
    rect.left_top() + Vec2::new(r + 3.0 + before as f32 * (2.0 * r + 2.0), r + 3.0)
}

/// Where a way's diamond stands for a token at `at` of radius `r`: its
/// centre and half its width, set in from the space's corner (there it
/// touched the next space's count: review 8).
#[must_use]
pub fn start_at(at: Pos2, r: f32) -> (Pos2, f32) {
    (at + Vec2::splat(r * 0.6), r * 1.15)
}

/// Where a way began: a diamond in its colour, `d` from its centre to
/// each point.
fn start_mark(painter: &Painter, palette: &Palette, at: Pos2, d: f32, colour: Color32) {
    let pts = |d: f32, c: Pos2| {
        vec![c + Vec2::new(0.0, -d), c + Vec2::new(d, 0.0), c + Vec2::new(0.0, d), c + Vec2::new(-d, 0.0)]
    };
    painter.add(Shape::convex_polygon(pts(d, at + Vec2::new(1.0, 2.0)), palette.table.shadow, Stroke::NONE));
    painter.add(Shape::convex_polygon(pts(d, at), colour, Stroke::new(1.5, palette.butterfly_ink)));
    painter.add(Shape::convex_polygon(pts(d * 0.4, at), palette.butterfly_ink.gamma_multiply(0.55), Stroke::NONE));
}

/// An arrowhead `size` long at `mid` pointing `along`, rimmed in ink so
/// it shows on grass and soil in either theme.
fn arrowhead(painter: &Painter, palette: &Palette, mid: Pos2, along: Vec2, size: f32, colour: Color32) {
    let wing = along.rot90() * size * 0.55;
    let (tip, back) = (mid + along * size * 0.55, mid - along * size * 0.45);
    let head = vec![tip, back + wing, back + along * size * 0.12, back - wing];
    // (Not convex: its notch drawn as two triangles.)
    let ink = Stroke::new(1.4, palette.butterfly_ink);
    painter.add(Shape::closed_line(head.clone(), Stroke::new(3.0, palette.butterfly_ink)));
    for half in [[head[0], head[1], head[2]], [head[0], head[2], head[3]]] {
        painter.add(Shape::convex_polygon(half.to_vec(), colour, Stroke::NONE));
    }
    painter.add(Shape::closed_line(head, ink));
}

/// The key to a way drawn on the meadow: whose way it is (`words`), then
/// its diamond, arrowhead and flag in the seat's `colour`, each with its
/// meaning beside it (bare, they read as a player's replay buttons:
/// review 9, 10).
pub fn way_legend(ui: &mut egui::Ui, palette: &Palette, colour: Color32, words: &str) {
    ui.horizontal(|ui| {
        ui.label(egui::RichText::new(format!("{words}:")).strong());
        let small = |text: &str| egui::RichText::new(text).size(12.0).color(palette.table.faint);
        let key = |ui: &mut egui::Ui, paint: &dyn Fn(&egui::Painter, Pos2), text: &str| {
            let (rect, _) = ui.allocate_exact_size(Vec2::new(18.0, 20.0), egui::Sense::hover());
            paint(ui.painter(), rect.center());
            ui.label(small(text)).on_hover_text("Point at the way on the meadow to number every drop.");
        };
        key(ui, &|p, at| start_mark(p, palette, at, 8.0, colour), "emptied");
        key(ui, &|p, at| arrowhead(p, palette, at, Vec2::X, 9.0, colour), "the way");
        key(ui, &|p, at| end_mark(p, palette, at, 7.0, colour), "last drop");
    });
}

/// The line under the hand: how to drop the butterflies (`human` to
/// drop them), short in a `compact` window (the long form was cut at
/// 800x600, "Ctrl+Z take…"), with the `undo` keys.
#[must_use]
pub fn tray_words(human: bool, compact: bool, undo: &str) -> String {
    if human && compact {
        format!("Drag or click a butterfly, then a lit space. {undo} undoes a drop.")
    } else if human {
        format!("Drag a butterfly onto a lit space (or click it, then the space). {undo} takes back one drop.")
    } else {
        "They are laid one a space, along a path from the space they came from.".to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::{arrange, count_radius, end_flag, lay_out, numbered_steps, start_at, step_at};
    use crate::rules::dust_wings::Colour;
    use egui::{Rect, pos2, vec2};

    #[test]
    fn any_number_of_butterflies_stays_inside_its_space() {
        let rect = Rect::from_min_size(pos2(10.0, 20.0), vec2(80.0, 80.0));
        for n in 1..=48 {
            let (centres, size) = arrange(rect, n);
            assert_eq!(centres.len(), n);
            for c in &centres {
                let body = Rect::from_center_size(*c, vec2(size, size));
                assert!(rect.contains_rect(body), "{n} butterflies: one at {c:?} (size {size}) spills out");
            }
            for (i, a) in centres.iter().enumerate() {
                for b in &centres[i + 1..] {
                    assert!(a.distance(*b) >= size * 0.99, "{n} butterflies: two overlap");
                }
            }
        }
    }

    /// Review 4: seven butterflies on a space lay in a grid of three rows,
    /// small. Their rows close up instead: each butterfly is a third
    /// larger than in that grid, inside the space, clear of its count,
    /// every one of them drawn in its colour.
    #[test]
    fn a_crowded_space_closes_its_rows_and_keeps_the_butterflies_large() {
        for side in [48.0, 80.0, 140.0] {
            let rect = Rect::from_min_size(pos2(0.0, 0.0), vec2(side, side));
            let r = count_radius(side);
            let token = Rect::from_center_size(rect.right_top() + vec2(-r - 3.0, r + 3.0), vec2(2.0 * r, 2.0 * r));
            for counts in [[3, 3, 1], [7, 0, 0], [1, 1, 5], [3, 3, 3], [4, 4, 4], [0, 6, 2]] {
                let n: usize = counts.iter().map(|&k| usize::from(k)).sum();
                let (_, grid) = arrange(rect, n);
                let wings = lay_out(rect, counts);
                assert_eq!(wings.len(), n, "{counts:?}: every butterfly drawn");
                for c in Colour::ALL {
                    let drawn = wings.iter().filter(|w| w.2 == c).count();
                    assert_eq!(drawn, usize::from(counts[c as usize]), "{counts:?}: the {c:?} ones");
                }
                for &(at, size, _) in &wings {
                    assert!(rect.contains_rect(Rect::from_center_size(at, vec2(size, size))), "{counts:?}: spills");
                    // Up to nine gain a third; twelve sit four across in a
                    // square, so they gain only what the rows give.
                    let gain = if n <= 9 { 1.3 } else { 1.04 };
                    assert!(size >= grid * gain, "{counts:?} in {side}: {size}, against {grid} in a grid");
                    let body = Rect::from_center_size(at, vec2(size, size) * 0.8);
                    assert!(!body.intersects(token), "{counts:?}: under the count");
                }
            }
            // Six or fewer keep their separate places.
            assert_eq!(lay_out(rect, [2, 2, 2]).iter().map(|w| w.0).collect::<Vec<_>>(), arrange(rect, 6).0);
        }
    }

    /// Review 4: a way's eight numbered tags read as marks over the
    /// butterflies. Only the last drop is numbered, every drop while the
    /// pointer is on the way.
    #[test]
    fn no_drop_is_numbered_until_the_way_is_pointed_at_and_the_last_carries_a_flag() {
        assert_eq!(numbered_steps(5, false).count(), 0, "no number beside a space's count");
        assert_eq!(end_flag(5, false), Some(4));
        assert_eq!(end_flag(5, true), None, "pointed at: numbered instead");
        assert_eq!(end_flag(1, false), None);
        assert_eq!(numbered_steps(5, true).collect::<Vec<_>>(), vec![1, 2, 3, 4]);
        // A pick with no drop yet: the diamond alone.
        assert_eq!(numbered_steps(1, false).count(), 0);
        assert_eq!(numbered_steps(1, true).count(), 0);
    }

    /// Found at 800 x 600: the count's token covered the top-right
    /// butterfly of a crowded space, so its colour could not be told.
    #[test]
    fn no_butterfly_lies_under_the_count_even_in_a_small_meadow() {
        for side in [48.0, 60.0, 80.0, 120.0] {
            let rect = Rect::from_min_size(pos2(0.0, 0.0), vec2(side, side));
            let r = count_radius(side);
            let token = Rect::from_center_size(rect.right_top() + vec2(-r - 3.0, r + 3.0), vec2(2.0 * r, 2.0 * r));
            for n in 1..=12 {
                let (centres, size) = arrange(rect, n);
                for c in centres {
                    let body = Rect::from_center_size(c, vec2(size * 0.8, size * 0.8));
                    assert!(!body.intersects(token), "{n} in a {side} space: one at {c:?} under the count {token:?}");
                }
            }
        }
    }

    /// The way drawn on the meadow (a dashed line before) crossed the
    /// butterflies' wings: its tokens sit in the top corner, clear of
    /// them, as the count does, however crowded the space.
    #[test]
    fn the_way_s_tokens_leave_every_butterfly_in_view() {
        for side in [48.0, 60.0, 80.0, 120.0] {
            let rect = Rect::from_min_size(pos2(0.0, 0.0), vec2(side, side));
            let r = count_radius(side);
            for before in 0..2 {
                let at = step_at(rect, before);
                let token = Rect::from_center_size(at, vec2(2.0 * r, 2.0 * r));
                assert!(rect.contains_rect(token), "the token stays in its {side} space");
                for n in 1..=12 {
                    let (centres, size) = arrange(rect, n);
                    for c in centres {
                        let body = Rect::from_center_size(c, vec2(size * 0.8, size * 0.8));
                        assert!(!body.intersects(token), "{n} in a {side} space: one at {c:?} under the way's token");
                    }
                }
            }
        }
    }

    /// Review 8: the diamond where a way began sat on its space's corner,
    /// touching the count of the space beside. It keeps clear of the
    /// space's edges, at every size of meadow.
    #[test]
    fn the_start_diamond_keeps_clear_of_its_space_s_edges() {
        for cell in [40.0_f32, 60.0, 80.0, 100.0, 130.0] {
            let rect = Rect::from_min_size(pos2(0.0, 0.0), vec2(cell, cell));
            let r = count_radius(cell);
            let (at, d) = start_at(step_at(rect, 0), r);
            assert!(
                at.x - d >= 4.0 && at.y - d >= 4.0,
                "the diamond at {at:?} ({d}) reaches the edge of a {cell} space"
            );
        }
    }
}
