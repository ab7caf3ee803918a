//! The entry point of RexxSend: its `$VER:` string, heap and `main`.
//!
//! Heap arena: 100 KiB. The largest high-water mark measured
//! (`GADGETSCOPE_MEMSTAT=1`, tests-uae/README.md "Memory of the test
//! programs") is 67 076 bytes for `CHECK` (`rexx-lib`: its 65 535-byte
//! argstring); a sender holds its whole OUT text (every reply so far):
//! 40 436 bytes for `bench-arexx` (`RCONLY`), 14 996 for `gui-gadtools`,
//! 11 940 for `arexx-drive`. +50 %, rounded up to 4 KiB. Replies that
//! outgrow it end the sender with RC 20 and "memory allocation of N bytes
//! failed" (the replies so far are in OUT).
//!
//! Native stack: 20 KiB, the 12 KiB the stack guard keeps for OS calls
//! (amiga-rt/c/runtime.c `GS_STACK_RESERVE`) plus 8 KiB for the program's
//! own frames, about three times the deepest use measured in any test
//! program (tests-uae/README.md "Memory of the test programs").
#![no_std]

amiga_rt::program!(name: "RexxSend", version: env!("CARGO_PKG_VERSION"), date: "30.11.2026", heap: 100 * 1024, stack: 20 * 1024, main: rexxsend::main);
