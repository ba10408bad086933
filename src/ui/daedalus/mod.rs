//! The Daedalus table: the board with walls, Gladiators and Minotaurs, drag
//! (or click) to move, legal squares lit during a drag, refused drops named
//! by their rule, the status line, the move log and the end screen.

use std::time::Duration;

use egui::{Pos2, Rect, Sense, Stroke, StrokeKind, Ui, Vec2, WidgetInfo};

mod board;
mod paint;
mod side;

use super::tab::{Frame, Tab, View};
use super::theme::{self, Palette};
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
    pub table: Table<Daedalus>,
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
    fn with_table(table: Table<Daedalus>) -> Self {
        Self {
            seated: false,
            table,
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
        let key = (self.table.id, self.table.session().cursor());
        let stale = self.legal_cache.as_ref().is_none_or(|(id, c, _)| (*id, *c) != key);
        if stale {
            let actions = self.table.session().state().legal_actions();
            self.legal_cache = Some((key.0, key.1, actions));
        }
        self.legal_cache.as_ref().map_or(&[], |(_, _, a)| a.as_slice())
    }

    fn human_to_move(&self) -> bool {
        self.table.person_to_move().is_some()
    }

    /// What a click on the board is told while it is not a person's turn
    /// here: whom the game waits for (none once the game is over).
    fn not_your_turn(&self, state: &Daedalus) -> Option<String> {
        let crate::rules::ToMove::Seat(seat) = state.to_move() else { return None };
        let name = state.seat_name(seat);
        Some(match self.table.session().players().get(seat.index()) {
            Some(Player::Computer(_)) => format!("The computer is thinking for {name}: its move comes in a moment"),
            Some(Player::Friend) => format!("Waiting for your friend's move ({name})"),
            _ => format!("{name} is to move"),
        })
    }

    fn targets_of(&mut self, source: Source) -> (Vec<Square>, bool) {
        let state = self.table.session().state().clone();
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

    /// Why the piece on `sq`, just picked up, has nowhere to go: the rule
    /// that refuses each neighbouring square (squares refused for the same
    /// reason named together), or `None` when it has a move.
    fn stuck_reason(&mut self, sq: Square) -> Option<String> {
        let (targets, exit) = self.targets_of(Source::Square(sq));
        if !targets.is_empty() || exit {
            return None;
        }
        let piece = self.table.session().state().board().at(sq)?;
        let mut why: Vec<(String, Vec<Square>)> = Vec::new();
        for n in sq.neighbours4(SIZE, SIZE) {
            let reason = match self.verdict(Source::Square(sq), Target::Square(n)) {
                Err(v) => v.to_string(),
                // Allowed alone, but no whole turn can be finished after it.
                Ok(_) => "no whole turn can be finished after that step (DA-R7)".to_string(),
            };
            match why.iter_mut().find(|(r, _)| *r == reason) {
                Some((_, squares)) => squares.push(n),
                None => why.push((reason, vec![n])),
            }
        }
        let said: Vec<String> = why
            .into_iter()
            .map(|(reason, squares)| {
                let names: Vec<String> = squares.iter().map(ToString::to_string).collect();
                format!("to {}: {reason}", names.join(", "))
            })
            .collect();
        Some(format!("The {piece} on {sq} has no move now. {}.", said.join("; ")))
    }

    fn verdict(&self, source: Source, target: Target) -> Result<Action, RuleViolation> {
        let state = self.table.session().state();
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
                self.table.propose_for_person(action, notices);
            }
            Err(v) => notices.push(Notice::Error(v.to_string())),
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
        let log = self.table.session().log();
        let seat = log[..self.table.session().cursor().min(log.len())].last().and_then(|e| e.seat);
        if seat.is_some_and(|s| self.table.session().state().to_move() == crate::rules::ToMove::Seat(s)) {
            (palette.selection.gamma_multiply(0.35), palette.selection.to_opaque())
        } else {
            (palette.last_move, palette.last_move.to_opaque())
        }
    }

    fn last_turn_moves(&mut self) -> Vec<Step> {
        let session = self.table.session();
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
        let state = self.table.session().state();
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
        let board = *self.table.session().state().board();
        let key = (self.table.id, self.table.session().cursor());
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

    fn new(table: Table<Daedalus>) -> Self {
        Self::with_table(table)
    }

    fn table(&self) -> &Table<Daedalus> {
        &self.table
    }

    fn table_mut(&mut self) -> &mut Table<Daedalus> {
        &mut self.table
    }

    fn ui(&mut self, ui: &mut Ui, frame: &mut Frame<'_>) {
        if !self.seated && self.table.session().players().contains(&Player::Human) {
            // Whoever plays Black alone at this screen (against the computer
            // or a friend online) sees their side at the bottom.
            self.flipped = matches!(self.table.session().players(), [p, Player::Human] if *p != Player::Human);
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
        ui.label(format!("{} moves", self.table.session().cursor()));
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
