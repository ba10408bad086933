//! The moment a card is won: once the butterfly that won it has landed, a
//! ribbon over the meadow in the winner's colour says who took what and
//! the points it brought, and fades (a card sliding to the takings was the
//! only sign, easily missed: review 8).

use egui::{Color32, Pos2, Rect, Stroke, Ui, Vec2};

use crate::rules::dust_wings::DustInTheWings;
use crate::rules::{Game, Seat};
use crate::ui::look;
use crate::ui::theme::{self, Palette};

/// How long the ribbon stays, in seconds (its fades included).
pub(super) const CHEER_SECONDS: f64 = 1.8;
/// How long it takes to fade in or out, in seconds.
const FADE_SECONDS: f64 = 0.25;

/// Each seat's cards won and points, as last seen.
type Takings = Vec<(usize, i32)>;

/// The ribbon for the last card won, and what the takings were.
#[derive(Default)]
pub(super) struct Cheer {
    /// The table and its position in the history when last seen, and
    /// the takings then.
    seen: Option<(u64, usize, Takings)>,
    /// The words, the winner and when the ribbon appears.
    shown: Option<(String, Seat, f64)>,
}

/// The words for `seat`'s win: the cards taken and the points they
/// brought (crystals included).
#[must_use]
pub fn words(name: &str, cards: usize, points: i32) -> String {
    let what = if cards == 1 { "a card".to_string() } else { format!("{cards} cards") };
    let points = crate::rules::words::count(usize::try_from(points.max(0)).unwrap_or(0), "point");
    format!("{name} takes {what}: +{points}")
}

impl Cheer {
    /// Looks at the takings: a move forward that won a seat a
    /// card shows the ribbon from `now + wait` (an undo, a jump in the
    /// history or another table shows none, and puts one away).
    pub(super) fn observe(&mut self, id: u64, cursor: usize, state: &DustInTheWings, now: f64, wait: f64) {
        let takings: Takings = (0..state.seats())
            .map(|s| {
                let t = state.tableau(Seat(s));
                (t.gatherings.len() + t.compositions.len(), t.score())
            })
            .collect();
        if let Some((was_id, was_at, before)) = &self.seen
            && (*was_id, *was_at) != (id, cursor)
        {
            self.shown = None;
            // (Forward a little: a drop that ends a turn may bring the
            // computer's first move in the same frame.)
            if *was_id == id && cursor > *was_at && cursor <= was_at + 4 {
                for ((was, is), s) in before.iter().zip(&takings).zip(0..state.seats()) {
                    if is.0 > was.0 {
                        let seat = Seat(s);
                        let text = words(&state.seat_name(seat), is.0 - was.0, is.1 - was.1);
                        self.shown = Some((text, seat, now + wait));
                    }
                }
            }
        }
        self.seen = Some((id, cursor, takings));
    }

    /// The ribbon's words while it is up at `now`.
    #[must_use]
    pub(super) fn showing(&self, now: f64) -> Option<&str> {
        let (text, _, from) = self.shown.as_ref()?;
        (now >= *from && now < from + CHEER_SECONDS).then_some(text.as_str())
    }

    /// Paints the ribbon across the middle of `over` (the meadow) while it
    /// is up, and asks for the frames its fades and its end need.
    pub(super) fn paint(&mut self, ui: &Ui, palette: &Palette, over: Rect, now: f64, animate: bool) {
        let Some((text, seat, from)) = self.shown.clone() else { return };
        if now >= from + CHEER_SECONDS {
            self.shown = None;
            return;
        }
        if now < from {
            ui.ctx().request_repaint_after(std::time::Duration::from_secs_f64(from - now));
            return;
        }
        let t = now - from;
        let alpha = if animate {
            ui.ctx().request_repaint();
            (t / FADE_SECONDS).min((CHEER_SECONDS - t) / FADE_SECONDS).clamp(0.0, 1.0) as f32
        } else {
            // Still, and gone when its time is up.
            ui.ctx().request_repaint_after(std::time::Duration::from_secs_f64(CHEER_SECONDS - t));
            1.0
        };
        let colour = theme::seat_colour(palette, seat);
        let layer = egui::LayerId::new(egui::Order::Foreground, egui::Id::unique("dw-cheer"));
        let painter = ui.ctx().layer_painter(layer);
        let ink = palette.table.on_plate;
        let galley = painter.layout_no_wrap(text, look::display(ui.ctx(), 24.0), ink);
        let size = galley.size() + Vec2::new(56.0, 22.0);
        let rise = if animate { (1.0 - alpha) * 10.0 } else { 0.0 };
        let rect = Rect::from_center_size(over.center() + Vec2::new(0.0, rise), size);
        let fade = |c: Color32| c.gamma_multiply(alpha);
        painter.rect_filled(rect.translate(Vec2::new(2.0, 4.0)), 10.0, fade(palette.table.shadow));
        painter.rect(rect, 10.0, fade(palette.table.plate), Stroke::new(3.0, fade(colour)), egui::StrokeKind::Inside);
        // The winner's colour as a band at each end, like a rosette's tails.
        for x in [rect.left() + 6.0, rect.right() - 20.0] {
            let band = Rect::from_min_size(Pos2::new(x, rect.top() + 6.0), Vec2::new(14.0, rect.height() - 12.0));
            painter.rect_filled(band, 4.0, fade(colour));
        }
        painter.galley_with_override_text_color(rect.center() - galley.size() / 2.0, galley, fade(ink));
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_ribbon_counts_cards_and_points() {
        assert_eq!(super::words("Ada", 1, 3), "Ada takes a card: +3 points");
        assert_eq!(super::words("Ben", 2, 1), "Ben takes 2 cards: +1 point");
    }
}
