//! Tail Feathers' action cards (TF-R27) and the ballista (TF-R28) as people
//! play them, driven through `egui_kittest`: a hand picked from the cards
//! laid out on the table; a card dragged from the hand onto a lit unit, a
//! refused drop naming its rule; a card clicked, then its unit; the attack
//! window's prompt; the ballista's bolt at a ringed target.
#![allow(clippy::unwrap_used)]

mod common;
mod tf_common;

use common::drag;

use aviary::app::{AviaryApp, Screen};
use aviary::rules::tail_feathers::cards::{HAND, card_named};
use aviary::rules::tail_feathers::components::Alliance;
use aviary::rules::tail_feathers::game::{Action, Options, Place, TailFeathers, Target};
use aviary::rules::tail_feathers::geometry::Tilt;
use aviary::rules::{Game, Seat, Setup, ToMove};
use aviary::session::{Player, Session};
use aviary::table::Table;
use aviary::ui::tail_feathers::SkirmishTab;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use tf_common::{MICE, RATS, air};

fn tab<'h>(h: &'h mut Harness<'_, AviaryApp>) -> &'h mut SkirmishTab {
    common::game_tab(h)
}

fn options() -> Options {
    Options { action_cards: true, structures: true, ..Options::default() }
}

fn id(name: &str) -> u8 {
    card_named(name).unwrap()
}

/// Opens `state` as a tab played by `players`.
fn open(h: &mut Harness<'_, AviaryApp>, dir: &std::path::Path, state: TailFeathers, players: [Player; 2]) {
    let session = Session::from_state(state, players.to_vec());
    let t = SkirmishTab::new(Table::new(session, dir.join("saves").join("tf.json")));
    let app = h.state_mut();
    app.tabs.push(Box::new(t));
    app.screen = Screen::Game(app.tabs.len() - 1);
    h.run();
    h.run();
}

/// The activation phase with the mice to choose a unit, the mice holding
/// `mice` (the rats `rats`), both wheels full.
fn table(mice: &[&str], rats: &[&str]) -> TailFeathers {
    let mut g = tf_common::to_activation_with(1, options());
    g.arrange_turn(MICE, &[]);
    g.arrange_hand(MICE, &mice.iter().map(|n| id(n)).collect::<Vec<_>>());
    g.arrange_hand(RATS, &rats.iter().map(|n| id(n)).collect::<Vec<_>>());
    g.arrange_cheese(MICE, 6);
    g.arrange_cheese(RATS, 6);
    g
}

/// Where the hand row draws card `name` (its label starts "action card").
fn card_spot(h: &Harness<'_, AviaryApp>, name: &str) -> egui::Pos2 {
    let label = format!("action card {name} (");
    let node = h.query_all_by_label_contains(&label).next().unwrap_or_else(|| panic!("no card {name} in the hand"));
    let r = node.rect();
    // The left part of the card: the only part a later card never covers.
    egui::Pos2::new(r.left() + 10.0, r.center().y)
}

#[test]
fn a_hand_is_picked_from_the_cards_laid_out_and_then_lies_along_the_table() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness_in(dir.path());
    let start = (1..200)
        .map(|seed| TailFeathers::new(&Setup { seats: 2, options: options() }, seed))
        .find(|g| g.first_player() == MICE)
        .unwrap();
    open(&mut h, dir.path(), start.clone(), [Player::Human, Player::Human]);
    // Two people at the screen: the picking waits behind the hand-off.
    assert!(h.query_by_label_contains("pick your 7 action cards").is_none());
    h.get_by_label("I am Mice: show my choices").click();
    h.run();
    h.get_by_label_contains("Mice: pick your 7 action cards");
    // (No figures in view: no range finder offered.)
    assert!(h.query_by_label_contains("Range finder").is_none());
    // Laid out by kind, bird cards first: Acorn Cache, last in the set,
    // among the birds' cards, before every pilot card; every card whole
    // on the screen.
    let spot = |name: &str| h.get_by_label_contains(&format!("pick {name} (")).rect();
    let (acorn, aimed, rally) = (spot("Acorn Cache"), spot("Aimed Shot"), spot("Rally"));
    assert!((acorn.top(), acorn.left()) < (aimed.top(), aimed.left()), "{acorn:?} {aimed:?}");
    assert!((aimed.top(), aimed.left()) < (rally.top(), rally.left()), "{aimed:?} {rally:?}");
    let pool = start.card_pool(Alliance::Mice);
    let cards: Vec<egui::Rect> = h
        .query_all_by_label_contains("pick ")
        .map(|n| n.rect())
        .filter(|r| (r.width() - 112.0).abs() < 1.0 && (r.height() - 150.0).abs() < 1.0)
        .collect();
    assert_eq!(cards.len(), pool.len());
    assert!(cards.iter().all(|r| r.bottom() <= 900.0), "a card is cut off: {cards:?}");
    // A card taken, then put back; then the suggested hand, taken.
    h.get_by_label_contains("pick Tailwind (").click();
    h.run();
    assert_eq!(tab(&mut h).picks, vec![id("Tailwind")]);
    h.get_by_label_contains("pick Tailwind (").click();
    h.run();
    assert!(tab(&mut h).picks.is_empty());
    h.get_by_label("Suggested hand").click();
    h.run();
    // The side panel's status and the chooser agree: seven chosen is not
    // "0 of 7" beside it (a new player saw both).
    h.get_by_label_contains("7 of 7 chosen");
    assert!(h.query_by_label_contains("(0 of 7)").is_none(), "no count of cards taken beside the chosen ones");
    h.get_by_label_contains("Mice to pick 7 action cards in secret");
    h.get_by_label("Take this hand").click();
    h.run();
    let s = tab(&mut h).table.session().state().clone();
    assert_eq!(s.hand(Alliance::Mice).cards.len(), HAND);
    // The log says a card was picked, never which.
    let log: Vec<String> = tab(&mut h).table.session().log().iter().map(|e| e.text.clone()).collect();
    assert!(log.iter().all(|l| l == "Mice pick an action card in secret"), "{log:?}");
    // The rats' turn to pick: their hand-off, and the mice's cards hidden.
    h.get_by_label("I am Rats: show my choices");
    assert!(h.query_by_label_contains("action card Tailwind (").is_none(), "the mice's hand is not drawn");
}

#[test]
fn a_card_dragged_onto_a_lit_unit_is_played_and_a_refused_drop_names_its_rule() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = swallow_flying_with_two_cards(dir.path());
    h.get_by_label_contains("Cards lit in your hand may be played now");
    // Steady Talons dropped on the perched Jay: refused, with its rule.
    let jay = tab(&mut h).figure_spots.iter().find(|x| x.0 == 2).unwrap().1;
    let before = tab(&mut h).table.session().cursor();
    let from = card_spot(&h, "Steady Talons");
    drag(&mut h, from, jay);
    let toasts = h.state().toast_texts().join(" | ");
    assert!(toasts.contains("TF-R27: Steady Talons needs a flying bird; the Jay is perched"), "{toasts}");
    assert_eq!(tab(&mut h).table.session().cursor(), before, "nothing was played");
    // Tailwind dropped on the Swallow, flying: played.
    let swallow = tab(&mut h).figure_spots.iter().find(|x| x.0 == 0).unwrap().1;
    let from = card_spot(&h, "Tailwind");
    drag(&mut h, from, swallow);
    let log = tab(&mut h).table.session().log().last().unwrap().text.clone();
    assert!(log.contains("Mice play Tailwind on the Swallow"), "{log}");
    assert_eq!(tab(&mut h).table.session().state().hand(Alliance::Mice).lying, vec![(id("Tailwind"), 0)]);
    assert!(h.query_by_label_contains("face down: Tailwind by the Swallow").is_some());
}

/// The Jay (Bow) flown beside the Crow, the mice holding Aimed Shot (which
/// may go to the Jay and no other unit) and Tailwind.
fn jay_beside_the_crow() -> TailFeathers {
    let mut g = table(&["Aimed Shot", "Tailwind"], &[]);
    air(&mut g, 9, 17.0, 21.0, 12, Tilt::Centre);
    air(&mut g, 2, 12.0, 14.0, 6, Tilt::Centre);
    air(&mut g, 0, 6.0, 24.0, 6, Tilt::Centre);
    tf_common::play(&mut g, &Action::Activate(2));
    tf_common::play(&mut g, &Action::Fly(vec![aviary::rules::tail_feathers::geometry::Length::Short; 2]));
    while g.walking().is_some() {
        tf_common::play(&mut g, &Action::Continue);
    }
    g
}

#[test]
fn a_card_clicked_then_its_unit_clicked_is_played() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness_in(dir.path());
    // The Jay (Bow) has flown beside the Crow; Aimed Shot may go to it, and
    // to no other unit, so the click alone plays it.
    let g = jay_beside_the_crow();
    open(&mut h, dir.path(), g, [Player::Human, Player::Computer(aviary::ai::Level::Easy)]);
    let spot = card_spot(&h, "Aimed Shot");
    h.hover_at(spot);
    h.run();
    h.drag_at(spot);
    h.run();
    h.drop_at(spot);
    h.run();
    let log = tab(&mut h).table.session().log().last().unwrap().text.clone();
    assert!(log.contains("Mice play Aimed Shot on the Jay"), "{log}");
}

#[test]
fn the_attack_window_asks_for_a_card_or_none_with_the_answers_lit() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness_in(dir.path());
    // The Magpie shoots at the Swallow; the mice hold Barrel Roll.
    let g = mice_answer(&["Barrel Roll", "Tailwind"]);
    open(&mut h, dir.path(), g, [Player::Human, Player::Computer(aviary::ai::Level::Easy)]);
    h.get_by_label("An attack is rolled: answer it with a card?");
    h.get_by_label("No card");
    h.get_by_label("Barrel Roll on the Swallow").click();
    h.run();
    let log: Vec<String> = tab(&mut h).table.session().log().iter().map(|e| e.text.clone()).collect();
    assert!(log.iter().any(|l| l.contains("Mice play Barrel Roll on the Swallow (1 cheese)")), "{log:?}");
}

#[test]
fn the_ballista_looses_a_bolt_at_a_ringed_target_clicked_on_the_board() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness_in(dir.path());
    let mut g = table(&[], &[]);
    g.arrange_round(2);
    g.arrange_ballista(Alliance::Mice, 20, 1, 0);
    g.arrange_place(3, Place::Space(20));
    air(&mut g, 10, 12.0, 26.0, 0, Tilt::Centre);
    open(&mut h, dir.path(), g, [Player::Human, Player::Computer(aviary::ai::Level::Easy)]);
    h.get_by_label_contains("The ballista may loose a bolt");
    h.get_by_label_contains("the mice ballista in");
    let magpie = tab(&mut h).figure_spots.iter().find(|x| x.0 == 10).unwrap().1;
    let before = tab(&mut h).table.session().cursor();
    h.hover_at(magpie);
    h.run();
    h.drag_at(magpie);
    h.run();
    h.drop_at(magpie);
    // The computer thinks next: a spinner that never settles.
    h.run_steps(3);
    let log = tab(&mut h).table.session().log()[before].text.clone();
    assert!(log.contains("Mice activate their ballista: a bolt at the Magpie"), "{log}");
    let _ = Seat(0);
}

/// The mice to answer the Magpie's shot at the Swallow, holding `mice`.
fn mice_answer(mice: &[&str]) -> TailFeathers {
    let mut g = table(mice, &["Tailwind"]);
    g.arrange_turn(RATS, &[]);
    air(&mut g, 10, 12.0, 14.0, 6, Tilt::Centre);
    air(&mut g, 0, 17.0, 21.0, 12, Tilt::Centre);
    tf_common::play(&mut g, &Action::Activate(5));
    tf_common::play(&mut g, &Action::Fly(vec![aviary::rules::tail_feathers::geometry::Length::Short; 2]));
    while g.walking().is_some() {
        tf_common::play(&mut g, &Action::Continue);
    }
    tf_common::play(&mut g, &Action::Shoot { figure: 10, target: Target::Figure(0) });
    while g.legal_actions().iter().any(|a| matches!(a, Action::Reroll(_))) {
        tf_common::play(&mut g, &Action::Reroll(0));
    }
    tf_common::play(&mut g, &Action::NoCard);
    assert_eq!(g.to_move(), ToMove::Seat(MICE));
    g
}

#[test]
fn with_the_quick_setting_a_window_nothing_answers_is_passed_at_once() {
    // Off (the default): the mice are asked though Tailwind cannot answer.
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness_in(dir.path());
    open(&mut h, dir.path(), mice_answer(&["Tailwind"]), [Player::Human, Player::Computer(aviary::ai::Level::Easy)]);
    h.get_by_label("An attack is rolled: answer it with a card?");
    h.get_by_label("No card");
    // On: passed at once, without asking.
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness_in(dir.path());
    h.state_mut().settings.quick_card_windows = true;
    let g = mice_answer(&["Tailwind"]);
    let before = g.legal_actions();
    assert_eq!(before, vec![Action::NoCard]);
    let session = Session::from_state(g, vec![Player::Human, Player::Computer(aviary::ai::Level::Easy)]);
    let t = SkirmishTab::new(Table::new(session, dir.path().join("saves").join("tf.json")));
    let app = h.state_mut();
    app.tabs.push(Box::new(t));
    app.screen = Screen::Game(app.tabs.len() - 1);
    h.run_steps(3);
    assert!(h.query_by_label("An attack is rolled: answer it with a card?").is_none());
    let log: Vec<String> = tab(&mut h).table.session().log().iter().map(|e| e.text.clone()).collect();
    assert!(log.iter().any(|l| l.contains("Mice play no card")), "{log:?}");
    // Holding a card that may answer, the mice are asked even so.
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness_in(dir.path());
    h.state_mut().settings.quick_card_windows = true;
    open(&mut h, dir.path(), mice_answer(&["Barrel Roll"]), [Player::Human, Player::Computer(aviary::ai::Level::Easy)]);
    h.get_by_label("Barrel Roll on the Swallow");
}

/// A card in hand pointed at is held up to be read, half as large again
/// over the table, saying what may be done with it; the pointer gone, it
/// lies back in the hand.
#[test]
fn a_card_pointed_at_in_hand_is_held_up_to_be_read() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = swallow_flying_with_two_cards(dir.path());
    let painted = |h: &mut Harness<'_, AviaryApp>| format!("{:?}", h.output().shapes);
    assert!(!painted(&mut h).contains("drag it onto a lit unit"), "nothing held up before the pointer comes");
    let at = card_spot(&h, "Tailwind");
    h.hover_at(at);
    h.run();
    let shown = painted(&mut h);
    assert!(shown.contains("drag it onto a lit unit"), "Tailwind, playable, is held up with what to do");
    h.hover_at(egui::pos2(5.0, 5.0));
    h.run();
    assert!(!painted(&mut h).contains("drag it onto a lit unit"), "the pointer gone, the card lies back");
}

/// The Mice's Swallow activated, flying, with Tailwind and Steady Talons
/// in hand, against the computer.
fn swallow_flying_with_two_cards(dir: &std::path::Path) -> Harness<'static, AviaryApp> {
    let mut h = common::harness_in(dir);
    let mut g = table(&["Tailwind", "Steady Talons"], &[]);
    air(&mut g, 0, 12.0, 14.0, 6, Tilt::Centre);
    tf_common::play(&mut g, &Action::Activate(0));
    open(&mut h, dir, g, [Player::Human, Player::Computer(aviary::ai::Level::Easy)]);
    h
}

/// Found by a new player: while a card was dragged, the unit that could
/// take it had only a thin ring, and the card was dropped on the wrong
/// bird. Each unit that may take it now glows with its name under it.
#[test]
fn a_card_dragged_lights_the_units_that_may_take_it_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness_in(dir.path());
    let g = jay_beside_the_crow();
    open(&mut h, dir.path(), g, [Player::Human, Player::Computer(aviary::ai::Level::Easy)]);
    let names = |h: &Harness<'_, AviaryApp>| format!("{:?}", h.output().shapes).matches("\"Jay\"").count();
    let before = names(&h);
    let spot = card_spot(&h, "Aimed Shot");
    h.hover_at(spot);
    h.run();
    h.drag_at(spot);
    h.run();
    h.hover_at(egui::pos2(300.0, 300.0));
    h.run();
    assert_eq!(names(&h), before + 1, "the Jay named on the board while the card is held");
}

/// Found by a new player at 800x600: the hand's cards overlap there, and
/// each covered card showed only the start of its name ("Acorn C"). Each
/// name is now fitted into the part of its card left in view.
#[test]
fn in_a_small_window_each_card_in_hand_shows_its_whole_name() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::app_in_window(dir.path(), [800.0, 600.0]);
    // Six cards, as after the first card is played (with all seven, each
    // shows too little for a long word, and the name keeps one line).
    let hand = &aviary::rules::tail_feathers::cards::SUGGESTED[0][..6];
    let g = table(hand, &[]);
    open(&mut h, dir.path(), g, [Player::Human, Player::Computer(aviary::ai::Level::Easy)]);
    h.hover_at(egui::pos2(5.0, 5.0));
    h.run();
    let shapes = h.output().shapes.clone();
    // Where each name is painted: the text shapes whose words are a name.
    let painted = |name: &str| -> Vec<egui::Rect> {
        shapes
            .iter()
            .filter_map(|c| match &c.shape {
                egui::Shape::Text(t) if t.galley.job.text == name => Some(t.galley.rect.translate(t.pos.to_vec2())),
                _ => None,
            })
            .collect()
    };
    let mut covered = 0;
    for &name in hand {
        let label = format!("action card {name} (");
        let seen = h.query_all_by_label_contains(&label).next().unwrap().rect();
        let card = painted(name);
        assert_eq!(card.len(), 1, "{name} is painted once in the hand");
        if seen.width() < 100.0 {
            covered += 1;
        }
        assert!(
            // Clear of the next card's glow, too (a lit card's edge reaches
            // 4.5 points past it).
            card[0].right() <= seen.right() - 4.0,
            "{name}'s name ends at {} but only {:?} of its card is in view",
            card[0].right(),
            seen.x_range()
        );
    }
    assert!(covered >= 4, "at 800x600 the hand overlaps ({covered} cards covered)");
}

/// Found by a new player at 800x600: the hand there showed each card's
/// top cut by the window's foot ("needs Bla"), and read as broken. Held
/// low, each card is its top alone (name, cost, and its picture, whole in
/// the strip the next card leaves), drawn whole in the window; all its
/// words are on it when it is held up.
#[test]
fn in_a_small_window_no_card_in_hand_is_cut_by_the_window_s_edge() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::app_in_window(dir.path(), [800.0, 600.0]);
    let hand = &aviary::rules::tail_feathers::cards::SUGGESTED[0][..6];
    let g = table(hand, &[]);
    open(&mut h, dir.path(), g, [Player::Human, Player::Computer(aviary::ai::Level::Easy)]);
    h.hover_at(egui::pos2(5.0, 5.0));
    h.run();
    let words = common::painted_words(&h);
    let cut: Vec<&(String, egui::Rect, bool)> =
        words.iter().filter(|(t, r, _)| !t.trim().is_empty() && r.bottom() > 600.0 + 0.5).collect();
    assert!(cut.is_empty(), "words run past the window's foot: {cut:?}");
    // A card half covered by the next shows its picture in the strip in
    // view, not its words cut off mid-phrase ("needs the Jay, after…", a
    // new player's finding): nothing held low is elided.
    let hand_top = h.get_by_label_contains("Mice hand").rect().top();
    let elided: Vec<&(String, egui::Rect, bool)> =
        words.iter().filter(|w| w.2 && w.1.top() >= hand_top - 1.0).collect();
    assert!(elided.is_empty(), "words cut off in the hand: {elided:?}");
    assert!(
        !words.iter().any(|(t, r, _)| t.starts_with("needs ") && r.top() >= hand_top - 1.0),
        "a covered card shows its picture, not a fragment of its words"
    );
    // Held up, the card pointed at shows its words.
    let at = card_spot(&h, hand[5]);
    h.hover_at(at);
    h.run();
    let words = common::painted_words(&h);
    assert!(words.iter().any(|(t, _, _)| t.starts_with("needs ")), "the card held up shows what it needs");
}

/// Found by a new player at 800x600: playing a card laid it face down by
/// its bird, the column beside the hand grew a line, the hand's row grew
/// taller and the battlefield shrank and jumped. The row keeps its height.
#[test]
fn a_card_laid_face_down_does_not_move_the_battlefield() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::app_in_window(dir.path(), [800.0, 600.0]);
    let mut g = table(&["Tailwind", "Steady Talons", "Feint"], &[]);
    air(&mut g, 0, 12.0, 14.0, 6, Tilt::Centre);
    tf_common::play(&mut g, &Action::Activate(0));
    open(&mut h, dir.path(), g, [Player::Human, Player::Human]);
    let board = |h: &Harness<'_, AviaryApp>| h.get_by_label("battlefield").rect();
    h.run();
    let before = board(&h);
    let play = tab(&mut h)
        .table
        .session()
        .state()
        .legal_actions()
        .into_iter()
        .find(|a| matches!(a, Action::Play(p) if p.card == id("Tailwind")))
        .expect("Tailwind may be played");
    let mut notices = Vec::new();
    assert!(tab(&mut h).table.propose(play, &mut notices).is_ok(), "{notices:?}");
    h.run();
    h.run();
    assert!(
        h.query_all_by_label_contains("face down: Tailwind").next().is_some(),
        "the card lies face down by its bird"
    );
    assert_eq!(board(&h), before, "the battlefield stays where it was");
    // Taking the card back asks first, and says why: a card played, no
    // dice ("Undo past … rolled dice?" puzzled a new player here).
    h.get_by_label("Undo").click();
    h.run();
    h.get_by_label("Undo past dice, a card played or the other side's turn?");
}

/// A card in hand that cannot be played now says why when held up, in
/// the rules' words ("not playable now" alone left a new player
/// guessing): its moment has not come, or the wheel is short of cheese.
#[test]
fn a_card_that_cannot_be_played_now_says_why_when_held_up() {
    let held_up = |state: TailFeathers, name: &str| {
        let dir = tempfile::tempdir().unwrap();
        let mut h = common::harness_in(dir.path());
        open(&mut h, dir.path(), state, [Player::Human, Player::Computer(aviary::ai::Level::Easy)]);
        let at = card_spot(&h, name);
        h.hover_at(at);
        h.run();
        format!("{:?}", h.output().shapes)
    };
    // The mice choose a unit: Tailwind waits for a flight.
    let shown = held_up(table(&["Tailwind"], &[]), "Tailwind");
    assert!(shown.contains("not playable now: it is played before flying, and now is not that moment"));
    // A card that costs cheese, with none left.
    let cost = aviary::rules::tail_feathers::cards::card(id("Fire Arrow")).cost;
    assert!(cost > 0);
    let mut poor = table(&["Fire Arrow"], &[]);
    poor.arrange_cheese(MICE, 0);
    let shown = held_up(poor, "Fire Arrow");
    assert!(shown.contains(&format!("not playable now: it costs {cost} cheese and the wheel holds 0")));
}

/// Found by a new player: the Swallow perched in the nest stood on top of
/// the Chaffinch perched there too, and the mice in the nest under them.
/// Birds perched in one nest stand side by side, and the figures there
/// round them, none on another.
#[test]
fn birds_perched_in_one_nest_stand_side_by_side() {
    use aviary::rules::tail_feathers::game::{BIRD_FIGS, UNIT_DEFS, unit_of};
    use aviary::rules::tail_feathers::geometry::{Heading, Pose};
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness_in(dir.path());
    let mut g = table(&[], &[]);
    let nest = TailFeathers::nest_space(Alliance::Mice);
    let birds: Vec<u8> = BIRD_FIGS.iter().copied().filter(|&f| UNIT_DEFS[unit_of(f)].side == Alliance::Mice).collect();
    assert!(birds.len() >= 2, "the mice have two birds");
    for &b in &birds[..2] {
        g.arrange_place(b, Place::Space(nest));
        let at = g.space_centre(nest);
        g.arrange_bird(b, Pose { at, heading: Heading(6) }, Tilt::Centre, false);
    }
    // Three mice of a squad home in the nest too.
    let mice: Vec<u8> = (0..=u8::MAX)
        .filter(|&f| {
            usize::from(f) < aviary::rules::tail_feathers::game::FIGURES
                && !BIRD_FIGS.contains(&f)
                && UNIT_DEFS[unit_of(f)].side == Alliance::Mice
                && UNIT_DEFS[unit_of(f)].count > 1
        })
        .take(3)
        .collect();
    for &m in &mice {
        g.arrange_place(m, Place::Space(nest));
    }
    let in_nest = g.in_space(nest).len();
    assert!(in_nest >= 3, "mice beside the birds in the nest ({in_nest})");
    open(&mut h, dir.path(), g, [Player::Human, Player::Human]);
    let spots = tab(&mut h).figure_spots.clone();
    let rects: Vec<egui::Rect> = h
        .query_all(egui_kittest::kittest::by().role(egui::accesskit::Role::Button))
        .map(|n| n.rect())
        .filter(|r| spots.iter().any(|x| x.1.distance(r.center()) < 0.6))
        .collect();
    let nest_figures: Vec<egui::Rect> = spots
        .iter()
        .filter(|x| g_place_is(&tab(&mut h).table.session().state().clone(), x.0, nest))
        .filter_map(|x| rects.iter().find(|r| x.1.distance(r.center()) < 0.6).copied())
        .collect();
    assert_eq!(nest_figures.len(), in_nest, "every figure in the nest is drawn");
    for (i, a) in nest_figures.iter().enumerate() {
        for b in &nest_figures[i + 1..] {
            // Round bases: apart when their centres are further than
            // their radii.
            let apart = a.center().distance(b.center()) >= a.width() / 2.0 + b.width() / 2.0 - 1.0;
            assert!(apart, "{a:?} lies on {b:?}");
        }
    }
}

fn g_place_is(g: &TailFeathers, f: u8, s: u8) -> bool {
    g.figure(f).place == Place::Space(s)
}
