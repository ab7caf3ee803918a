//! exec.library: memory statistics and message ports.
use crate::sys;

/// `AvailMem(requirements)`: free bytes of that memory type now.
pub fn avail_mem(requirements: u32) -> u32 {
    // SAFETY: plain library call.
    unsafe { sys::exec_AvailMem(requirements) }
}

/// `TypeOfMem(address)`: the MEMF_ attributes of the memory at `address`,
/// 0 when it is no memory exec knows (used to guard class pointers).
pub fn type_of_mem(address: u32) -> u32 {
    // SAFETY: TypeOfMem only compares the address with the memory list.
    unsafe { sys::exec_TypeOfMem(address) }
}

/// `SetSignal(newSignals, signalSet)`: sets the signals of `signal_set`
/// to those in `new_signals` and returns the task's signals as they were
/// (`SetSignal(0, mask)` takes and clears what arrived of `mask`).
pub fn set_signal(new_signals: u32, signal_set: u32) -> u32 {
    // SAFETY: only this task's own signal bits change.
    unsafe { sys::exec_SetSignal(new_signals, signal_set) }
}

/// `Wait(signalSet)`: sleeps until one of the signals arrives; returns
/// the signals that did (exec.library autodoc).
pub fn wait(signal_set: u32) -> u32 {
    // SAFETY: Wait only sleeps on this task's own signals.
    unsafe { sys::exec_Wait(signal_set) }
}

/// Runs `f` between exec `Disable()` and `Enable()` (interrupts off):
/// for reading lists that interrupts change, such as `TaskReady` and
/// `TaskWait` (exec `Signal()` moves tasks from interrupt code). Keep `f`
/// short and free of allocation and OS calls that may wait.
pub fn disabled<R>(f: impl FnOnce() -> R) -> R {
    // SAFETY: Disable/Enable nest and are balanced here.
    unsafe { sys::exec_Disable() };
    let r = f();
    // SAFETY: balances the Disable above.
    unsafe { sys::exec_Enable() };
    r
}

/// exec `SysBase->DispCount` ("incremented when a task is dispatched",
/// exec/execbase.h): two equal reads mean no other task ran in between.
/// Inside [`forbidden`] it moves only when something waited (a `Wait()`
/// breaks the Forbid until this task runs again).
pub fn dispatch_count() -> u32 {
    // SAFETY: reads one ULONG of ExecBase (runtime.c).
    unsafe { crate::rt::rt_dispatch_count() }
}

/// exec `FindTask(NULL)`: the calling task (a `struct Process` for an
/// Amiga program started from the Shell or Workbench), as an address.
pub fn this_task() -> u32 {
    // SAFETY: FindTask(NULL) only looks up the running task.
    unsafe { sys::exec_FindTask(core::ptr::null()) }
}

/// exec `Forbid()`: no other task runs until the matching [`permit`]
/// (they nest). Callers pair the two; [`forbidden`] does it for a closure.
pub fn forbid() {
    // SAFETY: Forbid only counts; an unmatched one stops multitasking but
    // touches no memory of this program.
    unsafe { sys::exec_Forbid() }
}

/// exec `Permit()`: ends one [`forbid`].
pub fn permit() {
    // SAFETY: as forbid.
    unsafe { sys::exec_Permit() }
}

/// Runs `f` between exec `Forbid()` and `Permit()`: no other task runs
/// until it returns, so a port or task found in `f` cannot go away in `f`.
/// `f` must be short. A call inside that waits breaks the Forbid until
/// this task runs again (exec.library autodoc): [`dispatch_count`] tells.
pub fn forbidden<R>(f: impl FnOnce() -> R) -> R {
    // SAFETY: Forbid/Permit nest and are balanced here.
    unsafe { sys::exec_Forbid() };
    let r = f();
    // SAFETY: balances the Forbid above.
    unsafe { sys::exec_Permit() };
    r
}

/// `ReplyMsg(message)`: returns a message this task got from one of its
/// ports to its sender (exec.library autodoc). `message` must have come
/// from `GetMsg` on a port of this task and be replied once.
pub fn reply_msg(message: u32) {
    // SAFETY: the caller got `message` from GetMsg and replies it once.
    unsafe { sys::exec_ReplyMsg(message) }
}

/// `struct IORequest` (exec/io.h, 32 bytes): the exec `Message` header
/// and the device fields every I/O request starts with. Device requests
/// built in linear memory (timer.device's `timerequest`, input.device's
/// `IOStdReq`) embed it first.
#[repr(C, packed(2))]
#[derive(Clone, Copy, Default)]
pub struct IoRequest {
    pub ln_succ: crate::be::Be32,
    pub ln_pred: crate::be::Be32,
    pub ln_type: u8,
    pub ln_pri: i8,
    pub ln_name: crate::be::Be32,
    /// Where the device replies the request.
    pub mn_reply_port: crate::be::Be32,
    /// Size of the whole request, bytes.
    pub mn_length: crate::be::Be16,
    /// The device's base once OpenDevice() succeeded.
    pub io_device: crate::be::Be32,
    pub io_unit: crate::be::Be32,
    pub io_command: crate::be::Be16,
    pub io_flags: u8,
    pub io_error: i8,
}

const _: () = assert!(core::mem::size_of::<IoRequest>() == 32);

impl IoRequest {
    /// A request header replying to `port`, `length` bytes long in all.
    pub fn new(port: &MsgPort, length: u16) -> IoRequest {
        IoRequest {
            mn_reply_port: crate::be::Be32::new(port.addr()),
            mn_length: crate::be::Be16::new(length),
            ..Default::default()
        }
    }
}

/// A message port from `CreateMsgPort()`, deleted on drop.
pub struct MsgPort {
    port: u32,
}

impl MsgPort {
    /// `CreateMsgPort()` (V36); `None` when no signal or memory is left.
    pub fn new() -> Option<MsgPort> {
        // SAFETY: plain library call.
        let port = unsafe { sys::exec_CreateMsgPort() };
        (port != 0).then_some(MsgPort { port })
    }

    /// The port's absolute address (`struct MsgPort *`).
    pub fn addr(&self) -> u32 {
        self.port
    }

    /// `GetMsg()`: the next queued message's address, if any.
    pub fn get(&self) -> Option<u32> {
        // SAFETY: the port is ours and alive.
        let m = unsafe { sys::exec_GetMsg(self.port) };
        (m != 0).then_some(m)
    }

    /// The signal a message raises (`1 << mp_SigBit`), for `Wait()`.
    pub fn signal_mask(&self) -> u32 {
        1u32 << (crate::mem::peek8(self.port + amiga_ndk::exec::mp_SigBit as u32) & 31)
    }

    /// `WaitPort()` then `GetMsg()`: the next message's address.
    pub fn wait(&self) -> u32 {
        // SAFETY: the port is ours and alive.
        unsafe {
            sys::exec_WaitPort(self.port);
            sys::exec_GetMsg(self.port)
        }
    }
}

impl Drop for MsgPort {
    fn drop(&mut self) {
        // SAFETY: created by CreateMsgPort, deleted once.
        unsafe { sys::exec_DeleteMsgPort(self.port) }
    }
}

/// `PutMsg(port, message)`.
///
/// # Safety
/// `message` must be a valid `struct Message` that stays alive (and is not
/// moved) until it is replied.
pub unsafe fn put_msg(port: u32, message: u32) {
    // SAFETY: guaranteed by the caller.
    unsafe { sys::exec_PutMsg(port, message) }
}
