//! The entry point of TextFixture: its `$VER:` string, heap and `main`.
//!
//! Heap arena: 12 KiB. The largest high-water mark measured
//! (`GADGETSCOPE_MEMSTAT=1`, tests-uae/README.md "Memory of the test
//! programs") is 6 228 bytes (`fixture-text`: the log, about 1.3 KB,
//! is kept and rewritten after every line); +50 %, rounded up to 4 KiB.
//! Running out is RC 20 with "memory allocation of N bytes failed".
//!
//! Native stack: 20 KiB, the 12 KiB the stack guard keeps for OS calls
//! (amiga-rt/c/runtime.c `GS_STACK_RESERVE`) plus 8 KiB for the program's
//! own frames, as every test program; the deepest use measured is 2 892
//! bytes (`fixture-text`, inside `EasyRequestArgs()`).
#![no_std]

amiga_rt::program!(name: "TextFixture", version: env!("CARGO_PKG_VERSION"), date: "07.12.2026", heap: 12 * 1024, stack: 20 * 1024, main: text_fixture::main);
