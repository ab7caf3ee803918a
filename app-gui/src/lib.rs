//! GadgetScope, the Workbench program: Shell commands and the inspector,
//! the ARexx host, and the window: view model (`view`), the GUI's
//! behaviour (`gui`), the GadTools front-end, the desk (highlight, pick,
//! AppIcon) and the one event loop (`nogui::run`) (PRODUCT.md
//! "Architecture").
//!
//! Everything but the wasm32-only modules (the OS side) is host-tested.
#![forbid(unsafe_code)]
#![cfg_attr(target_arch = "wasm32", no_std)]
extern crate alloc;

pub mod bench;
pub mod gui;
pub mod reaction;
pub mod settings;
pub mod shell;
pub mod strings;
pub mod view;

#[cfg(target_arch = "wasm32")]
mod desk;
#[cfg(target_arch = "wasm32")]
mod event_loop;
#[cfg(target_arch = "wasm32")]
mod gadtools_ui;
#[cfg(target_arch = "wasm32")]
mod reaction_ui;
#[cfg(target_arch = "wasm32")]
mod system;

#[cfg(target_arch = "wasm32")]
mod start;
