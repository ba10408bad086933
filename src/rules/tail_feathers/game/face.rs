//! The game as the app sees it: the [`Game`] face over the state machine
//! (legal actions, checks with the rule that refuses, observations and
//! supposed worlds for a seat, the log's words).

#![allow(clippy::wildcard_imports, reason = "a chapter of the game module: it shares the module's state and imports")]

use super::*;

impl Game for TailFeathers {
    type Action = Action;
    type Options = Options;

    const INFO: GameInfo = GameInfo { id: "tail-feathers", name: "Tail Feathers", min_seats: 2, max_seats: 2 };
    const SEAT_SECRETS: bool = true;

    fn new(setup: &Setup<Options>, seed: u64) -> Self {
        Self::start(setup.options.clone(), seed)
    }

    fn setup(&self) -> Setup<Options> {
        Setup { seats: 2, options: self.options.clone() }
    }

    fn to_move(&self) -> ToMove {
        self.decider()
    }

    fn legal_actions(&self) -> Vec<Action> {
        self.memo.0.get_or_init(|| self.legal()).clone()
    }

    fn validate(&self, a: &Action) -> Result<(), String> {
        Self::validate_action(a)
    }

    fn well_formed(&self) -> Result<(), String> {
        self.well_formed_state()
    }

    fn check(&self, a: &Action) -> Result<(), RuleViolation> {
        if let Err(e) = self.validate(a) {
            return Err(RuleViolation::new("RULES", e));
        }
        if self.outcome.is_some() {
            return Err(RuleViolation::new("TF-R19", "the game is over"));
        }
        if self.memo.0.get_or_init(|| self.legal()).binary_search(a).is_ok() { Ok(()) } else { Err(self.refusal(a)) }
    }

    fn apply(&mut self, a: &Action) -> Result<(), RuleViolation> {
        self.check(a)?;
        self.act(a);
        Ok(())
    }

    fn apply_legal(&mut self, a: &Action) {
        self.act(a);
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }

    fn observation(&self, seat: Seat) -> Self {
        let mut obs = self.clone();
        obs.rng = Rng::seeded(0);
        obs.memo = Memo::default();
        let o = other(seat).index();
        if matches!(obs.pick[o], Secret::Chosen(_)) {
            obs.pick[o] = Secret::Hidden;
        }
        if let Some(c) = obs.cards[o].as_mut()
            && !c.revealed
        {
            c.kind = None;
        }
        if matches!(obs.bids[o], Secret::Chosen(_)) {
            obs.bids[o] = Secret::Hidden;
        }
        obs.redact_cards(seat);
        obs
    }

    fn determinize(&self, seat: Seat, rng: &mut Rng) -> Self {
        // Start from what the seat knows: the other side's secrets hidden.
        let mut copy = self.observation(seat);
        let o = other(seat).index();
        let kinds = crate::rules::tail_feathers::components::MISSIONS;
        if let Some(c) = copy.cards[o].as_mut()
            && c.kind.is_none()
        {
            c.kind = Some(kinds[rng.below(kinds.len())]);
        }
        if copy.pick[o] == Secret::Hidden {
            copy.pick[o] = match copy.cards[o] {
                Some(c) => Secret::Chosen(c.kind),
                None if copy.phase == Phase::Mission && self.chooser().is_none() && self.placing_seat().is_some() => {
                    let k = rng.below(kinds.len() + 1);
                    Secret::Chosen(kinds.get(k).copied())
                }
                None => Secret::Chosen(None),
            };
        }
        if copy.bids[o] == Secret::Hidden {
            let most = copy.cheese[o].min(3);
            copy.bids[o] = Secret::Chosen(rng.below(usize::from(most) + 1) as u8);
        }
        copy.suppose_cards(seat, rng);
        copy.rng = rng.split();
        copy
    }

    fn reveals(&self, a: &Action) -> bool {
        let mut c = self.clone();
        c.act(a);
        let shown = |g: &Self| g.cards.iter().flatten().filter(|c| c.revealed).count();
        // A card played shows (TF-R27).
        let played = |g: &Self| g.hands.iter().map(|h| h.shown.len() + h.refresh.len() + h.lying.len()).sum::<usize>();
        c.rng != self.rng || shown(&c) != shown(self) || played(&c) != played(self)
    }

    fn announced(&self, a: &Action) -> bool {
        // A flight's templates, and who attacks whom (a person sees the
        // blow coming before its dice fall).
        matches!(a, Action::Fly(_) | Action::Strike { .. } | Action::Shoot { .. } | Action::Swoop)
    }

    fn describe(&self, a: &Action) -> String {
        self.describe_action(a)
    }

    fn aftermath(&self) -> String {
        self.events.iter().map(event_words).collect::<Vec<_>>().join("; ")
    }

    fn status(&self) -> String {
        self.status_line()
    }

    fn pseudo_legal(&self) -> Vec<Action> {
        let mut out = self.legal();
        let spaces = field().spaces.len() as u8;
        let figs = FIGURES as u8;
        out.extend([Action::Done, Action::Pass, Action::Perch, Action::Swoop, Action::Continue, Action::PilotingCheck]);
        out.extend((0..UNITS as u8).map(Action::Activate));
        out.extend((0..4).map(Action::Bid));
        for f in (0..figs).step_by(2) {
            for s in (0..spaces).step_by(3) {
                out.push(Action::Move { figure: f, to: s });
                out.push(Action::Deploy { figure: f, space: s });
            }
            out.push(Action::Strike { figure: f, target: Target::Figure(figs - 1 - f) });
            out.push(Action::Shoot { figure: f, target: Target::Nest(Alliance::Rats) });
            out.push(Action::Send(f));
            out.push(Action::Hold(f));
            out.push(Action::CutLoose { figure: f, toward: f % spaces });
        }
        // Action cards and the ballista (TF-R27, TF-R28).
        for c in (0..crate::rules::tail_feathers::cards::CARD_COUNT as u8).step_by(3) {
            out.push(Action::Pick(c));
            for f in [0, 3, 9, 11, 17] {
                out.push(Action::Play(Play { card: c, figure: f, aim: Aim::Nothing }));
            }
        }
        out.push(Action::Play(Play { card: 2, figure: 0, aim: Aim::Turn(2) }));
        out.push(Action::Play(Play { card: 22, figure: 17, aim: Aim::Figure(3) }));
        out.extend([Action::NoCard, Action::First(0), Action::First(1)]);
        out.extend([Action::Loose(Target::Nest(Alliance::Mice)), Action::Loose(Target::Figure(1)), Action::Idle]);
        // A patrol at each leaf (TF-R26).
        out.extend((spaces..spaces + field().connections.len() as u8).map(Action::PatrolLeaf));
        out.push(Action::Fly(vec![Length::Long; 7]));
        out.push(Action::Fly(vec![Length::Short]));
        out.push(Action::Mission(Some(MissionKind::Siege)));
        out.sort();
        out.dedup();
        out
    }

    fn seat_name(&self, seat: Seat) -> String {
        side_name(side_of_seat(seat)).to_string()
    }
}
