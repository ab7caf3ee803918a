//! The pipeline of docs/reference/toolchain.md, one program at a time:
//!
//! ```text
//! wasm module -> module check (no floats, no memory.grow)
//!   -> wasm2c -> post-pass (w2cpost) -> m68k-linux-gnu-gcc
//!   -> the program's code in parts of at most 64 KiB (codeparts)
//!   -> ld with amiga-rt/c + generated LVO glue + libgcc -> ELF
//!   -> start path checked for 68000 code (startcheck) -> hunk
//!   -> validated with amitools' HunkReader
//! ```
//!
//! The caller builds the wasm module (cargo), says where the files go and
//! reports the progress.

use crate::codeparts::File;
use crate::{callgraph, codeparts, hunk, ndkgen, oddguard, osglue, part, stackguard, startcheck, w2cpost, wasmcheck};
use anyhow::{bail, Context, Result};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The processor a build is for (docs/reference/toolchain.md, "The 68000
/// build").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cpu {
    /// The 68020 and up: the program checks for it at start (amiga-rt/c/cpu.c)
    /// and Debian's libgcc serves it.
    M68020,
    /// Any 680x0, the 68000 of an A500 included: every object built with
    /// `-m68000` (GCC and `as` then refuse 68020 instructions), the
    /// runtime's own integer helpers (amiga-rt/c/lib68000.c) instead of
    /// libgcc, and byte-wise accessors for the wasm accesses that may be at
    /// an odd address ([`oddguard`]).
    M68000,
}

impl Cpu {
    /// Its name: `68020` or `68000` (the `--cpu` option, vamos's `-C`).
    pub fn name(self) -> &'static str {
        match self {
            Cpu::M68020 => "68020",
            Cpu::M68000 => "68000",
        }
    }

    /// GCC's and `as`'s CPU flag.
    pub fn flag(self) -> &'static str {
        match self {
            Cpu::M68020 => "-m68020",
            Cpu::M68000 => "-m68000",
        }
    }
}

/// GCC flags (docs/reference/toolchain.md), after the CPU flag (`-m68020`,
/// `-m68000` for the start path and the 68000 build).
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

/// Runs `cmd`; an error carries its output.
pub fn sh(cmd: &mut Command) -> Result<()> {
    let out = cmd.output().with_context(|| format!("running {cmd:?}"))?;
    if !out.status.success() {
        bail!("{cmd:?} failed:\n{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    }
    Ok(())
}

/// Generates the LVO glue (C header, asm stubs, import functions) and
/// `ndk.h` into `dir`, from the table under the workspace root `root`.
pub fn write_glue(root: &Path, dir: &Path) -> Result<()> {
    let fns = osglue::load(root)?;
    std::fs::create_dir_all(dir)?;
    std::fs::write(dir.join("os_glue.h"), osglue::gen_header(&fns))?;
    std::fs::write(dir.join("os_glue.S"), osglue::gen_asm(&fns))?;
    std::fs::write(dir.join("os_imports.c"), osglue::gen_imports_c(&fns))?;
    std::fs::write(dir.join("ndk.h"), ndkgen::header(&fns)?)?;
    Ok(())
}

/// The integer helpers the programs link with: Debian's libgcc for the
/// 68020; for the 68000 the runtime's own, compiled into `dir`.
pub fn helpers(root: &Path, cpu: Cpu, dir: &Path) -> Result<PathBuf> {
    Ok(match cpu {
        Cpu::M68020 => PathBuf::from(
            String::from_utf8(
                Command::new("m68k-linux-gnu-gcc").args(["-m68020", "-print-libgcc-file-name"]).output()?.stdout,
            )?
            .trim(),
        ),
        Cpu::M68000 => lib68000(root, dir)?,
    })
}

/// Compiles the 68000's integer helpers (amiga-rt/c/lib68000.c) into
/// `dir`, and checks that none of them calls a libgcc routine (itself or
/// another helper): the object has no relocation against a `__` symbol.
fn lib68000(root: &Path, dir: &Path) -> Result<PathBuf> {
    std::fs::create_dir_all(dir)?;
    let o = dir.join("lib68000.o");
    sh(Command::new("m68k-linux-gnu-gcc")
        .arg("-m68000")
        .args(CFLAGS)
        .arg("-c")
        .arg(root.join("amiga-rt/c/lib68000.c"))
        .arg("-o")
        .arg(&o))?;
    let relocs = Command::new("m68k-linux-gnu-objdump").arg("-r").arg(&o).output()?;
    let text = String::from_utf8_lossy(&relocs.stdout);
    if let Some(bad) = text.lines().find(|l| l.split_whitespace().nth(2).is_some_and(|sym| sym.starts_with("__"))) {
        bail!("amiga-rt/c/lib68000.c calls a libgcc routine ({}): GCC turned an operation into a call", bad.trim());
    }
    Ok(o)
}

/// One program's build: where its module is and its files go.
pub struct Build<'a> {
    /// The workspace root: the native runtime is in `amiga-rt/c`.
    pub root: &'a Path,
    /// The program's wasm module.
    pub wasm: &'a Path,
    /// Its name, for the runtime's messages (`GS_PROGRAM_NAME`).
    pub name: &'a str,
    pub cpu: Cpu,
    /// The generated glue ([`write_glue`]).
    pub glue: &'a Path,
    /// The integer helpers ([`helpers`]).
    pub helpers: &'a Path,
    /// Its intermediate files.
    pub dir: &'a Path,
    /// The hunk file to write.
    pub out: &'a Path,
    /// The python of the venv with amitools, which checks the hunk file.
    pub python: &'a Path,
}

/// The build's steps, for its progress lines.
pub enum Stage {
    /// wasm2c and the post-pass, over a module of `wasm_bytes`.
    Translate { wasm_bytes: usize },
    /// GCC over the runtime, the glue and the program's C.
    Compile,
    /// ld over `parts` code parts and the part files' `part_parts`, then
    /// the hunk files.
    Link { parts: usize, part_parts: usize },
}

/// What one program's build produced.
pub struct Output {
    pub image: hunk::HunkImage,
    pub wasm_bytes: usize,
    /// The program's parts loaded on demand, each written beside its hunk
    /// file under its own name: (file name, image), in the order the
    /// program declares them.
    pub parts: Vec<(String, hunk::PartImage)>,
}

/// Builds `b`: writes its hunk file, checked, to `b.out`; tells `progress`
/// each step as it starts.
pub fn build(b: &Build, progress: &mut dyn FnMut(Stage)) -> Result<Output> {
    let Build { root, wasm: wasm_path, name, cpu, glue, helpers, dir, out: hunk_path, python } = *b;
    let wasm = std::fs::read(wasm_path).with_context(|| wasm_path.display().to_string())?;
    let used = wasmcheck::check(&wasm).with_context(|| format!("{}: module check", wasm_path.display()))?;
    let stack = wasmcheck::native_stack(&wasm).with_context(|| format!("{}: native stack", wasm_path.display()))?;

    std::fs::create_dir_all(dir)?;
    std::fs::write(dir.join("prog.wasm"), &wasm)?;
    progress(Stage::Translate { wasm_bytes: wasm.len() });
    sh(Command::new("wasm2c").args(["-n", "prog", "-o"]).arg(dir.join("prog.c")).arg(dir.join("prog.wasm")))?;
    let c = std::fs::read_to_string(dir.join("prog.c"))?;
    let plans = part::plans(&wasm, &c).with_context(|| format!("{}: the parts", wasm_path.display()))?;
    let init = part::init_plan(&wasm, &c).with_context(|| format!("{}: the start code", wasm_path.display()))?;
    let c_names = part::c_names(&c)?;
    let odd = match cpu {
        Cpu::M68020 => None,
        Cpu::M68000 => Some(oddguard::accesses(&wasm).with_context(|| format!("{}: accesses", wasm_path.display()))?),
    };
    let mut c = w2cpost::apply_sized(&c, used, odd.as_deref())?;
    if let Some(init) = &init {
        c = init_entry_apart(&c, &init.entry)?;
    }
    c.push_str(&part::build_id_c(&wasm, cpu.name()));
    std::fs::write(dir.join("prog.c"), c)?;

    let rt = root.join("amiga-rt/c");
    let name_def = format!("-DGS_PROGRAM_NAME=\"{name}\"");
    let stack_def = format!("-DGS_STACK_BYTES={stack}u");
    let incs = [format!("-I{}", dir.display()), format!("-I{}", glue.display()), "-I/usr/src/wasm2c".to_string()];
    // The start path runs before the processor check has passed: built for
    // the 68000, so that the compiler and assembler refuse 68020 code in it,
    // with direct calls only (startcheck follows them).
    // The 68000 build: everything is 68000 code (and the processor check
    // lets every CPU through: cpu.c).
    let start_path: &[&str] = &["-m68000", "-fno-function-cse"];
    let rest: &[&str] = match cpu {
        Cpu::M68020 => &["-m68020"],
        Cpu::M68000 => &["-m68000", "-DGS_CPU_68000"],
    };
    let check: &[&str] = match cpu {
        Cpu::M68020 => start_path,
        Cpu::M68000 => &["-m68000", "-fno-function-cse", "-DGS_CPU_68000"],
    };
    let sources: [(PathBuf, &str, &[&str]); 6] = [
        (rt.join("start.S"), "start.o", start_path),
        (rt.join("cpu.c"), "cpu.o", check),
        (glue.join("os_glue.S"), "os_glue.o", start_path),
        (rt.join("runtime.c"), "runtime.o", rest),
        (glue.join("os_imports.c"), "os_imports.o", rest),
        (dir.join("prog.c"), "prog.o", rest),
    ];
    progress(Stage::Compile);
    let mut objs = Vec::new();
    let mut counts = vec![0; 2 + plans.len()];
    for (src, obj, flags) in &sources {
        let o = dir.join(obj);
        let is_c = src.extension().is_some_and(|e| e == "c");
        if *flags == rest && is_c {
            // The C code after the check, its calls made PC-relative (pc_relative_calls).
            // The program's own code is one section: wasm2c emits only
            // what the module holds, all of it reachable, so there is
            // nothing for --gc-sections to drop, and near calls get short.
            let asm = o.with_extension("s");
            let one_section = *obj == "prog.o";
            let gcc = |asm: &Path| {
                let mut cmd = Command::new("m68k-linux-gnu-gcc");
                cmd.args(*flags)
                    .args(CFLAGS.iter().filter(|f| !(one_section && **f == "-ffunction-sections")))
                    .arg(&name_def)
                    .arg(&stack_def)
                    .args(&incs)
                    .args(one_section.then_some("-fstack-usage"))
                    .arg("-S")
                    .arg(src)
                    .arg("-o")
                    .arg(asm);
                sh(&mut cmd)
            };
            if one_section {
                stack_guarded(dir, src, &wasm, &c_names, &asm, &gcc)?;
            } else {
                gcc(&asm)?;
            }
            std::fs::write(&asm, pc_relative_calls(&std::fs::read_to_string(&asm)?, one_section, cpu))?;
            sh(Command::new("m68k-linux-gnu-as").arg(cpu.flag()).arg(&asm).arg("-o").arg(&o))?;
            if one_section {
                counts = in_code_parts(&asm, &o, cpu, &plans, init.as_ref())?;
            }
        } else {
            sh(Command::new("m68k-linux-gnu-gcc")
                .args(*flags)
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
    progress(Stage::Link {
        parts: counts[File::Program.slot()],
        part_parts: counts[File::Part(0).slot()..].iter().sum(),
    });
    let elf = dir.join("prog.elf");
    std::fs::write(dir.join("parts.ld"), codeparts::linker_script(&counts))?;
    sh(Command::new("m68k-linux-gnu-ld")
        .arg(format!("-L{}", dir.display())) // before -T: where the script's INCLUDE looks
        .arg("-T")
        .arg(rt.join("amiga.ld"))
        .args(["--emit-relocs", "--gc-sections", "-z", "noexecstack", "--no-warn-rwx-segments", "-o"])
        .arg(&elf)
        .args(&objs)
        .arg(helpers))?;
    startcheck::check(&elf).with_context(|| format!("{}: the start path", elf.display()))?;
    let links = hunk::PartLinks {
        absent: PART_ABSENT,
        id: part::build_id(&wasm, cpu.name()),
        exports: plans.iter().map(|p| &p.exports[..]).collect(),
    };
    let links = (!plans.is_empty()).then_some(&links);
    let (image, part_images) = hunk::elf_to_hunks(&std::fs::read(&elf)?, &hunk::HunkOptions { symbols: false }, links)?;
    if init.is_some() && image.init_size == 0 {
        bail!("{}: the program declares start code, but GCC's listing kept all of it resident", wasm_path.display());
    }
    let out_dir = hunk_path.parent().context("the hunk file's directory")?;
    std::fs::create_dir_all(out_dir)?;
    let mut parts = Vec::new();
    for (plan, img) in plans.into_iter().zip(part_images) {
        put_checked(&out_dir.join(&plan.file), &img.bytes, python)?;
        parts.push((plan.file, img));
    }
    put_checked(hunk_path, &image.bytes, python)?;
    Ok(Output { image, wasm_bytes: wasm.len(), parts })
}

/// Compiles the program's C `src` into `asm` (`gcc`) with the stack guard
/// kept only where [`stackguard`] says: a first compile for GCC's frame
/// sizes (`prog.first.su`), then the compile that ships, whose frames must
/// bound every chain of unchecked calls too. When they do not (GCC inlines
/// differently once the checks are gone), the frames of both are taken,
/// the checks planned again (never fewer) and the C compiled again.
fn stack_guarded(
    dir: &Path,
    src: &Path,
    wasm: &[u8],
    c_names: &[String],
    asm: &Path,
    gcc: &dyn Fn(&Path) -> Result<()>,
) -> Result<()> {
    let all = std::fs::read_to_string(src)?;
    let first = dir.join("prog.first.s");
    gcc(&first)?;
    let g = callgraph::read(wasm)?;
    let read_frames = |s: &Path| -> Result<Vec<u32>> {
        let su = std::fs::read_to_string(s.with_extension("su"))?;
        Ok(stackguard::frame_by_index(&g, c_names, &stackguard::frames(&su)?))
    };
    let mut frame = read_frames(&first)?;
    let mut checked = vec![false; g.names.len()];
    for round in 1..=4 {
        let plan = stackguard::checked(&g, &frame, stackguard::BUDGET);
        checked.iter_mut().zip(plan).for_each(|(c, p)| *c |= p);
        stackguard::verify(&g, &frame, &checked, stackguard::BUDGET)?;
        let keep: std::collections::HashSet<&str> =
            c_names.iter().zip(&checked[g.imported as usize..]).filter(|c| *c.1).map(|c| c.0.as_str()).collect();
        let (dropped, n) = w2cpost::drop_stack_checks(&all, &|f| keep.contains(f))?;
        if n + keep.len() != c_names.len() {
            bail!("the stack guard: {n} checks dropped and {} kept of {} functions", keep.len(), c_names.len());
        }
        std::fs::write(src, dropped)?;
        gcc(asm)?;
        // The bound must hold with the frames of the code that ships.
        let shipped = read_frames(asm)?;
        match stackguard::verify(&g, &shipped, &checked, stackguard::BUDGET) {
            Ok(()) => return Ok(()),
            Err(e) if round == 4 => return Err(e.context("the stack guard, with the frames of the last compile")),
            Err(_) => frame.iter_mut().zip(shipped).for_each(|(f, s)| *f = (*f).max(s)),
        }
    }
    unreachable!("the last round returns")
}

/// The runtime's function that a table entry for a part's function holds
/// while the part is not loaded (amiga-rt/c/runtime.c).
const PART_ABSENT: &str = "gs_part_absent";

/// Writes the hunk file `bytes` to `path` once amitools reads it: beside
/// it first and renamed into place, so that a reader (a scenario staging
/// it) sees the old file or the new one, never half of one.
fn put_checked(path: &Path, bytes: &[u8], python: &Path) -> Result<()> {
    let (dir, file) = (path.parent().context("the hunk file's directory")?, path.file_name());
    let partial = dir.join(format!(".{}.partial", file.context("the hunk file's name")?.to_string_lossy()));
    std::fs::write(&partial, bytes)?;
    hunk::validate_with_amitools(&partial, python)
        .map_err(|e| anyhow::anyhow!("{}: amitools rejects it: {e}", path.display()))?;
    std::fs::rename(&partial, path)?;
    Ok(())
}

/// Puts the functions of the assembly listing `asm`, assembled into `o`,
/// into code parts (codeparts.rs), the functions of each of `plans`'
/// parts into its own, those of `init` into the start code's, and
/// assembles it again; returns the number of code parts per [`File`]
/// (by [`File::slot`]). Checks that no
/// part is larger than its bound ([`codeparts::PART_MAX`], or the one
/// function in it) and that nothing is left in `.text`.
fn in_code_parts(
    asm: &Path,
    o: &Path,
    cpu: Cpu,
    plans: &[part::Plan],
    init: Option<&part::InitPlan>,
) -> Result<Vec<usize>> {
    use object::{Object, ObjectSection, ObjectSymbol, SymbolKind};
    let spans = {
        let data = std::fs::read(o)?;
        let file = object::File::parse(&*data)?;
        let text = file.section_by_name(".text").context("no .text in the program's object")?;
        let mut starts: Vec<(u64, String)> = file
            .symbols()
            .filter(|s| s.section_index() == Some(text.index()) && s.kind() == SymbolKind::Text)
            .filter_map(|s| Some((s.address(), s.name().ok()?.to_string())))
            .collect();
        starts.sort();
        let ends = starts.iter().skip(1).map(|s| s.0).chain([text.size()]);
        starts.iter().zip(ends).map(|((a, name), end)| (name.clone(), (end - a) as u32)).collect()
    };
    let file_of = |name: &str| {
        if let Some(k) = plans.iter().position(|p| p.holds(name)) {
            File::Part(k)
        } else if init.is_some_and(|p| p.holds(name)) {
            File::Init
        } else {
            File::Program
        }
    };
    let entry = init.map(|p| p.entry.as_str());
    let (split, bounds) =
        codeparts::split(&std::fs::read_to_string(asm)?, &spans, codeparts::PART_MAX, plans.len(), &file_of, entry)?;
    std::fs::write(asm, split)?;
    sh(Command::new("m68k-linux-gnu-as").arg(cpu.flag()).arg(asm).arg("-o").arg(o))?;
    let data = std::fs::read(o)?;
    let file = object::File::parse(&*data)?;
    for s in file.sections() {
        let name = s.name().unwrap_or("?");
        let bound = codeparts::section_file(name)
            .and_then(|(f, n)| bounds.get(f.slot()).and_then(|b| b.get(n.wrapping_sub(1))));
        if let Some(bound) = bound {
            if s.size() > u64::from(*bound) {
                bail!("code part {name} has {} bytes, more than its bound {bound}", s.size());
            }
        }
        if name == ".text" && s.size() > 0 {
            bail!("{} bytes of the program's code were left in .text, outside the code parts", s.size());
        }
    }
    Ok(bounds.iter().map(Vec::len).collect())
}

/// wasm2c's C `c` with the start code's entry `entry` declared
/// `noinline, noclone`: GCC would otherwise fold it, called once, into
/// its resident caller. Error: no declaration of it.
fn init_entry_apart(c: &str, entry: &str) -> Result<String> {
    let decl = c
        .lines()
        .find(|l| l.starts_with("static ") && l.ends_with(");") && l.contains(&format!(" {entry}(")))
        .with_context(|| format!("no declaration of the start code's entry {entry} in wasm2c's C"))?;
    Ok(c.replacen(decl, &format!("__attribute__((noinline, noclone)) {decl}"), 1))
}

/// GCC's m68k output calls every named function with `jsr <symbol>`: an
/// absolute address, one `HUNK_RELOC32` entry each. Rewritten, a call
/// becomes PC-relative, with no relocation where caller and callee share a
/// code hunk (ld resolves the distance; between hunks hunk.rs makes it
/// absolute again): `bsr.l` (68020 and up) in general, and
/// `jbsr` when `one_section` (the file's code is all in `.text`) and the
/// callee is defined in the file, which `as` shortens to `bsr.b`/`bsr.w`
/// when the callee is near. Calls through a register (`jsr (%a0)`) stay.
/// The 68000 has no `bsr.l`: there only the near calls become `jbsr` (`as`
/// makes a far one `jsr` again) and the others stay `jsr`.
pub fn pc_relative_calls(asm: &str, one_section: bool, cpu: Cpu) -> String {
    let defined: std::collections::HashSet<&str> = if one_section {
        asm.lines().filter_map(|l| l.strip_suffix(':')).filter(|l| !l.starts_with(['\t', ' ', '.'])).collect()
    } else {
        Default::default()
    };
    let mut out = String::with_capacity(asm.len());
    for line in asm.lines() {
        match line.strip_prefix("\tjsr ") {
            Some(target) if target.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') => {
                out.push_str(match (defined.contains(target), cpu) {
                    (true, _) => "\tjbsr ",
                    (false, Cpu::M68020) => "\tbsr.l ",
                    (false, Cpu::M68000) => "\tjsr ",
                });
                out.push_str(target);
            }
            _ => out.push_str(line),
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{pc_relative_calls, Cpu};

    const ASM: &str = "\t.text\nnear:\n\trts\n.L2:\n\tjsr near\n\tjsr far_away\n\tjsr (%a0)\n\tjsr 4(%a6)\n";

    #[test]
    fn calls_to_symbols_become_pc_relative() {
        assert_eq!(
            pc_relative_calls(ASM, true, Cpu::M68020),
            "\t.text\nnear:\n\trts\n.L2:\n\tjbsr near\n\tbsr.l far_away\n\tjsr (%a0)\n\tjsr 4(%a6)\n"
        );
        // With a section per function no callee is in the caller's section.
        assert_eq!(
            pc_relative_calls(ASM, false, Cpu::M68020),
            "\t.text\nnear:\n\trts\n.L2:\n\tbsr.l near\n\tbsr.l far_away\n\tjsr (%a0)\n\tjsr 4(%a6)\n"
        );
    }

    #[test]
    fn the_68000_has_no_long_bsr() {
        assert_eq!(
            pc_relative_calls(ASM, true, Cpu::M68000),
            "\t.text\nnear:\n\trts\n.L2:\n\tjbsr near\n\tjsr far_away\n\tjsr (%a0)\n\tjsr 4(%a6)\n"
        );
    }

    /// amiga-rt/c/lib68000.c built for the host (its plain C in place of
    /// MULU.W/DIVU.W) agrees with the host's own arithmetic on edge values;
    /// on the 68000 the canary's `int_edges` checks the same routines.
    #[test]
    fn the_68000_helpers_match_the_host() {
        let dir = std::env::temp_dir().join(format!("gs-lib68000-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("check.c"), LIB68000_CHECK).unwrap();
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
        let lib = root.join("amiga-rt/c/lib68000.c");
        let o = std::process::Command::new("cc")
            .args(["-O1", "-Wall", "-DGS_LIB68000_TEST", "-o"])
            .arg(dir.join("check"))
            .arg(dir.join("check.c"))
            .arg(&lib)
            .output()
            .expect("cc (the host's C compiler)");
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let run = std::process::Command::new(dir.join("check")).output().unwrap();
        let text = String::from_utf8_lossy(&run.stdout);
        assert!(run.status.success() && text.starts_with("checked "), "{text}");
        std::fs::remove_dir_all(&dir).ok();
    }

    const LIB68000_CHECK: &str = r#"
#include <stdio.h>
typedef unsigned int u32; typedef int s32; typedef unsigned long long u64; typedef long long s64;
u32 gs_test__mulsi3(u32, u32); u64 gs_test__muldi3(u64, u64);
u32 gs_test__udivsi3(u32, u32); u32 gs_test__umodsi3(u32, u32);
s32 gs_test__divsi3(s32, s32); s32 gs_test__modsi3(s32, s32);
u64 gs_test__udivdi3(u64, u64); u64 gs_test__umoddi3(u64, u64);
s64 gs_test__divdi3(s64, s64); s64 gs_test__moddi3(s64, s64);
u64 gs_test__ashldi3(u64, int); u64 gs_test__lshrdi3(u64, int); s64 gs_test__ashrdi3(s64, int);
int gs_test__clzsi2(u32); int gs_test__clzdi2(u64); int gs_test__ctzsi2(u32); int gs_test__ctzdi2(u64);
int gs_test__popcountsi2(u32); int gs_test__popcountdi2(u64);
static const u64 V[] = {0, 1, 2, 3, 7, 10, 255, 0xFFFF, 0x10000, 0x10001, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFE,
  0xFFFFFFFF, 0x100000000ULL, 0x123456789ABCDEF0ULL, 0x7FFFFFFFFFFFFFFFULL, 0x8000000000000000ULL,
  0xFFFFFFFFFFFFFFFFULL, 1000000007, 0xFFFF0000FFFFULL, 10000, 0x80000001ULL, 0xDEADBEEFCAFEULL};
#define N (sizeof V / sizeof V[0])
static int bad;
static void want(int ok, const char *what, u64 a, u64 b) {
  if (!ok && bad++ < 20) printf("%s %llx %llx\n", what, a, b);
}
int main(void) {
  unsigned long checks = 0;
  for (unsigned i = 0; i < N; i++) for (unsigned j = 0; j < N; j++) {
    u64 a = V[i], b = V[j]; u32 x = (u32)a, y = (u32)b; s32 sx = (s32)x, sy = (s32)y; s64 sa = (s64)a, sb = (s64)b;
    for (int k = 0; k < 2; k++, a = ~a + (k ? 0 : 3), x = ~x ^ 5, sx = (s32)x, sa = (s64)a) {
      want(gs_test__mulsi3(x, y) == x * y, "mulsi3", x, y);
      want(gs_test__muldi3(a, b) == a * b, "muldi3", a, b);
      if (y) {
        want(gs_test__udivsi3(x, y) == x / y && gs_test__umodsi3(x, y) == x % y, "udivsi3", x, y);
        if (!(sx == (s32)0x80000000 && sy == -1))
          want(gs_test__divsi3(sx, sy) == sx / sy && gs_test__modsi3(sx, sy) == sx % sy, "divsi3", x, y);
      }
      if (b) {
        want(gs_test__udivdi3(a, b) == a / b && gs_test__umoddi3(a, b) == a % b, "udivdi3", a, b);
        if (!(sa == (s64)0x8000000000000000ULL && sb == -1))
          want(gs_test__divdi3(sa, sb) == sa / sb && gs_test__moddi3(sa, sb) == sa % sb, "divdi3", a, b);
      }
      checks += 10;
    }
  }
  for (unsigned i = 0; i < N; i++) {
    u64 a = V[i]; u32 x = (u32)a;
    for (int s = 0; s < 64; s++) {
      want(gs_test__ashldi3(a, s) == a << s && gs_test__lshrdi3(a, s) == a >> s, "shift", a, s);
      want(gs_test__ashrdi3((s64)a, s) == (s64)a >> s, "ashrdi3", a, s);
    }
    want(gs_test__clzsi2(x) == (x ? __builtin_clz(x) : 32) && gs_test__ctzsi2(x) == (x ? __builtin_ctz(x) : 32), "clz/ctz", x, 0);
    want(gs_test__clzdi2(a) == (a ? __builtin_clzll(a) : 64) && gs_test__ctzdi2(a) == (a ? __builtin_ctzll(a) : 64), "clzdi/ctzdi", a, 0);
    want(gs_test__popcountsi2(x) == __builtin_popcount(x) && gs_test__popcountdi2(a) == __builtin_popcountll(a), "popcount", a, 0);
    checks += 64 * 3 + 6;
  }
  printf("checked %lu\n", checks);
  return bad != 0;
}
"#;
}
