//! The entry point of InputTool: its `$VER:` string, heap and `main`.
//!
//! Heap arena: 4 KiB. The largest high-water mark measured
//! (`GADGETSCOPE_MEMSTAT=1`, tests-uae/README.md "Memory of the test
//! programs") is 2 192 bytes (`actions-type`); +50 %, rounded up to 4 KiB.
//! Running out is RC 20 with "memory allocation of N bytes failed".
//!
//! Native stack: 20 KiB, the 12 KiB the stack guard keeps for OS calls
//! (amiga-rt/c/runtime.c `GS_STACK_RESERVE`) plus 8 KiB for the program's
//! own frames, about three times the deepest use measured in any test
//! program (tests-uae/README.md "Memory of the test programs").
#![no_std]

amiga_rt::program!(name: "InputTool", version: env!("CARGO_PKG_VERSION"), date: "30.11.2026", heap: 4 * 1024, stack: 20 * 1024, main: inputtool::main);
