//! The hand of the person at the screen, as a fan of cards to drag or
//! click, the choice of the cards to return at setup, and the hand-off
//! bar between people sharing the screen.

use egui::{Align2, FontId, Pos2, Rect, RichText, Sense, Stroke, StrokeKind, Ui, Vec2};

use super::super::theme::Palette;
use super::super::{Notice, look};
use super::{Dragged, FeatherFace, PlumesView, Viewer, show_feather};
use crate::rules::Game;
use crate::rules::Seat;
use crate::rules::enchanted_plumes::{Action, EnchantedPlumes, Phase, RETURNED, too_many_returned};
use crate::table::Shown;
use crate::ui::tilt::tilted;

/// How to play a card, said by the hand in a few words (the whole of
/// [`HINT`] on hover: two sentences of it under the turn line read as a
/// rulebook lying on the table).
const SHORT_HINT: &str = "Drag a card to a plume, a new plume or the Train";

/// How to play a card, while no swap may be made yet.
const PLAY_HINT: &str = "Drag a card to a plume or a new plume";

/// How to replenish, once no card may be played.
const REPLENISH_HINT: &str = "Click the deck to draw, or drag a card onto a Train card to swap";

/// How to play a card, in full.
const HINT: &str = "Drag a card onto a row, a new plume or a Train card (or click it, then the target). A plume's \
                    top row counts against it (−), the rows under it for it.";

impl PlumesView {
    /// A card held in the hand: larger than on the Train and the plumes,
    /// as the cards one holds are the nearest (at the Train's size the
    /// hand was the smallest thing on the table), but in a low window.
    pub(super) fn held_card(&self) -> Vec2 {
        if self.low_front() {
            // (In the row of the deck and the Train, a size larger than
            // theirs: at their size the hand was the smallest thing there.)
            self.hand_card * 1.25
        } else {
            self.hand_card * 1.4
        }
    }

    /// The width of a full hand held as a fan: six overlapping as a held
    /// hand does, each card's index and most of its feather in view.
    pub(super) fn held_width(&self) -> f32 {
        self.held_card().x * (1.0 + 5.0 * super::cards::HELD_STEP)
    }

    /// With no seat by the hand (a replay showing no one, a table of
    /// computers), what hides the hands.
    pub(super) fn hands_hidden_ui(&self, ui: &mut Ui) {
        if self.table.shown == Some(Shown::Nobody) {
            ui.label(RichText::new("Every hand stays hidden: show one person's view from the replay bar.").weak());
        } else if self.viewer() == Viewer::Nobody && !self.needs_hand_off() {
            ui.label(RichText::new("The computer is playing; hands stay hidden.").weak());
        }
    }

    /// The hand as a fan in the middle of its place in the row at the
    /// table's foot, named for screen readers (its seat's name stands by
    /// the plumes above).
    pub(super) fn hand_ui(&mut self, ui: &mut Ui, palette: &Palette, notices: &mut Vec<Notice>) {
        let state = self.state().clone();
        let Viewer::Seat(seat) = self.viewer() else { return };
        let acting = self.human_to_move() == Some(seat);
        let hand = state.hand(seat).to_vec();
        // The hand as a fan: overlapping cards on a gentle arc.
        let n = hand.len();
        let room = ui.available_width();
        // Choosing three of nine at the table's foot, the cards a size
        // smaller, so that the nine lie apart, each whole, between the
        // turn's words and the history buttons.
        let keep = state.phase() == Phase::Keep && !self.compact;
        let card = if keep {
            // (Each whole, apart, however large the table's cards grew.)
            let card = self.hand_card * 1.25;
            let apart = (room - 6.0 * (n.max(1) - 1) as f32) / n.max(1) as f32;
            card * (apart / card.x).min(1.0)
        } else if state.phase() == Phase::Keep {
            // (A low window: nine apart across the hand's row.)
            self.hand_card
        } else {
            self.held_card()
        };
        // In play held as in the hand, overlapping on an arc whatever it
        // holds; choosing three of nine, laid apart to be looked over.
        let choosing = state.phase() == Phase::Keep;
        let fan = move |origin: Pos2, i: usize| {
            if choosing {
                super::cards::fan_rect_within(origin, (i, n), card, room)
            } else {
                super::cards::held_rect(origin, (i, n), card, room)
            }
        };
        let width = if n == 0 { 0.0 } else { fan(Pos2::ZERO, n - 1).right() };
        let step = if n > 1 { fan(Pos2::ZERO, 1).left() - fan(Pos2::ZERO, 0).left() } else { card.x * 2.0 };
        // At a card table the fan lies in the middle of its place,
        // whatever it holds.
        let (area, named) = ui.allocate_exact_size(Vec2::new(room, card.y + 30.0), Sense::hover());
        let empty = n == 0 && state.phase() == Phase::Play;
        let name = format!("Your hand ({}){}", state.seat_name(seat), if empty { ": empty" } else { "" });
        named.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &name));
        if empty {
            // Played out: the hand's place stays on the table, pressed
            // into the cloth with the outlines of the cards it will hold
            // (bare cloth there read as something missing).
            let place = Rect::from_center_size(area.center(), card * 0.85);
            empty_hand_place(ui.painter(), palette, place);
        }
        let lead = ((room - width) / 2.0).max(0.0);
        let origin = area.min + Vec2::new(lead, 10.0);
        ui.scope(|ui| {
            // The card picked up lies on top of the fan and takes the
            // pointer there (under its neighbour, it looked not picked).
            let mut order: Vec<usize> = (0..n).collect();
            if let Some(k) = hand.iter().position(|&c| self.selected == Some(c)) {
                order.retain(|&i| i != k);
                order.push(k);
            }
            for i in order {
                let c = hand[i];
                let marked = self.marked.contains(&c) || self.selected == Some(c);
                let rect = fan(origin, i);
                let r = ui.interact(rect, ui.scope_id().with(("hand", c.colour, c.value)), Sense::click_and_drag());
                let now = ui.input(|i| i.time);
                let key = look::Slides::key(c);
                let drawn = self.slides.place(key, r.rect, self.deck_at, now, self.settings.animations);
                // A card drawn turns face up on its way from the deck.
                let turn = self.slides.turning(key, now);
                // Held as a fan, the cards turn out from the middle, as in a
                // hand (laid apart, each stands level).
                tilted(ui.painter(), held_tilt(i, n, step / card.x), drawn.center(), |_| {
                    show_feather(ui, &r, drawn, palette, FeatherFace::Up(c), marked, ("hand", turn));
                    if r.dragged() {
                        // Picked up: only its place in the fan, faint, is
                        // left (the card stayed whole in the hand while a
                        // copy followed the pointer, and did not feel
                        // picked up).
                        let slot = drawn.expand(2.0).union(drawn.translate(Vec2::new(0.0, -12.0)).expand(2.0));
                        ui.painter().rect_filled(slot, 7.0, palette.table.cloth.gamma_multiply(0.8));
                    }
                });
                if acting && !marked && self.lesson_uses(c) {
                    // The lesson's cards to try glow softly.
                    ui.painter().rect_stroke(
                        r.rect.expand(2.0),
                        6.0,
                        Stroke::new(2.5, palette.legal.to_opaque()),
                        StrokeKind::Outside,
                    );
                }
                let r = if state.last_drawn() == Some((seat, c)) && acting {
                    // A gold tag on the card's top edge (over the card at
                    // the table's foot, where under it would lie past the
                    // window's edge; above it, faint gold words were cut
                    // off at the row's top and, in a low window, ran into
                    // the hand's title).
                    let at = r.rect.center_top() + Vec2::new(0.0, 2.0);
                    let tag = ui.painter().layout_no_wrap("new".into(), FontId::proportional(11.0), palette.table.rim);
                    let plate = Align2::CENTER_TOP.anchor_size(at, tag.size() + Vec2::new(12.0, 2.0));
                    ui.painter().rect(
                        plate,
                        7.0,
                        palette.selection,
                        Stroke::new(1.0, palette.table.rim),
                        StrokeKind::Inside,
                    );
                    ui.painter().galley(plate.center() - tag.size() / 2.0, tag, palette.table.rim);
                    r.on_hover_text("You just drew this card")
                } else {
                    r
                };
                if !acting {
                    continue;
                }
                self.hand_card_input(ui, &r, c, state.phase() == Phase::Keep, (palette, notices));
            }
        });
    }

    /// What a click or a drag does to hand card `c` (`r`): choosing the
    /// cards to give back, a click marks it; in play a drag picks it up
    /// (it follows the pointer) and a click chooses it.
    fn hand_card_input(
        &mut self,
        ui: &Ui,
        r: &egui::Response,
        c: crate::rules::enchanted_plumes::Feather,
        keep: bool,
        (palette, notices): (&Palette, &mut Vec<Notice>),
    ) {
        if keep {
            if r.clicked() {
                if let Some(i) = self.marked.iter().position(|&m| m == c) {
                    self.marked.remove(i);
                } else if self.marked.len() < RETURNED {
                    self.marked.push(c);
                } else {
                    notices.push(Notice::Error(too_many_returned().to_string()));
                }
            }
            return;
        }
        r.dnd_set_drag_payload(Dragged(c));
        if r.dragged()
            && let Some(pos) = ui.ctx().pointer_latest_pos()
        {
            // The card follows the pointer, as held: at its size in the
            // hand, raised, a little turned (a smaller copy of it read as
            // a drag icon).
            let layer = egui::LayerId::new(egui::Order::Tooltip, egui::Id::unique("ep-drag-ghost"));
            let rect = Rect::from_center_size(pos, self.held_card());
            let painter = ui.ctx().layer_painter(layer);
            tilted(&painter, -0.06, rect.center(), |painter| {
                super::cards::paint_feather_lifted(painter, palette, rect, FeatherFace::Up(c), look::Lift::Raised);
            });
        }
        if r.clicked() {
            self.selected = if self.selected == Some(c) { None } else { Some(c) };
        }
    }

    /// The three cards marked are given back (the rest kept), once three
    /// are marked.
    pub(super) fn return_marked(&mut self, notices: &mut Vec<Notice>) {
        if self.marked.len() != RETURNED {
            return;
        }
        let mut r = [self.marked[0], self.marked[1], self.marked[2]];
        r.sort();
        if self.propose(Action::Keep { returned: r }, notices) {
            self.marked.clear();
        }
    }

    /// Choosing the cards to give back: the button that gives them back
    /// (saying how many are marked until three are); whether it was
    /// pressed.
    pub(super) fn give_back_button(&self, ui: &mut Ui) -> bool {
        let ready = self.marked.len() == RETURNED;
        let words = if ready {
            format!("Return these {RETURNED}, keep the other 6")
        } else {
            format!("Click {RETURNED} cards to give back ({} marked)", self.marked.len())
        };
        ui.add_enabled(ready, egui::Button::new(words)).clicked()
    }

    /// What the turn asks of the person at the screen, over their hand and
    /// plumes, with how to do it.
    /// Between turns it says who is playing, in the same room, so the hand
    /// and the plumes under it never move.
    pub(super) fn turn_line(&self, ui: &mut Ui, palette: &Palette) {
        let Viewer::Seat(me) = self.viewer() else { return };
        let state = self.state();
        let mine = self.human_to_move() == Some(me);
        // The hint in a few words, in full on hover.
        let (line, (short, hint)) = match state.to_move().seat() {
            // (With an empty hand there is nothing to drag: the status says
            // what is left to do.)
            _ if mine => (state.status(), how_to(state, me)),
            Some(other) => (format!("{} is playing…", state.seat_name(other)), (" ", " ")),
            None => (state.status(), (" ", " ")),
        };
        let ink = if mine { palette.table.ink } else { palette.table.faint };
        // One line each, whatever the status says (the whole on hover), so
        // the plumes under them never move.
        // (In the display face, but no larger than a mat's name: at 18
        // points the rule it says outshouted the cards.)
        // (In its column at the left of the hand, wrapped: the column is
        // as high as the hand, so nothing under it moves.)
        // One's turn: a ribbon says so, and under it what the turn asks,
        // without the name (a bold paragraph headed by one's own name read
        // as a program's status line).
        let asks = match line.split_once(": ") {
            Some((who, rest)) if mine && who == state.seat_name(me) => super::super::widgets::upper_first(rest),
            _ => line.clone(),
        };
        // (A size smaller in a low window's narrow column of words.)
        let size = if self.compact { 14.0 } else { 16.0 };
        if mine && state.to_move().seat() == Some(me) {
            crate::ui::tokens::turn_ribbon(ui, palette, "Your turn", size + 2.0);
            ui.add_space(2.0);
        }
        let said = ui.add(egui::Label::new(look::title(ui, asks, size).color(ink)).wrap());
        said.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, format!("status: {line}")));
        said.on_hover_text(line);
        ui.add(egui::Label::new(RichText::new(short).color(palette.table.faint)).wrap()).on_hover_text(hint);
        // Room for the "to play" token on the mat's top edge below (it
        // covered this line's descenders).
        ui.add_space(6.0);
    }

    /// The hand-off, where the hand would be: the hand of the person the
    /// game waits for, lying face down and fanned as it will be held (how
    /// many cards is public), with a wooden plaque across it that turns
    /// the cards up; in a low window, under it, what happened since that
    /// person's last turn. Only the hands are hidden meanwhile; the table
    /// stays in view. (A card of board with a heading, a line of
    /// explanation and a green button read as "a web form's dialog".)
    pub(super) fn hand_off_ui(&mut self, ui: &mut Ui, palette: &Palette, recap_under: bool) {
        let Some(seat) = self.human_to_move() else { return };
        let state = self.state();
        let name = state.seat_name(seat);
        let n = state.hand(seat).len();
        if recap_under {
            // (A low window: whose turn comes over the hand, the moves
            // since under it.)
            crate::ui::tokens::turn_ribbon(ui, palette, &format!("Pass to {name}"), 16.0);
        }
        let card = self.held_card();
        let room = ui.available_width();
        let fan = |origin: egui::Pos2, i: usize| super::cards::held_rect(origin, (i, n), card, room);
        let width = if n == 0 { card.x } else { fan(egui::Pos2::ZERO, n - 1).right() };
        let (area, named) = ui.allocate_exact_size(Vec2::new(room, card.y + 8.0), Sense::hover());
        let said = format!("{name}'s hand: {}, face down", crate::rules::words::count(n, "card"));
        named.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, &said));
        let origin = egui::Pos2::new(area.center().x - width / 2.0, area.top() + 4.0);
        let step = if n > 1 { fan(egui::Pos2::ZERO, 1).left() - fan(egui::Pos2::ZERO, 0).left() } else { card.x };
        for i in 0..n {
            let rect = fan(origin, i);
            let tilt = held_tilt(i, n, step / card.x);
            crate::ui::tilt::tilted(ui.painter(), tilt, rect.center(), |painter| {
                super::cards::paint_back(painter, palette, rect, look::Lift::Flat);
            });
        }
        let words = format!("I am {name}: show my cards");
        let hover = format!("Every hand is hidden; the table is public. Click when only {name} can see the screen.");
        let at = egui::Pos2::new(area.center().x, area.top() + 4.0 + card.y * 0.62);
        let size = if self.compact { 16.0 } else { 19.0 };
        let confirmed = crate::ui::tokens::plaque_button(ui, palette, (&words, &hover), size, at);
        if recap_under {
            self.hand_off_recap(ui, palette, super::super::widgets::RECAP_NARROW);
        }
        if confirmed {
            self.confirm_hand_off();
        }
    }

    /// Whose turn comes, in the display face, and what the others did
    /// since it last was (see `hand_off_recap`).
    pub(super) fn hand_off_words(&self, ui: &mut Ui, palette: &Palette, lines: usize) {
        let Some(seat) = self.human_to_move() else { return };
        let name = self.state().seat_name(seat);
        // On the gold ribbon a turn is announced by (plain words at the
        // table's edge were easy to miss at a shared screen: review 35).
        crate::ui::tokens::turn_ribbon(ui, palette, &format!("Pass to {name}"), 18.0);
        ui.add_space(4.0);
        self.hand_off_recap(ui, palette, lines);
    }

    /// What the others did since the turn's person last played: the
    /// latest `lines` moves whole, and how many came before them.
    fn hand_off_recap(&self, ui: &mut Ui, palette: &Palette, lines: usize) {
        let Some(seat) = self.human_to_move() else { return };
        let name = self.state().seat_name(seat);
        let (since, acted) = self.table.recap(seat);
        let heading = if acted { format!("Since {name}'s last turn:") } else { "So far this game:".to_string() };
        if since.is_empty() {
            return;
        }
        ui.label(RichText::new(heading).color(palette.table.faint));
        let earlier = since.len().saturating_sub(lines);
        if earlier > 0 {
            let words = crate::rules::words::count(earlier, "earlier move");
            ui.label(RichText::new(format!("… {words} (in the log)")).italics().color(palette.table.faint));
        }
        for e in &since[earlier..] {
            ui.add(egui::Label::new(format!("• {}", e.text)).wrap());
        }
    }
}

/// The place of a hand played out, `rect` a card's size at its middle:
/// a fan of three card outlines pressed into the cloth (as the new
/// plume's place is), with "hand empty" across them.
fn empty_hand_place(painter: &egui::Painter, palette: &Palette, rect: Rect) {
    use super::super::theme;
    let mat = theme::mix(palette.table.cloth, palette.table.weave[1], 0.7);
    let fill = theme::mix(mat, palette.table.shadow.to_opaque(), 0.12);
    let edge = Stroke::new(1.0, theme::mix(mat, palette.table.ink, 0.22));
    // (The middle one last, on top, a little higher, as a hand is held.)
    for (turn, rise) in [(-0.16_f32, 0.0), (0.16, 0.0), (0.0, -4.0)] {
        let outline = rect.translate(Vec2::new(turn * rect.width() * 1.6, rise));
        tilted(painter, turn, outline.center(), |painter| {
            painter.rect(outline, 8.0, fill, edge, StrokeKind::Inside);
        });
    }
    painter.text(
        rect.center(),
        Align2::CENTER_CENTER,
        "hand empty",
        look::display(painter.ctx(), (rect.height() * 0.12).clamp(11.0, 15.0)),
        theme::mix(mat, palette.table.ink, 0.6),
    );
}

/// How to do what the turn asks, in a few words and in full: what may be
/// dragged where now (after a card's play, when only a draw or a swap is
/// left, "drag a card to a plume" misled a new player).
fn how_to(state: &EnchantedPlumes, me: Seat) -> (&'static str, &'static str) {
    if state.phase() != Phase::Play || state.hand(me).is_empty() {
        // (With an empty hand there is nothing to drag: the status says
        // what is left to do.)
        return (" ", " ");
    }
    let legal = state.legal_actions();
    let (play, swap) = (
        legal.iter().any(|a| matches!(a, Action::Play { .. })),
        legal.iter().any(|a| matches!(a, Action::Swap { .. })),
    );
    if play && swap {
        (SHORT_HINT, HINT)
    } else if play {
        // (Before a card is played the Train refuses a swap: "or the
        // Train" misled a new player.)
        (PLAY_HINT, HINT)
    } else if swap {
        (REPLENISH_HINT, REPLENISH_HINT)
    } else {
        (" ", " ")
    }
}

/// How far card `i` of a hand of `n` is turned, its neighbour `step`
/// card-widths on: held overlapping, the outer cards most (about eight
/// degrees either way); laid apart (a step of a card or more), level.
pub(super) fn held_tilt(i: usize, n: usize, step: f32) -> f32 {
    if n < 2 || step >= 1.0 {
        return 0.0;
    }
    let mid = (n - 1) as f32 / 2.0;
    let overlap = ((1.0 - step) / 0.5).min(1.0);
    (i as f32 - mid) / mid * 0.14 * overlap
}

#[cfg(test)]
mod tests {
    use super::held_tilt;

    /// A hand laid apart stands level; held overlapping, it fans: the
    /// outer cards turned most, mirrored, the middle one level.
    #[test]
    fn a_held_hand_fans_and_a_hand_laid_apart_stands_level() {
        assert!((0..4).all(|i| held_tilt(i, 4, 1.1).abs() < 1e-6), "laid apart: level");
        let fan: Vec<f32> = (0..5).map(|i| held_tilt(i, 5, 0.56)).collect();
        assert!(fan[0] < fan[1] && fan[1] < fan[2] && fan[2] < fan[3] && fan[3] < fan[4], "{fan:?}");
        assert!(fan[2].abs() < 1e-6 && (fan[0] + fan[4]).abs() < 1e-6, "{fan:?}");
        assert!(fan[4] < 0.2, "a gentle fan: {fan:?}");
        assert!(held_tilt(0, 1, 0.5).abs() < 1e-6, "a single card stands level");
    }
}
