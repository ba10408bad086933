//! The Tail Feathers table: the battlefield to scale, top-down (trees with
//! their trunks and spaces, nests with their life, the sapling, the axis
//! marker, mission cards), birds on round bases with heading and tilt,
//! ground figures as tokens, the unit cards and cheese wheels beside it,
//! and every decision of the rules as a click, a drag or a button.
//!
//! - **Flights**: a bird to fly shows every flight it may announce as a
//!   faint ring where the bird would really be left: at a trunk it would
//!   crash into, short of a flying base, off the edge (a ring where the
//!   bird comes to harm is crossed out in the warning colour, and every
//!   ring is named for screen readers with what happens there); pointing
//!   at one draws its templates (those it will not fly faded), numbers the
//!   crossings in the order they will be met and says what happens at its
//!   end; click the ring, or drag the bird onto it, to fly (a drop that
//!   misses says how far the nearest ring is). With "announce flights first" the list is chosen from buttons,
//!   as at the table. Crossing decisions appear on the board where they
//!   happen.
//! - **Tree moves**: click a figure (or drag it) and the spaces it may
//!   reach are lit; a refused drop names its rule.
//! - **Attacks**: the chosen figure's targets are lit; the range finder
//!   measures between any two figures at any time.
//! - **Secrets**: with two people at the screen, a hand-off bar hides the
//!   mission choice and the bid until the person to choose is at the
//!   screen; face-down mission cards show only to their owner.
//!
//! The battlefield and its clicks and drags are in `battlefield`, the
//! painters and geometry helpers they share in `paint`, the side panel
//! (unit cards, cheese, dice, the hand-off) in `panel`, and the words of
//! the decisions in `words`. This file holds the view, its tab and what
//! the view remembers between frames.

#![allow(
    clippy::many_single_char_names,
    clippy::similar_names,
    clippy::unused_self,
    reason = "drawing code reads best with the usual short names (p, r, f, u), and the view's helpers stay methods"
)]

mod banner;
mod battlefield;
mod card_art;
mod clicks;
pub(crate) mod diagrams;
mod dice;
mod figures;
mod forest;
pub mod glide;
mod hand;
mod missions;
mod paint;
mod panel;
mod rings;
mod units;
mod words;
mod zoom;

use egui::{Pos2, Rect, Ui, Vec2};

use super::Notice;
use super::ViewSettings;
use super::tab::{EndWords, Frame, Tab, UndoGuard, View};
use super::theme;
use super::viewer::Viewer;
use crate::rules::tail_feathers::components::Alliance;
use crate::rules::tail_feathers::game::{
    Action, Event, Fig, FlightEnding, FlightOutcome, FlightPlan, Options, TailFeathers, Target, UNIT_DEFS, field,
    side_name, side_of_seat,
};
use crate::rules::tail_feathers::geometry::V2;
use crate::rules::{Game, Outcome, Seat, Setup};
use crate::session::{Player, Session};
use crate::table::{Shown, Table};
pub use glide::Glide;
pub use paint::range_band;
use paint::{blockers, closest_ghost, nearest_ghost, secret_decision, shape_of, side_colour, tilting_bird};
use panel::placed_name;
use std::time::Duration;
use words::{choice_label, mission_words};

/// Inches of table drawn round the battlefield.
const MARGIN: f32 = 3.0;

/// The battlefield's place on the screen.
#[derive(Clone, Copy)]
struct Board {
    rect: Rect,
    scale: f32,
}

impl Board {
    fn to_screen(self, p: V2) -> Pos2 {
        let size = field().size as f32;
        Pos2::new(self.rect.left() + p.x as f32 * self.scale, self.rect.top() + (size - p.y as f32) * self.scale)
    }

    fn to_table(self, p: Pos2) -> V2 {
        let size = field().size;
        V2::new(
            f64::from((p.x - self.rect.left()) / self.scale),
            size - f64::from((p.y - self.rect.top()) / self.scale),
        )
    }
}

/// A flight the bird to fly may announce: its templates and crossings, and
/// where it really leaves the bird (a trunk, the edge, a flying base may
/// stop it short of its templates' end). Its ring is drawn there.
#[derive(Clone, Debug)]
pub struct Ghost {
    /// The flight as announced.
    pub plan: FlightPlan,
    /// Where it leaves the bird and what happens there.
    pub outcome: FlightOutcome,
}

impl Ghost {
    /// The templates announced.
    #[must_use]
    pub fn action(&self) -> Action {
        Action::Fly(self.plan.laid.iter().map(|l| l.length).collect())
    }

    /// Where its ring is: the bird's base where the flight leaves it.
    #[must_use]
    pub fn at(&self) -> V2 {
        self.outcome.at.at
    }

    /// Where its ring is drawn on `board`: where the bird is left, or for
    /// a flight off the battlefield, where it leaves, on the edge (the
    /// rings of many such flights lay in a heap on the table's frame).
    fn ring(&self, board: Board) -> Pos2 {
        let p = board.to_screen(self.at());
        if self.outcome.ending == FlightEnding::Off {
            let inset = crate::rules::tail_feathers::geometry::BASE_RADIUS as f32 * board.scale * 0.5;
            board.rect.shrink(inset).clamp(p)
        } else {
            p
        }
    }

    /// The ring's name: "flight short, long: crashes into the Elm's trunk:
    /// 2 wounds, rattled".
    #[must_use]
    pub fn words(&self) -> String {
        format!("flight {}: {}", words::lengths(&self.plan), self.outcome.words())
    }

    /// True when the bird comes to harm there (a crash, the edge).
    #[must_use]
    pub fn harmful(&self) -> bool {
        matches!(self.outcome.ending, FlightEnding::Crashes(_) | FlightEnding::Off) || self.outcome.wounds > 0
    }
}

/// The launches that end badly, worked out for one position: its key
/// (the history cursor, and whether the headings were asked for), the
/// headings from which every flight crashes or is lost, and the bird just
/// launched facing such a way.
type Doom = ((usize, bool), Vec<u8>, Option<Fig>);

/// A dragged figure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Dragged(Fig);

/// The Tail Feathers view (its tab is [`SkirmishTab`]).
pub struct SkirmishView {
    /// The game, its file and its computer players.
    pub table: Table<TailFeathers>,
    /// The figure chosen by a click.
    pub selected: Option<Fig>,
    /// The range finder is in use; its first end.
    pub finder: Option<Option<Fig>>,
    /// The range finder's measured pair, and the log's length then (put
    /// away, the finder's measure stays written until the next move).
    pub measured: Option<(Fig, Fig, usize)>,
    /// The mission spot whose button in the side panel is under the
    /// pointer (lit on the board).
    spot_hovered: Option<u8>,
    /// The figure whose button in the side panel is under the pointer
    /// (ringed on the board).
    fig_hovered: Option<Fig>,
    /// The person whose secrets the screen may show (after the hand-off).
    pub revealed: Option<Seat>,
    /// The flights of the bird to fly, worked out once per position.
    ghosts: Option<(usize, Vec<Ghost>)>,
    /// Launching: the bird waits for a click that sets its heading.
    pub aiming: bool,
    /// The headings to launch facing from which every flight ends badly
    /// (a trunk, the edge), and the bird just launched facing such a way;
    /// worked out once per position.
    doomed: Option<Doom>,
    /// Where the last frame drew the battlefield (its top-left corner and
    /// pixels per inch), and each figure on it: for pointing at things.
    pub drawn: Option<(Pos2, f32)>,
    /// How close the battlefield is seen (the wheel, the corner's buttons).
    pub zoom: zoom::Zoom,
    /// Where the last frame drew each figure.
    pub figure_spots: Vec<(Fig, Pos2)>,
    /// A target open to both a melee and a ranged attack of this figure
    /// was clicked: the choice shown by it.
    pub attack_choice: Option<(Target, Fig)>,
    /// A decision taken in a popup, proposed with the board's next pass.
    pending: Option<Action>,
    /// "Fly on to the end" was chosen at a crossing: the flight being
    /// walked flies past the crossings still ahead (until it ends).
    fly_through: bool,
    /// Where the crossing question of the flight being walked stands.
    crossing_spot: Option<Pos2>,
    /// When the dice now shown were first drawn (the history cursor and
    /// the time), so a new roll tumbles for a moment.
    roll_seen: Option<(usize, f64)>,
    /// Whether things move (Settings), as of this frame.
    animations: bool,
    /// The last roll, on the table's frame.
    kept_roll: Option<dice::KeptRoll>,
    /// The round, phase and whether the initiative was rolled, as last
    /// drawn, and when they began (none for the position the tab opened
    /// on): the round's banner.
    banner: Option<((u8, crate::rules::tail_feathers::game::Phase, bool), Option<f64>)>,
    /// The position last drawn (the history cursor and the game), to
    /// notice a flight that ended since.
    seen: Option<(usize, TailFeathers)>,
    /// A bird gliding along the flight it just ended.
    pub glide: Option<glide::Glide>,
    /// A leaf whose drift is being shown spin by spin.
    pub leaf_drift: Option<glide::LeafDrift>,
    /// The figure whose leaf is being cut loose: its destinations are lit.
    pub cutting: Option<Fig>,
    /// The action card clicked in the hand: the unit clicked next receives
    /// it (TF-R27).
    pub card: Option<u8>,
    /// A card given to a figure that still needs its aim (a heading, a
    /// target).
    pub card_aim: Option<(u8, Fig)>,
    /// With two people at the screen, the person who asked to see their
    /// hand (until the decision passes).
    pub peek: Option<Seat>,
    /// The cards chosen so far for the hand, before it is taken.
    pub picks: Vec<u8>,
    /// In a lesson: the moves it points at (units to activate are lit).
    pub lights: Vec<Action>,
    /// The units whose activation would end as it begins (nothing in
    /// reach), for the position it was worked out for (revision, cursor).
    idle_units: ((u64, usize), Vec<u8>),
}

impl SkirmishView {
    fn with_table(table: Table<TailFeathers>) -> Self {
        Self {
            table,
            selected: None,
            finder: None,
            measured: None,
            spot_hovered: None,
            fig_hovered: None,
            revealed: None,
            ghosts: None,
            aiming: false,
            doomed: None,
            drawn: None,
            zoom: zoom::Zoom::default(),
            figure_spots: Vec::new(),
            attack_choice: None,
            pending: None,
            fly_through: false,
            crossing_spot: None,
            roll_seen: None,
            banner: None,
            animations: true,
            kept_roll: None,
            seen: None,
            glide: None,
            leaf_drift: None,
            cutting: None,
            card: None,
            card_aim: None,
            peek: None,
            picks: Vec::new(),
            lights: Vec::new(),
            idle_units: ((u64::MAX, 0), Vec::new()),
        }
    }

    /// True when the table shows the cards laid out to pick a hand from
    /// (TF-R27), not the battlefield.
    fn picking(&self) -> bool {
        self.state().options().action_cards
            && self.table.shown.is_none()
            && !self.needs_hand_off()
            && self.human_to_move().is_some()
            && self.state().legal_actions().iter().any(|a| matches!(a, Action::Pick(_)))
    }

    fn state(&self) -> &TailFeathers {
        self.table.session().state()
    }

    fn human_to_move(&self) -> Option<Seat> {
        self.table.person_to_move()
    }

    /// True when the person to choose a secret (mission, bid) must be at
    /// the screen alone first.
    #[must_use]
    pub fn needs_hand_off(&self) -> bool {
        if self.table.shown.is_some() {
            // A replay hands the screen over itself.
            return false;
        }
        let Some(seat) = self.human_to_move() else { return false };
        self.table.humans().len() > 1 && self.revealed != Some(seat) && secret_decision(self.state())
    }

    /// The person at the screen confirms.
    pub fn confirm_hand_off(&mut self) {
        self.revealed = self.human_to_move();
    }

    /// Whose secrets the screen shows: the only person, or, with two
    /// people at the screen, the one who took it at the hand-off while a
    /// secret decision of theirs (a mission, a bid) is on. Between those
    /// decisions both people watch the screen, so it shows nobody's.
    fn viewer(&self) -> Viewer {
        if let Some(shown) = self.table.shown {
            // A replay says itself whose secrets it shows. (A finished
            // game's missions are face up by then; its bids stay as the
            // table drew them.)
            return match shown {
                Shown::Seat(s) => Viewer::Seat(s),
                Shown::Everyone | Shown::Nobody => Viewer::Nobody,
            };
        }
        let humans = self.table.humans();
        if humans.len() == 1 {
            return humans.first().map_or(Viewer::Nobody, |&s| Viewer::Seat(s));
        }
        if humans.is_empty() || self.table.session().is_over() {
            return Viewer::Nobody;
        }
        match (self.revealed, self.human_to_move()) {
            (Some(r), Some(h)) if r == h && secret_decision(self.state()) => Viewer::Seat(r),
            _ => Viewer::Nobody,
        }
    }

    fn propose(&mut self, action: Action, notices: &mut Vec<Notice>) -> bool {
        // The figure clicked to activate its unit stays chosen.
        let keep = match action {
            Action::Activate(u) => {
                self.selected.filter(|&f| crate::rules::tail_feathers::game::unit_of(f) == usize::from(u))
            }
            _ => None,
        };
        let ok = self.table.propose_for_person(action, notices);
        if ok {
            self.selected = keep;
            self.aiming = false;
            self.cutting = None;
        }
        ok
    }

    /// Where the last frame drew the table point `v`.
    #[must_use]
    pub fn screen_of(&self, v: V2) -> Option<Pos2> {
        let (corner, scale) = self.drawn?;
        Some(Board { rect: Rect::from_min_size(corner, Vec2::splat(field().size as f32 * scale)), scale }.to_screen(v))
    }

    /// Every flight the bird to fly may announce, with where each really
    /// leaves it; worked out once per position.
    fn flights(&mut self) -> Vec<Ghost> {
        let cursor = self.table.session().cursor();
        if let Some((c, ghosts)) = &self.ghosts
            && *c == cursor
        {
            return ghosts.clone();
        }
        let state = self.state();
        let ghosts: Vec<Ghost> = match state.active_unit() {
            Some(u) if state.walking().is_none() => {
                let bird = UNIT_DEFS[u].first;
                state
                    .legal_actions()
                    .iter()
                    .filter_map(|a| match a {
                        Action::Fly(list) => state.plan_flight(bird, list),
                        _ => None,
                    })
                    .map(|plan| Ghost { outcome: state.flight_outcome(bird, &plan), plan })
                    .collect()
            }
            _ => Vec::new(),
        };
        self.ghosts = Some((cursor, ghosts.clone()));
        ghosts
    }

    /// The headings the bird to launch may face from which every flight
    /// crashes into a trunk or leaves the battlefield, as the board
    /// stands now (a launch the player would regret, marked before it is
    /// made); and the bird just launched, if it faces such a way. Worked
    /// out once per position.
    fn doom(&mut self) -> (Vec<u8>, Option<Fig>) {
        let key = (self.table.session().cursor(), self.aiming);
        if let Some((k, doomed, launched)) = &self.doomed
            && *k == key
        {
            return (doomed.clone(), *launched);
        }
        let (cursor, state) = (key.0, self.state());
        // (The headings are worked out only while they are shown.)
        let doomed = if self.aiming { doomed_headings(state) } else { Vec::new() };
        let launched = match self.table.session().actions()[..cursor].last() {
            Some(&Action::Launch { bird, .. }) if doomed_from(state, bird) => Some(bird),
            _ => None,
        };
        self.doomed = Some((key, doomed.clone(), launched));
        (doomed, launched)
    }
}

impl SkirmishView {
    /// Where the computer's announced move happens on the table: its
    /// flight's start and end, or its attacker and target.
    fn announced_points(&self, state: &TailFeathers) -> Vec<V2> {
        let at = |f: Fig| paint::shape_of(state, f);
        match self.table.announced() {
            Some(Action::Fly(list)) => state
                .active_unit()
                .map(|u| UNIT_DEFS[u].first)
                .and_then(|bird| {
                    let plan = state.plan_flight(bird, list)?;
                    let ghost = Ghost { outcome: state.flight_outcome(bird, &plan), plan };
                    Some(vec![ghost.plan.start.at, ghost.at()])
                })
                .unwrap_or_default(),
            Some(
                Action::Strike { figure, target: Target::Figure(t) }
                | Action::Shoot { figure, target: Target::Figure(t) },
            ) => [at(*figure), at(*t)].into_iter().flatten().collect(),
            _ => Vec::new(),
        }
    }

    /// Notices a flight that ended since the last frame (played forward:
    /// a move, the computer's, a redo) and sets its bird gliding along
    /// it; an undo or a load shows the position at once.
    fn track_glide(&mut self, now: f64, animations: bool) {
        let cursor = self.table.session().cursor();
        if let Some((c, before)) = &self.seen
            && *c == cursor
            && before == self.state()
        {
            return;
        }
        let (mut found, mut drift, mut rolled) = (None, None, None);
        if let Some((c, before)) = &self.seen
            && *c < cursor
            && cursor - *c <= 64
        {
            // Step through what happened since (the computer may take
            // several decisions between two frames, a round's end a dozen);
            // what glides or drifts, only from the last few of them.
            let mut at = before.clone();
            for (i, action) in self.table.session().actions()[*c..cursor].iter().enumerate() {
                let mut next = at.clone();
                if next.apply(action).is_err() {
                    break;
                }
                let moves = animations && c + i + 8 >= cursor;
                if let Some((fig, path)) = glide::glide_path(&at, action, &next).filter(|_| moves) {
                    found = Some(glide::Glide { fig, path, start: now });
                }
                if let Some(d) = glide::leaf_drifts(&at, &next, now).pop().filter(|_| moves) {
                    drift = Some(d);
                }
                // A roll the computer's next decision took off the table
                // before it was drawn is laid there still.
                let line = self.table.session().log().get(c + i).map(|e| e.text.clone()).unwrap_or_default();
                if let Some(new) = dice::KeptRoll::of(c + i + 1, line, (next.events(), next.round())) {
                    rolled = Some(dice::KeptRoll::after(rolled.as_ref().or(self.kept_roll.as_ref()), new));
                }
                at = next;
            }
        }
        self.glide = found;
        self.leaf_drift = drift;
        if rolled.is_some() {
            self.kept_roll = rolled;
        }
        self.seen = Some((cursor, self.state().clone()));
    }
}

impl View for SkirmishView {
    type Game = TailFeathers;

    fn title(&self) -> String {
        "Tail Feathers".into()
    }

    fn new(table: Table<TailFeathers>) -> Self {
        Self::with_table(table)
    }

    fn table(&self) -> &Table<TailFeathers> {
        &self.table
    }

    fn table_mut(&mut self) -> &mut Table<TailFeathers> {
        &mut self.table
    }

    fn ui(&mut self, ui: &mut Ui, frame: &mut Frame<'_>) {
        let dark = frame.settings.dark;
        let palette = theme::palette(dark);
        if self.table.humans().len() == 1 {
            self.revealed = self.table.humans().first().copied();
        }
        // The attack window with nothing that may answer it is passed at
        // once for a person who chose so in Settings (TF-R27).
        if frame.settings.quick_card_windows
            && !self.table.replay
            && self.human_to_move().is_some()
            && self.state().legal_actions() == [Action::NoCard]
        {
            self.propose(Action::NoCard, frame.notices);
        }
        super::tab::side_panel(ui, |ui| self.side_ui(ui, frame, &palette));
        if self.needs_hand_off() {
            egui::Panel::top(egui::Id::unique(("tf-hand-off", self.table.id))).show(ui, |ui| self.hand_off_ui(ui));
        }
        let now = ui.input(|i| i.time);
        self.animations = frame.settings.animations;
        self.track_glide(now, frame.settings.animations);
        // Action cards (TF-R27): the hand to pick fills the table at setup;
        // afterwards the hand lies along its bottom edge.
        let cards = self.state().options().action_cards;
        let picking = self.picking();
        if cards && !picking {
            egui::Panel::bottom(egui::Id::unique(("tf-hand", self.table.id)))
                .exact_size(hand::row_height(ui.ctx()) + 8.0)
                .show(ui, |ui| self.hand_ui(ui, &palette, frame.notices));
            hand::dragged_card(ui.ctx(), &palette.forest);
        }
        egui::CentralPanel::default().show(ui, |ui| {
            if picking {
                self.picking_ui(ui, &palette, frame.notices);
            } else {
                self.battlefield_ui(ui, &palette, frame.notices);
            }
        });
    }

    /// Free within one's own turn until dice are rolled or a secret shown;
    /// across a roll or the other side's turn it asks first (refused with
    /// strict undo), so undo never re-rolls dice.
    fn undo_guard(&self) -> UndoGuard {
        UndoGuard {
            secret: |e, me| e.reveals || e.seat != me || me.is_none(),
            refusal: "Strict undo is on: rolled dice, a card played, a revealed mission or the other side's turn \
                      cannot be taken back (Settings)",
            // Named for all its reasons: "rolled dice" alone puzzled a new
            // player after a flight, and after a card played that rolled none.
            heading: "Undo past dice, a card played or the other side's turn?",
            body: "This takes back something the other side has already seen: dice rolled, a card played, a \
                   mission shown, or their own turn. You may, while learning, but the game will be marked \
                   \"undo used\" in the statistics, and the dice will fall the same way again.",
        }
    }

    fn lesson_lights(&mut self, actions: &[Action]) {
        self.lights = actions.to_vec();
    }

    /// The settings' pause; after a person's own roll, long enough for its
    /// dice to settle and be read before the computer moves on (a new
    /// player's attack was answered, and its dice cleared by the next
    /// round's, within two seconds). No pause stays no pause.
    fn computer_delay(&self, settings: &ViewSettings) -> Duration {
        let pause = super::view::pause(settings.computer_delay);
        let s = self.table.session();
        let by_person =
            s.log().get(s.cursor().wrapping_sub(1)).and_then(|e| e.seat).is_some_and(|p| s.people().contains(&p));
        let rolled = s.state().events().iter().any(|e| matches!(e, Event::Rolled { .. }));
        if pause.is_zero() || !(by_person && rolled) {
            return pause;
        }
        pause.max(Duration::from_secs_f64(dice::TUMBLE_SECONDS + dice::TRAY_HOLD_SECONDS))
    }

    fn history_changed(&mut self) {
        self.card = None;
        self.card_aim = None;
        self.selected = None;
        self.aiming = false;
        self.cutting = None;
        self.ghosts = None;
        self.attack_choice = None;
        self.pending = None;
    }

    fn shown_to(&self) -> Option<Seat> {
        match self.viewer() {
            Viewer::Seat(s) => Some(s),
            Viewer::Nobody | Viewer::All => None,
        }
    }

    fn hide_private(&mut self) {
        self.revealed = None;
        self.peek = None;
        self.card = None;
        self.card_aim = None;
        self.picks.clear();
    }

    fn end_heading(&self, outcome: &Outcome) -> String {
        match outcome.winners.first() {
            Some(&s) => format!("The {} win", side_name(side_of_seat(s)).to_lowercase()),
            None => "Draw".into(),
        }
    }

    fn outcome_ui(&mut self, ui: &mut Ui, outcome: &Outcome, _frame: &mut Frame<'_>) {
        let state = self.state();
        ui.label(&outcome.reason);
        ui.label(format!(
            "Nests: mice {} life, rats {} life; round {}",
            state.nest_life(Alliance::Mice),
            state.nest_life(Alliance::Rats),
            state.round()
        ));
    }

    fn end_words(&self) -> EndWords {
        EndWords { look: "Look at the battlefield", ..EndWords::default() }
    }
}

/// Every action card of the designed set, laid out as the hand draws them
/// (the rules page's picture).
pub(crate) fn all_cards(ui: &mut Ui) -> egui::Response {
    let palette = theme::palette(ui.visuals().dark_mode);
    let per_row = ((ui.available_width() / (hand::CARD.x + 6.0)).floor() as usize).clamp(3, 8);
    let n = crate::rules::tail_feathers::cards::CARD_COUNT;
    let rows = n.div_ceil(per_row);
    let size = Vec2::new(per_row as f32 * (hand::CARD.x + 6.0), rows as f32 * (hand::CARD.y + 8.0));
    let (rect, resp) = ui.allocate_exact_size(size, egui::Sense::hover());
    let mut order: Vec<u8> = (0..n as u8).collect();
    crate::rules::tail_feathers::cards::lay_out(&mut order);
    for (k, &id) in order.iter().enumerate() {
        let at = rect.min
            + Vec2::new((k % per_row) as f32 * (hand::CARD.x + 6.0), (k / per_row) as f32 * (hand::CARD.y + 8.0));
        let card = crate::rules::tail_feathers::cards::card(id);
        let r = Rect::from_min_size(at, hand::CARD);
        hand::paint_action_card(ui.painter(), r, card, &palette.forest, hand::CardLook::default());
        let words = hand::card_words(card);
        ui.interact(r, ui.scope_id().with(("tf-rules-card", k)), egui::Sense::hover())
            .on_hover_text(&words)
            .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, format!("action card {words}")));
    }
    resp
}

/// The Tail Feathers tab: the view in the frame every game shares.
pub type SkirmishTab = Tab<SkirmishView>;

/// A new Tail Feathers tab.
#[must_use]
pub fn new_tab(options: Options, seed: u64, players: Vec<Player>, path: std::path::PathBuf) -> SkirmishTab {
    SkirmishTab::new(Table::new(Session::new(Setup { seats: 2, options }, seed, players), path))
}

/// The figures on Tail Feathers' box cover: a swallow and a jay in flight
/// with mice on their backs, a crow with a rat, over the trees.
pub(crate) fn cover_figures(painter: &egui::Painter, colours: &theme::Forest, rect: Rect) {
    use figures::{Species, Wings, paint_bird_figure, paint_pilot};
    let flights = [
        (0.3, 0.42, Vec2::new(0.8, -0.6), Species::Swallow, false),
        (0.58, 0.3, Vec2::new(0.9, -0.45), Species::Jay, false),
        (0.78, 0.62, Vec2::new(-0.85, -0.5), Species::Crow, true),
    ];
    let r = rect.height() * 0.14;
    for (x, y, fwd, species, rat) in flights {
        let at = rect.left_top() + Vec2::new(rect.width() * x, rect.height() * y);
        let fwd = fwd.normalized();
        paint_bird_figure(painter, at, fwd, r, species, Wings::Spread { bank: 0.0 }, colours.die);
        paint_pilot(painter, at, fwd, r, species, (rat, if rat { colours.rats } else { colours.mice }), colours.die);
    }
}

/// Whether every flight `bird` may announce from where it stands in
/// `state` crashes into a trunk or leaves the battlefield.
fn doomed_from(state: &TailFeathers, bird: Fig) -> bool {
    let lists = TailFeathers::flight_lists(crate::rules::tail_feathers::game::unit_of(bird));
    let mut flown = false;
    for plan in lists.iter().filter_map(|list| state.plan_flight(bird, list)) {
        flown = true;
        if !matches!(state.flight_outcome(bird, &plan).ending, FlightEnding::Crashes(_) | FlightEnding::Off) {
            return false;
        }
    }
    flown
}

/// The headings the bird to launch may face from which every flight it
/// may announce crashes into a trunk or leaves the battlefield, as the
/// board stands in `state` (birds that fly before it may change that).
fn doomed_headings(state: &TailFeathers) -> Vec<u8> {
    let legal = state.legal_actions();
    (0..24u8)
        .filter(|&h| {
            let Some(a @ Action::Launch { bird, .. }) =
                legal.iter().find(|a| matches!(a, Action::Launch { heading, .. } if *heading == h))
            else {
                return false;
            };
            let mut after = state.clone();
            after.apply_legal(a);
            doomed_from(&after, *bird)
        })
        .collect()
}
