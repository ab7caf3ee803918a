//! A program's part loaded on demand, at build time (docs/design/parts.md,
//! docs/reference/toolchain.md "Parts loaded on demand"): which of
//! wasm2c's C functions go into it, which table entries it fills, and its
//! file's header.
//!
//! - The program declares its parts in the custom section
//!   `gadgetscope.part` (`amiga_rt::program!`'s `parts:`), read by
//!   [`plans`].
//! - Each part's cut is [`callgraph::cut`] with its crate or module as
//!   the seed ([`callgraph::part_seed`]): their functions and what only
//!   they reach; what another part reaches too stays resident. A direct
//!   call from the resident program or another part into the part fails
//!   the build, naming both.
//! - The part's functions are named in wasm2c's C by its prototypes, one
//!   per defined function in the module's order.
//! - The exports are the table's entries whose function is in the part:
//!   the runtime writes their addresses there when it loads the part.
//! - The header's layout is amiga-rt's (`amiga_rt::part`), which the
//!   runtime reads through `ndk.h`.
//!
//! Our own code: no tool splits one wasm2c module into files that load
//! apart.

use crate::callgraph;
use amiga_rt::part as layout;
use anyhow::{bail, Context, Result};
use sha2::{Digest, Sha256};
use std::collections::HashSet;
use wasmparser::{Parser, Payload};

/// The custom section that declares a part (`amiga_rt::program!`).
pub const SECTION: &str = "gadgetscope.part";

/// A build identity ([`build_id`]).
pub type BuildId = [u8; layout::BUILD_ID_BYTES as usize];

/// The build identity: the first [`layout::BUILD_ID_BYTES`] bytes of the
/// SHA-256 of the module and the processor it is built for (`cpu`, e.g.
/// `68020`: both builds come from one module). The program and its parts
/// carry it; the runtime loads only a part that carries the program's.
pub fn build_id(wasm: &[u8], cpu: &str) -> BuildId {
    let d = Sha256::new().chain_update(wasm).chain_update(cpu.as_bytes()).finalize();
    d[..layout::BUILD_ID_BYTES as usize].try_into().expect("digest is longer")
}

/// The C definition of the build identity that the pipeline appends to
/// the program's C (runtime.c declares it).
pub fn build_id_c(wasm: &[u8], cpu: &str) -> String {
    let bytes: Vec<String> = build_id(wasm, cpu).iter().map(|b| format!("0x{b:02x}")).collect();
    format!("const unsigned char gs_build_id[{}] = {{{}}};\n", layout::BUILD_ID_BYTES, bytes.join(", "))
}

/// What goes into a part.
#[derive(Debug)]
pub struct Plan {
    /// The part file's name, in the program's drawer.
    pub file: String,
    /// The crate cut out.
    pub code: String,
    /// wasm2c's C names (`w2c_…`) of the part's functions.
    pub functions: HashSet<String>,
    /// The table entries the part fills: (table index, C name).
    pub exports: Vec<(u32, String)>,
}

impl Plan {
    /// Whether the function GCC's listing calls `asm_name` belongs to the
    /// part: a part function, or a copy GCC made of one
    /// (`<name>.constprop.0`, `.isra.0`, `.part.0`).
    pub fn holds(&self, asm_name: &str) -> bool {
        holds(&self.functions, asm_name)
    }
}

/// Whether GCC's function `asm_name` is one of `functions` (wasm2c's C
/// names) or a copy GCC made of one (`<name>.constprop.0`, `.isra.0`,
/// `.part.0`).
fn holds(functions: &HashSet<String>, asm_name: &str) -> bool {
    functions.contains(asm_name.split_once('.').map_or(asm_name, |(b, _)| b))
}

/// The contents of `wasm`'s custom sections called `name`, in order.
fn custom_sections<'a>(wasm: &'a [u8], name: &str) -> Result<Vec<&'a [u8]>> {
    let mut out = Vec::new();
    for payload in Parser::new(0).parse_all(wasm) {
        if let Payload::CustomSection(s) = payload.context("reading the wasm module")? {
            if s.name() == name {
                out.push(s.data());
            }
        }
    }
    Ok(out)
}

/// The program's parts, in the order it declares them, from the module
/// `wasm` and wasm2c's C `c` (before the post-pass); empty when it
/// declares none. Errors: a malformed declaration, two parts of one file
/// or one seed, a direct call into a part from outside it (each named), C
/// that does not name the module's functions.
pub fn plans(wasm: &[u8], c: &str) -> Result<Vec<Plan>> {
    let declared = declared(wasm)?;
    if declared.is_empty() {
        return Ok(Vec::new());
    }
    let g = callgraph::read(wasm)?;
    let names = c_names(c)?;
    let defined = g.names.len() - g.imported as usize;
    if names.len() != defined {
        bail!("wasm2c's C declares {} functions, the module defines {defined}", names.len());
    }
    let mut out: Vec<Plan> = Vec::new();
    for (file, code) in declared {
        if let Some(p) = out.iter().find(|p| p.file == file || p.code == code) {
            bail!("two parts of one file or code: {file} ({code}) and {} ({})", p.file, p.code);
        }
        out.push(plan(&g, &names, file, code)?);
    }
    Ok(out)
}

/// One part of the module `g` (C names `names`), holding `code`.
fn plan(g: &callgraph::CallGraph, names: &[String], file: String, code: String) -> Result<Plan> {
    let cut = callgraph::cut(g, callgraph::part_seed(&code));
    if !cut.crossings.is_empty() {
        let list: Vec<String> = cut
            .crossings
            .iter()
            .map(|&(a, b)| format!("  {} -> {}", g.names[a as usize], g.names[b as usize]))
            .collect();
        bail!(
            "{} direct calls from the resident program into the part {file} ({code}); \
             calls into a part go through the function table (a trait object or a function pointer):\n{}",
            list.len(),
            list.join("\n")
        );
    }
    let c_name = |f: u32| names[(f - g.imported) as usize].clone();
    let functions: HashSet<String> =
        (g.imported..g.names.len() as u32).filter(|&f| cut.part[f as usize]).map(c_name).collect();
    if functions.is_empty() {
        bail!("the part {file} would hold nothing: no function's name holds `{code}`");
    }
    let mut exports = Vec::new();
    for (&f, &at) in g.table.iter().zip(&g.table_at) {
        if cut.part[f as usize] {
            if at == u32::MAX {
                bail!("the part's function {} is in a table segment placed at run time", g.names[f as usize]);
            }
            exports.push((at, c_name(f)));
        }
    }
    Ok(Plan { file, code, functions, exports })
}

/// What goes into the program's start code (amiga_rt::init): its entry
/// and every function only the entry reaches.
#[derive(Debug)]
pub struct InitPlan {
    /// wasm2c's C name of the entry.
    pub entry: String,
    /// wasm2c's C names of the start code's functions, the entry's among them.
    pub functions: HashSet<String>,
}

impl InitPlan {
    /// Whether GCC's function `asm_name` (or a copy of one) is start code.
    pub fn holds(&self, asm_name: &str) -> bool {
        holds(&self.functions, asm_name)
    }
}

/// The function whose direct call into the start code the build allows:
/// `amiga_rt::program!`'s `amiga_main`, which calls the entry once and
/// then frees the start code.
pub const INIT_CALLER: &str = "amiga_main";

/// The program's start code, from the module `wasm` and wasm2c's C `c`;
/// `None` when the program declares none (`amiga_rt::program!`'s
/// `init:`). The cut is [`callgraph::cut`] seeded with the entry alone:
/// the table's entries are roots, so no start code function can be called
/// through the table after it is freed. Errors: a malformed declaration,
/// no such function or more than one, the entry in the table, a direct
/// call into the start code from anything but [`INIT_CALLER`] or to
/// anything but the entry (each named).
pub fn init_plan(wasm: &[u8], c: &str) -> Result<Option<InitPlan>> {
    let path = match custom_sections(wasm, amiga_rt::init::SECTION)?[..] {
        [] => return Ok(None),
        [bytes] => amiga_rt::init::parse_section(bytes)
            .with_context(|| format!("custom section {} is not a Rust path", amiga_rt::init::SECTION))?,
        _ => bail!("two custom sections {}: one start code per program", amiga_rt::init::SECTION),
    };
    let g = callgraph::read(wasm)?;
    let (entry, part) = init_cut(&g, &path)?;
    let names = c_names(c)?;
    let c_name = |f: u32| names[(f - g.imported) as usize].clone();
    let functions = (g.imported..g.names.len() as u32).filter(|&f| part[f as usize]).map(c_name).collect();
    Ok(Some(InitPlan { entry: c_name(entry), functions }))
}

/// The start code of `g` whose entry is the function at Rust path `path`:
/// (the entry's index, which functions are start code). Errors: as
/// [`init_plan`]'s.
fn init_cut(g: &callgraph::CallGraph, path: &str) -> Result<(u32, Vec<bool>)> {
    // Rust's legacy mangling: the path, then the hash.
    let prefix = callgraph::mangled_path(path) + "17h";
    let found: Vec<u32> =
        (g.imported..g.names.len() as u32).filter(|&f| g.names[f as usize].starts_with(&prefix)).collect();
    let [entry] = found[..] else {
        bail!(
            "the start code's entry {path} is {} functions of the module, not one (is it #[inline(never)]?)",
            found.len()
        );
    };
    if g.table.contains(&entry) {
        bail!("the start code's entry {path} is in the function table: it could be called after it is freed");
    }
    let cut = callgraph::cut(g, |name| name == g.names[entry as usize]);
    let wrong: Vec<String> = cut
        .crossings
        .iter()
        .filter(|&&(a, b)| b != entry || g.names[a as usize] != INIT_CALLER)
        .map(|&(a, b)| format!("  {} -> {}", g.names[a as usize], g.names[b as usize]))
        .collect();
    if !wrong.is_empty() {
        bail!(
            "the start code ({path}) may be called directly only by {INIT_CALLER}, once, before it is freed; \
             {} other direct calls:\n{}",
            wrong.len(),
            wrong.join("\n")
        );
    }
    if cut.crossings.is_empty() {
        bail!("nothing calls the start code's entry {path}: {INIT_CALLER} must (amiga_rt::program!'s init:)");
    }
    Ok((entry, cut.part))
}

/// The parts the module declares, in order: (file, code). The linker
/// joins the program's declarations into one section, or keeps them
/// apart; either reads the same. Error: a malformed declaration.
fn declared(wasm: &[u8]) -> Result<Vec<(String, String)>> {
    let mut out = Vec::new();
    for bytes in custom_sections(wasm, SECTION)? {
        let parts = layout::parse_section(bytes)
            .with_context(|| format!("custom section {SECTION} is not `<file> NUL <code> NUL`, repeated"))?;
        out.extend(parts.into_iter().map(|(f, c)| (f.to_string(), c.to_string())));
    }
    Ok(out)
}

/// The C names of the module's defined functions in index order: wasm2c
/// declares each once, `static <type> w2c_<name>(Z_prog_instance_t*…);`,
/// before any definition.
pub(crate) fn c_names(c: &str) -> Result<Vec<String>> {
    let mut out = Vec::new();
    for line in c.lines() {
        if !(line.starts_with("static ") && line.ends_with(");")) {
            continue;
        }
        let Some((head, _)) = line.split_once("(Z_prog_instance_t*") else { continue };
        let name = head.rsplit(' ').next().unwrap_or("");
        if !name.starts_with("w2c_") {
            bail!("wasm2c's declaration `{line}` names no w2c_ function");
        }
        out.push(name.to_string());
    }
    Ok(out)
}

/// A part file's export: a table entry and where its function is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Export {
    /// Index in the function table.
    pub table: u32,
    /// The part's code hunk (from 0).
    pub hunk: u32,
    /// Bytes from the hunk's start.
    pub offset: u32,
}

/// The header hunk's bytes (amiga_rt::part's layout): `resident_hunks`
/// the program's hunk count, `sizes` the part's code hunks' sizes (bytes),
/// `imports[k]` the part's code hunk k's references into the program
/// (program hunk, offsets), in order. Error: a code hunk larger than
/// [`layout::PART_HUNK_MAX`] (its offsets would not fit 16 bits).
pub fn header(
    id: &[u8; layout::BUILD_ID_BYTES as usize],
    resident_hunks: u32,
    sizes: &[u32],
    exports: &[Export],
    imports: &[Vec<(u32, Vec<u32>)>],
) -> Result<Vec<u8>> {
    if let Some((k, s)) = sizes.iter().enumerate().find(|(_, &s)| s > layout::PART_HUNK_MAX) {
        bail!("the part's code hunk {k} has {s} bytes, more than {}", layout::PART_HUNK_MAX);
    }
    let mut out = Vec::new();
    let long = |out: &mut Vec<u8>, v: u32| out.extend_from_slice(&v.to_be_bytes());
    long(&mut out, layout::PART_MAGIC);
    long(&mut out, layout::PART_FORMAT);
    out.extend_from_slice(id);
    long(&mut out, resident_hunks);
    long(&mut out, sizes.len() as u32);
    sizes.iter().for_each(|&s| long(&mut out, s));
    long(&mut out, exports.len() as u32);
    for e in exports {
        long(&mut out, e.table);
        long(&mut out, e.hunk);
        long(&mut out, e.offset);
    }
    for groups in imports {
        for (hunk, offsets) in groups {
            long(&mut out, offsets.len() as u32);
            long(&mut out, *hunk);
            offsets.iter().for_each(|&o| out.extend_from_slice(&(o as u16).to_be_bytes()));
            if offsets.len() % 2 == 1 {
                out.extend_from_slice(&[0, 0]);
            }
        }
        long(&mut out, 0);
    }
    Ok(out)
}

/// The build identity in a part file's header: the file read as the
/// hunk file it is (`HUNK_HEADER`, then each hunk's blocks), its last hunk
/// a `HUNK_DATA` that starts with [`layout::PART_MAGIC`] and
/// [`layout::PART_FORMAT`]; the identity at [`layout::ph_BuildId`].
/// Errors say what the file is not.
pub fn read_build_id(file: &[u8]) -> Result<BuildId> {
    use amiga_ndk::dos::{HUNK_BSS, HUNK_CODE, HUNK_DATA, HUNK_END, HUNK_HEADER, HUNK_RELOC32, HUNK_SYMBOL};
    let mut at = 0usize;
    let long = |at: &mut usize| -> Result<u32> {
        let b = file.get(*at..*at + 4).context("the hunk file is cut short")?;
        *at += 4;
        Ok(u32::from_be_bytes(b.try_into().expect("4 bytes")))
    };
    let skip = |at: &mut usize, longs: usize| -> Result<()> {
        *at += 4 * longs;
        if *at > file.len() {
            bail!("the hunk file is cut short");
        }
        Ok(())
    };
    if long(&mut at)? != HUNK_HEADER || long(&mut at)? != 0 {
        bail!("not a hunk file (no HUNK_HEADER without resident names)");
    }
    let (n, first, last) = (long(&mut at)?, long(&mut at)?, long(&mut at)?);
    if n == 0 || first != 0 || last != n - 1 {
        bail!("a hunk header of {n} hunks numbered {first} to {last}");
    }
    for _ in 0..n {
        if long(&mut at)? >> 30 == 3 {
            long(&mut at)?; // the memory attributes follow
        }
    }
    // The hunks, each: its type, its contents, relocations and symbols, HUNK_END.
    let mut hunks: Vec<(u32, std::ops::Range<usize>)> = Vec::new();
    while hunks.len() < n as usize {
        let kind = long(&mut at)?;
        let longs = (long(&mut at)? & 0x3fff_ffff) as usize;
        let contents = at..at + 4 * longs;
        match kind {
            HUNK_CODE | HUNK_DATA => skip(&mut at, longs)?,
            HUNK_BSS => {}
            other => bail!("hunk {}: block 0x{other:x} where a hunk starts", hunks.len()),
        }
        loop {
            match long(&mut at)? {
                HUNK_END => break,
                HUNK_RELOC32 => loop {
                    let count = long(&mut at)? as usize;
                    if count == 0 {
                        break;
                    }
                    skip(&mut at, count + 1)?; // the hunk, the offsets
                },
                HUNK_SYMBOL => loop {
                    let name_longs = (long(&mut at)? & 0x00ff_ffff) as usize;
                    if name_longs == 0 {
                        break;
                    }
                    skip(&mut at, name_longs + 1)?; // the name, the value
                },
                other => bail!("hunk {}: block 0x{other:x} is not read here", hunks.len()),
            }
        }
        hunks.push((kind, contents));
    }
    let (kind, contents) = hunks.pop().expect("n > 0");
    if kind != HUNK_DATA {
        bail!("its last hunk is not the part's header (HUNK_DATA) but of type 0x{kind:x}");
    }
    let header = &file[contents];
    let at = |off: u32, len: u32| header.get(off as usize..(off + len) as usize);
    let magic = at(layout::ph_Magic, 4).map(|b| u32::from_be_bytes(b.try_into().expect("4 bytes")));
    let format = at(layout::ph_Format, 4).map(|b| u32::from_be_bytes(b.try_into().expect("4 bytes")));
    if magic != Some(layout::PART_MAGIC) || format != Some(layout::PART_FORMAT) {
        bail!("its last hunk is no part header of format {} ('GSPT')", layout::PART_FORMAT);
    }
    let id = at(layout::ph_BuildId, layout::BUILD_ID_BYTES).context("its header is cut short")?;
    Ok(id.try_into().expect("BUILD_ID_BYTES bytes"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A part file as the build writes it: one code hunk (with a
    /// relocation and a symbol), then the header hunk.
    fn part_file(header: &[u8]) -> Vec<u8> {
        use amiga_ndk::dos::{HUNK_CODE, HUNK_DATA, HUNK_END, HUNK_HEADER, HUNK_RELOC32, HUNK_SYMBOL};
        let mut out = Vec::new();
        let mut long = |v: u32| out.extend_from_slice(&v.to_be_bytes());
        for v in [HUNK_HEADER, 0, 2, 0, 1, 2, header.len() as u32 / 4] {
            long(v);
        }
        for v in [HUNK_CODE, 2, 0x4e75_4e71, 0, HUNK_RELOC32, 1, 0, 4, 0] {
            long(v);
        }
        for v in [HUNK_SYMBOL, 1, u32::from_be_bytes(*b"fn\0\0"), 0, 0, HUNK_END, HUNK_DATA, header.len() as u32 / 4] {
            long(v);
        }
        out.extend_from_slice(header);
        out.extend_from_slice(&HUNK_END.to_be_bytes());
        out
    }

    #[test]
    fn the_build_id_is_read_back_from_the_part_files_last_hunk() {
        let id = [9, 8, 7, 6, 5, 4, 3, 2];
        let file = part_file(&header(&id, 12, &[8], &[], &[vec![]]).unwrap());
        assert_eq!(read_build_id(&file).unwrap(), id);
        // Not a part: a program's hunk file ends with its data or BSS.
        let mut no_header = part_file(&[0; 16]);
        assert!(read_build_id(&no_header).unwrap_err().to_string().contains("no part header"));
        no_header.truncate(no_header.len() - 8);
        assert!(read_build_id(&no_header).unwrap_err().to_string().contains("cut short"));
        assert!(read_build_id(b"\0\0\x03\xe7").unwrap_err().to_string().contains("not a hunk file"));
    }

    #[test]
    fn c_names_come_from_the_prototypes_in_order() {
        let c = "u32 w2c_amiga_rt_peek32(struct Z_amiga_instance_t*, u32);\n\
                 static u32 w2c_amiga_main(Z_prog_instance_t*);\n\
                 static void w2c__ZN3foo(Z_prog_instance_t*, u32, u32);\n\
                 static u32 w2c_amiga_main(Z_prog_instance_t* instance) {\n";
        assert_eq!(c_names(c).unwrap(), ["w2c_amiga_main", "w2c__ZN3foo"]);
        assert!(c_names("static u32 f(Z_prog_instance_t*);\n").is_err());
    }

    #[test]
    fn a_part_holds_gccs_copies_of_its_functions() {
        let p = Plan { file: "P".into(), code: "c".into(), functions: ["w2c_a".to_string()].into(), exports: vec![] };
        assert!(p.holds("w2c_a") && p.holds("w2c_a.constprop.0") && !p.holds("w2c_ab") && !p.holds("w2c_b.isra.0"));
    }

    #[test]
    fn the_header_is_laid_out_as_the_runtime_reads_it() {
        let id = [1, 2, 3, 4, 5, 6, 7, 8];
        let h = header(
            &id,
            15,
            &[100, 60],
            &[Export { table: 7, hunk: 1, offset: 8 }],
            &[vec![(0, vec![4, 12]), (3, vec![20])], vec![]],
        )
        .unwrap();
        let l = |i: usize| u32::from_be_bytes(h[4 * i..4 * i + 4].try_into().unwrap());
        assert_eq!(l(layout::ph_Magic as usize / 4), u32::from_be_bytes(*b"GSPT"));
        assert_eq!(l(layout::ph_Format as usize / 4), layout::PART_FORMAT);
        assert_eq!(&h[layout::ph_BuildId as usize..][..8], &id);
        assert_eq!((l(4), l(5)), (15, 2), "the program's hunks, the part's code hunks");
        let rest: Vec<u32> = (layout::ph_Sizes as usize / 4..h.len() / 4).map(l).collect();
        // Offsets in 16 bits each, an odd count padded to a longword.
        assert_eq!(rest, [100, 60, 1, 7, 1, 8, 2, 0, 4 << 16 | 12, 1, 3, 20 << 16, 0, 0]);
        let e = header(&id, 15, &[70_000], &[], &[vec![]]).unwrap_err().to_string();
        assert!(e.contains("code hunk 0 has 70000 bytes"), "{e}");
    }

    #[test]
    fn the_build_id_is_the_modules_and_the_processors_hash() {
        // sha256("68000")
        let id = build_id(b"", "68000");
        assert_eq!(id, [0x76, 0x5a, 0xa1, 0xa9, 0x43, 0xa5, 0xaa, 0x1d], "{id:02x?}");
        assert_ne!(build_id(b"", "68020"), id, "the two builds' parts are told apart");
        assert_ne!(build_id(b"x", "68000"), id);
        assert!(build_id_c(b"", "68000").starts_with("const unsigned char gs_build_id[8] = {0x76, 0x5a,"));
    }

    /// amiga_main -> entry -> setup -> shared; loop_fn -> shared; a table
    /// function t; a lonely one.
    fn start_graph() -> callgraph::CallGraph {
        let names = [
            "amiga_main",
            "_ZN11gadgetscope5start7prepare17habcE",
            "_ZN11gadgetscope5start5setup17hdefE",
            "shared",
            "loop_fn",
            "t",
        ];
        callgraph::CallGraph {
            names: names.iter().map(|s| s.to_string()).collect(),
            calls: vec![vec![1, 4], vec![2], vec![3], vec![], vec![3], vec![]],
            body_bytes: vec![10; 6],
            indirect: vec![false; 6],
            table: vec![5],
            table_at: vec![1],
            imported: 0,
            exports: vec![0],
        }
    }

    /// Two parts, a crate's and a module's: each holds its seed and what
    /// only it reaches; what both reach stays resident.
    #[test]
    fn two_parts_share_nothing() {
        let names = ["amiga_main", "_ZN18gadgetscope_window4open17h1E", "_ZN3sys3wbl5start17h2E", "shared", "w", "l"];
        let g = callgraph::CallGraph {
            names: names.iter().map(|s| s.to_string()).collect(),
            calls: vec![vec![], vec![3, 4], vec![3, 5], vec![], vec![], vec![]],
            body_bytes: vec![10; 6],
            indirect: vec![false; 6],
            table: vec![1, 2],
            table_at: vec![4, 5],
            imported: 0,
            exports: vec![0],
        };
        let c: Vec<String> = (0..6).map(|i| format!("w2c_f{i}")).collect();
        let window = plan(&g, &c, "W".into(), "gadgetscope_window".into()).unwrap();
        let launch = plan(&g, &c, "L".into(), "sys::wbl".into()).unwrap();
        let set = |p: &Plan| {
            let mut v: Vec<String> = p.functions.iter().cloned().collect();
            v.sort();
            v
        };
        assert_eq!(set(&window), ["w2c_f1", "w2c_f4"]);
        assert_eq!(set(&launch), ["w2c_f2", "w2c_f5"]);
        assert_eq!((window.exports, launch.exports), (vec![(4, "w2c_f1".into())], vec![(5, "w2c_f2".into())]));
        // The window calling the start directly: named, and the build stops.
        let mut g2 = g.clone();
        g2.calls[1].push(2);
        let e = plan(&g2, &c, "L".into(), "sys::wbl".into()).unwrap_err().to_string();
        assert!(e.contains("_ZN18gadgetscope_window4open17h1E -> _ZN3sys3wbl5start17h2E"), "{e}");
    }

    #[test]
    fn the_start_code_is_its_entry_and_what_only_it_reaches() {
        let (entry, part) = init_cut(&start_graph(), "gadgetscope::start::prepare").unwrap();
        assert_eq!(entry, 1);
        assert_eq!(part, [false, true, true, false, false, false], "the entry and setup; shared stays");
    }

    #[test]
    fn the_start_code_refuses_what_could_call_it_after_it_is_freed() {
        let err = |g: &callgraph::CallGraph, path: &str| init_cut(g, path).unwrap_err().to_string();
        let mut g = start_graph();
        g.calls[4].push(1); // the loop calls the entry again
        assert!(err(&g, "gadgetscope::start::prepare").contains("loop_fn -> _ZN11gadgetscope5start7prepare"));
        // The loop calling what the entry calls keeps that resident.
        let mut g = start_graph();
        g.calls[4].push(2);
        assert_eq!(init_cut(&g, "gadgetscope::start::prepare").unwrap().1, [false, true, false, false, false, false]);
        let mut g = start_graph();
        g.table.push(1);
        assert!(err(&g, "gadgetscope::start::prepare").contains("in the function table"));
        let mut g = start_graph();
        g.calls[0] = vec![4];
        assert!(err(&g, "gadgetscope::start::prepare").contains("nothing calls"));
        assert!(err(&start_graph(), "gadgetscope::start::other").contains("is 0 functions"));
    }
}
