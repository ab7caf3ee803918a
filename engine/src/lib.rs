//! The engine: every verb of the command language carried out against the OS through small traits.
//!
//! [`GsEngine`] implements `gadgetscope_arexx::Engine` over the walker's
//! `IntuitionOs` (core), a [`System`] (files, other programs' ports,
//! processes, Workbench starts) and an [`Actor`] (real `input.device`
//! events, the keymap). gadgetscope-system (`system/`) supplies the Amiga
//! side of those traits; the host tests run the engine over
//! `gadgetscope_core::fake::FakeIntuition` and recording fakes.
//!
//! - [`verbs`]: the engine, held waits, WHERE and MUIREXX replies.
//! - [`files`]: the file verbs inside the `FSROOT` directories.
//! - [`screenshot`]: SCREENSHOT's payload and ILBM file, row by row.
//! - [`shown`]: SHOWN's text and the places `SHOWN=` names, read from a
//!   window's pixels by the text reader.
//! - [`inspect`]: TREE / MENU / SCREENS text of a window found by pattern
//!   (the Shell's one-shot inspector and the verbs).
//! - [`wblaunch`]: what WBLAUNCH gives a program: merged tooltypes, the
//!   stack, the scratch icon's bytes.
//! - [`record`]: RECORD's session: the recorder fed with the user's input,
//!   the saved scripts; [`recording`]: where RECORD stands, and what the
//!   window shows of it.
#![cfg_attr(not(test), no_std)]
#![forbid(unsafe_code)]
extern crate alloc;

pub mod files;
pub mod inspect;
pub mod record;
pub mod recording;
pub mod screenshot;
pub mod shown;
pub mod verbs;
pub mod wblaunch;

pub use verbs::*;
