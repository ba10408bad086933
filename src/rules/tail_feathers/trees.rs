//! Moving through the trees (TF-R7): space capacity, enemy stops and the
//! outnumbering rule, over a battlefield's spaces and adjacency. Pure
//! functions of who stands where, so the game and its tests share them.

use super::components::{Alliance, Battlefield, SPACE_SMALL, Size};

/// A figure standing in a space, as capacity and movement see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Occupant {
    /// Whose it is.
    pub side: Alliance,
    /// Small or large.
    pub size: Size,
    /// A structure (TF-R28): it fills room as a small figure but never
    /// counts for outnumbering and stops nobody.
    pub structure: bool,
}

impl Occupant {
    /// A figure of `side` and `size`.
    #[must_use]
    pub const fn figure(whose: Alliance, size: Size) -> Self {
        Self { side: whose, size, structure: false }
    }
}

/// The spaces a figure moves over: how many, which border which, and which
/// have room. The battlefield's own spaces are one; a game adds its leaves
/// (TF-R26).
pub trait Spaces {
    /// How many spaces (numbered from 0).
    fn count(&self) -> usize;
    /// The spaces bordering space `s`.
    fn neighbours(&self, s: usize) -> Vec<usize>;
    /// True when a figure of `size` may stop in space `s` holding `here`.
    fn room(&self, s: usize, here: &[Occupant], size: Size) -> bool;
}

impl Spaces for Battlefield {
    fn count(&self) -> usize {
        self.spaces.len()
    }

    fn neighbours(&self, s: usize) -> Vec<usize> {
        Battlefield::neighbours(self, s)
    }

    fn room(&self, s: usize, here: &[Occupant], size: Size) -> bool {
        has_room(self, s, here, size)
    }
}

/// True when a figure of `size` may stop in space `s` holding `here`
/// (capacity: four small or one large, never mixed; a nest has no limit).
#[must_use]
pub fn has_room(field: &Battlefield, s: usize, here: &[Occupant], size: Size) -> bool {
    if field.spaces[s].nest.is_some() {
        return true;
    }
    match size {
        Size::Large => here.is_empty(),
        Size::Small => here.iter().all(|o| o.size == Size::Small) && here.len() < SPACE_SMALL,
    }
}

/// True when `mover` may leave a space holding `here` (itself included):
/// a small figure not while enemies outnumber friends there.
#[must_use]
pub fn may_leave(mover: Occupant, here: &[Occupant]) -> bool {
    if mover.size == Size::Large {
        return true;
    }
    let friends = here.iter().filter(|o| o.side == mover.side && !o.structure).count();
    let enemies = here.iter().filter(|o| o.side != mover.side && !o.structure).count();
    enemies <= friends
}

/// The spaces a figure in space `from` can end its move in with up to
/// `steps` steps (TF-R7): along adjacent spaces, only through spaces where
/// it could stop, and a small figure stops on entering a space with an
/// enemy. `occupants(s)` lists who stands in space `s` (the mover
/// excluded). The start space is not listed.
#[must_use]
pub fn destinations(
    field: &impl Spaces,
    from: usize,
    mover: Occupant,
    steps: u8,
    occupants: &dyn Fn(usize) -> Vec<Occupant>,
) -> Vec<usize> {
    let mut start = occupants(from);
    start.push(mover);
    if steps == 0 || !may_leave(mover, &start) {
        return Vec::new();
    }
    let mut best = vec![u8::MAX; field.count()];
    best[from] = 0;
    let mut frontier = vec![from];
    let mut out = Vec::new();
    for step in 1..=steps {
        let mut next = Vec::new();
        for &s in &frontier {
            for n in field.neighbours(s) {
                if best[n] <= step {
                    continue;
                }
                let here = occupants(n);
                if !field.room(n, &here, mover.size) {
                    continue;
                }
                best[n] = step;
                if !out.contains(&n) {
                    out.push(n);
                }
                let enemy = here.iter().any(|o| o.side != mover.side && !o.structure);
                if !(enemy && mover.size == Size::Small) {
                    next.push(n);
                }
            }
        }
        frontier = next;
    }
    out.sort_unstable();
    out
}
