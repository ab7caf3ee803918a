//! GadgetScope's core: owned snapshots of Intuition's screens, windows,
//! gadgets and menus decoded from big-endian bytes, role classification,
//! locators, manifests and the AmiPilot-compatible text formats.
//!
//! Knows nothing of ARexx or of the GUI (see docs/design/layers.md).
#![cfg_attr(not(test), no_std)]
extern crate alloc;
pub mod manifest;
