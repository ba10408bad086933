//! Replaying a saved game, step by step (any game): the board at move 0,
//! then forward and back with ← and →, Home and End, or the slider; the
//! current move's log line shown; "Play on from here" starts a new game
//! from the shown position in a file of its own (the replayed file is never
//! written); "Copy position" puts the save up to the shown move on the
//! clipboard, for a bug report.
//!
//! Secrets: a replay shows what one seat saw (the seat chosen is the only
//! person at the table, so the game's own view shows that seat's hand and
//! no other). A finished game may be looked at from every seat in turn,
//! and the bar says so; a game still in progress says that only the chosen
//! seat's view is shown.

use egui::{Key, Modifiers, RichText, Ui};

use crate::ai::Evaluate;
use crate::ai::Level;
use crate::rules::{Game, Seat};
use crate::save;
use crate::session::Player;
use crate::table::Table;

/// A replay's own state beside its table.
#[derive(Clone, Debug)]
pub struct Replay {
    /// Who played each seat in the file (a game played on keeps them).
    pub players: Vec<Player>,
    /// The seat whose view is shown.
    pub seat: Seat,
    /// The file's game was over.
    pub finished: bool,
}

/// What the replay bar asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplayAsk {
    /// Show the position after this many moves.
    Seek(usize),
    /// Show the game as this seat saw it.
    Seat(Seat),
    /// Start a new game from the shown position.
    PlayOn,
    /// Copy the save up to the shown move.
    Copy,
}

impl Replay {
    /// Starts replaying `table` at move 0, as the first person's seat saw
    /// it: the table stops playing and writing, and that seat becomes the
    /// only person at it.
    pub fn start<G: Evaluate>(table: &mut Table<G>) -> Self {
        table.cancel();
        table.replay = true;
        let players = table.session.players().to_vec();
        let seat = players.iter().position(|p| !p.is_computer()).map_or(Seat(0), |i| Seat(i as u8));
        let finished = table.session.actions().is_empty() || {
            let at = table.session.cursor();
            let end = table.session.actions().len();
            table.session.seek(end);
            let over = table.session.is_over();
            table.session.seek(at);
            over
        };
        let replay = Replay { players, seat, finished };
        replay.show_as(table, seat);
        table.session.seek(0);
        replay
    }

    /// Makes `seat` the only person at the table, so the game's view shows
    /// what that seat saw and nothing of the others.
    pub fn show_as<G: Evaluate>(&self, table: &mut Table<G>, seat: Seat) {
        for i in 0..self.players.len() {
            let player = if i == seat.index() { Player::Human } else { Player::Computer(Level::Easy) };
            table.session.set_player(Seat(i as u8), player);
        }
    }

    /// The save of the game up to the shown move, with the seats as they
    /// were played.
    pub fn cut<G: Evaluate>(&self, table: &Table<G>) -> save::SaveFile {
        let mut file = save::record(&table.session);
        let at = table.session.cursor();
        file.actions.truncate(at);
        file.cursor = Some(at);
        for (rec, &p) in file.seats.iter_mut().zip(&self.players) {
            rec.player = p;
        }
        file.finished = table.session.is_over();
        file.counted = None;
        file
    }
}

/// The replay bar above the game: where the replay stands, the current
/// move's log line, the controls and the seat shown. Returns what it asks.
pub fn bar_ui<G: Evaluate>(ui: &mut Ui, replay: &Replay, table: &Table<G>) -> Option<ReplayAsk> {
    let session = &table.session;
    let (at, total) = (session.cursor(), session.actions().len());
    let mut ask = step_keys(ui, at, total).map(ReplayAsk::Seek);
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new("Replay").strong());
        if let Some(to) = step_buttons(ui, at, total, 0, &format!("of {total}")) {
            ask = Some(ReplayAsk::Seek(to));
        }
        ui.separator();
        if ui
            .button("Play on from here")
            .on_hover_text("A new game from this position, in a file of its own; this file stays as it is.")
            .clicked()
        {
            ask = Some(ReplayAsk::PlayOn);
        }
        if ui.button("Copy position").on_hover_text("The save up to this move, for a bug report.").clicked() {
            ask = Some(ReplayAsk::Copy);
        }
    });
    ui.horizontal_wrapped(|ui| {
        let seats = session.players().len();
        if seats > 1 {
            ui.label(if replay.finished {
                "The game is over: every seat's view may be shown. Show it"
            } else {
                "The game is still in progress: only the chosen seat's view is shown. Show it"
            });
            let state = session.state();
            for i in 0..seats {
                let seat = Seat(i as u8);
                let label = format!("as {} saw it", state.seat_name(seat));
                if ui.selectable_label(replay.seat == seat, label).clicked() && replay.seat != seat {
                    ask = Some(ReplayAsk::Seat(seat));
                }
            }
        }
    });
    let line = match at {
        0 => "Move 0: the start of the game".to_string(),
        n => format!("Move {n}: {}", session.log().get(n - 1).map_or("", |e| e.text.as_str())),
    };
    current_line(ui, &line, "replay");
    ask
}

/// Where the stepping keys (←, →, Home, End) ask to go among `0..=last`
/// from `at`, unless a text field has the keyboard.
pub fn step_keys(ui: &mut Ui, at: usize, last: usize) -> Option<usize> {
    let mut to = None;
    if ui.ctx().egui_wants_keyboard_input() {
        return None;
    }
    ui.input_mut(|i| {
        if i.consume_key(Modifiers::NONE, Key::ArrowRight) && at < last {
            to = Some(at + 1);
        }
        if i.consume_key(Modifiers::NONE, Key::ArrowLeft) && at > 0 {
            to = Some(at - 1);
        }
        if i.consume_key(Modifiers::NONE, Key::Home) {
            to = Some(0);
        }
        if i.consume_key(Modifiers::NONE, Key::End) {
            to = Some(last);
        }
    });
    to
}

/// « Start, ‹ Back, a slider, Forward › and End » over `0..=last` (the
/// slider shows the steps counted from `first`, with `of` after it).
/// Returns where they ask to go.
pub fn step_buttons(ui: &mut Ui, at: usize, last: usize, first: usize, of: &str) -> Option<usize> {
    let mut to = None;
    if ui.add_enabled(at > 0, egui::Button::new("« Start")).on_hover_text("Home").clicked() {
        to = Some(0);
    }
    if ui.add_enabled(at > 0, egui::Button::new("‹ Back")).on_hover_text("←").clicked() {
        to = Some(at - 1);
    }
    let mut shown = at + first;
    if ui.add(egui::Slider::new(&mut shown, first..=last + first).text(of)).changed() {
        to = Some(shown - first);
    }
    if ui.add_enabled(at < last, egui::Button::new("Forward ›")).on_hover_text("→").clicked() {
        to = Some(at + 1);
    }
    if ui.add_enabled(at < last, egui::Button::new("End »")).on_hover_text("End").clicked() {
        to = Some(last);
    }
    to
}

/// The shown step's line, highlighted under the bar (named `what: line`
/// for screen readers).
pub fn current_line(ui: &mut Ui, line: &str, what: &str) {
    egui::Frame::new()
        .fill(ui.visuals().selection.bg_fill.gamma_multiply(0.35))
        .corner_radius(4.0)
        .inner_margin(egui::Margin::symmetric(6, 3))
        .show(ui, |ui| {
            ui.label(RichText::new(line).strong())
                .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, format!("{what}: {line}")));
        });
}

/// Writes `file` as a new game in `dir` and returns its path.
///
/// # Errors
/// The write's problem; nothing is written then.
pub fn write_new<G: Game>(dir: &std::path::Path, file: &save::SaveFile) -> Result<std::path::PathBuf, save::SaveError> {
    let path = save::fresh_path(dir, G::INFO.id);
    save::write_file(&path, &save::to_text(file))?;
    Ok(path)
}
