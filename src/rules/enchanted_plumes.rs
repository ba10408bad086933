//! Enchanted Plumes: 2–6 players build peacock plumes from Feather cards.
//!
//! Rulings EP-R1..R9 are in `../shared/specs/enchanted-plumes.md`. A turn is
//! several small actions: one or two `Play`s, then two replenish steps
//! (`Draw` or `Swap`, any mix, never past six cards in hand). The setup
//! choice (keep 6 of 9) is one `Keep` action per seat, taken in seat order
//! and hidden from the others by [`Game::observation`].
//!
//! Hidden information and what each seat remembers (EP-R8): the hands, the
//! three cards each seat returned at setup, the face-down bottom cards and
//! the deck order are private. Public memory is kept in the state: the cards
//! each seat took from the Train and has not shown since (`known`), and the
//! Peahen's place among the last eight cards. [`EnchantedPlumes::determinize`]
//! re-deals every card a seat cannot see so that all of this stays true.

mod well_formed;

use super::{Game, Outcome, Rng, RuleViolation, Seat};

mod cards;
mod face;
mod hidden;
mod plume;
mod turns;

pub use cards::{Feather, FeatherSet, max_value};
pub use plume::{Known, Plume};

/// The ten feather colours, in the order of the card index.
pub const COLOURS: [&str; 10] =
    ["red", "white", "yellow", "green", "orange", "teal", "blue", "pink", "purple", "black"];
/// A short letter cue per colour for players who cannot tell the colours apart
/// (pink "Pk" beside purple "Pu": a lone "P" was taken for either; orange
/// "Or": a lone "O" under the value read as a second zero).
pub const LETTERS: [&str; 10] = ["R", "W", "Y", "G", "Or", "T", "B", "Pk", "Pu", "Bk"];
/// Cards in the Train.
pub const TRAIN: usize = 5;
/// Most cards in a hand (EP-R3).
pub const HAND_LIMIT: usize = 6;
/// Cards dealt to each player at setup (EP-R2).
pub const DEALT: usize = 9;
/// Cards each player returns at setup (EP-R2).
pub const RETURNED: usize = 3;

/// More cards marked to return than the rule asks for: the view shows this
/// before there is an action to check (EP-R2).
#[must_use]
pub fn too_many_returned() -> RuleViolation {
    RuleViolation::new("EP-R2", format!("return exactly {RETURNED} cards; unmark one first"))
}
/// Feathers shuffled with the Peahen under the deck (EP-R2).
pub const UNDER_PEAHEN: usize = 7;

/// The rules options: player names and who starts.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Options {
    /// Names of the seats (missing or empty: "Player N").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub names: Vec<String>,
    /// The seat that plays first (EP-R9); `None` draws it at random.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first: Option<u8>,
}

/// One decision.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
pub enum Action {
    /// Setup (EP-R2): return these three of the nine dealt cards, keep the
    /// rest. The cards are listed in sorted order.
    Keep {
        /// The returned cards, sorted.
        returned: [Feather; 3],
    },
    /// Play a hand card into the mover's plume `plume` (its index; one past
    /// the last starts a new plume) at row `row` (the current bottom row, or
    /// one below it to start a new row; 0 for a new plume).
    Play {
        /// The card.
        card: Feather,
        /// Plume index.
        plume: u8,
        /// Row index (0 = top).
        row: u8,
    },
    /// Replenish: draw the top card of the deck.
    Draw,
    /// Replenish: swap this hand card with the Train card in `slot` (0–4).
    Swap {
        /// The hand card given to the Train.
        card: Feather,
        /// The Train position taken from.
        slot: u8,
    },
}

/// Where the game is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Phase {
    /// Seats choose their six cards (EP-R2).
    Keep,
    /// Turns.
    Play,
    /// The Peahen was drawn.
    Over,
}

/// What the player to move has done this turn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Turn {
    /// Cards played (0–2).
    pub played: u8,
    /// Cards drawn.
    pub draws: u8,
    /// Swaps made.
    pub swaps: u8,
    /// Train slots filled by this turn's swaps (cannot be taken back).
    pub given: u8,
    /// Cards taken from the Train this turn (cannot be given back).
    pub taken: FeatherSet,
}

impl Turn {
    fn steps(self) -> u8 {
        self.draws.saturating_add(self.swaps)
    }
}

/// The state of a game of Enchanted Plumes.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct EnchantedPlumes {
    rng: Rng,
    options: Options,
    seats: u8,
    phase: Phase,
    /// Bottom first; the top card is the last.
    deck: Vec<Feather>,
    /// How many deck cards lie under the Peahen.
    peahen: usize,
    train: Vec<Feather>,
    hands: Vec<Vec<Feather>>,
    plumes: Vec<Vec<Plume>>,
    /// The cards each seat returned at setup (private to that seat).
    returned: Vec<Vec<Feather>>,
    /// Public memory: cards each seat took from the Train and has not shown
    /// since; they are in its hand or face down in a completed peacock.
    known: Vec<FeatherSet>,
    current: Seat,
    first: Seat,
    turn: Turn,
    turns: u32,
    /// Who made the last `Draw` and the card it took (private to that seat).
    last_drawn: Option<(Seat, Feather)>,
    outcome: Option<Outcome>,
}

impl EnchantedPlumes {
    /// Where the game is.
    #[must_use]
    pub fn phase(&self) -> Phase {
        self.phase
    }
    /// The seat whose turn it is (in the keep phase: the next to choose).
    #[must_use]
    pub fn current(&self) -> Seat {
        self.current
    }
    /// The seat that plays the first turn.
    #[must_use]
    pub fn first(&self) -> Seat {
        self.first
    }
    /// A seat's hand, sorted (in an observation, other seats' hands hold
    /// stand-in cards: only their number is real).
    #[must_use]
    pub fn hand(&self, seat: Seat) -> &[Feather] {
        self.hands.get(seat.index()).map_or(&[], Vec::as_slice)
    }
    /// A seat's plumes.
    #[must_use]
    pub fn plumes(&self, seat: Seat) -> &[Plume] {
        self.plumes.get(seat.index()).map_or(&[], Vec::as_slice)
    }
    /// The Train, left to right.
    #[must_use]
    pub fn train(&self) -> &[Feather] {
        &self.train
    }
    /// Cards in the deck (the Peahen not counted).
    #[must_use]
    pub fn deck_len(&self) -> usize {
        self.deck.len()
    }
    /// The cards a seat returned at setup (empty for other seats in an observation).
    #[must_use]
    pub fn returned(&self, seat: Seat) -> &[Feather] {
        self.returned.get(seat.index()).map_or(&[], Vec::as_slice)
    }
    /// Cards a seat took from the Train and has not shown since (public).
    #[must_use]
    pub fn known(&self, seat: Seat) -> FeatherSet {
        self.known.get(seat.index()).copied().unwrap_or_default()
    }
    /// What the player to move has done this turn.
    #[must_use]
    pub fn turn(&self) -> Turn {
        self.turn
    }
    /// Completed turns.
    #[must_use]
    pub fn turns(&self) -> u32 {
        self.turns
    }
    /// The seat that made the last `Draw` and the card it took, until that
    /// seat plays or swaps. An observation keeps it only for that seat.
    #[must_use]
    pub fn last_drawn(&self) -> Option<(Seat, Feather)> {
        self.last_drawn
    }
    /// Number of seats.
    #[must_use]
    pub fn seats(&self) -> u8 {
        self.seats
    }
    /// A seat's current score (EP-R7; cards in hand count 0), face-down
    /// cards included: what other seats may know of it is
    /// [`EnchantedPlumes::score_seen_by`].
    #[must_use]
    pub fn score(&self, seat: Seat) -> i32 {
        self.plumes(seat).iter().map(Plume::score).sum()
    }
    /// The score of `seat`'s plume `plume` as `viewer` may know it:
    /// exact for its owner, for a plume with no face-down card and once the
    /// game is over; otherwise [`Plume::public_score`] (EP-R5, EP-R8).
    /// `viewer` `None` is someone who sees no seat's private cards (the
    /// screen between two people at one screen). A plume that does not
    /// exist scores `Exact(0)`.
    #[must_use]
    pub fn plume_score_seen_by(&self, viewer: Option<Seat>, seat: Seat, plume: usize) -> Known {
        let Some(p) = self.plumes(seat).get(plume) else { return Known::Exact(0) };
        if viewer == Some(seat) || self.phase == Phase::Over { Known::Exact(p.score()) } else { p.public_score() }
    }
    /// A seat's current score (EP-R7) as `viewer` may know it: the sum of
    /// [`EnchantedPlumes::plume_score_seen_by`] over its plumes.
    #[must_use]
    pub fn score_seen_by(&self, viewer: Option<Seat>, seat: Seat) -> Known {
        (0..self.plumes(seat).len())
            .map(|i| self.plume_score_seen_by(viewer, seat, i))
            .fold(Known::Exact(0), |a, b| a + b)
    }
    /// A seat's completed peacocks.
    #[must_use]
    pub fn peacocks(&self, seat: Seat) -> usize {
        self.plumes(seat).iter().filter(|p| p.is_complete()).count()
    }
    /// The highest card value in this game (EP-R1).
    #[must_use]
    pub fn max_value(&self) -> u8 {
        max_value(self.seats)
    }

    /// Test setup: replace a seat's hand.
    pub fn set_hand(&mut self, seat: Seat, cards: Vec<Feather>) {
        self.hands[seat.index()] = cards;
        self.hands[seat.index()].sort();
    }
    /// Test setup: replace a seat's plumes.
    pub fn set_plumes(&mut self, seat: Seat, plumes: Vec<Plume>) {
        self.plumes[seat.index()] = plumes;
    }
    /// Test setup: put these cards on top of the deck (the last is drawn first).
    pub fn stack_deck(&mut self, top: &[Feather]) {
        self.deck.retain(|c| !top.contains(c));
        self.deck.extend_from_slice(top);
    }
    /// How many deck cards lie under the Peahen (never shown in the app;
    /// for tests of the setup and of determinizations).
    #[must_use]
    pub fn cards_under_peahen(&self) -> usize {
        self.peahen
    }
    /// Test setup: the number of deck cards under the Peahen.
    pub fn set_peahen(&mut self, under: usize) {
        self.peahen = under.min(self.deck.len());
    }

    fn name(&self, seat: Seat) -> String {
        self.seat_name(seat)
    }

    fn keeper(&self) -> Option<Seat> {
        (0..self.seats).map(Seat).find(|s| self.hands[s.index()].len() == DEALT)
    }
}
