//! `SCREENSHOT`: a screen's pixels in the two forms GadgetScope writes,
//! built row by row so that no whole copy of the screen is ever held.
//!
//! - AmiPilot's capture payload (the wire's and ARexx's result), which
//!   AmiPilot's client decodes (`amipilot.screenshot`): a 24-byte
//!   big-endian header (width, height, pixel format 0 = planar, depth,
//!   bytes per row, `ViewPort` modes, colours, the crop box, RGB format 0,
//!   0), the palette as 8-bit R, G, B, then each bitplane whole.
//! - An IFF ILBM picture (`SCREENSHOT … TO=<file>`, GadgetScope's own):
//!   `FORM ILBM` with `BMHD`, `CMAP`, `CAMG` and an uncompressed `BODY`
//!   whose rows hold one line of each plane in turn (EA IFF 85, ILBM).
//!
//! A row arrives as the planes' bytes: copied from a standard bitmap's
//! planes, or made by [`planes_of_row`] from pen numbers read pixel by
//! pixel where the bitmap is not one (graphics.library `ReadPixel()`).
use alloc::vec::Vec;
use amiga_ndk::Rect;

/// What is captured: the screen's size, depth and palette.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CaptureInfo {
    /// `Screen->Width`, pixels.
    pub width: u16,
    /// `Screen->Height`, pixels.
    pub height: u16,
    /// Bitplanes, 1 to 8.
    pub depth: u8,
    /// `ViewPort->Modes` (graphics/view.h: `HIRES`, `LACE`, `HAM`, …).
    pub view_modes: u16,
    /// The colours, 8 bits per gun, `2^depth` of them.
    pub palette: Vec<[u8; 3]>,
    /// The window's box (screen coordinates) for a window capture: the
    /// client crops to it.
    pub crop: Option<Rect>,
}

impl CaptureInfo {
    /// Bytes of one row of one plane: the width rounded up to 16 pixels,
    /// as Amiga bitplanes are laid out.
    pub fn bytes_per_row(&self) -> usize {
        usize::from(self.width).div_ceil(16) * 2
    }

    /// Bytes of all planes.
    pub fn plane_bytes(&self) -> usize {
        self.bytes_per_row() * usize::from(self.height) * usize::from(self.depth)
    }

    /// The AmiPilot payload's header and palette; the planes follow, each
    /// whole ([`Self::payload_len`] bytes in all).
    pub fn payload_head(&self) -> Vec<u8> {
        let crop = self.crop.unwrap_or_default();
        let c = |v: i32| v.clamp(0, i32::from(u16::MAX)) as u16;
        let mut h = Vec::with_capacity(24 + 3 * self.palette.len());
        for w in [self.width, self.height] {
            h.extend_from_slice(&w.to_be_bytes());
        }
        h.push(0);
        h.push(self.depth);
        for w in [
            self.bytes_per_row() as u16,
            self.view_modes,
            self.palette.len() as u16,
            c(crop.left),
            c(crop.top),
            c(crop.width),
            c(crop.height),
            0,
            0,
        ] {
            h.extend_from_slice(&w.to_be_bytes());
        }
        for rgb in &self.palette {
            h.extend_from_slice(rgb);
        }
        h
    }

    /// The whole payload's length, bytes.
    pub fn payload_len(&self) -> usize {
        24 + 3 * self.palette.len() + self.plane_bytes()
    }

    /// The ILBM file up to the `BODY` chunk's data; [`Self::ilbm_len`]
    /// bytes in all once the body rows (each plane's line in turn) follow.
    pub fn ilbm_head(&self) -> Vec<u8> {
        let cmap = 3 * self.palette.len();
        let cmap_pad = cmap % 2;
        let mut f = Vec::with_capacity(64 + cmap);
        f.extend_from_slice(b"FORM");
        f.extend_from_slice(&((self.ilbm_len() - 8) as u32).to_be_bytes());
        f.extend_from_slice(b"ILBM");
        f.extend_from_slice(b"BMHD");
        f.extend_from_slice(&20u32.to_be_bytes());
        f.extend_from_slice(&self.width.to_be_bytes());
        f.extend_from_slice(&self.height.to_be_bytes());
        f.extend_from_slice(&[0, 0, 0, 0]); // x, y
                                            // nPlanes, masking none, compression none, pad, transparent colour 0.
        f.extend_from_slice(&[self.depth, 0, 0, 0, 0, 0]);
        // Aspect 1:1 (xAspect, yAspect) and the page size.
        f.extend_from_slice(&[1, 1]);
        f.extend_from_slice(&self.width.to_be_bytes());
        f.extend_from_slice(&self.height.to_be_bytes());
        f.extend_from_slice(b"CMAP");
        f.extend_from_slice(&(cmap as u32).to_be_bytes());
        for rgb in &self.palette {
            f.extend_from_slice(rgb);
        }
        f.extend(core::iter::repeat_n(0, cmap_pad));
        f.extend_from_slice(b"CAMG");
        f.extend_from_slice(&4u32.to_be_bytes());
        f.extend_from_slice(&u32::from(self.view_modes).to_be_bytes());
        f.extend_from_slice(b"BODY");
        f.extend_from_slice(&(self.plane_bytes() as u32).to_be_bytes());
        f
    }

    /// The ILBM file's length, bytes (the body is an even number of bytes:
    /// rows are whole words).
    pub fn ilbm_len(&self) -> usize {
        let cmap = 3 * self.palette.len();
        12 + (8 + 20) + (8 + cmap + cmap % 2) + (8 + 4) + 8 + self.plane_bytes()
    }
}

/// Where rows come from: `rows(y, line)` fills the empty `line` with row
/// `y` of each plane in turn ([`CaptureInfo::bytes_per_row`] bytes each,
/// plane 0 first), false when the screen is gone.
pub type Rows<'a> = &'a mut dyn FnMut(u32, &mut Vec<u8>) -> bool;

/// Why a capture stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CaptureError {
    /// The screen closed (or changed its bitmap) during the capture.
    ScreenGone,
    /// Writing the file failed: the DOS error code.
    Write(i32),
    /// The heap has no block for the payload (its size in bytes).
    NoMemory(usize),
}

/// The whole AmiPilot payload ([`CaptureInfo::payload_len`] bytes), in
/// one block taken without panicking: [`CaptureError::NoMemory`] when the
/// heap has none that large.
pub fn payload(info: &CaptureInfo, rows: Rows<'_>) -> Result<Vec<u8>, CaptureError> {
    let bpr = info.bytes_per_row();
    let plane = bpr * usize::from(info.height);
    let len = info.payload_len();
    let mut out = Vec::new();
    out.try_reserve_exact(len).map_err(|_| CaptureError::NoMemory(len))?;
    out.extend_from_slice(&info.payload_head());
    let head = out.len();
    out.resize(len, 0);
    let mut line = Vec::with_capacity(bpr * usize::from(info.depth));
    for y in 0..usize::from(info.height) {
        line.clear();
        if !rows(y as u32, &mut line) || line.len() != bpr * usize::from(info.depth) {
            return Err(CaptureError::ScreenGone);
        }
        for (p, bytes) in line.chunks(bpr).enumerate() {
            let at = head + p * plane + y * bpr;
            out[at..at + bpr].copy_from_slice(bytes);
        }
    }
    Ok(out)
}

/// The ILBM file, handed to `write` piece by piece (the header, then one
/// body row at a time: never the whole picture in memory).
pub fn write_ilbm(
    info: &CaptureInfo,
    rows: Rows<'_>,
    write: &mut dyn FnMut(&[u8]) -> Result<(), i32>,
) -> Result<(), CaptureError> {
    write(&info.ilbm_head()).map_err(CaptureError::Write)?;
    let bpr = info.bytes_per_row();
    let mut line = Vec::with_capacity(bpr * usize::from(info.depth));
    for y in 0..u32::from(info.height) {
        line.clear();
        if !rows(y, &mut line) || line.len() != bpr * usize::from(info.depth) {
            return Err(CaptureError::ScreenGone);
        }
        write(&line).map_err(CaptureError::Write)?;
    }
    Ok(())
}

/// One row of chunky pen numbers as the planes' bytes: `depth` runs of
/// `bytes_per_row` bytes, plane 0 (the pens' lowest bit) first; pixels
/// beyond the row's end are 0.
pub fn planes_of_row(pens: &[u8], depth: u8, bytes_per_row: usize, out: &mut Vec<u8>) {
    let start = out.len();
    out.resize(start + usize::from(depth) * bytes_per_row, 0);
    for (x, &pen) in pens.iter().enumerate().take(bytes_per_row * 8) {
        let (byte, bit) = (x / 8, 0x80u8 >> (x % 8));
        for p in 0..usize::from(depth) {
            if pen & (1 << p) != 0 {
                out[start + p * bytes_per_row + byte] |= bit;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;

    fn info() -> CaptureInfo {
        CaptureInfo {
            width: 20,
            height: 2,
            depth: 2,
            view_modes: 0x8004,
            palette: vec![[0xAA, 0xAA, 0xAA], [0, 0, 0], [0xFF, 0xFF, 0xFF], [0x66, 0x88, 0xBB]],
            crop: Some(Rect::new(3, 1, 10, 1)),
        }
    }

    #[test]
    fn rows_of_pens_become_plane_bytes() {
        let mut out = Vec::new();
        // Pens 1, 2, 3 at x = 0, 1, 17; the row is 32 pixels (4 bytes) wide.
        let mut pens = vec![0u8; 20];
        (pens[0], pens[1], pens[17]) = (1, 2, 3);
        planes_of_row(&pens, 2, 4, &mut out);
        assert_eq!(out, [0x80, 0, 0x40, 0, 0x40, 0, 0x40, 0]);
    }

    #[test]
    fn the_payload_header_is_amipilots() {
        let h = info().payload_head();
        assert_eq!(h[..24], [0, 20, 0, 2, 0, 2, 0, 4, 0x80, 0x04, 0, 4, 0, 3, 0, 1, 0, 10, 0, 1, 0, 0, 0, 0]);
        assert_eq!(h.len(), 24 + 12);
        assert_eq!(info().payload_len(), 24 + 12 + 2 * 2 * 4);
    }

    /// A 20x2 picture: pen = (x + y) % 4.
    fn rows() -> impl FnMut(u32, &mut Vec<u8>) -> bool {
        |y, line: &mut Vec<u8>| {
            let pens: Vec<u8> = (0..20).map(|x| ((x + y) % 4) as u8).collect();
            planes_of_row(&pens, 2, 4, line);
            true
        }
    }

    #[test]
    fn the_payload_holds_each_plane_whole() {
        let i = info();
        let p = payload(&i, &mut rows()).unwrap();
        assert_eq!(p.len(), i.payload_len());
        let planes = &p[36..];
        // Plane 0, row 0: pens 0,1,2,3,… → bits 0101…; row 1: 1010….
        assert_eq!(planes[0..4], [0x55, 0x55, 0x50, 0x00]);
        assert_eq!(planes[4..8], [0xAA, 0xAA, 0xA0, 0x00]);
        // Plane 1, row 0: pens 0,1,2,3 → bits 0011….
        assert_eq!(planes[8..12], [0x33, 0x33, 0x30, 0x00]);
        let mut gone = |_: u32, _: &mut Vec<u8>| false;
        assert_eq!(payload(&i, &mut gone), Err(CaptureError::ScreenGone));
        let mut short = |_: u32, l: &mut Vec<u8>| {
            l.push(0);
            true
        };
        assert_eq!(payload(&i, &mut short), Err(CaptureError::ScreenGone));
        assert_eq!(payload(&i, &mut gone), Err(CaptureError::ScreenGone));
    }

    #[test]
    fn the_ilbm_body_interleaves_the_planes_row_by_row() {
        let i = info();
        let mut file = Vec::new();
        write_ilbm(&i, &mut rows(), &mut |b: &[u8]| {
            file.extend_from_slice(b);
            Ok(())
        })
        .unwrap();
        assert_eq!(file.len(), i.ilbm_len());
        let body = &file[file.len() - i.plane_bytes()..];
        assert_eq!(body[..8], [0x55, 0x55, 0x50, 0x00, 0x33, 0x33, 0x30, 0x00]);
        let mut full = |_: &[u8]| Err(221);
        assert_eq!(write_ilbm(&i, &mut rows(), &mut full), Err(CaptureError::Write(221)));
    }

    #[test]
    fn the_ilbm_chunks_add_up() {
        let i = info();
        let head = i.ilbm_head();
        assert_eq!(&head[..4], b"FORM");
        assert_eq!(u32::from_be_bytes(head[4..8].try_into().unwrap()) as usize, i.ilbm_len() - 8);
        assert_eq!(&head[8..16], b"ILBMBMHD");
        assert_eq!(head.len() + i.plane_bytes(), i.ilbm_len());
        let body = head.len() - 8;
        assert_eq!(&head[body..body + 4], b"BODY");
        // An odd CMAP (one colour) is padded to a word.
        let one = CaptureInfo { depth: 1, palette: vec![[1, 2, 3], [4, 5, 6]], ..info() };
        assert_eq!(one.ilbm_head().len() % 2, 0);
        let odd = CaptureInfo { palette: vec![[1, 2, 3]], ..info() };
        assert_eq!(odd.ilbm_head().len() % 2, 0);
    }
}
