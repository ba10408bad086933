//! The rules page: a game's rules as a rulebook's page lying on the
//! table, each section a lesson teaches linked to it.

use super::rules_text::RulesPage;

/// Draws a rules page.
pub fn rules_ui(ui: &mut egui::Ui, page: &RulesPage) {
    let _ = rules_with_lessons_ui(ui, page, &[], None);
}

/// The lessons beside the rules: each lesson and the picture of its
/// starting position (none where the game draws none).
pub type Lessons<'a> = &'a [(crate::lessons::LessonInfo, Option<crate::ui::sketch::Sketch>)];

/// The widest a column of running text gets (about 80 characters a line:
/// at the page's width, lines of 120 read as a wall).
const TEXT_WIDTH: f32 = 560.0;
/// The margin beside the text for a section's lesson pictures.
const MARGIN_WIDTH: f32 = 176.0;

/// A game's box cover, painted in a rectangle.
pub type Cover = fn(&egui::Painter, &crate::ui::theme::Palette, egui::Rect);

/// The rules page with, beside each section a lesson teaches, that
/// lesson's picture and a link to it, and the game's box `cover` beside
/// its opening; returns the lesson clicked (its number in `lessons`).
pub fn rules_with_lessons_ui(
    ui: &mut egui::Ui,
    page: &RulesPage,
    lessons: Lessons<'_>,
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
        // (A margin of cloth round the page in a small window too.)
        let width = (ui.available_width() - 24.0).min(800.0);
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            ui.add_space(((ui.available_width() - width) / 2.0).max(0.0));
            crate::ui::look::plate_frame(&palette, None).inner_margin(egui::Margin::symmetric(26, 18)).show(ui, |ui| {
                ui.set_width(width - 52.0);
                // The running text a size up from the app's (a rulebook is
                // read, not glanced at).
                let body = egui::FontId::proportional(14.0);
                ui.style_mut().text_styles.insert(egui::TextStyle::Body, body);
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
fn rules_pages(ui: &mut egui::Ui, page: &RulesPage, lessons: Lessons<'_>, cover: Option<Cover>) -> Option<usize> {
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
    glance_ui(ui, page);
    let rules = page.sections.iter().filter(|(h, _)| !idea(h) && !aviary(h) && !appendix(h));
    let last = page.sections.iter().filter(|(h, _)| aviary(h)).chain(page.sections.iter().filter(|(h, _)| appendix(h)));
    for s in rules.chain(last) {
        section(ui, page, lessons, s, &mut clicked);
    }
    clicked
}

/// The game at a glance under the idea: its turn as numbered steps, each
/// number on a wooden token, on a card of its own.
fn glance_ui(ui: &mut egui::Ui, page: &RulesPage) {
    if page.glance.is_empty() {
        return;
    }
    let palette = crate::ui::theme::palette(ui.visuals().dark_mode);
    let ring = egui::Stroke::new(1.5, crate::ui::theme::mix(palette.table.wood[1], palette.table.plate, 0.4));
    ui.add_space(10.0);
    crate::ui::look::plate_frame(&palette, Some(ring)).inner_margin(egui::Margin::symmetric(16, 12)).show(ui, |ui| {
        ui.set_width(ui.available_width().min(TEXT_WIDTH + MARGIN_WIDTH));
        ui.label(crate::ui::look::title(ui, "At a glance", 19.0));
        ui.add_space(4.0);
        for (k, step) in page.glance.iter().enumerate() {
            ui.horizontal_top(|ui| {
                let (rect, _) = ui.allocate_exact_size(egui::Vec2::splat(26.0), egui::Sense::hover());
                let n = (k + 1).to_string();
                crate::ui::look::token(ui.painter(), &palette, rect.center(), 11.0, palette.table.wood[1], &n);
                ui.add_space(4.0);
                ui.add(egui::Label::new(*step).wrap());
            });
            ui.add_space(2.0);
        }
    });
}

/// One section of the page: its heading, its paragraphs and pictures,
/// and in the margin beside them the lessons that teach it, each as the
/// picture of its start and a link (an appendix folded until opened).
fn section(
    ui: &mut egui::Ui,
    page: &RulesPage,
    lessons: Lessons<'_>,
    (heading, paragraphs): &(&str, &[&str]),
    clicked: &mut Option<usize>,
) {
    ui.add_space(8.0);
    let words = |ui: &mut egui::Ui| {
        for p in *paragraphs {
            ui.label(paragraph(ui, p));
            ui.add_space(3.0);
        }
    };
    // The section's pictures and tables under its words, the page's whole
    // width (in the column of words a table ran off the page).
    let figures = |ui: &mut egui::Ui| {
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
            .show(ui, |ui| {
                words(ui);
                figures(ui);
            });
        return;
    }
    ui.label(crate::ui::look::title(ui, *heading, 19.0));
    let taught: Vec<usize> = (0..lessons.len()).filter(|&n| lessons[n].0.section == *heading).collect();
    let room = ui.available_width();
    let text = (room - MARGIN_WIDTH - 18.0).clamp(200.0, TEXT_WIDTH);
    let layout = egui::Layout::top_down(egui::Align::Min);
    if taught.is_empty() || room < text + MARGIN_WIDTH + 18.0 {
        // (A narrow page: the lessons over the text, as links.)
        for &n in &taught {
            if ui.link(learn_words(&lessons[n].0)).clicked() {
                *clicked = Some(n);
            }
        }
        ui.allocate_ui_with_layout(egui::Vec2::new(text.max(room.min(TEXT_WIDTH)), 0.0), layout, words);
        figures(ui);
        return;
    }
    ui.horizontal_top(|ui| {
        ui.allocate_ui_with_layout(egui::Vec2::new(text, 0.0), layout, |ui| {
            ui.set_width(text);
            words(ui);
        });
        ui.add_space(18.0);
        ui.allocate_ui_with_layout(egui::Vec2::new(MARGIN_WIDTH, 0.0), layout, |ui| {
            ui.set_width(MARGIN_WIDTH);
            // The first lesson pictured, the others as links under it (a
            // column of pictures left a hole beside a short section).
            for (k, &n) in taught.iter().enumerate() {
                if lesson_in_margin(ui, &lessons[n], k == 0) {
                    *clicked = Some(n);
                }
            }
        });
    });
    figures(ui);
}

/// A lesson in a section's margin: the picture of its start on a card,
/// and the link under it; true when either was clicked.
fn lesson_in_margin(
    ui: &mut egui::Ui,
    (l, sketch): &(crate::lessons::LessonInfo, Option<crate::ui::sketch::Sketch>),
    pictured: bool,
) -> bool {
    let said = learn_words(l);
    let mut pressed = false;
    if let Some(sketch) = sketch.as_ref().filter(|_| pictured) {
        let palette = crate::ui::theme::palette(ui.visuals().dark_mode);
        let size = egui::Vec2::new(MARGIN_WIDTH, MARGIN_WIDTH * 0.62);
        let (rect, response) = ui.allocate_exact_size(size, egui::Sense::click());
        let lift = if response.hovered() { crate::ui::look::Lift::Raised } else { crate::ui::look::Lift::Flat };
        crate::ui::look::card_body(ui.painter(), &palette, rect, palette.table.plate, lift);
        sketch.paint(ui.painter(), &palette, rect.shrink(5.0));
        let response = response.on_hover_cursor(egui::CursorIcon::PointingHand).on_hover_text("Play this lesson");
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Link, true, format!("Picture: {said}")));
        pressed |= response.clicked();
        ui.add_space(2.0);
    }
    ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Wrap);
    let link = egui::RichText::new(said).size(12.5);
    pressed |= ui.link(link).clicked();
    ui.add_space(if pictured { 8.0 } else { 4.0 });
    pressed
}

/// A lesson's link: "Learn it by playing: Rows that narrow (about 2 min)".
fn learn_words(l: &crate::lessons::LessonInfo) -> String {
    format!("Learn it by playing: {} (about {} min)", l.title, l.minutes)
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
