//! Writes one game in progress of each game, and light and dark settings
//! that offer them for resuming, so every game screen can be looked at (and
//! screenshotted) in both themes: `cargo run --example showcase -- DIR`,
//! then `AVIARY_SAVES=DIR/saves AVIARY_CONFIG=DIR/dark cargo run`.
//! `benches/screens.sh` does both and takes the screenshots under Xvfb.
//! `AVIARY_CONFIG=DIR/phases` offers Feathers & Wax at the wings and in the
//! sky instead.

use std::path::{Path, PathBuf};

use aviary::ai::{Evaluate, Level};
use aviary::rules::daedalus::Daedalus;
use aviary::rules::dust_wings::DustInTheWings;
use aviary::rules::enchanted_plumes::EnchantedPlumes;
use aviary::rules::feathers_wax::FeathersAndWax;
use aviary::rules::tail_feathers::game::{
    Action as TfAction, FlightEnding as TfEnding, Phase as TfPhase, Place as TfPlace, TailFeathers,
};
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

/// A Dust in the Wings game played at random until a space holds seven
/// butterflies or more with the person to pick, written as
/// `dust-in-the-wings-crowded.json` (the piles of a crowded space).
fn write_crowded_meadow(dir: &Path, computer: Player) {
    use aviary::rules::dust_wings::Stage;
    use aviary::rules::grid::Square;
    let players = [Player::Human, computer];
    for seed in 0..200 {
        let setup = Setup { seats: 2, options: <DustInTheWings as Game>::Options::default() };
        let mut session = Session::<DustInTheWings>::new(setup, seed, players.to_vec());
        let mut rng = Rng::seeded(seed);
        while !session.is_over() {
            let s = session.state();
            let crowded = Square::all(5, 5).any(|q| s.at(q).iter().sum::<u8>() >= 7);
            if crowded && matches!(s.stage(), Stage::Pick) && s.to_move() == ToMove::Seat(aviary::rules::Seat(0)) {
                let path = dir.join("dust-in-the-wings-crowded.json");
                save::write_file(&path, &save::to_text(&save::record(&session))).expect("the save is written");
                return;
            }
            let legal = s.legal_actions();
            let action = legal[rng.below(legal.len())].clone();
            session.propose(action).expect("a legal move");
        }
    }
}

/// A game of `G` played at random to its end, written as `{id}-end.json`
/// (the score pad).
fn write_end<G: Evaluate>(dir: &Path, players: &[Player], seed: u64) -> PathBuf {
    let seats = players.len() as u8;
    let mut session = Session::<G>::new(Setup { seats, options: G::Options::default() }, seed, players.to_vec());
    // Every seat, the person's too, plays as the easy computer would (a
    // random game is one no one plays: hundreds of moves, no peacock).
    let mut bots: Vec<_> = (0..seats).map(|s| Level::Easy.bot::<G>(seed + u64::from(s))).collect();
    let stop = std::sync::atomic::AtomicBool::new(false);
    let mut rng = Rng::seeded(seed);
    while !session.is_over() {
        let action = if let ToMove::Seat(s) = session.state().to_move() {
            let view = session.state().observation(s);
            bots[s.index()].choose(&view, s, &stop).expect("the computer moves")
        } else {
            let legal = session.state().legal_actions();
            legal[rng.below(legal.len())].clone()
        };
        session.propose(action).expect("a legal move");
    }
    let to = dir.join(format!("{}-end.json", G::INFO.id));
    save::write_file(&to, &save::to_text(&save::record(&session))).expect("the save is written");
    to
}

/// A Feathers & Wax game played by the hint's policy until `at` is
/// reached (the wings, the sky), written as `name`.
fn write_feathers_at(dir: &Path, at: aviary::rules::feathers_wax::Phase, name: &str) -> PathBuf {
    let policy = aviary::ai::feathers_wax::Policy::default();
    let session = (1..200)
        .find_map(|seed| {
            let mut session = Session::<FeathersAndWax>::new(
                Setup { seats: 1, options: <FeathersAndWax as Game>::Options::default() },
                seed,
                vec![Player::Human],
            );
            let mut rng = Rng::seeded(seed);
            while session.state().phase() != at && !session.is_over() {
                let a = policy.choose(session.state(), &mut rng)?;
                session.propose(a).ok()?;
            }
            (!session.is_over()).then_some(session)
        })
        .expect("some deal reaches that phase");
    let path = dir.join(name);
    save::write_file(&path, &save::to_text(&save::record(&session))).expect("the save is written");
    path
}

/// The first game (seeds 1 to 399) between `players` under `options`,
/// each move chosen by `choose`, that reaches a moment where `stop`
/// holds before it ends.
fn find_tail(
    options: &<TailFeathers as Game>::Options,
    players: &[Player],
    stop: impl Fn(&TailFeathers) -> bool,
    choose: impl Fn(&TailFeathers, &[TfAction], &mut Rng) -> TfAction,
) -> Option<Session<TailFeathers>> {
    (1..400).find_map(|seed| {
        let mut session =
            Session::<TailFeathers>::new(Setup { seats: 2, options: options.clone() }, seed, players.to_vec());
        let mut rng = Rng::seeded(seed);
        for _ in 0..3000 {
            let state = session.state();
            if state.outcome().is_some() {
                return None;
            }
            if stop(state) {
                return Some(session);
            }
            let legal = state.legal_actions();
            let a = choose(state, &legal, &mut rng);
            session.propose(a).ok()?;
        }
        None
    })
}

/// A Tail Feathers game (the mice a person, the rats the computer) played
/// at random, with attacks and swoops preferred, until a person is to
/// move where `at` holds; written as `name`.
fn write_tail_at(dir: &Path, at: fn(&TailFeathers) -> bool, name: &str) -> PathBuf {
    write_tail_for(dir, aviary::rules::Seat(0), at, name)
}

/// As [`write_tail_at`], stopping where `seat` (0 the person, 1 the
/// computer) is to move.
fn write_tail_for(dir: &Path, seat: aviary::rules::Seat, at: fn(&TailFeathers) -> bool, name: &str) -> PathBuf {
    let players = [Player::Human, Player::Computer(Level::Easy)];
    let session = find_tail(
        &<TailFeathers as Game>::Options::default(),
        &players,
        |state| state.to_move() == ToMove::Seat(seat) && at(state),
        |_, legal, rng| {
            let eager: Vec<&TfAction> = legal
                .iter()
                .filter(|a| matches!(a, TfAction::Strike { .. } | TfAction::Shoot { .. } | TfAction::Swoop))
                .collect();
            if !eager.is_empty() && rng.coin() {
                eager[rng.below(eager.len())].clone()
            } else {
                legal[rng.below(legal.len())].clone()
            }
        },
    )
    .expect("some game reaches that moment");
    let path = dir.join(name);
    save::write_file(&path, &save::to_text(&save::record(&session))).expect("the save is written");
    path
}

/// A flight of the active bird into a death spiral if one is offered,
/// else the one ending nearest an enemy flying bird, so that birds meet.
fn toward_enemy_birds(g: &TailFeathers, legal: &[TfAction]) -> Option<TfAction> {
    use aviary::rules::tail_feathers::game::{UNIT_DEFS, unit_of};
    let bird = UNIT_DEFS[g.active_unit()?].first;
    let side = UNIT_DEFS[unit_of(bird)].side;
    let enemies: Vec<_> = g
        .flyers()
        .into_iter()
        .filter(|&e| UNIT_DEFS[unit_of(e)].side != side)
        .filter_map(|e| g.bird(e).map(|b| b.pose.at))
        .collect();
    let scored = legal.iter().filter_map(|a| match a {
        TfAction::Fly(list) => {
            let outcome = g.flight_outcome(bird, &g.plan_flight(bird, list)?);
            let spiral = matches!(outcome.ending, TfEnding::Spiral(_));
            let d = enemies.iter().map(|e| e.dist(outcome.at.at)).fold(f64::MAX, f64::min);
            Some((if spiral { -1.0 } else { d }, a))
        }
        _ => None,
    });
    scored.min_by(|a, b| a.0.total_cmp(&b.0)).map(|(_, a)| a.clone())
}

/// A Tail Feathers game with foraging, tail feathers and death spirals
/// (and leaves, when `leaves`), both sides played by a person, at random
/// but launching and flying at each other's birds (stepping onto leaves
/// and cutting them loose half the time they may), until `at` holds with a
/// person to move; written as `name`.
fn write_tail_additional(dir: &Path, at: fn(&TailFeathers) -> bool, name: &str, leaves: bool) -> PathBuf {
    use aviary::rules::tail_feathers::game::Options as TfOptions;
    let options = TfOptions { foraging: true, feathers: true, death_spirals: true, leaves, ..TfOptions::default() };
    let players = [Player::Human, Player::Human];
    let session = find_tail(
        &options,
        &players,
        |state| matches!(state.to_move(), ToMove::Seat(_)) && at(state),
        |state, legal, rng| {
            let launch: Vec<&TfAction> = legal.iter().filter(|a| matches!(a, TfAction::Launch { .. })).collect();
            let leafy: Vec<&TfAction> = legal
                .iter()
                .filter(|a| match a {
                    TfAction::Move { to, .. } => state.leaf_at(usize::from(*to)).is_some(),
                    TfAction::CutLoose { .. } => true,
                    _ => false,
                })
                .collect();
            if !leafy.is_empty() && rng.coin() {
                return leafy[rng.below(leafy.len())].clone();
            }
            match toward_enemy_birds(state, legal) {
                Some(a) if rng.below(4) > 0 => a,
                _ if !launch.is_empty() && rng.below(4) > 0 => launch[rng.below(launch.len())].clone(),
                _ => legal[rng.below(legal.len())].clone(),
            }
        },
    )
    .expect("some game reaches that moment");
    let path = dir.join(name);
    save::write_file(&path, &save::to_text(&save::record(&session))).expect("the save is written");
    path
}

/// The computer's bird about to fly (its flight shown before it moves),
/// offered from its own settings with a long pause on the flight.
fn write_computer_flight(root: &Path, saves: &Path) {
    let computer_flies = vec![write_tail_for(
        saves,
        aviary::rules::Seat(1),
        |g| g.round() >= 2 && g.legal_actions().iter().any(|a| matches!(a, TfAction::Fly(_))),
        "tf-computer-flight.json",
    )];
    // The computer about to attack (its arrow shown for the pause).
    write_tail_for(
        saves,
        aviary::rules::Seat(1),
        |g| g.legal_actions().iter().any(|a| matches!(a, TfAction::Strike { .. } | TfAction::Shoot { .. })),
        "tf-computer-attack.json",
    );
    let folder = root.join("tail-feathers-computer");
    std::fs::create_dir_all(&folder).expect("the folder is made");
    // A long pause on the computer's flight, to photograph it.
    let settings = serde_json::json!({ "dark": false, "open_games": computer_flies, "computer_delay": 3.0 });
    save::write_file(&folder.join("settings.json"), &settings.to_string()).expect("settings are written");
}

/// The additional rules: two birds locked in a death spiral with tail
/// feathers lying about; a bird whose flights include one into a spiral.
fn write_additional(saves: &Path) -> Vec<PathBuf> {
    vec![
        write_tail_additional(
            saves,
            |g| !g.spirals().is_empty() && !g.feathers().is_empty() && g.active_unit().is_none(),
            "tf-spiral.json",
            false,
        ),
        write_tail_additional(
            saves,
            |g| {
                let Some(u) = g.active_unit() else { return false };
                let bird = aviary::rules::tail_feathers::game::UNIT_DEFS[u].first;
                g.legal_actions().iter().any(|a| match a {
                    TfAction::Fly(list) => g
                        .plan_flight(bird, list)
                        .is_some_and(|p| matches!(g.flight_outcome(bird, &p).ending, TfEnding::Spiral(_))),
                    _ => false,
                })
            },
            "tf-into-spiral.json",
            false,
        ),
        write_tail_additional(
            saves,
            |g| {
                let adrift = g.leaves().iter().filter(|l| l.toward.is_some() && l.trail.len() >= 2).count();
                let riders = (42..47u8).map(|s| g.in_space(s).len()).sum::<usize>();
                adrift >= 1 && riders >= 3 && g.active_unit().is_none()
            },
            "tf-leaf.json",
            true,
        ),
    ]
}

/// Action cards and the ballista (TF-R27, TF-R28), every additional rule
/// on, the mice a person and the rats the computer: the hand to pick at
/// setup; a turn with cards to play and a ballista standing; the attack
/// window. Played at random, cards, builds and attacks preferred.
fn write_cards(saves: &Path) -> Vec<PathBuf> {
    use aviary::rules::tail_feathers::game::Options as TfOptions;
    let options = TfOptions::every_additional_rule();
    let players = [Player::Human, Player::Computer(Level::Easy)];
    let mice = ToMove::Seat(aviary::rules::Seat(0));
    let choose = |state: &TailFeathers, legal: &[TfAction], rng: &mut Rng| {
        let _ = state;
        let builds: Vec<&TfAction> = legal
            .iter()
            .filter(|a| matches!(a, TfAction::Play(p) if aviary::rules::tail_feathers::cards::card(p.card).name == "Build Ballista"))
            .collect();
        if let Some(a) = builds.first() {
            return (*a).clone();
        }
        let picks: Vec<&TfAction> = legal
            .iter()
            .filter(|a| matches!(a, TfAction::Pick(c) if aviary::rules::tail_feathers::cards::card(*c).name == "Build Ballista"))
            .collect();
        if let Some(a) = picks.first() {
            return (*a).clone();
        }
        let eager: Vec<&TfAction> = legal
            .iter()
            .filter(|a| {
                matches!(a, TfAction::Strike { .. } | TfAction::Shoot { .. } | TfAction::Swoop | TfAction::Loose(_))
            })
            .collect();
        if !eager.is_empty() && rng.coin() {
            return eager[rng.below(eager.len())].clone();
        }
        legal[rng.below(legal.len())].clone()
    };
    let mut out = Vec::new();
    for (name, stop) in [
        (
            "tf-cards-pick.json",
            (|g: &TailFeathers| g.legal_actions().iter().any(|a| matches!(a, TfAction::Pick(_))))
                as fn(&TailFeathers) -> bool,
        ),
        ("tf-cards-play.json", |g: &TailFeathers| {
            g.round() >= 2
                && g.ballista(aviary::rules::tail_feathers::components::Alliance::Mice).is_some()
                && g.legal_actions().iter().filter(|a| matches!(a, TfAction::Play(_))).count() >= 2
                && !g.legal_actions().contains(&TfAction::NoCard)
        }),
        ("tf-cards-window.json", |g: &TailFeathers| {
            g.legal_actions().contains(&TfAction::NoCard) && g.legal_actions().len() >= 2
        }),
    ] {
        let session = find_tail(&options, &players, |g| g.to_move() == mice && stop(g), choose)
            .expect("some game reaches that moment");
        let path = saves.join(name);
        save::write_file(&path, &save::to_text(&save::record(&session))).expect("the save is written");
        out.push(path);
    }
    out
}

/// Enchanted Plumes at 2 (two people sharing the screen), 4 and 6 seats,
/// in a folder of their own (`plumes/`), for the screenshots.
fn write_plumes(root: &Path, computer: Player) {
    let plumes = root.join("plumes");
    std::fs::create_dir_all(&plumes).expect("the folder is made");
    for (seats, people, moves) in [(2, 2, 30), (4, 1, 50), (6, 1, 70)] {
        let players: Vec<Player> = (0..seats).map(|i| if i < people { Player::Human } else { computer }).collect();
        let options = <EnchantedPlumes as Game>::Options::default();
        let path = write::<EnchantedPlumes>(&plumes, &players, options, moves, 20 + seats as u64);
        std::fs::rename(&path, plumes.join(format!("enchanted-plumes-{seats}-players.json"))).expect("renamed");
    }
    // Late in a game: many plumes at every seat.
    for (seats, moves) in [(2, 70), (4, 90)] {
        let players: Vec<Player> = (0..seats).map(|i| if i == 0 { Player::Human } else { computer }).collect();
        let options = <EnchantedPlumes as Game>::Options::default();
        let path = write::<EnchantedPlumes>(&plumes, &players, options, moves, 30 + seats as u64);
        std::fs::rename(&path, plumes.join(format!("enchanted-plumes-{seats}-players-late.json"))).expect("renamed");
    }
}

/// Tail Feathers at each of its moments, written to `saves`.
fn write_tail_moments(saves: &Path) -> Vec<PathBuf> {
    vec![
        write_tail_at(
            saves,
            |g| g.phase() == TfPhase::Deploy && g.figure(4).place != TfPlace::Unplaced,
            "tf-deploy.json",
        ),
        write_tail_at(saves, |g| g.phase() == TfPhase::Mission && g.round() == 2, "tf-mission.json"),
        write_tail_at(saves, |g| g.phase() == TfPhase::Tilt && g.round() == 2, "tf-tilt.json"),
        // A perched bird to launch (its facings' handles, some crossed).
        write_tail_at(
            saves,
            |g| g.round() >= 2 && g.legal_actions().iter().any(|a| matches!(a, TfAction::Launch { .. })),
            "tf-launch.json",
        ),
        write_tail_at(
            saves,
            |g| {
                let Some(u) = g.active_unit() else { return false };
                let bird = aviary::rules::tail_feathers::game::UNIT_DEFS[u].first;
                let inside = g
                    .legal_actions()
                    .iter()
                    .filter_map(|a| match a {
                        TfAction::Fly(list) => g.plan_flight(bird, list),
                        _ => None,
                    })
                    .filter(|p| p.end.at.x > 2.0 && p.end.at.y > 2.0 && p.end.at.x < 34.0 && p.end.at.y < 34.0)
                    .count();
                g.round() >= 2 && inside >= 12
            },
            "tf-flight.json",
        ),
        write_tail_at(saves, |g| g.walking().is_some_and(|w| w.1.is_some()), "tf-crossing.json"),
        write_tail_at(
            saves,
            |g| g.legal_actions().iter().any(|a| matches!(a, TfAction::Strike { .. } | TfAction::Shoot { .. })),
            "tf-attack.json",
        ),
        write_tail_at(saves, |g| g.phase() == TfPhase::Final, "tf-final.json"),
        // A bird to fly with flights into a trunk among flights in the open.
        write_tail_at(
            saves,
            |g| {
                let Some(u) = g.active_unit() else { return false };
                let bird = aviary::rules::tail_feathers::game::UNIT_DEFS[u].first;
                let endings: Vec<_> = g
                    .legal_actions()
                    .iter()
                    .filter_map(|a| match a {
                        TfAction::Fly(list) => g.plan_flight(bird, list).map(|p| g.flight_outcome(bird, &p).ending),
                        _ => None,
                    })
                    .collect();
                let crash = endings.iter().filter(|e| matches!(e, TfEnding::Crashes(_))).count();
                g.round() >= 2 && crash >= 4 && endings.len() - crash >= 8
            },
            "tf-crash.json",
        ),
    ]
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
    write_plumes(&root, computer);
    let four = [Player::Human, computer, computer, computer];
    write_end::<DustInTheWings>(&saves, &four, 3);
    write_crowded_meadow(&saves, computer);
    write_end::<EnchantedPlumes>(&saves, &four, 3);
    // The later Feathers & Wax screens, offered from their own settings.
    let phases = vec![
        write_feathers_at(&saves, aviary::rules::feathers_wax::Phase::Wings, "feathers-and-wax-wings.json"),
        write_feathers_at(&saves, aviary::rules::feathers_wax::Phase::Flight, "feathers-and-wax-sky.json"),
    ];
    // Tail Feathers at each of its moments, offered from their own settings.
    let tail = write_tail_moments(&saves);
    write_computer_flight(&root, &saves);
    let additional = write_additional(&saves);
    let cards = write_cards(&saves);
    for (name, dark, games) in [
        ("light", false, &paths),
        ("dark", true, &paths),
        ("phases", false, &phases),
        ("tail-feathers", false, &tail),
        ("tail-feathers-dark", true, &tail),
        ("tail-feathers-additional", false, &additional),
        ("tail-feathers-additional-dark", true, &additional),
        ("tail-feathers-cards", false, &cards),
        ("tail-feathers-cards-dark", true, &cards),
    ] {
        let folder = root.join(name);
        std::fs::create_dir_all(&folder).expect("the folder is made");
        let settings = serde_json::json!({ "dark": dark, "open_games": games });
        save::write_file(&folder.join("settings.json"), &settings.to_string()).expect("settings are written");
    }
    println!("{}", root.display());
}
