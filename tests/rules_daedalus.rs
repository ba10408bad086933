//! One named test per Daedalus ruling (DA-R1..DA-R12), on hand-built
//! positions. Board pictures in comments: White's near row (rank 1) is at
//! the bottom.
#![allow(clippy::unwrap_used)]

use aviary::rules::daedalus::{Action, Board, Colour, Daedalus, Options, Phase, Piece, PieceKind, TURN_LIMIT};
use aviary::rules::grid::Square;
use aviary::rules::{Game, Seat, Setup, ToMove};

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}
fn wall(c: Colour) -> Piece {
    Piece { kind: PieceKind::Wall, colour: c }
}
fn glad(c: Colour) -> Piece {
    Piece { kind: PieceKind::Gladiator, colour: c }
}
fn mino(c: Colour) -> Piece {
    Piece { kind: PieceKind::Minotaur, colour: c }
}
use Colour::{Black, White};

/// A position in the escaping phase; `turn` is the mover's turn number
/// (odd turns move the Minotaur).
fn position(pieces: &[(&str, Piece)], to_move: Colour, turn: u16, roam: bool) -> Daedalus {
    let mut b = Board::default();
    for (s, p) in pieces {
        b.put(sq(s), *p);
    }
    Daedalus::from_position(b, to_move, turn, Options { walls_roam: roam })
}

/// Kings-and-minotaurs in the corners, out of everyone's way.
fn base() -> Vec<(&'static str, Piece)> {
    vec![("e1", glad(White)), ("h1", mino(White)), ("e8", glad(Black)), ("h8", mino(Black))]
}

#[allow(clippy::needless_pass_by_value, reason = "call sites read better with owned actions")]
fn refused(g: &Daedalus, a: Action) -> aviary::rules::RuleViolation {
    let before = g.clone();
    let err = g.check(&a).expect_err("the move should be refused");
    let mut copy = g.clone();
    assert_eq!(copy.apply(&a), Err(err.clone()));
    assert_eq!(copy, before, "a refused move changes nothing");
    err
}

fn mv(from: &str, to: &str) -> Action {
    Action::MoveWall { from: sq(from), to: sq(to) }
}

#[test]
fn da_r1_each_player_counts_rows_from_their_near_row() {
    assert_eq!(White.row_of(sq("a1")), 1);
    assert_eq!(Black.row_of(sq("a8")), 1);
    assert_eq!(Black.row_of(sq("d4")), 5);
    assert!(White.owns_half(sq("d4")) && !White.owns_half(sq("d5")));
    assert!(Black.owns_half(sq("d5")) && !Black.owns_half(sq("d4")));
    // The building phase uses exactly these halves.
    let g = Daedalus::new(&Setup { seats: 2, options: Options::default() }, 1);
    let me = g.colour_to_move();
    let theirs = if me == White { "d5" } else { "d4" };
    let err = refused(&g, Action::PlaceWall(sq(theirs)));
    assert_eq!(err.rule, "DA-R3");
    assert!(err.reason.contains("row 5"), "{err}");
}

#[test]
fn da_r2_a_coin_picks_the_first_builder_and_the_other_player_moves_first() {
    let mut first = std::collections::BTreeSet::new();
    for seed in 0..24 {
        let mut g = Daedalus::new(&Setup { seats: 2, options: Options::default() }, seed);
        let builder = g.first_builder();
        assert_eq!(g.to_move(), ToMove::Seat(builder.seat()));
        first.insert(builder);
        while g.phase() == Phase::Building {
            let a = g.legal_actions()[0].clone();
            g.apply(&a).unwrap();
        }
        assert_eq!(g.to_move(), ToMove::Seat(builder.other().seat()), "seed {seed}: the other player opens");
        // The same seed always gives the same coin.
        assert_eq!(Daedalus::new(&Setup { seats: 2, options: Options::default() }, seed).first_builder(), builder);
    }
    assert_eq!(first.len(), 2, "both colours build first for some seed");
}

#[test]
fn da_r3_walls_alternate_then_gladiators_then_minotaurs_on_the_near_row() {
    let mut g = Daedalus::new(&Setup { seats: 2, options: Options::default() }, 3);
    let first = g.first_builder();
    for i in 0..14 {
        let expected = if i % 2 == 0 { first } else { first.other() };
        assert_eq!(g.colour_to_move(), expected, "wall {i} alternates");
        let err = refused(&g, Action::PlaceGladiator(sq(if expected == White { "a1" } else { "a8" })));
        assert_eq!(err.rule, "DA-R3");
        let a = g.legal_actions()[0].clone();
        assert!(matches!(a, Action::PlaceWall(_)));
        g.apply(&a).unwrap();
    }
    for (who, kind) in [
        (first, PieceKind::Gladiator),
        (first.other(), PieceKind::Gladiator),
        (first, PieceKind::Minotaur),
        (first.other(), PieceKind::Minotaur),
    ] {
        assert_eq!(g.colour_to_move(), who);
        let legal = g.legal_actions();
        assert!(!legal.is_empty());
        for a in &legal {
            let s = match (kind, a) {
                (PieceKind::Gladiator, Action::PlaceGladiator(s)) | (PieceKind::Minotaur, Action::PlaceMinotaur(s)) => {
                    *s
                }
                other => panic!("unexpected {other:?}"),
            };
            assert_eq!(s.y, who.near_y(), "only the near row");
        }
        // Off the near row (an empty square of the next row): refused.
        let next_row = if who == White { 1 } else { 6 };
        let off = (0..8).map(|x| Square::new(x, next_row)).find(|s| g.board().at(*s).is_none()).unwrap();
        let a = if kind == PieceKind::Gladiator { Action::PlaceGladiator(off) } else { Action::PlaceMinotaur(off) };
        assert_eq!(refused(&g, a).rule, "DA-R3");
        g.apply(&legal[0]).unwrap();
    }
    assert_eq!(g.phase(), Phase::Escaping);
}

#[test]
fn da_r3_a_wall_that_leaves_the_builder_no_square_for_a_later_wall_is_refused() {
    // Issue 10, finding 8: Black walls b7 b6 e7 d6 h7 g6 leave no valid
    // square for Black's seventh wall, and the game was stuck with no legal
    // action. Now the sixth wall (g6) is refused and says why.
    //   8 . . . . . . . .
    //   7 . B . . B . . B
    //   6 . B . B . . g .     g = the refused sixth wall
    //   5 . . . . . . . .
    let mut g = Daedalus::new(&Setup { seats: 2, options: Options::default() }, 3);
    let black = ["b7", "b6", "e7", "d6", "h7"];
    let white = ["a1", "c1", "e1", "g1", "a3", "c3", "e3"];
    let (mut b, mut w) = (black.iter(), white.iter());
    while g.board().walls(Black).len() < black.len() {
        let next = if g.colour_to_move() == Black { b.next() } else { w.next() };
        g.apply(&Action::PlaceWall(sq(next.unwrap()))).unwrap();
    }
    if g.colour_to_move() == White {
        g.apply(&Action::PlaceWall(sq(w.next().unwrap()))).unwrap();
    }
    assert_eq!(g.colour_to_move(), Black);
    let err = refused(&g, Action::PlaceWall(sq("g6")));
    assert_eq!(err.rule, "DA-R3");
    assert!(err.reason.contains("7th wall would have no valid square"), "{err}");
    // Every wall Black may still place leaves room for the seventh, and the
    // building always goes on to the end: never a position with no move.
    assert!(!g.legal_actions().contains(&Action::PlaceWall(sq("g6"))));
    while g.phase() == Phase::Building {
        let legal = g.legal_actions();
        assert!(!legal.is_empty(), "a legal placement exists at every step of the building");
        g.apply(&legal[legal.len() - 1]).unwrap();
    }
    assert_eq!(g.phase(), Phase::Escaping);
}

#[test]
fn da_r3_random_builders_never_get_stuck() {
    // Random placements (any legal one) always complete the building.
    for seed in 0..200 {
        let mut g = Daedalus::new(&Setup { seats: 2, options: Options::default() }, seed);
        let mut rng = aviary::rules::Rng::seeded(seed);
        while g.phase() == Phase::Building {
            let legal = g.legal_actions();
            assert!(!legal.is_empty(), "seed {seed}: stuck building at {:?}", g.board());
            g.apply(&legal[rng.below(legal.len())]).unwrap();
        }
    }
}

#[test]
fn da_r4_wall_may_not_touch_two_walls_of_its_colour() {
    //  row 4: . . W .     moving c4 -> c3 makes c3 touch b2 and d2
    //  row 2: . W . W
    let mut p = base();
    p.extend([("b2", wall(White)), ("d2", wall(White)), ("c4", wall(White)), ("g4", wall(White))]);
    let g = position(&p, White, 2, false);
    let err = refused(&g, mv("c4", "c3"));
    assert_eq!(err.rule, "DA-R4");
    assert!(err.reason.contains("b2") && err.reason.contains("d2"), "{err}");
    assert!(g.check(&mv("g4", "g3")).is_ok());
}

#[test]
fn da_r4_a_neighbour_may_not_end_up_touching_two_walls() {
    // b5 and c4 touch each other; e3 -> d3 would give c4 two white neighbours.
    let mut p = base();
    p.extend([("b5", wall(White)), ("c4", wall(White)), ("e3", wall(White)), ("g2", wall(White))]);
    let g = position(&p, White, 2, true);
    let err = refused(&g, mv("e3", "d3"));
    assert_eq!(err.rule, "DA-R4");
    assert!(err.reason.contains("c4"), "{err}");
}

#[test]
fn da_r4_walls_of_the_other_colour_do_not_count() {
    let mut p = base();
    p.extend([("b4", wall(Black)), ("d4", wall(Black)), ("c2", wall(White)), ("g2", wall(White))]);
    let g = position(&p, White, 2, false);
    // c3 touches black walls b4 and d4: allowed.
    assert!(g.check(&mv("c2", "c3")).is_ok());
}

#[test]
fn da_r5_walls_stay_on_their_half_unless_walls_roam() {
    let mut p = base();
    p.extend([("d4", wall(White)), ("g2", wall(White))]);
    let g = position(&p, White, 2, false);
    let err = refused(&g, mv("d4", "d5"));
    assert_eq!(err.rule, "DA-R5");
    let roaming = position(&p, White, 2, true);
    assert!(roaming.check(&mv("d4", "d5")).is_ok(), "the variant lets walls roam");
}

#[test]
fn da_r6_one_orthogonal_step_onto_an_empty_square() {
    let mut p = base();
    p.extend([("c2", wall(White)), ("g2", wall(White)), ("d2", wall(Black))]);
    let g = position(&p, White, 2, true);
    assert_eq!(refused(&g, mv("c2", "d3")).rule, "DA-R6", "no diagonal steps");
    assert_eq!(refused(&g, mv("c2", "c4")).rule, "DA-R6", "no long steps");
    let err = refused(&g, mv("c2", "d2"));
    assert_eq!(err.rule, "DA-R6");
    assert!(err.reason.contains("d2"), "{err}");
    assert_eq!(refused(&g, Action::MoveGladiator(sq("e3"))).rule, "DA-R6");
}

#[test]
fn da_r7_only_your_own_walls_and_two_different_ones() {
    let mut p = base();
    p.extend([("b2", wall(White)), ("g2", wall(White)), ("c7", wall(Black))]);
    let mut g = position(&p, White, 2, false);
    let err = refused(&g, mv("c7", "c6"));
    assert_eq!(err.rule, "DA-R7");
    assert!(err.reason.contains("own colour"), "{err}");
    g.apply(&mv("b2", "b3")).unwrap();
    let err = refused(&g, mv("b3", "b4"));
    assert_eq!(err.rule, "DA-R7");
    assert!(err.reason.contains("different"), "{err}");
}

#[test]
fn da_r7_the_minotaur_moves_last_and_only_on_odd_turns() {
    let mut p = base();
    p.extend([("b2", wall(White)), ("g2", wall(White))]);
    let mut g = position(&p, White, 1, false);
    assert_eq!(refused(&g, Action::MoveMinotaur(sq("h2"))).rule, "DA-R7");
    for a in [mv("b2", "b3"), mv("g2", "g3"), Action::MoveGladiator(sq("e2"))] {
        g.apply(&a).unwrap();
        assert_eq!(g.colour_to_move(), White, "the turn is not over before the Minotaur");
    }
    assert!(g.legal_actions().iter().all(|a| matches!(a, Action::MoveMinotaur(_))));
    g.apply(&Action::MoveMinotaur(sq("h2"))).unwrap();
    assert_eq!(g.colour_to_move(), Black, "the turn passes after the Minotaur");
    // On an even turn the Minotaur stays and the turn ends after walls and Gladiator.
    let mut even = position(&p, White, 2, false);
    for a in [mv("b2", "b3"), mv("g2", "g3"), Action::MoveGladiator(sq("e2"))] {
        even.apply(&a).unwrap();
    }
    assert_eq!(even.colour_to_move(), Black);
    let mut even = position(&p, White, 2, false);
    for a in [mv("b2", "b3"), mv("g2", "g3")] {
        even.apply(&a).unwrap();
    }
    let err = refused(&even, Action::MoveMinotaur(sq("h2")));
    assert_eq!(err.rule, "DA-R7");
    assert!(err.reason.contains("odd"), "{err}");
}

/// White's Gladiator on a4 can only step to a5, which is Black's
/// Gladiator's last free square (a6 is boxed by a7 and b6): stepping there
/// would trap it. White must use a wall move to free a4's Gladiator.
fn boxed() -> Daedalus {
    let p = vec![
        ("a4", glad(White)),
        ("a3", wall(White)),
        ("b4", wall(White)),
        ("g2", wall(White)),
        ("h3", wall(White)),
        ("h1", mino(White)),
        ("a6", glad(Black)),
        ("a7", wall(Black)),
        ("b6", wall(Black)),
        ("h8", mino(Black)),
    ];
    position(&p, White, 2, false)
}

#[test]
fn da_r7_a_blocked_gladiator_must_be_freed_by_a_wall_move() {
    let mut g = boxed();
    assert_eq!(g.required().walls, 2);
    assert!(g.required().gladiator, "some complete turn moves the Gladiator");
    // One wall move that does not free it is still fine: the other can.
    g.apply(&mv("g2", "g3")).unwrap();
    // A second one that does not free it would leave the turn incomplete.
    let err = refused(&g, mv("h3", "h4"));
    assert_eq!(err.rule, "DA-R7");
    assert!(err.reason.contains("could not be completed"), "{err}");
    assert!(!g.legal_actions().contains(&mv("h3", "h4")));
    // Freeing a3 works, and then the Gladiator steps there.
    g.apply(&mv("a3", "a2")).unwrap();
    g.apply(&Action::MoveGladiator(sq("a3"))).unwrap();
    assert_eq!(g.colour_to_move(), Black);
}

#[test]
fn da_r8_a_gladiator_on_its_far_row_steps_off_and_wins() {
    let mut p = vec![("c8", glad(White)), ("h1", mino(White)), ("e5", glad(Black)), ("h8", mino(Black))];
    p.extend([("b2", wall(White)), ("g2", wall(White))]);
    let mut g = position(&p, White, 2, false);
    assert!(g.legal_actions().contains(&Action::Escape));
    g.apply(&Action::Escape).unwrap();
    let o = g.outcome().unwrap();
    assert_eq!(o.winners, vec![Seat(0)]);
    assert!(o.reason.contains("escaped"), "{}", o.reason);
    assert!(g.legal_actions().is_empty());
    // Not from any other row.
    let p2 = [
        ("c7", glad(White)),
        ("h1", mino(White)),
        ("e5", glad(Black)),
        ("h8", mino(Black)),
        ("b2", wall(White)),
        ("g2", wall(White)),
    ];
    assert_eq!(refused(&position(&p2, White, 2, false), Action::Escape).rule, "DA-R8");
}

#[test]
fn da_r9_the_minotaur_kills_the_enemy_gladiator_but_not_its_own_or_the_other_minotaur() {
    let p = vec![
        ("d4", mino(White)),
        ("d5", glad(Black)),
        ("c4", glad(White)),
        ("e4", mino(Black)),
        ("b2", wall(White)),
        ("g2", wall(White)),
    ];
    let mut g = position(&p, White, 1, false);
    for a in [mv("b2", "b3"), mv("g2", "g3")] {
        g.apply(&a).unwrap();
    }
    g.apply(&Action::MoveGladiator(sq("c3"))).unwrap();
    // Own Gladiator's square is c3 now; put it back next to the Minotaur to test.
    assert!(g.legal_actions().contains(&Action::MoveMinotaur(sq("d5"))));
    assert_eq!(refused(&g, Action::MoveMinotaur(sq("e4"))).rule, "DA-R9", "not onto the other Minotaur");
    g.apply(&Action::MoveMinotaur(sq("d5"))).unwrap();
    let o = g.outcome().unwrap();
    assert_eq!(o.winners, vec![Seat(0)]);
    assert!(o.reason.contains("killed"), "{}", o.reason);

    // The Minotaur may never enter its own Gladiator's square.
    let p = vec![
        ("d4", mino(White)),
        ("d2", glad(White)),
        ("e8", glad(Black)),
        ("h8", mino(Black)),
        ("a2", wall(White)),
        ("g2", wall(White)),
    ];
    let mut g = position(&p, White, 1, false);
    for a in [mv("a2", "a3"), mv("g2", "g3"), Action::MoveGladiator(sq("d3"))] {
        g.apply(&a).unwrap();
    }
    let own = refused(&g, Action::MoveMinotaur(sq("d3")));
    assert_eq!(own.rule, "DA-R9");
    assert!(own.reason.contains("White's Gladiator"), "{own}");
}

#[test]
fn da_r10_no_move_may_take_a_gladiators_last_square() {
    let g = boxed();
    let err = refused(&g, Action::MoveGladiator(sq("a5")));
    assert_eq!(err.rule, "DA-R10");
    assert!(err.reason.contains("Black's Gladiator"), "{err}");
    // A wall may not box in a Gladiator either (walls roam here).
    let p = vec![
        ("a6", glad(Black)),
        ("a7", wall(Black)),
        ("b6", wall(Black)),
        ("h8", mino(Black)),
        ("e1", glad(White)),
        ("h1", mino(White)),
        ("a4", wall(White)),
        ("g2", wall(White)),
    ];
    let g = position(&p, White, 2, true);
    let err = refused(&g, mv("a4", "a5"));
    assert_eq!(err.rule, "DA-R10");
    assert!(err.reason.contains("a6"), "{err}");
}

#[test]
fn da_r10_a_kill_is_not_a_trap() {
    // Black's Gladiator on a6 has one free square left (b6). White's
    // Minotaur on a5 may not take it from b5... but stepping onto a6 kills:
    // a kill is not a trap.
    let p = vec![
        ("a6", glad(Black)),
        ("a7", wall(Black)),
        ("h8", mino(Black)),
        ("e1", glad(White)),
        ("a5", mino(White)),
        ("c2", wall(White)),
        ("g2", wall(White)),
    ];
    let mut g = position(&p, White, 1, false);
    for a in [mv("c2", "c3"), mv("g2", "g3"), Action::MoveGladiator(sq("e2"))] {
        g.apply(&a).unwrap();
    }
    assert!(g.check(&Action::MoveMinotaur(sq("a6"))).is_ok());
    g.apply(&Action::MoveMinotaur(sq("a6"))).unwrap();
    assert_eq!(g.outcome().unwrap().winners, vec![Seat(0)]);
    // From b5 instead, the Minotaur may not step onto b6, the last free square.
    let p = vec![
        ("a6", glad(Black)),
        ("a7", wall(Black)),
        ("a5", wall(Black)),
        ("h8", mino(Black)),
        ("e1", glad(White)),
        ("b5", mino(White)),
        ("c2", wall(White)),
        ("g2", wall(White)),
    ];
    let mut g = position(&p, White, 1, false);
    for a in [mv("c2", "c3"), mv("g2", "g3"), Action::MoveGladiator(sq("e2"))] {
        g.apply(&a).unwrap();
    }
    let err = refused(&g, Action::MoveMinotaur(sq("b6")));
    assert_eq!(err.rule, "DA-R10");
    assert!(err.reason.contains("Black's Gladiator"), "{err}");
}

#[test]
fn da_r11_a_player_who_can_move_nothing_passes_and_the_log_says_so() {
    // White has no walls, its Gladiator's only step would trap Black's, and
    // its Minotaur does not move on an even turn.
    let p = vec![
        ("a4", glad(White)),
        ("a3", wall(Black)),
        ("b4", wall(Black)),
        ("h1", mino(White)),
        ("a6", glad(Black)),
        ("a7", wall(Black)),
        ("b6", wall(Black)),
        ("h8", mino(Black)),
    ];
    let mut g = position(&p, White, 2, false);
    assert_eq!(g.legal_actions(), vec![Action::Pass]);
    assert_eq!(refused(&g, Action::MoveGladiator(sq("a5"))).rule, "DA-R11");
    assert!(g.describe(&Action::Pass).contains("passes"));
    g.apply(&Action::Pass).unwrap();
    assert_eq!(g.colour_to_move(), Black);
    // And Pass is refused when something can move.
    assert_eq!(refused(&boxed(), Action::Pass).rule, "DA-R11");
}

fn play_turn(g: &mut Daedalus, actions: &[Action]) {
    for a in actions {
        g.apply(a).unwrap_or_else(|e| panic!("{a:?}: {e}"));
    }
}

#[test]
fn da_r12_the_third_repetition_of_a_position_is_a_draw() {
    let p = vec![
        ("c1", wall(White)),
        ("f1", wall(White)),
        ("h3", glad(White)),
        ("d3", mino(White)),
        ("c8", wall(Black)),
        ("f8", wall(Black)),
        ("h6", glad(Black)),
        ("d6", mino(Black)),
    ];
    let mut g = position(&p, White, 1, false);
    let white = |fwd: bool, m: Option<&str>| {
        let mut v = if fwd {
            vec![mv("c1", "c2"), mv("f1", "f2"), Action::MoveGladiator(sq("h4"))]
        } else {
            vec![mv("c2", "c1"), mv("f2", "f1"), Action::MoveGladiator(sq("h3"))]
        };
        v.extend(m.map(|s| Action::MoveMinotaur(sq(s))));
        v
    };
    let black = |fwd: bool, m: Option<&str>| {
        let mut v = if fwd {
            vec![mv("c8", "c7"), mv("f8", "f7"), Action::MoveGladiator(sq("h5"))]
        } else {
            vec![mv("c7", "c8"), mv("f7", "f8"), Action::MoveGladiator(sq("h6"))]
        };
        v.extend(m.map(|s| Action::MoveMinotaur(sq(s))));
        v
    };
    // Four rounds bring every piece (and both Minotaurs' rhythm) back.
    let rounds = [
        (white(true, Some("d4")), black(true, Some("d5"))),
        (white(false, None), black(false, None)),
        (white(true, Some("d3")), black(true, Some("d6"))),
        (white(false, None), black(false, None)),
    ];
    for cycle in 0..2 {
        for (w, b) in &rounds {
            assert!(g.outcome().is_none(), "cycle {cycle}: no draw yet");
            play_turn(&mut g, w);
            play_turn(&mut g, b);
        }
    }
    let o = g.outcome().expect("the third occurrence draws");
    assert!(o.winners.is_empty());
    assert!(o.reason.contains("third time"), "{}", o.reason);
}

#[test]
fn da_r12_after_150_escaping_turns_each_the_game_is_drawn() {
    let mut p = base();
    p.extend([("b2", wall(White)), ("g2", wall(White)), ("b7", wall(Black)), ("g7", wall(Black))]);
    let mut g = position(&p, White, TURN_LIMIT, false);
    let mut steps = 0;
    while g.outcome().is_none() {
        let a = g.legal_actions()[0].clone();
        g.apply(&a).unwrap();
        steps += 1;
        assert!(steps < 20, "the draw comes after White's and Black's turn {TURN_LIMIT}");
    }
    let o = g.outcome().unwrap();
    assert!(o.winners.is_empty());
    assert!(o.reason.contains("150"), "{}", o.reason);
}
