//! Feathers & Wax, the solitaire (rulings FW-R1..R17 in
//! `shared/specs/feathers-and-wax.md`).
//!
//! Three phases, each a run of small actions:
//! 1. **Collect**: Daedalus walks the labyrinth one step per action on the
//!    movement card in play, drawing a feather (spade) or wax (club) card on
//!    every nest or hive he enters; Jailers, Maidens and Keeps act the moment
//!    they are drawn. Drawing the next movement card is forced, so it is a
//!    chance action the session applies by itself.
//! 2. **Wings**: the held spades become wing sections, split between Icarus
//!    and Daedalus.
//! 3. **Flight**: each turn draws cards (the first one or two are forced,
//!    more are the player's choice), plays one card per flying character,
//!    Icarus first, then offers the two special movements.
//!
//! Both boards are data: the labyrinth in `feathers_wax/board.rs`
//! ([`LABYRINTH_MAP`]), the sky here ([`SKY_ROWS`], [`TOWER_ROW`]); the in-app rules page describes them.

pub mod routes;
mod well_formed;

use super::cards::{Card, CardSet, Deck, Suit};
use super::{Outcome, Rng, Seat};

mod arrange;
mod board;
mod collect;
mod face;
mod flight;
mod wings;

pub use arrange::Pile;
pub use board::{Cell, Heading, LAB_H, LAB_W, LABYRINTH, LABYRINTH_MAP, Labyrinth, Spot};

/// Sky columns: 0 is the tower, 10 the safe airspace over the island.
pub const SKY_COLS: u8 = 11;
/// The safe column.
pub const SAFE_COL: u8 = 10;
/// Sky rows: 0 is the sun row (top), `SKY_ROWS - 1` the sea row (bottom).
pub const SKY_ROWS: u8 = 7;
/// The row of the tower, where both characters start.
pub const TOWER_ROW: u8 = 3;

/// One of the two flyers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
pub enum Flyer {
    /// The son: flies first, and climbs two rows on a diamond.
    Icarus,
    /// The father.
    Daedalus,
}

impl Flyer {
    /// Both, in the order they resolve (FW-R13).
    pub const BOTH: [Flyer; 2] = [Flyer::Icarus, Flyer::Daedalus];

    /// The name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Flyer::Icarus => "Icarus",
            Flyer::Daedalus => "Daedalus",
        }
    }

    /// The other flyer.
    #[must_use]
    pub fn other(self) -> Flyer {
        match self {
            Flyer::Icarus => Flyer::Daedalus,
            Flyer::Daedalus => Flyer::Icarus,
        }
    }
}

/// Where Daedalus is in phase 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Walker {
    /// Before the entrance door.
    Outside,
    /// In a cell.
    At(Cell),
    /// Through the exit door.
    Out,
}

/// A flyer's place in phase 3.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Place {
    /// In the sky (column 0 is the tower).
    Sky {
        /// Column 0..=9.
        col: u8,
        /// Row 0 (sun) ..= `SKY_ROWS - 1` (sea).
        row: u8,
    },
    /// Reached the safe column and left the board.
    Safe,
    /// Fell into the sea.
    Lost,
}

/// The phase of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Phase {
    /// Phase 1: the labyrinth.
    Collect,
    /// Phase 2: building the wings.
    Wings,
    /// Phase 3: the flight.
    Flight,
    /// Won or lost.
    Over,
}

/// Where phase 3 stands within a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Stage {
    /// Drawing cards for this turn.
    Drawing,
    /// A drawn card must be played on this flyer.
    Play(Flyer),
    /// This flyer played `card` and may take the special movements
    /// (`bonus`: the value-match bonus is still open).
    Specials {
        /// Who moved.
        flyer: Flyer,
        /// The card played.
        card: Card,
        /// The value-match step (FW-R15a) is still available.
        bonus: bool,
    },
}

/// Something that happened while an action was applied (for the log and
/// the table's messages).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Event {
    /// A card was drawn from a deck and shown.
    Drew(Card),
    /// A feather or wax card was kept.
    Collected(Card),
    /// A K was kept for later (FW-R5).
    KeptKing(Card),
    /// A Jailer took every collected card of a suit (FW-R6).
    Jailer(Suit, usize),
    /// A Maiden ended collecting a suit (FW-R7).
    Maiden(Suit),
    /// A Maiden had no effect (3 or fewer held).
    MaidenHarmless(Suit),
    /// The K was spent to cancel a J or Q.
    SpentKing(Card),
    /// Reaching an edge column made every used location fresh (FW-R3).
    Refreshed,
    /// A location gave nothing (used, suit closed, or deck empty).
    Nothing(Spot),
    /// Daedalus left the labyrinth.
    Left,
    /// The move ended.
    MoveEnded,
    /// A face card drawn in the tower was set aside (FW-R12).
    Replaced(Card),
    /// A flyer collided and dropped below the other (FW-R14).
    Collided(Flyer),
    /// The sun or sea cost a section (FW-R15c).
    Scorched(Flyer, bool),
    /// A flyer reached safety.
    Safe(Flyer),
    /// A card drawn this flight turn and not played was discarded at the
    /// turn's end.
    Unplayed(Card),
}

/// Rules options (Feathers & Wax has no variants yet).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {}

/// One atomic decision. In a save file: `"Draw"`, `{"Step":"E"}`, `"Stop"`,
/// `"UseKing"`, `"KeepKing"`, `{"Wing":{"value":7,"flyer":"Icarus"}}`,
/// `{"Unwing":7}`, `"Launch"`, `"EndDraw"`,
/// `{"Play":{"card":{"rank":4,"suit":"Hearts"},"flyer":"Icarus","up":null}}`,
/// `{"Bonus":4}`, `{"Shift":{"value":2,"up":true}}`, `"Done"`.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
pub enum Action {
    /// Draw a card: the next movement card in phase 1 (forced), or one
    /// more flight card in phase 3 (forced up to the minimum, FW-R11).
    Draw,
    /// Phase 1: one step of the current move (FW-R1).
    Step(Heading),
    /// Phase 1: end the current move here (FW-R1).
    Stop,
    /// Phase 1: spend the held K to cancel the J or Q just drawn (FW-R5).
    UseKing,
    /// Phase 1: keep the K and let the J or Q act (FW-R5).
    KeepKing,
    /// Phase 2: put the spade of this value on a flyer's wing rack.
    Wing {
        /// The spade's value (1..=10).
        value: u8,
        /// The rack.
        flyer: Flyer,
    },
    /// Phase 2: take the spade of this value back off its rack.
    Unwing(u8),
    /// Phase 2: the wings are done; fly (FW-R10).
    Launch,
    /// Phase 3: stop drawing and play the drawn cards.
    EndDraw,
    /// Phase 3: play a drawn card on a flyer (FW-R13/R14/R16). `up` is the
    /// direction chosen for a K when both flyers share a row.
    Play {
        /// The drawn card.
        card: Card,
        /// Who moves.
        flyer: Flyer,
        /// For a K with both in one row: `Some(true)` up, `Some(false)` down.
        up: Option<bool>,
    },
    /// Phase 3: discard the wing section of this value (equal to the card
    /// just played) to step one more right (FW-R15a).
    Bonus(u8),
    /// Phase 3: discard the wing section of this value to step up or down
    /// (FW-R15b).
    Shift {
        /// The section discarded.
        value: u8,
        /// Up (towards the sun) or down.
        up: bool,
    },
    /// Phase 3: no (more) special movement.
    Done,
}

/// A game of Feathers & Wax.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct FeathersAndWax {
    rng: Rng,
    phase: Phase,
    // Phase 1.
    feathers: Deck<Card>,
    wax: Deck<Card>,
    moves: Deck<Card>,
    walker: Walker,
    /// The movement card in play.
    card: Option<Card>,
    steps_left: u8,
    heading: Option<Heading>,
    /// Cells entered during the current move, in order.
    path: Vec<Cell>,
    /// Used nests and hives, one bit per cell.
    used: u128,
    /// The edge column that last refreshed the locations: false = west.
    refreshed_east: bool,
    /// Collected A–10 values: `[spades, clubs]`.
    held: [Vec<u8>; 2],
    /// Kept Ks: `[spades, clubs]`.
    kings: [bool; 2],
    /// Suits closed by a Maiden: `[spades, clubs]`.
    closed: [bool; 2],
    /// A J or Q waiting for the K decision.
    pending: Option<Card>,
    /// Every card discarded.
    discards: CardSet,
    /// The card discarded last (the top of the discard pile).
    last_discard: Option<Card>,
    // Phase 2/3.
    /// Wing sections (spade values): `[Icarus, Daedalus]`.
    wings: [Vec<u8>; 2],
    flight: Deck<Card>,
    places: [Place; 2],
    drawn: Vec<Card>,
    stage: Stage,
    turn: u16,
    outcome: Option<Outcome>,
    events: Vec<Event>,
}

fn suit_index(suit: Suit) -> usize {
    usize::from(suit == Suit::Clubs)
}

fn suit_of_spot(spot: Spot) -> Option<Suit> {
    match spot {
        Spot::Nest => Some(Suit::Spades),
        Spot::Hive => Some(Suit::Clubs),
        Spot::Empty => None,
    }
}

fn resource(suit: Suit) -> &'static str {
    if suit == Suit::Spades { "feather" } else { "wax" }
}

fn flight_cards() -> Vec<Card> {
    [Suit::Hearts, Suit::Diamonds].into_iter().flat_map(Card::suit_of).collect()
}

impl FeathersAndWax {
    /// The phase.
    #[must_use]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Where Daedalus is in the labyrinth.
    #[must_use]
    pub fn walker(&self) -> Walker {
        self.walker
    }

    /// The movement card in play (phase 1).
    #[must_use]
    pub fn card(&self) -> Option<Card> {
        self.card
    }

    /// Steps left on the movement card in play.
    #[must_use]
    pub fn steps_left(&self) -> u8 {
        self.steps_left
    }

    /// The fixed heading of a diamonds move, once its first step is taken.
    #[must_use]
    pub fn heading(&self) -> Option<Heading> {
        self.heading
    }

    /// Cells entered this move.
    #[must_use]
    pub fn path(&self) -> &[Cell] {
        &self.path
    }

    /// True when this nest or hive has been used since the last refresh.
    #[must_use]
    pub fn is_used(&self, cell: Cell) -> bool {
        self.used & (1u128 << cell.index()) != 0
    }

    /// The edge column that last refreshed the locations (true = east).
    #[must_use]
    pub fn refreshed_east(&self) -> bool {
        self.refreshed_east
    }

    /// Collected A–10 values of spades (feathers) or clubs (wax).
    #[must_use]
    pub fn held(&self, suit: Suit) -> &[u8] {
        &self.held[suit_index(suit)]
    }

    /// True when the K of that suit is held.
    #[must_use]
    pub fn has_king(&self, suit: Suit) -> bool {
        self.kings[suit_index(suit)]
    }

    /// True when a Maiden closed that suit.
    #[must_use]
    pub fn is_closed(&self, suit: Suit) -> bool {
        self.closed[suit_index(suit)]
    }

    /// The J or Q waiting for the K decision.
    #[must_use]
    pub fn pending(&self) -> Option<Card> {
        self.pending
    }

    /// Cards left: `(feathers, wax, movement)` in phase 1, flight deck after.
    #[must_use]
    pub fn deck_counts(&self) -> (usize, usize, usize) {
        (self.feathers.len(), self.wax.len(), self.moves.len())
    }

    /// Cards left in the flight deck.
    #[must_use]
    pub fn flight_left(&self) -> usize {
        self.flight.len()
    }

    /// Every order the flight deck could be in, as copies of this game that
    /// differ only in it, once the flyers are in the air (from then on only
    /// the flight deck is drawn from). `None` before that (the flight deck
    /// is only shuffled at the leap), or when there are more than `limit`
    /// orders. For the exact win chance near the end.
    #[must_use]
    pub fn every_flight_order(&self, limit: usize) -> Option<Vec<Self>> {
        if self.phase != Phase::Flight {
            return None;
        }
        let mut cards = self.flight.cards().to_vec();
        let orders = (1..=cards.len()).try_fold(1usize, |acc, k| acc.checked_mul(k).filter(|&n| n <= limit))?;
        let mut out = Vec::with_capacity(orders);
        // Heap's algorithm, iteratively: every permutation exactly once.
        let mut c = vec![0usize; cards.len()];
        let mut push = |cards: &[Card]| {
            let mut copy = self.clone();
            copy.flight = Deck::from_order(cards.to_vec());
            out.push(copy);
        };
        push(&cards);
        let mut i = 0;
        while i < cards.len() {
            if c[i] < i {
                cards.swap(if i % 2 == 0 { 0 } else { c[i] }, i);
                push(&cards);
                c[i] += 1;
                i = 0;
            } else {
                c[i] = 0;
                i += 1;
            }
        }
        Some(out)
    }

    /// The cards still in a deck, sorted: public knowledge (every card not
    /// yet seen), unlike their order.
    #[must_use]
    pub fn unseen(&self, pile: Pile) -> Vec<Card> {
        let deck = match pile {
            Pile::Feathers => &self.feathers,
            Pile::Wax => &self.wax,
            Pile::Moves => &self.moves,
            Pile::Flight => &self.flight,
        };
        let mut cards = deck.cards().to_vec();
        cards.sort();
        cards
    }

    /// Every discarded card.
    #[must_use]
    pub fn discards(&self) -> CardSet {
        self.discards
    }

    /// A flyer's wing sections.
    #[must_use]
    pub fn wings(&self, f: Flyer) -> &[u8] {
        &self.wings[f as usize]
    }

    /// Spades not yet on a rack (phase 2).
    #[must_use]
    pub fn unassigned(&self) -> Vec<u8> {
        let on = |v: &u8| self.wings.iter().any(|w| w.contains(v));
        self.held[0].iter().copied().filter(|v| !on(v)).collect()
    }

    /// Wing sections the held cards make (FW-R10).
    #[must_use]
    pub fn sections(&self) -> usize {
        self.held[0].len().min(self.held[1].len())
    }

    /// A flyer's place.
    #[must_use]
    pub fn place(&self, f: Flyer) -> Place {
        self.places[f as usize]
    }

    /// Cards drawn this flight turn and not yet played.
    #[must_use]
    pub fn drawn(&self) -> &[Card] {
        &self.drawn
    }

    /// Where the flight turn stands.
    #[must_use]
    pub fn stage(&self) -> Stage {
        self.stage
    }

    /// Flight turns begun.
    #[must_use]
    pub fn turn(&self) -> u16 {
        self.turn
    }

    /// What the last action did.
    #[must_use]
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// The top of the discard pile.
    #[must_use]
    pub fn last_discard(&self) -> Option<Card> {
        self.last_discard
    }

    fn discard(&mut self, card: Card) {
        self.discards.insert(card);
        self.last_discard = Some(card);
    }

    fn discard_all(&mut self, cards: impl IntoIterator<Item = Card>) {
        for c in cards {
            self.discard(c);
        }
    }

    /// How many unseen flight cards there are of each rank (index 1..=13):
    /// public knowledge.
    #[must_use]
    pub fn flight_ranks(&self) -> [u8; 14] {
        let mut n = [0u8; 14];
        for c in self.flight.cards() {
            n[usize::from(c.rank)] += 1;
        }
        n
    }

    fn flying(&self, f: Flyer) -> bool {
        matches!(self.places[f as usize], Place::Sky { .. })
    }

    fn both_in_tower(&self) -> bool {
        self.places.iter().all(|p| matches!(p, Place::Sky { col: 0, .. }))
    }

    /// Cards a flight turn must draw at least (FW-R11).
    #[must_use]
    pub fn min_draw(&self) -> usize {
        Flyer::BOTH.iter().filter(|&&f| self.flying(f)).count()
    }

    fn lose(&mut self, reason: impl Into<String>) {
        self.phase = Phase::Over;
        self.outcome = Some(Outcome { winners: Vec::new(), scores: vec![0], reason: reason.into() });
    }

    fn win(&mut self) {
        self.phase = Phase::Over;
        self.outcome = Some(Outcome {
            winners: vec![Seat(0)],
            scores: vec![1],
            reason: "Icarus and Daedalus reached the island".into(),
        });
    }
}
