//! What makes a highlighted gadget seen: where GadgetScope's window
//! steps aside to, and whether the target's window comes to the front
//! (README "The window", docs/reference/commands.md "HIGHLIGHT"). Pure
//! and host-tested; the controller ([`crate::gui`]) gives it the boxes
//! and the depth order it read, and carries the answer out through the
//! front-end (its window moved with `ChangeWindowBox()`) and the desk
//! (intuition `WindowToFront()`, which does not activate).
//!
//! The rule, on the target's screen, for a box highlighted by HIGHLIGHT,
//! a selection in the list, the Highlight button or a Pick:
//!
//! 1. **GadgetScope steps aside** when its window is in front of the
//!    target's window and covers the framed box (the gadget and its
//!    2-pixel frame), if its place is GadgetScope's own (the controller
//!    knows whether the user chose it): to the nearest place where it
//!    covers nothing of the target's window, else, where the screen has
//!    no such place, nothing of the framed box. The window keeps its size
//!    and stays whole on the screen; the nearest place is the shortest
//!    move (to the right of, left of, below or above what it avoids, the
//!    other coordinate moved only as far as the screen's edge needs).
//! 2. **The target comes to the front** when a window in front of it
//!    still covers the gadget's box: GadgetScope's own (it may not or
//!    cannot step aside) or another program's.
//!
//! The frame's own windows are no part of it: they stay in front of
//! everything.

use crate::highlight::THICKNESS;
use amiga_ndk::Rect;

/// The box the frame takes round `target`: [`THICKNESS`] on every side.
pub fn framed(target: Rect) -> Rect {
    let t = THICKNESS;
    Rect::new(target.left - t, target.top - t, target.width.max(0) + 2 * t, target.height.max(0) + 2 * t)
}

/// The smallest box holding both.
fn union(a: Rect, b: Rect) -> Rect {
    let (l, t) = (a.left.min(b.left), a.top.min(b.top));
    let r = (a.left + a.width).max(b.left + b.width);
    let bo = (a.top + a.height).max(b.top + b.height);
    Rect::new(l, t, r - l, bo - t)
}

/// A box of `from`'s size, whole on a screen of `screen` (width, height)
/// pixels, sharing no pixel with `avoid`, as near to `from` as can be:
/// right of, left of, below or above `avoid` (the other coordinate
/// `from`'s, moved onto the screen if need be), the shortest move
/// (horizontal plus vertical pixels) first, ties in that order. `None`
/// when none of the four fits on the screen.
pub fn beside(screen: (i32, i32), avoid: Rect, from: Rect) -> Option<Rect> {
    let (sw, sh) = screen;
    let (w, h) = (from.width, from.height);
    if w <= 0 || h <= 0 || w > sw || h > sh {
        return None;
    }
    let x = from.left.clamp(0, sw - w);
    let y = from.top.clamp(0, sh - h);
    [(avoid.left + avoid.width, y), (avoid.left - w, y), (x, avoid.top + avoid.height), (x, avoid.top - h)]
        .into_iter()
        .map(|(l, t)| Rect::new(l, t, w, h))
        .filter(|r| r.left >= 0 && r.top >= 0 && r.left + w <= sw && r.top + h <= sh)
        .min_by_key(|r| (r.left - from.left).abs() + (r.top - from.top).abs())
}

/// What the controller read of the target's screen.
#[derive(Clone, Copy, Debug)]
pub struct Scene<'a> {
    /// The screen's width and height, pixels.
    pub screen: (i32, i32),
    /// The target's window (screen-relative, borders included).
    pub window: Rect,
    /// The highlighted box: a gadget's, or the window's own.
    pub target: Rect,
    /// GadgetScope's window, when it is in front of the target's window
    /// on its screen (and is not the target's window).
    pub own: Option<Rect>,
    /// Whether GadgetScope may move its window (its place is its own, not
    /// one the user chose).
    pub may_move: bool,
    /// The other windows in front of the target's window (the frame's
    /// bars left out).
    pub others: &'a [Rect],
}

/// What to do before the frame is drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Seen {
    /// GadgetScope's window moves there.
    pub step_aside: Option<Rect>,
    /// The target's window comes to the front (without activation).
    pub raise: bool,
}

/// The rule of the module's documentation, for `s`. An empty target
/// (nothing to see) asks for nothing.
pub fn seen(s: &Scene) -> Seen {
    if s.target.is_empty() {
        return Seen::default();
    }
    let framed = framed(s.target);
    let mut own = s.own;
    let mut step_aside = None;
    if let Some(o) = own.filter(|o| s.may_move && o.overlaps(&framed)) {
        step_aside = beside(s.screen, union(s.window, framed), o).or_else(|| beside(s.screen, framed, o));
        if step_aside.is_some() {
            own = step_aside;
        }
    }
    let raise = own.iter().chain(s.others).any(|w| w.overlaps(&s.target));
    Seen { step_aside, raise }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SCREEN: (i32, i32) = (640, 256);
    /// GadgetScope's GadTools window at its default place on the ROM's
    /// 640x256 Workbench (bottom right, as `gui-gadtools` lists it).
    const OWN: Rect = Rect::new(68, 67, 568, 188);
    /// The GadTools fixture's window.
    const FIXTURE: Rect = Rect::new(20, 24, 408, 171);
    /// The boot Shell's window and its scroller.
    const SHELL: Rect = Rect::new(0, 0, 640, 256);
    const SCROLLER: Rect = Rect::new(629, 16, 10, 197);

    fn scene(window: Rect, target: Rect, own: Option<Rect>, may_move: bool) -> Scene<'static> {
        Scene { screen: SCREEN, window, target, own, may_move, others: &[] }
    }

    #[test]
    fn a_scroller_behind_the_window_at_the_screen_edge_gets_room() {
        // The report: the Shell's scroller under GadgetScope's right edge.
        // No room beside the whole (full-screen) window; left of the
        // framed scroller there is: 9 pixels to the left.
        let s = seen(&scene(SHELL, SCROLLER, Some(OWN), true));
        assert_eq!(s, Seen { step_aside: Some(Rect::new(59, 67, 568, 188)), raise: false });
        let moved = s.step_aside.unwrap();
        assert!(!moved.overlaps(&framed(SCROLLER)));
    }

    #[test]
    fn a_gadget_with_no_room_round_it_comes_to_the_front() {
        // The fixture's Mode button (94,107 140x14 in the window): on
        // 640x256 GadgetScope's window fits on no side of it.
        let mode = Rect::new(114, 131, 140, 14);
        assert_eq!(seen(&scene(FIXTURE, mode, Some(OWN), true)), Seen { step_aside: None, raise: true });
    }

    #[test]
    fn on_a_larger_screen_the_window_goes_beside_the_whole_target_window() {
        let mode = Rect::new(114, 131, 140, 14);
        // 1024x300: no room below or above the fixture; right of it (x
        // 428) there is.
        let own = Rect::new(100, 100, 568, 188);
        let s = Scene { screen: (1024, 300), ..scene(FIXTURE, mode, Some(own), true) };
        assert_eq!(seen(&s), Seen { step_aside: Some(Rect::new(428, 100, 568, 188)), raise: false });
        // 1024x768: below the fixture (y 195) is the shorter move.
        let own = Rect::new(0, 120, 568, 188);
        let s = Scene { screen: (1024, 768), ..scene(FIXTURE, mode, Some(own), true) };
        assert_eq!(seen(&s).step_aside, Some(Rect::new(0, 195, 568, 188)));
    }

    #[test]
    fn a_place_the_user_chose_is_kept_and_the_target_comes_forward() {
        let s = seen(&scene(SHELL, SCROLLER, Some(OWN), false));
        assert_eq!(s, Seen { step_aside: None, raise: true });
    }

    #[test]
    fn nothing_moves_when_nothing_covers() {
        let connect = Rect::new(114, 43, 140, 14);
        assert_eq!(seen(&scene(FIXTURE, connect, Some(OWN), true)), Seen::default());
        // GadgetScope's window behind the target's (own = None).
        assert_eq!(seen(&scene(FIXTURE, Rect::new(114, 131, 140, 14), None, true)), Seen::default());
        // An empty box asks for nothing.
        assert_eq!(seen(&scene(FIXTURE, Rect::new(20, 24, 0, 0), Some(OWN), true)), Seen::default());
    }

    #[test]
    fn only_the_frame_covered_moves_but_raises_nothing() {
        // Connect's frame (bottom bar at y 57..59) under a window at y 58.
        let connect = Rect::new(114, 43, 140, 14);
        let own = Rect::new(68, 58, 568, 188);
        let s = seen(&scene(FIXTURE, connect, Some(own), true));
        // Below the framed box: y 59, one pixel down.
        assert_eq!(s, Seen { step_aside: Some(Rect::new(68, 59, 568, 188)), raise: false });
        // Not allowed to move: the frame's bars are in front anyway, the
        // gadget itself is not covered.
        assert_eq!(seen(&scene(FIXTURE, connect, Some(own), false)), Seen::default());
    }

    #[test]
    fn another_window_in_front_raises_the_target_even_after_a_step_aside() {
        let others = [Rect::new(600, 100, 40, 40)];
        let s = Scene { others: &others, ..scene(SHELL, SCROLLER, Some(OWN), true) };
        assert_eq!(seen(&s), Seen { step_aside: Some(Rect::new(59, 67, 568, 188)), raise: true });
        // One that covers only the frame raises nothing.
        let others = [Rect::new(600, 100, 28, 40)];
        let s = Scene { others: &others, ..scene(SHELL, SCROLLER, None, true) };
        assert!(!seen(&s).raise);
    }

    #[test]
    fn beside_stays_on_the_screen_and_avoids_the_box() {
        // Too big for the screen: nowhere.
        assert_eq!(beside(SCREEN, SCROLLER, Rect::new(0, 0, 641, 10)), None);
        assert_eq!(beside(SCREEN, SCROLLER, Rect::new(0, 0, 10, 257)), None);
        assert_eq!(beside(SCREEN, SCROLLER, Rect::new(0, 0, 0, 10)), None);
        // A window partly off the screen is brought onto it.
        assert_eq!(
            beside(SCREEN, Rect::new(0, 0, 100, 256), Rect::new(50, 200, 200, 100)),
            Some(Rect::new(100, 156, 200, 100))
        );
        for (l, t, w, h) in
            [(0, 0, 100, 50), (300, 100, 40, 40), (600, 200, 40, 56), (-20, -20, 60, 60), (10, 10, 620, 20)]
        {
            let avoid = Rect::new(l, t, w, h);
            for (fl, ft) in [(0, 0), (300, 100), (-50, 300), (700, 10)] {
                let from = Rect::new(fl, ft, 200, 100);
                if let Some(b) = beside(SCREEN, avoid, from) {
                    assert!(!b.overlaps(&avoid), "{b:?} {avoid:?}");
                    assert!(b.left >= 0 && b.top >= 0 && b.left + b.width <= 640 && b.top + b.height <= 256, "{b:?}");
                    assert_eq!((b.width, b.height), (200, 100));
                }
            }
        }
    }

    #[test]
    fn framed_is_the_frame_bars_outline() {
        assert_eq!(framed(Rect::new(114, 43, 140, 14)), Rect::new(112, 41, 144, 18));
        let bars = crate::highlight::frame_boxes(Rect::new(114, 43, 140, 14), 640, 256);
        for b in bars.into_iter().flatten() {
            assert!(framed(Rect::new(114, 43, 140, 14)).overlaps(&b));
        }
    }
}
