//! The middle of the table: the deck (the Peahen in its place once
//! drawn), the Train of five cards to swap with, a key to the cards new
//! since one's last turn, and, with the side panel folded away, the tray
//! of history buttons.

use egui::{Rect, RichText, Sense, Stroke, StrokeKind, Ui, Vec2, WidgetInfo};

use super::super::look;
use super::super::tab::Frame;
use super::super::theme::Palette;
use super::super::widgets;
use super::{
    Dragged, FeatherFace, PlumesView, Target, Viewer, action_for, card_label, cards, paint_peahen, show_feather,
};
use crate::rules::enchanted_plumes::{Action, EnchantedPlumes, Feather, Phase};
use crate::rules::{Game, Seat, words};

/// The room kept at the right of the Train for the tray of history
/// buttons (and, in a low window, the status over them).
const TRAY_ROOM: f32 = 240.0;

impl PlumesView {
    /// A card on the Train and the deck: a size larger than the plumes'
    /// at their largest, the shared cards the middle of the table (at the
    /// others' size they were two small islands in bare cloth), but in a
    /// low window.
    pub(super) fn train_card(&self) -> Vec2 {
        if self.compact { self.hand_card } else { self.hand_card * 1.12 }
    }

    /// The deck and the Train laid in `rect` (the middle of the table, or
    /// in a low window the hand's row), and what a click or a drop there
    /// asks.
    pub(super) fn supply_in(&mut self, ui: &mut Ui, palette: &Palette, frame: &mut Frame<'_>, rect: Rect) {
        let state = self.state().clone();
        let viewer = self.viewer();
        let acting = self.human_to_move().filter(|_| viewer != Viewer::Nobody);
        let dragging = egui::DragAndDrop::payload::<Dragged>(ui.ctx()).map(|d| d.0).or(self.selected);
        let (mut action, mut note) = (None, None);
        let mut inner = super::place::laid_in(ui, rect);
        self.supply_ui(&mut inner, palette, frame, (&state, viewer), (acting, dragging), (&mut action, &mut note));
        if let Some(n) = note {
            widgets::pointer_note(ui, &n, palette);
        }
        if let Some(a) = action {
            self.propose(a, frame.notices);
        }
    }

    /// The deck and the Train side by side in the middle of the table's
    /// width (the tray of history buttons, when the side panel is folded
    /// away, at its right end).
    fn supply_ui(
        &mut self,
        ui: &mut Ui,
        palette: &Palette,
        frame: &mut Frame<'_>,
        (state, viewer): (&EnchantedPlumes, Viewer),
        (acting, dragging): (Option<Seat>, Option<Feather>),
        (action, note): (&mut Option<Action>, &mut Option<String>),
    ) {
        let (ink, faint) = (palette.table.ink, palette.table.faint);
        let width = ui.available_width();
        // (The tray's room kept at its right, so the Train never runs
        // under it; a set room, not the tray's own width, which changes
        // with the status it says in a low window and moved the Train.)
        // (By the hand at a card table, the tray lies at the foot's right.)
        let tray_here = self.folded && !self.hand_in_front();
        let tray = if tray_here { TRAY_ROOM } else { 0.0 };
        let pad = ((width - self.supply_band.x) / 2.0).min(width - self.supply_band.x - tray).max(0.0);
        let row = ui.horizontal_top(|ui| {
            ui.add_space(pad);
            let laid = ui.horizontal_top(|ui| {
                self.deck_ui(ui, palette, state, acting.is_some(), action);
                ui.add_space(16.0);
                ui.vertical(|ui| {
                    let swap = "Drag a card from your hand onto a Train card to swap them.";
                    ui.horizontal(|ui| {
                        let title = ui.label(look::title(ui, "The Train", 17.0).color(ink));
                        if state.phase() != Phase::Over {
                            // How to swap, on hover: a rulebook's sentence lying
                            // on the table read as a form's help text.
                            title.on_hover_text(swap);
                        }
                        // The key to the blue gems on the title's line (a
                        // line of its own under the cards made the middle
                        // of the table a line taller).
                        if !self.compact {
                            ui.add_space(10.0);
                            self.fresh_note(ui, palette, state);
                        }
                    });
                    cards::empty_train(ui, palette, state, self.train_card());
                    self.train_cards_ui(ui, palette, state, (acting, dragging), (action, note));
                    cards::train_caption(ui, state, faint);
                });
            });
            let laid = laid.response.rect.size();
            if tray_here {
                ui.add_space(16.0);
                self.folded_ui(ui, frame, viewer);
            }
            laid
        });
        // (Measured without the tray, whose status wraps in a low window:
        // the table's rows above keep their room whatever it says.)
        let size = row.inner;
        if (size - self.supply_band).length() > 1.0 {
            self.supply_band = size;
            ui.ctx().request_discard("the Train's row changed size");
        }
    }

    /// With the side panel folded away, its buttons by the Train, and the
    /// status too unless the turn line by the hand says it.
    pub(super) fn folded_ui(&mut self, ui: &mut Ui, frame: &mut Frame<'_>, viewer: Viewer) {
        // The status is said by the turn line over the hand (or, during
        // a hand-off, by whose turn comes): not a second time here, where
        // it wrapped under the buttons in another face.
        let said_by_the_hand = matches!(viewer, Viewer::Seat(_)) || self.needs_hand_off();
        let label = ("Scores and log", &mut self.panel_open);
        if said_by_the_hand && !self.compact {
            // Wooden tokens lying by the hand (a tray of buttons read as
            // a program's controls; loose buttons, as a developer's).
            ui.vertical(|ui| frame.history_tokens_ui(ui, &self.table, label, true));
        } else {
            frame.folded_ui(ui, &self.table, label);
        }
    }

    /// The Train's five cards, each a drop target for a swap.
    fn train_cards_ui(
        &mut self,
        ui: &mut Ui,
        palette: &Palette,
        state: &EnchantedPlumes,
        (acting, dragging): (Option<Seat>, Option<Feather>),
        (action, note): (&mut Option<Action>, &mut Option<String>),
    ) {
        let now = ui.input(|i| i.time);
        let animate = self.settings.animations;
        // The Train's cards stand on a wooden rail (five loose cards on
        // the cloth read as "just cards, no board"), laid under them once
        // their row is measured.
        let rail = ui.painter().add(egui::Shape::Noop);
        let row = ui.horizontal(|ui| {
            for (i, &c) in state.train().iter().enumerate() {
                let fresh = self.fresh.train.contains(&i);
                let place = if fresh { "train (new since your last turn)" } else { "train" };
                let (_, r) = ui.allocate_exact_size(self.train_card(), Sense::click_and_drag());
                let drawn = self.slides.place(look::Slides::key(c), r.rect, None, now, animate);
                show_feather(ui, &r, drawn, palette, FeatherFace::Up(c), false, (place, None));
                if fresh {
                    Self::mark_fresh(ui.painter(), palette, r.rect, true);
                }
                let target = Target::Train(i as u8);
                if let Some(card) = dragging
                    && acting.is_some()
                    && state.phase() == Phase::Play
                {
                    let verdict = self.verdict(state, &action_for(card, target));
                    let near = r.dnd_hover_payload::<Dragged>().is_some();
                    if near && verdict.is_err() {
                        *note = note.take().or(widgets::tint_drop_zone(ui, r.rect, palette, &verdict));
                    } else if verdict.is_ok() {
                        look::drop_glow(ui.painter(), palette, r.rect.expand(2.0), near);
                    }
                }
                if let Some(d) = r.dnd_release_payload::<Dragged>() {
                    *action = Some(action_for(d.0, target));
                }
                if r.clicked()
                    && let Some(card) = self.selected
                {
                    *action = Some(action_for(card, target));
                }
            }
        });
        if !state.train().is_empty() {
            let under = row.response.rect.expand2(Vec2::new(7.0, 5.0));
            ui.painter().set(rail, cards::rail(ui.ctx(), palette, under));
        }
    }

    /// A key to the blue rings: a small ringed card and who laid them
    /// since (kept, empty, when there are none, so the table never jumps).
    fn fresh_note(&self, ui: &mut Ui, palette: &Palette, state: &EnchantedPlumes) {
        let since = self.fresh.key.filter(|_| !self.fresh.plumes.is_empty() || !self.fresh.train.is_empty());
        // As high with the key as without it, so nothing under it moves
        // when it comes and goes.
        let high = ui.text_style_height(&egui::TextStyle::Body).max(18.0);
        ui.horizontal(|ui| {
            ui.set_height(high);
            let (rect, _) = ui.allocate_exact_size(Vec2::new(16.0, high), Sense::hover());
            let Some((seat, _)) = since else {
                return;
            };
            Self::mark_fresh(ui.painter(), palette, Rect::from_center_size(rect.center(), Vec2::new(16.0, 0.0)), false);
            let words = format!("new since {}'s turn", state.seat_name(seat));
            ui.label(RichText::new(words).color(palette.table.faint))
                .on_hover_text("Cards with a blue gem at their top were laid since that turn");
        });
    }

    /// The deck (the Peahen in its place once drawn) and the way to draw.
    fn deck_ui(
        &mut self,
        ui: &mut Ui,
        palette: &Palette,
        state: &EnchantedPlumes,
        acting: bool,
        action: &mut Option<Action>,
    ) {
        let (ink, faint) = (palette.table.ink, palette.table.faint);
        // In a low window the deck's words stand beside it, not over and
        // under it: the lines go to the seats' mats.
        let beside = self.compact && !self.hand_in_front();
        let layout = if beside {
            egui::Layout::left_to_right(egui::Align::Min)
        } else {
            egui::Layout::top_down(egui::Align::Min)
        };
        ui.with_layout(layout, |ui| {
            if !beside {
                // A set width, so nothing beside it moves as its count
                // of cards shortens.
                ui.set_width(self.train_card().x + 40.0);
                // How many cards are left on the title's line (a line
                // more under the deck made the middle of the table taller
                // than the Train needs).
                ui.horizontal(|ui| {
                    ui.label(look::title(ui, "Deck", 17.0).color(ink));
                    ui.label(RichText::new(words::count(state.deck_len(), "card")).color(faint));
                });
            }
            let refused = self.verdict(state, &Action::Draw).err();
            let can_draw = acting && refused.is_none();
            let over = state.phase() == Phase::Over;
            let sense = if over { Sense::hover() } else { Sense::click() };
            let (rect, r) = ui.allocate_exact_size(self.train_card(), sense);
            self.deck_at = Some(rect);
            if over {
                // The Peahen, drawn, lies where the deck was.
                r.widget_info(|| WidgetInfo::labeled(egui::Role::Label, true, "the Peahen, drawn"));
                paint_peahen(ui.painter(), palette, rect);
            } else {
                // The deck is the way to draw, as at a table (a "Draw a
                // card" button under it read as a form): raised under the
                // pointer while a draw is allowed, a card's edge or two
                // under it as a stack has.
                let lift = if can_draw && r.hovered() { look::Lift::Raised } else { look::Lift::Flat };
                cards::paint_stack(ui.painter(), palette, rect, state.deck_len());
                cards::paint_back(ui.painter(), palette, rect, lift);
                let said = if can_draw { "Draw a card".to_string() } else { card_label("deck", FeatherFace::Down) };
                let role = if can_draw { egui::Role::Button } else { egui::Role::Image };
                r.widget_info(|| WidgetInfo::labeled(role, true, &said));
            }
            let r = if over {
                r
            } else if let Some(why) = refused.as_ref().filter(|_| acting) {
                // Why not, said before anyone tries.
                r.on_hover_text(format!("The Peahen is somewhere among the last 8 cards. Not now: {}", why.reason))
            } else {
                r.on_hover_text("The Peahen is somewhere among the last 8 cards. Click to draw.")
            };
            if can_draw {
                // A draw allowed: the deck ringed in gold, as the places a
                // card may go are.
                let ring = if state.legal_actions() == [Action::Draw] { 2.5 } else { 1.5 };
                ui.painter().rect_stroke(
                    rect.expand(3.0),
                    6.0,
                    Stroke::new(ring, palette.selection),
                    StrokeKind::Outside,
                );
            }
            let words = |ui: &mut Ui| {
                if beside {
                    ui.label(look::title(ui, "Deck", 17.0).color(ink));
                    ui.label(RichText::new(words::count(state.deck_len(), "card")).color(faint));
                }
                if over {
                    // Nothing to draw: the Peahen ended the game.
                    ui.label(RichText::new("The Peahen is drawn: the game is over").color(faint));
                }
                // (No "click to draw" under it: its gold ring, the turn's
                // words and its hover say so; the italic caption was "the
                // most software-like touch" to new players.)
            };
            if beside {
                ui.vertical(|ui| {
                    ui.set_width(90.0);
                    words(ui);
                });
            } else {
                words(ui);
            }
            if r.clicked() && can_draw {
                *action = Some(Action::Draw);
            }
        });
    }
}
