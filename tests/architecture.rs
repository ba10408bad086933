//! The seams of the code base, checked on its sources: views ask the rules
//! and never build a refusal themselves, and no game's id is matched outside
//! the one list of games (and the rules that define the ids).
#![allow(clippy::unwrap_used)]

use std::path::{Path, PathBuf};

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Every line of code (comments left out) of the files under `dir`.
fn code_lines(dir: &str) -> Vec<(PathBuf, usize, String)> {
    let mut files = Vec::new();
    sources(&Path::new(env!("CARGO_MANIFEST_DIR")).join(dir), &mut files);
    let mut out = Vec::new();
    for f in files {
        for (i, line) in std::fs::read_to_string(&f).unwrap().lines().enumerate() {
            let code = line.trim_start();
            if !code.starts_with("//") {
                out.push((f.clone(), i + 1, line.to_string()));
            }
        }
    }
    out
}

#[test]
fn views_never_build_a_refusal_or_branch_on_a_rule_id() {
    let bad: Vec<String> = code_lines("src/ui")
        .into_iter()
        .filter(|(_, _, l)| l.contains("RuleViolation::new") || l.contains(".rule ==") || l.contains(".rule !="))
        .map(|(f, n, l)| format!("{}:{n}: {}", f.display(), l.trim()))
        .collect();
    assert!(bad.is_empty(), "views must ask the rules:\n{}", bad.join("\n"));
}

/// A string literal that starts with a rule id (`"TF-R27: …"`, `"EP-R2"`):
/// the start of the literal's text after a quote.
fn starts_with_rule_id(after_quote: &str) -> bool {
    let b = after_quote.as_bytes();
    let letters = b.iter().take_while(|c| c.is_ascii_uppercase()).count();
    (1..=3).contains(&letters)
        && b.get(letters) == Some(&b'-')
        && b.get(letters + 1) == Some(&b'R')
        && b.get(letters + 2).is_some_and(u8::is_ascii_digit)
}

#[test]
fn views_never_write_a_rule_id_themselves() {
    // A refusal that names a rule comes from the rules; a view that wrote
    // "TF-R27: …" itself would drift from the rulebook the rules follow.
    // The tests inside a view (after `#[cfg(test)]`) may name ids.
    let mut bad = Vec::new();
    let mut files = Vec::new();
    sources(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src/ui"), &mut files);
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        let code = text.split("#[cfg(test)]").next().unwrap_or_default();
        for (i, line) in code.lines().enumerate() {
            if line.trim_start().starts_with("//") {
                continue;
            }
            if line.split('"').skip(1).step_by(2).any(starts_with_rule_id) {
                bad.push(format!("{}:{}: {}", f.display(), i + 1, line.trim()));
            }
        }
    }
    assert!(bad.is_empty(), "rule ids belong to the rules' refusals:\n{}", bad.join("\n"));
}

#[test]
fn the_rule_id_check_sees_a_rule_id() {
    assert!(starts_with_rule_id("TF-R27: a hand holds 7 cards"));
    assert!(starts_with_rule_id("EP-R2"));
    assert!(!starts_with_rule_id("Player 1"));
    assert!(!starts_with_rule_id("R-2"));
}

#[test]
fn no_game_id_is_matched_outside_the_list_of_games() {
    let ids: Vec<String> = aviary::games::GAMES.iter().map(|e| format!("\"{}\"", e.id)).collect();
    let mut lines = code_lines("src");
    lines.extend(code_lines("benches"));
    let bad: Vec<String> = lines
        .into_iter()
        .filter(|(f, _, _)| {
            let p = f.to_string_lossy();
            !p.ends_with("src/games.rs") && !p.contains("src/rules/")
        })
        .filter(|(_, _, l)| ids.iter().any(|id| l.contains(id.as_str())))
        .map(|(f, n, l)| format!("{}:{n}: {}", f.display(), l.trim()))
        .collect();
    assert!(bad.is_empty(), "game ids belong in src/games.rs:\n{}", bad.join("\n"));
}

#[test]
fn views_take_every_colour_from_the_theme() {
    let literal =
        ["Color32::from_", "Color32::BLACK", "Color32::WHITE", "Color32::GRAY", "Color32::DARK", "Color32::LIGHT"];
    let bad: Vec<String> = code_lines("src/ui")
        .into_iter()
        .filter(|(f, _, _)| !f.to_string_lossy().ends_with("src/ui/theme.rs"))
        .filter(|(_, _, l)| literal.iter().any(|c| l.contains(c)))
        .map(|(f, n, l)| format!("{}:{n}: {}", f.display(), l.trim()))
        .collect();
    assert!(bad.is_empty(), "colours belong in src/ui/theme.rs (a named role):\n{}", bad.join("\n"));
}

#[test]
fn counts_in_log_and_status_text_go_through_the_one_plural_helper() {
    // "1 cards" and "1 more butterflies" came from hand-made plurals; the
    // words module says every count once.
    let hand_made = ["{ \"\" } else { \"s\" }", "{ \"y\" } else { \"ies\" }", "== 1 { \"point\" }"];
    let bad: Vec<String> = code_lines("src")
        .into_iter()
        .filter(|(f, _, _)| !f.to_string_lossy().ends_with("src/rules/words.rs"))
        .filter(|(_, _, l)| hand_made.iter().any(|c| l.contains(c)))
        .map(|(f, n, l)| format!("{}:{n}: {}", f.display(), l.trim()))
        .collect();
    assert!(bad.is_empty(), "count through rules::words (count, count_with, count_signed):\n{}", bad.join("\n"));
}
