//! An input.device handler of the native runtime, installed and removed
//! safely: the owner that pick mode ([`crate::pick`]) and the recorder
//! ([`crate::record`]) build on.
//!
//! The handler itself is native C (amiga-rt/c/runtime.c, `rt_pick_events`,
//! `rt_record_events`): it runs on input.device's task and cannot enter
//! the wasm instance (docs/reference/toolchain.md, "Callbacks and other
//! tasks"). It writes a `MEMF_PUBLIC` block (runtime.c `struct hd_state`)
//! and calls exec `Signal()`; this module allocates the signal and the
//! block, adds the block's `struct Interrupt` to input.device with a
//! request of its own and removes it again on drop.
//!
//! NDK facts (devices/input.h, exec/interrupts.h; AROS
//! rom/devs/input/processevents.c calls handlers in list order with a0 =
//! the event chain, a1 = `is_Data`, the new chain returned in d0):
//! `IND_ADDHANDLER` takes a `struct Interrupt` in `io_Data` and
//! input.device `Enqueue()`s it by `ln_Pri` (100 runs before Intuition's
//! 50); `IND_REMHANDLER` `Remove()`s it, so the runtime remembers whether
//! it is installed (a trap removes it before freeing anything).
use crate::input::InputDevice;
use crate::{mem, rt, sys};
use amiga_ndk::input::{IND_ADDHANDLER, IND_REMHANDLER};

/// Priority of the handlers' `struct Interrupt` (Intuition's is 50).
pub const HANDLER_PRIORITY: i8 = 100;

/// Which native handler (`crate::layout::HD_*`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Pick mode: swallows the next click (`rt_pick_events`).
    Pick = crate::layout::HD_PICK as isize,
    /// The recorder: copies events into a ring, passes them all on
    /// (`rt_record_events`).
    Record = crate::layout::HD_RECORD as isize,
}

/// Why installing a handler failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandlerError {
    /// `AllocSignal(-1)` found no free signal bit.
    NoSignal,
    /// The handler's `MEMF_PUBLIC` block could not be allocated.
    NoMemory,
    /// input.device did not open (or refused `IND_ADDHANDLER`): io_Error.
    Device(i32),
}

/// An installed native handler; removed (and its signal and memory
/// freed) on drop.
pub struct InputHandler {
    // Field order is drop order after Drop::drop: the device closes last.
    device: InputDevice,
    state: u32,
    signal: i32,
}

impl InputHandler {
    /// Allocates a signal and the runtime's block of `kind`, opens
    /// input.device on a request of its own and adds the handler
    /// (`IND_ADDHANDLER`). `ibase` is IntuitionBase (read by the
    /// recorder; pick mode ignores it).
    pub fn install(kind: Kind, ibase: u32) -> Result<InputHandler, HandlerError> {
        // SAFETY: AllocSignal(-1) takes any free signal bit of this task.
        let signal = unsafe { sys::exec_AllocSignal(-1) } as i8 as i32;
        if signal < 0 {
            return Err(HandlerError::NoSignal);
        }
        let free_signal = || {
            // SAFETY: the bit was allocated above and nothing waits on it.
            unsafe { sys::exec_FreeSignal(signal) }
        };
        let mut device = match InputDevice::open() {
            Ok(d) => d,
            Err(e) => {
                free_signal();
                return Err(HandlerError::Device(e));
            }
        };
        // SAFETY: a runtime import; the block belongs to this task.
        let state = unsafe { rt::rt_handler_alloc(kind as u32, 1u32 << signal, ibase) };
        if state == 0 {
            drop(device);
            free_signal();
            return Err(HandlerError::NoMemory);
        }
        // SAFETY: the block's struct Interrupt is filled in by the runtime
        // (code = the native handler, data = the block) and stays valid
        // until rt_handler_free, which Drop calls only after IND_REMHANDLER.
        if let Err(e) = unsafe { device.command(IND_ADDHANDLER, state + crate::layout::hd_Interrupt) } {
            // SAFETY: not installed: the block can go.
            unsafe { rt::rt_handler_free(state) };
            drop(device);
            free_signal();
            return Err(HandlerError::Device(e as i32));
        }
        // SAFETY: tells the runtime how to remove the handler after a trap.
        unsafe { rt::rt_handler_armed(state, device.request_addr()) };
        Ok(InputHandler { device, state, signal })
    }

    /// The signal the handler raises on this task, for `Wait()`.
    pub fn signal_mask(&self) -> u32 {
        1u32 << self.signal
    }

    /// The longword at `offset` of the block.
    pub(crate) fn peek32(&self, offset: u32) -> u32 {
        mem::peek32(self.state + offset)
    }

    /// Writes the longword at `offset` of the block (the fields the
    /// handler only reads).
    pub(crate) fn poke32(&self, offset: u32, value: u32) {
        // SAFETY: offset lies inside the block this owner allocated, which
        // lives until drop; the handler only reads the fields written here.
        unsafe { mem::poke32(self.state + offset, value) }
    }

    /// Copies `out.len()` bytes at `offset` of the block.
    pub(crate) fn read(&self, offset: u32, out: &mut [u8]) {
        mem::copy_into(self.state + offset, out);
    }
}

impl Drop for InputHandler {
    fn drop(&mut self) {
        // SAFETY: installed in install() and not removed since; after this
        // DoIO input.device no longer calls the handler, so the block can
        // be freed and the signal given back.
        unsafe {
            let _ = self.device.command(IND_REMHANDLER, self.state + crate::layout::hd_Interrupt);
            rt::rt_handler_armed(self.state, 0);
            rt::rt_handler_free(self.state);
            sys::exec_SetSignal(0, 1u32 << self.signal);
            sys::exec_FreeSignal(self.signal);
        }
    }
}
