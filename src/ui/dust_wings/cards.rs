//! The face-up cards of Dust in the Wings as cards on the table: a
//! Gathering card shows the butterflies it asks for and carries its
//! crystals; a Composition card shows its shape as a patch of meadow and
//! its points on a token. A card the last space fulfils is ringed in gold
//! and is taken by clicking it.

use egui::{Align2, FontId, Pos2, Rect, RichText, Sense, Stroke, StrokeKind, Ui, Vec2, WidgetInfo};

use super::meadow;
use super::renewal::Marks;
use crate::rules::dust_wings::{COMPOSITIONS, Colour, Composition, Condition, Crystal, gathering_card, gathering_text};
use crate::ui::look;
use crate::ui::theme::{Palette, mix};

/// A Gathering card on the table.
pub const GATHERING: Vec2 = Vec2::new(128.0, 100.0);
/// A Composition card on the table.
pub const COMPOSITION: Vec2 = Vec2::new(150.0, 100.0);

/// What a face-up card slot holds, for drawing.
pub enum Face {
    /// A Gathering card (its id) with its crystals.
    Gathering(u8, Vec<Crystal>),
    /// A Composition card (its id).
    Composition(u8),
    /// No card (the deck ran out).
    Empty,
}

/// What the last drop on a lit space would claim, on a small gold tag
/// along the space's foot (the gold of the card's own ring), so it reads
/// over grass and butterflies. A drop that takes nothing has no tag: a
/// "takes no card" on every lit space hid their butterflies.
pub fn claim_tag(painter: &egui::Painter, palette: &Palette, rect: egui::Rect, cards: &[String]) {
    if cards.is_empty() {
        return;
    }
    let ink = palette.table.rim;
    let galley = painter.layout_no_wrap(format!("takes {}", cards.join(", ")), FontId::proportional(11.0), ink);
    let tag = egui::Rect::from_center_size(
        rect.center_bottom() + Vec2::new(0.0, -galley.size().y / 2.0 - 4.0),
        galley.size() + Vec2::new(8.0, 2.0),
    );
    painter.rect_filled(tag, 4.0, palette.selection);
    painter.galley(tag.min + Vec2::new(4.0, 1.0), galley, ink);
}

/// The key to the last renewal's marks, beside the last turn's: a ringed
/// crystal and what the rings and "new" tags mean (the whole rule on hover).
pub fn renewal_legend(ui: &mut Ui, palette: &Palette, compact: bool) {
    let (rect, resp) = ui.allocate_exact_size(Vec2::new(24.0, 18.0), Sense::hover());
    meadow::paint_crystal(ui.painter(), palette, rect.center(), CRYSTAL * 0.8, Crystal::White);
    ui.painter().circle_stroke(rect.center(), CRYSTAL * 1.4, Stroke::new(2.0, palette.selection));
    // (The words as the room left allows: cut, they read "then it…" at
    // 800x600: review 11; the ringed crystal alone says it on hover.)
    let room = ui.available_width();
    let words = if !compact && room >= 300.0 {
        Some("then its renewal: crystals ringed, cards tagged \"new\"")
    } else if room >= 120.0 {
        Some("then its renewal")
    } else {
        None
    };
    let rule = "Every turn ends with a renewal: the card taken is replaced, any Gathering card carrying 3 crystals \
                is discarded and replaced, and each Gathering card gets a crystal from the bag.";
    if let Some(words) = words {
        ui.label(RichText::new(words).strong()).on_hover_text(rule);
    }
    resp.on_hover_text(rule);
}

/// One face-up card in slot `name` ("G1", "C2"): drawn, and when it is
/// `claimable` by the person to move, a gold ring and a click that takes
/// it; `k` scales it (smaller in a low window). Returns true when clicked
/// to take it, and where it lies.
pub fn card_ui(
    ui: &mut Ui,
    palette: &Palette,
    (name, marks): (&str, Option<(String, Marks)>),
    face: &Face,
    claimable: bool,
    k: f32,
) -> (bool, Rect) {
    let size = if matches!(face, Face::Composition(_)) { COMPOSITION } else { GATHERING } * k;
    let sense = if claimable { Sense::click() } else { Sense::hover() };
    let (rect, resp) = ui.allocate_exact_size(size, sense);
    let what = describe(face);
    // (What the last renewal did to it, in its name too.)
    let renewed = marks.as_ref().map_or(String::new(), |(who, m)| {
        let what: Vec<&str> = [(m.fresh, "card dealt"), (m.crystal, "crystal laid")]
            .into_iter()
            .filter_map(|(yes, w)| yes.then_some(w))
            .collect();
        format!(" ({} in the renewal after {who}'s turn)", what.join(", "))
    });
    let label = if claimable { format!("Take {name}{renewed}") } else { format!("{name}: {what}{renewed}") };
    resp.widget_info(|| WidgetInfo::labeled(egui::Role::Button, claimable, &label));
    let home = rect;
    if !ui.is_rect_visible(rect) {
        return (false, home);
    }
    let painter = ui.painter();
    let lift = if claimable && resp.hovered() { look::Lift::Raised } else { look::Lift::Flat };
    let rect = if lift == look::Lift::Raised { rect.translate(Vec2::new(0.0, -2.0)) } else { rect };
    if matches!(face, Face::Empty) {
        painter.rect_stroke(rect.shrink(4.0), 8.0, Stroke::new(1.0, palette.table.faint), StrokeKind::Inside);
        painter.text(rect.center(), Align2::CENTER_CENTER, "no card", FontId::proportional(12.0), palette.table.faint);
        return (false, home);
    }
    look::card_body(painter, palette, rect, palette.table.plate, lift);
    let ink = palette.table.on_plate;
    let faint = mix(ink, palette.table.plate, 0.35);
    painter.text(
        rect.left_top() + Vec2::new(7.0, 4.0),
        Align2::LEFT_TOP,
        name,
        look::display(ui.ctx(), 14.0 * k),
        faint,
    );
    match face {
        Face::Gathering(id, crystals) => gathering_face(painter, palette, rect, *id, crystals, k),
        Face::Composition(id) => composition_face(painter, palette, rect, COMPOSITIONS[usize::from(*id)], k),
        Face::Empty => {}
    }
    if let (Some((_, m)), Face::Gathering(_, crystals)) = (&marks, face)
        && m.crystal
        && let Some(last) = crystals.len().checked_sub(1)
    {
        // The crystal laid in the last renewal, ringed.
        let (at, r) = renewal_ring(rect, last, k);
        painter.circle_stroke(at, r, Stroke::new(RING_WIDTH, palette.selection));
    }
    if claimable {
        painter.rect_stroke(rect.expand(2.0), 9.0, Stroke::new(3.0, palette.selection), StrokeKind::Outside);
        let tag = take_tag(rect);
        painter.rect_filled(tag, 9.0, palette.selection);
        painter.text(tag.center(), Align2::CENTER_CENTER, "Take", FontId::proportional(12.5), palette.table.rim);
    } else if marks.as_ref().is_some_and(|(_, m)| m.fresh) {
        // A card dealt in the last renewal: a "new" tag where "Take" goes.
        let tag = Rect::from_center_size(take_tag(rect).center(), Vec2::new(34.0, 15.0));
        painter.rect(tag, 7.0, palette.table.plate, Stroke::new(1.5, palette.selection), StrokeKind::Inside);
        painter.text(tag.center(), Align2::CENTER_CENTER, "new", FontId::proportional(11.0), palette.table.on_plate);
    }
    let mut what = what;
    if let Some((who, m)) = &marks {
        what = format!("{what}\n\n{}", super::renewal::explain(who, *m));
    }
    let resp = resp.on_hover_text(if claimable { format!("Click to take it: {what}") } else { what });
    (claimable && resp.clicked(), home)
}

/// A crystal's size on a Gathering card (before the card's scale).
const CRYSTAL: f32 = 8.5;

/// Where the `i`th crystal along a Gathering card's foot lies.
fn crystal_spot(card: Rect, i: usize, k: f32) -> Pos2 {
    Pos2::new(card.left() + 16.0 * k + 22.0 * k * i as f32, card.bottom() - 17.0 * k)
}

/// The width of the ring round the crystal laid in the last renewal.
const RING_WIDTH: f32 = 2.0;

/// The ring round the `i`th crystal on a card: its centre and radius,
/// close round the crystal (wider, it crossed the card's words and its
/// left edge: review 6).
fn renewal_ring(card: Rect, i: usize, k: f32) -> (Pos2, f32) {
    (crystal_spot(card, i, k), (CRYSTAL + 1.5) * k)
}

/// Where a card's "Take" tag lies: across its top edge, between its name
/// and its points, clear of the shape, the words and the crystals (across
/// the foot it hid "at least 18 in all" and the points).
fn take_tag(card: Rect) -> Rect {
    Rect::from_center_size(card.center_top() + Vec2::new(0.0, 1.0), Vec2::new((card.width() * 0.45).min(52.0), 17.0))
}

/// The card in words (its hover and its name for a screen reader).
fn describe(face: &Face) -> String {
    match face {
        Face::Gathering(id, crystals) => {
            let pts: u8 = crystals.iter().map(|c| c.points()).sum();
            format!(
                "Gathering: exactly {} on the last space; carries {} ({})",
                gathering_text(gathering_card(*id)),
                crate::rules::words::count(crystals.len(), "crystal"),
                crate::rules::words::count(usize::from(pts), "point")
            )
        }
        Face::Composition(id) => {
            let comp = COMPOSITIONS[usize::from(*id)];
            let how = if comp.condition == Condition::Even {
                "every space under it holding the same number, at least 1"
            } else {
                "butterflies of any colour counted together; an empty space counts 0"
            };
            format!(
                "Composition: {}.\nThe shape may be turned or flipped and must cover the space of your last drop; {how}.",
                comp.describe()
            )
        }
        Face::Empty => "no card".to_string(),
    }
}

/// A Gathering card's face: the butterflies it asks for, their count in
/// words, and the crystals riding on it with what they are worth.
fn gathering_face(painter: &egui::Painter, palette: &Palette, rect: Rect, id: u8, crystals: &[Crystal], k: f32) {
    let g = gathering_card(id);
    let ink = palette.table.on_plate;
    let wanted: Vec<Colour> = meadow::one_by_one(g.counts).collect();
    // The words on one line, smaller on a small card until they fit; on a
    // card too small for them to be read (under 9 points, or no room over
    // the crystals) they are left to
    // the card's hover and name, and the butterflies, which say the same,
    // are drawn larger in their room.
    let faint = mix(ink, palette.table.plate, 0.25);
    let mut text = 11.5 * k.max(0.8);
    let words = loop {
        let galley = painter.layout_no_wrap(gathering_text(g), FontId::proportional(text), faint);
        // (Clear of the crystals along the foot, too.)
        let room = rect.bottom() - 28.0 * k - (rect.top() + 56.0 * k);
        if galley.size().x <= rect.width() - 6.0 && galley.size().y <= room {
            break Some(galley);
        }
        if text <= 9.0 {
            break None;
        }
        text -= 0.5;
    };
    let (size, y) = if words.is_some() { (26.0 * k, 38.0 * k) } else { (34.0 * k, 44.0 * k) };
    for (&c, (at, size)) in wanted.iter().zip(gathering_spots(rect, wanted.len(), size, y)) {
        meadow::paint_butterfly(painter, palette, at, size, c);
    }
    if let Some(words) = words {
        painter.galley(Pos2::new(rect.center().x - words.size().x / 2.0, rect.top() + 56.0 * k), words, faint);
    }
    // The crystals along the foot, their worth beside them.
    let y = crystal_spot(rect, 0, k).y;
    for (i, &c) in crystals.iter().enumerate() {
        meadow::paint_crystal(painter, palette, crystal_spot(rect, i, k), CRYSTAL * k, c);
    }
    if !crystals.is_empty() {
        let pts: u8 = crystals.iter().map(|c| c.points()).sum();
        painter.text(
            Pos2::new(rect.right() - 8.0, y),
            Align2::RIGHT_CENTER,
            format!("{pts} pt"),
            look::display(painter.ctx(), 15.0 * k),
            ink,
        );
    }
}

/// Where a Gathering card's `n` butterflies of `size` stand, their row's
/// middle `y` under the card's top: in one row while they fit side by
/// side, else in two rows a little smaller (on a narrow card five in a row
/// lay over one another).
fn gathering_spots(rect: Rect, n: usize, size: f32, y: f32) -> Vec<(Pos2, f32)> {
    let room = rect.width() - 10.0;
    let rows: Vec<usize> = if n > 3 && room / (n as f32) < size * 0.85 { vec![n.div_ceil(2), n / 2] } else { vec![n] };
    let size = if rows.len() == 2 { (size * 0.72).max((room / rows[0] as f32) * 0.95).min(size) } else { size };
    let mut out = Vec::with_capacity(n);
    for (r, &k) in rows.iter().enumerate() {
        let pitch = (room / k.max(1) as f32).min(size + 2.0);
        let x0 = rect.center().x - pitch * (k as f32 - 1.0) / 2.0;
        let dy = if rows.len() == 2 { (r as f32 - 0.5) * size * 0.62 } else { 0.0 };
        out.extend((0..k).map(|i| (Pos2::new(x0 + pitch * i as f32, rect.top() + y + dy), size)));
    }
    out
}

/// A Composition card's face: its shape as patches of meadow, its
/// condition drawn under it as a sign ("≤ 1", "≥ 16" beside butterflies of
/// the three colours, or "=" on every patch) and its points on a token.
/// The words are the card's hover: a new player found a line of small
/// text on green patches hard to read and the sign quicker.
fn composition_face(painter: &egui::Painter, palette: &Palette, rect: Rect, comp: Composition, k: f32) {
    let ink = palette.table.on_plate;
    let cells = comp.shape.cells();
    let (w, h) = meadow::span(cells);
    // The sign's line: never smaller than can be read at a glance.
    let sign = 17.0 * k.max(0.75);
    // The shape as large as the card's middle allows (between the name at
    // the top and the sign at the foot), on a bed of soil.
    let tall = (rect.height() - k * 24.0 - sign - 6.0).max(8.0);
    let cell = (k * 26.0).min(tall / f32::from(h.max(1) as u8)).min(k * 112.0 / f32::from(w.max(1) as u8));
    let origin = Pos2::new(
        rect.center().x - cell * f32::from(w as u8) / 2.0,
        rect.top() + k * 21.0 + (tall - cell * f32::from(h as u8)) / 2.0,
    );
    let cell_rect = |x: i8, y: i8| {
        Rect::from_min_size(origin + Vec2::new(f32::from(x as u8), f32::from(y as u8)) * cell, Vec2::splat(cell))
    };
    for &(x, y) in cells {
        painter.rect_filled(cell_rect(x, y).expand(1.5), 3.0, mix(palette.meadow, palette.meadow_ink, 0.5));
    }
    for (n, &(x, y)) in cells.iter().enumerate() {
        let r = cell_rect(x, y);
        meadow::paint_patch(painter, palette, r.shrink(1.0), n * 7 + 3, 1);
        if comp.condition == Condition::Even {
            // "The same number here as on every other patch."
            let plate = Rect::from_center_size(r.center(), Vec2::splat(cell * 0.52));
            painter.rect_filled(plate, 3.0, mix(palette.table.plate, palette.meadow, 0.15));
            painter.text(plate.center(), Align2::CENTER_CENTER, "=", look::display(painter.ctx(), cell * 0.5), ink);
        }
    }
    condition_sign(painter, palette, rect, comp.condition, sign);
    let at = rect.right_top() + Vec2::new(-15.0, 15.0) * k;
    look::token(painter, palette, at, 11.0 * k, palette.selection, &comp.points.to_string());
    // What the token's number is (a bare number on a gold coin puzzled a
    // new player; the Gathering cards say "3 pt").
    if k >= 0.8 {
        let under = at + Vec2::new(0.0, 12.0 * k);
        painter.text(under, Align2::CENTER_TOP, "pt", FontId::proportional(10.0 * k), ink);
    }
}

/// A Composition card's condition as a sign along its foot, `size` points
/// high: "≤ 1" or "≥ 16" and what is counted, in words where the card has
/// room ("butterflies in all"), else a butterfly of each colour ("of any
/// colour, counted together"); "= on each" for the even cards.
fn condition_sign(painter: &egui::Painter, palette: &Palette, card: Rect, condition: Condition, size: f32) {
    let ink = palette.table.on_plate;
    let soft = mix(ink, palette.table.plate, 0.25);
    let (big, said, short) = match condition {
        Condition::Few(1) => ("\u{2264} 1".to_string(), "butterfly in all", "in all"),
        Condition::Few(n) => (format!("\u{2264} {n}"), "butterflies in all", "in all"),
        Condition::Many(n) => (format!("\u{2265} {n}"), "butterflies in all", "in all"),
        Condition::Even => ("=".to_string(), "the same on each", "on each"),
    };
    let big = painter.layout_no_wrap(big, look::display(painter.ctx(), size), ink);
    let gap = size * 0.3;
    let words = painter.layout_no_wrap(said.to_string(), FontId::proportional(size * 0.66), soft);
    let mid = card.bottom() - 4.0 - size * 0.6;
    // (Words under 10 points are not read: the butterflies say it then.)
    if size * 0.66 >= 10.0 && big.size().x + gap + words.size().x <= card.width() - 12.0 {
        let mut x = card.center().x - (big.size().x + gap + words.size().x) / 2.0;
        painter.galley(Pos2::new(x, mid - big.size().y / 2.0), big.clone(), ink);
        x += big.size().x + gap;
        painter.galley(Pos2::new(x, mid - words.size().y / 2.0 + size * 0.08), words, soft);
        return;
    }
    let small = painter.layout_no_wrap(short.to_string(), FontId::proportional(size * 0.62), soft);
    // (The butterflies and the gap after them; none on an even card.)
    let flock = if condition == Condition::Even { 0.0 } else { size * 1.5 };
    let flock_room = if flock > 0.0 { flock + gap } else { 0.0 };
    let width = big.size().x + gap + flock_room + small.size().x;
    let mut x = card.center().x - width / 2.0;
    painter.galley(Pos2::new(x, mid - big.size().y / 2.0), big.clone(), ink);
    x += big.size().x + gap;
    if flock > 0.0 {
        for (i, c) in [Colour::Red, Colour::Blue, Colour::Yellow].into_iter().enumerate() {
            let at =
                Pos2::new(x + size * (0.35 + 0.4 * i as f32), mid + if i == 1 { -size * 0.18 } else { size * 0.12 });
            meadow::paint_butterfly(painter, palette, at, size * 0.62, c);
        }
        x += flock_room;
    }
    painter.galley(Pos2::new(x, mid - small.size().y / 2.0 + size * 0.08), small, soft);
}

/// A won card in the takings: large enough to tell its butterflies and
/// shapes apart at a glance.
pub const MINI: Vec2 = Vec2::new(58.0, 50.0);
/// A won card in the takings in a low window (the counts on one line
/// told nothing of which cards: review 5).
pub const MINI_LOW: Vec2 = Vec2::new(44.0, 38.0);

/// How tall the takings of players who won `won` (each one's cards and
/// crystals) stand as cards of size `mini` in a panel `width` wide.
#[must_use]
pub fn takings_height(won: &[(usize, usize)], mini: Vec2, width: f32) -> f32 {
    let per_row = ((width + 3.0) / (mini.x + 3.0)).floor().max(1.0);
    won.iter()
        .map(|&(cards, crystals)| {
            let pile = crystal_pile_size(crystals, mini.y).x;
            let items = cards as f32 + (pile / (mini.x + 3.0)).ceil();
            // A seat's line, then its rows of cards (or "nothing won yet").
            26.0 + if items == 0.0 { 18.0 } else { (items / per_row).ceil() * (mini.y + 3.0) }
        })
        .sum()
}

/// The key under which a face-up card is followed from the row to the
/// takings of whoever wins it (its identity: every seat sees it).
#[must_use]
pub fn won_key(gathering: bool, id: u8) -> u64 {
    look::Slides::key(("dw-card", gathering, id))
}

/// Places a component this frame: given its key and where it lies, where
/// to draw it (elsewhere while it is on its way there).
pub type Place<'a> = dyn FnMut(u64, Rect) -> Rect + 'a;

/// A little won card at `home`, drawn where `place` says: in its place,
/// or, while it crosses the table from the row it was won from, over
/// everything (the panel's edge does not clip it) and ringed in gold, so
/// the win is seen as it happens (review 5: "no moment when a card is
/// won").
fn won_card(ui: &Ui, palette: &Palette, (home, drawn): (Rect, Rect), gathering: bool, id: u8) {
    let layer = egui::LayerId::new(egui::Order::Foreground, egui::Id::unique("dw-won"));
    let painter = if drawn == home { ui.painter().clone() } else { ui.ctx().layer_painter(layer) };
    if drawn != home {
        painter.add(
            egui::epaint::RectShape::filled(drawn.translate(Vec2::new(3.0, 8.0)), 8.0, palette.table.shadow)
                .with_blur_width(14.0),
        );
    }
    look::card_body(&painter, palette, drawn, palette.table.plate, look::Lift::Flat);
    if gathering {
        mini_gathering(&painter, palette, drawn, id);
    } else {
        mini_composition(&painter, palette, drawn, id);
    }
    if drawn != home {
        painter.rect_stroke(drawn.expand(2.0), 8.0, Stroke::new(3.0, palette.selection), StrokeKind::Outside);
    }
}

/// A little Gathering card's butterflies.
fn mini_gathering(painter: &egui::Painter, palette: &Palette, rect: Rect, id: u8) {
    let g = gathering_card(id);
    let wanted: Vec<Colour> = meadow::one_by_one(g.counts).collect();
    // One row of up to two, or two rows.
    let per_row = if wanted.len() <= 2 { wanted.len().max(1) } else { wanted.len().div_ceil(2) };
    let rows = wanted.len().div_ceil(per_row).max(1);
    let pitch = Vec2::new((rect.width() - 6.0) / per_row as f32, (rect.height() - 6.0) / rows as f32);
    let most = 22.0 * (rect.height() / 50.0).max(1.0);
    for (i, &c) in wanted.iter().enumerate() {
        let (col, row) = ((i % per_row) as f32, (i / per_row) as f32);
        let at = rect.min + Vec2::new(3.0 + pitch.x * (col + 0.5), 3.0 + pitch.y * (row + 0.5));
        meadow::paint_butterfly(painter, palette, at, pitch.x.min(pitch.y).min(most), c);
    }
}

/// A little Composition card: its shape, its condition and its points.
fn mini_composition(painter: &egui::Painter, palette: &Palette, rect: Rect, id: u8) {
    let comp = COMPOSITIONS[usize::from(id)];
    let cells = comp.shape.cells();
    let (w, h) = meadow::span(cells);
    let k = (rect.height() / 50.0).max(0.5);
    // (Above the sign along the foot.)
    let cell = (11.0 * k).min((rect.width() - 6.0) / w as f32).min((rect.height() - 20.0 * k) / h as f32);
    let origin =
        rect.center() - Vec2::new(0.0, 7.0 * k) - Vec2::new(f32::from(w as u8), f32::from(h as u8)) * cell / 2.0;
    for &(x, y) in cells {
        let r =
            Rect::from_min_size(origin + Vec2::new(f32::from(x as u8), f32::from(y as u8)) * cell, Vec2::splat(cell));
        painter.rect_filled(r.shrink(0.4), 1.0, palette.meadow);
    }
    // Its condition, small, along the foot.
    let sign = match comp.condition {
        Condition::Few(n) => format!("\u{2264}{n}"),
        Condition::Many(n) => format!("\u{2265}{n}"),
        Condition::Even => "=".to_string(),
    };
    let foot = rect.center_bottom() - Vec2::new(0.0, 2.0 * k);
    let face = look::display(painter.ctx(), 12.0 * k);
    painter.text(foot, Align2::CENTER_BOTTOM, sign, face, palette.table.on_plate);
    // Its points, as on the card in the column.
    let at = rect.right_top() + Vec2::new(-7.0, 7.0) * k;
    look::token(painter, palette, at, 6.5 * k, palette.selection, &comp.points.to_string());
}

/// A player's takings as little cards in a row: each Gathering card with
/// its butterflies, each Composition card with its shape, then the
/// crystals won; the whole in words on hover. `place` says where each
/// card is drawn (on its way here, when just won); `mini` is a card's
/// size ([`MINI`], or [`MINI_LOW`] in a low window).
pub fn takings_ui(
    ui: &mut Ui,
    palette: &Palette,
    (gatherings, compositions, crystals): (&[u8], &[u8], (u8, u8)),
    mini: Vec2,
    place: &mut Place<'_>,
) {
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing = Vec2::new(3.0, 3.0);
        for &id in gatherings {
            let (rect, resp) = ui.allocate_exact_size(mini, Sense::hover());
            won_card(ui, palette, (rect, place(won_key(true, id), rect)), true, id);
            let said = format!("won: Gathering {}", gathering_text(gathering_card(id)));
            resp.widget_info(|| WidgetInfo::labeled(egui::Role::Image, true, &said));
            resp.on_hover_text(said);
        }
        for &id in compositions {
            let (rect, resp) = ui.allocate_exact_size(mini, Sense::hover());
            won_card(ui, palette, (rect, place(won_key(false, id), rect)), false, id);
            let said = format!("won: Composition {}", COMPOSITIONS[usize::from(id)].describe());
            resp.widget_info(|| WidgetInfo::labeled(egui::Role::Image, true, &said));
            resp.on_hover_text(said);
        }
        // The crystals won in one pile as tall as a card, two to a column
        // (one a row, they wrapped onto a line of their own under a gap
        // as tall as a card).
        let (black, white) = crystals;
        let n = usize::from(black) + usize::from(white);
        if n > 0 {
            let (rect, resp) = ui.allocate_exact_size(crystal_pile_size(n, mini.y), Sense::hover());
            let kinds = std::iter::repeat_n(Crystal::Black, usize::from(black))
                .chain(std::iter::repeat_n(Crystal::White, usize::from(white)));
            for (k, c) in kinds.enumerate() {
                let at = rect.left_top()
                    + Vec2::new(PILE_PITCH.x * ((k / 2) as f32 + 0.5), PILE_PITCH.y * ((k % 2) as f32 + 0.5) + 1.0);
                meadow::paint_crystal(ui.painter(), palette, at, 7.0, c);
            }
            let said = format!("won: {black} black and {white} white crystals");
            resp.widget_info(|| WidgetInfo::labeled(egui::Role::Image, true, &said));
            resp.on_hover_text(said);
        }
    });
}

/// A player's takings on one line for a low window: a small Gathering
/// card and a small Composition card, each with how many were won, and a
/// black and a white crystal with theirs (the same line in words was a
/// ledger's, and the cards stood a third of the panel's height).
/// `said` is the line in words (the screen reader's name); `cards` lists
/// the cards, shown on hover; a card just won (`won`: the Gathering and
/// Composition cards' ids) flies to its small card as `place` says.
pub fn takings_line(
    ui: &mut Ui,
    palette: &Palette,
    counts: [usize; 4],
    (said, cards): (&str, &str),
    won: (&[u8], &[u8]),
    place: &mut Place<'_>,
) {
    let ink = palette.table.on_plate;
    let font = look::display(ui.ctx(), 14.0);
    let (rect, resp) = ui.allocate_exact_size(Vec2::new(ui.available_width().min(220.0), 22.0), Sense::hover());
    resp.widget_info(|| WidgetInfo::labeled(egui::Role::Image, true, said));
    resp.on_hover_text(format!("{said}\n{cards}"));
    let painter = ui.painter();
    let mut x = rect.left() + 2.0;
    let mid = rect.center().y;
    for (i, &n) in counts.iter().enumerate() {
        match i {
            0 | 1 => {
                let card = Rect::from_min_size(Pos2::new(x, mid - 9.0), Vec2::new(15.0, 18.0));
                look::card_body(painter, palette, card, palette.table.plate, look::Lift::Flat);
                if i == 0 {
                    meadow::paint_butterfly(painter, palette, card.center(), 10.0, Colour::Yellow);
                } else {
                    for dy in [-3.0, 3.0] {
                        let r = Rect::from_center_size(card.center() + Vec2::new(0.0, dy), Vec2::splat(5.5));
                        painter.rect_filled(r, 1.0, palette.meadow);
                    }
                }
                for &id in if i == 0 { won.0 } else { won.1 } {
                    let drawn = place(won_key(i == 0, id), card);
                    if drawn != card {
                        won_card(ui, palette, (card, drawn), i == 0, id);
                    }
                }
                x += 18.0;
            }
            _ => {
                let c = if i == 2 { Crystal::Black } else { Crystal::White };
                meadow::paint_crystal(painter, palette, Pos2::new(x + 6.0, mid), 6.5, c);
                x += 15.0;
            }
        }
        let number = painter.layout_no_wrap(n.to_string(), font.clone(), ink);
        let w = number.size().x;
        painter.galley(Pos2::new(x, mid - number.size().y / 2.0), number, ink);
        x += w + 12.0;
    }
}

/// How a card is won, on a small card of its own at the foot of the
/// panel (review 5: the rules were nowhere on the table; a new player had
/// to guess why a card lit up). A little card of each kind beside its
/// line, so the words point at what they are about.
pub fn how_cards_are_won(ui: &mut Ui, palette: &Palette) {
    look::plate_frame(palette, None).inner_margin(10).show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.label(look::title(ui, "How a card is won", 15.0).color(palette.table.ink));
        let small = |text: &str| RichText::new(text).size(12.5).color(palette.table.on_plate);
        ui.label(small("Your turn ends on the space where your last butterfly lands."));
        let icon = Vec2::new(40.0, 34.0);
        for gathering in [true, false] {
            ui.horizontal_top(|ui| {
                let (rect, _) = ui.allocate_exact_size(icon, Sense::hover());
                look::card_body(ui.painter(), palette, rect, palette.table.plate, look::Lift::Flat);
                if gathering {
                    mini_gathering(ui.painter(), palette, rect, 0);
                } else {
                    // (A shape of three spaces: a single space read as a
                    // blot, not a shape.)
                    let three = COMPOSITIONS.iter().position(|c| c.shape.cells().len() == 3).unwrap_or(0);
                    mini_composition(ui.painter(), palette, rect, u8::try_from(three).unwrap_or(0));
                }
                let words = if gathering {
                    "Gathering: that space holds exactly the butterflies shown. Its crystals come with it \
                     (black 1 point, white 2)."
                } else {
                    "Composition: that space and its neighbours make its shape (turned or flipped as you like), and \
                     their butterflies meet its count (\u{2264} at most, \u{2265} at least, = the same on each). \
                     One card a turn."
                };
                ui.add(egui::Label::new(small(words)).wrap());
            });
        }
        // Why cards change after a turn in which nobody took one (review
        // 10: "cards change with no reason given").
        ui.label(small(
            "After every turn each Gathering card gains a crystal from the bag; one that then carries \
             3 crystals is swapped for a new card, as is the card taken.",
        ));
    });
}

/// The room each crystal in a pile takes.
const PILE_PITCH: Vec2 = Vec2::new(17.0, 19.0);

/// The size of a pile of `n` crystals beside cards `high` points tall.
fn crystal_pile_size(n: usize, high: f32) -> Vec2 {
    Vec2::new(PILE_PITCH.x * n.div_ceil(2) as f32, high)
}

#[cfg(test)]
mod tests {
    use super::{COMPOSITION, Crystal, Face, GATHERING, describe, take_tag};
    use egui::{Pos2, Rect};

    /// Review 6: the ring round a renewed crystal crossed the card's words
    /// and stuck out past its left edge. It stays on the card, under the
    /// words' room (which ends 28 points over the foot), at every size.
    #[test]
    fn a_renewed_crystal_s_ring_stays_on_its_card_under_the_words() {
        for k in [1.0, 0.8, 0.7] {
            let size = GATHERING * k;
            let card = Rect::from_min_size(Pos2::new(10.0, 10.0), size);
            for i in 0..3 {
                let (at, r) = super::renewal_ring(card, i, k);
                let outer = Rect::from_center_size(at, egui::Vec2::splat(2.0 * (r + super::RING_WIDTH / 2.0)));
                assert!(card.contains_rect(outer), "crystal {i} at {k}: {outer:?} off {card:?}");
                assert!(outer.top() >= card.bottom() - 28.0 * k - 1.0, "crystal {i} at {k}: ring over the words");
            }
        }
    }

    /// A card's hover said "1 crystal (1 points)".
    #[test]
    fn a_gathering_card_worth_one_point_says_1_point() {
        let one = describe(&Face::Gathering(0, vec![Crystal::Black]));
        assert!(one.ends_with("1 crystal (1 point)"), "{one}");
        let three = describe(&Face::Gathering(0, vec![Crystal::Black, Crystal::White]));
        assert!(three.ends_with("2 crystals (3 points)"), "{three}");
    }

    #[test]
    fn a_narrow_card_s_five_butterflies_stand_in_two_rows_apart() {
        let card = Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(70.0, 80.0));
        let spots = super::gathering_spots(card, 5, 20.0, 30.0);
        assert_eq!(spots.len(), 5);
        for (i, a) in spots.iter().enumerate() {
            assert!(card.contains(a.0), "{a:?} off the card");
            for b in &spots[..i] {
                assert!(a.0.distance(b.0) >= a.1 * 0.6, "{a:?} lies over {b:?}");
            }
        }
        // A wide card keeps them in one row.
        let wide = Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(160.0, 80.0));
        let row = super::gathering_spots(wide, 5, 20.0, 30.0);
        assert!(row.iter().all(|s| (s.0.y - row[0].0.y).abs() < 0.1));
    }

    #[test]
    fn nine_crystals_won_make_one_pile_as_tall_as_a_won_card_and_five_wide() {
        let pile = super::crystal_pile_size(9, 40.0);
        assert!((pile.y - 40.0).abs() < 0.01 && pile.x <= 5.0 * 17.0 + 0.1, "{pile:?}");
        // Two to a column, each crystal (7 points across its points, on a
        // base a fifth larger) clear of the next.
        const { assert!(super::PILE_PITCH.y * 2.0 <= 40.0 && super::PILE_PITCH.x >= 2.0 * 7.0 * 1.2) };
    }

    #[test]
    fn the_take_tag_keeps_off_what_the_card_says() {
        for (size, k) in [(COMPOSITION, 1.0), (GATHERING, 1.0), (COMPOSITION, 0.7), (GATHERING, 0.7)] {
            let card = Rect::from_min_size(Pos2::new(100.0, 200.0), size * k);
            let tag = take_tag(card);
            // The shape, the words, the butterflies and the crystals lie
            // below the name's line (22 points down at full size).
            assert!(tag.bottom() <= card.top() + 12.0 * k.max(0.9), "{tag:?} on {card:?}");
            // Clear of the name at the left and the points at the right
            // (each about 22 points wide at full size, from 6 in).
            let side = 22.0 * k + 6.0;
            assert!(tag.left() >= card.left() + side && tag.right() <= card.right() - side, "{tag:?} on {card:?}");
        }
    }
}
