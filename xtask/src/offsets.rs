//! The offsets rule of the checks stage: a structure offset is an NDK fact,
//! defined once in the `amiga-ndk` crate (`amiga-ndk/src`) under the NDK's name
//! and used by that name everywhere else. Outside `ndk`, code that reads
//! or writes Amiga memory must not spell an offset as a number.
//!
//! What is rejected, in every Rust file of the repository outside `amiga-ndk/`
//! (and `target/`), comments, strings and tests aside (`#[cfg(test)]`
//! items, a `tests/` folder, a `tests.rs` module file: a test may check a
//! layout against the numbers):
//!
//! 1. **A number added to an address**: an additive term that is an
//!    integer literal (`24`, `0x18`, `24u32`, `24 as u32`) in the address
//!    argument of a memory access: `peek32(w + 24)`, `mem::peek16(b.win +
//!    4)`, `m.peek8(name + 1 + i)`, `rt_peek16(self.base + 20)`,
//!    `copy_in(w - 8, n)`, `f.peek_u32(w + 62)`. The accesses are the calls
//!    (functions or methods) named `peek8`, `peek16`, `peek32`, `poke8`,
//!    `poke16`, `poke32`, `peek_u8`, `peek_u16`, `peek_u32` (each also with
//!    `rt_` before), `copy_in`, `copy_into`, `copy_cstr` and `c_string`;
//!    their first argument is the address.
//! 2. **A number as the offset into a copy**: the offset argument (the
//!    second) of the big-endian readers `be_u16`, `be_u32`, `be_i16`,
//!    `be_i8`, `u16_at`, `u32_at`, `i16_at` is an integer literal or has
//!    one as an additive term: `u32_at(b, 20)`, `be_u32(fib, fib_Date +
//!    4)`.
//! 3. **An offset declared by number outside `ndk`**: in the same places,
//!    a term naming a constant that the same file declares as a bare
//!    integer literal (`const MH_FIRST: u32 = 16;` then `peek32(mh +
//!    MH_FIRST)`, also written `module::MH_FIRST`): the fact belongs in
//!    `amiga_ndk`, under the NDK's name (or, for what the NDK does not
//!    have, under a name citing its source, as `amiga_ndk::aros` does).
//!
//! Not rejected: a multiple of an index (`bm_Planes + 4 * i`: an array's
//! elements); an address argument of one term (`peek32(4)`, an address;
//! `handler.peek32(ST_HEAD)`, an offset the method adds itself); other
//! arguments (`copy_in(a, 16)`, a length); terms that are names from
//! `amiga_ndk` or computed values. Not seen: a number put in a variable
//! first (`let o = 24; peek32(w + o)`), arithmetic outside these calls, and
//! accessors by other names.

use anyhow::{Context, Result};
use std::path::Path;

/// The crate whose files may spell offsets as numbers: where they are
/// defined.
pub const NDK: &str = "amiga-ndk";

/// The memory accesses whose first argument is an address (rule 1).
const ADDRESS_CALLS: &[&str] = &[
    "peek8",
    "peek16",
    "peek32",
    "poke8",
    "poke16",
    "poke32",
    "peek_u8",
    "peek_u16",
    "peek_u32",
    "rt_peek8",
    "rt_peek16",
    "rt_peek32",
    "rt_poke8",
    "rt_poke16",
    "rt_poke32",
    "copy_in",
    "copy_into",
    "copy_cstr",
    "c_string",
];

/// The big-endian readers whose second argument is an offset (rule 2).
const OFFSET_CALLS: &[&str] = &["be_u16", "be_u32", "be_i16", "be_i8", "u16_at", "u32_at", "i16_at"];

/// Every breach of the rule in the workspace's Rust outside `amiga-ndk/`, one
/// line each (`path:line: what`; empty: none).
pub fn check_tree() -> Result<Vec<String>> {
    let root = crate::checkout::root();
    let mut files = Vec::new();
    let ndk = root.join(NDK);
    let skip = [&ndk];
    crate::source::rust_files(&root, &skip, &mut files)?;
    let mut problems = Vec::new();
    for f in &files {
        let rel = f.strip_prefix(&root).unwrap_or(f);
        if skipped(rel) {
            continue;
        }
        let text = std::fs::read_to_string(f).with_context(|| f.display().to_string())?;
        for (line, what) in numeric_offsets(&text) {
            problems.push(format!("{}:{line}: {what}", rel.display()));
        }
    }
    Ok(problems)
}

/// Files that are tests as a whole (an integration test's `tests/`
/// folder, a module file named `tests.rs`, declared `#[cfg(test)] mod
/// tests;`), or not the workspace's (`target/`).
fn skipped(rel: &Path) -> bool {
    let parts: Vec<String> = rel.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect();
    parts.first().is_some_and(|p| p == "target")
        || parts.iter().rev().skip(1).any(|p| p == "tests")
        || parts.last().is_some_and(|p| p == "tests.rs")
}

/// The numeric offsets in one file's text: (1-based line, what was found).
pub fn numeric_offsets(text: &str) -> Vec<(usize, String)> {
    let code = without_tests(&crate::source::code_only(text));
    let literal_consts = literal_consts(&code);
    let b = code.as_bytes();
    let mut found = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if !is_ident_start(b[i]) || (i > 0 && is_ident(b[i - 1])) {
            i += 1;
            continue;
        }
        let start = i;
        while i < b.len() && is_ident(b[i]) {
            i += 1;
        }
        let name = &code[start..i];
        let arg = if ADDRESS_CALLS.contains(&name) {
            0
        } else if OFFSET_CALLS.contains(&name) {
            1
        } else {
            continue;
        };
        // A call, not the function's definition (`fn peek32(`).
        let open = skip_space(b, i);
        if b.get(open) != Some(&b'(') || previous_word(&code, start) == Some("fn") {
            continue;
        }
        let Some(close) = matching(b, open) else { continue };
        let args = split_top(&code[open + 1..close], b',');
        let Some(expr) = args.get(arg) else { continue };
        let line = code[..start].matches('\n').count() + 1;
        let terms = additive_terms(expr);
        // An address argument of one term is the address itself, not an
        // offset; a reader's offset argument is an offset as it stands.
        if terms.len() == 1 && arg == 0 {
            continue;
        }
        let call =
            if arg == 0 { format!("{name}({})", squeeze(expr)) } else { format!("{name}(…, {})", squeeze(expr)) };
        for t in &terms {
            let what = if is_int_literal(t) {
                format!("the number {t} as an offset in {call}: name it from amiga_ndk")
            } else if let Some(c) = literal_consts.iter().find(|c| last_segment(t) == c.as_str()) {
                format!("{c} is declared in this file by number and used as an offset in {call}: use amiga_ndk's name")
            } else {
                continue;
            };
            if !found.contains(&(line, what.clone())) {
                found.push((line, what));
            }
        }
    }
    found
}

fn is_ident_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_'
}

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

fn skip_space(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && b[i].is_ascii_whitespace() {
        i += 1;
    }
    i
}

/// The word before byte `at` (after skipping spaces), if it is one.
fn previous_word(code: &str, at: usize) -> Option<&str> {
    let before = code[..at].trim_end();
    let start = before.rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).map_or(0, |k| k + 1);
    (start < before.len()).then(|| &before[start..])
}

/// The index of the bracket closing the one at `open` (`(`, `[`, `{`).
fn matching(b: &[u8], open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (k, &c) in b.iter().enumerate().skip(open) {
        match c {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(k);
                }
            }
            _ => {}
        }
    }
    None
}

/// `s` cut at `sep` where no bracket is open.
fn split_top(s: &str, sep: u8) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut depth = 0i32;
    let mut from = 0;
    for (k, c) in s.bytes().enumerate() {
        match c {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => depth -= 1,
            _ if c == sep && depth == 0 => {
                parts.push(&s[from..k]);
                from = k + 1;
            }
            _ => {}
        }
    }
    parts.push(&s[from..]);
    parts
}

/// The terms of a sum or difference (`w + wd_Width as u32 - 4` gives
/// `w`, `wd_Width`, `4`), each without its `as <type>` casts; a whole
/// term in parentheses is looked into. A unary minus and `->` are not
/// operators here.
fn additive_terms(expr: &str) -> Vec<String> {
    let mut terms = Vec::new();
    let b = expr.as_bytes();
    let mut depth = 0i32;
    let mut from = 0;
    let mut prev_operand = false;
    for (k, &c) in b.iter().enumerate() {
        match c {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => depth -= 1,
            b'+' | b'-' if depth == 0 && prev_operand && b.get(k + 1) != Some(&b'>') => {
                terms.push(&expr[from..k]);
                from = k + 1;
                prev_operand = false;
                continue;
            }
            _ => {}
        }
        if !c.is_ascii_whitespace() {
            // An operand ends in a word, a literal or a closing bracket.
            prev_operand = is_ident(c) || matches!(c, b')' | b']' | b'}');
        }
    }
    terms.push(&expr[from..]);
    let mut out = Vec::new();
    for t in terms {
        let t = strip_casts(t.trim());
        match t.strip_prefix('(').and_then(|r| r.strip_suffix(')')) {
            Some(inner) if matching(t.as_bytes(), 0) == Some(t.len() - 1) => out.extend(additive_terms(inner)),
            _ => out.push(t.to_string()),
        }
    }
    out
}

/// `t` without trailing `as <type>` casts.
fn strip_casts(mut t: &str) -> &str {
    while let Some(k) = t.rfind(" as ") {
        let ty = t[k + 4..].trim();
        if ty.is_empty() || !ty.bytes().all(|c| is_ident(c) || c == b':') {
            break;
        }
        t = t[..k].trim_end();
    }
    t
}

/// True for an integer literal: decimal, `0x`, `0o` or `0b`, with `_`s and
/// an optional integer suffix.
fn is_int_literal(t: &str) -> bool {
    let t = ["u8", "u16", "u32", "u64", "usize", "i8", "i16", "i32", "i64", "isize"]
        .iter()
        .find_map(|s| t.strip_suffix(s))
        .unwrap_or(t);
    let digits = |s: &str, ok: fn(char) -> bool| !s.is_empty() && s.chars().all(|c| ok(c) || c == '_');
    if let Some(h) = t.strip_prefix("0x") {
        digits(h, |c| c.is_ascii_hexdigit())
    } else if let Some(o) = t.strip_prefix("0o") {
        digits(o, |c| c.is_digit(8))
    } else if let Some(b) = t.strip_prefix("0b") {
        digits(b, |c| c == '0' || c == '1')
    } else {
        t.starts_with(|c: char| c.is_ascii_digit()) && digits(t, |c| c.is_ascii_digit())
    }
}

/// The last segment of a path (`aros::ET_REGFRAME` gives `ET_REGFRAME`).
fn last_segment(t: &str) -> &str {
    t.rsplit("::").next().unwrap_or(t).trim()
}

/// `expr` with its runs of white space made one space, for messages.
fn squeeze(expr: &str) -> String {
    expr.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The names of the constants `code` declares as a bare integer literal
/// (`const X: u32 = 16;`, `pub const X: usize = 0x10;`).
fn literal_consts(code: &str) -> Vec<String> {
    let mut names = Vec::new();
    let b = code.as_bytes();
    for (at, _) in code.match_indices("const ") {
        if at > 0 && is_ident(b[at - 1]) {
            continue;
        }
        let decl = &code[at + 6..];
        let Some(end) = decl.find(';') else { continue };
        let Some((name, rest)) = decl[..end].split_once(':') else { continue };
        let Some((_, value)) = rest.split_once('=') else { continue };
        let name = name.trim();
        if is_int_literal(value.trim()) && !name.is_empty() && name.bytes().all(is_ident) {
            names.push(name.to_string());
        }
    }
    names
}

/// `code` with each `#[cfg(test)]` item (a test module, a test helper)
/// blanked, line breaks kept: tests may check a layout against numbers.
fn without_tests(code: &str) -> String {
    let mut out = code.as_bytes().to_vec();
    let mut from = 0;
    while let Some(k) = code[from..].find("#[cfg(test)]") {
        let at = from + k;
        let rest = &code.as_bytes()[at..];
        let end = match rest.iter().position(|&c| c == b'{' || c == b';') {
            Some(p) if rest[p] == b'{' => matching(code.as_bytes(), at + p).map_or(code.len(), |e| e + 1),
            Some(p) => at + p + 1,
            None => code.len(),
        };
        for c in &mut out[at..end] {
            if *c != b'\n' {
                *c = b' ';
            }
        }
        from = end;
    }
    String::from_utf8(out).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(text: &str) -> Vec<usize> {
        numeric_offsets(text).into_iter().map(|(l, _)| l).collect()
    }

    #[test]
    fn a_planted_offset_is_found() {
        // Each line plants one numeric offset the rule must reject.
        let planted = "fn f(w: u32, b: &[u8]) {\n\
                       let x = mem::peek32(w + 24);\n\
                       let y = peek16(w + 0x18);\n\
                       let z = m.peek8(name + 1 + i);\n\
                       let l = unsafe { crate::rt::rt_peek16(self.base + 20) as u16 };\n\
                       let s = peek32(seg - 4);\n\
                       let t = peek32((w + 24u32) as u32);\n\
                       unsafe { mem::poke32(p + 14 as u32, 0) };\n\
                       let c = copy_in(w + wd_Title as u32 + 2, 4);\n\
                       let q = u32_at(b, 20)?;\n\
                       let d = be_u32(fib, fib_Date + 4);\n\
                       let e = f.peek_u32(\n    w\n    + 62,\n);\n\
                       }\n";
        assert_eq!(found(planted), [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
        let redeclared = "mod aros { pub const ET_REGFRAME: u32 = 98; }\n\
                          const MH_FIRST: u32 = 16;\n\
                          fn f() { peek32(mh + MH_FIRST); peek32(et + aros::ET_REGFRAME); }\n";
        assert_eq!(found(redeclared), [3, 3]);
        let what = numeric_offsets("fn f() { peek32(w + 24); }\n");
        assert_eq!(what, [(1, "the number 24 as an offset in peek32(w + 24): name it from amiga_ndk".to_string())]);
    }

    #[test]
    fn named_offsets_indexes_and_other_code_pass() {
        let fine = "use amiga_ndk::intuition::*;\n\
                    const ROOM: usize = 16;\n\
                    fn peek32(addr: u32) -> u32 { 0 }\n\
                    fn f(w: u32, b: &[u8]) {\n\
                    let x = mem::peek32(w + wd_Title as u32);\n\
                    let p = mem::peek32(bitmap + bm_Planes as u32 + 4 * i);\n\
                    let s = mem::peek32(4);\n\
                    let c = copy_in(a, 16);\n\
                    let d = copy_in(a, ROOM + 1);\n\
                    let v = be_u32(b, (i + 1) * SCREEN_LINKS + sc_FirstWindow);\n\
                    let n = w + 24;\n\
                    let it = list.iter().peekable();\n\
                    // peek32(w + 24) in a comment\n\
                    let t = \"peek32(w + 24)\";\n\
                    let o = f.peek_u32(w + wd_Flags as u32 - mp_SigBit);\n\
                    let arrow = call(|x| -> u32 { peek32(x) });\n\
                    }\n\
                    #[cfg(test)]\n\
                    mod tests {\n\
                    fn layout() { assert_eq!(be_u32(&out, 4), 0xAAAA_AAAA); peek32(w + 24); }\n\
                    }\n";
        assert_eq!(numeric_offsets(fine), Vec::new());
    }

    #[test]
    fn literals_and_terms() {
        for t in ["24", "0x18", "24u32", "1_000", "0b1", "0o7"] {
            assert!(is_int_literal(t), "{t}");
        }
        for t in ["x", "w24", "0x", "", "2.0", "u32"] {
            assert!(!is_int_literal(t), "{t}");
        }
        assert_eq!(additive_terms("w + wd_Width as u32 - 4"), ["w", "wd_Width", "4"]);
        assert_eq!(additive_terms("(a + 2) as u32"), ["a", "2"]);
        assert_eq!(additive_terms("-4 + x"), ["-4", "x"]);
        assert_eq!(additive_terms("f(a + 1) + 3 * i"), ["f(a + 1)", "3 * i"]);
        assert_eq!(literal_consts("pub const A: u32 = 16;\nconst B: usize = A + 1;\nconst C: u8 = 0x1F;"), ["A", "C"]);
    }

    #[test]
    fn the_tree_has_no_numeric_offset() {
        let problems = check_tree().unwrap();
        assert!(problems.is_empty(), "{}", problems.join("\n"));
    }
}
