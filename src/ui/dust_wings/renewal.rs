//! What the renewal at the end of the last turn changed on the cards on
//! offer, marked where it happened: a "new" tag on each card dealt and a
//! ring round each crystal laid (a new player saw the cards change with no
//! word of why, the reason only in the log).

use crate::rules::Seat;
use crate::rules::dust_wings::{CardRef, DustInTheWings};

/// The cards on offer as a turn left them: each Gathering slot's card and
/// crystal count, and each Composition slot's card.
type Offer = ([(Option<u8>, usize); 3], [Option<u8>; 3]);

/// What one card slot shows of the last renewal.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    /// The card was dealt in it.
    pub fresh: bool,
    /// The crystal at the end of the card's row was laid in it.
    pub crystal: bool,
}

/// Watches the turns go by and keeps what the latest renewal changed.
#[derive(Default)]
pub struct Watch {
    /// The table, turn count and offer last seen.
    seen: Option<(u64, u32, Seat, Offer)>,
    /// The marks of the latest renewal, and the seat whose turn it ended.
    marks: Option<(Seat, [Marks; 3], [Marks; 3])>,
}

fn offer(state: &DustInTheWings) -> Offer {
    let g = state.gathering();
    ([(g[0].0, g[0].1.len()), (g[1].0, g[1].1.len()), (g[2].0, g[2].1.len())], state.composition())
}

impl Watch {
    /// Looks at the position shown: when exactly one turn has ended since
    /// the last look, keeps what its renewal changed; when the game jumped
    /// (undo, another game, a new tab) forgets the marks.
    pub fn observe(&mut self, table: u64, state: &DustInTheWings) {
        let now = offer(state);
        let turns = state.turns();
        if let Some((id, before_turns, mover, before)) = self.seen
            && id == table
        {
            if turns == before_turns + 1 {
                let mut g = [Marks::default(); 3];
                let mut c = [Marks::default(); 3];
                for i in 0..3 {
                    let ((was, n_was), (is, n_is)) = (before.0[i], now.0[i]);
                    let fresh = is.is_some() && (was != is || n_is < n_was);
                    g[i] = Marks { fresh, crystal: n_is > 0 && (fresh || n_is > n_was) };
                    c[i] = Marks { fresh: now.1[i].is_some() && now.1[i] != before.1[i], crystal: false };
                }
                self.marks = Some((mover, g, c));
            } else if turns != before_turns {
                self.marks = None;
            }
        } else {
            self.marks = None;
        }
        self.seen = Some((table, turns, state.current(), now));
    }

    /// The seat whose turn ended in the renewal marked, if any.
    pub fn after(&self) -> Option<Seat> {
        self.marks.map(|(seat, _, _)| seat)
    }

    /// The marks for a card slot, with the seat whose turn's renewal made
    /// them.
    pub fn marks(&self, slot: CardRef) -> Option<(Seat, Marks)> {
        let (seat, g, c) = self.marks?;
        let m = match slot {
            CardRef::Gathering(s) => g[usize::from(s)],
            CardRef::Composition(s) => c[usize::from(s)],
        };
        (m != Marks::default()).then_some((seat, m))
    }
}

/// The card's hover words on its marks.
pub fn explain(name: &str, marks: Marks) -> String {
    let mut said = Vec::new();
    if marks.fresh {
        said.push("this card was dealt");
    }
    if marks.crystal {
        said.push("the ringed crystal was laid on it");
    }
    format!(
        "In the renewal after {name}'s turn {}. Every turn ends so: the card taken is replaced, any Gathering card \
         carrying 3 crystals is discarded and replaced, and each Gathering card gets a crystal from the bag.",
        said.join(" and ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::dust_wings::Options;
    use crate::rules::{Game, Setup};

    #[test]
    fn a_turn_s_renewal_rings_every_crystal_laid_and_an_undo_forgets_it() {
        let setup = Setup { seats: 3, options: Options::default() };
        let start = DustInTheWings::new(&setup, 7);
        let mut watch = Watch::default();
        watch.observe(1, &start);
        // Play one whole turn: pick up a space and drop along the first way.
        let mut state = start.clone();
        while state.turns() == start.turns() {
            let action = state.legal_actions()[0].clone();
            state.apply(&action).expect("a legal action");
        }
        watch.observe(1, &state);
        let laid = (0..3).filter(|&s| watch.marks(CardRef::Gathering(s)).is_some_and(|(_, m)| m.crystal)).count();
        assert_eq!(laid, 3, "the renewal lays a crystal on each of the three Gathering cards");
        assert_eq!(watch.marks(CardRef::Gathering(0)).map(|(seat, _)| seat), Some(start.current()));
        // Back to the start (an undo): the marks go.
        watch.observe(1, &start);
        assert!(watch.marks(CardRef::Gathering(0)).is_none());
    }
}
