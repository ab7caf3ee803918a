//! Pick mode: "click on the gadget you mean". An input.device handler
//! ahead of Intuition swallows the next left click (press *and* release,
//! so neither Intuition nor the program under the pointer ever sees it)
//! and reports it; a right click or Esc cancels; pointer movement is
//! counted and passed on, so the pointer keeps moving.
//!
//! The handler runs on input.device's task and therefore is native C in the
//! runtime (amiga-rt/c/runtime.c, `rt_pick_events`, installed through
//! [`crate::handler`]): it edits the event chain, bumps counters in its
//! block and calls exec `Signal()`, nothing else. This module turns the
//! counters into [`PickState`]. Where the pointer is comes from the screen (`Screen->MouseX/MouseY`, the walker's
//! `ScreenInfo::mouse_x/mouse_y`), not from the events.
//!
//! NDK facts used (devices/inputevent.h): swallowed events become
//! `IECLASS_NULL`, or, when a `IECLASS_RAWMOUSE` event also moves the
//! pointer (or is a `IECLASS_POINTERPOS`/`IECLASS_NEWPOINTERPOS` event),
//! keep their movement with `ie_Code` = `IECODE_NOBUTTON`. Buttons:
//! `IECODE_LBUTTON`, `IECODE_RBUTTON`, release = code | `IECODE_UP_PREFIX`;
//! Esc is `RAWKEY_ESC` (values in amiga-ndk `input`).
//!
//! "Clicked" and "cancelled" are counted at the *release* of the
//! swallowed press: when the caller sees them the whole click has been
//! eaten, so removing the handler then cannot let a stray button-up
//! through to Intuition.
use crate::handler::{HandlerError, InputHandler, Kind};

/// What happened since the previous [`PickHandler::poll`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PickState {
    /// Pointer events seen (movement passed on to Intuition).
    pub moves: u32,
    /// A left click (press and release) was swallowed.
    pub clicked: bool,
    /// A right click or Esc (press and release) was swallowed.
    pub cancelled: bool,
}

/// The installed pick-mode handler; removed (and its signal and memory
/// freed) on drop.
pub struct PickHandler {
    handler: InputHandler,
    seen: [u32; 3],
}

impl PickHandler {
    /// Installs the handler ([`InputHandler::install`]).
    pub fn install() -> Result<PickHandler, HandlerError> {
        let handler = InputHandler::install(Kind::Pick, 0)?;
        let mut h = PickHandler { handler, seen: [0; 3] };
        h.seen = h.counters();
        Ok(h)
    }

    /// The signal the handler raises on this task, for `Wait()`.
    pub fn signal_mask(&self) -> u32 {
        self.handler.signal_mask()
    }

    fn counters(&self) -> [u32; 3] {
        [crate::layout::hd_Moves, crate::layout::hd_Clicks, crate::layout::hd_Cancels].map(|o| self.handler.peek32(o))
    }

    /// What happened since the previous poll (or the install). The
    /// counters only increase (the handler never waits for the reader),
    /// so nothing is lost between two polls.
    pub fn poll(&mut self) -> PickState {
        let now = self.counters();
        let d = |i: usize| now[i].wrapping_sub(self.seen[i]);
        let s = PickState { moves: d(0), clicked: d(1) != 0, cancelled: d(2) != 0 };
        self.seen = now;
        s
    }
}
