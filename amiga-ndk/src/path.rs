//! AmigaDOS paths, as dos.library's `FilePart()`, `PathPart()` and
//! `AddPart()` treat them: `:` ends a volume or assign, `/` separates
//! directories.

extern crate alloc;
use alloc::vec::Vec;

/// A path split into its directory and last component:
/// `DH0:C/Foo` -> (`DH0:C`, `Foo`), `DH0:Foo` -> (`DH0:`, `Foo`),
/// `Foo` -> (``, `Foo`: the current directory), `DH0:` -> (`DH0:`, ``).
pub fn split_path(path: &[u8]) -> (&[u8], &[u8]) {
    match path.iter().rposition(|&c| c == b'/' || c == b':') {
        Some(i) if path[i] == b':' => (&path[..=i], &path[i + 1..]),
        Some(i) => (&path[..i], &path[i + 1..]),
        None => (b"", path),
    }
}

/// A path split before its last name, the directory part keeping every
/// `/` it ends with: `DH0:a//x` -> (`DH0:a//`, `x`), `DH0:a/x` ->
/// (`DH0:a/`, `x`), `DH0:x` -> (`DH0:`, `x`), `x` -> (``, `x`),
/// `DH0:a/` -> (`DH0:a/`, ``). In an AmigaDOS path a `/` at the start or
/// right after another `/` (or the `:`) steps to the parent directory,
/// and a `/` after a name only separates (`a/` is `a` itself; the
/// AmigaDOS manual, "Paths"), so `Lock()` of the directory part is the
/// directory DOS puts the name in: `DH0:a//` is `DH0:a`'s parent, where
/// [`split_path`]'s `DH0:a` is not.
pub fn split_holder(path: &[u8]) -> (&[u8], &[u8]) {
    match path.iter().rposition(|&c| c == b'/' || c == b':') {
        Some(i) => (&path[..=i], &path[i + 1..]),
        None => (b"", path),
    }
}

/// `dir` + `name` with a `/` unless `dir` is empty or ends in `:` or `/`
/// (dos.library `AddPart()`).
pub fn join_path(dir: &[u8], name: &[u8]) -> Vec<u8> {
    let mut v = dir.to_vec();
    if !(v.is_empty() || v.ends_with(b":") || v.ends_with(b"/")) {
        v.push(b'/');
    }
    v.extend_from_slice(name);
    v
}

/// `<path>.info`: the icon of a file or drawer.
pub fn icon_path(path: &[u8]) -> Vec<u8> {
    let mut v = path.to_vec();
    v.extend_from_slice(b".info");
    v
}

/// `arg` as one argument of an AmigaDOS command line, in double quotes
/// with `*` written `**` and `"` written `*"` (the escapes dos.library
/// `ReadArgs()` undoes inside quotes, dos.library autodoc), so that a path
/// with spaces, quotes or stars arrives as it is.
pub fn quote_arg(arg: &[u8]) -> Vec<u8> {
    let mut v = Vec::with_capacity(arg.len() + 2);
    v.push(b'"');
    for &c in arg {
        if c == b'*' || c == b'"' {
            v.push(b'*');
        }
        v.push(c);
    }
    v.push(b'"');
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoted_arguments_escape_stars_and_quotes() {
        assert_eq!(quote_arg(b"Work:GadgetScope/GadgetScope.guide"), b"\"Work:GadgetScope/GadgetScope.guide\"");
        assert_eq!(quote_arg(b"RAM:My Tools/a*b\"c"), b"\"RAM:My Tools/a**b*\"c\"");
        assert_eq!(quote_arg(b""), b"\"\"");
    }

    #[test]
    fn paths_split_and_join_like_amigados() {
        assert_eq!(split_path(b"DH0:C/Foo"), (&b"DH0:C"[..], &b"Foo"[..]));
        assert_eq!(split_path(b"DH0:Foo"), (&b"DH0:"[..], &b"Foo"[..]));
        assert_eq!(split_path(b"Foo"), (&b""[..], &b"Foo"[..]));
        assert_eq!(split_path(b"DH0:"), (&b"DH0:"[..], &b""[..]));
        assert_eq!(split_holder(b"DH0:a//x"), (&b"DH0:a//"[..], &b"x"[..]));
        assert_eq!(split_holder(b"DH0:a/sub///x"), (&b"DH0:a/sub///"[..], &b"x"[..]));
        assert_eq!(split_holder(b"DH0:a/x"), (&b"DH0:a/"[..], &b"x"[..]));
        assert_eq!(split_holder(b"DH0:x"), (&b"DH0:"[..], &b"x"[..]));
        assert_eq!(split_holder(b"x"), (&b""[..], &b"x"[..]));
        assert_eq!(split_holder(b"/x"), (&b"/"[..], &b"x"[..]));
        assert_eq!(split_holder(b"DH0:a/"), (&b"DH0:a/"[..], &b""[..]));
        assert_eq!(join_path(b"DH0:", b"X"), b"DH0:X");
        assert_eq!(join_path(b"DH0:x/", b"X"), b"DH0:x/X");
        assert_eq!(join_path(b"T:GadgetScope-launch-1", b"X"), b"T:GadgetScope-launch-1/X");
        assert_eq!(join_path(b"", b"X"), b"X");
        assert_eq!(icon_path(b"RAM:a/Tool"), b"RAM:a/Tool.info");
    }
}
