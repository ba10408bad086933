//! Tail Feathers as a state machine of small actions (TF-R1 to TF-R19 and
//! TF-R21; the additional rules of TF-R20 and TF-R22 are not here yet).
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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
}

/// Where a figure is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
#[derive(Clone, Copy, Debug, PartialEq)]
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
#[derive(Clone, Copy, Debug, PartialEq)]
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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MissionCard {
    /// Its type; `None` in an observation that may not know it.
    pub kind: Option<MissionKind>,
    /// Where it lies (index into the battlefield's mission spots).
    pub spot: Option<u8>,
    /// Face up.
    pub revealed: bool,
}

/// A secret choice as a seat sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
}

/// The round's phases (TF-R1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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

/// A crossing met along a flight.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Crossing {
    /// A tree space (or nest).
    Space(u8),
    /// A side's mission card.
    Mission(Alliance),
    /// A tree's trunk (its index).
    Trunk(u8),
    /// A flying bird.
    Flyer(Fig),
    /// A maneuver point (after this template).
    Maneuver(u8),
}

/// A flight worked out before it is flown: its templates, how many are
/// kept (TF-R9 truncation), where it would end, and the crossings met along
/// the kept path in order, with their distance along the templates.
#[derive(Clone, Debug, PartialEq)]
pub struct FlightPlan {
    /// Where it starts.
    pub start: Pose,
    /// Every template of the list as laid.
    pub laid: Vec<Laid>,
    /// Templates kept (the rest would end on a flying base).
    pub kept: usize,
    /// The flying figure it would have ended on, if truncated.
    pub ended_on: Option<Fig>,
    /// Where it ends if nothing stops it earlier.
    pub end: Pose,
    /// The crossings in the order met.
    pub crossings: Vec<(f64, Crossing)>,
}

/// An attack before it is made ([`TailFeathers::attack_odds`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AttackOdds {
    /// Melee or ranged.
    pub kind: Attack,
    /// Attack dice.
    pub dice: u8,
    /// The target's defence dice.
    pub defence: u8,
    /// The distance between the two (inches), if both are on the table.
    pub distance: Option<f64>,
    /// True when there is clear sight between them.
    pub clear_sight: bool,
    /// The wounds to expect.
    pub expected_wounds: f64,
}

/// How a flight ends ([`TailFeathers::flight_outcome`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FlightEnding {
    /// Where its templates end.
    Ends,
    /// Cut short before this flying bird (TF-R9).
    CutShort(Fig),
    /// Stopped by this tree's trunk: 2 wounds and a rattled pilot.
    Crashes(u8),
    /// Off the battlefield: the bird is lost.
    Off,
}

/// Where a flight would really leave its bird.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FlightOutcome {
    /// The bird's base there.
    pub at: Pose,
    /// How far along the templates' path it gets (inches).
    pub flown: f64,
    /// What happens there.
    pub ending: FlightEnding,
    /// The wounds it takes on the way and there.
    pub wounds: u8,
}

impl FlightOutcome {
    /// In words, for the preview and screen readers: "crashes into the
    /// Sapling's trunk: 2 wounds, rattled".
    #[must_use]
    pub fn words(&self) -> String {
        let hurt = |n: u8| match n {
            0 => String::new(),
            1 => ": 1 wound".to_string(),
            n => format!(": {n} wounds"),
        };
        match self.ending {
            FlightEnding::Crashes(t) => format!("crashes into {}'s trunk{}, rattled", tree_name(t), hurt(self.wounds)),
            FlightEnding::Off => "flies off the battlefield: the bird is lost".to_string(),
            FlightEnding::CutShort(f) => format!("cut short before {}{}", figure_name(f), hurt(self.wounds)),
            FlightEnding::Ends if self.wounds > 0 => format!("ends here{}", hurt(self.wounds)),
            FlightEnding::Ends => "ends here".to_string(),
        }
    }
}

/// True when a base centred at `c` is off the battlefield (TF-R9: its
/// centre a base's radius or more beyond the edge).
#[must_use]
pub fn off_battlefield(c: V2) -> bool {
    let s = field().size;
    c.dist(V2::new(c.x.clamp(0.0, s), c.y.clamp(0.0, s))) >= BASE_RADIUS
}

/// A tree's name ("the Sapling", "the Hollow Oak").
#[must_use]
pub fn tree_name(t: u8) -> String {
    let name = field().trees.get(usize::from(t)).map_or("a tree", |tree| tree.name);
    let short = name.split(": ").last().unwrap_or(name);
    match short.strip_prefix("The ") {
        Some(rest) => format!("the {rest}"),
        None => short.to_string(),
    }
}

/// A walk along a flight in progress.
#[derive(Clone, Debug, PartialEq)]
struct Walk {
    plan: FlightPlan,
    /// The next crossing to resolve.
    next: usize,
    /// The current crossing's options already used.
    swooped_here: bool,
    dropped_here: bool,
}

/// Where an activation is.
#[derive(Clone, Debug, PartialEq)]
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
    /// Scurry or attack.
    Acts,
    /// Fire out of the nest.
    Douse,
    /// Revive.
    Revive,
}

/// An activation in progress.
#[derive(Clone, Debug, PartialEq)]
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
}

/// An attack being resolved.
#[derive(Clone, Debug, PartialEq)]
struct Combat {
    attacker: Seat,
    by: Option<Fig>,
    kind: Attack,
    dice: Vec<Face>,
    /// Waiting for the roller's re-roll choice: (who, how many may be).
    reroll: Option<(Seat, u8)>,
    rerolled_attack: bool,
    hits: u8,
    candidates: Vec<Target>,
    assigned: Vec<(Target, u8)>,
    /// The next assigned target to defend.
    defending: usize,
    /// Defence dice of the current defender, once rolled.
    defence: Option<Vec<Face>>,
    /// The attack's star (for pinning and firebrand).
    star: bool,
}

/// The final phase's steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Final {
    /// Resolving missions of this kind for this seat.
    Mission(MissionKind, Seat),
    /// Siege: placing the figures on this tree.
    SiegeOn(Seat, u8),
}

/// Something that happened in the last action, for the log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// Dice rolled.
    Rolled {
        /// Whose.
        seat: Seat,
        /// What for.
        what: &'static str,
        /// The faces.
        faces: Vec<Face>,
    },
    /// Hits counted.
    Hits(u8),
    /// Blocks rolled by a target.
    Blocks(Target, u8),
    /// Wounds dealt.
    Wounds(Target, u8),
    /// A figure defeated.
    Defeated(Fig),
    /// A nest destroyed.
    NestDestroyed(Alliance),
    /// Cheese gained.
    Cheese(Seat, u8),
    /// A pilot rattled.
    Rattled(Fig),
    /// Set on fire / put out.
    Fire(Target, bool),
    /// Immobilized.
    Immobilized(Fig),
    /// A mission revealed.
    Revealed(Alliance, MissionKind),
    /// Initiative totals and the first player.
    Initiative(u32, u32, Seat),
    /// A flight stopped by a trunk.
    Crashed(Fig),
    /// A flight shortened so as not to end on a flying bird.
    Truncated(Fig, usize),
    /// A bird flew off the battlefield.
    Off(Fig),
    /// Figures sent home.
    Home(Alliance, u8),
    /// Text.
    Note(String),
}

/// A game of Tail Feathers.
#[derive(Clone, Debug, PartialEq)]
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
    /// What the last action did.
    events: Vec<Event>,
    /// The legal actions, worked out once per state.
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

    /// The tilts a bird's next flight may use: those it may surely fly at,
    /// and those only a passed piloting check would open. A bird whose tilt
    /// is set for this round (tilt phase done, not yet flown) flies at it
    /// unless its pilot passes a check; a bird that will meet another tilt
    /// phase first may lean one step either way.
    #[must_use]
    pub fn next_flight_tilts(&self, f: Fig) -> (Vec<Tilt>, Vec<Tilt>) {
        let Some(b) = self.bird(f) else { return (Vec::new(), Vec::new()) };
        let unit = unit_of(f);
        let near = |t: Tilt| -> Vec<Tilt> {
            [Tilt::Left, Tilt::Centre, Tilt::Right]
                .into_iter()
                .filter(|x| (x.steps() - t.steps()).abs() <= TURN_STEPS)
                .collect()
        };
        let own = self.activation.as_ref().filter(|a| usize::from(a.unit) == unit).map(|a| &a.step);
        let settled = match self.phase {
            Phase::Tilt => bird_index(f).is_some_and(|i| self.tilted[i]),
            Phase::Activation => match own {
                Some(Step::SetTilt) => return (near(b.tilt), Vec::new()),
                Some(Step::Fly) => return (vec![b.tilt], Vec::new()),
                Some(Step::Check) => true,
                Some(_) => false,
                None => !self.activated[unit],
            },
            _ => false,
        };
        if !settled {
            return (near(b.tilt), Vec::new());
        }
        let by_check = if self.pilot_value(unit) > 0 {
            near(b.tilt).into_iter().filter(|&t| t != b.tilt).collect()
        } else {
            Vec::new()
        };
        (vec![b.tilt], by_check)
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
            .map(|f| Occupant { side: Self::side(f), size: Self::size(f) })
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

    /// A bird's base, where it is now (flying, launching or perched).
    #[must_use]
    pub fn base(&self, f: Fig) -> Option<Shape> {
        let b = self.bird(f)?;
        match self.figures[usize::from(f)].place {
            Place::Air => Some(Shape::base(b.pose.at)),
            Place::Space(s) if b.launching => {
                let _ = s;
                Some(Shape::base(b.pose.at))
            }
            Place::Space(s) => Some(Shape::base(field().spaces[usize::from(s)].perch)),
            _ => None,
        }
    }

    /// What a figure is measured from: a flying base, or its space.
    #[must_use]
    pub fn shape(&self, f: Fig) -> Option<Shape> {
        match self.figures[usize::from(f)].place {
            Place::Air => self.bird(f).map(|b| Shape::base(b.pose.at)),
            Place::Space(s) => Some(Shape::Polygon(field().spaces[usize::from(s)].outline.clone())),
            _ => None,
        }
    }

    /// A target's shape.
    #[must_use]
    pub fn target_shape(&self, t: Target) -> Option<Shape> {
        match t {
            Target::Figure(f) => self.shape(f),
            Target::Nest(side) => {
                Some(Shape::Polygon(field().spaces[usize::from(Self::nest_space(side))].outline.clone()))
            }
            Target::Space(s) => Some(Shape::Polygon(field().spaces[usize::from(s)].outline.clone())),
            Target::Mission(side) => self.cards[seat_of(side).index()]
                .and_then(|c| c.spot)
                .map(|spot| Shape::Polygon(field().mission_spots[usize::from(spot)].clone())),
        }
    }

    /// Flying birds (not launching), by figure.
    #[must_use]
    pub fn flyers(&self) -> Vec<Fig> {
        BIRD_FIGS.iter().copied().filter(|&f| self.figures[usize::from(f)].place == Place::Air).collect()
    }

    /// The bases of flying birds other than `except`: the only figures a
    /// flight may not end on (TF-R9; ground figures, perched and launching
    /// birds included, make room instead: Further rulings).
    fn airborne_bases(&self, except: Fig) -> Vec<(Fig, Shape)> {
        self.flyers()
            .into_iter()
            .filter(|&f| f != except)
            .filter_map(|f| self.bird(f).map(|b| (f, Shape::base(b.pose.at))))
            .collect()
    }

    /// Flying bases and launching bases other than `except`'s: where no
    /// bird may launch from.
    fn flying_bases(&self, except: Fig) -> Vec<(Fig, Shape)> {
        BIRD_FIGS
            .iter()
            .copied()
            .filter(|&f| f != except)
            .filter_map(|f| {
                let b = self.bird(f)?;
                let place = self.figures[usize::from(f)].place;
                (place == Place::Air || (b.launching && matches!(place, Place::Space(_))))
                    .then(|| (f, Shape::base(b.pose.at)))
            })
            .collect()
    }

    /// What blocks clear sight between `a` and `b`: trunks and flying
    /// bases other than theirs.
    fn obstacles(&self, a: Option<Fig>, b: Option<Fig>) -> Vec<Shape> {
        let mut out: Vec<Shape> = field().trees.iter().map(|t| Shape::Polygon(t.trunk.clone())).collect();
        for f in self.flyers() {
            if Some(f) != a
                && Some(f) != b
                && let Some(bird) = self.bird(f)
            {
                out.push(Shape::base(bird.pose.at));
            }
        }
        out
    }

    /// Range and clear sight from figure `from` to `target`: the distance
    /// and the clear segment found, if any (the range finder).
    #[must_use]
    pub fn measure(&self, from: Fig, target: Target) -> Option<(f64, Option<(V2, V2)>)> {
        let a = self.shape(from)?;
        let b = self.target_shape(target)?;
        let tf = match target {
            Target::Figure(f) => Some(f),
            _ => None,
        };
        let d = distance(&a, &b).max(0.0);
        let sight = clear_sight(&a, &b, RANGED_RANGE, &self.obstacles(Some(from), tf));
        Some((d, sight))
    }

    /// Launch poses of a perched bird: 24 headings × 5 points in its space
    /// (the perch point and four half-inch steps from it), those clear of
    /// every flying base.
    #[must_use]
    pub fn launch_pose(&self, bird: Fig, heading: u8, point: u8) -> Option<Pose> {
        let Place::Space(s) = self.figures[usize::from(bird)].place else { return None };
        let sp = &field().spaces[usize::from(s)];
        let offs = [(0.0, 0.0), (0.5, 0.0), (0.0, 0.5), (-0.5, 0.0), (0.0, -0.5)];
        let &(dx, dy) = offs.get(usize::from(point))?;
        let at = sp.perch.plus(V2::new(dx, dy));
        if heading >= HEADINGS || !sp.outline.contains(at) {
            return None;
        }
        let me = Shape::base(at);
        if self.flying_bases(bird).iter().any(|(_, o)| overlaps(&me, o)) {
            return None;
        }
        Some(Pose { at, heading: Heading(heading) })
    }

    fn pilot_value(&self, unit: usize) -> u8 {
        let Some(p) = self.pilot_card(unit) else { return 0 };
        let f = UNIT_DEFS[unit].first;
        if self.bird(f).is_some_and(|b| b.rattled) { 1 } else { p.pilot }
    }

    /// The most templates a bird's flight may use.
    #[must_use]
    pub fn max_templates(unit: usize) -> usize {
        UNIT_DEFS[unit].bird.map_or(0, |(b, _)| {
            usize::from(BIRDS[b].movement) + usize::from(BIRDS[b].abilities.contains(&Ability::Swift))
        })
    }

    /// Every template list a bird may announce (2..=max, at most 3
    /// regular templates of each length).
    #[must_use]
    pub fn flight_lists(unit: usize) -> Vec<Vec<Length>> {
        let mut out = Vec::new();
        for n in 2..=Self::max_templates(unit) {
            for bits in 0..(1u32 << n) {
                let list: Vec<Length> =
                    (0..n).map(|i| if bits >> i & 1 == 1 { Length::Long } else { Length::Short }).collect();
                let regular = &list[..n - 1];
                let longs = regular.iter().filter(|&&l| l == Length::Long).count();
                if longs <= TEMPLATES_OF_EACH && regular.len() - longs <= TEMPLATES_OF_EACH {
                    out.push(list);
                }
            }
        }
        out.sort();
        out
    }

    /// Works out a flight of `bird` from where it is now.
    #[must_use]
    pub fn plan_flight(&self, bird: Fig, lengths: &[Length]) -> Option<FlightPlan> {
        let b = self.bird(bird)?;
        let start = b.pose;
        let tilt = if b.launching { Tilt::Centre } else { b.tilt };
        let flight = super::geometry::Flight { lengths: lengths.to_vec(), tilt };
        let laid = lay(start, &flight);
        let others = self.airborne_bases(bird);
        let shapes: Vec<Shape> = others.iter().map(|(_, s)| s.clone()).collect();
        let kept = truncated(start, &laid, &shapes);
        let ended_on = if kept < laid.len() {
            let at = pose_after(start, &laid, laid.len()).at;
            others.iter().find(|(_, s)| overlaps(&Shape::base(at), s)).map(|(f, _)| *f)
        } else {
            None
        };
        let end = pose_after(start, &laid, kept);
        let path = &laid[..kept];
        let mut before = vec![0.0; path.len()];
        for i in 1..path.len() {
            before[i] = before[i - 1] + path[i - 1].length.inches();
        }
        // Only things near the path can be touched: a cheap test first.
        let mut points = vec![start.at];
        points.extend(path.iter().map(Laid::to));
        let near = |shape: &Shape| {
            let c = super::geometry::centre(shape);
            let r = super::geometry::radius(shape) + BASE_RADIUS + 1.0;
            points.windows(2).any(|w| super::geometry::point_segment(c, w[0], w[1]) <= r)
        };
        let along = |shape: &Shape| {
            if !near(shape) {
                return None;
            }
            first_touch(path, shape).map(|(i, a)| before[i] + a)
        };
        let mut crossings: Vec<(f64, u8, u32, Crossing)> = Vec::new();
        for (i, sp) in field().spaces.iter().enumerate() {
            if let Some(d) = along(&Shape::Polygon(sp.outline.clone())) {
                crossings.push((d, 0, i as u32, Crossing::Space(i as u8)));
            }
        }
        for side in [Alliance::Mice, Alliance::Rats] {
            if let Some(shape) = self.target_shape(Target::Mission(side))
                && let Some(d) = along(&shape)
            {
                crossings.push((d, 0, 100 + seat_of(side).0 as u32, Crossing::Mission(side)));
            }
        }
        for (i, t) in field().trees.iter().enumerate() {
            if let Some(d) = along(&Shape::Polygon(t.trunk.clone())) {
                crossings.push((d, 2, i as u32, Crossing::Trunk(i as u8)));
            }
        }
        for f in self.flyers() {
            if f != bird
                && let Some(o) = self.bird(f)
                && let Some(d) = along(&Shape::base(o.pose.at))
            {
                crossings.push((d, 1, u32::from(f), Crossing::Flyer(f)));
            }
        }
        let maneuvers = kept.min(laid.len().saturating_sub(1));
        for i in 0..maneuvers {
            crossings.push((before[i] + path[i].length.inches(), 3, i as u32, Crossing::Maneuver(i as u8)));
        }
        crossings.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)).then(a.2.cmp(&b.2)));
        Some(FlightPlan {
            start,
            laid,
            kept,
            ended_on,
            end,
            crossings: crossings.into_iter().map(|(d, _, _, c)| (d, c)).collect(),
        })
    }

    /// Where a flight would really leave the bird, as far as the flight
    /// alone decides it (no swoop or drop-off chosen on the way): where a
    /// trunk stops it (TF-R9: 2 wounds, rattled), where it ends cut short
    /// before a flying base, off the battlefield (the bird is lost), or
    /// where its templates end; with the wounds taken on the way (an enemy
    /// bird flown through, an enemy bird ended against) and how far along
    /// its templates it gets. The preview draws it; the walk resolves the
    /// same crossings one by one.
    #[must_use]
    pub fn flight_outcome(&self, bird: Fig, plan: &FlightPlan) -> FlightOutcome {
        let hostile = |e: Fig| Self::side(e) != Self::side(bird);
        let mut wounds = 0u8;
        for &(d, c) in &plan.crossings {
            match c {
                Crossing::Trunk(t) => {
                    return FlightOutcome {
                        at: self.crash_pose(bird, plan, usize::from(t)),
                        flown: d,
                        ending: FlightEnding::Crashes(t),
                        wounds: wounds + 2,
                    };
                }
                Crossing::Flyer(e) if hostile(e) && plan.ended_on != Some(e) => wounds += 1,
                _ => {}
            }
        }
        let flown = plan.laid[..plan.kept].iter().map(|l| l.length.inches()).sum();
        let ending = if off_battlefield(plan.end.at) {
            FlightEnding::Off
        } else if let Some(e) = plan.ended_on {
            if hostile(e) {
                wounds += 1;
            }
            FlightEnding::CutShort(e)
        } else {
            FlightEnding::Ends
        };
        FlightOutcome { at: plan.end, flown, ending, wounds }
    }

    /// Where a trunk stops a bird on this flight: the first place along
    /// its path where the base touches trunk `t`, moved back until it
    /// overlaps no flying base.
    fn crash_pose(&self, bird: Fig, plan: &FlightPlan, t: usize) -> Pose {
        let trunk = Shape::Polygon(field().trees[t].trunk.clone());
        let mut points = vec![plan.start.at];
        points.extend(plan.laid[..plan.kept].iter().map(Laid::to));
        let headings: Vec<Heading> = plan.laid[..plan.kept].iter().map(|l| l.heading).collect();
        // Sample the centre's path every 0.05", then refine by halving.
        let mut samples: Vec<(V2, Heading)> = Vec::new();
        for (i, w) in points.windows(2).enumerate() {
            let (a, b) = (w[0], w[1]);
            let n = ((a.dist(b) / 0.05).ceil() as usize).max(1);
            for k in 0..n {
                samples.push((a.plus(b.minus(a).scale(k as f64 / n as f64)), headings[i]));
            }
        }
        if let (Some(&b), Some(&h)) = (points.last(), headings.last()) {
            samples.push((b, h));
        }
        let hit = samples.iter().position(|(p, _)| touches(&Shape::base(*p), &trunk)).unwrap_or(samples.len() - 1);
        let (mut at, heading) = samples[hit];
        if hit > 0 {
            let (mut lo, mut hi) = (samples[hit - 1].0, at);
            for _ in 0..30 {
                let mid = lo.plus(hi.minus(lo).scale(0.5));
                if touches(&Shape::base(mid), &trunk) {
                    hi = mid;
                } else {
                    lo = mid;
                }
            }
            at = hi;
        }
        let others: Vec<Shape> = self.airborne_bases(bird).into_iter().map(|(_, s)| s).collect();
        let clear = |p: V2| others.iter().all(|o| !overlaps(&Shape::base(p), o));
        if !clear(at) {
            at = samples[..hit].iter().rev().map(|s| s.0).find(|&p| clear(p)).unwrap_or(plan.start.at);
        }
        Pose { at, heading: heading.reversed() }
    }
}

// ---------------------------------------------------------------------
// Whose move and what is legal.

impl TailFeathers {
    fn deploying_seat(&self) -> Option<(Seat, Fig)> {
        for seat in [other(self.first), self.first] {
            let side = side_of_seat(seat);
            if let Some(f) = (0..FIGURES as u8)
                .find(|&f| Self::side(f) == side && self.figures[usize::from(f)].place == Place::Unplaced)
            {
                return Some((seat, f));
            }
        }
        None
    }

    fn tilt_order(&self) -> [Seat; 2] {
        [other(self.first), self.first]
    }

    /// The next bird owing a tilt or launch decision, with its seat.
    fn tilting(&self) -> Option<(Seat, Fig)> {
        for seat in self.tilt_order() {
            for (i, &f) in BIRD_FIGS.iter().enumerate() {
                if Self::side(f) == side_of_seat(seat)
                    && !self.tilted[i]
                    && self.figures[usize::from(f)].place.on_battlefield()
                {
                    return Some((seat, f));
                }
            }
        }
        None
    }

    /// Units of `seat` it may activate now.
    #[must_use]
    pub fn available_units(&self, seat: Seat) -> Vec<usize> {
        (0..UNITS)
            .filter(|&u| {
                let d = &UNIT_DEFS[u];
                d.side == side_of_seat(seat)
                    && !self.activated[u]
                    && (d.first..d.first + d.count).any(|f| self.figures[usize::from(f)].place.on_battlefield())
            })
            .collect()
    }

    fn placing_seat(&self) -> Option<Seat> {
        [self.first, other(self.first)].into_iter().find(|s| {
            matches!(self.pick[s.index()], Secret::Chosen(Some(_)))
                && self.cards[s.index()].is_none_or(|c| c.spot.is_none())
        })
    }

    fn chooser(&self) -> Option<Seat> {
        [self.first, other(self.first)].into_iter().find(|s| self.pick[s.index()] == Secret::Open)
    }

    fn bidder(&self) -> Option<Seat> {
        if self.rolled || self.phase != Phase::Activation {
            return None;
        }
        [self.first, other(self.first)].into_iter().find(|s| self.bids[s.index()] == Secret::Open)
    }

    fn decider(&self) -> ToMove {
        if self.outcome.is_some() {
            return ToMove::Nobody;
        }
        if let Some(c) = &self.combat {
            return match c.reroll {
                Some((seat, _)) => ToMove::Seat(seat),
                None if c.defending == 0 && c.assigned_total() < c.hits => ToMove::Seat(c.attacker),
                None => ToMove::Chance,
            };
        }
        match self.phase {
            Phase::Deploy => self.deploying_seat().map_or(ToMove::Nobody, |(s, _)| ToMove::Seat(s)),
            Phase::Mission => {
                if let Some(s) = self.chooser().or_else(|| self.placing_seat()).or(self.sending) {
                    ToMove::Seat(s)
                } else {
                    ToMove::Chance
                }
            }
            Phase::Tilt => self.tilting().map_or(ToMove::Chance, |(s, _)| ToMove::Seat(s)),
            Phase::Activation => {
                if let Some(s) = self.bidder() {
                    ToMove::Seat(s)
                } else if !self.rolled {
                    ToMove::Chance
                } else {
                    ToMove::Seat(self.turn)
                }
            }
            Phase::Final => match self.fin {
                Some(Final::Mission(_, s) | Final::SiegeOn(s, _)) => ToMove::Seat(s),
                None if self.fin_at.is_none() => ToMove::Chance,
                None => ToMove::Nobody,
            },
            Phase::Over => ToMove::Nobody,
        }
    }

    #[allow(clippy::too_many_lines, reason = "one arm per kind of decision, like the round order")]
    fn legal(&self) -> Vec<Action> {
        let mut out = Vec::new();
        if self.outcome.is_some() {
            return out;
        }
        if let Some(c) = &self.combat {
            if let Some((_, n)) = c.reroll {
                out.extend((0..=n).map(Action::Reroll));
            } else if c.defending == 0 && c.assigned_total() < c.hits {
                out.extend(c.candidates.iter().map(|&t| Action::AssignHit(t)));
            }
            out.sort();
            return out;
        }
        match self.phase {
            Phase::Deploy => {
                if let Some((_, f)) = self.deploying_seat() {
                    let side = Self::side(f);
                    let tree = &field().trees[Self::home_tree(side)];
                    for &s in &tree.spaces {
                        let sp = &field().spaces[s];
                        if Self::size(f) == Size::Large && sp.nest.is_some() {
                            continue;
                        }
                        if trees::has_room(field(), s, &self.occupants(s, None), Self::size(f)) {
                            out.push(Action::Deploy { figure: f, space: s as u8 });
                        }
                    }
                }
            }
            Phase::Mission => {
                if let Some(seat) = self.chooser() {
                    out.extend(self.secret_choices(seat));
                } else if let Some(seat) = self.placing_seat() {
                    out.extend(self.free_spots(seat).into_iter().map(Action::PlaceMission));
                } else if let Some(seat) = self.sending {
                    let side = side_of_seat(seat);
                    let in_box = self.mission_box(side).len();
                    if in_box < SPACE_SMALL {
                        out.extend(self.eligible_for_mission(seat).into_iter().map(Action::Send));
                    }
                    if in_box > 0 {
                        out.push(Action::Done);
                    }
                }
            }
            Phase::Tilt => {
                if let Some((_, f)) = self.tilting() {
                    let b = self.bird(f).copied();
                    if self.figures[usize::from(f)].place == Place::Air {
                        for t in [Tilt::Left, Tilt::Centre, Tilt::Right] {
                            if b.is_some_and(|b| (b.tilt.steps() - t.steps()).abs() <= 2) {
                                out.push(Action::Tilt { bird: f, tilt: t });
                            }
                        }
                    } else {
                        out.push(Action::Stay(f));
                        for h in 0..HEADINGS {
                            for p in 0..5 {
                                if self.launch_pose(f, h, p).is_some() {
                                    out.push(Action::Launch { bird: f, heading: h, point: p });
                                }
                            }
                        }
                    }
                }
            }
            Phase::Activation => {
                if let Some(seat) = self.bidder() {
                    out.extend(self.secret_choices(seat));
                } else if !self.rolled {
                    out.push(Action::RollInitiative);
                } else if let Some(act) = &self.activation {
                    self.activation_actions(act, &mut out);
                } else {
                    let units = self.available_units(self.turn);
                    if units.is_empty() {
                        out.push(Action::Pass);
                    }
                    out.extend(units.into_iter().map(|u| Action::Activate(u as u8)));
                }
            }
            Phase::Final => self.final_actions(&mut out),
            Phase::Over => {}
        }
        out.sort();
        out.dedup();
        out
    }

    /// A side's small figures standing (not lying down) in a space, with
    /// their space: those that may go on missions or be carried.
    fn standing_small(&self, side: Alliance) -> Vec<(Fig, u8)> {
        (0..FIGURES as u8)
            .filter_map(|f| {
                let fig = &self.figures[usize::from(f)];
                match fig.place {
                    Place::Space(s) if Self::side(f) == side && Self::size(f) == Size::Small && !fig.immobilized => {
                        Some((f, s))
                    }
                    _ => None,
                }
            })
            .collect()
    }

    fn eligible_for_mission(&self, seat: Seat) -> Vec<Fig> {
        let side = side_of_seat(seat);
        let tree = &field().trees[Self::home_tree(side)];
        self.standing_small(side)
            .into_iter()
            .filter(|&(_, s)| tree.spaces.contains(&usize::from(s)))
            .map(|(f, _)| f)
            .collect()
    }

    /// Mission spots free for `seat`'s card: the usable spots (within
    /// close range of the axis marker, clear of the trees) that touch
    /// neither the other card nor any figure's base (TF-R2, "touching
    /// nothing"; Further rulings: flying birds included).
    #[must_use]
    pub fn free_spots(&self, seat: Seat) -> Vec<u8> {
        USABLE_SPOTS.iter().filter(|&&s| self.spot_blocker(seat, s).is_none()).map(|&s| s as u8).collect()
    }

    /// What mission spot `spot` would touch if `seat` laid its card there
    /// (the other side's card or a bird's base), in words; `None` when it
    /// touches nothing.
    fn spot_blocker(&self, seat: Seat, spot: usize) -> Option<String> {
        let taken = self.cards[other(seat).index()].and_then(|c| c.spot).map(usize::from);
        if taken.is_some_and(|t| field().spots_clash(spot, t)) {
            return Some(format!("the {} mission card", side_name(side_of_seat(other(seat))).to_lowercase()));
        }
        let card = Shape::Polygon(field().mission_spots.get(spot)?.clone());
        BIRD_FIGS.iter().find_map(|&f| {
            let base = self.base(f)?;
            touches(&card, &base).then(|| format!("{}'s base", figure_name(f)))
        })
    }

    fn activation_actions(&self, act: &Activation, out: &mut Vec<Action>) {
        let unit = usize::from(act.unit);
        let d = &UNIT_DEFS[unit];
        match &act.step {
            Step::Check => {
                if self.pilot_value(unit) > 0 {
                    out.push(Action::PilotingCheck);
                }
                self.pickups(d.first, self.bird(d.first).map(|b| b.pose.at), act, out);
                out.extend(Self::flight_lists(unit).into_iter().map(Action::Fly));
            }
            Step::SetTilt => {
                let cur = self.bird(d.first).map_or(Tilt::Centre, |b| b.tilt);
                for t in [Tilt::Left, Tilt::Centre, Tilt::Right] {
                    if (cur.steps() - t.steps()).abs() <= 2 {
                        out.push(Action::SetTilt(t));
                    }
                }
            }
            Step::Fly => {
                self.pickups(d.first, self.bird(d.first).map(|b| b.pose.at), act, out);
                out.extend(Self::flight_lists(unit).into_iter().map(Action::Fly));
            }
            Step::Walk(w) => self.crossing_actions(d.first, act, w, out),
            Step::Unload => {
                out.push(Action::Unload(None));
                if let Place::Space(s) = self.figures[usize::from(d.first)].place {
                    let mut spaces = field().neighbours(usize::from(s));
                    if field().spaces[usize::from(s)].nest.is_some() {
                        spaces.push(usize::from(s));
                    }
                    for n in spaces {
                        if trees::has_room(field(), n, &self.occupants(n, None), Size::Small) {
                            out.push(Action::Unload(Some(n as u8)));
                        }
                    }
                }
            }
            Step::Moves => {
                let squad = d.ground.map_or(1, |g| GROUND[g].squad);
                let figs: Vec<Fig> = (d.first..d.first + d.count)
                    .filter(|&f| self.figures[usize::from(f)].place.on_battlefield() && !act.figures.contains(&f))
                    .collect();
                if act.figures.len() < usize::from(squad) {
                    for f in figs {
                        if self.figures[usize::from(f)].immobilized {
                            out.push(Action::Stand(f));
                        } else {
                            out.push(Action::Hold(f));
                            out.extend(self.moves(f).into_iter().map(|to| Action::Move { figure: f, to }));
                        }
                    }
                }
                if !act.figures.is_empty() {
                    out.push(Action::Done);
                }
            }
            Step::Acts => {
                out.push(Action::Done);
                for &f in &act.figures {
                    if act.acted.contains(&f) || !self.figures[usize::from(f)].place.on_battlefield() {
                        continue;
                    }
                    if d.ground.is_some() {
                        out.extend(self.moves(f).into_iter().map(|to| Action::Scurry { figure: f, to }));
                    }
                    if !act.swooped {
                        self.attacks(f, act, out);
                    }
                }
            }
            Step::Douse => {
                out.push(Action::Done);
                for &f in &act.figures {
                    if !act.doused.contains(&f)
                        && let Place::Space(s) = self.figures[usize::from(f)].place
                        && let Some(side) = field().spaces[usize::from(s)].nest
                        && self.nest_fire[seat_of(side).index()] > 0
                    {
                        out.push(Action::Douse(f));
                    }
                }
            }
            Step::Revive => {
                out.push(Action::Done);
                let side = d.side;
                let dead: Vec<Fig> = (0..FIGURES as u8)
                    .filter(|&f| Self::side(f) == side && self.figures[usize::from(f)].place == Place::Casualty)
                    .collect();
                let squads = dead.iter().filter(|&&f| Self::is_squad(f)).count() as u8;
                for n in 1..=squads.min(3) {
                    out.push(Action::Revive(Revival::Squad(n)));
                }
                if dead.iter().any(|&f| Self::is_hero(f)) {
                    out.push(Action::Revive(Revival::Hero));
                }
            }
        }
    }

    fn is_squad(f: Fig) -> bool {
        UNIT_DEFS[unit_of(f)].ground.is_some_and(|g| GROUND[g].squad > 1)
    }

    fn is_hero(f: Fig) -> bool {
        UNIT_DEFS[unit_of(f)].ground.is_some_and(|g| GROUND[g].squad == 1)
    }

    fn pickups(&self, bird: Fig, at: Option<V2>, act: &Activation, out: &mut Vec<Action>) {
        let Some(at) = at else { return };
        if act.picked || act.dropped || self.bird(bird).is_some_and(|b| b.passenger.is_some()) {
            return;
        }
        let me = Shape::base(at);
        for f in self.pickable(bird) {
            if let Some(s) = self.shape(f)
                && distance(&me, &s) <= CLOSE_RANGE
            {
                out.push(Action::PickUp(f));
            }
        }
    }

    fn pickable(&self, bird: Fig) -> Vec<Fig> {
        self.standing_small(Self::side(bird)).into_iter().map(|(f, _)| f).collect()
    }

    fn moves(&self, f: Fig) -> Vec<u8> {
        let fig = &self.figures[usize::from(f)];
        let Place::Space(s) = fig.place else { return Vec::new() };
        if bird_index(f).is_some() {
            return Vec::new();
        }
        let card = &GROUND[UNIT_DEFS[unit_of(f)].ground.unwrap_or(0)];
        let mover = Occupant { side: Self::side(f), size: Self::size(f) };
        let occ = |n: usize| self.occupants(n, Some(f));
        trees::destinations(field(), usize::from(s), mover, card.movement, &occ).into_iter().map(|n| n as u8).collect()
    }

    /// A figure's attack values (melee, ranged) now.
    #[must_use]
    pub fn attack_values(&self, f: Fig) -> (u8, u8) {
        let unit = unit_of(f);
        if let Some(p) = self.pilot_card(unit) {
            if self.bird(f).is_some_and(|b| b.rattled) { (0, 0) } else { (p.melee, p.ranged) }
        } else {
            let g = &GROUND[UNIT_DEFS[unit].ground.unwrap_or(0)];
            (g.melee, g.ranged)
        }
    }

    fn attacks(&self, f: Fig, act: &Activation, out: &mut Vec<Action>) {
        let _ = act;
        for t in self.targets(f, false) {
            out.push(Action::Strike { figure: f, target: t });
        }
        for t in self.targets(f, true) {
            out.push(Action::Shoot { figure: f, target: t });
        }
    }

    /// The legal targets of figure `f`'s melee (`ranged` false) or ranged
    /// attack (TF-R11).
    #[must_use]
    pub fn targets(&self, f: Fig, ranged: bool) -> Vec<Target> {
        let (melee, shoot) = self.attack_values(f);
        if (if ranged { shoot } else { melee }) == 0 {
            return Vec::new();
        }
        let side = Self::side(f);
        let enemy = if side == Alliance::Mice { Alliance::Rats } else { Alliance::Mice };
        let place = self.figures[usize::from(f)].place;
        let mut cands: Vec<Target> = (0..FIGURES as u8)
            .filter(|&e| Self::side(e) == enemy && self.figures[usize::from(e)].place.on_battlefield())
            .map(Target::Figure)
            .collect();
        if self.nest_standing(enemy) {
            cands.push(Target::Nest(enemy));
        }
        let space_of = |t: Target| match t {
            Target::Figure(e) => match self.figures[usize::from(e)].place {
                Place::Space(s) => Some(s),
                _ => None,
            },
            Target::Nest(side) => Some(Self::nest_space(side)),
            _ => None,
        };
        match (place, ranged) {
            (Place::Space(s), true) => {
                let shared: Vec<Target> = cands
                    .iter()
                    .copied()
                    .filter(|&t| matches!(t, Target::Figure(_)) && space_of(t) == Some(s))
                    .collect();
                if !shared.is_empty() {
                    return shared;
                }
                cands.into_iter().filter(|&t| self.in_sight(f, t)).collect()
            }
            (Place::Space(s), false) => cands
                .into_iter()
                .filter(|&t| {
                    space_of(t)
                        .is_some_and(|ts| ts == s || field().neighbours(usize::from(s)).contains(&usize::from(ts)))
                })
                .collect(),
            (Place::Air, true) => cands.into_iter().filter(|&t| self.in_sight(f, t)).collect(),
            (Place::Air, false) => cands
                .into_iter()
                .filter(|&t| match t {
                    Target::Figure(e) if self.figures[usize::from(e)].place == Place::Air => {
                        self.measure(f, t).is_some_and(|(d, _)| d <= CLOSE_RANGE)
                    }
                    _ => false,
                })
                .collect(),
            _ => Vec::new(),
        }
    }

    fn in_sight(&self, f: Fig, t: Target) -> bool {
        let (Some(from), Some(to)) = (self.shape(f), self.target_shape(t)) else { return false };
        if distance(&from, &to) > RANGED_RANGE {
            return false;
        }
        let target_fig = match t {
            Target::Figure(g) => Some(g),
            _ => None,
        };
        any_clear_sight(&from, &to, RANGED_RANGE, &self.obstacles(Some(f), target_fig))
    }

    fn crossing_actions(&self, bird: Fig, act: &Activation, w: &Walk, out: &mut Vec<Action>) {
        let opts = self.crossing_options(bird, act, w);
        if opts.is_empty() {
            return;
        }
        out.push(Action::Continue);
        out.extend(opts);
    }

    /// The choices a crossing offers (empty: it resolves by itself).
    fn crossing_options(&self, bird: Fig, act: &Activation, w: &Walk) -> Vec<Action> {
        let mut out = Vec::new();
        let Some(&(_, c)) = w.plan.crossings.get(w.next) else { return out };
        let side = Self::side(bird);
        let passenger = self.bird(bird).and_then(|b| b.passenger);
        match c {
            Crossing::Space(s) => {
                let su = usize::from(s);
                if !act.began_perched && trees::has_room(field(), su, &self.occupants(su, None), Size::Large) {
                    out.push(Action::Perch);
                }
                if !act.swooped && !w.swooped_here && !act.touching.contains(&Target::Space(s)) {
                    let enemies = self.in_space(s).iter().any(|&f| Self::side(f) != side);
                    let enemy_nest = field().spaces[su].nest.is_some_and(|n| n != side && self.nest_standing(n));
                    if enemies || enemy_nest {
                        out.push(Action::Swoop);
                    }
                }
                if passenger.is_some()
                    && !w.dropped_here
                    && trees::has_room(field(), su, &self.occupants(su, None), Size::Small)
                {
                    out.push(Action::DropOff);
                }
            }
            Crossing::Mission(m) => {
                if m != side
                    && !act.swooped
                    && !w.swooped_here
                    && !act.touching.contains(&Target::Mission(m))
                    && let Some(card) = self.cards[seat_of(m).index()]
                    && (!card.revealed || (card.kind != Some(MissionKind::Decoy) && !self.mission_box(m).is_empty()))
                {
                    out.push(Action::Swoop);
                }
            }
            Crossing::Maneuver(i) => {
                let at = pose_after(w.plan.start, &w.plan.laid, usize::from(i) + 1).at;
                self.pickups(bird, Some(at), act, &mut out);
            }
            Crossing::Trunk(_) | Crossing::Flyer(_) => {}
        }
        out
    }

    fn final_actions(&self, out: &mut Vec<Action>) {
        match self.fin {
            Some(Final::Mission(MissionKind::Siege, _)) => {
                out.extend((0..field().trees.len() as u8).map(Action::Siege));
            }
            Some(Final::SiegeOn(seat, tree)) => {
                out.extend(self.siege_spaces(seat, usize::from(tree)).into_iter().map(Action::SiegeTo));
            }
            Some(Final::Mission(MissionKind::Patrol, seat)) => {
                let enemy = side_of_seat(other(seat));
                out.extend(self.flyers().into_iter().filter(|&f| Self::side(f) == enemy).map(Action::Patrol));
            }
            Some(Final::Mission(MissionKind::Rescue, seat)) => {
                let side = side_of_seat(seat);
                out.extend(
                    BIRD_FIGS
                        .iter()
                        .copied()
                        .filter(|&f| Self::side(f) == side && self.figures[usize::from(f)].place == Place::Casualty)
                        .map(Action::Rescue),
                );
            }
            None if self.fin_at.is_none() => out.push(Action::FinalPhase),
            Some(Final::Mission(..)) | None => {}
        }
    }

    /// Where the next siege figure may go on `tree`: spaces by the trunk
    /// with room, else those with room fewest steps from the trunk (never
    /// nests).
    fn siege_spaces(&self, seat: Seat, tree: usize) -> Vec<u8> {
        let _ = seat;
        let t = &field().trees[tree];
        let room = |s: usize| {
            field().spaces[s].nest.is_none() && trees::has_room(field(), s, &self.occupants(s, None), Size::Small)
        };
        let mut ring: Vec<usize> = t.spaces.iter().copied().filter(|&s| field().spaces[s].by_trunk).collect();
        let mut seen = ring.clone();
        while !ring.is_empty() {
            let ok: Vec<u8> = ring.iter().copied().filter(|&s| room(s)).map(|s| s as u8).collect();
            if !ok.is_empty() {
                return ok;
            }
            let mut next = Vec::new();
            for &s in &ring {
                for n in field().neighbours(s) {
                    if !seen.contains(&n) && field().spaces[n].nest.is_none() {
                        seen.push(n);
                        next.push(n);
                    }
                }
            }
            ring = next;
        }
        Vec::new()
    }
}

impl Combat {
    fn assigned_total(&self) -> u8 {
        self.assigned.iter().map(|a| a.1).sum()
    }
}

// ---------------------------------------------------------------------
// Applying actions.

fn heading_toward(from: V2, to: V2) -> Heading {
    let d = to.minus(from);
    (0..HEADINGS).map(Heading).max_by(|a, b| a.unit().dot(d).total_cmp(&b.unit().dot(d))).unwrap_or(Heading(0))
}

impl TailFeathers {
    fn start(options: Options, seed: u64) -> Self {
        let mut rng = Rng::seeded(seed);
        let first = Seat(u8::from(rng.coin()));
        let bird = Bird {
            pose: Pose { at: V2::new(0.0, 0.0), heading: Heading(0) },
            tilt: Tilt::Centre,
            rattled: false,
            launching: false,
            passenger: None,
        };
        Self {
            options,
            rng,
            round: 1,
            phase: Phase::Deploy,
            first,
            figures: [new_figure(); FIGURES],
            birds: [bird; 5],
            cheese: [0; 2],
            nest: [field().nest_life; 2],
            nest_fire: [0; 2],
            activated: [false; UNITS],
            pick: [Secret::Open; 2],
            cards: [None; 2],
            sending: None,
            tilted: [false; 5],
            bids: [Secret::Open; 2],
            turn: first,
            activation: None,
            combat: None,
            fin: None,
            fin_at: None,
            sent: [false; 2],
            rolled: false,
            outcome: None,
            events: Vec::new(),
            memo: Memo::default(),
        }
    }

    fn seat_now(&self) -> Seat {
        self.decider().seat().unwrap_or(self.turn)
    }

    #[allow(clippy::too_many_lines, reason = "one arm per action, in the round's order")]
    fn act(&mut self, a: &Action) {
        self.events.clear();
        self.memo = Memo::default();
        let seat = self.seat_now();
        if self.combat.is_some() {
            match *a {
                Action::Reroll(n) => self.reroll(n),
                Action::AssignHit(t) => self.assign(t),
                _ => {}
            }
            self.resolve_combat();
            self.advance();
            return;
        }
        match a {
            &Action::Deploy { figure, space } => {
                self.figures[usize::from(figure)].place = Place::Space(space);
                if let Some(i) = bird_index(figure) {
                    let at = field().spaces[usize::from(space)].perch;
                    self.birds[i].pose = Pose { at, heading: heading_toward(at, field().axis) };
                    self.birds[i].tilt = Tilt::Centre;
                }
            }
            &Action::Mission(k) => self.pick[seat.index()] = Secret::Chosen(k),
            &Action::PlaceMission(spot) => {
                let kind = match self.pick[seat.index()] {
                    Secret::Chosen(k) => k,
                    _ => None,
                };
                self.cards[seat.index()] = Some(MissionCard { kind, spot: Some(spot), revealed: false });
            }
            &Action::Send(f) => self.figures[usize::from(f)].place = Place::Mission,
            Action::Done => self.done(seat),
            &Action::Tilt { bird, tilt } => {
                if let Some(i) = bird_index(bird) {
                    self.birds[i].tilt = tilt;
                    self.tilted[i] = true;
                }
            }
            &Action::Launch { bird, heading, point } => {
                if let (Some(i), Some(pose)) = (bird_index(bird), self.launch_pose(bird, heading, point)) {
                    self.birds[i].pose = pose;
                    self.birds[i].launching = true;
                    self.birds[i].tilt = Tilt::Centre;
                    self.tilted[i] = true;
                }
            }
            &Action::Stay(bird) => {
                if let Some(i) = bird_index(bird) {
                    self.tilted[i] = true;
                }
            }
            &Action::Bid(n) => self.bids[seat.index()] = Secret::Chosen(n),
            Action::RollInitiative => self.roll_initiative(),
            Action::Pass => {
                let c = &mut self.cheese[seat.index()];
                *c = (*c + 1).min(CHEESE_MAX);
                self.events.push(Event::Note(format!("{} pass and take a cheese", side_name(side_of_seat(seat)))));
                self.next_turn(other(seat));
            }
            &Action::Activate(u) => self.activate(usize::from(u)),
            Action::PilotingCheck => {
                let unit = self.active_unit().unwrap_or(0);
                let faces = dice::roll(self.pilot_value(unit), &mut self.rng);
                let ok = dice::any_star(&faces);
                self.events.push(Event::Rolled { seat, what: "piloting check", faces });
                self.events.push(Event::Note(if ok { "a star: the tilt may change".into() } else { "no star".into() }));
                self.set_step(if ok { Step::SetTilt } else { Step::Fly });
            }
            &Action::SetTilt(t) => {
                let f = self.active_bird();
                if let Some(i) = bird_index(f) {
                    self.birds[i].tilt = t;
                }
                self.set_step(Step::Fly);
            }
            &Action::PickUp(p) => {
                let f = self.active_bird();
                self.figures[usize::from(p)].place = Place::Carried(f);
                if let Some(i) = bird_index(f) {
                    self.birds[i].passenger = Some(p);
                }
                if let Some(act) = self.activation.as_mut() {
                    act.picked = true;
                    if matches!(act.step, Step::Check) {
                        act.step = Step::Fly;
                    }
                }
            }
            Action::Fly(list) => {
                let f = self.active_bird();
                if let Some(plan) = self.plan_flight(f, list) {
                    if plan.kept < plan.laid.len() {
                        self.events.push(Event::Truncated(f, plan.kept));
                    }
                    self.set_step(Step::Walk(Box::new(Walk {
                        plan,
                        next: 0,
                        swooped_here: false,
                        dropped_here: false,
                    })));
                }
            }
            Action::Perch => self.perch(),
            Action::Swoop => self.swoop(),
            Action::DropOff => {
                let f = self.active_bird();
                let s = self.current_space();
                if let (Some(i), Some(s)) = (bird_index(f), s)
                    && let Some(p) = self.birds[i].passenger.take()
                {
                    self.figures[usize::from(p)].place = Place::Space(s);
                }
                if let Some(act) = self.activation.as_mut() {
                    act.dropped = true;
                    if let Step::Walk(w) = &mut act.step {
                        w.dropped_here = true;
                    }
                }
            }
            Action::Continue => {
                if let Some(act) = self.activation.as_mut()
                    && let Step::Walk(w) = &mut act.step
                {
                    w.next += 1;
                    w.swooped_here = false;
                    w.dropped_here = false;
                }
            }
            &Action::Unload(to) => {
                let f = self.active_bird();
                if let Some(i) = bird_index(f)
                    && let Some(p) = self.birds[i].passenger.take()
                {
                    match to {
                        Some(s) => self.figures[usize::from(p)].place = Place::Space(s),
                        None => self.defeat(p),
                    }
                }
                self.set_step(Step::Acts);
            }
            &Action::Move { figure, to } => {
                self.figures[usize::from(figure)].place = Place::Space(to);
                if let Some(act) = self.activation.as_mut() {
                    act.figures.push(figure);
                }
            }
            &Action::Hold(f) => {
                if let Some(act) = self.activation.as_mut() {
                    act.figures.push(f);
                    act.held.push(f);
                }
            }
            &Action::Stand(f) => {
                self.figures[usize::from(f)].immobilized = false;
                if let Some(act) = self.activation.as_mut() {
                    act.figures.push(f);
                    act.acted.push(f);
                }
            }
            &Action::Scurry { figure, to } => {
                self.figures[usize::from(figure)].place = Place::Space(to);
                if let Some(act) = self.activation.as_mut() {
                    act.acted.push(figure);
                }
            }
            &Action::Strike { figure, target } => self.normal_attack(seat, figure, target, Attack::Melee),
            &Action::Shoot { figure, target } => self.normal_attack(seat, figure, target, Attack::Ranged),
            &Action::Douse(f) => {
                let faces = dice::roll(1, &mut self.rng);
                let star = dice::any_star(&faces);
                self.events.push(Event::Rolled { seat, what: "dousing the nest", faces });
                if let Place::Space(s) = self.figures[usize::from(f)].place
                    && let Some(side) = field().spaces[usize::from(s)].nest
                {
                    if star {
                        self.nest_fire[seat_of(side).index()] -= 1;
                        self.events.push(Event::Fire(Target::Nest(side), false));
                    } else {
                        self.wound(Target::Figure(f), 1, false);
                    }
                }
                if let Some(act) = self.activation.as_mut() {
                    act.doused.push(f);
                }
            }
            &Action::Revive(r) => {
                self.cheese[seat.index()] = 0;
                let side = side_of_seat(seat);
                let dead: Vec<Fig> = (0..FIGURES as u8)
                    .filter(|&f| Self::side(f) == side && self.figures[usize::from(f)].place == Place::Casualty)
                    .collect();
                let chosen: Vec<Fig> = match r {
                    Revival::Hero => dead.into_iter().filter(|&f| Self::is_hero(f)).take(1).collect(),
                    Revival::Squad(n) => dead.into_iter().filter(|&f| Self::is_squad(f)).take(usize::from(n)).collect(),
                };
                for &f in &chosen {
                    self.figures[usize::from(f)].place = Place::Reserves;
                }
                self.events.push(Event::Note(format!(
                    "{} to the reserves",
                    words::count_with(chosen.len(), "figure revived", "figures revived")
                )));
                self.finish_activation();
            }
            Action::FinalPhase => self.begin_final(),
            &Action::Siege(tree) => {
                self.fin = Some(Final::SiegeOn(seat, tree));
                self.siege_overflow();
            }
            &Action::SiegeTo(s) => {
                let side = side_of_seat(seat);
                if let Some(&f) = self.mission_box(side).first() {
                    self.figures[usize::from(f)].place = Place::Space(s);
                }
                self.siege_overflow();
            }
            &Action::Patrol(target) => {
                self.fin = None;
                let n = self.mission_value(side_of_seat(seat), false);
                self.start_combat(seat, None, Attack::Ranged, n, vec![Target::Figure(target)]);
            }
            &Action::Rescue(b) => {
                self.fin = None;
                let side = side_of_seat(seat);
                let nest = Self::nest_space(side);
                let unit = unit_of(b);
                let bonus = self.pilot_card(unit).map_or(0, |p| p.bonus_life);
                let fig = &mut self.figures[usize::from(b)];
                fig.place = Place::Space(nest);
                fig.wounds = bonus;
                fig.on_fire = false;
                fig.immobilized = false;
                if let Some(i) = bird_index(b) {
                    let at = field().spaces[usize::from(nest)].perch;
                    self.birds[i] = Bird {
                        pose: Pose { at, heading: heading_toward(at, field().axis) },
                        tilt: Tilt::Centre,
                        rattled: false,
                        launching: false,
                        passenger: None,
                    };
                }
                self.events.push(Event::Note(format!(
                    "{} comes back to the nest",
                    BIRDS[UNIT_DEFS[unit].bird.map_or(0, |x| x.0)].name
                )));
            }
            Action::Reroll(_) | Action::AssignHit(_) => {}
        }
        self.advance();
    }

    /// A siege is over once its box is empty; figures that find no room
    /// left on the tree go home (TF-R17).
    fn siege_overflow(&mut self) {
        let Some(Final::SiegeOn(seat, tree)) = self.fin else { return };
        let side = side_of_seat(seat);
        if !self.mission_box(side).is_empty() && self.siege_spaces(seat, usize::from(tree)).is_empty() {
            self.send_home(side);
        }
        if self.mission_box(side).is_empty() {
            self.fin = None;
        }
    }

    fn done(&mut self, seat: Seat) {
        if self.phase == Phase::Mission {
            self.sent[seat.index()] = true;
            self.sending = None;
            return;
        }
        let Some(act) = self.activation.as_mut() else { return };
        match act.step {
            Step::Moves => act.step = Step::Acts,
            Step::Acts => self.close_activation(),
            Step::Douse => self.after_douse(),
            Step::Revive => self.finish_activation(),
            _ => {}
        }
    }

    fn active_bird(&self) -> Fig {
        self.active_unit().map_or(0, |u| UNIT_DEFS[u].first)
    }

    fn set_step(&mut self, step: Step) {
        if let Some(act) = self.activation.as_mut() {
            act.step = step;
        }
    }

    fn current_space(&self) -> Option<u8> {
        match self.walking()?.1? {
            Crossing::Space(s) => Some(s),
            _ => None,
        }
    }

    fn roll_initiative(&mut self) {
        let bid = |s: Secret<u8>| match s {
            Secret::Chosen(n) => n,
            _ => 0,
        };
        let n = [bid(self.bids[0]), bid(self.bids[1])];
        for (wheel, bid) in self.cheese.iter_mut().zip(n) {
            *wheel -= bid.min(*wheel);
        }
        self.events.push(Event::Note(format!("bids: Mice {} extra, Rats {} extra", n[0], n[1])));
        loop {
            let mut totals = [0u32; 2];
            for (seat, (total, bid)) in totals.iter_mut().zip(n).enumerate() {
                let faces = dice::roll(2 + bid, &mut self.rng);
                *total = faces.iter().map(|f| u32::from(f.number())).sum();
                self.events.push(Event::Rolled { seat: Seat(seat as u8), what: "initiative", faces });
            }
            if totals[0] != totals[1] {
                let winner = Seat(u8::from(totals[1] > totals[0]));
                self.events.push(Event::Initiative(totals[0], totals[1], winner));
                self.first = winner;
                self.turn = winner;
                break;
            }
            self.events.push(Event::Note("a tie: both roll again".into()));
        }
        self.bids = [Secret::Open; 2];
        self.rolled = true;
    }

    fn activate(&mut self, unit: usize) {
        self.activated[unit] = true;
        let d = UNIT_DEFS[unit];
        let mut act = Activation {
            unit: unit as u8,
            step: Step::Moves,
            figures: Vec::new(),
            held: Vec::new(),
            acted: Vec::new(),
            doused: Vec::new(),
            swooped: false,
            rattled_at_start: false,
            began_perched: false,
            dropped: false,
            picked: false,
            touching: Vec::new(),
        };
        if let Some(i) = bird_index(d.first) {
            let f = d.first;
            act.figures.push(f);
            act.rattled_at_start = self.birds[i].rattled;
            let place = self.figures[usize::from(f)].place;
            if self.birds[i].launching {
                act.began_perched = true;
                // A flying bird that ended over it: it takes off from where
                // it made room (or, with none left, from where it stands).
                let airborne = self.airborne_bases(f);
                if airborne.iter().any(|(_, o)| overlaps(&Shape::base(self.birds[i].pose.at), o))
                    && let Some(at) = self.room_in_space(f)
                {
                    self.birds[i].pose.at = at;
                }
                self.birds[i].launching = false;
                self.birds[i].tilt = Tilt::Centre;
                self.figures[usize::from(f)].place = Place::Air;
                act.step = Step::Check;
            } else if place == Place::Air {
                act.step = Step::Check;
            } else {
                act.began_perched = true;
                act.held.push(f);
                act.step = Step::Acts;
            }
            let me = Shape::base(self.birds[i].pose.at);
            for (s, sp) in field().spaces.iter().enumerate() {
                if touches(&me, &Shape::Polygon(sp.outline.clone())) {
                    act.touching.push(Target::Space(s as u8));
                }
            }
            for side in [Alliance::Mice, Alliance::Rats] {
                if self.target_shape(Target::Mission(side)).is_some_and(|m| touches(&me, &m)) {
                    act.touching.push(Target::Mission(side));
                }
            }
        }
        self.activation = Some(Box::new(act));
    }

    fn perch(&mut self) {
        let f = self.active_bird();
        let Some(s) = self.current_space() else { return };
        let heading = self.walking().and_then(|(p, _)| p.laid.first().map(|l| l.heading));
        if let Some(i) = bird_index(f) {
            let at = field().spaces[usize::from(s)].perch;
            self.birds[i].pose = Pose { at, heading: heading.unwrap_or(self.birds[i].pose.heading) };
            self.birds[i].tilt = Tilt::Centre;
            self.figures[usize::from(f)].place = Place::Space(s);
            let carrying = self.birds[i].passenger.is_some();
            self.set_step(if carrying { Step::Unload } else { Step::Acts });
        }
    }

    fn swoop(&mut self) {
        let f = self.active_bird();
        let seat = seat_of(Self::side(f));
        let side = Self::side(f);
        let Some(Some(crossing)) = self.walking().map(|w| w.1) else { return };
        if let Some(act) = self.activation.as_mut() {
            act.swooped = true;
            if let Step::Walk(w) = &mut act.step {
                w.swooped_here = true;
            }
        }
        let unit = unit_of(f);
        let battle = UNIT_DEFS[unit].bird.map_or(0, |(b, _)| BIRDS[b].battle);
        let melee = self.attack_values(f).0;
        let dice_count = battle + melee;
        let candidates: Vec<Target> = match crossing {
            Crossing::Space(s) => {
                let mut t: Vec<Target> =
                    self.in_space(s).into_iter().filter(|&e| Self::side(e) != side).map(Target::Figure).collect();
                if let Some(owner) = field().spaces[usize::from(s)].nest
                    && owner != side
                    && self.nest_standing(owner)
                {
                    t.push(Target::Nest(owner));
                }
                t
            }
            Crossing::Mission(m) => {
                let i = seat_of(m).index();
                let mut kind = None;
                if let Some(card) = self.cards[i].as_mut() {
                    if !card.revealed {
                        card.revealed = true;
                        if let Some(k) = card.kind {
                            self.events.push(Event::Revealed(m, k));
                        }
                    }
                    kind = card.kind;
                }
                if kind == Some(MissionKind::Decoy) {
                    self.events.push(Event::Note("a decoy: the swoop is spent".into()));
                    self.send_home(m);
                    return;
                }
                self.mission_box(m).into_iter().map(Target::Figure).collect()
            }
            _ => Vec::new(),
        };
        if candidates.is_empty() {
            return;
        }
        self.start_combat(seat, Some(f), Attack::Melee, dice_count, candidates);
    }

    /// The attack dice figure `f` rolls for an attack of `kind` now
    /// (TF-R11: its attack value; Steady Aim adds a ranged die to a figure
    /// that held its place this activation).
    #[must_use]
    pub fn attack_dice(&self, f: Fig, kind: Attack) -> u8 {
        let (melee, ranged) = self.attack_values(f);
        let held = self.activation.as_ref().is_some_and(|a| a.held.contains(&f));
        let steady = UNIT_DEFS[unit_of(f)].ground.is_some_and(|g| GROUND[g].abilities.contains(&Ability::SteadyAim));
        match kind {
            Attack::Melee => melee,
            Attack::Ranged => ranged + u8::from(held && steady),
        }
    }

    /// What an attack by `f` on `target` would be, before it is made: its
    /// dice, the target's defence dice, the distance and clear sight
    /// between them, and the wounds to expect (hits less blocks, cheese
    /// re-rolls left out).
    #[must_use]
    pub fn attack_odds(&self, f: Fig, target: Target, kind: Attack) -> AttackOdds {
        let dice_n = self.attack_dice(f, kind);
        let defence = self.defence(target, kind);
        let (distance, clear) = match self.measure(f, target) {
            Some((d, sight)) => (Some(d), sight.is_some()),
            None => (None, false),
        };
        AttackOdds {
            kind,
            dice: dice_n,
            defence,
            distance,
            clear_sight: clear,
            expected_wounds: dice::expected_wounds(dice_n, defence, kind),
        }
    }

    fn normal_attack(&mut self, seat: Seat, f: Fig, target: Target, kind: Attack) {
        let n = self.attack_dice(f, kind);
        if let Some(act) = self.activation.as_mut() {
            act.acted.push(f);
        }
        self.start_combat(seat, Some(f), kind, n, vec![target]);
    }

    fn start_combat(&mut self, attacker: Seat, by: Option<Fig>, kind: Attack, n: u8, candidates: Vec<Target>) {
        let dice = dice::roll(n, &mut self.rng);
        let star = dice::any_star(&dice);
        self.events.push(Event::Rolled { seat: attacker, what: "attack", faces: dice.clone() });
        let mut c = Combat {
            attacker,
            by,
            kind,
            dice,
            reroll: None,
            rerolled_attack: false,
            hits: 0,
            candidates,
            assigned: Vec::new(),
            defending: 0,
            defence: None,
            star,
        };
        let excess = self.gain_cheese(attacker, dice::cheese_faces(&c.dice));
        if excess > 0 {
            c.reroll = Some((attacker, excess));
        }
        self.combat = Some(Box::new(c));
        self.resolve_combat();
    }

    /// Adds cheese faces to a wheel; returns the excess faces.
    fn gain_cheese(&mut self, seat: Seat, faces: u8) -> u8 {
        if faces == 0 {
            return 0;
        }
        let (wheel, excess) = dice::add_cheese(self.cheese[seat.index()], faces);
        let gained = wheel - self.cheese[seat.index()];
        self.cheese[seat.index()] = wheel;
        if gained > 0 {
            self.events.push(Event::Cheese(seat, gained));
        }
        excess
    }

    fn reroll(&mut self, n: u8) {
        let Some(mut c) = self.combat.take() else { return };
        let Some((seat, _)) = c.reroll.take() else {
            self.combat = Some(c);
            return;
        };
        let faces = if let Some(d) = c.defence.as_mut() { d } else { &mut c.dice };
        let mut left = n;
        for face in faces.iter_mut() {
            if left > 0 && face.symbol() == dice::Symbol::Cheese {
                *face = dice::roll(1, &mut self.rng)[0];
                left -= 1;
            }
        }
        let shown = faces.clone();
        if c.defence.is_none() {
            c.rerolled_attack = true;
            c.star = dice::any_star(&c.dice);
        }
        if n > 0 {
            self.events.push(Event::Rolled { seat, what: "re-rolled cheese", faces: shown });
        }
        self.combat = Some(c);
    }

    fn assign(&mut self, t: Target) {
        if let Some(c) = self.combat.as_mut() {
            if let Some(a) = c.assigned.iter_mut().find(|a| a.0 == t) {
                a.1 += 1;
            } else {
                c.assigned.push((t, 1));
            }
        }
    }

    /// Moves a combat on until it needs a decision or is over.
    fn resolve_combat(&mut self) {
        while let Some(mut c) = self.combat.take() {
            if c.reroll.is_some() || self.outcome.is_some() {
                if self.outcome.is_none() {
                    self.combat = Some(c);
                }
                return;
            }
            if c.defending == 0 && c.defence.is_none() && c.assigned.is_empty() {
                c.hits = dice::hits(&c.dice, c.kind);
                self.events.push(Event::Hits(c.hits));
                if c.hits == 0 {
                    return;
                }
                if c.candidates.len() == 1 {
                    c.assigned.push((c.candidates[0], c.hits));
                } else {
                    self.combat = Some(c);
                    return;
                }
            }
            if c.assigned_total() < c.hits {
                self.combat = Some(c);
                return;
            }
            let Some(&(target, hits)) = c.assigned.get(c.defending) else { return };
            let defender = match target {
                Target::Figure(f) => seat_of(Self::side(f)),
                Target::Nest(s) | Target::Mission(s) => seat_of(s),
                Target::Space(_) => other(c.attacker),
            };
            if c.defence.is_none() {
                let n = self.defence(target, c.kind);
                let faces = dice::roll(n, &mut self.rng);
                if n > 0 {
                    self.events.push(Event::Rolled { seat: defender, what: "defence", faces: faces.clone() });
                }
                let excess = self.gain_cheese(defender, dice::cheese_faces(&faces));
                c.defence = Some(faces);
                if excess > 0 {
                    c.reroll = Some((defender, excess));
                    self.combat = Some(c);
                    return;
                }
            }
            let blocks = dice::blocks(c.defence.as_deref().unwrap_or(&[]));
            let wounds = dice::wounds(hits, blocks);
            self.events.push(Event::Blocks(target, blocks));
            self.wound(target, wounds, true);
            self.side_effects(&c, target, hits, wounds);
            c.defending += 1;
            c.defence = None;
            if c.defending < c.assigned.len() {
                self.combat = Some(c);
            }
        }
    }

    fn side_effects(&mut self, c: &Combat, target: Target, hits: u8, wounds: u8) {
        let Some(by) = c.by else { return };
        let unit = unit_of(by);
        let ground_has = |a: Ability| UNIT_DEFS[unit].ground.is_some_and(|g| GROUND[g].abilities.contains(&a));
        let pilot_has = self.pilot_card(unit).is_some_and(|p| p.abilities.contains(&Ability::Firebrand));
        if c.kind == Attack::Melee
            && ground_has(Ability::Pinning)
            && c.star
            && hits > 0
            && wounds == 0
            && let Target::Figure(f) = target
            && Self::size(f) == Size::Small
            && self.figures[usize::from(f)].place.on_battlefield()
        {
            self.figures[usize::from(f)].immobilized = true;
            self.events.push(Event::Immobilized(f));
        }
        if c.kind == Attack::Ranged && (pilot_has || ground_has(Ability::Firebrand)) && c.star && hits > 0 {
            match target {
                Target::Figure(f)
                    if self.figures[usize::from(f)].place.on_battlefield() && !self.figures[usize::from(f)].on_fire =>
                {
                    self.figures[usize::from(f)].on_fire = true;
                    self.events.push(Event::Fire(target, true));
                }
                Target::Nest(side) if self.nest_standing(side) => {
                    self.nest_fire[seat_of(side).index()] += 1;
                    self.events.push(Event::Fire(target, true));
                }
                _ => {}
            }
        }
    }

    /// Defence dice of a target against an attack of `kind`.
    #[must_use]
    pub fn defence(&self, t: Target, kind: Attack) -> u8 {
        let Target::Figure(f) = t else { return 0 };
        let unit = unit_of(f);
        let d = &UNIT_DEFS[unit];
        let (base, abilities) = match (d.bird, d.ground) {
            (Some((b, _)), _) => (BIRDS[b].defence, BIRDS[b].abilities),
            (None, Some(g)) => (GROUND[g].defence, GROUND[g].abilities),
            _ => (0, &[][..]),
        };
        base + u8::from(kind == Attack::Ranged && abilities.contains(&Ability::Feathered))
    }

    /// Deals `n` wounds (TF-R12).
    fn wound(&mut self, t: Target, n: u8, from_attack: bool) {
        if n == 0 {
            return;
        }
        self.events.push(Event::Wounds(t, n));
        match t {
            Target::Figure(f) => {
                let unit = unit_of(f);
                if Self::is_squad(f) {
                    self.defeat(f);
                    return;
                }
                self.figures[usize::from(f)].wounds += n;
                if let (Some(i), Some(p)) = (bird_index(f), self.pilot_card(unit))
                    && from_attack
                    && dice::rattles(n, p.pilot)
                    && !self.birds[i].rattled
                {
                    self.birds[i].rattled = true;
                    self.events.push(Event::Rattled(f));
                }
                if self.figures[usize::from(f)].wounds >= self.life(unit) {
                    self.defeat(f);
                }
            }
            Target::Nest(side) => {
                let i = seat_of(side).index();
                self.nest[i] -= n.min(self.nest[i]);
                if self.nest[i] == 0 {
                    self.events.push(Event::NestDestroyed(side));
                    let winner = other(seat_of(side));
                    self.outcome = Some(Outcome {
                        winners: vec![winner],
                        scores: self.nest.iter().map(|&l| i32::from(l)).collect(),
                        reason: format!(
                            "The {} nest is destroyed: the {} win",
                            side_name(side).to_lowercase(),
                            side_name(side_of_seat(winner)).to_lowercase()
                        ),
                    });
                    self.phase = Phase::Over;
                    self.combat = None;
                    self.activation = None;
                    self.fin = None;
                }
            }
            Target::Mission(_) | Target::Space(_) => {}
        }
    }

    fn defeat(&mut self, f: Fig) {
        let fig = &mut self.figures[usize::from(f)];
        fig.place = Place::Casualty;
        fig.wounds = 0;
        fig.immobilized = false;
        fig.on_fire = false;
        self.events.push(Event::Defeated(f));
        if let Some(i) = bird_index(f) {
            self.birds[i].rattled = false;
            self.birds[i].launching = false;
            self.birds[i].tilt = Tilt::Centre;
            if let Some(p) = self.birds[i].passenger.take() {
                self.defeat(p);
            }
        }
    }

    fn send_home(&mut self, side: Alliance) {
        let figs = self.mission_box(side);
        if figs.is_empty() {
            return;
        }
        let to = if self.nest_standing(side) { Place::Space(Self::nest_space(side)) } else { Place::Casualty };
        for &f in &figs {
            self.figures[usize::from(f)].place = to;
        }
        self.events.push(Event::Home(side, figs.len() as u8));
    }

    /// A mission box's attack value: 1 a small figure with the value (3 a
    /// large one).
    fn mission_value(&self, side: Alliance, melee: bool) -> u8 {
        self.mission_box(side)
            .into_iter()
            .filter(|&f| {
                let (m, r) = self.attack_values(f);
                if melee { m > 0 } else { r > 0 }
            })
            .map(|f| if Self::size(f) == Size::Large { 3 } else { 1 })
            .sum()
    }

    fn next_turn(&mut self, seat: Seat) {
        if self.available_units(Seat(0)).is_empty() && self.available_units(Seat(1)).is_empty() {
            self.phase = Phase::Final;
            self.fin = None;
            self.fin_at = None;
        } else {
            self.turn = seat;
        }
    }

    /// End of an activation, in order (TF-R6): fire rolls, dousing, the
    /// rattled marker, revive.
    fn close_activation(&mut self) {
        let Some(act) = self.activation.as_ref() else { return };
        let figs = act.figures.clone();
        let seat = seat_of(UNIT_DEFS[usize::from(act.unit)].side);
        for f in figs {
            if self.figures[usize::from(f)].on_fire && self.figures[usize::from(f)].place.on_battlefield() {
                let faces = dice::roll(1, &mut self.rng);
                let star = dice::any_star(&faces);
                self.events.push(Event::Rolled { seat, what: "fire", faces });
                if star {
                    self.figures[usize::from(f)].on_fire = false;
                    self.events.push(Event::Fire(Target::Figure(f), false));
                } else {
                    self.wound(Target::Figure(f), 1, false);
                }
            }
        }
        if self.outcome.is_some() {
            return;
        }
        self.set_step(Step::Douse);
    }

    fn after_douse(&mut self) {
        let Some(act) = self.activation.as_ref() else { return };
        let unit = usize::from(act.unit);
        if act.rattled_at_start
            && let Some(i) = bird_index(UNIT_DEFS[unit].first)
        {
            self.birds[i].rattled = false;
        }
        self.set_step(Step::Revive);
    }

    fn finish_activation(&mut self) {
        let Some(act) = self.activation.take() else { return };
        let seat = seat_of(UNIT_DEFS[usize::from(act.unit)].side);
        self.next_turn(other(seat));
    }

    /// Moves on through steps that need no decision.
    fn advance(&mut self) {
        for _ in 0..10_000 {
            if self.outcome.is_some() || self.combat.is_some() {
                return;
            }
            if !self.advance_once() {
                return;
            }
        }
    }

    /// One automatic step; false when a decision is awaited.
    #[allow(clippy::too_many_lines, reason = "one arm per phase and step")]
    fn advance_once(&mut self) -> bool {
        match self.phase {
            Phase::Deploy => {
                if self.deploying_seat().is_none() {
                    self.phase = Phase::Mission;
                    return true;
                }
                false
            }
            Phase::Mission => {
                if self.chooser().is_some() || self.placing_seat().is_some() || self.sending.is_some() {
                    if let Some(seat) = self.placing_seat()
                        && self.free_spots(seat).is_empty()
                    {
                        self.pick[seat.index()] = Secret::Chosen(None);
                        self.events.push(Event::Note("no room for a mission card".into()));
                        return true;
                    }
                    return false;
                }
                if let Some(seat) = [other(self.first), self.first]
                    .into_iter()
                    .find(|s| self.cards[s.index()].is_some() && !self.sent[s.index()])
                {
                    if self.eligible_for_mission(seat).is_empty() {
                        self.sent[seat.index()] = true;
                        self.cards[seat.index()] = None;
                    } else {
                        self.sending = Some(seat);
                    }
                    return true;
                }
                self.phase = Phase::Tilt;
                true
            }
            Phase::Tilt => {
                if self.tilting().is_some() {
                    return false;
                }
                self.phase = Phase::Activation;
                self.rolled = false;
                self.bids = [Secret::Open; 2];
                true
            }
            Phase::Activation => {
                if self.bidder().is_some() || !self.rolled {
                    return false;
                }
                if self.activation.is_none() {
                    if self.available_units(Seat(0)).is_empty() && self.available_units(Seat(1)).is_empty() {
                        self.next_turn(self.turn);
                        return true;
                    }
                    return false;
                }
                self.advance_activation()
            }
            Phase::Final => self.advance_final(),
            Phase::Over => false,
        }
    }

    fn advance_activation(&mut self) -> bool {
        let Some(act) = self.activation.as_ref() else { return false };
        let unit = usize::from(act.unit);
        let d = UNIT_DEFS[unit];
        let bird_gone = d.bird.is_some() && !self.figures[usize::from(d.first)].place.on_battlefield();
        match &act.step {
            Step::Check | Step::SetTilt | Step::Fly | Step::Walk(_) | Step::Unload if bird_gone => {
                self.close_activation();
                true
            }
            Step::Walk(w) => {
                let f = d.first;
                if !self.crossing_options(f, act, w).is_empty() {
                    return false;
                }
                let w = w.clone();
                match w.plan.crossings.get(w.next).map(|c| c.1) {
                    None => {
                        self.finish_flight(f, &w.plan);
                        return true;
                    }
                    Some(Crossing::Trunk(t)) => {
                        let pose = self.crash_pose(f, &w.plan, usize::from(t));
                        if let Some(i) = bird_index(f) {
                            self.birds[i].pose = pose;
                            self.birds[i].rattled = true;
                        }
                        self.events.push(Event::Crashed(f));
                        self.wound(Target::Figure(f), 2, false);
                        if let Some(i) = bird_index(f) {
                            if self.figures[usize::from(f)].place.on_battlefield() && !self.birds[i].rattled {
                                self.birds[i].rattled = true;
                            }
                            if self.figures[usize::from(f)].place.on_battlefield() {
                                self.events.push(Event::Rattled(f));
                                self.make_room(f);
                            }
                        }
                        self.set_step(Step::Acts);
                        return true;
                    }
                    Some(Crossing::Flyer(e)) => {
                        if Self::side(e) != Self::side(f) && w.plan.ended_on != Some(e) {
                            self.events.push(Event::Note("flew through an enemy bird".into()));
                            self.wound(Target::Figure(f), 1, false);
                        }
                    }
                    Some(_) => {}
                }
                if let Some(act) = self.activation.as_mut()
                    && let Step::Walk(w) = &mut act.step
                {
                    w.next += 1;
                    w.swooped_here = false;
                    w.dropped_here = false;
                }
                true
            }
            Step::Moves => {
                let squad = d.ground.map_or(1, |g| GROUND[g].squad);
                let more = (d.first..d.first + d.count)
                    .any(|f| self.figures[usize::from(f)].place.on_battlefield() && !act.figures.contains(&f));
                if act.figures.len() >= usize::from(squad) || !more {
                    self.set_step(Step::Acts);
                    return true;
                }
                false
            }
            Step::Acts | Step::Douse | Step::Revive => {
                // Only "Done" left (or, to revive, no full wheel): the
                // activation moves on by itself.
                let mut out = Vec::new();
                self.activation_actions(act, &mut out);
                let empty_wheel = self.cheese[seat_of(d.side).index()] < CHEESE_MAX;
                if out.len() > 1 && !(matches!(act.step, Step::Revive) && empty_wheel) {
                    return false;
                }
                match act.step {
                    Step::Acts => {
                        // Said in the log, so that the activation does not
                        // end in silence.
                        let rattled = bird_index(d.first).is_some_and(|i| d.bird.is_some() && self.birds[i].rattled);
                        let why = if rattled {
                            "a rattled pilot makes no attack"
                        } else if act.acted.is_empty() {
                            "no target within reach"
                        } else {
                            "nothing more it may do"
                        };
                        let name = unit_name(unit);
                        self.events.push(Event::Note(format!("the {name} activation ends by itself: {why}")));
                        self.close_activation();
                    }
                    Step::Douse => self.after_douse(),
                    _ => self.finish_activation(),
                }
                true
            }
            Step::Check | Step::SetTilt | Step::Fly | Step::Unload => false,
        }
    }

    /// Ground figures make room for a flying bird that ends over them
    /// (Further rulings, "Ending over ground figures"): a launching bird
    /// whose base lies under `f`'s moves to the nearest of its launch
    /// points (same heading) clear of every flying base, or stays where it
    /// is when none is. Nobody is wounded.
    fn make_room(&mut self, f: Fig) {
        let Some(me) = self.bird(f).map(|b| Shape::base(b.pose.at)) else { return };
        for g in BIRD_FIGS {
            let Some(b) = self.bird(g).copied() else { continue };
            if g == f || !b.launching || !overlaps(&Shape::base(b.pose.at), &me) {
                continue;
            }
            if let (Some(at), Some(i)) = (self.room_in_space(g), bird_index(g)) {
                self.birds[i].pose.at = at;
                self.events.push(Event::Note(format!("{} makes room", figure_name(g))));
            }
        }
    }

    /// Where in its space a launching bird `g` may stand clear of every
    /// other flying or launching base: the nearest of its launch points,
    /// else the nearest point of a twentieth-of-an-inch grid over the space
    /// (the base's centre inside the space). `None` when the space has no
    /// room.
    fn room_in_space(&self, g: Fig) -> Option<V2> {
        const STEP: f64 = 0.05;
        let b = self.bird(g)?;
        let Place::Space(s) = self.figures[usize::from(g)].place else { return None };
        let sp = &field().spaces[usize::from(s)];
        let others: Vec<Shape> = self.flying_bases(g).into_iter().map(|(_, o)| o).collect();
        let clear = |p: V2| sp.outline.contains(p) && others.iter().all(|o| !overlaps(&Shape::base(p), o));
        let nearest = |points: Vec<V2>| {
            points.into_iter().filter(|&p| clear(p)).min_by(|x, y| x.dist(b.pose.at).total_cmp(&y.dist(b.pose.at)))
        };
        let launch: Vec<V2> = (0..5).filter_map(|p| self.launch_pose(g, b.pose.heading.0, p)).map(|q| q.at).collect();
        nearest(launch).or_else(|| {
            let (mut lo, mut hi) = (sp.perch, sp.perch);
            for v in &sp.outline.0 {
                lo = V2::new(lo.x.min(v.x), lo.y.min(v.y));
                hi = V2::new(hi.x.max(v.x), hi.y.max(v.y));
            }
            let steps = |a: f64, b: f64| ((b - a) / STEP).ceil() as usize;
            let grid = (0..=steps(lo.x, hi.x))
                .flat_map(|i| {
                    (0..=steps(lo.y, hi.y)).map(move |j| V2::new(lo.x + STEP * i as f64, lo.y + STEP * j as f64))
                })
                .collect();
            nearest(grid)
        })
    }

    fn finish_flight(&mut self, f: Fig, plan: &FlightPlan) {
        let Some(i) = bird_index(f) else { return };
        self.birds[i].pose = plan.end;
        self.figures[usize::from(f)].place = Place::Air;
        self.make_room(f);
        if let Some(e) = plan.ended_on
            && Self::side(e) != Self::side(f)
        {
            self.events.push(Event::Note("ended against an enemy bird: 1 wound each".into()));
            self.wound(Target::Figure(e), 1, false);
            self.wound(Target::Figure(f), 1, false);
        }
        if self.figures[usize::from(f)].place == Place::Air && off_battlefield(plan.end.at) {
            self.events.push(Event::Off(f));
            self.defeat(f);
        }
        self.set_step(Step::Acts);
    }

    fn begin_final(&mut self) {
        // Burning nests (TF-R18), in turn order.
        for seat in [self.first, other(self.first)] {
            let fire = self.nest_fire[seat.index()];
            if fire > 0 && self.outcome.is_none() {
                self.events
                    .push(Event::Note(format!("the {} nest burns", side_name(side_of_seat(seat)).to_lowercase())));
                self.wound(Target::Nest(side_of_seat(seat)), fire, false);
            }
        }
        if self.outcome.is_some() {
            return;
        }
        // Reinforce.
        for side in [Alliance::Mice, Alliance::Rats] {
            if self.nest_standing(side) {
                let nest = Self::nest_space(side);
                for f in 0..FIGURES as u8 {
                    if Self::side(f) == side && self.figures[usize::from(f)].place == Place::Reserves {
                        self.figures[usize::from(f)].place = Place::Space(nest);
                    }
                }
            }
        }
        // Reveal.
        for side in [Alliance::Mice, Alliance::Rats] {
            if let Some(card) = self.cards[seat_of(side).index()].as_mut()
                && !card.revealed
            {
                card.revealed = true;
                if let Some(k) = card.kind {
                    self.events.push(Event::Revealed(side, k));
                }
            }
        }
        self.fin_at = Some((0, false));
    }

    fn advance_final(&mut self) -> bool {
        let Some((at, begun)) = self.fin_at else { return false };
        if self.fin.is_some() || self.combat.is_some() {
            return false;
        }
        let kinds = super::components::MISSIONS;
        if usize::from(at) >= kinds.len() * 2 {
            self.end_round();
            return true;
        }
        let kind = kinds[usize::from(at) / 2];
        let seat = if at % 2 == 0 { self.first } else { other(self.first) };
        let mine = self.cards[seat.index()].is_some_and(|c| c.kind == Some(kind));
        if !mine {
            self.fin_at = Some((at + 1, false));
            self.after_kind(at);
            return true;
        }
        let side = side_of_seat(seat);
        if !begun {
            self.fin_at = Some((at, true));
            let in_box = self.mission_box(side);
            let enemy = side_of_seat(other(seat));
            match kind {
                MissionKind::Decoy | MissionKind::Special => {}
                MissionKind::Intercept => {
                    let n = self.mission_value(side, true);
                    let targets: Vec<Target> = self.mission_box(enemy).into_iter().map(Target::Figure).collect();
                    if n > 0 && !targets.is_empty() {
                        self.events.push(Event::Note(format!("the {} intercept", side_name(side).to_lowercase())));
                        self.start_combat(seat, None, Attack::Melee, n, targets);
                    }
                }
                MissionKind::Siege => {
                    if !in_box.is_empty() {
                        self.fin = Some(Final::Mission(MissionKind::Siege, seat));
                    }
                }
                MissionKind::Patrol => {
                    let n = self.mission_value(side, false);
                    if n > 0 && self.flyers().iter().any(|&f| Self::side(f) == enemy) {
                        self.fin = Some(Final::Mission(MissionKind::Patrol, seat));
                    }
                }
                MissionKind::Rescue => {
                    let dead = BIRD_FIGS
                        .iter()
                        .any(|&f| Self::side(f) == side && self.figures[usize::from(f)].place == Place::Casualty);
                    if in_box.len() >= 2 && dead {
                        self.fin = Some(Final::Mission(MissionKind::Rescue, seat));
                    }
                }
            }
            return true;
        }
        // The mission is done: its figures go home (intercepts after all
        // intercepts).
        match kind {
            MissionKind::Intercept => {}
            MissionKind::Special => {
                if !self.mission_box(side).is_empty() {
                    let gained = self.gain_cheese_plain(seat, SAP_RUN_CHEESE);
                    self.events.push(Event::Note(format!("the sap run brings {gained} cheese")));
                }
                self.send_home(side);
            }
            _ => self.send_home(side),
        }
        self.fin_at = Some((at + 1, false));
        self.after_kind(at);
        true
    }

    fn gain_cheese_plain(&mut self, seat: Seat, n: u8) -> u8 {
        let before = self.cheese[seat.index()];
        self.cheese[seat.index()] = (before + n).min(CHEESE_MAX);
        self.cheese[seat.index()] - before
    }

    /// After the last seat of the intercept kind: intercept figures go home.
    fn after_kind(&mut self, at: u8) {
        if at == 3 {
            for seat in [self.first, other(self.first)] {
                if self.cards[seat.index()].is_some_and(|c| c.kind == Some(MissionKind::Intercept)) {
                    self.send_home(side_of_seat(seat));
                }
            }
        }
    }

    fn end_round(&mut self) {
        for side in [Alliance::Mice, Alliance::Rats] {
            self.send_home(side);
        }
        self.activated = [false; UNITS];
        self.cards = [None; 2];
        self.pick = [Secret::Open; 2];
        self.sent = [false; 2];
        self.tilted = [false; 5];
        self.sending = None;
        self.fin = None;
        self.fin_at = None;
        if self.round >= field().round_limit {
            let (m, r) = (self.nest[0], self.nest[1]);
            let winners = match m.cmp(&r) {
                std::cmp::Ordering::Greater => vec![Seat(0)],
                std::cmp::Ordering::Less => vec![Seat(1)],
                std::cmp::Ordering::Equal => Vec::new(),
            };
            let reason = match winners.first() {
                Some(&w) => format!(
                    "The round limit: the {} nest has more life left ({} to {})",
                    side_name(side_of_seat(w)).to_lowercase(),
                    m.max(r),
                    m.min(r)
                ),
                None => format!("The round limit: both nests have {m} life left, a draw"),
            };
            self.outcome = Some(Outcome { winners, scores: vec![i32::from(m), i32::from(r)], reason });
            self.phase = Phase::Over;
            return;
        }
        self.round += 1;
        self.phase = Phase::Mission;
    }

    /// The invariants every reachable state keeps: no space over capacity,
    /// no two flying bases overlapping, wounds below life on the
    /// battlefield, cheese within 0..=6.
    ///
    /// # Errors
    /// The first broken invariant, in words.
    pub fn invariants(&self) -> Result<(), String> {
        for s in 0..field().spaces.len() {
            let occ = self.occupants(s, None);
            if field().spaces[s].nest.is_none() {
                let large = occ.iter().filter(|o| o.size == Size::Large).count();
                if (large > 0 && occ.len() > 1) || occ.len() > SPACE_SMALL {
                    return Err(format!("space {s} holds {} figures ({large} large)", occ.len()));
                }
            }
        }
        let flying = self.airborne_bases(u8::MAX);
        for (i, (f, a)) in flying.iter().enumerate() {
            for (g, b) in &flying[i + 1..] {
                if overlaps(a, b) {
                    return Err(format!("flying bases of figures {f} and {g} overlap"));
                }
            }
        }
        for f in 0..FIGURES as u8 {
            let fig = &self.figures[usize::from(f)];
            if fig.place.on_battlefield() && fig.wounds >= self.life(unit_of(f)) {
                return Err(format!("figure {f} has {} wounds on the battlefield", fig.wounds));
            }
        }
        if self.cheese.iter().any(|&c| c > CHEESE_MAX) {
            return Err(format!("cheese {:?}", self.cheese));
        }
        Ok(())
    }
}

// ---------------------------------------------------------------------
// The game as the app sees it.

/// A figure's name for the log ("the Swallow", "a Thistle Guard").
#[must_use]
pub fn figure_name(f: Fig) -> String {
    let d = &UNIT_DEFS[unit_of(f)];
    match (d.bird, d.ground) {
        (Some((b, _)), _) => format!("the {}", BIRDS[b].name),
        (None, Some(g)) if GROUND[g].squad > 1 => format!("a {} rat", GROUND[g].name)
            .replace(" rat", if d.side == Alliance::Mice { " mouse" } else { " rat" }),
        (None, Some(g)) => GROUND[g].name.to_string(),
        _ => format!("figure {f}"),
    }
}

/// A unit's name.
#[must_use]
pub fn unit_name(u: usize) -> String {
    let d = &UNIT_DEFS[u];
    match (d.bird, d.ground) {
        (Some((b, _)), _) => BIRDS[b].name.to_string(),
        (None, Some(g)) => GROUND[g].name.to_string(),
        _ => format!("unit {u}"),
    }
}

/// A space's name ("the Old Beech, space 3", "the mice nest").
#[must_use]
pub fn space_name(s: u8) -> String {
    let su = usize::from(s);
    if let Some(side) = field().spaces.get(su).and_then(|sp| sp.nest) {
        return format!("the {} nest", side_name(side).to_lowercase());
    }
    for t in &field().trees {
        if let Some(k) = t.spaces.iter().position(|&x| x == su) {
            let name = t.name.split(": ").last().unwrap_or(t.name);
            return format!("{name}, space {}", k + 1);
        }
    }
    format!("space {s}")
}

/// A target in words.
#[must_use]
pub fn target_name(t: Target) -> String {
    match t {
        Target::Figure(f) => figure_name(f),
        Target::Nest(side) => format!("the {} nest", side_name(side).to_lowercase()),
        Target::Mission(side) => format!("the {} mission", side_name(side).to_lowercase()),
        Target::Space(s) => space_name(s),
    }
}

fn lengths_words(list: &[Length]) -> String {
    list.iter()
        .map(|l| match l {
            Length::Short => "short",
            Length::Long => "long",
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn tilt_word(t: Tilt) -> &'static str {
    match t {
        Tilt::Left => "left",
        Tilt::Centre => "centre",
        Tilt::Right => "right",
    }
}

fn faces_words(faces: &[Face]) -> String {
    faces
        .iter()
        .map(|f| {
            let sym = match f.symbol() {
                dice::Symbol::Cheese => "cheese",
                dice::Symbol::Sword => "sword",
                dice::Symbol::SwordShield => "sword+shield",
                dice::Symbol::Bow => "bow",
            };
            format!("{} {}{}", f.number(), sym, if f.star() { " (star)" } else { "" })
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// An event in words, for the log.
#[must_use]
pub fn event_words(e: &Event) -> String {
    match e {
        Event::Rolled { seat, what, faces } => {
            format!("{} roll {what}: {}", side_name(side_of_seat(*seat)), faces_words(faces))
        }
        Event::Hits(n) => words::count(usize::from(*n), "hit"),
        Event::Blocks(t, n) => format!("{} blocks {n}", target_name(*t)),
        Event::Wounds(t, n) => format!("{} takes {}", target_name(*t), words::count(usize::from(*n), "wound")),
        Event::Defeated(f) => format!("{} is defeated", figure_name(*f)),
        Event::NestDestroyed(side) => format!("the {} nest is destroyed", side_name(*side).to_lowercase()),
        Event::Cheese(seat, n) => format!("{} gain {n} cheese", side_name(side_of_seat(*seat))),
        Event::Rattled(f) => format!("{}'s pilot is rattled", figure_name(*f)),
        Event::Fire(t, true) => format!("{} catches fire", target_name(*t)),
        Event::Fire(t, false) => format!("the fire on {} goes out", target_name(*t)),
        Event::Immobilized(f) => format!("{} is knocked down (immobilized)", figure_name(*f)),
        Event::Revealed(side, k) => {
            format!("the {} mission is revealed: {}", side_name(*side).to_lowercase(), kind_name(*k))
        }
        Event::Initiative(m, r, w) => {
            format!("initiative: Mice {m}, Rats {r}; {} go first", side_name(side_of_seat(*w)))
        }
        Event::Crashed(f) => format!("{} hits a trunk and turns back", figure_name(*f)),
        Event::Truncated(f, n) => {
            format!(
                "{}'s flight stops after {} so as not to end on a bird",
                figure_name(*f),
                words::count(*n, "template")
            )
        }
        Event::Off(f) => format!("{} flies off the battlefield", figure_name(*f)),
        Event::Home(side, n) => match (n, side) {
            (1, Alliance::Mice) => "a mouse figure goes home".to_string(),
            (1, Alliance::Rats) => "a rat figure goes home".to_string(),
            (n, side) => format!("{n} {} figures go home", side_name(*side).to_lowercase()),
        },
        Event::Note(s) => s.clone(),
    }
}

/// A mission type's name.
#[must_use]
pub fn kind_name(k: MissionKind) -> &'static str {
    match k {
        MissionKind::Decoy => "decoy",
        MissionKind::Intercept => "intercept",
        MissionKind::Siege => "siege",
        MissionKind::Patrol => "patrol",
        MissionKind::Rescue => "rescue",
        MissionKind::Special => "sap run",
    }
}

impl TailFeathers {
    /// Why `action` is refused here, with its rule.
    fn refusal(&self, a: &Action) -> RuleViolation {
        if let Some(v) = self.step_refusal(a) {
            return v;
        }
        if let &Action::Strike { figure, .. } | &Action::Shoot { figure, .. } = a
            && let Some(v) = self.attack_turn_refusal(figure)
        {
            return v;
        }
        let rule = match a {
            Action::Deploy { .. } => "TF-R21",
            Action::Mission(_) | Action::PlaceMission(_) | Action::Send(_) => "TF-R2",
            Action::Tilt { .. } | Action::Launch { .. } | Action::Stay(_) => "TF-R3",
            Action::Bid(_) | Action::RollInitiative => "TF-R4",
            Action::Pass | Action::Activate(_) => "TF-R5",
            Action::Move { .. } | Action::Scurry { .. } | Action::Hold(_) => "TF-R7",
            Action::Stand(_) | Action::Douse(_) => "TF-R18",
            Action::PilotingCheck | Action::SetTilt(_) | Action::Fly(_) | Action::Perch | Action::Continue => "TF-R9",
            Action::PickUp(_) | Action::DropOff | Action::Unload(_) => "TF-R10",
            Action::Strike { .. } | Action::Shoot { .. } => "TF-R11",
            Action::Reroll(_) => "TF-R13",
            Action::Swoop => "TF-R14",
            Action::AssignHit(_) => "TF-R15",
            Action::Revive(_) => "TF-R16",
            Action::Done
            | Action::FinalPhase
            | Action::Siege(_)
            | Action::SiegeTo(_)
            | Action::Patrol(_)
            | Action::Rescue(_) => "TF-R17",
        };
        let owed = self.status();
        let reason = match a {
            &Action::Move { figure, to } | &Action::Scurry { figure, to } => self.move_refusal(figure, to),
            &Action::Strike { figure, target } => self.attack_refusal(figure, target, false),
            &Action::Shoot { figure, target } => self.attack_refusal(figure, target, true),
            &Action::Activate(u) if usize::from(u) < UNITS && self.activated[usize::from(u)] => {
                format!("{} has already been activated this round", unit_name(usize::from(u)))
            }
            Action::Fly(list) if list.len() < 2 => "a flight lays at least 2 templates".to_string(),
            Action::Fly(list) => match self.active_unit() {
                Some(u) if list.len() > Self::max_templates(u) => {
                    format!("{} may lay at most {} templates", unit_name(u), Self::max_templates(u))
                }
                Some(_) => "at most 3 regular templates of each length exist".to_string(),
                None => format!("not now: {owed}"),
            },
            &Action::Deploy { figure, space } => {
                let side = Self::side(figure);
                let home = field().trees.iter().position(|t| t.home == Some(side)).map_or_else(String::new, |t| tree_name(t as u8));
                let on_home = field()
                    .trees
                    .iter()
                    .any(|t| t.home == Some(side) && t.spaces.contains(&usize::from(space)));
                if on_home {
                    format!(
                        "{} cannot deploy in {}: no room for it there (one large figure or four small to a space, birds not in the nest)",
                        figure_name(figure),
                        space_name(space)
                    )
                } else {
                    format!(
                        "{} cannot deploy in {}: the {} deploy on their home tree, {home}",
                        figure_name(figure),
                        space_name(space),
                        side_name(side).to_lowercase()
                    )
                }
            }
            &Action::PlaceMission(spot) => match self.placing_seat() {
                Some(_) if !USABLE_SPOTS.contains(&usize::from(spot)) => format!(
                    "spot {} is not within {CLOSE_RANGE}\" of the axis marker clear of the trees",
                    spot + 1
                ),
                Some(seat) => match self.spot_blocker(seat, usize::from(spot)) {
                    Some(what) => format!("a mission card touches nothing: spot {} would touch {what}", spot + 1),
                    None => format!("not now: {owed}"),
                },
                None => format!("not now: {owed}"),
            },
            Action::Perch => "a bird that began its turn perched cannot perch, and a space must be empty for a bird".into(),
            Action::Swoop => "one swoop an activation, at enemy figures, an enemy nest or mission not touching the base when it began".into(),
            _ => format!("not now: {owed}"),
        };
        RuleViolation::new(rule, reason)
    }

    /// Refusals that follow from where the round or the activation is
    /// rather than from the action's own ruling: a mission box left empty
    /// (TF-R2), a bird that must fly (TF-R3, TF-R9), the squad value
    /// (TF-R5), moves before attacks and one scurry or attack (TF-R6), a
    /// perched bird (TF-R8), a figure lying down (TF-R18).
    fn step_refusal(&self, a: &Action) -> Option<RuleViolation> {
        if self.phase == Phase::Mission && *a == Action::Done {
            return Some(RuleViolation::new("TF-R2", "send at least one figure on the mission"));
        }
        let act = self.activation.as_ref().filter(|_| self.combat.is_none())?;
        let unit = usize::from(act.unit);
        let mine = |f: Fig| usize::from(f) < FIGURES && unit_of(f) == unit;
        let squad = UNIT_DEFS[unit].ground.map_or(1, |g| GROUND[g].squad);
        let bird = UNIT_DEFS[unit].bird.map(|_| UNIT_DEFS[unit].first);
        let v = |rule: &'static str, why: String| Some(RuleViolation::new(rule, why));
        match (a, &act.step) {
            (Action::Done, Step::Check | Step::SetTilt | Step::Fly) if act.began_perched => {
                v("TF-R3", format!("{} launched this round: it must fly", unit_name(unit)))
            }
            (Action::Done, Step::Check | Step::SetTilt | Step::Fly | Step::Walk(_)) => {
                v("TF-R9", format!("{} is in the air: it must fly", unit_name(unit)))
            }
            (&Action::Move { figure, .. } | &Action::Hold(figure), _)
                if mine(figure) && self.figures[usize::from(figure)].immobilized =>
            {
                v("TF-R18", format!("{} lies down: it spends its activation standing up", figure_name(figure)))
            }
            (&Action::Move { figure, .. } | &Action::Hold(figure), _)
                if mine(figure) && !act.figures.contains(&figure) && act.figures.len() >= usize::from(squad) =>
            {
                v("TF-R5", format!("{} activates at most {squad} figures at a time", unit_name(unit)))
            }
            (
                &Action::Strike { figure, .. } | &Action::Shoot { figure, .. } | &Action::Scurry { figure, .. },
                Step::Moves,
            ) if mine(figure) => v("TF-R6", "every activated figure moves first; then each scurries or attacks".into()),
            (&Action::Strike { figure, .. } | &Action::Shoot { figure, .. } | &Action::Scurry { figure, .. }, _)
                if mine(figure) && act.acted.contains(&figure) =>
            {
                v("TF-R6", format!("{} has already scurried, attacked or stood up", figure_name(figure)))
            }
            (Action::Fly(_) | Action::Move { .. } | Action::Scurry { .. }, Step::Acts)
                if bird.is_some_and(|b| matches!(self.figures[usize::from(b)].place, Place::Space(_))) =>
            {
                v("TF-R8", format!("{} is perched: it does not fly, move or scurry now", unit_name(unit)))
            }
            _ => None,
        }
    }

    /// Why figure `f` may not attack at all just now, whatever the target:
    /// no activation of its unit under way (TF-R5), a figure of the unit
    /// that was not activated, or a bird that swooped (TF-R14). `None` when
    /// it is the figure's moment to attack.
    fn attack_turn_refusal(&self, f: Fig) -> Option<RuleViolation> {
        let v = |rule: &'static str, why: String| Some(RuleViolation::new(rule, why));
        if self.combat.is_some() {
            return v("TF-R15", "an attack is being resolved: finish it first".into());
        }
        let unit = unit_of(f);
        let Some(act) = self.activation.as_ref().filter(|a| usize::from(a.unit) == unit) else {
            return match self.active_unit() {
                Some(u) => v("TF-R5", format!("{} is being activated, not {}", unit_name(u), unit_name(unit))),
                None if self.phase == Phase::Activation && self.activated[unit] => {
                    v("TF-R5", format!("{}'s activation is over: a unit activates once a round", unit_name(unit)))
                }
                None if self.phase == Phase::Activation => {
                    v("TF-R5", format!("{} is not activated: activate it first", unit_name(unit)))
                }
                None => v("TF-R5", format!("attacks are made in the activation phase, not now: {}", self.status())),
            };
        };
        if !act.figures.contains(&f) {
            return v("TF-R5", format!("{} was not activated this turn", figure_name(f)));
        }
        if act.swooped {
            return v("TF-R14", format!("{} swooped: a swoop is its attack this activation", figure_name(f)));
        }
        None
    }

    fn move_refusal(&self, f: Fig, to: u8) -> String {
        let fig = &self.figures[usize::from(f)];
        let Place::Space(from) = fig.place else { return format!("{} is not in a tree", figure_name(f)) };
        let mover = Occupant { side: Self::side(f), size: Self::size(f) };
        let mut here = self.occupants(usize::from(from), Some(f));
        here.push(mover);
        if !trees::may_leave(mover, &here) {
            return format!("{} cannot leave {}: enemies outnumber friends there", figure_name(f), space_name(from));
        }
        let tu = usize::from(to);
        if tu < field().spaces.len() && !trees::has_room(field(), tu, &self.occupants(tu, Some(f)), mover.size) {
            return format!("{} is full (four small figures or one large)", space_name(to));
        }
        let card = UNIT_DEFS[unit_of(f)].ground.map_or(0, |g| GROUND[g].movement);
        format!(
            "{} cannot reach {} with {card} steps through spaces it could stop in (a small figure stops where it meets an enemy; trunks are solid)",
            figure_name(f),
            space_name(to)
        )
    }

    fn attack_refusal(&self, f: Fig, t: Target, ranged: bool) -> String {
        let (melee, shoot) = self.attack_values(f);
        if (ranged && shoot == 0) || (!ranged && melee == 0) {
            return format!("{} has no {} attack now", figure_name(f), if ranged { "ranged" } else { "melee" });
        }
        match self.measure(f, t) {
            Some((d, sight)) if ranged => {
                if d > RANGED_RANGE {
                    format!("{} is {d:.1}\" away, beyond ranged range ({RANGED_RANGE}\")", target_name(t))
                } else if sight.is_none() {
                    format!("no clear sight to {}: a trunk or a flying bird is in the way", target_name(t))
                } else if self.shares_space_with_enemies(f) {
                    "a figure sharing its space with enemies may shoot only at them".to_string()
                } else {
                    format!("{} cannot be shot at", target_name(t))
                }
            }
            Some((d, _)) => format!(
                "melee needs an adjacent ground target (or, flying, a flying bird within {CLOSE_RANGE}\"); {} is {d:.1}\" away",
                target_name(t)
            ),
            None => format!("{} is not on the battlefield", target_name(t)),
        }
    }

    /// True when figure `f` stands in a space with an enemy figure.
    fn shares_space_with_enemies(&self, f: Fig) -> bool {
        match self.figures[usize::from(f)].place {
            Place::Space(s) => self.in_space(s).iter().any(|&e| Self::side(e) != Self::side(f)),
            _ => false,
        }
    }

    fn validate_fig(f: Fig) -> Result<(), String> {
        if usize::from(f) < FIGURES { Ok(()) } else { Err(format!("there is no figure {f}")) }
    }

    fn validate_target(t: Target) -> Result<(), String> {
        match t {
            Target::Figure(f) => Self::validate_fig(f),
            Target::Space(s) if usize::from(s) >= field().spaces.len() => Err(format!("there is no space {s}")),
            _ => Ok(()),
        }
    }
}

impl Game for TailFeathers {
    type Action = Action;
    type Options = Options;

    const INFO: GameInfo = GameInfo { id: "tail-feathers", name: "Tail Feathers", min_seats: 2, max_seats: 2 };

    fn new(setup: &Setup<Options>, seed: u64) -> Self {
        Self::start(setup.options.clone(), seed)
    }

    fn setup(&self) -> Setup<Options> {
        Setup { seats: 2, options: self.options.clone() }
    }

    fn to_move(&self) -> ToMove {
        self.decider()
    }

    fn legal_actions(&self) -> Vec<Action> {
        self.memo.0.get_or_init(|| self.legal()).clone()
    }

    fn validate(&self, a: &Action) -> Result<(), String> {
        let spaces = field().spaces.len();
        let space = |s: u8| if usize::from(s) < spaces { Ok(()) } else { Err(format!("there is no space {s}")) };
        match a {
            &Action::Deploy { figure, space: s }
            | &Action::Move { figure, to: s }
            | &Action::Scurry { figure, to: s } => {
                Self::validate_fig(figure)?;
                space(s)
            }
            &Action::PlaceMission(s) if usize::from(s) >= field().mission_spots.len() => {
                Err(format!("there is no mission spot {s}"))
            }
            &Action::Send(f)
            | &Action::Stay(f)
            | &Action::PickUp(f)
            | &Action::Hold(f)
            | &Action::Stand(f)
            | &Action::Douse(f)
            | &Action::Patrol(f)
            | &Action::Rescue(f)
            | &Action::Tilt { bird: f, .. } => Self::validate_fig(f),
            &Action::Launch { bird, heading, point } => {
                Self::validate_fig(bird)?;
                if heading >= HEADINGS || point >= 5 {
                    return Err(format!("there is no launch heading {heading} / point {point}"));
                }
                Ok(())
            }
            &Action::Activate(u) if usize::from(u) >= UNITS => Err(format!("there is no unit {u}")),
            Action::Fly(list) if list.len() > 8 => Err("a flight of more than 8 templates".into()),
            &Action::Strike { figure, target } | &Action::Shoot { figure, target } => {
                Self::validate_fig(figure)?;
                Self::validate_target(target)
            }
            &Action::AssignHit(t) => Self::validate_target(t),
            &Action::Unload(Some(s)) | &Action::SiegeTo(s) => space(s),
            &Action::Siege(t) if usize::from(t) >= field().trees.len() => Err(format!("there is no tree {t}")),
            &Action::Bid(n) | &Action::Reroll(n) if n > 6 => Err(format!("{n} is too many dice")),
            _ => Ok(()),
        }
    }

    fn check(&self, a: &Action) -> Result<(), RuleViolation> {
        if let Err(e) = self.validate(a) {
            return Err(RuleViolation::new("RULES", e));
        }
        if self.outcome.is_some() {
            return Err(RuleViolation::new("TF-R19", "the game is over"));
        }
        if self.memo.0.get_or_init(|| self.legal()).binary_search(a).is_ok() { Ok(()) } else { Err(self.refusal(a)) }
    }

    fn apply(&mut self, a: &Action) -> Result<(), RuleViolation> {
        self.check(a)?;
        self.act(a);
        Ok(())
    }

    fn apply_legal(&mut self, a: &Action) {
        self.act(a);
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }

    fn observation(&self, seat: Seat) -> Self {
        let mut obs = self.clone();
        obs.rng = Rng::seeded(0);
        obs.memo = Memo::default();
        let o = other(seat).index();
        if matches!(obs.pick[o], Secret::Chosen(_)) {
            obs.pick[o] = Secret::Hidden;
        }
        if let Some(c) = obs.cards[o].as_mut()
            && !c.revealed
        {
            c.kind = None;
        }
        if matches!(obs.bids[o], Secret::Chosen(_)) {
            obs.bids[o] = Secret::Hidden;
        }
        obs
    }

    fn determinize(&self, seat: Seat, rng: &mut Rng) -> Self {
        // Start from what the seat knows: the other side's secrets hidden.
        let mut copy = self.observation(seat);
        let o = other(seat).index();
        let kinds = super::components::MISSIONS;
        if let Some(c) = copy.cards[o].as_mut()
            && c.kind.is_none()
        {
            c.kind = Some(kinds[rng.below(kinds.len())]);
        }
        if copy.pick[o] == Secret::Hidden {
            copy.pick[o] = match copy.cards[o] {
                Some(c) => Secret::Chosen(c.kind),
                None if copy.phase == Phase::Mission && self.chooser().is_none() && self.placing_seat().is_some() => {
                    let k = rng.below(kinds.len() + 1);
                    Secret::Chosen(kinds.get(k).copied())
                }
                None => Secret::Chosen(None),
            };
        }
        if copy.bids[o] == Secret::Hidden {
            let most = copy.cheese[o].min(3);
            copy.bids[o] = Secret::Chosen(rng.below(usize::from(most) + 1) as u8);
        }
        copy.rng = rng.split();
        copy
    }

    fn reveals(&self, a: &Action) -> bool {
        let mut c = self.clone();
        c.act(a);
        let shown = |g: &Self| g.cards.iter().flatten().filter(|c| c.revealed).count();
        c.rng != self.rng || shown(&c) != shown(self)
    }

    fn announced(&self, a: &Action) -> bool {
        matches!(a, Action::Fly(_))
    }

    fn describe(&self, a: &Action) -> String {
        let seat = self.seat_now();
        let who = side_name(side_of_seat(seat));
        let bird = || figure_name(self.active_bird());
        match a {
            &Action::Deploy { figure, space } => {
                format!("{who} deploy {} in {}", figure_name(figure), space_name(space))
            }
            Action::Mission(_) => format!("{who} choose a mission card in secret"),
            &Action::PlaceMission(s) => format!("{who} lay a mission card face down (spot {})", s + 1),
            &Action::Send(f) => format!("{who} send {} on the mission", figure_name(f)),
            Action::Done => match (&self.phase, self.activation.as_ref().map(|a| &a.step)) {
                (Phase::Mission, _) => format!("{who} are done sending figures"),
                (_, Some(Step::Moves)) => format!("{who} end the moves"),
                (_, Some(Step::Acts)) => format!("{who} end the activation"),
                (_, Some(Step::Douse)) => format!("{who} leave the fire"),
                _ => format!("{who} do not revive"),
            },
            &Action::Tilt { bird, tilt } => format!("{who} set {} to {} tilt", figure_name(bird), tilt_word(tilt)),
            &Action::Launch { bird, heading, .. } => {
                format!("{who} launch {} facing {}°", figure_name(bird), Heading(heading).degrees())
            }
            &Action::Stay(b) => format!("{who} keep {} perched", figure_name(b)),
            Action::Bid(_) => format!("{who} bid for initiative in secret"),
            Action::RollInitiative => "The bids are revealed and initiative is rolled".into(),
            Action::Pass => format!("{who} have nothing left to activate and pass"),
            &Action::Activate(u) => format!("{who} activate {}", unit_name(usize::from(u))),
            Action::PilotingCheck => format!("{who}: piloting check for {}", bird()),
            &Action::SetTilt(t) => format!("{who} turn {} to {} tilt", bird(), tilt_word(t)),
            &Action::PickUp(f) => format!("{who}: {} picks up {}", bird(), figure_name(f)),
            Action::Fly(list) => format!("{who}: {} flies {}", bird(), lengths_words(list)),
            Action::Perch => {
                format!("{who}: {} perches in {}", bird(), self.current_space().map_or_else(String::new, space_name))
            }
            Action::Swoop => {
                let at = match self.walking().and_then(|w| w.1) {
                    Some(Crossing::Space(s)) => space_name(s),
                    Some(Crossing::Mission(m)) => target_name(Target::Mission(m)),
                    _ => String::new(),
                };
                format!("{who}: {} swoops at {at}", bird())
            }
            Action::DropOff => format!(
                "{who}: {} drops its passenger in {}",
                bird(),
                self.current_space().map_or_else(String::new, space_name)
            ),
            Action::Continue => format!("{who}: {} flies on", bird()),
            &Action::Unload(to) => match to {
                Some(s) => format!("{who}: the passenger climbs down to {}", space_name(s)),
                None => format!("{who}: the passenger is lost"),
            },
            &Action::Move { figure, to } => format!("{who} move {} to {}", figure_name(figure), space_name(to)),
            &Action::Hold(f) => format!("{who} activate {} where it stands", figure_name(f)),
            &Action::Stand(f) => format!("{who}: {} stands up", figure_name(f)),
            &Action::Scurry { figure, to } => format!("{who}: {} scurries to {}", figure_name(figure), space_name(to)),
            &Action::Strike { figure, target } => {
                format!("{who}: {} attacks {} in melee", figure_name(figure), target_name(target))
            }
            &Action::Shoot { figure, target } => {
                format!("{who}: {} shoots at {}", figure_name(figure), target_name(target))
            }
            &Action::Reroll(n) => format!("{who} re-roll {n} cheese"),
            &Action::AssignHit(t) => format!("{who} give a hit to {}", target_name(t)),
            &Action::Douse(f) => format!("{who}: {} tries to douse the nest", figure_name(f)),
            &Action::Revive(r) => match r {
                Revival::Hero => format!("{who} spend 6 cheese to revive their hero"),
                Revival::Squad(n) => {
                    format!("{who} spend 6 cheese to revive {}", words::count(usize::from(n), "squad figure"))
                }
            },
            Action::FinalPhase => format!("Round {}: the final phase", self.round),
            &Action::Siege(t) => match field().trees[usize::from(t)].home {
                Some(side) => {
                    format!("{who} besiege {}, the {} home tree", tree_name(t), side_name(side).to_lowercase())
                }
                None => format!("{who} besiege {}", tree_name(t)),
            },
            &Action::SiegeTo(s) => format!("{who} land a besieger in {}", space_name(s)),
            &Action::Patrol(f) => format!("{who}'s patrol shoots at {}", figure_name(f)),
            &Action::Rescue(f) => format!("{who} rescue {}", figure_name(f)),
        }
    }

    fn aftermath(&self) -> String {
        self.events.iter().map(event_words).collect::<Vec<_>>().join("; ")
    }

    fn status(&self) -> String {
        if let Some(o) = &self.outcome {
            return o.reason.clone();
        }
        let who = |s: Seat| side_name(side_of_seat(s));
        let phase = match self.phase {
            Phase::Deploy => "Deployment",
            Phase::Mission => "Mission",
            Phase::Tilt => "Tilt",
            Phase::Activation => "Activation",
            Phase::Final => "Final",
            Phase::Over => "Over",
        };
        if let Some(c) = &self.combat {
            let task = match c.reroll {
                Some((s, n)) => format!("{} may re-roll up to {n} excess cheese", who(s)),
                None => format!(
                    "{} to give {} more",
                    who(c.attacker),
                    words::count(usize::from(c.hits - c.assigned_total()), "hit")
                ),
            };
            return format!("Round {} · {phase} · {task}", self.round);
        }
        let task = match self.decider() {
            ToMove::Seat(s) => {
                let what = match self.phase {
                    Phase::Deploy => self
                        .deploying_seat()
                        .map(|(_, f)| format!("deploy {} on the home tree", figure_name(f)))
                        .unwrap_or_default(),
                    Phase::Mission if self.chooser().is_some() => "choose a mission in secret".into(),
                    Phase::Mission if self.placing_seat().is_some() => "lay the mission card".into(),
                    Phase::Mission => "send figures on the mission".into(),
                    Phase::Tilt => {
                        self.tilting().map(|(_, f)| format!("tilt or launch {}", figure_name(f))).unwrap_or_default()
                    }
                    Phase::Activation if self.bidder().is_some() => "bid for initiative in secret".into(),
                    Phase::Activation => match self.activation.as_ref().map(|a| &a.step) {
                        None => "activate a unit".into(),
                        Some(Step::Check) => {
                            format!("fly {} (piloting check first if wished)", figure_name(self.active_bird()))
                        }
                        Some(Step::SetTilt) => "set the tilt".into(),
                        Some(Step::Fly) => format!("announce {}'s flight", figure_name(self.active_bird())),
                        Some(Step::Walk(_)) => "decide at this crossing".into(),
                        Some(Step::Unload) => "put the passenger down".into(),
                        Some(Step::Moves) => "move the activated figures".into(),
                        Some(Step::Acts) => "attack or scurry".into(),
                        Some(Step::Douse) => "douse the nest?".into(),
                        Some(Step::Revive) => "revive?".into(),
                    },
                    Phase::Final => match self.fin {
                        Some(Final::Mission(MissionKind::Siege, _)) => "choose the tree to besiege".into(),
                        Some(Final::SiegeOn(..)) => "place the besiegers".into(),
                        Some(Final::Mission(MissionKind::Patrol, _)) => "choose the patrol's target".into(),
                        Some(Final::Mission(MissionKind::Rescue, _)) => "choose the bird to rescue".into(),
                        _ => String::new(),
                    },
                    Phase::Over => String::new(),
                };
                format!("{} to {what}", who(s))
            }
            _ => "the dice".into(),
        };
        format!("Round {} · {phase} · {task}", self.round)
    }

    fn pseudo_legal(&self) -> Vec<Action> {
        let mut out = self.legal();
        let spaces = field().spaces.len() as u8;
        let figs = FIGURES as u8;
        out.extend([Action::Done, Action::Pass, Action::Perch, Action::Swoop, Action::Continue, Action::PilotingCheck]);
        out.extend((0..UNITS as u8).map(Action::Activate));
        out.extend((0..4).map(Action::Bid));
        for f in (0..figs).step_by(2) {
            for s in (0..spaces).step_by(3) {
                out.push(Action::Move { figure: f, to: s });
                out.push(Action::Deploy { figure: f, space: s });
            }
            out.push(Action::Strike { figure: f, target: Target::Figure(figs - 1 - f) });
            out.push(Action::Shoot { figure: f, target: Target::Nest(Alliance::Rats) });
            out.push(Action::Send(f));
            out.push(Action::Hold(f));
        }
        out.push(Action::Fly(vec![Length::Long; 7]));
        out.push(Action::Fly(vec![Length::Short]));
        out.push(Action::Mission(Some(MissionKind::Siege)));
        out.sort();
        out.dedup();
        out
    }

    fn seat_name(&self, seat: Seat) -> String {
        side_name(side_of_seat(seat)).to_string()
    }
}

/// Arranging a position by hand, for the rule tests: each call puts one
/// thing where a test needs it and forgets the memo of legal actions.
/// Saves never use these (they replay actions from a new game).
#[doc(hidden)]
impl TailFeathers {
    pub fn arrange_place(&mut self, f: Fig, place: Place) {
        self.figures[usize::from(f)].place = place;
        self.memo = Memo::default();
    }

    pub fn arrange_bird(&mut self, f: Fig, pose: Pose, tilt: Tilt, launching: bool) {
        if let Some(i) = bird_index(f) {
            self.birds[i].pose = pose;
            self.birds[i].tilt = tilt;
            self.birds[i].launching = launching;
        }
        self.memo = Memo::default();
    }

    pub fn arrange_status(&mut self, f: Fig, wounds: u8, immobilized: bool, on_fire: bool, rattled: bool) {
        let fig = &mut self.figures[usize::from(f)];
        fig.wounds = wounds;
        fig.immobilized = immobilized;
        fig.on_fire = on_fire;
        if let Some(i) = bird_index(f) {
            self.birds[i].rattled = rattled;
        }
        self.memo = Memo::default();
    }

    pub fn arrange_cheese(&mut self, seat: Seat, n: u8) {
        self.cheese[seat.index()] = n;
        self.memo = Memo::default();
    }

    pub fn arrange_nest(&mut self, side: Alliance, life: u8, fire: u8) {
        self.nest[seat_of(side).index()] = life;
        self.nest_fire[seat_of(side).index()] = fire;
        self.memo = Memo::default();
    }

    /// The activation phase with `seat` to choose a unit; `activated`
    /// units count as done this round.
    pub fn arrange_turn(&mut self, seat: Seat, activated: &[usize]) {
        self.phase = Phase::Activation;
        self.rolled = true;
        self.bids = [Secret::Open; 2];
        self.activation = None;
        self.combat = None;
        self.turn = seat;
        self.first = seat;
        self.activated = [false; UNITS];
        for &u in activated {
            self.activated[u] = true;
        }
        self.memo = Memo::default();
    }

    pub fn arrange_mission(&mut self, side: Alliance, card: Option<MissionCard>) {
        self.cards[seat_of(side).index()] = card;
        self.pick[seat_of(side).index()] = Secret::Chosen(card.and_then(|c| c.kind));
        self.memo = Memo::default();
    }

    pub fn arrange_rng(&mut self, seed: u64) {
        self.rng = Rng::seeded(seed);
        self.memo = Memo::default();
    }

    pub fn arrange_round(&mut self, round: u8) {
        self.round = round;
        self.memo = Memo::default();
    }
}
