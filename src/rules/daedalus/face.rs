//! Daedalus as a [`Game`]: the legal actions, checking and applying them,
//! what each seat may see and the words of the log.

use super::{Action, Board, Colour, Daedalus, Exit, Options, Phase, PieceKind, SIZE, Shape, WALLS_EACH};
use crate::rules::grid::Square;
use crate::rules::{Game, GameInfo, Outcome, Rng, RuleViolation, Seat, Setup, ToMove};

impl Game for Daedalus {
    type Action = Action;
    type Options = Options;

    const INFO: GameInfo = GameInfo { id: "daedalus", name: "Daedalus", min_seats: 2, max_seats: 2 };

    fn new(setup: &Setup<Options>, seed: u64) -> Self {
        let mut rng = Rng::seeded(seed);
        // DA-R2: the coin decides who builds first.
        let first_builder = if rng.coin() { Colour::White } else { Colour::Black };
        Daedalus {
            options: setup.options.clone(),
            rng,
            board: Board::default(),
            phase: Phase::Building,
            first_builder,
            placed: 0,
            to_move: first_builder,
            turns: [0; 2],
            moved_walls: Vec::new(),
            gladiator_moved: false,
            required: Shape { walls: 2, gladiator: true },
            minotaur_due: false,
            must_pass: false,
            seen: Vec::new(),
            outcome: None,
        }
    }

    fn setup(&self) -> Setup<Options> {
        Setup { seats: 2, options: self.options.clone() }
    }

    fn to_move(&self) -> ToMove {
        match self.phase {
            Phase::Over => ToMove::Nobody,
            Phase::Building => ToMove::Seat(self.building_step().0.seat()),
            Phase::Escaping => ToMove::Seat(self.to_move.seat()),
        }
    }

    fn legal_actions(&self) -> Vec<Action> {
        let colour = self.to_move;
        let roam = self.options.walls_roam;
        let mut out = Vec::new();
        match self.phase {
            Phase::Over => {}
            Phase::Building => {
                let (colour, kind) = self.building_step();
                for sq in Square::all(SIZE, SIZE) {
                    let a = match kind {
                        PieceKind::Wall => Action::PlaceWall(sq),
                        PieceKind::Gladiator => Action::PlaceGladiator(sq),
                        PieceKind::Minotaur => Action::PlaceMinotaur(sq),
                    };
                    let plausible = match kind {
                        PieceKind::Wall => colour.owns_half(sq),
                        _ => sq.y == colour.near_y(),
                    };
                    if plausible && self.check_building(&a).is_ok() {
                        out.push(a);
                    }
                }
            }
            Phase::Escaping if self.must_pass => out.push(Action::Pass),
            Phase::Escaping if self.shape_done() => {
                out.extend(self.board.minotaur_targets(colour).into_iter().map(Action::MoveMinotaur));
            }
            Phase::Escaping => {
                let walls_left = self.required.walls - self.moved_walls.len() as u8;
                let glad_left = self.required.gladiator && !self.gladiator_moved;
                if walls_left > 0 {
                    for (from, to, b) in self.board.wall_moves(colour, &self.moved_walls, roam) {
                        let mut moved = self.moved_walls.clone();
                        moved.push(to);
                        if b.can_complete(colour, &moved, walls_left - 1, glad_left, roam) {
                            out.push(Action::MoveWall { from, to });
                        }
                    }
                }
                if glad_left {
                    if self.board.try_escape(colour).is_ok() {
                        out.push(Action::Escape);
                    }
                    let exits: Vec<Exit> = self.board.exits(colour).collect();
                    for exit in exits {
                        if let Exit::To(to) = exit
                            && let Ok(b) = self.board.try_gladiator_move(colour, to)
                            && b.can_complete(colour, &self.moved_walls, walls_left, false, roam)
                        {
                            out.push(Action::MoveGladiator(to));
                        }
                    }
                }
            }
        }
        out.sort();
        out
    }

    fn well_formed(&self) -> Result<(), String> {
        self.well_formed_state()
    }

    fn validate(&self, action: &Action) -> Result<(), String> {
        let squares: &[Square] = match action {
            Action::PlaceWall(s)
            | Action::PlaceGladiator(s)
            | Action::PlaceMinotaur(s)
            | Action::MoveGladiator(s)
            | Action::MoveMinotaur(s) => &[*s],
            Action::MoveWall { from, to } => &[*from, *to],
            Action::Escape | Action::Pass => &[],
        };
        match squares.iter().find(|s| s.x >= SIZE || s.y >= SIZE) {
            Some(s) => Err(format!("{s} is off the board, which runs from a1 to h8")),
            None => Ok(()),
        }
    }

    fn check(&self, action: &Action) -> Result<(), RuleViolation> {
        self.validate(action).map_err(|why| RuleViolation::new("RULES", why))?;
        match self.phase {
            Phase::Over => Err(RuleViolation::new("RULES", "the game is over")),
            Phase::Building => self.check_building(action).map(|_| ()),
            Phase::Escaping => self.check_escaping(action, true).map(|_| ()),
        }
    }

    fn apply(&mut self, action: &Action) -> Result<(), RuleViolation> {
        self.validate(action).map_err(|why| RuleViolation::new("RULES", why))?;
        self.apply_with(action, true)
    }

    fn apply_legal(&mut self, action: &Action) {
        // Taken from `legal_actions`: the turn is known to be completable.
        let _ = self.apply_with(action, false);
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }

    fn observation(&self, _seat: Seat) -> Self {
        // Perfect information: everything but the RNG is public.
        let mut obs = self.clone();
        obs.rng = Rng::seeded(0);
        obs
    }

    fn determinize(&self, _seat: Seat, rng: &mut Rng) -> Self {
        let mut copy = self.clone();
        copy.rng = rng.split();
        copy
    }

    fn describe(&self, action: &Action) -> String {
        let who = match self.phase {
            Phase::Building => self.building_step().0,
            _ => self.to_move,
        };
        let name = who.name();
        match *action {
            Action::PlaceWall(sq) => format!("{name} places a wall on {sq}"),
            Action::PlaceGladiator(sq) => format!("{name} places the Gladiator on {sq}"),
            Action::PlaceMinotaur(sq) => format!("{name} places the Minotaur on {sq}"),
            Action::MoveWall { from, to } => format!("{name} moves a wall {from} to {to}"),
            Action::MoveGladiator(to) => {
                let from = self.board.gladiator(who).map_or_else(String::new, |s| s.to_string());
                format!("{name}'s Gladiator {from} to {to}")
            }
            Action::Escape => format!("{name}'s Gladiator escapes off the board"),
            Action::MoveMinotaur(to) => {
                let from = self.board.minotaur(who).map_or_else(String::new, |s| s.to_string());
                if self.board.gladiator(who.other()) == Some(to) {
                    format!("{name}'s Minotaur {from} to {to} kills {}'s Gladiator", who.other().name())
                } else {
                    format!("{name}'s Minotaur {from} to {to}")
                }
            }
            Action::Pass => format!("{name} cannot move anything and passes (DA-R11)"),
        }
    }

    fn status(&self) -> String {
        match self.phase {
            Phase::Over => self.outcome.as_ref().map_or_else(String::new, |o| o.reason.clone()),
            Phase::Building => {
                let (colour, kind) = self.building_step();
                match kind {
                    PieceKind::Wall => format!(
                        "{}: place wall {} of {WALLS_EACH} on your half ({})",
                        colour.name(),
                        self.board.walls(colour).len() + 1,
                        colour.half_on_board()
                    ),
                    _ => format!("{}: place your {} on your near row", colour.name(), kind.name()),
                }
            }
            Phase::Escaping => {
                let c = self.to_move;
                if self.must_pass {
                    return format!("{}: nothing can move — pass (DA-R11)", c.name());
                }
                format!("{} to move, turn {}: {}", c.name(), self.turns[c.index()], self.turn_left())
            }
        }
    }

    fn pseudo_legal(&self) -> Vec<Action> {
        self.candidates()
    }

    fn seat_name(&self, seat: Seat) -> String {
        Colour::of(seat).name().to_string()
    }
}
