//! A visible frame around a rectangle of a screen that draws nothing into
//! the window underneath: four thin borderless windows (top, bottom,
//! left, right) just outside the rectangle, filled with a contrasting
//! pen. They are opened without `WA_Activate` and without IDCMP, so the
//! active window stays active and nobody has to answer their messages;
//! smart refresh keeps their colour when something passes over them.
//!
//! The geometry ([`frame_boxes`]) is a pure function tested on the host;
//! the windows ([`Highlight`]) exist on the Amiga only.
//!
//! NDK facts used: intuition/intuition.h `WA_Borderless` (WA_Dummy +
//! 0x25), `WA_NoCareRefresh` (+0x24), `WA_SmartRefresh` (+0x2A),
//! `WA_CustomScreen` (+0x0D); `struct Window` `RPort` at byte 50;
//! `struct Screen` `Width`/`Height` at 12/14; graphics `SetRast(rp, pen)`;
//! intuition `ChangeWindowBox()` (V36, carried out later by Intuition's
//! input handler); `struct DrawInfo` `dri_NumPens` at 2, `dri_Pens` at 4,
//! pen index `FILLPEN` 5 and `BACKGROUNDPEN` 7 (intuition/screens.h).

/// Thickness of each bar, pixels.
pub const THICKNESS: i32 = 2;

/// A box in screen coordinates, pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rect {
    pub left: i32,
    pub top: i32,
    pub width: i32,
    pub height: i32,
}

impl Rect {
    pub const fn new(left: i32, top: i32, width: i32, height: i32) -> Rect {
        Rect { left, top, width, height }
    }
}

/// Clips `r` to a screen of `w`×`h` pixels; `None` if nothing is left.
fn clip(r: Rect, w: i32, h: i32) -> Option<Rect> {
    let l = r.left.max(0);
    let t = r.top.max(0);
    let right = r.left.saturating_add(r.width).min(w);
    let bottom = r.top.saturating_add(r.height).min(h);
    (right > l && bottom > t).then(|| Rect::new(l, t, right - l, bottom - t))
}

/// The four frame windows' boxes around `target` on a screen of
/// `screen_width`×`screen_height`: top and bottom bars span the corners
/// ([`THICKNESS`] wider than the target on each side), left and right bars
/// are as tall as the target; each clipped to the screen, `None` where
/// nothing of a bar is on the screen (a target at the screen edge, or
/// off-screen). Order: top, bottom, left, right. A target with a negative
/// width or height is treated as empty.
pub fn frame_boxes(target: Rect, screen_width: i32, screen_height: i32) -> [Option<Rect>; 4] {
    let t = THICKNESS;
    let w = target.width.max(0);
    let h = target.height.max(0);
    let (l, top) = (target.left, target.top);
    [
        Rect::new(l - t, top - t, w + 2 * t, t),
        Rect::new(l - t, top + h, w + 2 * t, t),
        Rect::new(l - t, top, t, h),
        Rect::new(l + w, top, t, h),
    ]
    .map(|r| clip(r, screen_width, screen_height))
}

#[cfg(target_arch = "wasm32")]
pub use amiga::{Highlight, HighlightError};

#[cfg(target_arch = "wasm32")]
mod amiga {
    use super::{frame_boxes, Rect};
    use crate::intuition::{Intuition, Window};
    use crate::library::Library;
    use crate::tags::Tags;
    use crate::{mem, sys};
    use amiga_ndk::intuition::*;

    /// Why the frame could not be shown.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum HighlightError {
        /// graphics.library V39 did not open.
        NoGraphics,
        /// `OpenWindowTagList()` failed for a bar (no memory).
        NoWindow,
    }

    /// The frame on a screen; its windows close on [`Highlight::hide`]
    /// and on drop. The screen must stay open while the frame is shown
    /// (Intuition refuses `CloseScreen()` while windows are open on it).
    pub struct Highlight<'a> {
        intuition: &'a Intuition,
        graphics: Library,
        screen: u32,
        pen: u32,
        bars: [Option<(Window<'a>, Rect)>; 4],
    }

    impl<'a> Highlight<'a> {
        /// Opens the frame around `left`,`top` `width`×`height` (screen
        /// coordinates) on `screen` (a `struct Screen *`).
        pub fn show(
            intuition: &'a Intuition,
            screen: u32,
            left: i32,
            top: i32,
            width: i32,
            height: i32,
        ) -> Result<Highlight<'a>, HighlightError> {
            let graphics = Library::open("graphics.library", 39).map_err(|_| HighlightError::NoGraphics)?;
            let pen = contrast_pen(intuition, screen);
            let mut h = Highlight { intuition, graphics, screen, pen, bars: [None, None, None, None] };
            h.move_to(left, top, width, height)?;
            Ok(h)
        }

        /// Puts the frame around a new rectangle (shows it again after
        /// [`hide`](Self::hide)): a bar that only moves is moved with
        /// `ChangeWindowBox()`, a bar whose size changes is reopened.
        pub fn move_to(&mut self, left: i32, top: i32, width: i32, height: i32) -> Result<(), HighlightError> {
            let sw = mem::peek16(self.screen + sc_Width as u32) as i16 as i32;
            let sh = mem::peek16(self.screen + sc_Height as u32) as i16 as i32;
            let boxes = frame_boxes(Rect::new(left, top, width, height), sw, sh);
            for (i, want) in boxes.into_iter().enumerate() {
                let keep = match (&self.bars[i], want) {
                    (Some((_, have)), Some(b)) => have.width == b.width && have.height == b.height,
                    _ => false,
                };
                if keep {
                    let (w, have) = self.bars[i].as_mut().unwrap();
                    let b = want.unwrap();
                    if (have.left, have.top) != (b.left, b.top) {
                        // SAFETY: the window is open and ours; the box is on the screen.
                        unsafe {
                            sys::intuition_ChangeWindowBox(
                                self.intuition.base(),
                                w.addr(),
                                b.left,
                                b.top,
                                b.width,
                                b.height,
                            )
                        };
                        *have = b;
                    }
                    continue;
                }
                self.bars[i] = None; // closes the old bar, if any
                if let Some(b) = want {
                    match self.open_bar(b) {
                        Some(w) => self.bars[i] = Some((w, b)),
                        None => {
                            self.hide();
                            return Err(HighlightError::NoWindow);
                        }
                    }
                }
            }
            Ok(())
        }

        fn open_bar(&self, b: Rect) -> Option<Window<'a>> {
            let tags = Tags::new()
                .tag(WA_Left, b.left as u32)
                .tag(WA_Top, b.top as u32)
                .tag(WA_Width, b.width as u32)
                .tag(WA_Height, b.height as u32)
                .tag(WA_CustomScreen, self.screen)
                .tag(WA_Borderless, 1)
                .tag(WA_SmartRefresh, 1)
                .tag(WA_NoCareRefresh, 1)
                .tag(WA_IDCMP, 0);
            let w = self.intuition.open_window(&tags)?;
            let rp = mem::peek32(w.addr() + wd_RPort as u32);
            // SAFETY: rp is the open window's own RastPort.
            unsafe { sys::graphics_SetRast(self.graphics.base(), rp, self.pen) };
            Some(w)
        }

        /// Closes the frame's windows (it can be shown again with
        /// [`move_to`](Self::move_to)).
        pub fn hide(&mut self) {
            for b in self.bars.iter_mut() {
                *b = None;
            }
        }

        /// The boxes of the open bars (top, bottom, left, right).
        pub fn boxes(&self) -> [Option<Rect>; 4] {
            [0, 1, 2, 3].map(|i| self.bars[i].as_ref().map(|(_, r)| *r))
        }

        /// The bars' `struct Window *`s (0 where none is open).
        pub fn windows(&self) -> [u32; 4] {
            [0, 1, 2, 3].map(|i| self.bars[i].as_ref().map_or(0, |(w, _)| w.addr()))
        }

        /// The pen the bars are filled with.
        pub fn pen(&self) -> u32 {
            self.pen
        }
    }

    /// The screen's `FILLPEN` (its active-title colour), unless that is
    /// its background pen; else pen 1.
    fn contrast_pen(intuition: &Intuition, screen: u32) -> u32 {
        let Some(dri) = intuition.draw_info(screen) else {
            return 1;
        };
        let n = mem::peek16(dri.addr() + dri_NumPens as u32) as u32;
        let pens = mem::peek32(dri.addr() + dri_Pens as u32);
        if pens == 0 || n as usize <= BACKGROUNDPEN {
            return 1;
        }
        let fill = mem::peek16(pens + 2 * FILLPEN as u32) as u32;
        let back = mem::peek16(pens + 2 * BACKGROUNDPEN as u32) as u32;
        if fill != back {
            fill
        } else {
            1
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frame_around_a_button_in_the_middle() {
        // The GadTools fixture's Connect button on a 640x256 Workbench.
        let b = frame_boxes(Rect::new(114, 43, 140, 14), 640, 256);
        assert_eq!(
            b,
            [
                Some(Rect::new(112, 41, 144, 2)),
                Some(Rect::new(112, 57, 144, 2)),
                Some(Rect::new(112, 43, 2, 14)),
                Some(Rect::new(254, 43, 2, 14)),
            ]
        );
    }

    #[test]
    fn bars_touch_the_target_and_span_the_corners() {
        let r = Rect::new(10, 20, 30, 40);
        let [t, bo, l, ri] = frame_boxes(r, 640, 256).map(Option::unwrap);
        assert_eq!(t.top + t.height, r.top);
        assert_eq!(bo.top, r.top + r.height);
        assert_eq!(l.left + l.width, r.left);
        assert_eq!(ri.left, r.left + r.width);
        assert_eq!((t.left, t.left + t.width), (l.left, ri.left + ri.width));
        assert_eq!((bo.left, bo.width), (t.left, t.width));
        assert_eq!((l.top, l.height, ri.top, ri.height), (20, 40, 20, 40));
    }

    #[test]
    fn clipped_at_the_screen_edges() {
        // Target at the top-left corner: no top or left bar at all, the
        // others start at 0.
        let b = frame_boxes(Rect::new(0, 0, 50, 10), 640, 256);
        assert_eq!(b, [None, Some(Rect::new(0, 10, 52, 2)), None, Some(Rect::new(50, 0, 2, 10))]);
        // One pixel in from the corner: 1-pixel bars.
        let b = frame_boxes(Rect::new(1, 1, 50, 10), 640, 256);
        assert_eq!(b[0], Some(Rect::new(0, 0, 53, 1)));
        assert_eq!(b[2], Some(Rect::new(0, 1, 1, 10)));
        // Bottom-right corner: bars cut at the screen size.
        let b = frame_boxes(Rect::new(600, 240, 40, 16), 640, 256);
        assert_eq!(b, [Some(Rect::new(598, 238, 42, 2)), None, Some(Rect::new(598, 240, 2, 16)), None]);
        // Bigger than the screen: nothing visible.
        assert_eq!(frame_boxes(Rect::new(0, 0, 640, 256), 640, 256), [None; 4]);
    }

    #[test]
    fn off_screen_and_empty_targets() {
        assert_eq!(frame_boxes(Rect::new(700, 10, 20, 20), 640, 256), [None; 4]);
        assert_eq!(frame_boxes(Rect::new(-50, -50, 20, 20), 640, 256), [None; 4]);
        // Zero height: no side bars, top and bottom touch.
        let b = frame_boxes(Rect::new(10, 10, 20, 0), 640, 256);
        assert_eq!(b, [Some(Rect::new(8, 8, 24, 2)), Some(Rect::new(8, 10, 24, 2)), None, None]);
        // Negative sizes count as empty.
        assert_eq!(frame_boxes(Rect::new(10, 10, -5, -5), 640, 256), frame_boxes(Rect::new(10, 10, 0, 0), 640, 256));
        // Never a zero-sized box.
        for x in -5..5 {
            for w in [0, 1, 3] {
                for r in frame_boxes(Rect::new(x, x, w, w), 8, 8).into_iter().flatten() {
                    assert!(r.width > 0 && r.height > 0, "{r:?}");
                }
            }
        }
    }
}
