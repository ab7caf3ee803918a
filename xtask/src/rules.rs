//! The "checks" stage of `cargo xtask test` (alone: `cargo xtask checks`):
//! formatting (`cargo fmt --all --check`), lints (`cargo clippy --workspace
//! --all-targets -- -D warnings`, and the binding layer once more for
//! wasm32) and the unsafe rule: every crate of the workspace except the
//! binding layer `amiga-rt` has `#![forbid(unsafe_code)]` in each crate
//! root (lib and bin targets) and no `unsafe` token in any of its Rust
//! files; `amiga-rt`'s root turns on clippy's `undocumented_unsafe_blocks`,
//! so each of its unsafe blocks and impls carries a `// SAFETY:` comment.
//! The programs' entry crates (`programs/*`) belong to the binding
//! layer: their exported symbols (`#[no_mangle]`) and the heap's set-up
//! come from `amiga_rt::program!`, so each may hold nothing but
//! `#![no_std]` and that one macro call. The crates come from `cargo
//! metadata`, so a new crate is covered without a list to keep. Last, the
//! offsets rule (`offsets.rs`): no structure offset spelled as a number
//! outside the `ndk` crate.

use crate::source::{code_only, rust_files};
use anyhow::{bail, Context, Result};
use serde::Deserialize;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The one crate allowed to hold `unsafe`: the binding layer.
pub const BINDING_LAYER: &str = "amiga-rt";
/// The product crates with code compiled only for the Amiga (wasm32),
/// which the host's clippy run does not see.
pub const AMIGA_SIDES: [&str; 5] =
    ["gadgetscope", "gadgetscope-window", "gadgetscope-transport", "gadgetscope-system", "gadgetscope-engine"];
/// Where the programs' entry crates live (relative to the root).
pub const ENTRY_CRATES: &str = "programs";

#[derive(Deserialize)]
struct Metadata {
    packages: Vec<Package>,
    workspace_members: Vec<String>,
}

#[derive(Deserialize)]
struct Package {
    name: String,
    id: String,
    manifest_path: PathBuf,
    targets: Vec<Target>,
}

#[derive(Deserialize)]
struct Target {
    kind: Vec<String>,
    src_path: PathBuf,
}

fn cargo() -> Command {
    let mut c = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()));
    c.current_dir(crate::checkout::root());
    c
}

/// Runs a cargo command; its output goes to the terminal. Err names it.
fn run_cargo(what: &str, args: &[&str]) -> Result<()> {
    let st = cargo().args(args).status().with_context(|| format!("running cargo {}", args.join(" ")))?;
    if !st.success() {
        bail!("{what} failed: `cargo {}` (fix it, or run `cargo fmt --all` for formatting)", args.join(" "));
    }
    Ok(())
}

/// Runs the checks; the error lists every failing one.
pub fn run() -> Result<()> {
    let mut failures = Vec::new();
    println!("checks: cargo fmt --all --check");
    if let Err(e) = run_cargo("formatting", &["fmt", "--all", "--check"]) {
        failures.push(e.to_string());
    }
    println!("checks: cargo clippy --workspace --all-targets -- -D warnings");
    if let Err(e) = run_cargo("clippy", &["clippy", "--quiet", "--workspace", "--all-targets", "--", "-D", "warnings"])
    {
        failures.push(e.to_string());
    }
    // The binding layer as the Amiga builds it (wasm32: most of its unsafe
    // code is for that target; the run above saw its host side): every
    // unsafe block and impl with its `// SAFETY:` line, by clippy's
    // `undocumented_unsafe_blocks`, which its crate root turns on (the
    // unsafe rule checks that it does).
    // With it, the crates whose Amiga side is compiled for wasm32 only
    // (the event loop, the window's front-ends, the TCP carrier).
    let mut wasm = vec!["--quiet", "-p", BINDING_LAYER];
    for c in AMIGA_SIDES {
        wasm.extend(["-p", c]);
    }
    wasm.extend(["--target", "wasm32-unknown-unknown"]);
    let lints = ["--", "-D", "warnings"];
    println!("checks: cargo clippy {} {}", wasm[1..].join(" "), lints.join(" "));
    let args: Vec<&str> = ["clippy"].into_iter().chain(wasm).chain(lints).collect();
    if let Err(e) = run_cargo("the Amiga side (clippy, wasm32; the binding layer's SAFETY lines)", &args) {
        failures.push(e.to_string());
    }
    // Both rules read the workspace's crates from one `cargo metadata`.
    match metadata() {
        Ok(meta) => {
            println!("checks: unsafe only in {BINDING_LAYER}");
            match unsafe_rule(&meta) {
                Ok(problems) if problems.is_empty() => {}
                Ok(problems) => failures.push(format!("the unsafe rule:\n  {}", problems.join("\n  "))),
                Err(e) => failures.push(format!("the unsafe rule could not be checked: {e:#}")),
            }
            println!("checks: every crate's folder named as the crate");
            let problems = folder_names(&meta);
            if !problems.is_empty() {
                failures.push(format!("the folder names:\n  {}", problems.join("\n  ")));
            }
        }
        Err(e) => failures.push(format!("the unsafe rule and the folder names could not be checked: {e:#}")),
    }
    println!("checks: no numeric structure offsets outside {}/ (xtask/src/offsets.rs)", crate::offsets::NDK);
    match crate::offsets::check_tree() {
        Ok(problems) if problems.is_empty() => {}
        Ok(problems) => failures.push(format!("the offsets rule:\n  {}", problems.join("\n  "))),
        Err(e) => failures.push(format!("the offsets rule could not be checked: {e:#}")),
    }
    if !failures.is_empty() {
        bail!("checks failed:\n{}", failures.join("\n"));
    }
    println!("checks: formatting, clippy, the unsafe rule, the folder names and the offsets rule pass");
    Ok(())
}

/// The workspace as cargo describes it (`cargo metadata --no-deps`).
fn metadata() -> Result<Metadata> {
    let out =
        cargo().args(["metadata", "--format-version", "1", "--no-deps"]).output().context("running cargo metadata")?;
    if !out.status.success() {
        bail!("cargo metadata: {}", String::from_utf8_lossy(&out.stderr));
    }
    serde_json::from_slice(&out.stdout).context("reading cargo metadata")
}

/// Prefixes a crate's name may carry that its folder does not: the
/// product's crates (`gadgetscope-core` in `core/`) and the programs'
/// entry crates (`program-canary` in `programs/canary/`).
pub const NAME_PREFIXES: [&str; 2] = ["gadgetscope-", "program-"];

/// Whether a crate named `name` may live in a folder named `folder`: the
/// same name, or the name without one of [`NAME_PREFIXES`].
pub fn folder_matches(folder: &str, name: &str) -> bool {
    name == folder || NAME_PREFIXES.iter().any(|p| name.strip_prefix(p) == Some(folder))
}

/// Every workspace crate whose folder is not named as the crate, one line
/// each (empty: none), so that a reader finds a crate by its name.
fn folder_names(meta: &Metadata) -> Vec<String> {
    let root = crate::checkout::root();
    meta.packages
        .iter()
        .filter(|p| meta.workspace_members.contains(&p.id))
        .filter_map(|p| {
            let dir = p.manifest_path.parent()?;
            let folder = dir.file_name()?.to_str()?;
            (!folder_matches(folder, &p.name)).then(|| {
                let shown = dir.strip_prefix(&root).unwrap_or(dir).display();
                format!("{shown}/ holds the crate {}: name the folder as the crate", p.name)
            })
        })
        .collect()
}

/// Every breach of the unsafe rule in the workspace `meta` describes, one
/// line each (empty: none).
fn unsafe_rule(meta: &Metadata) -> Result<Vec<String>> {
    let root = crate::checkout::root();
    let members: Vec<&Package> = meta.packages.iter().filter(|p| meta.workspace_members.contains(&p.id)).collect();
    let dirs: Vec<PathBuf> = members.iter().filter_map(|p| p.manifest_path.parent().map(Path::to_path_buf)).collect();
    let mut problems = Vec::new();
    for p in &members {
        if p.name == BINDING_LAYER {
            for t in p.targets.iter().filter(|t| t.kind.iter().any(|k| k == "lib")) {
                let text = std::fs::read_to_string(&t.src_path).with_context(|| t.src_path.display().to_string())?;
                if !lints_safety_lines(&text) {
                    let f = t.src_path.strip_prefix(&root).unwrap_or(&t.src_path).display().to_string();
                    problems.push(format!("{f}: no #![warn(clippy::undocumented_unsafe_blocks)] in this crate root"));
                }
            }
            continue;
        }
        let Some(dir) = p.manifest_path.parent() else { continue };
        if dir.starts_with(root.join(ENTRY_CRATES)) {
            for t in &p.targets {
                let text = std::fs::read_to_string(&t.src_path).with_context(|| t.src_path.display().to_string())?;
                if !entry_only(&text) {
                    let f = t.src_path.strip_prefix(&root).unwrap_or(&t.src_path).display().to_string();
                    problems.push(format!("{f}: an entry crate holds only #![no_std] and one amiga_rt::program!(…);"));
                }
            }
            continue;
        }
        // The package's own files: not those of packages nested in it.
        let nested: Vec<&PathBuf> = dirs.iter().filter(|d| d.as_path() != dir && d.starts_with(dir)).collect();
        let mut files = Vec::new();
        rust_files(dir, &nested, &mut files)?;
        let mut found = Vec::new();
        for f in &files {
            let text = std::fs::read_to_string(f).with_context(|| f.display().to_string())?;
            for line in unsafe_lines(&text) {
                found.push(format!("{}:{line}", f.strip_prefix(&root).unwrap_or(f).display()));
            }
        }
        let mut missing = Vec::new();
        for t in &p.targets {
            let is_root = t.kind.iter().any(|k| matches!(k.as_str(), "lib" | "rlib" | "cdylib" | "staticlib" | "bin"));
            if is_root {
                let text = std::fs::read_to_string(&t.src_path).with_context(|| t.src_path.display().to_string())?;
                if !forbids_unsafe(&text) {
                    missing.push(t.src_path.strip_prefix(&root).unwrap_or(&t.src_path).display().to_string());
                }
            }
        }
        problems.extend(found.into_iter().map(|f| format!("{f}: `unsafe` outside {BINDING_LAYER}")));
        problems.extend(missing.into_iter().map(|f| format!("{f}: no #![forbid(unsafe_code)] in this crate root")));
    }
    Ok(problems)
}

/// True if the code of `text` (comments aside) is `#![no_std]` and one
/// `amiga_rt::program!(…);`, nothing else.
pub fn entry_only(text: &str) -> bool {
    let code: String = code_only(text).split_whitespace().collect();
    let Some(call) = code.strip_prefix("#![no_std]amiga_rt::program!(") else { return false };
    call.ends_with(");") && call.matches(';').count() == 1 && !call.contains('{') && !call.contains('#')
}

/// True if the crate root's inner attributes hold `#![forbid(unsafe_code)]`.
pub fn forbids_unsafe(text: &str) -> bool {
    code_only(text).lines().any(|l| l.split_whitespace().collect::<String>() == "#![forbid(unsafe_code)]")
}

/// True if the crate root turns on clippy's `undocumented_unsafe_blocks`
/// (warn, deny or forbid), so that every unsafe block and impl needs its
/// `// SAFETY:` line wherever clippy runs on it.
pub fn lints_safety_lines(text: &str) -> bool {
    code_only(text).lines().any(|l| {
        let l: String = l.split_whitespace().collect();
        ["warn", "deny", "forbid"].iter().any(|level| l == format!("#![{level}(clippy::undocumented_unsafe_blocks)]"))
    })
}

/// Line numbers (1-based) where the token `unsafe` occurs in code (not in
/// a comment, string or char literal).
pub fn unsafe_lines(text: &str) -> Vec<usize> {
    let code = code_only(text);
    let mut lines = Vec::new();
    for (i, l) in code.lines().enumerate() {
        let b = l.as_bytes();
        let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
        let hit = l.match_indices("unsafe").any(|(at, _)| {
            let before = at == 0 || !ident(b[at - 1]);
            let after = at + 6 >= b.len() || !ident(b[at + 6]);
            before && after
        });
        if hit {
            lines.push(i + 1);
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_token_in_code_only() {
        let text = "// unsafe in a comment\nlet s = \"unsafe\";\n/* unsafe\n */ fn f() {}\n#![forbid(unsafe_code)]\nlet c = '\"';\nunsafe { x() }\nlet r = r#\"unsafe \"# ;\nfn g<'a>(x: &'a u8) { unsafe_fn(); }\n";
        assert_eq!(unsafe_lines(text), [7]);
        assert!(forbids_unsafe(text));
        assert!(!forbids_unsafe("// #![forbid(unsafe_code)]\n"));
        assert!(forbids_unsafe("//! doc\n#![forbid( unsafe_code )]\n"));
        assert!(lints_safety_lines("#![no_std]\n#![warn(clippy::undocumented_unsafe_blocks)]\n"));
        assert!(!lints_safety_lines("// #![warn(clippy::undocumented_unsafe_blocks)]\n"));
        assert!(!lints_safety_lines("#![allow(clippy::undocumented_unsafe_blocks)]\n"));
    }

    #[test]
    fn an_entry_crate_holds_the_macro_call_only() {
        let ok = "//! doc\n#![no_std]\n\namiga_rt::program!(name: \"A\", version: env!(\"V\"), date: \"1.1.2026\", heap: 4 * 1024, main: a::main);\n";
        assert!(entry_only(ok));
        assert!(!entry_only(&ok.replace("#![no_std]", "")));
        assert!(!entry_only(&format!("{ok}fn extra() {{}}\n")));
        assert!(!entry_only(&format!("{ok}static X: u8 = 0;\n")));
        assert!(!entry_only(&ok.replace("main: a::main", "main: { unsafe { f() } }")));
    }

    #[test]
    fn the_workspace_keeps_the_rule() {
        let problems = unsafe_rule(&metadata().unwrap()).unwrap();
        assert!(problems.is_empty(), "{}", problems.join("\n"));
    }

    #[test]
    fn a_folder_is_named_as_its_crate() {
        assert!(folder_matches("core", "gadgetscope-core"));
        assert!(folder_matches("amiga-ndk", "amiga-ndk"));
        assert!(folder_matches("canary", "program-canary"));
        assert!(!folder_matches("app-gui", "gadgetscope"));
        assert!(!folder_matches("ndk", "amiga-ndk"));
        assert!(!folder_matches("gadgetscope-core", "core"));
        let problems = folder_names(&metadata().unwrap());
        assert!(problems.is_empty(), "{}", problems.join("\n"));
    }
}
