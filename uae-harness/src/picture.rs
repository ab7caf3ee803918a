//! A screenshot's pixels (the PNG the host takes of FS-UAE's window under
//! Xvfb) in Amiga screen coordinates, for checks on what a person would
//! look at.
//!
//! The emulated display sits somewhere in the PNG, scaled, with a black
//! border round it and the overscan in the border colour inside that;
//! [`screen_box`] finds the Amiga screen in it by its title bar (the top
//! row that differs from the border across most of the display), and
//! [`Picture::at`] maps Amiga screen coordinates (pixels of a 640×256
//! screen) into it.

use std::path::Path;

/// A decoded screenshot: RGB, row by row.
pub struct Picture {
    width: usize,
    height: usize,
    rgb: Vec<[u8; 3]>,
    /// The Amiga screen's box in the PNG: left, top, right, bottom
    /// (exclusive), pixels.
    display: (usize, usize, usize, usize),
    /// The Amiga screen's size the display shows, pixels.
    screen: (i32, i32),
}

/// A box in Amiga screen coordinates: left, top, width, height (pixels).
pub type Box4 = (i32, i32, i32, i32);

impl Picture {
    /// Reads a PNG showing an Amiga screen of `screen` pixels (640×256
    /// for the AROS ROM's Workbench).
    pub fn load(png: &Path, screen: (i32, i32)) -> Result<Picture, String> {
        let (width, height, rgb) = read_rgb(png)?;
        Picture::new(width, height, rgb, screen)
    }

    /// A picture of `width`×`height` RGB pixels showing a screen of
    /// `screen` pixels. Err when nothing but black is in it.
    pub fn new(width: usize, height: usize, rgb: Vec<[u8; 3]>, screen: (i32, i32)) -> Result<Picture, String> {
        if rgb.len() != width * height {
            return Err(format!("{} pixels for {width}x{height}", rgb.len()));
        }
        let (l, t, r, b) = screen_box(width, height, &rgb).ok_or("no Amiga screen in the picture (no title bar)")?;
        // Down from the title bar's first row, as tall as the screen's
        // rows are at the width's scale: a hires non-interlaced screen's
        // pixel is twice as tall as wide (640x256 shows as 640x512).
        let tall = (r - l) * 2 * screen.1.max(1) as usize / screen.0.max(1) as usize;
        let display = (l, t, r, b.min(t + tall));
        Ok(Picture { width, height, rgb, display, screen })
    }

    /// The PNG pixel showing the middle of Amiga pixel (`x`, `y`).
    pub fn at(&self, x: i32, y: i32) -> [u8; 3] {
        self.at_half(2 * x + 1, 2 * y + 1)
    }

    /// The PNG pixel at (`x2`/2, `y2`/2) in Amiga pixels: half-pixel
    /// steps, so that the middle of a 2-pixel bar is between its pixels.
    pub fn at_half(&self, x2: i32, y2: i32) -> [u8; 3] {
        let (l, t, r, b) = self.display;
        let px = l + (x2.max(0) as usize * (r - l)) / (2 * self.screen.0 as usize);
        let py = t + (y2.max(0) as usize * (b - t)) / (2 * self.screen.1 as usize);
        self.rgb[py.min(self.height - 1) * self.width + px.min(self.width - 1)]
    }

    /// The colours along the Amiga row `y` from `x0` to `x1` (exclusive).
    pub fn row(&self, y: i32, x0: i32, x1: i32) -> Vec<[u8; 3]> {
        (x0..x1).map(|x| self.at(x, y)).collect()
    }

    /// The Amiga screen's size, pixels.
    pub fn screen(&self) -> (i32, i32) {
        self.screen
    }

    /// The Amiga screen's box in the PNG: left, top, right, bottom
    /// (exclusive), pixels.
    pub fn display(&self) -> (usize, usize, usize, usize) {
        self.display
    }
}

/// The Amiga screen in the picture (left, top, right, bottom, exclusive):
/// the display is the bounding box of the pixels that are not black; the
/// screen spans, across, its title bar: the first row whose pixels differ
/// from the border colour (the display's left edge) from end to end over
/// more than half the display's width, and that row is its top; down to
/// the display's bottom ([`Picture::new`] cuts it to the screen's rows).
pub fn screen_box(width: usize, height: usize, rgb: &[[u8; 3]]) -> Option<(usize, usize, usize, usize)> {
    let (mut l, mut t, mut r, mut b) = (width, height, 0, 0);
    for (i, p) in rgb.iter().enumerate() {
        if *p != [0, 0, 0] {
            let (x, y) = (i % width, i / width);
            (l, t, r, b) = (l.min(x), t.min(y), r.max(x + 1), b.max(y + 1));
        }
    }
    if r <= l + 2 || b <= t {
        return None;
    }
    // One pixel in: the display's edge itself blends with the black.
    let border = rgb[(t + (b - t) / 2) * width + l + 1];
    (t..b).find_map(|y| {
        let row = &rgb[y * width + l..y * width + r];
        // Pixels blended with the border at the display's edges are not
        // the title bar: a difference of more than 24 in a channel is.
        let differs = |p: &&[u8; 3]| **p != [0, 0, 0] && p.iter().zip(border).any(|(&a, b)| a.abs_diff(b) > 24);
        let first = row.iter().position(|p| differs(&p))?;
        let last = row.iter().rposition(|p| differs(&p))?;
        (2 * (last - first) > r - l).then_some((l + first, y, l + last + 1, b))
    })
}

/// Whether the two pictures show the same Amiga pixels inside `r`
/// (screen coordinates), 2 pixels in from its edges (the display is
/// scaled with filtering: an edge pixel blends with what is outside, a
/// frame's bar for one). Err names the first pixel that differs.
pub fn same_inside(a: &Picture, b: &Picture, r: Box4) -> Result<(), String> {
    let (l, t, w, h) = r;
    for y in t + 2..t + h - 2 {
        for x in l + 2..l + w - 2 {
            if a.at(x, y) != b.at(x, y) {
                return Err(format!("pixel {x},{y} of [{l},{t} {w}x{h}]: {:?} and {:?}", a.at(x, y), b.at(x, y)));
            }
        }
    }
    Ok(())
}

/// A PNG's width, height and RGB pixels, row by row (any colour type the
/// `png` crate expands to 8 bits).
fn read_rgb(path: &Path) -> Result<(usize, usize, Vec<[u8; 3]>), String> {
    let at = |e: &dyn std::fmt::Display| format!("{}: {e}", path.display());
    let f = std::fs::File::open(path).map_err(|e| at(&e))?;
    let mut dec = png::Decoder::new(f);
    dec.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut r = dec.read_info().map_err(|e| at(&e))?;
    let mut buf = vec![0; r.output_buffer_size()];
    let fi = r.next_frame(&mut buf).map_err(|e| at(&e))?;
    let buf = &buf[..fi.buffer_size()];
    let rgb = match fi.color_type {
        png::ColorType::Rgba => buf.chunks(4).map(|c| [c[0], c[1], c[2]]).collect(),
        png::ColorType::Rgb => buf.chunks(3).map(|c| [c[0], c[1], c[2]]).collect(),
        png::ColorType::GrayscaleAlpha => buf.chunks(2).map(|c| [c[0], c[0], c[0]]).collect(),
        png::ColorType::Grayscale => buf.iter().map(|&g| [g, g, g]).collect(),
        png::ColorType::Indexed => return Err(at(&"indexed PNG not expanded")),
    };
    Ok((fi.width as usize, fi.height as usize, rgb))
}
