//! `cargo xtask amiga`: builds every Amiga program into `target/amiga/`:
//! cargo builds the wasm modules, then each goes through the toolchain's
//! pipeline ([`amiga_toolchain::pipeline`], docs/reference/toolchain.md).

use crate::checkout::{checkout_lock, root};
use crate::tools;
use amiga_toolchain::{osglue, pipeline};
use anyhow::{bail, Context, Result};
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};
use std::process::Command;

pub use amiga_toolchain::pipeline::Cpu;

/// One Amiga program: its entry crate (programs/<name>: the
/// `program!` invocation over the program's library crate), that crate's
/// wasm artifact name and the name of the executable on the Amiga.
pub struct Program {
    pub package: &'static str,
    pub artifact: &'static str,
    pub hunk: &'static str,
}

impl Program {
    /// The short name (`gadgetscope`, `uaetool`): the entry crate's
    /// directory and `target/amiga/build/<name>/`.
    pub fn name(&self) -> &'static str {
        self.package.strip_prefix("program-").unwrap_or(self.package)
    }
}

/// Every Amiga program the project builds.
pub const PROGRAMS: &[Program] = &[
    Program { package: "program-gadgetscope", artifact: "program_gadgetscope", hunk: "GadgetScope" },
    Program { package: "program-gadgetscope-bench", artifact: "program_gadgetscope_bench", hunk: "GadgetScopeBench" },
    Program { package: "program-canary", artifact: "program_canary", hunk: "Canary" },
    Program { package: "program-uaetool", artifact: "program_uaetool", hunk: "UAETool" },
    Program { package: "program-rexxsend", artifact: "program_rexxsend", hunk: "RexxSend" },
    Program { package: "program-rexxsend-small", artifact: "program_rexxsend_small", hunk: "RexxSendSmall" },
    Program { package: "program-gadtools-fixture", artifact: "program_gadtools_fixture", hunk: "GadToolsFixture" },
    Program { package: "program-boopsi-fixture", artifact: "program_boopsi_fixture", hunk: "BoopsiFixture" },
    Program { package: "program-screen-fixture", artifact: "program_screen_fixture", hunk: "ScreenFixture" },
    Program { package: "program-where-fixture", artifact: "program_where_fixture", hunk: "WhereFixture" },
    Program { package: "program-iconprobe", artifact: "program_iconprobe", hunk: "IconProbe" },
    Program { package: "program-inputtool", artifact: "program_inputtool", hunk: "InputTool" },
    Program { package: "program-picktool", artifact: "program_picktool", hunk: "PickTool" },
    Program { package: "program-walkprof", artifact: "program_walkprof", hunk: "WalkProf" },
    Program { package: "program-readprof", artifact: "program_readprof", hunk: "ReadProf" },
    Program { package: "program-churn-fixture", artifact: "program_churn_fixture", hunk: "ChurnFixture" },
    Program { package: "program-text-fixture", artifact: "program_text_fixture", hunk: "TextFixture" },
];

/// Where the hunks for `cpu` go.
fn out_dir(cpu: Cpu) -> PathBuf {
    match cpu {
        Cpu::M68020 => root().join("target/amiga"),
        Cpu::M68000 => root().join("target/amiga/68000"),
    }
}

/// Where the intermediate files for `cpu` go (one directory per program
/// below).
fn build_dir(cpu: Cpu) -> PathBuf {
    match cpu {
        Cpu::M68020 => root().join("target/amiga/build"),
        Cpu::M68000 => root().join("target/amiga/build-68000"),
    }
}

/// What one program's build produced.
pub struct Built {
    pub hunk_path: PathBuf,
    /// The wasm module it was built from (cargo's artifact).
    pub wasm: PathBuf,
    pub image: amiga_toolchain::hunk::HunkImage,
    pub wasm_bytes: usize,
    /// Its parts loaded on demand, beside it: (path, image), in the order
    /// the program declares them.
    pub parts: Vec<(PathBuf, amiga_toolchain::hunk::PartImage)>,
}

/// Builds the listed programs (all when `only` is empty) for the 68020.
pub fn build(only: &[String]) -> Result<Vec<Built>> {
    build_for(only, Cpu::M68020)
}

/// The source paths a program carries (its panic locations) made the
/// same on every machine and checkout: Rust's library as
/// `/rustc/<commit>/library/…` whether its sources are installed
/// (`rust-src`: rustc would name the sysroot's files) or not (the path
/// the shipped std carries), crates.io's crates as `crates/<crate>-<v>/…`
/// instead of the builder's `$CARGO_HOME`, and the workspace's own files
/// relative to its root. `--remap-path-prefix` pairs for rustc.
pub fn path_remaps(root: &Path) -> Result<Vec<(String, String)>> {
    let rustc = |arg: &str| -> Result<String> {
        let out = Command::new("rustc").args(arg.split(' ')).output().context("running rustc")?;
        Ok(String::from_utf8_lossy(&out.stdout).into_owned())
    };
    let sysroot = PathBuf::from(rustc("--print sysroot")?.trim());
    let commit = rustc("-vV")?
        .lines()
        .find_map(|l| l.strip_prefix("commit-hash: ").map(str::to_owned))
        .ok_or_else(|| anyhow::anyhow!("rustc -vV names no commit-hash"))?;
    // Rust's library as the shipped std names it (`/rustc/<commit>/…`),
    // also where `rust-src` is installed and rustc would name its files.
    let mut pairs = vec![
        (sysroot.join("lib/rustlib/src/rust/library").display().to_string(), format!("/rustc/{commit}/library")),
        (format!("{}/", root.display()), String::new()),
    ];
    let cargo_home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo")));
    if let Some(registry) = cargo_home.map(|h| h.join("registry/src")) {
        for index in std::fs::read_dir(&registry).into_iter().flatten().flatten() {
            pairs.push((index.path().display().to_string(), "crates".to_string()));
        }
    }
    Ok(pairs)
}

/// `pairs` as a cargo `--config` value that adds `--remap-path-prefix`
/// to the wasm32 target's rustflags (cargo joins it to
/// `.cargo/config.toml`'s array).
pub fn remap_config(pairs: &[(String, String)]) -> String {
    let flags: Vec<String> = pairs
        .iter()
        .map(|(from, to)| {
            let flag = format!("--remap-path-prefix={from}={to}");
            format!("\"{}\"", flag.replace('\\', "\\\\").replace('"', "\\\""))
        })
        .collect();
    format!("target.wasm32-unknown-unknown.rustflags=[{}]", flags.join(", "))
}

/// Builds the listed programs (all when `only` is empty) for `cpu`.
pub fn build_for(only: &[String], cpu: Cpu) -> Result<Vec<Built>> {
    let mut built = Vec::new();
    build_each(only, cpu, &mut |key, build| {
        let b = build()?;
        key.record(&b)?;
        built.push(b);
        Ok(())
    })?;
    Ok(built)
}

/// A program's files from [`build_reusing`]: its hunk file and its parts
/// loaded on demand, if it has any.
pub struct Files {
    pub hunk_path: PathBuf,
    pub parts: Vec<PathBuf>,
}

/// [`build_for`], but a program whose inputs are those of its last build
/// (the key [`build_key`] wrote beside its hunk file) is not built again:
/// for the emulator's runs, which need the files only.
pub fn build_reusing(only: &[String], cpu: Cpu) -> Result<Vec<Files>> {
    let mut files = Vec::new();
    build_each(only, cpu, &mut |key, build| {
        let fresh = |parts: &[PathBuf]| key.hunk_path.is_file() && parts.iter().all(|p| p.is_file());
        match key.recorded() {
            Some(parts) if fresh(&parts) => {
                println!("xtask: {} ({}): unchanged since its last build, not built again", key.hunk, cpu.name());
                files.push(Files { hunk_path: key.hunk_path.clone(), parts });
            }
            _ => {
                let b = build()?;
                key.record(&b)?;
                files.push(Files { hunk_path: b.hunk_path, parts: b.parts.into_iter().map(|(p, _)| p).collect() });
            }
        }
        Ok(())
    })?;
    Ok(files)
}

/// What identifies one program's build: its hunk file and the digest of
/// everything the build reads.
pub struct Key {
    pub hunk: &'static str,
    pub hunk_path: PathBuf,
    pub digest: String,
}

impl Key {
    /// The file beside the hunk file that holds the digest of its build
    /// and its parts' paths, one a line.
    fn record_path(&self) -> PathBuf {
        self.hunk_path.with_extension("build-key")
    }

    /// Writes [`Key::record_path`] for `b`, built from this key's inputs.
    fn record(&self, b: &Built) -> Result<()> {
        let mut text = format!("{}\n", self.digest);
        b.parts.iter().for_each(|(p, _)| text.push_str(&format!("{}\n", p.display())));
        Ok(std::fs::write(self.record_path(), text)?)
    }

    /// What [`Key::record`] wrote for a build of this key's inputs: its
    /// parts' paths; `None` when the last build's inputs were others (or
    /// it left no record).
    fn recorded(&self) -> Option<Vec<PathBuf>> {
        let text = std::fs::read_to_string(self.record_path()).ok()?;
        let mut lines = text.lines();
        (lines.next()? == self.digest).then_some(())?;
        Some(lines.map(PathBuf::from).collect())
    }
}

/// The digest of what every program's build for one CPU reads beside its
/// own module: the C runtime (`amiga-rt/c/`), the OS glue, the CPU's
/// helpers, this xtask (which holds the toolchain's code) and the
/// versions of GCC and wasm2c. Taken once per build, not per program.
fn toolchain_digest(root: &Path, cpu: Cpu, glue: &Path, helpers: &Path) -> Result<Vec<u8>> {
    let mut h = Sha256::new();
    let mut file = |path: &Path| -> Result<()> {
        h.update(path.display().to_string().as_bytes());
        h.update(std::fs::read(path).with_context(|| path.display().to_string())?);
        Ok(())
    };
    for dir in [root.join("amiga-rt/c"), glue.to_path_buf()] {
        let mut names: Vec<PathBuf> =
            std::fs::read_dir(&dir)?.map(|e| e.map(|e| e.path())).collect::<Result<_, _>>()?;
        names.sort();
        for n in names.iter().filter(|n| n.is_file()) {
            file(n)?;
        }
    }
    file(helpers)?;
    file(&std::env::current_exe()?)?;
    for tool in ["m68k-linux-gnu-gcc", "wasm2c"] {
        h.update(Command::new(tool).arg("--version").output()?.stdout);
    }
    h.update(cpu.name().as_bytes());
    Ok(h.finalize().to_vec())
}

/// What [`build_each`] does with each program: given its key and the
/// build that makes it.
type EachBuild<'a> = dyn FnMut(&Key, &mut dyn FnMut() -> Result<Built>) -> Result<()> + 'a;

/// cargo for the listed programs, then `each(key, build)` per program in
/// order, under the build lock; `build` runs the pipeline.
fn build_each(only: &[String], cpu: Cpu, each: &mut EachBuild) -> Result<()> {
    tools::ensure_build_tools()?;
    tools::ensure_amitools()?;
    let root = root();
    let progs: Vec<&Program> = PROGRAMS
        .iter()
        .filter(|p| only.is_empty() || only.iter().any(|o| o == p.package || o == p.name() || o == p.hunk))
        .collect();
    if progs.is_empty() {
        bail!("no program named {only:?}; known: {}", PROGRAMS.iter().map(|p| p.name()).collect::<Vec<_>>().join(", "));
    }
    let names = progs.iter().map(|p| p.hunk).collect::<Vec<_>>().join(", ");
    println!("xtask: building {names} for the {} (cargo, wasm32)", cpu.name());
    let mut cargo = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()));
    cargo.current_dir(&root).args(["build", "--quiet", "--release", "--target", "wasm32-unknown-unknown"]);
    cargo.args(["--config", &remap_config(&path_remaps(&root)?)]);
    for p in &progs {
        cargo.args(["-p", p.package]);
    }
    pipeline::sh(&mut cargo)?;

    // Cargo locks its own directory; what follows writes fixed paths.
    let _lock = build_lock()?;
    let glue = root.join("target/amiga/glue");
    pipeline::write_glue(&root, &glue)?;
    let helpers = pipeline::helpers(&root, cpu, &build_dir(cpu))?;
    let count = progs.len();
    let toolchain = toolchain_digest(&root, cpu, &glue, &helpers)?;
    for (i, p) in progs.into_iter().enumerate() {
        let step = Step { program: p.hunk, cpu, n: i + 1, of: count };
        let key = build_key(&root, p, cpu, &toolchain)?;
        each(&key, &mut || {
            // A build that fails half-way leaves no record of the last one.
            let _ = std::fs::remove_file(key.record_path());
            build_one(&root, p, &glue, &helpers, cpu, &step).with_context(|| format!("building {}", p.hunk))
        })?;
    }
    Ok(())
}

/// SHA-256 over everything a program's build reads: its wasm module and
/// [`toolchain_digest`] (`toolchain`).
fn build_key(root: &Path, p: &Program, cpu: Cpu, toolchain: &[u8]) -> Result<Key> {
    let wasm = root.join(format!("target/wasm32-unknown-unknown/release/{}.wasm", p.artifact));
    let module = std::fs::read(&wasm).with_context(|| wasm.display().to_string())?;
    let d = Sha256::new().chain_update(toolchain).chain_update(module).finalize();
    Ok(Key { hunk: p.hunk, hunk_path: out_dir(cpu).join(p.hunk), digest: hex(&d) })
}

/// `bytes` in lower-case hexadecimal, two digits a byte (digests, build
/// identities in messages).
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The lock file of the build's fixed paths (everything under
/// `target/amiga/` and the harness's tools and staged directories under
/// `target/uae/`), relative to the workspace root.
pub const BUILD_LOCK: &str = "target/amiga/.lock";

/// Takes [`BUILD_LOCK`], waiting (and saying so, once) while another
/// command in this checkout builds. Held by the returned guard: from after
/// cargo to the last file written.
pub fn build_lock() -> Result<uae_harness::lock::FileLock> {
    checkout_lock(BUILD_LOCK, "another build")
}

/// Where one program's build is, for its progress lines.
struct Step {
    program: &'static str,
    cpu: Cpu,
    /// It is program `n` of `of` in this build.
    n: usize,
    of: usize,
}

impl Step {
    /// One progress line: `xtask: [n/of] <program> (<cpu>): <what>`.
    fn say(&self, what: &str) {
        println!("xtask: [{}/{}] {} ({}): {what}", self.n, self.of, self.program, self.cpu.name());
    }
}

fn build_one(root: &Path, p: &Program, glue: &Path, helpers: &Path, cpu: Cpu, step: &Step) -> Result<Built> {
    let wasm = root.join(format!("target/wasm32-unknown-unknown/release/{}.wasm", p.artifact));
    let hunk_path = out_dir(cpu).join(p.hunk);
    let b = pipeline::Build {
        root,
        wasm: &wasm,
        name: p.hunk,
        cpu,
        glue,
        helpers,
        dir: &build_dir(cpu).join(p.name()),
        out: &hunk_path,
        python: &tools::python(),
    };
    let out = pipeline::build(&b, &mut |stage| match stage {
        pipeline::Stage::Translate { wasm_bytes } => {
            step.say(&format!("translating {} KB of wasm to C (wasm2c, post-pass)", wasm_bytes / 1024))
        }
        pipeline::Stage::Compile => {
            step.say("compiling the C (m68k-linux-gnu-gcc; the program's own code takes longest)")
        }
        pipeline::Stage::Link { parts, part_parts } => step.say(&format!(
            "linking {parts} code part(s) of at most {} KiB{}, writing the hunk file(s)",
            amiga_toolchain::codeparts::PART_MAX / 1024,
            if part_parts > 0 { format!(" and {part_parts} of the parts loaded on demand") } else { String::new() }
        )),
    })?;
    let parts = out.parts.into_iter().map(|(file, img)| (hunk_path.with_file_name(file), img)).collect();
    Ok(Built { hunk_path, wasm, image: out.image, wasm_bytes: out.wasm_bytes, parts })
}

/// `cargo xtask gen-glue`: rewrites amiga-rt/src/sys.rs from the table.
pub fn gen_glue() -> Result<()> {
    let root = root();
    let fns = osglue::load(&root)?;
    std::fs::write(root.join("amiga-rt/src/sys.rs"), osglue::gen_rust(&fns))?;
    println!("wrote amiga-rt/src/sys.rs ({} functions)", fns.iter().filter(|f| f.rust).count());
    Ok(())
}
