//! Invariants every reachable state keeps (checked by the conformance tests).

#![allow(clippy::wildcard_imports, reason = "a chapter of the game module: it shares the module's state and imports")]

use super::*;

impl TailFeathers {
    /// The invariants every reachable state keeps: no space over capacity,
    /// no two flying bases overlapping, wounds below life on the
    /// battlefield, cheese within 0..=6, tail feathers lying clear.
    ///
    /// # Errors
    /// The first broken invariant, in words.
    pub fn invariants(&self) -> Result<(), String> {
        // Tail feathers (TF-R24): wholly on the battlefield, touching no
        // space, trunk or other feather.
        for t in &self.feathers {
            if let Some(what) = self.lasting_blocker(t) {
                return Err(format!("tail feather {} touches {what}", t.id));
            }
        }
        self.card_invariants()?;
        self.spiral_invariants()?;
        self.leaf_invariants()?;
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
        for b in self.ballistas.iter().flatten() {
            let s = usize::from(b.space);
            if s >= field().spaces.len() || Self::space_nest(s).is_some() {
                return Err(format!("a ballista stands in space {s}, not a tree space"));
            }
            if b.wounds >= crate::rules::tail_feathers::cards::BALLISTA.life {
                return Err("a ballista stands with wounds at its life".into());
            }
        }
        if self.cheese.iter().any(|&c| c > CHEESE_MAX) {
            return Err(format!("cheese {:?}", self.cheese));
        }
        Ok(())
    }

    /// Action cards (TF-R27): after the picks, each side's seven cards are
    /// in its hand, its refresh pile or by a flying bird of its, each card
    /// once; a veteran marker is on a squad figure of its side.
    fn card_invariants(&self) -> Result<(), String> {
        use crate::rules::tail_feathers::cards::HAND;
        for (s, h) in self.hands.iter().enumerate() {
            let mut all: Vec<u8> = h.cards.iter().flatten().copied().collect();
            all.extend(&h.refresh);
            all.extend(h.lying.iter().map(|l| l.0));
            let n = all.len();
            all.sort_unstable();
            all.dedup();
            if all.len() != n {
                return Err(format!("seat {s} holds a card twice"));
            }
            if self.options.action_cards && self.hand_picker().is_none() && n != HAND {
                return Err(format!("seat {s} has {n} action cards, not {HAND}"));
            }
            if let Some(&(c, b)) = h.lying.iter().find(|l| self.figures[usize::from(l.1)].place != Place::Air) {
                return Err(format!("card {c} lies by figure {b}, which is not flying"));
            }
            if let Some(f) = self.veterans[s]
                && (!Self::is_squad(f) || seat_of(Self::side(f)).index() != s)
            {
                return Err(format!("seat {s}'s veteran marker is on figure {f}"));
            }
        }
        Ok(())
    }
}
