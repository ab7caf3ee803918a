//! Decoding OS-owned structures from big-endian bytes copied out of OS
//! memory. Out-of-range offsets read as `None`, never panic.

/// UWORD at byte offset `off` of `b`.
pub fn u16_at(b: &[u8], off: usize) -> Option<u16> {
    Some(u16::from_be_bytes(b.get(off..off.checked_add(2)?)?.try_into().ok()?))
}

/// ULONG (or APTR) at byte offset `off` of `b`.
pub fn u32_at(b: &[u8], off: usize) -> Option<u32> {
    Some(u32::from_be_bytes(b.get(off..off.checked_add(4)?)?.try_into().ok()?))
}

/// WORD at byte offset `off` of `b`.
pub fn i16_at(b: &[u8], off: usize) -> Option<i16> {
    u16_at(b, off).map(|v| v as i16)
}

/// The bytes of a NUL-terminated string at the start of `b`, without the
/// NUL; `None` if `b` holds no NUL (the string was longer than the copy).
pub fn c_str(b: &[u8]) -> Option<&[u8]> {
    b.iter().position(|&c| c == 0).map(|n| &b[..n])
}

/// The bytes of a BCPL string (length byte first), as in dos.library BSTRs.
pub fn b_str(b: &[u8]) -> Option<&[u8]> {
    let n = *b.first()? as usize;
    b.get(1..1 + n)
}

/// `bytes` followed by a NUL, for OS calls that take C strings.
pub fn nul_terminated(bytes: &[u8]) -> alloc::vec::Vec<u8> {
    let mut v = alloc::vec::Vec::with_capacity(bytes.len() + 1);
    v.extend_from_slice(bytes);
    v.push(0);
    v
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
    }

    #[test]
    fn strings() {
        assert_eq!(c_str(b"abc\0def"), Some(&b"abc"[..]));
        assert_eq!(c_str(b"abc"), None);
        assert_eq!(b_str(b"\x03abcd"), Some(&b"abc"[..]));
        assert_eq!(b_str(b"\x09ab"), None);
    }
}
