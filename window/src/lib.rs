//! GadgetScope's window: the live list of windows and gadgets, its details,
//! the highlight frame, pick mode, quirk profiles and the Record control.
//!
//! - [`gui`]: the controller, the window's behaviour over [`view`] (the
//!   model of the list and details) and [`strings`] (the catalog); the
//!   user's actions as [`events`].
//! - [`controls`]: the window's controls once for both front-ends:
//!   [`gadtools`] + `gadtools_ui` (any OS 3.x) and [`reaction`] +
//!   `reaction_ui` (window.class, AmigaOS 3.5+).
//! - [`highlight`]: the frame around the selected gadget; [`placement`]:
//!   the rule that makes that gadget visible; `desk` (Amiga): frame, pick,
//!   files, AppIcon.
//! - [`prefs`]: the window's remembered box; `window` (Amiga): the window
//!   side of the program's event loop, `Window`, which the program
//!   (`gadgetscope/src/event_loop.rs`) hands what woke it.
//!
//! Everything but the Amiga-only modules (wasm32: the OS side) is
//! host-tested; the controller and the front-ends' tables over fakes,
//! and both front-ends against one scripted session (`parity.rs`).
#![cfg_attr(target_arch = "wasm32", no_std)]
#![forbid(unsafe_code)]
extern crate alloc;

pub mod controls;
pub mod events;
pub mod gadtools;
pub mod gui;
pub mod highlight;
#[cfg(test)]
mod parity;
pub mod placement;
pub mod prefs;
pub mod reaction;
pub mod strings;
pub mod view;

#[cfg(target_arch = "wasm32")]
mod desk;
#[cfg(target_arch = "wasm32")]
mod gadtools_ui;
#[cfg(target_arch = "wasm32")]
mod reaction_ui;
#[cfg(target_arch = "wasm32")]
mod window;

#[cfg(target_arch = "wasm32")]
pub use desk::{APP_ICON_PATH, APP_ICON_TITLE};
pub use gui::{Commands, WindowSettings};
#[cfg(target_arch = "wasm32")]
pub use window::{open_libraries, open_window, Docked, Libraries, WindowSide};
