//! Tail Feathers: the geometry of the table, the designed components, the
//! dice, tree movement, and the game itself (core rules TF-R1 to TF-R19 and
//! TF-R21).

pub mod cards;
pub mod components;
pub mod dice;
pub mod game;
pub mod geometry;
pub mod trees;

pub use game::{Action, TailFeathers};
