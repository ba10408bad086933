//! The final phase: burning nests, reserves going home, the missions carried
//! out in order, sieges, and the end of the round.

#![allow(clippy::wildcard_imports, reason = "a chapter of the game module: it shares the module's state and imports")]

use super::*;

impl TailFeathers {
    pub(super) fn final_actions(&self, out: &mut Vec<Action>) {
        match self.fin {
            Some(Final::Mission(MissionKind::Siege, _)) => {
                out.extend((0..field().trees.len() as u8).map(Action::Siege));
            }
            Some(Final::SiegeOn(seat, tree)) => {
                out.extend(self.siege_spaces(seat, usize::from(tree)).into_iter().map(Action::SiegeTo));
            }
            Some(Final::Mission(MissionKind::Patrol, seat)) => {
                let enemy = side_of_seat(other(seat));
                out.extend(
                    self.flyers()
                        .into_iter()
                        .filter(|&f| Self::side(f) == enemy && !self.entangled(f))
                        .map(Action::Patrol),
                );
                // Drifting leaves holding enemy figures (TF-R26).
                out.extend(self.patrol_leaves(enemy).into_iter().map(Action::PatrolLeaf));
            }
            Some(Final::Mission(MissionKind::Rescue, seat)) => {
                let side = side_of_seat(seat);
                out.extend(
                    BIRD_FIGS
                        .iter()
                        .copied()
                        .filter(|&f| Self::side(f) == side && self.figures[usize::from(f)].place == Place::Casualty)
                        .map(Action::Rescue),
                );
            }
            None if self.fin_at.is_none() => out.push(Action::FinalPhase),
            Some(Final::Mission(..)) | None => {}
        }
    }

    /// Where the next siege figure may go on `tree`: spaces by the trunk
    /// with room, else those with room fewest steps from the trunk (never
    /// nests).
    pub(super) fn siege_spaces(&self, seat: Seat, tree: usize) -> Vec<u8> {
        let _ = seat;
        let t = &field().trees[tree];
        let room =
            |s: usize| Self::space_nest(s).is_none() && self.space_room(s, &self.occupants(s, None), Size::Small);
        let mut ring: Vec<usize> = t.spaces.iter().copied().filter(|&s| field().spaces[s].by_trunk).collect();
        let mut seen = ring.clone();
        while !ring.is_empty() {
            let ok: Vec<u8> = ring.iter().copied().filter(|&s| room(s)).map(|s| s as u8).collect();
            if !ok.is_empty() {
                return ok;
            }
            let mut next = Vec::new();
            for &s in &ring {
                for n in self.space_neighbours(s) {
                    if !seen.contains(&n) && Self::space_nest(n).is_none() {
                        seen.push(n);
                        next.push(n);
                    }
                }
            }
            ring = next;
        }
        Vec::new()
    }

    /// A siege is over once its box is empty; figures that find no room
    /// left on the tree go home (TF-R17).
    pub(super) fn siege_overflow(&mut self) {
        let Some(Final::SiegeOn(seat, tree)) = self.fin else { return };
        let side = side_of_seat(seat);
        if !self.mission_box(side).is_empty() && self.siege_spaces(seat, usize::from(tree)).is_empty() {
            self.send_home(side);
        }
        if self.mission_box(side).is_empty() {
            self.fin = None;
        }
    }

    pub(super) fn begin_final(&mut self) {
        // Burning nests (TF-R18), in turn order.
        for seat in [self.first, other(self.first)] {
            let fire = self.nest_fire[seat.index()];
            if fire > 0 && self.outcome.is_none() {
                self.events
                    .push(Event::Note(format!("the {} nest burns", side_name(side_of_seat(seat)).to_lowercase())));
                self.wound(Target::Nest(side_of_seat(seat)), fire, false);
            }
        }
        if self.outcome.is_some() {
            return;
        }
        // Reinforce.
        for side in [Alliance::Mice, Alliance::Rats] {
            if self.nest_standing(side) {
                let nest = Self::nest_space(side);
                for f in 0..FIGURES as u8 {
                    if Self::side(f) == side && self.figures[usize::from(f)].place == Place::Reserves {
                        self.figures[usize::from(f)].place = Place::Space(nest);
                    }
                }
            }
        }
        // Reveal.
        for side in [Alliance::Mice, Alliance::Rats] {
            if let Some(card) = self.cards[seat_of(side).index()].as_mut()
                && !card.revealed
            {
                card.revealed = true;
                if let Some(k) = card.kind {
                    self.events.push(Event::Revealed(side, k));
                }
            }
        }
        self.fin_at = Some((0, false));
    }

    pub(super) fn advance_final(&mut self) -> bool {
        let Some((at, begun)) = self.fin_at else { return false };
        if self.fin.is_some() || self.combat.is_some() {
            return false;
        }
        let kinds = crate::rules::tail_feathers::components::MISSIONS;
        if usize::from(at) >= kinds.len() * 2 {
            self.end_round();
            return true;
        }
        let kind = kinds[usize::from(at) / 2];
        let seat = if at % 2 == 0 { self.first } else { other(self.first) };
        let mine = self.cards[seat.index()].is_some_and(|c| c.kind == Some(kind));
        if !mine {
            self.fin_at = Some((at + 1, false));
            self.after_kind(at);
            return true;
        }
        let side = side_of_seat(seat);
        if !begun {
            self.fin_at = Some((at, true));
            let in_box = self.mission_box(side);
            let enemy = side_of_seat(other(seat));
            match kind {
                MissionKind::Decoy | MissionKind::Special => {}
                MissionKind::Intercept => {
                    let n = self.mission_value(side, true);
                    let targets: Vec<Target> = self.mission_box(enemy).into_iter().map(Target::Figure).collect();
                    if n > 0 && !targets.is_empty() {
                        self.events.push(Event::Note(format!("the {} intercept", side_name(side).to_lowercase())));
                        self.start_combat(seat, None, Attack::Melee, n, targets);
                    }
                }
                MissionKind::Siege => {
                    if !in_box.is_empty() {
                        self.fin = Some(Final::Mission(MissionKind::Siege, seat));
                    }
                }
                MissionKind::Patrol => {
                    let n = self.mission_value(side, false);
                    let birds = self.flyers().iter().any(|&f| Self::side(f) == enemy && !self.entangled(f));
                    if n > 0 && (birds || !self.patrol_leaves(enemy).is_empty()) {
                        self.fin = Some(Final::Mission(MissionKind::Patrol, seat));
                    }
                }
                MissionKind::Rescue => {
                    let dead = BIRD_FIGS
                        .iter()
                        .any(|&f| Self::side(f) == side && self.figures[usize::from(f)].place == Place::Casualty);
                    if in_box.len() >= 2 && dead {
                        self.fin = Some(Final::Mission(MissionKind::Rescue, seat));
                    }
                }
            }
            return true;
        }
        // The mission is done: its figures go home (intercepts after all
        // intercepts).
        match kind {
            MissionKind::Intercept => {}
            MissionKind::Special => {
                if !self.mission_box(side).is_empty() {
                    let gained = self.gain_cheese_plain(seat, SAP_RUN_CHEESE);
                    self.events.push(Event::Note(format!("the sap run brings {gained} cheese")));
                }
                self.send_home(side);
            }
            _ => self.send_home(side),
        }
        self.fin_at = Some((at + 1, false));
        self.after_kind(at);
        true
    }

    /// Rescue: bird `b` comes back to its side's nest with its pilot's
    /// bonus life in wounds, nothing else on it (TF-R17).
    pub(super) fn rescue(&mut self, seat: Seat, b: Fig) {
        self.fin = None;
        let side = side_of_seat(seat);
        let nest = Self::nest_space(side);
        let unit = unit_of(b);
        let bonus = self.pilot_card(unit).map_or(0, |p| p.bonus_life);
        let fig = &mut self.figures[usize::from(b)];
        fig.place = Place::Space(nest);
        fig.wounds = bonus;
        fig.on_fire = false;
        fig.immobilized = false;
        if let Some(i) = bird_index(b) {
            let at = field().spaces[usize::from(nest)].perch;
            self.birds[i] = Bird {
                pose: Pose { at, heading: Heading::toward(at, field().axis) },
                tilt: Tilt::Centre,
                rattled: false,
                launching: false,
                passenger: None,
            };
        }
        self.events.push(Event::Note(format!(
            "{} comes back to the nest",
            BIRDS[UNIT_DEFS[unit].bird.map_or(0, |x| x.0)].name
        )));
    }

    pub(super) fn gain_cheese_plain(&mut self, seat: Seat, n: u8) -> u8 {
        let before = self.cheese[seat.index()];
        self.cheese[seat.index()] = (before + n).min(CHEESE_MAX);
        self.cheese[seat.index()] - before
    }

    /// After the last seat of the intercept kind: intercept figures go home.
    pub(super) fn after_kind(&mut self, at: u8) {
        if at == 3 {
            for seat in [self.first, other(self.first)] {
                if self.cards[seat.index()].is_some_and(|c| c.kind == Some(MissionKind::Intercept)) {
                    self.send_home(side_of_seat(seat));
                }
            }
        }
    }

    pub(super) fn end_round(&mut self) {
        for side in [Alliance::Mice, Alliance::Rats] {
            self.send_home(side);
        }
        // The missions are resolved and their cards are gone: no card
        // stops the leaves' drift (TF-R26, ruling of 2026-11-27).
        self.cards = [None; 2];
        // Drifting leaves move again, after the missions (TF-R26).
        self.drift_again();
        // Resetting the battlefield (TF-R24).
        self.turn_feathers();
        // Refresh: played cards back to the hands (TF-R27); ballistas
        // ready again (TF-R28).
        self.refresh_hands();
        self.ready_ballistas();
        self.new_card_turn();
        self.activated = [false; UNITS];
        self.pick = [Secret::Open; 2];
        self.sent = [false; 2];
        self.tilted = [false; 5];
        self.sending = None;
        self.fin = None;
        self.fin_at = None;
        if self.round >= field().round_limit {
            let (m, r) = (self.nest[0], self.nest[1]);
            let winners = match m.cmp(&r) {
                std::cmp::Ordering::Greater => vec![Seat(0)],
                std::cmp::Ordering::Less => vec![Seat(1)],
                std::cmp::Ordering::Equal => Vec::new(),
            };
            let reason = match winners.first() {
                Some(&w) => format!(
                    "The round limit: the {} nest has more life left ({} to {})",
                    side_name(side_of_seat(w)).to_lowercase(),
                    m.max(r),
                    m.min(r)
                ),
                None => format!("The round limit: both nests have {m} life left, a draw"),
            };
            self.outcome = Some(Outcome { winners, scores: vec![i32::from(m), i32::from(r)], reason });
            self.phase = Phase::Over;
            return;
        }
        self.round += 1;
        self.phase = Phase::Mission;
    }
}
