//! The design tokens: every colour a game screen paints, by role, in a
//! light and a dark variant, and the sizes shared by the views. Views take
//! their colours from [`Palette`] only (a test forbids colour literals in
//! them), so a theme is designed in one place.
//!
//! Colour is never the only cue: pieces carry letters, butterflies have
//! shapes, cards carry their colour's letter, crystals differ in shape, and
//! legal/illegal tints come with hover text. Every "text on X" role keeps a
//! contrast of at least 4.5:1 with X (WCAG AA), checked by a test for both
//! themes.

use egui::Color32;

mod boards;

use boards::{ARENA_DARK, ARENA_LIGHT, MAZE_DARK, MAZE_LIGHT};
pub use boards::{Arena, MazeStone};

/// The colours of one theme, by role.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Palette {
    // ----- Shared roles -------------------------------------------------
    /// The page behind boards and cards (the panel colour of the theme).
    pub page: Color32,
    /// Text on [`Palette::page`].
    pub text: Color32,
    /// Light board squares.
    pub light_square: Color32,
    /// Dark board squares.
    pub dark_square: Color32,
    /// Coordinates and board frame.
    pub frame: Color32,
    /// White's pieces (and the ink on Black's).
    pub white_piece: Color32,
    /// Black's pieces (and the ink on White's).
    pub black_piece: Color32,
    /// Outline of pieces and cards.
    pub outline: Color32,
    /// Drop shadows.
    pub shadow: Color32,
    /// Tint of a legal target.
    pub legal: Color32,
    /// Tint of an illegal target under a drag.
    pub illegal: Color32,
    /// The selected piece or card.
    pub selection: Color32,
    /// The squares of the last move.
    pub last_move: Color32,
    /// A route being drawn (a dispersion, a planned way).
    pub route: Color32,
    /// The background of something that may be taken now (a claimable card).
    pub available: Color32,
    /// Text on [`Palette::available`].
    pub text_on_available: Color32,
    /// Exit strips and other goal areas beside a board.
    pub exit_strip: Color32,
    /// Text on [`Palette::exit_strip`].
    pub text_on_exit: Color32,
    /// The word on the labyrinth's way out, an opening onto the sky.
    pub text_on_exit_sky: Color32,
    /// Hint notes floating by the pointer.
    pub note: Color32,
    /// Text on [`Palette::note`].
    pub text_on_note: Color32,
    // ----- Cards --------------------------------------------------------
    /// Card faces.
    pub card_face: Color32,
    /// Card backs.
    pub card_back: Color32,
    /// The emblem on a card back.
    pub card_emblem: [Color32; 3],
    /// Red suits.
    pub red_suit: Color32,
    /// Black suits.
    pub black_suit: Color32,
    /// The faces of the ten feather colours (Enchanted Plumes), in the
    /// rules' colour order.
    pub feathers: [Color32; 10],
    // ----- Dust in the Wings --------------------------------------------
    /// The meadow.
    pub meadow: Color32,
    /// Lines, numbers and names on the meadow.
    pub meadow_ink: Color32,
    /// Red, blue and yellow butterflies.
    pub butterflies: [Color32; 3],
    /// Butterfly outlines and bodies.
    pub butterfly_ink: Color32,
    /// Black crystals.
    pub crystal_black: Color32,
    /// White crystals.
    pub crystal_white: Color32,
    /// The rim of a crystal (visible on the page and on either crystal).
    pub crystal_rim: Color32,
    /// The shapes drawn on Composition cards.
    pub shape_ink: Color32,
    // ----- Feathers & Wax -----------------------------------------------
    /// Icarus's token.
    pub icarus: Color32,
    /// Daedalus's token.
    pub daedalus: Color32,
    /// Text on the flyers' tokens.
    pub text_on_token: Color32,
    /// The sky between sun and sea.
    pub sky: Color32,
    /// The sun's rows.
    pub sun: Color32,
    /// The sea's rows.
    pub sea: Color32,
    /// The safe landing.
    pub safe: Color32,
    /// Ruined wing sections.
    pub ruin: Color32,
    /// Text on the sky, sun, sea and safe rows.
    pub text_on_sky: Color32,
    /// Honeycombs (wax).
    pub honey: Color32,
    /// The rim of a honeycomb.
    pub honey_rim: Color32,
    /// Feathers (nests) in the labyrinth.
    pub nest: Color32,
    /// The walls of the labyrinth.
    pub wall: Color32,
    // ----- Tail Feathers ------------------------------------------------
    /// The forest's colours.
    pub forest: Forest,
    /// The Daedalus arena's figures and masonry.
    pub arena: Arena,
    /// The Feathers & Wax labyrinth's floor and walls.
    pub maze: MazeStone,
    // ----- The table and the shelf --------------------------------------
    /// The cloth every card game is played on, and the shelf of boxes.
    pub table: Table,
}

/// The table under the components and the shelf on Home.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Table {
    /// The cloth's ground (linen in light, felt in dark).
    pub cloth: Color32,
    /// The cloth's threads and flecks, lighter and darker than the ground.
    pub weave: [Color32; 2],
    /// Text and lines drawn straight on the cloth.
    pub ink: Color32,
    /// Faint text on the cloth (hints, counts).
    pub faint: Color32,
    /// The shelf's wood: ground, grain, and its front edge.
    pub wood: [Color32; 3],
    /// A box's cardboard edge and the rim of every component.
    pub rim: Color32,
    /// The rim of a component about as dark as the cloth (a box or a card
    /// on the dark felt), so its outline still shows.
    pub edge: Color32,
    /// The soft shadow under a component.
    pub shadow: Color32,
    /// A lifted component's shadow (a card in the hand, a dragged token).
    pub lifted: Color32,
    /// Title plates on the box covers.
    pub plate: Color32,
    /// Text on [`Table::plate`].
    pub on_plate: Color32,
    /// The blue of a peacock's neck, and the eye of its tail feathers
    /// (gold, green, blue, deep blue).
    pub peacock: [Color32; 5],
}

const TABLE_LIGHT: Table = Table {
    // A warm tan linen (a paler cream, close to the white cards, read as
    // "a washed-out web page"; an A/B review scored the tan a point
    // higher on every Enchanted Plumes screen).
    cloth: Color32::from_rgb(0xdc, 0xcd, 0xb0),
    weave: [Color32::from_rgb(0xe6, 0xda, 0xc2), Color32::from_rgb(0xc9, 0xb9, 0x99)],
    ink: Color32::from_rgb(0x33, 0x2b, 0x22),
    faint: Color32::from_rgb(0x4f, 0x46, 0x3a),
    wood: [
        Color32::from_rgb(0xb9, 0x8a, 0x5a),
        Color32::from_rgb(0x9c, 0x6e, 0x42),
        Color32::from_rgb(0x6e, 0x48, 0x28),
    ],
    rim: Color32::from_rgb(0x3a, 0x2e, 0x22),
    edge: Color32::from_rgb(0x3a, 0x2e, 0x22),
    shadow: Color32::from_black_alpha(70),
    lifted: Color32::from_black_alpha(95),
    plate: Color32::from_rgb(0xfb, 0xf6, 0xea),
    on_plate: Color32::from_rgb(0x2a, 0x22, 0x1a),
    peacock: PEACOCK,
};

const TABLE_DARK: Table = Table {
    cloth: Color32::from_rgb(0x1d, 0x3b, 0x30),
    weave: [Color32::from_rgb(0x24, 0x47, 0x3a), Color32::from_rgb(0x16, 0x30, 0x27)],
    ink: Color32::from_rgb(0xe8, 0xe4, 0xd6),
    faint: Color32::from_rgb(0xb4, 0xc4, 0xb8),
    wood: [
        Color32::from_rgb(0x8a, 0x62, 0x40),
        Color32::from_rgb(0x6e, 0x4c, 0x30),
        Color32::from_rgb(0x4a, 0x32, 0x20),
    ],
    rim: Color32::from_rgb(0x0c, 0x0a, 0x08),
    edge: Color32::from_rgb(0xa8, 0x98, 0x7c),
    shadow: Color32::from_black_alpha(120),
    lifted: Color32::from_black_alpha(150),
    plate: Color32::from_rgb(0x33, 0x2d, 0x26),
    on_plate: Color32::from_rgb(0xee, 0xe6, 0xd6),
    peacock: PEACOCK,
};

const PEACOCK: [Color32; 5] = [
    Color32::from_rgb(0x1b, 0x5e, 0x8c),
    Color32::from_rgb(0xd9, 0xa4, 0x2a),
    Color32::from_rgb(0x2e, 0x8a, 0x4a),
    Color32::from_rgb(0x1f, 0x6f, 0xb8),
    Color32::from_rgb(0x12, 0x1e, 0x4a),
];

/// The Tail Feathers battlefield's colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Forest {
    /// The forest floor (the battlefield).
    pub floor: Color32,
    /// The forest floor in the small pictures of a table (Saved Games,
    /// Continue, the lesson maps): in the dark, lit toward the canopy's
    /// green as the board's lamp and tufts light the real one (the dark
    /// floor alone made the pictures black boxes).
    pub small_floor: Color32,
    /// The lamp's light on the floor's middle (premultiplied, faint).
    pub lamp: Color32,
    /// A tree space.
    pub space: Color32,
    /// A nest.
    pub nest: Color32,
    /// Trunks (solid wood).
    pub trunk: Color32,
    /// Names written on a trunk.
    pub on_trunk: Color32,
    /// Lines and writing on the battlefield.
    pub ink: Color32,
    /// The mice's figures.
    pub mice: Color32,
    /// The rats' figures.
    pub rats: Color32,
    /// The bases of the mice's and the rats' figures, and their things on
    /// the table: in the dark theme deeper than the names' colours (pale
    /// cream and lavender bases looked alike on the dark forest).
    pub mice_base: Color32,
    pub rats_base: Color32,
    /// The ghost of a flight's end.
    pub ghost: Color32,
    /// A flight template.
    pub template: Color32,
    /// Fire markers.
    pub fire: Color32,
    /// Cheese (wheel and die face).
    pub cheese: Color32,
    /// A flight's cut-short part and its reason.
    pub cut: Color32,
    /// A crossing's number disc, and the one being decided.
    pub crossing: Color32,
    /// The crossing being decided.
    pub crossing_now: Color32,
    /// Numbers on the crossing discs.
    pub crossing_ink: Color32,
    /// A die's face.
    pub die: Color32,
    /// A die's ink.
    pub die_ink: Color32,
    /// The shield on a die.
    pub shield: Color32,
    /// The star on a die.
    pub star: Color32,
    /// A unit card's chip for a bird in the air.
    pub chip_sky: Color32,
    /// A unit card's chip for a quiet state (activated).
    pub chip_quiet: Color32,
    /// A unit card's chip for harm (rattled, defeated, lost).
    pub chip_alarm: Color32,
    /// The canopy under a tree's spaces.
    pub canopy: Color32,
    /// The three leafy shades that tell a tree's spaces apart.
    pub leaves: [Color32; 3],
    /// Leaf highlights dabbed on a space.
    pub leaf_light: Color32,
    /// Bark grain on a trunk.
    pub bark: Color32,
    /// Shadows cast on the table.
    pub shadow: Color32,
    /// The table round the battlefield.
    pub table: Color32,
    /// A tail-feather token's front, and its notched back.
    pub feather: [Color32; 2],
    /// The death-spiral template between two entangled birds, and its
    /// twist.
    pub spiral: [Color32; 2],
    /// A leaf (TF-R26): its blade, and its midrib and veins.
    pub leaf: [Color32; 2],
    /// Action cards' edges by kind (TF-R27): bird, pilot, hero; and the
    /// title written on them.
    pub card_kinds: [Color32; 3],
    /// The title on an action card's coloured band.
    pub card_title: Color32,
}

impl Forest {
    /// A tree space's number, in its corner: dark on the leaves in both
    /// themes (light words on the dark theme's leaves were lost).
    #[must_use]
    pub fn space_number(&self) -> Color32 {
        mix(self.canopy, self.bark, 0.65)
    }
}

const FOREST_LIGHT: Forest = Forest {
    floor: Color32::from_rgb(0xdc, 0xe8, 0xcf),
    small_floor: Color32::from_rgb(0xdc, 0xe8, 0xcf),
    lamp: Color32::from_rgba_premultiplied(0x18, 0x16, 0x08, 0x18),
    space: Color32::from_rgb(0x9c, 0xc2, 0x7c),
    nest: Color32::from_rgb(0xc8, 0x9a, 0x5c),
    trunk: Color32::from_rgb(0x6b, 0x45, 0x26),
    on_trunk: Color32::from_rgb(0xff, 0xff, 0xff),
    ink: Color32::from_rgb(0x1e, 0x24, 0x1c),
    mice: Color32::from_rgb(0xd9, 0xa4, 0x2b),
    rats: Color32::from_rgb(0x6a, 0x3f, 0x9e),
    mice_base: Color32::from_rgb(0xd9, 0xa4, 0x2b),
    rats_base: Color32::from_rgb(0x6a, 0x3f, 0x9e),
    ghost: Color32::from_rgba_premultiplied(0x13, 0x1c, 0x30, 190),
    template: Color32::from_rgba_premultiplied(0x11, 0x28, 0x44, 90),
    fire: Color32::from_rgb(0xf0, 0x60, 0x10),
    cheese: Color32::from_rgb(0xf2, 0xc1, 0x3a),
    cut: Color32::from_rgb(0xc0, 0x30, 0x30),
    crossing: Color32::from_rgb(0xff, 0xff, 0xff),
    crossing_now: Color32::from_rgb(0xff, 0xd0, 0x40),
    crossing_ink: Color32::from_rgb(0x00, 0x00, 0x00),
    die: Color32::from_rgb(0xfa, 0xf6, 0xea),
    die_ink: Color32::from_rgb(0x20, 0x20, 0x20),
    shield: Color32::from_rgb(0x8a, 0xa6, 0xc8),
    star: Color32::from_rgb(0xc0, 0x80, 0x00),
    chip_sky: Color32::from_rgb(118, 160, 212),
    chip_quiet: Color32::from_gray(150),
    chip_alarm: Color32::from_rgb(196, 64, 52),
    canopy: Color32::from_rgb(0x4f, 0x7a, 0x3a),
    leaves: [
        Color32::from_rgb(0x8d, 0xb8, 0x68),
        Color32::from_rgb(0x79, 0xa8, 0x58),
        Color32::from_rgb(0x9f, 0xc4, 0x74),
    ],
    leaf_light: Color32::from_rgba_premultiplied(0x3a, 0x44, 0x28, 0x48),
    bark: Color32::from_rgb(0x45, 0x2b, 0x16),
    shadow: Color32::from_rgba_premultiplied(0x10, 0x18, 0x08, 0x50),
    table: Color32::from_rgb(0x8a, 0x6a, 0x48),
    feather: [Color32::from_rgb(0xf4, 0xe9, 0xcf), Color32::from_rgb(0xb9, 0xa6, 0x86)],
    spiral: [Color32::from_rgb(0xa8, 0x3a, 0x2c), Color32::from_rgb(0xf0, 0xc8, 0x78)],
    leaf: [Color32::from_rgb(0xd2, 0xa4, 0x3c), Color32::from_rgb(0x7a, 0x52, 0x1a)],
    card_kinds: [
        Color32::from_rgb(0x4f, 0x86, 0xb8),
        Color32::from_rgb(0xb0, 0x86, 0x2c),
        Color32::from_rgb(0x9a, 0x44, 0x32),
    ],
    card_title: Color32::from_rgb(0xff, 0xff, 0xff),
};

const FOREST_DARK: Forest = Forest {
    floor: Color32::from_rgb(0x24, 0x29, 0x1e),
    small_floor: Color32::from_rgb(0x32, 0x54, 0x28),
    lamp: Color32::from_rgba_premultiplied(0x1c, 0x1e, 0x10, 0x10),
    space: Color32::from_rgb(0x70, 0x9c, 0x52),
    nest: Color32::from_rgb(0x7a, 0x5a, 0x32),
    trunk: Color32::from_rgb(0x5b, 0x3a, 0x22),
    on_trunk: Color32::from_rgb(0xff, 0xff, 0xff),
    ink: Color32::from_rgb(0xe8, 0xe4, 0xd8),
    mice: Color32::from_rgb(0xe8, 0xc3, 0x6a),
    rats: Color32::from_rgb(0xb0, 0x8c, 0xd8),
    mice_base: Color32::from_rgb(0xe0, 0xa8, 0x2c),
    rats_base: Color32::from_rgb(0x86, 0x55, 0xc8),
    ghost: Color32::from_rgba_premultiplied(0x9a, 0x97, 0x8f, 170),
    template: Color32::from_rgba_premultiplied(0x45, 0x5b, 0x6f, 110),
    fire: Color32::from_rgb(0xf0, 0x60, 0x10),
    cheese: Color32::from_rgb(0xf2, 0xc1, 0x3a),
    cut: Color32::from_rgb(0xf0, 0x60, 0x60),
    crossing: Color32::from_rgb(0xff, 0xff, 0xff),
    crossing_now: Color32::from_rgb(0xff, 0xd0, 0x40),
    crossing_ink: Color32::from_rgb(0x00, 0x00, 0x00),
    die: Color32::from_rgb(0xfa, 0xf6, 0xea),
    die_ink: Color32::from_rgb(0x20, 0x20, 0x20),
    shield: Color32::from_rgb(0x8a, 0xa6, 0xc8),
    star: Color32::from_rgb(0xc0, 0x80, 0x00),
    chip_sky: Color32::from_rgb(118, 160, 212),
    chip_quiet: Color32::from_gray(150),
    chip_alarm: Color32::from_rgb(196, 64, 52),
    canopy: Color32::from_rgb(0x38, 0x66, 0x2c),
    leaves: [
        Color32::from_rgb(0x76, 0xa2, 0x56),
        Color32::from_rgb(0x69, 0x96, 0x4a),
        Color32::from_rgb(0x82, 0xae, 0x62),
    ],
    leaf_light: Color32::from_rgba_premultiplied(0x2a, 0x3a, 0x1a, 0x40),
    bark: Color32::from_rgb(0x2e, 0x1c, 0x0e),
    shadow: Color32::from_rgba_premultiplied(0x00, 0x00, 0x00, 0x70),
    table: Color32::from_rgb(0x3a, 0x2c, 0x20),
    feather: [Color32::from_rgb(0xe6, 0xdc, 0xc2), Color32::from_rgb(0x9c, 0x8c, 0x70)],
    spiral: [Color32::from_rgb(0xb8, 0x4a, 0x38), Color32::from_rgb(0xf0, 0xc8, 0x78)],
    leaf: [Color32::from_rgb(0xb0, 0x84, 0x2e), Color32::from_rgb(0x52, 0x36, 0x12)],
    card_kinds: [
        Color32::from_rgb(0x3d, 0x6e, 0x9c),
        Color32::from_rgb(0x98, 0x72, 0x22),
        Color32::from_rgb(0x86, 0x3a, 0x2a),
    ],
    card_title: Color32::from_rgb(0xff, 0xff, 0xff),
};

/// The ten feather colours; both themes use them (they are the cards'
/// printed colours), the dark theme gives black cards a light outline.
const FEATHERS: [Color32; 10] = [
    Color32::from_rgb(0xc8, 0x22, 0x24), // red
    Color32::from_rgb(0xf5, 0xf5, 0xf0), // white
    Color32::from_rgb(0xf2, 0xd3, 0x38), // yellow
    Color32::from_rgb(0x3a, 0x9a, 0x3a), // green
    Color32::from_rgb(0xf0, 0x8a, 0x24), // orange
    Color32::from_rgb(0x1f, 0xa3, 0xa3), // teal
    Color32::from_rgb(0x2f, 0x5f, 0xd0), // blue
    Color32::from_rgb(0xf4, 0x9f, 0xc1), // pink
    Color32::from_rgb(0x8a, 0x4f, 0xbf), // purple
    Color32::from_rgb(0x22, 0x22, 0x22), // black
];

const BUTTERFLIES: [Color32; 3] =
    [Color32::from_rgb(0xd6, 0x3a, 0x2f), Color32::from_rgb(0x2f, 0x6f, 0xd0), Color32::from_rgb(0xe8, 0xb8, 0x1c)];

const INK_DARK: Color32 = Color32::from_rgb(0x1c, 0x1a, 0x17);
const INK_LIGHT: Color32 = Color32::from_rgb(0xf4, 0xf1, 0xea);

/// The palette for a light or dark theme.
#[must_use]
pub fn palette(dark: bool) -> Palette {
    if dark { DARK } else { LIGHT }
}

/// The light theme.
pub const LIGHT: Palette = Palette {
    page: Color32::from_rgb(0xf8, 0xf8, 0xf8),
    text: Color32::from_rgb(0x3c, 0x3c, 0x3c),
    light_square: Color32::from_rgb(0xee, 0xe3, 0xcf),
    dark_square: Color32::from_rgb(0xb5, 0x9b, 0x7c),
    frame: Color32::from_rgb(0x4a, 0x3c, 0x2e),
    white_piece: Color32::from_rgb(0xfb, 0xf8, 0xf1),
    black_piece: Color32::from_rgb(0x2a, 0x27, 0x2e),
    outline: Color32::from_rgb(0x20, 0x1a, 0x14),
    shadow: Color32::from_black_alpha(55),
    legal: Color32::from_rgba_unmultiplied_const(0x2f, 0xa8, 0x4f, 110),
    illegal: Color32::from_rgba_unmultiplied_const(0xd9, 0x2b, 0x2b, 110),
    selection: Color32::from_rgb(0xf0, 0xa8, 0x00),
    last_move: Color32::from_rgba_unmultiplied_const(0x3b, 0x7b, 0xe0, 60),
    route: Color32::from_rgb(0x80, 0x30, 0x90),
    available: Color32::from_rgb(0xd8, 0xf0, 0xc8),
    text_on_available: INK_DARK,
    exit_strip: Color32::from_rgb(0xc9, 0xe4, 0xc5),
    text_on_exit: Color32::from_rgb(0x1e, 0x3a, 0x22),
    text_on_exit_sky: Color32::from_rgb(0x1f, 0x33, 0x4d),
    note: Color32::from_rgb(0x30, 0x40, 0x58),
    text_on_note: Color32::WHITE,
    card_face: Color32::WHITE,
    card_back: Color32::from_rgb(0x2d, 0x4a, 0x7a),
    card_emblem: [
        Color32::from_rgb(0x1f, 0x8a, 0x70),
        Color32::from_rgb(0x2f, 0x5f, 0xd0),
        Color32::from_rgb(0x15, 0x15, 0x30),
    ],
    red_suit: Color32::from_rgb(0xc0, 0x1c, 0x1c),
    black_suit: Color32::from_rgb(0x14, 0x14, 0x14),
    feathers: FEATHERS,
    meadow: Color32::from_rgb(0xb9, 0xd9, 0x8c),
    meadow_ink: Color32::from_rgb(0x2c, 0x44, 0x1e),
    butterflies: BUTTERFLIES,
    butterfly_ink: Color32::from_rgb(0x20, 0x1c, 0x18),
    crystal_black: Color32::from_rgb(0x26, 0x26, 0x2a),
    crystal_white: Color32::WHITE,
    crystal_rim: Color32::from_rgb(0x70, 0x70, 0x70),
    shape_ink: Color32::from_rgb(0x3c, 0x5a, 0x2a),
    icarus: Color32::from_rgb(0x2f, 0x6a, 0xa8),
    daedalus: Color32::from_rgb(0x8a, 0x5a, 0x2c),
    text_on_token: Color32::WHITE,
    sky: Color32::from_rgb(0xd8, 0xea, 0xf7),
    sun: Color32::from_rgb(0xf6, 0xc4, 0x5a),
    sea: Color32::from_rgb(0x8f, 0xb8, 0xe0),
    safe: Color32::from_rgb(0x8c, 0xc8, 0x7a),
    ruin: Color32::from_rgb(0xa8, 0xa0, 0x94),
    text_on_sky: INK_DARK,
    honey: Color32::from_rgb(0xe8, 0xb0, 0x30),
    honey_rim: Color32::from_rgb(0x7a, 0x52, 0x10),
    nest: Color32::from_rgb(0x4f, 0x75, 0x28),
    wall: Color32::from_rgb(0xf2, 0xec, 0xe0),
    forest: FOREST_LIGHT,
    arena: ARENA_LIGHT,
    maze: MAZE_LIGHT,
    table: TABLE_LIGHT,
};

/// The dark theme: boards a little dimmer, text and rims light, nothing
/// dark drawn on the near-black page without a light rim.
pub const DARK: Palette = Palette {
    page: Color32::from_rgb(0x1b, 0x1b, 0x1b),
    text: Color32::from_rgb(0xd0, 0xd0, 0xd0),
    light_square: Color32::from_rgb(0xa8, 0x9b, 0x84),
    dark_square: Color32::from_rgb(0x54, 0x49, 0x3c),
    frame: Color32::from_rgb(0xd8, 0xcc, 0xb8),
    white_piece: Color32::from_rgb(0xf4, 0xef, 0xe4),
    black_piece: Color32::from_rgb(0x24, 0x22, 0x27),
    outline: Color32::from_rgb(0x10, 0x10, 0x10),
    shadow: Color32::from_black_alpha(90),
    legal: Color32::from_rgba_unmultiplied_const(0x4c, 0xd1, 0x6a, 110),
    illegal: Color32::from_rgba_unmultiplied_const(0xe8, 0x3a, 0x3a, 120),
    selection: Color32::from_rgb(0xff, 0xc8, 0x3d),
    last_move: Color32::from_rgba_unmultiplied_const(0x5b, 0x9b, 0xff, 70),
    route: Color32::from_rgb(0xd9, 0x8c, 0xf0),
    available: Color32::from_rgb(0x24, 0x4a, 0x2c),
    text_on_available: INK_LIGHT,
    exit_strip: Color32::from_rgb(0x3f, 0x6e, 0x47),
    text_on_exit: Color32::from_rgb(0xe2, 0xf2, 0xe0),
    text_on_exit_sky: Color32::from_rgb(0x16, 0x26, 0x3a),
    note: Color32::from_rgb(0x3a, 0x4c, 0x68),
    text_on_note: Color32::WHITE,
    card_face: Color32::from_rgb(0xf2, 0xee, 0xe6),
    card_back: Color32::from_rgb(0x2d, 0x4a, 0x7a),
    card_emblem: [
        Color32::from_rgb(0x1f, 0x8a, 0x70),
        Color32::from_rgb(0x5f, 0x8f, 0xf0),
        Color32::from_rgb(0x15, 0x15, 0x30),
    ],
    red_suit: Color32::from_rgb(0xc0, 0x22, 0x22),
    black_suit: Color32::from_rgb(0x18, 0x18, 0x18),
    feathers: FEATHERS,
    meadow: Color32::from_rgb(0x6c, 0x9c, 0x48),
    meadow_ink: Color32::from_rgb(0x14, 0x22, 0x0c),
    butterflies: BUTTERFLIES,
    butterfly_ink: Color32::from_rgb(0x14, 0x12, 0x10),
    crystal_black: Color32::from_rgb(0x30, 0x30, 0x36),
    crystal_white: Color32::WHITE,
    crystal_rim: Color32::from_rgb(0xb8, 0xb8, 0xb8),
    shape_ink: Color32::from_rgb(0x9c, 0xd8, 0x7a),
    icarus: Color32::from_rgb(0x2f, 0x6a, 0xa8),
    daedalus: Color32::from_rgb(0x8a, 0x5a, 0x2c),
    text_on_token: Color32::WHITE,
    sky: Color32::from_rgb(0x9c, 0xc0, 0xdc),
    sun: Color32::from_rgb(0xe8, 0xb0, 0x40),
    sea: Color32::from_rgb(0x6f, 0x98, 0xc4),
    safe: Color32::from_rgb(0x7a, 0xb0, 0x6a),
    ruin: Color32::from_rgb(0x90, 0x88, 0x7c),
    text_on_sky: INK_DARK,
    honey: Color32::from_rgb(0xe8, 0xb0, 0x30),
    honey_rim: Color32::from_rgb(0x7a, 0x52, 0x10),
    nest: Color32::from_rgb(0x4f, 0x75, 0x28),
    wall: Color32::from_rgb(0xf2, 0xec, 0xe0),
    forest: FOREST_DARK,
    arena: ARENA_DARK,
    maze: MAZE_DARK,
    table: TABLE_DARK,
};

impl Palette {
    /// The ink for text on a coloured face: dark on light faces, light on
    /// dark ones, whichever contrasts more.
    #[must_use]
    pub fn text_on(&self, face: Color32) -> Color32 {
        if contrast(INK_DARK, face) >= contrast(INK_LIGHT, face) { INK_DARK } else { INK_LIGHT }
    }

    /// The outline of a coloured card face: the theme's outline, or a light
    /// rim where the face is about as dark as the page (a black card on the
    /// dark page).
    #[must_use]
    pub fn card_edge(&self, face: Color32) -> Color32 {
        if contrast(face, self.page) < 1.6 { self.crystal_rim } else { self.outline }
    }
}

/// The relative luminance of a colour (WCAG 2).
#[must_use]
pub fn luminance(c: Color32) -> f64 {
    let channel = |v: u8| {
        let s = f64::from(v) / 255.0;
        if s <= 0.039_28 { s / 12.92 } else { ((s + 0.055) / 1.055).powf(2.4) }
    };
    0.2126 * channel(c.r()) + 0.7152 * channel(c.g()) + 0.0722 * channel(c.b())
}

/// The contrast ratio of two colours (WCAG 2): 1 (none) to 21.
#[must_use]
pub fn contrast(a: Color32, b: Color32) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// The tint that leaves a texture as it is.
pub const UNTINTED: Color32 = Color32::WHITE;
/// The faint light along the top of a card or the side of a token.
pub const SHEEN: Color32 = Color32::from_rgba_premultiplied(20, 20, 20, 20);
/// Daylight on a piece: a butterfly's white spots, the light side of a
/// meadow patch, a crystal's facets.
pub const DAYLIGHT: Color32 = Color32::WHITE;
/// The glint on a cut crystal.
pub const GLINT: Color32 = Color32::from_rgba_premultiplied(170, 170, 170, 170);
/// The petals of the meadow's flowers: white, rose and lilac.
pub const PETALS: [Color32; 3] =
    [Color32::WHITE, Color32::from_rgb(0xf0, 0xb0, 0xa8), Color32::from_rgb(0xc8, 0xb4, 0xe8)];
/// The heart of a meadow flower.
pub const FLOWER_HEART: Color32 = Color32::from_rgb(0xe8, 0xb8, 0x30);
/// Skin on a painted figure (Daedalus and Icarus).
pub const SKIN: Color32 = Color32::from_rgb(0xe2, 0xb4, 0x8c);
/// An old man's hair and beard (Daedalus).
pub const GREY_HAIR: Color32 = Color32::from_rgb(0xe4, 0xe0, 0xd8);
/// A young man's hair (Icarus).
pub const DARK_HAIR: Color32 = Color32::from_rgb(0x4a, 0x30, 0x1c);
/// A drop of ink's shade: the darkest part of a painted shape.
pub const SHADE: Color32 = Color32::from_black_alpha(60);

/// A seat's colour where the games mark seats by colour (scores, the
/// log's dots): feathers apart from each other in the palette's order.
#[must_use]
pub fn seat_colour(palette: &Palette, seat: crate::rules::Seat) -> Color32 {
    palette.feathers[(seat.index() * 3 + 1) % palette.feathers.len()]
}

/// `a` blended towards `b` by `t` (0: `a`, 1: `b`), opaque.
#[must_use]
pub fn mix(a: Color32, b: Color32, t: f32) -> Color32 {
    let t = t.clamp(0.0, 1.0);
    let m = |x: u8, y: u8| (f32::from(x) + (f32::from(y) - f32::from(x)) * t).round() as u8;
    Color32::from_rgb(m(a.r(), b.r()), m(a.g(), b.g()), m(a.b(), b.b()))
}

/// `c` darkened in its own hue: each channel times `k` (0..1), opaque.
/// (Mixed with black or an ink, a pale yellow goes olive.)
#[must_use]
pub fn deepen(c: Color32, k: f32) -> Color32 {
    let k = k.clamp(0.0, 1.0);
    let d = |x: u8| (f32::from(x) * k).round() as u8;
    Color32::from_rgb(d(c.r()), d(c.g()), d(c.b()))
}

/// The online bar's dot for a friend who is connected (both themes).
pub const ONLINE_CONNECTED: Color32 = Color32::from_rgb(0x3a, 0xa0, 0x4a);
/// The online bar's dot for a seat waiting for its friend (both themes).
pub const ONLINE_WAITING: Color32 = Color32::from_rgb(0xe0, 0x9a, 0x20);
/// Smallest side of a board square, in points.
pub const MIN_SQUARE: f32 = 34.0;
/// Largest side of a board square, in points.
pub const MAX_SQUARE: f32 = 84.0;
/// Width of the side panel with status and log.
pub const SIDE_PANEL_WIDTH: f32 = 320.0;
/// How long a toast stays, in seconds.
pub const TOAST_SECONDS: f64 = 6.0;

/// How long the pointer rests on a thing before its note opens (egui's
/// own pause).
pub const TOOLTIP_DELAY: f32 = 0.5;

/// How soon after one note closes the next opens without that pause
/// (egui's own).
pub const TOOLTIP_GRACE: f32 = 0.2;
/// Playing-card size in points.
pub const CARD_SIZE: egui::Vec2 = egui::vec2(62.0, 88.0);

/// A bird miniature's paint, by species (the painted figures are the same
/// in both themes, as at the table).
#[derive(Clone, Copy, Debug)]
pub struct Plumage {
    /// The back.
    pub back: Color32,
    /// The head.
    pub head: Color32,
    /// The inner wing.
    pub wing: Color32,
    /// The wing tips (the hand).
    pub tips: Color32,
    /// The tail.
    pub tail: Color32,
    /// The bill.
    pub bill: Color32,
    /// The marks that tell the species apart (face, bars, patches).
    pub mark: Color32,
    /// The rump, where the back meets the tail.
    pub rump: Color32,
}

/// Swallow, chaffinch, jay, carrion crow, magpie.
pub const PLUMAGE: [Plumage; 5] = [
    // Swallow
    Plumage {
        back: Color32::from_rgb(0x22, 0x33, 0x66),
        head: Color32::from_rgb(0x22, 0x33, 0x66),
        wing: Color32::from_rgb(0x1c, 0x26, 0x4a),
        tips: Color32::from_rgb(0x14, 0x1a, 0x33),
        tail: Color32::from_rgb(0x1c, 0x26, 0x4a),
        bill: Color32::from_rgb(0x10, 0x10, 0x10),
        mark: Color32::from_rgb(0xc4, 0x3a, 0x2c),
        rump: Color32::from_rgb(0x22, 0x33, 0x66),
    },
    // Chaffinch
    Plumage {
        back: Color32::from_rgb(0x8f, 0x5e, 0x3e),
        head: Color32::from_rgb(0x6e, 0x80, 0x9a),
        wing: Color32::from_rgb(0x3c, 0x36, 0x30),
        tips: Color32::from_rgb(0x2a, 0x26, 0x22),
        tail: Color32::from_rgb(0x3c, 0x36, 0x30),
        bill: Color32::from_rgb(0x9a, 0xa4, 0xb4),
        mark: Color32::from_rgb(0xf4, 0xf0, 0xe6),
        rump: Color32::from_rgb(0x8c, 0x9a, 0x52),
    },
    // Jay
    Plumage {
        back: Color32::from_rgb(0xb4, 0x8c, 0x7a),
        head: Color32::from_rgb(0xc4, 0xa4, 0x94),
        wing: Color32::from_rgb(0xa8, 0x80, 0x70),
        tips: Color32::from_rgb(0x1e, 0x1e, 0x22),
        tail: Color32::from_rgb(0x1e, 0x1e, 0x22),
        bill: Color32::from_rgb(0x22, 0x22, 0x22),
        mark: Color32::from_rgb(0x2f, 0x78, 0xd0),
        rump: Color32::from_rgb(0xf2, 0xf0, 0xea),
    },
    // Crow
    Plumage {
        back: Color32::from_rgb(0x1d, 0x1e, 0x24),
        head: Color32::from_rgb(0x22, 0x23, 0x2a),
        wing: Color32::from_rgb(0x1a, 0x1b, 0x21),
        tips: Color32::from_rgb(0x14, 0x14, 0x19),
        tail: Color32::from_rgb(0x1a, 0x1b, 0x21),
        bill: Color32::from_rgb(0x0e, 0x0e, 0x10),
        mark: Color32::from_rgb(0x4a, 0x55, 0x6e),
        rump: Color32::from_rgb(0x1d, 0x1e, 0x24),
    },
    // Magpie
    Plumage {
        back: Color32::from_rgb(0x18, 0x1a, 0x1e),
        head: Color32::from_rgb(0x18, 0x1a, 0x1e),
        wing: Color32::from_rgb(0x1e, 0x24, 0x30),
        tips: Color32::from_rgb(0xee, 0xee, 0xea),
        tail: Color32::from_rgb(0x1c, 0x30, 0x2c),
        bill: Color32::from_rgb(0x0e, 0x0e, 0x10),
        mark: Color32::from_rgb(0xf0, 0xf0, 0xec),
        rump: Color32::from_rgb(0x18, 0x1a, 0x1e),
    },
];

/// The light a feather's edge catches: the line between two flight
/// feathers of a painted bird (mixed into the feather's own paint).
pub const FEATHER_SHEEN: Color32 = Color32::from_rgb(0xf4, 0xec, 0xd8);
/// A pilot's saddle and harness, red-brown leather on a bird's back.
pub const SADDLE: Color32 = Color32::from_rgb(0x8a, 0x3e, 0x22);

/// A mouse's and a rat's fur and ears.
pub const FUR: [(Color32, Color32); 2] = [
    (Color32::from_rgb(0xa8, 0x88, 0x66), Color32::from_rgb(0xe0, 0xa8, 0xa0)),
    (Color32::from_rgb(0x6e, 0x62, 0x5a), Color32::from_rgb(0xc9, 0x9a, 0x94)),
];

/// Gives egui's widgets a rim that shows on the table's boards: a
/// checkbox, a slider's track or a button is outlined in the theme's card
/// edge (egui's own light grey all but vanishes on cream cardboard and on
/// dark brown). Call for each theme's style.
pub fn outline_widgets(style: &mut egui::Style, dark: bool) {
    let palette = palette(dark);
    let rim = mix(palette.table.on_plate, palette.table.plate, 0.55);
    let widgets = &mut style.visuals.widgets;
    widgets.inactive.bg_stroke = egui::Stroke::new(1.0, rim);
    widgets.inactive.weak_bg_fill = mix(palette.table.plate, palette.table.on_plate, 0.1);
    widgets.inactive.bg_fill = mix(palette.table.plate, palette.table.on_plate, 0.16);
    // (As wide as the rim at rest: a wider one left the words a point
    // more room, and a label on the edge of fitting went from two lines
    // to one under the pointer, moving every button below it: a click
    // meant for "Sap run" chose "Rescue".)
    widgets.hovered.bg_stroke = egui::Stroke::new(widgets.inactive.bg_stroke.width, palette.selection);
    // A chosen option (and selected text) in the table's warm gold, not
    // egui's blue.
    style.visuals.selection.bg_fill = mix(palette.selection, palette.table.plate, if dark { 0.3 } else { 0.45 });
    style.visuals.selection.stroke.color = if dark { palette.table.plate } else { palette.table.on_plate };
    // Menus, pop-ups and tooltips on the table's board, not egui's black
    // or white.
    style.visuals.window_fill = palette.table.plate;
    style.visuals.window_stroke = egui::Stroke::new(1.0, rim);
}
