//! The entry point of UAETool: its `$VER:` string, heap and `main`.
//!
//! Heap arena: 100 KiB. The largest high-water mark measured
//! (`GADGETSCOPE_MEMSTAT=1`, tests-uae/README.md "Memory of the test
//! programs") is 66 940 bytes for `ALLOCS` (`memory`, `arexx-waits`:
//! 2 048 allocation kinds of room, 32 KiB, and the census text); the
//! `TASKS` dump of the watchdog 41 644 (`inspector-fixtures`); every
//! other command under 3 KB. +50 %, rounded up to 4 KiB. A census or dump
//! that outgrows it ends in RC 20 with "memory allocation of N bytes
//! failed" (`EXHAUST` asks for one byte more than the arena on purpose).
//!
//! Native stack: 20 KiB, the 12 KiB the stack guard keeps for OS calls
//! (amiga-rt/c/runtime.c `GS_STACK_RESERVE`) plus 8 KiB for the program's
//! own frames, about three times the deepest use measured in any test
//! program (tests-uae/README.md "Memory of the test programs").
#![no_std]

amiga_rt::program!(name: "UAETool", version: env!("CARGO_PKG_VERSION"), date: "30.11.2026", heap: 100 * 1024, stack: 20 * 1024, main: uaetool::main);
