//! Aviary's one visual language: the display typeface, the cloth every
//! game is played on, and the body of every card and token on it (a soft
//! shadow, a darker edge, a faint sheen). Games paint their own faces on
//! top; what makes a card look like a card lives here once.

use egui::epaint::{CornerRadius, RectShape};
use egui::{
    Align2, Color32, FontData, FontDefinitions, FontFamily, FontId, Painter, Pos2, Rect, Stroke, StrokeKind,
    TextureHandle, TextureOptions, Ui, Vec2,
};

use super::theme::{Palette, SHEEN, UNTINTED, mix};

/// The display typeface: Vollkorn (semi-bold) with lining figures (SIL Open
/// Font License; how it was made is in `assets/fonts/OFL.txt`).
const VOLLKORN: &[u8] = include_bytes!("../../assets/fonts/AviaryDisplay-SemiBold.ttf");
/// The font's name in egui's font table.
const DISPLAY_FONT: &str = "vollkorn-semibold";
/// The family titles, card values and scores are set in.
const DISPLAY_FAMILY: &str = "display";

/// Installs the display typeface (once per context) and sets headings in
/// it. Call before any text is laid out in a pass (the start of the app's
/// frame); until it takes effect [`display`] falls back to the default sans.
pub fn install(ctx: &egui::Context) {
    let installed = ctx.fonts(|f| f.definitions().font_data.contains_key(DISPLAY_FONT));
    if installed {
        let family = FontFamily::Name(DISPLAY_FAMILY.into());
        let heading = ctx.global_style().text_styles.get(&egui::TextStyle::Heading).map(|f| f.family.clone());
        if heading != Some(family.clone()) && has_display(ctx) {
            ctx.all_styles_mut(|s| {
                s.text_styles.insert(egui::TextStyle::Heading, FontId::new(22.0, family.clone()));
            });
        }
        return;
    }
    let mut fonts = FontDefinitions::default();
    fonts.font_data.insert(DISPLAY_FONT.to_owned(), std::sync::Arc::new(FontData::from_static(VOLLKORN)));
    // Glyphs Vollkorn lacks (arrows, symbols) come from the default fonts.
    let mut family = vec![DISPLAY_FONT.to_owned()];
    family.extend(fonts.families.get(&FontFamily::Proportional).cloned().unwrap_or_default());
    fonts.families.insert(FontFamily::Name(DISPLAY_FAMILY.into()), family);
    ctx.set_fonts(fonts);
    // Text fields in the table's paper, sunk a shade into it (the light
    // theme's white fields read as a form's, on the cream boards).
    for (theme, dark) in [(egui::Theme::Light, false), (egui::Theme::Dark, true)] {
        let palette = crate::ui::theme::palette(dark);
        let field = if dark {
            crate::ui::theme::mix(palette.table.plate, palette.page, 0.5)
        } else {
            crate::ui::theme::mix(palette.table.plate, palette.table.on_plate, 0.04)
        };
        ctx.style_mut_of(theme, |s| s.visuals.text_edit_bg_color = Some(field));
    }
}

/// Whether the display family is bound in this context (a view drawn
/// outside the app, or before [`install`] took effect, uses the sans).
fn has_display(ctx: &egui::Context) -> bool {
    ctx.fonts(|f| f.definitions().families.contains_key(&FontFamily::Name(DISPLAY_FAMILY.into())))
}

/// The display face at `size` points: titles, card values, scores.
#[must_use]
pub fn display(ctx: &egui::Context, size: f32) -> FontId {
    if has_display(ctx) {
        FontId::new(size, FontFamily::Name(DISPLAY_FAMILY.into()))
    } else {
        FontId::proportional(size)
    }
}

/// A title in the display face.
#[must_use]
pub fn title(ui: &Ui, text: impl Into<String>, size: f32) -> egui::RichText {
    egui::RichText::new(text).font(display(ui.ctx(), size))
}

/// The cloth under a game (linen in light, felt in dark), tiled from a
/// small texture made once per theme.
pub fn paint_cloth(ui: &Ui, rect: Rect, palette: &Palette) {
    ui.painter().add(cloth(ui.ctx(), rect, palette, 0.0));
}

/// How wide a table's wooden rim is: the panels' margin round its cloth.
pub const RIM: f32 = 8.0;

/// A wooden rim round a game's table, laid in the margin between `outer`
/// (the game's page) and `table` (its cloth): the cloth alone, edge to
/// edge of the page, read as paper rather than a table. Painted after the
/// table, over the margin only.
pub fn paint_rim(ui: &Ui, outer: Rect, table: Rect, palette: &Palette) {
    let painter = ui.painter();
    let strips = [
        Rect::from_min_max(outer.min, Pos2::new(outer.right(), table.top())),
        Rect::from_min_max(Pos2::new(outer.left(), table.bottom()), outer.max),
        Rect::from_min_max(Pos2::new(outer.left(), table.top()), Pos2::new(table.left(), table.bottom())),
        Rect::from_min_max(Pos2::new(table.right(), table.top()), Pos2::new(outer.right(), table.bottom())),
    ];
    for strip in strips.into_iter().filter(|s| s.width() > 0.5 && s.height() > 0.5) {
        painter.add(wood(ui.ctx(), strip, palette, 0.0));
    }
    painter.rect_stroke(outer, 0.0, Stroke::new(1.5, palette.table.wood[2]), StrokeKind::Inside);
    // The cloth sunk a little under the rim: a dark line and a shade.
    painter.rect_stroke(table, 0.0, Stroke::new(1.5, palette.table.wood[2]), StrokeKind::Outside);
    let shade = palette.table.shadow;
    fade(painter, Rect::from_min_size(table.min, Vec2::new(table.width(), 8.0)), shade, Color32::TRANSPARENT);
}

/// The cloth as a shape with rounded corners, to lay under something
/// whose size is known only once it is drawn (a patch of table in a
/// dialog: see [`on_cloth`]).
pub fn cloth(ctx: &egui::Context, rect: Rect, palette: &Palette, corner: f32) -> egui::Shape {
    let texture = surface(ctx, palette, Surface::Cloth);
    let uv = Rect::from_min_max(Pos2::ZERO, (rect.size() / TILE as f32).to_pos2());
    RectShape::filled(rect, corner, UNTINTED).with_texture(texture.id(), uv).into()
}

/// A patch of the table inside a card of board (the seats of a new
/// game): `add` lays things on the cloth, which is sunk a little into the
/// board with a dark rim.
pub fn on_cloth<R>(ui: &mut Ui, palette: &Palette, add: impl FnOnce(&mut Ui) -> R) -> R {
    let under = ui.painter().add(egui::Shape::Noop);
    let inner = egui::Frame::new().inner_margin(10).corner_radius(8).show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.visuals_mut().override_text_color = Some(palette.table.ink);
        add(ui)
    });
    let rect = inner.response.rect;
    ui.painter().set(under, cloth(ui.ctx(), rect, palette, 8.0));
    ui.painter().rect_stroke(rect, 8.0, Stroke::new(1.5, palette.table.wood[2]), StrokeKind::Inside);
    inner.inner
}

/// Wood (the shelf on Home), the grain running along it.
pub fn paint_wood(ui: &Ui, rect: Rect, palette: &Palette, corner: f32) {
    ui.painter().add(wood(ui.ctx(), rect, palette, corner));
}

/// The shape of a piece of wood filling `rect` (to lay under things
/// drawn before it is known how large it is).
pub fn wood(ctx: &egui::Context, rect: Rect, palette: &Palette, corner: f32) -> egui::Shape {
    let texture = surface(ctx, palette, Surface::Wood);
    let uv = Rect::from_min_max(Pos2::ZERO, Pos2::new(rect.width() / (TILE as f32 * 2.0), rect.height() / TILE as f32));
    RectShape::filled(rect, corner, UNTINTED).with_texture(texture.id(), uv).into()
}

/// `add` laid out on a wooden tray `width` wide (less its margins), with
/// its rim: the tray a game's pieces wait on beside the board.
pub fn on_wood<R>(ui: &mut Ui, palette: &Palette, width: f32, add: impl FnOnce(&mut Ui) -> R) -> R {
    let under = ui.painter().add(egui::Shape::Noop);
    let shown = egui::Frame::new().inner_margin(10).corner_radius(8).show(ui, |ui| {
        ui.set_width((width - 20.0).max(0.0));
        ui.visuals_mut().override_text_color = Some(palette.text_on(palette.table.wood[1]));
        add(ui)
    });
    let rect = shown.response.rect;
    ui.painter().set(under, wood(ui.ctx(), rect, palette, 8.0));
    ui.painter().rect_stroke(rect, 8.0, Stroke::new(1.5, palette.table.wood[2]), egui::StrokeKind::Inside);
    shown.inner
}

/// A card of board lying on the cloth (a section of Settings, a lesson):
/// the box's cardboard, a soft shadow, its edge; `ring` outlines it instead
/// (the suggested lesson).
pub fn plate_frame(palette: &Palette, ring: Option<Stroke>) -> egui::Frame {
    let shadow = egui::epaint::Shadow { offset: [1, 3], blur: 10, spread: 0, color: palette.table.shadow };
    egui::Frame::new()
        .fill(palette.table.plate)
        .stroke(ring.unwrap_or(Stroke::new(1.0, edge_of(palette.table.plate, palette))))
        .corner_radius(8)
        .inner_margin(12)
        .shadow(shadow)
}

/// A dialog over the table (a new game, the resume offer, a rename): a
/// card of board held up over the dimmed table, in the theme `ctx` shows.
#[must_use]
pub fn modal(ctx: &egui::Context, id: egui::Id) -> egui::Modal {
    let palette = crate::ui::theme::palette(ctx.global_style().visuals.dark_mode);
    let shadow = egui::epaint::Shadow { offset: [2, 8], blur: 28, spread: 2, color: palette.table.shadow };
    let frame = plate_frame(&palette, None).inner_margin(18).corner_radius(10).shadow(shadow);
    egui::Modal::new(id).frame(frame)
}

/// The one button a dialog is for ("Start", "Resume"): filled in the
/// theme's go-ahead colour, its words in the display face.
pub fn main_button(ui: &mut Ui, text: &str) -> egui::Response {
    let palette = crate::ui::theme::palette(ui.visuals().dark_mode);
    let words = egui::RichText::new(text).font(display(ui.ctx(), 17.0)).color(palette.text_on_available);
    ui.add(egui::Button::new(words).fill(palette.available).min_size(Vec2::new(110.0, 32.0)))
}

/// Choices that exclude each other, drawn as one segmented strip (a
/// seat's player, a list's order): `add` lays out the selectable labels.
pub fn segmented(ui: &mut Ui, add: &mut dyn FnMut(&mut Ui)) {
    let palette = crate::ui::theme::palette(ui.visuals().dark_mode);
    egui::Frame::new()
        .stroke(Stroke::new(1.0, crate::ui::theme::mix(palette.table.on_plate, palette.table.plate, 0.55)))
        .corner_radius(6)
        .inner_margin(egui::Margin::same(2))
        .show(ui, |ui| {
            ui.spacing_mut().item_spacing.x = 2.0;
            ui.horizontal(|ui| add(ui));
        });
}

/// A small gold tag beside a seat's name ("to move", "to play"): dark
/// words on the theme's gold (gold words on the light card did not read).
pub fn turn_tag(ui: &mut Ui, palette: &crate::ui::theme::Palette, words: &str) {
    let tag = egui::RichText::new(words).size(13.0).strong().color(palette.table.rim);
    egui::Frame::new()
        .fill(palette.selection)
        .corner_radius(9)
        .inner_margin(egui::Margin::symmetric(7, 2))
        .show(ui, |ui| ui.label(tag));
}

/// A small plate of board painted at `at` (placed by `align`) with
/// `words` on it, `size` points high: a caption on a board ("pick a wing
/// card", "the sun's heat") that reads over whatever lies under it.
pub fn paint_tag(painter: &Painter, palette: &Palette, at: Pos2, align: egui::Align2, words: &str, size: f32) {
    let galley = painter.layout_no_wrap(words.to_owned(), display(painter.ctx(), size), palette.table.on_plate);
    let pad = Vec2::new(size * 0.45, size * 0.12);
    let rect = align.anchor_size(at, galley.size() + pad * 2.0);
    painter.rect(
        rect,
        size * 0.35,
        palette.table.plate,
        Stroke::new(1.0, edge_of(palette.table.plate, palette)),
        egui::StrokeKind::Inside,
    );
    painter.galley(rect.min + pad, galley, palette.table.on_plate);
}

/// A rules card at the foot of a side panel ("What the cards do"),
/// drawn whole where the room left holds it, else folded to a button
/// named `title` that opens it (never cut off at the window's edge:
/// review 6 found one stopping mid-sentence). Its height is remembered
/// from the last time it was drawn; one that turns out taller than the
/// room is drawn over, folded, before the frame is shown.
pub fn foot_card(ui: &mut Ui, title: &str, card: impl Fn(&mut Ui)) {
    let id = ui.make_persistent_id(("foot-card", title));
    // Its height at the width it was drawn, and how many frames running
    // it was drawn at that width: a narrower panel wraps it taller, and a
    // grid's columns find their widths only in its second frame.
    let drawn: Option<(f32, f32, u8)> = ui.data(|d| d.get_temp(id));
    let (width, room) = (ui.available_width(), ui.available_height());
    let same_width = |w: f32| (w - width).abs() <= 0.5;
    if drawn.is_none_or(|(w, h, times)| h <= room || !same_width(w) || times < 2) {
        let height = ui.scope(|ui| card(ui)).response.rect.height();
        let times = drawn.filter(|d| same_width(d.0)).map_or(1, |d| d.2.saturating_add(1));
        ui.data_mut(|d| d.insert_temp(id, (width, height, times)));
        if height > room {
            ui.ctx().request_discard("a rules card did not fit its panel");
        }
    } else if room >= ui.spacing().interact_size.y {
        let open = ui.button(format!("{title} \u{2026}")).on_hover_text("Opens this card of the rules");
        egui::Popup::from_toggle_button_response(&open).width(300.0).show(|ui| card(ui));
    }
}

/// An on/off choice as a little switch with its words beside it (a
/// setting that is simply on or off): the knob slides across, gold when
/// on. Read by screen readers as a checkbox with `text` for its name.
pub fn switch(ui: &mut Ui, on: &mut bool, text: &str) -> egui::Response {
    let palette = crate::ui::theme::palette(ui.visuals().dark_mode);
    let size = Vec2::new(34.0, 18.0);
    let wrap = (ui.available_width() - size.x - 8.0).max(60.0);
    let words = ui.painter().layout(text.to_string(), FontId::proportional(14.0), ui.visuals().text_color(), wrap);
    let whole = Vec2::new(size.x + 8.0 + words.size().x, (size.y + 3.0).max(words.size().y));
    let (rect, mut response) = ui.allocate_exact_size(whole, egui::Sense::click());
    if response.clicked() {
        *on = !*on;
        response.mark_changed();
    }
    let state = *on;
    response.widget_info(|| egui::WidgetInfo::selected(egui::Role::CheckBox, true, state, text));
    if ui.is_rect_visible(rect) {
        let t = ui.ctx().animate_bool_responsive(response.id, *on);
        // The switch beside the first line of a label that wraps.
        let first = words.rows.first().map_or(size.y, |r| r.rect().height());
        let track = Rect::from_min_size(Pos2::new(rect.left(), rect.top() + (first - size.y).max(3.0) / 2.0), size);
        let off = mix(palette.table.on_plate, palette.table.plate, 0.6);
        let fill = mix(off, palette.selection, t);
        let ring = if response.hovered() { palette.table.rim } else { mix(palette.table.on_plate, fill, 0.6) };
        let painter = ui.painter();
        painter.rect(track, size.y / 2.0, fill, Stroke::new(1.0, ring), StrokeKind::Inside);
        let r = size.y / 2.0 - 2.0;
        let x = egui::lerp((track.left() + r + 2.0)..=(track.right() - r - 2.0), t);
        painter.circle_filled(Pos2::new(x + 0.5, track.center().y + 1.0), r, palette.table.shadow);
        // A cream knob, clear on the track's grey and gold in both themes.
        painter.circle(Pos2::new(x, track.center().y), r, palette.card_face, Stroke::new(0.8, palette.table.edge));
        let at = Pos2::new(track.right() + 8.0, track.center().y - first / 2.0);
        painter.galley(at, words, ui.visuals().text_color());
    }
    response
}

/// A vertical fade over `rect`, from `top` to `bottom` (one of them
/// usually transparent): lines scrolled away fading into a card, a mat cut
/// by the table's edge fading into the cloth.
pub fn fade(painter: &Painter, rect: Rect, top: Color32, bottom: Color32) {
    let mut mesh = egui::Mesh::default();
    mesh.colored_vertex(rect.left_top(), top);
    mesh.colored_vertex(rect.right_top(), top);
    mesh.colored_vertex(rect.left_bottom(), bottom);
    mesh.colored_vertex(rect.right_bottom(), bottom);
    mesh.add_triangle(0, 1, 2);
    mesh.add_triangle(1, 3, 2);
    painter.add(mesh);
}

/// The colour of [`drop_glow`]: the legal tint, lightened or darkened
/// until it stands off the cloth (contrast 3 at least).
#[must_use]
pub fn glow_colour(palette: &Palette) -> Color32 {
    let legal = palette.legal.to_opaque();
    // Lightened on a dark cloth, darkened on a light one.
    let towards = if crate::ui::theme::contrast(palette.card_face, palette.table.cloth)
        > crate::ui::theme::contrast(palette.table.rim, palette.table.cloth)
    {
        palette.card_face
    } else {
        palette.table.rim
    };
    (0..=6)
        .map(|k| mix(legal, towards, k as f32 / 10.0))
        .find(|&c| crate::ui::theme::contrast(c, palette.table.cloth) >= 3.0)
        .unwrap_or(towards)
}

/// Where a held card may go: a soft glow round `rect` in [`glow_colour`]
/// (green on the dark green felt all but vanished), fading outwards (thin
/// green boxes round every place read as a form's fields); `near`, under
/// the pointer, twice as bright and wide.
pub fn drop_glow(painter: &Painter, palette: &Palette, rect: Rect, near: bool) {
    let colour = glow_colour(palette);
    let k = if near { 2.0 } else { 1.0 };
    for (spread, alpha) in [(7.0, 0.1), (4.5, 0.18), (2.5, 0.32)] {
        let stroke = Stroke::new(spread * k, colour.gamma_multiply(alpha * k));
        painter.rect_stroke(rect.expand(spread * k / 2.0), 8.0, stroke, egui::StrokeKind::Outside);
    }
    painter.rect_stroke(rect, 7.0, Stroke::new(1.5 * k, colour.gamma_multiply(0.85)), egui::StrokeKind::Inside);
}

/// Side of a surface tile in texels.
const TILE: usize = 96;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Surface {
    Cloth,
    Wood,
}

/// The texture of a surface in the palette's colours, made on first use
/// and kept in the context's memory.
fn surface(ctx: &egui::Context, palette: &Palette, kind: Surface) -> TextureHandle {
    let id = egui::Id::unique(("aviary-surface", kind, palette.table.cloth.to_array()));
    if let Some(t) = ctx.data(|d| d.get_temp::<TextureHandle>(id)) {
        return t;
    }
    let image = match kind {
        Surface::Cloth => weave(palette),
        Surface::Wood => grain(palette),
    };
    let texture = ctx.load_texture(format!("aviary-{kind:?}"), image, TextureOptions::LINEAR_REPEAT);
    ctx.data_mut(|d| d.insert_temp(id, texture.clone()));
    texture
}

/// A small deterministic hash for texture noise (no RNG: the same cloth
/// every run).
fn hash(x: usize, y: usize, salt: u32) -> f32 {
    let mut h = (x as u32).wrapping_mul(0x9E37_79B1) ^ (y as u32).wrapping_mul(0x85EB_CA77) ^ salt;
    h ^= h >> 15;
    h = h.wrapping_mul(0x2C1B_3C6D);
    h ^= h >> 12;
    h = h.wrapping_mul(0x297A_2D39);
    h ^= h >> 15;
    (h & 0xFFFF) as f32 / 65535.0
}

/// Woven cloth: threads across and along, each a little uneven, with a
/// few flecks; tiles without a seam.
fn weave(palette: &Palette) -> egui::ColorImage {
    let t = palette.table;
    let mut pixels = Vec::with_capacity(TILE * TILE);
    for y in 0..TILE {
        for x in 0..TILE {
            let row = hash(0, y, 7) - 0.5;
            let col = hash(x, 0, 11) - 0.5;
            let over = (x + y) % 2 == 0;
            let thread = if over { row } else { col } * 0.55;
            let fleck = (hash(x, y, 3) - 0.5) * 0.35;
            let v = thread + fleck;
            pixels.push(if v >= 0.0 { mix(t.cloth, t.weave[0], v * 1.6) } else { mix(t.cloth, t.weave[1], -v * 1.6) });
        }
    }
    egui::ColorImage::new([TILE, TILE], pixels)
}

/// Wood: long grain lines that waver, a darker ring now and then.
fn grain(palette: &Palette) -> egui::ColorImage {
    let [ground, line, _] = palette.table.wood;
    let tau = std::f32::consts::TAU;
    let mut pixels = Vec::with_capacity(TILE * TILE);
    for y in 0..TILE {
        for x in 0..TILE {
            let u = x as f32 / TILE as f32;
            let wave = (u * tau).sin() * 2.5 + (u * tau * 3.0).cos() * 1.2;
            let ring = ((y as f32 + wave) * tau / 12.0).sin() * 0.5 + 0.5;
            let fine = hash(x / 6, y, 5) * 0.25;
            pixels.push(mix(ground, line, ring.powf(3.0) * 0.8 + fine));
        }
    }
    egui::ColorImage::new([TILE, TILE], pixels)
}

/// How a component lies on the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lift {
    /// Flat on the table.
    Flat,
    /// Raised: hovered, chosen, or held in the hand.
    Raised,
}

/// The body of a card: a soft shadow under it, the face, a darker edge
/// and a faint sheen along its top. `corner` in points.
pub fn card_body(painter: &Painter, palette: &Palette, rect: Rect, face: Color32, lift: Lift) {
    let corner = (rect.width() * 0.09).clamp(2.0, 8.0);
    let (offset, blur, shade) = match lift {
        Lift::Flat => (Vec2::new(0.8, 1.6), rect.width() * 0.06 + 2.0, palette.table.shadow),
        Lift::Raised => (Vec2::new(2.0, 5.0), rect.width() * 0.12 + 5.0, palette.table.lifted),
    };
    painter.add(RectShape::filled(rect.translate(offset), corner, shade).with_blur_width(blur));
    painter.rect(rect, corner, face, Stroke::NONE, StrokeKind::Inside);
    // The sheen: the upper part of the face a touch lighter, fading out
    // downwards (a hard-edged band made a card look two-toned).
    let sheen =
        Rect::from_min_max(rect.min, Pos2::new(rect.max.x, rect.top() + (rect.height() * 0.3).min(24.0))).shrink(1.0);
    let cap = Rect::from_min_max(sheen.min, Pos2::new(sheen.max.x, (sheen.top() + corner).min(sheen.bottom())));
    painter.add(RectShape::filled(cap, CornerRadius { nw: corner as u8, ne: corner as u8, sw: 0, se: 0 }, SHEEN));
    fade(painter, Rect::from_min_max(cap.left_bottom(), sheen.max), SHEEN, Color32::TRANSPARENT);
    painter.rect_stroke(rect, corner, Stroke::new(1.0, edge_of(face, palette)), StrokeKind::Inside);
}

/// A component's edge: darker than its face (light on a face about as
/// dark as the cloth, so a black card or a dark box still shows its
/// outline).
#[must_use]
pub fn edge_of(face: Color32, palette: &Palette) -> Color32 {
    if super::theme::contrast(face, palette.table.cloth) < 1.6 {
        palette.table.edge
    } else {
        mix(face, palette.table.rim, 0.55)
    }
}

/// A round token: a soft shadow, the disc with a rim and a highlight,
/// and `label` (one or two characters) in the display face.
pub fn token(painter: &Painter, palette: &Palette, center: Pos2, radius: f32, fill: Color32, label: &str) {
    let shadow = Rect::from_center_size(center + Vec2::new(1.0, 2.0), Vec2::splat(radius * 2.0));
    let round = CornerRadius::same(radius.min(127.0) as u8);
    painter.add(RectShape::filled(shadow, round, palette.table.shadow).with_blur_width(radius * 0.5));
    painter.circle(center, radius, fill, Stroke::new(1.5, edge_of(fill, palette)));
    painter.circle_stroke(
        center - Vec2::new(radius * 0.15, radius * 0.15),
        radius * 0.7,
        Stroke::new(radius * 0.12, SHEEN),
    );
    if !label.is_empty() {
        let font = display(painter.ctx(), radius * 1.1);
        painter.text(center, Align2::CENTER_CENTER, label, font, palette.text_on(fill));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cloth_and_wood_tile_without_a_seam_and_are_made_once() {
        let ctx = egui::Context::default();
        let mut out = ctx.run_ui(egui::RawInput::default(), |ui| {
            let palette = super::super::theme::palette(false);
            let a = surface(ui.ctx(), &palette, Surface::Cloth);
            let b = surface(ui.ctx(), &palette, Surface::Cloth);
            assert_eq!(a.id(), b.id(), "the cloth texture is made once and kept");
            let dark = surface(ui.ctx(), &super::super::theme::palette(true), Surface::Cloth);
            assert_ne!(a.id(), dark.id(), "each theme has its own cloth");
        });
        out.textures_delta.clear();
        let image = weave(&super::super::theme::palette(false));
        let distinct: std::collections::HashSet<_> = image.pixels.iter().map(egui::Color32::to_array).collect();
        assert!(distinct.len() > 8, "the cloth has a weave, not one flat colour");
    }

    #[test]
    fn the_display_face_is_used_once_installed_and_the_sans_before() {
        let ctx = egui::Context::default();
        let mut out = ctx.run_ui(egui::RawInput::default(), |ui| {
            assert_eq!(display(ui.ctx(), 20.0).family, FontFamily::Proportional);
        });
        out.textures_delta.clear();
        let mut out = ctx.run_ui(egui::RawInput::default(), |ui| {
            install(ui.ctx());
            assert_eq!(display(ui.ctx(), 20.0).family, FontFamily::Name(DISPLAY_FAMILY.into()));
            ui.label(title(ui, "Enchanted Plumes", 24.0));
        });
        out.textures_delta.clear();
    }
}

/// How long a card takes to slide to its new place, in seconds.
pub const SLIDE_SECONDS: f64 = 0.22;
/// How long a card takes to turn face up, in seconds.
pub const TURN_SECONDS: f64 = 0.3;

/// A card turning over, `t` of the way (0 to 1): the narrowed rectangle to
/// paint it in, and whether its face shows yet (the back shows in the
/// first half, as it narrows; the face in the second, as it widens).
#[must_use]
pub fn turned(rect: Rect, t: f32) -> (Rect, bool) {
    let t = t.clamp(0.0, 1.0);
    let (width, face) = if t < 0.5 { (1.0 - 2.0 * t, false) } else { (2.0 * t - 1.0, true) };
    let size = Vec2::new((rect.width() * width).max(1.0), rect.height());
    (Rect::from_center_size(rect.center(), size), face)
}

/// Slides components to their new places when the game moves: each
/// component (by a key that names only what everyone may see: a face-up
/// card's identity, a face-down card's place) remembers where it was
/// drawn; after a change of position *of the game* (not a scroll or a
/// resize), one drawn somewhere else glides there from where it was.
/// With animations off, or once every slide is over, nothing repaints.
#[derive(Debug, Default)]
pub struct Slides {
    /// Where each component was drawn last, in the frame before.
    last: std::collections::HashMap<u64, Rect>,
    /// Components under way: where they started and when.
    moving: std::collections::HashMap<u64, (Rect, f64)>,
    /// The game's position the last frame was drawn for.
    seen: Option<u64>,
    /// True in the frames of a new position (until the first is drawn).
    fresh: bool,
    /// Components that appeared with the new position, turning face up:
    /// when they began.
    turning: std::collections::HashMap<u64, f64>,
    /// How long a slide takes, if not [`SLIDE_SECONDS`].
    seconds: Option<f64>,
}

impl Slides {
    /// Slides that take `seconds` each (a card won crosses the whole
    /// table: at the usual pace it was gone before the eye found it).
    #[must_use]
    pub fn lasting(seconds: f64) -> Self {
        Self { seconds: Some(seconds), ..Self::default() }
    }

    /// How long one slide takes.
    fn slide_seconds(&self) -> f64 {
        self.seconds.unwrap_or(SLIDE_SECONDS)
    }

    /// Call once per frame before placing anything: `position` changes
    /// when the game moves (its cursor, or a revision); `now` is the time in
    /// seconds. What has finished moving by now is forgotten, so a
    /// component that left the table never keeps the frames coming.
    pub fn begin(&mut self, position: u64, now: f64) {
        self.fresh = self.seen.is_some_and(|s| s != position);
        self.seen = Some(position);
        let seconds = self.slide_seconds();
        self.moving.retain(|_, (_, t0)| now - *t0 < seconds);
        self.turning.retain(|_, t0| now - *t0 < TURN_SECONDS);
    }

    /// Where to draw the component `key` whose place is `target` now, at
    /// time `now` (seconds). `from` is where a component never drawn
    /// before comes from (a card drawn from the deck), if anywhere.
    pub fn place(&mut self, key: u64, target: Rect, from: Option<Rect>, now: f64, animate: bool) -> Rect {
        self.place_after(key, target, from, (now, 0.0), animate)
    }

    /// [`Slides::place`], a component that starts moving now waiting
    /// `wait` seconds first (`at` is `(now, wait)`): a card a walk turns
    /// up leaves its deck once the walker has arrived.
    pub fn place_after(&mut self, key: u64, target: Rect, from: Option<Rect>, at: (f64, f64), animate: bool) -> Rect {
        let (now, wait) = at;
        let before = self.last.insert(key, target);
        if !animate {
            self.moving.clear();
            self.turning.clear();
            return target;
        }
        if self.fresh && before.is_none() {
            self.turning.insert(key, now);
        }
        if self.fresh {
            let start = match before {
                Some(b) if b.min.distance(target.min) > 2.0 => Some(b),
                None => from,
                _ => None,
            };
            if let Some(start) = start {
                self.moving.insert(key, (start, now + wait.max(0.0)));
            }
        }
        let Some(&(start, t0)) = self.moving.get(&key) else { return target };
        let t = ((now - t0) / self.slide_seconds()) as f32;
        if t >= 1.0 {
            self.moving.remove(&key);
            return target;
        }
        // Ease out: quick to leave, gentle to land.
        let e = 1.0 - (1.0 - t.max(0.0)).powi(3);
        Rect::from_min_max(start.min.lerp(target.min, e), start.max.lerp(target.max, e))
    }

    /// How far component `key` (placed this frame) has turned over, 0 to
    /// 1, if it appeared with the game's last move and is turning still.
    /// Only a card whose face everyone at the screen may see should be
    /// shown turning (its face shows in the second half).
    pub fn turning(&mut self, key: u64, now: f64) -> Option<f32> {
        let &t0 = self.turning.get(&key)?;
        let t = ((now - t0) / TURN_SECONDS) as f32;
        if t >= 1.0 {
            self.turning.remove(&key);
            return None;
        }
        Some(t.max(0.0))
    }

    /// True while something is sliding or turning (the frame should
    /// repaint soon).
    #[must_use]
    pub fn busy(&self) -> bool {
        !self.moving.is_empty() || !self.turning.is_empty()
    }

    /// True while something is sliding (turning over aside).
    #[must_use]
    pub fn sliding(&self) -> bool {
        !self.moving.is_empty()
    }

    /// True while something has left its old place and is on its way at
    /// `now` (one told to wait is not, until its wait is over).
    #[must_use]
    pub fn leaving(&self, now: f64) -> bool {
        self.moving.values().any(|&(_, t0)| t0 <= now)
    }

    /// The key of a public thing: a stable hash of `what`.
    #[must_use]
    pub fn key(what: impl std::hash::Hash) -> u64 {
        use std::hash::{BuildHasher, BuildHasherDefault, DefaultHasher};
        BuildHasherDefault::<DefaultHasher>::default().hash_one(what)
    }
}

#[cfg(test)]
mod slide_tests {
    use super::*;

    fn at(x: f32) -> Rect {
        Rect::from_min_size(Pos2::new(x, 0.0), Vec2::new(10.0, 10.0))
    }

    #[test]
    fn a_card_moved_by_the_game_slides_but_one_moved_by_a_scroll_jumps() {
        let mut s = Slides::default();
        s.begin(1, 0.0);
        assert_eq!(s.place(7, at(0.0), None, 0.0, true), at(0.0));
        // The same position, the card elsewhere (a scroll): no slide.
        s.begin(1, 0.1);
        assert_eq!(s.place(7, at(50.0), None, 0.1, true), at(50.0));
        assert!(!s.busy());
        // The game moves: the card glides from 50 to 150 and lands.
        s.begin(2, 1.0);
        let mid = s.place(7, at(150.0), None, 1.0, true);
        assert!(mid.min.x < 60.0, "it starts where it was: {mid:?}");
        assert!(s.busy(), "and asks for frames while it moves");
        s.begin(2, 1.0 + SLIDE_SECONDS / 2.0);
        let later = s.place(7, at(150.0), None, 1.0 + SLIDE_SECONDS / 2.0, true);
        assert!(later.min.x > 60.0 && later.min.x < 150.0, "half way it is between: {later:?}");
        s.begin(2, 1.0 + SLIDE_SECONDS);
        assert_eq!(s.place(7, at(150.0), None, 1.0 + SLIDE_SECONDS, true), at(150.0));
        assert!(!s.busy(), "landed: no more frames");
    }

    #[test]
    fn a_new_card_comes_from_the_deck_and_nothing_moves_with_animations_off() {
        let mut s = Slides::default();
        s.begin(1, 5.0);
        s.begin(2, 5.0);
        let first = s.place(9, at(100.0), Some(at(0.0)), 5.0, true);
        assert_eq!(first, at(0.0), "a drawn card leaves the deck");
        let mut off = Slides::default();
        off.begin(1, 0.0);
        off.place(9, at(0.0), None, 0.0, false);
        off.begin(2, 0.0);
        assert_eq!(off.place(9, at(100.0), Some(at(0.0)), 0.0, false), at(100.0));
        assert!(!off.busy());
    }

    #[test]
    fn a_card_that_appears_with_a_move_turns_over_and_then_rests() {
        let mut s = Slides::default();
        s.begin(1, 0.0);
        s.place(3, at(0.0), None, 0.0, true);
        assert_eq!(s.turning(3, 0.0), None, "what was on the table when it opened does not turn");
        s.begin(2, 1.0);
        s.place(4, at(20.0), None, 1.0, true);
        assert_eq!(s.turning(4, 1.0), Some(0.0), "a card laid by the move starts turning");
        let (narrow, face) = turned(at(20.0), 0.25);
        assert!(!face && (narrow.width() - 5.0).abs() < 0.01, "the back narrows first: {narrow:?}");
        let (wide, face) = turned(at(20.0), 0.9);
        assert!(face && wide.width() > 7.0 && wide.center() == at(20.0).center(), "then the face widens");
        s.begin(2, 1.0 + TURN_SECONDS);
        assert_eq!(s.turning(4, 1.0 + TURN_SECONDS), None);
        assert!(!s.busy(), "turned: no more frames");
    }

    /// Review 7: a card a walk turned up reached the pile while the walker
    /// was still on his way. Told to wait, it stays at its deck until then.
    #[test]
    fn a_card_told_to_wait_stays_at_its_deck_then_slides() {
        let mut s = Slides::default();
        s.begin(1, 0.0);
        s.begin(2, 1.0);
        let deck = Some(at(0.0));
        assert_eq!(s.place_after(9, at(200.0), deck, (1.0, 0.5), true), at(0.0), "waits at the deck");
        s.begin(2, 1.4);
        assert_eq!(s.place_after(9, at(200.0), deck, (1.4, 0.0), true), at(0.0), "still waiting");
        assert!(s.busy(), "and keeps the frames coming while it waits");
        s.begin(2, 1.5 + SLIDE_SECONDS / 2.0);
        let mid = s.place_after(9, at(200.0), deck, (1.5 + SLIDE_SECONDS / 2.0, 0.0), true);
        assert!(mid.min.x > 0.0 && mid.min.x < 200.0, "then on its way: {mid:?}");
        s.begin(2, 1.5 + SLIDE_SECONDS);
        assert_eq!(s.place_after(9, at(200.0), deck, (1.5 + SLIDE_SECONDS, 0.0), true), at(200.0));
    }

    #[test]
    fn a_card_that_leaves_the_table_mid_slide_stops_asking_for_frames() {
        let mut s = Slides::default();
        s.begin(1, 0.0);
        s.place(5, at(0.0), None, 0.0, true);
        s.begin(2, 1.0);
        s.place(5, at(90.0), None, 1.0, true);
        assert!(s.busy());
        // The card is gone from the table: nothing places it again.
        s.begin(2, 1.0 + SLIDE_SECONDS + TURN_SECONDS);
        assert!(!s.busy(), "nothing left moving keeps the app awake");
    }
}
