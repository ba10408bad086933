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

use std::fmt;

mod well_formed;

use super::{Game, GameInfo, Outcome, Rng, RuleViolation, Seat, Setup, ToMove, and_list};

/// The ten feather colours, in the order of the card index.
pub const COLOURS: [&str; 10] =
    ["red", "white", "yellow", "green", "orange", "teal", "blue", "pink", "purple", "black"];
/// A short letter cue per colour for players who cannot tell the colours apart
/// (pink "Pk" beside purple "Pu": a lone "P" was taken for either).
pub const LETTERS: [&str; 10] = ["R", "W", "Y", "G", "O", "T", "B", "Pk", "Pu", "Bk"];
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

/// One Feather card: a colour (index into [`COLOURS`]) and a value 0–9.
/// In save files it is written as its name, e.g. `"red 5"`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct Feather {
    /// Colour index 0..10 (see [`COLOURS`]).
    pub colour: u8,
    /// Value 0..=9.
    pub value: u8,
}

impl Feather {
    /// The card of `colour` (0..10) and `value` (0..=9).
    #[must_use]
    pub const fn new(colour: u8, value: u8) -> Self {
        Self { colour, value }
    }

    /// The colour's name.
    #[must_use]
    pub fn colour_name(self) -> &'static str {
        COLOURS.get(usize::from(self.colour)).copied().unwrap_or("?")
    }

    fn index(self) -> u32 {
        u32::from(self.colour) * 10 + u32::from(self.value)
    }

    fn from_index(i: u32) -> Self {
        Self { colour: (i / 10) as u8, value: (i % 10) as u8 }
    }

    /// The deck for `seats` players (EP-R1), sorted.
    #[must_use]
    pub fn deck_for(seats: u8) -> Vec<Feather> {
        let top = max_value(seats);
        (0..10u8).flat_map(|c| (0..=top).map(move |v| Feather::new(c, v))).collect()
    }
}

/// The highest card value in play for `seats` players (EP-R1).
#[must_use]
pub fn max_value(seats: u8) -> u8 {
    match seats {
        0..=2 => 6,
        3 => 7,
        4 => 8,
        _ => 9,
    }
}

impl fmt::Display for Feather {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.colour_name(), self.value)
    }
}

impl fmt::Debug for Feather {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

impl From<Feather> for String {
    fn from(f: Feather) -> String {
        f.to_string()
    }
}

impl TryFrom<String> for Feather {
    type Error = String;
    fn try_from(s: String) -> Result<Self, String> {
        let mut parts = s.split_whitespace();
        let (Some(colour), Some(value), None) = (parts.next(), parts.next(), parts.next()) else {
            return Err(format!("\"{s}\" is not a feather card (write it like \"red 5\")"));
        };
        let colour = COLOURS
            .iter()
            .position(|c| c.eq_ignore_ascii_case(colour))
            .ok_or_else(|| format!("\"{colour}\" is not a feather colour ({})", COLOURS.join(", ")))?;
        let value: u8 =
            value.parse().ok().filter(|v| *v <= 9).ok_or_else(|| format!("\"{value}\" is not a value 0-9"))?;
        Ok(Feather::new(colour as u8, value))
    }
}

/// A set of Feather cards (100 bits).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct FeatherSet(u128);

impl FeatherSet {
    /// Adds a card.
    pub fn insert(&mut self, f: Feather) {
        self.0 |= 1 << f.index();
    }
    /// Removes a card.
    pub fn remove(&mut self, f: Feather) {
        self.0 &= !(1 << f.index());
    }
    /// True when the card is in the set.
    #[must_use]
    pub fn contains(self, f: Feather) -> bool {
        self.0 & (1 << f.index()) != 0
    }
    /// Number of cards.
    #[must_use]
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }
    /// True when empty.
    #[must_use]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// The cards, sorted.
    pub fn iter(self) -> impl Iterator<Item = Feather> {
        (0..100u32).filter(move |i| self.0 & (1 << i) != 0).map(Feather::from_index)
    }
}

impl FromIterator<Feather> for FeatherSet {
    fn from_iter<I: IntoIterator<Item = Feather>>(iter: I) -> Self {
        let mut s = FeatherSet::default();
        for f in iter {
            s.insert(f);
        }
        s
    }
}

/// One plume: rows from the top (row 0, scored negative) down.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Plume {
    /// The rows, top first.
    pub rows: Vec<Vec<Feather>>,
}

impl Plume {
    /// True when the plume tapers to a single card under a two-card row
    /// (EP-R5): a completed peacock, its last card face down.
    #[must_use]
    pub fn is_complete(&self) -> bool {
        let n = self.rows.len();
        n >= 2 && self.rows[n - 1].len() == 1 && self.rows[n - 2].len() == 2
    }

    /// All cards in it.
    #[must_use]
    pub fn cards(&self) -> usize {
        self.rows.iter().map(Vec::len).sum()
    }

    /// The exact size row `row` must reach (None for the open-ended top row).
    #[must_use]
    pub fn required(&self, row: usize) -> Option<usize> {
        if row == 0 { None } else { self.rows.get(row - 1).map(|r| r.len().saturating_sub(1)) }
    }

    /// The face-down card, if the peacock is complete.
    #[must_use]
    pub fn face_down(&self) -> Option<Feather> {
        if self.is_complete() { self.rows.last().and_then(|r| r.first().copied()) } else { None }
    }

    /// Points by EP-R7: lower rows minus the top row, plus one per card
    /// for a completed peacock.
    #[must_use]
    pub fn score(&self) -> i32 {
        let sum = |r: &Vec<Feather>| r.iter().map(|f| i32::from(f.value)).sum::<i32>();
        let top = self.rows.first().map_or(0, sum);
        let lower: i32 = self.rows.iter().skip(1).map(sum).sum();
        lower - top + self.bonus()
    }

    /// The score as the seats who may not see its face-down card know it
    /// (EP-R5): exact for a plume with no face-down card, else at least
    /// the score with that card counted as 0.
    #[must_use]
    pub fn public_score(&self) -> Known {
        match self.face_down() {
            Some(card) => Known::AtLeast(self.score() - i32::from(card.value)),
            None => Known::Exact(self.score()),
        }
    }

    /// The completed-peacock bonus (EP-R7).
    #[must_use]
    pub fn bonus(&self) -> i32 {
        if self.is_complete() { self.cards() as i32 } else { 0 }
    }

    /// Cards still needed to finish the current row and every row down to
    /// a single card (0 when complete; `None` for a one-card top row, which
    /// can only grow sideways).
    #[must_use]
    pub fn cards_to_complete(&self) -> Option<usize> {
        if self.is_complete() {
            return Some(0);
        }
        let last = self.rows.len().checked_sub(1)?;
        let have = self.rows[last].len();
        let size = self.required(last).unwrap_or(have);
        if size < 2 && last == 0 {
            return None;
        }
        let missing = size.saturating_sub(have);
        // Rows below the current one: size-1, size-2, ..., 1.
        Some(missing + size * size.saturating_sub(1) / 2)
    }
}

/// A score as one seat may know it (EP-R5, EP-R8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Known {
    /// The exact value.
    Exact(i32),
    /// At least this much: face-down cards the seat may not see add their
    /// values (0 or more) to it.
    AtLeast(i32),
}

impl Known {
    /// The exact value, or the lower bound.
    #[must_use]
    pub fn lower(self) -> i32 {
        match self {
            Known::Exact(n) | Known::AtLeast(n) => n,
        }
    }
}

impl std::ops::Add for Known {
    type Output = Known;
    fn add(self, other: Known) -> Known {
        match (self, other) {
            (Known::Exact(a), Known::Exact(b)) => Known::Exact(a + b),
            (a, b) => Known::AtLeast(a.lower() + b.lower()),
        }
    }
}

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
    /// Test setup: replace the Train.
    pub fn set_train(&mut self, cards: Vec<Feather>) {
        self.train = cards;
    }

    fn name(&self, seat: Seat) -> String {
        self.seat_name(seat)
    }

    fn keeper(&self) -> Option<Seat> {
        (0..self.seats).map(Seat).find(|s| self.hands[s.index()].len() == DEALT)
    }

    fn check_keep(&self, action: &Action) -> Result<(), RuleViolation> {
        let Some(seat) = self.keeper() else {
            return Err(RuleViolation::new("EP-R2", "every player has already chosen their hand"));
        };
        let Action::Keep { returned } = action else {
            return Err(RuleViolation::new(
                "EP-R2",
                format!("first every player keeps 6 of their 9 cards; {} has not chosen yet", self.name(seat)),
            ));
        };
        if returned.windows(2).any(|w| w[0] >= w[1]) {
            return Err(RuleViolation::new("EP-R2", "return three different cards, listed in order"));
        }
        if let Some(c) = returned.iter().find(|c| !self.hands[seat.index()].contains(c)) {
            return Err(RuleViolation::new(
                "EP-R2",
                format!("{c} is not among the nine cards dealt to {}", self.name(seat)),
            ));
        }
        Ok(())
    }

    fn check_turn(&self, action: &Action) -> Result<(), RuleViolation> {
        let seat = self.current;
        let hand = &self.hands[seat.index()];
        let t = self.turn;
        match *action {
            Action::Keep { .. } => Err(RuleViolation::new("EP-R2", "the hands were chosen at the start of the game")),
            Action::Play { card, plume, row } => {
                if t.steps() > 0 {
                    return Err(RuleViolation::new(
                        "EP-R3",
                        "cards are played before replenishing; this turn's replenishing has begun",
                    ));
                }
                if t.played >= 2 {
                    return Err(RuleViolation::new("EP-R3", "at most two cards are played in a turn; now replenish"));
                }
                if !hand.contains(&card) {
                    return Err(RuleViolation::new("EP-R3", format!("{card} is not in {}'s hand", self.name(seat))));
                }
                self.check_place(seat, card, usize::from(plume), usize::from(row))
            }
            Action::Draw => {
                self.check_replenish()?;
                if hand.len() >= HAND_LIMIT {
                    return Err(RuleViolation::new(
                        "EP-R3",
                        format!("a hand holds at most {HAND_LIMIT} cards; finish the turn with a swap"),
                    ));
                }
                Ok(())
            }
            Action::Swap { card, slot } => {
                self.check_replenish()?;
                let Some(&train_card) = self.train.get(usize::from(slot)) else {
                    return Err(RuleViolation::new("EP-R3", format!("the Train has {} cards", self.train.len())));
                };
                if !hand.contains(&card) {
                    return Err(RuleViolation::new("EP-R3", format!("{card} is not in {}'s hand", self.name(seat))));
                }
                if t.taken.contains(card) {
                    return Err(RuleViolation::new(
                        "EP-R3",
                        format!("{card} was just taken from the Train; swap two different cards"),
                    ));
                }
                if t.given & (1 << slot) != 0 {
                    return Err(RuleViolation::new(
                        "EP-R3",
                        format!("{train_card} was just given to the Train; swap with two different Train cards"),
                    ));
                }
                Ok(())
            }
        }
    }

    fn check_replenish(&self) -> Result<(), RuleViolation> {
        if self.turn.played == 0 {
            return Err(RuleViolation::new("EP-R3", "play one or two cards before replenishing"));
        }
        if self.turn.steps() >= 2 {
            return Err(RuleViolation::new("EP-R3", "the turn is complete"));
        }
        Ok(())
    }

    /// The refusal for a card the player to move offers to another seat's
    /// plume, owned by `owner` (EP-R9): a play action cannot even name
    /// another seat's plume, so the drag-and-drop asks here why.
    #[must_use]
    pub fn play_into_other(&self, owner: Seat) -> RuleViolation {
        RuleViolation::new("EP-R9", format!("a player plays only into their own plumes, not {}'s", self.name(owner)))
    }

    /// Can `card` go to `seat`'s plume `plume` at `row` (EP-R4, EP-R5)?
    ///
    /// # Errors
    /// The rule that forbids it.
    pub fn check_place(&self, seat: Seat, card: Feather, plume: usize, row: usize) -> Result<(), RuleViolation> {
        let plumes = self.plumes(seat);
        if plume == plumes.len() {
            return if row == 0 {
                Ok(())
            } else {
                Err(RuleViolation::new("EP-R4", "a new plume starts with its top row"))
            };
        }
        let Some(p) = plumes.get(plume) else {
            return Err(RuleViolation::new(
                "EP-R9",
                format!("{} has {} plumes; play into one of them or start a new one", self.name(seat), plumes.len()),
            ));
        };
        let n = plume + 1;
        if p.is_complete() {
            return Err(RuleViolation::new(
                "EP-R5",
                format!("plume {n} is a completed peacock; nothing more goes into it"),
            ));
        }
        let last = p.rows.len().saturating_sub(1);
        if row < last {
            return Err(RuleViolation::new(
                "EP-R4",
                format!("row {} of plume {n} is locked because row {} has been started", row + 1, row + 2),
            ));
        }
        if row > last + 1 {
            return Err(RuleViolation::new(
                "EP-R4",
                format!("plume {n} has {} rows; the next row to start is row {}", last + 1, last + 2),
            ));
        }
        let have = p.rows.get(last).map_or(0, Vec::len);
        if row == last {
            if let Some(size) = p.required(row)
                && have >= size
            {
                return Err(RuleViolation::new(
                    "EP-R4",
                    format!("row {} of plume {n} is full: it must have exactly {size} cards", row + 1),
                ));
            }
        } else {
            // Starting a new row under `last`.
            match p.required(last) {
                Some(size) if have < size => {
                    return Err(RuleViolation::new(
                        "EP-R4",
                        format!(
                            "row {} of plume {n} needs exactly {size} cards before row {} can start (it has {have})",
                            last + 1,
                            row + 1
                        ),
                    ));
                }
                _ => {}
            }
            if have < 2 {
                return Err(RuleViolation::new(
                    "EP-R4",
                    format!(
                        "row {} of plume {n} has one card, and a row below it would need none; a one-card top row can only grow sideways",
                        last + 1
                    ),
                ));
            }
        }
        if row > 0 {
            let above = p.rows.get(row - 1).map_or(&[][..], Vec::as_slice);
            if !above.iter().any(|c| c.colour == card.colour) {
                let mut colours: Vec<&str> = above.iter().map(|c| c.colour_name()).collect();
                colours.sort_unstable();
                colours.dedup();
                return Err(RuleViolation::new(
                    "EP-R4",
                    format!(
                        "{card} cannot go in row {} of plume {n}: the row above has only {}",
                        row + 1,
                        and_list(&colours)
                    ),
                ));
            }
        }
        Ok(())
    }

    /// True when `card` at (`plume`, `row`) would complete the peacock and
    /// so be played face down (EP-R5).
    #[must_use]
    pub fn would_complete(&self, seat: Seat, plume: usize, row: usize) -> bool {
        let plume = self.plumes(seat).get(plume);
        plume.is_some_and(|p| {
            row == p.rows.len() && row.checked_sub(1).and_then(|r| p.rows.get(r)).is_some_and(|r| r.len() == 2)
        })
    }

    fn end_turn(&mut self) {
        self.turn = Turn::default();
        self.turns += 1;
        self.current = Seat((self.current.0 + 1) % self.seats);
    }

    fn finish(&mut self) {
        self.phase = Phase::Over;
        let scores: Vec<i32> = (0..self.seats).map(|s| self.score(Seat(s))).collect();
        let best = scores.iter().copied().max().unwrap_or(0);
        let top: Vec<Seat> = (0..self.seats).map(Seat).filter(|s| scores[s.index()] == best).collect();
        let most = top.iter().map(|&s| self.peacocks(s)).max().unwrap_or(0);
        let winners: Vec<Seat> = top.iter().copied().filter(|&s| self.peacocks(s) == most).collect();
        let names: Vec<String> = winners.iter().map(|&s| self.name(s)).collect();
        let drew = self.name(self.current);
        let reason = if winners.len() == 1 {
            let tie = if top.len() > 1 {
                format!(" (tied on points, more completed peacocks: {most})")
            } else {
                String::new()
            };
            format!("{drew} drew the Peahen. {} wins with {best} points{tie}", names[0])
        } else {
            format!(
                "{drew} drew the Peahen. {} share the win with {best} points and {most} peacocks each",
                and_list(&names)
            )
        };
        self.outcome = Some(Outcome { winners, scores, reason });
    }

    fn finish_keep(&mut self) {
        for r in &self.returned {
            self.deck.extend_from_slice(r);
        }
        self.rng.shuffle(&mut self.deck);
        // The top seven go under the deck with the Peahen among them.
        let n = self.deck.len();
        let seven: Vec<Feather> = self.deck.drain(n - UNDER_PEAHEN..).collect();
        self.deck.splice(0..0, seven);
        self.peahen = self.rng.below(UNDER_PEAHEN + 1);
        for _ in 0..TRAIN {
            if let Some(c) = self.deck.pop() {
                self.train.push(c);
            }
        }
        self.phase = Phase::Play;
        self.current = self.first;
    }

    /// Every card `seat` cannot see right now (hidden hands, face-down
    /// cards of others, the deck, other seats' setup returns).
    fn unseen_by(&self, seat: Seat) -> FeatherSet {
        let mut hidden = FeatherSet::default();
        for other in (0..self.seats).map(Seat).filter(|&s| s != seat) {
            hidden.extend(self.hands[other.index()].iter().copied());
            if self.phase == Phase::Keep {
                hidden.extend(self.returned[other.index()].iter().copied());
            }
            hidden.extend(self.plumes[other.index()].iter().filter_map(Plume::face_down));
        }
        hidden.extend(self.deck.iter().copied());
        hidden
    }

    /// Re-deals every card `seat` cannot see, keeping what it knows true.
    /// `rng` = `None` gives the canonical deal used for observations (it
    /// depends only on what the seat knows).
    fn redeal(&self, seat: Seat, rng: Option<&mut Rng>) -> Self {
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
        for s in (0..usize::from(self.seats)).filter(|&s| s != seat.index()) {
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

impl Extend<Feather> for FeatherSet {
    fn extend<I: IntoIterator<Item = Feather>>(&mut self, iter: I) {
        for f in iter {
            self.insert(f);
        }
    }
}

impl Game for EnchantedPlumes {
    type Action = Action;
    type Options = Options;

    const INFO: GameInfo = GameInfo { id: "enchanted-plumes", name: "Enchanted Plumes", min_seats: 2, max_seats: 6 };
    const SEAT_SECRETS: bool = true;

    fn new(setup: &Setup<Options>, seed: u64) -> Self {
        let seats = setup.seats.clamp(2, 6);
        let mut rng = Rng::seeded(seed);
        let mut deck = Feather::deck_for(seats);
        rng.shuffle(&mut deck);
        let mut hands = Vec::new();
        for _ in 0..seats {
            let mut hand: Vec<Feather> = deck.split_off(deck.len() - DEALT);
            hand.sort();
            hands.push(hand);
        }
        let first = match setup.options.first {
            Some(f) if f < seats => Seat(f),
            _ => Seat(rng.below(usize::from(seats)) as u8),
        };
        let n = usize::from(seats);
        Self {
            rng,
            options: setup.options.clone(),
            seats,
            phase: Phase::Keep,
            deck,
            peahen: 0,
            train: Vec::new(),
            hands,
            plumes: vec![Vec::new(); n],
            returned: vec![Vec::new(); n],
            known: vec![FeatherSet::default(); n],
            current: Seat(0),
            first,
            turn: Turn::default(),
            turns: 0,
            last_drawn: None,
            outcome: None,
        }
    }

    fn setup(&self) -> Setup<Options> {
        Setup { seats: self.seats, options: self.options.clone() }
    }

    fn to_move(&self) -> ToMove {
        match self.phase {
            Phase::Keep => self.keeper().map_or(ToMove::Nobody, ToMove::Seat),
            Phase::Play => ToMove::Seat(self.current),
            Phase::Over => ToMove::Nobody,
        }
    }

    fn legal_actions(&self) -> Vec<Action> {
        let mut out = Vec::new();
        match self.phase {
            Phase::Over => {}
            Phase::Keep => {
                if let Some(seat) = self.keeper() {
                    let h = &self.hands[seat.index()];
                    for a in 0..h.len() {
                        for b in a + 1..h.len() {
                            for c in b + 1..h.len() {
                                out.push(Action::Keep { returned: [h[a], h[b], h[c]] });
                            }
                        }
                    }
                }
            }
            Phase::Play => {
                let seat = self.current;
                let t = self.turn;
                let hand = &self.hands[seat.index()];
                if t.steps() == 0 && t.played < 2 {
                    let plumes = &self.plumes[seat.index()];
                    for &card in hand {
                        for (i, p) in plumes.iter().enumerate() {
                            let last = p.rows.len().saturating_sub(1);
                            for row in [last, last + 1] {
                                if self.check_place(seat, card, i, row).is_ok() {
                                    out.push(Action::Play { card, plume: i as u8, row: row as u8 });
                                }
                            }
                        }
                        out.push(Action::Play { card, plume: plumes.len() as u8, row: 0 });
                    }
                }
                if t.played > 0 && t.steps() < 2 {
                    if hand.len() < HAND_LIMIT {
                        out.push(Action::Draw);
                    }
                    for &card in hand.iter().filter(|c| !t.taken.contains(**c)) {
                        for slot in 0..self.train.len() as u8 {
                            if t.given & (1 << slot) == 0 {
                                out.push(Action::Swap { card, slot });
                            }
                        }
                    }
                }
            }
        }
        out.sort();
        out
    }

    fn well_formed(&self) -> Result<(), String> {
        self.well_formed_state()
    }

    fn check(&self, action: &Action) -> Result<(), RuleViolation> {
        match self.phase {
            Phase::Over => Err(RuleViolation::new(
                "EP-R6",
                format!("the game is over: {}", self.outcome.as_ref().map_or("", |o| o.reason.as_str())),
            )),
            Phase::Keep => self.check_keep(action),
            Phase::Play => self.check_turn(action),
        }
    }

    fn apply(&mut self, action: &Action) -> Result<(), RuleViolation> {
        self.check(action)?;
        self.apply_legal(action);
        Ok(())
    }

    fn apply_legal(&mut self, action: &Action) {
        match *action {
            Action::Keep { returned } => {
                let Some(seat) = self.keeper() else { return };
                self.hands[seat.index()].retain(|c| !returned.contains(c));
                self.returned[seat.index()] = returned.to_vec();
                if self.keeper().is_none() {
                    self.finish_keep();
                }
            }
            Action::Play { card, plume, row } => {
                let seat = self.current.index();
                self.hands[seat].retain(|&c| c != card);
                let (plume, row) = (usize::from(plume), usize::from(row));
                let plumes = &mut self.plumes[seat];
                if plume == plumes.len() {
                    plumes.push(Plume { rows: vec![vec![card]] });
                } else if row == plumes[plume].rows.len() {
                    plumes[plume].rows.push(vec![card]);
                } else {
                    plumes[plume].rows[row].push(card);
                }
                if !plumes[plume].is_complete() {
                    // Face up: everyone sees it. A face-down card stays in
                    // the public memory: the others cannot tell whether it
                    // was a card known to be in the hand.
                    self.known[seat].remove(card);
                }
                self.turn.played += 1;
                self.last_drawn = None;
            }
            Action::Draw => {
                let seat = self.current.index();
                if self.deck.len() <= self.peahen {
                    self.last_drawn = None;
                    self.finish();
                    return;
                }
                if let Some(c) = self.deck.pop() {
                    self.hands[seat].push(c);
                    self.hands[seat].sort();
                    self.last_drawn = Some((self.current, c));
                }
                self.turn.draws += 1;
                if self.turn.steps() == 2 {
                    self.end_turn();
                }
            }
            Action::Swap { card, slot } => {
                let seat = self.current.index();
                let s = usize::from(slot);
                let taken = std::mem::replace(&mut self.train[s], card);
                self.hands[seat].retain(|&c| c != card);
                self.hands[seat].push(taken);
                self.hands[seat].sort();
                self.known[seat].remove(card);
                self.known[seat].insert(taken);
                self.turn.swaps += 1;
                self.turn.given |= 1 << slot;
                self.turn.taken.insert(taken);
                self.last_drawn = None;
                if self.turn.steps() == 2 {
                    self.end_turn();
                }
            }
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }

    fn observation(&self, seat: Seat) -> Self {
        let mut obs = self.redeal(seat, None);
        obs.rng = Rng::seeded(0);
        obs
    }

    fn determinize(&self, seat: Seat, rng: &mut Rng) -> Self {
        let mut copy = self.redeal(seat, Some(rng));
        copy.rng = rng.split();
        copy
    }

    fn reveals(&self, action: &Action) -> bool {
        matches!(action, Action::Draw)
    }

    fn describe(&self, action: &Action) -> String {
        let who = self.seat_name(self.to_move().seat().unwrap_or(self.current));
        match *action {
            Action::Keep { .. } => format!("{who} keeps six cards and returns three to the deck"),
            Action::Play { card, plume, row } => {
                let seat = self.current;
                let n = usize::from(plume) + 1;
                if usize::from(plume) == self.plumes(seat).len() {
                    format!("{who} starts plume {n} with {card}")
                } else if self.would_complete(seat, usize::from(plume), usize::from(row)) {
                    format!("{who} completes plume {n} as a peacock with a face-down card")
                } else {
                    format!("{who} plays {card} to plume {n}, row {}", row + 1)
                }
            }
            Action::Draw => {
                if self.deck.len() <= self.peahen {
                    format!("{who} draws the Peahen")
                } else {
                    format!("{who} draws a card")
                }
            }
            Action::Swap { card, slot } => match self.train.get(usize::from(slot)) {
                Some(t) => format!("{who} swaps {card} for {t} from the Train"),
                None => format!("{who} swaps {card}"),
            },
        }
    }

    fn status(&self) -> String {
        match self.phase {
            Phase::Over => self.outcome.as_ref().map_or_else(String::new, |o| o.reason.clone()),
            Phase::Keep => match self.keeper() {
                Some(s) => format!("{}: choose 3 of your 9 cards to return to the deck", self.seat_name(s)),
                None => String::new(),
            },
            Phase::Play => {
                let who = self.seat_name(self.current);
                let t = self.turn;
                let hand = self.hands[self.current.index()].len();
                match (t.played, t.steps()) {
                    (0, _) => format!("{who}: play 1 or 2 cards"),
                    (1, 0) => format!(
                        "{who}: play a second card, or replenish (draw 2, swap 2, or draw 1 and swap 1; at most {HAND_LIMIT} in hand)"
                    ),
                    (_, 0) => format!("{who}: replenish (draw 2, swap 2, or draw 1 and swap 1)"),
                    _ if hand >= HAND_LIMIT => format!("{who}: your hand is full; swap one card with the Train"),
                    _ => format!("{who}: one more: draw a card or swap one with the Train"),
                }
            }
        }
    }

    fn pseudo_legal(&self) -> Vec<Action> {
        let mut out = vec![Action::Draw];
        let seat = self.to_move().seat().unwrap_or(self.current);
        let hand = &self.hands[seat.index()];
        let everything = Feather::deck_for(6);
        let n = self.plumes[seat.index()].len() as u8;
        for &card in hand.iter().chain(self.train.iter().take(1)) {
            for plume in 0..=n + 1 {
                for row in 0..5u8 {
                    out.push(Action::Play { card, plume, row });
                }
            }
            for slot in 0..=TRAIN as u8 {
                out.push(Action::Swap { card, slot });
            }
        }
        for w in hand.windows(3).chain(everything.windows(3).step_by(31)) {
            out.push(Action::Keep { returned: [w[0], w[1], w[2]] });
            out.push(Action::Keep { returned: [w[2], w[1], w[0]] });
        }
        out
    }

    fn seat_name(&self, seat: Seat) -> String {
        super::named_seat(&self.options.names, seat)
    }
}
