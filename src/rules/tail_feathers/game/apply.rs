//! Carrying out a decision: each action changes the state here, then the game
//! runs on by itself to the next decision.

#![allow(clippy::wildcard_imports, reason = "a chapter of the game module: it shares the module's state and imports")]

use super::*;

impl TailFeathers {
    pub(super) fn act(&mut self, a: &Action) {
        self.events.clear();
        self.memo = Memo::default();
        let seat = self.seat_now();
        if self.window.is_some() {
            // The attack window's secret choices (TF-R27).
            self.window_act(a);
            if self.window.is_none() {
                self.resolve_combat();
            }
            self.advance();
            return;
        }
        if self.battle.is_some() {
            if let Action::Reroll(n) = *a {
                self.battle_reroll(n);
            }
            self.resolve_battle();
            self.advance();
            return;
        }
        if self.combat.is_some() {
            match *a {
                Action::Reroll(n) => self.reroll(n),
                Action::AssignHit(t) => self.assign(t),
                _ => {}
            }
            self.resolve_combat();
            self.advance();
            return;
        }
        let handled = self.act_setting_out(seat, a)
            || self.act_in_flight(seat, a)
            || self.act_on_the_ground(seat, a)
            || self.act_at_round_end(seat, a);
        debug_assert!(handled, "every decision is carried out by one of the chapters");
        self.advance();
    }

    /// Deployment, missions, tilts and launches, bids, and a turn passed or a unit activated (TF-R2 to TF-R4, TF-R21); false for any other decision.
    fn act_setting_out(&mut self, seat: Seat, a: &Action) -> bool {
        match a {
            &Action::Deploy { figure, space } => {
                self.figures[usize::from(figure)].place = Place::Space(space);
                if let Some(i) = bird_index(figure) {
                    let at = field().spaces[usize::from(space)].perch;
                    self.birds[i].pose = Pose { at, heading: Heading::toward(at, field().axis) };
                    self.birds[i].tilt = Tilt::Centre;
                }
            }
            &Action::Mission(k) => self.pick[seat.index()] = Secret::Chosen(k),
            &Action::PlaceMission(spot) => {
                let kind = match self.pick[seat.index()] {
                    Secret::Chosen(k) => k,
                    _ => None,
                };
                self.cards[seat.index()] = Some(MissionCard { kind, spot: Some(spot), revealed: false });
            }
            &Action::Send(f) => self.figures[usize::from(f)].place = Place::Mission,
            Action::Done => self.done(seat),
            &Action::Tilt { bird, tilt } => {
                if let Some(i) = bird_index(bird) {
                    self.birds[i].tilt = tilt;
                    self.tilted[i] = true;
                }
                self.new_card_turn();
            }
            &Action::Launch { bird, heading, point } => {
                if let (Some(i), Some(pose)) = (bird_index(bird), self.launch_pose(bird, heading, point)) {
                    self.birds[i].pose = pose;
                    self.birds[i].launching = true;
                    self.birds[i].tilt = Tilt::Centre;
                    self.tilted[i] = true;
                }
                self.new_card_turn();
            }
            &Action::Stay(bird) => {
                if let Some(i) = bird_index(bird) {
                    self.tilted[i] = true;
                }
                self.new_card_turn();
            }
            &Action::Bid(n) => self.bids[seat.index()] = Secret::Chosen(n),
            Action::RollInitiative => self.roll_initiative(),
            Action::Pass => {
                let c = &mut self.cheese[seat.index()];
                *c = (*c + 1).min(CHEESE_MAX);
                self.events.push(Event::Note(format!("{} pass and take a cheese", side_name(side_of_seat(seat)))));
                self.new_card_turn();
                self.next_turn(other(seat));
            }
            &Action::Activate(u) => self.activate(usize::from(u)),
            _ => return false,
        }
        true
    }

    /// A bird's activation in the air: the piloting check, its flight walked crossing by crossing, a passenger picked up and set down (TF-R5 to TF-R9); false for any other decision.
    fn act_in_flight(&mut self, seat: Seat, a: &Action) -> bool {
        match a {
            Action::PilotingCheck => {
                let unit = self.active_unit().unwrap_or(0);
                let faces = dice::roll(self.pilot_value(unit), &mut self.rng);
                let ok = dice::any_star(&faces);
                self.events.push(Event::Rolled { seat, what: "piloting check".into(), faces });
                self.events.push(Event::Note(if ok { "a star: the tilt may change".into() } else { "no star".into() }));
                self.set_step(if ok { Step::SetTilt } else { Step::Fly });
            }
            &Action::SetTilt(t) => {
                let f = self.active_bird();
                if let Some(i) = bird_index(f) {
                    self.birds[i].tilt = t;
                }
                self.set_step(Step::Fly);
            }
            &Action::PickUp(p) => {
                let f = self.active_bird();
                self.figures[usize::from(p)].place = Place::Carried(f);
                if let Some(i) = bird_index(f) {
                    self.birds[i].passenger = Some(p);
                }
                if let Some(act) = self.activation.as_mut() {
                    act.picked = true;
                    if matches!(act.step, Step::Check) {
                        act.step = Step::Fly;
                    }
                }
            }
            Action::Fly(list) => {
                let f = self.active_bird();
                if let Some(plan) = self.plan_flight(f, list) {
                    if plan.kept < plan.laid.len() {
                        self.events.push(Event::Truncated(f, plan.kept));
                    }
                    self.set_step(Step::Walk(Box::new(Walk {
                        plan,
                        next: 0,
                        swooped_here: false,
                        dropped_here: false,
                    })));
                }
            }
            Action::Perch => self.perch(),
            Action::Swoop => self.swoop(),
            Action::DropOff => {
                let f = self.active_bird();
                let s = self.current_space();
                if let (Some(i), Some(s)) = (bird_index(f), s)
                    && let Some(p) = self.birds[i].passenger.take()
                {
                    self.figures[usize::from(p)].place = Place::Space(s);
                }
                if let Some(act) = self.activation.as_mut() {
                    act.dropped = true;
                    if let Step::Walk(w) = &mut act.step {
                        w.dropped_here = true;
                    }
                }
            }
            Action::Continue => {
                if let Some(act) = self.activation.as_mut()
                    && let Step::Walk(w) = &mut act.step
                {
                    w.next += 1;
                    w.swooped_here = false;
                    w.dropped_here = false;
                }
            }
            &Action::Unload(to) => {
                let f = self.active_bird();
                if let Some(i) = bird_index(f)
                    && let Some(p) = self.birds[i].passenger.take()
                {
                    match to {
                        Some(s) => self.figures[usize::from(p)].place = Place::Space(s),
                        None => self.defeat(p),
                    }
                }
                self.set_step(Step::Acts);
            }
            _ => return false,
        }
        true
    }

    /// Ground moves, foraging, leaves, attacks and dousing a nest (TF-R10 to TF-R16, TF-R23, TF-R26); false for any other decision.
    fn act_on_the_ground(&mut self, seat: Seat, a: &Action) -> bool {
        match a {
            &Action::Move { figure, to } => {
                self.figures[usize::from(figure)].place = Place::Space(to);
                if let Some(act) = self.activation.as_mut() {
                    act.figures.push(figure);
                }
            }
            Action::Forage => self.forage(),
            &Action::CutLoose { figure, toward } => self.cut_loose(figure, toward),
            &Action::Hold(f) => self.hold(f),
            &Action::Stand(f) => {
                self.figures[usize::from(f)].immobilized = false;
                if let Some(act) = self.activation.as_mut() {
                    act.figures.push(f);
                    act.acted.push(f);
                }
            }
            &Action::Scurry { figure, to } => {
                self.figures[usize::from(figure)].place = Place::Space(to);
                if let Some(act) = self.activation.as_mut() {
                    act.acted.push(figure);
                }
            }
            &Action::Strike { figure, target } => self.normal_attack(seat, figure, target, Attack::Melee),
            &Action::Shoot { figure, target } => self.normal_attack(seat, figure, target, Attack::Ranged),
            &Action::Douse(f) => {
                let faces = dice::roll(1, &mut self.rng);
                let star = dice::any_star(&faces);
                self.events.push(Event::Rolled { seat, what: "dousing the nest".into(), faces });
                if let Place::Space(s) = self.figures[usize::from(f)].place
                    && let Some(side) = Self::space_nest(usize::from(s))
                {
                    if star {
                        self.nest_fire[seat_of(side).index()] -= 1;
                        self.events.push(Event::Fire(Target::Nest(side), false));
                    } else {
                        self.wound(Target::Figure(f), 1, false);
                    }
                }
                if let Some(act) = self.activation.as_mut() {
                    act.doused.push(f);
                }
            }
            _ => return false,
        }
        true
    }

    /// The final phase (reinforcements, missions), the action cards, and the decisions that need nothing done here (TF-R17, TF-R27); false for any other decision.
    fn act_at_round_end(&mut self, seat: Seat, a: &Action) -> bool {
        match a {
            &Action::Revive(r) => {
                self.cheese[seat.index()] = 0;
                let side = side_of_seat(seat);
                let dead: Vec<Fig> = (0..FIGURES as u8)
                    .filter(|&f| Self::side(f) == side && self.figures[usize::from(f)].place == Place::Casualty)
                    .collect();
                let chosen: Vec<Fig> = match r {
                    Revival::Hero => dead.into_iter().filter(|&f| Self::is_hero(f)).take(1).collect(),
                    Revival::Squad(n) => dead.into_iter().filter(|&f| Self::is_squad(f)).take(usize::from(n)).collect(),
                };
                for &f in &chosen {
                    self.figures[usize::from(f)].place = Place::Reserves;
                }
                self.events.push(Event::Note(format!(
                    "{} to the reserves",
                    words::count_with(chosen.len(), "figure revived", "figures revived")
                )));
                self.finish_activation();
            }
            Action::FinalPhase => self.begin_final(),
            &Action::Siege(tree) => {
                self.fin = Some(Final::SiegeOn(seat, tree));
                self.siege_overflow();
            }
            &Action::SiegeTo(s) => {
                let side = side_of_seat(seat);
                if let Some(&f) = self.mission_box(side).first() {
                    self.figures[usize::from(f)].place = Place::Space(s);
                }
                self.siege_overflow();
            }
            &Action::Patrol(target) => {
                self.fin = None;
                let n = self.mission_value(side_of_seat(seat), false);
                self.start_combat(seat, None, Attack::Ranged, n, vec![Target::Figure(target)]);
            }
            &Action::PatrolLeaf(s) => self.patrol_leaf(seat, s),
            &Action::Rescue(b) => self.rescue(seat, b),
            &Action::Pick(c) => self.hands[seat.index()].cards.push(Some(c)),
            &Action::Play(p) => self.play(seat, p, false),
            &Action::Loose(target) => self.loose(seat, target),
            Action::Idle => self.idle(seat),
            Action::Reroll(_) | Action::AssignHit(_) | Action::NoCard | Action::First(_) => {}
            _ => return false,
        }
        true
    }
}
