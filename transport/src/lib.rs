//! The wire's transports: AmiPilot's wire protocol and the carriers that serve it.
//!
//! - [`wire`]: the protocol as data in, data out: it frames requests read
//!   from a byte stream, encodes replies and keeps one connection's
//!   session state (handshake, `AUTH`, `FSPUT` payloads, timeouts counted
//!   in event-loop ticks). It knows no verb beyond what the framing needs
//!   (`VERSION`, `AUTH`, `FSPUT`'s byte count); every other request line
//!   goes to the command language (`gadgetscope-arexx`) unchanged.
//! - [`conn`]: one connection as every carrier keeps it (session, reply
//!   bytes, an accepted upload), and the [`conn::Work`] it yields.
//! - [`carrier`]: the [`Carrier`] trait the event loop drives; its
//!   carriers [`serial`] (`serial.device`, its decisions over a `Line`
//!   trait so that a fake line drives them on the host) and `tcp`
//!   (bsdsocket.library; Amiga only), both as one type in `amiga_carrier`
//!   (Amiga only).
//! - [`settings`]: the wire's startup keywords (`TCPPORT`, `SERIAL`, …).
//!
//! docs/reference/wire.md describes the protocol and docs/design/wire.md
//! how it sits in the event loop.
#![cfg_attr(not(test), no_std)]
#![forbid(unsafe_code)]
#![warn(missing_docs)]
extern crate alloc;

#[cfg(target_arch = "wasm32")]
pub mod amiga_carrier;
pub mod carrier;
pub mod conn;
pub mod serial;
pub mod settings;
#[cfg(target_arch = "wasm32")]
pub mod tcp;
pub mod wire;

pub use carrier::Carrier;
