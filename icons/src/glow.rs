//! The OS 3.5 GlowIcon (`FORM ICON`) appended to a classic `.info`.
//!
//! ```text
//! "FORM" ULONG size "ICON"
//!   "FACE" ULONG 6   UBYTE width-1, UBYTE height-1, UBYTE flags, UBYTE aspect,
//!                    UWORD max palette bytes - 1
//!   "IMAG" ULONG n   UBYTE transparent colour, UBYTE colours-1, UBYTE flags,
//!                    UBYTE image format, UBYTE palette format, UBYTE depth,
//!                    UWORD image bytes - 1, UWORD palette bytes - 1,
//!                    image data, palette data (RGB triples)  [pad]
//! ```
//!
//! Facts and sources (checked, no code taken): the chunk structures
//! `FileFaceChunk` / `FileImageChunk`, the "minus one" sizes, the flags
//! `IMAGE35F_HASTRANSPARENTCOLOR` (1) and `IMAGE35F_HASPALETTE` (2), format
//! 0 = uncompressed, 1 = RLE: AROS icon.library
//! `workbench/libs/icon/diskobj35io.c` (based on Dirk Stöcker's ModifyIcon).
//! The RLE scheme from the same file's decoder: a bit stream, most
//! significant bit first, of 8-bit control bytes and `depth`-bit pixel
//! values with no byte alignment in between; control 0..127 = copy the
//! next n+1 values, 129..255 = repeat the next value 257-n times, 128 =
//! no operation; the last byte is padded with zero bits. FACE flag 1 is
//! `ICON35F_FRAMELESS` (no frame drawn around the image). IFF chunk
//! padding as in EA IFF 85.
//!
//! Here: one IMAG (OS 3.5+ derives the selected look), image RLE-compressed,
//! palette uncompressed, pen 0 transparent.
use crate::palette::Rgb;

/// `IMAGE35F_HASTRANSPARENTCOLOR`.
pub const IMAGE35F_HASTRANSPARENTCOLOR: u8 = 1;
/// `IMAGE35F_HASPALETTE`.
pub const IMAGE35F_HASPALETTE: u8 = 2;
/// `ICON35F_FRAMELESS` (FACE flags).
pub const ICON35F_FRAMELESS: u8 = 1;
/// FACE aspect byte: x in the high nibble, y in the low nibble; 1:1.
pub const ASPECT_1_1: u8 = 0x11;

/// A palette-mapped GlowIcon image.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GlowImage {
    /// Width in pixels (1..=256).
    pub width: u16,
    /// Height in pixels (1..=256).
    pub height: u16,
    /// Colours (1..=256).
    pub palette: Vec<Rgb>,
    /// Palette index per pixel, row-major.
    pub pixels: Vec<u8>,
    /// The transparent palette index, if any.
    pub transparent: Option<u8>,
}

impl GlowImage {
    /// Bits per pixel for the palette: the smallest depth that holds every
    /// index (at least 1).
    pub fn depth(&self) -> u8 {
        let mut d = 1;
        while (1usize << d) < self.palette.len() {
            d += 1;
        }
        d
    }
}

/// An MSB-first bit writer.
struct Bits {
    out: Vec<u8>,
    acc: u32,
    n: u32,
}

impl Bits {
    fn put(&mut self, v: u32, bits: u32) {
        self.acc = (self.acc << bits) | (v & ((1 << bits) - 1));
        self.n += bits;
        while self.n >= 8 {
            self.n -= 8;
            self.out.push((self.acc >> self.n) as u8);
        }
    }
    fn finish(mut self) -> Vec<u8> {
        if self.n > 0 {
            self.out.push((self.acc << (8 - self.n)) as u8);
        }
        self.out
    }
}

/// RLE-encodes `values` of `depth` bits each (see the module doc). Runs
/// of 3 or more become repeat blocks; everything else literal blocks.
pub fn rle_encode(values: &[u8], depth: u8) -> Vec<u8> {
    let d = depth as u32;
    let mut b = Bits { out: Vec::new(), acc: 0, n: 0 };
    let mut lit: Vec<u8> = Vec::new();
    let flush = |b: &mut Bits, lit: &mut Vec<u8>| {
        for chunk in lit.chunks(128) {
            b.put(chunk.len() as u32 - 1, 8);
            for &v in chunk {
                b.put(v as u32, d);
            }
        }
        lit.clear();
    };
    let mut i = 0;
    while i < values.len() {
        let mut run = 1;
        while i + run < values.len() && values[i + run] == values[i] && run < 128 {
            run += 1;
        }
        if run >= 3 {
            flush(&mut b, &mut lit);
            b.put(257 - run as u32, 8);
            b.put(values[i] as u32, d);
        } else {
            lit.extend_from_slice(&values[i..i + run]);
        }
        i += run;
    }
    flush(&mut b, &mut lit);
    b.finish()
}

/// Decodes `count` values of `depth` bits from RLE data.
pub fn rle_decode(data: &[u8], depth: u8, count: usize) -> Result<Vec<u8>, String> {
    let total = data.len() * 8;
    let mut pos = 0usize;
    let mut read = |bits: usize| -> Option<u32> {
        if pos + bits > total {
            return None;
        }
        let mut v = 0u32;
        for _ in 0..bits {
            v = (v << 1) | ((data[pos / 8] >> (7 - pos % 8)) & 1) as u32;
            pos += 1;
        }
        Some(v)
    };
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let c = read(8).ok_or("RLE data ends early")?;
        match c {
            0..=127 => {
                for _ in 0..=c {
                    out.push(read(depth as usize).ok_or("RLE data ends early")? as u8);
                }
            }
            128 => {}
            _ => {
                let v = read(depth as usize).ok_or("RLE data ends early")? as u8;
                out.resize(out.len() + 257 - c as usize, v);
            }
        }
    }
    if out.len() != count {
        return Err(format!("RLE data holds {} values, expected {count}", out.len()));
    }
    Ok(out)
}

fn chunk(o: &mut Vec<u8>, id: &[u8; 4], data: &[u8]) {
    o.extend_from_slice(id);
    o.extend_from_slice(&(data.len() as u32).to_be_bytes());
    o.extend_from_slice(data);
    if data.len() % 2 == 1 {
        o.push(0);
    }
}

/// Encodes `g` as `FORM ICON` with FACE and one IMAG.
pub fn form_icon(g: &GlowImage) -> Result<Vec<u8>, String> {
    let (w, h) = (g.width as usize, g.height as usize);
    if !(1..=256).contains(&w) || !(1..=256).contains(&h) || g.pixels.len() != w * h {
        return Err(format!("GlowIcon size {w}x{h} with {} pixels", g.pixels.len()));
    }
    if g.palette.is_empty() || g.palette.len() > 256 || g.pixels.iter().any(|&p| p as usize >= g.palette.len()) {
        return Err(String::from("GlowIcon palette does not cover its pixels"));
    }
    let pal_bytes = g.palette.len() * 3;
    let mut face = vec![(w - 1) as u8, (h - 1) as u8, ICON35F_FRAMELESS, ASPECT_1_1];
    face.extend_from_slice(&((pal_bytes - 1) as u16).to_be_bytes());
    let depth = g.depth();
    let data = rle_encode(&g.pixels, depth);
    if data.len() > 0x10000 {
        return Err(String::from("GlowIcon image data exceeds 65536 bytes"));
    }
    let mut imag = vec![
        g.transparent.unwrap_or(0),
        (g.palette.len() - 1) as u8,
        IMAGE35F_HASPALETTE | if g.transparent.is_some() { IMAGE35F_HASTRANSPARENTCOLOR } else { 0 },
        1, // image format: RLE
        0, // palette format: uncompressed
        depth,
    ];
    imag.extend_from_slice(&((data.len() - 1) as u16).to_be_bytes());
    imag.extend_from_slice(&((pal_bytes - 1) as u16).to_be_bytes());
    imag.extend_from_slice(&data);
    for c in &g.palette {
        imag.extend_from_slice(&[c.0, c.1, c.2]);
    }
    let mut body = b"ICON".to_vec();
    chunk(&mut body, b"FACE", &face);
    chunk(&mut body, b"IMAG", &imag);
    let mut o = b"FORM".to_vec();
    o.extend_from_slice(&(body.len() as u32).to_be_bytes());
    o.extend_from_slice(&body);
    Ok(o)
}

/// Decodes a `FORM ICON` written by [`form_icon`] (FACE, first IMAG).
pub fn read_form_icon(b: &[u8]) -> Result<GlowImage, String> {
    if b.get(0..4) != Some(b"FORM") || b.get(8..12) != Some(b"ICON") {
        return Err(String::from("no FORM ICON after the classic part"));
    }
    let size = u32::from_be_bytes(b[4..8].try_into().unwrap()) as usize;
    if size + 8 != b.len() {
        return Err(format!("FORM ICON size {size}, {} bytes follow", b.len() - 8));
    }
    let mut at = 12;
    let mut face = None;
    while at + 8 <= b.len() {
        let id = &b[at..at + 4];
        let n = u32::from_be_bytes(b[at + 4..at + 8].try_into().unwrap()) as usize;
        let d = b.get(at + 8..at + 8 + n).ok_or("chunk overruns FORM ICON")?;
        match id {
            b"FACE" => face = Some(((d[0] as u16 + 1), (d[1] as u16 + 1))),
            b"IMAG" => {
                let (w, h) = face.ok_or("IMAG before FACE")?;
                let (tc, nc, flags, ifmt, pfmt, depth) = (d[0], d[1] as usize + 1, d[2], d[3], d[4], d[5]);
                let isz = u16::from_be_bytes([d[6], d[7]]) as usize + 1;
                let psz = u16::from_be_bytes([d[8], d[9]]) as usize + 1;
                let img = &d[10..10 + isz];
                let pixels = if ifmt == 1 { rle_decode(img, depth, w as usize * h as usize)? } else { img.to_vec() };
                let pal = &d[10 + isz..10 + isz + psz];
                if pfmt != 0 || flags & IMAGE35F_HASPALETTE == 0 || psz != nc * 3 {
                    return Err(String::from("palette not as written here"));
                }
                let palette = pal.chunks(3).map(|c| Rgb(c[0], c[1], c[2])).collect();
                let transparent = (flags & IMAGE35F_HASTRANSPARENTCOLOR != 0).then_some(tc);
                return Ok(GlowImage { width: w, height: h, palette, pixels, transparent });
            }
            _ => {}
        }
        at += 8 + n + n % 2;
    }
    Err(String::from("no IMAG chunk"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rle_bit_stream_is_unaligned() {
        // depth 3: repeat 5 x value 2, then literal [1, 7].
        let v = [2, 2, 2, 2, 2, 1, 7];
        let e = rle_encode(&v, 3);
        // 252 (=257-5) | 010 | 00000001 | 001 | 111, zero-padded.
        let bits = "11111100".to_string() + "010" + "00000001" + "001" + "111";
        let mut want = Vec::new();
        for chunk in bits.as_bytes().chunks(8) {
            let mut s = String::from_utf8(chunk.to_vec()).unwrap();
            while s.len() < 8 {
                s.push('0');
            }
            want.push(u8::from_str_radix(&s, 2).unwrap());
        }
        assert_eq!(e, want);
        assert_eq!(rle_decode(&e, 3, 7).unwrap(), v);
    }

    #[test]
    fn rle_long_runs_and_literals_round_trip() {
        let mut v = vec![5u8; 300];
        v.extend((0..200).map(|i| (i % 17) as u8));
        for depth in [5, 8] {
            let e = rle_encode(&v, depth);
            assert_eq!(rle_decode(&e, depth, v.len()).unwrap(), v);
        }
    }

    #[test]
    fn form_icon_layout() {
        let g = GlowImage {
            width: 2,
            height: 1,
            palette: vec![Rgb(0, 0, 0), Rgb(1, 2, 3), Rgb(4, 5, 6)],
            pixels: vec![0, 2],
            transparent: Some(0),
        };
        let b = form_icon(&g).unwrap();
        assert_eq!(&b[8..12], b"ICON");
        assert_eq!(&b[12..20], b"FACE\0\0\0\x06");
        assert_eq!(&b[20..26], &[1, 0, 1, 0x11, 0, 8]);
        assert_eq!(&b[26..30], b"IMAG");
        let n = u32::from_be_bytes(b[30..34].try_into().unwrap()) as usize;
        assert_eq!(&b[34..40], &[0, 2, 3, 1, 0, 2]); // transparent 0, 3 colours, flags, RLE, raw, depth 2
        assert_eq!(b.len(), 34 + n + n % 2);
        assert_eq!(u32::from_be_bytes(b[4..8].try_into().unwrap()) as usize, b.len() - 8);
        assert_eq!(read_form_icon(&b).unwrap(), g);
    }
}
