//! Which move makes which sound, and what a tab has heard.
//!
//! [`Sounding`] says, per game, what a move sounds like: a card drawn, laid
//! or flipped, a piece set down, dice rolled. It decides from the kind of
//! move and what every seat may know after it (the phase, the dice the log
//! shows), never from a hidden card the move names: the other player's
//! draw sounds the same whichever card it is, a secret mission card laid
//! sounds the same as none, every secret bid sounds alike.
//!
//! [`Ears`] follows one table and, after each frame, says what was played
//! since: the moves' sounds, a game won by a person at this screen, and, in
//! an online game, the chime when the game comes back to you. It is silent
//! when history is rewritten rather than played (undo, redo, a replay, a
//! rematch, a tab loading, a friend's copy catching up): it only listens to
//! moves appended to the history it heard, a few at a time.

use crate::rules::daedalus::{self, Daedalus};
use crate::rules::dust_wings::{self, DustInTheWings};
use crate::rules::enchanted_plumes::{self, EnchantedPlumes};
use crate::rules::feathers_wax::{self, FeathersAndWax};
use crate::rules::tail_feathers::game::Event;
use crate::rules::tail_feathers::{self, TailFeathers};
use crate::rules::{Game, Seat};
use crate::session::{LogEntry, Player, Session};

use super::Sound;

/// More moves than this appended at once (a friend's copy catching up, a
/// game arriving whole) are taken in silence: no sound storm.
pub const MOST_AT_ONCE: usize = 8;
/// The most sounds one frame plays (each different).
pub const MOST_PER_FRAME: usize = 3;

/// What a game's moves sound like.
pub trait Sounding: Game {
    /// The sound of `action`, taken at `before` and leading to `after`, if
    /// it makes one. Only public facts may decide it: the kind of move, and
    /// what every seat sees of `before` and `after`; never which hidden card
    /// or secret value the action names.
    fn sound(before: &Self, action: &Self::Action, after: &Self) -> Option<Sound>;
}

impl Sounding for Daedalus {
    fn sound(_: &Self, action: &daedalus::Action, _: &Self) -> Option<Sound> {
        use daedalus::Action as A;
        match action {
            A::Pass => None,
            A::PlaceWall(_)
            | A::PlaceGladiator(_)
            | A::PlaceMinotaur(_)
            | A::MoveWall { .. }
            | A::MoveGladiator(_)
            | A::Escape
            | A::MoveMinotaur(_) => Some(Sound::PieceSet),
        }
    }
}

impl Sounding for DustInTheWings {
    fn sound(_: &Self, action: &dust_wings::Action, _: &Self) -> Option<Sound> {
        use dust_wings::Action as A;
        match action {
            A::Pick(_) | A::Drop { .. } => Some(Sound::PieceSet),
            A::Claim(_) => Some(Sound::CardDrawn),
        }
    }
}

impl Sounding for EnchantedPlumes {
    fn sound(_: &Self, action: &enchanted_plumes::Action, _: &Self) -> Option<Sound> {
        use enchanted_plumes::Action as A;
        Some(match action {
            // The three cards returned face down: one sound whichever they are.
            A::Keep { .. } | A::Play { .. } => Sound::CardLaid,
            A::Draw | A::Swap { .. } => Sound::CardDrawn,
        })
    }
}

impl Sounding for FeathersAndWax {
    fn sound(before: &Self, action: &feathers_wax::Action, _: &Self) -> Option<Sound> {
        use feathers_wax::Action as A;
        match action {
            // Phase 1 turns the next movement card face up; phase 3 draws
            // flight cards.
            A::Draw if before.phase() == feathers_wax::Phase::Collect => Some(Sound::CardFlipped),
            A::Draw | A::Unwing(_) => Some(Sound::CardDrawn),
            A::Step(_) => Some(Sound::PieceSet),
            A::UseKing | A::Wing { .. } | A::Play { .. } | A::Bonus(_) | A::Shift { .. } => Some(Sound::CardLaid),
            A::Stop | A::KeepKing | A::Launch | A::EndDraw | A::Done => None,
        }
    }
}

impl Sounding for TailFeathers {
    fn sound(_: &Self, action: &tail_feathers::Action, after: &Self) -> Option<Sound> {
        use tail_feathers::Action as A;
        // The dice the log shows (attacks, piloting checks, initiative,
        // fire, re-rolls), whatever move rolled them.
        if after.events().iter().any(|e| matches!(e, Event::Rolled { .. })) {
            return Some(Sound::DiceRolled);
        }
        match action {
            A::Deploy { .. }
            | A::Send(_)
            | A::Launch { .. }
            | A::Fly(_)
            | A::Perch
            | A::DropOff
            | A::Unload(_)
            | A::Move { .. }
            | A::Scurry { .. }
            | A::SiegeTo(_)
            | A::Revive(_) => Some(Sound::PieceSet),
            // A secret mission card or none: one sound, so the choice
            // stays secret.
            A::Mission(_) | A::PlaceMission(_) | A::Play(_) => Some(Sound::CardLaid),
            // Which card is picked is secret; that one is, is not.
            A::Pick(_) => Some(Sound::CardDrawn),
            // Every secret bid is silent alike.
            A::Bid(_)
            | A::Done
            | A::Tilt { .. }
            | A::Stay(_)
            | A::RollInitiative
            | A::Pass
            | A::Activate(_)
            | A::PilotingCheck
            | A::SetTilt(_)
            | A::PickUp(_)
            | A::Swoop
            | A::Continue
            | A::Hold(_)
            | A::Forage
            | A::CutLoose { .. }
            | A::Stand(_)
            | A::Strike { .. }
            | A::Shoot { .. }
            | A::Reroll(_)
            | A::AssignHit(_)
            | A::Douse(_)
            | A::FinalPhase
            | A::Siege(_)
            | A::Patrol(_)
            | A::Rescue(_)
            | A::NoCard
            | A::First(_)
            | A::Loose(_)
            | A::PatrolLeaf(_)
            | A::Idle => None,
        }
    }
}

/// What a tab has heard of its table: the history up to the last frame.
#[derive(Clone, Debug)]
pub struct Ears<G: Game> {
    revision: u64,
    heard: usize,
    last: Option<LogEntry>,
    state: G,
    person: Option<Seat>,
    over: bool,
    /// A friend's copy: the person's move sent to the host, with the view
    /// it was made on, until the host's next view shows it.
    sent: Option<(G, G::Action)>,
}

/// The seat a person at this screen decides for now, if any.
fn person_to_move<G: Game>(session: &Session<G>) -> Option<Seat> {
    session.player_to_move().filter(|(_, p)| *p == Player::Human).map(|(s, _)| s)
}

impl<G: Sounding> Ears<G> {
    /// Ears that have heard `session` as it is (a tab opening: silence).
    #[must_use]
    pub fn new(session: &Session<G>) -> Self {
        let log = session.log();
        Self {
            revision: session.revision(),
            heard: log.len(),
            last: log.last().cloned(),
            state: session.state().clone(),
            person: person_to_move(session),
            over: session.is_over(),
            sent: None,
        }
    }

    /// A friend's copy sends the person's `action`, made on the view
    /// `state`, to the host: the copy holds views, not moves, so this is how
    /// it knows what the person's own move sounds like when the host's next
    /// view shows it.
    pub fn sent(&mut self, state: &G, action: &G::Action) {
        self.sent = Some((state.clone(), action.clone()));
    }

    /// The host refused the move sent: it will make no sound.
    pub fn refused(&mut self) {
        self.sent = None;
    }

    /// Forgets what was heard and takes the table as it is now.
    fn reset(&mut self, session: &Session<G>) {
        let sent = self.sent.take();
        *self = Self::new(session);
        self.sent = sent;
    }

    /// Takes `session` as it is now without a sound (undo, redo, a replay
    /// stepped through, a copy catching up).
    pub fn settle(&mut self, session: &Session<G>) {
        if session.revision() != self.revision || session.log().len() != self.heard {
            self.reset(session);
        }
    }

    /// The sounds of what happened at the table since the last time:
    /// each new move's (when the table holds its moves: not a friend's
    /// copy, which holds only views), then "won" when the game just ended
    /// with a person at this screen among the winners, then, `online`, the
    /// chime when a person here is to move again after someone else moved.
    /// Each sound at most once, at most [`MOST_PER_FRAME`].
    pub fn listen(&mut self, session: &Session<G>, online: bool) -> Vec<Sound> {
        if session.revision() == self.revision {
            return Vec::new();
        }
        let log = session.log();
        let (from, to) = (self.heard, log.len());
        // Only moves added to the history heard: an undo, or another
        // history in its place, is taken in silence.
        let appended = to > from && (from == 0 || log.get(from - 1) == self.last.as_ref());
        let mut sounds = Vec::new();
        if appended && to - from <= MOST_AT_ONCE {
            let actions = session.actions();
            if actions.len() >= to {
                let mut state = self.state.clone();
                for action in &actions[from..to] {
                    let before = state.clone();
                    if state.apply(action).is_err() {
                        // Not the history heard after all: silence.
                        sounds.clear();
                        break;
                    }
                    sounds.extend(G::sound(&before, action, &state));
                }
            } else if let Some((before, action)) = self.sent.take() {
                // A friend's copy: the person's own move, once a view shows
                // it (the others' moves come as views only, and are quiet).
                let mover = before.to_move().seat();
                if mover.is_some() && log[from..].iter().any(|e| e.seat == mover) {
                    sounds.extend(G::sound(&before, &action, session.state()));
                } else {
                    self.sent = Some((before, action));
                }
            }
            let people = session.people();
            if !self.over
                && let Some(outcome) = session.state().outcome()
                && outcome.winners.iter().any(|w| people.contains(w))
            {
                sounds.push(Sound::Won);
            }
            let person = person_to_move(session);
            if online
                && !session.is_over()
                && let Some(me) = person
                && self.person != Some(me)
                && log.last().is_some_and(|e| e.seat != Some(me))
            {
                sounds.push(Sound::YourTurn);
            }
        }
        self.reset(session);
        let mut once = Vec::new();
        for s in sounds {
            if !once.contains(&s) && once.len() < MOST_PER_FRAME {
                once.push(s);
            }
        }
        once
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Rng, Setup};

    /// Plays `moves` random legal moves of a new `G` from `seed`, asking
    /// `check` of each (before, action, after).
    fn playout<G: Sounding>(seats: u8, seed: u64, moves: usize, mut check: impl FnMut(&G, &G::Action, &G)) {
        let mut state = G::new(&Setup { seats, options: G::Options::default() }, seed);
        let mut rng = Rng::seeded(seed ^ 0x5EED);
        for _ in 0..moves {
            let legal = state.legal_actions();
            if legal.is_empty() {
                break;
            }
            let action = legal[rng.below(legal.len())].clone();
            let before = state.clone();
            state.apply(&action).expect("a legal move");
            check(&before, &action, &state);
        }
    }

    /// The sound of each move is the same as seen from any other seat's
    /// side (its observation before and after): it tells nothing that seat
    /// may not know.
    fn sounds_only_of_what_every_seat_sees<G: Sounding>(seats: u8, moves: usize) {
        for seed in 0..4 {
            playout::<G>(seats, seed, moves, |before, action, after| {
                let heard = G::sound(before, action, after);
                for s in 0..seats {
                    let seat = Seat(s);
                    let seen = G::sound(&before.observation(seat), action, &after.observation(seat));
                    assert_eq!(heard, seen, "{action:?} sounds otherwise to seat {s}");
                }
            });
        }
    }

    #[test]
    fn enchanted_plumes_sounds_only_of_what_every_seat_sees() {
        sounds_only_of_what_every_seat_sees::<EnchantedPlumes>(3, 200);
    }

    #[test]
    fn tail_feathers_sounds_only_of_what_every_seat_sees() {
        sounds_only_of_what_every_seat_sees::<TailFeathers>(2, 300);
    }

    #[test]
    fn a_secret_choice_sounds_the_same_whatever_it_is() {
        use tail_feathers::Action as A;
        let tf = TailFeathers::new(&Setup { seats: 2, options: tail_feathers::game::Options::default() }, 1);
        let missions: Vec<_> = [None]
            .into_iter()
            .chain(tf.legal_actions().into_iter().filter_map(|a| match a {
                A::Mission(m) => m.map(Some),
                _ => None,
            }))
            .map(|m| TailFeathers::sound(&tf, &A::Mission(m), &tf))
            .collect();
        assert!(missions.windows(2).all(|w| w[0] == w[1]), "{missions:?}");
        let bids: Vec<_> = (0..4).map(|b| TailFeathers::sound(&tf, &A::Bid(b), &tf)).collect();
        assert!(bids.iter().all(|b| *b == bids[0]));
        let picks: Vec<_> = (0..20).map(|c| TailFeathers::sound(&tf, &A::Pick(c), &tf)).collect();
        assert!(picks.iter().all(|p| *p == Some(Sound::CardDrawn)));

        // Enchanted Plumes: any three cards returned sound alike, and the
        // draw is one sound whichever card comes.
        let ep = EnchantedPlumes::new(&Setup { seats: 2, options: enchanted_plumes::Options::default() }, 3);
        let keeps: Vec<_> = ep.legal_actions().iter().map(|a| EnchantedPlumes::sound(&ep, a, &ep)).collect();
        assert!(!keeps.is_empty() && keeps.iter().all(|k| *k == Some(Sound::CardLaid)));
    }

    #[test]
    fn each_game_makes_its_sounds() {
        // Over a few random games, each game makes the sounds its table
        // has: Daedalus sets pieces, the card games deal in cards, Tail
        // Feathers rolls dice.
        fn heard<G: Sounding>(seats: u8, seeds: u64, moves: usize) -> std::collections::BTreeSet<Sound> {
            let mut out = std::collections::BTreeSet::new();
            for seed in 0..seeds {
                playout::<G>(seats, seed, moves, |b, a, s| out.extend(G::sound(b, a, s)));
            }
            out
        }
        let heard: Vec<(&str, std::collections::BTreeSet<Sound>)> = vec![
            (Daedalus::INFO.name, heard::<Daedalus>(2, 1, 60)),
            (DustInTheWings::INFO.name, heard::<DustInTheWings>(2, 1, 60)),
            (EnchantedPlumes::INFO.name, heard::<EnchantedPlumes>(2, 1, 60)),
            (FeathersAndWax::INFO.name, heard::<FeathersAndWax>(1, 1, 80)),
            (TailFeathers::INFO.name, heard::<TailFeathers>(2, 3, 400)),
        ];
        for want in [
            (Daedalus::INFO.name, Sound::PieceSet),
            (DustInTheWings::INFO.name, Sound::PieceSet),
            (DustInTheWings::INFO.name, Sound::CardDrawn),
            (EnchantedPlumes::INFO.name, Sound::CardLaid),
            (EnchantedPlumes::INFO.name, Sound::CardDrawn),
            (FeathersAndWax::INFO.name, Sound::CardFlipped),
            (FeathersAndWax::INFO.name, Sound::PieceSet),
            (TailFeathers::INFO.name, Sound::PieceSet),
            (TailFeathers::INFO.name, Sound::DiceRolled),
        ] {
            let game = heard.iter().find(|(g, _)| *g == want.0).map(|(_, s)| s);
            assert!(game.is_some_and(|s| s.contains(&want.1)), "{want:?} never heard: {heard:?}");
        }
    }

    #[test]
    fn ears_hear_new_moves_not_undo_or_redo() {
        let players = vec![Player::Human, Player::Human];
        let mut s: Session<Daedalus> =
            Session::new(Setup { seats: 2, options: daedalus::Options::default() }, 7, players);
        let mut ears = Ears::new(&s);
        assert!(ears.listen(&s, false).is_empty(), "nothing happened");
        let a = s.state().legal_actions()[0].clone();
        s.propose(a).expect("legal");
        assert_eq!(ears.listen(&s, false), vec![Sound::PieceSet]);
        assert!(ears.listen(&s, false).is_empty(), "heard once");
        s.undo_one();
        assert!(ears.listen(&s, false).is_empty(), "undo is silent");
        s.redo_one();
        ears.settle(&s);
        assert!(ears.listen(&s, false).is_empty(), "a settled redo is silent");
        // Many moves at once (a game arriving whole): silent.
        for _ in 0..=MOST_AT_ONCE {
            let a = s.state().legal_actions()[0].clone();
            s.propose(a).expect("legal");
        }
        assert!(ears.listen(&s, false).is_empty());
    }

    #[test]
    fn online_the_chime_comes_when_the_game_comes_back_to_you() {
        // Seat 0 here, seat 1 a friend online.
        let players = vec![Player::Human, Player::Friend];
        let mut s: Session<Daedalus> =
            Session::new(Setup { seats: 2, options: daedalus::Options::default() }, 7, players);
        // Until the person here is to move.
        while person_to_move(&s).is_some() {
            let a = s.state().legal_actions()[0].clone();
            s.propose(a).expect("legal");
        }
        let mut ears = Ears::new(&s);
        let a = s.state().legal_actions()[0].clone();
        s.propose(a).expect("legal");
        assert!(person_to_move(&s).is_some(), "the friend built one wall: back to me");
        assert_eq!(ears.listen(&s, true), vec![Sound::PieceSet, Sound::YourTurn]);
        let a = s.state().legal_actions()[0].clone();
        s.propose(a).expect("legal");
        assert_eq!(ears.listen(&s, true), vec![Sound::PieceSet], "my own move: no chime");
    }
}
