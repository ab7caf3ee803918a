//! `cargo xtask amiga`: builds every Amiga program through the pipeline of
//! docs/reference/toolchain.md, into `target/amiga/`:
//!
//! ```text
//! cargo (wasm32, release) -> module check (no floats, no memory.grow)
//!   -> wasm2c -> post-pass (w2cpost) -> m68k-linux-gnu-gcc
//!   -> ld with runtime/c + generated LVO glue + libgcc -> ELF
//!   -> start path checked for 68000 code (startcheck) -> hunk
//!   -> validated with amitools' HunkReader
//! ```

use crate::{hunk, osglue, startcheck, tools, w2cpost, wasmcheck};
use anyhow::{bail, Context, Result};
use std::path::{Path, PathBuf};
use std::process::Command;

/// One Amiga program: its entry crate (runtime/programs/<name>: the
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
    Program { package: "program-gadtools-fixture", artifact: "program_gadtools_fixture", hunk: "GadToolsFixture" },
    Program { package: "program-boopsi-fixture", artifact: "program_boopsi_fixture", hunk: "BoopsiFixture" },
    Program { package: "program-screen-fixture", artifact: "program_screen_fixture", hunk: "ScreenFixture" },
    Program { package: "program-where-fixture", artifact: "program_where_fixture", hunk: "WhereFixture" },
    Program { package: "program-iconprobe", artifact: "program_iconprobe", hunk: "IconProbe" },
    Program { package: "program-inputtool", artifact: "program_inputtool", hunk: "InputTool" },
    Program { package: "program-picktool", artifact: "program_picktool", hunk: "PickTool" },
    Program { package: "program-walkprof", artifact: "program_walkprof", hunk: "WalkProf" },
    Program { package: "program-churn-fixture", artifact: "program_churn_fixture", hunk: "ChurnFixture" },
];

/// GCC flags (docs/reference/toolchain.md), after the CPU flag (`-m68020`,
/// `-m68000` for the start path).
const CFLAGS: &[&str] = &[
    "-Os",
    "-ffreestanding",
    "-nostdlib",
    "-fno-pic",
    "-fno-builtin",
    "-fomit-frame-pointer",
    "-msoft-float",
    "-fno-tree-loop-distribute-patterns",
    "-fno-strict-aliasing",
    "-ffunction-sections",
    "-fdata-sections",
    "-DNDEBUG",
    "-DWASM_RT_MEMCHECK_SIGNAL_HANDLER=0",
    "-Wall",
    "-Wno-unused-function",
    "-Wno-unused-variable",
    "-Wno-unused-but-set-variable",
];

/// The workspace root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf()
}

fn sh(cmd: &mut Command) -> Result<()> {
    let out = cmd.output().with_context(|| format!("running {cmd:?}"))?;
    if !out.status.success() {
        bail!("{cmd:?} failed:\n{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    }
    Ok(())
}

/// Generates the LVO glue (C header, asm stubs, import functions) into `dir`.
fn write_glue(root: &Path, dir: &Path) -> Result<()> {
    let fns = osglue::load(root)?;
    std::fs::create_dir_all(dir)?;
    std::fs::write(dir.join("os_glue.h"), osglue::gen_header(&fns))?;
    std::fs::write(dir.join("os_glue.S"), osglue::gen_asm(&fns))?;
    std::fs::write(dir.join("os_imports.c"), osglue::gen_imports_c(&fns))?;
    std::fs::write(dir.join("ndk.h"), crate::ndkgen::header(&fns)?)?;
    Ok(())
}

/// What one program's build produced.
pub struct Built {
    pub hunk_path: PathBuf,
    pub image: hunk::HunkImage,
    pub wasm_bytes: usize,
}

/// Builds the listed programs (all when `only` is empty).
pub fn build(only: &[String]) -> Result<Vec<Built>> {
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
    let mut cargo = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()));
    cargo.current_dir(&root).args(["build", "--quiet", "--release", "--target", "wasm32-unknown-unknown"]);
    for p in &progs {
        cargo.args(["-p", p.package]);
    }
    sh(&mut cargo)?;

    let out_dir = root.join("target/amiga");
    let glue = out_dir.join("glue");
    write_glue(&root, &glue)?;
    let libgcc = String::from_utf8(
        Command::new("m68k-linux-gnu-gcc").args(["-m68020", "-print-libgcc-file-name"]).output()?.stdout,
    )?;
    let mut built = Vec::new();
    for p in progs {
        built.push(build_one(&root, p, &glue, libgcc.trim()).with_context(|| format!("building {}", p.hunk))?);
    }
    Ok(built)
}

fn build_one(root: &Path, p: &Program, glue: &Path, libgcc: &str) -> Result<Built> {
    let wasm_path = root.join(format!("target/wasm32-unknown-unknown/release/{}.wasm", p.artifact));
    let wasm = std::fs::read(&wasm_path).with_context(|| wasm_path.display().to_string())?;
    let used = wasmcheck::check(&wasm).with_context(|| format!("{}: module check", wasm_path.display()))?;
    let stack = wasmcheck::native_stack(&wasm).with_context(|| format!("{}: native stack", wasm_path.display()))?;

    let dir = root.join("target/amiga/build").join(p.name());
    std::fs::create_dir_all(&dir)?;
    std::fs::write(dir.join("prog.wasm"), &wasm)?;
    sh(Command::new("wasm2c").args(["-n", "prog", "-o"]).arg(dir.join("prog.c")).arg(dir.join("prog.wasm")))?;
    let c = std::fs::read_to_string(dir.join("prog.c"))?;
    std::fs::write(dir.join("prog.c"), w2cpost::apply_sized(&c, used)?)?;

    let rt = root.join("runtime/c");
    let name_def = format!("-DGS_PROGRAM_NAME=\"{}\"", p.hunk);
    let stack_def = format!("-DGS_STACK_BYTES={stack}u");
    let incs = [format!("-I{}", dir.display()), format!("-I{}", glue.display()), "-I/usr/src/wasm2c".to_string()];
    // The start path runs before the processor check has passed: built for
    // the 68000, so that the compiler and assembler refuse 68020 code in it,
    // with direct calls only (startcheck follows them).
    let start_path: &[&str] = &["-m68000", "-fno-function-cse"];
    let rest: &[&str] = &["-m68020"];
    let sources: [(PathBuf, &str, &[&str]); 6] = [
        (rt.join("start.S"), "start.o", start_path),
        (rt.join("cpu.c"), "cpu.o", start_path),
        (glue.join("os_glue.S"), "os_glue.o", start_path),
        (rt.join("runtime.c"), "runtime.o", rest),
        (glue.join("os_imports.c"), "os_imports.o", rest),
        (dir.join("prog.c"), "prog.o", rest),
    ];
    let mut objs = Vec::new();
    for (src, obj, cpu) in &sources {
        let o = dir.join(obj);
        let is_c = src.extension().is_some_and(|e| e == "c");
        if *cpu == rest && is_c {
            // The 68020 C code, its calls made PC-relative (pc_relative_calls).
            // The program's own code is one section: wasm2c emits only
            // what the module holds, all of it reachable, so there is
            // nothing for --gc-sections to drop, and near calls get short.
            let asm = o.with_extension("s");
            let one_section = *obj == "prog.o";
            sh(Command::new("m68k-linux-gnu-gcc")
                .args(*cpu)
                .args(CFLAGS.iter().filter(|f| !(one_section && **f == "-ffunction-sections")))
                .arg(&name_def)
                .arg(&stack_def)
                .args(&incs)
                .arg("-S")
                .arg(src)
                .arg("-o")
                .arg(&asm))?;
            std::fs::write(&asm, pc_relative_calls(&std::fs::read_to_string(&asm)?, one_section))?;
            sh(Command::new("m68k-linux-gnu-as").arg("-m68020").arg(&asm).arg("-o").arg(&o))?;
        } else {
            sh(Command::new("m68k-linux-gnu-gcc")
                .args(*cpu)
                .args(CFLAGS)
                .arg(&name_def)
                .arg(&stack_def)
                .args(&incs)
                .arg("-c")
                .arg(src)
                .arg("-o")
                .arg(&o))?;
        }
        objs.push(o);
    }
    let elf = dir.join("prog.elf");
    sh(Command::new("m68k-linux-gnu-ld")
        .arg("-T")
        .arg(rt.join("amiga.ld"))
        .args(["--emit-relocs", "--gc-sections", "-z", "noexecstack", "--no-warn-rwx-segments", "-o"])
        .arg(&elf)
        .args(&objs)
        .arg(libgcc))?;
    startcheck::check(&elf).with_context(|| format!("{}: the start path", elf.display()))?;
    let image = hunk::elf_to_hunk(&std::fs::read(&elf)?, &hunk::HunkOptions { symbols: false })?;
    let hunk_path = root.join("target/amiga").join(p.hunk);
    std::fs::write(&hunk_path, &image.bytes)?;
    hunk::validate_with_amitools(&hunk_path)
        .map_err(|e| anyhow::anyhow!("{}: amitools rejects it: {e}", hunk_path.display()))?;
    Ok(Built { hunk_path, image, wasm_bytes: wasm.len() })
}

/// GCC's m68k output calls every named function with `jsr <symbol>`: an
/// absolute address, one `HUNK_RELOC32` entry each. Rewritten, a call
/// becomes PC-relative, with no relocation (ld resolves the distance within
/// the one code hunk, hunk.rs): `bsr.l` (68020 and up) in general, and
/// `jbsr` when `one_section` (the file's code is all in `.text`) and the
/// callee is defined in the file, which `as` shortens to `bsr.b`/`bsr.w`
/// when the callee is near. Calls through a register (`jsr (%a0)`) stay.
pub fn pc_relative_calls(asm: &str, one_section: bool) -> String {
    let defined: std::collections::HashSet<&str> = if one_section {
        asm.lines().filter_map(|l| l.strip_suffix(':')).filter(|l| !l.starts_with(['\t', ' ', '.'])).collect()
    } else {
        Default::default()
    };
    let mut out = String::with_capacity(asm.len());
    for line in asm.lines() {
        match line.strip_prefix("\tjsr ") {
            Some(target) if target.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') => {
                out.push_str(if defined.contains(target) { "\tjbsr " } else { "\tbsr.l " });
                out.push_str(target);
            }
            _ => out.push_str(line),
        }
        out.push('\n');
    }
    out
}

/// `cargo xtask gen-glue`: rewrites runtime/src/sys.rs from the table.
pub fn gen_glue() -> Result<()> {
    let root = root();
    let fns = osglue::load(&root)?;
    std::fs::write(root.join("runtime/src/sys.rs"), osglue::gen_rust(&fns))?;
    println!("wrote runtime/src/sys.rs ({} functions)", fns.iter().filter(|f| f.rust).count());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::pc_relative_calls;

    const ASM: &str = "\t.text\nnear:\n\trts\n.L2:\n\tjsr near\n\tjsr far_away\n\tjsr (%a0)\n\tjsr 4(%a6)\n";

    #[test]
    fn calls_to_symbols_become_pc_relative() {
        assert_eq!(
            pc_relative_calls(ASM, true),
            "\t.text\nnear:\n\trts\n.L2:\n\tjbsr near\n\tbsr.l far_away\n\tjsr (%a0)\n\tjsr 4(%a6)\n"
        );
        // With a section per function no callee is in the caller's section.
        assert_eq!(
            pc_relative_calls(ASM, false),
            "\t.text\nnear:\n\trts\n.L2:\n\tbsr.l near\n\tbsr.l far_away\n\tjsr (%a0)\n\tjsr 4(%a6)\n"
        );
    }
}
