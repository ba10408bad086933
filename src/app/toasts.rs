//! The app's messages: toasts at the window's foot, and a refused move's
//! reason in a bubble by where the move was tried.

use egui::{RichText, Ui};

use super::{AviaryApp, Toast};
use crate::ui::Notice;
use crate::ui::theme;

impl AviaryApp {
    pub(super) fn notify(&mut self, ctx: &egui::Context, notices: Vec<Notice>) {
        if !notices.is_empty() || !self.lasting_notices.is_empty() {
            // Show them now, not at the next input.
            ctx.request_repaint();
        }
        let now = ctx.input(|i| i.time);
        let pointer = ctx.input(|i| i.pointer.latest_pos());
        for notice in notices {
            let at = if matches!(notice, Notice::Error(_)) { pointer } else { None };
            // The same message again (a failing write on every change)
            // refreshes its toast instead of piling up copies.
            match self.toasts.iter_mut().find(|t| t.notice == notice) {
                Some(t) => {
                    t.until = t.until.max(now + theme::TOAST_SECONDS);
                    t.at = at;
                }
                None => self.toasts.push(Toast { notice, until: now + theme::TOAST_SECONDS, at }),
            }
        }
        // What happened to the person's files stays until dismissed.
        for notice in std::mem::take(&mut self.lasting_notices) {
            self.toasts.push(Toast { notice, until: f64::INFINITY, at: None });
        }
        if self.toasts.len() > 5 {
            self.toasts.drain(..self.toasts.len() - 5);
        }
    }

    pub(super) fn toasts_ui(&mut self, ui: &mut Ui) {
        let now = ui.input(|i| i.time);
        self.toasts.retain(|t| t.until > now);
        if self.toasts.is_empty() {
            return;
        }
        let next = self.toasts.iter().map(|t| t.until).fold(f64::INFINITY, f64::min);
        if next.is_finite() {
            ui.ctx().request_repaint_after(std::time::Duration::from_secs_f64((next - now).max(0.05)));
        }
        self.refusals_ui(ui);
        if self.toasts.iter().all(|t| t.at.is_some()) {
            return;
        }
        // An overlay at the bottom right: a message appearing or going never
        // moves the board under the pointer.
        egui::Area::new(egui::Id::unique("aviary-toasts"))
            .order(egui::Order::Foreground)
            .anchor(egui::Align2::RIGHT_BOTTOM, egui::vec2(-12.0, -12.0))
            .interactable(true)
            .show(ui.ctx(), |ui| {
                egui::Frame::popup(ui.style()).show(ui, |ui| {
                    ui.set_max_width(520.0);
                    let mut dismiss = None;
                    for (i, t) in self.toasts.iter().enumerate().rev() {
                        if t.at.is_some() {
                            continue;
                        }
                        ui.horizontal(|ui| {
                            let (text, colour) = match &t.notice {
                                Notice::Error(s) => (format!("(!) {s}"), ui.visuals().error_fg_color),
                                Notice::Info(s) => (s.clone(), ui.visuals().text_color()),
                            };
                            if ui.small_button("×").on_hover_text("Dismiss").clicked() {
                                dismiss = Some(i);
                            }
                            // Long messages (file paths) wrap instead of running off the window.
                            ui.add(egui::Label::new(RichText::new(text).color(colour).strong()).wrap());
                        });
                    }
                    if let Some(i) = dismiss {
                        self.toasts.remove(i);
                    }
                });
            });
    }

    /// While a refused move's bubble stands, no pointer's note opens (a
    /// plume's note on how it scores opened over the reason a card was
    /// refused, where it had been dropped); after, they open as before.
    pub(super) fn quiet_notes_under_a_refusal(&self, ctx: &egui::Context) {
        let bubble = self.toasts.iter().any(|t| t.at.is_some());
        // (No grace either: a note shown a moment before, as the card was
        // picked up, let the next open at once.)
        let (delay, grace) = if bubble { (f32::INFINITY, 0.0) } else { (theme::TOOLTIP_DELAY, theme::TOOLTIP_GRACE) };
        if ctx.global_style().interaction.tooltip_delay.to_bits() != delay.to_bits() {
            ctx.all_styles_mut(|s| {
                s.interaction.tooltip_delay = delay;
                s.interaction.tooltip_grace_time = grace;
            });
        }
    }

    /// A refused move's reason in a bubble just under where the move was
    /// tried, pointing at it; the next press anywhere puts it away. Only the
    /// newest refusal is shown: an older one would only say what was
    /// tried before.
    fn refusals_ui(&mut self, ui: &mut Ui) {
        ui.ctx().data_mut(|d| d.remove::<egui::Rect>(crate::ui::widgets::refusal_key()));
        let Some(i) = self.toasts.iter().rposition(|t| t.at.is_some()) else { return };
        let (Some(at), Notice::Error(text)) = (self.toasts[i].at, &self.toasts[i].notice) else { return };
        let palette = theme::palette(ui.visuals().dark_mode);
        let screen = ui.ctx().content_rect();
        let width = 340.0_f32.min(screen.width() - 24.0);
        // Under the pointer, or over it near the window's foot.
        let below = at.y + 120.0 < screen.bottom();
        let left = (at.x - 40.0).clamp(screen.left() + 12.0, screen.right() - width - 12.0);
        let (pivot, y) =
            if below { (egui::Align2::LEFT_TOP, at.y + 22.0) } else { (egui::Align2::LEFT_BOTTOM, at.y - 22.0) };
        // The next press anywhere puts it away (it is see-through to the
        // pointer: a bubble over the board must not catch the next try).
        let shown_since = self.toasts[i].until - theme::TOAST_SECONDS;
        if ui.input(|inp| inp.pointer.any_pressed() && inp.time > shown_since + 0.05) {
            self.toasts.remove(i);
            return;
        }
        let shown = egui::Area::new(egui::Id::unique("aviary-refusal"))
            .order(egui::Order::Tooltip)
            .pivot(pivot)
            .fixed_pos(egui::Pos2::new(left, y))
            .interactable(false)
            .show(ui.ctx(), |ui| {
                egui::Frame::popup(ui.style())
                    .fill(palette.table.plate)
                    .stroke(egui::Stroke::new(2.0, ui.visuals().error_fg_color))
                    .corner_radius(8)
                    .show(ui, |ui| {
                        ui.set_max_width(width);
                        ui.visuals_mut().override_text_color = Some(palette.table.on_plate);
                        let (rule, reason) = crate::ui::widgets::split_rule(text);
                        ui.add(
                            egui::Label::new(RichText::new(crate::ui::widgets::upper_first(reason)).strong()).wrap(),
                        );
                        if let Some(rule) = rule {
                            ui.label(
                                RichText::new(crate::ui::rules_text::rule_words(rule))
                                    .size(12.5)
                                    .color(palette.table.faint),
                            );
                        }
                    })
            });
        // The bubble's point, towards the spot that was tried.
        let r = shown.response.rect;
        ui.ctx().data_mut(|d| d.insert_temp(crate::ui::widgets::refusal_key(), r));
        let tip_x = at.x.clamp(r.left() + 14.0, r.right() - 14.0);
        let (base_y, tip_y) = if below { (r.top() + 1.0, at.y + 8.0) } else { (r.bottom() - 1.0, at.y - 8.0) };
        let painter = ui.ctx().layer_painter(shown.response.layer_id);
        painter.add(egui::epaint::PathShape::convex_polygon(
            vec![
                egui::Pos2::new(tip_x - 9.0, base_y),
                egui::Pos2::new(tip_x, tip_y),
                egui::Pos2::new(tip_x + 9.0, base_y),
            ],
            ui.visuals().error_fg_color,
            egui::Stroke::NONE,
        ));
    }
}
