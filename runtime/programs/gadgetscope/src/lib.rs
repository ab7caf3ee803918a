//! The entry point of GadgetScope: its `$VER:` string, heap and `main`.
#![no_std]

amiga_rt::program!(name: "GadgetScope", version: env!("CARGO_PKG_VERSION"), date: "30.11.2026", heap: 256 * 1024, main: gadgetscope::main);
