//! GadgetScope's core: owned snapshots of Intuition's screens, windows,
//! gadgets and menus decoded from big-endian bytes, role classification,
//! locators, manifests and the AmiPilot-compatible text formats.
//!
//! Knows nothing of ARexx or of the GUI (see docs/design/layers.md).
//!
//! - [`ndk`]: NDK offsets, flags and tags (with the offset table).
//! - [`walk`]: the OS boundary traits and the walker.
//! - [`classify`]: roles and the classification rules.
//! - [`snapshot`]: the owned snapshot types.
//! - [`text`]: TREE / MENU / SCREENS text. [`golden`]: golden-file diff.
//! - [`pick`]: the window and gadget under the pointer; system requesters.
//! - [`fake`]: the fake Intuition the host tests walk.
#![cfg_attr(not(test), no_std)]
#![forbid(unsafe_code)]
extern crate alloc;

pub mod classify;
pub mod fake;
pub mod golden;
pub mod input;
pub mod locate;
pub mod manifest;

pub mod pick;
pub mod profile;
pub mod prop;
pub mod snapshot;
pub mod text;
pub mod walk;
