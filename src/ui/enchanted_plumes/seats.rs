//! The seats around the table: each seat's mat with its plumes laid out as
//! peacock trains, the place for a new plume, and where a dragged or chosen
//! card may land.

use egui::{Align2, Pos2, Rect, Response, Sense, Stroke, StrokeKind, Ui, Vec2, WidgetInfo};

use super::fan::PlumeFan;
use super::layout::{
    NEW_ROW, fanned_step, new_plume_width, others_plume_width, plume_width_by, row_step, rows_height, short_headings,
};
use super::marks::{Bottom, plume_heading, plume_hover, plume_tip, row_sign};
use crate::ui::tilt::tilted;

use super::{
    Action, Dragged, EnchantedPlumes, Feather, FeatherFace, Game, Known, PLUME_CARD, Palette, Phase, Plume, PlumesView,
    Seat, Target, Viewer, action_for, card_label, look, paint_feather, paint_tail, plume_score_text, theme, widgets,
};

/// The width of the column at the left of one's own plumes that says
/// whose they are (the name, the score, the turn and the facts).
pub(super) const PLAQUE: f32 = 150.0;
/// The room between that column and the plumes.
pub(super) const PLAQUE_GAP: f32 = 12.0;

/// Where a seat's mat is drawn and how: whose it is, whether that person
/// is playing into it now (its drop targets), and its cards' size.
#[derive(Clone, Copy)]
pub(super) struct SeatPlace {
    pub seat: Seat,
    pub own: bool,
    pub card: Vec2,
    /// The height the mat is drawn at least (its row's tallest), or 0.
    pub tall: f32,
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
            // (A mat's foot is bare margin: cut there, nothing is hidden.)
            .filter(|(_, r)| r.bottom() > view.bottom() + 16.0 && r.top() + 40.0 <= view.bottom())
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
                    if below.is_empty() { r.bottom() > view.bottom() + 16.0 } else { r.top() + 40.0 > view.bottom() }
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

    /// A seat's mat and its plumes; the mat's own height (its content's,
    /// before it is drawn as tall as its place's `tall`).
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
    ) -> f32 {
        let SeatPlace { seat, tall, .. } = place;
        // Each seat's place at the table: its cards lying on the cloth, as
        // at a card table, its name and score over them (a mat of its own,
        // a panel of another shade, read as a web page's box in reviews 25
        // to 30; laid side by side, an A/B review scored the table without
        // them 1 to 3 points higher). Whose turn it is, its token says.
        // (The frame's margins and its unseen edge keep the room the
        // layout reckons with: `layout::MAT_FRAME`.)
        // By the hand (but in a low window) one's name stands at the left
        // of one's plumes.
        let plain = self.by_hand_seat() == Some(seat);
        let frame = if plain {
            egui::Frame::new().inner_margin(egui::Margin::symmetric(4, 2))
        } else {
            egui::Frame::new().stroke(Stroke::new(1.0, egui::Color32::TRANSPARENT)).inner_margin(10).outer_margin(1)
        };
        let shown = frame.show(ui, |ui| {
            ui.set_width(ui.available_width());
            // (Set first: set at the end, it was added under the content.)
            let top = ui.cursor().top();
            ui.set_min_height(tall);
            ui.visuals_mut().override_text_color = Some(palette.table.ink);
            if plain {
                ui.horizontal_top(|ui| {
                    ui.vertical(|ui| {
                        ui.set_width(PLAQUE);
                        self.mat_heading(ui, palette, state, seat, viewer);
                    });
                    ui.add_space(PLAQUE_GAP);
                    ui.vertical(|ui| self.plumes_ui(ui, palette, state, place, viewer, dragging, action, note));
                });
            } else {
                self.mat_heading(ui, palette, state, seat, viewer);
                self.plumes_ui(ui, palette, state, place, viewer, dragging, action, note);
            }
            // Its own height (it is drawn as tall as its row's tallest).
            ui.cursor().top() - top - ui.spacing().item_spacing.y
        });
        shown.inner
    }

    /// A seat's plumes on its mat: by the hand on one line (or two, the
    /// cards sized to fit), across the table line by line as reckoned.
    #[allow(clippy::too_many_arguments)]
    fn plumes_ui(
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
        let SeatPlace { seat, own, card: size, .. } = place;
        let sees = viewer.sees(seat);
        let by_hand = self.by_hand_seat() == Some(seat);
        let two_lines = self.own_lines > 1;
        // By the hand, a line is as high as a plume of one row (and the
        // room under it) from the start, so the mat, and the hand beside
        // it, keep their place as the first plumes are laid.
        let least = size.y + 3.0 + self.new_row_room(true, size) + 34.0;
        let offset = self.own_scroll;
        let all = 0..state.plumes(seat).len();
        let mut lay_out = |ui: &mut Ui, plumes: std::ops::Range<usize>, new: bool| {
            for (i, p) in state.plumes(seat).iter().enumerate().filter(|(i, _)| plumes.contains(i)) {
                let score = state.plume_score_seen_by(viewer.knowledge_for(seat), seat, i);
                let bottom = Bottom::of(sees, state.phase() == Phase::Over);
                let shown = ShownPlume { index: i, plume: p, score, card: size, bottom, own, by_hand };
                self.plume_ui(ui, palette, state, seat, &shown, dragging, action, note);
            }
            if new && own && state.phase() == Phase::Play {
                let plumes = state.plumes(seat);
                self.new_plume_ui(ui, palette, state, seat, plumes.len(), dragging, action, note);
            } else if new && by_hand {
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
                lay_out(ui, all.clone(), true);
            });
        } else if by_hand {
            // By the hand: one line (the cards were sized to fit it), so
            // the mat never grows over the table; past the smallest
            // size, the plumes slide sideways behind an arrow, the place
            // for a new one kept in view at the right.
            let beside = new_plume_width(size) + 8.0;
            let (view, content) = ui
                .horizontal_top(|ui| {
                    ui.set_min_height(least);
                    let at = ui.cursor().min;
                    let width = ui.available_width() - beside;
                    // The plumes in a window onto their line, shifted by
                    // how far they have slid.
                    let line = Rect::from_min_size(at - Vec2::X * offset, Vec2::new(10_000.0, ui.available_height()));
                    let mut child = ui.new_child(
                        egui::UiBuilder::new().max_rect(line).layout(egui::Layout::left_to_right(egui::Align::Min)),
                    );
                    let view = Rect::from_min_size(at, Vec2::new(width, 10_000.0));
                    child.set_clip_rect(view.intersect(ui.clip_rect()));
                    child.set_min_height(least);
                    lay_out(&mut child, all.clone(), false);
                    let used = child.min_rect();
                    // The place for a new plume right after the last one (at
                    // the mat's far end it left a bare half between).
                    let shown = width.min(used.width() + 2.0);
                    let (view, _) = ui.allocate_exact_size(Vec2::new(shown, used.height()), Sense::hover());
                    lay_out(ui, 0..0, true);
                    (view, used.width())
                })
                .inner;
            self.more_plumes_token(ui, palette, view, (content, offset));
        } else if state
            .plumes(seat)
            .iter()
            .any(|p| others_plume_width(p.rows.iter().map(Vec::len).max().unwrap_or(1), size) > ui.available_width())
        {
            // A plume wider than the mat (a crowded table at the
            // smallest size): the mat scrolls sideways rather than
            // reach into the next seat's.
            egui::ScrollArea::horizontal()
                .id_salt(("others-plumes", seat.index()))
                .scroll_bar_visibility(egui::scroll_area::ScrollBarVisibility::AlwaysVisible)
                .show(ui, |ui| ui.horizontal_top(|ui| lay_out(ui, all.clone(), true)));
        } else {
            // Line by line as the layout reckoned them (wrapped by
            // egui, a line came out a few points narrower and taller
            // than reckoned, and the seats shrank to fit).
            let widths: Vec<f32> = state
                .plumes(seat)
                .iter()
                .map(|p| others_plume_width(p.rows.iter().map(Vec::len).max().unwrap_or(1), size))
                .collect();
            let lines = super::layout::plume_lines(&widths, ui.available_width());
            let last_line = lines.len().saturating_sub(1);
            for (k, line) in lines.into_iter().enumerate() {
                // Each line in the middle of the mat, as cards are laid
                // before a player (from its left edge, a mat of two
                // plumes lay half bare).
                let used = widths[line.clone()].iter().map(|w| w + 8.0).sum::<f32>() - 8.0;
                ui.horizontal_top(|ui| {
                    ui.add_space(((ui.available_width() - used) / 2.0).floor().max(0.0));
                    lay_out(ui, line, k == last_line);
                });
            }
        }
    }

    /// One's own plumes run past the right of their mat (a low window):
    /// a token at the edge says so, and a click scrolls them to the end
    /// (and back, from there).
    fn more_plumes_token(&mut self, ui: &mut Ui, palette: &Palette, view: Rect, (content, at): (f32, f32)) {
        let hidden = content - view.width();
        if hidden < 1.0 {
            self.own_scroll = 0.0;
            return;
        }
        // (Slid no further than the plumes go, as they change.)
        self.own_scroll = self.own_scroll.min(hidden);
        let end = at >= hidden - 1.0;
        // A carousel's arrow: a strip at the edge the plumes run past.
        let (edge, arrow) = if end { (view.left(), "‹") } else { (view.right() - 16.0, "›") };
        let rect = Rect::from_min_size(egui::pos2(edge, view.top() + 14.0), Vec2::new(16.0, view.height() - 28.0));
        let token = ui.interact(rect, ui.scope_id().with("more-plumes"), Sense::click());
        let lift = if token.hovered() { look::Lift::Raised } else { look::Lift::Flat };
        look::card_body(ui.painter(), palette, rect, palette.table.plate, lift);
        ui.painter().text(
            rect.center(),
            Align2::CENTER_CENTER,
            arrow,
            look::display(ui.ctx(), 18.0),
            palette.table.on_plate,
        );
        let said = if end { "back to the first plumes" } else { "more plumes to the right" };
        let token = token.on_hover_text(said);
        token.widget_info(|| WidgetInfo::labeled(egui::Role::Button, true, said));
        if token.clicked() {
            self.own_scroll = if end { 0.0 } else { hidden };
            ui.ctx().request_repaint();
        }
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
        let &ShownPlume { index, plume, score, card, bottom, own, by_hand } = shown;
        let gap = 3.0;
        let open = (own || by_hand) && !plume.is_complete();
        let widest = plume.rows.iter().map(Vec::len).max().unwrap_or(1);
        let new_row = self.new_row_room(open, card);
        // Small cards (a crowded table, a low window) overlap.
        let step = fanned_step(card, widest);
        let width = plume_width_by(widest, card, step);
        let height = rows_height(plume.rows.len(), card) + new_row + 24.0;
        let (rect, resp) = ui.allocate_exact_size(Vec2::new(width, height + 10.0), Sense::hover());
        // (Room round the plume for its fanned cards' corners.)
        let painter = ui.painter_at(rect.expand(16.0));
        let foot_y = rect.top() + 18.0 + rows_height(plume.rows.len(), card) + 6.0;
        paint_tail(&painter, palette, rect, (foot_y, card), plume.is_complete());
        let kind = if plume.is_complete() { "peacock" } else { "plume" };
        let title = format!("{kind} {} {}", index + 1, plume_score_text(score));
        let label = format!("{} {title}", state.seat_name(seat));
        resp.widget_info(|| WidgetInfo::labeled(egui::Role::Label, true, label.clone()));
        let words = plume_tip(score);
        // Another seat's plume drawn smaller than one's own would be is held up
        // at a hand's size on hover, to read its cards.
        plume_hover(resp, palette, (&label, &words), (plume, bottom), !own && card.x < PLUME_CARD.x - 0.01);
        plume_heading(&painter, palette, rect.center_top(), &plume_score_text(score));
        let last = plume.rows.len() - 1;
        let row_x = |len: usize| row_left_and_width(rect, len, (card, step, gap));
        // The plume as a peacock's tail: its cards turned out from a point
        // under it, where the bird would stand (the fan is the plume's
        // shape, not a motion: it stays with Animations off).
        let top_centre = Pos2::new(rect.center().x + 5.0 - gap / 2.0, rect.top() + 18.0 + card.y / 2.0);
        let fan = PlumeFan::new(top_centre, card, (widest, row_step(card)));
        if !plume.is_complete() {
            row_ribbons(ui, palette, (rect, plume, &fan), (card, step, gap), (&state.seat_name(seat), seat, index));
        }
        for (r, row) in plume.rows.iter().enumerate() {
            let y = rect.top() + 18.0 + (r as f32) * row_step(card);
            let x0 = row_left(rect, plume, r, (card, step, gap));
            for (k, &c) in row.iter().enumerate() {
                let level = Rect::from_min_size(Pos2::new(x0 + (k as f32) * step, y), card);
                let (cr, angle) = fan.place(level);
                let face = bottom.face(plume.is_complete() && r == last, c);
                let name = state.seat_name(seat);
                let covered = r < last;
                self.plume_card(ui, (&painter, palette), &name, (seat, index, r, k), (c, face, covered), (cr, angle));
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
        // The row under takes the bottom card's lowest strip too, down to
        // the foot (under the card alone it was a thin strip, and a card
        // dropped at the seam went into the row above; a quarter of the
        // card was too much: clicks low on its face hit the row under).
        let upper = if open { (card.y * 0.85).round() } else { card.y + 2.0 };
        for row in [last, last + 1].into_iter().filter(|&r| r == last || open) {
            let bottom = rect.top() + 18.0 + (last as f32) * row_step(card);
            let y = if row == last { bottom } else { bottom + upper };
            let tall = if row == last { upper } else { (rect.bottom() - y).max(card.y + gap + new_row - upper) };
            let zone = Rect::from_min_size(Pos2::new(rect.left() + 4.0, y - 1.0), Vec2::new(rect.width() - 8.0, tall));
            let shown = row_highlight(rect, (bottom, card.y), (row == last, zone.bottom()));
            let target = Target::Row { plume: index as u8, row: row as u8 };
            let id = ui.scope_id().with(("zone", seat.0, index, row));
            let resp = ui.interact(zone, id, Sense::click());
            let label = if row == last {
                format!("plume {} row {}", index + 1, row + 1)
            } else {
                format!("plume {} new row {}", index + 1, row + 1)
            };
            resp.widget_info(|| WidgetInfo::labeled(egui::Role::Button, true, label.clone()));
            // Where the card would lie:
            // - the top row (which may grow): at its end, the row moving
            //   over by half a card unless it is the widest;
            // - a lower row: in its next place, as it fills its places from
            //   the left;
            // - a new row under the bottom one: in the first of its places
            //   (one fewer than the row above), where `row_left` will lay it.
            let landing = if row == last && last == 0 {
                let len = plume.rows[last].len();
                let x0 = row_x(len).0 - if len < widest { step / 2.0 } else { 0.0 };
                Rect::from_min_size(Pos2::new(x0 + len as f32 * step, bottom), card)
            } else if row == last {
                let x0 = row_left(rect, plume, last, (card, step, gap));
                Rect::from_min_size(Pos2::new(x0 + plume.rows[last].len() as f32 * step, bottom), card)
            } else {
                let x0 = row_x(plume.rows[last].len().saturating_sub(1).max(1)).0;
                Rect::from_min_size(Pos2::new(x0, bottom + row_step(card)), card)
            };
            // The place for a new row says what it is while a card is held
            // (an empty box under the plume puzzled a new player).
            let caption = (row != last).then_some("+ new row");
            self.zone_feedback(ui, palette, state, (shown, landing, caption), &resp, target, dragging, action, note);
        }
    }

    /// One card of a plume, at its place `cr` in the fan turned by
    /// `angle`: named for screen readers, sliding in and turning up as it
    /// is laid, ringed while it is new since the viewer's last turn.
    fn plume_card(
        &mut self,
        ui: &Ui,
        (painter, palette): (&egui::Painter, &Palette),
        name: &str,
        (seat, index, r, k): (Seat, usize, usize, usize),
        (c, face, covered): (Feather, FeatherFace, bool),
        (cr, angle): (Rect, f32),
    ) {
        let resp = ui.interact(cr, ui.scope_id().with(("card", seat.0, index, r, k)), Sense::hover());
        let fresh = self.fresh.plumes.contains(&(seat.0, index, r, k));
        let new = if fresh { " (new since your last turn)" } else { "" };
        let label = card_label(&format!("{name} plume {}{new}", index + 1), face);
        resp.widget_info(|| WidgetInfo::labeled(egui::Role::Label, true, label.clone()));
        // Face-up cards slide by their identity (public); a face-down one
        // only by its place, so no motion tells where a hidden card came
        // from.
        let key = if matches!(face, FeatherFace::Up(_)) {
            look::Slides::key(c)
        } else {
            look::Slides::key(("face down", seat.0, index, r, k))
        };
        let now = ui.input(|i| i.time);
        let drawn = self.slides.place(key, cr, None, now, self.settings.animations);
        // A card laid from a hand turns face up where it lands.
        let turning = self.slides.turning(key, now).filter(|_| matches!(face, FeatherFace::Up(_)));
        tilted(painter, angle, drawn.center(), |painter| {
            match turning {
                Some(t) => match look::turned(drawn, t) {
                    (r, true) => paint_feather(painter, palette, r, face),
                    (r, false) => paint_feather(painter, palette, r, FeatherFace::Down),
                },
                None if covered => super::cards::paint_feather_covered(painter, palette, drawn, face),
                None => paint_feather(painter, palette, drawn, face),
            }
            if fresh {
                Self::mark_fresh(painter, palette, drawn, false);
            }
        });
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
        // A place pressed into the mat, a pale feather in it, where the
        // next plume will lie (a dashed box read as a diagram).
        let mat = theme::mix(palette.table.cloth, palette.table.weave[1], 0.7);
        let slot = rect.shrink2(Vec2::new(2.0, 4.0));
        ui.painter().rect(
            slot,
            8.0,
            theme::mix(mat, palette.table.shadow.to_opaque(), 0.12),
            Stroke::new(1.0, theme::mix(mat, palette.table.ink, 0.18)),
            StrokeKind::Inside,
        );
        let ghost = theme::mix(mat, palette.table.ink, 0.2);
        let pale = crate::ui::art::FeatherLook {
            base: theme::mix(mat, palette.table.ink, 0.08),
            tip: theme::mix(mat, palette.table.ink, 0.12),
            ink: ghost,
            eye: None,
            bands: 0,
            spots: 0,
        };
        let (w, h) = (slot.width(), slot.height());
        crate::ui::art::feather(
            ui.painter(),
            slot.left_top() + Vec2::new(w * 0.45, h * 0.72),
            slot.left_top() + Vec2::new(w * 0.58, h * 0.1),
            w * 0.42,
            0.06,
            &pale,
        );
        ui.painter().text(
            slot.center_bottom() - Vec2::new(0.0, 4.0),
            Align2::CENTER_BOTTOM,
            "new plume",
            look::display(ui.ctx(), if short_headings(card) { 10.5 } else { 12.0 }),
            theme::mix(mat, palette.table.ink, 0.55),
        );
        let target = Target::Row { plume: n as u8, row: 0 };
        self.zone_feedback(ui, palette, state, (rect, Rect::NOTHING, None), &resp, target, dragging, action, note);
    }

    #[allow(clippy::too_many_arguments)]
    fn zone_feedback(
        &mut self,
        ui: &Ui,
        palette: &Palette,
        state: &EnchantedPlumes,
        (zone, landing, caption): (Rect, Rect, Option<&str>),
        resp: &Response,
        target: Target,
        dragging: Option<Feather>,
        action: &mut Option<Action>,
        note: &mut Option<String>,
    ) {
        if let Some(card) = dragging {
            let verdict = self.verdict(state, &action_for(card, target));
            if resp.dnd_hover_payload::<Dragged>().is_some() || (self.selected.is_some() && resp.hovered()) {
                if verdict.is_ok() {
                    // Lit, not washed over: the cards under it keep their
                    // colours (a green wash over the fan read as software).
                    look::drop_glow(ui.painter(), palette, zone, true);
                } else {
                    *note = note.take().or(widgets::tint_drop_zone(ui, zone, palette, &verdict));
                }
                if verdict.is_ok() && landing.is_positive() {
                    // The card's place outlined where it will lie (the card
                    // held under the pointer covered another, and a new
                    // player read that as where it would go).
                    let r = landing.shrink(1.0);
                    let corners = [r.left_top(), r.right_top(), r.right_bottom(), r.left_bottom(), r.left_top()];
                    let pen = Stroke::new(2.0, palette.legal.to_opaque());
                    ui.painter().extend(egui::Shape::dashed_line(&corners, pen, 5.0, 3.0));
                }
            } else if verdict.is_ok() {
                look::drop_glow(ui.painter(), palette, zone, false);
                if let Some(words) = caption {
                    ui.painter().text(
                        zone.center(),
                        egui::Align2::CENTER_CENTER,
                        words,
                        look::display(ui.ctx(), (zone.height() * 0.45).clamp(11.0, 15.0)),
                        palette.legal.to_opaque(),
                    );
                }
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

/// Where the drop zone of a plume's bottom row (`bottom_row`) or of the
/// row under it is lit, in the plume's `rect`: the bottom row's cards
/// whole (their top at `top`, `high` tall), the row under from their foot
/// down to `foot`, both clear of the row signs at the left. (The zones
/// meet inside the bottom card, and lit as they are they cut through it.)
fn row_highlight(rect: Rect, (top, high): (f32, f32), (bottom_row, foot): (bool, f32)) -> Rect {
    let (from, to) =
        if bottom_row { (top - 1.0, top + high + 1.0) } else { (top + high + 2.0, foot.max(top + high + 14.0)) };
    Rect::from_min_max(Pos2::new(rect.left() + 12.0, from), Pos2::new(rect.right() - 4.0, to))
}

/// What `plume_ui` draws: one plume and how much of it the viewer knows.
struct ShownPlume<'a> {
    index: usize,
    plume: &'a Plume,
    /// Its score as the viewer knows it.
    score: Known,
    /// The card size.
    card: Vec2,
    /// How the viewer sees its face-down card.
    bottom: Bottom,
    /// The viewer owns it and is to play (drop zones).
    own: bool,
    /// It lies by the hand: the room for a new row is kept between turns
    /// too, so the mat keeps its size.
    by_hand: bool,
}

/// Where a row of `len` cards of a plume in `rect` starts, and how wide it is.
fn row_left_and_width(rect: Rect, len: usize, (card, step, gap): (Vec2, f32, f32)) -> (f32, f32) {
    let row_w = (len.max(1) - 1) as f32 * step + card.x + gap;
    (rect.center().x + 5.0 - row_w / 2.0, row_w)
}

/// Where row `r` of a plume in `rect` starts: the top row, which may grow,
/// centred; a lower row at the left of the places it will fill (one fewer
/// than the row above, as the rules ask), so a row laid part way fans out
/// from its left as the finished one will, not level in the middle.
fn row_left(rect: Rect, plume: &Plume, r: usize, (card, step, gap): (Vec2, f32, f32)) -> f32 {
    let places = if r == 0 { plume.rows[0].len() } else { plume.rows[r - 1].len().saturating_sub(1) };
    row_left_and_width(rect, places.max(plume.rows[r].len()).max(1), (card, step, gap)).0
}

/// Every row's ribbon and sign (see [`row_sign`]), bent round the plume's
/// fan and painted under all its cards.
fn row_ribbons(
    ui: &Ui,
    palette: &Palette,
    (rect, plume, fan): (Rect, &Plume, &PlumeFan),
    (card, step, gap): (Vec2, f32, f32),
    (name, seat, index): (&str, Seat, usize),
) {
    let last = plume.rows.len() - 1;
    for (r, row) in plume.rows.iter().enumerate() {
        let y = rect.top() + 18.0 + (r as f32) * row_step(card);
        // (By the part of the row in view: rows under it cover the rest.)
        let shown = if r < last { row_step(card) } else { card.y };
        let x0 = row_left(rect, plume, r, (card, step, gap));
        let row_w = (row.len().max(1) - 1) as f32 * step + card.x;
        let band = Rect::from_min_max(Pos2::new(x0, y), Pos2::new(x0 + row_w, y + shown));
        let (first, last) = (x0 + card.x / 2.0, x0 + (row.len().max(1) - 1) as f32 * step + card.x / 2.0);
        row_sign(ui, palette, (fan, band, [first, last, y + card.y / 2.0, card.x / 2.0]), (name, seat, index, r));
    }
}

#[cfg(test)]
mod highlight_tests {
    use super::row_highlight;
    use egui::{Pos2, Rect};

    /// Found by a new player: lit while a card was dragged, the bottom
    /// row's zone stopped mid-card and the row under's ran through the
    /// card. The bottom row is lit over its cards whole, the row under
    /// from their foot, the two apart, and neither over the row signs.
    #[test]
    fn a_bottom_row_and_the_row_under_it_are_lit_apart_each_whole() {
        let plume = Rect::from_min_max(Pos2::new(100.0, 50.0), Pos2::new(260.0, 260.0));
        let (top, high) = (120.0, 92.0);
        let row = row_highlight(plume, (top, high), (true, 0.0));
        let under = row_highlight(plume, (top, high), (false, 250.0));
        assert!(row.top() <= top && row.bottom() >= top + high, "the bottom row's cards lit whole: {row:?}");
        assert!(under.top() >= top + high, "the row under lit from the cards' foot: {under:?}");
        assert!(under.height() >= 12.0 && under.bottom() >= 250.0 - 0.5, "{under:?}");
        assert!(row.left() >= plume.left() + 10.0 && under.left() >= plume.left() + 10.0, "clear of the row signs");
    }
}

#[cfg(test)]
mod row_place_tests {
    use super::{Plume, row_left, row_left_and_width};
    use crate::rules::enchanted_plumes::Feather;
    use egui::{Pos2, Rect, Vec2};

    /// Found by a new player: a second row laid part way stood level in
    /// the middle of the row above, on top of its middle cards. A lower row
    /// starts at the left of the places it will fill; the top row, which
    /// may still grow, stays centred.
    #[test]
    fn a_lower_row_laid_part_way_starts_at_the_left_of_its_places() {
        let f = |value| Feather { colour: 0, value };
        let plume = Plume { rows: vec![vec![f(1), f(2), f(3), f(4)], vec![f(5)]] };
        let rect = Rect::from_min_size(Pos2::new(100.0, 50.0), Vec2::new(260.0, 200.0));
        let sizes = (Vec2::new(50.0, 70.0), 31.0, 3.0);
        let full = row_left_and_width(rect, 3, sizes).0;
        assert!((row_left(rect, &plume, 1, sizes) - full).abs() < 1e-3, "the first of three places");
        assert!(row_left(rect, &plume, 1, sizes) < row_left_and_width(rect, 1, sizes).0, "not in the middle");
        let top = row_left_and_width(rect, 4, sizes).0;
        assert!((row_left(rect, &plume, 0, sizes) - top).abs() < 1e-3, "the top row centred");
    }
}
