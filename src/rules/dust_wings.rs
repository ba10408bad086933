//! Dust in the Wings: 2–4 players disperse butterflies across a 5×5 meadow
//! and photograph gatherings and compositions for crystals and points.
//!
//! Rulings DW-R1..R7 are in `../shared/specs/dust-in-the-wings.md`. The
//! components the rulebook leaves out (the meadow's flowers, the 31
//! Gathering and 24 Composition cards, the crystals) are designed here, as
//! data in one place: [`FLOWERS`], [`gathering_card`], [`COMPOSITIONS`],
//! [`crystals_for`]. The Composition thresholds and points were tuned by
//! simulation (`cargo bench --bench dust_wings`, table in the rules page).
//!
//! A turn is small actions: `Pick` a space, then one `Drop` per butterfly
//! (the player chooses the colour and the next space), then `Claim` one of
//! the cards the last space fulfils (skipped when it fulfils none). The
//! renewal that follows draws cards and crystals from the state's RNG.
//! Nothing is private: the decks' order and the bag's draws are the only
//! unknowns, so `observation` sorts the decks and `determinize` reshuffles.

mod arrange;
mod components;
mod well_formed;

use components::total;
pub use components::{
    COMPOSITIONS, Colour, Composition, Condition, Counts, Crystal, DISPLAY, FLOWERS, Gathering, SIZE, SPACES, Shape,
    crystals_for, gathering_card, gathering_cards, gathering_text, placements,
};

use super::grid::Square;
use super::words;
use super::{Game, GameInfo, Outcome, Rng, RuleViolation, Seat, Setup, ToMove, and_list};

/// A face-up card on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
pub enum CardRef {
    /// The Gathering card in display slot 0–2.
    Gathering(u8),
    /// The Composition card in display slot 0–2.
    Composition(u8),
}

/// One decision.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
pub enum Action {
    /// Pick up every butterfly on this space (DW-R7).
    Pick(Square),
    /// Drop one butterfly of this colour on the next space of the path (DW-R1).
    Drop {
        /// The butterfly's colour.
        colour: Colour,
        /// The next space.
        to: Square,
    },
    /// Take this fulfilled card (DW-R3).
    Claim(CardRef),
}

/// Where the turn is.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Stage {
    /// Choose a space to pick up.
    Pick,
    /// Butterflies in the tray; the path so far (first: the emptied space).
    Disperse {
        /// The spaces visited, the emptied one first.
        path: Vec<Square>,
        /// Butterflies still to drop.
        tray: Counts,
    },
    /// Choose one of the fulfilled cards.
    Claim {
        /// The last space.
        last: Square,
        /// The dispersion's path, the emptied space first.
        path: Vec<Square>,
    },
    /// The game has ended.
    Over,
}

/// What a player has taken.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Tableau {
    /// Gathering card ids.
    pub gatherings: Vec<u8>,
    /// Composition card ids.
    pub compositions: Vec<u8>,
    /// Black crystals.
    pub black: u8,
    /// White crystals.
    pub white: u8,
}

impl Tableau {
    /// Points (DW-R6).
    #[must_use]
    pub fn score(&self) -> i32 {
        let comp: i32 = self
            .compositions
            .iter()
            .filter_map(|&c| COMPOSITIONS.get(usize::from(c)))
            .map(|k| i32::from(k.points))
            .sum();
        comp + i32::from(self.black) + 2 * i32::from(self.white)
    }
}

/// The rules options.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Options {
    /// Seat names (missing or blank: "Player N").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub names: Vec<String>,
    /// The first player; `None` draws it at random.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first: Option<u8>,
}

/// The state of a game of Dust in the Wings.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct DustInTheWings {
    rng: Rng,
    options: Options,
    seats: u8,
    meadow: [Counts; SPACES],
    stage: Stage,
    gathering_deck: Vec<u8>,
    gathering_discard: Vec<u8>,
    gathering: [Option<u8>; 3],
    crystals: [Vec<Crystal>; 3],
    composition_deck: Vec<u8>,
    composition: [Option<u8>; 3],
    /// Crystals in the bag: black, white.
    bag: (u8, u8),
    tableaux: Vec<Tableau>,
    current: Seat,
    /// The seat whose turn ends the game (set when the bag empties).
    last_turn: Option<Seat>,
    turns: u32,
    outcome: Option<Outcome>,
    /// What the last renewal did, for the log (the cards on offer changed
    /// with no word of why).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    renewed: String,
}

fn sq(i: usize) -> Square {
    Square::from_index(i, SIZE)
}

fn idx(s: Square) -> usize {
    s.index(SIZE)
}

/// Is `counts` exactly the card's multiset?
fn gathering_fulfilled(card: Gathering, counts: Counts) -> bool {
    card.counts == counts
}

impl DustInTheWings {
    /// The butterflies on a space.
    #[must_use]
    pub fn at(&self, s: Square) -> Counts {
        self.meadow.get(idx(s)).copied().unwrap_or_default()
    }
    /// Every space's butterflies, by space index (row by row from a1).
    #[must_use]
    pub fn meadow(&self) -> [Counts; SPACES] {
        self.meadow
    }
    /// Where the turn is.
    #[must_use]
    pub fn stage(&self) -> &Stage {
        &self.stage
    }
    /// The seat to play.
    #[must_use]
    pub fn current(&self) -> Seat {
        self.current
    }
    /// The face-up Gathering cards with their crystals.
    #[must_use]
    pub fn gathering(&self) -> [(Option<u8>, &[Crystal]); 3] {
        [0, 1, 2].map(|i| (self.gathering[i], self.crystals[i].as_slice()))
    }
    /// The face-up Composition cards.
    #[must_use]
    pub fn composition(&self) -> [Option<u8>; 3] {
        self.composition
    }
    /// Cards left in the decks (Gathering, its discard pile, Composition).
    #[must_use]
    pub fn deck_counts(&self) -> (usize, usize, usize) {
        (self.gathering_deck.len(), self.gathering_discard.len(), self.composition_deck.len())
    }
    /// Crystals in the bag (black, white).
    #[must_use]
    pub fn bag(&self) -> (u8, u8) {
        self.bag
    }
    /// A seat's cards and crystals.
    #[must_use]
    pub fn tableau(&self, seat: Seat) -> &Tableau {
        static NONE: Tableau = Tableau { gatherings: Vec::new(), compositions: Vec::new(), black: 0, white: 0 };
        self.tableaux.get(seat.index()).unwrap_or(&NONE)
    }
    /// Number of seats.
    #[must_use]
    pub fn seats(&self) -> u8 {
        self.seats
    }
    /// Completed turns.
    #[must_use]
    pub fn turns(&self) -> u32 {
        self.turns
    }
    /// The seat whose turn will be the last, once the bag has emptied.
    #[must_use]
    pub fn last_turn(&self) -> Option<Seat> {
        self.last_turn
    }

    /// The spaces the next butterfly may go to (DW-R1).
    #[must_use]
    pub fn next_spaces(&self) -> Vec<Square> {
        let Stage::Disperse { path, .. } = &self.stage else { return Vec::new() };
        let Some(&here) = path.last() else { return Vec::new() };
        let back = if path.len() >= 2 { Some(path[path.len() - 2]) } else { None };
        here.neighbours4(SIZE, SIZE).filter(|&n| Some(n) != back).collect()
    }

    /// Does the meadow `m` fulfil Composition card `id` at `last` (DW-R2)?
    #[must_use]
    pub fn composition_fulfilled(m: &[Counts; SPACES], id: u8, last: Square) -> bool {
        let Some(&card) = COMPOSITIONS.get(usize::from(id)) else { return false };
        placements(card.shape, last).iter().any(|cells| {
            let counts: Vec<u8> = cells.iter().map(|&c| total(m[c])).collect();
            match card.condition {
                Condition::Few(n) => counts.iter().map(|&c| u32::from(c)).sum::<u32>() <= u32::from(n),
                Condition::Many(n) => counts.iter().map(|&c| u32::from(c)).sum::<u32>() >= u32::from(n),
                Condition::Even => counts[0] >= 1 && counts.iter().all(|&c| c == counts[0]),
            }
        })
    }

    /// The face-up cards the meadow `m` fulfils at `last`.
    #[must_use]
    pub fn fulfilled_on(&self, m: &[Counts; SPACES], last: Square) -> Vec<CardRef> {
        let mut out = Vec::new();
        for (i, g) in self.gathering.iter().enumerate() {
            if let Some(g) = g
                && gathering_fulfilled(gathering_card(*g), m[idx(last)])
            {
                out.push(CardRef::Gathering(i as u8));
            }
        }
        for (i, c) in self.composition.iter().enumerate() {
            if let Some(c) = c
                && Self::composition_fulfilled(m, *c, last)
            {
                out.push(CardRef::Composition(i as u8));
            }
        }
        out
    }

    /// The cards the last space fulfils now (during the claim stage).
    #[must_use]
    pub fn fulfilled(&self) -> Vec<CardRef> {
        match &self.stage {
            Stage::Claim { last, .. } => self.fulfilled_on(&self.meadow, *last),
            _ => Vec::new(),
        }
    }

    /// Before the last drop: the cards dropping the last butterfly on `to`
    /// would fulfil.
    #[must_use]
    pub fn preview(&self, to: Square) -> Vec<CardRef> {
        let Stage::Disperse { tray, .. } = &self.stage else { return Vec::new() };
        if total(*tray) != 1 {
            return Vec::new();
        }
        let colour = Colour::ALL.into_iter().find(|&c| tray[c as usize] > 0).unwrap_or(Colour::Red);
        let mut m = self.meadow;
        let Some(space) = m.get_mut(idx(to)) else { return Vec::new() };
        space[colour as usize] = space[colour as usize].saturating_add(1);
        self.fulfilled_on(&m, to)
    }

    /// The card a reference points at, in words.
    #[must_use]
    pub fn card_text(&self, r: CardRef) -> String {
        match r {
            CardRef::Gathering(s) => match self.gathering.get(usize::from(s)).copied().flatten() {
                Some(id) => format!("Gathering {}", gathering_text(gathering_card(id))),
                None => "an empty Gathering slot".into(),
            },
            CardRef::Composition(s) => match self.composition.get(usize::from(s)).copied().flatten() {
                Some(id) => COMPOSITIONS
                    .get(usize::from(id))
                    .map_or_else(String::new, |k| format!("Composition: {}", k.describe())),
                None => "an empty Composition slot".into(),
            },
        }
    }

    fn draw_crystal(&mut self) -> Option<Crystal> {
        let n = usize::from(self.bag.0) + usize::from(self.bag.1);
        if n == 0 {
            return None;
        }
        if self.rng.below(n) < usize::from(self.bag.0) {
            self.bag.0 -= 1;
            Some(Crystal::Black)
        } else {
            self.bag.1 -= 1;
            Some(Crystal::White)
        }
    }

    fn draw_gathering(&mut self) -> Option<u8> {
        if self.gathering_deck.is_empty() && !self.gathering_discard.is_empty() {
            self.gathering_deck = std::mem::take(&mut self.gathering_discard);
            self.rng.shuffle(&mut self.gathering_deck);
        }
        self.gathering_deck.pop()
    }

    /// DW-R4 and DW-R5: renewal after a turn, then the next seat.
    fn renew(&mut self, scored: Option<CardRef>) {
        // Gathering cards carrying three crystals are discarded (their
        // crystals back to the bag) before any card is drawn, so a deck
        // rebuilt in this renewal includes them; then the scored card's
        // slot is filled first, the discarded slots after, left to right.
        let mut slots = Vec::new();
        let mut said: Vec<String> = Vec::new();
        match scored {
            Some(CardRef::Gathering(s)) => slots.push(usize::from(s)),
            Some(CardRef::Composition(s)) => self.composition[usize::from(s)] = self.composition_deck.pop(),
            None => {}
        }
        for i in 0..3 {
            if self.crystals[i].len() >= 3
                && let Some(card) = self.gathering[i].take()
            {
                for c in self.crystals[i].drain(..) {
                    match c {
                        Crystal::Black => self.bag.0 += 1,
                        Crystal::White => self.bag.1 += 1,
                    }
                }
                self.gathering_discard.push(card);
                slots.push(i);
                said.push(format!("G{} discarded with its 3 crystals", i + 1));
            }
        }
        if !slots.is_empty() {
            let names: Vec<String> = slots.iter().map(|i| format!("G{}", i + 1)).collect();
            said.push(format!("new Gathering {} dealt", names.join(", ")));
        }
        for i in slots {
            self.gathering[i] = self.draw_gathering();
        }
        // Three crystals, one per card; when short, fewest first, ties left
        // to right.
        let mut order: Vec<usize> = (0..3).filter(|&i| self.gathering[i].is_some()).collect();
        order.sort_by_key(|&i| (self.crystals[i].len(), i));
        let mut laid = Vec::new();
        for i in order {
            if let Some(c) = self.draw_crystal() {
                self.crystals[i].push(c);
                laid.push(format!("{} on G{}", if c == Crystal::Black { "black" } else { "white" }, i + 1));
            }
        }
        if !laid.is_empty() {
            said.push(format!("crystals: {}", laid.join(", ")));
        }
        self.renewed = said.join("; ");
        let ended = self.last_turn == Some(self.current);
        if self.last_turn.is_none() && self.bag == (0, 0) {
            self.last_turn = Some(Seat((self.current.0 + 1) % self.seats));
        }
        self.turns += 1;
        self.stage = Stage::Pick;
        if ended {
            self.finish();
        } else {
            self.current = Seat((self.current.0 + 1) % self.seats);
        }
    }

    fn finish(&mut self) {
        self.stage = Stage::Over;
        let scores: Vec<i32> = self.tableaux.iter().map(Tableau::score).collect();
        let key = |s: usize| {
            let t = &self.tableaux[s];
            (scores[s], i32::from(t.white), -(t.gatherings.len() as i32))
        };
        let best = (0..usize::from(self.seats)).map(key).max().unwrap_or((0, 0, 0));
        let winners: Vec<Seat> = (0..self.seats).map(Seat).filter(|s| key(s.index()) == best).collect();
        let names: Vec<String> = winners.iter().map(|&s| self.seat_name(s)).collect();
        let tied = (0..usize::from(self.seats)).filter(|&s| scores[s] == best.0).count();
        let reason = if winners.len() > 1 {
            format!("The bag is empty. {} share the win with {} points", and_list(&names), best.0)
        } else if tied > 1 {
            format!("The bag is empty. {} wins the tie on {} points (DW-R6)", names[0], best.0)
        } else {
            format!("The bag is empty. {} wins with {} points", names[0], best.0)
        };
        self.outcome = Some(Outcome { winners, scores, reason });
    }

    fn check_turn(&self, action: &Action) -> Result<(), RuleViolation> {
        match (&self.stage, action) {
            (Stage::Over, _) => Err(RuleViolation::new("DW-R5", "the game is over")),
            (Stage::Pick, Action::Pick(s)) => {
                if total(self.at(*s)) == 0 {
                    Err(RuleViolation::new("DW-R7", format!("{s} has no butterflies to pick up")))
                } else {
                    Ok(())
                }
            }
            (Stage::Pick, _) => Err(RuleViolation::new("DW-R1", "first pick up the butterflies of one space")),
            (Stage::Disperse { path, tray }, Action::Drop { colour, to }) => {
                if tray[*colour as usize] == 0 {
                    return Err(RuleViolation::new(
                        "DW-R1",
                        format!("there is no {} butterfly left to drop", colour.name()),
                    ));
                }
                let here = path[path.len() - 1];
                if here == *to {
                    return Err(RuleViolation::new(
                        "DW-R1",
                        format!("the path is on {here}: the next butterfly goes one space on, up, down, left or right"),
                    ));
                }
                if !here.is_orthogonal_neighbour(*to) {
                    return Err(RuleViolation::new(
                        "DW-R1",
                        format!("{to} is not next to {here}: each butterfly goes one space up, down, left or right"),
                    ));
                }
                if path.len() >= 2 && path[path.len() - 2] == *to {
                    return Err(RuleViolation::new(
                        "DW-R1",
                        format!("the path may not step straight back to {to}, where it just came from"),
                    ));
                }
                Ok(())
            }
            (Stage::Disperse { .. }, _) => Err(RuleViolation::new("DW-R1", "drop the butterflies in your hand first")),
            (Stage::Claim { .. }, Action::Claim(r)) => {
                if self.fulfilled().contains(r) {
                    Ok(())
                } else {
                    Err(RuleViolation::new("DW-R2", format!("the last space does not fulfil {}", self.card_text(*r))))
                }
            }
            (Stage::Claim { .. }, _) => {
                let names: Vec<String> = self.fulfilled().into_iter().map(|r| self.card_text(r)).collect();
                Err(RuleViolation::new("DW-R3", format!("take one of the fulfilled cards: {}", names.join("; "))))
            }
        }
    }
}

impl Game for DustInTheWings {
    type Action = Action;
    type Options = Options;

    const INFO: GameInfo = GameInfo { id: "dust-in-the-wings", name: "Dust in the Wings", min_seats: 2, max_seats: 4 };

    fn new(setup: &Setup<Options>, seed: u64) -> Self {
        let seats = setup.seats.clamp(2, 4);
        let mut rng = Rng::seeded(seed);
        let mut bag: Vec<Colour> = Colour::ALL.iter().flat_map(|&c| std::iter::repeat_n(c, 16)).collect();
        rng.shuffle(&mut bag);
        let mut meadow = [[0u8; 3]; SPACES];
        for (i, &f) in FLOWERS.iter().enumerate() {
            for _ in 0..f {
                if let Some(c) = bag.pop() {
                    meadow[i][c as usize] += 1;
                }
            }
        }
        let mut gathering_deck: Vec<u8> = (0..31).collect();
        rng.shuffle(&mut gathering_deck);
        let mut composition_deck: Vec<u8> = (0..24).collect();
        rng.shuffle(&mut composition_deck);
        let gathering = [gathering_deck.pop(), gathering_deck.pop(), gathering_deck.pop()];
        let composition = [composition_deck.pop(), composition_deck.pop(), composition_deck.pop()];
        let first = match setup.options.first {
            Some(f) if f < seats => Seat(f),
            _ => Seat(rng.below(usize::from(seats)) as u8),
        };
        let mut g = Self {
            rng,
            options: setup.options.clone(),
            seats,
            meadow,
            stage: Stage::Pick,
            gathering_deck,
            gathering_discard: Vec::new(),
            gathering,
            crystals: [Vec::new(), Vec::new(), Vec::new()],
            composition_deck,
            composition,
            bag: crystals_for(seats),
            tableaux: vec![Tableau::default(); usize::from(seats)],
            current: first,
            last_turn: None,
            turns: 0,
            outcome: None,
            renewed: String::new(),
        };
        for i in 0..3 {
            if let Some(c) = g.draw_crystal() {
                g.crystals[i].push(c);
            }
        }
        g
    }

    fn setup(&self) -> Setup<Options> {
        Setup { seats: self.seats, options: self.options.clone() }
    }

    fn to_move(&self) -> ToMove {
        match self.stage {
            Stage::Over => ToMove::Nobody,
            _ => ToMove::Seat(self.current),
        }
    }

    fn legal_actions(&self) -> Vec<Action> {
        let mut out = Vec::new();
        match &self.stage {
            Stage::Over => {}
            Stage::Pick => {
                for i in 0..SPACES {
                    if total(self.meadow[i]) > 0 {
                        out.push(Action::Pick(sq(i)));
                    }
                }
            }
            Stage::Disperse { tray, .. } => {
                for to in self.next_spaces() {
                    for colour in Colour::ALL {
                        if tray[colour as usize] > 0 {
                            out.push(Action::Drop { colour, to });
                        }
                    }
                }
            }
            Stage::Claim { .. } => out.extend(self.fulfilled().into_iter().map(Action::Claim)),
        }
        out.sort();
        out
    }

    fn well_formed(&self) -> Result<(), String> {
        self.well_formed_state()
    }

    fn validate(&self, action: &Action) -> Result<(), String> {
        let on_meadow = |s: Square| {
            if s.x < SIZE && s.y < SIZE { Ok(()) } else { Err(format!("{s} is off the {SIZE}×{SIZE} meadow")) }
        };
        match *action {
            Action::Pick(s) | Action::Drop { to: s, .. } => on_meadow(s),
            Action::Claim(CardRef::Gathering(slot) | CardRef::Composition(slot)) => {
                if usize::from(slot) < DISPLAY {
                    Ok(())
                } else {
                    Err(format!("there is no card slot {} (the display has {DISPLAY})", u32::from(slot) + 1))
                }
            }
        }
    }

    fn check(&self, action: &Action) -> Result<(), RuleViolation> {
        self.validate(action).map_err(|why| RuleViolation::new("RULES", why))?;
        self.check_turn(action)
    }

    fn apply(&mut self, action: &Action) -> Result<(), RuleViolation> {
        self.check(action)?;
        self.apply_legal(action);
        Ok(())
    }

    fn apply_legal(&mut self, action: &Action) {
        self.renewed.clear();
        match *action {
            Action::Pick(s) => {
                let tray = std::mem::take(&mut self.meadow[idx(s)]);
                self.stage = Stage::Disperse { path: vec![s], tray };
            }
            Action::Drop { colour, to } => {
                let Stage::Disperse { path, tray } = &mut self.stage else { return };
                tray[colour as usize] -= 1;
                path.push(to);
                let done = total(*tray) == 0;
                let path = if done { std::mem::take(path) } else { Vec::new() };
                self.meadow[idx(to)][colour as usize] += 1;
                if done {
                    self.stage = Stage::Claim { last: to, path };
                    if self.fulfilled().is_empty() {
                        self.renew(None);
                    }
                }
            }
            Action::Claim(r) => {
                let seat = self.current.index();
                match r {
                    CardRef::Gathering(s) => {
                        let s = usize::from(s);
                        if let Some(card) = self.gathering[s] {
                            self.tableaux[seat].gatherings.push(card);
                        }
                        for c in self.crystals[s].drain(..) {
                            match c {
                                Crystal::Black => self.tableaux[seat].black += 1,
                                Crystal::White => self.tableaux[seat].white += 1,
                            }
                        }
                        self.gathering[s] = None;
                    }
                    CardRef::Composition(s) => {
                        if let Some(card) = self.composition[usize::from(s)].take() {
                            self.tableaux[seat].compositions.push(card);
                        }
                    }
                }
                self.renew(Some(r));
            }
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }

    fn observation(&self, _seat: Seat) -> Self {
        let mut obs = self.clone();
        obs.rng = Rng::seeded(0);
        obs.gathering_deck.sort_unstable();
        obs.gathering_discard.sort_unstable();
        obs.composition_deck.sort_unstable();
        obs
    }

    fn determinize(&self, _seat: Seat, rng: &mut Rng) -> Self {
        let mut copy = self.clone();
        rng.shuffle(&mut copy.gathering_deck);
        rng.shuffle(&mut copy.composition_deck);
        copy.rng = rng.split();
        copy
    }

    fn reveals(&self, action: &Action) -> bool {
        // The renewal after the turn turns up new cards and crystals.
        match (&self.stage, action) {
            (Stage::Claim { .. }, Action::Claim(_)) => true,
            (Stage::Disperse { tray, .. }, Action::Drop { .. }) => total(*tray) == 1,
            _ => false,
        }
    }

    fn aftermath(&self) -> String {
        if self.renewed.is_empty() { String::new() } else { format!("renewal: {}", self.renewed) }
    }

    fn describe(&self, action: &Action) -> String {
        let who = self.seat_name(self.current);
        match *action {
            Action::Pick(s) => {
                let c = self.at(s);
                format!(
                    "{who} picks up {} from {s}",
                    words::count_with(usize::from(total(c)), "butterfly", "butterflies")
                )
            }
            Action::Drop { colour, to } => format!("{who} drops a {} butterfly on {to}", colour.name()),
            Action::Claim(r @ CardRef::Gathering(slot)) => {
                let crystals = self.crystals.get(usize::from(slot)).map_or(&[][..], Vec::as_slice);
                let points: u32 = crystals.iter().map(|c| u32::from(c.points())).sum();
                format!(
                    "{who} takes {} with {} ({})",
                    self.card_text(r),
                    words::count(crystals.len(), "crystal"),
                    words::count(points as usize, "point")
                )
            }
            Action::Claim(r) => format!("{who} takes {}", self.card_text(r)),
        }
    }

    fn status(&self) -> String {
        let who = self.seat_name(self.current);
        let last = if self.last_turn == Some(self.current) { " (the last turn)" } else { "" };
        match &self.stage {
            Stage::Over => self.outcome.as_ref().map_or_else(String::new, |o| o.reason.clone()),
            Stage::Pick => format!("{who}{last}: pick up the butterflies of a space"),
            Stage::Disperse { tray, path } => {
                let n = usize::from(total(*tray));
                // ("More" once some are down: "drop 4 more" before any drop
                // puzzled a new player.)
                let what = if path.len() <= 1 {
                    words::count_with(n, "butterfly", "butterflies")
                } else {
                    words::count_with(n, "more butterfly", "more butterflies")
                };
                format!("{who}{last}: drop {what} along the path")
            }
            Stage::Claim { .. } => format!("{who}{last}: take one of the fulfilled cards"),
        }
    }

    fn pseudo_legal(&self) -> Vec<Action> {
        let mut out = Vec::new();
        for i in 0..SPACES {
            out.push(Action::Pick(sq(i)));
            for colour in Colour::ALL {
                out.push(Action::Drop { colour, to: sq(i) });
            }
        }
        for s in 0..4u8 {
            out.push(Action::Claim(CardRef::Gathering(s)));
            out.push(Action::Claim(CardRef::Composition(s)));
        }
        out
    }

    fn seat_name(&self, seat: Seat) -> String {
        super::named_seat(&self.options.names, seat)
    }
}
