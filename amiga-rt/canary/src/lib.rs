//! The codegen canary: everyday Rust patterns whose output, built through the
//! m68k pipeline and run under vamos, must equal the same code run natively on
//! the host (`cargo xtask canary`). It grows with every pattern the project
//! depends on; each pattern here once broke rustc's own m68k backend
//! (docs/reference/toolchain.md, "Why not rustc's m68k backend"). Its
//! last lines check the walker's native copy loops against the pure ones
//! ([`copies`]).
#![cfg_attr(target_arch = "wasm32", no_std)]
#![forbid(unsafe_code)]
extern crate alloc;

use alloc::boxed::Box;
use alloc::collections::BTreeMap;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::Write;

/// Runs every pattern; one line per check, `name: result`.
pub fn report() -> String {
    let mut out = String::new();
    let mut line = |name: &str, v: String| {
        let _ = writeln!(out, "{name}: {v}");
    };
    line("stack_array_index", stack_array_index(7));
    line("and_loop", and_loop(&[3, 5, 7, 0, 9, 11]));
    line("slice_copy", slice_copy());
    line("sort", sort());
    line("u64_muldiv", u64_muldiv(0x1234_5678_9abc, 0x3_0000_0007));
    line("i64_signed", i64_signed(-9_000_000_000_123, 77));
    line("fmt_numbers", fmt_numbers());
    line("ufmt_numbers", ufmt_numbers());
    line("linked_list", linked_list(50));
    line("parse", parse(" TREE WINDOW=\"Demo Win\" 42 -17 0x1F "));
    line("btree", btree());
    line("utf8_latin1", latin1());
    line("u16_be_decode", be_decode(&[0x12, 0x34, 0x56, 0x78, 0x9a, 0xbc]));
    line("checked_math", checked_math(i32::MAX - 3));
    line("match_jump_table", jump_table());
    line("int_edges", int_edges());
    line("unaligned", unaligned());
    line("copies_native", copies::report(true));
    line("copies_pure", copies::report(false));
    out
}

#[inline(never)]
fn stack_array_index(n: usize) -> String {
    let mut a = [0u32; 16];
    for i in 0..16 {
        a[(i * n) % 16] = (i * i) as u32 + 1;
    }
    let idx = core::hint::black_box(n);
    a[idx] = 999;
    let v: Vec<String> = a.iter().map(|x| alloc::format!("{x}")).collect();
    v.join(",")
}

#[inline(never)]
fn and_loop(xs: &[u32]) -> String {
    let mut i = 0;
    let mut sum = 0;
    while i < xs.len() && xs[i] != 0 {
        sum += xs[i];
        i += 1;
    }
    alloc::format!("{i} {sum}")
}

#[inline(never)]
fn slice_copy() -> String {
    let src: Vec<u8> = (0u8..37).map(|b| b.wrapping_mul(7)).collect();
    let mut dst = [0u8; 40];
    dst[3..3 + src.len()].copy_from_slice(&src);
    let mut v = dst.to_vec();
    v.copy_within(5..15, 0);
    v.rotate_left(3);
    let s: u32 = v.iter().enumerate().map(|(i, &b)| (i as u32 + 1) * b as u32).sum();
    alloc::format!("{s} {:?}", &v[..8])
}

#[inline(never)]
fn sort() -> String {
    let mut seed = 12345u32;
    let mut v: Vec<i32> = (0..100)
        .map(|_| {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
            (seed >> 8) as i32 % 1000 - 500
        })
        .collect();
    v.sort_unstable();
    let mut w = v.clone();
    w.sort_by(|a, b| b.cmp(a));
    let mut words = alloc::vec!["slider", "Button", "checkbox", "cycle", "string", "integer"];
    words.sort_by_key(|w| w.to_ascii_lowercase());
    alloc::format!("{:?} {:?} {}", &v[..5], &w[..3], words.join(","))
}

#[inline(never)]
fn u64_muldiv(a: u64, b: u64) -> String {
    let a = core::hint::black_box(a);
    let b = core::hint::black_box(b);
    let p = a.wrapping_mul(b);
    alloc::format!("{p} {} {} {:x}", p / 1_000_000_007, p % 65_521, a.rotate_left(17) ^ b)
}

#[inline(never)]
fn i64_signed(a: i64, b: i64) -> String {
    let a = core::hint::black_box(a);
    alloc::format!("{} {} {} {}", a / b, a % b, a.abs() >> 3, (a as i128 * 3) as i64)
}

#[inline(never)]
fn fmt_numbers() -> String {
    alloc::format!(
        "{} {} {} {:08x} {:#06x} {:>6}| {:<5}| {:+} {:o} {:b}",
        0u32,
        u32::MAX,
        i32::MIN,
        0xDEAD_BEEFu32,
        255u16,
        -42,
        7u8,
        19,
        8u32,
        5u32
    )
}

/// Integer operations at their edges, folded into one hash per kind: on
/// the 68000 each is a call into the runtime's own helpers
/// (amiga-rt/c/lib68000.c), on the 68020 mostly one instruction.
#[inline(never)]
fn int_edges() -> String {
    const V32: [u32; 14] = [
        0,
        1,
        2,
        3,
        7,
        10,
        0xFFFF,
        0x1_0000,
        0x1_0001,
        0x7FFF_FFFF,
        0x8000_0000,
        0xFFFF_FFFE,
        0xFFFF_FFFF,
        0x1234_5678,
    ];
    const V64: [u64; 12] = [
        0,
        1,
        10,
        0xFFFF,
        0x1_0000,
        0xFFFF_FFFF,
        0x1_0000_0000,
        0x1234_5678_9ABC_DEF0,
        0x7FFF_FFFF_FFFF_FFFF,
        0x8000_0000_0000_0000,
        0xFFFF_FFFF_FFFF_FFFF,
        1_000_000_007,
    ];
    let mut h = [0xCBF2_9CE4u32; 5];
    let mut mix = |k: usize, v: u64| {
        h[k] = (h[k] ^ v as u32).wrapping_mul(0x0100_0193) ^ (v >> 32) as u32;
    };
    let v32 = core::hint::black_box(V32);
    let v64 = core::hint::black_box(V64);
    for &a in &v32 {
        mix(0, u64::from(a.leading_zeros() | a.trailing_zeros() << 8 | a.count_ones() << 16));
        for &b in &v32 {
            mix(0, u64::from(a.wrapping_mul(b)));
            if let (Some(q), Some(r)) = (a.checked_div(b), a.checked_rem(b)) {
                mix(1, u64::from(q) << 32 | u64::from(r));
                let (x, y) = (a as i32, b as i32);
                mix(1, u64::from(x.wrapping_div(y) as u32) << 32 | u64::from(x.wrapping_rem(y) as u32));
            }
        }
    }
    for &a in &v64 {
        mix(2, u64::from(a.leading_zeros() | a.trailing_zeros() << 8 | a.count_ones() << 16));
        for s in [0, 1, 15, 16, 31, 32, 33, 63] {
            mix(2, a << s);
            mix(2, a >> s);
            mix(2, ((a as i64) >> s) as u64);
        }
        for &b in &v64 {
            mix(3, a.wrapping_mul(b));
            if let (Some(q), Some(r)) = (a.checked_div(b), a.checked_rem(b)) {
                mix(4, q);
                mix(4, r);
                let (x, y) = (a as i64, b as i64);
                mix(4, x.wrapping_div(y) as u64);
                mix(4, x.wrapping_rem(y) as u64);
            }
        }
    }
    alloc::format!("{:08x} {:08x} {:08x} {:08x} {:08x}", h[0], h[1], h[2], h[3], h[4])
}

/// 2-, 4- and 8-byte values read and written at every offset of a byte
/// buffer, odd ones included: what a 68000 cannot do with one move
/// (wasm2c's byte-wise accessors for such accesses,
/// amiga-toolchain/src/oddguard.rs).
#[inline(never)]
fn unaligned() -> String {
    let mut buf: Vec<u8> = (0u8..40).map(|b| b.wrapping_mul(37) ^ 0x5A).collect();
    let mut sum = 0u64;
    for at in 0..9 {
        let b = core::hint::black_box(&buf[..]);
        let w = u16::from_le_bytes([b[at], b[at + 1]]);
        let l = u32::from_le_bytes(b[at + 2..at + 6].try_into().unwrap());
        let q = u64::from_be_bytes(b[at + 6..at + 14].try_into().unwrap());
        sum = sum.rotate_left(7) ^ u64::from(w) ^ u64::from(l) << 16 ^ q;
        let out = core::hint::black_box(&mut buf[..]);
        out[at + 20..at + 28].copy_from_slice(&(q ^ u64::from(l)).to_le_bytes());
        out[at + 16..at + 18].copy_from_slice(&w.wrapping_add(at as u16).to_be_bytes());
    }
    alloc::format!("{sum:016x} {:?}", &buf[16..40])
}

struct UBuf(String);

impl ufmt::uWrite for UBuf {
    type Error = core::convert::Infallible;
    fn write_str(&mut self, s: &str) -> Result<(), Self::Error> {
        self.0.push_str(s);
        Ok(())
    }
}

#[inline(never)]
fn ufmt_numbers() -> String {
    let mut b = UBuf(String::new());
    let _ = ufmt::uwrite!(b, "{} {} {} {} {:?}", u32::MAX, i32::MIN, 65535u16, -1i8, [3u8, 4]);
    b.0
}

struct Node {
    value: u32,
    next: Option<Box<Node>>,
}

#[inline(never)]
fn linked_list(n: u32) -> String {
    let mut head: Option<Box<Node>> = None;
    for i in 0..n {
        head = Some(Box::new(Node { value: i * 3 + 1, next: head }));
    }
    // Reverse in place.
    let mut prev: Option<Box<Node>> = None;
    while let Some(mut node) = head {
        head = node.next.take();
        node.next = prev;
        prev = Some(node);
    }
    let mut sum = 0u64;
    let mut count = 0;
    let mut first = 0;
    let mut cur = prev.as_deref();
    while let Some(n) = cur {
        if count == 0 {
            first = n.value;
        }
        sum += n.value as u64 * (count + 1);
        count += 1;
        cur = n.next.as_deref();
    }
    alloc::format!("{count} {first} {sum}")
}

#[inline(never)]
fn parse(s: &str) -> String {
    let mut out = Vec::new();
    let mut rest = s.trim();
    while !rest.is_empty() {
        let (tok, tail) = if let Some(eq) = rest.find("=\"") {
            if rest[..eq].contains(' ') {
                rest.split_once(' ').unwrap_or((rest, ""))
            } else {
                let close = rest[eq + 2..].find('"').map(|c| eq + 2 + c + 1).unwrap_or(rest.len());
                (&rest[..close], &rest[close..])
            }
        } else {
            rest.split_once(' ').unwrap_or((rest, ""))
        };
        let v = if let Some(h) = tok.strip_prefix("0x") {
            u32::from_str_radix(h, 16).map(|n| alloc::format!("hex{n}")).unwrap_or_else(|_| tok.into())
        } else if let Ok(n) = tok.parse::<i32>() {
            alloc::format!("int{n}")
        } else {
            alloc::format!("[{}]", tok.to_ascii_lowercase())
        };
        out.push(v);
        rest = tail.trim_start();
    }
    out.join(" ")
}

#[inline(never)]
fn btree() -> String {
    let mut m = BTreeMap::new();
    for (i, w) in "the quick brown fox jumps over the lazy dog the end".split(' ').enumerate() {
        *m.entry(w).or_insert(0usize) += i;
    }
    m.iter().map(|(k, v)| alloc::format!("{k}={v}")).collect::<Vec<_>>().join(",")
}

#[inline(never)]
fn latin1() -> String {
    let bytes: &[u8] = b"Gr\xf6\xdfe \xe9t\xe9";
    let s: String = bytes.iter().map(|&b| b as char).collect();
    alloc::format!("{} {} {}", s.len(), s.chars().count(), s.to_uppercase())
}

#[inline(never)]
fn be_decode(b: &[u8]) -> String {
    let w = u16::from_be_bytes([b[0], b[1]]);
    let l = u32::from_be_bytes([b[2], b[3], b[4], b[5]]);
    let s = i16::from_be_bytes([b[4], b[5]]);
    alloc::format!("{w:#x} {l:#x} {s}")
}

#[inline(never)]
fn checked_math(x: i32) -> String {
    let x = core::hint::black_box(x);
    alloc::format!("{:?} {:?} {} {}", x.checked_add(10), x.checked_sub(10), x.wrapping_add(10), x.saturating_add(10))
}

#[inline(never)]
fn jump_table() -> String {
    let roles = ["button", "string", "integer", "checkbox", "slider", "cycle", "listview", "custom", "x"];
    roles
        .iter()
        .map(|r| match *r {
            "button" => 1,
            "string" => 2,
            "integer" => 3,
            "checkbox" => 4,
            "slider" => 5,
            "cycle" => 6,
            "listview" => 7,
            "custom" => 8,
            _ => 0,
        })
        .map(|n: u32| alloc::format!("{n}"))
        .collect::<Vec<_>>()
        .join("")
}

pub mod copies {
    //! The walker's memory primitives ([`IntuitionMemory`]) on the same
    //! bytes: the Amiga's native loops (runtime.c `rt_copy_chain` and
    //! `rt_copy_cstr`, behind amiga-rt `mem`) and the pure loops of
    //! gadgetscope-core that the host fake runs, both through the
    //! walker's own wrappers (`read_chain`, `cstr_len`, `append_cstr`).
    //! On the 68020 `copies_native` runs the native loops and
    //! `copies_pure` the pure ones over the same memory; on the host both
    //! lines come from the pure loops over a copy of it, so the comparison
    //! of the lines checks each native loop against the pure one.
    //! Addresses print relative to the arena. Every address is readable
    //! here (vamos has no memory list: runtime.c's `readable` lets all
    //! through); unreadable memory is covered by the host tests.
    use alloc::string::String;
    use alloc::vec::Vec;
    use core::fmt::Write;
    use gadgetscope_core::walk::{append_cstr, cstr_len, read_chain, IntuitionMemory, Nested, Titled, TRAILER};

    /// Node size and `Next` offset of the test lists.
    const SIZE: usize = 12;
    const NEXT: usize = 4;
    /// Offsets of a five-node list, of a node that points at itself, and
    /// of three strings.
    const NODES: [usize; 5] = [0, 24, 48, 72, 96];
    const CYCLE: usize = 120;
    const HELLO: usize = 200;
    const LONG: usize = 210;
    const EMPTY: usize = 290;
    /// A list whose nodes point at strings: `Next`, the string, a tag.
    const TITLED: [usize; 4] = [300, 312, 324, 336];
    /// A list of lists: `Next`, its own list's first node, a tag; and a
    /// ULONG holding the first one's address.
    const OUTER: [usize; 3] = [360, 372, 384];
    const HEAD: usize = 396;
    /// Lists with a link to an odd address, which no node can have
    /// (`node_ok`: the walk ends there on every CPU): a chain node whose
    /// `Next` is odd; a titled node whose `Next` is odd; a ULONG holding
    /// the first of a list of lists whose second node is odd. Each odd
    /// target holds what would make the walk go on if it were read (a
    /// chain's end, a title, a list that holds the searched node).
    const ODD_CHAIN: usize = 400;
    const ODD_TITLED: usize = 432;
    const ODD_HEAD: usize = 460;
    const ODD_OUTER: usize = 464;
    const ARENA: usize = 500;

    /// The test bytes at their absolute address `base`.
    struct Arena {
        base: u32,
        // On the Amiga only read by address (the native copies): it keeps
        // the bytes alive.
        #[cfg_attr(target_arch = "wasm32", allow(dead_code))]
        bytes: Vec<u8>,
    }

    impl Arena {
        fn new() -> Arena {
            let mut bytes = alloc::vec![0u8; ARENA];
            let base = base_of(&bytes);
            let mut put = |at: usize, v: u32| bytes[at..at + 4].copy_from_slice(&v.to_be_bytes());
            for (i, &at) in NODES.iter().enumerate() {
                put(at, 0x1111_0000 + i as u32);
                let next = NODES.get(i + 1).map_or(0, |&n| base + n as u32);
                put(at + NEXT, next);
                put(at + 8, 0xA5A5_A5A5 ^ i as u32);
            }
            for (i, (&at, s)) in TITLED.iter().zip([HELLO, LONG, 0, EMPTY]).enumerate() {
                put(at, TITLED.get(i + 1).map_or(0, |&n| base + n as u32));
                put(at + 4, if s == 0 { 0 } else { base + s as u32 });
                put(at + 8, 0x3333_0000 + i as u32);
            }
            for (i, (&at, sub)) in OUTER.iter().zip([base + NODES[0] as u32, 0, base + CYCLE as u32]).enumerate() {
                put(at, OUTER.get(i + 1).map_or(0, |&n| base + n as u32));
                put(at + 4, sub);
                put(at + 8, 0x4444_0000 + i as u32);
            }
            put(HEAD, base + OUTER[0] as u32);
            put(ODD_CHAIN, 0x5555_0000);
            put(ODD_CHAIN + NEXT, base + ODD_CHAIN as u32 + 13);
            put(ODD_CHAIN + 8, 0x5555_0001);
            put(ODD_CHAIN + 13, 0x5555_0002); // the odd "node": Next 0 at +17
            put(ODD_TITLED, base + ODD_TITLED as u32 + 13);
            put(ODD_TITLED + 4, base + HELLO as u32);
            put(ODD_TITLED + 8, 0x6666_0000);
            put(ODD_TITLED + 17, base + HELLO as u32); // odd "node": Next 0, a title
            put(ODD_HEAD, base + ODD_OUTER as u32);
            put(ODD_OUTER, base + ODD_OUTER as u32 + 13);
            put(ODD_OUTER + 8, 0x7777_0000); // its own list empty
            put(ODD_OUTER + 17, base + NODES[0] as u32); // odd "node": a list holding NODES[3]
            put(CYCLE, 0x2222_0000);
            put(CYCLE + NEXT, base + CYCLE as u32);
            bytes[HELLO..HELLO + 6].copy_from_slice(b"hello\0");
            for b in &mut bytes[LONG..LONG + 70] {
                *b = b'a';
            }
            Arena { base, bytes }
        }

        fn at(&self, off: usize) -> u32 {
            self.base + off as u32
        }
    }

    #[cfg(target_arch = "wasm32")]
    fn base_of(bytes: &[u8]) -> u32 {
        amiga_rt::mem::abs(bytes.as_ptr())
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn base_of(_: &[u8]) -> u32 {
        0x0010_0000
    }

    /// The pure loops: only `read` of the arena's bytes (on the Amiga the
    /// native block copy, which both kinds share).
    struct Pure<'a>(&'a Arena);

    impl IntuitionMemory for Pure<'_> {
        #[cfg(target_arch = "wasm32")]
        fn read(&mut self, addr: u32, buf: &mut [u8]) -> bool {
            let _ = self.0;
            amiga_rt::mem::copy_into(addr, buf)
        }

        #[cfg(not(target_arch = "wasm32"))]
        fn read(&mut self, addr: u32, buf: &mut [u8]) -> bool {
            let a = self.0;
            let Some(off) = addr.checked_sub(a.base) else { return false };
            match a.bytes.get(off as usize..off as usize + buf.len()) {
                Some(b) => {
                    buf.copy_from_slice(b);
                    true
                }
                None => false,
            }
        }
    }

    /// The native loops (on the host: the pure ones again).
    #[cfg(target_arch = "wasm32")]
    struct Native;

    #[cfg(target_arch = "wasm32")]
    gadgetscope_core::native_intuition_memory!(Native, amiga_rt::mem);

    /// One line of results: each list copy as `n/rest` and the first and
    /// last word of every node copied (its `Next` relative to the arena),
    /// each string as its length and the bytes kept.
    pub fn report(native: bool) -> String {
        let arena = Arena::new();
        #[cfg(target_arch = "wasm32")]
        if native {
            return run(&arena, &mut Native);
        }
        let _ = native;
        run(&arena, &mut Pure(&arena))
    }

    fn run(a: &Arena, m: &mut dyn IntuitionMemory) -> String {
        let mut s = String::new();
        let rel = |v: u32| if v == 0 { 0 } else { v.wrapping_sub(a.base) };
        let first = a.at(NODES[0]);
        // (first, next_off, max, room in nodes, bytes already in out)
        let chains = [
            (first, NEXT, 10, 10, 0),
            (first, NEXT, 3, 10, 0),
            (first, NEXT, 10, 2, 0),
            (first, NEXT, 10, 10, 5),
            (first, 9, 10, 10, 0),
            (0, NEXT, 10, 10, 0),
            (first, NEXT, 0, 10, 0),
            (a.at(CYCLE), NEXT, 7, 10, 0),
            (a.at(ODD_CHAIN), NEXT, 10, 10, 0),
            (a.at(ODD_CHAIN) + 13, NEXT, 10, 10, 0),
        ];
        for (start, next_off, max, room, pre) in chains {
            let mut out = Vec::with_capacity(pre + room * SIZE);
            out.resize(pre, 0xEE);
            let (n, rest) = read_chain(m, start, next_off, SIZE, max, &mut out);
            let _ = write!(s, "{n}/{} {}:", rel(rest), out.len());
            for node in out[pre..].chunks(SIZE) {
                let word = |o: usize| u32::from_be_bytes([node[o], node[o + 1], node[o + 2], node[o + 3]]);
                let _ = write!(s, " {:x}.{:x}.{:x}", word(0), rel(word(NEXT)), word(8));
            }
            s.push_str("; ");
        }
        for (off, max) in [(HELLO, 1024), (LONG, 1024), (LONG, 40), (EMPTY, 1024)] {
            let _ = write!(s, "len{:?} ", cstr_len(m, a.at(off), max));
        }
        // (string, room, spare capacity)
        for (off, room, cap) in
            [(HELLO, 64, 64), (LONG, 64, 64), (LONG, 5, 64), (LONG, 64, 9), (HELLO, 0, 8), (EMPTY, 8, 8)]
        {
            let mut out = Vec::with_capacity(cap);
            out.push(b'>');
            let cut = append_cstr(m, a.at(off), &mut out, room);
            let _ = write!(s, "{cut:?}:{} ", String::from_utf8_lossy(&out));
        }
        // (after, max, room in records, string room, string length cap)
        let word = |b: &[u8], o: usize| u32::from_be_bytes([b[o], b[o + 1], b[o + 2], b[o + 3]]);
        let t = |i: usize| a.at(TITLED[i]);
        let (none, one, three, gone) = ([], [t(0)], [t(1), t(0), 0x0012_3456], [0x0012_3456]);
        let cases: [(&[u32], usize, usize, usize, usize); 8] = [
            (&none, 10, 10, 200, 1024),
            (&none, 10, 10, 8, 1024),
            (&none, 2, 10, 200, 1024),
            (&none, 10, 10, 200, 40),
            (&none, 10, 2, 200, 1024),
            (&one, 10, 10, 200, 1024),
            (&three, 10, 10, 200, 1024),
            (&gone, 10, 10, 200, 1024),
        ];
        for (after, max, recs, room, str_max) in cases {
            let rec = SIZE + TRAILER;
            let mut out = Vec::with_capacity(recs * rec);
            let mut strings = Vec::with_capacity(room);
            strings.push(b'>');
            let shape = Titled { next_off: 0, size: SIZE, str_off: 4, str_max, limit: 10 };
            let c = m.copy_titled(t(0), after, &shape, max, &mut out, &mut strings);
            let _ = write!(s, "t{}{}@{:?}/{}:", c.nodes, if c.full { "+" } else { "" }, c.start.map(rel), out.len());
            for r in out.chunks(rec) {
                let _ = write!(s, " {:x}.{:x}", word(r, 8), word(r, SIZE));
            }
            let _ = write!(s, " {}; ", String::from_utf8_lossy(&strings));
        }
        {
            let rec = SIZE + TRAILER;
            let mut out = Vec::with_capacity(10 * rec);
            let mut strings = Vec::with_capacity(200);
            let shape = Titled { next_off: 0, size: SIZE, str_off: 4, str_max: 1024, limit: 10 };
            let c = m.copy_titled(a.at(ODD_TITLED), &[], &shape, 10, &mut out, &mut strings);
            let _ = write!(s, "odd-t{}@{:?}/{}:", c.nodes, c.start.map(rel), out.len());
            for r in out.chunks(rec) {
                let _ = write!(s, " {:x}.{:x}", word(r, 8), word(r, SIZE));
            }
            let _ = write!(s, " {}; ", String::from_utf8_lossy(&strings));
        }
        // (first, next_off, keys, limit)
        let keys = [a.at(NODES[2]), a.at(NODES[4]), a.at(NODES[1]), a.at(NODES[3]), 0x0012_3456];
        for (start, keys, limit) in [
            (first, &keys[..1], 10),
            (first, &keys[1..2], 10),
            (first, &keys[2..4], 10),
            (first, &keys[..0], 10),
            (first, &keys[4..], 10),
            (first, &keys[3..4], 2),
            (a.at(CYCLE), &[a.at(CYCLE)][..], 7),
            (a.at(ODD_CHAIN), &[a.at(ODD_CHAIN)][..], 10),
            (a.at(ODD_CHAIN), &[a.at(ODD_CHAIN) + 13][..], 10),
        ] {
            let _ = write!(s, "after{:?} ", m.chain_after(start, NEXT, keys, limit).map(rel));
        }
        // (head, key, outer limit, inner limit)
        let (head, n) = (a.at(HEAD), |i: usize| a.at(NODES[i]));
        for (head, key, limit, sub_limit) in [
            (head, n(3), 10, 10),
            (head, n(0), 10, 10),
            (head, a.at(CYCLE), 10, 10),
            (head, 0x0012_3456, 10, 10),
            (head, n(4), 10, 3),
            (head, a.at(CYCLE), 2, 10),
            (0, n(3), 10, 10),
            (n(0) + NEXT as u32, n(3), 10, 10),
            (a.at(ODD_HEAD), n(3), 10, 10),
            (a.at(ODD_HEAD) + 1, n(3), 10, 10),
        ] {
            let shape = Nested { next_off: 0, sub_off: 4, sub_next_off: NEXT, limit, sub_limit };
            let _ = write!(s, "in{:?} ", m.list_holding(head, &shape, key).map(rel));
        }
        s
    }
}

#[cfg(target_arch = "wasm32")]
pub use amiga::main;

#[cfg(target_arch = "wasm32")]
mod amiga {
    use amiga_ndk::dos::{RETURN_FAIL, RETURN_OK};
    use amiga_rt::dos::Dos;

    /// The program: its return code (0, 5, 10, 20).
    pub fn main() -> i32 {
        let Ok(dos) = Dos::open() else { return RETURN_FAIL };
        let text = super::report();
        if dos.print(text.as_bytes()) {
            RETURN_OK
        } else {
            RETURN_FAIL
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn report_is_stable_on_the_host() {
        let r = super::report();
        assert!(r.contains("and_loop: 3 15\n"), "{r}");
        assert!(r.contains("parse: [tree] [window=\"demo win\"] int42 int-17 hex31\n"), "{r}");
        assert_eq!(r.lines().count(), 19);
        // The pure loops on the host: what the 68020's native loops must print.
        let native = r.lines().find_map(|l| l.strip_prefix("copies_native: ")).unwrap();
        assert_eq!(Some(native), r.lines().find_map(|l| l.strip_prefix("copies_pure: ")));
        assert!(native.starts_with("5/0 60: 11110000.18.a5a5a5a5 11110001.30.a5a5a5a4 "), "{native}");
        assert!(native.contains("; 3/72 36: "), "{native}");
        assert!(native.contains("; 7/120 84: 22220000.78.0 "), "{native}");
        assert!(native.contains("lenSome(5) lenSome(70) lenSome(40) lenSome(0) Some(false):>hello "), "{native}");
        assert!(
            native.contains(" Some(false):> t4@Some(300)/64: 33330000.5 33330001.46 33330002.ffffffff "),
            "{native}"
        );
        assert!(native.contains("; t1+@Some(300)/16: 33330000.5 >hello; "), "{native}");
        assert!(
            native.contains("; t4@Some(300)/64: 33330000.5 33330001.28 33330002.ffffffff 33330003.0 >hello"),
            "{native}"
        );
        assert!(native.contains("; t3@Some(312)/48: 33330001.46 "), "{native}");
        assert!(native.contains("; t2@Some(324)/32: 33330002.ffffffff 33330003.0 >; t0@None/0: >; "), "{native}");
        assert!(
            native.contains("afterSome(72) afterSome(0) afterSome(96) afterNone afterNone afterNone afterSome(120) "),
            "{native}"
        );
        assert!(
            native.ends_with(
                " inSome(360) inSome(360) inSome(384) inNone inNone inNone inNone inSome(24) inNone inNone "
            ),
            "{native}"
        );
        // An odd link ends a list (what is behind it would go on).
        assert!(native.contains("; 1/413 12: 55550000.19d.55550001; 0/413 0:; "), "{native}");
        assert!(native.contains("; odd-t1@Some(432)/16: 66660000.5 hello; "), "{native}");
        assert!(native.contains(" afterSome(120) afterSome(413) afterNone "), "{native}");
    }
}
