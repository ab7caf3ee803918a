//! The text reader: finds the text drawn with Amiga bitmap fonts in an
//! image of pen numbers, for windows whose gadgets cannot be walked
//! (ReAction layouts, MUI, custom-drawn windows, requester bodies).
//!
//! A bitmap font draws the same pixels every time, so reading is exact
//! matching of the font's glyphs, not recognition. Facts come from
//! graphics/text.h (`struct TextFont`) and the behaviour of
//! graphics.library `Text()`, `TextLength()` and `TextExtent()` as
//! documented in the RKRM Libraries ("Graphics Library and Text") and
//! implemented by AROS (`rom/graphics/text.c`, `textlength.c`,
//! `textextent.c`); [`font`] and [`mod@render`] cite the rules they follow.
//! docs/reference/text-reader.md is the user-facing summary.
//!
//! Pure: no OS, no floating point. The engine's `shown` uses it and
//! GadgetScopeBench runs it on the Amiga; GadgetScope leaves it out for
//! now (docs/design/performance.md "SHOWN").
//!
//! - [`font`]: [`Font`], an owned copy of a `struct TextFont`.
//! - [`mod@render`]: [`render()`], the reference renderer (what `Text()` draws).
//! - [`image`]: [`Image`], pixels as pen numbers, and [`Planar`], a
//!   bitmap's planes; the reader takes either as [`Pixels`].
//! - [`mod@read`]: [`read()`], the reader: every text run in an image.
#![cfg_attr(not(test), no_std)]
#![forbid(unsafe_code)]
#![warn(missing_docs)]
extern crate alloc;

pub mod font;
pub mod image;
pub mod read;
pub mod render;

pub use font::{CharLoc, Font, FontError};
pub use image::{Image, Planar};
pub use read::{glyph_indexes, pen_columns, read, Limit, Options, Pixels, Reading, TextRun, Work, MAX_YSIZE};
pub use render::{render, Rendered};
