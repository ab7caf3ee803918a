//! The entry point of UAETool: its `$VER:` string, heap and `main`.
#![no_std]

amiga_rt::program!(name: "UAETool", version: env!("CARGO_PKG_VERSION"), date: "30.11.2026", heap: 256 * 1024, stack: 64 * 1024, main: uaetool::main);
