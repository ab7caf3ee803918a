//! Big-endian field types for OS structures that Rust builds in linear
//! memory (`#[repr(C, packed(2))]` structs: 68k alignment is 2 bytes).
//!
//! wasm loads and stores are little-endian and the native runtime keeps
//! linear memory in that order, so a plain `u32` field would reach the OS
//! byte-reversed. These wrappers store the bytes in the 68k's order.

/// A 16-bit big-endian field (UWORD/WORD).
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
#[repr(transparent)]
pub struct Be16([u8; 2]);

/// A 32-bit big-endian field (ULONG/LONG/APTR).
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
#[repr(transparent)]
pub struct Be32([u8; 4]);

impl Be16 {
    /// From a native value.
    pub const fn new(v: u16) -> Self {
        Be16(v.to_be_bytes())
    }
    /// The native value.
    pub const fn get(self) -> u16 {
        u16::from_be_bytes(self.0)
    }
}

impl Be32 {
    /// From a native value.
    pub const fn new(v: u32) -> Self {
        Be32(v.to_be_bytes())
    }
    /// The native value.
    pub const fn get(self) -> u32 {
        u32::from_be_bytes(self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[repr(C, packed(2))]
    struct EasyStruct {
        es_struct_size: Be32,
        es_flags: Be32,
        w: Be16,
    }

    #[test]
    fn bytes_are_big_endian_and_packed() {
        let e = EasyStruct { es_struct_size: Be32::new(20), es_flags: Be32::new(0x0102_0304), w: Be16::new(0xBEEF) };
        assert_eq!(core::mem::size_of::<EasyStruct>(), 10);
        let p = &e as *const EasyStruct as *const u8;
        // SAFETY: (test) reading the 10 bytes of a live, packed struct.
        let bytes = unsafe { core::slice::from_raw_parts(p, 10) };
        assert_eq!(bytes, &[0, 0, 0, 20, 1, 2, 3, 4, 0xBE, 0xEF]);
        assert_eq!({ e.es_flags }.get(), 0x0102_0304);
        assert_eq!({ e.w }.get(), 0xBEEF);
    }
}
