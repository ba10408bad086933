//! The rules page's pictures, drawn by the table's own painters from the
//! rules' own geometry (so a picture cannot drift from the game): the
//! three tilts and their 30° turns, the order a flight meets what it
//! crosses (a branch, an enemy to swoop at, a trunk that stops it), and
//! the range finder's two lengths with a sight a trunk blocks; and one
//! picture per additional rule (foraging, tail feathers, death spirals).

use egui::{Align2, FontId, Pos2, Rect, Response, Sense, Stroke, Ui, Vec2};

use super::figures::{Species, Wings, paint_bird_figure, paint_pilot, paint_rodent};
use super::forest::{paint_feather, paint_leaf, paint_spiral, shadow_disc};
use super::paint::range_band;
use crate::rules::tail_feathers::components::{CLOSE_RANGE, FEATHER_SCATTER, RANGED_RANGE};
use crate::rules::tail_feathers::game::{Feather, Spiral, hole_span, leaf_outline};
use crate::rules::tail_feathers::geometry::{
    BASE_RADIUS, Flight, Heading, Laid, Length, Polygon, Pose, Shape, Tilt, V2, clear_sight, distance, first_touch, lay,
};
use crate::ui::theme::{self, Forest};

/// A small scene's place on the screen: `origin` is the table point drawn
/// at the rect's bottom-left corner.
#[derive(Clone, Copy)]
struct Scene {
    rect: Rect,
    scale: f32,
    origin: V2,
}

impl Scene {
    fn at(self, p: V2) -> Pos2 {
        Pos2::new(
            self.rect.left() + (p.x - self.origin.x) as f32 * self.scale,
            self.rect.bottom() - (p.y - self.origin.y) as f32 * self.scale,
        )
    }

    fn dir(v: V2) -> Vec2 {
        Vec2::new(v.x as f32, -v.y as f32).normalized()
    }
}

fn canvas(ui: &mut Ui, size: Vec2) -> (Rect, Response, Forest) {
    let colours = theme::palette(ui.visuals().dark_mode).forest;
    let (rect, resp) = ui.allocate_exact_size(size, Sense::hover());
    ui.painter().rect_filled(rect, 6.0, colours.floor);
    (rect, resp, colours)
}

fn template(painter: &egui::Painter, scene: Scene, colours: &Forest, t: &Laid, faded: bool) {
    let pts: Vec<Pos2> = t.polygon().0.iter().map(|&v| scene.at(v)).collect();
    let (fill, edge) = if faded {
        (colours.template.gamma_multiply(0.25), colours.cut.gamma_multiply(0.6))
    } else {
        (colours.template, colours.ink)
    };
    painter.add(egui::Shape::convex_polygon(pts, fill, Stroke::new(1.0, edge)));
}

fn label(painter: &egui::Painter, colours: &Forest, at: Pos2, align: Align2, text: &str) {
    painter.text(at, align, text, FontId::proportional(11.0), colours.ink);
}

fn number(painter: &egui::Painter, colours: &Forest, at: Pos2, n: usize) {
    painter.circle(at, 8.0, colours.crossing, Stroke::new(1.0, colours.ink));
    painter.text(at, Align2::CENTER_CENTER, n.to_string(), FontId::proportional(11.0), colours.crossing_ink);
}

/// A bird on its base at `pose`.
fn bird(
    painter: &egui::Painter,
    scene: Scene,
    colours: &Forest,
    pose: Pose,
    species: Species,
    wings: Wings,
    side: egui::Color32,
) {
    let p = scene.at(pose.at);
    let r = BASE_RADIUS as f32 * scene.scale;
    shadow_disc(painter, colours, p + Vec2::splat(r * 0.3), r);
    painter.circle(p, r, side, Stroke::new(1.5, colours.ink));
    let fwd = Scene::dir(pose.heading.unit());
    paint_bird_figure(painter, p, fwd, r, species, wings, colours.die);
    paint_pilot(painter, p, fwd, r, species, (side == colours.rats, side), colours.die);
}

/// The three tilts: the same flight (long, short, short) laid from the
/// same bird leaning left, level and right.
pub(crate) fn tilts(ui: &mut Ui) -> Response {
    let (rect, resp, colours) = canvas(ui, Vec2::new(540.0, 300.0));
    let painter = ui.painter_at(rect);
    let scale = 18.0;
    for (k, (tilt, name, bank)) in
        [(Tilt::Left, "leaning left", -1.0), (Tilt::Centre, "level", 0.0), (Tilt::Right, "leaning right", 1.0)]
            .into_iter()
            .enumerate()
    {
        let panel = Rect::from_min_size(rect.min + Vec2::new(180.0 * k as f32, 0.0), Vec2::new(180.0, 300.0));
        let scene = Scene { rect: panel.shrink2(Vec2::new(0.0, 22.0)), scale, origin: V2::new(0.0, 0.0) };
        let x = match tilt {
            Tilt::Left => 6.6,
            Tilt::Centre => 5.0,
            Tilt::Right => 3.4,
        };
        let start = Pose { at: V2::new(x, 1.0), heading: Heading::new(6) };
        let laid = lay(start, &Flight { lengths: vec![Length::Long, Length::Short, Length::Short], tilt });
        for t in &laid {
            template(&painter, scene, &colours, t, false);
        }
        for (i, t) in laid.iter().enumerate() {
            let mid = scene.at(t.from.plus(t.to()).scale(0.5));
            let words = if t.length == Length::Long { "5\"" } else { "3\"" };
            painter.text(mid, Align2::CENTER_CENTER, words, FontId::proportional(10.0), colours.ink);
            if i > 0 && tilt != Tilt::Centre {
                // The 30° turn at the maneuver point.
                let at = scene.at(t.from);
                let side = if tilt == Tilt::Left { -1.0 } else { 1.0 };
                painter.text(
                    at + Vec2::new(side * 16.0, 4.0),
                    Align2::CENTER_CENTER,
                    "30°",
                    FontId::proportional(10.0),
                    colours.cut,
                );
            }
        }
        let end = Pose { at: laid[laid.len() - 1].to(), heading: laid[laid.len() - 1].heading };
        painter.circle_stroke(scene.at(end.at), BASE_RADIUS as f32 * scale, Stroke::new(1.5, colours.ink));
        bird(&painter, scene, &colours, start, Species::Chaffinch, Wings::Spread { bank }, colours.mice);
        label(&painter, &colours, panel.center_bottom() - Vec2::new(0.0, 6.0), Align2::CENTER_BOTTOM, name);
    }
    label(
        &painter,
        &colours,
        rect.left_top() + Vec2::new(8.0, 6.0),
        Align2::LEFT_TOP,
        "The same flight, long, short, short: each template after the first turns 30° the way the bird leans.",
    );
    resp
}

/// The crossings picture's scene: a flight east over a branch, past an
/// enemy mouse, into a trunk; `met` lists the things (index, distance,
/// which) in the order the rules' geometry meets them.
struct CrossingScene {
    start: Pose,
    laid: Vec<Laid>,
    space: Polygon,
    mouse: V2,
    trunk: Polygon,
    things: [(Shape, &'static str); 3],
    met: Vec<(usize, f64, usize)>,
}

fn crossing_scene() -> CrossingScene {
    let start = Pose { at: V2::new(1.0, 2.5), heading: Heading::new(0) };
    let laid = lay(start, &Flight { lengths: vec![Length::Long, Length::Long, Length::Short], tilt: Tilt::Centre });
    let space = Polygon(vec![V2::new(5.0, 1.4), V2::new(7.0, 1.4), V2::new(7.0, 3.4), V2::new(5.0, 3.4)]);
    let mouse = V2::new(9.4, 2.9);
    let trunk = Polygon(vec![V2::new(12.2, 1.6), V2::new(13.4, 1.6), V2::new(13.4, 3.6), V2::new(12.2, 3.6)]);
    let things = [
        (Shape::Polygon(space.clone()), "a branch: it may perch"),
        (Shape::Circle(mouse, 0.4), "an enemy mouse: it may swoop"),
        (Shape::Polygon(trunk.clone()), "a trunk: it crashes there (2 wounds, pilot shaken)"),
    ];
    let mut met: Vec<(usize, f64, usize)> =
        things.iter().enumerate().filter_map(|(k, (s, _))| first_touch(&laid, s).map(|(i, d)| (i, d, k))).collect();
    met.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.total_cmp(&b.1)));
    CrossingScene { start, laid, space, mouse, trunk, things, met }
}

/// What a flight crosses, numbered in the order it meets them: a branch
/// (it may perch), an enemy mouse (it may swoop), a trunk (it crashes;
/// the rest of the flight is not flown).
pub(crate) fn crossings(ui: &mut Ui) -> Response {
    let (rect, resp, colours) = canvas(ui, Vec2::new(540.0, 140.0));
    let painter = ui.painter_at(rect);
    let scale = 22.0;
    let scene = Scene { rect: rect.shrink2(Vec2::new(10.0, 16.0)), scale, origin: V2::new(0.0, 0.0) };
    let CrossingScene { start, laid, space, mouse, trunk, things, met } = crossing_scene();
    // The trunk stops the bird where its base meets it.
    let (crash_i, crash_d) = met.iter().find(|m| m.2 == 2).map_or((laid.len(), 0.0), |m| (m.0, m.1));
    for (i, t) in laid.iter().enumerate() {
        template(&painter, scene, &colours, t, i >= crash_i);
    }
    if let Some(t) = laid.get(crash_i) {
        // The part of the crashing template flown before the trunk.
        let (u, side) = (t.heading.unit(), t.heading.unit().left().scale(0.5));
        let end = t.from.plus(u.scale(crash_d));
        let pts = vec![t.from.plus(side), end.plus(side), end.minus(side), t.from.minus(side)];
        let pts: Vec<Pos2> = pts.into_iter().map(|v| scene.at(v)).collect();
        painter.add(egui::Shape::convex_polygon(pts, colours.template, Stroke::new(1.0, colours.ink)));
    }
    let pts: Vec<Pos2> = space.0.iter().map(|&v| scene.at(v)).collect();
    painter.rect_filled(Rect::from_points(&pts), 6.0, colours.leaves[0].gamma_multiply(0.9));
    let tp: Vec<Pos2> = trunk.0.iter().map(|&v| scene.at(v)).collect();
    painter.rect(Rect::from_points(&tp), 2.0, colours.trunk, Stroke::new(1.5, colours.bark), egui::StrokeKind::Inside);
    let m = scene.at(mouse);
    painter.circle(m, 0.4 * scale, colours.rats, Stroke::new(1.0, colours.ink));
    paint_rodent(&painter, m, Vec2::new(-1.0, 0.0), 0.4 * scale, true, colours.die);
    if crash_i < laid.len() {
        let t = &laid[crash_i];
        let stop = t.from.plus(t.heading.unit().scale((crash_d - BASE_RADIUS).max(0.0)));
        let p = scene.at(stop);
        let r = BASE_RADIUS as f32 * scale;
        painter.circle_stroke(p, r, Stroke::new(2.0, colours.cut));
        painter.line_segment([p - Vec2::splat(r * 0.7), p + Vec2::splat(r * 0.7)], Stroke::new(2.0, colours.cut));
        painter.line_segment(
            [p + Vec2::new(-r * 0.7, r * 0.7), p + Vec2::new(r * 0.7, -r * 0.7)],
            Stroke::new(2.0, colours.cut),
        );
    }
    bird(&painter, scene, &colours, start, Species::Swallow, Wings::Spread { bank: 0.0 }, colours.mice);
    for (n, &(_, _, k)) in met.iter().enumerate() {
        let c = crate::rules::tail_feathers::geometry::centre(&things[k].0);
        number(&painter, &colours, scene.at(c) + Vec2::new(0.0, -0.9 * scale - 8.0), n + 1);
        let row = rect.left_top() + Vec2::new(336.0, 40.0 + 24.0 * n as f32);
        number(&painter, &colours, row + Vec2::new(8.0, 0.0), n + 1);
        let galley = painter.layout(things[k].1.to_string(), FontId::proportional(11.0), colours.ink, 180.0);
        painter.galley(row + Vec2::new(20.0, -7.0), galley, colours.ink);
    }
    label(
        &painter,
        &colours,
        rect.left_top() + Vec2::new(8.0, 6.0),
        Align2::LEFT_TOP,
        "Crossings are met in order along the templates; past the trunk (faded) the bird never flies.",
    );
    resp
}

/// The range finder: close range (2") and ranged range (8") from a bird,
/// one enemy measured in ranged range, another hidden by a trunk.
pub(crate) fn range(ui: &mut Ui) -> Response {
    let (rect, resp, colours) = canvas(ui, Vec2::new(540.0, 240.0));
    let painter = ui.painter_at(rect);
    let scale = 22.0;
    let scene = Scene { rect: rect.shrink2(Vec2::new(14.0, 30.0)), scale, origin: V2::new(0.0, 0.0) };
    let me = Pose { at: V2::new(1.4, 3.2), heading: Heading::new(0) };
    let seen = Pose { at: V2::new(7.8, 4.6), heading: Heading::new(12) };
    let hidden = Pose { at: V2::new(7.0, 0.9), heading: Heading::new(12) };
    let trunk = Polygon(vec![V2::new(3.8, 0.3), V2::new(5.0, 0.3), V2::new(5.0, 2.8), V2::new(3.8, 2.8)]);
    // The two lengths as bands round the bird's base.
    let c = scene.at(me.at);
    let r = BASE_RADIUS as f32 * scale;
    painter.circle_filled(c, r + RANGED_RANGE as f32 * scale, colours.template.gamma_multiply(0.25));
    painter.circle_filled(c, r + CLOSE_RANGE as f32 * scale, colours.template.gamma_multiply(0.6));
    let tp: Vec<Pos2> = trunk.0.iter().map(|&v| scene.at(v)).collect();
    painter.rect(Rect::from_points(&tp), 2.0, colours.trunk, Stroke::new(1.5, colours.bark), egui::StrokeKind::Inside);
    let mine = Shape::base(me.at);
    for (other, ok_words) in [(seen, "clear sight"), (hidden, "")] {
        let theirs = Shape::base(other.at);
        let d = distance(&mine, &theirs);
        let sight = clear_sight(&mine, &theirs, RANGED_RANGE, &[Shape::Polygon(trunk.clone())]);
        let (a, b) = crate::rules::tail_feathers::geometry::nearest_points(&mine, &theirs);
        let (pa, pb) = (scene.at(a), scene.at(b));
        let words = match sight {
            Some(_) => format!("{d:.1}\": {}, {ok_words}", range_band(d)),
            None => format!("{d:.1}\": a trunk blocks the sight"),
        };
        let ink = if sight.is_some() { colours.ink } else { colours.cut };
        if sight.is_some() {
            painter.line_segment([pa, pb], Stroke::new(2.0, ink));
        } else {
            painter.add(egui::Shape::dashed_line(&[pa, pb], Stroke::new(2.0, ink), 6.0, 4.0));
        }
        let beside = scene.at(other.at) + Vec2::new(BASE_RADIUS as f32 * scale * 1.5 + 4.0, 0.0);
        painter.text(beside, Align2::LEFT_CENTER, words, FontId::proportional(11.0), ink);
        bird(&painter, scene, &colours, other, Species::Magpie, Wings::Spread { bank: 0.0 }, colours.rats);
    }
    bird(&painter, scene, &colours, me, Species::Jay, Wings::Spread { bank: 0.0 }, colours.mice);
    label(&painter, &colours, c + Vec2::new(0.0, r + CLOSE_RANGE as f32 * scale - 4.0), Align2::CENTER_BOTTOM, "2\"");
    label(&painter, &colours, c + Vec2::new(r + RANGED_RANGE as f32 * scale - 6.0, 0.0), Align2::RIGHT_CENTER, "8\"");
    label(
        &painter,
        &colours,
        rect.left_top() + Vec2::new(8.0, 6.0),
        Align2::LEFT_TOP,
        "Close range (2\", melee between flying birds) and ranged range (8\"), measured between the nearest points.",
    );
    resp
}

/// Foraging: a squad in its space, and the cheese it brings instead of
/// moving or attacking.
pub(crate) fn foraging(ui: &mut Ui) -> Response {
    let (rect, resp, colours) = canvas(ui, Vec2::new(540.0, 150.0));
    let painter = ui.painter_at(rect);
    let space = Rect::from_center_size(rect.left_center() + Vec2::new(120.0, 10.0), Vec2::new(150.0, 90.0));
    painter.rect(space, 18.0, colours.space, Stroke::new(1.5, colours.canopy), egui::StrokeKind::Inside);
    for k in 0..4 {
        let at = space.center() + Vec2::new((k % 2) as f32 * 44.0 - 22.0, (k / 2) as f32 * 40.0 - 20.0);
        painter.circle(at, 15.0, colours.mice, Stroke::new(1.5, colours.ink));
        paint_rodent(&painter, at, Vec2::new(1.0, 0.0), 15.0, false, colours.die);
    }
    // The arrow to the wheel, and the wheel gaining a wedge.
    let wheel = rect.right_center() + Vec2::new(-120.0, 10.0);
    painter.arrow(space.right_center() + Vec2::new(12.0, 0.0), Vec2::new(150.0, 0.0), Stroke::new(2.0, colours.ink));
    painter.circle(wheel, 34.0, colours.die, Stroke::new(1.5, colours.ink));
    for k in 0..6 {
        let a0 = k as f32 / 6.0 * std::f32::consts::TAU;
        let a1 = (k + 1) as f32 / 6.0 * std::f32::consts::TAU;
        let fill = if k < 3 { colours.cheese } else { colours.die };
        let pts = vec![
            wheel,
            wheel + Vec2::angled(a0) * 30.0,
            wheel + Vec2::angled(0.5 * (a0 + a1)) * 30.0,
            wheel + Vec2::angled(a1) * 30.0,
        ];
        painter.add(egui::Shape::convex_polygon(pts, fill, Stroke::new(1.0, colours.ink)));
    }
    label(&painter, &colours, wheel + Vec2::new(0.0, 40.0), Align2::CENTER_TOP, "+1 cheese (six at most)");
    label(
        &painter,
        &colours,
        rect.left_top() + Vec2::new(8.0, 6.0),
        Align2::LEFT_TOP,
        "An activated ground unit may forage instead of moving, scurrying or attacking.",
    );
    resp
}

/// Tail feathers: a bird wounded in the air, the disc behind it where its
/// feathers may land, one lying front up and one notched.
pub(crate) fn feathers(ui: &mut Ui) -> Response {
    let (rect, resp, colours) = canvas(ui, Vec2::new(540.0, 170.0));
    let painter = ui.painter_at(rect);
    let scale = 30.0;
    let scene = Scene { rect: rect.shrink2(Vec2::new(14.0, 14.0)), scale, origin: V2::new(0.0, 0.0) };
    let me = Pose { at: V2::new(7.5, 2.4), heading: Heading::new(0) };
    let (behind, radius) = FEATHER_SCATTER;
    let centre = me.at.minus(me.heading.unit().scale(BASE_RADIUS + behind));
    let c = scene.at(centre);
    painter.circle(c, radius as f32 * scale, colours.template.gamma_multiply(0.35), Stroke::new(1.0, colours.ink));
    painter.add(egui::Shape::dashed_line(&[scene.at(me.at), c], Stroke::new(1.0, colours.ink), 4.0, 3.0));
    let tokens = [
        (Feather { id: 0, at: centre.plus(V2::new(-0.6, 0.5)), heading: Heading::new(7), notched: false }, "front"),
        (
            Feather { id: 1, at: centre.plus(V2::new(0.4, -0.7)), heading: Heading::new(2), notched: true },
            "notched back",
        ),
    ];
    for (t, words) in tokens {
        let pts: Vec<Pos2> = t.outline().0.iter().map(|&v| scene.at(v)).collect();
        paint_feather(&painter, &colours, &pts, t.notched);
        label(&painter, &colours, scene.at(t.at) + Vec2::new(-24.0, 0.0), Align2::RIGHT_CENTER, words);
    }
    bird(&painter, scene, &colours, me, Species::Swallow, Wings::Spread { bank: 0.0 }, colours.mice);
    label(
        &painter,
        &colours,
        scene.at(me.at) + Vec2::new(BASE_RADIUS as f32 * scale * 1.6, 0.0),
        Align2::LEFT_CENTER,
        "one token a wound, landing in the disc behind",
    );
    label(
        &painter,
        &colours,
        rect.left_top() + Vec2::new(8.0, 6.0),
        Align2::LEFT_TOP,
        "A feather blocks clear sight; a flight through it removes it and shakes the pilot.",
    );
    resp
}

/// Death spirals: the flight meets an enemy; the template laid between
/// them, facing; after the battle, both turned away.
pub(crate) fn spiral(ui: &mut Ui) -> Response {
    let (rect, resp, colours) = canvas(ui, Vec2::new(540.0, 190.0));
    let painter = ui.painter_at(rect);
    let scale = 22.0;
    let scene = Scene { rect: rect.shrink2(Vec2::new(14.0, 24.0)), scale, origin: V2::new(0.0, 0.0) };
    let panels =
        [(0.0, "1. the flight meets the enemy"), (8.5, "2. locked across the template"), (17.0, "3. after the battle")];
    for (k, &(x, words)) in panels.iter().enumerate() {
        let enemy = Pose { at: V2::new(x + 5.0, 3.0), heading: Heading::new(12) };
        let spiral = Spiral { birds: [0, 9], anchor: Pose { at: enemy.at, heading: Heading::new(12) } };
        let mover = spiral.mover_pose();
        match k {
            0 => {
                let start = Pose { at: V2::new(x + 0.9, 3.0), heading: Heading::new(0) };
                let flight = Flight { lengths: vec![Length::Short, Length::Short], tilt: Tilt::Centre };
                let laid = lay(start, &flight);
                let touch = first_touch(&laid, &Shape::base(enemy.at)).map_or(0.0, |(_, d)| d);
                for t in &laid {
                    template(&painter, scene, &colours, t, false);
                }
                let met = start.at.plus(start.heading.unit().scale(BASE_RADIUS + touch));
                number(&painter, &colours, scene.at(met), 1);
                bird(&painter, scene, &colours, start, Species::Swallow, Wings::Spread { bank: 0.0 }, colours.mice);
                bird(&painter, scene, &colours, enemy, Species::Crow, Wings::Spread { bank: 0.0 }, colours.rats);
            }
            1 => {
                let pts: Vec<Pos2> = spiral.template().0.iter().map(|&v| scene.at(v)).collect();
                paint_spiral(&painter, &colours, &pts);
                bird(&painter, scene, &colours, mover, Species::Swallow, Wings::Spread { bank: 0.0 }, colours.mice);
                let facing = Pose { at: enemy.at, heading: Heading::new(12) };
                bird(&painter, scene, &colours, facing, Species::Crow, Wings::Spread { bank: 0.0 }, colours.rats);
            }
            _ => {
                let away = Pose { at: mover.at, heading: mover.heading.reversed() };
                let other = Pose { at: enemy.at, heading: Heading::new(0) };
                bird(&painter, scene, &colours, away, Species::Swallow, Wings::Spread { bank: 0.0 }, colours.mice);
                bird(&painter, scene, &colours, other, Species::Crow, Wings::Spread { bank: 0.0 }, colours.rats);
            }
        }
        label(&painter, &colours, scene.at(V2::new(x + 3.6, 0.9)), Align2::CENTER_TOP, words);
    }
    label(
        &painter,
        &colours,
        rect.left_top() + Vec2::new(8.0, 6.0),
        Align2::LEFT_TOP,
        "Each rolls battle value + pilot's melee: the higher wounds the other by the difference.",
    );
    resp
}

/// Leaves: a leaf hanging from its branch, cut loose and pointed at a
/// space of another tree, then two spins, each a clockwise half turn about
/// the hole at its front end, until it reaches the tree.
pub(crate) fn leaves(ui: &mut Ui) -> Response {
    let (rect, resp, colours) = canvas(ui, Vec2::new(540.0, 190.0));
    let painter = ui.painter_at(rect);
    let scale = 22.0;
    let scene = Scene { rect: rect.shrink2(Vec2::new(14.0, 20.0)), scale, origin: V2::new(0.0, 0.0) };
    let span = hole_span();
    let (inset, y) = (crate::rules::tail_feathers::components::LEAF_SIZE.2, 2.6);
    // The branch the leaf hangs from, and the tree it drifts to.
    for (x0, words) in [(0.2, "its branch"), (19.4, "another tree")] {
        let pts: Vec<Pos2> = [(x0, y - 1.25), (x0 + 2.5, y - 1.25), (x0 + 2.5, y + 1.25), (x0, y + 1.25)]
            .iter()
            .map(|&(a, b)| scene.at(V2::new(a, b)))
            .collect();
        painter.add(egui::Shape::convex_polygon(pts, colours.leaves[0], Stroke::new(1.0, colours.canopy)));
        label(&painter, &colours, scene.at(V2::new(x0 + 1.25, y - 1.5)), Align2::CENTER_TOP, words);
    }
    let dest = scene.at(V2::new(20.65, y));
    // Hanging, then after the first and second spins.
    let poses = [V2::new(2.7 + inset, y), V2::new(2.7 + inset + span, y), V2::new(2.7 + inset + 2.0 * span, y)];
    for (k, &hole) in poses.iter().enumerate() {
        let outline: Vec<Pos2> = leaf_outline(hole, Heading::new(0)).0.iter().map(|&v| scene.at(v)).collect();
        let holes = [scene.at(hole), scene.at(hole.plus(V2::new(span, 0.0)))];
        if k + 1 < poses.len() {
            let faded: Vec<Pos2> = outline.clone();
            painter.add(egui::Shape::closed_line(faded, Stroke::new(1.0, colours.leaf[1].gamma_multiply(0.7))));
        } else {
            paint_leaf(&painter, &colours, &outline, holes, true);
            paint_rodent(
                &painter,
                scene.at(hole.plus(V2::new(span / 2.0, 0.0))),
                Vec2::new(1.0, 0.0),
                7.0,
                false,
                colours.die,
            );
        }
        if k > 0 {
            // The half turn that brought it here: about the hole on the
            // left, clockwise (over the top).
            let pivot = scene.at(hole);
            let r = span as f32 * scale;
            let arc: Vec<Pos2> = (0..=20)
                .map(|i| pivot + Vec2::angled(std::f32::consts::PI + std::f32::consts::PI * i as f32 / 20.0) * r)
                .collect();
            let end = arc[arc.len() - 1];
            painter.add(egui::Shape::dashed_line(&arc, Stroke::new(1.3, colours.ink), 5.0, 4.0));
            painter.add(egui::Shape::convex_polygon(
                vec![end + Vec2::new(0.0, 2.0), end + Vec2::new(-5.0, -6.0), end + Vec2::new(5.0, -6.0)],
                colours.ink,
                Stroke::NONE,
            ));
            number(&painter, &colours, pivot - Vec2::new(0.0, r + 10.0), k);
        }
    }
    painter.add(egui::Shape::dashed_line(
        &[scene.at(poses[2].plus(V2::new(span + inset, 0.0))), dest],
        Stroke::new(1.2, colours.ink.gamma_multiply(0.6)),
        4.0,
        4.0,
    ));
    label(
        &painter,
        &colours,
        scene.at(V2::new(12.6, y + 0.9)),
        Align2::LEFT_BOTTOM,
        "spins: an action die + the figures on it",
    );
    label(
        &painter,
        &colours,
        rect.left_top() + Vec2::new(8.0, 6.0),
        Align2::LEFT_TOP,
        "Cut loose instead of an attack: each spin swings the leaf clockwise about its front hole.",
    );
    resp
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_crossings_picture_numbers_what_the_flight_meets_in_the_rules_order() {
        let scene = crossing_scene();
        let order: Vec<&str> = scene.met.iter().map(|m| scene.things[m.2].1).collect();
        assert_eq!(order.len(), 3, "the flight meets all three");
        assert!(order[0].contains("branch") && order[1].contains("mouse") && order[2].contains("trunk"), "{order:?}");
        // The trunk is met part-way along the last (short) template: the
        // rest of it is drawn faded as never flown.
        let (i, d, _) = scene.met[2];
        assert_eq!(i, 2);
        assert!(d > 0.0 && d < scene.laid[2].length.inches(), "{d}");
    }
}
