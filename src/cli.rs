//! `aviary check FILE`: replays a save without opening a window.

use std::path::Path;

use crate::rules::daedalus::Daedalus;
use crate::rules::feathers_wax::FeathersAndWax;
use crate::rules::{Game, ToMove};
use crate::save::{self, SaveError};

/// Replays the save at `path` and describes it. `Ok` holds the report
/// (exit code 0); `Err` the problem (exit code 1).
///
/// # Errors
/// The first problem: unreadable, foreign, newer, or an illegal move with
/// its rule id and reason.
pub fn check(path: &Path) -> Result<String, SaveError> {
    let file = save::parse(&save::read(path)?)?;
    match file.game.as_str() {
        "daedalus" => report::<Daedalus>(&file),
        "feathers-and-wax" => report::<FeathersAndWax>(&file),
        "enchanted-plumes" => report::<crate::rules::enchanted_plumes::EnchantedPlumes>(&file),
        "dust-in-the-wings" => report::<crate::rules::dust_wings::DustInTheWings>(&file),
        other => Err(SaveError::UnknownGame(other.to_string())),
    }
}

fn report<G: Game>(file: &save::SaveFile) -> Result<String, SaveError> {
    let session = save::restore::<G>(file)?;
    let state = session.state();
    let now = match (state.outcome(), state.to_move()) {
        (Some(o), _) => format!("finished: {}", o.reason),
        (None, ToMove::Seat(s)) => format!("{} to move — {}", state.seat_name(s), state.status()),
        (None, _) => format!("chance to resolve — {}", state.status()),
    };
    Ok(format!("game: {}\nactions: {} ({} in effect)\n{now}", G::INFO.name, session.actions().len(), session.cursor()))
}
