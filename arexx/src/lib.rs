//! The command language (AmiPilot 1.1's verbs and GadgetScope's own): tokenizer, grammar, dispatch, RCs and reply text, whichever transport carries it.
//!
//! Nothing here depends on the transport: ARexx (the reply mechanics live
//! with the port, amiga-rt `rexx`) and AmiPilot's wire carry the same
//! command text.
//!
//! - [`VERBS`], the verb table: every verb once, with who carries it out,
//!   whether it may wait, its `SCREEN=` rule, its place in VERSION and
//!   its template (docs/architecture.md, "Adding a verb").
//! - [`parse`] turns one command line (Latin-1 bytes) into a [`Command`] or
//!   an [`Error`] (always RC 10).
//! - [`Host`] keeps LASTERROR, the loaded manifest and the held (waiting)
//!   messages, answers its own verbs and hands the others to an
//!   [`Engine`] ([`Engine::run`], `@name`s resolved through [`Names`]).
#![cfg_attr(not(test), no_std)]
#![forbid(unsafe_code)]
extern crate alloc;

mod command;
pub mod corpus;
mod host;
pub mod lex;
mod verbs;

pub use command::{
    parse, parse_put, Command, DragTo, Expect, FsOp, FsPut, GadgetLocator, GadgetRef, GadgetTarget, PutLine, RecordOp,
    TypeOptions, WaitCond, WindowTarget, FS_DATA_MAX, TIMEOUT_MAX,
};
pub use gadgetscope_core::classify::Role;
pub use host::{
    Abandon, Condition, Destination, Engine, Host, Names, Outcome, Target, WaitToken, DEFAULT_TIMEOUT_SECS, HELD_MAX,
    TICKS_PER_SECOND,
};
pub use verbs::{Runs, Verb, VerbInfo, AMIPILOT_VERBS, VERBS};

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use amiga_ndk::latin1::from_str_lossy as to_latin1;
/// Latin-1 bytes as `{}` in [`error!`], byte for byte.
pub use amiga_ndk::latin1::Shown;

/// Longest path (`MANIFEST`, `WBLAUNCH` icon, `ARG=`, the file verbs), in
/// bytes: what dos.library carries (docs/reference/commands.md, "Limits").
pub use amiga_ndk::dos::PATH_MAX;
pub use gadgetscope_core::locate::{PATTERN_MAX, TEXT_MAX};
/// Longest `@name` (without the `@`), in bytes (docs/reference/commands.md,
/// "Limits"): the manifest's name limit (docs/reference/formats.md,
/// "Manifests and quirk profiles").
pub use gadgetscope_core::manifest::NAME_MAX;
/// Longest `LAUNCH` command line and `MUIREXX` command, in bytes
/// (docs/reference/commands.md, "Limits").
pub const COMMAND_MAX: usize = 255;
/// Longest `MUIREXX` application base name, in bytes: the manifest's port limit
/// (docs/reference/formats.md, "Manifests and quirk profiles"), since the port
/// is `<base>.1`.
pub const BASE_MAX: usize = 31;
/// Longest whole command: an ARexx argstring holds at most 65535 bytes
/// (rexx/storage.h `ra_Length` is a UWORD); the wire protocol keeps it.
pub const LINE_MAX: usize = 65535;
/// Longest RESULT: an argstring's 65535 bytes. A longer result is RC 10 "result
/// too large", never cut (docs/reference/commands.md, "Results and errors").
pub const RESULT_MAX: usize = 65535;

/// ARexx return codes as GadgetScope uses them (docs/reference/commands.md,
/// "Return codes").
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Rc {
    /// 0: success.
    Ok = 0,
    /// 5: well-formed, but the window/gadget/screen/item/port was not found.
    NotFound = 5,
    /// 10: bad command or arguments, unknown locator name, refusal.
    Error = 10,
    /// 15: a wait did not come true within TIMEOUT.
    Timeout = 15,
    /// 20: the action itself failed (input injection, memory, process).
    Failed = 20,
}

impl Rc {
    /// The number put in `rm_Result1`.
    pub fn code(self) -> u32 {
        self as u32
    }
}

/// What a command is answered with: `rm_Result1` = `rc`; `text` is the
/// RESULT (RC 0) or the error text kept for LASTERROR (RC ≠ 0). Latin-1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// The return code.
    pub rc: Rc,
    /// RESULT text on RC 0, error text otherwise.
    pub text: Vec<u8>,
}

impl Reply {
    /// RC 0 with `text` as the RESULT.
    pub fn ok(text: impl Into<Vec<u8>>) -> Reply {
        Reply { rc: Rc::Ok, text: text.into() }
    }
    /// An RC ≠ 0 reply with its error text.
    pub fn error(rc: Rc, text: &str) -> Reply {
        Reply { rc, text: to_latin1(text) }
    }
}

/// The error's RC and text, as they are.
impl From<Error> for Reply {
    fn from(e: Error) -> Reply {
        Reply { rc: e.rc, text: e.text }
    }
}

/// Every failure of a command, from the parser, the host or the engine:
/// the RC and the text the reply carries and LASTERROR gives, Latin-1
/// bytes as they go on the wire and into ARexx (no `String` between).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    /// RC 5, 10, 15 or 20 (RC 0 is treated as 20: an error is never success).
    pub rc: Rc,
    /// The text, Latin-1.
    pub text: Vec<u8>,
}

impl Error {
    /// An error with its RC and text (characters above U+00FF as `?`).
    pub fn new(rc: Rc, text: &str) -> Error {
        Error { rc, text: to_latin1(text) }
    }
    /// An error whose text is Latin-1 bytes already.
    pub fn bytes(rc: Rc, text: Vec<u8>) -> Error {
        Error { rc, text }
    }
    /// An error with `format_args!` text written as Latin-1 ([`error!`]).
    pub fn from_args(rc: Rc, args: fmt::Arguments<'_>) -> Error {
        Error { rc, text: amiga_ndk::latin1::format(args) }
    }
}

/// The text, each byte its Latin-1 character.
impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Shown(&self.text).fmt(f)
    }
}

/// An [`Error`] of RC `rc` with `format!`-style text, written straight
/// into Latin-1 bytes: `error!(Rc::NotFound, "no window matches \"{}\"",
/// Shown(pattern))`, where [`Shown`] puts Latin-1 bytes in as they are.
#[macro_export]
macro_rules! error {
    ($rc:expr, $($arg:tt)+) => {
        $crate::Error::from_args($rc, ::core::format_args!($($arg)+))
    };
}

/// The VERSION result (docs/reference/commands.md, "VERSION"): the lines
/// `AMIPILOT 1.1 PROTOCOL 1`, `STABLE <verbs…>` ([`Verb::stable`]: AmiPilot
/// 1.1's verbs in its order, then GadgetScope's own) and `SERVER GadgetScope
/// <version>`, each ended by LF, the last one too, as AmiPilot's handshake
/// text (server/WIRE.md, "Handshake"). The same bytes on every carrier.
pub fn version_text(server_version: &str) -> Vec<u8> {
    let mut s = String::from("AMIPILOT 1.1 PROTOCOL 1\nSTABLE");
    for v in Verb::stable() {
        s.push(' ');
        s.push_str(v.name());
    }
    s.push_str("\nSERVER GadgetScope ");
    s.push_str(server_version);
    s.push('\n');
    to_latin1(&s)
}

/// Longest `AUTH` password, and `TCPPASSWORD=`, in bytes
/// (docs/reference/commands.md, "Limits").
pub const PASSWORD_MAX: usize = 64;

/// Is `given` the password `want`? In time that depends on the lengths only,
/// not on where they differ (the wire's `AUTH` must not hint).
pub fn same_password(given: &[u8], want: &[u8]) -> bool {
    let n = given.len().max(want.len());
    let mut diff = (given.len() ^ want.len()) as u32;
    for i in 0..n {
        let x = given.get(i).copied().unwrap_or(0);
        let y = want.get(i).copied().unwrap_or(0);
        diff |= u32::from(x ^ y);
    }
    diff == 0
}

/// This crate's version, for [`version_text`].
pub const SERVER_VERSION: &str = env!("CARGO_PKG_VERSION");
