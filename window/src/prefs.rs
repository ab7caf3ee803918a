//! The window's remembered box (`ENVARC:GadgetScope/window.prefs`;
//! docs/reference/formats.md, "Settings"): its text, read and written
//! here, and the rule that fits it on a smaller screen.
use alloc::format;
use alloc::vec::Vec;
use amiga_ndk::latin1::decimal;

/// The file [`WindowBox`] is kept in.
pub const WINDOW_PREFS: &[u8] = b"ENVARC:GadgetScope/window.prefs";

/// The main window's box, remembered in [`WINDOW_PREFS`] as one line
/// `left top width height` plus LF: pixels, screen-relative (the window's
/// `LeftEdge`/`TopEdge`, borders included in the size).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WindowBox {
    /// Left edge, pixels from the screen's left, 0 to 4096.
    pub left: i16,
    /// Top edge, pixels from the screen's top, 0 to 4096.
    pub top: i16,
    /// Width, pixels, [`WindowBox::MIN_WIDTH`] to [`WindowBox::MAX`].
    pub width: i16,
    /// Height, pixels, [`WindowBox::MIN_HEIGHT`] to [`WindowBox::MAX`].
    pub height: i16,
}

impl WindowBox {
    /// Smallest width kept, pixels.
    pub const MIN_WIDTH: i16 = 100;
    /// Smallest height kept, pixels.
    pub const MIN_HEIGHT: i16 = 60;
    /// Largest edge or size kept, pixels.
    pub const MAX: i16 = 4096;

    /// Reads the file's text: four unsigned decimal numbers separated by
    /// blanks, an optional final LF, nothing else. `None` for anything
    /// else, negative numbers, sizes below 100x60 or anything above 4096
    /// (the caller then uses its default box).
    pub fn parse(text: &[u8]) -> Option<WindowBox> {
        let line = text.strip_suffix(b"\n").unwrap_or(text);
        let mut v = [0i16; 4];
        let mut fields = line.split(|&b| b == b' ' || b == b'\t').filter(|f| !f.is_empty());
        for slot in &mut v {
            let f = fields.next()?;
            *slot = i16::try_from(decimal(f)?).ok().filter(|&n| n <= Self::MAX)?;
        }
        if fields.next().is_some() {
            return None;
        }
        let b = WindowBox { left: v[0], top: v[1], width: v[2], height: v[3] };
        (b.width >= Self::MIN_WIDTH && b.height >= Self::MIN_HEIGHT).then_some(b)
    }

    /// The file's text, `left top width height\n`.
    pub fn to_text(&self) -> Vec<u8> {
        format!("{} {} {} {}\n", self.left, self.top, self.width, self.height).into_bytes()
    }

    /// The box moved (and, if need be, shrunk) to lie on a screen of
    /// `screen_width` x `screen_height` pixels, so a box saved on a larger
    /// screen still opens fully visible. Both front-ends place a
    /// remembered window with it (the GadTools window keeps the size its
    /// plan gives and takes the position).
    pub fn fit(&self, screen_width: i16, screen_height: i16) -> WindowBox {
        let width = self.width.min(screen_width.max(1));
        let height = self.height.min(screen_height.max(1));
        WindowBox {
            left: self.left.min(screen_width - width).max(0),
            top: self.top.min(screen_height - height).max(0),
            width,
            height,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use amiga_ndk::latin1::to_string as shown;

    #[test]
    fn window_box_parse_and_text() {
        let b = WindowBox { left: 10, top: 20, width: 400, height: 200 };
        assert_eq!(b.to_text(), b"10 20 400 200\n");
        assert_eq!(WindowBox::parse(&b.to_text()), Some(b));
        assert_eq!(WindowBox::parse(b"10 20 400 200"), Some(b), "final LF optional");
        assert_eq!(WindowBox::parse(b"10\t20  400 200\n"), Some(b));
        assert_eq!(WindowBox::parse(b"0 0 100 60\n"), Some(WindowBox { left: 0, top: 0, width: 100, height: 60 }));
        assert_eq!(WindowBox::parse(b"4096 4096 4096 4096\n").map(|b| b.width), Some(4096));
        for bad in [
            &b""[..],
            b"\n",
            b"10 20 400\n",
            b"10 20 400 200 5\n",
            b"-10 20 400 200\n",
            b"10 -20 400 200\n",
            b"10 20 99 200\n",
            b"10 20 400 59\n",
            b"10 20 4097 200\n",
            b"10 20 400 4097\n",
            b"4097 20 400 200\n",
            b"10 20 400 200\n\n",
            b"10 20 400 200\r\n",
            b"10,20 400x200\n",
            b"a b c d\n",
            b"10 20 400 +200\n",
            b"10 20 99999 200\n",
            b"\xff\xfe",
        ] {
            assert_eq!(WindowBox::parse(bad), None, "{:?}", shown(bad));
        }
    }

    #[test]
    fn window_box_fits_a_smaller_screen() {
        let b = WindowBox { left: 600, top: 400, width: 500, height: 300 };
        assert_eq!(b.fit(640, 256), WindowBox { left: 140, top: 0, width: 500, height: 256 });
        assert_eq!(b.fit(2000, 2000), b);
        let wide = WindowBox { left: 0, top: 0, width: 1000, height: 100 };
        assert_eq!(wide.fit(640, 480), WindowBox { left: 0, top: 0, width: 640, height: 100 });
    }
}
