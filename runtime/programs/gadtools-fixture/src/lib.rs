//! The entry point of GadToolsFixture: its `$VER:` string, heap and `main`.
#![no_std]

amiga_rt::program!(name: "GadToolsFixture", version: env!("CARGO_PKG_VERSION"), date: "30.11.2026", heap: 64 * 1024, stack: 64 * 1024, main: gadtools_fixture::main);
