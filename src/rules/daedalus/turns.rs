//! A game's course: building (DA-R3), each escaping turn's parts in order
//! (DA-R7), the repetition and turn limits (DA-R12) and the end.

use super::{
    Action, Board, Colour, Daedalus, Options, Phase, Piece, PieceKind, PositionKey, SIZE, Shape, TURN_LIMIT,
    WALLS_EACH, board_row,
};
use crate::rules::grid::Square;
use crate::rules::words;
use crate::rules::{Game, Outcome, RuleViolation, Setup, and_list};

impl Daedalus {
    /// The pieces on the board.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The current phase.
    #[must_use]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The options this game uses.
    #[must_use]
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The colour to decide now (meaningless once the game is over).
    #[must_use]
    pub fn colour_to_move(&self) -> Colour {
        self.to_move
    }

    /// Who built first (DA-R2).
    #[must_use]
    pub fn first_builder(&self) -> Colour {
        self.first_builder
    }

    /// The number of the current escaping turn of `colour` (1-based; 0 before).
    #[must_use]
    pub fn turn_number(&self, colour: Colour) -> u16 {
        self.turns[colour.index()]
    }

    /// What the current escaping turn requires (DA-R7).
    #[must_use]
    pub fn required(&self) -> Shape {
        self.required
    }

    /// Where the walls moved this turn now stand.
    #[must_use]
    pub fn moved_walls(&self) -> &[Square] {
        &self.moved_walls
    }

    /// Whether the Gladiator has moved this turn.
    #[must_use]
    pub fn gladiator_moved(&self) -> bool {
        self.gladiator_moved
    }

    /// Whether the Minotaur moves at the end of this turn (DA-R7).
    #[must_use]
    pub fn minotaur_due(&self) -> bool {
        self.minotaur_due
    }

    /// A position built by hand for tests and puzzles: the escaping phase
    /// with `colour` to begin turn number `turn` on `board`.
    #[must_use]
    pub fn from_position(board: Board, to_move: Colour, turn: u16, options: Options) -> Self {
        let mut game = Daedalus::new(&Setup { seats: 2, options }, 0);
        game.board = board;
        game.phase = Phase::Escaping;
        game.placed = 2 * WALLS_EACH + 4;
        game.to_move = to_move;
        game.turns = [turn.saturating_sub(1); 2];
        game.turns[to_move.index()] = turn.saturating_sub(1);
        game.seen.clear();
        game.begin_turn(to_move);
        game
    }

    /// The kind of piece the building phase asks for now (DA-R3), or `None`
    /// once building is over.
    #[must_use]
    pub fn placement_due(&self) -> Option<PieceKind> {
        (self.phase == Phase::Building).then(|| self.building_step().1)
    }

    /// Why a drag is no action at all: the piece on `from` (or, for `None`,
    /// a piece from the tray of pieces to place) dragged onto a square, or
    /// off the board when `off_board`. For the drag-and-drop refusal.
    #[must_use]
    pub fn drag_refusal(&self, from: Option<Square>, off_board: bool) -> RuleViolation {
        let Some(from) = from else {
            return RuleViolation::new("DA-R3", "every piece is already placed");
        };
        if self.phase == Phase::Building {
            return RuleViolation::new(
                "DA-R3",
                format!("pieces are placed, not moved, while building (the piece on {from} stays)"),
            );
        }
        match (self.board.at(from), off_board) {
            (Some(Piece { kind: PieceKind::Gladiator, .. }) | None, true) => {
                RuleViolation::new("DA-R8", "only the player to move may step their own Gladiator off the board")
            }
            (Some(p), true) => RuleViolation::new("DA-R8", format!("only a Gladiator leaves the board, not the {p}")),
            (Some(p), false) => RuleViolation::new(
                "DA-R7",
                format!("it is {}'s turn: the {p} is not theirs to move", self.colour_to_move()),
            ),
            (None, false) => RuleViolation::new("DA-R7", format!("there is nothing on {from} to move")),
        }
    }

    /// Building step `k`: who places what (DA-R3).
    pub(super) fn building_step(&self) -> (Colour, PieceKind) {
        let first = self.first_builder;
        let k = self.placed;
        if k < 2 * WALLS_EACH {
            (if k.is_multiple_of(2) { first } else { first.other() }, PieceKind::Wall)
        } else {
            let j = k - 2 * WALLS_EACH;
            let colour = if j.is_multiple_of(2) { first } else { first.other() };
            (colour, if j < 2 { PieceKind::Gladiator } else { PieceKind::Minotaur })
        }
    }

    pub(super) fn shape_done(&self) -> bool {
        self.moved_walls.len() as u8 == self.required.walls && self.gladiator_moved == self.required.gladiator
    }

    /// What the mover still has to do this turn, in the order it is done:
    /// "move 2 walls, the Gladiator, then the Minotaur", "now the
    /// Minotaur", with a word when the Gladiator may not move at all.
    pub(super) fn turn_left(&self) -> String {
        let walls_left = self.required.walls.saturating_sub(self.moved_walls.len() as u8);
        let mut steps: Vec<String> = Vec::new();
        match walls_left {
            0 => {}
            1 if self.required.walls == 2 => steps.push("1 more wall".into()),
            1 => steps.push("1 wall".into()),
            n => steps.push(format!("{n} walls")),
        }
        if self.required.gladiator && !self.gladiator_moved {
            steps.push("the Gladiator".into());
        }
        let mut text = match (steps.len(), self.minotaur_due) {
            (0, true) => "now move the Minotaur".to_string(),
            (0, false) => "the turn is complete".to_string(),
            (_, true) => format!("move {}, then the Minotaur", steps.join(", ")),
            (_, false) => format!("move {}", steps.join(" and ")),
        };
        if !self.required.gladiator {
            text.push_str(" (the Gladiator cannot move this turn)");
        }
        text
    }

    pub(super) fn key(&self) -> PositionKey {
        PositionKey {
            board: self.board,
            to_move: self.to_move,
            parity: [self.turns[0].is_multiple_of(2), self.turns[1].is_multiple_of(2)],
        }
    }

    /// Starts `colour`'s next escaping turn: count it, work out its required
    /// shape, and apply the draw rules (DA-R12).
    pub(super) fn begin_turn(&mut self, colour: Colour) {
        self.to_move = colour;
        self.moved_walls.clear();
        self.gladiator_moved = false;
        if self.turns.iter().all(|&t| t >= TURN_LIMIT) {
            self.finish(vec![], format!("Draw: both players have played {TURN_LIMIT} escaping turns (DA-R12)"));
            return;
        }
        let key = {
            use std::hash::{Hash, Hasher};
            // SipHash with fixed keys: the same on every platform and run.
            let mut h = std::hash::DefaultHasher::new();
            self.key().hash(&mut h);
            h.finish()
        };
        let repeats = self.seen.iter().filter(|&&k| k == key).count() + 1;
        self.seen.push(key);
        if repeats >= 3 {
            self.finish(vec![], "Draw: the same position occurred for the third time (DA-R12)".to_string());
            return;
        }
        self.turns[colour.index()] += 1;
        self.minotaur_due = self.turns[colour.index()] % 2 == 1;
        self.required = self.board.required_shape(colour, self.options.walls_roam);
        self.must_pass = false;
        if self.shape_done() {
            // Nothing is owed but maybe the Minotaur (DA-R11 if not even that).
            if !self.minotaur_due || self.board.minotaur_targets(colour).is_empty() {
                self.must_pass = true;
            }
        }
    }

    pub(super) fn end_turn(&mut self) {
        let next = self.to_move.other();
        self.begin_turn(next);
    }

    /// After a wall or Gladiator move: end the turn if nothing more is owed.
    pub(super) fn after_part(&mut self) {
        if self.shape_done() && (!self.minotaur_due || self.board.minotaur_targets(self.to_move).is_empty()) {
            self.end_turn();
        }
    }

    pub(super) fn finish(&mut self, winners: Vec<Colour>, reason: String) {
        self.phase = Phase::Over;
        let scores = Colour::BOTH.iter().map(|c| i32::from(winners.contains(c))).collect();
        self.outcome = Some(Outcome { winners: winners.into_iter().map(Colour::seat).collect(), scores, reason });
    }

    pub(super) fn owed(&self) -> String {
        let mut parts = Vec::new();
        let walls_left = self.required.walls.saturating_sub(self.moved_walls.len() as u8);
        if walls_left > 0 {
            parts.push(words::count(usize::from(walls_left), "more wall move"));
        }
        if self.required.gladiator && !self.gladiator_moved {
            parts.push("the Gladiator move".to_string());
        }
        if parts.is_empty() { "nothing but the Minotaur".to_string() } else { and_list(&parts) }
    }

    pub(super) fn check_building(&self, action: &Action) -> Result<Board, RuleViolation> {
        let (colour, kind) = self.building_step();
        let (sq, wanted) = match *action {
            Action::PlaceWall(sq) => (sq, PieceKind::Wall),
            Action::PlaceGladiator(sq) => (sq, PieceKind::Gladiator),
            Action::PlaceMinotaur(sq) => (sq, PieceKind::Minotaur),
            _ => {
                return Err(RuleViolation::new(
                    "DA-R3",
                    format!("the building phase is still on: {} must place a {}", colour.name(), kind.name()),
                ));
            }
        };
        if wanted != kind {
            let walls_left = WALLS_EACH - self.board.walls(colour).len() as u8;
            let why = match kind {
                PieceKind::Wall => {
                    format!("{} still has {walls_left} wall(s) to place before any Gladiator", colour.name())
                }
                PieceKind::Gladiator => format!("{} places a Gladiator now", colour.name()),
                PieceKind::Minotaur => format!("{} places a Minotaur now", colour.name()),
            };
            return Err(RuleViolation::new("DA-R3", why));
        }
        if let Some(p) = self.board.at(sq) {
            return Err(RuleViolation::new("DA-R6", format!("{sq} is occupied by the {p}")));
        }
        let mut next = self.board;
        next.put(sq, Piece { kind, colour });
        match kind {
            PieceKind::Wall => {
                if !colour.owns_half(sq) {
                    return Err(RuleViolation::new(
                        "DA-R3",
                        format!(
                            "{sq} is on row {}: walls are placed on your half ({})",
                            board_row(sq),
                            colour.half_on_board()
                        ),
                    ));
                }
                if let Some(why) = next.wall_crowding(colour, sq) {
                    return Err(RuleViolation::new("DA-R4", why));
                }
                let placed = next.walls(colour).len() as u8;
                if let Some(why) = next.unfinishable_building(colour, WALLS_EACH - placed) {
                    return Err(RuleViolation::new("DA-R3", format!("after this wall {why}")));
                }
            }
            PieceKind::Gladiator if sq.y == colour.near_y() => {
                if next.trapped_gladiator().is_none()
                    && let Some(why) = next.unfinishable_building(colour, 0)
                {
                    return Err(RuleViolation::new("DA-R3", format!("with the Gladiator on {sq} {why}")));
                }
            }
            _ => {
                if sq.y != colour.near_y() {
                    return Err(RuleViolation::new(
                        "DA-R3",
                        format!(
                            "the {} starts on your near row (row {}); {sq} is on row {}",
                            kind.name(),
                            board_row(Square::new(0, colour.near_y())),
                            board_row(sq)
                        ),
                    ));
                }
            }
        }
        next.trap_violation(&format!("placing the {} on {sq}", kind.name()))?;
        Ok(next)
    }

    /// Checks an escaping-phase action; on success returns the board after
    /// it and whether it ends the game (escape or kill).
    pub(super) fn check_escaping(&self, action: &Action, full: bool) -> Result<(Board, bool), RuleViolation> {
        let colour = self.to_move;
        let roam = self.options.walls_roam;
        if self.must_pass {
            return if *action == Action::Pass {
                Ok((self.board, false))
            } else {
                Err(RuleViolation::new("DA-R11", format!("{} has no legal move at all and must pass", colour.name())))
            };
        }
        let minotaur_stage = self.shape_done();
        match *action {
            Action::Pass => Err(RuleViolation::new(
                "DA-R11",
                format!("a turn passes only when nothing can be moved; {} still owes {}", colour.name(), self.owed()),
            )),
            Action::PlaceWall(_) | Action::PlaceGladiator(_) | Action::PlaceMinotaur(_) => {
                Err(RuleViolation::new("DA-R3", "the building phase is over: every piece is placed"))
            }
            Action::MoveWall { from, to } => {
                if minotaur_stage || self.moved_walls.len() as u8 >= self.required.walls {
                    return Err(RuleViolation::new(
                        "DA-R7",
                        format!(
                            "this turn needs {}; {} already made {}",
                            self.required,
                            colour.name(),
                            if self.required.walls == 1 { "its wall move" } else { "both wall moves" }
                        ),
                    ));
                }
                if self.moved_walls.contains(&from) {
                    return Err(RuleViolation::new(
                        "DA-R7",
                        format!("the wall on {from} already moved this turn: move two different walls"),
                    ));
                }
                let next = self.board.try_wall_move(colour, from, to, roam)?;
                let mut moved = self.moved_walls.clone();
                moved.push(to);
                let walls_left = self.required.walls - moved.len() as u8;
                let glad_left = self.required.gladiator && !self.gladiator_moved;
                if full && !next.can_complete(colour, &moved, walls_left, glad_left, roam) {
                    return Err(self.incomplete_violation());
                }
                Ok((next, false))
            }
            Action::MoveGladiator(to) => {
                self.gladiator_allowed(minotaur_stage)?;
                let next = self.board.try_gladiator_move(colour, to)?;
                let walls_left = self.required.walls - self.moved_walls.len() as u8;
                if full && !next.can_complete(colour, &self.moved_walls, walls_left, false, roam) {
                    return Err(self.incomplete_violation());
                }
                Ok((next, false))
            }
            Action::Escape => {
                self.gladiator_allowed(minotaur_stage)?;
                self.board.try_escape(colour)?;
                Ok((self.board, true))
            }
            Action::MoveMinotaur(to) => {
                if !self.minotaur_due {
                    return Err(RuleViolation::new(
                        "DA-R7",
                        format!(
                            "the Minotaur moves on your odd-numbered turns only; this is {}'s turn {}",
                            colour.name(),
                            self.turns[colour.index()]
                        ),
                    ));
                }
                if !minotaur_stage {
                    return Err(RuleViolation::new(
                        "DA-R7",
                        format!("the Minotaur moves last; first make {}", self.owed()),
                    ));
                }
                let (next, kill) = self.board.try_minotaur_move(colour, to)?;
                Ok((next, kill))
            }
        }
    }

    pub(super) fn gladiator_allowed(&self, minotaur_stage: bool) -> Result<(), RuleViolation> {
        if self.gladiator_moved {
            return Err(RuleViolation::new("DA-R7", "the Gladiator already moved this turn"));
        }
        if minotaur_stage || !self.required.gladiator {
            return Err(RuleViolation::new(
                "DA-R7",
                format!("no complete turn can include a Gladiator move now: this turn needs {}", self.required),
            ));
        }
        Ok(())
    }

    pub(super) fn incomplete_violation(&self) -> RuleViolation {
        RuleViolation::new("DA-R7", format!("after this move the turn could not be completed with {}", self.required))
    }

    /// Applies `action`; with `full` false the turn-completion search is
    /// skipped (only for actions taken from `legal_actions`).
    pub(super) fn apply_with(&mut self, action: &Action, full: bool) -> Result<(), RuleViolation> {
        match self.phase {
            Phase::Over => Err(RuleViolation::new("RULES", "the game is over")),
            Phase::Building => {
                self.board = self.check_building(action)?;
                self.placed += 1;
                if self.placed == 2 * WALLS_EACH + 4 {
                    // DA-R2: the second builder moves first when escaping.
                    self.phase = Phase::Escaping;
                    self.begin_turn(self.first_builder.other());
                } else {
                    self.to_move = self.building_step().0;
                }
                Ok(())
            }
            Phase::Escaping => {
                let (board, ends) = self.check_escaping(action, full)?;
                let colour = self.to_move;
                self.board = board;
                match *action {
                    Action::Escape => {
                        self.finish(vec![colour], format!("{}'s Gladiator escaped off the far edge", colour.name()));
                    }
                    Action::MoveMinotaur(_) if ends => {
                        self.finish(
                            vec![colour],
                            format!("{}'s Minotaur killed {}'s Gladiator", colour.name(), colour.other().name()),
                        );
                    }
                    Action::MoveMinotaur(_) | Action::Pass => self.end_turn(),
                    Action::MoveWall { to, .. } => {
                        self.moved_walls.push(to);
                        self.after_part();
                    }
                    Action::MoveGladiator(_) => {
                        self.gladiator_moved = true;
                        self.after_part();
                    }
                    Action::PlaceWall(_) | Action::PlaceGladiator(_) | Action::PlaceMinotaur(_) => {
                        unreachable!("placements are refused in the escaping phase")
                    }
                }
                Ok(())
            }
        }
    }

    /// Every action that could be proposed: placements on every square,
    /// every piece to every square within two steps, escape and pass.
    pub(super) fn candidates(&self) -> Vec<Action> {
        let mut out = Vec::new();
        for sq in Square::all(SIZE, SIZE) {
            out.push(Action::PlaceWall(sq));
            out.push(Action::PlaceGladiator(sq));
            out.push(Action::PlaceMinotaur(sq));
        }
        let near = |from: Square| {
            Square::all(SIZE, SIZE)
                .filter(move |s| s.x.abs_diff(from.x) <= 2 && s.y.abs_diff(from.y) <= 2 && *s != from)
        };
        for colour in Colour::BOTH {
            for from in self.board.walls(colour) {
                out.extend(near(from).map(|to| Action::MoveWall { from, to }));
            }
            for from in self.board.gladiator(colour).into_iter().chain(self.board.minotaur(colour)) {
                out.extend(near(from).map(Action::MoveGladiator));
                out.extend(near(from).map(Action::MoveMinotaur));
            }
        }
        // An empty square as a wall's origin, and a wall on a far square.
        out.push(Action::MoveWall { from: Square::new(3, 3), to: Square::new(3, 4) });
        out.push(Action::Escape);
        out.push(Action::Pass);
        out.sort();
        out.dedup();
        out
    }
}
