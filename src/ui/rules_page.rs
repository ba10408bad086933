//! The rules page: a game's rules as a rulebook's page lying on the
//! table, each section a lesson teaches linked to it.

use super::rules_text::RulesPage;

/// Draws a rules page.
pub fn rules_ui(ui: &mut egui::Ui, page: &RulesPage) {
    let _ = rules_with_lessons_ui(ui, page, &[]);
}

/// The rules page with, under each section a lesson teaches, a link to
/// that lesson; returns the lesson clicked (its number in `lessons`).
pub fn rules_with_lessons_ui(
    ui: &mut egui::Ui,
    page: &RulesPage,
    lessons: &[crate::lessons::LessonInfo],
) -> Option<usize> {
    let mut clicked = None;
    let palette = crate::ui::theme::palette(ui.visuals().dark_mode);
    // The rules as a rulebook's pages lying on the table (on the bare
    // page, the dark theme's was near-black, a document, not a game).
    crate::ui::look::paint_cloth(ui, ui.max_rect(), &palette);
    // Each game's page keeps its own place (one shared place opened a
    // game's rules halfway down, where the last page was left).
    egui::ScrollArea::vertical().id_salt(("rules", page.title)).auto_shrink([false, false]).show(ui, |ui| {
        let width = ui.available_width().min(800.0);
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            ui.add_space(((ui.available_width() - width) / 2.0).max(0.0));
            crate::ui::look::plate_frame(&palette, None).inner_margin(egui::Margin::symmetric(26, 18)).show(ui, |ui| {
                ui.set_width(width - 52.0);
                ui.visuals_mut().override_text_color = Some(palette.table.on_plate);
                if ui.visuals().dark_mode {
                    // (The links' blue read coldly on the warm dark page.)
                    ui.visuals_mut().hyperlink_color = palette.selection;
                }
                ui.vertical(|ui| clicked = rules_pages(ui, page, lessons));
            });
        });
        ui.add_space(12.0);
    });
    clicked
}

/// The rules' sections on the page (see [`rules_with_lessons_ui`]).
fn rules_pages(ui: &mut egui::Ui, page: &RulesPage, lessons: &[crate::lessons::LessonInfo]) -> Option<usize> {
    let mut clicked = None;
    let title = crate::ui::look::title(ui, format!("{} — rules", page.title), 26.0);
    ui.label(title);
    for (heading, paragraphs) in page.sections {
        ui.add_space(8.0);
        let body = |ui: &mut egui::Ui| {
            for p in *paragraphs {
                ui.label(*p);
                ui.add_space(3.0);
            }
            for (_, figure) in page.figures.iter().filter(|(h, _)| h == heading) {
                ui.add_space(4.0);
                figure.ui(ui);
                ui.add_space(4.0);
            }
        };
        if heading.starts_with("Appendix") {
            // The designer's statistics folded away at the page's end
            // (a new player read a page of percentages as the rules).
            egui::CollapsingHeader::new(egui::RichText::new(*heading).strong().size(15.0))
                .id_salt((page.title, *heading))
                .default_open(false)
                .show(ui, body);
            continue;
        }
        ui.label(crate::ui::look::title(ui, *heading, 18.0));
        for (n, l) in lessons.iter().enumerate().filter(|(_, l)| l.section == *heading) {
            if ui.link(format!("Learn it by playing: {} (about {} min)", l.title, l.minutes)).clicked() {
                clicked = Some(n);
            }
        }
        body(ui);
    }
    clicked
}
