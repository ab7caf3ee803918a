//! Latin-1 (ISO-8859-1), the Amiga's character set: Rust strings are
//! UTF-8, while the console, ARexx, the wire, catalogs, icons and file
//! names are Latin-1 bytes. Byte `b` is code point U+00`b`.

extern crate alloc;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::{self, Write as _};

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

/// Latin-1 bytes for `{}` in [`format`]: each byte written as its own
/// character, so [`format`] gives the same bytes back.
pub struct Shown<'a>(pub &'a [u8]);

impl fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.iter().try_for_each(|&b| f.write_char(char::from(b)))
    }
}

/// A `fmt::Write` into Latin-1 bytes, characters above U+00FF as `?`
/// (as [`from_str_lossy`]).
struct Writer(Vec<u8>);

impl fmt::Write for Writer {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        s.chars().try_for_each(|c| self.write_char(c))
    }
    fn write_char(&mut self, c: char) -> fmt::Result {
        self.0.push(u8::try_from(u32::from(c)).unwrap_or(b'?'));
        Ok(())
    }
}

/// `format!` into Latin-1 bytes, without a `String` between: ASCII text
/// and numbers as they are, Latin-1 arguments given as [`Shown`] byte
/// for byte, other characters above U+00FF as `?`.
pub fn format(args: fmt::Arguments<'_>) -> Vec<u8> {
    let mut w = Writer(Vec::new());
    // Writer never fails; a Display that fails leaves what it wrote.
    let _ = fmt::write(&mut w, args);
    w.0
}

/// ASCII decimal digits (at least one, nothing else: no sign, no
/// blanks) as a number, saturating at `u64::MAX`: every range a caller
/// checks is far below that, so a huge number is refused as out of range,
/// never wrapped (unlike dos.library's `StrToLong()`, which wraps at 32
/// bits). `None` for anything that is not such digits.
pub fn decimal(v: &[u8]) -> Option<u64> {
    if v.is_empty() || !v.iter().all(u8::is_ascii_digit) {
        return None;
    }
    Some(v.iter().fold(0u64, |n, &d| n.saturating_mul(10).saturating_add(u64::from(d - b'0'))))
}

/// [`decimal`] with an optional leading `-`, as a signed number
/// (saturating at `i64::MIN`/`i64::MAX`); `-0` is 0.
pub fn signed_decimal(v: &[u8]) -> Option<i64> {
    match v.strip_prefix(b"-") {
        Some(digits) => decimal(digits).map(|n| i64::try_from(n).map_or(i64::MIN, |n| -n)),
        None => decimal(v).map(|n| i64::try_from(n).unwrap_or(i64::MAX)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimals_saturate_and_refuse_anything_else() {
        assert_eq!(decimal(b"0"), Some(0));
        assert_eq!(decimal(b"0065535"), Some(65535));
        assert_eq!(decimal(b"4294967296"), Some(4_294_967_296), "no 32-bit wrap");
        assert_eq!(decimal(b"99999999999999999999999"), Some(u64::MAX));
        for bad in [&b""[..], b"-1", b"+1", b" 1", b"1 ", b"1a", b"0x10"] {
            assert_eq!(decimal(bad), None, "{bad:?}");
        }
        assert_eq!(signed_decimal(b"-12"), Some(-12));
        assert_eq!(signed_decimal(b"-0"), Some(0));
        assert_eq!(signed_decimal(b"-99999999999999999999"), Some(i64::MIN));
        assert_eq!(signed_decimal(b"99999999999999999999"), Some(i64::MAX));
        assert_eq!(signed_decimal(b"-"), None);
        assert_eq!(signed_decimal(b"--1"), None);
    }

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

    #[test]
    fn format_writes_latin1_bytes() {
        let name = b"Gr\xf6\xdfe \"x\"";
        let n = 7;
        assert_eq!(format(format_args!("no {} at {n}", Shown(name))), b"no Gr\xf6\xdfe \"x\" at 7");
        assert_eq!(format(format_args!("{} \u{2014} \u{e9}", Shown(b""))), b" ? \xe9");
    }
}
