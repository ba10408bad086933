//! Action cards at the table (TF-R27, TF-R28): the hand as a row of cards
//! along the bottom of the table, each dragged onto the unit that receives
//! it (or clicked, then the unit clicked); the units that may receive the
//! card held light up on the board, and a refused drop names the rule and
//! the reason. The other side's hand is only ever drawn as card backs (how
//! many); the refresh piles and the cards lying by a bird are public. At
//! setup the hand is picked from the side's cards laid out on the table;
//! the attack window is a short prompt with the cards that may answer and
//! "no card". With two people at one screen the hand shows only to the
//! person to decide, after they ask for it (the other looks away), and the
//! picking and every window answer come behind the hand-off.

#![allow(
    clippy::many_single_char_names,
    clippy::similar_names,
    clippy::unused_self,
    reason = "drawing code reads best with the usual short names (p, r, f, u), and the view's helpers stay methods"
)]

use std::sync::Arc;

use egui::{Align2, Color32, FontId, Pos2, Rect, RichText, Sense, Stroke, StrokeKind, Ui, Vec2, WidgetInfo};

use super::SkirmishView;
use super::forest::paint_card;
use crate::rules::tail_feathers::cards::{
    ActionCard, CardId, CardKind, HAND, SUGGESTED, card, card_named, requirement_words,
};
use crate::rules::tail_feathers::components::Alliance;
use crate::rules::tail_feathers::game::{
    Action, Aim, Fig, Play, TailFeathers, Target, figure_name, half_made, seat_of, side_name, side_of_seat,
};
use crate::rules::{Game, Rng, Seat};
use crate::ui::Notice;
use crate::ui::theme::{Forest, Palette};

/// A card being dragged from the hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct CardDrag(pub CardId);

/// A card in the hand row.
pub(super) const CARD: Vec2 = Vec2::new(112.0, 150.0);

/// A window lower than this holds the hand low, only the cards' tops in
/// view.
pub(super) const LOW_WINDOW: f32 = 700.0;

/// The height of the row of cards along the table's foot: the whole cards,
/// or in a low window only their tops (the pointed card is held up whole).
/// The row keeps it whatever it shows, so the battlefield above never
/// moves (a card laid face down added a line beside the hand, and the
/// battlefield shrank and jumped).
pub(super) fn row_height(ctx: &egui::Context) -> f32 {
    if ctx.content_rect().height() < LOW_WINDOW { CARD.y * 0.46 } else { CARD.y }
}

/// The width of the column beside the hand: the other hand's backs and
/// the piles.
const OTHER_HAND: f32 = 124.0;

/// How a card is drawn.
#[derive(Clone, Copy, Default)]
#[allow(clippy::struct_excessive_bools, reason = "each is a look of its own that combines freely with the others")]
pub(super) struct CardLook {
    /// It may be played now (a glow round it).
    pub lit: bool,
    /// Chosen (clicked, or picked for the hand).
    pub chosen: bool,
    /// Not playable now (faded a little).
    pub dim: bool,
    /// The width of the card left in view when the next card in the hand
    /// covers the rest: the name is fitted into it (smaller, or on two
    /// lines), so that it is read whole ("Acorn C" was all one saw).
    pub name_room: Option<f32>,
    /// Only the card's top: its name, cost and picture, over the card's
    /// whole height (a low window's hand; held up whole when pointed at).
    pub compact: bool,
}

/// The colour of a card's edge, by its kind.
fn kind_colour(colours: &Forest, k: CardKind) -> Color32 {
    match k {
        CardKind::Bird => colours.card_kinds[0],
        CardKind::Pilot => colours.card_kinds[1],
        CardKind::Hero => colours.card_kinds[2],
    }
}

fn kind_name(k: CardKind) -> &'static str {
    match k {
        CardKind::Bird => "bird card",
        CardKind::Pilot => "pilot card",
        CardKind::Hero => "hero card",
    }
}

/// The width a card's name may take in its title band (`band` wide): all
/// of it but the margins and, for a card with a cost, the cost badge.
fn title_room(c: &ActionCard, band: f32, scale: f32) -> f32 {
    band - 8.0 - if c.cost > 0 { 34.0 * scale } else { 0.0 }
}

/// A card's name laid out for its title band (`band` wide, or `visible`
/// wide when the rest of the card is covered): a long name is set smaller
/// so that it ends before the cost badge or the covering card, and when
/// even the smallest size is too wide it takes two lines.
fn title(
    painter: &egui::Painter,
    c: &ActionCard,
    (band, visible): (f32, Option<f32>),
    scale: f32,
    colour: Color32,
) -> Arc<egui::Galley> {
    let room = visible.map_or_else(|| title_room(c, band, scale), |v| v.min(title_room(c, band, scale)));
    let size = 11.5 * scale;
    let smallest = 8.0 * scale;
    let name = painter.layout_no_wrap(c.name.to_string(), FontId::proportional(size), colour);
    if name.size().x <= room {
        return name;
    }
    let smaller = size * room / name.size().x;
    if smaller >= smallest {
        return painter.layout_no_wrap(c.name.to_string(), FontId::proportional(smaller), colour);
    }
    let font = FontId::proportional(smallest);
    let widest = c
        .name
        .split([' ', '-'])
        .map(|w| painter.layout_no_wrap(w.to_string(), font.clone(), colour).size().x)
        .fold(0.0_f32, f32::max);
    let wrapped = painter.layout(c.name.to_string(), font.clone(), colour, room);
    if widest <= room && wrapped.rows.len() <= 2 {
        return wrapped;
    }
    // Too narrow for its words (one would break a letter or two to a line,
    // "Aco/rn/Cac/he"): one line at the smallest size, its end under the
    // next card.
    painter.layout_no_wrap(c.name.to_string(), font, colour)
}

/// A card in hand held up to be read (the one pointed at): half as large
/// again, standing on its place in the hand, over the table and within
/// the window.
fn held_up(ui: &Ui, place: Rect, c: &ActionCard, colours: &Forest, (look, how): (CardLook, &str)) {
    let big = CARD * 1.5;
    let r = Rect::from_min_size(place.center_bottom() - Vec2::new(big.x / 2.0, big.y), big);
    let screen = ui.ctx().content_rect().shrink(4.0);
    let dx = (screen.left() - r.left()).max(0.0) + (screen.right() - r.right()).min(0.0);
    let dy = (screen.top() + 22.0 - r.top()).max(0.0);
    let r = r.translate(Vec2::new(dx, dy));
    let painter =
        ui.ctx().layer_painter(egui::LayerId::new(egui::Order::Foreground, ui.scope_id().with("held-up card")));
    paint_action_card(&painter, r, c, colours, CardLook { compact: false, ..look });
    // What to do with it, on a slip over its top edge.
    let galley = painter.layout(how.to_string(), FontId::proportional(12.0), colours.die_ink, r.width() + 40.0);
    let slip = Rect::from_center_size(r.center_top() - Vec2::new(0.0, galley.size().y / 2.0 + 5.0), galley.size())
        .expand2(Vec2::new(6.0, 2.0));
    painter.rect_filled(slip, 4.0, colours.die);
    painter.rect_stroke(slip, 4.0, Stroke::new(1.0, colours.die_ink), StrokeKind::Inside);
    painter.galley(slip.min + Vec2::new(6.0, 2.0), galley, colours.die_ink);
}

/// An action card face up in `r`: its kind's coloured edge, its name, its
/// cost in cheese, an emblem of what it needs, its requirement, timing and
/// effect.
pub(super) fn paint_action_card(painter: &egui::Painter, r: Rect, c: &ActionCard, colours: &Forest, look: CardLook) {
    let edge = kind_colour(colours, c.kind);
    if look.lit {
        painter.rect_stroke(r.expand(3.0), 7.0, Stroke::new(3.0, colours.crossing_now), StrokeKind::Outside);
    }
    let face = if look.dim { colours.die.gamma_multiply(0.85) } else { colours.die };
    paint_card(painter, colours, r, edge, face, false);
    let ink = colours.die_ink;
    let inner = r.shrink(7.0);
    let scale = r.width() / CARD.x;
    // The name, in the card's colour band.
    let band = Rect::from_min_size(r.min + Vec2::splat(2.5), Vec2::new(r.width() - 5.0, 20.0 * scale));
    let name = title(painter, c, (band.width(), look.name_room.map(|w| w - 13.0)), scale, colours.card_title);
    let band = band.with_max_y(band.bottom().max(band.top() + name.size().y + 2.0));
    painter.rect_filled(band, 3.0, edge.gamma_multiply(0.9));
    painter.galley(Pos2::new(band.left() + 4.0, band.center().y - name.size().y / 2.0), name, colours.card_title);
    // The cost: the number on a cheese wedge (a rind, two holes).
    if c.cost > 0 {
        let at = band.right_center() + Vec2::new(-13.0 * scale, 0.0);
        let s = 8.5 * scale;
        let wedge = vec![
            at + Vec2::new(-s, s * 0.75),
            at + Vec2::new(s, s * 0.75),
            at + Vec2::new(s, -s * 0.35),
            at + Vec2::new(-s, s * 0.1),
        ];
        painter.add(egui::Shape::convex_polygon(wedge, colours.cheese, Stroke::new(1.0, ink)));
        painter
            .line_segment([at + Vec2::new(-s, s * 0.1), at + Vec2::new(s, -s * 0.35)], Stroke::new(1.5, colours.nest));
        painter.circle_filled(at + Vec2::new(-s * 0.45, s * 0.5), s * 0.13, colours.nest);
        painter.circle_filled(at + Vec2::new(s * 0.55, s * 0.35), s * 0.1, colours.nest);
        let disc = at + Vec2::new(-s * 1.5, -s * 0.1);
        painter.circle(disc, s * 0.62, colours.die, Stroke::new(1.0, ink));
        painter.text(disc, Align2::CENTER_CENTER, c.cost.to_string(), FontId::proportional(10.0 * scale), ink);
    }
    // The emblem.
    let art_height = if look.compact { (inner.bottom() - band.bottom() - 3.0).max(8.0) } else { 34.0 * scale };
    let art = Rect::from_min_size(Pos2::new(inner.left(), band.bottom() + 3.0), Vec2::new(inner.width(), art_height));
    painter.rect_filled(art, 3.0, edge.gamma_multiply(0.16));
    if let (true, Some(room)) = (look.compact, look.name_room) {
        // Held low and half covered by the next card: its picture whole in
        // the strip in view (its words, wrapped into the strip, were cut
        // off mid-phrase: "needs the Jay, after…"); the whole card on hover.
        let strip = Rect::from_min_size(art.min, Vec2::new((room - 14.0).clamp(12.0, art.width()), art.height()));
        let fit = (strip.width().min(strip.height()) / 30.0).min(scale);
        super::card_art::paint_art(painter, strip, c, colours, edge.gamma_multiply(1.2), fit);
        paint_chosen(painter, r, colours, look);
        return;
    }
    super::card_art::paint_art(painter, art, c, colours, edge.gamma_multiply(1.2), scale);
    if look.compact {
        paint_chosen(painter, r, colours, look);
        return;
    }
    // Requirement and timing.
    let small = FontId::proportional(9.0 * scale);
    let mut y = art.bottom() + 3.0;
    for (text, italic) in [(requirement_words(c.requires), false), (c.timing.words().to_string(), true)] {
        let text = if italic { format!("· {text} ·") } else { format!("needs {text}") };
        let g = painter.layout(text, small.clone(), if italic { edge.gamma_multiply(1.1) } else { ink }, inner.width());
        painter.galley(Pos2::new(inner.center().x - g.size().x / 2.0, y), g.clone(), ink);
        y += g.size().y;
    }
    // The effect, wrapped.
    let g = painter.layout(c.text.to_string(), FontId::proportional(8.6 * scale), ink, inner.width());
    let clip = painter
        .with_clip_rect(Rect::from_min_max(Pos2::new(inner.left(), y), inner.max).intersect(painter.clip_rect()));
    clip.galley(Pos2::new(inner.left(), y + 2.0), g, ink);
    paint_chosen(painter, r, colours, look);
}

/// A chosen card's frame and tick.
fn paint_chosen(painter: &egui::Painter, r: Rect, colours: &Forest, look: CardLook) {
    let ink = colours.die_ink;
    if look.chosen {
        painter.rect_stroke(r.expand(1.0), 6.0, Stroke::new(3.0, colours.crossing_now), StrokeKind::Outside);
        // The tick in the foot's corner, clear of the picture's amount.
        let tick = r.right_bottom() + Vec2::new(-11.0, -11.0);
        painter.circle_filled(tick, 8.0, colours.crossing_now);
        painter.line_segment([tick + Vec2::new(-4.0, 0.0), tick + Vec2::new(-1.0, 3.0)], Stroke::new(2.0, ink));
        painter.line_segment([tick + Vec2::new(-1.0, 3.0), tick + Vec2::new(4.0, -3.0)], Stroke::new(2.0, ink));
    }
}

/// A card's words for screen readers and hover: name, kind, cost,
/// requirement, timing and effect.
pub(super) fn card_words(c: &ActionCard) -> String {
    let cost = if c.cost > 0 { format!(", {} cheese", c.cost) } else { String::new() };
    format!(
        "{} ({}{cost}): needs {}; {}. {}",
        c.name,
        kind_name(c.kind),
        requirement_words(c.requires),
        c.timing.words(),
        c.text
    )
}

impl SkirmishView {
    /// Whose hand the row shows: the only person's, or, with two at the
    /// screen, the person to decide once they asked to see it.
    pub(super) fn hand_viewer(&self) -> Option<Seat> {
        if let Some(shown) = self.table.shown {
            // A replay says itself whose hand it shows.
            return match shown {
                crate::table::Shown::Seat(s) => Some(s),
                crate::table::Shown::Everyone | crate::table::Shown::Nobody => None,
            };
        }
        let humans = self.table.humans();
        if humans.len() == 1 {
            return humans.first().copied();
        }
        let to_move = self.human_to_move()?;
        (self.peek == Some(to_move) || self.viewer().sees(to_move)).then_some(to_move)
    }

    /// The plays the rules offer now with card `c`.
    fn plays_of(legal: &[Action], c: CardId) -> Vec<Play> {
        legal
            .iter()
            .filter_map(|a| match a {
                Action::Play(p) if p.card == c => Some(*p),
                _ => None,
            })
            .collect()
    }

    /// The figures that may receive card `c` now (they light up).
    pub(super) fn receivers(legal: &[Action], c: CardId) -> Vec<Fig> {
        let mut out: Vec<Fig> = Self::plays_of(legal, c).into_iter().map(|p| p.figure).collect();
        out.dedup();
        out
    }

    /// Card `c` given to figure `f` (dropped on it, or clicked): the play,
    /// or its aim asked for when it takes one, or why not.
    pub(super) fn give_card(
        &mut self,
        state: &TailFeathers,
        c: CardId,
        f: Fig,
        notices: &mut Vec<Notice>,
    ) -> Option<Action> {
        let legal = state.legal_actions();
        let plays: Vec<Play> = Self::plays_of(&legal, c).into_iter().filter(|p| p.figure == f).collect();
        self.card = None;
        match plays.as_slice() {
            [] => {
                let probe = Action::Play(Play { card: c, figure: f, aim: Aim::Nothing });
                if let Err(v) = state.check(&probe) {
                    notices.push(Notice::Error(v.to_string()));
                }
                None
            }
            [one] if one.aim == Aim::Nothing => Some(Action::Play(*one)),
            _ => {
                self.card_aim = Some((c, f));
                None
            }
        }
    }

    /// The row of cards along the bottom of the table.
    #[allow(clippy::too_many_lines, reason = "the hand, the other hand, the piles and the prompts, left to right")]
    pub(super) fn hand_ui(&mut self, ui: &mut Ui, palette: &Palette, notices: &mut Vec<Notice>) {
        let state = self.state().clone();
        let colours = palette.forest;
        let legal = if self.human_to_move().is_some() { state.legal_actions() } else { Vec::new() };
        let viewer = self.hand_viewer();
        if self.peek.is_some() && self.peek != self.human_to_move() {
            self.peek = None;
        }
        let mut action = None;
        ui.horizontal(|ui| {
            // The hand shown, or the button that shows it.
            let mine = viewer.map(side_of_seat);
            match mine {
                Some(side) => {
                    let hand = state.hand(side);
                    // A narrow column, so the cards keep the row's width
                    // (at 800x600 each card showed too little for its name).
                    ui.vertical(|ui| {
                        ui.set_max_width(50.0);
                        ui.label(RichText::new(format!("{} hand", side_name(side))).strong());
                        ui.label(RichText::new(format!("{} of {HAND}", hand.cards.len())).weak());
                        if state.window_plays(seat_of(side)).is_empty() && legal.contains(&Action::NoCard) {
                            ui.label(RichText::new("none answers this attack").weak().small());
                        }
                    });
                    // The cards side by side, overlapping like a hand held
                    // when the row is short of room; the one pointed at
                    // comes up, whole.
                    let cards: Vec<CardId> = hand.cards.iter().flatten().copied().collect();
                    // The piles' column to the right keeps OTHER_HAND.
                    let room = (ui.available_width() - OTHER_HAND - 16.0).max(CARD.x);
                    let step = if cards.len() > 1 {
                        ((room - CARD.x) / (cards.len() - 1) as f32).min(CARD.x + 6.0)
                    } else {
                        CARD.x
                    };
                    let width = CARD.x + step * cards.len().saturating_sub(1) as f32;
                    // In a low window the hand is held low: each card's top
                    // (its name, cost and emblem) above the window's edge,
                    // the whole card held up when pointed at; the board
                    // keeps the height (at 800x600 it was left 280 points).
                    let shown = row_height(ui.ctx());
                    let (row, _) = ui.allocate_exact_size(Vec2::new(width, shown), Sense::hover());
                    let painter = ui.painter().with_clip_rect(
                        Rect::from_min_max(row.min - Vec2::new(0.0, 10.0), row.max).intersect(ui.clip_rect()),
                    );
                    let pointer = ui.ctx().pointer_hover_pos();
                    // Held low, each card drawn as its top alone: cut by
                    // the window's edge, the hand read as broken.
                    let compact = shown < CARD.y;
                    let size = Vec2::new(CARD.x, shown);
                    let top = (0..cards.len()).rev().find(|&k| {
                        let r = Rect::from_min_size(row.min + Vec2::new(step * k as f32, 0.0), size);
                        pointer.is_some_and(|p| r.intersect(row).contains(p))
                    });
                    let mut order: Vec<usize> = (0..cards.len()).collect();
                    if let Some(t) = top {
                        order.retain(|&k| k != t);
                        order.push(t);
                    }
                    for k in order {
                        let c = cards[k];
                        let plays = Self::plays_of(&legal, c);
                        let covered = Some(k) != top && k + 1 < cards.len() && step < CARD.x;
                        let look = CardLook {
                            lit: !plays.is_empty(),
                            chosen: self.card == Some(c),
                            dim: plays.is_empty(),
                            name_room: covered.then_some(step),
                            compact,
                        };
                        let full = Rect::from_min_size(row.min + Vec2::new(step * k as f32, 0.0), size);
                        // Only the part not covered by the next card answers
                        // the pointer, unless it is the one on top.
                        let hit = if Some(k) == top || k + 1 == cards.len() {
                            full
                        } else {
                            Rect::from_min_max(full.min, Pos2::new(full.left() + step, full.bottom()))
                        }
                        .intersect(row);
                        let resp = ui.interact(hit, ui.scope_id().with(("tf-card", c)), Sense::click_and_drag());
                        let lift = if Some(k) == top && !look.dim { -8.0 } else { 0.0 };
                        paint_action_card(&painter, full.translate(Vec2::new(0.0, lift)), card(c), &colours, look);
                        if Some(k) == top && egui::DragAndDrop::payload::<CardDrag>(ui.ctx()).is_none() {
                            // The card pointed at is held up to be read, larger,
                            // with what to do with it, or why not, from the rules
                            // ("not playable now" alone left a new player guessing).
                            let how = match state.card_waits(seat_of(side), c) {
                                Some(why) if plays.is_empty() => format!("not playable now: {why}"),
                                _ => "drag it onto a lit unit, or click it, then the unit".to_string(),
                            };
                            held_up(ui, full.intersect(row), card(c), &colours, (look, &how));
                        }
                        let words = card_words(card(c));
                        resp.widget_info(|| {
                            WidgetInfo::labeled(egui::Role::Button, true, format!("action card {words}"))
                        });
                        if resp.drag_started() && !plays.is_empty() {
                            egui::DragAndDrop::set_payload(ui.ctx(), CardDrag(c));
                            self.card = Some(c);
                        }
                        if resp.clicked() {
                            // One way only to play it: played at once.
                            let figures = Self::receivers(&legal, c);
                            if plays.len() == 1 && plays[0].aim == Aim::Nothing {
                                action = Some(Action::Play(plays[0]));
                            } else if figures.len() == 1 && !plays.is_empty() {
                                action = self.give_card(&state, c, figures[0], notices);
                            } else {
                                self.card = if self.card == Some(c) { None } else { Some(c) };
                            }
                        }
                    }
                }
                None if self.table.shown.is_none()
                    && self.table.humans().len() > 1
                    && self.human_to_move().is_some() =>
                {
                    let seat = self.human_to_move().unwrap_or(Seat(0));
                    let name = state.seat_name(seat);
                    ui.vertical(|ui| {
                        ui.label(RichText::new(format!("{name}: your hand is face down")).strong());
                        if ui
                            .button(format!("Show my hand ({name} only)"))
                            .on_hover_text("The other player looks away; the hand hides again when the turn passes.")
                            .clicked()
                        {
                            self.peek = Some(seat);
                        }
                    });
                }
                None => {}
            }
            ui.separator();
            // The other hand (backs only), the piles, the ballistas, in a
            // column of its own width (the piles' names wrap), so the hand
            // keeps the rest of the row.
            // In a scroll of the hand's height: a line more (a card laid
            // face down) made the row taller and the battlefield jump.
            let piles = egui::ScrollArea::vertical().id_salt("tf-piles").max_height(row_height(ui.ctx()));
            piles.show(ui, |ui| {
                ui.set_max_width(OTHER_HAND);
                ui.vertical(|ui| Self::piles_ui(ui, &state, &colours, mine));
            });
        });
        if let Some(a) = action {
            self.propose(a, notices);
        }
    }

    /// The other hand (backs only), the refresh piles and the cards lying
    /// face down by the birds, one side under the other.
    fn piles_ui(ui: &mut Ui, state: &TailFeathers, colours: &Forest, mine: Option<Alliance>) {
        for side in [Alliance::Mice, Alliance::Rats] {
            let h = state.hand(side);
            ui.horizontal(|ui| {
                ui.label(RichText::new(side_name(side)).strong().color(super::side_colour(colours, side)));
                if Some(side) != mine {
                    // The backs and their count, in the column's
                    // width ("7 in hand" ran past it at 800x600).
                    backs(ui, colours, h.cards.len());
                    ui.label(h.cards.len().to_string()).on_hover_text(format!("{} cards in hand", h.cards.len()));
                }
            });
            let refresh: Vec<&str> = h.refresh.iter().map(|&c| card(c).name).collect();
            if !refresh.is_empty() {
                ui.label(RichText::new(format!("refresh pile: {}", refresh.join(", "))).small());
            }
            let lying: Vec<String> =
                h.lying.iter().map(|&(c, b)| format!("{} by {}", card(c).name, figure_name(b))).collect();
            if !lying.is_empty() {
                ui.label(RichText::new(format!("face down: {}", lying.join(", "))).small());
            }
        }
    }

    /// The hand to pick at setup: the side's cards laid out on the table,
    /// seven to choose (suggested, random or one by one), then confirmed.
    pub(super) fn picking_ui(&mut self, ui: &mut Ui, palette: &Palette, notices: &mut Vec<Notice>) {
        let state = self.state().clone();
        let Some(seat) = self.human_to_move() else { return };
        let side = side_of_seat(seat);
        let mut pool = state.card_pool(side);
        crate::rules::tail_feathers::cards::lay_out(&mut pool);
        let held: Vec<CardId> = state.hand(side).cards.iter().flatten().copied().collect();
        self.picks.retain(|c| pool.contains(c) && !held.contains(c));
        let room = HAND - held.len();
        self.picks.truncate(room);
        // Both lines wrap in a narrow window: laid out unwrapped they
        // widened the table under the side panel at 800 x 600.
        ui.horizontal_wrapped(|ui| {
            ui.heading(format!("{}: pick your {HAND} action cards", side_name(side)));
            ui.label(
                RichText::new(format!("{} of {HAND} chosen — secret until played", held.len() + self.picks.len()))
                    .weak(),
            );
        });
        ui.horizontal_wrapped(|ui| {
            if ui.button("Suggested hand").clicked() {
                let suggested =
                    SUGGESTED[seat.index()].iter().filter_map(|n| card_named(n)).filter(|c| pool.contains(c));
                self.picks = suggested.filter(|c| !held.contains(c)).take(room).collect();
            }
            if ui.button("Random legal hand").clicked() {
                let mut rng = Rng::seeded(ui.input(|i| (i.time * 1e6) as u64));
                let mut free: Vec<CardId> = pool.iter().copied().filter(|c| !held.contains(c)).collect();
                rng.shuffle(&mut free);
                self.picks = free.into_iter().take(room).collect();
            }
            if ui.button("Clear").clicked() {
                self.picks.clear();
            }
            let ready = self.picks.len() == room;
            if ui.add_enabled(ready, egui::Button::new(RichText::new("Take this hand").strong())).clicked() {
                for c in std::mem::take(&mut self.picks) {
                    if !self.propose(Action::Pick(c), notices) {
                        break;
                    }
                }
            }
        });
        ui.label(RichText::new("Click a card to take it or put it back. Cards marked with a number of cheese are paid for when played.").weak());
        // As many cards to a row as the table's width holds (counted here:
        // a wrapping row took the width its widest line had ever had, and
        // ran under the side panel at 800 x 600).
        let gap = 4.0;
        let per_row = (((ui.available_width() - 12.0 + gap) / (CARD.x + gap)).floor() as usize).max(1);
        egui::ScrollArea::vertical().id_salt("tf-pick").show(ui, |ui| {
            for row in pool.chunks(per_row) {
                ui.horizontal(|ui| {
                    // Close enough that seven cards fit across the table of a
                    // window of the default size (four rows for the mice's 25).
                    ui.spacing_mut().item_spacing.x = gap;
                    for &c in row {
                        let chosen = held.contains(&c) || self.picks.contains(&c);
                        let (rect, resp) = ui.allocate_exact_size(CARD, Sense::click());
                        paint_action_card(
                            ui.painter(),
                            rect,
                            card(c),
                            &palette.forest,
                            CardLook { chosen, ..CardLook::default() },
                        );
                        let words = card_words(card(c));
                        let resp = resp.on_hover_text(&words);
                        resp.widget_info(|| {
                            WidgetInfo::selected(egui::Role::CheckBox, true, chosen, format!("pick {words}"))
                        });
                        if resp.clicked() && !held.contains(&c) {
                            if let Some(i) = self.picks.iter().position(|&x| x == c) {
                                self.picks.remove(i);
                            } else if self.picks.len() < room {
                                self.picks.push(c);
                            } else {
                                notices.push(Notice::Error(half_made::hand_full().to_string()));
                            }
                        }
                    }
                });
            }
        });
    }

    /// The attack window's prompt and the first player's order, in the
    /// side panel.
    pub(super) fn window_ui(&mut self, ui: &mut Ui, state: &TailFeathers, legal: &[Action], notices: &mut Vec<Notice>) {
        let mut action = None;
        if legal.contains(&Action::NoCard) {
            egui::Frame::group(ui.style()).show(ui, |ui| {
                ui.label(RichText::new("An attack is rolled: answer it with a card?").strong());
                ui.label(RichText::new("Your choice stays secret until both sides have chosen.").weak().small());
                for a in legal {
                    if let Action::Play(p) = a
                        && ui
                            .button(format!("{} on {}", card(p.card).name, figure_name(p.figure)))
                            .on_hover_text(card_words(card(p.card)))
                            .clicked()
                    {
                        action = Some(a.clone());
                    }
                }
                if ui.button("No card").clicked() {
                    action = Some(Action::NoCard);
                }
            });
        }
        let firsts: Vec<&Action> = legal.iter().filter(|a| matches!(a, Action::First(_))).collect();
        if !firsts.is_empty() {
            ui.label(
                RichText::new(
                    "Both sides played a card at once: you go first this round, so you say which resolves first.",
                )
                .strong(),
            );
            for a in firsts {
                if let Action::First(s) = a
                    && ui
                        .button(format!("The {} card first", side_name(side_of_seat(Seat(*s))).to_lowercase()))
                        .clicked()
                {
                    action = Some(a.clone());
                }
            }
        }
        // A card that needs an aim: how to give it.
        if let Some((c, f)) = self.card_aim {
            let plays: Vec<Play> = Self::plays_of(legal, c).into_iter().filter(|p| p.figure == f).collect();
            if plays.is_empty() {
                self.card_aim = None;
            } else {
                egui::Frame::group(ui.style()).show(ui, |ui| {
                    ui.label(RichText::new(format!("{} on {}", card(c).name, figure_name(f))).strong());
                    let pivots = plays.iter().filter(|p| matches!(p.aim, Aim::Turn(_))).count();
                    if pivots > 3 {
                        ui.label("Click on the battlefield where the bird should face.");
                    } else if plays.iter().any(|p| matches!(p.aim, Aim::Figure(_))) {
                        ui.label("Click a ringed enemy figure.");
                    }
                    if pivots <= 3 {
                        for p in &plays {
                            let label = match p.aim {
                                Aim::Turn(0) => "straight ahead".to_string(),
                                Aim::Turn(t) if t < 0 => "30° to the right".to_string(),
                                Aim::Turn(_) => "30° to the left".to_string(),
                                Aim::Figure(e) => figure_name(e),
                                Aim::Nothing => "play it".to_string(),
                            };
                            if ui.button(label).clicked() {
                                action = Some(Action::Play(*p));
                            }
                        }
                    }
                    if ui.button("Keep the card").clicked() {
                        self.card_aim = None;
                    }
                });
            }
        }
        let _ = state;
        if let Some(a) = action {
            self.card_aim = None;
            self.propose(a, notices);
        }
    }

    /// A click on the battlefield while a card waits for its aim: the
    /// heading toward the click (a pivot) or the figure clicked.
    pub(super) fn aim_click(
        &mut self,
        state: &TailFeathers,
        at: crate::rules::tail_feathers::geometry::V2,
        fig: Option<Fig>,
    ) -> Option<Action> {
        let (c, f) = self.card_aim?;
        let legal = state.legal_actions();
        let plays: Vec<Play> = Self::plays_of(&legal, c).into_iter().filter(|p| p.figure == f).collect();
        if let Some(e) = fig
            && let Some(p) = plays.iter().find(|p| p.aim == Aim::Figure(e))
        {
            return Some(Action::Play(*p));
        }
        let b = state.bird(f)?;
        let d = at.minus(b.pose.at);
        plays
            .iter()
            .filter_map(|p| match p.aim {
                Aim::Turn(t) => Some((b.pose.heading.turned(i32::from(t)).unit().dot(d), p)),
                _ => None,
            })
            .max_by(|x, y| x.0.total_cmp(&y.0))
            .map(|(_, p)| Action::Play(*p))
    }
}

impl SkirmishView {
    /// A click on the ballista, on a target of its bolt or on a ballista to
    /// attack (TF-R28): the decision it makes, if any.
    pub(super) fn bolt_or_blow(
        &self,
        legal: &[Action],
        fig: Option<Fig>,
        ballista: Option<Alliance>,
        space: Option<u8>,
    ) -> Option<Action> {
        let mut tries: Vec<Action> = Vec::new();
        if let Some(side) = ballista {
            let t = Target::Ballista(side);
            tries.push(Action::Loose(t));
            tries.push(Action::AssignHit(t));
            if let Some(sel) = self.selected.or_else(|| {
                legal.iter().find_map(|a| match a {
                    Action::Strike { figure, .. } | Action::Shoot { figure, .. } => Some(*figure),
                    _ => None,
                })
            }) {
                tries.push(Action::Strike { figure: sel, target: t });
                tries.push(Action::Shoot { figure: sel, target: t });
            }
        }
        if let Some(f) = fig {
            tries.push(Action::Loose(Target::Figure(f)));
        }
        if fig.is_none()
            && let Some(owner) = space.and_then(|s| TailFeathers::space_nest(usize::from(s)))
        {
            tries.push(Action::Loose(Target::Nest(owner)));
        }
        tries.into_iter().find(|a| legal.contains(a))
    }
}

/// Card backs, fanned: as many as a hand holds (never which).
pub(super) fn backs(ui: &mut Ui, colours: &Forest, n: usize) {
    let w = 14.0 + 7.0 * n.saturating_sub(1) as f32;
    let (rect, resp) = ui.allocate_exact_size(Vec2::new(w.max(14.0), 26.0), Sense::hover());
    for k in 0..n {
        let r = Rect::from_min_size(rect.min + Vec2::new(7.0 * k as f32, 0.0), Vec2::new(18.0, 26.0));
        paint_card(ui.painter(), colours, r, colours.bark, colours.trunk, true);
    }
    resp.widget_info(|| WidgetInfo::labeled(egui::Role::Image, true, format!("{n} action cards face down")));
}

/// A card following the pointer while it is dragged.
pub(super) fn dragged_card(ctx: &egui::Context, colours: &Forest) {
    let Some(CardDrag(c)) = egui::DragAndDrop::payload::<CardDrag>(ctx).map(|d| *d) else { return };
    let Some(p) = ctx.pointer_latest_pos() else { return };
    let layer = egui::LayerId::new(egui::Order::Tooltip, egui::Id::unique("tf-card-drag"));
    let painter = ctx.layer_painter(layer);
    // Up and to the right of the pointer, so the unit under it shows.
    let size = CARD * 0.7;
    let r = Rect::from_min_size(p + Vec2::new(18.0, -size.y - 10.0), size);
    paint_action_card(&painter, r, card(c), colours, CardLook { lit: true, ..CardLook::default() });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every card's name ends before its cost badge (long names such as
    /// "Battle-Hardened" ran under it).
    #[test]
    fn every_card_name_fits_its_title_band() {
        let ctx = egui::Context::default();
        let mut out = ctx.run_ui(egui::RawInput::default(), |ui| {
            let painter = ui.painter();
            for c in &crate::rules::tail_feathers::cards::ACTION_CARDS {
                let ink = crate::ui::theme::palette(false).forest.card_title;
                let g = title(painter, c, (CARD.x - 5.0, None), 1.0, ink);
                let room = title_room(c, CARD.x - 5.0, 1.0);
                assert!(g.size().x <= room + 0.5, "{}: {} wide, {room} free", c.name, g.size().x);
                // Covered by the next card in a hand held in a small window
                // (800x600: 48 points of each card in view), the whole name
                // is still in view, on two lines at most.
                let g = title(painter, c, (CARD.x - 5.0, Some(41.0)), 1.0, ink);
                assert!(g.size().x <= 41.5, "{}: {} wide in a covered card", c.name, g.size().x);
                assert!(g.rows.len() <= 2, "{}: {} lines", c.name, g.rows.len());
                // Narrower still (a crowded hand), a name is never broken a
                // letter or two to a line ("Aco/rn/Cac/he").
                let g = title(painter, c, (CARD.x - 5.0, Some(20.0)), 1.0, ink);
                assert!(g.rows.len() <= 2, "{}: {} lines in a sliver", c.name, g.rows.len());
            }
        });
        out.textures_delta.clear();
    }
}
