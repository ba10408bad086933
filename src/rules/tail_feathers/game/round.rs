//! The round: setting up, deployment, the secret missions and bids, tilting
//! and launching, initiative, whose decision it is and what it may be.

#![allow(clippy::wildcard_imports, reason = "a chapter of the game module: it shares the module's state and imports")]

use super::*;

impl TailFeathers {
    pub(super) fn deploying_seat(&self) -> Option<(Seat, Fig)> {
        for seat in [other(self.first), self.first] {
            let side = side_of_seat(seat);
            if let Some(f) = (0..FIGURES as u8)
                .find(|&f| Self::side(f) == side && self.figures[usize::from(f)].place == Place::Unplaced)
            {
                return Some((seat, f));
            }
        }
        None
    }

    pub(super) fn tilt_order(&self) -> [Seat; 2] {
        [other(self.first), self.first]
    }

    /// The next bird owing a tilt or launch decision, with its seat.
    pub(super) fn tilting(&self) -> Option<(Seat, Fig)> {
        for seat in self.tilt_order() {
            for (i, &f) in BIRD_FIGS.iter().enumerate() {
                if Self::side(f) == side_of_seat(seat)
                    && !self.tilted[i]
                    && self.figures[usize::from(f)].place.on_battlefield()
                    && !self.entangled(f)
                {
                    return Some((seat, f));
                }
            }
        }
        None
    }

    /// Units of `seat` it may activate now.
    #[must_use]
    pub fn available_units(&self, seat: Seat) -> Vec<usize> {
        (0..UNITS)
            .filter(|&u| {
                let d = &UNIT_DEFS[u];
                d.side == side_of_seat(seat)
                    && !self.activated[u]
                    && (d.first..d.first + d.count).any(|f| self.figures[usize::from(f)].place.on_battlefield())
            })
            .collect()
    }

    pub(super) fn placing_seat(&self) -> Option<Seat> {
        [self.first, other(self.first)].into_iter().find(|s| {
            matches!(self.pick[s.index()], Secret::Chosen(Some(_)))
                && self.cards[s.index()].is_none_or(|c| c.spot.is_none())
        })
    }

    pub(super) fn chooser(&self) -> Option<Seat> {
        [self.first, other(self.first)].into_iter().find(|s| self.pick[s.index()] == Secret::Open)
    }

    pub(super) fn bidder(&self) -> Option<Seat> {
        if self.rolled || self.phase != Phase::Activation {
            return None;
        }
        [self.first, other(self.first)].into_iter().find(|s| self.bids[s.index()] == Secret::Open)
    }

    pub(super) fn decider(&self) -> ToMove {
        if self.outcome.is_some() {
            return ToMove::Nobody;
        }
        if let Some(t) = self.card_decider() {
            return t;
        }
        if let Some(b) = &self.battle {
            return b.reroll.map_or(ToMove::Chance, |(seat, ..)| ToMove::Seat(seat));
        }
        if let Some(c) = &self.combat {
            return match c.reroll {
                Some((seat, _)) => ToMove::Seat(seat),
                None if c.defending == 0 && c.assigned_total() < c.hits => ToMove::Seat(c.attacker),
                None => ToMove::Chance,
            };
        }
        match self.phase {
            Phase::Deploy => self.deploying_seat().map_or(ToMove::Nobody, |(s, _)| ToMove::Seat(s)),
            Phase::Mission => {
                if let Some(s) = self.chooser().or_else(|| self.placing_seat()).or(self.sending) {
                    ToMove::Seat(s)
                } else {
                    ToMove::Chance
                }
            }
            Phase::Tilt => self.tilting().map_or(ToMove::Chance, |(s, _)| ToMove::Seat(s)),
            Phase::Activation => {
                if let Some(s) = self.bidder() {
                    ToMove::Seat(s)
                } else if !self.rolled {
                    ToMove::Chance
                } else {
                    ToMove::Seat(self.turn)
                }
            }
            Phase::Final => match self.fin {
                Some(Final::Mission(_, s) | Final::SiegeOn(s, _)) => ToMove::Seat(s),
                None if self.fin_at.is_none() => ToMove::Chance,
                None => ToMove::Nobody,
            },
            Phase::Over => ToMove::Nobody,
        }
    }

    #[allow(clippy::too_many_lines, reason = "one arm per kind of decision, like the round order")]
    pub(super) fn legal(&self) -> Vec<Action> {
        let mut out = Vec::new();
        if self.outcome.is_some() {
            return out;
        }
        if let Some(mut cards) = self.card_actions() {
            cards.sort();
            return cards;
        }
        if let Some((.., n)) = self.battle.as_ref().and_then(|b| b.reroll) {
            out.extend((0..=n).map(Action::Reroll));
            return out;
        }
        if let Some(c) = &self.combat {
            if let Some((_, n)) = c.reroll {
                out.extend((0..=n).map(Action::Reroll));
            } else if c.defending == 0 && c.assigned_total() < c.hits {
                out.extend(c.candidates.iter().map(|&t| Action::AssignHit(t)));
            }
            out.sort();
            return out;
        }
        match self.phase {
            Phase::Deploy => {
                if let Some((_, f)) = self.deploying_seat() {
                    let side = Self::side(f);
                    for s in self.tree_spaces(Self::home_tree(side)) {
                        if Self::size(f) == Size::Large && Self::space_nest(s).is_some() {
                            continue;
                        }
                        if self.space_room(s, &self.occupants(s, None), Self::size(f)) {
                            out.push(Action::Deploy { figure: f, space: s as u8 });
                        }
                    }
                }
            }
            Phase::Mission => {
                if let Some(seat) = self.chooser() {
                    out.extend(self.secret_choices(seat));
                } else if let Some(seat) = self.placing_seat() {
                    out.extend(self.free_spots(seat).into_iter().map(Action::PlaceMission));
                } else if let Some(seat) = self.sending {
                    let side = side_of_seat(seat);
                    let in_box = self.mission_box(side).len();
                    if in_box < SPACE_SMALL {
                        out.extend(self.eligible_for_mission(seat).into_iter().map(Action::Send));
                    }
                    if in_box > 0 {
                        out.push(Action::Done);
                    }
                }
            }
            Phase::Tilt => {
                if let Some((_, f)) = self.tilting() {
                    let b = self.bird(f).copied();
                    if self.figures[usize::from(f)].place == Place::Air {
                        for t in [Tilt::Left, Tilt::Centre, Tilt::Right] {
                            if b.is_some_and(|b| (b.tilt.steps() - t.steps()).abs() <= 2) {
                                out.push(Action::Tilt { bird: f, tilt: t });
                            }
                        }
                    } else {
                        out.push(Action::Stay(f));
                        for h in 0..HEADINGS {
                            for p in 0..5 {
                                if self.launch_pose(f, h, p).is_some() {
                                    out.push(Action::Launch { bird: f, heading: h, point: p });
                                }
                            }
                        }
                    }
                }
            }
            Phase::Activation => {
                if let Some(seat) = self.bidder() {
                    out.extend(self.secret_choices(seat));
                } else if !self.rolled {
                    out.push(Action::RollInitiative);
                } else if let Some(act) = &self.activation {
                    self.activation_actions(act, &mut out);
                } else {
                    let units = self.available_units(self.turn);
                    let side = side_of_seat(self.turn);
                    let bolts = self.ballista_targets(side);
                    if units.is_empty() && !self.ballista_ready(side) {
                        out.push(Action::Pass);
                    }
                    out.extend(units.into_iter().map(|u| Action::Activate(u as u8)));
                    // A ready ballista is an available unit: a bolt where
                    // it has a target, else an idle activation (TF-R28).
                    if bolts.is_empty() && self.ballista_ready(side) {
                        out.push(Action::Idle);
                    }
                    out.extend(bolts.into_iter().map(Action::Loose));
                }
            }
            Phase::Final => self.final_actions(&mut out),
            Phase::Over => {}
        }
        // Action cards of the side deciding, by this decision's timing
        // (TF-R27).
        self.play_actions(&mut out);
        out.sort();
        out.dedup();
        out
    }

    /// A side's small figures standing (not lying down) in a space, with
    /// their space: those that may go on missions or be carried.
    pub(super) fn standing_small(&self, side: Alliance) -> Vec<(Fig, u8)> {
        (0..FIGURES as u8)
            .filter_map(|f| {
                let fig = &self.figures[usize::from(f)];
                match fig.place {
                    Place::Space(s) if Self::side(f) == side && Self::size(f) == Size::Small && !fig.immobilized => {
                        Some((f, s))
                    }
                    _ => None,
                }
            })
            .collect()
    }

    pub(super) fn eligible_for_mission(&self, seat: Seat) -> Vec<Fig> {
        let side = side_of_seat(seat);
        let tree = self.tree_spaces(Self::home_tree(side));
        self.standing_small(side).into_iter().filter(|&(_, s)| tree.contains(&usize::from(s))).map(|(f, _)| f).collect()
    }

    /// Mission spots free for `seat`'s card: the usable spots (within
    /// close range of the axis marker, clear of the trees) that touch
    /// neither the other card nor any figure's base (TF-R2, "touching
    /// nothing"; Further rulings: flying birds included).
    #[must_use]
    pub fn free_spots(&self, seat: Seat) -> Vec<u8> {
        USABLE_SPOTS.iter().filter(|&&s| self.spot_blocker(seat, s).is_none()).map(|&s| s as u8).collect()
    }

    /// What mission spot `spot` would touch if `seat` laid its card there
    /// (the other side's card or a bird's base), in words; `None` when it
    /// touches nothing.
    pub(super) fn spot_blocker(&self, seat: Seat, spot: usize) -> Option<String> {
        let taken = self.cards[other(seat).index()].and_then(|c| c.spot).map(usize::from);
        if taken.is_some_and(|t| field().spots_clash(spot, t)) {
            return Some(format!("the {} mission card", side_name(side_of_seat(other(seat))).to_lowercase()));
        }
        let card = Shape::Polygon(field().mission_spots.get(spot)?.clone());
        BIRD_FIGS
            .iter()
            .find_map(|&f| {
                let base = self.base(f)?;
                touches(&card, &base).then(|| format!("{}'s base", figure_name(f)))
            })
            .or_else(|| {
                // Tail feathers (TF-R24) and leaves (TF-R26) too.
                self.feathers
                    .iter()
                    .any(|t| touches(&card, &Shape::Polygon(t.outline())))
                    .then(|| "a tail feather".to_string())
            })
            .or_else(|| {
                (0..self.leaves.len())
                    .find(|&k| touches(&card, &Shape::Polygon(self.leaves[k].outline())))
                    .map(leaf_name)
            })
    }

    pub(super) fn start(options: Options, seed: u64) -> Self {
        let mut rng = Rng::seeded(seed);
        let first = Seat(u8::from(rng.coin()));
        let bird = Bird {
            pose: Pose { at: V2::new(0.0, 0.0), heading: Heading(0) },
            tilt: Tilt::Centre,
            rattled: false,
            launching: false,
            passenger: None,
        };
        Self {
            leaves: Self::hung_leaves(&options),
            hands: Default::default(),
            window: None,
            ballistas: [None; 2],
            ballista_lost: [false; 2],
            veterans: [None; 2],
            options,
            rng,
            round: 1,
            phase: Phase::Deploy,
            first,
            figures: [new_figure(); FIGURES],
            birds: [bird; 5],
            cheese: [0; 2],
            nest: [field().nest_life; 2],
            nest_fire: [0; 2],
            activated: [false; UNITS],
            pick: [Secret::Open; 2],
            cards: [None; 2],
            sending: None,
            tilted: [false; 5],
            bids: [Secret::Open; 2],
            turn: first,
            activation: None,
            combat: None,
            fin: None,
            fin_at: None,
            sent: [false; 2],
            rolled: false,
            outcome: None,
            feathers: Vec::new(),
            next_feather: 0,
            spirals: Vec::new(),
            battle: None,
            events: Vec::new(),
            memo: Memo::default(),
        }
    }

    pub(super) fn seat_now(&self) -> Seat {
        self.decider().seat().unwrap_or(self.turn)
    }

    pub(super) fn roll_initiative(&mut self) {
        let bid = |s: Secret<u8>| match s {
            Secret::Chosen(n) => n,
            _ => 0,
        };
        let n = [bid(self.bids[0]), bid(self.bids[1])];
        for (wheel, bid) in self.cheese.iter_mut().zip(n) {
            *wheel -= bid.min(*wheel);
        }
        self.events.push(Event::Note(format!("bids: Mice {} extra, Rats {} extra", n[0], n[1])));
        loop {
            let mut totals = [0u32; 2];
            for (seat, (total, bid)) in totals.iter_mut().zip(n).enumerate() {
                let faces = dice::roll(2 + bid, &mut self.rng);
                *total = faces.iter().map(|f| u32::from(f.number())).sum();
                self.events.push(Event::Rolled { seat: Seat(seat as u8), what: "initiative".into(), faces });
            }
            if totals[0] != totals[1] {
                let winner = Seat(u8::from(totals[1] > totals[0]));
                self.events.push(Event::Initiative(totals[0], totals[1], winner));
                self.first = winner;
                self.turn = winner;
                break;
            }
            self.events.push(Event::Note("a tie: both roll again".into()));
        }
        self.bids = [Secret::Open; 2];
        self.rolled = true;
    }

    /// Moves on through steps that need no decision.
    pub(super) fn advance(&mut self) {
        for _ in 0..10_000 {
            self.return_empty_leaves();
            self.return_lying();
            if self.outcome.is_some() || self.combat.is_some() || self.battle.is_some() || self.window.is_some() {
                return;
            }
            if !self.advance_once() {
                return;
            }
        }
    }

    /// One automatic step; false when a decision is awaited.
    #[allow(clippy::too_many_lines, reason = "one arm per phase and step")]
    pub(super) fn advance_once(&mut self) -> bool {
        match self.phase {
            Phase::Deploy => {
                if self.hand_picker().is_some() {
                    return false;
                }
                if self.deploying_seat().is_none() {
                    self.phase = Phase::Mission;
                    return true;
                }
                false
            }
            Phase::Mission => {
                if self.chooser().is_some() || self.placing_seat().is_some() || self.sending.is_some() {
                    if let Some(seat) = self.placing_seat()
                        && self.free_spots(seat).is_empty()
                    {
                        self.pick[seat.index()] = Secret::Chosen(None);
                        self.events.push(Event::Note("no room for a mission card".into()));
                        return true;
                    }
                    return false;
                }
                if let Some(seat) = [other(self.first), self.first]
                    .into_iter()
                    .find(|s| self.cards[s.index()].is_some() && !self.sent[s.index()])
                {
                    if self.eligible_for_mission(seat).is_empty() {
                        self.sent[seat.index()] = true;
                        self.cards[seat.index()] = None;
                    } else {
                        self.sending = Some(seat);
                    }
                    return true;
                }
                self.phase = Phase::Tilt;
                true
            }
            Phase::Tilt => {
                if self.tilting().is_some() {
                    return false;
                }
                self.phase = Phase::Activation;
                self.rolled = false;
                self.bids = [Secret::Open; 2];
                true
            }
            Phase::Activation => {
                if self.bidder().is_some() || !self.rolled {
                    return false;
                }
                if self.activation.is_none() {
                    if !self.can_act(Seat(0)) && !self.can_act(Seat(1)) {
                        self.next_turn(self.turn);
                        return true;
                    }
                    return false;
                }
                self.advance_activation()
            }
            Phase::Final => self.advance_final(),
            Phase::Over => false,
        }
    }
}
