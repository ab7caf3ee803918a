//! Pick mode: "click on the gadget you mean". An input.device handler
//! ahead of Intuition swallows the next left click (press *and* release,
//! so neither Intuition nor the program under the pointer ever sees it)
//! and reports it; a right click or Esc cancels; pointer movement is
//! counted and passed on, so the pointer keeps moving.
//!
//! The handler runs on input.device's task and therefore is native C in the
//! runtime (runtime/c/runtime.c, `rt_pick_events`; docs/reference/toolchain.md,
//! "Callbacks and other tasks"): it edits the event chain, bumps counters in a
//! `MEMF_PUBLIC` block and calls exec `Signal()`, nothing else. This module
//! allocates the signal, installs and removes the handler with its own
//! input.device request, and turns the counters into [`PickState`]. Where the
//! pointer is comes from the screen (`Screen->MouseX/MouseY`, the walker's
//! `ScreenInfo::mouse_x/mouse_y`), not from the events.
//!
//! NDK facts used (devices/input.h, devices/inputevent.h,
//! exec/interrupts.h; AROS compiler/include has the same values and
//! rom/devs/input/processevents.c calls handlers in list order with a0 =
//! the event chain, a1 = `is_Data`, the new chain returned in d0):
//! `IND_ADDHANDLER` = `CMD_NONSTD` + 0 = 9 and `IND_REMHANDLER` = 10 take a
//! `struct Interrupt` in `io_Data` (input.device `Enqueue()`s it by
//! `ln_Pri`: 100 runs before Intuition's 50; `Remove()`s it on
//! `IND_REMHANDLER`). Swallowed events become `IECLASS_NULL` (0), or,
//! when a `IECLASS_RAWMOUSE` event also moves the pointer (or is a
//! `IECLASS_POINTERPOS`/`IECLASS_NEWPOINTERPOS` event), keep their
//! movement with `ie_Code` = `IECODE_NOBUTTON` (0xFF). Buttons:
//! `IECODE_LBUTTON` 0x68, `IECODE_RBUTTON` 0x69, release = code |
//! `IECODE_UP_PREFIX` 0x80; Esc is rawkey 0x45.
//!
//! "Clicked" and "cancelled" are counted at the *release* of the
//! swallowed press: when the caller sees them the whole click has been
//! eaten, so removing the handler then cannot let a stray button-up
//! through to Intuition.
use crate::input::InputDevice;
use crate::{mem, rt, sys};
use amiga_ndk::input::{IND_ADDHANDLER, IND_REMHANDLER};

/// Priority of the handler's `struct Interrupt` (Intuition's is 50).
pub const HANDLER_PRIORITY: i8 = 100;

/// Offsets in the runtime's block (runtime.c `struct pk_state`).
const ST_MOVES: u32 = 8;
const ST_CLICKS: u32 = 12;
const ST_CANCELS: u32 = 16;
/// The `struct Interrupt` inside the block.
const ST_INTERRUPT: u32 = 28;

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

/// Why [`PickHandler::install`] failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PickError {
    /// `AllocSignal(-1)` found no free signal bit.
    NoSignal,
    /// The handler's `MEMF_PUBLIC` block could not be allocated.
    NoMemory,
    /// input.device did not open (or refused `IND_ADDHANDLER`): io_Error.
    Device(i32),
}

/// The installed pick-mode handler; removed (and its signal and memory
/// freed) on drop.
pub struct PickHandler {
    // Field order is drop order after Drop::drop: the device closes last.
    device: InputDevice,
    state: u32,
    signal: i32,
    seen: [u32; 3],
}

impl PickHandler {
    /// Allocates a signal, the runtime's block, opens input.device on a
    /// request of its own and adds the handler (`IND_ADDHANDLER`).
    pub fn install() -> Result<PickHandler, PickError> {
        // SAFETY: AllocSignal(-1) takes any free signal bit of this task.
        let signal = unsafe { sys::exec_AllocSignal(-1) } as i8 as i32;
        if signal < 0 {
            return Err(PickError::NoSignal);
        }
        let free_signal = || {
            // SAFETY: the bit was allocated above and nothing waits on it.
            unsafe { sys::exec_FreeSignal(signal) }
        };
        let mut device = match InputDevice::open() {
            Ok(d) => d,
            Err(e) => {
                free_signal();
                return Err(PickError::Device(e));
            }
        };
        // SAFETY: a runtime import; the block belongs to this task.
        let state = unsafe { rt::rt_pick_alloc(1u32 << signal) };
        if state == 0 {
            drop(device);
            free_signal();
            return Err(PickError::NoMemory);
        }
        // SAFETY: the block's struct Interrupt is filled in by the runtime
        // (code = the native handler, data = the block) and stays valid
        // until rt_pick_free, which Drop calls only after IND_REMHANDLER.
        if let Err(e) = unsafe { device.command(IND_ADDHANDLER, state + ST_INTERRUPT) } {
            // SAFETY: not installed: the block can go.
            unsafe { rt::rt_pick_free(state) };
            drop(device);
            free_signal();
            return Err(PickError::Device(e as i32));
        }
        // SAFETY: tells the runtime how to remove the handler after a trap.
        unsafe { rt::rt_pick_armed(state, device.request_addr()) };
        let mut h = PickHandler { device, state, signal, seen: [0; 3] };
        h.seen = h.counters();
        Ok(h)
    }

    /// The signal the handler raises on this task, for `Wait()`.
    pub fn signal_mask(&self) -> u32 {
        1u32 << self.signal
    }

    fn counters(&self) -> [u32; 3] {
        [ST_MOVES, ST_CLICKS, ST_CANCELS].map(|o| mem::peek32(self.state + o))
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

impl Drop for PickHandler {
    fn drop(&mut self) {
        // SAFETY: installed in install() and not removed since; after this
        // DoIO input.device no longer calls the handler, so the block can
        // be freed and the signal given back.
        unsafe {
            let _ = self.device.command(IND_REMHANDLER, self.state + ST_INTERRUPT);
            rt::rt_pick_armed(self.state, 0);
            rt::rt_pick_free(self.state);
            sys::exec_SetSignal(0, 1u32 << self.signal);
            sys::exec_FreeSignal(self.signal);
        }
    }
}
