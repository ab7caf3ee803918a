//! The harness's own m68k helper programs (`tests-uae/native/*.S`):
//! TEST-HARNESS TOOLS, not product code. Built with m68k-linux-gnu-gcc and
//! m68k-linux-gnu-ld, then turned into hunk executables by a converter the
//! caller passes in (normally xtask's ELF->hunk converter).
//!
//! - `ExitEmu`: UAE's ExitEmu trap; the generated Startup-Sequence's last line.
//! - `CrashGuard`: installs a tc_TrapCode that reports a CPU exception on
//!   the serial port and calls ExitEmu; the first line.
//! - `CrashTest`: crashes on purpose (illegal instruction, address error or
//!   divide by zero), for the harness's self-test.

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
    /// Offset of the `illegal` instruction in CrashTest's code hunk: the
    /// expected `pc - seg` of the self-test crash.
    pub crash_test_illegal_offset: u32,
}

/// Sources, relative to `tests-uae/native/`.
pub const SOURCES: [&str; 3] = ["ExitEmu.S", "CrashGuard.S", "CrashTest.S"];

pub fn source_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("native")
}

/// Build the three tools into `out_dir` (created): `<Name>.o`, `<Name>.elf`
/// and the hunk executable `<Name>`.
pub fn build(out_dir: &Path, converter: Converter<'_>) -> Result<NativeTools, String> {
    fs::create_dir_all(out_dir).map_err(|e| format!("{}: {e}", out_dir.display()))?;
    let mut built = Vec::new();
    for src in SOURCES {
        let name = src.trim_end_matches(".S");
        let obj = out_dir.join(format!("{name}.o"));
        let elf = out_dir.join(format!("{name}.elf"));
        let hunk = out_dir.join(name);
        run_tool(
            Command::new("m68k-linux-gnu-gcc")
                .args(["-m68020", "-c", "-o"])
                .arg(&obj)
                .arg(source_dir().join(src)),
            "m68k-linux-gnu-gcc (Debian package gcc-m68k-linux-gnu)",
        )?;
        run_tool(
            Command::new("m68k-linux-gnu-ld")
                .args(["--emit-relocs", "-e", "_start", "-o"])
                .arg(&elf)
                .arg(&obj),
            "m68k-linux-gnu-ld (Debian package binutils-m68k-linux-gnu)",
        )?;
        let elf_bytes = fs::read(&elf).map_err(|e| format!("{}: {e}", elf.display()))?;
        let hunk_bytes = converter(&elf_bytes).map_err(|e| format!("converting {}: {e}", elf.display()))?;
        check_hunk_header(&hunk_bytes).map_err(|e| format!("{name}: converter output: {e}"))?;
        fs::write(&hunk, &hunk_bytes).map_err(|e| format!("{}: {e}", hunk.display()))?;
        built.push(hunk);
    }
    let test_elf = fs::read(out_dir.join("CrashTest.elf")).map_err(|e| e.to_string())?;
    let start = elf_symbol(&test_elf, "_start").ok_or("CrashTest.elf: no _start")?;
    let illegal = elf_symbol(&test_elf, "crash_illegal").ok_or("CrashTest.elf: no crash_illegal")?;
    Ok(NativeTools {
        dir: out_dir.to_path_buf(),
        exit_emu: built[0].clone(),
        crash_guard: built[1].clone(),
        crash_test: built[2].clone(),
        crash_test_illegal_offset: illegal - start,
    })
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

/// A converter that runs an external command `program args.. <in.elf> <out>`
/// (e.g. `cargo xtask elf2hunk`), using `scratch` for the two files.
pub fn command_converter(program: String, args: Vec<String>, scratch: PathBuf) -> impl Fn(&[u8]) -> Result<Vec<u8>, String> {
    move |elf: &[u8]| {
        fs::create_dir_all(&scratch).map_err(|e| e.to_string())?;
        let input = scratch.join("convert-in.elf");
        let output = scratch.join("convert-out.hunk");
        fs::write(&input, elf).map_err(|e| e.to_string())?;
        let _ = fs::remove_file(&output);
        let out = Command::new(&program)
            .args(&args)
            .arg(&input)
            .arg(&output)
            .output()
            .map_err(|e| format!("cannot run {program}: {e}"))?;
        if !out.status.success() {
            return Err(format!(
                "{program} {} failed ({}): {}",
                args.join(" "),
                out.status,
                String::from_utf8_lossy(&out.stderr).trim()
            ));
        }
        fs::read(&output).map_err(|e| format!("{}: {e}", output.display()))
    }
}

// ---------------------------------------------------------------------------
// Minimal ELF32 big-endian reading, enough for the tools above.

struct Section<'a> {
    name: &'a str,
    kind: u32,
    flags: u32,
    addr: u32,
    data: &'a [u8],
    link: u32,
}

fn be16(b: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_be_bytes(b.get(at..at + 2)?.try_into().ok()?))
}
fn be32(b: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_be_bytes(b.get(at..at + 4)?.try_into().ok()?))
}

fn sections(elf: &[u8]) -> Option<Vec<Section<'_>>> {
    if elf.get(..6)? != [0x7F, b'E', b'L', b'F', 1, 2] {
        return None; // not ELF32 big-endian
    }
    let shoff = be32(elf, 0x20)? as usize;
    let shentsize = be16(elf, 0x2E)? as usize;
    let shnum = be16(elf, 0x30)? as usize;
    let shstrndx = be16(elf, 0x32)? as usize;
    let raw = |i: usize| -> Option<(u32, u32, u32, u32, u32, u32, u32)> {
        let h = shoff + i * shentsize;
        Some((be32(elf, h)?, be32(elf, h + 4)?, be32(elf, h + 8)?, be32(elf, h + 12)?, be32(elf, h + 16)?, be32(elf, h + 20)?, be32(elf, h + 24)?))
    };
    let (_, _, _, _, str_off, str_size, _) = raw(shstrndx)?;
    let strtab = elf.get(str_off as usize..(str_off + str_size) as usize)?;
    let mut out = Vec::new();
    for i in 0..shnum {
        let (name_off, kind, flags, addr, off, size, link) = raw(i)?;
        let name_bytes = strtab.get(name_off as usize..)?;
        let end = name_bytes.iter().position(|&c| c == 0)?;
        let name = std::str::from_utf8(&name_bytes[..end]).ok()?;
        let data = if kind == 8 { &[][..] } else { elf.get(off as usize..(off + size) as usize)? };
        out.push(Section { name, kind, flags, addr, data, link });
    }
    Some(out)
}

/// Value of a symbol in the ELF's symbol table.
pub fn elf_symbol(elf: &[u8], wanted: &str) -> Option<u32> {
    let secs = sections(elf)?;
    let symtab = secs.iter().find(|s| s.kind == 2)?;
    let strtab = secs.get(symtab.link as usize)?.data;
    for sym in symtab.data.chunks_exact(16) {
        let name_off = be32(sym, 0)? as usize;
        let rest = strtab.get(name_off..)?;
        let end = rest.iter().position(|&c| c == 0)?;
        if &rest[..end] == wanted.as_bytes() {
            return be32(sym, 4);
        }
    }
    None
}

/// BOOTSTRAP ONLY, not the project's ELF->hunk converter: wraps the `.text`
/// of a relocation-free, data-free ELF (exactly what the three tools above
/// are) into a one-hunk executable (HUNK_HEADER, HUNK_CODE, HUNK_END).
/// Refuses anything else. It lets the harness test itself before/without
/// xtask's converter; `cargo xtask uae-test` passes the real one.
pub fn flat_code_converter(elf: &[u8]) -> Result<Vec<u8>, String> {
    let secs = sections(elf).ok_or("not a readable ELF32 big-endian file")?;
    if let Some(r) = secs.iter().find(|s| (s.kind == 4 || s.kind == 9) && !s.data.is_empty()) {
        return Err(format!("has relocations ({}); use the real converter", r.name));
    }
    let alloc: Vec<&Section> = secs.iter().filter(|s| s.flags & 2 != 0 && !s.data.is_empty()).collect();
    let [text] = alloc.as_slice() else {
        return Err(format!(
            "needs exactly one allocated section, found {:?}",
            alloc.iter().map(|s| s.name).collect::<Vec<_>>()
        ));
    };
    if text.name != ".text" || text.kind != 1 {
        return Err(format!("the only allocated section is {}, not .text", text.name));
    }
    let entry = be32(elf, 0x18).ok_or("short ELF header")?;
    if entry != text.addr {
        return Err(format!("entry ${entry:08X} is not the start of .text (${:08X})", text.addr));
    }
    let mut code = text.data.to_vec();
    while code.len() % 4 != 0 {
        code.push(0);
    }
    let n = (code.len() / 4) as u32;
    let mut out = Vec::new();
    for w in [0x3F3u32, 0, 1, 0, 0, n, 0x3E9, n] {
        out.extend_from_slice(&w.to_be_bytes());
    }
    out.extend_from_slice(&code);
    out.extend_from_slice(&0x3F2u32.to_be_bytes());
    Ok(out)
}
