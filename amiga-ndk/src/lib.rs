//! The floor under every other crate: AmigaOS NDK facts, each defined once.
//!
//! Every constant here has the NDK's name and type and cites the include
//! it comes from (NDK 3.x; the AROS includes use the same numbers and the
//! same m68k layout: 2-byte alignment, 4-byte pointers). Conventions:
//!
//! - **Structure offsets** are byte offsets (`usize`) named as in the
//!   NDK's assembler includes (`wd_FirstGadget` from intuition/intuition.i,
//!   `gg_NextGadget`, `sm_ArgList`…); `<prefix>_SIZEOF` is the structure's
//!   size where the `.i` file has such a label.
//! - **Flags, tags and values** keep the C names and the C field's type
//!   (`WFLG_RMBTRAP: u32` for the ULONG `Window.Flags`, `GA_Left: u32` for a
//!   `Tag`, `WBTOOL: u8` for the UBYTE `do_Type`).
//! - Facts that are not in the NDK (AROS private tags, the keyboard's raw
//!   codes) say where they come from.
//!
//! Modules follow the NDK's include directories. Besides the facts: [`be`]
//! reads big-endian fields out of copied OS memory, [`latin1`] converts
//! between Rust strings and the Latin-1 bytes the Amiga speaks, and
//! [`Rect`] is a box in pixels.
#![no_std]
#![forbid(unsafe_code)]
#![allow(non_upper_case_globals, non_snake_case)]
#![warn(missing_docs)]

pub mod aros;
pub mod asl;
pub mod be;
pub mod commodities;
pub mod diskfont;
pub mod dos;
pub mod exec;
pub mod gadtools;
pub mod graphics;
pub mod input;
pub mod intuition;
pub mod latin1;
pub mod locale;
pub mod path;
pub mod reaction;
pub mod rect;
pub mod rexx;
pub mod serial;
pub mod socket;
pub mod timer;
pub mod utility;
pub mod workbench;

pub use rect::Rect;
