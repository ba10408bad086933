//! A seat's heading on its mat (or, by the hand, in the column at the
//! left of one's plumes): the name, the hand's backs, the score, whose
//! turn it is and who plays the seat.

use egui::{RichText, Ui};

use crate::ui::tokens::name_plate;

use super::marks::{held_backs, turn_token};
use super::{EnchantedPlumes, Game, Known, Palette, Player, PlumesView, Seat, Viewer, total_text, words};

impl PlumesView {
    /// A mat's heading: the name, whose turn it is, and the score (in the
    /// display face, at the mat's right); under them who plays and what is
    /// in hand.
    pub(super) fn mat_heading(
        &self,
        ui: &mut Ui,
        palette: &Palette,
        state: &EnchantedPlumes,
        seat: Seat,
        viewer: Viewer,
    ) {
        let sees = viewer.sees(seat);
        let to_move = state.to_move().seat() == Some(seat);
        let by_hand = self.by_hand_seat() == Some(seat);
        // The name, whose turn it is, and the score (in the display face,
        // at the mat's right); under them who plays and what is in hand.
        // Five or six at the table, every mat across it says it shorter
        // (each alike, however many plumes widen it), and its turn token
        // sits on the line under the name (the mat by the hand is wide).
        let narrow = state.seats() >= 5 && !by_hand;
        // (A low window, a mat wide enough for the hand's backs: the line
        // of facts under the name is said on hover.)
        // Every mat alike (a narrow one said its facts in words and a
        // wide one showed its hand's backs, side by side).
        // Across the table, who plays a seat is said on hover of its plate
        // ("computer, easy" in grey under every name read as a program's
        // status line), as in a low window.
        let quiet_facts = !by_hand;
        let facts = self.mat_facts(state, seat, (narrow, false));
        let held = state.hand(seat).len();
        let backs = held > 0 && !(by_hand && sees);
        let mut backs_under = false;
        // Whether the backs by the name say how many cards are in hand
        // (the line of facts then leaves it out).
        let mut backs_said = false;
        // A narrow mat in a low window: the name and score a size smaller
        // and closer, so the hand's backs fit between them.
        let size = if narrow && self.compact { 15.0 } else { 18.0 };
        ui.horizontal(|ui| {
            if narrow && self.compact {
                ui.spacing_mut().item_spacing.x = 4.0;
            }
            let known = state.score_seen_by(viewer.knowledge_for(seat), seat);
            // The name on a wooden plate, the score on a chip laid on its
            // end (a name and a number in the running text's place read as
            // a form's heading and "a spreadsheet's column").
            let (name, chip) =
                name_plate(ui, palette, (&state.seat_name(seat), &total_text(known)), size - 1.0, to_move);
            if quiet_facts {
                // (A low window: the line of facts under the name, on hover.)
                name.on_hover_text(&facts);
            }
            // "≥": a peacock's face-down card, unknown until the end,
            // adds to it (a new player asked what the sign meant).
            let said = match known {
                // (A new player asked why every score was below zero.)
                Known::Exact(_) => {
                    "Score: the plumes' scores added up. A plume's top row counts against it and \
                                    every card under it for it, so a plume starts below zero and climbs as \
                                    it grows"
                }
                Known::AtLeast(_) => {
                    "Score, at least: a peacock's face-down card adds its value when it is turned up at the end"
                }
            };
            if let Some(chip) = chip {
                chip.on_hover_text(said);
            }
            if backs {
                // The hand as it lies face down before its seat: how
                // many cards (public), never which, beside the plate;
                // else on the line under the name.
                let room = ui.available_width();
                // Where they do not fit beside the name: under it in a low
                // window (where they alone say the count), else left out
                // (the line of facts says it; a line more than the mat was
                // reckoned with pushed the seats past the table's foot).
                let drawn = held_backs(ui, palette, (&state.seat_name(seat), held), room);
                backs_under = !drawn && quiet_facts;
                backs_said = drawn;
            }
        });
        if backs_under {
            // In a row of its own, sized to the backs (not the mat's width).
            ui.horizontal(|ui| {
                let room = ui.available_width();
                held_backs(ui, palette, (&state.seat_name(seat), held), room);
            });
        }
        // By the hand, the name's column at the left of the plumes: the
        // token and the facts under the name, the facts wrapped.
        // (By the hand the plate's gold rim and the ribbon over the hand
        // say it is one's turn: a third sign, a tag, was one too many.)
        let plain = by_hand;
        if to_move && !by_hand {
            turn_token(ui, palette, seat);
        }
        // By the hand, only what the table does not show (who plays it,
        // "human", and the cards in hand, which lie under it, were read as
        // a program's status line).
        let facts = if by_hand { self.own_facts(state, seat) } else { Some(facts) };
        let Some(facts) = facts else { return };
        if !(quiet_facts || by_hand && self.compact) {
            // (By the hand, in a low window: the side panel says it.)
            let facts =
                RichText::new(if backs_said && !by_hand { self.mat_facts(state, seat, (narrow, true)) } else { facts })
                    .color(palette.table.faint);
            // (At the body's size on a narrow mat too: smaller, "computer"
            // was too small to read.)
            let label = egui::Label::new(facts);
            ui.add(if plain { label.wrap() } else { label.truncate() });
        }
    }

    /// What one's own place says under one's name: the peacocks finished,
    /// and who plays the seat when it is not a person at this screen.
    fn own_facts(&self, state: &EnchantedPlumes, seat: Seat) -> Option<String> {
        let mut facts = Vec::new();
        match self.table.session().players().get(seat.index()) {
            Some(Player::Computer(l)) => facts.push(format!("computer, {}", l.name())),
            Some(Player::Friend) => facts.push("friend online".to_string()),
            _ => {}
        }
        if state.peacocks(seat) > 0 {
            facts.push(words::count(state.peacocks(seat), "peacock"));
        }
        (!facts.is_empty()).then(|| facts.join(" · "))
    }

    /// Who plays a seat, the cards in its hand (unless `counted` by the
    /// backs beside its name) and its peacocks, in words.
    fn mat_facts(&self, state: &EnchantedPlumes, seat: Seat, (narrow, counted): (bool, bool)) -> String {
        let who = match self.table.session().players().get(seat.index()) {
            // A narrow mat (five or six at the table) leaves the level
            // to the new-game choices: its facts fit on their line.
            Some(Player::Computer(_)) if narrow => "computer".to_string(),
            // (Not "computer (easy)": brackets read as a form's field.)
            Some(Player::Computer(l)) => format!("computer, {}", l.name()),
            Some(Player::Friend) => "friend online".to_string(),
            _ => "human".to_string(),
        };
        let in_hand = if narrow { "" } else { " in hand" };
        let mut facts = vec![who];
        if !counted {
            facts.push(format!("{}{in_hand}", words::count(state.hand(seat).len(), "card")));
        }
        if state.peacocks(seat) > 0 {
            facts.push(words::count(state.peacocks(seat), "peacock"));
        }
        facts.join(" · ")
    }
}
