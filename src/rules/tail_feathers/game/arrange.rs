//! Arranging a position by hand, for tests, lessons and benches.

#![allow(clippy::wildcard_imports, reason = "a chapter of the game module: it shares the module's state and imports")]

use super::*;

/// Arranging a position by hand, for the rule tests: each call puts one
/// thing where a test needs it and forgets the memo of legal actions.
/// Saves never use these (they replay actions from a new game).
#[doc(hidden)]
impl TailFeathers {
    pub fn arrange_place(&mut self, f: Fig, place: Place) {
        self.figures[usize::from(f)].place = place;
        self.memo = Memo::default();
    }

    pub fn arrange_bird(&mut self, f: Fig, pose: Pose, tilt: Tilt, launching: bool) {
        if let Some(i) = bird_index(f) {
            self.birds[i].pose = pose;
            self.birds[i].tilt = tilt;
            self.birds[i].launching = launching;
        }
        self.memo = Memo::default();
    }

    pub fn arrange_status(&mut self, f: Fig, wounds: u8, immobilized: bool, on_fire: bool, rattled: bool) {
        let fig = &mut self.figures[usize::from(f)];
        fig.wounds = wounds;
        fig.immobilized = immobilized;
        fig.on_fire = on_fire;
        if let Some(i) = bird_index(f) {
            self.birds[i].rattled = rattled;
        }
        self.memo = Memo::default();
    }

    pub fn arrange_cheese(&mut self, seat: Seat, n: u8) {
        self.cheese[seat.index()] = n;
        self.memo = Memo::default();
    }

    pub fn arrange_nest(&mut self, side: Alliance, life: u8, fire: u8) {
        self.nest[seat_of(side).index()] = life;
        self.nest_fire[seat_of(side).index()] = fire;
        self.memo = Memo::default();
    }

    /// The activation phase with `seat` to choose a unit; `activated`
    /// units count as done this round.
    pub fn arrange_turn(&mut self, seat: Seat, activated: &[usize]) {
        self.phase = Phase::Activation;
        self.rolled = true;
        self.bids = [Secret::Open; 2];
        self.activation = None;
        self.combat = None;
        self.turn = seat;
        self.first = seat;
        self.activated = [false; UNITS];
        for &u in activated {
            self.activated[u] = true;
        }
        self.memo = Memo::default();
    }

    pub fn arrange_mission(&mut self, side: Alliance, card: Option<MissionCard>) {
        self.cards[seat_of(side).index()] = card;
        self.pick[seat_of(side).index()] = Secret::Chosen(card.and_then(|c| c.kind));
        self.memo = Memo::default();
    }

    pub fn arrange_rng(&mut self, seed: u64) {
        self.rng = Rng::seeded(seed);
        self.memo = Memo::default();
    }

    pub fn arrange_round(&mut self, round: u8) {
        self.round = round;
        self.memo = Memo::default();
    }

    /// Locks two flying birds in a death spiral, the template laid from
    /// `enemy`'s base toward `heading` (TF-R25).
    pub fn arrange_spiral(&mut self, mover: Fig, enemy: Fig, heading: Heading) {
        let spiral = Spiral {
            birds: [mover, enemy],
            anchor: Pose { at: self.birds[bird_index(enemy).unwrap_or(0)].pose.at, heading },
        };
        if let (Some(i), Some(j)) = (bird_index(mover), bird_index(enemy)) {
            self.birds[i].pose = spiral.mover_pose();
            self.birds[j].pose.heading = heading;
        }
        self.spirals.push(spiral);
        self.memo = Memo::default();
    }

    /// Gives `seat` this hand of action cards, nothing played yet
    /// (TF-R27).
    pub fn arrange_hand(&mut self, seat: Seat, cards: &[u8]) {
        self.hands[seat.index()] = Hand { cards: cards.iter().copied().map(Some).collect(), ..Hand::default() };
        self.memo = Memo::default();
    }

    /// Builds `side`'s ballista in space `space` in round `built`, with
    /// `wounds` (TF-R28).
    pub fn arrange_ballista(&mut self, side: Alliance, space: u8, built: u8, wounds: u8) {
        self.ballistas[seat_of(side).index()] = Some(Ballista { space, wounds, built, activated: false });
        self.memo = Memo::default();
    }
}
