//! Phase 2 on screen: the two wing racks and the spades dragged onto them
//! (or clicked, then the rack or the pool clicked; Enter or Space on the
//! focused spade and place does the same).

use egui::{RichText, Sense, Ui, UiBuilder, Vec2, WidgetInfo};

use crate::rules::Game;
use crate::rules::cards::{Card, Suit};
use crate::rules::feathers_wax::{Action, Flyer};
use crate::ui::Notice;
use crate::ui::theme::{self, Palette};
use crate::ui::widgets::{self, CardFace};

use super::{Drag, FeathersView};

impl FeathersView {
    pub(super) fn wings_ui(&mut self, ui: &mut Ui, palette: &Palette, notices: &mut Vec<Notice>) {
        let state = self.state().clone();
        let human = self.my_turn();
        // A low window (800x600): the wax as index cards, the racks side by
        // side, so the leap stays in view.
        let low = ui.available_height() < 640.0;
        ui.label(crate::ui::look::title(ui, "Build the wings", 24.0));
        // One line of what to do; the why and the how on hover.
        let intro = ui.label(
            RichText::new(format!(
                "Drag each feather (spade) onto Icarus's or Daedalus's rack: {} to share, at least one each.",
                crate::rules::words::count(state.sections(), "wing section"),
            ))
            .color(palette.table.faint),
        );
        intro.on_hover_text(
            "Each feather is bound to its rack by one wax (a club): a wing section. Or click a spade, then the rack. \
             In flight, a card of a section's value lets its flyer shed that section for an extra step right.",
        );
        ui.add_space(6.0);
        let (mut action, note) = self.pool_ui(ui, palette, &state, (human, low));
        ui.add_space(8.0);
        let (rack_action, rack_note) = self.racks_ui(ui, palette, &state, (human, low));
        action = action.or(rack_action);
        let note = note.or(rack_note);
        ui.add_space(8.0);
        let launch = state.check(&Action::Launch);
        let button = ui
            .horizontal(|ui| {
                let button = ui.add_enabled(
                    human && launch.is_ok(),
                    egui::Button::new(RichText::new("Leap from the tower").strong()),
                );
                if let Err(v) = &launch {
                    // What is still to do, beside the button; its rule on hover.
                    let said = RichText::new(widgets::upper_first(&v.reason)).color(palette.table.faint);
                    ui.label(said).on_hover_text(crate::ui::rules_text::rule_words(v.rule));
                }
                button
            })
            .inner;
        if button.clicked() {
            action = Some(Action::Launch);
        }
        // The flight ahead, in the room left under the racks.
        ui.add_space(10.0);
        let space = ui.available_rect_before_wrap();
        if space.height() > 140.0 {
            ui.label(
                RichText::new(
                    "The flight ahead: from the tower, over the sky, to the safe shore on the right. The sun's row \
                     and the sea's row each cost a wing section.",
                )
                .color(palette.table.faint),
            );
            let space = ui.available_rect_before_wrap().shrink2(Vec2::new(0.0, 6.0));
            let sections = [state.wings(Flyer::Icarus).len(), state.wings(Flyer::Daedalus).len()];
            super::scenery::sky_preview(ui.painter(), palette, space, sections);
        }
        if let Some(text) = note {
            widgets::pointer_note(ui, &text, palette);
        }
        if let Some(a) = action {
            if human {
                self.propose(a, notices);
            } else {
                notices.push(Notice::Error("Wait: the cards are being drawn".into()));
            }
        }
    }

    /// The tray of spades still to lay and the wax that binds them. A spade
    /// dropped on it, or a chosen one on a rack and then the tray clicked,
    /// comes off its rack.
    fn pool_ui(
        &mut self,
        ui: &mut Ui,
        palette: &Palette,
        state: &crate::rules::feathers_wax::FeathersAndWax,
        (human, low): (bool, bool),
    ) -> (Option<Action>, Option<String>) {
        let mut action: Option<Action> = None;
        let mut note = None;
        // The pool. Its click sense is registered under the spades (a
        // sensing scope), so a click on a spade reaches the spade and a click
        // beside them reaches the pool: click a spade on a rack, then the pool.
        let pool = ui.scope_builder(UiBuilder::new().id_salt("spade pool").sense(Sense::click()), |ui| {
            crate::ui::look::on_cloth(ui, palette, |ui| {
                ui.set_min_size(Vec2::new(ui.available_width().min(640.0), theme::CARD_SIZE.y + 24.0));
                ui.horizontal_wrapped(|ui| {
                    ui.vertical(|ui| {
                        ui.label(crate::ui::look::title(ui, "The feathers (spades) to lay on a rack", 15.0));
                        // (Nothing to lay here: a spade goes back by a click
                        // on the pool itself.)
                        let _ = self.spades_ui(ui, palette, &state.unassigned(), (human, None));
                    });
                    ui.add_space(24.0);
                    // The wax that binds them, as gathered in the labyrinth.
                    let wax = state.held(Suit::Clubs);
                    let binding = state.sections() - state.unassigned().len();
                    let words = match binding {
                        0 => format!("The wax (clubs) to bind them: {}", wax.len()),
                        n => format!("The wax (clubs): {n} of {} binding", wax.len()),
                    };
                    if low {
                        ui.end_row();
                        ui.label(crate::ui::look::title(ui, words, 15.0));
                        for (k, &v) in wax.iter().enumerate() {
                            let r = widgets::small_card(ui, palette, Card::new(v, Suit::Clubs));
                            if k < binding {
                                ui.painter().rect_filled(r.rect, 4.0, palette.table.cloth.gamma_multiply(0.6));
                            }
                        }
                        return;
                    }
                    ui.vertical(|ui| {
                        ui.label(crate::ui::look::title(ui, words, 15.0));
                        // Level with the spades (which keep room to be raised).
                        ui.add_space(6.0);
                        // A wax binding a feather on a rack lies melted: faded,
                        // with its dab of honey (one per section laid).
                        ui.horizontal_wrapped(|ui| {
                            for (k, &v) in wax.iter().enumerate() {
                                let r = widgets::lying_card(ui, palette, Card::new(v, Suit::Clubs));
                                if k < binding {
                                    melted(ui.painter(), palette, r.rect);
                                }
                            }
                        });
                    });
                });
            });
        });
        let pool_resp = pool.response;
        pool_resp.widget_info(|| WidgetInfo::labeled(egui::Role::Button, true, "spade pool"));
        if let Some(d) = pool_resp.dnd_hover_payload::<Drag>()
            && let Drag::Spade(v) = *d
            && !state.unassigned().contains(&v)
        {
            note = note.or(widgets::tint_drop_zone(ui, pool_resp.rect, palette, &state.check(&Action::Unwing(v))));
        }
        if let Some(d) = pool_resp.dnd_release_payload::<Drag>()
            && let Drag::Spade(v) = *d
            && !state.unassigned().contains(&v)
        {
            action = Some(Action::Unwing(v));
        }
        if pool_resp.clicked()
            && let Some(v) = self.selected_spade.take()
            && !state.unassigned().contains(&v)
        {
            action = Some(Action::Unwing(v));
        }
        (action, note)
    }

    /// The two wing racks, each a drop place for a spade (or a click once
    /// one is chosen), with the flyer and the feathers laid on it.
    fn racks_ui(
        &mut self,
        ui: &mut Ui,
        palette: &Palette,
        state: &crate::rules::feathers_wax::FeathersAndWax,
        (human, low): (bool, bool),
    ) -> (Option<Action>, Option<String>) {
        let mut action: Option<Action> = None;
        let mut rack_note = None;
        // The two racks share the table's width (less their margins), one
        // above the other in a narrow window.
        let narrow = !low && ui.available_width() < 2.0 * (300.0 + 28.0) + 12.0;
        let wide = if narrow {
            (ui.available_width() - 28.0).max(240.0)
        } else {
            ((ui.available_width() - 12.0) / 2.0 - 28.0).min(500.0)
        };
        let layout = if narrow {
            egui::Layout::top_down(egui::Align::Min)
        } else {
            egui::Layout::left_to_right(egui::Align::Min)
        };
        ui.with_layout(layout, |ui| {
            for flyer in Flyer::BOTH {
                // A sensing scope, like the pool: its spades stay clickable.
                let builder = UiBuilder::new().id_salt(("rack", flyer as u8)).sense(Sense::click());
                // A wooden rack: the flyer with a feather a side for each
                // section laid, and the spades laid along it.
                let frame = ui.scope_builder(builder, |ui| {
                    let under = ui.painter().add(egui::Shape::Noop);
                    let shown = egui::Frame::new().inner_margin(10).corner_radius(8).show(ui, |ui| {
                        ui.set_min_size(Vec2::new(wide, theme::CARD_SIZE.y + 30.0));
                        ui.horizontal_top(|ui| {
                            let (fig, _) = ui.allocate_exact_size(
                                Vec2::new(if low { 56.0 } else { 86.0 }, theme::CARD_SIZE.y + 30.0),
                                Sense::hover(),
                            );
                            super::scenery::winged_flyer(
                                ui.painter(),
                                palette,
                                fig.center() + Vec2::new(0.0, 8.0),
                                if low { 16.0 } else { 23.0 },
                                flyer == Flyer::Daedalus,
                                state.wings(flyer).len(),
                            );
                            ui.vertical(|ui| {
                                let ink = palette.text_on(palette.table.wood[1]);
                                let words = format!(
                                    "{}{}: {}",
                                    flyer.name(),
                                    if low { "" } else { "'s wings" },
                                    crate::rules::words::count(state.wings(flyer).len(), "section")
                                );
                                ui.label(crate::ui::look::title(ui, words, 16.0).color(ink));
                                if let Some(a) = self.spades_ui(ui, palette, state.wings(flyer), (human, Some(flyer))) {
                                    action = Some(a);
                                }
                            });
                        });
                    });
                    let rect = shown.response.rect;
                    ui.painter().set(under, crate::ui::look::wood(ui.ctx(), rect, palette, 8.0));
                    ui.painter().rect_stroke(
                        rect,
                        8.0,
                        egui::Stroke::new(1.5, palette.table.wood[2]),
                        egui::StrokeKind::Inside,
                    );
                });
                let resp = frame.response;
                let rect = resp.rect;
                let label = format!("{}'s wing rack", flyer.name());
                resp.widget_info(|| WidgetInfo::labeled(egui::Role::Button, true, label.clone()));
                if let Some(d) = resp.dnd_hover_payload::<Drag>()
                    && let Drag::Spade(v) = *d
                {
                    let verdict = state.check(&Action::Wing { value: v, flyer });
                    rack_note = rack_note.take().or(widgets::tint_drop_zone(ui, rect, palette, &verdict));
                }
                if let Some(d) = resp.dnd_release_payload::<Drag>()
                    && let Drag::Spade(v) = *d
                {
                    action = Some(Action::Wing { value: v, flyer });
                }
                if resp.clicked()
                    && let Some(v) = self.selected_spade.take()
                {
                    action = Some(Action::Wing { value: v, flyer });
                }
            }
        });
        (action, rack_note)
    }

    /// A row of spades, each draggable and selectable by a click (click it
    /// again to let go). On `rack`, a click on one of its spades while
    /// another is chosen lays the chosen one there, as a click on the rack
    /// does. More spades than the row's width overlap, as cards fanned on a
    /// table do, so the row never grows a line.
    fn spades_ui(
        &mut self,
        ui: &mut Ui,
        palette: &Palette,
        values: &[u8],
        (human, rack): (bool, Option<Flyer>),
    ) -> Option<Action> {
        let mut action = None;
        // How many spades still wait in the pool (a rack then shows a place).
        let free = if human { self.state().unassigned().len() } else { 0 };
        ui.horizontal(|ui| {
            let (w, n) = (theme::CARD_SIZE.x, values.len() + usize::from(rack.is_some() && free > 0));
            let gap = ui.spacing().item_spacing.x;
            if n > 1 && n as f32 * (w + gap) - gap > ui.available_width() {
                ui.spacing_mut().item_spacing.x = ((ui.available_width() - w) / (n - 1) as f32 - w).max(-w * 0.7);
            }
            for &v in values {
                let chosen = self.selected_spade == Some(v);
                let r = widgets::card_ui(ui, palette, CardFace::Up(Card::new(v, Suit::Spades)), chosen);
                if rack.is_some() {
                    // Bound to the rack by its wax.
                    wax_dab(ui.painter(), palette, r.rect);
                }
                if human {
                    r.dnd_set_drag_payload(Drag::Spade(v));
                }
                if r.clicked() {
                    match (rack, self.selected_spade) {
                        (Some(flyer), Some(other)) if other != v && !values.contains(&other) => {
                            self.selected_spade = None;
                            action = Some(Action::Wing { value: other, flyer });
                        }
                        _ => self.selected_spade = if chosen { None } else { Some(v) },
                    }
                }
            }
            if rack.is_some() && free > 0 {
                // The place for the next feather, while some wait.
                let (rect, r) = ui.allocate_exact_size(theme::CARD_SIZE + Vec2::new(0.0, 6.0), Sense::hover());
                r.widget_info(|| WidgetInfo::labeled(egui::Role::Image, true, "place for a feather"));
                empty_place(
                    ui.painter(),
                    palette,
                    egui::Rect::from_min_size(rect.min + Vec2::new(0.0, 6.0), theme::CARD_SIZE),
                );
            }
        });
        action
    }
}

/// The dab of honey-coloured wax that binds a feather to its rack, on
/// the card's top edge (between its index and its pips, clear of both).
fn wax_dab(painter: &egui::Painter, palette: &Palette, card: egui::Rect) {
    let at = card.center_top() + Vec2::new(0.0, -1.0);
    let stroke = egui::Stroke::new(1.0, palette.honey_rim);
    painter.add(egui::Shape::ellipse_filled(at, Vec2::new(13.0, 7.0), palette.honey));
    painter.add(egui::Shape::ellipse_stroke(at, Vec2::new(13.0, 7.0), stroke));
    // Two drips run down the card.
    for (dx, len) in [(-5.0, 4.0), (4.0, 6.0)] {
        let top = at + Vec2::new(dx, 3.0);
        painter.line_segment([top, top + Vec2::new(0.0, len)], egui::Stroke::new(3.0, palette.honey));
        painter.circle_filled(top + Vec2::new(0.0, len), 2.0, palette.honey);
    }
    painter.circle_filled(at + Vec2::new(-3.0, -1.5), 1.5, palette.card_face.gamma_multiply(0.7));
}

/// A club whose wax binds a feather on a rack: washed out, with its dab.
fn melted(painter: &egui::Painter, palette: &Palette, card: egui::Rect) {
    painter.rect_filled(card, 6.0, palette.table.cloth.gamma_multiply(0.6));
    wax_dab(painter, palette, card);
}

/// A dashed card's place on a rack: where the next feather goes.
fn empty_place(painter: &egui::Painter, palette: &Palette, rect: egui::Rect) {
    let r = rect.shrink(1.0);
    let ink = palette.text_on(palette.table.wood[1]).gamma_multiply(0.6);
    let outline = [r.left_top(), r.right_top(), r.right_bottom(), r.left_bottom(), r.left_top()];
    painter.extend(egui::Shape::dashed_line(&outline, egui::Stroke::new(1.5, ink), 6.0, 4.0));
    painter.text(r.center(), egui::Align2::CENTER_CENTER, "feather\nhere", egui::FontId::proportional(12.0), ink);
}
