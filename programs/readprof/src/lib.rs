//! The entry point of ReadProf: its `$VER:` string, heap and `main`.
#![no_std]

amiga_rt::program!(name: "ReadProf", version: env!("CARGO_PKG_VERSION"), date: "07.12.2026", heap: 256 * 1024, stack: 64 * 1024, main: readprof::main);
