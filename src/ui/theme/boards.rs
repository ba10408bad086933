//! The colours of two boards' materials: the Daedalus arena's figures and
//! masonry, and the Feathers & Wax labyrinth's stone.

use egui::Color32;

/// The Daedalus arena: the metal and crest of the Gladiator's helmet,
/// the Minotaur's hide, and the masonry's tones (the squares and the two
/// sides' base colours are [`Palette`](super::Palette)'s shared board roles).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arena {
    /// The white Gladiator's helmet.
    pub steel: Color32,
    /// The black Gladiator's helmet.
    pub bronze: Color32,
    /// A helmet's crest.
    pub crest: Color32,
    /// A helmet's outline and visor grille.
    pub helmet_ink: Color32,
    /// The white Minotaur's hide, and its muzzle.
    pub hide_light: (Color32, Color32),
    /// The black Minotaur's hide, and its muzzle.
    pub hide_dark: (Color32, Color32),
    /// A Minotaur's eyes, nostrils and outline.
    pub hide_ink: Color32,
    /// Horn.
    pub horn: Color32,
    /// The Minotaur's nose ring.
    pub brass: Color32,
    /// The glint in the Minotaur's eyes.
    pub ember: Color32,
    /// The shaded front of a white wall block is its face mixed towards this.
    pub sandstone: Color32,
    /// A black wall's and plinth's outline (light in the dark theme, so it
    /// keeps its edge on the dark squares).
    pub black_rim: Color32,
    /// Light falling on stone (mixed into a face for a lit edge).
    pub light: Color32,
    /// Shade on stone (mixed into a face for a shaded edge).
    pub shade: Color32,
}

pub(super) const ARENA_LIGHT: Arena = Arena {
    steel: Color32::from_rgb(0xc9, 0xcd, 0xd3),
    bronze: Color32::from_rgb(0x9a, 0x72, 0x3c),
    crest: Color32::from_rgb(0xb8, 0x32, 0x28),
    helmet_ink: Color32::from_rgb(0x1e, 0x1c, 0x20),
    hide_light: (Color32::from_rgb(0xc8, 0x9a, 0x66), Color32::from_rgb(0xe8, 0xcf, 0xb0)),
    hide_dark: (Color32::from_rgb(0x5a, 0x3a, 0x28), Color32::from_rgb(0x8e, 0x6a, 0x52)),
    hide_ink: Color32::from_rgb(0x1a, 0x10, 0x0a),
    horn: Color32::from_rgb(0xf2, 0xea, 0xd6),
    brass: Color32::from_rgb(0xd8, 0xa8, 0x30),
    ember: Color32::from_rgb(0xe0, 0x30, 0x20),
    sandstone: Color32::from_rgb(0x8a, 0x78, 0x5c),
    black_rim: Color32::from_rgb(0x20, 0x1a, 0x14),
    light: Color32::WHITE,
    shade: Color32::BLACK,
};

pub(super) const ARENA_DARK: Arena = Arena { black_rim: Color32::from_rgb(0xb8, 0xb0, 0xa4), ..ARENA_LIGHT };

/// The Feathers & Wax labyrinth: flags of warm stone under raised walls,
/// the walls darker than the floor in the light theme and lighter in the
/// dark one, so they stand out in both (and in greyscale).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MazeStone {
    /// The flags of the floor.
    pub floor: Color32,
    /// The mortar between the flags.
    pub grout: Color32,
    /// A wall's top.
    pub wall_top: Color32,
    /// A wall's face, below its top.
    pub wall_side: Color32,
    /// The joints between a wall's blocks.
    pub joint: Color32,
    /// The plinth the labyrinth stands on.
    pub plinth: Color32,
}

pub(super) const MAZE_LIGHT: MazeStone = MazeStone {
    floor: Color32::from_rgb(0xdc, 0xc6, 0x9a),
    grout: Color32::from_rgb(0x9c, 0x86, 0x62),
    wall_top: Color32::from_rgb(0x86, 0x7a, 0x6a),
    wall_side: Color32::from_rgb(0x4e, 0x44, 0x3a),
    joint: Color32::from_rgb(0x5e, 0x54, 0x48),
    plinth: Color32::from_rgb(0x4a, 0x3c, 0x2e),
};

pub(super) const MAZE_DARK: MazeStone = MazeStone {
    floor: Color32::from_rgb(0x6a, 0x5c, 0x48),
    grout: Color32::from_rgb(0x3e, 0x34, 0x28),
    wall_top: Color32::from_rgb(0xd2, 0xc6, 0xae),
    wall_side: Color32::from_rgb(0x8c, 0x7e, 0x68),
    joint: Color32::from_rgb(0xa8, 0x9a, 0x82),
    plinth: Color32::from_rgb(0x24, 0x1c, 0x14),
};
