//! The Dust in the Wings table: the meadow with its butterflies, the tray
//! of butterflies in hand, drag (or click) each onto a lit next space, the
//! path drawn as it grows, the cards each last space would fulfil shown
//! before the last drop, the face-up cards with their crystals, every
//! player's takings, and the final scores.

use egui::{Align2, Color32, FontId, Pos2, RichText, Sense, Shape as EShape, Stroke, StrokeKind, Ui, Vec2, WidgetInfo};

use super::Notice;
use super::tab::{EndWords, Frame, Tab, UndoGuard, View};
use super::theme::{self, Palette};
use super::widgets::{self, BoardGeometry};
use crate::rules::dust_wings::{
    Action, COMPOSITIONS, CardRef, Colour, Condition, Crystal, DustInTheWings, Options, SIZE, Stage, gathering_card,
    gathering_text,
};
use crate::rules::grid::Square;
use crate::rules::words;
use crate::rules::{Game, Outcome, Seat, Setup};
use crate::session::{Player, Session};
use crate::table::Table;

/// Paints one butterfly: red a circle, blue a diamond, yellow a triangle
/// (shape as well as colour), with little wings.
pub fn paint_butterfly(painter: &egui::Painter, palette: &Palette, centre: Pos2, size: f32, c: Colour) {
    let fill = palette.butterflies[c as usize];
    let outline = Stroke::new(1.0, palette.butterfly_ink);
    let r = size * 0.5;
    match c {
        Colour::Red => {
            painter.circle(centre, r, fill, outline);
        }
        Colour::Blue => {
            let pts = vec![
                centre + Vec2::new(0.0, -r),
                centre + Vec2::new(r, 0.0),
                centre + Vec2::new(0.0, r),
                centre + Vec2::new(-r, 0.0),
            ];
            painter.add(EShape::convex_polygon(pts, fill, outline));
        }
        Colour::Yellow => {
            let pts = vec![
                centre + Vec2::new(0.0, -r),
                centre + Vec2::new(r * 0.95, r * 0.8),
                centre + Vec2::new(-r * 0.95, r * 0.8),
            ];
            painter.add(EShape::convex_polygon(pts, fill, outline));
        }
    }
    painter.line_segment(
        [centre + Vec2::new(0.0, -r * 0.5), centre + Vec2::new(0.0, r * 0.5)],
        Stroke::new(1.2, palette.butterfly_ink),
    );
}

/// Paints one crystal: a white one round, a black one six-sided, both with
/// a rim that shows on the page of either theme (shape as well as colour).
pub fn paint_crystal(painter: &egui::Painter, palette: &Palette, centre: Pos2, r: f32, c: Crystal) {
    let rim = Stroke::new(1.2, palette.crystal_rim);
    match c {
        Crystal::White => {
            painter.circle(centre, r, palette.crystal_white, rim);
        }
        Crystal::Black => {
            let pts = (0..6)
                .map(|i| {
                    let (x, y) = HEXAGON[i];
                    centre + Vec2::new(x, y) * r
                })
                .collect();
            painter.add(EShape::convex_polygon(pts, palette.crystal_black, rim));
        }
    }
}

/// The corners of a unit hexagon with a point at the top.
const HEXAGON: [(f32, f32); 6] = [(0.0, -1.0), (0.866, -0.5), (0.866, 0.5), (0.0, 1.0), (-0.866, 0.5), (-0.866, -0.5)];

/// The room a face-up Gathering card takes in its row.
const GATHERING_CARD: Vec2 = Vec2::new(140.0, 92.0);
/// The room a face-up Composition card takes in its row.
const COMPOSITION_CARD: Vec2 = Vec2::new(190.0, 80.0);

/// A dragged butterfly from the tray.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Dragged(Colour);

/// The Dust in the Wings view (its tab is [`WingsTab`]).
pub struct WingsView {
    /// The game, its file and its computer players.
    pub m: Table<DustInTheWings>,
    /// A tray butterfly picked by a click (then click a space).
    pub selected: Option<Colour>,
    /// In a lesson: the moves it points at (their spaces are lit).
    lights: Vec<Action>,
}

impl WingsView {
    fn state(&self) -> &DustInTheWings {
        self.m.session.state()
    }

    fn human_to_move(&self) -> bool {
        self.m.person_to_move().is_some()
    }

    fn propose(&mut self, action: Action, notices: &mut Vec<Notice>) -> bool {
        self.m.propose_for_person(action, notices)
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

    #[allow(
        clippy::too_many_lines,
        reason = "draws the meadow and handles drag and click in one pass so they share one hit test"
    )]
    fn meadow_ui(&mut self, ui: &mut Ui, palette: &Palette, notices: &mut Vec<Notice>) {
        let state = self.state().clone();
        let human = self.human_to_move();
        let side = (ui.available_height() - 40.0).min(ui.available_width() - 40.0).clamp(200.0, 560.0);
        let cell = side / f32::from(SIZE);
        let (outer, _) = ui.allocate_exact_size(Vec2::splat(side + 24.0), Sense::hover());
        let geo = BoardGeometry::new(outer.min + Vec2::new(20.0, 4.0), cell, SIZE, SIZE);
        let painter = ui.painter_at(outer);
        painter.rect_filled(geo.rect, 6.0, palette.meadow);
        let next: Vec<Square> = state.next_spaces();
        let last_drop = matches!(state.stage(), Stage::Disperse { tray, .. } if tray.iter().sum::<u8>() == 1);
        let dragging = egui::DragAndDrop::payload::<Dragged>(ui.ctx()).map(|d| d.0).or(self.selected);
        let mut action = None;
        let mut note = None;
        for s in Square::all(SIZE, SIZE) {
            let rect = geo.square_rect(s);
            painter.rect_stroke(
                rect,
                0.0,
                Stroke::new(1.0, palette.meadow_ink.gamma_multiply(0.5)),
                StrokeKind::Inside,
            );
            let counts = state.at(s);
            let n: u8 = counts.iter().sum();
            // Butterflies in a small grid inside the space.
            let per_row = 4usize;
            let bsize = (cell / 6.0).clamp(8.0, 18.0);
            let mut k = 0usize;
            for c in Colour::ALL {
                for _ in 0..counts[c as usize] {
                    let (row, col) = (k / per_row, k % per_row);
                    let p = rect.left_top()
                        + Vec2::new(cell * 0.2 + col as f32 * bsize * 1.35, cell * 0.32 + row as f32 * bsize * 1.35);
                    if p.y < rect.bottom() - bsize * 0.4 {
                        paint_butterfly(&painter, palette, p, bsize, c);
                    }
                    k += 1;
                }
            }
            painter.text(
                rect.right_top() + Vec2::new(-4.0, 2.0),
                Align2::RIGHT_TOP,
                n.to_string(),
                FontId::proportional(13.0),
                palette.meadow_ink,
            );
            painter.text(
                rect.left_bottom() + Vec2::new(3.0, -2.0),
                Align2::LEFT_BOTTOM,
                s.to_string(),
                FontId::proportional(10.0),
                palette.meadow_ink.gamma_multiply(0.8),
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
                    if next.contains(&s) {
                        painter.rect_stroke(
                            rect.shrink(2.0),
                            2.0,
                            Stroke::new(3.0, palette.legal.to_opaque()),
                            StrokeKind::Inside,
                        );
                        if last_drop {
                            let cards = state.preview(s);
                            let text = if cards.is_empty() {
                                "no card".to_string()
                            } else {
                                cards.iter().map(|c| short_name(*c)).collect::<Vec<_>>().join(", ")
                            };
                            painter.text(
                                rect.center_bottom() + Vec2::new(0.0, -14.0),
                                Align2::CENTER_BOTTOM,
                                text,
                                FontId::proportional(11.0),
                                palette.meadow_ink,
                            );
                        }
                    }
                    if let Some(c) = dragging {
                        let a = Action::Drop { colour: c, to: s };
                        if resp.dnd_hover_payload::<Dragged>().is_some() {
                            note = note.or(widgets::tint_drop_zone(ui, rect, palette, &state.check(&a)));
                        }
                    }
                    if let Some(d) = resp.dnd_release_payload::<Dragged>() {
                        action = Some(Action::Drop { colour: d.0, to: s });
                    }
                    if resp.clicked() {
                        match self.click_colour() {
                            Some(c) => action = Some(Action::Drop { colour: c, to: s }),
                            None => {
                                notices.push(Notice::Info("Choose a butterfly in your hand first (click it)".into()));
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        // The path so far.
        if let Stage::Disperse { path, .. } | Stage::Claim { path, .. } = state.stage() {
            let pts: Vec<Pos2> = path.iter().map(|&s| geo.square_rect(s).center()).collect();
            if let Some(&first) = pts.first() {
                painter.circle_stroke(first, cell * 0.18, Stroke::new(2.5, palette.route));
            }
            painter.add(EShape::line(pts, Stroke::new(3.0, palette.route)));
        }
        if let Some(n) = note {
            widgets::pointer_note(ui, &n, palette);
        }
        if let Some(a) = action
            && self.propose(a, notices)
        {
            self.selected = None;
        }
    }

    fn tray_ui(&mut self, ui: &mut Ui, palette: &Palette) {
        let state = self.state().clone();
        let Stage::Disperse { tray, .. } = state.stage() else {
            // The hand's room is kept when it is empty, so the meadow above
            // never moves under the pointer when butterflies are picked up.
            ui.horizontal(|ui| {
                ui.label(RichText::new("In hand:").strong());
                ui.allocate_exact_size(Vec2::new(0.0, 30.0), Sense::hover());
                let what = match state.stage() {
                    Stage::Pick => "nothing yet: click a space to pick up its butterflies",
                    Stage::Claim { .. } => "nothing: take one of the cards the last space fulfils",
                    _ => "nothing",
                };
                ui.label(RichText::new(what).weak());
            });
            ui.label(RichText::new(" ").weak());
            return;
        };
        let human = self.human_to_move();
        ui.horizontal(|ui| {
            ui.label(RichText::new("In hand:").strong());
            for c in Colour::ALL {
                for _ in 0..tray[c as usize] {
                    let (rect, resp) = ui.allocate_exact_size(Vec2::splat(30.0), Sense::click_and_drag());
                    let label = format!("hand {} butterfly", c.name());
                    let selected = self.selected == Some(c);
                    resp.widget_info(|| WidgetInfo::selected(egui::Role::Button, true, selected, label.clone()));
                    if selected {
                        ui.painter().rect_stroke(rect, 4.0, Stroke::new(2.0, palette.route), StrokeKind::Inside);
                    }
                    paint_butterfly(ui.painter(), palette, rect.center(), 20.0, c);
                    if human {
                        resp.dnd_set_drag_payload(Dragged(c));
                        if resp.dragged()
                            && let Some(pos) = ui.ctx().pointer_latest_pos()
                        {
                            let layer = egui::LayerId::new(egui::Order::Tooltip, egui::Id::unique("dw-ghost"));
                            paint_butterfly(&ui.ctx().layer_painter(layer), palette, pos, 22.0, c);
                        }
                        if resp.clicked() {
                            self.selected = if selected { None } else { Some(c) };
                        }
                    }
                }
            }
        });
        let undo = crate::ui::commands::UNDO.keys_text(ui.ctx());
        ui.label(
            RichText::new(format!(
                "Drag a butterfly onto a lit space (or click it, then the space). {undo} takes back one drop."
            ))
            .weak(),
        );
    }

    fn cards_ui(&mut self, ui: &mut Ui, palette: &Palette, notices: &mut Vec<Notice>) {
        let state = self.state().clone();
        let claimable = state.fulfilled();
        let human = self.human_to_move();
        let mut action = None;
        let (g_left, discard, _) = state.deck_counts();
        ui.horizontal(|ui| {
            ui.label(RichText::new("Gathering").strong());
            ui.label(RichText::new(format!("deck {g_left}, discards {discard}")).weak());
            for (slot, (card, crystals)) in state.gathering().iter().enumerate() {
                let r = CardRef::Gathering(slot as u8);
                let frame = egui::Frame::group(ui.style()).fill(if claimable.contains(&r) {
                    palette.available
                } else {
                    Color32::TRANSPARENT
                });
                // A fixed footprint per card, so the row's width is known.
                ui.allocate_ui(GATHERING_CARD, |ui| {
                    frame.show(ui, |ui| {
                        ui.set_min_size(Vec2::new(120.0, 64.0));
                        ui.vertical(|ui| {
                            match card {
                                Some(id) => {
                                    let g = gathering_card(*id);
                                    ui.label(RichText::new(format!("G{}", slot + 1)).strong());
                                    let (rect, _) = ui.allocate_exact_size(Vec2::new(110.0, 20.0), Sense::hover());
                                    let mut x = rect.left() + 9.0;
                                    for c in Colour::ALL {
                                        for _ in 0..g.counts[c as usize] {
                                            paint_butterfly(
                                                ui.painter(),
                                                palette,
                                                Pos2::new(x, rect.center().y),
                                                14.0,
                                                c,
                                            );
                                            x += 18.0;
                                        }
                                    }
                                    ui.label(RichText::new(gathering_text(g)).small());
                                }
                                None => {
                                    ui.label(RichText::new("(empty)").weak());
                                }
                            }
                            ui.horizontal(|ui| {
                                for c in *crystals {
                                    let (rect, _) = ui.allocate_exact_size(Vec2::splat(14.0), Sense::hover());
                                    paint_crystal(ui.painter(), palette, rect.center(), 6.5, *c);
                                }
                                let pts: u8 = crystals.iter().map(|c| c.points()).sum();
                                ui.label(RichText::new(format!("{pts} pt")).small());
                            });
                        });
                    });
                });
                if claimable.contains(&r) && human && ui.button(format!("Take G{}", slot + 1)).clicked() {
                    action = Some(Action::Claim(r));
                }
            }
        });
        if let Some(a) = composition_row(ui, &state, palette, &claimable, human) {
            action = Some(a);
        }
        if let Some(a) = action {
            self.propose(a, notices);
        }
    }

    fn side_ui(&mut self, ui: &mut Ui, frame: &mut Frame<'_>) {
        let state = self.state().clone();
        ui.heading("Dust in the Wings");
        frame.status_ui(ui, &self.m);
        frame.history_ui(ui, &self.m);
        let (b, w) = state.bag();
        ui.label(format!("Crystals in the bag: {b} black, {w} white"));
        if let Some(s) = state.last_turn() {
            let verb = if state.outcome().is_some() { "was" } else { "is" };
            ui.label(
                RichText::new(format!("The bag ran dry: {}'s turn {verb} the last.", state.seat_name(s))).italics(),
            );
        }
        ui.separator();
        egui::Grid::new(("dw-scores", self.m.id)).striped(true).show(ui, |ui| {
            for s in (0..state.seats()).map(Seat) {
                let t = state.tableau(s);
                let who = if state.current() == s { format!("> {}", state.seat_name(s)) } else { state.seat_name(s) };
                ui.label(who);
                ui.label(crate::rules::words::count(usize::try_from(t.score()).unwrap_or(0), "point"));
                let mut cards: Vec<String> =
                    t.gatherings.iter().map(|&g| format!("Gathering {}", gathering_text(gathering_card(g)))).collect();
                cards.extend(t.compositions.iter().map(|&c| COMPOSITIONS[usize::from(c)].describe()));
                let taken = if cards.is_empty() { "no cards yet".to_string() } else { cards.join("\n") };
                ui.label(format!(
                    "cards: {} Gathering, {} Composition\ncrystals: {} black, {} white",
                    t.gatherings.len(),
                    t.compositions.len(),
                    t.black,
                    t.white
                ))
                .on_hover_text(taken);
                ui.end_row();
            }
        });
        ui.separator();
        ui.label(RichText::new("Log").strong());
        egui::ScrollArea::vertical().stick_to_bottom(true).show(ui, |ui| {
            for e in &self.m.session.log()[..self.m.session.cursor()] {
                ui.label(&e.text);
            }
        });
    }
}

/// The row of face-up Composition cards; returns the claim clicked, if any.
fn composition_row(
    ui: &mut Ui,
    state: &DustInTheWings,
    palette: &Palette,
    claimable: &[CardRef],
    human: bool,
) -> Option<Action> {
    let mut action = None;
    let (_, _, c_left) = state.deck_counts();
    ui.horizontal(|ui| {
        ui.label(RichText::new("Composition").strong());
        ui.label(RichText::new(format!("deck {c_left}")).weak());
        for (slot, card) in state.composition().iter().enumerate() {
            let r = CardRef::Composition(slot as u8);
            let frame = egui::Frame::group(ui.style()).fill(if claimable.contains(&r) {
                palette.available
            } else {
                Color32::TRANSPARENT
            });
            // A fixed footprint per card, so the row's width is known.
            ui.allocate_ui(COMPOSITION_CARD, |ui| {
                frame.show(ui, |ui| {
                    ui.set_min_size(Vec2::new(150.0, 64.0));
                    match card {
                        Some(id) => {
                            let comp = COMPOSITIONS[usize::from(*id)];
                            ui.horizontal(|ui| {
                                let (rect, _) = ui.allocate_exact_size(Vec2::splat(44.0), Sense::hover());
                                super::figures::paint_shape(ui.painter(), palette, rect.min, comp.shape, 10.0);
                                ui.vertical(|ui| {
                                    ui.label(RichText::new(format!("C{}: {} pt", slot + 1, comp.points)).strong());
                                    let cond = match comp.condition {
                                        Condition::Few(n) => format!("at most {n} in all"),
                                        Condition::Many(n) => format!("at least {n} in all"),
                                        Condition::Even => "same on every space".to_string(),
                                    };
                                    ui.label(RichText::new(format!("{}: {cond}", comp.shape.name())).small());
                                });
                            });
                        }
                        None => {
                            ui.label(RichText::new("(no more cards)").weak());
                        }
                    }
                });
            });
            if claimable.contains(&r) && human && ui.button(format!("Take C{}", slot + 1)).clicked() {
                action = Some(Action::Claim(r));
            }
        }
    });
    action
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

    fn new(m: Table<DustInTheWings>) -> Self {
        Self { m, selected: None, lights: Vec::new() }
    }

    fn table(&self) -> &Table<DustInTheWings> {
        &self.m
    }

    fn table_mut(&mut self) -> &mut Table<DustInTheWings> {
        &mut self.m
    }

    fn ui(&mut self, ui: &mut Ui, frame: &mut Frame<'_>) {
        let palette = theme::palette(frame.settings.dark);
        super::tab::side_panel(ui, |ui| self.side_ui(ui, frame));
        // The face-up cards keep one row each; a narrow window scrolls them
        // sideways (its scroll bar shows whenever a card is out of view).
        egui::Panel::top(egui::Id::unique(("dw-cards", self.m.id))).show(ui, |ui| {
            // A solid bar (not the thin floating one), so it is seen.
            ui.style_mut().spacing.scroll = egui::style::ScrollStyle::solid();
            egui::ScrollArea::horizontal()
                .scroll_bar_visibility(egui::scroll_area::ScrollBarVisibility::VisibleWhenNeeded)
                .show(ui, |ui| self.cards_ui(ui, &palette, frame.notices));
        });
        egui::Panel::bottom(egui::Id::unique(("dw-tray", self.m.id))).show(ui, |ui| {
            ui.add_space(4.0);
            self.tray_ui(ui, &palette);
            ui.add_space(6.0);
        });
        egui::CentralPanel::default().show(ui, |ui| {
            egui::ScrollArea::both().auto_shrink([false, false]).show(ui, |ui| {
                self.meadow_ui(ui, &palette, frame.notices);
            });
        });
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
        for s in (0..state.seats()).map(Seat) {
            let t = state.tableau(s);
            let comp: i32 = t.compositions.iter().map(|&c| i32::from(COMPOSITIONS[usize::from(c)].points)).sum();
            ui.label(format!(
                "{}{}: {} + {} black + {} white (x2) = {}; {}, {}",
                state.seat_name(s),
                if outcome.winners.contains(&s) { " (winner)" } else { "" },
                words::count(usize::try_from(comp).unwrap_or(0), "Composition point"),
                t.black,
                t.white,
                words::count(usize::try_from(t.score()).unwrap_or(0), "point"),
                words::count(usize::from(t.white), "white crystal"),
                words::count(t.gatherings.len(), "Gathering card")
            ));
        }
        ui.label(RichText::new("Ties: most white crystals, then fewest Gathering cards (DW-R6).").weak());
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
