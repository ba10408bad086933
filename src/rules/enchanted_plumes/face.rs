//! Enchanted Plumes as a [`Game`]: the legal actions, checking and
//! applying them, what each seat may see and the words of the log.

use super::{Action, DEALT, EnchantedPlumes, Feather, FeatherSet, HAND_LIMIT, Options, Phase, Plume, TRAIN, Turn};
use crate::rules::{Game, GameInfo, Outcome, Rng, RuleViolation, Seat, Setup, ToMove};

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
                    // An empty hand has nothing to play or to swap: only
                    // a draw is left to start replenishing.
                    (_, 0) if hand == 0 => {
                        format!("{who}: your hand is empty; draw a card (then draw or swap one more)")
                    }
                    // (Said short: the whole sentence read as a rulebook.)
                    (1, 0) => format!(
                        "{who}: play a second card, or replenish: 2 draws or swaps (at most {HAND_LIMIT} in hand)"
                    ),
                    (_, 0) => format!("{who}: replenish: 2 draws or swaps with the Train"),
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
        crate::rules::named_seat(&self.options.names, seat)
    }
}
