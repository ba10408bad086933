//! The words of the decisions: button labels and what each mission does.

#![allow(
    clippy::many_single_char_names,
    clippy::similar_names,
    clippy::unused_self,
    reason = "drawing code reads best with the usual short names (p, r, f, u), and the view's helpers stay methods"
)]

use super::placed_name;
use crate::rules::tail_feathers::game::{
    Action, Crossing, TailFeathers, Target, kind_name, side_name, side_of_seat, space_name,
};
use crate::rules::{Game, Seat};

/// A decision's button text, in the chooser's own words.
pub(super) fn choice_label(state: &TailFeathers, a: &Action) -> String {
    match a {
        Action::Mission(None) => "No mission this round".into(),
        Action::Mission(Some(k)) => format!("Mission: {}", kind_name(*k)),
        Action::Bid(n) => format!("Bid {n} extra dice ({n} cheese)"),
        Action::Perch => "Perch here?".into(),
        Action::Swoop => match state.walking().and_then(|w| w.1) {
            Some(Crossing::Space(s)) => format!("Swoop at {}?", space_name(s)),
            Some(Crossing::Mission(m)) => format!("Swoop at the {} mission?", side_name(m).to_lowercase()),
            _ => "Swoop?".into(),
        },
        Action::Continue => "Fly on".into(),
        Action::DropOff => "Drop the passenger here".into(),
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
        Action::Hold(f) => format!("Activate {} where it stands", placed_name(state, *f)),
        Action::Stand(f) => format!("{} stands up", capitalise(&placed_name(state, *f))),
        _ => {
            let text = state.describe(a);
            let text = text.split_once(": ").map_or(text.as_str(), |x| x.1).to_string();
            let who = side_name(side_of_seat(state.to_move().seat().unwrap_or(Seat(0))));
            capitalise(text.strip_prefix(&format!("{who} ")).unwrap_or(&text))
        }
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
