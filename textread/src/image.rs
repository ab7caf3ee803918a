//! [`Image`]: a window's pixels as pen numbers (what `ReadPixelArray8()`
//! or the planes of its bitmap give), the reader's input; and
//! [`Image::draw`], `Text()` in JAM1 or JAM2 on it, for the tests.

use crate::render::Rendered;
use alloc::vec;
use alloc::vec::Vec;
use amiga_ndk::Rect;

/// Pixels as pen numbers, row-major: pixel (`x`, `y`) is
/// `pens[y * width + x]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Image {
    /// Width, pixels.
    pub width: usize,
    /// Height, pixels.
    pub height: usize,
    /// `width * height` pen numbers.
    pub pens: Vec<u8>,
}

impl Image {
    /// An image filled with `pen`.
    pub fn new(width: usize, height: usize, pen: u8) -> Image {
        Image { width, height, pens: vec![pen; width * height] }
    }

    /// The pen at (`x`, `y`); `None` outside the image.
    pub fn get(&self, x: i32, y: i32) -> Option<u8> {
        let (x, y) = (usize::try_from(x).ok()?, usize::try_from(y).ok()?);
        (x < self.width && y < self.height).then(|| self.pens[y * self.width + x])
    }

    /// Sets (`x`, `y`) to `pen`; nothing outside the image.
    pub fn set(&mut self, x: i32, y: i32, pen: u8) {
        if let (Ok(ux), Ok(uy)) = (usize::try_from(x), usize::try_from(y)) {
            if ux < self.width && uy < self.height {
                self.pens[uy * self.width + ux] = pen;
            }
        }
    }

    /// `RectFill()`: the box (clipped to the image) in `pen`.
    pub fn fill(&mut self, r: Rect, pen: u8) {
        for y in r.top..r.top + r.height {
            for x in r.left..r.left + r.width {
                self.set(x, y, pen);
            }
        }
    }

    /// `Text()` of a rendered string with the pen at `x` and the glyphs' top
    /// row at `top` (the baseline is `tf_Baseline` rows lower): the set
    /// cells in `fg`; with `bg` (JAM2) the rest of the extent in `bg`, with
    /// `None` (JAM1) left as it was. Clipped to the image.
    pub fn draw(&mut self, text: &Rendered, x: i32, top: i32, fg: u8, bg: Option<u8>) {
        let left = x + text.left;
        for row in 0..text.height {
            for col in 0..text.width {
                let (px, py) = (left + col as i32, top + row as i32);
                if text.get(col, row) {
                    self.set(px, py, fg);
                } else if let Some(bg) = bg {
                    self.set(px, py, bg);
                }
            }
        }
    }
}

impl crate::read::Pixels for Image {
    fn width(&self) -> usize {
        self.width
    }

    fn height(&self) -> usize {
        self.height
    }

    fn pen_rows(&mut self, pen: u8, y: usize, out: &mut [u8]) {
        let rb = self.width.div_ceil(8);
        out.fill(0);
        for (r, bytes) in out.chunks_mut(rb).enumerate() {
            let Some(row) = self.pens.get((y + r) * self.width..(y + r + 1) * self.width) else { return };
            for (x, &p) in row.iter().enumerate() {
                if p == pen {
                    bytes[x / 8] |= 0x80 >> (x % 8);
                }
            }
        }
    }

    fn pens(&mut self) -> Vec<u8> {
        let mut present = [false; 256];
        for &p in &self.pens {
            present[usize::from(p)] = true;
        }
        (0..=255u8).filter(|&p| present[usize::from(p)]).collect()
    }
}

/// A part of a planar bitmap (`struct BitMap`, graphics/gfx.h): `depth`
/// planes, each `height` rows of `bytes_per_row` bytes, most significant
/// bit the leftmost pixel; a pixel's pen has bit `p` from plane `p`. What
/// the program copies out of a screen's bitmap for a window's box.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Planar {
    /// Width, pixels.
    pub width: usize,
    /// Height, pixels.
    pub height: usize,
    /// Planes, 1 to 8.
    pub depth: usize,
    /// Bytes of one row of one plane.
    pub bytes_per_row: usize,
    /// The bit (0 to 7, from the most significant) of each row's first
    /// byte that holds pixel 0: the window's left edge in the screen.
    pub first_bit: usize,
    /// The rows, plane after plane: plane `p`, row `y` starts at
    /// `(p * height + y) * bytes_per_row`.
    pub data: Vec<u8>,
    /// Boxes (pixels, relative to the picture) that other windows cover:
    /// their pixels are not the window's and are not read.
    pub covered: Vec<Rect>,
}

impl Planar {
    /// Marks in `present` the pens of row `y`'s pixels that are not
    /// covered, 32 pixels at a time: a pen is there when its plane
    /// combination leaves a bit set. Screens deeper than 4 planes mark
    /// every pen (256 combinations a word would cost more than the passes
    /// they save).
    pub fn mark_pens(&self, y: usize, present: &mut [bool; 256]) {
        if self.depth > 4 {
            present[..1 << self.depth.min(8)].fill(true);
            return;
        }
        if y >= self.height || !self.is_consistent() {
            return;
        }
        let rb = self.width.div_ceil(8);
        let mut row = [0u32; 8];
        for w in 0..rb.div_ceil(4) {
            let fb = self.first_bit as u32;
            for (p, r) in row.iter_mut().enumerate().take(self.depth) {
                let at = (p * self.height + y) * self.bytes_per_row;
                let data = &self.data[at..at + self.bytes_per_row];
                let b = |k: usize| u32::from(data.get(4 * w + k).copied().unwrap_or(0));
                *r = ((b(0) << 24 | b(1) << 16 | b(2) << 8 | b(3)) << fb) | (b(4) >> (8 - fb));
            }
            // The word's valid pixels: inside the width, not covered.
            let mut valid = u32::MAX;
            let left = 32 * w;
            if left + 32 > self.width {
                valid = !(u32::MAX >> (self.width - left));
            }
            for c in &self.covered {
                if (c.top..c.top + c.height).contains(&(y as i32)) {
                    for x in c.left.max(left as i32)..(c.left + c.width).min((left + 32) as i32) {
                        valid &= !(0x8000_0000 >> (x as usize - left));
                    }
                }
            }
            for (pen, seen) in present.iter_mut().enumerate().take(1 << self.depth) {
                if *seen {
                    continue;
                }
                let mut m = valid;
                for (p, &r) in row.iter().enumerate().take(self.depth) {
                    m &= if pen >> p & 1 != 0 { r } else { !r };
                }
                *seen = m != 0;
            }
        }
    }

    /// Whether the sizes fit the data: `bytes_per_row` holds `first_bit +
    /// width` bits and `data` every row of every plane.
    pub fn is_consistent(&self) -> bool {
        self.depth <= 8
            && (self.first_bit + self.width).div_ceil(8) <= self.bytes_per_row
            && self.first_bit < 8
            && self.data.len() >= self.depth * self.height * self.bytes_per_row
    }
}

impl crate::read::Pixels for Planar {
    fn width(&self) -> usize {
        self.width
    }

    fn height(&self) -> usize {
        if self.is_consistent() {
            self.height
        } else {
            0
        }
    }

    fn pen_rows(&mut self, pen: u8, y: usize, out: &mut [u8]) {
        let rb = self.width.div_ceil(8).max(1);
        for (r, bytes) in out.chunks_mut(rb).enumerate() {
            self.pen_row(pen, y + r, bytes);
        }
    }

    fn pens(&mut self) -> Vec<u8> {
        let mut present = [false; 256];
        for y in 0..self.height() {
            self.mark_pens(y, &mut present);
        }
        (0..=255u8).filter(|&p| present[usize::from(p)]).collect()
    }

    fn readable(&self, r: Rect) -> bool {
        !self.covered.iter().any(|c| c.overlaps(&r))
    }
}

impl Planar {
    /// Row `y`'s pixels that have pen `pen` and are not covered into
    /// `out` (`width.div_ceil(8)` bytes, bit 7 the leftmost; pixels past
    /// the width 0), 32 pixels at a time: each plane's word, inverted
    /// where the pen's bit is 0, ANDed.
    pub fn pen_row(&self, pen: u8, y: usize, out: &mut [u8]) {
        let rb = self.width.div_ceil(8).min(out.len());
        let out = &mut out[..rb];
        out.fill(0);
        if y >= self.height || !self.is_consistent() {
            return;
        }
        let fb = self.first_bit as u32;
        let bpr = self.bytes_per_row;
        for (w, chunk) in out.chunks_mut(4).enumerate() {
            let i = 4 * w;
            let mut m = u32::MAX;
            for p in 0..self.depth {
                let row = &self.data[(p * self.height + y) * bpr..(p * self.height + y + 1) * bpr];
                let b = |k: usize| u32::from(row.get(i + k).copied().unwrap_or(0));
                let v = ((b(0) << 24 | b(1) << 16 | b(2) << 8 | b(3)) << fb) | (b(4) >> (8 - fb));
                m &= if pen >> p & 1 != 0 { v } else { !v };
            }
            let bytes = m.to_be_bytes();
            chunk.copy_from_slice(&bytes[..chunk.len()]);
        }
        if !self.width.is_multiple_of(8) {
            out[rb - 1] &= !(0xFFu8 >> (self.width % 8));
        }
        for c in &self.covered {
            if (c.top..c.top + c.height).contains(&(y as i32)) {
                let from = c.left.max(0) as usize;
                let to = ((c.left + c.width).max(0) as usize).min(self.width);
                for x in from..to {
                    out[x / 8] &= !(0x80 >> (x % 8));
                }
            }
        }
    }
}
