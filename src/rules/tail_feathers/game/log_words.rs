//! Log words: how figures, spaces, targets, flights and events are named in
//! the log and the status line.

#![allow(clippy::wildcard_imports, reason = "a chapter of the game module: it shares the module's state and imports")]

use super::*;

/// Something that happened in the last action, for the log.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Event {
    /// Dice rolled.
    Rolled {
        /// Whose.
        seat: Seat,
        /// What for.
        what: std::borrow::Cow<'static, str>,
        /// The faces.
        faces: Vec<Face>,
    },
    /// Hits counted.
    Hits(u8),
    /// Blocks rolled by a target.
    Blocks(Target, u8),
    /// Wounds dealt.
    Wounds(Target, u8),
    /// A figure defeated.
    Defeated(Fig),
    /// A nest destroyed.
    NestDestroyed(Alliance),
    /// Cheese gained.
    Cheese(Seat, u8),
    /// A pilot rattled.
    Rattled(Fig),
    /// Set on fire / put out.
    Fire(Target, bool),
    /// Immobilized.
    Immobilized(Fig),
    /// A mission revealed.
    Revealed(Alliance, MissionKind),
    /// Initiative totals and the first player.
    Initiative(u32, u32, Seat),
    /// A flight stopped by a trunk.
    Crashed(Fig),
    /// A flight shortened so as not to end on a flying bird.
    Truncated(Fig, usize),
    /// A bird flew off the battlefield.
    Off(Fig),
    /// Figures sent home.
    Home(Alliance, u8),
    /// Text.
    Note(String),
}

/// A figure's name for the log ("the Swallow", "a Thistle Guard").
#[must_use]
pub fn figure_name(f: Fig) -> String {
    let d = &UNIT_DEFS[unit_of(f)];
    match (d.bird, d.ground) {
        (Some((b, _)), _) => format!("the {}", BIRDS[b].name),
        (None, Some(g)) if GROUND[g].squad > 1 => format!("a {} rat", GROUND[g].name)
            .replace(" rat", if d.side == Alliance::Mice { " mouse" } else { " rat" }),
        (None, Some(g)) => GROUND[g].name.to_string(),
        _ => format!("figure {f}"),
    }
}

/// A unit's name.
#[must_use]
pub fn unit_name(u: usize) -> String {
    let d = &UNIT_DEFS[u];
    match (d.bird, d.ground) {
        (Some((b, _)), _) => BIRDS[b].name.to_string(),
        (None, Some(g)) => GROUND[g].name.to_string(),
        _ => format!("unit {u}"),
    }
}

/// A space's name ("the Old Beech, space 3", "the mice nest").
#[must_use]
pub fn space_name(s: u8) -> String {
    let su = usize::from(s);
    if let Some(k) = su.checked_sub(field().spaces.len()).filter(|&k| k < field().connections.len()) {
        return super::leaves::leaf_name(k);
    }
    if let Some(side) = field().spaces.get(su).and_then(|sp| sp.nest) {
        return format!("the {} nest", side_name(side).to_lowercase());
    }
    for t in &field().trees {
        if let Some(k) = t.spaces.iter().position(|&x| x == su) {
            let name = t.name.split(": ").last().unwrap_or(t.name);
            return format!("{name}, space {}", k + 1);
        }
    }
    format!("space {s}")
}

/// A target in words.
#[must_use]
pub fn target_name(t: Target) -> String {
    match t {
        Target::Figure(f) => figure_name(f),
        Target::Nest(side) => format!("the {} nest", side_name(side).to_lowercase()),
        Target::Mission(side) => format!("the {} mission", side_name(side).to_lowercase()),
        Target::Space(s) => space_name(s),
        Target::Ballista(side) => format!("the {} ballista", side_name(side).to_lowercase()),
    }
}

pub(super) fn lengths_words(list: &[Length]) -> String {
    list.iter()
        .map(|l| match l {
            Length::Short => "short",
            Length::Long => "long",
        })
        .collect::<Vec<_>>()
        .join(", ")
}

pub(super) fn tilt_word(t: Tilt) -> &'static str {
    match t {
        Tilt::Left => "left",
        Tilt::Centre => "centre",
        Tilt::Right => "right",
    }
}

pub(super) fn faces_words(faces: &[Face]) -> String {
    faces
        .iter()
        .map(|f| {
            let sym = match f.symbol() {
                dice::Symbol::Cheese => "cheese",
                dice::Symbol::Sword => "sword",
                dice::Symbol::SwordShield => "sword+shield",
                dice::Symbol::Bow => "bow",
            };
            format!("{} {}{}", f.number(), sym, if f.star() { " (star)" } else { "" })
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// An event in words, for the log.
#[must_use]
pub fn event_words(e: &Event) -> String {
    match e {
        Event::Rolled { seat, what, faces } => {
            format!("{} roll {what}: {}", side_name(side_of_seat(*seat)), faces_words(faces))
        }
        Event::Hits(n) => words::count(usize::from(*n), "hit"),
        Event::Blocks(t, n) => format!("{} blocks {n}", target_name(*t)),
        Event::Wounds(t, n) => format!("{} takes {}", target_name(*t), words::count(usize::from(*n), "wound")),
        Event::Defeated(f) => format!("{} is defeated", figure_name(*f)),
        Event::NestDestroyed(side) => format!("the {} nest is destroyed", side_name(*side).to_lowercase()),
        Event::Cheese(seat, n) => format!("{} gain {n} cheese", side_name(side_of_seat(*seat))),
        Event::Rattled(f) => format!("{}'s pilot is rattled", figure_name(*f)),
        Event::Fire(t, true) => format!("{} catches fire", target_name(*t)),
        Event::Fire(t, false) => format!("the fire on {} goes out", target_name(*t)),
        Event::Immobilized(f) => format!("{} is knocked down (immobilized)", figure_name(*f)),
        Event::Revealed(side, k) => {
            format!("the {} mission is revealed: {}", side_name(*side).to_lowercase(), kind_name(*k))
        }
        Event::Initiative(m, r, w) => {
            format!("initiative: Mice {m}, Rats {r}; {} go first", side_name(side_of_seat(*w)))
        }
        Event::Crashed(f) => format!("{} hits a trunk and turns back", figure_name(*f)),
        Event::Truncated(f, n) => {
            format!(
                "{}'s flight stops after {} so as not to end on a bird",
                figure_name(*f),
                words::count(*n, "template")
            )
        }
        Event::Off(f) => format!("{} flies off the battlefield", figure_name(*f)),
        Event::Home(side, n) => match (n, side) {
            (1, Alliance::Mice) => "a mouse figure goes home".to_string(),
            (1, Alliance::Rats) => "a rat figure goes home".to_string(),
            (n, side) => format!("{n} {} figures go home", side_name(*side).to_lowercase()),
        },
        Event::Note(s) => s.clone(),
    }
}

/// A mission type's name.
#[must_use]
pub fn kind_name(k: MissionKind) -> &'static str {
    match k {
        MissionKind::Decoy => "decoy",
        MissionKind::Intercept => "intercept",
        MissionKind::Siege => "siege",
        MissionKind::Patrol => "patrol",
        MissionKind::Rescue => "rescue",
        MissionKind::Special => "sap run",
    }
}

impl TailFeathers {
    /// A tilt set after a piloting check: one the bird already has is kept
    /// ("turn to right tilt" for a bird at right tilt read as a wrong button).
    fn set_tilt_words(&self, who: &str, t: Tilt) -> String {
        let bird = figure_name(self.active_bird());
        if self.bird(self.active_bird()).is_some_and(|b| b.tilt == t) {
            format!("{who} keep {bird} at {} tilt", tilt_word(t))
        } else {
            format!("{who} turn {bird} to {} tilt", tilt_word(t))
        }
    }

    /// What [`Game::describe`] answers.
    pub(super) fn describe_action(&self, a: &Action) -> String {
        let seat = self.seat_now();
        let who = side_name(side_of_seat(seat));
        let bird = || figure_name(self.active_bird());
        match a {
            &Action::Deploy { figure, space } => {
                format!("{who} deploy {} in {}", figure_name(figure), space_name(space))
            }
            Action::Mission(_) => format!("{who} choose a mission card in secret"),
            &Action::PlaceMission(s) => format!("{who} lay a mission card face down (spot {})", s + 1),
            &Action::Send(f) => format!("{who} send {} on the mission", figure_name(f)),
            Action::Done => match (&self.phase, self.activation.as_ref().map(|a| &a.step)) {
                (Phase::Mission, _) => format!("{who} are done sending figures"),
                (_, Some(Step::Moves)) => format!("{who} end the moves"),
                (_, Some(Step::Forage)) => format!("{who} end the forage with the figures chosen"),
                (_, Some(Step::Acts)) => format!("{who} end the activation"),
                (_, Some(Step::Douse)) => format!("{who} leave the fire"),
                _ => format!("{who} do not revive"),
            },
            &Action::Tilt { bird, tilt } => format!("{who} set {} to {} tilt", figure_name(bird), tilt_word(tilt)),
            &Action::Launch { bird, heading, .. } => {
                format!("{who} launch {} facing {}°", figure_name(bird), Heading(heading).degrees())
            }
            &Action::Stay(b) => format!("{who} keep {} perched", figure_name(b)),
            Action::Bid(_) => format!("{who} bid for initiative in secret"),
            Action::RollInitiative => "The bids are revealed and initiative is rolled".into(),
            Action::Pass => format!("{who} have nothing left to activate and pass"),
            &Action::Activate(u) => format!("{who} activate {}", unit_name(usize::from(u))),
            Action::PilotingCheck => format!("{who}: piloting check for {}", bird()),
            &Action::SetTilt(t) => self.set_tilt_words(who, t),
            &Action::PickUp(f) => format!("{who}: {} picks up {}", bird(), figure_name(f)),
            Action::Fly(list) => format!("{who}: {} flies {}", bird(), lengths_words(list)),
            Action::Perch => {
                format!("{who}: {} perches in {}", bird(), self.current_space().map_or_else(String::new, space_name))
            }
            Action::Swoop => {
                let at = match self.walking().and_then(|w| w.1) {
                    Some(Crossing::Space(s)) => space_name(s),
                    Some(Crossing::Mission(m)) => target_name(Target::Mission(m)),
                    _ => String::new(),
                };
                format!("{who}: {} swoops at {at}", bird())
            }
            Action::DropOff => format!(
                "{who}: {} drops its passenger in {}",
                bird(),
                self.current_space().map_or_else(String::new, space_name)
            ),
            Action::Continue => format!("{who}: {} flies on", bird()),
            &Action::Unload(to) => match to {
                Some(s) => format!("{who}: the passenger climbs down to {}", space_name(s)),
                None => format!("{who}: the passenger is lost"),
            },
            &Action::Move { figure, to } => format!("{who} move {} to {}", figure_name(figure), space_name(to)),
            &Action::Hold(f) => format!("{who} activate {} where it stands", figure_name(f)),
            Action::Forage => format!("{who} forage with the {}", unit_name(self.active_unit().unwrap_or(0))),
            &Action::CutLoose { figure, toward } => {
                format!("{who}: {} cuts its leaf loose toward {}", figure_name(figure), space_name(toward))
            }
            &Action::Stand(f) => format!("{who}: {} stands up", figure_name(f)),
            &Action::Scurry { figure, to } => format!("{who}: {} scurries to {}", figure_name(figure), space_name(to)),
            &Action::Strike { figure, target } => {
                format!("{who}: {} attacks {} in melee", figure_name(figure), target_name(target))
            }
            &Action::Shoot { figure, target } => {
                format!("{who}: {} shoots at {}", figure_name(figure), target_name(target))
            }
            &Action::Reroll(n) => format!("{who} re-roll {n} cheese"),
            &Action::AssignHit(t) => format!("{who} give a hit to {}", target_name(t)),
            &Action::Douse(f) => format!("{who}: {} tries to douse the nest", figure_name(f)),
            &Action::Revive(r) => match r {
                Revival::Hero => format!("{who} spend 6 cheese to revive their hero"),
                Revival::Squad(n) => {
                    format!("{who} spend 6 cheese to revive {}", words::count(usize::from(n), "squad figure"))
                }
            },
            Action::FinalPhase => format!("Round {}: the final phase", self.round),
            &Action::Siege(t) => match field().trees[usize::from(t)].home {
                Some(side) => {
                    format!("{who} besiege {}, the {} home tree", tree_name(t), side_name(side).to_lowercase())
                }
                None => format!("{who} besiege {}", tree_name(t)),
            },
            &Action::SiegeTo(s) => format!("{who} land a besieger in {}", space_name(s)),
            &Action::Patrol(f) => format!("{who}'s patrol shoots at {}", figure_name(f)),
            &Action::Rescue(f) => format!("{who} rescue {}", figure_name(f)),
            Action::Pick(_) => format!("{who} pick an action card in secret"),
            &Action::Play(p) if self.window.is_some() => {
                let _ = p;
                format!("{who} choose a card or none, in secret")
            }
            &Action::Play(p) => super::action_cards::play_words(seat, p),
            Action::NoCard => format!("{who} choose a card or none, in secret"),
            &Action::First(s) => {
                format!("{who} let the {} card resolve first", side_name(side_of_seat(Seat(s))).to_lowercase())
            }
            &Action::Loose(t) => format!("{who} activate their ballista: a bolt at {}", target_name(t)),
            &Action::PatrolLeaf(s) => format!("{who}'s patrol shoots at the figures on {}", space_name(s)),
            Action::Idle => format!("{who} activate their ballista: nothing in range, it does nothing"),
        }
    }

    /// What [`Game::status`] answers.
    pub(super) fn status_line(&self) -> String {
        if let Some(o) = &self.outcome {
            return o.reason.clone();
        }
        let who = |s: Seat| side_name(side_of_seat(s));
        let phase = match self.phase {
            Phase::Deploy => "Deployment",
            Phase::Mission => "Mission",
            Phase::Tilt => "Tilt",
            Phase::Activation => "Activation",
            Phase::Final => "Final",
            Phase::Over => "Over",
        };
        if let Some((s, _, n)) = self.battle.as_ref().and_then(|b| b.reroll) {
            return format!(
                "Round {} · {phase} · {} may re-roll up to {n} excess cheese in the death spiral",
                self.round,
                who(s)
            );
        }
        if let Some(w) = &self.window {
            let task = if w.first.is_none() && w.picks.contains(&Some(Secret::Open)) {
                format!("{} may answer the attack with a card, in secret", who(self.seat_now()))
            } else {
                format!("{} choose which card resolves first", who(self.seat_now()))
            };
            return format!("Round {} · {phase} · {task}", self.round);
        }
        if let Some(seat) = self.hand_picker() {
            // (No count of the cards taken so far: the table's own count
            // of the cards chosen stood beside it, "7 of 7 chosen" by
            // "(0 of 7)", as no card is taken until the hand is.)
            let n = crate::rules::tail_feathers::cards::HAND - self.hands[seat.index()].cards.len();
            return format!(
                "Round {} · {phase} · {} to pick {} in secret",
                self.round,
                who(seat),
                words::count(n, "action card")
            );
        }
        if let Some(c) = &self.combat {
            let task = match c.reroll {
                Some((s, n)) => format!("{} may re-roll up to {n} excess cheese", who(s)),
                None => format!(
                    "{} to give {} more",
                    who(c.attacker),
                    words::count(usize::from(c.hits - c.assigned_total()), "hit")
                ),
            };
            return format!("Round {} · {phase} · {task}", self.round);
        }
        let task = match self.decider() {
            ToMove::Seat(s) => {
                let what = match self.phase {
                    Phase::Deploy => self
                        .deploying_seat()
                        .map(|(_, f)| format!("deploy {} on the home tree", figure_name(f)))
                        .unwrap_or_default(),
                    Phase::Mission if self.chooser().is_some() => "choose a mission in secret".into(),
                    Phase::Mission if self.placing_seat().is_some() => "lay the mission card".into(),
                    Phase::Mission => "send figures on the mission".into(),
                    Phase::Tilt => {
                        self.tilting().map(|(_, f)| format!("tilt or launch {}", figure_name(f))).unwrap_or_default()
                    }
                    Phase::Activation if self.bidder().is_some() => "bid for initiative in secret".into(),
                    Phase::Activation => match self.activation.as_ref().map(|a| &a.step) {
                        None => "activate a unit".into(),
                        Some(Step::Check) => {
                            format!("fly {} (piloting check first if wished)", figure_name(self.active_bird()))
                        }
                        Some(Step::SetTilt) => "set the tilt".into(),
                        Some(Step::Fly) => format!("announce {}'s flight", figure_name(self.active_bird())),
                        Some(Step::Walk(_)) => "decide at this crossing".into(),
                        Some(Step::Unload) => "put the passenger down".into(),
                        Some(Step::Moves) => "move the activated figures".into(),
                        Some(Step::Forage) => "choose which figures forage".into(),
                        Some(Step::Acts) => "attack or scurry".into(),
                        Some(Step::Douse) => "douse the nest?".into(),
                        Some(Step::Revive) => "revive?".into(),
                    },
                    Phase::Final => match self.fin {
                        Some(Final::Mission(MissionKind::Siege, _)) => "choose the tree to besiege".into(),
                        Some(Final::SiegeOn(..)) => "place the besiegers".into(),
                        Some(Final::Mission(MissionKind::Patrol, _)) => "choose the patrol's target".into(),
                        Some(Final::Mission(MissionKind::Rescue, _)) => "choose the bird to rescue".into(),
                        _ => String::new(),
                    },
                    Phase::Over => String::new(),
                };
                format!("{} to {what}", who(s))
            }
            _ => "the dice".into(),
        };
        format!("Round {} · {phase} · {task}", self.round)
    }
}
