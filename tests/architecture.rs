//! The seams of the code base, checked on its sources: views ask the rules
//! and never build a refusal themselves, and no game's id is matched outside
//! the one list of games (and the rules that define the ids); and no file or
//! function grows past its size.
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

#[test]
fn the_game_is_changed_only_through_its_table() {
    // The one mutation path kept by the types: a table's session is a
    // private field (read through `session()`), so a view, the host or a
    // test can change the game only through the table's methods (propose,
    // undo, redo, rewind, seek), which check, record and autosave.
    let table = std::fs::read_to_string("src/table.rs").unwrap();
    let field: Vec<&str> =
        table.lines().map(str::trim).filter(|l| l.ends_with("session: Session<G>,") && !l.starts_with("//")).collect();
    assert_eq!(field, ["session: Session<G>,"], "Table's session must be a private field");
    // Nothing hands out the session to change it.
    assert!(!table.contains("-> &mut Session<G>"), "no way to the session but the table's methods");
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
        .filter(|(f, _, _)| {
            let f = f.to_string_lossy();
            !(f.ends_with("src/ui/theme.rs") || f.contains("src/ui/theme/"))
        })
        .filter(|(_, _, l)| literal.iter().any(|c| l.contains(c)))
        .map(|(f, n, l)| format!("{}:{n}: {}", f.display(), l.trim()))
        .collect();
    assert!(bad.is_empty(), "colours belong in src/ui/theme.rs or src/ui/theme/ (a named role):\n{}", bad.join("\n"));
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

/// The length of each function in `text` (by its braces, from the line
/// that names it; strings and line comments left out), with its name and
/// first line.
fn function_lengths(text: &str) -> Vec<(usize, String, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let strip = |line: &str| -> String {
        let code = line.split("//").next().unwrap_or("");
        let mut out = String::new();
        let mut in_str = false;
        let mut chars = code.chars().peekable();
        while let Some(c) = chars.next() {
            match (in_str, c) {
                (true, '\\') => {
                    chars.next();
                }
                (_, '"') => in_str = !in_str,
                (true, _) => {}
                (false, '\'') if chars.clone().nth(1) == Some('\'') => {
                    chars.next();
                    chars.next();
                }
                (false, c) => out.push(c),
            }
        }
        out
    };
    let mut out = Vec::new();
    for (n, line) in lines.iter().enumerate() {
        let head = line.trim_start();
        let head = head.strip_prefix("pub(crate) ").or_else(|| head.strip_prefix("pub(super) ")).unwrap_or(head);
        let head = head.strip_prefix("pub ").unwrap_or(head);
        let head = head.strip_prefix("const ").unwrap_or(head);
        let Some(rest) = head.strip_prefix("fn ") else { continue };
        let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
        let (mut depth, mut started) = (0i32, false);
        for (k, l) in lines.iter().enumerate().skip(n) {
            let code = strip(l);
            if !started && code.contains(';') && !code.contains('{') {
                break;
            }
            for c in code.chars() {
                match c {
                    '{' => {
                        depth += 1;
                        started = true;
                    }
                    '}' => depth -= 1,
                    _ => {}
                }
            }
            if started && depth <= 0 {
                out.push((k - n + 1, name.clone(), n + 1));
                break;
            }
        }
    }
    out
}

/// The house stays small enough to read: no file of the rules over 1,000
/// lines, none of the views or the app over 800, and no function anywhere
/// in `src/` over 150 lines (each was split by what it draws or decides).
#[test]
fn files_and_functions_stay_within_their_sizes() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    sources(&root.join("src"), &mut files);
    let mut over = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        let rel = f.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/");
        let limit = if rel.starts_with("src/rules/") {
            Some(1000)
        } else if rel.starts_with("src/ui/") || rel.starts_with("src/app/") {
            Some(800)
        } else {
            None
        };
        let n = text.lines().count();
        if let Some(limit) = limit.filter(|&l| n > l) {
            over.push(format!("{rel}: {n} lines (at most {limit})"));
        }
        for (len, name, at) in function_lengths(&text) {
            if len > 150 {
                over.push(format!("{rel}:{at} {name}: {len} lines (at most 150)"));
            }
        }
    }
    assert!(over.is_empty(), "too large:\n{}", over.join("\n"));
}

#[test]
fn the_function_length_count_sees_a_long_function_and_skips_braces_in_strings() {
    let long = format!("fn long() {{\n{}}}\nfn short() {{ \"}}\"; }}\n", "    let x = 1;\n".repeat(160));
    let found = function_lengths(&long);
    assert_eq!(found.len(), 2, "{found:?}");
    assert_eq!((found[0].0, found[0].1.as_str()), (162, "long"));
    assert_eq!((found[1].0, found[1].1.as_str()), (1, "short"));
}

/// The layers as `src/lib.rs` maps them, lowest first: each row's modules.
fn layer_map() -> Vec<Vec<String>> {
    let lib = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lib.rs")).unwrap();
    lib.lines()
        .filter_map(|l| l.strip_prefix("//! | "))
        .filter(|l| !l.starts_with("layer") && !l.starts_with("---"))
        .map(|row| {
            let cell = row.split(" | ").nth(1).unwrap_or("");
            cell.split(", ").map(|m| m.trim().trim_matches(|c| c == '[' || c == ']' || c == '`').to_string()).collect()
        })
        .collect()
}

/// The modules of this crate a line of code names (`crate::name`).
fn crate_modules_named(line: &str) -> Vec<String> {
    line.match_indices("crate::")
        .map(|(i, _)| line[i + 7..].chars().take_while(|c| c.is_ascii_lowercase() || *c == '_').collect())
        .filter(|m: &String| !m.is_empty())
        .collect()
}

/// Each module uses only its own layer and those under it, as the map in
/// `src/lib.rs` says (the lessons sat under the computer players and the
/// sessions they use; the save format used the network's diffs).
#[test]
fn every_module_uses_only_the_layers_under_it_as_the_map_says() {
    let layers = layer_map();
    assert!(layers.len() >= 8, "the map in src/lib.rs: {layers:?}");
    let layer_of = |m: &str| layers.iter().position(|row| row.iter().any(|x| x == m));
    let mut wrong = Vec::new();
    for (k, row) in layers.iter().enumerate() {
        for m in row {
            let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
            let mut files = Vec::new();
            if dir.join(m).is_dir() {
                sources(&dir.join(m), &mut files);
            } else {
                files.push(dir.join(format!("{m}.rs")));
            }
            for f in files {
                for line in std::fs::read_to_string(&f).unwrap().lines().filter(|l| !l.trim_start().starts_with("//")) {
                    for used in crate_modules_named(line) {
                        match layer_of(&used) {
                            Some(l) if l <= k => {}
                            Some(_) => wrong.push(format!("{}: {m} uses {used}, a layer above it", f.display())),
                            None => wrong.push(format!("{}: {used} is not in the map", f.display())),
                        }
                    }
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
