//! Butterflies crossing the table: picked up from a space to the hand,
//! dropped from the hand onto a space (and back again on undo), each on
//! a low arc with its wings beating.

use egui::{Ui, Vec2};

use super::{Spaces, WingsView, meadow};
use crate::rules::dust_wings::{Colour, SIZE};
use crate::rules::grid::Square;
use crate::ui::theme::Palette;
use crate::ui::widgets::BoardGeometry;

/// Where a butterfly in flight comes from or goes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Spot {
    /// A space of the meadow.
    Space(Square),
    /// The hand under the meadow.
    Hand,
}

/// A butterfly crossing the table: picked up from a space to the hand,
/// or dropped from the hand onto a space (and back again on undo).
#[derive(Clone, Copy, Debug)]
pub(super) struct Flight {
    colour: Colour,
    from: Spot,
    to: Spot,
    /// When it leaves (picked-up butterflies leave one after another).
    start: f64,
}

/// How long one butterfly takes to cross, in seconds.
pub(super) const FLIGHT_SECONDS: f64 = 0.32;
/// The pause between the last butterfly landing and the card it won
/// leaving the row, in seconds.
pub(super) const WIN_PAUSE_SECONDS: f64 = 0.25;
/// Butterflies picked up together leave within this many seconds of
/// the first, one after another.
pub(super) const STAGGER_SECONDS: f64 = 0.16;

impl WingsView {
    /// Sees which butterflies moved since the last frame and sends them on
    /// their way: those that left a space fly to the hand, those that came
    /// to one flutter down from the hand (a pick, a drop, or their undo).
    pub(super) fn track_flights(&mut self, now: f64, animations: bool) {
        self.flights.retain(|f| now - f.start < FLIGHT_SECONDS);
        let fresh_from = self.flights.len();
        // (Said for the next move only: a refused drop carried nothing.)
        let mut carried = self.carried.take();
        let spaces: Spaces = Square::all(SIZE, SIZE).map(|s| self.state().at(s)).collect();
        let key = (self.table.id, self.table.session().cursor());
        if let Some((id, cursor, before)) = &self.seen
            && (*id, *cursor) != key
            && *id == key.0
            && animations
        {
            for (s, (was, is)) in Square::all(SIZE, SIZE).zip(before.iter().zip(&spaces)) {
                for c in Colour::ALL {
                    let (a, b) = (was[c as usize], is[c as usize]);
                    for _ in b..a {
                        self.flights.push(Flight { colour: c, from: Spot::Space(s), to: Spot::Hand, start: now });
                    }
                    for _ in a..b {
                        if carried == Some((s, c)) {
                            carried = None;
                            continue;
                        }
                        self.flights.push(Flight { colour: c, from: Spot::Hand, to: Spot::Space(s), start: now });
                    }
                }
            }
            // Those leaving one space go one after another.
            let fresh = self.flights.len() - fresh_from;
            let leavers = self.flights[fresh_from..].iter_mut().filter(|f| f.to == Spot::Hand);
            for (k, f) in leavers.enumerate() {
                f.start += STAGGER_SECONDS * k as f64 / fresh.max(1) as f64;
            }
            // A whole new game or a long jump in the history is not flown.
            if self.flights.len() > 16 {
                self.flights.clear();
            }
        }
        self.seen = Some((key.0, key.1, spaces));
    }

    /// How long until the last butterfly dropped on a space lands, if
    /// one is on its way.
    pub(super) fn landing_in(&self, now: f64) -> Option<f64> {
        self.flights
            .iter()
            .filter(|f| f.to != Spot::Hand)
            .map(|f| f.start + FLIGHT_SECONDS - now)
            .filter(|t| *t > 0.0)
            .reduce(f64::max)
    }

    /// How many butterflies are crossing the table now (picked up and
    /// flying to the hand, or dropped and fluttering to their space).
    #[must_use]
    pub fn in_flight(&self) -> usize {
        self.flights.len()
    }

    /// How many butterflies of each colour are still on their way to
    /// `spot` (not yet drawn there).
    pub(super) fn arriving(&self, spot: Spot) -> [u8; 3] {
        let mut n = [0u8; 3];
        for f in self.flights.iter().filter(|f| f.to == spot) {
            n[f.colour as usize] += 1;
        }
        n
    }

    /// The butterflies in flight, over everything on the table: along a
    /// low arc, wings beating, landing at their size on the meadow.
    pub(super) fn paint_flights(&self, ui: &Ui, palette: &Palette, geo: &BoardGeometry, now: f64) {
        if self.flights.is_empty() {
            return;
        }
        ui.ctx().request_repaint();
        let hand = self.hand_at.unwrap_or(geo.rect.center_bottom());
        let at = |spot: Spot| match spot {
            Spot::Space(s) => geo.square_rect(s).center(),
            Spot::Hand => hand,
        };
        let layer = egui::LayerId::new(egui::Order::Foreground, egui::Id::unique("dw-flights"));
        let painter = ui.ctx().layer_painter(layer);
        for f in &self.flights {
            // One waiting its turn to leave sits where it was.
            let t = (((now - f.start) / FLIGHT_SECONDS) as f32).max(0.0);
            if t >= 1.0 {
                continue;
            }
            let eased = t * t * (3.0 - 2.0 * t);
            let (a, b) = (at(f.from), at(f.to));
            let lift = Vec2::new(0.0, -(a.distance(b) * 0.25).min(80.0));
            let mid = a + (b - a) * 0.5 + lift;
            // A quadratic curve bowed upwards through the raised middle.
            let q = a.lerp(mid, eased).lerp(mid.lerp(b, eased), eased);
            let open = 0.35 + 0.65 * (t * std::f32::consts::PI * 7.0).cos().abs();
            meadow::paint_butterfly_open(&painter, palette, q, geo.cell() * 0.3 + 8.0, f.colour, open);
        }
    }
}
