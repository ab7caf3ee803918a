//! The program (GadgetScope): start, Shell commands, settings, the one event loop and the window.
//!
//! - [`shell`], [`settings`]: the Shell template and the tooltypes;
//!   [`wire`] the wire's keywords; [`wire_conn`] one wire connection,
//!   shared by the TCP carrier (`wire_tcp`, wasm32) and the serial one
//!   ([`wire_serial`]).
//! - `start` (wasm32): the entry point; `event_loop` (wasm32): the loop of
//!   the window and of `NOGUI`, over the Amiga side of the engine's traits
//!   (the crate gadgetscope-system).
//! - [`gui`]: the window's behaviour over [`view`] (the model of the list
//!   and details) and [`strings`] (the catalog); [`controls`], the
//!   window's controls once for both front-ends: [`gadtools`] +
//!   `gadtools_ui` and [`reaction`] + `reaction_ui`; [`highlight`] (the
//!   frame around the selected gadget); `desk` (frame, pick, files,
//!   AppIcon).
//!
//! Everything but the wasm32-only modules (the OS side) is host-tested.
#![cfg_attr(target_arch = "wasm32", no_std)]
#![forbid(unsafe_code)]
extern crate alloc;

pub mod controls;
pub mod gadtools;
pub mod gui;
pub mod highlight;
#[cfg(test)]
mod parity;
pub mod placement;
pub mod reaction;
pub mod settings;
pub mod shell;
pub mod strings;
pub mod view;
pub mod wire;
pub mod wire_conn;
pub mod wire_serial;

#[cfg(target_arch = "wasm32")]
mod desk;
#[cfg(target_arch = "wasm32")]
mod event_loop;
#[cfg(target_arch = "wasm32")]
mod gadtools_ui;
#[cfg(target_arch = "wasm32")]
mod reaction_ui;
#[cfg(target_arch = "wasm32")]
mod wire_tcp;

#[cfg(target_arch = "wasm32")]
mod start;
#[cfg(target_arch = "wasm32")]
pub use start::main;
