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
