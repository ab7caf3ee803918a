//! Where `RECORD` stands (docs/reference/commands.md, "RECORD"): the
//! session the engine keeps ([`Session`]) and what the window shows of it
//! ([`RecordState`]). The verb itself is `crate::record`.
use alloc::format;
use gadgetscope_record::Recorder;

/// Where RECORD stands.
#[derive(Debug, Default)]
pub enum Session {
    /// Nothing recorded since the start.
    #[default]
    Idle,
    /// Recording: the handler is in and events are fed.
    On(Recorder),
    /// Stopped: the steps wait for `SAVE` (until the next `START`);
    /// `saved` once a `SAVE` wrote them.
    Stopped { rec: Recorder, saved: bool },
}

/// Where RECORD stands, for the window (its Record control, the status
/// line and the questions before quitting).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RecordState {
    /// RECORD is on.
    pub recording: bool,
    /// Steps recorded so far (commands and comments).
    pub steps: usize,
    /// No `SAVE` has written these steps yet (false without steps).
    pub unsaved: bool,
}

/// `<n> <one>` or `<n> <many>`: how RECORD's replies count (`1 step`,
/// `6 steps`).
pub fn count(n: usize, one: &str, many: &str) -> alloc::string::String {
    format!("{n} {}", if n == 1 { one } else { many })
}
