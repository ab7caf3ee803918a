//! `cargo xtask profile-walk [COUNT]` and `cargo xtask profile-read
//! [COUNT]`: instruction profiles of the walker and the TREE text, and of
//! the text reader, on a 68020, without the emulator's OS.
//!
//! Runs WalkProf (tests-uae/fixtures/walkprof: `COUNT` TREEs of a model of
//! the GadTools fixture over core's fake Intuition) or ReadProf
//! (tests-uae/fixtures/readprof: `COUNT` readings of a model of its
//! window) under vamos with its instruction trace (`-I`), counts the
//! traced instructions per function of the program's
//! `target/amiga/build/<name>/prog.elf` and prints the busiest ones.
//! vamos's labels (`-B`) name the hunk (`WalkProf_<n>:code`) and the
//! offset in it of every traced instruction; the hunk's ELF address
//! (`hunk::HunkImage::hunk_bases`) plus the offset is the instruction's
//! address in the ELF file. Instructions outside the program's hunks are
//! vamos's library stubs (`[outside]`). Counts are instructions, not
//! cycles (vamos's trace has no per-instruction timing); the run's total
//! cycles come from vamos's log. Written here because no tool maps vamos's
//! trace to ELF symbols.

use anyhow::{bail, Context, Result};
use object::{Object, ObjectSection, ObjectSymbol};
use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::process::Stdio;

/// One function of the profile.
pub struct Row {
    pub name: String,
    /// Instructions in the function itself.
    pub instructions: u64,
    /// Instructions while it was on the call stack (itself and callees).
    pub inclusive: u64,
}

/// The profile of one run.
pub struct Profile {
    pub rows: Vec<Row>,
    pub total: u64,
    pub outside: u64,
    pub cycles: u64,
    pub count: u32,
    /// (function, caller, instructions in the function on that call path).
    pub by_caller: Vec<(String, String, u64)>,
    /// What one run does ("TREE", "reading").
    pub unit: &'static str,
    /// What the program printed.
    pub output: String,
}

/// A program profiled under vamos: its build name, what one of its
/// `COUNT` runs does (for the report), and the files it reads, written
/// into its directory first.
pub struct Profiled {
    pub name: &'static str,
    pub unit: &'static str,
    pub setup: fn(&std::path::Path) -> Result<()>,
    /// `COUNT` when none is given.
    pub count: u32,
}

/// WalkProf: TREEs of a model of the GadTools fixture.
pub const WALK: Profiled = Profiled { name: "walkprof", unit: "TREE", setup: |_| Ok(()), count: 3 };

/// ReadProf: readings of a model of the GadTools fixture's window drawn
/// with the gstest font (`read_setup`).
pub const READ: Profiled = Profiled { name: "readprof", unit: "reading", setup: read_setup, count: 1 };

/// ReadProf's files: the gstest font, and the GadTools fixture's window
/// as the golden files describe it (tests-uae/golden/gadtools-fixture.tree
/// and .shown): every gadget's box as a bevel (shine pen 2 top and left,
/// shadow pen 1 bottom and right) and every text SHOWN read, drawn in
/// gstest in pen 1 at its box, on pen 0, two planes.
fn read_setup(dir: &std::path::Path) -> Result<()> {
    use gadgetscope_textread::{render, Image};
    let font = tests_uae::diskfont::read_font_file(&tests_uae::diskfont::gstest().font_file())
        .map_err(|e| anyhow::anyhow!("gstest: {e}"))?;
    let golden = crate::checkout::root().join("tests-uae/golden");
    let boxes = |text: &str| -> Vec<(String, [i32; 4])> {
        text.lines()
            .filter_map(|l| {
                let (head, geo) = l.rsplit_once(" [")?;
                let (lt, wh) = geo.trim_end_matches(']').split_once(' ')?;
                let (x, y) = lt.split_once(',')?;
                let (w, h) = wh.split_once('x')?;
                let n = |v: &str| v.parse::<i32>().ok();
                Some((head.to_string(), [n(x)?, n(y)?, n(w)?, n(h)?]))
            })
            .collect()
    };
    let tree = std::fs::read_to_string(golden.join("gadtools-fixture.tree"))?;
    let shown = std::fs::read_to_string(golden.join("gadtools-fixture.shown"))?;
    let mut img = Image::new(408, 171, 0);
    for (head, [x, y, w, h]) in boxes(&tree).into_iter().skip(1) {
        if w < 2 || h < 2 || head.contains("role=unknown") {
            continue;
        }
        img.fill(amiga_ndk::Rect::new(x, y, w, 1), 2);
        img.fill(amiga_ndk::Rect::new(x, y, 1, h), 2);
        img.fill(amiga_ndk::Rect::new(x, y + h - 1, w, 1), 1);
        img.fill(amiga_ndk::Rect::new(x + w - 1, y, 1, h), 1);
    }
    for (head, [x, y, _, _]) in boxes(&shown) {
        let Some(text) = head.split('"').nth(1) else { continue };
        img.draw(&render(&font, text.as_bytes(), 0), x, y, 1, None);
    }
    let bpr = img.width.div_ceil(16) * 2;
    let mut data = vec![0u8; 2 * img.height * bpr];
    for p in 0..2 {
        for y in 0..img.height {
            for x in 0..img.width {
                if img.pens[y * img.width + x] >> p & 1 != 0 {
                    data[(p * img.height + y) * bpr + x / 8] |= 0x80 >> (x % 8);
                }
            }
        }
    }
    let planar = gadgetscope_textread::Planar {
        width: img.width,
        height: img.height,
        depth: 2,
        bytes_per_row: bpr,
        first_bit: 0,
        data,
        covered: Vec::new(),
    };
    std::fs::write(dir.join("picture.bin"), readprof::picture_file(&planar))?;
    let mut header = vec![0u8; amiga_ndk::graphics::tf_SIZEOF];
    let put16 = |h: &mut Vec<u8>, at: usize, v: u16| h[at..at + 2].copy_from_slice(&v.to_be_bytes());
    use amiga_ndk::graphics::*;
    put16(&mut header, tf_YSize, font.ysize);
    put16(&mut header, tf_XSize, font.xsize);
    put16(&mut header, tf_Baseline, font.baseline);
    put16(&mut header, tf_BoldSmear, font.bold_smear);
    put16(&mut header, tf_Modulo, font.modulo);
    header[tf_Style] = font.style;
    header[tf_Flags] = font.flags;
    header[tf_LoChar] = font.lo_char;
    header[tf_HiChar] = font.hi_char;
    let loc: Vec<u8> =
        font.char_loc.iter().flat_map(|l| [l.offset.to_be_bytes(), l.width.to_be_bytes()].concat()).collect();
    let words = |t: &Option<Vec<i16>>| t.as_ref().map(|t| t.iter().flat_map(|v| v.to_be_bytes()).collect::<Vec<u8>>());
    let (space, kern) = (words(&font.char_space), words(&font.char_kern));
    let file = readprof::font_file(
        font.name.as_bytes(),
        &header,
        [Some(&font.char_data), Some(&loc), space.as_deref(), kern.as_deref()],
    );
    std::fs::write(dir.join("font.bin"), file)?;
    Ok(())
}

/// Builds the program, runs it `count` times under vamos with the trace
/// on and returns the instructions per function, busiest first.
pub fn run(what: &Profiled, count: u32) -> Result<Profile> {
    let built = crate::amiga::build(&[what.name.to_string()])?;
    let root = crate::checkout::root();
    let elf = root.join(format!("target/amiga/build/{}/prog.elf", what.name));
    let syms = symbols(&std::fs::read(&elf).with_context(|| elf.display().to_string())?)?;
    let bases = built[0].image.hunk_bases.clone();
    let work = root.join(format!("target/vamos/{}", what.name));
    let mut cmd = crate::vamos::command(&built[0].hunk_path, &work, &["-I", "-B"])?;
    (what.setup)(&work)?;
    let mut child = cmd
        .arg(format!("COUNT={count}"))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .context("starting vamos")?;
    let stdout = child.stdout.take().unwrap();
    let out_thread = std::thread::spawn(move || std::io::read_to_string(stdout).unwrap_or_default());
    let mut per: HashMap<usize, (u64, u64)> = HashMap::new();
    // A call stack of functions rebuilt from the trace: the instruction
    // after a jsr/bsr is a callee's first, the one after an rts is back in
    // a caller (popped to it), any other change of function is a jump
    // (the top is replaced).
    let mut stack: Vec<usize> = Vec::new();
    let mut last = Kind::Other;
    // (function, its caller) → instructions in the function.
    let mut callers: HashMap<(usize, usize), u64> = HashMap::new();
    let (mut total, mut outside, mut cycles, mut exit) = (0u64, 0u64, 0u64, None);
    for line in BufReader::new(child.stderr.take().unwrap()).lines() {
        let line = line?;
        if let Some(traced) = trace_line(&line) {
            total += 1;
            let addr = traced.at.and_then(|(hunk, off)| Some(bases.get(hunk)?.wrapping_add(off)));
            let kind = traced.kind;
            match addr.and_then(|a| lookup(&syms, a)) {
                Some(f) => {
                    match last {
                        Kind::Call => stack.push(f),
                        Kind::Return => {
                            while stack.last().is_some_and(|&t| t != f) {
                                stack.pop();
                            }
                            if stack.is_empty() {
                                stack.push(f);
                            }
                        }
                        Kind::Other => match stack.last_mut() {
                            Some(t) => *t = f,
                            None => stack.push(f),
                        },
                    }
                    per.entry(f).or_default().0 += 1;
                    if stack.len() >= 2 {
                        *callers.entry((f, stack[stack.len() - 2])).or_default() += 1;
                    }
                    for (i, &g) in stack.iter().enumerate() {
                        if !stack[..i].contains(&g) {
                            per.entry(g).or_default().1 += 1;
                        }
                    }
                }
                None => outside += 1,
            }
            last = kind;
        } else if let Some(v) = crate::vamos::log_field(&line, "total cycles:") {
            cycles = v as u64;
        } else if let Some(v) = crate::vamos::log_field(&line, "done. exit code=") {
            exit = Some(v);
        }
    }
    child.wait()?;
    let stdout = out_thread.join().unwrap_or_default();
    if exit != Some(0) {
        bail!("{} did not end with RC 0 under vamos (exit {exit:?}):\n{stdout}", what.name);
    }
    let mut rows: Vec<Row> = per
        .into_iter()
        .map(|(i, (n, inc))| Row { name: demangle(&syms[i].2), instructions: n, inclusive: inc })
        .collect();
    rows.sort_by(|a, b| b.instructions.cmp(&a.instructions).then(a.name.cmp(&b.name)));
    let mut by_caller: Vec<(String, String, u64)> =
        callers.into_iter().map(|((f, c), n)| (demangle(&syms[f].2), demangle(&syms[c].2), n)).collect();
    by_caller.sort_by_key(|c| core::cmp::Reverse(c.2));
    Ok(Profile { rows, total, outside, cycles, count, by_caller, unit: what.unit, output: stdout })
}

/// Prints the profile's top `n` rows.
pub fn report(p: &Profile, n: usize) {
    print!("{}", p.output);
    println!(
        "{} {}(s), {} instructions traced ({} per {} incl. start-up), {} outside the program's hunks, {} cycles",
        p.count,
        p.unit,
        p.total,
        p.total / u64::from(p.count.max(1)),
        p.unit,
        p.outside,
        p.cycles
    );
    let pct = |n: u64| n as f64 * 100.0 / p.total.max(1) as f64;
    println!("-- self (instructions in the function)");
    for r in p.rows.iter().take(n) {
        println!("{:>9} {:>5.1}%  {}", r.instructions, pct(r.instructions), r.name);
    }
    println!("-- inclusive (instructions while on the call stack)");
    let mut inc: Vec<&Row> = p.rows.iter().collect();
    inc.sort_by(|a, b| b.inclusive.cmp(&a.inclusive).then(a.name.cmp(&b.name)));
    for r in inc.iter().take(n) {
        println!("{:>9} {:>5.1}%  {}", r.inclusive, pct(r.inclusive), r.name);
    }
    println!("-- self instructions by caller (function <- caller)");
    for (f, c, k) in p.by_caller.iter().take(n) {
        println!("{:>9} {:>5.1}%  {f} <- {c}", k, pct(*k));
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Call,
    Return,
    Other,
}

/// One instruction of vamos's labelled trace (`-I -B`).
#[derive(Debug, PartialEq, Eq)]
struct Traced {
    /// The program's hunk (from 0) and the offset in it, bytes; `None`
    /// outside the program (vamos's library stubs and traps).
    at: Option<(usize, u32)>,
    kind: Kind,
}

/// A trace line, `instr: INFO: @<label> +<offset> <label name> <pc>
/// <instruction>`, where a label of the program's hunk `n` is named
/// `<program>_<n>:code` and the offset counts from the hunk's first byte;
/// `None` for other lines.
fn trace_line(line: &str) -> Option<Traced> {
    let rest = line.trim_start().strip_prefix("instr:")?;
    let mut w = rest.split_whitespace().skip_while(|t| *t != "INFO:").skip(1);
    let label = w.next()?;
    let at = if label.starts_with('@') {
        let off = u32::from_str_radix(w.next()?.strip_prefix('+')?, 16).ok()?;
        let name = w.next()?;
        let hunk = name.strip_suffix(":code").and_then(|n| n.rsplit_once('_')).and_then(|(_, k)| k.parse().ok());
        hunk.map(|h| (h, off))
    } else {
        None
    };
    let _pc = u32::from_str_radix(w.next()?, 16).ok()?;
    let kind = match w.next().unwrap_or("") {
        m if m.starts_with("jsr") || m.starts_with("bsr") => Kind::Call,
        "rts" | "rtd" | "rtr" => Kind::Return,
        _ => Kind::Other,
    };
    Some(Traced { at, kind })
}

/// Function symbols of the ELF's code (`.text` and the code parts):
/// (address, size, name), by address.
fn symbols(elf: &[u8]) -> Result<Vec<(u32, u32, String)>> {
    let file = object::File::parse(elf)?;
    let code: Vec<_> = file
        .sections()
        .filter(|s| {
            s.name().is_ok_and(|n| {
                n == ".text"
                    || amiga_toolchain::codeparts::is_part_section(amiga_toolchain::codeparts::File::Program, n)
            })
        })
        .map(|s| s.index())
        .collect();
    if code.is_empty() {
        bail!("no .text");
    }
    let mut v: Vec<(u32, u32, String)> = file
        .symbols()
        .filter(|s| s.section_index().is_some_and(|i| code.contains(&i)) && s.size() > 0)
        .filter_map(|s| Some((s.address() as u32, s.size() as u32, s.name().ok()?.to_string())))
        .collect();
    v.sort();
    Ok(v)
}

/// Index of the symbol that contains `off`.
fn lookup(syms: &[(u32, u32, String)], off: u32) -> Option<usize> {
    let i = syms.partition_point(|s| s.0 <= off).checked_sub(1)?;
    (off < syms[i].0 + syms[i].1).then_some(i)
}

/// `w2c__ZN4core3fmt5write17h…E` → `core::fmt::write` (legacy Rust
/// mangling, with the `$LT$`-style escapes that wasm2c turned into
/// `_LT_`; other names are kept as they are, minus wasm2c's prefix).
fn demangle(name: &str) -> String {
    let n = name.strip_prefix("w2c_").unwrap_or(name);
    let tidy = |p: &str| {
        let mut p = p.to_string();
        for (from, to) in
            [("_LT_", "<"), ("_GT_", ">"), ("_u20_", " "), ("_C_", ","), ("_RF_", "&"), ("_BP_", "*"), ("__", "::")]
        {
            p = p.replace(from, to);
        }
        p.trim_start_matches(':').to_string()
    };
    let Some(mut rest) = n.strip_prefix("_ZN") else { return n.to_string() };
    let mut parts = Vec::new();
    while let Some(end) = rest.find(|c: char| !c.is_ascii_digit()) {
        if end == 0 {
            break;
        }
        let Ok(len) = rest[..end].parse::<usize>() else { break };
        let Some(part) = rest.get(end..end + len) else { break };
        rest = &rest[end + len..];
        if !(part.len() == 17 && part.starts_with('h') && part[1..].bytes().all(|b| b.is_ascii_hexdigit())) {
            parts.push(tidy(
                &part
                    .replace("$LT$", "<")
                    .replace("$GT$", ">")
                    .replace("$u20$", " ")
                    .replace("$C$", ",")
                    .replace("$RF$", "&")
                    .replace("..", "::"),
            ));
        }
    }
    if parts.is_empty() {
        n.to_string()
    } else {
        parts.join("::")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trace_lines_and_names() {
        assert_eq!(
            trace_line(
                "     instr:   INFO:  @004758 +005f7a WalkProf_1:code           00a6da    movem.l D2-D5/A2-A5, -(A7)  "
            ),
            Some(Traced { at: Some((1, 0x5f7a)), kind: Kind::Other })
        );
        assert_eq!(
            trace_line("     instr:   INFO:  @002104 +000000 WalkProf_0:code           00210c    jsr     $214e.l"),
            Some(Traced { at: Some((0, 0)), kind: Kind::Call })
        );
        assert_eq!(
            trace_line("     instr:   INFO:  @001000 +000216 Library(-294)             001216    jmp     $1648.l       ; FindTask"),
            Some(Traced { at: None, kind: Kind::Other })
        );
        assert_eq!(
            trace_line(
                "     instr:   INFO:  @0015e8 +00002a exec.library(Traps)       001612    PyTrap  #$017 ; base_func"
            ),
            Some(Traced { at: None, kind: Kind::Other })
        );
        assert_eq!(trace_line("     instr:   INFO:  N/A      0036fe    rts").map(|t| t.kind), Some(Kind::Return));
        assert_eq!(trace_line("main:  INFO:  total cycles:  12"), None);
        assert_eq!(crate::vamos::log_field("main:  INFO:  done. exit code=0", "done. exit code="), Some(0));
        assert_eq!(
            demangle("w2c__ZN16gadgetscope_core8classify17role_for_class_id17hb2f85e8ca72dec84E"),
            "gadgetscope_core::classify::role_for_class_id"
        );
        assert_eq!(
            demangle("w2c__ZN5alloc3vec16Vec$LT$T$C$A$GT$7reserve17h0123456789abcdefE"),
            "alloc::vec::Vec<T,A>::reserve"
        );
        assert_eq!(demangle("rt_start"), "rt_start");
        assert_eq!(demangle("w2c__ZN4core3ptr13drop_in_place17h0123456789abcdefE"), "core::ptr::drop_in_place");
        let syms = vec![(0, 8, "a".to_string()), (8, 4, "b".to_string()), (20, 4, "c".to_string())];
        assert_eq!(lookup(&syms, 9), Some(1));
        assert_eq!(lookup(&syms, 13), None);
        assert_eq!(lookup(&syms, 21), Some(2));
    }
}
