//! One test per Enchanted Plumes ruling (EP-R1..R9), named after it.
#![allow(clippy::unwrap_used)]

use aviary::rules::enchanted_plumes::{Action, EnchantedPlumes, Feather, FeatherSet, Known, Options, Phase, Plume};
use aviary::rules::{Game, Rng, Seat, Setup, ToMove};

const RED: u8 = 0;
const WHITE: u8 = 1;
const YELLOW: u8 = 2;
const GREEN: u8 = 3;
const BLUE: u8 = 6;

fn f(colour: u8, value: u8) -> Feather {
    Feather::new(colour, value)
}

fn new_game(seats: u8, seed: u64) -> EnchantedPlumes {
    EnchantedPlumes::new(&Setup { seats, options: Options { names: Vec::new(), first: Some(0) } }, seed)
}

/// A game past the setup, seat 0 to play.
fn started(seats: u8, seed: u64) -> EnchantedPlumes {
    let mut g = new_game(seats, seed);
    while g.phase() == Phase::Keep {
        let a = g.legal_actions()[0].clone();
        g.apply(&a).unwrap();
    }
    g
}

fn play(card: Feather, plume: u8, row: u8) -> Action {
    Action::Play { card, plume, row }
}

fn rule_of(g: &EnchantedPlumes, a: &Action) -> (String, String) {
    let e = g.check(a).expect_err("the action is refused");
    (e.rule.to_string(), e.reason)
}

fn plume(rows: &[&[Feather]]) -> Plume {
    Plume { rows: rows.iter().map(|r| r.to_vec()).collect() }
}

#[test]
fn ep_r1_the_deck_depends_on_the_number_of_players() {
    for (seats, cards, top) in [(2u8, 70usize, 6u8), (3, 80, 7), (4, 90, 8), (5, 100, 9), (6, 100, 9)] {
        let deck = Feather::deck_for(seats);
        assert_eq!(deck.len(), cards, "{seats} players");
        assert_eq!(deck.iter().map(|c| c.value).max(), Some(top));
        // Every card of the game is dealt, in the deck, or (later) elsewhere.
        let g = new_game(seats, 3);
        let in_hands: usize = (0..seats).map(|s| g.hand(Seat(s)).len()).sum();
        assert_eq!(in_hands + g.deck_len(), cards);
        assert_eq!(g.max_value(), top);
    }
}

#[test]
fn ep_r2_deal_nine_keep_six_and_the_peahen_lies_in_the_last_eight() {
    for seed in 0..40 {
        let mut g = new_game(3, seed);
        assert_eq!(g.to_move(), ToMove::Seat(Seat(0)));
        for s in 0..3u8 {
            assert_eq!(g.hand(Seat(s)).len(), 9);
        }
        // Only a Keep of three own, different cards is accepted.
        let other = g.hand(Seat(1))[0];
        let own = g.hand(Seat(0)).to_vec();
        let mut triple = [own[0], own[1], other];
        triple.sort();
        let (rule, reason) = rule_of(&g, &Action::Keep { returned: triple });
        assert_eq!(rule, "EP-R2");
        assert!(reason.contains("not among the nine"), "{reason}");
        assert_eq!(rule_of(&g, &play(own[0], 0, 0)).0, "EP-R2");
        let mut returned = Vec::new();
        for s in 0..3u8 {
            let h = g.hand(Seat(s)).to_vec();
            let r = [h[1], h[4], h[8]];
            returned.extend(r);
            g.apply(&Action::Keep { returned: r }).unwrap();
        }
        assert_eq!(g.phase(), Phase::Play);
        for s in 0..3u8 {
            assert_eq!(g.hand(Seat(s)).len(), 6);
            assert!(g.returned(Seat(s)).len() == 3);
        }
        assert_eq!(g.train().len(), 5);
        assert_eq!(g.deck_len(), 80 - 18 - 5);
        assert!(g.cards_under_peahen() <= 7);
        for c in returned {
            assert!(!(0..3u8).any(|s| g.hand(Seat(s)).contains(&c)), "a returned card went back to a hand");
        }
    }
    // Over many setups the Peahen sits at every depth 0..=7 and never deeper.
    let depths: std::collections::BTreeSet<usize> = (0..200).map(|s| started(2, s).cards_under_peahen()).collect();
    assert_eq!(depths, (0..=7).collect());
}

#[test]
fn ep_r3_play_one_or_two_then_replenish_without_passing_six_cards() {
    let mut g = started(2, 11);
    let hand = g.hand(Seat(0)).to_vec();
    assert_eq!(rule_of(&g, &Action::Draw).0, "EP-R3", "replenishing needs a card played first");
    g.apply(&play(hand[0], 0, 0)).unwrap();
    // One card played: hand 5; draw to 6, then a second draw is refused.
    g.apply(&Action::Draw).unwrap();
    assert_eq!(g.hand(Seat(0)).len(), 6);
    let (rule, reason) = rule_of(&g, &Action::Draw);
    assert_eq!(rule, "EP-R3");
    assert!(reason.contains("at most 6"), "{reason}");
    assert!(g.status().contains("swap"), "{}", g.status());
    let card = g.hand(Seat(0))[0];
    assert_eq!(rule_of(&g, &play(card, 1, 0)).0, "EP-R3", "no play after replenishing began");
    g.apply(&Action::Swap { card, slot: 2 }).unwrap();
    assert_eq!(g.current(), Seat(1), "two replenish steps end the turn");
    assert_eq!(g.train()[2], card);

    // Seat 1: two plays, then a third is refused; swap two, not the same ones twice.
    let hand = g.hand(Seat(1)).to_vec();
    g.apply(&play(hand[0], 0, 0)).unwrap();
    g.apply(&play(hand[1], 1, 0)).unwrap();
    assert_eq!(rule_of(&g, &play(hand[2], 2, 0)).0, "EP-R3");
    let train = g.train().to_vec();
    g.apply(&Action::Swap { card: hand[2], slot: 0 }).unwrap();
    assert!(g.hand(Seat(1)).contains(&train[0]));
    let (_, reason) = rule_of(&g, &Action::Swap { card: train[0], slot: 1 });
    assert!(reason.contains("just taken"), "{reason}");
    let (_, reason) = rule_of(&g, &Action::Swap { card: hand[3], slot: 0 });
    assert!(reason.contains("just given"), "{reason}");
    g.apply(&Action::Swap { card: hand[3], slot: 1 }).unwrap();
    assert_eq!(g.hand(Seat(1)).len(), 4, "swaps keep the hand size");
    assert_eq!(g.current(), Seat(0));

    // Draw one and swap one, in the other order: swap first, then draw.
    let hand = g.hand(Seat(0)).to_vec();
    g.apply(&play(hand[0], 5, 0)).unwrap_or_else(|_| g.apply(&play(hand[0], 1, 0)).unwrap());
    g.apply(&Action::Swap { card: hand[1], slot: 4 }).unwrap();
    g.apply(&Action::Draw).unwrap();
    assert_eq!(g.current(), Seat(1));
}

#[test]
fn ep_r4_rows_taper_by_one_lock_and_match_colours_above() {
    let mut g = started(2, 5);
    let top = [f(RED, 1), f(WHITE, 0), f(YELLOW, 2)];
    g.set_plumes(Seat(0), vec![plume(&[&top, &[f(RED, 5)]])]);
    g.set_hand(Seat(0), vec![f(RED, 6), f(WHITE, 4), f(GREEN, 3), f(YELLOW, 5), f(BLUE, 1), f(RED, 3)]);
    // Row 2 needs exactly 2 cards before row 3 can start.
    let (rule, reason) = rule_of(&g, &play(f(RED, 6), 0, 2));
    assert_eq!(rule, "EP-R4");
    assert!(reason.contains("row 2 of plume 1 needs exactly 2 cards before row 3 can start"), "{reason}");
    // The top row is locked now that row 2 exists.
    let (rule, reason) = rule_of(&g, &play(f(GREEN, 3), 0, 0));
    assert_eq!(rule, "EP-R4");
    assert!(reason.contains("locked"), "{reason}");
    // Green is not in the row above.
    let (rule, reason) = rule_of(&g, &play(f(GREEN, 3), 0, 1));
    assert_eq!(rule, "EP-R4");
    assert!(reason.contains("red, white and yellow"), "{reason}");
    // Duplicated colours are fine.
    g.apply(&play(f(RED, 6), 0, 1)).unwrap();
    assert_eq!(g.plumes(Seat(0))[0].rows[1], vec![f(RED, 5), f(RED, 6)]);
    // Next turn for seat 0: row 2 is full (exactly 2 under 3).
    let mut g2 = started(2, 5);
    g2.set_plumes(Seat(0), vec![plume(&[&top, &[f(RED, 5), f(RED, 6)]])]);
    g2.set_hand(Seat(0), vec![f(WHITE, 4), f(YELLOW, 5), f(RED, 3), f(BLUE, 1)]);
    let (_, reason) = rule_of(&g2, &play(f(WHITE, 4), 0, 1));
    assert!(reason.contains("full"), "{reason}");
    // Row 3 takes only red (the colours of row 2).
    assert!(rule_of(&g2, &play(f(WHITE, 4), 0, 2)).1.contains("only red"));
    g2.check(&play(f(RED, 3), 0, 2)).unwrap();
    // Rows cannot be skipped; a one-card top row cannot grow downwards.
    assert!(rule_of(&g2, &play(f(RED, 3), 0, 3)).1.contains("next row to start is row 3"));
    g2.set_plumes(Seat(0), vec![plume(&[&[f(RED, 1)]])]);
    let (rule, reason) = rule_of(&g2, &play(f(RED, 3), 0, 1));
    assert_eq!(rule, "EP-R4");
    assert!(reason.contains("one card"), "{reason}");
    g2.check(&play(f(RED, 3), 0, 0)).unwrap();
}

#[test]
fn ep_r5_the_last_card_completes_the_peacock_face_down() {
    let mut g = started(2, 8);
    g.set_plumes(Seat(0), vec![plume(&[&[f(RED, 0), f(BLUE, 1), f(WHITE, 0)], &[f(RED, 5), f(BLUE, 6)]])]);
    g.set_hand(Seat(0), vec![f(BLUE, 5), f(GREEN, 2), f(RED, 4)]);
    assert!(g.would_complete(Seat(0), 0, 2));
    let text = g.describe(&play(f(BLUE, 5), 0, 2));
    assert!(text.contains("face-down") && !text.contains("blue 5"), "the log does not name it: {text}");
    g.apply(&play(f(BLUE, 5), 0, 2)).unwrap();
    let p = &g.plumes(Seat(0))[0];
    assert!(p.is_complete());
    assert_eq!(p.face_down(), Some(f(BLUE, 5)));
    // Its owner sees it; the other seat's view does not depend on it.
    assert_eq!(g.observation(Seat(0)).plumes(Seat(0))[0].face_down(), Some(f(BLUE, 5)));
    let mut other = g.clone();
    let deck_card = f(RED, 6);
    // Put a different red/blue card face down and the real one where it was.
    let mut rows = other.plumes(Seat(0))[0].rows.clone();
    rows[2][0] = deck_card;
    other.set_plumes(Seat(0), vec![Plume { rows }]);
    other.stack_deck(&[f(BLUE, 5)]);
    let mut g_same = g.clone();
    g_same.stack_deck(&[deck_card]);
    assert_eq!(other.observation(Seat(1)), g_same.observation(Seat(1)));
    // Nothing more goes into a completed peacock.
    let (rule, _) = rule_of(&g, &play(f(RED, 4), 0, 2));
    assert_eq!(rule, "EP-R5");
}

#[test]
fn ep_r6_the_peahen_ends_the_game_at_once_even_mid_turn() {
    let mut g = started(2, 21);
    let card = g.hand(Seat(0))[0];
    g.apply(&play(card, 0, 0)).unwrap();
    g.set_peahen(g.deck_len());
    assert_eq!(g.describe(&Action::Draw), "Player 1 draws the Peahen");
    g.apply(&Action::Draw).unwrap();
    assert_eq!(g.phase(), Phase::Over);
    assert_eq!(g.to_move(), ToMove::Nobody);
    assert!(g.legal_actions().is_empty());
    let o = g.outcome().unwrap();
    assert!(o.reason.contains("drew the Peahen"), "{}", o.reason);
    assert_eq!(rule_of(&g, &Action::Draw).0, "EP-R6");
}

#[test]
fn ep_r7_scores_rows_bonus_and_tie_breaks() {
    // The rulebook's examples: -5 on top, 28 below: 23; complete with 20
    // below and 6 cards: -5 + 20 + 6 = 21.
    let a = plume(&[&[f(RED, 2), f(BLUE, 1), f(WHITE, 2)], &[f(RED, 9), f(BLUE, 9)], &[f(RED, 5), f(BLUE, 5)]]);
    assert!(!a.is_complete());
    assert_eq!(a.score(), 23);
    let b = plume(&[&[f(RED, 2), f(BLUE, 1), f(WHITE, 2)], &[f(RED, 9), f(BLUE, 6)], &[f(RED, 5)]]);
    assert!(b.is_complete());
    assert_eq!(b.bonus(), 6);
    assert_eq!(b.score(), 21);
    let one = plume(&[&[f(GREEN, 4)]]);
    assert_eq!(one.score(), -4);
    assert!(!one.is_complete());

    // Equal points: more completed peacocks wins, whichever seat holds it;
    // equal again: shared.
    let small = plume(&[&[f(RED, 0), f(WHITE, 0)], &[f(RED, 3)]]); // 3 + 3 bonus = 6
    let open = plume(&[&[f(YELLOW, 0), f(GREEN, 0), f(BLUE, 0)], &[f(YELLOW, 6)]]); // 6
    for peacock in [Seat(1), Seat(0)] {
        let mut g = started(2, 2);
        let other = Seat(1 - peacock.0);
        g.set_plumes(peacock, vec![small.clone()]);
        g.set_plumes(other, vec![open.clone()]);
        // Seat 0 plays a zero in a plume of its own: 0 points; the card
        // left in its hand scores nothing (EP-R9).
        g.set_hand(Seat(0), vec![f(RED, 0), f(RED, 6)]);
        g.apply(&play(f(RED, 0), 1, 0)).unwrap();
        g.set_peahen(g.deck_len());
        g.apply(&Action::Draw).unwrap();
        let o = g.outcome().unwrap();
        assert_eq!(o.scores, vec![6, 6], "a tie on points");
        assert_eq!((g.peacocks(peacock), g.peacocks(other)), (1, 0));
        assert_eq!(o.winners, vec![peacock], "the completed peacock breaks the tie: {}", o.reason);
        assert!(o.reason.contains("tied on points, more completed peacocks: 1"), "{}", o.reason);
    }

    let mut g = started(2, 2);
    g.set_plumes(Seat(0), vec![plume(&[&[f(WHITE, 0), f(GREEN, 0)], &[f(WHITE, 3)]])]);
    g.set_plumes(Seat(1), vec![small]);
    g.set_hand(Seat(0), vec![f(RED, 0)]);
    g.apply(&play(f(RED, 0), 1, 0)).unwrap(); // a zero-value plume of its own
    g.set_peahen(g.deck_len());
    g.apply(&Action::Draw).unwrap();
    let o = g.outcome().unwrap();
    assert_eq!(o.scores, vec![6, 6]);
    assert_eq!(o.winners, vec![Seat(0), Seat(1)], "same points, same peacocks: shared");
    assert!(o.reason.contains("share"), "{}", o.reason);
}

#[test]
fn ep_r8_views_hide_hands_and_resampling_keeps_public_memory() {
    let mut g = started(3, 31);
    // Seat 0 takes a card from the Train: the others know it holds it.
    let hand = g.hand(Seat(0)).to_vec();
    g.apply(&play(hand[0], 0, 0)).unwrap();
    let taken = g.train()[1];
    g.apply(&Action::Swap { card: hand[1], slot: 1 }).unwrap();
    g.apply(&Action::Draw).unwrap();
    assert!(g.known(Seat(0)).contains(taken));
    let returned: FeatherSet = g.returned(Seat(1)).iter().copied().collect();
    let obs = g.observation(Seat(1));
    assert!(obs.returned(Seat(0)).is_empty() && obs.returned(Seat(2)).is_empty());
    assert_eq!(obs.hand(Seat(1)), g.hand(Seat(1)));
    let mut rng = Rng::seeded(4);
    let mut differs = false;
    for _ in 0..200 {
        let d = g.determinize(Seat(1), &mut rng);
        assert_eq!(d.hand(Seat(1)), g.hand(Seat(1)), "own hand kept");
        assert_eq!(d.train(), g.train(), "the Train is public");
        assert!(d.hand(Seat(0)).contains(&taken), "a card taken from the Train stays known");
        assert_eq!(d.hand(Seat(0)).len(), g.hand(Seat(0)).len());
        for c in returned.iter().filter(|c| !g.train().contains(c)) {
            assert!(d.hand(Seat(0)).binary_search(&c).is_err() && d.hand(Seat(2)).binary_search(&c).is_err());
        }
        assert!(d.cards_under_peahen() <= 7.min(d.deck_len()));
        differs |= d.hand(Seat(2)) != g.hand(Seat(2));
    }
    assert!(differs, "hidden hands are re-dealt");
    // Two states that differ only in what seat 1 cannot see look the same to it.
    let mut left = g.clone();
    let mut right = g.clone();
    let x = g.hand(Seat(2))[0];
    let y = *g.hand(Seat(2)).last().unwrap();
    let deck_card = f(BLUE, 0);
    if !g.hand(Seat(2)).contains(&deck_card) && !g.train().contains(&deck_card) && !g.hand(Seat(1)).contains(&deck_card)
    {
        let mut h = left.hand(Seat(2)).to_vec();
        h.retain(|&c| c != x);
        h.push(deck_card);
        left.set_hand(Seat(2), h);
        left.stack_deck(&[x]);
        right.stack_deck(&[deck_card]);
        assert_eq!(left.observation(Seat(1)), right.observation(Seat(1)));
    }
    assert_ne!(x, y);
}

#[test]
fn ep_r9_own_plumes_only_and_the_first_player_is_random_or_chosen() {
    let g = started(2, 9);
    let card = g.hand(Seat(0))[0];
    let (rule, reason) = rule_of(&g, &play(card, 3, 0));
    assert_eq!(rule, "EP-R9");
    assert!(reason.contains("has 0 plumes"), "{reason}");
    let firsts: std::collections::BTreeSet<u8> = (0..60)
        .map(|seed| {
            let g = EnchantedPlumes::new(&Setup { seats: 4, options: Options::default() }, seed);
            g.first().0
        })
        .collect();
    assert_eq!(firsts, (0..4).collect(), "a random first player");
    let g = EnchantedPlumes::new(&Setup { seats: 4, options: Options { names: vec![], first: Some(2) } }, 1);
    assert_eq!(g.first(), Seat(2));
    let mut g = g;
    while g.phase() == Phase::Keep {
        let a = g.legal_actions()[0].clone();
        g.apply(&a).unwrap();
    }
    assert_eq!(g.to_move(), ToMove::Seat(Seat(2)));
    let named = EnchantedPlumes::new(
        &Setup { seats: 2, options: Options { names: vec!["Ana".into(), " ".into()], first: None } },
        1,
    );
    assert_eq!(named.seat_name(Seat(0)), "Ana");
    assert_eq!(named.seat_name(Seat(1)), "Player 2");
}

#[test]
fn feathers_are_written_by_name_in_saves() {
    let a = play(f(RED, 5), 0, 1);
    let text = serde_json::to_string(&a).unwrap();
    assert_eq!(text, r#"{"Play":{"card":"red 5","plume":0,"row":1}}"#);
    let back: Action = serde_json::from_str(&text).unwrap();
    assert_eq!(back, a);
    let bad = serde_json::from_str::<Action>(r#"{"Play":{"card":"mauve 5","plume":0,"row":1}}"#).unwrap_err();
    assert!(bad.to_string().contains("not a feather colour"), "{bad}");
}

#[test]
fn ep_r8_the_last_drawn_card_is_known_only_to_its_drawer() {
    let mut g = started(2, 11);
    let hand = g.hand(Seat(0)).to_vec();
    g.apply(&play(hand[0], 0, 0)).unwrap();
    // Mid-turn: seat 0 drew a card; only seat 0's view names it.
    g.apply(&Action::Draw).unwrap();
    assert!(g.last_drawn().is_some());
    assert_eq!(g.observation(Seat(0)).last_drawn(), g.last_drawn());
    assert_eq!(g.observation(Seat(1)).last_drawn(), None);
    // The draw that ends the turn: seat 1 is now to move, but the card is
    // still seat 0's secret (it was kept for "the seat to move").
    let card = g.hand(Seat(0))[0];
    g.apply(&Action::Swap { card, slot: 0 }).unwrap();
    let hand = g.hand(Seat(1)).to_vec();
    g.apply(&play(hand[0], 0, 0)).unwrap();
    g.apply(&Action::Swap { card: hand[1], slot: 1 }).unwrap();
    g.apply(&Action::Draw).unwrap();
    assert_eq!(g.current(), Seat(0), "seat 1's draw ended its turn");
    assert_eq!(g.observation(Seat(0)).last_drawn(), None, "the next seat is not told seat 1's card");
    assert!(g.observation(Seat(1)).last_drawn().is_some(), "its drawer still knows it");
    let mut rng = Rng::seeded(3);
    for _ in 0..20 {
        assert_eq!(g.determinize(Seat(0), &mut rng).last_drawn(), None);
    }
}

#[test]
fn ep_r5_other_seats_know_a_face_down_peacock_only_as_a_lower_bound() {
    let mut g = started(2, 8);
    g.set_plumes(Seat(0), vec![plume(&[&[f(RED, 0), f(BLUE, 1)], &[f(RED, 5), f(BLUE, 6)]]), plume(&[&[f(GREEN, 4)]])]);
    g.set_hand(Seat(0), vec![f(BLUE, 5), f(GREEN, 2), f(RED, 4)]);
    g.apply(&play(f(BLUE, 5), 0, 2)).unwrap();
    // Peacock: 5 + 6 + 5 - (0 + 1) + 5 cards bonus = 20; the open plume: -4.
    assert_eq!(g.score(Seat(0)), 16);
    assert_eq!(g.plume_score_seen_by(Some(Seat(0)), Seat(0), 0), Known::Exact(20), "its owner sees it");
    assert_eq!(g.plume_score_seen_by(Some(Seat(1)), Seat(0), 0), Known::AtLeast(15), "the face-down 5 unknown");
    assert_eq!(g.plume_score_seen_by(None, Seat(0), 0), Known::AtLeast(15));
    assert_eq!(g.plume_score_seen_by(Some(Seat(1)), Seat(0), 1), Known::Exact(-4), "face up: public");
    assert_eq!(g.score_seen_by(Some(Seat(1)), Seat(0)), Known::AtLeast(11));
    assert_eq!(g.score_seen_by(Some(Seat(0)), Seat(0)), Known::Exact(16));
    // What seat 1 knows does not depend on the hidden card.
    let obs = g.observation(Seat(1));
    assert_eq!(obs.score_seen_by(Some(Seat(1)), Seat(0)), Known::AtLeast(11));
    // At the end everything is shown.
    g.set_peahen(g.deck_len());
    g.apply(&play(f(GREEN, 2), 1, 0)).unwrap();
    g.apply(&Action::Draw).unwrap();
    assert_eq!(g.phase(), Phase::Over);
    assert_eq!(g.score_seen_by(Some(Seat(1)), Seat(0)), Known::Exact(g.score(Seat(0))));
    // A friend online is sent seat 1's view: at the end its peacock's last
    // card is the real one, turned up, so the friend's score pad adds up.
    let seen = g.observation(Seat(1));
    assert_eq!(seen.plumes(Seat(0))[0].face_down(), Some(f(BLUE, 5)));
    assert_eq!(seen.score_seen_by(Some(Seat(1)), Seat(0)), Known::Exact(g.score(Seat(0))));
}

/// Found by a new player: with the hand played empty, the line under the
/// Train still offered "play a second card, or … swap 2", though only a
/// draw was left. It now says the hand is empty and to draw.
#[test]
fn with_the_hand_played_empty_the_status_says_to_draw() {
    let mut g = started(2, 5);
    // Everyone plays all they may and swaps rather than draws, so the
    // hands run dry.
    for _ in 0..200 {
        let legal = g.legal_actions();
        if g.phase() != Phase::Play {
            break;
        }
        let seat = g.current();
        if g.hand(seat).is_empty() && legal == vec![Action::Draw] {
            let said = g.status();
            assert!(said.contains("hand is empty") && said.contains("draw a card"), "{said}");
            assert!(!said.contains("play a second card"), "{said}");
            return;
        }
        let pick = legal
            .iter()
            .find(|a| matches!(a, Action::Play { .. }))
            .or_else(|| legal.iter().find(|a| matches!(a, Action::Swap { .. })))
            .unwrap_or(&legal[0])
            .clone();
        g.apply(&pick).unwrap();
    }
    panic!("no hand ran empty");
}

/// Found by a new player: orange's letter "O", printed under the value,
/// made "0 O" read as two zeros. No colour's letter cue looks like a
/// value, and no two are alike.
#[test]
fn no_colour_s_letter_reads_as_a_value() {
    use aviary::rules::enchanted_plumes::LETTERS;
    for letter in LETTERS {
        assert!(!["O", "o", "I", "l", "S", "Z"].contains(&letter), "{letter} reads as a digit");
    }
    let distinct: std::collections::BTreeSet<&str> = LETTERS.iter().copied().collect();
    assert_eq!(distinct.len(), LETTERS.len());
}
