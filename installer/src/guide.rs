//! Host-side check of `installer/GadgetScope.guide`, the AmigaGuide
//! documentation.
//!
//! [`check_guide`] parses the database and reports, each with its line:
//!
//! * structure: the file starts with `@database`; every `@node` is closed
//!   by `@endnode` before the next `@node` and before the end of the file;
//!   no `@endnode` without a node; no text outside nodes except global
//!   commands; no two nodes with the same name (AmigaGuide compares node
//!   names case-insensitively); a node named `Main` exists;
//! * navigation: the targets of `@toc`, `@next`, `@prev`, `@index` (node or
//!   global) and of every `@{"label" link <node> [line]}` exist; links
//!   into other files (`file/node`) are reported, this guide has none;
//!   every node is reachable from `Main` through links, `@next`/`@prev`/
//!   `@toc` or `@index`;
//! * syntax: a line starting with `@` is a known command (otherwise
//!   AmigaGuide hides it); `@{` sequences are closed on their line and are
//!   a known attribute or a quoted label with a known action; a backslash
//!   escapes only `\` and `@` (AmigaGuide V39+);
//! * text: Latin-1 (no UTF-8 sequences: the file is read on the Amiga
//!   byte for byte) and no TABs; at most [`MAX_VISIBLE`] visible columns per
//!   line (attributes removed, links shown as their label).
//!
//! AmigaGuide facts: Commodore's `AmigaGuide.guide` / "AmigaGuide 40.x
//! authoring" notes of the NDK 3.1 (`@database`, `@node name "title"`,
//! `@endnode`, `@toc`, `@next`, `@prev`, `@index`, `@{"label" link node
//! line}`, `@{b}`..`@{ub}`, the V39 backslash escape).
use std::collections::{BTreeMap, BTreeSet};

/// The widest line MultiView shows without wrapping in an 80-column
/// window with its border and scroller.
pub const MAX_VISIBLE: usize = 79;

/// One problem, with its 1-based line (0: the whole file).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// 1-based line number, 0 for the whole file.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

/// A parsed node.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Node {
    /// The name as written.
    pub name: String,
    /// The title (`@node name "title"`), if any.
    pub title: Option<String>,
    /// Line of `@node`.
    pub line: usize,
    /// Node-level `@toc`, `@next`, `@prev`, `@index` targets.
    pub toc: Option<String>,
    /// `@next` target.
    pub next: Option<String>,
    /// `@prev` target.
    pub prev: Option<String>,
    /// `@index` target.
    pub index: Option<String>,
    /// `link` targets with their line.
    pub links: Vec<(String, usize)>,
    /// The node's text lines (commands removed), as shown.
    pub text: Vec<String>,
}

/// A parsed database.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Guide {
    /// `@database` name.
    pub database: String,
    /// Global `@index`.
    pub index: Option<String>,
    /// Nodes in file order.
    pub nodes: Vec<Node>,
}

impl Guide {
    /// The node with this name (case-insensitive).
    pub fn node(&self, name: &str) -> Option<&Node> {
        self.nodes.iter().find(|n| n.name.eq_ignore_ascii_case(name))
    }
}

/// Commands that may start a line outside or inside nodes (AmigaGuide
/// V34..V40). Lower case.
const GLOBAL_COMMANDS: &[&str] = &[
    "database",
    "$ver:",
    "author",
    "(c)",
    "master",
    "index",
    "help",
    "font",
    "wordwrap",
    "smartwrap",
    "tab",
    "width",
    "height",
    "onopen",
    "onclose",
    "macro",
    "rem",
    "remark",
];
const NODE_COMMANDS: &[&str] = &[
    "node",
    "endnode",
    "toc",
    "next",
    "prev",
    "title",
    "index",
    "help",
    "font",
    "keywords",
    "wordwrap",
    "smartwrap",
    "tab",
    "embed",
    "proportional",
    "rem",
    "remark",
    "onopen",
    "onclose",
    "macro",
];
/// `@{name}` attributes (V39/V40).
const ATTRIBUTES: &[&str] = &[
    "b",
    "ub",
    "i",
    "ui",
    "u",
    "uu",
    "fg",
    "bg",
    "apen",
    "bpen",
    "plain",
    "amigaguide",
    "body",
    "cleartabs",
    "code",
    "jcenter",
    "jleft",
    "jright",
    "lindent",
    "line",
    "par",
    "pard",
    "pari",
    "settabs",
    "tab",
];
/// Actions of a `@{"label" <action> ...}` button.
const ACTIONS: &[&str] = &["link", "alink", "system", "rx", "rxs", "close", "quit", "beep", "guide"];

/// Splits a command's arguments: words, `"quoted"` words.
fn words(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quoted = false;
    let mut any = false;
    for c in s.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                any = true;
            }
            ' ' | '\t' if !quoted => {
                if any {
                    out.push(std::mem::take(&mut cur));
                    any = false;
                }
            }
            _ => {
                cur.push(c);
                any = true;
            }
        }
    }
    if any {
        out.push(cur);
    }
    out
}

/// What a text line shows, with the `@{...}` sequences it holds; errors
/// for unclosed or unknown sequences and stray backslashes.
fn scan_text(line: &str, n: usize, problems: &mut Vec<Problem>, links: &mut Vec<(String, usize)>) -> String {
    let mut shown = String::new();
    let b: Vec<char> = line.chars().collect();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            '\\' => {
                match b.get(i + 1) {
                    Some('\\') | Some('@') => shown.push(b[i + 1]),
                    _ => problems.push(Problem {
                        line: n,
                        message: "a backslash escapes only \\ and @ (write \\\\ for one backslash)".into(),
                    }),
                }
                i += 2;
            }
            '@' if b.get(i + 1) == Some(&'{') => {
                // Find the closing brace outside quotes.
                let mut j = i + 2;
                let mut quoted = false;
                while j < b.len() && (quoted || b[j] != '}') {
                    if b[j] == '"' {
                        quoted = !quoted;
                    }
                    j += 1;
                }
                if j >= b.len() {
                    problems.push(Problem { line: n, message: "@{ is not closed on its line".into() });
                    return shown;
                }
                let inner: String = b[i + 2..j].iter().collect();
                let trimmed = inner.trim_start();
                if trimmed.starts_with('"') {
                    let w = words(trimmed);
                    let label = w.first().cloned().unwrap_or_default();
                    match w.get(1).map(|a| a.to_ascii_lowercase()) {
                        Some(a) if a == "link" || a == "alink" => match w.get(2) {
                            Some(t) => links.push((t.clone(), n)),
                            None => {
                                problems.push(Problem { line: n, message: format!("link \"{label}\" has no target") })
                            }
                        },
                        Some(a) if ACTIONS.contains(&a.as_str()) => {}
                        Some(a) => {
                            problems.push(Problem { line: n, message: format!("unknown button action \"{a}\"") })
                        }
                        None => {
                            problems.push(Problem { line: n, message: format!("button \"{label}\" has no action") })
                        }
                    }
                    shown.push_str(&label);
                } else {
                    let name = trimmed.split_whitespace().next().unwrap_or("").to_ascii_lowercase();
                    if !ATTRIBUTES.contains(&name.as_str()) {
                        problems.push(Problem { line: n, message: format!("unknown attribute @{{{inner}}}") });
                    }
                }
                i = j + 1;
            }
            c => {
                shown.push(c);
                i += 1;
            }
        }
    }
    shown
}

/// Decodes the file as Latin-1, refusing UTF-8 multi-byte sequences.
fn decode(bytes: &[u8], problems: &mut Vec<Problem>) -> String {
    if bytes.iter().any(|&b| b >= 0x80) && std::str::from_utf8(bytes).is_ok() {
        let line =
            bytes.iter().position(|&b| b >= 0x80).map(|p| bytes[..p].iter().filter(|&&b| b == b'\n').count() + 1);
        problems.push(Problem {
            line: line.unwrap_or(0),
            message: "the file is UTF-8; AmigaGuide reads ISO-8859-1 (Latin-1)".into(),
        });
    }
    bytes.iter().map(|&b| b as char).collect()
}

/// Parses `bytes` and checks it; returns the guide and every problem.
pub fn check_guide(bytes: &[u8]) -> (Guide, Vec<Problem>) {
    let mut problems = Vec::new();
    let text = decode(bytes, &mut problems);
    let mut g = Guide::default();
    let mut cur: Option<Node> = None;
    let mut global_links: Vec<(String, usize)> = Vec::new();
    let mut first = true;
    for (idx, raw) in text.split('\n').enumerate() {
        let n = idx + 1;
        let line = raw.strip_suffix('\r').unwrap_or(raw);
        if line.contains('\t') {
            problems.push(Problem { line: n, message: "TAB character (use spaces)".into() });
        }
        if first {
            if line.trim().is_empty() {
                continue;
            }
            first = false;
            if !line.to_ascii_lowercase().starts_with("@database") {
                problems.push(Problem { line: n, message: "the first line must be @database".into() });
            }
        }
        if line.starts_with('@') && !line.starts_with("@{") {
            let body = &line[1..];
            let (cmd, rest) = match body.find([' ', '\t']) {
                Some(p) => (&body[..p], body[p..].trim()),
                None => (body, ""),
            };
            let cmd_l = cmd.to_ascii_lowercase();
            let args = words(rest);
            let arg0 = args.first().cloned();
            match cmd_l.as_str() {
                "database" => {
                    if g.database.is_empty() && cur.is_none() && g.nodes.is_empty() {
                        g.database = arg0.unwrap_or_default();
                    } else {
                        problems.push(Problem { line: n, message: "@database only once, on the first line".into() });
                    }
                }
                "node" => {
                    if let Some(open) = cur.take() {
                        problems.push(Problem {
                            line: n,
                            message: format!("@node before @endnode of node \"{}\" (line {})", open.name, open.line),
                        });
                        g.nodes.push(open);
                    }
                    match arg0 {
                        None => problems.push(Problem { line: n, message: "@node without a name".into() }),
                        Some(name) => {
                            if let Some(d) = g.node(&name) {
                                problems.push(Problem {
                                    line: n,
                                    message: format!("duplicate node \"{name}\" (first at line {})", d.line),
                                });
                            }
                            cur = Some(Node {
                                name,
                                title: args.get(1).cloned(),
                                line: n,
                                toc: None,
                                next: None,
                                prev: None,
                                index: None,
                                links: Vec::new(),
                                text: Vec::new(),
                            });
                        }
                    }
                }
                "endnode" => match cur.take() {
                    Some(node) => g.nodes.push(node),
                    None => problems.push(Problem { line: n, message: "@endnode without an open @node".into() }),
                },
                c @ ("toc" | "next" | "prev" | "index") => {
                    let Some(t) = arg0 else {
                        problems.push(Problem { line: n, message: format!("@{c} without a node name") });
                        continue;
                    };
                    match (&mut cur, c) {
                        (Some(node), "toc") => node.toc = Some(t),
                        (Some(node), "next") => node.next = Some(t),
                        (Some(node), "prev") => node.prev = Some(t),
                        (Some(node), _) => node.index = Some(t),
                        (None, "index") => g.index = Some(t),
                        (None, _) => problems.push(Problem { line: n, message: format!("@{c} outside a node") }),
                    }
                }
                c => {
                    let known = if cur.is_some() {
                        NODE_COMMANDS.contains(&c) || GLOBAL_COMMANDS.contains(&c)
                    } else {
                        GLOBAL_COMMANDS.contains(&c)
                    };
                    if !known {
                        problems.push(Problem {
                            line: n,
                            message: format!("unknown command @{cmd} (AmigaGuide would hide this line)"),
                        });
                    }
                }
            }
            continue;
        }
        // A text line.
        let mut links = Vec::new();
        let shown = scan_text(line, n, &mut problems, &mut links);
        let width = shown.chars().count();
        if width > MAX_VISIBLE {
            problems.push(Problem { line: n, message: format!("{width} columns shown (at most {MAX_VISIBLE})") });
        }
        match &mut cur {
            Some(node) => {
                node.links.extend(links);
                node.text.push(shown);
            }
            None => {
                if !shown.trim().is_empty() {
                    problems.push(Problem { line: n, message: "text outside a node".into() });
                }
                global_links.extend(links);
            }
        }
    }
    if let Some(open) = cur.take() {
        problems.push(Problem { line: open.line, message: format!("node \"{}\" has no @endnode", open.name) });
        g.nodes.push(open);
    }
    if g.database.is_empty() && problems.iter().all(|p| !p.message.contains("@database")) {
        problems.push(Problem { line: 0, message: "no @database".into() });
    }
    if g.node("Main").is_none() {
        problems.push(Problem { line: 0, message: "no node named Main".into() });
    }

    // Targets.
    let exists = |t: &str| g.node(t).is_some();
    let mut targets_bad = Vec::new();
    if let Some(t) = &g.index {
        if !exists(t) {
            targets_bad.push(Problem { line: 0, message: format!("@index \"{t}\" is not a node") });
        }
    }
    for node in &g.nodes {
        for (kind, t) in [("@toc", &node.toc), ("@next", &node.next), ("@prev", &node.prev), ("@index", &node.index)] {
            if let Some(t) = t {
                if !exists(t) {
                    targets_bad.push(Problem {
                        line: node.line,
                        message: format!("{kind} \"{t}\" of node \"{}\" is not a node", node.name),
                    });
                }
            }
        }
        for (t, line) in &node.links {
            if t.contains('/') {
                targets_bad.push(Problem {
                    line: *line,
                    message: format!("link to another file \"{t}\" (not checked; keep links inside this guide)"),
                });
            } else if !exists(t) {
                targets_bad.push(Problem { line: *line, message: format!("link target \"{t}\" is not a node") });
            }
        }
    }
    for (t, line) in &global_links {
        targets_bad.push(Problem { line: *line, message: format!("link \"{t}\" outside a node") });
    }
    problems.extend(targets_bad);

    // Reachability from Main.
    if g.node("Main").is_some() {
        let key = |s: &str| s.to_ascii_lowercase();
        let edges: BTreeMap<String, Vec<String>> = g
            .nodes
            .iter()
            .map(|nd| {
                let mut e: Vec<String> = nd.links.iter().map(|(t, _)| key(t)).collect();
                e.extend([&nd.toc, &nd.next, &nd.prev, &nd.index].into_iter().flatten().map(|t| key(t)));
                e.extend(g.index.iter().map(|t| key(t)));
                (key(&nd.name), e)
            })
            .collect();
        let mut seen = BTreeSet::new();
        let mut todo = vec!["main".to_string()];
        while let Some(k) = todo.pop() {
            if seen.insert(k.clone()) {
                todo.extend(edges.get(&k).into_iter().flatten().cloned());
            }
        }
        for nd in &g.nodes {
            if !seen.contains(&key(&nd.name)) {
                problems.push(Problem {
                    line: nd.line,
                    message: format!("node \"{}\" cannot be reached from Main", nd.name),
                });
            }
        }
    }
    problems.sort_by_key(|p| p.line);
    (g, problems)
}

/// The verbs a guide marks as not available: nodes whose text has a line
/// starting with [`NOT_AVAILABLE`]; the verb is the node name after
/// `ARexx-` (`ARexx-SHOW` marks SHOW and HIDE when the title names both).
pub fn unavailable_verbs(g: &Guide) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for nd in &g.nodes {
        let Some(verb) = nd.name.strip_prefix("ARexx-") else { continue };
        if nd.text.iter().any(|l| l.trim_start().starts_with(NOT_AVAILABLE)) {
            out.insert(verb.to_ascii_uppercase());
            if let Some(t) = &nd.title {
                for w in t
                    .split(|c: char| !c.is_ascii_alphanumeric())
                    .filter(|w| !w.is_empty() && w.chars().all(|c| c.is_ascii_uppercase()))
                {
                    out.insert(w.to_string());
                }
            }
        }
    }
    out
}

/// How a verb's node starts when the verb is not available in this
/// version.
pub const NOT_AVAILABLE: &str = "Not available in this version";
