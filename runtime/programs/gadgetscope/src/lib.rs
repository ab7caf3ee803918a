//! The entry point of GadgetScope: its `$VER:` string, heap and `main`.
#![no_std]

// The heap arena: the measured high-water marks (GSMEMSTAT,
// docs/design/performance.md "Resident memory") are about 76 KB with the
// window open and 69 KB for an FSGET of 64 KB (over the wire, estimated
// from its 16 KB run, about 107 KB); 128 KiB leaves a sixth to two fifths
// free. Running out is RC 20 with "memory allocation of N bytes failed"
// (the `heap-exhausted` scenario).
// The native stack: at most 3.6 KB used (GSMEMSTAT), but runs with 24 KiB
// (and the test programs at 16 KiB) hung in the emulator, cause not found
// (docs/design/performance.md "Resident memory"); 64 KiB until it is.
amiga_rt::program!(name: "GadgetScope", version: env!("CARGO_PKG_VERSION"), date: "30.11.2026", heap: 128 * 1024, stack: 64 * 1024, main: gadgetscope::main);
