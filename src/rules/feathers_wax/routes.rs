//! Daedalus's routes through the labyrinth (FW-R1, FW-R3, FW-R8): where the
//! movement card in play can take him, the cells a route enters, the nests
//! and hives it would draw from, and why a place is out of reach. The views
//! ask these instead of searching the labyrinth themselves.

use std::collections::VecDeque;

use super::{Cell, FeathersAndWax, Heading, LAB_H, LAB_W, LABYRINTH, Phase, Spot, Walker};
use crate::rules::RuleViolation;
use crate::rules::cards::Suit;

/// Where Daedalus may be sent in the labyrinth.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Target {
    /// A cell.
    Cell(Cell),
    /// Out through the exit door.
    Exit,
}

/// The steps that take Daedalus to `target` on the movement card in play
/// (shortest for hearts; straight for diamonds), if it can be reached.
#[must_use]
pub fn plan(g: &FeathersAndWax, target: Target) -> Option<Vec<Heading>> {
    let card = g.card()?;
    if g.pending().is_some() || g.phase() != Phase::Collect {
        return None;
    }
    let lab = &*LABYRINTH;
    let steps = usize::from(g.steps_left());
    let (start, prefix) = match g.walker() {
        Walker::Outside => (lab.entrance(), vec![Heading::E]),
        Walker::At(c) => (c, Vec::new()),
        Walker::Out => return None,
    };
    if prefix.len() > steps {
        return None;
    }
    if target == Target::Cell(start) {
        return (!prefix.is_empty()).then_some(prefix);
    }
    if card.suit == Suit::Diamonds {
        let headings =
            if prefix.is_empty() { g.heading().map_or(Heading::ALL.to_vec(), |h| vec![h]) } else { vec![Heading::E] };
        for h in headings {
            let mut at = start;
            let mut path = prefix.clone();
            while path.len() < steps {
                if lab.is_exit_door(at, h) {
                    path.push(h);
                    if target == Target::Exit {
                        return Some(path);
                    }
                    break;
                }
                let Some(n) = lab.neighbour(at, h) else { break };
                at = n;
                path.push(h);
                if target == Target::Cell(at) {
                    return Some(path);
                }
            }
        }
        return None;
    }
    // Hearts: breadth-first through open walls.
    let budget = steps - prefix.len();
    let mut prev: Vec<Option<(Cell, Heading)>> = vec![None; usize::from(LAB_W) * usize::from(LAB_H)];
    let index = |c: Cell| usize::from(c.y) * usize::from(LAB_W) + usize::from(c.x);
    let mut depth = vec![usize::MAX; prev.len()];
    depth[index(start)] = 0;
    let mut queue = VecDeque::from([start]);
    while let Some(c) = queue.pop_front() {
        for h in Heading::ALL {
            if let Some(n) = lab.neighbour(c, h)
                && depth[index(n)] == usize::MAX
                && depth[index(c)] < budget
            {
                depth[index(n)] = depth[index(c)] + 1;
                prev[index(n)] = Some((c, h));
                queue.push_back(n);
            }
        }
    }
    let (end, extra) = match target {
        Target::Cell(c) => (c, None),
        Target::Exit => (lab.exit(), Some(Heading::E)),
    };
    let d = depth[index(end)];
    if d == usize::MAX || d + usize::from(extra.is_some()) > budget {
        return None;
    }
    let mut back = Vec::new();
    let mut at = end;
    while let Some((p, h)) = prev[index(at)] {
        back.push(h);
        at = p;
    }
    back.reverse();
    let mut path = prefix;
    path.extend(back);
    path.extend(extra);
    Some(path)
}

/// The cells a path enters (the exit step enters none).
#[must_use]
pub fn path_cells(g: &FeathersAndWax, path: &[Heading]) -> Vec<Cell> {
    let lab = &*LABYRINTH;
    let mut at = match g.walker() {
        Walker::At(c) => Some(c),
        _ => None,
    };
    let mut cells = Vec::new();
    for &h in path {
        let next = match at {
            None => Some(lab.entrance()),
            Some(c) => lab.neighbour(c, h),
        };
        if let Some(n) = next {
            cells.push(n);
        }
        at = next;
    }
    cells
}

/// The nests and hives a path would draw from, as far as the player can
/// tell now (a Jailer or Maiden drawn on the way may change it).
#[must_use]
pub fn path_draws(g: &FeathersAndWax, path: &[Heading]) -> Vec<(Cell, Spot)> {
    let mut used: Vec<Cell> = Vec::new();
    let mut east = g.refreshed_east();
    let mut fresh_all = false;
    let (feathers, wax, _) = g.deck_counts();
    let mut out = Vec::new();
    for c in path_cells(g, path) {
        if (c.x == LAB_W - 1 && !east) || (c.x == 0 && east) {
            east = c.x == LAB_W - 1;
            fresh_all = true;
            used.clear();
        }
        let spot = LABYRINTH.spot(c);
        let open = match spot {
            Spot::Nest => !g.is_closed(Suit::Spades) && feathers > 0,
            Spot::Hive => !g.is_closed(Suit::Clubs) && wax > 0,
            Spot::Empty => false,
        };
        let was_used = (!fresh_all && g.is_used(c)) || used.contains(&c);
        if open && !was_used {
            out.push((c, spot));
            used.push(c);
        }
    }
    out
}

/// A way being dragged in words, for the note by the pointer: "1 step,
/// nothing to collect", "3 steps, draws: feather at c4, wax at d4".
#[must_use]
pub fn path_words(g: &FeathersAndWax, path: &[Heading]) -> String {
    let steps = crate::rules::words::count(path.len(), "step");
    let draws = path_draws(g, path);
    if draws.is_empty() {
        return format!("{steps}, nothing to collect");
    }
    let list: Vec<String> =
        draws.iter().map(|(c, s)| format!("{} at {c}", if *s == Spot::Nest { "feather" } else { "wax" })).collect();
    format!("{steps}, draws: {}", list.join(", "))
}

/// True when `path` ends by stepping out through the exit door.
#[must_use]
pub fn plan_ends_outside(state: &FeathersAndWax, path: &[Heading]) -> bool {
    let cells = path_cells(state, path);
    path.last() == Some(&Heading::E) && cells.len() < path.len() && cells.last() == Some(&LABYRINTH.exit())
}

/// Why Daedalus cannot be sent to `target` on the card in play.
#[must_use]
pub fn unreachable_reason(state: &FeathersAndWax, target: Target) -> RuleViolation {
    if state.card().is_none() {
        return RuleViolation::new("FW-R8", "no movement card is in play");
    }
    let what = match target {
        Target::Cell(c) => format!("{c}"),
        Target::Exit => "the exit".to_string(),
    };
    match state.card() {
        Some(c) if c.suit == Suit::Diamonds => {
            let line =
                format!("the {} moves Daedalus up to {} steps in one straight line", c.name(), state.steps_left());
            let why = match straight_line_to(state, target) {
                None => format!("{what} is not on one"),
                Some((h, _)) if state.heading().is_some_and(|set| set != h) => format!(
                    "he is already going {}, and {what} lies {}",
                    state.heading().map_or("", Heading::name),
                    h.name()
                ),
                Some((_, d)) if d > usize::from(state.steps_left()) => format!("{what} is {d} steps away"),
                Some((h, _)) => format!("a wall stands in the way {} to {what}", h.name()),
            };
            RuleViolation::new("FW-R1", format!("{line}: {why}"))
        }
        _ => RuleViolation::new(
            "FW-R1",
            format!("{what} is more than {} steps away through the open passages", state.steps_left()),
        ),
    }
}

/// The heading and the number of steps from where Daedalus stands (the
/// door, before he is in) to `target` when it lies on one straight line
/// from him, walls aside.
fn straight_line_to(state: &FeathersAndWax, target: Target) -> Option<(Heading, usize)> {
    let lab = &*LABYRINTH;
    // (Outside, he stands one step west of the entrance cell.)
    let (x, y) = match state.walker() {
        Walker::At(c) => (i32::from(c.x), i32::from(c.y)),
        Walker::Outside => (-1, i32::from(lab.entrance().y)),
        Walker::Out => return None,
    };
    let (tx, ty) = match target {
        Target::Cell(c) => (i32::from(c.x), i32::from(c.y)),
        Target::Exit => (i32::from(LAB_W), i32::from(lab.exit().y)),
    };
    let h = match (tx - x, ty - y) {
        (0, dy) if dy < 0 => Heading::N,
        (0, dy) if dy > 0 => Heading::S,
        (dx, 0) if dx > 0 => Heading::E,
        (dx, 0) if dx < 0 => Heading::W,
        _ => return None,
    };
    Some((h, usize::try_from((tx - x).abs() + (ty - y).abs()).unwrap_or(usize::MAX)))
}
