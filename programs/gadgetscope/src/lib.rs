//! The entry point of GadgetScope: its `$VER:` string, heap and `main`.
#![no_std]

// The heap arena: 128 KiB, above the largest high-water marks measured
// (GSMEMSTAT: with the window open, and for an FSGET of 64 KB; over the
// wire, estimated from its 16 KB run, about 107 KB), with room to spare
// (docs/design/performance.md "Current numbers"). Running out is RC 20
// with "memory allocation of N bytes failed" (the `heap-exhausted`
// scenario).
// The native stack: gadgetscope::NATIVE_STACK.
amiga_rt::program!(name: "GadgetScope", version: env!("CARGO_PKG_VERSION"), date: "30.11.2026", heap: 128 * 1024, stack: gadgetscope::NATIVE_STACK, main: gadgetscope::main, parts: [gadgetscope::WINDOW_PART, gadgetscope::WBLAUNCH_PART], init: gadgetscope::start::prepare);
