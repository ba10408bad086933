//! The Tail Feathers course: the steps of a round, a mission, a squad
//! climbing its tree, a bird taking off and flying, perching from the air
//! (a crossing), an attack with its dice and cheese, and one lesson per
//! additional rule (foraging, choosing a hand of action cards, tail
//! feathers, death spirals, cutting a leaf loose, building the ballista). The learner plays the mice; the rats' choices
//! in a lesson are scripted (the quiet choice each time: no mission, birds
//! stay, no bid, ground units hold). Every start is reached from a seed:
//! by that quiet script, or (for positions a quiet game never meets) by
//! both sides choosing at random from the seed; so each lesson plays the
//! same way.

use std::sync::OnceLock;

use super::{Lesson, Start};
use crate::rules::Rng;
use crate::rules::tail_feathers::cards::{CardId, HAND, card, card_named};
use crate::rules::tail_feathers::components::Alliance;
use crate::rules::tail_feathers::game::{
    Action, Crossing, Fig, FlightEnding, FlightOutcome, Options, Phase, Place, TailFeathers, UNIT_DEFS, unit_of,
};
use crate::rules::tail_feathers::geometry::Length;
use crate::rules::{Game, Seat, Setup, ToMove};

const YOU: Seat = Seat(0);
/// The mice's squad (unit 3).
const SQUAD: usize = 3;

fn setup(options: Options) -> Setup<Options> {
    Setup { seats: 2, options }
}

/// The quiet choice for either side: no mission, birds keep their perch
/// or tilt, no extra dice, no card, a unit held where it is; a bird in
/// the air flies a list that ends in open air when one does.
fn calm(g: &TailFeathers) -> Option<Action> {
    let legal = g.legal_actions();
    let quiet = legal.iter().find(|a| match a {
        Action::Mission(None)
        | Action::Stay(_)
        | Action::Bid(0)
        | Action::NoCard
        | Action::Pass
        | Action::Done
        | Action::Reroll(0)
        | Action::Continue => true,
        Action::Pick(c) => suggested(g, *c),
        Action::Tilt { bird, tilt } => g.bird(*bird).is_some_and(|b| b.tilt == *tilt),
        _ => false,
    });
    let safe_flight = || {
        legal.iter().find(|a| match a {
            Action::Fly(list) => flies_clear(g, list),
            _ => false,
        })
    };
    quiet.or_else(safe_flight).or(legal.first()).cloned()
}

/// The hands both sides take in the lessons' starts: the mice's holds
/// "Build Ballista" for the ballista lesson. Kept apart from the computer's
/// suggested hands ([`crate::rules::tail_feathers::cards::SUGGESTED`]),
/// which are tuned for balance, so re-tuning those does not move the
/// lessons.
const LESSON_HANDS: [[&str; HAND]; 2] = [
    ["Tailwind", "Steady Talons", "Feint", "Aimed Shot", "Rally", "Alarm Call", "Build Ballista"],
    ["Tailwind", "Stoop", "Carrion Fury", "Cutlass Swing", "Parry", "Rally", "Build Ballista"],
];

/// Card `c` is in the lessons' hand of the side to pick.
fn suggested(g: &TailFeathers, c: CardId) -> bool {
    let ToMove::Seat(seat) = g.to_move() else { return false };
    LESSON_HANDS[usize::from(seat.0)].contains(&card(c).name)
}

/// The bird being activated, when one is.
fn active_bird(g: &TailFeathers) -> Option<Fig> {
    let unit = UNIT_DEFS.get(g.active_unit()?)?;
    unit.bird.map(|_| unit.first)
}

/// The active bird's flight of `list` ends in open air, unhurt.
fn flies_clear(g: &TailFeathers, list: &[Length]) -> bool {
    let Some(bird) = active_bird(g) else { return false };
    g.plan_flight(bird, list).is_some_and(|plan| {
        let out = g.flight_outcome(bird, &plan);
        out.ending == FlightEnding::Ends && out.wounds == 0
    })
}

/// Plays `choose` (and the first chance outcome) from a new game until
/// `ready` holds with the mice to move; the actions played.
fn script(options: &Options, seed: u64, ready: fn(&TailFeathers) -> bool) -> Option<(Vec<Action>, TailFeathers)> {
    let mut g = TailFeathers::new(&setup(options.clone()), seed);
    let mut actions = Vec::new();
    for _ in 0..2_000 {
        if g.to_move() == ToMove::Seat(YOU) && ready(&g) {
            return Some((actions, g));
        }
        let a = match g.to_move() {
            ToMove::Nobody => return None,
            ToMove::Chance => g.legal_actions().into_iter().next()?,
            ToMove::Seat(_) => calm(&g)?,
        };
        g.check(&a).ok()?;
        g.apply_legal(&a);
        actions.push(a);
    }
    None
}

/// As [`script`], but both sides choose at random from the seed (their
/// hands are still the suggested ones), so the battle moves about. Used
/// to reach positions a quiet game never meets.
fn wander(options: &Options, seed: u64, ready: fn(&TailFeathers) -> bool) -> Option<(Vec<Action>, TailFeathers)> {
    let mut g = TailFeathers::new(&setup(options.clone()), seed);
    let mut rng = Rng::seeded(seed);
    let mut actions = Vec::new();
    for _ in 0..3_000 {
        if g.to_move() == ToMove::Seat(YOU) && ready(&g) {
            return Some((actions, g));
        }
        let a = match g.to_move() {
            ToMove::Nobody => return None,
            ToMove::Chance => g.legal_actions().into_iter().next()?,
            ToMove::Seat(_) => {
                let legal = g.legal_actions();
                // Picks stay the suggested hand; the rest at random.
                calm(&g)
                    .filter(|a| matches!(a, Action::Pick(_)))
                    .unwrap_or_else(|| legal[rng.below(legal.len())].clone())
            }
        };
        g.check(&a).ok()?;
        g.apply_legal(&a);
        actions.push(a);
    }
    None
}

/// A lesson's start, found once: the seed, its actions and the position.
struct Found {
    seed: u64,
    actions: Vec<Action>,
    state: TailFeathers,
}

fn find(options: &Options, ready: fn(&TailFeathers) -> bool) -> Found {
    (1..200)
        .find_map(|seed| script(options, seed, ready).map(|(actions, state)| Found { seed, actions, state }))
        .unwrap_or_else(|| Found { seed: 1, actions: Vec::new(), state: TailFeathers::new(&setup(options.clone()), 1) })
}

fn find_wandering(options: &Options, ready: fn(&TailFeathers) -> bool) -> Found {
    (1..400)
        .find_map(|seed| wander(options, seed, ready).map(|(actions, state)| Found { seed, actions, state }))
        .unwrap_or_else(|| Found { seed: 1, actions: Vec::new(), state: TailFeathers::new(&setup(options.clone()), 1) })
}

/// The mice squad's figures on the battlefield.
fn squad_figures(g: &TailFeathers) -> Vec<Fig> {
    let u = UNIT_DEFS[SQUAD];
    (u.first..u.first + u.count).filter(|&f| matches!(g.figure(f).place, Place::Space(_))).collect()
}

fn is_attack(a: &Action) -> bool {
    matches!(a, Action::Strike { .. } | Action::Shoot { .. })
}

fn squad_ready(g: &TailFeathers) -> bool {
    g.phase() == Phase::Activation && g.check(&Action::Activate(SQUAD as u8)).is_ok()
}

/// A squad figure that may attack (it has a target in reach).
fn can_attack(g: &TailFeathers, f: Fig) -> bool {
    !g.targets(f, false).is_empty() || !g.targets(f, true).is_empty()
}

/// A squad figure standing on a leaf.
fn on_leaf(g: &TailFeathers, f: Fig) -> bool {
    matches!(g.figure(f).place, Place::Space(s) if g.leaf_at(usize::from(s)).is_some())
}

/// A squad figure that may build the ballista where it stands, its side
/// holding the card and the cheese for it.
fn can_build(g: &TailFeathers, f: Fig) -> bool {
    g.build_blocker(f).is_none()
        && g.hand(Alliance::Mice).holds(ballista_card())
        && g.cheese(YOU) >= crate::rules::tail_feathers::cards::card(ballista_card()).cost
}

fn squad_may_attack(g: &TailFeathers) -> bool {
    squad_ready(g) && squad_figures(g).iter().any(|&f| can_attack(g, f))
}

fn squad_may_cut(g: &TailFeathers) -> bool {
    squad_ready(g) && squad_figures(g).iter().any(|&f| on_leaf(g, f))
}

fn ballista_card() -> CardId {
    card_named("Build Ballista").unwrap_or(0)
}

fn squad_may_build(g: &TailFeathers) -> bool {
    squad_ready(g) && squad_figures(g).iter().any(|&f| can_build(g, f))
}

fn attack_start() -> &'static Found {
    static FOUND: OnceLock<Found> = OnceLock::new();
    FOUND.get_or_init(|| find_wandering(&Options::default(), squad_may_attack))
}

fn leaves() -> Options {
    Options { leaves: true, ..Options::default() }
}

fn leaf_start() -> &'static Found {
    static FOUND: OnceLock<Found> = OnceLock::new();
    FOUND.get_or_init(|| find_wandering(&leaves(), squad_may_cut))
}

fn structures() -> Options {
    Options { action_cards: true, structures: true, ..Options::default() }
}

fn ballista_start() -> &'static Found {
    static FOUND: OnceLock<Found> = OnceLock::new();
    FOUND.get_or_init(|| find_wandering(&structures(), squad_may_build))
}

/// The squad's activation, one step toward `wanted` (the first of its
/// actions `wanted` accepts): activate the squad, activate the figure
/// `able` accepts where it stands, end the moves.
fn squad_step(g: &TailFeathers, able: fn(&TailFeathers, Fig) -> bool, wanted: fn(&Action) -> bool) -> Option<Action> {
    if g.active_unit().is_none() {
        return Some(Action::Activate(SQUAD as u8));
    }
    let legal = g.legal_actions();
    let hold = |a: &&Action| matches!(a, Action::Hold(f) if able(g, *f));
    legal
        .iter()
        .find(|a| wanted(a))
        .or_else(|| legal.iter().find(hold))
        .or_else(|| legal.iter().find(|a| matches!(a, Action::Done)))
        .cloned()
}

/// The squad's activation is over (it acted: the lesson offers no other
/// way to end it).
fn squad_done(g: &TailFeathers) -> bool {
    g.is_activated(SQUAD) && g.active_unit() != Some(SQUAD)
}

fn start_of(options: &Options, found: &Found) -> Start<TailFeathers> {
    Start { setup: setup(options.clone()), seed: found.seed, actions: found.actions.clone() }
}

fn deployed(g: &TailFeathers) -> bool {
    g.phase() == Phase::Mission
}

fn squad_to_activate(g: &TailFeathers) -> bool {
    g.phase() == Phase::Activation && g.legal_actions().contains(&Action::Activate(SQUAD as u8))
}

fn tilt_phase(g: &TailFeathers) -> bool {
    g.phase() == Phase::Tilt
}

fn round_start() -> &'static Found {
    static FOUND: OnceLock<Found> = OnceLock::new();
    FOUND.get_or_init(|| find(&Options::default(), deployed))
}

fn trees_start() -> &'static Found {
    static FOUND: OnceLock<Found> = OnceLock::new();
    FOUND.get_or_init(|| find(&Options::default(), squad_to_activate))
}

fn flight_start() -> &'static Found {
    static FOUND: OnceLock<Found> = OnceLock::new();
    FOUND.get_or_init(|| find(&Options::default(), tilt_phase))
}

fn foraging() -> Options {
    Options { foraging: true, ..Options::default() }
}

fn forage_start() -> &'static Found {
    static FOUND: OnceLock<Found> = OnceLock::new();
    FOUND.get_or_init(|| find(&foraging(), squad_to_activate))
}

fn cards() -> Options {
    Options { action_cards: true, ..Options::default() }
}

fn cards_start() -> &'static Found {
    static FOUND: OnceLock<Found> = OnceLock::new();
    FOUND.get_or_init(|| find(&cards(), |g| g.legal_actions().iter().any(|a| matches!(a, Action::Pick(_)))))
}

/// A mice squad figure stands somewhere else than at the start.
fn squad_moved(g: &TailFeathers, start: &TailFeathers) -> bool {
    let u = UNIT_DEFS[SQUAD];
    (u.first..u.first + u.count).any(|f| g.figure(f).place != start.figure(f).place)
}

/// A mice bird has been activated and flown, and is in the air, its
/// flight over.
fn a_bird_flew(g: &TailFeathers) -> bool {
    let before_flight = || {
        g.legal_actions()
            .iter()
            .any(|a| matches!(a, Action::Fly(_) | Action::PilotingCheck | Action::SetTilt(_) | Action::PickUp(_)))
    };
    g.walking().is_none()
        && (0..3).any(|f: Fig| g.is_activated(unit_of(f)) && g.figure(f).place == Place::Air)
        && !before_flight()
}

/// A mice bird is hurt or lost since the start.
fn a_bird_hurt(g: &TailFeathers, start: &TailFeathers) -> bool {
    (0..3).any(|f: Fig| {
        g.figure(f).wounds > start.figure(f).wounds
            || (g.figure(f).place == Place::Casualty && start.figure(f).place != Place::Casualty)
    })
}

/// A launch after which the bird has a flight ending in open air.
fn good_launch(g: &TailFeathers, a: &Action) -> bool {
    let Action::Launch { bird, .. } = a else { return false };
    let mut next = g.clone();
    next.apply_legal(a);
    short_lists().iter().any(|list| {
        next.plan_flight(*bird, list).is_some_and(|plan| {
            let out = next.flight_outcome(*bird, &plan);
            out.ending == FlightEnding::Ends && out.wounds == 0 && out.flown > 0.0
        })
    })
}

/// Template lists of two to four templates (a first flight's lengths).
fn short_lists() -> Vec<Vec<Length>> {
    let mut out = Vec::new();
    for n in 2..=4u32 {
        for bits in 0..(1u32 << n) {
            out.push((0..n).map(|i| if bits >> i & 1 == 1 { Length::Long } else { Length::Short }).collect());
        }
    }
    out
}

/// The mice birds in the air that may be activated now.
fn airborne_ready(g: &TailFeathers) -> Vec<Fig> {
    if g.phase() != Phase::Activation {
        return Vec::new();
    }
    (0..3)
        .filter(|&f: &Fig| {
            g.figure(f).place == Place::Air
                && g.spiral_of(f).is_none()
                && g.check(&Action::Activate(unit_of(f) as u8)).is_ok()
        })
        .collect()
}

/// How a list would end for bird `f` from where it is: its outcome and
/// the crossings met before it stops.
fn flight_of(g: &TailFeathers, f: Fig, list: &[Length]) -> Option<(FlightOutcome, Vec<Crossing>)> {
    let plan = g.plan_flight(f, list)?;
    let out = g.flight_outcome(f, &plan);
    let met = plan.crossings.iter().filter(|(d, _)| *d <= out.flown).map(|(_, c)| *c).collect();
    Some((out, met))
}

/// A list that takes bird `f` across a tree space it may perch on, unhurt.
fn perching_list(g: &TailFeathers, f: Fig) -> Option<Vec<Length>> {
    short_lists().into_iter().find(|list| {
        flight_of(g, f, list).is_some_and(|(out, met)| {
            out.wounds == 0
                && matches!(out.ending, FlightEnding::Ends)
                && met.first().is_some_and(|c| matches!(c, Crossing::Space(s) if g.leaf_at(usize::from(*s)).is_none()))
        })
    })
}

/// A list that takes bird `f` into an enemy bird: a death spiral.
fn spiral_list(g: &TailFeathers, f: Fig) -> Option<Vec<Length>> {
    short_lists()
        .into_iter()
        .find(|list| flight_of(g, f, list).is_some_and(|(out, _)| matches!(out.ending, FlightEnding::Spiral(_))))
}

/// Bird `f` has a list crossing a tail feather and one ending in open air
/// that crosses none.
fn feather_choice(g: &TailFeathers, f: Fig) -> bool {
    let lists = short_lists();
    let crosses = |list: &Vec<Length>| {
        flight_of(g, f, list).is_some_and(|(_, met)| met.iter().any(|c| matches!(c, Crossing::Feather(_))))
    };
    lists.iter().any(crosses) && lists.iter().any(|l| clear_of_feathers(g, f, l))
}

/// Bird `f`'s flight of `list` ends in open air unhurt, crossing no
/// tail feather.
fn clear_of_feathers(g: &TailFeathers, f: Fig, list: &[Length]) -> bool {
    flight_of(g, f, list).is_some_and(|(out, met)| {
        out.wounds == 0
            && out.ending == FlightEnding::Ends
            && !met.iter().any(|c| matches!(c, Crossing::Feather(_) | Crossing::Flyer(_)))
    })
}

fn perch_start() -> &'static Found {
    static FOUND: OnceLock<Found> = OnceLock::new();
    FOUND.get_or_init(|| {
        find_wandering(&Options::default(), |g| airborne_ready(g).iter().any(|&f| perching_list(g, f).is_some()))
    })
}

fn spirals() -> Options {
    Options { death_spirals: true, ..Options::default() }
}

fn spiral_start() -> &'static Found {
    static FOUND: OnceLock<Found> = OnceLock::new();
    FOUND.get_or_init(|| find_wandering(&spirals(), |g| airborne_ready(g).iter().any(|&f| spiral_list(g, f).is_some())))
}

fn feathers() -> Options {
    Options { feathers: true, ..Options::default() }
}

fn feather_start() -> &'static Found {
    static FOUND: OnceLock<Found> = OnceLock::new();
    FOUND.get_or_init(|| find_wandering(&feathers(), |g| airborne_ready(g).iter().any(|&f| feather_choice(g, f))))
}

fn mission_start() -> &'static Found {
    static FOUND: OnceLock<Found> = OnceLock::new();
    FOUND.get_or_init(|| find(&Options::default(), deployed))
}

/// The bird a lesson's flight is about: the first mice bird `fit`
/// accepts at the lesson's start.
fn lesson_bird(start: &TailFeathers, fit: fn(&TailFeathers, Fig) -> bool) -> Fig {
    airborne_ready(start).into_iter().find(|&f| fit(start, f)).unwrap_or(0)
}

// The lesson birds are worked out once: views ask for them every frame.
fn perch_bird() -> Fig {
    static BIRD: OnceLock<Fig> = OnceLock::new();
    *BIRD.get_or_init(|| lesson_bird(&perch_start().state, |g, f| perching_list(g, f).is_some()))
}

fn spiral_bird() -> Fig {
    static BIRD: OnceLock<Fig> = OnceLock::new();
    *BIRD.get_or_init(|| lesson_bird(&spiral_start().state, |g, f| spiral_list(g, f).is_some()))
}

fn feather_bird() -> Fig {
    static BIRD: OnceLock<Fig> = OnceLock::new();
    *BIRD.get_or_init(|| lesson_bird(&feather_start().state, feather_choice))
}

/// One step of flying the lesson's bird `f` with `list`: activate it, fly,
/// then at each crossing `at` says what to do (else go on).
fn fly_step(g: &TailFeathers, f: Fig, list: Option<Vec<Length>>, at: fn(Crossing) -> Action) -> Option<Action> {
    let legal = g.legal_actions();
    let activate = Action::Activate(unit_of(f) as u8);
    if legal.contains(&activate) {
        return Some(activate);
    }
    if let Some((_, Some(c))) = g.walking() {
        let a = at(c);
        return Some(if legal.contains(&a) { a } else { Action::Continue });
    }
    if let Some(list) = list {
        let fly = Action::Fly(list);
        if legal.contains(&fly) {
            return Some(fly);
        }
    }
    calm(g)
}

/// The course.
pub static COURSE: [Lesson<TailFeathers>; 12] = [
    Lesson {
        id: "tail-feathers-round",
        title: "The start of a round",
        minutes: 2,
        section: "A round",
        goal: "Before anything moves, each round asks three things of you: a mission card in secret (or none), \
               whether each perched bird stays or launches, and how much cheese to bid for extra initiative dice. \
               Answer them; the initiative roll then decides who activates first.",
        learner: YOU,
        start: || start_of(&Options::default(), round_start()),
        offered: |g, a| matches!(g.phase(), Phase::Mission | Phase::Tilt) || matches!(a, Action::Bid(_)),
        hint: "Answer the questions of the round's first steps: a mission (or none), each bird's launch or stay, \
               then your bid.",
        highlight: |_| Vec::new(),
        reply: calm,
        done: |g| g.phase() == Phase::Activation,
        failed: |_| None,
        par: 4,
        solution: calm,
    },
    Lesson {
        id: "tail-feathers-missions",
        title: "Send a mission",
        minutes: 2,
        section: "A round",
        goal: "A mission sends figures off the battlefield to come back later with an effect: choose a mission card \
               in secret (not \"none\" this time), lay it on a free spot, and send one or more figures from your \
               home tree into the mission box; then finish sending.",
        learner: YOU,
        start: || start_of(&Options::default(), mission_start()),
        offered: |g, a| match a {
            Action::Mission(None) => false,
            Action::Mission(Some(_)) | Action::PlaceMission(_) | Action::Send(_) => true,
            Action::Done => !g.mission_box(Alliance::Mice).is_empty(),
            _ => g.phase() != Phase::Mission,
        },
        hint: "Choose a mission card (any but \"none\"), click a free spot for it, then click figures on your home \
               tree to send them, and finish.",
        highlight: |_| Vec::new(),
        reply: calm,
        done: |g| g.phase() != Phase::Mission && !g.mission_box(Alliance::Mice).is_empty(),
        failed: |_| None,
        par: 4,
        solution: |g| {
            let legal = g.legal_actions();
            legal
                .iter()
                .find(|a| matches!(a, Action::Mission(Some(_)) | Action::PlaceMission(_)))
                .or_else(|| {
                    legal
                        .iter()
                        .find(|a| matches!(a, Action::Send(_)))
                        .filter(|_| g.mission_box(Alliance::Mice).is_empty())
                })
                .or_else(|| legal.iter().find(|a| matches!(a, Action::Done)))
                .cloned()
                .or_else(|| calm(g))
        },
    },
    Lesson {
        id: "tail-feathers-trees",
        title: "Climb the tree",
        minutes: 2,
        section: "In the trees",
        goal: "Ground figures move from space to space along their tree's branches. Activate your squad of mice, \
               then move one of them to a lit space next to it.",
        learner: YOU,
        start: || start_of(&Options::default(), trees_start()),
        offered: |_, a| match a {
            Action::Activate(u) => usize::from(*u) == SQUAD,
            Action::Move { figure, .. } => unit_of(*figure) == SQUAD,
            _ => false,
        },
        hint: "Activate the mice squad (its unit card), then drag one mouse to a lit space.",
        highlight: |g| {
            if squad_ready(g) {
                vec![Action::Activate(SQUAD as u8)]
            } else {
                g.legal_actions().into_iter().filter(|a| matches!(a, Action::Move { .. })).collect()
            }
        },
        reply: calm,
        done: |g| squad_moved(g, &trees_start().state),
        failed: |_| None,
        par: 2,
        solution: |g| {
            if g.active_unit().is_none() {
                return Some(Action::Activate(SQUAD as u8));
            }
            g.legal_actions().into_iter().find(|a| matches!(a, Action::Move { .. }))
        },
    },
    Lesson {
        id: "tail-feathers-flight",
        title: "Take off and fly",
        minutes: 4,
        section: "Flying",
        goal: "Launch one of your birds from its perch (choose where it faces), let the others stay and bid \
               nothing. When its turn comes, activate it: roll its piloting check, then pick a flight whose ghost \
               ends in open air, clear of trunks and the battlefield's edge.",
        learner: YOU,
        start: || start_of(&Options::default(), flight_start()),
        offered: |g, a| match a {
            Action::Launch { .. } => !(0..3).any(|f: Fig| g.bird(f).is_some_and(|b| b.launching)) && good_launch(g, a),
            Action::Activate(u) => UNIT_DEFS[usize::from(*u)].bird.is_some(),
            Action::Pass => false,
            _ => true,
        },
        hint: "Launch one bird facing open air (a bird facing its own trunk has no flight that clears it) and \
               keep the others perched; then activate it, roll its check and choose a flight that ends in open air.",
        highlight: |g| {
            let legal = g.legal_actions();
            let launching = (0..3).find(|&f: &Fig| g.bird(f).is_some_and(|b| b.launching));
            match launching {
                Some(f) if legal.contains(&Action::Activate(unit_of(f) as u8)) => {
                    vec![Action::Activate(unit_of(f) as u8)]
                }
                _ => legal.into_iter().filter(|a| matches!(a, Action::Fly(list) if flies_clear(g, list))).collect(),
            }
        },
        reply: calm,
        done: a_bird_flew,
        failed: |g| {
            a_bird_hurt(g, &flight_start().state).then_some(
                "Your bird was hurt or lost: undo and choose a flight whose ghost ends in open air (the ghost shows \
                 where each list of templates ends).",
            )
        },
        par: 8,
        solution: |g| {
            let legal = g.legal_actions();
            let launched = (0..3).any(|f: Fig| g.bird(f).is_some_and(|b| b.launching));
            if g.phase() == Phase::Tilt && !launched {
                return legal.into_iter().find(|a| good_launch(g, a));
            }
            let f = (0..3).find(|&f: &Fig| g.bird(f).is_some_and(|b| b.launching));
            if let Some(f) = f
                && legal.contains(&Action::Activate(unit_of(f) as u8))
            {
                return Some(Action::Activate(unit_of(f) as u8));
            }
            calm(g)
        },
    },
    Lesson {
        id: "tail-feathers-perch",
        title: "Land on a branch",
        minutes: 3,
        section: "Flying",
        goal: "A flight stops at each thing it crosses and asks what to do. Activate your bird in the air (it is \
               lit) and choose a flight across a tree space; when the flight reaches the space, perch there.",
        learner: YOU,
        start: || start_of(&Options::default(), perch_start()),
        offered: |_, a| match a {
            Action::Activate(u) => usize::from(*u) == unit_of(perch_bird()),
            Action::Pass => false,
            _ => true,
        },
        hint: "Activate the lit bird, pick a ring whose path crosses a tree space, and choose \"Perch\" when the \
               flight stops there.",
        highlight: |g| {
            let activate = Action::Activate(unit_of(perch_bird()) as u8);
            if g.check(&activate).is_ok() { vec![activate] } else { Vec::new() }
        },
        reply: calm,
        done: |g| matches!(g.figure(perch_bird()).place, Place::Space(_)),
        failed: |g| {
            (g.figure(perch_bird()).place == Place::Casualty || g.is_activated(unit_of(perch_bird())) && g.active_unit().is_none())
                .then_some("The bird's activation ended without a perch: undo and choose a flight across a tree space, then \"Perch\" there.")
        },
        par: 3,
        solution: |g| {
            let f = perch_bird();
            let list = if g.walking().is_none() { perching_list(g, f) } else { None };
            fly_step(g, f, list, |_| Action::Perch)
        },
    },
    Lesson {
        id: "tail-feathers-attack",
        title: "Attack!",
        minutes: 3,
        section: "Attacks, dice and cheese",
        goal: "An enemy is within reach of your mice. Activate the squad and attack: a strike if the enemy is in \
               the same space, a shot if it is within 8\" in clear sight. Each die showing your weapon hits; \
               cheese faces may be spent on re-rolls. Pointing at an enemy shows your odds.",
        learner: YOU,
        start: || start_of(&Options::default(), attack_start()),
        offered: |g, a| match a {
            Action::Activate(u) => usize::from(*u) == SQUAD,
            Action::Done => !g.legal_actions().iter().any(is_attack),
            Action::Move { .. }
            | Action::Scurry { .. }
            | Action::Pass
            | Action::Forage
            | Action::Play(_)
            | Action::CutLoose { .. } => false,
            _ => true,
        },
        hint: "Activate the mice squad, end its moves where it stands, then click a mouse and the enemy to attack.",
        highlight: |g| {
            if squad_ready(g) {
                vec![Action::Activate(SQUAD as u8)]
            } else {
                g.legal_actions().into_iter().filter(is_attack).collect()
            }
        },
        reply: calm,
        done: squad_done,
        failed: |_| None,
        par: 5,
        solution: |g| squad_step(g, can_attack, is_attack).or_else(|| calm(g)),
    },
    Lesson {
        id: "tail-feathers-foraging",
        title: "Forage for cheese",
        minutes: 1,
        section: "Additional rule: foraging",
        goal: "With foraging in play, a ground unit may spend its activation gathering food instead of moving or \
               attacking: one cheese for its side. A squad then activates up to its squad value of its figures \
               (three for the mice), whichever you choose; they do nothing else, and only they count as \
               activated. Activate your squad, forage, and choose the foragers.",
        learner: YOU,
        start: || start_of(&foraging(), forage_start()),
        offered: |g, a| match a {
            Action::Activate(u) => usize::from(*u) == SQUAD,
            Action::Forage => true,
            // Choosing the foragers, once the squad forages.
            Action::Hold(_) | Action::Done => {
                g.active_unit() == Some(SQUAD) && !g.legal_actions().contains(&Action::Forage)
            }
            _ => false,
        },
        hint: "Activate the mice squad, choose Forage before moving anyone, then activate up to three mice where \
               they stand (or choose Done after the first).",
        highlight: |g| {
            let legal = g.legal_actions();
            if squad_ready(g) {
                vec![Action::Activate(SQUAD as u8)]
            } else if legal.contains(&Action::Forage) {
                vec![Action::Forage]
            } else {
                legal.into_iter().filter(|a| matches!(a, Action::Hold(_))).collect()
            }
        },
        reply: calm,
        done: |g| g.cheese(YOU) > forage_start().state.cheese(YOU) && squad_done(g),
        failed: |_| None,
        par: 4,
        solution: |g| {
            if g.active_unit().is_none() {
                return Some(Action::Activate(SQUAD as u8));
            }
            let legal = g.legal_actions();
            if legal.contains(&Action::Forage) {
                return Some(Action::Forage);
            }
            // One forager, then done (Done is offered once one is chosen).
            if legal.contains(&Action::Done) {
                Some(Action::Done)
            } else {
                legal.into_iter().find(|a| matches!(a, Action::Hold(_)))
            }
        },
    },
    Lesson {
        id: "tail-feathers-hand",
        title: "Choose a hand of cards",
        minutes: 2,
        section: "Additional rule: action cards",
        goal: "With action cards in play each side chooses seven cards from its pool, in secret, before the \
               battle. A card names who may play it, when, and what it costs in cheese. Pick seven.",
        learner: YOU,
        start: || start_of(&cards(), cards_start()),
        offered: |_, a| matches!(a, Action::Pick(_)),
        hint: "Click cards of your pool to take them into your hand until you hold seven.",
        highlight: |_| Vec::new(),
        reply: calm,
        done: |g| g.hand(Alliance::Mice).cards.len() >= 7,
        failed: |_| None,
        par: 7,
        solution: |g| g.legal_actions().into_iter().find(|a| matches!(a, Action::Pick(_))),
    },
    Lesson {
        id: "tail-feathers-feathers",
        title: "Mind the feathers",
        minutes: 3,
        section: "Additional rule: tail feathers",
        goal: "With tail feathers in play a bird wounded in the air drops feather tokens; a flight that crosses one \
               takes it away but rattles the pilot. Activate your lit bird and fly to open air without crossing a \
               feather (the flight preview names every feather on the way).",
        learner: YOU,
        start: || start_of(&feathers(), feather_start()),
        offered: |_, a| match a {
            Action::Activate(u) => usize::from(*u) == unit_of(feather_bird()),
            Action::Pass => false,
            _ => true,
        },
        hint: "Activate the lit bird and pick a ring whose path crosses no tail feather.",
        highlight: |g| {
            let activate = Action::Activate(unit_of(feather_bird()) as u8);
            if g.check(&activate).is_ok() { vec![activate] } else { Vec::new() }
        },
        reply: calm,
        done: |g| {
            let f = feather_bird();
            g.is_activated(unit_of(f))
                && g.walking().is_none()
                && g.figure(f).place == Place::Air
                && g.bird(f).is_some_and(|b| !b.rattled)
                && !g
                    .legal_actions()
                    .iter()
                    .any(|a| matches!(a, Action::Fly(_) | Action::PilotingCheck | Action::SetTilt(_)))
        },
        failed: |g| {
            g.bird(feather_bird()).is_some_and(|b| b.rattled).then_some(
                "The flight crossed a tail feather (or hit something) and rattled the pilot: undo and pick a ring \
                 whose path crosses no feather.",
            )
        },
        par: 2,
        solution: |g| {
            let f = feather_bird();
            let list = if g.walking().is_none() {
                short_lists().into_iter().find(|l| clear_of_feathers(g, f, l))
            } else {
                None
            };
            fly_step(g, f, list, |_| Action::Continue)
        },
    },
    Lesson {
        id: "tail-feathers-spiral",
        title: "A death spiral",
        minutes: 3,
        section: "Additional rule: death spirals",
        goal: "With death spirals in play, a flight that first touches an enemy bird in the air ends there and the \
               two fight: each rolls battle plus melee, and the higher total wounds the other by the difference. \
               Activate your lit bird and fly into the enemy bird.",
        learner: YOU,
        start: || start_of(&spirals(), spiral_start()),
        offered: |_, a| match a {
            Action::Activate(u) => usize::from(*u) == unit_of(spiral_bird()),
            Action::Pass => false,
            _ => true,
        },
        hint: "Activate the lit bird and pick the ring that says it meets the enemy bird: a death spiral.",
        highlight: |g| {
            let activate = Action::Activate(unit_of(spiral_bird()) as u8);
            if g.check(&activate).is_ok() { vec![activate] } else { Vec::new() }
        },
        reply: calm,
        done: |g| {
            let start = &spiral_start().state;
            g.spiral_of(spiral_bird()).is_some()
                || UNIT_DEFS.iter().filter(|u| u.bird.is_some()).map(|u| u.first).any(|f| {
                    g.figure(f).wounds > start.figure(f).wounds
                        || (g.figure(f).place == Place::Casualty) != (start.figure(f).place == Place::Casualty)
                })
        },
        failed: |_| None,
        par: 3,
        solution: |g| {
            let f = spiral_bird();
            let list = if g.walking().is_none() { spiral_list(g, f) } else { None };
            fly_step(g, f, list, |_| Action::Continue)
        },
    },
    Lesson {
        id: "tail-feathers-leaf",
        title: "Cut a leaf loose",
        minutes: 2,
        section: "Additional rule: leaves",
        goal: "With leaves in play, a figure standing on a leaf may, instead of attacking, cut it loose and point \
               it at a space of another tree; the leaf drifts there (the wind may turn it) with everyone on it. \
               Activate your squad and cut the lit leaf loose.",
        learner: YOU,
        start: || start_of(&leaves(), leaf_start()),
        offered: |g, a| match a {
            Action::Activate(u) => usize::from(*u) == SQUAD,
            Action::Done => !g.legal_actions().iter().any(|a| matches!(a, Action::CutLoose { .. })),
            Action::Move { .. }
            | Action::Scurry { .. }
            | Action::Pass
            | Action::Forage
            | Action::Strike { .. }
            | Action::Shoot { .. } => false,
            _ => true,
        },
        hint: "Activate the mice squad, end its moves, then choose \"Cut the leaf loose\" for the mouse on the leaf \
               and click the space to point it at.",
        highlight: |g| {
            if squad_ready(g) { vec![Action::Activate(SQUAD as u8)] } else { Vec::new() }
        },
        reply: calm,
        done: squad_done,
        failed: |_| None,
        par: 6,
        solution: |g| squad_step(g, on_leaf, |a| matches!(a, Action::CutLoose { .. })).or_else(|| calm(g)),
    },
    Lesson {
        id: "tail-feathers-ballista",
        title: "Build the ballista",
        minutes: 2,
        section: "Additional rule: structures",
        goal: "With structures in play, the \"Build Ballista\" card lets a figure build its side's ballista in its \
               space instead of attacking (paid in cheese: the number on the card). Activate your squad and play the card: drag it from \
               your hand onto the lit mouse.",
        learner: YOU,
        start: || start_of(&structures(), ballista_start()),
        offered: |g, a| match a {
            Action::Activate(u) => usize::from(*u) == SQUAD,
            Action::Done => {
                !g.legal_actions().iter().any(|a| matches!(a, Action::Play(p) if p.card == ballista_card()))
            }
            Action::Play(p) => p.card == ballista_card(),
            Action::Move { .. }
            | Action::Scurry { .. }
            | Action::Pass
            | Action::Forage
            | Action::Strike { .. }
            | Action::Shoot { .. }
            | Action::CutLoose { .. } => false,
            _ => true,
        },
        hint: "Activate the mice squad, end its moves, then drag \"Build Ballista\" onto a mouse in a tree space \
               with room.",
        highlight: |g| {
            if squad_ready(g) { vec![Action::Activate(SQUAD as u8)] } else { Vec::new() }
        },
        reply: calm,
        done: |g| g.ballista(Alliance::Mice).is_some(),
        failed: |_| None,
        par: 4,
        solution: |g| {
            squad_step(g, can_build, |a| matches!(a, Action::Play(p) if p.card == ballista_card())).or_else(|| calm(g))
        },
    },
];
