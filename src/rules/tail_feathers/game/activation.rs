//! Activation: what an activated unit may do (fly, move, scurry, pick up and
//! drop passengers, attack), taking turns, and ending an activation.

#![allow(clippy::wildcard_imports, reason = "a chapter of the game module: it shares the module's state and imports")]

use super::*;

impl TailFeathers {
    pub(super) fn activation_actions(&self, act: &Activation, out: &mut Vec<Action>) {
        let unit = usize::from(act.unit);
        let d = &UNIT_DEFS[unit];
        match &act.step {
            Step::Check => {
                if self.pilot_value(unit) > 0 {
                    out.push(Action::PilotingCheck);
                }
                self.pickups(d.first, self.bird(d.first).map(|b| b.pose.at), act, out);
                out.extend(Self::lists_up_to(Self::most_templates(act)).into_iter().map(Action::Fly));
            }
            Step::SetTilt => {
                let cur = self.bird(d.first).map_or(Tilt::Centre, |b| b.tilt);
                for t in [Tilt::Left, Tilt::Centre, Tilt::Right] {
                    if (cur.steps() - t.steps()).abs() <= 2 {
                        out.push(Action::SetTilt(t));
                    }
                }
            }
            Step::Fly => {
                self.pickups(d.first, self.bird(d.first).map(|b| b.pose.at), act, out);
                out.extend(Self::lists_up_to(Self::most_templates(act)).into_iter().map(Action::Fly));
            }
            Step::Walk(w) => self.crossing_actions(d.first, act, w, out),
            Step::Unload => {
                out.push(Action::Unload(None));
                if let Place::Space(s) = self.figures[usize::from(d.first)].place {
                    let mut spaces = self.space_neighbours(usize::from(s));
                    if Self::space_nest(usize::from(s)).is_some() {
                        spaces.push(usize::from(s));
                    }
                    for n in spaces {
                        if self.space_room(n, &self.occupants(n, None), Size::Small) {
                            out.push(Action::Unload(Some(n as u8)));
                        }
                    }
                }
            }
            Step::Moves => {
                let squad = d.ground.map_or(1, |g| GROUND[g].squad);
                let figs: Vec<Fig> = (d.first..d.first + d.count)
                    .filter(|&f| self.figures[usize::from(f)].place.on_battlefield() && !act.figures.contains(&f))
                    .collect();
                if act.figures.len() < usize::from(squad) {
                    for f in figs {
                        if self.figures[usize::from(f)].immobilized {
                            out.push(Action::Stand(f));
                        } else {
                            out.push(Action::Hold(f));
                            out.extend(self.moves(f).into_iter().map(|to| Action::Move { figure: f, to }));
                        }
                    }
                }
                if !act.figures.is_empty() {
                    out.push(Action::Done);
                }
            }
            Step::Forage => self.forage_pick_actions(act, out),
            Step::Acts => {
                out.push(Action::Done);
                for &f in &act.figures {
                    if act.acted.contains(&f) || !self.figures[usize::from(f)].place.on_battlefield() {
                        continue;
                    }
                    if d.ground.is_some() {
                        out.extend(self.moves(f).into_iter().map(|to| Action::Scurry { figure: f, to }));
                    }
                    if !act.swooped {
                        self.attacks(f, act, out);
                    }
                    // Cutting a leaf loose in place of the attack (TF-R26).
                    self.cut_loose_actions(f, out);
                }
            }
            Step::Douse => {
                out.push(Action::Done);
                for &f in &act.figures {
                    if !act.doused.contains(&f)
                        && let Place::Space(s) = self.figures[usize::from(f)].place
                        && let Some(side) = Self::space_nest(usize::from(s))
                        && self.nest_fire[seat_of(side).index()] > 0
                    {
                        out.push(Action::Douse(f));
                    }
                }
            }
            Step::Revive => {
                out.push(Action::Done);
                let side = d.side;
                let dead: Vec<Fig> = (0..FIGURES as u8)
                    .filter(|&f| Self::side(f) == side && self.figures[usize::from(f)].place == Place::Casualty)
                    .collect();
                let squads = dead.iter().filter(|&&f| Self::is_squad(f)).count() as u8;
                for n in 1..=squads.min(3) {
                    out.push(Action::Revive(Revival::Squad(n)));
                }
                if dead.iter().any(|&f| Self::is_hero(f)) {
                    out.push(Action::Revive(Revival::Hero));
                }
            }
        }
        // Foraging instead of acting (TF-R23, an additional rule).
        self.forage_actions(out);
    }

    pub(super) fn is_squad(f: Fig) -> bool {
        UNIT_DEFS[unit_of(f)].ground.is_some_and(|g| GROUND[g].squad > 1)
    }

    pub(super) fn is_hero(f: Fig) -> bool {
        UNIT_DEFS[unit_of(f)].ground.is_some_and(|g| GROUND[g].squad == 1)
    }

    pub(super) fn pickups(&self, bird: Fig, at: Option<V2>, act: &Activation, out: &mut Vec<Action>) {
        let Some(at) = at else { return };
        if act.picked || act.dropped || self.bird(bird).is_some_and(|b| b.passenger.is_some()) {
            return;
        }
        let me = Shape::base(at);
        for f in self.pickable(bird) {
            if let Some(s) = self.shape(f)
                && distance(&me, &s) <= CLOSE_RANGE
            {
                out.push(Action::PickUp(f));
            }
        }
    }

    pub(super) fn pickable(&self, bird: Fig) -> Vec<Fig> {
        self.standing_small(Self::side(bird)).into_iter().map(|(f, _)| f).collect()
    }

    pub(super) fn moves(&self, f: Fig) -> Vec<u8> {
        let fig = &self.figures[usize::from(f)];
        let Place::Space(s) = fig.place else { return Vec::new() };
        if bird_index(f).is_some() {
            return Vec::new();
        }
        let card = &GROUND[UNIT_DEFS[unit_of(f)].ground.unwrap_or(0)];
        let mover = Occupant::figure(Self::side(f), Self::size(f));
        let occ = |n: usize| self.occupants(n, Some(f));
        // Steps more from a card played this activation (TF-R27).
        let more = self.activation.as_ref().filter(|a| usize::from(a.unit) == unit_of(f)).map_or(0, |a| a.boost.steps);
        trees::destinations(self, usize::from(s), mover, card.movement + more, &occ)
            .into_iter()
            .map(|n| n as u8)
            .collect()
    }

    pub(super) fn activate(&mut self, unit: usize) {
        self.activated[unit] = true;
        let d = UNIT_DEFS[unit];
        let mut act = Activation {
            unit: unit as u8,
            step: Step::Moves,
            figures: Vec::new(),
            held: Vec::new(),
            acted: Vec::new(),
            doused: Vec::new(),
            swooped: false,
            rattled_at_start: false,
            began_perched: false,
            dropped: false,
            picked: false,
            touching: Vec::new(),
            spiralled: false,
            boost: action_cards::Boost::default(),
        };
        self.new_card_turn();
        if let Some(i) = bird_index(d.first) {
            let f = d.first;
            act.figures.push(f);
            act.rattled_at_start = self.birds[i].rattled;
            let place = self.figures[usize::from(f)].place;
            if self.birds[i].launching {
                act.began_perched = true;
                // A flying bird that ended over it: it takes off from where
                // it made room (or, with none left, from where it stands).
                let airborne = self.airborne_bases(f);
                if airborne.iter().any(|(_, o)| overlaps(&Shape::base(self.birds[i].pose.at), o))
                    && let Some(at) = self.room_in_space(f)
                {
                    self.birds[i].pose.at = at;
                }
                self.birds[i].launching = false;
                self.birds[i].tilt = Tilt::Centre;
                self.figures[usize::from(f)].place = Place::Air;
                act.step = Step::Check;
            } else if place == Place::Air {
                act.step = Step::Check;
            } else {
                act.began_perched = true;
                act.held.push(f);
                act.step = Step::Acts;
            }
            let me = Shape::base(self.birds[i].pose.at);
            for s in 0..self.space_count() as u8 {
                if touches(&me, &Shape::Polygon(self.space_outline(s))) {
                    act.touching.push(Target::Space(s));
                }
            }
            for side in [Alliance::Mice, Alliance::Rats] {
                if self.target_shape(Target::Mission(side)).is_some_and(|m| touches(&me, &m)) {
                    act.touching.push(Target::Mission(side));
                }
            }
        }
        self.activation = Some(Box::new(act));
        self.spiral_again(d.first);
    }

    pub(super) fn next_turn(&mut self, seat: Seat) {
        if !self.can_act(Seat(0)) && !self.can_act(Seat(1)) {
            self.phase = Phase::Final;
            self.fin = None;
            self.fin_at = None;
        } else {
            self.turn = seat;
        }
    }

    /// End of an activation, in order (TF-R6): fire rolls, dousing, the
    /// rattled marker, revive.
    pub(super) fn close_activation(&mut self) {
        let Some(act) = self.activation.as_ref() else { return };
        let figs = act.figures.clone();
        let seat = seat_of(UNIT_DEFS[usize::from(act.unit)].side);
        for f in figs {
            if self.figures[usize::from(f)].on_fire && self.figures[usize::from(f)].place.on_battlefield() {
                let faces = dice::roll(1, &mut self.rng);
                let star = dice::any_star(&faces);
                self.events.push(Event::Rolled { seat, what: "fire".into(), faces });
                if star {
                    self.figures[usize::from(f)].on_fire = false;
                    self.events.push(Event::Fire(Target::Figure(f), false));
                } else {
                    self.wound(Target::Figure(f), 1, false);
                }
            }
        }
        if self.outcome.is_some() {
            return;
        }
        self.set_step(Step::Douse);
    }

    pub(super) fn after_douse(&mut self) {
        let Some(act) = self.activation.as_ref() else { return };
        let unit = usize::from(act.unit);
        if act.rattled_at_start
            && let Some(i) = bird_index(UNIT_DEFS[unit].first)
        {
            self.birds[i].rattled = false;
        }
        self.set_step(Step::Revive);
    }

    pub(super) fn finish_activation(&mut self) {
        let Some(act) = self.activation.take() else { return };
        let seat = seat_of(UNIT_DEFS[usize::from(act.unit)].side);
        self.next_turn(other(seat));
    }

    /// Whether activating unit `u` now would leave it nothing to do, so
    /// that its activation ends as soon as it begins (a perched bird with
    /// no target in reach, a rattled pilot): the table says so on the
    /// button before it is pressed. Never for a unit whose activation
    /// begins with dice (a death spiral fought again), so the answer tells
    /// nothing of a roll.
    #[must_use]
    pub fn activation_would_be_idle(&self, u: u8) -> bool {
        let Some(d) = UNIT_DEFS.get(usize::from(u)) else { return false };
        if self.entangled(d.first) {
            return false;
        }
        let mut probe = self.clone();
        if probe.apply(&Action::Activate(u)).is_err() {
            return false;
        }
        // Ended, or at its end-of-activation steps (a fire roll there may
        // even end the game: ended all the same).
        probe.outcome.is_some()
            || probe.activation.as_ref().is_none_or(|a| a.unit != u || matches!(a.step, Step::Douse | Step::Revive))
    }

    /// The log's word on an activation that ends by itself: that it is
    /// done, and why when it made no attack (short: the log read as
    /// prose).
    fn done_note(&self, act: &Activation, unit: usize) -> String {
        let d = UNIT_DEFS[unit];
        let rattled = bird_index(d.first).is_some_and(|i| d.bird.is_some() && self.birds[i].rattled);
        let why = if act.spiralled {
            Some("no normal attack after a death spiral")
        } else if rattled {
            Some("a rattled pilot makes no attack")
        } else if act.acted.is_empty() {
            Some("no target within reach")
        } else {
            None
        };
        let name = unit_name(unit);
        why.map_or_else(|| format!("the {name} is done"), |why| format!("the {name} is done: {why}"))
    }

    pub(super) fn advance_activation(&mut self) -> bool {
        let Some(act) = self.activation.as_ref() else { return false };
        let unit = usize::from(act.unit);
        let d = UNIT_DEFS[unit];
        let bird_gone = d.bird.is_some() && !self.figures[usize::from(d.first)].place.on_battlefield();
        match &act.step {
            Step::Check | Step::SetTilt | Step::Fly | Step::Walk(_) | Step::Unload if bird_gone => {
                self.close_activation();
                true
            }
            Step::Walk(w) => {
                let f = d.first;
                if !self.crossing_options(f, act, w).is_empty() {
                    return false;
                }
                let w = w.clone();
                match w.plan.crossings.get(w.next).map(|c| c.1) {
                    None => {
                        self.finish_flight(f, &w.plan);
                        return true;
                    }
                    Some(Crossing::Trunk(t)) => {
                        let pose = self.crash_pose(f, &w.plan, usize::from(t));
                        if let Some(i) = bird_index(f) {
                            self.birds[i].pose = pose;
                            self.birds[i].rattled = true;
                        }
                        self.events.push(Event::Crashed(f));
                        self.wound(Target::Figure(f), 2, false);
                        if let Some(i) = bird_index(f) {
                            if self.figures[usize::from(f)].place.on_battlefield() && !self.birds[i].rattled {
                                self.birds[i].rattled = true;
                            }
                            if self.figures[usize::from(f)].place.on_battlefield() {
                                self.events.push(Event::Rattled(f));
                                self.make_room(f);
                            }
                        }
                        self.set_step(Step::Acts);
                        return true;
                    }
                    Some(Crossing::Flyer(e)) => {
                        if self.cross_flyer(f, e, &w) {
                            return true;
                        }
                    }
                    Some(Crossing::Feather(id)) => self.cross_feather(f, id),
                    Some(_) => {}
                }
                if let Some(act) = self.activation.as_mut()
                    && let Step::Walk(w) = &mut act.step
                {
                    w.next += 1;
                    w.swooped_here = false;
                    w.dropped_here = false;
                }
                true
            }
            Step::Moves => {
                let squad = d.ground.map_or(1, |g| GROUND[g].squad);
                let more = (d.first..d.first + d.count)
                    .any(|f| self.figures[usize::from(f)].place.on_battlefield() && !act.figures.contains(&f));
                if act.figures.len() >= usize::from(squad) || !more {
                    self.set_step(Step::Acts);
                    return true;
                }
                false
            }
            Step::Forage => self.forage_chosen(),
            Step::Acts | Step::Douse | Step::Revive => {
                // Only "Done" left (or, to revive, no full wheel): the
                // activation moves on by itself.
                let mut out = Vec::new();
                self.activation_actions(act, &mut out);
                // A card still to play keeps the activation open (TF-R27).
                self.play_actions(&mut out);
                let empty_wheel = self.cheese[seat_of(d.side).index()] < CHEESE_MAX;
                if out.len() > 1 && !(matches!(act.step, Step::Revive) && empty_wheel) {
                    return false;
                }
                match act.step {
                    Step::Acts => {
                        // Said in the log, so that the activation does not
                        // end in silence.
                        let note = self.done_note(act, unit);
                        self.events.push(Event::Note(note));
                        self.close_activation();
                    }
                    Step::Douse => self.after_douse(),
                    _ => self.finish_activation(),
                }
                true
            }
            Step::Check | Step::SetTilt | Step::Fly | Step::Unload => false,
        }
    }

    pub(super) fn done(&mut self, seat: Seat) {
        if self.phase == Phase::Mission {
            self.sent[seat.index()] = true;
            self.sending = None;
            return;
        }
        let Some(act) = self.activation.as_mut() else { return };
        match act.step {
            Step::Moves => act.step = Step::Acts,
            Step::Forage => self.end_forage(),
            Step::Acts => self.close_activation(),
            Step::Douse => self.after_douse(),
            Step::Revive => self.finish_activation(),
            _ => {}
        }
    }

    pub(super) fn active_bird(&self) -> Fig {
        self.active_unit().map_or(0, |u| UNIT_DEFS[u].first)
    }

    pub(super) fn set_step(&mut self, step: Step) {
        if let Some(act) = self.activation.as_mut() {
            act.step = step;
        }
    }

    pub(super) fn current_space(&self) -> Option<u8> {
        match self.walking()?.1? {
            Crossing::Space(s) => Some(s),
            _ => None,
        }
    }
}
