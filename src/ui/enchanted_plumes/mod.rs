//! The Enchanted Plumes table: the Train and the deck, every seat's plumes
//! as tapering rows, the hand of the person at the screen as a fan of
//! cards, drag (or click) to play, swap and draw, the hand-off screen
//! between people sharing the screen, guarded undo, and the final scoring.

use egui::{Pos2, Rect, Stroke, Ui, Vec2};

use super::look;
use super::tab::{EndWords, Frame, Tab, UndoGuard, View};
use super::theme::{self, Palette};
use super::widgets;
use super::{Notice, ViewSettings};
use crate::rules::enchanted_plumes::{Action, EnchantedPlumes, Feather, Known, Options, Phase, Plume};
use crate::rules::words;
use crate::rules::{Game, Outcome, Seat, Setup};
use crate::session::{Player, Session};
use crate::table::{Shown, Table};

/// How far the others' places keep from the table's rim at either side.
const OFF_THE_RIM: f32 = 8.0;
/// Size of a hand card.
const HAND_CARD: Vec2 = Vec2::new(64.0, 92.0);
/// Size of a card in the player's own plumes.
const PLUME_CARD: Vec2 = Vec2::new(50.0, 70.0);
/// Size of a card in another seat's plumes.
const SMALL_CARD: Vec2 = Vec2::new(36.0, 50.0);

/// Below this height (points) the hand, the Train and one's own plumes use
/// smaller cards.
const COMPACT_BELOW: f32 = 700.0;
/// The least height of one's place in a low window: one's name, the
/// turn's token and the history buttons in the column at its left.
const LOW_OWN: f32 = 128.0;
/// Below this width the side panel folds away (a 1600-wide window still
/// leaves each of five mats 250 points; beside the panel, three mats
/// wrapped their plumes and shrank, and with two at the table one's own
/// five plumes were 30 points wide beside a panel mostly bare).
const FOLD_BELOW: f32 = 1600.0;

use crate::ui::viewer::Viewer;
mod cards;
mod fan;
mod fresh;
mod hand;
mod heading;
mod layout;
mod marks;
mod place;
mod scores;
mod seats;
mod supply;

pub(crate) use cards::paint_feather;
pub use cards::{FeatherFace, fan_rect, feather_card};
use cards::{card_label, paint_peahen, paint_tail, show_feather};
use fresh::Fresh;
use layout::others_layout;
pub use scores::score_line;
use scores::{plume_score_text, total_text};
use seats::SeatPlace;

/// A drop target on the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// A row (0-based) of one of the mover's plumes; the row after the
    /// last starts a new row.
    Row {
        /// Plume index (one past the last: a new plume).
        plume: u8,
        /// Row index.
        row: u8,
    },
    /// A Train card.
    Train(u8),
}

/// The action dropping `card` on `target` means.
#[must_use]
pub fn action_for(card: Feather, target: Target) -> Action {
    match target {
        Target::Row { plume, row } => Action::Play { card, plume, row },
        Target::Train(slot) => Action::Swap { card, slot },
    }
}

/// A dragged hand card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Dragged(Feather);

/// The Enchanted Plumes view (its tab is [`PlumesTab`]).
pub struct PlumesView {
    /// The game, its file and its computer players.
    pub table: Table<EnchantedPlumes>,
    settings: ViewSettings,
    /// The seat whose hand may be shown now (the hand-off screen sets it).
    pub revealed: Option<Seat>,
    /// Hand cards marked for returning at setup.
    pub marked: Vec<Feather>,
    /// A hand card picked by a click (then click a target).
    pub selected: Option<Feather>,
    refusal: Option<String>,
    /// The public cards laid since the person to act last acted.
    fresh: Fresh,
    /// In a lesson: the moves it points at now (the hand cards they use
    /// glow).
    lesson: Option<Vec<Action>>,
    /// Cards sliding to their new places.
    slides: look::Slides,
    /// Where the deck was drawn (drawn cards leave it).
    deck_at: Option<Rect>,
    /// The size of a card in one's own plumes (smaller in a low window).
    own_card: Vec2,
    /// How many lines one's own plumes by the hand may take: two with
    /// three or fewer at the table (the others leave room), else one.
    own_lines: usize,
    /// The room for the table, the hand and one's plumes (the window less
    /// the side panel), as of this frame.
    table_room: Vec2,
    /// A low window: smaller cards, the hand beside one's plumes, words
    /// that can wait on hover.
    compact: bool,
    /// The size of a card in hand and on the Train (smaller in a low window).
    hand_card: Vec2,
    /// The "further down" token was clicked: the table scrolls to its end
    /// (this offset).
    scroll_down: Option<f32>,
    /// How far one's own plumes have slid sideways (a low window).
    own_scroll: f32,
    /// A narrow window: the side panel is folded away, the status and the
    /// history buttons by the Train (unless `panel_open`).
    folded: bool,
    /// The person opened the side panel in a narrow window.
    panel_open: bool,
    /// The largest the others' cards may be, as a share of
    /// [`PLUME_CARD`], for the table's room and cards laid (the key): less
    /// than 1 once their mats came out taller than the room.
    squeeze: ((i32, i32, usize), f32),
    /// In a low window, one's own plume cards' share of their usual size,
    /// for the window's size and the cards laid (the key): less than 1
    /// once the others' mats, at their smallest, still ran past the table.
    own_squeeze: ((i32, i32, usize), f32),
    /// The size of the deck and the Train's row last frame, to lay it in
    /// the middle of the table's width, above one's own place.
    supply_band: Vec2,
    /// The height of the tallest mat of each row of the others last
    /// frame, and the size of its cards (each mat of a row is drawn as
    /// tall while its cards keep that size).
    mat_rows: Vec<(f32, Vec2)>,
    /// How much larger than their usual size every card on the table is
    /// drawn, for the window and the seat by the hand: where the others
    /// leave bare cloth above the Train, the cards take it (see
    /// `layout::Grow`).
    grow: layout::Grow,
}

impl PlumesView {
    fn with_table(table: Table<EnchantedPlumes>) -> Self {
        let mut tab = Self {
            table,
            settings: ViewSettings {
                dark: false,
                animations: true,
                computer_delay: 0.8,
                strict_undo: false,
                quick_card_windows: false,
            },
            revealed: None,
            marked: Vec::new(),
            selected: None,
            refusal: None,
            fresh: Fresh::default(),
            lesson: None,
            slides: look::Slides::default(),
            deck_at: None,
            own_card: PLUME_CARD,
            own_lines: 1,
            table_room: Vec2::ZERO,
            compact: false,
            scroll_down: None,
            own_scroll: 0.0,
            hand_card: HAND_CARD,
            folded: false,
            panel_open: false,
            squeeze: ((0, 0, 0), 1.0),
            own_squeeze: ((0, 0, 0), 1.0),
            supply_band: Vec2::new(0.0, HAND_CARD.y + 60.0),
            mat_rows: Vec::new(),
            grow: layout::Grow::default(),
        };
        if tab.humans().len() == 1 {
            tab.revealed = tab.humans().first().copied();
        }
        tab
    }

    fn state(&self) -> &EnchantedPlumes {
        self.table.session().state()
    }

    /// Whether `a` may be played now: the rules' verdict, then (in a
    /// lesson) the lesson's.
    fn verdict(&self, state: &EnchantedPlumes, a: &Action) -> Result<(), crate::rules::RuleViolation> {
        match self.table.lesson {
            Some(lesson) => lesson.verdict(state, a),
            None => state.check(a),
        }
    }

    /// In a lesson: whether a move it offers (and lights) uses hand card `c`.
    fn lesson_uses(&self, c: Feather) -> bool {
        self.lesson.as_ref().is_some_and(|offered| {
            offered.iter().any(|a| match a {
                Action::Play { card, .. } | Action::Swap { card, .. } => *card == c,
                Action::Keep { returned } => returned.contains(&c),
                Action::Draw => false,
            })
        })
    }

    /// The seats people play.
    #[must_use]
    pub fn humans(&self) -> Vec<Seat> {
        self.table.humans()
    }

    /// The person to act now, if a person is to act.
    fn human_to_move(&self) -> Option<Seat> {
        self.table.person_to_move()
    }

    /// True when the screen must be handed to another person before
    /// anything private is shown.
    #[must_use]
    pub fn needs_hand_off(&self) -> bool {
        if self.table.session().is_over() || self.table.shown.is_some() {
            return false;
        }
        match self.human_to_move() {
            Some(s) => self.humans().len() > 1 && self.revealed != Some(s),
            None => false,
        }
    }

    /// Whose private cards the screen shows now: the person to act (after
    /// the hand-off), the only person at the table, or everyone's when
    /// computers play alone or the game is over (`None` = everyone).
    fn viewer(&self) -> Viewer {
        // A replay says itself whose cards it shows.
        match self.table.shown {
            Some(Shown::Everyone) => return Viewer::All,
            Some(Shown::Seat(s)) => return Viewer::Seat(s),
            Some(Shown::Nobody) => return Viewer::Nobody,
            None => {}
        }
        if self.table.session().is_over() || self.humans().is_empty() {
            return Viewer::All;
        }
        if self.needs_hand_off() {
            return Viewer::Nobody;
        }
        if let Some(s) = self.human_to_move() {
            return Viewer::Seat(s);
        }
        match self.revealed {
            Some(s) if self.humans().len() == 1 => Viewer::Seat(s),
            _ => Viewer::Nobody,
        }
    }

    /// Confirms the hand-off: the person to act is at the screen.
    pub fn confirm_hand_off(&mut self) {
        self.revealed = self.human_to_move();
        self.marked.clear();
        self.selected = None;
    }

    fn propose(&mut self, action: Action, notices: &mut Vec<Notice>) -> bool {
        let applied = self.table.propose_for_person(action, notices);
        if applied {
            self.selected = None;
        }
        applied
    }

    /// A card laid since the person to act last acted: a small blue gem
    /// set just under its top edge, in the part of the card a fan or a row
    /// under it leaves in view; on a card lying whole (`whole`, the
    /// Train's), in its top right corner, clear of its value. (A ring
    /// round the whole card read as a computer's selection box to a new
    /// player.)
    fn mark_fresh(painter: &egui::Painter, palette: &Palette, rect: Rect, whole: bool) {
        let radius = (rect.width() * 0.1).clamp(3.5, 7.0);
        let x = if whole { rect.right() - radius - 4.0 } else { rect.left() + rect.width() * 0.45 };
        let at = Pos2::new(x, rect.top() + radius + if whole { 4.0 } else { 1.5 });
        let gem = palette.last_move.to_opaque();
        painter.circle_filled(at + Vec2::new(0.6, 1.2), radius + 0.5, palette.table.shadow);
        painter.circle(at, radius, gem, Stroke::new((radius * 0.3).max(1.2), palette.card_face));
        painter.circle_filled(at - Vec2::splat(radius * 0.35), radius * 0.3, theme::mix(gem, palette.card_face, 0.7));
    }

    fn after_history_change(&mut self) {
        self.selected = None;
        self.marked.clear();
    }

    // ----- Drawing -------------------------------------------------------

    fn table_ui(&mut self, ui: &mut Ui, palette: &Palette, frame: &mut Frame<'_>) {
        let state = self.state().clone();
        let viewer = self.viewer();
        let dragging = egui::DragAndDrop::payload::<Dragged>(ui.ctx()).map(|d| d.0).or(self.selected);
        let mut action: Option<Action> = None;
        let mut note: Option<String> = None;
        look::paint_cloth(ui, ui.clip_rect(), palette);
        // Laid out as a table is: the others across it, at the top; the
        // deck and the Train in the middle, by one's own place (under the
        // table, with the hand). (The Train at the top edge, over the
        // others, left a band of bare cloth between them and one's own.)
        let (mats_room, supply) = self.table_split(ui.available_rect_before_wrap());
        // (Kept a little off the rim at either side: the last seat's
        // peacock pressed against it. A low window keeps every point.)
        let off = if self.compact { 0.0 } else { OFF_THE_RIM };
        let mats_room = mats_room.shrink2(Vec2::new(off, 0.0));
        let mut mats_ui =
            ui.new_child(egui::UiBuilder::new().max_rect(mats_room).layout(egui::Layout::top_down(egui::Align::Min)));
        let table_height = mats_room.height();
        // Its bar shown whenever the seats run past the bottom (five or six
        // players in a low window), so no seat is out of sight unawares.
        let mut mats: Vec<(Seat, Rect)> = Vec::new();
        let mut others_card = PLUME_CARD;
        let (mut others_rows, mut rows_changed) = (1, false);
        // (Each table its own scroll area.)
        let mut scroll = egui::ScrollArea::vertical().id_salt(("ep-table", self.table.id));
        if let Some(offset) = self.scroll_down.take() {
            scroll = scroll.vertical_scroll_offset(offset);
        }
        let shown = scroll
            .auto_shrink([false, false])
            .scroll_bar_visibility(egui::scroll_area::ScrollBarVisibility::VisibleWhenNeeded)
            .show(&mut mats_ui, |ui| {
                let top = ui.cursor().top();
                // Across the table: every other seat, always in seat order,
                // so a seat keeps its place from turn to turn (the person at
                // the screen sits by their hand, under the table).
                let me = self.by_hand_seat();
                let others: Vec<Seat> = (0..state.seats()).map(Seat).filter(|&s| Some(s) != me).collect();
                // The others in one row, or in two: whichever shows their cards
                // larger in the room the Train leaves down to the hand.
                let room = Vec2::new(ui.available_width(), table_height - (ui.cursor().top() - top));
                // (Not tied to one's own cards' size: the others then shrank
                // and wrapped whenever one's own plumes grew.)
                let heading = if self.compact { layout::MAT_HEADING_COMPACT } else { layout::MAT_HEADING };
                let laid: usize = (0..state.seats())
                    .flat_map(|s| state.plumes(Seat(s)).iter())
                    .flat_map(|p| &p.rows)
                    .map(Vec::len)
                    .sum();
                let key = (room.x.round() as i32, room.y.round() as i32, laid);
                if key != self.squeeze.0 {
                    self.squeeze = (key, 1.0);
                }
                let largest = self.others_largest() * self.squeeze.1;
                let (per_row, cards, widths) = others_layout(&state, &others, (room, heading), largest);
                // (The largest: a step under it is the next try. From the
                // smallest, every seat fell a step under the smallest at
                // once, and a late table of four shrank to 27-point cards
                // with half its height bare.)
                others_card = cards.iter().copied().reduce(Vec2::max).unwrap_or(PLUME_CARD);
                // The mats from the table's far edge, where they stay as
                // their plumes grow (laid midway down their room, they moved
                // up each time a plume took a second row).
                ui.add_space(4.0);
                let row = per_row.max(1);
                let rows = others.len().div_ceil(row).max(1);
                others_rows = rows;
                let mut tallest = Vec::new();
                for ((chunk, sizes), wide) in others.chunks(row).zip(cards.chunks(row)).zip(widths.chunks(row)) {
                    // Each mat as wide as its plumes ask (see others_layout),
                    // the row of them in the middle of the table's width.
                    let used: f32 = wide.iter().sum::<f32>() + 8.0 * (wide.len().saturating_sub(1)) as f32;
                    // Every mat of a row as tall as the tallest, as mats of
                    // one size on a table (one hung lower than the rest).
                    // (Last frame's tallest, while the cards are of the
                    // same size: of larger ones, it made the row overflow
                    // and the cards shrink a step, frame after frame.)
                    let row_card = sizes.iter().copied().reduce(Vec2::max).unwrap_or(PLUME_CARD);
                    let tall =
                        self.mat_rows.get(tallest.len()).filter(|(_, card)| *card == row_card).map_or(0.0, |(h, _)| *h);
                    let mut most = 0.0_f32;
                    ui.horizontal_top(|ui| {
                        ui.spacing_mut().item_spacing.x = 8.0;
                        ui.add_space(((ui.available_width() - used) / 2.0).max(0.0));
                        for ((&s, &card), &w) in chunk.iter().zip(sizes).zip(wide) {
                            let layout = egui::Layout::top_down(egui::Align::Min);
                            ui.allocate_ui_with_layout(Vec2::new(w, 0.0), layout, |col| {
                                col.set_width(w);
                                let place = SeatPlace { seat: s, own: false, card, tall };
                                let natural =
                                    self.seat_ui(col, palette, &state, place, viewer, dragging, &mut action, &mut note);
                                most = most.max(natural);
                                mats.push((s, col.min_rect()));
                            });
                        }
                    });
                    tallest.push((most, row_card));
                    // (Between rows only: 6 points after the last made the
                    // mats a point or two taller than their room late in a
                    // game of four, and a stray scroll bar showed.)
                    if tallest.len() < rows {
                        ui.add_space(6.0);
                    }
                }
                rows_changed = tallest.len() != self.mat_rows.len()
                    || tallest.iter().zip(&self.mat_rows).any(|(a, b)| (a.0 - b.0).abs() > 0.5 || a.1 != b.1);
                if rows_changed {
                    // Laid by last frame's heights: redone at once.
                    self.mat_rows = tallest;
                    ui.ctx().request_discard("the seats' mats changed height");
                }
            });
        let over = shown.content_size.y - shown.inner_rect.height();
        self.fit_the_table(ui, over, (others_card, others_rows), rows_changed);
        let scrolled = shown.state.clamped_offset().y;
        self.further_down_ui(ui, palette, &state, &mats, (shown.inner_rect, shown.content_size.y, scrolled));
        // (Not midway between the others' mats and one's own place: it
        // moved whenever a mat grew, and the table jumped mid-turn.)
        if let Some(supply) = supply {
            self.supply_in(ui, palette, frame, supply);
        }
        if let Some(n) = note {
            widgets::pointer_note(ui, &n, palette);
        }
        if let Some(a) = action {
            self.propose(a, frame.notices);
        }
        if let Some(r) = self.refusal.take() {
            frame.notices.push(Notice::Error(r));
        }
    }

    /// After the others' mats are laid, `over` points past their room
    /// (less than 0: bare cloth under them): the table's cards smaller,
    /// or grown into the bare cloth (see `layout::Grow`). `others` is the
    /// others' largest card and how many rows of mats they take.
    fn fit_the_table(&mut self, ui: &Ui, over: f32, (others_card, others_rows): (Vec2, usize), rows_changed: bool) {
        // What grows with the cards: the others' rows, the Train, one's own
        // plumes and the hand, at their usual size.
        let own = self.own_card.y * self.own_lines as f32 * (1.0 + layout::NEW_ROW);
        let grows =
            (others_card.y * others_rows as f32 + self.train_card().y + own + self.held_card().y) / self.grow.factor();
        if over > 2.0 {
            // (Grown into room that was not there: smaller again first.)
            if !self.grow.shrink_after_overflow(ui, over, grows) {
                self.squeeze_after_overflow(ui, others_card);
            }
        } else if !self.compact && !rows_changed {
            // Bare cloth between the others and the Train: every card
            // grows into it.
            self.grow.grow_into(ui, -over, grows);
        }
    }

    /// The room of the others' mats on the table `full`, and under them
    /// the deck's and the Train's (in a low window by the hand, they lie
    /// in the hand's row: the mats have the whole height).
    fn table_split(&self, full: Rect) -> (Rect, Option<Rect>) {
        if self.low_front() {
            return (full, None);
        }
        let band = self.supply_band.y;
        let mats_room = Rect::from_min_max(full.min, Pos2::new(full.right(), full.bottom() - band - 10.0));
        (mats_room, Some(Rect::from_min_max(Pos2::new(full.left(), full.bottom() - band), full.max)))
    }

    /// The seat whose place is by the hand: the person at the screen, or
    /// during a hand-off the person it waits for (their plumes are public;
    /// only their hand waits for them), so that place never moves.
    fn by_hand_seat(&self) -> Option<Seat> {
        match self.viewer() {
            Viewer::Seat(s) => Some(s),
            Viewer::Nobody if self.needs_hand_off() => self.human_to_move(),
            Viewer::Nobody | Viewer::All => None,
        }
    }

    /// The place of the person at the screen, by their hand: what their
    /// turn asks of them and their own plumes, with the drop targets.
    fn own_seat_ui(&mut self, ui: &mut Ui, palette: &Palette, notices: &mut Vec<Notice>) {
        let Some(me) = self.by_hand_seat() else { return };
        let state = self.state().clone();
        let acting = self.viewer() == Viewer::Seat(me) && self.human_to_move() == Some(me);
        let dragging = egui::DragAndDrop::payload::<Dragged>(ui.ctx()).map(|d| d.0).or(self.selected);
        let (mut action, mut note) = (None, None);
        // One line of plumes by the hand, the cards as large as lets every
        // plume (and the place for a new one) fit across the mat.
        // (By the hand at a card table, less the name's column at the left.)
        let beside_name = seats::PLAQUE + seats::PLAQUE_GAP + 8.0;
        (self.own_card, self.own_lines) = self.own_fit(&state, me, ui.available_width() - beside_name);
        // (In a low window, as tall as the history buttons under one's
        // name need.)
        let tall = if self.compact && self.folded { LOW_OWN } else { 0.0 };
        let place = seats::SeatPlace { seat: me, own: acting, card: self.own_card, tall };
        let _ = self.seat_ui(ui, palette, &state, place, self.viewer(), dragging, &mut action, &mut note);
        if let Some(n) = note {
            widgets::pointer_note(ui, &n, palette);
        }
        if let Some(a) = action {
            self.propose(a, notices);
        }
    }
}

impl View for PlumesView {
    type Game = EnchantedPlumes;

    fn lesson_lights(&mut self, actions: &[Action]) {
        self.lesson = Some(actions.to_vec());
    }

    fn new(table: Table<EnchantedPlumes>) -> Self {
        Self::with_table(table)
    }

    fn table(&self) -> &Table<EnchantedPlumes> {
        &self.table
    }

    fn table_mut(&mut self) -> &mut Table<EnchantedPlumes> {
        &mut self.table
    }

    fn ui(&mut self, ui: &mut Ui, frame: &mut Frame<'_>) {
        self.settings = frame.settings;
        let palette = theme::palette(frame.settings.dark);
        if self.humans().len() == 1 {
            self.revealed = self.humans().first().copied();
        }
        self.update_fresh();
        // A low window (a small laptop) has smaller cards in hand, on the
        // Train and in one's own plumes, so the others keep room above.
        let compact = ui.available_height() < COMPACT_BELOW;
        self.compact = compact;
        // (Keyed by the rows laid, not the cards: it is not undone, and
        // redone step by step, at every card.)
        let laid: usize =
            (0..self.state().seats()).flat_map(|s| self.state().plumes(Seat(s)).iter()).map(|p| p.rows.len()).sum();
        let window = ui.ctx().content_rect().size();
        let key = (window.x.round() as i32, window.y.round() as i32, laid);
        if key != self.own_squeeze.0 {
            self.own_squeeze = (key, 1.0);
        }
        let grow_key = ((key.0, key.1), self.by_hand_seat());
        self.hand_card = if compact { HAND_CARD * 0.8 } else { HAND_CARD * self.grow.at(grow_key) };
        self.own_card = if compact { self.own_largest() } else { PLUME_CARD };
        let now = ui.input(|i| i.time);
        self.slides
            .begin(self.table.session().revision() ^ (self.table.session().cursor() as u64).rotate_left(32), now);
        let mut open = self.panel_open;
        // The panel folds away in all but a wide window (each seat's
        // score is on its mat; the log a button away), the table the whole
        // width: beside the panel, the others' cards (four or more at the
        // table) or one's own plumes (two or three) were too small to read.
        self.folded = super::view::folding_side_panel(ui, (&mut open, FOLD_BELOW), |ui| self.side_ui(ui, frame));
        self.panel_open = open;
        self.table_room = ui.available_size();
        let page = ui.available_rect_before_wrap();
        // Once the game is over and every mat is across the table, no hand
        // lies under it: the mats take the whole height (a bare band as
        // tall as a hand lay under them, and they scrolled).
        let ended_open = self.by_hand_seat().is_none() && self.state().outcome().is_some();
        if !ended_open {
            // (Each arrangement its own panel, which keeps its own size.)
            let id = if self.hand_in_front() { "ep-place" } else { "ep-hands-hidden" };
            egui::Panel::bottom(egui::Id::unique((id, self.table.id)))
                .resizable(false)
                .show_separator_line(false)
                .show(ui, |ui| {
                    look::paint_cloth(ui, ui.clip_rect(), &palette);
                    ui.add_space(4.0);
                    if self.hand_in_front() {
                        // One's place at the table's foot: plumes, and the
                        // hand (or the hand-off card) under them.
                        self.own_place_ui(ui, &palette, frame);
                    } else {
                        // No seat by the hand: what hides the hands.
                        self.hands_hidden_ui(ui);
                    }
                    ui.add_space(6.0);
                });
        }
        egui::CentralPanel::default().show(ui, |ui| self.table_ui(ui, &palette, frame));
        // The wooden rim round the cloth, in the panels' margins.
        look::paint_rim(ui, page, page.shrink(look::RIM), &palette);
        if self.slides.busy() {
            ui.ctx().request_repaint();
        }
    }

    /// Free within one's own turn until a card is drawn; across a draw or
    /// another seat's turn it asks first and marks the game "undo used".
    fn undo_guard(&self) -> UndoGuard {
        UndoGuard {
            secret: |e, me| e.reveals || e.seat != me || me.is_none(),
            refusal: "Strict undo is on: a drawn card or another player's turn cannot be taken back (Settings)",
            heading: "Undo past a drawn card or another turn?",
            body: "This takes back a card someone has already seen, or another player's turn. You may, while \
                   learning, but the game will be marked \"undo used\" in the statistics.",
        }
    }

    fn history_changed(&mut self) {
        self.after_history_change();
    }

    fn shown_to(&self) -> Option<Seat> {
        match self.viewer() {
            Viewer::Seat(s) => Some(s),
            Viewer::Nobody | Viewer::All => None,
        }
    }

    fn hide_private(&mut self) {
        self.revealed = None;
    }

    fn end_heading(&self, _outcome: &Outcome) -> String {
        "Final scores".to_string()
    }

    fn outcome_ui(&mut self, ui: &mut Ui, outcome: &Outcome, _frame: &mut Frame<'_>) {
        self.final_scores_ui(ui, outcome);
    }

    fn end_words(&self) -> EndWords {
        EndWords { look: "Look at the table", ..EndWords::default() }
    }
}

/// The Enchanted Plumes tab: the view in the frame every game shares.
pub type PlumesTab = Tab<PlumesView>;

/// A new Enchanted Plumes tab.
#[must_use]
pub fn new_tab(options: Options, seed: u64, players: Vec<Player>, path: std::path::PathBuf) -> PlumesTab {
    let seats = players.len().clamp(2, 6) as u8;
    let setup = Setup { seats, options };
    PlumesTab::new(Table::new(Session::new(setup, seed, players), path))
}
