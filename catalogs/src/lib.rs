//! GadgetScope's locale catalogs, host side: a FlexCat-style compiler.
//!
//! * [`cd`] reads the catalog description `gadgetscope.cd` (the English
//!   built-in strings, their IDs and length bounds);
//! * [`ct`] reads a catalog translation `<language>.ct` and checks it
//!   against the description;
//! * [`iff`] writes the binary `Catalogs/<language>/gadgetscope.catalog`
//!   (IFF `FORM CTLG`, docs/reference/formats.md "Locale catalogs") and
//!   reads one back;
//! * [`gen`] writes the Rust module with the string IDs and built-in English
//!   strings that the window includes (`catalogs/generated/strings.rs`,
//!   in gadgetscope-window's `window/src/strings.rs`).
//!
//! **Why our own compiler**: FlexCat and CatComp are Amiga (or C) programs;
//! no Rust library compiles `.cd`/`.ct` files or writes `FORM CTLG`, and
//! the build must run on a plain Linux host. The binary layout follows
//! FlexCat's `createcat.c` and the reader in Commodore's `catalog.c` (facts
//! only, no code taken): see [`iff`].
//!
//! Source files are ISO-8859-1, as FlexCat and CatComp read them (byte for
//! byte; a `.ct` with `## codeset 0` declares that encoding): [`source_text`]
//! maps each byte to its character and refuses UTF-8 text and C1 control
//! bytes, so a file saved by a UTF-8 editor is an error here instead of a
//! garbled catalog from the Amiga tools. Compiled strings are ISO-8859-1.
//!
//! What xtask calls: [`build_all`] (every `.ct` in a directory to
//! `Catalogs/<language>/gadgetscope.catalog`) and [`generated_source`] /
//! [`GENERATED_PATH`] for the string module. The `gadgetscope-catcomp` binary
//! does the same from a Shell.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod cd;
pub mod ct;
pub mod diag;
pub mod escape;
pub mod gen;
pub mod iff;

/// The generated string module, compiled here so that it always builds
/// (the program includes the same file with `#[path]`).
#[rustfmt::skip]
#[path = "../generated/strings.rs"]
pub mod strings;

use std::path::{Path, PathBuf};

pub use diag::{Diagnostic, Severity};

/// The catalog's file name, as passed to `OpenCatalogA()`
/// (docs/reference/formats.md, "Locale catalogs").
pub const CATALOG_NAME: &str = "gadgetscope.catalog";

/// Where the generated Rust module lives, relative to the workspace root.
pub const GENERATED_PATH: &str = "catalogs/generated/strings.rs";

/// The result of compiling one translation.
#[derive(Debug, Clone)]
pub struct Compiled {
    /// The `## language` name, as locale.library spells it (e.g. `français`).
    pub language: String,
    /// The `.catalog` file's bytes.
    pub bytes: Vec<u8>,
    /// Warnings (missing translations); errors stop compilation instead.
    pub warnings: Vec<Diagnostic>,
}

/// The text of a `.cd`/`.ct` source: ISO-8859-1 bytes, each byte one
/// character (U+0000..U+00FF). Errors (at `file:line`): bytes that form
/// UTF-8 sequences for non-ASCII characters (the file was saved as UTF-8:
/// FlexCat, CatComp and locale.library would show each such letter as two
/// or three Latin-1 characters), and bytes 0x80-0x9F (C1 controls, which
/// ISO-8859-1 text does not contain; typically Windows-1252 quotes).
pub fn source_text(file: &str, bytes: &[u8]) -> Result<String, Vec<Diagnostic>> {
    let line_of = |at: usize| 1 + bytes[..at].iter().filter(|&&b| b == b'\n').count();
    let mut errs = Vec::new();
    if let Some(at) = bytes.iter().position(|&b| b >= 0x80) {
        if std::str::from_utf8(bytes).is_ok() {
            errs.push(Diagnostic::error(
                file,
                line_of(at),
                "the file is UTF-8; .cd/.ct sources are ISO-8859-1 (## codeset 0), as FlexCat and CatComp read them",
            ));
        }
    }
    if errs.is_empty() {
        for (at, &b) in bytes.iter().enumerate().filter(|(_, &b)| (0x80..0xa0).contains(&b)) {
            errs.push(Diagnostic::error(
                file,
                line_of(at),
                format!("byte 0x{b:02X} is a C1 control, not an ISO-8859-1 character"),
            ));
        }
    }
    if !errs.is_empty() {
        return Err(errs);
    }
    Ok(bytes.iter().map(|&b| char::from(b)).collect())
}

/// Reads a source file as ISO-8859-1 ([`source_text`]), naming it in errors.
fn read_source(path: &Path) -> Result<String, Vec<Diagnostic>> {
    let file = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|e| vec![Diagnostic::error(&file, 0, format!("cannot read: {e}"))])?;
    source_text(&file, &bytes)
}

/// Parses the description at `cd_path`.
pub fn load_cd(cd_path: &Path) -> Result<cd::Description, Vec<Diagnostic>> {
    let text = read_source(cd_path)?;
    cd::parse(&cd_path.display().to_string(), &text)
}

/// Compiles one translation against a parsed description: parse, check,
/// then write the `FORM CTLG` bytes.
pub fn compile(desc: &cd::Description, ct_name: &str, ct_text: &str) -> Result<Compiled, Vec<Diagnostic>> {
    let tr = ct::parse(ct_name, ct_text, desc)?;
    let catalog = iff::Catalog {
        version: tr.version_string.clone(),
        language: tr.language.clone(),
        codeset: tr.codeset,
        strings: tr.strings_for_catalog(desc),
    };
    let bytes = iff::write(&catalog).map_err(|m| vec![Diagnostic::error(ct_name, 0, m)])?;
    Ok(Compiled { language: tr.language, bytes, warnings: tr.warnings })
}

/// Compiles every `*.ct` in `catalog_dir` against `catalog_dir/gadgetscope.cd`
/// and writes `out_dir/Catalogs/<language>/gadgetscope.catalog`. Returns
/// the written paths and all warnings; any error stops before writing
/// anything and returns every diagnostic found.
///
/// Note for packaging: `<language>` may hold Latin-1 letters (`français`);
/// on the host the directory name is UTF-8 and must be stored as ISO-8859-1
/// in Amiga archives.
pub fn build_all(catalog_dir: &Path, out_dir: &Path) -> Result<(Vec<PathBuf>, Vec<Diagnostic>), Vec<Diagnostic>> {
    let desc = load_cd(&catalog_dir.join("gadgetscope.cd"))?;
    let mut cts: Vec<PathBuf> = std::fs::read_dir(catalog_dir)
        .map_err(|e| vec![Diagnostic::error(&catalog_dir.display().to_string(), 0, format!("cannot list: {e}"))])?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "ct"))
        .collect();
    cts.sort();
    let mut errors = Vec::new();
    let mut done = Vec::new();
    for ct_path in &cts {
        let name = ct_path.display().to_string();
        match read_source(ct_path).and_then(|t| compile(&desc, &name, &t)) {
            Ok(c) => done.push(c),
            Err(mut e) => errors.append(&mut e),
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let mut written = Vec::new();
    let mut warnings = Vec::new();
    for c in done {
        let dir = out_dir.join("Catalogs").join(&c.language);
        let path = dir.join(CATALOG_NAME);
        std::fs::create_dir_all(&dir)
            .and_then(|_| std::fs::write(&path, &c.bytes))
            .map_err(|e| vec![Diagnostic::error(&path.display().to_string(), 0, format!("cannot write: {e}"))])?;
        written.push(path);
        warnings.extend(c.warnings);
    }
    Ok((written, warnings))
}

/// The Rust source of [`GENERATED_PATH`] for the description in
/// `catalog_dir/gadgetscope.cd`.
pub fn generated_source(catalog_dir: &Path) -> Result<String, Vec<Diagnostic>> {
    Ok(gen::rust_module(&load_cd(&catalog_dir.join("gadgetscope.cd"))?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sources_are_read_as_latin1() {
        assert_eq!(source_text("a.ct", b"Fran\xe7ais\n\xc4\xd6\xdc").unwrap(), "Fran\u{e7}ais\n\u{c4}\u{d6}\u{dc}");
        assert_eq!(source_text("a.ct", b"plain ASCII").unwrap(), "plain ASCII");
    }

    #[test]
    fn utf8_and_c1_bytes_are_refused_with_their_line() {
        let e = source_text("de.ct", "x\n\u{d6}ffnen".as_bytes()).unwrap_err();
        assert_eq!(
            e[0].to_string(),
            "de.ct:2: error: the file is UTF-8; .cd/.ct sources are ISO-8859-1 (## codeset 0), as FlexCat and CatComp read them"
        );
        let e = source_text("fr.ct", b"a\nb\n\x93quoted\x94").unwrap_err();
        assert_eq!(e.len(), 2);
        assert_eq!(e[0].to_string(), "fr.ct:3: error: byte 0x93 is a C1 control, not an ISO-8859-1 character");
    }
}
