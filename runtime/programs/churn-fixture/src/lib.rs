//! The entry point of ChurnFixture: its `$VER:` string, heap and `main`.
#![no_std]

amiga_rt::program!(name: "ChurnFixture", version: env!("CARGO_PKG_VERSION"), date: "01.12.2026", heap: 64 * 1024, stack: 64 * 1024, main: churn_fixture::main);
