//! The entry point of GadgetScopeBench: its `$VER:` string, heap and `main`.
//! The heap is twice GadgetScope's 128 KiB: the walk allocates as it
//! does there, and `SHOWN` (the text reader, which GadgetScope leaves out
//! for now) has room for a font's index beside the bench's own data.
#![no_std]

amiga_rt::program!(name: "GadgetScopeBench", version: env!("CARGO_PKG_VERSION"), date: "01.12.2026", heap: 256 * 1024, stack: 64 * 1024, main: gadgetscope_system::bench_main);
