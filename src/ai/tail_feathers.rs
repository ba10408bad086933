//! The Tail Feathers heuristic and the greedy player (part 1's computer
//! opponent; the strong one is part 2).
//!
//! **Evaluation.** Each side's material: a squad figure on the battlefield
//! 1, the hero 3 less 0.5 a wound, a bird 4 scaled by the life it has
//! left; nest life 1.2 a point; cheese 0.15 each. Position: a bird is worth
//! up to 1.5 more the nearer it is to the enemy nest (0 at 30" or more), a
//! ground figure up to 0.6; a launching bird 0.3 (it will fly this round),
//! a shaken (rattled) pilot 0.6 less (no attack until its next activation
//! ends). A bird with the enemy nest within ranged range (centre to
//! centre) gains 0.4, with an enemy bird within it 0.2 (the other side's
//! birds in range of ours count for them: the threats against us). A
//! flying or launching bird must fly at its next activation, so it keeps
//! only a share of its worth by the flights it could then announce that
//! end on the battlefield without meeting a trunk (a crash is two wounds
//! and a shaken pilot), facing a way it can fly on from the time after
//! (some two-template flight at a lean of one step is safe): all of it
//! with more than three, three quarters
//! with three or fewer, two fifths when only a passed piloting check would
//! save it, a tenth when nothing would (the flights counted are every list
//! at each tilt it may surely use: its set tilt once the tilt phase is done
//! and it has not flown, else a lean of one step either way). A bird on the
//! battlefield is always worth more than a lost one, and than a rescue
//! waiting for one (at least 0.9), so no line gains by throwing a bird
//! away. A mission card
//! with figures in its box is worth what it will bring when it resolves (a
//! sap run its cheese, a rescue 0.8 when a bird is lost and two figures are
//! on it: less than a bird on the battlefield, so no bird is thrown away
//! to be rescued; a siege, intercept or patrol 0.5, a decoy 0.2). The value of a seat is a logistic curve of
//! its side's total less the other's; finished games give the real reward.
//!
//! **The additional rules** need no terms of their own: each one's effect
//! is already priced by the terms above, and the search tries their choices
//! like any other. Foraging gains a cheese (0.15) against the move the unit
//! gives up, and which figures of a squad forage is part of the planned
//! activation like any other (the search sees that a burning figure left
//! out of the forage rolls for no fire); a tail feather crossed rattles the
//! pilot (0.6); a death spiral is judged by the wounds its battle deals (a
//! flight aimed at an enemy bird's base is one into a spiral: the preview
//! the search uses says so); a figure on a leaf stands where the leaf is,
//! so cutting a leaf loose is worth what the drift brings it nearer the
//! enemy nest (or onto a better tree). A ready ballista with nothing in
//! range is one more activation to spend (the rules offer it instead of a
//! pass), so a side holding one never counts on a pass's cheese. Measured with all four on
//! (`AVIARY_TF_ADDITIONAL=1` in the match bench): the normal level forages
//! rarely and cuts a leaf loose now and then, the easy one forages often.
//!
//! **Greedy choice.** Every legal decision is tried on three sampled
//! futures (the bot's own determinized dice, never the game's) and the one
//! with the best mean value is taken; a flight is followed to its end
//! (swooping where it can, else flying on) before it is judged.

use std::sync::atomic::{AtomicBool, Ordering};

use super::{Bot, Budget, Evaluate};
use crate::rules::tail_feathers::components::{Alliance, RANGED_RANGE};
use crate::rules::tail_feathers::game::{
    Action, BIRD_FIGS, FIGURES, Place, TailFeathers, UNIT_DEFS, field, seat_of, side_of_seat, unit_of,
};
use crate::rules::tail_feathers::geometry::{
    self, BASE_RADIUS, Heading, Laid, Length, Pose, Shape, TEMPLATES_OF_EACH, Tilt, V2, touches,
};
use crate::rules::{Game, Rng, Seat, ToMove};

/// The trunks as shapes, with a circle round each (centre, radius) for a
/// quick first test.
static TRUNKS: std::sync::LazyLock<Vec<(Shape, V2, f64)>> = std::sync::LazyLock::new(|| {
    field()
        .trees
        .iter()
        .map(|t| {
            let shape = Shape::Polygon(t.trunk.clone());
            (shape.clone(), geometry::centre(&shape), geometry::radius(&shape))
        })
        .collect()
});

/// True when a template laid here touches a trunk (the flight would crash).
fn meets_trunk(t: &Laid) -> bool {
    let mid = t.from.plus(t.to().minus(t.from).scale(0.5));
    let reach = t.length.inches() / 2.0 + geometry::TEMPLATE_WIDTH;
    TRUNKS.iter().any(|(shape, c, r)| mid.dist(*c) <= reach + r && touches(&Shape::Polygon(t.polygon()), shape))
}

/// True when a bird whose flight at `tilt` ended at `at` facing `heading`
/// can fly on safely next time: some two-template flight at a tilt one step
/// from `tilt` (the next tilt phase lets it lean) ends on the battlefield
/// without meeting a trunk. A flight that ends on the battlefield facing an
/// edge too near to turn away from dooms the bird a flight later.
fn viable(at: V2, heading: Heading, tilt: Tilt, inside: &dyn Fn(f64) -> bool) -> bool {
    let from = at.plus(heading.unit().scale(BASE_RADIUS));
    [Length::Short, Length::Long].into_iter().any(|first| {
        let t1 = Laid { from, heading, length: first };
        !meets_trunk(&t1)
            && [Tilt::Left, Tilt::Centre, Tilt::Right]
                .into_iter()
                .filter(|next| (next.steps() - tilt.steps()).abs() <= geometry::TURN_STEPS)
                .any(|next| {
                    [Length::Short, Length::Long].into_iter().any(|second| {
                        let t2 = Laid { from: t1.to(), heading: heading.turned(next.steps()), length: second };
                        let end = t2.to();
                        !meets_trunk(&t2) && inside(end.x) && inside(end.y)
                    })
                })
    })
}

/// The safe flights among those that begin with the templates already laid
/// (`depth` of them, the next starting at `from` with `heading`; `longs`
/// and `shorts` regular templates so far): see [`safe_flights`].
fn safe_from(
    from: V2,
    heading: Heading,
    depth: usize,
    (longs, shorts): (usize, usize),
    ctx: &(Tilt, usize, &dyn Fn(f64) -> bool),
) -> usize {
    let (tilt, most, inside) = *ctx;
    let mut n = 0;
    for length in [Length::Short, Length::Long] {
        let t = Laid { from, heading, length };
        if meets_trunk(&t) {
            continue;
        }
        let end = t.to();
        if depth + 1 >= 2 && inside(end.x) && inside(end.y) && viable(end, heading, tilt, inside) {
            n += 1;
        }
        let (l, s) = if length == Length::Long { (longs + 1, shorts) } else { (longs, shorts + 1) };
        if depth + 1 < most && l <= TEMPLATES_OF_EACH && s <= TEMPLATES_OF_EACH {
            n += safe_from(end, heading.turned(tilt.steps()), depth + 1, (l, s), ctx);
        }
    }
    n
}

/// How many of the flights a bird at `pose` could announce at `tilt` end
/// with its base on the battlefield without meeting a trunk on the way, in
/// a place it can fly on from next time ([`viable`]):
/// every template list of 2 to `most` templates, at most three regular
/// templates of each length. Lists sharing a start share its templates, so
/// the templates are laid once per prefix, and a prefix that meets a trunk
/// rules out every list that starts with it.
fn safe_flights(pose: Pose, tilt: Tilt, most: usize, table: f64) -> usize {
    let inside = |x: f64| x > BASE_RADIUS && x < table - BASE_RADIUS;
    let from = pose.at.plus(pose.heading.unit().scale(BASE_RADIUS));
    safe_from(from, pose.heading, 0, (0, 0), &(tilt, most, &inside))
}

/// A pose (its bits), a tilt and a bird's unit.
type RouteKey = (u64, u64, u8, Tilt, usize);

thread_local! {
    /// Route counts already worked out on this thread, by pose, tilt and
    /// bird (searches judge the same birds at the same places many times).
    static ROUTES: std::cell::RefCell<std::collections::HashMap<RouteKey, usize>> =
        std::cell::RefCell::new(std::collections::HashMap::new());
}

/// How many flights a bird at `pose` could announce at any of `tilts`
/// that end with its base on the battlefield, meet no trunk on the way (a
/// crash is two wounds and a shaken pilot: no escape) and leave it a safe
/// flight the time after.
#[must_use]
pub fn escape_routes(pose: Pose, tilts: &[Tilt], unit: usize, table: f64) -> usize {
    let most = TailFeathers::max_templates(unit);
    tilts
        .iter()
        .map(|&t| {
            let key = (pose.at.x.to_bits(), pose.at.y.to_bits(), pose.heading.0, t, unit);
            ROUTES.with(|cache| {
                if let Some(&n) = cache.borrow().get(&key) {
                    return n;
                }
                let n = safe_flights(pose, t, most, table);
                let mut cache = cache.borrow_mut();
                if cache.len() > 200_000 {
                    cache.clear();
                }
                cache.insert(key, n);
                n
            })
        })
        .sum()
}

/// What a flying or launching bird's next forced flight risks: 0 when
/// enough of the flights it may surely announce stay on the battlefield,
/// −1 when three or fewer do, −2 when only a passed piloting check would
/// save it, −3 when none would.
#[must_use]
pub fn edge_danger(g: &TailFeathers, f: crate::rules::tail_feathers::game::Fig) -> f64 {
    let Some(b) = g.bird(f) else { return 0.0 };
    let (sure, by_check) = g.next_flight_tilts(f);
    let unit = unit_of(f);
    match escape_routes(b.pose, &sure, unit, field().size) {
        0 if escape_routes(b.pose, &by_check, unit, field().size) > 0 => -2.0,
        0 => -3.0,
        1..=3 => -1.0,
        _ => 0.0,
    }
}

/// The share of a bird's worth its next forced flight leaves it, by its
/// [`edge_danger`]: all of it with enough safe flights, three quarters with
/// three or fewer, two fifths when only a passed piloting check would save
/// it, a tenth when nothing would (it is all but lost, yet still worth more
/// than a bird already lost).
#[must_use]
pub fn edge_share(danger: f64) -> f64 {
    match danger {
        d if d <= -3.0 => 0.1,
        d if d <= -2.0 => 0.4,
        d if d <= -1.0 => 0.75,
        _ => 1.0,
    }
}

/// What a side's mission card on the table promises when the final phase
/// resolves it, in squad figures, if any figure is in its box: a sap run
/// its cheese, a rescue a bird back (when one is among the casualties), a
/// siege, an intercept or a patrol about half a figure, a decoy a little
/// (it soaks up a swoop).
#[must_use]
pub fn mission_outlook(g: &TailFeathers, side: Alliance) -> f64 {
    use crate::rules::tail_feathers::components::{MissionKind, SAP_RUN_CHEESE};
    let Some(card) = g.mission(side) else { return 0.0 };
    if g.mission_box(side).is_empty() {
        return 0.0;
    }
    match card.kind {
        Some(MissionKind::Special) => 0.15 * f64::from(SAP_RUN_CHEESE),
        // A rescue needs two figures; it is counted at less than a bird on
        // the battlefield is worth (at least 1), so that no line throws a
        // bird away to have it rescued.
        Some(MissionKind::Rescue) => {
            let lost = BIRD_FIGS
                .iter()
                .any(|&b| UNIT_DEFS[unit_of(b)].side == side && matches!(g.figure(b).place, Place::Casualty));
            if lost && g.mission_box(side).len() >= 2 { 0.8 } else { 0.0 }
        }
        Some(MissionKind::Siege | MissionKind::Intercept | MissionKind::Patrol) => 0.5,
        Some(MissionKind::Decoy) => 0.2,
        None => 0.3,
    }
}

/// What a side's action cards, ballista and veteran marker are worth
/// (TF-R27, TF-R28, TF-R22), in squad figures: a card in hand 0.3 (so a
/// card is played only for more than that), one on the refresh pile 0.1
/// (it comes back at the round's end), one lying by a bird 0.05; a
/// standing ballista 1.5 less a third a wound, 0.4 more with the enemy nest
/// within its range; the veteran marker 0.4.
#[must_use]
pub fn cards_worth(g: &TailFeathers, side: Alliance) -> f64 {
    use crate::rules::tail_feathers::cards::BALLISTA;
    if !g.options().action_cards {
        return 0.0;
    }
    let h = g.hand(side);
    let mut v = 0.3 * h.cards.len() as f64 + 0.1 * h.refresh.len() as f64 + 0.05 * h.lying.len() as f64;
    if let Some(b) = g.ballista(side) {
        let enemy = if side == Alliance::Mice { Alliance::Rats } else { Alliance::Mice };
        let nest = field().spaces[usize::from(TailFeathers::nest_space(enemy))].perch;
        v += 1.5 * f64::from(BALLISTA.life - b.wounds) / f64::from(BALLISTA.life);
        if g.space_centre(b.space).dist(nest) <= RANGED_RANGE {
            v += 0.4;
        }
    }
    if g.veteran(side).is_some() {
        v += 0.4;
    }
    v
}

/// The computer's hand at setup (TF-R27): the suggested hand for its side
/// with one or two cards swapped at random for others of its pool, so its
/// hand cannot be read from the rules; the next card of it not yet held.
pub fn pick_card(g: &TailFeathers, seat: Seat, rng: &mut Rng) -> Option<Action> {
    use crate::rules::tail_feathers::cards::{SUGGESTED, card_named};
    let legal = g.legal_actions();
    let side = side_of_seat(seat);
    let pool = g.card_pool(side);
    let held: Vec<u8> = g.hand(side).cards.iter().flatten().copied().collect();
    let mut wanted: Vec<u8> =
        SUGGESTED[seat.index()].iter().filter_map(|n| card_named(n)).filter(|c| pool.contains(c)).collect();
    // Swap one or two of the suggested cards for cards of the pool: which
    // depends on the bot's own dice, drawn at the first pick.
    if held.is_empty() {
        for _ in 0..=rng.below(2) {
            let others: Vec<u8> = pool.iter().copied().filter(|c| !wanted.contains(c)).collect();
            if let (Some(&o), false) = (rng.pick(&others), wanted.is_empty()) {
                let k = rng.below(wanted.len());
                wanted[k] = o;
            }
        }
        wanted.sort_unstable();
    }
    wanted
        .into_iter()
        .map(Action::Pick)
        .find(|a| legal.contains(a))
        .or_else(|| legal.iter().find(|a| matches!(a, Action::Pick(_))).cloned())
}

/// The attack window (TF-R27): each answer (no card, or a card that may
/// answer) tried in `worlds`, the combat played to its end there (the
/// other side's hidden answer as each world guessed it), and the best mean
/// taken.
fn window_choice(worlds: &[TailFeathers], seat: Seat, legal: &[Action]) -> Option<Action> {
    let mut best: Option<(f64, &Action)> = None;
    for a in legal {
        let mut total = 0.0;
        let mut n = 0usize;
        for w in worlds {
            if w.check(a).is_err() {
                continue;
            }
            let mut c = w.clone();
            c.apply_legal(a);
            follow_flight(&mut c, seat);
            total += c.evaluate(seat);
            n += 1;
        }
        if n == 0 {
            continue;
        }
        let v = total / n as f64;
        if best.is_none_or(|(b, _)| v > b + 1e-9) {
            best = Some((v, a));
        }
    }
    best.map(|(_, a)| a.clone())
}

/// How long a computer's answer at the attack window takes, whatever its
/// hand holds (TF-R27: its timing tells nothing).
pub const WINDOW_THINKING: std::time::Duration = std::time::Duration::from_millis(150);

/// Waits until `WINDOW_THINKING` has passed since `since`.
fn pad_window(since: std::time::Instant) {
    if let Some(rest) = WINDOW_THINKING.checked_sub(since.elapsed()) {
        std::thread::sleep(rest);
    }
}

/// 1 at the enemy nest, falling to 0 at 30" from it.
fn closeness(p: crate::rules::tail_feathers::geometry::V2, nest: crate::rules::tail_feathers::geometry::V2) -> f64 {
    (1.0 - p.dist(nest) / 30.0).max(0.0)
}

/// A side's material and position, in "squad figures".
#[must_use]
pub fn material(g: &TailFeathers, side: Alliance) -> f64 {
    let enemy = if side == Alliance::Mice { Alliance::Rats } else { Alliance::Mice };
    let enemy_nest = field().spaces[usize::from(TailFeathers::nest_space(enemy))].perch;
    let mut v = 1.2 * f64::from(g.nest_life(side)) + 0.15 * f64::from(g.cheese(seat_of(side)));
    v += mission_outlook(g, side);
    v += cards_worth(g, side);
    let enemy_birds: Vec<crate::rules::tail_feathers::geometry::V2> = BIRD_FIGS
        .iter()
        .filter(|&&b| UNIT_DEFS[unit_of(b)].side == enemy)
        .filter_map(|&b| g.bird(b).filter(|_| g.figure(b).place.on_battlefield()).map(|x| x.pose.at))
        .collect();
    for f in 0..FIGURES as u8 {
        let u = unit_of(f);
        if UNIT_DEFS[u].side != side {
            continue;
        }
        let fig = g.figure(f);
        let alive = !matches!(fig.place, Place::Casualty | Place::Unplaced);
        if !alive {
            continue;
        }
        if BIRD_FIGS.contains(&f) {
            let life = f64::from(g.life(u));
            let mut bird = 4.0 * (life - f64::from(fig.wounds)) / life;
            if let Some(b) = g.bird(f) {
                let p = match fig.place {
                    Place::Space(s) if !b.launching => g.space_centre(s),
                    _ => b.pose.at,
                };
                if b.launching {
                    bird += 0.3;
                }
                // A shaken pilot makes no attack and adds no melee to a
                // swoop until the end of its next activation.
                if b.rattled {
                    bird -= 0.6;
                }
                bird += 1.5 * closeness(p, enemy_nest);
                // Targets within ranged range (centre to centre, sight not
                // checked): the enemy nest, enemy birds.
                if p.dist(enemy_nest) <= RANGED_RANGE {
                    bird += 0.4;
                }
                if enemy_birds.iter().any(|e| e.dist(p) <= RANGED_RANGE) {
                    bird += 0.2;
                }
                // Its next forced flight (flying or launching: how many of
                // the flights it could announce stay on the battlefield
                // clear of trunks?) keeps a share of its worth. A bird on
                // the battlefield is always worth more than one lost, and
                // than a rescue waiting for one (0.8).
                if fig.place == Place::Air || b.launching {
                    bird *= edge_share(edge_danger(g, f));
                }
                bird = bird.max(0.9);
            }
            v += bird;
        } else {
            v += if UNIT_DEFS[u].count == 1 { 3.0 - 0.5 * f64::from(fig.wounds) } else { 1.0 };
            if let Place::Space(s) = fig.place {
                v += 0.6 * closeness(g.space_centre(s), enemy_nest);
            }
        }
    }
    v
}

impl Evaluate for TailFeathers {
    fn search_bot(seed: u64, budget: Budget) -> Option<Box<dyn Bot<Self>>> {
        Some(Box::new(ActivationSearch::new(seed, budget)))
    }

    fn secret_moment(&self) -> bool {
        self.legal_actions().contains(&Action::NoCard)
    }

    fn evaluate(&self, seat: Seat) -> f64 {
        if let Some(o) = self.outcome() {
            return o.reward(seat, 2);
        }
        let me = side_of_seat(seat);
        let them = if me == Alliance::Mice { Alliance::Rats } else { Alliance::Mice };
        let d = material(self, me) - material(self, them);
        0.02 + 0.96 / (1.0 + (-0.25 * d).exp())
    }

    fn greedy_action(&self, seat: Seat, rng: &mut Rng) -> Option<Action> {
        let legal = self.legal_actions();
        if legal.iter().any(|a| matches!(a, Action::Pick(_))) {
            return pick_card(self, seat, rng);
        }
        if legal.contains(&Action::NoCard) {
            let since = std::time::Instant::now();
            let futures: Vec<TailFeathers> = (0..3).map(|_| self.determinize(seat, rng)).collect();
            let a = window_choice(&futures, seat, &legal);
            pad_window(since);
            return a;
        }
        if legal.len() <= 1 {
            return legal.into_iter().next();
        }
        let futures: Vec<TailFeathers> = (0..3).map(|_| self.determinize(seat, rng)).collect();
        let mut best: Vec<Action> = Vec::new();
        let mut best_v = f64::NEG_INFINITY;
        for a in legal {
            let mut total = 0.0;
            for f in &futures {
                let mut next = f.clone();
                next.apply_legal(&a);
                follow_flight(&mut next, seat);
                total += next.evaluate(seat);
            }
            if total > best_v + 1e-9 {
                best_v = total;
                best = vec![a];
            } else if (total - best_v).abs() <= 1e-9 {
                best.push(a);
            }
        }
        rng.pick(&best).cloned()
    }
}

/// Plays a flight in progress to its end: swoop where offered, else fly
/// on; other decisions of the same seat on the way are taken as they
/// come first.
fn follow_flight(g: &mut TailFeathers, seat: Seat) {
    for _ in 0..40 {
        if g.walking().is_none() && !g.in_combat() {
            return;
        }
        let legal = g.legal_actions();
        if g.to_move() != ToMove::Seat(seat) {
            // Within an attack, the other side answers the window with no
            // card (its guessed answer, where the world holds one, is
            // already chosen) and re-rolls nothing.
            let quiet = legal.iter().find(|a| matches!(a, Action::NoCard | Action::Reroll(0))).cloned();
            match (g.in_combat(), quiet) {
                (true, Some(a)) => {
                    g.apply_legal(&a);
                    continue;
                }
                _ => return,
            }
        }
        let pick = legal
            .iter()
            .find(|a| matches!(a, Action::Swoop))
            .or_else(|| legal.iter().find(|a| matches!(a, Action::Continue)))
            .or_else(|| legal.first())
            .cloned();
        match pick {
            Some(a) => g.apply_legal(&a),
            None => return,
        }
    }
}

/// The quick policy of the rollouts that price the secret choices: at
/// random, but an attack or swoop on offer is taken three times in four,
/// and a flight is one that ends on the battlefield without meeting a trunk
/// where there is one.
pub fn playout_action(g: &TailFeathers, legal: &[Action], rng: &mut Rng) -> Action {
    let eager: Vec<&Action> =
        legal.iter().filter(|a| matches!(a, Action::Strike { .. } | Action::Shoot { .. } | Action::Swoop)).collect();
    if !eager.is_empty() && rng.below(4) > 0 {
        return eager[rng.below(eager.len())].clone();
    }
    let bird = g.active_unit().and_then(|u| g.bird(UNIT_DEFS[u].first));
    if let Some(b) = bird
        && legal.iter().any(|a| matches!(a, Action::Fly(_)))
        && rng.below(5) > 0
    {
        let tilt = if b.launching { Tilt::Centre } else { b.tilt };
        let safe: Vec<&Action> = legal
            .iter()
            .filter(|a| match a {
                Action::Fly(l) => safe_list(b.pose, l, tilt),
                _ => false,
            })
            .collect();
        if let Some(a) = rng.pick(&safe) {
            return (*a).clone();
        }
    }
    legal[rng.below(legal.len())].clone()
}

/// True when the template list `lengths` flown from `pose` at `tilt` ends
/// with the bird's base on the battlefield and meets no trunk on the way.
fn safe_list(pose: Pose, lengths: &[Length], tilt: Tilt) -> bool {
    let table = field().size;
    let inside = |x: f64| x > BASE_RADIUS && x < table - BASE_RADIUS;
    let end = geometry::end_of(pose, lengths, tilt);
    let flight = geometry::Flight { lengths: lengths.to_vec(), tilt };
    inside(end.at.x) && inside(end.at.y) && !geometry::lay(pose, &flight).iter().any(meets_trunk)
}

/// Plays the rest of the round (to the next mission phase, or the end of
/// the game) with [`playout_action`].
fn rollout_round(g: &mut TailFeathers, rng: &mut Rng) {
    let round = g.round();
    for _ in 0..2_000 {
        if g.outcome().is_some() || g.round() != round {
            return;
        }
        let legal = g.legal_actions();
        let Some(first) = legal.first() else { return };
        let a = if g.to_move() == ToMove::Chance { first.clone() } else { playout_action(g, &legal, rng) };
        g.apply_legal(&a);
    }
}

/// How far ahead `seat` is, in squad figures (a finished game counts 20).
fn margin(g: &TailFeathers, seat: Seat) -> f64 {
    if let Some(o) = g.outcome() {
        return 40.0 * (o.reward(seat, 2) - 0.5);
    }
    let me = side_of_seat(seat);
    let them = if me == Alliance::Mice { Alliance::Rats } else { Alliance::Mice };
    material(g, me) - material(g, them)
}

/// The row player's optimal mixed strategy in the zero-sum game whose
/// payoffs to the row player are `m` (rows: its choices, columns: the
/// other side's), by fictitious play: each side in turn answers the other's
/// history of choices with its best reply; the frequencies converge to an
/// equilibrium.
#[must_use]
pub fn solve_zero_sum(m: &[Vec<f64>], rounds: usize) -> Vec<f64> {
    let rows = m.len();
    let cols = m.first().map_or(0, Vec::len);
    if rows == 0 || cols == 0 {
        return vec![1.0 / rows.max(1) as f64; rows];
    }
    let (mut counts, mut row_total, mut col_total) = (vec![0usize; rows], vec![0.0; rows], vec![0.0; cols]);
    let (mut i, mut j) = (0, 0);
    let best =
        |v: &[f64], better: fn(f64, f64) -> bool| (0..v.len()).fold(0, |b, k| if better(v[k], v[b]) { k } else { b });
    for _ in 0..rounds.max(1) {
        counts[i] += 1;
        for (k, t) in row_total.iter_mut().enumerate() {
            *t += m[k][j];
        }
        for (k, t) in col_total.iter_mut().enumerate() {
            *t += m[i][k];
        }
        i = best(&row_total, |a, b| a > b + 1e-12);
        j = best(&col_total, |a, b| a < b - 1e-12);
    }
    let n = counts.iter().sum::<usize>() as f64;
    counts.iter().map(|&c| c as f64 / n).collect()
}

/// The payoffs (to `seat`, in squad figures at the end of the round) of
/// each pair of secret choices of the moment, `seat`'s in rows and the
/// other side's in columns, each the mean of rollouts in `worlds` (with
/// the same dice for every pair in a world).
#[must_use]
pub fn secret_payoffs(
    worlds: &[TailFeathers],
    seat: Seat,
    mine: &[Action],
    theirs: &[Action],
    rng: &mut Rng,
    stop: &dyn Fn() -> bool,
) -> Vec<Vec<f64>> {
    let them = crate::rules::tail_feathers::game::other(seat);
    let mut m = vec![vec![0.0; theirs.len()]; mine.len()];
    let mut played = 0usize;
    for w in worlds {
        let dice = rng.next_u64();
        for (i, a) in mine.iter().enumerate() {
            for (j, b) in theirs.iter().enumerate() {
                let mut c = w.clone();
                c.suppose_unchosen(them);
                while let ToMove::Seat(s) = c.to_move() {
                    let pick = if s == seat { a } else { b };
                    if c.secret_choices(s).is_empty() || c.check(pick).is_err() {
                        break;
                    }
                    c.apply_legal(pick);
                }
                c.arrange_rng(dice);
                rollout_round(&mut c, &mut Rng::seeded(dice));
                m[i][j] += margin(&c, seat);
            }
        }
        played += 1;
        // A world is used whole (every pair) or not at all, so the pairs
        // stay comparable; the first is always played.
        if stop() {
            break;
        }
    }
    for row in &mut m {
        for v in row.iter_mut() {
            *v /= played.max(1) as f64;
        }
    }
    m
}

/// Why each step of `line` was chosen, where the move alone does not say:
/// a flight's purpose, read from where it ends (public positions only).
#[must_use]
pub fn explain(observation: &TailFeathers, line: &[Action]) -> Vec<Option<String>> {
    use crate::rules::tail_feathers::game::{figure_name, side_name};
    let mut g = observation.clone();
    let mut out = Vec::with_capacity(line.len());
    for a in line {
        let mut why = None;
        if let (Action::Fly(list), Some(u)) = (a, g.active_unit()) {
            let f = UNIT_DEFS[u].first;
            if let (Some(plan), Some(b)) = (g.plan_flight(f, list), g.bird(f)) {
                let side = UNIT_DEFS[u].side;
                let enemy = if side == Alliance::Mice { Alliance::Rats } else { Alliance::Mice };
                let nest = field().spaces[usize::from(TailFeathers::nest_space(enemy))].perch;
                let (from, to) = (b.pose.at, plan.end.at);
                let near_bird = |p: crate::rules::tail_feathers::geometry::V2| {
                    BIRD_FIGS.iter().copied().find(|&e| {
                        UNIT_DEFS[unit_of(e)].side == enemy
                            && g.figure(e).place.on_battlefield()
                            && g.bird(e).is_some_and(|x| x.pose.at.dist(p) <= RANGED_RANGE)
                    })
                };
                // The edge as the heuristic sees it: before the flight, and
                // once it is flown (swooping where it can, else flying on).
                let edge_before = edge_danger(&g, f);
                let mut flown = g.clone();
                flown.apply_legal(a);
                if let ToMove::Seat(s) = g.to_move() {
                    follow_flight(&mut flown, s);
                }
                let edge_after = if flown.figure(f).place.on_battlefield() { edge_danger(&flown, f) } else { -4.0 };
                let crashes = plan
                    .crossings
                    .iter()
                    .any(|(_, c)| matches!(c, crate::rules::tail_feathers::game::Crossing::Trunk(_)));
                let lost = !flown.figure(f).place.on_battlefield();
                why = if crashes || lost {
                    // Said only when it is so: no flight it could announce
                    // was safe.
                    let tilt = if b.launching { Tilt::Centre } else { b.tilt };
                    let safe = g.legal_actions().iter().any(|x| match x {
                        Action::Fly(l) => safe_list(b.pose, l, tilt),
                        _ => false,
                    });
                    (!safe).then(|| "no flight open to it missed the trunks and the edge".to_string())
                } else if to.dist(nest) <= RANGED_RANGE && from.dist(nest) > RANGED_RANGE {
                    Some(format!("to bring the {} nest within range", side_name(enemy).to_lowercase()))
                } else if let (Some(e), None) = (near_bird(to), near_bird(from)) {
                    Some(format!("to get {} within range", figure_name(e)))
                } else if edge_after > edge_before + 0.5 {
                    Some("to keep clear of the battlefield's edge".into())
                } else if let (None, Some(e)) = (near_bird(to), near_bird(from)) {
                    Some(format!("out of reach of {}", figure_name(e)))
                } else if to.dist(nest) + 3.0 < from.dist(nest) {
                    Some(format!("closing on the {} nest", side_name(enemy).to_lowercase()))
                } else {
                    None
                };
            }
        }
        out.push(why);
        if g.check(a).is_err() {
            break;
        }
        g.apply_legal(a);
    }
    out
}

/// A line of the seat's decisions, the sampled futures it was played in,
/// and its mean value there.
type Line = (Vec<Action>, Vec<TailFeathers>, f64);

/// The normal and hard levels (a first step of part 2): a beam search over
/// the seat's own decisions until the activation (or the decision run)
/// ends, each line played in several sampled futures at once (the bot's
/// own determinized dice and secrets) and judged by the mean of the
/// heuristic at its end. The whole line is the plan, so a turn costs one
/// search.
pub struct ActivationSearch {
    rng: Rng,
    budget: Budget,
    /// Lines kept at each depth.
    pub beam: usize,
    /// Sampled futures each line is played in.
    pub samples: usize,
    /// Sampled worlds in which each pair of secret choices is played out.
    pub rollouts: usize,
    /// How many of the best whole lines are judged again after the other
    /// side's reply (its next decisions played greedily in each sampled
    /// future); 0 judges lines where they end.
    pub replies: usize,
    /// How many runs of decisions those lines are played on for: 1 the
    /// other side's reply, 2 the reply and the seat's own next turn.
    pub turns_ahead: usize,
    /// The decisions of those runs are chosen without seeing the dice
    /// they will roll (each judged in a copy of the future with other
    /// dice); otherwise they see them, and a reply that happens to roll
    /// well in that future makes a line look worse than it is.
    pub blind_replies: bool,
    /// How many of the best lines after the reply are judged once more in
    /// as many fresh futures (sampled anew), the choice made on both
    /// judgements: the line that looked best in one set of futures is often
    /// the luckiest there, not the best; 0 or 1 takes the first judgement.
    pub second_look: usize,
    /// Why each step of the last plan was chosen (for the log).
    why: Vec<Option<String>>,
}

impl ActivationSearch {
    /// A search with this budget: its iterations set the beam, the futures
    /// and the rollout worlds; its time cuts the search short.
    #[must_use]
    pub fn new(seed: u64, budget: Budget) -> Self {
        // Normal (2,000): 10 lines, 4 futures, 5 rollout worlds, the best
        // 4 lines judged again after the other side's reply. A bigger
        // budget (hard, 8,000) keeps the beam and judges every line in
        // three times the futures, with replies that do not see their
        // dice: a wider beam judged on as few futures picks the luckiest
        // line, not the best (hard with a beam of 40 and 4 futures lost to
        // normal, 34 to 50 in 90 games; with a beam of 20, 8 futures, 8
        // replies and two runs ahead, 2 to 6 in 8; this one won 63, drew
        // 1 and lost 36 in 100; with 16 futures it runs out of its 3 s and
        // does worse; judging every line's replies with the same unseen
        // dice won 17 and lost 18 in 35, and looking two runs ahead won 16,
        // drew 1 and lost 17 in 34, so neither was kept). Hard also takes a
        // second look at its best 3 lines after the reply, each in as many
        // fresh futures, and chooses on both looks (the line that looked
        // best in one set of futures is often only the luckiest there):
        // 62 wins, 2 draws, 36 losses against normal in 100 games (seeds
        // 3000000 and 3100000), against 57, 2 and 41 without it.
        let scale = (budget.iterations.unwrap_or(2_000) as f64 / 2_000.0).sqrt();
        let grown = |base: f64, lo: f64, hi: f64| (base * scale).round().clamp(lo, hi) as usize;
        let more = scale > 1.5;
        Self {
            rng: Rng::seeded(seed),
            budget,
            beam: 10,
            samples: if more { grown(6.0, 2.0, 16.0) } else { grown(4.0, 2.0, 16.0) },
            rollouts: if more { grown(7.5, 4.0, 16.0) } else { grown(5.0, 4.0, 16.0) },
            replies: 4,
            turns_ahead: 1,
            blind_replies: more,
            second_look: if more { 3 } else { 0 },
            why: Vec::new(),
        }
    }
}

/// A line's worth once the game has gone on, in one sampled future: the
/// line's flight (if one is under way) flown to its end, then the other
/// side's decisions until `seat` decides again (its reply), and, for each
/// further `turns`, the next run of decisions of whoever is to decide, all
/// taken by the one-step greedy policy of that future (chance as its dice
/// fall), until the phase ends; the heuristic of where that leaves `seat`.
fn value_after_reply(g: &TailFeathers, seat: Seat, turns: usize, blind: Option<u64>) -> f64 {
    let mut d = g.clone();
    let mut step = 0u64;
    follow_flight(&mut d, seat);
    let (phase, round) = (d.phase(), d.round());
    let mut runs = 0;
    let mut last: Option<Seat> = Some(seat);
    for _ in 0..200 {
        if d.phase() != phase || d.round() != round {
            break;
        }
        let legal = d.legal_actions();
        let a = match d.to_move() {
            ToMove::Chance => legal.first().cloned(),
            ToMove::Seat(s) => {
                if last != Some(s) {
                    runs += 1;
                    last = Some(s);
                }
                if runs > turns || (runs == 0 && s == seat) {
                    break;
                }
                if let Some(k) = blind {
                    step += 1;
                    let mut probe = d.clone();
                    probe.arrange_rng(k.wrapping_add(step.wrapping_mul(0x9E37_79B9_7F4A_7C15)));
                    one_step_best(&probe, s, &legal)
                } else {
                    one_step_best(&d, s, &legal)
                }
            }
            ToMove::Nobody => None,
        };
        let Some(a) = a else { break };
        d.apply_legal(&a);
    }
    d.evaluate(seat)
}

/// The legal action whose result (a flight flown to its end) `seat`
/// values most, in this very world; the first among equals.
fn one_step_best(g: &TailFeathers, seat: Seat, legal: &[Action]) -> Option<Action> {
    if legal.len() <= 1 {
        return legal.first().cloned();
    }
    let mut best: Option<(f64, &Action)> = None;
    for a in legal {
        let mut c = g.clone();
        c.apply_legal(a);
        follow_flight(&mut c, seat);
        let v = c.evaluate(seat);
        if best.is_none_or(|(b, _)| v > b + 1e-12) {
            best = Some((v, a));
        }
    }
    best.map(|(_, a)| a.clone())
}

/// The heuristic at the end of a line: a flight in progress is first
/// flown to its end.
fn line_value(g: &TailFeathers, seat: Seat) -> f64 {
    if g.walking().is_some() || g.in_combat() {
        let mut d = g.clone();
        follow_flight(&mut d, seat);
        d.evaluate(seat)
    } else {
        g.evaluate(seat)
    }
}

impl ActivationSearch {
    /// Which of the first (best) of `done` is worth most after the other
    /// side's reply, judged in each line's futures; the first when none
    /// could be judged in time.
    fn best_after_reply(
        &mut self,
        observation: &TailFeathers,
        done: &[Line],
        seat: Seat,
        out_of_time: &dyn Fn() -> bool,
    ) -> usize {
        let mut judged: Vec<(f64, usize)> = Vec::new();
        for (i, (_, ws, _)) in done.iter().enumerate().take(self.replies) {
            if out_of_time() {
                break;
            }
            let blind = self.blind_replies.then(|| self.rng.next_u64());
            // A line whose futures were not all judged in time is not
            // compared (a part of them would be a luckier mean).
            let (mut total, mut counted) = (0.0, 0);
            for w in ws {
                if out_of_time() {
                    break;
                }
                total += value_after_reply(w, seat, self.turns_ahead, blind);
                counted += 1;
            }
            if counted < ws.len() {
                break;
            }
            judged.push((total / ws.len() as f64, i));
        }
        // Best first; among equals, the first.
        judged.sort_by(|x, y| y.0.total_cmp(&x.0));
        judged.truncate(self.second_look.max(1));
        if judged.len() > 1 {
            // Used only when every one of them had its second look in time.
            let fresh: Option<Vec<f64>> =
                judged.iter().map(|&(_, i)| self.fresh_look(observation, seat, &done[i].0, out_of_time)).collect();
            if let Some(fresh) = fresh {
                for (entry, v) in judged.iter_mut().zip(fresh) {
                    entry.0 = f64::midpoint(entry.0, v);
                }
                judged.sort_by(|x, y| y.0.total_cmp(&x.0));
            }
        }
        judged.first().map_or(0, |&(_, i)| i)
    }

    /// `line`'s worth after the other side's reply in as many futures as
    /// the search uses, sampled anew (a future where the line cannot be
    /// played, its dice having fallen otherwise, is skipped); `None` when
    /// the time ran out first or no future could play it.
    fn fresh_look(
        &mut self,
        observation: &TailFeathers,
        seat: Seat,
        line: &[Action],
        out_of_time: &dyn Fn() -> bool,
    ) -> Option<f64> {
        let blind = self.blind_replies.then(|| self.rng.next_u64());
        let (mut total, mut judged) = (0.0, 0usize);
        for _ in 0..self.samples {
            if out_of_time() {
                return None;
            }
            let mut w = observation.determinize(seat, &mut self.rng);
            let playable = line.iter().all(|a| {
                let ok = w.to_move() == ToMove::Seat(seat) && w.check(a).is_ok();
                if ok {
                    w.apply_legal(a);
                }
                ok
            });
            if playable {
                total += value_after_reply(&w, seat, self.turns_ahead, blind);
                judged += 1;
            }
        }
        (judged > 0).then(|| total / judged as f64)
    }
}

impl Bot<TailFeathers> for ActivationSearch {
    fn choose(&mut self, observation: &TailFeathers, seat: Seat, stop: &AtomicBool) -> Option<Action> {
        self.plan(observation, seat, stop).and_then(|p| p.into_iter().next())
    }

    fn plan(&mut self, observation: &TailFeathers, seat: Seat, stop: &AtomicBool) -> Option<Vec<Action>> {
        let started = super::clock::Thinking::start();
        self.why.clear();
        let worlds: Vec<TailFeathers> =
            (0..self.samples).map(|_| observation.determinize(seat, &mut self.rng)).collect();
        let legal = worlds[0].legal_actions();
        // Action cards (TF-R27): the hand at setup, and the attack window,
        // answered in the same time whatever the hand holds.
        if legal.iter().any(|a| matches!(a, Action::Pick(_))) {
            return pick_card(observation, seat, &mut self.rng).map(|a| vec![a]);
        }
        if legal.contains(&Action::NoCard) {
            let since = std::time::Instant::now();
            let a = window_choice(&worlds, seat, &legal);
            pad_window(since);
            return a.map(|a| vec![a]);
        }
        if legal.len() <= 1 {
            return legal.into_iter().next().map(|a| vec![a]);
        }
        let mine = worlds[0].secret_choices(seat);
        if !mine.is_empty() {
            let theirs = worlds[0].secret_choices(crate::rules::tail_feathers::game::other(seat));
            let rollouts: Vec<TailFeathers> =
                (0..self.rollouts).map(|_| observation.determinize(seat, &mut self.rng)).collect();
            let budget = self.budget;
            let out = || stop.load(Ordering::Relaxed) || budget.time.is_some_and(|t| started.spent(t));
            let m = secret_payoffs(&rollouts, seat, &mine, &theirs, &mut self.rng, &out);
            let p = solve_zero_sum(&m, 4_000);
            // Choices played less than one time in fifty are dropped.
            let kept: Vec<f64> = p.iter().map(|&x| if x < 0.02 { 0.0 } else { x }).collect();
            let total: f64 = kept.iter().sum();
            let mut r = self.rng.unit() * total;
            for (a, &x) in mine.iter().zip(&kept) {
                if r < x {
                    return Some(vec![a.clone()]);
                }
                r -= x;
            }
            return mine.into_iter().zip(kept).filter(|(_, x)| *x > 0.0).map(|(a, _)| vec![a]).next_back();
        }
        let budget = self.budget;
        let out_of_time = || stop.load(Ordering::Relaxed) || budget.time.is_some_and(|t| started.spent(t));
        let mean = |ws: &[TailFeathers]| ws.iter().map(|w| line_value(w, seat)).sum::<f64>() / ws.len() as f64;
        let mut beam: Vec<Line> = vec![(Vec::new(), worlds, f64::NEG_INFINITY)];
        // Whole lines (the seat's decisions run out), with their futures.
        let mut done: Vec<Line> = Vec::new();
        for _ in 0..64 {
            let mut next: Vec<Line> = Vec::new();
            for (line, ws, value) in &beam {
                if ws[0].to_move() != ToMove::Seat(seat) {
                    done.push((line.clone(), ws.clone(), *value));
                    continue;
                }
                for a in ws[0].legal_actions() {
                    let after: Vec<TailFeathers> = ws
                        .iter()
                        .filter(|w| w.to_move() == ToMove::Seat(seat) && w.check(&a).is_ok())
                        .map(|w| {
                            let mut c = w.clone();
                            c.apply_legal(&a);
                            c
                        })
                        .collect();
                    if after.is_empty() {
                        continue;
                    }
                    let v = mean(&after);
                    let mut l = line.clone();
                    l.push(a);
                    next.push((l, after, v));
                    // Checked after each decision tried, so that a turn
                    // ends within its time, not a line's expansion later.
                    if out_of_time() {
                        break;
                    }
                }
                if out_of_time() {
                    break;
                }
            }
            if next.is_empty() {
                break;
            }
            // Best lines first; among equals, the order the RNG gives.
            self.rng.shuffle(&mut next);
            next.sort_by(|x, y| y.2.total_cmp(&x.2));
            next.truncate(self.beam);
            beam = next;
            if out_of_time() {
                break;
            }
        }
        done.extend(beam);
        done.retain(|(line, _, _)| !line.is_empty());
        done.sort_by(|x, y| y.2.total_cmp(&x.2));
        // The best lines judged again after the other side's reply.
        let chosen = self.best_after_reply(observation, &done, seat, &out_of_time);
        let line = done.into_iter().nth(chosen).map(|d| d.0).or_else(|| legal.first().cloned().map(|a| vec![a]))?;
        self.why = explain(observation, &line);
        Some(line)
    }

    fn reasons(&self) -> Vec<Option<String>> {
        self.why.clone()
    }
}
