//! Painters the battlefield shares: a bird on its base, a flight with its
//! templates and crossings, and the geometry helpers behind them.

#![allow(
    clippy::many_single_char_names,
    clippy::similar_names,
    clippy::unused_self,
    reason = "drawing code reads best with the usual short names (p, r, f, u), and the view's helpers stay methods"
)]

use egui::{Align2, Color32, FontId, Pos2, Rect, Stroke, StrokeKind, Vec2};

use super::figures::{Species, Wings, paint_bird_figure, paint_pilot, paint_rodent, paint_rodent_on_base};
use super::words::capitalise;
use super::{Board, Ghost, SkirmishView};
use crate::rules::tail_feathers::components::{Alliance, BIRDS, CLOSE_RANGE, RANGED_RANGE};
use crate::rules::tail_feathers::game::{
    Action, Crossing, Fig, FlightEnding, FlightOutcome, FlightPlan, Phase, Place, Spiral, TailFeathers, Target,
    UNIT_DEFS, field, figure_name, seat_of, side_name, space_name, unit_of,
};
use crate::rules::tail_feathers::geometry::{BASE_RADIUS, Pose, Shape, V2, pose_after};
use crate::rules::{Game, Seat};
use crate::ui::theme::{Forest, Palette};

impl SkirmishView {
    /// A figure being dragged, drawn lifted under the pointer as a hand
    /// holds it: a bird over a spot where one of its flights ends is drawn
    /// there, as it would land; a mouse or a rat follows the pointer with
    /// its shadow further below it.
    #[allow(clippy::too_many_arguments, reason = "painting a figure needs the position, the board and its colours")]
    pub(super) fn paint_lifted(
        &self,
        painter: &egui::Painter,
        (colours, palette): (&Forest, &Palette),
        state: &TailFeathers,
        f: Fig,
        p: Pos2,
        board: Board,
        plans: &[Ghost],
    ) {
        if let Some(b) = state.bird(f) {
            let flying = state.active_unit().map(|u| UNIT_DEFS[u].first) == Some(f);
            let (at, facing) = match nearest_ghost(plans, board, p).filter(|_| flying) {
                Some(g) => {
                    self.paint_flight(painter, colours, &g.plan, &g.outcome, board, None);
                    (g.outcome.at.at, g.outcome.at.heading.unit())
                }
                None => (board.to_table(p), b.pose.heading.unit()),
            };
            self.paint_bird(painter, colours, palette, state, f, at, facing, true, board);
            return;
        }
        let side_ = UNIT_DEFS[unit_of(f)].side;
        let r = (board.scale * 0.72).clamp(7.0, 22.0);
        super::forest::shadow_disc(painter, colours, p + Vec2::splat(r * 0.4), r);
        let facing = if side_ == Alliance::Mice { Vec2::new(0.0, -1.0) } else { Vec2::new(0.0, 1.0) };
        let base = (side_colour(colours, side_), Stroke::new(1.0, colours.ink));
        paint_rodent_on_base(painter, p, r, base, colours.bark, facing, side_ == Alliance::Rats, colours.die);
        painter.circle_stroke(p, r + 3.0, Stroke::new(2.5, palette.selection));
    }

    #[allow(clippy::too_many_arguments, reason = "painting a bird needs its pose, the board and its colours")]
    pub(super) fn paint_bird(
        &self,
        painter: &egui::Painter,
        colours: &Forest,
        palette: &Palette,
        state: &TailFeathers,
        f: Fig,
        at: V2,
        facing: V2,
        gliding: bool,
        board: Board,
    ) {
        let Some(b) = state.bird(f) else { return };
        let side_ = UNIT_DEFS[unit_of(f)].side;
        let p = board.to_screen(at);
        let r = BASE_RADIUS as f32 * board.scale;
        let fill = side_colour(colours, side_);
        // A bird gliding along its flight is drawn in the air until it lands.
        let perched = matches!(state.figure(f).place, Place::Space(_)) && !gliding;
        // A flying bird's shadow falls further from it.
        let lift = if perched && !b.launching { 0.0 } else { r * 0.35 };
        super::forest::shadow_disc(painter, colours, p + Vec2::splat(lift), r);
        // The round base in the side's colour, a notch at its front, the
        // tilt as a bar on the rim on the side the bird leans (level: a
        // bar across the front), and the bird itself on it.
        painter.circle(p, r, fill, Stroke::new(1.5, colours.ink));
        let fwd = Vec2::new(facing.x as f32, -facing.y as f32).normalized();
        let right = Vec2::new(-fwd.y, fwd.x);
        let notch = [p + fwd * (r + 1.0), p + fwd * (r - 5.0) + right * 4.0, p + fwd * (r - 5.0) - right * 4.0];
        painter.add(egui::Shape::convex_polygon(notch.to_vec(), colours.ink, Stroke::NONE));
        let flying = !perched || b.launching;
        let bank = match b.tilt {
            crate::rules::tail_feathers::geometry::Tilt::Left => -1.0,
            crate::rules::tail_feathers::geometry::Tilt::Centre => 0.0,
            crate::rules::tail_feathers::geometry::Tilt::Right => 1.0,
        };
        if flying {
            let mid = if bank == 0.0 { fwd } else { right * bank };
            let pts: Vec<Pos2> = (0..=8)
                .map(|k| {
                    let a = (k as f32 / 8.0 - 0.5) * 0.9;
                    let dir = mid * a.cos() + Vec2::new(-mid.y, mid.x) * a.sin();
                    p + dir * (r - 2.5)
                })
                .collect();
            painter.add(egui::Shape::line(pts, Stroke::new(3.5, colours.ink)));
        }
        let name = BIRDS[UNIT_DEFS[unit_of(f)].bird.map_or(0, |x| x.0)].name;
        let wings = if flying { Wings::Spread { bank } } else { Wings::Folded };
        let art = art_radius(r);
        paint_bird_figure(painter, p, fwd, art, Species::of(name), wings, colours.die);
        paint_pilot(painter, p, fwd, art, Species::of(name), (side_ == Alliance::Rats, fill), colours.die);
        // Wounds as a red arc round the base (its share of the bird's
        // life), the rattled pilot as a small "!" badge on the rim, and a
        // passenger riding at the back of the base: all on the base, so
        // nothing covers the spaces around it.
        let fig = state.figure(f);
        let life = f32::from(state.life(unit_of(f)).max(1));
        if fig.wounds > 0 {
            let share = (f32::from(fig.wounds) / life).min(1.0);
            let steps = 24;
            let pts: Vec<Pos2> = (0..=steps)
                .map(|k| {
                    let a = std::f32::consts::FRAC_PI_2 - share * std::f32::consts::TAU * k as f32 / steps as f32;
                    p + Vec2::new(a.cos(), -a.sin()) * (r + 1.5)
                })
                .collect();
            painter.add(egui::Shape::line(pts, Stroke::new(3.0, palette.illegal.to_opaque())));
        }
        if b.rattled {
            let at = p + Vec2::new(-r * 0.72, -r * 0.72);
            painter.circle(at, 5.5, colours.ink, Stroke::new(1.0, colours.floor));
            painter.text(at, Align2::CENTER_CENTER, "!", FontId::proportional(9.0), colours.floor);
        }
        if let Some(rider) = b.passenger {
            let back = p - fwd * r * 0.55;
            let rider_side = UNIT_DEFS[unit_of(rider)].side;
            let rr = (r * 0.3).max(4.0);
            painter.circle(back, rr, side_colour(colours, rider_side), Stroke::new(1.5, colours.floor));
            paint_rodent(painter, back, fwd, rr, rider_side == Alliance::Rats, colours.die);
        }
        if fig.on_fire {
            painter.circle_stroke(p, r + 2.5, Stroke::new(2.5, colours.fire));
        }
        if b.launching {
            painter.circle_stroke(p, r + 1.5, Stroke::new(1.0, colours.ink));
        }
        // The bird chosen, being activated, or to tilt or launch now.
        if self.selected == Some(f)
            || state.active_unit().map(|u| UNIT_DEFS[u].first) == Some(f)
            || tilting_bird(state).map(|x| x.1) == Some(f)
        {
            painter.circle_stroke(p, r + 3.5, Stroke::new(2.5, palette.selection));
        }
    }

    pub(super) fn paint_flight(
        &self,
        painter: &egui::Painter,
        colours: &Forest,
        plan: &FlightPlan,
        outcome: &FlightOutcome,
        board: Board,
        at: Option<Crossing>,
    ) {
        // The templates the bird flies, then, faded, those it will not (a
        // trunk or a flying base stops it first).
        let mut start = 0.0;
        for (i, t) in plan.laid.iter().enumerate() {
            let pts: Vec<Pos2> = t.polygon().0.iter().map(|&v| board.to_screen(v)).collect();
            if i < plan.kept && start < outcome.flown - 1e-6 {
                painter.add(egui::Shape::convex_polygon(pts, colours.template, Stroke::new(1.0, colours.ink)));
            } else {
                painter.add(egui::Shape::convex_polygon(
                    pts,
                    colours.template.gamma_multiply(0.25),
                    Stroke::new(1.0, colours.cut.gamma_multiply(0.6)),
                ));
            }
            start += t.length.inches();
        }
        let end = board.to_screen(outcome.at.at);
        if let FlightEnding::Crashes(_) | FlightEnding::Off = outcome.ending {
            // A burst where it ends, and what happens there.
            let r = BASE_RADIUS as f32 * board.scale;
            let s = Stroke::new(2.5, colours.cut);
            painter.line_segment([end - Vec2::splat(r * 0.5), end + Vec2::splat(r * 0.5)], s);
            painter.line_segment([end + Vec2::new(-r * 0.5, r * 0.5), end + Vec2::new(r * 0.5, -r * 0.5)], s);
            let (at, words) = ending_tag(outcome, board);
            plated_text(painter, at, Align2::CENTER_BOTTOM, &words, colours.cut, colours.floor);
        } else if let FlightEnding::Spiral(e) = outcome.ending {
            // The template it would lay against the enemy, and what starts.
            if let Some(enemy) = self.state().bird(e) {
                let anchor = Pose { at: enemy.pose.at, heading: outcome.at.heading.reversed() };
                let pts: Vec<Pos2> = Spiral::template_at(anchor).0.iter().map(|&v| board.to_screen(v)).collect();
                painter.add(egui::Shape::convex_polygon(
                    pts,
                    colours.spiral[0].gamma_multiply(0.55),
                    Stroke::new(1.5, colours.spiral[1]),
                ));
            }
            let r = BASE_RADIUS as f32 * board.scale;
            plated_text(
                painter,
                end + Vec2::new(0.0, -r - 4.0),
                Align2::CENTER_BOTTOM,
                &capitalise(&outcome.words()),
                colours.spiral[0],
                colours.floor,
            );
        } else if plan.kept < plan.laid.len() {
            let cut = board.to_screen(plan.end.at);
            let why = match plan.ended_on {
                Some(f) => format!("cut short: would end on {}", figure_name(f)),
                None => "cut short".into(),
            };
            // On a plate, on the far side of the cut from the figure it
            // would end on (written over that figure, it was lost under it).
            let r = BASE_RADIUS as f32 * board.scale;
            let other = plan.ended_on.and_then(|f| shape_of(self.state(), f)).map(|v| board.to_screen(v));
            let (at, align) = match other {
                Some(o) if o.y < cut.y => (cut + Vec2::new(0.0, r + 4.0), Align2::CENTER_TOP),
                _ => (cut + Vec2::new(0.0, -r - 4.0), Align2::CENTER_BOTTOM),
            };
            plated_text(painter, at, align, &why, colours.cut, colours.floor);
        }
        let state = self.state();
        let mut n = 0;
        for &(d, c) in &plan.crossings {
            if matches!(c, Crossing::Maneuver(_)) || d > outcome.flown + 1e-6 {
                continue;
            }
            n += 1;
            let p = board.to_screen(crossing_point(state, plan, c));
            let current = at == Some(c);
            painter.circle_filled(
                p,
                if current { 9.0 } else { 7.0 },
                if current { colours.crossing_now } else { colours.crossing },
            );
            painter.text(p, Align2::CENTER_CENTER, n.to_string(), FontId::proportional(10.0), colours.crossing_ink);
        }
        painter.circle_stroke(end, BASE_RADIUS as f32 * board.scale, Stroke::new(1.5, colours.ink));
    }
}

/// True when the decision now is one the other player may not see.
pub(super) fn secret_decision(state: &TailFeathers) -> bool {
    // Mission cards, bids, the hand picked at setup and the attack
    // window's answer (TF-R27).
    state
        .legal_actions()
        .iter()
        .any(|a| matches!(a, Action::Mission(_) | Action::Bid(_) | Action::Pick(_) | Action::NoCard))
}

pub(super) fn tilting_bird(state: &TailFeathers) -> Option<(Seat, Fig)> {
    if state.phase() != Phase::Tilt {
        return None;
    }
    state.legal_actions().iter().find_map(|a| match a {
        Action::Stay(f) | Action::Launch { bird: f, .. } | Action::Tilt { bird: f, .. } => {
            Some((seat_of(UNIT_DEFS[unit_of(*f)].side), *f))
        }
        _ => None,
    })
}

/// The ring under `p`, if any: the nearest, and among rings at one place
/// (flights stopped by the same trunk) the flight that gets there with
/// the fewest templates.
pub(super) fn nearest_ghost(ghosts: &[Ghost], board: Board, p: Pos2) -> Option<&Ghost> {
    let reach = BASE_RADIUS as f32 * board.scale * 0.7;
    let d = |g: &Ghost| g.ring(board).distance(p);
    ghosts.iter().filter(|g| d(g) < reach).min_by(|a, b| {
        (d(a) * 4.0).round().total_cmp(&(d(b) * 4.0).round()).then(a.plan.laid.len().cmp(&b.plan.laid.len()))
    })
}

/// The ring nearest `p` wherever it is (to say how far a drop missed).
pub(super) fn closest_ghost(ghosts: &[Ghost], board: Board, p: Pos2) -> Option<&Ghost> {
    let d = |g: &Ghost| g.ring(board).distance(p);
    ghosts.iter().min_by(|a, b| d(a).total_cmp(&d(b)))
}

/// The figures `side` sent on its mission, small on their bases along
/// the foot of its mission card `card` (they left the board and showed
/// nowhere); where each stands.
pub(super) fn paint_mission_box(
    painter: &egui::Painter,
    colours: &Forest,
    state: &TailFeathers,
    side: Alliance,
    card: Rect,
) -> Vec<(Fig, Pos2, f32)> {
    let sent = state.mission_box(side);
    let mut at_ = Vec::new();
    let r = (card.width() * 0.22).clamp(4.0, 9.0);
    // In rows as wide as the card, from its foot up (five in one row ran
    // off a small card's sides onto the table).
    let per_row = ((card.width() / (r * 1.6)).floor() as usize).clamp(1, sent.len().max(1));
    for (k, &f) in sent.iter().enumerate() {
        let (row, col) = (k / per_row, k % per_row);
        let in_row = (sent.len() - row * per_row).min(per_row);
        let across = in_row.saturating_sub(1) as f32 * r * 1.6;
        let at = Pos2::new(card.center().x - across / 2.0 + col as f32 * r * 1.6, card.bottom() - row as f32 * r * 1.7);
        super::forest::shadow_disc(painter, colours, at, r);
        let fwd = if side == Alliance::Mice { Vec2::new(0.0, -1.0) } else { Vec2::new(0.0, 1.0) };
        let base = (side_colour(colours, side), Stroke::new(1.0, colours.ink));
        match UNIT_DEFS[unit_of(f)].bird {
            Some(b) => {
                painter.circle(at, r, base.0, base.1);
                let species = Species::of(BIRDS[b.0].name);
                paint_bird_figure(painter, at, fwd, r, species, Wings::Folded, colours.die);
                paint_pilot(painter, at, fwd, r, species, (side == Alliance::Rats, base.0), colours.die);
            }
            None => paint_rodent_on_base(painter, at, r, base, colours.bark, fwd, side == Alliance::Rats, colours.die),
        }
        at_.push((f, at, r));
    }
    at_
}

/// The ring round a figure a button in the side panel names: wide, in the
/// selection's colour, with a glow, so it is found at a glance.
pub(super) fn named_ring(painter: &egui::Painter, palette: &Palette, p: Pos2, r: f32) {
    painter.circle_stroke(p, r + 7.0, Stroke::new(6.0, palette.selection.gamma_multiply(0.35)));
    painter.circle_stroke(p, r + 5.0, Stroke::new(2.5, palette.selection));
}

/// A side's colour on the table: its figures' bases, its tags and cards.
pub(super) fn side_colour(c: &Forest, side: Alliance) -> Color32 {
    match side {
        Alliance::Mice => c.mice_base,
        Alliance::Rats => c.rats_base,
    }
}

pub(super) fn shape_of(state: &TailFeathers, f: Fig) -> Option<V2> {
    state.shape(f).map(|s| crate::rules::tail_feathers::geometry::centre(&s))
}

/// What stands between two figures on the line joining them: the rules'
/// obstacles to clear sight that the line passes through (the range
/// finder shows them).
pub(super) fn blockers(state: &TailFeathers, a: Fig, b: Fig, pa: V2, pb: V2) -> Vec<Shape> {
    let mut out = state.obstacles(Some(a), Some(b));
    out.retain(|o| crate::rules::tail_feathers::geometry::blocks(o, pa, pb));
    out
}

/// Close, ranged or out of range.
#[must_use]
pub fn range_band(d: f64) -> &'static str {
    if d <= CLOSE_RANGE {
        "close range"
    } else if d <= RANGED_RANGE {
        "ranged range"
    } else {
        "out of range"
    }
}

/// Where a crossing sits on the board (for its number and its prompt).
/// Where the bird `f` stands while its flight is walked and a crossing
/// waits for a decision: on its path where it meets the crossing, facing
/// along the template there (it stayed at its start, and a player took
/// the question about the tree it was leaving for one about a tree ahead).
pub(super) fn walked_pose(state: &TailFeathers, f: Fig) -> Option<(V2, V2)> {
    if state.active_unit().map(|u| UNIT_DEFS[u].first) != Some(f) {
        return None;
    }
    let (plan, Some(_)) = state.walking()? else { return None };
    let next = plan.crossings.len().checked_sub(1 + state.crossings_after())?;
    let mut left = plan.crossings.get(next)?.0;
    for l in &plan.laid[..plan.kept.min(plan.laid.len())] {
        let length = l.length.inches();
        if left <= length {
            return Some((l.from.plus(l.heading.unit().scale(left)), l.heading.unit()));
        }
        left -= length;
    }
    Some((plan.end.at, plan.end.heading.unit()))
}

pub(super) fn crossing_point(state: &TailFeathers, plan: &FlightPlan, c: Crossing) -> V2 {
    match c {
        Crossing::Space(s) => state.space_centre(s),
        Crossing::Mission(m) => state
            .target_shape(Target::Mission(m))
            .map_or(field().axis, |s| crate::rules::tail_feathers::geometry::centre(&s)),
        Crossing::Trunk(t) => {
            crate::rules::tail_feathers::geometry::centre(&Shape::Polygon(field().trees[usize::from(t)].trunk.clone()))
        }
        Crossing::Flyer(f) => state.bird(f).map_or(field().axis, |b| b.pose.at),
        Crossing::Maneuver(i) => pose_after(plan.start, &plan.laid, usize::from(i) + 1).at,
        Crossing::Feather(id) => state.feathers().iter().find(|t| t.id == id).map_or(field().axis, |t| t.at),
    }
}

pub(super) fn crossing_title(c: Crossing) -> String {
    match c {
        Crossing::Space(s) => format!("Crossing {}", space_name(s)),
        Crossing::Mission(m) => format!("Crossing the {} mission", side_name(m).to_lowercase()),
        Crossing::Maneuver(i) => format!("Maneuver point {}", i + 1),
        Crossing::Trunk(_) => "A trunk".into(),
        Crossing::Feather(_) => "A tail feather: removed, the pilot rattled".into(),
        Crossing::Flyer(f) => format!("Crossing {}", figure_name(f)),
    }
}

/// Text on a plate of the table's colour, so it reads over trees and
/// templates.
pub(super) fn plated_text(
    painter: &egui::Painter,
    at: Pos2,
    align: Align2,
    text: &str,
    colour: Color32,
    plate: Color32,
) {
    let galley = painter.layout_no_wrap(text.to_string(), FontId::proportional(12.0), colour);
    let rect = plate_rect(painter, at, align, galley.size());
    // A fine edge in the words' colour: a plate of the floor's own colour
    // did not stand out from it.
    painter.rect(
        rect.expand2(Vec2::new(5.0, 2.0)),
        4.0,
        plate.gamma_multiply(0.92),
        Stroke::new(1.0, colour.gamma_multiply(0.45)),
        egui::StrokeKind::Outside,
    );
    painter.galley(rect.min, galley, colour);
}

/// Where a plate of words of `size` stands at `at`: kept whole on screen
/// (a label by a figure at the window's edge is moved in rather than cut
/// off).
fn plate_rect(painter: &egui::Painter, at: Pos2, align: Align2, size: Vec2) -> Rect {
    keep_inside(align.anchor_size(at, size), painter.clip_rect().shrink2(Vec2::new(5.0, 2.0)))
}

/// The plate that says how a flight ends badly (a crash, or off the
/// battlefield): where it stands (its foot's middle) and its words.
pub(super) fn ending_tag(outcome: &FlightOutcome, board: Board) -> (Pos2, String) {
    let r = BASE_RADIUS as f32 * board.scale;
    (board.to_screen(outcome.at.at) + Vec2::new(0.0, -r - 4.0), capitalise(&outcome.words()))
}

/// The screen area of the plate of a bad flight's ending, if it has one
/// (a pop-up by the flight keeps clear of it).
pub(super) fn ending_tag_rect(painter: &egui::Painter, outcome: &FlightOutcome, board: Board) -> Option<Rect> {
    if !matches!(outcome.ending, FlightEnding::Crashes(_) | FlightEnding::Off) {
        return None;
    }
    let (at, words) = ending_tag(outcome, board);
    // Laid out only to be measured: the colour is never painted.
    let galley = painter.layout_no_wrap(words, FontId::proportional(12.0), Color32::PLACEHOLDER);
    Some(plate_rect(painter, at, Align2::CENTER_BOTTOM, galley.size()).expand2(Vec2::new(5.0, 2.0)))
}

/// `rect` moved (not resized) to lie inside `within`; when it is the
/// larger, its top-left corner stays inside.
pub(super) fn keep_inside(rect: egui::Rect, within: egui::Rect) -> egui::Rect {
    let shift = |lo: f32, hi: f32, min: f32, max: f32| {
        if lo < min {
            min - lo
        } else if hi > max {
            (max - hi).max(min - lo)
        } else {
            0.0
        }
    };
    rect.translate(Vec2::new(
        shift(rect.left(), rect.right(), within.left(), within.right()),
        shift(rect.top(), rect.bottom(), within.top(), within.bottom()),
    ))
}

#[cfg(test)]
mod tests {
    use egui::{Pos2, Rect, Vec2};

    use super::{art_radius, keep_inside};

    /// With the whole battlefield in view a bird's base is about 13
    /// pixels across its radius at the default window and 9 at 800x600:
    /// the bird on it is painted half as large again, and never smaller
    /// as the view comes closer; close up, it is true to its base.
    #[test]
    fn small_birds_are_painted_larger_than_their_bases_and_large_ones_true() {
        assert!(art_radius(13.0) >= 19.0, "{}", art_radius(13.0));
        assert!(art_radius(9.0) >= 13.0, "{}", art_radius(9.0));
        let mut last = 0.0;
        for k in 4..80 {
            let r = k as f32 * 0.5;
            let art = art_radius(r);
            assert!(art >= r && art >= last, "at {r}: {art} after {last}");
            last = art;
        }
        assert!((art_radius(24.0) - 24.0).abs() < 1e-4);
    }

    /// Found in a lesson: the odds by a bird at the battlefield's left
    /// edge ran off the window ("anged: 2 dice v 4 defence").
    #[test]
    fn a_label_at_the_edge_is_moved_in_whole() {
        let window = Rect::from_min_size(Pos2::ZERO, Vec2::new(800.0, 600.0));
        let off_left = Rect::from_min_size(Pos2::new(-60.0, 100.0), Vec2::new(200.0, 30.0));
        let moved = keep_inside(off_left, window);
        assert!(moved.left().abs() < 1e-4, "{moved:?}");
        assert_eq!(moved.size(), off_left.size());
        let off_right_and_bottom = Rect::from_min_size(Pos2::new(700.0, 590.0), Vec2::new(200.0, 30.0));
        let moved = keep_inside(off_right_and_bottom, window);
        assert_eq!((moved.right(), moved.bottom()), (800.0, 600.0));
        let inside = Rect::from_min_size(Pos2::new(10.0, 10.0), Vec2::new(20.0, 20.0));
        assert_eq!(keep_inside(inside, window), inside);
        let too_wide = Rect::from_min_size(Pos2::new(-10.0, 10.0), Vec2::new(900.0, 20.0));
        assert!(keep_inside(too_wide, window).left().abs() < 1e-4);
    }
}

/// A mission card's words laid out a line each (never broken inside a
/// word: a narrow card once read "Rats missio / n"), smaller until they
/// fit `r`.
pub(super) fn card_words(
    painter: &egui::Painter,
    text: &str,
    r: egui::Rect,
    ink: egui::Color32,
) -> std::sync::Arc<egui::Galley> {
    let mut size = 11.0;
    loop {
        let g = painter.layout_no_wrap(text.to_string(), FontId::proportional(size), ink);
        if (g.size().y <= r.height() - 2.0 && g.size().x <= r.width() - 2.0) || size <= 6.0 {
            return g;
        }
        size -= 0.5;
    }
}

#[cfg(test)]
mod figure_size_tests {
    /// Found by new players: a lone mouse or rat in a tree space was a dot
    /// (about 13 points at the default size). It fills most of its space,
    /// still inside it.
    #[test]
    fn a_lone_figure_fills_most_of_its_space() {
        let space = &crate::rules::tail_feathers::game::field().spaces[0];
        let xs = space.outline.0.iter().map(|v| v.x);
        let width = (xs.clone().fold(f64::MIN, f64::max) - xs.fold(f64::MAX, f64::min)) as f32;
        // At 800x600 and at the default window (points per inch).
        for scale in [12.5_f32, 17.9] {
            let d = 2.0 * super::figure_radius(false, 1, scale);
            assert!(d >= 0.75 * width * scale, "{d} across in a space {} across", width * scale);
            assert!(d < width * scale, "{d} across, wider than its space {}", width * scale);
        }
    }
}

#[cfg(test)]
mod card_words_tests {
    use super::card_words;
    use egui::Rect;

    #[test]
    fn a_mission_cards_words_are_never_broken_inside_a_word() {
        let ctx = egui::Context::default();
        let mut out = ctx.run_ui(egui::RawInput::default(), |ui| {
            let painter = ui.painter().clone();
            for width in [24.0, 30.0, 40.0, 60.0] {
                let r = Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(width, 40.0));
                let g = card_words(&painter, "Rats\nmission", r, crate::ui::theme::LIGHT.outline);
                let rows: Vec<String> = g.rows.iter().map(|row| row.text()).collect();
                assert_eq!(rows, ["Rats", "mission"], "a card {width} wide");
            }
        });
        out.textures_delta.clear();
    }
}

/// A ballista seen from above, at `at` (radius `r`): a timber frame on
/// two wheels, its bow drawn across, the bolt along it, on its side's
/// coloured plate, with a notch for each wound.
pub(super) fn paint_ballista(p: &egui::Painter, colours: &Forest, at: Pos2, r: f32, side: Color32, wounds: u8) {
    // A square timber platform with its side's coloured rim, on a shadow.
    let base = Rect::from_center_size(at, Vec2::splat(2.0 * r));
    p.add(
        egui::epaint::RectShape::filled(base.translate(Vec2::new(1.5, 2.5)), 3.0, colours.shadow).with_blur_width(4.0),
    );
    p.rect(base, 3.0, colours.nest, Stroke::new(2.0, side), StrokeKind::Inside);
    for k in 1..4 {
        let y = base.top() + base.height() * k as f32 / 4.0;
        p.line_segment(
            [Pos2::new(base.left() + 2.0, y), Pos2::new(base.right() - 2.0, y)],
            Stroke::new(1.0, colours.bark.gamma_multiply(0.5)),
        );
    }
    let wood = Stroke::new((r * 0.18).max(1.5), colours.trunk);
    // The stock along the bolt, and its cross-beam.
    p.line_segment([at + Vec2::new(0.0, r * 0.8), at + Vec2::new(0.0, -r * 0.7)], wood);
    p.line_segment([at + Vec2::new(-r * 0.5, r * 0.6), at + Vec2::new(r * 0.5, r * 0.6)], wood);
    // The bow, and its string drawn back.
    let arc: Vec<Pos2> = (0..=10)
        .map(|k| {
            let t = std::f32::consts::PI * (0.08 + 0.84 * k as f32 / 10.0);
            at + Vec2::new(-r * 0.85 * t.cos(), -r * 0.15 - r * 0.5 * t.sin())
        })
        .collect();
    let ends = (arc[0], arc[10]);
    p.add(egui::Shape::line(arc, Stroke::new((r * 0.16).max(1.5), colours.bark)));
    let nock = at + Vec2::new(0.0, r * 0.3);
    p.line_segment([ends.0, nock], Stroke::new(1.0, colours.die));
    p.line_segment([ends.1, nock], Stroke::new(1.0, colours.die));
    // The bolt's head.
    let tip = at + Vec2::new(0.0, -r * 0.95);
    p.add(egui::Shape::convex_polygon(
        vec![tip, tip + Vec2::new(-r * 0.2, r * 0.3), tip + Vec2::new(r * 0.2, r * 0.3)],
        colours.die_ink,
        Stroke::NONE,
    ));
    for k in 0..wounds {
        let c = base.right_top() + Vec2::new(0.0, r * 0.35 + k as f32 * r * 0.5);
        p.circle(c, (r * 0.2).max(2.5), colours.chip_alarm, Stroke::new(1.0, colours.ink));
    }
}

/// The figures that may receive a card held (`receivers`, among
/// `figures`): each a glow with its unit's name under it, the one under the
/// pointer ringed boldly (a thin ring alone was missed, and a card dropped
/// on the wrong bird).
pub(super) fn paint_receivers(
    painter: &egui::Painter,
    colours: &crate::ui::theme::Forest,
    figures: &[(crate::rules::tail_feathers::game::Fig, Pos2, f32)],
    receivers: &[crate::rules::tail_feathers::game::Fig],
    pointer: Option<Pos2>,
) {
    for &f in receivers {
        let Some(&(_, p, r)) = figures.iter().find(|x| x.0 == f) else { continue };
        let under = pointer.is_some_and(|q| q.distance(p) <= r + 8.0);
        painter.circle_filled(p, r + 10.0, colours.crossing_now.gamma_multiply(0.3));
        painter.circle_stroke(p, r + 4.0, Stroke::new(if under { 5.0 } else { 3.0 }, colours.crossing_now));
        plated_text(
            painter,
            p + Vec2::new(0.0, r + 12.0),
            Align2::CENTER_TOP,
            &crate::rules::tail_feathers::game::unit_name(crate::rules::tail_feathers::game::unit_of(f)),
            colours.die_ink,
            colours.crossing_now,
        );
    }
}

/// The radius a bird is painted to on a base of `r` pixels: true to its
/// base once that is 20 pixels or more, and up to half as large again
/// below that. With the whole battlefield in view a base is 9 to 13
/// pixels, and the birds and their riders were specks a new player could
/// not tell apart (the base, its notch and its rings stay true).
pub(super) fn art_radius(r: f32) -> f32 {
    (r * 1.5).min(r.max(20.0))
}

/// The radius of a figure drawn in a tree space (or a nest, `nest`)
/// holding `n`: as large as lets two side by side fill the space's width
/// (the figures must read as mice and rats, not dots), and one alone fills
/// it.
pub(super) fn figure_radius(nest: bool, n: usize, scale: f32) -> f32 {
    match (nest, n) {
        (false, 1) => (scale * 0.95).clamp(5.0, 28.0),
        (false, _) => (scale * 0.46).clamp(4.0, 15.0),
        (true, 1) => (scale * 0.5).clamp(5.0, 16.0),
        (true, _) => (scale * 0.33).clamp(4.0, 12.0),
    }
}

/// The table direction `u` (y up) as a screen direction (y down).
pub(super) fn u_screen(u: V2) -> Vec2 {
    Vec2::new(u.x as f32, -u.y as f32)
}

/// Words set at a point in the direction `u` (y up) from what they name
/// stand away from it: to its right, left, above or below.
pub(super) fn away_from(u: V2) -> Align2 {
    match (u.x, u.y) {
        (_, y) if y > 0.8 => Align2::CENTER_BOTTOM,
        (_, y) if y < -0.8 => Align2::CENTER_TOP,
        (x, _) if x >= 0.0 => Align2::LEFT_CENTER,
        _ => Align2::RIGHT_CENTER,
    }
}

/// The birds perched (not launching) in space `s`.
pub(super) fn perched_in(state: &TailFeathers, s: u8) -> Vec<Fig> {
    crate::rules::tail_feathers::game::BIRD_FIGS
        .iter()
        .copied()
        .filter(|&b| state.figure(b).place == Place::Space(s) && state.bird(b).is_some_and(|b| !b.launching))
        .collect()
}

/// Where bird `f` perched in space `s` stands: several perched in one
/// nest stand side by side (one hid the other).
pub(super) fn perched_at(state: &TailFeathers, f: Fig, s: u8) -> V2 {
    let here = perched_in(state, s);
    let k = here.iter().position(|&o| o == f).unwrap_or(0) as f64;
    let across = (k - (here.len() as f64 - 1.0) / 2.0) * 2.05 * BASE_RADIUS;
    state.space_centre(s).plus(V2::new(across, 0.0))
}

/// Where the `n` mice and rats in a nest of radius `nest_r` round `c`
/// stand, and how large: up to four in a square inside the nest; more, or
/// any beside a bird perched there (`bird_r`, its base's radius), in a ring
/// round the nest's middle, each as large as lets its neighbours keep
/// clear of it and of the bird. (In a row of four they spilled over the
/// nest's rim, and a bird perched in the nest hid the figure under it.)
pub(super) fn nest_spots(c: Pos2, nest_r: f32, n: usize, bird_r: Option<f32>, fig_r: f32) -> Vec<(Pos2, f32)> {
    use std::f32::consts::{PI, TAU};
    let ring = |count: usize, rho: f32, r: f32| -> Vec<(Pos2, f32)> {
        (0..count).map(|k| (c + Vec2::angled(-PI / 2.0 + TAU * k as f32 / count as f32) * rho, r)).collect()
    };
    match (bird_r, n) {
        (_, 0) => Vec::new(),
        (None, 1) => vec![(c, fig_r)],
        (None, 2..=4) => {
            let r = fig_r.min(nest_r * 0.34);
            let step = r * 1.1;
            let rows = n.div_ceil(2);
            (0..n)
                .map(|k| {
                    let in_row = (n - (k / 2) * 2).min(2) as f32;
                    let x = ((k % 2) as f32 - (in_row - 1.0) / 2.0) * 2.0 * step;
                    let y = ((k / 2) as f32 - (rows as f32 - 1.0) / 2.0) * 2.0 * step;
                    (c + Vec2::new(x, y), r)
                })
                .collect()
        }
        (None, _) => {
            // One in the middle, the rest round it.
            let rho = nest_r * 0.66;
            let r = fig_r.min(rho * 0.45).min(rho * (PI / (n - 1) as f32).sin() * 0.92);
            let mut spots = vec![(c, r)];
            spots.extend(ring(n - 1, rho, r));
            spots
        }
        (Some(b), _) => {
            // Round the bird, touching its base: r = (b + r)·s.
            let s = if n == 1 { 0.9 } else { (PI / n as f32).sin() * 0.9 };
            let r = fig_r.min(b * s / (1.0 - s)).min(nest_r * 0.34);
            ring(n, b + r * 1.15, r)
        }
    }
}

#[cfg(test)]
mod nest_tests {
    use super::nest_spots;
    use egui::Pos2;

    fn clear_of_each_other(spots: &[(Pos2, f32)]) -> bool {
        spots.iter().enumerate().all(|(i, a)| spots[i + 1..].iter().all(|b| a.0.distance(b.0) >= a.1 + b.1 - 0.01))
    }

    #[test]
    fn up_to_four_mice_stand_inside_the_nest_and_clear_of_each_other() {
        let c = Pos2::new(100.0, 100.0);
        for n in 1..=4 {
            let spots = nest_spots(c, 21.0, n, None, 7.5);
            assert_eq!(spots.len(), n);
            assert!(clear_of_each_other(&spots), "{n}: {spots:?}");
            assert!(spots.iter().all(|s| s.0.distance(c) + s.1 <= 21.0 + 0.01), "{n} spill over the rim: {spots:?}");
        }
    }

    #[test]
    fn many_mice_in_a_nest_do_not_overlap() {
        let c = Pos2::new(100.0, 100.0);
        for n in 5..=12 {
            let spots = nest_spots(c, 21.0, n, None, 7.5);
            assert_eq!(spots.len(), n);
            assert!(clear_of_each_other(&spots), "{n}: {spots:?}");
            assert!(spots.iter().all(|s| s.1 >= 3.0), "{n} too small to see: {spots:?}");
        }
    }

    #[test]
    fn figures_beside_a_perched_bird_stand_clear_of_its_base() {
        let c = Pos2::new(100.0, 100.0);
        for n in 1..=8 {
            let spots = nest_spots(c, 21.0, n, Some(17.0), 7.5);
            assert_eq!(spots.len(), n);
            assert!(clear_of_each_other(&spots), "{n}: {spots:?}");
            assert!(spots.iter().all(|s| s.0.distance(c) >= 17.0 + s.1), "{n} under the bird: {spots:?}");
        }
    }
}
