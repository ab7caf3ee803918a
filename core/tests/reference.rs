//! docs/reference/formats.md against the code: its TREE/MENU/SCREENS
//! examples are lines of the golden files, its manifest example parses,
//! and its role list and class table are the classifier's.

use gadgetscope_core::classify::{role_for_class_id, Role, ALL_ROLES};
use gadgetscope_core::manifest;
use std::path::PathBuf;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn reference() -> String {
    let path = root().join("docs/reference/formats.md");
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The fenced blocks opened with ```` ```<tag> ````.
fn blocks(text: &str, tag: &str) -> Vec<String> {
    let open = format!("```{tag}\n");
    text.split(&open).skip(1).map(|b| b.split("```").next().unwrap().to_string()).collect()
}

/// The text of the `## <title>` section, up to the next `## `.
fn section(text: &str, title: &str) -> String {
    let start = text.find(&format!("\n## {title}\n")).unwrap_or_else(|| panic!("no \"## {title}\" section"));
    let body = &text[start + 4 + title.len()..];
    body.split("\n## ").next().unwrap().to_string()
}

#[test]
fn text_examples_are_lines_of_the_golden_files() {
    let mut golden = Vec::new();
    for entry in std::fs::read_dir(root().join("tests-uae/golden")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e != "md") {
            golden.push(std::fs::read(&path).unwrap());
        }
    }
    let examples = blocks(&reference(), "tree");
    assert!(examples.len() >= 4, "{} examples", examples.len());
    for block in examples {
        // Every line, with its LF, is a whole line of one golden file, and
        // the lines keep that file's order.
        let lines: Vec<&str> = block.lines().collect();
        let found = golden.iter().any(|g| {
            let mut at = 0;
            lines.iter().all(|l| {
                let want = format!("{l}\n");
                let hay = &g[at..];
                let hit = hay
                    .windows(want.len())
                    .enumerate()
                    .find(|(i, w)| *w == want.as_bytes() && (at + i == 0 || g[at + i - 1] == b'\n'));
                match hit {
                    Some((i, _)) => {
                        at += i + want.len();
                        true
                    }
                    None => false,
                }
            })
        });
        assert!(found, "not lines of one golden file, in order:\n{block}");
    }
}

#[test]
fn the_manifest_example_parses() {
    let examples = blocks(&reference(), "manifest");
    assert!(!examples.is_empty());
    for m in examples {
        let parsed = manifest::parse(m.as_bytes()).unwrap_or_else(|e| panic!("{e}\n{m}"));
        assert_eq!(parsed.summary(), b"loaded Demo: 2 windows, 4 gadgets");
    }
}

#[test]
fn the_role_list_is_the_classifiers() {
    let roles = section(&reference(), "Roles");
    let at = roles.find("\n`button ").expect("the role list, from `button");
    let list = roles[at + 2..].split('`').next().unwrap();
    let names: Vec<&str> = list.split_whitespace().collect();
    let all: Vec<&str> = ALL_ROLES.iter().map(|r| r.as_str()).collect();
    assert_eq!(names, all);
}

#[test]
fn the_class_table_is_the_classifiers() {
    let roles = section(&reference(), "Roles");
    let mut rows = 0;
    for line in roles.lines().map(str::trim).filter(|l| l.starts_with("| `")) {
        let cells: Vec<&str> = line.trim_matches('|').split('|').map(str::trim).collect();
        for pair in cells.chunks(2) {
            let (ids, role) = (pair[0], pair[1]);
            let role = Role::from_name(role.as_bytes()).unwrap_or_else(|| panic!("{role:?} is no role"));
            for id in ids.split('`').skip(1).step_by(2) {
                assert_eq!(role_for_class_id(id.as_bytes()), role, "{id}");
                rows += 1;
            }
        }
    }
    assert_eq!(rows, 26, "class IDs in the table");
    // "any other" is custom; propgclass is decided by its PropInfo.
    assert_eq!(role_for_class_id(b"groupgclass"), Role::Custom);
    assert_eq!(role_for_class_id(b"propgclass"), Role::Custom);
}
