//! The recorder's input handler: copies every button transition and key
//! press into a ring as it happens, with the pointer and the active
//! window of that moment, and passes every event on unchanged
//! (docs/design/recorder.md).
//!
//! The handler is native C (amiga-rt/c/runtime.c, `rt_record_events`,
//! installed through [`crate::handler`]); this module drains its ring.
//! The ring holds [`RING`] entries; the handler writes an entry, then
//! bumps `head`; this side reads up to `head`, then writes `tail`. With
//! the ring full the handler drops the event and counts it (`lost`):
//! input.device never waits for GadgetScope.
//!
//! While the handler is installed the task runs at [`RECORD_PRIORITY`],
//! one above ordinary programs (exec `SetTaskPri()`, exec/tasks.h): the
//! handler's signal then lets GadgetScope run before the program under
//! the pointer, or a program writing input events, goes on, so the
//! recorder reads the window as it was at the press, not after the
//! program reacted to the release. The old priority comes back on drop.
use crate::handler::{HandlerError, InputHandler, Kind};
use crate::layout::*;
use crate::sys;
use alloc::vec::Vec;

/// The task's priority while recording (ordinary programs run at 0,
/// input.device at 20).
pub const RECORD_PRIORITY: i8 = 1;

/// Entries in the ring.
pub const RING: u32 = RC_RING;
/// Bytes per entry.
const ENTRY: usize = rc_SIZEOF as usize;

/// One recorded event, as the handler copied it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RawEvent {
    /// `ie_Class`: `IECLASS_RAWMOUSE` (or `IECLASS_POINTERPOS` /
    /// `IECLASS_NEWPOINTERPOS`) for a button, `IECLASS_RAWKEY` for a key
    /// (devices/inputevent.h).
    pub class: u8,
    /// `ie_Code`: `IECODE_LBUTTON`/`IECODE_RBUTTON` or a raw key code,
    /// with `IECODE_UP_PREFIX` for a release (keys: presses only).
    pub code: u16,
    /// `ie_Qualifier`.
    pub qualifier: u16,
    /// `IntuitionBase->FirstScreen` then (an identity).
    pub screen: u32,
    /// That screen's `MouseX`/`MouseY` then: pixels from its top-left.
    pub x: i16,
    /// See [`RawEvent::x`].
    pub y: i16,
    /// `IntuitionBase->ActiveWindow` then (an identity, 0 when none).
    pub active_window: u32,
    /// `ie_TimeStamp`: seconds.
    pub seconds: u32,
    /// `ie_TimeStamp`: microseconds.
    pub micros: u32,
}

impl RawEvent {
    fn decode(b: &[u8; ENTRY]) -> RawEvent {
        let w = |o: u32| u16::from_be_bytes([b[o as usize], b[o as usize + 1]]);
        let l = |o: u32| {
            let o = o as usize;
            u32::from_be_bytes([b[o], b[o + 1], b[o + 2], b[o + 3]])
        };
        RawEvent {
            class: b[rc_Class as usize],
            code: w(rc_Code),
            qualifier: w(rc_Qual),
            x: w(rc_X) as i16,
            y: w(rc_Y) as i16,
            screen: l(rc_Screen),
            active_window: l(rc_Window),
            seconds: l(rc_Secs),
            micros: l(rc_Micro),
        }
    }
}

/// The installed recording handler; removed (and its signal and memory
/// freed) on drop.
pub struct RecordHandler {
    handler: InputHandler,
    lost_seen: u32,
    old_priority: i32,
}

impl RecordHandler {
    /// Installs the handler ([`InputHandler::install`]); `ibase` is
    /// IntuitionBase, whose `FirstScreen` and `ActiveWindow` it reads.
    pub fn install(ibase: u32) -> Result<RecordHandler, HandlerError> {
        let handler = InputHandler::install(Kind::Record, ibase)?;
        // SAFETY: SetTaskPri on this task is always allowed; it returns the
        // old priority, a BYTE (exec/tasks.h `ln_Pri`).
        let old_priority =
            unsafe { sys::exec_SetTaskPri(crate::exec::this_task(), RECORD_PRIORITY.into()) } as i8 as i32;
        Ok(RecordHandler { handler, lost_seen: 0, old_priority })
    }

    /// The signal the handler raises on this task, for `Wait()`.
    pub fn signal_mask(&self) -> u32 {
        self.handler.signal_mask()
    }

    /// Appends the events recorded since the previous drain to `out`, in
    /// order, and frees their entries; returns how many events were
    /// dropped meanwhile because the ring was full.
    pub fn drain(&mut self, out: &mut Vec<RawEvent>) -> u32 {
        let head = self.handler.peek32(hd_Head);
        let mut tail = self.handler.peek32(hd_Tail);
        // The handler never runs more than RING entries ahead.
        let pending = head.wrapping_sub(tail).min(RING);
        out.reserve(pending as usize);
        let mut b = [0u8; ENTRY];
        for _ in 0..pending {
            self.handler.read(hd_Ring + (tail % RING) * ENTRY as u32, &mut b);
            out.push(RawEvent::decode(&b));
            tail = tail.wrapping_add(1);
        }
        self.handler.poke32(hd_Tail, tail);
        let lost = self.handler.peek32(hd_Lost);
        let new = lost.wrapping_sub(self.lost_seen);
        self.lost_seen = lost;
        new
    }
}

impl Drop for RecordHandler {
    fn drop(&mut self) {
        // SAFETY: as in install(): this task, its own priority.
        unsafe { sys::exec_SetTaskPri(crate::exec::this_task(), self.old_priority) };
    }
}
