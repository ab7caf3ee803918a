//! ELF -> AmigaOS hunk executable converter.
//!
//! Our own converter: no library turns a linked m68k ELF into a hunk
//! executable, so the project writes it (docs/reference/toolchain.md).
//!
//! Input: a big-endian m68k `ET_EXEC` from `m68k-linux-gnu-ld --emit-relocs`,
//! so every relocation the linker applied is still listed in `.rela.*`.
//! Output (AmigaDOS Manual, hunk format; names from NDK `dos/doshunks.h`),
//! every number a big-endian longword, sizes in longwords:
//!
//! ```text
//! HUNK_HEADER 0 n 0 n-1 size[0] .. size[n-1]
//! HUNK_CODE  size bytes..  [HUNK_RELOC32 ..] [HUNK_SYMBOL ..] HUNK_END
//! HUNK_DATA  stored bytes.. [HUNK_RELOC32 ..] [HUNK_SYMBOL ..] HUNK_END
//! HUNK_BSS   size                            [HUNK_SYMBOL ..] HUNK_END
//! ```
//!
//! Grouping (a choice): allocated sections that are executable *or read-only*
//! (`.text`, `.rodata`, `.eh_frame`) form the code hunk, writable PROGBITS the
//! data hunk, NOBITS the BSS hunk; an empty group is left out. Read-only data
//! stays with the code because ld lays both out in one segment and resolves
//! PC-relative references between them (libgcc's `.eh_frame` has
//! `R_68K_PC32` into `.text`); a separate hunk would break those. The
//! output section `.gs_linear` (wasm linear memory with its data segments in
//! place, [`crate::w2cpost::LINEAR_SECTION`]) is a data hunk of its own, so
//! that linear memory starts a hunk and is as aligned as the loader makes a
//! hunk (8 bytes).
//!
//! A data hunk's block in the file stores its bytes only up to its last
//! non-zero or relocated longword; the header gives the whole size. LoadSeg
//! allocates the header's size and clears what the block does not fill
//! (NDK dos.library autodoc, InternalLoadSeg, V36: "Clears unused portions
//! of Code and Data hunks (as well as BSS hunks)"; AROS
//! `rom/dos/internalloadseg_aos.c` allocates every hunk `MEMF_CLEAR`), so a
//! mostly zero linear memory costs the file only its initialised part.
//!
//! Inside a hunk each section keeps its linked distance from the hunk base,
//! so PC-relative references within a hunk (already resolved by ld) stay
//! right; gaps are zero. LoadSeg puts a hunk at a longword-aligned address
//! (AllocMem blocks are 8-byte aligned, `exec/memory.h` MEM_BLOCKSIZE), so the
//! data/BSS base is the group start rounded down to a longword, and the code
//! group must start on a longword because `_start` is its first byte. The
//! groups must not interleave in the address space (linker-script rule).
//!
//! Every `R_68K_32` becomes a `HUNK_RELOC32` entry: the target is S + A from
//! the relocation, its hunk comes from the symbol's section (so `_end`, one
//! past `.bss`, stays in the BSS hunk), and the longword is rewritten to
//! `S + A - target hunk base` (LoadSeg adds the hunk's load address).
//! The longword ld wrote must equal S + A (a cross-check of the emitted
//! relocations). PC-relative relocations within one hunk are skipped; across
//! hunks, and every other type, they are errors. With GCC 12
//! `-ffunction-sections` the linker script must place `_start` first itself:
//! GCC does not emit functions in source order.

#![cfg_attr(not(test), allow(dead_code))] // until the build pipeline calls it

use crate::codeparts::{self, File};
use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::path::Path;
use std::process::Command;

use object::elf;
use object::read::elf::{FileHeader, SectionHeader, SectionTable, Sym, SymbolTable};
use object::read::{SectionIndex, SymbolIndex};
use object::BigEndian;

type Elf = elf::FileHeader32<BigEndian>;

/// The block types (`dos/doshunks.h`), defined once in the NDK crate.
pub use amiga_ndk::dos::{HUNK_BSS, HUNK_CODE, HUNK_DATA, HUNK_END, HUNK_HEADER, HUNK_RELOC32, HUNK_SYMBOL};

/// What [`elf_to_hunk`] adds beyond the loadable image.
#[derive(Debug, Clone, Default)]
pub struct HunkOptions {
    /// Emit a `HUNK_SYMBOL` block per hunk with its `STT_FUNC`/`STT_OBJECT`
    /// symbols (values in bytes from the hunk start), for debuggers.
    pub symbols: bool,
}

/// A converted executable.
#[derive(Debug, Clone)]
pub struct HunkImage {
    /// The whole hunk file.
    pub bytes: Vec<u8>,
    /// Size of the `HUNK_CODE` hunks together in bytes (a multiple of 4).
    pub code_size: u32,
    /// Size of each `HUNK_CODE` hunk in bytes, in hunk order: the first
    /// holds `_start`, the native runtime and the read-only data, the
    /// others the code parts (codeparts.rs).
    pub code_hunks: Vec<u32>,
    /// Bytes of those code hunks that are start code (`.gs_init.<n>`, the
    /// file's last hunks), freed once the start has run (amiga_rt::init).
    pub init_size: u32,
    /// The ELF address of each hunk's first byte, in hunk order (what a
    /// hunk number and an offset in it were in the ELF file).
    pub hunk_bases: Vec<u32>,
    /// Size of the `HUNK_DATA` hunk in bytes (0 if left out).
    pub data_size: u32,
    /// Size of the linear memory hunk (a `HUNK_DATA` of its own) in bytes
    /// (0 if left out).
    pub linear_size: u32,
    /// Bytes of it stored in the file (up to its last non-zero longword);
    /// the loader clears the rest.
    pub linear_stored: u32,
    /// Size of the `HUNK_BSS` hunk in bytes (0 if left out).
    pub bss_size: u32,
    /// Number of `HUNK_RELOC32` entries over all hunks.
    pub reloc_count: usize,
}

/// Why an ELF file cannot become a hunk executable. Every message names the
/// section, symbol or relocation type at fault.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HunkError {
    /// Not a 32-bit big-endian m68k `ET_EXEC` with a symbol table, or malformed.
    BadElf(String),
    /// The sections cannot be grouped into hunks (TLS, dynamic linking,
    /// interleaved groups, misaligned or missing code).
    Layout(String),
    /// The ELF entry point is not the first byte of the code hunk.
    EntryNotFirst {
        /// `e_entry`.
        entry: u32,
        /// Address of the code hunk's first byte.
        code_start: u32,
        /// Symbol (or section) found at `code_start`.
        first: String,
    },
    /// A relocation type this converter does not turn into hunk relocations.
    UnsupportedReloc {
        /// e.g. `R_68K_16`.
        r_type: String,
        /// Section, offset, address and file offset of the relocated field.
        site: String,
        /// Symbol the relocation refers to.
        symbol: String,
    },
    /// A PC-relative relocation between two hunks, whose distance changes
    /// when LoadSeg places the hunks independently.
    PcRelAcrossHunks {
        /// e.g. `R_68K_PC32`.
        r_type: String,
        /// Section, offset, address and file offset of the relocated field.
        site: String,
        /// Symbol the relocation refers to.
        symbol: String,
        /// Hunk kind of the field and of the target (`code`, `data`, `bss`).
        from: &'static str,
        /// Hunk kind of the target.
        to: &'static str,
    },
    /// Any other relocation that cannot be converted.
    BadReloc {
        /// Relocation type name.
        r_type: String,
        /// Section, offset, address and file offset of the relocated field.
        site: String,
        /// Symbol the relocation refers to.
        symbol: String,
        /// What is wrong.
        reason: String,
    },
}

impl fmt::Display for HunkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HunkError::BadElf(m) => write!(f, "not a usable m68k ELF executable: {m}"),
            HunkError::Layout(m) => write!(f, "cannot lay out hunks: {m}"),
            HunkError::EntryNotFirst { entry, code_start, first } => write!(
                f,
                "entry point 0x{entry:08x} is not the first byte of the code hunk \
                 (0x{code_start:08x}, `{first}`); the linker script must put `_start` first"
            ),
            HunkError::UnsupportedReloc { r_type, site, symbol } => write!(
                f,
                "unsupported relocation {r_type} at {site} against `{symbol}` \
                 (only R_68K_32 and same-hunk R_68K_PC32/PC16/PC8 are possible)"
            ),
            HunkError::PcRelAcrossHunks { r_type, site, symbol, from, to } => write!(
                f,
                "{r_type} at {site} against `{symbol}` goes from the {from} hunk to the {to} \
                 hunk; PC-relative references cannot cross hunks"
            ),
            HunkError::BadReloc { r_type, site, symbol, reason } => {
                write!(f, "{r_type} at {site} against `{symbol}`: {reason}")
            }
        }
    }
}

impl std::error::Error for HunkError {}

fn bad(e: impl fmt::Display) -> HunkError {
    HunkError::BadElf(e.to_string())
}

/// Converts a linked m68k ELF executable to an AmigaOS hunk executable.
///
/// Fails with a [`HunkError`] naming the section, symbol or relocation type
/// when the file cannot be represented faithfully.
pub fn elf_to_hunk(elf: &[u8], opts: &HunkOptions) -> Result<HunkImage, HunkError> {
    Ok(elf_to_hunks(elf, opts, None)?.0)
}

/// What [`elf_to_hunks`] needs to write a program's parts loaded on
/// demand (part.rs; docs/design/parts.md): part k's ELF sections are
/// `.gs_part<k>.<n>`, its exports `exports[k]`.
#[derive(Debug, Clone)]
pub struct PartLinks<'a> {
    /// The program's function that a table entry for a part function holds
    /// until its part is loaded (runtime.c `gs_part_absent`).
    pub absent: &'a str,
    /// The build identity the program and every part carry (part.rs
    /// `build_id`).
    pub id: [u8; amiga_rt::part::BUILD_ID_BYTES as usize],
    /// Per part, the table entries it fills: (table index, function symbol).
    pub exports: Vec<&'a [(u32, String)]>,
}

/// A part file, converted.
#[derive(Debug, Clone)]
pub struct PartImage {
    /// The whole hunk file: the code hunks, then the header (`HUNK_DATA`).
    pub bytes: Vec<u8>,
    /// Size of each code hunk in bytes, in order.
    pub code_hunks: Vec<u32>,
    /// Bytes of the header hunk.
    pub header_size: u32,
    /// References from the part into the program (the runtime makes
    /// them addresses when it loads the part).
    pub imports: usize,
    /// Table entries the part fills.
    pub exports: usize,
}

/// As [`elf_to_hunk`]; with `links`, part k's `.gs_part<k>.<n>`
/// sections become a file of their own, whose references into the
/// program are listed in its header (the program's reference from code
/// to a part function is an error, and so is a part's to another part's;
/// from data, a table initialiser's, it becomes `absent` and one of the
/// part's exports). The part images are in `links.exports`' order.
pub fn elf_to_hunks(
    elf: &[u8],
    opts: &HunkOptions,
    links: Option<&PartLinks<'_>>,
) -> Result<(HunkImage, Vec<PartImage>), HunkError> {
    let input = Input::parse(elf)?;
    let mut hunks = input.layout()?;
    input.check_entry(&hunks)?;
    let redirected = input.relocate(&mut hunks, links)?;
    if opts.symbols {
        input.collect_symbols(&mut hunks)?;
    }
    let program: Vec<&Hunk> = hunks.list.iter().filter(|h| !matches!(h.file, File::Part(_))).collect();
    let size_of = |k: Kind| program.iter().find(|h| h.kind == k).map_or(0, |h| h.size);
    let code_hunks: Vec<u32> = program.iter().filter(|h| h.kind == Kind::Code).map(|h| h.size).collect();
    let image = HunkImage {
        bytes: emit(program.iter().copied()),
        code_size: code_hunks.iter().sum(),
        code_hunks,
        init_size: program.iter().filter(|h| h.file == File::Init).map(|h| h.size).sum(),
        hunk_bases: program.iter().map(|h| h.base).collect(),
        data_size: size_of(Kind::Data),
        linear_size: size_of(Kind::Linear),
        linear_stored: program.iter().find(|h| h.kind == Kind::Linear).map_or(0, |h| h.stored()),
        bss_size: size_of(Kind::Bss),
        reloc_count: program.iter().flat_map(|h| h.relocs.values()).map(Vec::len).sum(),
    };
    let count = links.map_or(0, |l| l.exports.len());
    if let Some(h) = hunks.list.iter().find(|h| matches!(h.file, File::Part(k) if k >= count)) {
        return Err(HunkError::Layout(format!("code of {:?}, but {count} parts to write", h.file)));
    }
    let parts = match links {
        Some(l) => (0..count).map(|k| input.part_file(&hunks, k, l, &redirected)).collect::<Result<Vec<_>, _>>()?,
        None => Vec::new(),
    };
    Ok((image, parts))
}

/// Runs `amiga-toolchain/py/validate_hunk.py <path>` (amitools
/// `HunkReader`) with `python`, the project's amitools venv's. Returns its
/// one-line summary, or its complaint (including what to install when the
/// venv or amitools is missing: `cargo xtask amiga` creates it).
pub fn validate_with_amitools(path: &Path, python: &Path) -> Result<String, String> {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("py/validate_hunk.py");
    let out = Command::new(python).arg(&script).arg(path).output().map_err(|e| {
        format!("cannot run {} ({e}): run `cargo xtask amiga` once, it installs amitools", python.display())
    })?;
    let stdout = String::from_utf8_lossy(&out.stdout).trim().to_string();
    if out.status.success() {
        Ok(stdout)
    } else {
        Err(format!("{stdout}\n{}", String::from_utf8_lossy(&out.stderr)).trim().to_string())
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Code,
    Data,
    /// Linear memory: the output section `.gs_linear`, a `HUNK_DATA` of its own.
    Linear,
    Bss,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Code => "code",
            Kind::Data => "data",
            Kind::Linear => "linear memory",
            Kind::Bss => "bss",
        }
    }
}

/// One output hunk.
struct Hunk {
    kind: Kind,
    /// The file it goes to; the program's hunks come first in the list.
    file: File,
    /// ELF address of hunk offset 0.
    base: u32,
    /// Bytes, a multiple of 4.
    size: u32,
    /// Contents (empty for BSS).
    bytes: Vec<u8>,
    /// Target hunk number -> offsets (bytes) of longwords to relocate.
    relocs: BTreeMap<usize, Vec<u32>>,
    /// A part's hunk: the program's hunk number -> offsets (bytes) of
    /// longwords that hold an offset in that hunk (the part's imports).
    imports: BTreeMap<usize, Vec<u32>>,
    /// (offset in bytes, name).
    symbols: Vec<(u32, String)>,
}

impl Hunk {
    /// Bytes the file stores: all of a code hunk; a data hunk up to its
    /// last non-zero or relocated longword (the loader clears the rest).
    fn stored(&self) -> u32 {
        if self.kind == Kind::Code {
            return self.size;
        }
        let nonzero = self.bytes.chunks(4).rposition(|l| l.iter().any(|&b| b != 0)).map_or(0, |i| 4 * i as u32 + 4);
        let relocated = self.relocs.values().flatten().map(|&o| o + 4).max().unwrap_or(0);
        nonzero.max(relocated)
    }
}

struct Hunks {
    list: Vec<Hunk>,
    /// Section index -> hunk number, for allocated sections.
    of_section: Vec<Option<usize>>,
}

impl Hunks {
    /// The hunk whose address range holds `addr`, or which `addr` ends.
    fn at(&self, addr: u32) -> Option<usize> {
        let inside = |h: &Hunk| addr >= h.base && addr - h.base < h.size;
        let ends = |h: &Hunk| addr >= h.base && addr - h.base == h.size;
        self.list.iter().position(inside).or_else(|| self.list.iter().position(ends))
    }
}

enum Target {
    Hunk(usize),
    Absolute,
}

struct Input<'a> {
    data: &'a [u8],
    e: BigEndian,
    header: &'a Elf,
    sections: SectionTable<'a, Elf>,
}

impl<'a> Input<'a> {
    fn parse(data: &'a [u8]) -> Result<Self, HunkError> {
        let header = Elf::parse(data).map_err(|e| bad(format!("not a 32-bit ELF: {e}")))?;
        let e = header.endian().map_err(|_| bad("not big-endian"))?;
        if header.e_machine(e) != elf::EM_68K {
            return Err(bad(format!("e_machine is {}, not EM_68K", header.e_machine(e))));
        }
        if header.e_type(e) != elf::ET_EXEC {
            return Err(bad(format!(
                "e_type is {}, not ET_EXEC (link a static, non-PIE executable)",
                header.e_type(e)
            )));
        }
        let sections = header.sections(e, data).map_err(bad)?;
        Ok(Input { data, e, header, sections })
    }

    fn sh(&self, i: usize) -> &'a elf::SectionHeader32<BigEndian> {
        self.sections.section(SectionIndex(i)).expect("index from the section table")
    }

    fn name(&self, i: usize) -> String {
        let n = self.sections.section_name(self.e, self.sh(i)).unwrap_or(b"?");
        String::from_utf8_lossy(n).into_owned()
    }

    /// `.text+0x1a (address 0x8000009a, file offset 0x9a)`.
    fn site(&self, i: usize, addr: u32) -> String {
        let sh = self.sh(i);
        let off = addr.wrapping_sub(sh.sh_addr(self.e));
        let file = sh.sh_offset(self.e).wrapping_add(off);
        format!("{}+0x{off:x} (address 0x{addr:08x}, file offset 0x{file:x})", self.name(i))
    }

    fn layout(&self) -> Result<Hunks, HunkError> {
        let e = self.e;
        // The groups in hunk order: code (hunk 0), the code parts, data,
        // linear memory, BSS; each is one hunk.
        let mut groups: [Vec<usize>; 4] = Default::default();
        let mut parts: Vec<usize> = Vec::new();
        let mut part_files: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
        let mut init: Vec<usize> = Vec::new();
        let mut empty = Vec::new();
        for (SectionIndex(i), sh) in self.sections.enumerate() {
            let flags = sh.sh_flags(e);
            if flags & elf::SHF_ALLOC == 0 {
                continue;
            }
            if flags & elf::SHF_TLS != 0 {
                return Err(HunkError::Layout(format!("thread-local section `{}` is not supported", self.name(i))));
            }
            if matches!(
                sh.sh_type(e),
                elf::SHT_DYNAMIC | elf::SHT_DYNSYM | elf::SHT_REL | elf::SHT_RELA | elf::SHT_HASH | elf::SHT_GNU_HASH
            ) {
                return Err(HunkError::Layout(format!(
                    "dynamic-linking section `{}`: link a static, non-PIE executable",
                    self.name(i)
                )));
            }
            let kind = if sh.sh_type(e) == elf::SHT_NOBITS {
                Kind::Bss
            } else if flags & elf::SHF_EXECINSTR != 0 || flags & elf::SHF_WRITE == 0 {
                Kind::Code
            } else if self.name(i) == crate::w2cpost::LINEAR_SECTION {
                Kind::Linear
            } else {
                Kind::Data
            };
            let code_part = codeparts::section_file(&self.name(i)).filter(|_| kind == Kind::Code);
            if sh.sh_size(e) == 0 {
                empty.push((i, kind));
            } else if let Some((file, _)) = code_part {
                match file {
                    File::Program => parts.push(i),
                    File::Part(k) => part_files.entry(k).or_default().push(i),
                    File::Init => init.push(i),
                }
            } else {
                groups[kind as usize].push(i);
            }
        }
        if groups[Kind::Code as usize].is_empty() {
            return Err(HunkError::Layout("no executable or read-only section: no code hunk".into()));
        }
        parts.sort_by_key(|&i| self.sh(i).sh_addr(e));
        part_files.values_mut().for_each(|p| p.sort_by_key(|&i| self.sh(i).sh_addr(e)));
        init.sort_by_key(|&i| self.sh(i).sh_addr(e));
        let [code, data, linear, bss] = groups;
        let program = File::Program;
        let mut ordered: Vec<(Kind, File, Vec<usize>)> = vec![(Kind::Code, program, code)];
        ordered.extend(parts.into_iter().map(|i| (Kind::Code, program, vec![i])));
        ordered.extend([(Kind::Data, program, data), (Kind::Linear, program, linear), (Kind::Bss, program, bss)]);
        // The start code last, so that freeing it renumbers no other hunk.
        ordered.extend(init.into_iter().map(|i| (Kind::Code, File::Init, vec![i])));
        for (k, members) in part_files {
            ordered.extend(members.into_iter().map(|i| (Kind::Code, File::Part(k), vec![i])));
        }
        ordered.retain(|(_, _, members)| !members.is_empty());
        let span = |i: usize| {
            let (a, s) = (self.sh(i).sh_addr(e), self.sh(i).sh_size(e));
            (a, a.checked_add(s))
        };

        for (_, _, members) in ordered.iter_mut() {
            members.sort_by_key(|&i| self.sh(i).sh_addr(e));
        }

        let mut hunks = Hunks { list: Vec::new(), of_section: vec![None; self.sections.len()] };
        for (g, (kind, file, members)) in ordered.iter().enumerate() {
            let kind = *kind;
            let start = span(members[0]).0;
            let end = members.iter().try_fold(start, |m, &i| span(i).1.map(|x| m.max(x)));
            let end = end.ok_or_else(|| HunkError::Layout(format!("{} group runs past 0xffffffff", kind.name())))?;
            for (other_g, (other_kind, _, others)) in ordered.iter().enumerate() {
                for &other in others.iter().filter(|_| other_g != g) {
                    let (a, a_end) = span(other);
                    if a < end && a_end.is_none_or(|x| x > start) {
                        return Err(HunkError::Layout(format!(
                            "`{}` ({} group) lies inside the {} group 0x{start:08x}..0x{end:08x} \
                             starting with `{}`; the linker script must keep the groups apart",
                            self.name(other),
                            other_kind.name(),
                            kind.name(),
                            self.name(members[0])
                        )));
                    }
                }
            }
            let base = if kind == Kind::Code || kind == Kind::Linear {
                // `_start`, a code part's first function, and linear
                // memory are the hunk's first byte.
                if start % 4 != 0 {
                    return Err(HunkError::Layout(format!(
                        "{} starts at 0x{start:08x} (`{}`), not on a longword boundary",
                        kind.name(),
                        self.name(members[0])
                    )));
                }
                start
            } else {
                start & !3
            };
            let size = (end - base).next_multiple_of(4);
            let mut bytes = Vec::new();
            if kind != Kind::Bss {
                bytes.resize(size as usize, 0);
                for &i in members.iter() {
                    let sh = self.sh(i);
                    let content = sh.data(e, self.data).map_err(bad)?;
                    if content.len() != sh.sh_size(e) as usize {
                        return Err(bad(format!("section `{}` is truncated", self.name(i))));
                    }
                    let at = (sh.sh_addr(e) - base) as usize;
                    bytes[at..at + content.len()].copy_from_slice(content);
                }
            }
            for &i in members.iter() {
                hunks.of_section[i] = Some(g);
            }
            hunks.list.push(Hunk {
                kind,
                file: *file,
                base,
                size,
                bytes,
                relocs: BTreeMap::new(),
                imports: BTreeMap::new(),
                symbols: Vec::new(),
            });
        }
        // Zero-size sections (e.g. an empty `.data` holding `_edata`) belong
        // to the hunk of their kind at their address, if there is one.
        for (i, kind) in empty {
            let h = hunks.at(self.sh(i).sh_addr(e));
            hunks.of_section[i] = h.filter(|&h| hunks.list[h].kind == kind);
        }
        Ok(hunks)
    }

    fn check_entry(&self, hunks: &Hunks) -> Result<(), HunkError> {
        let entry = self.header.e_entry(self.e);
        let code = &hunks.list[0];
        if entry == code.base {
            return Ok(());
        }
        let first = self
            .symbols()
            .ok()
            .and_then(|t| {
                t.iter()
                    .filter(|s| s.st_value(self.e) == code.base && s.st_type() == elf::STT_FUNC)
                    .find_map(|s| s.name(self.e, t.strings()).ok())
                    .map(|n| String::from_utf8_lossy(n).into_owned())
            })
            .unwrap_or_else(|| {
                let i = hunks.of_section.iter().position(|&h| h == Some(0)).unwrap_or(0);
                self.name(i)
            });
        Err(HunkError::EntryNotFirst { entry, code_start: code.base, first })
    }

    fn symbols(&self) -> Result<SymbolTable<'a, Elf>, HunkError> {
        let t = self.sections.symbols(self.e, self.data, elf::SHT_SYMTAB).map_err(bad)?;
        if t.is_empty() {
            return Err(bad("no symbol table (stripped?)"));
        }
        Ok(t)
    }

    /// Name of symbol `r_sym` (a section symbol is named after its section).
    fn sym_name(&self, t: &SymbolTable<'a, Elf>, r_sym: u32) -> String {
        let Ok(sym) = t.symbol(SymbolIndex(r_sym as usize)) else {
            return format!("symbol #{r_sym}");
        };
        match sym.name(self.e, t.strings()) {
            Ok(n) if !n.is_empty() => String::from_utf8_lossy(n).into_owned(),
            _ => match t.symbol_section(self.e, sym, SymbolIndex(r_sym as usize)) {
                Ok(Some(SectionIndex(i))) => self.name(i),
                _ => format!("symbol #{r_sym}"),
            },
        }
    }

    /// Value and hunk of symbol `r_sym`; `Err` is the reason it has none.
    fn resolve(&self, t: &SymbolTable<'a, Elf>, r_sym: u32, hunks: &Hunks) -> Result<(u32, Target), String> {
        if r_sym == 0 {
            return Ok((0, Target::Absolute));
        }
        let index = SymbolIndex(r_sym as usize);
        let sym = t.symbol(index).map_err(|e| e.to_string())?;
        let value = sym.st_value(self.e);
        match sym.st_shndx(self.e) {
            elf::SHN_ABS => Ok((value, Target::Absolute)),
            elf::SHN_UNDEF if sym.is_weak() => Ok((value, Target::Absolute)),
            elf::SHN_UNDEF => Err("undefined symbol".into()),
            elf::SHN_COMMON => Err("common symbol not allocated by the linker".into()),
            _ => {
                let i = match t.symbol_section(self.e, sym, index) {
                    Ok(Some(SectionIndex(i))) => i,
                    _ => return Err("symbol has no valid section".into()),
                };
                match hunks.of_section.get(i).copied().flatten() {
                    Some(h) => Ok((value, Target::Hunk(h))),
                    None => Err(format!("symbol is in `{}`, which is not loaded", self.name(i))),
                }
            }
        }
    }

    /// Turns the ELF's relocations into each hunk's; with `parts`, also
    /// the parts' imports. Returns the part functions' addresses that the
    /// program's data referred to (each now `absent`), with their part.
    fn relocate(&self, hunks: &mut Hunks, links: Option<&PartLinks<'_>>) -> Result<Vec<(usize, u32)>, HunkError> {
        let e = self.e;
        let mut saw_relocations = false;
        let mut redirected = Vec::new();
        let absent = match links {
            Some(link) => {
                let (value, section) = self
                    .function(link.absent)?
                    .ok_or_else(|| bad(format!("no function `{}` for a part's absent functions", link.absent)))?;
                match hunks.of_section.get(section).copied().flatten() {
                    Some(h) if hunks.list[h].file == File::Program => Some((value, h)),
                    _ => return Err(bad(format!("`{}` is not in the program's hunks", link.absent))),
                }
            }
            None => None,
        };
        for (SectionIndex(ri), rsh) in self.sections.enumerate() {
            let kind = rsh.sh_type(e);
            if kind != elf::SHT_RELA && kind != elf::SHT_REL {
                continue;
            }
            let src = rsh.sh_info(e) as usize;
            let src_sh = self.sections.section(SectionIndex(src)).map_err(bad)?;
            if src_sh.sh_flags(e) & elf::SHF_ALLOC == 0 {
                continue; // debug information
            }
            saw_relocations = true;
            if kind == elf::SHT_REL {
                return Err(bad(format!("`{}` is SHT_REL; m68k uses SHT_RELA", self.name(ri))));
            }
            let (relas, link) = rsh.rela(e, self.data).map_err(bad)?.expect("SHT_RELA");
            let t = self.sections.symbol_table_by_index(e, self.data, link).map_err(bad)?;
            for r in relas {
                let (r_type, r_sym) = (r.r_type(e), r.r_sym(e));
                let place = r.r_offset.get(e);
                let addend = r.r_addend.get(e) as u32;
                let err = |reason: String| HunkError::BadReloc {
                    r_type: reloc_name(r_type),
                    site: self.site(src, place),
                    symbol: self.sym_name(&t, r_sym),
                    reason,
                };
                let width = match r_type {
                    elf::R_68K_NONE => continue,
                    elf::R_68K_32 | elf::R_68K_PC32 => 4,
                    elf::R_68K_PC16 => 2,
                    elf::R_68K_PC8 => 1,
                    _ => {
                        return Err(HunkError::UnsupportedReloc {
                            r_type: reloc_name(r_type),
                            site: self.site(src, place),
                            symbol: self.sym_name(&t, r_sym),
                        })
                    }
                };
                let (addr, size) = (src_sh.sh_addr(e), src_sh.sh_size(e));
                if place < addr || place - addr + width > size {
                    return Err(err(format!("field lies outside `{}`", self.name(src))));
                }
                let Some(h) = hunks.of_section[src] else {
                    return Err(err(format!("`{}` is not loaded", self.name(src))));
                };
                let (value, target) = self.resolve(&t, r_sym, hunks).map_err(&err)?;
                let s_a = value.wrapping_add(addend);
                if r_type != elf::R_68K_32 {
                    match target {
                        Target::Hunk(to) if to == h => continue, // resolved by ld
                        Target::Hunk(to) => {
                            // A call or jump into another code hunk (a code
                            // part) becomes absolute, relocated below as an
                            // R_68K_32; any other reference cannot.
                            let off = (place - hunks.list[h].base) as usize;
                            // Only in instructions: there the word before a
                            // PC32 field is a long branch's opcode word or a
                            // (d32,PC) extension word, which never reads $61FF
                            // or $60FF (its bit 3 is clear).
                            let in_code = src_sh.sh_flags(e) & elf::SHF_EXECINSTR != 0;
                            let into_code = r_type == elf::R_68K_PC32 && hunks.list[to].kind == Kind::Code;
                            if !(in_code
                                && into_code
                                && long_branch_to_absolute(&mut hunks.list[h].bytes, off, place, s_a))
                            {
                                return Err(HunkError::PcRelAcrossHunks {
                                    r_type: reloc_name(r_type),
                                    site: self.site(src, place),
                                    symbol: self.sym_name(&t, r_sym),
                                    from: hunks.list[h].kind.name(),
                                    to: hunks.list[to].kind.name(),
                                });
                            }
                        }
                        Target::Absolute => return Err(err("PC-relative reference to an absolute address".into())),
                    }
                }
                if hunks.list[h].kind == Kind::Bss {
                    return Err(err("relocation inside a NOBITS section".into()));
                }
                let off = place - hunks.list[h].base;
                let field = &mut hunks.list[h].bytes[off as usize..off as usize + 4];
                let linked = u32::from_be_bytes(field.try_into().expect("4 bytes"));
                if linked != s_a {
                    return Err(err(format!("linked longword 0x{linked:08x} differs from S + A = 0x{s_a:08x}")));
                }
                let mut to = match target {
                    Target::Hunk(to) => to,
                    Target::Absolute => match hunks.at(s_a) {
                        // A real absolute address (e.g. weak undefined = 0) stays as linked.
                        None => continue,
                        Some(x) => {
                            return Err(err(format!(
                                "absolute value 0x{s_a:08x} lies inside the {} hunk; define the \
                                 symbol inside an output section so it is section-relative",
                                hunks.list[x].kind.name()
                            )))
                        }
                    },
                };
                let mut s_a = s_a;
                match (hunks.list[h].file, hunks.list[to].file) {
                    (File::Part(_), File::Init) => {
                        return Err(err("a part refers to the start code, which is freed before any part loads".into()))
                    }
                    (File::Init, File::Part(_)) => {
                        return Err(err("the start code refers to a function of a part".into()))
                    }
                    (File::Part(a), File::Part(b)) if a != b => {
                        return Err(err("a part refers to another part's function directly; they load apart".into()))
                    }
                    _ => {}
                }
                if let (File::Program, File::Part(k)) = (hunks.list[h].file, hunks.list[to].file) {
                    // Only the table's initialiser may name a part function;
                    // until the part is loaded it names `absent`.
                    let in_code = src_sh.sh_flags(e) & elf::SHF_EXECINSTR != 0;
                    let Some((value, stub)) = absent.filter(|_| !in_code) else {
                        return Err(err("the program refers to a function of its part directly; calls into a \
                                        part go through the function table (docs/design/parts.md)"
                            .into()));
                    };
                    redirected.push((k, s_a));
                    (s_a, to) = (value, stub);
                }
                let rel = s_a.wrapping_sub(hunks.list[to].base);
                let field = &mut hunks.list[h].bytes[off as usize..off as usize + 4];
                field.copy_from_slice(&rel.to_be_bytes());
                let to_file = hunks.list[to].file;
                let hunk = &mut hunks.list[h];
                match (hunk.file, to_file) {
                    (File::Part(_), File::Program) => hunk.imports.entry(to).or_default().push(off),
                    _ => hunk.relocs.entry(to).or_default().push(off),
                }
            }
        }
        // Code reaches data and BSS through absolute addresses, so a
        // multi-hunk program without any relocation was linked without them.
        if !saw_relocations && hunks.list.len() > 1 {
            return Err(bad("no `.rela.*` sections for loaded sections: link with --emit-relocs"));
        }
        Ok(redirected)
    }

    /// The value and section of the function symbol `name`; `None` when
    /// there is none.
    fn function(&self, name: &str) -> Result<Option<(u32, usize)>, HunkError> {
        let t = self.symbols()?;
        for (index, sym) in t.enumerate() {
            if sym.st_type() == elf::STT_FUNC && sym.name(self.e, t.strings()).map_err(bad)? == name.as_bytes() {
                if let Ok(Some(SectionIndex(i))) = t.symbol_section(self.e, sym, index) {
                    return Ok(Some((sym.st_value(self.e), i)));
                }
            }
        }
        Ok(None)
    }

    /// Part k's file (its exports `links.exports[k]`): its header (part.rs `header`: the exports found
    /// by their symbols, the imports) and its code hunks. Errors: an
    /// export that is not a part function, or a part function the
    /// program's data named that is no export (or the other way round).
    fn part_file(
        &self,
        hunks: &Hunks,
        k: usize,
        links: &PartLinks<'_>,
        redirected: &[(usize, u32)],
    ) -> Result<PartImage, HunkError> {
        let mine = |h: &Hunk| h.file == File::Part(k);
        let first = hunks.list.iter().position(mine);
        let Some(first) = first else {
            return Err(HunkError::Layout(format!("part {k} without code: no `.gs_part{k}.<n>` section")));
        };
        let end = first + hunks.list[first..].iter().take_while(|h| mine(h)).count();
        let t = self.symbols()?;
        let mut by_name: HashMap<&[u8], u32> = HashMap::new();
        for sym in t.iter().filter(|s| s.st_type() == elf::STT_FUNC) {
            by_name.insert(sym.name(self.e, t.strings()).map_err(bad)?, sym.st_value(self.e));
        }
        let mut exports = Vec::new();
        for (table, name) in links.exports[k] {
            let addr = *by_name
                .get(name.as_bytes())
                .ok_or_else(|| bad(format!("the part's export `{name}` has no symbol")))?;
            // One the program kept (codeparts.rs `placed`) is the program's.
            if let Some(h) = hunks.at(addr).filter(|&h| hunks.list[h].file == File::Part(k)) {
                let offset = addr - hunks.list[h].base;
                exports.push(crate::part::Export { table: *table, hunk: (h - first) as u32, offset });
            }
        }
        let exported: std::collections::HashSet<u32> =
            exports.iter().map(|x| hunks.list[first + x.hunk as usize].base + x.offset).collect();
        let named: std::collections::HashSet<u32> =
            redirected.iter().filter(|(p, _)| *p == k).map(|&(_, a)| a).collect();
        if exported != named {
            return Err(bad(format!(
                "the program's data names {} functions of the part, the table's entries {}: they must be the same",
                named.len(),
                exported.len()
            )));
        }
        let code: Vec<&Hunk> = hunks.list[first..end].iter().collect();
        let imports: Vec<Vec<(u32, Vec<u32>)>> = code
            .iter()
            .map(|h| {
                h.imports
                    .iter()
                    .map(|(&to, offs)| {
                        let mut offs = offs.clone();
                        offs.sort_unstable();
                        (to as u32, offs)
                    })
                    .collect()
            })
            .collect();
        // The start code's hunks are freed before a part loads.
        let program_hunks = hunks.list.iter().filter(|h| h.file == File::Program).count() as u32;
        let sizes: Vec<u32> = code.iter().map(|h| h.size).collect();
        let header = crate::part::header(&links.id, program_hunks, &sizes, &exports, &imports)
            .map_err(|e| HunkError::Layout(e.to_string()))?;
        // The code hunks first (a loadable file starts with code), numbered
        // from 0 in the part's file; the header last.
        let mut file: Vec<Hunk> = Vec::new();
        for h in &code {
            let relocs = h.relocs.iter().map(|(&to, o)| (to - first, o.clone())).collect();
            file.push(Hunk {
                relocs,
                imports: BTreeMap::new(),
                symbols: h.symbols.clone(),
                bytes: h.bytes.clone(),
                ..**h
            });
        }
        let header_size = header.len() as u32;
        file.push(Hunk {
            kind: Kind::Data,
            file: File::Part(k),
            base: 0,
            size: header_size,
            bytes: header,
            relocs: BTreeMap::new(),
            imports: BTreeMap::new(),
            symbols: Vec::new(),
        });
        Ok(PartImage {
            bytes: emit(file.iter()),
            code_hunks: sizes,
            header_size,
            imports: code.iter().flat_map(|h| h.imports.values()).map(Vec::len).sum(),
            exports: exports.len(),
        })
    }

    fn collect_symbols(&self, hunks: &mut Hunks) -> Result<(), HunkError> {
        let t = self.symbols()?;
        for (index, sym) in t.enumerate() {
            if !matches!(sym.st_type(), elf::STT_FUNC | elf::STT_OBJECT) {
                continue;
            }
            let name = sym.name(self.e, t.strings()).map_err(bad)?;
            let Ok(Some(SectionIndex(i))) = t.symbol_section(self.e, sym, index) else {
                continue;
            };
            if let (false, Some(h)) = (name.is_empty(), hunks.of_section.get(i).copied().flatten()) {
                let hunk = &mut hunks.list[h];
                let off = sym.st_value(self.e).wrapping_sub(hunk.base);
                hunk.symbols.push((off, String::from_utf8_lossy(name).into_owned()));
            }
        }
        for h in &mut hunks.list {
            h.symbols.sort();
        }
        Ok(())
    }
}

/// Rewrites the 68020 long branch whose 32-bit displacement is at `off` of
/// `code` (ELF address `place`), as linked to `target`, into its absolute
/// form ([`absolute_form`]) with `target` in the field; false (nothing
/// changed) when the field does not follow such an opcode word or does not
/// hold `target - place`.
fn long_branch_to_absolute(code: &mut [u8], off: usize, place: u32, target: u32) -> bool {
    let Some(at) = off.checked_sub(2).filter(|_| off + 4 <= code.len()) else { return false };
    let linked = u32::from_be_bytes(code[off..off + 4].try_into().expect("4 bytes"));
    let Some(op) = absolute_form([code[at], code[at + 1]]).filter(|_| linked == target.wrapping_sub(place)) else {
        return false;
    };
    code[at..off].copy_from_slice(&op);
    code[off..off + 4].copy_from_slice(&target.to_be_bytes());
    true
}

/// The absolute form of a 68020 long branch whose opcode word is `op`, of
/// the same length (M68000 Family Programmer's Reference Manual): `bsr.l
/// <d32>` ($61FF) is `jsr <abs.l>` ($4EB9), `bra.l <d32>` ($60FF) is `jmp
/// <abs.l>` ($4EF9); the 32-bit field after the opcode word becomes the
/// target's address. `None` for anything else (a conditional branch has
/// no absolute form).
fn absolute_form(op: [u8; 2]) -> Option<[u8; 2]> {
    match op {
        [0x61, 0xFF] => Some([0x4E, 0xB9]),
        [0x60, 0xFF] => Some([0x4E, 0xF9]),
        _ => None,
    }
}

/// `R_68K_*` name of a relocation type (`elf.h`, m68k psABI).
fn reloc_name(t: u32) -> String {
    const NAMES: [&str; 43] = [
        "NONE",
        "32",
        "16",
        "8",
        "PC32",
        "PC16",
        "PC8",
        "GOT32",
        "GOT16",
        "GOT8",
        "GOT32O",
        "GOT16O",
        "GOT8O",
        "PLT32",
        "PLT16",
        "PLT8",
        "PLT32O",
        "PLT16O",
        "PLT8O",
        "COPY",
        "GLOB_DAT",
        "JMP_SLOT",
        "RELATIVE",
        "",
        "",
        "TLS_GD32",
        "TLS_GD16",
        "TLS_GD8",
        "TLS_LDM32",
        "TLS_LDM16",
        "TLS_LDM8",
        "TLS_LDO32",
        "TLS_LDO16",
        "TLS_LDO8",
        "TLS_IE32",
        "TLS_IE16",
        "TLS_IE8",
        "TLS_LE32",
        "TLS_LE16",
        "TLS_LE8",
        "TLS_DTPMOD32",
        "TLS_DTPREL32",
        "TLS_TPREL32",
    ];
    match NAMES.get(t as usize) {
        Some(n) if !n.is_empty() => format!("R_68K_{n}"),
        _ => format!("relocation type {t}"),
    }
}

/// Writes the hunk file: header, then each hunk with its relocations,
/// symbols and end marker.
fn emit<'h>(hunks: impl ExactSizeIterator<Item = &'h Hunk> + Clone) -> Vec<u8> {
    fn long(out: &mut Vec<u8>, v: u32) {
        out.extend_from_slice(&v.to_be_bytes());
    }
    let mut out = Vec::new();
    let n = hunks.len() as u32;
    for v in [HUNK_HEADER, 0, n, 0, n - 1] {
        long(&mut out, v);
    }
    for h in hunks.clone() {
        long(&mut out, h.size / 4); // memory-type bits (30, 31) stay 0: any memory
    }
    for h in hunks {
        match h.kind {
            Kind::Code | Kind::Data | Kind::Linear => {
                let stored = h.stored();
                long(&mut out, if h.kind == Kind::Code { HUNK_CODE } else { HUNK_DATA });
                long(&mut out, stored / 4);
                out.extend_from_slice(&h.bytes[..stored as usize]);
            }
            Kind::Bss => {
                long(&mut out, HUNK_BSS);
                long(&mut out, h.size / 4);
            }
        }
        if !h.relocs.is_empty() {
            long(&mut out, HUNK_RELOC32);
            for (&to, offsets) in &h.relocs {
                let mut offsets = offsets.clone();
                offsets.sort_unstable();
                long(&mut out, offsets.len() as u32);
                long(&mut out, to as u32);
                for o in offsets {
                    long(&mut out, o);
                }
            }
            long(&mut out, 0);
        }
        if !h.symbols.is_empty() {
            long(&mut out, HUNK_SYMBOL);
            for (value, name) in &h.symbols {
                let longs = name.len().div_ceil(4);
                long(&mut out, longs as u32); // high byte 0: symbol type EXT_SYMB
                out.extend_from_slice(name.as_bytes());
                out.resize(out.len() + longs * 4 - name.len(), 0);
                long(&mut out, *value);
            }
            long(&mut out, 0);
        }
        long(&mut out, HUNK_END);
    }
    out
}

#[cfg(test)]
mod tests;
