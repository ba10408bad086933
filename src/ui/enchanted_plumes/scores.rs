//! The side panel's scores and log, the final scores, and a plume's score
//! in words.

use egui::{RichText, Ui};

use super::super::tab::Frame;
use super::PlumesView;
use crate::rules::enchanted_plumes::{Known, Plume};
use crate::rules::{Game, Seat, words};

impl PlumesView {
    /// The final scores: each seat's total and peacocks, and every plume
    /// in words.
    pub(super) fn final_scores_ui(&mut self, ui: &mut Ui, outcome: &crate::rules::Outcome) {
        let state = self.state().clone();
        ui.label(&outcome.reason);
        ui.add_space(6.0);
        let palette = crate::ui::theme::palette(ui.visuals().dark_mode);
        let rows: Vec<crate::ui::scoreboard::ScoreRow> = (0..state.seats())
            .map(Seat)
            .map(|s| {
                let plumes = state.plumes(s);
                let peacocks = plumes.iter().filter(|p| p.is_complete()).count();
                let bonus: i32 = plumes.iter().filter(|p| p.is_complete()).map(Plume::bonus).sum();
                // Each plume's score in a few words; the whole reckoning
                // when pointed at.
                // (Peacocks first, then the rest: "+19 (peacock)" after
                // each ran to three small lines.)
                let scores = |complete: bool| -> Vec<String> {
                    plumes
                        .iter()
                        .filter(|p| p.is_complete() == complete)
                        .map(|p| minus(&format!("{:+}", p.score())))
                        .collect()
                };
                let (done, open) = (scores(true), scores(false));
                let mut parts = Vec::new();
                if !done.is_empty() {
                    let what = if done.len() == 1 { "peacock" } else { "peacocks" };
                    parts.push(format!("{what} {}", done.join(" · ")));
                }
                if !open.is_empty() {
                    let what = if done.is_empty() { "plumes" } else { "other plumes" };
                    parts.push(format!("{what} {}", open.join(" · ")));
                }
                let note = if parts.is_empty() { "no plumes".to_string() } else { parts.join("; ") };
                let whole: Vec<String> = plumes.iter().enumerate().map(|(i, p)| score_line(i, p)).collect();
                let whole = if whole.is_empty() { "no plumes".to_string() } else { whole.join("\n") };
                crate::ui::scoreboard::ScoreRow {
                    name: state.seat_name(s),
                    colour: crate::ui::theme::seat_colour(&palette, s),
                    parts: vec![peacocks.to_string(), plumes.len().to_string(), minus(&format!("{bonus:+}"))],
                    total: minus(&state.score(s).to_string()),
                    won: outcome.winners.contains(&s),
                    rank: i64::from(state.score(s)),
                    note: Some((note, whole)),
                    tie: None,
                }
            })
            .collect();
        egui::ScrollArea::vertical().max_height(460.0).show(ui, |ui| {
            crate::ui::scoreboard::scoreboard(
                ui,
                ("ep-end", self.table.id),
                (&["Peacocks", "Plumes", "Bonus"], None),
                &rows,
            );
        });
        ui.add_space(4.0);
    }

    pub(super) fn side_ui(&mut self, ui: &mut Ui, frame: &mut Frame<'_>) {
        let state = self.state().clone();
        ui.heading("Enchanted Plumes");
        frame.status_ui(ui, &self.table);
        frame.history_ui(ui, &self.table);
        ui.separator();
        ui.label(crate::ui::look::title(ui, "Scores", 16.0));
        let viewer = self.viewer();
        let palette = crate::ui::theme::palette(ui.visuals().dark_mode);
        let faint = crate::ui::theme::mix(palette.table.on_plate, palette.table.plate, 0.35);
        egui::Grid::new(("ep-scores", self.table.id)).spacing([10.0, 3.0]).show(ui, |ui| {
            for s in (0..state.seats()).map(Seat) {
                // The seat's token, its name, its score in the display face.
                ui.horizontal(|ui| {
                    let (dot, _) = ui.allocate_exact_size(egui::vec2(10.0, 14.0), egui::Sense::hover());
                    let colour = crate::ui::theme::seat_colour(&palette, s);
                    let edge = crate::ui::look::edge_of(palette.table.plate, &palette);
                    ui.painter().circle(dot.center(), 4.5, colour, egui::Stroke::new(1.0, edge));
                    ui.label(state.seat_name(s));
                });
                let score = state.score_seen_by(viewer.knowledge_for(s), s);
                let r = ui.label(crate::ui::look::title(ui, total_text(score), 15.0));
                if let Known::AtLeast(_) = score {
                    r.on_hover_text("At least: face-down cards are hidden until the end");
                }
                ui.label(RichText::new(words::count(state.peacocks(s), "peacock")).color(faint));
                ui.end_row();
            }
        });
        ui.label(RichText::new(format!("Turns played: {}", state.turns())).weak());
        ui.separator();
        let palette = crate::ui::theme::palette(ui.visuals().dark_mode);
        let colour = |s: Seat| crate::ui::theme::seat_colour(&palette, s);
        let log = &self.table.session().log()[..self.table.session().cursor()];
        // While the screen waits for the next person, only the latest moves
        // (the last one made is confirmed), not the log's wall of lines:
        // what happened since their last turn is on the hand-off card
        // (beside it, the whole log read as clutter).
        let waiting = self.human_to_move().filter(|_| self.needs_hand_off());
        let shown = if waiting.is_some() { &log[log.len().saturating_sub(HAND_OFF_LOG_LINES)..] } else { log };
        if let Some(next) = waiting {
            // (Over the log: under it, its scrolled list took the room.)
            let words =
                format!("The log shows the latest moves; all of it once {} is at the screen.", state.seat_name(next));
            ui.label(RichText::new(words).color(faint));
        }
        crate::ui::widgets::log_ui(ui, "ep-log", shown, (false, &colour));
    }
}

/// How many of the log's lines show while the screen waits for the next
/// person.
const HAND_OFF_LOG_LINES: usize = 3;

/// One plume's scoring in words: "plume 2: top -(1+0+2) = -3, lower
/// 5+6+4 = 15, bonus 6: 18".
#[must_use]
pub fn score_line(index: usize, p: &Plume) -> String {
    let top: Vec<String> = p.rows.first().map(|r| r.iter().map(|c| c.value.to_string()).collect()).unwrap_or_default();
    let top_sum: i32 = p.rows.first().map_or(0, |r| r.iter().map(|c| i32::from(c.value)).sum());
    let lower: Vec<String> = p.rows.iter().skip(1).flatten().map(|c| c.value.to_string()).collect();
    let lower_sum: i32 = p.rows.iter().skip(1).flatten().map(|c| i32::from(c.value)).sum();
    let kind = if p.is_complete() { "peacock" } else { "plume" };
    let lower_text = if lower.is_empty() {
        "no lower rows".to_string()
    } else {
        format!("lower rows {} = {lower_sum}", lower.join("+"))
    };
    let bonus = if p.is_complete() { format!(", bonus +{} ({} cards)", p.bonus(), p.cards()) } else { String::new() };
    let top_value = if top_sum == 0 { "0".to_string() } else { format!("-{top_sum}") };
    format!("  {kind} {}: {lower_text}, top row -({}) = {top_value}{bonus}: {}", index + 1, top.join("+"), p.score())
}

/// A total as the viewer knows it: "+12", "−3", or "≥ +12" while face-down cards
/// it may not see are part of it.
pub(super) fn total_text(score: Known) -> String {
    // Signed as the plumes' scores are ("+6" on a plume, "6" in the total
    // read as two kinds of number).
    let signed = |n: i32| if n > 0 { format!("+{n}") } else { n.to_string() };
    match score {
        Known::Exact(n) => minus(&signed(n)),
        Known::AtLeast(n) => minus(&format!("≥ {}", signed(n))),
    }
}

/// A plume's score as the viewer knows it: "+6", "0" (a lone 0 on top
/// read "+0", as if top rows counted for it), or "?" while its face-down
/// card is hidden.
pub(super) fn plume_score_text(score: Known) -> String {
    match score {
        Known::Exact(0) => "0".to_string(),
        Known::Exact(n) => minus(&format!("{n:+}")),
        Known::AtLeast(_) => "?".to_string(),
    }
}

/// A number as printed: the minus sign, not the hyphen.
fn minus(text: &str) -> String {
    text.replace('-', "\u{2212}")
}

#[cfg(test)]
mod tests {
    use super::{Known, plume_score_text};

    #[test]
    fn a_plume_scoring_nothing_reads_0_not_plus_0() {
        assert_eq!(plume_score_text(Known::Exact(0)), "0");
        assert_eq!(plume_score_text(Known::Exact(6)), "+6");
        assert_eq!(plume_score_text(Known::Exact(-4)), "\u{2212}4");
    }
}
