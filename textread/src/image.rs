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

    fn pen_byte(&self, pen: u8, y: usize, i: usize) -> u8 {
        let row = &self.pens[y * self.width..(y + 1) * self.width];
        let mut b = 0u8;
        for (k, &p) in row.iter().skip(8 * i).take(8).enumerate() {
            if p == pen {
                b |= 0x80 >> k;
            }
        }
        b
    }

    fn pens(&self) -> Vec<u8> {
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

    fn pen_byte(&self, pen: u8, y: usize, i: usize) -> u8 {
        let mut m = 0xFFu8;
        for p in 0..self.depth {
            let row = (p * self.height + y) * self.bytes_per_row;
            let at = |k: usize| if k < self.bytes_per_row { self.data[row + k] } else { 0 };
            let v = ((u16::from(at(i)) << 8 | u16::from(at(i + 1))) << self.first_bit >> 8) as u8;
            m &= if pen >> p & 1 != 0 { v } else { !v };
            if m == 0 {
                return 0;
            }
        }
        let left = 8 * i;
        if left + 8 > self.width {
            m &= !(0xFFu8 >> (self.width - left).min(8));
        }
        for c in &self.covered {
            let y = y as i32;
            if y >= c.top && y < c.top + c.height {
                for k in 0..8 {
                    let x = (left + k) as i32;
                    if x >= c.left && x < c.left + c.width {
                        m &= !(0x80 >> k);
                    }
                }
            }
        }
        m
    }

    fn pens(&self) -> Vec<u8> {
        (0..1u32 << self.depth.min(8)).map(|p| p as u8).collect()
    }

    fn readable(&self, r: Rect) -> bool {
        !self.covered.iter().any(|c| c.overlaps(&r))
    }
}
