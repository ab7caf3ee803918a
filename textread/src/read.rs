//! The reader: every run of text drawn in an [`Image`] with one of the
//! given [`Font`]s, exactly, or reported as a [`Limit`].
//!
//! The rules (docs/reference/text-reader.md says the same for users):
//!
//! - **A glyph is there** when, at some place, every pixel the glyph sets
//!   ([`crate::render()`]) has one pen, the text pen, and no other pixel of
//!   the glyph's box has that pen. The other pixels may have any pens:
//!   text drawn in JAM2 (one background pen) and in JAM1 (over anything)
//!   read alike, as long as the background holds no pixel of the text pen
//!   inside the text's box. Columns a neighbour's glyph may also cover
//!   (negative kerning, the bold smear) are checked for the glyph's own
//!   pixels only, and then for the whole run (next rule).
//! - **A run** is glyphs of one font, one text pen and one style on one
//!   baseline where each next glyph starts exactly where `Text()` puts it:
//!   the previous glyph's advance ([`crate::font`]), or that plus the
//!   advance of the space when the font's space is blank (one space; two
//!   or more start a new run). A run is kept only when [`crate::render()`]
//!   of its string, placed there, matches the image's pixels of that pen
//!   across the whole extent; glyphs where it does not are dropped and
//!   the run is split there. The box is `TextExtent()`'s.
//! - **Styles**: plain, algorithmic bold (`tf_BoldSmear`) and algorithmic
//!   underline (the row below the baseline) and both, each looked for as
//!   its own set of glyph pictures ([`Options`]). Algorithmic italic is
//!   not read. A font designed bold reads as plain glyphs and reports
//!   `FSF_BOLD` from its `tf_Style`.
//! - **Ambiguity**: at one place, the glyph with the most set pixels wins
//!   (it explains the most of the picture), then the lowest character
//!   code; when two glyphs tie on set pixels (identical pictures, such as
//!   `l` and `I` in some fonts) the run is marked [`TextRun::ambiguous`].
//!   Runs of one pen whose boxes overlap (the same pixels read in two
//!   fonts or styles) are settled by the most characters, then the font
//!   listed first, then plain before bold before underlined; a loser with
//!   as many characters marks the winner ambiguous.
//! - **Not read, and said so** ([`Limit`]): colour fonts, fonts taller
//!   than 32 pixels, fonts whose tables disagree, text cut by the image's
//!   left or right edge. Not read silently: glyphs partly covered by
//!   something drawn over them (the visible whole glyphs read as their own
//!   runs), the default (missing-character) glyph, blank glyphs other than
//!   the one space between two glyphs.
//!
//! Speed: each glyph picture is indexed by one of its columns (the one
//! outside the shared columns, neither empty nor all set, whose rows
//! change most) as a bit pattern from its first set row, hashed into
//! 4096 buckets. The image is turned, one pen at a time, into columns of
//! bits; in each column each stretch from a run's first set pixel to a
//! later run's last one, shorter than the font, is looked up once (and
//! stretches from inside a run only for keys that start on a glyph's top
//! row, and only runs as long as some key's first run), and the key's
//! lowest row puts the glyph's top. So empty and solid areas cost next
//! to nothing, and the work grows with the runs of each pen's pixels
//! times the fonts, not with the glyphs. A second key column, a third
//! column and the line test come before the whole glyph is compared.
//! Integer arithmetic only.

use crate::font::{Font, FontError};
use crate::render::{algorithmic, render};
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;
use amiga_ndk::graphics::{FSF_BOLD, FSF_ITALIC, FSF_UNDERLINED};
use amiga_ndk::Rect;

/// The tallest font read, pixels: a glyph column is one `u32`, the
/// 68020's own word (a `u64` costs two of everything there).
pub const MAX_YSIZE: u16 = 32;

/// What the reader reads: a picture's pixels, eight at a time, as the
/// pixels of one pen ([`crate::Image`], one pen number per pixel, and
/// [`crate::Planar`], a bitmap's planes, are two).
pub trait Pixels {
    /// Width, pixels.
    fn width(&self) -> usize;
    /// Height, pixels.
    fn height(&self) -> usize;
    /// Rows `y..y + out.len() / row_bytes` as the pixels that have pen
    /// `pen` and are readable (not covered): `row_bytes =
    /// width.div_ceil(8)` bytes a row, bit 7 the leftmost pixel, pixels
    /// past the width 0. Asked for each pen in turn, top to bottom, so a
    /// source may read them live (the program reads a window's rows from
    /// its screen again for each pen, to hold no copy of the picture).
    fn pen_rows(&mut self, pen: u8, y: usize, out: &mut [u8]);
    /// The pens that occur in the readable pixels (a superset costs only
    /// time: each pen is a pass).
    fn pens(&mut self) -> Vec<u8>;
    /// Whether every pixel of `r` is readable: a glyph in a box that is
    /// partly covered is not read, so that its visible part is not taken
    /// for another glyph.
    fn readable(&self, _r: Rect) -> bool {
        true
    }
    /// Whether the picture could not be read to its end (a live source
    /// whose window closed meanwhile): the reading stops with
    /// [`Limit::Lost`].
    fn lost(&self) -> bool {
        false
    }
}

/// What to look for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Look for algorithmic bold too (each style costs one more set of
    /// glyph pictures).
    pub bold: bool,
    /// Look for algorithmic underline too.
    pub underlined: bool,
    /// Only text in these pens; `None`: every pen in the image.
    pub pens: Option<Vec<u8>>,
}

impl Default for Options {
    fn default() -> Options {
        Options { bold: true, underlined: true, pens: None }
    }
}

/// One run of text found in the image.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextRun {
    /// The characters, Latin-1 bytes.
    pub text: Vec<u8>,
    /// `TextExtent()`'s box, pixels relative to the image: from the pen
    /// start (or the leftmost glyph column) to the end of the last advance
    /// (or the rightmost glyph column), `tf_YSize` rows. May reach past
    /// the image's right edge when the last advance does.
    pub rect: Rect,
    /// The baseline's row in the image (`rect.top + tf_Baseline`).
    pub baseline: i32,
    /// Index of the font in the slice given to [`read()`].
    pub font: usize,
    /// The font's name, for reporting.
    pub font_name: String,
    /// The font's `tf_YSize`, pixels, for reporting.
    pub font_size: u16,
    /// The text (foreground) pen.
    pub pen: u8,
    /// `FSF_BOLD` / `FSF_UNDERLINED` / `FSF_ITALIC`: the font's own
    /// `tf_Style` plus the algorithmic styles found.
    pub style: u8,
    /// Some character could equally be another (identical glyphs), or the
    /// same pixels read as another run of as many characters.
    pub ambiguous: bool,
}

impl TextRun {
    /// The text as a `String` (Latin-1, byte for code point).
    pub fn string(&self) -> String {
        amiga_ndk::latin1::to_string(&self.text)
    }

    /// The box of characters `start..start + len` of the run, in the
    /// run's frame: from the first one's pen position or left column to
    /// the last one's advance or right column, `tf_YSize` rows. `font` is
    /// the run's font; `None` when the range is empty or past the end.
    pub fn part_rect(&self, font: &Font, start: usize, len: usize) -> Option<Rect> {
        let end = start.checked_add(len).filter(|&e| len > 0 && e <= self.text.len())?;
        let r = render(font, &self.text, self.style & (FSF_BOLD | FSF_UNDERLINED));
        let origin = self.rect.left - r.left;
        let spans = r.places[start..end].iter().map(|p| p.span(font));
        let (from, to) = spans.fold((i32::MAX, i32::MIN), |(a, b), (l, r)| (a.min(l), b.max(r)));
        Some(Rect::new(origin + from, self.rect.top, to - from, self.rect.height))
    }
}

/// What the reader could not read, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// The font is a colour font (`FSF_COLORFONT`): not looked for.
    ColorFont {
        /// Index of the font.
        font: usize,
    },
    /// The font is taller than [`MAX_YSIZE`]: not looked for.
    TooTall {
        /// Index of the font.
        font: usize,
    },
    /// The font's tables disagree ([`Font::check`]): not looked for.
    BadFont {
        /// Index of the font.
        font: usize,
        /// What is wrong.
        error: FontError,
    },
    /// The picture could not be read to its end ([`Pixels::lost`]):
    /// nothing is reported.
    Lost,
    /// More than [`CANDIDATES_MAX`] places in one pen look like glyphs of
    /// one font (a picture, a pattern): nothing is reported.
    Crowded,
    /// The heap had no room for the reading: nothing is reported.
    NoMemory,
    /// Pixels of a run's pen on its rows between the run and the image's
    /// edge, closer than one glyph: likely text cut by the edge, not read.
    ClippedAtEdge {
        /// Index of the run in [`Reading::runs`].
        run: usize,
    },
}

/// The reader's answer.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reading {
    /// The runs, top to bottom, then left to right.
    pub runs: Vec<TextRun>,
    /// What could not be read.
    pub limits: Vec<Limit>,
    /// What the reading did (GadgetScopeBench prints it).
    pub work: Work,
}

/// Counts of the reader's steps, summed over fonts and pens: where its
/// time goes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Work {
    /// Stretches of a column looked up (from a first set pixel to a last,
    /// shorter than the font).
    pub stretches: u32,
    /// Keys equal to a stretch whose glyph would fit there (the column
    /// holding no other pixel of the pen in the glyph's rows).
    pub filtered: u32,
    /// Templates tried at a key's place (the whole glyph compared) after
    /// the pair's second column, a third column and the line test.
    pub tried: u32,
    /// Glyphs found (candidates kept).
    pub glyphs: u32,
    /// Runs checked against the picture (pieces included).
    pub verified: u32,
}

/// How a style changes a glyph's picture.
#[derive(Clone, Copy)]
struct Look {
    /// The bold smear, pixels (0: not bold).
    smear: u16,
    /// The underline row's bit (0: not underlined).
    under: u32,
    /// The underline is AROS's: broken one pixel round the glyph pixels
    /// on its row (else a whole line, as AmigaOS draws it).
    broken: bool,
}

/// The underline rows `Text()` draws for the algorithmic underline, as
/// (row, broken): AmigaOS's at `tf_Baseline + 1`, a whole line, and
/// AROS's (`rom/graphics/text.c`): `tf_Baseline + 2` where that is above
/// the last row, else `+ 1`, broken round the glyphs' pixels on that row.
fn underline_rows(font: &Font) -> Vec<(usize, bool)> {
    let (b, h) = (usize::from(font.baseline), usize::from(font.ysize));
    let mut aros = b + 1;
    if aros + 1 < h {
        aros += 1;
    }
    let mut rows = Vec::new();
    if b + 1 < h {
        rows.push((b + 1, false));
    }
    if aros < h {
        rows.push((aros, true));
    }
    rows
}

/// One glyph of one style as the reader looks for it: its picture is
/// the glyph's plain columns in [`FontIndex::cols`] with the style
/// applied ([`FontIndex::col`]), so a style costs no copy of the glyphs.
struct Template {
    /// The glyph's index (below 256: a font has at most 256 characters
    /// besides its default glyph).
    glyph: u8,
    /// Index into [`FontIndex::styles`].
    variant: u8,
    /// The picture's width, pixels (the glyph's plus the bold smear; a
    /// wider glyph is not looked for).
    width: u8,
    /// The column the index keys on.
    key_col: u8,
    /// Columns at the left and right a neighbour may share.
    left_margin: u8,
    right_margin: u8,
    /// Pixels set.
    set: u16,
    /// The glyph is one horizontal stroke (two or more inked columns side
    /// by side, all the same, of at most 2 rows): it matches anywhere
    /// along a line, so it counts only where its pen does not go on past
    /// either end.
    flat: bool,
    /// Some column it must match exactly reaches its top or bottom row:
    /// it counts only where its pen does not go on above or below there
    /// (a piece of a vertical line).
    tall: bool,
    /// The key is two columns, `key_col` and the next, both the glyph's
    /// own: the second is compared before the whole glyph.
    pair: bool,
    /// One more of the glyph's own columns, the one whose rows change
    /// most besides the key's, and its picture: compared before the whole
    /// glyph, since most places a key matches are not the glyph
    /// (`check_col == key_col`: no such column).
    check_col: u8,
    check: u32,
    /// For a stroke or a speck (the line test, [`along_a_line`]): its
    /// entry in [`FontIndex::ends`]; `u16::MAX` for other glyphs.
    ends: u16,
}

/// A stroke's or a speck's first and last inked columns and their
/// pictures: where the line test looks.
#[derive(Clone, Copy)]
struct Ends {
    first: u8,
    last: u8,
    first_col: u32,
    last_col: u32,
}

/// One template's key: its key column from its first set row (the
/// column shifted down by its lowest set row, `low`), the second column
/// of a pair key (0 for a single key), the template.
#[derive(Clone, Copy)]
struct Key {
    pattern: u32,
    second: u32,
    template: u16,
    low: u8,
}

/// One font's glyph pictures, indexed.
struct FontIndex {
    font: usize,
    /// The algorithmic styles looked for, plain first.
    styles: Vec<u8>,
    /// Every glyph's plain columns, one after the other (bit `r` = row
    /// `r`), glyph `g`'s from `starts[g]` to `starts[g + 1]`.
    cols: Vec<u32>,
    starts: Vec<u32>,
    /// Per style: the bold smear (pixels, 0 for none) and the underline
    /// row's bit (0 for none).
    looks: Vec<Look>,
    templates: Vec<Template>,
    /// The keys, sorted by the hash of their pattern, then pattern, then
    /// lowest row.
    keys: Vec<Key>,
    /// Where each 12-bit hash's keys start in `keys` (4097 entries).
    buckets: Vec<u16>,
    /// The ends of the strokes and specks ([`Template::ends`]).
    ends: Vec<Ends>,
    /// Bit `n`: some key's first run of set rows is `n` long; `top_runs`:
    /// of the keys that start on the glyph's top row.
    first_runs: u32,
    top_runs: u32,
    /// The widest glyph picture, pixels.
    widest: i32,
}

/// 12 bits of a pattern for the filter, with shifts and XORs only (a
/// multiply is slow on the 68020).
fn filter_bit(pattern: u32) -> usize {
    let v = pattern ^ (pattern >> 11) ^ (pattern >> 22);
    (v & 0xFFF) as usize
}

/// Glyph `g`'s columns (bit `r` = row `r`), from `tf_CharData` one row
/// at a time: each row's bits of the glyph fetched as one word, then only
/// its set pixels placed.
fn glyph_columns(font: &Font, g: usize) -> Vec<u32> {
    let Some(loc) = font.char_loc.get(g) else { return Vec::new() };
    let (w, modulo) = (usize::from(loc.width), usize::from(font.modulo));
    let mut cols = vec![0u32; w];
    for r in 0..usize::from(font.ysize) {
        let row = &font.char_data[r * modulo..(r + 1) * modulo];
        let mut c = 0;
        while c < w {
            // Up to 24 pixels from the byte holding column c.
            let bit = usize::from(loc.offset) + c;
            let byte = |k: usize| u32::from(row.get(bit / 8 + k).copied().unwrap_or(0));
            let take = (w - c).min(24);
            let word = (byte(0) << 24 | byte(1) << 16 | byte(2) << 8 | byte(3)) << (bit % 8);
            let mut v = word & !(u32::MAX >> take);
            while v != 0 {
                let k = v.leading_zeros() as usize;
                cols[c + k] |= 1 << r;
                v &= !(0x8000_0000 >> k);
            }
            c += take;
        }
    }
    cols
}

fn build_index(fi: usize, font: &Font, options: &Options) -> Result<FontIndex, Limit> {
    let mut styles = vec![0u8];
    let bold = options.bold && algorithmic(font, FSF_BOLD) != 0 && font.bold_smear > 0;
    let under = options.underlined && algorithmic(font, FSF_UNDERLINED) != 0;
    let smear = font.bold_smear;
    let mut looks = vec![Look { smear: 0, under: 0, broken: false }];
    if bold {
        styles.push(FSF_BOLD);
        looks.push(Look { smear, under: 0, broken: false });
    }
    for (row, broken) in if under { underline_rows(font) } else { Vec::new() } {
        styles.push(FSF_UNDERLINED);
        looks.push(Look { smear: 0, under: 1 << row, broken });
        if bold {
            styles.push(FSF_BOLD | FSF_UNDERLINED);
            looks.push(Look { smear, under: 1 << row, broken });
        }
    }
    let h = usize::from(font.ysize);
    let n = font.glyph_count();
    let min_kern = (0..n).map(|g| font.kern(g)).min().unwrap_or(0);
    let mut index = FontIndex {
        font: fi,
        looks,
        styles,
        cols: Vec::new(),
        starts: vec![0],
        templates: Vec::new(),
        keys: Vec::new(),
        buckets: Vec::new(),
        ends: Vec::new(),
        first_runs: 0,
        top_runs: 0,
        widest: 0,
    };
    room(&mut index.cols, font.char_loc.iter().map(|l| usize::from(l.width)).sum())?;
    room(&mut index.starts, font.glyph_count())?;
    for g in 0..font.default_glyph() {
        index.cols.extend(glyph_columns(font, g));
        index.starts.push(index.cols.len() as u32);
    }
    let mut templates = Vec::new();
    room(&mut templates, index.styles.len() * font.default_glyph())?;
    let mut keys = Vec::new();
    room(&mut keys, index.styles.len() * font.default_glyph())?;
    // One glyph picture's columns at a time, and each column's count of
    // changes between rows.
    let mut cols: Vec<u32> = Vec::new();
    let mut changed: Vec<u32> = Vec::new();
    for variant in 0..index.styles.len() {
        let smear = usize::from(index.looks[variant].smear);
        let over = |g: usize| font.width(g) as i32 + smear as i32 - font.space(g);
        let max_over = (0..n).map(over).max().unwrap_or(0);
        for g in 0..font.default_glyph() {
            let (a, b) = (index.starts[g] as usize, index.starts[g + 1] as usize);
            // A blank glyph is no picture; a solid block (every column
            // empty or full) matches any filled box.
            let full = full_column(h);
            if index.cols[a..b].iter().all(|&c| c == 0 || c == full) {
                continue;
            }
            let w = b - a + smear;
            let (Ok(glyph), Ok(width)) = (u8::try_from(g), u8::try_from(w)) else { continue };
            let probe = Template {
                glyph,
                variant: variant as u8,
                width,
                key_col: 0,
                left_margin: 0,
                right_margin: 0,
                set: 0,
                flat: false,
                tall: false,
                pair: false,
                check_col: 0,
                check: 0,
                ends: u16::MAX,
            };
            cols.clear();
            room(&mut cols, w)?;
            cols.extend((0..w).map(|c| index.col(&probe, c)));
            changed.clear();
            room(&mut changed, w)?;
            changed.extend(cols.iter().map(|&v| (v ^ (v >> 1)).count_ones() + (v & 1)));
            let clamp = |v: i32| usize::try_from(v).unwrap_or(0).min(w);
            let left_margin = clamp(max_over - font.kern(g));
            let right_margin = clamp(over(g) - min_kern);
            // The key: a column outside the shared ones with pixels of the
            // glyph itself (not the underline alone, which would match all
            // along every line), never all set (that would match every
            // solid stretch of the picture); the one whose rows change
            // most (stems and fills are common, the shapes of letters are
            // not), with the column right of it when that one is the
            // glyph's own too: then the key is the pair.
            let full = full_column(h);
            let under = index.looks[variant].under;
            let own = left_margin..w.saturating_sub(right_margin);
            // A broken underline's end columns depend on the neighbours:
            // no key there.
            let own = if index.looks[variant].broken { own.start.max(1)..own.end.min(w - 1) } else { own };
            let keyable = |c: &usize| cols[*c] & !under != 0 && cols[*c] != full;
            let score = |c: &usize| {
                let pair = own.contains(&(c + 1));
                let second = if pair { changed[c + 1] } else { 0 };
                (pair, changed[*c] + second, (cols[*c] & !under).count_ones())
            };
            let key_col = own.clone().filter(keyable).max_by_key(score);
            let all = if index.looks[variant].broken { 1..w.saturating_sub(1) } else { 0..w };
            let Some(key_col) = key_col.or_else(|| all.filter(keyable).max_by_key(score)) else {
                // Every column full: nothing tells it from a filled box.
                continue;
            };
            let pair = own.contains(&key_col) && own.contains(&(key_col + 1));
            let keyed = |c: &usize| *c == key_col || (pair && *c == key_col + 1);
            let check_col = own.clone().filter(|c| !keyed(c) && cols[*c] != 0).max_by_key(|&c| changed[c]);
            let check_col = check_col.unwrap_or(key_col);
            let check = cols[check_col];
            let set = cols.iter().map(|c| c.count_ones()).sum::<u32>().min(u32::from(u16::MAX)) as u16;
            let first = cols.iter().position(|&c| c != 0).unwrap_or(0);
            let last = cols.iter().rposition(|&c| c != 0).unwrap_or(first);
            // A stroke: at least two inked columns, side by side, all the
            // same, each a line of at most 2 rows (`-`, `_`, `=`; not a
            // bold `i`, whose two stems are alike too).
            let flat =
                last > first && cols[first..=last].iter().all(|&c| c == cols[first]) && cols[first].count_ones() <= 2;
            let edges = 1 | 1u32 << (h - 1);
            let tall = (left_margin..w.saturating_sub(right_margin)).any(|c| cols[c] & edges != 0);
            let (key_col, left_margin, right_margin) = (key_col as u8, left_margin as u8, right_margin as u8);
            let check_col = check_col as u8;
            let mut ends = u16::MAX;
            if flat || set < SPECK_PIXELS {
                ends = index.ends.len() as u16;
                room(&mut index.ends, 1)?;
                index.ends.push(Ends {
                    first: first as u8,
                    last: last as u8,
                    first_col: cols[first],
                    last_col: cols[last],
                });
            }
            let key = cols[usize::from(key_col)];
            let low = key.trailing_zeros();
            let second = if pair { cols[usize::from(key_col) + 1] } else { 0 };
            let template = templates.len() as u16;
            keys.push(Key { pattern: key >> low, second, template, low: low as u8 });
            templates.push(Template {
                key_col,
                left_margin,
                right_margin,
                set,
                flat,
                tall,
                pair,
                check_col,
                check,
                ends,
                ..probe
            });
        }
    }
    // Keys sorted by hash (counting), then by pattern and lowest row
    // within a hash (insertion: a hash holds few).
    index.buckets = filled(4097, 0u16)?;
    for k in &keys {
        index.buckets[filter_bit(k.pattern) + 1] += 1;
        let run = 1u32 << (!k.pattern).trailing_zeros();
        index.first_runs |= run;
        if k.low == 0 {
            index.top_runs |= run;
        }
    }
    for b in 1..index.buckets.len() {
        index.buckets[b] += index.buckets[b - 1];
    }
    let mut sorted = filled(keys.len(), Key { pattern: 0, second: 0, template: 0, low: 0 })?;
    for k in &keys {
        // buckets[b] is bucket b's next free place meanwhile, and ends
        // as bucket b + 1's start.
        let b = filter_bit(k.pattern);
        sorted[usize::from(index.buckets[b])] = *k;
        index.buckets[b] += 1;
    }
    for b in (1..index.buckets.len()).rev() {
        index.buckets[b] = index.buckets[b - 1];
    }
    index.buckets[0] = 0;
    drop(keys);
    for b in 0..4096 {
        let bucket = &mut sorted[usize::from(index.buckets[b])..usize::from(index.buckets[b + 1])];
        for i in 1..bucket.len() {
            let mut j = i;
            while j > 0 && (bucket[j - 1].pattern, bucket[j - 1].low) > (bucket[j].pattern, bucket[j].low) {
                bucket.swap(j - 1, j);
                j -= 1;
            }
        }
    }
    index.keys = sorted;
    index.widest = templates.iter().map(|t| i32::from(t.width)).max().unwrap_or(0);
    index.templates = templates;
    Ok(index)
}

impl FontIndex {
    /// Column `c` of template `t`'s picture: the glyph's plain column,
    /// the column `smear` to its left for bold, the underline row.
    #[inline]
    fn col(&self, t: &Template, c: usize) -> u32 {
        let g = usize::from(t.glyph);
        let (a, b) = (self.starts[g] as usize, self.starts[g + 1] as usize);
        let glyph = &self.cols[a..b];
        let look = self.looks[usize::from(t.variant)];
        let s = usize::from(look.smear);
        let inked = |c: usize| {
            let mut v = glyph.get(c).copied().unwrap_or(0);
            if s > 0 && c >= s {
                v |= glyph.get(c - s).copied().unwrap_or(0);
            }
            v
        };
        let v = inked(c);
        if !look.broken {
            return v | look.under;
        }
        let near = c.checked_sub(1).map_or(0, inked) | inked(c + 1);
        v | underline(look, v, near)
    }
}

/// The underline bit a column of a text gets: `v` its inked pixels,
/// `near` those of the columns either side.
fn underline(look: Look, v: u32, near: u32) -> u32 {
    if look.under != 0 && (!look.broken || v & look.under != 0 || near & look.under == 0) {
        look.under
    } else {
        0
    }
}

/// `n` copies of `v`, or [`Limit::NoMemory`] when the heap has no room
/// (the program's heap is small: a failed allocation must not end it).
fn filled<T: Clone>(n: usize, v: T) -> Result<Vec<T>, Limit> {
    let mut out = Vec::new();
    out.try_reserve_exact(n).map_err(|_| Limit::NoMemory)?;
    out.resize(n, v);
    Ok(out)
}

/// Room for `more` more items in `v`, or [`Limit::NoMemory`].
fn room<T>(v: &mut Vec<T>, more: usize) -> Result<(), Limit> {
    v.try_reserve(more).map_err(|_| Limit::NoMemory)
}

/// A column of `h` rows, all set.
fn full_column(h: usize) -> u32 {
    if h >= 32 {
        u32::MAX
    } else {
        (1u32 << h) - 1
    }
}

/// Eight rows of eight pixels (`rows[r]`, bit 7 the leftmost) turned
/// into eight columns (`[c]`, bit `r` = row `r`): Hacker's Delight's
/// 8×8 transpose in three swap steps, on two 32-bit halves.
fn transpose8(rows: &[u8]) -> [u8; 8] {
    // Rows in reverse, so that row r lands on bit r of its column.
    let be = |a: usize| u32::from_be_bytes([rows[7 - a], rows[6 - a], rows[5 - a], rows[4 - a]]);
    let (mut x, mut y) = (be(0), be(4));
    let mut t = (x ^ (x >> 7)) & 0x00AA_00AA;
    x ^= t ^ (t << 7);
    t = (y ^ (y >> 7)) & 0x00AA_00AA;
    y ^= t ^ (t << 7);
    t = (x ^ (x >> 14)) & 0x0000_CCCC;
    x ^= t ^ (t << 14);
    t = (y ^ (y >> 14)) & 0x0000_CCCC;
    y ^= t ^ (t << 14);
    let hi = (x & 0xF0F0_F0F0) | ((y >> 4) & 0x0F0F_0F0F);
    let lo = ((x << 4) & 0xF0F0_F0F0) | (y & 0x0F0F_0F0F);
    let (h, l) = (hi.to_be_bytes(), lo.to_be_bytes());
    [h[0], h[1], h[2], h[3], l[0], l[1], l[2], l[3]]
}

/// One pen of the picture as columns of bits: column `x` is `words`
/// `u32`s, bit `r` of word `w` the pixel of row `32 * w + r`.
struct Plane {
    words: usize,
    bits: Vec<u32>,
    any: Vec<bool>,
    width: usize,
    height: usize,
}

impl Plane {
    /// Built 32 rows by 8 columns at a time: a block with no pixel of
    /// the pen costs its 32 bytes, an all-set one no transpose.
    fn new(src: &mut dyn Pixels, pen: u8) -> Result<Plane, Limit> {
        let (width, height) = (src.width(), src.height());
        let words = height.div_ceil(32).max(1);
        let rb = width.div_ceil(8);
        let mut bits = filled(width * words, 0u32)?;
        let mut any = filled(width, false)?;
        let mut band = filled(32 * rb, 0u8)?;
        let mut rows = [0u8; 32];
        for s in 0..words {
            let n = (height - s * 32).min(32);
            src.pen_rows(pen, s * 32, &mut band[..n * rb]);
            for i in 0..rb {
                let (mut or, mut and) = (0u8, 0xFFu8);
                for (r, row) in rows.iter_mut().enumerate() {
                    *row = if r < n { band[r * rb + i] } else { 0 };
                    or |= *row;
                    and &= *row;
                }
                if or == 0 {
                    continue;
                }
                let mut cols = [0u32; 8];
                if and == 0xFF {
                    cols = [u32::MAX; 8];
                } else {
                    for b in 0..4 {
                        for (c, v) in transpose8(&rows[b * 8..b * 8 + 8]).into_iter().enumerate() {
                            cols[c] |= u32::from(v) << (8 * b);
                        }
                    }
                }
                for (c, &v) in cols.iter().enumerate() {
                    let x = i * 8 + c;
                    if x < width && v != 0 {
                        bits[x * words + s] = v;
                        any[x] = true;
                    }
                }
            }
        }
        Ok(Plane { words, bits, any, width, height })
    }

    /// Whether pixel (`x`, `y`) has the pen; `None` outside the picture.
    fn get(&self, x: i32, y: i32) -> Option<bool> {
        let (x, y) = (usize::try_from(x).ok()?, usize::try_from(y).ok()?);
        (x < self.width && y < self.height).then(|| self.bits[x * self.words + y / 32] >> (y % 32) & 1 != 0)
    }

    /// The runs of set pixels of column `x`, top to bottom, as (first
    /// row, last row).
    fn segments(&self, x: usize, out: &mut Vec<(usize, usize)>) {
        out.clear();
        let base = x * self.words;
        let mut start = None;
        for w in 0..self.words {
            let v = self.bits[base + w];
            let above = if w == 0 { 0 } else { self.bits[base + w - 1] >> 31 };
            let mut d = v ^ ((v << 1) | above);
            while d != 0 {
                let b = w * 32 + d.trailing_zeros() as usize;
                if b >= self.height {
                    break;
                }
                match start.take() {
                    Some(s) => out.push((s, b - 1)),
                    None => start = Some(b),
                }
                d &= d - 1;
            }
        }
        if let Some(s) = start {
            out.push((s, self.height - 1));
        }
    }

    /// Rows `top..top + h` of column `x` (in the picture), bit 0 = `top`.
    fn column(&self, x: usize, top: usize, h: usize) -> u32 {
        let base = x * self.words;
        let (w, sh) = (top / 32, top % 32);
        let mut v = self.bits[base + w] >> sh;
        if sh != 0 && w + 1 < self.words {
            v |= self.bits[base + w + 1] << (32 - sh);
        }
        v & full_column(h)
    }
}

/// A glyph found at one place.
#[derive(Clone, Copy)]
struct Candidate {
    top: i16,
    /// The pen position before the glyph (its box left minus its kern).
    pen_x: i16,
    template: u16,
    set: u16,
    glyph: u16,
}

/// Most glyphs one pass (one pen and font, every style) keeps before it
/// gives up on the picture ([`Limit::Crowded`]): 4096 candidates are
/// 40 KiB.
pub const CANDIDATES_MAX: usize = 4096;

/// Glyphs that set fewer pixels than this are specks (`.`, `,`, `'`):
/// they match any dot of a pattern, so a run of nothing but specks is
/// not reported.
pub const SPECK_PIXELS: u16 = 6;

/// A verified run before the overlaps are settled.
struct Found {
    index: usize,
    variant: usize,
    pen: u8,
    top: i32,
    pen_x: i32,
    text: Vec<u8>,
    rect: Rect,
    applied: u8,
    ambiguous: bool,
    /// Likely cut by the picture's edge ([`Limit::ClippedAtEdge`]).
    cut: bool,
}

fn matches(plane: &Plane, index: &FontIndex, t: &Template, left: i32, top: usize, h: usize) -> bool {
    let w = usize::from(t.width);
    if left < 0 || left as usize + w > plane.width {
        return false;
    }
    let (lm, rm) = (usize::from(t.left_margin), usize::from(t.right_margin));
    let look = index.looks[usize::from(t.variant)];
    // The glyph's own columns first: they must be exact, so a wrong
    // place fails there soonest.
    (lm..w - rm).chain(0..lm).chain(w - rm..w).all(|c| {
        let mut m = index.col(t, c);
        let mut img = plane.column(left as usize + c, top, h);
        // A broken underline's end columns depend on the neighbours:
        // the run's check decides them.
        if look.broken && (c == 0 || c + 1 == w) {
            m &= !look.under;
            img &= !look.under;
        }
        let shared = c < lm || c >= w - rm;
        img & m == m && (shared || img == m)
    })
}

/// Whether a stroke or a speck placed at (`left`, `top`) lies along a
/// longer line of its pen: a flat glyph ([`Template::flat`]) whose pen
/// goes on past its first or its last inked column, a speck (fewer than
/// [`SPECK_PIXELS`] set) whose pen goes on past both, on the rows they
/// ink.
fn along_a_line(plane: &Plane, index: &FontIndex, t: &Template, left: i32, top: usize, h: usize) -> bool {
    let Some(e) = index.ends.get(usize::from(t.ends)) else { return false };
    let goes_on = |x: i32, m: u32| {
        usize::try_from(x).ok().filter(|&x| x < plane.width).is_some_and(|x| plane.column(x, top, h) & m != 0)
    };
    let before = goes_on(left + i32::from(e.first) - 1, e.first_col);
    if before && t.flat {
        return true;
    }
    let after = goes_on(left + i32::from(e.last) + 1, e.last_col);
    if t.flat {
        after
    } else {
        before && after
    }
}

/// Whether a glyph matched at (`left`, `top`) is a piece of a vertical
/// line of its pen: a tall glyph ([`Template::tall`]) whose pen goes on
/// above or below a column that reaches its top or bottom row.
fn part_of_a_column(plane: &Plane, index: &FontIndex, t: &Template, left: i32, top: usize, h: usize) -> bool {
    if t.tall {
        let (lm, rm) = (usize::from(t.left_margin), usize::from(t.right_margin));
        for c in lm..usize::from(t.width).saturating_sub(rm) {
            let v = index.col(t, c);
            let x = left + c as i32;
            let px = |y: i32| plane.get(x, y) == Some(true);
            if (v & 1 != 0 && px(top as i32 - 1)) || (v >> (h - 1) & 1 != 0 && px((top + h) as i32)) {
                return true;
            }
        }
    }
    false
}

fn candidates(
    src: &dyn Pixels,
    plane: &Plane,
    index: &FontIndex,
    font: &Font,
    work: &mut Work,
) -> Result<Vec<Vec<Candidate>>, Limit> {
    let h = usize::from(font.ysize);
    let mut out: Vec<Vec<Candidate>> = index.styles.iter().map(|_| Vec::new()).collect();
    if h > plane.height {
        return Ok(out);
    }
    let last_top = plane.height - h;
    let mut segments = Vec::new();
    for x in 0..plane.width {
        if !plane.any[x] {
            continue;
        }
        // A key is a pattern from its first set row to its last, at some
        // height in the glyph: each stretch of the column from a first set
        // pixel to a last one, shorter than the font, is looked up once,
        // and the keys found say where the glyph's top is. The first is a
        // run's first pixel, or one inside it for keys that start on the
        // glyph's top row.
        plane.segments(x, &mut segments);
        for (i, &(s, e)) in segments.iter().enumerate() {
            let above = if i == 0 { None } else { Some(segments[i - 1].1) };
            // Only where the first run is as long as some key's: from the
            // run's start, or for keys from the glyph's top row, inside it.
            let run = |first: usize| e - first + 1;
            let known = |first: usize, runs: u32| run(first) < 32 && runs >> run(first) & 1 != 0;
            let starts = core::iter::once(s).filter(|&f| known(f, index.first_runs));
            let insides = (s + 1).max((e + 2).saturating_sub(h))..=e;
            for first in starts.chain(insides.filter(|&f| known(f, index.top_runs))) {
                let inside = first != s;
                for (j, &(_, last)) in segments[i..].iter().enumerate() {
                    if last - first >= h {
                        break;
                    }
                    let below = segments.get(i + j + 1).map_or(plane.height, |seg| seg.0);
                    let pattern = plane.column(x, first, last - first + 1);
                    work.stretches += 1;
                    let b = filter_bit(pattern);
                    let (lo, hi) = (usize::from(index.buckets[b]), usize::from(index.buckets[b + 1]));
                    // The lowest rows that put the window's top where it
                    // holds this stretch and no other set pixel: below the
                    // run above (unless inside a run), above the next run,
                    // inside the picture.
                    let low_max = if inside { 0 } else { above.map_or(first, |a| first - a - 1) };
                    let low_min = (first + h).saturating_sub(below).max(first.saturating_sub(last_top));
                    for key in &index.keys[lo..hi] {
                        if key.pattern != pattern || usize::from(key.low) < low_min {
                            continue;
                        }
                        if usize::from(key.low) > low_max {
                            break;
                        }
                        let top = first - usize::from(key.low);
                        work.filtered += 1;
                        let ti = usize::from(key.template);
                        let t = &index.templates[ti];
                        if t.pair {
                            let second = if x + 1 < plane.width { plane.column(x + 1, top, h) } else { u32::MAX };
                            if second != key.second {
                                continue;
                            }
                        }
                        let left = x as i32 - t.key_col as i32;
                        let at = left + i32::from(t.check_col);
                        let checked = t.check_col == t.key_col
                            || (at >= 0 && (at as usize) < plane.width && plane.column(at as usize, top, h) == t.check);
                        // A stroke or a speck along a line is there at every
                        // step of the line: told before the whole glyph is
                        // compared.
                        if !checked || along_a_line(plane, index, t, left, top, h) {
                            continue;
                        }
                        work.tried += 1;
                        if matches(plane, index, t, left, top, h)
                            && !part_of_a_column(plane, index, t, left, top, h)
                            && src.readable(Rect::new(left, top as i32, i32::from(t.width), h as i32))
                        {
                            let glyph = usize::from(t.glyph);
                            let v = usize::from(t.variant);
                            if out.iter().map(Vec::len).sum::<usize>() >= CANDIDATES_MAX {
                                return Err(Limit::Crowded);
                            }
                            room(&mut out[v], 1)?;
                            work.glyphs += 1;
                            out[v].push(Candidate {
                                top: top as i16,
                                pen_x: (left - font.kern(glyph)) as i16,
                                template: ti as u16,
                                set: t.set,
                                glyph: u16::from(t.glyph),
                            });
                        }
                    }
                }
            }
        }
    }
    Ok(out)
}

/// Chains one style's candidates into runs, verifies them, pushes them.
fn chain(
    plane: &Plane,
    font: &Font,
    index: &FontIndex,
    variant: usize,
    pen: u8,
    mut cands: Vec<Candidate>,
    work: &mut Work,
) -> Vec<Found> {
    cands.sort_unstable_by_key(|c| (c.top, c.pen_x, core::cmp::Reverse(c.set), c.glyph, c.template));
    // Groups of candidates at one place.
    let mut groups: Vec<(i32, i32, usize, usize)> = Vec::new();
    for (i, c) in cands.iter().enumerate() {
        match groups.last_mut() {
            Some(g) if g.0 == i32::from(c.top) && g.1 == i32::from(c.pen_x) => g.3 = i + 1,
            _ => groups.push((i32::from(c.top), i32::from(c.pen_x), i, i + 1)),
        }
    }
    let find = |top: i32, x: i32| groups.binary_search_by_key(&(top, x), |g| (g.0, g.1)).ok();
    let space = (b' ' >= font.lo_char && b' ' <= font.hi_char && font.is_blank(font.glyph_index(b' ')))
        .then(|| font.advance(font.glyph_index(b' ')));
    let style = index.styles[variant];
    let mut consumed = vec![false; groups.len()];
    let mut found = Vec::new();
    for start in 0..groups.len() {
        if consumed[start] {
            continue;
        }
        let (top, pen_x) = (groups[start].0, groups[start].1);
        let (mut text, mut amb) = (Vec::new(), Vec::new());
        let mut at = start;
        let mut specks = true;
        loop {
            consumed[at] = true;
            let (_, x, from, to) = groups[at];
            let best = cands[from];
            let glyph = usize::from(best.glyph);
            amb.push(to - from > 1 && cands[from + 1].set == best.set);
            text.push(font.glyph_char(glyph).unwrap_or(b'?'));
            specks &= best.set < SPECK_PIXELS;
            let next = x + font.advance(glyph);
            if let Some(n) = find(top, next).filter(|&n| !consumed[n]) {
                at = n;
            } else if let Some(n) = space.and_then(|s| find(top, next + s)).filter(|&n| !consumed[n]) {
                text.push(b' ');
                amb.push(false);
                at = n;
            } else {
                break;
            }
        }
        if !specks {
            verify(plane, font, index, variant, style, pen, top, pen_x, &text, &amb, &mut found, work);
        }
    }
    found
}

/// Keeps the run if its rendering matches the image's pixels of `pen`
/// across its extent; else drops the characters where it does not and
/// tries the pieces.
#[allow(clippy::too_many_arguments)]
fn verify(
    plane: &Plane,
    font: &Font,
    index: &FontIndex,
    variant: usize,
    style: u8,
    pen: u8,
    top: i32,
    pen_x: i32,
    text: &[u8],
    amb: &[bool],
    out: &mut Vec<Found>,
    work: &mut Work,
) {
    if text.is_empty() {
        return;
    }
    work.verified += 1;
    // The run's picture as columns, from the index's glyph columns (what
    // render() draws, a column at a time).
    let look = index.looks[variant];
    let smear = i32::from(look.smear);
    let h = usize::from(font.ysize);
    let crate::render::Layout { places, left: min, right: max, .. } = crate::render::layout(font, text, smear);
    let width = usize::try_from(max - min).unwrap_or(0);
    let mut cols = vec![0u32; width];
    for &crate::render::Place { glyph: g, left, .. } in &places {
        let Some(&a) = index.starts.get(g) else { continue };
        let Some(&b) = index.starts.get(g + 1) else { continue };
        for (c, &v) in index.cols[a as usize..b as usize].iter().enumerate() {
            let at = (left - min) as usize + c;
            cols[at] |= v;
            if smear > 0 {
                cols[at + smear as usize] |= v;
            }
        }
    }
    let inked = cols.clone();
    for (c, col) in cols.iter_mut().enumerate() {
        let near = c.checked_sub(1).map_or(0, |l| inked[l]) | inked.get(c + 1).copied().unwrap_or(0);
        *col |= underline(look, inked[c], near);
    }
    let spans: Vec<(i32, i32)> = places.iter().map(|p| p.span(font)).collect();
    let mut bad = vec![false; text.len()];
    let mut mismatch = false;
    let fits = top >= 0 && top as usize + h <= plane.height;
    for (c, &want) in cols.iter().enumerate() {
        let rel = min + c as i32;
        let x = pen_x + rel;
        if !fits || x < 0 || x as usize >= plane.width {
            continue;
        }
        if plane.column(x as usize, top as usize, h) != want {
            mismatch = true;
            for (i, &(a, b)) in spans.iter().enumerate() {
                if rel >= a && rel < b {
                    bad[i] = true;
                }
            }
        }
    }
    if !mismatch {
        let rect = Rect::new(pen_x + min, top, width as i32, h as i32);
        let ambiguous = amb.iter().any(|&a| a);
        let (index, applied, text) = (index.font, algorithmic(font, style), text.to_vec());
        out.push(Found { index, variant, pen, top, pen_x, text, rect, applied, ambiguous, cut: false });
        return;
    }
    if !bad.iter().any(|&b| b) {
        return;
    }
    let mut i = 0;
    while i < text.len() {
        if bad[i] || text[i] == b' ' {
            i += 1;
            continue;
        }
        let mut j = i;
        while j < text.len() && !bad[j] {
            j += 1;
        }
        let mut end = j;
        while end > i && text[end - 1] == b' ' {
            end -= 1;
        }
        let x = pen_x + places[i].pen;
        verify(plane, font, index, variant, style, pen, top, x, &text[i..end], &amb[i..end], out, work);
        i = j;
    }
}

/// Why font `i` is not looked for (a colour font, too tall, tables that
/// disagree), or `None` when it is.
fn unreadable(i: usize, font: &Font) -> Option<Limit> {
    if font.is_color() {
        Some(Limit::ColorFont { font: i })
    } else if font.ysize > MAX_YSIZE {
        Some(Limit::TooTall { font: i })
    } else {
        font.check().err().map(|error| Limit::BadFont { font: i, error })
    }
}

/// Reads every run of text drawn in `image` with one of `fonts`.
pub fn read(image: &mut dyn Pixels, fonts: &[Font], options: &Options) -> Reading {
    let mut limits = Vec::new();
    let mut work = Work::default();
    let mut found: Vec<Found> = Vec::new();
    let pens: Vec<u8> =
        image.pens().into_iter().filter(|p| options.pens.as_ref().is_none_or(|ps| ps.contains(p))).collect();
    let mut readable = Vec::new();
    for (i, font) in fonts.iter().enumerate() {
        match unreadable(i, font) {
            Some(limit) => limits.push(limit),
            None => readable.push(i),
        }
    }
    if image.width() == 0 || image.height() == 0 {
        readable.clear();
    }
    // One font's glyph index and one pen's columns in memory at a time,
    // the font outside: an index costs more than a pen's columns (both
    // are in docs/design/performance.md "SHOWN").
    for &i in &readable {
        let font = &fonts[i];
        let index = match build_index(i, font, options) {
            Ok(index) => index,
            Err(limit) => {
                limits.push(limit);
                return Reading { runs: Vec::new(), limits, work };
            }
        };
        for &pen in &pens {
            let plane = match Plane::new(image, pen) {
                Ok(plane) => plane,
                Err(limit) => {
                    limits.push(limit);
                    return Reading { runs: Vec::new(), limits, work };
                }
            };
            if image.lost() {
                return Reading { runs: Vec::new(), limits: vec![Limit::Lost], work };
            }
            if !plane.any.iter().any(|&a| a) {
                continue;
            }
            let passes = match candidates(image, &plane, &index, font, &mut work) {
                Ok(p) => p,
                Err(limit) => {
                    limits.push(limit);
                    return Reading { runs: Vec::new(), limits, work };
                }
            };
            for (variant, cands) in passes.into_iter().enumerate() {
                if !cands.is_empty() {
                    let mut runs = chain(&plane, font, &index, variant, pen, cands, &mut work);
                    for f in &mut runs {
                        f.cut = cut_at_edge(&plane, f.rect, index.widest);
                    }
                    found.extend(runs);
                }
            }
        }
    }
    // Settle overlaps: most characters, then the font listed first, then
    // plain before the algorithmic styles.
    found.sort_unstable_by_key(|f| (core::cmp::Reverse(f.text.len()), f.index, f.variant, f.top, f.pen_x, f.pen));
    let mut kept: Vec<Found> = Vec::new();
    for f in found {
        match kept.iter_mut().find(|k| k.pen == f.pen && k.rect.overlaps(&f.rect)) {
            // The same text in the same font and style twice (AmigaOS's and AROS's
            // underline where they coincide) is no ambiguity.
            Some(k) => {
                k.ambiguous |=
                    k.text.len() == f.text.len() && (k.text != f.text || k.applied != f.applied || k.index != f.index)
            }
            None => kept.push(f),
        }
    }
    kept.sort_unstable_by_key(|f| (f.top, f.pen_x, f.pen));
    for (i, f) in kept.iter().enumerate() {
        if f.cut {
            limits.push(Limit::ClippedAtEdge { run: i });
        }
    }
    let runs: Vec<TextRun> = kept
        .into_iter()
        .map(|f| {
            let font = &fonts[f.index];
            TextRun {
                rect: f.rect,
                baseline: f.top + i32::from(font.baseline),
                font: f.index,
                font_name: font.name.clone(),
                font_size: font.ysize,
                pen: f.pen,
                style: (font.style & (FSF_BOLD | FSF_UNDERLINED | FSF_ITALIC)) | f.applied,
                ambiguous: f.ambiguous,
                text: f.text,
            }
        })
        .collect();
    Reading { runs, limits, work }
}

/// Whether the run's pen has pixels on the run's rows between the run and
/// the left or right edge, in a gap narrower than the font's widest glyph.
fn cut_at_edge(plane: &Plane, rect: Rect, widest: i32) -> bool {
    let w = plane.width as i32;
    let (l, r) = (rect.left, rect.left + rect.width);
    let inked = |from: i32, to: i32| {
        (rect.top..rect.top + rect.height).any(|y| (from.max(0)..to.min(w)).any(|x| plane.get(x, y) == Some(true)))
    };
    (l > 0 && l < widest && inked(0, l)) || (r < w && w - r < widest && inked(r, w))
}

/// Every readable font's glyph index built alone, without a picture:
/// what a reading costs per font before it looks (GadgetScopeBench times
/// it). Returns how many glyph pictures (templates) the indexes hold.
pub fn glyph_indexes(fonts: &[Font], options: &Options) -> Result<usize, Limit> {
    let mut templates = 0;
    for (i, font) in fonts.iter().enumerate() {
        if unreadable(i, font).is_none() {
            templates += build_index(i, font, options)?.templates.len();
        }
    }
    Ok(templates)
}

/// The columns of `pens` built alone, without looking for glyphs: what
/// a reading costs before the fonts (GadgetScopeBench times it). Returns
/// how many columns hold pixels of those pens.
pub fn pen_columns(image: &mut dyn Pixels, pens: &[u8]) -> Result<usize, Limit> {
    let mut inked = 0;
    for &pen in pens {
        inked += Plane::new(image, pen)?.any.iter().filter(|&&a| a).count();
    }
    Ok(inked)
}
