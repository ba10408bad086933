//! The log of Dust in the Wings a turn to a line: who emptied which space,
//! where each butterfly was dropped and the card taken. A line for every
//! butterfly, each with the renewal's details, filled a third of the
//! screen and drew the eye from the meadow; the meadow and the cards mark
//! the last turn and the last renewal themselves.

use crate::rules::dust_wings::Action;
use crate::session::LogEntry;

/// The `log` of the moves `actions` (one entry each, in step), a line per
/// turn: "Ada picks up 3 butterflies from b5, drops red on a5, yellow on
/// a4, blue on a3; takes Gathering 1 red, 2 yellow with 2 crystals (3
/// points)". A log out of step with the moves is shown as it is.
#[must_use]
pub fn turn_lines(actions: &[Action], log: &[LogEntry]) -> Vec<LogEntry> {
    if actions.len() != log.len() {
        return log.to_vec();
    }
    let mut out: Vec<LogEntry> = Vec::new();
    let mut drops = 0;
    for (a, e) in actions.iter().zip(log) {
        let line = match (a, out.last_mut()) {
            (Action::Pick(_), _) | (_, None) => {
                drops = 0;
                out.push(LogEntry { seat: e.seat, text: without_renewal(&e.text).to_string(), reveals: e.reveals });
                continue;
            }
            (_, Some(line)) => line,
        };
        line.reveals |= e.reveals;
        match a {
            Action::Drop { colour, to } => {
                let lead = if drops == 0 { ", drops" } else { "," };
                line.text.push_str(lead);
                line.text.push_str(&[" ", colour.name(), " on ", &to.to_string()].concat());
                drops += 1;
            }
            Action::Claim(_) => {
                let said = without_renewal(&e.text);
                let taken = said.find(" takes ").map_or(said, |i| &said[i + 1..]);
                line.text.push_str("; ");
                line.text.push_str(taken);
            }
            Action::Pick(_) => {}
        }
    }
    out
}

/// A log line without what the renewal after it did.
fn without_renewal(text: &str) -> &str {
    text.split_once(": renewal: ").map_or(text, |(said, _)| said)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Seat;
    use crate::rules::dust_wings::{CardRef, Colour};
    use crate::rules::grid::Square;

    fn entry(seat: u8, text: &str) -> LogEntry {
        LogEntry { seat: Some(Seat(seat)), text: text.into(), reveals: false }
    }

    fn sq(name: &str) -> Square {
        name.parse().expect("a space's name")
    }

    #[test]
    fn a_turn_s_pick_drops_and_claim_make_one_line_without_the_renewal() {
        let actions = [
            Action::Pick(sq("b5")),
            Action::Drop { colour: Colour::Red, to: sq("a5") },
            Action::Drop { colour: Colour::Blue, to: sq("a4") },
            Action::Claim(CardRef::Gathering(0)),
            Action::Pick(sq("c1")),
            Action::Drop { colour: Colour::Yellow, to: sq("c2") },
        ];
        let log = [
            entry(0, "Ada picks up 2 butterflies from b5"),
            entry(0, "Ada drops a red butterfly on a5"),
            entry(0, "Ada drops a blue butterfly on a4"),
            entry(0, "Ada takes Gathering 1 red, 1 blue with 1 crystal (1 point): renewal: crystals: black on G1"),
            entry(1, "Ben picks up 1 butterfly from c1"),
            entry(1, "Ben drops a yellow butterfly on c2: renewal: crystals: white on G2"),
        ];
        let lines = turn_lines(&actions, &log);
        let texts: Vec<&str> = lines.iter().map(|l| l.text.as_str()).collect();
        assert_eq!(
            texts,
            [
                "Ada picks up 2 butterflies from b5, drops red on a5, blue on a4; takes Gathering 1 red, 1 blue \
                 with 1 crystal (1 point)",
                "Ben picks up 1 butterfly from c1, drops yellow on c2",
            ]
        );
        assert_eq!(lines[1].seat, Some(Seat(1)));
    }

    #[test]
    fn a_log_out_of_step_with_the_moves_is_shown_as_it_is() {
        let log = [entry(0, "Ada picks up 2 butterflies from b5")];
        assert_eq!(turn_lines(&[], &log), log.to_vec());
    }
}
