//! A flyer's special moves on the table: after a card is played, the
//! squares he may still reach by shedding a wing section (a row up, a row
//! down, one column on with the matching section) are marked on the sky
//! with an arrow from him; a wing card picked on the tray, or dragged,
//! and then the square, makes the move (they were text buttons in the side
//! panel: review 7). Each square says where the move leaves him, and one
//! that loses the game is ringed in red.

use egui::{Align2, Rect, Sense, Stroke, Ui, Vec2, WidgetInfo};

use crate::rules::Game;
use crate::rules::cards::Suit;
use crate::rules::feathers_wax::{Action, Place, SAFE_COL, SKY_ROWS, Stage};
use crate::rules::words;
use crate::ui::Notice;
use crate::ui::theme::{DAYLIGHT, mix};
use crate::ui::widgets;

use super::sky::SkyFrame;
use super::{Drag, FeathersView, flyer_colour};

/// A special move, by the way it goes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Pad {
    /// One row up, for any section.
    Up,
    /// One row down, for any section.
    Down,
    /// One column on, for the section matching the card played.
    On,
}

impl Pad {
    /// The move, in words.
    pub(super) fn words(self) -> &'static str {
        match self {
            Pad::Up => "one row up",
            Pad::Down => "one row down",
            Pad::On => "one column on",
        }
    }

    /// The action that sheds `value` for this move.
    pub(super) fn action(self, value: u8) -> Action {
        match self {
            Pad::Up => Action::Shift { value, up: true },
            Pad::Down => Action::Shift { value, up: false },
            Pad::On => Action::Bonus(value),
        }
    }
}

/// The special moves open now, each with the square it reaches and the
/// section it sheds when that is settled (the matching one for a column
/// on, the picked one, or the only value the wings hold).
pub(super) fn open_pads(
    state: &crate::rules::feathers_wax::FeathersAndWax,
    picked: Option<u8>,
) -> Vec<(Pad, u8, u8, Option<u8>)> {
    let Stage::Specials { flyer, card, bonus } = state.stage() else { return Vec::new() };
    let Place::Sky { col, row } = state.place(flyer) else { return Vec::new() };
    let wings = state.wings(flyer);
    let only = wings.first().copied().filter(|&v| wings.iter().all(|&w| w == v));
    let any = picked.filter(|v| wings.contains(v)).or(only);
    let mut pads = Vec::new();
    // (Not up into the other flyer just above: he would swerve back in
    // below him, where he is, a section spent for nothing: review 11.)
    if row > 0 && !wings.is_empty() && state.place(flyer.other()) != (Place::Sky { col, row: row - 1 }) {
        pads.push((Pad::Up, col, row - 1, any));
    }
    if row + 1 < SKY_ROWS && !wings.is_empty() {
        pads.push((Pad::Down, col, row + 1, any));
    }
    if bonus && card.rank <= 10 && wings.contains(&card.rank) && col < SAFE_COL {
        pads.push((Pad::On, col + 1, row, Some(card.rank)));
    }
    pads
}

impl FeathersView {
    /// The special moves' squares on the sky, while the person is to
    /// choose them: a click (with the section picked) or a wing card
    /// dropped on one makes the move.
    pub(super) fn specials_ui(
        &mut self,
        ui: &Ui,
        sky: &SkyFrame,
        action: &mut Option<Action>,
        notices: &mut Vec<Notice>,
    ) -> Option<String> {
        let (state, palette, painter, cs) = (sky.state, sky.palette, sky.painter, sky.cs);
        let Stage::Specials { flyer, .. } = state.stage() else {
            self.selected_wing = None;
            return None;
        };
        if !sky.human {
            return None;
        }
        let (from, ..) = sky.flyer_spot(flyer)?;
        let colour = flyer_colour(palette, flyer);
        let mut note = None;
        let pads = open_pads(state, self.selected_wing);
        if pads.iter().any(|p| p.3.is_none()) {
            crate::ui::look::paint_tag(
                painter,
                palette,
                from + Vec2::new(cs * 0.45, cs * 0.5),
                Align2::LEFT_TOP,
                "pick a wing card, then a ring",
                (cs * 0.2).clamp(10.0, 13.0),
            );
        }
        for (pad, col, row, value) in pads {
            let shown = value.or_else(|| state.wings(flyer).first().copied());
            let (then, loses, ends) = shown
                .map_or((String::new(), false, None), |v| super::panel::special_outcome(state, flyer, &pad.action(v)));
            // The ring stands where the move really leaves him: a square
            // the other flyer holds sends him in below (FW-R14; the ring
            // sat on the other flyer: review 9).
            let (col, row) = match ends {
                Some(Place::Sky { col, row }) => (col, row),
                _ => (col, row),
            };
            let rect = sky.rect_of(col, row);
            let resp = ui.interact(rect, ui.scope_id().with(("special", pad as u8)), Sense::click());
            resp.widget_info(|| {
                WidgetInfo::labeled(
                    egui::Role::Button,
                    true,
                    format!("{}: shed a section, {}", flyer.name(), pad.words()),
                )
            });
            let dropped =
                resp.dnd_hover_payload::<Drag>().and_then(|d| if let Drag::Wing(v) = *d { Some(v) } else { None });
            let (then, loses) = match dropped.filter(|&v| Some(v) != shown) {
                Some(v) => {
                    let (then, loses, _) = super::panel::special_outcome(state, flyer, &pad.action(v));
                    (then, loses)
                }
                None => (then, loses),
            };
            let ring = if loses { ui.visuals().error_fg_color } else { colour };
            let lit = resp.hovered() || dropped.is_some();
            // A square a flyer stands on: ringed around him, not filled
            // over him (the ring hid him: review 8).
            let taken = [flyer, flyer.other()].iter().any(|&f| state.place(f) == Place::Sky { col, row });
            paint_pad(sky, (from, rect), ring, (lit, taken), value);
            if lit {
                let what = match value.or(dropped) {
                    Some(v) => format!("Shed the {} of spades, {}: {then}", words::value_label(v), pad.words()),
                    None => format!(
                        "{}: pick the wing section to shed on the tray (click one of {}'s cards), then this square",
                        widgets::upper_first(pad.words()),
                        flyer.name()
                    ),
                };
                note = Some(what);
            }
            if let Some(d) = resp.dnd_release_payload::<Drag>()
                && let Drag::Wing(v) = *d
            {
                *action = self.special_or_refusal(state, pad.action(v), notices);
            } else if resp.clicked() {
                match value {
                    Some(v) => *action = self.special_or_refusal(state, pad.action(v), notices),
                    None => notices.push(Notice::Error(format!(
                        "First pick which wing section {} sheds: click one of his cards on the tray",
                        flyer.name()
                    ))),
                }
            }
        }
        note
    }

    /// `a` if the rules allow it, else the reason said.
    fn special_or_refusal(
        &mut self,
        state: &crate::rules::feathers_wax::FeathersAndWax,
        a: Action,
        notices: &mut Vec<Notice>,
    ) -> Option<Action> {
        match state.check(&a) {
            Ok(()) => {
                self.selected_wing = None;
                Some(a)
            }
            Err(v) => {
                notices.push(Notice::Error(v.to_string()));
                None
            }
        }
    }
}

/// A special move's mark on the sky: an arrow from the flyer at `from` to
/// the square `rect`, its ring in `ring` (round the figure there when the
/// square is `taken`, brighter when `lit`), and in it a small spade card,
/// the section this sheds with its value once one is settled.
fn paint_pad(
    sky: &SkyFrame,
    (from, rect): (egui::Pos2, Rect),
    ring: egui::Color32,
    (lit, taken): (bool, bool),
    value: Option<u8>,
) {
    let (palette, painter, cs) = (sky.palette, sky.painter, sky.cs);
    let centre = rect.center();
    let dir = (centre - from).normalized();
    if (centre - from).length() > cs * 0.8 {
        painter.arrow(from + dir * cs * 0.4, dir * ((centre - from).length() - cs * 0.75), Stroke::new(3.0, ring));
    }
    let r = cs * 0.3;
    let (big, card_at) =
        if taken { (cs * 0.46, rect.right_top() + Vec2::new(-r * 0.5, r * 0.62)) } else { (r, centre) };
    if !taken {
        painter.circle_filled(centre, big, mix(DAYLIGHT, ring, 0.15).gamma_multiply(if lit { 0.85 } else { 0.55 }));
    }
    painter.circle_stroke(centre, big, Stroke::new(if lit { 3.5 } else { 2.5 }, ring));
    // (Until a section is picked the card shows its suit alone, and words
    // beside the flyer say what to do: a "?" here explained nothing:
    // review 9.)
    let card = Rect::from_center_size(card_at, Vec2::new(r * 0.85, r * 1.15));
    painter.rect(card, 3.0, palette.card_face, Stroke::new(1.0, palette.outline), egui::StrokeKind::Inside);
    let pip_at = if value.is_some() { card.center() + Vec2::new(0.0, r * 0.22) } else { card.center() };
    widgets::paint_suit(painter, pip_at, r * 0.4, Suit::Spades, palette.black_suit);
    if let Some(v) = value {
        let font = crate::ui::look::display(painter.ctx(), r * 0.55);
        painter.text(
            card.center_top() + Vec2::new(0.0, 1.0),
            Align2::CENTER_TOP,
            words::value_label(v),
            font,
            palette.black_suit,
        );
    }
}
