//! Typed commands and the parser: every verb and rule of
//! docs/reference/commands.md.

use alloc::format;
use alloc::vec::Vec;
use core::fmt::{self, Write as _};

use gadgetscope_core::classify::Role;
use gadgetscope_core::text::push_quoted;

use crate::lex::{is_blank, quoted, Lexer, Token};
use crate::verbs::Verb;
use crate::{
    Error, Rc, Shown, BASE_MAX, COMMAND_MAX, LINE_MAX, NAME_MAX, PASSWORD_MAX, PATH_MAX, PATTERN_MAX, TEXT_MAX,
};

/// Every `KEY=` the language knows (docs/reference/commands.md, "Command
/// lines"); a known key in the wrong place gets "does not take", any other
/// "unknown option". A test checks them against the verb table's
/// templates.
pub(crate) const KEYS: [&str; 16] = [
    "SCREEN", "ROLE", "LABEL", "INDEX", "TEXT", "TIMEOUT", "EXPECT", "WINDOW", "NOWINDOW", "STACK", "TOOLTYPE", "ARG",
    "CLEAR", "ENTER", "SHOWN", "AT",
];

/// Longest `TIMEOUT=`, in seconds: a day. Keeps the tick arithmetic far from
/// u32 overflow (docs/reference/commands.md, "Limits").
/// The least `LAUNCH STACK=`, bytes: AmigaDOS's default stack of a Shell
/// command (the Shell's `Stack` default; AmiPilot documents it for LAUNCH).
pub const LAUNCH_MIN_STACK: i64 = 4000;
pub const TIMEOUT_MAX: u32 = 86_400;

/// An RC 10 error with `format!`-style text (every parse failure is RC
/// 10: docs/reference/commands.md, "Command lines").
macro_rules! bad {
    ($($arg:tt)+) => {
        crate::error!(Rc::Error, $($arg)+)
    };
}

fn e(message: &str) -> Error {
    Error::new(Rc::Error, message)
}

// The locator types live in core (they are resolved there, against
// snapshots); the grammar builds them.
pub use gadgetscope_core::locate::{GadgetLocator, WindowTarget};

/// What a file verb does, inside the roots granted with `FSROOT`
/// (docs/reference/commands.md, "FSLIST" … "FSPUT" and the paragraph before).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FsOp {
    /// `FSLIST <path>`: one entry line per object of a directory.
    List(Vec<u8>),
    /// `FSSTAT <path>`: the entry line of one object.
    Stat(Vec<u8>),
    /// `FSMKDIR <path>`: a new directory (its parent must exist).
    MkDir(Vec<u8>),
    /// `FSDELETE <path>`: a file or an empty directory.
    Delete(Vec<u8>),
    /// `FSGET <path>`: a file's bytes, at most [`FS_DATA_MAX`].
    Get(Vec<u8>),
    /// `FSPUT <path> <len> [TIMEOUT=n]`: the bytes that follow the line
    /// on the wire, written to the file.
    Put(FsPut),
}

/// `FSPUT <path> <len> [TIMEOUT=n]`: `len` bytes (at most
/// [`FS_DATA_MAX`]) that follow the line on the wire, written to the file
/// (made or replaced); `timeout` seconds for them to arrive.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FsPut {
    /// The file, 1 to [`PATH_MAX`] bytes.
    pub path: Vec<u8>,
    /// The byte count the request declares.
    pub len: u32,
    /// `TIMEOUT=`, seconds (`None`: not given, or 0).
    pub timeout: Option<u32>,
}

impl FsOp {
    /// The path the verb works on.
    pub fn path(&self) -> &[u8] {
        match self {
            FsOp::List(p) | FsOp::Stat(p) | FsOp::MkDir(p) | FsOp::Delete(p) | FsOp::Get(p) => p,
            FsOp::Put(p) => &p.path,
        }
    }
}

/// The most bytes `FSGET` returns and `FSPUT` takes: the largest ARexx
/// result (an argstring's length is a UWORD, rexx/storage.h), so a file
/// reads the same over ARexx and the wire.
pub const FS_DATA_MAX: u32 = 65_535;

/// A gadget target: a window plus a gadget, or a manifest `@name`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GadgetTarget {
    /// `<win> <gadget>`.
    Located {
        /// The window.
        window: WindowTarget,
        /// The gadget in it.
        gadget: GadgetLocator,
    },
    /// `@name` (name without `@`, `[A-Za-z0-9_]+`, at most [`NAME_MAX`]).
    Named(Vec<u8>),
    /// `SCREEN=<s> @name`: the manifest's window is searched only on the
    /// screens whose title holds `screen` (a filter: it can only narrow;
    /// docs/reference/amipilot-differences.md #6).
    NamedOnScreen {
        /// The `SCREEN=` pattern, at most [`PATTERN_MAX`] bytes.
        screen: Vec<u8>,
        /// The name, as in [`GadgetTarget::Named`].
        name: Vec<u8>,
    },
}

/// The other end of `DRAG … TO`: a gadget in the same window, or `@name`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GadgetRef {
    /// A gadget in the dragged gadget's window.
    Locator(GadgetLocator),
    /// A manifest name.
    Named(Vec<u8>),
}

/// How far or where `DRAG` drags.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DragTo {
    /// `<dx> <dy>` in pixels (-32768..32767: Intuition WORDs).
    By {
        /// Horizontal distance.
        dx: i16,
        /// Vertical distance.
        dy: i16,
    },
    /// `TO <gadget>`: to that gadget's centre.
    To(GadgetRef),
}

/// `CLICK … EXPECT=`: what must follow the click (docs/reference/commands.md,
/// "CLICK").
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expect {
    /// `EXPECT=WINDOW=<pat>`: a window matching the pattern is open (a
    /// fresh search).
    Window(Vec<u8>),
    /// `EXPECT=NOWINDOW`: the clicked window has closed.
    NoWindow,
}

/// `TYPE`'s options beyond AmiPilot's effect (click, type, nothing else),
/// `CLEAR=YES|NO` and `ENTER=YES|NO` right after the verb
/// (docs/reference/commands.md, "TYPE"). Both `NO` by default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TypeOptions {
    /// `CLEAR=YES`: remove a string or integer gadget's old value before
    /// typing.
    pub clear: bool,
    /// `ENTER=YES`: strike Return after the text, so the program gets
    /// `IDCMP_GADGETUP` from a string or integer gadget.
    pub enter: bool,
}

/// What `RECORD` does (docs/reference/commands.md, "RECORD"): GadgetScope's
/// own verb, not AmiPilot's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordOp {
    /// `RECORD START`: begin recording the user's input.
    Start,
    /// `RECORD STOP`: end it; the steps are kept for `SAVE`.
    Stop,
    /// `RECORD SAVE <path> [PYTHON]`: write the last recording as an
    /// ARexx script, or with `PYTHON` as a Python script for `amipilot`.
    Save {
        /// The file, 1 to [`PATH_MAX`] bytes.
        path: Vec<u8>,
        /// `PYTHON` was given.
        python: bool,
    },
}

/// The condition of `WAITFOR` (docs/reference/commands.md, "WAITFOR").
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WaitCond {
    /// `WINDOW=<pat>`: a matching window is open.
    Window {
        /// `SCREEN=` filter.
        screen: Option<Vec<u8>>,
        /// Title substring.
        pattern: Vec<u8>,
    },
    /// `NOWINDOW=<pat>`: no matching window is open.
    NoWindow {
        /// `SCREEN=` filter.
        screen: Option<Vec<u8>>,
        /// Title substring.
        pattern: Vec<u8>,
    },
    /// `<win> <gadget> TEXT=<v>` or `@name TEXT=<v>`: GETTEXT's value
    /// equals `text` exactly.
    Text {
        /// The gadget.
        target: GadgetTarget,
        /// The expected value, at most [`TEXT_MAX`] bytes.
        text: Vec<u8>,
    },
    /// `<win> SHOWN=<text> [INDEX=<n>]` without `TEXT=`: the text is
    /// shown in the window (at least `n + 1` times).
    Shown {
        /// The window and its `SHOWN=` locator.
        target: GadgetTarget,
    },
    /// `REQUESTER`: a window has a `FirstRequest`, or a system requester
    /// window is open.
    Requester {
        /// `SCREEN=` filter.
        screen: Option<Vec<u8>>,
    },
}

/// One parsed command line (docs/reference/commands.md, "Commands"). Text
/// fields are Latin-1 bytes; `timeout` fields are seconds as given (`None`: the
/// default, [`crate::host::DEFAULT_TIMEOUT_SECS`]).
#[derive(Clone, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum Command {
    /// `VERSION`.
    Version,
    /// `AUTH <password>`: compared with `TCPPASSWORD`, gating nothing (over
    /// the wire the session answers it, never the command language).
    Auth { password: Vec<u8> },
    /// `SCREENS`.
    Screens,
    /// `TREE [SCREEN=s] <win> [FULL]`.
    Tree { window: WindowTarget, full: bool },
    /// `MENU [SCREEN=s] <win>`.
    Menu { window: WindowTarget },
    /// `SHOWN [SCREEN=s] <win>`: the text runs drawn in the window.
    Shown { window: WindowTarget },
    /// `PICK [SCREEN=s]`.
    Pick { screen: Option<Vec<u8>> },
    /// `CLICK <target> [EXPECT=…] [TIMEOUT=n]` (TIMEOUT only with EXPECT).
    Click { target: GadgetTarget, expect: Option<Expect>, timeout: Option<u32> },
    /// `TYPE [CLEAR=…] [ENTER=…] <target> <text…>`: the text unquoted (or
    /// the rest of the line from its first non-blank byte), 1 to
    /// [`TEXT_MAX`] bytes.
    Type { target: GadgetTarget, text: Vec<u8>, options: TypeOptions },
    /// `GETTEXT <target>`.
    GetText { target: GadgetTarget },
    /// `DRAG <target> <dx> <dy>` or `DRAG <target> TO <gadget>`.
    Drag { target: GadgetTarget, to: DragTo },
    /// `WINDOWMOVE [SCREEN=s] <win> <dx> <dy>`.
    WindowMove { window: WindowTarget, dx: i16, dy: i16 },
    /// `WINDOWSIZE [SCREEN=s] <win> <w> <h>` (1..32767 each).
    WindowSize { window: WindowTarget, width: u16, height: u16 },
    /// `MENUPICK [SCREEN=s] <win> <menu> <item> [<sub>]`, 0-based; ranges
    /// are intuition.h's: menu 0..30, item 0..62, sub 0..30.
    MenuPick { window: WindowTarget, menu: u8, item: u8, sub: Option<u8> },
    /// `WAITFOR [SCREEN=s] <condition> [TIMEOUT=n]`.
    WaitFor { cond: WaitCond, timeout: Option<u32> },
    /// `MANIFEST <path>`.
    Manifest { path: Vec<u8> },
    /// `WHERE @name [TIMEOUT=n]`.
    Where { name: Vec<u8>, timeout: Option<u32> },
    /// `MUIREXX <app-base> [TIMEOUT=n] <command…>`.
    MuiRexx { base: Vec<u8>, timeout: Option<u32>, command: Vec<u8> },
    /// `LAUNCH [STACK=n] <command line…>`.
    Launch { stack: Option<u32>, command: Vec<u8> },
    /// `WBLAUNCH <icon path> [TOOLTYPE=k=v …] [ARG=path …]`.
    WbLaunch { path: Vec<u8>, tooltypes: Vec<Vec<u8>>, args: Vec<Vec<u8>> },
    /// `FSLIST`, `FSSTAT`, `FSMKDIR`, `FSDELETE`, `FSGET <path>`, `FSPUT
    /// <path> <byte-count> [TIMEOUT=n]`: the file verbs.
    Fs(FsOp),
    /// `SCREENSHOT [SCREEN=s] [WINDOW=pattern] [TO=file]`: the frontmost
    /// screen, the first whose title holds `s`, or the screen of the
    /// window `pattern` (cropped to it); `to`: write an IFF ILBM file.
    Screenshot { screen: Option<Vec<u8>>, window: Option<Vec<u8>>, to: Option<Vec<u8>> },
    /// `LASTERROR`.
    LastError,
    /// `SHOW`.
    Show,
    /// `HIDE`.
    Hide,
    /// `HIGHLIGHT <target>`.
    Highlight { target: GadgetTarget },
    /// `RECORD START`, `RECORD STOP`, `RECORD SAVE <path> [PYTHON]`.
    Record(RecordOp),
    /// `QUIT`.
    Quit,
}

fn check_len(field: &str, v: &[u8], max: usize) -> Result<(), Error> {
    if v.len() > max {
        return Err(bad!("{field} longer than {max} bytes"));
    }
    Ok(())
}

/// A decimal number in `min..=max`; "<field> must be a number" otherwise
/// (never read as 0), "<field> out of range (min..max)" when too big.
fn number(v: &[u8], field: &str, min: i64, max: i64) -> Result<i64, Error> {
    let Some(n) = amiga_ndk::latin1::signed_decimal(v) else {
        return Err(bad!("{field} must be a number"));
    };
    // A sign only where the range has negative numbers: "-0" is not a
    // count, an index or a gadget number either.
    if n < min || n > max || (min >= 0 && v[0] == b'-') {
        return Err(bad!("{field} out of range ({min}..{max})"));
    }
    Ok(n)
}

fn check_name(name: &[u8]) -> Result<Vec<u8>, Error> {
    if name.is_empty() {
        return Err(e("empty @name"));
    }
    check_len("@name", name, NAME_MAX)?;
    if !name.iter().all(|&b| b.is_ascii_alphanumeric() || b == b'_') {
        return Err(bad!("bad @name @{} (names are [a-z0-9_]+)", Shown(name)));
    }
    Ok(name.to_vec())
}

/// `AT=` value: `<x>,<y>`, decimal pixels from the window's top-left
/// corner, each -32768..32767 (Intuition WORDs).
fn point(v: &[u8]) -> Result<(i16, i16), Error> {
    let bad = || bad!("AT= takes <x>,<y> in pixels, not \"{}\"", Shown(v));
    let comma = v.iter().position(|&b| b == b',').ok_or_else(bad)?;
    let (x, y) = (&v[..comma], &v[comma + 1..]);
    let coord = |t: &[u8], what: &str| number(t, what, -32768, 32767).map(|n| n as i16);
    Ok((coord(x, "AT= x")?, coord(y, "AT= y")?))
}

/// `ROLE=` value: a role name (docs/reference/formats.md, "Roles"), ASCII
/// case-insensitive; any other name is RC 10 (a deviation from AmiPilot,
/// docs/reference/amipilot-differences.md #38).
fn role(v: &[u8]) -> Result<Role, Error> {
    Role::from_name(v).ok_or_else(|| bad!("unknown role \"{}\"", Shown(v)))
}

/// An option's key, upper case, for `{}` in a message.
struct UpperKey<'a>(&'a [u8]);

impl fmt::Display for UpperKey<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.iter().try_for_each(|&b| f.write_char(char::from(b.to_ascii_uppercase())))
    }
}

fn upper_key(t: &Token) -> UpperKey<'_> {
    UpperKey(t.key().unwrap_or(&[]))
}

struct P<'a> {
    lx: Lexer<'a>,
    verb: Verb,
}

impl P<'_> {
    fn next(&mut self) -> Result<Option<Token>, Error> {
        self.lx.next()
    }
    fn peek(&self) -> Result<Option<Token>, Error> {
        self.lx.peek()
    }

    /// The error for a token where none (or another kind) may stand.
    fn unexpected(&self, t: &Token) -> Error {
        let Some(k) = t.key() else {
            return bad!("extra argument \"{}\"", Shown(&t.text));
        };
        let key = upper_key(t);
        if k.eq_ignore_ascii_case(b"SCREEN") && self.verb.takes_screen() {
            e("SCREEN= must come right after the verb")
        } else if KEYS.iter().any(|x| x.as_bytes().eq_ignore_ascii_case(k)) {
            bad!("{} does not take {key}= here", self.verb.name())
        } else {
            bad!("unknown option {key}=")
        }
    }

    /// A required plain argument.
    fn positional(&mut self, what: &str) -> Result<Token, Error> {
        match self.next()? {
            None => Err(bad!("missing {what}")),
            Some(t) if t.eq.is_some() => {
                let k = t.key().unwrap_or(&[]);
                if KEYS.iter().any(|x| x.as_bytes().eq_ignore_ascii_case(k)) {
                    Err(bad!("missing {what} before {}=", upper_key(&t)))
                } else {
                    Err(bad!("unknown option {}=", upper_key(&t)))
                }
            }
            Some(t) => Ok(t),
        }
    }

    fn num_arg(&mut self, what: &str, min: i64, max: i64) -> Result<i64, Error> {
        let t = self.positional(what)?;
        number(&t.text, what, min, max)
    }

    fn end(&mut self) -> Result<(), Error> {
        match self.next()? {
            None => Ok(()),
            Some(t) => Err(self.unexpected(&t)),
        }
    }

    /// Optional `SCREEN=` right after the verb.
    fn screen(&mut self) -> Result<Option<Vec<u8>>, Error> {
        match self.peek()? {
            Some(t) if t.is_key("SCREEN") => {
                self.next()?;
                check_len("SCREEN", t.value(), PATTERN_MAX)?;
                Ok(Some(t.value().to_vec()))
            }
            _ => Ok(None),
        }
    }

    fn window(&mut self, screen: Option<Vec<u8>>) -> Result<WindowTarget, Error> {
        let t = self.positional("window pattern")?;
        check_len("window pattern", &t.text, PATTERN_MAX)?;
        Ok(WindowTarget { screen, pattern: t.text })
    }

    /// `@name` or `<win> <gadget>`, after an optional `SCREEN=`.
    fn target(&mut self, screen: Option<Vec<u8>>) -> Result<GadgetTarget, Error> {
        if let Some(t) = self.peek()? {
            if let Some(name) = t.at_name() {
                self.next()?;
                let name = check_name(name)?;
                return Ok(match screen {
                    Some(screen) => GadgetTarget::NamedOnScreen { screen, name },
                    None => GadgetTarget::Named(name),
                });
            }
        }
        let window = self.window(screen)?;
        let gadget = self.locator()?;
        Ok(GadgetTarget::Located { window, gadget })
    }

    fn locator(&mut self) -> Result<GadgetLocator, Error> {
        const MISSING: &str = "missing gadget (GA_ID, ROLE=, LABEL=, SHOWN= or AT=)";
        let Some(t) = self.peek()? else {
            return Err(e(MISSING));
        };
        if t.eq.is_none() {
            self.next()?;
            if !t.text.is_empty() && t.text.iter().all(u8::is_ascii_digit) {
                let id = number(&t.text, "GA_ID", 0, 65535)? as u16;
                // A look-ahead only: what follows may be TYPE's raw text,
                // which need not lex; any other verb reads it again.
                if let Ok(Some(n)) = self.peek() {
                    if ["ROLE", "LABEL", "INDEX", "SHOWN", "AT"].iter().any(|k| n.is_key(k)) {
                        return Err(bad!("a numeric GA_ID cannot be combined with {}=", upper_key(&n)));
                    }
                }
                return Ok(GadgetLocator::Id(id));
            }
            return Err(bad!("gadget must be a number (GA_ID) or ROLE=/LABEL=/SHOWN=/AT=, not \"{}\"", Shown(&t.text)));
        }
        let (mut r, mut label, mut index, mut shown, mut at) = (None, None, None, None, None);
        while let Ok(Some(t)) = self.peek() {
            let dup = |seen: bool| {
                if seen {
                    Err(bad!("duplicate {}=", upper_key(&t)))
                } else {
                    Ok(())
                }
            };
            if t.is_key("ROLE") {
                dup(r.is_some())?;
                r = Some(role(t.value())?);
            } else if t.is_key("LABEL") {
                dup(label.is_some())?;
                check_len("LABEL", t.value(), TEXT_MAX)?;
                label = Some(t.value().to_vec());
            } else if t.is_key("INDEX") {
                dup(index.is_some())?;
                index = Some(number(t.value(), "INDEX", 0, 65535)? as u16);
            } else if t.is_key("SHOWN") {
                dup(shown.is_some())?;
                check_len("SHOWN", t.value(), TEXT_MAX)?;
                if t.value().is_empty() {
                    return Err(e("SHOWN= needs the text to find"));
                }
                shown = Some(t.value().to_vec());
            } else if t.is_key("AT") {
                dup(at.is_some())?;
                at = Some(point(t.value())?);
            } else {
                break;
            }
            self.next()?;
        }
        let structural = if r.is_some() { Some("ROLE") } else { label.as_ref().map(|_| "LABEL") };
        if let Some((x, y)) = at {
            let other = structural.or(shown.as_ref().map(|_| "SHOWN")).or(index.map(|_| "INDEX"));
            if let Some(k) = other {
                return Err(bad!("AT= cannot be combined with {k}="));
            }
            return Ok(GadgetLocator::At { x, y });
        }
        if let Some(text) = shown {
            if let Some(k) = structural {
                return Err(bad!("SHOWN= cannot be combined with {k}="));
            }
            return Ok(GadgetLocator::Shown { text, index });
        }
        if r.is_none() && label.is_none() {
            if index.is_some() {
                return Err(e("ROLE=, LABEL= or SHOWN= is required with INDEX="));
            }
            return Err(match self.peek()? {
                Some(t) => bad!("{MISSING} before {}=", upper_key(&t)),
                None => e(MISSING),
            });
        }
        Ok(GadgetLocator::Match { role: r, label, index })
    }

    /// Trailing options in any order; only `repeatable` keys may repeat.
    fn options(&mut self, allowed: &[&'static str], repeatable: &[&str]) -> Result<Vec<(&'static str, Token)>, Error> {
        let mut out: Vec<(&'static str, Token)> = Vec::new();
        while let Some(t) = self.next()? {
            let Some(&k) = allowed.iter().find(|k| t.is_key(k)) else {
                return Err(self.unexpected(&t));
            };
            if !repeatable.contains(&k) && out.iter().any(|(x, _)| *x == k) {
                return Err(bad!("duplicate {k}="));
            }
            out.push((k, t));
        }
        Ok(out)
    }

    /// Verbatim rest of the line: 1 to `max` bytes, not only blanks.
    fn rest(&self, what: &str, max: usize) -> Result<Vec<u8>, Error> {
        let r = self.lx.rest();
        if r.iter().all(|&b| is_blank(b)) {
            return Err(bad!("missing {what}"));
        }
        check_len(what, r, max)?;
        Ok(r.to_vec())
    }
}

/// `CLEAR=` or `ENTER=`: `YES` or `NO`, without regard to case; `bad`
/// otherwise.
fn yes_no(v: &[u8], bad: &str) -> Result<bool, Error> {
    if v.eq_ignore_ascii_case(b"YES") {
        Ok(true)
    } else if v.eq_ignore_ascii_case(b"NO") {
        Ok(false)
    } else {
        Err(e(bad))
    }
}

/// `TYPE`'s text after the gadget, by AmiPilot's rule (its server's
/// `arexx_cmd.c`): blanks skipped; a text that starts with `"` is one
/// quoted token (`\"` and `\\` unescaped), of which only blanks may
/// follow (AmiPilot ignores the rest: RC 10 here, like any leftover);
/// otherwise the rest of the line as it is, trailing blanks included.
fn type_text(rest: &[u8]) -> Result<Vec<u8>, Error> {
    let Some(start) = rest.iter().position(|&b| !is_blank(b)) else {
        return Err(e("missing text"));
    };
    let r = &rest[start..];
    let text = if r[0] == b'"' {
        let mut text = Vec::new();
        let end = quoted(r, 1, &mut text)?;
        if !r[end..].iter().all(|&b| is_blank(b)) {
            return Err(e("text after the closing quote of the text (only blanks may follow it)"));
        }
        if text.is_empty() {
            return Err(e("empty text"));
        }
        text
    } else {
        r.to_vec()
    };
    check_len("text", &text, TEXT_MAX)?;
    Ok(text)
}

/// A `TIMEOUT=` value, seconds; 0 means the default (`None`), as in
/// AmiPilot, whose client sends `int(timeout)`: a fraction of a second
/// arrives as `TIMEOUT=0`.
fn timeout(t: &Token) -> Result<Option<u32>, Error> {
    let secs = number(t.value(), "TIMEOUT", 0, i64::from(TIMEOUT_MAX))? as u32;
    Ok((secs > 0).then_some(secs))
}

/// Parses one command line (Latin-1 bytes, no terminator) per
/// docs/reference/commands.md, "Command lines" and "Commands".
///
/// Every failure is RC 10 with a message naming what is wrong:
/// `missing command`, `unknown command X`, `missing <field>`, `<field> must
/// be a number`, `<field> out of range (a..b)`, `<field> longer than <n>
/// bytes`, `unknown option K=`, `<VERB> does not take K= here`,
/// `duplicate K=`, `extra argument "x"`, `unknown role "r"`,
/// `unterminated quote`, ….
/// Limits (bytes): patterns 127, label/text 255, @name 31, path 255,
/// command line 255, the whole line 65535. Nothing is truncated.
pub fn parse(line: &[u8]) -> Result<Command, Error> {
    if line.len() > LINE_MAX {
        return Err(bad!("command longer than {LINE_MAX} bytes"));
    }
    let mut lx = Lexer::new(line);
    let Some(vt) = lx.next()? else {
        return Err(e("missing command"));
    };
    let Some(verb) = Verb::from_name(&vt.text).filter(|_| !vt.quoted) else {
        return Err(bad!("unknown command {}", Shown(&vt.text)));
    };
    let mut p = P { lx, verb };
    let cmd = match verb {
        Verb::Version => Command::Version,
        Verb::Auth => {
            // The whole token, an `=` included: a TCPPASSWORD may hold one,
            // and the wire's framing reads AUTH's argument the same way.
            let Some(t) = p.next()? else {
                return Err(e("missing password"));
            };
            check_len("password", &t.text, PASSWORD_MAX)?;
            Command::Auth { password: t.text }
        }
        Verb::Screens => Command::Screens,
        Verb::LastError => Command::LastError,
        Verb::Show => Command::Show,
        Verb::Hide => Command::Hide,
        Verb::Quit => Command::Quit,
        Verb::Tree => {
            let s = p.screen()?;
            let window = p.window(s)?;
            let full = matches!(p.peek()?, Some(t) if t.is_word("FULL"));
            if full {
                p.next()?;
            }
            Command::Tree { window, full }
        }
        Verb::Menu => {
            let s = p.screen()?;
            Command::Menu { window: p.window(s)? }
        }
        Verb::Shown => {
            let s = p.screen()?;
            Command::Shown { window: p.window(s)? }
        }
        Verb::Pick => Command::Pick { screen: p.screen()? },
        Verb::Click => {
            let s = p.screen()?;
            let target = p.target(s)?;
            let (mut expect, mut to) = (None, None);
            for (k, t) in p.options(&["EXPECT", "TIMEOUT"], &[])? {
                if k == "TIMEOUT" {
                    to = timeout(&t)?;
                    continue;
                }
                let v = t.value();
                expect = Some(if v.eq_ignore_ascii_case(b"NOWINDOW") {
                    Expect::NoWindow
                } else if v.len() >= 7 && v[..7].eq_ignore_ascii_case(b"WINDOW=") {
                    check_len("EXPECT=WINDOW pattern", &v[7..], PATTERN_MAX)?;
                    Expect::Window(v[7..].to_vec())
                } else {
                    return Err(e("EXPECT= must be WINDOW=<pattern> or NOWINDOW"));
                });
            }
            if to.is_some() && expect.is_none() {
                return Err(e("CLICK TIMEOUT= needs EXPECT="));
            }
            return Ok(Command::Click { target, expect, timeout: to });
        }
        Verb::Type => {
            // SCREEN=, CLEAR= and ENTER= in any order: bits 1, 2, 4.
            let (mut screen, mut options, mut seen) = (None, TypeOptions::default(), 0u8);
            while let Some(t) = p.peek()? {
                let (bit, bad) = if t.is_key("SCREEN") {
                    (1, "")
                } else if t.is_key("CLEAR") {
                    (2, "CLEAR= must be YES or NO")
                } else if t.is_key("ENTER") {
                    (4, "ENTER= must be YES or NO")
                } else {
                    break;
                };
                if seen & bit != 0 {
                    return Err(bad!("duplicate {}=", upper_key(&t)));
                }
                seen |= bit;
                if bit == 1 {
                    screen = p.screen()?;
                    continue;
                }
                p.next()?;
                let yes = yes_no(t.value(), bad)?;
                if bit == 2 {
                    options.clear = yes;
                } else {
                    options.enter = yes;
                }
            }
            let target = p.target(screen)?;
            let text = type_text(p.lx.remainder())?;
            return Ok(Command::Type { target, text, options });
        }
        Verb::GetText => {
            let s = p.screen()?;
            Command::GetText { target: p.target(s)? }
        }
        Verb::Highlight => {
            let s = p.screen()?;
            Command::Highlight { target: p.target(s)? }
        }
        Verb::Record => {
            let t = p.positional("START, STOP or SAVE")?;
            let word = |w: &[u8]| !t.quoted && t.text.eq_ignore_ascii_case(w);
            if word(b"START") {
                Command::Record(RecordOp::Start)
            } else if word(b"STOP") {
                Command::Record(RecordOp::Stop)
            } else if word(b"SAVE") {
                let path = p.positional("path")?;
                if path.text.is_empty() {
                    return Err(e("empty path"));
                }
                check_len("path", &path.text, PATH_MAX)?;
                let python = matches!(p.peek()?, Some(t) if t.is_word("PYTHON"));
                if python {
                    p.next()?;
                }
                Command::Record(RecordOp::Save { path: path.text, python })
            } else {
                return Err(bad!("RECORD takes START, STOP or SAVE, not \"{}\"", Shown(&t.text)));
            }
        }
        Verb::Drag => {
            let s = p.screen()?;
            let target = p.target(s)?;
            let to = match p.peek()? {
                Some(t) if t.is_word("TO") => {
                    p.next()?;
                    match p.peek()? {
                        None => return Err(e("missing gadget after TO")),
                        Some(t) => match t.at_name() {
                            Some(n) => {
                                p.next()?;
                                DragTo::To(GadgetRef::Named(check_name(n)?))
                            }
                            None => DragTo::To(GadgetRef::Locator(p.locator()?)),
                        },
                    }
                }
                _ => {
                    let dx = p.num_arg("dx", -32768, 32767)? as i16;
                    let dy = p.num_arg("dy", -32768, 32767)? as i16;
                    DragTo::By { dx, dy }
                }
            };
            Command::Drag { target, to }
        }
        Verb::WindowMove => {
            let s = p.screen()?;
            let window = p.window(s)?;
            let dx = p.num_arg("dx", -32768, 32767)? as i16;
            let dy = p.num_arg("dy", -32768, 32767)? as i16;
            Command::WindowMove { window, dx, dy }
        }
        Verb::WindowSize => {
            let s = p.screen()?;
            let window = p.window(s)?;
            let width = p.num_arg("width", 1, 32767)? as u16;
            let height = p.num_arg("height", 1, 32767)? as u16;
            Command::WindowSize { window, width, height }
        }
        Verb::MenuPick => {
            let s = p.screen()?;
            let window = p.window(s)?;
            // intuition.h: NOMENU 0x1F, NOITEM 0x3F, NOSUB 0x1F.
            let menu = p.num_arg("menu", 0, 30)? as u8;
            let item = p.num_arg("item", 0, 62)? as u8;
            let sub = match p.peek()? {
                Some(t) if t.eq.is_none() => Some(p.num_arg("subitem", 0, 30)? as u8),
                _ => None,
            };
            Command::MenuPick { window, menu, item, sub }
        }
        Verb::WaitFor => {
            let screen = p.screen()?;
            let Some(t) = p.peek()? else {
                return Err(e("missing condition (WINDOW=, NOWINDOW=, REQUESTER or a gadget with TEXT=)"));
            };
            let mut text_form = false;
            let cond = if t.is_key("WINDOW") || t.is_key("NOWINDOW") {
                p.next()?;
                let pattern = t.value().to_vec();
                let field = if t.is_key("WINDOW") { "WINDOW pattern" } else { "NOWINDOW pattern" };
                check_len(field, &pattern, PATTERN_MAX)?;
                if t.is_key("WINDOW") {
                    WaitCond::Window { screen, pattern }
                } else {
                    WaitCond::NoWindow { screen, pattern }
                }
            } else if t.is_word("REQUESTER") {
                p.next()?;
                WaitCond::Requester { screen }
            } else if t.eq.is_some() && !t.is_key("SCREEN") {
                return Err(bad!(
                    "missing condition (WINDOW=, NOWINDOW=, REQUESTER or a gadget with TEXT=) before {}=",
                    upper_key(&t)
                ));
            } else {
                text_form = true;
                let target = p.target(screen)?;
                WaitCond::Text { target, text: Vec::new() }
            };
            let mut to = None;
            let mut cond = cond;
            let mut got_text = false;
            let allowed: &[&'static str] = if text_form { &["TEXT", "TIMEOUT"] } else { &["TIMEOUT"] };
            for (k, t) in p.options(allowed, &[])? {
                if k == "TIMEOUT" {
                    to = timeout(&t)?;
                } else if let WaitCond::Text { text, .. } = &mut cond {
                    check_len("TEXT", t.value(), TEXT_MAX)?;
                    *text = t.value().to_vec();
                    got_text = true;
                }
            }
            if text_form && !got_text {
                match cond {
                    WaitCond::Text {
                        target: t @ GadgetTarget::Located { gadget: GadgetLocator::Shown { .. }, .. },
                        ..
                    } => {
                        cond = WaitCond::Shown { target: t };
                    }
                    _ => return Err(e("missing TEXT= (only a SHOWN= locator can go without it)")),
                }
            }
            return Ok(Command::WaitFor { cond, timeout: to });
        }
        Verb::Manifest => {
            let t = p.positional("path")?;
            if t.text.is_empty() {
                return Err(e("empty path"));
            }
            check_len("path", &t.text, PATH_MAX)?;
            Command::Manifest { path: t.text }
        }
        Verb::Where => {
            let t = p.positional("@name")?;
            let Some(n) = t.at_name() else {
                return Err(bad!("WHERE needs an @name, not \"{}\"", Shown(&t.text)));
            };
            let name = check_name(n)?;
            let mut to = None;
            for (_, t) in p.options(&["TIMEOUT"], &[])? {
                to = timeout(&t)?;
            }
            return Ok(Command::Where { name, timeout: to });
        }
        Verb::MuiRexx => {
            let t = p.positional("application base name")?;
            if t.text.is_empty() {
                return Err(e("empty application base name"));
            }
            check_len("application base name", &t.text, BASE_MAX)?;
            let mut to = None;
            if let Some(o) = p.peek()? {
                if o.is_key("TIMEOUT") {
                    p.next()?;
                    to = timeout(&o)?;
                }
            }
            let command = p.rest("command", COMMAND_MAX)?;
            return Ok(Command::MuiRexx { base: t.text, timeout: to, command });
        }
        Verb::Launch => {
            let mut stack = None;
            if let Some(o) = p.peek()? {
                if o.is_key("STACK") {
                    p.next()?;
                    // dos/dostags.h NP_StackSize is a LONG; 4000 bytes is
                    // AmigaDOS's default stack (and AmiPilot's documented
                    // LAUNCH default), the least that is safe.
                    stack = Some(number(o.value(), "STACK", LAUNCH_MIN_STACK, i64::from(i32::MAX))? as u32);
                }
            }
            let command = p.rest("command line", COMMAND_MAX)?;
            return Ok(Command::Launch { stack, command });
        }
        Verb::WbLaunch => {
            let t = p.positional("icon path")?;
            if t.text.is_empty() {
                return Err(e("empty icon path"));
            }
            check_len("icon path", &t.text, PATH_MAX)?;
            let n = t.text.len();
            if n >= 5 && t.text[n - 5..].eq_ignore_ascii_case(b".info") {
                return Err(e("icon path must be given without .info"));
            }
            let (mut tooltypes, mut args) = (Vec::new(), Vec::new());
            for (k, o) in p.options(&["TOOLTYPE", "ARG"], &["TOOLTYPE", "ARG"])? {
                let v = o.value();
                if v.is_empty() {
                    return Err(bad!("empty {k}="));
                }
                if k == "TOOLTYPE" {
                    check_len("TOOLTYPE", v, TEXT_MAX)?;
                    tooltypes.push(v.to_vec());
                } else {
                    check_len("ARG", v, PATH_MAX)?;
                    args.push(v.to_vec());
                }
            }
            return Ok(Command::WbLaunch { path: t.text, tooltypes, args });
        }
        Verb::Screenshot => {
            let (mut screen, mut window, mut to) = (None, None, None);
            for (k, o) in p.options(&["SCREEN", "WINDOW", "TO"], &[])? {
                let v = o.value().to_vec();
                if v.is_empty() {
                    return Err(bad!("empty {k}="));
                }
                match k {
                    "SCREEN" => {
                        check_len("SCREEN", &v, PATTERN_MAX)?;
                        screen = Some(v);
                    }
                    "WINDOW" => {
                        check_len("WINDOW", &v, PATTERN_MAX)?;
                        window = Some(v);
                    }
                    _ => {
                        check_len("TO", &v, PATH_MAX)?;
                        to = Some(v);
                    }
                }
            }
            return Ok(Command::Screenshot { screen, window, to });
        }
        Verb::FsList | Verb::FsStat | Verb::FsMkDir | Verb::FsDelete | Verb::FsGet | Verb::FsPut => {
            let t = p.positional("path")?;
            if t.text.is_empty() {
                return Err(e("empty path"));
            }
            check_len("path", &t.text, PATH_MAX)?;
            let path = t.text;
            Command::Fs(match verb {
                Verb::FsList => FsOp::List(path),
                Verb::FsStat => FsOp::Stat(path),
                Verb::FsMkDir => FsOp::MkDir(path),
                Verb::FsDelete => FsOp::Delete(path),
                Verb::FsGet => FsOp::Get(path),
                _ => {
                    let n = p.positional("byte count")?;
                    let len = number(&n.text, "byte count", 0, i64::from(FS_DATA_MAX))? as u32;
                    let mut to = None;
                    for (_, t) in p.options(&["TIMEOUT"], &[])? {
                        to = timeout(&t)?;
                    }
                    FsOp::Put(FsPut { path, len, timeout: to })
                }
            })
        }
    };
    p.end()?;
    Ok(cmd)
}

/// An `FSPUT` line as it arrives on the wire, read once for both its
/// readers ([`parse_put`]): the framing, which must count the payload
/// that follows even when the command is refused, and the command
/// language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PutLine {
    /// The payload's byte count as the framing reads it: the third token,
    /// unquoted decimal digits (a count beyond `u64` saturates); without
    /// one, why not (the payload cannot be told from requests then).
    pub len: Result<u64, &'static str>,
    /// `TIMEOUT=` anywhere after the count, 1 to [`TIMEOUT_MAX`] seconds;
    /// `None` when absent, 0 or not such a number (the framing's default
    /// then; the command language refuses a bad one itself).
    pub timeout: Option<u32>,
    /// The command: the file and its byte count, or its RC 10 refusal.
    pub put: Result<FsPut, Error>,
}

/// Reads an `FSPUT` line (the caller has seen the verb) for the wire:
/// the framing's byte count and `TIMEOUT=` (the path the second token,
/// the count the third; a token after the count that cannot be split
/// stops the search for `TIMEOUT=`), and the command as [`parse`] reads
/// it.
pub fn parse_put(line: &[u8]) -> PutLine {
    let put = match parse(line) {
        Ok(Command::Fs(FsOp::Put(p))) => Ok(p),
        Ok(c) => Err(bad!("{} carries no data", c.verb().name())),
        Err(e) => Err(e),
    };
    let mut s = Lexer::new(line);
    let _verb = s.next();
    let len = match s.next() {
        Ok(Some(_path)) => match s.next() {
            Ok(Some(t)) if !t.quoted => {
                amiga_ndk::latin1::decimal(&t.text).ok_or("FSPUT byte count must be a decimal number")
            }
            Ok(None) => Err("FSPUT needs <path> <byte-count>"),
            Ok(Some(_)) | Err(_) => Err("FSPUT byte count must be a decimal number"),
        },
        Ok(None) => Err("FSPUT needs <path> <byte-count>"),
        Err(_) => Err("FSPUT: the path cannot be read (check its quotes)"),
    };
    let mut timeout = None;
    if len.is_ok() {
        while let Ok(Some(t)) = s.next() {
            if t.is_key("TIMEOUT") {
                timeout = amiga_ndk::latin1::decimal(t.value())
                    .filter(|n| (1..=u64::from(TIMEOUT_MAX)).contains(n))
                    .map(|n| n as u32);
            }
        }
    }
    PutLine { len, timeout, put }
}

impl Command {
    /// The verb of this command.
    pub fn verb(&self) -> Verb {
        match self {
            Command::Version => Verb::Version,
            Command::Auth { .. } => Verb::Auth,
            Command::Screens => Verb::Screens,
            Command::Tree { .. } => Verb::Tree,
            Command::Menu { .. } => Verb::Menu,
            Command::Shown { .. } => Verb::Shown,
            Command::Pick { .. } => Verb::Pick,
            Command::Click { .. } => Verb::Click,
            Command::Type { .. } => Verb::Type,
            Command::GetText { .. } => Verb::GetText,
            Command::Drag { .. } => Verb::Drag,
            Command::WindowMove { .. } => Verb::WindowMove,
            Command::WindowSize { .. } => Verb::WindowSize,
            Command::MenuPick { .. } => Verb::MenuPick,
            Command::WaitFor { .. } => Verb::WaitFor,
            Command::Manifest { .. } => Verb::Manifest,
            Command::Where { .. } => Verb::Where,
            Command::MuiRexx { .. } => Verb::MuiRexx,
            Command::Launch { .. } => Verb::Launch,
            Command::WbLaunch { .. } => Verb::WbLaunch,
            Command::Fs(op) => match op {
                FsOp::List(_) => Verb::FsList,
                FsOp::Stat(_) => Verb::FsStat,
                FsOp::MkDir(_) => Verb::FsMkDir,
                FsOp::Delete(_) => Verb::FsDelete,
                FsOp::Get(_) => Verb::FsGet,
                FsOp::Put(_) => Verb::FsPut,
            },
            Command::Screenshot { .. } => Verb::Screenshot,
            Command::LastError => Verb::LastError,
            Command::Show => Verb::Show,
            Command::Hide => Verb::Hide,
            Command::Highlight { .. } => Verb::Highlight,
            Command::Record(_) => Verb::Record,
            Command::Quit => Verb::Quit,
        }
    }

    /// The canonical command line (Latin-1): verb and keys upper case, every
    /// pattern/label/path quoted, rest-of-line text verbatim. [`parse`]
    /// reads it back as the same command when it fits the limits; used by
    /// `cargo xtask arexx-check` and for timeout messages.
    pub fn to_line(&self) -> Vec<u8> {
        let mut o = Vec::from(self.verb().name().as_bytes());
        let kv = |o: &mut Vec<u8>, k: &str, v: &[u8]| {
            o.push(b' ');
            o.extend_from_slice(k.as_bytes());
            o.push(b'=');
            push_quoted(o, v);
        };
        let num = |o: &mut Vec<u8>, n: i64| o.extend_from_slice(format!(" {n}").as_bytes());
        let win = |o: &mut Vec<u8>, w: &WindowTarget| {
            if let Some(s) = &w.screen {
                kv(o, "SCREEN", s);
            }
            o.push(b' ');
            push_quoted(o, &w.pattern);
        };
        let loc = |o: &mut Vec<u8>, g: &GadgetLocator| {
            o.push(b' ');
            g.push_to(o);
        };
        let at = |o: &mut Vec<u8>, n: &[u8]| {
            o.extend_from_slice(b" @");
            o.extend_from_slice(n);
        };
        let target = |o: &mut Vec<u8>, t: &GadgetTarget| match t {
            GadgetTarget::Located { window, gadget } => {
                win(o, window);
                loc(o, gadget);
            }
            GadgetTarget::Named(n) => at(o, n),
            GadgetTarget::NamedOnScreen { screen, name } => {
                kv(o, "SCREEN", screen);
                at(o, name);
            }
        };
        let tmo = |o: &mut Vec<u8>, t: &Option<u32>| {
            if let Some(t) = t {
                o.extend_from_slice(format!(" TIMEOUT={t}").as_bytes());
            }
        };
        match self {
            Command::Version
            | Command::Screens
            | Command::LastError
            | Command::Show
            | Command::Hide
            | Command::Quit => {}
            Command::Tree { window, full } => {
                win(&mut o, window);
                if *full {
                    o.extend_from_slice(b" FULL");
                }
            }
            Command::Menu { window } | Command::Shown { window } => win(&mut o, window),
            Command::Pick { screen } => {
                if let Some(s) = screen {
                    kv(&mut o, "SCREEN", s);
                }
            }
            Command::Click { target: t, expect, timeout } => {
                target(&mut o, t);
                match expect {
                    Some(Expect::Window(p)) => kv(&mut o, "EXPECT=WINDOW", p),
                    Some(Expect::NoWindow) => o.extend_from_slice(b" EXPECT=NOWINDOW"),
                    None => {}
                }
                tmo(&mut o, timeout);
            }
            Command::Type { target: t, text, options } => {
                for (k, on) in [(" CLEAR=YES", options.clear), (" ENTER=YES", options.enter)] {
                    if on {
                        o.extend_from_slice(k.as_bytes());
                    }
                }
                target(&mut o, t);
                o.push(b' ');
                gadgetscope_core::text::push_type_text(&mut o, text);
            }
            Command::GetText { target: t } | Command::Highlight { target: t } => target(&mut o, t),
            Command::Drag { target: t, to } => {
                target(&mut o, t);
                match to {
                    DragTo::By { dx, dy } => {
                        num(&mut o, i64::from(*dx));
                        num(&mut o, i64::from(*dy));
                    }
                    DragTo::To(r) => {
                        o.extend_from_slice(b" TO");
                        match r {
                            GadgetRef::Locator(g) => loc(&mut o, g),
                            GadgetRef::Named(n) => at(&mut o, n),
                        }
                    }
                }
            }
            Command::WindowMove { window, dx, dy } => {
                win(&mut o, window);
                num(&mut o, i64::from(*dx));
                num(&mut o, i64::from(*dy));
            }
            Command::WindowSize { window, width, height } => {
                win(&mut o, window);
                num(&mut o, i64::from(*width));
                num(&mut o, i64::from(*height));
            }
            Command::MenuPick { window, menu, item, sub } => {
                win(&mut o, window);
                num(&mut o, i64::from(*menu));
                num(&mut o, i64::from(*item));
                if let Some(s) = sub {
                    num(&mut o, i64::from(*s));
                }
            }
            Command::WaitFor { cond, timeout } => {
                match cond {
                    WaitCond::Window { screen, pattern } | WaitCond::NoWindow { screen, pattern } => {
                        if let Some(s) = screen {
                            kv(&mut o, "SCREEN", s);
                        }
                        let k = if matches!(cond, WaitCond::Window { .. }) { "WINDOW" } else { "NOWINDOW" };
                        kv(&mut o, k, pattern);
                    }
                    WaitCond::Text { target: t, text } => {
                        target(&mut o, t);
                        kv(&mut o, "TEXT", text);
                    }
                    WaitCond::Shown { target: t } => target(&mut o, t),
                    WaitCond::Requester { screen } => {
                        if let Some(s) = screen {
                            kv(&mut o, "SCREEN", s);
                        }
                        o.extend_from_slice(b" REQUESTER");
                    }
                }
                tmo(&mut o, timeout);
            }
            Command::Manifest { path } | Command::Auth { password: path } => {
                o.push(b' ');
                push_quoted(&mut o, path);
            }
            Command::Record(op) => match op {
                RecordOp::Start => o.extend_from_slice(b" START"),
                RecordOp::Stop => o.extend_from_slice(b" STOP"),
                RecordOp::Save { path, python } => {
                    o.extend_from_slice(b" SAVE ");
                    push_quoted(&mut o, path);
                    if *python {
                        o.extend_from_slice(b" PYTHON");
                    }
                }
            },
            Command::Screenshot { screen, window, to } => {
                for (k, v) in [("SCREEN", screen), ("WINDOW", window), ("TO", to)] {
                    if let Some(v) = v {
                        kv(&mut o, k, v);
                    }
                }
            }
            Command::Fs(op) => {
                o.push(b' ');
                push_quoted(&mut o, op.path());
                if let FsOp::Put(FsPut { len, timeout, .. }) = op {
                    num(&mut o, i64::from(*len));
                    tmo(&mut o, timeout);
                }
            }
            Command::Where { name, timeout } => {
                at(&mut o, name);
                tmo(&mut o, timeout);
            }
            Command::MuiRexx { base, timeout, command } => {
                o.push(b' ');
                push_quoted(&mut o, base);
                tmo(&mut o, timeout);
                o.push(b' ');
                o.extend_from_slice(command);
            }
            Command::Launch { stack, command } => {
                if let Some(s) = stack {
                    o.extend_from_slice(format!(" STACK={s}").as_bytes());
                }
                o.push(b' ');
                o.extend_from_slice(command);
            }
            Command::WbLaunch { path, tooltypes, args } => {
                o.push(b' ');
                push_quoted(&mut o, path);
                for t in tooltypes {
                    kv(&mut o, "TOOLTYPE", t);
                }
                for a in args {
                    kv(&mut o, "ARG", a);
                }
            }
        }
        o
    }
}
