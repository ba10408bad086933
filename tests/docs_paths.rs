//! The README and the pages in `docs/` name only paths that exist: every
//! link and image that is not a web address (resolved from the page's own
//! folder, its `#anchor` a heading of the page it points at), and every
//! backticked repository path such as `src/table.rs` (resolved from the
//! repository's root). The README stays a front door: 120 lines at most.

use std::fs;
use std::path::{Path, PathBuf};

/// Where a backticked token must start to be taken for a repository path.
const PATH_STARTS: [&str; 9] =
    ["src/", "tests/", "benches/", "examples/", "assets/", "docs/", "saves/", "packaging/", ".ci/"];

/// The most lines the README may have.
const README_LINES: usize = 120;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The README and every Markdown page of `docs/`, sorted.
fn pages() -> Vec<PathBuf> {
    let root = root();
    let mut pages: Vec<PathBuf> = fs::read_dir(root.join("docs"))
        .expect("the docs folder")
        .map(|entry| entry.expect("a docs entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
        .collect();
    pages.sort();
    pages.insert(0, root.join("README.md"));
    pages
}

/// The page's text with fenced code blocks blanked out (their lines kept
/// empty, so nothing in them is read as a link or a code span).
fn prose(text: &str) -> String {
    let mut fenced = false;
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        } else if !fenced {
            out.push_str(line);
        }
        out.push('\n');
    }
    out
}

/// The targets of the inline links and images (`[text](target "title")`)
/// and of the reference definitions (`[name]: target`).
fn link_targets(prose: &str) -> Vec<String> {
    let mut targets = Vec::new();
    let mut rest = prose;
    while let Some(at) = rest.find("](") {
        rest = &rest[at + 2..];
        let end = rest.find(')').unwrap_or(rest.len());
        let inner = rest[..end].trim();
        let target = inner.strip_prefix('<').map_or_else(
            || inner.split_whitespace().next().unwrap_or(""),
            |bracketed| bracketed.split('>').next().unwrap_or(""),
        );
        targets.push(target.to_string());
        rest = &rest[end..];
    }
    for line in prose.lines() {
        let line = line.trim_start();
        if let Some((_, target)) = line.strip_prefix('[').and_then(|after| after.split_once("]:")) {
            targets.push(target.split_whitespace().next().unwrap_or("").to_string());
        }
    }
    targets
}

/// The contents of the inline code spans: a run of backticks up to the
/// next run of as many, line breaks read as spaces.
fn code_spans(prose: &str) -> Vec<String> {
    let chars: Vec<char> = prose.chars().collect();
    let run_at = |i: usize| chars[i..].iter().take_while(|&&c| c == '`').count();
    let mut spans = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i] != '`' {
            i += 1;
            continue;
        }
        let open = run_at(i);
        let start = i + open;
        let mut j = start;
        let mut close = None;
        while j < chars.len() {
            if chars[j] == '`' {
                let run = run_at(j);
                if run == open {
                    close = Some(j);
                    break;
                }
                j += run;
            } else {
                j += 1;
            }
        }
        let Some(end) = close else { break };
        let span: String = chars[start..end].iter().map(|&c| if c == '\n' { ' ' } else { c }).collect();
        spans.push(span.trim().to_string());
        i = end + open;
    }
    spans
}

/// Whether a code span reads as a path in the repository.
fn repository_path(span: &str) -> bool {
    PATH_STARTS.iter().any(|start| span.starts_with(start))
        && !span.chars().any(|c| c.is_whitespace() || matches!(c, '…' | '*' | '{'))
}

/// A heading's anchor as GitHub makes it: lower case, spaces as hyphens,
/// punctuation other than hyphens and underscores dropped.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            '-' | '_' => Some(c),
            c if c.is_alphanumeric() => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of a Markdown page's headings.
fn anchors(text: &str) -> Vec<String> {
    prose(text).lines().filter(|line| line.starts_with('#')).map(|line| anchor(line.trim_start_matches('#'))).collect()
}

/// Every path the page `text` (in `folder`) names that does not exist, as
/// `NAME: what`, and how many paths it names.
fn broken_paths(name: &str, text: &str, folder: &Path, root: &Path) -> (Vec<String>, usize) {
    let prose = prose(text);
    let mut broken = Vec::new();
    let mut checked = 0;
    for target in link_targets(&prose) {
        if target.is_empty() || target.contains("://") || target.starts_with("mailto:") {
            continue;
        }
        checked += 1;
        let (file, fragment) = target.split_once('#').map_or((target.as_str(), None), |(f, a)| (f, Some(a)));
        let resolved = if file.is_empty() { None } else { Some(folder.join(file)) };
        if let Some(path) = resolved.as_ref().filter(|path| !path.exists()) {
            broken.push(format!("{name}: link `{target}`: no such file or folder {}", path.display()));
            continue;
        }
        let Some(fragment) = fragment else { continue };
        let page = match &resolved {
            None => Some(text.to_string()),
            Some(path) if path.extension().is_some_and(|ext| ext == "md") => fs::read_to_string(path).ok(),
            Some(_) => None,
        };
        if page.is_some_and(|page| !anchors(&page).iter().any(|a| a == fragment)) {
            broken.push(format!("{name}: link `{target}`: no heading with the anchor #{fragment}"));
        }
    }
    for span in code_spans(&prose) {
        if !repository_path(&span) {
            continue;
        }
        checked += 1;
        if !root.join(&span).exists() {
            broken.push(format!("{name}: path `{span}`: no such file or folder in the repository"));
        }
    }
    (broken, checked)
}

#[test]
fn every_relative_path_in_the_readme_and_docs_exists() {
    let root = root();
    let pages = pages();
    assert!(pages.len() >= 4, "the README and the pages of docs/: {pages:?}");
    let mut broken = Vec::new();
    for page in &pages {
        let text = fs::read_to_string(page).expect("a readable page");
        let name = page.strip_prefix(&root).unwrap_or(page).display().to_string();
        let (mut wrong, checked) = broken_paths(&name, &text, page.parent().expect("the page's folder"), &root);
        assert!(checked > 0, "{name} names no path at all: is the parser blind?");
        broken.append(&mut wrong);
    }
    assert!(broken.is_empty(), "paths that do not exist:\n{}", broken.join("\n"));
}

#[test]
fn the_readme_is_a_front_door_of_at_most_120_lines() {
    let text = fs::read_to_string(root().join("README.md")).expect("the README");
    let lines = text.lines().count();
    assert!(lines <= README_LINES, "README.md has {lines} lines; at most {README_LINES} (the rest belongs in docs/)");
}

#[test]
fn every_page_of_docs_is_linked_from_the_readme() {
    let root = root();
    let readme = fs::read_to_string(root.join("README.md")).expect("the README");
    let targets = link_targets(&prose(&readme));
    for page in pages().iter().skip(1) {
        let name = page.strip_prefix(&root).unwrap_or(page).display().to_string();
        assert!(targets.iter().any(|t| t.split('#').next() == Some(name.as_str())), "README.md does not link {name}");
    }
}

#[test]
fn a_wrong_path_of_every_kind_is_caught() {
    let root = root();
    let page = "\
See [the guide](docs/playing.md), [its saves](docs/playing.md#saved-games), [a web page](https://example.org/x),
![a picture](docs/screenshots/nowhere.png), [a gone page](docs/gone.md), [a gone section](docs/playing.md#nowhere)
and [here](#a-heading).

## A heading

Read `src/table.rs`, `src/gone.rs`, `src/…/x.rs`, `cargo test --test gone`, ``tests/ `odd` ``, `tests/gone*.rs`.
[def]: tests/gone.rs

```sh
ls `src/not-checked.rs` [x](not-checked.md)
```
";
    let (broken, checked) = broken_paths("sample.md", page, &root, &root);
    let expected = ["nowhere.png", "docs/gone.md", "#nowhere", "`tests/gone.rs`", "`src/gone.rs`"];
    assert_eq!(broken.len(), expected.len(), "{broken:#?}");
    for (found, wanted) in broken.iter().zip(expected) {
        assert!(found.starts_with("sample.md: ") && found.contains(wanted), "{found} should name {wanted}");
    }
    assert_eq!(checked, 9, "7 links besides the web page, and 2 backticked paths: {broken:#?}");
}
