//! The shipped description and translations: they compile without errors
//! or warnings, round-trip through the reader, and the generated module is
//! current.
use std::path::{Path, PathBuf};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

#[test]
fn generated_module_is_current() {
    let want = catalogs::generated_source(&dir()).unwrap();
    let have = std::fs::read_to_string(dir().join("generated/strings.rs")).unwrap();
    assert!(
        want == have,
        "catalogs/generated/strings.rs is stale: run `cargo run -p gadgetscope-catalogs -- generate`"
    );
}

#[test]
fn every_translation_is_complete_and_reads_back() {
    let out = std::env::temp_dir().join(format!("gadgetscope-catalogs-test-{}", std::process::id()));
    let (written, warnings) = catalogs::build_all(&dir(), &out)
        .unwrap_or_else(|e| panic!("{}", e.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("\n")));
    assert!(warnings.is_empty(), "{warnings:?}");
    let desc = catalogs::load_cd(&dir().join("gadgetscope.cd")).unwrap();
    let mut langs = Vec::new();
    for path in &written {
        let cat = catalogs::iff::read(&std::fs::read(path).unwrap()).unwrap();
        assert_eq!(cat.version, "$VER: gadgetscope.catalog 1.0 (30.11.2026)");
        assert_eq!(cat.codeset, 0);
        // Complete: one string per description entry, in ID order.
        let ids: Vec<u32> = cat.strings.iter().map(|s| s.0).collect();
        let mut want: Vec<u32> = desc.entries.iter().map(|e| e.id).collect();
        want.sort();
        assert_eq!(ids, want, "{}", cat.language);
        assert_eq!(path, &out.join("Catalogs").join(&cat.language).join("gadgetscope.catalog"));
        langs.push(cat.language);
    }
    langs.sort();
    assert_eq!(langs, ["deutsch", "français", "svenska"]);
    // The language name is Latin-1 in the LANG chunk.
    let fr = std::fs::read(out.join("Catalogs/français/gadgetscope.catalog")).unwrap();
    assert!(fr.windows(10).any(|w| w == b"fran\xe7ais\0\0"));
    let _ = std::fs::remove_dir_all(&out);
}

#[test]
fn generated_table_matches_the_description() {
    use catalogs::strings;
    let desc = catalogs::load_cd(&dir().join("gadgetscope.cd")).unwrap();
    assert_eq!(strings::BUILTIN.len(), desc.entries.len());
    assert!(strings::BUILTIN.windows(2).all(|w| w[0].0 < w[1].0), "sorted by ID");
    for e in &desc.entries {
        let mut want = e.text.clone();
        want.push(0);
        assert_eq!(strings::builtin(e.id), &want[..], "{}", e.name);
    }
    assert_eq!(strings::builtin(99_999), b"\0");
    assert_eq!(strings::CATALOG_VERSION, desc.version);
    // Menu shortcuts are one letter each (the .cd bounds say so too).
    assert_eq!(strings::builtin(strings::MSG_MENU_QUIT_KEY), b"Q\0");
}

/// Every `.ct` and the `.cd` are ISO-8859-1 as FlexCat and CatComp read
/// them: non-ASCII letters are single bytes, never UTF-8 sequences, and no
/// C1 control bytes; each translation really holds Latin-1 letters (so the
/// check is not passed by an all-ASCII file).
#[test]
fn sources_are_latin1_not_utf8() {
    let mut cts = 0;
    for e in std::fs::read_dir(dir()).unwrap() {
        let p = e.unwrap().path();
        let ext = p.extension().and_then(|x| x.to_str()).unwrap_or("");
        if ext != "ct" && ext != "cd" {
            continue;
        }
        let bytes = std::fs::read(&p).unwrap();
        let name = p.display().to_string();
        if let Err(d) = catalogs::source_text(&name, &bytes) {
            panic!("{}", d.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("\n"));
        }
        if ext == "ct" {
            cts += 1;
            assert!(bytes.iter().any(|&b| b >= 0xc0), "{name}: no Latin-1 letter at all");
            assert!(std::str::from_utf8(&bytes).is_err(), "{name} reads as UTF-8");
        }
    }
    assert_eq!(cts, 3);
    // The French language name as locale.library spells it, one byte 0xE7.
    let fr = std::fs::read(dir().join("francais.ct")).unwrap();
    assert!(fr.windows(19).any(|w| w == b"## language fran\xe7ai"));
}
