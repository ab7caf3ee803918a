//! The entry point of GadgetScope: its `$VER:` string, heap and `main`.
#![no_std]

// The heap arena: 128 KiB, above the largest high-water marks measured
// (GSMEMSTAT: with the window open, and for an FSGET of 64 KB; over the
// wire, estimated from its 16 KB run, about 107 KB), with room to spare
// (docs/design/performance.md "Current numbers"). Running out is RC 20
// with "memory allocation of N bytes failed" (the `heap-exhausted`
// scenario).
// The native stack: 20 KiB. The stack guard keeps the lowest 12 KiB
// (amiga-rt/c/runtime.c `GS_STACK_RESERVE`) for OS calls, so the wasm2c
// code gets 8 KiB, over twice the deepest use measured (GSMEMSTAT, OS
// calls included), and an OS call made from its deepest frame about
// 12 KiB, three times the 4 000 bytes AmigaDOS gives a program by default:
// the margin for the paths the emulator's ROM cannot run (ReAction's
// window.class layout, ASL requesters, locale.library;
// docs/design/performance.md "Resident memory"). Below the guard is RC 20
// "out of memory or stack".
amiga_rt::program!(name: "GadgetScope", version: env!("CARGO_PKG_VERSION"), date: "30.11.2026", heap: 128 * 1024, stack: 20 * 1024, main: gadgetscope::main, part: gadgetscope::WINDOW_PART, init: gadgetscope::start::prepare);
