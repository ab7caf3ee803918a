//! The catalog translation (`.ct`), FlexCat style.
//!
//! ```text
//! ## version $VER: gadgetscope.catalog 1.0 (30.11.2026)
//! ## language deutsch
//! ## codeset 0
//! ; Project
//! MSG_MENU_PROJECT
//! Projekt
//! ```
//!
//! Each entry is a name line followed by its translated string line (same
//! escapes and continuation as the `.cd`). An empty string line means
//! "not translated yet": a warning, and the entry is left out of the
//! catalog so the program shows its built-in English string. `;` lines are
//! comments (FlexCat puts the English original there).
//!
//! Checks, all reported with file:line: unknown name, duplicate name, bad
//! escape, length outside the `.cd` bounds, `%` placeholders that differ
//! from the English string's, a version that differs from the `.cd`'s
//! `#version` (locale.library would refuse the catalog: `OpenCatalogA()` with
//! `OC_Version` requires an equal version, see [`crate::iff`]), and names of
//! the `.cd` missing here (a warning).
use crate::cd::{self, Description};
use crate::diag::Diagnostic;
use crate::escape;

/// A parsed and checked translation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Translation {
    /// The whole `## version` value (`$VER: gadgetscope.catalog 1.0 (30.11.2026)`),
    /// written to the `FVER` chunk.
    pub version_string: String,
    /// `## language`, as locale.library names the language (`deutsch`).
    pub language: String,
    /// `## codeset` (0 = ISO-8859-1, the only one accepted).
    pub codeset: u32,
    /// (name, ISO-8859-1 bytes, line) of every non-empty translation.
    pub strings: Vec<(String, Vec<u8>, usize)>,
    /// Missing or empty translations.
    pub warnings: Vec<Diagnostic>,
}

impl Translation {
    /// The `STRS` contents: (ID, bytes) of every translated string, sorted
    /// by ID.
    pub fn strings_for_catalog(&self, desc: &Description) -> Vec<(u32, Vec<u8>)> {
        let mut v: Vec<(u32, Vec<u8>)> =
            self.strings.iter().filter_map(|(name, bytes, _)| desc.get(name).map(|e| (e.id, bytes.clone()))).collect();
        v.sort_by_key(|(id, _)| *id);
        v
    }
}

/// Splits `$VER: <name> <version>.<revision> (<date>)`.
fn parse_ver(v: &str) -> Option<(&str, u32, u32)> {
    let rest = v.strip_prefix("$VER:")?.trim_start();
    let (name, rest) = rest.split_once(' ')?;
    let (num, rest) = rest.trim_start().split_once(' ').unwrap_or((rest.trim(), ""));
    let (ver, rev) = num.split_once('.')?;
    let rest = rest.trim();
    if !(rest.starts_with('(') && rest.ends_with(')')) {
        return None;
    }
    Some((name, ver.parse().ok()?, rev.parse().ok()?))
}

/// Parses `text` (named `file` in diagnostics) against the description.
pub fn parse(file: &str, text: &str, desc: &Description) -> Result<Translation, Vec<Diagnostic>> {
    let lines: Vec<&str> = text.lines().collect();
    let mut errs = Vec::new();
    let mut warnings = Vec::new();
    let mut version_string = None;
    let mut language = None;
    let mut codeset = 0;
    let mut strings: Vec<(String, Vec<u8>, usize)> = Vec::new();
    let mut seen: Vec<(String, usize)> = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let n = i + 1;
        let t = lines[i].trim_end();
        if t.is_empty() || (t.starts_with(';')) {
            i += 1;
            continue;
        }
        if let Some(d) = t.strip_prefix("##") {
            let d = d.trim_start();
            let (key, val) = d.split_once(char::is_whitespace).unwrap_or((d, ""));
            let val = val.trim();
            match key {
                "version" => match parse_ver(val) {
                    Some((name, ver, _rev)) => {
                        if name != crate::CATALOG_NAME {
                            errs.push(Diagnostic::error(
                                file,
                                n,
                                format!("## version names \"{name}\", expected {}", crate::CATALOG_NAME),
                            ));
                        }
                        if ver != desc.version {
                            errs.push(Diagnostic::error(
                                file,
                                n,
                                format!(
                                    "catalog version {ver} differs from #version {} of {}",
                                    desc.version, desc.file
                                ),
                            ));
                        }
                        version_string = Some(val.to_string());
                    }
                    None => {
                        errs.push(Diagnostic::error(
                            file,
                            n,
                            format!(
                                "## version must be \"$VER: {} N.M (dd.mm.yyyy)\", found \"{val}\"",
                                crate::CATALOG_NAME
                            ),
                        ));
                        version_string = Some(val.to_string());
                    }
                },
                "language" if !val.is_empty() => language = Some(val.to_string()),
                "codeset" => match val.parse::<u32>() {
                    Ok(0) => codeset = 0,
                    _ => errs.push(Diagnostic::error(
                        file,
                        n,
                        format!("## codeset {val}: only 0 (ISO-8859-1) is supported"),
                    )),
                },
                _ => errs.push(Diagnostic::error(file, n, format!("unknown directive ## {key}"))),
            }
            i += 1;
            continue;
        }
        let name = t.trim();
        let entry = desc.get(name);
        if entry.is_none() {
            if cd::valid_name(name) {
                errs.push(Diagnostic::error(file, n, format!("unknown name {name} (not in {})", desc.file)));
            } else {
                errs.push(Diagnostic::error(file, n, format!("expected a string name, found \"{name}\"")));
            }
        }
        if let Some((_, first)) = seen.iter().find(|(s, _)| s == name) {
            errs.push(Diagnostic::error(file, n, format!("duplicate name {name} (first at line {first})")));
        }
        seen.push((name.to_string(), n));
        if i + 1 >= lines.len() {
            warnings.push(Diagnostic::warning(file, n, format!("missing translation for {name} (English is used)")));
            break;
        }
        let (s, last) = cd::logical_line(&lines, i + 1);
        let sn = i + 2;
        match escape::decode(&s) {
            Err(m) => errs.push(Diagnostic::error(file, sn, m)),
            Ok(bytes) if bytes.is_empty() => warnings.push(Diagnostic::warning(
                file,
                sn,
                format!("missing translation for {name} (English is used)"),
            )),
            Ok(bytes) => {
                if let Some(e) = entry {
                    if let Err(m) = cd::check_bounds(e, &bytes) {
                        errs.push(Diagnostic::error(file, sn, m));
                    }
                    let (want, got) = (escape::placeholders(&e.text), escape::placeholders(&bytes));
                    if want != got {
                        errs.push(Diagnostic::error(
                            file,
                            sn,
                            format!(
                                "{name} has placeholders [{}], the English string has [{}]",
                                got.join(" "),
                                want.join(" ")
                            ),
                        ));
                    }
                }
                strings.push((name.to_string(), bytes, sn));
            }
        }
        i = last + 1;
    }
    if version_string.is_none() {
        errs.push(Diagnostic::error(file, 0, "missing ## version"));
    }
    if language.is_none() {
        errs.push(Diagnostic::error(file, 0, "missing ## language"));
    }
    for e in &desc.entries {
        if !seen.iter().any(|(s, _)| *s == e.name) {
            warnings.push(Diagnostic::warning(
                file,
                0,
                format!("missing translation for {} (English is used)", e.name),
            ));
        }
    }
    if !errs.is_empty() {
        return Err(errs);
    }
    Ok(Translation {
        version_string: version_string.unwrap_or_default(),
        language: language.unwrap_or_default(),
        codeset,
        strings,
        warnings,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn desc() -> Description {
        cd::parse(
            "t.cd",
            "#language english\n#version 1\nMSG_A (//)\nProject\nMSG_K (/1/1)\nQ\nMSG_F (//)\n%s has %ld gadgets\n",
        )
        .unwrap()
    }

    const HEAD: &str = "## version $VER: gadgetscope.catalog 1.0 (30.11.2026)\n## language deutsch\n## codeset 0\n";

    fn one_error(text: &str) -> String {
        let e = parse("de.ct", text, &desc()).unwrap_err();
        assert_eq!(e.len(), 1, "{e:?}");
        e[0].to_string()
    }

    #[test]
    fn translations_and_missing_ones() {
        let t = parse("de.ct", &format!("{HEAD}; Project\nMSG_A\nProjekt\nMSG_K\n\n"), &desc()).unwrap();
        assert_eq!(t.language, "deutsch");
        assert_eq!(t.version_string, "$VER: gadgetscope.catalog 1.0 (30.11.2026)");
        assert_eq!(t.strings, vec![("MSG_A".to_string(), b"Projekt".to_vec(), 6)]);
        let w: Vec<String> = t.warnings.iter().map(|d| d.to_string()).collect();
        assert_eq!(
            w,
            [
                "de.ct:8: warning: missing translation for MSG_K (English is used)",
                "de.ct:0: warning: missing translation for MSG_F (English is used)"
            ]
        );
        assert_eq!(t.strings_for_catalog(&desc()), vec![(0, b"Projekt".to_vec())]);
    }

    #[test]
    fn each_error_with_its_message() {
        assert_eq!(one_error(&format!("{HEAD}MSG_X\nfoo\n")), "de.ct:4: error: unknown name MSG_X (not in t.cd)");
        assert_eq!(
            one_error(&format!("{HEAD}MSG_A\nx\nMSG_A\ny\n")),
            "de.ct:6: error: duplicate name MSG_A (first at line 4)"
        );
        assert_eq!(
            one_error(&format!("{HEAD}MSG_A\nx\\q\n")),
            r"de.ct:5: error: bad escape \q (known: \n \t \e \\ \xHH)"
        );
        assert_eq!(
            one_error(&format!("{HEAD}MSG_K\nQQ\n")),
            "de.ct:5: error: MSG_K is 2 bytes, longer than its MAXLEN 1"
        );
        assert_eq!(
            one_error(&format!("{HEAD}MSG_F\n%ld Gadgets in %s\n")),
            "de.ct:5: error: MSG_F has placeholders [%ld %s], the English string has [%s %ld]"
        );
        assert_eq!(
            one_error("## version $VER: gadgetscope.catalog 2.0 (1.1.2027)\n## language deutsch\n"),
            "de.ct:1: error: catalog version 2 differs from #version 1 of t.cd"
        );
        assert_eq!(
            one_error("## version 1.0\n## language deutsch\n"),
            "de.ct:1: error: ## version must be \"$VER: gadgetscope.catalog N.M (dd.mm.yyyy)\", found \"1.0\""
        );
        assert_eq!(
            one_error(&format!("{HEAD}## codeset 106\n")),
            "de.ct:4: error: ## codeset 106: only 0 (ISO-8859-1) is supported"
        );
        assert_eq!(
            one_error("## version $VER: gadgetscope.catalog 1.0 (30.11.2026)\n"),
            "de.ct:0: error: missing ## language"
        );
    }
}
