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
        if self.cheese.iter().any(|&c| c > CHEESE_MAX) {
            return Err(format!("cheese {:?}", self.cheese));
        }
        Ok(())
    }
}
