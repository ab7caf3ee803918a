//! The entry point of RexxSend: its `$VER:` string, heap and `main`.
#![no_std]

amiga_rt::program!(name: "RexxSend", version: env!("CARGO_PKG_VERSION"), date: "30.11.2026", heap: 128 * 1024, stack: 64 * 1024, main: rexxsend::main);
