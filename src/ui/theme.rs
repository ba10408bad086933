//! Colours and sizes in one place. Colour is never the only cue: pieces also
//! carry letters, and legal/illegal tints come with hover text.

use egui::Color32;

/// The colours of one theme.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Palette {
    /// Light board squares.
    pub light_square: Color32,
    /// Dark board squares.
    pub dark_square: Color32,
    /// Coordinates and board frame.
    pub frame: Color32,
    /// White's pieces.
    pub white_piece: Color32,
    /// Black's pieces.
    pub black_piece: Color32,
    /// Outline of pieces.
    pub outline: Color32,
    /// Tint of a legal target.
    pub legal: Color32,
    /// Tint of an illegal target under a drag.
    pub illegal: Color32,
    /// The selected piece.
    pub selection: Color32,
    /// The squares of the last move.
    pub last_move: Color32,
    /// The exit strips beyond the far rows.
    pub exit_strip: Color32,
    /// Card faces.
    pub card_face: Color32,
    /// Card backs.
    pub card_back: Color32,
    /// Red suits.
    pub red_suit: Color32,
    /// Black suits.
    pub black_suit: Color32,
}

/// The palette for a light or dark theme.
#[must_use]
pub fn palette(dark: bool) -> Palette {
    if dark {
        Palette {
            light_square: Color32::from_rgb(0x9c, 0x8f, 0x7a),
            dark_square: Color32::from_rgb(0x5e, 0x53, 0x45),
            frame: Color32::from_rgb(0xd8, 0xcc, 0xb8),
            white_piece: Color32::from_rgb(0xf4, 0xef, 0xe4),
            black_piece: Color32::from_rgb(0x24, 0x22, 0x27),
            outline: Color32::from_rgb(0x10, 0x10, 0x10),
            legal: Color32::from_rgba_unmultiplied(0x4c, 0xd1, 0x6a, 110),
            illegal: Color32::from_rgba_unmultiplied(0xe8, 0x3a, 0x3a, 120),
            selection: Color32::from_rgb(0xff, 0xc8, 0x3d),
            last_move: Color32::from_rgba_unmultiplied(0x5b, 0x9b, 0xff, 70),
            exit_strip: Color32::from_rgb(0x3a, 0x5a, 0x40),
            card_face: Color32::from_rgb(0xf2, 0xee, 0xe6),
            card_back: Color32::from_rgb(0x2d, 0x4a, 0x7a),
            red_suit: Color32::from_rgb(0xc0, 0x22, 0x22),
            black_suit: Color32::from_rgb(0x18, 0x18, 0x18),
        }
    } else {
        Palette {
            light_square: Color32::from_rgb(0xee, 0xe3, 0xcf),
            dark_square: Color32::from_rgb(0xb5, 0x9b, 0x7c),
            frame: Color32::from_rgb(0x4a, 0x3c, 0x2e),
            white_piece: Color32::from_rgb(0xfb, 0xf8, 0xf1),
            black_piece: Color32::from_rgb(0x2a, 0x27, 0x2e),
            outline: Color32::from_rgb(0x20, 0x1a, 0x14),
            legal: Color32::from_rgba_unmultiplied(0x2f, 0xa8, 0x4f, 110),
            illegal: Color32::from_rgba_unmultiplied(0xd9, 0x2b, 0x2b, 110),
            selection: Color32::from_rgb(0xf0, 0xa8, 0x00),
            last_move: Color32::from_rgba_unmultiplied(0x3b, 0x7b, 0xe0, 60),
            exit_strip: Color32::from_rgb(0xc9, 0xe4, 0xc5),
            card_face: Color32::WHITE,
            card_back: Color32::from_rgb(0x2d, 0x4a, 0x7a),
            red_suit: Color32::from_rgb(0xc0, 0x1c, 0x1c),
            black_suit: Color32::from_rgb(0x14, 0x14, 0x14),
        }
    }
}

/// Smallest side of a board square, in points.
pub const MIN_SQUARE: f32 = 34.0;
/// Largest side of a board square, in points.
pub const MAX_SQUARE: f32 = 84.0;
/// Width of the side panel with status and log.
pub const SIDE_PANEL_WIDTH: f32 = 300.0;
/// How long a toast stays, in seconds.
pub const TOAST_SECONDS: f64 = 6.0;
/// Playing-card size in points.
pub const CARD_SIZE: egui::Vec2 = egui::vec2(56.0, 80.0);
