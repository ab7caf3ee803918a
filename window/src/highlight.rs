//! The highlight frame: a visible frame around a rectangle of a screen
//! that draws nothing into the window underneath. Four thin borderless
//! windows (top, bottom, left, right) sit just outside the rectangle,
//! filled with a contrasting pen. They are opened without `WA_Activate`
//! and without IDCMP, so the active window stays active and nobody has to
//! answer their messages; smart refresh keeps their colour when something
//! passes over them.
//!
//! The geometry ([`frame_boxes`]), what happens to each bar when the frame
//! moves ([`bar_change`]) and the pen ([`contrast_pen`]) are pure and
//! host-tested; the windows (`Highlight`) exist on the Amiga only.
//!
//! NDK facts used: intuition/intuition.h `WA_Borderless`,
//! `WA_NoCareRefresh`, `WA_SmartRefresh`, `WA_CustomScreen`; intuition
//! `ChangeWindowBox()` (V36, carried out later by Intuition's input
//! handler); graphics `SetRast()`; intuition/screens.h `FILLPEN`,
//! `BACKGROUNDPEN` in `dri_Pens`.

use amiga_ndk::Rect;

/// Thickness of each bar, pixels.
pub const THICKNESS: i32 = 2;

/// Clips `r` to a screen of `w`×`h` pixels; `None` if nothing is left.
fn clip(r: Rect, w: i32, h: i32) -> Option<Rect> {
    let l = r.left.max(0);
    let t = r.top.max(0);
    let right = r.left.saturating_add(r.width).min(w);
    let bottom = r.top.saturating_add(r.height).min(h);
    (right > l && bottom > t).then(|| Rect::new(l, t, right - l, bottom - t))
}

/// The four frame windows' boxes around `target` on a screen of
/// `screen_width`×`screen_height` pixels: top and bottom bars span the
/// corners ([`THICKNESS`] wider than the target on each side), left and
/// right bars are as tall as the target; each clipped to the screen,
/// `None` where nothing of a bar is on the screen (a target at the screen
/// edge, or off-screen). Order: top, bottom, left, right. A target with a
/// negative width or height is treated as empty.
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

/// What happens to one bar when the frame moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BarChange {
    /// Nothing: the bar is already there, or there is none and none is wanted.
    Keep,
    /// Same size, another place: `ChangeWindowBox()` the open window.
    Move(Rect),
    /// Close the bar's window (if any) and open one at the box, if any:
    /// its size changes, or it appears or disappears.
    Reopen(Option<Rect>),
}

/// The change from the bar `have` to the bar `want` (each `None` where no
/// bar is open or wanted). A window is moved rather than reopened where it
/// can be: moving costs no memory and does not flicker.
pub fn bar_change(have: Option<Rect>, want: Option<Rect>) -> BarChange {
    match (have, want) {
        (None, None) => BarChange::Keep,
        (Some(h), Some(w)) if h == w => BarChange::Keep,
        (Some(h), Some(w)) if (h.width, h.height) == (w.width, w.height) => BarChange::Move(w),
        (_, w) => BarChange::Reopen(w),
    }
}

/// The pen to fill the bars with, from the screen's `FILLPEN` (its
/// active-title colour) and `BACKGROUNDPEN` (`None` where the screen has no
/// such pen): `FILLPEN` unless it is the background, else pen 1.
pub fn contrast_pen(fill: Option<u16>, background: Option<u16>) -> u32 {
    match (fill, background) {
        (Some(f), Some(b)) if f != b => u32::from(f),
        _ => 1,
    }
}

#[cfg(target_arch = "wasm32")]
pub use amiga::{Highlight, HighlightError};

#[cfg(target_arch = "wasm32")]
mod amiga {
    use super::{bar_change, contrast_pen, frame_boxes, BarChange};
    use amiga_ndk::intuition::*;
    use amiga_ndk::Rect;
    use amiga_rt::graphics::Graphics;
    use amiga_rt::intuition::{screen_size, Intuition, Window};
    use amiga_rt::tags::Tags;

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
        graphics: Graphics,
        screen: u32,
        pen: u32,
        bars: [Option<(Window<'a>, Rect)>; 4],
    }

    impl<'a> Highlight<'a> {
        /// Opens the frame around `target` (screen coordinates, pixels)
        /// on `screen` (a `struct Screen *` the caller keeps open).
        pub fn show(intuition: &'a Intuition, screen: u32, target: Rect) -> Result<Highlight<'a>, HighlightError> {
            let graphics = Graphics::open(39).map_err(|_| HighlightError::NoGraphics)?;
            let pen = match intuition.draw_info(screen) {
                Some(dri) => contrast_pen(dri.pen(FILLPEN), dri.pen(BACKGROUNDPEN)),
                None => contrast_pen(None, None),
            };
            let mut h = Highlight { intuition, graphics, screen, pen, bars: [None, None, None, None] };
            h.move_to(target)?;
            Ok(h)
        }

        /// Puts the frame around `target` (shows it again after
        /// [`hide`](Self::hide)), bar by bar as [`bar_change`] says. On
        /// [`HighlightError::NoWindow`] the frame is hidden.
        pub fn move_to(&mut self, target: Rect) -> Result<(), HighlightError> {
            let (sw, sh) = screen_size(self.screen);
            for (i, want) in frame_boxes(target, sw, sh).into_iter().enumerate() {
                match bar_change(self.bars[i].as_ref().map(|(_, r)| *r), want) {
                    BarChange::Keep => {}
                    BarChange::Move(b) => {
                        if let Some((w, have)) = self.bars[i].as_mut() {
                            w.change_box(b.left, b.top, b.width, b.height);
                            *have = b;
                        }
                    }
                    BarChange::Reopen(b) => {
                        self.bars[i] = None; // closes the old bar, if any
                        if let Some(b) = b {
                            let Some(w) = self.open_bar(b) else {
                                self.hide();
                                return Err(HighlightError::NoWindow);
                            };
                            self.bars[i] = Some((w, b));
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
            self.graphics.set_rast(&w, self.pen);
            Some(w)
        }

        /// The bars in front of every window of the screen (after a
        /// window was brought forward over them): `WindowToFront()` each.
        pub fn to_front(&self) {
            for (w, _) in self.bars.iter().flatten() {
                w.to_front();
            }
        }

        /// Closes the frame's windows (it can be shown again with
        /// [`move_to`](Self::move_to)).
        pub fn hide(&mut self) {
            self.bars = [None, None, None, None];
        }

        /// The boxes of the open bars (top, bottom, left, right).
        pub fn boxes(&self) -> [Option<Rect>; 4] {
            [0, 1, 2, 3].map(|i| self.bars[i].as_ref().map(|(_, r)| *r))
        }

        /// The bars' `struct Window *`s (0 where none is open).
        pub fn windows(&self) -> [u32; 4] {
            [0, 1, 2, 3].map(|i| self.bars[i].as_ref().map_or(0, |(w, _)| w.addr()))
        }

        /// Whether every bar's window is where it was asked to be:
        /// `ChangeWindowBox()` is carried out later, by Intuition's input
        /// handler.
        pub fn in_place(&self) -> bool {
            self.bars.iter().flatten().all(|(w, r)| w.position() == (r.left, r.top))
        }

        /// The pen the bars are filled with.
        pub fn pen(&self) -> u32 {
            self.pen
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

    #[test]
    fn a_bar_of_the_same_size_moves_any_other_change_reopens() {
        let a = Rect::new(10, 10, 40, 2);
        assert_eq!(bar_change(None, None), BarChange::Keep);
        assert_eq!(bar_change(Some(a), Some(a)), BarChange::Keep);
        let moved = Rect::new(30, 50, 40, 2);
        assert_eq!(bar_change(Some(a), Some(moved)), BarChange::Move(moved));
        let wider = Rect::new(10, 10, 41, 2);
        assert_eq!(bar_change(Some(a), Some(wider)), BarChange::Reopen(Some(wider)));
        assert_eq!(bar_change(None, Some(a)), BarChange::Reopen(Some(a)));
        assert_eq!(bar_change(Some(a), None), BarChange::Reopen(None));
    }

    #[test]
    fn moving_between_two_buttons_of_one_size_moves_every_bar() {
        // What the highlight-frame scenario measures as "reused=4".
        let old = frame_boxes(Rect::new(114, 43, 140, 14), 640, 256);
        let new = frame_boxes(Rect::new(114, 63, 140, 14), 640, 256);
        for (h, w) in old.into_iter().zip(new) {
            assert!(matches!(bar_change(h, w), BarChange::Move(_)));
        }
    }

    #[test]
    fn the_pen_is_the_fill_pen_unless_it_is_the_background() {
        assert_eq!(contrast_pen(Some(3), Some(0)), 3);
        assert_eq!(contrast_pen(Some(0), Some(0)), 1);
        assert_eq!(contrast_pen(None, Some(0)), 1);
        assert_eq!(contrast_pen(Some(3), None), 1);
    }
}
