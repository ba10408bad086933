//! Feathers & Wax as a [`Game`]: the legal actions, checking and applying
//! them, what the player may see and the words of the log.

use super::{
    Action, Event, FeathersAndWax, Flyer, Heading, Options, Phase, Place, Spot, Stage, TOWER_ROW, Walker, resource,
};
use crate::rules::cards::{Card, CardSet, Deck, Suit};
use crate::rules::{Game, GameInfo, Outcome, Rng, RuleViolation, Seat, Setup, ToMove, and_list, words};

impl Game for FeathersAndWax {
    type Action = Action;
    type Options = Options;

    const INFO: GameInfo = GameInfo { id: "feathers-and-wax", name: "Feathers & Wax", min_seats: 1, max_seats: 1 };

    /// A walk is one move, however many steps (and its stop) it takes.
    fn continues_move(prev: &Action, next: &Action) -> bool {
        matches!(prev, Action::Step(_)) && matches!(next, Action::Step(_) | Action::Stop)
    }

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
        Event::MaidenHarmless(s) => {
            format!("a Maiden of {}: no effect, as she only closes a suit once more than 3 are held", s.name())
        }
        Event::SpentKing(c) => format!("the {} cancels it", c.name()),
        Event::Refreshed => "every location is fresh again".to_string(),
        Event::Nothing(Spot::Nest) => "the nest gives nothing".to_string(),
        Event::Nothing(_) => "the hive gives nothing".to_string(),
        Event::Replaced(c) => format!("the {} is set aside in the tower", c.name()),
        Event::Collided(f) => format!("{} swerves below {}", f.name(), f.other().name()),
        Event::Scorched(f, true) => format!("the sun melts a section of {}'s wings", f.name()),
        Event::Scorched(f, false) => format!("the sea soaks a section of {}'s wings", f.name()),
        Event::Safe(f) => format!("{} is safe", f.name()),
        Event::Unplayed(c) => format!("the {}, drawn and not played, is discarded", c.name()),
        Event::Drew(_) | Event::Left | Event::MoveEnded => return None,
    })
}
