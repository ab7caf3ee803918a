//! The entry point of WalkProf: its `$VER:` string, heap and `main`.
#![no_std]

amiga_rt::program!(name: "WalkProf", version: env!("CARGO_PKG_VERSION"), date: "30.11.2026", heap: 256 * 1024, stack: 64 * 1024, main: walkprof::main);
