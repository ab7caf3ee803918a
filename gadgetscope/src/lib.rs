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
/// the program, loaded when the window opens and unloaded when GadgetScope
/// ends, so that a `NOGUI` host never holds it (docs/design/parts.md).
pub const WINDOW_PART: amiga_rt::part::Part =
    amiga_rt::part::Part { file: "GadgetScope.window", code: "gadgetscope_window" };

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
