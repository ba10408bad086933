//! The Tail Feathers components the rulebook leaves to us, designed as data
//! in one place: the two forces (unit cards on the card anatomy's fields,
//! with our own names), the pilots' rank cards, the six mission cards of
//! each side, and Scenario 1's battlefield (trees, spaces, nests, the
//! sapling, the axis marker and the mission-card positions). The rules
//! read these tables; the rules page lists them.
//!
//! Numbers marked "to tune" are first guesses that part 2 of the Tail
//! Feathers work tunes by computer-v-computer games (both sides should win
//! about half).

use super::geometry::{Heading, Inches, Polygon, Shape, V2, distance};

/// Which side a card belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
pub enum Alliance {
    /// The mice (first listed; seat 0 by default).
    Mice,
    /// The rats.
    Rats,
}

/// A figure's size (TF-R8: every bird is large).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Size {
    /// Four to a space.
    Small,
    /// Alone in a space.
    Large,
}

/// The closed set of abilities the engine understands; every designed card
/// uses only these.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Ability {
    /// Its flights may use one template more than its move value.
    Swift,
    /// Defends with one die more against ranged attacks.
    Feathered,
    /// Its ranged attacks roll one die more when it did not move this
    /// activation.
    SteadyAim,
    /// A small figure it hits in melee but does not wound is immobilized
    /// if a star was rolled.
    Pinning,
    /// A ranged attack of its that hits with a star rolled sets the target
    /// (a figure or a nest) on fire.
    Firebrand,
}

impl Ability {
    /// In words, for the card and the rules page.
    #[must_use]
    pub fn words(self) -> &'static str {
        match self {
            Ability::Swift => "swift: may lay one template more than its move value",
            Ability::Feathered => "feathered: one defence die more against ranged attacks",
            Ability::SteadyAim => "steady aim: one ranged die more when it did not move this activation",
            Ability::Pinning => {
                "pinning: a small figure it hits in melee but does not wound lies down (immobilized) if a star was rolled"
            }
            Ability::Firebrand => {
                "firebrand: a ranged attack of its that hits with a star rolled sets the target on fire"
            }
        }
    }
}

/// What an action card may require of a pilot or hero.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Proficiency {
    /// Close fighting.
    Blade,
    /// Shooting.
    Bow,
    /// Flying.
    Wing,
    /// Building (action cards: the ballista, TF-R28).
    Craft,
}

/// A bird's card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BirdCard {
    /// Our name for it.
    pub name: &'static str,
    /// Whose it is.
    pub alliance: Alliance,
    /// Dice in swoops and death spirals (with the pilot's melee).
    pub battle: u8,
    /// Defence dice.
    pub defence: u8,
    /// Most templates in a flight.
    pub movement: u8,
    /// Abilities.
    pub abilities: &'static [Ability],
    /// Life (the pilot's bonus life is added).
    pub life: u8,
    /// Build points (quick-play forces only: shown, not used).
    pub build_points: u8,
    /// Always large (TF-R8).
    pub size: Size,
}

/// A pilot's rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Rank {
    /// New to the saddle.
    Rookie,
    /// Seasoned.
    Standard,
    /// The best.
    Ace,
}

/// One rank card of a pilot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PilotCard {
    /// Our name for the pilot.
    pub name: &'static str,
    /// Whose.
    pub alliance: Alliance,
    /// This card's rank.
    pub rank: Rank,
    /// Melee attack dice.
    pub melee: u8,
    /// Ranged attack dice.
    pub ranged: u8,
    /// Piloting dice (and the rattled threshold).
    pub pilot: u8,
    /// Abilities.
    pub abilities: &'static [Ability],
    /// Proficiencies action cards may require.
    pub proficiencies: &'static [Proficiency],
    /// Life added to the bird's.
    pub bonus_life: u8,
    /// Build points (shown, not used).
    pub build_points: u8,
}

/// A ground unit's card (a squad, or a hero of one figure).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GroundCard {
    /// Our name.
    pub name: &'static str,
    /// Whose.
    pub alliance: Alliance,
    /// Figures activated at once (1 for a hero).
    pub squad: u8,
    /// Figures in the unit.
    pub figures: u8,
    /// Melee attack dice.
    pub melee: u8,
    /// Ranged attack dice.
    pub ranged: u8,
    /// Defence dice.
    pub defence: u8,
    /// Steps through the tree.
    pub movement: u8,
    /// Abilities.
    pub abilities: &'static [Ability],
    /// Proficiencies action cards may require (TF-R27).
    pub proficiencies: &'static [Proficiency],
    /// Small or large.
    pub size: Size,
    /// Life: 1 for a squad figure, more for a hero (our choice: 4).
    pub life: u8,
    /// Build points (shown, not used).
    pub build_points: u8,
}

/// The birds: the mice ride three, the rats two. To tune.
pub const BIRDS: [BirdCard; 5] = [
    BirdCard {
        name: "Swallow",
        alliance: Alliance::Mice,
        battle: 3,
        defence: 2,
        movement: 5,
        abilities: &[Ability::Swift],
        life: 4,
        build_points: 10,
        size: Size::Large,
    },
    BirdCard {
        name: "Chaffinch",
        alliance: Alliance::Mice,
        battle: 3,
        defence: 3,
        movement: 4,
        abilities: &[],
        life: 4,
        build_points: 8,
        size: Size::Large,
    },
    BirdCard {
        name: "Jay",
        alliance: Alliance::Mice,
        battle: 3,
        defence: 3,
        movement: 4,
        abilities: &[Ability::Feathered],
        life: 5,
        build_points: 12,
        size: Size::Large,
    },
    BirdCard {
        name: "Carrion Crow",
        alliance: Alliance::Rats,
        battle: 3,
        defence: 3,
        movement: 4,
        abilities: &[Ability::Feathered],
        life: 5,
        build_points: 15,
        size: Size::Large,
    },
    BirdCard {
        name: "Magpie",
        alliance: Alliance::Rats,
        battle: 3,
        defence: 3,
        movement: 5,
        abilities: &[Ability::Swift],
        life: 5,
        build_points: 13,
        size: Size::Large,
    },
];

/// The pilots' rank cards: five pilots (three mice, two rats), two rank
/// cards each; one card per pilot is picked at setup. To tune.
pub const PILOTS: [PilotCard; 10] = [
    pilot("Tansy", Alliance::Mice, Rank::Rookie, (1, 1, 1, 1), &[Proficiency::Wing]),
    pilot("Tansy", Alliance::Mice, Rank::Standard, (1, 2, 2, 1), &[Proficiency::Wing, Proficiency::Bow]),
    pilot("Burdock", Alliance::Mice, Rank::Standard, (2, 1, 2, 2), &[Proficiency::Blade]),
    pilot("Burdock", Alliance::Mice, Rank::Ace, (3, 1, 3, 2), &[Proficiency::Blade, Proficiency::Wing]),
    pilot("Wren", Alliance::Mice, Rank::Rookie, (1, 2, 1, 1), &[Proficiency::Bow]),
    pilot("Wren", Alliance::Mice, Rank::Ace, (1, 3, 3, 1), &[Proficiency::Bow, Proficiency::Wing]),
    pilot("Grist", Alliance::Rats, Rank::Standard, (2, 2, 2, 2), &[Proficiency::Blade]),
    pilot("Grist", Alliance::Rats, Rank::Ace, (3, 2, 3, 2), &[Proficiency::Blade, Proficiency::Wing]),
    pilot("Mallow", Alliance::Rats, Rank::Rookie, (1, 2, 1, 1), &[Proficiency::Bow]).with(&[Ability::Firebrand]),
    pilot("Mallow", Alliance::Rats, Rank::Standard, (2, 2, 2, 1), &[Proficiency::Bow, Proficiency::Wing])
        .with(&[Ability::Firebrand]),
];

const fn pilot(
    name: &'static str,
    alliance: Alliance,
    rank: Rank,
    (melee, ranged, pilot, bonus_life): (u8, u8, u8, u8),
    proficiencies: &'static [Proficiency],
) -> PilotCard {
    let build_points = match rank {
        Rank::Rookie => 3,
        Rank::Standard => 5,
        Rank::Ace => 8,
    };
    PilotCard { name, alliance, rank, melee, ranged, pilot, abilities: &[], proficiencies, bonus_life, build_points }
}

impl PilotCard {
    /// The card with `abilities`.
    const fn with(self, abilities: &'static [Ability]) -> Self {
        PilotCard { abilities, ..self }
    }
}

/// The ground units: a squad of six each, and the rats' hero. To tune.
pub const GROUND: [GroundCard; 3] = [
    GroundCard {
        name: "Thistle Guard",
        alliance: Alliance::Mice,
        squad: 3,
        figures: 6,
        melee: 2,
        ranged: 1,
        defence: 2,
        movement: 2,
        abilities: &[Ability::SteadyAim],
        proficiencies: &[Proficiency::Bow, Proficiency::Craft],
        size: Size::Small,
        life: 1,
        build_points: 12,
    },
    GroundCard {
        name: "Gutter Pack",
        alliance: Alliance::Rats,
        squad: 3,
        figures: 6,
        melee: 1,
        ranged: 0,
        defence: 1,
        movement: 2,
        abilities: &[],
        proficiencies: &[Proficiency::Blade, Proficiency::Craft],
        size: Size::Small,
        life: 1,
        build_points: 12,
    },
    GroundCard {
        name: "Old Scab",
        alliance: Alliance::Rats,
        squad: 1,
        figures: 1,
        melee: 1,
        ranged: 1,
        defence: 2,
        movement: 2,
        abilities: &[Ability::Pinning],
        proficiencies: &[Proficiency::Blade],
        size: Size::Small,
        life: 4,
        build_points: 14,
    },
];

/// A mission card's type (resolved in this order, TF-R17).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
pub enum MissionKind {
    /// Figures come home; a swoop on it is spent.
    Decoy,
    /// A melee group attack on an enemy mission box.
    Intercept,
    /// Figures land on the spaces by a tree's trunk.
    Siege,
    /// A ranged group attack on an enemy flying figure.
    Patrol,
    /// A bird and pilot come back from the casualties.
    Rescue,
    /// Scenario 1's own: "Sap run" (the figures bring 2 cheese home).
    Special,
}

/// The six mission cards each side holds.
pub const MISSIONS: [MissionKind; 6] = [
    MissionKind::Decoy,
    MissionKind::Intercept,
    MissionKind::Siege,
    MissionKind::Patrol,
    MissionKind::Rescue,
    MissionKind::Special,
];

/// How Scenario 1 was tuned for balance: each change to the designed forces
/// or the scenario and what it did, measured in games between two normal
/// computer players, sides alternating (`AVIARY_MATCH_GAME=tail-feathers
/// AVIARY_MATCH_ONLY=mcts-mcts cargo bench --bench matches`). Shown on the
/// rules page.
pub const TUNING: &[&str] = &[
    "Part 1's forces (mice build points 42, rats 54): in 30 games the mice won 9 and the rats 21; 19 ended by \
     a destroyed nest, 11 at the round limit.",
    "1. Swallow battle 2 to 3, Carrion Crow battle 4 to 3: in 40 games the mice won 13, the rats 26 (one draw); 29 \
     ended by a destroyed nest.",
    "2. Also Carrion Crow life 6 to 5, Thistle Guard defence 1 to 2: in 40 games the mice won 13, the rats 26 (one \
     draw); 23 ended by a destroyed nest.",
    "Looking closer: the rats' ground troops (Old Scab and the Gutter Pack, landed by sieges or carried by birds) \
     dealt most of the wounds to the mice nest, in melee; the mice troops hardly hurt the rats nest.",
    "3. Also Thistle Guard melee 1 to 2, Old Scab melee 3 to 2: in 40 games the mice won 13, the rats 26 (one \
     draw); 27 ended by a destroyed nest.",
    "4. Also Gutter Pack melee 2 to 1: in 40 games the mice won 19, the rats 19 (two draws); 24 ended by a \
     destroyed nest. In 400 more games: the mice won 164 (41%), the rats 217 (54%), 19 drawn; 233 ended by a \
     destroyed nest.",
    "5. Also Chaffinch battle 2 to 3 and defence 2 to 3: after 92 games the mice had won 37 (40%), the rats \
     53, two drawn: no visible change, so the run was stopped. The birds are not what decides it; the troops at \
     the nest are.",
    "6. Also Old Scab melee 2 to 1 (the forces as they stand): in 200 games the mice won 96 (48%), the rats 96 \
     (48%), 8 drawn; 132 ended by a destroyed nest. In 400 more games: the mice won 205 (51%), the rats 181 \
     (45%), 14 drawn; 263 (66%) ended by a destroyed nest.",
];

/// Cheese Scenario 1's special mission brings home when any of its figures
/// is left to resolve it. To tune.
pub const SAP_RUN_CHEESE: u8 = 2;

/// A mission card lying on the table: 2.5" × 3.5".
pub const MISSION_CARD: (Inches, Inches) = (2.5, 3.5);
/// Close range (the range finder's wrapped end).
pub const CLOSE_RANGE: Inches = 2.0;
/// A tail-feather token (TF-R24, designed): a strip this long along its
/// heading and this wide.
pub const FEATHER_SIZE: (Inches, Inches) = (1.2, 0.5);
/// Where dropped tail feathers land (TF-R24, designed): uniformly in a
/// disc of this radius whose centre is this far behind the rear of the
/// wounded bird's base.
pub const FEATHER_SCATTER: (Inches, Inches) = (1.0, 1.5);
/// The death-spiral template (TF-R25, designed): a bar this long between
/// the two bases and this wide across.
pub const SPIRAL_TEMPLATE: (Inches, Inches) = (1.0, 2.0);
/// A leaf (TF-R26, designed): this long from tip to tip and this wide at
/// its middle, with a pivot hole this far in from each tip.
pub const LEAF_SIZE: (Inches, Inches, Inches) = (3.0, 1.2, 0.35);
/// A leaf's capacity in small figures (no large figure on a leaf).
pub const LEAF_SMALL: usize = 3;
/// Ranged range (the range finder's full length).
pub const RANGED_RANGE: Inches = 8.0;
/// Space capacity in small figures (one large figure fills a space).
pub const SPACE_SMALL: usize = 4;
/// Most cheese a player holds.
pub const CHEESE_MAX: u8 = 6;

/// One space of a tree.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Space {
    /// Its outline.
    pub outline: Polygon,
    /// Where a perching bird's base goes.
    pub perch: V2,
    /// Shares a border with the trunk (a siege lands here first).
    pub by_trunk: bool,
    /// A nest: no figure limit; its tree's owner's home.
    pub nest: Option<Alliance>,
}

/// A tree: its trunk and its spaces (indices into the battlefield's list).
#[derive(Clone, Debug, PartialEq)]
pub struct Tree {
    /// Our name.
    pub name: &'static str,
    /// The solid wood.
    pub trunk: Polygon,
    /// Its spaces, by index into [`Battlefield::spaces`].
    pub spaces: Vec<usize>,
    /// Whose home it is.
    pub home: Option<Alliance>,
    /// The sapling (a small tree).
    pub sapling: bool,
}

/// A connection point on a branch where a leaf hangs (TF-R26, designed):
/// the space its stem is attached to, the point where the stem's tip
/// touches that space, and the way the leaf hangs from it.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Connection {
    /// The stem's space (the only space an attached leaf borders).
    pub stem: usize,
    /// Where the leaf's stem tip meets the branch.
    pub at: V2,
    /// The way the leaf points from there.
    pub heading: Heading,
}

/// A scenario's table.
#[derive(Clone, Debug, PartialEq)]
pub struct Battlefield {
    /// Its size (a square from the origin).
    pub size: Inches,
    /// Every space of every tree.
    pub spaces: Vec<Space>,
    /// Pairs of spaces that share a border.
    pub adjacent: Vec<(usize, usize)>,
    /// The trees, home trees first (mice, rats), then the others, the
    /// sapling last.
    pub trees: Vec<Tree>,
    /// The battlefield axis marker.
    pub axis: V2,
    /// Where mission cards may lie (their outlines).
    pub mission_spots: Vec<Polygon>,
    /// Where leaves hang when the leaves rule is on, at least one per tree
    /// (TF-R26); a leaf is known by its connection point's number.
    pub connections: Vec<Connection>,
    /// A nest's life.
    pub nest_life: u8,
    /// Rounds before the limit (then the nest with more life left wins).
    pub round_limit: u8,
}

fn rect(x0: Inches, y0: Inches, x1: Inches, y1: Inches) -> Polygon {
    Polygon(vec![V2::new(x0, y0), V2::new(x1, y0), V2::new(x1, y1), V2::new(x0, y1)])
}

/// A tree centred at `c`: a square trunk `2·t` across, ringed by eight
/// square spaces `cell` across (the four beside the trunk's sides touch
/// it), each sharing a border with the next round the ring; a home tree
/// has a nest beside its ring, on the side facing `nest_dir`.
fn tree(
    field: &mut Battlefield,
    name: &'static str,
    c: V2,
    cell: Inches,
    home: Option<Alliance>,
    nest_dir: (i8, i8),
) -> Tree {
    let t = cell / 2.0;
    let trunk = rect(c.x - t, c.y - t, c.x + t, c.y + t);
    // The ring, anticlockwise from the south-west corner.
    let ring: [(i8, i8); 8] = [(-1, -1), (0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0)];
    let first = field.spaces.len();
    for &(dx, dy) in &ring {
        let cx = c.x + f64::from(dx) * cell;
        let cy = c.y + f64::from(dy) * cell;
        field.spaces.push(Space {
            outline: rect(cx - t, cy - t, cx + t, cy + t),
            perch: V2::new(cx, cy),
            by_trunk: dx == 0 || dy == 0,
            nest: None,
        });
    }
    let mut spaces: Vec<usize> = (first..first + 8).collect();
    for i in 0..8 {
        field.adjacent.push((first + i, first + (i + 1) % 8));
    }
    if let Some(owner) = home {
        // The nest: a space two cells wide outside the ring's side.
        let (dx, dy) = (f64::from(nest_dir.0), f64::from(nest_dir.1));
        let centre = V2::new(c.x + dx * 2.0 * cell, c.y + dy * 2.0 * cell);
        let nest = field.spaces.len();
        field.spaces.push(Space {
            outline: rect(centre.x - t, centre.y - t, centre.x + t, centre.y + t),
            perch: centre,
            by_trunk: false,
            nest: Some(owner),
        });
        // It borders the ring space on that side.
        let side = ring.iter().position(|&d| d == nest_dir).map_or(first, |k| first + k);
        field.adjacent.push((side, nest));
        spaces.push(nest);
    }
    Tree { name, trunk, spaces, home, sapling: false }
}

/// Scenario 1, "Pitched battle": home trees in opposite corners with a
/// nest each, two more trees, the sapling off the centre so that two
/// mission cards always fit within close range of the axis marker.
#[must_use]
pub fn scenario_one() -> Battlefield {
    let mut field = Battlefield {
        size: 36.0,
        spaces: Vec::new(),
        adjacent: Vec::new(),
        trees: Vec::new(),
        axis: V2::new(18.0, 18.0),
        mission_spots: Vec::new(),
        connections: Vec::new(),
        nest_life: 10,
        round_limit: 12,
    };
    let cell = 2.5;
    let trees = [
        ("Mice home: the Old Beech", V2::new(7.0, 7.0), Some(Alliance::Mice), (-1, 0)),
        ("Rats home: the Hollow Oak", V2::new(29.0, 29.0), Some(Alliance::Rats), (1, 0)),
        ("The Ash", V2::new(7.0, 29.0), None, (0, 0)),
        ("The Elm", V2::new(29.0, 7.0), None, (0, 0)),
    ];
    for (name, c, home, nest_dir) in trees {
        let t = tree(&mut field, name, c, cell, home, nest_dir);
        field.trees.push(t);
    }
    // The sapling: a small tree south-east of the axis marker.
    let mut sapling = tree(&mut field, "The Sapling", V2::new(22.5, 13.5), 1.75, None, (0, 0));
    sapling.sapling = true;
    field.trees.push(sapling);
    // Leaves (TF-R26): one per tree, hanging from a corner space of its
    // ring toward open ground (never toward another tree or the mission
    // cards), the stem's tip at the corner's outer point.
    let hangs = [(0, (1, 1)), (1, (-1, -1)), (2, (1, -1)), (3, (1, 1)), (4, (-1, -1))];
    for (t, (dx, dy)) in hangs {
        let ring = [(-1, -1), (0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0)];
        let k = ring.iter().position(|&d| d == (dx, dy)).unwrap_or(0);
        let stem = field.trees[t].spaces[k];
        let corner = field.spaces[stem]
            .outline
            .0
            .iter()
            .copied()
            .max_by(|a, b| {
                (f64::from(dx) * a.x + f64::from(dy) * a.y).total_cmp(&(f64::from(dx) * b.x + f64::from(dy) * b.y))
            })
            .unwrap_or(field.spaces[stem].perch);
        let heading = Heading::toward(corner, corner.plus(V2::new(f64::from(dx), f64::from(dy))));
        field.connections.push(Connection { stem, at: corner, heading });
    }
    // Mission spots: portrait and landscape cards round the axis marker,
    // their nearest edge 0.25" from it.
    let (w, h) = MISSION_CARD;
    let a = field.axis;
    let g = 0.25;
    field.mission_spots = vec![
        rect(a.x - w / 2.0, a.y + g, a.x + w / 2.0, a.y + g + h),
        rect(a.x - w / 2.0, a.y - g - h, a.x + w / 2.0, a.y - g),
        rect(a.x + g, a.y - w / 2.0, a.x + g + h, a.y + w / 2.0),
        rect(a.x - g - h, a.y - w / 2.0, a.x - g, a.y + w / 2.0),
        rect(a.x + g, a.y + g, a.x + g + w, a.y + g + h),
        rect(a.x - g - w, a.y + g, a.x - g, a.y + g + h),
        rect(a.x - g - w, a.y - g - h, a.x - g, a.y - g),
        rect(a.x + g, a.y - g - h, a.x + g + w, a.y - g),
    ];
    field
}

impl Battlefield {
    /// Mission spots a card may use: within close range of the axis marker
    /// and clear of every tree (trunk and spaces).
    #[must_use]
    pub fn usable_mission_spots(&self) -> Vec<usize> {
        let axis = Shape::Circle(self.axis, 0.0);
        (0..self.mission_spots.len())
            .filter(|&i| {
                let spot = Shape::Polygon(self.mission_spots[i].clone());
                distance(&spot, &axis) <= CLOSE_RANGE
                    && self.trees.iter().all(|t| {
                        distance(&spot, &Shape::Polygon(t.trunk.clone())) > 0.0
                            && t.spaces
                                .iter()
                                .all(|&s| distance(&spot, &Shape::Polygon(self.spaces[s].outline.clone())) > 0.0)
                    })
            })
            .collect()
    }

    /// True when two mission spots' cards would touch or overlap (TF-R2: a
    /// card touches nothing, another card included).
    #[must_use]
    pub fn spots_clash(&self, a: usize, b: usize) -> bool {
        let (p, q) = (&self.mission_spots[a], &self.mission_spots[b]);
        a == b || distance(&Shape::Polygon(p.clone()), &Shape::Polygon(q.clone())) <= 0.0
    }

    /// The spaces bordering space `s`.
    #[must_use]
    pub fn neighbours(&self, s: usize) -> Vec<usize> {
        self.adjacent
            .iter()
            .filter_map(|&(a, b)| {
                if a == s {
                    Some(b)
                } else if b == s {
                    Some(a)
                } else {
                    None
                }
            })
            .collect()
    }
}
