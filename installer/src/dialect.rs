//! Which Installer reads the script, and what each one accepts.
//!
//! The script must run on every Installer an AmigaOS 3.x user may have, so
//! the checks take the oldest one the script is meant for and refuse what
//! that one reads differently or does not know:
//!
//! * [`Installer::V1`]: Commodore's Installer 1.19 to 1.27, the one of
//!   Workbench 3.0 and 3.1. Facts: `Installer.doc` 1.24 (12.1.1993):
//!   §3.2 escapes `\n \r \t \0 \" \\` (and `\'`), §4.1c "the maximum size
//!   of a string in a script is 512 bytes", §4.2-4.8 statements, options
//!   and pre-defined variables; the 1.27 sources (24.10.1993, `lparse.c`
//!   `parse_escape()`): any other character after a backslash stands for
//!   itself, so `"fran\xe7ais"` is read as `franxe7ais`, and a backslash
//!   before a line end joins the lines. Symbols are compared without case
//!   (`symtab.c`, `CmpMemI`). The right shift is spelled `shiftrght`.
//! * [`Installer::V43`]: Installer 42.6 to 43.x (OS 3.5, 3.9):
//!   `Installer.guide` 1.19 (29.4.1996), as InstallerLG's sources quote
//!   it: escapes `\h \v \b \f`, `\ooo` (three octal digits) and `\xXX`
//!   (two hex digits) from V42.6; `symbolset`/`symbolval` (V42.9),
//!   `iconinfo` (V42.12), `shiftright`, `@installer-version`.
//! * [`Installer::V44`]: Installer 44 (the V44.10 guide, OS 3.9 and 3.2,
//!   and InstallerLG, which implements it): `openwbobject`, `showwbobject`,
//!   `closewbobject`, `reboot`, `effect`, `showmedia`, `setmedia`,
//!   `closemedia`, `trace`, `retrace` (InstallerLG's sources, marked V44).
//!
//! Every later Installer accepts what an earlier one does, except the two
//! spellings of the right shift.

/// An Installer generation, oldest first (`V1 < V43 < V44`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Installer {
    /// Commodore's Installer 1.19-1.27 (Workbench 3.0 and 3.1).
    V1,
    /// Installer 42.6-43.x (OS 3.5, 3.9).
    V43,
    /// Installer 44 (OS 3.9, 3.2) and InstallerLG.
    V44,
}

/// Statements and functions every Installer knows (Installer.doc 1.24
/// §4.2-4.6, AROS's Installer keyword table "Installer 1.24 keywords").
const FUNCTIONS_V1: &[&str] = &[
    "=",
    "<",
    "<=",
    ">",
    ">=",
    "<>",
    "+",
    "-",
    "*",
    "/",
    "and",
    "or",
    "xor",
    "not",
    "bitand",
    "bitor",
    "bitxor",
    "bitnot",
    "shiftleft",
    "in",
    "set",
    "procedure",
    "if",
    "while",
    "until",
    "select",
    "strlen",
    "substr",
    "askdir",
    "askfile",
    "askstring",
    "asknumber",
    "askchoice",
    "askoptions",
    "askbool",
    "askdisk",
    "cat",
    "exists",
    "expandpath",
    "earlier",
    "fileonly",
    "getassign",
    "getdevice",
    "getdiskspace",
    "getenv",
    "getsize",
    "getsum",
    "getversion",
    "pathonly",
    "patmatch",
    "tackon",
    "transcript",
    "complete",
    "user",
    "working",
    "welcome",
    "abort",
    "copyfiles",
    "copylib",
    "database",
    "debug",
    "delete",
    "execute",
    "exit",
    "foreach",
    "makeassign",
    "makedir",
    "message",
    "onerror",
    "protect",
    "rename",
    "rexx",
    "run",
    "startup",
    "textfile",
    "tooltype",
    "trap",
];

/// Only Installer 1.x spells it so.
const FUNCTIONS_V1_ONLY: &[&str] = &["shiftrght"];
/// New in 42.x/43.x (Installer.guide 1.19).
const FUNCTIONS_V43: &[&str] = &["shiftright", "symbolset", "symbolval", "iconinfo"];
/// New in 44 (the V44.10 guide).
const FUNCTIONS_V44: &[&str] = &[
    "openwbobject",
    "showwbobject",
    "closewbobject",
    "reboot",
    "effect",
    "showmedia",
    "setmedia",
    "closemedia",
    "trace",
    "retrace",
];

/// Options of each statement in Installer 1.x (Installer.doc 1.24 §4.2,
/// §4.6, §4.7).
const OPTIONS_V1: &[(&str, &[&str])] = &[
    ("askdir", &["prompt", "help", "default", "newpath", "disk", "assigns"]),
    ("askfile", &["prompt", "help", "default", "newpath", "disk"]),
    ("askstring", &["prompt", "help", "default"]),
    ("asknumber", &["prompt", "help", "range", "default"]),
    ("askchoice", &["prompt", "help", "choices", "default"]),
    ("askoptions", &["prompt", "help", "choices", "default"]),
    ("askbool", &["prompt", "help", "default", "choices"]),
    ("askdisk", &["prompt", "help", "dest", "newname", "disk", "assigns"]),
    (
        "copyfiles",
        &[
            "prompt", "help", "source", "dest", "newname", "choices", "all", "pattern", "files", "infos", "fonts",
            "confirm", "safe", "optional", "delopts", "nogauge",
        ],
    ),
    (
        "copylib",
        &["prompt", "help", "source", "dest", "newname", "infos", "confirm", "safe", "optional", "delopts", "nogauge"],
    ),
    ("makedir", &["prompt", "help", "infos", "confirm", "safe"]),
    (
        "tooltype",
        &[
            "prompt",
            "help",
            "dest",
            "settooltype",
            "setstack",
            "setdefaulttool",
            "noposition",
            "swapcolors",
            "confirm",
            "safe",
        ],
    ),
    ("startup", &["prompt", "help", "command", "confirm"]),
    ("textfile", &["prompt", "help", "dest", "append", "include", "confirm", "safe"]),
    ("delete", &["prompt", "help", "confirm", "optional", "delopts", "safe"]),
    ("rename", &["prompt", "help", "confirm", "disk", "safe"]),
    ("execute", &["prompt", "help", "confirm", "safe"]),
    ("run", &["prompt", "help", "confirm", "safe"]),
    ("rexx", &["prompt", "help", "confirm", "safe"]),
    ("makeassign", &["safe"]),
    ("protect", &["safe"]),
    ("message", &["help"]),
    ("exit", &["quiet"]),
    ("exists", &["noreq"]),
    ("getversion", &["resident"]),
];

/// Options new in 42.x/43.x: `iconinfo`'s.
const OPTIONS_V43: &[(&str, &[&str])] =
    &[("iconinfo", &["prompt", "help", "dest", "gettooltype", "getdefaulttool", "getstack", "getposition"])];

/// Options a statement must have (Installer.doc 1.24: the questions need
/// their prompt and help; InstallerLG enforces the same).
pub const REQUIRED: &[(&str, &[&str])] = &[
    ("askdir", &["prompt", "help", "default"]),
    ("askfile", &["prompt", "help", "default"]),
    ("askstring", &["prompt", "help"]),
    ("asknumber", &["prompt", "help"]),
    ("askchoice", &["prompt", "help", "choices"]),
    ("askoptions", &["prompt", "help", "choices"]),
    ("askbool", &["prompt", "help"]),
    ("askdisk", &["prompt", "help", "dest"]),
    ("copyfiles", &["source", "dest"]),
    ("copylib", &["source", "dest"]),
    ("tooltype", &["dest"]),
    ("textfile", &["dest"]),
    ("startup", &["prompt", "help", "command"]),
];

/// Pre-defined variables of Installer 1.x (Installer.doc 1.24 §4.9, §5.4).
const PREDEFINED_V1: &[&str] = &[
    "@abort-button",
    "@app-name",
    "@icon",
    "@execute-dir",
    "@default-dest",
    "@language",
    "@pretend",
    "@user-level",
    "@error-msg",
    "@special-msg",
    "@ioerr",
    "@each-name",
    "@each-type",
    "@askoptions-help",
    "@askchoice-help",
    "@asknumber-help",
    "@askstring-help",
    "@askdisk-help",
    "@askfile-help",
    "@askdir-help",
    "@copylib-help",
    "@copyfiles-help",
    "@makedir-help",
    "@startup-help",
];
/// New in 42.x/43.x.
const PREDEFINED_V43: &[&str] = &["@installer-version"];

/// Longest string literal Installer 1.x reads, bytes (Installer.doc 1.24
/// §4.1c).
pub const V1_STRING_MAX: usize = 512;

impl Installer {
    /// Every generation, oldest first.
    pub const ALL: [Installer; 3] = [Installer::V1, Installer::V43, Installer::V44];

    /// How messages name it.
    pub fn name(self) -> &'static str {
        match self {
            Installer::V1 => "Installer 1.x (Workbench 3.0/3.1)",
            Installer::V43 => "Installer 43 (OS 3.5/3.9)",
            Installer::V44 => "Installer 44 (OS 3.2) / InstallerLG",
        }
    }

    /// Whether `name` is a statement or function of this Installer
    /// (compared without case, as every Installer does).
    pub fn has_function(self, name: &str) -> bool {
        let n = name.to_ascii_lowercase();
        let n = n.as_str();
        FUNCTIONS_V1.contains(&n)
            || (self == Installer::V1 && FUNCTIONS_V1_ONLY.contains(&n))
            || (self >= Installer::V43 && FUNCTIONS_V43.contains(&n))
            || (self >= Installer::V44 && FUNCTIONS_V44.contains(&n))
    }

    /// The oldest Installer that has `name`, if any does.
    pub fn first_with(name: &str) -> Option<Installer> {
        Installer::ALL.into_iter().find(|i| i.has_function(name))
    }

    /// The options `statement` takes here (empty for none or unknown).
    pub fn options_of(self, statement: &str) -> Vec<&'static str> {
        let s = statement.to_ascii_lowercase();
        let mut v: Vec<&'static str> = Vec::new();
        let tables: &[&[(&str, &[&str])]] =
            if self >= Installer::V43 { &[OPTIONS_V1, OPTIONS_V43] } else { &[OPTIONS_V1] };
        for t in tables {
            if let Some((_, o)) = t.iter().find(|(n, _)| *n == s) {
                v.extend(o.iter().copied());
            }
        }
        v
    }

    /// Every option name of any statement of any Installer: a list whose
    /// head is one of these is an option form, not a call.
    pub fn all_options() -> Vec<&'static str> {
        let mut v: Vec<&'static str> = OPTIONS_V1
            .iter()
            .chain(OPTIONS_V43)
            .flat_map(|(_, o)| o.iter().copied())
            .filter(|o| !FUNCTIONS_V1.contains(o))
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    }

    /// Whether `var` is one of this Installer's pre-defined variables.
    pub fn has_predefined(self, var: &str) -> bool {
        PREDEFINED_V1.contains(&var) || (self >= Installer::V43 && PREDEFINED_V43.contains(&var))
    }

    /// Every pre-defined variable of this Installer.
    pub fn predefined(self) -> Vec<&'static str> {
        let mut v = PREDEFINED_V1.to_vec();
        if self >= Installer::V43 {
            v.extend_from_slice(PREDEFINED_V43);
        }
        v
    }

    /// What this Installer makes of the escape `\c`: `Some(byte)` for an
    /// escape it defines (the hex and octal forms are decoded by the
    /// parser), `None` for one it does not (Installer 1.x and InstallerLG
    /// then keep the character itself).
    pub fn escape(self, c: char) -> Option<u8> {
        match c {
            'n' => Some(b'\n'),
            'r' => Some(b'\r'),
            't' => Some(b'\t'),
            '0' => Some(0),
            '"' | '\'' | '\\' => Some(c as u8),
            'h' if self >= Installer::V43 => Some(b'\t'),
            'v' if self >= Installer::V43 => Some(0x0b),
            'b' if self >= Installer::V43 => Some(0x08),
            'f' if self >= Installer::V43 => Some(0x0c),
            _ => None,
        }
    }

    /// Whether `\xXX` and `\ooo` are escapes here (from V42.6).
    pub fn has_numeric_escapes(self) -> bool {
        self >= Installer::V43
    }

    /// Longest string literal, bytes, if this Installer has a limit.
    pub fn string_max(self) -> Option<usize> {
        (self == Installer::V1).then_some(V1_STRING_MAX)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_generation_knows_its_own_functions() {
        assert!(Installer::V1.has_function("copyfiles") && Installer::V1.has_function("BITOR"));
        assert!(!Installer::V1.has_function("iconinfo") && Installer::V43.has_function("iconinfo"));
        assert!(!Installer::V43.has_function("openwbobject") && Installer::V44.has_function("openwbobject"));
        assert!(Installer::V1.has_function("shiftrght") && !Installer::V43.has_function("shiftrght"));
        assert!(!Installer::V1.has_function("shiftright") && Installer::V44.has_function("shiftright"));
        assert_eq!(Installer::first_with("symbolset"), Some(Installer::V43));
        assert_eq!(Installer::first_with("frobnicate"), None);
        assert!(Installer::V43.options_of("iconinfo").contains(&"gettooltype"));
        assert!(Installer::V1.options_of("iconinfo").is_empty());
        assert!(Installer::V1.has_predefined("@language") && !Installer::V1.has_predefined("@installer-version"));
    }

    #[test]
    fn escapes_by_generation() {
        assert_eq!(Installer::V1.escape('n'), Some(b'\n'));
        assert_eq!(Installer::V1.escape('x'), None);
        assert_eq!(Installer::V1.escape('h'), None);
        assert_eq!(Installer::V43.escape('h'), Some(b'\t'));
        assert!(!Installer::V1.has_numeric_escapes() && Installer::V43.has_numeric_escapes());
        assert_eq!(Installer::V1.string_max(), Some(512));
        assert_eq!(Installer::V44.string_max(), None);
    }
}
