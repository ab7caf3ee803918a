//! The memory the native runtime (amiga-rt/c/runtime.c) and the Rust side
//! share, defined once here: the input handlers' block (`struct
//! hd_state`, allocated `MEMF_PUBLIC` by `rt_handler_alloc`) and the
//! recorder's ring entries (`struct rc_entry`). Offsets in bytes from the
//! start of each, named in the NDK's style. The C side gets them through
//! the generated `ndk.h` (amiga-toolchain `ndkgen`), and runtime.c
//! asserts its structures field by field against them, so the two sides
//! cannot drift.
#![allow(non_upper_case_globals)]

/// The handler kinds (`rt_handler_alloc`'s `kind`; `handler::Kind`).
pub const HD_PICK: u32 = 0;
/// See [`HD_PICK`].
pub const HD_RECORD: u32 = 1;

/// `hd_state`: the owner task (`FindTask(NULL)` at allocation).
pub const hd_Task: u32 = 0;
/// `hd_state`: the signal mask the handler sets for the owner.
pub const hd_SigMask: u32 = 4;
/// `hd_state`, pick: pointer events seen.
pub const hd_Moves: u32 = 8;
/// `hd_state`, pick: left clicks swallowed (counted at the release).
pub const hd_Clicks: u32 = 12;
/// `hd_state`, pick: right clicks and Esc swallowed (at the release).
pub const hd_Cancels: u32 = 16;
/// `hd_state`, pick: the buttons and keys held (`PK_HELD_*`).
pub const hd_Held: u32 = 20;
/// `hd_state`: the open `IOStdReq` the handler was added with, 0 if not
/// installed.
pub const hd_IoReq: u32 = 24;
/// `hd_state`: the handler's `struct Interrupt` (exec/interrupts.h), given
/// to `IND_ADDHANDLER`.
pub const hd_Interrupt: u32 = 28;
/// `hd_state`, record: IntuitionBase. A pick block ends here.
pub const hd_IBase: u32 = 52;
/// `hd_state`, record: entries written (only increases).
pub const hd_Head: u32 = 56;
/// `hd_state`, record: entries read (written by the Rust side).
pub const hd_Tail: u32 = 60;
/// `hd_state`, record: events dropped with the ring full.
pub const hd_Lost: u32 = 64;
/// `hd_state`, record: the ring, [`RC_RING`] entries of [`rc_SIZEOF`].
pub const hd_Ring: u32 = 68;

/// Entries in the recorder's ring.
pub const RC_RING: u32 = 64;
/// `rc_entry`: `ie_Class` (a byte; one pad byte follows).
pub const rc_Class: u32 = 0;
/// `rc_entry`: `ie_Code`.
pub const rc_Code: u32 = 2;
/// `rc_entry`: `ie_Qualifier`.
pub const rc_Qual: u32 = 4;
/// `rc_entry`: `IntuitionBase->FirstScreen->MouseX` then (pixels).
pub const rc_X: u32 = 6;
/// `rc_entry`: `MouseY` then (pixels; a pad word follows).
pub const rc_Y: u32 = 8;
/// `rc_entry`: `IntuitionBase->FirstScreen` then.
pub const rc_Screen: u32 = 12;
/// `rc_entry`: `IntuitionBase->ActiveWindow` then.
pub const rc_Window: u32 = 16;
/// `rc_entry`: `ie_TimeStamp` seconds.
pub const rc_Secs: u32 = 20;
/// `rc_entry`: `ie_TimeStamp` microseconds.
pub const rc_Micro: u32 = 24;
/// Bytes per `rc_entry`.
pub const rc_SIZEOF: u32 = 28;
