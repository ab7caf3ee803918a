//! The entry point of RexxSendSmall: RexxSend's code with a 32 KiB heap
//! arena, the sender of `gui-gadtools-stock`, whose replies stay under
//! 15 KB (14 996 bytes measured for `gui-gadtools`): on the stock A1200
//! a client beside GadgetScope's window should be as small as an ARexx
//! client is, not hold RexxSend's 100 KiB arena sized for `CHECK`'s
//! 65 535-byte argstring (docs/design/harness-notes.md "The small machines").
#![no_std]

amiga_rt::program!(name: "RexxSendSmall", version: env!("CARGO_PKG_VERSION"), date: "07.12.2026", heap: 32 * 1024, stack: 20 * 1024, main: rexxsend::main);
