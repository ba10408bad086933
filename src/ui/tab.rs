//! One tab type for every game.
//!
//! A game's view implements the small [`View`] trait: it owns the
//! [`Table`] below it, draws the game and proposes moves. [`Tab`] wraps any
//! view and gives every game the same frame around it: the computer's tick,
//! the undo policy with its confirmation window, the end-of-game window
//! (result, rematch, new game, look at the board), the title and id from the
//! game's facts, and the [`GameTab`] methods the app uses. A view asks the tab
//! for these through [`Frame::ask`].

use std::path::{Path, PathBuf};
use std::time::Duration;

use egui::{RichText, Ui};

use super::{GameTab, Notice, TabRequest, ViewSettings, widgets};
use crate::rules::{Game, Seat};
use crate::save::{self, SaveError};
use crate::session::Session;
use crate::sound::{Ears, Sound};
use crate::table::Table;

pub use super::view::{Ask, EndWords, Frame, UndoGuard, View, side_panel};

/// A tab: any game's view in the frame every game shares.
pub struct Tab<V: View> {
    /// The game's view (which owns the table).
    pub view: V,
    settings: ViewSettings,
    /// An undo waiting for the person's confirmation: the cursor to go
    /// back to.
    pub confirm_undo: Option<usize>,
    end_dismissed: bool,
    request: Option<TabRequest>,
    /// A replay of the game's file, stepped through (see [`super::replay`]).
    replay: Option<super::replay::Replay>,
    /// A lesson played in the game's tab (see [`super::lesson`]).
    pub lesson: Option<super::lesson::LessonRun<V::Game>>,
    /// Online play: this app hosts friends, or is a friend's copy (see
    /// [`super::online`]).
    pub online: Option<super::online::Online<V::Game>>,
    /// A friend's own copy of an online game, stepped through until the
    /// friend rejoins (see [`super::friend_copy`]).
    pub copy: Option<super::friend_copy::CopyReplay<V::Game>>,
    /// What the tab has heard of its table (see [`crate::sound::events`]).
    ears: Ears<V::Game>,
    /// Sounds for the app to play ([`GameTab::take_sounds`]).
    sounds: Vec<Sound>,
}

/// Sounds kept for the app at most (a tab drawn by something that never
/// takes them, such as a test of one view, keeps no more).
const SOUNDS_KEPT: usize = 8;

/// True when `notices` hold an error: the move the person tried was
/// refused.
fn refusal(notices: &[Notice]) -> bool {
    notices.iter().any(|n| matches!(n, Notice::Error(_)))
}

impl<V: View> std::ops::Deref for Tab<V> {
    type Target = V;

    fn deref(&self) -> &V {
        &self.view
    }
}

impl<V: View> std::ops::DerefMut for Tab<V> {
    fn deref_mut(&mut self) -> &mut V {
        &mut self.view
    }
}

impl<V: View> Tab<V> {
    /// A tab around a table.
    #[must_use]
    pub fn new(table: Table<V::Game>) -> Self {
        // Whatever the table holds already (a game loaded) is not heard.
        let ears = Ears::new(table.session());
        Tab {
            ears,
            sounds: Vec::new(),
            view: V::new(table),
            settings: ViewSettings {
                dark: false,
                animations: true,
                computer_delay: 0.8,
                strict_undo: false,
                quick_card_windows: false,
            },
            confirm_undo: None,
            end_dismissed: false,
            request: None,
            replay: None,
            lesson: None,
            online: None,
            copy: None,
        }
    }

    /// A friend's tab: a copy of the host's table at `invite`, joined as
    /// `name`. It shows "connecting" until the host's first view comes.
    #[must_use]
    pub fn joined(
        invite: crate::net::invite::Invite,
        name: String,
        config: crate::net::p2p::NetConfig,
        ctx: &egui::Context,
        path: PathBuf,
    ) -> Self {
        use crate::rules::Setup;
        use crate::session::Player;
        let info = <V::Game as Game>::INFO;
        let setup = Setup { seats: info.min_seats, options: Default::default() };
        let players = vec![Player::Friend; usize::from(info.min_seats)];
        let mut table = Table::new(Session::new(setup, 0, players), path);
        table.mirror = true;
        table.copy = Some(crate::save::FriendCopy::new(invite.code(), name.clone()));
        let mut tab = Self::new(table);
        tab.online = Some(super::online::Online::join(invite, name, config, super::waker(ctx)));
        tab.end_dismissed = false;
        tab
    }

    /// A tab playing lesson `index` of a course of `count` on `table`
    /// (made by [`crate::lessons::Lesson::session`]).
    #[must_use]
    pub fn with_lesson(
        mut table: Table<V::Game>,
        lesson: &'static crate::lessons::Lesson<V::Game>,
        index: usize,
        count: usize,
    ) -> Self {
        table.lesson = Some(lesson);
        let start = table.session().cursor();
        let mut tab = Self::new(table);
        tab.lesson = Some(super::lesson::LessonRun { lesson, index, count, start, reported: false });
        tab.end_dismissed = true;
        tab
    }

    fn table(&mut self) -> &mut Table<V::Game> {
        self.view.table_mut()
    }

    /// Undo under the game's policy: free, asked first (then
    /// [`Tab::confirm_undo`] holds the target), or refused in strict mode.
    pub fn guarded_undo(&mut self, notices: &mut Vec<Notice>) {
        // Online, undo is a request to the others.
        if let Some(online) = self.online.as_mut() {
            online.undo(self.view.table_mut(), notices);
            return;
        }
        // Undo is free in a lesson, back to where the lesson starts.
        if let Some(start) = self.lesson.as_ref().map(|r| r.start) {
            let shown = self.view.shown_to();
            let table = self.view.table_mut();
            let at = table.session().cursor();
            if at <= start {
                notices.push(Notice::Info("This is where the lesson starts (Restart lesson begins it again)".into()));
                return;
            }
            let target = at.saturating_sub(table.session().undo_span()).max(start);
            table.rewind_to(target, false, notices);
            self.after_history_change(shown);
            return;
        }
        let guard = self.view.undo_guard();
        let strict = self.settings.strict_undo;
        let shown = self.view.shown_to();
        let table = self.view.table_mut();
        let me = table.person_to_move();
        self.confirm_undo = table.guarded_undo(strict, |e| (guard.secret)(e, me), guard.refusal, notices);
        if self.confirm_undo.is_none() {
            self.after_history_change(shown);
        }
    }

    /// Undoes back to `cursor`: marks the game when that takes back
    /// something already seen, and refuses that in strict mode.
    pub fn undo_to(&mut self, cursor: usize, notices: &mut Vec<Notice>) {
        let guard = self.view.undo_guard();
        let shown = self.view.shown_to();
        let table = self.view.table_mut();
        let me = table.person_to_move();
        let crosses = table.session().log().iter().skip(cursor).any(|e| (guard.secret)(e, me));
        if crosses && self.settings.strict_undo {
            notices.push(Notice::Error(guard.refusal.to_string()));
            return;
        }
        table.rewind_to(cursor, crosses, notices);
        self.after_history_change(shown);
    }

    /// Undo back to the start of the person's last turn, under the same
    /// policy as undo: free, asked first when it takes back something
    /// already seen, refused in strict mode.
    pub fn undo_turn(&mut self, notices: &mut Vec<Notice>) {
        let guard = self.view.undo_guard();
        let strict = self.settings.strict_undo;
        let shown = self.view.shown_to();
        let table = self.view.table_mut();
        let Some(target) = table.turn_start() else { return };
        let me = table.person_to_move();
        self.confirm_undo = table.guarded_rewind(target, strict, |e| (guard.secret)(e, me), guard.refusal, notices);
        if self.confirm_undo.is_none() {
            self.after_history_change(shown);
        }
    }

    /// Redo one decision (never online: the table is shared).
    pub fn redo_move(&mut self, notices: &mut Vec<Notice>) {
        if self.online.is_some() {
            return;
        }
        let shown = self.view.shown_to();
        self.table().redo(notices);
        // Moves taken again are not heard again.
        self.ears.settle(self.view.table().session());
        self.after_history_change(shown);
    }

    /// Hears what happened at the table this frame (see
    /// [`crate::sound::Ears::listen`]); `refused`: the person's move was
    /// refused, which sounds when nothing else does.
    fn hear(&mut self, refused: bool) {
        let online = self.online.is_some();
        let mut heard = self.ears.listen(self.view.table().session(), online);
        if refused && heard.is_empty() {
            heard.push(Sound::Refused);
        }
        self.sounds.extend(heard);
        let extra = self.sounds.len().saturating_sub(SOUNDS_KEPT);
        self.sounds.drain(..extra);
    }

    /// After an undo, a redo or a rewind: the end window may show again,
    /// the view forgets its selections, and when people share the screen
    /// and the person now due is not the one whose private view was shown
    /// (`shown`), every private view is hidden until the hand-off.
    fn after_history_change(&mut self, shown: Option<Seat>) {
        self.end_dismissed = false;
        self.view.history_changed();
        let table = self.view.table();
        if table.humans().len() > 1 && table.person_to_move() != shown {
            self.view.hide_private();
        }
    }

    /// Starts again with the same seats and options: a new seed, or the
    /// same one to replay the deal. The finished game stays in its file.
    pub fn rematch(&mut self, same_deal: bool, notices: &mut Vec<Notice>) {
        if self.online.as_ref().is_some_and(|o| o.host_status().is_some()) {
            // While hosting, the rematch is the hosting thread's: the
            // friends stay connected and see the new game.
            let job: crate::net::host_table::Job<V::Game> = Box::new(move |t, n| {
                rematch_table(t, same_deal, n);
                Ok(())
            });
            if let Some(online) = self.online.as_mut()
                && let Err(e) = online.run_on_table(self.view.table_mut(), job)
            {
                notices.push(Notice::Error(format!("Cannot start the rematch: {e}")));
            }
            self.confirm_undo = None;
            self.end_dismissed = false;
            return;
        }
        let table = self.view.table_mut();
        table.cancel();
        let setup = table.session().setup().clone();
        let players = table.session().players().to_vec();
        let old = table.session().seed();
        let seed = if same_deal { old } else { save::now_secs() ^ old.rotate_left(17) ^ 0x9E37 };
        let dir = table.path.parent().map(Path::to_path_buf).unwrap_or_default();
        let path = save::fresh_path(&dir, <V::Game as Game>::INFO.id);
        self.view.shutdown();
        self.view = V::new(Table::new(Session::new(setup, seed, players), path));
        self.confirm_undo = None;
        self.end_dismissed = false;
        self.table().autosave(notices);
    }

    fn act(&mut self, ask: Ask, notices: &mut Vec<Notice>) {
        match ask {
            Ask::Undo => self.guarded_undo(notices),
            Ask::Redo => self.redo_move(notices),
            // Online, taking moves back is a request to the others.
            Ask::UndoTo(_) if self.online.is_some() => self.guarded_undo(notices),
            Ask::UndoTo(cursor) => self.undo_to(cursor, notices),
            Ask::UndoTurn => self.undo_turn(notices),
            Ask::ShowEnd => self.end_dismissed = false,
            Ask::HideEnd => self.end_dismissed = true,
            Ask::Rematch { same_deal } => self.rematch(same_deal, notices),
            Ask::NewGame => {
                self.end_dismissed = true;
                self.request = Some(TabRequest::NewGame(<V::Game as Game>::INFO.id));
            }
            Ask::Replay => {
                self.end_dismissed = true;
                match self.table().save() {
                    Ok(()) => self.request = Some(TabRequest::Replay(self.view.table().path.clone())),
                    Err(e) => notices.push(Notice::Error(format!("Cannot replay: the game could not be saved: {e}"))),
                }
            }
        }
    }

    /// Carries out what the replay bar asked.
    fn replay_act(&mut self, ask: super::replay::ReplayAsk, ctx: &egui::Context, notices: &mut Vec<Notice>) {
        use super::replay::ReplayAsk;
        let Some(replay) = self.replay.clone() else { return };
        match ask {
            ReplayAsk::Seek(at) => {
                self.view.table_mut().seek(at);
                self.view.history_changed();
            }
            ReplayAsk::Seat(_) | ReplayAsk::HandedOff | ReplayAsk::Table => {
                let mut replay = replay;
                if replay.choose(self.view.table_mut(), ask) {
                    self.view.hide_private();
                    self.view.history_changed();
                }
                self.replay = Some(replay);
            }
            ReplayAsk::PlayOn => {
                let file = replay.cut(self.view.table());
                let dir = self.view.table().path.parent().map(Path::to_path_buf).unwrap_or_default();
                match super::replay::write_new::<V::Game>(&dir, &file) {
                    Ok(path) => self.request = Some(TabRequest::Open(path)),
                    Err(e) => notices.push(Notice::Error(format!("Cannot start a game from here: {e}"))),
                }
            }
            ReplayAsk::Copy => {
                let file = replay.cut(self.view.table());
                ctx.copy_text(save::to_text(&file));
                let at = self.view.table().session().cursor();
                notices.push(Notice::Info(format!("Copied the save up to move {at} (paste it into a bug report)")));
            }
        }
    }

    fn confirm_ui(&mut self, ui: &Ui, notices: &mut Vec<Notice>) {
        let Some(target) = self.confirm_undo else { return };
        let guard = self.view.undo_guard();
        let id = egui::Id::unique(("confirm-undo", self.view.table().id));
        match widgets::confirm_undo_modal(ui.ctx(), id, guard.heading, guard.body) {
            Some(true) => {
                self.confirm_undo = None;
                // The private view shown when undo was asked for.
                let shown = self.view.shown_to();
                let table = self.view.table_mut();
                table.rewind_to(target, true, notices);
                self.after_history_change(shown);
            }
            Some(false) => self.confirm_undo = None,
            None => {}
        }
    }

    fn end_ui(&mut self, ui: &Ui, frame: &mut Frame<'_>) {
        let Some(outcome) = self.view.table().session().state().outcome() else { return };
        if self.end_dismissed {
            return;
        }
        let heading = self.view.end_heading(&outcome);
        let words = self.view.end_words();
        let id = egui::Id::unique(("end", self.view.table().id));
        // A card held up over the dimmed table, but not a modal one: the
        // tabs and Home stay at hand (a click on Home only put the card
        // away). Escape or "Look at the table" puts it away.
        let palette = crate::ui::theme::palette(ui.visuals().dark_mode);
        let dim = egui::LayerId::new(egui::Order::Middle, id.with("dim"));
        ui.ctx().layer_painter(dim).rect_filled(ui.max_rect(), 0.0, palette.table.shadow.gamma_multiply(0.8));
        let shadow = egui::epaint::Shadow { offset: [2, 8], blur: 28, spread: 2, color: palette.table.shadow };
        let card = crate::ui::look::plate_frame(&palette, None).inner_margin(18).corner_radius(10).shadow(shadow);
        let area = egui::Area::new(id)
            .order(egui::Order::Foreground)
            .pivot(egui::Align2::CENTER_CENTER)
            .fixed_pos(ui.max_rect().center());
        area.show(ui.ctx(), |ui| {
            card.show(ui, |ui| {
                ui.set_max_width(640.0);
                // The card's own ink: the theme's text grey was dim on the
                // dark card, fainter than its buttons (review 7).
                ui.visuals_mut().override_text_color = Some(palette.text_on(palette.table.plate));
                ui.heading(heading);
                self.view.outcome_ui(ui, &outcome, frame);
                if self.view.table().session().is_assisted() {
                    ui.label(RichText::new("Undo was used in this game (it counts as assisted).").italics());
                }
                ui.horizontal(|ui| {
                    if ui.button(words.rematch).clicked() {
                        frame.ask(Ask::Rematch { same_deal: false });
                    }
                    if let Some(replay) = words.replay
                        && ui.button(replay).clicked()
                    {
                        frame.ask(Ask::Rematch { same_deal: true });
                    }
                    if ui.button("New game…").clicked() {
                        frame.ask(Ask::NewGame);
                    }
                    if ui.button("Replay the game").on_hover_text("Step through it from the first move").clicked() {
                        frame.ask(Ask::Replay);
                    }
                    if ui.button(words.look).clicked() {
                        frame.ask(Ask::HideEnd);
                    }
                });
            })
        });
        if ui.input(|i| i.key_pressed(egui::Key::Escape)) {
            self.end_dismissed = true;
        }
    }
}

impl<V: View> GameTab for Tab<V> {
    fn title(&self) -> String {
        if let Some(run) = &self.lesson {
            return format!("Lesson: {}", run.lesson.title);
        }
        if self.copy.is_some() {
            return format!("Copy: {}", self.view.title());
        }
        if self.replay.is_some() { format!("Replay: {}", self.view.title()) } else { self.view.title() }
    }

    fn game_id(&self) -> &'static str {
        <V::Game as Game>::INFO.id
    }

    fn path(&self) -> &Path {
        &self.view.table().path
    }

    fn ui(&mut self, ui: &mut Ui, settings: &ViewSettings, notices: &mut Vec<Notice>) {
        if self.lesson.is_some() {
            self.lesson_ui(ui, *settings, notices);
            return;
        }
        if let Some(replay) = self.replay.clone() {
            // A replay: its bar above the game, no end window, no undo.
            let mut ask = None;
            egui::Panel::top(egui::Id::unique(("replay-bar", self.view.table().id))).show(ui, |ui| {
                ask = super::replay::bar_ui(ui, &replay, self.view.table());
            });
            if let Some(ask) = ask {
                self.replay_act(ask, ui.ctx(), notices);
            }
            let mut frame = Frame { settings: *settings, notices, end_dismissed: true, asks: Vec::new() };
            self.view.ui(ui, &mut frame);
            // Stepping through a replay makes no sound.
            self.ears.settle(self.view.table().session());
            return;
        }
        if let Some(copy) = self.copy.take() {
            // A friend's copy: its bar above the game, no moves until the
            // friend rejoins.
            let mut ask = None;
            egui::Panel::top(egui::Id::unique(("copy-bar", self.view.table().id))).show(ui, |ui| {
                ask = super::friend_copy::bar_ui(ui, &copy, self.view.table());
            });
            let empty = copy.is_empty();
            self.copy = Some(copy);
            self.ears.settle(self.view.table().session());
            match ask {
                Some(super::friend_copy::CopyAsk::Seek(at)) => self.copy_seek(at),
                Some(super::friend_copy::CopyAsk::Rejoin) => self.request = Some(TabRequest::Rejoin),
                None => {}
            }
            if empty {
                ui.centered_and_justified(|ui| {
                    ui.label(RichText::new("Nothing to show yet: rejoin to see the host's table").size(20.0).weak());
                });
                return;
            }
            let mut frame = Frame { settings: *settings, notices, end_dismissed: true, asks: Vec::new() };
            self.view.ui(ui, &mut frame);
            return;
        }
        self.settings = *settings;
        let mut refused = false;
        if let Some(mut online) = self.online.take() {
            let table = self.view.table_mut();
            egui::Panel::top(egui::Id::unique(("online-bar", table.id))).show(ui, |ui| {
                online.bar_ui(ui, table, notices);
            });
            let shown = self.view.shown_to();
            let (was_shown, before) = (online.shown(), notices.len());
            if online.poll(self.view.table_mut(), notices) {
                self.after_history_change(shown);
            }
            if online.is_guest() && refusal(&notices[before..]) {
                // The host refused the move sent.
                self.ears.refused();
                refused = true;
            }
            if !was_shown {
                // A friend's copy shows the host's table for the first
                // time: the game so far is not heard.
                self.ears.settle(self.view.table().session());
            }
            let waiting = !online.shown();
            self.online = Some(online);
            if waiting {
                ui.centered_and_justified(|ui| {
                    ui.label(RichText::new("Waiting for the host's table…").size(20.0).weak());
                });
                return;
            }
        }
        let delay = self.view.computer_delay(settings);
        if let Some(online) = self.online.as_mut() {
            online.set_delay(delay);
        }
        self.table().tick(&super::waker(ui.ctx()), delay, notices);
        let before = notices.len();
        let mut frame = Frame { settings: *settings, notices, end_dismissed: self.end_dismissed, asks: Vec::new() };
        self.view.ui(ui, &mut frame);
        // What the view reports as an error is a move it refused.
        refused |= refusal(&frame.notices[before..]);
        self.confirm_ui(ui, frame.notices);
        self.end_ui(ui, &mut frame);
        let Frame { asks, notices, .. } = frame;
        for ask in asks {
            self.act(ask, notices);
        }
        if let Some(online) = self.online.as_mut() {
            let table = self.view.table_mut();
            if online.is_guest()
                && let Some(action) = table.outbox.last()
            {
                self.ears.sent(table.session().state(), action);
            }
            online.flush(table);
        }
        self.hear(refused);
    }

    fn undo(&mut self, notices: &mut Vec<Notice>) {
        if let Some(at) = self.copy.as_ref().map(|c| c.at) {
            self.copy_seek(at.saturating_sub(1));
            return;
        }
        if self.replay.is_some() {
            // In a replay, undo steps back.
            let at = self.view.table().session().cursor();
            self.view.table_mut().seek(at.saturating_sub(1));
            self.view.history_changed();
            return;
        }
        self.guarded_undo(notices);
    }

    fn redo(&mut self, notices: &mut Vec<Notice>) {
        if let Some(at) = self.copy.as_ref().map(|c| c.at) {
            self.copy_seek(at + 1);
            return;
        }
        if self.replay.is_some() {
            let at = self.view.table().session().cursor();
            self.view.table_mut().seek(at + 1);
            self.view.history_changed();
            return;
        }
        self.redo_move(notices);
    }

    fn can_undo(&self) -> bool {
        if let Some(copy) = &self.copy {
            return copy.at > 0;
        }
        if self.replay.is_some() {
            return self.view.table().session().cursor() > 0;
        }
        if self.online.is_some() {
            // A request to the others: there must be a move to take back.
            return !self.view.table().session().log().is_empty();
        }
        self.view.table().can_undo_for_people()
    }

    fn undo_turn(&mut self, notices: &mut Vec<Notice>) {
        if self.replay.is_none() {
            Tab::undo_turn(self, notices);
        }
    }

    fn can_undo_turn(&self) -> bool {
        if self.online.is_some() {
            return false;
        }
        let table = self.view.table();
        table.turn_start().is_some() && table.can_undo_for_people()
    }

    fn can_redo(&self) -> bool {
        if let Some(copy) = &self.copy {
            return copy.at + 1 < copy.len();
        }
        self.online.is_none() && self.view.table().session().can_redo()
    }

    fn save(&mut self) -> Result<(), SaveError> {
        if let Some(online) = self.online.as_mut() {
            // While hosting, the hosting thread holds the game.
            let job: crate::net::host_table::Job<V::Game> = Box::new(|t, _| t.save().map_err(|e| e.to_string()));
            return online.run_on_table(self.view.table_mut(), job).map_err(SaveError::Write);
        }
        self.table().save()
    }

    fn save_as(&mut self, path: PathBuf) -> Result<(), SaveError> {
        if let Some(online) = self.online.as_mut() {
            let job: crate::net::host_table::Job<V::Game> =
                Box::new(move |t, _| t.save_as(path).map_err(|e| e.to_string()));
            return online.run_on_table(self.view.table_mut(), job).map_err(SaveError::Write);
        }
        self.table().save_as(path)
    }

    fn is_over(&self) -> bool {
        self.view.table().session().is_over()
    }

    fn shutdown(&mut self) {
        if let Some(online) = self.online.as_mut() {
            // The hosting thread hands the game back (saved).
            online.stop(self.view.table_mut());
        }
        self.table().cancel();
        self.view.shutdown();
    }

    fn moves(&self) -> usize {
        self.view.table().session().cursor()
    }

    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }

    fn take_sounds(&mut self) -> Vec<Sound> {
        std::mem::take(&mut self.sounds)
    }

    fn take_request(&mut self) -> Option<TabRequest> {
        let finished = self.table().finished_request();
        if let (Some(f), Some(online)) = (&finished, self.online.as_mut()) {
            // The hosting thread's file keeps the count too.
            online.counted(Some(f.result));
        }
        finished.map(TabRequest::Finished).or_else(|| self.request.take())
    }

    fn start_replay(&mut self) {
        if self.copy.is_some() {
            // A friend's copy already steps through its views.
            return;
        }
        self.replay = Some(super::replay::Replay::start(self.view.table_mut()));
        self.confirm_undo = None;
        self.end_dismissed = true;
        self.view.hide_private();
        self.view.history_changed();
    }

    fn host_online(&mut self, config: crate::net::p2p::NetConfig, ctx: &egui::Context) {
        let table = self.view.table_mut();
        // A friend's own copy has friend seats too (the others'): it is
        // never a host.
        let ours = !table.mirror && table.copy.is_none() && !table.replay && self.copy.is_none();
        if ours && self.online.is_none() && table.session().players().iter().any(|p| p.is_friend()) {
            self.online = Some(super::online::Online::host(table, config, super::waker(ctx)));
        }
    }

    fn is_replay(&self) -> bool {
        self.replay.is_some()
    }

    fn open_copy(&mut self, copy: &crate::save::FriendCopy) -> Result<(), SaveError> {
        let replay = super::friend_copy::CopyReplay::open(self.view.table_mut(), copy)?;
        self.copy = Some(replay);
        self.confirm_undo = None;
        self.end_dismissed = true;
        self.view.history_changed();
        Ok(())
    }

    fn rejoin(&mut self, config: crate::net::p2p::NetConfig, ctx: &egui::Context, notices: &mut Vec<Notice>) {
        let Some(copy) = self.view.table().copy.clone() else { return };
        let invite = match crate::net::invite::Invite::parse(&copy.code) {
            Ok(invite) => invite,
            Err(why) => {
                notices.push(Notice::Error(format!("Cannot rejoin: {why}")));
                return;
            }
        };
        self.copy = None;
        self.end_dismissed = false;
        let table = self.view.table_mut();
        table.replay = false;
        self.online = Some(super::online::Online::join(invite, copy.name, config, super::waker(ctx)));
    }

    fn lesson_id(&self) -> Option<&'static str> {
        self.lesson.as_ref().map(|l| l.lesson.id)
    }
}

impl<V: View> Tab<V> {
    /// Shows view `at` of a friend's copy.
    fn copy_seek(&mut self, at: usize) {
        if let Some(copy) = self.copy.as_mut() {
            copy.seek(at, self.view.table_mut());
            self.view.history_changed();
        }
    }

    /// A lesson's frame: its bar above the game, the script's replies, the
    /// view's lights on what the lesson points at, free undo, and the result
    /// handed to the app once the goal is met.
    fn lesson_ui(&mut self, ui: &mut Ui, settings: ViewSettings, notices: &mut Vec<Notice>) {
        self.settings = settings;
        self.table().tick(&super::waker(ui.ctx()), Duration::ZERO, notices);
        let game = <V::Game as Game>::INFO.id;
        let mut ask = None;
        if let Some(run) = &self.lesson {
            egui::Panel::top(egui::Id::unique(("lesson-bar", self.view.table().id))).show(ui, |ui| {
                ask = super::lesson::bar_ui(ui, run, self.view.table());
            });
        }
        let Some(run) = self.lesson.as_ref() else { return };
        let (lesson, index) = (run.lesson, run.index);
        self.request = match ask {
            Some(super::lesson::LessonAsk::Restart) => Some(TabRequest::Lesson(game, index)),
            Some(super::lesson::LessonAsk::Next) => Some(TabRequest::Lesson(game, index + 1)),
            Some(super::lesson::LessonAsk::Map) => Some(TabRequest::Lessons(game)),
            Some(super::lesson::LessonAsk::Rules) => Some(TabRequest::Rules(game)),
            None => self.request.take(),
        };
        let lights = (lesson.highlight)(self.view.table().session().state());
        self.view.lesson_lights(&lights);
        let before = notices.len();
        let mut frame = Frame { settings, notices, end_dismissed: true, asks: Vec::new() };
        self.view.ui(ui, &mut frame);
        let Frame { asks, notices, .. } = frame;
        let refused = refusal(&notices[before..]);
        // A move refused (by the rules, the lesson or the view): the
        // lesson's hint follows it, once.
        for n in notices.iter_mut().skip(before) {
            if let Notice::Error(text) = n {
                text.push_str(". Hint: ");
                text.push_str(lesson.hint);
            }
        }
        for a in asks {
            // Undo, redo and undo turn are free; nothing else of the frame.
            match a {
                Ask::Undo | Ask::Redo | Ask::UndoTo(_) | Ask::UndoTurn => self.act(a, notices),
                _ => {}
            }
        }
        self.hear(refused);
        let state_done = (lesson.done)(self.view.table().session().state());
        if let Some(run) = self.lesson.as_mut()
            && state_done
            && !run.reported
            && self.request.is_none()
        {
            run.reported = true;
            let moves = run.moves(self.view.table());
            self.request = Some(TabRequest::LessonDone(game, lesson.id, moves));
        }
    }
}

/// Starts again on `table` with the same seats and options: a new seed, or
/// the same one to replay the deal, in a new file beside the old one.
fn rematch_table<G: crate::ai::Evaluate>(table: &mut Table<G>, same_deal: bool, notices: &mut Vec<Notice>) {
    table.cancel();
    let setup = table.session().setup().clone();
    let players = table.session().players().to_vec();
    let old = table.session().seed();
    let seed = if same_deal { old } else { save::now_secs() ^ old.rotate_left(17) ^ 0x9E37 };
    let dir = table.path.parent().map(Path::to_path_buf).unwrap_or_default();
    let path = save::fresh_path(&dir, G::INFO.id);
    let id = table.id;
    *table = Table::new(Session::new(setup, seed, players), path);
    table.id = id;
    table.autosave(notices);
}
