//! The battlefield: trees, nests, mission cards, figures and flights drawn
//! to scale, and its clicks and drags turned into decisions.

#![allow(
    clippy::many_single_char_names,
    clippy::similar_names,
    clippy::unused_self,
    reason = "drawing code reads best with the usual short names (p, r, f, u), and the view's helpers stay methods"
)]

use egui::{Align2, FontId, Pos2, Rect, RichText, Sense, Stroke, StrokeKind, Ui, Vec2, WidgetInfo};

use super::figures::paint_rodent_on_base;
use super::forest::{paint_axis_marker, paint_feather, paint_leaf, paint_spiral, paint_table, paint_tree, shadow_disc};
use super::paint::{away_from, figure_radius, plated_text, u_screen};
use super::words::{figure_words, odds_lines, target_words};
use super::zoom::Zoom;
use super::{Dragged, Ghost, SkirmishView, blockers, nearest_ghost, range_band, shape_of, side_colour, tilting_bird};
use crate::rules::Game;
use crate::rules::tail_feathers::components::Alliance;
use crate::rules::tail_feathers::dice::Attack;
use crate::rules::tail_feathers::game::{
    Action, BIRD_FIGS, Fig, FlightEnding, Place, TailFeathers, Target, UNIT_DEFS, field, figure_name, half_made,
    hole_span, leaf_name, leaf_outline_along, leaf_space, seat_of, side_name, space_name, target_name, unit_of,
};
use crate::rules::tail_feathers::geometry::{BASE_RADIUS, Shape, V2};
use crate::ui::Notice;
use crate::ui::theme::Palette;

impl SkirmishView {
    #[allow(clippy::too_many_lines, reason = "draws the battlefield and handles its clicks and drags in one pass")]
    pub(super) fn battlefield_ui(&mut self, ui: &mut Ui, palette: &Palette, notices: &mut Vec<Notice>) {
        let state = self.state().clone();
        let colours = palette.forest;
        let human = self.human_to_move();
        let legal = if human.is_some() { state.legal_actions() } else { Vec::new() };
        // The table fills the whole window beside the panel; the square
        // battlefield sits in its middle, as large as the window allows,
        // with at least 3" of table round it, so flights that leave it can
        // still be seen (and their end marked as lost).
        let avail = ui.available_size() - Vec2::splat(8.0);
        let (outer, board_resp) =
            ui.allocate_exact_size(Vec2::new(avail.x.max(240.0), avail.y.max(240.0)), Sense::click_and_drag());
        // Seen as close as the player asked (the wheel, the corner's
        // buttons); nothing on the battlefield is hit outside the frame.
        let ahead = self.announced_points(&state);
        self.zoom.reveal(&ahead, outer, self.m.session.cursor());
        let board = self.zoom.board(outer);
        let (inner, scale) = (board.rect, board.scale);
        let clip = ui.clip_rect();
        ui.set_clip_rect(outer.intersect(clip));
        let painter = ui.painter_at(outer);
        // The board's decisions are widgets too (figures, lit spaces,
        // targets, rings, mission spots, launch headings): Tab and the
        // arrow keys go through them, Enter or Space acts, and each is
        // named for screen readers. What one of them chose this frame:
        let mut by_widget: Option<Action> = None;
        let mut clicked_at: Option<Pos2> = None;
        let sense = if human.is_some() { Sense::click() } else { Sense::hover() };
        let focus_ring = |resp: &egui::Response, rect: Rect| {
            if resp.has_focus() {
                painter.rect_stroke(rect.expand(3.0), 5.0, Stroke::new(2.5, palette.selection), StrokeKind::Outside);
            }
        };
        paint_table(&painter, &colours, outer, inner);
        painter.text(
            outer.left_top() + Vec2::new(6.0, 4.0),
            Align2::LEFT_TOP,
            "off the battlefield",
            FontId::proportional(10.0),
            colours.on_trunk,
        );
        let poly = |p: &crate::rules::tail_feathers::geometry::Polygon| -> Vec<Pos2> {
            p.0.iter().map(|&v| board.to_screen(v)).collect()
        };
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
                &painter,
                &colours,
                board,
                &state,
                tree,
                capacity_matters.then_some(&taken as &dyn Fn(usize) -> u8),
            );
        }
        // The axis marker.
        paint_axis_marker(&painter, &colours, board.to_screen(field().axis), (board.scale * 0.4).max(5.0));
        // Mission spots to lay a card on, and the cards.
        // Each free spot drawn as a card's outline, the one under the
        // pointer filled (a click lays the card there), each named for
        // screen readers.
        let spots: Vec<u8> = legal
            .iter()
            .filter_map(|a| match a {
                Action::PlaceMission(spot) => Some(*spot),
                _ => None,
            })
            .collect();
        by_widget = by_widget.or(self.mission_spots(ui, &painter, palette, board, (&spots, outer), sense));
        let boxed = self.paint_missions(ui, &painter, palette, &state, board);
        // Tail-feather tokens where they fell (TF-R24), each named.
        for t in state.feathers() {
            let pts = poly(&t.outline());
            paint_feather(&painter, &colours, &pts, t.notched);
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
            let pts = poly(&outline);
            paint_leaf(&painter, &colours, &pts, holes.map(|h| board.to_screen(h)), drifting);
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
            let pts = poly(&sp.template());
            paint_spiral(&painter, &colours, &pts);
            let said =
                format!("death spiral: {} and {} locked together", figure_name(sp.birds[0]), figure_name(sp.birds[1]));
            ui.interact(Rect::from_points(&pts), ui.scope_id().with(("tf-spiral", k)), Sense::hover())
                .widget_info(|| WidgetInfo::labeled(egui::Role::Image, true, said.clone()));
        }
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
                let outline = Rect::from_points(&poly(&field().spaces[usize::from(s)].outline));
                // Birds perched side by side: the ring goes round them all.
                let birds_here = super::paint::perched_in(&state, s).len();
                let bird_r = (birds_here > 0).then_some(BASE_RADIUS as f32 * board.scale * birds_here as f32);
                let fig_r = figure_radius(true, figs.len(), board.scale);
                let spots = super::paint::nest_spots(
                    c,
                    outline.width().min(outline.height()) * 0.48,
                    figs.len(),
                    bird_r,
                    fig_r,
                );
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
        for &(f, p, r) in &token_at {
            let fig = state.figure(f);
            let side_ = UNIT_DEFS[unit_of(f)].side;
            let fill = side_colour(&colours, side_);
            shadow_disc(&painter, &colours, p, r);
            // A small figure on its base, facing the other side's nest;
            // an immobilized one lies on its side; a hero stands on a
            // gilded rim.
            let hero = UNIT_DEFS[unit_of(f)].count == 1;
            let facing = if side_ == Alliance::Mice { Vec2::new(0.0, -1.0) } else { Vec2::new(0.0, 1.0) };
            let facing = if fig.immobilized { Vec2::new(-facing.y, facing.x) } else { facing };
            let rim = Stroke::new(if hero { 2.5 } else { 1.0 }, if hero { colours.star } else { colours.ink });
            let rat = side_ == Alliance::Rats;
            paint_rodent_on_base(&painter, p, r, (fill, rim), colours.bark, facing, rat, colours.die);
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
                painter.circle_stroke(p, r + 3.0, Stroke::new(2.5, palette.selection));
            }
        }
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
                Place::Space(s) => super::paint::perched_at(&state, f, s),
                _ => continue,
            };
            let walked = super::paint::walked_pose(&state, f);
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
            self.paint_bird(&over, &colours, palette, &state, f, at, facing, aloft, board);
        }
        // The figure a button in the side panel names ("Give a hit to the
        // Rats' rat 2"), ringed on the board while the button is pointed at.
        if let Some(&(_, p, r)) = token_at.iter().chain(&bird_at).chain(&boxed).find(|t| Some(t.0) == self.fig_hovered)
        {
            super::paint::named_ring(&painter, palette, p, r);
        }
        // Ballistas (TF-R28) in their spaces, each named.
        let mut ballista_at: Vec<(Alliance, Pos2, f32)> = Vec::new();
        for side_ in [Alliance::Mice, Alliance::Rats] {
            let Some(b) = state.ballista(side_) else { continue };
            let centre = board.to_screen(state.space_centre(b.space));
            let r = (board.scale * 0.5).clamp(6.0, 16.0);
            // In the space's lower corner, beside its figures.
            let at = centre + Vec2::new(r * 1.1, r * 1.1);
            super::paint::paint_ballista(&painter, &colours, at, r, side_colour(&colours, side_), b.wounds);
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
            let resp = ui.interact(rect, ui.scope_id().with(("tf-ballista", seat_of(side_).0)), sense);
            resp.widget_info(|| WidgetInfo::labeled(egui::Role::Button, true, said.clone()));
            focus_ring(&resp, rect);
            if resp.clicked() {
                clicked_at = Some(at);
            }
        }
        // Targets of the ballista's bolt (TF-R28) ringed.
        for a in &legal {
            if let Action::Loose(t) = a {
                let spot = match *t {
                    Target::Figure(f) => token_at.iter().chain(bird_at.iter()).find(|x| x.0 == f).map(|x| (x.1, x.2)),
                    Target::Ballista(side_) => ballista_at.iter().find(|x| x.0 == side_).map(|x| (x.1, x.2)),
                    Target::Nest(side_) => {
                        Some((board.to_screen(state.space_centre(TailFeathers::nest_space(side_))), board.scale))
                    }
                    _ => None,
                };
                if let Some((p, r)) = spot {
                    painter.circle_stroke(p, r + 5.0, Stroke::new(2.0, palette.illegal.to_opaque()));
                }
            }
        }
        // A card held (clicked in the hand, or dragged): the figures that
        // may receive it ringed in gold (TF-R27); a card waiting for its
        // aim rings its targets.
        let held_card = egui::DragAndDrop::payload::<super::hand::CardDrag>(ui.ctx()).map(|d| d.0).or(self.card);
        // Every figure where it stands (ground tokens, then birds).
        let figures: Vec<(Fig, Pos2, f32)> = token_at.iter().chain(bird_at.iter()).copied().collect();
        if let Some(c) = held_card {
            let pointer = ui.ctx().pointer_hover_pos();
            super::paint::paint_receivers(&painter, &colours, &figures, &Self::receivers(&legal, c), pointer);
        }
        if let Some((c, f)) = self.card_aim {
            for a in &legal {
                if let Action::Play(pl) = a
                    && pl.card == c
                    && pl.figure == f
                    && let crate::rules::tail_feathers::game::Aim::Figure(e) = pl.aim
                    && let Some(&(_, p, r)) = token_at.iter().chain(bird_at.iter()).find(|x| x.0 == e)
                {
                    painter.circle_stroke(p, r + 4.0, Stroke::new(3.0, palette.illegal.to_opaque()));
                }
            }
        }
        // Every figure named for screen readers where it stands.
        for (i, &(f, p, r)) in token_at.iter().chain(bird_at.iter()).enumerate() {
            let said = figure_words(&state, f);
            let rect = Rect::from_center_size(p, Vec2::splat(2.0 * r));
            let resp = ui.interact(rect, ui.scope_id().with(("tf-fig", f)), Sense::click());
            resp.widget_info(|| WidgetInfo::labeled(egui::Role::Button, true, said.clone()));
            // Pointed at, its unit's card and where it stands.
            let resp = resp.on_hover_ui(|ui| super::panel::figure_tip(ui, &state, f, &colours, &said));
            focus_ring(&resp, rect);
            if resp.clicked() {
                clicked_at = Some(p);
            }
            let _ = i;
        }
        // Launching: a handle for each heading the bird may launch facing,
        // round its base (click one, or Tab to it and press Enter).
        if self.aiming
            && let Some((_, bird)) = tilting_bird(&state)
            && let Some(&(_, p, r)) = bird_at.iter().find(|x| x.0 == bird)
        {
            // A facing from which every flight crashes or leaves the
            // battlefield is marked with a cross before it is chosen.
            let doomed = self.doom().0;
            // A dial round the bird, wide enough for 24 handles a finger
            // can find (round a small window's bird they were 4 points).
            let dial = (r + 16.0).max(64.0);
            painter.circle_stroke(p, dial, Stroke::new(16.0, colours.shadow));
            for h in 0..24u8 {
                let Some(a) =
                    (0..5).map(|pt| Action::Launch { bird, heading: h, point: pt }).find(|a| legal.contains(a))
                else {
                    continue;
                };
                let u = crate::rules::tail_feathers::geometry::Heading(h).unit();
                let at = p + Vec2::new(u.x as f32, -u.y as f32) * dial;
                let rect = Rect::from_center_size(at, Vec2::splat(13.0));
                let resp = ui.interact(rect, ui.scope_id().with(("tf-launch", h)), sense);
                let lit = resp.hovered() || resp.has_focus();
                let bad = doomed.contains(&h);
                let ink = if bad { colours.cut } else { palette.legal.to_opaque() };
                painter.circle(at, if lit { 8.0 } else { 6.0 }, ink, Stroke::new(1.0, colours.ink));
                if bad {
                    let k = 3.5;
                    let cross = Stroke::new(1.5, colours.ink);
                    painter.line_segment([at - Vec2::splat(k), at + Vec2::splat(k)], cross);
                    painter.line_segment([at + Vec2::new(-k, k), at + Vec2::new(k, -k)], cross);
                }
                if lit {
                    painter.line_segment([p, at], Stroke::new(2.0, ink));
                    if bad {
                        plated_text(
                            &painter,
                            at + u_screen(u) * 12.0,
                            away_from(u),
                            "every flight from this facing crashes or is lost",
                            colours.cut,
                            colours.floor,
                        );
                    }
                }
                let said = format!(
                    "launch {} facing {}°{}",
                    crate::rules::tail_feathers::game::figure_name(bird),
                    crate::rules::tail_feathers::geometry::Heading(h).degrees(),
                    if bad { ": every flight from it crashes or is lost" } else { "" }
                );
                resp.widget_info(|| WidgetInfo::labeled(egui::Role::Button, true, said.clone()));
                if resp.clicked() {
                    by_widget = Some(a);
                }
            }
        }
        // The figure whose moves and targets are lit: the one clicked, or
        // the bird being activated.
        let chosen =
            self.selected.or_else(|| state.active_unit().and_then(|u| UNIT_DEFS[u].bird.map(|_| UNIT_DEFS[u].first)));
        // What may be clicked now.
        let lit_spaces: Vec<u8> = legal
            .iter()
            .filter_map(|a| match a {
                Action::Move { figure, to } | Action::Scurry { figure, to } if Some(*figure) == chosen => Some(*to),
                Action::CutLoose { figure, toward } if Some(*figure) == self.cutting => Some(*toward),
                _ => space_decision(a),
            })
            .collect();
        for &s in &lit_spaces {
            let pts = poly(&state.space_outline(s));
            let rect = Rect::from_points(&pts);
            painter.add(egui::Shape::closed_line(pts, Stroke::new(3.0, palette.legal.to_opaque())));
            // The decision a click on this lit space makes.
            let decision = legal.iter().find(|a| match a {
                Action::Move { figure, to } | Action::Scurry { figure, to } => Some(*figure) == chosen && *to == s,
                Action::CutLoose { figure, toward } => Some(*figure) == self.cutting && *toward == s,
                _ => space_decision(a) == Some(s),
            });
            let said = format!(
                "{}: {}",
                space_name(s),
                decision.map_or_else(
                    || "lit".to_string(),
                    |a| state.describe(a).split_once(' ').map_or(String::new(), |x| x.1.to_string())
                )
            );
            let resp = ui.interact(rect.shrink(rect.width() * 0.2), ui.scope_id().with(("tf-space", s)), sense);
            resp.widget_info(|| WidgetInfo::labeled(egui::Role::Button, true, said.clone()));
            focus_ring(&resp, rect);
            if resp.clicked() {
                by_widget = decision.cloned();
            }
        }
        if !lit_spaces.is_empty() {
            super::forest::paint_nest_dials(&painter, &colours, board, &state);
        }
        let targets: Vec<(Target, Action)> = legal
            .iter()
            .filter_map(|a| match a {
                Action::Strike { figure, target } | Action::Shoot { figure, target } if Some(*figure) == chosen => {
                    Some((*target, a.clone()))
                }
                Action::AssignHit(t) => Some((*t, a.clone())),
                Action::Patrol(f) => Some((Target::Figure(*f), a.clone())),
                _ => None,
            })
            .collect();
        let shape_pos = |t: Target| -> Option<(Pos2, f32)> {
            match t {
                Target::Figure(f) => token_at.iter().chain(bird_at.iter()).find(|x| x.0 == f).map(|x| (x.1, x.2)),
                Target::Nest(side_) => {
                    Some((board.to_screen(field().spaces[usize::from(TailFeathers::nest_space(side_))].perch), 18.0))
                }
                Target::Ballista(side_) => ballista_at.iter().find(|x| x.0 == side_).map(|x| (x.1, x.2)),
                _ => None,
            }
        };
        // The computer's attack, shown for the pause before its dice fall:
        // an arrow from the attacker to its target, and what it does.
        if let Some(a @ (Action::Strike { figure, target } | Action::Shoot { figure, target })) = self.m.announced()
            && let (Some((from, fr)), Some((to, tr))) = (shape_pos(Target::Figure(*figure)), shape_pos(*target))
        {
            super::rings::announced_attack(&painter, &colours, (from, fr), (to, tr), &state.describe(a));
        }
        let pointer_now = ui.ctx().pointer_hover_pos().filter(|p| outer.contains(*p));
        let mut odds_shown = false;
        for (i, (t, a)) in targets.iter().enumerate() {
            if let Some((p, r)) = shape_pos(*t) {
                painter.circle_stroke(p, r + 4.0, Stroke::new(2.5, palette.illegal.to_opaque()));
                // Named for screen readers with its odds; pointing at it
                // shows them by the target, with the line of sight.
                let said = target_words(&state, a, &legal);
                let rect = Rect::from_center_size(p, Vec2::splat(2.0 * r + 8.0));
                let resp = ui.interact(rect, ui.scope_id().with(("tf-target", i)), sense);
                resp.widget_info(|| WidgetInfo::labeled(egui::Role::Button, true, said.clone()));
                focus_ring(&resp, rect);
                if resp.clicked() {
                    match a {
                        Action::Strike { figure, target } | Action::Shoot { figure, target } => {
                            let both = legal.contains(&Action::Strike { figure: *figure, target: *target })
                                && legal.contains(&Action::Shoot { figure: *figure, target: *target });
                            if both {
                                self.attack_choice = Some((*target, *figure));
                            } else {
                                by_widget = Some(a.clone());
                            }
                        }
                        _ => by_widget = Some(a.clone()),
                    }
                }
                if !odds_shown
                    && (resp.has_focus() || pointer_now.is_some_and(|q| q.distance(p) <= r + 4.0))
                    && let Action::Strike { figure, .. } | Action::Shoot { figure, .. } = a
                {
                    odds_shown = true;
                    if let Some((from, _)) = shape_pos(Target::Figure(*figure)) {
                        painter.line_segment([from, p], Stroke::new(1.5, palette.legal.to_opaque()));
                    }
                    plated_text(
                        &painter,
                        p + Vec2::new(0.0, -r - 8.0),
                        Align2::CENTER_BOTTOM,
                        // (Named first: which of two figures side by side
                        // was meant was not plain.)
                        &[format!("Attack {}", target_name(*t))]
                            .into_iter()
                            .chain(odds_lines(&state, *figure, *t, &legal))
                            .collect::<Vec<_>>()
                            .join("\n"),
                        colours.die_ink,
                        colours.die,
                    );
                }
            }
        }
        // A target open to both kinds of attack: which one, by the target.
        if let Some((t, figure)) = self.attack_choice
            && let Some((p, r)) = shape_pos(t)
        {
            egui::Area::new(ui.scope_id().with("tf-attack-choice"))
                .fixed_pos(p + Vec2::new(r + 8.0, -r))
                .order(egui::Order::Foreground)
                .show(ui.ctx(), |ui| {
                    egui::Frame::popup(ui.style()).show(ui, |ui| {
                        ui.label(RichText::new(format!("Attack {}", target_name(t))).strong());
                        for (kind, a) in [
                            (Attack::Melee, Action::Strike { figure, target: t }),
                            (Attack::Ranged, Action::Shoot { figure, target: t }),
                        ] {
                            let odds = state.attack_odds(figure, t, kind);
                            let text = format!(
                                "{} · {} {} · about {:.1} wounds",
                                if kind == Attack::Melee { "Melee" } else { "Ranged" },
                                odds.dice,
                                if odds.dice == 1 { "die" } else { "dice" },
                                odds.expected_wounds
                            );
                            if legal.contains(&a) && ui.button(text).clicked() {
                                self.attack_choice = None;
                                self.pending = Some(a);
                            }
                        }
                        if ui.button("Cancel").clicked() {
                            self.attack_choice = None;
                        }
                    });
                });
        }
        // Flights: ghosts, the hovered flight, the walk in progress.
        let pointer = ui.ctx().pointer_hover_pos().filter(|p| outer.contains(*p));
        let flying_now = legal.iter().any(|a| matches!(a, Action::Fly(_)));
        let plans = if flying_now && !state.options().announce_first { self.flights() } else { Vec::new() };
        let base_r = BASE_RADIUS as f32 * board.scale;
        let (focused_ring, chosen) = super::rings::flight_rings(
            ui,
            &painter,
            &colours,
            board,
            &plans,
            (pointer, sense),
            (outer, Zoom::buttons_rect(outer), &super::forest::kept_clear(board, &figures)),
        );
        if let Some(bird) = self.doom().1.filter(|_| human.is_some())
            && let Some(b) = state.bird(bird)
        {
            super::rings::doomed_plate(&painter, &colours, board, b.pose.at, true);
        } else if plans.iter().all(|g| matches!(g.outcome.ending, FlightEnding::Crashes(_) | FlightEnding::Off))
            && let Some(g) = plans.first()
        {
            super::rings::doomed_plate(&painter, &colours, board, g.plan.start.at, false);
        }
        by_widget = chosen.or(by_widget);
        let hovered = focused_ring.map(|i| &plans[i]).or_else(|| pointer.and_then(|q| nearest_ghost(&plans, board, q)));
        // The computer's flight, announced for the pause before it is
        // flown: its templates and where it ends.
        let announced = match self.m.announced() {
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
                self.paint_flight(&painter, &colours, plan, &outcome, board, at);
            }
        } else if let Some(g) = announced.as_ref().or(hovered) {
            self.paint_flight(&painter, &colours, &g.plan, &g.outcome, board, None);
            painter.circle_stroke(g.ring(board), base_r, Stroke::new(2.5, palette.selection));
        }
        // The last roll, thrown onto the table's frame.
        self.dice_tray(
            ui,
            &colours,
            (outer, Zoom::fitted(outer).rect, self.animations),
            (&state, &figures, board),
            ui.input(|i| i.time),
        );
        // Crossing prompt where it happens.
        let mut action: Option<Action> = self.pending.take().or(by_widget);
        if human.is_some() {
            action = action.or_else(|| self.crossing_prompt(ui, &state, &legal, board));
        } else {
            self.fly_through = false;
        }
        // Range finder line.
        if let Some((a, b)) = self.measured
            && let Some((d, sight)) = state.measure(a, Target::Figure(b))
        {
            let (pa, pb) = match (shape_of(&state, a), shape_of(&state, b)) {
                (Some(x), Some(y)) => (x, y),
                _ => (V2::new(0.0, 0.0), V2::new(0.0, 0.0)),
            };
            let colour = if sight.is_some() { palette.legal.to_opaque() } else { palette.illegal.to_opaque() };
            let (x, y) = sight.unwrap_or((pa, pb));
            painter.line_segment([board.to_screen(x), board.to_screen(y)], Stroke::new(2.5, colour));
            if sight.is_none() {
                // What blocks the line between the two: outlined.
                for blocker in blockers(&state, a, b, pa, pb) {
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
                colours.ink,
            );
        }
        self.drawn = Some((inner.min, scale));
        self.figure_spots = token_at.iter().chain(bird_at.iter()).map(|x| (x.0, x.1)).collect();
        // A lesson's units to activate: a gold ring round each figure.
        for x in token_at.iter().chain(bird_at.iter()) {
            if self.lights.contains(&Action::Activate(unit_of(x.0) as u8)) {
                painter.circle_stroke(x.1, x.2 + 5.0, Stroke::new(3.0, palette.selection));
            }
        }
        // Clicks and drags.
        let hit_figure = |p: Pos2| -> Option<Fig> {
            token_at
                .iter()
                .chain(bird_at.iter())
                .filter(|x| x.1.distance(p) <= x.2 + 3.0)
                .min_by(|x, y| x.1.distance(p).total_cmp(&y.1.distance(p)))
                .map(|x| x.0)
        };
        let hit_space = |p: Pos2| -> Option<u8> {
            let v = board.to_table(p);
            // Leaves lie over the branches: they are hit first.
            (0..state.space_count() as u8).rev().find(|&s| state.space_outline(s).contains(v))
        };
        let hit_ballista =
            |p: Pos2| -> Option<Alliance> { ballista_at.iter().find(|x| x.1.distance(p) <= x.2 + 3.0).map(|x| x.0) };
        // A card dropped on the battlefield: the figure under it receives
        // it, or the refusal says why (TF-R27).
        if let Some(p) = ui.ctx().pointer_latest_pos()
            && outer.contains(p)
            && ui.input(|i| i.pointer.any_released())
            // (taking a payload of another type would drop a figure's)
            && egui::DragAndDrop::has_payload_of_type::<super::hand::CardDrag>(ui.ctx())
            && let Some(super::hand::CardDrag(c)) =
                egui::DragAndDrop::take_payload::<super::hand::CardDrag>(ui.ctx()).map(|d| *d)
        {
            match hit_figure(p) {
                Some(f) => action = action.or_else(|| self.give_card(&state, c, f, notices)),
                None => notices.push(Notice::Error(half_made::card_off_unit(c).to_string())),
            }
        }
        // Dragging a figure: set the payload when the press starts on one.
        let drag_resp = &board_resp;
        if human.is_some()
            && drag_resp.drag_started()
            && let Some(p) = ui.input(|i| i.pointer.press_origin())
            && let Some(f) = hit_figure(p)
        {
            egui::DragAndDrop::set_payload(ui.ctx(), Dragged(f));
            self.selected = Some(f);
        }
        if drag_resp.drag_stopped()
            && let Some(Dragged(f)) = egui::DragAndDrop::take_payload::<Dragged>(ui.ctx()).map(|d| *d)
            && let Some(p) = ui.ctx().pointer_latest_pos()
        {
            action = action.or_else(|| self.drop_action(&state, &legal, &plans, f, p, board, hit_space(p)));
            if action.is_none() {
                notices.push(Notice::Error(self.drop_refusal(&state, &plans, f, p, board, hit_space(p))));
            }
        }
        if let Some(Dragged(f)) = egui::DragAndDrop::payload::<Dragged>(ui.ctx()).map(|d| *d)
            && let Some(p) = ui.ctx().pointer_latest_pos()
        {
            self.paint_lifted(&painter, (&colours, palette), &state, f, p, board, &plans);
        }
        if let Some(p) =
            clicked_at.or_else(|| board_resp.clicked().then(|| board_resp.interact_pointer_pos()).flatten())
        {
            // The side panel (drawn first) shows what the click chose:
            // draw once more.
            ui.ctx().request_repaint();
            let fig = hit_figure(p);
            if self.card_aim.is_some() {
                // A card waiting for its aim: where the bird should face,
                // or the figure it is aimed at.
                action = action.or_else(|| self.aim_click(&state, board.to_table(p), fig));
            } else if let (Some(c), Some(f)) = (self.card, fig) {
                action = action.or_else(|| self.give_card(&state, c, f, notices));
            } else if let Some(a) = self.bolt_or_blow(&legal, fig, hit_ballista(p), hit_space(p)) {
                action = action.or(Some(a));
            } else {
                action =
                    action.or_else(|| self.click_action(&state, &legal, &plans, p, board, fig, hit_space(p), notices));
            }
        }
        self.round_banner(ui, &colours, inner, &state);
        board_resp.widget_info(|| WidgetInfo::labeled(egui::Role::Image, true, "battlefield"));
        let carrying = egui::DragAndDrop::has_any_payload(ui.ctx());
        if self.zoom.follow_input(ui, outer, &board_resp, carrying) | self.zoom.buttons(ui, outer) {
            ui.ctx().request_repaint();
        }
        ui.set_clip_rect(clip);
        if let Some(a) = action {
            self.propose(a, notices);
        }
    }
}

/// The space a decision made by clicking a space names, whoever's figure
/// it is: deploying, landing a besieger, unloading a passenger, a patrol at
/// a drifting leaf (TF-R26).
pub(super) fn space_decision(a: &Action) -> Option<u8> {
    match a {
        Action::Deploy { space, .. }
        | Action::SiegeTo(space)
        | Action::Unload(Some(space))
        | Action::PatrolLeaf(space) => Some(*space),
        _ => None,
    }
}
