//! Pictures for the rules pages, drawn by the games' own painters (so a
//! rules page shows exactly what the table shows): the Composition shapes
//! of Dust in the Wings, the rows of an Enchanted Plumes plume, and the
//! symbols of the Feathers & Wax labyrinth.

use egui::{Align2, FontId, Pos2, Rect, Sense, Ui, Vec2, WidgetInfo};

use super::theme::{self, Palette};
use crate::rules::dust_wings::Shape;
use crate::rules::enchanted_plumes::Feather;

/// A picture on a rules page, shown after the section it belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Figure {
    /// The eight Composition shapes (Dust in the Wings).
    CompositionShapes,
    /// A completed peacock, row by row (Enchanted Plumes).
    PlumeRows,
    /// Nest, hive, a used location, the refreshing column and the exit
    /// (Feathers & Wax).
    LabyrinthSymbols,
    /// Every designed unit card and Scenario 1's facts, straight from the
    /// game's tables (Tail Feathers).
    TailFeathersUnits,
    /// Every action card we designed (Tail Feathers, TF-R27).
    TailFeathersCards,
    /// The three tilts and their 30° turns (Tail Feathers).
    TailFeathersTilts,
    /// A flight's crossings in the order met, up to a trunk (Tail Feathers).
    TailFeathersCrossings,
    /// The range finder's two lengths and a blocked sight (Tail Feathers).
    TailFeathersRange,
    /// A squad foraging for a cheese (Tail Feathers, additional rule).
    TailFeathersForaging,
    /// Where a wounded bird's tail feathers land (Tail Feathers, additional
    /// rule).
    TailFeathersFeathers,
    /// A death spiral in three steps (Tail Feathers, additional rule).
    TailFeathersSpiral,
    /// A leaf cut loose and spinning toward a tree (Tail Feathers,
    /// additional rule).
    TailFeathersLeaves,
}

impl Figure {
    /// What the picture shows, in words (its accessible name).
    #[must_use]
    pub fn caption(self) -> &'static str {
        match self {
            Figure::CompositionShapes => "figure: the eight Composition shapes",
            Figure::PlumeRows => "figure: a completed peacock, top row to point",
            Figure::LabyrinthSymbols => "figure: the symbols of the labyrinth",
            Figure::TailFeathersUnits => "figure: the unit cards and Scenario 1",
            Figure::TailFeathersCards => "figure: every action card we designed, as it is drawn in the hand",
            Figure::TailFeathersTilts => "figure: one flight laid leaning left, level and leaning right",
            Figure::TailFeathersCrossings => "figure: a flight meeting a branch, an enemy mouse and a trunk, in order",
            Figure::TailFeathersRange => {
                "figure: close and ranged range round a bird, one enemy in sight, one behind a trunk"
            }
            Figure::TailFeathersForaging => "figure: a squad foraging adds a cheese to the wheel",
            Figure::TailFeathersFeathers => {
                "figure: a wounded bird, the disc behind it where its feathers land, a feather front up and one notched"
            }
            Figure::TailFeathersSpiral => {
                "figure: a flight meets an enemy bird, the two locked across the template, then turned away"
            }
            Figure::TailFeathersLeaves => {
                "figure: a leaf cut loose from its branch swings clockwise twice about its front hole toward another tree"
            }
        }
    }

    /// Draws the picture in the theme of `ui`.
    pub fn ui(self, ui: &mut Ui) {
        let palette = theme::palette(ui.visuals().dark_mode);
        let resp = match self {
            Figure::CompositionShapes => composition_shapes(ui, &palette),
            Figure::PlumeRows => plume_rows(ui, &palette),
            Figure::LabyrinthSymbols => labyrinth_symbols(ui, &palette),
            Figure::TailFeathersUnits => tail_feathers_units(ui),
            Figure::TailFeathersCards => super::tail_feathers::all_cards(ui),
            Figure::TailFeathersTilts => super::tail_feathers::diagrams::tilts(ui),
            Figure::TailFeathersCrossings => super::tail_feathers::diagrams::crossings(ui),
            Figure::TailFeathersRange => super::tail_feathers::diagrams::range(ui),
            Figure::TailFeathersForaging => super::tail_feathers::diagrams::foraging(ui),
            Figure::TailFeathersFeathers => super::tail_feathers::diagrams::feathers(ui),
            Figure::TailFeathersSpiral => super::tail_feathers::diagrams::spiral(ui),
            Figure::TailFeathersLeaves => super::tail_feathers::diagrams::leaves(ui),
        };
        resp.widget_info(|| WidgetInfo::labeled(egui::Role::Image, true, self.caption()));
    }
}

/// A Composition shape as the cards print it: one filled square per space,
/// `cell` wide, from `origin`.
pub fn paint_shape(painter: &egui::Painter, palette: &Palette, origin: Pos2, shape: Shape, cell: f32) {
    for &(x, y) in shape.cells() {
        let square = Rect::from_min_size(
            origin + Vec2::new(f32::from(x) * (cell + 1.0), f32::from(y) * (cell + 1.0)),
            Vec2::splat(cell),
        );
        painter.rect_filled(square, 1.0, palette.shape_ink);
    }
}

fn composition_shapes(ui: &mut Ui, palette: &Palette) -> egui::Response {
    let slot = Vec2::new(90.0, 70.0);
    let (rect, resp) = ui.allocate_exact_size(Vec2::new(slot.x * 4.0, slot.y * 2.0), Sense::hover());
    let painter = ui.painter_at(rect);
    for (i, &shape) in Shape::ALL.iter().enumerate() {
        let at = rect.min + Vec2::new((i % 4) as f32 * slot.x, (i / 4) as f32 * slot.y);
        paint_shape(&painter, palette, at + Vec2::new(8.0, 6.0), shape, 11.0);
        painter.text(
            at + Vec2::new(8.0, slot.y - 8.0),
            Align2::LEFT_BOTTOM,
            shape.name(),
            FontId::proportional(12.0),
            ui.visuals().text_color(),
        );
    }
    resp
}

/// The finished peacock the rules page shows: three on top (red, green,
/// blue), two under them in colours of the row above (green, red), one
/// face down (red). (The first drawing put white and orange under red,
/// green and blue, against the rule written above it.)
const PEACOCK: [&[Feather]; 3] = [
    &[Feather { colour: 0, value: 2 }, Feather { colour: 3, value: 5 }, Feather { colour: 6, value: 1 }],
    &[Feather { colour: 3, value: 7 }, Feather { colour: 0, value: 9 }],
    &[Feather { colour: 0, value: 4 }],
];

fn plume_rows(ui: &mut Ui, palette: &Palette) -> egui::Response {
    // A finished peacock: three on top, two under them, one face down.
    let rows = PEACOCK;
    let card = Vec2::new(34.0, 46.0);
    let gap = 4.0;
    let (rect, resp) = ui.allocate_exact_size(Vec2::new(480.0, 3.0 * (card.y + gap) + 4.0), Sense::hover());
    let worked = peacock_worked();
    let painter = ui.painter_at(rect);
    let notes = [
        "top row: scores minus its cards",
        "each lower row: one card fewer, scores plus",
        "one card under two: the peacock is complete (face down)",
    ];
    let middle = rect.left() + 1.5 * (card.x + gap);
    for (r, row) in rows.iter().enumerate() {
        let y = rect.top() + r as f32 * (card.y + gap);
        let x0 = middle - row.len() as f32 * (card.x + gap) / 2.0;
        for (k, &f) in row.iter().enumerate() {
            let cr = Rect::from_min_size(Pos2::new(x0 + k as f32 * (card.x + gap), y), card);
            let face = if r == 2 {
                super::enchanted_plumes::FeatherFace::Down
            } else {
                super::enchanted_plumes::FeatherFace::Up(f)
            };
            super::enchanted_plumes::paint_feather(&painter, palette, cr, face);
        }
        painter.text(
            Pos2::new(rect.left() + 3.0 * (card.x + gap) + 12.0, y + card.y / 2.0),
            Align2::LEFT_CENTER,
            notes[r],
            FontId::proportional(13.0),
            ui.visuals().text_color(),
        );
    }
    // Its score worked out under it, so no one has to add it up.
    ui.label(egui::RichText::new(worked).size(13.0).italics());
    resp
}

/// The pictured peacock's score worked out, by the rules' own count
/// ("−(2+5+1) + (7+9) + 4, plus 6 for a peacock of 6 cards: 18").
fn peacock_worked() -> String {
    use crate::rules::enchanted_plumes::Plume;
    let plume = Plume { rows: PEACOCK.iter().map(|r| r.to_vec()).collect() };
    let sum = |r: &[Feather]| r.iter().map(|f| f.value.to_string()).collect::<Vec<_>>().join("+");
    let bracket = |r: &[Feather]| if r.len() > 1 { format!("({})", sum(r)) } else { sum(r) };
    let lower: Vec<String> = PEACOCK[1..].iter().map(|r| bracket(r)).collect();
    format!(
        "Its score: \u{2212}{} + {}, plus {} for a peacock of {} cards: {}",
        bracket(PEACOCK[0]),
        lower.join(" + "),
        plume.bonus(),
        plume.cards(),
        plume.score()
    )
}

fn labyrinth_symbols(ui: &mut Ui, palette: &Palette) -> egui::Response {
    let cs = 40.0;
    let items = [
        "nest: draw a feather card (a spade)",
        "hive: draw a wax card (a club)",
        "used: nothing more until refreshed",
        "tinted column: reaching it makes every used place fresh",
        "exit: step out through it",
    ];
    let (rect, resp) = ui.allocate_exact_size(Vec2::new(480.0, items.len() as f32 * (cs + 6.0)), Sense::hover());
    let painter = ui.painter_at(rect);
    let floor = palette.light_square;
    for (i, words) in items.iter().enumerate() {
        let cell = Rect::from_min_size(rect.min + Vec2::new(0.0, i as f32 * (cs + 6.0)), Vec2::splat(cs));
        let fill = match i {
            // As on the board: the refresh column washed moss green.
            3 => palette.exit_strip.gamma_multiply(super::feathers_wax::refresh_wash(ui.visuals().dark_mode)),
            _ => floor,
        };
        painter.rect_filled(cell, 2.0, floor);
        painter.rect_filled(cell, 2.0, fill);
        painter.rect_stroke(cell, 2.0, egui::Stroke::new(1.0, palette.wall), egui::StrokeKind::Inside);
        match i {
            0 => super::feathers_wax::paint_feather(&painter, cell.center(), cs * 0.62, palette.nest, palette.outline),
            1 | 2 => {
                let fade = if i == 2 { 0.3 } else { 1.0 };
                super::feathers_wax::paint_hive(
                    &painter,
                    cell.center(),
                    cs * 0.3,
                    palette.honey.gamma_multiply(fade),
                    palette.honey_rim.gamma_multiply(fade),
                );
            }
            4 => super::feathers_wax::paint_exit_arch(&painter, palette, cell, super::look::display(ui.ctx(), 10.0)),
            _ => {}
        }
        painter.text(
            Pos2::new(cell.right() + 12.0, cell.center().y),
            Align2::LEFT_CENTER,
            *words,
            FontId::proportional(13.0),
            ui.visuals().text_color(),
        );
    }
    resp
}

fn words_of(abilities: &[crate::rules::tail_feathers::components::Ability]) -> String {
    if abilities.is_empty() { "–".into() } else { abilities.iter().map(|a| a.words()).collect::<Vec<_>>().join("; ") }
}

/// Scenario 1's facts in words, worked out once (not every frame).
static SCENARIO_FACTS: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
    let field = crate::rules::tail_feathers::components::scenario_one();
    let trees: Vec<&str> = field.trees.iter().map(|t| t.name).collect();
    format!(
        "Scenario 1 on a {}\" square: {}. Each nest has {} life; after round {} the nest with more life left \
         wins (equal: a draw). Mission cards lie on {} spots round the axis marker, {} of them clear of the \
         sapling.",
        field.size,
        trees.join(", "),
        field.nest_life,
        field.round_limit,
        field.mission_spots.len(),
        field.usable_mission_spots().len()
    )
});

fn tail_feathers_units(ui: &mut Ui) -> egui::Response {
    use crate::rules::tail_feathers::components::{BIRDS, GROUND, PILOTS};
    // A long cell wraps in a column of its own width (unwrapped, the
    // abilities ran the page off the window's edge).
    let wrapped = |ui: &mut Ui, words: String| {
        ui.scope(|ui| {
            ui.set_max_width(230.0);
            ui.add(egui::Label::new(words).wrap());
        });
    };
    ui.scope(|ui| {
        ui.set_max_width(ui.available_width());
        ui.style_mut().text_styles.insert(egui::TextStyle::Body, egui::FontId::proportional(12.5));
        ui.label(egui::RichText::new("Birds (every bird is large)").strong());
        egui::Grid::new("tf-birds").striped(true).show(ui, |ui| {
            for h in ["bird", "side", "battle", "defence", "move", "life", "build points", "abilities"] {
                ui.label(egui::RichText::new(h).small().strong());
            }
            ui.end_row();
            for b in &BIRDS {
                ui.label(b.name);
                ui.label(format!("{:?}", b.alliance));
                for v in [b.battle, b.defence, b.movement, b.life, b.build_points] {
                    ui.label(v.to_string());
                }
                wrapped(ui, words_of(b.abilities));
                ui.end_row();
            }
        });
        ui.add_space(6.0);
        ui.label(egui::RichText::new("Pilots (one rank card of each is picked at setup)").strong());
        egui::Grid::new("tf-pilots").striped(true).show(ui, |ui| {
            for h in ["pilot", "side", "rank", "melee", "ranged", "pilot value", "bonus life", "proficiencies"] {
                ui.label(egui::RichText::new(h).small().strong());
            }
            ui.end_row();
            for p in &PILOTS {
                ui.label(p.name);
                ui.label(format!("{:?}", p.alliance));
                ui.label(format!("{:?}", p.rank));
                for v in [p.melee, p.ranged, p.pilot, p.bonus_life] {
                    ui.label(v.to_string());
                }
                let prof: Vec<String> = p.proficiencies.iter().map(|x| format!("{x:?}").to_lowercase()).collect();
                wrapped(ui, prof.join(", "));
                ui.end_row();
            }
        });
        ui.add_space(6.0);
        ui.label(egui::RichText::new("Ground units (small figures)").strong());
        egui::Grid::new("tf-ground").striped(true).show(ui, |ui| {
            for h in
                ["unit", "side", "figures", "squad value", "melee", "ranged", "defence", "move", "life", "abilities"]
            {
                ui.label(egui::RichText::new(h).small().strong());
            }
            ui.end_row();
            for g in &GROUND {
                ui.label(g.name);
                ui.label(format!("{:?}", g.alliance));
                for v in [g.figures, g.squad, g.melee, g.ranged, g.defence, g.movement, g.life] {
                    ui.label(v.to_string());
                }
                wrapped(ui, words_of(g.abilities));
                ui.end_row();
            }
        });
        ui.add_space(6.0);
        ui.add(egui::Label::new(SCENARIO_FACTS.as_str()).wrap());
    })
    .response
}

#[cfg(test)]
mod tests {
    use super::{PEACOCK, peacock_worked};

    /// The worked score under the picture is the rules' own count.
    #[test]
    fn the_pictured_peacock_s_score_is_worked_out_as_the_rules_count_it() {
        assert_eq!(peacock_worked(), "Its score: \u{2212}(2+5+1) + (7+9) + 4, plus 6 for a peacock of 6 cards: 18");
    }
    use crate::rules::enchanted_plumes::{Action, EnchantedPlumes, Phase, Plume};
    use crate::rules::{Game, Setup};

    /// Each card of the pictured peacock, laid in order, is one the rules
    /// accept where the picture shows it.
    #[test]
    fn the_pictured_peacock_is_one_the_rules_allow() {
        let mut g =
            EnchantedPlumes::new(&Setup { seats: 2, options: crate::rules::enchanted_plumes::Options::default() }, 1);
        while g.phase() != Phase::Play {
            let a = g.legal_actions()[0].clone();
            g.apply(&a).expect("a legal keep");
        }
        let seat = g.current();
        for (r, row) in PEACOCK.iter().enumerate() {
            for (k, &card) in row.iter().enumerate() {
                let mut rows: Vec<Vec<_>> = PEACOCK[..r].iter().map(|x| x.to_vec()).collect();
                if k > 0 || r == 0 {
                    rows.push(row[..k].to_vec());
                }
                rows.retain(|x| !x.is_empty());
                let mut t = g.clone();
                t.set_plumes(seat, if rows.is_empty() { vec![] } else { vec![Plume { rows }] });
                t.set_hand(seat, vec![card]);
                let play = Action::Play { card, plume: 0, row: r as u8 };
                assert!(t.check(&play).is_ok(), "row {r} card {k} ({card:?}): {:?}", t.check(&play));
            }
        }
    }
}
