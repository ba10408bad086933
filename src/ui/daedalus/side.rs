//! The Daedalus side panel: the two sides with their figures and who
//! plays them, the turn as a short list of what is left to move, the
//! history buttons, the tray while building, and the moves so far.

use egui::{Pos2, RichText, Sense, Stroke, Ui, Vec2, WidgetInfo};

use super::{DaedalusView, paint};
use crate::rules::daedalus::{Action, Colour, Daedalus, Phase, Piece, PieceKind};
use crate::rules::{Game, ToMove};
use crate::session::Player;
use crate::ui::look;
use crate::ui::tab::Frame;
use crate::ui::theme::{self, Palette};

/// Height kept for the turn's lines, whatever they say, so the buttons
/// under them stay where the pointer left them.
const TURN_HEIGHT: f32 = 104.0;

/// One step of an escaping turn as the panel lists it.
struct Step {
    kind: PieceKind,
    words: String,
    /// Done, to do, or not part of this turn.
    state: StepState,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum StepState {
    Done,
    Next,
    Later,
    Not,
}

/// The steps of the mover's turn: the walls, the Gladiator, the Minotaur.
fn steps(state: &Daedalus) -> Vec<Step> {
    let shape = state.required();
    let moved = state.moved_walls().len() as u8;
    let mut out = Vec::new();
    let walls_state = match (shape.walls, moved >= shape.walls) {
        (0, _) => StepState::Not,
        (_, true) => StepState::Done,
        _ => StepState::Next,
    };
    let walls_words = match shape.walls {
        0 => "No wall can move this turn".to_string(),
        1 => format!("Move 1 wall ({moved} of 1)"),
        n => format!("Move {n} walls ({moved} of {n})"),
    };
    out.push(Step { kind: PieceKind::Wall, words: walls_words, state: walls_state });
    // The walls and the Gladiator go in either order; the Minotaur last.
    let glad_state = if !shape.gladiator {
        StepState::Not
    } else if state.gladiator_moved() {
        StepState::Done
    } else {
        StepState::Next
    };
    let glad_words = match (shape.gladiator, walls_state) {
        (false, _) => "Your Gladiator cannot move this turn",
        (true, StepState::Next) => "and your Gladiator (either first)",
        _ => "Move your Gladiator",
    };
    out.push(Step { kind: PieceKind::Gladiator, words: glad_words.into(), state: glad_state });
    let mino_state = if !state.minotaur_due() {
        StepState::Not
    } else if out.iter().all(|s| matches!(s.state, StepState::Done | StepState::Not)) {
        StepState::Next
    } else {
        StepState::Later
    };
    let mino_words = if state.minotaur_due() { "Then your Minotaur, last" } else { "Your Minotaur rests this turn" };
    out.push(Step { kind: PieceKind::Minotaur, words: mino_words.into(), state: mino_state });
    out
}

impl DaedalusView {
    pub(super) fn side_ui(&mut self, ui: &mut Ui, frame: &mut Frame<'_>) {
        let settings = frame.settings;
        let palette = theme::palette(settings.dark);
        let state = self.table.session().state().clone();
        ui.label(look::title(ui, "Daedalus", 26.0));
        if state.options().walls_roam {
            ui.label(RichText::new("Variant: walls roam").italics());
        }
        ui.add_space(4.0);
        for colour in Colour::BOTH {
            self.seat_row(ui, &palette, &state, colour);
        }
        ui.separator();
        let person_turn = self.human_to_move()
            && state.phase() == Phase::Escaping
            && self.table.announced().is_none()
            && self.legal() != [Action::Pass];
        ui.vertical(|ui| {
            ui.set_min_height(TURN_HEIGHT);
            if person_turn {
                turn_card(ui, &palette, &state);
            } else {
                frame.status_ui(ui, &self.table);
            }
        });
        frame.history_ui(ui, &self.table);
        if self.human_to_move()
            && self.legal() == [Action::Pass]
            && ui.button("Pass (nothing can move — DA-R11)").clicked()
        {
            self.table.propose_for_person(Action::Pass, frame.notices);
        }
        if !self.table.has_human() {
            ui.horizontal(|ui| {
                let label = if self.table.paused { "Resume" } else { "Pause" };
                if ui.button(label).clicked() {
                    self.table.paused = !self.table.paused;
                }
                let mut speed = self.speed.unwrap_or(settings.computer_delay);
                let slider = ui.add(egui::Slider::new(&mut speed, 0.0..=3.0).suffix(" s between moves"));
                if slider.changed() {
                    self.speed = Some(speed);
                }
            });
        }
        look::switch(ui, &mut self.flipped, "Black's side at the bottom");
        if state.phase() == Phase::Building {
            ui.separator();
            self.tray_ui(ui, &palette);
        }
        ui.separator();
        let colour = |s: crate::rules::Seat| match Colour::of(s) {
            Colour::White => palette.white_piece,
            Colour::Black => palette.black_piece,
        };
        let log = &self.table.session().log()[..self.table.session().cursor()];
        crate::ui::widgets::log_ui(ui, "da-log", log, (true, &colour));
    }

    /// One side: its Gladiator on its plinth, its name, who plays it, and
    /// a gold tag on the side to move.
    fn seat_row(&self, ui: &mut Ui, palette: &Palette, state: &Daedalus, colour: Colour) {
        let who = match self.table.session().players().get(colour.index()) {
            Some(Player::Human) => "human".to_string(),
            Some(Player::Computer(l)) => format!("computer, {}", l.name()),
            Some(Player::Friend) => "friend online".to_string(),
            None => String::new(),
        };
        let to_move = state.to_move() == ToMove::Seat(colour.seat());
        ui.horizontal(|ui| {
            let (spot, _) = ui.allocate_exact_size(Vec2::splat(30.0), Sense::hover());
            let piece = Piece { kind: PieceKind::Gladiator, colour };
            paint::figure(ui.painter(), palette, piece, spot.center() - Vec2::new(0.0, 2.0), 34.0, 1.0);
            let text = format!("{}: {who}", colour.name());
            ui.label(look::title(ui, colour.name(), 16.0))
                .widget_info(|| WidgetInfo::labeled(egui::Role::Label, true, text.clone()));
            ui.label(RichText::new(&who).color(palette.table.faint));
            if to_move {
                look::turn_tag(ui, palette, "to move");
            }
        });
    }
}

/// The mover's turn as a little list: a piece, what to do with it, and a
/// tick once done; the step to do now in bold, beside a gold marker.
fn turn_card(ui: &mut Ui, palette: &Palette, state: &Daedalus) {
    let colour = state.colour_to_move();
    let heading = format!("{}'s turn {}", colour.name(), state.turn_number(colour));
    let status = state.status();
    ui.label(look::title(ui, heading, 17.0))
        .widget_info(|| WidgetInfo::labeled(egui::Role::Label, true, format!("status: {status}")));
    for step in steps(state) {
        ui.horizontal_top(|ui| {
            let (mark, _) = ui.allocate_exact_size(Vec2::new(10.0, 22.0), Sense::hover());
            if step.state == StepState::Next {
                let c = mark.center();
                let tri = vec![c + Vec2::new(-3.0, -5.0), c + Vec2::new(4.0, 0.0), c + Vec2::new(-3.0, 5.0)];
                ui.painter().add(egui::epaint::PathShape::convex_polygon(tri, palette.selection, Stroke::NONE));
            }
            let (spot, _) = ui.allocate_exact_size(Vec2::splat(22.0), Sense::hover());
            let piece = Piece { kind: step.kind, colour };
            let fade = if step.state == StepState::Not { 0.4 } else { 1.0 };
            match step.kind {
                PieceKind::Wall => paint::wall(ui.painter(), palette, colour, spot, fade),
                _ => paint::figure(ui.painter(), palette, piece, spot.center() - Vec2::new(0.0, 1.0), 24.0, fade),
            }
            let words = RichText::new(&step.words);
            let words = match step.state {
                StepState::Next => words.strong(),
                StepState::Done | StepState::Later => words,
                StepState::Not => words.color(palette.table.faint).italics(),
            };
            // Wrapped within the panel: a line wider than a narrow panel
            // pushed its words off both its edges at 800 x 600.
            let room = ui.available_width() - if step.state == StepState::Done { 20.0 } else { 0.0 };
            ui.scope(|ui| {
                ui.set_max_width(room.max(60.0));
                ui.add(egui::Label::new(words).wrap());
            });
            if step.state == StepState::Done {
                tick(ui, palette);
            }
        });
    }
}

/// A drawn tick (the fonts have no check mark to rely on).
fn tick(ui: &mut Ui, palette: &Palette) {
    let (r, _) = ui.allocate_exact_size(Vec2::new(16.0, 16.0), Sense::hover());
    let ink = Stroke::new(2.5, palette.legal.to_opaque());
    let a = Pos2::new(r.left() + 2.0, r.center().y);
    let b = Pos2::new(r.left() + 6.0, r.bottom() - 3.0);
    let c = Pos2::new(r.right() - 2.0, r.top() + 3.0);
    ui.painter().line_segment([a, b], ink);
    ui.painter().line_segment([b, c], ink);
}
