//! utility/tagitem.h: tag lists; utility/hooks.h: hooks.

/// End of a tag list (utility/tagitem.h).
pub const TAG_DONE: u32 = 0;
/// Base of application and OS-defined tags (utility/tagitem.h).
pub const TAG_USER: u32 = 0x8000_0000;
/// Size of `struct TagItem` (`ti_Tag`, `ti_Data`), bytes (utility/tagitem.h).
pub const ti_SIZEOF: usize = 8;

/// `h_Entry` of a `struct Hook`: the function called (after an 8-byte
/// `MinNode`) (utility/hooks.h).
pub const h_Entry: usize = 8;
