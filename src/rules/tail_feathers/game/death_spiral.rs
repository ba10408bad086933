//! Death spirals (TF-R25, an additional rule): a flight that first touches
//! an enemy flying bird, neither of them in a spiral, ends there (the
//! announced path is walked before TF-R9's truncation for ending on a
//! flying figure is worked out, so a flight aimed to end on an enemy bird
//! starts a spiral where it first touches it: ruling of 2026-11-27); the
//! template is laid against the enemy's base on the side facing the mover,
//! the mover against its far side, each facing the other, and both sides
//! roll a battle (battle value + the pilot's melee, none if rattled; swords
//! and sword-and-shields count). The higher wounds the other by the
//! difference and the spiral ends (survivors turn away from each other and
//! level out); a tie wounds each bird once and leaves them entangled, to
//! fight again when either is next activated, when a second tie sends both
//! to their casualty piles. Nobody outside a spiral may target its birds;
//! they keep their tilt through the tilt phase; a flight crossing them is
//! neither wounded nor wounding, and may not end on them.
//!
//! The designed geometry is data in `components` ([`SPIRAL_TEMPLATE`]).
//! Where the template goes is worked out on the 24 headings, so the rules
//! stay free of platform trigonometry.
//!
//! Hooks: `plan_flight` keeps the whole announced path when a spiral is met
//! on it; the walk's crossing of a flying bird asks
//! [`TailFeathers::spiral_at`] and calls [`TailFeathers::enter_spiral`];
//! `activate` calls [`TailFeathers::spiral_again`]; `targets`, patrols and
//! the tilt phase leave entangled birds out ([`TailFeathers::entangled`]);
//! `defeat` calls [`TailFeathers::leave_spiral`]; the re-roll decisions of
//! a battle go through [`TailFeathers::battle_reroll`].

#![allow(clippy::wildcard_imports, reason = "a chapter of the game module: it shares the module's state and imports")]

use super::*;
use crate::rules::tail_feathers::components::SPIRAL_TEMPLATE;
use crate::rules::tail_feathers::geometry::Polygon;

/// Two birds locked in a death spiral, and the template between them.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Spiral {
    /// The bird that flew into it, then the bird it met.
    pub birds: [Fig; 2],
    /// Where the template was laid: the centre of the met bird's base and
    /// the heading from it toward the mover.
    pub anchor: Pose,
}

impl Spiral {
    /// The distance between the two birds' centres.
    #[must_use]
    pub fn span() -> f64 {
        2.0 * BASE_RADIUS + SPIRAL_TEMPLATE.0
    }

    /// The template's outline: a bar from the met bird's base to the
    /// mover's.
    #[must_use]
    pub fn template(&self) -> Polygon {
        Self::template_at(self.anchor)
    }

    /// The template laid from a base centred at `anchor.at` toward
    /// `anchor.heading` (the preview draws one before it is laid).
    #[must_use]
    pub fn template_at(anchor: Pose) -> Polygon {
        let u = anchor.heading.unit();
        let w = u.left().scale(SPIRAL_TEMPLATE.1 / 2.0);
        let near = anchor.at.plus(u.scale(BASE_RADIUS));
        let far = anchor.at.plus(u.scale(BASE_RADIUS + SPIRAL_TEMPLATE.0));
        Polygon(vec![near.plus(w), far.plus(w), far.minus(w), near.minus(w)])
    }

    /// The mover's pose: across the template, facing the met bird.
    #[must_use]
    pub fn mover_pose(&self) -> Pose {
        Pose {
            at: self.anchor.at.plus(self.anchor.heading.unit().scale(Self::span())),
            heading: self.anchor.heading.reversed(),
        }
    }

    /// The other bird of the spiral.
    #[must_use]
    pub fn partner(&self, f: Fig) -> Fig {
        if self.birds[0] == f { self.birds[1] } else { self.birds[0] }
    }
}

/// A death-spiral battle being rolled: the dice of both birds, and the
/// re-roll decisions still owed (TF-R13: each roller re-rolls their own).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub(super) struct SpiralBattle {
    /// The two birds, in the order they roll.
    birds: [Fig; 2],
    /// Their dice.
    dice: [Vec<Face>; 2],
    /// Excess cheese faces each may still re-roll (asked in order).
    owed: [u8; 2],
    /// The re-roll being asked: (who, of which bird, up to how many).
    pub(super) reroll: Option<(Seat, usize, u8)>,
    /// Fought again at an activation (a second tie sends both down).
    again: bool,
}

impl TailFeathers {
    /// The death spirals on the battlefield (TF-R25).
    #[must_use]
    pub fn spirals(&self) -> &[Spiral] {
        &self.spirals
    }

    /// The spiral bird `f` is locked in, if any.
    #[must_use]
    pub fn spiral_of(&self, f: Fig) -> Option<&Spiral> {
        self.spirals.iter().find(|s| s.birds.contains(&f))
    }

    /// True when bird `f` is entangled in a death spiral: nobody outside
    /// it may target it.
    #[must_use]
    pub fn entangled(&self, f: Fig) -> bool {
        self.spiral_of(f).is_some()
    }

    /// True when a death-spiral battle waits for a re-roll decision.
    #[must_use]
    pub fn in_spiral_battle(&self) -> bool {
        self.battle.is_some()
    }

    /// Where a spiral would lay the template if `mover`, at `at` on its
    /// way, met `enemy`: `None` when no spiral starts (the option off, a
    /// friend, either bird already in one) or when no turn of the template
    /// fits (TF-R9 then resolves the crossing). The template faces the
    /// mover on the nearest of the 24 headings, then turns about the
    /// enemy's base a step at a time, nearest first, clockwise first, until
    /// the mover's base and the template lie wholly on the battlefield,
    /// clear of every other flying base and of the trunks.
    #[must_use]
    pub fn spiral_at(&self, mover: Fig, enemy: Fig, at: Pose) -> Option<Spiral> {
        if !self.options.death_spirals
            || Self::side(mover) == Self::side(enemy)
            || self.entangled(mover)
            || self.entangled(enemy)
            || self.figures[usize::from(enemy)].place != Place::Air
        {
            return None;
        }
        let centre = self.bird(enemy)?.pose.at;
        let facing = Heading::toward(centre, at.at);
        let others: Vec<Shape> =
            self.airborne_bases(mover).into_iter().filter(|&(f, _)| f != enemy).map(|(_, s)| s).collect();
        let trunks: Vec<Shape> = field().trees.iter().map(|t| Shape::Polygon(t.trunk.clone())).collect();
        let steps = std::iter::once(0).chain((1..=12).flat_map(|k| [-k, k])).take(24);
        steps.map(|k| Spiral { birds: [mover, enemy], anchor: Pose { at: centre, heading: facing.turned(k) } }).find(
            |s| {
                let p = s.mover_pose().at;
                let (r, size) = (BASE_RADIUS, field().size);
                let base = Shape::base(p);
                let template = s.template();
                let bar = Shape::Polygon(template.clone());
                (r..=size - r).contains(&p.x)
                    && (r..=size - r).contains(&p.y)
                    && super::feathers::wholly_on_battlefield(&template)
                    && others.iter().all(|o| !overlaps(&base, o) && !overlaps(&bar, o))
                    && trunks.iter().all(|t| !touches(&base, t) && !touches(&bar, t))
            },
        )
    }

    /// The flight's bird meets an enemy in the air and a spiral fits: its
    /// movement ends across the template, both birds face each other, and
    /// the battle is rolled.
    pub(super) fn enter_spiral(&mut self, spiral: Spiral) {
        let [mover, enemy] = spiral.birds;
        if let (Some(i), Some(j)) = (bird_index(mover), bird_index(enemy)) {
            self.birds[i].pose = spiral.mover_pose();
            self.birds[j].pose.heading = spiral.anchor.heading;
        }
        self.figures[usize::from(mover)].place = Place::Air;
        self.make_room(mover);
        self.spirals.push(spiral);
        self.events.push(Event::Note(format!(
            "{} meets {} in the air: a death spiral",
            figure_name(mover),
            figure_name(enemy)
        )));
        if let Some(act) = self.activation.as_mut() {
            act.spiralled = true;
        }
        self.set_step(Step::Acts);
        self.roll_battle(spiral.birds, false);
    }

    /// An entangled bird is activated: the battle is rolled again first.
    /// It makes no normal attack this activation.
    pub(super) fn spiral_again(&mut self, f: Fig) {
        let Some(s) = self.spiral_of(f).copied() else { return };
        if let Some(act) = self.activation.as_mut() {
            act.spiralled = true;
        }
        self.events.push(Event::Note(format!(
            "{} and {} fight on in their death spiral",
            figure_name(f),
            figure_name(s.partner(f))
        )));
        self.roll_battle([f, s.partner(f)], true);
    }

    /// The dice a bird rolls in a spiral battle: its battle value and its
    /// pilot's melee (none when rattled).
    #[must_use]
    pub fn battle_dice(&self, f: Fig) -> u8 {
        let unit = unit_of(f);
        UNIT_DEFS[unit].bird.map_or(0, |(b, _)| BIRDS[b].battle) + self.attack_values(f).0
    }

    fn roll_battle(&mut self, birds: [Fig; 2], again: bool) {
        let mut dice: [Vec<Face>; 2] = [Vec::new(), Vec::new()];
        let mut owed = [0u8; 2];
        for k in 0..2 {
            let f = birds[k];
            let seat = seat_of(Self::side(f));
            dice[k] = dice::roll(self.battle_dice(f), &mut self.rng);
            self.events.push(Event::Rolled { seat, what: "death spiral".into(), faces: dice[k].clone() });
            owed[k] = self.gain_cheese(seat, dice::cheese_faces(&dice[k]));
        }
        self.battle = Some(Box::new(SpiralBattle { birds, dice, owed, reroll: None, again }));
        self.resolve_battle();
    }

    /// A spiral roller re-rolls `n` of its excess cheese faces.
    pub(super) fn battle_reroll(&mut self, n: u8) {
        let Some(b) = self.battle.as_mut() else { return };
        let Some((seat, k, _)) = b.reroll.take() else { return };
        let mut left = n;
        for face in &mut b.dice[k] {
            if left > 0 && face.symbol() == dice::Symbol::Cheese {
                *face = dice::roll(1, &mut self.rng)[0];
                left -= 1;
            }
        }
        if n > 0 {
            let faces = b.dice[k].clone();
            self.events.push(Event::Rolled { seat, what: "re-rolled cheese".into(), faces });
        }
    }

    /// Moves the battle on: asks the re-rolls owed in order, then settles
    /// it.
    pub(super) fn resolve_battle(&mut self) {
        let Some(mut b) = self.battle.take() else { return };
        if b.reroll.is_some() {
            self.battle = Some(b);
            return;
        }
        for k in 0..2 {
            if b.owed[k] > 0 {
                b.reroll = Some((seat_of(Self::side(b.birds[k])), k, b.owed[k]));
                b.owed[k] = 0;
                self.battle = Some(b);
                return;
            }
        }
        self.settle_battle(&b);
    }

    fn settle_battle(&mut self, b: &SpiralBattle) {
        let hits = [dice::hits(&b.dice[0], Attack::Melee), dice::hits(&b.dice[1], Attack::Melee)];
        let [f, g] = b.birds;
        self.events.push(Event::Note(format!(
            "death spiral: {} {}, {} {}",
            figure_name(f),
            hits[0],
            figure_name(g),
            hits[1]
        )));
        if hits[0] == hits[1] {
            if b.again {
                self.events.push(Event::Note("tied again: both birds plummet out of the fight".into()));
                self.spirals.retain(|s| !s.birds.contains(&f));
                self.defeat(f);
                self.defeat(g);
            } else {
                self.events.push(Event::Note("a tie: 1 wound each, and they stay entangled".into()));
                self.wound(Target::Figure(f), 1, true);
                self.wound(Target::Figure(g), 1, true);
            }
            return;
        }
        let (winner, loser, by) = if hits[0] > hits[1] { (f, g, hits[0] - hits[1]) } else { (g, f, hits[1] - hits[0]) };
        self.wound(Target::Figure(loser), by, true);
        self.end_spiral(winner);
    }

    /// The spiral of `bird` ends: both survivors turn 180° away from each
    /// other (a lone survivor does not turn), level out, and the template
    /// goes.
    fn end_spiral(&mut self, bird: Fig) {
        let Some(k) = self.spirals.iter().position(|s| s.birds.contains(&bird)) else { return };
        let ended = self.spirals.remove(k);
        let alive: Vec<Fig> =
            ended.birds.into_iter().filter(|&b| self.figures[usize::from(b)].place == Place::Air).collect();
        for &survivor in &alive {
            if let Some(i) = bird_index(survivor) {
                if alive.len() == 2 {
                    self.birds[i].pose.heading = self.birds[i].pose.heading.reversed();
                }
                self.birds[i].tilt = Tilt::Centre;
            }
        }
        let words = match alive.as_slice() {
            [a, b] => {
                format!("the death spiral ends: {} and {} turn away from each other", figure_name(*a), figure_name(*b))
            }
            [a] => format!("the death spiral ends: {} levels out", figure_name(*a)),
            _ => "the death spiral ends".into(),
        };
        self.events.push(Event::Note(words));
    }

    /// Hook in `defeat`: a bird leaving the battlefield frees its partner.
    pub(super) fn leave_spiral(&mut self, f: Fig) {
        if self.entangled(f) {
            self.end_spiral(f);
        }
    }

    /// Why an attack on `target` by `by` is refused under TF-R25, if it
    /// is: an entangled target, or a bird that fought a spiral this turn.
    pub(super) fn spiral_refusal(&self, by: Fig, target: Target) -> Option<RuleViolation> {
        if self.activation.as_ref().is_some_and(|a| a.spiralled) && bird_index(by).is_some() {
            return Some(RuleViolation::new(
                "TF-R25",
                format!("{} fought a death spiral this turn: it makes no normal attack", figure_name(by)),
            ));
        }
        if let Target::Figure(t) = target
            && let Some(s) = self.spiral_of(t)
            && !s.birds.contains(&by)
        {
            return Some(RuleViolation::new(
                "TF-R25",
                format!(
                    "{} is locked in a death spiral with {}: no one outside it may target it",
                    figure_name(t),
                    figure_name(s.partner(t))
                ),
            ));
        }
        None
    }

    /// The invariants of spirals: two flying birds of opposite sides, in
    /// one spiral each, across the template facing each other.
    pub(super) fn spiral_invariants(&self) -> Result<(), String> {
        for (k, s) in self.spirals.iter().enumerate() {
            let [a, b] = s.birds;
            if Self::side(a) == Self::side(b) {
                return Err(format!("spiral {k} joins two birds of one side"));
            }
            for f in s.birds {
                if self.figures[usize::from(f)].place != Place::Air {
                    return Err(format!("spiral {k}: {} is not flying", figure_name(f)));
                }
                if self.spirals.iter().filter(|o| o.birds.contains(&f)).count() > 1 {
                    return Err(format!("{} is in two spirals", figure_name(f)));
                }
            }
            let (pa, pb) = (self.bird(a).map(|x| x.pose), self.bird(b).map(|x| x.pose));
            let (Some(pa), Some(pb)) = (pa, pb) else { return Err(format!("spiral {k} lost a bird")) };
            if pb.at.dist(s.anchor.at) > 1e-9 || pa.at.dist(s.mover_pose().at) > 1e-9 {
                return Err(format!("spiral {k}: the birds are not across the template"));
            }
            if pa.heading != s.anchor.heading.reversed() || pb.heading != s.anchor.heading {
                return Err(format!("spiral {k}: the birds do not face each other"));
            }
        }
        Ok(())
    }
}
