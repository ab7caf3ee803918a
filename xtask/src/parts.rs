//! `cargo xtask parts [CODE]`: what a part loaded on demand would take
//! out of GadgetScope (docs/design/parts.md): builds it, cuts the named
//! crate's or module's functions (`gadgetscope_window` when none is named) out of its
//! call graph (amiga-toolchain `callgraph`) and prints what stays
//! resident, what would go with the part, in m68k bytes, and the direct
//! calls into the part that must first go through the table.
use amiga_toolchain::callgraph;
use anyhow::{Context, Result};
use std::collections::HashMap;
use std::process::Command;

/// The crate cut out when none is named.
const DEFAULT_CRATE: &str = "gadgetscope_window";

/// Runs the report for `args` (`[CODE]`: a crate, or a module path).
pub fn run(args: &[String]) -> Result<()> {
    let krate = args.first().map_or(DEFAULT_CRATE, String::as_str);
    crate::amiga::build(&["gadgetscope".to_string()])?;
    let dir = crate::checkout::root().join("target/amiga/build/gadgetscope");
    let wasm = std::fs::read(dir.join("prog.wasm")).context("reading prog.wasm")?;
    let g = callgraph::read(&wasm)?;
    let sizes = m68k_sizes(&dir.join("prog.elf"))?;
    let cut = callgraph::cut(&g, callgraph::part_seed(krate));
    let bytes = |f: usize| sizes.get(&key(&g.names[f])).copied();
    let (mut res, mut part, mut none, mut unsized_) = ((0usize, 0u64), (0usize, 0u64), 0usize, 0usize);
    for f in 0..g.names.len() {
        if g.body_bytes[f] == 0 {
            continue;
        }
        let b = bytes(f).unwrap_or_else(|| {
            unsized_ += 1;
            0
        });
        if cut.resident[f] {
            res = (res.0 + 1, res.1 + b);
        } else if cut.part[f] {
            part = (part.0 + 1, part.1 + b);
        } else {
            none += 1;
        }
    }
    println!("parts: cutting the functions named `{krate}…` out of GadgetScope's call graph");
    println!("parts: resident {} functions, {} bytes of m68k code", res.0, res.1);
    println!("parts: the part {} functions, {} bytes of m68k code", part.0, part.1);
    if none + unsized_ > 0 {
        println!("parts: {none} functions reached by neither, {unsized_} without an m68k size (inlined by GCC)");
    }
    println!("parts: {} direct calls into the part (each to go through the table first):", cut.crossings.len());
    for (from, to) in &cut.crossings {
        println!("  {} -> {}", short(&g.names[*from as usize]), short(&g.names[*to as usize]));
    }
    Ok(())
}

/// Each `w2c_…` function's size in `elf` (m68k bytes), by [`key`].
fn m68k_sizes(elf: &std::path::Path) -> Result<HashMap<String, u64>> {
    let out = Command::new("m68k-linux-gnu-nm").args(["-S", "--defined-only"]).arg(elf).output()?;
    let mut sizes = HashMap::new();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let f: Vec<&str> = line.split_whitespace().collect();
        if let [_, size, _, name] = f[..] {
            if let (Some(n), Ok(s)) = (name.strip_prefix("w2c_"), u64::from_str_radix(size, 16)) {
                *sizes.entry(key(n)).or_default() += s;
            }
        }
    }
    Ok(sizes)
}

/// A function's name as wasm2c spells its C symbol (after `w2c_`), for
/// matching the name section with the ELF: each character that is not a
/// letter, digit or `_` becomes `_`, as far as the match needs.
fn key(name: &str) -> String {
    name.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '_' }).collect()
}

/// A Rust symbol shortened for the report: its path without the hash.
fn short(name: &str) -> String {
    let n = name.strip_prefix("_ZN").unwrap_or(name);
    let n = n.rsplit_once("17h").map_or(n, |(a, _)| a);
    n.chars().take(110).collect()
}
