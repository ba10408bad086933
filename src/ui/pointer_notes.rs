//! Notes by the pointer: what a drop there would do, or why it would be
//! refused, in a small box that stands clear of the card carried under
//! the pointer and of a refused move's bubble.

use egui::{FontId, Pos2, Rect, Ui, Vec2};

use super::theme::{CARD_SIZE, Palette};
use super::widgets::{split_rule, upper_first};

/// Where a note by the pointer at `pos` starts: below and to the right,
/// and during a drag clear of the card or token carried under the pointer
/// (it hid the note's first words).
fn note_corner(ui: &Ui, pos: Pos2, size: Vec2) -> Pos2 {
    let corner = if egui::DragAndDrop::has_any_payload(ui.ctx()) || ui.ctx().dragged_id().is_some() {
        pos + Vec2::new(CARD_SIZE.x / 2.0 + 14.0, -8.0)
    } else {
        pos + Vec2::new(16.0, 16.0)
    };
    // A refusal's bubble stands under the spot that was tried: a note
    // there goes above the pointer instead of over the bubble (the two
    // stacked into one unreadable pile: review 8).
    let Some(bubble) = ui.ctx().data(|d| d.get_temp::<Rect>(refusal_key())) else { return corner };
    let at = |corner: Pos2| Rect::from_min_size(corner, size).expand(6.0);
    if !at(corner).intersects(bubble) {
        return corner;
    }
    let above = Pos2::new(corner.x, pos.y - 16.0 - size.y - 6.0);
    if !at(above).intersects(bubble) && above.y > ui.ctx().content_rect().top() {
        return above;
    }
    Pos2::new(bubble.right() + 12.0, corner.y)
}

/// Where the refused move's bubble stands this frame, kept in the
/// context's memory for the pointer's notes to stand clear of it.
#[must_use]
pub fn refusal_key() -> egui::Id {
    egui::Id::unique("aviary-refusal-bubble")
}

/// Whether a refused move's bubble stands (this frame or the last): the
/// notes of the things under it keep shut meanwhile.
#[must_use]
pub fn refusal_standing(ctx: &egui::Context) -> bool {
    ctx.data(|d| d.get_temp::<egui::Rect>(refusal_key())).is_some()
}

/// Shows `text` in a small neutral box next to the pointer (what a drag
/// will do).
pub fn pointer_note_info(ui: &Ui, text: &str, palette: &Palette) {
    let Some(pos) = ui.ctx().pointer_latest_pos() else { return };
    let galley = ui.painter().layout(text.to_string(), FontId::proportional(14.0), palette.text_on_note, 340.0);
    let rect = Rect::from_min_size(note_corner(ui, pos, galley.size()), galley.size()).expand(6.0);
    let painter =
        ui.ctx().layer_painter(egui::LayerId::new(egui::Order::Tooltip, egui::Id::unique("aviary-pointer-info")));
    painter.rect_filled(rect, 4.0, palette.note);
    painter.galley(rect.min + Vec2::splat(6.0), galley, palette.text_on_note);
}

/// Shows `text` in a small floating box next to the pointer (the reason a
/// hovered drop would be refused).
pub fn pointer_note(ui: &Ui, text: &str, palette: &Palette) {
    let Some(pos) = ui.ctx().pointer_latest_pos() else { return };
    // The reason first, the rule's id after it (as a refusal is said).
    let (rule, reason) = split_rule(text);
    let text = match rule {
        Some(id) => format!("{}\n{}", upper_first(reason), crate::ui::rules_text::rule_words(id)),
        None => upper_first(reason),
    };
    let galley = ui.painter().layout(text, FontId::proportional(14.0), palette.text_on_note, 320.0);
    let rect = Rect::from_min_size(note_corner(ui, pos, galley.size()), galley.size()).expand(6.0);
    let painter =
        ui.ctx().layer_painter(egui::LayerId::new(egui::Order::Tooltip, egui::Id::unique("aviary-pointer-note")));
    painter.rect_filled(rect, 4.0, palette.illegal.to_opaque().gamma_multiply(0.9));
    painter.galley(rect.min + Vec2::splat(6.0), galley, palette.text_on_note);
}

#[cfg(test)]
mod note_tests {
    use super::note_corner;
    use crate::ui::theme::CARD_SIZE;
    use egui::{Pos2, Rect};

    /// Found by a new player in the Feathers & Wax sky: the note saying
    /// what a drop will do lay under the card being dragged, its first
    /// words hidden ("f diamonds on Icarus…").
    #[test]
    fn a_note_by_the_pointer_clears_the_card_carried_under_it() {
        let ctx = egui::Context::default();
        let pos = Pos2::new(300.0, 300.0);
        let mut corners = Vec::new();
        for carrying in [false, true] {
            let mut out = ctx.run_ui(egui::RawInput::default(), |ui| {
                if carrying {
                    egui::DragAndDrop::set_payload(ui.ctx(), 7_u8);
                }
                corners.push(note_corner(ui, pos, egui::vec2(120.0, 20.0)));
            });
            out.textures_delta.clear();
        }
        // The card as it is carried: centred a little below the pointer.
        let card = Rect::from_center_size(pos + egui::vec2(0.0, CARD_SIZE.y * 0.2), CARD_SIZE);
        assert!(!card.contains(corners[1]), "the note starts clear of the carried card: {:?}", corners[1]);
        assert!(corners[0].x < corners[1].x, "with nothing carried it sits close by the pointer");
    }
}
