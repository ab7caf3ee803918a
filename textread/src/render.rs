//! The reference renderer: the pixels graphics.library `Text()` sets for
//! a string in a font and soft style, as a mask. The reader builds its
//! checks from it and the tests draw their images with it.
//!
//! Rules (besides the advance, [`crate::font`]):
//!
//! - **Extent** (AROS `rom/graphics/textextent.c`, `TextExtent()`
//!   `te_Extent`): from the leftmost to the rightmost of every pen
//!   position and every glyph edge, the pen start (0) and the end of the
//!   last advance included; `tf_YSize` rows, the top row `tf_Baseline`
//!   above the baseline. With JAM2 `Text()` fills this box with the
//!   background pen ([`crate::Image::draw`]).
//! - **Algorithmic bold** (`FSF_BOLD` asked, the font not designed bold):
//!   each glyph is drawn twice, at its place and `tf_BoldSmear` pixels to
//!   the right (AROS `rom/graphics/text.c` `BltTemplateBasedText`); the
//!   advance does not change, the extent grows by `tf_BoldSmear` (AROS
//!   `textextent.c`).
//! - **Algorithmic underline** (`FSF_UNDERLINED` asked, the font not
//!   designed underlined): the row below the baseline (`tf_Baseline + 1`)
//!   set across the whole extent, when that row is inside `tf_YSize`.
//!   This is the AmigaOS 3.x form the reader expects; AROS draws a line
//!   broken round descenders at `tf_Baseline + 2` instead, which is not
//!   read as underlined (docs/reference/text-reader.md, "Limits").
//! - Algorithmic italic is not drawn (the reader does not read it).

use crate::font::Font;
use alloc::vec;
use alloc::vec::Vec;
use amiga_ndk::graphics::{FSF_BOLD, FSF_UNDERLINED};

/// Where one character of a rendered string went, pixels from the pen
/// start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    /// The glyph index in the font.
    pub glyph: usize,
    /// The pen position before the character (before its kern).
    pub pen: i32,
    /// The glyph's left column (pen + kern).
    pub left: i32,
    /// The glyph's width as drawn (with the bold smear), pixels.
    pub width: i32,
}

impl Place {
    /// The columns the character owns, pixels from the pen start: from
    /// its pen position or left column to its advance or right column.
    pub fn span(&self, font: &Font) -> (i32, i32) {
        (self.pen.min(self.left), (self.pen + font.advance(self.glyph)).max(self.left + self.width))
    }
}

/// A rendered string: `height` rows of `width` cells, `true` where
/// `Text()` sets the pixel to the foreground pen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rendered {
    /// The extent's left edge, pixels from the pen start (negative when a
    /// kern moves left of it).
    pub left: i32,
    /// The extent's width, pixels.
    pub width: usize,
    /// `tf_YSize`, pixels; row 0 is `tf_Baseline` rows above the baseline.
    pub height: usize,
    /// `TextLength()`: where the pen ends, pixels from its start.
    pub advance: i32,
    /// The `FSF_*` algorithmic styles actually applied (those asked that
    /// the font was not designed with, bold and underline only).
    pub applied: u8,
    /// Row-major mask, `width * height` cells.
    pub bits: Vec<bool>,
    /// Each character's place, in order.
    pub places: Vec<Place>,
}

impl Rendered {
    /// Whether the cell at column `x` (0 = the extent's left edge), row `y`
    /// is set.
    pub fn get(&self, x: usize, y: usize) -> bool {
        x < self.width && y < self.height && self.bits[y * self.width + x]
    }
}

/// The algorithmic styles `Text()` applies for the soft style `style`
/// (`FSF_BOLD`, `FSF_UNDERLINED`) in `font`: those the font was not
/// designed with.
pub fn algorithmic(font: &Font, style: u8) -> u8 {
    style & (FSF_BOLD | FSF_UNDERLINED) & !font.style
}

/// Where `Text()` puts the characters of a string, pixels from the pen
/// start ([`layout`]).
pub(crate) struct Layout {
    /// Each character's place, in order.
    pub places: Vec<Place>,
    /// The extent's left and right edges.
    pub left: i32,
    pub right: i32,
    /// `TextLength()`: where the pen ends.
    pub advance: i32,
}

/// The places and extent of `text` in `font` with a bold smear of
/// `smear` pixels (0: not bold): the rules of [`crate::font`].
/// `TextExtent()` counts the smear past the last advance too (AROS
/// rom/graphics/textextent.c; measured with TextFixture).
pub(crate) fn layout(font: &Font, text: &[u8], smear: i32) -> Layout {
    let mut places = Vec::with_capacity(text.len());
    let (mut x, mut min, mut max) = (0i32, 0i32, 0i32);
    for &c in text {
        let glyph = font.glyph_index(c);
        let pen = x;
        x += font.kern(glyph);
        let width = i32::try_from(font.width(glyph)).unwrap_or(0) + smear;
        places.push(Place { glyph, pen, left: x, width });
        min = min.min(x);
        max = max.max(x + width);
        x += font.space(glyph);
        min = min.min(x);
        max = max.max(x);
    }
    Layout { places, left: min, right: max.max(x + smear), advance: x }
}

/// What `Text()` draws for `text` (Latin-1 bytes) in `font` with the soft
/// style `style` (`FSF_BOLD` and/or `FSF_UNDERLINED`; other bits ignored).
pub fn render(font: &Font, text: &[u8], style: u8) -> Rendered {
    let applied = algorithmic(font, style);
    let smear = if applied & FSF_BOLD != 0 { i32::from(font.bold_smear) } else { 0 };
    let Layout { places, left: min, right: max, advance: x } = layout(font, text, smear);
    let w = usize::try_from(max - min).unwrap_or(0);
    let h = usize::from(font.ysize);
    let mut bits = vec![false; w * h];
    for p in &places {
        let gw = font.width(p.glyph);
        for shift in [0, smear] {
            for row in 0..h {
                for col in 0..gw {
                    if font.pixel(p.glyph, col, row) {
                        let at = usize::try_from(p.left + shift - min).unwrap_or(0) + col;
                        bits[row * w + at] = true;
                    }
                }
            }
        }
    }
    let underline = usize::from(font.baseline) + 1;
    if applied & FSF_UNDERLINED != 0 && underline < h {
        bits[underline * w..(underline + 1) * w].fill(true);
    }
    Rendered { left: min, width: w, height: h, advance: x, applied, bits, places }
}
