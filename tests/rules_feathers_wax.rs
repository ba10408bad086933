//! One test per Feathers & Wax ruling, FW-R1..R17, on hand-built positions.
//!
//! The labyrinth (see `LABYRINTH_MAP`): the entrance leads into a7, the exit
//! leaves l1 eastwards; a8, d6, l5 are hives; h7, l7 are nests; e7 opens
//! every way; f7 has walls east and south.
#![allow(clippy::unwrap_used, clippy::needless_pass_by_value)]

use aviary::rules::cards::{Card, Suit};
use aviary::rules::feathers_wax::{
    Action, Cell, FeathersAndWax, Flyer, Heading, LABYRINTH, Options, Phase, Pile, Place, SKY_ROWS, Stage, TOWER_ROW,
    Walker,
};
use aviary::rules::{Game, Setup, ToMove};

const S: Suit = Suit::Spades;
const C: Suit = Suit::Clubs;
const H: Suit = Suit::Hearts;
const D: Suit = Suit::Diamonds;

fn card(rank: u8, suit: Suit) -> Card {
    Card::new(rank, suit)
}

fn cell(name: &str) -> Cell {
    let b = name.as_bytes();
    Cell { x: b[0] - b'a', y: name[1..].parse::<u8>().unwrap() - 1 }
}

fn game() -> FeathersAndWax {
    FeathersAndWax::new(&Setup { seats: 1, options: Options {} }, 7)
}

/// Daedalus at `at` with the movement card `c` in play.
fn walking(at: &str, c: Card) -> FeathersAndWax {
    let mut g = game();
    g.put_walker(Walker::At(cell(at)));
    g.stack(Pile::Moves, &[c]);
    g.apply(&Action::Draw).unwrap();
    assert_eq!(g.card(), Some(c));
    g
}

fn ok(g: &mut FeathersAndWax, a: Action) {
    g.apply(&a).unwrap_or_else(|e| panic!("{a:?} refused: {e}"));
}

fn refused(g: &FeathersAndWax, a: Action, rule: &str) -> String {
    let before = g.clone();
    let mut copy = g.clone();
    let err = copy.apply(&a).expect_err("should be refused");
    assert_eq!(err.rule, rule, "{a:?}: {err}");
    assert_eq!(copy, before, "a refused action changes nothing");
    err.reason
}

fn at(g: &FeathersAndWax) -> Cell {
    match g.walker() {
        Walker::At(c) => c,
        w => panic!("Daedalus is {w:?}"),
    }
}

/// Phase 3 with both flyers in the tower and these sections.
fn flying(icarus: &[u8], daedalus: &[u8]) -> FeathersAndWax {
    let mut g = game();
    g.start_flight(icarus, daedalus);
    assert_eq!(g.phase(), Phase::Flight);
    g
}

/// Draws exactly `cards` (stacked on top) and ends the draw.
fn draw(g: &mut FeathersAndWax, cards: &[Card]) {
    g.stack(Pile::Flight, cards);
    for _ in cards {
        ok(g, Action::Draw);
    }
    ok(g, Action::EndDraw);
}

fn play(g: &mut FeathersAndWax, c: Card, f: Flyer) {
    ok(g, Action::Play { card: c, flyer: f, up: None });
}

fn sky(col: u8, row: u8) -> Place {
    Place::Sky { col, row }
}

/// The status counts the steps left in good English: a 3 of hearts with
/// two steps taken read "up to 1 more steps".
#[test]
fn the_status_says_one_more_step_not_steps() {
    let mut g = walking("e7", card(3, H));
    assert!(g.status().contains("up to 3 more steps"), "{}", g.status());
    ok(&mut g, Action::Step(Heading::E));
    ok(&mut g, Action::Step(Heading::N));
    assert!(g.status().contains("up to 1 more step "), "{}", g.status());
}

/// A diamond's target refused says the true reason: a cell in line but
/// behind a wall was refused as "not on one straight line" (a new player
/// dragged along a straight row and was told it was not straight).
#[test]
fn fw_r1_a_diamond_s_refused_target_says_wall_distance_line_or_heading() {
    use aviary::rules::feathers_wax::routes::{Target, unreachable_reason};
    let mut g = walking("e7", card(3, D));
    // f7 has a wall to the east: g7 is in line, two steps off, behind it.
    let why = unreachable_reason(&g, Target::Cell(cell("g7"))).to_string();
    assert!(why.contains("wall") && why.contains("east") && !why.contains("not on one"), "{why}");
    let why = unreachable_reason(&g, Target::Cell(cell("e3"))).to_string();
    assert!(why.contains("4 steps away"), "{why}");
    let why = unreachable_reason(&g, Target::Cell(cell("f6"))).to_string();
    assert!(why.contains("not on one"), "{why}");
    ok(&mut g, Action::Step(Heading::E));
    let why = unreachable_reason(&g, Target::Cell(cell("c7"))).to_string();
    assert!(why.contains("already going east") && why.contains("west"), "{why}");
}

/// The note by a dragged way counts its steps in good English: it said
/// "1 steps" for a drag of one step.
#[test]
fn a_dragged_way_of_one_step_says_1_step() {
    use aviary::rules::feathers_wax::routes::path_words;
    let g = walking("e7", card(3, H));
    let one = path_words(&g, &[Heading::E]);
    assert!(one.starts_with("1 step,"), "{one}");
    let two = path_words(&g, &[Heading::E, Heading::N]);
    assert!(two.starts_with("2 steps,"), "{two}");
}

#[test]
fn fw_r1_diamonds_go_straight_hearts_turn_walls_block_and_stopping_early_is_allowed() {
    let mut g = walking("e7", card(3, D));
    ok(&mut g, Action::Step(Heading::E));
    assert_eq!(at(&g), cell("f7"));
    let why = refused(&g, Action::Step(Heading::N), "FW-R1");
    assert!(why.contains("straight line") && why.contains("east"), "{why}");
    // f7 has a wall to the east.
    let why = refused(&g, Action::Step(Heading::E), "FW-R1");
    assert!(why.contains("wall") && why.contains("f7"), "{why}");
    // Stopping early ends the move: the next card is a forced draw.
    ok(&mut g, Action::Stop);
    assert_eq!(g.card(), None);
    assert_eq!(g.to_move(), ToMove::Chance);

    let mut g = walking("e7", card(3, H));
    ok(&mut g, Action::Step(Heading::E));
    ok(&mut g, Action::Step(Heading::N)); // hearts may turn
    assert_eq!(at(&g), cell("f6"));
    ok(&mut g, Action::Step(Heading::S)); // and revisit a cell
    assert_eq!(at(&g), cell("f7"));
    assert_eq!(g.card(), None, "three steps used up the 3");

    // Zero steps is a legal use of a card.
    let mut g = walking("e7", card(9, H));
    ok(&mut g, Action::Stop);
    assert_eq!(at(&g), cell("e7"));
}

#[test]
fn fw_r2_each_location_entered_draws_once_in_path_order_and_the_start_cell_gives_nothing() {
    // a8 is a hive south of a7.
    let mut g = walking("a7", card(2, H));
    g.stack(Pile::Wax, &[card(5, C), card(6, C)]);
    ok(&mut g, Action::Step(Heading::S));
    assert_eq!(g.held(C), &[5]);
    assert!(g.is_used(cell("a8")));
    // Starting a move on a hive gives nothing.
    let mut g = walking("a8", card(1, H));
    g.stack(Pile::Wax, &[card(5, C)]);
    ok(&mut g, Action::Step(Heading::N));
    assert!(g.held(C).is_empty());
    // Passing over counts as well as stopping: d7 -> d6 (hive) -> d5 on a 2.
    let mut g = walking("d7", card(2, H));
    g.stack(Pile::Wax, &[card(8, C)]);
    ok(&mut g, Action::Step(Heading::N));
    ok(&mut g, Action::Step(Heading::N));
    assert_eq!(at(&g), cell("d5"));
    assert_eq!(g.held(C), &[8]);
}

#[test]
fn fw_r3_a_used_location_is_dry_until_daedalus_reaches_the_opposite_edge() {
    // l5 (a hive on the east edge) is entered from k5.
    let mut g = walking("k5", card(10, H));
    g.stack(Pile::Wax, &[card(2, C), card(3, C), card(4, C)]);
    assert!(!g.refreshed_east());
    ok(&mut g, Action::Step(Heading::E));
    assert!(g.refreshed_east(), "the east edge refreshes");
    assert_eq!(g.held(C), &[2]);
    ok(&mut g, Action::Step(Heading::W));
    ok(&mut g, Action::Step(Heading::E));
    assert_eq!(g.held(C), &[2], "used: nothing again");
    // Walk to the west edge (a step from b7 into a7), then come back.
    g.put_walker(Walker::At(cell("b7")));
    ok(&mut g, Action::Step(Heading::W));
    assert!(!g.refreshed_east());
    assert!(!g.is_used(cell("l5")));
    g.put_walker(Walker::At(cell("k5")));
    ok(&mut g, Action::Step(Heading::E));
    assert_eq!(g.held(C), &[2, 3], "fresh again after the west edge");
}

#[test]
fn fw_r4_a_jailer_acts_the_moment_it_is_drawn_before_the_move_goes_on() {
    let mut g = walking("a7", card(5, H));
    g.set_held(C, &[3, 4]);
    g.stack(Pile::Wax, &[card(11, C)]);
    ok(&mut g, Action::Step(Heading::S));
    assert!(g.held(C).is_empty(), "the Jailer took the wax at once");
    assert_eq!(g.steps_left(), 4, "and the move continues");
    assert!(g.discards().contains(card(11, C)));
}

#[test]
fn fw_r5_a_kept_king_may_be_spent_to_cancel_a_jailer_or_maiden_of_its_suit() {
    // The K is kept when drawn.
    let mut g = walking("a7", card(3, H));
    g.stack(Pile::Wax, &[card(13, C)]);
    ok(&mut g, Action::Step(Heading::S));
    assert!(g.has_king(C));

    // Spend it against a Jailer: the wax stays, the K goes.
    let mut g = walking("a7", card(3, H));
    g.set_held(C, &[2, 9]);
    g.give_king(C);
    g.stack(Pile::Wax, &[card(11, C)]);
    ok(&mut g, Action::Step(Heading::S));
    assert_eq!(g.pending(), Some(card(11, C)));
    let why = refused(&g, Action::Step(Heading::N), "FW-R5");
    assert!(why.contains("K of clubs"), "{why}");
    let mut spend = g.clone();
    ok(&mut spend, Action::UseKing);
    assert_eq!(spend.held(C), &[2, 9]);
    assert!(!spend.has_king(C));
    // Or keep it: the Jailer acts, the K stays.
    ok(&mut g, Action::KeepKing);
    assert!(g.held(C).is_empty());
    assert!(g.has_king(C));
    // A K of the other suit does not help.
    let mut g = walking("a7", card(3, H));
    g.set_held(C, &[2]);
    g.give_king(S);
    g.stack(Pile::Wax, &[card(11, C)]);
    ok(&mut g, Action::Step(Heading::S));
    assert_eq!(g.pending(), None);
    assert!(g.held(C).is_empty());
}

#[test]
fn fw_r6_a_jailer_takes_every_collected_card_of_its_suit_but_not_the_king_or_the_other_suit() {
    let mut g = walking("a7", card(3, H));
    g.set_held(C, &[1, 5, 7]);
    g.set_held(S, &[2, 4]);
    g.give_king(S);
    g.stack(Pile::Wax, &[card(11, C)]);
    ok(&mut g, Action::Step(Heading::S));
    assert!(g.held(C).is_empty());
    assert_eq!(g.held(S), &[2, 4]);
    assert!(g.has_king(S));
    for v in [1, 5, 7] {
        assert!(g.discards().contains(card(v, C)));
    }
}

#[test]
fn fw_r7_a_maiden_closes_a_suit_only_when_more_than_three_are_held() {
    // Three held: no effect.
    let mut g = walking("a7", card(3, H));
    g.set_held(C, &[1, 2, 3]);
    g.stack(Pile::Wax, &[card(12, C), card(9, C)]);
    // The log says why she did nothing (a new player read "no effect" as
    // face cards never doing anything).
    let line = g.describe(&Action::Step(Heading::S));
    assert!(line.contains("only closes a suit once more than 3 are held"), "{line}");
    ok(&mut g, Action::Step(Heading::S));
    assert!(!g.is_closed(C));
    assert_eq!(g.held(C), &[1, 2, 3]);
    // Four held: the suit is closed and hives give nothing.
    let mut g = walking("a7", card(9, H));
    g.set_held(C, &[1, 2, 3, 4]);
    g.stack(Pile::Wax, &[card(12, C), card(9, C)]);
    ok(&mut g, Action::Step(Heading::S));
    assert!(g.is_closed(C));
    assert_eq!(g.held(C), &[1, 2, 3, 4], "the Maiden takes nothing");
    // d6 is a fresh hive: closed, it gives nothing.
    g.put_walker(Walker::At(cell("d7")));
    let wax_before = g.deck_counts().1;
    ok(&mut g, Action::Step(Heading::N));
    assert_eq!(g.deck_counts().1, wax_before);
    assert_eq!(g.held(C), &[1, 2, 3, 4]);
}

#[test]
fn fw_r8_daedalus_enters_by_the_entrance_leaves_by_the_exit_and_must_leave_in_time() {
    let mut g = game();
    assert_eq!(g.walker(), Walker::Outside);
    assert_eq!(g.to_move(), ToMove::Chance, "the first movement card is drawn by itself");
    g.stack(Pile::Moves, &[card(4, H)]);
    ok(&mut g, Action::Draw);
    let why = refused(&g, Action::Step(Heading::N), "FW-R8");
    assert!(why.contains("entrance"), "{why}");
    ok(&mut g, Action::Step(Heading::E));
    assert_eq!(at(&g), LABYRINTH.entrance());
    refused(&g, Action::Step(Heading::W), "FW-R8");

    // Leaving by the exit ends phase 1 (the step counts).
    let mut g = walking("l1", card(6, D));
    g.set_held(S, &[1, 2]);
    g.set_held(C, &[3, 4]);
    ok(&mut g, Action::Step(Heading::E));
    assert_eq!(g.walker(), Walker::Out);
    assert_eq!(g.phase(), Phase::Wings);

    // Still inside when the last movement card is used: lost.
    let mut g = game();
    for _ in 0..20 {
        ok(&mut g, Action::Draw);
        ok(&mut g, Action::Stop);
    }
    assert_eq!(g.phase(), Phase::Over);
    let o = g.outcome().unwrap();
    assert!(o.winners.is_empty());
    assert!(o.reason.contains("ran out"), "{}", o.reason);
}

#[test]
fn fw_r9_an_empty_suit_deck_gives_nothing() {
    let mut g = walking("a7", card(3, H));
    g.set_deck(Pile::Wax, Vec::new());
    ok(&mut g, Action::Step(Heading::S));
    assert!(g.held(C).is_empty());
    assert!(!g.is_used(cell("a8")));
}

#[test]
fn fw_r10_sections_pair_feathers_with_wax_and_each_flyer_needs_one() {
    let mut g = walking("l1", card(2, H));
    g.set_held(S, &[2, 5, 7, 9]);
    g.set_held(C, &[1, 4, 6]);
    ok(&mut g, Action::Step(Heading::E));
    assert_eq!(g.phase(), Phase::Wings);
    assert_eq!(g.sections(), 3);
    ok(&mut g, Action::Wing { value: 9, flyer: Flyer::Icarus });
    ok(&mut g, Action::Wing { value: 7, flyer: Flyer::Icarus });
    let why = refused(&g, Action::Launch, "FW-R10");
    assert!(why.contains("1 of 3"), "{why}");
    ok(&mut g, Action::Wing { value: 5, flyer: Flyer::Icarus });
    let why = refused(&g, Action::Wing { value: 2, flyer: Flyer::Daedalus }, "FW-R10");
    assert!(why.contains("only 3 sections"), "{why}");
    let why = refused(&g, Action::Launch, "FW-R10");
    assert!(why.contains("Daedalus needs"), "{why}");
    // Move one across, then swap which spade is used.
    ok(&mut g, Action::Wing { value: 5, flyer: Flyer::Daedalus });
    ok(&mut g, Action::Unwing(7));
    ok(&mut g, Action::Wing { value: 2, flyer: Flyer::Icarus });
    ok(&mut g, Action::Launch);
    assert_eq!(g.phase(), Phase::Flight);
    assert_eq!(g.wings(Flyer::Icarus), &[2, 9]);
    assert_eq!(g.wings(Flyer::Daedalus), &[5]);

    // One section only: lost at the exit.
    let mut g = walking("l1", card(2, H));
    g.set_held(S, &[2, 5]);
    g.set_held(C, &[1]);
    ok(&mut g, Action::Step(Heading::E));
    assert_eq!(g.phase(), Phase::Over);
    assert!(g.outcome().unwrap().reason.contains("too few wing sections"));
}

#[test]
fn fw_r11_a_flight_turn_draws_at_least_two_cards_and_discards_the_unplayed_ones() {
    let mut g = flying(&[3], &[4]);
    g.stack(Pile::Flight, &[card(2, H), card(5, H), card(7, D)]);
    assert_eq!(g.to_move(), ToMove::Chance, "the first two draws are forced");
    ok(&mut g, Action::Draw);
    let why = refused(&g, Action::EndDraw, "FW-R11");
    assert!(why.contains("at least 2"), "{why}");
    ok(&mut g, Action::Draw);
    assert!(matches!(g.to_move(), ToMove::Seat(_)), "a third card is the player's choice");
    ok(&mut g, Action::Draw);
    ok(&mut g, Action::EndDraw);
    play(&mut g, card(2, H), Flyer::Icarus);
    ok(&mut g, Action::Done);
    play(&mut g, card(5, H), Flyer::Daedalus);
    ok(&mut g, Action::Done);
    assert_eq!(g.stage(), Stage::Drawing);
    assert!(g.drawn().is_empty());
    assert!(g.discards().contains(card(7, D)), "the unplayed card is discarded");
    // Once one flyer is safe, one card is enough.
    g.set_place(Flyer::Icarus, Place::Safe);
    assert_eq!(g.min_draw(), 1);
}

#[test]
fn fw_r12_face_cards_drawn_while_both_are_in_the_tower_are_set_aside() {
    let mut g = flying(&[3], &[4]);
    g.stack(Pile::Flight, &[card(11, H), card(13, D), card(6, H)]);
    ok(&mut g, Action::Draw);
    assert_eq!(g.drawn(), &[card(6, H)]);
    assert!(g.discards().contains(card(11, H)) && g.discards().contains(card(13, D)));
    // Once one has left the tower, a face card counts.
    let mut g = flying(&[3], &[4]);
    g.set_place(Flyer::Icarus, sky(1, 4));
    g.stack(Pile::Flight, &[card(12, H)]);
    ok(&mut g, Action::Draw);
    assert_eq!(g.drawn(), &[card(12, H)]);
}

#[test]
fn fw_r13_icarus_resolves_first() {
    let mut g = flying(&[3], &[4]);
    g.stack(Pile::Flight, &[card(2, H), card(5, H)]);
    ok(&mut g, Action::Draw);
    ok(&mut g, Action::Draw);
    ok(&mut g, Action::EndDraw);
    let why = refused(&g, Action::Play { card: card(2, H), flyer: Flyer::Daedalus, up: None }, "FW-R13");
    assert!(why.contains("Icarus moves first"), "{why}");
    // Both start in the tower cell: no collision there.
    assert_eq!(g.place(Flyer::Icarus), g.place(Flyer::Daedalus));
    play(&mut g, card(2, H), Flyer::Icarus);
    assert_eq!(g.place(Flyer::Icarus), sky(1, TOWER_ROW + 1));
}

#[test]
fn fw_r14_right_first_then_vertical_and_a_collision_drops_below_the_other() {
    // Diamonds for Icarus: right 1 then up 2.
    let mut g = flying(&[3], &[4]);
    draw(&mut g, &[card(2, D), card(5, H)]);
    play(&mut g, card(2, D), Flyer::Icarus);
    assert_eq!(g.place(Flyer::Icarus), sky(1, TOWER_ROW - 2));
    // Collision: Daedalus at (2,5) plays a hearts into... put Icarus at (3,6).
    let mut g = flying(&[3], &[4]);
    g.set_place(Flyer::Icarus, sky(3, 3));
    g.set_place(Flyer::Daedalus, sky(2, 3));
    draw(&mut g, &[card(9, H), card(8, H)]);
    play(&mut g, card(9, H), Flyer::Icarus); // Icarus to (4,4)
    ok(&mut g, Action::Done);
    g.set_place(Flyer::Icarus, sky(3, 3));
    // Daedalus steps right into (3,3), Icarus's cell: he ends below, at (3,4),
    // and his down step is not taken.
    play(&mut g, card(8, H), Flyer::Daedalus);
    assert_eq!(g.place(Flyer::Daedalus), sky(3, 4));
}

#[test]
fn fw_r15_matching_bonus_shift_and_the_sun_and_sea_rows() {
    // (a) a section equal to the card's value buys one more step right.
    let mut g = flying(&[4, 6], &[5]);
    draw(&mut g, &[card(4, H), card(2, H)]);
    play(&mut g, card(4, H), Flyer::Icarus);
    let why = refused(&g, Action::Bonus(6), "FW-R15");
    assert!(why.contains("does not match"), "{why}");
    ok(&mut g, Action::Bonus(4));
    assert_eq!(g.place(Flyer::Icarus), sky(2, TOWER_ROW + 1));
    assert_eq!(g.wings(Flyer::Icarus), &[6]);
    // (b) then shed one more to move up; that ends Icarus's specials.
    let mut g2 = g.clone();
    ok(&mut g2, Action::Shift { value: 6, up: true });
    assert_eq!(g2.phase(), Phase::Over, "no sections left: lost");
    assert!(g2.outcome().unwrap().reason.contains("no wing sections"));
    ok(&mut g, Action::Done);
    assert_eq!(g.stage(), Stage::Play(Flyer::Daedalus));

    // (c) ending on the sun row costs a section and drops two rows.
    let mut g = flying(&[3, 6], &[5]);
    g.set_place(Flyer::Icarus, sky(2, 2));
    g.set_place(Flyer::Daedalus, sky(1, SKY_ROWS - 2));
    draw(&mut g, &[card(7, D), card(2, H)]);
    play(&mut g, card(7, D), Flyer::Icarus); // right 1, up 2: row 0, the sun
    ok(&mut g, Action::Done);
    assert_eq!(g.place(Flyer::Icarus), sky(3, 2));
    assert_eq!(g.wings(Flyer::Icarus).len(), 1);
    // The sea row: Daedalus goes to row 6, loses his only section: lost.
    play(&mut g, card(2, H), Flyer::Daedalus);
    ok(&mut g, Action::Done);
    assert_eq!(g.phase(), Phase::Over);

    // (d) leaving the grid is a fall.
    let mut g = flying(&[3, 6], &[5]);
    g.set_place(Flyer::Icarus, sky(2, 1));
    g.set_place(Flyer::Daedalus, sky(1, 4));
    draw(&mut g, &[card(7, D), card(2, H)]);
    play(&mut g, card(7, D), Flyer::Icarus);
    assert_eq!(g.phase(), Phase::Over);
    assert_eq!(g.outcome().unwrap().reason, "Icarus flew into the sun");
}

#[test]
fn fw_r16_a_king_drives_the_flyers_apart() {
    let mut g = flying(&[3], &[4]);
    g.set_place(Flyer::Icarus, sky(2, 3));
    g.set_place(Flyer::Daedalus, sky(2, 5));
    draw(&mut g, &[card(13, H), card(2, H)]);
    play(&mut g, card(13, H), Flyer::Icarus);
    assert_eq!(g.place(Flyer::Icarus), sky(2, 2), "Icarus is above: he goes up");
    // Same row: the player must choose.
    let mut g = flying(&[3], &[4]);
    g.set_place(Flyer::Icarus, sky(2, 4));
    g.set_place(Flyer::Daedalus, sky(4, 4));
    draw(&mut g, &[card(13, D), card(2, H)]);
    let why = refused(&g, Action::Play { card: card(13, D), flyer: Flyer::Icarus, up: None }, "FW-R16");
    assert!(why.contains("up or down"), "{why}");
    ok(&mut g, Action::Play { card: card(13, D), flyer: Flyer::Icarus, up: Some(false) });
    assert_eq!(g.place(Flyer::Icarus), sky(2, 5));
    // The other is safe: up one.
    let mut g = flying(&[3], &[4]);
    g.set_place(Flyer::Icarus, Place::Safe);
    g.set_place(Flyer::Daedalus, sky(5, 4));
    g.stack(Pile::Flight, &[card(13, H)]);
    ok(&mut g, Action::Draw);
    ok(&mut g, Action::EndDraw);
    play(&mut g, card(13, H), Flyer::Daedalus);
    assert_eq!(g.place(Flyer::Daedalus), sky(5, 3));
}

#[test]
fn fw_r17_safety_ends_a_flyer_at_once_both_safe_wins_and_an_empty_deck_loses() {
    let mut g = flying(&[3], &[4]);
    g.set_place(Flyer::Icarus, sky(9, 4));
    g.set_place(Flyer::Daedalus, sky(8, 4));
    draw(&mut g, &[card(9, H), card(4, H)]);
    play(&mut g, card(9, H), Flyer::Icarus);
    assert_eq!(g.place(Flyer::Icarus), Place::Safe, "safe on the right step; the down step is skipped");
    assert_eq!(g.stage(), Stage::Play(Flyer::Daedalus), "no specials for a safe flyer");
    play(&mut g, card(4, H), Flyer::Daedalus);
    ok(&mut g, Action::Bonus(4));
    assert_eq!(g.phase(), Phase::Over);
    let o = g.outcome().unwrap();
    assert_eq!(o.winners.len(), 1, "won: {}", o.reason);

    // The deck cannot supply the minimum: lost.
    let mut g = flying(&[3], &[4]);
    g.set_place(Flyer::Icarus, sky(3, 4));
    g.set_place(Flyer::Daedalus, sky(3, 2));
    g.set_deck(Pile::Flight, vec![card(2, H), card(3, H)]);
    draw(&mut g, &[card(3, H), card(2, H)]);
    play(&mut g, card(3, H), Flyer::Icarus);
    ok(&mut g, Action::Done);
    play(&mut g, card(2, H), Flyer::Daedalus);
    ok(&mut g, Action::Done);
    assert_eq!(g.phase(), Phase::Over);
    assert!(g.outcome().unwrap().reason.contains("flight deck"), "{}", g.outcome().unwrap().reason);
}

#[test]
fn fw_boards_labyrinth_is_connected_and_the_way_through_is_long() {
    let dist = LABYRINTH.distances(LABYRINTH.entrance());
    assert!(dist.iter().all(|&d| d != u8::MAX), "every cell is reachable");
    // Enter, walk, leave.
    let through = 1 + LABYRINTH.steps_to_leave(LABYRINTH.entrance());
    assert_eq!(through, 23);
    // The sky: tower in the middle of seven rows.
    assert_eq!((SKY_ROWS, TOWER_ROW), (7, 3));
}

/// The log reads as the cards show: "the A of spades" (never "the 1 of
/// spades"), "1 card" (never "1 cards"), a sentence after ". " starts with a
/// capital, and a card set aside in the tower is named once.
#[test]
fn log_text_reads_as_the_cards_show_in_hundreds_of_games() {
    use aviary::session::{Player, Session};
    let mut seen_ace = false;
    for seed in 0..300u64 {
        let mut s: Session<FeathersAndWax> = Session::new(
            aviary::rules::Setup { seats: 1, options: aviary::rules::feathers_wax::Options::default() },
            seed,
            vec![Player::Human],
        );
        let mut rng = aviary::rules::Rng::seeded(seed);
        while !s.is_over() {
            let legal = s.state().legal_actions();
            s.propose(legal[rng.below(legal.len())].clone()).unwrap();
        }
        for e in s.log() {
            let t = &e.text;
            assert!(!t.contains(" 1 of spades"), "{t}");
            assert!(!t.contains(" 1 cards"), "{t}");
            assert!(!t.contains("card(s)"), "{t}");
            if let Some(i) = t.find(". ") {
                assert!(t[i + 2..].starts_with(|c: char| c.is_uppercase()), "{t}");
            }
            if let Some(i) = t.find(" is set aside") {
                let card = &t[..i];
                let name = card.rsplit("the ").next().unwrap();
                assert_eq!(t.matches(name).count(), 1, "named twice: {t}");
            }
            seen_ace |= t.contains("A of spades");
        }
    }
    assert!(seen_ace, "the ace of spades came up in some log");
}
