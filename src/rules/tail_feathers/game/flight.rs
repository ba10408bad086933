//! Flight and crossings: launching, the piloting check, laying templates,
//! where a flight really ends, what it crosses and the decisions there
//! (perch, swoop), and making room where it lands.

#![allow(clippy::wildcard_imports, reason = "a chapter of the game module: it shares the module's state and imports")]

use super::*;

/// A crossing met along a flight.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Crossing {
    /// A tree space (or nest).
    Space(u8),
    /// A side's mission card.
    Mission(Alliance),
    /// A tree's trunk (its index).
    Trunk(u8),
    /// A flying bird.
    Flyer(Fig),
    /// A maneuver point (after this template).
    Maneuver(u8),
    /// A tail-feather token (its number; TF-R24).
    Feather(u16),
}

/// A flight worked out before it is flown: its templates, how many are
/// kept (TF-R9 truncation), where it would end, and the crossings met along
/// the kept path in order, with their distance along the templates.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct FlightPlan {
    /// Where it starts.
    pub start: Pose,
    /// Every template of the list as laid.
    pub laid: Vec<Laid>,
    /// Templates kept (the rest would end on a flying base).
    pub kept: usize,
    /// The flying figure it would have ended on, if truncated.
    pub ended_on: Option<Fig>,
    /// Where it ends if nothing stops it earlier.
    pub end: Pose,
    /// The crossings in the order met.
    pub crossings: Vec<(f64, Crossing)>,
}

/// How a flight ends ([`TailFeathers::flight_outcome`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum FlightEnding {
    /// Where its templates end.
    Ends,
    /// Cut short before this flying bird (TF-R9).
    CutShort(Fig),
    /// Stopped by this tree's trunk: 2 wounds and a rattled pilot.
    Crashes(u8),
    /// Off the battlefield: the bird is lost.
    Off,
    /// Meets this enemy bird: a death spiral (TF-R25).
    Spiral(Fig),
}

/// Where a flight would really leave its bird.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct FlightOutcome {
    /// The bird's base there.
    pub at: Pose,
    /// How far along the templates' path it gets (inches).
    pub flown: f64,
    /// What happens there.
    pub ending: FlightEnding,
    /// The wounds it takes on the way and there.
    pub wounds: u8,
}

impl FlightOutcome {
    /// In words, for the preview and screen readers: "crashes into the
    /// Sapling's trunk: 2 wounds, rattled".
    #[must_use]
    pub fn words(&self) -> String {
        let hurt = |n: u8| match n {
            0 => String::new(),
            1 => ": 1 wound".to_string(),
            n => format!(": {n} wounds"),
        };
        match self.ending {
            FlightEnding::Crashes(t) => format!("crashes into {}'s trunk{}, rattled", tree_name(t), hurt(self.wounds)),
            FlightEnding::Off => "flies off the battlefield: the bird is lost".to_string(),
            FlightEnding::CutShort(f) => format!("cut short before {}{}", figure_name(f), hurt(self.wounds)),
            FlightEnding::Spiral(f) => format!("meets {}: a death spiral{}", figure_name(f), hurt(self.wounds)),
            FlightEnding::Ends if self.wounds > 0 => format!("ends here{}", hurt(self.wounds)),
            FlightEnding::Ends => "ends here".to_string(),
        }
    }
}

/// True when a base centred at `c` is off the battlefield (TF-R9: its
/// centre a base's radius or more beyond the edge).
#[must_use]
pub fn off_battlefield(c: V2) -> bool {
    let s = field().size;
    c.dist(V2::new(c.x.clamp(0.0, s), c.y.clamp(0.0, s))) >= BASE_RADIUS
}

/// A tree's name ("the Sapling", "the Hollow Oak").
#[must_use]
pub fn tree_name(t: u8) -> String {
    let name = field().trees.get(usize::from(t)).map_or("a tree", |tree| tree.name);
    let short = name.split(": ").last().unwrap_or(name);
    match short.strip_prefix("The ") {
        Some(rest) => format!("the {rest}"),
        None => short.to_string(),
    }
}

impl TailFeathers {
    /// The tilts a bird's next flight may use: those it may surely fly at,
    /// and those only a passed piloting check would open. A bird whose tilt
    /// is set for this round (tilt phase done, not yet flown) flies at it
    /// unless its pilot passes a check; a bird that will meet another tilt
    /// phase first may lean one step either way.
    #[must_use]
    pub fn next_flight_tilts(&self, f: Fig) -> (Vec<Tilt>, Vec<Tilt>) {
        let Some(b) = self.bird(f) else { return (Vec::new(), Vec::new()) };
        let unit = unit_of(f);
        let near = |t: Tilt| -> Vec<Tilt> {
            [Tilt::Left, Tilt::Centre, Tilt::Right]
                .into_iter()
                .filter(|x| (x.steps() - t.steps()).abs() <= TURN_STEPS)
                .collect()
        };
        let own = self.activation.as_ref().filter(|a| usize::from(a.unit) == unit).map(|a| &a.step);
        let settled = match self.phase {
            Phase::Tilt => bird_index(f).is_some_and(|i| self.tilted[i]),
            Phase::Activation => match own {
                Some(Step::SetTilt) => return (near(b.tilt), Vec::new()),
                Some(Step::Fly) => return (vec![b.tilt], Vec::new()),
                Some(Step::Check) => true,
                Some(_) => false,
                None => !self.activated[unit],
            },
            _ => false,
        };
        if !settled {
            return (near(b.tilt), Vec::new());
        }
        let by_check = if self.pilot_value(unit) > 0 {
            near(b.tilt).into_iter().filter(|&t| t != b.tilt).collect()
        } else {
            Vec::new()
        };
        (vec![b.tilt], by_check)
    }

    /// Launch poses of a perched bird: 24 headings × 5 points in its space
    /// (the perch point and four half-inch steps from it), those clear of
    /// every flying base.
    #[must_use]
    pub fn launch_pose(&self, bird: Fig, heading: u8, point: u8) -> Option<Pose> {
        let Place::Space(s) = self.figures[usize::from(bird)].place else { return None };
        let sp = &field().spaces[usize::from(s)];
        let offs = [(0.0, 0.0), (0.5, 0.0), (0.0, 0.5), (-0.5, 0.0), (0.0, -0.5)];
        let &(dx, dy) = offs.get(usize::from(point))?;
        let at = sp.perch.plus(V2::new(dx, dy));
        if heading >= HEADINGS || !sp.outline.contains(at) {
            return None;
        }
        let me = Shape::base(at);
        if self.flying_bases(bird).iter().any(|(_, o)| overlaps(&me, o)) {
            return None;
        }
        Some(Pose { at, heading: Heading(heading) })
    }

    pub(super) fn pilot_value(&self, unit: usize) -> u8 {
        let Some(p) = self.pilot_card(unit) else { return 0 };
        let f = UNIT_DEFS[unit].first;
        if self.bird(f).is_some_and(|b| b.rattled) { 1 } else { p.pilot }
    }

    /// The most templates a bird's flight may use.
    #[must_use]
    pub fn max_templates(unit: usize) -> usize {
        UNIT_DEFS[unit].bird.map_or(0, |(b, _)| {
            usize::from(BIRDS[b].movement) + usize::from(BIRDS[b].abilities.contains(&Ability::Swift))
        })
    }

    /// Every template list a bird may announce (2..=max, at most 3
    /// regular templates of each length).
    #[must_use]
    pub fn flight_lists(unit: usize) -> Vec<Vec<Length>> {
        Self::lists_up_to(Self::max_templates(unit))
    }

    /// The most templates the active bird may lay now: its move value,
    /// and any more its cards give this activation (TF-R27).
    pub(super) fn most_templates(act: &Activation) -> usize {
        Self::max_templates(usize::from(act.unit)) + usize::from(act.boost.templates)
    }

    /// Every template list of 2 to `most` templates, at most 3 regular
    /// templates of each length.
    pub(super) fn lists_up_to(most: usize) -> Vec<Vec<Length>> {
        let mut out = Vec::new();
        for n in 2..=most {
            for bits in 0..(1u32 << n) {
                let list: Vec<Length> =
                    (0..n).map(|i| if bits >> i & 1 == 1 { Length::Long } else { Length::Short }).collect();
                let regular = &list[..n - 1];
                let longs = regular.iter().filter(|&&l| l == Length::Long).count();
                if longs <= TEMPLATES_OF_EACH && regular.len() - longs <= TEMPLATES_OF_EACH {
                    out.push(list);
                }
            }
        }
        out.sort();
        out
    }

    /// Works out a flight of `bird` from where it is now.
    #[must_use]
    pub fn plan_flight(&self, bird: Fig, lengths: &[Length]) -> Option<FlightPlan> {
        let b = self.bird(bird)?;
        let start = b.pose;
        let tilt = if b.launching { Tilt::Centre } else { b.tilt };
        let flight = crate::rules::tail_feathers::geometry::Flight { lengths: lengths.to_vec(), tilt };
        let laid = lay(start, &flight);
        let others = self.airborne_bases(bird);
        let shapes: Vec<Shape> = others.iter().map(|(_, s)| s.clone()).collect();
        let mut kept = truncated(start, &laid, &shapes);
        // TF-R25 before TF-R9's truncation: a spiral met on the announced
        // path ends the flight there, so nothing is cut short.
        if kept < laid.len() && self.spiral_on_the_way(bird, &laid) {
            kept = laid.len();
        }
        let ended_on = if kept < laid.len() {
            let at = pose_after(start, &laid, laid.len()).at;
            others.iter().find(|(_, s)| overlaps(&Shape::base(at), s)).map(|(f, _)| *f)
        } else {
            None
        };
        let end = pose_after(start, &laid, kept);
        let path = &laid[..kept];
        let mut before = vec![0.0; path.len()];
        for i in 1..path.len() {
            before[i] = before[i - 1] + path[i - 1].length.inches();
        }
        // Only things near the path can be touched: a cheap test first.
        let mut points = vec![start.at];
        points.extend(path.iter().map(Laid::to));
        let near = |shape: &Shape| {
            let c = crate::rules::tail_feathers::geometry::centre(shape);
            let r = crate::rules::tail_feathers::geometry::radius(shape) + BASE_RADIUS + 1.0;
            points.windows(2).any(|w| crate::rules::tail_feathers::geometry::point_segment(c, w[0], w[1]) <= r)
        };
        let along = |shape: &Shape| {
            if !near(shape) {
                return None;
            }
            first_touch(path, shape).map(|(i, a)| before[i] + a)
        };
        let mut crossings: Vec<(f64, u8, u32, Crossing)> = Vec::new();
        for i in 0..self.space_count() as u8 {
            if let Some(d) = along(&Shape::Polygon(self.space_outline(i))) {
                crossings.push((d, 0, u32::from(i), Crossing::Space(i)));
            }
        }
        for side in [Alliance::Mice, Alliance::Rats] {
            if let Some(shape) = self.target_shape(Target::Mission(side))
                && let Some(d) = along(&shape)
            {
                crossings.push((d, 0, 100 + seat_of(side).0 as u32, Crossing::Mission(side)));
            }
        }
        for (i, t) in field().trees.iter().enumerate() {
            if let Some(d) = along(&Shape::Polygon(t.trunk.clone())) {
                crossings.push((d, 2, i as u32, Crossing::Trunk(i as u8)));
            }
        }
        for f in self.flyers() {
            if f != bird
                && let Some(o) = self.bird(f)
                && let Some(d) = along(&Shape::base(o.pose.at))
            {
                crossings.push((d, 1, u32::from(f), Crossing::Flyer(f)));
            }
        }
        for (id, shape) in self.feather_shapes() {
            if let Some(d) = along(&shape) {
                crossings.push((d, 0, 200 + u32::from(id), Crossing::Feather(id)));
            }
        }
        let maneuvers = kept.min(laid.len().saturating_sub(1));
        for i in 0..maneuvers {
            crossings.push((before[i] + path[i].length.inches(), 3, i as u32, Crossing::Maneuver(i as u8)));
        }
        crossings.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)).then(a.2.cmp(&b.2)));
        Some(FlightPlan {
            start,
            laid,
            kept,
            ended_on,
            end,
            crossings: crossings.into_iter().map(|(d, _, _, c)| (d, c)).collect(),
        })
    }

    /// True when the whole announced path `laid` of `bird` first touches
    /// an enemy flying bird where a death spiral fits before it touches any
    /// trunk (TF-R25, ruling of 2026-11-27: the spiral is worked out before
    /// TF-R9's truncation for ending on a flying figure).
    fn spiral_on_the_way(&self, bird: Fig, laid: &[Laid]) -> bool {
        if !self.options.death_spirals {
            return false;
        }
        // How far along the templates a shape is first touched.
        let along = |shape: &Shape| {
            first_touch(laid, shape).map(|(i, a)| laid[..i].iter().map(|l| l.length.inches()).sum::<f64>() + a)
        };
        let trunk =
            field().trees.iter().filter_map(|t| along(&Shape::Polygon(t.trunk.clone()))).fold(f64::INFINITY, f64::min);
        let mut met: Vec<(f64, Fig)> = self
            .flyers()
            .into_iter()
            .filter(|&e| e != bird && Self::side(e) != Self::side(bird))
            .filter_map(|e| self.bird(e).and_then(|o| along(&Shape::base(o.pose.at))).map(|d| (d, e)))
            .collect();
        met.sort_by(|x, y| x.0.total_cmp(&y.0).then(x.1.cmp(&y.1)));
        met.into_iter()
            .take_while(|&(d, _)| d <= trunk)
            .any(|(d, e)| super::feathers::pose_on(laid, d).is_some_and(|here| self.spiral_at(bird, e, here).is_some()))
    }

    /// Where a flight would really leave the bird, as far as the flight
    /// alone decides it (no swoop or drop-off chosen on the way): where a
    /// trunk stops it (TF-R9: 2 wounds, rattled), where it ends cut short
    /// before a flying base, off the battlefield (the bird is lost), or
    /// where its templates end; with the wounds taken on the way (an enemy
    /// bird flown through, an enemy bird ended against) and how far along
    /// its templates it gets. The preview draws it; the walk resolves the
    /// same crossings one by one.
    #[must_use]
    pub fn flight_outcome(&self, bird: Fig, plan: &FlightPlan) -> FlightOutcome {
        let hostile = |e: Fig| Self::side(e) != Self::side(bird);
        let mut wounds = 0u8;
        for &(d, c) in &plan.crossings {
            match c {
                Crossing::Trunk(t) => {
                    return FlightOutcome {
                        at: self.crash_pose(bird, plan, usize::from(t)),
                        flown: d,
                        ending: FlightEnding::Crashes(t),
                        wounds: wounds + 2,
                    };
                }
                Crossing::Flyer(e) => {
                    if let Some(s) = self.spiral_at(bird, e, super::feathers::pose_along(plan, d)) {
                        return FlightOutcome { at: s.mover_pose(), flown: d, ending: FlightEnding::Spiral(e), wounds };
                    }
                    if hostile(e) && plan.ended_on != Some(e) && !self.entangled(e) {
                        wounds += 1;
                    }
                }
                _ => {}
            }
        }
        let flown = plan.laid[..plan.kept].iter().map(|l| l.length.inches()).sum();
        let ending = if off_battlefield(plan.end.at) {
            FlightEnding::Off
        } else if let Some(e) = plan.ended_on {
            if hostile(e) && !self.entangled(e) {
                wounds += 1;
            }
            FlightEnding::CutShort(e)
        } else {
            FlightEnding::Ends
        };
        FlightOutcome { at: plan.end, flown, ending, wounds }
    }

    /// Where a trunk stops a bird on this flight: the first place along
    /// its path where the base touches trunk `t`, moved back until it
    /// overlaps no flying base.
    pub(super) fn crash_pose(&self, bird: Fig, plan: &FlightPlan, t: usize) -> Pose {
        let trunk = Shape::Polygon(field().trees[t].trunk.clone());
        let mut points = vec![plan.start.at];
        points.extend(plan.laid[..plan.kept].iter().map(Laid::to));
        let headings: Vec<Heading> = plan.laid[..plan.kept].iter().map(|l| l.heading).collect();
        // Sample the centre's path every 0.05", then refine by halving.
        let mut samples: Vec<(V2, Heading)> = Vec::new();
        for (i, w) in points.windows(2).enumerate() {
            let (a, b) = (w[0], w[1]);
            let n = ((a.dist(b) / 0.05).ceil() as usize).max(1);
            for k in 0..n {
                samples.push((a.plus(b.minus(a).scale(k as f64 / n as f64)), headings[i]));
            }
        }
        if let (Some(&b), Some(&h)) = (points.last(), headings.last()) {
            samples.push((b, h));
        }
        let hit = samples.iter().position(|(p, _)| touches(&Shape::base(*p), &trunk)).unwrap_or(samples.len() - 1);
        let (mut at, heading) = samples[hit];
        if hit > 0 {
            let (mut lo, mut hi) = (samples[hit - 1].0, at);
            for _ in 0..30 {
                let mid = lo.plus(hi.minus(lo).scale(0.5));
                if touches(&Shape::base(mid), &trunk) {
                    hi = mid;
                } else {
                    lo = mid;
                }
            }
            at = hi;
        }
        let others: Vec<Shape> = self.airborne_bases(bird).into_iter().map(|(_, s)| s).collect();
        let clear = |p: V2| others.iter().all(|o| !overlaps(&Shape::base(p), o));
        if !clear(at) {
            at = samples[..hit].iter().rev().map(|s| s.0).find(|&p| clear(p)).unwrap_or(plan.start.at);
        }
        Pose { at, heading: heading.reversed() }
    }

    pub(super) fn crossing_actions(&self, bird: Fig, act: &Activation, w: &Walk, out: &mut Vec<Action>) {
        let opts = self.crossing_options(bird, act, w);
        if opts.is_empty() {
            return;
        }
        out.push(Action::Continue);
        out.extend(opts);
    }

    /// The choices a crossing offers (empty: it resolves by itself).
    pub(super) fn crossing_options(&self, bird: Fig, act: &Activation, w: &Walk) -> Vec<Action> {
        let mut out = Vec::new();
        let Some(&(_, c)) = w.plan.crossings.get(w.next) else { return out };
        let side = Self::side(bird);
        let passenger = self.bird(bird).and_then(|b| b.passenger);
        match c {
            Crossing::Space(s) => {
                let su = usize::from(s);
                if !act.began_perched && self.space_room(su, &self.occupants(su, None), Size::Large) {
                    out.push(Action::Perch);
                }
                if !act.swooped && !w.swooped_here && !act.touching.contains(&Target::Space(s)) {
                    let enemies = self.in_space(s).iter().any(|&f| Self::side(f) != side)
                        || self.structures_in(su).any(|o| o.side != side);
                    let enemy_nest = Self::space_nest(su).is_some_and(|n| n != side && self.nest_standing(n));
                    if enemies || enemy_nest {
                        out.push(Action::Swoop);
                    }
                }
                if passenger.is_some() && !w.dropped_here && self.space_room(su, &self.occupants(su, None), Size::Small)
                {
                    out.push(Action::DropOff);
                }
            }
            Crossing::Mission(m) => {
                if m != side
                    && !act.swooped
                    && !w.swooped_here
                    && !act.touching.contains(&Target::Mission(m))
                    && let Some(card) = self.cards[seat_of(m).index()]
                    && (!card.revealed || (card.kind != Some(MissionKind::Decoy) && !self.mission_box(m).is_empty()))
                {
                    out.push(Action::Swoop);
                }
            }
            Crossing::Maneuver(i) => {
                let at = pose_after(w.plan.start, &w.plan.laid, usize::from(i) + 1).at;
                self.pickups(bird, Some(at), act, &mut out);
            }
            Crossing::Trunk(_) | Crossing::Flyer(_) | Crossing::Feather(_) => {}
        }
        out
    }

    pub(super) fn perch(&mut self) {
        let f = self.active_bird();
        let Some(s) = self.current_space() else { return };
        let heading = self.walking().and_then(|(p, _)| p.laid.first().map(|l| l.heading));
        if let Some(i) = bird_index(f) {
            let at = field().spaces[usize::from(s)].perch;
            self.birds[i].pose = Pose { at, heading: heading.unwrap_or(self.birds[i].pose.heading) };
            self.birds[i].tilt = Tilt::Centre;
            self.figures[usize::from(f)].place = Place::Space(s);
            let carrying = self.birds[i].passenger.is_some();
            self.set_step(if carrying { Step::Unload } else { Step::Acts });
        }
    }

    pub(super) fn swoop(&mut self) {
        let f = self.active_bird();
        let seat = seat_of(Self::side(f));
        let side = Self::side(f);
        let Some(Some(crossing)) = self.walking().map(|w| w.1) else { return };
        if let Some(act) = self.activation.as_mut() {
            act.swooped = true;
            if let Step::Walk(w) = &mut act.step {
                w.swooped_here = true;
            }
        }
        let unit = unit_of(f);
        let battle = UNIT_DEFS[unit].bird.map_or(0, |(b, _)| BIRDS[b].battle);
        let melee = self.attack_values(f).0;
        let more = self.activation.as_ref().map_or(0, |a| a.boost.swoop);
        let dice_count = battle + melee + more;
        let candidates: Vec<Target> = match crossing {
            Crossing::Space(s) => {
                let mut t: Vec<Target> =
                    self.in_space(s).into_iter().filter(|&e| Self::side(e) != side).map(Target::Figure).collect();
                // An enemy ballista in the space is hit too (TF-R28).
                t.extend(
                    self.structures_in(usize::from(s)).filter(|o| o.side != side).map(|o| Target::Ballista(o.side)),
                );
                if let Some(owner) = Self::space_nest(usize::from(s))
                    && owner != side
                    && self.nest_standing(owner)
                {
                    t.push(Target::Nest(owner));
                }
                t
            }
            Crossing::Mission(m) => {
                let i = seat_of(m).index();
                let mut kind = None;
                if let Some(card) = self.cards[i].as_mut() {
                    if !card.revealed {
                        card.revealed = true;
                        if let Some(k) = card.kind {
                            self.events.push(Event::Revealed(m, k));
                        }
                    }
                    kind = card.kind;
                }
                if kind == Some(MissionKind::Decoy) {
                    self.events.push(Event::Note("a decoy: the swoop is spent".into()));
                    self.send_home(m);
                    return;
                }
                self.mission_box(m).into_iter().map(Target::Figure).collect()
            }
            _ => Vec::new(),
        };
        if candidates.is_empty() {
            return;
        }
        self.start_combat(seat, Some(f), Attack::Melee, dice_count, candidates);
    }

    /// Ground figures make room for a flying bird that ends over them
    /// (Further rulings, "Ending over ground figures"): a launching bird
    /// whose base lies under `f`'s moves to the nearest of its launch
    /// points (same heading) clear of every flying base, or stays where it
    /// is when none is. Nobody is wounded.
    pub(super) fn make_room(&mut self, f: Fig) {
        let Some(me) = self.bird(f).map(|b| Shape::base(b.pose.at)) else { return };
        for g in BIRD_FIGS {
            let Some(b) = self.bird(g).copied() else { continue };
            if g == f || !b.launching || !overlaps(&Shape::base(b.pose.at), &me) {
                continue;
            }
            if let (Some(at), Some(i)) = (self.room_in_space(g), bird_index(g)) {
                self.birds[i].pose.at = at;
                self.events.push(Event::Note(format!("{} makes room", figure_name(g))));
            }
        }
    }

    /// Where in its space a launching bird `g` may stand clear of every
    /// other flying or launching base: the nearest of its launch points,
    /// else the nearest point of a twentieth-of-an-inch grid over the space
    /// (the base's centre inside the space). `None` when the space has no
    /// room.
    pub(super) fn room_in_space(&self, g: Fig) -> Option<V2> {
        const STEP: f64 = 0.05;
        let b = self.bird(g)?;
        let Place::Space(s) = self.figures[usize::from(g)].place else { return None };
        let sp = &field().spaces[usize::from(s)];
        let others: Vec<Shape> = self.flying_bases(g).into_iter().map(|(_, o)| o).collect();
        let clear = |p: V2| sp.outline.contains(p) && others.iter().all(|o| !overlaps(&Shape::base(p), o));
        let nearest = |points: Vec<V2>| {
            points.into_iter().filter(|&p| clear(p)).min_by(|x, y| x.dist(b.pose.at).total_cmp(&y.dist(b.pose.at)))
        };
        let launch: Vec<V2> = (0..5).filter_map(|p| self.launch_pose(g, b.pose.heading.0, p)).map(|q| q.at).collect();
        nearest(launch).or_else(|| {
            let (mut lo, mut hi) = (sp.perch, sp.perch);
            for v in &sp.outline.0 {
                lo = V2::new(lo.x.min(v.x), lo.y.min(v.y));
                hi = V2::new(hi.x.max(v.x), hi.y.max(v.y));
            }
            let steps = |a: f64, b: f64| ((b - a) / STEP).ceil() as usize;
            let grid = (0..=steps(lo.x, hi.x))
                .flat_map(|i| {
                    (0..=steps(lo.y, hi.y)).map(move |j| V2::new(lo.x + STEP * i as f64, lo.y + STEP * j as f64))
                })
                .collect();
            nearest(grid)
        })
    }

    /// The walk crosses flying bird `e`: an enemy not in a spiral starts
    /// one where it fits (TF-R25; true: the movement ends there); else
    /// flying through an enemy wounds the mover where it meets it (not
    /// when the flight ends on it, nor through an entangled bird).
    pub(super) fn cross_flyer(&mut self, f: Fig, e: Fig, w: &Walk) -> bool {
        let here = super::feathers::pose_along(&w.plan, w.plan.crossings[w.next].0);
        if let Some(spiral) = self.spiral_at(f, e, here) {
            self.enter_spiral(spiral);
            return true;
        }
        if Self::side(e) != Self::side(f) && w.plan.ended_on != Some(e) && !self.entangled(e) {
            self.events.push(Event::Note("flew through an enemy bird".into()));
            // Wounded where it is on its way (its feathers fall there,
            // TF-R24).
            self.wound_on_the_way(f, 1, here);
        }
        false
    }

    pub(super) fn finish_flight(&mut self, f: Fig, plan: &FlightPlan) {
        let Some(i) = bird_index(f) else { return };
        self.birds[i].pose = plan.end;
        self.figures[usize::from(f)].place = Place::Air;
        self.make_room(f);
        if let Some(e) = plan.ended_on
            && Self::side(e) != Self::side(f)
            && !self.entangled(e)
        {
            self.events.push(Event::Note("ended against an enemy bird: 1 wound each".into()));
            self.wound(Target::Figure(e), 1, false);
            self.wound(Target::Figure(f), 1, false);
        }
        if self.figures[usize::from(f)].place == Place::Air && off_battlefield(plan.end.at) {
            self.events.push(Event::Off(f));
            self.defeat(f);
        }
        self.set_step(Step::Acts);
    }
}
