//! Host-side checkers for users and tests: ARexx command lines and
//! manifest files, checked without an Amiga, with the same parsers the
//! port uses (`gadgetscope-arexx`, `gadgetscope-core`).

use std::io::{BufRead, Write};

use gadgetscope_arexx::parse;
use gadgetscope_core::manifest;

/// `cargo xtask arexx-check`: reads ARexx command lines on stdin (Latin-1
/// bytes, one per LF-terminated line) and prints, per line, `RC <n>` and the
/// message the port would give: the parse error (RC 10), or for a
/// well-formed line its canonical form (RC 0). Only parsing is checked:
/// `@name`s are not looked up and nothing is executed. Returns 0 when every
/// line parsed, else 10; 10 for any argument (it takes none).
pub fn arexx_check(args: &[String]) -> u8 {
    if let Some(a) = args.first() {
        eprintln!("arexx-check: unexpected argument `{a}` (command lines are read from stdin)");
        return 10;
    }
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    match arexx_check_io(stdin.lock(), &mut stdout.lock()) {
        Ok(rc) => rc,
        Err(e) => {
            eprintln!("arexx-check: {e}");
            20
        }
    }
}

/// [`arexx_check`] over any reader and writer. Output bytes are Latin-1 as
/// the port would send them.
pub fn arexx_check_io(input: impl BufRead, out: &mut impl Write) -> std::io::Result<u8> {
    let mut rc = 0;
    for line in input.split(b'\n') {
        let line = line?;
        match parse(&line) {
            Ok(cmd) => {
                out.write_all(b"RC 0 ")?;
                out.write_all(&cmd.to_line())?;
            }
            Err(e) => {
                rc = 10;
                write!(out, "RC {} ", e.rc.code())?;
                out.write_all(&e.text)?;
            }
        }
        out.write_all(b"\n")?;
    }
    Ok(rc)
}

/// `cargo xtask manifest-check <file>`: prints `loaded <APP>: <W> windows,
/// <G> gadgets` and returns 0, or prints `line <n>: <reason>` (docs/reference/formats.md)
/// and returns 10. A missing or unreadable file, or a wrong argument count,
/// is a message on stderr and 10.
pub fn manifest_check(args: &[String]) -> u8 {
    let [path] = args else {
        eprintln!("usage: cargo xtask manifest-check <file>");
        return 10;
    };
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("manifest-check: cannot read {path}: {e}");
            return 10;
        }
    };
    let (rc, text) = manifest_check_bytes(&bytes);
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(&text).and_then(|_| out.write_all(b"\n"));
    rc
}

/// The RC and the line [`manifest_check`] prints for a file's bytes.
pub fn manifest_check_bytes(bytes: &[u8]) -> (u8, Vec<u8>) {
    match manifest::parse(bytes) {
        Ok(m) => (0, m.summary()),
        Err(e) => (10, amiga_ndk::latin1::from_str_lossy(&e.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arexx_check_prints_one_line_per_input() {
        let input = b"version\nCLICK Prefs role=button label=\"Connect Now\"\nTREE\nCLICK w 1 TIMEOUT=x\n";
        let mut out = Vec::new();
        let rc = arexx_check_io(&input[..], &mut out).unwrap();
        assert_eq!(rc, 10);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "RC 0 VERSION\n\
             RC 0 CLICK \"Prefs\" ROLE=button LABEL=\"Connect Now\"\n\
             RC 10 missing window pattern\n\
             RC 10 TIMEOUT must be a number\n"
        );
        let mut out = Vec::new();
        assert_eq!(arexx_check_io(&b"QUIT\nWAITFOR REQUESTER"[..], &mut out).unwrap(), 0);
        assert_eq!(out, b"RC 0 QUIT\nRC 0 WAITFOR REQUESTER\n");
    }

    #[test]
    fn manifest_check_summary_or_line_error() {
        let ok = manifest_check_bytes(b"MANIFEST 1\nAPP Demo\nWINDOW main Demo\nGADGET go main 3\n");
        assert_eq!(ok, (0, b"loaded Demo: 1 windows, 1 gadgets".to_vec()));
        let bad = manifest_check_bytes(b"MANIFEST 1\nAPP Demo\nWINDOW main Demo\nGADGET go main x\n");
        assert_eq!(bad, (10, b"line 4: GA_ID must be a number: \"x\"".to_vec()));
        assert_eq!(manifest_check(&["/nonexistent/Demo.manifest".to_string()]), 10);
        assert_eq!(manifest_check(&[]), 10);
    }
}
