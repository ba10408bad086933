//! The reusable widgets the card and token games will use, driven as a
//! person would: a playing card face up and face down, selected, dragged
//! onto a drop zone that asks the rules and names the refusal.
#![allow(clippy::unwrap_used)]

use aviary::rules::RuleViolation;
use aviary::rules::cards::{Card, Suit};
use aviary::rules::grid::Square;
use aviary::ui::theme;
use aviary::ui::widgets::{self, BoardGeometry, CardFace};
use egui::{Pos2, Sense};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

#[derive(Default)]
struct Table {
    selected: bool,
    dropped: Vec<Card>,
    refusal: Option<String>,
    clicks: usize,
}

const KING: Card = Card::new(13, Suit::Spades);

fn table_ui(ui: &mut egui::Ui, t: &mut Table) {
    let palette = theme::palette(false);
    ui.horizontal(|ui| {
        let r = widgets::card_ui(ui, &palette, CardFace::Up(KING), t.selected);
        r.dnd_set_drag_payload(KING);
        if r.clicked() {
            t.selected = !t.selected;
            t.clicks += 1;
        }
        widgets::card_ui(ui, &palette, CardFace::Up(Card::new(1, Suit::Hearts)), false);
        widgets::card_ui(ui, &palette, CardFace::Down, false);
        ui.add_space(40.0);
        // A drop zone that accepts only red cards (a made-up rule).
        let (rect, zone) = ui.allocate_exact_size(egui::vec2(90.0, 110.0), Sense::hover());
        zone.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, "red pile"));
        if let Some(card) = zone.dnd_hover_payload::<Card>() {
            let verdict = if card.suit.is_red() {
                Ok(())
            } else {
                Err(RuleViolation::new("XX-R1", format!("the {} is not red", card.name())))
            };
            t.refusal = widgets::tint_drop_zone(ui, rect, &palette, &verdict);
        }
        if let Some(card) = zone.dnd_release_payload::<Card>() {
            t.dropped.push(*card);
        }
    });
}

#[test]
fn cards_show_their_faces_select_on_click_and_drag_onto_a_zone_that_names_the_refusal() {
    let mut h = Harness::builder().with_size([600.0, 200.0]).build_ui_state(table_ui, Table::default());
    h.run();
    h.get_by_label("card K♠").click();
    h.run();
    assert!(h.state().selected, "a click selects the card");
    assert!(h.query_by_label("card A♥").is_some());
    assert!(h.query_by_label("face-down card").is_some(), "the back hides the face");
    let from = h.get_by_label("card K♠").rect().center();
    let to = h.get_by_label("red pile").rect().center();
    h.drag_at(from);
    h.run();
    h.hover_at(Pos2::new(f32::midpoint(from.x, to.x), from.y));
    h.run();
    h.hover_at(to);
    h.run();
    assert_eq!(h.state().refusal.as_deref(), Some("XX-R1: the K of spades is not red"), "hovering names the rule");
    h.drop_at(to);
    h.run();
    assert_eq!(h.state().dropped, vec![KING], "the drop is reported to the caller, who asks the rules");
}

#[test]
fn board_geometry_maps_squares_to_screen_and_back_both_ways_up() {
    let mut geo = BoardGeometry::new(Pos2::new(10.0, 20.0), 50.0, 8, 8);
    for flipped in [false, true] {
        geo.flipped = flipped;
        for sq in Square::all(8, 8) {
            assert_eq!(geo.square_at(geo.square_rect(sq).center()), Some(sq));
        }
    }
    geo.flipped = false;
    assert_eq!(geo.square_at(Pos2::new(15.0, 25.0)), Some(Square::new(0, 7)), "rank 8 is at the top");
    geo.flipped = true;
    // Seen from the other side, turned round: h1 in the top left corner
    // (files h..a from left to right), as the player across sees it.
    assert_eq!(geo.square_at(Pos2::new(15.0, 25.0)), Some(Square::new(7, 0)), "flipped: h1 at the top left");
    assert_eq!(geo.square_at(Pos2::new(405.0, 415.0)), Some(Square::new(0, 7)), "flipped: a8 at the bottom right");
    assert_eq!(geo.square_at(Pos2::new(5.0, 25.0)), None);
}

#[test]
fn a_long_log_keeps_its_newest_line_in_view() {
    let log: Vec<aviary::session::LogEntry> = (1..=40)
        .map(|i| aviary::session::LogEntry {
            seat: (i % 3 != 0).then_some(aviary::rules::Seat(i % 2)),
            text: format!("move number {i}"),
            reveals: false,
        })
        .collect();
    let mut h = Harness::builder().with_size([280.0, 220.0]).build_ui(move |ui| {
        let palette = theme::palette(false);
        let colour = |s: aviary::rules::Seat| palette.feathers[s.index()];
        widgets::log_ui(ui, "log", &log, (false, &colour));
    });
    h.run();
    h.get_by_label("Whole log (40)").click();
    h.run();
    assert!(h.query_by_label("move number 1").is_some(), "the whole log is open");
    let newest = h.get_by_label("move number 40");
    assert!(newest.rect().max.y <= 220.0, "the newest line is in view: {:?}", newest.rect());
    assert!(
        h.query_by_label("move number 1").is_none_or(|n| n.rect().max.y < 30.0),
        "the oldest lines are scrolled away above"
    );
}

/// Review 5: the whole log, a third of every game screen in plain text,
/// drew the eye from the board. Folded (as it opens) it shows only its
/// newest lines; "Whole log" opens every line and "Latest only" folds it
/// again.
#[test]
fn the_log_opens_folded_to_its_newest_lines() {
    let log: Vec<aviary::session::LogEntry> = (1..=12)
        .map(|i| aviary::session::LogEntry {
            seat: Some(aviary::rules::Seat(i % 2)),
            text: format!("move number {i}"),
            reveals: false,
        })
        .collect();
    let mut h = Harness::builder().with_size([280.0, 400.0]).build_ui(move |ui| {
        let palette = theme::palette(false);
        let colour = |s: aviary::rules::Seat| palette.feathers[s.index()];
        widgets::log_ui(ui, "log", &log, (false, &colour));
    });
    h.run();
    let shown = |h: &Harness<'_>| {
        (1..=12).filter(|i| h.query_by_label(&format!("move number {i}")).is_some()).collect::<Vec<_>>()
    };
    assert_eq!(shown(&h), vec![10, 11, 12], "folded: the newest three");
    h.get_by_label("Whole log (12)").click();
    h.run();
    assert_eq!(shown(&h), (1..=12).collect::<Vec<_>>(), "opened: every line");
    h.get_by_label("Latest only").click();
    h.run();
    assert_eq!(shown(&h), vec![10, 11, 12], "folded again");
}

/// Reported playing Tail Feathers: when the attack window, which fills the
/// side panel, closed, the log did not show the rats' activation just
/// written. Squeezing the log to nothing and back does not lose its place
/// at the newest line (the report is not reproduced by this alone; this
/// guards the log's part of it).
#[test]
fn the_log_shows_its_newest_line_after_being_squeezed_by_the_panel_above() {
    struct Page {
        log: Vec<aviary::session::LogEntry>,
        above: f32,
    }
    let entry = |i: usize| aviary::session::LogEntry {
        seat: Some(aviary::rules::Seat(u8::from(i % 2 == 1))),
        text: format!("event number {i}"),
        reveals: false,
    };
    let page = Page { log: (1..=40).map(entry).collect(), above: 0.0 };
    let mut h = Harness::builder().with_size([280.0, 300.0]).build_ui_state(
        |ui, page: &mut Page| {
            ui.allocate_space(egui::vec2(10.0, page.above));
            let palette = theme::palette(false);
            let colour = |s: aviary::rules::Seat| palette.feathers[s.index()];
            widgets::log_ui(ui, "log", &page.log, (false, &colour));
        },
        page,
    );
    h.run();
    h.get_by_label("Whole log (40)").click();
    h.run();
    // The window opens over most of the panel, and the game goes on.
    h.state_mut().above = 300.0;
    h.state_mut().log.extend((41..=44).map(entry));
    h.run();
    // It closes; the rats activate.
    h.state_mut().above = 0.0;
    h.state_mut().log.extend((45..=46).map(entry));
    h.run();
    let newest = h.get_by_label("event number 46");
    assert!(newest.rect().max.y <= 300.5, "the newest line is in view: {:?}", newest.rect());
}

/// Review 8: a refusal ended "Rule FW-R1", words for the developers. It
/// names the section of the game's rules that explains it, the id after.
#[test]
fn a_rule_id_is_said_as_the_rules_section_that_explains_it() {
    use aviary::ui::rules_text::rule_words;
    assert_eq!(rule_words("FW-R1"), "From the rules: The labyrinth (FW-R1)");
    // FW-R14 is not FW-R1 followed by a 4.
    assert!(rule_words("FW-R14").starts_with("From the rules: "), "{}", rule_words("FW-R14"));
    assert!(!rule_words("FW-R14").contains("The labyrinth"), "{}", rule_words("FW-R14"));
    assert_eq!(rule_words("XX-R99"), "Rule XX-R99", "an id the pages never cite is said bare");
}
