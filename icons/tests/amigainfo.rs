//! The independent reader: PyPI `amigainfo` (in the project venv,
//! `target/tools/venv`) decodes every icon; see `amigainfo_check.py`.
//! Without the venv or the package the test says so and passes: install
//! with `target/tools/venv/bin/python3 -m pip install amigainfo`.
use icons::ICONS;
use std::path::Path;
use std::process::Command;

#[test]
fn amigainfo_decodes_every_icon() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let python = root.join("target/tools/venv/bin/python3");
    let has = python.exists()
        && Command::new(&python).args(["-c", "import amigainfo"]).status().map(|s| s.success()).unwrap_or(false);
    // Never a silent skip: `cargo xtask test` (tools::ensure_amitools)
    // installs it.
    assert!(has, "PyPI amigainfo is missing from target/tools/venv: run `cargo xtask amiga` (it installs it)");
    let art = Path::new(env!("CARGO_MANIFEST_DIR")).join("art");
    let out = std::env::temp_dir().join(format!("gadgetscope-amigainfo-{}", std::process::id()));
    icons::build_icons(&art, &out).unwrap();
    let expect: Vec<String> = ICONS
        .iter()
        .map(|s| {
            format!(
                "{}|{}|{}|{}|{}|{}",
                s.file,
                s.kind as u8,
                s.art,
                s.default_tool.unwrap_or("-"),
                s.stack_size,
                s.tool_types.join("\t")
            )
        })
        .collect();
    let expect_file = out.join("expect.txt");
    std::fs::write(&expect_file, expect.join("\n")).unwrap();
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/amigainfo_check.py");
    let o = Command::new(&python).arg(script).arg(&out).arg(&art).arg(&expect_file).output().unwrap();
    let _ = std::fs::remove_dir_all(&out);
    assert!(o.status.success(), "{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr));
}
