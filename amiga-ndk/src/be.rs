//! Big-endian fields of OS structures copied out of OS memory (the 68k is
//! big-endian; GadgetScope's own code runs with little-endian linear
//! memory). Out-of-range offsets never panic.

/// UWORD at byte offset `off` of `b`; `None` when out of range.
pub fn u16_at(b: &[u8], off: usize) -> Option<u16> {
    Some(u16::from_be_bytes(b.get(off..off.checked_add(2)?)?.try_into().ok()?))
}

/// ULONG (or APTR) at byte offset `off` of `b`; `None` when out of range.
pub fn u32_at(b: &[u8], off: usize) -> Option<u32> {
    Some(u32::from_be_bytes(b.get(off..off.checked_add(4)?)?.try_into().ok()?))
}

/// WORD at byte offset `off` of `b`; `None` when out of range.
pub fn i16_at(b: &[u8], off: usize) -> Option<i16> {
    u16_at(b, off).map(|v| v as i16)
}

/// UWORD at `off` of `b`, 0 when out of range (decoding a copy of known
/// size: the walker's hot path, kept to one bounds check).
#[inline]
pub fn be_u16(b: &[u8], off: usize) -> u16 {
    match b.get(off..off.wrapping_add(2)) {
        Some(s) => u16::from_be_bytes([s[0], s[1]]),
        None => 0,
    }
}

/// WORD at `off` of `b`, 0 when out of range.
pub fn be_i16(b: &[u8], off: usize) -> i16 {
    be_u16(b, off) as i16
}

/// ULONG / APTR at `off` of `b`, 0 when out of range.
#[inline]
pub fn be_u32(b: &[u8], off: usize) -> u32 {
    match b.get(off..off.wrapping_add(4)) {
        Some(s) => u32::from_be_bytes([s[0], s[1], s[2], s[3]]),
        None => 0,
    }
}

/// BYTE at `off` of `b`, 0 when out of range.
pub fn be_i8(b: &[u8], off: usize) -> i8 {
    b.get(off).copied().unwrap_or(0) as i8
}

/// The bytes of a NUL-terminated string at the start of `b`, without the
/// NUL; `None` if `b` holds no NUL (the string was longer than the copy).
pub fn c_str(b: &[u8]) -> Option<&[u8]> {
    b.iter().position(|&c| c == 0).map(|n| &b[..n])
}

/// The bytes of a BCPL string (length byte first), as in dos.library's
/// BSTRs; `None` when `b` is shorter than the length says.
pub fn b_str(b: &[u8]) -> Option<&[u8]> {
    let n = *b.first()? as usize;
    b.get(1..1 + n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_big_endian_and_bounds() {
        let b = [0x12, 0x34, 0x56, 0x78, 0xFF, 0xFE];
        assert_eq!(u16_at(&b, 0), Some(0x1234));
        assert_eq!(u32_at(&b, 0), Some(0x1234_5678));
        assert_eq!(i16_at(&b, 4), Some(-2));
        assert_eq!(u32_at(&b, 3), None);
        assert_eq!(u16_at(&b, usize::MAX), None);
        assert_eq!((be_u16(&b, 5), be_u32(&b, 3), be_i8(&b, 4), be_i8(&b, 9)), (0, 0, -1, 0));
        assert_eq!(be_i16(&b, 4), -2);
    }

    #[test]
    fn strings() {
        assert_eq!(c_str(b"abc\0def"), Some(&b"abc"[..]));
        assert_eq!(c_str(b"abc"), None);
        assert_eq!(b_str(b"\x03abcd"), Some(&b"abc"[..]));
        assert_eq!(b_str(b"\x09ab"), None);
        assert_eq!(b_str(b""), None);
    }
}
