//! No peeking: for every game with hidden information, the screen and the
//! log a seat sees depend only on what that seat may know.
//!
//! Each test plays a seeded game to several points (in Enchanted Plumes:
//! the keep-6 choice, mid-turn, just after a face-down peacock, the
//! hand-off between two people; in Feathers & Wax: a movement card in play,
//! the wings, the flight; in Dust in the Wings: each stage of a turn). At
//! each point a second state is made with `determinize(B)`: it differs from
//! the real one only in what seat B cannot know (hands, face-down cards,
//! deck order, the RNG), and the test checks that it really differs there.
//! Both are shown as seat B would see them, through the game's real tab
//! drawn by `egui_kittest`, and every text of the accessibility tree (each
//! node's role, label, value and state) must be the same. The game then
//! goes on in both worlds with actions B cannot tell apart (the same
//! action, or for another seat's hidden card an equivalent one), and after
//! each the screens and the log texts must still be the same, until B
//! learns something (its own draw, a reshuffle, a card turned face up).
#![allow(clippy::unwrap_used)]

use std::fmt::Debug;
use std::path::Path;

use aviary::ai::Evaluate;
use aviary::rules::dust_wings::DustInTheWings;
use aviary::rules::enchanted_plumes::{Action as EpAction, EnchantedPlumes, Phase as EpPhase, UNDER_PEAHEN};
use aviary::rules::feathers_wax::{FeathersAndWax, Phase as FwPhase, Stage as FwStage};
use aviary::rules::{Game, Rng, Seat, Setup, ToMove};
use aviary::session::{Player, Session};
use aviary::table::Table;
use aviary::ui::dust_wings::WingsTab;
use aviary::ui::enchanted_plumes::PlumesTab;
use aviary::ui::feathers_wax::FeathersTab;
use aviary::ui::{GameTab, Notice, ViewSettings};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable, by};

const SETTINGS: ViewSettings =
    ViewSettings { dark: false, animations: false, computer_delay: 0.0, strict_undo: false, quick_card_windows: false };

/// What the test needs from a game's tab.
trait SeatTab: GameTab + 'static {
    type G: Evaluate;
    /// The tab around a session.
    fn make(m: Table<Self::G>) -> Self;
    /// The match it shows.
    fn game(&mut self) -> &mut Table<Self::G>;
    /// Waits for anything the tab computes in the background.
    fn settle(&mut self) {}
    /// A line of the screen that shows background work in progress (left
    /// out of comparisons made without waiting for it).
    fn in_progress(_line: &str) -> bool {
        false
    }
}

impl SeatTab for PlumesTab {
    type G = EnchantedPlumes;
    fn make(m: Table<EnchantedPlumes>) -> Self {
        PlumesTab::new(m)
    }
    fn game(&mut self) -> &mut Table<EnchantedPlumes> {
        &mut self.table
    }
}

impl SeatTab for FeathersTab {
    type G = FeathersAndWax;
    fn make(m: Table<FeathersAndWax>) -> Self {
        FeathersTab::new(m)
    }
    fn game(&mut self) -> &mut Table<FeathersAndWax> {
        &mut self.table
    }
    fn settle(&mut self) {
        // The win-chance meter runs on a thread: wait for its full reading.
        self.settle_meter();
    }
    fn in_progress(line: &str) -> bool {
        line.contains("Win chance")
    }
}

impl SeatTab for WingsTab {
    type G = DustInTheWings;
    fn make(m: Table<DustInTheWings>) -> Self {
        WingsTab::new(m)
    }
    fn game(&mut self) -> &mut Table<DustInTheWings> {
        &mut self.table
    }
}

/// One world: a tab around a state, drawn by its own harness.
struct World<T: 'static> {
    h: Harness<'static, T>,
}

impl<T: SeatTab> World<T> {
    fn new(state: T::G, players: Vec<Player>, path: &Path) -> Self {
        let mut m = Table::new(Session::from_state(state, players), path.to_path_buf());
        // Computer seats (and chance) wait: the test makes every move.
        m.paused = true;
        let tab = T::make(m);
        let h = Harness::builder().with_size([1280.0, 900.0]).build_ui_state(
            |ui, tab: &mut T| {
                let mut notices = Vec::new();
                tab.ui(ui, &SETTINGS, &mut notices);
                for n in notices {
                    ui.label(format!("{n:?}"));
                }
            },
            tab,
        );
        Self { h }
    }

    fn tab(&mut self) -> &mut T {
        self.h.state_mut()
    }

    fn state(&mut self) -> T::G {
        self.tab().game().session().state().clone()
    }

    /// Every text of the accessibility tree, in tree order. With `settle`
    /// it first waits for the tab's background work (slow: the Feathers &
    /// Wax meter plays a thousand games), else it leaves out what that
    /// work shows.
    fn screen(&mut self, settle: bool) -> Vec<String> {
        self.h.run_steps(1);
        if settle {
            self.tab().settle();
        }
        self.h.run_steps(3);
        self.h
            .query_all(by())
            .map(|n| {
                let a = n.accesskit_node();
                format!(
                    "{:?} | {} | {} |{}{}",
                    a.role(),
                    a.label().unwrap_or_default(),
                    a.value().unwrap_or_default(),
                    if a.is_disabled() { " disabled" } else { "" },
                    match a.is_selected() {
                        Some(true) => " selected",
                        _ => "",
                    }
                )
            })
            .filter(|line| settle || !T::in_progress(line))
            .collect()
    }

    fn log(&mut self) -> Vec<String> {
        self.tab().game().session().log().iter().map(|e| e.text.clone()).collect()
    }

    fn propose(&mut self, action: &<T::G as Game>::Action) {
        let mut notices: Vec<Notice> = Vec::new();
        if let Err(e) = self.tab().game().propose(action.clone(), &mut notices) {
            panic!("{action:?} refused: {e}");
        }
        assert!(notices.is_empty(), "{notices:?}");
    }
}

/// The first lines where two screens differ, for the failure message.
fn differences(a: &[String], b: &[String]) -> String {
    let mut out = Vec::new();
    for i in 0..a.len().max(b.len()) {
        let (x, y) = (a.get(i), b.get(i));
        if x != y {
            out.push(format!("  node {i}:\n    real:  {x:?}\n    other: {y:?}"));
        }
        if out.len() == 6 {
            break;
        }
    }
    out.join("\n")
}

/// The state's debug text without its RNG: two states with different
/// texts differ in more than their luck.
fn without_rng<G: Debug>(g: &G) -> String {
    let text = format!("{g:?}");
    match text.find("rng: Rng {") {
        Some(start) => {
            let end = text[start..].find('}').map_or(text.len(), |e| start + e + 1);
            format!("{}{}", &text[..start], &text[end..])
        }
        None => text,
    }
}

/// For an action of the real game (in the state before it, real and
/// other), the action in the other world its seat cannot tell from it.
type Counterpart<'a, G> = &'a dyn Fn(&G, &G, &<G as Game>::Action) -> Option<<G as Game>::Action>;

/// How a game is put through the no-peek check.
struct Check<'a, G: Game> {
    /// The seat whose screen is compared.
    seat: Seat,
    players: Vec<Player>,
    /// The secret really differs in a determinized copy (beyond the RNG).
    differs: &'a dyn Fn(&G, &G) -> bool,
    /// For an action of the real game, the action in the other world that
    /// `seat` cannot tell from it; `None` when `seat` would learn
    /// something (the two worlds may then part).
    counterpart: Counterpart<'a, G>,
}

/// Seat `check.seat` sees the same screen and log for `real` and for a
/// determinized copy, and keeps seeing the same while the game goes on
/// with `next` (and the equivalent actions in the copy). `look` is done on
/// both tabs before each comparison; when it returns true the screens are
/// compared once more after it (e.g. after a hand-off or a hint).
fn same_for_seat<T: SeatTab>(
    what: &str,
    real: &T::G,
    next: &[<T::G as Game>::Action],
    check: &Check<'_, T::G>,
    rng: &mut Rng,
    look: &dyn Fn(&mut World<T>) -> bool,
    settle: bool,
) -> usize {
    let seat = check.seat;
    // A copy that differs in the secret, preferably one in which the first
    // action has an equivalent (so the game can go on in both worlds).
    let copies: Vec<T::G> =
        (0..200).map(|_| real.determinize(seat, rng)).filter(|d| (check.differs)(real, d)).collect();
    let goes_on = |d: &T::G| next.first().is_some_and(|a| (check.counterpart)(real, d, a).is_some());
    let other = copies
        .iter()
        .find(|d| goes_on(d))
        .or(copies.first())
        .cloned()
        .unwrap_or_else(|| panic!("{what}: no determinization differs in the secret"));
    assert_eq!(real.observation(seat), other.observation(seat), "{what}: the rules see two different worlds");
    let name = real.seat_name(seat);
    let dir = tempfile::tempdir().unwrap();
    let mut a = World::<T>::new(real.clone(), check.players.clone(), &dir.path().join("real.json"));
    let mut b = World::<T>::new(other, check.players.clone(), &dir.path().join("other.json"));
    // The background work (the meter) is waited for, if at all, at the
    // start only.
    let compare = |a: &mut World<T>, b: &mut World<T>, when: &str, settle: bool| {
        let (x, y) = (a.screen(settle), b.screen(settle));
        assert!(x == y, "{what}, {when}: {name} sees a difference:\n{}", differences(&x, &y));
        assert_eq!(a.log(), b.log(), "{what}, {when}: the log differs");
        let (sa, sb) = (a.state(), b.state());
        assert_eq!(sa.observation(seat), sb.observation(seat), "{what}, {when}: the observations differ");
        if look(a) & look(b) {
            let (x, y) = (a.screen(settle), b.screen(settle));
            assert!(x == y, "{what}, {when}, looked: {name} sees a difference:\n{}", differences(&x, &y));
        }
    };
    compare(&mut a, &mut b, "at the start", settle);
    let mut steps = 0;
    for action in next {
        let (sa, sb) = (a.state(), b.state());
        let Some(twin) = (check.counterpart)(&sa, &sb, action) else { break };
        a.propose(action);
        b.propose(&twin);
        steps += 1;
        compare(&mut a, &mut b, &format!("after {action:?}"), false);
    }
    steps
}

/// Plays `game` from `start` with `policy`, returning every state and the
/// action taken from it.
fn play<G: Game>(start: G, limit: usize, mut policy: impl FnMut(&G) -> G::Action) -> Vec<(G, G::Action)> {
    let mut g = start;
    let mut out = Vec::new();
    while g.to_move() != ToMove::Nobody && out.len() < limit {
        let a = policy(&g);
        let before = g.clone();
        g.apply(&a).unwrap();
        out.push((before, a));
    }
    out
}

// ----- Enchanted Plumes ---------------------------------------------------

/// Completes a peacock when it can, widens a one-card top row, else starts
/// a plume; replenishes by drawing while it may.
fn peacock_seeker(g: &EnchantedPlumes, rng: &mut Rng) -> EpAction {
    let legal = g.legal_actions();
    let seat = g.current();
    let plumes = g.plumes(seat);
    let score = |a: &EpAction| match *a {
        EpAction::Play { plume, row, .. } => {
            let p = usize::from(plume);
            if g.would_complete(seat, p, usize::from(row)) {
                4
            } else if row == 0 && plumes.get(p).is_some_and(|q| q.rows.len() == 1 && q.rows[0].len() == 1) {
                3
            } else if p == plumes.len() {
                2
            } else {
                0
            }
        }
        EpAction::Draw => 1,
        _ => 0,
    };
    let best = legal.iter().map(score).max().unwrap_or(0);
    let top: Vec<&EpAction> = legal.iter().filter(|a| score(a) == best).collect();
    top[rng.below(top.len())].clone()
}

/// Ada (seat 0) and Ben (seat 1), Ada first: a game played by
/// [`peacock_seeker`] in which Ada completes a peacock early.
fn ep_game() -> Vec<(EnchantedPlumes, EpAction)> {
    for seed in 0..100 {
        let options =
            aviary::rules::enchanted_plumes::Options { names: vec!["Ada".into(), "Ben".into()], first: Some(0) };
        let start = EnchantedPlumes::new(&Setup { seats: 2, options }, seed);
        let mut rng = Rng::seeded(seed);
        let game = play(start, 120, |g| peacock_seeker(g, &mut rng));
        let peacock = game.iter().position(|(g, a)| {
            matches!(*a, EpAction::Play { plume, row, .. } if g.current() == Seat(0) && g.would_complete(Seat(0), usize::from(plume), usize::from(row)))
        });
        if peacock.is_some_and(|i| i + 12 < game.len() && game[i].0.deck_len() > UNDER_PEAHEN + 12) {
            return game;
        }
    }
    panic!("no seed gives Ada an early peacock");
}

/// Ben cannot tell these apart: the same action, or Ada's hidden cards
/// swapped for others of hers.
fn ep_counterpart(real: &EnchantedPlumes, other: &EnchantedPlumes, a: &EpAction) -> Option<EpAction> {
    let ben = Seat(1);
    let by_ben = real.to_move().seat() == Some(ben);
    match *a {
        // The last choice deals the Train: new public cards.
        EpAction::Keep { .. } if real.to_move().seat() == Some(Seat(real.seats() - 1)) => None,
        EpAction::Keep { .. } if by_ben => Some(a.clone()),
        EpAction::Keep { .. } => other.legal_actions().into_iter().next(),
        // Ben learns the card he draws; anyone may draw the Peahen.
        EpAction::Draw if by_ben || real.deck_len() <= UNDER_PEAHEN => None,
        EpAction::Draw => Some(EpAction::Draw),
        EpAction::Play { plume, row, .. }
            if !by_ben && real.would_complete(real.current(), plume.into(), row.into()) =>
        {
            // Face down: any card of Ada's that completes it looks the same.
            other
                .legal_actions()
                .into_iter()
                .find(|b| matches!(*b, EpAction::Play { plume: p, row: r, .. } if p == plume && r == row))
        }
        // A card shown face up (played or given to the Train) is news
        // unless Ada holds it in the other world too.
        EpAction::Play { .. } | EpAction::Swap { .. } => other.check(a).ok().map(|()| a.clone()),
    }
}

/// Ada's hand differs, and so does the value of every face-down card of hers.
fn ep_differs(real: &EnchantedPlumes, other: &EnchantedPlumes) -> bool {
    let ada = Seat(0);
    let face_down = |g: &EnchantedPlumes| -> Vec<u8> {
        g.plumes(ada).iter().filter_map(aviary::rules::enchanted_plumes::Plume::face_down).map(|c| c.value).collect()
    };
    let values_differ = face_down(real).iter().zip(face_down(other)).all(|(x, y)| *x != y);
    real.hand(ada) != other.hand(ada) && values_differ && without_rng(real) != without_rng(other)
}

/// The points of the game to look from: Ada's keep choice done (Ben to
/// choose), Ada mid-turn, just after her face-down card and at the end of
/// that turn, Ben's turn, Ben mid-turn.
fn ep_points(game: &[(EnchantedPlumes, EpAction)]) -> Vec<(&'static str, usize)> {
    let (ada, ben) = (Seat(0), Seat(1));
    let find = |what: &'static str, f: &dyn Fn(usize, &EnchantedPlumes) -> bool| {
        let i = game.iter().enumerate().position(|(i, (g, _))| f(i, g)).unwrap_or_else(|| panic!("no point: {what}"));
        (what, i)
    };
    let peacock = game
        .iter()
        .position(|(g, a)| {
            matches!(*a, EpAction::Play { plume, row, .. } if g.current() == ada && g.would_complete(ada, plume.into(), row.into()))
        })
        .unwrap();
    vec![
        ("Ada about to play her face-down card", peacock),
        find("Ada has kept six cards", &|_, g| g.phase() == EpPhase::Keep && g.to_move() == ToMove::Seat(ben)),
        find("Ada mid-turn", &|_, g| g.phase() == EpPhase::Play && g.current() == ada && g.turn().played == 1),
        find("Ben to play", &|_, g| g.phase() == EpPhase::Play && g.current() == ben && g.turn().played == 0),
        find("Ben mid-turn", &|_, g| g.current() == ben && g.turn().played == 1 && g.turn().draws == 0),
        ("Ada just played her face-down card", peacock + 1),
        find("Ben to play after Ada's peacock", &|i, g| i > peacock && g.current() == ben && g.turn().played == 0),
    ]
}

fn ep_check(players: Vec<Player>, look: &dyn Fn(&mut World<PlumesTab>) -> bool) {
    let game = ep_game();
    let check = Check { seat: Seat(1), players, differs: &ep_differs, counterpart: &ep_counterpart };
    let mut rng = Rng::seeded(17);
    let mut went_on = Vec::new();
    for (what, i) in ep_points(&game) {
        let next: Vec<EpAction> = game[i..].iter().take(6).map(|(_, a)| a.clone()).collect();
        went_on.push((what, same_for_seat::<PlumesTab>(what, &game[i].0, &next, &check, &mut rng, look, false)));
    }
    // Among them: Ada's face-down card, and the next draws of both.
    assert!(went_on[0].1 >= 1, "{went_on:?}");
    assert!(went_on.iter().map(|w| w.1).sum::<usize>() >= 12, "the games went on too little: {went_on:?}");
}

#[test]
fn enchanted_plumes_against_a_computer_shows_nothing_of_its_cards() {
    let players = vec![Player::Computer(aviary::ai::Level::Easy), Player::Human];
    ep_check(players, &|_| false);
}

#[test]
fn enchanted_plumes_at_one_screen_shows_ben_nothing_of_ada_s_cards() {
    // Two people: when Ben is to act the hand-off screen is compared, then
    // his own screen after he confirms; while Ada acts the screen stays at
    // the hand-off (nobody's cards).
    let look = |w: &mut World<PlumesTab>| {
        let tab = w.tab();
        if tab.needs_hand_off() && tab.table.session().state().to_move() == ToMove::Seat(Seat(1)) {
            tab.confirm_hand_off();
            true
        } else {
            false
        }
    };
    ep_check(vec![Player::Human, Player::Human], &look);
}

// ----- Feathers & Wax -----------------------------------------------------

/// The player cannot tell these apart: the same decision, as long as it
/// turns up no card.
fn fw_counterpart(
    real: &FeathersAndWax,
    _other: &FeathersAndWax,
    a: &<FeathersAndWax as Game>::Action,
) -> Option<<FeathersAndWax as Game>::Action> {
    (matches!(real.to_move(), ToMove::Seat(_)) && !real.reveals(a)).then(|| a.clone())
}

fn fw_differs(real: &FeathersAndWax, other: &FeathersAndWax) -> bool {
    without_rng(real) != without_rng(other)
}

#[test]
fn feathers_and_wax_shows_nothing_of_the_order_of_unseen_cards() {
    let policy = aviary::ai::feathers_wax::Policy::default();
    let mut found = Vec::new();
    for seed in 0..20 {
        let start =
            FeathersAndWax::new(&Setup { seats: 1, options: aviary::rules::feathers_wax::Options::default() }, seed);
        let mut rng = Rng::seeded(seed);
        let game = play(start, 400, |g| policy.choose(&g.observation(Seat(0)), &mut rng).unwrap());
        if game.iter().any(|(g, _)| g.phase() == FwPhase::Flight) {
            found = game;
            break;
        }
    }
    assert!(!found.is_empty(), "no seed reaches the flight");
    let game = found;
    let mine = |g: &FeathersAndWax| matches!(g.to_move(), ToMove::Seat(_));
    let find = |what: &'static str, f: &dyn Fn(&FeathersAndWax) -> bool| {
        let i = game.iter().position(|(g, _)| mine(g) && f(g)).unwrap_or_else(|| panic!("no point: {what}"));
        (what, i)
    };
    let points = [
        find("a movement card in play", &|g| g.phase() == FwPhase::Collect && g.card().is_some()),
        find("mid-move, something collected", &|g| {
            g.phase() == FwPhase::Collect
                && g.card().is_some()
                && g.held(aviary::rules::cards::Suit::Spades).len() + g.held(aviary::rules::cards::Suit::Clubs).len()
                    > 1
        }),
        find("building the wings", &|g| g.phase() == FwPhase::Wings),
        find("a flight turn, drawing", &|g| {
            g.phase() == FwPhase::Flight && g.stage() == FwStage::Drawing && !g.drawn().is_empty()
        }),
        find("a flight turn, playing", &|g| g.phase() == FwPhase::Flight && matches!(g.stage(), FwStage::Play(_))),
    ];
    let check =
        Check { seat: Seat(0), players: vec![Player::Human], differs: &fw_differs, counterpart: &fw_counterpart };
    // Ask for a hint on both screens: it must not depend on the order either.
    let look = |w: &mut World<FeathersTab>| {
        let can = w.h.query_by_label("Hint").is_some_and(|n| !n.accesskit_node().is_disabled());
        if can {
            w.h.get_by_label("Hint").click();
            w.h.run_steps(2);
        }
        can
    };
    // The meter (a thousand games per reading) is waited for in two phases.
    let settle = [false, false, true, false, true];
    let mut rng = Rng::seeded(5);
    let mut went_on = Vec::new();
    for ((what, i), settle) in points.into_iter().zip(settle) {
        let next: Vec<_> = game[i..].iter().take(6).map(|(_, a)| a.clone()).collect();
        let steps = same_for_seat::<FeathersTab>(what, &game[i].0, &next, &check, &mut rng, &look, settle);
        went_on.push((what, steps));
    }
    assert!(went_on.iter().map(|w| w.1).sum::<usize>() >= 10, "the games went on too little: {went_on:?}");
}

// ----- Dust in the Wings --------------------------------------------------

fn dw_counterpart(
    real: &DustInTheWings,
    _other: &DustInTheWings,
    a: &<DustInTheWings as Game>::Action,
) -> Option<<DustInTheWings as Game>::Action> {
    (!real.reveals(a)).then(|| a.clone())
}

fn dw_differs(real: &DustInTheWings, other: &DustInTheWings) -> bool {
    without_rng(real) != without_rng(other)
}

#[test]
fn dust_in_the_wings_shows_nothing_of_the_deck_order() {
    use aviary::rules::dust_wings::{Options, Stage};
    let options = Options { names: vec!["Ada".into(), "Ben".into()], first: Some(0) };
    let start = DustInTheWings::new(&Setup { seats: 2, options }, 4);
    let mut rng = Rng::seeded(4);
    let game = play(start, 200, |g| {
        let legal = g.legal_actions();
        legal[rng.below(legal.len())].clone()
    });
    let find = |what: &'static str, f: &dyn Fn(&DustInTheWings) -> bool| {
        let i = game.iter().position(|(g, _)| f(g)).unwrap_or_else(|| panic!("no point: {what}"));
        (what, i)
    };
    let (ada, ben) = (Seat(0), Seat(1));
    let points = [
        find("Ada to pick", &|g| g.current() == ada && matches!(g.stage(), Stage::Pick)),
        find("Ada mid-dispersal", &|g| g.current() == ada && matches!(g.stage(), Stage::Disperse { .. })),
        find("Ben to pick after a claim", &|g| g.current() == ben && matches!(g.stage(), Stage::Pick) && g.turns() > 2),
        find("Ben mid-dispersal", &|g| {
            g.current() == ben && matches!(g.stage(), Stage::Disperse { .. }) && g.turns() > 2
        }),
        find("a card to claim", &|g| matches!(g.stage(), Stage::Claim { .. })),
    ];
    let check = Check {
        seat: ben,
        players: vec![Player::Human, Player::Human],
        differs: &dw_differs,
        counterpart: &dw_counterpart,
    };
    let mut rng = Rng::seeded(9);
    let mut went_on = Vec::new();
    for (what, i) in points {
        let next: Vec<_> = game[i..].iter().take(6).map(|(_, a)| a.clone()).collect();
        went_on.push((what, same_for_seat::<WingsTab>(what, &game[i].0, &next, &check, &mut rng, &|_| false, false)));
    }
    assert!(went_on.iter().map(|w| w.1).sum::<usize>() >= 5, "the games went on too little: {went_on:?}");
}

// ----- Tail Feathers ------------------------------------------------------

impl SeatTab for aviary::ui::tail_feathers::SkirmishTab {
    type G = aviary::rules::tail_feathers::TailFeathers;
    fn make(m: Table<Self::G>) -> Self {
        aviary::ui::tail_feathers::SkirmishTab::new(m)
    }
    fn game(&mut self) -> &mut Table<Self::G> {
        &mut self.table
    }
}

fn tf_counterpart(
    real: &aviary::rules::tail_feathers::TailFeathers,
    _other: &aviary::rules::tail_feathers::TailFeathers,
    a: &aviary::rules::tail_feathers::Action,
) -> Option<aviary::rules::tail_feathers::Action> {
    (!real.reveals(a)).then(|| a.clone())
}

fn tf_differs(
    real: &aviary::rules::tail_feathers::TailFeathers,
    other: &aviary::rules::tail_feathers::TailFeathers,
) -> bool {
    without_rng(real) != without_rng(other)
}

/// The rats' screen (against the computer, and at one screen after their
/// hand-off) shows nothing of the mice's secret mission card or bid: two
/// states that differ only there look the same, while the game goes on
/// until the roll or the reveal.
#[test]
fn tail_feathers_shows_nothing_of_the_other_side_s_mission_or_bid() {
    use aviary::rules::tail_feathers::TailFeathers;
    use aviary::rules::tail_feathers::game::{Action, MissionCard, Options, Phase, Secret};
    use aviary::ui::tail_feathers::SkirmishTab;
    let start = TailFeathers::new(&Setup { seats: 2, options: Options::default() }, 6);
    let mut rng = Rng::seeded(6);
    // The mice always go on a mission when they may and bid a die.
    let game = play(start, 900, |g| {
        let legal = g.legal_actions();
        let mice = g.to_move() == ToMove::Seat(Seat(0));
        if let Some(a) = legal.iter().find(|a| mice && matches!(a, Action::Mission(Some(_)) | Action::Bid(1))) {
            return a.clone();
        }
        legal[rng.below(legal.len())].clone()
    });
    let find = |what: &'static str, f: &dyn Fn(&TailFeathers) -> bool| {
        let i = game.iter().position(|(g, _)| f(g)).unwrap_or_else(|| panic!("no point: {what}"));
        (what, i)
    };
    let rats = Seat(1);
    let mice_card = |g: &TailFeathers| {
        g.mission(aviary::rules::tail_feathers::components::Alliance::Mice)
            .is_some_and(|c: MissionCard| c.spot.is_some() && !c.revealed)
    };
    let points = [
        find("the rats to choose a mission after the mice", &|g| {
            g.to_move() == ToMove::Seat(rats) && matches!(g.mission_pick(Seat(0)), Secret::Chosen(Some(_)))
        }),
        find("the rats to bid after the mice", &|g| {
            g.to_move() == ToMove::Seat(rats) && matches!(g.bid(Seat(0)), Secret::Chosen(1))
        }),
        find("the mice mission face down in the tilt phase", &|g| {
            g.to_move() == ToMove::Seat(rats) && g.phase() == Phase::Tilt && mice_card(g)
        }),
    ];
    let mut went_on = Vec::new();
    for players in [vec![Player::Computer(aviary::ai::Level::Easy), Player::Human], vec![Player::Human, Player::Human]]
    {
        let check = Check { seat: rats, players, differs: &tf_differs, counterpart: &tf_counterpart };
        let mut rng = Rng::seeded(10);
        let look = |w: &mut World<SkirmishTab>| {
            // At one screen, the rats take the screen at their hand-off.
            let rats_to_move = w.state().to_move() == ToMove::Seat(Seat(1));
            let needs = rats_to_move && w.tab().needs_hand_off();
            if needs {
                w.tab().confirm_hand_off();
            }
            needs
        };
        for (what, i) in points {
            let next: Vec<_> = game[i..].iter().take(6).map(|(_, a)| a.clone()).collect();
            went_on.push((what, same_for_seat::<SkirmishTab>(what, &game[i].0, &next, &check, &mut rng, &look, false)));
        }
    }
    assert!(went_on.iter().map(|w| w.1).sum::<usize>() >= 6, "the games went on too little: {went_on:?}");
}

// ----- Hand-offs through history (issue 23) -------------------------------
//
// With two people at one screen, an undo, a redo, "Undo turn", a load or a
// resume that makes another person's private view due goes through the
// hand-off first. Two worlds that differ only in a secret are drawn by ONE
// egui context, one after the other, so that one font atlas serves both:
// the same shapes (every position, colour, text and texture) are the same
// pixels. They must paint alike until the person due confirms the hand-off
// (and then differ, which shows the comparison sees the secret).

/// Two tabs drawn in turn by one harness: `which` picks the world.
struct Twin {
    h: Harness<'static, (Vec<Box<dyn GameTab>>, usize)>,
}

type Worlds = (Vec<Box<dyn GameTab>>, usize);

impl Twin {
    fn new(tabs: Vec<Box<dyn GameTab>>) -> Self {
        let h = Harness::builder().with_size([1280.0, 900.0]).build_ui_state(
            |ui, (tabs, which): &mut Worlds| {
                let mut notices = Vec::new();
                tabs[*which].ui(ui, &SETTINGS, &mut notices);
                for n in notices {
                    ui.label(format!("{n:?}"));
                }
            },
            (tabs, 0),
        );
        Self { h }
    }

    /// The tab of world `which`, as its own type.
    fn tab<T: 'static>(&mut self, which: usize) -> &mut T {
        self.h.state_mut().0[which].as_any_mut().downcast_mut::<T>().expect("the tab's type")
    }

    /// Everything world `which` paints, as shapes.
    fn paint(&mut self, which: usize) -> String {
        self.h.state_mut().1 = which;
        self.h.run_steps(4);
        format!("{:?}", self.h.output().shapes)
    }

    fn same_pixels(&mut self, when: &str) {
        let (a, b) = (self.paint(0), self.paint(1));
        assert!(a == b, "{when}: the two worlds paint differently:\n{}", first_difference(&a, &b));
    }

    fn different_pixels(&mut self, when: &str) {
        let (a, b) = (self.paint(0), self.paint(1));
        assert!(a != b, "{when}: the secret should show now");
    }

    /// True when world `which` shows a widget labelled `label`.
    fn shows(&mut self, which: usize, label: &str) -> bool {
        self.h.state_mut().1 = which;
        self.h.run_steps(2);
        self.h.query_by_label(label).is_some()
    }

    /// Clicks the widget labelled `label` in both worlds, as a person would.
    fn click(&mut self, label: &str) {
        for which in 0..2 {
            self.h.state_mut().1 = which;
            self.h.run_steps(2);
            if self.h.query_by_label(label).is_none() {
                let all: Vec<String> = self.h.query_all(by()).filter_map(|n| n.accesskit_node().label()).collect();
                panic!("world {which} shows no {label:?}; it shows {all:?}");
            }
            self.h.get_by_label(label).click();
            self.h.run_steps(2);
        }
    }
}

/// Where two paintings part, with some context, for a failure message.
fn first_difference(a: &str, b: &str) -> String {
    let i = a.bytes().zip(b.bytes()).position(|(x, y)| x != y).unwrap_or(a.len().min(b.len()));
    let from = i.saturating_sub(300);
    let cut = |s: &str| s.get(from..(i + 300).min(s.len())).unwrap_or_default().to_string();
    format!("  real:  …{}…\n  other: …{}…", cut(a), cut(b))
}

fn people_tab<G: Evaluate, T: GameTab + 'static>(
    state: G,
    path: &Path,
    make: impl Fn(Table<G>) -> T,
) -> Box<dyn GameTab> {
    let table = Table::new(Session::from_state(state, vec![Player::Human, Player::Human]), path.to_path_buf());
    Box::new(make(table))
}

/// An Ada turn of the seeded game, from its start: the state, a copy that
/// differs in Ada's hand (what Ben cannot see), and the turn's actions in
/// each world (the same cards shown face up).
fn ep_turn_in_two_worlds() -> (EnchantedPlumes, EnchantedPlumes, Vec<EpAction>, Vec<EpAction>) {
    let game = ep_game();
    let (ada, ben) = (Seat(0), Seat(1));
    let mut rng = Rng::seeded(23);
    for (i, (start, _)) in game.iter().enumerate() {
        if start.phase() != EpPhase::Play || start.to_move() != ToMove::Seat(ada) || start.turn().played != 0 {
            continue;
        }
        let turn: Vec<EpAction> =
            game[i..].iter().take_while(|(g, _)| g.to_move() == ToMove::Seat(ada)).map(|(_, a)| a.clone()).collect();
        for _ in 0..300 {
            let other = start.determinize(ben, &mut rng);
            if !ep_differs(start, &other) {
                continue;
            }
            let (mut a, mut b) = (start.clone(), other.clone());
            let mut twins = Vec::new();
            for x in &turn {
                let Some(y) = ep_counterpart(&a, &b, x) else { break };
                a.apply(x).unwrap();
                b.apply(&y).unwrap();
                twins.push(y);
            }
            if twins.len() == turn.len() && b.to_move() == ToMove::Seat(ben) && a.hand(ada) != b.hand(ada) {
                return (start.clone(), other, turn, twins);
            }
        }
    }
    panic!("no Ada turn can be played alike in two worlds");
}

#[test]
fn enchanted_plumes_undo_redo_and_undo_turn_hand_the_screen_over_before_showing_a_hand() {
    let (real, other, turn, twins) = ep_turn_in_two_worlds();
    let dir = tempfile::tempdir().unwrap();
    let mut t = Twin::new(vec![
        people_tab(real, &dir.path().join("a.json"), PlumesTab::new),
        people_tab(other, &dir.path().join("b.json"), PlumesTab::new),
    ]);
    t.same_pixels("at the start, Pass to Ada");
    t.click("I am Ada: show my cards");
    t.different_pixels("Ada's own hand after her hand-off");
    // Undo within one's own turn keeps one's own hand on screen.
    for (w, action) in [(0, &turn[0]), (1, &twins[0])] {
        t.tab::<PlumesTab>(w).table.propose(action.clone(), &mut Vec::new()).unwrap();
    }
    t.click("Undo");
    assert!(!t.shows(0, "I am Ada: show my cards"), "Ada undid her own play: no hand-off");
    t.different_pixels("Ada still sees her hand");
    for (w, actions) in [(0, &turn), (1, &twins)] {
        for a in actions {
            t.tab::<PlumesTab>(w).table.propose(a.clone(), &mut Vec::new()).unwrap();
        }
    }
    t.same_pixels("Ada's turn is over: Pass to Ben");
    // Undo (Ada's last draw: asked first) with "Pass to Ben" showing.
    t.click("Undo");
    t.click("Undo anyway");
    assert!(t.shows(0, "I am Ada: show my cards"));
    t.same_pixels("after Undo, Pass to Ada");
    t.click("Redo");
    assert!(t.shows(0, "I am Ben: show my cards"));
    t.same_pixels("after Redo, Pass to Ben");
    // The game is now marked "undo used": taking back the turn is free.
    t.click("Undo turn");
    assert!(t.shows(0, "I am Ada: show my cards"));
    t.same_pixels("after Undo turn, Pass to Ada");
    t.click("I am Ada: show my cards");
    t.different_pixels("Ada's hand once she took the screen");
}

/// Tail Feathers at the mice's bid, the rats to bid after them, with the
/// mice's mission card face down on the battlefield.
fn tf_at_the_mice_bid() -> aviary::rules::tail_feathers::TailFeathers {
    use aviary::rules::tail_feathers::TailFeathers;
    use aviary::rules::tail_feathers::components::Alliance;
    use aviary::rules::tail_feathers::game::{Action, Options};
    for seed in 0..50 {
        let start = TailFeathers::new(&Setup { seats: 2, options: Options::default() }, seed);
        let mut rng = Rng::seeded(seed);
        let game = play(start, 600, |g| {
            let legal = g.legal_actions();
            let mice = g.to_move() == ToMove::Seat(Seat(0));
            if let Some(a) = legal.iter().find(|a| mice && matches!(a, Action::Mission(Some(_)))) {
                return a.clone();
            }
            legal[rng.below(legal.len())].clone()
        });
        let found = game.into_iter().map(|(g, _)| g).find(|g| {
            g.to_move() == ToMove::Seat(Seat(0))
                && g.legal_actions().iter().any(|a| matches!(a, Action::Bid(_)))
                && g.bid(Seat(1)) == aviary::rules::tail_feathers::game::Secret::Open
                && g.mission(Alliance::Mice).is_some_and(|c| c.spot.is_some() && !c.revealed && c.kind.is_some())
        });
        if let Some(g) = found {
            return g;
        }
    }
    panic!("no game reaches the mice's bid with their card down");
}

/// A copy the rats cannot tell from `g`: another mission card type for the
/// mice.
fn tf_other_mission(
    g: &aviary::rules::tail_feathers::TailFeathers,
    rng: &mut Rng,
) -> aviary::rules::tail_feathers::TailFeathers {
    use aviary::rules::tail_feathers::components::Alliance;
    let kind = |x: &aviary::rules::tail_feathers::TailFeathers| x.mission(Alliance::Mice).and_then(|c| c.kind);
    (0..200)
        .map(|_| g.determinize(Seat(1), rng))
        .find(|d| kind(d) != kind(g))
        .expect("a determinization with another mission type")
}

#[test]
fn tail_feathers_undo_redo_and_undo_turn_hand_the_screen_over_before_showing_a_mission() {
    use aviary::rules::tail_feathers::game::Action;
    use aviary::ui::tail_feathers::SkirmishTab;
    let real = tf_at_the_mice_bid();
    let other = tf_other_mission(&real, &mut Rng::seeded(4));
    let dir = tempfile::tempdir().unwrap();
    let mut t = Twin::new(vec![
        people_tab(real, &dir.path().join("a.json"), SkirmishTab::new),
        people_tab(other, &dir.path().join("b.json"), SkirmishTab::new),
    ]);
    t.same_pixels("at the mice's bid, Pass to Mice");
    t.click("I am Mice: show my choices");
    t.different_pixels("the mice's own mission card after their hand-off");
    for w in 0..2 {
        t.tab::<SkirmishTab>(w).table.propose(Action::Bid(0), &mut Vec::new()).unwrap();
    }
    assert!(t.shows(0, "I am Rats: show my choices"));
    t.same_pixels("the mice have bid: Pass to Rats");
    t.click("Undo");
    t.click("Undo anyway");
    assert!(t.shows(0, "I am Mice: show my choices"));
    t.same_pixels("after Undo, Pass to Mice");
    t.click("Redo");
    assert!(t.shows(0, "I am Rats: show my choices"));
    t.same_pixels("after Redo, Pass to Rats");
    t.click("Undo turn");
    assert!(t.shows(0, "I am Mice: show my choices"));
    t.same_pixels("after Undo turn, Pass to Mice");
    t.click("I am Mice: show my choices");
    t.different_pixels("the mission card once the mice took the screen");
}

/// A real game of `G` saved to `path`: `moves` actions of `policy` from the
/// seed, two people at the screen. Returns the state it ends in.
fn saved_game<G: Game>(
    options: G::Options,
    seats: u8,
    seed: u64,
    path: &Path,
    mut stop: impl FnMut(&G) -> bool,
    mut policy: impl FnMut(&G) -> G::Action,
) -> G {
    let people = vec![Player::Human; usize::from(seats)];
    let mut s: Session<G> = Session::new(Setup { seats, options }, seed, people);
    while !stop(s.state()) {
        let a = policy(s.state());
        s.propose(a).unwrap();
    }
    aviary::save::write_atomic(path, &aviary::save::to_text(&aviary::save::record(&s))).unwrap();
    s.state().clone()
}

/// The app on a game opened by `open` (load or resume); paints the game
/// with the real state and with `other` put in its place, and checks they
/// are the same until `hand_off` is clicked.
fn opened_alike<T: 'static, G: Evaluate>(
    mut h: Harness<'static, aviary::app::AviaryApp>,
    other: G,
    table: fn(&mut T) -> &mut Table<G>,
    hand_off: &str,
    when: &str,
) {
    h.run_steps(4);
    let paint = |h: &mut Harness<'static, aviary::app::AviaryApp>, state: Option<G>| {
        let tab = h.state_mut().tabs[0].as_any_mut().downcast_mut::<T>().expect("the tab's type");
        let t = table(tab);
        let real = t.session().state().clone();
        if let Some(o) = state {
            t.replace_state(o);
        }
        h.run_steps(4);
        let shapes = format!("{:?}", h.output().shapes);
        let tab = h.state_mut().tabs[0].as_any_mut().downcast_mut::<T>().expect("the tab's type");
        table(tab).replace_state(real);
        h.run_steps(4);
        shapes
    };
    assert!(h.query_by_label(hand_off).is_some(), "{when}: the hand-off comes first");
    let (a, b) = (paint(&mut h, None), paint(&mut h, Some(other.clone())));
    assert!(a == b, "{when}: the two worlds paint differently:\n{}", first_difference(&a, &b));
    h.get_by_label(hand_off).click();
    h.run_steps(4);
    let (a, b) = (paint(&mut h, None), paint(&mut h, Some(other)));
    assert!(a != b, "{when}: after the hand-off the secret shows");
}

fn app_harness(app: aviary::app::AviaryApp) -> Harness<'static, aviary::app::AviaryApp> {
    Harness::builder()
        .with_size([1280.0, 900.0])
        .build_ui_state(|ui, app: &mut aviary::app::AviaryApp| app.ui_root(ui), app)
}

/// Opens `path` by loading it, and by resuming it at the next start.
fn load_and_resume(path: &Path, dir: &Path, check: &dyn Fn(Harness<'static, aviary::app::AviaryApp>, &str)) {
    let config = dir.join("config");
    let mut app = aviary::app::AviaryApp::new(Some(config.join("load")), dir.to_path_buf());
    assert!(app.open_file(path, &mut Vec::new()));
    check(app_harness(app), "loaded");
    std::fs::create_dir_all(config.join("resume")).unwrap();
    let settings = aviary::app::Settings { open_games: vec![path.to_path_buf()], ..Default::default() };
    settings.store(&config.join("resume").join("settings.json")).unwrap();
    let mut h = app_harness(aviary::app::AviaryApp::new(Some(config.join("resume")), dir.to_path_buf()));
    h.run();
    h.state_mut().wait_for_files();
    h.run();
    h.get_by_label("Resume").click();
    h.run();
    assert_eq!(h.state().tabs.len(), 1, "the game is resumed");
    check(h, "resumed");
}

#[test]
fn enchanted_plumes_loaded_or_resumed_shows_no_hand_before_the_hand_off() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("plumes.json");
    let options = aviary::rules::enchanted_plumes::Options { names: vec!["Ada".into(), "Ben".into()], first: Some(0) };
    let mut rng = Rng::seeded(3);
    let mut moves = 0;
    let state = saved_game::<EnchantedPlumes>(
        options,
        2,
        3,
        &path,
        |g| {
            moves += 1;
            moves > 30 && g.phase() == EpPhase::Play && g.to_move() == ToMove::Seat(Seat(0))
        },
        |g| peacock_seeker(g, &mut rng),
    );
    let other = (0..200)
        .map(|_| state.determinize(Seat(1), &mut rng))
        .find(|d| d.hand(Seat(0)) != state.hand(Seat(0)))
        .unwrap();
    load_and_resume(&path, dir.path(), &|h, when| {
        opened_alike::<PlumesTab, _>(h, other.clone(), |t| &mut t.table, "I am Ada: show my cards", when);
    });
}

#[test]
fn tail_feathers_loaded_or_resumed_shows_no_mission_before_the_hand_off() {
    use aviary::rules::tail_feathers::TailFeathers;
    use aviary::rules::tail_feathers::components::Alliance;
    use aviary::rules::tail_feathers::game::{Action, Options};
    use aviary::ui::tail_feathers::SkirmishTab;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("skirmish.json");
    let mut rng = Rng::seeded(5);
    let mut found = None;
    for seed in 0..50 {
        let mut r = Rng::seeded(seed);
        let mut moves = 0;
        let state = saved_game::<TailFeathers>(
            Options::default(),
            2,
            seed,
            &path,
            |g| {
                moves += 1;
                let at_bid = g.to_move() == ToMove::Seat(Seat(0))
                    && g.legal_actions().iter().any(|a| matches!(a, Action::Bid(_)))
                    && g.mission(Alliance::Mice).is_some_and(|c| c.spot.is_some() && !c.revealed);
                at_bid || moves > 600 || g.outcome().is_some()
            },
            |g| {
                let legal = g.legal_actions();
                let mice = g.to_move() == ToMove::Seat(Seat(0));
                legal
                    .iter()
                    .find(|a| mice && matches!(a, Action::Mission(Some(_))))
                    .cloned()
                    .unwrap_or_else(|| legal[r.below(legal.len())].clone())
            },
        );
        if state.legal_actions().iter().any(|a| matches!(a, Action::Bid(_))) {
            found = Some(state);
            break;
        }
    }
    let state = found.expect("a saved game at the mice's bid");
    let other = tf_other_mission(&state, &mut rng);
    load_and_resume(&path, dir.path(), &|h, when| {
        opened_alike::<SkirmishTab, _>(h, other.clone(), |t| &mut t.table, "I am Mice: show my choices", when);
    });
}

// ----- Tail Feathers' action cards (issue 26) ------------------------------

/// Three times in four, an attack or a swoop when one is legal (random
/// Tail Feathers games that fight).
fn tf_eager(
    legal: &[aviary::rules::tail_feathers::Action],
    rng: &mut Rng,
) -> Option<aviary::rules::tail_feathers::Action> {
    use aviary::rules::tail_feathers::Action;
    let eager: Vec<&Action> =
        legal.iter().filter(|a| matches!(a, Action::Strike { .. } | Action::Shoot { .. } | Action::Swoop)).collect();
    (!eager.is_empty() && rng.below(4) > 0).then(|| eager[rng.below(eager.len())].clone())
}

/// A point of a random game to look from, and how to know it.
type TfPoint<'a> = (&'static str, &'a dyn Fn(&aviary::rules::tail_feathers::TailFeathers) -> bool);

/// With every additional rule on, the rats' screen shows nothing of the
/// mice's hand: while the hands are picked, while the mice play their
/// turns, and at the attack window (the mice's secret answer). Against the
/// computer and at one screen (after the rats' hand-off, when the mice's
/// hand row is face down).
#[test]
fn tail_feathers_shows_nothing_of_the_other_side_s_action_cards() {
    use aviary::rules::tail_feathers::TailFeathers;
    use aviary::rules::tail_feathers::game::{Action, Options};
    use aviary::ui::tail_feathers::SkirmishTab;
    let options = Options::every_additional_rule();
    // A game where the mice pick their hand first.
    let start = (8..200)
        .map(|seed| TailFeathers::new(&Setup { seats: 2, options: options.clone() }, seed))
        .find(|g| g.first_player() == Seat(0))
        .expect("a seed where the mice go first");
    let rats = Seat(1);
    let mice_hand = |g: &TailFeathers| g.hand(aviary::rules::tail_feathers::components::Alliance::Mice).cards.len();
    let wanted: [TfPoint; 3] = [
        ("the rats to pick after the mice picked theirs", &|g| {
            g.to_move() == ToMove::Seat(rats)
                && g.legal_actions().iter().any(|a| matches!(a, Action::Pick(_)))
                && mice_hand(g) == 7
        }),
        ("the rats to activate, the mice holding cards", &|g| {
            g.to_move() == ToMove::Seat(rats) && g.active_unit().is_none() && g.round() >= 2 && mice_hand(g) >= 3
        }),
        ("the rats to answer an attack after the mice answered in secret", &|g| {
            g.to_move() == ToMove::Seat(rats) && g.legal_actions().contains(&Action::NoCard) && mice_hand(g) >= 2
        }),
    ];
    // Random games (attacks taken eagerly, cards played now and then,
    // windows answered with a card when one may) until one passes all
    // three points.
    let (game, points) = (8..60)
        .find_map(|seed| {
            let mut rng = Rng::seeded(seed);
            let game = play(start.clone(), 1500, |g| {
                let legal = g.legal_actions();
                let window = legal.contains(&Action::NoCard);
                let plays: Vec<&Action> = legal.iter().filter(|a| matches!(a, Action::Play(_))).collect();
                if !plays.is_empty() && (window || rng.below(3) == 0) {
                    return plays[rng.below(plays.len())].clone();
                }
                if let Some(a) = tf_eager(&legal, &mut rng) {
                    return a;
                }
                legal[rng.below(legal.len())].clone()
            });
            let points: Option<Vec<(&str, usize)>> =
                wanted.iter().map(|(what, f)| game.iter().position(|(g, _)| f(g)).map(|i| (*what, i))).collect();
            points.map(|p| (game, p))
        })
        .expect("a random game that reaches every point");
    let mut went_on = Vec::new();
    for players in [vec![Player::Computer(aviary::ai::Level::Easy), Player::Human], vec![Player::Human, Player::Human]]
    {
        let check = Check { seat: rats, players, differs: &tf_differs, counterpart: &tf_card_counterpart };
        let mut rng = Rng::seeded(12);
        let look = |w: &mut World<SkirmishTab>| {
            let rats_to_move = w.state().to_move() == ToMove::Seat(Seat(1));
            let needs = rats_to_move && w.tab().needs_hand_off();
            if needs {
                w.tab().confirm_hand_off();
            }
            needs
        };
        for &(what, i) in &points {
            let next: Vec<_> = game[i..].iter().take(8).map(|(_, a)| a.clone()).collect();
            went_on.push((what, same_for_seat::<SkirmishTab>(what, &game[i].0, &next, &check, &mut rng, &look, false)));
        }
    }
    assert!(went_on.iter().map(|w| w.1).sum::<usize>() >= 6, "the games went on too little: {went_on:?}");
}

/// For an action of the real game, one the rats cannot tell from it in the
/// other world: the same, or for the mice's secret pick or window answer
/// another secret one; `None` once something shows.
fn tf_card_counterpart(
    real: &aviary::rules::tail_feathers::TailFeathers,
    other: &aviary::rules::tail_feathers::TailFeathers,
    a: &aviary::rules::tail_feathers::Action,
) -> Option<aviary::rules::tail_feathers::Action> {
    use aviary::rules::tail_feathers::Action;
    // Once the secret missions are chosen, who lays a card first shows
    // whether the mice chose one: the worlds may part there.
    if real.reveals(a) || matches!(a, Action::Mission(_)) {
        return None;
    }
    if other.check(a).is_ok() {
        return Some(a.clone());
    }
    let legal = other.legal_actions();
    match a {
        Action::Pick(_) => legal.iter().find(|x| matches!(x, Action::Pick(_))).cloned(),
        Action::Play(_) | Action::NoCard if legal.contains(&Action::NoCard) => Some(Action::NoCard),
        _ => None,
    }
}

/// Tail Feathers with action cards at the mice's answer to an attack, two
/// people at the screen.
fn tf_at_the_mice_window() -> aviary::rules::tail_feathers::TailFeathers {
    use aviary::rules::tail_feathers::TailFeathers;
    use aviary::rules::tail_feathers::game::{Action, Options};
    let options = Options { action_cards: true, structures: true, ..Options::default() };
    for seed in 0..80 {
        let start = TailFeathers::new(&Setup { seats: 2, options: options.clone() }, seed);
        let mut rng = Rng::seeded(seed);
        let game = play(start, 1200, |g| {
            let legal = g.legal_actions();
            if let Some(a) = tf_eager(&legal, &mut rng) {
                return a;
            }
            let quiet: Vec<&Action> = legal.iter().filter(|a| !matches!(a, Action::Play(_))).collect();
            quiet[rng.below(quiet.len())].clone()
        });
        let found = game.into_iter().map(|(g, _)| g).find(|g| {
            g.to_move() == ToMove::Seat(Seat(0))
                && g.legal_actions().contains(&Action::NoCard)
                && g.hand(aviary::rules::tail_feathers::components::Alliance::Mice).cards.len() == 7
                && g.hand(aviary::rules::tail_feathers::components::Alliance::Rats).cards.len() == 7
        });
        if let Some(g) = found {
            return g;
        }
    }
    panic!("no game reaches the mice's answer to an attack");
}

#[test]
fn tail_feathers_undo_and_redo_hand_the_screen_over_before_showing_a_hand_of_cards() {
    use aviary::rules::tail_feathers::components::Alliance;
    use aviary::rules::tail_feathers::game::Action;
    use aviary::ui::tail_feathers::SkirmishTab;
    let real = tf_at_the_mice_window();
    let mut rng = Rng::seeded(5);
    let other = (0..200)
        .map(|_| real.determinize(Seat(1), &mut rng))
        .find(|d| d.hand(Alliance::Mice).cards != real.hand(Alliance::Mice).cards)
        .expect("another hand for the mice");
    let dir = tempfile::tempdir().unwrap();
    let mut t = Twin::new(vec![
        people_tab(real, &dir.path().join("a.json"), SkirmishTab::new),
        people_tab(other, &dir.path().join("b.json"), SkirmishTab::new),
    ]);
    t.same_pixels("at the mice's answer to an attack, Pass to Mice");
    t.click("I am Mice: show my choices");
    t.different_pixels("the mice's hand after their hand-off");
    for w in 0..2 {
        t.tab::<SkirmishTab>(w).table.propose(Action::NoCard, &mut Vec::new()).unwrap();
    }
    t.same_pixels("the mice answered: their hand hidden again");
    t.click("Undo");
    if t.shows(0, "Undo anyway") {
        t.click("Undo anyway");
    }
    assert!(t.shows(0, "I am Mice: show my choices"));
    t.same_pixels("after Undo, Pass to Mice");
    t.click("Redo");
    t.same_pixels("after Redo");
}
