//! [`Font`]: an owned copy of what a `struct TextFont` says
//! (graphics/text.h), and the per-character rules of graphics.library
//! `Text()` that the renderer and the reader share.
//!
//! Where the facts come from:
//!
//! - The fields: graphics/text.h and RKRM Libraries, "The Text Function /
//!   Rendering the Text". `tf_CharData` is one bitmap for all glyphs,
//!   `tf_YSize` rows of `tf_Modulo` bytes, most significant bit first;
//!   `tf_CharLoc` holds per character two UWORDs, the glyph's bit offset
//!   in a row and its width in bits; `tf_CharSpace` and `tf_CharKern` are
//!   WORDs per character.
//! - The missing glyph: characters outside `tf_LoChar..=tf_HiChar` are
//!   drawn with the glyph after `tf_HiChar` (index `tf_HiChar - tf_LoChar
//!   + 1`), the font's default glyph, "normally a rectangle" (RKRM
//!   Libraries, `tf_HiChar`; AROS `rom/graphics/text.c`, `NUMCHARS`).
//! - The advance, for each character (AROS `rom/graphics/text.c`
//!   `BltTemplateBasedText`, `textlength.c`): when the font has
//!   `tf_CharKern`, `x += tf_CharKern[i]`; the glyph is drawn with its
//!   left column at `x`; then `x += tf_CharSpace[i]` when the font has
//!   `tf_CharSpace`, else `x += tf_XSize`; then `x += rp_TxSpacing`
//!   (taken as 0 here: GadgetScope reads what other programs drew with
//!   the default spacing). `TextLength()` is the sum of these advances.
//!   Each table is used when present, whatever `FPF_PROPORTIONAL` says.

use alloc::string::String;
use alloc::vec::Vec;
use amiga_ndk::graphics::{FPF_PROPORTIONAL, FSF_COLORFONT};

/// One `tf_CharLoc` entry: where a glyph is in `tf_CharData`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CharLoc {
    /// The glyph's first column, bits from the start of a row.
    pub offset: u16,
    /// The glyph's width, bits (pixels).
    pub width: u16,
}

/// What is wrong with a [`Font`]'s tables ([`Font::check`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FontError {
    /// `tf_HiChar` below `tf_LoChar`, or `tf_YSize` 0.
    Range,
    /// `tf_CharLoc`, `tf_CharSpace` or `tf_CharKern` does not have one
    /// entry per character plus the default glyph (`tf_HiChar -
    /// tf_LoChar + 2`).
    TableLength,
    /// A glyph reaches past `tf_Modulo`, or `tf_CharData` is shorter than
    /// `tf_YSize` rows of `tf_Modulo` bytes.
    CharData,
}

/// An owned copy of a `struct TextFont` (graphics/text.h), with the
/// name and size it was opened by, for reporting.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Font {
    /// The font's name (`ln_Name` of `tf_Message`), e.g. `topaz.font`.
    pub name: String,
    /// `tf_YSize`: the height, pixels; also the size the font is known by.
    pub ysize: u16,
    /// `tf_XSize`: the nominal width, pixels; the advance of every
    /// character when there is no `tf_CharSpace`.
    pub xsize: u16,
    /// `tf_Baseline`: rows from the top of the glyphs to the baseline.
    pub baseline: u16,
    /// `tf_BoldSmear`: how far right, pixels, graphics draws the second
    /// copy of each glyph for algorithmic bold (1 in the ROM and disk
    /// fonts).
    pub bold_smear: u16,
    /// `tf_Style`: the `FSF_*` styles the font was designed with.
    pub style: u8,
    /// `tf_Flags`: `FPF_*` (`FPF_PROPORTIONAL`, `FPF_DESIGNED`, …).
    pub flags: u8,
    /// `tf_LoChar`: the first character with a glyph.
    pub lo_char: u8,
    /// `tf_HiChar`: the last character with a glyph.
    pub hi_char: u8,
    /// `tf_Modulo`: bytes from one row of `char_data` to the next.
    pub modulo: u16,
    /// `tf_CharData`: `ysize` rows of `modulo` bytes, most significant bit
    /// first (the leftmost pixel).
    pub char_data: Vec<u8>,
    /// `tf_CharLoc`: one entry per character `lo_char..=hi_char`, then the
    /// default glyph.
    pub char_loc: Vec<CharLoc>,
    /// `tf_CharSpace`, when the font has it: the advance after each glyph,
    /// pixels, same indexing as `char_loc`.
    pub char_space: Option<Vec<i16>>,
    /// `tf_CharKern`, when the font has it: the move before each glyph,
    /// pixels (negative: left), same indexing as `char_loc`.
    pub char_kern: Option<Vec<i16>>,
}

impl Font {
    /// Decodes a `struct TextFont` copied out of the system (its
    /// `tf_SIZEOF` bytes, big-endian, and its tables as copied: 4
    /// bytes per glyph of `tf_CharLoc`, 2 of `tf_CharSpace` and
    /// `tf_CharKern`). `None` when the header is short; tables whose
    /// lengths disagree are kept as they are, for [`Font::check`] to
    /// report.
    pub fn from_text_font(
        name: &[u8],
        header: &[u8],
        char_data: &[u8],
        char_loc: &[u8],
        char_space: Option<&[u8]>,
        char_kern: Option<&[u8]>,
    ) -> Option<Font> {
        use amiga_ndk::be::u16_at;
        use amiga_ndk::graphics::*;
        if header.len() < tf_SIZEOF {
            return None;
        }
        let words = |t: &[u8]| t.chunks_exact(2).map(|c| i16::from_be_bytes([c[0], c[1]])).collect::<Vec<i16>>();
        let char_loc = char_loc
            .chunks_exact(4)
            .map(|c| CharLoc { offset: u16::from_be_bytes([c[0], c[1]]), width: u16::from_be_bytes([c[2], c[3]]) })
            .collect();
        Some(Font {
            name: amiga_ndk::latin1::to_string(name),
            ysize: u16_at(header, tf_YSize)?,
            xsize: u16_at(header, tf_XSize)?,
            baseline: u16_at(header, tf_Baseline)?,
            bold_smear: u16_at(header, tf_BoldSmear)?,
            style: header[tf_Style],
            flags: header[tf_Flags],
            lo_char: header[tf_LoChar],
            hi_char: header[tf_HiChar],
            modulo: u16_at(header, tf_Modulo)?,
            char_data: char_data.to_vec(),
            char_loc,
            char_space: char_space.map(words),
            char_kern: char_kern.map(words),
        })
    }

    /// How many glyphs the tables hold: `hi_char - lo_char + 2` (the last
    /// is the default glyph).
    pub fn glyph_count(&self) -> usize {
        usize::from(self.hi_char).saturating_sub(usize::from(self.lo_char)) + 2
    }

    /// The glyph index `Text()` uses for character `c`: `c - lo_char`, or
    /// the default glyph (`hi_char - lo_char + 1`) outside the range.
    pub fn glyph_index(&self, c: u8) -> usize {
        if c < self.lo_char || c > self.hi_char {
            self.default_glyph()
        } else {
            usize::from(c - self.lo_char)
        }
    }

    /// The default glyph's index (`hi_char - lo_char + 1`).
    pub fn default_glyph(&self) -> usize {
        self.glyph_count() - 1
    }

    /// The character whose glyph is `index`; `None` for the default glyph.
    pub fn glyph_char(&self, index: usize) -> Option<u8> {
        if index >= self.default_glyph() {
            return None;
        }
        u8::try_from(usize::from(self.lo_char) + index).ok()
    }

    /// `tf_CharKern[index]`, pixels, or 0 without the table.
    pub fn kern(&self, index: usize) -> i32 {
        self.char_kern.as_ref().and_then(|k| k.get(index)).map_or(0, |&k| i32::from(k))
    }

    /// `tf_CharSpace[index]`, pixels, or `tf_XSize` without the table.
    pub fn space(&self, index: usize) -> i32 {
        self.char_space.as_ref().and_then(|s| s.get(index)).map_or(i32::from(self.xsize), |&s| i32::from(s))
    }

    /// How far the pen moves for glyph `index`, pixels: kern + space.
    pub fn advance(&self, index: usize) -> i32 {
        self.kern(index) + self.space(index)
    }

    /// The glyph's width, pixels (`tf_CharLoc` width).
    pub fn width(&self, index: usize) -> usize {
        self.char_loc.get(index).map_or(0, |l| usize::from(l.width))
    }

    /// Whether glyph `index` has its pixel at column `col`, row `row` set.
    pub fn pixel(&self, index: usize, col: usize, row: usize) -> bool {
        let Some(loc) = self.char_loc.get(index) else { return false };
        if col >= usize::from(loc.width) || row >= usize::from(self.ysize) {
            return false;
        }
        let bit = usize::from(loc.offset) + col;
        let byte = row * usize::from(self.modulo) + bit / 8;
        self.char_data.get(byte).is_some_and(|b| b & (0x80 >> (bit % 8)) != 0)
    }

    /// Whether glyph `index` has no pixel set (the space, usually).
    pub fn is_blank(&self, index: usize) -> bool {
        let w = self.width(index);
        !(0..usize::from(self.ysize)).any(|r| (0..w).any(|c| self.pixel(index, c, r)))
    }

    /// `TextLength()`: the sum of the advances of `text`, pixels.
    pub fn text_length(&self, text: &[u8]) -> i32 {
        text.iter().map(|&c| self.advance(self.glyph_index(c))).sum()
    }

    /// Whether `tf_Flags` has `FPF_PROPORTIONAL`.
    pub fn is_proportional(&self) -> bool {
        self.flags & FPF_PROPORTIONAL != 0
    }

    /// Whether `tf_Style` has `FSF_COLORFONT` (a `struct ColorTextFont`,
    /// which this crate does not read).
    pub fn is_color(&self) -> bool {
        self.style & FSF_COLORFONT != 0
    }

    /// Checks that the tables agree with each other (lengths, glyphs inside
    /// `tf_CharData`).
    pub fn check(&self) -> Result<(), FontError> {
        if self.hi_char < self.lo_char || self.ysize == 0 {
            return Err(FontError::Range);
        }
        let n = self.glyph_count();
        let table_ok = |t: &Option<Vec<i16>>| t.as_ref().is_none_or(|t| t.len() == n);
        if self.char_loc.len() != n || !table_ok(&self.char_space) || !table_ok(&self.char_kern) {
            return Err(FontError::TableLength);
        }
        let row_bits = usize::from(self.modulo) * 8;
        let data_ok = self.char_data.len() >= usize::from(self.ysize) * usize::from(self.modulo);
        if !data_ok || self.char_loc.iter().any(|l| usize::from(l.offset) + usize::from(l.width) > row_bits) {
            return Err(FontError::CharData);
        }
        Ok(())
    }
}
