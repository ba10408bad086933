//! The box covers on Home's shelf, painted in code in Aviary's style: each
//! game's picture fills the lid; the title plate is the shelf's (see
//! `app::home`). The list of games names each game's cover.

use egui::{Painter, Pos2, Rect, Stroke, Vec2};

use super::art::{self, FeatherLook};
use super::theme::{Palette, mix};

/// Feathers & Wax: two wings between the sun and the sea.
pub fn feathers_and_wax(painter: &Painter, palette: &Palette, rect: Rect) {
    let painter = painter.with_clip_rect(rect);
    art::gradient(
        &painter,
        rect,
        &[palette.sun, mix(palette.sun, palette.sky, 0.6), palette.sky, palette.sky, palette.sea],
    );
    art::sun(
        &painter,
        rect.left_top() + Vec2::new(rect.width() * 0.8, rect.height() * 0.2),
        rect.height() * 0.1,
        palette.sun,
        mix(palette.sun, palette.honey_rim, 0.5),
    );
    let sea = Rect::from_min_max(Pos2::new(rect.left(), rect.bottom() - rect.height() * 0.22), rect.max);
    painter.rect_filled(sea, 0.0, palette.sea);
    art::waves(&painter, sea, mix(palette.sea, palette.table.plate, 0.5));
    // The wings: feathers fanning out from the shoulders, wax between.
    let body = rect.center() + Vec2::new(0.0, rect.height() * 0.04);
    let span = rect.width() * 0.36;
    for side in [-1.0_f32, 1.0] {
        for k in 0..6 {
            let a = (-0.15 + 0.13 * k as f32) * std::f32::consts::PI;
            let dir = Vec2::new(side * a.cos(), a.sin());
            let length = span * (1.0 - 0.07 * k as f32);
            let look = FeatherLook {
                base: palette.wall,
                tip: mix(palette.wall, palette.ruin, 0.4),
                ink: palette.table.rim,
                eye: None,
                bands: 0,
                spots: 0,
            };
            art::feather(&painter, body, body + dir * length, length * 0.24, 0.04 * side, &look);
        }
        super::feathers_wax::paint_hive(
            &painter,
            body + Vec2::new(side * span * 0.18, -span * 0.02),
            span * 0.07,
            palette.honey,
            palette.honey_rim,
        );
    }
    painter.circle(body, span * 0.06, palette.daedalus, Stroke::new(1.0, palette.table.rim));
}

/// Daedalus: a gladiator's helmet in the heart of a labyrinth.
pub fn daedalus(painter: &Painter, palette: &Palette, rect: Rect) {
    let painter = painter.with_clip_rect(rect);
    art::gradient(&painter, rect, &[palette.dark_square, mix(palette.dark_square, palette.frame, 0.5)]);
    let maze = rect.shrink(rect.height() * 0.08);
    art::labyrinth(&painter, maze, palette.light_square, palette.wall, palette.frame);
    let centre = maze.center();
    painter.circle_filled(centre, maze.height() * 0.12, palette.light_square);
    art::helmet(
        &painter,
        centre,
        maze.height() * 0.3,
        mix(palette.honey, palette.wall, 0.3),
        palette.red_suit,
        palette.table.rim,
    );
}

/// Enchanted Plumes: a peacock's fan on the card table, a few cards.
pub fn enchanted_plumes(painter: &Painter, palette: &Palette, rect: Rect) {
    let painter = painter.with_clip_rect(rect);
    art::gradient(
        &painter,
        rect,
        &[mix(palette.table.peacock[4], palette.table.peacock[0], 0.4), palette.table.peacock[4]],
    );
    let base = Pos2::new(rect.center().x, rect.bottom() - rect.height() * 0.1);
    art::peacock_fan(&painter, palette, base, rect.height() * 0.85, 3);
}

/// Dust in the Wings: butterflies over a meadow of flowers.
pub fn dust_in_the_wings(painter: &Painter, palette: &Palette, rect: Rect) {
    let painter = painter.with_clip_rect(rect);
    art::gradient(
        &painter,
        rect,
        &[palette.sky, mix(palette.sky, palette.meadow, 0.5), palette.meadow, mix(palette.meadow, palette.nest, 0.5)],
    );
    // Grass and flowers.
    for i in 0..38 {
        let x = rect.left() + rect.width() * ((i * 37 % 100) as f32 / 100.0);
        let y = rect.top() + rect.height() * (0.55 + 0.42 * ((i * 53 % 100) as f32 / 100.0));
        let h = rect.height() * 0.05;
        painter.line_segment([Pos2::new(x, y), Pos2::new(x - h * 0.3, y - h)], Stroke::new(1.2, palette.nest));
        painter.line_segment([Pos2::new(x, y), Pos2::new(x + h * 0.4, y - h * 0.9)], Stroke::new(1.2, palette.nest));
        if i % 3 == 0 {
            let flower = palette.butterflies[i % 3];
            painter.circle(Pos2::new(x, y - h), h * 0.28, mix(flower, palette.table.plate, 0.5), Stroke::NONE);
        }
    }
    let spots =
        [(0.25, 0.35, 0.3, 0), (0.55, 0.22, -0.2, 1), (0.78, 0.45, 0.4, 2), (0.42, 0.6, -0.1, 0), (0.68, 0.7, 0.15, 1)];
    for (x, y, tilt, c) in spots {
        let at = rect.left_top() + Vec2::new(rect.width() * x, rect.height() * y);
        art::butterfly(&painter, at, rect.height() * 0.22, tilt, palette.butterflies[c], palette.butterfly_ink);
    }
}

/// Tail Feathers: mice riding birds among the trees.
pub fn tail_feathers(painter: &Painter, palette: &Palette, rect: Rect) {
    let painter = painter.with_clip_rect(rect);
    let f = palette.forest;
    art::gradient(&painter, rect, &[mix(f.floor, palette.sky, 0.5), f.floor]);
    for (x, h) in [(0.1, 0.9), (0.32, 0.7), (0.9, 0.95), (0.7, 0.6)] {
        let foot = Pos2::new(rect.left() + rect.width() * x, rect.bottom() - rect.height() * 0.04);
        art::tree(&painter, foot, rect.height() * h, f.leaves, f.bark, palette.table.rim);
    }
    super::tail_feathers::cover_figures(&painter, &f, rect);
}
