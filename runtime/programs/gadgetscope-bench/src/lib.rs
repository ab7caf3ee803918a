//! The entry point of GadgetScopeBench: its `$VER:` string, heap and `main`.
//! The heap is GadgetScope's, so the walk allocates as it does there.
#![no_std]

amiga_rt::program!(name: "GadgetScopeBench", version: env!("CARGO_PKG_VERSION"), date: "01.12.2026", heap: 128 * 1024, stack: 64 * 1024, main: gadgetscope_system::bench_main);
