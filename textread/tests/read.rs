//! The reader against images drawn by the reference renderer, with two
//! small fonts designed here: an 8×8 fixed-width font (`fixed`) and a
//! proportional one with `tf_CharSpace`/`tf_CharKern` (`prop`).

use amiga_ndk::graphics::{FPF_PROPORTIONAL, FSF_BOLD, FSF_COLORFONT, FSF_UNDERLINED};
use amiga_ndk::Rect;
use gadgetscope_textread::{read, render, CharLoc, Font, Image, Limit, Options, Planar, TextRun};

/// A glyph: character, rows ('#' set), kern, space.
type Glyph = (u8, &'static [&'static str], i16, i16);

/// Packs glyphs into a `TextFont` copy: `lo..=hi`, glyphs not given are
/// empty, `default` is the default glyph.
#[allow(clippy::too_many_arguments)]
fn build(
    name: &str,
    ysize: u16,
    baseline: u16,
    xsize: u16,
    lo: u8,
    hi: u8,
    prop: bool,
    glyphs: &[Glyph],
    default: &[&str],
) -> Font {
    let n = usize::from(hi - lo) + 2;
    let mut pics: Vec<(&[&str], i16, i16)> = vec![(&[], 0, 0); n];
    for &(c, rows, k, s) in glyphs {
        pics[usize::from(c - lo)] = (rows, k, s);
    }
    pics[n - 1] = (default, 0, xsize as i16);
    let widths: Vec<usize> = pics.iter().map(|p| p.0.first().map_or(0, |r| r.len())).collect();
    let bits: usize = widths.iter().sum();
    let modulo = bits.div_ceil(16) * 2;
    let mut data = vec![0u8; modulo * usize::from(ysize)];
    let mut char_loc = Vec::new();
    let mut at = 0;
    for (i, p) in pics.iter().enumerate() {
        for (r, row) in p.0.iter().enumerate() {
            assert_eq!(row.len(), widths[i], "glyph {i} row {r}");
            for (c, ch) in row.bytes().enumerate() {
                if ch == b'#' {
                    let bit = at + c;
                    data[r * modulo + bit / 8] |= 0x80 >> (bit % 8);
                }
            }
        }
        char_loc.push(CharLoc { offset: at as u16, width: widths[i] as u16 });
        at += widths[i];
    }
    let font = Font {
        name: name.into(),
        ysize,
        xsize,
        baseline,
        bold_smear: 1,
        style: 0,
        flags: if prop { FPF_PROPORTIONAL } else { 0 },
        lo_char: lo,
        hi_char: hi,
        modulo: modulo as u16,
        char_data: data,
        char_loc,
        char_space: prop.then(|| pics.iter().map(|p| p.2).collect()),
        char_kern: prop.then(|| pics.iter().map(|p| p.1).collect()),
    };
    font.check().unwrap();
    font
}

const BOX8: &[&str] = &["#######.", "#.....#.", "#.....#.", "#.....#.", "#.....#.", "#.....#.", "#######.", "........"];
const I8: &[&str] = &["######..", "..##....", "..##....", "..##....", "..##....", "..##....", "######..", "........"];

/// 8×8, baseline 6 (the underline row is 7), `l` drawn like `I`.
fn fixed() -> Font {
    let g: &[Glyph] = &[
        (b'A', &["..###...", ".##.##..", "##...##.", "##...##.", "#######.", "##...##.", "##...##.", "........"], 0, 0),
        (b'E', &["#######.", "##......", "##......", "######..", "##......", "##......", "#######.", "........"], 0, 0),
        (b'H', &["##...##.", "##...##.", "##...##.", "#######.", "##...##.", "##...##.", "##...##.", "........"], 0, 0),
        (b'I', I8, 0, 0),
        (b'K', &["##..##..", "##.##...", "####....", "###.....", "####....", "##.##...", "##..##..", "........"], 0, 0),
        (b'N', &["##...##.", "###..##.", "####.##.", "##.####.", "##..###.", "##...##.", "##...##.", "........"], 0, 0),
        (b'O', &[".#####..", "##...##.", "##...##.", "##...##.", "##...##.", "##...##.", ".#####..", "........"], 0, 0),
        (b'g', &["........", "........", ".######.", "##..##..", "##..##..", ".#####..", "....##..", "#####..."], 0, 0),
        (b'l', I8, 0, 0),
        (b' ', &["........"; 8], 0, 0),
    ];
    build("fixed.font", 8, 6, 8, 32, b'z', false, g, BOX8)
}

/// Proportional, 8 rows, baseline 6; `j` kerns one pixel left, under the
/// end of `T`'s bar (the pair `Tj` shares a column).
fn prop() -> Font {
    let g: &[Glyph] = &[
        (b'T', &["#####", "#####", "..#..", "..#..", "..#..", "..#..", "..#..", "....."], 0, 5),
        (b'i', &["#", ".", "#", "#", "#", "#", "#", "."], 1, 2),
        (b'j', &["..#", "...", "..#", "..#", "..#", "..#", "..#", "##."], -1, 3),
        (b'm', &[".....", ".....", "####.", "#.#.#", "#.#.#", "#.#.#", "#.#.#", "....."], 0, 6),
        (b'n', &["....", "....", "###.", "#..#", "#..#", "#..#", "#..#", "...."], 0, 5),
        (b'o', &["....", "....", ".##.", "#..#", "#..#", "#..#", ".##.", "...."], 0, 5),
        (b' ', &[], 0, 3),
    ];
    build("prop.font", 8, 6, 6, 32, b'z', true, g, &["####", "#..#", "#..#", "#..#", "#..#", "#..#", "####", "...."])
}

/// Draws `text` with the pen at `x` and the glyphs' top at `top`.
#[allow(clippy::too_many_arguments)]
fn draw(img: &mut Image, font: &Font, text: &str, style: u8, x: i32, top: i32, fg: u8, bg: Option<u8>) {
    img.draw(&render(font, text.as_bytes(), style), x, top, fg, bg);
}

/// (text, rect, font, pen, style, ambiguous) of each run.
fn summary(runs: &[TextRun]) -> Vec<(String, Rect, usize, u8, u8, bool)> {
    runs.iter().map(|r| (r.string(), r.rect, r.font, r.pen, r.style, r.ambiguous)).collect()
}

fn r(l: i32, t: i32, w: i32, h: i32) -> Rect {
    Rect::new(l, t, w, h)
}

#[test]
fn renderer_follows_text_rules() {
    let f = fixed();
    // Outside lo..hi: the default glyph, tf_XSize advance.
    let missing = render(&f, b"\x01", 0);
    assert_eq!((missing.left, missing.width, missing.advance), (0, 8, 8));
    assert!(missing.get(0, 0) && missing.get(6, 6) && !missing.get(3, 3) && !missing.get(7, 0));
    assert_eq!(f.text_length(b"HOKE"), 32);
    // Bold: the glyph again 1 pixel right; advance unchanged, extent +1.
    let bold = render(&f, b"H", FSF_BOLD);
    assert_eq!((bold.width, bold.advance), (9, 8));
    assert!(bold.get(7, 0) && bold.get(2, 0) && !bold.get(3, 0));
    // Underline: row tf_Baseline + 1 across the extent.
    let u = render(&f, b"HO", FSF_UNDERLINED);
    assert!((0..16).all(|x| u.get(x, 7)));
    // Kern and space: j kerns 1 left of the pen, advance -1 + 3.
    let p = prop();
    let j = render(&p, b"jo", 0);
    assert_eq!((j.left, j.advance, j.width), (-1, 7, 8));
    assert_eq!(p.text_length(b"Tjo"), 12);
    assert!(j.get(0, 7) && j.get(2, 0) && j.get(3, 3) && !j.get(4, 3));
}

#[test]
fn empty_image_reads_nothing() {
    let mut img = Image::new(64, 32, 0);
    let reading = read(&mut img, &[fixed(), prop()], &Options::default());
    assert!(reading.runs.is_empty() && reading.limits.is_empty());
    let mut none = Image { width: 0, height: 0, pens: Vec::new() };
    assert!(read(&mut none, &[fixed()], &Options::default()).runs.is_empty());
}

#[test]
fn fixed_font_runs_in_several_pens() {
    let f = fixed();
    let mut img = Image::new(120, 40, 0);
    draw(&mut img, &f, "HOKE", 0, 3, 2, 1, Some(2));
    draw(&mut img, &f, "NAg", 0, 40, 20, 3, None);
    let reading = read(&mut img, &[f], &Options::default());
    assert_eq!(
        summary(&reading.runs),
        vec![("HOKE".into(), r(3, 2, 32, 8), 0, 1, 0, false), ("NAg".into(), r(40, 20, 24, 8), 0, 3, 0, false)]
    );
    assert_eq!(reading.runs[0].baseline, 8);
    assert_eq!((reading.runs[0].font_name.as_str(), reading.runs[0].font_size), ("fixed.font", 8));
    assert!(reading.limits.is_empty());
}

#[test]
fn jam1_over_a_busy_background() {
    let f = fixed();
    let mut img = Image::new(60, 20, 0);
    for y in 0..20 {
        for x in 0..60 {
            img.set(x, y, if (x + y) % 2 == 0 { 4 } else { 5 });
        }
    }
    draw(&mut img, &f, "OK", 0, 9, 5, 1, None);
    let reading = read(&mut img, &[f], &Options::default());
    assert_eq!(summary(&reading.runs), vec![("OK".into(), r(9, 5, 16, 8), 0, 1, 0, false)]);
}

#[test]
fn one_space_joins_more_split() {
    let f = fixed();
    let mut img = Image::new(200, 12, 6);
    draw(&mut img, &f, "AH OK", 0, 0, 2, 1, None);
    draw(&mut img, &f, "HE", 0, 100, 2, 1, None);
    // Two spaces: two runs.
    draw(&mut img, &f, "NO  EH", 0, 130, 2, 1, None);
    let got: Vec<(String, Rect)> =
        read(&mut img, &[f], &Options::default()).runs.iter().map(|r| (r.string(), r.rect)).collect();
    assert_eq!(
        got,
        vec![
            ("AH OK".into(), r(0, 2, 40, 8)),
            ("HE".into(), r(100, 2, 16, 8)),
            ("NO".into(), r(130, 2, 16, 8)),
            ("EH".into(), r(162, 2, 16, 8)),
        ]
    );
}

#[test]
fn bold_is_read_as_bold() {
    let f = fixed();
    let mut img = Image::new(80, 12, 0);
    draw(&mut img, &f, "HOKE", FSF_BOLD, 4, 1, 2, Some(0));
    let reading = read(&mut img, std::slice::from_ref(&f), &Options::default());
    assert_eq!(summary(&reading.runs), vec![("HOKE".into(), r(4, 1, 33, 8), 0, 2, FSF_BOLD, false)]);
    // Bold not looked for: H, O, K are not plain glyphs; bold E is E drawn
    // at 28 and at 29, and the one at 29 is exact in its own cell, so a
    // plain E is read there. With bold looked for, the longer run wins.
    let plain_only = Options { bold: false, ..Options::default() };
    let plain = read(&mut img, &[f], &plain_only);
    assert_eq!(summary(&plain.runs), vec![("E".into(), r(29, 1, 8, 8), 0, 2, 0, false)]);
}

#[test]
fn underlined_and_bold_underlined() {
    let f = fixed();
    let mut img = Image::new(80, 30, 0);
    draw(&mut img, &f, "HONg", FSF_UNDERLINED, 2, 1, 1, Some(0));
    draw(&mut img, &f, "KNE", FSF_UNDERLINED | FSF_BOLD, 2, 15, 1, Some(0));
    let reading = read(&mut img, &[f], &Options::default());
    assert_eq!(
        summary(&reading.runs),
        vec![
            ("HONg".into(), r(2, 1, 32, 8), 0, 1, FSF_UNDERLINED, false),
            ("KNE".into(), r(2, 15, 25, 8), 0, 1, FSF_UNDERLINED | FSF_BOLD, false),
        ]
    );
}

#[test]
fn proportional_with_kerning() {
    let p = prop();
    let mut img = Image::new(100, 24, 0);
    // T then j: j's box starts under T's last column.
    draw(&mut img, &p, "Tjo mini", 0, 5, 3, 1, Some(2));
    draw(&mut img, &p, "jon", 0, 60, 14, 3, None);
    let reading = read(&mut img, &[p], &Options::default());
    // Tjo mini: 5 + 2 + 5 + 3 + 6 + 3 + 5 + 3 = 32; jon starts one pixel
    // left of its pen (kern -1) and ends at its advance 2 + 5 + 5.
    assert_eq!(
        summary(&reading.runs),
        vec![("Tjo mini".into(), r(5, 3, 32, 8), 0, 1, 0, false), ("jon".into(), r(59, 14, 13, 8), 0, 3, 0, false)]
    );
}

#[test]
fn two_fonts_in_one_image() {
    let (f, p) = (fixed(), prop());
    let mut img = Image::new(100, 30, 0);
    draw(&mut img, &f, "HONK", 0, 1, 1, 1, None);
    draw(&mut img, &p, "Tom", 0, 50, 1, 1, None);
    draw(&mut img, &p, "min~", 0, 10, 18, 2, None);
    let reading = read(&mut img, &[f, p], &Options::default());
    let got: Vec<(String, usize, Rect)> = reading.runs.iter().map(|r| (r.string(), r.font, r.rect)).collect();
    // "~" is past tf_HiChar: the default glyph drawn for it is not read.
    assert_eq!(
        got,
        vec![
            ("HONK".into(), 0, r(1, 1, 32, 8)),
            ("Tom".into(), 1, r(50, 1, 16, 8)),
            ("min".into(), 1, r(10, 18, 14, 8))
        ]
    );
}

#[test]
fn covered_glyph_splits_the_run() {
    let f = fixed();
    let mut img = Image::new(80, 12, 0);
    draw(&mut img, &f, "HOKEN", 0, 0, 2, 1, Some(0));
    // A window edge over the top of K (columns 16..20).
    img.fill(r(16, 0, 5, 5), 7);
    let reading = read(&mut img, &[f], &Options::default());
    let got: Vec<(String, Rect)> = reading.runs.iter().map(|r| (r.string(), r.rect)).collect();
    assert_eq!(got, vec![("HO".into(), r(0, 2, 16, 8)), ("EN".into(), r(24, 2, 16, 8))]);
}

#[test]
fn text_cut_by_the_edge_is_a_limit() {
    let f = fixed();
    let mut img = Image::new(40, 10, 0);
    draw(&mut img, &f, "HOKE", 0, 10, 1, 1, None);
    let reading = read(&mut img, &[f], &Options::default());
    assert_eq!(summary(&reading.runs), vec![("HOK".into(), r(10, 1, 24, 8), 0, 1, 0, false)]);
    assert_eq!(reading.limits, vec![Limit::ClippedAtEdge { run: 0 }]);
}

#[test]
fn identical_glyphs_are_ambiguous() {
    let f = fixed();
    let mut img = Image::new(60, 10, 0);
    draw(&mut img, &f, "HlE", 0, 0, 1, 1, None);
    draw(&mut img, &f, "ON", 0, 30, 1, 1, None);
    let reading = read(&mut img, &[f], &Options::default());
    // l and I have one picture: the lower code, marked.
    assert_eq!(
        summary(&reading.runs),
        vec![("HIE".into(), r(0, 1, 24, 8), 0, 1, 0, true), ("ON".into(), r(30, 1, 16, 8), 0, 1, 0, false)]
    );
}

#[test]
fn same_pixels_in_two_fonts_the_first_wins() {
    let f = fixed();
    let mut twin = fixed();
    twin.name = "twin.font".into();
    let mut img = Image::new(40, 10, 0);
    draw(&mut img, &f, "NO", 0, 2, 1, 1, None);
    let reading = read(&mut img, &[twin, f], &Options::default());
    assert_eq!(summary(&reading.runs), vec![("NO".into(), r(2, 1, 16, 8), 0, 1, 0, true)]);
    assert_eq!(reading.runs[0].font_name, "twin.font");
}

#[test]
fn colour_and_broken_fonts_are_limits() {
    let mut colour = fixed();
    colour.style |= FSF_COLORFONT;
    let mut broken = prop();
    broken.char_kern = Some(vec![0; 3]);
    let mut img = Image::new(40, 10, 0);
    draw(&mut img, &fixed(), "OK", 0, 0, 0, 1, None);
    let reading = read(&mut img, &[colour, broken], &Options::default());
    assert!(reading.runs.is_empty());
    assert_eq!(
        reading.limits,
        vec![
            Limit::ColorFont { font: 0 },
            Limit::BadFont { font: 1, error: gadgetscope_textread::FontError::TableLength }
        ]
    );
}

#[test]
fn pens_option_restricts_the_search() {
    let f = fixed();
    let mut img = Image::new(80, 10, 0);
    draw(&mut img, &f, "OK", 0, 0, 1, 1, None);
    draw(&mut img, &f, "NO", 0, 40, 1, 2, None);
    let only2 = Options { pens: Some(vec![2]), ..Options::default() };
    let got: Vec<String> = read(&mut img, &[f], &only2).runs.iter().map(|r| r.string()).collect();
    assert_eq!(got, vec!["NO".to_string()]);
}

#[test]
fn a_pen_pixel_inside_the_box_spoils_the_glyph() {
    let f = fixed();
    let mut img = Image::new(40, 10, 0);
    draw(&mut img, &f, "HOE", 0, 0, 1, 1, None);
    // One stray pixel of the text pen inside O's cell.
    img.set(11, 4, 1);
    let got: Vec<String> = read(&mut img, &[f], &Options::default()).runs.iter().map(|r| r.string()).collect();
    assert_eq!(got, vec!["H".to_string(), "E".to_string()]);
}

/// A 640×256 window: frames and filled gadgets in the text pens, lines of
/// text in both fonts, pens, JAM1 and JAM2, plain and bold; every run read
/// back, nothing else.
#[test]
fn a_window_full_of_text() {
    let (f, p) = (fixed(), prop());
    let fixed_words = ["HONK KEEN", "OK", "NAg", "HEN", "EON AEON", "KOAN", "ANON", "HOE"];
    let prop_words = ["Tom", "mini jon", "moon", "Tjo", "nim", "omni Toon"];
    let mut img = Image::new(640, 256, 0);
    let mut want = Vec::new();
    for line in 0..20i32 {
        let top = 4 + line * 12;
        for half in 0..2i32 {
            let x = 12 + half * 320 + line * 3;
            let n = (line * 2 + half) as usize;
            let (font, fi, text) = if n % 3 == 2 {
                (&p, 1, prop_words[n % prop_words.len()])
            } else {
                (&f, 0, fixed_words[n % fixed_words.len()])
            };
            let pen = [1u8, 2][n % 2];
            let style = if n % 5 == 4 && fi == 0 { FSF_BOLD } else { 0 };
            let rendered = render(font, text.as_bytes(), style);
            let rect = r(x + rendered.left, top, rendered.width as i32, 8);
            // A frame in the text pen two pixels round the text, and on
            // every other run a filled gadget (JAM2 on pen 3).
            let frame = r(rect.left - 3, top - 2, rect.width + 6, 12);
            img.fill(r(frame.left, frame.top, frame.width, 1), pen);
            img.fill(r(frame.left, frame.top + frame.height - 1, frame.width, 1), pen);
            img.fill(r(frame.left, frame.top, 1, frame.height), pen);
            img.fill(r(frame.left + frame.width - 1, frame.top, 1, frame.height), pen);
            let bg = (n & 2 == 0).then_some(3);
            if bg.is_some() {
                img.fill(r(frame.left + 1, frame.top + 1, frame.width - 2, frame.height - 2), 3);
            }
            img.draw(&rendered, x, top, pen, bg);
            want.push((text.to_string(), rect, fi, pen, style, false));
        }
    }
    let reading = read(&mut img, &[f, p], &Options::default());
    assert_eq!(summary(&reading.runs), want);
    assert!(reading.limits.is_empty());
}

/// An image as a bitmap's planes, pixel 0 at bit `first_bit` of each
/// row's first byte (as a window not on a byte boundary of its screen).
fn planar(img: &Image, depth: usize, first_bit: usize) -> Planar {
    let bpr = (first_bit + img.width).div_ceil(16) * 2;
    let mut data = vec![0u8; depth * img.height * bpr];
    for p in 0..depth {
        for y in 0..img.height {
            for x in 0..img.width {
                if img.pens[y * img.width + x] >> p & 1 != 0 {
                    let bit = first_bit + x;
                    data[(p * img.height + y) * bpr + bit / 8] |= 0x80 >> (bit % 8);
                }
            }
        }
    }
    Planar { width: img.width, height: img.height, depth, bytes_per_row: bpr, first_bit, data, covered: Vec::new() }
}

#[test]
fn planes_read_as_the_pen_image() {
    let (f, p) = (fixed(), prop());
    let mut img = Image::new(77, 40, 0);
    img.fill(r(30, 0, 47, 40), 3);
    draw(&mut img, &f, "HONK OK", 0, 1, 2, 1, None);
    draw(&mut img, &p, "Tjo mini", 0, 34, 20, 2, Some(3));
    draw(&mut img, &f, "KEEN", FSF_BOLD, 40, 31, 1, None);
    let want = summary(&read(&mut img, &[f.clone(), p.clone()], &Options::default()).runs);
    assert_eq!(want.len(), 3, "{want:?}");
    for first_bit in [0, 3, 7] {
        let got = read(&mut planar(&img, 2, first_bit), &[f.clone(), p.clone()], &Options::default());
        assert_eq!(summary(&got.runs), want, "first_bit {first_bit}");
    }
    // A depth of 3 with the same pixels: pens 4..7 are empty planes, not
    // even looked at; a covered box hides its pixels' pens.
    let mut deep = planar(&img, 3, 5);
    assert_eq!(gadgetscope_textread::Pixels::pens(&mut deep), vec![0, 1, 2, 3]);
    assert_eq!(summary(&read(&mut deep, &[f, p], &Options::default()).runs), want);
    let mut hidden = planar(&img, 2, 0);
    hidden.covered.push(r(30, 0, 47, 40));
    assert_eq!(gadgetscope_textread::Pixels::pens(&mut hidden), vec![0, 1]);
}

#[test]
fn a_covered_glyph_is_not_read_as_another() {
    let f = fixed();
    let mut img = Image::new(60, 12, 0);
    draw(&mut img, &f, "HONE", 0, 2, 2, 1, None);
    let mut pic = planar(&img, 1, 0);
    // Another window covers E's lower half: its visible top is not read
    // (as anything), H, O and N still are.
    pic.covered.push(r(26, 6, 20, 6));
    let got = read(&mut pic, &[f], &Options::default());
    assert_eq!(
        summary(&got.runs).iter().map(|s| (s.0.clone(), s.1)).collect::<Vec<_>>(),
        vec![("HON".to_string(), r(2, 2, 24, 8))]
    );
}

#[test]
fn a_planar_picture_whose_sizes_lie_reads_nothing() {
    let f = fixed();
    let mut img = Image::new(40, 10, 0);
    draw(&mut img, &f, "OK", 0, 0, 0, 1, None);
    let mut pic = planar(&img, 1, 0);
    pic.data.truncate(pic.data.len() - 1);
    assert!(read(&mut pic, std::slice::from_ref(&f), &Options::default()).runs.is_empty());
    let mut pic = planar(&img, 1, 0);
    pic.bytes_per_row = 4;
    assert!(read(&mut pic, &[f], &Options::default()).runs.is_empty());
}

#[test]
fn a_part_of_a_run_has_its_own_box() {
    let p = prop();
    let mut img = Image::new(80, 12, 0);
    draw(&mut img, &p, "Tjo mini", 0, 10, 2, 1, None);
    let reading = read(&mut img, std::slice::from_ref(&p), &Options::default());
    let run = &reading.runs[0];
    assert_eq!(run.string(), "Tjo mini");
    assert_eq!(run.part_rect(&p, 0, 8), Some(run.rect));
    // "jo": j kerns one pixel left of its pen (under T's bar), o ends
    // with its advance.
    let t = p.text_length(b"T");
    assert_eq!(run.part_rect(&p, 1, 2), Some(r(10 + t - 1, 2, 1 + p.text_length(b"jo"), 8)));
    assert_eq!(run.part_rect(&p, 8, 1), None);
    assert_eq!(run.part_rect(&p, 2, 0), None);
}

/// Lines, a dotted pattern and a long bar are not text, though `-`, `.`
/// and `|` match pieces of them; the same glyphs in a word are read. A
/// solid block glyph is not looked for.
#[test]
fn lines_and_specks_are_not_text() {
    let g: &[Glyph] = &[
        (b'-', &["....", "....", "....", "###.", "....", "....", "....", "...."], 0, 4),
        (b'.', &["...", "...", "...", "...", "...", "##.", "##.", "..."], 0, 3),
        (b'|', &["#.", "#.", "#.", "#.", "#.", "#.", "#.", ".."], 0, 2),
        (b'O', &[".##.", "#..#", "#..#", "#..#", "#..#", "#..#", ".##.", "...."], 0, 5),
    ];
    let f = build("marks.font", 8, 6, 5, 32, b'~', true, g, &["###", "#.#", "#.#", "#.#", "#.#", "#.#", "###", "..."]);
    let mut img = Image::new(200, 60, 0);
    img.fill(r(10, 10, 150, 1), 1);
    img.fill(r(170, 2, 1, 40), 1);
    for x in (10..150).step_by(6) {
        img.fill(r(x, 30, 2, 2), 1);
    }
    draw(&mut img, &f, "O-O|O.", 0, 40, 45, 1, None);
    let got: Vec<String> = read(&mut img, &[f], &Options::default()).runs.iter().map(|r| r.string()).collect();
    assert_eq!(got, vec!["O-O|O.".to_string()]);
}

/// AROS draws the algorithmic underline at `tf_Baseline + 2` where that
/// is above the last row (here the last row: `+ 1`), broken one pixel
/// round the glyphs' own pixels on that row (`g`'s descender); read as
/// underlined as well as AmigaOS's whole line.
#[test]
fn aros_broken_underline_is_underlined() {
    let f = fixed();
    let mut img = Image::new(60, 12, 0);
    let plain = render(&f, b"HONg", 0);
    img.draw(&plain, 2, 1, 1, None);
    let row = 7;
    let glyph = |x: i32| x >= 0 && (x as usize) < plain.width && plain.get(x as usize, row);
    for x in 0..plain.width as i32 {
        if glyph(x) || !(glyph(x - 1) || glyph(x + 1)) {
            img.set(2 + x, 1 + row as i32, 1);
        }
    }
    let reading = read(&mut img, std::slice::from_ref(&f), &Options::default());
    assert_eq!(summary(&reading.runs), vec![("HONg".into(), r(2, 1, 32, 8), 0, 1, FSF_UNDERLINED, false)]);
}
