//! The Amiga side of the engine's traits, a crate below the program and
//! the window so that the walk's OS calls keep a speed-first opt-level
//! while `gadgetscope` and `gadgetscope-window` are built for size
//! (docs/design/performance.md, "Code size").
//!
//! - `amiga` (wasm32): `AmigaIntuition` (the walker's `IntuitionOs`),
//!   `AmigaSystem` (files, other programs' ports, processes, Workbench
//!   starts, the recording handler) and `AmigaActor` (real input), over
//!   amiga-rt's safe calls.
//! - `wblaunch` (wasm32): WBLAUNCH's Workbench start, the part
//!   [`WBLAUNCH_PART`].
//! - [`mod@bench`], `bench_start` and `bench_shown` (wasm32):
//!   GadgetScopeBench, a program of its own (entry crate
//!   `programs/gadgetscope-bench`): TREE, and SHOWN's text reader, timed
//!   with the EClock through the same `AmigaIntuition`.
//!
//! The items named without a link are Amiga only (wasm32).
#![cfg_attr(target_arch = "wasm32", no_std)]
#![forbid(unsafe_code)]
extern crate alloc;

pub mod bench;

#[cfg(target_arch = "wasm32")]
mod amiga;
#[cfg(target_arch = "wasm32")]
mod bench_shown;
#[cfg(target_arch = "wasm32")]
mod bench_start;
#[cfg(target_arch = "wasm32")]
mod wblaunch;
#[cfg(target_arch = "wasm32")]
pub use amiga::{AmigaActor, AmigaIntuition, AmigaSystem};
#[cfg(target_arch = "wasm32")]
pub use bench_start::main as bench_main;

/// WBLAUNCH's part: the Workbench start's code (the module
/// `gadgetscope_system::wblaunch` and what only it reaches) in a file of
/// its own beside the program, loaded for the verb and unloaded after
/// it (docs/design/parts.md).
pub const WBLAUNCH_PART: amiga_rt::part::Part =
    amiga_rt::part::Part { file: "GadgetScope.wblaunch", code: "gadgetscope_system::wblaunch" };
