//! The design tokens of both themes: text is readable on everything it is
//! written on, and nothing dark is painted on the dark page without a rim
//! (the dark-theme defects found by hand: exit labels dark on dark green,
//! black crystals that looked like empty slots, dark Composition shapes).

use aviary::ui::theme::{DARK, LIGHT, Palette, contrast};
use egui::Color32;

/// WCAG AA for normal text.
const TEXT: f64 = 4.5;
/// WCAG AA for shapes and large text.
const SHAPE: f64 = 3.0;

fn check(name: &str, p: &Palette) -> Vec<String> {
    let mut bad = Vec::new();
    let mut need = |what: &str, a: Color32, b: Color32, min: f64| {
        let c = contrast(a, b);
        if c < min {
            bad.push(format!("{name}: {what}: contrast {c:.2} < {min}"));
        }
    };
    need("exit labels on the exit strip", p.text_on_exit, p.exit_strip, TEXT);
    need("notes", p.text_on_note, p.note, TEXT);
    need("text on a claimable card", p.text, p.available, TEXT);
    need("numbers on the meadow", p.meadow_ink, p.meadow, TEXT);
    for (what, bg) in [("sky", p.sky), ("sun", p.sun), ("sea", p.sea), ("safe", p.safe)] {
        need(&format!("labels on the {what}"), p.text_on_sky, bg, TEXT);
    }
    need("Icarus's letter", p.text_on_token, p.icarus, TEXT);
    need("Daedalus's letter", p.text_on_token, p.daedalus, TEXT);
    for (i, &f) in p.feathers.iter().enumerate() {
        need(&format!("the number on feather colour {i}"), p.text_on(f), f, TEXT);
        need(&format!("the edge of feather colour {i} on the page"), p.card_edge(f).max_with(f, p.page), p.page, SHAPE);
    }
    need("a crystal's rim on the page", p.crystal_rim, p.page, SHAPE);
    need("a black crystal within its rim", p.crystal_black, p.crystal_rim, SHAPE);
    need("Composition shapes on the page", p.shape_ink, p.page, SHAPE);
    let t = p.table;
    for (what, bg) in [("cloth", t.cloth), ("cloth's light threads", t.weave[0]), ("cloth's dark threads", t.weave[1])]
    {
        need(&format!("text on the {what}"), t.ink, bg, TEXT);
        need(&format!("faint text on the {what}"), t.faint, bg, TEXT);
    }
    need("titles and facts on a box's plate", t.on_plate, t.plate, TEXT);
    for (what, face) in [("a card's face", p.card_face), ("the deck's back", t.peacock[4])] {
        let edge = aviary::ui::look::edge_of(face, p);
        need(&format!("{what} (or its edge) on the cloth"), face.max_with(edge, t.cloth), t.cloth, SHAPE);
    }
    let edge = aviary::ui::look::edge_of(t.plate, p);
    need("a box's plate (or its edge) on the cloth", t.plate.max_with(edge, t.cloth), t.cloth, SHAPE);
    need("a white crystal on the page", p.crystal_white.max_with(p.crystal_rim, p.page), p.page, SHAPE);
    for (i, &leaves) in p.forest.leaves.iter().enumerate() {
        need(&format!("a tree space's number on leaves {i}"), p.forest.space_number(), leaves, SHAPE);
    }
    bad
}

/// The one of `a` and `b` that stands out more against `page` (a card is
/// seen by its face or by its edge, whichever contrasts more).
trait Stronger {
    fn max_with(self, other: Color32, page: Color32) -> Color32;
}

impl Stronger for Color32 {
    fn max_with(self, other: Color32, page: Color32) -> Color32 {
        if contrast(self, page) >= contrast(other, page) { self } else { other }
    }
}

#[test]
fn both_themes_are_readable_everywhere() {
    let mut bad = check("light", &LIGHT);
    bad.extend(check("dark", &DARK));
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn the_themes_differ_where_the_page_does() {
    assert!(contrast(LIGHT.page, DARK.page) > 10.0);
    assert_ne!(LIGHT.text_on_exit, DARK.text_on_exit, "exit labels follow the strip");
    assert_ne!(LIGHT.shape_ink, DARK.shape_ink, "Composition shapes follow the page");
}

/// A button keeps its size when the pointer comes over it, whatever
/// the room for its words (the buttons below it stay put).
#[test]
fn a_button_keeps_its_size_under_the_pointer() {
    for dark in [false, true] {
        let ctx = egui::Context::default();
        ctx.all_styles_mut(|style| aviary::ui::theme::outline_widgets(style, dark));
        let words = "Decoy: a bluff that wastes a swoop";
        for step in 0..40 {
            let width = 180.0 + step as f32 * 0.5;
            let mut sizes = Vec::new();
            for over in [false, true] {
                let at = if over { egui::Pos2::new(20.0, 20.0) } else { egui::Pos2::new(700.0, 500.0) };
                let input = egui::RawInput {
                    screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, egui::Vec2::new(800.0, 600.0))),
                    events: vec![egui::Event::PointerMoved(at)],
                    ..Default::default()
                };
                // Twice: what is hovered is known from the frame before.
                let mut size = egui::Vec2::ZERO;
                for _ in 0..2 {
                    let room = egui::Rect::from_min_size(egui::Pos2::new(10.0, 10.0), egui::Vec2::new(width, 400.0));
                    let mut out = ctx.run_ui(input.clone(), |ui| {
                        size = ui.new_child(egui::UiBuilder::new().max_rect(room)).button(words).rect.size();
                    });
                    out.textures_delta.clear();
                }
                sizes.push(size);
            }
            let first = sizes[0];
            assert!(sizes.iter().all(|s| (s.y - first.y).abs() < 0.01), "{width}: {sizes:?}");
        }
    }
}
