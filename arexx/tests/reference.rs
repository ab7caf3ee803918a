//! docs/reference/commands.md against the grammar: one `### <VERB>`
//! section per verb of the verb table ([`VERBS`]), in its order, opening
//! with the table's template, the VERSION example
//! as `version_text` writes it, and the limits table as the parser
//! enforces it. A verb added, renamed or reordered, or a limit changed,
//! fails here until the reference says so.

use amiga_ndk::latin1::to_string as latin1;
use gadgetscope_arexx::*;
use std::path::PathBuf;

fn reference() -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../docs/reference/commands.md");
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The text of the `## <title>` section, up to the next `## `.
fn section(text: &str, title: &str) -> String {
    let start = text.find(&format!("\n## {title}\n")).unwrap_or_else(|| panic!("no \"## {title}\" section"));
    let body = &text[start + 4 + title.len()..];
    body.split("\n## ").next().unwrap().to_string()
}

#[test]
fn one_section_per_verb_of_the_table_in_its_order() {
    let commands = section(&reference(), "Commands");
    let headings: Vec<&str> = commands.lines().filter_map(|l| l.strip_prefix("### ")).collect();
    let verbs: Vec<&str> = VERBS.iter().map(|i| i.name).collect();
    assert_eq!(headings, verbs);
}

/// Each verb's section opens with the table's template: `Template: `, the
/// template (its lines joined), a full stop.
#[test]
fn each_section_gives_the_tables_template() {
    let commands = section(&reference(), "Commands");
    for i in VERBS {
        let body = commands
            .split("\n### ")
            .find(|s| s.starts_with(&format!("{}\n", i.name)))
            .unwrap_or_else(|| panic!("no {} section", i.name));
        let paragraph = body.split("\n\n").nth(1).unwrap_or("");
        let text = paragraph.split_whitespace().collect::<Vec<_>>().join(" ");
        assert_eq!(text, format!("Template: {}.", i.verb.template()), "{}", i.name);
    }
}

#[test]
fn the_version_example_is_what_version_answers() {
    let commands = section(&reference(), "Commands");
    let version = commands.split("\n### ").find(|s| s.starts_with("VERSION\n")).expect("a VERSION section");
    // The block holds the text with its final LF, up to the closing fence.
    let block = version.split("```\n").nth(1).expect("a code block in the VERSION section");
    assert_eq!(latin1(&version_text(SERVER_VERSION)), block);
}

#[test]
fn the_limits_table_is_what_the_parser_enforces() {
    let limits = section(&reference(), "Limits");
    let row = |first: &str| -> usize {
        let line = limits
            .lines()
            .find(|l| l.starts_with(&format!("| {first}")))
            .unwrap_or_else(|| panic!("no limits row starting {first:?}"));
        let cell = line.trim_end_matches('|').rsplit('|').next().unwrap();
        let digits: String = cell.chars().take_while(|c| *c != '(').filter(char::is_ascii_digit).collect();
        digits.parse().unwrap_or_else(|_| panic!("no number in {line:?}"))
    };
    assert_eq!(row("the whole command line"), LINE_MAX);
    assert_eq!(row("window and screen patterns"), PATTERN_MAX);
    assert_eq!(row("`LABEL=`"), TEXT_MAX);
    assert_eq!(row("`@name`"), NAME_MAX);
    assert_eq!(row("paths"), PATH_MAX);
    assert_eq!(row("`LAUNCH` command line"), COMMAND_MAX);
    assert_eq!(row("`MUIREXX` application base name"), BASE_MAX);
    assert_eq!(row("a result over ARexx"), RESULT_MAX);
    assert_eq!(row("`AUTH` password"), PASSWORD_MAX);
    // Each limit is where the parser draws the line.
    let over = |field: usize| "x".repeat(field + 1);
    assert!(parse(format!("TREE {}", over(PATTERN_MAX)).as_bytes()).is_err());
    assert!(parse(format!("TREE {}", "x".repeat(PATTERN_MAX)).as_bytes()).is_ok());
    assert!(parse(format!("GETTEXT w LABEL={}", over(TEXT_MAX)).as_bytes()).is_err());
    assert!(parse(format!("GETTEXT @{}", over(NAME_MAX)).as_bytes()).is_err());
    assert!(parse(format!("MANIFEST {}", over(PATH_MAX)).as_bytes()).is_err());
    assert!(parse(format!("LAUNCH {}", over(COMMAND_MAX)).as_bytes()).is_err());
    assert!(parse(format!("MUIREXX {} x", over(BASE_MAX)).as_bytes()).is_err());
    assert!(parse(format!("AUTH {}", over(PASSWORD_MAX)).as_bytes()).is_err());
    let timeout = limits.contains(&format!("`TIMEOUT=` 0 to {}", group(TIMEOUT_MAX as usize)));
    assert!(timeout, "the TIMEOUT= range of the reference is not 0 to {TIMEOUT_MAX}");
    assert!(parse(format!("WAITFOR WINDOW=a TIMEOUT={}", TIMEOUT_MAX + 1).as_bytes()).is_err());
}

/// `86400` as the reference writes it: `86 400`.
fn group(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(' ');
        }
        out.push(c);
    }
    out
}
