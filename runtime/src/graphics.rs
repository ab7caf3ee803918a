//! graphics.library: the few drawing calls the program makes itself.
use crate::intuition::Window;
use crate::library::{Library, LibraryError};
use crate::{mem, sys};
use alloc::vec::Vec;

/// graphics.library, open while this lives.
pub struct Graphics(Library);

impl Graphics {
    /// `OpenLibrary("graphics.library", version)`.
    pub fn open(version: u32) -> Result<Graphics, LibraryError> {
        Library::open("graphics.library", version).map(Graphics)
    }

    /// `SetRast(window->RPort, pen)`: fills the whole window, borders
    /// included, with `pen` (graphics autodoc).
    pub fn set_rast(&self, window: &Window<'_>, pen: u32) {
        // SAFETY: the RastPort belongs to an open window borrowed for the call.
        unsafe { sys::graphics_SetRast(self.0.base(), window.rast_port(), pen) };
    }
}

/// A screen read row by row (`SCREENSHOT`): the screen's colours and
/// depth, and its pixels as pen numbers. A standard planar bitmap
/// (`GetBitMapAttr(BMA_FLAGS)` has `BMF_STANDARD`: the OS 3.x chipset) is
/// read from its planes directly; any other (RTG boards, the AROS ROM's
/// chipset driver) with `ReadPixel()`, pixel by pixel. Each row is read
/// with other tasks stopped (`Forbid()`), after checking that the screen is
/// still in Intuition's list with the same bitmap, so a screen that closes
/// meanwhile ends the capture instead of being read after it is freed.
pub struct ScreenReader<'g> {
    graphics: &'g Graphics,
    ibase: u32,
    screen: u32,
    bitmap: u32,
    width: u32,
    /// Plane addresses and the row modulo of a standard bitmap.
    planes: Option<([u32; 8], u32)>,
}

/// A screen's facts for a capture.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScreenFacts {
    /// `Screen->Width`, `Screen->Height`, pixels.
    pub size: (u16, u16),
    /// The bitmap's depth, bits per pixel (1 to 8 for pens).
    pub depth: u8,
    /// `ViewPort->Modes`.
    pub view_modes: u16,
    /// `GetRGB32()` of the first `2^depth` colours, the top 8 bits of each gun.
    pub palette: Vec<[u8; 3]>,
}

impl Graphics {
    /// Starts reading `screen` (a `struct Screen *` found in the list of
    /// IntuitionBase `ibase` just now): `None` when it is no longer open or
    /// its depth is above 8 (no pens to read).
    pub fn read_screen(&self, ibase: u32, screen: u32) -> Option<(ScreenReader<'_>, ScreenFacts)> {
        use amiga_ndk::graphics::*;
        use amiga_ndk::intuition::*;
        let base = self.0.base();
        crate::exec::forbidden(|| {
            if !screen_listed(ibase, screen) {
                return None;
            }
            let rp = screen + sc_RastPort as u32;
            let bitmap = mem::peek32(rp + rp_BitMap as u32);
            if bitmap == 0 {
                return None;
            }
            let depth = mem::peek8(bitmap + bm_Depth as u32);
            if depth == 0 || depth > 8 {
                return None;
            }
            let vp = screen + sc_ViewPort as u32;
            let width = mem::peek16(screen + sc_Width as u32);
            let height = mem::peek16(screen + sc_Height as u32);
            let modes = mem::peek16(vp + vp_Modes as u32);
            let cm = mem::peek32(vp + vp_ColorMap as u32);
            let n = 1u32 << depth;
            let mut table = alloc::vec![0u32; 3 * n as usize];
            if cm != 0 {
                // SAFETY: the screen (and its ColorMap) cannot close under
                // Forbid; table holds 3 longwords per colour.
                unsafe { sys::graphics_GetRGB32(base, cm, 0, n, table.as_mut_ptr() as *mut u8) };
            }
            // Each gun is a big-endian longword, the colour in its top byte.
            let top = |w: u32| w.to_ne_bytes()[0];
            let palette = table.chunks(3).map(|c| [top(c[0]), top(c[1]), top(c[2])]).collect();
            // SAFETY: the bitmap belongs to the open screen.
            let flags = unsafe { sys::graphics_GetBitMapAttr(base, bitmap, BMA_FLAGS) };
            let planes = (flags & BMF_STANDARD != 0).then(|| {
                let modulo = u32::from(mem::peek16(bitmap + bm_BytesPerRow as u32));
                ([0u32, 1, 2, 3, 4, 5, 6, 7].map(|i| mem::peek32(bitmap + bm_Planes as u32 + 4 * i)), modulo)
            });
            let reader = ScreenReader { graphics: self, ibase, screen, bitmap, width: u32::from(width), planes };
            Some((reader, ScreenFacts { size: (width, height), depth, view_modes: modes, palette }))
        })
    }
}

/// Whether `screen` is in IntuitionBase's screen list (call under Forbid).
fn screen_listed(ibase: u32, screen: u32) -> bool {
    use amiga_ndk::intuition::*;
    let mut s = mem::peek32(ibase + ib_FirstScreen as u32);
    for _ in 0..256 {
        if s == 0 {
            return false;
        }
        if s == screen {
            return true;
        }
        s = mem::peek32(s + sc_NextScreen as u32);
    }
    false
}

/// What a row read gives.
pub enum Row<'p> {
    /// Each plane's bytes of the row, `(width + 15) / 16 * 2` each, plane 0
    /// first, one after the other.
    Planes(&'p [u8]),
    /// One pen number per pixel.
    Pens(&'p [u8]),
}

impl ScreenReader<'_> {
    /// Row `y` of the screen into `buf` (room for the width rounded up to 16
    /// pixels, one byte each); `None` when the screen closed or its bitmap
    /// changed, or a pixel could not be read.
    pub fn row<'p>(&mut self, y: u32, depth: u8, buf: &'p mut [u8]) -> Option<Row<'p>> {
        use amiga_ndk::graphics::*;
        use amiga_ndk::intuition::*;
        let bpr = (self.width.div_ceil(16) * 2) as usize;
        if buf.len() < bpr * 8 {
            return None;
        }
        let (g, ibase, screen, bitmap, width, planes) =
            (self.graphics, self.ibase, self.screen, self.bitmap, self.width, self.planes);
        crate::exec::forbidden(|| {
            let rp = screen + sc_RastPort as u32;
            if !screen_listed(ibase, screen) || mem::peek32(rp + rp_BitMap as u32) != bitmap {
                return None;
            }
            match planes {
                Some((addrs, modulo)) => {
                    for (p, addr) in addrs.iter().take(usize::from(depth)).enumerate() {
                        if !mem::copy_into(addr + y * modulo, &mut buf[p * bpr..(p + 1) * bpr]) {
                            return None;
                        }
                    }
                    Some(Row::Planes(&buf[..bpr * usize::from(depth)]))
                }
                None => {
                    for (x, p) in buf.iter_mut().enumerate().take(width as usize) {
                        // SAFETY: the screen is open and cannot close under Forbid.
                        match unsafe { sys::graphics_ReadPixel(g.0.base(), rp, x as u32, y) } {
                            v @ 0..=255 => *p = v as u8,
                            _ => return None,
                        }
                    }
                    Some(Row::Pens(&buf[..width as usize]))
                }
            }
        })
    }
}
