//! The model: owned snapshots of Intuition's screens, windows, gadgets and menus, their roles, locators, manifests and the AmiPilot-compatible text formats.
//!
//! Knows nothing of ARexx, the OS or the GUI (docs/architecture.md); the
//! NDK facts it decodes with are amiga-ndk's.
//!
//! - [`walk`]: the OS boundary traits and the walker.
//! - [`classify`]: roles and the classification rules.
//! - [`snapshot`]: the owned snapshot types.
//! - [`text`]: TREE / MENU / SCREENS text. [`golden`]: golden-file diff.
//! - [`pick`]: the window and gadget under the pointer; system requesters.
//! - [`locate`]: finding windows and gadgets by pattern, role, label, ID.
//! - [`manifest`] (the crate gadgetscope-manifest), [`profile`]: manifests / quirk profiles, read, written, recorded.
//! - [`input`]: the input.device event sequences of the acting verbs.
//! - [`prop`]: where a proportional gadget's knob is.
//! - [`fake`]: the fake Intuition the host tests walk.
#![cfg_attr(not(test), no_std)]
#![forbid(unsafe_code)]
extern crate alloc;

pub mod classify;
pub mod fake;
pub mod golden;
pub mod input;
pub mod locate;
pub use gadgetscope_manifest as manifest;

pub mod pick;
pub mod profile;
pub mod prop;
pub mod snapshot;
pub mod text;
pub mod walk;
