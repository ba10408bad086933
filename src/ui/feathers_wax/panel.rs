//! The side panel (status, meter, hint, the choices that are not drags, the
//! log) and the dialogs (undo confirmation, the end of the game and its
//! analysis, a new deal).

use egui::{RichText, Ui, WidgetInfo};

use crate::ai::feathers_wax::{self as advisor, Analysis, Decision};
use crate::rules::cards::Suit;
use crate::rules::feathers_wax::routes::{Target, plan};
use crate::rules::feathers_wax::{Action, FeathersAndWax, Phase, Place, SKY_ROWS, Stage};
use crate::rules::words;
use crate::rules::{Game, Outcome, Seat, ToMove};
use crate::ui::Notice;
use crate::ui::tab::Ask;

use super::FeathersView;
use crate::ui::tab::Frame;

impl FeathersView {
    pub(super) fn side_ui(&mut self, ui: &mut Ui, frame: &mut Frame<'_>) {
        let state = self.state().clone();
        ui.heading("Feathers & Wax");
        let status = state.status();
        ui.label(RichText::new(&status).strong())
            .widget_info(|| WidgetInfo::labeled(egui::Role::Label, true, format!("status: {status}")));
        if self.table.thinking() {
            ui.label("drawing…");
        }
        // The win-chance meter: the figure, and how it is reckoned on
        // hover (the words are for the curious, not for every glance).
        ui.separator();
        let how = "Played out by the hint's policy over re-shuffles of the cards you have not seen; with few left, \
                   over every order of them (exact). The after-game analysis gives the same figures.";
        // Opened: the words over a slim bar (on the bar they straddled its
        // fill's edge, half on gold and half on the dark).
        let (head, text) = meter_words(self.reading().as_ref());
        let chance = self.reading().map_or(0.0, |r| r.chance as f32);
        // Folded to its one line unless opened (open, the bar and its
        // words beside the board read as a spreadsheet: review 4). The
        // header says the figure alone: a header does not wrap, and a long
        // one ("… (exact count, 1200 orders so far)") widened the panel's
        // layout, so the lines under it wrapped past its edge.
        let head = egui::CollapsingHeader::new(crate::ui::look::title(ui, head, 15.0))
            .id_salt("fw-win-chance")
            .default_open(false)
            .show(ui, |ui| {
                ui.label(RichText::new(&text).size(12.0));
                ui.add(egui::ProgressBar::new(chance).desired_height(7.0))
                    .on_hover_text(how)
                    .widget_info(|| WidgetInfo::labeled(egui::Role::Label, true, text.clone()));
                ui.label(
                    RichText::new(
                        "how often you win from here, over every way the unseen cards may lie, \
                         if you play on as the hint would",
                    )
                    .size(12.0)
                    .color(crate::ui::theme::palette(ui.visuals().dark_mode).table.faint),
                )
                .on_hover_text(how);
            });
        head.header_response.on_hover_text(how);
        ui.horizontal(|ui| {
            let can_hint = self.my_turn();
            if ui.add_enabled(can_hint, egui::Button::new("Hint")).clicked() {
                self.ask_hint();
            }
        });
        frame.history_ui(ui, &self.table);
        if let Some(h) = self.shown_hint() {
            ui.label(RichText::new(format!("Hint: {h}")).italics());
            if self.shown_walk().iter().any(|a| matches!(a, Action::Step(_))) {
                ui.label(RichText::new("The dotted line on the labyrinth is the whole walk.").small().weak());
            }
        }
        ui.separator();
        self.choices_ui(ui, &state, frame.notices);
        ui.separator();
        let palette = crate::ui::theme::palette(ui.visuals().dark_mode);
        let colour = |_| palette.icarus;
        crate::ui::widgets::log_ui(ui, "fw-log", self.table.session().log(), (true, &colour));
        // In the flight, what each card does, in the room the folded log
        // leaves (review 5: a new player could not tell what a card would
        // do to a flyer without trying it).
        if state.phase() == Phase::Flight {
            ui.add_space(10.0);
            crate::ui::look::foot_card(ui, "What the cards do", |ui| what_the_cards_do(ui, &palette));
        }
    }

    /// The buttons for the decisions that are not drags.
    #[allow(clippy::too_many_lines, reason = "one branch per kind of decision the rules can leave pending")]
    pub(super) fn choices_ui(&mut self, ui: &mut Ui, state: &FeathersAndWax, notices: &mut Vec<Notice>) {
        if !self.my_turn() {
            return;
        }
        let mut action = None;
        match state.phase() {
            Phase::Collect => {
                if let Some(face) = state.pending() {
                    let what = if face.rank == 11 {
                        format!(
                            "A Jailer ({}) would take your {} cards.",
                            face.name(),
                            if face.suit == Suit::Spades { "feather" } else { "wax" }
                        )
                    } else {
                        format!(
                            "A Maiden ({}) would end your {} collecting.",
                            face.name(),
                            if face.suit == Suit::Spades { "feather" } else { "wax" }
                        )
                    };
                    ui.label(RichText::new(what).strong());
                    ui.horizontal(|ui| {
                        if ui.button(format!("Spend the K of {}", face.suit.name())).clicked() {
                            action = Some(Action::UseKing);
                        }
                        if ui.button("Keep the K").clicked() {
                            action = Some(Action::KeepKing);
                        }
                    });
                } else if state.card().is_some() {
                    // A straight-line card blocked by a wall lights nothing:
                    // said, so the bare board is not a puzzle.
                    let open = crate::rules::feathers_wax::Labyrinth::cells()
                        .any(|c| plan(state, Target::Cell(c)).is_some())
                        || plan(state, Target::Exit).is_some();
                    // (Folded, the status says how to walk; the wall's
                    // words stood there for every card: review 10.)
                    if !open {
                        ui.label(
                            RichText::new(
                                "A wall stands in his way: no step is open for this card. End the move here.",
                            )
                            .strong(),
                        );
                    } else if !self.folded {
                        ui.label("Drag Daedalus along his way, or click a lit cell.");
                    }
                    let steps = crate::rules::words::count(usize::from(state.steps_left()), "step");
                    // (Shorter in a narrow panel: it wrapped to two lines at 800.)
                    let words = if ui.available_width() < 280.0 {
                        format!("End the move ({steps} unused)")
                    } else {
                        format!("End this move here ({steps} unused)")
                    };
                    if ui.button(words).clicked() {
                        action = Some(Action::Stop);
                    }
                }
            }
            Phase::Flight => match state.stage() {
                // (Folded beside the tray, the status says it.)
                Stage::Drawing if self.folded => {}
                Stage::Drawing => {
                    // The choices are on the table, by the cards drawn (the
                    // same buttons here as well puzzled a new player).
                    ui.label(if state.flight_left() > 0 {
                        "Click the Flight pile on the table to draw another card, or press \"Play these\" by the cards."
                    } else {
                        "The Flight pile is empty: press \"Play these\" by the cards."
                    });
                }
                Stage::Play(f) => {
                    if let Some((card, who)) = self.king_choice {
                        ui.label(format!(
                            "Both flyers share a row: the {} moves {} up or down?",
                            card.name(),
                            who.name()
                        ));
                        ui.horizontal(|ui| {
                            if ui.button("Up").clicked() {
                                action = Some(Action::Play { card, flyer: who, up: Some(true) });
                            }
                            if ui.button("Down").clicked() {
                                action = Some(Action::Play { card, flyer: who, up: Some(false) });
                            }
                        });
                    } else if !self.folded {
                        ui.label(format!("Drag a drawn card onto {0} (or click it, then {0}).", f.name()));
                    }
                }
                Stage::Specials { flyer, card, bonus } => {
                    action = Self::specials_choices_ui(ui, state, (flyer, card, bonus), self.folded);
                }
            },
            Phase::Wings | Phase::Over => {}
        }
        if let Some(a) = action {
            self.king_choice = None;
            self.propose(a, notices);
        }
    }

    /// The special moves, said: how they are made on the table, "Go on",
    /// and the list of them folded under it; the one chosen, if any.
    fn specials_choices_ui(
        ui: &mut Ui,
        state: &FeathersAndWax,
        (flyer, card, bonus): (crate::rules::feathers_wax::Flyer, crate::rules::cards::Card, bool),
        short: bool,
    ) -> Option<Action> {
        let mut action = None;
        // The moves are made on the table; the list of them
        // folded under it (a column of "5 up, 5 down…" buttons
        // read as a form: review 8).
        // (Folded beside the sky, the status and the words by the flyer
        // say it: the board ran off the window's foot: review 10.)
        if !short {
            ui.label(format!(
                "{0} may shed a wing section for one more move: pick one of his wing cards on the tray, \
                 then a ringed square on the sky. Or go on.",
                flyer.name()
            ));
        }
        // Each choice says where it leaves the flyer, and one
        // that loses the game says so on its face (review 7:
        // "7 up" put Icarus in the sun's row with his last
        // section, and the game was over with no warning).
        let mut choice = |ui: &mut Ui, words: String, a: Action, small: bool| {
            let (then, loses, _) = special_outcome(state, flyer, &a);
            let words = if loses { format!("{words}: loses the game") } else { words };
            // A losing move's button framed in the error colour,
            // its words in the button's own ink (red words on the
            // dark theme's button were hard to read: review 8).
            let text = RichText::new(words);
            let text = if loses { text.strong() } else { text };
            let button = if small { egui::Button::new(text).small() } else { egui::Button::new(text) };
            let button =
                if loses { button.stroke(egui::Stroke::new(2.0, ui.visuals().error_fg_color)) } else { button };
            if ui.add(button).on_hover_text(then).clicked() {
                action = Some(a);
            }
        };
        let go_on = if short { "Go on (no extra move)" } else { "Go on (no special movement)" };
        choice(ui, go_on.to_string(), Action::Done, false);
        egui::CollapsingHeader::new("The moves as a list").id_salt("fw-specials-list").show(ui, |ui| {
            if bonus && card.rank <= 10 && state.wings(flyer).contains(&card.rank) {
                let words = format!("Shed the {} for one more step right", words::value_label(card.rank));
                choice(ui, words, Action::Bonus(card.rank), false);
            }
            ui.label("Shed a section to move one row:");
            ui.horizontal_wrapped(|ui| {
                for &v in state.wings(flyer) {
                    for (up, way) in [(true, "up"), (false, "down")] {
                        let words = format!("{} {way}", words::value_label(v));
                        choice(ui, words, Action::Shift { value: v, up }, true);
                    }
                }
            });
        });
        if let Place::Sky { row, .. } = state.place(flyer) {
            if row == 0 {
                ui.label(
                    RichText::new("In the sun row now: a section will melt and the flyer drops two rows.")
                        .color(ui.visuals().warn_fg_color),
                );
            } else if row == SKY_ROWS - 1 {
                ui.label(
                    RichText::new("In the sea row now: a section will soak and the flyer rises two rows.")
                        .color(ui.visuals().warn_fg_color),
                );
            }
        }
        action
    }

    /// The end window's body: the reason, and for a lost game the
    /// "where did it go wrong?" analysis with its "undo back to it".
    pub(super) fn outcome_body(&mut self, ui: &mut Ui, outcome: &Outcome, frame: &mut Frame<'_>) {
        let won = !outcome.winners.is_empty();
        if let Some(a) = &mut self.analysis {
            if let Some(r) = a.poll() {
                self.analysis_result = Some(r.clone());
            }
            if !a.running() {
                self.analysis = None;
            }
        }
        ui.label(&outcome.reason);
        if won {
            return;
        }
        match &self.analysis_result {
            None if self.analysis.is_none() => {
                if ui.button("Where did it go wrong?").clicked() {
                    self.start_analysis(ui.ctx());
                }
            }
            Some(Analysis { done: true, worst: None, .. }) => {
                ui.label("No single decision of yours cost much: the cards were against you.");
            }
            Some(Analysis { done: true, worst: Some((cursor, before, after)), .. }) => {
                let words = self.table.session().log().get(*cursor).map_or(String::new(), |e| e.text.clone());
                ui.label(format!(
                    "Your move {} cost the most: \"{words}\" took the estimated chance from {:.0}% to {:.0}%.",
                    cursor + 1,
                    before * 100.0,
                    after * 100.0
                ));
                if ui.button("Undo back to it").clicked() {
                    frame.ask(Ask::UndoTo(*cursor));
                }
            }
            Some(Analysis { progress: (k, n), .. }) => {
                ui.add(
                    egui::ProgressBar::new(*k as f32 / (*n).max(1) as f32)
                        .text(format!("Looking at your decisions: {k} of {n}")),
                );
            }
            None => {
                ui.label("Looking at your decisions…");
            }
        }
    }

    /// Starts the "where did it go wrong?" analysis.
    pub fn start_analysis(&mut self, ctx: &egui::Context) {
        let session = self.table.session();
        let mut g = FeathersAndWax::new(session.setup(), session.seed());
        let mut decisions = Vec::new();
        for (i, action) in session.actions()[..session.cursor()].iter().enumerate() {
            if matches!(g.to_move(), ToMove::Seat(_)) {
                decisions.push(Decision { cursor: i, before: g.observation(Seat(0)), action: action.clone() });
            }
            g.apply_legal(action);
        }
        let ctx = ctx.clone();
        self.analysis = advisor::start_analysis(decisions, session.seed(), move || ctx.request_repaint());
        self.analysis_result = None;
    }

    /// Waits for the analysis (tests).
    pub fn finish_analysis(&mut self) -> Option<Analysis> {
        if let Some(a) = self.analysis.take() {
            self.analysis_result = a.finish();
        }
        self.analysis_result.clone()
    }
}

/// The meter's words: its header, the figure alone ("Win chance: 43%"),
/// and the line under it when opened, with how far the reckoning has got.
fn meter_words(reading: Option<&advisor::Reading>) -> (String, String) {
    let Some(r) = reading else {
        let words = "Win chance: estimating…".to_string();
        return (words.clone(), words);
    };
    let pct = (r.chance * 100.0).round();
    let how_far = match (r.done, r.exact) {
        (true, true) => "exact".to_string(),
        (true, false) => "estimated".to_string(),
        (false, true) => format!("exact count, {} orders so far", r.playouts),
        (false, false) => format!("estimating, {} playouts", r.playouts),
    };
    (format!("Win chance: {pct:.0}%"), format!("Win chance: {pct:.0}% ({how_far})"))
}

/// What a special move `a` of `flyer` leads to, in words, whether it
/// loses the game, and where it leaves him (None when it may not be made).
pub(super) fn special_outcome(
    state: &FeathersAndWax,
    flyer: crate::rules::feathers_wax::Flyer,
    a: &Action,
) -> (String, bool, Option<Place>) {
    // (On the player's own view of the game: the flight deck's order is
    // no part of it, and a special move draws nothing.)
    let mut next = state.observation(Seat(0));
    if let Err(v) = next.apply(a) {
        return (v.to_string(), false, None);
    }
    let loses = next.outcome().is_some_and(|o| o.winners.is_empty());
    let then = match next.place(flyer) {
        Place::Lost => format!("{} falls into the sea", flyer.name()),
        place => format!(
            "{} ends at {} with {}",
            flyer.name(),
            super::place_words(place),
            words::count(next.wings(flyer).len(), "wing section")
        ),
    };
    (if loses { format!("{then}, and the game is lost") } else { then }, loses, Some(next.place(flyer)))
}

/// The flight's cards on a small card of board: a line for each kind,
/// its pip first, then the extra moves a wing section buys, what the
/// sun and the sea do, and the swerve below the other flyer.
pub(super) fn what_the_cards_do(ui: &mut Ui, palette: &crate::ui::theme::Palette) {
    use crate::rules::cards::Suit;
    crate::ui::look::plate_frame(palette, None).inner_margin(10).show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.label(crate::ui::look::title(ui, "What the cards do", 15.0).color(palette.table.ink));
        let rows: [(Option<Suit>, &str, &str); 5] = [
            (Some(Suit::Hearts), "A\u{2013}10", "one column on, one row down"),
            (Some(Suit::Diamonds), "A\u{2013}10", "one column on and up: Daedalus one row, Icarus two"),
            (None, "J", "an updraft: one row up"),
            (None, "Q", "quiet air: one row down"),
            (None, "K", "one row away from the other flyer"),
        ];
        // (The suit's red lifted on the dark theme's board, where it sank.)
        let red = crate::ui::theme::mix(
            palette.red_suit,
            palette.table.on_plate,
            if ui.visuals().dark_mode { 0.4 } else { 0.0 },
        );
        egui::Grid::new("fw-cards-do").num_columns(2).spacing([8.0, 3.0]).show(ui, |ui| {
            for (suit, pip, what) in rows {
                // (The suit is painted, not typed: the faces have no ♥ or ♦.)
                ui.horizontal(|ui| {
                    ui.spacing_mut().item_spacing.x = 3.0;
                    let ink = if suit.is_some() { red } else { palette.table.on_plate };
                    if let Some(suit) = suit {
                        let (at, _) = ui.allocate_exact_size(egui::vec2(12.0, 14.0), egui::Sense::hover());
                        crate::ui::widgets::paint_suit(ui.painter(), at.center(), 11.0, suit, red);
                    }
                    ui.label(RichText::new(pip).size(14.0).strong().color(ink));
                });
                ui.add(egui::Label::new(RichText::new(what).size(12.5)).wrap());
                ui.end_row();
            }
        });
        let small = |text: &str| RichText::new(text).size(12.5).color(palette.table.faint);
        ui.add(
            egui::Label::new(small(
                "Then, if you wish: give up the wing section of a number card's value for one more column, \
                 or any section for a row up or down.",
            ))
            .wrap(),
        );
        ui.add(
            egui::Label::new(small(
                "A flyer that ends in the sun's row or over the sea loses a section and is pushed two rows back.",
            ))
            .wrap(),
        );
        ui.add(
            egui::Label::new(small(
                "Two flyers never share a square: one that would fly into the other's swerves to the square \
                 just below him and stops there (from the bottom row, into the sea).",
            ))
            .wrap(),
        );
    });
}

#[cfg(test)]
mod tests {
    use crate::ai::feathers_wax as advisor;

    /// Found as a flaky no-peek test: the header does not wrap, and a
    /// long one ("… (exact count, 1200 orders so far)") widened the side
    /// panel's layout, so the lines under it wrapped past the panel's
    /// edge, differently as the count grew. The header is the figure
    /// alone, whatever the state of the reckoning.
    #[test]
    fn the_meter_s_header_is_the_figure_alone() {
        for (done, exact) in [(false, false), (false, true), (true, false), (true, true)] {
            let r = advisor::Reading { chance: 0.4321, playouts: 123_456, done, exact };
            let (head, detail) = super::meter_words(Some(&r));
            assert_eq!(head, "Win chance: 43%");
            assert!(detail.starts_with("Win chance: 43% ("), "{detail}");
        }
        assert_eq!(super::meter_words(None).0, "Win chance: estimating…");
    }
}
