//! A friend's own copy of an online game, opened from its file: every view
//! the host sent, stepped through with ← and →, Home and End, or the
//! slider, and "Rejoin the game" to connect to the host again with the
//! same code (the host knows this computer's key, so the seat is kept).
//!
//! Secrets: the copy holds only what the friend's seat was shown (the
//! host's `observation` of it), so nothing else can be drawn from it.

use egui::{RichText, Ui};

use crate::ai::Evaluate;
use crate::rules::Seat;
use crate::save::{FriendCopy, SaveError};
use crate::session::{LogEntry, Player};
use crate::table::Table;

/// The views of a friend's copy and the one shown.
#[derive(Clone, Debug)]
pub struct CopyReplay<G> {
    views: Vec<G>,
    log_at: Vec<usize>,
    log: Vec<LogEntry>,
    /// The view shown (0-based).
    pub at: usize,
    /// The seat the friend played.
    pub seat: Option<Seat>,
}

/// What the copy's bar asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CopyAsk {
    /// Show this view (0-based).
    Seek(usize),
    /// Connect to the host again.
    Rejoin,
}

impl<G: Evaluate> CopyReplay<G> {
    /// Reads `copy` (refusing a damaged one) and shows its last view on
    /// `table`, which then takes no moves until the friend rejoins.
    ///
    /// # Errors
    /// The copy's problem; `table` is untouched then.
    pub fn open(table: &mut Table<G>, copy: &FriendCopy) -> Result<Self, SaveError> {
        let views = copy.states::<G>()?;
        let seats = table.session().players().len();
        if let Some(v) = views.iter().find(|v| usize::from(v.setup().seats) != seats) {
            return Err(SaveError::Damaged(format!(
                "the copy lists {seats} seats, but its views are of a game of {}",
                v.setup().seats
            )));
        }
        let seat = copy.seat.filter(|&s| usize::from(s) < seats).map(Seat);
        let replay = CopyReplay {
            log_at: copy.views.iter().map(|v| v.log).collect(),
            views,
            log: copy.log.clone(),
            at: copy.views.len().saturating_sub(1),
            seat,
        };
        let players =
            (0..seats).map(|i| if Some(Seat(i as u8)) == seat { Player::Human } else { Player::Friend }).collect();
        table.seat_players(players);
        table.mirror = true;
        table.replay = true;
        table.copy = Some(copy.clone());
        replay.show(table);
        Ok(replay)
    }

    /// How many views the copy holds.
    #[must_use]
    pub fn len(&self) -> usize {
        self.views.len()
    }

    /// True when the host never sent a view.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.views.is_empty()
    }

    /// Puts view `at` on the table.
    pub fn show(&self, table: &mut Table<G>) {
        if let Some(state) = self.views.get(self.at) {
            let n = self.log_at.get(self.at).copied().unwrap_or(0).min(self.log.len());
            table.mirror_view(state.clone(), self.log[..n].to_vec());
        }
    }

    /// Shows view `at` (clamped to the copy).
    pub fn seek(&mut self, at: usize, table: &mut Table<G>) {
        self.at = at.min(self.views.len().saturating_sub(1));
        self.show(table);
    }
}

/// The copy's bar above the game: which view is shown, the controls, the
/// log line and "Rejoin the game".
pub fn bar_ui<G: Evaluate>(ui: &mut Ui, replay: &CopyReplay<G>, table: &Table<G>) -> Option<CopyAsk> {
    let (at, last) = (replay.at, replay.len().saturating_sub(1));
    let mut ask = super::replay::step_keys(ui, at, last).map(CopyAsk::Seek);
    let state = table.session().state();
    let who = replay.seat.map_or_else(|| "a seat".to_string(), |s| state.seat_name(s));
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(format!("Your copy of an online game — you played {who}")).strong());
        if ui
            .button("Rejoin the game")
            .on_hover_text("Connect to the host again with the same invite code; your seat is kept for this computer")
            .clicked()
        {
            ask = Some(CopyAsk::Rejoin);
        }
    });
    if replay.is_empty() {
        ui.label(RichText::new("The host's table never came: there is nothing to step through yet.").weak());
        return ask;
    }
    ui.horizontal_wrapped(|ui| {
        if let Some(to) = super::replay::step_buttons(ui, at, last, 1, &format!("of {} views", last + 1)) {
            ask = Some(CopyAsk::Seek(to));
        }
    });
    let line = table.session().log().last().map_or_else(|| "The start of the game".to_string(), |e| e.text.clone());
    super::replay::current_line(ui, &line, "copy");
    ask
}
