//! Whose secrets the screen may show (a hand, a face-down card, a secret
//! mission or bid): one seat's, nobody's or everybody's. The one hand-off
//! policy type of every game with secrets.

use crate::rules::Seat;

/// Whose secrets the screen may show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Viewer {
    /// Only this seat's.
    Seat(Seat),
    /// Nobody's (hand-off pending, or a computer acts between people).
    Nobody,
    /// Everybody's (computers only, or the game is over).
    All,
}

impl Viewer {
    /// The seat whose knowledge applies to `seat`'s cards, for the rules'
    /// "as seen by" questions: the viewer's own seat, `seat` itself when
    /// everything is shown, `None` when nobody's private cards are.
    #[must_use]
    pub fn knowledge_for(self, seat: Seat) -> Option<Seat> {
        match self {
            Viewer::Seat(s) => Some(s),
            Viewer::Nobody => None,
            Viewer::All => Some(seat),
        }
    }

    /// Whether `seat`'s secrets may be shown.
    #[must_use]
    pub fn sees(self, seat: Seat) -> bool {
        match self {
            Viewer::Seat(s) => s == seat,
            Viewer::Nobody => false,
            Viewer::All => true,
        }
    }
}
