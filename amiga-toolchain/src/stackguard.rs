//! Which functions keep the stack guard (docs/reference/toolchain.md,
//! "wasm2c and the post-pass"): the post-pass's `FUNC_PROLOGUE` compares
//! the stack pointer with `gs_stack_floor` (runtime.c: the native stack's
//! lower end plus `GS_STACK_RESERVE`, what it keeps for OS calls:
//! `amiga_rt::stack::reserve`, at least 2 KiB, at most 12 KiB). A
//! function keeps it where the depth below it is not bounded at build
//! time; elsewhere the bound is proven and the check dropped.
//!
//! - Kept in every function of a recursive cycle of the direct-call graph
//!   (a strongly connected component of more than one function, or a
//!   function that calls itself), every function that calls through the
//!   table (`call_indirect`), every function in the table (what
//!   `call_indirect` may reach) and every export (what the runtime calls).
//! - For the others, a depth bound over the direct-call graph, which
//!   without the cycles is a DAG: with each function's frame as GCC
//!   measured it (`-fstack-usage`, [`frames`]),
//!   `need(f) = frame(f) + max need(g)` over f's direct callees g that are
//!   unchecked (a checked callee counts 0: it checks itself on entry;
//!   imports count 0, as today: the OS glue and the runtime live in the
//!   reserve). f goes without the check when `need(f) <= BUDGET`; else it
//!   keeps it, and when even then `frame(f) + max need(g) > BUDGET`, its
//!   largest children are made checked until it fits.
//!
//! So below the floor that the last check passed, wasm code uses at most
//! [`BUDGET`] bytes of stack before the next check or an import: OS calls
//! keep at least the reserve less the budget.
//!
//! Our own code: no tool bounds a wasm2c module's stack over GCC's frames.

use crate::callgraph::CallGraph;
use anyhow::{bail, Result};
use std::collections::HashMap;

/// The stack that unchecked wasm code may use below the floor the last
/// check passed. It is taken from what runtime.c's `GS_STACK_RESERVE`
/// keeps for OS calls (at least `amiga_rt::stack::STACK_MIN` less the
/// wasm2c code's share: 2 KiB; GadgetScope's own stack keeps 7 KiB, its
/// window's 12 KiB), which then keep that less 1 KiB; the deepest native
/// stack use measured is in docs/design/performance.md ("Current
/// numbers", high-water marks).
/// 1 KiB covers a chain of typical frames (most are below 100 bytes, the
/// largest of GadgetScope's near 500).
pub const BUDGET: u32 = 1024;

/// Each function's frame in bytes from GCC's `-fstack-usage` file `su`
/// (`file:line:col:name<TAB>size<TAB>qualifiers`), by C name. A function
/// is the largest of its own entry and those of GCC's copies of it
/// (`<name>.constprop.N`, `<name>.isra.N`), plus the frames of the pieces
/// GCC split off it (`<name>.part.N`, `.cold`), which run under its own
/// frame. A function GCC inlined everywhere has no entry (its frame is its
/// callers'). Errors: a line of another shape, or a frame GCC cannot bound
/// (`dynamic` without `bounded`).
pub fn frames(su: &str) -> Result<HashMap<String, u32>> {
    let mut whole: HashMap<String, u32> = HashMap::new();
    let mut pieces: HashMap<String, u32> = HashMap::new();
    for line in su.lines().filter(|l| !l.is_empty()) {
        let fields: Vec<&str> = line.split('\t').collect();
        let [place, size, qual] = fields[..] else { bail!("-fstack-usage: a line of an unexpected shape: {line}") };
        let name = place.rsplit(':').next().unwrap_or("");
        let Ok(size) = size.parse::<u32>() else { bail!("-fstack-usage: a size that is no number: {line}") };
        if qual != "static" && qual != "dynamic,bounded" {
            bail!("-fstack-usage: {name}'s frame is not bounded ({qual})");
        }
        let (base, copy) = name.split_once('.').unwrap_or((name, ""));
        if copy.split('.').any(|c| c == "part" || c == "cold") {
            *pieces.entry(base.to_string()).or_default() += size;
        } else {
            let e = whole.entry(base.to_string()).or_default();
            *e = (*e).max(size);
        }
    }
    for (base, size) in pieces {
        *whole.entry(base).or_default() += size;
    }
    Ok(whole)
}

/// Which of `g`'s functions keep the check, given each function's frame
/// (`frame[f]` by index, imports' ignored) and the budget: `true` for a
/// function that checks. Imports are never checked (they are not the
/// module's).
pub fn checked(g: &CallGraph, frame: &[u32], budget: u32) -> Vec<bool> {
    let n = g.names.len();
    let imported = |f: usize| f < g.imported as usize;
    let mut checked = vec![false; n];
    for &f in g.exports.iter().chain(&g.table) {
        checked[f as usize] = true;
    }
    let sccs = sccs(g);
    for scc in &sccs {
        for &f in scc {
            let f = f as usize;
            checked[f] |= scc.len() > 1 || g.indirect[f] || g.calls[f].contains(&(f as u32));
        }
    }
    checked[..g.imported as usize].fill(false);
    // Callees first (Tarjan's order).
    let mut need = vec![0u32; n];
    for &f in sccs.iter().flatten() {
        let f = f as usize;
        if imported(f) {
            continue;
        }
        let kids = |need: &[u32], checked: &[bool]| {
            g.calls[f].iter().map(|&c| c as usize).filter(|&c| !checked[c] && c != f).map(|c| need[c]).max()
        };
        let fits = |need: &[u32], checked: &[bool]| frame[f].saturating_add(kids(need, checked).unwrap_or(0)) <= budget;
        if !checked[f] && fits(&need, &checked) {
            need[f] = frame[f] + kids(&need, &checked).unwrap_or(0);
            continue;
        }
        checked[f] = true;
        while !fits(&need, &checked) {
            // Its largest unchecked child checks itself from now on; one
            // that fits the budget alone also fits it checked.
            let biggest = g.calls[f]
                .iter()
                .map(|&c| c as usize)
                .filter(|&c| !checked[c] && c != f && !imported(c))
                .max_by_key(|&c| need[c]);
            let Some(c) = biggest else { break }; // its frame alone is larger than the budget
            checked[c] = true;
            need[c] = 0;
        }
    }
    checked
}

/// Checks that `checked` bounds every chain of unchecked calls by
/// `budget` with the frames `frame` (those of the compile that is
/// shipped): every function's frame plus its deepest chain of unchecked
/// callees is within it, but for a checked function whose frame alone is
/// larger, whose callees all check. Errors name the function and the
/// chain.
pub fn verify(g: &CallGraph, frame: &[u32], checked: &[bool], budget: u32) -> Result<()> {
    let n = g.names.len();
    let mut need: Vec<Option<u64>> = vec![None; n];
    let unchecked = || (g.imported as usize..n).filter(|&f| !checked[f]);
    for f in unchecked() {
        if g.calls[f].contains(&(f as u32)) || g.indirect[f] {
            bail!("stack guard: {} calls itself or through the table but has no check", g.names[f]);
        }
    }
    let mut path = vec![false; n];
    for f in unchecked() {
        depth(g, f, frame, checked, &mut need, &mut path)?;
    }
    for f in g.imported as usize..n {
        let kids = g.calls[f]
            .iter()
            .map(|&c| c as usize)
            .filter(|&c| !checked[c] && c >= g.imported as usize && c != f)
            .map(|c| (need[c].expect("every unchecked function's depth is known"), c))
            .max();
        let total = u64::from(frame[f]) + kids.map_or(0, |k| k.0);
        let alone_too_large = checked[f] && frame[f] > budget && kids.is_none();
        if total > u64::from(budget) && !alone_too_large {
            let mut chain = vec![g.names[f].clone()];
            let mut at = kids.map(|k| k.1);
            while let Some(c) = at {
                chain.push(g.names[c].clone());
                at = g.calls[c]
                    .iter()
                    .map(|&k| k as usize)
                    .filter(|&k| !checked[k] && k >= g.imported as usize && k != c)
                    .max_by_key(|&k| need[k].unwrap_or(0));
            }
            bail!(
                "stack guard: {total} bytes of stack without a check, more than the budget of {budget}: {}",
                chain.join(" -> ")
            );
        }
    }
    Ok(())
}

/// The deepest chain of unchecked calls from the unchecked function `f`,
/// its own frame included (memoised in `need`). Error: a cycle of
/// unchecked functions, which nothing bounds.
fn depth(
    g: &CallGraph,
    f: usize,
    frame: &[u32],
    checked: &[bool],
    need: &mut [Option<u64>],
    path: &mut [bool],
) -> Result<u64> {
    if let Some(d) = need[f] {
        return Ok(d);
    }
    if std::mem::replace(&mut path[f], true) {
        bail!("stack guard: a cycle of calls without a check through {}", g.names[f]);
    }
    let mut deepest = 0;
    for &c in &g.calls[f] {
        let c = c as usize;
        if !checked[c] && c >= g.imported as usize && c != f {
            deepest = deepest.max(depth(g, c, frame, checked, need, path)?);
        }
    }
    path[f] = false;
    let d = u64::from(frame[f]) + deepest;
    need[f] = Some(d);
    Ok(d)
}

/// The strongly connected components of `g`'s direct-call graph, callees
/// first (Tarjan's algorithm, without recursion: GadgetScope's chains are
/// deep).
fn sccs(g: &CallGraph) -> Vec<Vec<u32>> {
    let n = g.names.len();
    let (mut index, mut low, mut on) = (vec![u32::MAX; n], vec![0u32; n], vec![false; n]);
    let (mut next, mut stack, mut out) = (0u32, Vec::new(), Vec::new());
    for root in 0..n {
        if index[root] != u32::MAX {
            continue;
        }
        // (function, next callee to look at)
        let mut work = vec![(root, 0usize)];
        while let Some(&mut (f, ref mut k)) = work.last_mut() {
            if *k == 0 && index[f] == u32::MAX {
                index[f] = next;
                low[f] = next;
                next += 1;
                stack.push(f as u32);
                on[f] = true;
            }
            if let Some(&c) = g.calls[f].get(*k) {
                *k += 1;
                let c = c as usize;
                if index[c] == u32::MAX {
                    work.push((c, 0));
                } else if on[c] {
                    low[f] = low[f].min(index[c]);
                }
                continue;
            }
            work.pop();
            if let Some(&(parent, _)) = work.last() {
                low[parent] = low[parent].min(low[f]);
            }
            if low[f] == index[f] {
                let mut scc = Vec::new();
                loop {
                    let m = stack.pop().expect("f is on the stack");
                    on[m as usize] = false;
                    scc.push(m);
                    if m as usize == f {
                        break;
                    }
                }
                out.push(scc);
            }
        }
    }
    out
}

/// Each of `g`'s functions' frame from `frames` by the C names of the
/// module's defined functions `c_names` (in index order); 0 for an import
/// and for a function GCC inlined everywhere.
pub fn frame_by_index(g: &CallGraph, c_names: &[String], frames: &HashMap<String, u32>) -> Vec<u32> {
    let mut out = vec![0; g.imported as usize];
    out.extend(c_names.iter().map(|n| frames.get(n).copied().unwrap_or(0)));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A graph of `calls` (index → callees), none imported, `0` exported.
    fn graph(calls: Vec<Vec<u32>>) -> CallGraph {
        let n = calls.len();
        CallGraph {
            names: (0..n).map(|i| format!("f{i}")).collect(),
            body_bytes: vec![10; n],
            indirect: vec![false; n],
            calls,
            table: vec![],
            table_at: vec![],
            imported: 0,
            exports: vec![0],
        }
    }

    fn set(v: &[bool]) -> Vec<usize> {
        v.iter().enumerate().filter(|(_, &b)| b).map(|(i, _)| i).collect()
    }

    #[test]
    fn a_recursive_pair_keeps_its_checks() {
        // 0 -> 1 <-> 2 -> 3; 4 calls itself.
        let g = graph(vec![vec![1, 4], vec![2], vec![1, 3], vec![], vec![4]]);
        let frames = [10; 5];
        let c = checked(&g, &frames, BUDGET);
        assert_eq!(set(&c), [0, 1, 2, 4], "the export, the pair and the self-call; not the leaf");
        verify(&g, &frames, &c, BUDGET).unwrap();
        // Without the pair's checks nothing bounds it.
        let mut bad = c.clone();
        (bad[1], bad[2]) = (false, false);
        let e = verify(&g, &frames, &bad, BUDGET).unwrap_err().to_string();
        assert!(e.contains("a cycle of calls without a check"), "{e}");
        let mut bad = c.clone();
        bad[4] = false;
        let e = verify(&g, &frames, &bad, BUDGET).unwrap_err().to_string();
        assert!(e.contains("f4 calls itself"), "{e}");
    }

    #[test]
    fn an_indirect_caller_and_the_table_keep_it() {
        // 0 -> 1 (indirect caller) ; 0 -> 2 -> 3 (3 in the table).
        let mut g = graph(vec![vec![1, 2], vec![], vec![3], vec![]]);
        g.indirect[1] = true;
        g.table = vec![3];
        let c = checked(&g, &[10; 4], BUDGET);
        assert_eq!(set(&c), [0, 1, 3], "2 is a plain function on a short chain");
        let mut bad = c.clone();
        bad[1] = false;
        assert!(verify(&g, &[10; 4], &bad, BUDGET).unwrap_err().to_string().contains("f1 calls"));
    }

    #[test]
    fn a_deep_chain_gets_a_check_where_the_budget_runs_out() {
        // 0 -> 1 -> 2 -> … -> 9, 300 bytes each: 3 frames fit 1 KiB, 4 do not.
        let n = 10;
        let g = graph((0..n).map(|i| if i + 1 < n { vec![i as u32 + 1] } else { vec![] }).collect());
        let frames = vec![300; n];
        let c = checked(&g, &frames, BUDGET);
        // From the leaf: 9, 8, 7 fit (900); 6 would need 1 200 and checks,
        // and as its frame and 7's chain still exceed the budget, 7 checks
        // too; then 5, 4, 3 fit again, 2 checks and so does 3; 1; 0 is
        // exported.
        assert_eq!(set(&c), [0, 2, 3, 6, 7], "{c:?}");
        verify(&g, &frames, &c, BUDGET).unwrap();
        let mut bad = c.clone();
        (bad[6], bad[7]) = (false, false);
        let e = verify(&g, &frames, &bad, BUDGET).unwrap_err().to_string();
        assert!(e.contains("2100 bytes of stack without a check, more than the budget of 1024: f3 -> f4 -> f5 -> f6 -> f7 -> f8 -> f9"), "{e}");
    }

    #[test]
    fn a_frame_too_large_for_the_budget_checks_and_its_children_too() {
        // 0 -> 1 (2 000 bytes) -> 2 -> 3; 0 -> 4 (small).
        let g = graph(vec![vec![1, 4], vec![2], vec![3], vec![], vec![]]);
        let frames = [16, 2000, 40, 40, 40];
        let c = checked(&g, &frames, BUDGET);
        assert_eq!(set(&c), [0, 1, 2], "the large frame checks, and so does its child; 3 and 4 do not");
        verify(&g, &frames, &c, BUDGET).unwrap();
        // Its child unchecked: the frame and the chain below it exceed the budget.
        let mut bad = c.clone();
        bad[2] = false;
        let e = verify(&g, &frames, &bad, BUDGET).unwrap_err().to_string();
        assert!(e.contains("2080 bytes of stack without a check") && e.contains("f1 -> f2 -> f3"), "{e}");
    }

    #[test]
    fn the_largest_child_is_checked_first() {
        // 0 -> 1 (200 bytes), 2 (700), 3 (900); 0's frame 200: 3 must check,
        // then 2 fits (200 + 700).
        let g = graph(vec![vec![1, 2, 3], vec![], vec![], vec![]]);
        let c = checked(&g, &[200, 200, 700, 900], BUDGET);
        assert_eq!(set(&c), [0, 3]);
    }

    #[test]
    fn frames_take_gccs_copies_and_pieces() {
        let su = "prog.c:10:13:w2c_a\t40\tstatic\n\
                  prog.c:10:13:w2c_a.constprop.0\t56\tdynamic,bounded\n\
                  prog.c:10:13:w2c_a.isra.0\t48\tstatic\n\
                  prog.c:20:13:w2c_b\t20\tstatic\n\
                  prog.c:20:13:w2c_b.part.0\t100\tdynamic,bounded\n\
                  prog.c:30:13:w2c_c.part.0\t12\tstatic\n";
        let f = frames(su).unwrap();
        assert_eq!((f["w2c_a"], f["w2c_b"], f["w2c_c"]), (56, 120, 12));
        assert!(frames("prog.c:1:1:w2c_x\t8\tdynamic\n").unwrap_err().to_string().contains("not bounded"));
        assert!(frames("prog.c:1:1:w2c_x 8 static\n").is_err());
    }
}
