//! The words of the decisions: button labels and what each mission does.

#![allow(
    clippy::many_single_char_names,
    clippy::similar_names,
    clippy::unused_self,
    reason = "drawing code reads best with the usual short names (p, r, f, u), and the view's helpers stay methods"
)]

use super::placed_name;
use crate::rules::tail_feathers::dice::Attack;
use crate::rules::tail_feathers::game::{
    Action, Crossing, Fig, TailFeathers, Target, figure_name, kind_name, side_name, side_of_seat, space_name,
    target_name,
};
use crate::rules::{Game, Seat};

/// A decision's button text, in the chooser's own words.
pub(super) fn choice_label(state: &TailFeathers, a: &Action) -> String {
    match a {
        Action::Mission(None) => "No mission this round".into(),
        Action::Mission(Some(k)) => format!("{}: {}", capitalise(kind_name(*k)), mission_short(*k)),
        Action::Bid(n) => format!("Bid {n} extra dice ({n} cheese)"),
        Action::Perch => "Perch here?".into(),
        Action::Swoop => match state.walking().and_then(|w| w.1) {
            Some(Crossing::Space(s)) => format!("Swoop at {}?", space_name(s)),
            Some(Crossing::Mission(m)) => format!("Swoop at the {} mission?", side_name(m).to_lowercase()),
            _ => "Swoop?".into(),
        },
        Action::Continue => "Fly on".into(),
        Action::DropOff => "Drop the passenger here".into(),
        Action::Done if state.phase() == crate::rules::tail_feathers::game::Phase::Mission => {
            "Done sending figures".into()
        }
        Action::Done => match state.describe(a).split_once(' ') {
            Some((_, rest)) => capitalise(rest),
            None => "Done".into(),
        },
        Action::Reroll(n) => format!("Re-roll {n} cheese"),
        Action::AssignHit(Target::Figure(f)) => format!("Give a hit to {}", placed_name(state, *f)),
        Action::Strike { figure, target: Target::Figure(t) } => {
            format!("{} attacks {} in melee", capitalise(&placed_name(state, *figure)), placed_name(state, *t))
        }
        Action::Shoot { figure, target: Target::Figure(t) } => {
            format!("{} shoots at {}", capitalise(&placed_name(state, *figure)), placed_name(state, *t))
        }
        Action::Send(f) => format!("Send {}", placed_name(state, *f)),
        Action::PickUp(f) => format!("Pick up {}", placed_name(state, *f)),
        // (Short, without the squad's name the panel already shows: six
        // buttons of "Activate Thistle Guard mouse 1 in the mice nest where
        // it stands" read as a wall of text.)
        // While a squad forages, the figure chosen forages (it read "Stay",
        // under words asking which figures forage).
        Action::Hold(f) => {
            let unit = crate::rules::tail_feathers::game::unit_name(crate::rules::tail_feathers::game::unit_of(*f));
            let verb = if state.foraging_now() { "Forage" } else { "Stay" };
            format!("{verb}: {}", placed_name(state, *f).replacen(&format!("{unit} "), "", 1))
        }
        Action::Forage => "Forage: +1 cheese (the unit does nothing else)".into(),
        Action::Idle => "Activate the ballista: nothing in range, it does nothing".into(),
        Action::PatrolLeaf(s) => format!("Patrol: shoot at the figures on {}", space_name(*s)),
        Action::Activate(u)
            if state.entangled(crate::rules::tail_feathers::game::UNIT_DEFS[usize::from(*u)].first)
                && crate::rules::tail_feathers::game::UNIT_DEFS[usize::from(*u)].bird.is_some() =>
        {
            format!(
                "Activate {} (its death spiral is fought again first)",
                crate::rules::tail_feathers::game::unit_name(usize::from(*u))
            )
        }
        Action::Stand(f) => format!("{} stands up", capitalise(&placed_name(state, *f))),
        _ => {
            let text = state.describe(a);
            let text = text.split_once(": ").map_or(text.as_str(), |x| x.1).to_string();
            let who = side_name(side_of_seat(state.to_move().seat().unwrap_or(Seat(0))));
            capitalise(text.strip_prefix(&format!("{who} ")).unwrap_or(&text))
        }
    }
}

/// What a mission does in a few words, on its button.
pub(super) fn mission_short(k: crate::rules::tail_feathers::components::MissionKind) -> &'static str {
    use crate::rules::tail_feathers::components::MissionKind;
    match k {
        MissionKind::Decoy => "a bluff that wastes a swoop",
        MissionKind::Intercept => "strikes the enemy mission",
        MissionKind::Siege => "lands by a tree's trunk",
        MissionKind::Patrol => "shoots an enemy flying bird or drifting leaf",
        MissionKind::Rescue => "brings a fallen bird back",
        MissionKind::Special => "brings 2 cheese home",
    }
}

/// What a mission does, for its button's hover text.
pub(super) fn mission_words(k: crate::rules::tail_feathers::components::MissionKind) -> &'static str {
    use crate::rules::tail_feathers::components::MissionKind;
    match k {
        MissionKind::Decoy => "A bluff: its figures simply come home; an enemy swoop on it is wasted.",
        MissionKind::Intercept => "Attacks the enemy mission's figures: one melee die a small figure with melee.",
        MissionKind::Siege => "Its figures land by the trunk of a tree you choose (the enemy home tree, say).",
        MissionKind::Patrol => "Shoots at an enemy flying bird: one die a small figure with a ranged value.",
        MissionKind::Rescue => "With two or more figures on it: a fallen bird comes back to your nest, wounded.",
        MissionKind::Special => "The sap run: its figures bring 2 cheese home.",
    }
}

pub(super) fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    c.next().map(|f| f.to_uppercase().collect::<String>() + c.as_str()).unwrap_or_default()
}

/// A flight's templates in words ("short, long, short").
pub(super) fn lengths(plan: &crate::rules::tail_feathers::game::FlightPlan) -> String {
    use crate::rules::tail_feathers::geometry::Length;
    plan.laid
        .iter()
        .map(|l| match l.length {
            Length::Short => "short",
            Length::Long => "long",
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// An attack's odds in short lines: "Melee: 2 dice v 3 defence",
/// "1.2\" · close range · clear sight", "about 0.6 wounds".
pub(super) fn odds_lines(state: &TailFeathers, figure: Fig, target: Target, legal: &[Action]) -> Vec<String> {
    let mut out = Vec::new();
    for (kind, a) in
        [(Attack::Melee, Action::Strike { figure, target }), (Attack::Ranged, Action::Shoot { figure, target })]
    {
        if !legal.contains(&a) {
            continue;
        }
        let o = state.attack_odds(figure, target, kind);
        let dice = |n: u8| if n == 1 { "1 die".to_string() } else { format!("{n} dice") };
        out.push(format!(
            "{}: {} v {} defence · about {:.1} wounds",
            if kind == Attack::Melee { "Melee" } else { "Ranged" },
            dice(o.dice),
            o.defence,
            o.expected_wounds
        ));
        if let Some(d) = o.distance
            && kind == Attack::Ranged
        {
            out.push(format!(
                "{d:.1}\" · {} · {}",
                super::range_band(d),
                if o.clear_sight { "clear sight" } else { "no clear sight" }
            ));
        }
    }
    out
}

/// A lit target's name for screen readers: "target the Jay: melee: 2 dice
/// v 3 defence · about 0.7 wounds".
pub(super) fn target_words(state: &TailFeathers, a: &Action, legal: &[Action]) -> String {
    match a {
        Action::Strike { figure, target } | Action::Shoot { figure, target } => {
            format!("target {}: {}", target_name(*target), odds_lines(state, *figure, *target, legal).join("; "))
        }
        Action::AssignHit(t) => format!("give a hit to {}", target_name(*t)),
        Action::Patrol(f) => format!("patrol target {}", target_name(Target::Figure(*f))),
        _ => choice_label(state, a),
    }
}

/// Why the chosen figure may not attack `target` now, with the rule: the
/// rules' own refusal of its ranged attack (or of its melee, if it has no
/// ranged attack).
pub(super) fn attack_refusal(state: &TailFeathers, figure: Fig, target: Target) -> String {
    let (_, ranged) = state.attack_values(figure);
    let a = if ranged > 0 { Action::Shoot { figure, target } } else { Action::Strike { figure, target } };
    match state.check(&a) {
        Err(v) => v.to_string(),
        Ok(()) => format!("{} may attack {}", capitalise(&figure_name(figure)), target_name(target)),
    }
}

/// A figure on the board in words, for screen readers: "the Swallow
/// (mice): flying, facing 90°, left tilt, 2 wounds of 5, rattled, carrying
/// a Thistle Guard mouse".
pub(super) fn figure_words(state: &TailFeathers, f: Fig) -> String {
    use crate::rules::tail_feathers::game::{Place, UNIT_DEFS, unit_of};
    use crate::rules::tail_feathers::geometry::Tilt;
    let side = side_name(UNIT_DEFS[unit_of(f)].side).to_lowercase();
    let mut parts: Vec<String> = Vec::new();
    let fig = state.figure(f);
    if let Some(b) = state.bird(f) {
        match fig.place {
            Place::Air => parts.push("flying".into()),
            Place::Space(s) if b.launching => parts.push(format!("launching from {}", space_name(s))),
            Place::Space(s) => parts.push(format!("perched in {}", space_name(s))),
            _ => {}
        }
        if fig.place == Place::Air || b.launching {
            parts.push(format!("facing {}°", b.pose.heading.degrees()));
            parts.push(
                match b.tilt {
                    Tilt::Left => "left tilt",
                    Tilt::Centre => "centre tilt",
                    Tilt::Right => "right tilt",
                }
                .into(),
            );
        }
        if fig.wounds > 0 {
            parts.push(format!("{} wounds of {}", fig.wounds, state.life(unit_of(f))));
        }
        if b.rattled {
            parts.push("rattled".into());
        }
        if let Some(s) = state.spiral_of(f) {
            parts.push(format!("locked in a death spiral with {}", figure_name(s.partner(f))));
        }
        if let Some(p) = b.passenger {
            parts.push(format!("carrying {}", figure_name(p)));
        }
    } else if let Place::Space(s) = fig.place {
        parts.push(format!("in {}", space_name(s)));
        if fig.wounds > 0 {
            parts.push(format!("{} wounds", fig.wounds));
        }
    }
    if fig.immobilized {
        parts.push("lying down (immobilized)".into());
    }
    if fig.on_fire {
        parts.push("on fire".into());
    }
    format!("{} ({side}): {}", figure_name(f), parts.join(", "))
}
