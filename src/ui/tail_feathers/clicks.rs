//! What a click or a drop on the battlefield decides: the flight dropped
//! on, the space, the target, the figure chosen; or why nothing happens.

#![allow(
    clippy::many_single_char_names,
    clippy::similar_names,
    clippy::unused_self,
    reason = "drawing code reads best with the usual short names (p, r, f, u), and the view's helpers stay methods"
)]

use std::ops::ControlFlow;

use egui::{Pos2, Rect, RichText, Vec2};

use super::paint::{crossing_point, crossing_title};
use super::words::{attack_refusal, choice_label};
use super::{Board, Ghost, SkirmishView, closest_ghost, nearest_ghost, tilting_bird};
use crate::rules::tail_feathers::game::{
    Action, Bird, Fig, Place, TailFeathers, Target, UNIT_DEFS, field, figure_name, half_made, seat_of, unit_of,
};
use crate::rules::{Game, ToMove};
use crate::ui::Notice;

impl SkirmishView {
    /// The decision at the crossing the flight being walked has met, asked
    /// where it happens: each choice, and "Fly on to the end" when more
    /// crossings lie ahead. Once that is chosen, each later crossing is
    /// flown past by itself (one that cannot be flown past still asks).
    pub(super) fn crossing_prompt(
        &mut self,
        ui: &egui::Ui,
        state: &TailFeathers,
        legal: &[Action],
        board: Board,
    ) -> Option<Action> {
        let Some((plan, Some(c))) = state.walking() else {
            self.fly_through = false;
            self.crossing_spot = None;
            return None;
        };
        let flies_on = legal.contains(&Action::Continue);
        if legal.is_empty() || (self.fly_through && flies_on) {
            // Drawn once more, to meet the next crossing.
            ui.ctx().request_repaint();
            return flies_on.then_some(Action::Continue);
        }
        let ahead = state.crossings_after();
        // By the bird where it waits, on its side away from what it meets
        // (over the tree, the question hid the tree it was about).
        let thing = board.to_screen(crossing_point(state, plan, c));
        let bird = state.active_unit().map(|u| UNIT_DEFS[u].first);
        let waits = bird.and_then(|f| super::paint::walked_pose(state, f)).map_or(thing, |w| board.to_screen(w.0));
        let away = (waits - thing).normalized();
        let away = if away.is_finite() && away != Vec2::ZERO { away } else { Vec2::new(1.0, -1.0).normalized() };
        let reach = crate::rules::tail_feathers::geometry::BASE_RADIUS as f32 * board.scale + 10.0;
        // Clear of what the question is about: the crossing, the bird, and
        // where the flight ends (its "lost" tag when it leaves the board).
        let area_id = ui.scope_id().with("tf-crossing");
        let measured = ui.ctx().memory(|m| m.area_rect(area_id)).map(|r| r.size());
        let size = measured.unwrap_or(Vec2::new(200.0, 110.0));
        let spot = |p: Pos2| Rect::from_center_size(p, Vec2::splat(reach));
        let mut keep = vec![spot(thing), spot(waits)];
        if let Some(f) = bird {
            let outcome = state.flight_outcome(f, plan);
            keep.extend(super::paint::ending_tag_rect(ui.painter(), &outcome, board));
        }
        // Within the table's frame (it reached over the menu bar).
        let frame = board.rect.expand(super::MARGIN * board.scale).intersect(ui.clip_rect());
        // Where the last crossing of this flight asked, when that is still
        // clear: moved to each crossing, the next click met another button.
        let (pos, pivot) = stay_or_place(self.crossing_spot, size, &keep, frame)
            .map_or_else(|| popup_spot(waits, away, reach, size, &keep, frame), |p| (p, egui::Align2::LEFT_TOP));
        // (Kept once the question's size is known: placed by a guessed
        // size, it stood elsewhere than where the same question is placed
        // when its size is known.)
        if measured.is_some() {
            self.crossing_spot = Some(pivot.anchor_size(pos, size).min);
        }
        let mut chosen = None;
        egui::Area::new(area_id).fixed_pos(pos).pivot(pivot).order(egui::Order::Foreground).show(ui.ctx(), |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                // On one line: by the window's edge it wrapped ("space / 7").
                ui.add(egui::Label::new(RichText::new(crossing_title(c)).strong()).extend());
                for a in legal {
                    if ui.button(choice_label(state, a)).clicked() {
                        chosen = Some(a.clone());
                    }
                }
                if ahead > 0 && flies_on {
                    let more = if ahead == 1 { "the crossing".to_string() } else { format!("the {ahead} crossings") };
                    let tip = format!("Fly past this crossing and {more} still ahead without stopping");
                    if ui.button("Fly on to the end").on_hover_text(tip).clicked() {
                        self.fly_through = true;
                        chosen = Some(Action::Continue);
                    }
                }
            });
        });
        chosen
    }

    #[allow(clippy::too_many_arguments, reason = "a drop needs the position, the board and what is under it")]
    pub(super) fn drop_action(
        &self,
        state: &TailFeathers,
        legal: &[Action],
        plans: &[Ghost],
        f: Fig,
        p: Pos2,
        board: Board,
        space: Option<u8>,
    ) -> Option<Action> {
        if state.active_unit().map(|u| UNIT_DEFS[u].first) == Some(f)
            && let Some(g) = nearest_ghost(plans, board, p)
        {
            return Some(g.action());
        }
        let s = space?;
        let options = [
            Action::Move { figure: f, to: s },
            Action::Scurry { figure: f, to: s },
            Action::Deploy { figure: f, space: s },
        ];
        options.into_iter().find(|a| legal.contains(a))
    }

    #[allow(clippy::too_many_arguments, reason = "a refused drop says what was under it and what was near")]
    pub(super) fn drop_refusal(
        &self,
        state: &TailFeathers,
        plans: &[Ghost],
        f: Fig,
        p: Pos2,
        board: Board,
        space: Option<u8>,
    ) -> String {
        // The bird to fly dropped where no flight leaves it: how far the
        // nearest ring is, and what happens there.
        if state.active_unit().map(|u| UNIT_DEFS[u].first) == Some(f) {
            if let Some(g) = closest_ghost(plans, board, p) {
                let miss = board.to_table(p).dist(g.at());
                return half_made::no_flight_ends_here(&figure_name(f), miss, &g.words()).to_string();
            }
            if state.legal_actions().iter().any(|a| matches!(a, Action::Fly(_))) {
                return "The flight is chosen from the list (announce flights first is on)".into();
            }
        }
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
        reason = "a click needs the position, the board and what is under it, and tries each kind of decision in turn"
    )]
    pub(super) fn click_action(
        &mut self,
        state: &TailFeathers,
        legal: &[Action],
        plans: &[Ghost],
        p: Pos2,
        board: Board,
        fig: Option<Fig>,
        space: Option<u8>,
        notices: &mut Vec<Notice>,
    ) -> Option<Action> {
        // The range finder takes clicks first.
        if let Some(first) = self.finder {
            self.finder_click(first, fig);
            return None;
        }
        if let Some(g) = nearest_ghost(plans, board, p) {
            return Some(g.action());
        }
        if self.aiming
            && let Some((_, bird)) = tilting_bird(state)
            && let Some(b) = state.bird(bird)
        {
            return aim_click(state, legal, bird, b, board.to_table(p), notices);
        }
        if let Some(s) = space
            && let ControlFlow::Break(decided) = deploy_click(state, legal, s, notices)
        {
            return decided;
        }
        if let Some(f) = fig {
            return self.figure_click(state, legal, f, notices);
        }
        if let Some(s) = space
            && let ControlFlow::Break(decided) = self.space_click(state, legal, s, notices)
        {
            return decided;
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

    /// A click while the range finder is out: the first figure clicked is
    /// measured from, the second measured to (and the finder starts over).
    fn finder_click(&mut self, first: Option<Fig>, fig: Option<Fig>) {
        if let Some(f) = fig {
            match first {
                None => self.finder = Some(Some(f)),
                Some(a) => {
                    self.measured = Some((a, f, self.table.session().log().len()));
                    self.finder = Some(None);
                }
            }
        }
    }

    /// A click on a figure: the chosen figure's attack on it, the decision
    /// it is the subject of (a hit, a patrol, an activation...), or it
    /// chosen (or let go), with why it can do nothing now when so.
    fn figure_click(
        &mut self,
        state: &TailFeathers,
        legal: &[Action],
        f: Fig,
        notices: &mut Vec<Notice>,
    ) -> Option<Action> {
        // A target of the chosen figure (or the bird being activated),
        // or a hit to give?
        let active_bird = state.active_unit().and_then(|u| UNIT_DEFS[u].bird.map(|_| UNIT_DEFS[u].first));
        if let Some(sel) = self.selected.or(active_bird)
            && let ControlFlow::Break(decided) = self.attack_click(state, legal, sel, f, notices)
        {
            return decided;
        }
        for a in [
            Action::AssignHit(Target::Figure(f)),
            Action::Patrol(f),
            Action::Send(f),
            Action::Activate(unit_of(f) as u8),
            Action::Stand(f),
        ] {
            if legal.contains(&a) {
                // A figure of the unit it activates stays chosen: the
                // next click on a space moves it.
                if matches!(a, Action::Activate(_)) {
                    self.selected = Some(f);
                }
                return Some(a);
            }
        }
        // One of the side's own figures that can do nothing now: why
        // not (a mouse in its nest clicked was ringed, and nothing lit
        // or said why).
        let mine = state.to_move() == ToMove::Seat(seat_of(UNIT_DEFS[unit_of(f)].side));
        let moves = legal
            .iter()
            .any(|a| matches!(a, Action::Move { figure, .. } | Action::Scurry { figure, .. } if *figure == f));
        if mine
            && !moves
            && state.active_unit() != Some(unit_of(f))
            && let Err(v) = state.check(&Action::Activate(unit_of(f) as u8))
        {
            notices.push(Notice::Error(v.to_string()));
        }
        self.selected = if self.selected == Some(f) { None } else { Some(f) };
        None
    }

    /// A click on figure `f` with `sel` chosen: a strike or a shot at it
    /// (both open: asked which), or why `sel` may not attack it now; goes
    /// on when neither is so.
    fn attack_click(
        &mut self,
        state: &TailFeathers,
        legal: &[Action],
        sel: Fig,
        f: Fig,
        notices: &mut Vec<Notice>,
    ) -> ControlFlow<Option<Action>> {
        let strike = Action::Strike { figure: sel, target: Target::Figure(f) };
        let shoot = Action::Shoot { figure: sel, target: Target::Figure(f) };
        match (legal.contains(&strike), legal.contains(&shoot)) {
            (true, true) => {
                self.attack_choice = Some((Target::Figure(f), sel));
                return ControlFlow::Break(None);
            }
            (true, false) => return ControlFlow::Break(Some(strike)),
            (false, true) => return ControlFlow::Break(Some(shoot)),
            (false, false) => {}
        }
        // An enemy the chosen figure may not attack now: why not.
        let attacking = legal
            .iter()
            .any(|a| matches!(a, Action::Strike { figure, .. } | Action::Shoot { figure, .. } if *figure == sel));
        if attacking && UNIT_DEFS[unit_of(f)].side != UNIT_DEFS[unit_of(sel)].side {
            notices.push(Notice::Error(attack_refusal(state, sel, Target::Figure(f))));
            return ControlFlow::Break(None);
        }
        ControlFlow::Continue(())
    }

    /// A click on space `s` (no figure under it): a leaf cut loose towards
    /// it, the chosen figure's move or attack there, a hit on its nest or
    /// the decision it stands for, or why not; goes on when none is so.
    fn space_click(
        &self,
        state: &TailFeathers,
        legal: &[Action],
        s: u8,
        notices: &mut Vec<Notice>,
    ) -> ControlFlow<Option<Action>> {
        // Cutting a leaf loose: the space it is pointed at.
        if let Some(f) = self.cutting {
            let cut = Action::CutLoose { figure: f, toward: s };
            if legal.contains(&cut) {
                return ControlFlow::Break(Some(cut));
            }
            if let Err(v) = state.check(&cut) {
                notices.push(Notice::Error(v.to_string()));
            }
            return ControlFlow::Break(None);
        }
        if let Some(sel) = self.selected {
            chosen_to_space(state, legal, sel, s, notices)?;
        }
        if let Some(owner) = TailFeathers::space_nest(usize::from(s))
            && legal.contains(&Action::AssignHit(Target::Nest(owner)))
        {
            return ControlFlow::Break(Some(Action::AssignHit(Target::Nest(owner))));
        }
        if let Some(a) = legal.iter().find(|a| super::battlefield::space_decision(a) == Some(s)) {
            return ControlFlow::Break(Some(a.clone()));
        }
        // A figure chosen that may not move now (a mouse in its nest
        // before its unit is activated): the click says why rather
        // than do nothing.
        if let Some(sel) = self.selected
            && let Err(v) = state.check(&Action::Move { figure: sel, to: s })
        {
            notices.push(Notice::Error(v.to_string()));
            return ControlFlow::Break(None);
        }
        ControlFlow::Continue(())
    }
}

/// A click while aiming a tilting bird's launch: the launch along the
/// heading nearest the pointer from the bird (the first clear point of
/// it), or why none is clear.
fn aim_click(
    state: &TailFeathers,
    legal: &[Action],
    bird: Fig,
    b: &Bird,
    v: crate::rules::tail_feathers::geometry::V2,
    notices: &mut Vec<Notice>,
) -> Option<Action> {
    let at = match state.figure(bird).place {
        Place::Space(s) => state.space_centre(s),
        _ => b.pose.at,
    };
    let d = v.minus(at);
    let h = (0..24u8).max_by(|x, y| {
        crate::rules::tail_feathers::geometry::Heading(*x)
            .unit()
            .dot(d)
            .total_cmp(&crate::rules::tail_feathers::geometry::Heading(*y).unit().dot(d))
    })?;
    let launch = (0..5).map(|pt| Action::Launch { bird, heading: h, point: pt }).find(|a| legal.contains(a));
    if launch.is_none() {
        notices.push(Notice::Error(half_made::no_clear_launch().to_string()));
    }
    launch
}

/// A click on space `s` while deploying: the deployment there when it is
/// lit (even on a figure already in it), else why the figure may not go
/// there; goes on when nothing is being deployed.
fn deploy_click(
    state: &TailFeathers,
    legal: &[Action],
    s: u8,
    notices: &mut Vec<Notice>,
) -> ControlFlow<Option<Action>> {
    // Deploying: a click on a lit space deploys there, even on a figure
    // already in it.
    if let Some(a) = legal.iter().find(|a| matches!(a, Action::Deploy { space, .. } if *space == s)) {
        return ControlFlow::Break(Some(a.clone()));
    }
    // A space that is not lit: why the figure may not go there (a
    // tree that is not yours, a full space).
    if let Some(&Action::Deploy { figure, .. }) = legal.iter().find(|a| matches!(a, Action::Deploy { .. })) {
        if let Err(v) = state.check(&Action::Deploy { figure, space: s }) {
            notices.push(Notice::Error(v.to_string()));
        }
        return ControlFlow::Break(None);
    }
    ControlFlow::Continue(())
}

/// A click on space `s` with figure `sel` chosen: its move or scurry
/// there, its attack on the nest there, or (it may move, not there) why
/// not; goes on when none is so.
fn chosen_to_space(
    state: &TailFeathers,
    legal: &[Action],
    sel: Fig,
    s: u8,
    notices: &mut Vec<Notice>,
) -> ControlFlow<Option<Action>> {
    for a in [Action::Move { figure: sel, to: s }, Action::Scurry { figure: sel, to: s }] {
        if legal.contains(&a) {
            return ControlFlow::Break(Some(a));
        }
    }
    let nest = TailFeathers::space_nest(usize::from(s));
    if let Some(owner) = nest {
        for a in [
            Action::Strike { figure: sel, target: Target::Nest(owner) },
            Action::Shoot { figure: sel, target: Target::Nest(owner) },
        ] {
            if legal.contains(&a) {
                return ControlFlow::Break(Some(a));
            }
        }
    }
    if legal.iter().any(|a| matches!(a, Action::Move { figure, .. } | Action::Scurry { figure, .. } if *figure == sel))
    {
        let probe = if legal.iter().any(|a| matches!(a, Action::Scurry { .. })) {
            Action::Scurry { figure: sel, to: s }
        } else {
            Action::Move { figure: sel, to: s }
        };
        if let Err(v) = state.check(&probe) {
            notices.push(Notice::Error(v.to_string()));
        }
        return ControlFlow::Break(None);
    }
    ControlFlow::Continue(())
}

/// The anchor by which a pop-up stands off a point in direction `dir`: its
/// nearest corner or edge's middle towards the point.
fn pivot_towards(dir: Vec2) -> egui::Align2 {
    let align = |d: f32| {
        if d < -0.3 {
            egui::Align::Max
        } else if d > 0.3 {
            egui::Align::Min
        } else {
            egui::Align::Center
        }
    };
    egui::Align2([align(dir.x), align(dir.y)])
}

/// Where a pop-up of `size` stands by `at`, `reach` off it: in direction
/// `first` if that keeps it inside `bounds` and off every area in `keep`,
/// else the nearest turn of it that does, else the one that covers fewest
/// of them.
/// The question's last top-left corner `prev`, when a question of `size`
/// there covers none of `keep` and lies within `bounds`.
fn stay_or_place(prev: Option<Pos2>, size: Vec2, keep: &[Rect], bounds: Rect) -> Option<Pos2> {
    let prev = prev?;
    let rect = Rect::from_min_size(prev, size);
    (bounds.contains_rect(rect) && !keep.iter().any(|k| rect.intersects(*k))).then_some(prev)
}

fn popup_spot(at: Pos2, first: Vec2, reach: f32, size: Vec2, keep: &[Rect], bounds: Rect) -> (Pos2, egui::Align2) {
    let mut best = None;
    for k in [0_i32, 1, -1, 2, -2, 3, -3, 4] {
        let dir = Vec2::angled(first.angle() + k as f32 * std::f32::consts::FRAC_PI_4);
        let pos = at + dir * reach;
        let pivot = pivot_towards(dir);
        let rect = pivot.anchor_size(pos, size);
        let covered = keep.iter().filter(|k| rect.intersects(**k)).count();
        let outside = usize::from(!bounds.contains_rect(rect));
        let cost = covered * 2 + outside;
        if cost == 0 {
            return (pos, pivot);
        }
        if best.is_none_or(|(c, _, _)| cost < c) {
            best = Some((cost, pos, pivot));
        }
    }
    best.map_or((at + first * reach, pivot_towards(first)), |(_, pos, pivot)| (pos, pivot))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SIZE: Vec2 = Vec2::new(200.0, 110.0);

    fn placed(at: Pos2, first: Vec2, keep: &[Rect], bounds: Rect) -> Rect {
        let (pos, pivot) = popup_spot(at, first, 20.0, SIZE, keep, bounds);
        pivot.anchor_size(pos, SIZE)
    }

    #[test]
    fn the_next_crossing_asks_where_the_last_one_did_unless_that_covers_it() {
        let bounds = Rect::from_min_size(Pos2::ZERO, Vec2::splat(800.0));
        let prev = Pos2::new(420.0, 300.0);
        let elsewhere = [Rect::from_center_size(Pos2::new(100.0, 100.0), Vec2::splat(40.0))];
        assert_eq!(stay_or_place(Some(prev), SIZE, &elsewhere, bounds), Some(prev), "stays put");
        let under = [Rect::from_center_size(Pos2::new(450.0, 320.0), Vec2::splat(40.0))];
        assert_eq!(stay_or_place(Some(prev), SIZE, &under, bounds), None, "moves off the crossing");
        let edge = Pos2::new(700.0, 300.0);
        assert_eq!(stay_or_place(Some(edge), SIZE, &[], bounds), None, "moves inside the frame");
        assert_eq!(stay_or_place(None, SIZE, &[], bounds), None, "the first crossing is placed");
    }

    #[test]
    fn the_crossing_question_stands_where_it_was_asked_to_when_that_is_clear() {
        let bounds = Rect::from_min_size(Pos2::ZERO, Vec2::splat(800.0));
        let at = Pos2::new(400.0, 400.0);
        let r = placed(at, Vec2::new(1.0, 0.0), &[], bounds);
        assert!(r.left() >= at.x, "to the right of the bird: {r:?}");
    }

    #[test]
    fn the_crossing_question_keeps_clear_of_the_warning_and_the_window_s_edge() {
        // Found by a new player: at 800x600 the question covered "Flies
        // off the battlefield: the bird is lost" under the bird.
        let bounds = Rect::from_min_size(Pos2::ZERO, Vec2::new(540.0, 560.0));
        let at = Pos2::new(100.0, 450.0);
        let warning = Rect::from_min_size(Pos2::new(18.0, 472.0), Vec2::new(210.0, 18.0));
        let r = placed(at, Vec2::new(1.0, 1.0).normalized(), &[warning], bounds);
        assert!(!r.intersects(warning), "{r:?} covers the warning");
        assert!(bounds.contains_rect(r), "{r:?} leaves the table");
    }
}
