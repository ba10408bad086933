//! The small trait a game's view implements, and what it gets each frame.
//!
//! A game's view owns the [`Table`] below it, draws the game and proposes
//! moves; the tab around it ([`super::tab::Tab`]) gives every game the same
//! frame. A view asks the tab for undo, redo, the end window or a rematch
//! through [`Frame::ask`].

use std::time::Duration;

use egui::{RichText, Ui};

use super::{Notice, ViewSettings, commands, theme};
use crate::ai::Evaluate;
use crate::rules::{Game, Outcome, Seat};
use crate::session::LogEntry;
use crate::sound::Sounding;
use crate::table::Table;

/// What undo may not take back silently, and what the person is told.
#[derive(Clone, Copy, Debug)]
pub struct UndoGuard {
    /// True for a log entry that showed something new to the person to
    /// move (`me`), so undoing past it asks first.
    pub secret: fn(entry: &LogEntry, me: Option<Seat>) -> bool,
    /// The refusal in strict mode.
    pub refusal: &'static str,
    /// The confirmation window's heading.
    pub heading: &'static str,
    /// The confirmation window's text.
    pub body: &'static str,
}

impl UndoGuard {
    /// Undo is always free (a game without hidden information).
    pub const FREE: UndoGuard = UndoGuard { secret: |_, _| false, refusal: "", heading: "", body: "" };
}

/// The words of the end-of-game window's buttons.
#[derive(Clone, Copy, Debug)]
pub struct EndWords {
    /// The rematch button ("Rematch", "New deal").
    pub rematch: &'static str,
    /// Replaying the same deal, where the game has one ("Replay this deal").
    pub replay: Option<&'static str>,
    /// Closing the window to look at the game ("Look at the board").
    pub look: &'static str,
}

impl Default for EndWords {
    fn default() -> Self {
        EndWords { rematch: "Rematch", replay: None, look: "Look at the board" }
    }
}

/// Something a view asks of its tab.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ask {
    /// Undo one decision, under the game's undo policy.
    Undo,
    /// Redo one decision.
    Redo,
    /// Undo back to this cursor (e.g. "undo back to the costly move").
    UndoTo(usize),
    /// Undo back to the start of the person's last turn.
    UndoTurn,
    /// Show the end-of-game window again.
    ShowEnd,
    /// Put the end-of-game window aside.
    HideEnd,
    /// Start again with the same seats; `same_deal` keeps the seed.
    Rematch {
        /// Keep the seed (replay the same deal).
        same_deal: bool,
    },
    /// Open the new-game dialog for this game.
    NewGame,
    /// Replay this game from its start, in a tab of its own.
    Replay,
}

/// What a view gets each frame: the settings, the place for messages, and
/// a way to ask the tab for undo, redo, the end window or a rematch.
pub struct Frame<'a> {
    /// The display settings.
    pub settings: ViewSettings,
    /// Messages for the app's toasts.
    pub notices: &'a mut Vec<Notice>,
    /// The end-of-game window was put aside (a view may offer to show it).
    pub end_dismissed: bool,
    pub(super) asks: Vec<Ask>,
}

impl Frame<'_> {
    /// Asks the tab for something; it is done after the view has drawn.
    pub fn ask(&mut self, ask: Ask) {
        self.asks.push(ask);
    }

    /// The status line: what the rules say is owed, or, while a computer
    /// seat is to move, "Black (computer) is thinking…" with a spinner (and
    /// nothing that invites a person to act), or the computer's next move
    /// while it is shown before it is played.
    pub fn status_ui<G: Evaluate>(&self, ui: &mut Ui, table: &Table<G>) {
        // Room for three lines whatever the status says, so the buttons
        // under it stay where the pointer left them.
        let lines = ui.text_style_height(&egui::TextStyle::Body) * 3.0 + ui.spacing().item_spacing.y * 2.0;
        ui.vertical(|ui| {
            ui.set_min_height(lines);
            Self::status_lines(ui, table);
        });
    }

    fn status_lines<G: Evaluate>(ui: &mut Ui, table: &Table<G>) {
        if let Some(a) = table.announced() {
            // The computer's move, shown before it is played.
            let text = format!("{} …", table.session().state().describe(a));
            ui.label(RichText::new(&text).strong())
                .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, format!("status: {text}")));
        } else if let Some(seat) = table.computer_to_move() {
            let text = format!("{} (computer) is thinking…", table.session().state().seat_name(seat));
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(RichText::new(&text).strong().italics())
                    .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, format!("status: {text}")));
            });
        } else {
            let status = table.session().state().status();
            ui.label(RichText::new(&status).strong())
                .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, format!("status: {status}")));
        }
    }

    /// The status and the history buttons where a folded side panel
    /// ([`folding_side_panel`]) would have had them, with the button that
    /// opens the panel (`label`, e.g. "Scores and log").
    pub fn folded_ui<G: Evaluate>(&mut self, ui: &mut Ui, table: &Table<G>, (label, open): (&str, &mut bool)) {
        // The buttons first, where they stay: under the status they moved
        // down whenever it wrapped to another line, and a click meant for
        // "Scores and log" hit Undo.
        ui.vertical(|ui| {
            self.history_ui(ui, table);
            if ui.button(label).on_hover_text("Show the side panel").clicked() {
                *open = true;
            }
            // Room for two lines whatever the status says: one that wrapped
            // to a second made the row taller, and the table under it
            // moved up and down as the turn went on.
            let lines = ui.text_style_height(&egui::TextStyle::Body) * 2.0 + ui.spacing().item_spacing.y;
            ui.vertical(|ui| {
                ui.set_min_height(lines);
                Self::status_lines(ui, table);
            });
        });
    }

    /// The history as wooden tokens lying on the table by the hand (Undo,
    /// Redo, Undo turn, and the pad that opens the side panel, `label`),
    /// for a table that draws its place as a card table's: a row of
    /// buttons in a box there read as a program's controls. Each named
    /// under it, or on hover where not `captioned` (a low window).
    pub fn history_tokens_ui<G: Evaluate>(
        &mut self,
        ui: &mut Ui,
        table: &Table<G>,
        (label, open): (&str, &mut bool),
        captioned: bool,
    ) {
        use super::tokens::{Icon, history_token, token_button};
        let palette = super::theme::palette(ui.visuals().dark_mode);
        let people = table.can_undo_for_people();
        // (Two rows of two where the room is narrow: in one row the last
        // ran off the window's edge beside a hand-off card.)
        ui.horizontal_wrapped(|ui| {
            ui.spacing_mut().item_spacing = egui::vec2(2.0, 4.0);
            if history_token(ui, &palette, (&commands::UNDO, Icon::Undo), people, captioned) {
                self.ask(Ask::Undo);
            }
            let redo = table.session().can_redo();
            if history_token(ui, &palette, (&commands::REDO, Icon::Redo), redo, captioned) {
                self.ask(Ask::Redo);
            }
            let turn = table.turn_start().is_some() && people;
            if history_token(ui, &palette, (&commands::UNDO_TURN, Icon::UndoTurn), turn, captioned) {
                self.ask(Ask::UndoTurn);
            }
            if token_button(ui, &palette, (label, Icon::Pad), true, ("Show the side panel", captioned)) {
                *open = true;
            }
        });
        if table.session().is_over() && self.end_dismissed && ui.button("Show the result").clicked() {
            self.ask(Ask::ShowEnd);
        }
        Self::undo_used_ui(ui, table);
    }

    /// The Undo and Redo buttons (from the one declaration of each command)
    /// and, once the game is over and its window closed, "Show the result".
    pub fn history_ui<G: Evaluate>(&mut self, ui: &mut Ui, table: &Table<G>) {
        ui.horizontal_wrapped(|ui| {
            if commands::UNDO.button(ui, table.can_undo_for_people()) {
                self.ask(Ask::Undo);
            }
            if commands::REDO.button(ui, table.session().can_redo()) {
                self.ask(Ask::Redo);
            }
            if commands::UNDO_TURN.button(ui, table.turn_start().is_some() && table.can_undo_for_people()) {
                self.ask(Ask::UndoTurn);
            }
            if table.session().is_over() && self.end_dismissed && ui.button("Show the result").clicked() {
                self.ask(Ask::ShowEnd);
            }
        });
        Self::undo_used_ui(ui, table);
    }

    /// Once an undo past a secret marked the game, a line that says so.
    fn undo_used_ui<G: Evaluate>(ui: &mut Ui, table: &Table<G>) {
        if table.session().is_assisted() {
            ui.label(RichText::new("Undo used: this game is marked in the statistics.").italics());
        }
    }
}

/// Below this width the side panel leaves the table too little room (an
/// 800-wide window kept a table 540 wide): a game whose panel holds only
/// the status, the history buttons, scores and log folds the panel away
/// there, its status and history on the table and the panel a button away.
pub const FOLD_BELOW: f32 = 960.0;

/// The side panel, folded away in a window narrower than `below` (most
/// tables [`FOLD_BELOW`]; a crowded one asks for more) unless `open` (the
/// person asked for it; it then has a button that folds it again). Whether
/// it is folded: the view then shows the status and the history buttons
/// on its table ([`Frame::folded_ui`]).
pub fn folding_side_panel(ui: &mut Ui, (open, below): (&mut bool, f32), add: impl FnOnce(&mut Ui)) -> bool {
    if ui.available_width() >= below {
        side_panel(ui, add);
        return false;
    }
    if !*open {
        return true;
    }
    side_panel(ui, |ui| {
        if ui.button("Fold the panel away").on_hover_text("Give the table the whole window").clicked() {
            *open = false;
        }
        add(ui);
    });
    false
}

/// The side panel of every game screen (status, controls, log): one width
/// for all games, kept when the person resizes it, and never pushed wider by
/// its content, so the board beside it does not move between screens or
/// when a message appears.
pub fn side_panel(ui: &mut Ui, add: impl FnOnce(&mut Ui)) {
    // A narrow window (800 wide) gives the table the room: the panel
    // shrinks to three tenths of the window, never under 220 points.
    let narrowest = (ui.available_width() * 0.3).clamp(220.0, theme::SIDE_PANEL_WIDTH);
    // The panel is a card of board beside the table (the box's cardboard),
    // not the window's flat grey.
    let palette = theme::palette(ui.visuals().dark_mode);
    // The panel's width is one for every game; what is in it belongs to
    // the tab it shows (its scroll offsets are the tab's own).
    let salt = ui.scope_id();
    let frame = egui::Frame::side_top_panel(ui.style())
        .fill(palette.table.plate)
        .stroke(egui::Stroke::new(1.0, palette.table.edge));
    egui::Panel::right(egui::Id::unique("aviary-game-side"))
        .frame(frame)
        .resizable(true)
        .default_size(narrowest)
        // A width chosen in a wide window never follows into a narrow one.
        .size_range(narrowest..=if ui.available_width() < 1000.0 { narrowest } else { theme::SIDE_PANEL_WIDTH * 1.8 })
        .show(ui, |ui| {
            // The content in a child of the panel's width, clipped to it:
            // a line too wide for a narrow panel is cut at its right edge
            // rather than push the panel (and all else in it) past the
            // window's left, under the table.
            let room = ui.available_rect_before_wrap();
            let mut inner = ui.new_child(egui::UiBuilder::new().id_salt(salt).max_rect(room).layout(*ui.layout()));
            inner.set_clip_rect(room.intersect(ui.clip_rect()));
            inner.set_max_width(room.width());
            inner.visuals_mut().override_text_color = Some(palette.table.on_plate);
            add(&mut inner);
            let used = inner.min_rect();
            ui.allocate_rect(
                egui::Rect::from_min_size(room.min, egui::vec2(room.width(), used.height())),
                egui::Sense::hover(),
            );
        });
}

/// A pause of `seconds` for the computer's moves. Any number may come from
/// a settings file (negative, not a number, 2e19): it never panics, and a
/// pause stays within a minute.
#[must_use]
pub fn pause(seconds: f32) -> Duration {
    Duration::try_from_secs_f32(seconds.clamp(0.0, 60.0)).unwrap_or_default()
}

/// A game's view: it draws the game and proposes moves to its table.
pub trait View: 'static {
    /// The game's rules (and what its moves sound like).
    type Game: Evaluate + Sounding;

    /// A view of a fresh or loaded table.
    fn new(table: Table<Self::Game>) -> Self
    where
        Self: Sized;

    /// The table below the view.
    fn table(&self) -> &Table<Self::Game>;

    /// The table below the view, to act on.
    fn table_mut(&mut self) -> &mut Table<Self::Game>;

    /// The tab's title: the game's name (every tab alike; the row tells
    /// two games of one kind apart, and says the seats on hover).
    fn title(&self) -> String {
        <Self::Game as Game>::INFO.name.to_string()
    }

    /// Draws the game (its panels) and handles its input.
    fn ui(&mut self, ui: &mut Ui, frame: &mut Frame<'_>);

    /// What undo may not take back silently.
    fn undo_guard(&self) -> UndoGuard {
        UndoGuard::FREE
    }

    /// Forgets selections and other per-position state after an undo, a
    /// redo or a rewind.
    fn history_changed(&mut self) {}

    /// The person whose private view (a hand, a secret choice) the screen
    /// shows now, after they took it at the hand-off; `None` when it shows
    /// nobody's (a hand-off is due, or the game has no secrets).
    fn shown_to(&self) -> Option<Seat> {
        None
    }

    /// Hides every private view until the next person confirms the
    /// hand-off. The tab calls it after any undo, redo or rewind that makes
    /// another person's private view due than the one shown before, so a
    /// hidden hand never appears without a hand-off.
    fn hide_private(&mut self) {}

    /// The pause between computer moves.
    fn computer_delay(&self, settings: &ViewSettings) -> Duration {
        pause(settings.computer_delay)
    }

    /// The end-of-game window's heading; by default the winners or "Draw".
    fn end_heading(&self, outcome: &Outcome) -> String {
        let state = self.table().session().state();
        let names: Vec<String> = outcome.winners.iter().map(|&s| state.seat_name(s)).collect();
        match names.as_slice() {
            [] => "Draw".to_string(),
            [one] => format!("{one} wins"),
            many => format!("Shared win: {}", many.join(", ")),
        }
    }

    /// The end-of-game window's body; by default the reason the game ended.
    fn outcome_ui(&mut self, ui: &mut Ui, outcome: &Outcome, _frame: &mut Frame<'_>) {
        ui.label(&outcome.reason);
    }

    /// The words of the end-of-game buttons.
    fn end_words(&self) -> EndWords {
        EndWords::default()
    }

    /// Stops the view's own background work (closing the tab).
    fn shutdown(&mut self) {}

    /// The moves a lesson points at now: the view lights them (by default
    /// it lights nothing).
    fn lesson_lights(&mut self, _actions: &[<Self::Game as Game>::Action]) {}
}
