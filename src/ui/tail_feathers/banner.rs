//! The round's banner: when a new round or a new phase of it begins, or
//! the initiative is rolled, a wooden sign over the battlefield's top says
//! so a moment ("Round 3", "Activation: the Rats go first"), as a table's round marker moves. A
//! round's end and the initiative were told only in the log ("the rounds
//! went by unnoticed").

use egui::{Pos2, Rect, Stroke, StrokeKind, Ui, Vec2};

use super::SkirmishView;
use crate::rules::tail_feathers::game::{Phase, TailFeathers, side_name, side_of_seat};
use crate::ui::look;
use crate::ui::theme::Forest;

/// How long the banner stands, in seconds (the last quarter of it fading
/// out, when things move).
pub(super) const BANNER_SECONDS: f64 = 2.4;

/// The words on the banner for a position: its title and what the phase
/// is; none once the game is over.
#[must_use]
pub(super) fn banner_words(state: &TailFeathers) -> Option<(String, String)> {
    let what = match state.phase() {
        Phase::Deploy => return Some(("Deployment".to_string(), "set out your forces".to_string())),
        Phase::Mission => "Missions".to_string(),
        Phase::Tilt => "Tilts and launches".to_string(),
        // (Until the initiative is rolled, the first player is last
        // round's: the banner named the wrong side.)
        Phase::Activation if !state.initiative_rolled() => "Activation: bids for the initiative".to_string(),
        Phase::Activation => format!("Activation: the {} go first", side_name(side_of_seat(state.first_player()))),
        Phase::Final => "End of the round: reinforcements and missions".to_string(),
        Phase::Over => return None,
    };
    Some((format!("Round {}", state.round()), what))
}

impl SkirmishView {
    /// The banner over the battlefield `inner` when the round or its phase
    /// has changed since the last frame (not when a game is opened: the
    /// panel says where it stands).
    pub(super) fn round_banner(&mut self, ui: &Ui, colours: &Forest, inner: Rect, state: &TailFeathers) {
        let now = ui.input(|i| i.time);
        let key = (state.round(), state.phase(), state.initiative_rolled());
        match self.banner {
            Some((k, _)) if k == key => {}
            Some(_) => self.banner = Some((key, Some(now))),
            None => self.banner = Some((key, None)),
        }
        let Some((_, Some(since))) = self.banner else { return };
        let age = now - since;
        let Some((title, what)) = banner_words(state).filter(|_| age < BANNER_SECONDS) else { return };
        let fade =
            if self.animations { ((BANNER_SECONDS - age) / (BANNER_SECONDS * 0.25)).clamp(0.0, 1.0) } else { 1.0 };
        if self.animations {
            ui.ctx().request_repaint();
        } else {
            ui.ctx().request_repaint_after(std::time::Duration::from_secs_f64(BANNER_SECONDS - age));
        }
        let painter = ui.painter();
        let ink = colours.die.gamma_multiply(fade as f32);
        let big = painter.layout_no_wrap(title, look::display(ui.ctx(), 26.0), ink);
        let small = painter.layout_no_wrap(what, egui::FontId::proportional(14.0), ink);
        let size = Vec2::new(big.size().x.max(small.size().x) + 36.0, big.size().y + small.size().y + 16.0);
        let rect = Rect::from_center_size(
            Pos2::new(inner.center().x, inner.top() + 16.0 + size.y / 2.0),
            size.min(Vec2::new(inner.width() - 8.0, f32::INFINITY)),
        );
        let alpha = fade as f32;
        painter.add(
            egui::epaint::RectShape::filled(
                rect.translate(Vec2::new(2.0, 4.0)),
                8.0,
                colours.shadow.gamma_multiply(alpha),
            )
            .with_blur_width(10.0),
        );
        painter.rect(
            rect,
            8.0,
            colours.bark.gamma_multiply(alpha),
            Stroke::new(2.0, colours.trunk.gamma_multiply(alpha)),
            StrokeKind::Inside,
        );
        painter.galley(Pos2::new(rect.center().x - big.size().x / 2.0, rect.top() + 6.0), big.clone(), ink);
        painter.galley(Pos2::new(rect.center().x - small.size().x / 2.0, rect.top() + 8.0 + big.size().y), small, ink);
    }
}
