//! The flight so far, drawn on the sky: each flyer's way from the tower as
//! a dotted line in his colour, a small mark on each square he stopped on,
//! and a loose feather where he lost a wing section (the sky was a bare
//! board between two figures, its story only in the log: review 7).

use egui::{Color32, Painter, Pos2, Shape, Stroke, Vec2};

use crate::rules::Game;
use crate::rules::feathers_wax::{FeathersAndWax, Flyer, Phase, Place};
use crate::session::Session;
use crate::ui::art::{self, FeatherLook};
use crate::ui::theme::{DAYLIGHT, Palette, mix};

/// A square a flyer stopped on in the flight: its column, its row, and
/// whether he lost a wing section on the way there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stop {
    /// The square's column.
    pub col: u8,
    /// The square's row.
    pub row: u8,
    /// A wing section was lost on the way here.
    pub lost: bool,
}

/// Each flyer's stops in the flight so far, Icarus's first, the square he
/// stands on now last.
pub type Trails = [Vec<Stop>; 2];

/// The flight so far, replayed from the game's history: public alone (where
/// each flyer stood after each move, seen by anyone at the table). None for
/// a game whose history does not lead to the position shown (one set up
/// from a position, as tests do).
#[must_use]
pub fn trails(session: &Session<FeathersAndWax>) -> Option<Trails> {
    let mut game = FeathersAndWax::new(session.setup(), session.seed());
    let mut trails: Trails = Default::default();
    let mut sections = [0usize; 2];
    for action in &session.actions()[..session.cursor()] {
        game.apply(action).ok()?;
        if !matches!(game.phase(), Phase::Flight | Phase::Over) {
            continue;
        }
        for f in Flyer::BOTH {
            let i = f as usize;
            let now = game.wings(f).len();
            let shed = !trails[i].is_empty() && now < sections[i];
            sections[i] = now;
            if let Place::Sky { col, row } = game.place(f) {
                let t = &mut trails[i];
                match t.last_mut() {
                    Some(prev) if (prev.col, prev.row) == (col, row) => prev.lost |= shed,
                    _ => t.push(Stop { col, row, lost: shed }),
                }
            }
        }
    }
    let here = |f: Flyer| game.place(f) == session.state().place(f) && game.wings(f) == session.state().wings(f);
    Flyer::BOTH.into_iter().all(here).then_some(trails)
}

/// Paints one flyer's trail: `points` are the centres of his stops (the
/// last where he stands, under his figure), `lost` marks those reached
/// with a section fewer; `cell` is a square's side.
pub fn paint(painter: &Painter, palette: &Palette, points: &[(Pos2, bool)], colour: Color32, cell: f32) {
    if points.len() < 2 {
        return;
    }
    let ink = mix(colour, palette.outline, 0.25).gamma_multiply(0.8);
    let path: Vec<Pos2> = points.iter().map(|&(p, _)| p).collect();
    // A soft halo under the dots, so they read on the sun's warm band
    // and the sea's blue alike.
    painter.add(Shape::line(path.clone(), Stroke::new(cell * 0.09, DAYLIGHT.gamma_multiply(0.22))));
    painter.extend(Shape::dotted_line(&path, ink, cell * 0.16, cell * 0.035));
    let look = FeatherLook {
        base: palette.wall,
        tip: mix(palette.wall, palette.honey, 0.35),
        ink: mix(palette.wall, palette.outline, 0.55),
        eye: None,
        bands: 0,
        spots: 0,
    };
    for (k, &(p, lost)) in points.iter().enumerate() {
        let last = k + 1 == points.len();
        if !last {
            painter.circle(p, cell * 0.075, colour.gamma_multiply(0.85), Stroke::new(1.5, ink));
        }
        if lost {
            // A loose feather drifting down beside the square.
            let quill = p + Vec2::new(cell * 0.2, cell * 0.05);
            art::feather(painter, quill, quill + Vec2::new(cell * 0.12, cell * 0.26), cell * 0.1, 0.2, &look);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::feathers_wax::Policy;
    use crate::rules::feathers_wax::Options;
    use crate::rules::{Rng, Setup};
    use crate::session::Player;

    /// A game played by the advisor until `stop`.
    fn played_until(seed: u64, stop: impl Fn(&FeathersAndWax) -> bool) -> Session<FeathersAndWax> {
        let mut s = Session::new(Setup { seats: 1, options: Options {} }, seed, vec![Player::Human]);
        let mut rng = Rng::seeded(seed);
        while !stop(s.state()) {
            let a = Policy::default().choose(s.state(), &mut rng).expect("the game goes on");
            s.propose(a).expect("the advisor plays legally");
        }
        s
    }

    #[test]
    fn a_trail_runs_from_the_tower_to_where_the_flyer_stands_and_marks_each_section_lost() {
        // A flight some way on, with a section lost on the way.
        let lost_one = |g: &FeathersAndWax| g.phase() == Phase::Flight && g.wings(Flyer::Icarus).len() + 1 < 3;
        let s = (1..300)
            .map(|seed| played_until(seed, |g| g.phase() == Phase::Over || lost_one(g)))
            .find(|s| s.state().phase() == Phase::Flight && matches!(s.state().place(Flyer::Icarus), Place::Sky { .. }))
            .expect("some flight goes on after a lost section");
        let t = trails(&s).expect("a game from its deal has a trail");
        let icarus = &t[Flyer::Icarus as usize];
        assert_eq!(icarus.first().map(|s| s.col), Some(0), "starts in the tower");
        let Place::Sky { col, row } = s.state().place(Flyer::Icarus) else { unreachable!() };
        assert_eq!(icarus.last().map(|s| (s.col, s.row)), Some((col, row)), "ends where he stands");
        assert!(icarus.iter().any(|s| s.lost), "the lost section is marked");
        // Undone to the flight's start, the trail is the tower alone.
        let mut back = s;
        while back.state().phase() == Phase::Flight && back.undo_one() {}
        back.redo_one();
        assert!(trails(&back).expect("a trail")[0].len() <= 1);
    }
}
