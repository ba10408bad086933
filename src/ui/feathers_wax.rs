//! The Feathers & Wax table: the labyrinth (phase 1), the wing racks
//! (phase 2) and the sky (phase 3), with the win-chance meter, hints, the
//! undo guard for revealed cards and the after-game analysis.

use egui::{Align2, Color32, FontId, Pos2, Rect, RichText, Sense, Stroke, StrokeKind, Ui, Vec2, WidgetInfo};

use super::theme::{self, Palette};
use super::widgets::{self, CardFace};
use super::{GameTab, Notice, TabRequest, ViewSettings};
use crate::ai::feathers_wax::{self as advisor, Analysis, Decision, Policy, Reading};
use crate::ai::worker::Background;
use crate::rules::cards::{Card, Suit};
use crate::rules::feathers_wax::routes::{Target, path_cells, path_draws, plan, plan_ends_outside, unreachable_reason};
use crate::rules::feathers_wax::{
    Action, Cell, FeathersAndWax, Flyer, Heading, LAB_H, LAB_W, LABYRINTH, Phase, Place, SAFE_COL, SKY_COLS, SKY_ROWS,
    Spot, Stage, Walker,
};
use crate::rules::{Game, Rng, RuleViolation, Seat, Setup, ToMove};
use crate::save;
use crate::session::{Player, Session};
use crate::table::Table;

/// What is being dragged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Drag {
    /// Daedalus's token in the labyrinth.
    Walker,
    /// A spade (phase 2), by value.
    Spade(u8),
    /// A drawn flight card (phase 3).
    Flight(Card),
}

/// The Feathers & Wax tab.
pub struct FeathersTab {
    /// The game, its file and its (chance-only) worker.
    pub m: Table<FeathersAndWax>,
    settings: ViewSettings,
    meter: Option<(usize, Background<Reading>)>,
    reading: Option<(usize, Reading)>,
    hint: Option<(usize, String)>,
    /// An undo waiting for the player's confirmation (it crosses a reveal).
    pub confirm_undo: Option<usize>,
    drag_path: Vec<Heading>,
    selected_spade: Option<u8>,
    king_choice: Option<(Card, Flyer)>,
    end_dismissed: bool,
    analysis: Option<Background<Analysis>>,
    analysis_result: Option<Analysis>,
    request: Option<TabRequest>,
}

const ICARUS: Color32 = Color32::from_rgb(0x6f, 0xa8, 0xdc);
const DAEDALUS: Color32 = Color32::from_rgb(0x9a, 0x6a, 0x3c);
const SUN: Color32 = Color32::from_rgb(0xf6, 0xc4, 0x5a);
const SEA: Color32 = Color32::from_rgb(0x5b, 0x8f, 0xc9);
const SAFE: Color32 = Color32::from_rgb(0x8c, 0xc8, 0x7a);
const HONEY: Color32 = Color32::from_rgb(0xe8, 0xb0, 0x30);
const NEST: Color32 = Color32::from_rgb(0x6b, 0x8e, 0x3a);

fn flyer_colour(f: Flyer) -> Color32 {
    if f == Flyer::Icarus { ICARUS } else { DAEDALUS }
}

fn flyer_letter(f: Flyer) -> &'static str {
    if f == Flyer::Icarus { "I" } else { "D" }
}

impl FeathersTab {
    /// A tab for a match.
    #[must_use]
    pub fn new(m: Table<FeathersAndWax>) -> Self {
        Self {
            m,
            settings: ViewSettings { dark: false, animations: true, computer_delay: 0.8, strict_undo: false },
            meter: None,
            reading: None,
            hint: None,
            confirm_undo: None,
            drag_path: Vec::new(),
            selected_spade: None,
            king_choice: None,
            end_dismissed: false,
            analysis: None,
            analysis_result: None,
            request: None,
        }
    }

    fn state(&self) -> &FeathersAndWax {
        self.m.session.state()
    }

    fn my_turn(&self) -> bool {
        matches!(self.m.session.player_to_move(), Some((_, Player::Human)))
    }

    fn propose(&mut self, action: Action, notices: &mut Vec<Notice>) -> bool {
        let applied = self.m.propose_for_person(action, notices);
        if applied {
            self.hint = None;
        }
        applied
    }

    /// Walks Daedalus along `path`, one step (one action) at a time,
    /// stopping early if a K decision comes up or a step is refused.
    fn walk(&mut self, path: &[Heading], notices: &mut Vec<Notice>) {
        for &h in path {
            if !self.propose(Action::Step(h), notices) {
                break;
            }
            let s = self.state();
            if s.pending().is_some() || s.card().is_none() || s.phase() != Phase::Collect {
                break;
            }
        }
    }

    /// Undo, guarded: undoing past a revealed card asks first (and marks
    /// the game assisted), or is refused in strict mode.
    pub fn guarded_undo(&mut self, notices: &mut Vec<Notice>) {
        let refusal = "Strict mode: undo cannot take back a card you have already seen (Settings, Undo)";
        self.confirm_undo = self.m.guarded_undo(self.settings.strict_undo, |e| e.reveals, refusal, notices);
        if self.confirm_undo.is_none() {
            self.after_history_change();
        }
    }

    /// Undoes back to `cursor` (the confirmation has been given).
    pub fn undo_to(&mut self, cursor: usize, notices: &mut Vec<Notice>) {
        if self.settings.strict_undo {
            notices.push(Notice::Error("Strict mode: undo cannot take back a card you have already seen".into()));
            return;
        }
        let crosses = {
            let s = &self.m.session;
            s.log().iter().skip(cursor).any(|e| e.reveals)
        };
        self.m.rewind_to(cursor, crosses, notices);
        self.after_history_change();
    }

    fn after_history_change(&mut self) {
        self.hint = None;
        self.drag_path.clear();
        self.king_choice = None;
        self.end_dismissed = false;
        self.analysis = None;
        self.analysis_result = None;
    }

    // ----- The meter and the hint -------------------------------------

    fn meter_tick(&mut self, ctx: &egui::Context) {
        let cursor = self.m.session.cursor();
        if self.meter.as_ref().is_none_or(|(c, _)| *c != cursor) && self.reading.is_none_or(|(c, _)| c != cursor) {
            let obs = self.state().observation(Seat(0));
            let ctx = ctx.clone();
            let seed = self.m.session.seed() ^ (cursor as u64).wrapping_mul(0x9E37_79B9);
            self.meter = advisor::start_meter(obs, seed, move || ctx.request_repaint()).map(|b| (cursor, b));
        }
        if let Some((c, bg)) = &mut self.meter {
            if let Some(r) = bg.poll() {
                self.reading = Some((*c, *r));
            }
            if !bg.running() {
                self.meter = None;
            }
        }
    }

    /// The meter's latest reading for the position on screen.
    #[must_use]
    pub fn reading(&self) -> Option<Reading> {
        self.reading.filter(|(c, _)| *c == self.m.session.cursor()).map(|(_, r)| r)
    }

    /// Waits until the meter has a full reading (tests).
    pub fn settle_meter(&mut self) -> Option<Reading> {
        let cursor = self.m.session.cursor();
        if let Some((c, bg)) = self.meter.take()
            && c == cursor
        {
            self.reading = bg.finish().map(|r| (c, r));
        }
        self.reading()
    }

    /// The hint on screen, if one was asked for at this position.
    #[must_use]
    pub fn shown_hint(&self) -> Option<&str> {
        self.hint.as_ref().filter(|(c, _)| *c == self.m.session.cursor()).map(|(_, h)| h.as_str())
    }

    /// The action the policy suggests now, in words.
    pub fn hint_text(&mut self) -> Option<String> {
        let state = self.state();
        if !matches!(state.to_move(), ToMove::Seat(_)) {
            return None;
        }
        let obs = state.observation(Seat(0));
        let mut rng = Rng::seeded(self.m.session.seed() ^ self.m.session.cursor() as u64);
        let a = Policy::default().choose(&obs, &mut rng)?;
        Some(hint_words(state, &a))
    }

    // ----- Phase 1 --------------------------------------------------------

    #[allow(
        clippy::too_many_lines,
        reason = "draws and handles the whole labyrinth in one pass; to be split with the view by phase (issue 11)"
    )]
    fn labyrinth_ui(&mut self, ui: &mut Ui, palette: &Palette, notices: &mut Vec<Notice>) {
        let state = self.state().clone();
        let avail = ui.available_size();
        let cs = ((avail.x - 90.0) / f32::from(LAB_W)).min((avail.y - 10.0) / f32::from(LAB_H)).clamp(30.0, 70.0);
        let size = Vec2::new(cs * f32::from(LAB_W) + 80.0, cs * f32::from(LAB_H) + 22.0);
        let (outer, _) = ui.allocate_exact_size(size, Sense::hover());
        let origin = outer.min + Vec2::new(40.0, 18.0);
        let rect_of = |c: Cell| {
            Rect::from_min_size(origin + Vec2::new(f32::from(c.x) * cs, f32::from(c.y) * cs), Vec2::splat(cs))
        };
        let lab = &*LABYRINTH;
        let painter = ui.painter().clone();
        let board = Rect::from_min_size(origin, Vec2::new(cs * f32::from(LAB_W), cs * f32::from(LAB_H)));
        painter.rect_filled(board.expand(3.0), 2.0, palette.frame);
        let floor = palette.light_square;
        let human = self.my_turn() && state.pending().is_none();
        let dragging = egui::DragAndDrop::payload::<Drag>(ui.ctx()).map(|p| *p);
        // Reachable cells for the card in play.
        let reach: Vec<Cell> = if human && state.card().is_some() {
            crate::rules::feathers_wax::Labyrinth::cells()
                .filter(|&c| plan(&state, Target::Cell(c)).is_some())
                .collect()
        } else {
            Vec::new()
        };
        let exit_ok = human && plan(&state, Target::Exit).is_some();
        // The edge that will refresh the used locations next.
        let refresh_col = if state.refreshed_east() { 0 } else { LAB_W - 1 };
        let mut pending_target: Option<Target> = None;
        let mut note = None;
        let hover_pos = ui.ctx().pointer_latest_pos();
        for c in crate::rules::feathers_wax::Labyrinth::cells() {
            let r = rect_of(c);
            painter.rect_filled(r.expand(0.5), 0.0, floor);
            if c.y == 0 {
                painter.text(
                    r.center_top() - Vec2::new(0.0, 3.0),
                    Align2::CENTER_BOTTOM,
                    char::from(b'a' + c.x).to_string(),
                    FontId::proportional(11.0),
                    ui.visuals().text_color(),
                );
            }
            if c.x == 0 && c.y != lab.entrance_row {
                painter.text(
                    r.left_center() - Vec2::new(8.0, 0.0),
                    Align2::RIGHT_CENTER,
                    (c.y + 1).to_string(),
                    FontId::proportional(11.0),
                    ui.visuals().text_color(),
                );
            }
            if c.x == refresh_col {
                painter.rect_filled(r.expand(0.5), 0.0, palette.legal.gamma_multiply(0.25));
            }
            let resp = ui.interact(r, ui.scope_id().with(("cell", c.x, c.y)), Sense::click());
            let spot = lab.spot(c);
            let used = state.is_used(c);
            let label = match spot {
                Spot::Nest => format!("{c} nest{}", if used { " (used)" } else { "" }),
                Spot::Hive => format!("{c} hive{}", if used { " (used)" } else { "" }),
                Spot::Empty => format!("{c}"),
            };
            resp.widget_info(|| WidgetInfo::labeled(egui::Role::Button, true, label.clone()));
            match spot {
                Spot::Nest => {
                    paint_feather(&painter, r.center(), cs * 0.62, if used { NEST.gamma_multiply(0.3) } else { NEST });
                }
                Spot::Hive => {
                    paint_hive(&painter, r.center(), cs * 0.3, if used { HONEY.gamma_multiply(0.3) } else { HONEY });
                }
                Spot::Empty => {}
            }
            if used {
                painter.text(
                    r.right_bottom() - Vec2::new(3.0, 2.0),
                    Align2::RIGHT_BOTTOM,
                    "used",
                    FontId::proportional(9.0),
                    palette.outline,
                );
            }
            if reach.contains(&c) {
                painter.circle_filled(r.center(), cs * 0.12, palette.legal.to_opaque().gamma_multiply(0.8));
            }
            if resp.clicked() && human {
                pending_target = Some(Target::Cell(c));
            }
            if let Some(p) = hover_pos
                && dragging == Some(Drag::Walker)
                && r.contains(p)
            {
                self.extend_drag(&state, Target::Cell(c));
            }
            if resp.dnd_release_payload::<Drag>().is_some_and(|d| *d == Drag::Walker) {
                pending_target = Some(Target::Cell(c));
            }
        }
        // Walls.
        let wall = Stroke::new((cs * 0.09).max(2.5), palette.frame);
        for c in crate::rules::feathers_wax::Labyrinth::cells() {
            let r = rect_of(c);
            if lab.wall(c, Heading::E) {
                painter.line_segment([r.right_top(), r.right_bottom()], wall);
            }
            if lab.wall(c, Heading::S) {
                painter.line_segment([r.left_bottom(), r.right_bottom()], wall);
            }
            if c.x == 0 && c.y != lab.entrance_row {
                painter.line_segment([r.left_top(), r.left_bottom()], wall);
            }
            if c.y == 0 {
                painter.line_segment([r.left_top(), r.right_top()], wall);
            }
        }
        // Doors: the entrance (west) and the exit (east, a drop target).
        let ent = rect_of(lab.entrance());
        let outside = Rect::from_min_size(ent.min - Vec2::new(cs * 0.9, 0.0), Vec2::new(cs * 0.85, cs));
        painter.text(
            outside.center_top() + Vec2::new(0.0, -2.0),
            Align2::CENTER_BOTTOM,
            "in",
            FontId::proportional(11.0),
            ui.visuals().text_color(),
        );
        let ex = rect_of(lab.exit());
        let exit_rect = Rect::from_min_size(ex.right_top() + Vec2::new(4.0, 0.0), Vec2::new(cs * 0.85, cs));
        painter.rect_filled(exit_rect, 3.0, palette.exit_strip);
        painter.text(
            exit_rect.center(),
            Align2::CENTER_CENTER,
            "exit",
            FontId::proportional(12.0),
            Color32::from_rgb(0x20, 0x30, 0x20),
        );
        let exit_resp = ui.interact(exit_rect, ui.scope_id().with("exit"), Sense::click());
        exit_resp.widget_info(|| WidgetInfo::labeled(egui::Role::Button, true, "exit door"));
        if exit_ok {
            painter.rect_stroke(
                exit_rect.shrink(1.0),
                3.0,
                Stroke::new(2.5, palette.legal.to_opaque()),
                StrokeKind::Inside,
            );
        }
        if exit_resp.clicked() && human {
            pending_target = Some(Target::Exit);
        }
        if let Some(p) = hover_pos
            && dragging == Some(Drag::Walker)
            && exit_rect.contains(p)
        {
            self.extend_drag(&state, Target::Exit);
        }
        if exit_resp.dnd_release_payload::<Drag>().is_some_and(|d| *d == Drag::Walker) {
            pending_target = Some(Target::Exit);
        }
        // The path of this move so far, and the planned drag path.
        let centre = |w: Walker| match w {
            Walker::Outside => outside.center(),
            Walker::At(c) => rect_of(c).center(),
            Walker::Out => exit_rect.center(),
        };
        let trail: Vec<Pos2> = state.path().iter().map(|&c| rect_of(c).center()).collect();
        if trail.len() > 1 {
            painter.add(egui::Shape::line(trail, Stroke::new(3.0, DAEDALUS.gamma_multiply(0.5))));
        }
        if dragging == Some(Drag::Walker) && !self.drag_path.is_empty() {
            let mut pts = vec![centre(state.walker())];
            pts.extend(path_cells(&state, &self.drag_path).into_iter().map(|c| rect_of(c).center()));
            if self.drag_path.last() == Some(&Heading::E) && plan_ends_outside(&state, &self.drag_path) {
                pts.push(exit_rect.center());
            }
            painter.add(egui::Shape::line(pts, Stroke::new(4.0, palette.selection)));
            let draws = path_draws(&state, &self.drag_path);
            let words = if draws.is_empty() {
                format!("{} steps, nothing to collect", self.drag_path.len())
            } else {
                let list: Vec<String> = draws
                    .iter()
                    .map(|(c, s)| format!("{} at {c}", if *s == Spot::Nest { "feather" } else { "wax" }))
                    .collect();
                format!("{} steps, draws: {}", self.drag_path.len(), list.join(", "))
            };
            note = Some(words);
        } else if dragging != Some(Drag::Walker) {
            self.drag_path.clear();
        }
        // Daedalus.
        let at = centre(state.walker());
        let token = Rect::from_center_size(at, Vec2::splat(cs * 0.8));
        let resp = ui.interact(token, ui.scope_id().with("walker"), Sense::click_and_drag());
        resp.widget_info(|| WidgetInfo::labeled(egui::Role::Button, true, "Daedalus"));
        if human && state.card().is_some() {
            resp.dnd_set_drag_payload(Drag::Walker);
        }
        let alpha = if resp.dragged() { 0.4 } else { 1.0 };
        paint_flyer_token(&painter, at, cs * 0.34, DAEDALUS.gamma_multiply(alpha), palette.outline, "D");
        if resp.dragged()
            && let Some(p) = hover_pos
        {
            let layer = ui.ctx().layer_painter(egui::LayerId::new(egui::Order::Tooltip, egui::Id::unique("fw-walker")));
            paint_flyer_token(&layer, p, cs * 0.34, DAEDALUS, palette.outline, "D");
        }
        if let Some(text) = note {
            widgets::pointer_note_info(ui, &text);
        }
        if let Some(target) = pending_target {
            let path = if dragging == Some(Drag::Walker)
                && !self.drag_path.is_empty()
                && self.drag_end(&state) == Some(target)
            {
                Some(std::mem::take(&mut self.drag_path))
            } else {
                plan(&state, target)
            };
            self.drag_path.clear();
            match path {
                Some(p) => self.walk(&p, notices),
                None => notices.push(Notice::Error(unreachable_reason(&state, target).to_string())),
            }
        }
    }

    fn drag_end(&self, state: &FeathersAndWax) -> Option<Target> {
        if plan_ends_outside(state, &self.drag_path) {
            return Some(Target::Exit);
        }
        path_cells(state, &self.drag_path).last().map(|&c| Target::Cell(c))
    }

    /// Follows the pointer during a drag of Daedalus: one step further when
    /// it enters a neighbouring cell the card allows, one step back when it
    /// returns, and the shortest way when it jumps.
    fn extend_drag(&mut self, state: &FeathersAndWax, target: Target) {
        if self.drag_end(state) == Some(target) {
            return;
        }
        let cells = path_cells(state, &self.drag_path);
        if cells.len() >= 2 && Target::Cell(cells[cells.len() - 2]) == target {
            self.drag_path.pop();
            return;
        }
        // One more step from the end of the path, if the rules allow it.
        let mut probe = state.observation(Seat(0));
        let mut ok = true;
        for &h in &self.drag_path {
            if probe.apply(&Action::Step(h)).is_err() || probe.pending().is_some() {
                ok = false;
                break;
            }
        }
        if ok && probe.card().is_some() {
            for h in Heading::ALL {
                let lands = match (probe.walker(), target) {
                    (Walker::At(c), Target::Exit) => LABYRINTH.is_exit_door(c, h),
                    (Walker::At(c), Target::Cell(t)) => LABYRINTH.neighbour(c, h) == Some(t),
                    (Walker::Outside, Target::Cell(t)) => h == Heading::E && t == LABYRINTH.entrance(),
                    _ => false,
                };
                if lands && probe.check(&Action::Step(h)).is_ok() {
                    self.drag_path.push(h);
                    return;
                }
            }
        }
        if let Some(p) = plan(state, target) {
            self.drag_path = p;
        }
    }

    fn decks_ui(&mut self, ui: &mut Ui, palette: &Palette) {
        let state = self.state().clone();
        let (feathers, wax, moves) = state.deck_counts();
        ui.horizontal(|ui| {
            deck_ui(ui, palette, "Feathers (spades)", feathers);
            deck_ui(ui, palette, "Wax (clubs)", wax);
            deck_ui(ui, palette, "Movement", moves);
            ui.vertical(|ui| {
                ui.label(RichText::new("In play").small());
                match state.card() {
                    Some(c) => {
                        widgets::card_ui(ui, palette, CardFace::Up(c), false);
                        let how = if c.suit == Suit::Diamonds { "straight" } else { "any turns" };
                        ui.label(RichText::new(format!("{} left, {how}", state.steps_left())).small());
                    }
                    None => {
                        ui.add_space(theme::CARD_SIZE.y);
                    }
                }
            });
            ui.separator();
            ui.vertical(|ui| {
                ui.label(RichText::new("Kept").small());
                ui.horizontal(|ui| {
                    for suit in [Suit::Spades, Suit::Clubs] {
                        if state.has_king(suit) {
                            widgets::card_ui(ui, palette, CardFace::Up(Card::new(13, suit)), false);
                        }
                    }
                });
            });
            ui.separator();
            ui.vertical(|ui| {
                ui.label(RichText::new("Discard pile").small());
                match state.last_discard() {
                    Some(c) => {
                        widgets::card_ui(ui, palette, CardFace::Up(c), false);
                    }
                    None => {
                        ui.add_space(theme::CARD_SIZE.y);
                    }
                }
                ui.label(RichText::new(format!("{} cards", state.discards().len())).small());
            });
        });
    }

    fn held_ui(ui: &mut Ui, palette: &Palette, state: &FeathersAndWax) {
        let edge = if state.refreshed_east() { "west" } else { "east" };
        ui.label(
            RichText::new(format!(
                "Feathers mark nests (a spade each), honeycombs mark hives (a club each). The tinted {edge} \
                 column makes every used nest and hive fresh again when Daedalus reaches it (FW-R3)."
            ))
            .small()
            .weak(),
        );
        for suit in [Suit::Spades, Suit::Clubs] {
            ui.horizontal(|ui| {
                let name = if suit == Suit::Spades { "Feathers" } else { "Wax" };
                let held = state.held(suit);
                ui.label(RichText::new(format!("{name}: {}", held.len())).strong())
                    .on_hover_text(format!("collected {} (A-10)", suit.name()));
                if state.is_closed(suit) {
                    ui.label(RichText::new("closed by a Maiden (FW-R7)").italics());
                }
                for &v in held {
                    widgets::small_card(ui, palette, Card::new(v, suit));
                }
            });
        }
        let n = state.sections();
        ui.label(format!("Wing sections these make: {n}"));
    }

    // ----- Phase 2 --------------------------------------------------------

    #[allow(
        clippy::too_many_lines,
        reason = "draws and handles both racks in one pass; to be split with the view by phase (issue 11)"
    )]
    fn wings_ui(&mut self, ui: &mut Ui, palette: &Palette, notices: &mut Vec<Notice>) {
        let state = self.state().clone();
        let human = self.my_turn();
        ui.heading("Build the wings");
        ui.label(format!(
            "{} feather and {} wax cards make {} wing sections (FW-R10). Drag spades onto the racks (or click a \
             spade, then a rack); each flyer needs at least one. A section's value matters in flight: a card of \
             the same value lets its flyer shed it for an extra step right.",
            state.held(Suit::Spades).len(),
            state.held(Suit::Clubs).len(),
            state.sections()
        ));
        ui.add_space(6.0);
        let mut action: Option<Action> = None;
        let mut note = None;
        // The pool.
        let pool = egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.set_min_size(Vec2::new(ui.available_width().min(640.0), theme::CARD_SIZE.y + 24.0));
            ui.label("Spades not on a rack");
            ui.horizontal(|ui| {
                for v in state.unassigned() {
                    let r = widgets::card_ui(
                        ui,
                        palette,
                        CardFace::Up(Card::new(v, Suit::Spades)),
                        self.selected_spade == Some(v),
                    );
                    if human {
                        r.dnd_set_drag_payload(Drag::Spade(v));
                    }
                    if r.clicked() {
                        self.selected_spade = if self.selected_spade == Some(v) { None } else { Some(v) };
                    }
                }
            });
        });
        let pool_resp = ui.interact(pool.response.rect, ui.scope_id().with("pool"), Sense::click());
        pool_resp.widget_info(|| WidgetInfo::labeled(egui::Role::Button, true, "spade pool"));
        if let Some(d) = pool_resp.dnd_hover_payload::<Drag>()
            && let Drag::Spade(v) = *d
            && !state.unassigned().contains(&v)
        {
            note = note.or(widgets::tint_drop_zone(ui, pool.response.rect, palette, &state.check(&Action::Unwing(v))));
        }
        if let Some(d) = pool_resp.dnd_release_payload::<Drag>()
            && let Drag::Spade(v) = *d
            && !state.unassigned().contains(&v)
        {
            action = Some(Action::Unwing(v));
        }
        ui.add_space(8.0);
        let mut rack_note = None;
        ui.horizontal(|ui| {
            for flyer in Flyer::BOTH {
                let frame =
                    egui::Frame::group(ui.style()).fill(flyer_colour(flyer).gamma_multiply(0.25)).show(ui, |ui| {
                        ui.set_min_size(Vec2::new(300.0, theme::CARD_SIZE.y + 30.0));
                        ui.vertical(|ui| {
                            ui.label(
                                RichText::new(format!("{}'s wings ({})", flyer.name(), state.wings(flyer).len()))
                                    .strong(),
                            );
                            ui.horizontal(|ui| {
                                for &v in state.wings(flyer) {
                                    let r =
                                        widgets::card_ui(ui, palette, CardFace::Up(Card::new(v, Suit::Spades)), false);
                                    if human {
                                        r.dnd_set_drag_payload(Drag::Spade(v));
                                    }
                                }
                            });
                        });
                    });
                let rect = frame.response.rect;
                let resp = ui.interact(rect, ui.scope_id().with(("rack", flyer as u8)), Sense::click());
                let label = format!("{}'s wing rack", flyer.name());
                resp.widget_info(|| WidgetInfo::labeled(egui::Role::Button, true, label.clone()));
                if let Some(d) = resp.dnd_hover_payload::<Drag>()
                    && let Drag::Spade(v) = *d
                {
                    let verdict = state.check(&Action::Wing { value: v, flyer });
                    rack_note = rack_note.take().or(widgets::tint_drop_zone(ui, rect, palette, &verdict));
                }
                if let Some(d) = resp.dnd_release_payload::<Drag>()
                    && let Drag::Spade(v) = *d
                {
                    action = Some(Action::Wing { value: v, flyer });
                }
                if resp.clicked()
                    && let Some(v) = self.selected_spade.take()
                {
                    action = Some(Action::Wing { value: v, flyer });
                }
            }
        });
        let note = note.or(rack_note);
        ui.add_space(8.0);
        let launch = state.check(&Action::Launch);
        let button =
            ui.add_enabled(human && launch.is_ok(), egui::Button::new(RichText::new("Leap from the tower").strong()));
        if let Err(v) = &launch {
            ui.label(RichText::new(v.to_string()).weak());
        }
        if button.clicked() {
            action = Some(Action::Launch);
        }
        if let Some(text) = note {
            widgets::pointer_note(ui, &text, palette);
        }
        if let Some(a) = action {
            if human {
                self.propose(a, notices);
            } else {
                notices.push(Notice::Error("Wait: the cards are being drawn".into()));
            }
        }
    }

    // ----- Phase 3 --------------------------------------------------------

    #[allow(
        clippy::too_many_lines,
        reason = "draws and handles the sky in one pass; to be split with the view by phase (issue 11)"
    )]
    fn sky_ui(&mut self, ui: &mut Ui, palette: &Palette, notices: &mut Vec<Notice>) {
        let state = self.state().clone();
        let human = self.my_turn();
        let avail = ui.available_size();
        let cs =
            ((avail.x - 60.0) / f32::from(SKY_COLS + 1)).min((avail.y - 150.0) / f32::from(SKY_ROWS)).clamp(28.0, 84.0);
        let (outer, _) = ui.allocate_exact_size(
            Vec2::new(cs * f32::from(SKY_COLS + 1) + 30.0, cs * f32::from(SKY_ROWS) + 22.0),
            Sense::hover(),
        );
        let origin = outer.min + Vec2::new(24.0, 4.0);
        let rect_of = |col: u8, row: u8| {
            Rect::from_min_size(origin + Vec2::new(f32::from(col) * cs, f32::from(row) * cs), Vec2::splat(cs))
        };
        let painter = ui.painter().clone();
        let sky = Color32::from_rgb(0xd8, 0xea, 0xf7);
        for row in 0..SKY_ROWS {
            for col in 0..SKY_COLS {
                let r = rect_of(col, row);
                let fill = if col == SAFE_COL {
                    SAFE
                } else if col == 0 {
                    Color32::from_rgb(0xa8, 0xa0, 0x94)
                } else if row == 0 {
                    SUN
                } else if row == SKY_ROWS - 1 {
                    SEA
                } else {
                    sky
                };
                painter.rect(r, 0.0, fill, Stroke::new(0.5, Color32::from_gray(150)), StrokeKind::Inside);
            }
            let r = rect_of(0, row);
            painter.text(
                r.left_center() - Vec2::new(6.0, 0.0),
                Align2::RIGHT_CENTER,
                (row + 1).to_string(),
                FontId::proportional(11.0),
                ui.visuals().text_color(),
            );
        }
        for col in 0..SKY_COLS {
            let r = rect_of(col, SKY_ROWS - 1);
            painter.text(
                r.center_bottom() + Vec2::new(0.0, 3.0),
                Align2::CENTER_TOP,
                col.to_string(),
                FontId::proportional(11.0),
                ui.visuals().text_color(),
            );
        }
        painter.text(
            rect_of(0, 0).center(),
            Align2::CENTER_CENTER,
            "tower",
            FontId::proportional(10.0),
            Color32::BLACK,
        );
        painter.text(rect_of(5, 0).center(), Align2::CENTER_CENTER, "sun", FontId::proportional(12.0), Color32::BLACK);
        painter.text(
            rect_of(5, SKY_ROWS - 1).center(),
            Align2::CENTER_CENTER,
            "sea",
            FontId::proportional(12.0),
            Color32::WHITE,
        );
        painter.text(
            rect_of(SAFE_COL, 0).center(),
            Align2::CENTER_CENTER,
            "safe",
            FontId::proportional(11.0),
            Color32::BLACK,
        );
        // The flyers: drop a drawn card on one to play it.
        let mut action = None;
        let mut note = None;
        let mut info = None;
        let mut preview = None;
        for f in Flyer::BOTH {
            let (centre, r) = match state.place(f) {
                Place::Sky { col, row } => {
                    let r = rect_of(col, row);
                    // Both in the tower: side by side.
                    let both_tower =
                        matches!(state.place(f.other()), Place::Sky { col: 0, row: r2 } if col == 0 && r2 == row);
                    let shift = if both_tower { if f == Flyer::Icarus { -cs * 0.2 } else { cs * 0.2 } } else { 0.0 };
                    (r.center() + Vec2::new(shift, 0.0), r)
                }
                Place::Safe => {
                    let r = rect_of(SAFE_COL, if f == Flyer::Icarus { 2 } else { 4 }).translate(Vec2::new(cs, 0.0));
                    (r.center(), r)
                }
                Place::Lost => continue,
            };
            let radius = cs * 0.3;
            paint_flyer_token(&painter, centre, radius, flyer_colour(f), palette.outline, flyer_letter(f));
            if state.place(f) == Place::Safe {
                painter.text(
                    r.center_bottom(),
                    Align2::CENTER_TOP,
                    "safe",
                    FontId::proportional(10.0),
                    ui.visuals().text_color(),
                );
            }
            let hit = Rect::from_center_size(centre, Vec2::splat(cs * 0.9));
            let resp = ui.interact(hit, ui.scope_id().with(("flyer", f as u8)), Sense::click());
            let label = format!("{} at {}", f.name(), place_words(state.place(f)));
            resp.widget_info(|| WidgetInfo::labeled(egui::Role::Button, true, label.clone()));
            if let Some(d) = resp.dnd_hover_payload::<Drag>()
                && let Drag::Flight(card) = *d
            {
                let verdict = Self::play_verdict(&state, card, f);
                note = note.or(widgets::tint_drop_zone(ui, hit, palette, &verdict.map(|_| ())));
                preview = state.preview(card, f, if card.rank == 13 { Some(true) } else { None }).map(|p| (f, card, p));
            }
            if let Some(d) = resp.dnd_release_payload::<Drag>()
                && let Drag::Flight(card) = *d
            {
                action = self.play_action(&state, card, f, notices);
            }
        }
        if let Some((f, card, place)) = preview {
            if let Place::Sky { col, row } = place {
                let r = rect_of(col, row);
                painter.circle_stroke(r.center(), cs * 0.32, Stroke::new(2.5, flyer_colour(f)));
            }
            let mut text = format!("{} on {}: lands at {}", card.name(), f.name(), place_words(place));
            if let Place::Sky { row, .. } = place {
                if row == 0 {
                    text.push_str(" (sun row: loses a section unless it moves off)");
                } else if row == SKY_ROWS - 1 {
                    text.push_str(" (sea row: loses a section unless it moves off)");
                }
            }
            info = Some(text);
        }
        // Drawn cards and racks.
        ui.add_space(4.0);
        ui.horizontal(|ui| {
            ui.vertical(|ui| {
                ui.label(RichText::new(format!("Drawn this turn (deck: {} left)", state.flight_left())).small());
                ui.horizontal(|ui| {
                    for &c in state.drawn() {
                        let r = widgets::card_ui(ui, palette, CardFace::Up(c), false);
                        if human && matches!(state.stage(), Stage::Play(_)) {
                            r.dnd_set_drag_payload(Drag::Flight(c));
                        }
                        r.on_hover_text(card_effect(c));
                    }
                    if state.drawn().is_empty() {
                        ui.add_space(theme::CARD_SIZE.y);
                    }
                });
            });
            ui.separator();
            for f in Flyer::BOTH {
                ui.vertical(|ui| {
                    ui.label(RichText::new(format!("{}'s wings", f.name())).small().color(flyer_colour(f)));
                    ui.horizontal(|ui| {
                        for &v in state.wings(f) {
                            widgets::small_card(ui, palette, Card::new(v, Suit::Spades));
                        }
                    });
                });
            }
        });
        match (note, info) {
            (Some(text), _) => widgets::pointer_note(ui, &text, palette),
            (None, Some(text)) => widgets::pointer_note_info(ui, &text),
            (None, None) => {}
        }
        if let Some(a) = action {
            if human {
                self.propose(a, notices);
            } else {
                notices.push(Notice::Error("Wait: the cards are being drawn".into()));
            }
        }
    }

    fn play_verdict(state: &FeathersAndWax, card: Card, f: Flyer) -> Result<Action, RuleViolation> {
        let up = (card.rank == 13 && state.check(&Action::Play { card, flyer: f, up: None }).is_err()).then_some(true);
        let a = Action::Play { card, flyer: f, up };
        state.check(&a).map(|()| a)
    }

    fn play_action(
        &mut self,
        state: &FeathersAndWax,
        card: Card,
        f: Flyer,
        notices: &mut Vec<Notice>,
    ) -> Option<Action> {
        let plain = Action::Play { card, flyer: f, up: None };
        match state.check(&plain) {
            Ok(()) => Some(plain),
            Err(_) if state.king_needs_direction(card, f) => {
                self.king_choice = Some((card, f));
                None
            }
            Err(v) => {
                notices.push(Notice::Error(v.to_string()));
                None
            }
        }
    }

    // ----- The side panel ---------------------------------------------------

    fn side_ui(&mut self, ui: &mut Ui, notices: &mut Vec<Notice>) {
        let state = self.state().clone();
        ui.heading("Feathers & Wax");
        if self.m.session.is_assisted() {
            ui.label(RichText::new("Assisted: undo went past a revealed card").italics())
                .on_hover_text("Statistics count this game apart from clean ones.");
        }
        let status = state.status();
        ui.label(RichText::new(&status).strong())
            .widget_info(|| WidgetInfo::labeled(egui::Role::Label, true, format!("status: {status}")));
        if self.m.thinking() {
            ui.label("drawing…");
        }
        // The win-chance meter.
        ui.separator();
        match self.reading() {
            Some(r) => {
                let pct = (r.chance * 100.0).round();
                let text = if r.done {
                    format!("Win chance: {pct:.0}%")
                } else {
                    format!("Win chance: {pct:.0}% (estimating, {} playouts)", r.playouts)
                };
                ui.add(egui::ProgressBar::new(r.chance as f32).text(text.clone()))
                    .widget_info(|| WidgetInfo::labeled(egui::Role::Label, true, text.clone()));
            }
            None => {
                ui.label("Win chance: estimating…");
            }
        }
        ui.label(
            RichText::new("Estimated from re-shuffles of the cards you have not seen, played by the hint's policy.")
                .small()
                .weak(),
        );
        ui.horizontal(|ui| {
            let can_hint = self.my_turn();
            if ui.add_enabled(can_hint, egui::Button::new("Hint")).clicked() {
                let cursor = self.m.session.cursor();
                self.hint = self.hint_text().map(|h| (cursor, h));
            }
            if crate::ui::commands::UNDO.button(ui, self.m.session.can_undo()) {
                self.guarded_undo(notices);
            }
            if crate::ui::commands::REDO.button(ui, self.m.session.can_redo()) {
                self.m.redo(notices);
                self.after_history_change();
            }
        });
        if let Some((c, h)) = &self.hint
            && *c == self.m.session.cursor()
        {
            ui.label(RichText::new(format!("Hint: {h}")).italics());
        }
        ui.separator();
        self.choices_ui(ui, &state, notices);
        ui.separator();
        ui.label(RichText::new("Log").strong());
        egui::ScrollArea::vertical().stick_to_bottom(true).auto_shrink([false, false]).show(ui, |ui| {
            for (i, entry) in self.m.session.log().iter().enumerate() {
                ui.label(format!("{:>3}. {}", i + 1, entry.text));
            }
        });
    }

    /// The buttons for the decisions that are not drags.
    #[allow(
        clippy::too_many_lines,
        reason = "one branch per pending decision of the rules; to be split with the view by phase (issue 11)"
    )]
    fn choices_ui(&mut self, ui: &mut Ui, state: &FeathersAndWax, notices: &mut Vec<Notice>) {
        if !self.my_turn() {
            return;
        }
        let mut action = None;
        match state.phase() {
            Phase::Collect => {
                if let Some(face) = state.pending() {
                    let what = if face.rank == 11 {
                        format!(
                            "A Jailer ({}) would take your {} cards.",
                            face.name(),
                            if face.suit == Suit::Spades { "feather" } else { "wax" }
                        )
                    } else {
                        format!(
                            "A Maiden ({}) would end your {} collecting.",
                            face.name(),
                            if face.suit == Suit::Spades { "feather" } else { "wax" }
                        )
                    };
                    ui.label(RichText::new(what).strong());
                    ui.horizontal(|ui| {
                        if ui.button(format!("Spend the K of {}", face.suit.name())).clicked() {
                            action = Some(Action::UseKing);
                        }
                        if ui.button("Keep the K").clicked() {
                            action = Some(Action::KeepKing);
                        }
                    });
                } else if state.card().is_some() {
                    ui.label("Drag Daedalus along his way, or click a lit cell.");
                    if ui.button(format!("End this move here ({} steps unused)", state.steps_left())).clicked() {
                        action = Some(Action::Stop);
                    }
                }
            }
            Phase::Flight => match state.stage() {
                Stage::Drawing => {
                    ui.horizontal(|ui| {
                        if ui.add_enabled(state.flight_left() > 0, egui::Button::new("Draw another card")).clicked() {
                            action = Some(Action::Draw);
                        }
                        if ui.button("Play these cards").clicked() {
                            action = Some(Action::EndDraw);
                        }
                    });
                }
                Stage::Play(f) => {
                    if let Some((card, who)) = self.king_choice {
                        ui.label(format!(
                            "Both flyers share a row: the {} moves {} up or down?",
                            card.name(),
                            who.name()
                        ));
                        ui.horizontal(|ui| {
                            if ui.button("Up").clicked() {
                                action = Some(Action::Play { card, flyer: who, up: Some(true) });
                            }
                            if ui.button("Down").clicked() {
                                action = Some(Action::Play { card, flyer: who, up: Some(false) });
                            }
                        });
                    } else {
                        ui.label(format!("Drag a drawn card onto {}.", f.name()));
                    }
                }
                Stage::Specials { flyer, card, bonus } => {
                    ui.label(format!("{} may now:", flyer.name()));
                    if bonus
                        && card.rank <= 10
                        && state.wings(flyer).contains(&card.rank)
                        && ui.button(format!("Shed the {} for one more step right", card.rank)).clicked()
                    {
                        action = Some(Action::Bonus(card.rank));
                    }
                    ui.label("Shed a section to move one row:");
                    ui.horizontal_wrapped(|ui| {
                        for &v in state.wings(flyer) {
                            if ui.small_button(format!("{v}: up")).clicked() {
                                action = Some(Action::Shift { value: v, up: true });
                            }
                            if ui.small_button(format!("{v}: down")).clicked() {
                                action = Some(Action::Shift { value: v, up: false });
                            }
                        }
                    });
                    if ui.button("Go on (no special movement)").clicked() {
                        action = Some(Action::Done);
                    }
                    if let Place::Sky { row, .. } = state.place(flyer) {
                        if row == 0 {
                            ui.label(
                                RichText::new("In the sun row now: a section will melt and the flyer drops two rows.")
                                    .color(ui.visuals().warn_fg_color),
                            );
                        } else if row == SKY_ROWS - 1 {
                            ui.label(
                                RichText::new("In the sea row now: a section will soak and the flyer rises two rows.")
                                    .color(ui.visuals().warn_fg_color),
                            );
                        }
                    }
                }
            },
            Phase::Wings | Phase::Over => {}
        }
        if let Some(a) = action {
            self.king_choice = None;
            self.propose(a, notices);
        }
    }

    // ----- Dialogs -------------------------------------------------------

    fn confirm_ui(&mut self, ui: &mut Ui, notices: &mut Vec<Notice>) {
        let Some(target) = self.confirm_undo else { return };
        let decision = widgets::confirm_undo_modal(
            ui.ctx(),
            egui::Id::unique(("fw-confirm", self.m.id)),
            "Undo past a card you have seen?",
            "You already know what this draw showed. You may still take it back to learn the game, but this game \
             will then count as assisted in your statistics.",
        );
        match decision {
            Some(true) => {
                self.confirm_undo = None;
                self.undo_to(target, notices);
            }
            Some(false) => self.confirm_undo = None,
            None => {}
        }
    }

    fn end_ui(&mut self, ui: &mut Ui, notices: &mut Vec<Notice>) {
        let Some(outcome) = self.state().outcome() else { return };
        if self.end_dismissed {
            return;
        }
        let won = !outcome.winners.is_empty();
        if let Some(a) = &mut self.analysis {
            if let Some(r) = a.poll() {
                self.analysis_result = Some(r.clone());
            }
            if !a.running() {
                self.analysis = None;
            }
        }
        let mut undo_to = None;
        let modal = egui::Modal::new(egui::Id::unique(("fw-end", self.m.id))).show(ui.ctx(), |ui| {
            ui.set_max_width(460.0);
            ui.heading(if won { "Escaped! You won" } else { "Lost" });
            ui.label(&outcome.reason);
            if self.m.session.is_assisted() {
                ui.label(RichText::new("(assisted game)").italics());
            }
            if !won {
                match &self.analysis_result {
                    None if self.analysis.is_none() => {
                        if ui.button("Where did it go wrong?").clicked() {
                            self.start_analysis(ui.ctx());
                        }
                    }
                    Some(Analysis { done: true, worst: None, .. }) => {
                        ui.label("No single decision of yours cost much: the cards were against you.");
                    }
                    Some(Analysis { done: true, worst: Some((cursor, before, after)), .. }) => {
                        let words = self.m.session.log().get(*cursor).map_or(String::new(), |e| e.text.clone());
                        ui.label(format!(
                            "Your move {} cost the most: \"{words}\" took the estimated chance from {:.0}% to {:.0}%.",
                            cursor + 1,
                            before * 100.0,
                            after * 100.0
                        ));
                        if ui.button("Undo back to it").clicked() {
                            undo_to = Some(*cursor);
                        }
                    }
                    Some(Analysis { progress: (k, n), .. }) => {
                        ui.add(
                            egui::ProgressBar::new(*k as f32 / (*n).max(1) as f32)
                                .text(format!("Looking at your decisions: {k} of {n}")),
                        );
                    }
                    None => {
                        ui.label("Looking at your decisions…");
                    }
                }
            }
            ui.horizontal(|ui| {
                if ui.button("New deal").clicked() {
                    self.new_deal(None, notices);
                }
                if ui.button("Replay this deal").clicked() {
                    self.new_deal(Some(self.m.session.seed()), notices);
                }
                if ui.button("Look at the table").clicked() {
                    self.end_dismissed = true;
                }
            });
        });
        if modal.should_close() {
            self.end_dismissed = true;
        }
        if let Some(c) = undo_to {
            if self.settings.strict_undo {
                notices.push(Notice::Error("Strict mode: undo cannot take back a card you have already seen".into()));
            } else {
                self.undo_to(c, notices);
            }
        }
    }

    /// Starts the "where did it go wrong?" analysis.
    pub fn start_analysis(&mut self, ctx: &egui::Context) {
        let session = &self.m.session;
        let mut g = FeathersAndWax::new(session.setup(), session.seed());
        let mut decisions = Vec::new();
        for (i, action) in session.actions()[..session.cursor()].iter().enumerate() {
            if matches!(g.to_move(), ToMove::Seat(_)) {
                decisions.push(Decision { cursor: i, before: g.observation(Seat(0)), action: action.clone() });
            }
            g.apply_legal(action);
        }
        let ctx = ctx.clone();
        self.analysis = advisor::start_analysis(decisions, session.seed(), move || ctx.request_repaint());
        self.analysis_result = None;
    }

    /// Waits for the analysis (tests).
    pub fn finish_analysis(&mut self) -> Option<Analysis> {
        if let Some(a) = self.analysis.take() {
            self.analysis_result = a.finish();
        }
        self.analysis_result.clone()
    }

    fn new_deal(&mut self, seed: Option<u64>, notices: &mut Vec<Notice>) {
        self.m.cancel();
        let seed = seed.unwrap_or_else(|| save::now_secs() ^ self.m.session.seed().rotate_left(23) ^ 0xF1A5);
        let dir = self.m.path.parent().map(std::path::Path::to_path_buf).unwrap_or_default();
        let path = save::fresh_path(&dir, <crate::rules::feathers_wax::FeathersAndWax as crate::rules::Game>::INFO.id);
        self.m = Table::new(
            Session::new(
                Setup { seats: 1, options: crate::rules::feathers_wax::Options::default() },
                seed,
                vec![Player::Human],
            ),
            path,
        );
        self.after_history_change();
        self.reading = None;
        self.meter = None;
        self.m.autosave(notices);
    }
}

fn place_words(p: Place) -> String {
    match p {
        Place::Sky { col: 0, row } => format!("the tower, row {}", row + 1),
        Place::Sky { col, row } => format!("column {col}, row {}", row + 1),
        Place::Safe => "safety".into(),
        Place::Lost => "a fall".into(),
    }
}

fn card_effect(c: Card) -> String {
    match (c.rank, c.suit) {
        (11, _) => "Updraft: one row up".into(),
        (12, _) => "Quiet air: one row down".into(),
        (13, _) => "Diverging air: one row away from the other flyer".into(),
        (_, Suit::Hearts) => "One right and one down".into(),
        _ => "One right and up: Daedalus one row, Icarus two".into(),
    }
}

fn hint_words(state: &FeathersAndWax, a: &Action) -> String {
    match a {
        Action::Step(h) => {
            let card = state.card().map_or(String::new(), |c| format!(" with the {}", c.name()));
            format!("step {}{card}", h.name())
        }
        Action::Stop => "end this move here".into(),
        Action::UseKing => "spend the K".into(),
        Action::KeepKing => "keep the K".into(),
        Action::Wing { value, flyer } => format!("put the {value} of spades on {}'s wings", flyer.name()),
        Action::Unwing(v) => format!("take the {v} of spades back"),
        Action::Launch => "leap from the tower".into(),
        Action::Draw => "draw another card".into(),
        Action::EndDraw => "play the cards you have".into(),
        Action::Play { card, flyer, up } => {
            let dir = match up {
                Some(true) => " (up)",
                Some(false) => " (down)",
                None => "",
            };
            format!("play the {} on {}{dir}", card.name(), flyer.name())
        }
        Action::Bonus(v) => format!("shed the {v} for a step right"),
        Action::Shift { value, up } => format!("shed the {value} to move {}", if *up { "up" } else { "down" }),
        Action::Done => "go on without a special movement".into(),
    }
}

fn deck_ui(ui: &mut Ui, palette: &Palette, name: &str, n: usize) {
    ui.vertical(|ui| {
        ui.label(RichText::new(name).small());
        let r = widgets::card_ui(ui, palette, if n > 0 { CardFace::Down } else { CardFace::Empty }, false);
        let label = format!("{name} deck: {n} cards");
        r.widget_info(|| WidgetInfo::labeled(egui::Role::Label, true, label.clone()));
        ui.label(RichText::new(format!("{n} left")).small());
    });
}

fn paint_flyer_token(
    painter: &egui::Painter,
    centre: Pos2,
    radius: f32,
    fill: Color32,
    outline: Color32,
    letter: &str,
) {
    painter.circle(centre + Vec2::new(1.5, 2.0), radius, Color32::from_black_alpha(60), Stroke::NONE);
    painter.circle(centre, radius, fill, Stroke::new(2.0, outline));
    painter.text(centre, Align2::CENTER_CENTER, letter, FontId::proportional(radius * 1.1), Color32::WHITE);
}

/// A feather: a slanted vane with its quill.
fn paint_feather(painter: &egui::Painter, centre: Pos2, size: f32, colour: Color32) {
    let axis = Vec2::new(0.7, -0.7);
    let across = Vec2::new(0.7, 0.7);
    let pts: Vec<Pos2> = (0..16)
        .map(|i| {
            let t = i as f32 / 16.0 * std::f32::consts::TAU;
            centre + axis * (t.cos() * size * 0.42) + across * (t.sin() * size * 0.16)
        })
        .collect();
    painter.add(egui::Shape::convex_polygon(pts, colour, Stroke::NONE));
    painter.line_segment(
        [centre - axis * size * 0.5, centre + axis * size * 0.42],
        Stroke::new(1.5, Color32::from_rgb(0x3a, 0x30, 0x20)),
    );
}

/// A honeycomb cell.
fn paint_hive(painter: &egui::Painter, centre: Pos2, r: f32, colour: Color32) {
    let pts: Vec<Pos2> = (0..6)
        .map(|i| {
            let a = std::f32::consts::FRAC_PI_3 * i as f32;
            centre + Vec2::new(a.cos(), a.sin()) * r
        })
        .collect();
    painter.add(egui::Shape::convex_polygon(pts, colour, Stroke::new(1.5, Color32::from_rgb(0x7a, 0x52, 0x10))));
}

impl GameTab for FeathersTab {
    super::delegate_to_table!();

    fn title(&self) -> String {
        "Feathers & Wax".to_string()
    }

    fn game_id(&self) -> &'static str {
        <crate::rules::feathers_wax::FeathersAndWax as crate::rules::Game>::INFO.id
    }

    fn ui(&mut self, ui: &mut Ui, settings: &ViewSettings, notices: &mut Vec<Notice>) {
        self.settings = *settings;
        let palette = theme::palette(settings.dark);
        self.m.tick(&super::waker(ui.ctx()), std::time::Duration::from_millis(250), notices);
        self.meter_tick(ui.ctx());
        egui::Panel::right(egui::Id::unique(("fw-side", self.m.id)))
            .resizable(true)
            .default_size(theme::SIDE_PANEL_WIDTH + 40.0)
            .show(ui, |ui| self.side_ui(ui, notices));
        egui::CentralPanel::default().show(ui, |ui| {
            // A finished game shows where it ended: the sky once flying began.
            let flew = self.state().turn() > 0;
            match self.state().phase() {
                Phase::Wings => self.wings_ui(ui, &palette, notices),
                Phase::Flight => self.sky_ui(ui, &palette, notices),
                Phase::Over if flew => self.sky_ui(ui, &palette, notices),
                Phase::Collect | Phase::Over => {
                    self.decks_ui(ui, &palette);
                    self.labyrinth_ui(ui, &palette, notices);
                    Self::held_ui(ui, &palette, &self.state().clone());
                }
            }
        });
        self.confirm_ui(ui, notices);
        self.end_ui(ui, notices);
    }

    fn undo(&mut self, notices: &mut Vec<Notice>) {
        self.guarded_undo(notices);
    }

    fn redo(&mut self, notices: &mut Vec<Notice>) {
        self.m.redo(notices);
        self.after_history_change();
    }

    fn shutdown(&mut self) {
        self.m.cancel();
        self.meter = None;
        self.analysis = None;
    }

    fn take_request(&mut self) -> Option<TabRequest> {
        self.m.finished_request().map(TabRequest::Finished).or_else(|| self.request.take())
    }
}

/// A new Feathers & Wax tab.
#[must_use]
pub fn new_tab(seed: u64, path: std::path::PathBuf) -> FeathersTab {
    let setup = Setup { seats: 1, options: crate::rules::feathers_wax::Options::default() };
    FeathersTab::new(Table::new(Session::new(setup, seed, vec![Player::Human]), path))
}
