//! Tail Feathers action cards (TF-R27), structures (TF-R28) and what the
//! cards bring in (TF-R22: the shift and the veteran marker): one test per
//! paragraph of the rulings, then one per card, that its effect happens and
//! that it is refused where its requirement or its timing is not met.

mod tf_common;

use aviary::rules::tail_feathers::cards::{BALLISTA, CardId, HAND, card_named};
use aviary::rules::tail_feathers::components::Alliance;
use aviary::rules::tail_feathers::game::{Action, Aim, Options, Phase, Place, Play, TailFeathers, Target};
use aviary::rules::tail_feathers::geometry::{Length, Tilt};
use aviary::rules::{Game, Rng, Seat, Setup};
use tf_common::{MICE, RATS, air, legal, play, refusal, to_activation_with, with_dice};

/// Action cards and structures on.
fn options() -> Options {
    Options { action_cards: true, structures: true, ..Options::default() }
}

fn id(name: &str) -> CardId {
    card_named(name).unwrap_or_else(|| panic!("no card {name}"))
}

/// The activation phase with `seat` to choose a unit, both hands empty
/// but for `mice` and `rats`, both wheels full.
fn table(seat: Seat, mice: &[&str], rats: &[&str]) -> TailFeathers {
    let mut g = to_activation_with(1, options());
    g.arrange_turn(seat, &[]);
    g.arrange_hand(MICE, &mice.iter().map(|n| id(n)).collect::<Vec<_>>());
    g.arrange_hand(RATS, &rats.iter().map(|n| id(n)).collect::<Vec<_>>());
    g.arrange_cheese(MICE, 6);
    g.arrange_cheese(RATS, 6);
    g
}

fn plays(name: &str, figure: u8) -> Action {
    Action::Play(Play { card: id(name), figure, aim: Aim::Nothing })
}

fn aimed(name: &str, figure: u8, aim: Aim) -> Action {
    Action::Play(Play { card: id(name), figure, aim })
}

/// The cards in `seat`'s hand, as the state knows them.
fn hand(g: &TailFeathers, seat: Seat) -> Vec<Option<CardId>> {
    g.hand(if seat == MICE { Alliance::Mice } else { Alliance::Rats }).cards.clone()
}

fn log(g: &TailFeathers) -> String {
    g.aftermath()
}

// ---------------------------------------------------------------------
// TF-R27, paragraph by paragraph.

#[test]
fn tf_r27_each_side_picks_seven_different_cards_in_secret_at_setup() {
    let mut g = TailFeathers::new(&Setup { seats: 2, options: options() }, 3);
    let first = g.first_player();
    let mice_pool = g.card_pool(Alliance::Mice);
    // The mice have no hero: a hero-only card is no card of theirs.
    assert!(!mice_pool.contains(&id("Patch Up")));
    assert!(g.card_pool(Alliance::Rats).contains(&id("Patch Up")));
    for seat in [first, Seat(1 - first.0)] {
        assert_eq!(g.to_move(), aviary::rules::ToMove::Seat(seat));
        let pool = g.card_pool(if seat == MICE { Alliance::Mice } else { Alliance::Rats });
        for &c in pool.iter().take(HAND) {
            assert!(g.describe(&Action::Pick(c)).contains("in secret"), "the log does not name the card");
            play(&mut g, &Action::Pick(c));
            if hand(&g, seat).len() < HAND {
                let (rule, why) = refusal(&g, &Action::Pick(c));
                assert_eq!(rule, "TF-R27");
                assert!(why.contains("already in the hand"), "{why}");
            }
        }
        // The other side sees how many, not which.
        let other = g.observation(Seat(1 - seat.0));
        assert_eq!(hand(&other, seat), vec![None; HAND]);
        assert_eq!(hand(&g, seat).len(), HAND);
    }
    assert_eq!(g.phase(), Phase::Deploy);
    assert!(matches!(g.legal_actions()[0], Action::Deploy { .. }), "deployment follows the picks");
    // A card outside the side's pool is refused while picking.
    let mut h = TailFeathers::new(&Setup { seats: 2, options: options() }, 3);
    h.arrange_hand(MICE, &[]);
    h.arrange_hand(RATS, &[]);
    if h.first_player() == RATS {
        for &c in h.card_pool(Alliance::Rats).iter().take(HAND) {
            play(&mut h, &Action::Pick(c));
        }
    }
    let (rule, why) = refusal(&h, &Action::Pick(id("Patch Up")));
    assert_eq!(rule, "TF-R27");
    assert!(why.contains("no card the mice can use"), "{why}");
}

#[test]
fn tf_r27_one_card_a_turn_for_each_player() {
    let mut g = table(MICE, &["Tailwind", "Steady Talons"], &[]);
    air(&mut g, 0, 18.0, 24.0, 0, Tilt::Centre);
    play(&mut g, &Action::Activate(0));
    play(&mut g, &plays("Tailwind", 0));
    let (rule, why) = refusal(&g, &plays("Steady Talons", 0));
    assert_eq!(rule, "TF-R27");
    assert!(why.contains("already played a card this turn"), "{why}");
    // The next turn is a new one.
    let mut h = table(MICE, &["Tailwind", "Steady Talons"], &[]);
    air(&mut h, 0, 18.0, 24.0, 0, Tilt::Centre);
    air(&mut h, 1, 12.0, 20.0, 0, Tilt::Centre);
    play(&mut h, &Action::Activate(0));
    play(&mut h, &plays("Tailwind", 0));
    play(&mut h, &Action::Fly(vec![Length::Short, Length::Short]));
    while h.active_unit().is_some() || h.to_move() != aviary::rules::ToMove::Seat(MICE) {
        let a = h.legal_actions().iter().find(|a| !matches!(a, Action::Play(_))).cloned().expect("a decision");
        play(&mut h, &a);
        if h.active_unit().is_none() && h.to_move() == aviary::rules::ToMove::Seat(MICE) {
            break;
        }
    }
    play(&mut h, &Action::Activate(1));
    assert!(legal(&h, &plays("Steady Talons", 1)), "a new turn, a new card");
}

#[test]
fn tf_r27_pilot_and_hero_cards_are_paid_in_cheese_first_then_go_to_the_refresh_pile() {
    let mut g = table(MICE, &["Keep Calm"], &[]);
    air(&mut g, 0, 18.0, 24.0, 0, Tilt::Centre);
    g.arrange_status(0, 0, false, false, true);
    g.arrange_cheese(MICE, 0);
    play(&mut g, &Action::Activate(0));
    let (rule, why) = refusal(&g, &plays("Keep Calm", 0));
    assert_eq!(rule, "TF-R27");
    assert!(why.contains("costs 1 cheese; the wheel holds 0"), "{why}");
    let mut g = table(MICE, &["Keep Calm"], &[]);
    air(&mut g, 0, 18.0, 24.0, 0, Tilt::Centre);
    g.arrange_status(0, 0, false, false, true);
    g.arrange_cheese(MICE, 3);
    play(&mut g, &Action::Activate(0));
    // The log says the card, its unit and what it cost.
    assert_eq!(g.describe(&plays("Keep Calm", 0)), "Mice play Keep Calm on the Swallow (1 cheese)");
    play(&mut g, &plays("Keep Calm", 0));
    assert_eq!(g.cheese(MICE), 2);
    assert!(hand(&g, MICE).is_empty());
    assert_eq!(g.hand(Alliance::Mice).refresh, vec![id("Keep Calm")]);
}

#[test]
fn tf_r27_bird_cards_lie_by_their_bird_until_it_perches_or_is_defeated() {
    let mut g = table(MICE, &["Tailwind"], &[]);
    air(&mut g, 1, 4.0, 12.0, 0, Tilt::Centre);
    play(&mut g, &Action::Activate(1));
    play(&mut g, &plays("Tailwind", 1));
    assert_eq!(g.hand(Alliance::Mice).lying, vec![(id("Tailwind"), 1)]);
    assert!(g.hand(Alliance::Mice).refresh.is_empty());
    // It perches in the Old Beech's space on its way: the card goes to the
    // refresh pile.
    let flights: Vec<Action> = g.legal_actions().into_iter().filter(|a| matches!(a, Action::Fly(_))).collect();
    let mut perched = None;
    for f in flights {
        let mut h = g.clone();
        play(&mut h, &f);
        if legal(&h, &Action::Perch) {
            play(&mut h, &Action::Perch);
            perched = Some(h);
            break;
        }
        while h.walking().is_some() && !legal(&h, &Action::Perch) && legal(&h, &Action::Continue) {
            play(&mut h, &Action::Continue);
        }
        if legal(&h, &Action::Perch) {
            play(&mut h, &Action::Perch);
            perched = Some(h);
            break;
        }
    }
    let h = perched.expect("some flight crosses a space to perch in");
    assert!(h.hand(Alliance::Mice).lying.is_empty());
    assert_eq!(h.hand(Alliance::Mice).refresh, vec![id("Tailwind")]);
}

#[test]
fn tf_r27_the_refresh_step_gives_the_refresh_pile_back_to_the_hand() {
    let mut g = table(MICE, &["Keep Calm"], &[]);
    air(&mut g, 0, 18.0, 24.0, 0, Tilt::Centre);
    g.arrange_status(0, 0, false, false, true);
    play(&mut g, &Action::Activate(0));
    play(&mut g, &plays("Keep Calm", 0));
    assert!(hand(&g, MICE).is_empty());
    // Play on to the next round.
    let round = g.round();
    let mut rng = Rng::seeded(5);
    while g.round() == round && g.outcome().is_none() {
        let legal = g.legal_actions();
        let a = legal
            .iter()
            .find(|a| !matches!(a, Action::Play(_)))
            .cloned()
            .unwrap_or_else(|| legal[rng.below(legal.len())].clone());
        play(&mut g, &a);
    }
    assert_eq!(hand(&g, MICE), vec![Some(id("Keep Calm"))]);
    assert!(g.hand(Alliance::Mice).refresh.is_empty());
}

#[test]
fn tf_r27_only_a_unit_with_the_requirement_receives_a_card() {
    // Burdock flies the Chaffinch with Blade, not Bow.
    let mut g = table(MICE, &["Aimed Shot"], &[]);
    air(&mut g, 1, 18.0, 24.0, 0, Tilt::Centre);
    play(&mut g, &Action::Activate(1));
    play(&mut g, &Action::Fly(vec![Length::Short, Length::Short]));
    let (rule, why) = refusal(&g, &plays("Aimed Shot", 1));
    assert_eq!(rule, "TF-R27");
    assert!(why.contains("Aimed Shot needs Bow proficiency (a pilot card); Chaffinch does not have it"), "{why}");
}

#[test]
fn tf_r27_a_bird_card_needs_a_flying_bird() {
    // The Jay is perched in the Old Beech (space 2).
    let g = table(MICE, &["Steady Talons"], &[]);
    let (rule, why) = refusal(&g, &plays("Steady Talons", 2));
    assert_eq!(rule, "TF-R27");
    assert_eq!(why, "Steady Talons needs a flying bird; the Jay is perched");
}

#[test]
fn tf_r27_a_card_is_refused_outside_its_timing() {
    let mut g = table(MICE, &["Aimed Shot"], &[]);
    air(&mut g, 2, 18.0, 24.0, 0, Tilt::Centre);
    play(&mut g, &Action::Activate(2));
    let (rule, why) = refusal(&g, &plays("Aimed Shot", 2));
    assert_eq!(rule, "TF-R27");
    assert!(why.contains("is played before an attack; now is not that moment"), "{why}");
}

fn shoot_crow(g: &TailFeathers) -> Option<Action> {
    g.legal_actions().into_iter().find(|a| matches!(a, Action::Shoot { figure: 2, target: Target::Figure(9) }))
}

#[test]
fn tf_r27_the_attack_window_opens_to_both_whatever_their_hands_hold() {
    // Neither side holds a card for the window, yet each is asked.
    let mut g = table(MICE, &["Tailwind"], &["Rally"]);
    air(&mut g, 2, 15.0, 20.0, 0, Tilt::Centre);
    air(&mut g, 9, 19.0, 20.0, 12, Tilt::Centre);
    play(&mut g, &Action::Activate(2));
    play(&mut g, &Action::Fly(vec![Length::Short, Length::Short]));
    while g.walking().is_some() {
        play(&mut g, &Action::Continue);
    }
    let shot = shoot_crow(&g).expect("the Jay may shoot at the Crow");
    play(&mut g, &shot);
    while g.legal_actions().iter().any(|a| matches!(a, Action::Reroll(_))) {
        play(&mut g, &Action::Reroll(0));
    }
    assert_eq!(g.to_move(), aviary::rules::ToMove::Seat(MICE));
    assert_eq!(g.legal_actions(), vec![Action::NoCard], "the attacker is asked though it holds nothing for it");
    play(&mut g, &Action::NoCard);
    assert_eq!(g.to_move(), aviary::rules::ToMove::Seat(RATS));
    assert_eq!(g.legal_actions(), vec![Action::NoCard], "so is the side attacked");
    // The attacker's choice is hidden from the rats while they choose.
    assert!(g.status().contains("Rats may answer the attack with a card, in secret"), "{}", g.status());
    play(&mut g, &Action::NoCard);
    assert!(log(&g).contains("Mice play no card"), "{}", log(&g));
    assert!(!g.legal_actions().contains(&Action::NoCard));
    // With an empty hand, nobody is asked.
    let mut h = table(MICE, &[], &[]);
    air(&mut h, 2, 15.0, 20.0, 0, Tilt::Centre);
    air(&mut h, 9, 19.0, 20.0, 12, Tilt::Centre);
    play(&mut h, &Action::Activate(2));
    play(&mut h, &Action::Fly(vec![Length::Short, Length::Short]));
    while h.walking().is_some() {
        play(&mut h, &Action::Continue);
    }
    let shot = shoot_crow(&h).expect("the Jay may shoot at the Crow");
    play(&mut h, &shot);
    assert!(!h.legal_actions().contains(&Action::NoCard));
}

#[test]
fn tf_r27_the_attack_window_choice_is_hidden_from_the_other_side_until_both_chose() {
    let mut g = table(MICE, &["Second Volley"], &["Feint"]);
    air(&mut g, 2, 15.0, 20.0, 0, Tilt::Centre);
    air(&mut g, 9, 19.0, 20.0, 12, Tilt::Centre);
    play(&mut g, &Action::Activate(2));
    play(&mut g, &Action::Fly(vec![Length::Short, Length::Short]));
    while g.walking().is_some() {
        play(&mut g, &Action::Continue);
    }
    let shot = shoot_crow(&g).expect("the Jay may shoot at the Crow");
    play(&mut g, &shot);
    while g.legal_actions().iter().any(|a| matches!(a, Action::Reroll(_))) {
        play(&mut g, &Action::Reroll(0));
    }
    let volley = plays("Second Volley", 2);
    assert!(legal(&g, &volley));
    let mut a = g.clone();
    play(&mut a, &volley);
    let mut b = g.clone();
    play(&mut b, &Action::NoCard);
    // The rats see the same table either way.
    assert_eq!(a.observation(RATS), b.observation(RATS));
    assert_ne!(a.observation(MICE), b.observation(MICE));
}

#[test]
fn tf_r27_two_cards_at_once_resolve_in_the_order_the_first_player_chooses() {
    let mut g = table(MICE, &["Second Volley"], &["Feint"]);
    air(&mut g, 2, 15.0, 20.0, 0, Tilt::Centre);
    air(&mut g, 9, 19.0, 20.0, 12, Tilt::Centre);
    play(&mut g, &Action::Activate(2));
    play(&mut g, &Action::Fly(vec![Length::Short, Length::Short]));
    while g.walking().is_some() {
        play(&mut g, &Action::Continue);
    }
    let shot = shoot_crow(&g).expect("the Jay may shoot at the Crow");
    play(&mut g, &shot);
    while g.legal_actions().iter().any(|a| matches!(a, Action::Reroll(_))) {
        play(&mut g, &Action::Reroll(0));
    }
    play(&mut g, &plays("Second Volley", 2));
    play(&mut g, &plays("Feint", 9));
    // The mice went first this round: they order the two cards.
    assert_eq!(g.first_player(), MICE);
    assert_eq!(g.to_move(), aviary::rules::ToMove::Seat(MICE));
    assert_eq!(g.legal_actions(), vec![Action::First(0), Action::First(1)]);
    assert!(log(&g).contains("Mice play Second Volley and Rats play Feint: Mice choose which resolves first"));
    let mut rats_first = g.clone();
    play(&mut rats_first, &Action::First(1));
    let words = log(&rats_first);
    let (feint, volley) = (words.find("play Feint").unwrap_or(0), words.find("play Second Volley").unwrap_or(0));
    assert!(feint < volley, "{words}");
    play(&mut g, &Action::First(0));
    let words = log(&g);
    let (feint, volley) = (words.find("play Feint").unwrap_or(0), words.find("play Second Volley").unwrap_or(0));
    assert!(volley < feint, "{words}");
}

#[test]
fn tf_r27_the_other_hand_is_hidden_and_guessed_from_the_cards_not_seen() {
    let mut g = table(
        MICE,
        &["Tailwind", "Keep Calm"],
        &["Stoop", "Parry", "Rally", "Tailwind", "Cutlass Swing", "Patch Up", "Build Ballista"],
    );
    let seen = g.observation(MICE);
    assert_eq!(hand(&seen, RATS), vec![None; 7]);
    assert_eq!(hand(&seen, MICE), hand(&g, MICE));
    let pool = g.card_pool(Alliance::Rats);
    let mut rng = Rng::seeded(7);
    let mut differ = false;
    for _ in 0..20 {
        let w = g.determinize(MICE, &mut rng);
        let mut cards: Vec<CardId> = hand(&w, RATS).into_iter().map(|c| c.expect("a card")).collect();
        assert!(cards.iter().all(|c| pool.contains(c)));
        cards.sort_unstable();
        cards.dedup();
        assert_eq!(cards.len(), 7, "seven different cards");
        differ |= hand(&w, RATS) != hand(&g, RATS);
        assert_eq!(w.observation(MICE), seen);
    }
    assert!(differ, "the guesses are not the real hand");
    // A card seen played and back in the hand is known: the mice play Keep
    // Calm, and the refresh step gives it back to their hand.
    air(&mut g, 0, 18.0, 24.0, 0, Tilt::Centre);
    g.arrange_status(0, 0, false, false, true);
    play(&mut g, &Action::Activate(0));
    play(&mut g, &plays("Keep Calm", 0));
    let round = g.round();
    while g.round() == round && g.outcome().is_none() {
        let legal = g.legal_actions();
        let a = legal
            .iter()
            .find(|a| !matches!(a, Action::Play(_)))
            .cloned()
            .unwrap_or_else(|| legal[rng.below(legal.len())].clone());
        play(&mut g, &a);
    }
    let mut held = hand(&g, MICE);
    held.sort_unstable();
    assert_eq!(held, vec![Some(id("Tailwind")), Some(id("Keep Calm"))], "Keep Calm is back in the mice's hand");
    let seen = g.observation(RATS);
    assert_eq!(hand(&seen, MICE), vec![Some(id("Keep Calm")), None], "the rats know Keep Calm, not the other card");
    for _ in 0..20 {
        let w = g.determinize(RATS, &mut rng);
        let guessed = hand(&w, MICE);
        assert!(guessed.contains(&Some(id("Keep Calm"))) && guessed.len() == 2, "{guessed:?}");
        assert_eq!(w.observation(RATS), seen);
    }
}

// ---------------------------------------------------------------------
// TF-R28 Structures.

/// The rats' squad figure 11 in space `space` (a tree space) with the
/// rats to act, "Build Ballista" in hand.
fn builder(space: u8) -> TailFeathers {
    let mut g = table(RATS, &[], &["Build Ballista"]);
    g.arrange_place(11, Place::Space(space));
    play(&mut g, &Action::Activate(6));
    play(&mut g, &Action::Hold(11));
    if legal(&g, &Action::Done) && g.legal_actions().iter().any(|a| matches!(a, Action::Hold(_) | Action::Move { .. }))
    {
        play(&mut g, &Action::Done);
    }
    g
}

#[test]
fn tf_r28_a_ballista_is_built_by_its_card_on_a_tree_space_with_room() {
    let mut g = builder(20);
    let build = plays("Build Ballista", 11);
    play(&mut g, &build);
    let b = g.ballista(Alliance::Rats).expect("built");
    assert_eq!(b.space, 20);
    assert!(log(&g).contains("the rats build their ballista in"), "{}", log(&g));
    // Not in a nest (17 is the rats' nest).
    let g = builder(17);
    let (rule, why) = refusal(&g, &build);
    assert_eq!(rule, "TF-R28", "{why}");
    assert!(why.contains("stands in a nest"), "{why}");
    // Not in a full space.
    let mut g = table(RATS, &[], &["Build Ballista"]);
    for f in [11, 12, 13, 14] {
        g.arrange_place(f, Place::Space(20));
    }
    play(&mut g, &Action::Activate(6));
    play(&mut g, &Action::Hold(11));
    play(&mut g, &Action::Done);
    let (rule, why) = refusal(&g, &build);
    assert_eq!(rule, "TF-R28", "{why}");
    assert!(why.contains("no room for one more small figure"), "{why}");
    // Without structures the card is in nobody's pool.
    let h = TailFeathers::new(&Setup { seats: 2, options: Options { action_cards: true, ..Options::default() } }, 1);
    assert!(!h.card_pool(Alliance::Rats).contains(&id("Build Ballista")));
}

#[test]
fn tf_r28_a_ballista_fills_room_but_never_counts_for_outnumbering() {
    let mut g = table(MICE, &[], &[]);
    g.arrange_ballista(Alliance::Rats, 20, 1, 0);
    for f in [11, 12, 13] {
        g.arrange_place(f, Place::Space(20));
    }
    // Space 20 holds three rats and the ballista: full.
    g.arrange_place(3, Place::Space(21));
    g.arrange_place(4, Place::Space(20 + 8));
    play(&mut g, &Action::Activate(3));
    assert!(!legal(&g, &Action::Move { figure: 3, to: 20 }), "four small there already");
    // A mouse with one rat and the rats' ballista may leave: one enemy
    // against one friend.
    let mut h = table(MICE, &[], &[]);
    h.arrange_ballista(Alliance::Mice, 21, 1, 0);
    h.arrange_place(3, Place::Space(21));
    h.arrange_place(11, Place::Space(21));
    h.arrange_place(12, Place::Space(21));
    play(&mut h, &Action::Activate(3));
    assert!(
        h.legal_actions().iter().all(|a| !matches!(a, Action::Move { figure: 3, .. })),
        "two rats outnumber the mouse: its ballista does not count"
    );
    let mut k = table(MICE, &[], &[]);
    k.arrange_ballista(Alliance::Rats, 21, 1, 0);
    k.arrange_place(3, Place::Space(21));
    k.arrange_place(11, Place::Space(21));
    play(&mut k, &Action::Activate(3));
    assert!(
        k.legal_actions().iter().any(|a| matches!(a, Action::Move { figure: 3, .. })),
        "one rat and its ballista do not outnumber the mouse"
    );
}

#[test]
fn tf_r28_a_ballista_waits_a_round_and_needs_its_crew_alone() {
    let mut g = table(RATS, &[], &[]);
    g.arrange_ballista(Alliance::Rats, 20, 1, 0);
    g.arrange_place(11, Place::Space(20));
    air(&mut g, 1, 12.0, 26.0, 0, Tilt::Centre);
    let bolt = Action::Loose(Target::Figure(1));
    let (rule, why) = refusal(&g, &bolt);
    assert_eq!(rule, "TF-R28");
    assert!(why.contains("built this round"), "{why}");
    g.arrange_round(2);
    g.arrange_ballista(Alliance::Rats, 20, 1, 0);
    assert!(legal(&g, &bolt), "{:?}", g.legal_actions());
    // No crew.
    let mut h = g.clone();
    h.arrange_place(11, Place::Space(21));
    let (rule, why) = refusal(&h, &bolt);
    assert_eq!(rule, "TF-R28");
    assert!(why.contains("needs a crew"), "{why}");
    // An enemy in its space.
    let mut h = g.clone();
    h.arrange_place(3, Place::Space(20));
    let (rule, why) = refusal(&h, &bolt);
    assert_eq!(rule, "TF-R28");
    assert!(why.contains("an enemy shares"), "{why}");
    // The bolt: three ranged dice, and the turn passes.
    play(&mut g, &bolt);
    assert!(log(&g).contains("the rats ballista looses a bolt at the Chaffinch"), "{}", log(&g));
    assert_eq!(tf_common::rolls(&g, "attack")[0].len(), usize::from(BALLISTA.ranged));
    // The turn passed to the mice: a bolt now would be theirs, and they
    // have no ballista.
    assert_eq!(g.to_move(), aviary::rules::ToMove::Seat(MICE), "{}", g.status());
    let (rule, why) = refusal(&g, &bolt);
    assert_eq!(rule, "TF-R28");
    assert!(why.contains("the mice ballista is not built"), "{why}");
    // Once a round: the rats' next turn of the round may not loose it again.
    let mut k = g.clone();
    while k.in_combat() || k.legal_actions().contains(&Action::NoCard) {
        let a = k.legal_actions()[0].clone();
        play(&mut k, &a);
    }
    assert!(k.ballista(Alliance::Rats).is_some_and(|b| b.activated));
    k.arrange_turn(RATS, &[]);
    let (rule, why) = refusal(&k, &bolt);
    assert_eq!(rule, "TF-R28");
    assert!(why.contains("has already been activated this round"), "{why}");
}

#[test]
fn tf_r28_a_ballista_is_attacked_takes_no_status_and_is_removed_for_good() {
    let mut g = table(MICE, &[], &[]);
    g.arrange_ballista(Alliance::Rats, 20, 1, 0);
    g.arrange_place(3, Place::Space(21));
    play(&mut g, &Action::Activate(3));
    play(&mut g, &Action::Hold(3));
    play(&mut g, &Action::Done);
    let strike = Action::Strike { figure: 3, target: Target::Ballista(Alliance::Rats) };
    assert!(legal(&g, &strike), "{:?}", g.legal_actions());
    g.arrange_ballista(Alliance::Rats, 20, 1, 0);
    let mut wounded = with_dice(&g, &strike, "a wound on the ballista", |h| {
        h.ballista(Alliance::Rats).is_some_and(|b| b.wounds > 0) && !h.in_combat()
    });
    assert!(wounded.ballista(Alliance::Rats).is_some());
    // At its life it is removed, and cannot be built again.
    let mut k = table(MICE, &[], &[]);
    k.arrange_ballista(Alliance::Rats, 20, 1, BALLISTA.life - 1);
    k.arrange_place(3, Place::Space(21));
    play(&mut k, &Action::Activate(3));
    play(&mut k, &Action::Hold(3));
    play(&mut k, &Action::Done);
    let gone =
        with_dice(&k, &strike, "the ballista destroyed", |h| h.ballista(Alliance::Rats).is_none() && !h.in_combat());
    let _ = &mut wounded;
    let mut b = gone.clone();
    b.arrange_turn(RATS, &[]);
    b.arrange_hand(RATS, &[id("Build Ballista")]);
    b.arrange_place(11, Place::Space(22));
    play(&mut b, &Action::Activate(6));
    play(&mut b, &Action::Hold(11));
    play(&mut b, &Action::Done);
    let (rule, why) = refusal(&b, &plays("Build Ballista", 11));
    assert_eq!(rule, "TF-R28", "{why}");
    assert!(why.contains("destroyed: it is out of play"), "{why}");
}

// ---------------------------------------------------------------------
// TF-R22 What the cards bring in: the shift and the veteran marker.

/// The mice's `bird` flying north from (12, 14), its flight flown (two
/// short templates), the mice to act after it.
fn flown(bird: u8, mice: &[&str], rats: &[&str]) -> TailFeathers {
    flown_beside(bird, mice, rats, &[])
}

/// As [`flown`], with other birds hovering first at (x, y) facing
/// `heading`.
fn flown_beside(bird: u8, mice: &[&str], rats: &[&str], others: &[(u8, f64, f64, u8)]) -> TailFeathers {
    let seat = if bird < 9 { MICE } else { RATS };
    let mut g = table(seat, mice, rats);
    for &(f, x, y, h) in others {
        air(&mut g, f, x, y, h, Tilt::Centre);
    }
    air(&mut g, bird, 12.0, 14.0, 6, Tilt::Centre);
    play(&mut g, &Action::Activate(unit(bird)));
    play(&mut g, &Action::Fly(vec![Length::Short, Length::Short]));
    while g.walking().is_some() {
        play(&mut g, &Action::Continue);
    }
    assert_eq!(g.figure(bird).place, Place::Air);
    g
}

/// The mice's `bird` flying north from (12, 14), activated, the mice
/// holding `mice`.
fn about_to_fly(bird: u8, mice: &[&str]) -> TailFeathers {
    let mut g = table(MICE, mice, &[]);
    air(&mut g, bird, 12.0, 14.0, 6, Tilt::Centre);
    play(&mut g, &Action::Activate(unit(bird)));
    g
}

fn unit(f: u8) -> u8 {
    aviary::rules::tail_feathers::game::unit_of(f) as u8
}

#[test]
fn tf_r22_a_shift_lays_one_short_template_keeps_the_facing_and_crosses_nothing() {
    let g = flown(0, &["Sideslip"], &[]);
    let before = g.bird(0).expect("a bird").pose;
    for turn in [-2i8, 0, 2] {
        let mut h = g.clone();
        // The Crow hovers just past where a straight shift would end.
        air(&mut h, 9, before.at.x, before.at.y + 4.75, 12, Tilt::Centre);
        let shift = aimed("Sideslip", 0, Aim::Turn(turn));
        if turn == 0 {
            // Straight ahead the shifted base would touch the Crow's.
            let (rule, why) = refusal(&h, &shift);
            assert_eq!(rule, "TF-R22", "{why}");
            continue;
        }
        play(&mut h, &shift);
        let after = h.bird(0).expect("a bird").pose;
        assert_eq!(after.heading, before.heading, "it keeps its facing");
        let moved = after.at.dist(before.at);
        assert!((moved - (0.75 + 3.0)).abs() < 0.01, "a short template from the front of its base: {moved}");
        assert_eq!(h.figure(9).wounds, 0, "no crossing: nobody is wounded");
        assert!(!log(&h).contains("flew through"), "{}", log(&h));
    }
    // Not through a trunk: the Swallow by the Old Beech's trunk, facing it.
    let mut h = table(MICE, &["Sideslip"], &[]);
    air(&mut h, 0, 11.0, 7.0, 12, Tilt::Centre);
    play(&mut h, &Action::Activate(0));
    let mut k = h.clone();
    k.arrange_place(0, Place::Air);
    assert!(k.shift_pose(0, 0).is_none(), "a shift may not pass through a trunk");
    // Not off the battlefield.
    let mut e = table(MICE, &["Sideslip"], &[]);
    air(&mut e, 0, 34.5, 18.0, 0, Tilt::Centre);
    assert!(e.shift_pose(0, 0).is_none(), "a shift may not leave the battlefield");
}

#[test]
fn tf_r22_a_veteran_marker_gives_one_more_melee_ranged_and_defence_die_and_leaves_with_its_figure() {
    let mut g = table(MICE, &["Battle-Hardened"], &[]);
    play(&mut g, &Action::Activate(3));
    play(&mut g, &Action::Hold(3));
    play(&mut g, &Action::Done);
    let (melee, ranged) = g.attack_values(3);
    let defence = g.defence(Target::Figure(3), aviary::rules::tail_feathers::dice::Attack::Melee);
    play(&mut g, &plays("Battle-Hardened", 3));
    assert_eq!(g.veteran(Alliance::Mice), Some(3));
    assert_eq!(g.attack_values(3), (melee + 1, ranged + 1));
    assert_eq!(g.defence(Target::Figure(3), aviary::rules::tail_feathers::dice::Attack::Melee), defence + 1);
    assert!(log(&g).contains("takes the veteran marker"), "{}", log(&g));
    // The marker acts in place of the figure's attack.
    assert!(
        !g.legal_actions()
            .iter()
            .any(|a| matches!(a, Action::Strike { figure: 3, .. } | Action::Shoot { figure: 3, .. }))
    );
    // One marker a side.
    let mut h = g.clone();
    h.arrange_turn(MICE, &[]);
    h.arrange_hand(MICE, &[id("Battle-Hardened")]);
    play(&mut h, &Action::Activate(3));
    play(&mut h, &Action::Hold(4));
    play(&mut h, &Action::Done);
    let (rule, why) = refusal(&h, &plays("Battle-Hardened", 4));
    assert_eq!(rule, "TF-R22");
    assert!(why.contains("veteran marker is already in play"), "{why}");
    // Defeated, the figure leaves its marker.
    let mut k = g.clone();
    k.arrange_place(3, Place::Casualty);
    k.arrange_turn(MICE, &[]);
    play(&mut k, &Action::Activate(0));
    assert_eq!(k.veteran(Alliance::Mice), None);
}

// ---------------------------------------------------------------------
// Each card: its effect happens; refused where its requirement or its
// timing is not met.

use aviary::rules::tail_feathers::dice::{self, Attack, Face};
use aviary::rules::tail_feathers::game::Event;

/// Carries a combat on after `a`: no cheese re-rolls, the first hit
/// target, and the attack window answered with the mice's and the rats'
/// cards (no card when `None`), the first player's card first. Returns
/// every event on the way.
fn fight(g: &mut TailFeathers, a: &Action, mice: Option<&Action>, rats: Option<&Action>) -> Vec<Event> {
    play(g, a);
    let mut events = g.events().to_vec();
    loop {
        let legal = g.legal_actions();
        let next = if legal.iter().any(|x| matches!(x, Action::Reroll(_))) {
            Action::Reroll(0)
        } else if legal.contains(&Action::NoCard) {
            let answer = if g.to_move() == aviary::rules::ToMove::Seat(MICE) { mice } else { rats };
            answer.cloned().unwrap_or(Action::NoCard)
        } else if legal.iter().any(|x| matches!(x, Action::First(_))) {
            Action::First(g.first_player().0)
        } else if let Some(x) = legal.iter().find(|x| matches!(x, Action::AssignHit(_))) {
            x.clone()
        } else {
            break;
        };
        play(g, &next);
        events.extend(g.events().iter().cloned());
    }
    events
}

/// The faces rolled for `what` among `events`.
fn rolled(events: &[Event], what: &str) -> Vec<usize> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Rolled { what: w, faces, .. } if *w == what => Some(faces.len()),
            _ => None,
        })
        .collect()
}

/// Tries RNG seeds until `a` fought with these answers gives `ok`.
fn fight_until(
    g: &TailFeathers,
    a: &Action,
    answers: (Option<&Action>, Option<&Action>),
    ok: impl Fn(&TailFeathers, &[Event]) -> bool,
) -> (TailFeathers, Vec<Event>) {
    for seed in 0..3000 {
        let mut h = g.clone();
        h.arrange_rng(seed);
        let events = fight(&mut h, a, answers.0, answers.1);
        if ok(&h, &events) {
            return (h, events);
        }
    }
    panic!("no seed gives what the test needs for {a:?}");
}

/// The Jay (Wren: Bow) flown north to about (12, 20.75); the Carrion Crow
/// hovering at (17, 21) facing west, within its ranged range.
fn jay_facing_crow(mice: &[&str], rats: &[&str]) -> TailFeathers {
    flown_beside(2, mice, rats, &[(9, 17.0, 21.0, 12)])
}

const SHOOT_CROW: Action = Action::Shoot { figure: 2, target: Target::Figure(9) };

#[test]
fn card_tailwind_lays_one_template_more_before_the_flight_only() {
    let mut g = about_to_fly(1, &["Tailwind"]);
    let (s, l) = (Length::Short, Length::Long);
    let five = Action::Fly(vec![s, s, s, l, s]);
    assert!(!legal(&g, &five), "the Chaffinch lays at most 4");
    play(&mut g, &plays("Tailwind", 1));
    assert!(legal(&g, &five), "one more with the tailwind");
    let after = flown_beside(1, &["Tailwind"], &[], &[(9, 14.5, 21.0, 12)]);
    let (rule, why) = refusal(&after, &plays("Tailwind", 1));
    assert_eq!(rule, "TF-R27");
    assert!(why.contains("before flying"), "{why}");
}

#[test]
fn card_steady_talons_passes_the_piloting_check_without_a_roll() {
    let mut g = about_to_fly(1, &["Steady Talons"]);
    play(&mut g, &plays("Steady Talons", 1));
    assert!(tf_common::rolls(&g, "piloting check").is_empty());
    assert!(legal(&g, &Action::SetTilt(Tilt::Left)) && legal(&g, &Action::SetTilt(Tilt::Right)));
    // Once the check has been rolled, it is too late.
    let h = about_to_fly(1, &["Steady Talons"]);
    let failed = with_dice(&h, &Action::PilotingCheck, "a failed check", |k| g_status(k).contains("announce"));
    assert!(!legal(&failed, &plays("Steady Talons", 1)));
}

fn g_status(g: &TailFeathers) -> String {
    g.status()
}

#[test]
fn card_sideslip_shifts_after_the_flight_only() {
    let g = flown(0, &["Sideslip"], &[]);
    assert!(legal(&g, &aimed("Sideslip", 0, Aim::Turn(0))));
    let h = about_to_fly(0, &["Sideslip"]);
    let (rule, why) = refusal(&h, &aimed("Sideslip", 0, Aim::Turn(0)));
    assert_eq!(rule, "TF-R27");
    assert!(why.contains("after flying"), "{why}");
}

/// The round-2 tilt phase with the Swallow flying, its tilt to decide.
fn tilt_phase(mice: &[&str]) -> TailFeathers {
    let mut g = TailFeathers::new(&Setup { seats: 2, options: options() }, 1);
    tf_common::deploy_all(&mut g);
    tf_common::no_missions(&mut g);
    assert_eq!(g.phase(), Phase::Tilt);
    g.arrange_hand(MICE, &mice.iter().map(|n| id(n)).collect::<Vec<_>>());
    air(&mut g, 0, 12.0, 14.0, 6, Tilt::Centre);
    while !g.legal_actions().iter().any(|a| matches!(a, Action::Tilt { bird: 0, .. })) {
        let a = g.legal_actions().iter().find(|a| matches!(a, Action::Stay(_))).cloned().expect("a perched bird stays");
        play(&mut g, &a);
    }
    g
}

#[test]
fn card_wheel_about_turns_the_bird_in_the_tilt_phase_only() {
    let mut g = tilt_phase(&["Wheel About"]);
    let heading = g.bird(0).expect("a bird").pose.heading;
    assert!(!legal(&g, &aimed("Wheel About", 0, Aim::Turn(7))), "at most 90 degrees");
    play(&mut g, &aimed("Wheel About", 0, Aim::Turn(-6)));
    assert_eq!(g.bird(0).expect("a bird").pose.heading, heading.turned(-6));
    assert!(g.legal_actions().iter().any(|a| matches!(a, Action::Tilt { bird: 0, .. })), "the tilt is still to set");
    let h = about_to_fly(0, &["Wheel About"]);
    let (rule, why) = refusal(&h, &aimed("Wheel About", 0, Aim::Turn(2)));
    assert_eq!(rule, "TF-R27");
    assert!(why.contains("tilt phase"), "{why}");
}

/// The Swallow flying east along the Elm's south row with rats in spaces
/// 26 and 28, activated (as the rule tests' swoop run).
fn swoop_run(mice: &[&str]) -> TailFeathers {
    let mut g = table(MICE, mice, &[]);
    air(&mut g, 0, 18.0, 4.5, 0, Tilt::Centre);
    g.arrange_place(11, Place::Space(26));
    g.arrange_place(12, Place::Space(28));
    play(&mut g, &Action::Activate(0));
    g
}

fn to_the_swoop(g: &mut TailFeathers) {
    play(g, &Action::Fly(vec![Length::Long; 3]));
    while !legal(g, &Action::Swoop) {
        play(g, &Action::Continue);
    }
}

#[test]
fn card_stoop_and_skimming_pass_add_swoop_dice() {
    for (name, more) in [("Stoop", 2), ("Skimming Pass", 3)] {
        let mut g = swoop_run(&[name]);
        play(&mut g, &plays(name, 0));
        // A bird card: it lies face down by the Swallow.
        assert_eq!(g.hand(Alliance::Mice).lying, vec![(id(name), 0)], "{name}");
        to_the_swoop(&mut g);
        let events = fight(&mut g, &Action::Swoop, None, None);
        // Swallow battle 3 + Tansy's melee 1.
        assert_eq!(rolled(&events, "attack")[0], 4 + more, "{name}");
    }
    // Skimming Pass is the Swallow's own: not for the Chaffinch.
    let g = about_to_fly(1, &["Skimming Pass"]);
    let (rule, why) = refusal(&g, &plays("Skimming Pass", 1));
    assert_eq!(rule, "TF-R27");
    assert!(why.contains("needs the Swallow"), "{why}");
    // Stoop is played before the flight, not at the swoop.
    let mut h = swoop_run(&["Stoop"]);
    to_the_swoop(&mut h);
    assert!(!legal(&h, &plays("Stoop", 0)));
}

#[test]
fn card_feint_and_barrel_roll_add_two_defence_dice_to_the_bird_attacked() {
    // The Crow (Grist: Blade, no Wing) shot at by the Jay: Feint is a bird
    // card, any bird.
    let g = jay_facing_crow(&[], &["Feint"]);
    let (_, events) =
        fight_until(&g, &SHOOT_CROW, (None, Some(&plays("Feint", 9))), |_, e| !rolled(e, "defence").is_empty());
    // The Crow defends with 3, one more against ranged (feathered), two
    // more from the card.
    assert_eq!(rolled(&events, "defence")[0], 3 + 1 + 2);
    // Barrel Roll needs a Wing pilot: the Swallow's Tansy has it, the
    // Crow's Grist not.
    let mut g = jay_facing_crow(&[], &["Barrel Roll"]);
    play(&mut g, &SHOOT_CROW);
    while g.legal_actions().iter().any(|a| matches!(a, Action::Reroll(_))) {
        play(&mut g, &Action::Reroll(0));
    }
    play(&mut g, &Action::NoCard);
    let (rule, why) = refusal(&g, &plays("Barrel Roll", 9));
    assert_eq!(rule, "TF-R27");
    assert!(why.contains("needs Wing proficiency"), "{why}");
    // Feint is played when defending, not before flying.
    let h = about_to_fly(0, &["Feint"]);
    assert_eq!(refusal(&h, &plays("Feint", 0)).0, "TF-R27");
}

#[test]
fn card_barrel_roll_defends_a_wing_pilot() {
    // The rats' Magpie (Mallow: Bow) shoots at the flying Swallow (Tansy
    // rookie: Wing).
    let g = flown_beside(10, &["Barrel Roll"], &[], &[(0, 17.0, 21.0, 12)]);
    let shot = Action::Shoot { figure: 10, target: Target::Figure(0) };
    let (_, events) =
        fight_until(&g, &shot, (Some(&plays("Barrel Roll", 0)), None), |_, e| !rolled(e, "defence").is_empty());
    assert_eq!(rolled(&events, "defence")[0], 2 + 2, "the Swallow's 2 and two more");
}

#[test]
fn card_long_glide_gives_the_chaffinch_two_templates_more() {
    let mut g = about_to_fly(1, &["Long Glide"]);
    play(&mut g, &plays("Long Glide", 1));
    let (s, l) = (Length::Short, Length::Long);
    assert!(legal(&g, &Action::Fly(vec![s, s, s, l, l, s])));
    let h = about_to_fly(2, &["Long Glide"]);
    assert!(refusal(&h, &plays("Long Glide", 2)).1.contains("needs the Chaffinch"));
}

#[test]
fn card_quick_turn_and_aces_loop_turn_the_bird_any_way_after_its_flight() {
    let mut g = flown(2, &["Quick Turn"], &[]);
    let heading = g.bird(2).expect("a bird").pose.heading;
    play(&mut g, &aimed("Quick Turn", 2, Aim::Turn(12)));
    assert_eq!(g.bird(2).expect("a bird").pose.heading, heading.turned(12));
    // Ace's Loop needs a Wing pilot: Tansy (Swallow) has it, Wren (Jay) not.
    let mut g = flown(0, &["Ace's Loop"], &[]);
    play(&mut g, &aimed("Ace's Loop", 0, Aim::Turn(-9)));
    assert_eq!(g.cheese(MICE), 4, "two cheese");
    let h = flown(2, &["Ace's Loop"], &[]);
    assert!(refusal(&h, &aimed("Ace's Loop", 2, Aim::Turn(3))).1.contains("needs Wing proficiency"));
    // Not before the flight.
    let k = about_to_fly(2, &["Quick Turn"]);
    assert!(refusal(&k, &aimed("Quick Turn", 2, Aim::Turn(3))).1.contains("after flying"));
}

#[test]
fn card_alarm_call_and_parry_make_the_attacker_re_roll_one_hit() {
    // The Magpie shoots at the Jay; the Jay answers with its own card.
    let g = flown_beside(10, &["Alarm Call"], &[], &[(2, 17.0, 21.0, 12)]);
    let shot = Action::Shoot { figure: 10, target: Target::Figure(2) };
    let (_, events) = fight_until(&g, &shot, (Some(&plays("Alarm Call", 2)), None), |_, e| {
        e.iter().any(|x| matches!(x, Event::Hits(_)))
            && e.iter().any(|x| matches!(x, Event::Rolled { what, .. } if what == "one hit again"))
    });
    assert!(events.iter().any(|x| matches!(x, Event::Note(n) if n.contains("Mice play Alarm Call on the Jay"))));
    // Parry needs Blade: Burdock (Chaffinch) has it; Wren (Jay) not.
    let h = flown_beside(10, &["Parry"], &[], &[(1, 17.0, 21.0, 12)]);
    let shot = Action::Shoot { figure: 10, target: Target::Figure(1) };
    let (_, events) = fight_until(&h, &shot, (Some(&plays("Parry", 1)), None), |_, e| {
        e.iter().any(|x| matches!(x, Event::Rolled { what, .. } if what == "one hit again"))
    });
    assert!(
        events.iter().any(|x| matches!(x, Event::Note(n) if n.contains("Mice play Parry on the Chaffinch (1 cheese)")))
    );
}

#[test]
fn card_carrion_fury_and_second_volley_re_roll_the_misses() {
    // The Jay shoots at the Crow with Second Volley after its roll.
    let g = jay_facing_crow(&["Second Volley"], &[]);
    let (_, events) = fight_until(&g, &SHOOT_CROW, (Some(&plays("Second Volley", 2)), None), |_, e| {
        e.iter().any(|x| matches!(x, Event::Rolled { what, .. } if what == "the misses again"))
    });
    assert!(events.iter().any(|x| matches!(x, Event::Note(n) if n.contains("Mice play Second Volley"))));
    // Carrion Fury is the Crow's: the Jay may not.
    let mut h = jay_facing_crow(&["Carrion Fury"], &[]);
    assert!(!h.card_pool(Alliance::Mice).contains(&id("Carrion Fury")), "the mice have no crow");
    h.arrange_hand(MICE, &[id("Carrion Fury")]);
    play(&mut h, &SHOOT_CROW);
    while h.legal_actions().iter().any(|a| matches!(a, Action::Reroll(_))) {
        play(&mut h, &Action::Reroll(0));
    }
    assert!(refusal(&h, &plays("Carrion Fury", 2)).1.contains("needs the Carrion Crow"));
    // The Crow strikes the Jay in melee with its fury.
    let k = flown_beside(9, &[], &["Carrion Fury"], &[(2, 14.5, 21.0, 12)]);
    let strike = Action::Strike { figure: 9, target: Target::Figure(2) };
    assert!(legal(&k, &strike), "{:?}", k.legal_actions());
    let (_, events) = fight_until(&k, &strike, (None, Some(&plays("Carrion Fury", 9))), |_, e| {
        e.iter().any(|x| matches!(x, Event::Rolled { what, .. } if what == "the misses again"))
    });
    assert!(
        events.iter().any(|x| matches!(x, Event::Note(n) if n.contains("Rats play Carrion Fury on the Carrion Crow")))
    );
}

/// The attack roll just before "the misses again", and the faces after it.
fn before_and_after_the_fury(events: &[Event]) -> Option<(Vec<Face>, Vec<Face>)> {
    let again = events.iter().position(|x| matches!(x, Event::Rolled { what, .. } if what == "the misses again"))?;
    let before = events[..again].iter().rev().find_map(|x| match x {
        Event::Rolled { faces, .. } => Some(faces.clone()),
        _ => None,
    })?;
    match &events[again] {
        Event::Rolled { faces, .. } => Some((before, faces.clone())),
        _ => None,
    }
}

#[test]
fn card_carrion_fury_re_rolls_one_miss_and_second_volley_every_one() {
    let misses = |faces: &[Face]| {
        faces
            .iter()
            .enumerate()
            .filter(|(_, f)| dice::hits(&[**f], Attack::Melee) == 0)
            .map(|(i, _)| i)
            .collect::<Vec<_>>()
    };
    // The Crow's melee rolls with two misses or more: only the first miss
    // is rolled again, every other die stays as it fell (twenty fights).
    let k = flown_beside(9, &[], &["Carrion Fury"], &[(2, 14.5, 21.0, 12)]);
    let strike = Action::Strike { figure: 9, target: Target::Figure(2) };
    let mut fights = 0;
    for seed in 0..3000 {
        let mut h = k.clone();
        h.arrange_rng(seed);
        let events = fight(&mut h, &strike, None, Some(&plays("Carrion Fury", 9)));
        let Some((before, after)) = before_and_after_the_fury(&events) else { continue };
        if misses(&before).len() < 2 {
            continue;
        }
        assert_eq!(before.len(), after.len());
        let again = misses(&before)[0];
        for (i, (b, a)) in before.iter().zip(&after).enumerate() {
            if i != again {
                assert_eq!(b, a, "die {i} was not the miss rolled again: {before:?} then {after:?}");
            }
        }
        fights += 1;
        if fights == 20 {
            break;
        }
    }
    assert_eq!(fights, 20);
    // Second Volley rolls every miss again: over many seeds some roll with
    // two misses or more changes the second one.
    let g = jay_facing_crow(&["Second Volley"], &[]);
    let (_, events) = fight_until(&g, &SHOOT_CROW, (Some(&plays("Second Volley", 2)), None), |_, e| {
        before_and_after_the_fury(e).is_some_and(|(before, after)| {
            let m: Vec<usize> = before
                .iter()
                .enumerate()
                .filter(|(_, f)| dice::hits(&[**f], Attack::Ranged) == 0)
                .map(|(i, _)| i)
                .collect();
            m.len() >= 2 && m[1..].iter().any(|&i| before[i] != after[i])
        })
    });
    assert!(events.iter().any(|x| matches!(x, Event::Note(n) if n.contains("Mice play Second Volley"))));
}

#[test]
fn card_magpies_hoard_brings_two_cheese_perched_or_flying() {
    let mut g = table(RATS, &[], &["Magpie's Hoard"]);
    g.arrange_cheese(RATS, 1);
    // The Magpie is perched in the Hollow Oak.
    play(&mut g, &Action::Activate(5));
    play(&mut g, &plays("Magpie's Hoard", 10));
    assert_eq!(g.cheese(RATS), 3);
    // It is no card of the Crow's.
    let mut h = table(RATS, &[], &["Magpie's Hoard"]);
    play(&mut h, &Action::Activate(4));
    assert!(refusal(&h, &plays("Magpie's Hoard", 9)).1.contains("needs the Magpie"));
}

#[test]
fn card_acorn_cache_brings_the_jay_two_cheese_after_its_flight_only() {
    let mut g = flown(2, &["Acorn Cache"], &[]);
    g.arrange_cheese(MICE, 1);
    play(&mut g, &plays("Acorn Cache", 2));
    assert_eq!(g.cheese(MICE), 3);
    // The wheel holds six at most.
    let mut g = flown(2, &["Acorn Cache"], &[]);
    g.arrange_cheese(MICE, 5);
    play(&mut g, &plays("Acorn Cache", 2));
    assert_eq!(g.cheese(MICE), 6);
    // Not before the flight, and no card of the Swallow's.
    let h = about_to_fly(2, &["Acorn Cache"]);
    assert!(refusal(&h, &plays("Acorn Cache", 2)).1.contains("after flying"));
    let k = flown(0, &["Acorn Cache"], &[]);
    assert!(refusal(&k, &plays("Acorn Cache", 0)).1.contains("needs the Jay"));
}

#[test]
fn card_raid_the_larder_takes_up_to_two_cheese_from_the_rats_wheel_to_the_mice() {
    let mut g = flown(2, &["Raid the Larder"], &[]);
    g.arrange_cheese(MICE, 1);
    g.arrange_cheese(RATS, 5);
    play(&mut g, &plays("Raid the Larder", 2));
    assert_eq!((g.cheese(MICE), g.cheese(RATS)), (3, 3));
    assert!(log(&g).contains("Rats lose 2 cheese"), "{}", log(&g));
    // Only what the rats have: one cheese on their wheel, one taken.
    let mut g = flown(2, &["Raid the Larder"], &[]);
    g.arrange_cheese(MICE, 0);
    g.arrange_cheese(RATS, 1);
    play(&mut g, &plays("Raid the Larder", 2));
    assert_eq!((g.cheese(MICE), g.cheese(RATS)), (1, 0));
    // A full wheel holds no more: the rats still lose theirs.
    let mut g = flown(2, &["Raid the Larder"], &[]);
    g.arrange_cheese(MICE, 5);
    g.arrange_cheese(RATS, 6);
    play(&mut g, &plays("Raid the Larder", 2));
    assert_eq!((g.cheese(MICE), g.cheese(RATS)), (6, 4));
    // Not before the flight, and no card of the Swallow's.
    let h = about_to_fly(2, &["Raid the Larder"]);
    assert!(refusal(&h, &plays("Raid the Larder", 2)).1.contains("after flying"));
    let k = flown(0, &["Raid the Larder"], &[]);
    assert!(refusal(&k, &plays("Raid the Larder", 0)).1.contains("needs the Jay"));
}

#[test]
fn card_aimed_shot_adds_two_ranged_dice_to_the_next_shot() {
    let mut g = jay_facing_crow(&["Aimed Shot"], &[]);
    play(&mut g, &plays("Aimed Shot", 2));
    assert_eq!(g.cheese(MICE), 5);
    let events = fight(&mut g, &SHOOT_CROW, None, None);
    // Wren (rookie) shoots 2, two more.
    assert_eq!(rolled(&events, "attack")[0], 2 + 2);
    // Not after the attack roll.
    let mut h = jay_facing_crow(&["Aimed Shot"], &[]);
    play(&mut h, &SHOOT_CROW);
    while h.legal_actions().iter().any(|a| matches!(a, Action::Reroll(_))) {
        play(&mut h, &Action::Reroll(0));
    }
    assert!(!legal(&h, &plays("Aimed Shot", 2)));
}

#[test]
fn card_cutlass_swing_adds_two_melee_dice() {
    let mut g = flown_beside(1, &["Cutlass Swing"], &[], &[(9, 14.5, 21.0, 12)]);
    play(&mut g, &plays("Cutlass Swing", 1));
    let strike = Action::Strike { figure: 1, target: Target::Figure(9) };
    let events = fight(&mut g, &strike, None, None);
    // Burdock (standard) strikes with 2, two more.
    assert_eq!(rolled(&events, "attack")[0], 2 + 2);
    // The Jay's Wren has no Blade.
    let h = flown(2, &["Cutlass Swing"], &[]);
    assert!(refusal(&h, &plays("Cutlass Swing", 2)).1.contains("needs Blade proficiency"));
}

#[test]
fn card_fire_arrow_sets_the_target_on_fire_when_it_hits() {
    let mut g = jay_facing_crow(&["Fire Arrow"], &[]);
    play(&mut g, &plays("Fire Arrow", 2));
    assert_eq!(g.cheese(MICE), 4, "two cheese");
    let (h, _) = fight_until(&g, &SHOOT_CROW, (None, None), |h, e| {
        e.iter().any(|x| matches!(x, Event::Hits(n) if *n > 0)) && h.figure(9).place == Place::Air
    });
    assert!(h.figure(9).on_fire, "a hit sets the Crow alight");
    let (h, _) = fight_until(&g, &SHOOT_CROW, (None, None), |_, e| e.iter().any(|x| matches!(x, Event::Hits(0))));
    assert!(!h.figure(9).on_fire, "a miss does not");
    // The Chaffinch's Burdock has no Bow.
    let k = flown(1, &["Fire Arrow"], &[]);
    assert!(refusal(&k, &plays("Fire Arrow", 1)).1.contains("needs Bow proficiency"));
}

#[test]
fn card_keep_calm_steadies_a_rattled_pilot_and_only_a_rattled_one() {
    let mut g = table(MICE, &["Keep Calm"], &[]);
    air(&mut g, 0, 12.0, 14.0, 6, Tilt::Centre);
    g.arrange_status(0, 0, false, false, true);
    play(&mut g, &Action::Activate(0));
    play(&mut g, &plays("Keep Calm", 0));
    assert!(!g.bird(0).expect("a bird").rattled);
    let h = about_to_fly(0, &["Keep Calm"]);
    assert!(refusal(&h, &plays("Keep Calm", 0)).1.contains("would do nothing"));
    // A rattled pilot may play no other pilot card.
    let mut k = jay_facing_crow(&["Aimed Shot"], &[]);
    k.arrange_status(2, 0, false, false, true);
    assert!(refusal(&k, &plays("Aimed Shot", 2)).1.contains("pilot is rattled"));
}

/// The mice's squad figure 3 alone in space `at` of the Ash, activated.
fn squad_at(at: u8, mice: &[&str], rats: &[&str]) -> TailFeathers {
    let mut g = table(MICE, mice, rats);
    g.arrange_place(3, Place::Space(at));
    play(&mut g, &Action::Activate(3));
    g
}

#[test]
fn card_forced_march_adds_a_step_to_each_move() {
    let mut g = squad_at(18, &["Forced March"], &[]);
    let before: Vec<Action> =
        g.legal_actions().into_iter().filter(|a| matches!(a, Action::Move { figure: 3, .. })).collect();
    play(&mut g, &plays("Forced March", 3));
    let after: Vec<Action> =
        g.legal_actions().into_iter().filter(|a| matches!(a, Action::Move { figure: 3, .. })).collect();
    assert!(after.len() > before.len(), "{} moves, then {}", before.len(), after.len());
    // Before moving only.
    let mut h = squad_at(18, &["Forced March"], &[]);
    play(&mut h, &Action::Hold(3));
    assert!(refusal(&h, &plays("Forced March", 3)).1.contains("before moving"));
}

#[test]
fn card_shield_wall_gives_each_figure_of_the_unit_one_defence_die_more() {
    // The Magpie shoots at a mouse of the Thistle Guard in the Ash.
    let mut g = table(RATS, &[], &[]);
    g.arrange_hand(MICE, &[id("Shield Wall")]);
    g.arrange_place(3, Place::Space(22));
    air(&mut g, 10, 12.0, 24.0, 6, Tilt::Centre);
    play(&mut g, &Action::Activate(5));
    play(&mut g, &Action::Fly(vec![Length::Short, Length::Short]));
    while g.walking().is_some() {
        play(&mut g, &Action::Continue);
    }
    let shot = Action::Shoot { figure: 10, target: Target::Figure(3) };
    assert!(legal(&g, &shot), "{:?}", g.legal_actions());
    let (after, events) =
        fight_until(&g, &shot, (Some(&plays("Shield Wall", 3)), None), |_, e| !rolled(e, "defence").is_empty());
    assert_eq!(rolled(&events, "defence")[0], 2 + 1, "the Thistle Guard's 2 and one more");
    assert_eq!(after.cheese(MICE), 6 - 2, "Shield Wall costs two cheese");
    // A bird is no ground unit.
    let mut h = jay_facing_crow(&[], &["Shield Wall"]);
    play(&mut h, &SHOOT_CROW);
    while h.legal_actions().iter().any(|a| matches!(a, Action::Reroll(_))) {
        play(&mut h, &Action::Reroll(0));
    }
    play(&mut h, &Action::NoCard);
    assert!(refusal(&h, &plays("Shield Wall", 9)).1.contains("needs a hero or squad"));
}

/// Old Scab (17) in space 20 of the Ash with a mouse beside it in 21, the
/// rats' hero activated and done moving.
fn scab(rats: &[&str]) -> TailFeathers {
    let mut g = table(RATS, &[], rats);
    g.arrange_place(17, Place::Space(20));
    g.arrange_place(3, Place::Space(21));
    play(&mut g, &Action::Activate(7));
    play(&mut g, &Action::Hold(17));
    g
}

#[test]
fn card_net_throw_lays_down_an_enemy_beside_instead_of_attacking() {
    let mut g = scab(&["Net Throw"]);
    play(&mut g, &aimed("Net Throw", 17, Aim::Figure(3)));
    assert!(g.figure(3).immobilized);
    assert_eq!(g.cheese(RATS), 4);
    // Not at a figure two spaces away.
    let mut h = table(RATS, &[], &["Net Throw"]);
    h.arrange_place(17, Place::Space(20));
    h.arrange_place(3, Place::Space(24));
    play(&mut h, &Action::Activate(7));
    play(&mut h, &Action::Hold(17));
    assert!(!legal(&h, &aimed("Net Throw", 17, Aim::Figure(3))));
    // Instead of attacking, not before moving.
    let mut k = table(RATS, &[], &["Net Throw"]);
    k.arrange_place(17, Place::Space(20));
    k.arrange_place(3, Place::Space(21));
    play(&mut k, &Action::Activate(7));
    assert!(refusal(&k, &aimed("Net Throw", 17, Aim::Figure(3))).1.contains("instead of attacking"));
}

#[test]
fn card_rally_brings_one_squad_figure_back_to_the_reserves_for_two_cheese() {
    // A hero may not rally (the card is a squad's), nor may a bird.
    let mut g = scab(&["Rally"]);
    for f in [11, 12, 13] {
        g.arrange_place(f, Place::Casualty);
    }
    assert!(refusal(&g, &plays("Rally", 17)).1.contains("needs a squad"));
    assert!((11..14).all(|f| g.figure(f).place == Place::Casualty));
    // A squad rallies instead of a figure's attack, for two cheese: with
    // one it may not.
    let mut h = table(MICE, &["Rally"], &[]);
    h.arrange_place(5, Place::Casualty);
    h.arrange_cheese(MICE, 1);
    play(&mut h, &Action::Activate(3));
    play(&mut h, &Action::Hold(3));
    play(&mut h, &Action::Done);
    assert!(refusal(&h, &plays("Rally", 3)).1.contains("cheese"), "{:?}", refusal(&h, &plays("Rally", 3)));
    h.arrange_cheese(MICE, 2);
    play(&mut h, &plays("Rally", 3));
    assert_eq!(h.figure(5).place, Place::Reserves);
    assert_eq!(h.cheese(MICE), 0, "Rally costs two cheese");
    let k = flown_beside(1, &["Rally"], &[], &[(9, 14.5, 21.0, 12)]);
    assert!(refusal(&k, &plays("Rally", 1)).1.contains("needs a squad"));
}

#[test]
fn card_patch_up_takes_two_wounds_off_the_hero() {
    let mut g = scab(&["Patch Up"]);
    g.arrange_status(17, 3, false, false, false);
    play(&mut g, &plays("Patch Up", 17));
    assert_eq!(g.figure(17).wounds, 1);
    let h = scab(&["Patch Up"]);
    assert!(refusal(&h, &plays("Patch Up", 17)).1.contains("would do nothing"), "no wounds to take off");
}

#[test]
fn card_bucket_brigade_puts_out_the_nest_the_figure_stands_in() {
    let mut g = table(MICE, &["Bucket Brigade"], &[]);
    g.arrange_nest(Alliance::Mice, 8, 2);
    g.arrange_place(3, Place::Space(tf_common::MICE_NEST));
    play(&mut g, &Action::Activate(3));
    play(&mut g, &Action::Hold(3));
    play(&mut g, &Action::Done);
    play(&mut g, &plays("Bucket Brigade", 3));
    assert_eq!(g.nest_fire(Alliance::Mice), 0);
    // Not from outside the nest.
    let mut h = table(MICE, &["Bucket Brigade"], &[]);
    h.arrange_nest(Alliance::Mice, 8, 2);
    h.arrange_place(3, Place::Space(18));
    play(&mut h, &Action::Activate(3));
    play(&mut h, &Action::Hold(3));
    play(&mut h, &Action::Done);
    assert!(refusal(&h, &plays("Bucket Brigade", 3)).1.contains("would do nothing"));
}

#[test]
fn card_battle_hardened_and_build_ballista_are_in_their_pools() {
    let g = table(MICE, &[], &[]);
    for side in [Alliance::Mice, Alliance::Rats] {
        assert!(g.card_pool(side).contains(&id("Battle-Hardened")));
        assert!(g.card_pool(side).contains(&id("Build Ballista")));
    }
    // The hero is no squad: no veteran marker for Old Scab.
    let mut h = scab(&["Battle-Hardened"]);
    assert!(refusal(&h, &plays("Battle-Hardened", 17)).1.contains("needs a squad"));
    // Old Scab has no Craft.
    h.arrange_hand(RATS, &[id("Build Ballista")]);
    assert!(refusal(&h, &plays("Build Ballista", 17)).1.contains("needs Craft proficiency"));
}

#[test]
fn every_side_can_make_a_legal_hand_of_seven_and_every_card_is_someones() {
    let g = table(MICE, &[], &[]);
    let (mice, rats) = (g.card_pool(Alliance::Mice), g.card_pool(Alliance::Rats));
    assert!(mice.len() >= HAND && rats.len() >= HAND, "{} and {}", mice.len(), rats.len());
    for c in 0..aviary::rules::tail_feathers::cards::CARD_COUNT as CardId {
        assert!(mice.contains(&c) || rats.contains(&c), "card {c} belongs to nobody");
    }
    const { assert!(aviary::rules::tail_feathers::cards::CARD_COUNT >= 20) };
}

#[test]
fn tf_r28_a_ballista_takes_no_status_a_burning_arrow_only_wounds_it() {
    // The Jay, flown north, with Fire Arrow; the rats' ballista in a space
    // of the Ash within its sight.
    let base = flown_beside(2, &["Fire Arrow"], &[], &[(9, 17.0, 21.0, 12)]);
    let shot = Action::Shoot { figure: 2, target: Target::Ballista(Alliance::Rats) };
    let mut g = (18..26u8)
        .map(|s| {
            let mut g = base.clone();
            g.arrange_ballista(Alliance::Rats, s, 1, 0);
            g
        })
        .find(|g| legal(g, &shot))
        .expect("a space of the Ash in the Jay's sight");
    play(&mut g, &plays("Fire Arrow", 2));
    let (h, events) = fight_until(&g, &shot, (None, None), |h, e| {
        e.iter().any(|x| matches!(x, Event::Wounds(Target::Ballista(_), _))) && h.ballista(Alliance::Rats).is_some()
    });
    assert!(h.ballista(Alliance::Rats).is_some_and(|b| b.wounds > 0));
    assert!(!events.iter().any(|x| matches!(x, Event::Fire(..))), "no fire on a structure: {events:?}");
}

/// Found by a new player: a card of the mice's dropped on a rat was refused
/// with "Feint is not in the rats hand" alone, which puzzled them. The
/// refusal says a card goes only to its own side's units.
#[test]
fn tf_r27_a_card_given_to_the_other_side_s_unit_says_whose_units_may_take_it() {
    let mut g = table(MICE, &["Tailwind"], &[]);
    air(&mut g, 0, 18.0, 24.0, 0, Tilt::Centre);
    air(&mut g, 10, 12.0, 14.0, 6, Tilt::Centre);
    play(&mut g, &Action::Activate(0));
    let (rule, why) = refusal(&g, &plays("Tailwind", 10));
    assert_eq!(rule, "TF-R27");
    assert!(why.contains("not in the rats hand"), "{why}");
    assert!(why.contains("only to a unit of the side holding it") && why.contains("Magpie is the rats'"), "{why}");
}
