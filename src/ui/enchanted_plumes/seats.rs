//! The seats around the table: each seat's mat with its plumes laid out as
//! peacock trains, the place for a new plume, and where a dragged or chosen
//! card may land.

use egui::{Align2, FontId, Pos2, Rect, Response, RichText, Sense, Stroke, StrokeKind, Ui, Vec2, WidgetInfo};

use super::{
    Action, Dragged, EnchantedPlumes, Feather, FeatherFace, Game, Known, PLUME_CARD, Palette, Phase, Player, Plume,
    PlumesView, SMALL_CARD, Seat, Target, Viewer, action_for, card_label, look, paint_feather, paint_tail,
    plume_score_text, theme, total_text, widgets, words,
};

impl PlumesView {
    #[allow(clippy::too_many_arguments)]
    pub(super) fn seat_ui(
        &mut self,
        ui: &mut Ui,
        palette: &Palette,
        state: &EnchantedPlumes,
        seat: Seat,
        viewer: Viewer,
        own: bool,
        dragging: Option<Feather>,
        action: &mut Option<Action>,
        note: &mut Option<String>,
    ) {
        let sees = viewer.sees(seat);
        let to_move = state.to_move().seat() == Some(seat);
        // Each seat's place at the table: a mat a shade off the cloth, ringed
        // in gold while it is that seat's turn.
        let mat = theme::mix(palette.table.cloth, palette.table.weave[1], 0.7);
        let ring = if to_move {
            Stroke::new(2.5, palette.selection)
        } else {
            Stroke::new(1.0, theme::mix(mat, palette.table.ink, 0.2))
        };
        let frame = egui::Frame::new().fill(mat).stroke(ring).corner_radius(10).inner_margin(10);
        frame.show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.visuals_mut().override_text_color = Some(palette.table.ink);
            ui.horizontal_wrapped(|ui| {
                ui.label(look::title(ui, state.seat_name(seat), 18.0));
                let who = match self.m.session.players().get(seat.index()) {
                    Some(Player::Computer(l)) => format!("computer ({})", l.name()),
                    Some(Player::Friend) => "friend online".to_string(),
                    _ => "human".to_string(),
                };
                ui.label(RichText::new(who).color(palette.table.faint));
                if to_move {
                    ui.label(RichText::new("to play").color(palette.selection).strong());
                }
            });
            let cards = state.hand(seat).len();
            ui.label(format!(
                "score {} · {} · {} in hand",
                total_text(state.score_seen_by(viewer.knowledge_for(seat), seat)),
                words::count(state.peacocks(seat), "peacock"),
                words::count(cards, "card")
            ));
            let size = match (own || sees, state.seats()) {
                (true, _) => PLUME_CARD,
                // Five or six at the table: the others' cards a little
                // smaller, so every seat shows at once.
                (false, 5..) => SMALL_CARD * 0.85,
                (false, _) => SMALL_CARD,
            };
            ui.horizontal_wrapped(|ui| {
                let plumes = state.plumes(seat);
                for (i, p) in plumes.iter().enumerate() {
                    let score = state.plume_score_seen_by(viewer.knowledge_for(seat), seat, i);
                    let shown = ShownPlume { index: i, plume: p, score, card: size, sees, own };
                    self.plume_ui(ui, palette, state, seat, &shown, dragging, action, note);
                }
                if own && state.phase() == Phase::Play {
                    self.new_plume_ui(ui, palette, state, seat, plumes.len(), dragging, action, note);
                }
            });
        });
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
        let &ShownPlume { index, plume, score, card, sees, own } = shown;
        let gap = 3.0;
        let widest = plume.rows.iter().map(Vec::len).max().unwrap_or(1) + usize::from(own);
        let rows_shown = plume.rows.len() + usize::from(own && !plume.is_complete());
        let width = (widest as f32) * (card.x + gap) + 12.0;
        let height = (rows_shown as f32) * (card.y + gap) + 24.0;
        let (rect, resp) = ui.allocate_exact_size(Vec2::new(width.max(70.0), height + 10.0), Sense::hover());
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
        }
        painter.text(
            rect.center_top() + Vec2::new(0.0, 1.0),
            Align2::CENTER_TOP,
            title,
            look::display(ui.ctx(), 13.0),
            palette.table.ink,
        );
        let last = plume.rows.len() - 1;
        for (r, row) in plume.rows.iter().enumerate() {
            let y = rect.top() + 18.0 + (r as f32) * (card.y + gap);
            let row_w = (row.len() as f32) * (card.x + gap);
            let x0 = rect.center().x - row_w / 2.0;
            for (k, &c) in row.iter().enumerate() {
                let cr = Rect::from_min_size(Pos2::new(x0 + (k as f32) * (card.x + gap), y), card);
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
            if r == 0 {
                painter.text(
                    Pos2::new(rect.left() + 3.0, y + card.y / 2.0),
                    Align2::LEFT_CENTER,
                    "-",
                    FontId::proportional(12.0),
                    palette.table.faint,
                );
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
            let zone =
                Rect::from_min_size(Pos2::new(rect.left() + 4.0, y - 1.0), Vec2::new(rect.width() - 8.0, card.y + 2.0));
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
        let (rect, resp) = ui.allocate_exact_size(Vec2::new(PLUME_CARD.x + 40.0, PLUME_CARD.y + 24.0), Sense::click());
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
            look::display(ui.ctx(), 13.0),
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
}
