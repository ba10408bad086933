//! Replaying a saved game, step by step (any game): the board at move 0,
//! then forward and back with ← and →, Home and End, or the slider; the
//! current move's log line shown; "Play on from here" starts a new game
//! from the shown position in a file of its own (the replayed file is never
//! written); "Copy position" puts the save up to the shown move on the
//! clipboard, for a bug report (not while a game with secrets is in
//! progress: its save holds every hand).
//!
//! Secrets: a replay shows only what the people at this screen may see.
//! A finished game may be shown as each seat saw it, and the bar says so.
//! A game still in progress, in which seats hold secrets (hands, bids,
//! missions), starts from what every seat may know; with one person at
//! the table it shows that person's view (as the game itself does), and
//! with several it shows one person's view only behind the hand-off the
//! game uses. The seats of the computer and of friends elsewhere stay
//! hidden until the game ends. The seats keep the players they were set
//! up with.

use egui::{Key, Modifiers, RichText, Ui};

use crate::ai::Evaluate;
use crate::rules::{Game, Seat};
use crate::save;
use crate::session::Player;
use crate::table::{Shown, Table};

/// A replay's own state beside its table.
#[derive(Clone, Debug)]
pub struct Replay {
    /// Who played each seat in the file (a game played on keeps them).
    pub players: Vec<Player>,
    /// Whose secrets the screen shows.
    pub shown: Shown,
    /// A person chosen whose view waits for their hand-off.
    pub pending: Option<Seat>,
    /// The file's game was over.
    pub finished: bool,
    /// Each seat holds secrets of its own (the game's fact).
    pub secrets: bool,
}

/// What the replay bar asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplayAsk {
    /// Show the position after this many moves.
    Seek(usize),
    /// Show the game as this seat saw it (behind a hand-off while the game
    /// is in progress and several people play it).
    Seat(Seat),
    /// The person handed the screen to confirms it is theirs.
    HandedOff,
    /// Show only what every seat may know.
    Table,
    /// Start a new game from the shown position.
    PlayOn,
    /// Copy the save up to the shown move.
    Copy,
}

impl Replay {
    /// Starts replaying `table` at move 0: the table stops playing and
    /// writing, and shows what the people at this screen may see.
    pub fn start<G: Evaluate>(table: &mut Table<G>) -> Self {
        table.cancel();
        table.replay = true;
        let players = table.session().players().to_vec();
        let finished = table.session().actions().is_empty() || {
            let at = table.session().cursor();
            let end = table.session().actions().len();
            table.seek(end);
            let over = table.session().is_over();
            table.seek(at);
            over
        };
        let secrets = G::SEAT_SECRETS;
        let people = people(&players);
        let shown = if !secrets {
            Shown::Everyone
        } else if finished {
            Shown::Seat(people.first().copied().unwrap_or(Seat(0)))
        } else {
            match people.as_slice() {
                [one] => Shown::Seat(*one),
                // Computers alone: the game shows every hand.
                [] if players.iter().all(|p| p.is_computer()) => Shown::Everyone,
                _ => Shown::Nobody,
            }
        };
        let replay = Replay { players, shown, pending: None, finished, secrets };
        table.shown = Some(shown);
        table.seek(0);
        replay
    }

    /// The seats whose view the bar offers: every seat of a finished game;
    /// in a game in progress, only the people at this screen (and only
    /// when there is a choice to make).
    #[must_use]
    pub fn choices(&self) -> Vec<Seat> {
        if !self.secrets || self.players.len() < 2 {
            return Vec::new();
        }
        if self.finished {
            return (0..self.players.len()).map(|i| Seat(i as u8)).collect();
        }
        let people = people(&self.players);
        if people.len() > 1 { people } else { Vec::new() }
    }

    /// True when showing a seat's view needs its person alone at the
    /// screen first.
    fn needs_hand_off(&self) -> bool {
        !self.finished && self.secrets && people(&self.players).len() > 1
    }

    /// Carries out a choice of view on the replay and its table: a
    /// finished game shows the seat at once; a game in progress only a
    /// person's seat, after the hand-off. Returns true when the shown view
    /// changed.
    pub fn choose<G: Evaluate>(&mut self, table: &mut Table<G>, ask: ReplayAsk) -> bool {
        let before = self.shown;
        match ask {
            ReplayAsk::Seat(seat) if self.choices().contains(&seat) => {
                if self.needs_hand_off() {
                    self.pending = Some(seat);
                    self.shown = Shown::Nobody;
                } else {
                    self.pending = None;
                    self.shown = Shown::Seat(seat);
                }
            }
            ReplayAsk::HandedOff => {
                if let Some(seat) = self.pending.take() {
                    self.shown = Shown::Seat(seat);
                }
            }
            ReplayAsk::Table if self.needs_hand_off() => {
                self.pending = None;
                self.shown = Shown::Nobody;
            }
            _ => {}
        }
        table.shown = Some(self.shown);
        self.shown != before
    }

    /// The save of the game up to the shown move, with the seats as they
    /// were played.
    pub fn cut<G: Evaluate>(&self, table: &Table<G>) -> save::SaveFile {
        let mut file = save::record(table.session());
        let at = table.session().cursor();
        file.actions.truncate(at);
        file.cursor = Some(at);
        for (rec, &p) in file.seats.iter_mut().zip(&self.players) {
            rec.player = p;
        }
        file.finished = table.session().is_over();
        file.counted = None;
        file
    }
}

/// The seats played by a person at this screen.
fn people(players: &[Player]) -> Vec<Seat> {
    players.iter().enumerate().filter(|(_, p)| **p == Player::Human).map(|(i, _)| Seat(i as u8)).collect()
}

/// The replay bar above the game: where the replay stands, the current
/// move's log line, the controls, the seat shown and a hand-off when one is
/// due. Returns what it asks.
pub fn bar_ui<G: Evaluate>(ui: &mut Ui, replay: &Replay, table: &Table<G>) -> Option<ReplayAsk> {
    let session = table.session();
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
        // A save holds every hand and the deck's order: while a game with
        // secrets is on, it is not copied from here.
        let copyable = !replay.secrets || replay.finished;
        let copy = ui.add_enabled(copyable, egui::Button::new("Copy position"));
        let copy = if copyable {
            copy.on_hover_text("The save up to this move, for a bug report.")
        } else {
            copy.on_disabled_hover_text(
                "The save of a game still in progress holds every hand and the order of the deck: it can be copied once the game is over.",
            )
        };
        if copy.clicked() {
            ask = Some(ReplayAsk::Copy);
        }
    });
    seats_ui(ui, replay, table, &mut ask);
    let line = match at {
        0 => "Move 0: the start of the game".to_string(),
        n => format!("Move {n}: {}", session.log().get(n - 1).map_or("", |e| e.text.as_str())),
    };
    current_line(ui, &line, "replay");
    ask
}

/// Whose view the replay shows, the choice of another, and the hand-off
/// that a person's view waits for.
fn seats_ui<G: Evaluate>(ui: &mut Ui, replay: &Replay, table: &Table<G>, ask: &mut Option<ReplayAsk>) {
    let state = table.session().state();
    if let Some(seat) = replay.pending {
        let name = state.seat_name(seat);
        if super::widgets::hand_off_bar(ui, &name, "Every hand stays hidden until then.", "show my view", (&[], true)) {
            *ask = Some(ReplayAsk::HandedOff);
        }
    }
    let choices = replay.choices();
    let shown_name = match replay.shown {
        Shown::Seat(s) => Some(state.seat_name(s)),
        Shown::Everyone | Shown::Nobody => None,
    };
    if !replay.secrets || replay.players.len() < 2 {
        return;
    }
    ui.horizontal_wrapped(|ui| {
        if replay.finished {
            ui.label("The game is over: every seat's view may be shown. Show it");
        } else if choices.is_empty() {
            ui.label(match &shown_name {
                Some(name) => format!(
                    "The game is still in progress: shown as {name} saw it; the other seats' secrets stay hidden \
                     until it ends."
                ),
                None => "The game is still in progress: only what every seat may know is shown.".to_string(),
            });
        } else {
            ui.label(match &shown_name {
                Some(name) => format!("The game is still in progress: shown as {name} saw it. Show it"),
                None => "The game is still in progress: only what every seat may know is shown. Show it".to_string(),
            });
        }
        for &seat in &choices {
            let label = format!("as {} saw it", state.seat_name(seat));
            let current = replay.shown == Shown::Seat(seat) || replay.pending == Some(seat);
            if ui.selectable_label(current, label).clicked() && !current {
                *ask = Some(ReplayAsk::Seat(seat));
            }
        }
        if !replay.finished && !choices.is_empty() {
            let table_only = replay.shown == Shown::Nobody && replay.pending.is_none();
            if ui
                .selectable_label(table_only, "as everyone sees it")
                .on_hover_text("Hide every hand again (before passing the screen on)")
                .clicked()
                && !table_only
            {
                *ask = Some(ReplayAsk::Table);
            }
        }
    });
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
