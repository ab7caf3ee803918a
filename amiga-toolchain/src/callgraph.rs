//! A wasm module's call graph, and the cut that would put a crate's code
//! in a part loaded on demand (docs/design/parts.md): which functions
//! only that crate's code reaches, and which direct calls cross from the
//! rest into it.
//!
//! Our own code: no crate gives a wasm module's direct-call graph with
//! such a cut; `wasmparser` reads the module.

use anyhow::{Context, Result};
use wasmparser::{ElementItems, ElementKind, ExternalKind, KnownCustom, Name, Operator, Parser, Payload};

/// The functions of a module, imported ones first (wasm's function index
/// space), with what each calls directly.
#[derive(Debug, Default, Clone)]
pub struct CallGraph {
    /// Each function's name (the name section's; `f<index>` without one).
    pub names: Vec<String>,
    /// The functions each calls with `call` or `return_call` (none for an
    /// import).
    pub calls: Vec<Vec<u32>>,
    /// Bytes of each function's body in the wasm (0 for an import).
    pub body_bytes: Vec<u32>,
    /// Whether each function makes a `call_indirect` (or
    /// `return_call_indirect`): calls through the table.
    pub indirect: Vec<bool>,
    /// Functions in the table: what `call_indirect` may reach.
    pub table: Vec<u32>,
    /// The table index of each of `table`'s entries (its active element
    /// segment's offset plus its place there).
    pub table_at: Vec<u32>,
    /// How many functions are imported (the first in the index space).
    pub imported: u32,
    /// Exported functions: what the runtime calls.
    pub exports: Vec<u32>,
}

/// Reads `wasm`'s call graph. Err: the module cannot be read.
pub fn read(wasm: &[u8]) -> Result<CallGraph> {
    let mut g = CallGraph::default();
    let mut imported = 0u32;
    let mut next_body = 0u32;
    for payload in Parser::new(0).parse_all(wasm) {
        match payload.context("reading the wasm module")? {
            Payload::ImportSection(r) => {
                for imp in r {
                    let imp = imp?;
                    if let wasmparser::TypeRef::Func(_) = imp.ty {
                        g.names.push(format!("{}.{}", imp.module, imp.name));
                        g.calls.push(Vec::new());
                        g.body_bytes.push(0);
                        g.indirect.push(false);
                        imported += 1;
                        g.imported = imported;
                    }
                }
            }
            Payload::FunctionSection(r) => {
                for _ in 0..r.count() {
                    let i = g.names.len();
                    g.names.push(format!("f{i}"));
                    g.calls.push(Vec::new());
                    g.body_bytes.push(0);
                    g.indirect.push(false);
                }
            }
            Payload::ExportSection(r) => {
                for e in r {
                    let e = e?;
                    if e.kind == ExternalKind::Func {
                        g.exports.push(e.index);
                    }
                }
            }
            Payload::ElementSection(r) => {
                for e in r {
                    let e = e?;
                    let at = match &e.kind {
                        ElementKind::Active { offset_expr, .. } => match offset_expr.get_operators_reader().read()? {
                            Operator::I32Const { value } => Some(value as u32),
                            _ => None,
                        },
                        _ => None,
                    };
                    if let ElementItems::Functions(fs) = e.items {
                        for (i, f) in fs.into_iter().enumerate() {
                            g.table.push(f?);
                            // A segment placed otherwise has no index known
                            // before run time.
                            g.table_at.push(at.map_or(u32::MAX, |a| a + i as u32));
                        }
                    }
                }
            }
            Payload::CodeSectionEntry(body) => {
                let index = (imported + next_body) as usize;
                next_body += 1;
                g.body_bytes[index] = body.range().len() as u32;
                let mut ops = body.get_operators_reader()?;
                while !ops.eof() {
                    match ops.read()? {
                        Operator::Call { function_index } | Operator::ReturnCall { function_index } => {
                            g.calls[index].push(function_index)
                        }
                        Operator::CallIndirect { .. } | Operator::ReturnCallIndirect { .. } => g.indirect[index] = true,
                        _ => {}
                    }
                }
                g.calls[index].sort_unstable();
                g.calls[index].dedup();
            }
            Payload::CustomSection(c) => {
                if let KnownCustom::Name(names) = c.as_known() {
                    for n in names {
                        if let Name::Function(map) = n? {
                            for naming in map {
                                let naming = naming?;
                                if let Some(slot) = g.names.get_mut(naming.index as usize) {
                                    *slot = naming.name.to_string();
                                }
                            }
                        }
                    }
                }
            }
            _ => {}
        }
    }
    Ok(g)
}

/// Where each function would go with a part cut out.
#[derive(Debug, PartialEq, Eq)]
pub struct Cut {
    /// Reached from the exports and the table's entries outside the part,
    /// without going through a part function: stays resident.
    pub resident: Vec<bool>,
    /// Reached only through the part's functions: goes with the part.
    pub part: Vec<bool>,
    /// Direct calls from a resident function into the part (caller,
    /// callee): each must become a call through the table first.
    pub crossings: Vec<(u32, u32)>,
}

/// The seed of a part that holds `code` (amiga_rt::part::Part's `code`):
///
/// - a crate (`gadgetscope_window`): the functions whose names hold the
///   crate's name (its own, and the glue of its concrete types), but not
///   the glue of a trait object (`dyn …`), which calls through the table
///   and serves the resident program as well;
/// - a module (`gadgetscope_system::wblaunch`): the functions defined in
///   it, by their mangled path ([`mangled_path`]); the glue of its types
///   is not seed, so a type the resident program keeps may be made there.
pub fn part_seed(code: &str) -> impl Fn(&str) -> bool + '_ {
    let module = code.contains("::").then(|| mangled_path(code));
    move |name| match &module {
        Some(prefix) => name.starts_with(prefix.as_str()),
        None => name.contains(code) && !name.contains("dyn$u20$"),
    }
}

/// The start of Rust's legacy mangling of the items under `path`
/// (`a::b`): `_ZN`, then each segment as its length and its name.
pub fn mangled_path(path: &str) -> String {
    path.split("::").fold(String::from("_ZN"), |m, seg| format!("{m}{}{seg}", seg.len()))
}

/// Cuts the functions `seed` names (by their names) out of `g`: the
/// resident program is what the exports and the table's other entries
/// reach without entering a seed; the part is what the seeds reach and
/// the resident program does not.
pub fn cut(g: &CallGraph, seed: impl Fn(&str) -> bool) -> Cut {
    let n = g.names.len();
    let is_seed: Vec<bool> = g.names.iter().map(|s| seed(s)).collect();
    let mut resident = vec![false; n];
    let mut crossings = Vec::new();
    let mut stack: Vec<u32> = g.exports.iter().chain(&g.table).copied().filter(|&f| !is_seed[f as usize]).collect();
    while let Some(f) = stack.pop() {
        if std::mem::replace(&mut resident[f as usize], true) {
            continue;
        }
        for &c in &g.calls[f as usize] {
            if is_seed[c as usize] {
                crossings.push((f, c));
            } else if !resident[c as usize] {
                stack.push(c);
            }
        }
    }
    let mut part = vec![false; n];
    let mut stack: Vec<u32> = (0..n as u32).filter(|&f| is_seed[f as usize]).collect();
    while let Some(f) = stack.pop() {
        if resident[f as usize] || std::mem::replace(&mut part[f as usize], true) {
            continue;
        }
        stack.extend(g.calls[f as usize].iter().copied().filter(|&c| !resident[c as usize]));
    }
    crossings.sort_unstable();
    crossings.dedup();
    Cut { resident, part, crossings }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// main -> a -> shared; main -> w (a window function) -> w2 -> shared;
    /// w3 (window, in the table); lonely (nothing reaches it).
    fn graph() -> CallGraph {
        let names = ["main", "a", "shared", "win::w", "w2", "win::w3", "lonely"];
        let calls = vec![vec![1, 3], vec![2], vec![], vec![4], vec![2], vec![4], vec![]];
        CallGraph {
            names: names.iter().map(|s| s.to_string()).collect(),
            body_bytes: vec![10; 7],
            indirect: vec![false; 7],
            calls,
            table: vec![5],
            table_at: vec![1],
            imported: 0,
            exports: vec![0],
        }
    }

    #[test]
    fn the_part_is_what_only_its_seeds_reach() {
        let c = cut(&graph(), |n| n.starts_with("win::"));
        let set = |v: &[bool]| v.iter().enumerate().filter(|(_, &b)| b).map(|(i, _)| i).collect::<Vec<_>>();
        assert_eq!(set(&c.resident), [0, 1, 2], "main, a and the shared function");
        assert_eq!(set(&c.part), [3, 4, 5], "the window functions and w2, which only they call");
        assert_eq!(c.crossings, [(0, 3)], "main calls the window directly");
    }

    #[test]
    fn a_function_both_reach_stays_resident() {
        let mut g = graph();
        g.calls[1].push(4); // a calls w2 too
        let c = cut(&g, |n| n.starts_with("win::"));
        assert!(c.resident[4] && !c.part[4]);
        assert!(c.part[3] && c.part[5]);
    }

    #[test]
    fn a_seed_is_a_crate_or_a_module() {
        let module = part_seed("gadgetscope_system::wblaunch");
        assert!(module("_ZN18gadgetscope_system8wblaunch6launch17h0123456789abcdefE"));
        assert!(module("_ZN18gadgetscope_system8wblaunch7Scratch5write17h0123456789abcdefE"));
        assert!(!module("_ZN18gadgetscope_system9wblaunch26launch17h0123456789abcdefE"), "another module");
        assert!(!module("_ZN4core3ptr75drop_in_place$LT$gadgetscope_system..wblaunch..Scratch$GT$17h01E"), "glue");
        let krate = part_seed("gadgetscope_window");
        assert!(krate("_ZN18gadgetscope_window3gui3Gui3new17h01E"));
        assert!(krate("_ZN4core3ptr60drop_in_place$LT$gadgetscope_window..gui..Gui$GT$17h01E"));
        assert!(!krate("_ZN4core3ptr85drop_in_place$LT$dyn$u20$gadgetscope_window..WindowSide$GT$17h01E"));
        assert_eq!(mangled_path("a::bc"), "_ZN1a2bc");
    }
}
