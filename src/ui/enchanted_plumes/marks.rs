//! What is painted on and around a plume: its heading and score chip,
//! the signs by its rows, the plume held up to the eye on hover, the
//! token on the mat of the seat to play and the backs of a seat's hand.

use egui::{Pos2, Rect, Response, RichText, Sense, Stroke, StrokeKind, Ui, Vec2, WidgetInfo};

use super::fan::PlumeFan;
use super::layout::{others_step, plume_width_by, row_step, rows_height};
use super::{Feather, FeatherFace, Known, Palette, Plume, Seat, look, paint_feather, words};
use crate::rules::enchanted_plumes::HAND_LIMIT;

/// What a plume says on hover (`words`); small cards (`held_up`: a crowded
/// table, a low window) are held up to the eye, at their full size.
pub(super) fn plume_hover(
    resp: Response,
    palette: &Palette,
    (label, words): (&str, &str),
    shown: (&Plume, Bottom),
    held_up: bool,
) {
    // Shut while a refused move's bubble stands: opened as a card held over
    // the plume was let go, it stayed open over the reason it was refused
    // (egui keeps an open note open while the pointer rests on its owner).
    if crate::ui::pointer_notes::refusal_standing(&resp.ctx) {
        return;
    }
    if held_up {
        resp.on_hover_ui(|ui| {
            ui.set_max_width(held_up_size(shown.0).x.max(240.0));
            ui.label(RichText::new(label).strong());
            let (held, _) = ui.allocate_exact_size(held_up_size(shown.0), Sense::hover());
            paint_held_up(ui.painter(), palette, shown, held.min);
            ui.label(RichText::new(words).small());
        });
    } else {
        resp.on_hover_text(words);
    }
}

/// The size of a card in a plume held up on hover: a hand's card.
const HELD_UP: Vec2 = super::HAND_CARD;

/// The size of a plume held up on hover ([`paint_held_up`]).
pub(super) fn held_up_size(plume: &Plume) -> Vec2 {
    let widest = plume.rows.iter().map(Vec::len).max().unwrap_or(1);
    Vec2::new(plume_width_by(widest, HELD_UP, others_step(HELD_UP)), rows_height(plume.rows.len(), HELD_UP))
}

/// How a viewer sees the last card of a finished peacock.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Bottom {
    /// Face down, its face unknown (another seat's, during play).
    Hidden,
    /// Face down, its face known (the owner's).
    Owner,
    /// Turned up for the scoring at the end (EP-R5).
    Up,
}

impl Bottom {
    /// The viewer's view of a seat's peacocks: its owner's when `sees`,
    /// everyone's once the game is over.
    pub(super) fn of(sees: bool, over: bool) -> Self {
        match (over, sees) {
            (true, _) => Bottom::Up,
            (false, true) => Bottom::Owner,
            (false, false) => Bottom::Hidden,
        }
    }

    /// The face `card` shows; `last` when it is the last card of a finished
    /// peacock.
    pub(super) fn face(self, last: bool, card: Feather) -> FeatherFace {
        match (last, self) {
            (false, _) | (true, Bottom::Up) => FeatherFace::Up(card),
            (true, Bottom::Owner) => FeatherFace::DownOwn(card),
            (true, Bottom::Hidden) => FeatherFace::Down,
        }
    }
}

/// A plume's cards at their full size from `at`, rows tucked as on the
/// table; its face-down card as `bottom` shows it.
pub(super) fn paint_held_up(painter: &egui::Painter, palette: &Palette, (plume, bottom): (&Plume, Bottom), at: Pos2) {
    let step = others_step(HELD_UP);
    let last = plume.rows.len() - 1;
    let middle = at.x + held_up_size(plume).x / 2.0;
    for (r, row) in plume.rows.iter().enumerate() {
        // Each row centred under the one above, as on the table.
        let row_w = (row.len().max(1) - 1) as f32 * step + HELD_UP.x + 3.0;
        let left = middle + 5.0 - row_w / 2.0;
        for (k, &c) in row.iter().enumerate() {
            let corner = Pos2::new(left + k as f32 * step, at.y + r as f32 * row_step(HELD_UP));
            let cr = Rect::from_min_size(corner, HELD_UP);
            let face = bottom.face(plume.is_complete() && r == last, c);
            if r < last {
                super::cards::paint_feather_covered(painter, palette, cr, face);
            } else {
                paint_feather(painter, palette, cr, face);
            }
        }
    }
}

/// How a row of an unfinished plume counts, printed on the mat: a ribbon
/// behind the row, red-tinted with "−" at its left end by the top row
/// (its cards are taken off the plume's score), green-tinted with "+" by
/// each row under it (added); what it means on hover. The sign's shape
/// tells it, not the tint alone. (Red and green coins by the rows read as
/// delete and add buttons; a faint dash alone puzzled a new player.)
/// `band` is the part of the row in view, from the mat's left to the
/// row's last card; painted before the row's cards.
pub(super) fn row_sign(
    ui: &Ui,
    palette: &Palette,
    (fan, band, cards): (&PlumeFan, Rect, [f32; 4]),
    (name, seat, index, row): (&str, Seat, usize, usize),
) {
    let painter = ui.painter();
    let (sign, means, tint) = if row == 0 {
        ("\u{2212}", "counts against the plume: its cards are taken off the score", palette.red_suit)
    } else {
        ("+", "counts for the plume: its cards are added to the score", palette.feathers[3])
    };
    let ribbon = band.expand2(Vec2::new(0.0, 1.5));
    // (Stronger on the dark mat, where a faint tint went maroon and sank.)
    let dark = ui.visuals().dark_mode;
    // (On the dark felt a dimmed red went maroon and vanished: there it
    // is lightened towards the ink and more opaque.)
    let fill = if dark {
        crate::ui::theme::mix(tint, palette.table.ink, 0.25).gamma_multiply(0.7)
    } else {
        tint.gamma_multiply(0.28)
    };
    let edge = if dark { crate::ui::theme::mix(tint, palette.table.ink, 0.55) } else { tint.gamma_multiply(0.7) };
    // The band bent round the fan, as the row's cards are.
    // (The row's first and last cards' centres, their height, and half a
    // card's width.)
    let [first, last, centre, half] = cards;
    let radii = (fan.pivot.y - ribbon.top(), fan.pivot.y - ribbon.bottom());
    let at = fan.paint_band(painter, (radii, (first, last), centre), (half + 1.0, 13.0), (fill, edge));
    // The sign in the ribbon's left end, in the tint made to read on the
    // mat (dark on the light mat, light on the dark one).
    let ink = crate::ui::theme::mix(tint, palette.table.ink, if dark { 0.7 } else { 0.35 });
    // (Drawn as strokes: a dash of the display face was a hair's breadth.)
    let arm = (band.height() / 5.0).clamp(2.5, 3.5);
    let pen = Stroke::new(2.2, ink);
    painter.line_segment([at - Vec2::X * arm, at + Vec2::X * arm], pen);
    if row > 0 {
        painter.line_segment([at - Vec2::Y * arm, at + Vec2::Y * arm], pen);
    }
    let said = format!("{name} plume {} row {}: {sign}, {means}", index + 1, row + 1);
    let sign = Rect::from_center_size(at, Vec2::new(12.0, band.height()));
    ui.interact(sign, ui.scope_id().with(("row sign", seat.0, index, row)), Sense::hover())
        .on_hover_text(format!("This row {means}"))
        .widget_info(|| WidgetInfo::labeled(egui::Role::Label, true, said.clone()));
}

/// A plume's heading over its top row: its score on a round ivory chip
/// laid on the cloth over the fan's middle ("plume 1" and its score on a
/// pill read as "a chart's legend"; the plume's name is said on hover and
/// to screen readers, and the plumes are counted from the left).
pub(super) fn plume_heading(painter: &egui::Painter, palette: &Palette, top: Pos2, score: &str) {
    let font = look::display(painter.ctx(), 13.0);
    let score = painter.layout_no_wrap(score.to_string(), font, palette.table.on_plate);
    let tall = score.size().y + 2.0;
    let chip = Vec2::new((score.size().x + 10.0).max(tall), tall);
    let chip = Rect::from_center_size(Pos2::new(top.x, top.y + tall / 2.0), chip);
    let round = egui::CornerRadius::same((tall / 2.0) as u8);
    painter.add(
        egui::epaint::RectShape::filled(chip.translate(Vec2::new(0.5, 1.5)), round, palette.table.shadow)
            .with_blur_width(4.0),
    );
    painter.rect(chip, round, palette.table.plate, Stroke::new(1.0, palette.table.edge), StrokeKind::Inside);
    painter.galley(chip.center() - score.size() / 2.0, score, palette.table.on_plate);
}

/// Whose turn it is: a gold token on the top edge of the seat's mat, laid
/// over it (in the heading it took room, and a new player saw the mats
/// change size each time the turn passed).
pub(super) fn turn_token(ui: &mut Ui, palette: &Palette, seat: Seat) {
    let font = egui::FontId::proportional(11.0);
    let galley = ui.painter().layout_no_wrap("to play".to_string(), font, palette.table.rim);
    let size = galley.size() + Vec2::new(14.0, 4.0);
    // (The frame's inner margin is 10: its edge that far above the heading.)
    let at = Pos2::new(ui.max_rect().center().x, ui.max_rect().top() - 10.0);
    let rect = Rect::from_center_size(at, size);
    let painter = ui.painter();
    painter.rect(rect, 8.0, palette.selection, Stroke::new(1.0, palette.table.rim), StrokeKind::Inside);
    painter.galley(rect.center() - galley.size() / 2.0, galley, palette.table.rim);
    let r = ui.interact(rect, ui.scope_id().with(("to play", seat.0)), Sense::hover());
    r.widget_info(|| WidgetInfo::labeled(egui::Role::Label, true, "to play"));
}

/// A seat's hand as a little row of card backs by its name, fanned a
/// little, as many as it holds, with how many on a chip, in `room` (closer
/// together in a narrow one); false, drawing nothing, where they do not
/// fit.
pub(super) fn held_backs(ui: &mut Ui, palette: &Palette, (name, n): (&str, usize), room: f32) -> bool {
    let Some(step) = backs_step(room, n) else {
        return false;
    };
    let card = BACK;
    let (rect, response) =
        ui.allocate_exact_size(Vec2::new(card.x + step * (n - 1) as f32 + 4.0, card.y + 2.0), Sense::hover());
    let mut front = Rect::NOTHING;
    for i in 0..n {
        let at = rect.left_top() + Vec2::new(2.0 + step * i as f32, 1.0);
        front = Rect::from_min_size(at, card);
        super::cards::paint_back(ui.painter(), palette, front, look::Lift::Flat);
    }
    // How many, on a small ivory chip over the front card's foot (six
    // backs overlapping could not be counted: review 35).
    let painter = ui.painter();
    let count = painter.layout_no_wrap(n.to_string(), look::display(ui.ctx(), 12.0), palette.table.on_plate);
    let tall = count.size().y;
    let chip = Rect::from_center_size(front.center_bottom() - Vec2::new(0.0, tall * 0.35), Vec2::splat(tall));
    painter.circle_filled(chip.center() + Vec2::new(0.5, 1.0), tall / 2.0 + 0.5, palette.table.shadow);
    painter.circle(chip.center(), tall / 2.0, palette.table.plate, Stroke::new(1.0, palette.table.edge));
    painter.galley(chip.center() - count.size() / 2.0, count, palette.table.on_plate);
    let said = format!("{name}: {} in hand, face down", words::count(n, "card"));
    response.widget_info(|| WidgetInfo::labeled(egui::Role::Image, true, &said));
    response.on_hover_text(said);
    true
}

/// A card back by a seat's name: as tall as the name's plate (at 13 by 19
/// points they were too small to count, and at 15 by 22 still "a tiny
/// icon").
const BACK: Vec2 = Vec2::new(19.0, 27.0);

/// How far apart the backs of a hand of `n` lie in `room`; none where
/// they do not fit. Reckoned for a full hand ([`HAND_LIMIT`]) whatever it
/// holds now, so the backs fit by the name, or not, from turn to turn:
/// reckoned by the count, they wrapped under the name as a hand grew, and
/// the seat's plumes moved down (review 36).
fn backs_step(room: f32, n: usize) -> Option<f32> {
    let most = n.max(HAND_LIMIT);
    let step = ((room - BACK.x - 4.0) / (most - 1) as f32).min(8.0);
    (room >= BACK.x + 4.0 && step >= 2.0).then_some(step)
}

/// What a plume's tip says of its score.
pub(super) fn plume_tip(score: Known) -> String {
    if let Known::AtLeast(n) = score {
        format!("Its face-down card stays hidden until the end; with it the peacock scores at least {n:+}")
    } else {
        "The top row counts against the plume and every card under it for it; a finished peacock scores one point \
         more for each of its cards"
            .to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::{Bottom, Feather, Plume, paint_held_up};
    use crate::ui::theme;

    /// Everything a plume held up on hover paints, as text.
    fn painted(plume: &Plume, bottom: Bottom) -> String {
        let ctx = egui::Context::default();
        let mut out = ctx.run_ui(egui::RawInput::default(), |ui| {
            paint_held_up(ui.painter(), &theme::palette(false), (plume, bottom), egui::pos2(10.0, 10.0));
        });
        out.textures_delta.clear();
        format!("{:?}", out.shapes)
    }

    /// Found by a new player (review 36): a seat's backs wrapped under its
    /// name as its hand grew, and its plumes moved down. Whether they fit
    /// by the name, and how far apart, does not depend on how many there
    /// are now (a full hand's room is kept).
    #[test]
    fn the_backs_fit_by_the_name_or_not_whatever_the_hand_holds() {
        for room in (10..120).map(|r| r as f32) {
            let steps: Vec<Option<f32>> = (1..=super::HAND_LIMIT).map(|n| super::backs_step(room, n)).collect();
            assert!(steps.iter().all(|s| *s == steps[0]), "in {room} points: {steps:?}");
        }
        assert!(super::backs_step(70.0, 6).is_some() && super::backs_step(20.0, 1).is_none());
    }

    /// A peacock held up to the eye (a crowded table's small cards, on
    /// hover) shows its face-down card to nobody but its owner: two
    /// peacocks that differ only in that card paint alike for the others.
    #[test]
    fn a_peacock_held_up_on_hover_hides_its_face_down_card_from_the_others() {
        let f = |colour, value| Feather { colour, value };
        let peacock =
            |last: Feather| Plume { rows: vec![vec![f(1, 3), f(2, 5), f(4, 1)], vec![f(3, 2), f(5, 7)], vec![last]] };
        let (one, other) = (peacock(f(6, 9)), peacock(f(0, 2)));
        assert!(one.is_complete());
        assert_eq!(painted(&one, Bottom::Hidden), painted(&other, Bottom::Hidden), "the others see the same back");
        assert_ne!(painted(&one, Bottom::Owner), painted(&other, Bottom::Owner), "its owner sees which card it is");
        assert_eq!(Bottom::of(false, false), Bottom::Hidden);
        assert_eq!(Bottom::of(false, true), Bottom::Up, "at the end every peacock's last card is turned up");
        assert_ne!(painted(&one, Bottom::Up), painted(&one, Bottom::Owner), "turned up, not a back");
    }
}
