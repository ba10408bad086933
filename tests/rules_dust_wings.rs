//! One test per Dust in the Wings ruling (DW-R1..R7), named after it, and
//! the designed components.
#![allow(clippy::unwrap_used)]

use aviary::rules::dust_wings::{
    Action, COMPOSITIONS, CardRef, Colour, Condition, Crystal, DustInTheWings, FLOWERS, Options, SIZE, Shape, Stage,
    gathering_card, gathering_cards, placements,
};
use aviary::rules::grid::Square;
use aviary::rules::{Game, Seat, Setup, ToMove};

fn s(name: &str) -> Square {
    name.parse().unwrap()
}

fn game(seats: u8) -> DustInTheWings {
    DustInTheWings::new(&Setup { seats, options: Options { names: Vec::new(), first: Some(0) } }, 9)
}

/// A game with an empty meadow except the given spaces, no face-up card
/// fulfilled by accident (Gathering cards of four, compositions given).
fn bare(spaces: &[(&str, [u8; 3])], composition: [Option<u8>; 3]) -> DustInTheWings {
    let mut g = game(2);
    for i in 0..25 {
        g.set_space(Square::from_index(i, SIZE), [0, 0, 0]);
    }
    for (name, c) in spaces {
        g.set_space(s(name), *c);
    }
    // Gathering ids 16.. are the size-4 cards.
    g.set_cards(
        [Some(16), Some(17), Some(18)],
        [vec![Crystal::Black], vec![Crystal::Black], vec![Crystal::White]],
        composition,
    );
    g
}

fn drop(colour: Colour, to: &str) -> Action {
    Action::Drop { colour, to: s(to) }
}

#[test]
fn components_are_as_the_spec_constrains_them() {
    assert_eq!(FLOWERS.iter().map(|&f| u32::from(f)).sum::<u32>(), 48);
    assert!(FLOWERS.iter().all(|&f| (1..=3).contains(&f)));
    let cards = gathering_cards();
    assert_eq!(cards.len(), 31);
    for size in 2..=4u8 {
        let n = cards.iter().filter(|c| c.counts.iter().sum::<u8>() == size).count();
        assert_eq!(n, [0, 0, 6, 10, 15][usize::from(size)], "size {size}");
    }
    for (i, a) in cards.iter().enumerate() {
        assert!(cards[i + 1..].iter().all(|b| b != a), "every multiset once");
    }
    assert_eq!(COMPOSITIONS.len(), 24);
    for shape in Shape::ALL {
        let of: Vec<_> = COMPOSITIONS.iter().filter(|c| c.shape == shape).collect();
        assert_eq!(of.len(), 3, "{shape:?}");
        assert!(of.iter().any(|c| matches!(c.condition, Condition::Few(_))));
        assert!(of.iter().any(|c| matches!(c.condition, Condition::Many(_))));
        assert!(of.iter().any(|c| c.condition == Condition::Even));
        assert!(of.iter().all(|c| (1..=4).contains(&c.points)));
    }
    // The setup puts one butterfly on every flower.
    let g = game(3);
    for (i, &flowers) in FLOWERS.iter().enumerate() {
        let sq = Square::from_index(i, SIZE);
        assert_eq!(g.at(sq).iter().sum::<u8>(), flowers, "{sq}");
    }
    let (b, w) = g.bag();
    assert_eq!(u32::from(b) + u32::from(w), 33, "three crystals went onto the Gathering cards");
    let (b, w) = game(2).bag();
    assert_eq!(u32::from(b) + u32::from(w), 21);
}

#[test]
fn dw_r1_the_path_steps_orthogonally_never_straight_back_and_the_player_picks_colours() {
    let mut g = bare(&[("c3", [1, 1, 1]), ("a1", [1, 0, 0])], [None, None, None]);
    g.apply(&Action::Pick(s("c3"))).unwrap();
    assert_eq!(g.at(s("c3")), [0, 0, 0], "the space is emptied");
    let e = g.check(&drop(Colour::Red, "d4")).unwrap_err();
    let (rule, reason) = (e.rule, e.reason);
    assert_eq!(rule, "DW-R1");
    assert!(reason.contains("not next to"), "{reason}");
    // A drop on the space the path is on says so (a new player was told
    // "c3 is not next to c3").
    let e = g.check(&drop(Colour::Red, "c3")).unwrap_err();
    assert!(e.reason.starts_with("the path is on c3") && !e.reason.contains("not next to"), "{}", e.reason);
    g.apply(&drop(Colour::Blue, "c4")).unwrap();
    // Not straight back to the emptied space.
    let e = g.check(&drop(Colour::Red, "c3")).unwrap_err();
    assert_eq!(e.rule, "DW-R1");
    assert!(e.reason.contains("straight back"), "{}", e.reason);
    assert!(!g.next_spaces().contains(&s("c3")));
    g.apply(&drop(Colour::Yellow, "d4")).unwrap();
    // c3 may be revisited later... but not as a straight return; d3 then c3 is fine.
    let e = g.check(&drop(Colour::Blue, "d3")).unwrap_err();
    assert!(e.reason.contains("no blue"), "{}", e.reason);
    g.apply(&drop(Colour::Red, "d3")).unwrap();
    assert_eq!(g.at(s("c4")), [0, 1, 0]);
    assert_eq!(g.at(s("d4")), [0, 0, 1]);
    assert_eq!(g.at(s("d3")), [1, 0, 0]);
    // Edges: a1's neighbours are only a2 and b1.
    let mut g = bare(&[("a1", [2, 0, 0])], [None, None, None]);
    g.apply(&Action::Pick(s("a1"))).unwrap();
    let mut next = g.next_spaces();
    next.sort();
    assert_eq!(next, vec![s("a2"), s("b1")]);
    g.apply(&drop(Colour::Red, "b1")).unwrap();
    assert_eq!(g.next_spaces().len(), 2, "from b1: c1 and b2, not back to a1");
}

#[test]
fn dw_r2_gathering_is_exact_and_compositions_match_any_orientation_covering_the_last_space() {
    // Gathering: exactly the multiset.
    let card = gathering_card(3); // size 2
    let mut g = bare(&[("b2", card.counts)], [None, None, None]);
    g.set_cards([Some(3), Some(16), Some(17)], [vec![], vec![], vec![]], [None, None, None]);
    let m = {
        let mut m = [[0u8; 3]; 25];
        m[s("b2").index(SIZE)] = card.counts;
        m
    };
    assert_eq!(g.fulfilled_on(&m, s("b2")), vec![CardRef::Gathering(0)]);
    let mut more = m;
    more[s("b2").index(SIZE)][0] += 1;
    assert!(g.fulfilled_on(&more, s("b2")).is_empty(), "one butterfly too many");
    // A neighbour holding the same does not count: only the last space.
    assert!(g.fulfilled_on(&m, s("b3")).is_empty());

    // Every shape, every orientation: "even" holds at each of its cells.
    let expected = [
        (Shape::Domino, 2),
        (Shape::StraightTromino, 2),
        (Shape::LTromino, 4),
        (Shape::StraightTetromino, 2),
        (Shape::Square, 1),
        (Shape::T, 4),
        (Shape::S, 4),
        (Shape::L, 8),
    ];
    for (shape, n) in expected {
        let orientations = shape.orientations();
        assert_eq!(orientations.len(), n, "{shape:?}");
        let even = COMPOSITIONS.iter().position(|c| c.shape == shape && c.condition == Condition::Even).unwrap() as u8;
        for cells in &orientations {
            let mut m = [[0u8; 3]; 25];
            let at = |x: i8, y: i8| Square::new((x + 1) as u8, (y + 1) as u8);
            for &(x, y) in cells {
                m[at(x, y).index(SIZE)] = [1, 1, 0];
            }
            for &(x, y) in cells {
                assert!(
                    DustInTheWings::composition_fulfilled(&m, even, at(x, y)),
                    "{shape:?} {cells:?} at {}",
                    at(x, y)
                );
            }
            // Not where the shape is not.
            assert!(
                !DustInTheWings::composition_fulfilled(&m, even, Square::new(4, 4))
                    || shape == Shape::StraightTetromino
            );
            // One space with a different count breaks "even".
            let mut uneven = m;
            let (x, y) = cells[0];
            uneven[at(x, y).index(SIZE)] = [3, 0, 0];
            let others_alone = placements(shape, at(cells[1].0, cells[1].1))
                .iter()
                .filter(|p| p.iter().all(|&i| m[i] == [1, 1, 0] && uneven[i] == [1, 1, 0]))
                .count();
            if others_alone == 0 {
                assert!(!DustInTheWings::composition_fulfilled(&uneven, even, at(cells[1].0, cells[1].1)), "{shape:?}");
            }
        }
    }
    // "few" counts empty spaces in; "many" needs the total.
    let few =
        COMPOSITIONS.iter().position(|c| c.shape == Shape::Square && matches!(c.condition, Condition::Few(_))).unwrap();
    let Condition::Few(n) = COMPOSITIONS[few].condition else { unreachable!() };
    let mut m = [[5u8, 0, 0]; 25];
    m[s("a1").index(SIZE)] = [0, 0, 0];
    m[s("b1").index(SIZE)] = [0, 0, 0];
    m[s("a2").index(SIZE)] = [0, 0, 0];
    m[s("b2").index(SIZE)] = [n.min(3), 0, 0];
    assert!(DustInTheWings::composition_fulfilled(&m, few as u8, s("a1")));
    m[s("b2").index(SIZE)] = [n + 1, 0, 0];
    assert!(!DustInTheWings::composition_fulfilled(&m, few as u8, s("a1")));
    let many = COMPOSITIONS
        .iter()
        .position(|c| c.shape == Shape::StraightTetromino && matches!(c.condition, Condition::Many(_)))
        .unwrap();
    let Condition::Many(n) = COMPOSITIONS[many].condition else { unreachable!() };
    let mut m = [[0u8; 3]; 25];
    for x in 0..4u8 {
        m[Square::new(x, 2).index(SIZE)] = [n / 4 + 1, 0, 0];
    }
    assert!(DustInTheWings::composition_fulfilled(&m, many as u8, Square::new(0, 2)));
    assert!(DustInTheWings::composition_fulfilled(&m, many as u8, Square::new(3, 2)));
    assert!(
        !DustInTheWings::composition_fulfilled(&m, many as u8, Square::new(0, 3)),
        "the shape must cover the last space"
    );
}

#[test]
fn dw_r3_one_card_per_turn_and_a_fulfilled_card_must_be_taken() {
    let even_domino =
        COMPOSITIONS.iter().position(|c| c.shape == Shape::Domino && c.condition == Condition::Even).unwrap() as u8;
    let mut g = bare(&[("c3", [1, 0, 0]), ("e3", [1, 0, 0])], [Some(even_domino), None, None]);
    g.set_cards(
        [Some(0), Some(16), Some(17)],
        [vec![Crystal::White, Crystal::Black], vec![], vec![]],
        [Some(even_domino), None, None],
    );
    // Gathering card 0 is two reds.
    assert_eq!(gathering_card(0).counts, [2, 0, 0]);
    g.apply(&Action::Pick(s("c3"))).unwrap();
    g.apply(&drop(Colour::Red, "d3")).unwrap();
    // d3 holds one red next to e3's one red: the even domino; not 2 reds.
    assert!(matches!(g.stage(), Stage::Claim { .. }));
    assert_eq!(g.legal_actions(), vec![Action::Claim(CardRef::Composition(0))]);
    let e = g.check(&Action::Claim(CardRef::Gathering(0))).unwrap_err();
    assert_eq!(e.rule, "DW-R2");
    let e = g.check(&Action::Pick(s("a1"))).unwrap_err();
    assert_eq!(e.rule, "DW-R3");
    g.apply(&Action::Claim(CardRef::Composition(0))).unwrap();
    assert_eq!(g.tableau(Seat(0)).compositions, vec![even_domino]);
    assert_eq!(g.current(), Seat(1), "one card, then the turn passes");

    // Nothing fulfilled: the turn passes at the last drop.
    let mut g = bare(&[("a1", [0, 1, 0])], [None, None, None]);
    g.apply(&Action::Pick(s("a1"))).unwrap();
    g.apply(&drop(Colour::Blue, "a2")).unwrap();
    assert_eq!(g.current(), Seat(1));
    assert_eq!(*g.stage(), Stage::Pick);
}

#[test]
fn dw_r4_renewal_replaces_discards_at_three_and_spreads_crystals() {
    let mut g = bare(&[("c3", [0, 0, 1]), ("c4", [0, 0, 1])], [None, None, None]);
    // Slot 0: two yellows (id of [0,0,2]) with 2 crystals; slot 1 carries 3.
    let two_yellow = gathering_cards().iter().position(|c| c.counts == [0, 0, 2]).unwrap() as u8;
    g.set_cards(
        [Some(two_yellow), Some(20), Some(21)],
        [vec![Crystal::White, Crystal::Black], vec![Crystal::Black; 3], vec![Crystal::White]],
        [None, None, None],
    );
    g.set_decks(vec![], vec![5, 6], vec![]);
    g.set_bag(1, 0);
    g.apply(&Action::Pick(s("c3"))).unwrap();
    g.apply(&drop(Colour::Yellow, "c4")).unwrap();
    g.apply(&Action::Claim(CardRef::Gathering(0))).unwrap();
    let t = g.tableau(Seat(0));
    assert_eq!((t.gatherings.clone(), t.black, t.white), (vec![two_yellow], 1, 1));
    // Card 20 (3 crystals) was discarded, its crystals back to the bag; the
    // empty deck was rebuilt from the discard pile including card 20.
    let cards = g.gathering();
    let shown: Vec<u8> = cards.iter().filter_map(|(c, _)| *c).collect();
    assert_eq!(shown.len(), 3);
    assert!(shown.contains(&21));
    let from_discard: Vec<u8> = shown.iter().copied().filter(|&c| c != 21).collect();
    assert!(from_discard.iter().all(|c| [5, 6, 20].contains(c)), "{shown:?}");
    // 1 + 3 crystals in the bag, 3 drawn: the two new cards (0 crystals)
    // first, then slot 2.
    assert_eq!(cards[0].1.len(), 1);
    assert_eq!(cards[1].1.len(), 1);
    assert_eq!(cards[2].1.len(), 2);
    assert_eq!(g.bag(), (1, 0));
    // When short, fewest crystals first, ties left to right.
    let mut g = bare(&[("a1", [0, 1, 0])], [None, None, None]);
    g.set_cards([Some(16), Some(17), Some(18)], [vec![Crystal::Black], vec![], vec![]], [None, None, None]);
    g.set_bag(2, 0);
    g.apply(&Action::Pick(s("a1"))).unwrap();
    g.apply(&drop(Colour::Blue, "a2")).unwrap();
    let cards = g.gathering();
    assert_eq!([cards[0].1.len(), cards[1].1.len(), cards[2].1.len()], [1, 1, 1]);
}

/// The status after a pick says how many to drop, "more" only once some
/// are down (it said "drop 3 more butterflies" before any drop).
#[test]
fn the_status_counts_the_butterflies_left_to_drop() {
    let mut g = bare(&[("c3", [1, 1, 1])], [None, None, None]);
    g.apply(&Action::Pick(s("c3"))).unwrap();
    assert!(g.status().ends_with(": drop 3 butterflies along the path"), "{}", g.status());
    g.apply(&drop(Colour::Red, "c4")).unwrap();
    assert!(g.status().ends_with(": drop 2 more butterflies along the path"), "{}", g.status());
    g.apply(&drop(Colour::Blue, "c5")).unwrap();
    assert!(g.status().ends_with(": drop 1 more butterfly along the path"), "{}", g.status());
}

#[test]
fn dw_r5_an_empty_bag_gives_one_last_turn_and_empty_decks_leave_slots_empty() {
    let mut g = bare(&[("a1", [0, 1, 0]), ("e5", [0, 1, 0])], [None, None, None]);
    g.set_bag(0, 0);
    g.set_decks(vec![], vec![], vec![]);
    g.apply(&Action::Pick(s("a1"))).unwrap();
    g.apply(&drop(Colour::Blue, "a2")).unwrap();
    assert_eq!(g.last_turn(), Some(Seat(1)), "the next player's turn is the last");
    assert!(g.status().contains("last turn"), "{}", g.status());
    g.apply(&Action::Pick(s("e5"))).unwrap();
    g.apply(&drop(Colour::Blue, "e4")).unwrap();
    assert_eq!(g.to_move(), ToMove::Nobody);
    assert!(g.outcome().is_some());
    // A claimed Gathering card with no deck and no discard pile: the slot stays empty.
    let mut g = bare(&[("c3", [0, 0, 1]), ("c4", [0, 0, 1])], [None, None, None]);
    let two_yellow = gathering_cards().iter().position(|c| c.counts == [0, 0, 2]).unwrap() as u8;
    g.set_cards([Some(two_yellow), Some(20), Some(21)], [vec![Crystal::Black], vec![], vec![]], [None, None, None]);
    g.set_decks(vec![], vec![], vec![]);
    g.set_bag(5, 0);
    g.apply(&Action::Pick(s("c3"))).unwrap();
    g.apply(&drop(Colour::Yellow, "c4")).unwrap();
    g.apply(&Action::Claim(CardRef::Gathering(0))).unwrap();
    let cards = g.gathering();
    assert_eq!(cards[0].0, None);
    assert!(cards[0].1.is_empty(), "an empty slot gets no crystal");
    assert_eq!(g.bag(), (3, 0));
}

#[test]
fn dw_r6_scores_and_tie_breaks() {
    use aviary::rules::dust_wings::Tableau;
    let t = Tableau { gatherings: vec![1], compositions: vec![0], black: 2, white: 1 };
    assert_eq!(t.score(), i32::from(COMPOSITIONS[0].points) + 2 + 2);
    // Plays out the last turns from an empty bag with the given tableaux.
    let finish = |a: Tableau, b: Tableau| {
        let mut g = bare(&[("a1", [0, 1, 0]), ("e5", [0, 1, 0])], [None, None, None]);
        g.set_bag(0, 0);
        g.set_decks(vec![], vec![], vec![]);
        g.set_tableau(Seat(0), a);
        g.set_tableau(Seat(1), b);
        g.apply(&Action::Pick(s("a1"))).unwrap();
        g.apply(&drop(Colour::Blue, "a2")).unwrap();
        g.apply(&Action::Pick(s("e5"))).unwrap();
        g.apply(&drop(Colour::Blue, "e4")).unwrap();
        g.outcome().unwrap()
    };
    // 4 points each: two whites beat four blacks.
    let o = finish(
        Tableau { gatherings: vec![1], compositions: vec![], black: 4, white: 0 },
        Tableau { gatherings: vec![2], compositions: vec![], black: 0, white: 2 },
    );
    assert_eq!(o.scores, vec![4, 4]);
    assert_eq!(o.winners, vec![Seat(1)]);
    assert!(o.reason.contains("tie"), "{}", o.reason);
    // Same points and whites: fewer Gathering cards wins.
    let o = finish(
        Tableau { gatherings: vec![1, 2], compositions: vec![], black: 2, white: 1 },
        Tableau { gatherings: vec![3], compositions: vec![], black: 2, white: 1 },
    );
    assert_eq!(o.winners, vec![Seat(1)]);
    // Everything equal: shared.
    let o = finish(Tableau::default(), Tableau::default());
    assert_eq!(o.winners, vec![Seat(0), Seat(1)]);
    assert!(o.reason.contains("share"), "{}", o.reason);
}

#[test]
fn dw_r7_the_picked_space_must_hold_a_butterfly() {
    let g = bare(&[("c3", [1, 0, 0])], [None, None, None]);
    let e = g.check(&Action::Pick(s("b2"))).unwrap_err();
    assert_eq!(e.rule, "DW-R7");
    assert!(e.reason.contains("b2"), "{}", e.reason);
    assert_eq!(g.legal_actions(), vec![Action::Pick(s("c3"))]);
}

/// The renewal after a turn is said in the log, with the crystals laid on
/// each Gathering card: the cards on offer changed between turns with no
/// word of why.
#[test]
fn the_renewal_after_a_turn_is_said_in_the_log() {
    use aviary::session::{Player, Session};
    let options = Options { names: vec!["Ada".into(), "Ben".into()], first: Some(0) };
    let mut session: Session<DustInTheWings> =
        Session::new(Setup { seats: 2, options }, 4, vec![Player::Human, Player::Human]);
    let before: Vec<usize> = session.state().gathering().iter().map(|g| g.1.len()).collect();
    let plan = aviary::ai::dust_wings::plans(session.state(), 20_000)
        .into_iter()
        .find(|p| p.claim.is_none())
        .expect("a plan that claims nothing");
    for a in plan.actions {
        session.propose(a).unwrap();
    }
    assert_eq!(session.state().current(), Seat(1), "the turn is over");
    let line = &session.log().last().unwrap().text;
    assert!(line.contains("renewal: "), "{line}");
    for (i, g) in session.state().gathering().iter().enumerate() {
        if g.1.len() > before[i] {
            let colour = if g.1.last() == Some(&Crystal::Black) { "black" } else { "white" };
            assert!(line.contains(&format!("{colour} on G{}", i + 1)), "G{}'s new crystal in {line}", i + 1);
        }
    }
    // A move inside the turn says nothing of a renewal.
    assert!(!session.log()[session.log().len() - 2].text.contains("renewal"));
}
