//! Latin-1 (ISO-8859-1), the Amiga's character set: Rust strings are
//! UTF-8, while the console, ARexx, the wire, catalogs, icons and file
//! names are Latin-1 bytes. Byte `b` is code point U+00`b`.

extern crate alloc;
use alloc::string::String;
use alloc::vec::Vec;

/// Latin-1 bytes as a `String`, byte for code point: lossless, for
/// messages that quote user text.
pub fn to_string(bytes: &[u8]) -> String {
    bytes.iter().map(|&b| char::from(b)).collect()
}

/// A `String` as Latin-1 bytes, characters above U+00FF as `?`: for text
/// shown to the user (every such character in GadgetScope's own messages
/// is a typographic nicety, never data).
pub fn from_str_lossy(s: &str) -> Vec<u8> {
    s.chars().map(|c| u8::try_from(u32::from(c)).unwrap_or(b'?')).collect()
}

/// A `String` as Latin-1 bytes, or the first character that has none:
/// for data that must round-trip (catalog strings, icon tooltypes, file
/// names in an archive).
pub fn from_str_exact(s: &str) -> Result<Vec<u8>, char> {
    s.chars().map(|c| u8::try_from(u32::from(c)).map_err(|_| c)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_latin1_and_marks_the_rest() {
        let bytes = b"Gr\xf6\xdfe fran\xe7ais \xff";
        let s = to_string(bytes);
        assert_eq!(s, "Größe français ÿ");
        assert_eq!(from_str_exact(&s).unwrap(), bytes);
        assert_eq!(from_str_lossy(&s), bytes);
        assert_eq!(from_str_lossy("a\u{2014}b"), b"a?b");
        assert_eq!(from_str_exact("a\u{2014}b"), Err('\u{2014}'));
    }
}
