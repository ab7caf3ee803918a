//! The catalog description (`.cd`), FlexCat style.
//!
//! ```text
//! ; A comment; comment lines right before an entry document it.
//! #language english
//! #version 1
//! MSG_MENU_PROJECT (0//)
//! Project
//! MSG_MENU_QUIT_KEY (/1/1)
//! Q
//! ```
//!
//! An entry is `NAME (ID/MINLEN/MAXLEN)` followed by its string line; each
//! field may be empty: an empty ID is the previous ID + 1 (0 for the
//! first), empty bounds mean no bound. Bounds count the compiled bytes
//! (after escapes, ISO-8859-1). A string line ending in an odd number of
//! backslashes continues on the next line (the backslash is dropped).
//! FlexCat's format is described in its documentation (`FlexCat.guide`,
//! "Catalog description file"); only the subset above is accepted.
use crate::diag::Diagnostic;
use crate::escape;

/// One string of the description.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The symbolic name (`MSG_MENU_PROJECT`); also the Rust const name.
    pub name: String,
    /// The catalog ID (`STRS` entries are looked up by it).
    pub id: u32,
    /// Minimum length in bytes, if bounded.
    pub min_len: Option<usize>,
    /// Maximum length in bytes, if bounded.
    pub max_len: Option<usize>,
    /// The built-in English string, ISO-8859-1 bytes without NUL.
    pub text: Vec<u8>,
    /// The `;` comment lines right before the entry, without the `;`.
    pub comment: Vec<String>,
    /// Line of the `NAME (...)` line, 1-based.
    pub line: usize,
}

/// A parsed `.cd` file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Description {
    /// The file name as given (for messages).
    pub file: String,
    /// `#language`: the built-in language (`english`).
    pub language: String,
    /// `#version`: the catalog version the program asks for (`OC_Version`).
    pub version: u32,
    /// The entries in file order.
    pub entries: Vec<Entry>,
}

impl Description {
    /// The entry called `name`.
    pub fn get(&self, name: &str) -> Option<&Entry> {
        self.entries.iter().find(|e| e.name == name)
    }
}

/// True for a name usable as a Rust const and a C define.
pub(crate) fn valid_name(s: &str) -> bool {
    let mut b = s.bytes();
    matches!(b.next(), Some(c) if c.is_ascii_alphabetic() || c == b'_')
        && b.all(|c| c.is_ascii_alphanumeric() || c == b'_')
}

/// Joins a string line with its continuation lines; returns the logical
/// line and the index of the last physical line used.
pub(crate) fn logical_line(lines: &[&str], mut i: usize) -> (String, usize) {
    let mut s = String::new();
    loop {
        let l = lines[i];
        if escape::continues(l) && i + 1 < lines.len() {
            s.push_str(&l[..l.len() - 1]);
            i += 1;
        } else {
            s.push_str(l);
            return (s, i);
        }
    }
}

/// Checks `text` against an entry's bounds; the message for errors.
pub(crate) fn check_bounds(e: &Entry, text: &[u8]) -> Result<(), String> {
    if let Some(min) = e.min_len {
        if text.len() < min {
            return Err(format!("{} is {} bytes, shorter than its MINLEN {min}", e.name, text.len()));
        }
    }
    if let Some(max) = e.max_len {
        if text.len() > max {
            return Err(format!("{} is {} bytes, longer than its MAXLEN {max}", e.name, text.len()));
        }
    }
    Ok(())
}

/// Parses `(ID/MINLEN/MAXLEN)`; `prev` is the previous ID.
fn parse_fields(fields: &str, prev: Option<u32>) -> Result<(u32, Option<usize>, Option<usize>), String> {
    let parts: Vec<&str> = fields.split('/').map(str::trim).collect();
    if parts.len() != 3 {
        return Err(format!("expected (ID/MINLEN/MAXLEN), found ({fields})"));
    }
    let id = if parts[0].is_empty() {
        prev.map_or(0, |p| p + 1)
    } else {
        parts[0].parse::<u32>().map_err(|_| format!("ID \"{}\" is not a number", parts[0]))?
    };
    let bound = |s: &str, what: &str| -> Result<Option<usize>, String> {
        if s.is_empty() {
            Ok(None)
        } else {
            s.parse::<usize>().map(Some).map_err(|_| format!("{what} \"{s}\" is not a number"))
        }
    };
    let min = bound(parts[1], "MINLEN")?;
    let max = bound(parts[2], "MAXLEN")?;
    if let (Some(a), Some(b)) = (min, max) {
        if a > b {
            return Err(format!("MINLEN {a} is greater than MAXLEN {b}"));
        }
    }
    Ok((id, min, max))
}

/// Parses a `.cd` file; `file` names it in diagnostics. Returns every
/// error found (the parse goes on after an error where it can).
pub fn parse(file: &str, text: &str) -> Result<Description, Vec<Diagnostic>> {
    let lines: Vec<&str> = text.lines().collect();
    let mut errs = Vec::new();
    let mut language = None;
    let mut version = None;
    let mut entries: Vec<Entry> = Vec::new();
    let mut comment: Vec<String> = Vec::new();
    let mut prev_id = None;
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let n = i + 1;
        let t = line.trim_end();
        if t.is_empty() {
            comment.clear();
        } else if let Some(c) = t.strip_prefix(';') {
            // A bare `;` or a `; ---- Section` rule ends a comment block
            // instead of documenting the next entry.
            let c = c.strip_prefix(' ').unwrap_or(c);
            if c.trim().is_empty() || c.starts_with("---") {
                comment.clear();
            } else {
                comment.push(c.to_string());
            }
        } else if let Some(d) = t.strip_prefix('#') {
            let (key, val) = d.split_once(char::is_whitespace).unwrap_or((d, ""));
            let val = val.trim();
            match key.to_ascii_lowercase().as_str() {
                "language" if !val.is_empty() => language = Some(val.to_string()),
                "version" => match val.parse::<u32>() {
                    Ok(v) => version = Some(v),
                    Err(_) => errs.push(Diagnostic::error(file, n, format!("#version \"{val}\" is not a number"))),
                },
                _ => errs.push(Diagnostic::error(file, n, format!("unknown directive #{key}"))),
            }
            comment.clear();
        } else {
            // NAME (ID/MINLEN/MAXLEN)
            let parsed = t.split_once('(').and_then(|(name, rest)| rest.strip_suffix(')').map(|f| (name.trim(), f)));
            let Some((name, fields)) = parsed else {
                errs.push(Diagnostic::error(file, n, format!("expected NAME (ID/MINLEN/MAXLEN), found \"{t}\"")));
                i += 1;
                continue;
            };
            if !valid_name(name) {
                errs.push(Diagnostic::error(file, n, format!("\"{name}\" is not a valid name (letters, digits, _)")));
            }
            let (id, min_len, max_len) = match parse_fields(fields, prev_id) {
                Ok(v) => v,
                Err(m) => {
                    errs.push(Diagnostic::error(file, n, m));
                    (prev_id.map_or(0, |p| p + 1), None, None)
                }
            };
            if i + 1 >= lines.len() {
                errs.push(Diagnostic::error(file, n, format!("{name} has no string line")));
                break;
            }
            let (s, last) = logical_line(&lines, i + 1);
            let text = match escape::decode(&s) {
                Ok(b) => b,
                Err(m) => {
                    errs.push(Diagnostic::error(file, i + 2, m));
                    Vec::new()
                }
            };
            if let Some(other) = entries.iter().find(|e| e.name == name) {
                errs.push(Diagnostic::error(file, n, format!("duplicate name {name} (first at line {})", other.line)));
            }
            if let Some(other) = entries.iter().find(|e| e.id == id) {
                errs.push(Diagnostic::error(
                    file,
                    n,
                    format!("duplicate ID {id}: {name} and {} (line {})", other.name, other.line),
                ));
            }
            let e = Entry {
                name: name.to_string(),
                id,
                min_len,
                max_len,
                text,
                comment: std::mem::take(&mut comment),
                line: n,
            };
            if let Err(m) = check_bounds(&e, &e.text) {
                errs.push(Diagnostic::error(file, i + 2, m));
            }
            prev_id = Some(id);
            entries.push(e);
            i = last;
        }
        i += 1;
    }
    if language.is_none() {
        errs.push(Diagnostic::error(file, 0, "missing #language"));
    }
    if version.is_none() {
        errs.push(Diagnostic::error(file, 0, "missing #version"));
    }
    if !errs.is_empty() {
        return Err(errs);
    }
    Ok(Description {
        file: file.to_string(),
        language: language.unwrap_or_default(),
        version: version.unwrap_or_default(),
        entries,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one_error(text: &str) -> String {
        let e = parse("t.cd", text).unwrap_err();
        assert_eq!(e.len(), 1, "{e:?}");
        e[0].to_string()
    }

    const HEAD: &str = "#language english\n#version 3\n";

    #[test]
    fn entries_ids_bounds_comments() {
        let d = parse(
            "t.cd",
            &format!("{HEAD}; The title\nMSG_A (//)\nProject\nMSG_B (10/1/1)\nQ\nMSG_C (//)\nlong \\\nline\\n\n"),
        )
        .unwrap();
        assert_eq!(d.language, "english");
        assert_eq!(d.version, 3);
        let ids: Vec<_> = d.entries.iter().map(|e| (e.name.as_str(), e.id)).collect();
        assert_eq!(ids, [("MSG_A", 0), ("MSG_B", 10), ("MSG_C", 11)]);
        assert_eq!(d.entries[0].comment, ["The title"]);
        assert_eq!((d.entries[1].min_len, d.entries[1].max_len), (Some(1), Some(1)));
        assert_eq!(d.entries[2].text, b"long line\n");
    }

    #[test]
    fn errors_carry_file_and_line() {
        assert_eq!(
            one_error(&format!("{HEAD}MSG_A (//)\nx\nMSG_A (//)\ny\n")),
            "t.cd:5: error: duplicate name MSG_A (first at line 3)"
        );
        assert_eq!(
            one_error(&format!("{HEAD}MSG_A (4//)\nx\nMSG_B (4//)\ny\n")),
            "t.cd:5: error: duplicate ID 4: MSG_B and MSG_A (line 3)"
        );
        assert_eq!(
            one_error(&format!("{HEAD}MSG_A (//)\nx\\y\n")),
            r"t.cd:4: error: bad escape \y (known: \n \t \e \\ \xHH)"
        );
        assert_eq!(
            one_error(&format!("{HEAD}MSG_A (//3)\nQuit\n")),
            "t.cd:4: error: MSG_A is 4 bytes, longer than its MAXLEN 3"
        );
        assert_eq!(
            one_error(&format!("{HEAD}MSG_A (/2/)\nQ\n")),
            "t.cd:4: error: MSG_A is 1 bytes, shorter than its MINLEN 2"
        );
        assert_eq!(one_error(&format!("{HEAD}MSG_A (x//)\nQ\n")), "t.cd:3: error: ID \"x\" is not a number");
        let e = parse("t.cd", &format!("{HEAD}MSG_A\nQ\n")).unwrap_err();
        assert_eq!(e[0].to_string(), "t.cd:3: error: expected NAME (ID/MINLEN/MAXLEN), found \"MSG_A\"");
        assert_eq!(one_error(&format!("{HEAD}#array\n")), "t.cd:3: error: unknown directive #array");
        assert_eq!(one_error("#version 1\n"), "t.cd:0: error: missing #language");
        assert_eq!(one_error(&format!("{HEAD}MSG_A (//)\n")), "t.cd:3: error: MSG_A has no string line");
    }
}
