//! What may be chosen on the battlefield: the ballista's targets and the
//! figures a held card may go to, the launch headings round a bird, the
//! lit spaces, the attack targets with their odds, and the choice between
//! two kinds of attack.

use egui::{Align2, Pos2, Rect, RichText, Stroke, Ui, Vec2, WidgetInfo};

use super::{Picks, Scene, Spots, space_decision};
use crate::rules::Game;
use crate::rules::tail_feathers::dice::Attack;
use crate::rules::tail_feathers::game::{Action, Fig, TailFeathers, Target, space_name, target_name};
use crate::ui::tail_feathers::paint::{away_from, plated_text, u_screen};
use crate::ui::tail_feathers::words::{odds_lines, target_words};
use crate::ui::tail_feathers::{SkirmishView, forest, hand, paint, rings, tilting_bird};

impl SkirmishView {
    /// The ballista's targets ringed; the figures a held card may go to,
    /// and those a card waiting for its aim may be aimed at.
    pub(super) fn ring_bolt_and_card_targets(&self, ui: &Ui, sc: &Scene, spots: &Spots) {
        let (state, legal, board, painter, palette) = (sc.state, sc.legal, sc.board, sc.painter, sc.palette);
        let (token_at, bird_at) = (&spots.token_at, &spots.bird_at);
        // Targets of the ballista's bolt (TF-R28) ringed.
        for a in legal {
            if let Action::Loose(t) = a {
                let spot = match *t {
                    Target::Figure(f) => token_at.iter().chain(bird_at.iter()).find(|x| x.0 == f).map(|x| (x.1, x.2)),
                    Target::Ballista(side_) => spots.ballista_at.iter().find(|x| x.0 == side_).map(|x| (x.1, x.2)),
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
        let held_card = egui::DragAndDrop::payload::<hand::CardDrag>(ui.ctx()).map(|d| d.0).or(self.card);
        if let Some(c) = held_card {
            let pointer = ui.ctx().pointer_hover_pos();
            paint::paint_receivers(painter, &sc.colours, &spots.figures, &Self::receivers(legal, c), pointer);
        }
        if let Some((c, f)) = self.card_aim {
            for a in legal {
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
    }

    /// Launching: a handle for each heading the bird may launch facing,
    /// round its base (click one, or Tab to it and press Enter).
    pub(super) fn launch_dial(&mut self, ui: &Ui, sc: &Scene, bird_at: &[(Fig, Pos2, f32)], picks: &mut Picks) {
        let (legal, painter, colours) = (sc.legal, sc.painter, &sc.colours);
        if self.aiming
            && let Some((_, bird)) = tilting_bird(sc.state)
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
                let resp = ui.interact(rect, ui.scope_id().with(("tf-launch", h)), sc.sense);
                let lit = resp.hovered() || resp.has_focus();
                let bad = doomed.contains(&h);
                let ink = if bad { colours.cut } else { sc.palette.legal.to_opaque() };
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
                            painter,
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
                    picks.by_widget = Some(a);
                }
            }
        }
    }

    /// The spaces a click may choose now, lit and named (the nests' dials
    /// shown with them).
    pub(super) fn lit_spaces(&self, ui: &Ui, sc: &Scene, chosen: Option<Fig>, picks: &mut Picks) {
        let (state, legal, painter) = (sc.state, sc.legal, sc.painter);
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
            let pts = sc.poly(&state.space_outline(s));
            let rect = Rect::from_points(&pts);
            painter.add(egui::Shape::closed_line(pts, Stroke::new(3.0, sc.palette.legal.to_opaque())));
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
            let resp = ui.interact(rect.shrink(rect.width() * 0.2), ui.scope_id().with(("tf-space", s)), sc.sense);
            resp.widget_info(|| WidgetInfo::labeled(egui::Role::Button, true, said.clone()));
            sc.focus_ring(&resp, rect);
            if resp.clicked() {
                picks.by_widget = decision.cloned();
            }
        }
        if !lit_spaces.is_empty() {
            forest::paint_nest_dials(painter, &sc.colours, sc.board, state);
        }
    }

    /// The chosen figure's targets (and hits to assign, patrols to
    /// intercept) ringed and named with their odds; the computer's attack
    /// announced.
    pub(super) fn attack_targets(
        &mut self,
        ui: &Ui,
        sc: &Scene,
        spots: &Spots,
        chosen: Option<Fig>,
        picks: &mut Picks,
    ) {
        let (state, legal, painter, palette, colours) = (sc.state, sc.legal, sc.painter, sc.palette, &sc.colours);
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
        let shape_pos = |t: Target| spots.shape_pos(t, sc.board);
        // The computer's attack, shown for the pause before its dice fall:
        // an arrow from the attacker to its target, and what it does.
        if let Some(a @ (Action::Strike { figure, target } | Action::Shoot { figure, target })) = self.table.announced()
            && let (Some((from, fr)), Some((to, tr))) = (shape_pos(Target::Figure(*figure)), shape_pos(*target))
        {
            rings::announced_attack(painter, colours, (from, fr), (to, tr), &state.describe(a));
        }
        let pointer_now = ui.ctx().pointer_hover_pos().filter(|p| sc.outer.contains(*p));
        let mut odds_shown = false;
        for (i, (t, a)) in targets.iter().enumerate() {
            if let Some((p, r)) = shape_pos(*t) {
                painter.circle_stroke(p, r + 4.0, Stroke::new(2.5, palette.illegal.to_opaque()));
                // Named for screen readers with its odds; pointing at it
                // shows them by the target, with the line of sight.
                let said = target_words(state, a, legal);
                let rect = Rect::from_center_size(p, Vec2::splat(2.0 * r + 8.0));
                let resp = ui.interact(rect, ui.scope_id().with(("tf-target", i)), sc.sense);
                resp.widget_info(|| WidgetInfo::labeled(egui::Role::Button, true, said.clone()));
                sc.focus_ring(&resp, rect);
                if resp.clicked() {
                    match a {
                        Action::Strike { figure, target } | Action::Shoot { figure, target } => {
                            let both = legal.contains(&Action::Strike { figure: *figure, target: *target })
                                && legal.contains(&Action::Shoot { figure: *figure, target: *target });
                            if both {
                                self.attack_choice = Some((*target, *figure));
                            } else {
                                picks.by_widget = Some(a.clone());
                            }
                        }
                        _ => picks.by_widget = Some(a.clone()),
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
                        painter,
                        p + Vec2::new(0.0, -r - 8.0),
                        Align2::CENTER_BOTTOM,
                        // (Named first: which of two figures side by side
                        // was meant was not plain.)
                        &[format!("Attack {}", target_name(*t))]
                            .into_iter()
                            .chain(odds_lines(state, *figure, *t, legal))
                            .collect::<Vec<_>>()
                            .join("\n"),
                        colours.die_ink,
                        colours.die,
                    );
                }
            }
        }
    }

    /// A target open to both kinds of attack: which one, by the target.
    pub(super) fn attack_choice_popup(&mut self, ui: &Ui, sc: &Scene, spots: &Spots) {
        let (state, legal) = (sc.state, sc.legal);
        if let Some((t, figure)) = self.attack_choice
            && let Some((p, r)) = spots.shape_pos(t, sc.board)
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
    }
}
