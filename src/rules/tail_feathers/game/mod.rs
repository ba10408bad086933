//! Tail Feathers as a state machine of small actions: the core rules (TF-R1
//! to TF-R19 and TF-R21), and every additional rule as an option of the
//! game (TF-R20): foraging, tail feathers, death spirals, leaves, action
//! cards and structures (TF-R23 to TF-R28), with the shift and the veteran
//! marker the cards bring in (TF-R22).
//!
//! Every decision a player makes at the table is its own action of the
//! player who makes it: where each figure deploys, the secret mission and
//! initiative bid, each bird's tilt or launch, which unit to activate, the
//! piloting check, the template list, each crossing met along a flight
//! (perch, swoop, drop off, pick up, or go on), each figure's move and
//! attack, hit assignment, cheese re-rolls, dousing a nest, reviving, and
//! the final phase's choices (siege tree and spaces, patrol target, rescued
//! bird). Dice come from the state's RNG while an action is applied; the
//! initiative roll and the final phase (which reveals the missions) are
//! chance actions. What a seat may not know (the other side's mission type
//! until revealed, its bid until the roll, the RNG) is redacted by
//! [`Game::observation`].
//!
//! Our readings where the spec is silent are listed on the rules page
//! ("Our reading") and in [`READINGS`].
//!
//! This file holds the state (figures, birds, cards, the action list, the
//! phases) and the [`Game`] face; each chapter of the rulebook lives in its
//! own file: `round` (setup, deployment, missions and bids, tilt, initiative,
//! whose decision it is), `activation` (what an activated unit may do),
//! `flight` (templates, crossings, where a flight ends), `measuring`
//! (shapes, clear sight, range, targets), `combat` (dice, defence, cheese,
//! wounds), `final_phase` (fires, reserves, missions, the round's end),
//! `apply` (carrying out an action), `refusals` (which rule forbids what, and
//! why), `log_words` (the log's words), `invariants` and `arrange` (positions
//! set by hand for tests), `face` (the [`Game`] face).

use std::sync::LazyLock;

use serde::{Deserialize, Serialize};

use super::components::{
    Ability, Alliance, BIRDS, Battlefield, CHEESE_MAX, CLOSE_RANGE, GROUND, MissionKind, PILOTS, PilotCard,
    RANGED_RANGE, SAP_RUN_CHEESE, SPACE_SMALL, Size, scenario_one,
};
use super::dice::{self, Attack, Face};
use super::geometry::{
    BASE_RADIUS, HEADINGS, Heading, Laid, Length, Pose, Shape, TEMPLATES_OF_EACH, TURN_STEPS, Tilt, V2,
    any_clear_sight, clear_sight, distance, first_touch, lay, overlaps, pose_after, touches, truncated,
};
use super::trees::{self, Occupant};
use crate::rules::{Game, GameInfo, Outcome, Rng, RuleViolation, Seat, Setup, ToMove, words};

mod action_cards;
mod activation;
mod apply;
mod arrange;
mod ballista;
mod combat;
mod death_spiral;
mod face;
mod feathers;
mod final_phase;
mod flight;
mod foraging;
mod invariants;
mod leaves;
mod log_words;
mod measuring;
mod refusals;
mod round;
mod well_formed;

pub use action_cards::{Aim, Hand, Play};
pub use ballista::Ballista;
pub use combat::AttackOdds;
pub use death_spiral::Spiral;
pub use feathers::Feather;
pub use flight::{Crossing, FlightEnding, FlightOutcome, FlightPlan, off_battlefield, tree_name};
pub use leaves::{Leaf, hole_span, leaf_name, leaf_outline, leaf_outline_along, leaf_space, leaf_tree, tree_of};
pub use log_words::{Event, event_words, figure_name, kind_name, space_name, target_name, unit_name};
pub use refusals::half_made;

/// Scenario 1's battlefield, built once.
pub static FIELD: LazyLock<Battlefield> = LazyLock::new(scenario_one);

/// The mission spots a card may use on Scenario 1, worked out once.
static USABLE_SPOTS: LazyLock<Vec<usize>> = LazyLock::new(|| FIELD.usable_mission_spots());

/// The battlefield every game is played on.
#[must_use]
pub fn field() -> &'static Battlefield {
    &FIELD
}

/// A figure's number: 0–2 the mice's birds, 3–8 the mice's squad, 9–10
/// the rats' birds, 11–16 the rats' squad, 17 the rats' hero.
pub type Fig = u8;
/// Figures in all.
pub const FIGURES: usize = 18;
/// Units in all.
pub const UNITS: usize = 8;

/// A unit: its side, its bird (index into [`BIRDS`], with its pilot's two
/// rank cards at `2 × pilot` and `2 × pilot + 1` of [`PILOTS`]) or its
/// ground card (index into [`GROUND`]), and its figures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct UnitDef {
    /// Whose.
    pub side: Alliance,
    /// A bird and its pilot: (bird card, pilot number).
    pub bird: Option<(usize, usize)>,
    /// A ground unit's card.
    pub ground: Option<usize>,
    /// Its figures: `first..first + count`.
    pub first: Fig,
    /// How many figures.
    pub count: u8,
}

const fn bird_unit(side: Alliance, bird: usize, pilot: usize, fig: Fig) -> UnitDef {
    UnitDef { side, bird: Some((bird, pilot)), ground: None, first: fig, count: 1 }
}

const fn ground_unit(side: Alliance, card: usize, first: Fig, count: u8) -> UnitDef {
    UnitDef { side, bird: None, ground: Some(card), first, count }
}

/// The units of both forces, mice first.
pub const UNIT_DEFS: [UnitDef; UNITS] = [
    bird_unit(Alliance::Mice, 0, 0, 0),
    bird_unit(Alliance::Mice, 1, 1, 1),
    bird_unit(Alliance::Mice, 2, 2, 2),
    ground_unit(Alliance::Mice, 0, 3, 6),
    bird_unit(Alliance::Rats, 3, 3, 9),
    bird_unit(Alliance::Rats, 4, 4, 10),
    ground_unit(Alliance::Rats, 1, 11, 6),
    ground_unit(Alliance::Rats, 2, 17, 1),
];

/// The unit a figure belongs to.
#[must_use]
pub fn unit_of(f: Fig) -> usize {
    UNIT_DEFS.iter().position(|u| f >= u.first && f < u.first + u.count).unwrap_or(0)
}

/// The side of a seat: seat 0 plays the mice.
#[must_use]
pub fn side_of_seat(seat: Seat) -> Alliance {
    if seat.0 == 0 { Alliance::Mice } else { Alliance::Rats }
}

/// The seat of a side.
#[must_use]
pub fn seat_of(side: Alliance) -> Seat {
    Seat(match side {
        Alliance::Mice => 0,
        Alliance::Rats => 1,
    })
}

/// The other seat.
#[must_use]
pub fn other(seat: Seat) -> Seat {
    Seat(1 - seat.0)
}

/// A side's name.
#[must_use]
pub fn side_name(side: Alliance) -> &'static str {
    match side {
        Alliance::Mice => "Mice",
        Alliance::Rats => "Rats",
    }
}

/// Bird figures, in order.
pub const BIRD_FIGS: [Fig; 5] = [0, 1, 2, 9, 10];

/// The index of a bird figure in [`BIRD_FIGS`].
#[must_use]
pub fn bird_index(f: Fig) -> Option<usize> {
    BIRD_FIGS.iter().position(|&b| b == f)
}

/// The rules options chosen in the new-game dialog.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
#[allow(clippy::struct_excessive_bools, reason = "each option is its own yes-or-no in the new-game dialog")]
pub struct Options {
    /// Every pilot flies at their higher rank card.
    pub veterans: bool,
    /// Each pilot (in unit order: Tansy, Burdock, Wren, Grist, Mallow)
    /// flies at the higher of their two rank cards (picked at setup);
    /// otherwise at the lower.
    pub higher: [bool; 5],
    /// Announce the template list before seeing where a flight ends, as at
    /// the table (the view hides the ghosts); the rules are the same.
    pub announce_first: bool,
    /// Additional rule: foraging (TF-R23).
    pub foraging: bool,
    /// Additional rule: tail feathers (TF-R24).
    pub feathers: bool,
    /// Additional rule: death spirals (TF-R25).
    pub death_spirals: bool,
    /// Additional rule: leaves (TF-R26).
    pub leaves: bool,
    /// Additional rule: action cards (TF-R27).
    pub action_cards: bool,
    /// Additional rule: structures, the ballista (TF-R28; needs action
    /// cards, since a card builds it).
    pub structures: bool,
}

impl Options {
    /// Every additional rule on (TF-R23 to TF-R28), the rest as default.
    #[must_use]
    pub fn every_additional_rule() -> Self {
        Self {
            foraging: true,
            feathers: true,
            death_spirals: true,
            leaves: true,
            action_cards: true,
            structures: true,
            ..Self::default()
        }
    }

    /// The additional rules in play, in the rulebook's order, as the table
    /// names them ("foraging").
    #[must_use]
    pub fn additional_rules(&self) -> Vec<&'static str> {
        [
            (self.foraging, "foraging"),
            (self.feathers, "tail feathers"),
            (self.death_spirals, "death spirals"),
            (self.leaves, "leaves"),
            (self.action_cards, "action cards"),
            (self.action_cards && self.structures, "structures"),
        ]
        .into_iter()
        .filter(|x| x.0)
        .map(|x| x.1)
        .collect()
    }
}

/// Where a figure is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Place {
    /// Not deployed yet.
    Unplaced,
    /// In a space (a perched bird too).
    Space(u8),
    /// Flying (birds; the pose is the bird's).
    Air,
    /// In its side's mission box.
    Mission,
    /// In the reserves box.
    Reserves,
    /// In the casualty pile.
    Casualty,
    /// On a bird's card, carried.
    Carried(Fig),
}

impl Place {
    /// On the battlefield (available, TF: "Available vs. Unavailable").
    #[must_use]
    pub fn on_battlefield(self) -> bool {
        matches!(self, Place::Space(_) | Place::Air)
    }
}

/// A figure's state.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Figure {
    /// Where it is.
    pub place: Place,
    /// Wound markers (heroes and birds).
    pub wounds: u8,
    /// Lying down (TF-R18).
    pub immobilized: bool,
    /// On fire (TF-R18).
    pub on_fire: bool,
}

/// A bird's own state beside its figure's.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Bird {
    /// Where its base is and where it faces (flying or launching; a perched
    /// bird's base sits at its space's perch point, facing this way).
    pub pose: Pose,
    /// Its tilt.
    pub tilt: Tilt,
    /// Its pilot is rattled.
    pub rattled: bool,
    /// Perched, launching this round (TF-R3).
    pub launching: bool,
    /// The small figure it carries.
    pub passenger: Option<Fig>,
}

/// A side's mission card this round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct MissionCard {
    /// Its type; `None` in an observation that may not know it.
    pub kind: Option<MissionKind>,
    /// Where it lies (index into the battlefield's mission spots).
    pub spot: Option<u8>,
    /// Face up.
    pub revealed: bool,
}

/// A secret choice as a seat sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Secret<T> {
    /// Not chosen yet.
    Open,
    /// Chosen (and known to this observer).
    Chosen(T),
    /// Chosen, but hidden from this observer.
    Hidden,
}

/// What an attack or a swoop is aimed at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Target {
    /// A figure.
    Figure(Fig),
    /// A side's nest.
    Nest(Alliance),
    /// A side's mission (swoops only).
    Mission(Alliance),
    /// A side's ballista (TF-R28).
    Ballista(Alliance),
    /// A space (swoops only: a group attack on what stands there).
    Space(u8),
}

/// What a full cheese wheel lets a player bring back (TF-R16).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Revival {
    /// The hero.
    Hero,
    /// This many squad figures (1–3).
    Squad(u8),
}

/// One decision.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Place a figure on the home tree (TF-R21).
    Deploy {
        /// The figure.
        figure: Fig,
        /// The space.
        space: u8,
    },
    /// Choose a mission card in secret, or none (TF-R2).
    Mission(Option<MissionKind>),
    /// Lay the chosen card on a mission spot (TF-R2).
    PlaceMission(u8),
    /// Send a figure from the home tree to the mission box (TF-R2).
    Send(Fig),
    /// Finish the current step (sending, moving, acting, dousing, reviving).
    Done,
    /// Set a flying bird's tilt for the round (TF-R3).
    Tilt {
        /// The bird.
        bird: Fig,
        /// The tilt.
        tilt: Tilt,
    },
    /// Launch a perched bird: its heading and one of its space's launch
    /// points (TF-R3).
    Launch {
        /// The bird.
        bird: Fig,
        /// Heading, 0..24.
        heading: u8,
        /// Launch point, 0..5.
        point: u8,
    },
    /// Keep a perched bird perched this round (TF-R3).
    Stay(Fig),
    /// Extra initiative dice bought in secret (TF-R4).
    Bid(u8),
    /// Reveal the bids and roll for initiative (chance).
    RollInitiative,
    /// Nothing to activate: pass and gain a cheese (TF-R5).
    Pass,
    /// Activate a unit (TF-R5).
    Activate(u8),
    /// Roll the piloting check (TF-R9).
    PilotingCheck,
    /// After a passed piloting check: the tilt for this flight (TF-R9).
    SetTilt(Tilt),
    /// Pick up a small friendly figure to carry (TF-R10).
    PickUp(Fig),
    /// Fly: the announced template list (TF-R9).
    Fly(Vec<Length>),
    /// Perch on the space being crossed (TF-R9).
    Perch,
    /// Swoop on what is being crossed (TF-R14).
    Swoop,
    /// Drop the passenger on the space being crossed (TF-R10).
    DropOff,
    /// Go on past this crossing.
    Continue,
    /// After perching: where the passenger goes (`None`: the casualty pile).
    Unload(Option<u8>),
    /// Move a figure of the activated unit (TF-R7).
    Move {
        /// The figure.
        figure: Fig,
        /// Where it ends.
        to: u8,
    },
    /// Activate a squad figure without moving it.
    Hold(Fig),
    /// Forage with the activated ground unit instead of moving or
    /// attacking: one cheese (TF-R23, an additional rule).
    Forage,
    /// Cut the leaf a figure stands on loose, in place of its attack, and
    /// point it at a space of another tree (TF-R26, an additional rule).
    CutLoose {
        /// The figure.
        figure: Fig,
        /// The space the leaf is pointed at.
        toward: u8,
    },
    /// Spend an immobilized figure's activation standing up (TF-R18).
    Stand(Fig),
    /// Scurry: move again instead of attacking (TF-R6).
    Scurry {
        /// The figure.
        figure: Fig,
        /// Where it ends.
        to: u8,
    },
    /// A melee attack (TF-R11).
    Strike {
        /// The attacker.
        figure: Fig,
        /// The target.
        target: Target,
    },
    /// A ranged attack (TF-R11).
    Shoot {
        /// The attacker.
        figure: Fig,
        /// The target.
        target: Target,
    },
    /// Re-roll this many excess cheese faces (TF-R13).
    Reroll(u8),
    /// Give the next hit of a group attack to a target (TF-R15).
    AssignHit(Target),
    /// Try to put out a fire on the nest this figure stands in (TF-R18).
    Douse(Fig),
    /// Revive with a full cheese wheel (TF-R16).
    Revive(Revival),
    /// Initiative tie or mission reveal: the final phase begins (chance).
    FinalPhase,
    /// Siege: the tree the mission lands on (TF-R17).
    Siege(u8),
    /// Siege: the space for the next figure (TF-R17).
    SiegeTo(u8),
    /// Patrol: the enemy bird to shoot at (TF-R17).
    Patrol(Fig),
    /// Rescue: the bird to bring back (TF-R17).
    Rescue(Fig),
    /// Pick a card for the hand at setup, in secret (TF-R27).
    Pick(u8),
    /// Play an action card (TF-R27).
    Play(Play),
    /// Play no card in the attack window (TF-R27).
    NoCard,
    /// Both sides played a card at once: this seat's resolves first (the
    /// first player's choice, TF-R27).
    First(u8),
    /// Activate the ballista: one bolt at a target (TF-R28).
    Loose(Target),
    /// Patrol: a drifting leaf (its space) holding enemy figures, a ranged
    /// group attack on them (TF-R17 with leaves, TF-R26).
    PatrolLeaf(u8),
    /// Activate the ballista when it has no target: it does nothing, but
    /// it is the side's activation (TF-R28).
    Idle,
}

/// The round's phases (TF-R1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Phase {
    /// Setting up the forces (TF-R21).
    Deploy,
    /// Missions (TF-R2).
    Mission,
    /// Tilts and launches (TF-R3).
    Tilt,
    /// Initiative and activations (TF-R4 to TF-R16).
    Activation,
    /// Reinforce, missions, refresh (TF-R17).
    Final,
    /// The game is over.
    Over,
}

/// A walk along a flight in progress.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
struct Walk {
    plan: FlightPlan,
    /// The next crossing to resolve.
    next: usize,
    /// The current crossing's options already used.
    swooped_here: bool,
    dropped_here: bool,
}

/// Where an activation is.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
enum Step {
    /// A flying or launching bird: piloting check, pick-up or flight.
    Check,
    /// A passed piloting check: choose the tilt.
    SetTilt,
    /// Pick-up (if none yet) or the flight.
    Fly,
    /// Walking the flight.
    Walk(Box<Walk>),
    /// Perched with a passenger: where it goes.
    Unload,
    /// Ground figures moving.
    Moves,
    /// A foraging squad: its player chooses which of its figures are
    /// activated (TF-R23).
    Forage,
    /// Scurry or attack.
    Acts,
    /// Fire out of the nest.
    Douse,
    /// Revive.
    Revive,
}

/// An activation in progress.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[allow(clippy::struct_excessive_bools, reason = "the activation's own flags, each a rule's memory")]
struct Activation {
    unit: u8,
    step: Step,
    /// Figures activated (squads), in order.
    figures: Vec<Fig>,
    /// Those that did not move (steady aim).
    held: Vec<Fig>,
    /// Those that stood up, scurried or attacked.
    acted: Vec<Fig>,
    /// Those that tried to douse.
    doused: Vec<Fig>,
    swooped: bool,
    rattled_at_start: bool,
    began_perched: bool,
    dropped: bool,
    picked: bool,
    /// What touched the bird's base when the activation began (no swoop).
    touching: Vec<Target>,
    /// The bird entered or fought a death spiral: no normal attack
    /// (TF-R25).
    spiralled: bool,
    /// What the action cards played this activation still give (TF-R27).
    boost: action_cards::Boost,
}

/// An attack being resolved.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[allow(clippy::struct_excessive_bools, reason = "the attack's own flags, each a rule's memory")]
struct Combat {
    attacker: Seat,
    by: Option<Fig>,
    kind: Attack,
    dice: Vec<Face>,
    /// Waiting for the roller's re-roll choice: (who, how many may be).
    reroll: Option<(Seat, u8)>,
    rerolled_attack: bool,
    /// Which attack dice have been re-rolled once already (for any reason:
    /// cheese or a card); such a die is never re-rolled again.
    #[serde(default)]
    rerolled: Vec<bool>,
    hits: u8,
    candidates: Vec<Target>,
    assigned: Vec<(Target, u8)>,
    /// The next assigned target to defend.
    defending: usize,
    /// Defence dice of the current defender, once rolled.
    defence: Option<Vec<Face>>,
    /// The attack's star (for pinning and firebrand).
    star: bool,
    /// The attack window has been offered (TF-R27).
    window_done: bool,
    /// Defence dice more, by unit, from cards played in the window.
    defence_bonus: Vec<(u8, u8)>,
    /// A hit sets the target on fire (a card, TF-R27).
    alight: bool,
}

/// The final phase's steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
enum Final {
    /// Resolving missions of this kind for this seat.
    Mission(MissionKind, Seat),
    /// Siege: placing the figures on this tree.
    SiegeOn(Seat, u8),
}

/// A game of Tail Feathers.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct TailFeathers {
    options: Options,
    rng: Rng,
    /// The round, from 1.
    round: u8,
    phase: Phase,
    /// The first player (the initiative winner; at first drawn).
    first: Seat,
    figures: [Figure; FIGURES],
    birds: [Bird; 5],
    cheese: [u8; 2],
    nest: [u8; 2],
    nest_fire: [u8; 2],
    activated: [bool; UNITS],
    /// This round's mission choices (secret until placed) and cards.
    pick: [Secret<Option<MissionKind>>; 2],
    cards: [Option<MissionCard>; 2],
    /// The seat now sending figures on its mission.
    sending: Option<Seat>,
    /// Birds whose tilt or launch is decided this round.
    tilted: [bool; 5],
    bids: [Secret<u8>; 2],
    /// Whose turn it is in the activation phase.
    turn: Seat,
    activation: Option<Box<Activation>>,
    combat: Option<Box<Combat>>,
    /// Seats that have sent their mission figures this round.
    sent: [bool; 2],
    /// The initiative has been rolled this round.
    rolled: bool,
    /// A final-phase decision awaited.
    fin: Option<Final>,
    /// The final phase's place in the missions (kind × turn order), and
    /// whether that mission has begun; `None` before the phase begins.
    fin_at: Option<(u8, bool)>,
    outcome: Option<Outcome>,
    /// Tail-feather tokens on the battlefield (TF-R24), and the number the
    /// next one dropped takes.
    feathers: Vec<Feather>,
    next_feather: u16,
    /// Death spirals on the battlefield, and a spiral battle waiting for a
    /// re-roll (TF-R25).
    spirals: Vec<Spiral>,
    battle: Option<Box<death_spiral::SpiralBattle>>,
    /// The leaves, by connection point (TF-R26; empty without the rule).
    leaves: Vec<Leaf>,
    /// Each side's action cards (TF-R27; empty without the rule).
    hands: [Hand; 2],
    /// The attack window waiting for the secret card choices (TF-R27).
    window: Option<Box<action_cards::Window>>,
    /// Each side's ballista (TF-R28), and whether it was destroyed.
    ballistas: [Option<Ballista>; 2],
    ballista_lost: [bool; 2],
    /// The figure carrying each side's veteran marker (TF-R22).
    veterans: [Option<Fig>; 2],
    /// What the last action did.
    events: Vec<Event>,
    /// The legal actions, worked out once per state.
    #[serde(skip)]
    memo: Memo,
}

/// A state's legal actions, computed on first use. Not part of the state:
/// equal states compare equal whatever their memos hold.
#[derive(Default)]
struct Memo(std::sync::OnceLock<Vec<Action>>);

impl Clone for Memo {
    fn clone(&self) -> Self {
        let m = Memo::default();
        if let Some(v) = self.0.get() {
            let _ = m.0.set(v.clone());
        }
        m
    }
}

impl PartialEq for Memo {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl std::fmt::Debug for Memo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Memo")
    }
}

/// Our readings of what the spec leaves open, for the rules page and the
/// closing note.
pub const READINGS: &[&str] = &[
    "A flight's first template starts at the front of the base; at each maneuver point the base sits at the end of the template just laid, facing along it.",
    "Clear sight is tried from 24 points round each base's edge (and the point facing the other) or a space's corners and edge midpoints; a line that only grazes an obstacle is clear.",
    "A template or base that meets a polygon (a space, trunk or card) touches it; only two round bases can overlap.",
    "A crossing's place along a flight is where a template first touches it, counted along the templates from the base's front.",
    "A trunk stops a bird where its base first touches the trunk, moved back along its path until it overlaps no flying base.",
    "A launching bird is still a ground figure: a flight may end over it (nobody is wounded, nothing is cut short), and it then moves to the nearest of its launch points clear of the flying bird, staying put when there is none; no bird launches onto another's base.",
    "A bird that would end on a flying bird and also crossed it takes the ending wound only, not a second one for passing through.",
    "Cheese re-rolls: the roller chooses how many excess cheese faces to re-roll; a re-rolled face gives no cheese.",
    "A swoop may be made on an enemy space, the enemy nest or an enemy mission card that is face down or face up with figures on it.",
    "A figure on fire rolls at the end of its own activation; a figure standing in a burning nest may try to douse it (any nest).",
    "Squad figures are activated one at a time by moving, holding or standing; the activation's attacks come after all its moves.",
    "The round limit is checked at the end of the final phase of round 12: more nest life left wins, equal is a draw.",
];

fn new_figure() -> Figure {
    Figure { place: Place::Unplaced, wounds: 0, immobilized: false, on_fire: false }
}

impl TailFeathers {
    /// The round (from 1).
    #[must_use]
    pub fn round(&self) -> u8 {
        self.round
    }

    /// The initiative has been rolled this round: who goes first is then
    /// [`Self::first_player`] (before, it is last round's).
    #[must_use]
    pub fn initiative_rolled(&self) -> bool {
        self.rolled
    }

    /// The phase.
    #[must_use]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The options.
    #[must_use]
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The first player.
    #[must_use]
    pub fn first_player(&self) -> Seat {
        self.first
    }

    /// A figure's state.
    #[must_use]
    pub fn figure(&self, f: Fig) -> &Figure {
        &self.figures[usize::from(f)]
    }

    /// A bird's state (by figure).
    #[must_use]
    pub fn bird(&self, f: Fig) -> Option<&Bird> {
        bird_index(f).map(|i| &self.birds[i])
    }

    /// A seat's cheese.
    #[must_use]
    pub fn cheese(&self, seat: Seat) -> u8 {
        self.cheese[seat.index()]
    }

    /// A side's nest life left.
    #[must_use]
    pub fn nest_life(&self, side: Alliance) -> u8 {
        self.nest[seat_of(side).index()]
    }

    /// Fire markers on a side's nest.
    #[must_use]
    pub fn nest_fire(&self, side: Alliance) -> u8 {
        self.nest_fire[seat_of(side).index()]
    }

    /// True when the unit has been activated this round.
    #[must_use]
    pub fn is_activated(&self, unit: usize) -> bool {
        self.activated[unit]
    }

    /// A side's mission card this round.
    #[must_use]
    pub fn mission(&self, side: Alliance) -> Option<MissionCard> {
        self.cards[seat_of(side).index()]
    }

    /// A seat's secret bid, as this state knows it.
    #[must_use]
    pub fn bid(&self, seat: Seat) -> Secret<u8> {
        self.bids[seat.index()]
    }

    /// A seat's secret mission choice, as this state knows it.
    #[must_use]
    pub fn mission_pick(&self, seat: Seat) -> Secret<Option<MissionKind>> {
        self.pick[seat.index()]
    }

    /// What the last action did.
    #[must_use]
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// The unit being activated.
    #[must_use]
    pub fn active_unit(&self) -> Option<usize> {
        self.activation.as_ref().map(|a| usize::from(a.unit))
    }

    /// The flight being walked and the crossing waiting for a decision.
    #[must_use]
    pub fn walking(&self) -> Option<(&FlightPlan, Option<Crossing>)> {
        let act = self.activation.as_ref()?;
        match &act.step {
            Step::Walk(w) => Some((&w.plan, w.plan.crossings.get(w.next).map(|c| c.1))),
            _ => None,
        }
    }

    /// While a flight is being walked, how many crossings lie ahead after
    /// the one now met (0 when none is met, or it is the last).
    #[must_use]
    pub fn crossings_after(&self) -> usize {
        match self.activation.as_ref().map(|a| &a.step) {
            Some(Step::Walk(w)) => w.plan.crossings.len().saturating_sub(w.next + 1),
            _ => 0,
        }
    }

    /// While the secret choices of the moment are being made (mission
    /// cards, or initiative bids), the choices `seat` has or had: all six
    /// cards and none (none only, with no figure to send), or 0 to 3 extra
    /// dice within its cheese. Empty at any other time.
    #[must_use]
    pub fn secret_choices(&self, seat: Seat) -> Vec<Action> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        if self.phase == Phase::Mission && self.chooser().is_some() {
            let mut out = vec![Action::Mission(None)];
            if !self.eligible_for_mission(seat).is_empty() {
                out.extend(super::components::MISSIONS.into_iter().map(|k| Action::Mission(Some(k))));
            }
            return out;
        }
        if self.bidder().is_some() {
            return (0..=self.cheese[seat.index()].min(3)).map(Action::Bid).collect();
        }
        Vec::new()
    }

    /// For a search's supposed world: takes back `seat`'s secret choice of
    /// the moment (its mission card pick or its bid), so the search can try
    /// each of the answers `seat` might have given. A determinized copy
    /// holds a sampled guess there, never the real choice.
    pub fn suppose_unchosen(&mut self, seat: Seat) {
        if self.phase == Phase::Mission && self.chooser().is_some() {
            self.pick[seat.index()] = Secret::Open;
        } else if self.bidder().is_some() {
            self.bids[seat.index()] = Secret::Open;
        }
        self.memo = Memo::default();
    }

    /// True when a combat waits for a decision.
    #[must_use]
    pub fn in_combat(&self) -> bool {
        self.combat.is_some()
    }

    /// The pilot card a bird unit flies with.
    #[must_use]
    pub fn pilot_card(&self, unit: usize) -> Option<&'static PilotCard> {
        UNIT_DEFS[unit].bird.map(|(_, p)| &PILOTS[2 * p + usize::from(self.options.veterans || self.options.higher[p])])
    }

    /// A unit's life (bird life + pilot bonus; a hero's; 1 for squads).
    #[must_use]
    pub fn life(&self, unit: usize) -> u8 {
        let u = &UNIT_DEFS[unit];
        match (u.bird, u.ground) {
            (Some((b, _)), _) => BIRDS[b].life + self.pilot_card(unit).map_or(0, |p| p.bonus_life),
            (None, Some(g)) => GROUND[g].life,
            _ => 1,
        }
    }

    fn size(f: Fig) -> Size {
        if bird_index(f).is_some() { Size::Large } else { Size::Small }
    }

    fn side(f: Fig) -> Alliance {
        UNIT_DEFS[unit_of(f)].side
    }

    /// Who stands in space `s` (perched birds too), by figure.
    #[must_use]
    pub fn in_space(&self, s: u8) -> Vec<Fig> {
        (0..FIGURES as u8).filter(|&f| self.figures[usize::from(f)].place == Place::Space(s)).collect()
    }

    fn occupants(&self, s: usize, except: Option<Fig>) -> Vec<Occupant> {
        self.in_space(s as u8)
            .into_iter()
            .filter(|&f| Some(f) != except)
            .map(|f| Occupant::figure(Self::side(f), Self::size(f)))
            .chain(self.structures_in(s))
            .collect()
    }

    /// The figures of a side in its mission box.
    #[must_use]
    pub fn mission_box(&self, side: Alliance) -> Vec<Fig> {
        (0..FIGURES as u8)
            .filter(|&f| Self::side(f) == side && self.figures[usize::from(f)].place == Place::Mission)
            .collect()
    }

    fn home_tree(side: Alliance) -> usize {
        field().trees.iter().position(|t| t.home == Some(side)).unwrap_or(0)
    }

    /// The nest space of a side.
    #[must_use]
    pub fn nest_space(side: Alliance) -> u8 {
        field().spaces.iter().position(|s| s.nest == Some(side)).unwrap_or(0) as u8
    }

    fn nest_standing(&self, side: Alliance) -> bool {
        self.nest[seat_of(side).index()] > 0
    }
}
