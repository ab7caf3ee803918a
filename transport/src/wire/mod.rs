//! AmiPilot's wire protocol, protocol 1 (docs/reference/wire.md; the
//! original is AmiPilot's `server/WIRE.md`).
//!
//! - A request is one line of Latin-1 text ending in LF, at most
//!   [`REQUEST_LINE_MAX`] bytes with the LF; one CR right before the LF is
//!   dropped and empty lines are skipped. [`RequestReader`] cuts a byte
//!   stream that arrives in arbitrary pieces into such lines, and into the
//!   raw payload that follows an `FSPUT` line.
//! - Every request gets exactly one reply, in request order:
//!   `RC <code> <byte-count>\n` and exactly that many payload bytes
//!   ([`header`], [`encode`]).
//! - [`Session`] is one connection: it hands request lines to the
//!   dispatcher one at a time, answers what the framing itself decides
//!   (over-long lines, `AUTH`, refusals before `AUTH`, `FSPUT` payloads
//!   that are too big or do not arrive) and counts timeouts in ticks the
//!   event loop supplies ([`TICKS_PER_SECOND`]).

mod outbox;
mod reader;
mod reply;
mod scan;
mod session;

pub use outbox::Outbox;
pub use reader::{Frame, RequestReader};
pub use reply::{encode, header, HEADER_MAX};
pub use session::{Config, Event, Link, OutOfTurn, Session};

/// Timer ticks per second the event loop calls [`Session::tick`] with:
/// the ARexx host's tick (about 100 ms), so one timer serves both.
pub use gadgetscope_arexx::TICKS_PER_SECOND;

/// The protocol version this crate speaks, the number in the VERSION
/// reply's first line `AMIPILOT <major>.<minor> PROTOCOL <n>` (WIRE.md
/// "Handshake"; a client that does not know the number disconnects).
pub const PROTOCOL: u32 = 1;

/// Longest request line in bytes, the terminating LF included (and a CR
/// before it). A longer line is answered RC 10 and never run, not cut
/// short (WIRE.md "Requests").
pub const REQUEST_LINE_MAX: usize = 512;

/// How long an `FSPUT` payload may take to arrive when the request gives
/// no `TIMEOUT=` (or `TIMEOUT=0`), in seconds, counted from the request
/// line to the last payload byte (WIRE.md "Request payloads").
pub const PUT_TIMEOUT_DEFAULT_SECS: u32 = 30;
