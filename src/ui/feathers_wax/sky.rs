//! Phase 3 on screen: the sky, the flyers and the drawn flight cards played
//! onto them (dragged, or clicked and then the flyer clicked; Enter or Space
//! on the focused card and flyer does the same).

use egui::{Align2, Color32, FontId, Painter, Pos2, Rect, RichText, Sense, Stroke, Ui, Vec2, WidgetInfo};

use crate::rules::cards::{Card, Suit};
use crate::rules::feathers_wax::{Action, Event, FeathersAndWax, Flyer, Place, SAFE_COL, SKY_COLS, SKY_ROWS, Stage};
use crate::rules::{Game, RuleViolation};
use crate::ui::Notice;
use crate::ui::theme::{self, Palette};
use crate::ui::widgets::{self, CardFace};

use super::{Drag, FeathersView, card_effect, flyer_colour, place_words, scenery};

/// Below this width the tray lays the two flyers' wings one above the
/// other.
const NARROW_TRAY: f32 = 760.0;

/// A wing section's card on a wide tray (the flyers' wings were 28x38
/// cards, the smallest things on the table: review 7).
const WING_CARD: Vec2 = Vec2::new(44.0, 62.0);

/// What every part of the sky drawn this frame shares.
pub(super) struct SkyFrame<'a> {
    /// The position shown.
    pub(super) state: &'a FeathersAndWax,
    /// The theme.
    pub(super) palette: &'a Palette,
    /// Paints the board.
    pub(super) painter: &'a Painter,
    /// The top-left corner of the tower's top cell.
    pub(super) origin: Pos2,
    /// A cell's side.
    pub(super) cs: f32,
    /// True when a person at the screen is to play.
    pub(super) human: bool,
    /// True when the tray is too narrow for both wings side by side: they
    /// lie one above the other, smaller (at 800x600 Daedalus's ran off
    /// under the side panel).
    pub(super) narrow: bool,
}

impl SkyFrame<'_> {
    /// A cell of the sky, on the screen.
    pub(super) fn rect_of(&self, col: u8, row: u8) -> Rect {
        Rect::from_min_size(
            self.origin + Vec2::new(f32::from(col) * self.cs, f32::from(row) * self.cs),
            Vec2::splat(self.cs),
        )
    }

    /// The board: the tower, the sky between sun and sea, the shore, and
    /// the rows' and columns' numbers.
    fn paint_board(&self, ui: &Ui) {
        let (painter, palette, cs) = (self.painter, self.palette, self.cs);
        let span = |a: Rect, b: Rect| a.union(b);
        let last = SKY_ROWS - 1;
        let board = scenery::SkyBoard {
            tower: span(self.rect_of(0, 0), self.rect_of(0, last)),
            sky: span(self.rect_of(1, 0), self.rect_of(SAFE_COL - 1, last)),
            sun_row: span(self.rect_of(1, 0), self.rect_of(SAFE_COL - 1, 0)),
            sea_row: span(self.rect_of(1, last), self.rect_of(SAFE_COL - 1, last)),
            shore: span(self.rect_of(SAFE_COL, 0), self.rect_of(SAFE_COL, last)),
            cell: cs,
        };
        scenery::paint_sky(painter, palette, &board);
        let coords = crate::ui::look::display(ui.ctx(), 12.0);
        for row in 0..SKY_ROWS {
            let r = self.rect_of(0, row);
            painter.text(
                r.left_center() - Vec2::new(12.0, 0.0),
                Align2::RIGHT_CENTER,
                (row + 1).to_string(),
                coords.clone(),
                ui.visuals().weak_text_color(),
            );
        }
        for col in 0..SKY_COLS {
            let r = self.rect_of(col, SKY_ROWS - 1);
            painter.text(
                r.center_bottom() + Vec2::new(0.0, 10.0),
                Align2::CENTER_TOP,
                col.to_string(),
                coords.clone(),
                ui.visuals().weak_text_color(),
            );
        }
    }

    /// Where a flyer is drawn: its centre, its cell, the height it answers
    /// clicks over and its radius (none once lost).
    pub(super) fn flyer_spot(&self, f: Flyer) -> Option<(Pos2, Rect, f32, f32)> {
        let (state, cs) = (self.state, self.cs);
        Some(match state.place(f) {
            Place::Sky { col, row } => {
                let r = self.rect_of(col, row);
                // Both in the tower: side by side.
                let both_tower =
                    matches!(state.place(f.other()), Place::Sky { col: 0, row: r2 } if col == 0 && r2 == row);
                // Both in the tower: one above the other, reaching into the
                // tower's empty cells above and below (squeezed into one
                // cell they were small and overlapped: review 6), each
                // answering clicks on its own half.
                let shift = if both_tower { if f == Flyer::Icarus { -cs * 0.33 } else { cs * 0.33 } } else { 0.0 };
                let tall = if both_tower { cs * 0.64 } else { cs * 0.9 };
                let radius = if both_tower { cs * 0.25 } else { cs * 0.3 };
                (r.center() + Vec2::new(0.0, shift), r, tall, radius)
            }
            Place::Safe => {
                let r = self.rect_of(SAFE_COL, if f == Flyer::Icarus { 2 } else { 4 }).translate(Vec2::new(cs, 0.0));
                (r.center(), r, cs * 0.9, cs * 0.3)
            }
            Place::Lost => return None,
        })
    }

    /// The flight so far: each flyer's stops joined by dots in his colour,
    /// his own a little above (Icarus) or below (Daedalus) the squares'
    /// middles so two ways through one square stay apart, and ending at
    /// his figure.
    fn paint_trails(&self, trails: &super::trail::Trails) {
        for f in Flyer::BOTH {
            let lift = if f == Flyer::Icarus { -0.12 } else { 0.12 } * self.cs;
            let mut points: Vec<(Pos2, bool)> = trails[f as usize]
                .iter()
                .map(|s| (self.rect_of(s.col, s.row).center() + Vec2::new(0.0, lift), s.lost))
                .collect();
            match (self.state.place(f), self.flyer_spot(f)) {
                (Place::Sky { .. }, Some((at, ..))) => {
                    if let Some(last) = points.last_mut() {
                        last.0 = at;
                    }
                }
                (Place::Safe, Some((at, ..))) => points.push((at, false)),
                _ => {}
            }
            super::trail::paint(self.painter, self.palette, &points, flyer_colour(self.palette, f), self.cs);
        }
    }

    /// Where the card in hand would take `f`, before it is held over him:
    /// a dashed arrow in his colour to a faint ring, red where it would
    /// swerve him below the other or lose the game.
    fn paint_landing(&self, f: Flyer, from: Pos2, card: Card) {
        let Some((place, swerve)) = landing(self.state, card, f) else { return };
        let colour = flyer_colour(self.palette, f);
        let warn = if swerve { self.palette.red_suit } else { colour };
        // (Off the board, safe or fallen, the note over the flyer says so.)
        let Place::Sky { col, row } = place else { return };
        let to = self.rect_of(col, row).center();
        let dir = (to - from).normalized();
        let length = (to - from).length();
        if length < self.cs * 0.5 {
            return;
        }
        let stroke = Stroke::new(2.0, warn.gamma_multiply(0.8));
        let start = from + dir * self.cs * 0.4;
        let end = to - dir * self.cs * 0.3;
        self.painter.extend(egui::Shape::dashed_line(&[start, end], stroke, 6.0, 4.0));
        self.painter.circle_stroke(to, self.cs * 0.28, stroke);
    }

    /// Where the card held over a flyer would land it: ringed on the board,
    /// and said (with a warning on the sun's and the sea's rows).
    fn preview_info(&self, f: Flyer, card: Card, place: Place, swerve: bool) -> String {
        if let Place::Sky { col, row } = place {
            let r = self.rect_of(col, row);
            self.painter.circle_stroke(r.center(), self.cs * 0.32, Stroke::new(2.5, flyer_colour(self.palette, f)));
        }
        let mut text = format!("{} on {}: lands at {}", card.name(), f.name(), place_words(place));
        if swerve {
            text = format!(
                "{} on {}: swerves below {} and lands at {}",
                card.name(),
                f.name(),
                f.other().name(),
                place_words(place)
            );
        }
        if let Place::Sky { row, .. } = place {
            if row == 0 {
                text.push_str(" (sun row: loses a section unless it moves off)");
            } else if row == SKY_ROWS - 1 {
                text.push_str(" (sea row: loses a section unless it moves off)");
            }
        }
        text
    }
}

/// A flight card held over a flyer: the flyer, the card, where it
/// would land and whether he would swerve below the other on the way.
type Preview = (Flyer, Card, Place, bool);

/// Where `card` played on `f` would land him, and whether on the way he
/// would swerve below the other flyer (FW-R14); while the cards are still
/// being drawn, as if the drawing ended now. None when it may not be played.
pub(super) fn landing(state: &FeathersAndWax, card: Card, f: Flyer) -> Option<(Place, bool)> {
    let mut probe = state.clone();
    if probe.stage() == Stage::Drawing {
        probe.apply(&Action::EndDraw).ok()?;
    }
    let play = FeathersView::play_verdict(&probe, card, f).ok()?;
    probe.apply(&play).ok()?;
    Some((probe.place(f), probe.events().contains(&Event::Collided(f))))
}

impl FeathersView {
    /// Phase 3's board: the sky with the flyers, and under it the tray of
    /// drawn cards and wings; a card played, drawn or the drawing ended.
    /// With the side panel folded, the sky leaves a column beside it for
    /// the controls' board, whose room it returns.
    pub(super) fn sky_ui(&mut self, ui: &mut Ui, palette: &Palette, notices: &mut Vec<Notice>) -> Option<Rect> {
        let state = self.state().clone();
        let human = self.my_turn();
        let avail = ui.available_size();
        // (Beside the tray, the controls' board ran off the window's foot
        // once the special moves were offered: review 10.)
        let side = if self.folded { 30.0 + super::folded::FLIGHT_CONTROLS + 10.0 } else { 60.0 };
        let cs =
            ((avail.x - side) / f32::from(SKY_COLS + 1)).min((avail.y - 195.0) / f32::from(SKY_ROWS)).clamp(28.0, 84.0);
        // A board held by the window's width leaves height over: the board
        // and its tray stand lower, the room shared above and below them
        // rather than left as a bare band under the tray.
        let over = avail.y - (cs * f32::from(SKY_ROWS) + 40.0) - 160.0;
        if over > 0.0 {
            ui.add_space((over / 2.0).min(60.0));
        }
        let (outer, _) = ui.allocate_exact_size(
            Vec2::new(cs * f32::from(SKY_COLS + 1) + 30.0, cs * f32::from(SKY_ROWS) + 40.0),
            Sense::hover(),
        );
        let controls = self
            .folded
            .then(|| Rect::from_min_max(Pos2::new(outer.right() + 10.0, outer.top()), ui.max_rect().right_bottom()));
        // (Under the sky and the controls both, when they stand side by side.)
        let tray_width = if self.folded { ui.available_width() } else { outer.width().min(ui.available_width()) };
        let painter = ui.painter().clone();
        let sky = SkyFrame {
            state: &state,
            palette,
            painter: &painter,
            // Room above for the tower's top and the frame, and at the left for
            // the rows' numbers.
            origin: outer.min + Vec2::new(34.0, 14.0),
            cs,
            human,
            narrow: tray_width < NARROW_TRAY,
        };
        sky.paint_board(ui);
        if let Some(trails) = self.flight_trails() {
            sky.paint_trails(trails);
        }
        let mut action = None;
        let (note, preview) = self.flyers_ui(ui, &sky, &mut action, notices);
        let special = self.specials_ui(ui, &sky, &mut action, notices);
        let info = preview.map(|(f, card, place, swerve)| sky.preview_info(f, card, place, swerve));
        // Drawn cards and the wings on a wooden tray under the board.
        ui.add_space(6.0);
        crate::ui::look::on_wood(ui, palette, tray_width, |ui| {
            let ink = palette.text_on(palette.table.wood[1]);
            ui.horizontal_wrapped(|ui| {
                let drawing = human && state.stage() == Stage::Drawing;
                let deck = super::deck_ui(ui, palette, "Flight", state.flight_left());
                if drawing && state.flight_left() > 0 {
                    // The pile itself draws, as on a table.
                    if deck.on_hover_text("Click to draw another card").clicked() {
                        action = Some(Action::Draw);
                    }
                }
                ui.add_space(6.0);
                self.drawn_ui(ui, &sky, ink, &mut action, notices);
                ui.add_space(12.0);
                if sky.narrow {
                    ui.vertical(|ui| {
                        for f in Flyer::BOTH {
                            self.tray_wings_ui(ui, &sky, f, ink, &mut action, notices);
                        }
                    });
                } else {
                    for f in Flyer::BOTH {
                        self.tray_wings_ui(ui, &sky, f, ink, &mut action, notices);
                        ui.add_space(8.0);
                    }
                }
            });
        });
        match (note, info.or(special)) {
            (Some(text), _) => widgets::pointer_note(ui, &text, palette),
            (None, Some(text)) => widgets::pointer_note_info(ui, &text, palette),
            (None, None) => {}
        }
        if let Some(a) = action {
            if human {
                let ending = a == Action::EndDraw;
                let applied = self.propose(a, notices);
                // A card dropped while drawing: played once the drawing ended.
                if let Some(then) = self.then_play.take().filter(|_| ending && applied) {
                    self.propose(then, notices);
                }
            } else {
                notices.push(Notice::Error("Wait: the cards are being drawn".into()));
            }
        }
        controls
    }

    /// The flyers on the board, each a button and a drop target for a
    /// drawn card: drawn, the card played on one put in `action`; the note
    /// on a card held over one, and where it would land.
    fn flyers_ui(
        &mut self,
        ui: &Ui,
        sky: &SkyFrame,
        action: &mut Option<Action>,
        notices: &mut Vec<Notice>,
    ) -> (Option<String>, Option<Preview>) {
        let (state, palette, painter, cs) = (sky.state, sky.palette, sky.painter, sky.cs);
        // The flyers: drop a drawn card on one to play it.
        let mut note = None;
        let mut preview = None;
        // A card in hand (clicked, or dragged anywhere) shows where it would
        // take each flyer before it is held over one (review 8: only a drag
        // over a flyer showed it).
        let held = match egui::DragAndDrop::payload::<Drag>(ui.ctx()).map(|d| *d) {
            Some(Drag::Flight(card)) => Some(card),
            _ => self.selected_flight,
        }
        .filter(|_| sky.human);
        for f in Flyer::BOTH {
            let Some((centre, r, tall, radius)) = sky.flyer_spot(f) else { continue };
            if let Some(card) = held {
                sky.paint_landing(f, centre, card);
            }
            let sections = state.wings(f).len();
            let reach = scenery::wing_reach(state.place(f), state.place(f.other()));
            scenery::winged_flyer_reaching(painter, palette, (centre, radius), f == Flyer::Daedalus, sections, reach);
            if state.place(f) == Place::Safe {
                painter.text(
                    r.center_bottom(),
                    Align2::CENTER_TOP,
                    "safe",
                    FontId::proportional(10.0),
                    ui.visuals().text_color(),
                );
            }
            let hit = Rect::from_center_size(centre, Vec2::new(cs * 0.9, tall));
            let resp = ui.interact(hit, ui.scope_id().with(("flyer", f as u8)), Sense::click());
            let label = format!("{} at {}", f.name(), place_words(state.place(f)));
            resp.widget_info(|| WidgetInfo::labeled(egui::Role::Button, true, label.clone()));
            // A dragged card over the flyer, or a clicked one while the pointer is on it.
            let over = match resp.dnd_hover_payload::<Drag>().map(|d| *d) {
                Some(Drag::Flight(card)) => Some(card),
                _ => self.selected_flight.filter(|_| resp.hovered()),
            };
            if let Some(card) = over {
                let verdict = Self::play_verdict(state, card, f);
                note = note.or(widgets::tint_drop_zone(ui, hit, palette, &verdict.map(|_| ())));
                preview = landing(state, card, f).map(|(p, swerve)| (f, card, p, swerve));
            }
            if let Some(a) = self.flyer_takes(&resp, state, f, notices) {
                *action = Some(a);
            }
        }
        (note, preview)
    }

    /// The cards drawn this turn, on the tray: chosen by a click or
    /// dragged once they are to be played, and the button that ends the
    /// drawing.
    fn drawn_ui(
        &mut self,
        ui: &mut Ui,
        sky: &SkyFrame,
        ink: Color32,
        action: &mut Option<Action>,
        notices: &mut Vec<Notice>,
    ) {
        let (state, palette, human) = (sky.state, sky.palette, sky.human);
        let drawing = human && state.stage() == Stage::Drawing;
        ui.vertical(|ui| {
            // As wide as three cards and the button whatever is drawn,
            // so the wings beside it do not move as cards are played.
            let room = if sky.narrow { 2.0 } else { 3.0 };
            ui.set_min_width(room * (theme::CARD_SIZE.x + 8.0) + 90.0);
            ui.label(crate::ui::look::title(ui, "Drawn this turn", 14.0).color(ink));
            ui.horizontal(|ui| {
                let playing = human && matches!(state.stage(), Stage::Play(_));
                for &c in state.drawn() {
                    let chosen = playing && self.selected_flight == Some(c);
                    let r = widgets::card_ui(ui, palette, CardFace::Up(c), chosen);
                    if playing || drawing {
                        // (Dropped on a flyer while still drawing, it ends
                        // the drawing and is played: the move a new player
                        // made first, and was refused.)
                        r.dnd_set_drag_payload(Drag::Flight(c));
                    }
                    if playing {
                        if r.clicked() {
                            self.selected_flight = if chosen { None } else { Some(c) };
                        }
                    } else if human && r.clicked() {
                        // Still drawing: say what comes first.
                        notices.push(Notice::Error(
                            "Press \"Play these\" by the cards first: until then you may still draw another".into(),
                        ));
                    }
                    r.on_hover_text(card_effect(c));
                }
                if state.drawn().is_empty() {
                    ui.add_space(theme::CARD_SIZE.x);
                }
                if let Stage::Specials { flyer, .. } = state.stage()
                    && human
                {
                    // The special moves are on the sky; going without one
                    // is said here, by the cards, as "Play these" is, and
                    // one that loses the game says so, as the panel's does
                    // (it looked harmless here and lost at once: review 11).
                    let (then, loses, _) = super::panel::special_outcome(state, flyer, &Action::Done);
                    ui.vertical(|ui| {
                        ui.add_space(theme::CARD_SIZE.y * 0.35);
                        let words = if loses { "Go on: loses the game" } else { "Go on" };
                        let mut button = egui::Button::new(RichText::new(words).strong());
                        if loses {
                            button = button.stroke(Stroke::new(2.0, ui.visuals().error_fg_color));
                        }
                        if ui.add(button).on_hover_text(format!("No special movement: {then}")).clicked() {
                            *action = Some(Action::Done);
                        }
                    });
                }
                if drawing && !state.drawn().is_empty() {
                    // Done drawing: said on the tray, by the cards.
                    ui.vertical(|ui| {
                        ui.add_space(theme::CARD_SIZE.y * 0.35);
                        if ui.button(RichText::new("Play these").strong()).clicked() {
                            *action = Some(Action::EndDraw);
                        }
                    });
                }
            });
        });
    }

    /// A flyer's wings on the tray: its figure, which takes a card as the
    /// one on the board does, and the spades its wings are made of.
    fn tray_wings_ui(
        &mut self,
        ui: &mut Ui,
        sky: &SkyFrame,
        f: Flyer,
        ink: Color32,
        action: &mut Option<Action>,
        notices: &mut Vec<Notice>,
    ) {
        let (state, palette) = (sky.state, sky.palette);
        // Narrow: the name under the figure, the spades overlapping.
        let (figure, radius) = if sky.narrow { (Vec2::new(50.0, 54.0), 12.0) } else { (Vec2::new(58.0, 64.0), 15.0) };
        ui.vertical(|ui| {
            if !sky.narrow {
                ui.label(crate::ui::look::title(ui, format!("{}'s wings", f.name()), 14.0).color(ink));
            }
            ui.horizontal(|ui| {
                if sky.narrow && state.wings(f).len() > 3 {
                    ui.spacing_mut().item_spacing.x = -8.0;
                }
                // The figure takes a card as the one on the board does.
                let (fig, resp) = ui.allocate_exact_size(figure, Sense::click());
                resp.widget_info(|| WidgetInfo::labeled(egui::Role::Button, true, format!("{} on the tray", f.name())));
                if let Some(a) = self.flyer_takes(&resp, state, f, notices) {
                    *action = Some(a);
                }
                let at =
                    if sky.narrow { fig.center() - Vec2::new(0.0, 4.0) } else { fig.center() + Vec2::new(0.0, 4.0) };
                scenery::winged_flyer(ui.painter(), palette, at, radius, f == Flyer::Daedalus, state.wings(f).len());
                if sky.narrow {
                    let font = crate::ui::look::display(ui.ctx(), 11.0);
                    ui.painter().text(fig.center_bottom(), Align2::CENTER_BOTTOM, f.name(), font, ink);
                    ui.add_space(6.0);
                }
                // Shedding one in a special move: a card is picked (or
                // dragged) and then the square on the sky.
                let shedding = sky.human && matches!(state.stage(), Stage::Specials { flyer, .. } if flyer == f);
                for (k, &v) in state.wings(f).iter().enumerate() {
                    let card = Card::new(v, Suit::Spades);
                    let picked = shedding && self.selected_wing == Some(v);
                    let shown = if sky.narrow {
                        widgets::small_card(ui, palette, card)
                    } else {
                        widgets::card_ui_sized(ui, palette, CardFace::Up(card), picked, WING_CARD)
                    };
                    if !shedding {
                        continue;
                    }
                    let r = ui.interact(shown.rect, ui.scope_id().with(("wing", f as u8, k)), Sense::click_and_drag());
                    r.widget_info(|| {
                        WidgetInfo::selected(
                            egui::Role::Button,
                            true,
                            picked,
                            format!("shed {}'s {} of spades", f.name(), crate::rules::words::value_label(v)),
                        )
                    });
                    r.dnd_set_drag_payload(Drag::Wing(v));
                    let glow = if picked { palette.selection } else { theme::GLINT };
                    ui.painter().rect_stroke(
                        shown.rect.expand(1.0),
                        4.0,
                        Stroke::new(2.5, glow),
                        egui::StrokeKind::Outside,
                    );
                    if r.clicked() {
                        self.selected_wing = if picked { None } else { Some(v) };
                    }
                    r.on_hover_text(format!(
                        "Shed the {} of spades: pick it, then a ringed square on the sky (or drag it there)",
                        crate::rules::words::value_label(v)
                    ));
                }
            });
        });
    }

    /// A flyer (on the board or on the tray) takes the card dropped on it,
    /// or, once a card is chosen, the click on it.
    fn flyer_takes(
        &mut self,
        resp: &egui::Response,
        state: &FeathersAndWax,
        f: Flyer,
        notices: &mut Vec<Notice>,
    ) -> Option<Action> {
        if let Some(d) = resp.dnd_release_payload::<Drag>()
            && let Drag::Flight(card) = *d
        {
            return self.play_action(state, card, f, notices);
        }
        if resp.clicked()
            && let Some(card) = self.selected_flight.take()
        {
            return self.play_action(state, card, f, notices);
        }
        None
    }

    pub(super) fn play_verdict(state: &FeathersAndWax, card: Card, f: Flyer) -> Result<Action, RuleViolation> {
        let up = (card.rank == 13 && state.check(&Action::Play { card, flyer: f, up: None }).is_err()).then_some(true);
        let a = Action::Play { card, flyer: f, up };
        state.check(&a).map(|()| a)
    }

    pub(super) fn play_action(
        &mut self,
        state: &FeathersAndWax,
        card: Card,
        f: Flyer,
        notices: &mut Vec<Notice>,
    ) -> Option<Action> {
        if state.stage() == Stage::Drawing {
            // Still drawing: the drawing ends first, then the card is
            // played (or the reason it may not be is said, and neither is).
            let mut probe = state.clone();
            if probe.apply(&Action::EndDraw).is_ok() && probe.drawn().contains(&card) {
                let then = self.play_action(&probe, card, f, notices);
                if then.is_some() || self.king_choice.is_some() {
                    self.then_play = then;
                    return Some(Action::EndDraw);
                }
            }
            return None;
        }
        let plain = Action::Play { card, flyer: f, up: None };
        match state.check(&plain) {
            Ok(()) => Some(plain),
            Err(_) if state.king_needs_direction(card, f) => {
                self.king_choice = Some((card, f));
                None
            }
            Err(v) => {
                notices.push(Notice::Error(v.to_string()));
                None
            }
        }
    }
}
