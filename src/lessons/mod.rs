//! Lessons: a short course for each game, as data run by the real rules.
//!
//! A lesson is a row of a game's table ([`Lesson`]): where it starts (a
//! setup, a seed and the actions that lead there: a save), its goal in a
//! sentence or two, which of the legal actions it offers (any other is
//! refused with the lesson's hint after the rules' own refusal, so a lesson
//! cannot drift from the rules), what it lights up, the other seats'
//! scripted replies, its test of success (and of failure, with what to
//! try), its par, and a solution the tests play through the real rules.
//!
//! The app lists a game's course from [`LessonInfo`]s and runs a lesson in
//! the game's own tab (see `ui::tab`).

pub mod daedalus;
pub mod dust_wings;
pub mod enchanted_plumes;
pub mod feathers_wax;
pub mod tail_feathers;

use crate::ai::Level;
use crate::rules::{Game, RuleViolation, Seat, Setup, ToMove};
use crate::session::{Player, Session};

/// Where a lesson starts: a new game and the actions that lead to its
/// position.
pub struct Start<G: Game> {
    /// The game's setup.
    pub setup: Setup<G::Options>,
    /// Its seed.
    pub seed: u64,
    /// The actions played before the lesson begins.
    pub actions: Vec<G::Action>,
}

/// One lesson of a game's course.
pub struct Lesson<G: Game> {
    /// Its id, unique in the game ("daedalus-build").
    pub id: &'static str,
    /// Its title.
    pub title: &'static str,
    /// About how long it takes.
    pub minutes: u8,
    /// The section of the game's rules page it teaches.
    pub section: &'static str,
    /// What to do, in a sentence or two.
    pub goal: &'static str,
    /// The seat the learner plays.
    pub learner: Seat,
    /// Where it starts.
    pub start: fn() -> Start<G>,
    /// Whether a legal action is one the lesson offers.
    pub offered: fn(&G, &G::Action) -> bool,
    /// Said when an action is refused (after the rules' own reason).
    pub hint: &'static str,
    /// The actions the lesson points at now (the view lights them up).
    pub highlight: fn(&G) -> Vec<G::Action>,
    /// The other seats' scripted reply, when one of them is to move.
    pub reply: fn(&G) -> Option<G::Action>,
    /// The lesson is done.
    pub done: fn(&G) -> bool,
    /// The lesson went wrong, with what to try instead.
    pub failed: fn(&G) -> Option<&'static str>,
    /// The learner's moves a good solution takes.
    pub par: u16,
    /// The learner's next move of a solution (the tests play it).
    pub solution: fn(&G) -> Option<G::Action>,
}

/// A lesson as the app lists it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LessonInfo {
    /// Its id.
    pub id: &'static str,
    /// Its title.
    pub title: &'static str,
    /// About how long it takes.
    pub minutes: u8,
    /// The rules-page section it teaches.
    pub section: &'static str,
    /// Its par.
    pub par: u16,
}

/// Why the lesson refuses a move: the rules' refusal (when the rules
/// refuse it), and the lesson's hint.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LessonRefusal {
    /// The rule and reason, when the rules refuse the move.
    pub rule: Option<RuleViolation>,
    /// What the lesson wants instead.
    pub hint: &'static str,
}

impl LessonRefusal {
    /// Why, without the hint: the rule and its reason, or that the move is
    /// not this lesson's (the lesson's tab adds the hint to every refusal
    /// of its frame, this one and the view's alike).
    #[must_use]
    pub fn reason(&self) -> String {
        self.rule.as_ref().map_or_else(|| "Not in this lesson".to_string(), ToString::to_string)
    }
}

impl std::fmt::Display for LessonRefusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}. Hint: {}", self.reason(), self.hint)
    }
}

impl<G: Game> Lesson<G> {
    /// The lesson as the app lists it.
    #[must_use]
    pub fn info(&self) -> LessonInfo {
        LessonInfo { id: self.id, title: self.title, minutes: self.minutes, section: self.section, par: self.par }
    }

    /// The seats: the learner a person, the others played by the lesson's
    /// script.
    #[must_use]
    pub fn players(&self, seats: u8) -> Vec<Player> {
        (0..seats)
            .map(|s| if Seat(s) == self.learner { Player::Human } else { Player::Computer(Level::Easy) })
            .collect()
    }

    /// The lesson's game at its start, with the other seats' replies (and
    /// chance) played up to the learner's first move.
    ///
    /// # Errors
    /// A start action the rules refuse (a lesson out of step with the
    /// rules), in words.
    pub fn session(&self) -> Result<Session<G>, String> {
        let start = (self.start)();
        let seats = start.setup.seats;
        let mut session = Session::new(start.setup, start.seed, self.players(seats));
        for (i, a) in start.actions.into_iter().enumerate() {
            session.propose(a).map_err(|v| format!("{}: start move {} is refused: {v}", self.id, i + 1))?;
        }
        self.play_replies(&mut session)?;
        Ok(session)
    }

    /// Whether the learner may play `a` now: the rules' refusal with the
    /// lesson's hint, or the hint alone when the rules allow it but the
    /// lesson does not offer it.
    ///
    /// # Errors
    /// Why it is refused.
    pub fn check(&self, g: &G, a: &G::Action) -> Result<(), LessonRefusal> {
        match g.check(a) {
            Err(v) => Err(LessonRefusal { rule: Some(v), hint: self.hint }),
            Ok(()) if !(self.offered)(g, a) => Err(LessonRefusal { rule: None, hint: self.hint }),
            Ok(()) => Ok(()),
        }
    }

    /// The verdict a view shows while a move is pointed at: the rules'
    /// refusal, else (for a move the lesson does not offer) the lesson's
    /// own, with its hint.
    ///
    /// # Errors
    /// Why the move is refused.
    pub fn verdict(&self, g: &G, a: &G::Action) -> Result<(), RuleViolation> {
        g.check(a)?;
        if (self.offered)(g, a) { Ok(()) } else { Err(RuleViolation::new("Lesson", self.hint)) }
    }

    /// Plays the other seats' scripted replies and the chance steps until
    /// the learner is to move, or the lesson (or the game) is over.
    ///
    /// # Errors
    /// A reply the rules refuse, or a seat the script does not answer for.
    pub fn play_replies(&self, session: &mut Session<G>) -> Result<(), String> {
        for _ in 0..10_000 {
            let state = session.state();
            if (self.done)(state) {
                return Ok(());
            }
            let a = match state.to_move() {
                ToMove::Nobody => return Ok(()),
                ToMove::Seat(s) if s == self.learner => return Ok(()),
                ToMove::Chance => state.legal_actions().into_iter().next(),
                ToMove::Seat(s) => Some(
                    (self.reply)(state).ok_or_else(|| format!("{}: no scripted reply for seat {}", self.id, s.0))?,
                ),
            };
            let Some(a) = a else { return Ok(()) };
            session.propose(a).map_err(|v| format!("{}: a scripted reply is refused: {v}", self.id))?;
        }
        Err(format!("{}: the replies never end", self.id))
    }

    /// Plays the lesson's solution through the real rules: the final
    /// state and the learner's moves, when it succeeds.
    ///
    /// # Errors
    /// Where the solution goes wrong, in words.
    pub fn play_solution(&self) -> Result<(G, u16), String> {
        let mut session = self.session()?;
        let start = session.cursor();
        for _ in 0..2_000u16 {
            if (self.done)(session.state()) {
                let moves = count_moves(&session, start, self.learner);
                return Ok((session.state().clone(), moves));
            }
            if let Some(why) = (self.failed)(session.state()) {
                return Err(format!("{}: the solution fails: {why}", self.id));
            }
            let a = (self.solution)(session.state()).ok_or_else(|| format!("{}: the solution has no move", self.id))?;
            self.check(session.state(), &a).map_err(|r| format!("{}: the solution's move is refused: {r}", self.id))?;
            session.propose(a).map_err(|v| v.to_string())?;
            self.play_replies(&mut session)?;
        }
        Err(format!("{}: the solution never ends", self.id))
    }
}

/// The moves `seat` made in `session` since action `start`, as a player
/// counts them (see [`Game::continues_move`]: a walk of seven steps is one
/// move, not seven).
#[must_use]
pub fn count_moves<G: Game>(session: &crate::session::Session<G>, start: usize, seat: Seat) -> u16 {
    let at = session.cursor().min(session.log().len()).min(session.actions().len());
    let mut moves = 0u16;
    let mut last: Option<&G::Action> = None;
    for (entry, action) in session.log()[start.min(at)..at].iter().zip(&session.actions()[start.min(at)..at]) {
        if entry.seat != Some(seat) {
            last = None;
            continue;
        }
        if !last.is_some_and(|prev| G::continues_move(prev, action)) {
            moves = moves.saturating_add(1);
        }
        last = Some(action);
    }
    moves
}
