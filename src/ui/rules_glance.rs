//! Each game at a glance: its turn as a handful of numbered steps, shown
//! under "The idea" at the top of its rules page (a new player asked for
//! the turn in one place before the full rules). Our own words.

/// Daedalus at a glance.
pub const DAEDALUS: &[&str] = &[
    "Once, to begin: take turns placing your seven walls on your own half, then your Gladiator and your \
     Minotaur on your home row.",
    "Each turn: move two different walls of yours one square each, and your Gladiator one square, in any order.",
    "On your 1st, 3rd, 5th… turn your Minotaur steps one square as well.",
    "Never leave a Gladiator with nowhere to step, and never let a wall touch two walls of its own colour.",
    "Win by walking your Gladiator off the far edge, or by catching the other Gladiator with your Minotaur.",
];

/// Feathers & Wax at a glance.
pub const FEATHERS_AND_WAX: &[&str] = &[
    "In the labyrinth, turn a movement card and walk Daedalus up to its value: hearts may turn, diamonds go \
     straight.",
    "Every nest he enters gives a feather (a spade), every hive a wax (a club); a face card acts the moment it \
     turns up.",
    "Get him out through the exit door before the movement cards run out.",
    "Each feather with a wax makes a wing section: share them between Icarus and Daedalus.",
    "In the sky, draw at least two cards a turn, give one to each flyer, and keep both clear of the sun and the \
     sea until they reach the island.",
];

/// Enchanted Plumes at a glance.
pub const ENCHANTED_PLUMES: &[&str] = &[
    "Lay one or two cards from your hand: each starts a new plume or joins one of yours.",
    "Under a plume's top row, each row is one card shorter and shares a colour with the row above it.",
    "Refill: two from the deck, two swapped with the Train, or one of each; never more than six in hand.",
    "A plume's top row counts against you, the rows under it for you; a finished peacock earns a bonus.",
    "Whoever draws the Peahen ends the game at once: the highest total wins.",
];

/// Dust in the Wings at a glance.
pub const DUST_IN_THE_WINGS: &[&str] = &[
    "Pick up every butterfly on one space.",
    "Lay them down one at a time along a path of neighbouring spaces, never stepping straight back.",
    "The space where the last one lands decides: take one face-up card it fulfils, with its crystals.",
    "The cards are renewed and three crystals drawn onto the Gathering cards.",
    "Once the crystal bag is empty, one last turn: the most points wins.",
];

/// Tail Feathers at a glance.
pub const TAIL_FEATHERS: &[&str] = &[
    "Missions: each side may secretly send a few figures out on a mission card.",
    "Tilt: each flying bird leans or holds; each perched bird stays or launches.",
    "Activation: bid cheese and roll for the first turn, then take turns activating one unit each: birds fly \
     by templates, troops climb, fight and shoot.",
    "Final: burning nests lose life, the missions are carried out, and every unit is ready again.",
    "Destroy the enemy nest, or have the more nest life left after round 12.",
];
