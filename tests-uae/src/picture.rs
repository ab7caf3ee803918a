//! Checks on GadgetScope's screenshots: `cargo xtask run`'s picture must
//! show GadgetScope's window with its list and details, and the frame
//! round the selected gadget. The boxes to look at come from the run
//! itself (PickTool's window list), not from guesses; the pixels are
//! [`uae_harness::picture`]'s.

use std::path::Path;
use uae_harness::picture::{Box4, Picture};

/// The frame round a gadget, as `bars` (its four windows' boxes, in the
/// order top, bottom, left, right): each bar is one colour along its
/// middle (or half a pixel beside it), the same colour for all four
/// (within [`near`]), not the colour just outside every bar, and not the
/// colour just inside the framed gadget (so the frame stands out from
/// what it frames).
pub fn frame_is_drawn(pic: &Picture, bars: &[Box4; 4], framed: Box4) -> Result<(), String> {
    let mut colour = None;
    for &(l, t, w, h) in bars {
        // Its ends are left out: the display is scaled with filtering, so
        // an edge pixel blends with its neighbour. Along its middle, or
        // half a pixel to either side: a 2-pixel bar is little more than
        // 2 pixels of the picture across, and where the screen's edge
        // falls in the picture is known to about half a pixel.
        let line = |d: i32| -> Vec<[u8; 3]> {
            if w >= h {
                (l + 1..l + w - 1).map(|x| pic.at_half(2 * x + 1, 2 * t + h + d)).collect()
            } else {
                (t + 1..t + h - 1).map(|y| pic.at_half(2 * l + w + d, 2 * y + 1)).collect()
            }
        };
        let one: Vec<[u8; 3]> = [0, -1, 1]
            .into_iter()
            .map(line)
            .filter(|a| a.first().is_some_and(|f| a.iter().all(|p| p == f)))
            .map(|a| a[0])
            .collect();
        let found = colour.and_then(|c| one.iter().copied().find(|&o| near(o, c))).or(one.first().copied());
        match (found, colour) {
            (None, _) => return Err(format!("the frame bar [{l},{t} {w}x{h}] is not one colour in the picture")),
            (Some(f), None) => colour = Some(f),
            (Some(f), Some(c)) if !near(c, f) => {
                return Err(format!("the frame's bars differ in colour: {c:?} and {f:?}"));
            }
            _ => {}
        }
    }
    // Something must tell the frame from what lies round it: just outside
    // the middle of some bar (above the top bar, below the bottom one, left
    // and right of the side bars; those on the screen) the colour is not
    // the frame's. A uniform background alone is no frame.
    let (sw, sh) = pic.screen();
    let outside = bars.iter().enumerate().filter_map(|(i, &(l, t, w, h))| {
        let (x, y) = match i {
            0 => (l + w / 2, t - 1),
            1 => (l + w / 2, t + h),
            2 => (l - 1, t + h / 2),
            _ => (l + w, t + h / 2),
        };
        (x >= 0 && y >= 0 && x < sw && y < sh).then(|| pic.at(x, y))
    });
    let c = colour.unwrap_or_default();
    if !outside.into_iter().any(|p| !near(p, c)) {
        return Err(format!("the frame's colour {c:?} is the colour round it too: no frame to see"));
    }
    let (fl, ft, _, _) = framed;
    let inside = pic.at(fl + 1, ft + 1);
    if Some(inside) == colour {
        return Err(format!("the frame's colour {inside:?} is the framed gadget's own: no frame to see"));
    }
    Ok(())
}

/// Two picture colours of one Amiga pen: each channel within 8 (a
/// 1-pixel bar at the screen's edge blends a little with the border).
fn near(a: [u8; 3], b: [u8; 3]) -> bool {
    a.iter().zip(b).all(|(&x, y)| x.abs_diff(y) <= 8)
}

/// GadgetScope's window at `window` (its box) shows a title bar mostly
/// in one colour that is not the screen's (an active window's), and, below it,
/// at least `lines` lines of text: rows of pixels in the darkest colour
/// of the window, grouped into runs with gaps between them (the list's
/// rows and the details' lines).
pub fn window_shows_text(pic: &Picture, window: Box4, lines: usize) -> Result<(), String> {
    let (l, t, w, h) = window;
    let screen_colour = pic.at(l - 2, t + h / 2).max(pic.at(l + w + 1, t + h / 2));
    let title = pic.row(t + 3, l + 24, l + w - 24);
    let bar = most_common(&title);
    let fill = title.iter().filter(|&&p| p == bar).count();
    if bar == screen_colour || fill * 5 < title.len() * 3 {
        return Err(format!("GadgetScope's window [{l},{t} {w}x{h}] has no title bar of its own colour"));
    }
    let darkest = (t..t + h)
        .flat_map(|y| pic.row(y, l, l + w))
        .min_by_key(|p| p.iter().map(|&c| u32::from(c)).sum::<u32>())
        .unwrap_or([0, 0, 0]);
    let mut bands = 0;
    let mut in_text = false;
    for y in t + 12..t + h {
        let dark = pic.row(y, l + 4, l + w - 24).iter().filter(|&&p| p == darkest).count();
        // A row of text has several dark pixels; a gadget's border line is
        // not in the darkest pen on this ROM's 3D look, but count generously.
        let text = dark >= 6;
        if text && !in_text {
            bands += 1;
        }
        in_text = text;
    }
    if bands < lines {
        return Err(format!(
            "GadgetScope's window [{l},{t} {w}x{h}] shows {bands} lines of text, fewer than {lines} (list and details)"
        ));
    }
    Ok(())
}

/// The colour most pixels of `pixels` have.
fn most_common(pixels: &[[u8; 3]]) -> [u8; 3] {
    let mut counts: Vec<([u8; 3], usize)> = Vec::new();
    for &p in pixels {
        match counts.iter_mut().find(|(c, _)| *c == p) {
            Some((_, n)) => *n += 1,
            None => counts.push((p, 1)),
        }
    }
    counts.into_iter().max_by_key(|&(_, n)| n).map_or([0; 3], |(c, _)| c)
}

/// Lines of text `cargo xtask run`'s window shows at least: the buttons,
/// five list rows, the selection's echo, four lines of details and the
/// field labels (18 in the README's picture).
pub const MAIN_LINES: usize = 12;

/// `cargo xtask run`'s picture (`png`, of the 640×256 Workbench screen),
/// given PickTool's window list of that moment (`windows`): GadgetScope's
/// window with its list and details, and the frame's four bars round
/// `framed` (screen coordinates).
pub fn check_main(png: &Path, windows: &str, framed: Box4) -> Result<(), String> {
    let pic = Picture::load(png, (640, 256))?;
    let lines: Vec<(Option<String>, Box4)> = windows.lines().filter_map(window_line).collect();
    let bars: Vec<Box4> = lines.iter().filter(|(t, _)| t.is_none()).map(|&(_, b)| b).collect();
    let bars: [Box4; 4] = bars.try_into().map_err(|b: Vec<Box4>| format!("{} frame windows listed, not 4", b.len()))?;
    let window = lines
        .iter()
        .find(|(t, _)| t.as_deref() == Some("GadgetScope"))
        .map(|&(_, b)| b)
        .ok_or("no GadgetScope window listed")?;
    frame_is_drawn(&pic, &bars, framed)?;
    window_shows_text(&pic, window, MAIN_LINES)
}

/// A window line of PickTool's list (`window screen=… title="…" [l,t wxh]
/// active=n`): its title (`None` for `title=none`) and box.
pub fn window_line(line: &str) -> Option<(Option<String>, Box4)> {
    let rest = line.strip_prefix("window ")?;
    let title = match rest.find(" title=")? {
        i if rest[i + 7..].starts_with("none") => None,
        i => {
            let q = &rest[i + 8..];
            Some(q[..q.find('"')?].to_string())
        }
    };
    let b = &rest[rest.rfind('[')? + 1..rest.rfind(']')?];
    let (pos, size) = b.split_once(' ')?;
    let (x, y) = pos.split_once(',')?;
    let (w, h) = size.split_once('x')?;
    Some((title, (x.parse().ok()?, y.parse().ok()?, w.parse().ok()?, h.parse().ok()?)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn image(name: &str) -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../docs/images").join(name)
    }

    /// The README's picture is `cargo xtask run`'s: the boxes PickTool
    /// listed in that run.
    const WINDOW: Box4 = (68, 67, 568, 188);
    const BARS: [Box4; 4] = [(112, 41, 144, 2), (112, 57, 144, 2), (112, 43, 2, 14), (254, 43, 2, 14)];
    const CONNECT: Box4 = (114, 43, 140, 14);

    #[test]
    fn the_readme_picture_passes() {
        let pic = Picture::load(&image("gadgetscope-window.png"), (640, 256)).unwrap();
        frame_is_drawn(&pic, &BARS, CONNECT).unwrap();
        window_shows_text(&pic, WINDOW, MAIN_LINES).unwrap();
    }

    #[test]
    fn a_picture_without_the_frame_or_the_window_fails() {
        let pic = Picture::load(&image("workbench-icons.png"), (640, 256)).unwrap();
        assert!(frame_is_drawn(&pic, &BARS, CONNECT).is_err());
        assert!(window_shows_text(&pic, WINDOW, MAIN_LINES).is_err());
        // The window's picture with one bar painted over in the button's colour.
        let pic = Picture::load(&image("gadgetscope-window.png"), (640, 256)).unwrap();
        let face = pic.at(CONNECT.0 + 1, CONNECT.1 + 1);
        let (l, t, r, b) = pic.display();
        let png = icons::read_png(&image("gadgetscope-window.png")).unwrap();
        let width = png.width as usize;
        let mut rgb: Vec<[u8; 3]> = png.px.iter().map(|p| [p[0], p[1], p[2]]).collect();
        for y in t..b {
            for x in l..r {
                let ax = ((x - l) * 640 / (r - l)) as i32;
                let ay = ((y - t) * 256 / (b - t)) as i32;
                if (112..114).contains(&ax) && (43..57).contains(&ay) {
                    rgb[y * width + x] = face;
                }
            }
        }
        let pic = Picture::new(width, png.height as usize, rgb, (640, 256)).unwrap();
        let e = frame_is_drawn(&pic, &BARS, CONNECT).unwrap_err();
        assert!(e.contains("differ") || e.contains("one colour"), "{e}");
        assert!(Picture::new(2, 1, vec![[0; 3]; 2], (640, 256)).is_err(), "a black picture");
    }

    #[test]
    fn window_lines() {
        let l = "window screen=\"Workbench Screen\" title=\"GadgetScope\" [68,67 568x188] active=1";
        assert_eq!(window_line(l), Some((Some("GadgetScope".into()), WINDOW)));
        let l = "window screen=\"Workbench Screen\" title=none [254,43 2x14] active=0";
        assert_eq!(window_line(l), Some((None, (254, 43, 2, 14))));
        assert_eq!(window_line("screen x"), None);
    }
}
