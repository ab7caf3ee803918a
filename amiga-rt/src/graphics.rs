//! graphics.library: the few drawing calls the program makes itself,
//! and text in fonts of one's own (the text fixture): a window's
//! [`RastPort`], fonts opened by name ([`OpenedFont`]) and fonts added to
//! the system's list from a loaded font file ([`PublicFont`]).
use crate::be::Be16;
use crate::dos::Segment;
use crate::intuition::Window;
use crate::library::{Library, LibraryError};
use crate::{mem, sys};
use alloc::vec::Vec;
use core::ffi::CStr;

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

    /// The RastPort of an open window (`Window->RPort`), to draw into
    /// while the window is borrowed. Coordinates are the window's:
    /// pixels from its top-left corner, borders included.
    pub fn rast_port<'w>(&'w self, window: &'w Window<'_>) -> RastPort<'w> {
        RastPort { graphics: self, rp: window.rast_port() }
    }

    /// `OpenFont(&textAttr)` with `ta_Name` `name` (e.g. `c"topaz.font"`),
    /// `ta_YSize` `ysize`, `ta_Style` `style`, `ta_Flags` `flags`: a font
    /// already in the system's list (ROM fonts, fonts added with
    /// [`Graphics::add_font`]; graphics takes the best match by its rules);
    /// closed on drop. `None` when graphics has none to give.
    pub fn open_font(&self, name: &CStr, ysize: u16, style: u8, flags: u8) -> Option<OpenedFont<'_>> {
        use amiga_ndk::graphics::*;
        // Longword aligned: a 68000 reads ta_Name and ta_YSize as a
        // long and a word, which it cannot at an odd address.
        #[repr(C, align(4))]
        struct Ta([u8; ta_SIZEOF]);
        let mut ta = Ta([0u8; ta_SIZEOF]);
        ta.0[ta_Name..ta_Name + 4].copy_from_slice(&mem::abs(name.as_ptr()).to_be_bytes());
        ta.0[ta_YSize..ta_YSize + 2].copy_from_slice(&ysize.to_be_bytes());
        ta.0[ta_Style] = style;
        ta.0[ta_Flags] = flags;
        // SAFETY: ta is a struct TextAttr in linear memory whose name is
        // NUL-terminated; OpenFont reads both during the call only.
        let font = unsafe { sys::graphics_OpenFont(self.0.base(), ta.0.as_ptr()) };
        (font != 0).then_some(OpenedFont { graphics: self, font })
    }

    /// `AddFont(text_font)`: puts the `struct TextFont` at `text_font`,
    /// which lies in the first hunk of the loaded font file `segment`
    /// (checked: else `Err` gives the segment back), into the system's
    /// font list, where `OpenFont()` finds it by its `ln_Name` and
    /// `tf_YSize`. What diskfont.library does after loading a font file.
    /// The returned owner keeps the segment and takes the font out again
    /// on drop (see [`PublicFont`]).
    pub fn add_font<'d>(&self, segment: Segment<'d>, text_font: u32) -> Result<PublicFont<'_, 'd>, Segment<'d>> {
        let (start, len) = segment.first_hunk();
        let inside = text_font >= start
            && (text_font - start) as usize + amiga_ndk::graphics::tf_SIZEOF <= len
            && text_font.is_multiple_of(2);
        if !inside {
            return Err(segment);
        }
        // SAFETY: text_font is a TextFont inside the loaded hunk, which
        // the returned owner keeps loaded while the font is in the list.
        unsafe { sys::graphics_AddFont(self.0.base(), text_font) };
        Ok(PublicFont { graphics: self, segment: Some(segment), font: text_font })
    }
}

/// A `struct TextExtent` (graphics/text.h): what `TextExtent()` says a
/// string covers, pixels.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TextExtent {
    /// `te_Width`: `TextLength()`, the pen's advance.
    pub width: u16,
    /// `te_Height`: the font's height.
    pub height: u16,
    /// `te_Extent`: the pixels covered, relative to the pen position
    /// (x right, y down; `min_y` is minus the baseline), inclusive.
    pub min_x: i16,
    pub min_y: i16,
    pub max_x: i16,
    pub max_y: i16,
}

/// An open window's RastPort, borrowed for drawing (see
/// [`Graphics::rast_port`]).
pub struct RastPort<'w> {
    graphics: &'w Graphics,
    rp: u32,
}

impl RastPort<'_> {
    /// The `struct RastPort *`.
    pub fn addr(&self) -> u32 {
        self.rp
    }

    /// `SetAPen()`: the foreground pen.
    pub fn set_a_pen(&self, pen: u8) {
        // SAFETY: the RastPort of an open window (borrowed).
        unsafe { sys::graphics_SetAPen(self.graphics.0.base(), self.rp, u32::from(pen)) }
    }

    /// `SetBPen()`: the background pen (JAM2 text's box).
    pub fn set_b_pen(&self, pen: u8) {
        // SAFETY: as set_a_pen.
        unsafe { sys::graphics_SetBPen(self.graphics.0.base(), self.rp, u32::from(pen)) }
    }

    /// `SetDrMd()`: `JAM1` or `JAM2` (amiga_ndk::graphics).
    pub fn set_draw_mode(&self, mode: u8) {
        // SAFETY: as set_a_pen.
        unsafe { sys::graphics_SetDrMd(self.graphics.0.base(), self.rp, u32::from(mode)) }
    }

    /// `Move()`: the pen to (`x`, `y`); for text `y` is the baseline.
    pub fn move_to(&self, x: i32, y: i32) {
        // SAFETY: as set_a_pen.
        unsafe { sys::graphics_Move(self.graphics.0.base(), self.rp, x, y) }
    }

    /// `Text()`: `text` (Latin-1) at the pen position in the current font,
    /// pens, draw mode and soft style; the pen moves on by its length.
    pub fn text(&self, text: &[u8]) {
        // SAFETY: text is in linear memory for the call; count is its length.
        unsafe { sys::graphics_Text(self.graphics.0.base(), self.rp, text.as_ptr(), text.len() as u32) }
    }

    /// `TextExtent()`: what `text` would cover, in the current font and
    /// soft style.
    pub fn text_extent(&self, text: &[u8]) -> TextExtent {
        // Word aligned: graphics writes words (a 68000 cannot at an odd address).
        #[repr(C, align(2))]
        struct Te([Be16; 6]);
        let mut te = Te([Be16::new(0); 6]);
        // SAFETY: te is 12 writable bytes (a struct TextExtent), 2-byte
        // aligned; text is in linear memory for the call.
        unsafe {
            sys::graphics_TextExtent(
                self.graphics.0.base(),
                self.rp,
                text.as_ptr(),
                text.len() as u32,
                &mut te as *mut Te as *mut u8,
            )
        };
        let w = |i: usize| te.0[i].get();
        TextExtent {
            width: w(0),
            height: w(1),
            min_x: w(2) as i16,
            min_y: w(3) as i16,
            max_x: w(4) as i16,
            max_y: w(5) as i16,
        }
    }

    /// `RectFill()` in the foreground pen, corners inclusive.
    pub fn rect_fill(&self, x_min: i32, y_min: i32, x_max: i32, y_max: i32) {
        // SAFETY: as set_a_pen.
        unsafe { sys::graphics_RectFill(self.graphics.0.base(), self.rp, x_min, y_min, x_max, y_max) }
    }

    /// `SetSoftStyle(style, enable)` for every style bit (graphics masks
    /// `enable` with what `AskSoftStyle()` allows itself): `FSF_BOLD`,
    /// `FSF_UNDERLINED`, `FSF_ITALIC` or `FS_NORMAL`; returns the style
    /// now in effect, the font's own `tf_Style` included.
    pub fn set_soft_style(&self, style: u8) -> u8 {
        use amiga_ndk::graphics::{FSF_BOLD, FSF_EXTENDED, FSF_ITALIC, FSF_UNDERLINED};
        let enable = u32::from(FSF_UNDERLINED | FSF_BOLD | FSF_ITALIC | FSF_EXTENDED);
        // SAFETY: as set_a_pen.
        unsafe { sys::graphics_SetSoftStyle(self.graphics.0.base(), self.rp, u32::from(style), enable) as u8 }
    }

    /// Draws with `font` inside `f`: `SetFont(rp, font)`, then `f`, then
    /// the RastPort's font before (so no window keeps a font that may be
    /// closed before it).
    pub fn with_font<R>(&self, font: &OpenedFont<'_>, f: impl FnOnce(&Self) -> R) -> R {
        let base = self.graphics.0.base();
        let before = mem::peek32(self.rp + amiga_ndk::graphics::rp_Font as u32);
        // SAFETY: font is open while borrowed here; `before` is the font
        // the RastPort had, which its owner keeps open.
        unsafe { sys::graphics_SetFont(base, self.rp, font.font) };
        let r = f(self);
        if before != 0 {
            // SAFETY: as above.
            unsafe { sys::graphics_SetFont(base, self.rp, before) };
        }
        r
    }
}

/// A font from `OpenFont()` ([`Graphics::open_font`]); `CloseFont()` on drop.
pub struct OpenedFont<'g> {
    graphics: &'g Graphics,
    font: u32,
}

impl OpenedFont<'_> {
    /// The `struct TextFont *`.
    pub fn addr(&self) -> u32 {
        self.font
    }

    /// Its name (`ln_Name`, e.g. `topaz.font`).
    pub fn name(&self) -> Vec<u8> {
        let at = mem::peek32(self.font + (amiga_ndk::graphics::tf_Message + amiga_ndk::exec::ln_Name) as u32);
        mem::c_string(at, 255).unwrap_or_default()
    }

    /// `tf_YSize`, pixels.
    pub fn ysize(&self) -> u16 {
        mem::peek16(self.font + amiga_ndk::graphics::tf_YSize as u32)
    }

    /// `tf_Baseline`, pixels.
    pub fn baseline(&self) -> u16 {
        mem::peek16(self.font + amiga_ndk::graphics::tf_Baseline as u32)
    }
}

impl Drop for OpenedFont<'_> {
    fn drop(&mut self) {
        // SAFETY: from OpenFont, closed once.
        unsafe { sys::graphics_CloseFont(self.graphics.0.base(), self.font) }
    }
}

/// A font added to the system's list from a loaded font file
/// ([`Graphics::add_font`]), which it keeps loaded. On drop, under
/// `Forbid()`: when nobody has it open (`tf_Accessors` 0) `RemFont()`
/// takes it out and the file is unloaded; otherwise it stays in the list
/// and the file stays loaded for good (as diskfont.library keeps a font
/// in use), since freeing it would pull it from under its users.
pub struct PublicFont<'g, 'd> {
    graphics: &'g Graphics,
    segment: Option<Segment<'d>>,
    font: u32,
}

impl PublicFont<'_, '_> {
    /// The `struct TextFont *`.
    pub fn addr(&self) -> u32 {
        self.font
    }

    /// `tf_Accessors`: how many `OpenFont()`s hold it now.
    pub fn accessors(&self) -> u16 {
        mem::peek16(self.font + amiga_ndk::graphics::tf_Accessors as u32)
    }
}

impl Drop for PublicFont<'_, '_> {
    fn drop(&mut self) {
        let (base, font) = (self.graphics.0.base(), self.font);
        let removed = crate::exec::forbidden(|| {
            if mem::peek16(font + amiga_ndk::graphics::tf_Accessors as u32) != 0 {
                return false;
            }
            // SAFETY: added by add_font and not opened by anyone; no task
            // can open it between the check and the removal (Forbid).
            // RemFont does nothing but strip it when graphics took it out
            // already (AROS does at the last CloseFont).
            unsafe { sys::graphics_RemFont(base, font) };
            true
        });
        let segment = self.segment.take();
        if !removed {
            core::mem::forget(segment);
        }
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

/// What [`WindowReader`] reads: a window's box on its screen (clipped to
/// the screen) and what covers it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WindowFacts {
    /// Where the box starts inside the window, pixels (not 0 only when the
    /// window reaches past the screen's left or top edge).
    pub offset: (i32, i32),
    /// The box's width and height, pixels.
    pub size: (usize, usize),
    /// Planes, 1 to 8.
    pub depth: usize,
    /// Bytes of one row of one plane as [`WindowReader::rows`] gives it.
    pub bytes_per_row: usize,
    /// The bit of each row's first byte that holds the box's first pixel.
    pub first_bit: usize,
    /// Boxes of the layers in front of the window (other windows, menus),
    /// relative to the box and clipped to it.
    pub covered: Vec<amiga_ndk::Rect>,
    /// `rp_Font` of the window's RastPort and of its screen's: the fonts
    /// the window most likely draws with (addresses, 0 for none).
    pub fonts: [u32; 2],
}

/// A window's pixels read from its screen's bitmap band by band (`SHOWN`,
/// the text reader's input), holding no copy of them: each band under
/// `Forbid()` after checking that the window is still open on a screen
/// with the same bitmap; a standard planar bitmap from its planes, any
/// other with `ReadPixel()`.
pub struct WindowReader {
    graphics: Graphics,
    ibase: u32,
    window: u32,
    screen: u32,
    bitmap: u32,
    /// The box's top-left corner on the screen, pixels.
    at: (u32, u32),
    planes: Option<([u32; 8], u32)>,
    /// What is read.
    pub facts: WindowFacts,
}

/// Why a window's pixels could not be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PixelsError {
    /// The window closed (or its screen changed its bitmap) meanwhile.
    Gone,
    /// The screen is deeper than 8 bits: no pens.
    Deep,
}

/// Most layers in front of a window that are looked at (a longer chain
/// is a broken list).
const FRONT_LAYERS_MAX: usize = 256;

/// Rows copied under one `Forbid()`.
const ROWS_PER_HOLD: usize = 16;

/// The screen of `window` if the window is in IntuitionBase's lists now
/// (call under Forbid).
fn window_screen(ibase: u32, window: u32) -> Option<u32> {
    use amiga_ndk::intuition::*;
    let mut s = mem::peek32(ibase + ib_FirstScreen as u32);
    for _ in 0..256 {
        if s == 0 {
            return None;
        }
        let mut w = mem::peek32(s + sc_FirstWindow as u32);
        for _ in 0..1024 {
            if w == 0 {
                break;
            }
            if w == window {
                return Some(s);
            }
            w = mem::peek32(w + wd_NextWindow as u32);
        }
        s = mem::peek32(s + sc_NextScreen as u32);
    }
    None
}

/// A `struct TextFont` copied out of graphics' font list: its fields as
/// the structure holds them and its tables as they are, for the text
/// reader to decode.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FontCopy {
    /// Where the font was (to know the window's own fonts by).
    pub address: u32,
    /// `ln_Name` of `tf_Message`, e.g. `topaz.font`.
    pub name: Vec<u8>,
    /// The structure's `tf_SIZEOF` bytes.
    pub header: Vec<u8>,
    /// `tf_CharData`: `tf_YSize` rows of `tf_Modulo` bytes; empty when the
    /// font is taller than `max_ysize` or a table could not be read.
    pub char_data: Vec<u8>,
    /// `tf_CharLoc`: two UWORDs per glyph.
    pub char_loc: Vec<u8>,
    /// `tf_CharSpace`, a WORD per glyph, when the font has it.
    pub char_space: Option<Vec<u8>>,
    /// `tf_CharKern`, a WORD per glyph, when the font has it.
    pub char_kern: Option<Vec<u8>>,
}

impl Graphics {
    /// Every font in `GfxBase->TextFonts` (at most `max`), copied under
    /// one `Forbid()` so that none is closed and freed while it is read.
    /// A font taller than `max_ysize` rows keeps only its header.
    pub fn fonts(&self, max: usize, max_ysize: u16) -> Vec<FontCopy> {
        use amiga_ndk::exec::{lh_Head, ln_Name, ln_Succ};
        use amiga_ndk::graphics::*;
        let base = self.0.base();
        crate::exec::forbidden(|| {
            let mut out = Vec::new();
            let mut node = mem::peek32(base + (gb_TextFonts + lh_Head) as u32);
            while out.len() < max {
                let next = mem::peek32(node + ln_Succ as u32);
                if node == 0 || next == 0 {
                    break;
                }
                out.push(copy_font(node, mem::peek32(node + ln_Name as u32), max_ysize));
                node = next;
            }
            out
        })
    }

    /// Starts reading `window` (a `struct Window *` found in the lists
    /// of IntuitionBase `ibase` just now): its box on the screen and the
    /// layers in front of it, under `Forbid()`.
    pub fn read_window(self, ibase: u32, window: u32) -> Result<WindowReader, PixelsError> {
        use amiga_ndk::graphics::*;
        use amiga_ndk::intuition::*;
        use amiga_ndk::Rect;
        let base = self.0.base();
        let found = crate::exec::forbidden(|| {
            let screen = window_screen(ibase, window).ok_or(PixelsError::Gone)?;
            let rp = screen + sc_RastPort as u32;
            let bitmap = mem::peek32(rp + rp_BitMap as u32);
            let depth = if bitmap == 0 { 0 } else { mem::peek8(bitmap + bm_Depth as u32) };
            if depth == 0 || depth > 8 {
                return Err(PixelsError::Deep);
            }
            let (sw, sh) = (mem::peek16(screen + sc_Width as u32), mem::peek16(screen + sc_Height as u32));
            let at = |o: usize| i32::from(mem::peek16(window + o as u32) as i16);
            let origin = (at(wd_LeftEdge), at(wd_TopEdge));
            let whole = Rect::new(origin.0, origin.1, at(wd_Width), at(wd_Height));
            let boxed = whole.clip(i32::from(sw), i32::from(sh)).ok_or(PixelsError::Gone)?;
            let mut covered = Vec::new();
            let layer = mem::peek32(window + wd_WLayer as u32);
            let mut front = if layer == 0 { 0 } else { mem::peek32(layer + lr_front as u32) };
            for _ in 0..FRONT_LAYERS_MAX {
                if front == 0 {
                    break;
                }
                let b = |i: u32| i32::from(mem::peek16(front + lr_bounds as u32 + 2 * i) as i16);
                let r = Rect::new(b(0), b(1), b(2) - b(0) + 1, b(3) - b(1) + 1);
                if r.overlaps(&boxed) {
                    covered.extend(r.offset(-boxed.left, -boxed.top).clip(boxed.width, boxed.height));
                }
                front = mem::peek32(front + lr_front as u32);
            }
            // SAFETY: the bitmap belongs to the open screen.
            let flags = unsafe { sys::graphics_GetBitMapAttr(base, bitmap, BMA_FLAGS) };
            let planes = (flags & BMF_STANDARD != 0).then(|| {
                let modulo = u32::from(mem::peek16(bitmap + bm_BytesPerRow as u32));
                ([0u32, 1, 2, 3, 4, 5, 6, 7].map(|i| mem::peek32(bitmap + bm_Planes as u32 + 4 * i)), modulo)
            });
            let wrp = mem::peek32(window + wd_RPort as u32);
            let fonts =
                [if wrp == 0 { 0 } else { mem::peek32(wrp + rp_Font as u32) }, mem::peek32(rp + rp_Font as u32)];
            let first_bit = (boxed.left % 8) as usize;
            let facts = WindowFacts {
                offset: (boxed.left - origin.0, boxed.top - origin.1),
                size: (boxed.width as usize, boxed.height as usize),
                depth: usize::from(depth),
                bytes_per_row: (first_bit + boxed.width as usize).div_ceil(8),
                first_bit,
                covered,
                fonts,
            };
            Ok((screen, bitmap, (boxed.left as u32, boxed.top as u32), planes, facts))
        })?;
        let (screen, bitmap, at, planes, facts) = found;
        Ok(WindowReader { graphics: self, ibase, window, screen, bitmap, at, planes, facts })
    }
}

impl WindowReader {
    /// Rows `y..y + n` of the box, each plane's: plane `p`'s row `r` at
    /// `(p * n + r) * bytes_per_row` of `buf`, which must hold them all
    /// (and be zeroed: `ReadPixel()` reading only sets bits). False when
    /// the window closed or its screen changed its bitmap, or a pixel
    /// could not be read.
    pub fn rows(&mut self, y: usize, n: usize, buf: &mut [u8]) -> bool {
        use amiga_ndk::graphics::rp_BitMap;
        use amiga_ndk::intuition::sc_RastPort;
        let WindowFacts { bytes_per_row: bpr, depth, first_bit, size, .. } = self.facts;
        if buf.len() < depth * n * bpr || y + n > size.1 {
            return false;
        }
        let base = self.graphics.0.base();
        let me = &*self;
        let mut y0 = 0;
        while y0 < n {
            let band = ROWS_PER_HOLD.min(n - y0);
            let ok = crate::exec::forbidden(|| {
                let rp = me.screen + sc_RastPort as u32;
                if window_screen(me.ibase, me.window) != Some(me.screen)
                    || mem::peek32(rp + rp_BitMap as u32) != me.bitmap
                {
                    return false;
                }
                for r in y0..y0 + band {
                    let sy = me.at.1 + (y + r) as u32;
                    match me.planes {
                        Some((addrs, modulo)) => {
                            for (p, addr) in addrs.iter().take(depth).enumerate() {
                                let o = (p * n + r) * bpr;
                                if !mem::copy_into(addr + sy * modulo + me.at.0 / 8, &mut buf[o..o + bpr]) {
                                    return false;
                                }
                            }
                        }
                        None => {
                            for x in 0..size.0 {
                                // SAFETY: the screen is open and cannot close under Forbid.
                                let pen = unsafe { sys::graphics_ReadPixel(base, rp, me.at.0 + x as u32, sy) };
                                let Ok(pen) = u8::try_from(pen) else { return false };
                                let bit = first_bit + x;
                                for p in 0..depth {
                                    if pen >> p & 1 != 0 {
                                        buf[(p * n + r) * bpr + bit / 8] |= 0x80 >> (bit % 8);
                                    }
                                }
                            }
                        }
                    }
                }
                true
            });
            if !ok {
                return false;
            }
            y0 += band;
        }
        true
    }

    /// The system's fonts ([`Graphics::fonts`]).
    pub fn fonts(&self, max: usize, max_ysize: u16) -> Vec<FontCopy> {
        self.graphics.fonts(max, max_ysize)
    }
}

/// One font of the list (call under Forbid).
fn copy_font(font: u32, name: u32, max_ysize: u16) -> FontCopy {
    use amiga_ndk::be::{be_u16, be_u32};
    use amiga_ndk::graphics::*;
    let mut header = alloc::vec![0u8; tf_SIZEOF];
    let mut copy = FontCopy { address: font, name: mem::c_string(name, 255).unwrap_or_default(), ..Default::default() };
    if !mem::copy_into(font, &mut header) {
        return copy;
    }
    let (lo, hi) = (header[tf_LoChar], header[tf_HiChar]);
    let ysize = be_u16(&header, tf_YSize);
    let glyphs = usize::from(hi.saturating_sub(lo)) + 2;
    let table = |at: usize, bytes: usize| {
        let addr = be_u32(&header, at);
        let mut v = alloc::vec![0u8; bytes];
        (addr != 0 && mem::copy_into(addr, &mut v)).then_some(v)
    };
    if hi >= lo && ysize <= max_ysize {
        let data = usize::from(be_u16(&header, tf_Modulo)) * usize::from(ysize);
        if let (Some(d), Some(l)) = (table(tf_CharData, data), table(tf_CharLoc, 4 * glyphs)) {
            copy.char_data = d;
            copy.char_loc = l;
            copy.char_space = table(tf_CharSpace, 2 * glyphs);
            copy.char_kern = table(tf_CharKern, 2 * glyphs);
        }
    }
    copy.header = header;
    copy
}
