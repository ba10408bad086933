//! What each seat cannot see, and the deal of it again that keeps true
//! what the seat knows (EP-R8).

use super::{EnchantedPlumes, Feather, FeatherSet, Phase, Plume, UNDER_PEAHEN};
use crate::rules::{Rng, Seat};

impl EnchantedPlumes {
    /// Every card `seat` cannot see right now (hidden hands, face-down
    /// cards of others, the deck, other seats' setup returns).
    fn unseen_by(&self, seat: Seat) -> FeatherSet {
        let mut hidden = FeatherSet::default();
        for other in (0..self.seats).map(Seat).filter(|&s| s != seat) {
            hidden.extend(self.hands[other.index()].iter().copied());
            if self.phase == Phase::Keep {
                hidden.extend(self.returned[other.index()].iter().copied());
            }
            // At the end every peacock's last card is turned up to be
            // scored (EP-R5: face down "until the end").
            if self.phase != Phase::Over {
                hidden.extend(self.plumes[other.index()].iter().filter_map(Plume::face_down));
            }
        }
        hidden.extend(self.deck.iter().copied());
        hidden
    }

    /// Re-deals every card `seat` cannot see, keeping what it knows true.
    /// `rng` = `None` gives the canonical deal used for observations (it
    /// depends only on what the seat knows).
    pub(super) fn redeal(&self, seat: Seat, rng: Option<&mut Rng>) -> Self {
        let mut fixed = Rng::seeded(0x5EED_0F91_0ED5);
        let rng = rng.unwrap_or(&mut fixed);
        let mut out = self.clone();
        out.last_drawn = self.last_drawn.filter(|&(drawer, _)| drawer == seat);
        for s in (0..self.seats).filter(|&s| s != seat.0) {
            out.returned[usize::from(s)] = Vec::new();
        }
        let unseen = self.unseen_by(seat);
        if self.phase == Phase::Keep {
            let mut pool: Vec<Feather> = unseen.iter().collect();
            rng.shuffle(&mut pool);
            for s in (0..self.seats).map(Seat).filter(|&s| s != seat) {
                let h = self.hands[s.index()].len();
                out.hands[s.index()] = pool.drain(..h).collect();
                out.hands[s.index()].sort();
                let r = self.returned[s.index()].len();
                out.returned[s.index()] = pool.drain(..r).collect();
                out.returned[s.index()].sort();
            }
            out.deck = pool;
            return out;
        }
        let mut pool = unseen;
        let own_returned: FeatherSet = self.returned[seat.index()].iter().copied().collect();
        // 1. Face-down cards of the other seats: each of a colour of the
        //    two-card row above it, chosen so that the seat's remaining
        //    known cards still fit in its hand.
        let turned_up = self.phase == Phase::Over;
        for s in (0..usize::from(self.seats)).filter(|&s| s != seat.index() && !turned_up) {
            let slots: Vec<(usize, Vec<u8>)> = self.plumes[s]
                .iter()
                .enumerate()
                .filter(|(_, p)| p.is_complete())
                .map(|(i, p)| (i, p.rows[p.rows.len() - 2].iter().map(|c| c.colour).collect()))
                .collect();
            if slots.is_empty() {
                continue;
            }
            let mut chosen = Vec::new();
            let found = self.place_face_down(s, &slots, pool, own_returned, rng, &mut chosen)
                || self.place_face_down(s, &slots, pool, FeatherSet::default(), rng, &mut chosen);
            if !found {
                // Cannot happen for a state reached by the rules (the real
                // cards are one answer); never leave a real card in place.
                chosen = pool.iter().take(slots.len()).collect();
            }
            for (&(i, _), &c) in slots.iter().zip(&chosen) {
                if let Some(last) = out.plumes[s][i].rows.last_mut() {
                    last[0] = c;
                }
                pool.remove(c);
            }
        }
        // 2. Known cards go back to their holders' hands.
        let mut free: Vec<usize> = vec![0; usize::from(self.seats)];
        for s in (0..self.seats).map(Seat).filter(|&s| s != seat) {
            let mut hand: Vec<Feather> =
                self.known[s.index()].iter().filter(|&c| pool.contains(c)).take(self.hands[s.index()].len()).collect();
            for &c in &hand {
                pool.remove(c);
            }
            free[s.index()] = self.hands[s.index()].len() - hand.len();
            hand.sort();
            out.hands[s.index()] = hand;
        }
        // 3. The seat's own returned cards are in the deck (EP-R8) while
        //    there is room for them.
        let mut deck: Vec<Feather> = Vec::new();
        for c in own_returned.iter() {
            if pool.contains(c) && deck.len() < self.deck.len() {
                deck.push(c);
                pool.remove(c);
            }
        }
        // 4. Everything else at random.
        let mut rest: Vec<Feather> = pool.iter().collect();
        rng.shuffle(&mut rest);
        for s in (0..self.seats).map(Seat).filter(|&s| s != seat) {
            let n = free[s.index()].min(rest.len());
            out.hands[s.index()].extend(rest.drain(..n));
            out.hands[s.index()].sort();
        }
        deck.extend(rest);
        rng.shuffle(&mut deck);
        out.deck = deck;
        // The Peahen lies among the last eight cards and has not been drawn.
        out.peahen = rng.below(UNDER_PEAHEN.min(out.deck.len()) + 1);
        out
    }

    /// Chooses face-down cards for seat `s`'s completed peacocks `slots`
    /// (plume index, allowed colours) from `pool`, avoiding `avoid`, so that
    /// the seat's known cards not placed face down still fit in its hand.
    /// Depth-first in random order; false when impossible.
    fn place_face_down(
        &self,
        s: usize,
        slots: &[(usize, Vec<u8>)],
        pool: FeatherSet,
        avoid: FeatherSet,
        rng: &mut Rng,
        chosen: &mut Vec<Feather>,
    ) -> bool {
        let k = chosen.len();
        if k == slots.len() {
            let in_pool = self.known[s].iter().filter(|&c| pool.contains(c)).count();
            return in_pool <= self.hands[s].len();
        }
        let colours = &slots[k].1;
        let mut candidates: Vec<Feather> = pool
            .iter()
            .filter(|c| colours.contains(&c.colour) && !avoid.contains(*c))
            // A card another seat is known to hold cannot be this one.
            .filter(|&c| (0..usize::from(self.seats)).all(|o| o == s || !self.known[o].contains(c)))
            .collect();
        rng.shuffle(&mut candidates);
        for c in candidates {
            let mut rest = pool;
            rest.remove(c);
            chosen.push(c);
            if self.place_face_down(s, slots, rest, avoid, rng, chosen) {
                return true;
            }
            chosen.pop();
        }
        false
    }
}
