//! The headless checker as a person runs it (the icon and menu entry: `desktop.rs`).
#![allow(clippy::unwrap_used)]

mod tf_common;

use std::process::Command;

use aviary::rules::Setup;
use aviary::rules::daedalus::{Daedalus, Options};
use aviary::save;
use aviary::session::{Player, Session};

fn played_save(moves: usize) -> String {
    let mut s: Session<Daedalus> =
        Session::new(Setup { seats: 2, options: Options::default() }, 11, vec![Player::Human, Player::Human]);
    for _ in 0..moves {
        let a = aviary::rules::Game::legal_actions(s.state())[0].clone();
        s.propose(a).unwrap();
    }
    save::to_text(&save::record(&s))
}

fn check(text: &str) -> (i32, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.json");
    std::fs::write(&path, text).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_aviary")).arg("check").arg(&path).output().unwrap();
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into_owned())
}

#[test]
fn check_reports_a_good_save_with_game_moves_and_whose_turn() {
    let (code, out) = check(&played_save(20));
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("game: Daedalus"), "{out}");
    assert!(out.contains("actions: 20"), "{out}");
    assert!(out.contains("to move"), "{out}");
}

#[test]
fn check_names_the_first_illegal_move_and_exits_1() {
    // Move 1 becomes a wall far outside the builder's half.
    let text = played_save(3);
    let mut file = save::parse(&text).unwrap();
    file.actions[1] = serde_json::value::to_raw_value(&serde_json::json!({"PlaceWall": "d4"})).unwrap();
    file.actions[0] =
        serde_json::value::to_raw_value(&serde_json::json!({"MoveWall": {"from": "a1", "to": "a2"}})).unwrap();
    let (code, out) = check(&save::to_text(&file));
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("move 1 is illegal: DA-R3"), "{out}");
}

#[test]
fn check_refuses_foreign_and_newer_files() {
    let (code, out) = check("{\"name\": \"a shopping list\"}");
    assert_eq!(code, 1);
    assert!(out.contains("not an Aviary saved game"), "{out}");
    let newer = played_save(2).replace("\"version\": 1", "\"version\": 3");
    let (code, out) = check(&newer);
    assert_eq!(code, 1);
    assert!(out.contains("saved by a newer Aviary (format 3)"), "{out}");
    let (code, out) = check("");
    assert_eq!(code, 1);
    assert!(out.contains("empty"), "{out}");
}

/// A Feathers & Wax game with the first few moves of the playing policy.
fn feathers_save(moves: usize, assisted: bool) -> String {
    use aviary::rules::feathers_wax::{FeathersAndWax, Options as FwOptions};
    let mut s: Session<FeathersAndWax> =
        Session::new(Setup { seats: 1, options: FwOptions {} }, 8, vec![Player::Human]);
    let mut rng = aviary::rules::Rng::seeded(8);
    for _ in 0..moves {
        let a = aviary::ai::feathers_wax::Policy::default().choose(s.state(), &mut rng).unwrap();
        s.propose(a).unwrap();
    }
    if assisted {
        s.mark_assisted();
    }
    save::to_text(&save::record(&s))
}

#[test]
fn check_reads_feathers_and_wax_saves_and_names_an_illegal_step() {
    let (code, out) = check(&feathers_save(12, false));
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("game: Feathers & Wax"), "{out}");
    assert!(out.contains("actions: 12"), "{out}");
    // Move 2 becomes a step west from outside the labyrinth.
    let text = feathers_save(3, false);
    let mut file: serde_json::Value = serde_json::from_str(&text).unwrap();
    file["actions"][1] = serde_json::json!({"Step": "W"});
    let (code, out) = check(&file.to_string());
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("move 2 is illegal") && out.contains("FW-R8"), "{out}");
}

#[test]
fn the_assisted_mark_survives_save_and_load() {
    use aviary::rules::feathers_wax::FeathersAndWax;
    let text = feathers_save(6, true);
    assert!(text.contains("\"assisted\": true"));
    let loaded: Session<FeathersAndWax> = save::restore(&save::parse(&text).unwrap()).unwrap();
    assert!(loaded.is_assisted());
    let clean: Session<FeathersAndWax> = save::restore(&save::parse(&feathers_save(6, false)).unwrap()).unwrap();
    assert!(!clean.is_assisted());
}

fn plumes_save(moves: usize) -> String {
    use aviary::rules::enchanted_plumes::{EnchantedPlumes, Options as EpOptions};
    let options = EpOptions { names: vec!["Ada".into(), "Ben".into(), "Cleo".into()], first: Some(1) };
    let mut s: Session<EnchantedPlumes> =
        Session::new(Setup { seats: 3, options }, 4, vec![Player::Human, Player::Human, Player::Human]);
    for _ in 0..moves {
        let a = aviary::rules::Game::legal_actions(s.state())[0].clone();
        s.propose(a).unwrap();
    }
    save::to_text(&save::record(&s))
}

#[test]
fn check_reads_enchanted_plumes_saves_written_by_hand_and_names_an_illegal_play() {
    let (code, out) = check(&plumes_save(9));
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("game: Enchanted Plumes"), "{out}");
    assert!(out.contains("actions: 9"), "{out}");
    // The file names cards by colour and value, as the format says.
    let text = plumes_save(4);
    assert!(text.contains("\"Keep\"") && text.contains("\"names\""), "{text}");
    let mut file: serde_json::Value = serde_json::from_str(&text).unwrap();
    // Move 4 (Ben's first play) becomes a play into a plume he does not have.
    let card = file["actions"][3]["Play"]["card"].clone();
    assert!(card.is_string(), "{file}");
    file["actions"][3] = serde_json::json!({"Play": {"card": card, "plume": 4, "row": 0}});
    let (code, out) = check(&file.to_string());
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("move 4 is illegal") && out.contains("EP-R9"), "{out}");
    // A card that does not exist is refused by name.
    file["actions"][3] = serde_json::json!({"Play": {"card": "mauve 3", "plume": 0, "row": 0}});
    let (code, out) = check(&file.to_string());
    assert_ne!(code, 0, "{out}");
    assert!(out.contains("mauve"), "{out}");
}

fn tail_save(moves: usize) -> String {
    use aviary::rules::tail_feathers::TailFeathers;
    use aviary::rules::tail_feathers::game::Options as TfOptions;
    let mut s: Session<TailFeathers> =
        Session::new(Setup { seats: 2, options: TfOptions::default() }, 21, vec![Player::Human, Player::Human]);
    let mut rng = aviary::rules::Rng::seeded(21);
    for _ in 0..moves {
        let legal = aviary::rules::Game::legal_actions(s.state());
        let a = legal[rng.below(legal.len())].clone();
        s.propose(a).unwrap();
    }
    save::to_text(&save::record(&s))
}

#[test]
fn check_reads_tail_feathers_saves_and_names_an_illegal_move_with_its_rule() {
    let (code, out) = check(&tail_save(120));
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("game: Tail Feathers"), "{out}");
    assert!(out.contains("actions: 120"), "{out}");
    // Move 1 becomes a deployment of a mouse on the rats' home tree.
    let text = tail_save(3);
    let mut file: serde_json::Value = serde_json::from_str(&text).unwrap();
    let rats_home = aviary::rules::tail_feathers::game::field().trees[1].spaces[0];
    file["actions"][0] = serde_json::json!({"Deploy": {"figure": 3, "space": rats_home}});
    let (code, out) = check(&file.to_string());
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("move 1 is illegal") && out.contains("TF-R21"), "{out}");
    // A figure the game does not have is named as such.
    file["actions"][0] = serde_json::json!({"Deploy": {"figure": 40, "space": 0}});
    let (code, out) = check(&file.to_string());
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("no figure 40"), "{out}");
}

/// `aviary check` names a move made under an additional rule the game was
/// not started with by that rule's id (TF-R23 foraging).
#[test]
fn check_names_a_forage_in_a_game_without_foraging_with_its_rule() {
    let text = tail_save(3);
    let mut file: serde_json::Value = serde_json::from_str(&text).unwrap();
    file["actions"][0] = serde_json::json!("Forage");
    let (code, out) = check(&file.to_string());
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("move 1 is illegal") && out.contains("TF-R23"), "{out}");
    assert!(out.contains("additional rule"), "{out}");
}

/// Tail Feathers games under `options` (seeds 0 to `seeds`), both seats
/// people, each move from `choose`, until `found` gives a save's text for
/// the session as it stands.
fn tail_save_where(
    options: &aviary::rules::tail_feathers::game::Options,
    seeds: u64,
    found: impl Fn(&Session<aviary::rules::tail_feathers::TailFeathers>) -> Option<serde_json::Value>,
    choose: impl Fn(
        &aviary::rules::tail_feathers::TailFeathers,
        &[aviary::rules::tail_feathers::game::Action],
        &mut aviary::rules::Rng,
    ) -> aviary::rules::tail_feathers::game::Action,
) -> Option<String> {
    use aviary::rules::Game;
    for seed in 0..seeds {
        let mut s: Session<aviary::rules::tail_feathers::TailFeathers> =
            Session::new(Setup { seats: 2, options: options.clone() }, seed, vec![Player::Human, Player::Human]);
        let mut rng = aviary::rules::Rng::seeded(seed);
        for _ in 0..3000 {
            if s.state().outcome().is_some() {
                break;
            }
            if let Some(next) = found(&s) {
                let mut file: serde_json::Value = serde_json::from_str(&save::to_text(&save::record(&s))).unwrap();
                file["actions"].as_array_mut()?.push(next);
                return Some(file.to_string());
            }
            let legal = s.state().legal_actions();
            let a = choose(s.state(), &legal, &mut rng);
            s.propose(a).unwrap();
        }
    }
    None
}

/// A Tail Feathers game with death spirals played (flights into enemy
/// birds and launches preferred) until two birds are locked in a spiral
/// and a side is to choose its next unit; then a shot by that side at the
/// enemy bird in the spiral is added as the next move.
fn spiral_save_with_a_shot_at_the_spiral() -> Option<String> {
    use aviary::rules::Game;
    use aviary::rules::tail_feathers::game::{Action, Options as TfOptions, Target, UNIT_DEFS, unit_of};
    tail_save_where(
        &TfOptions { death_spirals: true, ..TfOptions::default() },
        60,
        |s| {
            let g = s.state();
            let (Some(sp), None, aviary::rules::ToMove::Seat(seat)) =
                (g.spirals().first(), g.active_unit(), g.to_move())
            else {
                return None;
            };
            if !g.legal_actions().iter().any(|a| matches!(a, Action::Activate(_))) {
                return None;
            }
            let mine = UNIT_DEFS[unit_of(seat.0 * 9)].side;
            let enemy = sp.birds.into_iter().find(|&b| UNIT_DEFS[unit_of(b)].side != mine)?;
            let shooter = (0..18u8).find(|&f| {
                UNIT_DEFS[unit_of(f)].side == mine && g.figure(f).place.on_battlefield() && !sp.birds.contains(&f)
            })?;
            serde_json::to_value(Action::Shoot { figure: shooter, target: Target::Figure(enemy) }).ok()
        },
        |g, legal, rng| {
            tf_common::spiral_seeking(g, legal, rng).unwrap_or_else(|| legal[rng.below(legal.len())].clone())
        },
    )
}

#[test]
fn check_names_a_shot_at_a_bird_locked_in_a_death_spiral_with_its_rule() {
    let text = spiral_save_with_a_shot_at_the_spiral().expect("a game with a spiral");
    let (code, out) = check(&text);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("TF-R25") && out.contains("death spiral"), "{out}");
}

/// A Tail Feathers game with leaves played (moves onto leaves preferred)
/// until a figure on a hanging leaf may cut it loose; then it cuts the
/// leaf loose toward the tree the leaf hangs from, as the next move.
fn leaf_save_cut_toward_its_own_tree() -> Option<String> {
    use aviary::rules::Game;
    use aviary::rules::tail_feathers::game::{Action, Options as TfOptions, Place, field, leaf_tree};
    tail_save_where(
        &TfOptions { leaves: true, ..TfOptions::default() },
        40,
        |s| {
            let g = s.state();
            let legal = g.legal_actions();
            let Some(&Action::CutLoose { figure, .. }) = legal.iter().find(|a| matches!(a, Action::CutLoose { .. }))
            else {
                return None;
            };
            let Place::Space(leaf) = g.figure(figure).place else { return None };
            let own = field().trees[leaf_tree(usize::from(leaf) - field().spaces.len())].spaces[0];
            serde_json::to_value(Action::CutLoose { figure, toward: own as u8 }).ok()
        },
        |_, legal, rng| {
            legal
                .iter()
                .find(|a| matches!(a, Action::Move { to, .. } if usize::from(*to) >= field().spaces.len()))
                .cloned()
                .unwrap_or_else(|| legal[rng.below(legal.len())].clone())
        },
    )
}

#[test]
fn check_names_a_leaf_cut_loose_toward_its_own_tree_with_its_rule() {
    let text = leaf_save_cut_toward_its_own_tree().expect("a game with a figure on a leaf");
    let (code, out) = check(&text);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("TF-R26") && out.contains("another tree"), "{out}");
}
