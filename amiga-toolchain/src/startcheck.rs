//! The start path of every Amiga program is 68000 code.
//!
//! Everything is compiled for the 68020 except what runs before the
//! processor check has passed: `_start` (start.S), `rt_cpu_check`
//! (amiga-rt/c/cpu.c) and the LVO stubs they call, which are built with
//! `-m68000` (the compiler and the assembler then refuse 68020 code).
//! This check reads the linked program back: it disassembles `_start` for
//! the 68000 (`m68k-linux-gnu-objdump -m m68k:68000`), follows every
//! `jsr`/`bsr`/`jmp` to a symbol of the program except [`AFTER_CHECK`],
//! and refuses what a 68000 cannot execute: words the 68000 disassembler
//! does not know (`.short`), scaled-index addressing (`(d8,An,Xn*4)`,
//! which it still prints), 32-bit branch displacements (`Bcc.l`, opcode
//! word `6xFF`), and calls it cannot follow (through a register or
//! without a symbol) other than library vectors (`-LVO(a6)`).
use anyhow::{bail, Context, Result};
use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

/// The first function that runs only after the check has passed.
pub const AFTER_CHECK: &str = "rt_start";

/// What one function's disassembly holds.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Scan {
    /// Symbols it calls or jumps to.
    pub calls: Vec<String>,
    /// Instructions a 68000 cannot execute, or calls that cannot be
    /// followed, each with its address.
    pub problems: Vec<String>,
}

/// Scans objdump's `-d -m m68k:68000` output of one function.
pub fn scan(disassembly: &str) -> Scan {
    let mut s = Scan::default();
    for line in disassembly.lines() {
        // "   4:\t4eb9 0000 0010 \tjsr 0x10 <rt_cpu_check>"
        let mut cols = line.split('\t');
        let (Some(addr), Some(raw), Some(insn)) = (cols.next(), cols.next(), cols.next()) else { continue };
        let Some(addr) = addr.trim().strip_suffix(':') else { continue };
        let insn = insn.trim();
        let op = raw.split_whitespace().next().unwrap_or("");
        let mnemonic = insn.split_whitespace().next().unwrap_or("");
        if mnemonic == ".short" || mnemonic == ".byte" || mnemonic == ".long" {
            s.problems.push(format!("{addr}: {op} is not a 68000 instruction ({insn})"));
            continue;
        }
        if [":2)", ":4)", ":8)"].iter().any(|x| insn.contains(x)) {
            s.problems.push(format!("{addr}: scaled index needs a 68020 ({insn})"));
        }
        if op.len() == 4 && op.starts_with('6') && op.ends_with("ff") {
            s.problems.push(format!("{addr}: {op} is a 32-bit branch, 68020 only ({insn})"));
            continue;
        }
        let branch = ["jsr", "bsr", "jmp"].iter().any(|b| mnemonic.starts_with(b));
        if !branch {
            continue;
        }
        match insn.split_once('<').and_then(|(_, r)| r.split_once('>')) {
            // "<sym>" or "<sym+0x4>": a label inside a function is that
            // function, already being scanned.
            Some((target, _)) if !target.contains('+') => s.calls.push(target.to_string()),
            Some(_) => {}
            // objdump names a6 "fp"
            None if insn.contains("%a6@(-") || insn.contains("%fp@(-") => {}
            None => s.problems.push(format!("{addr}: a call that cannot be followed ({insn})")),
        }
    }
    s
}

fn disassemble(elf: &Path, symbol: &str) -> Result<String> {
    let o = Command::new("m68k-linux-gnu-objdump")
        .args(["-d", "-m", "m68k:68000", &format!("--disassemble={symbol}")])
        .arg(elf)
        .output()
        .context("running m68k-linux-gnu-objdump (Debian binutils-m68k-linux-gnu)")?;
    if !o.status.success() {
        bail!("objdump failed: {}", String::from_utf8_lossy(&o.stderr));
    }
    let text = String::from_utf8_lossy(&o.stdout).into_owned();
    if !text.contains(&format!("<{symbol}>:")) {
        bail!("objdump shows no function {symbol}");
    }
    Ok(text)
}

/// Checks the start path of the linked program `elf`; returns the
/// functions it covered (`_start` first).
pub fn check(elf: &Path) -> Result<Vec<String>> {
    let mut todo = vec!["_start".to_string()];
    let mut seen = BTreeSet::new();
    let mut order = Vec::new();
    let mut problems = Vec::new();
    while let Some(sym) = todo.pop() {
        if sym == AFTER_CHECK || !seen.insert(sym.clone()) {
            continue;
        }
        let s = scan(&disassemble(elf, &sym)?);
        problems.extend(s.problems.into_iter().map(|p| format!("{sym}: {p}")));
        todo.extend(s.calls.into_iter().rev());
        order.push(sym);
    }
    if !seen.contains("rt_cpu_check") {
        bail!("_start does not call rt_cpu_check");
    }
    if !problems.is_empty() {
        bail!("68020 code before the processor check:\n  {}", problems.join("\n  "));
    }
    Ok(order)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn calls_are_followed_and_lvo_calls_allowed() {
        let d =
            "00000000 <_start>:\n   0:\t4eb9 0000 0010 \tjsr 0x10 <rt_cpu_check>\n   6:\t4a80           \ttstl %d0\n\
                 \x20  8:\t6606           \tbnes 0x10 <_start+0x10>\n   a:\t4eb9 0000 0200 \tjsr 0x200 <rt_start>\n\
                 \x20 10:\t4eae fedc      \tjsr %a6@(-292)\n  14:\t4eae fedc      \tjsr %fp@(-292)\n\
                 \x20 18:\t4e75           \trts\n";
        let s = scan(d);
        assert_eq!(s.calls, ["rt_cpu_check", "rt_start"]);
        assert!(s.problems.is_empty(), "{:?}", s.problems);
    }

    #[test]
    fn each_kind_of_68020_code_is_named() {
        let d = "   0:\t49c0           \t.short 0x49c0\n   2:\t2230 0c00      \tmovel %a0@(0,%d0:l:4),%d1\n\
                 \x20  6:\t60ff 0000 0004 \tbras 0x7\n   c:\t4e90           \tjsr %a0@\n";
        let s = scan(d);
        assert_eq!(
            s.problems,
            [
                "0: 49c0 is not a 68000 instruction (.short 0x49c0)",
                "2: scaled index needs a 68020 (movel %a0@(0,%d0:l:4),%d1)",
                "6: 60ff is a 32-bit branch, 68020 only (bras 0x7)",
                "c: a call that cannot be followed (jsr %a0@)",
            ]
        );
    }

    /// The real thing: the disassembler refuses what -m68020 assembles and
    /// a 68000 cannot run, so the scan is not passed by luck.
    #[test]
    fn objdump_shows_68020_code_as_such() {
        if Command::new("m68k-linux-gnu-as").arg("--version").output().is_err() {
            panic!("m68k-linux-gnu-as is missing: run `cargo xtask amiga` (it installs binutils-m68k-linux-gnu)");
        }
        let dir = std::env::temp_dir().join(format!("gadgetscope-startcheck-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let src = dir.join("t.S");
        std::fs::write(
            &src,
            "\t.text\n\t.globl _start\n_start:\n\textb.l %d0\n\tmove.l (%a0,%d0.l*4),%d1\n\tbra.l 1f\n1:\tjsr f\n\trts\nf:\tmulu.l %d1,%d2\n\trts\n",
        )
        .unwrap();
        let obj = dir.join("t.o");
        let elf = dir.join("t.elf");
        assert!(Command::new("m68k-linux-gnu-as")
            .arg("-m68020")
            .arg(&src)
            .arg("-o")
            .arg(&obj)
            .status()
            .unwrap()
            .success());
        assert!(Command::new("m68k-linux-gnu-ld")
            .args(["-e", "_start", "-o"])
            .arg(&elf)
            .arg(&obj)
            .status()
            .unwrap()
            .success());
        let s = scan(&disassemble(&elf, "_start").unwrap());
        assert_eq!(s.calls, ["f"]);
        assert_eq!(s.problems.len(), 3, "{:?}", s.problems);
        let f = scan(&disassemble(&elf, "f").unwrap());
        assert_eq!(f.problems.len(), 1, "{:?}", f.problems);
        let e = check(&elf).unwrap_err().to_string();
        assert!(e.contains("rt_cpu_check"), "{e}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
