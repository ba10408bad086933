//! The Tail Feathers table: the battlefield to scale, top-down (trees with
//! their trunks and spaces, nests with their life, the sapling, the axis
//! marker, mission cards), birds on round bases with heading and tilt,
//! ground figures as tokens, the unit cards and cheese wheels beside it,
//! and every decision of the rules as a click, a drag or a button.
//!
//! - **Flights**: a bird to fly shows every flight it may announce as a
//!   faint ghost of its end; pointing at one draws its templates, numbers
//!   the crossings in the order they will be met and marks where it would
//!   be cut short and why; click the ghost, or drag the bird onto it, to
//!   fly. With "announce flights first" the list is chosen from buttons,
//!   as at the table. Crossing decisions appear on the board where they
//!   happen.
//! - **Tree moves**: click a figure (or drag it) and the spaces it may
//!   reach are lit; a refused drop names its rule.
//! - **Attacks**: the chosen figure's targets are lit; the range finder
//!   measures between any two figures at any time.
//! - **Secrets**: with two people at the screen, a hand-off bar hides the
//!   mission choice and the bid until the person to choose is at the
//!   screen; face-down mission cards show only to their owner.

#![allow(
    clippy::many_single_char_names,
    clippy::similar_names,
    clippy::unused_self,
    reason = "drawing code reads best with the usual short names (p, r, f, u), and the view's helpers stay methods"
)]

use egui::{Align2, Color32, FontId, Pos2, Rect, RichText, Sense, Stroke, StrokeKind, Ui, Vec2, WidgetInfo};

use super::Notice;
use super::tab::{EndWords, Frame, Tab, UndoGuard, View};
use super::theme::{self, Forest, Palette};
use crate::rules::tail_feathers::components::{Alliance, BIRDS, CLOSE_RANGE, GROUND, RANGED_RANGE};
use crate::rules::tail_feathers::dice::{Face, Symbol};
use crate::rules::tail_feathers::game::{
    Action, BIRD_FIGS, Crossing, Event, Fig, FlightPlan, Options, Phase, Place, Secret, TailFeathers, Target,
    UNIT_DEFS, UNITS, field, figure_name, kind_name, seat_of, side_name, side_of_seat, space_name, unit_name, unit_of,
};
use crate::rules::tail_feathers::geometry::{BASE_RADIUS, Pose, Shape, V2, pose_after};
use crate::rules::{Game, Outcome, Seat, Setup};
use crate::session::{Player, Session};
use crate::table::Table;

/// Inches of table drawn round the battlefield.
const MARGIN: f32 = 3.0;

/// The battlefield's place on the screen.
#[derive(Clone, Copy)]
struct Board {
    rect: Rect,
    scale: f32,
}

impl Board {
    fn to_screen(self, p: V2) -> Pos2 {
        let size = field().size as f32;
        Pos2::new(self.rect.left() + p.x as f32 * self.scale, self.rect.top() + (size - p.y as f32) * self.scale)
    }

    fn to_table(self, p: Pos2) -> V2 {
        let size = field().size;
        V2::new(
            f64::from((p.x - self.rect.left()) / self.scale),
            size - f64::from((p.y - self.rect.top()) / self.scale),
        )
    }
}

/// A dragged figure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Dragged(Fig);

/// The Tail Feathers view (its tab is [`SkirmishTab`]).
pub struct SkirmishView {
    /// The game, its file and its computer players.
    pub m: Table<TailFeathers>,
    /// The figure chosen by a click.
    pub selected: Option<Fig>,
    /// The range finder is in use; its first end.
    pub finder: Option<Option<Fig>>,
    /// The range finder's measured pair.
    pub measured: Option<(Fig, Fig)>,
    /// The person whose secrets the screen may show (after the hand-off).
    pub revealed: Option<Seat>,
    /// The flights of the bird to fly, worked out once per position.
    ghosts: Option<(usize, Vec<FlightPlan>)>,
    /// Launching: the bird waits for a click that sets its heading.
    pub aiming: bool,
    /// Where the last frame drew the battlefield (its top-left corner and
    /// pixels per inch), and each figure on it: for pointing at things.
    pub drawn: Option<(Pos2, f32)>,
    /// Where the last frame drew each figure.
    pub figure_spots: Vec<(Fig, Pos2)>,
}

impl SkirmishView {
    fn with_table(m: Table<TailFeathers>) -> Self {
        Self {
            m,
            selected: None,
            finder: None,
            measured: None,
            revealed: None,
            ghosts: None,
            aiming: false,
            drawn: None,
            figure_spots: Vec::new(),
        }
    }

    fn state(&self) -> &TailFeathers {
        self.m.session.state()
    }

    fn human_to_move(&self) -> Option<Seat> {
        self.m.person_to_move()
    }

    /// True when the person to choose a secret (mission, bid) must be at
    /// the screen alone first.
    #[must_use]
    pub fn needs_hand_off(&self) -> bool {
        let Some(seat) = self.human_to_move() else { return false };
        self.m.humans().len() > 1 && self.revealed != Some(seat) && secret_decision(self.state())
    }

    /// The person at the screen confirms.
    pub fn confirm_hand_off(&mut self) {
        self.revealed = self.human_to_move();
    }

    /// Whose secrets the screen shows: the only person, or, with two
    /// people at the screen, the one who took it at the hand-off while a
    /// secret decision of theirs (a mission, a bid) is on. Between those
    /// decisions both people watch the screen, so it shows nobody's.
    fn viewer(&self) -> Option<Seat> {
        let humans = self.m.humans();
        if humans.len() == 1 {
            return humans.first().copied();
        }
        if humans.is_empty() || self.m.session.is_over() {
            return None;
        }
        match (self.revealed, self.human_to_move()) {
            (Some(r), Some(h)) if r == h && secret_decision(self.state()) => Some(r),
            _ => None,
        }
    }

    fn propose(&mut self, action: Action, notices: &mut Vec<Notice>) -> bool {
        let ok = self.m.propose_for_person(action, notices);
        if ok {
            self.selected = None;
            self.aiming = false;
        }
        ok
    }

    /// Where the last frame drew the table point `v`.
    #[must_use]
    pub fn screen_of(&self, v: V2) -> Option<Pos2> {
        let (corner, scale) = self.drawn?;
        Some(Board { rect: Rect::from_min_size(corner, Vec2::splat(field().size as f32 * scale)), scale }.to_screen(v))
    }

    fn flights(&mut self) -> Vec<FlightPlan> {
        let cursor = self.m.session.cursor();
        if let Some((c, plans)) = &self.ghosts
            && *c == cursor
        {
            return plans.clone();
        }
        let state = self.state();
        let plans: Vec<FlightPlan> = match state.active_unit() {
            Some(u) if state.walking().is_none() => {
                let bird = UNIT_DEFS[u].first;
                state
                    .legal_actions()
                    .iter()
                    .filter_map(|a| match a {
                        Action::Fly(list) => state.plan_flight(bird, list).map(|mut p| {
                            p.laid.truncate(list.len());
                            p
                        }),
                        _ => None,
                    })
                    .collect()
            }
            _ => Vec::new(),
        };
        self.ghosts = Some((cursor, plans.clone()));
        plans
    }

    #[allow(clippy::too_many_lines, reason = "draws the battlefield and handles its clicks and drags in one pass")]
    fn battlefield_ui(&mut self, ui: &mut Ui, palette: &Palette, notices: &mut Vec<Notice>) {
        let state = self.state().clone();
        let colours = palette.forest;
        let human = self.human_to_move();
        let legal = if human.is_some() { state.legal_actions() } else { Vec::new() };
        let side = ui.available_width().min(ui.available_height()).max(240.0) - 8.0;
        let (outer, board_resp) = ui.allocate_exact_size(Vec2::splat(side), Sense::click_and_drag());
        // A margin of 3" round the battlefield, so flights that leave it
        // can still be seen (and their end marked as lost).
        let scale = side / (field().size as f32 + 2.0 * MARGIN);
        let inner = outer.shrink(MARGIN * scale);
        let board = Board { rect: inner, scale };
        let painter = ui.painter_at(outer);
        painter.rect_filled(outer, 4.0, colours.floor.gamma_multiply(0.6));
        painter.text(
            outer.left_top() + Vec2::new(6.0, 4.0),
            Align2::LEFT_TOP,
            "off the battlefield",
            FontId::proportional(10.0),
            colours.ink,
        );
        painter.rect_filled(inner, 2.0, colours.floor);
        painter.rect_stroke(inner, 2.0, Stroke::new(1.5, colours.ink), StrokeKind::Outside);
        let poly = |p: &crate::rules::tail_feathers::geometry::Polygon| -> Vec<Pos2> {
            p.0.iter().map(|&v| board.to_screen(v)).collect()
        };
        // Trees: spaces (capacity pips), nests (life), trunks.
        for (t, tree) in field().trees.iter().enumerate() {
            for &s in &tree.spaces {
                let sp = &field().spaces[s];
                let fill = if sp.nest.is_some() { colours.nest } else { colours.space };
                painter.add(egui::Shape::convex_polygon(poly(&sp.outline), fill, Stroke::new(1.0, colours.ink)));
                let c = board.to_screen(sp.perch);
                if let Some(owner) = sp.nest {
                    // The nest dial above the nest, clear of the figures in it.
                    let life = state.nest_life(owner);
                    let top = board.to_screen(V2::new(sp.perch.x, sp.perch.y + 1.25));
                    let said = format!("{} nest: {life} life", side_name(owner));
                    painter.text(top, Align2::CENTER_BOTTOM, &said, FontId::proportional(11.0), colours.ink);
                    for k in 0..state.nest_fire(owner) {
                        painter.circle_filled(c + Vec2::new(-12.0 + 8.0 * f32::from(k), 18.0), 3.5, colours.fire);
                    }
                } else {
                    // Four pips: one large figure or four small fill them.
                    let top = board.to_screen(V2::new(sp.perch.x - 1.0, sp.perch.y + 1.1));
                    for k in 0..4 {
                        painter.circle_stroke(top + Vec2::new(5.0 * k as f32, 0.0), 1.6, Stroke::new(0.8, colours.ink));
                    }
                }
            }
            painter.add(egui::Shape::convex_polygon(poly(&tree.trunk), colours.trunk, Stroke::NONE));
            let label_at =
                board.to_screen(crate::rules::tail_feathers::geometry::centre(&Shape::Polygon(tree.trunk.clone())));
            let short =
                tree.name.split(": ").last().unwrap_or(tree.name).trim_start_matches("the ").trim_start_matches("The ");
            painter.text(label_at, Align2::CENTER_CENTER, short, FontId::proportional(9.0), colours.on_trunk);
            let _ = t;
        }
        // The axis marker.
        let axis = board.to_screen(field().axis);
        painter.line_segment([axis - Vec2::new(6.0, 0.0), axis + Vec2::new(6.0, 0.0)], Stroke::new(2.0, colours.ink));
        painter.line_segment([axis - Vec2::new(0.0, 6.0), axis + Vec2::new(0.0, 6.0)], Stroke::new(2.0, colours.ink));
        // Mission spots to lay a card on, and the cards.
        for a in &legal {
            if let Action::PlaceMission(spot) = a {
                let pts = poly(&field().mission_spots[usize::from(*spot)]);
                painter.add(egui::Shape::closed_line(pts, Stroke::new(2.0, palette.legal.to_opaque())));
            }
        }
        let viewer = self.viewer();
        for side_ in [Alliance::Mice, Alliance::Rats] {
            if let Some(card) = state.mission(side_)
                && let Some(spot) = card.spot
            {
                let pts = poly(&field().mission_spots[usize::from(spot)]);
                let shown = card.revealed || viewer == Some(seat_of(side_));
                let fill = if card.revealed { palette.card_face } else { palette.card_back };
                let r = Rect::from_points(&pts);
                painter.rect_filled(r, 3.0, fill);
                painter.rect_stroke(r, 3.0, Stroke::new(1.5, side_colour(&colours, side_)), StrokeKind::Inside);
                let text = match (shown, card.kind) {
                    (true, Some(k)) if card.revealed => format!("{}\n{}", side_name(side_), kind_name(k)),
                    (true, Some(k)) => format!("{}\n({}, face down)", side_name(side_), kind_name(k)),
                    _ => format!("{}\nmission", side_name(side_)),
                };
                let said = format!("mission card: {}", text.replace('\n', " "));
                painter.text(
                    r.center(),
                    Align2::CENTER_CENTER,
                    text,
                    FontId::proportional(10.0),
                    palette.text_on(fill),
                );
                ui.interact(r, ui.scope_id().with(("tf-mission", seat_of(side_).0)), Sense::hover())
                    .widget_info(|| WidgetInfo::labeled(egui::Role::Image, true, said.clone()));
            }
        }
        // Ground figures in their spaces.
        let mut token_at: Vec<(Fig, Pos2, f32)> = Vec::new();
        for s in 0..field().spaces.len() as u8 {
            let figs: Vec<Fig> = state.in_space(s).into_iter().filter(|&f| !BIRD_FIGS.contains(&f)).collect();
            let c = board.to_screen(field().spaces[usize::from(s)].perch);
            // Two by two in a tree space (four at most), four a row in a nest.
            let per_row = if field().spaces[usize::from(s)].nest.is_some() { 4 } else { 2 };
            let r = (board.scale * 0.26).clamp(4.0, 10.0);
            let rows = figs.len().div_ceil(per_row).max(1) as f32;
            for (k, &f) in figs.iter().enumerate() {
                let (col, row) = ((k % per_row) as f32, (k / per_row) as f32);
                let across = (per_row as f32 - 1.0) / 2.0;
                let p = c + Vec2::new((col - across) * r * 2.2, (row - (rows - 1.0) / 2.0) * r * 2.2);
                token_at.push((f, p, r));
            }
        }
        for &(f, p, r) in &token_at {
            let fig = state.figure(f);
            let side_ = UNIT_DEFS[unit_of(f)].side;
            let fill = side_colour(&colours, side_);
            if fig.immobilized {
                painter.add(egui::Shape::ellipse_filled(p, Vec2::new(r * 1.2, r * 0.6), fill));
            } else {
                painter.circle(p, r, fill, Stroke::new(1.0, colours.ink));
            }
            let letter = if UNIT_DEFS[unit_of(f)].count == 1 { "H" } else { "" };
            painter.text(p, Align2::CENTER_CENTER, letter, FontId::proportional(r * 1.2), palette.text_on(fill));
            if fig.on_fire {
                painter.circle_stroke(p, r + 2.0, Stroke::new(2.0, colours.fire));
            }
            if self.selected == Some(f) {
                painter.circle_stroke(p, r + 3.0, Stroke::new(2.5, palette.selection));
            }
        }
        // Birds.
        let mut bird_at: Vec<(Fig, Pos2, f32)> = Vec::new();
        for &f in &BIRD_FIGS {
            let Some(b) = state.bird(f) else { continue };
            let place = state.figure(f).place;
            let at = match place {
                Place::Air => b.pose.at,
                Place::Space(s) if b.launching => {
                    let _ = s;
                    b.pose.at
                }
                Place::Space(s) => field().spaces[usize::from(s)].perch,
                _ => continue,
            };
            let p = board.to_screen(at);
            let r = BASE_RADIUS as f32 * board.scale;
            bird_at.push((f, p, r));
            self.paint_bird(&painter, &colours, palette, &state, f, Pose { at, heading: b.pose.heading }, board);
        }
        // The figure whose moves and targets are lit: the one clicked, or
        // the bird being activated.
        let chosen =
            self.selected.or_else(|| state.active_unit().and_then(|u| UNIT_DEFS[u].bird.map(|_| UNIT_DEFS[u].first)));
        // What may be clicked now.
        let lit_spaces: Vec<u8> = legal
            .iter()
            .filter_map(|a| match a {
                Action::Deploy { space, .. } | Action::SiegeTo(space) | Action::Unload(Some(space)) => Some(*space),
                Action::Move { figure, to } | Action::Scurry { figure, to } if Some(*figure) == chosen => Some(*to),
                _ => None,
            })
            .collect();
        for &s in &lit_spaces {
            painter.add(egui::Shape::closed_line(
                poly(&field().spaces[usize::from(s)].outline),
                Stroke::new(3.0, palette.legal.to_opaque()),
            ));
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
                _ => None,
            }
        };
        for (t, _) in &targets {
            if let Some((p, r)) = shape_pos(*t) {
                painter.circle_stroke(p, r + 4.0, Stroke::new(2.5, palette.illegal.to_opaque()));
            }
        }
        // Flights: ghosts, the hovered flight, the walk in progress.
        let pointer = ui.ctx().pointer_hover_pos().filter(|p| outer.contains(*p));
        let flying_now = legal.iter().any(|a| matches!(a, Action::Fly(_)));
        let mut hovered_plan: Option<FlightPlan> = None;
        let plans = if flying_now && !state.options().announce_first { self.flights() } else { Vec::new() };
        for plan in &plans {
            let p = board.to_screen(plan.end.at);
            // A flight that ends off the battlefield loses the bird: its
            // ghost is drawn in the warning colour.
            let e = plan.end.at;
            let size = field().size;
            let off = e.x < -BASE_RADIUS || e.y < -BASE_RADIUS || e.x > size + BASE_RADIUS || e.y > size + BASE_RADIUS;
            let ring = if off { colours.cut } else { colours.ghost };
            painter.circle_stroke(p, BASE_RADIUS as f32 * board.scale, Stroke::new(1.0, ring));
            if let Some(q) = pointer
                && q.distance(p) < BASE_RADIUS as f32 * board.scale * 0.7
                && hovered_plan.is_none()
            {
                hovered_plan = Some(plan.clone());
            }
        }
        // The computer's flight, announced for the pause before it is
        // flown: its templates and where it ends.
        let announced = match self.m.announced() {
            Some(Action::Fly(list)) => state.active_unit().and_then(|u| state.plan_flight(UNIT_DEFS[u].first, list)),
            _ => None,
        };
        if let Some((plan, _)) = state.walking() {
            self.paint_flight(&painter, &colours, plan, board, state.walking().and_then(|w| w.1));
        } else if let Some(plan) = announced.as_ref().or(hovered_plan.as_ref()) {
            self.paint_flight(&painter, &colours, plan, board, None);
            painter.circle_stroke(
                board.to_screen(plan.end.at),
                BASE_RADIUS as f32 * board.scale,
                Stroke::new(2.5, palette.selection),
            );
        }
        // Crossing prompt where it happens.
        let mut action: Option<Action> = None;
        if human.is_some()
            && let Some((plan, Some(c))) = state.walking()
        {
            let at = crossing_point(&state, plan, c);
            let choices: Vec<Action> = legal.clone();
            if !choices.is_empty() {
                let pos = board.to_screen(at) + Vec2::new(12.0, -12.0);
                egui::Area::new(ui.scope_id().with("tf-crossing")).fixed_pos(pos).order(egui::Order::Foreground).show(
                    ui.ctx(),
                    |ui| {
                        egui::Frame::popup(ui.style()).show(ui, |ui| {
                            ui.label(RichText::new(crossing_title(c)).strong());
                            for a in &choices {
                                if ui.button(choice_label(&state, a)).clicked() {
                                    action = Some(a.clone());
                                }
                            }
                        });
                    },
                );
            }
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
            field().spaces.iter().position(|s| s.outline.contains(v)).map(|s| s as u8)
        };
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
                notices.push(Notice::Error(self.drop_refusal(&state, f, hit_space(p))));
            }
        }
        if let Some(Dragged(f)) = egui::DragAndDrop::payload::<Dragged>(ui.ctx()).map(|d| *d)
            && let Some(p) = ui.ctx().pointer_latest_pos()
        {
            painter.circle_stroke(p, 8.0, Stroke::new(2.0, palette.selection));
            let _ = f;
        }
        if board_resp.clicked()
            && let Some(p) = board_resp.interact_pointer_pos()
        {
            // The side panel (drawn first) shows what the click chose:
            // draw once more.
            ui.ctx().request_repaint();
            action = action
                .or_else(|| self.click_action(&state, &legal, &plans, p, board, hit_figure(p), hit_space(p), notices));
        }
        board_resp.widget_info(|| WidgetInfo::labeled(egui::Role::Image, true, "battlefield"));
        if let Some(a) = action {
            self.propose(a, notices);
        }
    }

    #[allow(clippy::too_many_arguments, reason = "a drop needs the position, the board and what is under it")]
    fn drop_action(
        &self,
        state: &TailFeathers,
        legal: &[Action],
        plans: &[FlightPlan],
        f: Fig,
        p: Pos2,
        board: Board,
        space: Option<u8>,
    ) -> Option<Action> {
        if state.active_unit().map(|u| UNIT_DEFS[u].first) == Some(f)
            && let Some(plan) = nearest_plan(plans, board, p)
        {
            return Some(Action::Fly(plan.laid.iter().map(|l| l.length).collect()));
        }
        let s = space?;
        let options = [
            Action::Move { figure: f, to: s },
            Action::Scurry { figure: f, to: s },
            Action::Deploy { figure: f, space: s },
        ];
        options.into_iter().find(|a| legal.contains(a))
    }

    fn drop_refusal(&self, state: &TailFeathers, f: Fig, space: Option<u8>) -> String {
        let Some(s) = space else {
            return "Drop a figure on a space of a tree (or a bird on a ghost of its flight)".into();
        };
        let step = state.legal_actions();
        let probe = if step.iter().any(|a| matches!(a, Action::Scurry { .. })) {
            Action::Scurry { figure: f, to: s }
        } else {
            Action::Move { figure: f, to: s }
        };
        match state.check(&probe) {
            Ok(()) => String::new(),
            Err(v) => v.to_string(),
        }
    }

    #[allow(
        clippy::too_many_arguments,
        clippy::too_many_lines,
        reason = "a click needs the position, the board and what is under it, and tries each kind of decision in turn"
    )]
    fn click_action(
        &mut self,
        state: &TailFeathers,
        legal: &[Action],
        plans: &[FlightPlan],
        p: Pos2,
        board: Board,
        fig: Option<Fig>,
        space: Option<u8>,
        notices: &mut Vec<Notice>,
    ) -> Option<Action> {
        // The range finder takes clicks first.
        if let Some(first) = self.finder {
            if let Some(f) = fig {
                match first {
                    None => self.finder = Some(Some(f)),
                    Some(a) => {
                        self.measured = Some((a, f));
                        self.finder = Some(None);
                    }
                }
            }
            return None;
        }
        if let Some(plan) = nearest_plan(plans, board, p) {
            return Some(Action::Fly(plan.laid.iter().map(|l| l.length).collect()));
        }
        if self.aiming
            && let Some((_, bird)) = tilting_bird(state)
            && let Some(b) = state.bird(bird)
        {
            let at = match state.figure(bird).place {
                Place::Space(s) => field().spaces[usize::from(s)].perch,
                _ => b.pose.at,
            };
            let d = board.to_table(p).minus(at);
            let h = (0..24u8).max_by(|x, y| {
                crate::rules::tail_feathers::geometry::Heading(*x)
                    .unit()
                    .dot(d)
                    .total_cmp(&crate::rules::tail_feathers::geometry::Heading(*y).unit().dot(d))
            })?;
            let launch = (0..5).map(|pt| Action::Launch { bird, heading: h, point: pt }).find(|a| legal.contains(a));
            if launch.is_none() {
                notices.push(Notice::Error("TF-R3: no launch position that way clears the flying birds".into()));
            }
            return launch;
        }
        if let Some(f) = fig {
            // A target of the chosen figure (or the bird being activated),
            // or a hit to give?
            let active_bird = state.active_unit().and_then(|u| UNIT_DEFS[u].bird.map(|_| UNIT_DEFS[u].first));
            if let Some(sel) = self.selected.or(active_bird) {
                for a in [
                    Action::Strike { figure: sel, target: Target::Figure(f) },
                    Action::Shoot { figure: sel, target: Target::Figure(f) },
                ] {
                    if legal.contains(&a) {
                        return Some(a);
                    }
                }
            }
            for a in [
                Action::AssignHit(Target::Figure(f)),
                Action::Patrol(f),
                Action::Send(f),
                Action::Activate(unit_of(f) as u8),
                Action::Stand(f),
            ] {
                if legal.contains(&a) && (!matches!(a, Action::Activate(_)) || self.selected == Some(f)) {
                    return Some(a);
                }
            }
            self.selected = if self.selected == Some(f) { None } else { Some(f) };
            return None;
        }
        if let Some(s) = space {
            if let Some(sel) = self.selected {
                for a in [Action::Move { figure: sel, to: s }, Action::Scurry { figure: sel, to: s }] {
                    if legal.contains(&a) {
                        return Some(a);
                    }
                }
                let nest = field().spaces[usize::from(s)].nest;
                if let Some(owner) = nest {
                    for a in [
                        Action::Strike { figure: sel, target: Target::Nest(owner) },
                        Action::Shoot { figure: sel, target: Target::Nest(owner) },
                    ] {
                        if legal.contains(&a) {
                            return Some(a);
                        }
                    }
                }
                if legal
                    .iter()
                    .any(|a| matches!(a, Action::Move { figure, .. } | Action::Scurry { figure, .. } if *figure == sel))
                {
                    let probe = if legal.iter().any(|a| matches!(a, Action::Scurry { .. })) {
                        Action::Scurry { figure: sel, to: s }
                    } else {
                        Action::Move { figure: sel, to: s }
                    };
                    if let Err(v) = state.check(&probe) {
                        notices.push(Notice::Error(v.to_string()));
                    }
                    return None;
                }
            }
            if let Some(owner) = field().spaces[usize::from(s)].nest
                && legal.contains(&Action::AssignHit(Target::Nest(owner)))
            {
                return Some(Action::AssignHit(Target::Nest(owner)));
            }
            for a in legal {
                match a {
                    Action::Deploy { space, .. } | Action::SiegeTo(space) | Action::Unload(Some(space))
                        if *space == s =>
                    {
                        return Some(a.clone());
                    }
                    _ => {}
                }
            }
        }
        let v = board.to_table(p);
        for a in legal {
            if let Action::PlaceMission(spot) = a
                && field().mission_spots[usize::from(*spot)].contains(v)
            {
                return Some(a.clone());
            }
        }
        None
    }

    #[allow(clippy::too_many_arguments, reason = "painting a bird needs its pose, the board and its colours")]
    fn paint_bird(
        &self,
        painter: &egui::Painter,
        colours: &Forest,
        palette: &Palette,
        state: &TailFeathers,
        f: Fig,
        pose: Pose,
        board: Board,
    ) {
        let Some(b) = state.bird(f) else { return };
        let side_ = UNIT_DEFS[unit_of(f)].side;
        let p = board.to_screen(pose.at);
        let r = BASE_RADIUS as f32 * board.scale;
        let fill = side_colour(colours, side_);
        let perched = matches!(state.figure(f).place, Place::Space(_));
        painter.circle(
            p,
            r,
            fill.gamma_multiply(if perched && !b.launching { 0.75 } else { 1.0 }),
            Stroke::new(1.5, colours.ink),
        );
        let u = pose.heading.unit();
        let tip = p + Vec2::new(u.x as f32, -u.y as f32) * r;
        painter.line_segment([p, tip], Stroke::new(2.5, colours.ink));
        let name = BIRDS[UNIT_DEFS[unit_of(f)].bird.map_or(0, |x| x.0)].name;
        let initial: String = name.split_whitespace().map(|w| w.chars().next().unwrap_or('?')).collect();
        let tilt = match b.tilt {
            crate::rules::tail_feathers::geometry::Tilt::Left => "L",
            crate::rules::tail_feathers::geometry::Tilt::Centre => "C",
            crate::rules::tail_feathers::geometry::Tilt::Right => "R",
        };
        let label = if perched && !b.launching { initial } else { format!("{initial}·{tilt}") };
        painter.text(
            p + Vec2::new(0.0, r * 0.35),
            Align2::CENTER_CENTER,
            label,
            FontId::proportional((r * 0.55).max(8.0)),
            palette.text_on(fill),
        );
        let fig = state.figure(f);
        if fig.wounds > 0 {
            painter.text(
                p + Vec2::new(r * 0.8, -r * 0.8),
                Align2::LEFT_BOTTOM,
                format!("{}/{}", fig.wounds, state.life(unit_of(f))),
                FontId::proportional(10.0),
                palette.illegal.to_opaque(),
            );
        }
        if b.rattled {
            painter.text(
                p + Vec2::new(-r * 0.9, -r * 0.8),
                Align2::RIGHT_BOTTOM,
                "rattled",
                FontId::proportional(10.0),
                colours.ink,
            );
        }
        if fig.on_fire {
            painter.circle_stroke(p, r + 2.5, Stroke::new(2.5, colours.fire));
        }
        if b.launching {
            painter.circle_stroke(p, r + 1.5, Stroke::new(1.0, colours.ink));
        }
        if self.selected == Some(f) || state.active_unit().map(|u| UNIT_DEFS[u].first) == Some(f) {
            painter.circle_stroke(p, r + 3.5, Stroke::new(2.5, palette.selection));
        }
    }

    fn paint_flight(
        &self,
        painter: &egui::Painter,
        colours: &Forest,
        plan: &FlightPlan,
        board: Board,
        at: Option<Crossing>,
    ) {
        for (i, t) in plan.laid.iter().enumerate() {
            let pts: Vec<Pos2> = t.polygon().0.iter().map(|&v| board.to_screen(v)).collect();
            if i < plan.kept {
                painter.add(egui::Shape::convex_polygon(pts, colours.template, Stroke::new(1.0, colours.ink)));
            } else {
                painter.add(egui::Shape::closed_line(pts, Stroke::new(1.0, colours.cut)));
            }
        }
        if plan.kept < plan.laid.len() {
            let cut = board.to_screen(plan.end.at);
            let why = match plan.ended_on {
                Some(f) => format!("cut short: would end on {}", figure_name(f)),
                None => "cut short".into(),
            };
            painter.text(
                cut + Vec2::new(0.0, -14.0),
                Align2::CENTER_BOTTOM,
                why,
                FontId::proportional(11.0),
                colours.cut,
            );
        }
        let state = self.state();
        let mut n = 0;
        for &(_, c) in &plan.crossings {
            if matches!(c, Crossing::Maneuver(_)) {
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
        painter.circle_stroke(
            board.to_screen(plan.end.at),
            BASE_RADIUS as f32 * board.scale,
            Stroke::new(1.5, colours.ink),
        );
    }

    #[allow(clippy::too_many_lines, reason = "the side panel lists every part of the game in order")]
    fn side_ui(&mut self, ui: &mut Ui, frame: &mut Frame<'_>, palette: &Palette) {
        let state = self.state().clone();
        let colours = palette.forest;
        ui.heading("Tail Feathers");
        frame.status_ui(ui, &self.m);
        frame.history_ui(ui, &self.m);
        ui.horizontal(|ui| {
            for side_ in [Alliance::Mice, Alliance::Rats] {
                let seat = seat_of(side_);
                ui.label(RichText::new(side_name(side_)).strong().color(side_colour(&colours, side_)));
                cheese_wheel(ui, state.cheese(seat), palette);
                ui.label(format!("nest {}", state.nest_life(side_)));
            }
        });
        let finder_on = self.finder.is_some();
        if ui.selectable_label(finder_on, "Range finder: click two figures").clicked() {
            self.finder = if finder_on { None } else { Some(None) };
            self.measured = None;
        }
        if let Some((a, b)) = self.measured
            && let Some((d, sight)) = state.measure(a, Target::Figure(b))
        {
            ui.label(format!(
                "{} to {}: {d:.1}\", {}, {}",
                figure_name(a),
                figure_name(b),
                range_band(d),
                if sight.is_some() { "clear sight" } else { "no clear sight (a trunk or a flying bird blocks)" }
            ));
        }
        ui.separator();
        // The decisions of the moment.
        if let Some(seat) = self.human_to_move()
            && !self.needs_hand_off()
        {
            self.choices_ui(ui, &state, seat, frame.notices);
        }
        self.dice_ui(ui, &state, palette.forest);
        ui.separator();
        egui::ScrollArea::vertical().max_height(260.0).id_salt("tf-units").show(ui, |ui| {
            for u in 0..UNITS {
                unit_card(ui, &state, u, &colours);
            }
        });
        ui.separator();
        ui.label(RichText::new("Log").strong());
        egui::ScrollArea::vertical().stick_to_bottom(true).id_salt("tf-log").show(ui, |ui| {
            for e in &self.m.session.log()[..self.m.session.cursor()] {
                ui.label(&e.text);
            }
        });
    }

    fn choices_ui(&mut self, ui: &mut Ui, state: &TailFeathers, seat: Seat, notices: &mut Vec<Notice>) {
        let legal = state.legal_actions();
        let mut action = None;
        let viewer = self.viewer();
        if let Some(card) = state.mission(side_of_seat(seat))
            && viewer == Some(seat)
            && let Some(k) = card.kind
            && !card.revealed
        {
            ui.label(format!("Your mission card (secret): {}", kind_name(k)));
        }
        if let Secret::Chosen(n) = state.bid(seat)
            && viewer == Some(seat)
        {
            ui.label(format!("Your bid (secret): {n} extra dice"));
        }
        let flights = legal.iter().filter(|a| matches!(a, Action::Fly(_))).count();
        if flights > 0 {
            if state.options().announce_first {
                ui.label("Announce the flight (templates in order):");
                egui::ScrollArea::vertical().max_height(160.0).id_salt("tf-lists").show(ui, |ui| {
                    for a in &legal {
                        if let Action::Fly(_) = a
                            && ui.button(choice_label(state, a)).clicked()
                        {
                            action = Some(a.clone());
                        }
                    }
                });
            } else {
                ui.label(format!(
                    "{flights} flights: point at a ghost on the board to see its templates and crossings; click it, or drag the bird onto it, to fly."
                ));
            }
        }
        if tilting_bird(state).is_some() && legal.iter().any(|a| matches!(a, Action::Launch { .. })) {
            let label = if self.aiming { "Launching: click where it should face" } else { "Launch…" };
            if ui.selectable_label(self.aiming, label).clicked() {
                self.aiming = !self.aiming;
            }
        }
        let small: Vec<&Action> = legal
            .iter()
            .filter(|a| {
                !matches!(
                    a,
                    Action::Fly(_)
                        | Action::Launch { .. }
                        | Action::Deploy { .. }
                        | Action::Move { .. }
                        | Action::Scurry { .. }
                )
            })
            .collect();
        if state.walking().is_none() || !matches!(state.walking(), Some((_, Some(_)))) {
            for a in small.iter().take(30) {
                let mut button = ui.button(choice_label(state, a));
                if let Action::Mission(Some(k)) = a {
                    button = button.on_hover_text(mission_words(*k));
                }
                if button.clicked() {
                    action = Some((*a).clone());
                }
            }
        }
        let moving = legal.iter().any(|a| matches!(a, Action::Move { .. } | Action::Scurry { .. }));
        if moving {
            ui.label(RichText::new("Click a figure, then a lit space (or drag it there).").weak());
        }
        if legal.iter().any(|a| matches!(a, Action::Deploy { .. })) {
            ui.label(RichText::new("Click a lit space of your home tree for the figure named above.").weak());
            if ui.button("Deploy the rest as suggested").on_hover_text("Each figure on the first free space of your home tree, birds out of the nest; every placement is its own step in the log and can be undone.").clicked() {
                self.deploy_rest(seat, notices);
            }
        }
        if let Some(a) = action {
            self.propose(a, notices);
        }
    }

    /// Deploys the seat's remaining figures one by one on the first space
    /// each may take.
    fn deploy_rest(&mut self, seat: Seat, notices: &mut Vec<Notice>) {
        for _ in 0..crate::rules::tail_feathers::game::FIGURES {
            let state = self.state();
            if state.to_move() != crate::rules::ToMove::Seat(seat) {
                break;
            }
            let Some(a) = state.legal_actions().into_iter().find(|a| matches!(a, Action::Deploy { .. })) else { break };
            if !self.propose(a, notices) {
                break;
            }
        }
    }

    fn dice_ui(&self, ui: &mut Ui, state: &TailFeathers, forest: Forest) {
        let rolls: Vec<&Event> = state.events().iter().filter(|e| matches!(e, Event::Rolled { .. })).collect();
        if rolls.is_empty() {
            return;
        }
        ui.label(RichText::new("Last roll").strong());
        for e in rolls {
            if let Event::Rolled { seat, what, faces } = e {
                ui.horizontal_wrapped(|ui| {
                    ui.label(format!("{} {what}:", side_name(side_of_seat(*seat))));
                    for &f in faces {
                        die(ui, &forest, f);
                    }
                });
            }
        }
        let rest: Vec<String> = state
            .events()
            .iter()
            .filter(|e| !matches!(e, Event::Rolled { .. }))
            .map(crate::rules::tail_feathers::game::event_words)
            .collect();
        if !rest.is_empty() {
            ui.label(rest.join("; ")).widget_info(|| WidgetInfo::labeled(egui::Role::Label, true, "dice result"));
        }
    }

    fn hand_off_ui(&mut self, ui: &mut Ui) {
        let Some(seat) = self.human_to_move() else { return };
        let name = self.state().seat_name(seat);
        let hidden = "Missions and bids are hidden; the battlefield is public.";
        if super::widgets::hand_off_bar(ui, &name, hidden, "show my choices", self.m.since_last_turn(seat)) {
            self.confirm_hand_off();
        }
    }
}

/// True when the decision now is one the other player may not see.
fn secret_decision(state: &TailFeathers) -> bool {
    state.legal_actions().iter().any(|a| matches!(a, Action::Mission(_) | Action::Bid(_)))
}

fn tilting_bird(state: &TailFeathers) -> Option<(Seat, Fig)> {
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

fn nearest_plan(plans: &[FlightPlan], board: Board, p: Pos2) -> Option<&FlightPlan> {
    plans
        .iter()
        .filter(|plan| board.to_screen(plan.end.at).distance(p) < BASE_RADIUS as f32 * board.scale * 0.7)
        .min_by(|a, b| board.to_screen(a.end.at).distance(p).total_cmp(&board.to_screen(b.end.at).distance(p)))
}

fn side_colour(c: &Forest, side: Alliance) -> Color32 {
    match side {
        Alliance::Mice => c.mice,
        Alliance::Rats => c.rats,
    }
}

fn shape_of(state: &TailFeathers, f: Fig) -> Option<V2> {
    state.shape(f).map(|s| crate::rules::tail_feathers::geometry::centre(&s))
}

/// What stands between two figures on the line joining them: trunks and
/// flying birds other than the two (the range finder shows them).
fn blockers(state: &TailFeathers, a: Fig, b: Fig, pa: V2, pb: V2) -> Vec<Shape> {
    let mut out: Vec<Shape> = field().trees.iter().map(|t| Shape::Polygon(t.trunk.clone())).collect();
    for f in state.flyers() {
        if f != a
            && f != b
            && let Some(bird) = state.bird(f)
        {
            out.push(Shape::base(bird.pose.at));
        }
    }
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
fn crossing_point(state: &TailFeathers, plan: &FlightPlan, c: Crossing) -> V2 {
    match c {
        Crossing::Space(s) => field().spaces[usize::from(s)].perch,
        Crossing::Mission(m) => state
            .target_shape(Target::Mission(m))
            .map_or(field().axis, |s| crate::rules::tail_feathers::geometry::centre(&s)),
        Crossing::Trunk(t) => {
            crate::rules::tail_feathers::geometry::centre(&Shape::Polygon(field().trees[usize::from(t)].trunk.clone()))
        }
        Crossing::Flyer(f) => state.bird(f).map_or(field().axis, |b| b.pose.at),
        Crossing::Maneuver(i) => pose_after(plan.start, &plan.laid, usize::from(i) + 1).at,
    }
}

fn crossing_title(c: Crossing) -> String {
    match c {
        Crossing::Space(s) => format!("Crossing {}", space_name(s)),
        Crossing::Mission(m) => format!("Crossing the {} mission", side_name(m).to_lowercase()),
        Crossing::Maneuver(i) => format!("Maneuver point {}", i + 1),
        Crossing::Trunk(_) => "A trunk".into(),
        Crossing::Flyer(f) => format!("Crossing {}", figure_name(f)),
    }
}

/// A decision's button text, in the chooser's own words.
fn choice_label(state: &TailFeathers, a: &Action) -> String {
    match a {
        Action::Mission(None) => "No mission this round".into(),
        Action::Mission(Some(k)) => format!("Mission: {}", kind_name(*k)),
        Action::Bid(n) => format!("Bid {n} extra dice ({n} cheese)"),
        Action::Perch => "Perch here?".into(),
        Action::Swoop => match state.walking().and_then(|w| w.1) {
            Some(Crossing::Space(s)) => format!("Swoop at {}?", space_name(s)),
            Some(Crossing::Mission(m)) => format!("Swoop at the {} mission?", side_name(m).to_lowercase()),
            _ => "Swoop?".into(),
        },
        Action::Continue => "Fly on".into(),
        Action::DropOff => "Drop the passenger here".into(),
        Action::Done => match state.describe(a).split_once(' ') {
            Some((_, rest)) => capitalise(rest),
            None => "Done".into(),
        },
        Action::Reroll(n) => format!("Re-roll {n} cheese"),
        Action::AssignHit(Target::Figure(f)) => format!("Give a hit to {}", placed_name(state, *f)),
        Action::Strike { figure, target: Target::Figure(t) } => {
            format!("{} attacks {} in melee", capitalise(&placed_name(state, *figure)), placed_name(state, *t))
        }
        Action::Shoot { figure, target: Target::Figure(t) } => {
            format!("{} shoots at {}", capitalise(&placed_name(state, *figure)), placed_name(state, *t))
        }
        Action::Send(f) => format!("Send {}", placed_name(state, *f)),
        Action::PickUp(f) => format!("Pick up {}", placed_name(state, *f)),
        Action::Hold(f) => format!("Activate {} where it stands", placed_name(state, *f)),
        Action::Stand(f) => format!("{} stands up", capitalise(&placed_name(state, *f))),
        _ => {
            let text = state.describe(a);
            let text = text.split_once(": ").map_or(text.as_str(), |x| x.1).to_string();
            let who = side_name(side_of_seat(state.to_move().seat().unwrap_or(Seat(0))));
            capitalise(text.strip_prefix(&format!("{who} ")).unwrap_or(&text))
        }
    }
}

/// What a mission does, for its button's hover text.
fn mission_words(k: crate::rules::tail_feathers::components::MissionKind) -> &'static str {
    use crate::rules::tail_feathers::components::MissionKind;
    match k {
        MissionKind::Decoy => "A bluff: its figures simply come home; an enemy swoop on it is wasted.",
        MissionKind::Intercept => "Attacks the enemy mission's figures: one melee die a small figure with melee.",
        MissionKind::Siege => "Its figures land by the trunk of a tree you choose (the enemy home tree, say).",
        MissionKind::Patrol => "Shoots at an enemy flying bird: one die a small figure with a ranged value.",
        MissionKind::Rescue => "With two or more figures on it: a fallen bird comes back to your nest, wounded.",
        MissionKind::Special => "The sap run: its figures bring 2 cheese home.",
    }
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    c.next().map(|f| f.to_uppercase().collect::<String>() + c.as_str()).unwrap_or_default()
}

/// A die as it lies: its number in the corner, its symbol drawn in the
/// middle (cheese a yellow wedge, a sword, a sword and shield, a bow) and
/// a star when it has one.
fn die(ui: &mut Ui, forest: &Forest, f: Face) {
    let (rect, resp) = ui.allocate_exact_size(Vec2::splat(30.0), Sense::hover());
    let p = ui.painter();
    let ink = forest.die_ink;
    p.rect(rect, 4.0, forest.die, Stroke::new(1.0, ink), StrokeKind::Inside);
    p.text(
        rect.left_top() + Vec2::new(3.0, 1.0),
        Align2::LEFT_TOP,
        f.number().to_string(),
        FontId::proportional(10.0),
        ink,
    );
    let c = rect.center() + Vec2::new(1.0, 2.0);
    let sword = |p: &egui::Painter, at: Pos2| {
        p.line_segment([at + Vec2::new(-6.0, 6.0), at + Vec2::new(6.0, -6.0)], Stroke::new(2.0, ink));
        p.line_segment([at + Vec2::new(-5.0, 1.0), at + Vec2::new(-1.0, 5.0)], Stroke::new(2.0, ink));
    };
    let words = match f.symbol() {
        Symbol::Cheese => {
            let pts = vec![c + Vec2::new(-7.0, 5.0), c + Vec2::new(7.0, 5.0), c + Vec2::new(5.0, -5.0)];
            p.add(egui::Shape::convex_polygon(pts, forest.cheese, Stroke::new(1.0, ink)));
            "cheese"
        }
        Symbol::Sword => {
            sword(p, c);
            "sword"
        }
        Symbol::SwordShield => {
            sword(p, c + Vec2::new(-3.0, 0.0));
            p.circle(c + Vec2::new(5.0, 3.0), 4.5, forest.shield, Stroke::new(1.0, ink));
            "sword and shield"
        }
        Symbol::Bow => {
            let arc: Vec<Pos2> = (0..=8)
                .map(|k| {
                    let t = -1.2 + 2.4 * k as f32 / 8.0;
                    c + Vec2::new(-3.0 + 7.0 * t.cos(), 7.0 * t.sin())
                })
                .collect();
            p.line_segment([arc[0], arc[8]], Stroke::new(1.0, ink));
            p.add(egui::Shape::line(arc, Stroke::new(2.0, ink)));
            "bow"
        }
    };
    if f.star() {
        let s = rect.right_bottom() + Vec2::new(-6.0, -6.0);
        let pts: Vec<Pos2> = (0..10)
            .map(|k| {
                let r = if k % 2 == 0 { 4.5 } else { 2.0 };
                let a = -std::f32::consts::FRAC_PI_2 + k as f32 * std::f32::consts::PI / 5.0;
                s + Vec2::new(r * a.cos(), r * a.sin())
            })
            .collect();
        p.add(egui::Shape::closed_line(pts, Stroke::new(1.5, forest.star)));
    }
    let label = format!("die: {} {words}{}", f.number(), if f.star() { ", star" } else { "" });
    resp.widget_info(|| WidgetInfo::labeled(egui::Role::Image, true, label.clone()));
}

/// A figure with where it is, so figures of one squad can be told apart.
fn placed_name(state: &TailFeathers, f: Fig) -> String {
    let d = &UNIT_DEFS[unit_of(f)];
    let name = if d.count > 1 {
        format!("{} {}", figure_name(f).trim_start_matches("a "), f - d.first + 1)
    } else {
        figure_name(f)
    };
    match state.figure(f).place {
        Place::Space(s) => format!("{name} in {}", space_name(s)),
        Place::Mission => format!("{name} on the mission"),
        Place::Air => format!("{name}, flying"),
        _ => name,
    }
}

fn cheese_wheel(ui: &mut Ui, n: u8, palette: &Palette) {
    let (rect, resp) = ui.allocate_exact_size(Vec2::new(44.0, 14.0), Sense::hover());
    for k in 0..6 {
        let c = rect.left_center() + Vec2::new(4.0 + 7.0 * k as f32, 0.0);
        if k < n {
            ui.painter().circle_filled(c, 3.0, palette.forest.cheese);
        } else {
            ui.painter().circle_stroke(c, 3.0, Stroke::new(1.0, palette.text));
        }
    }
    resp.widget_info(|| WidgetInfo::labeled(egui::Role::Label, true, format!("{n} of 6 cheese")));
}

fn unit_card(ui: &mut Ui, state: &TailFeathers, u: usize, colours: &Forest) {
    let d = &UNIT_DEFS[u];
    let done = state.is_activated(u);
    let mut head = RichText::new(format!("{}{}", unit_name(u), if done { " (activated)" } else { "" }))
        .strong()
        .color(side_colour(colours, d.side));
    if done {
        head = head.italics();
    }
    ui.label(head);
    let line = match (d.bird, d.ground) {
        (Some((b, _)), _) => {
            let bird = &BIRDS[b];
            let f = d.first;
            let pilot = state.pilot_card(u);
            let where_ = match state.figure(f).place {
                Place::Air => "flying".to_string(),
                Place::Space(s) => format!("perched in {}", space_name(s)),
                Place::Casualty => "defeated".into(),
                _ => String::new(),
            };
            format!(
                "battle {} · defence {} · move {} · wounds {}/{} · pilot {} {} (melee {}, ranged {}, pilot {}) · {where_}",
                bird.battle,
                bird.defence,
                bird.movement,
                state.figure(f).wounds,
                state.life(u),
                pilot.map_or("", |p| p.name),
                pilot.map_or(String::new(), |p| format!("{:?}", p.rank).to_lowercase()),
                pilot.map_or(0, |p| p.melee),
                pilot.map_or(0, |p| p.ranged),
                pilot.map_or(0, |p| p.pilot)
            )
        }
        (None, Some(g)) => {
            let card = &GROUND[g];
            let on = (d.first..d.first + d.count).filter(|&f| state.figure(f).place.on_battlefield()).count();
            let lost = (d.first..d.first + d.count).filter(|&f| state.figure(f).place == Place::Casualty).count();
            format!(
                "squad {} · melee {} · ranged {} · defence {} · move {} · {on} on the battlefield, {lost} lost",
                card.squad, card.melee, card.ranged, card.defence, card.movement
            )
        }
        _ => String::new(),
    };
    ui.label(RichText::new(line).small());
}

impl View for SkirmishView {
    type Game = TailFeathers;

    fn title(&self) -> String {
        "Tail Feathers".into()
    }

    fn new(m: Table<TailFeathers>) -> Self {
        Self::with_table(m)
    }

    fn table(&self) -> &Table<TailFeathers> {
        &self.m
    }

    fn table_mut(&mut self) -> &mut Table<TailFeathers> {
        &mut self.m
    }

    fn ui(&mut self, ui: &mut Ui, frame: &mut Frame<'_>) {
        let dark = frame.settings.dark;
        let palette = theme::palette(dark);
        if self.m.humans().len() == 1 {
            self.revealed = self.m.humans().first().copied();
        }
        super::tab::side_panel(ui, |ui| self.side_ui(ui, frame, &palette));
        if self.needs_hand_off() {
            egui::Panel::top(egui::Id::unique(("tf-hand-off", self.m.id))).show(ui, |ui| self.hand_off_ui(ui));
        }
        egui::CentralPanel::default().show(ui, |ui| {
            self.battlefield_ui(ui, &palette, frame.notices);
        });
    }

    /// Free within one's own turn until dice are rolled or a secret shown;
    /// across a roll or the other side's turn it asks first (refused with
    /// strict undo), so undo never re-rolls dice.
    fn undo_guard(&self) -> UndoGuard {
        UndoGuard {
            secret: |e, me| e.reveals || e.seat != me || me.is_none(),
            refusal: "Strict undo is on: rolled dice, a revealed mission or the other side's turn cannot be taken back (Settings)",
            heading: "Undo past rolled dice?",
            body: "This takes back dice already rolled (or a mission already shown, or the other side's turn). You \
                   may, while learning, but the game will be marked \"undo used\" in the statistics, and the dice \
                   will fall the same way again.",
        }
    }

    fn history_changed(&mut self) {
        self.selected = None;
        self.aiming = false;
        self.ghosts = None;
    }

    fn shown_to(&self) -> Option<Seat> {
        self.viewer()
    }

    fn hide_private(&mut self) {
        self.revealed = None;
    }

    fn end_heading(&self, outcome: &Outcome) -> String {
        match outcome.winners.first() {
            Some(&s) => format!("The {} win", side_name(side_of_seat(s)).to_lowercase()),
            None => "Draw".into(),
        }
    }

    fn outcome_ui(&mut self, ui: &mut Ui, outcome: &Outcome, _frame: &mut Frame<'_>) {
        let state = self.state();
        ui.label(&outcome.reason);
        ui.label(format!(
            "Nests: mice {} life, rats {} life; round {}",
            state.nest_life(Alliance::Mice),
            state.nest_life(Alliance::Rats),
            state.round()
        ));
    }

    fn end_words(&self) -> EndWords {
        EndWords { look: "Look at the battlefield", ..EndWords::default() }
    }
}

/// The Tail Feathers tab: the view in the frame every game shares.
pub type SkirmishTab = Tab<SkirmishView>;

/// A new Tail Feathers tab.
#[must_use]
pub fn new_tab(options: Options, seed: u64, players: Vec<Player>, path: std::path::PathBuf) -> SkirmishTab {
    SkirmishTab::new(Table::new(Session::new(Setup { seats: 2, options }, seed, players), path))
}
