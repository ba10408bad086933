//! The Dust in the Wings table: the meadow with its butterflies, the tray
//! of butterflies in hand, drag (or click) each onto a lit next space, the
//! path drawn as it grows, the cards each last space would fulfil shown
//! before the last drop, the face-up cards with their crystals, every
//! player's takings, and the final scores.

use egui::{Align2, FontId, Pos2, RichText, Sense, Stroke, StrokeKind, Ui, Vec2, WidgetInfo};

use super::Notice;
use super::look;
use super::tab::{EndWords, Frame, Tab, UndoGuard, View};
use super::theme::{self, Palette};
use super::widgets::{self, BoardGeometry};
use crate::rules::dust_wings::{
    Action, COMPOSITIONS, CardRef, Colour, DustInTheWings, FLOWERS, Options, SIZE, Stage, gathering_card,
    gathering_text,
};
use crate::rules::grid::Square;
use crate::rules::words;
use crate::rules::{Game, Outcome, Seat, Setup};
use crate::session::{Player, Session};
use crate::table::Table;

mod cards;
mod cheer;
mod end;
mod flights;
mod meadow;
mod renewal;
mod tray;
mod turns;

pub use meadow::{paint_butterfly, paint_crystal};
pub use turns::turn_lines;

use flights::{Flight, Spot, WIN_PAUSE_SECONDS};

/// The width of the heading before each row of cards.
const HEADING: f32 = 96.0;

/// A dragged butterfly from the tray.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Dragged(Colour);

/// The butterflies on each space, by colour, in the rules' order.
type Spaces = Vec<[u8; 3]>;

/// The Dust in the Wings view (its tab is [`WingsTab`]).
pub struct WingsView {
    /// The game, its file and its computer players.
    pub table: Table<DustInTheWings>,
    /// A tray butterfly picked by a click (then click a space).
    pub selected: Option<Colour>,
    /// Which of the butterflies of that colour in the hand was clicked
    /// (the one ringed: ringing every one of its colour read as choosing
    /// them all).
    selected_one: u8,
    /// In a lesson: the moves it points at (their spaces are lit).
    lights: Vec<Action>,
    /// A low or narrow window: smaller cards.
    compact: bool,
    /// The meadow as last drawn (the table, its position in the history),
    /// to see which butterflies moved since.
    seen: Option<(u64, usize, Spaces)>,
    /// Butterflies on their way.
    flights: Vec<Flight>,
    /// A butterfly the person carried onto a space last frame: already
    /// there, it does not fly there again from the hand (review 8).
    carried: Option<(Square, Colour)>,
    /// What the last turn's renewal changed on the cards on offer.
    renewal: renewal::Watch,
    /// Where the hand lay in the last frame.
    hand_at: Option<Pos2>,
    /// A lit space clicked with no butterfly chosen: the colours in hand
    /// offered beside it (the space, where, the position it was for and
    /// the frame it was asked in).
    drop_choice: Option<(Square, Pos2, usize, u64)>,
    /// Where each face-up card was drawn: a card won flies from the row
    /// to its winner's takings.
    won: look::Slides,
    /// When the last frame was drawn (the context's clock, seconds).
    drawn_at: f64,
    /// The ribbon that marks a card won.
    cheer: cheer::Cheer,
    /// Animations are on (Settings), as of this frame.
    animate: bool,
}

/// How long a won card takes to fly to its winner's takings, in seconds.
pub const WON_SECONDS: f64 = 0.7;

impl WingsView {
    fn state(&self) -> &DustInTheWings {
        self.table.session().state()
    }

    fn human_to_move(&self) -> bool {
        self.table.person_to_move().is_some()
    }

    fn propose(&mut self, action: Action, notices: &mut Vec<Notice>) -> bool {
        self.table.propose_for_person(action, notices)
    }

    /// The colour a click on a space drops: the selected one, else the
    /// only colour left in the tray.
    fn click_colour(&self) -> Option<Colour> {
        let Stage::Disperse { tray, .. } = self.state().stage() else { return None };
        self.selected.filter(|c| tray[*c as usize] > 0).or_else(|| {
            let left: Vec<Colour> = Colour::ALL.into_iter().filter(|c| tray[*c as usize] > 0).collect();
            if left.len() == 1 { Some(left[0]) } else { None }
        })
    }

    /// True while a card just won is flying to its winner's takings (or
    /// waiting in the row to leave).
    #[must_use]
    pub fn card_in_flight(&self) -> bool {
        self.won.sliding()
    }

    /// The words of the ribbon over the meadow that marks a card won,
    /// while it is up (as of the last frame drawn).
    #[must_use]
    pub fn cheer(&self) -> Option<&str> {
        self.cheer.showing(self.drawn_at)
    }

    /// True while a card just won has left the row and is on its way, as
    /// of the last frame drawn.
    #[must_use]
    pub fn card_leaving(&self) -> bool {
        self.won.leaving(self.drawn_at)
    }

    /// The way on the meadow, if one is shown: the path of the turn
    /// being played, or else (until the next turn's first pick) the
    /// last turn's, with the seat it is in the colour of.
    fn way(&self, state: &DustInTheWings) -> Option<(Seat, Vec<Square>)> {
        if let Stage::Disperse { path, .. } | Stage::Claim { path, .. } = state.stage() {
            return state.to_move().seat().map(|s| (s, path.clone()));
        }
        let at = self.table.session().cursor();
        meadow::last_turn(&self.table.session().actions()[..at], self.table.session().log())
            .filter(|_| state.stage() == &Stage::Pick)
    }

    /// The colours in hand offered beside the lit space clicked with none
    /// chosen: a click on one drops it there; a click elsewhere or Escape
    /// puts the question away.
    fn drop_choice_ui(&mut self, ui: &Ui, palette: &Palette, state: &DustInTheWings, cell: f32) -> Option<Action> {
        let (s, at, cursor, asked) = self.drop_choice?;
        let Stage::Disperse { tray, .. } = state.stage() else {
            self.drop_choice = None;
            return None;
        };
        if cursor != self.table.session().cursor() || ui.input(|i| i.key_pressed(egui::Key::Escape)) {
            self.drop_choice = None;
            return None;
        }
        let mut chosen = None;
        let area = egui::Area::new(egui::Id::unique(("dw-drop-choice", self.table.id)))
            .order(egui::Order::Foreground)
            .pivot(egui::Align2::CENTER_BOTTOM)
            .fixed_pos(at - Vec2::new(0.0, cell * 0.3))
            .show(ui.ctx(), |ui| {
                look::plate_frame(palette, None).inner_margin(8).show(ui, |ui| {
                    ui.visuals_mut().override_text_color = Some(palette.table.on_plate);
                    ui.label(RichText::new(format!("Drop which on {s}?")).strong());
                    ui.horizontal(|ui| {
                        for c in Colour::ALL.into_iter().filter(|c| tray[*c as usize] > 0) {
                            let (rect, resp) = ui.allocate_exact_size(Vec2::splat(40.0), Sense::click());
                            let label = format!("drop a {} butterfly on {s}", c.name());
                            resp.widget_info(|| WidgetInfo::labeled(egui::Role::Button, true, &label));
                            if resp.hovered() {
                                ui.painter().rect_stroke(
                                    rect,
                                    4.0,
                                    Stroke::new(2.0, palette.route),
                                    StrokeKind::Inside,
                                );
                            }
                            paint_butterfly(ui.painter(), palette, rect.center(), 34.0, c);
                            if resp.on_hover_cursor(egui::CursorIcon::PointingHand).clicked() {
                                chosen = Some(c);
                            }
                        }
                    });
                });
            });
        if let Some(c) = chosen {
            self.drop_choice = None;
            return Some(Action::Drop { colour: c, to: s });
        }
        // (The click that asked is not one elsewhere.)
        if area.response.clicked_elsewhere() && ui.ctx().cumulative_frame_nr() != asked {
            self.drop_choice = None;
        }
        None
    }

    #[allow(
        clippy::too_many_lines,
        reason = "draws the meadow and handles drag and click in one pass so they share one hit test"
    )]
    /// The meadow in `room` (the table's size: a scroll area's own width
    /// lags behind a window made smaller).
    fn meadow_ui(&mut self, ui: &mut Ui, palette: &Palette, room: Vec2, notices: &mut Vec<Notice>) {
        let state = self.state().clone();
        let human = self.human_to_move();
        // The board grows with the window, centred on the table.
        let side = (room.y - 24.0).min(room.x - 24.0).clamp(200.0, 900.0);
        let cell = side / f32::from(SIZE);
        let (outer, _) = ui.allocate_exact_size(Vec2::new(room.x.max(side + 24.0), side + 24.0), Sense::hover());
        let origin = egui::pos2(outer.center().x - side / 2.0, outer.top() + 12.0);
        let geo = BoardGeometry::new(origin, cell, SIZE, SIZE);
        let painter = ui.painter_at(outer);
        // The board in its wooden frame, soil between the patches.
        let frame = geo.rect.expand(9.0);
        painter.add(
            egui::epaint::RectShape::filled(frame.translate(Vec2::new(2.0, 5.0)), 10.0, palette.table.shadow)
                .with_blur_width(14.0),
        );
        look::paint_wood(ui, frame, palette, 10.0);
        painter.rect_filled(geo.rect, 4.0, theme::mix(palette.meadow, palette.meadow_ink, 0.55));
        let next: Vec<Square> = state.next_spaces();
        let last_drop = matches!(state.stage(), Stage::Disperse { tray, .. } if tray.iter().sum::<u8>() == 1);
        let dragging = egui::DragAndDrop::payload::<Dragged>(ui.ctx()).map(|d| d.0).or(self.selected);
        let mut action = None;
        let mut note = None;
        for s in Square::all(SIZE, SIZE) {
            let index = usize::from(s.y) * usize::from(SIZE) + usize::from(s.x);
            meadow::paint_patch(&painter, palette, geo.square_rect(s).shrink(1.5), index, FLOWERS[index]);
        }
        for s in Square::all(SIZE, SIZE) {
            let rect = geo.square_rect(s);
            // Butterflies still on their way here are drawn in flight.
            let mut counts = state.at(s);
            for (c, k) in counts.iter_mut().zip(self.arriving(Spot::Space(s))) {
                *c = c.saturating_sub(k);
            }
            let n: u8 = counts.iter().sum();
            let open = human && matches!(state.stage(), Stage::Disperse { .. }) && next.contains(&s);
            if open {
                // A next space: lit under its butterflies, a pale glow
                // ringed in white and green (a green ring alone was lost
                // on the grass), the count on top of the rings.
                paint_lit(&painter, palette, rect);
            }
            // The butterflies in a grid just large enough for them (on a
            // crowded space, in rows closed up).
            for (at, wingspan, c) in meadow::lay_out(rect, counts) {
                paint_butterfly(&painter, palette, at, wingspan, c);
            }
            if n > 0 {
                // How many, on a small counter in the corner.
                let r = meadow::count_radius(cell);
                let at = rect.right_top() + Vec2::new(-r - 3.0, r + 3.0);
                look::token(&painter, palette, at, r, palette.table.plate, &n.to_string());
            }
            painter.text(
                rect.left_bottom() + Vec2::new(4.0, -3.0),
                Align2::LEFT_BOTTOM,
                s.to_string(),
                FontId::proportional(10.0),
                palette.meadow_ink.gamma_multiply(0.55),
            );
            let resp = ui.interact(rect, ui.scope_id().with(("space", s.x, s.y)), Sense::click());
            let label = format!("space {s}");
            resp.widget_info(|| WidgetInfo::labeled(egui::Role::Button, true, label.clone()));
            let lit = self.lights.iter().any(|a| matches!(a, Action::Pick(t) | Action::Drop { to: t, .. } if *t == s));
            if lit && human {
                // The lesson's space: a warm glow and a gold ring.
                painter.rect_filled(rect.shrink(2.0), 2.0, palette.selection.gamma_multiply(0.18));
                painter.rect_stroke(rect.shrink(2.0), 2.0, Stroke::new(3.5, palette.selection), StrokeKind::Inside);
            }
            match state.stage() {
                Stage::Pick if human => {
                    if resp.hovered() && n > 0 {
                        painter.rect_stroke(
                            rect.shrink(2.0),
                            2.0,
                            Stroke::new(2.5, palette.selection),
                            StrokeKind::Inside,
                        );
                    }
                    if resp.clicked() {
                        action = Some(Action::Pick(s));
                    }
                }
                Stage::Disperse { .. } if human => {
                    if open && last_drop {
                        let names: Vec<String> = state.preview(s).into_iter().map(short_name).collect();
                        cards::claim_tag(&painter, palette, rect, &names);
                    }
                    if let Some(c) = dragging {
                        let a = Action::Drop { colour: c, to: s };
                        if resp.dnd_hover_payload::<Dragged>().is_some() {
                            note = note.or(widgets::tint_drop_zone(ui, rect, palette, &state.check(&a)));
                        }
                    }
                    if let Some(d) = resp.dnd_release_payload::<Dragged>() {
                        action = Some(Action::Drop { colour: d.0, to: s });
                        self.carried = Some((s, d.0));
                    }
                    if resp.clicked() {
                        if let Some(c) = self.click_colour() {
                            action = Some(Action::Drop { colour: c, to: s });
                        } else {
                            // Which colour: asked there, beside the space
                            // (a note at the window's corner was missed).
                            let asked = ui.ctx().cumulative_frame_nr();
                            self.drop_choice = Some((s, rect.center(), self.table.session().cursor(), asked));
                        }
                    }
                }
                _ => {}
            }
        }
        // The way (this turn's so far, or the last turn's), on tokens in
        // the spaces' corners and arrowheads on their edges, over the grass
        // and clear of the butterflies.
        if let Some((seat, way)) = self.way(&state) {
            let rects: Vec<egui::Rect> = way.iter().map(|&s| geo.square_rect(s)).collect();
            let at = ui.input(|i| i.pointer.hover_pos());
            let pointed = at.is_some_and(|p| rects.iter().any(|r| r.contains(p)));
            meadow::paint_way(&painter, palette, &rects, theme::seat_colour(palette, seat), pointed);
        }
        self.paint_flights(ui, palette, &geo, ui.input(|i| i.time));
        self.cheer.paint(ui, palette, geo.rect, ui.input(|i| i.time), self.animate);
        if let Some(a) = self.drop_choice_ui(ui, palette, &state, cell) {
            action = Some(a);
        }
        if let Some(n) = note {
            widgets::pointer_note(ui, &n, palette);
        }
        let dropped = matches!(action, Some(Action::Drop { .. }));
        if let Some(a) = action
            && self.propose(a, notices)
        {
            self.selected = None;
            // The last drop fulfils just one card: one must be taken
            // (DW-R3), so it is taken with that drop. (Only on a drop: an
            // undo back to the choice leaves it to the person.)
            if dropped
                && matches!(self.state().stage(), Stage::Claim { .. })
                && let [only] = self.state().fulfilled()[..]
            {
                self.propose(Action::Claim(only), notices);
            }
        }
    }

    /// The face-up cards, Gathering then Composition, each kind behind a
    /// heading with its deck; a card the last space fulfils is taken by
    /// clicking it.
    /// The face-up cards: both kinds on one line when they fit, else a
    /// line each; beside the meadow, all in one column (at the scale given).
    fn cards_ui(&mut self, ui: &mut Ui, palette: &Palette, beside: Option<f32>, notices: &mut Vec<Notice>) {
        let state = self.state().clone();
        let claimable = state.fulfilled();
        let human = self.human_to_move();
        let now = ui.input(|i| i.time);
        let mut action = None;
        let (g_left, discard, c_left) = state.deck_counts();
        // Beside the meadow only the deck's count, the discards on hover
        // (three lines of heading pushed the last card out of a low window).
        let heading = |ui: &mut Ui, title: &str, under: String| {
            ui.vertical(|ui| {
                ui.set_width(HEADING);
                ui.label(look::title(ui, title, 15.0).color(palette.table.ink));
                let first = if beside.is_some() { under.lines().next().unwrap_or_default() } else { &under };
                let shown = ui.label(RichText::new(first).size(12.0).color(palette.table.faint));
                if first != under {
                    shown.on_hover_text(under.replace('\n', ", "));
                }
            });
        };
        // Both kinds on one line when they fit, else a line each.
        let gap = 10.0;
        // Smaller cards in a low or narrow window, so the meadow keeps room.
        let k = beside.unwrap_or(if self.compact { 0.74 } else { 1.0 });
        let beside = beside.is_some();
        let one_line = !beside
            && 2.0 * HEADING + 3.0 * k * (cards::GATHERING.x + cards::COMPOSITION.x) + 9.0 * gap
                <= ui.available_width();
        let layout = if one_line {
            egui::Layout::left_to_right(egui::Align::Min)
        } else {
            egui::Layout::top_down(egui::Align::Min)
        };
        ui.with_layout(layout, |ui| {
            ui.spacing_mut().item_spacing = Vec2::new(gap, gap);
            let kind = |ui: &mut Ui, add: &mut dyn FnMut(&mut Ui)| {
                if beside {
                    ui.vertical(|ui| add(ui));
                    ui.add_space(6.0);
                } else {
                    ui.horizontal(|ui| add(ui));
                }
            };
            kind(ui, &mut |ui| {
                heading(ui, "Gathering", format!("{g_left} in the deck\n{discard} discarded"));
                for (slot, (card, crystals)) in state.gathering().iter().enumerate() {
                    let r = CardRef::Gathering(slot as u8);
                    let face = card.map_or(cards::Face::Empty, |id| cards::Face::Gathering(id, crystals.to_vec()));
                    let marks = self.renewal.marks(r).map(|(seat, m)| (state.seat_name(seat), m));
                    let (take, at) =
                        cards::card_ui(ui, palette, (&short_name(r), marks), &face, human && claimable.contains(&r), k);
                    if take {
                        action = Some(Action::Claim(r));
                    }
                    if let Some(id) = card {
                        self.won.place(cards::won_key(true, *id), at, None, now, self.animate);
                    }
                }
            });
            kind(ui, &mut |ui| {
                heading(ui, "Composition", format!("{c_left} in the deck"));
                for (slot, card) in state.composition().iter().enumerate() {
                    let r = CardRef::Composition(slot as u8);
                    let face = card.map_or(cards::Face::Empty, cards::Face::Composition);
                    let marks = self.renewal.marks(r).map(|(seat, m)| (state.seat_name(seat), m));
                    let (take, at) =
                        cards::card_ui(ui, palette, (&short_name(r), marks), &face, human && claimable.contains(&r), k);
                    if take {
                        action = Some(Action::Claim(r));
                    }
                    if let Some(id) = card {
                        self.won.place(cards::won_key(false, *id), at, None, now, self.animate);
                    }
                }
            });
        });
        if let Some(a) = action {
            self.propose(a, notices);
        }
    }

    fn side_ui(&mut self, ui: &mut Ui, frame: &mut Frame<'_>) {
        let state = self.state().clone();
        ui.heading("Dust in the Wings");
        frame.status_ui(ui, &self.table);
        frame.history_ui(ui, &self.table);
        let (b, w) = state.bag();
        ui.label(format!("Crystals in the bag: {b} black, {w} white"));
        if let Some(s) = state.last_turn() {
            let verb = if state.outcome().is_some() { "was" } else { "is" };
            ui.label(
                RichText::new(format!("The bag ran dry: {}'s turn {verb} the last.", state.seat_name(s))).italics(),
            );
        }
        ui.separator();
        // Each player's takings: points in the display face, then their
        // cards and crystals (wrapped to the panel; the cards on hover).
        let palette = theme::palette(ui.visuals().dark_mode);
        // In a scroll of their own once they grow, leaving the log room
        // (late in a game in a small window they pushed it off the panel).
        let room = (ui.available_height() - 160.0).max(90.0);
        // In a low window, smaller cards while they fit, else a line each.
        let won: Vec<(usize, usize)> = (0..state.seats())
            .map(|s| state.tableau(Seat(s)))
            .map(|t| (t.gatherings.len() + t.compositions.len(), usize::from(t.black + t.white)))
            .collect();
        let mini = if ui.ctx().content_rect().height() < LOW_WINDOW { cards::MINI_LOW } else { cards::MINI };
        let low = mini == cards::MINI_LOW && cards::takings_height(&won, mini, ui.available_width()) > room;
        let (now, animate) = (ui.input(|i| i.time), self.animate);
        // A card won leaves the row once the butterflies dropped have
        // landed, and a breath after (it flew while the last one was still
        // on its way: review 8).
        let wait = self.landing_in(now).map_or(0.0, |t| t + WIN_PAUSE_SECONDS);
        let mut place = |key, at| self.won.place_after(key, at, None, (now, wait), animate);
        egui::ScrollArea::vertical().id_salt("dw-takings").max_height(room).show(ui, |ui| {
            for s in (0..state.seats()).map(Seat) {
                let t = state.tableau(s);
                let mut cards: Vec<String> =
                    t.gatherings.iter().map(|&g| format!("Gathering {}", gathering_text(gathering_card(g)))).collect();
                cards.extend(t.compositions.iter().map(|&c| COMPOSITIONS[usize::from(c)].describe()));
                let taken = if cards.is_empty() { "no cards yet".to_string() } else { cards.join("\n") };
                let to_move = state.current() == s && state.outcome().is_none();
                ui.horizontal(|ui| {
                    // The seat's token, its name, and a gold "to play" tag (gold
                    // text on the light theme's card did not read).
                    let (dot, _) = ui.allocate_exact_size(Vec2::new(10.0, 14.0), Sense::hover());
                    let colour = crate::ui::theme::seat_colour(&palette, s);
                    ui.painter().circle(
                        dot.center(),
                        4.5,
                        colour,
                        Stroke::new(1.0, look::edge_of(palette.table.plate, &palette)),
                    );
                    ui.label(look::title(ui, state.seat_name(s), 15.0));
                    if to_move {
                        look::turn_tag(ui, &palette, "to play");
                    }
                    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                        let points = words::count(usize::try_from(t.score()).unwrap_or(0), "point");
                        ui.label(look::title(ui, points, 15.0));
                    });
                });
                if t.gatherings.is_empty() && t.compositions.is_empty() && t.black + t.white == 0 {
                    ui.label(RichText::new("nothing won yet").size(12.0).color(palette.table.faint))
                        .on_hover_text(taken);
                } else if low {
                    // In a low window a line each, the cards on hover: drawn,
                    // the fourth player's score was a scroll away.
                    let line = format!(
                        "{} · {} · {} black, {} white",
                        words::count(t.gatherings.len(), "Gathering"),
                        words::count(t.compositions.len(), "Composition"),
                        t.black,
                        t.white
                    );
                    let counts = [t.gatherings.len(), t.compositions.len(), t.black.into(), t.white.into()];
                    let won = (&t.gatherings[..], &t.compositions[..]);
                    cards::takings_line(ui, &palette, counts, (&line, &taken), won, &mut place);
                } else {
                    // What they have won, as little cards and crystals.
                    let won = (&t.gatherings[..], &t.compositions[..], (t.black, t.white));
                    cards::takings_ui(ui, &palette, won, mini, &mut place);
                }
            }
        });
        ui.separator();
        let colour = |s: Seat| crate::ui::theme::seat_colour(&palette, s);
        let session = self.table.session();
        let at = session.cursor();
        let log = turns::turn_lines(&session.actions()[..at], &session.log()[..at]);
        crate::ui::widgets::log_ui(ui, "dw-log", &log, (false, &colour));
        // The rules of winning a card in the room the folded log leaves.
        ui.add_space(10.0);
        crate::ui::look::foot_card(ui, "How a card is won", |ui| cards::how_cards_are_won(ui, &palette));
    }
}

/// Seconds the table holds still after a person's turn before the
/// computer plays, at the least (when Settings set any pause at all).
pub const TURN_HOLD: f32 = 1.6;

/// A window lower than this lists each player's takings on one line (the
/// cards on hover) instead of drawing them.
pub const LOW_WINDOW: f32 = 700.0;

/// A space a butterfly may be dropped on: a pale glow ringed in white and
/// green, edged in the outline's dark (on the dark theme's deeper grass the
/// pale ring alone was faint: review 11).
fn paint_lit(painter: &egui::Painter, palette: &Palette, rect: egui::Rect) {
    let lit = rect.shrink(2.0);
    painter.rect_filled(lit, 2.0, theme::GLINT.gamma_multiply(0.28));
    painter.rect_stroke(lit, 2.0, Stroke::new(1.5, palette.outline), StrokeKind::Inside);
    painter.rect_stroke(lit.shrink(1.5), 2.0, Stroke::new(4.5, theme::GLINT), StrokeKind::Inside);
    let green = Stroke::new(2.5, palette.legal.to_opaque());
    painter.rect_stroke(lit.shrink(6.0), 1.0, green, StrokeKind::Inside);
}

/// "G2" or "C1" for a face-up card.
fn short_name(r: CardRef) -> String {
    match r {
        CardRef::Gathering(s) => format!("G{}", s + 1),
        CardRef::Composition(s) => format!("C{}", s + 1),
    }
}

impl View for WingsView {
    type Game = DustInTheWings;

    fn new(table: Table<DustInTheWings>) -> Self {
        Self {
            table,
            selected: None,
            selected_one: 0,
            lights: Vec::new(),
            compact: false,
            seen: None,
            flights: Vec::new(),
            carried: None,
            renewal: renewal::Watch::default(),
            hand_at: None,
            drop_choice: None,
            won: look::Slides::lasting(WON_SECONDS),
            animate: false,
            drawn_at: 0.0,
            cheer: cheer::Cheer::default(),
        }
    }

    fn table(&self) -> &Table<DustInTheWings> {
        &self.table
    }

    fn table_mut(&mut self) -> &mut Table<DustInTheWings> {
        &mut self.table
    }

    fn ui(&mut self, ui: &mut Ui, frame: &mut Frame<'_>) {
        let palette = theme::palette(frame.settings.dark);
        let now = ui.input(|i| i.time);
        self.track_flights(now, frame.settings.animations);
        self.drawn_at = now;
        // The ribbon for a card won rises as the card leaves the row.
        let wait =
            if frame.settings.animations { self.landing_in(now).map_or(0.0, |t| t + WIN_PAUSE_SECONDS) } else { 0.0 };
        self.cheer.observe(self.table.id, self.table.session().cursor(), self.table.session().state(), now, wait);
        self.animate = frame.settings.animations;
        self.won.begin(look::Slides::key((self.table.id, self.table.session().cursor())), now);
        self.renewal.observe(self.table.id, self.table.session().state());
        super::tab::side_panel(ui, |ui| self.side_ui(ui, frame));
        self.compact = ui.available_height() < 700.0 || ui.available_width() < 720.0;
        // The face-up cards beside the meadow (a column of each kind) when
        // that leaves the meadow larger than a row of each above it.
        let room = ui.available_size();
        let (tray, rows) = (86.0, 2.0 * cards::GATHERING.y + 40.0);
        // One column of six cards (and two headings) as tall as the table.
        // (Its fixed part: two headings of two lines, the gaps, margins.)
        let k = ((room.y - 180.0) / (6.0 * cards::GATHERING.y)).clamp(0.55, 1.0);
        let column = cards::COMPOSITION.x * k + 24.0;
        let beside = (room.x - column).min(room.y - tray) > (room.x).min(room.y - tray - rows);
        if beside {
            egui::Panel::right(egui::Id::unique(("dw-cards-beside", self.table.id)))
                .resizable(false)
                .exact_size(column)
                .show(ui, |ui| {
                    look::paint_cloth(ui, ui.clip_rect(), &palette);
                    // (Scrolled, should a low window not hold all six.)
                    egui::ScrollArea::vertical().show(ui, |ui| {
                        ui.add_space(6.0);
                        self.cards_ui(ui, &palette, Some(k), frame.notices);
                    });
                });
        } else {
            // The face-up cards keep one row each.
            egui::Panel::top(egui::Id::unique(("dw-cards", self.table.id))).show(ui, |ui| {
                look::paint_cloth(ui, ui.clip_rect(), &palette);
                ui.add_space(6.0);
                self.cards_ui(ui, &palette, None, frame.notices);
                ui.add_space(8.0);
            });
        }
        egui::Panel::bottom(egui::Id::unique(("dw-tray", self.table.id))).show(ui, |ui| {
            look::paint_cloth(ui, ui.clip_rect(), &palette);
            ui.add_space(4.0);
            self.tray_ui(ui, &palette);
            ui.add_space(6.0);
        });
        egui::CentralPanel::default().show(ui, |ui| {
            look::paint_cloth(ui, ui.clip_rect(), &palette);
            let room = ui.available_size();
            egui::ScrollArea::both().auto_shrink([false, false]).show(ui, |ui| {
                self.meadow_ui(ui, &palette, room, frame.notices);
            });
        });
        if self.won.busy() {
            ui.ctx().request_repaint();
        }
    }

    fn undo_guard(&self) -> UndoGuard {
        UndoGuard {
            secret: |e, _| e.reveals,
            refusal: "Strict undo is on: a renewal that showed new cards cannot be taken back (Settings)",
            heading: "Undo past new cards?",
            body: "The end of that turn turned up new cards and crystals. You may still take it back to learn the \
                   game, but the game will be marked \"undo used\" in the statistics.",
        }
    }

    /// The settings' pause; after the end of a person's turn, long enough
    /// to see the card taken and the renewal before the computer moves (a
    /// new player saw the computer play at once, and learnt what the turn
    /// had won only from the log). No pause stays no pause.
    fn computer_delay(&self, settings: &super::ViewSettings) -> std::time::Duration {
        let pause = super::view::pause(settings.computer_delay);
        let s = self.table.session();
        let last = s.cursor().checked_sub(1);
        let by_person = last.and_then(|i| s.log().get(i)).and_then(|e| e.seat).is_some_and(|p| s.people().contains(&p));
        let turn_over = last.and_then(|i| s.actions().get(i)).is_some_and(|a| !matches!(a, Action::Pick(_)))
            && matches!(s.state().stage(), Stage::Pick);
        if pause.is_zero() || !(by_person && turn_over) {
            return pause;
        }
        pause.max(std::time::Duration::from_secs_f32(TURN_HOLD))
    }

    fn history_changed(&mut self) {
        self.selected = None;
    }

    fn lesson_lights(&mut self, actions: &[Action]) {
        self.lights = actions.to_vec();
    }

    fn end_heading(&self, _outcome: &Outcome) -> String {
        "Final scores".to_string()
    }

    fn outcome_ui(&mut self, ui: &mut Ui, outcome: &Outcome, _frame: &mut Frame<'_>) {
        let state = self.state().clone();
        ui.label(&outcome.reason);
        ui.add_space(6.0);
        let rows = end::score_rows(&state, outcome, &crate::ui::theme::palette(ui.visuals().dark_mode));
        crate::ui::scoreboard::scoreboard(
            ui,
            ("dw-end", self.table.id),
            (&["Compositions (points)", "Black", "White"], Some("Gathering cards (ties only)")),
            &rows,
        );
        ui.add_space(4.0);
        ui.label(RichText::new("Ties go to the most white crystals, then the fewest Gathering cards.").weak());
    }

    fn end_words(&self) -> EndWords {
        EndWords { look: "Look at the meadow", ..EndWords::default() }
    }
}

/// The Dust in the Wings tab: the view in the frame every game shares.
pub type WingsTab = Tab<WingsView>;

/// A new Dust in the Wings tab.
#[must_use]
pub fn new_tab(options: Options, seed: u64, players: Vec<Player>, path: std::path::PathBuf) -> WingsTab {
    let seats = players.len().clamp(2, 4) as u8;
    WingsTab::new(Table::new(Session::new(Setup { seats, options }, seed, players), path))
}
