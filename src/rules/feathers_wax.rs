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
//! Both boards are data in this file ([`LABYRINTH_MAP`], [`SKY_ROWS`],
//! [`TOWER_ROW`]); the in-app rules page describes them.

pub mod routes;
mod well_formed;

use std::fmt;
use std::sync::LazyLock;

use super::cards::{Card, CardSet, Deck, Suit};
use super::{Game, GameInfo, Outcome, Rng, RuleViolation, Seat, Setup, ToMove, and_list, words};

/// Labyrinth width in cells (columns `a`..`l`).
pub const LAB_W: u8 = 12;
/// Labyrinth height in cells (rows 1..8 from the top).
pub const LAB_H: u8 = 8;

/// The labyrinth (phase 1), drawn as text: cells sit at odd positions, `|`
/// and `-` between them are walls, `>` on the west edge is the entrance and
/// on the east edge the exit. `N` marks a nest (feathers), `H` a hive (wax),
/// `.` an empty cell. Row 1 is the top line. Shortest way through: 23 steps
/// (entering and leaving included); every cell is reachable; nests and hives
/// are all off that way, at detours of 2 to 18 steps.
pub const LABYRINTH_MAP: &str = "\
+-+-+-+-+-+-+-+-+-+-+-+-+
|.|.|. N|. . .|.|H .|.|.>
+ + +-+ + + + + + +-+ + +
|. . H|. .|.|H|. . . .|.|
+ +-+ + +-+ + + +-+ + + +
|N .|.|N .|N|. N|. .|.|.|
+-+ +-+-+ +-+-+-+ +-+ + +
|. . . .|N|. . .|. .|. .|
+ + +-+-+ + +-+ +-+ + +-+
|H . . .|.|.|N|. . .|. H|
+-+-+ + + + + +-+-+ + +-+
|. . .|H|.|. .|. . . .|.|
+ +-+-+ + + + +-+ + + + +
>. . . . . .|.|N . . . N|
+ +-+ +-+ +-+-+-+ + +-+-+
|H|. . H . . .|. . H . .|
+-+-+-+-+-+-+-+-+-+-+-+-+";

/// Sky columns: 0 is the tower, 10 the safe airspace over the island.
pub const SKY_COLS: u8 = 11;
/// The safe column.
pub const SAFE_COL: u8 = 10;
/// Sky rows: 0 is the sun row (top), `SKY_ROWS - 1` the sea row (bottom).
pub const SKY_ROWS: u8 = 7;
/// The row of the tower, where both characters start.
pub const TOWER_ROW: u8 = 3;

/// What a labyrinth cell holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Spot {
    /// Nothing to collect.
    Empty,
    /// A nest: a feather (spade) draw.
    Nest,
    /// A hive: a wax (club) draw.
    Hive,
}

/// A compass heading in the labyrinth (north is row 1, the top).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
pub enum Heading {
    /// Up the page.
    N,
    /// Right, towards the exit.
    E,
    /// Down the page.
    S,
    /// Left, towards the entrance.
    W,
}

impl Heading {
    /// All four headings.
    pub const ALL: [Heading; 4] = [Heading::N, Heading::E, Heading::S, Heading::W];

    /// The heading in words.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Heading::N => "north",
            Heading::E => "east",
            Heading::S => "south",
            Heading::W => "west",
        }
    }

    fn delta(self) -> (i8, i8) {
        match self {
            Heading::N => (0, -1),
            Heading::E => (1, 0),
            Heading::S => (0, 1),
            Heading::W => (-1, 0),
        }
    }
}

/// A labyrinth cell: column `x` (0 = `a`, west) and row `y` (0 = row 1, north).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
pub struct Cell {
    /// Column from the west.
    pub x: u8,
    /// Row from the north.
    pub y: u8,
}

impl Cell {
    fn index(self) -> usize {
        usize::from(self.y) * usize::from(LAB_W) + usize::from(self.x)
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.x), self.y + 1)
    }
}

impl fmt::Debug for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The parsed labyrinth.
#[derive(Debug, serde::Serialize, serde::Deserialize)]
pub struct Labyrinth {
    /// `open[cell][heading]`: a step that way from the cell is not blocked
    /// by a wall or the edge (the doors count as open).
    open: Vec<[bool; 4]>,
    spots: Vec<Spot>,
    /// Row of the entrance door (west edge).
    pub entrance_row: u8,
    /// Row of the exit door (east edge).
    pub exit_row: u8,
}

impl Labyrinth {
    fn parse(map: &str) -> Self {
        let lines: Vec<&[u8]> = map.lines().map(str::as_bytes).collect();
        let (w, h) = (usize::from(LAB_W), usize::from(LAB_H));
        assert_eq!(lines.len(), 2 * h + 1, "labyrinth map height");
        let mut open = vec![[false; 4]; w * h];
        let mut spots = vec![Spot::Empty; w * h];
        let (mut entrance_row, mut exit_row) = (0, 0);
        for y in 0..h {
            let line = lines[2 * y + 1];
            assert_eq!(line.len(), 2 * w + 1, "labyrinth map width");
            if line[0] == b'>' {
                entrance_row = y as u8;
            }
            if line[2 * w] == b'>' {
                exit_row = y as u8;
            }
            for x in 0..w {
                let i = y * w + x;
                spots[i] = match line[2 * x + 1] {
                    b'N' => Spot::Nest,
                    b'H' => Spot::Hive,
                    _ => Spot::Empty,
                };
                open[i][1] = x + 1 < w && line[2 * x + 2] == b' ';
                open[i][3] = x > 0 && line[2 * x] == b' ';
                open[i][0] = y > 0 && lines[2 * y][2 * x + 1] == b' ';
                open[i][2] = y + 1 < h && lines[2 * y + 2][2 * x + 1] == b' ';
            }
        }
        Self { open, spots, entrance_row, exit_row }
    }

    /// What the cell holds.
    #[must_use]
    pub fn spot(&self, cell: Cell) -> Spot {
        self.spots[cell.index()]
    }

    /// True when a wall (or the edge) blocks a step from `cell` towards `h`
    /// (the exit door is not a wall, but leads out of the labyrinth).
    #[must_use]
    pub fn wall(&self, cell: Cell, h: Heading) -> bool {
        !self.open[cell.index()][h as usize] && !self.is_exit_door(cell, h)
    }

    /// True for the step east through the exit door.
    #[must_use]
    pub fn is_exit_door(&self, cell: Cell, h: Heading) -> bool {
        h == Heading::E && cell.x == LAB_W - 1 && cell.y == self.exit_row
    }

    /// The cell a step leads to, if there is no wall and it stays inside.
    #[must_use]
    pub fn neighbour(&self, cell: Cell, h: Heading) -> Option<Cell> {
        if !self.open[cell.index()][h as usize] {
            return None;
        }
        let (dx, dy) = h.delta();
        Some(Cell { x: cell.x.wrapping_add_signed(dx), y: cell.y.wrapping_add_signed(dy) })
    }

    /// The entrance cell.
    #[must_use]
    pub fn entrance(&self) -> Cell {
        Cell { x: 0, y: self.entrance_row }
    }

    /// The exit cell.
    #[must_use]
    pub fn exit(&self) -> Cell {
        Cell { x: LAB_W - 1, y: self.exit_row }
    }

    /// Every cell, row by row.
    pub fn cells() -> impl Iterator<Item = Cell> {
        (0..LAB_H).flat_map(|y| (0..LAB_W).map(move |x| Cell { x, y }))
    }

    /// Steps from `from` to every cell (`u8::MAX` = unreachable).
    #[must_use]
    pub fn distances(&self, from: Cell) -> Vec<u8> {
        let mut dist = vec![u8::MAX; self.spots.len()];
        dist[from.index()] = 0;
        let mut queue = std::collections::VecDeque::from([from]);
        while let Some(c) = queue.pop_front() {
            for h in Heading::ALL {
                if let Some(n) = self.neighbour(c, h)
                    && dist[n.index()] == u8::MAX
                {
                    dist[n.index()] = dist[c.index()] + 1;
                    queue.push_back(n);
                }
            }
        }
        dist
    }

    /// Steps still needed from `cell` to leave by the exit door.
    #[must_use]
    pub fn steps_to_leave(&self, cell: Cell) -> u8 {
        EXIT_DISTANCES[cell.index()].saturating_add(1)
    }
}

/// The labyrinth, parsed once.
pub static LABYRINTH: LazyLock<Labyrinth> = LazyLock::new(|| Labyrinth::parse(LABYRINTH_MAP));
static EXIT_DISTANCES: LazyLock<Vec<u8>> = LazyLock::new(|| LABYRINTH.distances(LABYRINTH.exit()));

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

    // ----- Phase 1 -------------------------------------------------------

    fn check_collect(&self, action: &Action) -> Result<(), RuleViolation> {
        let lab = &*LABYRINTH;
        if let Some(p) = self.pending {
            return match action {
                Action::UseKing | Action::KeepKing => Ok(()),
                _ => Err(RuleViolation::new(
                    "FW-R5",
                    format!("first decide whether to spend the K of {} against the {}", p.suit.name(), p.name()),
                )),
            };
        }
        match action {
            Action::Draw => match self.card {
                Some(c) => Err(RuleViolation::new(
                    "FW-R8",
                    format!("the {} is still in play: take its steps or stop first", c.name()),
                )),
                None if self.moves.is_empty() => {
                    Err(RuleViolation::new("FW-R8", "the movement deck is empty".to_string()))
                }
                None => Ok(()),
            },
            Action::Stop => {
                if self.card.is_none() {
                    Err(RuleViolation::new("FW-R8", "no movement card is in play: draw one"))
                } else {
                    Ok(())
                }
            }
            Action::Step(h) => {
                let Some(card) = self.card else {
                    return Err(RuleViolation::new("FW-R8", "draw a movement card before moving"));
                };
                if card.suit == Suit::Diamonds
                    && let Some(fixed) = self.heading
                    && fixed != *h
                {
                    return Err(RuleViolation::new(
                        "FW-R1",
                        format!("a diamonds move goes in one straight line, and this one goes {}", fixed.name()),
                    ));
                }
                match self.walker {
                    Walker::Outside => {
                        if *h == Heading::E {
                            Ok(())
                        } else {
                            Err(RuleViolation::new(
                                "FW-R8",
                                "Daedalus is outside: his first step goes east through the entrance door",
                            ))
                        }
                    }
                    Walker::At(cell) => {
                        if lab.is_exit_door(cell, *h) || lab.neighbour(cell, *h).is_some() {
                            Ok(())
                        } else if cell == lab.entrance() && *h == Heading::W {
                            Err(RuleViolation::new("FW-R8", "the entrance door only lets Daedalus in"))
                        } else {
                            Err(RuleViolation::new("FW-R1", format!("a wall blocks the way {} from {cell}", h.name())))
                        }
                    }
                    Walker::Out => Err(RuleViolation::new("FW-R8", "Daedalus has left the labyrinth")),
                }
            }
            Action::UseKing | Action::KeepKing => {
                Err(RuleViolation::new("FW-R5", "no Jailer or Maiden is waiting for a K"))
            }
            _ => Err(RuleViolation::new("RULES", "that belongs to a later phase: Daedalus is still in the labyrinth")),
        }
    }

    fn draw_suit(&mut self, suit: Suit) {
        let deck = if suit == Suit::Spades { &mut self.feathers } else { &mut self.wax };
        let Some(card) = deck.draw() else {
            return;
        };
        self.events.push(Event::Drew(card));
        let si = suit_index(suit);
        match card.rank {
            13 => {
                self.kings[si] = true;
                self.events.push(Event::KeptKing(card));
            }
            11 | 12 => {
                let matters = if card.rank == 11 { !self.held[si].is_empty() } else { self.held[si].len() > 3 };
                if matters && self.kings[si] {
                    self.pending = Some(card);
                } else {
                    self.resolve_face(card);
                }
            }
            v => {
                self.held[si].push(v);
                self.events.push(Event::Collected(card));
            }
        }
    }

    /// A J or Q acts (FW-R6, FW-R7) and is discarded.
    fn resolve_face(&mut self, card: Card) {
        let si = suit_index(card.suit);
        if card.rank == 11 {
            let lost = std::mem::take(&mut self.held[si]);
            self.events.push(Event::Jailer(card.suit, lost.len()));
            self.discard_all(lost.into_iter().map(|v| Card::new(v, card.suit)));
        } else if self.held[si].len() > 3 {
            self.closed[si] = true;
            self.events.push(Event::Maiden(card.suit));
        } else {
            self.events.push(Event::MaidenHarmless(card.suit));
        }
        self.discard(card);
    }

    fn enter(&mut self, cell: Cell) {
        let lab = &*LABYRINTH;
        self.walker = Walker::At(cell);
        self.path.push(cell);
        // FW-R3: the opposite edge column refreshes every used location.
        let east_edge = cell.x == LAB_W - 1;
        let west_edge = cell.x == 0;
        if (east_edge && !self.refreshed_east) || (west_edge && self.refreshed_east) {
            self.refreshed_east = east_edge;
            if self.used != 0 {
                self.events.push(Event::Refreshed);
            }
            self.used = 0;
        }
        let spot = lab.spot(cell);
        if let Some(suit) = suit_of_spot(spot) {
            let bit = 1u128 << cell.index();
            let deck_empty = if suit == Suit::Spades { self.feathers.is_empty() } else { self.wax.is_empty() };
            if self.used & bit != 0 || self.closed[suit_index(suit)] || deck_empty {
                self.events.push(Event::Nothing(spot));
            } else {
                self.used |= bit;
                self.draw_suit(suit);
            }
        }
    }

    fn end_move(&mut self) {
        if let Some(c) = self.card.take() {
            self.discard(c);
        }
        self.steps_left = 0;
        self.heading = None;
        self.events.push(Event::MoveEnded);
        if self.walker != Walker::Out && self.moves.is_empty() {
            self.lose("the movement cards ran out before Daedalus left the labyrinth");
        }
    }

    fn leave_labyrinth(&mut self) {
        self.walker = Walker::Out;
        self.events.push(Event::Left);
        self.end_move();
        self.phase = Phase::Wings;
        let n = self.sections();
        if n < 2 {
            let (s, c) = (self.held[0].len(), self.held[1].len());
            self.lose(format!(
                "too few wing sections: {s} feather and {c} wax cards make {n}, and each flyer needs one"
            ));
        }
    }

    fn apply_collect(&mut self, action: &Action) {
        let lab = &*LABYRINTH;
        match *action {
            Action::Draw => {
                if let Some(c) = self.moves.draw() {
                    self.events.push(Event::Drew(c));
                    self.card = Some(c);
                    self.steps_left = c.rank;
                    self.heading = None;
                    self.path.clear();
                }
            }
            Action::Stop => self.end_move(),
            Action::UseKing | Action::KeepKing => {
                if let Some(face) = self.pending.take() {
                    let si = suit_index(face.suit);
                    if *action == Action::UseKing {
                        self.kings[si] = false;
                        let king = Card::new(13, face.suit);
                        self.discard(king);
                        self.discard(face);
                        self.events.push(Event::SpentKing(king));
                    } else {
                        self.resolve_face(face);
                    }
                }
                if self.steps_left == 0 && self.card.is_some() {
                    self.end_move();
                }
            }
            Action::Step(h) => {
                if self.card.is_some_and(|c| c.suit == Suit::Diamonds) {
                    self.heading = Some(h);
                }
                self.steps_left = self.steps_left.saturating_sub(1);
                match self.walker {
                    Walker::Outside => self.enter(lab.entrance()),
                    Walker::At(cell) if lab.is_exit_door(cell, h) => {
                        self.leave_labyrinth();
                        return;
                    }
                    Walker::At(cell) => {
                        if let Some(next) = lab.neighbour(cell, h) {
                            self.enter(next);
                        }
                    }
                    Walker::Out => {}
                }
                if self.steps_left == 0 && self.pending.is_none() {
                    self.end_move();
                }
            }
            _ => {}
        }
    }

    // ----- Phase 2 -------------------------------------------------------

    fn check_wings(&self, action: &Action) -> Result<(), RuleViolation> {
        let assigned = self.wings[0].len() + self.wings[1].len();
        let sections = self.sections();
        match *action {
            Action::Wing { value, flyer } => {
                if !self.held[0].contains(&value) {
                    return Err(RuleViolation::new("FW-R10", format!("no {} was collected", words::spade(value))));
                }
                if self.wings[flyer as usize].contains(&value) {
                    return Err(RuleViolation::new(
                        "FW-R10",
                        format!("{} is already on {}'s wings", words::sentence(&words::spade(value)), flyer.name()),
                    ));
                }
                let moving = self.wings[flyer.other() as usize].contains(&value);
                if !moving && assigned >= sections {
                    return Err(RuleViolation::new(
                        "FW-R10",
                        format!(
                            "only {sections} sections can be built ({} feather and {} wax cards), and all are placed",
                            self.held[0].len(),
                            self.held[1].len()
                        ),
                    ));
                }
                Ok(())
            }
            Action::Unwing(value) => {
                if self.wings.iter().any(|w| w.contains(&value)) {
                    Ok(())
                } else {
                    Err(RuleViolation::new("FW-R10", format!("{} is not on a wing", words::spade(value))))
                }
            }
            Action::Launch => {
                if assigned < sections {
                    Err(RuleViolation::new(
                        "FW-R10",
                        format!("{} of {sections} sections are still to be placed", sections - assigned),
                    ))
                } else if let Some(f) = Flyer::BOTH.into_iter().find(|f| self.wings[*f as usize].is_empty()) {
                    Err(RuleViolation::new("FW-R10", format!("{} needs at least one wing section", f.name())))
                } else {
                    Ok(())
                }
            }
            _ => Err(RuleViolation::new("RULES", "the wings are being built: place spades on the racks, then fly")),
        }
    }

    fn apply_wings(&mut self, action: &Action) {
        match *action {
            Action::Wing { value, flyer } => {
                self.wings[flyer.other() as usize].retain(|v| *v != value);
                self.wings[flyer as usize].push(value);
                self.wings[flyer as usize].sort_unstable();
            }
            Action::Unwing(value) => {
                for w in &mut self.wings {
                    w.retain(|v| *v != value);
                }
            }
            Action::Launch => {
                // Unused spades and clubs are discarded; the flight deck is
                // all 26 red cards, freshly shuffled (FW-R11).
                let unused = self.unassigned();
                self.discard_all(unused.into_iter().map(|v| Card::new(v, Suit::Spades)));
                let clubs = std::mem::take(&mut self.held[1]);
                self.discard_all(clubs.into_iter().map(|v| Card::new(v, Suit::Clubs)));
                self.held[0].clear();
                self.flight = Deck::shuffled(flight_cards(), &mut self.rng);
                self.places = [Place::Sky { col: 0, row: TOWER_ROW }; 2];
                self.phase = Phase::Flight;
                self.stage = Stage::Drawing;
                self.turn = 1;
            }
            _ => {}
        }
    }

    // ----- Phase 3 -------------------------------------------------------

    fn check_flight(&self, action: &Action) -> Result<(), RuleViolation> {
        match (self.stage, action) {
            (Stage::Drawing, Action::Draw) => {
                if self.flight.is_empty() {
                    Err(RuleViolation::new("FW-R17", "the flight deck is empty"))
                } else {
                    Ok(())
                }
            }
            (Stage::Drawing, Action::EndDraw) => {
                let min = self.min_draw();
                if self.drawn.len() < min {
                    Err(RuleViolation::new(
                        "FW-R11",
                        format!("draw at least {} this turn ({} drawn)", words::count(min, "card"), self.drawn.len()),
                    ))
                } else {
                    Ok(())
                }
            }
            (Stage::Drawing, _) => Err(RuleViolation::new("FW-R11", "draw cards for this turn first")),
            (Stage::Play(next), Action::Play { card, flyer, up }) => {
                if !self.drawn.contains(card) {
                    return Err(RuleViolation::new("FW-R11", format!("the {} was not drawn this turn", card.name())));
                }
                if *flyer != next {
                    return Err(if self.flying(*flyer) {
                        RuleViolation::new("FW-R13", format!("{} moves first this turn", next.name()))
                    } else {
                        RuleViolation::new("FW-R17", format!("{} is already safe", flyer.name()))
                    });
                }
                let needs_choice = card.rank == 13 && self.same_row();
                match (needs_choice, up) {
                    (true, None) => Err(RuleViolation::new(
                        "FW-R16",
                        "both flyers share a row: choose whether the K moves up or down",
                    )),
                    (false, Some(_)) => {
                        Err(RuleViolation::new("FW-R16", "only a K with both flyers in one row takes a direction"))
                    }
                    _ => Ok(()),
                }
            }
            (Stage::Play(next), _) => {
                Err(RuleViolation::new("FW-R11", format!("play one of the drawn cards on {} first", next.name())))
            }
            (Stage::Specials { flyer, card, bonus }, Action::Bonus(value)) => {
                if !bonus {
                    return Err(RuleViolation::new(
                        "FW-R15",
                        "the value-match step comes before the up/down step, and can no longer be taken",
                    ));
                }
                if !self.wings[flyer as usize].contains(value) {
                    return Err(RuleViolation::new(
                        "FW-R15",
                        format!("{} has no wing section of value {value}", flyer.name()),
                    ));
                }
                if card.rank > 10 || card.rank != *value {
                    return Err(RuleViolation::new(
                        "FW-R15",
                        format!("a section of value {value} does not match the {}", card.name()),
                    ));
                }
                Ok(())
            }
            (Stage::Specials { flyer, .. }, Action::Shift { value, .. }) => {
                if self.wings[flyer as usize].contains(value) {
                    Ok(())
                } else {
                    Err(RuleViolation::new("FW-R15", format!("{} has no wing section of value {value}", flyer.name())))
                }
            }
            (Stage::Specials { .. }, Action::Done) => Ok(()),
            (Stage::Specials { flyer, .. }, _) => Err(RuleViolation::new(
                "FW-R15",
                format!("first finish {}'s special movements (or choose none)", flyer.name()),
            )),
        }
    }

    /// True when `card` may go on `flyer` only with a direction chosen:
    /// a K while both flyers share a row (FW-R16). The view then asks
    /// whether it moves up or down.
    #[must_use]
    pub fn king_needs_direction(&self, card: Card, flyer: Flyer) -> bool {
        card.rank == 13 && self.same_row() && self.check(&Action::Play { card, flyer, up: Some(true) }).is_ok()
    }

    fn same_row(&self) -> bool {
        match self.places {
            [Place::Sky { row: a, .. }, Place::Sky { row: b, .. }] => a == b,
            _ => false,
        }
    }

    /// One step of `f` by `(dx, dy)` (`dy` negative is up). Returns false
    /// when the movement stops (collision, safety, or a fall).
    fn fly_step(&mut self, f: Flyer, dx: i8, dy: i8) -> bool {
        let Place::Sky { col, row } = self.places[f as usize] else { return false };
        let (nc, nr) = (i16::from(col) + i16::from(dx), i16::from(row) + i16::from(dy));
        if nr < 0 || nr >= i16::from(SKY_ROWS) {
            self.places[f as usize] = Place::Lost;
            let into = if nr < 0 { "the sun" } else { "the sea" };
            self.lose(format!("{} flew into {into}", f.name()));
            return false;
        }
        let (nc, nr) = (nc as u8, nr as u8);
        if nc >= SAFE_COL {
            self.places[f as usize] = Place::Safe;
            self.events.push(Event::Safe(f));
            return false;
        }
        let other = f.other();
        if let Place::Sky { col: oc, row: or } = self.places[other as usize]
            && oc == nc
            && or == nr
        {
            // FW-R14: the mover drops in below the other and stops.
            self.events.push(Event::Collided(f));
            if or + 1 >= SKY_ROWS {
                self.places[f as usize] = Place::Lost;
                self.lose(format!("{} collided with {} and fell into the sea", f.name(), other.name()));
            } else {
                self.places[f as usize] = Place::Sky { col: nc, row: or + 1 };
            }
            return false;
        }
        self.places[f as usize] = Place::Sky { col: nc, row: nr };
        true
    }

    fn play_card(&mut self, card: Card, f: Flyer, up: Option<bool>) {
        let steps: (i8, i8) = match (card.rank, card.suit) {
            (11, _) => (0, -1),
            (12, _) => (0, 1),
            (13, _) => {
                let dir = match (self.places[f as usize], self.places[f.other() as usize]) {
                    (Place::Sky { row: me, .. }, Place::Sky { row: them, .. }) => match me.cmp(&them) {
                        std::cmp::Ordering::Equal => {
                            if up.unwrap_or(true) {
                                -1
                            } else {
                                1
                            }
                        }
                        std::cmp::Ordering::Less => -1,
                        std::cmp::Ordering::Greater => 1,
                    },
                    _ => -1,
                };
                (0, dir)
            }
            (_, Suit::Hearts) => (1, 1),
            _ => (1, if f == Flyer::Icarus { -2 } else { -1 }),
        };
        // FW-R14: the right step first, then the vertical ones.
        let mut going = true;
        if steps.0 > 0 {
            going = self.fly_step(f, 1, 0);
        }
        for _ in 0..steps.1.unsigned_abs() {
            if !going {
                break;
            }
            going = self.fly_step(f, 0, steps.1.signum());
        }
    }

    fn lose_section(&mut self, f: Flyer, value: u8) {
        self.wings[f as usize].retain(|v| *v != value);
        self.discard(Card::new(value, Suit::Spades));
    }

    /// FW-R15 (c) and (d), then hands the turn on.
    fn finish_flyer(&mut self, f: Flyer) {
        if let Place::Sky { row, .. } = self.places[f as usize] {
            let sun = row == 0;
            let sea = row == SKY_ROWS - 1;
            if sun || sea {
                self.events.push(Event::Scorched(f, sun));
                if let Some(&v) = self.wings[f as usize].first() {
                    self.lose_section(f, v);
                }
                for _ in 0..2 {
                    if self.phase == Phase::Over || !self.fly_step(f, 0, if sun { 1 } else { -1 }) {
                        break;
                    }
                }
            }
            if self.phase != Phase::Over && self.flying(f) && self.wings[f as usize].is_empty() {
                self.places[f as usize] = Place::Lost;
                self.lose(format!("{} has no wing sections left and fell into the sea", f.name()));
            }
        }
        if self.phase == Phase::Over {
            return;
        }
        if f == Flyer::Icarus && self.flying(Flyer::Daedalus) {
            self.stage = Stage::Play(Flyer::Daedalus);
        } else {
            self.end_turn();
        }
    }

    fn end_turn(&mut self) {
        let rest = std::mem::take(&mut self.drawn);
        self.discard_all(rest);
        if !self.flying(Flyer::Icarus) && !self.flying(Flyer::Daedalus) {
            self.win();
            return;
        }
        self.turn += 1;
        self.stage = Stage::Drawing;
        let min = self.min_draw();
        if self.flight.len() < min {
            self.lose(format!(
                "the flight deck has {} left and this turn needs {min}",
                words::count(self.flight.len(), "card")
            ));
        }
    }

    fn after_special(&mut self, f: Flyer, card: Card, bonus: bool) {
        if self.phase == Phase::Over {
            return;
        }
        if !self.flying(f) {
            // Safe: its remaining specials are skipped (FW-R17).
            self.finish_flyer(f);
        } else if self.wings[f as usize].is_empty() {
            self.finish_flyer(f);
        } else {
            self.stage = Stage::Specials { flyer: f, card, bonus };
        }
    }

    fn apply_flight(&mut self, action: &Action) {
        match *action {
            Action::Draw => {
                while let Some(c) = self.flight.draw() {
                    self.events.push(Event::Drew(c));
                    if c.is_face() && self.both_in_tower() {
                        // FW-R12: no effect in the tower; draw again.
                        self.events.push(Event::Replaced(c));
                        self.discard(c);
                        continue;
                    }
                    self.drawn.push(c);
                    break;
                }
                if self.drawn.len() < self.min_draw() && self.flight.is_empty() {
                    self.lose("the flight deck ran out during the draw");
                }
            }
            Action::EndDraw => {
                let first = if self.flying(Flyer::Icarus) { Flyer::Icarus } else { Flyer::Daedalus };
                self.stage = Stage::Play(first);
            }
            Action::Play { card, flyer, up } => {
                self.drawn.retain(|c| *c != card);
                self.discard(card);
                self.play_card(card, flyer, up);
                if self.phase == Phase::Over {
                    return;
                }
                let bonus = card.rank <= 10;
                self.after_special(flyer, card, bonus);
            }
            Action::Bonus(value) => {
                if let Stage::Specials { flyer, card, .. } = self.stage {
                    self.lose_section(flyer, value);
                    self.fly_step(flyer, 1, 0);
                    self.after_special(flyer, card, false);
                }
            }
            Action::Shift { value, up } => {
                if let Stage::Specials { flyer, .. } = self.stage {
                    self.lose_section(flyer, value);
                    self.fly_step(flyer, 0, if up { -1 } else { 1 });
                    if self.phase != Phase::Over {
                        self.finish_flyer(flyer);
                    }
                }
            }
            Action::Done => {
                if let Stage::Specials { flyer, .. } = self.stage {
                    self.finish_flyer(flyer);
                }
            }
            _ => {}
        }
    }

    /// The row a flyer would end in if the card were played now, for the
    /// table's landing preview (before specials and sun/sea).
    #[must_use]
    pub fn preview(&self, card: Card, f: Flyer, up: Option<bool>) -> Option<Place> {
        let mut copy = self.clone();
        copy.apply(&Action::Play { card, flyer: f, up }).ok()?;
        Some(copy.places[f as usize])
    }
}

/// One of the four decks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Pile {
    /// Spades (phase 1).
    Feathers,
    /// Clubs (phase 1).
    Wax,
    /// A–10 of hearts and diamonds (phase 1).
    Moves,
    /// All hearts and diamonds (phase 3).
    Flight,
}

/// Hand-built positions, for the rule tests and the rules page's examples.
/// They move cards and pieces without asking the rules.
impl FeathersAndWax {
    fn pile(&mut self, pile: Pile) -> &mut Deck<Card> {
        match pile {
            Pile::Feathers => &mut self.feathers,
            Pile::Wax => &mut self.wax,
            Pile::Moves => &mut self.moves,
            Pile::Flight => &mut self.flight,
        }
    }

    /// Puts `top` on top of the deck, `top[0]` to be drawn first (cards not
    /// in the deck are added).
    pub fn stack(&mut self, pile: Pile, top: &[Card]) {
        let deck = self.pile(pile);
        let mut cards: Vec<Card> = deck.cards().iter().copied().filter(|c| !top.contains(c)).collect();
        cards.extend(top.iter().rev());
        *deck = Deck::from_order(cards);
    }

    /// Replaces a deck (the last card is on top).
    pub fn set_deck(&mut self, pile: Pile, cards: Vec<Card>) {
        *self.pile(pile) = Deck::from_order(cards);
    }

    /// Puts Daedalus somewhere in (or outside) the labyrinth.
    pub fn put_walker(&mut self, walker: Walker) {
        self.walker = walker;
    }

    /// Sets the collected A–10 values of a suit (taken out of its deck).
    pub fn set_held(&mut self, suit: Suit, values: &[u8]) {
        let pile = if suit == Suit::Spades { Pile::Feathers } else { Pile::Wax };
        let deck = self.pile(pile);
        let cards = deck.cards().iter().copied().filter(|c| !values.contains(&c.rank)).collect();
        *deck = Deck::from_order(cards);
        self.held[suit_index(suit)] = values.to_vec();
    }

    /// Gives Daedalus the K of a suit (taken out of its deck).
    pub fn give_king(&mut self, suit: Suit) {
        let pile = if suit == Suit::Spades { Pile::Feathers } else { Pile::Wax };
        let deck = self.pile(pile);
        let cards = deck.cards().iter().copied().filter(|c| c.rank != 13).collect();
        *deck = Deck::from_order(cards);
        self.kings[suit_index(suit)] = true;
    }

    /// Skips to phase 3 with these wing sections, both flyers in the tower.
    pub fn start_flight(&mut self, icarus: &[u8], daedalus: &[u8]) {
        self.held = [Vec::new(), Vec::new()];
        self.card = None;
        self.walker = Walker::Out;
        self.wings = [icarus.to_vec(), daedalus.to_vec()];
        self.apply_wings(&Action::Launch);
    }

    /// Puts a flyer somewhere.
    pub fn set_place(&mut self, flyer: Flyer, place: Place) {
        self.places[flyer as usize] = place;
    }
}

impl Game for FeathersAndWax {
    type Action = Action;
    type Options = Options;

    const INFO: GameInfo = GameInfo { id: "feathers-and-wax", name: "Feathers & Wax", min_seats: 1, max_seats: 1 };

    fn new(_setup: &Setup<Options>, seed: u64) -> Self {
        let mut rng = Rng::seeded(seed);
        let feathers = Deck::shuffled(Card::suit_of(Suit::Spades), &mut rng);
        let wax = Deck::shuffled(Card::suit_of(Suit::Clubs), &mut rng);
        let moves_cards: Vec<Card> =
            [Suit::Hearts, Suit::Diamonds].into_iter().flat_map(|s| (1..=10).map(move |r| Card::new(r, s))).collect();
        let moves = Deck::shuffled(moves_cards, &mut rng);
        Self {
            rng,
            phase: Phase::Collect,
            feathers,
            wax,
            moves,
            walker: Walker::Outside,
            card: None,
            steps_left: 0,
            heading: None,
            path: Vec::new(),
            used: 0,
            refreshed_east: false,
            held: [Vec::new(), Vec::new()],
            kings: [false; 2],
            closed: [false; 2],
            pending: None,
            discards: CardSet::default(),
            last_discard: None,
            wings: [Vec::new(), Vec::new()],
            flight: Deck::from_order(Vec::new()),
            places: [Place::Sky { col: 0, row: TOWER_ROW }; 2],
            drawn: Vec::new(),
            stage: Stage::Drawing,
            turn: 0,
            outcome: None,
            events: Vec::new(),
        }
    }

    fn setup(&self) -> Setup<Options> {
        Setup { seats: 1, options: Options {} }
    }

    fn to_move(&self) -> ToMove {
        match self.phase {
            Phase::Over => ToMove::Nobody,
            Phase::Collect if self.card.is_none() && self.pending.is_none() => ToMove::Chance,
            Phase::Flight if self.stage == Stage::Drawing && self.drawn.len() < self.min_draw() => ToMove::Chance,
            _ => ToMove::Seat(Seat(0)),
        }
    }

    fn legal_actions(&self) -> Vec<Action> {
        let mut out: Vec<Action> = match self.phase {
            Phase::Over => Vec::new(),
            Phase::Collect => {
                let mut v = vec![Action::Draw, Action::Stop, Action::UseKing, Action::KeepKing];
                v.extend(Heading::ALL.map(Action::Step));
                v
            }
            Phase::Wings => {
                let mut v = vec![Action::Launch];
                for &value in &self.held[0] {
                    v.push(Action::Unwing(value));
                    for flyer in Flyer::BOTH {
                        v.push(Action::Wing { value, flyer });
                    }
                }
                v
            }
            Phase::Flight => match self.stage {
                Stage::Drawing => vec![Action::Draw, Action::EndDraw],
                Stage::Play(flyer) => {
                    let ups: &[Option<bool>] = if self.same_row() { &[Some(true), Some(false)] } else { &[None] };
                    let mut v = Vec::new();
                    for &card in &self.drawn {
                        for &up in if card.rank == 13 { ups } else { &[None][..] } {
                            v.push(Action::Play { card, flyer, up });
                        }
                    }
                    v
                }
                Stage::Specials { flyer, .. } => {
                    let mut v = vec![Action::Done];
                    for &value in &self.wings[flyer as usize] {
                        v.push(Action::Bonus(value));
                        v.push(Action::Shift { value, up: true });
                        v.push(Action::Shift { value, up: false });
                    }
                    v
                }
            },
        };
        out.retain(|a| self.check(a).is_ok());
        out.sort();
        out.dedup();
        out
    }

    fn well_formed(&self) -> Result<(), String> {
        self.well_formed_state()
    }

    fn validate(&self, action: &Action) -> Result<(), String> {
        match *action {
            Action::Play { card, .. } if !(1..=13).contains(&card.rank) => {
                Err(format!("there is no card of rank {} (A is 1, K is 13)", card.rank))
            }
            Action::Wing { value, .. } | Action::Unwing(value) | Action::Bonus(value) | Action::Shift { value, .. }
                if !(1..=10).contains(&value) =>
            {
                Err(format!("there is no wing section of value {value} (spades A to 10)"))
            }
            _ => Ok(()),
        }
    }

    fn check(&self, action: &Action) -> Result<(), RuleViolation> {
        self.validate(action).map_err(|why| RuleViolation::new("RULES", why))?;
        match self.phase {
            Phase::Over => Err(RuleViolation::new(
                "RULES",
                format!("the game is over: {}", self.outcome.as_ref().map_or("", |o| o.reason.as_str())),
            )),
            Phase::Collect => self.check_collect(action),
            Phase::Wings => self.check_wings(action),
            Phase::Flight => self.check_flight(action),
        }
    }

    fn apply(&mut self, action: &Action) -> Result<(), RuleViolation> {
        self.check(action)?;
        self.apply_legal(action);
        Ok(())
    }

    fn apply_legal(&mut self, action: &Action) {
        self.events.clear();
        match self.phase {
            Phase::Collect => self.apply_collect(action),
            Phase::Wings => self.apply_wings(action),
            Phase::Flight => self.apply_flight(action),
            Phase::Over => {}
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }

    fn observation(&self, _seat: Seat) -> Self {
        // The decks' contents are public (every card not yet seen), their
        // order is not: sort them, and drop the RNG.
        let mut obs = self.clone();
        obs.rng = Rng::seeded(0);
        for deck in [&mut obs.feathers, &mut obs.wax, &mut obs.moves, &mut obs.flight] {
            let mut cards = deck.cards().to_vec();
            cards.sort();
            *deck = Deck::from_order(cards);
        }
        obs
    }

    fn determinize(&self, _seat: Seat, rng: &mut Rng) -> Self {
        let mut copy = self.clone();
        for deck in [&mut copy.feathers, &mut copy.wax, &mut copy.moves, &mut copy.flight] {
            deck.reshuffle(rng);
        }
        copy.rng = rng.split();
        copy
    }

    fn reveals(&self, action: &Action) -> bool {
        match (self.phase, action) {
            (Phase::Collect | Phase::Flight, Action::Draw) => true,
            (Phase::Collect, Action::Step(_)) => {
                let mut next = self.clone();
                next.apply_legal(action);
                next.events.iter().any(|e| matches!(e, Event::Drew(_)))
            }
            _ => false,
        }
    }

    fn describe(&self, action: &Action) -> String {
        let mut next = self.clone();
        if next.apply(action).is_err() {
            return format!("{action:?} (refused)");
        }
        let mut text = match *action {
            Action::Draw if self.phase == Phase::Collect => "Draws a movement card".to_string(),
            Action::Draw => "Draws a flight card".to_string(),
            Action::Step(h) => match next.walker {
                Walker::At(c) => format!("Daedalus steps {} to {c}", h.name()),
                _ => "Daedalus steps out through the exit door".to_string(),
            },
            Action::Stop => "Daedalus ends his move".to_string(),
            Action::UseKing => "Spends the K".to_string(),
            Action::KeepKing => "Keeps the K".to_string(),
            Action::Wing { value, flyer } => format!("Puts {} on {}'s wings", words::spade(value), flyer.name()),
            Action::Unwing(value) => format!("Takes {} off the wings", words::spade(value)),
            Action::Launch => {
                format!(
                    "Icarus and Daedalus leap from the tower with {} and {} sections",
                    self.wings[0].len(),
                    self.wings[1].len()
                )
            }
            Action::EndDraw => format!("Stops drawing with {}", words::count(self.drawn.len(), "card")),
            Action::Play { card, flyer, up } => {
                let place = match next.places[flyer as usize] {
                    Place::Sky { col, row } => format!("column {col}, row {}", row + 1),
                    Place::Safe => "safety".to_string(),
                    Place::Lost => "a fall".to_string(),
                };
                let dir = match up {
                    Some(true) => " (up)",
                    Some(false) => " (down)",
                    None => "",
                };
                format!("Plays the {} on {}{dir}: to {place}", card.name(), flyer.name())
            }
            Action::Bonus(v) => format!("Sheds {} for a step right", words::spade(v)),
            Action::Shift { value, up } => {
                format!("Sheds {} to step {}", words::spade(value), if up { "up" } else { "down" })
            }
            Action::Done => "No special movement".to_string(),
        };
        // A drawn card that is set aside at once is named once, with its fate.
        let set_aside: Vec<Card> =
            next.events.iter().filter_map(|e| if let Event::Replaced(c) = e { Some(*c) } else { None }).collect();
        let mut extra: Vec<String> = next
            .events
            .iter()
            .filter(|e| !matches!(e, Event::Drew(c) if set_aside.contains(c)))
            .filter_map(describe_event)
            .collect();
        if let (None, Some(face)) = (self.pending, next.pending) {
            let who = if face.rank == 11 { "a Jailer" } else { "a Maiden" };
            extra.push(format!("{who} ({}) turns up: spend the K?", face.name()));
        }
        if !extra.is_empty() {
            text.push_str(": ");
            text.push_str(&and_list(&extra));
        }
        if let (None, Some(o)) = (&self.outcome, &next.outcome) {
            text.push_str(". ");
            text.push_str(&words::sentence(&o.reason));
        }
        text
    }

    fn status(&self) -> String {
        match self.phase {
            Phase::Over => self.outcome.as_ref().map_or_else(String::new, |o| o.reason.clone()),
            Phase::Collect => {
                if let Some(p) = self.pending {
                    format!("A {} was drawn: spend your K of {} to cancel it?", p.name(), p.suit.name())
                } else if let Some(c) = self.card {
                    let how = if c.suit == Suit::Diamonds { "in one straight line" } else { "turning as you like" };
                    let steps = words::count(usize::from(self.steps_left), "more step");
                    format!("{}: up to {steps} {how}, or stop", c.name())
                } else {
                    format!("Draw a movement card ({} left)", self.moves.len())
                }
            }
            Phase::Wings => {
                let placed = self.wings[0].len() + self.wings[1].len();
                format!(
                    "Build the wings: {placed} of {} sections placed (Icarus {}, Daedalus {})",
                    self.sections(),
                    self.wings[0].len(),
                    self.wings[1].len()
                )
            }
            Phase::Flight => match self.stage {
                Stage::Drawing => {
                    let min = self.min_draw();
                    if self.drawn.len() < min {
                        format!("Turn {}: draw at least {min} cards", self.turn)
                    } else {
                        format!(
                            "Turn {}: {} drawn: draw another, or play them",
                            self.turn,
                            words::count(self.drawn.len(), "card")
                        )
                    }
                }
                Stage::Play(f) => format!("Turn {}: play a drawn card on {}", self.turn, f.name()),
                Stage::Specials { flyer, bonus, card } => {
                    let matching = bonus && self.wings[flyer as usize].contains(&card.rank);
                    if matching {
                        format!(
                            "{}: shed the matching section for a step right, shed one to move up or down, or go on",
                            flyer.name()
                        )
                    } else {
                        format!("{}: shed a section to move up or down, or go on", flyer.name())
                    }
                }
            },
        }
    }

    fn pseudo_legal(&self) -> Vec<Action> {
        let mut v = vec![
            Action::Draw,
            Action::Stop,
            Action::UseKing,
            Action::KeepKing,
            Action::Launch,
            Action::EndDraw,
            Action::Done,
        ];
        v.extend(Heading::ALL.map(Action::Step));
        for value in 0..=11 {
            v.push(Action::Unwing(value));
            v.push(Action::Bonus(value));
            for up in [true, false] {
                v.push(Action::Shift { value, up });
            }
            for flyer in Flyer::BOTH {
                v.push(Action::Wing { value, flyer });
            }
        }
        for card in Card::deck52() {
            for flyer in Flyer::BOTH {
                for up in [None, Some(true), Some(false)] {
                    v.push(Action::Play { card, flyer, up });
                }
            }
        }
        v
    }

    fn seat_name(&self, _seat: Seat) -> String {
        "You".to_string()
    }
}

fn describe_event(e: &Event) -> Option<String> {
    Some(match e {
        Event::Drew(c) if c.suit.is_red() => format!("the {}", c.name()),
        Event::Collected(c) => format!("a {} ({})", resource(c.suit), c.name()),
        Event::KeptKing(c) => format!("the {} is kept", c.name()),
        Event::Jailer(s, 0) => format!("a Jailer of {} finds nothing to take", s.name()),
        Event::Jailer(s, 1) => format!("a Jailer takes your only {} card", resource(*s)),
        Event::Jailer(s, n) => format!("a Jailer takes all {n} of your {} cards", resource(*s)),
        Event::Maiden(s) => format!("a Maiden ends the {} collecting", resource(*s)),
        Event::MaidenHarmless(s) => format!("a Maiden of {} (no effect)", s.name()),
        Event::SpentKing(c) => format!("the {} cancels it", c.name()),
        Event::Refreshed => "every location is fresh again".to_string(),
        Event::Nothing(Spot::Nest) => "the nest gives nothing".to_string(),
        Event::Nothing(_) => "the hive gives nothing".to_string(),
        Event::Replaced(c) => format!("the {} is set aside in the tower", c.name()),
        Event::Collided(f) => format!("{} swerves below {}", f.name(), f.other().name()),
        Event::Scorched(f, true) => format!("the sun melts a section of {}'s wings", f.name()),
        Event::Scorched(f, false) => format!("the sea soaks a section of {}'s wings", f.name()),
        Event::Safe(f) => format!("{} is safe", f.name()),
        Event::Drew(_) | Event::Left | Event::MoveEnded => return None,
    })
}
