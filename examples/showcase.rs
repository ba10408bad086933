//! Writes one game in progress of each game, and light and dark settings
//! that offer them for resuming, so every game screen can be looked at (and
//! screenshotted) in both themes: `cargo run --example showcase -- DIR`,
//! then `AVIARY_SAVES=DIR/saves AVIARY_CONFIG=DIR/dark cargo run`.
//! `benches/screens.sh` does both and takes the screenshots under Xvfb.

use std::path::{Path, PathBuf};

use aviary::ai::{Evaluate, Level};
use aviary::rules::daedalus::Daedalus;
use aviary::rules::dust_wings::DustInTheWings;
use aviary::rules::enchanted_plumes::EnchantedPlumes;
use aviary::rules::feathers_wax::FeathersAndWax;
use aviary::rules::{Game, Rng, Setup, ToMove};
use aviary::save;
use aviary::session::{Player, Session};

/// Plays `moves` random legal moves (more if needed until a person is to
/// move) and writes the game to `dir`.
fn write<G: Evaluate>(dir: &Path, players: &[Player], options: G::Options, moves: usize, seed: u64) -> PathBuf {
    let seats = players.len() as u8;
    let mut session = Session::<G>::new(Setup { seats, options }, seed, players.to_vec());
    let mut rng = Rng::seeded(seed);
    let mut played = 0;
    loop {
        let person_to_move = matches!(session.state().to_move(), ToMove::Seat(s) if !players[s.index()].is_computer());
        if session.is_over() || (played >= moves && person_to_move) {
            break;
        }
        let legal = session.state().legal_actions();
        let action = legal[rng.below(legal.len())].clone();
        session.propose(action).expect("a legal move");
        played += 1;
    }
    let path = dir.join(format!("{}.json", G::INFO.id));
    save::write_file(&path, &save::to_text(&save::record(&session))).expect("the save is written");
    path
}

fn main() {
    let root = PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| "showcase".into()));
    let saves = root.join("saves");
    std::fs::create_dir_all(&saves).expect("the folder is made");
    let computer = Player::Computer(Level::Easy);
    let paths = vec![
        write::<Daedalus>(&saves, &[Player::Human, computer], <Daedalus as Game>::Options::default(), 24, 7),
        write::<FeathersAndWax>(&saves, &[Player::Human], <FeathersAndWax as Game>::Options::default(), 30, 3),
        write::<EnchantedPlumes>(
            &saves,
            &[Player::Human, computer, computer],
            <EnchantedPlumes as Game>::Options::default(),
            40,
            5,
        ),
        write::<DustInTheWings>(
            &saves,
            &[Player::Human, computer, computer],
            <DustInTheWings as Game>::Options::default(),
            40,
            11,
        ),
    ];
    for (name, dark) in [("light", false), ("dark", true)] {
        let folder = root.join(name);
        std::fs::create_dir_all(&folder).expect("the folder is made");
        let settings = serde_json::json!({ "dark": dark, "open_games": paths });
        save::write_file(&folder.join("settings.json"), &settings.to_string()).expect("settings are written");
    }
    println!("{}", root.display());
}
