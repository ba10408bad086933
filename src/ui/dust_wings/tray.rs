//! The hand under the meadow: a wooden dish the butterflies picked up
//! land in, each one dragged (or clicked, then a lit space) from there;
//! empty, it says what to do, and under it the key to the way drawn on
//! the meadow.

use egui::{Pos2, Rect, RichText, Sense, Stroke, StrokeKind, Ui, Vec2, WidgetInfo};

use super::{Dragged, Spot, WingsView, cards, meadow, paint_butterfly};
use crate::rules::Game;
use crate::rules::dust_wings::{Colour, Stage};
use crate::ui::look;
use crate::ui::theme::{self, Palette};

/// The pitch of a butterfly in the dish, and the dish's height.
const SLOT: f32 = 42.0;
const DISH_HIGH: f32 = 50.0;
/// The dish holds this many before its butterflies close up.
const SLOTS: usize = 6;

/// Paints the dish: a tray of wood with a sunken floor of cloth, and
/// `slots` faint hollows where butterflies lie.
fn paint_dish(ui: &Ui, palette: &Palette, dish: Rect, slots: usize, pitch: f32) {
    let painter = ui.painter();
    painter.add(
        egui::epaint::RectShape::filled(dish.translate(Vec2::new(1.0, 3.0)), 12.0, palette.table.shadow)
            .with_blur_width(8.0),
    );
    look::paint_wood(ui, dish, palette, 12.0);
    let floor = dish.shrink(5.0);
    painter.add(look::cloth(ui.ctx(), floor, palette, 8.0));
    // Sunk below the rim: shade under its top edge.
    let lip = Rect::from_min_size(floor.min, Vec2::new(floor.width(), 8.0));
    look::fade(painter, lip, palette.table.shadow, egui::Color32::TRANSPARENT);
    painter.rect_stroke(floor, 8.0, Stroke::new(1.0, palette.table.wood[2]), StrokeKind::Inside);
    for k in 0..slots {
        let at = Pos2::new(floor.left() + 6.0 + (k as f32 + 0.5) * pitch, floor.center().y);
        painter.circle_stroke(at, pitch * 0.36, Stroke::new(1.0, palette.table.wood[2].gamma_multiply(0.35)));
    }
}

/// How many of colour `c` a hand of `tray` holds (none without a hand).
fn t_of(tray: Option<[u8; 3]>, c: Colour) -> u8 {
    tray.map_or(0, |t| t[c as usize])
}

impl WingsView {
    /// The hand: whose it is, the dish with the butterflies in it (or
    /// what to do while it is empty), and a line under it.
    pub(super) fn tray_ui(&mut self, ui: &mut Ui, palette: &Palette) {
        let state = self.state().clone();
        let human = self.human_to_move();
        let tray = match state.stage() {
            Stage::Disperse { tray, .. } => Some(*tray),
            _ => None,
        };
        // Whose hand: one's own, or the computer's (or a friend's) as it
        // lays them along its path.
        let whose = match state.to_move().seat() {
            Some(s) if !human => format!("{}'s hand:", state.seat_name(s)),
            _ => "In hand:".to_string(),
        };
        let arriving = self.arriving(Spot::Hand);
        let held: Vec<Colour> = tray.map(|t| meadow::one_by_one(t).collect()).unwrap_or_default();
        ui.horizontal(|ui| {
            ui.label(RichText::new(whose).strong());
            // The dish keeps its size when empty, so the meadow above never
            // moves under the pointer when butterflies are picked up.
            let wide = (SLOTS.max(held.len()) as f32 * SLOT + 22.0).min(ui.available_width() - 8.0).max(120.0);
            let (dish, _) = ui.allocate_exact_size(Vec2::new(wide, DISH_HIGH), Sense::hover());
            let pitch = ((dish.width() - 22.0) / SLOTS.max(held.len()) as f32).min(SLOT);
            // A hollow under each butterfly held, none spare (a row of
            // empty rings read as missing butterflies).
            paint_dish(ui, palette, dish, held.len(), pitch);
            self.hand_at = Some(dish.left_center() + Vec2::new(11.0 + pitch * 0.5, 0.0));
            if held.is_empty() {
                // (Another player's turn: their empty hand, and no words
                // that read as if it were one's own to play.)
                let what = match (state.stage(), human) {
                    (Stage::Pick, true) => "Empty: click a space to pick up its butterflies",
                    (Stage::Claim { .. }, true) => "Empty: take a card the last space fulfils",
                    (Stage::Pick | Stage::Claim { .. }, false) => "Empty: their turn",
                    _ => "Empty",
                };
                // Two short lines fit inside the dish at any window size.
                let words = RichText::new(what).italics().size(12.5).color(palette.table.ink.gamma_multiply(0.85));
                ui.put(dish.shrink2(Vec2::new(14.0, 6.0)), egui::Label::new(words).wrap()).on_hover_text(what);
            }
            let mut seen = [0u8; 3];
            for (i, &c) in held.iter().enumerate() {
                let k = seen[c as usize];
                seen[c as usize] += 1;
                let at = Pos2::new(dish.left() + 11.0 + (i as f32 + 0.5) * pitch, dish.center().y);
                let rect = Rect::from_center_size(at, Vec2::splat(pitch.min(40.0)));
                let resp = ui.interact(rect, ui.scope_id().with(("hand", c as u8, k)), Sense::click_and_drag());
                // (The one clicked is ringed, or the last of its colour
                // once those after it are dropped.)
                let chosen = self.selected == Some(c) && k == self.selected_one.min(t_of(tray, c).saturating_sub(1));
                self.butterfly_in_hand(ui, palette, (rect, &resp), (c, k, chosen), k < arriving[c as usize]);
            }
        });
        if tray.is_some() {
            let undo = crate::ui::commands::UNDO.keys_text(ui.ctx());
            let how = meadow::tray_words(human, self.compact, &undo);
            // One line, the whole on hover: wrapped, it grew the tray and
            // the meadow above jumped as the butterflies were picked up.
            // (In the table's ink: egui's weak grey was dim on the dark felt.)
            let words = RichText::new(how.clone()).color(palette.table.ink.gamma_multiply(0.85));
            ui.add(egui::Label::new(words).truncate()).on_hover_text(how);
            return;
        }
        // Whose way the marks on the meadow are, named here (a name plate
        // on the meadow lay over butterflies).
        let at = self.table.session().cursor();
        match meadow::last_turn(&self.table.session().actions()[..at], self.table.session().log()) {
            Some((seat, _)) if state.stage() == &Stage::Pick => {
                let words = format!("{}'s last turn", state.seat_name(seat));
                ui.horizontal(|ui| {
                    meadow::way_legend(ui, palette, theme::seat_colour(palette, seat), &words);
                    if self.renewal.after().is_some() {
                        cards::renewal_legend(ui, palette, self.compact);
                    }
                });
            }
            _ => _ = ui.label(RichText::new(" ").weak()),
        }
    }

    /// One butterfly in the dish (`flying` while it is still on its way
    /// there, drawn in flight): ringed when chosen, dragged from or
    /// clicked to choose it.
    fn butterfly_in_hand(
        &mut self,
        ui: &Ui,
        palette: &Palette,
        (rect, resp): (Rect, &egui::Response),
        (c, k, selected): (Colour, u8, bool),
        flying: bool,
    ) {
        let label = format!("hand {} butterfly", c.name());
        resp.widget_info(|| WidgetInfo::selected(egui::Role::Button, true, selected, label.clone()));
        if selected {
            ui.painter().circle_stroke(rect.center(), rect.width() * 0.5, Stroke::new(2.5, palette.selection));
        } else if resp.hovered() && self.human_to_move() {
            ui.painter().circle_stroke(
                rect.center(),
                rect.width() * 0.5,
                Stroke::new(1.5, palette.selection.gamma_multiply(0.6)),
            );
        }
        if !flying {
            paint_butterfly(ui.painter(), palette, rect.center(), rect.width() * 0.85, c);
        }
        if self.human_to_move() {
            resp.dnd_set_drag_payload(Dragged(c));
            if resp.dragged()
                && let Some(pos) = ui.ctx().pointer_latest_pos()
            {
                let layer = egui::LayerId::new(egui::Order::Tooltip, egui::Id::unique("dw-ghost"));
                paint_butterfly(&ui.ctx().layer_painter(layer), palette, pos, 36.0, c);
            }
            if resp.clicked() {
                self.selected = if selected { None } else { Some(c) };
                self.selected_one = k;
            }
        }
    }
}
