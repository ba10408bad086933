//! Tail Feathers (in progress: see issue "Tail Feathers, part 1"). So far
//! the geometry of the table; the components, the rules and the game come
//! next.

pub mod components;
pub mod dice;
pub mod geometry;
pub mod trees;
