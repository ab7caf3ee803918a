//! The program (GadgetScope): start, Shell commands, settings, and the one
//! event loop that serves ARexx and the wire, with its window or without
//! it (`NOGUI`).
//!
//! - [`shell`], [`settings`]: the Shell template and the tooltypes (the
//!   wire's keywords are `gadgetscope_transport::settings`).
//! - `start` (wasm32): the start code, freed once it has returned
//!   (`start::prepare`); [`main`] (wasm32) runs what it decided; `event_loop`
//!   (wasm32): the loop,
//!   over the Amiga side of the engine's traits (gadgetscope-system), the
//!   wire's carriers (gadgetscope-transport) and the window
//!   (gadgetscope-window); `complain` (wasm32): a problem told on the
//!   Shell or in a requester.
//!
//! Everything but the wasm32-only modules (the OS side) is host-tested.
#![cfg_attr(target_arch = "wasm32", no_std)]
#![forbid(unsafe_code)]
extern crate alloc;

pub mod settings;
pub mod shell;

/// The window's part: the window's code (both front-ends, the desk, the
/// highlight; the crate gadgetscope-window) in a file of its own beside
/// the program, loaded when the window is wanted and unloaded when it is
/// iconified with nothing to lose, so that a `NOGUI` or iconified host
/// does not hold it (docs/design/parts.md).
pub const WINDOW_PART: amiga_rt::part::Part =
    amiga_rt::part::Part { file: "GadgetScope.window", code: "gadgetscope_window" };
pub use gadgetscope_system::WBLAUNCH_PART;

/// GadgetScope's own native stack, bytes (`amiga_rt::program!`'s
/// `stack:`): small enough that a process started by `Run` (16 384 bytes on
/// the AROS ROM) or from a Shell whose `Stack` is 16 384 or more runs on its
/// own stack instead of allocating a second one. The wasm2c code gets 8 KiB
/// of it, over twice the deepest use measured (GSMEMSTAT, OS calls
/// included), and an OS call made from its deepest frame 7 KiB, nearly twice
/// the 4 000 bytes AmigaDOS gives a program by default
/// (`amiga_rt::stack::reserve`). The window, whose OS calls go deeper, runs
/// on [`WINDOW_STACK`] while it is in (docs/design/performance.md "Resident
/// memory"). Below the guard is RC 20 "out of memory or stack".
pub const NATIVE_STACK: u32 = 15 * 1024;

/// The native stack the window runs on while it is in, bytes: allocated
/// when the window is brought in and freed when it goes
/// (`amiga_rt::stack::run_on`). Of it the stack guard keeps 12 KiB for the
/// OS calls the window makes (the wasm2c code gets 8 KiB): the margin for
/// ReAction's `window.class` layout, ASL requesters and locale.library,
/// which the emulator's ROM cannot run (docs/design/performance.md
/// "Resident memory"). No memory for it: the window does not come, RC 20
/// for the commands that wanted it.
pub const WINDOW_STACK: u32 = 20 * 1024;

#[cfg(target_arch = "wasm32")]
mod complain;
#[cfg(target_arch = "wasm32")]
pub mod event_loop;
#[cfg(target_arch = "wasm32")]
pub mod start;
#[cfg(target_arch = "wasm32")]
use start::Start;

/// The program after its start: serves with the event loop, or ends with
/// the return code the start gave (0, 5, 10, 20).
#[cfg(target_arch = "wasm32")]
pub fn main(start: Start) -> i32 {
    match start {
        Start::Exit(rc) => rc,
        Start::Serve(dos, s, opened) => {
            event_loop::run(&dos, &s.fs_roots, s.gui, s.wire.as_ref(), s.serial.as_ref(), opened)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A Workbench start runs on the stack its icon asks for when that
    /// holds the native stack, the runtime's margin above it and the
    /// frames below the runtime's start (less than 512 bytes).
    #[test]
    fn the_icons_stack_holds_the_native_stack() {
        const { assert!(icons::GADGETSCOPE_STACK >= NATIVE_STACK + amiga_rt::stack::STACK_MARGIN + 512) }
    }
}
