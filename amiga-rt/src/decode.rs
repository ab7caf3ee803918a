//! C strings for OS calls. (Reading big-endian fields out of copied OS
//! memory is amiga-ndk's `be`.)

/// `bytes` followed by a NUL, for OS calls that take C strings.
pub fn nul_terminated(bytes: &[u8]) -> alloc::vec::Vec<u8> {
    let mut v = alloc::vec::Vec::with_capacity(bytes.len() + 1);
    v.extend_from_slice(bytes);
    v.push(0);
    v
}

#[cfg(test)]
mod tests {
    #[test]
    fn nul_terminated_appends_one_nul() {
        assert_eq!(super::nul_terminated(b"ab"), b"ab\0");
        assert_eq!(super::nul_terminated(b""), b"\0");
    }
}
