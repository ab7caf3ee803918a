//! Tag lists (NDK utility/tagitem.h) built in linear memory; the tag IDs
//! are amiga-ndk's.
//!
//! A `struct TagItem` is two big-endian ULONGs (`ti_Tag`, `ti_Data`); a
//! list ends with `TAG_DONE`. Pointer data must be absolute addresses
//! (`mem::abs`) because the OS reads them as they are; only the top-level
//! tag-list pointer of a call is translated by the glue.

use crate::be::Be32;
use alloc::vec::Vec;
use amiga_ndk::utility::TAG_DONE;

/// A tag list under construction; [`Tags::done`] appends `TAG_DONE` and
/// yields the `Vec<Be32>` whose pointer is passed to the OS.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tags {
    items: Vec<(u32, u32)>,
}

impl Tags {
    /// An empty list.
    pub fn new() -> Tags {
        Tags { items: Vec::new() }
    }

    /// Appends `tag` with `data` (builder style).
    pub fn tag(mut self, tag: u32, data: u32) -> Tags {
        self.items.push((tag, data));
        self
    }

    /// Appends `tag` with `data` when `cond` holds.
    pub fn tag_if(self, cond: bool, tag: u32, data: u32) -> Tags {
        if cond {
            self.tag(tag, data)
        } else {
            self
        }
    }

    /// Appends `tag` with `data` in place.
    pub fn push(&mut self, tag: u32, data: u32) {
        self.items.push((tag, data));
    }

    /// The pairs so far (without the terminator).
    pub fn items(&self) -> &[(u32, u32)] {
        &self.items
    }

    /// The `TAG_DONE`-terminated list as big-endian longwords
    /// (`2 * (n + 1)` of them).
    pub fn done(&self) -> Vec<Be32> {
        let mut v = Vec::with_capacity(2 * self.items.len() + 2);
        for &(t, d) in &self.items {
            v.push(Be32::new(t));
            v.push(Be32::new(d));
        }
        v.push(Be32::new(TAG_DONE));
        v.push(Be32::new(0));
        v
    }
}

/// Boolean tag data (`TRUE` is 1 in exec/types.h).
pub const fn bool_data(b: bool) -> u32 {
    b as u32
}

/// A signed value as tag data (e.g. `-1` for "all").
pub const fn signed(v: i32) -> u32 {
    v as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use amiga_ndk::intuition::{GA_Disabled, GA_Left, GA_ID};
    use amiga_ndk::utility::TAG_USER;

    fn bytes(v: &[Be32]) -> Vec<u8> {
        v.iter().flat_map(|b| b.get().to_be_bytes()).collect()
    }

    #[test]
    fn empty_list_is_just_tag_done() {
        assert_eq!(bytes(&Tags::new().done()), [0u8; 8]);
    }

    #[test]
    fn pairs_are_big_endian_and_terminated() {
        let t = Tags::new().tag(GA_ID, 7).tag_if(false, GA_Disabled, 1).tag(GA_Left, signed(-1));
        assert_eq!(t.items().len(), 2);
        let b = bytes(&t.done());
        assert_eq!(b.len(), 24);
        assert_eq!(&b[0..8], &[0x80, 0x03, 0x00, 0x10, 0, 0, 0, 7]);
        assert_eq!(&b[8..16], &[0x80, 0x03, 0x00, 0x01, 0xFF, 0xFF, 0xFF, 0xFF]);
        assert_eq!(&b[16..], &[0u8; 8]);
    }

    #[test]
    fn push_appends() {
        let mut t = Tags::new();
        t.push(TAG_USER, bool_data(true));
        assert_eq!(t.items(), &[(TAG_USER, 1)]);
    }
}
