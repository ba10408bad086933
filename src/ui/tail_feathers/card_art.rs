//! The pictures on the action cards: each card shows what it does (a gust
//! for a longer flight, a shield for more defence, a flame for fire, a
//! cheese wedge for cheese...), with the amount beside it, and in the
//! picture's corner a small emblem of what it needs (a feather for a
//! bird, a bow, a sword, a wing or a hammer for a proficiency, a crown for
//! a hero, three heads for a squad, a shield for the ground). Before, the
//! picture was only the requirement, so every bird card showed the same
//! feather.

#![allow(clippy::many_single_char_names, reason = "drawing code reads best with the usual short names (p, c, s)")]

use std::f32::consts::{PI, TAU};

use egui::{Align2, Color32, FontId, Pos2, Rect, Shape, Stroke, Vec2};

use crate::rules::tail_feathers::cards::{ActionCard, Effect, Requirement};
use crate::rules::tail_feathers::components::Proficiency;
use crate::rules::tail_feathers::dice::Attack;
use crate::ui::theme::Forest;

/// The card's picture in `art`: what it does, its amount, and what it
/// needs in the corner. `ink` is the card's colour, `scale` the card's.
pub(super) fn paint_art(p: &egui::Painter, art: Rect, card: &ActionCard, colours: &Forest, ink: Color32, scale: f32) {
    let st = Stroke::new(1.8 * scale, ink);
    let s = 12.5 * scale;
    let c = art.center() + Vec2::new(1.0 * scale, 0.0);
    effect_picture(p, c, s, card.effect, colours, st);
    if let Some(n) = amount(card.effect) {
        p.text(
            Pos2::new(art.right() - 3.0 * scale, art.center().y),
            Align2::RIGHT_CENTER,
            format!("+{n}"),
            FontId::proportional(11.0 * scale),
            ink,
        );
    }
    let corner = art.left_top() + Vec2::splat(8.0 * scale);
    p.circle(corner, 7.0 * scale, colours.die, Stroke::new(1.0, ink.gamma_multiply(0.6)));
    emblem(p, corner, 4.5 * scale, card.requires, Stroke::new(1.2 * scale, ink));
}

/// The number an effect adds, when it is one to show.
fn amount(e: Effect) -> Option<u8> {
    match e {
        Effect::ExtraTemplates(n)
        | Effect::SwoopDice(n)
        | Effect::AttackDice(_, n)
        | Effect::ExtraDefence(n)
        | Effect::Cheese(n)
        | Effect::Pilfer(n)
        | Effect::ExtraSteps(n)
        | Effect::Revive(n)
        | Effect::Heal(n) => Some(n),
        _ => None,
    }
}

/// Points along `f(t)` for `t` in 0..=1.
fn trace(n: usize, f: impl Fn(f32) -> Pos2) -> Vec<Pos2> {
    (0..=n).map(|k| f(k as f32 / n as f32)).collect()
}

/// An arrowhead at `tip` pointing along `dir`.
fn head(p: &egui::Painter, tip: Pos2, dir: Vec2, size: f32, st: Stroke) {
    let d = dir.normalized();
    let side = Vec2::new(-d.y, d.x);
    let back = tip - d * size;
    p.add(Shape::convex_polygon(vec![tip, back + side * size * 0.6, back - side * size * 0.6], st.color, Stroke::NONE));
}

/// A die seen from above, with three pips.
fn die(p: &egui::Painter, c: Pos2, s: f32, colours: &Forest, st: Stroke) {
    let r = Rect::from_center_size(c, Vec2::splat(s));
    p.rect(r, s * 0.2, colours.die, Stroke::new(st.width * 0.7, st.color), egui::StrokeKind::Inside);
    for k in -1..=1 {
        p.circle_filled(c + Vec2::splat(k as f32 * s * 0.25), s * 0.09, colours.die_ink);
    }
}

/// A shield's outline.
fn shield(p: &egui::Painter, c: Pos2, s: f32, fill: Color32, st: Stroke) {
    let pts = vec![
        c + Vec2::new(-s * 0.75, -s * 0.85),
        c + Vec2::new(s * 0.75, -s * 0.85),
        c + Vec2::new(s * 0.7, s * 0.1),
        c + Vec2::new(0.0, s),
        c + Vec2::new(-s * 0.7, s * 0.1),
    ];
    p.add(Shape::convex_polygon(pts, fill, st));
}

/// A cheese wedge, its rind and holes.
fn wedge(p: &egui::Painter, c: Pos2, s: f32, colours: &Forest, st: Stroke) {
    let pts = vec![c + Vec2::new(-s, s * 0.6), c + Vec2::new(s, s * 0.6), c + Vec2::new(s, -s * 0.5)];
    p.add(Shape::convex_polygon(pts, colours.cheese, Stroke::new(st.width * 0.7, colours.die_ink)));
    p.circle_filled(c + Vec2::new(s * 0.35, s * 0.15), s * 0.14, colours.nest);
    p.circle_filled(c + Vec2::new(s * 0.7, -s * 0.1), s * 0.1, colours.nest);
}

/// A circling arrow: `turn` of a full turn, anticlockwise from the top.
fn circling(p: &egui::Painter, c: Pos2, r: f32, turn: f32, st: Stroke) {
    let start = -PI / 2.0;
    let pts = trace(24, |t| {
        let a = start - turn * TAU * t;
        c + Vec2::new(a.cos(), a.sin()) * r
    });
    let end = start - turn * TAU;
    let tangent = Vec2::new(end.sin(), -end.cos());
    if let Some(&tip) = pts.last() {
        head(p, tip + tangent * st.width, tangent, r * 0.55, st);
    }
    p.add(Shape::line(pts, st));
}

/// What the card does, drawn at `c`, `s` to a half size.
fn effect_picture(p: &egui::Painter, c: Pos2, s: f32, e: Effect, colours: &Forest, st: Stroke) {
    match e {
        Effect::ExtraTemplates(_) => {
            // A gust: three streaks, the middle one longest, ending in an
            // arrow.
            for (k, len) in [(-1.0_f32, 0.7_f32), (0.0, 1.0), (1.0, 0.6)] {
                let y = k * s * 0.55;
                let pts = trace(12, |t| c + Vec2::new(-s + 2.0 * s * len * t, y + (t * TAU).sin() * s * 0.12));
                p.add(Shape::line(pts, st));
            }
            head(p, c + Vec2::new(s * 1.15, 0.0), Vec2::X, s * 0.4, st);
        }
        Effect::SurePiloting => {
            // A bird's foot gripping a branch: the leg, three toes spread
            // along the branch, each claw hooked round it.
            let branch_y = s * 0.45;
            p.line_segment(
                [c + Vec2::new(-s * 1.1, branch_y + st.width), c + Vec2::new(s * 1.1, branch_y + st.width)],
                Stroke::new(st.width * 2.2, colours.bark),
            );
            let ankle = c + Vec2::new(0.0, branch_y - s * 0.25);
            p.line_segment([c + Vec2::new(0.0, -s * 0.9), ankle], Stroke::new(st.width * 1.3, st.color));
            for dx in [-0.75_f32, 0.0, 0.75] {
                let toe = c + Vec2::new(dx * s, branch_y - st.width * 0.5);
                p.line_segment([ankle, toe], st);
                let hook = trace(6, |t| {
                    let a = PI * 0.5 * t;
                    toe + Vec2::new(dx.signum() * s * 0.18 * a.sin(), s * 0.3 * (1.0 - a.cos()) + s * 0.18 * a.sin())
                });
                p.add(Shape::line(hook, st));
            }
        }
        Effect::SwoopDice(_) => {
            // A bird stooping: wings swept back, an arrow down, a die.
            let tip = c + Vec2::new(-s * 0.3, s * 0.8);
            p.add(Shape::line(vec![tip + Vec2::new(-s * 0.6, -s * 1.4), tip, tip + Vec2::new(s * 0.6, -s * 1.4)], st));
            head(p, tip + Vec2::new(0.0, s * 0.2), Vec2::Y, s * 0.4, st);
            die(p, c + Vec2::new(s * 0.75, -s * 0.2), s * 0.8, colours, st);
        }
        Effect::Shift => {
            // A base slid sideways.
            p.circle_stroke(
                c + Vec2::new(-s * 0.45, 0.0),
                s * 0.35,
                Stroke::new(st.width * 0.6, st.color.gamma_multiply(0.6)),
            );
            p.circle(c + Vec2::new(s * 0.45, 0.0), s * 0.35, st.color.gamma_multiply(0.35), st);
            p.line_segment([c + Vec2::new(-s * 0.45, -s * 0.7), c + Vec2::new(s * 0.3, -s * 0.7)], st);
            head(p, c + Vec2::new(s * 0.7, -s * 0.7), Vec2::X, s * 0.35, st);
        }
        Effect::Pivot(steps) => {
            p.circle(c, s * 0.28, st.color.gamma_multiply(0.35), st);
            circling(p, c, s * 0.8, f32::from(steps) / 24.0 * 1.6, st);
        }
        Effect::AttackDice(kind, _) => {
            match kind {
                Attack::Melee => {
                    p.line_segment([c + Vec2::new(-s, s * 0.8), c + Vec2::new(s * 0.3, -s * 0.5)], st);
                    p.line_segment([c + Vec2::new(-s * 0.9, s * 0.1), c + Vec2::new(-s * 0.3, s * 0.7)], st);
                }
                Attack::Ranged => {
                    p.line_segment([c + Vec2::new(-s, s * 0.7), c + Vec2::new(s * 0.1, -s * 0.4)], st);
                    head(p, c + Vec2::new(s * 0.3, -s * 0.6), Vec2::new(1.0, -1.0), s * 0.45, st);
                    p.line_segment([c + Vec2::new(-s, s * 0.7), c + Vec2::new(-s * 1.0, s * 0.35)], st);
                    p.line_segment([c + Vec2::new(-s, s * 0.7), c + Vec2::new(-s * 0.65, s * 0.7)], st);
                }
            }
            die(p, c + Vec2::new(s * 0.7, s * 0.3), s * 0.8, colours, st);
        }
        Effect::SetAlight => flame(p, c, s, colours),
        Effect::RerollMisses(_) => {
            die(p, c, s * 0.9, colours, st);
            circling(p, c, s * 0.95, 0.7, st);
        }
        Effect::ExtraDefence(_) => shield(p, c, s, st.color.gamma_multiply(0.3), st),
        Effect::Deflect => {
            shield(p, c + Vec2::new(s * 0.3, 0.0), s * 0.85, st.color.gamma_multiply(0.3), st);
            // An arrow glancing off it.
            let hit = c + Vec2::new(-s * 0.5, 0.0);
            p.line_segment([c + Vec2::new(-s * 1.3, s * 0.7), hit], st);
            p.line_segment(
                [hit, c + Vec2::new(-s * 1.1, -s * 0.6)],
                Stroke::new(st.width, st.color.gamma_multiply(0.6)),
            );
            head(p, c + Vec2::new(-s * 1.15, -s * 0.7), Vec2::new(-0.5, -1.0), s * 0.35, st);
        }
        _ => camp_picture(p, c, s, e, colours, st),
    }
}

/// The pictures of what a card does away from flying and fighting: a
/// steadied pilot, cheese, steps, a net, a revived figure, healing,
/// water, a veteran's chevrons, a hammer.
fn camp_picture(p: &egui::Painter, c: Pos2, s: f32, e: Effect, colours: &Forest, st: Stroke) {
    match e {
        Effect::Steady => {
            // A spirit level, its bubble in the middle.
            let r = Rect::from_center_size(c, Vec2::new(s * 2.0, s * 0.7));
            p.rect(r, s * 0.35, st.color.gamma_multiply(0.25), st, egui::StrokeKind::Inside);
            p.circle(c, s * 0.22, colours.die, Stroke::new(st.width * 0.6, st.color));
            for x in [-0.35, 0.35] {
                p.line_segment(
                    [c + Vec2::new(x * s, -s * 0.35), c + Vec2::new(x * s, s * 0.35)],
                    Stroke::new(st.width * 0.6, st.color),
                );
            }
        }
        Effect::Cheese(_) => wedge(p, c, s, colours, st),
        Effect::Pilfer(_) => {
            wedge(p, c + Vec2::new(s * 0.3, s * 0.1), s * 0.8, colours, st);
            // A paw's reach: a curved arrow pulling it away.
            let pts = trace(10, |t| c + Vec2::new(-s * 1.1 + s * 1.2 * t, -s * 0.4 - (t * PI).sin() * s * 0.5));
            p.add(Shape::line(pts, st));
            head(p, c + Vec2::new(-s * 1.2, -s * 0.35), Vec2::new(-1.0, 0.6), s * 0.35, st);
        }
        Effect::ExtraSteps(_) => {
            // Two paw prints, one ahead of the other.
            for (dx, dy) in [(-0.45_f32, 0.4_f32), (0.35, -0.35)] {
                let at = c + Vec2::new(dx * s, dy * s);
                p.circle_filled(at, s * 0.28, st.color);
                for k in -1..=1 {
                    p.circle_filled(at + Vec2::new(k as f32 * s * 0.22, -s * 0.38), s * 0.1, st.color);
                }
            }
        }
        Effect::Immobilize => {
            // A net over a ring.
            p.circle_stroke(c, s * 0.9, st);
            let thin = Stroke::new(st.width * 0.6, st.color);
            for k in -2..=2 {
                let d = k as f32 * s * 0.35;
                let h = (s * s * 0.81 - d * d).max(0.0).sqrt();
                p.line_segment([c + Vec2::new(d, -h), c + Vec2::new(d, h)], thin);
                p.line_segment([c + Vec2::new(-h, d), c + Vec2::new(h, d)], thin);
            }
        }
        Effect::Revive(_) => {
            // A figure back up out of the casualty pile.
            p.add(Shape::line(trace(8, |t| c + Vec2::new(-s + 2.0 * s * t, s * 0.75 - (t * PI).sin() * s * 0.3)), st));
            p.line_segment([c + Vec2::new(0.0, s * 0.4), c + Vec2::new(0.0, -s * 0.5)], st);
            head(p, c + Vec2::new(0.0, -s * 0.9), -Vec2::Y, s * 0.4, st);
        }
        Effect::Heal(_) => {
            let w = s * 0.32;
            p.rect_filled(Rect::from_center_size(c, Vec2::new(w * 2.0, s * 1.8)), 2.0, st.color);
            p.rect_filled(Rect::from_center_size(c, Vec2::new(s * 1.8, w * 2.0)), 2.0, st.color);
        }
        Effect::Douse => {
            for (dx, dy) in [(-0.55_f32, 0.2_f32), (0.0, -0.35), (0.55, 0.25)] {
                drop(p, c + Vec2::new(dx * s, dy * s), s * 0.42, colours.chip_sky, st);
            }
        }
        Effect::Veteran => {
            for k in 0..2 {
                let y = k as f32 * s * 0.6 - s * 0.4;
                p.add(Shape::line(
                    vec![c + Vec2::new(-s * 0.8, y), c + Vec2::new(0.0, y + s * 0.5), c + Vec2::new(s * 0.8, y)],
                    Stroke::new(st.width * 1.6, colours.star),
                ));
            }
        }
        Effect::Build => {
            // A hammer.
            p.line_segment(
                [c + Vec2::new(-s * 0.7, s * 0.9), c + Vec2::new(s * 0.3, -s * 0.3)],
                Stroke::new(st.width * 1.4, colours.bark),
            );
            let headc = c + Vec2::new(s * 0.4, -s * 0.45);
            let along = Vec2::new(0.7, 0.7);
            let across = Vec2::new(-0.7, 0.7);
            let pts = vec![
                headc + along * s * 0.25 + across * s * 0.6,
                headc + along * s * 0.25 - across * s * 0.6,
                headc - along * s * 0.25 - across * s * 0.6,
                headc - along * s * 0.25 + across * s * 0.6,
            ];
            p.add(Shape::convex_polygon(pts, st.color, Stroke::NONE));
        }
        _ => {}
    }
}

/// A flame: an outer tongue in the fire's colour and a bright core.
fn flame(p: &egui::Painter, c: Pos2, s: f32, colours: &Forest) {
    let tongue = |r: f32, h: f32| -> Vec<Pos2> {
        let mut pts = trace(12, |t| {
            let a = PI * (0.15 + 1.7 * t);
            c + Vec2::new(-a.sin() * r, s * 0.45 + a.cos() * -r * 0.9)
        });
        pts.push(c + Vec2::new(0.0, s * 0.45 - h));
        pts
    };
    p.add(Shape::convex_polygon(tongue(s * 0.6, s * 1.5), colours.fire, Stroke::NONE));
    p.add(Shape::convex_polygon(tongue(s * 0.3, s * 0.85), colours.cheese, Stroke::NONE));
}

/// A water drop.
fn drop(p: &egui::Painter, c: Pos2, s: f32, fill: Color32, st: Stroke) {
    let mut pts = trace(10, |t| {
        let a = PI * (0.2 + 1.6 * t);
        c + Vec2::new(-a.sin() * s * 0.6, s * 0.3 - a.cos() * s * 0.6)
    });
    pts.push(c + Vec2::new(0.0, -s));
    p.add(Shape::convex_polygon(pts, fill, Stroke::new(st.width * 0.5, st.color)));
}

/// What a card needs, drawn as a small emblem: a feather for a bird, a bow,
/// a sword, a wing or a hammer for a proficiency, a crown for a hero, three
/// heads for a squad, a shield for either.
pub(super) fn emblem(p: &egui::Painter, c: Pos2, s: f32, requires: Requirement, st: Stroke) {
    match requires {
        Requirement::Bird | Requirement::BirdNamed(_) => {
            // A feather: quill and vanes.
            let (a, b) = (c + Vec2::new(-s, s * 0.8), c + Vec2::new(s, -s * 0.8));
            p.line_segment([a, b], st);
            for k in 1..7 {
                let t = k as f32 / 7.0;
                let at = a + (b - a) * t;
                let w = s * 0.45 * (1.0 - (t - 0.55).abs());
                p.line_segment([at, at + Vec2::new(-w, -w)], Stroke::new(st.width * 0.7, st.color));
                p.line_segment([at, at + Vec2::new(w, w)], Stroke::new(st.width * 0.7, st.color));
            }
        }
        Requirement::Proficiency(Proficiency::Bow) => {
            let arc = trace(10, |t| {
                let t = -1.1 + 2.2 * t;
                c + Vec2::new(-s * 0.3 + s * t.cos(), s * t.sin())
            });
            p.line_segment([arc[0], arc[10]], Stroke::new(st.width * 0.6, st.color));
            p.add(Shape::line(arc, st));
            p.line_segment([c + Vec2::new(-s * 0.9, 0.0), c + Vec2::new(s * 1.1, 0.0)], st);
        }
        Requirement::Proficiency(Proficiency::Blade) => {
            p.line_segment([c + Vec2::new(-s, s), c + Vec2::new(s, -s)], st);
            p.line_segment([c + Vec2::new(-s * 0.9, s * 0.2), c + Vec2::new(-s * 0.2, s * 0.9)], st);
        }
        Requirement::Proficiency(Proficiency::Wing) => {
            let pts = trace(8, |t| c + Vec2::new(-s + 2.0 * s * t, -s * 0.8 * (PI * t).sin()));
            p.add(Shape::line(pts, st));
            for k in 0..4 {
                let x = -s * 0.6 + s * 0.45 * k as f32;
                p.line_segment([c + Vec2::new(x, -s * 0.3), c + Vec2::new(x + s * 0.2, s * 0.5)], st);
            }
        }
        Requirement::Proficiency(Proficiency::Craft) => {
            // A ballista: a bow on a frame.
            p.line_segment([c + Vec2::new(-s, s * 0.7), c + Vec2::new(s, s * 0.7)], st);
            p.line_segment([c + Vec2::new(0.0, s * 0.7), c + Vec2::new(0.0, -s * 0.8)], st);
            let arc = trace(8, |t| {
                let t = PI * (0.15 + 0.7 * t);
                c + Vec2::new(-s * t.cos(), -s * 0.2 - s * 0.5 * t.sin())
            });
            p.add(Shape::line(arc, st));
        }
        Requirement::Hero => {
            let pts = vec![
                c + Vec2::new(-s, s * 0.6),
                c + Vec2::new(-s, -s * 0.4),
                c + Vec2::new(-s * 0.5, s * 0.1),
                c + Vec2::new(0.0, -s * 0.7),
                c + Vec2::new(s * 0.5, s * 0.1),
                c + Vec2::new(s, -s * 0.4),
                c + Vec2::new(s, s * 0.6),
            ];
            p.add(Shape::closed_line(pts, st));
        }
        Requirement::Squad => {
            for k in -1..=1 {
                p.circle_stroke(c + Vec2::new(k as f32 * s * 0.8, 0.0), s * 0.35, st);
            }
        }
        Requirement::Ground => {
            let pts = vec![
                c + Vec2::new(-s * 0.8, -s * 0.8),
                c + Vec2::new(s * 0.8, -s * 0.8),
                c + Vec2::new(s * 0.8, 0.0),
                c + Vec2::new(0.0, s),
                c + Vec2::new(-s * 0.8, 0.0),
            ];
            p.add(Shape::closed_line(pts, st));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::tail_feathers::cards::ACTION_CARDS;

    /// A card's picture as the shapes painted for it.
    fn picture(card: &ActionCard) -> String {
        let ctx = egui::Context::default();
        let colours = crate::ui::theme::palette(false).forest;
        let mut out = ctx.run_ui(egui::RawInput::default(), |ui| {
            let art = Rect::from_min_size(Pos2::new(10.0, 10.0), Vec2::new(98.0, 34.0));
            paint_art(ui.painter(), art, card, &colours, Color32::BLUE, 1.0);
        });
        out.textures_delta.clear();
        format!("{:?}", out.shapes)
    }

    #[test]
    fn cards_that_do_different_things_show_different_pictures() {
        // Every bird card showed the same feather: now two cards that do
        // different things (or the same thing by a different amount) never
        // look alike.
        for (i, a) in ACTION_CARDS.iter().enumerate() {
            for b in &ACTION_CARDS[i + 1..] {
                if a.effect != b.effect {
                    assert_ne!(picture(a), picture(b), "{} and {} look alike", a.name, b.name);
                }
            }
        }
    }

    #[test]
    fn the_amount_is_written_on_the_picture() {
        let long_glide = ACTION_CARDS.iter().find(|c| c.name == "Long Glide").expect("the card");
        assert!(picture(long_glide).contains("+2"), "{}", picture(long_glide));
    }
}
