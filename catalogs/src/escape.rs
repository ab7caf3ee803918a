//! String lines of `.cd`/`.ct` files: escapes, continuation lines, the
//! Latin-1 encoding and `%` placeholders.
//!
//! Escapes (docs/reference/formats.md, "Locale catalogs", a subset of
//! FlexCat's): `\n` (0x0A), `\t` (0x09), `\e` (0x1B, ESC), `\\` (a backslash)
//! and `\xHH` (two hex digits). Anything else after a backslash is an error,
//! and so is `\x00`: the OS hands catalog strings out as C strings, so a NUL
//! would cut them short.

/// Turns one logical string line (continuations already joined) into
/// ISO-8859-1 bytes. The error names the problem; the caller adds file:line.
pub fn decode(line: &str) -> Result<Vec<u8>, String> {
    let mut out = Vec::with_capacity(line.len());
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some('n') => out.push(b'\n'),
                Some('t') => out.push(b'\t'),
                Some('e') => out.push(0x1b),
                Some('\\') => out.push(b'\\'),
                Some('x') => {
                    let hi = chars.next();
                    let lo = chars.next();
                    let v = match (hi.and_then(|h| h.to_digit(16)), lo.and_then(|l| l.to_digit(16))) {
                        (Some(h), Some(l)) => (h * 16 + l) as u8,
                        _ => {
                            let got: String = [hi, lo].iter().flatten().collect();
                            return Err(format!("bad escape \\x{got}: \\x needs two hex digits"));
                        }
                    };
                    if v == 0 {
                        return Err(String::from("bad escape \\x00: a catalog string cannot hold a NUL"));
                    }
                    out.push(v);
                }
                Some(other) => return Err(format!("bad escape \\{other} (known: \\n \\t \\e \\\\ \\xHH)")),
                None => return Err(String::from("bad escape: lone backslash at the end of the string")),
            }
        } else if (c as u32) < 0x100 {
            out.push(c as u32 as u8);
        } else {
            return Err(format!("character {c:?} (U+{:04X}) is not in ISO-8859-1 (codeset 0)", c as u32));
        }
    }
    Ok(out)
}

/// True when a physical line continues on the next one: it ends in an odd
/// number of backslashes (an even number is escaped backslashes).
pub fn continues(line: &str) -> bool {
    line.bytes().rev().take_while(|&b| b == b'\\').count() % 2 == 1
}

/// The RawDoFmt-style placeholders of a compiled string, in order
/// (`%s`, `%ld`, `%lu`, `%lx`, `%%` is a literal and not listed). A
/// translation must keep the description's placeholders in the same order,
/// or the program's arguments would be read as the wrong type.
pub fn placeholders(s: &[u8]) -> Vec<String> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < s.len() {
        if s[i] == b'%' {
            if s.get(i + 1) == Some(&b'%') {
                i += 2;
                continue;
            }
            let start = i;
            i += 1;
            // flags, width, precision, the `l` size, then the conversion.
            while i < s.len() && (b"-+ #0123456789.".contains(&s[i])) {
                i += 1;
            }
            if i < s.len() && s[i] == b'l' {
                i += 1;
            }
            if i < s.len() {
                i += 1;
            }
            out.push(String::from_utf8_lossy(&s[start..i]).into_owned());
        } else {
            i += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_decode_to_latin1() {
        assert_eq!(decode(r"a\nb\tc\e\\\x41").unwrap(), b"a\nb\tc\x1b\\A");
        assert_eq!(decode("Öffnen…").unwrap_err(), "character '…' (U+2026) is not in ISO-8859-1 (codeset 0)");
        assert_eq!(decode("Öffnen").unwrap(), b"\xd6ffnen");
    }

    #[test]
    fn bad_escapes_are_named() {
        assert_eq!(decode(r"a\q").unwrap_err(), r"bad escape \q (known: \n \t \e \\ \xHH)");
        assert_eq!(decode(r"\x4").unwrap_err(), r"bad escape \x4: \x needs two hex digits");
        assert_eq!(decode(r"\x00").unwrap_err(), r"bad escape \x00: a catalog string cannot hold a NUL");
    }

    #[test]
    fn continuation_counts_backslashes() {
        assert!(continues(r"abc\"));
        assert!(!continues(r"abc\\"));
        assert!(continues(r"abc\\\"));
        assert!(!continues("abc"));
    }

    #[test]
    fn placeholders_in_order() {
        assert_eq!(placeholders(b"%s has %ld gadgets (100%%)"), vec!["%s", "%ld"]);
        assert_eq!(placeholders(b"%-10s|%08lx"), vec!["%-10s", "%08lx"]);
    }
}
