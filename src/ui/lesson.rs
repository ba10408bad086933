//! A lesson in the game's own tab: the bar above the board with the
//! lesson's title, goal and par, "Restart lesson", "Next" and "All lessons"
//! always there, the rules section it teaches, and once the goal is met a
//! tick with the moves used against par. The board, its drags and clicks
//! are the game's own; moves the lesson does not offer are refused with its
//! hint (see [`crate::lessons`]); undo is free.

use egui::{RichText, Ui};

use crate::lessons::Lesson;
use crate::rules::Game;
use crate::table::Table;

/// A lesson being played in a tab.
pub struct LessonRun<G: Game> {
    /// The lesson.
    pub lesson: &'static Lesson<G>,
    /// Its number in the game's course.
    pub index: usize,
    /// The lessons in the course.
    pub count: usize,
    /// The cursor where the learner's first move comes.
    pub start: usize,
    /// The result was handed to the app (once).
    pub reported: bool,
}

/// What the lesson bar asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LessonAsk {
    /// Start this lesson again.
    Restart,
    /// Open the next lesson.
    Next,
    /// Show the game's lessons.
    Map,
    /// Show the rules page (at the lesson's section).
    Rules,
}

impl<G: Game> LessonRun<G> {
    /// The learner's moves so far.
    pub fn moves<E: crate::ai::Evaluate>(&self, table: &Table<E>) -> u16 {
        crate::lessons::count_moves(table.session(), self.start, self.lesson.learner)
    }
}

/// The lesson bar. Returns what it asks.
pub fn bar_ui<G: crate::ai::Evaluate>(ui: &mut Ui, run: &LessonRun<G>, table: &Table<G>) -> Option<LessonAsk> {
    let lesson = run.lesson;
    let state = table.session().state();
    let moves = run.moves(table);
    let mut ask = None;
    ui.horizontal_wrapped(|ui| {
        ui.label(
            RichText::new(format!("Lesson {} of {}: {}", run.index + 1, run.count, lesson.title)).strong().size(16.0),
        );
        ui.label(RichText::new(format!("· about {} min · par {}", lesson.minutes, lesson.par)).weak());
        if ui.button("Restart lesson").clicked() {
            ask = Some(LessonAsk::Restart);
        }
        if ui.add_enabled(run.index + 1 < run.count, egui::Button::new("Next")).clicked() {
            ask = Some(LessonAsk::Next);
        }
        if ui.button("All lessons").clicked() {
            ask = Some(LessonAsk::Map);
        }
        if ui.link(format!("Rules: {}", lesson.section)).clicked() {
            ask = Some(LessonAsk::Rules);
        }
    });
    let (text, strong) = if (lesson.done)(state) {
        (
            format!(
                "Done in {moves} {} (par {}). {}",
                if moves == 1 { "move" } else { "moves" },
                lesson.par,
                if run.index + 1 < run.count {
                    "On to the next lesson?"
                } else {
                    "That was the last lesson of this course."
                }
            ),
            true,
        )
    } else if let Some(why) = (lesson.failed)(state) {
        (format!("Not quite: {why}"), true)
    } else {
        (format!("Goal: {} (moves so far: {moves}; undo is free)", lesson.goal), false)
    };
    let fill = if strong { ui.visuals().selection.bg_fill.gamma_multiply(0.45) } else { ui.visuals().faint_bg_color };
    egui::Frame::new().fill(fill).corner_radius(4.0).inner_margin(egui::Margin::symmetric(8, 4)).show(ui, |ui| {
        ui.label(RichText::new(&text).strong())
            .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, format!("lesson: {text}")));
    });
    ask
}
