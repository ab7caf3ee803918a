//! The entry point of Canary: its `$VER:` string, heap and `main`.
#![no_std]

amiga_rt::program!(name: "Canary", version: env!("CARGO_PKG_VERSION"), date: "30.11.2026", heap: 128 * 1024, stack: 64 * 1024, main: canary::main);
