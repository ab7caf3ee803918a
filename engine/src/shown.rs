//! Text read from a window's pixels: `SHOWN` (a line per text run, the
//! format in docs/reference/formats.md "SHOWN") and the places the
//! `SHOWN=` locator names, over the text reader (gadgetscope-textread,
//! docs/reference/text-reader.md). The pixels and fonts come from the
//! [`crate::System`] ([`Seen`]); what is read here is pure.

use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;
use amiga_ndk::graphics::{FSF_BOLD, FSF_ITALIC, FSF_UNDERLINED};
use amiga_ndk::Rect;
use gadgetscope_arexx::{error, Error, Rc, Shown};
use gadgetscope_core::snapshot::WindowInfo;
use gadgetscope_core::text::{push_geometry, push_int, push_quoted, push_window_line};
use gadgetscope_textread::{read, Font, Limit, Options, Pixels, Reading, TextRun};

/// A window's pixels as its screen shows them and the fonts to read them
/// with: what [`crate::System::seen`] gives.
pub struct Seen {
    /// The window's pixels inside its screen, without what other layers
    /// cover (read live on the Amiga: see [`Pixels::pen_rows`]).
    pub pixels: Box<dyn Pixels>,
    /// Where `pixels` starts inside the window, pixels (not 0 only for a
    /// window reaching past the screen's left or top edge).
    pub offset: (i32, i32),
    /// The fonts, the window's own first (a tie between two fonts goes to
    /// the one listed first).
    pub fonts: Vec<Font>,
}

/// The text runs of `seen`, boxes relative to the window (borders
/// included, as gadget boxes). RC 20 when the window closed while it was
/// read or the heap had no room for the reading.
pub fn reading(seen: &mut Seen) -> Result<Reading, Error> {
    let mut r = read(&mut *seen.pixels, &seen.fonts, &Options::default());
    if r.limits.contains(&Limit::Lost) {
        return Err(Error::new(Rc::Failed, "the window closed while it was read"));
    }
    if r.limits.contains(&Limit::NoMemory) {
        return Err(Error::new(Rc::Failed, "not enough memory to read the window's text"));
    }
    let (dx, dy) = seen.offset;
    for run in &mut r.runs {
        run.rect = run.rect.offset(dx, dy);
        run.baseline += dy;
    }
    Ok(r)
}

/// `style=` of a run: `plain`, or the styles joined by `+`.
fn style_name(style: u8) -> String {
    let names = [(FSF_BOLD, "bold"), (FSF_ITALIC, "italic"), (FSF_UNDERLINED, "underlined")];
    let on: Vec<&str> = names.iter().filter(|(b, _)| style & b != 0).map(|&(_, n)| n).collect();
    if on.is_empty() {
        String::from("plain")
    } else {
        on.join("+")
    }
}

fn push_rect(out: &mut Vec<u8>, r: Rect) {
    push_geometry(out, r.left.into(), r.top.into(), r.width.into(), r.height.into());
}

/// `SHOWN`'s text: the window line, a `  text` line per run, top to
/// bottom then left to right, a `  font` line per font looked for, then
/// an `  unread` line per font not read (and for a crowded picture).
pub fn shown_text(w: &WindowInfo, fonts: &[Font], reading: &Reading) -> Vec<u8> {
    let mut out = Vec::new();
    push_window_line(&mut out, w);
    for (i, run) in reading.runs.iter().enumerate() {
        out.extend_from_slice(b"  text ");
        push_quoted(&mut out, &run.text);
        out.extend_from_slice(b" font=");
        push_quoted(&mut out, run.font_name.as_bytes());
        out.extend_from_slice(b" size=");
        push_int(&mut out, run.font_size.into());
        out.extend_from_slice(b" pen=");
        push_int(&mut out, run.pen.into());
        out.extend_from_slice(b" style=");
        out.extend_from_slice(style_name(run.style).as_bytes());
        if run.ambiguous {
            out.extend_from_slice(b" ambiguous");
        }
        if reading.limits.contains(&Limit::ClippedAtEdge { run: i }) {
            out.extend_from_slice(b" cut");
        }
        out.push(b' ');
        push_rect(&mut out, run.rect);
        out.push(b'\n');
    }
    for (i, f) in fonts.iter().enumerate() {
        let unread = reading.limits.iter().any(|l| {
            matches!(*l, Limit::ColorFont { font } | Limit::TooTall { font } | Limit::BadFont { font, .. } if font == i)
        });
        if !unread {
            out.extend_from_slice(b"  font ");
            push_quoted(&mut out, f.name.as_bytes());
            out.extend_from_slice(b" size=");
            push_int(&mut out, f.ysize.into());
            out.push(b'\n');
        }
    }
    if reading.limits.contains(&Limit::Crowded) {
        out.extend_from_slice(b"  unread reason=\"too many places look like glyphs (a picture or a pattern)\"\n");
    }
    for limit in &reading.limits {
        let (font, reason) = match *limit {
            Limit::ColorFont { font } => (font, "a colour font"),
            Limit::TooTall { font } => (font, "taller than 32 rows"),
            Limit::BadFont { font, .. } => (font, "its tables disagree"),
            Limit::ClippedAtEdge { .. } | Limit::Lost | Limit::Crowded | Limit::NoMemory => continue,
        };
        let Some(f) = fonts.get(font) else { continue };
        out.extend_from_slice(b"  unread font=");
        push_quoted(&mut out, f.name.as_bytes());
        out.extend_from_slice(b" size=");
        push_int(&mut out, f.ysize.into());
        out.extend_from_slice(b" reason=");
        push_quoted(&mut out, reason.as_bytes());
        out.push(b'\n');
    }
    out
}

/// One place a text is shown: its box (window-relative) and the run it
/// is part of.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    /// The box of the matched characters, pixels.
    pub rect: Rect,
    /// The run's whole text.
    pub run: Vec<u8>,
}

/// Every place `text` occurs in a run (case-sensitive, as `LABEL=`), top
/// to bottom then left to right.
pub fn places(reading: &Reading, fonts: &[Font], text: &[u8]) -> Vec<Place> {
    let mut out = Vec::new();
    if text.is_empty() {
        return out;
    }
    for run in &reading.runs {
        let Some(font) = fonts.get(run.font) else { continue };
        for (at, w) in run.text.windows(text.len()).enumerate() {
            if w == text {
                if let Some(rect) = run.part_rect(font, at, text.len()) {
                    out.push(Place { rect, run: run.text.clone() });
                }
            }
        }
    }
    out.sort_unstable_by_key(|p| (p.rect.top, p.rect.left, p.rect.width));
    out
}

/// The place `SHOWN=<text> [INDEX=<n>]` names in the window `pattern`.
/// RC 5 when the text is not shown, when there is no `INDEX=`-th place,
/// and when it is shown more than once without `INDEX=` (the places
/// named: a command never acts on a guess).
pub fn choose(places: &[Place], text: &[u8], index: Option<u16>, pattern: &[u8]) -> Result<Place, Error> {
    let (t, w) = (Shown(text), Shown(pattern));
    match (places.len(), index) {
        (0, _) => Err(error!(Rc::NotFound, "\"{t}\" is not shown in \"{w}\"")),
        (1, None) => Ok(places[0].clone()),
        (n, None) => {
            let mut boxes = Vec::new();
            for p in places {
                if !boxes.is_empty() {
                    boxes.extend_from_slice(b", ");
                }
                push_rect(&mut boxes, p.rect);
            }
            let boxes = Shown(&boxes);
            Err(error!(Rc::NotFound, "\"{t}\" is shown {n} times in \"{w}\" ({boxes}): give INDEX="))
        }
        (n, Some(i)) => match places.get(usize::from(i)) {
            Some(p) => Ok(p.clone()),
            None => Err(error!(Rc::NotFound, "\"{t}\" is shown {n} times in \"{w}\": there is no INDEX={i}")),
        },
    }
}

/// The run whose box holds the point (`x`, `y`), window-relative.
pub fn run_at(reading: &Reading, x: i32, y: i32) -> Option<&TextRun> {
    reading.runs.iter().find(|r| r.rect.contains(x, y))
}

/// A font and pictures for the tests of this crate.
#[cfg(test)]
pub(crate) mod testing {
    use super::Seen;
    use alloc::vec;
    use alloc::vec::Vec;
    use gadgetscope_textread::{render, CharLoc, Font, Image, Planar};

    /// 6×8, baseline 6, characters 32..=126: each glyph a bar on top and
    /// on its left plus one pixel per row that spells its code, so no two
    /// glyphs look alike; the space is blank.
    pub fn font() -> Font {
        let (lo, hi) = (32u8, 126u8);
        let n = usize::from(hi - lo) + 2;
        let modulo = (n * 6).div_ceil(16) * 2;
        let mut data = vec![0u8; modulo * 8];
        let mut set = |g: usize, c: usize, r: usize| {
            let bit = g * 6 + c;
            data[r * modulo + bit / 8] |= 0x80 >> (bit % 8);
        };
        for g in 0..n {
            let code = lo as usize + g;
            if code == 32 {
                continue;
            }
            for c in 0..5 {
                set(g, c, 0);
            }
            for r in 1..7 {
                set(g, 0, r);
                set(g, 1 + 2 * ((code >> (r - 1)) & 1), r);
            }
            if code & 64 != 0 {
                set(g, 4, 7);
            }
        }
        let font = Font {
            name: "test.font".into(),
            ysize: 8,
            xsize: 6,
            baseline: 6,
            bold_smear: 1,
            lo_char: lo,
            hi_char: hi,
            modulo: modulo as u16,
            char_data: data,
            char_loc: (0..n).map(|g| CharLoc { offset: (g * 6) as u16, width: 5 }).collect(),
            ..Font::default()
        };
        font.check().unwrap();
        font
    }

    /// A window of `w`×`h` pixels in pen 0 with `texts` (text, pen x,
    /// glyph top, pen) drawn in [`font`], as 2 planes.
    pub fn seen(w: usize, h: usize, texts: &[(&str, i32, i32, u8)]) -> Seen {
        Seen { pixels: alloc::boxed::Box::new(planar(w, h, texts)), offset: (0, 0), fonts: vec![font()] }
    }

    /// The pixels of [`seen`].
    pub fn planar(w: usize, h: usize, texts: &[(&str, i32, i32, u8)]) -> Planar {
        let f = font();
        let mut img = Image::new(w, h, 0);
        for &(t, x, top, pen) in texts {
            img.draw(&render(&f, t.as_bytes(), 0), x, top, pen, None);
        }
        let bpr = w.div_ceil(8);
        let mut data = vec![0u8; 2 * h * bpr];
        for p in 0..2 {
            for y in 0..h {
                for x in 0..w {
                    if img.pens[y * w + x] >> p & 1 != 0 {
                        data[(p * h + y) * bpr + x / 8] |= 0x80 >> (x % 8);
                    }
                }
            }
        }
        Planar { width: w, height: h, depth: 2, bytes_per_row: bpr, first_bit: 0, data, covered: Vec::new() }
    }
}

#[cfg(test)]
mod tests {
    use super::testing::seen;
    use super::*;
    use amiga_ndk::latin1::to_string as latin1;

    #[test]
    fn places_are_boxes_of_the_matched_characters() {
        let mut s = seen(200, 40, &[("Save as", 10, 4, 1), ("Save", 100, 20, 2)]);
        let r = reading(&mut s).unwrap();
        let got: Vec<(Vec<u8>, Rect)> = places(&r, &s.fonts, b"Save").into_iter().map(|p| (p.run, p.rect)).collect();
        assert_eq!(
            got,
            [(b"Save as".to_vec(), Rect::new(10, 4, 24, 8)), (b"Save".to_vec(), Rect::new(100, 20, 24, 8))]
        );
        assert_eq!(places(&r, &s.fonts, b"as")[0].rect, Rect::new(40, 4, 12, 8));
        let two = places(&r, &s.fonts, b"Save");
        let e = choose(&two, b"Save", None, b"Win").unwrap_err();
        assert_eq!(e.rc, Rc::NotFound);
        assert_eq!(
            e.to_string().as_str(),
            "\"Save\" is shown 2 times in \"Win\" ([10,4 24x8], [100,20 24x8]): give INDEX="
        );
        assert_eq!(choose(&two, b"Save", Some(1), b"Win").unwrap().rect.left, 100);
        assert!(choose(&two, b"Save", Some(2), b"Win").unwrap_err().to_string().contains("there is no INDEX=2"));
        assert_eq!(choose(&[], b"Quit", None, b"Win").unwrap_err().to_string(), "\"Quit\" is not shown in \"Win\"");
    }

    #[test]
    fn shown_lists_runs_with_font_pen_style_and_box() {
        let mut s = seen(200, 40, &[("Name:", 10, 4, 1), ("OK", 100, 20, 2)]);
        s.offset = (4, 11);
        let r = reading(&mut s).unwrap();
        let w = WindowInfo {
            title: Some(b"Win".to_vec()),
            left: 5,
            top: 6,
            width: 204,
            height: 51,
            ..WindowInfo::default()
        };
        assert_eq!(
            latin1(&shown_text(&w, &s.fonts, &r)),
            "window \"Win\" screen=\"\" [5,6 204x51]\n\
             \x20 text \"Name:\" font=\"test.font\" size=8 pen=1 style=plain [14,15 30x8]\n\
             \x20 text \"OK\" font=\"test.font\" size=8 pen=2 style=plain [104,31 12x8]\n\
             \x20 font \"test.font\" size=8\n"
        );
    }
}
