//! The entry point of GadgetScope: its `$VER:` string, heap and `main`.
#![no_std]

// The heap arena: the measured high-water marks (GSMEMSTAT,
// docs/design/performance.md "Resident memory") are about 76 KB with the
// window open and 69 KB for an FSGET of 64 KB (over the wire, estimated
// from its 16 KB run, about 107 KB); 128 KiB leaves a sixth to two fifths
// free. Running out is RC 20 with "memory allocation of N bytes failed"
// (the `heap-exhausted` scenario).
amiga_rt::program!(name: "GadgetScope", version: env!("CARGO_PKG_VERSION"), date: "30.11.2026", heap: 128 * 1024, main: gadgetscope::main);
