//! The seats around the table: each seat's mat with its plumes laid out as
//! peacock trains, the place for a new plume, and where a dragged or chosen
//! card may land.

use egui::{Align2, Pos2, Rect, Response, RichText, Sense, Stroke, StrokeKind, Ui, Vec2, WidgetInfo};

use super::{
    Action, Dragged, EnchantedPlumes, Feather, FeatherFace, Game, Known, PLUME_CARD, Palette, Phase, Player, Plume,
    PlumesView, SMALL_CARD, Seat, Target, Viewer, action_for, card_label, look, paint_feather, paint_tail,
    plume_score_text, theme, total_text, widgets, words,
};

/// The room under one's own unfinished plume to start a row there, as a
/// share of a card's height (more left the mat mostly empty felt).
const NEW_ROW: f32 = 0.42;

/// Where a seat's mat is drawn and how: whose it is, whether that person
/// is playing into it now (its drop targets), and its cards' size.
#[derive(Clone, Copy)]
pub(super) struct SeatPlace {
    pub seat: Seat,
    pub own: bool,
    pub card: Vec2,
}

/// How the other seats sit across the table in `room`: how many side by
/// side (all of them in one row, or in two rows in seat order) and their
/// cards' size, whichever shows the cards larger (one row on a tie), never
/// larger than `largest` (one's own cards by the hand).
pub(super) fn others_layout(state: &EnchantedPlumes, others: &[Seat], room: Vec2, largest: Vec2) -> (usize, Vec2) {
    let n = others.len().max(1);
    let mut best: Option<(usize, Vec2)> = None;
    for per_row in [n, n.div_ceil(2)] {
        let mat_width = (room.x - 8.0 * (per_row as f32 - 1.0)) / per_row as f32;
        if mat_width < 150.0 && per_row > 1 {
            continue;
        }
        let rows = n.div_ceil(per_row) as f32;
        if let Some(card) = others_card(state, others, Vec2::new(mat_width, room.y / rows - 6.0), largest)
            && best.is_none_or(|(_, c)| card.x > c.x + 0.5)
        {
            best = Some((per_row, card));
        }
    }
    let smallest = SMALL_CARD * 0.7;
    // Too little room for every mat whole: all in one row at the smallest
    // size (the heights above are reckoned generously, so such a row
    // mostly stays in view; a plume wider than its mat scrolls sideways in
    // it); when the mats would be too narrow for that, mats that run past
    // the bottom (scrolled to, and named on a token), as little as may be.
    let one_row = (room.x - 8.0 * (n as f32 - 1.0)) / n as f32;
    best.or_else(|| (one_row >= 150.0 || n == 1).then_some((n, smallest)))
        .or_else(|| {
            [1.25, 1.5, f32::INFINITY].into_iter().find_map(|over| {
                [n.div_ceil(2), 1].into_iter().find_map(|per_row| {
                    let mat_width = (room.x - 8.0 * (per_row as f32 - 1.0)) / per_row as f32;
                    let rows = n.div_ceil(per_row) as f32;
                    let mat = Vec2::new(mat_width, room.y * over / rows - 6.0);
                    others_card(state, others, mat, largest).map(|card| (per_row, card))
                })
            })
        })
        .unwrap_or((1, smallest))
}

/// The size of the others' cards: the largest (from `largest`, at most
/// [`PLUME_CARD`], down to 70% of [`SMALL_CARD`]) with which every seat's plumes fit
/// within `mat` (width, height), on one line or wrapped onto more; none
/// when even the smallest do not.
fn others_card(state: &EnchantedPlumes, others: &[Seat], mat: Vec2, largest: Vec2) -> Option<Vec2> {
    // The mat's frame and margins take 22 points, each plume 8 of spacing.
    let room = mat.x - 22.0;
    let fits = |card: Vec2| {
        others.iter().all(|&s| {
            let (widest, height) = mat_extent(state, s, card, mat.x);
            // Every line, not only the last, within the mat: a plume wider
            // than the mat would reach into the next seat's.
            widest <= room + 8.0 && height <= mat.y
        })
    };
    // Never larger than one's own cards by the hand.
    let largest = largest.x.min(PLUME_CARD.x) / SMALL_CARD.x;
    (0..=22)
        .map(|k| SMALL_CARD * (largest - 0.05 * k as f32))
        .filter(|c| c.x >= SMALL_CARD.x * 0.7 - 0.01)
        .find(|&c| fits(c))
}

/// The lines one's own plumes (and while playing the place for a new
/// one) take on a mat `width` wide with cards of `card`, laid left to
/// right, a plume that does not fit starting a line: how many, and their
/// height; none when a plume is wider than the mat.
fn own_lines(state: &EnchantedPlumes, seat: Seat, card: Vec2, width: f32) -> Option<(usize, f32)> {
    let room = width - 22.0 + 8.0;
    let row_height = card.y + 3.0;
    // (width, rows, whether a row may be started under it)
    let mut items: Vec<(f32, usize, bool)> = state
        .plumes(seat)
        .iter()
        .map(|p| {
            let open = !p.is_complete();
            let widest = p.rows.iter().map(Vec::len).max().unwrap_or(1);
            (plume_width(widest, card) + 8.0, p.rows.len(), open)
        })
        .collect();
    items.push((new_plume_width(card) + 8.0, 1, false));
    let (mut lines, mut x, mut height, mut tallest) = (1, 0.0, 0.0, 0.0_f32);
    for (w, rows, open) in items {
        if x > 0.0 && x + w > room {
            (lines, x, height, tallest) = (lines + 1, 0.0, height + tallest, 0.0);
        }
        x += w;
        if x > room {
            return None;
        }
        let new_row = if open { card.y * NEW_ROW } else { 0.0 };
        tallest = tallest.max(rows as f32 * row_height + new_row + 34.0);
    }
    Some((lines, height + tallest))
}

/// The size of one's own plume cards by the hand, and on how many lines
/// they lie: the largest (from `largest` down to 60% of it) with which
/// every plume and the place for a new one fit on one line of a mat
/// `width` wide; or on two, when that shows them larger and the two lines
/// stay within `two_lines_high` (the room the others leave on the table;
/// zero: one line only). When neither fits, they wrap at 60% onto as many
/// lines as they need rather than shrink further or run off the mat's
/// edge (the new plume's place with them).
pub(super) fn own_card(
    state: &EnchantedPlumes,
    seat: Seat,
    largest: Vec2,
    width: f32,
    two_lines_high: f32,
) -> (Vec2, usize) {
    let sizes = |least: f32| {
        (0..=8).map(move |k| largest * (1.0 - 0.05 * k as f32)).filter(move |c| c.x >= largest.x * least - 0.01)
    };
    let one = sizes(0.6).find(|&c| own_lines(state, seat, c, width).is_some_and(|(n, _)| n == 1));
    // Around the plumes in the bottom panel: the turn line and its hint,
    // the mat's name and facts, its margins and the spacing (measured).
    let around = 225.0;
    let two = sizes(0.6)
        .find(|&c| own_lines(state, seat, c, width).is_some_and(|(n, h)| n <= 2 && h + around <= two_lines_high));
    match (one, two) {
        // A second line only when it shows the cards clearly larger: it
        // takes a line's height from the others' mats.
        (Some(a), Some(b)) if b.x > a.x + 0.12 * largest.x => (b, 2),
        (Some(a), _) => (a, 1),
        (None, Some(b)) => (b, 2),
        (None, None) => {
            let card = largest * 0.6;
            match own_lines(state, seat, card, width) {
                Some((lines, _)) => (card, lines.max(2)),
                // A single plume wider than the mat: it scrolls sideways.
                None => (largest * 0.6, 1),
            }
        }
    }
}

/// How wide the widest line of a seat's plumes is and how high its mat
/// (heading included) when they wrap onto further lines of a mat `width`
/// wide, each line as tall as its longest plume.
fn mat_extent(state: &EnchantedPlumes, seat: Seat, card: Vec2, width: f32) -> (f32, f32) {
    let room = width - 22.0;
    let (mut x, mut line_rows, mut height, mut widest) = (0.0_f32, 0usize, 0.0_f32, 0.0_f32);
    for p in state.plumes(seat) {
        let w = others_plume_width(p.rows.iter().map(Vec::len).max().unwrap_or(1), card) + 8.0;
        if x > 0.0 && x + w > room + 8.0 {
            height += line_rows as f32 * (card.y + 3.0) + 34.0;
            (x, line_rows) = (0.0, 0);
        }
        x += w;
        widest = widest.max(x);
        line_rows = line_rows.max(p.rows.len());
    }
    (widest, 72.0 + height + line_rows.max(1) as f32 * (card.y + 3.0) + 34.0)
}

/// The height the mats of `others` need to show their plumes at `card`,
/// in mats `width` wide.
pub(super) fn others_height(state: &EnchantedPlumes, others: &[Seat], card: Vec2, width: f32) -> f32 {
    others.iter().map(|&s| mat_extent(state, s, card, width).1).fold(0.0, f32::max)
}

/// The height one's own plumes may take on two lines by the hand, in a
/// table `room` (the window less the side panel) with hand cards of
/// `hand_card`: what the Train and the others' mats, at their largest,
/// leave; none with more than three at the table.
pub(super) fn two_lines_room(state: &EnchantedPlumes, me: Seat, room: Vec2, hand_card: Vec2) -> f32 {
    if state.seats() > 3 {
        return 0.0;
    }
    let others: Vec<Seat> = (0..state.seats()).map(Seat).filter(|&s| s != me).collect();
    let width = (room.x - 8.0 * (others.len() as f32 - 1.0)) / others.len().max(1) as f32;
    let others_high = others_height(state, &others, PLUME_CARD, width);
    // The Train (its heading, cards and caption, the space under).
    let train = hand_card.y + 64.0;
    room.y - train - others_high - 20.0
}

/// The width of a plume whose widest row has `widest` cards of `card`.
fn plume_width(widest: usize, card: Vec2) -> f32 {
    plume_width_by(widest, card, card.x + 3.0)
}

/// The width of another seat's plume: its cards overlap, as a held hand's
/// do (each one's corner index in view), once they are smaller than
/// [`SMALL_CARD`] — a crowded table — rather than run off the mat.
fn others_plume_width(widest: usize, card: Vec2) -> f32 {
    plume_width_by(widest, card, others_step(card))
}

/// How far apart the cards of another seat's row lie.
fn others_step(card: Vec2) -> f32 {
    if card.x < SMALL_CARD.x - 0.01 { card.x * 0.62 } else { card.x + 3.0 }
}

fn plume_width_by(widest: usize, card: Vec2, step: f32) -> f32 {
    // 22 points of margin: the minus token of the top row sits at the left;
    // at least the heading's width (a short one over small cards).
    let cards = (widest.max(1) - 1) as f32 * step + card.x + 3.0;
    (cards + 22.0).max(if short_headings(card) { 48.0 } else { 70.0 })
}

/// Small cards (a crowded table, a low window) have short plume headings:
/// the plume's number and score, not "plume 3", so a one-card plume is no
/// wider than its heading needs.
fn short_headings(card: Vec2) -> bool {
    card.x < 36.0
}

/// The width of the place for a new plume (room for its two words).
fn new_plume_width(card: Vec2) -> f32 {
    if short_headings(card) { (card.x + 18.0).max(50.0) } else { card.x + 40.0 }
}

impl PlumesView {
    /// The seats past the bottom of a low window, named on a token there;
    /// a click scrolls the table (`view`, `content` high) to its end.
    pub(super) fn further_down_ui(
        &mut self,
        ui: &mut Ui,
        palette: &Palette,
        state: &EnchantedPlumes,
        mats: &[(Seat, Rect)],
        (view, content, scrolled): (Rect, f32, f32),
    ) {
        let below: Vec<String> =
            mats.iter().filter(|(_, r)| r.top() + 40.0 > view.bottom()).map(|(s, _)| state.seat_name(*s)).collect();
        // Mats cut by the table's lower edge: the edge fades into the
        // cloth, so the cut reads as "more below", not as a broken mat.
        let cut: Vec<String> = mats
            .iter()
            .filter(|(_, r)| r.bottom() > view.bottom() + 2.0 && r.top() + 40.0 <= view.bottom())
            .map(|(s, _)| state.seat_name(*s))
            .collect();
        if !below.is_empty() || !cut.is_empty() {
            let fade = Rect::from_min_max(egui::pos2(view.left(), view.bottom() - 28.0), view.right_bottom());
            look::fade(ui.painter(), fade, egui::Color32::TRANSPARENT, palette.table.cloth);
        }
        if !below.is_empty() || !cut.is_empty() {
            let text = if below.is_empty() {
                format!("{} continue below: scroll", cut.join(", "))
            } else {
                format!("{} further down: scroll", below.join(", "))
            };
            let font = egui::FontId::proportional(13.0);
            let galley = ui.painter().layout_no_wrap(text, font, palette.table.on_plate);
            // In the lower right corner, where a mat's plumes (laid from
            // the left) leave the felt bare most often.
            let size = galley.size() + Vec2::new(20.0, 8.0);
            let rect = Rect::from_min_size(view.right_bottom() - size - Vec2::new(10.0, 6.0), size);
            let token = ui.interact(rect, ui.scope_id().with("further-down"), Sense::click());
            let lift = if token.hovered() { look::Lift::Raised } else { look::Lift::Flat };
            look::card_body(ui.painter(), palette, rect, palette.table.plate, lift);
            let said = galley.text().to_string();
            ui.painter().galley(rect.min + Vec2::new(10.0, 4.0), galley, palette.table.on_plate);
            token.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &said));
            if token.clicked() {
                // The first seat named brought into view: a cut mat scrolled
                // up until its foot shows (a mat lower than the view keeps its
                // top in view so), one wholly below brought to the top (or as
                // far as the table scrolls).
                // The seat the token names first: one wholly below when it
                // names those, else the first cut one.
                let named = |r: &Rect| {
                    if below.is_empty() { r.bottom() > view.bottom() + 2.0 } else { r.top() + 40.0 > view.bottom() }
                };
                let first = mats.iter().find(|(_, r)| named(r)).map(|(_, r)| {
                    if r.top() + 40.0 <= view.bottom() {
                        r.bottom() - view.bottom() + 6.0
                    } else {
                        r.top() - view.top() - 4.0
                    }
                });
                let to = first.map_or(content, |by| scrolled + by);
                self.scroll_down = Some(to.clamp(0.0, (content - view.height()).max(0.0)));
                ui.ctx().request_repaint();
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn seat_ui(
        &mut self,
        ui: &mut Ui,
        palette: &Palette,
        state: &EnchantedPlumes,
        place: SeatPlace,
        viewer: Viewer,
        dragging: Option<Feather>,
        action: &mut Option<Action>,
        note: &mut Option<String>,
    ) {
        let SeatPlace { seat, own, card: size } = place;
        let sees = viewer.sees(seat);
        let to_move = state.to_move().seat() == Some(seat);
        // Each seat's place at the table: a mat a shade off the cloth, ringed
        // in gold while it is that seat's turn.
        let mat = theme::mix(palette.table.cloth, palette.table.weave[1], 0.7);
        // The gold ring is a point wider than the plain one; the mat keeps
        // its size (so nothing moves when the turn passes).
        let (ring, outside) = if to_move {
            (Stroke::new(2.0, palette.selection), 0)
        } else {
            (Stroke::new(1.0, theme::mix(mat, palette.table.ink, 0.2)), 1)
        };
        let frame = egui::Frame::new().fill(mat).stroke(ring).corner_radius(10).inner_margin(10).outer_margin(outside);
        frame.show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.visuals_mut().override_text_color = Some(palette.table.ink);
            // The name, whose turn it is, and the score (in the display face,
            // at the mat's right); under them who plays and what is in hand.
            // A narrow mat (five or six at the table) says it shorter, and
            // its turn token sits on the line under the name.
            let narrow = ui.available_width() < 200.0;
            ui.horizontal(|ui| {
                ui.label(look::title(ui, state.seat_name(seat), 18.0));
                if to_move && !narrow {
                    // A gold token by the name: whose turn it is.
                    let text = RichText::new(" to play ").color(palette.table.rim).strong();
                    egui::Frame::new().fill(palette.selection).corner_radius(8).show(ui, |ui| ui.label(text));
                }
                let held = state.hand(seat).len();
                if !narrow && held > 0 && !(self.by_hand_seat() == Some(seat) && sees) {
                    // The hand as it lies face down before its seat: how
                    // many cards (public), never which.
                    held_backs(ui, palette, (&state.seat_name(seat), held));
                }
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    let score = total_text(state.score_seen_by(viewer.knowledge_for(seat), seat));
                    ui.label(look::title(ui, score, 18.0)).on_hover_text("Score");
                });
            });
            let who = match self.m.session.players().get(seat.index()) {
                // A narrow mat (five or six at the table) leaves the level
                // to the new-game choices: its facts fit on their line.
                Some(Player::Computer(_)) if narrow => "computer".to_string(),
                Some(Player::Computer(l)) => format!("computer ({})", l.name()),
                Some(Player::Friend) => "friend online".to_string(),
                _ => "human".to_string(),
            };
            if to_move && narrow {
                // In a row of its own, sized to its words (not the mat's width).
                let text = RichText::new(" to play ").color(palette.table.rim).strong().small();
                ui.horizontal(|ui| {
                    egui::Frame::new().fill(palette.selection).corner_radius(8).show(ui, |ui| ui.label(text));
                });
            }
            let by_hand = self.by_hand_seat() == Some(seat);
            let in_hand = if narrow { "" } else { " in hand" };
            let mut facts = vec![who, format!("{}{in_hand}", words::count(state.hand(seat).len(), "card"))];
            if state.peacocks(seat) > 0 {
                facts.push(words::count(state.peacocks(seat), "peacock"));
            }
            let facts = facts.join(" · ");
            if !(by_hand && self.compact) {
                // (By the hand, in a low window: the side panel says it.)
                let facts = RichText::new(facts).color(palette.table.faint);
                ui.add(egui::Label::new(if narrow { facts.small() } else { facts }).truncate());
            }
            let two_lines = self.own_lines > 1;
            // By the hand, a line is as high as a plume of one row (and the
            // room under it) from the start, so the mat, and the hand beside
            // it, keep their place as the first plumes are laid.
            let least = size.y + 3.0 + self.new_row_room(true, size) + 34.0;
            let mut lay_out = |ui: &mut Ui| {
                let plumes = state.plumes(seat);
                for (i, p) in plumes.iter().enumerate() {
                    let score = state.plume_score_seen_by(viewer.knowledge_for(seat), seat, i);
                    let shown = ShownPlume { index: i, plume: p, score, card: size, sees, own, by_hand };
                    self.plume_ui(ui, palette, state, seat, &shown, dragging, action, note);
                }
                if own && state.phase() == Phase::Play {
                    self.new_plume_ui(ui, palette, state, seat, plumes.len(), dragging, action, note);
                } else if by_hand {
                    // Its room kept, so the mat does not change size.
                    ui.allocate_exact_size(Vec2::new(new_plume_width(size), size.y + 24.0), Sense::hover());
                }
            };
            if by_hand && two_lines {
                // By the hand, with few at the table: the plumes wrap onto a
                // second line (the cards were sized to fit two) rather than
                // shrink, in the room the others leave.
                ui.horizontal_wrapped(|ui| {
                    ui.set_min_height(least);
                    lay_out(ui);
                });
            } else if by_hand {
                // By the hand: one line (the cards were sized to fit it), so
                // the mat never grows over the table; past the smallest
                // size, scrolled sideways, its bar shown only then.
                egui::ScrollArea::horizontal()
                    .scroll_bar_visibility(egui::scroll_area::ScrollBarVisibility::VisibleWhenNeeded)
                    .show(ui, |ui| {
                        ui.horizontal_top(|ui| {
                            ui.set_min_height(least);
                            lay_out(ui);
                        })
                    });
            } else if state.plumes(seat).iter().any(|p| {
                others_plume_width(p.rows.iter().map(Vec::len).max().unwrap_or(1), size) > ui.available_width()
            }) {
                // A plume wider than the mat (a crowded table at the
                // smallest size): the mat scrolls sideways rather than
                // reach into the next seat's.
                egui::ScrollArea::horizontal()
                    .id_salt(("others-plumes", seat.index()))
                    .scroll_bar_visibility(egui::scroll_area::ScrollBarVisibility::AlwaysVisible)
                    .show(ui, |ui| ui.horizontal_top(|ui| lay_out(ui)));
            } else {
                ui.horizontal_wrapped(|ui| lay_out(ui));
            }
        });
    }

    /// Under one's own unfinished plume, room to start a row: the top of a
    /// card's place ([`NEW_ROW`], less in a low window, where every line
    /// counts).
    fn new_row_room(&self, open: bool, card: Vec2) -> f32 {
        match (open, self.compact) {
            (false, _) => 0.0,
            (true, true) => card.y * NEW_ROW * 0.8,
            (true, false) => card.y * NEW_ROW,
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn plume_ui(
        &mut self,
        ui: &mut Ui,
        palette: &Palette,
        state: &EnchantedPlumes,
        seat: Seat,
        shown: &ShownPlume<'_>,
        dragging: Option<Feather>,
        action: &mut Option<Action>,
        note: &mut Option<String>,
    ) {
        let &ShownPlume { index, plume, score, card, sees, own, by_hand } = shown;
        let gap = 3.0;
        let open = (own || by_hand) && !plume.is_complete();
        let widest = plume.rows.iter().map(Vec::len).max().unwrap_or(1);
        let new_row = self.new_row_room(open, card);
        // Another seat's cards overlap on a crowded table.
        let step = if by_hand { card.x + gap } else { others_step(card) };
        let width = plume_width_by(widest, card, step);
        let height = (plume.rows.len() as f32) * (card.y + gap) + new_row + 24.0;
        let (rect, resp) = ui.allocate_exact_size(Vec2::new(width, height + 10.0), Sense::hover());
        let painter = ui.painter_at(rect.expand(6.0));
        let foot_y = rect.top() + 18.0 + (plume.rows.len() as f32) * (card.y + gap) + 6.0;
        paint_tail(&painter, palette, rect, foot_y, plume.is_complete());
        let kind = if plume.is_complete() { "peacock" } else { "plume" };
        let title = format!("{kind} {} {}", index + 1, plume_score_text(score));
        let label = format!("{} {title}", state.seat_name(seat));
        resp.widget_info(|| WidgetInfo::labeled(egui::Role::Label, true, label.clone()));
        if let Known::AtLeast(n) = score {
            resp.on_hover_text(format!(
                "Its face-down card stays hidden until the end; with it the peacock scores at least {n:+}"
            ));
        } else {
            resp.on_hover_text(
                "The top row counts against the plume, every card under it for it, and each card one more",
            );
        }
        let name = if short_headings(card) { format!("{}", index + 1) } else { format!("{kind} {}", index + 1) };
        plume_heading(&painter, palette, rect.center_top(), &name, &plume_score_text(score));
        let last = plume.rows.len() - 1;
        for (r, row) in plume.rows.iter().enumerate() {
            let y = rect.top() + 18.0 + (r as f32) * (card.y + gap);
            let row_w = (row.len().max(1) - 1) as f32 * step + card.x + gap;
            let x0 = rect.center().x + 5.0 - row_w / 2.0;
            for (k, &c) in row.iter().enumerate() {
                let cr = Rect::from_min_size(Pos2::new(x0 + (k as f32) * step, y), card);
                let face_down = plume.is_complete() && r == last;
                let face = match (face_down, sees) {
                    (false, _) => FeatherFace::Up(c),
                    (true, true) => FeatherFace::DownOwn(c),
                    (true, false) => FeatherFace::Down,
                };
                let resp = ui.interact(cr, ui.scope_id().with(("card", seat.0, index, r, k)), Sense::hover());
                let fresh = self.fresh.plumes.contains(&(seat.0, index, r, k));
                let new = if fresh { " (new since your last turn)" } else { "" };
                let label = card_label(&format!("{} plume {}{new}", state.seat_name(seat), index + 1), face);
                resp.widget_info(|| WidgetInfo::labeled(egui::Role::Label, true, label.clone()));
                // Face-up cards slide by their identity (public); a
                // face-down one only by its place, so no motion tells
                // where a hidden card came from.
                let key = if matches!(face, FeatherFace::Up(_)) {
                    look::Slides::key(c)
                } else {
                    look::Slides::key(("face down", seat.0, index, r, k))
                };
                let now = ui.input(|i| i.time);
                let drawn = self.slides.place(key, cr, None, now, self.settings.animations);
                // A card laid from a hand turns face up where it lands.
                match self.slides.turning(key, now).filter(|_| matches!(face, FeatherFace::Up(_))) {
                    Some(t) => match look::turned(drawn, t) {
                        (r, true) => paint_feather(&painter, palette, r, face),
                        (r, false) => paint_feather(&painter, palette, r, FeatherFace::Down),
                    },
                    None => paint_feather(&painter, palette, drawn, face),
                }
                if fresh {
                    Self::mark_fresh(ui, palette, cr);
                }
            }
            if r == 0 && !plume.is_complete() {
                // The top row counts against the plume: a minus printed on
                // the mat at its left, clear of the cards (a sign, not a
                // token: nothing to press).
                let at = Pos2::new(rect.left() + 6.0, y + card.y / 2.0);
                painter.line_segment([at - Vec2::X * 4.0, at + Vec2::X * 4.0], Stroke::new(2.0, palette.table.faint));
                // What the sign means, on hover.
                let sign = Rect::from_center_size(at, Vec2::new(12.0, card.y));
                ui.interact(sign, ui.scope_id().with(("minus", seat.0, index)), Sense::hover())
                    .on_hover_text("The top row counts against the plume: its cards are taken off the score");
            }
        }
        if !own {
            // Dropping on someone else's plume is refused with its rule.
            let resp = ui.interact(rect, ui.scope_id().with(("others", seat.0, index)), Sense::hover());
            if resp.dnd_hover_payload::<Dragged>().is_some() {
                *note = note.take().or(widgets::tint_drop_zone(ui, rect, palette, &Err(state.play_into_other(seat))));
            }
            if resp.dnd_release_payload::<Dragged>().is_some() {
                self.refusal = Some(state.play_into_other(seat).to_string());
            }
            return;
        }
        if plume.is_complete() {
            return;
        }
        // Drop zones: the bottom row (to extend it) and the row under it.
        for row in [last, last + 1] {
            let y = rect.top() + 18.0 + (row as f32) * (card.y + gap);
            let tall = if row == last { card.y + 2.0 } else { new_row - gap + 2.0 };
            let zone = Rect::from_min_size(Pos2::new(rect.left() + 4.0, y - 1.0), Vec2::new(rect.width() - 8.0, tall));
            let target = Target::Row { plume: index as u8, row: row as u8 };
            let id = ui.scope_id().with(("zone", seat.0, index, row));
            let resp = ui.interact(zone, id, Sense::click());
            let label = if row == last {
                format!("plume {} row {}", index + 1, row + 1)
            } else {
                format!("plume {} new row {}", index + 1, row + 1)
            };
            resp.widget_info(|| WidgetInfo::labeled(egui::Role::Button, true, label.clone()));
            self.zone_feedback(ui, palette, state, zone, &resp, target, dragging, action, note);
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn new_plume_ui(
        &mut self,
        ui: &mut Ui,
        palette: &Palette,
        state: &EnchantedPlumes,
        _seat: Seat,
        n: usize,
        dragging: Option<Feather>,
        action: &mut Option<Action>,
        note: &mut Option<String>,
    ) {
        let card = self.own_card;
        let (rect, resp) = ui.allocate_exact_size(Vec2::new(new_plume_width(card), card.y + 24.0), Sense::click());
        resp.widget_info(|| WidgetInfo::labeled(egui::Role::Button, true, "new plume"));
        let dashed = egui::Shape::dashed_line(
            &[rect.left_top(), rect.right_top(), rect.right_bottom(), rect.left_bottom(), rect.left_top()],
            Stroke::new(1.5, palette.table.faint),
            6.0,
            4.0,
        );
        ui.painter().extend(dashed);
        ui.painter().text(
            rect.center(),
            Align2::CENTER_CENTER,
            "new\nplume",
            look::display(ui.ctx(), if short_headings(card) { 11.5 } else { 13.0 }),
            palette.table.faint,
        );
        let target = Target::Row { plume: n as u8, row: 0 };
        self.zone_feedback(ui, palette, state, rect, &resp, target, dragging, action, note);
    }

    #[allow(clippy::too_many_arguments)]
    fn zone_feedback(
        &mut self,
        ui: &Ui,
        palette: &Palette,
        state: &EnchantedPlumes,
        zone: Rect,
        resp: &Response,
        target: Target,
        dragging: Option<Feather>,
        action: &mut Option<Action>,
        note: &mut Option<String>,
    ) {
        if let Some(card) = dragging {
            let verdict = self.verdict(state, &action_for(card, target));
            if resp.dnd_hover_payload::<Dragged>().is_some() || (self.selected.is_some() && resp.hovered()) {
                *note = note.take().or(widgets::tint_drop_zone(ui, zone, palette, &verdict));
            } else if verdict.is_ok() {
                ui.painter().rect_stroke(zone, 4.0, Stroke::new(2.0, palette.legal.to_opaque()), StrokeKind::Inside);
            }
        }
        if let Some(d) = resp.dnd_release_payload::<Dragged>() {
            *action = Some(action_for(d.0, target));
        }
        if resp.clicked()
            && let Some(card) = self.selected
        {
            *action = Some(action_for(card, target));
        }
    }
}

/// What `plume_ui` draws: one plume and how much of it the viewer knows.
struct ShownPlume<'a> {
    index: usize,
    plume: &'a Plume,
    /// Its score as the viewer knows it.
    score: Known,
    /// The card size.
    card: Vec2,
    /// The viewer may see its face-down card.
    sees: bool,
    /// The viewer owns it and is to play (drop zones).
    own: bool,
    /// It lies by the hand: the room for a new row is kept between turns
    /// too, so the mat keeps its size.
    by_hand: bool,
}

/// A plume's heading over its top row: its name, and its score on a chip
/// beside it (so "plume 1 −8" never reads as a range).
fn plume_heading(painter: &egui::Painter, palette: &Palette, top: Pos2, name: &str, score: &str) {
    let font = look::display(painter.ctx(), 13.0);
    let name = painter.layout_no_wrap(name.to_string(), font.clone(), palette.table.ink);
    let score = painter.layout_no_wrap(score.to_string(), font, palette.table.on_plate);
    let chip = Vec2::new(score.size().x + 8.0, score.size().y + 1.0);
    let left = top.x - (name.size().x + 4.0 + chip.x) / 2.0;
    painter.galley(Pos2::new(left, top.y + 1.0), name.clone(), palette.table.ink);
    let chip = Rect::from_min_size(Pos2::new(left + name.size().x + 4.0, top.y + 0.5), chip);
    painter.rect(chip, 6.0, palette.table.plate, Stroke::new(1.0, palette.table.edge), StrokeKind::Inside);
    painter.galley(chip.min + Vec2::new(4.0, 0.5), score, palette.table.on_plate);
}

/// A seat's hand as a little row of card backs by its name, fanned a
/// little, as many as it holds.
fn held_backs(ui: &mut Ui, palette: &Palette, (name, n): (&str, usize)) {
    let card = Vec2::new(13.0, 19.0);
    let step = 6.0;
    let (rect, response) =
        ui.allocate_exact_size(Vec2::new(card.x + step * (n - 1) as f32 + 4.0, card.y + 2.0), Sense::hover());
    for i in 0..n {
        let at = rect.left_top() + Vec2::new(2.0 + step * i as f32, 1.0);
        super::cards::paint_back(ui.painter(), palette, Rect::from_min_size(at, card), look::Lift::Flat);
    }
    let said = format!("{name}: {} in hand, face down", words::count(n, "card"));
    response.widget_info(|| WidgetInfo::labeled(egui::Role::Image, true, &said));
    response.on_hover_text(said);
}

#[cfg(test)]
mod tests {
    use super::{PLUME_CARD, SMALL_CARD, others_card, others_plume_width, own_card, own_lines, plume_width};
    use crate::rules::enchanted_plumes::{Action, EnchantedPlumes, Options};
    use crate::rules::{Game, Rng, Seat, Setup};
    use egui::Vec2;

    /// A two-seat game in which seat B has started `plumes` plumes.
    fn with_plumes(plumes: usize) -> EnchantedPlumes {
        let options = Options { names: vec!["A".into(), "B".into()], first: Some(0) };
        let mut rng = Rng::seeded(5);
        let mut state = EnchantedPlumes::new(&Setup { seats: 2, options }, 5);
        let mut moves = 0;
        while state.plumes(Seat(1)).len() < plumes && moves < 2_000 && state.outcome().is_none() {
            let legal = state.legal_actions();
            // Seat B starts plumes whenever it may, so it soon has three.
            let count = state.plumes(Seat(1)).len();
            let new_plume = |a: &&Action| matches!(a, Action::Play { plume, .. } if usize::from(*plume) == count);
            let pick = legal
                .iter()
                .find(|a| state.to_move().seat() == Some(Seat(1)) && new_plume(a))
                .unwrap_or(&legal[rng.below(legal.len())])
                .clone();
            state.apply_legal(&pick);
            moves += 1;
        }
        assert!(state.plumes(Seat(1)).len() >= plumes, "B has {plumes} plumes ({moves} moves)");
        state
    }

    /// A seat whose plumes are too wide for one line of its mat gets them
    /// wrapped onto a second line at a readable size, not the smallest.
    #[test]
    fn plumes_too_wide_for_one_line_wrap_rather_than_shrink_to_nothing() {
        let state = with_plumes(3);
        let plumes = state.plumes(Seat(1));
        // A mat two plumes wide at the largest size, and tall enough for two
        // lines of them.
        let widest = |card: Vec2| {
            plumes.iter().map(|p| plume_width(p.rows.iter().map(Vec::len).max().unwrap_or(1), card) + 8.0).sum::<f32>()
        };
        let width = widest(PLUME_CARD) * 0.7 + 22.0;
        let card =
            others_card(&state, &[Seat(1)], Vec2::new(width, 72.0 + 2.0 * (PLUME_CARD.y * 3.0 + 40.0)), PLUME_CARD);
        assert!(card.is_some_and(|c| c.x > SMALL_CARD.x), "wrapped at a readable size, not {card:?}");
        // However it wraps, no plume is wider than the mat (it would reach
        // into the next seat's), whatever the mat's width.
        for width in (60..600).step_by(5).map(|w| w as f32) {
            let mat = Vec2::new(width, 4_000.0);
            let Some(card) = others_card(&state, &[Seat(1)], mat, PLUME_CARD) else {
                continue; // Nothing fits: the mats are laid out otherwise.
            };
            for p in plumes {
                let w = others_plume_width(p.rows.iter().map(Vec::len).max().unwrap_or(1), card) + 8.0;
                assert!(w <= width - 22.0 + 8.0, "a plume {w} wide in a mat {width} wide (cards {card:?})");
            }
        }
    }

    /// One's own plumes by the hand, too many for one line at full size:
    /// with the room the others leave, they take two lines at a larger
    /// size than one line allows; without it, one line if they keep 60% of
    /// their size there, and otherwise they wrap (a new player found them
    /// running off the mat's edge with the place for a new plume, behind a
    /// thin scroll bar).
    #[test]
    fn own_plumes_take_a_second_line_where_the_table_has_room_and_wrap_rather_than_shrink() {
        let state = with_plumes(4);
        let width = 400.0;
        let (one, lines) = own_card(&state, Seat(1), PLUME_CARD, width, 0.0);
        assert!(one.x < PLUME_CARD.x, "four plumes and a new one do not fit one line at full size: {one:?}");
        let (two, two_lines) = own_card(&state, Seat(1), PLUME_CARD, width, 2_000.0);
        assert_eq!(two_lines, 2, "room for two lines: two");
        assert!(two.x >= one.x - 0.01, "no smaller on two lines ({two:?}) than without room ({one:?}, {lines} lines)");
        for width in (200..900).step_by(20).map(|w| w as f32) {
            let (card, lines) = own_card(&state, Seat(1), PLUME_CARD, width, 0.0);
            let (needed, _) = own_lines(&state, Seat(1), card, width).expect("every plume fits the mat's width");
            assert!(needed <= lines, "{needed} lines needed, {lines} laid, at width {width}");
            if lines == 1 {
                assert!(card.x >= PLUME_CARD.x * 0.6 - 0.01, "one line of {card:?} cards at width {width}");
            }
        }
    }
}
