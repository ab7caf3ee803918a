//! The codegen canary: everyday Rust patterns whose output, built through the
//! m68k pipeline and run under vamos, must equal the same code run natively on
//! the host (`cargo xtask canary`). It grows with every pattern the project
//! depends on; each pattern here once broke rustc's own m68k backend
//! (docs/reference/toolchain.md, "Why not rustc's m68k backend").
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
        assert_eq!(r.lines().count(), 15);
    }
}
