//! Lint for `installer/GadgetScope.readme`, the Aminet readme.
//!
//! Aminet builds its RECENT/INDEX lists and its upload checks from the
//! readme's header: `Field: value` lines at the top, ended by the first
//! blank line. Rules checked here (Aminet's upload instructions: "Short:
//! plus a 40 character description on the first line"; the fields of
//! today's aminet.net upload form):
//!
//! * the first line is `Short:` with 1..=[`SHORT_MAX`] characters;
//! * `Author:`, `Uploader:` (an e-mail address that receives mail, see
//!   [`uploader_problem`]), `Type:`
//!   (`<dir>/<subdir>` of Aminet's tree, see [`AMINET_DIRS`]), `Version:`,
//!   `Architecture:` and `Distribution:` are present exactly once;
//! * `Architecture:` is `m68k-amigaos` with an optional `>= <version>`;
//!   this program also requires `>= 3.0`; `Requires:` names the 68000 (the
//!   archive holds a build for every 680x0: `GadgetScope.000`);
//! * `Distribution:` is `Aminet` or `NoCD`; `Version:` is digits and dots;
//! * no unknown field, no field twice, no empty value; header and body
//!   are ISO-8859-1 text (no UTF-8), lines at most [`LINE_MAX`] columns
//!   (Aminet shows the readme as plain text), no TABs.
use std::collections::BTreeMap;

/// Longest `Short:` description.
pub const SHORT_MAX: usize = 40;
/// Longest line.
pub const LINE_MAX: usize = 78;

/// Header fields Aminet knows.
pub const FIELDS: &[&str] = &[
    "Short",
    "Author",
    "Uploader",
    "Type",
    "Version",
    "Architecture",
    "Requires",
    "Distribution",
    "Replaces",
    "Kurz",
    "Url",
    "Email",
];
/// Fields that must be present.
pub const REQUIRED: &[&str] = &["Short", "Author", "Uploader", "Type", "Version", "Architecture", "Distribution"];
/// Aminet top directories (the `Type:` before the slash).
pub const AMINET_DIRS: &[&str] = &[
    "biz", "comm", "demo", "dev", "disk", "docs", "driver", "game", "gfx", "hard", "misc", "mods", "mus", "pix",
    "text", "util",
];

/// One problem with its 1-based line (0: the whole file).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// 1-based line, 0 for the file.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

/// The parsed header: field name -> (value, line).
pub type Header = BTreeMap<String, (String, usize)>;

/// Lints the readme; returns the header and every problem.
pub fn lint(bytes: &[u8]) -> (Header, Vec<Problem>) {
    let mut p = Vec::new();
    if bytes.iter().any(|&b| b >= 0x80) && std::str::from_utf8(bytes).is_ok() {
        p.push(Problem { line: 0, message: "the file is UTF-8; Aminet readmes are ISO-8859-1".into() });
    }
    let text: String = bytes.iter().map(|&b| b as char).collect();
    let mut header = Header::new();
    let mut in_header = true;
    for (i, line) in text.split('\n').enumerate() {
        let n = i + 1;
        if line.contains('\t') {
            p.push(Problem { line: n, message: "TAB character".into() });
        }
        if line.ends_with('\r') {
            p.push(Problem { line: n, message: "CR LF line end (use LF)".into() });
        }
        let w = line.chars().count();
        if w > LINE_MAX {
            p.push(Problem { line: n, message: format!("{w} columns (at most {LINE_MAX})") });
        }
        if !in_header {
            continue;
        }
        if line.trim().is_empty() {
            in_header = false;
            continue;
        }
        let Some((k, v)) = line.split_once(':') else {
            p.push(Problem {
                line: n,
                message: "header line without `Field:` (end the header with a blank line)".into(),
            });
            continue;
        };
        let (k, v) = (k.trim(), v.trim());
        if n == 1 && k != "Short" {
            p.push(Problem { line: 1, message: "the first line must be `Short:`".into() });
        }
        if !FIELDS.contains(&k) {
            p.push(Problem { line: n, message: format!("unknown field `{k}:`") });
            continue;
        }
        if v.is_empty() {
            p.push(Problem { line: n, message: format!("`{k}:` is empty") });
        }
        if let Some((_, first)) = header.get(k) {
            p.push(Problem { line: n, message: format!("`{k}:` twice (first at line {first})") });
            continue;
        }
        header.insert(k.to_string(), (v.to_string(), n));
    }
    for k in REQUIRED {
        if !header.contains_key(*k) {
            p.push(Problem { line: 0, message: format!("no `{k}:` field") });
        }
    }
    let get = |k: &str| header.get(k).map(|(v, l)| (v.as_str(), *l));
    if let Some((v, l)) = get("Short") {
        let c = v.chars().count();
        if c > SHORT_MAX {
            p.push(Problem { line: l, message: format!("`Short:` is {c} characters (at most {SHORT_MAX})") });
        }
    }
    if let Some((v, l)) = get("Uploader") {
        if let Some(m) = uploader_problem(v) {
            p.push(Problem { line: l, message: m });
        }
    }
    if let Some((v, l)) = get("Type") {
        let ok = match v.split_once('/') {
            Some((d, s)) => {
                AMINET_DIRS.contains(&d)
                    && !s.is_empty()
                    && s.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
            }
            None => false,
        };
        if !ok {
            p.push(Problem { line: l, message: format!("`Type: {v}` is not an Aminet directory like util/misc") });
        }
    }
    if let Some((v, l)) = get("Version") {
        if v.is_empty() || !v.chars().all(|c| c.is_ascii_digit() || c == '.') || v.starts_with('.') || v.ends_with('.')
        {
            p.push(Problem { line: l, message: format!("`Version: {v}` must be digits and dots, e.g. 0.1") });
        }
    }
    if let Some((v, l)) = get("Architecture") {
        let mut it = v.split_whitespace();
        let arch = it.next().unwrap_or("");
        let rest: Vec<&str> = it.collect();
        let ver_ok = match rest.as_slice() {
            [] => false,
            [">=", ver] => {
                ver.split('.').all(|x| !x.is_empty() && x.chars().all(|c| c.is_ascii_digit()))
                    && version_at_least(ver, "3.0")
            }
            _ => false,
        };
        if arch != "m68k-amigaos" || !ver_ok {
            p.push(Problem {
                line: l,
                message: format!("`Architecture: {v}` must be `m68k-amigaos >= 3.0` (or newer)"),
            });
        }
    }
    match get("Requires") {
        Some((v, l)) => {
            if !v.contains("68000") {
                p.push(Problem { line: l, message: "`Requires:` must name the 68000 (the lowest processor)".into() });
            }
        }
        None => p.push(Problem { line: 0, message: "no `Requires:` field (the processor and libraries)".into() }),
    }
    if let Some((v, l)) = get("Distribution") {
        if v != "Aminet" && v != "NoCD" {
            p.push(Problem { line: l, message: format!("`Distribution: {v}` must be Aminet or NoCD") });
        }
    }
    p.sort_by_key(|x| x.line);
    (header, p)
}

/// Local parts of addresses that do not read their mail.
const NO_REPLY: &[&str] = &["noreply", "no-reply", "no_reply", "donotreply", "do-not-reply", "do_not_reply", "nobody"];

/// Domains that cannot receive mail (RFC 2606 and RFC 6761: reserved for
/// examples and tests) or that only hide an address (GitHub's
/// `users.noreply.github.com`); a domain ending in one of these is refused.
const DEAD_DOMAINS: &[&str] = &[
    "example.com",
    "example.net",
    "example.org",
    "example",
    "invalid",
    "test",
    "localhost",
    "local",
    "noreply.github.com",
];

/// Why the `Uploader:` value `v` is not acceptable, or `None`.
///
/// Aminet's rules (aminet.net wiki, "The Readme file" and the moderators'
/// "Guidelines"): the field must hold a proper e-mail address, or the
/// upload is deleted; the moderators write to it when they fix, move or
/// delete the upload, and compare it when a later upload replaces this
/// one. So the address must receive mail: the form is `address` or
/// `address (Name)` (or `Name <address>`); the address is `local@domain`
/// with a dotted domain and an alphabetic top-level label; no-reply
/// mailboxes and reserved or hiding domains are refused.
pub fn uploader_problem(v: &str) -> Option<String> {
    let v = v.trim();
    let addr = if let Some((name, rest)) = v.split_once('<') {
        match rest.strip_suffix('>') {
            Some(a) if !name.trim().is_empty() && !a.contains('<') => a.trim(),
            _ => return Some(format!("`Uploader: {v}`: write `address (Name)` or `Name <address>`")),
        }
    } else {
        match v.split_once(' ') {
            None => v,
            Some((a, name)) => {
                let name = name.trim();
                if !(name.starts_with('(') && name.ends_with(')') && name.len() > 2) {
                    return Some(format!("`Uploader: {v}` needs an e-mail address, as `address (Name)`"));
                }
                a
            }
        }
    };
    let Some((local, domain)) = addr.split_once('@') else {
        return Some(format!("`Uploader: {v}` needs an e-mail address"));
    };
    let domain = domain.to_ascii_lowercase();
    let labels: Vec<&str> = domain.split('.').collect();
    let local_ok = !local.is_empty()
        && local.len() <= 64
        && !local.starts_with('.')
        && !local.ends_with('.')
        && !local.contains("..")
        && local.chars().all(|c| c.is_ascii_alphanumeric() || "._%+-".contains(c));
    let domain_ok = labels.len() >= 2
        && labels.iter().all(|l| {
            !l.is_empty()
                && !l.starts_with('-')
                && !l.ends_with('-')
                && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
        })
        && labels.last().is_some_and(|t| t.len() >= 2 && t.chars().all(|c| c.is_ascii_alphabetic()));
    if !local_ok || !domain_ok {
        return Some(format!("`Uploader:` {addr:?} is not an e-mail address"));
    }
    let lower = local.to_ascii_lowercase();
    if NO_REPLY
        .iter()
        .any(|n| lower == *n || lower.starts_with(&format!("{n}+")) || lower.starts_with(&format!("{n}.")))
    {
        return Some(format!(
            "`Uploader:` {addr} is a no-reply address: Aminet writes to the uploader about the upload"
        ));
    }
    if let Some(d) = DEAD_DOMAINS.iter().find(|d| domain == **d || domain.ends_with(&format!(".{d}"))) {
        return Some(format!("`Uploader:` {addr}: mail to {d} is never delivered (reserved or no-reply domain)"));
    }
    None
}

/// `a >= b` for dotted versions.
fn version_at_least(a: &str, b: &str) -> bool {
    let parse = |s: &str| s.split('.').map(|x| x.parse::<u32>().unwrap_or(0)).collect::<Vec<_>>();
    let (mut x, mut y) = (parse(a), parse(b));
    let n = x.len().max(y.len());
    x.resize(n, 0);
    y.resize(n, 0);
    x >= y
}
