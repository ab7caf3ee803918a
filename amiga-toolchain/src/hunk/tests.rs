//! Tests of the ELF -> hunk converter: hand-built ELF inputs checked byte for
//! byte, and one real GCC/ld build validated with amitools.

use super::*;
use object::elf::{
    R_68K_16, R_68K_32, R_68K_PC16, R_68K_PC32, SHF_ALLOC, SHF_EXECINSTR, SHF_WRITE, SHT_NOBITS, SHT_PROGBITS,
    STB_GLOBAL, STB_LOCAL, STT_FUNC, STT_NOTYPE, STT_OBJECT, STT_SECTION,
};

// ---- a tiny ELF32 big-endian ET_EXEC writer (no program headers) ----

struct Sec {
    name: &'static str,
    kind: u32,
    flags: u32,
    addr: u32,
    /// Contents; for NOBITS only the length counts.
    data: Vec<u8>,
}

fn text(addr: u32, data: Vec<u8>) -> Sec {
    Sec { name: ".text", kind: SHT_PROGBITS, flags: SHF_ALLOC | SHF_EXECINSTR, addr, data }
}
fn rodata(addr: u32, data: &[u8]) -> Sec {
    Sec { name: ".rodata", kind: SHT_PROGBITS, flags: SHF_ALLOC, addr, data: data.to_vec() }
}
fn data(addr: u32, data: Vec<u8>) -> Sec {
    Sec { name: ".data", kind: SHT_PROGBITS, flags: SHF_ALLOC | SHF_WRITE, addr, data }
}
fn linear(addr: u32, data: Vec<u8>) -> Sec {
    Sec { name: ".gs_linear", kind: SHT_PROGBITS, flags: SHF_ALLOC | SHF_WRITE, addr, data }
}
fn bss(addr: u32, len: usize) -> Sec {
    let flags = SHF_ALLOC | SHF_WRITE;
    Sec { name: ".bss", kind: SHT_NOBITS, flags, addr, data: vec![0; len] }
}

/// (name, value, st_type, section index 1.. = position in `secs` + 1)
type SymDef = (&'static str, u32, u8, u16);
/// (section index it applies to, r_offset, symbol index 1.. = position in `syms` + 1, type, addend)
type RelDef = (u32, u32, u32, u32, i32);

fn be16(v: &mut Vec<u8>, x: u16) {
    v.extend_from_slice(&x.to_be_bytes());
}
fn be32(v: &mut Vec<u8>, x: u32) {
    v.extend_from_slice(&x.to_be_bytes());
}

/// Appends a NUL-terminated string to a string table, returns its offset.
fn add_str(table: &mut Vec<u8>, s: &str) -> u32 {
    let at = table.len() as u32;
    table.extend_from_slice(s.as_bytes());
    table.push(0);
    at
}

/// One section header with its contents (`size` differs for NOBITS).
struct Head {
    name: u32,
    kind: u32,
    flags: u32,
    addr: u32,
    contents: Vec<u8>,
    size: u32,
    link: u32,
    info: u32,
    entsize: u32,
}

impl Head {
    fn meta(name: u32, kind: u32, contents: Vec<u8>, link: u32, info: u32, entsize: u32) -> Head {
        let size = contents.len() as u32;
        Head { name, kind, flags: 0, addr: 0, contents, size, link, info, entsize }
    }
}

/// Section indices: 0 null, 1.. `secs`, then one `.rela<sec>` per relocated
/// section, `.symtab`, `.strtab`, `.shstrtab`.
fn build_elf(entry: u32, secs: &[Sec], syms: &[SymDef], rels: &[RelDef]) -> Vec<u8> {
    use object::elf::{SHT_RELA, SHT_STRTAB, SHT_SYMTAB};
    let (mut shstr, mut strtab) = (vec![0u8], vec![0u8]);
    let mut heads = Vec::new();
    for s in secs {
        let contents = if s.kind == SHT_NOBITS { Vec::new() } else { s.data.clone() };
        let name = add_str(&mut shstr, s.name);
        let size = s.data.len() as u32;
        let (kind, flags, addr) = (s.kind, s.flags, s.addr);
        heads.push(Head { name, kind, flags, addr, contents, size, link: 0, info: 0, entsize: 0 });
    }
    let targets: std::collections::BTreeSet<u32> = rels.iter().map(|r| r.0).collect();
    let symtab_index = (secs.len() + 1 + targets.len()) as u32;
    for &t in &targets {
        let mut body = Vec::new();
        for &(_, off, sym, ty, addend) in rels.iter().filter(|r| r.0 == t) {
            for v in [off, sym << 8 | ty, addend as u32] {
                be32(&mut body, v);
            }
        }
        let name = add_str(&mut shstr, &format!(".rela{}", secs[t as usize - 1].name));
        heads.push(Head { flags: 0x40, ..Head::meta(name, SHT_RELA, body, symtab_index, t, 12) });
    }
    let mut symbody = vec![0u8; 16];
    for &(name, value, ty, shndx) in syms {
        let name = if name.is_empty() { 0 } else { add_str(&mut strtab, name) };
        for v in [name, value, 0] {
            be32(&mut symbody, v);
        }
        let bind = if ty == STT_SECTION { STB_LOCAL } else { STB_GLOBAL };
        symbody.extend_from_slice(&[bind << 4 | ty, 0]);
        be16(&mut symbody, shndx);
    }
    let name = add_str(&mut shstr, ".symtab");
    heads.push(Head::meta(name, SHT_SYMTAB, symbody, symtab_index + 1, 1, 16));
    let name = add_str(&mut shstr, ".strtab");
    heads.push(Head::meta(name, SHT_STRTAB, strtab, 0, 0, 0));
    let name = add_str(&mut shstr, ".shstrtab");
    heads.push(Head::meta(name, SHT_STRTAB, shstr, 0, 0, 0));

    let mut out = vec![0u8; 52];
    let mut offsets = Vec::new();
    for h in &heads {
        out.resize(out.len().next_multiple_of(4), 0);
        offsets.push(out.len() as u32);
        out.extend_from_slice(&h.contents);
    }
    out.resize(out.len().next_multiple_of(4), 0);
    let shoff = out.len() as u32;
    out.extend_from_slice(&[0; 40]); // section 0
    for (h, &off) in heads.iter().zip(&offsets) {
        for v in [h.name, h.kind, h.flags, h.addr, off, h.size, h.link, h.info, 2, h.entsize] {
            be32(&mut out, v);
        }
    }
    let mut hdr = vec![0x7f, b'E', b'L', b'F', 1, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    be16(&mut hdr, object::elf::ET_EXEC);
    be16(&mut hdr, object::elf::EM_68K);
    for v in [1, entry, 0, shoff, 0] {
        be32(&mut hdr, v);
    }
    for v in [52u16, 32, 0, 40, heads.len() as u16 + 1, heads.len() as u16] {
        be16(&mut hdr, v);
    }
    out[..52].copy_from_slice(&hdr);
    out
}

/// Big-endian longwords: expected outputs are built from these and raw bytes.
fn longs(v: &[u32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_be_bytes()).collect()
}

fn convert(elf: &[u8]) -> Result<HunkImage, HunkError> {
    elf_to_hunk(elf, &HunkOptions { symbols: false })
}

// ---- byte-for-byte tests ----

#[test]
fn code_only_program() {
    // moveq #1,d0; rts; nop  -> 6 bytes, padded to 2 longwords
    let elf = build_elf(
        0x1000,
        &[text(0x1000, vec![0x70, 0x01, 0x4e, 0x75, 0x4e, 0x71])],
        &[("_start", 0x1000, STT_FUNC, 1)],
        &[],
    );
    let img = convert(&elf).unwrap();
    let mut want = longs(&[HUNK_HEADER, 0, 1, 0, 0, 2, HUNK_CODE, 2]);
    want.extend_from_slice(&[0x70, 0x01, 0x4e, 0x75, 0x4e, 0x71, 0, 0]);
    want.extend(longs(&[HUNK_END]));
    assert_eq!(img.bytes, want);
    assert_eq!((img.code_size, img.data_size, img.bss_size, img.reloc_count), (8, 0, 0, 0));

    // With symbols: name "_start" = 2 longwords (NUL padded), value 0.
    let img = elf_to_hunk(&elf, &HunkOptions { symbols: true }).unwrap();
    let mut want = longs(&[HUNK_HEADER, 0, 1, 0, 0, 2, HUNK_CODE, 2]);
    want.extend_from_slice(&[0x70, 0x01, 0x4e, 0x75, 0x4e, 0x71, 0, 0]);
    want.extend(longs(&[HUNK_SYMBOL, 2]));
    want.extend_from_slice(b"_start\0\0");
    want.extend(longs(&[0, 0, HUNK_END]));
    assert_eq!(img.bytes, want);
}

/// .text 0x1000 (26 bytes) + .rodata 0x101c ("hey!\0") = code hunk of 36
/// bytes; .data 0x2000 (16 bytes); .bss 0x2010 (16 bytes) right after .data,
/// so `_edata` (= 0x2010, section .data) and `.bss` start share an address.
fn three_hunk_elf() -> Vec<u8> {
    let mut code = Vec::new();
    code.extend_from_slice(&[0x20, 0x39, 0, 0, 0x20, 0x04]); // move.l counter,d0
    code.extend_from_slice(&[0x23, 0xc0, 0, 0, 0x20, 0x18]); // move.l d0,buf+8
    code.extend_from_slice(&[0x41, 0xf9, 0, 0, 0x20, 0x20]); // lea _end,a0
    code.extend_from_slice(&[0x43, 0xf9, 0, 0, 0x10, 0x1c]); // lea msg,a1
    code.extend_from_slice(&[0x4e, 0x75]); // rts
    let data_bytes = longs(&[0x101c, 7, 0x2004, 0x2010]); // &msg, counter, &counter, &_edata
    build_elf(
        0x1000,
        &[text(0x1000, code), rodata(0x101c, b"hey!\0"), data(0x2000, data_bytes), bss(0x2010, 16)],
        &[
            ("_start", 0x1000, STT_FUNC, 1),    // 1
            ("msg", 0x101c, STT_OBJECT, 2),     // 2
            ("counter", 0x2004, STT_OBJECT, 3), // 3
            ("_edata", 0x2010, STT_NOTYPE, 3),  // 4: one past .data
            ("_end", 0x2020, STT_NOTYPE, 4),    // 5: one past .bss
            ("", 0x2010, STT_SECTION, 4),       // 6: section symbol .bss
            ("buf", 0x2010, STT_OBJECT, 4),     // 7
        ],
        &[
            (1, 0x1002, 3, R_68K_32, 0),
            (1, 0x1008, 6, R_68K_32, 8),
            (1, 0x100e, 5, R_68K_32, 0),
            (1, 0x1014, 2, R_68K_32, 0),
            (3, 0x2000, 2, R_68K_32, 0),
            (3, 0x200c, 4, R_68K_32, 0),
            (3, 0x2008, 3, R_68K_32, 0),
        ],
    )
}

#[test]
fn code_data_bss_with_reloc32_into_each_hunk() {
    let img = convert(&three_hunk_elf()).unwrap();
    let mut want = longs(&[HUNK_HEADER, 0, 3, 0, 2, 9, 4, 4]);
    want.extend(longs(&[HUNK_CODE, 9]));
    want.extend_from_slice(&[0x20, 0x39, 0, 0, 0, 0x04]); // counter: data + 4
    want.extend_from_slice(&[0x23, 0xc0, 0, 0, 0, 0x08]); // .bss + 8: bss + 8
    want.extend_from_slice(&[0x41, 0xf9, 0, 0, 0, 0x10]); // _end: bss + 16 (its end)
    want.extend_from_slice(&[0x43, 0xf9, 0, 0, 0, 0x1c]); // msg: code + 0x1c
    want.extend_from_slice(&[0x4e, 0x75, 0, 0]); // rts, gap before .rodata
    want.extend_from_slice(b"hey!\0\0\0\0");
    want.extend(longs(&[HUNK_RELOC32, 1, 0, 0x14, 1, 1, 0x2, 2, 2, 0x8, 0xe, 0, HUNK_END]));
    want.extend(longs(&[HUNK_DATA, 4, 0x1c, 7, 4, 0x10])); // _edata: data + 16, not bss + 0
    want.extend(longs(&[HUNK_RELOC32, 1, 0, 0x0, 2, 1, 0x8, 0xc, 0, HUNK_END]));
    want.extend(longs(&[HUNK_BSS, 4, HUNK_END]));
    assert_eq!(img.bytes, want);
    assert_eq!((img.code_size, img.data_size, img.bss_size, img.reloc_count), (36, 16, 16, 7));
}

#[test]
fn symbols_for_every_hunk() {
    let img = elf_to_hunk(&three_hunk_elf(), &HunkOptions { symbols: true }).unwrap();
    let mut code_syms = longs(&[HUNK_SYMBOL, 2]);
    code_syms.extend_from_slice(b"_start\0\0");
    code_syms.extend(longs(&[0, 1]));
    code_syms.extend_from_slice(b"msg\0");
    code_syms.extend(longs(&[0x1c, 0, HUNK_END]));
    let mut bss_syms = longs(&[HUNK_BSS, 4, HUNK_SYMBOL, 1]);
    bss_syms.extend_from_slice(b"buf\0");
    bss_syms.extend(longs(&[0, 0, HUNK_END]));
    let b = &img.bytes;
    assert!(b.windows(code_syms.len()).any(|w| w == code_syms), "code hunk symbols");
    assert!(b.ends_with(&bss_syms), "bss hunk symbols");
    let mut counter = longs(&[HUNK_SYMBOL, 2]);
    counter.extend_from_slice(b"counter\0");
    counter.extend(longs(&[4, 0, HUNK_END]));
    assert!(b.windows(counter.len()).any(|w| w == counter), "data hunk symbols");
}

#[test]
fn pc_relative_within_code_needs_no_reloc() {
    let code = vec![
        0x61, 0x00, 0x00, 0x04, // bsr.w helper      (R_68K_PC16 at 0x1002)
        0x4e, 0x75, //             rts
        0x41, 0xfa, 0x00, 0x04, // helper: lea (msg,pc),a0 (R_68K_PC16 at 0x1008, into .rodata)
        0x4e, 0x75, //             rts
    ];
    let ro = [b'a', b'b', b'c', b'd', 0xff, 0xff, 0xff, 0xf6]; // + helper - . (R_68K_PC32)
    let elf = build_elf(
        0x1000,
        &[text(0x1000, code.clone()), rodata(0x100c, &ro)],
        &[("_start", 0x1000, STT_FUNC, 1), ("helper", 0x1006, STT_FUNC, 1), ("msg", 0x100c, STT_OBJECT, 2)],
        &[(1, 0x1002, 2, R_68K_PC16, 0), (1, 0x1008, 3, R_68K_PC16, 0), (2, 0x1010, 2, R_68K_PC32, 0)],
    );
    let img = convert(&elf).unwrap();
    let mut want = longs(&[HUNK_HEADER, 0, 1, 0, 0, 5, HUNK_CODE, 5]);
    want.extend_from_slice(&code);
    want.extend_from_slice(&ro);
    want.extend(longs(&[HUNK_END]));
    assert_eq!(img.bytes, want);
    assert_eq!(img.reloc_count, 0);
}

#[test]
fn pc_relative_across_hunks_is_an_error() {
    let elf = build_elf(
        0x1000,
        &[text(0x1000, vec![0x20, 0x3b, 0, 0, 0, 0, 0x4e, 0x75]), data(0x2000, longs(&[7]))],
        &[("_start", 0x1000, STT_FUNC, 1), ("counter", 0x2000, STT_OBJECT, 2)],
        &[(1, 0x1002, 2, R_68K_PC32, 0)],
    );
    let err = convert(&elf).unwrap_err();
    assert!(matches!(err, HunkError::PcRelAcrossHunks { from: "code", to: "data", .. }), "{err:?}");
    let msg = err.to_string();
    for part in ["R_68K_PC32", "counter", ".text+0x2", "address 0x00001002", "file offset"] {
        assert!(msg.contains(part), "{msg}");
    }
}

fn part(name: &'static str, addr: u32, data: Vec<u8>) -> Sec {
    Sec { name, kind: SHT_PROGBITS, flags: SHF_ALLOC | SHF_EXECINSTR, addr, data }
}

/// `.text` (hunk 0) and two code parts (hunks 1, 2): each part is a code
/// hunk of its own; `bsr.l`/`bra.l` into another code hunk become `jsr`/
/// `jmp` to an absolute address with a HUNK_RELOC32 entry, within a hunk
/// they stay as linked.
#[test]
fn code_parts_are_hunks_of_their_own_and_calls_between_them_absolute() {
    let start = vec![0x61, 0xff, 0, 0, 0x0f, 0xfe, 0x4e, 0x75]; // bsr.l f1 (0x2000 - 0x1002); rts
    let p1 = vec![
        0x61, 0xff, 0, 0, 0x0f, 0xfe, // f1: bsr.l f2 (0x3000 - 0x2002)
        0x61, 0xff, 0, 0, 0, 0x06, //     bsr.l f1b (0x200e - 0x2008), same part
        0x4e, 0x75, //                    rts
        0x60, 0xff, 0xff, 0xff, 0xef, 0xf0, // f1b: bra.l _start (0x1000 - 0x2010)
    ];
    let p2 = vec![0x4e, 0x75]; // f2: rts
    let elf = build_elf(
        0x1000,
        &[text(0x1000, start), part(".gs_text.1", 0x2000, p1), part(".gs_text.2", 0x3000, p2)],
        &[
            ("_start", 0x1000, STT_FUNC, 1),
            ("f1", 0x2000, STT_FUNC, 2),
            ("f1b", 0x200e, STT_FUNC, 2),
            ("f2", 0x3000, STT_FUNC, 3),
        ],
        &[
            (1, 0x1002, 2, R_68K_PC32, 0),
            (2, 0x2002, 4, R_68K_PC32, 0),
            (2, 0x2008, 3, R_68K_PC32, 0),
            (2, 0x2010, 1, R_68K_PC32, 0),
        ],
    );
    let img = convert(&elf).unwrap();
    assert_eq!(img.code_hunks, vec![8, 20, 4]);
    assert_eq!(img.hunk_bases, vec![0x1000, 0x2000, 0x3000]);
    let mut want = longs(&[HUNK_HEADER, 0, 3, 0, 2, 2, 5, 1]);
    want.extend(longs(&[HUNK_CODE, 2]));
    want.extend_from_slice(&[0x4e, 0xb9, 0, 0, 0, 0, 0x4e, 0x75]); // jsr f1 (hunk 1 + 0)
    want.extend(longs(&[HUNK_RELOC32, 1, 1, 2, 0, HUNK_END]));
    want.extend(longs(&[HUNK_CODE, 5]));
    want.extend_from_slice(&[0x4e, 0xb9, 0, 0, 0, 0]); // jsr f2 (hunk 2 + 0)
    want.extend_from_slice(&[0x61, 0xff, 0, 0, 0, 0x06, 0x4e, 0x75]); // as linked
    want.extend_from_slice(&[0x4e, 0xf9, 0, 0, 0, 0]); // jmp _start (hunk 0 + 0)
    want.extend(longs(&[HUNK_RELOC32, 1, 0, 0x10, 1, 2, 2, 0, HUNK_END]));
    want.extend(longs(&[HUNK_CODE, 1, 0x4e75_0000, HUNK_END]));
    assert_eq!(img.bytes, want);
    assert_eq!((img.code_size, img.reloc_count), (32, 3));
}

/// Bytes that read like `bsr.l` in read-only data (hunk 0's `.rodata`)
/// before a PC32 field into a code part are data, not a call: an error,
/// never rewritten.
#[test]
fn a_long_branch_lookalike_in_data_is_not_rewritten() {
    let ro = [0x61, 0xff, 0, 0, 0x0f, 0xfa]; // $61FF, then f1 - . (0x2000 - 0x1006)
    let elf = build_elf(
        0x1000,
        &[
            text(0x1000, vec![0x4e, 0x75, 0x4e, 0x71]),
            rodata(0x1004, &ro),
            part(".gs_text.1", 0x2000, vec![0x4e, 0x75]),
        ],
        &[("_start", 0x1000, STT_FUNC, 1), ("f1", 0x2000, STT_FUNC, 3)],
        &[(2, 0x1006, 2, R_68K_PC32, 0)],
    );
    let err = convert(&elf).unwrap_err();
    assert!(matches!(err, HunkError::PcRelAcrossHunks { from: "code", to: "code", .. }), "{err:?}");
}

/// Only a long branch has an absolute form: any other PC-relative field
/// between code hunks stays an error.
#[test]
fn other_pc_relative_fields_between_code_parts_are_errors() {
    let start = vec![0x67, 0xff, 0, 0, 0x0f, 0xfe, 0x4e, 0x75]; // beq.l f1: no absolute form
    let elf = build_elf(
        0x1000,
        &[text(0x1000, start), part(".gs_text.1", 0x2000, vec![0x4e, 0x75])],
        &[("_start", 0x1000, STT_FUNC, 1), ("f1", 0x2000, STT_FUNC, 2)],
        &[(1, 0x1002, 2, R_68K_PC32, 0)],
    );
    let err = convert(&elf).unwrap_err();
    assert!(matches!(err, HunkError::PcRelAcrossHunks { from: "code", to: "code", .. }), "{err:?}");
}

/// A 16-bit branch (`bsr.w`) into another code part cannot reach it, and a
/// 32-bit field at a hunk's first byte has no opcode word before it: both
/// errors, not a rewrite.
#[test]
fn short_or_opcodeless_fields_between_code_parts_are_errors() {
    let bsr_w = vec![0x61, 0x00, 0x0f, 0xfe, 0x4e, 0x75]; // bsr.w f1 (0x2000 - 0x1002)
    let elf = build_elf(
        0x1000,
        &[text(0x1000, bsr_w), part(".gs_text.1", 0x2000, vec![0x4e, 0x75])],
        &[("_start", 0x1000, STT_FUNC, 1), ("f1", 0x2000, STT_FUNC, 2)],
        &[(1, 0x1002, 2, R_68K_PC16, 0)],
    );
    let err = convert(&elf).unwrap_err();
    assert!(matches!(err, HunkError::PcRelAcrossHunks { from: "code", to: "code", .. }), "{err:?}");
    // A PC32 field at the first byte of part 1, to part 2.
    let elf = build_elf(
        0x1000,
        &[
            text(0x1000, vec![0x4e, 0x75]),
            part(".gs_text.1", 0x2000, vec![0, 0, 0x10, 0]), // f2 - 0x2000
            part(".gs_text.2", 0x3000, vec![0x4e, 0x75]),
        ],
        &[("_start", 0x1000, STT_FUNC, 1), ("f1", 0x2000, STT_FUNC, 2), ("f2", 0x3000, STT_FUNC, 3)],
        &[(2, 0x2000, 3, R_68K_PC32, 0)],
    );
    let err = convert(&elf).unwrap_err();
    assert!(matches!(err, HunkError::PcRelAcrossHunks { from: "code", to: "code", .. }), "{err:?}");
}

/// A long branch whose field ends a code part's last byte, and one at a
/// part's first byte, are rewritten like any other.
#[test]
fn long_branches_at_a_parts_ends_become_absolute() {
    let p1 = vec![0x60, 0xff, 0, 0, 0x0f, 0xfe, 0x61, 0xff, 0, 0, 0x0f, 0xf8]; // bra.l f2; bsr.l f2
    let elf = build_elf(
        0x1000,
        &[text(0x1000, vec![0x4e, 0x75]), part(".gs_text.1", 0x2000, p1), part(".gs_text.2", 0x3000, vec![0x4e, 0x75])],
        &[("_start", 0x1000, STT_FUNC, 1), ("f1", 0x2000, STT_FUNC, 2), ("f2", 0x3000, STT_FUNC, 3)],
        &[(2, 0x2002, 3, R_68K_PC32, 0), (2, 0x2008, 3, R_68K_PC32, 0)],
    );
    let img = convert(&elf).unwrap();
    assert_eq!(img.code_hunks, vec![4, 12, 4]);
    let mut want = longs(&[HUNK_HEADER, 0, 3, 0, 2, 1, 3, 1]);
    want.extend(longs(&[HUNK_CODE, 1, 0x4e75_0000, HUNK_END]));
    want.extend(longs(&[HUNK_CODE, 3]));
    want.extend_from_slice(&[0x4e, 0xf9, 0, 0, 0, 0, 0x4e, 0xb9, 0, 0, 0, 0]); // jmp f2; jsr f2
    want.extend(longs(&[HUNK_RELOC32, 2, 2, 2, 8, 0, HUNK_END]));
    want.extend(longs(&[HUNK_CODE, 1, 0x4e75_0000, HUNK_END]));
    assert_eq!(img.bytes, want);
}

#[test]
fn unsupported_reloc_type_is_an_error() {
    let elf = build_elf(
        0x1000,
        &[text(0x1000, vec![0x30, 0x38, 0x20, 0x00, 0x4e, 0x75]), data(0x2000, longs(&[7]))],
        &[("_start", 0x1000, STT_FUNC, 1), ("counter", 0x2000, STT_OBJECT, 2)],
        &[(1, 0x1002, 2, R_68K_16, 0)],
    );
    let err = convert(&elf).unwrap_err();
    assert!(matches!(err, HunkError::UnsupportedReloc { .. }), "{err:?}");
    let msg = err.to_string();
    assert!(msg.contains("R_68K_16") && msg.contains("`counter`"), "{msg}");
    // A GOT relocation (type 7) is named too.
    let elf = build_elf(
        0x1000,
        &[text(0x1000, vec![0x4e, 0x75, 0, 0, 0, 0])],
        &[("_start", 0x1000, STT_FUNC, 1)],
        &[(1, 0x1002, 1, object::elf::R_68K_GOT32, 0)],
    );
    assert!(convert(&elf).unwrap_err().to_string().contains("R_68K_GOT32"));
}

#[test]
fn entry_not_at_start_of_code_is_an_error() {
    let elf = build_elf(
        0x1002,
        &[text(0x1000, vec![0x4e, 0x75, 0x4e, 0x75])],
        &[("helper", 0x1000, STT_FUNC, 1), ("_start", 0x1002, STT_FUNC, 1)],
        &[],
    );
    let err = convert(&elf).unwrap_err();
    assert_eq!(err, HunkError::EntryNotFirst { entry: 0x1002, code_start: 0x1000, first: "helper".into() });
    assert!(err.to_string().contains("`_start` first"), "{err}");
}

#[test]
fn empty_data_group_is_omitted() {
    // .data exists but is empty: two hunks, and the bss hunk is number 1.
    let elf = build_elf(
        0x1000,
        &[text(0x1000, vec![0x41, 0xf9, 0, 0, 0x20, 0x00, 0x4e, 0x75]), data(0x2000, Vec::new()), bss(0x2000, 6)],
        &[("_start", 0x1000, STT_FUNC, 1), ("buf", 0x2000, STT_OBJECT, 3)],
        &[(1, 0x1002, 2, R_68K_32, 0)],
    );
    let img = convert(&elf).unwrap();
    let mut want = longs(&[HUNK_HEADER, 0, 2, 0, 1, 2, 2, HUNK_CODE, 2]);
    want.extend_from_slice(&[0x41, 0xf9, 0, 0, 0, 0, 0x4e, 0x75]);
    want.extend(longs(&[HUNK_RELOC32, 1, 1, 2, 0, HUNK_END, HUNK_BSS, 2, HUNK_END]));
    assert_eq!(img.bytes, want);
    assert_eq!((img.data_size, img.bss_size), (0, 8));
}

#[test]
fn linear_memory_is_a_data_hunk_of_its_own_stored_up_to_its_last_nonzero_longword() {
    // lea mem,a0; lea counter,a1; rts; .data: counter; .gs_linear: 64
    // bytes, only bytes 8..10 set; .bss.
    let code = vec![0x41, 0xf9, 0, 0, 0x20, 0x08, 0x43, 0xf9, 0, 0, 0x20, 0x00, 0x4e, 0x75];
    let mut mem = vec![0u8; 64];
    mem[8..10].copy_from_slice(&[0xab, 0xcd]);
    let elf = build_elf(
        0x1000,
        &[text(0x1000, code), data(0x2000, longs(&[7, 0])), linear(0x2008, mem), bss(0x2048, 4)],
        &[("_start", 0x1000, STT_FUNC, 1), ("counter", 0x2000, STT_OBJECT, 2), ("mem", 0x2008, STT_OBJECT, 3)],
        &[(1, 0x1002, 3, R_68K_32, 0), (1, 0x1008, 2, R_68K_32, 0)],
    );
    let img = convert(&elf).unwrap();
    let mut want = longs(&[HUNK_HEADER, 0, 4, 0, 3, 4, 2, 16, 1, HUNK_CODE, 4]);
    want.extend_from_slice(&[0x41, 0xf9, 0, 0, 0, 0, 0x43, 0xf9, 0, 0, 0, 0, 0x4e, 0x75, 0, 0]);
    want.extend(longs(&[HUNK_RELOC32, 1, 1, 8, 1, 2, 2, 0, HUNK_END]));
    // .data: its trailing zero longword is not stored; linear memory: 3 of
    // its 16 longwords (the header keeps the whole sizes).
    want.extend(longs(&[HUNK_DATA, 1, 7, HUNK_END]));
    want.extend(longs(&[HUNK_DATA, 3, 0, 0, 0xabcd_0000, HUNK_END, HUNK_BSS, 1, HUNK_END]));
    assert_eq!(img.bytes, want);
    assert_eq!((img.data_size, img.linear_size, img.linear_stored, img.bss_size), (8, 64, 12, 4));

    // Linear memory is the first byte of its hunk: it must start on a longword.
    let elf = build_elf(
        0x1000,
        &[text(0x1000, vec![0x4e, 0x75, 0, 0]), linear(0x2002, vec![1, 0, 0, 0, 0, 0])],
        &[("_start", 0x1000, STT_FUNC, 1)],
        &[],
    );
    let msg = convert(&elf).unwrap_err().to_string();
    assert!(msg.contains("linear memory starts at 0x00002002"), "{msg}");
}

#[test]
fn a_relocated_longword_is_stored_even_when_zero() {
    // .data = { &_start, 0 }: relocated against the code hunk's offset 0,
    // the field is zero in the file but must be there for the loader to
    // relocate it.
    let elf = build_elf(
        0x1000,
        &[text(0x1000, vec![0x4e, 0x75, 0, 0]), data(0x2000, longs(&[0x1000, 0]))],
        &[("_start", 0x1000, STT_FUNC, 1)],
        &[(2, 0x2000, 1, R_68K_32, 0)],
    );
    let img = convert(&elf).unwrap();
    let mut want = longs(&[HUNK_HEADER, 0, 2, 0, 1, 1, 2, HUNK_CODE, 1, 0x4e75_0000, HUNK_END]);
    want.extend(longs(&[HUNK_DATA, 1, 0, HUNK_RELOC32, 1, 0, 0, 0, HUNK_END]));
    assert_eq!(img.bytes, want);
}

#[test]
fn linked_value_must_match_relocation() {
    let elf = build_elf(
        0x1000,
        &[text(0x1000, vec![0x41, 0xf9, 0, 0, 0x20, 0x02, 0x4e, 0x75]), data(0x2000, longs(&[7]))],
        &[("_start", 0x1000, STT_FUNC, 1), ("counter", 0x2000, STT_OBJECT, 2)],
        &[(1, 0x1002, 2, R_68K_32, 0)],
    );
    let msg = convert(&elf).unwrap_err().to_string();
    assert!(msg.contains("0x00002002") && msg.contains("S + A = 0x00002000"), "{msg}");
}

#[test]
fn interleaved_groups_and_bad_input_are_errors() {
    let elf = build_elf(
        0x1000,
        &[text(0x1000, vec![0x4e, 0x75, 0, 0]), data(0x1004, longs(&[1])), rodata(0x1008, b"x")],
        &[("_start", 0x1000, STT_FUNC, 1)],
        &[],
    );
    let msg = convert(&elf).unwrap_err().to_string();
    assert!(msg.contains("`.data` (data group) lies inside the code group"), "{msg}");
    assert!(matches!(convert(b"\x7fELF junk"), Err(HunkError::BadElf(_))));
    // Code + data without any relocation section: not linked with --emit-relocs.
    let elf = build_elf(
        0x1000,
        &[text(0x1000, vec![0x4e, 0x75, 0, 0]), data(0x2000, longs(&[1]))],
        &[("_start", 0x1000, STT_FUNC, 1)],
        &[],
    );
    let msg = convert(&elf).unwrap_err().to_string();
    assert!(msg.contains("--emit-relocs"), "{msg}");
}

// ---- integration: GCC 12 + binutils, checked by amitools ----

/// One hunk as read back: (type, contents, [(offset, target hunk)]).
type ReadHunk = (u32, Vec<u8>, Vec<(u32, u32)>);

/// Minimal reader of our own output.
fn read_hunks(b: &[u8]) -> Vec<ReadHunk> {
    let long = |at: &mut usize| {
        let v = u32::from_be_bytes(b[*at..*at + 4].try_into().unwrap());
        *at += 4;
        v
    };
    let mut at = 0;
    assert_eq!(long(&mut at), HUNK_HEADER);
    assert_eq!(long(&mut at), 0);
    let n = long(&mut at) as usize;
    at += 8 + 4 * n;
    let mut hunks = Vec::new();
    while at < b.len() {
        let ty = long(&mut at);
        let len = 4 * long(&mut at) as usize;
        let contents = if ty == HUNK_BSS { vec![0; len] } else { b[at..at + len].to_vec() };
        at += if ty == HUNK_BSS { 0 } else { len };
        let mut relocs = Vec::new();
        loop {
            match long(&mut at) {
                HUNK_END => break,
                HUNK_RELOC32 => loop {
                    let count = long(&mut at);
                    if count == 0 {
                        break;
                    }
                    let to = long(&mut at);
                    relocs.extend((0..count).map(|_| (long(&mut at), to)));
                },
                HUNK_SYMBOL => loop {
                    let name_longs = long(&mut at) as usize;
                    if name_longs == 0 {
                        break;
                    }
                    at += 4 * name_longs + 4;
                },
                other => panic!("unexpected block 0x{other:x}"),
            }
        }
        hunks.push((ty, contents, relocs));
    }
    assert_eq!(hunks.len(), n);
    hunks
}

fn tool(cmd: &str, args: &[&str], dir: &Path) -> String {
    let out = Command::new(cmd).args(args).current_dir(dir).output().unwrap_or_else(|e| {
        panic!(
            "cannot run {cmd} ({e}): install the Debian packages gcc-m68k-linux-gnu and \
             binutils-m68k-linux-gnu (m68k-linux-gnu-gcc, m68k-linux-gnu-ld)"
        )
    });
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "{cmd} {args:?} failed:\n{text}");
    text
}

#[test]
fn gcc_built_program_converts_passes_amitools_and_runs() {
    let dir = std::env::temp_dir().join(format!("gadgetscope-hunk-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("vols")).unwrap();
    // `.text.startup` is placed first by ld's default script; GCC 12 does
    // not emit -ffunction-sections functions in source order.
    let src = r#"
static const char greeting[] = "hello, amiga";
const char *names[] = { "alpha", greeting };
int counter = 7;
int scratch[8];
static int sum(const char *s) { int t = 0; while (*s) t += *s++; return t; }
void put(const char *s) { scratch[7] += sum(s); }
__attribute__((section(".text.startup"))) int _start(void) {
    put("a literal");
    scratch[1] = counter;
    return (sum(names[0]) + sum(names[1]) + scratch[1] + scratch[7]) & 0x3f;
}
"#;
    let sum = |s: &str| s.bytes().map(u32::from).sum::<u32>();
    let expected_rc = (sum("alpha") + sum("hello, amiga") + 7 + sum("a literal")) & 0x3f;
    std::fs::write(dir.join("t.c"), src).unwrap();
    let flags = "-m68020 -Os -ffreestanding -nostdlib -fno-pic -fno-builtin -fomit-frame-pointer \
                 -msoft-float -fno-tree-loop-distribute-patterns -fno-strict-aliasing \
                 -ffunction-sections -fdata-sections -c t.c -o t.o";
    tool("m68k-linux-gnu-gcc", &flags.split(' ').filter(|s| !s.is_empty()).collect::<Vec<_>>(), &dir);
    let ld = ["--emit-relocs", "--gc-sections", "-e", "_start", "t.o", "-o", "t.elf"];
    tool("m68k-linux-gnu-ld", &ld, &dir);
    let elf = std::fs::read(dir.join("t.elf")).unwrap();

    for symbols in [false, true] {
        let img = elf_to_hunk(&elf, &HunkOptions { symbols }).unwrap();
        let path = dir.join(format!("t{}", if symbols { "_sym" } else { "" }));
        std::fs::write(&path, &img.bytes).unwrap();
        let summary =
            validate_with_amitools(&path, &crate::venv_bin("python3")).unwrap_or_else(|e| panic!("amitools: {e}"));
        assert!(summary.starts_with("ok: 3 hunks: HUNK_CODE"), "{summary}");
        assert!(img.data_size > 0 && img.bss_size >= 32 && img.reloc_count > 0, "{summary}");

        // Load the hunks at made-up addresses and follow the data hunk's pointers.
        let mut hunks = read_hunks(&img.bytes);
        let bases: Vec<u32> = (0..hunks.len() as u32).map(|i| 0x10_0000 * (i + 1)).collect();
        for h in &mut hunks {
            for &(off, to) in &h.2.clone() {
                let f = &mut h.1[off as usize..off as usize + 4];
                let v = u32::from_be_bytes(f.try_into().unwrap()) + bases[to as usize];
                f.copy_from_slice(&v.to_be_bytes());
            }
        }
        let data = hunks.iter().find(|h| h.0 == HUNK_DATA).unwrap();
        let cstr = |addr: u32| {
            let h = &hunks[(addr / 0x10_0000 - 1) as usize].1;
            let s = &h[(addr % 0x10_0000) as usize..];
            String::from_utf8_lossy(&s[..s.iter().position(|&c| c == 0).unwrap()]).into_owned()
        };
        let at = |off: u32| u32::from_be_bytes(data.1[off as usize..off as usize + 4].try_into().unwrap());
        let found: Vec<String> = data.2.iter().map(|&(off, _)| cstr(at(off))).collect();
        assert_eq!(found, ["alpha", "hello, amiga"]);

        // Run it in vamos (amitools' AmigaOS emulator): the return code proves
        // that code, data and BSS were relocated and loaded correctly.
        let vols = dir.join("vols");
        let args = ["-q", "-C", "68020", "--max-cycles", "2000000", "--vols-base-dir"];
        let out = Command::new(crate::venv_bin("vamos")).args(args).arg(&vols).arg(&path).output();
        let out = out
            .unwrap_or_else(|e| panic!("cannot run vamos ({e}): run `cargo xtask amiga` once, it installs amitools"));
        let log = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(expected_rc as i32), "vamos: {log}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// Two parts from one ELF: each its own file with its own export, the
/// program's table naming `gs_part_absent` instead of either; a part's
/// reference to another part's function stops the build.
#[test]
fn each_part_is_a_file_of_its_own_and_parts_do_not_refer_to_each_other() {
    let elf = |p0: Vec<u8>, rels: &[RelDef]| {
        build_elf(
            0x1000,
            &[
                text(0x1000, vec![0x4e, 0x75, 0x4e, 0x75]), // _start: rts; gs_part_absent: rts
                data(0x4000, vec![0, 0, 0x20, 0, 0, 0, 0x30, 0]), // the table: p0f, p1f
                part(".gs_part0.1", 0x2000, p0),
                part(".gs_part1.1", 0x3000, vec![0x4e, 0x75, 0x4e, 0x71]), // p1f: rts; nop
            ],
            &[
                ("_start", 0x1000, STT_FUNC, 1),
                ("gs_part_absent", 0x1002, STT_FUNC, 1),
                ("p0f", 0x2000, STT_FUNC, 3),
                ("p1f", 0x3000, STT_FUNC, 4),
            ],
            rels,
        )
    };
    let table: [RelDef; 2] = [(2, 0x4000, 3, R_68K_32, 0), (2, 0x4004, 4, R_68K_32, 0)];
    let (e0, e1) = (vec![(0, "p0f".to_string())], vec![(1, "p1f".to_string())]);
    let links = PartLinks { absent: "gs_part_absent", id: [7; 8], exports: vec![&e0[..], &e1[..]] };
    let good = elf(vec![0x4e, 0x75, 0x4e, 0x71], &table);
    let (img, parts) = elf_to_hunks(&good, &HunkOptions { symbols: false }, Some(&links)).unwrap();
    assert_eq!(img.code_hunks, vec![4], "the parts' code is not the program's");
    assert_eq!(parts.len(), 2);
    for p in &parts {
        assert_eq!((p.code_hunks.clone(), p.exports, p.imports), (vec![4], 1, 0));
        assert_eq!(crate::part::read_build_id(&p.bytes).unwrap(), [7; 8]);
    }
    // The table's two entries name gs_part_absent (hunk 0 + 2) until a part loads.
    let data = img.bytes.windows(4).position(|w| w == HUNK_DATA.to_be_bytes()).unwrap() + 8;
    assert_eq!(img.bytes[data..data + 8], [0, 0, 0, 2, 0, 0, 0, 2]);
    // Part 0's code naming part 1's function.
    let mut rels = table.to_vec();
    rels.push((3, 0x2000, 4, R_68K_32, 0));
    let bad = elf(vec![0, 0, 0x30, 0], &rels);
    let e = elf_to_hunks(&bad, &HunkOptions { symbols: false }, Some(&links)).unwrap_err().to_string();
    assert!(e.contains("another part's function"), "{e}");
    // Code of a part no link names.
    let one = PartLinks { exports: vec![&e0[..]], ..links.clone() };
    let e = elf_to_hunks(&good, &HunkOptions { symbols: false }, Some(&one)).unwrap_err().to_string();
    assert!(e.contains("Part(1)"), "{e}");
}
