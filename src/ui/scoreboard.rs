//! The score pad at a game's end: each seat on its row in order of place,
//! a rosette on the winner's place, the parts of the score in columns and
//! the total in the display face. (The end window listed one sentence per
//! seat, "a text dump" to a new player.)

use egui::{Color32, RichText, Sense, Ui, Vec2};

use super::theme::Palette;

/// One seat's line on the score pad.
#[derive(Clone, Debug, Default)]
pub struct ScoreRow {
    /// The seat's name.
    pub name: String,
    /// Its token's colour.
    pub colour: Color32,
    /// The parts of its score, one per column.
    pub parts: Vec<String>,
    /// Its total, as shown.
    pub total: String,
    /// Whether it won.
    pub won: bool,
    /// Orders the rows: higher first (ties with the same rank share a
    /// place); the winners come first whatever their rank.
    pub rank: i64,
    /// A quiet line under the name (the plumes one by one), with the
    /// whole reckoning on hover.
    pub note: Option<(String, String)>,
    /// What breaks a tie but is not added in (Gathering cards held), in a
    /// quiet column after the total.
    pub tie: Option<String>,
}

/// The rows in order of place, each with its place (1 for the first; equal
/// rank and equal result share one).
#[must_use]
pub fn placed(rows: &[ScoreRow]) -> Vec<(usize, &ScoreRow)> {
    let mut order: Vec<&ScoreRow> = rows.iter().collect();
    order.sort_by_key(|r| (std::cmp::Reverse(r.won), std::cmp::Reverse(r.rank)));
    let mut out: Vec<(usize, &ScoreRow)> = Vec::with_capacity(order.len());
    for (k, r) in order.into_iter().enumerate() {
        let place = match out.last() {
            Some(&(p, prev)) if prev.won == r.won && prev.rank == r.rank => p,
            _ => k + 1,
        };
        out.push((place, r));
    }
    out
}

/// The score pad: a header of `columns` (then "Total"), and `rows` in order
/// of place.
pub fn scoreboard(
    ui: &mut Ui,
    id: impl std::hash::Hash + std::fmt::Debug,
    (columns, tie): (&[&str], Option<&str>),
    rows: &[ScoreRow],
) {
    let palette = super::theme::palette(ui.visuals().dark_mode);
    let faint = super::theme::mix(palette.table.on_plate, palette.table.plate, 0.35);
    let head = |t: &str| RichText::new(t).small().color(faint);
    egui::Grid::new(id).spacing([14.0, 6.0]).min_col_width(24.0).show(ui, |ui| {
        ui.label("");
        ui.label(head("Player"));
        for c in columns {
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| ui.label(head(c)));
        }
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| ui.label(head("Total")));
        if let Some(tie) = tie {
            ui.label(head(tie));
        }
        ui.end_row();
        for (place, row) in placed(rows) {
            place_badge(ui, &palette, place, row.won);
            ui.vertical(|ui| {
                ui.horizontal(|ui| {
                    let (dot, _) = ui.allocate_exact_size(Vec2::new(12.0, 14.0), Sense::hover());
                    let edge = super::look::edge_of(palette.table.plate, &palette);
                    ui.painter().circle(dot.center(), 5.5, row.colour, egui::Stroke::new(1.0, edge));
                    let name = RichText::new(&row.name).size(15.0);
                    ui.label(if row.won { name.strong() } else { name });
                    if row.won {
                        super::look::turn_tag(ui, &palette, "wins");
                    }
                });
                if let Some((note, whole)) = &row.note {
                    ui.label(RichText::new(note).size(12.0).color(faint)).on_hover_text(whole);
                }
            });
            for part in &row.parts {
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| ui.label(part));
            }
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                ui.label(super::look::title(ui, &row.total, if row.won { 24.0 } else { 20.0 }));
            });
            if tie.is_some() {
                ui.label(RichText::new(row.tie.as_deref().unwrap_or("")).color(faint));
            }
            ui.end_row();
        }
    });
}

/// A place on a token: a rosette (ribbons and a gold disc) for the winner.
fn place_badge(ui: &mut Ui, palette: &Palette, place: usize, won: bool) {
    let (rect, _) = ui.allocate_exact_size(Vec2::splat(30.0), Sense::hover());
    let c = rect.center();
    let painter = ui.painter();
    if won {
        // Two ribbons under the disc.
        let ribbon = palette.illegal.to_opaque();
        for dx in [-5.0_f32, 5.0] {
            let top = c + Vec2::new(dx * 0.5, 4.0);
            let pts = vec![top - Vec2::new(3.0, 0.0), top + Vec2::new(3.0, 0.0), top + Vec2::new(dx * 0.9, 16.0)];
            painter.add(egui::Shape::convex_polygon(pts, ribbon, egui::Stroke::NONE));
        }
        // A scalloped rim round the disc.
        for k in 0..12 {
            let a = std::f32::consts::TAU * k as f32 / 12.0;
            painter.circle_filled(c + Vec2::angled(a) * 10.0, 3.2, palette.forest.star);
        }
        super::look::token(painter, palette, c, 10.0, palette.forest.star, &place.to_string());
    } else {
        super::look::token(painter, palette, c, 10.0, palette.table.plate, &place.to_string());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(name: &str, rank: i64, won: bool) -> ScoreRow {
        ScoreRow { name: name.into(), rank, won, ..ScoreRow::default() }
    }

    #[test]
    fn rows_are_placed_winners_first_then_by_rank_ties_sharing_a_place() {
        let rows = [row("Ann", 10, false), row("Bo", 30, false), row("Cy", 20, true), row("Di", 10, false)];
        let placed: Vec<(usize, &str)> = placed(&rows).into_iter().map(|(p, r)| (p, r.name.as_str())).collect();
        assert_eq!(placed, vec![(1, "Cy"), (2, "Bo"), (3, "Ann"), (3, "Di")]);
    }
}
