//! The binary catalog: IFF `FORM CTLG` (docs/reference/formats.md, "Locale
//! catalogs").
//!
//! Layout, big-endian throughout:
//!
//! ```text
//! "FORM" ULONG size "CTLG"
//!   "FVER" ULONG n  "$VER: gadgetscope.catalog 1.0 (30.11.2026)" NUL [pad]
//!   "LANG" ULONG n  "deutsch" NUL [pad]
//!   "CSET" ULONG 32 ULONG codeset, 28 zero bytes
//!   "STRS" ULONG n  { ULONG id, ULONG length, bytes, NUL padding to 4 }...
//! ```
//!
//! Facts and their sources (checked, no code taken):
//! * EA IFF 85: a chunk is ID, ULONG size (not counting the pad byte),
//!   data, and one pad byte when the size is odd; `FORM`'s size counts its
//!   type ID and every nested chunk with padding.
//! * Chunk order and contents as FlexCat writes them (`src/createcat.c`,
//!   `CreateCat`): `FVER`, `LANG`, `CSET`, `STRS`. `FVER` and `LANG` hold
//!   the string with its NUL (the size counts the NUL), padded to even.
//!   `CSET` is 32 bytes: the codeset ULONG then seven reserved ULONGs
//!   (`struct CodeSet` in Commodore's `catalog.c`).
//! * `STRS` entries (FlexCat `CatPuts` with 4-byte padding): the length
//!   ULONG counts the string's bytes, plus one for the NUL when the byte
//!   count is a multiple of 4; the bytes are followed by at least one NUL
//!   and padded with NULs to a multiple of 4. A reader skips
//!   `(length + 3) & ~3` bytes to the next entry (Commodore's `catalog.c`,
//!   `LoadCatalog`), so the NUL that ends the string in place is always
//!   inside what it skips.
//! * locale.library accepts a catalog only if `LANG` equals the language
//!   asked for (`strcmp`), and, when `OC_Version` is given, if the first
//!   number after the name in `FVER` equals it (`catalog.c`, `LoadCatalog`).
//!   `LANG` must fit 32 bytes with its NUL (same source).
//! * Strings left out (untranslated or empty) fall back to the built-in
//!   string passed to `GetCatalogStr()` (locale.library autodoc).
//!
//! Entries are written sorted by ID.

/// A catalog's contents, before encoding or after decoding.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Catalog {
    /// The `FVER` text without NUL (`$VER: gadgetscope.catalog 1.0 (30.11.2026)`).
    pub version: String,
    /// The `LANG` text without NUL (`deutsch`); written as ISO-8859-1.
    pub language: String,
    /// The `CSET` codeset (0 = ISO-8859-1).
    pub codeset: u32,
    /// (ID, ISO-8859-1 bytes without NUL) in `STRS` order.
    pub strings: Vec<(u32, Vec<u8>)>,
}

/// Maximum `LANG` chunk size in bytes, NUL included (`catalog.c`).
pub const LANG_MAX: usize = 32;

/// ISO-8859-1 bytes of `s`, or an error naming the first character
/// outside it.
fn latin1(s: &str) -> Result<Vec<u8>, String> {
    s.chars().map(|c| u8::try_from(c as u32).map_err(|_| format!("{c:?} in \"{s}\" is not in ISO-8859-1"))).collect()
}

/// Appends one chunk with its pad byte.
fn chunk(out: &mut Vec<u8>, id: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(id);
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    out.extend_from_slice(data);
    if data.len() % 2 == 1 {
        out.push(0);
    }
}

/// The `STRS` length field for a string of `n` bytes (see the module doc).
pub fn strs_length(n: usize) -> u32 {
    (if n & 3 == 0 { n + 1 } else { n }) as u32
}

/// Encodes `cat` as a `FORM CTLG`. Errors: non-Latin-1 version or language,
/// a language too long for `LANG`, a string holding a NUL.
pub fn write(cat: &Catalog) -> Result<Vec<u8>, String> {
    let mut body = Vec::new();
    body.extend_from_slice(b"CTLG");
    let mut fver = latin1(&cat.version)?;
    fver.push(0);
    chunk(&mut body, b"FVER", &fver);
    let mut lang = latin1(&cat.language)?;
    lang.push(0);
    if lang.len() > LANG_MAX {
        return Err(format!("language \"{}\" is longer than {} bytes", cat.language, LANG_MAX - 1));
    }
    chunk(&mut body, b"LANG", &lang);
    let mut cset = [0u8; 32];
    cset[..4].copy_from_slice(&cat.codeset.to_be_bytes());
    chunk(&mut body, b"CSET", &cset);
    let mut strs = Vec::new();
    for (id, s) in &cat.strings {
        if s.contains(&0) {
            return Err(format!("string {id} holds a NUL"));
        }
        strs.extend_from_slice(&id.to_be_bytes());
        strs.extend_from_slice(&strs_length(s.len()).to_be_bytes());
        strs.extend_from_slice(s);
        strs.push(0);
        while strs.len() % 4 != 0 {
            strs.push(0);
        }
    }
    chunk(&mut body, b"STRS", &strs);
    let mut out = Vec::with_capacity(body.len() + 8);
    out.extend_from_slice(b"FORM");
    out.extend_from_slice(&(body.len() as u32).to_be_bytes());
    out.extend_from_slice(&body);
    Ok(out)
}

/// One chunk as found by [`chunks`]: ID, offset of its data in the file,
/// data.
pub type Chunk<'a> = ([u8; 4], usize, &'a [u8]);

fn be32(b: &[u8], at: usize) -> Result<u32, String> {
    b.get(at..at + 4)
        .map(|s| u32::from_be_bytes([s[0], s[1], s[2], s[3]]))
        .ok_or_else(|| format!("truncated at offset {at}"))
}

/// The chunks inside a `FORM CTLG`, in file order, checking sizes and pad
/// bytes (a pad byte must be 0).
pub fn chunks(file: &[u8]) -> Result<Vec<Chunk<'_>>, String> {
    if file.get(0..4) != Some(b"FORM") || file.get(8..12) != Some(b"CTLG") {
        return Err(String::from("not a FORM CTLG"));
    }
    let size = be32(file, 4)? as usize;
    if size + 8 != file.len() {
        return Err(format!("FORM size {size} but file has {} bytes after the header", file.len() - 8));
    }
    let mut out = Vec::new();
    let mut at = 12;
    while at < file.len() {
        let id: [u8; 4] = file.get(at..at + 4).ok_or("truncated chunk header")?.try_into().unwrap();
        let n = be32(file, at + 4)? as usize;
        let data = file
            .get(at + 8..at + 8 + n)
            .ok_or_else(|| format!("chunk {} overruns the file", String::from_utf8_lossy(&id)))?;
        out.push((id, at + 8, data));
        at += 8 + n;
        if n % 2 == 1 {
            if file.get(at) != Some(&0) {
                return Err(format!("chunk {} lacks its zero pad byte", String::from_utf8_lossy(&id)));
            }
            at += 1;
        }
    }
    Ok(out)
}

/// Text of a NUL-terminated chunk (`FVER`, `LANG`) as ISO-8859-1.
fn cstr(data: &[u8], what: &str) -> Result<String, String> {
    let end = data.iter().position(|&b| b == 0).ok_or_else(|| format!("{what} has no NUL"))?;
    Ok(data[..end].iter().map(|&b| b as char).collect())
}

/// Decodes a `.catalog` file, checking everything [`write()`] promises:
/// chunk order, sizes, pads, `STRS` lengths and NUL padding.
pub fn read(file: &[u8]) -> Result<Catalog, String> {
    let cs = chunks(file)?;
    let ids: Vec<[u8; 4]> = cs.iter().map(|c| c.0).collect();
    if ids != [*b"FVER", *b"LANG", *b"CSET", *b"STRS"] {
        let names: Vec<String> = ids.iter().map(|i| String::from_utf8_lossy(i).into_owned()).collect();
        return Err(format!("chunks {names:?}, expected FVER LANG CSET STRS"));
    }
    let version = cstr(cs[0].2, "FVER")?;
    let language = cstr(cs[1].2, "LANG")?;
    if cs[2].2.len() != 32 {
        return Err(format!("CSET is {} bytes, expected 32", cs[2].2.len()));
    }
    let codeset = be32(cs[2].2, 0)?;
    let strs = cs[3].2;
    let mut strings = Vec::new();
    let mut at = 0;
    while at < strs.len() {
        let id = be32(strs, at)?;
        let len = be32(strs, at + 4)? as usize;
        let skip = (len + 3) & !3;
        let area = strs.get(at + 8..at + 8 + skip).ok_or_else(|| format!("string {id} overruns STRS"))?;
        let n = area
            .iter()
            .position(|&b| b == 0)
            .ok_or_else(|| format!("string {id} has no NUL within its padded length"))?;
        if len != n && len != n + 1 {
            return Err(format!("string {id}: length {len} for {n} bytes"));
        }
        if area[n..].iter().any(|&b| b != 0) {
            return Err(format!("string {id}: padding is not all NUL"));
        }
        strings.push((id, area[..n].to_vec()));
        at += 8 + skip;
    }
    Ok(Catalog { version, language, codeset, strings })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cat(strings: Vec<(u32, Vec<u8>)>) -> Catalog {
        Catalog {
            version: "$VER: gadgetscope.catalog 1.0 (30.11.2026)".into(),
            language: "français".into(),
            codeset: 0,
            strings,
        }
    }

    #[test]
    fn byte_exact_layout() {
        // 3, 4 and 5 bytes: the 4-byte string counts its NUL and gets 4
        // bytes of NUL padding (FlexCat's rule).
        let b = write(&cat(vec![(0, b"abc".to_vec()), (1, b"abcd".to_vec()), (7, b"abcde".to_vec())])).unwrap();
        let fver = b"$VER: gadgetscope.catalog 1.0 (30.11.2026)";
        assert_eq!(fver.len(), 42);
        let mut want = Vec::new();
        want.extend_from_slice(b"CTLG");
        want.extend_from_slice(b"FVER\0\0\0\x2b");
        want.extend_from_slice(fver);
        want.extend_from_slice(b"\0\0"); // NUL + IFF pad (43 is odd)
        want.extend_from_slice(b"LANG\0\0\0\x09fran\xe7ais\0\0"); // 9 bytes + pad
        want.extend_from_slice(b"CSET\0\0\0\x20");
        want.extend_from_slice(&[0; 32]);
        want.extend_from_slice(b"STRS\0\0\0\x2c"); // (8+4) + (8+8) + (8+8) = 44
        want.extend_from_slice(b"\0\0\0\0\0\0\0\x03abc\0");
        want.extend_from_slice(b"\0\0\0\x01\0\0\0\x05abcd\0\0\0\0");
        want.extend_from_slice(b"\0\0\0\x07\0\0\0\x05abcde\0\0\0");
        let mut file = b"FORM".to_vec();
        file.extend_from_slice(&(want.len() as u32).to_be_bytes());
        file.extend_from_slice(&want);
        assert_eq!(b, file);
        assert_eq!(b.len() % 2, 0);
    }

    #[test]
    fn chunk_order_and_round_trip() {
        let c = cat(vec![(2, b"Proj\xe9t".to_vec()), (5, b"Q".to_vec())]);
        let b = write(&c).unwrap();
        let ids: Vec<_> = chunks(&b).unwrap().iter().map(|c| c.0).collect();
        assert_eq!(ids, [*b"FVER", *b"LANG", *b"CSET", *b"STRS"]);
        assert_eq!(read(&b).unwrap(), c);
    }

    #[test]
    fn empty_strs_and_even_fver() {
        let mut c = cat(vec![]);
        c.version = "$VER: x 1.0 (1.1.2026)".into(); // 22 bytes + NUL = 23: padded
        let b = write(&c).unwrap();
        let cs = chunks(&b).unwrap();
        assert_eq!(cs[0].2.len(), 23);
        assert_eq!(cs[3].2.len(), 0);
        assert_eq!(read(&b).unwrap(), c);
    }

    #[test]
    fn writer_refuses_what_the_os_cannot_read() {
        let mut c = cat(vec![(1, b"a\0b".to_vec())]);
        assert_eq!(write(&c).unwrap_err(), "string 1 holds a NUL");
        c.strings.clear();
        c.language = "x".repeat(32);
        assert_eq!(write(&c).unwrap_err(), format!("language \"{}\" is longer than 31 bytes", "x".repeat(32)));
        c.language = "ελληνικά".into();
        assert!(write(&c).unwrap_err().contains("is not in ISO-8859-1"));
    }

    #[test]
    fn reader_rejects_damage() {
        let b = write(&cat(vec![(1, b"abcd".to_vec())])).unwrap();
        let mut short = b.clone();
        short.pop();
        assert!(read(&short).unwrap_err().starts_with("FORM size"));
        let mut bad_len = b.clone();
        let n = bad_len.len();
        bad_len[n - 9] = 4; // length 4 for "abcd": the NUL is outside the skipped area
        assert_eq!(read(&bad_len).unwrap_err(), "string 1 has no NUL within its padded length");
    }
}
