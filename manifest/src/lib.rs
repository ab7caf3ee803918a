//! Manifests and quirk profiles (docs/reference/formats.md, "Manifests and
//! quirk profiles"). A crate of its own so that it is built for size: it
//! runs once a profile is loaded or saved (`gadgetscope_core::manifest`
//! re-exports it).
//!
//! One strict parser, one canonical writer and `@name` resolution. A
//! manifest is written by an application's author for its own program; a
//! quirk profile is the same format written for someone else's program,
//! with notes in `; quirk: …` comment lines. Both are plain Latin-1 text,
//! one record per line, LF line ends.
//!
//! Strictness is a deliberate deviation from AmiPilot 1.1
//! (docs/reference/amipilot-differences.md): any error rejects the **whole**
//! file with `line <n>: <reason>`, so a script never runs against half a
//! profile.
//!
//! Field values are kept as raw Latin-1 bytes (`Vec<u8>`): window titles
//! are compared byte-wise with Intuition's live titles, so nothing is
//! re-encoded. Limits are in bytes (= characters in Latin-1).
#![cfg_attr(not(test), no_std)]
#![forbid(unsafe_code)]
extern crate alloc;

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use amiga_ndk::latin1::to_string as latin1;
use core::fmt;

/// Longest logical name (WINDOW/GADGET/WHEREGADGET), in bytes
/// (docs/reference/formats.md, "Manifests and quirk profiles").
pub const NAME_MAX: usize = 31;
/// Longest window title substring, in bytes (same section).
pub const TITLE_MAX: usize = 95;
/// Longest `APP` name, in bytes (same section).
pub const APP_MAX: usize = 31;
/// Longest `WHEREPORT` port name, in bytes (same section).
pub const PORT_MAX: usize = 31;
/// Highest GA_ID: `struct Gadget`'s `GadgetID` is a UWORD
/// (intuition/intuition.h), so a larger number could never match.
pub const GA_ID_MAX: u32 = 65535;

/// A parsed manifest or quirk profile: every rule of docs/reference/formats.md,
/// "Manifests and quirk profiles", holds.
///
/// Record order in the file is not kept beyond what matters (windows in
/// declaration order, gadgets in declaration order); `; quirk:` notes stay
/// attached to the record they stand above.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Manifest {
    /// `MANIFEST <1|2>`: the format version.
    pub version: u8,
    /// Quirk notes above the `MANIFEST` record (file-level notes).
    pub notes: Vec<Vec<u8>>,
    /// `APP <name>`: at most [`APP_MAX`] bytes.
    pub app: Vec<u8>,
    /// Quirk notes above the `APP` record.
    pub app_notes: Vec<Vec<u8>>,
    /// `WHEREPORT <port>` (version 2 only).
    pub where_port: Option<WherePort>,
    /// `WINDOW` records in declaration order (at least one).
    pub windows: Vec<Window>,
    /// `GADGET` and `WHEREGADGET` records in declaration order (one
    /// namespace).
    pub gadgets: Vec<Gadget>,
    /// Quirk notes after the last record.
    pub trailing_notes: Vec<Vec<u8>>,
}

/// `WHEREPORT <port-name>`: the application's cooperative WHERE port
/// (docs/reference/formats.md, "The cooperative WHERE port").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WherePort {
    /// The public port name, at most [`PORT_MAX`] bytes.
    pub name: Vec<u8>,
    /// Quirk notes above the record.
    pub notes: Vec<Vec<u8>>,
}

/// `WINDOW <logical-name> <title-substring>`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Window {
    /// Logical name, `[a-z0-9_]+`, at most [`NAME_MAX`] bytes.
    pub name: Vec<u8>,
    /// Case-sensitive substring of the live window title, 1 to
    /// [`TITLE_MAX`] bytes.
    pub title: Vec<u8>,
    /// Quirk notes above the record.
    pub notes: Vec<Vec<u8>>,
}

/// `GADGET` or `WHEREGADGET` record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Gadget {
    /// Logical name, `[a-z0-9_]+`, at most [`NAME_MAX`] bytes.
    pub name: Vec<u8>,
    /// Index into [`Manifest::windows`] of the window it lives in.
    pub window: usize,
    /// How the gadget is found.
    pub kind: GadgetKind,
    /// Quirk notes above the record.
    pub notes: Vec<Vec<u8>>,
}

/// How a named gadget is found (docs/reference/commands.md, "Locator tiers",
/// tier 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GadgetKind {
    /// `GADGET … <GA_ID>`: by `GadgetID` in the live window.
    GaId(u16),
    /// `WHEREGADGET`: by asking the application's WHERE port.
    Where,
}

/// What an `@name` stands for, resolved against a [`Manifest`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Resolved<'a> {
    /// Find the window by title substring, then the gadget by GA_ID.
    Gadget {
        /// Window title substring (case-sensitive).
        window_title: &'a [u8],
        /// The gadget's `GadgetID`.
        ga_id: u16,
    },
    /// Ask `port` for `WHERE <name>`, then act in the window found by
    /// `window_title`.
    Where {
        /// Window title substring (case-sensitive).
        window_title: &'a [u8],
        /// The WHERE port named by `WHEREPORT`.
        port: &'a [u8],
        /// The declared logical name (lower case), as sent to the port.
        name: &'a [u8],
    },
}

/// Why a file was rejected: `line <n>: <reason>` (docs/reference/formats.md,
/// "Manifests and quirk profiles").
///
/// `line` is 1-based. Errors found at the end of the file (a missing `APP`
/// or `WINDOW`) name the last line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ManifestError {
    /// 1-based line number.
    pub line: u32,
    /// Human-readable reason (ASCII, with Latin-1 field text quoted).
    pub reason: String,
}

impl fmt::Display for ManifestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.reason)
    }
}

fn is_blank(b: u8) -> bool {
    b == b' ' || b == b'\t'
}

/// Splits the first `max` fields off a record line: blanks separate, `"…"`
/// quotes a field with blanks (no quote inside: the format has no
/// escape). Returns them and the rest of the line. The last of them may
/// be a quoted field followed at once by a comment's `;` or `#`.
fn fields(line: &[u8], max: usize) -> Result<(Vec<&[u8]>, &[u8]), String> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < line.len() && out.len() < max {
        if is_blank(line[i]) {
            i += 1;
            continue;
        }
        if line[i] == b'"' {
            let start = i + 1;
            let Some(len) = line[start..].iter().position(|&b| b == b'"') else {
                return Err(String::from("unterminated quote"));
            };
            let end = start + len;
            let comment_follows = out.len() + 1 == max && matches!(line.get(end + 1), Some(b';' | b'#'));
            if end + 1 < line.len() && !is_blank(line[end + 1]) && !comment_follows {
                return Err(String::from("text after closing quote"));
            }
            out.push(&line[start..end]);
            i = end + 1;
        } else {
            let start = i;
            while i < line.len() && !is_blank(line[i]) {
                i += 1;
            }
            let field = &line[start..i];
            if field.contains(&b'"') {
                return Err(format!("quote inside field \"{}\"", latin1(field)));
            }
            out.push(field);
        }
    }
    Ok((out, &line[i..]))
}

/// How many fields follow a record's keyword (docs/reference/formats.md);
/// `None` for an unknown keyword.
fn record_fields(kw: &[u8]) -> Option<usize> {
    [(&b"MANIFEST"[..], 1), (b"APP", 1), (b"WHEREPORT", 1), (b"WINDOW", 2), (b"GADGET", 3), (b"WHEREGADGET", 2)]
        .iter()
        .find(|(k, _)| kw.eq_ignore_ascii_case(k))
        .map(|&(_, n)| n)
}

/// A `; quirk: <text>` comment's text, if the comment is one. One space
/// after the colon belongs to the syntax, the rest to the note.
fn quirk_note(comment: &[u8]) -> Option<&[u8]> {
    let rest = comment.strip_prefix(b";")?;
    let start = rest.iter().position(|&b| !is_blank(b)).unwrap_or(rest.len());
    let rest = &rest[start..];
    if rest.len() < 6 || !rest[..6].eq_ignore_ascii_case(b"quirk:") {
        return None;
    }
    let text = &rest[6..];
    Some(text.strip_prefix(b" ").unwrap_or(text))
}

/// What is wrong with a logical name (docs/reference/formats.md: `[a-z0-9_]+`
/// when declared, at most [`NAME_MAX`] bytes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NameProblem {
    /// No characters.
    Empty,
    /// Longer than [`NAME_MAX`] bytes.
    TooLong,
    /// Only upper case letters stand between it and a good name.
    UpperCase,
    /// A character other than a-z, 0-9, `_` (and not only upper case).
    BadCharacters,
}

/// The one naming rule of manifests and quirk profiles: `None` for a good
/// declared name.
pub fn name_problem(name: &[u8]) -> Option<NameProblem> {
    let ok = |b: u8| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_';
    if name.is_empty() {
        Some(NameProblem::Empty)
    } else if name.len() > NAME_MAX {
        Some(NameProblem::TooLong)
    } else if name.iter().all(|&b| ok(b)) {
        None
    } else if name.iter().all(|&b| ok(b.to_ascii_lowercase())) {
        Some(NameProblem::UpperCase)
    } else {
        Some(NameProblem::BadCharacters)
    }
}

/// Checks a declared logical name ([`name_problem`]) for the parser.
fn check_name(name: &[u8]) -> Result<(), String> {
    match name_problem(name) {
        None => Ok(()),
        Some(NameProblem::Empty) => Err(String::from("empty name")),
        Some(NameProblem::TooLong) => Err(format!("name longer than {NAME_MAX} bytes")),
        Some(_) => Err(format!("bad name \"{}\" (names are [a-z0-9_]+)", latin1(name))),
    }
}

/// Decimal GA_ID, 0 to [`GA_ID_MAX`].
fn parse_ga_id(field: &[u8]) -> Result<u16, String> {
    let Some(v) = amiga_ndk::latin1::decimal(field) else {
        return Err(format!("GA_ID must be a number: \"{}\"", latin1(field)));
    };
    match u16::try_from(v) {
        Ok(id) if u32::from(id) <= GA_ID_MAX => Ok(id),
        _ => Err(format!("GA_ID out of range (0-{GA_ID_MAX})")),
    }
}

/// Exactly `n` fields after the keyword, else "missing <what>" / "trailing
/// text".
fn arity(f: &[&[u8]], n: usize, what: &[&str]) -> Result<(), String> {
    let args = f.len() - 1;
    if args < n {
        return Err(format!("{} needs {}", latin1(f[0]).to_ascii_uppercase(), what[args]));
    }
    if args > n {
        return Err(format!("trailing text \"{}\"", latin1(f[n + 1])));
    }
    Ok(())
}

/// Parses a manifest / quirk profile (docs/reference/formats.md), strictly.
///
/// Rules, each rejecting the whole file with `line <n>: <reason>`:
/// `MANIFEST <1|2>` is the first record and appears once; `APP` exactly
/// once; `WHEREPORT` (v2) at most once and above any `WHEREGADGET` (v2);
/// at least one `WINDOW`; `GADGET`/`WHEREGADGET` share one namespace; names
/// are `[a-z0-9_]+` when declared and looked up case-insensitively; window
/// names are unique and declared above the gadgets naming them; limits name
/// 31, title 95, app 31, port 31 bytes; numeric GA_ID (0-65535); no unknown
/// record, unknown version, v2 record in a v1 file or trailing text.
/// Lines end in LF or CR LF (a file saved by an editor on another system
/// reads the same); any other CR, control characters in a record line,
/// quotes inside a field and empty quoted fields are rejected.
///
/// Blank lines and lines starting (after blanks) with `;` or `#` are
/// comments; `; quirk: <text>` comments are kept as notes of the next
/// record.
pub fn parse(text: &[u8]) -> Result<Manifest, ManifestError> {
    let mut p = Parser::default();
    let mut line_no: u32 = 0;
    let mut last_line: u32 = 1;
    let mut lines = text.split(|&b| b == b'\n').peekable();
    while let Some(line) = lines.next() {
        line_no += 1;
        // The empty piece after a final LF is not a line.
        if line.is_empty() && lines.peek().is_none() {
            break;
        }
        last_line = line_no;
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        p.line(line).map_err(|reason| ManifestError { line: line_no, reason })?;
    }
    p.finish().map_err(|reason| ManifestError { line: last_line, reason })
}

#[derive(Default)]
struct Parser {
    version: Option<u8>,
    notes: Vec<Vec<u8>>,
    pending: Vec<Vec<u8>>,
    app: Option<(Vec<u8>, Vec<Vec<u8>>)>,
    where_port: Option<WherePort>,
    windows: Vec<Window>,
    gadgets: Vec<Gadget>,
}

impl Parser {
    fn line(&mut self, line: &[u8]) -> Result<(), String> {
        if line.contains(&b'\r') {
            return Err(String::from("carriage return inside a line (lines end in LF or CR LF)"));
        }
        let start = line.iter().position(|&b| !is_blank(b)).unwrap_or(line.len());
        let body = &line[start..];
        if body.is_empty() {
            return Ok(());
        }
        if body[0] == b';' || body[0] == b'#' {
            if let Some(note) = quirk_note(body) {
                self.pending.push(note.to_vec());
            }
            return Ok(());
        }
        // The record's own fields, then at most a comment (`;` or `#`, as
        // AmiPilot's parser allows): anything else is trailing text.
        let (kw, _) = fields(body, 1)?;
        let (f, rest) = fields(body, 1 + record_fields(kw[0]).unwrap_or(0))?;
        let rest = &rest[rest.iter().position(|&b| !is_blank(b)).unwrap_or(rest.len())..];
        let record = &body[..body.len() - rest.len()];
        if let Some(&b) = record.iter().find(|&&b| b < 0x20 && b != b'\t' || b == 0x7f) {
            return Err(format!("control character 0x{b:02x} in record"));
        }
        if !rest.is_empty() && rest[0] != b';' && rest[0] != b'#' && record_fields(kw[0]).is_some() {
            let (next, _) = fields(rest, 1)?;
            return Err(format!("trailing text \"{}\"", latin1(next[0])));
        }
        let kw = f[0];
        let is = |k: &[u8]| kw.eq_ignore_ascii_case(k);
        let version = match self.version {
            Some(v) => v,
            None if is(b"MANIFEST") => 0,
            None => return Err(String::from("MANIFEST must be the first record")),
        };
        let notes = core::mem::take(&mut self.pending);
        if is(b"MANIFEST") {
            if version != 0 {
                return Err(String::from("duplicate MANIFEST record"));
            }
            arity(&f, 1, &["a version"])?;
            self.version = Some(match f[1] {
                b"1" => 1,
                b"2" => 2,
                v => return Err(format!("unknown manifest version \"{}\"", latin1(v))),
            });
            self.notes = notes;
        } else if is(b"APP") {
            arity(&f, 1, &["a name"])?;
            if self.app.is_some() {
                return Err(String::from("duplicate APP record"));
            }
            let app = f[1];
            if app.is_empty() {
                return Err(String::from("empty APP name"));
            }
            if app.len() > APP_MAX {
                return Err(format!("APP name longer than {APP_MAX} bytes"));
            }
            self.app = Some((app.to_vec(), notes));
        } else if is(b"WHEREPORT") {
            need_v2(version, "WHEREPORT")?;
            arity(&f, 1, &["a port name"])?;
            if self.where_port.is_some() {
                return Err(String::from("duplicate WHEREPORT record"));
            }
            let port = f[1];
            if port.is_empty() {
                return Err(String::from("empty port name"));
            }
            if port.len() > PORT_MAX {
                return Err(format!("port name longer than {PORT_MAX} bytes"));
            }
            self.where_port = Some(WherePort { name: port.to_vec(), notes });
        } else if is(b"WINDOW") {
            arity(&f, 2, &["a logical name", "a title substring"])?;
            check_name(f[1])?;
            if self.windows.iter().any(|w| w.name == f[1]) {
                return Err(format!("duplicate window name \"{}\"", latin1(f[1])));
            }
            let title = f[2];
            if title.is_empty() {
                return Err(String::from("empty window title"));
            }
            if title.len() > TITLE_MAX {
                return Err(format!("title longer than {TITLE_MAX} bytes"));
            }
            self.windows.push(Window { name: f[1].to_vec(), title: title.to_vec(), notes });
        } else if is(b"GADGET") {
            arity(&f, 3, &["a logical name", "a window name", "a GA_ID"])?;
            let window = self.declare_gadget(f[1], f[2])?;
            let id = parse_ga_id(f[3])?;
            self.gadgets.push(Gadget { name: f[1].to_vec(), window, kind: GadgetKind::GaId(id), notes });
        } else if is(b"WHEREGADGET") {
            need_v2(version, "WHEREGADGET")?;
            arity(&f, 2, &["a logical name", "a window name"])?;
            if self.where_port.is_none() {
                return Err(String::from("WHEREGADGET needs a WHEREPORT record above it"));
            }
            let window = self.declare_gadget(f[1], f[2])?;
            self.gadgets.push(Gadget { name: f[1].to_vec(), window, kind: GadgetKind::Where, notes });
        } else {
            return Err(format!("unknown record \"{}\"", latin1(kw)));
        }
        Ok(())
    }

    /// Checks a new gadget name and finds its window (declared above).
    fn declare_gadget(&self, name: &[u8], window: &[u8]) -> Result<usize, String> {
        check_name(name)?;
        if self.gadgets.iter().any(|g| g.name == name) {
            return Err(format!("duplicate gadget name \"{}\"", latin1(name)));
        }
        self.windows
            .iter()
            .position(|w| w.name.eq_ignore_ascii_case(window))
            .ok_or_else(|| format!("unknown window \"{}\" (declare it with WINDOW above)", latin1(window)))
    }

    fn finish(self) -> Result<Manifest, String> {
        let Some(version) = self.version else {
            return Err(String::from("no MANIFEST record"));
        };
        let Some((app, app_notes)) = self.app else {
            return Err(String::from("no APP record"));
        };
        if self.windows.is_empty() {
            return Err(String::from("no WINDOW record"));
        }
        Ok(Manifest {
            version,
            notes: self.notes,
            app,
            app_notes,
            where_port: self.where_port,
            windows: self.windows,
            gadgets: self.gadgets,
            trailing_notes: self.pending,
        })
    }
}

fn need_v2(version: u8, record: &str) -> Result<(), String> {
    if version < 2 {
        return Err(format!("{record} is a version 2 record (file is MANIFEST {version})"));
    }
    Ok(())
}

/// Appends a field, quoted when it holds a blank (or is empty, so that the
/// parser reports it instead of losing it).
fn push_field(out: &mut Vec<u8>, field: &[u8]) {
    out.push(b' ');
    if field.is_empty() || field.iter().any(|&b| is_blank(b)) {
        out.push(b'"');
        out.extend_from_slice(field);
        out.push(b'"');
    } else {
        out.extend_from_slice(field);
    }
}

fn push_notes(out: &mut Vec<u8>, notes: &[Vec<u8>]) {
    for n in notes {
        out.extend_from_slice(b"; quirk: ");
        out.extend_from_slice(n);
        out.push(b'\n');
    }
}

impl Manifest {
    /// `loaded <APP>: <W> windows, <G> gadgets` (docs/reference/commands.md,
    /// "MANIFEST"); `G` counts GADGET and WHEREGADGET records. Latin-1 bytes.
    pub fn summary(&self) -> Vec<u8> {
        let mut s = Vec::from(&b"loaded "[..]);
        s.extend_from_slice(&self.app);
        s.extend_from_slice(format!(": {} windows, {} gadgets", self.windows.len(), self.gadgets.len()).as_bytes());
        s
    }

    /// The window declared as `name` (ASCII case-insensitive).
    pub fn window(&self, name: &[u8]) -> Option<&Window> {
        self.windows.iter().find(|w| w.name.eq_ignore_ascii_case(name))
    }

    /// The gadget declared as `name` (ASCII case-insensitive), GADGET or
    /// WHEREGADGET.
    pub fn gadget(&self, name: &[u8]) -> Option<&Gadget> {
        self.gadgets.iter().find(|g| g.name.eq_ignore_ascii_case(name))
    }

    /// Resolves an `@name` (without the `@`, case-insensitive) to a window
    /// title substring plus GA_ID, or to the WHERE port plus the name.
    /// `None` for an unknown name (the ARexx host answers RC 10).
    pub fn resolve(&self, name: &[u8]) -> Option<Resolved<'_>> {
        let g = self.gadget(name)?;
        let window_title = &self.windows.get(g.window)?.title;
        Some(match g.kind {
            GadgetKind::GaId(ga_id) => Resolved::Gadget { window_title, ga_id },
            GadgetKind::Where => Resolved::Where { window_title, port: &self.where_port.as_ref()?.name, name: &g.name },
        })
    }

    /// Canonical text without a check (see [`Manifest::to_text`]).
    fn emit(&self) -> Vec<u8> {
        let mut out = Vec::new();
        push_notes(&mut out, &self.notes);
        out.extend_from_slice(format!("MANIFEST {}\n", self.version).as_bytes());
        push_notes(&mut out, &self.app_notes);
        out.extend_from_slice(b"APP");
        push_field(&mut out, &self.app);
        out.push(b'\n');
        if let Some(port) = &self.where_port {
            push_notes(&mut out, &port.notes);
            out.extend_from_slice(b"WHEREPORT");
            push_field(&mut out, &port.name);
            out.push(b'\n');
        }
        out.push(b'\n');
        for w in &self.windows {
            push_notes(&mut out, &w.notes);
            out.extend_from_slice(b"WINDOW");
            push_field(&mut out, &w.name);
            push_field(&mut out, &w.title);
            out.push(b'\n');
        }
        if !self.gadgets.is_empty() {
            out.push(b'\n');
        }
        for g in &self.gadgets {
            push_notes(&mut out, &g.notes);
            let window = self.windows.get(g.window).map_or(&b""[..], |w| &w.name[..]);
            match g.kind {
                GadgetKind::GaId(id) => {
                    out.extend_from_slice(b"GADGET");
                    push_field(&mut out, &g.name);
                    push_field(&mut out, window);
                    out.extend_from_slice(format!(" {id}").as_bytes());
                }
                GadgetKind::Where => {
                    out.extend_from_slice(b"WHEREGADGET");
                    push_field(&mut out, &g.name);
                    push_field(&mut out, window);
                }
            }
            out.push(b'\n');
        }
        push_notes(&mut out, &self.trailing_notes);
        out
    }

    /// Canonical text that [`parse`] accepts and reads back as `self`:
    /// `MANIFEST`, `APP`, `WHEREPORT`, every `WINDOW`, then every gadget,
    /// each preceded by its `; quirk: ` notes; fields quoted only when they
    /// hold blanks; LF line ends.
    ///
    /// A hand-built manifest that breaks a rule (a title with a quote, a
    /// bad name, a note with a line break, …) is refused with the error the
    /// parser gives for the canonical text, or, when the text parses as
    /// something else, `line 0: <reason>`.
    pub fn to_text(&self) -> Result<Vec<u8>, ManifestError> {
        let text = self.emit();
        let back = parse(&text)?;
        if back != *self {
            return Err(ManifestError {
                line: 0,
                reason: String::from(
                    "manifest does not survive a round trip (a note or field holds a line break or is not canonical)",
                ),
            });
        }
        Ok(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const V2: &str = "\
; GadgetScope profile
# hash comment
MANIFEST 2
APP Demo
WHEREPORT DEMO.WHERE
WINDOW main \"Demo Main\"
; quirk: the Connect button ignores the first click after opening
GADGET connect MAIN 12
\tGADGET  quit\tmain 3   
WHEREGADGET inner main
WINDOW prefs Prefs
GADGET ok prefs 0
";

    fn err(text: &str) -> String {
        match parse(text.as_bytes()) {
            Ok(m) => panic!("accepted: {text:?} -> {m:?}"),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn parses_a_full_v2_file() {
        let m = parse(V2.as_bytes()).unwrap();
        assert_eq!(m.version, 2);
        assert_eq!(m.app, b"Demo");
        assert_eq!(m.where_port.as_ref().unwrap().name, b"DEMO.WHERE");
        assert_eq!(m.windows.len(), 2);
        assert_eq!(m.windows[0].title, b"Demo Main");
        assert_eq!(m.gadgets.len(), 4);
        assert_eq!(m.gadgets[0].notes, vec![b"the Connect button ignores the first click after opening".to_vec()]);
        assert_eq!(m.gadgets[1].kind, GadgetKind::GaId(3));
        assert_eq!(m.summary(), b"loaded Demo: 2 windows, 4 gadgets");
    }

    #[test]
    fn crlf_line_ends_read_as_lf() {
        let crlf = V2.replace('\n', "\r\n");
        assert_eq!(parse(crlf.as_bytes()).unwrap(), parse(V2.as_bytes()).unwrap());
        // Without a final line end, and the quirk notes too.
        let m = parse(b"MANIFEST 1\r\nAPP x\r\n; quirk: slow\r\nWINDOW w T").unwrap();
        assert_eq!(m.windows[0].notes, vec![b"slow".to_vec()]);
    }

    #[test]
    fn summary_of_v1() {
        let m = parse(b"MANIFEST 1\nAPP x\nWINDOW w T\n").unwrap();
        assert_eq!(m.summary(), b"loaded x: 1 windows, 0 gadgets");
    }

    #[test]
    fn resolves_names_case_insensitively() {
        let m = parse(V2.as_bytes()).unwrap();
        assert_eq!(m.resolve(b"CONNECT"), Some(Resolved::Gadget { window_title: b"Demo Main", ga_id: 12 }));
        assert_eq!(m.resolve(b"ok"), Some(Resolved::Gadget { window_title: b"Prefs", ga_id: 0 }));
        assert_eq!(
            m.resolve(b"Inner"),
            Some(Resolved::Where { window_title: b"Demo Main", port: b"DEMO.WHERE", name: b"inner" })
        );
        assert_eq!(m.resolve(b"nosuch"), None);
        assert_eq!(m.resolve(b"main"), None, "windows are not gadgets");
        assert!(m.window(b"PREFS").is_some());
    }

    /// A record's fields may be followed by a comment (`;` or `#` after a
    /// blank, or right after a closing quote), as AmiPilot's parser reads
    /// it: a quirk profile written for AmiPilot loads unchanged. The
    /// comment may hold anything a whole-line comment may; a field that
    /// starts with `#` is still a field.
    #[test]
    fn a_comment_may_follow_a_records_fields() {
        let text = "MANIFEST 2 ; the version\nAPP Demo # the application\nWHEREPORT DEMO.WHERE ;port\n\
                    WINDOW main \"Demo Main\"; its title\nWINDOW hash #1 ; a title that starts with #\n\
                    GADGET connect main 12 ; don't \"quote\" me\nWHEREGADGET inner main\t# via WHERE\n";
        let m = parse(text.as_bytes()).unwrap();
        assert_eq!(m.app, b"Demo");
        assert_eq!(m.where_port.as_ref().map(|p| p.name.as_slice()), Some(&b"DEMO.WHERE"[..]));
        assert_eq!(m.window(b"main").map(|w| w.title.as_slice()), Some(&b"Demo Main"[..]));
        assert_eq!(m.window(b"hash").map(|w| w.title.as_slice()), Some(&b"#1"[..]));
        assert_eq!(m.resolve(b"connect"), Some(Resolved::Gadget { window_title: b"Demo Main", ga_id: 12 }));
        assert!(m.resolve(b"inner").is_some());
        assert_eq!(m.version, 2);
        // A comment after the fields is no note: notes come from whole-line `; quirk:` comments.
        let m = parse(b"MANIFEST 1\nAPP x\nWINDOW w t ; quirk: not a note\n").unwrap();
        assert!(m.windows[0].notes.is_empty() && m.trailing_notes.is_empty());
    }

    #[test]
    fn every_rule_rejects_with_its_line() {
        let cases: &[(&str, &str)] = &[
            ("", "line 1: no MANIFEST record"),
            ("; only a comment\n\n", "line 2: no MANIFEST record"),
            ("APP x\nMANIFEST 1\n", "line 1: MANIFEST must be the first record"),
            ("\n# c\nWINDOW w t\n", "line 3: MANIFEST must be the first record"),
            ("MANIFEST 1\nMANIFEST 1\n", "line 2: duplicate MANIFEST record"),
            ("MANIFEST 3\n", "line 1: unknown manifest version \"3\""),
            ("MANIFEST 01\n", "line 1: unknown manifest version \"01\""),
            ("MANIFEST\n", "line 1: MANIFEST needs a version"),
            ("MANIFEST 1 2\n", "line 1: trailing text \"2\""),
            ("MANIFEST 1\nWINDOW w t\n", "line 2: no APP record"),
            ("MANIFEST 1\nAPP x\n", "line 2: no WINDOW record"),
            ("MANIFEST 1\nAPP x\nAPP y\n", "line 3: duplicate APP record"),
            ("MANIFEST 1\nAPP\n", "line 2: APP needs a name"),
            ("MANIFEST 1\nAPP a b\n", "line 2: trailing text \"b\""),
            ("MANIFEST 1\nAPP \"\"\n", "line 2: empty APP name"),
            ("MANIFEST 1\nAPP 0123456789012345678901234567890X\n", "line 2: APP name longer than 31 bytes"),
            ("MANIFEST 1\nAPP x\nWHEREPORT P\n", "line 3: WHEREPORT is a version 2 record (file is MANIFEST 1)"),
            (
                "MANIFEST 1\nAPP x\nWINDOW w t\nWHEREGADGET g w\n",
                "line 4: WHEREGADGET is a version 2 record (file is MANIFEST 1)",
            ),
            ("MANIFEST 2\nAPP x\nWHEREPORT P\nWHEREPORT Q\n", "line 4: duplicate WHEREPORT record"),
            (
                "MANIFEST 2\nAPP x\nWHEREPORT 0123456789012345678901234567890X\n",
                "line 3: port name longer than 31 bytes",
            ),
            (
                "MANIFEST 2\nAPP x\nWINDOW w t\nWHEREGADGET g w\nWHEREPORT P\n",
                "line 4: WHEREGADGET needs a WHEREPORT record above it",
            ),
            ("MANIFEST 1\nAPP x\nWINDOW W t\n", "line 3: bad name \"W\" (names are [a-z0-9_]+)"),
            ("MANIFEST 1\nAPP x\nWINDOW a-b t\n", "line 3: bad name \"a-b\" (names are [a-z0-9_]+)"),
            ("MANIFEST 1\nAPP x\nWINDOW abcdefghijabcdefghijabcdefghijab t\n", "line 3: name longer than 31 bytes"),
            ("MANIFEST 1\nAPP x\nWINDOW \"\" t\n", "line 3: empty name"),
            ("MANIFEST 1\nAPP x\nWINDOW w\n", "line 3: WINDOW needs a title substring"),
            ("MANIFEST 1\nAPP x\nWINDOW\n", "line 3: WINDOW needs a logical name"),
            ("MANIFEST 1\nAPP x\nWINDOW w \"\"\n", "line 3: empty window title"),
            ("MANIFEST 1\nAPP x\nWINDOW w t\nWINDOW w u\n", "line 4: duplicate window name \"w\""),
            ("MANIFEST 1\nAPP x\nWINDOW w t extra\n", "line 3: trailing text \"extra\""),
            ("MANIFEST 1\nAPP x\nWINDOW w \"t\" extra ; comment\n", "line 3: trailing text \"extra\""),
            ("MANIFEST 1\nAPP x\nWINDOW w t x;c\n", "line 3: trailing text \"x;c\""),
            ("MANIFEST 1\nAPP x\nWINDOW w \"t\"x\n", "line 3: text after closing quote"),
            (
                "MANIFEST 1\nAPP x\nGADGET g w 1\nWINDOW w t\n",
                "line 3: unknown window \"w\" (declare it with WINDOW above)",
            ),
            ("MANIFEST 1\nAPP x\nWINDOW w t\nGADGET g w x1\n", "line 4: GA_ID must be a number: \"x1\""),
            ("MANIFEST 1\nAPP x\nWINDOW w t\nGADGET g w -1\n", "line 4: GA_ID must be a number: \"-1\""),
            ("MANIFEST 1\nAPP x\nWINDOW w t\nGADGET g w 65536\n", "line 4: GA_ID out of range (0-65535)"),
            ("MANIFEST 1\nAPP x\nWINDOW w t\nGADGET g w\n", "line 4: GADGET needs a GA_ID"),
            ("MANIFEST 1\nAPP x\nWINDOW w t\nGADGET g w 1 2\n", "line 4: trailing text \"2\""),
            (
                "MANIFEST 1\nAPP x\nWINDOW w t\nGADGET g w 1\nGADGET G w 2\n",
                "line 5: bad name \"G\" (names are [a-z0-9_]+)",
            ),
            ("MANIFEST 1\nAPP x\nWINDOW w t\nGADGET g w 1\nGADGET g w 2\n", "line 5: duplicate gadget name \"g\""),
            (
                "MANIFEST 2\nAPP x\nWHEREPORT P\nWINDOW w t\nGADGET g w 1\nWHEREGADGET g w\n",
                "line 6: duplicate gadget name \"g\"",
            ),
            (
                "MANIFEST 2\nAPP x\nWHEREPORT P\nWINDOW w t\nWHEREGADGET g v\n",
                "line 5: unknown window \"v\" (declare it with WINDOW above)",
            ),
            ("MANIFEST 1\nAPP x\nBUTTON b\n", "line 3: unknown record \"BUTTON\""),
            ("MANIFEST 1\rAPP x\n", "line 1: carriage return inside a line (lines end in LF or CR LF)"),
            ("MANIFEST 1\r\r\nAPP x\n", "line 1: carriage return inside a line (lines end in LF or CR LF)"),
            ("MANIFEST 1\nAPP \"x\n", "line 2: unterminated quote"),
            ("MANIFEST 1\nAPP \"x\"y\n", "line 2: text after closing quote"),
            ("MANIFEST 1\nAPP x\"y\n", "line 2: quote inside field \"x\"y\""),
            ("MANIFEST 1\nAPP x\x01\n", "line 2: control character 0x01 in record"),
        ];
        for (text, want) in cases {
            assert_eq!(&err(text), want, "for {text:?}");
        }
        let long_title = format!("MANIFEST 1\nAPP x\nWINDOW w \"{}\"\n", "t".repeat(96));
        assert_eq!(err(&long_title), "line 3: title longer than 95 bytes");
        let ok_title = format!("MANIFEST 1\nAPP x\nWINDOW w \"{}\"\n", "t".repeat(95));
        assert!(parse(ok_title.as_bytes()).is_ok());
        let ok_app = "MANIFEST 1\nAPP 0123456789012345678901234567890\nWINDOW w t\n";
        assert!(parse(ok_app.as_bytes()).is_ok());
    }

    #[test]
    fn keywords_are_case_insensitive_and_comments_anywhere() {
        let m =
            parse(b"  ; c\nmanifest 2\n#x\napp A\nwherePort P\nWindow w \"A B\"\n\ngadget g W 7\nWhereGadget h w\n")
                .unwrap();
        assert_eq!(m.gadgets.len(), 2);
        assert_eq!(m.gadgets[0].window, 0);
        // No final LF is fine.
        assert!(parse(b"MANIFEST 1\nAPP a\nWINDOW w t").is_ok());
    }

    #[test]
    fn latin1_titles_are_bytes() {
        let m = parse(b"MANIFEST 1\nAPP \xc4pp\nWINDOW w \"Gr\xfc\xdfe Fenster\"\n").unwrap();
        assert_eq!(m.windows[0].title, b"Gr\xfc\xdfe Fenster");
        assert_eq!(m.summary(), b"loaded \xc4pp: 1 windows, 0 gadgets");
    }

    #[test]
    fn round_trip_keeps_notes() {
        let m = parse(V2.as_bytes()).unwrap();
        let text = m.to_text().unwrap();
        assert_eq!(parse(&text).unwrap(), m);
        assert_eq!(m.to_text().unwrap(), parse(&text).unwrap().to_text().unwrap());
        let s = String::from_utf8(text).unwrap();
        assert!(
            s.contains("; quirk: the Connect button ignores the first click after opening\nGADGET connect main 12\n"),
            "{s}"
        );
        assert!(s.contains("WINDOW main \"Demo Main\"\n"), "{s}");
        assert!(s.starts_with("MANIFEST 2\nAPP Demo\nWHEREPORT DEMO.WHERE\n"), "{s}");

        let q = b"; QUIRK:  two spaces kept\nMANIFEST 1\n; quirk: app note\nAPP a\nWINDOW w t\n;quirk:end\n";
        let m = parse(q).unwrap();
        assert_eq!(m.notes, vec![b" two spaces kept".to_vec()]);
        assert_eq!(m.app_notes, vec![b"app note".to_vec()]);
        assert_eq!(m.trailing_notes, vec![b"end".to_vec()]);
        assert_eq!(parse(&m.to_text().unwrap()).unwrap(), m);
    }

    #[test]
    fn writer_refuses_unrepresentable_manifests() {
        let mut m = parse(V2.as_bytes()).unwrap();
        m.windows[0].title = b"say \"hi\"".to_vec();
        assert!(m.to_text().is_err());
        let mut m = parse(V2.as_bytes()).unwrap();
        m.gadgets[0].name = b"Bad".to_vec();
        assert_eq!(m.to_text().unwrap_err().reason, "bad name \"Bad\" (names are [a-z0-9_]+)");
        let mut m = parse(V2.as_bytes()).unwrap();
        m.gadgets[0].notes.push(b"two\nlines".to_vec());
        assert!(m.to_text().is_err());
    }

    /// xorshift64*: deterministic, no dependency.
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
        }
        fn below(&mut self, n: usize) -> usize {
            (self.next() % n as u64) as usize
        }
    }

    #[test]
    fn fuzz_never_panics_and_round_trips() {
        let start = std::time::Instant::now();
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let alphabet = b"MANIFEST APP WINDOW GADGET WHEREPORT WHEREGADGET 0129 \"\t\n\r;#_azAZ\xe4\x01";
        let mut accepted = 0;
        for i in 0..40_000 {
            let mut input: Vec<u8> = if i % 2 == 0 {
                let n = rng.below(200);
                (0..n)
                    .map(|_| if rng.below(3) == 0 { rng.next() as u8 } else { alphabet[rng.below(alphabet.len())] })
                    .collect()
            } else {
                V2.as_bytes().to_vec()
            };
            if i % 2 == 1 {
                for _ in 0..1 + rng.below(4) {
                    let pos = rng.below(input.len() + 1);
                    match rng.below(4) {
                        0 if pos < input.len() => {
                            input.remove(pos);
                        }
                        1 => input.insert(pos, alphabet[rng.below(alphabet.len())]),
                        2 if pos < input.len() => input[pos] = rng.next() as u8,
                        _ => input.truncate(pos),
                    }
                }
            }
            if let Ok(m) = parse(&input) {
                accepted += 1;
                let text = m.to_text().expect("a parsed manifest writes");
                assert_eq!(parse(&text).unwrap(), m);
            }
        }
        assert!(accepted > 100, "mutations should keep some files valid ({accepted})");
        assert!(start.elapsed().as_secs() < 60);
    }
}
