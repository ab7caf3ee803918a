//! The test disk font `gstest` (11 pixels, proportional), drawn as ASCII
//! art in `tests-uae/fonts/gstest-11.txt`, and the two files
//! diskfont.library would load it from, written here for the test disk:
//!
//! - `FONTS:gstest.font`, the contents file: a `struct
//!   FontContentsHeader` (`fch_FileID` `FCH_ID`, one entry) and one
//!   `struct FontContents` (`fc_FileName` `gstest/11`, `fc_YSize` 11,
//!   `fc_Style`, `fc_Flags`), 264 bytes;
//! - `FONTS:gstest/11`, the font: an AmigaDOS load file of one code hunk
//!   that starts with `moveq #-1,d0 ; rts` (running it does nothing),
//!   then a `struct DiskFontHeader` whose `dfh_TF` is the `struct
//!   TextFont`, then its tables (`tf_CharLoc`, `tf_CharSpace`,
//!   `tf_CharKern`, `tf_CharData`); every pointer is an offset from the
//!   hunk's start with a `HUNK_RELOC32` entry, so `LoadSeg()` makes it
//!   absolute.
//!
//! The AROS ROM has no diskfont.library (docs/reference/toolchain.md), so
//! TextFixture loads the font file itself, as diskfont does, and adds it
//! with `AddFont()` (tests-uae/fixtures/text-fixture). Facts: NDK
//! diskfont/diskfont.h and graphics/text.h (in `amiga_ndk::diskfont` and
//! `amiga_ndk::graphics`), the hunk format of dos/doshunks.h
//! (`amiga_ndk::dos::HUNK_*`); how a loaded font file is found: the
//! header 8 bytes after the segment's start (its next-segment BPTR, then
//! the code longword), as AROS `workbench/libs/diskfont/diskfont_io.c`
//! reads it.
//!
//! [`read_font_file`] reads the font file back into the reader's
//! [`Font`], so host tests and scenarios can render and read the text the
//! fixture draws.

use amiga_ndk::diskfont::*;
use amiga_ndk::dos::{HUNK_CODE, HUNK_END, HUNK_HEADER, HUNK_RELOC32};
use amiga_ndk::exec::{ln_Name, ln_Type, NT_FONT};
use amiga_ndk::graphics::*;
use gadgetscope_textread::{CharLoc, Font};
use uae_harness::Scenario;

/// The font's name, as `OpenFont()` asks for it (`ln_Name`, `dfh_Name`).
pub const NAME: &str = "gstest.font";
/// `tf_YSize`: the height, pixels.
pub const YSIZE: u16 = 11;
/// `tf_Baseline`: rows from the glyphs' top row to the baseline.
pub const BASELINE: u16 = 8;
/// `tf_XSize`: the nominal width, pixels (the widest capitals but `M`,
/// `W` and `O`; every glyph has its own advance in `tf_CharSpace`).
pub const XSIZE: u16 = 6;
/// `tf_Flags`: loaded from disk, proportional, designed at this size.
pub const FLAGS: u8 = FPF_DISKFONT | FPF_PROPORTIONAL | FPF_DESIGNED;
/// `dfh_Revision`.
pub const REVISION: u16 = 1;
/// The first and last character with a glyph (`tf_LoChar`, `tf_HiChar`).
pub const LO_CHAR: u8 = 32;
pub const HI_CHAR: u8 = 126;

/// Where the harness puts the contents file on the boot drive (`DH0:`;
/// `FONTS:` is `SYS:Fonts` once that drawer exists: see [`stage`]).
pub const CONTENTS_PATH: &str = "Fonts/gstest.font";
/// Where it puts the font file, and the `fc_FileName` naming it
/// (relative to `FONTS:`).
pub const FONT_PATH: &str = "Fonts/gstest/11";
pub const FONT_FILE_NAME: &str = "gstest/11";

/// The glyphs' ASCII art.
pub const SOURCE: &str = include_str!("../fonts/gstest-11.txt");

/// `moveq #-1,d0 ; rts`: the code longword before the `DiskFontHeader`.
pub const RETURN_CODE: u32 = 0x70FF_4E75;

/// One glyph: its pixels and metrics.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Glyph {
    /// The glyph's width, pixels (`tf_CharLoc`'s width).
    pub width: u16,
    /// `YSIZE` rows of `width` pixels, `true` where set.
    pub rows: Vec<Vec<bool>>,
    /// `tf_CharKern`: the move before the glyph, pixels.
    pub kern: i16,
    /// `tf_CharSpace`: the advance after the glyph, pixels.
    pub space: i16,
}

/// A bitmap font ready to be written as disk font files: the glyphs of
/// `LO_CHAR..=HI_CHAR` in order, then the default glyph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiskFont {
    pub glyphs: Vec<Glyph>,
}

/// Reads glyphs in the format of `fonts/gstest-11.txt`: the character
/// each describes (`None` for `default`) and the glyph.
pub fn parse(text: &str, ysize: usize) -> Result<Vec<(Option<u8>, Glyph)>, String> {
    // Each glyph with the line of its `char` header.
    let mut out: Vec<(usize, Option<u8>, Glyph)> = Vec::new();
    for (n, line) in text.lines().enumerate().map(|(n, l)| (n + 1, l)) {
        if line.starts_with("//") || line.trim().is_empty() {
            continue;
        }
        if let Some(rest) = line.strip_prefix("char ") {
            let mut words = rest.split(' ');
            let c = match words.next().unwrap_or("") {
                "space" => Some(b' '),
                "default" => None,
                w if w.len() == 1 => Some(w.as_bytes()[0]),
                w => return Err(format!("line {n}: not a character: {w:?}")),
            };
            let mut g = Glyph { width: 0, rows: Vec::new(), kern: 0, space: i16::MIN };
            for w in words {
                let bad = || format!("line {n}: {w:?}");
                let (k, v) = w.split_once('=').ok_or_else(bad)?;
                let v: i16 = v.parse().map_err(|_| bad())?;
                match k {
                    "kern" => g.kern = v,
                    "space" => g.space = v,
                    _ => return Err(format!("line {n}: unknown {k:?}")),
                }
            }
            out.push((n, c, g));
            continue;
        }
        let Some((_, _, g)) = out.last_mut() else { return Err(format!("line {n}: a row before any `char`")) };
        if !line.bytes().all(|b| b == b'#' || b == b'.') {
            return Err(format!("line {n}: a row is '#' and '.' only: {line:?}"));
        }
        if g.rows.first().is_some_and(|r| r.len() != line.len()) {
            return Err(format!("line {n}: the rows of one glyph have one width"));
        }
        g.rows.push(line.bytes().map(|b| b == b'#').collect());
    }
    out.into_iter()
        .map(|(n, c, mut g)| {
            match g.rows.len() {
                0 => g.rows = vec![Vec::new(); ysize],
                r if r == ysize => {}
                r => return Err(format!("line {n}: the glyph has {r} rows, not {ysize}")),
            }
            g.width = g.rows[0].len() as u16;
            if g.space == i16::MIN {
                g.space = g.width as i16 + 1;
            }
            Ok((c, g))
        })
        .collect()
}

/// The gstest font from [`SOURCE`]. Panics if the source is malformed or
/// does not give every character `LO_CHAR..=HI_CHAR` once, in order, and
/// the default glyph last (a host test checks it).
pub fn gstest() -> DiskFont {
    let parsed = parse(SOURCE, usize::from(YSIZE)).unwrap_or_else(|e| panic!("fonts/gstest-11.txt: {e}"));
    let want: Vec<Option<u8>> = (LO_CHAR..=HI_CHAR).map(Some).chain([None]).collect();
    let got: Vec<Option<u8>> = parsed.iter().map(|p| p.0).collect();
    assert_eq!(got, want, "fonts/gstest-11.txt: one glyph per character {LO_CHAR}..={HI_CHAR}, then `default`");
    DiskFont { glyphs: parsed.into_iter().map(|p| p.1).collect() }
}

/// Appends a big-endian word / longword.
fn word(out: &mut Vec<u8>, v: u16) {
    out.extend_from_slice(&v.to_be_bytes());
}
fn long(out: &mut Vec<u8>, v: u32) {
    out.extend_from_slice(&v.to_be_bytes());
}

impl DiskFont {
    /// `tf_Modulo`, `tf_CharData` and `tf_CharLoc`: the glyphs side by
    /// side in one bitmap, each row padded to a whole word.
    pub fn char_data(&self) -> (u16, Vec<u8>, Vec<CharLoc>) {
        let bits: usize = self.glyphs.iter().map(|g| usize::from(g.width)).sum();
        let modulo = bits.div_ceil(16) * 2;
        let mut data = vec![0u8; modulo * usize::from(YSIZE)];
        let mut locs = Vec::new();
        let mut at = 0usize;
        for g in &self.glyphs {
            for (r, row) in g.rows.iter().enumerate() {
                for (c, &set) in row.iter().enumerate() {
                    if set {
                        let bit = at + c;
                        data[r * modulo + bit / 8] |= 0x80 >> (bit % 8);
                    }
                }
            }
            locs.push(CharLoc { offset: at as u16, width: g.width });
            at += usize::from(g.width);
        }
        (modulo as u16, data, locs)
    }

    /// The contents file `gstest.font`: one `FontContents` entry naming
    /// `file_name` (relative to `FONTS:`).
    pub fn contents_file(&self, file_name: &str) -> Vec<u8> {
        let mut out = Vec::new();
        word(&mut out, FCH_ID);
        word(&mut out, 1);
        let mut name = file_name.as_bytes().to_vec();
        assert!(name.len() < MAXFONTPATH);
        name.resize(MAXFONTPATH, 0);
        out.extend_from_slice(&name);
        word(&mut out, YSIZE);
        out.push(FS_NORMAL);
        out.push(FLAGS);
        debug_assert_eq!(out.len(), fch_FC + fc_SIZEOF);
        out
    }

    /// The hunk: the code longword, the `DiskFontHeader`, the tables; and
    /// the offsets of the longwords that hold pointers (to relocate).
    pub fn font_hunk(&self) -> (Vec<u8>, Vec<u32>) {
        const DFH: usize = 4; // after the code longword
        const TF: usize = DFH + dfh_TF;
        let n = self.glyphs.len();
        let (modulo, data, locs) = self.char_data();
        let align4 = |x: usize| x.next_multiple_of(4);
        let char_loc = align4(DFH + dfh_SIZEOF);
        let char_space = char_loc + 4 * n;
        let char_kern = char_space + 2 * n;
        let char_data = align4(char_kern + 2 * n);
        let size = align4(char_data + data.len());

        let mut h = vec![0u8; size];
        let put16 = |h: &mut Vec<u8>, at: usize, v: u16| h[at..at + 2].copy_from_slice(&v.to_be_bytes());
        let put32 = |h: &mut Vec<u8>, at: usize, v: u32| h[at..at + 4].copy_from_slice(&v.to_be_bytes());
        put32(&mut h, 0, RETURN_CODE);
        // dfh_DF: a node named by dfh_Name.
        let name_at = (DFH + dfh_Name) as u32;
        h[DFH + dfh_DF + ln_Type] = NT_FONT;
        put32(&mut h, DFH + dfh_DF + ln_Name, name_at);
        put16(&mut h, DFH + dfh_FileID, DFH_ID);
        put16(&mut h, DFH + dfh_Revision, REVISION);
        assert!(NAME.len() < MAXFONTNAME);
        h[DFH + dfh_Name..DFH + dfh_Name + NAME.len()].copy_from_slice(NAME.as_bytes());
        // dfh_TF: the TextFont.
        h[TF + tf_Message + ln_Type] = NT_FONT;
        put32(&mut h, TF + tf_Message + ln_Name, name_at);
        put16(&mut h, TF + tf_YSize, YSIZE);
        h[TF + tf_Style] = FS_NORMAL;
        h[TF + tf_Flags] = FLAGS;
        put16(&mut h, TF + tf_XSize, XSIZE);
        put16(&mut h, TF + tf_Baseline, BASELINE);
        put16(&mut h, TF + tf_BoldSmear, 1);
        h[TF + tf_LoChar] = LO_CHAR;
        h[TF + tf_HiChar] = HI_CHAR;
        put32(&mut h, TF + tf_CharData, char_data as u32);
        put16(&mut h, TF + tf_Modulo, modulo);
        put32(&mut h, TF + tf_CharLoc, char_loc as u32);
        put32(&mut h, TF + tf_CharSpace, char_space as u32);
        put32(&mut h, TF + tf_CharKern, char_kern as u32);
        for (i, (g, l)) in self.glyphs.iter().zip(&locs).enumerate() {
            put16(&mut h, char_loc + 4 * i, l.offset);
            put16(&mut h, char_loc + 4 * i + 2, l.width);
            put16(&mut h, char_space + 2 * i, g.space as u16);
            put16(&mut h, char_kern + 2 * i, g.kern as u16);
        }
        h[char_data..char_data + data.len()].copy_from_slice(&data);
        let relocs = [
            DFH + dfh_DF + ln_Name,
            TF + tf_Message + ln_Name,
            TF + tf_CharData,
            TF + tf_CharLoc,
            TF + tf_CharSpace,
            TF + tf_CharKern,
        ]
        .map(|o| o as u32)
        .to_vec();
        (h, relocs)
    }

    /// The font file `gstest/11`: `HUNK_HEADER` (one hunk), `HUNK_CODE`,
    /// `HUNK_RELOC32` (every pointer, against hunk 0), `HUNK_END`.
    pub fn font_file(&self) -> Vec<u8> {
        let (hunk, relocs) = self.font_hunk();
        let longs = (hunk.len() / 4) as u32;
        let mut out = Vec::new();
        for v in [HUNK_HEADER, 0, 1, 0, 0, longs, HUNK_CODE, longs] {
            long(&mut out, v);
        }
        out.extend_from_slice(&hunk);
        long(&mut out, HUNK_RELOC32);
        long(&mut out, relocs.len() as u32);
        long(&mut out, 0);
        for r in relocs {
            long(&mut out, r);
        }
        long(&mut out, 0);
        long(&mut out, HUNK_END);
        out
    }
}

/// Stages the gstest font on the boot drive: `DH0:Fonts/gstest.font` and
/// `DH0:Fonts/gstest/11`, where diskfont.library would look for it
/// (`FONTS:` is `SYS:Fonts` on AmigaOS). The AROS ROM's boot assigns
/// `FONTS:` to the boot drive's `Fonts` drawer when there is one, as it
/// does `LIBS:` for `Libs` (measured: TextFixture loads
/// `FONTS:gstest/11`, its log's first line in `fixture-text`); no
/// `Assign` is needed (the ROM has no such command anyway).
pub fn stage(s: Scenario) -> Scenario {
    let font = gstest();
    s.bytes(CONTENTS_PATH, font.contents_file(FONT_FILE_NAME)).bytes(FONT_PATH, font.font_file())
}

/// Reads a font file as [`DiskFont::font_file`] writes it (one code
/// hunk, its relocations against itself) into the reader's [`Font`], the
/// pointers taken as offsets from the hunk's start: what `LoadSeg()` and
/// `AddFont()` make of it, for the host.
pub fn read_font_file(file: &[u8]) -> Result<Font, String> {
    let l = |at: usize| -> Result<u32, String> {
        file.get(at..at + 4).map(|b| u32::from_be_bytes([b[0], b[1], b[2], b[3]])).ok_or("file too short".to_string())
    };
    if [l(0)?, l(4)?, l(8)?, l(12)?, l(16)?] != [HUNK_HEADER, 0, 1, 0, 0] {
        return Err("not a load file of one hunk".into());
    }
    let longs = l(20)? as usize;
    if l(24)? != HUNK_CODE || l(28)? as usize != longs {
        return Err("no HUNK_CODE of the header's size".into());
    }
    let hunk = file.get(32..32 + 4 * longs).ok_or("hunk cut short")?;
    let mut at = 32 + 4 * longs;
    let mut relocated = Vec::new();
    if l(at)? == HUNK_RELOC32 {
        at += 4;
        loop {
            let count = l(at)? as usize;
            if count == 0 {
                at += 4;
                break;
            }
            if l(at + 4)? != 0 {
                return Err("a relocation against another hunk".into());
            }
            for i in 0..count {
                relocated.push(l(at + 8 + 4 * i)? as usize);
            }
            at += 8 + 4 * count;
        }
    }
    if l(at)? != HUNK_END {
        return Err("no HUNK_END".into());
    }
    let b8 = |o: usize| hunk.get(o).copied().ok_or(format!("offset {o} outside the hunk"));
    let b16 = |o: usize| Ok::<u16, String>(u16::from_be_bytes([b8(o)?, b8(o + 1)?]));
    let b32 = |o: usize| Ok::<u32, String>(u32::from_be_bytes([b8(o)?, b8(o + 1)?, b8(o + 2)?, b8(o + 3)?]));
    let ptr = |o: usize| -> Result<usize, String> {
        let v = b32(o)? as usize;
        if v != 0 && !relocated.contains(&o) {
            return Err(format!("the pointer at {o} has no relocation"));
        }
        Ok(v)
    };
    if b32(0)? != RETURN_CODE {
        return Err("no moveq/rts before the DiskFontHeader".into());
    }
    let dfh = 4;
    if b16(dfh + dfh_FileID)? != DFH_ID {
        return Err("dfh_FileID is not DFH_ID".into());
    }
    let tf = dfh + dfh_TF;
    let cstr = |o: usize| -> Result<String, String> {
        let s = hunk.get(o..).ok_or("name outside the hunk")?;
        let end = s.iter().position(|&b| b == 0).ok_or("name without NUL")?;
        Ok(String::from_utf8_lossy(&s[..end]).into_owned())
    };
    let (lo, hi) = (b8(tf + tf_LoChar)?, b8(tf + tf_HiChar)?);
    let n = usize::from(hi.saturating_sub(lo)) + 2;
    let words = |base: usize| -> Result<Option<Vec<i16>>, String> {
        if base == 0 {
            return Ok(None);
        }
        (0..n).map(|i| b16(base + 2 * i).map(|v| v as i16)).collect::<Result<Vec<_>, _>>().map(Some)
    };
    let (ysize, modulo) = (b16(tf + tf_YSize)?, b16(tf + tf_Modulo)?);
    let data_at = ptr(tf + tf_CharData)?;
    let data_len = usize::from(ysize) * usize::from(modulo);
    let loc_at = ptr(tf + tf_CharLoc)?;
    let char_loc = (0..n)
        .map(|i| Ok(CharLoc { offset: b16(loc_at + 4 * i)?, width: b16(loc_at + 4 * i + 2)? }))
        .collect::<Result<Vec<_>, String>>()?;
    Ok(Font {
        name: cstr(ptr(tf + tf_Message + ln_Name)?)?,
        ysize,
        xsize: b16(tf + tf_XSize)?,
        baseline: b16(tf + tf_Baseline)?,
        bold_smear: b16(tf + tf_BoldSmear)?,
        style: b8(tf + tf_Style)?,
        flags: b8(tf + tf_Flags)?,
        lo_char: lo,
        hi_char: hi,
        modulo,
        char_data: hunk.get(data_at..data_at + data_len).ok_or("tf_CharData outside the hunk")?.to_vec(),
        char_loc,
        char_space: words(ptr(tf + tf_CharSpace)?)?,
        char_kern: words(ptr(tf + tf_CharKern)?)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use gadgetscope_textread::{read, render, Image, Options};

    fn font() -> Font {
        read_font_file(&gstest().font_file()).unwrap()
    }

    /// A rendered string as ASCII art, one line per row.
    fn art(text: &str, style: u8) -> Vec<String> {
        let r = render(&font(), text.as_bytes(), style);
        (0..r.height).map(|y| (0..r.width).map(|x| if r.get(x, y) { '#' } else { '.' }).collect()).collect()
    }

    #[test]
    fn the_source_gives_every_character_once() {
        let f = gstest();
        assert_eq!(f.glyphs.len(), usize::from(HI_CHAR - LO_CHAR) + 2);
        assert_eq!((f.glyphs[0].width, f.glyphs[0].space), (0, 4), "space: blank, advance 4");
        let i = usize::from(b'i' - LO_CHAR);
        let j = usize::from(b'j' - LO_CHAR);
        assert_eq!((f.glyphs[i].kern, f.glyphs[i].space), (1, 2));
        assert_eq!((f.glyphs[j].kern, f.glyphs[j].space), (-1, 4));
    }

    #[test]
    fn no_two_glyphs_alike() {
        let f = gstest();
        for (a, ga) in f.glyphs.iter().enumerate() {
            for (b, gb) in f.glyphs.iter().enumerate().skip(a + 1) {
                assert!(ga.width == 0 || ga.rows != gb.rows, "glyphs {a} and {b} are drawn alike");
            }
        }
    }

    #[test]
    fn parse_errors_name_the_line() {
        assert_eq!(parse("char A\n#.\n#.\n", 3).unwrap_err(), "line 1: the glyph has 2 rows, not 3");
        assert!(parse("char A\n#.\n#\n#.\n", 3).unwrap_err().starts_with("line 3:"));
        assert!(parse("#.\n", 3).unwrap_err().contains("line 1"));
        assert!(parse("char AB\n", 3).unwrap_err().contains("not a character"));
        let ok = parse("char space space=4\nchar A kern=-1\n#.\n.#\n#.\n", 3).unwrap();
        assert_eq!(ok[0].1, Glyph { width: 0, rows: vec![vec![]; 3], kern: 0, space: 4 });
        assert_eq!((ok[1].1.width, ok[1].1.kern, ok[1].1.space), (2, -1, 3));
    }

    #[test]
    fn contents_file_layout() {
        let c = gstest().contents_file(FONT_FILE_NAME);
        assert_eq!(c.len(), 264);
        assert_eq!(&c[..4], &[0x0f, 0x00, 0x00, 0x01]);
        assert_eq!(&c[4..14], b"gstest/11\0");
        assert_eq!(&c[4 + fc_YSize..], &[0, 11, 0, FLAGS]);
    }

    #[test]
    fn font_file_is_one_relocated_code_hunk() {
        let file = gstest().font_file();
        let long = |at: usize| u32::from_be_bytes(file[at..at + 4].try_into().unwrap());
        assert_eq!([long(0), long(4), long(8), long(12), long(16)], [HUNK_HEADER, 0, 1, 0, 0]);
        assert_eq!(long(24), HUNK_CODE);
        assert_eq!(long(32), RETURN_CODE);
        assert_eq!(&file[32 + 4 + dfh_Name..32 + 4 + dfh_Name + 12], b"gstest.font\0");
        assert_eq!(long(file.len() - 4), HUNK_END);
    }

    #[test]
    fn reads_back_as_the_textfont() {
        let f = font();
        assert_eq!(f.check(), Ok(()));
        assert_eq!((f.name.as_str(), f.ysize, f.baseline, f.xsize, f.bold_smear), (NAME, 11, 8, 6, 1));
        assert_eq!((f.lo_char, f.hi_char, f.flags, f.style), (32, 126, FLAGS, 0));
        assert!(f.is_proportional());
        assert_eq!(f.glyph_index(b'~' + 1), f.default_glyph());
        assert_eq!(f.text_length(b"Save"), 24);
        // i: one pixel wide, kerned one right, advance 3; j: kerned one left.
        assert_eq!((f.kern(f.glyph_index(b'i')), f.advance(f.glyph_index(b'i'))), (1, 3));
        assert_eq!((f.kern(f.glyph_index(b'j')), f.advance(f.glyph_index(b'j'))), (-1, 3));
    }

    #[test]
    fn renders_as_drawn() {
        let want = [
            ".......................",
            ".......................",
            ".###...#...............",
            "#...#..#...............",
            "#.....####.#...#.####..",
            ".###...#...#...#.#...#.",
            "....#..#...#...#.#...#.",
            "#...#..#...#...#.#...#.",
            ".###....##..####.#...#.",
            ".......................",
            ".......................",
        ];
        assert_eq!(art("Stun", 0), want.map(String::from));
        // "ij": i one pixel right of the pen, j's hook one pixel left of
        // its pen (under i's column), the extent from that column.
        let ij = render(&font(), b"ij", 0);
        assert_eq!((ij.left, ij.width, ij.advance), (0, 6, 6));
        assert_eq!(art("ij", 0)[10], "..##..");
        // Bold: each glyph again one pixel right, into the one-pixel gap
        // every advance leaves; the extent is the advance plus the smear
        // (TextExtent(), as AROS measures it).
        let (plain, bold) = (render(&font(), b"Save", 0), render(&font(), b"Save", FSF_BOLD));
        assert_eq!((plain.width, bold.width), (24, 25));
        assert_eq!(art("I", FSF_BOLD)[3], ".##..");
    }

    #[test]
    fn text_in_the_font_reads_back() {
        let f = font();
        let mut img = Image::new(320, 40, 0);
        let lines: [(&str, u8, i32, i32); 4] = [
            ("Save Cancel Ask", 0, 4, 2),
            ("Project info", FSF_BOLD, 4, 15),
            ("jig, fix: quit!", 0, 150, 2),
            ("Linked jobs", FSF_UNDERLINED, 150, 15),
        ];
        for (text, style, x, top) in lines {
            img.draw(&render(&f, text.as_bytes(), style), x, top, 1, None);
        }
        let reading = read(&mut img, &[f], &Options::default());
        let mut got: Vec<(String, u8, bool)> =
            reading.runs.iter().map(|r| (r.string(), r.style, r.ambiguous)).collect();
        got.sort();
        let mut want: Vec<(String, u8, bool)> = lines.iter().map(|l| (l.0.to_string(), l.1, false)).collect();
        want.sort();
        assert_eq!(got, want, "{:?}", reading.limits);
    }
}
