//! The transports' pure parts: AmiPilot's wire protocol as data in, data out, without any I/O.
//!
//! [`wire`] frames requests read from a byte stream (TCP or serial), encodes
//! replies and keeps one connection's session state (handshake, `AUTH`,
//! `FSPUT` payloads, timeouts counted in event-loop ticks). It knows no verb
//! beyond what the framing needs (`VERSION`, `AUTH`, `FSPUT`'s byte count);
//! every other request line goes to the command language
//! (`gadgetscope-arexx`) unchanged. The sockets and `serial.device` live in
//! the program; docs/reference/wire.md describes the protocol and
//! docs/design/wire.md how it sits in the event loop.
#![cfg_attr(not(test), no_std)]
#![forbid(unsafe_code)]
#![warn(missing_docs)]
extern crate alloc;

pub mod wire;
