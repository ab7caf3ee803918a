//! The icon artwork, drawn by code as pixel art and saved as PNG sources
//! (`icons/art/*.png`, committed; `cargo run -p gadgetscope-icons -- draw`
//! redraws them and a test checks that they are current).
//!
//! Each picture is drawn once in *materials* ([`M`]); the classic image
//! maps every material to one of the eight MagicWB pens, the GlowIcon image
//! shades the same materials (lighter at the top, darker at the bottom,
//! with a drop shadow) on a transparent background.
use crate::palette::{Rgb, MAGICWB};

/// What a pixel is made of. The discriminant is the MagicWB pen used in
/// the classic image.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub enum M {
    /// Background: pen 0 (grey) in the classic image, transparent in the GlowIcon.
    Bg = 0,
    /// Outlines: pen 1 (black).
    Ink = 1,
    /// Highlights and paper: pen 2 (white).
    Light = 2,
    /// Blue: pen 3.
    Blue = 3,
    /// Shadow sides: pen 4 (dark grey).
    Dark = 4,
    /// Faces of panels: pen 5 (light grey).
    Face = 5,
    /// Wood, handles: pen 6 (beige).
    Wood = 6,
    /// Accents: pen 7 (pink).
    Pink = 7,
}

/// A picture in materials, `w` × `h` pixels, row-major.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Canvas {
    /// Width in pixels.
    pub w: usize,
    /// Height in pixels.
    pub h: usize,
    /// Row-major materials.
    pub px: Vec<M>,
}

impl Canvas {
    /// A `w` × `h` canvas of background.
    pub fn new(w: usize, h: usize) -> Self {
        Canvas { w, h, px: vec![M::Bg; w * h] }
    }

    /// Sets one pixel; outside the canvas is ignored.
    pub fn set(&mut self, x: i32, y: i32, m: M) {
        if x >= 0 && y >= 0 && (x as usize) < self.w && (y as usize) < self.h {
            self.px[y as usize * self.w + x as usize] = m;
        }
    }

    /// The material at (x, y).
    pub fn get(&self, x: usize, y: usize) -> M {
        self.px[y * self.w + x]
    }

    /// Fills the rectangle with corners (x0, y0) and (x1, y1), inclusive.
    pub fn fill(&mut self, x0: i32, y0: i32, x1: i32, y1: i32, m: M) {
        for y in y0..=y1 {
            for x in x0..=x1 {
                self.set(x, y, m);
            }
        }
    }

    /// A one-pixel rectangle outline.
    pub fn frame(&mut self, x0: i32, y0: i32, x1: i32, y1: i32, m: M) {
        self.line(x0, y0, x1, y0, m);
        self.line(x0, y1, x1, y1, m);
        self.line(x0, y0, x0, y1, m);
        self.line(x1, y0, x1, y1, m);
    }

    /// A raised MagicWB box: `face` inside, white top-left edge, dark
    /// bottom-right edge, black outline.
    pub fn bevel(&mut self, x0: i32, y0: i32, x1: i32, y1: i32, face: M) {
        self.fill(x0, y0, x1, y1, face);
        self.line(x0 + 1, y0 + 1, x1 - 1, y0 + 1, M::Light);
        self.line(x0 + 1, y0 + 1, x0 + 1, y1 - 1, M::Light);
        self.line(x0 + 1, y1 - 1, x1 - 1, y1 - 1, M::Dark);
        self.line(x1 - 1, y0 + 1, x1 - 1, y1 - 1, M::Dark);
        self.frame(x0, y0, x1, y1, M::Ink);
    }

    /// A Bresenham line, both ends included.
    pub fn line(&mut self, x0: i32, y0: i32, x1: i32, y1: i32, m: M) {
        let (dx, dy) = ((x1 - x0).abs(), -(y1 - y0).abs());
        let (sx, sy) = (if x0 < x1 { 1 } else { -1 }, if y0 < y1 { 1 } else { -1 });
        let (mut x, mut y, mut err) = (x0, y0, dx + dy);
        loop {
            self.set(x, y, m);
            if x == x1 && y == y1 {
                break;
            }
            let e2 = 2 * err;
            if e2 >= dy {
                err += dy;
                x += sx;
            }
            if e2 <= dx {
                err += dx;
                y += sy;
            }
        }
    }

    /// A filled disc of radius `r` (pixels) around (cx, cy).
    pub fn disc(&mut self, cx: i32, cy: i32, r: i32, m: M) {
        for y in -r..=r {
            for x in -r..=r {
                if x * x + y * y <= r * r + r / 2 {
                    self.set(cx + x, cy + y, m);
                }
            }
        }
    }

    /// A ring: the pixels of a disc of radius `r` not in the disc of
    /// radius `r - t`.
    pub fn ring(&mut self, cx: i32, cy: i32, r: i32, t: i32, m: M) {
        let ri = r - t;
        for y in -r..=r {
            for x in -r..=r {
                let d = x * x + y * y;
                if d <= r * r + r / 2 && d > ri * ri + ri / 2 {
                    self.set(cx + x, cy + y, m);
                }
            }
        }
    }

    /// The classic image: MagicWB pens.
    pub fn classic(&self) -> Vec<u8> {
        self.px.iter().map(|&m| m as u8).collect()
    }

    /// The GlowIcon image as RGBA: materials shaded by height, background
    /// transparent, a soft shadow 2 pixels down-right of the shape.
    pub fn glow(&self) -> Vec<[u8; 4]> {
        let mut out = vec![[0u8; 4]; self.w * self.h];
        for y in 0..self.h {
            for x in 0..self.w {
                let m = self.get(x, y);
                if m != M::Bg {
                    let base = MAGICWB[m as usize];
                    // Three bands: top lighter, bottom darker (GlowIcon look).
                    let band = (y * 3) / self.h;
                    let c = match (m, band) {
                        (M::Ink, _) => Rgb(24, 24, 40),
                        (_, 0) => base.mix(Rgb(255, 255, 255), 30),
                        (_, 1) => base,
                        _ => base.mix(Rgb(0, 0, 0), 20),
                    };
                    out[y * self.w + x] = [c.0, c.1, c.2, 255];
                } else if x >= 2 && y >= 2 && self.get(x - 2, y - 2) != M::Bg {
                    out[y * self.w + x] = [72, 72, 80, 255];
                }
            }
        }
        out
    }
}

/// The program: a magnifier over a gadget (a button in a window).
pub fn program() -> Canvas {
    let mut c = Canvas::new(46, 40);
    // A window with a title bar and a button.
    c.bevel(1, 3, 37, 33, M::Face);
    c.fill(2, 4, 36, 8, M::Blue);
    c.line(2, 9, 36, 9, M::Ink);
    c.bevel(5, 13, 24, 20, M::Face);
    c.line(8, 16, 20, 16, M::Ink);
    c.line(8, 17, 16, 17, M::Ink);
    c.bevel(5, 23, 14, 29, M::Face);
    c.frame(7, 25, 9, 27, M::Ink);
    c.line(11, 26, 12, 26, M::Ink);
    // The magnifier: a wooden handle to the lower right, then the glass
    // over the button.
    for t in 0..=9 {
        c.disc(32 + t, 28 + t, 3, M::Ink);
    }
    for t in 0..=9 {
        c.disc(32 + t, 28 + t, 2, M::Wood);
    }
    c.line(32, 27, 41, 36, M::Pink);
    c.disc(25, 19, 9, M::Light);
    c.disc(25, 19, 7, M::Blue);
    c.disc(23, 17, 2, M::Light);
    c.ring(25, 19, 9, 2, M::Ink);
    c
}

/// The drawer: a MagicWB-style cabinet with one drawer and a handle.
pub fn drawer() -> Canvas {
    let mut c = Canvas::new(50, 34);
    c.bevel(2, 4, 47, 31, M::Face);
    // The drawer front, slightly raised, with a label and a handle.
    c.bevel(6, 9, 43, 27, M::Wood);
    c.fill(17, 12, 32, 16, M::Light);
    c.frame(17, 12, 32, 16, M::Ink);
    c.line(19, 14, 30, 14, M::Dark);
    c.fill(20, 20, 29, 22, M::Dark);
    c.frame(20, 20, 29, 22, M::Ink);
    // Top edge seen in perspective.
    c.line(4, 2, 45, 2, M::Ink);
    c.line(3, 3, 46, 3, M::Light);
    c
}

/// The Installer script: a floppy disk and an arrow into a hard disk.
pub fn installer() -> Canvas {
    let mut c = Canvas::new(40, 40);
    // Floppy disk.
    c.fill(2, 1, 21, 20, M::Blue);
    c.frame(2, 1, 21, 20, M::Ink);
    c.fill(7, 2, 16, 7, M::Face);
    c.fill(13, 3, 15, 6, M::Blue);
    c.frame(7, 1, 16, 8, M::Ink);
    c.fill(5, 11, 18, 19, M::Light);
    c.frame(5, 11, 18, 19, M::Ink);
    c.line(7, 14, 16, 14, M::Dark);
    c.line(7, 16, 14, 16, M::Dark);
    // Arrow.
    c.fill(25, 8, 29, 20, M::Pink);
    for i in 0..6 {
        c.line(21 + i, 20 + i, 33 - i, 20 + i, M::Pink);
    }
    c.line(25, 8, 29, 8, M::Ink);
    c.line(25, 8, 25, 19, M::Ink);
    c.line(29, 8, 29, 19, M::Ink);
    c.line(20, 20, 25, 20, M::Ink);
    c.line(29, 20, 34, 20, M::Ink);
    c.line(20, 20, 27, 27, M::Ink);
    c.line(34, 20, 27, 27, M::Ink);
    // Hard disk.
    c.bevel(4, 29, 37, 38, M::Face);
    c.fill(28, 33, 31, 34, M::Pink);
    c.line(8, 33, 22, 33, M::Dark);
    c.line(8, 35, 22, 35, M::Dark);
    c
}

/// The AmigaGuide: a blue book with a question mark.
pub fn guide() -> Canvas {
    let mut c = Canvas::new(36, 40);
    // Pages seen at the edge.
    c.fill(7, 4, 33, 36, M::Light);
    c.frame(7, 4, 33, 36, M::Ink);
    for y in (7..35).step_by(3) {
        c.line(31, y, 32, y, M::Face);
    }
    // Cover.
    c.fill(2, 1, 28, 35, M::Blue);
    c.frame(2, 1, 28, 35, M::Ink);
    c.line(5, 2, 5, 34, M::Dark);
    // "?" on the cover.
    c.ring(17, 12, 6, 2, M::Light);
    c.fill(11, 12, 14, 18, M::Blue);
    c.fill(15, 17, 18, 23, M::Light);
    c.fill(15, 26, 18, 29, M::Light);
    c.fill(11, 10, 12, 13, M::Light);
    c
}

/// The quirk-profile document: a sheet with a folded corner and a list of
/// named gadgets.
pub fn profile() -> Canvas {
    let mut c = Canvas::new(36, 40);
    c.fill(3, 1, 26, 38, M::Light);
    for i in 0..8 {
        c.line(26 + i, 1 + i, 26 + i, 38, M::Light);
    }
    c.line(3, 1, 26, 1, M::Ink);
    c.line(3, 1, 3, 38, M::Ink);
    c.line(3, 38, 33, 38, M::Ink);
    c.line(33, 9, 33, 38, M::Ink);
    c.line(26, 1, 33, 8, M::Ink);
    // The folded corner.
    c.fill(26, 2, 26, 8, M::Face);
    for i in 0..7 {
        c.line(26, 2 + i, 26 + i, 8, M::Face);
    }
    c.line(26, 1, 26, 8, M::Ink);
    c.line(26, 8, 33, 8, M::Ink);
    // Rows: a tag (@name) and a value.
    for (k, y) in [12, 18, 24, 30].iter().enumerate() {
        let y = *y;
        let tag = if k % 2 == 0 { M::Pink } else { M::Blue };
        c.fill(7, y, 11, y + 3, tag);
        c.frame(7, y, 11, y + 3, M::Ink);
        c.line(14, y + 1, 29 - (k as i32 * 3) % 7, y + 1, M::Dark);
        c.line(14, y + 2, 24, y + 2, M::Face);
    }
    c
}

/// Every picture: (art file stem, canvas).
pub fn all() -> Vec<(&'static str, Canvas)> {
    vec![
        ("program", program()),
        ("drawer", drawer()),
        ("installer", installer()),
        ("guide", guide()),
        ("profile", profile()),
    ]
}
