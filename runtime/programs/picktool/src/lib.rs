//! The entry point of PickTool: its `$VER:` string, heap and `main`.
#![no_std]

amiga_rt::program!(name: "PickTool", version: env!("CARGO_PKG_VERSION"), date: "30.11.2026", heap: 192 * 1024, stack: 64 * 1024, main: picktool::main);
