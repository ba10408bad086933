//! The rules page: a game's rules as a rulebook's page lying on the
//! table, each section a lesson teaches linked to it.

use super::rules_text::RulesPage;

/// Draws a rules page.
pub fn rules_ui(ui: &mut egui::Ui, page: &RulesPage) {
    let _ = rules_with_lessons_ui(ui, page, &[], None);
}

/// A game's box cover, painted in a rectangle.
pub type Cover = fn(&egui::Painter, &crate::ui::theme::Palette, egui::Rect);

/// The rules page with, under each section a lesson teaches, a link to
/// that lesson, and the game's box `cover` beside its opening; returns the
/// lesson clicked (its number in `lessons`).
pub fn rules_with_lessons_ui(
    ui: &mut egui::Ui,
    page: &RulesPage,
    lessons: &[crate::lessons::LessonInfo],
    cover: Option<Cover>,
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
                    ui.visuals_mut().hyperlink_color =
                        crate::ui::theme::mix(palette.selection, palette.table.on_plate, 0.35);
                }
                ui.vertical(|ui| clicked = rules_pages(ui, page, lessons, cover));
            });
        });
        ui.add_space(12.0);
    });
    clicked
}

/// The rules' sections on the page (see [`rules_with_lessons_ui`]).
fn rules_pages(
    ui: &mut egui::Ui,
    page: &RulesPage,
    lessons: &[crate::lessons::LessonInfo],
    cover: Option<Cover>,
) -> Option<usize> {
    let mut clicked = None;
    // The game in a minute first, as a rulebook opens, then the rules,
    // and how Aviary plays it last, before the appendices (how to drag and
    // undo before what the game is about read as a manual's).
    let idea = |h: &str| h == "The idea";
    let aviary = |h: &str| h == "Playing in Aviary";
    let appendix = |h: &str| h.starts_with("Appendix");
    let opening = |ui: &mut egui::Ui, clicked: &mut Option<usize>| {
        ui.label(crate::ui::look::title(ui, format!("{} — rules", page.title), 26.0));
        for s in page.sections.iter().filter(|(h, _)| idea(h)) {
            section(ui, page, lessons, s, clicked);
        }
    };
    if let Some(paint) = cover {
        // The box's cover beside the opening: a picture of the game
        // before the words (a wall of text was the first screen).
        ui.horizontal_top(|ui| {
            let room = (ui.available_width() - 214.0).max(200.0);
            let layout = egui::Layout::top_down(egui::Align::Min);
            ui.allocate_ui_with_layout(egui::Vec2::new(room, 0.0), layout, |ui| {
                ui.set_width(room);
                opening(ui, &mut clicked);
            });
            ui.add_space(14.0);
            let (rect, response) = ui.allocate_exact_size(egui::Vec2::new(196.0, 148.0), egui::Sense::hover());
            let palette = crate::ui::theme::palette(ui.visuals().dark_mode);
            crate::ui::look::card_body(ui.painter(), &palette, rect, palette.table.plate, crate::ui::look::Lift::Flat);
            paint(ui.painter(), &palette, rect.shrink(4.0));
            let said = format!("The box of {}", page.title);
            response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, &said));
        });
    } else {
        opening(ui, &mut clicked);
    }
    let rules = page.sections.iter().filter(|(h, _)| !idea(h) && !aviary(h) && !appendix(h));
    let last = page.sections.iter().filter(|(h, _)| aviary(h)).chain(page.sections.iter().filter(|(h, _)| appendix(h)));
    for s in rules.chain(last) {
        section(ui, page, lessons, s, &mut clicked);
    }
    clicked
}

/// One section of the page: its heading, the lessons that teach it, its
/// paragraphs and pictures (an appendix folded until opened).
fn section(
    ui: &mut egui::Ui,
    page: &RulesPage,
    lessons: &[crate::lessons::LessonInfo],
    (heading, paragraphs): &(&str, &[&str]),
    clicked: &mut Option<usize>,
) {
    ui.add_space(8.0);
    let body = |ui: &mut egui::Ui| {
        for p in *paragraphs {
            ui.label(paragraph(ui, p));
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
        return;
    }
    ui.label(crate::ui::look::title(ui, *heading, 18.0));
    for (n, l) in lessons.iter().enumerate().filter(|(_, l)| l.section == *heading) {
        if ui.link(format!("Learn it by playing: {} (about {} min)", l.title, l.minutes)).clicked() {
            *clicked = Some(n);
        }
    }
    body(ui);
}

/// A paragraph of the rules, its rule ids ("(EP-R4)") set small and faint:
/// there to look up, not to read through (in the body's ink they
/// cluttered every sentence).
fn paragraph(ui: &egui::Ui, text: &str) -> egui::text::LayoutJob {
    let body = egui::TextStyle::Body.resolve(ui.style());
    let ink = ui.visuals().text_color();
    let faint = ink.gamma_multiply(0.6);
    let small = egui::FontId::new(body.size * 0.8, body.family.clone());
    let mut job = egui::text::LayoutJob::default();
    let mut rest = text;
    while let Some(open) = rest.find('(') {
        let Some(close) = rest[open..].find(')').map(|c| open + c) else { break };
        if !is_rule_id(&rest[open + 1..close]) {
            job.append(&rest[..=open], 0.0, egui::TextFormat::simple(body.clone(), ink));
            rest = &rest[open + 1..];
            continue;
        }
        job.append(&rest[..open], 0.0, egui::TextFormat::simple(body.clone(), ink));
        job.append(&rest[open..=close], 0.0, egui::TextFormat::simple(small.clone(), faint));
        rest = &rest[close + 1..];
    }
    job.append(rest, 0.0, egui::TextFormat::simple(body, ink));
    job
}

/// Whether words in brackets are a rule's id ("DA-R1", "EP-R4 too").
fn is_rule_id(words: &str) -> bool {
    let b = words.as_bytes();
    b.len() >= 5
        && b[0].is_ascii_uppercase()
        && b[1].is_ascii_uppercase()
        && b[2] == b'-'
        && b[3] == b'R'
        && b[4].is_ascii_digit()
}

#[cfg(test)]
mod tests {
    use super::is_rule_id;

    #[test]
    fn rule_ids_are_told_from_other_words_in_brackets() {
        assert!(is_rule_id("DA-R1"));
        assert!(is_rule_id("EP-R4 too"));
        assert!(!is_rule_id("diagonals count"));
        assert!(!is_rule_id("R1"));
    }
}
