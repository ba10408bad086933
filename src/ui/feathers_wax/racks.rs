//! What Daedalus has gathered in the labyrinth, laid on the table as it
//! would be: two wooden racks under the board, one for the feathers and
//! one for the wax, each with a row of pegs the pieces are hung on as he
//! gathers them (two plain boxes saying "none yet" read as an empty
//! form: review 4).

use egui::{Align2, Pos2, Rect, RichText, Sense, Stroke, StrokeKind, Ui, Vec2, WidgetInfo};

use crate::rules::cards::{Card, Suit};
use crate::rules::feathers_wax::FeathersAndWax;
use crate::ui::look;
use crate::ui::theme::{Palette, mix};

use super::{FeathersView, paint_feather, paint_hive};

/// Each rack has a peg for every card of its suit that can be gathered
/// (Ace to 10).
const PEGS: usize = 10;

impl FeathersView {
    /// The key to the board's nests and hives, the two racks, and the wing
    /// sections they make (`low`: a low window, everything on one line).
    pub(super) fn held_ui(&mut self, ui: &mut Ui, palette: &Palette, low: bool) {
        let state = &self.state().clone();
        let (now, animate) = (ui.input(|i| i.time), self.settings.animations);
        // A piece gathered flies from its deck to its peg.
        let decks = self.deck_at;
        let slides = &mut self.racks;
        let mut place = |suit: Suit, value: u8, peg: Rect| {
            let from = decks[usize::from(suit == Suit::Clubs)];
            slides.place(look::Slides::key(("fw-held", suit == Suit::Clubs, value)), peg, from, now, animate)
        };
        let edge = if state.refreshed_east() { "west" } else { "east" };
        let key = if low {
            format!("Nests give feathers, hives give wax; the tinted {edge} column makes used ones fresh.")
        } else {
            format!(
                "Nests give feathers (a spade each), straw hives give wax (a club each); a used one carries a \
                 wooden marker until Daedalus reaches the tinted {edge} column, which makes them all fresh again."
            )
        };
        if !low {
            // (Clear of the board's plinth: close under it, it read as
            // part of the board.)
            ui.add_space(6.0);
            ui.label(RichText::new(key.clone()).size(12.0).color(palette.table.faint));
        }
        ui.horizontal_top(|ui| {
            let room = ui.available_width() - if low { 110.0 } else { 200.0 };
            let wide = (room / 2.0 - 8.0).clamp(150.0, 300.0);
            // Racks at their full height wherever there is room for them,
            // the key's line aside (a low window's were 40 points high over
            // an empty band: review 8).
            let flat = low && ui.available_height() < 92.0;
            for suit in [Suit::Spades, Suit::Clubs] {
                rack(ui, palette, state, suit, (wide, flat), &key, &mut place);
            }
            ui.vertical(|ui| {
                ui.add_space(if low { 2.0 } else { 8.0 });
                let n = state.sections();
                // (In a low window without "These make": at 800 wide it
                // wrapped onto a second line.)
                let sections = crate::rules::words::count(n, "wing section");
                let words = if low { sections } else { format!("These make {sections}") };
                let explain = "one for each feather with a wax to bind it";
                let heading = ui.label(look::title(ui, words, 16.0));
                if low {
                    heading.on_hover_text(explain);
                } else {
                    ui.label(RichText::new(explain).color(palette.table.faint));
                }
            });
        });
    }
}

/// One rack `wide` points across: a plank of wood with the suit's mark
/// and count burnt into its end, and a groove of pegs along it, each
/// piece gathered hung on the next peg with its value.
/// Where a piece is drawn is as `place` says (on its way from its deck,
/// when just gathered: a "Feathers: 1" going up was missed, review 5).
fn rack(
    ui: &mut Ui,
    palette: &Palette,
    state: &FeathersAndWax,
    suit: Suit,
    (wide, low): (f32, bool),
    key: &str,
    place: &mut dyn FnMut(Suit, u8, Rect) -> Rect,
) {
    let held = state.held(suit);
    let high = if low { 44.0 } else { 86.0 };
    let (rect, resp) = ui.allocate_exact_size(Vec2::new(wide, high), Sense::hover());
    let name = if suit == Suit::Spades { "Feathers" } else { "Wax" };
    let values: Vec<&str> = held.iter().map(|&v| Card::new(v, suit).rank_label()).collect();
    let label = if held.is_empty() {
        format!("{name}: none gathered yet")
    } else {
        format!("{name}: {} ({})", held.len(), values.join(", "))
    };
    resp.widget_info(|| WidgetInfo::labeled(egui::Role::Group, true, label.clone()));
    let closed = state.is_closed(suit);
    let why = if closed { "\nClosed by a Maiden (FW-R7): no more of these can be gathered." } else { "" };
    let _ = resp.on_hover_text(format!("{label}: {} (A to 10) gathered.{why}\n{key}", suit.name()));
    if !ui.is_rect_visible(rect) {
        return;
    }
    let painter = ui.painter();
    painter.add(
        egui::epaint::RectShape::filled(rect.translate(Vec2::new(1.0, 3.0)), 8.0, palette.table.shadow)
            .with_blur_width(8.0),
    );
    look::paint_wood(ui, rect, palette, 8.0);
    painter.rect_stroke(rect, 8.0, Stroke::new(1.5, palette.table.wood[2]), StrokeKind::Inside);
    let ink = palette.text_on(palette.table.wood[1]);
    // The end of the plank: the suit's mark and how many, burnt in.
    let mark = Pos2::new(rect.left() + 17.0, if low { rect.center().y } else { rect.top() + 17.0 });
    if suit == Suit::Spades {
        paint_feather(painter, mark, 24.0, palette.nest, palette.outline);
    } else {
        paint_hive(painter, mark, 9.0, palette.honey, palette.honey_rim);
    }
    let font = look::display(ui.ctx(), if low { 15.0 } else { 16.0 });
    let words = if low { format!("{}", held.len()) } else { format!("{name}: {}", held.len()) };
    painter.text(mark + Vec2::new(14.0, 0.0), Align2::LEFT_CENTER, words, font, ink);
    // The groove along the plank (beside the mark in a low window, under
    // it otherwise) with a peg for each piece that can be gathered.
    let groove = if low {
        Rect::from_min_max(Pos2::new(rect.left() + 48.0, rect.top() + 3.0), rect.max - Vec2::splat(3.0))
    } else {
        Rect::from_min_max(Pos2::new(rect.left() + 8.0, rect.top() + 32.0), rect.max - Vec2::new(8.0, 5.0))
    };
    painter.rect_filled(groove, 5.0, mix(palette.table.wood[2], palette.table.shadow, 0.35));
    // The first card's left edge and the last's right edge on the
    // groove's ends (centred on equal slots, a card wider than its slot
    // stood out past the groove: review 9).
    let slots = PEGS.max(held.len());
    let pitch = groove.width() / slots as f32;
    let wide_card = (groove.height() * 0.94 * 0.7).max(pitch * 0.9).min(groove.width() / 2.0);
    let step = (groove.width() - wide_card - 4.0) / (slots - 1).max(1) as f32;
    for i in 0..slots {
        let at = Pos2::new(groove.left() + 2.0 + wide_card / 2.0 + i as f32 * step, groove.center().y);
        if let Some(&v) = held.get(i) {
            let peg = Rect::from_center_size(at, Vec2::new(pitch, groove.height()));
            let drawn = place(suit, v, peg);
            if drawn == peg {
                piece(painter, palette, suit, at, (pitch, groove.height()), v);
            } else {
                // On its way: over everything, with its shadow under it.
                let layer = egui::LayerId::new(egui::Order::Foreground, egui::Id::unique("fw-gathered"));
                let over = ui.ctx().layer_painter(layer);
                over.add(
                    egui::epaint::RectShape::filled(drawn.translate(Vec2::new(3.0, 8.0)), 6.0, palette.table.shadow)
                        .with_blur_width(12.0),
                );
                piece(&over, palette, suit, drawn.center(), (drawn.width(), drawn.height()), v);
            }
        } else {
            painter.circle_filled(at, 2.5, mix(palette.table.wood[2], palette.table.shadow, 0.7));
            painter.circle_filled(at - Vec2::new(0.6, 0.6), 1.2, palette.table.wood[0].gamma_multiply(0.6));
        }
    }
    if closed {
        // Closed by a Maiden: a ribbon across the plank.
        let band = Rect::from_center_size(groove.center(), Vec2::new(groove.width() * 0.7, 16.0));
        painter.rect_filled(band, 3.0, palette.red_suit.gamma_multiply(0.9));
        let font = egui::FontId::proportional(11.5);
        painter.text(
            band.center(),
            Align2::CENTER_CENTER,
            "closed by a Maiden",
            font,
            palette.text_on(palette.red_suit),
        );
    }
}

/// One card gathered, standing in its slot at `at` (`pitch` apart, `high`
/// tall): a small playing card, its value in the corner over its suit,
/// and the feather or the cake of wax it stands for on its face. Cards
/// closer than their width overlap as a hand does, each corner in view
/// (they were 15-point chips marked "A", read as a progress bar:
/// review 8).
fn piece(painter: &egui::Painter, palette: &Palette, suit: Suit, at: Pos2, (pitch, high): (f32, f32), value: u8) {
    let label = Card::new(value, suit).rank_label();
    let tall = high * 0.94;
    let card = Rect::from_center_size(at, Vec2::new((tall * 0.7).max(pitch * 0.9), tall));
    painter.add(
        egui::epaint::RectShape::filled(card.translate(Vec2::new(1.0, 2.0)), 3.0, palette.table.shadow)
            .with_blur_width(3.0),
    );
    painter.rect(card, 3.0, palette.card_face, Stroke::new(1.0, palette.outline), StrokeKind::Inside);
    let corner = (tall * 0.26).clamp(8.0, 13.0);
    let top_left = card.left_top() + Vec2::new(2.0 + corner * 0.1, 1.0);
    let font = look::display(painter.ctx(), corner);
    painter.text(top_left, Align2::LEFT_TOP, label, font, palette.black_suit);
    let pip_at = top_left + Vec2::new(corner * 0.3, corner * 1.45);
    crate::ui::widgets::paint_suit(painter, pip_at, corner * 0.75, suit, palette.black_suit);
    // What it stands for, on the card's face (past the corner column).
    let face = Pos2::new(card.left() + card.width() * 0.62, card.center().y + tall * 0.1);
    if suit == Suit::Spades {
        paint_feather(painter, face, tall * 0.55, palette.nest, palette.outline);
    } else {
        paint_hive(painter, face, tall * 0.16, palette.honey, palette.honey_rim);
    }
}
