//! GadgetScope, the Workbench program: Shell commands and the inspector,
//! the ARexx host, and the window: view model (`view`), the GUI's
//! behaviour (`gui`), the GadTools front-end, the desk (highlight, pick,
//! AppIcon) and the one event loop (`nogui::run`) (PRODUCT.md
//! "Architecture").
//!
//! Everything but the wasm32-only modules (the OS side) is host-tested.
#![cfg_attr(target_arch = "wasm32", no_std)]
extern crate alloc;

pub mod bench;
pub mod engine;
pub mod gui;
pub mod inspect;
pub mod reaction;
pub mod settings;
pub mod shell;
pub mod strings;
pub mod view;

#[cfg(target_arch = "wasm32")]
mod desk;
#[cfg(target_arch = "wasm32")]
mod gadtools_ui;
#[cfg(target_arch = "wasm32")]
mod intuition_os;
#[cfg(target_arch = "wasm32")]
mod nogui;
#[cfg(target_arch = "wasm32")]
mod reaction_ui;

/// Rust strings are UTF-8; the Amiga console and ARexx speak Latin-1:
/// characters above U+00FF become `?`.
pub fn latin1(s: &str) -> alloc::vec::Vec<u8> {
    s.chars().map(|c| if (c as u32) < 256 { c as u8 } else { b'?' }).collect()
}

#[cfg(target_arch = "wasm32")]
mod amiga;
