//! Refusals: which rule forbids a decision, and why, in words a player
//! understands.

#![allow(clippy::wildcard_imports, reason = "a chapter of the game module: it shares the module's state and imports")]

use super::*;
use crate::rules::tail_feathers::cards::{CardId, card, requirement_words};

impl TailFeathers {
    /// Why `action` is refused here, with its rule.
    #[allow(clippy::too_many_lines, reason = "one arm per action, like the rulebook's order")]
    pub(super) fn refusal(&self, a: &Action) -> RuleViolation {
        if let Some(v) = self.absent_refusal(a) {
            return v;
        }
        // Action cards, structures and what they bring in (TF-R27, TF-R28,
        // TF-R22).
        match *a {
            Action::Play(p) => return self.play_refusal(p),
            Action::Pick(_) | Action::NoCard | Action::First(_) => return self.window_refusal(a),
            Action::Loose(t) => return self.loose_refusal(t),
            Action::Idle => return self.idle_refusal(),
            _ if self.window.is_some() => return self.window_refusal(a),
            Action::PatrolLeaf(s) => return self.patrol_leaf_refusal(s),
            _ => {}
        }
        if let Some(v) = self.step_refusal(a) {
            return v;
        }
        // A figure moved whose unit is not being activated: that, not the
        // way there, is why (a new player was told the space was out of
        // reach).
        if let &Action::Move { figure, .. } = a
            && usize::from(figure) < FIGURES
            && self.phase == Phase::Activation
            && self.combat.is_none()
            && self.activation.as_ref().is_none_or(|act| usize::from(act.unit) != unit_of(figure))
        {
            return RuleViolation::new(
                "TF-R5",
                format!(
                    "{} is not being activated: a figure moves only in its own unit's activation",
                    unit_name(unit_of(figure))
                ),
            );
        }
        if let &Action::Strike { figure, target } | &Action::Shoot { figure, target } = a
            && let Some(v) = self.spiral_refusal(figure, target).or_else(|| self.attack_turn_refusal(figure))
        {
            return v;
        }
        if let &Action::Patrol(f) = a
            && matches!(self.fin, Some(Final::Mission(MissionKind::Patrol, _)))
            && let Some(v) = self.spiral_refusal(u8::MAX, Target::Figure(f))
        {
            return v;
        }
        let rule = match a {
            Action::Deploy { .. } => "TF-R21",
            Action::Mission(_) | Action::PlaceMission(_) | Action::Send(_) => "TF-R2",
            Action::Tilt { .. } | Action::Launch { .. } | Action::Stay(_) => "TF-R3",
            Action::Bid(_) | Action::RollInitiative => "TF-R4",
            Action::Pass | Action::Activate(_) => "TF-R5",
            Action::Move { .. } | Action::Scurry { .. } | Action::Hold(_) => "TF-R7",
            Action::Stand(_) | Action::Douse(_) => "TF-R18",
            Action::Forage => "TF-R23",
            Action::CutLoose { .. } | Action::PatrolLeaf(_) => "TF-R26",
            Action::PilotingCheck | Action::SetTilt(_) | Action::Fly(_) | Action::Perch | Action::Continue => "TF-R9",
            Action::PickUp(_) | Action::DropOff | Action::Unload(_) => "TF-R10",
            Action::Strike { .. } | Action::Shoot { .. } => "TF-R11",
            Action::Reroll(_) => "TF-R13",
            Action::Swoop => "TF-R14",
            Action::AssignHit(_) => "TF-R15",
            Action::Revive(_) => "TF-R16",
            Action::Done
            | Action::FinalPhase
            | Action::Siege(_)
            | Action::SiegeTo(_)
            | Action::Patrol(_)
            | Action::Rescue(_) => "TF-R17",
            Action::Pick(_) | Action::Play(_) | Action::NoCard | Action::First(_) => "TF-R27",
            Action::Loose(_) | Action::Idle => "TF-R28",
        };
        let owed = self.status();
        let reason = match a {
            &Action::Move { figure, to } | &Action::Scurry { figure, to } => self.move_refusal(figure, to),
            &Action::Strike { figure, target } => self.attack_refusal(figure, target, false),
            &Action::Shoot { figure, target } => self.attack_refusal(figure, target, true),
            &Action::Activate(u) if usize::from(u) < UNITS && self.activated[usize::from(u)] => {
                format!("{} has already been activated this round", unit_name(usize::from(u)))
            }
            Action::Fly(list) if list.len() < 2 => "a flight lays at least 2 templates".to_string(),
            Action::Fly(list) => match self.active_unit() {
                Some(u) if list.len() > Self::max_templates(u) => {
                    format!("{} may lay at most {} templates", unit_name(u), Self::max_templates(u))
                }
                Some(_) => "at most 3 regular templates of each length exist".to_string(),
                None => format!("not now: {owed}"),
            },
            &Action::Deploy { figure, space } => {
                let side = Self::side(figure);
                let home = field().trees.iter().position(|t| t.home == Some(side)).map_or_else(String::new, |t| tree_name(t as u8));
                let on_home = field()
                    .trees
                    .iter()
                    .any(|t| t.home == Some(side) && t.spaces.contains(&usize::from(space)));
                if on_home {
                    format!(
                        "{} cannot deploy in {}: no room for it there (one large figure or four small to a space, birds not in the nest)",
                        figure_name(figure),
                        space_name(space)
                    )
                } else {
                    format!(
                        "{} cannot deploy in {}: the {} deploy on their home tree, {home}",
                        figure_name(figure),
                        space_name(space),
                        side_name(side).to_lowercase()
                    )
                }
            }
            &Action::PlaceMission(spot) => match self.placing_seat() {
                Some(_) if !USABLE_SPOTS.contains(&usize::from(spot)) => format!(
                    "spot {} is not within {CLOSE_RANGE}\" of the axis marker clear of the trees",
                    spot + 1
                ),
                Some(seat) => match self.spot_blocker(seat, usize::from(spot)) {
                    Some(what) => format!("a mission card touches nothing: spot {} would touch {what}", spot + 1),
                    None => format!("not now: {owed}"),
                },
                None => format!("not now: {owed}"),
            },
            Action::Forage => self.forage_refusal(),
            Action::Pass => self.pass_refusal(),
            &Action::CutLoose { figure, toward } => self.cut_refusal(figure, toward),
            Action::Perch => "a bird that began its turn perched cannot perch, and a space must be empty for a bird".into(),
            Action::Swoop => "one swoop an activation, at enemy figures, an enemy nest or mission not touching the base when it began".into(),
            _ => format!("not now: {owed}"),
        };
        RuleViolation::new(rule, reason)
    }

    /// Refusals that follow from where the round or the activation is
    /// rather than from the action's own ruling: a mission box left empty
    /// (TF-R2), a bird that must fly (TF-R3, TF-R9), the squad value
    /// (TF-R5), moves before attacks and one scurry or attack (TF-R6), a
    /// perched bird (TF-R8), a figure lying down (TF-R18).
    pub(super) fn step_refusal(&self, a: &Action) -> Option<RuleViolation> {
        if self.phase == Phase::Mission && *a == Action::Done {
            return Some(RuleViolation::new("TF-R2", "send at least one figure on the mission"));
        }
        let act = self.activation.as_ref().filter(|_| self.combat.is_none())?;
        let unit = usize::from(act.unit);
        let mine = |f: Fig| usize::from(f) < FIGURES && unit_of(f) == unit;
        let squad = UNIT_DEFS[unit].ground.map_or(1, |g| GROUND[g].squad);
        let bird = UNIT_DEFS[unit].bird.map(|_| UNIT_DEFS[unit].first);
        let v = |rule: &'static str, why: String| Some(RuleViolation::new(rule, why));
        match (a, &act.step) {
            (Action::Done, Step::Check | Step::SetTilt | Step::Fly) if act.began_perched => {
                v("TF-R3", format!("{} launched this round: it must fly", unit_name(unit)))
            }
            (Action::Done, Step::Check | Step::SetTilt | Step::Fly | Step::Walk(_)) => {
                v("TF-R9", format!("{} is in the air: it must fly", unit_name(unit)))
            }
            (&Action::Move { figure, .. } | &Action::Hold(figure), _)
                if mine(figure) && self.figures[usize::from(figure)].immobilized =>
            {
                v("TF-R18", format!("{} lies down: it spends its activation standing up", figure_name(figure)))
            }
            (&Action::Move { figure, .. } | &Action::Hold(figure), _)
                if mine(figure) && !act.figures.contains(&figure) && act.figures.len() >= usize::from(squad) =>
            {
                v("TF-R5", format!("{} activates at most {squad} figures at a time", unit_name(unit)))
            }
            (
                Action::Move { .. }
                | Action::Stand(_)
                | Action::Scurry { .. }
                | Action::Strike { .. }
                | Action::Shoot { .. }
                | Action::CutLoose { .. },
                Step::Forage,
            ) => v(
                "TF-R23",
                format!(
                    "the {} forages: its figures do nothing else; choose which of them are activated (at most {squad})",
                    unit_name(unit)
                ),
            ),
            (
                &Action::Strike { figure, .. } | &Action::Shoot { figure, .. } | &Action::Scurry { figure, .. },
                Step::Moves,
            ) if mine(figure) => v("TF-R6", "every activated figure moves first; then each scurries or attacks".into()),
            (&Action::Strike { figure, .. } | &Action::Shoot { figure, .. } | &Action::Scurry { figure, .. }, _)
                if mine(figure) && act.acted.contains(&figure) =>
            {
                v("TF-R6", format!("{} has already scurried, attacked or stood up", figure_name(figure)))
            }
            (Action::Fly(_) | Action::Move { .. } | Action::Scurry { .. }, Step::Acts)
                if bird.is_some_and(|b| matches!(self.figures[usize::from(b)].place, Place::Space(_))) =>
            {
                v("TF-R8", format!("{} is perched: it does not fly, move or scurry now", unit_name(unit)))
            }
            _ => None,
        }
    }

    /// Why figure `f` may not attack at all just now, whatever the target:
    /// no activation of its unit under way (TF-R5), a figure of the unit
    /// that was not activated, or a bird that swooped (TF-R14). `None` when
    /// it is the figure's moment to attack.
    pub(super) fn attack_turn_refusal(&self, f: Fig) -> Option<RuleViolation> {
        let v = |rule: &'static str, why: String| Some(RuleViolation::new(rule, why));
        if self.combat.is_some() {
            return v("TF-R15", "an attack is being resolved: finish it first".into());
        }
        let unit = unit_of(f);
        let Some(act) = self.activation.as_ref().filter(|a| usize::from(a.unit) == unit) else {
            return match self.active_unit() {
                Some(u) => v("TF-R5", format!("{} is being activated, not {}", unit_name(u), unit_name(unit))),
                None if self.phase == Phase::Activation && self.activated[unit] => {
                    v("TF-R5", format!("{}'s activation is over: a unit activates once a round", unit_name(unit)))
                }
                None if self.phase == Phase::Activation => {
                    v("TF-R5", format!("{} is not activated: activate it first", unit_name(unit)))
                }
                None => v("TF-R5", format!("attacks are made in the activation phase, not now: {}", self.status())),
            };
        };
        if !act.figures.contains(&f) {
            return v("TF-R5", format!("{} was not activated this turn", figure_name(f)));
        }
        if act.swooped {
            return v("TF-R14", format!("{} swooped: a swoop is its attack this activation", figure_name(f)));
        }
        None
    }

    pub(super) fn move_refusal(&self, f: Fig, to: u8) -> String {
        let fig = &self.figures[usize::from(f)];
        let Place::Space(from) = fig.place else { return format!("{} is not in a tree", figure_name(f)) };
        let mover = Occupant::figure(Self::side(f), Self::size(f));
        let mut here = self.occupants(usize::from(from), Some(f));
        here.push(mover);
        if !trees::may_leave(mover, &here) {
            return format!("{} cannot leave {}: enemies outnumber friends there", figure_name(f), space_name(from));
        }
        let tu = usize::from(to);
        if tu < self.space_count() && !self.space_room(tu, &self.occupants(tu, Some(f)), mover.size) {
            if self.leaf_at(tu).is_some() {
                return format!("{} has no room (a leaf holds three small figures, never a large one)", space_name(to));
            }
            return format!("{} is full (four small figures or one large)", space_name(to));
        }
        let card = UNIT_DEFS[unit_of(f)].ground.map_or(0, |g| GROUND[g].movement);
        format!(
            "{} cannot reach {} with {card} steps through spaces it could stop in (a small figure stops where it meets an enemy; trunks are solid)",
            figure_name(f),
            space_name(to)
        )
    }

    pub(super) fn attack_refusal(&self, f: Fig, t: Target, ranged: bool) -> String {
        let (melee, shoot) = self.attack_values(f);
        if (ranged && shoot == 0) || (!ranged && melee == 0) {
            return format!("{} has no {} attack now", figure_name(f), if ranged { "ranged" } else { "melee" });
        }
        match self.measure(f, t) {
            Some((d, sight)) if ranged => {
                if d > RANGED_RANGE {
                    format!("{} is {d:.1}\" away, beyond ranged range ({RANGED_RANGE}\")", target_name(t))
                } else if sight.is_none() {
                    format!("no clear sight to {}: a trunk or a flying bird is in the way", target_name(t))
                } else if self.shares_space_with_enemies(f) {
                    "a figure sharing its space with enemies may shoot only at them".to_string()
                } else {
                    format!("{} cannot be shot at", target_name(t))
                }
            }
            Some((d, _)) => format!(
                "melee needs an adjacent ground target (or, flying, a flying bird within {CLOSE_RANGE}\"); {} is {d:.1}\" away",
                target_name(t)
            ),
            None => format!("{} is not on the battlefield", target_name(t)),
        }
    }

    /// True when figure `f` stands in a space with an enemy figure.
    pub(super) fn shares_space_with_enemies(&self, f: Fig) -> bool {
        match self.figures[usize::from(f)].place {
            Place::Space(s) => self.in_space(s).iter().any(|&e| Self::side(e) != Self::side(f)),
            _ => false,
        }
    }

    pub(super) fn validate_fig(f: Fig) -> Result<(), String> {
        if usize::from(f) < FIGURES { Ok(()) } else { Err(format!("there is no figure {f}")) }
    }

    pub(super) fn validate_target(t: Target) -> Result<(), String> {
        match t {
            Target::Figure(f) => Self::validate_fig(f),
            Target::Space(s) if usize::from(s) >= Self::most_spaces() => Err(format!("there is no space {s}")),
            _ => Ok(()),
        }
    }
}

impl TailFeathers {
    /// The most spaces a game can have: the battlefield's and every leaf.
    fn most_spaces() -> usize {
        field().spaces.len() + field().connections.len()
    }

    /// Why figure `f` may not cut its leaf loose toward `toward` (TF-R26).
    fn cut_refusal(&self, f: Fig, toward: u8) -> String {
        if let Some(why) = self.cut_blocker(f) {
            return why;
        }
        let Place::Space(s) = self.figures[usize::from(f)].place else { return String::new() };
        let from = self.leaf_at(usize::from(s)).map(leaf_tree);
        match leaves::tree_of(usize::from(toward)) {
            Some(t) if Some(t) == from => {
                format!("a leaf is pointed at another tree: {} is on the tree it hangs from", space_name(toward))
            }
            _ => format!("{} is not a space of a tree", space_name(toward)),
        }
    }

    /// What [`Game::validate`] answers.
    pub(super) fn validate_action(a: &Action) -> Result<(), String> {
        let spaces = Self::most_spaces();
        let space = |s: u8| if usize::from(s) < spaces { Ok(()) } else { Err(format!("there is no space {s}")) };
        match a {
            &Action::Deploy { figure, space: s }
            | &Action::Move { figure, to: s }
            | &Action::Scurry { figure, to: s } => {
                Self::validate_fig(figure)?;
                space(s)
            }
            &Action::PlaceMission(s) if usize::from(s) >= field().mission_spots.len() => {
                Err(format!("there is no mission spot {s}"))
            }
            &Action::CutLoose { figure, toward } => {
                Self::validate_fig(figure)?;
                if usize::from(toward) < field().spaces.len() {
                    Ok(())
                } else {
                    Err(format!("there is no tree space {toward}"))
                }
            }
            &Action::Send(f)
            | &Action::Stay(f)
            | &Action::PickUp(f)
            | &Action::Hold(f)
            | &Action::Stand(f)
            | &Action::Douse(f)
            | &Action::Patrol(f)
            | &Action::Rescue(f)
            | &Action::Tilt { bird: f, .. } => Self::validate_fig(f),
            &Action::Launch { bird, heading, point } => {
                Self::validate_fig(bird)?;
                if heading >= HEADINGS || point >= 5 {
                    return Err(format!("there is no launch heading {heading} / point {point}"));
                }
                Ok(())
            }
            &Action::Activate(u) if usize::from(u) >= UNITS => Err(format!("there is no unit {u}")),
            Action::Fly(list) if list.len() > 8 => Err("a flight of more than 8 templates".into()),
            &Action::Strike { figure, target } | &Action::Shoot { figure, target } => {
                Self::validate_fig(figure)?;
                Self::validate_target(target)
            }
            &Action::AssignHit(t) | &Action::Loose(t) => Self::validate_target(t),
            &Action::Pick(c) if usize::from(c) >= crate::rules::tail_feathers::cards::CARD_COUNT => {
                Err(format!("there is no action card {c}"))
            }
            &Action::Play(p) => {
                if usize::from(p.card) >= crate::rules::tail_feathers::cards::CARD_COUNT {
                    return Err(format!("there is no action card {}", p.card));
                }
                Self::validate_fig(p.figure)?;
                match p.aim {
                    Aim::Figure(f) => Self::validate_fig(f),
                    Aim::Turn(t) if !(-12..=12).contains(&t) => Err(format!("a turn of {t} steps")),
                    _ => Ok(()),
                }
            }
            &Action::First(s) if s > 1 => Err(format!("there is no seat {s}")),
            &Action::Unload(Some(s)) | &Action::SiegeTo(s) | &Action::PatrolLeaf(s) => space(s),
            &Action::Siege(t) if usize::from(t) >= field().trees.len() => Err(format!("there is no tree {t}")),
            &Action::Bid(n) | &Action::Reroll(n) if n > 6 => Err(format!("{n} is too many dice")),
            _ => Ok(()),
        }
    }
}

impl TailFeathers {
    /// Why the card `c` in `seat`'s hand cannot be played now to any of
    /// its units (TF-R27), in a player's words, for the card held up in
    /// the hand; `None` when some unit may receive it.
    #[must_use]
    pub fn card_waits(&self, seat: Seat, c: CardId) -> Option<String> {
        let k = card(c);
        let side = side_name(side_of_seat(seat)).to_lowercase();
        let legal = self.legal_actions();
        if legal.iter().any(|a| matches!(a, Action::Play(p) if p.card == c)) {
            return None;
        }
        Some(if self.to_move() != ToMove::Seat(seat) {
            format!("it is not the {side}' decision")
        } else if self.hands[seat.index()].played {
            format!("the {side} have played their card this turn (one a turn)")
        } else if self.cheese[seat.index()] < k.cost {
            format!("it costs {} cheese and the wheel holds {}", k.cost, self.cheese[seat.index()])
        } else if !self.timing_open(k.timing) {
            format!("it is played {}, and now is not that moment", k.timing.words())
        } else {
            format!("no unit of the {side} can take it now (it needs {})", requirement_words(k.requires))
        })
    }
}

/// Refusals of a choice the table is still putting together, before there is
/// an action to check: the views show these, and the rule ids stay here.
pub mod half_made {
    use crate::rules::RuleViolation;
    use crate::rules::tail_feathers::cards::{CardId, HAND, card};

    /// More cards picked than a hand may hold (TF-R27).
    #[must_use]
    pub fn hand_full() -> RuleViolation {
        RuleViolation::new("TF-R27", format!("a hand holds {HAND} cards: put one back first"))
    }

    /// A card dropped beside the units rather than on one (TF-R27).
    #[must_use]
    pub fn card_off_unit(c: CardId) -> RuleViolation {
        RuleViolation::new("TF-R27", format!("drop {} on the unit that receives it (a lit figure)", card(c).name))
    }

    /// No launch position in the pointed direction clears the flying birds
    /// (TF-R3).
    #[must_use]
    pub fn no_clear_launch() -> RuleViolation {
        RuleViolation::new("TF-R3", "no launch position that way clears the flying birds")
    }

    /// A bird dropped where none of its flights ends: `who` flies, the
    /// nearest ending is `miss` inches away and `there` says what happens
    /// there (TF-R9).
    #[must_use]
    pub fn no_flight_ends_here(who: &str, miss: f64, there: &str) -> RuleViolation {
        RuleViolation::new(
            "TF-R9",
            format!("no flight of {who} ends here; the nearest ring is {miss:.1}\" away ({there})"),
        )
    }
}
