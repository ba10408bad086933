//! The Daedalus board on screen: the arena's rim and coordinates, the exit
//! gates, the squares with their pieces (sliding after a move), the last
//! turn's marks and where the chosen piece may go; drags, clicks and keys
//! on them turned into moves.

use egui::{Align2, Color32, Painter, Pos2, Sense, Stroke, StrokeKind, Ui, Vec2, WidgetInfo};

use super::{DaedalusView, SLIDE_SECONDS, Slide, Source, Step, Target, paint, paint_piece, paint_piece_with};
use crate::rules::daedalus::{Colour, Daedalus, Phase, SIZE};
use crate::rules::grid::Square;
use crate::ui::Notice;
use crate::ui::theme::{self, Palette};
use crate::ui::widgets::{self, BoardGeometry};

/// What every part of the board drawn this frame shares.
struct Arena<'a> {
    /// The position shown.
    state: &'a Daedalus,
    /// The theme.
    palette: &'a Palette,
    /// Paints the board.
    painter: &'a Painter,
    /// The squares' place on the screen.
    geo: BoardGeometry,
    /// A square's side.
    cell: f32,
    /// True when a person at the screen is to move.
    human: bool,
    /// The piece being dragged, if any.
    dragging: Option<Source>,
    /// Where the chosen or dragged piece may go.
    targets: Vec<Square>,
    /// True when it may leave by the exit.
    exit_ok: bool,
    /// True when Enter or Space was pressed this frame.
    key_activate: bool,
    /// The piece sliding after a move, undo or redo, if one is.
    anim: Option<Slide>,
    /// The frame's time, in seconds.
    now: f64,
    /// The last turn's moves.
    last_turn: Vec<Step>,
    /// The fill of the squares the last turn's pieces went to.
    tint: Color32,
    /// The ink of the last turn's marks.
    ink: Color32,
}

/// What the board's input decided this frame.
#[derive(Default)]
struct Decision {
    /// The move asked for: from where, to where.
    pending: Option<(Source, Target)>,
    /// True when it was asked for by a drop.
    dropped: bool,
    /// What a drag held over a square or an exit would do.
    note: Option<String>,
}

impl Arena<'_> {
    /// The last turn's steps as arrows, within the squares their pieces
    /// left.
    fn paint_steps(&self) {
        let (painter, geo, cell, ink) = (self.painter, &self.geo, self.cell, self.ink);
        // The last turn's steps as short arrows, each within the square its
        // piece left (a step is one square), pointing where it went.
        for &(from, to) in &self.last_turn {
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
    }

    /// A dot on each square the chosen piece may go to.
    fn paint_targets(&self) {
        // Where the chosen piece may go, over the last turn's arrows (under
        // them a dot was lost).
        for &sq in &self.targets {
            self.painter.circle_filled(
                self.geo.square_rect(sq).center(),
                self.cell * 0.16,
                self.palette.legal.to_opaque().gamma_multiply(0.8),
            );
        }
    }
}

impl DaedalusView {
    /// The board: the arena with its gates, squares and pieces, the last
    /// turn's marks and the chosen piece's squares; the move a drag, click
    /// or key asks for, tried.
    pub(super) fn board_ui(&mut self, ui: &mut Ui, palette: &Palette, notices: &mut Vec<Notice>) {
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
        let state = self.table.session().state().clone();
        let human = self.human_to_move();
        let dragging = egui::DragAndDrop::payload::<Source>(ui.ctx()).map(|p| *p);
        let active = dragging.or(self.selected);
        let (targets, exit_ok) = match active {
            Some(src) if human => self.targets_of(src),
            _ => (Vec::new(), false),
        };
        let painter = ui.painter().clone();
        self.paint_coordinates(ui, &painter, palette, &geo, cell);
        let key_activate = self.keyboard(ui, &state);
        let last_turn = self.last_turn_moves();
        let (tint, ink) = self.last_turn_tints(palette);
        let arena = Arena {
            state: &state,
            palette,
            painter: &painter,
            geo,
            cell,
            human,
            dragging,
            targets,
            exit_ok,
            key_activate,
            anim,
            now,
            last_turn,
            tint,
            ink,
        };
        let mut decided = Decision::default();
        self.exits_ui(ui, &arena, strip, &mut decided);
        // Squares.
        for sq in Square::all(SIZE, SIZE) {
            self.square_ui(ui, &arena, sq, &mut decided, notices);
        }
        arena.paint_steps();
        arena.paint_targets();
        if let Some(text) = decided.note {
            widgets::pointer_note(ui, &text, palette);
        }
        if let Some((src, tgt)) = decided.pending {
            self.try_move(src, tgt, notices);
            if decided.dropped {
                // The piece is already where it was dropped: no slide.
                self.seen = Some((self.table.id, self.table.session().cursor(), *self.table.session().state().board()));
            }
        }
    }

    /// The arena's rim, the files' letters in the bottom row's corners and
    /// the ranks' numbers down the left.
    fn paint_coordinates(&self, ui: &Ui, painter: &Painter, palette: &Palette, geo: &BoardGeometry, cell: f32) {
        // The arena's rim and its coordinates, in the display face.
        paint::rim(painter, palette, geo.rect, 6.0);
        let coords = crate::ui::look::display(ui.ctx(), 14.0);
        // The files are lettered in the corner of the bottom row's squares,
        // as on a printed board (under the gate they read as the gate's),
        // over the pieces so a wall never hides one.
        let letters = painter.clone().with_layer_id(egui::LayerId::new(
            egui::Order::Middle,
            egui::Id::unique(("daedalus-files", self.table.id)),
        ));
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
                crate::ui::look::display(ui.ctx(), (cell * 0.2).clamp(11.0, 15.0)),
                if dark { palette.light_square } else { theme::mix(palette.dark_square, palette.outline, 0.45) },
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
    }

    /// The exit gates beyond the far rows, and the one the side to move
    /// escapes by while escaping a button and a drop target (ringed when
    /// the chosen piece may leave, and under the keyboard's cursor).
    fn exits_ui(&self, ui: &Ui, a: &Arena, strip: f32, decided: &mut Decision) {
        let (state, palette, painter, geo) = (a.state, a.palette, a.painter, &a.geo);
        // Exit strips: White leaves beyond rank 8 (top), Black beyond rank 1.
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
            paint::gate(painter, palette, rect, out_up, lit, &words);
            if colour != state.colour_to_move() || state.phase() != Phase::Escaping {
                continue;
            }
            let resp = ui.interact(rect, ui.scope_id().with(("exit", colour as u8)), Sense::click());
            let label = format!("exit for {}", colour.name());
            resp.widget_info(|| WidgetInfo::labeled(egui::Role::Button, true, label.clone()));
            if a.exit_ok {
                painter.rect_stroke(
                    rect.shrink(2.0),
                    3.0,
                    Stroke::new(3.0, palette.legal.to_opaque()),
                    StrokeKind::Inside,
                );
            }
            if let Some(src) = resp.dnd_hover_payload::<Source>() {
                let verdict = self.verdict(*src, Target::Exit).map(|_| ());
                decided.note = decided.note.take().or(widgets::tint_drop_zone(ui, rect, palette, &verdict));
            }
            if let Some(src) = resp.dnd_release_payload::<Source>() {
                decided.pending = Some((*src, Target::Exit));
                decided.dropped = true;
            }
            let key_click = a.key_activate && self.key_cursor == Some(Target::Exit);
            if (resp.clicked() || key_click)
                && let Some(src) = self.selected
            {
                decided.pending = Some((src, Target::Exit));
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
    }

    /// One square: drawn with its piece, a button, a drag source and a
    /// drop target; the move a drop, click or key on it asks for (or, not
    /// this person's turn, a word saying so).
    fn square_ui(&mut self, ui: &Ui, a: &Arena, sq: Square, decided: &mut Decision, notices: &mut Vec<Notice>) {
        let (state, palette, painter) = (a.state, a.palette, a.painter);
        let rect = a.geo.square_rect(sq);
        self.paint_square(a, sq, rect);
        let piece = state.board().at(sq);
        let resp = ui.interact(rect, ui.scope_id().with(("sq", sq)), Sense::click_and_drag());
        let label = match piece {
            Some(p) => format!("{sq} {p}"),
            None => format!("{sq} empty"),
        };
        resp.widget_info(|| WidgetInfo::labeled(egui::Role::Button, true, label.clone()));
        if piece.is_some() && a.human && state.phase() == Phase::Escaping {
            resp.dnd_set_drag_payload(Source::Square(sq));
        }
        if let Some(src) = resp.dnd_hover_payload::<Source>()
            && *src != Source::Square(sq)
        {
            let verdict = self.verdict(*src, Target::Square(sq)).map(|_| ());
            decided.note = decided.note.take().or(widgets::tint_drop_zone(ui, rect, palette, &verdict));
        }
        if let Some(src) = resp.dnd_release_payload::<Source>()
            && *src != Source::Square(sq)
        {
            decided.pending = Some((*src, Target::Square(sq)));
            decided.dropped = true;
        }
        let key_click = a.key_activate && self.key_cursor == Some(Target::Square(sq));
        if (resp.clicked() || key_click) && a.human {
            let before = self.selected;
            decided.pending = decided.pending.or_else(|| self.click_square(state, sq, &a.targets));
            // A piece picked up that cannot go anywhere: said why, at once.
            if decided.pending.is_none()
                && self.selected == Some(Source::Square(sq))
                && before != self.selected
                && let Some(words) = self.stuck_reason(sq)
            {
                self.selected = None;
                notices.push(Notice::Error(words));
            }
        } else if resp.clicked() || key_click {
            // Not this person's turn: said, not ignored.
            if let Some(words) = self.not_your_turn(state) {
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
            self.paint_square_piece(ui, a, sq, p, resp.dragged());
        }
    }

    /// A square's stone, the last turn's mark on it and a lesson's ring.
    fn paint_square(&self, a: &Arena, sq: Square, rect: egui::Rect) {
        let (palette, painter) = (a.palette, a.painter);
        let dark = (sq.x + sq.y).is_multiple_of(2); // a1 dark, h1 light (the rulebook's white corner on the right)
        paint::stone_square(painter, palette, rect, dark, u32::from(sq.y) * 8 + u32::from(sq.x));
        if a.last_turn.iter().any(|&(_, to)| to == sq) {
            painter.rect_filled(rect, 0.0, a.tint);
        } else if a.last_turn.iter().any(|&(from, _)| from == Some(sq)) {
            // Where a piece left: ringed, lighter than where it went.
            painter.rect_stroke(rect.shrink(4.0), 3.0, Stroke::new(2.0, a.ink.gamma_multiply(0.7)), StrokeKind::Inside);
        }
        if self.lights.contains(&sq) {
            // A square the lesson points at.
            painter.rect_stroke(rect.shrink(3.0), 4.0, Stroke::new(3.0, palette.selection), StrokeKind::Inside);
        }
    }

    /// The piece on a square: ringed when chosen, faint with a copy under
    /// the pointer while dragged, sliding in after a move, else standing.
    fn paint_square_piece(&self, ui: &Ui, a: &Arena, sq: Square, p: crate::rules::daedalus::Piece, dragged: bool) {
        let (palette, cell) = (a.palette, a.cell);
        let rect = a.geo.square_rect(sq);
        let being_dragged = a.dragging == Some(Source::Square(sq)) && dragged;
        if self.selected == Some(Source::Square(sq)) {
            a.painter.rect_stroke(rect.shrink(2.0), 2.0, Stroke::new(3.0, palette.selection), StrokeKind::Inside);
        }
        if being_dragged {
            paint_piece(ui, palette, p, rect.center(), cell, 0.35);
            if let Some(pos) = ui.ctx().pointer_latest_pos() {
                let layer =
                    ui.ctx().layer_painter(egui::LayerId::new(egui::Order::Tooltip, egui::Id::unique("daedalus-drag")));
                paint_piece_with(&layer, palette, p, pos, cell, 1.0);
            }
        } else if let Some(s) = a.anim.filter(|s| s.to == sq && s.piece == p) {
            let t = ((a.now - s.start) / SLIDE_SECONDS).clamp(0.0, 1.0) as f32;
            let t = t * t * (3.0 - 2.0 * t);
            let from = a.geo.square_rect(s.from).center();
            paint_piece(ui, palette, p, from + (rect.center() - from) * t, cell, 1.0);
        } else {
            paint_piece(ui, palette, p, rect.center(), cell, 1.0);
        }
    }
}
