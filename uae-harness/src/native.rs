//! The harness's own m68k helper programs (`uae-harness/native/*.S`):
//! TEST-HARNESS TOOLS, not product code. Built with m68k-linux-gnu-gcc and
//! m68k-linux-gnu-ld, then turned into hunk executables by a converter the
//! caller passes in (normally amiga-toolchain's ELF->hunk converter).
//!
//! - `ExitEmu`: UAE's ExitEmu trap; the generated Startup-Sequence's last line.
//! - `CrashGuard`: installs a tc_TrapCode that reports a CPU exception on
//!   the serial port and calls ExitEmu; the first line.
//! - `NoNest`: makes the ROM's interrupt handlers run with all interrupts
//!   masked; the second line (why: `NoNest.S`, docs/design/harness-notes.md
//!   "Lost tasks").
//! - `ConsoleFix`: mends the ROM's console.device, which frees a console
//!   unit its input handler still uses; the line after NoNest (why:
//!   `ConsoleFix.S`, docs/design/harness-notes.md "console.device frees
//!   a unit in use").
//! - `IBaseHammer`: takes intuition's IBase lock (and/or `Forbid()`) in a
//!   loop: the small program, not GadgetScope, that shows the console
//!   bug (`IBaseHammer.S`).
//! - `SemCheck`: a diagnostic that checks exec semaphore ownership around
//!   every `ObtainSemaphore`/`ObtainSemaphoreShared`/`ReleaseSemaphore`
//!   and reports violations on the serial port (`SemCheck.S`).
//! - `MemHog`: runs a program on a 4 000-byte stack (or `STACK=<bytes>`)
//!   with every free chunk of 4 KiB or more held (`MemHog.S`), so that
//!   the program's own larger allocations fail, or those of the program
//!   it asks something of.
//! - `CrashTest`: crashes on purpose (illegal instruction, address error or
//!   divide by zero), for the harness's self-test.
//! - `rexxsyslib.library` (`native/rexxsyslib/rexxsyslib.S`): a minimal
//!   rexxsyslib-compatible library, a TEST FIXTURE for the ARexx scenarios
//!   (the AROS ROM has none).
//!
//! The NDK facts the tools use (LVOs as `_LVO<Name>`, structure offsets,
//! flags) are not defined here: each source includes `ndk.h`, the header
//! amiga-toolchain generates from the amiga-ndk crate and
//! `amiga-rt/os-functions.toml` (`amiga-toolchain/src/ndkgen.rs`), which
//! the caller passes to [`build`] as text.
//! What stays in a source is not an NDK fact (ROM addresses, a tool's own
//! sizes, the fixture library's own layout) and says so.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// ELF bytes (from `m68k-linux-gnu-ld --emit-relocs -e _start`) -> hunk bytes.
pub type Converter<'a> = &'a dyn Fn(&[u8]) -> Result<Vec<u8>, String>;

/// Paths of the built tools (hunk executables).
#[derive(Clone, Debug)]
pub struct NativeTools {
    pub dir: PathBuf,
    pub exit_emu: PathBuf,
    pub crash_guard: PathBuf,
    pub crash_test: PathBuf,
    /// `NoNest`: interrupt handlers run with all interrupts masked (the
    /// script's second line, see [`crate::stage::startup_sequence`]).
    pub no_nest: PathBuf,
    /// `ConsoleFix`: console.device's `Close()` waits until the unit is
    /// not in use (see [`crate::stage::Mends`]).
    pub console_fix: PathBuf,
    /// `IBaseHammer`: `LockIBase`/`Forbid`/`Permit`/`UnlockIBase` in a loop,
    /// as its argument letters say.
    pub ibase_hammer: PathBuf,
    /// `SemCheck`: semaphore ownership violations on the serial port
    /// (`SEMCHECK …` lines).
    pub sem_check: PathBuf,
    /// `MemHog [STACK=<bytes>] <program> [<arguments>]`: runs `<program>`
    /// on a 4 000-byte stack (or one of `<bytes>`) while free memory is
    /// held down to pieces under 8 KiB.
    pub mem_hog: PathBuf,
    /// Offset of the `illegal` instruction in CrashTest's second code hunk
    /// (hunk 1): where the self-test crash's report must place the PC.
    pub crash_test_illegal_offset: u32,
    /// The fixture `rexxsyslib.library` (stage it as `Libs/rexxsyslib.library`).
    pub rexxsyslib: PathBuf,
}

impl NativeTools {
    /// The tools a scenario can stage by name ([`crate::Scenario::program`]):
    /// `CrashTest`, `rexxsyslib.library`, `IBaseHammer`, `SemCheck` and
    /// `MemHog` (the others are staged by the harness itself).
    pub fn named(&self) -> Vec<(&'static str, PathBuf)> {
        vec![
            (NAMED[0], self.crash_test.clone()),
            (NAMED[1], self.rexxsyslib.clone()),
            (NAMED[2], self.ibase_hammer.clone()),
            (NAMED[3], self.sem_check.clone()),
            (NAMED[4], self.mem_hog.clone()),
        ]
    }
}

/// The names of [`NativeTools::named`].
pub const NAMED: [&str; 5] = ["CrashTest", REXXSYSLIB_NAME, "IBaseHammer", "SemCheck", "MemHog"];

/// Sources, relative to `uae-harness/native/`.
pub const SOURCES: [&str; 8] =
    ["ExitEmu.S", "CrashGuard.S", "CrashTest.S", "NoNest.S", "ConsoleFix.S", "IBaseHammer.S", "SemCheck.S", "MemHog.S"];

/// The CPU each tool is assembled for: every line of every Startup-Sequence
/// runs them, on the A1200's 68020 and on the A500's 68000 (Model), so the
/// assembler refuses anything newer; NoNest reads the VBR (a 68010
/// instruction) only where exec says there is one.
pub fn cpu_of(src: &str) -> &'static str {
    if src == "NoNest.S" {
        "-m68010"
    } else {
        "-m68000"
    }
}

/// The fixture library's source, relative to `uae-harness/native/`, and the
/// file name it is built as.
pub const REXXSYSLIB_SOURCE: &str = "rexxsyslib/rexxsyslib.S";
pub const REXXSYSLIB_NAME: &str = "rexxsyslib.library";

pub fn source_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("native")
}

/// The header the sources include for their NDK facts.
pub const NDK_HEADER: &str = "ndk.h";

/// Build the tools into `out_dir` (created): `<Name>.o`, `<Name>.elf`
/// and the hunk executable `<Name>`. `ndk_h` is the text of the generated
/// NDK header (amiga-toolchain's `ndkgen::header`); it is written to
/// `out_dir/ndk.h`, which the assembler searches (`-I out_dir`).
pub fn build(out_dir: &Path, ndk_h: &str, converter: Converter<'_>) -> Result<NativeTools, String> {
    fs::create_dir_all(out_dir).map_err(|e| format!("{}: {e}", out_dir.display()))?;
    let header = out_dir.join(NDK_HEADER);
    fs::write(&header, ndk_h).map_err(|e| format!("{}: {e}", header.display()))?;
    let mut built = Vec::new();
    for src in SOURCES {
        built.push(build_one(out_dir, src, src.trim_end_matches(".S"), cpu_of(src), converter)?);
    }
    let rexxsyslib = build_one(out_dir, REXXSYSLIB_SOURCE, REXXSYSLIB_NAME, "-m68020", converter)?;
    let test_elf = fs::read(out_dir.join("CrashTest.elf")).map_err(|e| e.to_string())?;
    let start = elf_symbol(&test_elf, "crash_part").ok_or("CrashTest.elf: no crash_part")?;
    let illegal = elf_symbol(&test_elf, "crash_illegal").ok_or("CrashTest.elf: no crash_illegal")?;
    Ok(NativeTools {
        dir: out_dir.to_path_buf(),
        exit_emu: built[0].clone(),
        crash_guard: built[1].clone(),
        crash_test: built[2].clone(),
        no_nest: built[3].clone(),
        console_fix: built[4].clone(),
        ibase_hammer: built[5].clone(),
        sem_check: built[6].clone(),
        mem_hog: built[7].clone(),
        crash_test_illegal_offset: illegal - start,
        rexxsyslib,
    })
}

/// Assembles `native/<src>` (with `out_dir` on the include path, for
/// `ndk.h`), links it (`_start` first, `--emit-relocs`) and
/// converts it into `out_dir/<name>` (plus `<name>.o`, `<name>.elf`).
fn build_one(out_dir: &Path, src: &str, name: &str, cpu: &str, converter: Converter<'_>) -> Result<PathBuf, String> {
    let obj = out_dir.join(format!("{name}.o"));
    let elf = out_dir.join(format!("{name}.elf"));
    let hunk = out_dir.join(name);
    run_tool(
        Command::new("m68k-linux-gnu-gcc")
            .arg(cpu)
            .arg("-I")
            .arg(out_dir)
            .args(["-c", "-o"])
            .arg(&obj)
            .arg(source_dir().join(src)),
        "m68k-linux-gnu-gcc (Debian package gcc-m68k-linux-gnu)",
    )?;
    run_tool(
        Command::new("m68k-linux-gnu-ld").args(["--emit-relocs", "-e", "_start", "-o"]).arg(&elf).arg(&obj),
        "m68k-linux-gnu-ld (Debian package binutils-m68k-linux-gnu)",
    )?;
    let elf_bytes = fs::read(&elf).map_err(|e| format!("{}: {e}", elf.display()))?;
    let hunk_bytes = converter(&elf_bytes).map_err(|e| format!("converting {}: {e}", elf.display()))?;
    check_hunk_header(&hunk_bytes).map_err(|e| format!("{name}: converter output: {e}"))?;
    fs::write(&hunk, &hunk_bytes).map_err(|e| format!("{}: {e}", hunk.display()))?;
    Ok(hunk)
}

fn run_tool(cmd: &mut Command, what: &str) -> Result<(), String> {
    let out = cmd.output().map_err(|e| format!("cannot run {what}: {e}"))?;
    if out.status.success() {
        Ok(())
    } else {
        Err(format!("{what} failed ({}):\n{}", out.status, String::from_utf8_lossy(&out.stderr)))
    }
}

/// The first longword of a hunk executable is HUNK_HEADER ($3F3).
pub fn check_hunk_header(b: &[u8]) -> Result<(), String> {
    if b.len() >= 4 && b[..4] == [0, 0, 3, 0xF3] {
        Ok(())
    } else {
        Err("does not start with HUNK_HEADER ($000003F3)".into())
    }
}

/// Value of a symbol in an ELF's symbol table (via the `object` crate).
pub fn elf_symbol(elf: &[u8], wanted: &str) -> Option<u32> {
    use object::{Object, ObjectSymbol};
    let file = object::File::parse(elf).ok()?;
    let sym = file.symbols().find(|s| s.name() == Ok(wanted))?;
    Some(sym.address() as u32)
}
