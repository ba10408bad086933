//! The Feathers & Wax table: the labyrinth (phase 1, `labyrinth`), the wing
//! racks (phase 2, `wings`) and the sky (phase 3, `sky`), with the side
//! panel and dialogs (`panel`): the win-chance meter, hints, the undo guard
//! for revealed cards and the after-game analysis. This file holds the tab
//! itself, the meter and hint, and the painters the phases share.

mod folded;
mod labyrinth;
mod panel;
mod racks;
mod scenery;
mod sky;
mod specials;
mod trail;
mod wings;

pub(crate) use labyrinth::{paint_exit_arch, refresh_wash};

use egui::{Color32, Pos2, RichText, Stroke, Ui, Vec2, WidgetInfo};

use super::tab::{EndWords, Frame, Tab, UndoGuard, View};
use super::theme::{self, Palette};
use super::widgets::{self, CardFace};
use super::{Notice, ViewSettings};
use crate::ai::feathers_wax::{self as advisor, Analysis, Policy, Reading};
use crate::ai::worker::Background;
use crate::rules::cards::{Card, Suit};
use crate::rules::feathers_wax::{Action, FeathersAndWax, Flyer, Heading, Phase, Place, Walker, routes};
use crate::rules::words;
use crate::rules::{Game, Outcome, Rng, Seat, Setup, ToMove};
use crate::session::{Player, Session};
use crate::table::Table;

/// The height the racks and their key take at full size under the board.
const RACKS_FULL: f32 = 130.0;

/// What is being dragged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Drag {
    /// Daedalus's token in the labyrinth.
    Walker,
    /// A spade (phase 2), by value.
    Spade(u8),
    /// A drawn flight card (phase 3).
    Flight(Card),
    /// A wing section on the tray, to shed in a special move (phase 3).
    Wing(u8),
}

/// A hint on screen: what the policy would do at `cursor`, and in the
/// labyrinth the whole walk it intends for the card in play (drawn on the
/// board). While the player follows the walk, the hint stays and keeps the
/// rest of the same walk, so it does not change from step to step; a new
/// card or another move ends it.
struct Hint {
    cursor: usize,
    text: String,
    walk: Vec<Action>,
}

impl Hint {
    /// The hint after its first step was taken at `cursor` (the walk goes
    /// on), if anything of the walk is left.
    fn followed(self, cursor: usize, state: &FeathersAndWax) -> Option<Self> {
        let walk: Vec<Action> = self.walk.into_iter().skip(1).collect();
        if walk.is_empty() || state.card().is_none() || state.pending().is_some() {
            return None;
        }
        Some(Self { cursor, text: walk_words(state, &walk), walk })
    }
}

/// The Feathers & Wax view (its tab is [`FeathersTab`]).
pub struct FeathersView {
    /// The game, its file and its (chance-only) worker.
    pub table: Table<FeathersAndWax>,
    settings: ViewSettings,
    meter: Option<(usize, Background<Reading>)>,
    reading: Option<(usize, Reading)>,
    hint: Option<Hint>,
    drag_path: Vec<Heading>,
    /// A spade picked by a click (then click a rack or the pool).
    selected_spade: Option<u8>,
    /// A drawn flight card picked by a click (then click a flyer).
    selected_flight: Option<Card>,
    /// A wing section picked on the tray to shed (then click a square).
    selected_wing: Option<u8>,
    king_choice: Option<(Card, Flyer)>,
    analysis: Option<Background<Analysis>>,
    analysis_result: Option<Analysis>,
    /// Daedalus's last walk, shown step by step: where he stood at each
    /// step, and when the first frame drew it (a click that sent him five
    /// cells at once left a new player to read the log to follow him).
    glide: Option<(Vec<Walker>, Option<f64>)>,
    /// A drawn card dropped on a flyer while still drawing: the drawing
    /// ends, then this plays it.
    then_play: Option<Action>,
    /// Where the Feathers and Wax decks lay in the last frame.
    deck_at: [Option<egui::Rect>; 2],
    /// The pieces on the racks: one gathered flies there from its deck.
    racks: super::look::Slides,
    /// The flight so far, worked out for the history at (revision, cursor).
    trails: Option<(u64, usize, Option<trail::Trails>)>,
    /// A narrow window: the side panel folded away, its controls on the
    /// table (`folded`), unless the person opened it.
    folded: bool,
    panel_open: bool,
}

/// How long a gathered feather or wax takes to fly to its rack, seconds.
pub const GATHER_SECONDS: f64 = 0.6;

fn flyer_colour(palette: &Palette, f: Flyer) -> Color32 {
    if f == Flyer::Icarus { palette.icarus } else { palette.daedalus }
}

impl FeathersView {
    fn with_table(table: Table<FeathersAndWax>) -> Self {
        Self {
            table,
            settings: ViewSettings {
                dark: false,
                animations: true,
                computer_delay: 0.8,
                strict_undo: false,
                quick_card_windows: false,
            },
            meter: None,
            reading: None,
            hint: None,
            drag_path: Vec::new(),
            selected_spade: None,
            selected_flight: None,
            selected_wing: None,
            king_choice: None,
            analysis: None,
            analysis_result: None,
            glide: None,
            then_play: None,
            deck_at: [None; 2],
            racks: super::look::Slides::lasting(GATHER_SECONDS),
            trails: None,
            folded: false,
            panel_open: false,
        }
    }

    /// True while a feather or wax just gathered flies to its rack.
    #[must_use]
    pub fn piece_in_flight(&self) -> bool {
        self.racks.sliding()
    }

    fn state(&self) -> &FeathersAndWax {
        self.table.session().state()
    }

    /// The flight so far (replayed once for each new position).
    fn flight_trails(&mut self) -> Option<&trail::Trails> {
        let session = self.table.session();
        let key = (session.revision(), session.cursor());
        if self.trails.as_ref().is_none_or(|(r, c, _)| (*r, *c) != key) {
            self.trails = Some((key.0, key.1, trail::trails(session)));
        }
        self.trails.as_ref().and_then(|(_, _, t)| t.as_ref())
    }

    fn my_turn(&self) -> bool {
        matches!(self.table.session().player_to_move(), Some((_, Player::Human)))
    }

    fn propose(&mut self, action: Action, notices: &mut Vec<Notice>) -> bool {
        let on_the_walk = self.shown_walk().first() == Some(&action);
        let applied = self.table.propose_for_person(action, notices);
        if applied {
            let cursor = self.table.session().cursor();
            let revealed = self.table.session().log().get(cursor.wrapping_sub(1)).is_some_and(|e| e.reveals);
            let hint = self.hint.take();
            if on_the_walk && !revealed {
                self.hint = hint.and_then(|h| h.followed(cursor, self.table.session().state()));
            }
        }
        applied
    }

    /// Walks Daedalus along `path`, one step (one action) at a time,
    /// stopping early if a K decision comes up or a step is refused.
    fn walk(&mut self, path: &[Heading], notices: &mut Vec<Notice>) {
        let before = self.state().clone();
        let mut done = 0;
        for &h in path {
            if !self.propose(Action::Step(h), notices) {
                break;
            }
            done += 1;
            let s = self.state();
            if s.pending().is_some() || s.card().is_none() || s.phase() != Phase::Collect {
                break;
            }
        }
        // The way he went, for his figure to walk it.
        let mut way: Vec<Walker> = std::iter::once(before.walker())
            .chain(routes::path_cells(&before, &path[..done]).into_iter().map(Walker::At))
            .collect();
        if way.last() != Some(&self.state().walker()) {
            way.push(self.state().walker());
        }
        self.glide = (way.len() >= 2 && self.settings.animations).then_some((way, None));
    }

    fn after_history_change(&mut self) {
        self.glide = None;
        self.then_play = None;
        self.hint = None;
        self.drag_path.clear();
        self.selected_spade = None;
        self.selected_flight = None;
        self.selected_wing = None;
        self.king_choice = None;
        self.analysis = None;
        self.analysis_result = None;
    }

    // ----- The meter and the hint -------------------------------------

    fn meter_tick(&mut self, ctx: &egui::Context) {
        let cursor = self.table.session().cursor();
        if self.meter.as_ref().is_none_or(|(c, _)| *c != cursor) && self.reading.is_none_or(|(c, _)| c != cursor) {
            let obs = self.state().observation(Seat(0));
            let ctx = ctx.clone();
            let seed = advisor::estimate_seed(self.table.session().seed(), cursor);
            self.meter = advisor::start_meter(obs, seed, move || ctx.request_repaint()).map(|b| (cursor, b));
        }
        if let Some((c, bg)) = &mut self.meter {
            if let Some(r) = bg.poll() {
                self.reading = Some((*c, *r));
            }
            if !bg.running() {
                self.meter = None;
            }
        }
    }

    /// The meter's latest reading for the position on screen.
    #[must_use]
    pub fn reading(&self) -> Option<Reading> {
        self.reading.filter(|(c, _)| *c == self.table.session().cursor()).map(|(_, r)| r)
    }

    /// Waits until the meter has a full reading (tests).
    pub fn settle_meter(&mut self) -> Option<Reading> {
        let cursor = self.table.session().cursor();
        if let Some((c, bg)) = self.meter.take()
            && c == cursor
        {
            self.reading = bg.finish().map(|r| (c, r));
        }
        self.reading()
    }

    /// The hint on screen, if one was asked for at this position.
    #[must_use]
    pub fn shown_hint(&self) -> Option<&str> {
        self.hint.as_ref().filter(|h| h.cursor == self.table.session().cursor()).map(|h| h.text.as_str())
    }

    /// The labyrinth walk of the hint on screen (empty when none).
    #[must_use]
    pub fn shown_walk(&self) -> &[Action] {
        self.hint.as_ref().filter(|h| h.cursor == self.table.session().cursor()).map_or(&[], |h| h.walk.as_slice())
    }

    /// Asks the policy for a hint at this position and shows it.
    pub fn ask_hint(&mut self) {
        let state = self.state();
        if !matches!(state.to_move(), ToMove::Seat(_)) {
            return;
        }
        let obs = state.observation(Seat(0));
        let cursor = self.table.session().cursor();
        let mut rng = Rng::seeded(self.table.session().seed() ^ cursor as u64);
        let policy = Policy::default();
        let walk = policy.planned_walk(&obs, &mut rng);
        let text = if walk.is_empty() {
            let Some(a) = policy.choose(&obs, &mut rng) else { return };
            hint_words(state, &a)
        } else {
            walk_words(state, &walk)
        };
        self.hint = Some(Hint { cursor, text, walk });
    }
}

/// A labyrinth walk in words: "step north, north, east with the 7 of
/// hearts, then stop".
fn walk_words(state: &FeathersAndWax, walk: &[Action]) -> String {
    let steps: Vec<&str> = walk
        .iter()
        .filter_map(|a| match a {
            Action::Step(h) => Some(h.name()),
            _ => None,
        })
        .collect();
    let stop = if walk.last() == Some(&Action::Stop) { ", then end the move" } else { "" };
    if steps.is_empty() {
        return "end this move here".into();
    }
    let card = state.card().map_or(String::new(), |c| format!(" with the {}", c.name()));
    format!("step {}{card}{stop}", steps.join(", "))
}

fn place_words(p: Place) -> String {
    match p {
        Place::Sky { col: 0, row } => format!("the tower, row {}", row + 1),
        Place::Sky { col, row } => format!("column {col}, row {}", row + 1),
        Place::Safe => "safety".into(),
        Place::Lost => "a fall".into(),
    }
}

fn card_effect(c: Card) -> String {
    match (c.rank, c.suit) {
        (11, _) => "Updraft: one row up".into(),
        (12, _) => "Quiet air: one row down".into(),
        (13, _) => "Diverging air: one row away from the other flyer".into(),
        (_, Suit::Hearts) => "One right and one down".into(),
        _ => "One right and up: Daedalus one row, Icarus two".into(),
    }
}

fn hint_words(state: &FeathersAndWax, a: &Action) -> String {
    match a {
        Action::Step(_) | Action::Stop => walk_words(state, std::slice::from_ref(a)),
        Action::UseKing => "spend the K".into(),
        Action::KeepKing => "keep the K".into(),
        Action::Wing { value, flyer } => format!("put {} on {}'s wings", words::spade(*value), flyer.name()),
        Action::Unwing(v) => format!("take {} back", words::spade(*v)),
        Action::Launch => "leap from the tower".into(),
        Action::Draw => "draw another card".into(),
        Action::EndDraw => "play the cards you have".into(),
        Action::Play { card, flyer, up } => {
            let dir = match up {
                Some(true) => " (up)",
                Some(false) => " (down)",
                None => "",
            };
            format!("play the {} on {}{dir}", card.name(), flyer.name())
        }
        Action::Bonus(v) => format!("shed the {v} for a step right"),
        Action::Shift { value, up } => {
            format!("shed {} to move {}", words::spade(*value), if *up { "up" } else { "down" })
        }
        Action::Done => "go on without a special movement".into(),
    }
}

fn deck_ui(ui: &mut Ui, palette: &Palette, name: &str, n: usize) -> egui::Response {
    deck_ui_sized(ui, palette, (name, &[]), n, theme::CARD_SIZE)
}

/// [`deck_ui`] with its pile's cards at `size`.
fn deck_ui_sized(
    ui: &mut Ui,
    palette: &Palette,
    (name, suits): (&str, &[Suit]),
    n: usize,
    size: egui::Vec2,
) -> egui::Response {
    ui.vertical(|ui| {
        ui.label(super::look::title(ui, name, 14.0));
        let r = widgets::card_ui_sized(ui, palette, if n > 0 { CardFace::Down } else { CardFace::Empty }, false, size);
        if n > 0 && !suits.is_empty() {
            // Which pile it is, on a medallion over the back: the feather,
            // the wax or the movement cards' suits (named by suit in
            // words, the piles read as a card list: review 4).
            deck_medallion(ui.painter(), palette, r.rect, suits);
        }
        let names: Vec<&str> = suits.iter().map(|s| s.name()).collect();
        let of = if names.is_empty() { String::new() } else { format!(" ({})", names.join(" and ")) };
        let label = format!("{name} deck{of}: {}", words::count(n, "card"));
        r.widget_info(|| WidgetInfo::labeled(egui::Role::Label, true, label.clone()));
        // How many are left, on a little plate under the pile (faint words
        // did not read on the wood).
        egui::Frame::new()
            .fill(palette.table.plate)
            .stroke(Stroke::new(1.0, palette.table.edge))
            .corner_radius(6)
            .inner_margin(egui::Margin::symmetric(5, 0))
            .show(ui, |ui| ui.label(RichText::new(format!("{n} left")).small().color(palette.table.on_plate)));
        r
    })
    .inner
}

/// The mark on a pile's back: a round plate of card with the pile's
/// `suits` (spades as a feather, clubs as a honeycomb cell, the others as
/// their pips).
fn deck_medallion(painter: &egui::Painter, palette: &Palette, card: egui::Rect, suits: &[Suit]) {
    let r = card.width() * 0.3;
    let at = card.center();
    painter.circle(at, r, palette.card_face, Stroke::new(1.5, palette.outline));
    match suits {
        [Suit::Spades] => paint_feather(painter, at, r * 1.7, palette.nest, palette.outline),
        [Suit::Clubs] => paint_hive(painter, at, r * 0.6, palette.honey, palette.honey_rim),
        _ => {
            let step = r * 0.5;
            for (k, &suit) in suits.iter().enumerate() {
                let x = (k as f32 - (suits.len() as f32 - 1.0) * 0.5) * step * 1.6;
                let colour = if suit.is_red() { palette.red_suit } else { palette.black_suit };
                widgets::paint_suit(painter, at + Vec2::new(x, 0.0), r * 0.8, suit, colour);
            }
        }
    }
}

/// How Daedalus (old, bearded, in his colour) or Icarus (young) is
/// painted as a figure; `alpha` fades him while he is being dragged.
pub(crate) fn figure_of(palette: &Palette, daedalus: bool, alpha: f32) -> super::art::Figure {
    let fade = |c: Color32| c.gamma_multiply(alpha);
    super::art::Figure {
        robe: fade(if daedalus { palette.daedalus } else { palette.icarus }),
        skin: fade(theme::SKIN),
        hair: fade(if daedalus { theme::GREY_HAIR } else { theme::DARK_HAIR }),
        beard: daedalus,
        rim: fade(palette.outline),
    }
}

/// A feather: a slanted vane with its quill.
pub(crate) fn paint_feather(painter: &egui::Painter, centre: Pos2, size: f32, colour: Color32, quill: Color32) {
    let axis = Vec2::new(0.7, -0.7);
    let across = Vec2::new(0.7, 0.7);
    let pts: Vec<Pos2> = (0..16)
        .map(|i| {
            let t = i as f32 / 16.0 * std::f32::consts::TAU;
            centre + axis * (t.cos() * size * 0.42) + across * (t.sin() * size * 0.16)
        })
        .collect();
    painter.add(egui::Shape::convex_polygon(pts, colour, Stroke::NONE));
    painter.line_segment([centre - axis * size * 0.5, centre + axis * size * 0.42], Stroke::new(1.5, quill));
}

/// A honeycomb cell.
pub(crate) fn paint_hive(painter: &egui::Painter, centre: Pos2, r: f32, colour: Color32, rim: Color32) {
    let pts: Vec<Pos2> = (0..6)
        .map(|i| {
            let a = std::f32::consts::FRAC_PI_3 * i as f32;
            centre + Vec2::new(a.cos(), a.sin()) * r
        })
        .collect();
    painter.add(egui::Shape::convex_polygon(pts, colour, Stroke::new(1.5, rim)));
}

impl View for FeathersView {
    type Game = FeathersAndWax;

    fn new(table: Table<FeathersAndWax>) -> Self {
        Self::with_table(table)
    }

    fn table(&self) -> &Table<FeathersAndWax> {
        &self.table
    }

    fn table_mut(&mut self) -> &mut Table<FeathersAndWax> {
        &mut self.table
    }

    fn ui(&mut self, ui: &mut Ui, frame: &mut Frame<'_>) {
        self.settings = frame.settings;
        let palette = theme::palette(frame.settings.dark);
        self.meter_tick(ui.ctx());
        let cursor = self.table.session().cursor();
        self.racks.begin(super::look::Slides::key((self.table.id, cursor)), ui.input(|i| i.time));
        // The labyrinth and the sky fold the panel away in a narrow window
        // (the wings' racks need no more room than they have beside it).
        let phase = self.state().phase();
        let below = if phase == Phase::Wings { 0.0 } else { super::view::FOLD_BELOW };
        let mut open = self.panel_open;
        self.folded = super::view::folding_side_panel(ui, (&mut open, below), |ui| self.side_ui(ui, frame));
        self.panel_open = open;
        egui::CentralPanel::default().show(ui, |ui| {
            // The game is laid out on the table's cloth, as every game is.
            super::look::paint_cloth(ui, ui.clip_rect(), &palette);
            ui.visuals_mut().override_text_color = Some(palette.table.ink);
            // A finished game shows where it ended: the sky once flying began.
            let flew = self.state().turn() > 0;
            let in_sky = phase == Phase::Flight || (phase == Phase::Over && flew);
            match phase {
                Phase::Wings => self.wings_ui(ui, &palette, frame.notices),
                _ if in_sky => {
                    if let Some(controls) = self.sky_ui(ui, &palette, frame.notices) {
                        self.folded_flight_controls_ui(ui, &palette, frame, controls);
                    }
                }
                Phase::Collect | Phase::Over | Phase::Flight => {
                    // A low window (800x600) lays what Daedalus holds on
                    // one line, so the labyrinth keeps its size.
                    let low = ui.available_height() < 640.0;
                    if self.folded {
                        self.folded_labyrinth_ui(ui, &palette, frame);
                        return;
                    }
                    self.decks_ui(ui, &palette, false);
                    self.labyrinth_ui(ui, &palette, frame.notices, if low { 94.0 } else { 150.0 });
                    // A board held by the window's width leaves room under
                    // it: the racks at their full size there (a band 80
                    // points high stood empty at 800x600: review 8).
                    let low = low && ui.available_height() < RACKS_FULL;
                    self.held_ui(ui, &palette, low);
                }
            }
        });
        if self.racks.busy() {
            ui.ctx().request_repaint();
        }
    }

    fn undo_guard(&self) -> UndoGuard {
        UndoGuard {
            secret: |e, _| e.reveals,
            refusal: "Strict mode: undo cannot take back a card you have already seen (Settings, Undo)",
            heading: "Undo past a card you have seen?",
            body: "You already know what this draw showed. You may still take it back to learn the game, but this \
                   game will then count as assisted in your statistics.",
        }
    }

    fn history_changed(&mut self) {
        self.after_history_change();
    }

    fn end_heading(&self, outcome: &Outcome) -> String {
        if outcome.winners.is_empty() { "Lost" } else { "Escaped! You won" }.to_string()
    }

    fn outcome_ui(&mut self, ui: &mut Ui, outcome: &Outcome, frame: &mut Frame<'_>) {
        self.outcome_body(ui, outcome, frame);
    }

    fn end_words(&self) -> EndWords {
        EndWords { rematch: "New deal", replay: Some("Replay this deal"), look: "Look at the table" }
    }

    fn shutdown(&mut self) {
        self.meter = None;
        self.analysis = None;
    }
}

/// The Feathers & Wax tab: the view in the frame every game shares.
pub type FeathersTab = Tab<FeathersView>;

/// A new Feathers & Wax tab.
#[must_use]
pub fn new_tab(seed: u64, path: std::path::PathBuf) -> FeathersTab {
    let setup = Setup { seats: 1, options: crate::rules::feathers_wax::Options::default() };
    FeathersTab::new(Table::new(Session::new(setup, seed, vec![Player::Human]), path))
}
