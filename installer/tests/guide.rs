//! The AmigaGuide: node/link integrity of `installer/GadgetScope.guide`,
//! its ARexx reference against docs/reference/commands.md and the engine,
//! and the checker on broken examples.
use installer::guide::{check_guide, unavailable_verbs, Problem};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf()
}

fn guide_bytes() -> Vec<u8> {
    std::fs::read(root().join("installer/GadgetScope.guide")).unwrap()
}

fn problems(src: &str) -> Vec<Problem> {
    check_guide(src.as_bytes()).1
}

fn has(ps: &[Problem], line: usize, needle: &str) -> bool {
    ps.iter().any(|p| p.line == line && p.message.contains(needle))
}

#[test]
fn the_guide_is_clean() {
    let (g, ps) = check_guide(&guide_bytes());
    assert!(ps.is_empty(), "{}", ps.iter().map(|p| p.to_string()).collect::<Vec<_>>().join("\n"));
    assert_eq!(g.database, "GadgetScope.guide");
    assert!(g.nodes.len() > 30, "{} nodes", g.nodes.len());
    // Latin-1 on purpose: "Français" is one byte 0xE7.
    assert!(guide_bytes().windows(8).any(|w| w == b"Fran\xe7ais"));
}

/// The commands of the reference: the `### <VERB>` headings of the
/// "## Commands" section of docs/reference/commands.md (whose list
/// gadgetscope-arexx's tests pin to the grammar's verbs).
fn reference_verbs() -> Vec<String> {
    let path = root().join("docs/reference/commands.md");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let section = text.split("\n## Commands\n").nth(1).expect("commands.md has a \"## Commands\" section");
    let section = section.split("\n## ").next().unwrap();
    section.lines().filter_map(|l| l.strip_prefix("### ")).map(|v| v.trim().to_string()).collect()
}

#[test]
fn every_arexx_verb_of_the_reference_has_a_node_with_syntax_result_rc_and_example() {
    let (g, _) = check_guide(&guide_bytes());
    let verbs = reference_verbs();
    assert!(verbs.len() >= 23, "{verbs:?}");
    assert!(verbs.iter().all(|v| !v.is_empty() && v.chars().all(|c| c.is_ascii_uppercase())), "{verbs:?}");
    for v in &verbs {
        let node = g
            .nodes
            .iter()
            .find(|n| {
                n.name.strip_prefix("ARexx-").is_some_and(|x| x == v)
                    || n.title.as_deref().is_some_and(|t| t.split_whitespace().any(|w| w == v))
            })
            .unwrap_or_else(|| panic!("no node for {v}"));
        let text = node.text.join("\n");
        for part in ["Syntax:", "RESULT:", "RC:", "Example:"] {
            assert!(text.contains(part), "{v}: no {part}");
        }
        assert!(text.contains(v.as_str()), "{v}: the node does not show the verb");
        // Reachable from the command list.
        let list = g.node("ARexxCommands").unwrap();
        assert!(list.links.iter().any(|(t, _)| t.eq_ignore_ascii_case(&node.name)), "{v} not in ARexxCommands");
    }
}

/// Every verb the engine answers with "not available in this build" is
/// marked as such in the guide, and no other verb is.
#[test]
fn verbs_not_available_in_this_build_are_marked() {
    let (g, _) = check_guide(&guide_bytes());
    let marked = unavailable_verbs(&g);
    let engine = std::fs::read_to_string(root().join("engine/src/verbs.rs")).unwrap();
    let mut not_yet = Vec::new();
    for part in engine.split("Self::not_yet(\"").skip(1) {
        not_yet.push(part.split('"').next().unwrap().to_string());
    }
    for v in &not_yet {
        assert!(marked.contains(v), "{v} is not available in this build but the guide does not say so");
    }
    for v in &marked {
        assert!(
            not_yet.contains(v),
            "the guide marks {v} as not available, but the engine answers it now: update the guide"
        );
    }
    // SHOW, HIDE and HIGHLIGHT work with the window; their nodes say what
    // they answer without it (NOGUI).
    for v in ["ARexx-SHOW", "ARexx-HIGHLIGHT"] {
        let text = g.node(v).unwrap().text.join("\n");
        assert!(text.contains("NOGUI"), "{v} does not say what NOGUI answers");
    }
}

#[test]
fn the_shell_commands_of_the_program_are_documented() {
    let (g, _) = check_guide(&guide_bytes());
    let text = g.node("ShellCommands").unwrap().text.join("\n");
    for c in [
        "VERSION",
        "TREE",
        "MENU",
        "SCREENS",
        "NOGUI",
        "COMMAND,WINDOW/K,SCREEN/K,FULL/S,NOGUI/S,PORTNAME/K,",
        "STARTUP/K,REFRESH/K,PROFILEDIR/K",
    ] {
        assert!(text.contains(c), "{c}");
    }
    let trouble = g.node("Troubleshooting").unwrap().text.join("\n");
    for t in ["rexxsyslib.library", "a port of that name exists", "ports .1 to .99 are all taken"] {
        assert!(trouble.contains(t), "{t}");
    }
}

const GOOD: &str = "@database t.guide\n@index Idx\n@node Main \"T\"\n@{\" A \" link A} @{b}bold@{ub}\n@endnode\n@node A\n@toc Main\n@next Idx\ntext \\\\ and \\@\n@endnode\n@node Idx\n@prev A\n@{\" back \" link main 3}\n@endnode\n";

#[test]
fn a_small_good_guide_passes() {
    let (g, ps) = check_guide(GOOD.as_bytes());
    assert!(ps.is_empty(), "{ps:?}");
    assert_eq!(g.nodes.len(), 3);
    assert_eq!(g.node("a").unwrap().text, vec!["text \\ and @"]);
}

#[test]
fn broken_links_and_navigation_are_reported() {
    let ps = problems(&GOOD.replace("link A}", "link Nowhere}"));
    assert!(has(&ps, 4, "link target \"Nowhere\" is not a node"), "{ps:?}");
    let ps = problems(&GOOD.replace("@toc Main", "@toc Contents"));
    assert!(has(&ps, 6, "@toc \"Contents\" of node \"A\" is not a node"), "{ps:?}");
    let ps = problems(&GOOD.replace("@next Idx", "@next Ende"));
    assert!(has(&ps, 6, "@next \"Ende\""), "{ps:?}");
    let ps = problems(&GOOD.replace("@prev A", "@prev Z"));
    assert!(has(&ps, 11, "@prev \"Z\""), "{ps:?}");
    let ps = problems(&GOOD.replace("@index Idx", "@index Register"));
    assert!(has(&ps, 0, "@index \"Register\" is not a node"), "{ps:?}");
    let ps = problems(&GOOD.replace("link main 3", "link other.guide/main"));
    assert!(has(&ps, 13, "link to another file"), "{ps:?}");
    let ps = problems(&GOOD.replace("\" A \" link A", "\" A \" link"));
    assert!(has(&ps, 4, "has no target"), "{ps:?}");
}

#[test]
fn duplicate_and_unbalanced_nodes_are_reported() {
    let ps = problems(&GOOD.replace("@node Idx", "@node a"));
    assert!(has(&ps, 11, "duplicate node \"a\" (first at line 6)"), "{ps:?}");
    let ps = problems(&GOOD.replacen("@endnode\n", "", 1));
    assert!(has(&ps, 5, "@node before @endnode of node \"Main\" (line 3)"), "{ps:?}");
    let ps = problems(&format!("{GOOD}@endnode\n"));
    assert!(has(&ps, 15, "@endnode without an open @node"), "{ps:?}");
    let ps = problems(GOOD.trim_end().strip_suffix("@endnode").unwrap());
    assert!(has(&ps, 11, "node \"Idx\" has no @endnode"), "{ps:?}");
    let ps = problems(&GOOD.replace("@node Main \"T\"", "@node Start \"T\"").replace("link main", "link Start"));
    assert!(has(&ps, 0, "no node named Main"), "{ps:?}");
    let ps = problems(&GOOD.replace("@node A\n", "@node\n"));
    assert!(has(&ps, 6, "@node without a name"), "{ps:?}");
}

#[test]
fn syntax_errors_are_reported_with_their_line() {
    let ps = problems(&GOOD.replace("@database t.guide", "@node x"));
    assert!(has(&ps, 1, "the first line must be @database"), "{ps:?}");
    let ps = problems(&GOOD.replace("text \\\\", "text C:\\dir"));
    assert!(has(&ps, 9, "a backslash escapes only"), "{ps:?}");
    let ps = problems(&GOOD.replace("@{b}bold@{ub}", "@{b bold"));
    assert!(has(&ps, 4, "@{ is not closed"), "{ps:?}");
    let ps = problems(&GOOD.replace("@{b}bold", "@{blink}bold"));
    assert!(has(&ps, 4, "unknown attribute @{blink}"), "{ps:?}");
    let ps = problems(&GOOD.replace("link A}", "jump A}"));
    assert!(has(&ps, 4, "unknown button action \"jump\""), "{ps:?}");
    let ps = problems(&GOOD.replace("@toc Main", "@tocc Main"));
    assert!(has(&ps, 7, "unknown command @tocc"), "{ps:?}");
    let ps = problems(&GOOD.replace("@index Idx\n", "@index Idx\nstray text\n"));
    assert!(has(&ps, 3, "text outside a node"), "{ps:?}");
    let ps = problems(&GOOD.replace("text", &"x".repeat(80)));
    assert!(has(&ps, 9, "88 columns shown (at most 79)"), "{ps:?}");
    // A long link line is measured by its label, not its command text.
    assert!(problems(&GOOD.replace("@{\" A \" link A}", &format!("{}@{{\" A \" link A}}", " ".repeat(70)))).is_empty());
    let ps = problems(&GOOD.replace("text", "fran\u{e7}ais"));
    assert!(has(&ps, 9, "the file is UTF-8"), "{ps:?}");
    let mut latin1 = GOOD.replace("text", "franXais").into_bytes();
    let at = latin1.windows(8).position(|w| w == b"franXais").unwrap();
    latin1[at + 4] = 0xE7;
    assert!(check_guide(&latin1).1.is_empty());
    let ps = problems(&GOOD.replace("text", "\ttext"));
    assert!(has(&ps, 9, "TAB"), "{ps:?}");
}

#[test]
fn unreachable_nodes_are_reported() {
    let src = GOOD.replace("@endnode\n@node Idx", "@endnode\n@node Lost\nx\n@endnode\n@node Idx");
    let ps = problems(&src);
    assert!(has(&ps, 11, "node \"Lost\" cannot be reached from Main"), "{ps:?}");
}

/// The Tooltypes node shows every tooltype of the shipped program icon,
/// written as the icon carries it, and the boot icon's.
#[test]
fn the_tooltypes_node_shows_the_icons_tooltypes() {
    let (g, _) = check_guide(&guide_bytes());
    let text = g.node("ToolTypes").unwrap().text.join("\n");
    let icon = |f: &str| icons::ICONS.iter().find(|s| s.file == f).unwrap();
    for t in icon("GadgetScope.info").tool_types {
        assert!(text.lines().any(|l| l.trim() == *t), "the Tooltypes node does not show {t}");
    }
    for t in icon("WBStartup.info").tool_types {
        assert!(text.contains(t), "the Tooltypes node does not explain the boot icon's {t}");
    }
}

/// Neither the guide nor the Aminet readme describes the program as it was
/// before it had its window and read its tooltypes.
#[test]
fn no_claims_of_a_missing_window_or_unread_tooltypes() {
    let readme = std::fs::read(root().join("installer/GadgetScope.readme")).unwrap();
    for (file, bytes) in [("GadgetScope.guide", guide_bytes()), ("GadgetScope.readme", readme)] {
        let text = installer::latin1(&bytes).to_lowercase();
        for stale in
            ["later version", "not read yet", "window version", "not in this version", "has no window", "no pick mode"]
        {
            assert!(!text.contains(stale), "{file} still says {stale:?}");
        }
    }
}
