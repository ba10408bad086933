//! Helpers the Tail Feathers rule tests (`tests/tf_rules.rs` and
//! `tests/tf_rules_cases.rs`) share: the two seats and nest spaces; a
//! fresh game played through deployment, missions, tilts and bids to its
//! first activation phase; applying actions that must be legal and reading
//! the rule an action is refused by; placing a bird in the air; the dice,
//! wound events and walk of the last action; RNG seeds tried until the dice
//! suit; the Swallow's swoop run along the Elm and the way into the
//! final phase; and a flight toward a death spiral for random play.
#![allow(dead_code, reason = "each test file uses some of the helpers")]

use aviary::rules::tail_feathers::components::{Alliance, MissionKind};
use aviary::rules::tail_feathers::dice::Face;
use aviary::rules::tail_feathers::game::{
    Action, Crossing, Event, FlightEnding, MissionCard, Options, Phase, Place, TailFeathers, Target, UNIT_DEFS, unit_of,
};
use aviary::rules::tail_feathers::geometry::{Heading, Length, Pose, Tilt, V2};
use aviary::rules::{Game, Seat, Setup};

pub const MICE: Seat = Seat(0);
pub const RATS: Seat = Seat(1);
/// The mice's nest space and the rats'.
pub const MICE_NEST: u8 = 8;
pub const RATS_NEST: u8 = 17;

/// A two-player game of Tail Feathers with the default options.
pub fn new_game(seed: u64) -> TailFeathers {
    TailFeathers::new(&Setup { seats: 2, options: Options::default() }, seed)
}

/// Applies `a`, which must be legal.
pub fn play(g: &mut TailFeathers, a: &Action) {
    if let Err(e) = g.apply(a) {
        panic!("{a:?} refused: {e}\nstatus: {}\nlegal: {:?}", g.status(), g.legal_actions());
    }
}

/// The rule `a` is refused by (it must be refused).
pub fn refusal(g: &TailFeathers, a: &Action) -> (&'static str, String) {
    match g.check(a) {
        Ok(()) => panic!("{a:?} should be refused; status: {}", g.status()),
        Err(e) => (e.rule, e.reason),
    }
}

/// The rule `a` is refused by, without the reason (it must be refused).
pub fn rule(g: &TailFeathers, a: &Action) -> &'static str {
    refusal(g, a).0
}

/// True when `a` is among the legal actions.
pub fn legal(g: &TailFeathers, a: &Action) -> bool {
    g.legal_actions().contains(a)
}

/// Deployment by always taking the first legal action: the mice's birds
/// in spaces 0, 1, 2, their squad 4 in space 3 and 2 in space 4; the
/// rats' birds in 9 and 10, squad 4 in 11, 2 in 12 with the hero.
pub fn deploy_all(g: &mut TailFeathers) {
    while g.phase() == Phase::Deploy {
        let a = g.legal_actions()[0].clone();
        play(g, &a);
    }
}

/// Both players send no mission.
pub fn no_missions(g: &mut TailFeathers) {
    while g.phase() == Phase::Mission {
        play(g, &Action::Mission(None));
    }
}

/// Keeps every perched bird perched and every flying bird at its tilt.
pub fn stay_all(g: &mut TailFeathers) {
    while g.phase() == Phase::Tilt {
        let legal = g.legal_actions();
        let a = legal
            .iter()
            .find(|a| match a {
                Action::Stay(_) => true,
                Action::Tilt { bird, tilt } => g.bird(*bird).is_some_and(|b| b.tilt == *tilt),
                _ => false,
            })
            .cloned()
            .unwrap_or_else(|| legal[0].clone());
        play(g, &a);
    }
}

/// Both bid nothing, then the initiative roll.
pub fn bid_nothing(g: &mut TailFeathers) {
    while g.legal_actions().iter().any(|a| matches!(a, Action::Bid(_))) {
        play(g, &Action::Bid(0));
    }
    play(g, &Action::RollInitiative);
}

/// A fresh game in its first activation phase, initiative rolled.
pub fn to_activation(seed: u64) -> TailFeathers {
    to_activation_with(seed, Options::default())
}

/// As [`to_activation`], with these rules options.
pub fn to_activation_with(seed: u64, options: Options) -> TailFeathers {
    let mut g = TailFeathers::new(&Setup { seats: 2, options }, seed);
    deploy_all(&mut g);
    no_missions(&mut g);
    stay_all(&mut g);
    bid_nothing(&mut g);
    assert_eq!(g.phase(), Phase::Activation);
    g
}

/// The activation phase with `seat` to choose a unit.
pub fn turn(seat: Seat, activated: &[usize]) -> TailFeathers {
    let mut g = to_activation(1);
    g.arrange_turn(seat, activated);
    g
}

/// The activation phase with `seat` to choose a unit, under `options`.
pub fn turn_with(options: Options, seat: Seat, activated: &[usize]) -> TailFeathers {
    let mut g = to_activation_with(1, options);
    g.arrange_turn(seat, activated);
    g
}

/// Puts bird `f` in the air at (`x`, `y`) facing `heading` (15° steps
/// anticlockwise from east).
pub fn air(g: &mut TailFeathers, f: u8, x: f64, y: f64, heading: u8, tilt: Tilt) {
    g.arrange_place(f, Place::Air);
    g.arrange_bird(f, Pose { at: V2::new(x, y), heading: Heading(heading) }, tilt, false);
}

/// The dice rolled in the last action for `what` ("attack", "defence", …).
pub fn rolls(g: &TailFeathers, what: &str) -> Vec<Vec<Face>> {
    g.events()
        .iter()
        .filter_map(|e| match e {
            Event::Rolled { what: w, faces, .. } if *w == what => Some(faces.clone()),
            _ => None,
        })
        .collect()
}

/// Tries the RNG seeds in order until applying `a` gives a state `ok`
/// accepts; returns that state.
pub fn with_dice(g: &TailFeathers, a: &Action, what: &str, ok: impl Fn(&TailFeathers) -> bool) -> TailFeathers {
    for seed in 0..2000 {
        let mut h = g.clone();
        h.arrange_rng(seed);
        play(&mut h, a);
        if ok(&h) {
            return h;
        }
    }
    panic!("no RNG seed gives {what} for {a:?}");
}

/// The crossing the walk waits at, if any.
pub fn waiting_at(g: &TailFeathers) -> Option<Crossing> {
    g.walking().and_then(|w| w.1)
}

/// The wounds `t` took in the last action (the first count), if any.
pub fn wounds_event(g: &TailFeathers, t: Target) -> Option<u8> {
    g.events().iter().find_map(|e| match e {
        Event::Wounds(x, n) if *x == t => Some(*n),
        _ => None,
    })
}

/// True when `a` is within 0.01 of (`x`, `y`) on both axes.
pub fn close(a: V2, x: f64, y: f64) -> bool {
    (a.x - x).abs() < 0.01 && (a.y - y).abs() < 0.01
}

/// Activates squad figure `f` of the active unit where it stands and ends
/// the moves (other figures of its squad stay unactivated).
pub fn hold_and_end_moves(g: &mut TailFeathers, f: u8) {
    play(g, &Action::Hold(f));
    if legal(g, &Action::Done) && g.legal_actions().iter().any(|a| matches!(a, Action::Hold(_))) {
        play(g, &Action::Done);
    }
}

/// The mice's turn with the Swallow (bird 0) in the air at (`x`, `y`)
/// facing `heading` at `tilt`, and activated.
pub fn swallow_activated(x: f64, y: f64, heading: u8, tilt: Tilt) -> TailFeathers {
    let mut g = turn(MICE, &[]);
    air(&mut g, 0, x, y, heading, tilt);
    play(&mut g, &Action::Activate(0));
    g
}

// ---------------------------------------------------------------------
// TF-R14 Swoops.

/// The Swallow flying east along the Elm's south row (spaces 26, 27, 28)
/// from (`x`, 4.5) with the given figures placed (figure, space).
pub fn swoop_run(x: f64, placed: &[(u8, u8)], flight: Vec<Length>) -> TailFeathers {
    let mut g = turn(MICE, &[]);
    air(&mut g, 0, x, 4.5, 0, Tilt::Centre);
    for &(f, s) in placed {
        g.arrange_place(f, Place::Space(s));
    }
    play(&mut g, &Action::Activate(0));
    play(&mut g, &Action::Fly(flight));
    g
}

// ---------------------------------------------------------------------
// TF-R17 The final phase.

/// Every unit activated, `first` to pass into the final phase, and the
/// two mission cards with their boxes.
pub fn to_final(first: Seat, mice: Option<(MissionKind, &[u8])>, rats: Option<(MissionKind, &[u8])>) -> TailFeathers {
    let mut g = turn(first, &[0, 1, 2, 3, 4, 5, 6, 7]);
    for (side, m, spot) in [(Alliance::Mice, mice, 0), (Alliance::Rats, rats, 1)] {
        if let Some((kind, figs)) = m {
            g.arrange_mission(side, Some(MissionCard { kind: Some(kind), spot: Some(spot), revealed: false }));
            for &f in figs {
                g.arrange_place(f, Place::Mission);
            }
        }
    }
    g
}

/// The pass that ends the activation phase, then the final phase's one
/// action.
pub fn enter_final(g: &mut TailFeathers) {
    play(g, &Action::Pass);
    assert_eq!(g.phase(), Phase::Final);
    assert_eq!(g.legal_actions(), [Action::FinalPhase]);
    play(g, &Action::FinalPhase);
}

/// A flight of the active bird into a death spiral if one is offered,
/// else the flight that ends nearest an enemy flying bird (so that birds
/// meet), if any.
pub fn toward_a_spiral(s: &TailFeathers, legal: &[Action]) -> Option<Action> {
    let bird = UNIT_DEFS[s.active_unit()?].first;
    let enemies: Vec<_> = s
        .flyers()
        .into_iter()
        .filter(|&e| UNIT_DEFS[unit_of(e)].side != UNIT_DEFS[unit_of(bird)].side)
        .filter_map(|e| s.bird(e).map(|b| b.pose.at))
        .collect();
    let mut best: Option<(f64, &Action)> = None;
    for a in legal {
        let Action::Fly(list) = a else { continue };
        let Some(plan) = s.plan_flight(bird, list) else { continue };
        let outcome = s.flight_outcome(bird, &plan);
        if matches!(outcome.ending, FlightEnding::Spiral(_)) {
            return Some(a.clone());
        }
        let d = enemies.iter().map(|e| e.dist(outcome.at.at)).fold(f64::MAX, f64::min);
        if best.is_none_or(|(b, _)| d < b) {
            best = Some((d, a));
        }
    }
    best.map(|(_, a)| a.clone())
}

/// For random play that should meet death spirals: three times in four a
/// flight toward a spiral, else (three times in four) a launch when one is
/// offered; `None` leaves the choice to the caller's policy.
pub fn spiral_seeking(s: &TailFeathers, legal: &[Action], rng: &mut aviary::rules::Rng) -> Option<Action> {
    if rng.below(4) > 0
        && let Some(a) = toward_a_spiral(s, legal)
    {
        return Some(a);
    }
    let launches: Vec<&Action> = legal.iter().filter(|a| matches!(a, Action::Launch { .. })).collect();
    if !launches.is_empty() && rng.below(4) > 0 {
        return Some(launches[rng.below(launches.len())].clone());
    }
    None
}
