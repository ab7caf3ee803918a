//! The Amiga side of the engine's traits, below the program so that the
//! walk's OS calls keep a speed-first opt-level while the window's code
//! is built for size (docs/design/performance.md, "Code size").
//!
//! - `amiga` (wasm32): [`AmigaIntuition`] (the walker's `IntuitionOs`),
//!   [`AmigaSystem`] (files, other programs' ports, processes, Workbench
//!   starts) and [`AmigaActor`] (real input), over amiga-rt's safe calls.
//! - [`bench`] and `bench_start` (wasm32): GadgetScopeBench, a program of
//!   its own (programs/gadgetscope-bench): TREE timed with the
//!   EClock through the same `AmigaIntuition`.
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
pub use amiga::{AmigaActor, AmigaIntuition, AmigaSystem};
#[cfg(target_arch = "wasm32")]
pub use bench_start::main as bench_main;
