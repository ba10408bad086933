//! The Daedalus table: the board with walls, Gladiators and Minotaurs, drag
//! (or click) to move, legal squares lit during a drag, refused drops named
//! by their rule, the status line, the move log and the end screen.

use std::time::Duration;

use egui::{Align2, Pos2, Rect, Sense, Stroke, StrokeKind, Ui, Vec2, WidgetInfo};

mod paint;
mod side;

use super::tab::{Frame, Tab, View};
use super::theme::{self, Palette};
use super::widgets::{self, BoardGeometry};
use super::{Notice, ViewSettings};
use crate::rules::daedalus::{Action, Board, Colour, Daedalus, Phase, Piece, PieceKind, SIZE};
use crate::rules::grid::Square;
use crate::rules::{Game, RuleViolation};
use crate::session::{Player, Session};
use crate::table::Table;

/// What is being moved: a piece on a square, or a new piece from the tray.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// The piece standing on this square.
    Square(Square),
    /// The piece the building phase asks for next.
    Tray,
}

/// Where it goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// A square.
    Square(Square),
    /// Off the board beyond the mover's far row.
    Exit,
}

/// The action a drag from `source` to `target` means, if any.
#[must_use]
pub fn action_for(state: &Daedalus, source: Source, target: Target) -> Option<Action> {
    match (state.phase(), source, target) {
        (Phase::Building, _, Target::Square(sq)) => {
            let kind = state.placement_due()?;
            Some(match kind {
                PieceKind::Wall => Action::PlaceWall(sq),
                PieceKind::Gladiator => Action::PlaceGladiator(sq),
                PieceKind::Minotaur => Action::PlaceMinotaur(sq),
            })
        }
        (Phase::Escaping, Source::Square(from), target) => {
            let piece = state.board().at(from)?;
            match (piece.kind, target) {
                (PieceKind::Wall, Target::Square(to)) => Some(Action::MoveWall { from, to }),
                (PieceKind::Gladiator, Target::Square(to)) if piece.colour == state.colour_to_move() => {
                    Some(Action::MoveGladiator(to))
                }
                (PieceKind::Gladiator, Target::Exit) if piece.colour == state.colour_to_move() => Some(Action::Escape),
                (PieceKind::Minotaur, Target::Square(to)) if piece.colour == state.colour_to_move() => {
                    Some(Action::MoveMinotaur(to))
                }
                _ => None,
            }
        }
        _ => None,
    }
}

/// The Daedalus view (its tab is [`DaedalusTab`]).
pub struct DaedalusView {
    /// The game, its file and its computer player.
    pub m: Table<Daedalus>,
    selected: Option<Source>,
    legal_cache: Option<(u64, usize, Vec<Action>)>,
    /// Draw Black's side at the bottom.
    pub flipped: bool,
    /// The side to show at the bottom was chosen from who sits where (a
    /// friend online learns their seat from the host, after the tab opens).
    seated: bool,
    /// The keyboard cursor (arrow keys), if the keyboard has been used.
    key_cursor: Option<Target>,
    /// Seconds between moves when computers play each other (None: settings).
    pub speed: Option<f32>,
    seen: Option<(u64, usize, Board)>,
    anim: Option<Slide>,
    /// Squares a lesson points at (ringed).
    lights: Vec<Square>,
    /// The last turn's moves (from where, if the piece moved, to where),
    /// for the revision and cursor they were read at.
    last_turn: Option<(u64, usize, Vec<Step>)>,
}

/// One move of a turn: the square its piece left (none for a piece
/// placed from the tray) and the square it went to.
type Step = (Option<Square>, Square);

/// A piece sliding from one square to another after a move, undo or redo.
#[derive(Clone, Copy, Debug)]
struct Slide {
    piece: Piece,
    from: Square,
    to: Square,
    start: f64,
}

/// How long a slide takes, in seconds.
const SLIDE_SECONDS: f64 = 0.22;

/// The single piece that moved between two boards, if exactly one did.
fn moved_piece(before: &Board, after: &Board) -> Option<(Piece, Square, Square)> {
    let mut vacated = None;
    let mut filled = None;
    for sq in Square::all(SIZE, SIZE) {
        let (a, b) = (before.at(sq), after.at(sq));
        if a == b {
            continue;
        }
        match (a, b) {
            (Some(p), None) if vacated.is_none() => vacated = Some((p, sq)),
            (_, Some(p)) if filled.is_none() => filled = Some((p, sq)),
            _ => return None,
        }
    }
    match (vacated, filled) {
        (Some((p, from)), Some((q, to))) if p == q => Some((p, from, to)),
        _ => None,
    }
}

impl DaedalusView {
    fn with_table(m: Table<Daedalus>) -> Self {
        Self {
            seated: false,
            m,
            selected: None,
            legal_cache: None,
            flipped: false,
            speed: None,
            seen: None,
            anim: None,
            key_cursor: None,
            lights: Vec::new(),
            last_turn: None,
        }
    }

    fn legal(&mut self) -> &[Action] {
        let key = (self.m.id, self.m.session.cursor());
        let stale = self.legal_cache.as_ref().is_none_or(|(id, c, _)| (*id, *c) != key);
        if stale {
            let actions = self.m.session.state().legal_actions();
            self.legal_cache = Some((key.0, key.1, actions));
        }
        self.legal_cache.as_ref().map_or(&[], |(_, _, a)| a.as_slice())
    }

    fn human_to_move(&self) -> bool {
        self.m.person_to_move().is_some()
    }

    /// What a click on the board is told while it is not a person's turn
    /// here: whom the game waits for (none once the game is over).
    fn not_your_turn(&self, state: &Daedalus) -> Option<String> {
        let crate::rules::ToMove::Seat(seat) = state.to_move() else { return None };
        let name = state.seat_name(seat);
        Some(match self.m.session.players().get(seat.index()) {
            Some(Player::Computer(_)) => format!("The computer is thinking for {name}: its move comes in a moment"),
            Some(Player::Friend) => format!("Waiting for your friend's move ({name})"),
            _ => format!("{name} is to move"),
        })
    }

    fn targets_of(&mut self, source: Source) -> (Vec<Square>, bool) {
        let state = self.m.session.state().clone();
        let legal = self.legal().to_vec();
        let mut squares = Vec::new();
        let mut exit = false;
        for sq in Square::all(SIZE, SIZE) {
            if action_for(&state, source, Target::Square(sq)).is_some_and(|a| legal.binary_search(&a).is_ok()) {
                squares.push(sq);
            }
        }
        if action_for(&state, source, Target::Exit).is_some_and(|a| legal.binary_search(&a).is_ok()) {
            exit = true;
        }
        (squares, exit)
    }

    fn verdict(&self, source: Source, target: Target) -> Result<Action, RuleViolation> {
        let state = self.m.session.state();
        match action_for(state, source, target) {
            Some(a) => state.check(&a).map(|()| a),
            None => Err(state.drag_refusal(
                match source {
                    Source::Square(from) => Some(from),
                    Source::Tray => None,
                },
                target == Target::Exit,
            )),
        }
    }

    fn try_move(&mut self, source: Source, target: Target, notices: &mut Vec<Notice>) {
        self.selected = None;
        match self.verdict(source, target) {
            Ok(action) => {
                self.m.propose_for_person(action, notices);
            }
            Err(v) => notices.push(Notice::Error(v.to_string())),
        }
    }

    #[allow(
        clippy::too_many_lines,
        reason = "draws the board and handles drag, click and keys in one pass so they share one hit test"
    )]
    fn board_ui(&mut self, ui: &mut Ui, palette: &Palette, notices: &mut Vec<Notice>) {
        let avail = ui.available_size();
        let cell = ((avail.x - 40.0) / f32::from(SIZE))
            .min((avail.y - 30.0) / (f32::from(SIZE) + 1.6))
            .clamp(theme::MIN_SQUARE, theme::MAX_SQUARE);
        let strip = cell * 0.6;
        let board_size = Vec2::splat(cell * f32::from(SIZE));
        let total = board_size + Vec2::new(40.0, 2.0 * strip + 20.0);
        // The whole width, so the board stands in the middle of the table.
        let (outer, _) = ui.allocate_exact_size(Vec2::new(avail.x.max(total.x), total.y), Sense::hover());
        let origin = Pos2::new(outer.center().x - board_size.x / 2.0 + 10.0, outer.min.y + strip + 10.0);
        let mut geo = BoardGeometry::new(origin, cell, SIZE, SIZE);
        geo.flipped = self.flipped;
        let now = ui.input(|i| i.time);
        let anim = self.anim.filter(|a| now - a.start < SLIDE_SECONDS);
        if anim.is_some() {
            ui.ctx().request_repaint();
        } else {
            self.anim = None;
        }
        let state = self.m.session.state().clone();
        let human = self.human_to_move();
        let dragging = egui::DragAndDrop::payload::<Source>(ui.ctx()).map(|p| *p);
        let active = dragging.or(self.selected);
        let (targets, exit_ok) = match active {
            Some(src) if human => self.targets_of(src),
            _ => (Vec::new(), false),
        };
        let painter = ui.painter().clone();
        // The arena's rim and its coordinates, in the display face.
        paint::rim(&painter, palette, geo.rect, 6.0);
        let coords = super::look::display(ui.ctx(), 14.0);
        // The files are lettered in the corner of the bottom row's squares,
        // as on a printed board (under the gate they read as the gate's),
        // over the pieces so a wall never hides one.
        let letters = painter
            .clone()
            .with_layer_id(egui::LayerId::new(egui::Order::Middle, egui::Id::unique(("daedalus-files", self.m.id))));
        let bottom = if self.flipped { SIZE - 1 } else { 0 };
        for i in 0..SIZE {
            let file = char::from(b'a' + i).to_string();
            let r = geo.square_rect(Square::new(i, bottom));
            let dark = (i + bottom) % 2 == 0;
            // Small, in the very corner: clear of a piece's round base.
            letters.text(
                r.left_bottom() + Vec2::new(2.5, -1.0),
                Align2::LEFT_BOTTOM,
                &file,
                super::look::display(ui.ctx(), (cell * 0.18).clamp(10.0, 13.0)),
                if dark { palette.light_square } else { super::theme::mix(palette.dark_square, palette.outline, 0.45) },
            );
            let r = geo.square_rect(Square::new(0, i));
            painter.text(
                Pos2::new(geo.rect.min.x - 16.0, r.center().y),
                Align2::CENTER_CENTER,
                (i + 1).to_string(),
                coords.clone(),
                ui.visuals().text_color(),
            );
        }
        // Exit strips: White leaves beyond rank 8 (top), Black beyond rank 1.
        let mut pending: Option<(Source, Target)> = None;
        let key_activate = self.keyboard(ui, &state);
        let mut dropped = false;
        let mut note: Option<String> = None;
        for colour in Colour::BOTH {
            let rect = geo.strip_beyond(colour == Colour::White, strip);
            // Clear of the arena's rim (it overlapped the banner's top).
            let away = if rect.center().y > geo.rect.center().y { 7.0 } else { -7.0 };
            let rect = rect.translate(Vec2::new(0.0, away));
            let lit = colour == state.colour_to_move() && state.phase() == Phase::Escaping;
            let beyond = if colour == Colour::White { "row 8" } else { "row 1" };
            let words = format!("{}'s Gladiator escapes here, beyond {beyond}", colour.name());
            // Out of the arena is up the screen for the side whose far row is at the top.
            let out_up = rect.center().y < geo.rect.center().y;
            paint::gate(&painter, palette, rect, out_up, lit, &words);
            if colour != state.colour_to_move() || state.phase() != Phase::Escaping {
                continue;
            }
            let resp = ui.interact(rect, ui.scope_id().with(("exit", colour as u8)), Sense::click());
            let label = format!("exit for {}", colour.name());
            resp.widget_info(|| WidgetInfo::labeled(egui::Role::Button, true, label.clone()));
            if exit_ok {
                painter.rect_stroke(
                    rect.shrink(2.0),
                    3.0,
                    Stroke::new(3.0, palette.legal.to_opaque()),
                    StrokeKind::Inside,
                );
            }
            if let Some(src) = resp.dnd_hover_payload::<Source>() {
                let verdict = self.verdict(*src, Target::Exit).map(|_| ());
                note = note.or(widgets::tint_drop_zone(ui, rect, palette, &verdict));
            }
            if let Some(src) = resp.dnd_release_payload::<Source>() {
                pending = Some((*src, Target::Exit));
                dropped = true;
            }
            let key_click = key_activate && self.key_cursor == Some(Target::Exit);
            if (resp.clicked() || key_click)
                && let Some(src) = self.selected
            {
                pending = Some((src, Target::Exit));
            }
            if self.key_cursor == Some(Target::Exit) {
                painter.rect_stroke(
                    rect.shrink(3.0),
                    3.0,
                    Stroke::new(2.5, palette.last_move.to_opaque()),
                    StrokeKind::Inside,
                );
            }
        }
        // Squares.
        let last_turn = self.last_turn_moves();
        let (tint, ink) = self.last_turn_tints(palette);
        for sq in Square::all(SIZE, SIZE) {
            let rect = geo.square_rect(sq);
            let dark = (sq.x + sq.y) % 2 == 0; // a1 dark, h1 light (the rulebook's white corner on the right)
            paint::stone_square(&painter, palette, rect, dark, u32::from(sq.y) * 8 + u32::from(sq.x));
            if last_turn.iter().any(|&(_, to)| to == sq) {
                painter.rect_filled(rect, 0.0, tint);
            } else if last_turn.iter().any(|&(from, _)| from == Some(sq)) {
                // Where a piece left: ringed, lighter than where it went.
                painter.rect_stroke(
                    rect.shrink(4.0),
                    3.0,
                    Stroke::new(2.0, ink.gamma_multiply(0.7)),
                    StrokeKind::Inside,
                );
            }
            if self.lights.contains(&sq) {
                // A square the lesson points at.
                painter.rect_stroke(rect.shrink(3.0), 4.0, Stroke::new(3.0, palette.selection), StrokeKind::Inside);
            }
            let piece = state.board().at(sq);
            let resp = ui.interact(rect, ui.scope_id().with(("sq", sq)), Sense::click_and_drag());
            let label = match piece {
                Some(p) => format!("{sq} {p}"),
                None => format!("{sq} empty"),
            };
            resp.widget_info(|| WidgetInfo::labeled(egui::Role::Button, true, label.clone()));
            if piece.is_some() && human && state.phase() == Phase::Escaping {
                resp.dnd_set_drag_payload(Source::Square(sq));
            }
            if let Some(src) = resp.dnd_hover_payload::<Source>()
                && *src != Source::Square(sq)
            {
                let verdict = self.verdict(*src, Target::Square(sq)).map(|_| ());
                note = note.or(widgets::tint_drop_zone(ui, rect, palette, &verdict));
            }
            if let Some(src) = resp.dnd_release_payload::<Source>()
                && *src != Source::Square(sq)
            {
                pending = Some((*src, Target::Square(sq)));
                dropped = true;
            }
            let key_click = key_activate && self.key_cursor == Some(Target::Square(sq));
            if (resp.clicked() || key_click) && human {
                pending = pending.or_else(|| self.click_square(&state, sq, &targets));
            } else if resp.clicked() || key_click {
                // Not this person's turn: said, not ignored.
                if let Some(words) = self.not_your_turn(&state) {
                    notices.push(Notice::Info(words));
                }
            }
            if self.key_cursor == Some(Target::Square(sq)) {
                painter.rect_stroke(
                    rect.shrink(4.0),
                    2.0,
                    Stroke::new(2.5, palette.last_move.to_opaque()),
                    StrokeKind::Inside,
                );
            }
            if let Some(p) = piece {
                let being_dragged = dragging == Some(Source::Square(sq)) && resp.dragged();
                if self.selected == Some(Source::Square(sq)) {
                    painter.rect_stroke(rect.shrink(2.0), 2.0, Stroke::new(3.0, palette.selection), StrokeKind::Inside);
                }
                if being_dragged {
                    paint_piece(ui, palette, p, rect.center(), cell, 0.35);
                    if let Some(pos) = ui.ctx().pointer_latest_pos() {
                        let layer = ui
                            .ctx()
                            .layer_painter(egui::LayerId::new(egui::Order::Tooltip, egui::Id::unique("daedalus-drag")));
                        paint_piece_with(&layer, palette, p, pos, cell, 1.0);
                    }
                } else if let Some(a) = anim.filter(|a| a.to == sq && a.piece == p) {
                    let t = ((now - a.start) / SLIDE_SECONDS).clamp(0.0, 1.0) as f32;
                    let t = t * t * (3.0 - 2.0 * t);
                    let from = geo.square_rect(a.from).center();
                    paint_piece(ui, palette, p, from + (rect.center() - from) * t, cell, 1.0);
                } else {
                    paint_piece(ui, palette, p, rect.center(), cell, 1.0);
                }
            }
        }
        // The last turn's steps as short arrows, each within the square its
        // piece left (a step is one square), pointing where it went.
        for &(from, to) in &last_turn {
            let Some(from) = from else { continue };
            let (a, b) = (geo.square_rect(from).center(), geo.square_rect(to).center());
            let dir = (b - a).normalized();
            let (tail, head) = (a - dir * cell * 0.15, a + dir * cell * 0.42);
            let stroke = Stroke::new((cell * 0.06).max(2.0), ink);
            painter.line_segment([tail, head - dir * cell * 0.08], stroke);
            let side = dir.rot90() * cell * 0.1;
            painter.add(egui::Shape::convex_polygon(
                vec![head, head - dir * cell * 0.16 + side, head - dir * cell * 0.16 - side],
                ink,
                Stroke::NONE,
            ));
        }
        // Where the chosen piece may go, over the last turn's arrows (under
        // them a dot was lost).
        for &sq in &targets {
            painter.circle_filled(
                geo.square_rect(sq).center(),
                cell * 0.16,
                palette.legal.to_opaque().gamma_multiply(0.8),
            );
        }
        if let Some(text) = note {
            widgets::pointer_note(ui, &text, palette);
        }
        if let Some((src, tgt)) = pending {
            self.try_move(src, tgt, notices);
            if dropped {
                // The piece is already where it was dropped: no slide.
                self.seen = Some((self.m.id, self.m.session.cursor(), *self.m.session.state().board()));
            }
        }
    }

    /// What a click (or Enter) on `sq` means: select a piece, or move the
    /// selected one there, or place the next piece while building.
    fn click_square(&mut self, state: &Daedalus, sq: Square, targets: &[Square]) -> Option<(Source, Target)> {
        let piece = state.board().at(sq);
        match (self.selected, piece) {
            (Some(src), _) if src != Source::Square(sq) && (targets.contains(&sq) || piece.is_none()) => {
                Some((src, Target::Square(sq)))
            }
            (_, Some(_)) if state.phase() == Phase::Escaping => {
                self.selected = if self.selected == Some(Source::Square(sq)) { None } else { Some(Source::Square(sq)) };
                None
            }
            (_, None) if state.phase() == Phase::Building => Some((Source::Tray, Target::Square(sq))),
            (Some(src), Some(_)) => Some((src, Target::Square(sq))),
            _ => None,
        }
    }

    /// The keyboard path: arrow keys move a cursor over the board (past the
    /// far row onto the exit strip), Enter or Space acts like a click.
    /// Returns true when Enter or Space was pressed this frame.
    fn keyboard(&mut self, ui: &Ui, state: &Daedalus) -> bool {
        if ui.ctx().egui_wants_keyboard_input() {
            return false;
        }
        let (up, down, left, right, act) = ui.input(|i| {
            (
                i.key_pressed(egui::Key::ArrowUp),
                i.key_pressed(egui::Key::ArrowDown),
                i.key_pressed(egui::Key::ArrowLeft),
                i.key_pressed(egui::Key::ArrowRight),
                i.key_pressed(egui::Key::Enter) || i.key_pressed(egui::Key::Space),
            )
        });
        if !(up || down || left || right || act) {
            return false;
        }
        let mover = state.colour_to_move();
        // Screen up is towards rank 8 unless the board is flipped.
        let (screen_up, screen_right): (i8, i8) = if self.flipped { (-1, -1) } else { (1, 1) };
        let exit_y = mover.far_y();
        let towards_exit: i8 = if mover == Colour::White { 1 } else { -1 };
        let dy = if up {
            screen_up
        } else if down {
            -screen_up
        } else {
            0
        };
        let dx = if right {
            screen_right
        } else if left {
            -screen_right
        } else {
            0
        };
        let start = state.board().gladiator(mover).unwrap_or(Square::new(4, mover.near_y()));
        self.key_cursor = Some(match self.key_cursor {
            None => Target::Square(start),
            Some(Target::Exit) if dy == -towards_exit => Target::Square(Square::new(start.x, exit_y)),
            Some(Target::Exit) => Target::Exit,
            Some(Target::Square(sq)) => match sq.offset(dx, dy, SIZE, SIZE) {
                Some(next) => Target::Square(next),
                None if dy == towards_exit && state.phase() == Phase::Escaping && sq.y == exit_y => Target::Exit,
                None => Target::Square(sq),
            },
        });
        act
    }

    /// The moves of the last turn: every move of the side that moved
    /// last, back to the other side's turn (a turn is two walls, the
    /// Gladiator and sometimes the Minotaur, and all of it is marked, so a
    /// computer's whole turn can be seen at a glance), each with the square
    /// it came from when a piece moved. The game has no secret and no
    /// chance, so the board before the turn is the moves replayed; a game
    /// that did not begin from its setup (a lesson's position) shows where
    /// the pieces went only.
    /// The fill and ink of the last turn's marks: the turn being played
    /// (one's own, mid-turn) in the selection's gold, the other side's last
    /// turn in its own tint.
    fn last_turn_tints(&self, palette: &Palette) -> (egui::Color32, egui::Color32) {
        let log = self.m.session.log();
        let seat = log[..self.m.session.cursor().min(log.len())].last().and_then(|e| e.seat);
        if seat.is_some_and(|s| self.m.session.state().to_move() == crate::rules::ToMove::Seat(s)) {
            (palette.selection.gamma_multiply(0.35), palette.selection.to_opaque())
        } else {
            (palette.last_move, palette.last_move.to_opaque())
        }
    }

    fn last_turn_moves(&mut self) -> Vec<Step> {
        let session = &self.m.session;
        let key = (session.revision(), session.cursor());
        if let Some((rev, cur, moves)) = &self.last_turn
            && (*rev, *cur) == key
        {
            return moves.clone();
        }
        let cursor = session.cursor();
        let log = &session.log()[..cursor.min(session.log().len())];
        let Some(last_seat) = log.last().map(|e| e.seat) else { return Vec::new() };
        let turn = log.iter().rev().take_while(|e| e.seat == last_seat).count();
        let actions = &session.actions()[cursor - turn..cursor];
        let to_of = |a: &Action| match a {
            Action::PlaceWall(s)
            | Action::PlaceGladiator(s)
            | Action::PlaceMinotaur(s)
            | Action::MoveGladiator(s)
            | Action::MoveMinotaur(s) => Some(*s),
            Action::MoveWall { to, .. } => Some(*to),
            Action::Escape | Action::Pass => None,
        };
        let mut replay = Daedalus::new(session.setup(), session.seed());
        for a in &session.actions()[..cursor - turn] {
            replay.apply_legal(a);
        }
        let mut moves = Vec::new();
        for a in actions {
            let before = *replay.board();
            replay.apply_legal(a);
            let Some(to) = to_of(a) else { continue };
            let piece = replay.board().at(to);
            let from = Square::all(SIZE, SIZE)
                .find(|&sq| sq != to && piece.is_some() && before.at(sq) == piece && replay.board().at(sq) != piece);
            moves.push((from, to));
        }
        if replay.board() != session.state().board() {
            // Not from its setup: where the pieces went, no more.
            moves = actions.iter().filter_map(to_of).map(|to| (None, to)).collect();
        }
        self.last_turn = Some((key.0, key.1, moves.clone()));
        moves
    }

    fn tray_ui(&mut self, ui: &mut Ui, palette: &Palette) {
        let state = self.m.session.state();
        let Some(kind) = state.placement_due() else { return };
        // Nothing to drag while the computer places its own pieces.
        if !self.human_to_move() {
            return;
        }
        let colour = state.colour_to_move();
        let hint = match kind {
            PieceKind::Wall => {
                format!("wall {} of 7 — drag it to your half, or click a square", state.board().walls(colour).len() + 1)
            }
            _ => format!("the {} — drag it to your near row, or click a square", kind.name()),
        };
        // A click (or Enter on it) chooses the piece and lights the squares it may go to.
        let chosen = self.selected == Some(Source::Tray);
        ui.horizontal(|ui| {
            ui.label(format!("{} places:", colour.name()));
            let label = format!("tray {} {}", colour.lower(), kind.name());
            let (rect, resp) = ui.allocate_exact_size(Vec2::splat(44.0), Sense::click_and_drag());
            resp.widget_info(|| WidgetInfo::selected(egui::Role::Button, true, chosen, label.clone()));
            paint_piece(ui, palette, Piece { kind, colour }, rect.center(), 44.0, 1.0);
            if chosen {
                ui.painter().rect_stroke(rect, 4.0, Stroke::new(3.0, palette.selection), StrokeKind::Inside);
            }
            resp.dnd_set_drag_payload(Source::Tray);
            if resp.clicked() {
                self.selected = if chosen { None } else { Some(Source::Tray) };
            }
            ui.label(hint);
        });
    }

    /// Notices a move, undo or redo since the last frame and starts a slide.
    fn track_changes(&mut self, now: f64, animations: bool) {
        let board = *self.m.session.state().board();
        let key = (self.m.id, self.m.session.cursor());
        if let Some((id, cursor, before)) = self.seen
            && (id, cursor) != key
            && id == key.0
            && animations
            && let Some((piece, from, to)) = moved_piece(&before, &board)
        {
            self.anim = Some(Slide { piece, from, to, start: now });
        }
        self.seen = Some((key.0, key.1, board));
    }
}

fn paint_piece(ui: &Ui, palette: &Palette, p: Piece, center: Pos2, cell: f32, alpha: f32) {
    paint_piece_with(ui.painter(), palette, p, center, cell, alpha);
}

fn paint_piece_with(painter: &egui::Painter, palette: &Palette, p: Piece, center: Pos2, cell: f32, alpha: f32) {
    match p.kind {
        PieceKind::Wall => {
            paint::wall(painter, palette, p.colour, Rect::from_center_size(center, Vec2::splat(cell)), alpha);
        }
        PieceKind::Gladiator | PieceKind::Minotaur => paint::figure(painter, palette, p, center, cell, alpha),
    }
}

impl View for DaedalusView {
    type Game = Daedalus;

    fn lesson_lights(&mut self, actions: &[Action]) {
        self.lights = actions
            .iter()
            .filter_map(|a| match *a {
                Action::PlaceWall(s)
                | Action::PlaceGladiator(s)
                | Action::PlaceMinotaur(s)
                | Action::MoveGladiator(s)
                | Action::MoveMinotaur(s)
                | Action::MoveWall { to: s, .. } => Some(s),
                Action::Escape | Action::Pass => None,
            })
            .collect();
    }

    fn new(m: Table<Daedalus>) -> Self {
        Self::with_table(m)
    }

    fn table(&self) -> &Table<Daedalus> {
        &self.m
    }

    fn table_mut(&mut self) -> &mut Table<Daedalus> {
        &mut self.m
    }

    fn title(&self) -> String {
        let players = self.m.session.players();
        let short = |p: Option<&Player>| match p {
            Some(Player::Computer(_)) => "computer",
            Some(Player::Friend) => "friend online",
            _ => "human",
        };
        format!("Daedalus — {} v {}", short(players.first()), short(players.get(1)))
    }

    fn ui(&mut self, ui: &mut Ui, frame: &mut Frame<'_>) {
        if !self.seated && self.m.session.players().contains(&Player::Human) {
            // Whoever plays Black alone at this screen (against the computer
            // or a friend online) sees their side at the bottom.
            self.flipped = matches!(self.m.session.players(), [p, Player::Human] if *p != Player::Human);
            self.seated = true;
        }
        let palette = theme::palette(frame.settings.dark);
        self.track_changes(ui.input(|i| i.time), frame.settings.animations);
        super::tab::side_panel(ui, |ui| self.side_ui(ui, frame));
        egui::CentralPanel::default().show(ui, |ui| {
            // The board lies on the table's cloth, as every game's does.
            super::look::paint_cloth(ui, ui.clip_rect(), &palette);
            ui.visuals_mut().override_text_color = Some(palette.table.ink);
            if ui.input(|i| i.key_pressed(egui::Key::Escape)) {
                self.selected = None;
            }
            self.board_ui(ui, &palette, frame.notices);
        });
    }

    fn history_changed(&mut self) {
        self.selected = None;
    }

    fn computer_delay(&self, settings: &ViewSettings) -> Duration {
        super::view::pause(self.speed.unwrap_or(settings.computer_delay))
    }

    fn end_heading(&self, outcome: &crate::rules::Outcome) -> String {
        match outcome.winners.first() {
            Some(&s) => format!("{} wins", Colour::of(s).name()),
            None => "Draw".to_string(),
        }
    }

    fn outcome_ui(&mut self, ui: &mut Ui, outcome: &crate::rules::Outcome, _frame: &mut Frame<'_>) {
        ui.label(&outcome.reason);
        ui.label(format!("{} moves", self.m.session.cursor()));
    }
}

/// The Daedalus tab: the view in the frame every game shares.
pub type DaedalusTab = Tab<DaedalusView>;

/// A new Daedalus tab.
#[must_use]
pub fn new_tab(
    options: crate::rules::daedalus::Options,
    seed: u64,
    players: Vec<Player>,
    path: std::path::PathBuf,
) -> DaedalusTab {
    let setup = crate::rules::Setup { seats: 2, options };
    DaedalusTab::new(Table::new(Session::new(setup, seed, players), path))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Rng, Setup};

    /// The last turn is shown with where each moved piece came from: a
    /// moved wall from its own square, a Gladiator or Minotaur from the
    /// square next to where it went.
    #[test]
    fn the_last_turn_marks_where_each_piece_came_from() {
        let setup = Setup { seats: 2, options: <Daedalus as Game>::Options::default() };
        let mut session: Session<Daedalus> = Session::new(setup, 3, vec![Player::Human, Player::Human]);
        let mut rng = Rng::seeded(3);
        let mut checked = 0;
        for _ in 0..400 {
            if session.is_over() {
                break;
            }
            let legal = session.state().legal_actions();
            session.propose(legal[rng.below(legal.len())].clone()).expect("a legal move");
            let mut view = DaedalusView::with_table(Table::new(session.clone(), std::path::PathBuf::from("x.json")));
            let moves = view.last_turn_moves();
            let cursor = session.cursor();
            let last: Action = session.actions()[cursor - 1].clone();
            let (from, to) = *moves.last().expect("the last move is marked");
            match last {
                Action::MoveWall { from: f, to: t } => {
                    assert_eq!((from, to), (Some(f), t), "a wall's step");
                    checked += 1;
                }
                Action::MoveGladiator(t) | Action::MoveMinotaur(t) => {
                    let f = from.expect("a moved figure shows where it came from");
                    assert_eq!(to, t);
                    assert_eq!(u8::abs_diff(f.x, t.x) + u8::abs_diff(f.y, t.y), 1, "{f} is next to {t}");
                    checked += 1;
                }
                Action::PlaceWall(t) | Action::PlaceGladiator(t) | Action::PlaceMinotaur(t) => {
                    assert_eq!((from, to), (None, t), "a placed piece came from the tray");
                }
                Action::Escape | Action::Pass => {}
            }
        }
        assert!(checked > 10, "moves were checked: {checked}");
    }
}
