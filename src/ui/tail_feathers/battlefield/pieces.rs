//! The figures on the battlefield: where the ground figures stand in their
//! spaces, the ground figures and the birds drawn, the ballistas, and each
//! figure as a widget named for screen readers.

use egui::{Pos2, Rect, Sense, Stroke, Ui, Vec2, WidgetInfo};

use super::{Picks, Scene, Spots};
use crate::rules::tail_feathers::components::Alliance;
use crate::rules::tail_feathers::game::{
    Action, BIRD_FIGS, Fig, Place, TailFeathers, UNIT_DEFS, field, hole_span, seat_of, side_name, space_name, unit_of,
};
use crate::rules::tail_feathers::geometry::BASE_RADIUS;
use crate::ui::tail_feathers::figures::paint_rodent_on_base;
use crate::ui::tail_feathers::forest::shadow_disc;
use crate::ui::tail_feathers::paint::figure_radius;
use crate::ui::tail_feathers::words::figure_words;
use crate::ui::tail_feathers::{SkirmishView, paint, panel, side_colour};

impl SkirmishView {
    /// Where each ground figure stands in its space: on a leaf, in a nest,
    /// in a tree space.
    pub(super) fn ground_spots(&self, ui: &Ui, sc: &Scene) -> Vec<(Fig, Pos2, f32)> {
        let (state, board) = (sc.state, sc.board);
        let now = ui.input(|i| i.time);
        // Ground figures in their spaces.
        let mut token_at: Vec<(Fig, Pos2, f32)> = Vec::new();
        for s in 0..state.space_count() as u8 {
            let figs: Vec<Fig> = state.in_space(s).into_iter().filter(|&f| !BIRD_FIGS.contains(&f)).collect();
            let c = board.to_screen(state.space_centre(s));
            // In a row along a leaf (three at most).
            if let Some(k) = state.leaf_at(usize::from(s)) {
                let (a, b) = state.leaves()[k].holes();
                let (a, b) = match self.leaf_drift.as_ref().filter(|d| d.leaf == k).and_then(|d| d.at(now)) {
                    Some((hole, along)) => (hole, hole.plus(along.scale(hole_span()))),
                    None => (a, b),
                };
                let (pa, pb) = (board.to_screen(a), board.to_screen(b));
                let r = (board.scale * 0.38).clamp(4.0, 13.0);
                let n = figs.len() as f32;
                for (i, &f) in figs.iter().enumerate() {
                    token_at.push((f, pa + (pb - pa) * ((i as f32 + 1.0) / (n + 1.0)), r));
                }
                continue;
            }
            // In a nest: inside it, or round a bird perched there.
            if TailFeathers::space_nest(usize::from(s)).is_some() {
                let outline = Rect::from_points(&sc.poly(&field().spaces[usize::from(s)].outline));
                // Birds perched side by side: the ring goes round them all.
                let birds_here = paint::perched_in(state, s).len();
                let bird_r = (birds_here > 0).then_some(BASE_RADIUS as f32 * board.scale * birds_here as f32);
                let fig_r = figure_radius(true, figs.len(), board.scale);
                let spots =
                    paint::nest_spots(c, outline.width().min(outline.height()) * 0.48, figs.len(), bird_r, fig_r);
                token_at.extend(figs.iter().zip(spots).map(|(&f, (p, r))| (f, p, r)));
                continue;
            }
            // Two by two in a tree space (four at most).
            let per_row = 2;
            let r = figure_radius(false, figs.len(), board.scale);
            let rows = figs.len().div_ceil(per_row).max(1) as f32;
            for (k, &f) in figs.iter().enumerate() {
                let (col, row) = ((k % per_row) as f32, (k / per_row) as f32);
                // Each row centred on the space (one figure stood off
                // its middle, half on the trunk).
                let in_row = (figs.len() - (k / per_row) * per_row).min(per_row);
                let across = (in_row as f32 - 1.0) / 2.0;
                let p = c + Vec2::new((col - across) * r * 2.2, (row - (rows - 1.0) / 2.0) * r * 2.2);
                token_at.push((f, p, r));
            }
        }
        token_at
    }

    /// The ground figures where they stand.
    pub(super) fn paint_ground_figures(&self, sc: &Scene, token_at: &[(Fig, Pos2, f32)]) {
        let (state, painter, colours) = (sc.state, sc.painter, &sc.colours);
        for &(f, p, r) in token_at {
            let fig = state.figure(f);
            let side_ = UNIT_DEFS[unit_of(f)].side;
            let fill = side_colour(colours, side_);
            shadow_disc(painter, colours, p, r);
            // A small figure on its base, facing the other side's nest;
            // an immobilized one lies on its side; a hero stands on a
            // gilded rim.
            let hero = UNIT_DEFS[unit_of(f)].count == 1;
            let facing = if side_ == Alliance::Mice { Vec2::new(0.0, -1.0) } else { Vec2::new(0.0, 1.0) };
            let facing = if fig.immobilized { Vec2::new(-facing.y, facing.x) } else { facing };
            let rim = Stroke::new(if hero { 2.5 } else { 1.0 }, if hero { colours.star } else { colours.ink });
            let rat = side_ == Alliance::Rats;
            paint_rodent_on_base(painter, p, r, (fill, rim), colours.bark, facing, rat, colours.die);
            if fig.on_fire {
                painter.circle_stroke(p, r + 2.0, Stroke::new(2.0, colours.fire));
            }
            // The veteran marker under a squad figure (TF-R22): a gold
            // chevron at its foot.
            if state.veteran(side_) == Some(f) {
                let foot = p + Vec2::new(0.0, r * 0.95);
                let w = r * 0.7;
                let chevron = vec![foot + Vec2::new(-w, -w * 0.5), foot, foot + Vec2::new(w, -w * 0.5)];
                painter.add(egui::Shape::line(chevron, Stroke::new(2.5, colours.star)));
            }
            if self.selected == Some(f) {
                painter.circle_stroke(p, r + 3.0, Stroke::new(2.5, sc.palette.selection));
            }
        }
    }

    /// The birds, perched or in the air (gliding along a flight just
    /// flown); where each was drawn.
    pub(super) fn paint_birds(&self, ui: &Ui, sc: &Scene, token_at: &[(Fig, Pos2, f32)]) -> Vec<(Fig, Pos2, f32)> {
        let (state, board, painter) = (sc.state, sc.board, sc.painter);
        // Birds.
        let mut bird_at: Vec<(Fig, Pos2, f32)> = Vec::new();
        // (The perched first: a bird flying over one is drawn over it.)
        let mut birds = BIRD_FIGS;
        birds.sort_by_key(|&f| state.figure(f).place == Place::Air);
        for f in birds {
            let Some(b) = state.bird(f) else { continue };
            let place = state.figure(f).place;
            let at = match place {
                Place::Air => b.pose.at,
                Place::Space(s) if b.launching => {
                    let _ = s;
                    b.pose.at
                }
                Place::Space(s) => paint::perched_at(state, f, s),
                _ => continue,
            };
            let walked = paint::walked_pose(state, f);
            let at = walked.map_or(at, |w| w.0);
            let p = board.to_screen(at);
            let r = BASE_RADIUS as f32 * board.scale;
            bird_at.push((f, p, r));
            // A bird that just ended its flight glides along it first.
            let now = ui.input(|i| i.time);
            let gliding = self.glide.as_ref().filter(|g| g.fig == f).and_then(|g| g.at(now));
            if gliding.is_some() {
                ui.ctx().request_repaint();
            }
            let (at, facing) = gliding.or(walked).unwrap_or((at, b.pose.heading.unit()));
            let aloft = gliding.is_some() || walked.is_some();
            // A bird flying over a figure (at another height, as the rules
            // allow) lets it be seen through it: it hid a perched Jay.
            let mut over = painter.clone();
            if place == Place::Air
                && token_at.iter().chain(&bird_at).any(|x| x.0 != f && x.1.distance(p) < x.2 + r * 0.8)
            {
                over.multiply_opacity(0.62);
            }
            self.paint_bird(&over, &sc.colours, sc.palette, state, f, at, facing, aloft, board);
        }
        bird_at
    }

    /// Ballistas (TF-R28) in their spaces, each named; where each was
    /// drawn.
    pub(super) fn paint_ballistas(&self, ui: &Ui, sc: &Scene, picks: &mut Picks) -> Vec<(Alliance, Pos2, f32)> {
        let (state, board, colours) = (sc.state, sc.board, &sc.colours);
        let mut ballista_at: Vec<(Alliance, Pos2, f32)> = Vec::new();
        for side_ in [Alliance::Mice, Alliance::Rats] {
            let Some(b) = state.ballista(side_) else { continue };
            let centre = board.to_screen(state.space_centre(b.space));
            let r = (board.scale * 0.5).clamp(6.0, 16.0);
            // In the space's lower corner, beside its figures.
            let at = centre + Vec2::new(r * 1.1, r * 1.1);
            paint::paint_ballista(sc.painter, colours, at, r, side_colour(colours, side_), b.wounds);
            ballista_at.push((side_, at, r));
            let ready = state.ballista_blocker(side_).unwrap_or_else(|| "ready".to_string());
            let said = format!(
                "the {} ballista in {}, {} of {} wounds; {ready}",
                side_name(side_).to_lowercase(),
                space_name(b.space),
                b.wounds,
                crate::rules::tail_feathers::cards::BALLISTA.life
            );
            let rect = Rect::from_center_size(at, Vec2::splat(2.0 * r));
            let resp = ui.interact(rect, ui.scope_id().with(("tf-ballista", seat_of(side_).0)), sc.sense);
            resp.widget_info(|| WidgetInfo::labeled(egui::Role::Button, true, said.clone()));
            sc.focus_ring(&resp, rect);
            if resp.clicked() {
                picks.clicked_at = Some(at);
            }
        }
        ballista_at
    }

    /// Every figure named for screen readers where it stands; pointed at,
    /// its unit's card.
    pub(super) fn figure_widgets(&self, ui: &Ui, sc: &Scene, spots: &Spots, picks: &mut Picks) {
        let state = sc.state;
        // Every figure named for screen readers where it stands.
        for (i, &(f, p, r)) in spots.token_at.iter().chain(spots.bird_at.iter()).enumerate() {
            let said = figure_words(state, f);
            let rect = Rect::from_center_size(p, Vec2::splat(2.0 * r));
            let resp = ui.interact(rect, ui.scope_id().with(("tf-fig", f)), Sense::click());
            resp.widget_info(|| WidgetInfo::labeled(egui::Role::Button, true, said.clone()));
            // Pointed at, its unit's card and where it stands.
            let resp = resp.on_hover_ui(|ui| panel::figure_tip(ui, state, f, &sc.colours, &said));
            sc.focus_ring(&resp, rect);
            if resp.clicked() {
                picks.clicked_at = Some(p);
            }
            let _ = i;
        }
    }

    /// A lesson's units to activate: a gold ring round each figure.
    pub(super) fn ring_lesson_units(&self, sc: &Scene, spots: &Spots) {
        for x in spots.token_at.iter().chain(spots.bird_at.iter()) {
            if self.lights.contains(&Action::Activate(unit_of(x.0) as u8)) {
                sc.painter.circle_stroke(x.1, x.2 + 5.0, Stroke::new(3.0, sc.palette.selection));
            }
        }
    }
}
