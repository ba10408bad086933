//! Damaged and hand-edited saves of every game, as bad luck and curious
//! people make them: each must be refused with a message or loaded, never
//! crash, and never change the game on screen. (`examples/save_fuzz.rs` runs
//! the same harness on a million files.)
#![allow(clippy::unwrap_used)]

use aviary::app::AviaryApp;
use aviary::games;
use aviary::save::{self, SaveError};
use aviary::save_fuzz;

fn count() -> usize {
    std::env::var("AVIARY_FUZZ_FILES").ok().and_then(|n| n.parse().ok()).unwrap_or(4000)
}

#[test]
fn thousands_of_mutated_saves_are_refused_with_a_message_or_loaded_never_a_crash() {
    let report = save_fuzz::run(count(), 2026, |_, _| {});
    let shown: Vec<String> =
        report.crashes.iter().take(3).map(|(t, why)| format!("{why}\n{}", &t[..t.len().min(400)])).collect();
    assert!(report.crashes.is_empty(), "{} files crashed the loader:\n{}", report.crashes.len(), shown.join("\n---\n"));
    assert_eq!(report.silent, 0, "every refusal says why");
    assert_eq!(report.files, report.accepted + report.refused);
    // The harness really does both: plenty refused, and the untouched and
    // harmless edits still load.
    assert!(report.refused > report.files / 3, "{report:?}");
    assert!(report.accepted > 20, "{report:?}");
}

#[test]
fn a_refused_file_leaves_the_open_game_and_the_file_as_they_were() {
    let dir = tempfile::tempdir().unwrap();
    let saves = dir.path().join("saves");
    std::fs::create_dir_all(&saves).unwrap();
    let good = save_fuzz::base_saves().swap_remove(8); // a Daedalus game of 20 moves
    let good_path = saves.join("good.json");
    std::fs::write(&good_path, &good).unwrap();
    let mut app = AviaryApp::new(Some(dir.path().join("config")), saves.clone());
    let mut notices = Vec::new();
    assert!(app.open_file(&good_path, &mut notices), "{notices:?}");
    let before_moves = app.tabs[0].moves();
    let before_text = std::fs::read_to_string(&good_path).unwrap();
    let bad_path = saves.join("bad.json");
    let mut refused = 0;
    save_fuzz::run(300, 77, |text, verdict| {
        if verdict.is_ok() {
            return;
        }
        std::fs::write(&bad_path, text).unwrap();
        let mut notices = Vec::new();
        assert!(!app.open_file(&bad_path, &mut notices), "a refused file does not open");
        assert_eq!(notices.len(), 1, "one message");
        refused += 1;
        assert_eq!(app.tabs.len(), 1, "no tab was added");
        assert_eq!(app.tabs[0].moves(), before_moves, "the game on screen is untouched");
        assert_eq!(std::fs::read_to_string(&bad_path).unwrap(), text, "the refused file is left as it was");
    });
    assert!(refused > 50);
    assert_eq!(std::fs::read_to_string(&good_path).unwrap(), before_text);
}

#[test]
fn a_200_mb_file_is_refused_by_its_size_before_it_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("huge.json");
    let f = std::fs::File::create(&path).unwrap();
    f.set_len(200 * 1024 * 1024).unwrap(); // sparse: costs no disk
    let err = games::verify_path(&path).unwrap_err();
    assert!(matches!(err, SaveError::TooLarge(_)), "{err}");
    assert!(err.to_string().contains("too large"), "{err}");
    // The Saved Games list names it and moves on.
    let rows = games::list(dir.path());
    assert!(rows[0].problem.as_deref().unwrap().contains("too large"));
}

#[test]
fn a_file_of_more_moves_than_any_game_has_is_refused_while_it_is_read() {
    let base = save_fuzz::base_saves().swap_remove(4);
    let mut v: serde_json::Value = serde_json::from_str(&base).unwrap();
    let one = serde_json::json!({"PlaceWall": "a1"});
    v["actions"] = serde_json::Value::Array(vec![one; save::MAX_ACTIONS + 1]);
    let err = save::parse(&v.to_string()).unwrap_err();
    assert!(err.to_string().contains(&format!("more than {}", save::MAX_ACTIONS)), "{err}");
}

#[test]
fn friends_copies_with_forged_checksums_are_refused_or_drawn_never_a_crash() {
    use aviary::rules::Rng;
    use egui_kittest::Harness;
    let copies: Vec<String> =
        save_fuzz::base_saves().into_iter().filter(|t| save::parse(t).is_ok_and(|f| f.friend.is_some())).collect();
    assert!(copies.len() >= 3, "friends' copies of several games, Tail Feathers with every rule among them");
    let odd = ["0", "1", "2", "7", "9", "63", "255", "256", "65535", "4294967296", "-1", "1e3", "0.5"];
    let dir = tempfile::tempdir().unwrap();
    let saves = dir.path().join("saves");
    std::fs::create_dir_all(&saves).unwrap();
    let mut rng = Rng::seeded(2026);
    let (mut refused, mut drawn) = (0, 0);
    for i in 0..160 {
        let mut file = save::parse(&copies[i % copies.len()]).unwrap();
        let copy = file.friend.as_mut().expect("a friend's copy");
        let k = rng.below(copy.views.len());
        // One number somewhere in one view becomes a boundary value, and
        // the checksum is made to match (a crafted file, not a damaged one).
        // The whole position, or the changes from the view before.
        let v = &copy.views[k];
        let state = v.state.as_ref().or(v.edits.as_ref()).expect("a view holds one or the other").get().to_string();
        let digits: Vec<usize> = state
            .char_indices()
            .filter(|&(j, c)| c.is_ascii_digit() && !state[..j].ends_with(|p: char| p.is_ascii_digit()))
            .map(|(j, _)| j)
            .collect();
        if digits.is_empty() {
            continue;
        }
        let at = digits[rng.below(digits.len())];
        let end = state[at..].find(|c: char| !c.is_ascii_digit()).map_or(state.len(), |n| at + n);
        let forged = format!("{}{}{}", &state[..at], odd[rng.below(odd.len())], &state[end..]);
        let Ok(raw) = serde_json::value::RawValue::from_string(forged) else { continue };
        if copy.views[k].state.is_some() {
            copy.views[k].state = Some(raw);
        } else {
            copy.views[k].edits = Some(raw);
        }
        copy.check = copy.checksum();
        let back = copy.views.len() - 1 - k;
        let text = save::to_text(&file);
        match save_fuzz::load(&text) {
            Err(SaveError::Crashed(why)) => panic!("loading crashed: {why}"),
            Err(e) => {
                assert!(!e.to_string().is_empty());
                refused += 1;
            }
            Ok(_) => {
                // Accepted: it is opened and the forged view is drawn.
                let path = saves.join(format!("copy-{i}.json"));
                std::fs::write(&path, &text).unwrap();
                let mut app = AviaryApp::new(Some(dir.path().join("config")), saves.clone());
                let mut notices = Vec::new();
                if !app.open_file(&path, &mut notices) {
                    refused += 1;
                    continue;
                }
                for _ in 0..back {
                    app.tabs[0].undo(&mut notices);
                }
                let mut harness = Harness::builder()
                    .with_size([1280.0, 800.0])
                    .build_ui_state(|ui, app: &mut AviaryApp| app.ui_root(ui), app);
                harness.run_steps(2);
                drawn += 1;
            }
        }
    }
    eprintln!("forged copies: {refused} refused, {drawn} drawn");
    assert!(refused > 0 && drawn > 0, "refused {refused}, drawn {drawn}");
}

/// Issue 41: the fuzzer had no Tail Feathers save with any additional rule.
/// Its bases now hold games with every one on that, between them, pick and
/// play cards, open the attack window, build and loose a ballista, cut a
/// leaf adrift, enter a death spiral and forage, and friends' copies of
/// them.
#[test]
fn the_fuzzer_s_bases_meet_every_additional_rule_of_tail_feathers() {
    use aviary::rules::tail_feathers::TailFeathers;
    use aviary::rules::tail_feathers::game::Options;
    let bases = save_fuzz::additional_rules_bases();
    let mut covered = save_fuzz::TfCoverage::default();
    let mut copies = 0;
    for text in &bases {
        let file = save::parse(text).unwrap();
        assert_eq!(file.game, "tail-feathers");
        if file.friend.is_some() {
            copies += 1;
            games::verify(&file).unwrap();
            continue;
        }
        let session = save::restore::<TailFeathers>(&file).unwrap();
        assert_eq!(session.state().options(), &Options::every_additional_rule(), "every additional rule on");
        let seen = save_fuzz::tf_coverage(file.seed, session.actions());
        for (have, got) in [
            (&mut covered.picked, seen.picked),
            (&mut covered.played, seen.played),
            (&mut covered.window, seen.window),
            (&mut covered.built, seen.built),
            (&mut covered.loosed, seen.loosed),
            (&mut covered.adrift, seen.adrift),
            (&mut covered.spiral, seen.spiral),
            (&mut covered.foraged, seen.foraged),
        ] {
            *have |= got;
        }
    }
    assert!(covered.all(), "the bases meet every additional rule: {covered:?}");
    assert!(copies > 0, "friends' copies of them too");
    let all = save_fuzz::base_saves();
    assert!(bases.iter().all(|b| all.contains(b)), "they are among the fuzzer's bases");
}
