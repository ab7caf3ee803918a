//! The entry point of InputTool: its `$VER:` string, heap and `main`.
#![no_std]

amiga_rt::program!(name: "InputTool", version: env!("CARGO_PKG_VERSION"), date: "30.11.2026", heap: 64 * 1024, stack: 64 * 1024, main: inputtool::main);
