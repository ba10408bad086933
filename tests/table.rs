//! The table below the views, on its own (no egui): chance steps are
//! applied at once, on the UI's own thread.
#![allow(clippy::unwrap_used)]

use std::sync::Arc;
use std::time::Duration;

use aviary::rules::feathers_wax::{FeathersAndWax, Options};
use aviary::rules::{Game, Setup, ToMove};
use aviary::session::{Player, Session};
use aviary::table::{Table, Waker};

#[test]
fn a_chance_step_is_applied_at_once_without_a_thread_or_a_delay() {
    let dir = tempfile::tempdir().unwrap();
    let session: Session<FeathersAndWax> =
        Session::new(Setup { seats: 1, options: Options {} }, 3, vec![Player::Human]);
    assert_eq!(session.state().to_move(), ToMove::Chance, "the first movement card is drawn by chance");
    let mut table = Table::new(session, dir.path().join("g.json"));
    let wake: Waker = Arc::new(|| {});
    let mut notices = Vec::new();
    table.tick(&wake, Duration::from_secs(5), &mut notices);
    assert!(notices.is_empty(), "{notices:?}");
    assert_eq!(table.session().cursor(), 1, "drawn in this very tick");
    assert!(!table.thinking(), "no worker was asked");
    assert!(matches!(table.session().state().to_move(), ToMove::Seat(_)), "the person decides next");
    // A paused table waits.
    let session: Session<FeathersAndWax> =
        Session::new(Setup { seats: 1, options: Options {} }, 3, vec![Player::Human]);
    let mut paused = Table::new(session, dir.path().join("p.json"));
    paused.paused = true;
    paused.tick(&wake, Duration::ZERO, &mut notices);
    assert_eq!(paused.session().cursor(), 0);
}

/// A Feathers & Wax table (seed 3) with its first card drawn (a reveal).
fn dealt_solitaire(dir: &std::path::Path) -> (Table<FeathersAndWax>, Vec<aviary::ui::Notice>) {
    let session: Session<FeathersAndWax> =
        Session::new(Setup { seats: 1, options: Options {} }, 3, vec![Player::Human]);
    let mut table = Table::new(session, dir.join("g.json"));
    let wake: Waker = Arc::new(|| {});
    let mut notices = Vec::new();
    table.tick(&wake, Duration::ZERO, &mut notices);
    (table, notices)
}

#[test]
fn one_undo_policy_free_ask_first_or_refused_in_strict_mode() {
    let dir = tempfile::tempdir().unwrap();
    let (mut table, mut notices) = dealt_solitaire(dir.path()); // the first card is drawn: a reveal
    let quiet =
        table.session().state().legal_actions().into_iter().find(|a| !table.session().state().reveals(a)).unwrap();
    table.propose(quiet, &mut notices).unwrap();
    let revealed = |e: &aviary::session::LogEntry| e.reveals;
    // Taking back a move that showed nothing: free.
    assert_eq!(table.guarded_undo(false, revealed, "no", &mut notices), None);
    assert_eq!(table.session().cursor(), 1);
    // Taking back the drawn card: strict refuses with the view's reason...
    assert_eq!(table.guarded_undo(true, revealed, "strict says no", &mut notices), None);
    assert_eq!(table.session().cursor(), 1, "nothing undone");
    assert!(matches!(notices.last(), Some(aviary::ui::Notice::Error(m)) if m == "strict says no"));
    // ...otherwise the person is asked first, and nothing changes yet.
    assert_eq!(table.guarded_undo(false, revealed, "no", &mut notices), Some(0));
    assert_eq!(table.session().cursor(), 1);
    assert!(!table.session().is_assisted());
    // Once they confirm, the game is marked; from then on such undos are free.
    table.rewind_to(0, true, &mut notices);
    assert!(table.session().is_assisted());
    table.paused = true;
    table.redo(&mut notices);
    assert_eq!(table.guarded_undo(false, revealed, "no", &mut notices), None);
    assert_eq!(table.session().cursor(), 0);
}

#[test]
fn while_the_computer_is_to_move_a_persons_move_is_refused_with_a_message() {
    use aviary::ai::Level;
    use aviary::rules::daedalus::{Daedalus, Options as DaOptions};
    let dir = tempfile::tempdir().unwrap();
    // Find a seed where the computer (Black) builds first.
    let (session, seed) = (0..50)
        .map(|seed| {
            let s: Session<Daedalus> = Session::new(
                Setup { seats: 2, options: DaOptions::default() },
                seed,
                vec![Player::Human, Player::Computer(Level::Easy)],
            );
            (s, seed)
        })
        .find(|(s, _)| s.player_to_move().is_some_and(|(_, p)| p.is_computer()))
        .unwrap();
    let mut table = Table::new(session, dir.path().join(format!("{seed}.json")));
    assert_eq!(table.person_to_move(), None);
    let any = table.session().state().legal_actions()[0].clone();
    let mut notices = Vec::new();
    assert!(!table.propose_for_person(any, &mut notices), "refused");
    assert_eq!(table.session().cursor(), 0, "nothing changed");
    assert!(format!("{notices:?}").contains("Wait for your turn"), "{notices:?}");
}

/// In the solitaire a "turn" is the steps since the last card turned up:
/// Undo turn takes back those steps and keeps the card.
#[test]
fn undo_turn_in_the_solitaire_goes_back_to_just_after_the_last_card() {
    let dir = tempfile::tempdir().unwrap();
    let mut session: Session<FeathersAndWax> =
        Session::new(Setup { seats: 1, options: Options {} }, 3, vec![Player::Human]);
    let mut rng = aviary::rules::Rng::seeded(9);
    // Play until some person steps follow the latest reveal.
    loop {
        let legal = session.state().legal_actions();
        session.propose(legal[rng.below(legal.len())].clone()).unwrap();
        let log = &session.log()[..session.cursor()];
        let last_reveal = log.iter().rposition(|e| e.reveals);
        if let Some(r) = last_reveal
            && log.len() >= r + 3
            && log[r + 1..].iter().all(|e| e.seat.is_some())
        {
            break;
        }
    }
    let table = Table::new(session, dir.path().join("g.json"));
    let log = &table.session().log()[..table.session().cursor()];
    let r = log.iter().rposition(|e| e.reveals).unwrap();
    assert_eq!(table.turn_start(), Some(r + 1), "back to just after the card");
}

#[test]
fn a_card_waiting_to_be_redone_does_not_make_an_earlier_quiet_undo_refused() {
    // Steps S1 S2, then a card drawn and taken back with consent (it waits
    // to be redone); strict undo is switched on afterwards. Undoing S2
    // takes back nothing hidden, so it is free: only the actions undone
    // count, not the ones waiting to be redone.
    let dir = tempfile::tempdir().unwrap();
    let (mut table, mut notices) = dealt_solitaire(dir.path());
    table.paused = true;
    let revealed = |e: &aviary::session::LogEntry| e.reveals;
    // Quiet steps until one would show a card.
    let mut quiet = 0;
    for _ in 0..200 {
        let s = table.session().state();
        let legal = s.legal_actions();
        let draw = legal.iter().find(|a| s.reveals(a)).cloned().filter(|_| quiet >= 1);
        if let Some(a) = draw {
            table.propose(a, &mut notices).unwrap();
            break;
        }
        let a = legal.iter().find(|a| !s.reveals(a)).cloned().expect("a quiet step");
        table.propose(a, &mut notices).unwrap();
        quiet += 1;
    }
    assert!(table.session().log().last().is_some_and(|e| e.reveals), "a card was shown");
    assert!(quiet >= 1, "a quiet step came first");
    let drawn_at = table.session().cursor() - 1;
    // The draw is taken back with consent: it waits to be redone.
    assert_eq!(table.guarded_undo(false, revealed, "no", &mut notices), Some(drawn_at));
    table.rewind_to(drawn_at, true, &mut notices);
    assert!(table.session().can_redo());
    // Strict now: undoing the quiet step before it is still free.
    notices.clear();
    assert_eq!(table.guarded_undo(true, revealed, "strict says no", &mut notices), None);
    assert!(notices.is_empty(), "nothing refused: {notices:?}");
    assert_eq!(table.session().cursor(), drawn_at - 1, "the quiet step was taken back");
}
