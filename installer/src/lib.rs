//! Host-side checks for `installer/GadgetScope.install`, the script for
//! Commodore's Installer 43.x (and its successors).
//!
//! * [`parse()`]: the Lisp-like syntax: balanced parentheses, strings with
//!   Installer escapes, numbers (`123`, `$7F`, `%101`), symbols, `;`
//!   comments; errors carry the line.
//! * [`check()`]: every form names a known statement or function of
//!   Installer 43 or a `(procedure ...)` defined in the script; statements
//!   have their required options (every question has a `(help ...)`);
//!   options appear only inside statements that take them; every variable
//!   that is read is set somewhere.
//! * [`guide::check_guide()`]: node/link integrity of `GadgetScope.guide`;
//!   [`readme::lint()`]: the Aminet header of `GadgetScope.readme`.
//! * [`dry_run()`]: evaluates the script against a temporary tree with
//!   chosen answers, at a chosen user level, in real or pretend mode, and
//!   records its file operations.
//!
//! Language facts (statements, options, pre-defined variables, escapes,
//! user levels, pretend): Commodore's `Installer.doc` (1.24, sections 4
//! and 5) and `Installer.guide` 1.19 for Installer 43 (escapes `\xXX`,
//! `\ooo` since V42.6), as quoted by InstallerLG, an Installer 43
//! reimplementation that also shows which options are mandatory (askdir
//! needs prompt, help and default; askchoice/askoptions prompt, help and
//! choices). Behaviour modelled in the dry run: at Novice level questions
//! take their defaults; in pretend mode file operations are not performed
//! (unless `(safe)`); `copyfiles` creates its destination drawer;
//! `makedir` creates one level only.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod check;
pub mod dryrun;
pub mod guide;
pub mod parse;
pub mod readme;

pub use check::check;
pub use dryrun::{dry_run, Action, Answers, Options, Outcome, Value};
pub use parse::{parse, Node};
