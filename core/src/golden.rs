//! Golden-file comparison: byte-exact, with a unified diff on mismatch.
//!
//! A golden file is the TREE text of one window plus a final LF
//! (docs/reference/formats.md, "Golden files"). The diff is line-based (LF), 3
//! lines of context, in the `diff -u` layout, including
//! `\ No newline at end of file` markers.

#![warn(missing_docs)]

use alloc::vec::Vec;

use crate::text::push_int;

/// Lines of context around each change.
const CONTEXT: usize = 3;
/// Largest LCS table (cells) after trimming the common prefix and suffix;
/// beyond it the differing middle is shown as one replacement.
const MAX_CELLS: usize = 4_000_000;

#[derive(Clone, Copy, PartialEq, Eq)]
struct Line<'a> {
    text: &'a [u8],
    newline: bool,
}

fn lines(b: &[u8]) -> Vec<Line<'_>> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, &c) in b.iter().enumerate() {
        if c == b'\n' {
            out.push(Line { text: &b[start..i], newline: true });
            start = i + 1;
        }
    }
    if start < b.len() {
        out.push(Line { text: &b[start..], newline: false });
    }
    out
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Op {
    Keep,
    Del,
    Ins,
}

/// Edit script from old `a` to new `b`: (op, index into a or b).
fn script(a: &[Line], b: &[Line]) -> Vec<(Op, usize)> {
    let mut pre = 0;
    while pre < a.len() && pre < b.len() && a[pre] == b[pre] {
        pre += 1;
    }
    let mut suf = 0;
    while suf < a.len() - pre && suf < b.len() - pre && a[a.len() - 1 - suf] == b[b.len() - 1 - suf] {
        suf += 1;
    }
    let (am, bm) = (&a[pre..a.len() - suf], &b[pre..b.len() - suf]);
    let mut ops: Vec<(Op, usize)> = (0..pre).map(|i| (Op::Keep, i)).collect();
    let (n, m) = (am.len(), bm.len());
    if (n + 1).saturating_mul(m + 1) > MAX_CELLS {
        ops.extend((0..n).map(|i| (Op::Del, pre + i)));
        ops.extend((0..m).map(|j| (Op::Ins, pre + j)));
    } else {
        // lcs[i][j] = LCS length of am[i..] and bm[j..].
        let w = m + 1;
        let mut lcs = alloc::vec![0u32; (n + 1) * w];
        for i in (0..n).rev() {
            for j in (0..m).rev() {
                lcs[i * w + j] = if am[i] == bm[j] {
                    lcs[(i + 1) * w + j + 1] + 1
                } else {
                    lcs[(i + 1) * w + j].max(lcs[i * w + j + 1])
                };
            }
        }
        let (mut i, mut j) = (0, 0);
        while i < n || j < m {
            if i < n && j < m && am[i] == bm[j] {
                ops.push((Op::Keep, pre + i));
                i += 1;
                j += 1;
            } else if i < n && (j == m || lcs[(i + 1) * w + j] >= lcs[i * w + j + 1]) {
                // Deletions before insertions, as diff -u shows them.
                ops.push((Op::Del, pre + i));
                i += 1;
            } else {
                ops.push((Op::Ins, pre + j));
                j += 1;
            }
        }
    }
    ops.extend((0..suf).map(|k| (Op::Keep, a.len() - suf + k)));
    ops
}

fn push_line(out: &mut Vec<u8>, mark: u8, l: Line) {
    out.push(mark);
    out.extend_from_slice(l.text);
    out.push(b'\n');
    if !l.newline {
        out.extend_from_slice(b"\\ No newline at end of file\n");
    }
}

fn push_range(out: &mut Vec<u8>, start: usize, len: usize) {
    // diff -u: 1-based start; an empty range names the line before it.
    push_int(out, if len == 0 { start } else { start + 1 } as i64);
    if len != 1 {
        out.push(b',');
        push_int(out, len as i64);
    }
}

/// Unified diff of `expected` (old) against `actual` (new), or `None` when
/// they are byte-identical. Labels go on the `---` / `+++` lines.
pub fn unified_diff(expected: &[u8], actual: &[u8], expected_label: &[u8], actual_label: &[u8]) -> Option<Vec<u8>> {
    if expected == actual {
        return None;
    }
    let (a, b) = (lines(expected), lines(actual));
    let ops = script(&a, &b);
    // Old/new line numbers before each op.
    let mut pos = Vec::with_capacity(ops.len() + 1);
    let (mut oi, mut ni) = (0usize, 0usize);
    for &(op, _) in &ops {
        pos.push((oi, ni));
        match op {
            Op::Keep => {
                oi += 1;
                ni += 1;
            }
            Op::Del => oi += 1,
            Op::Ins => ni += 1,
        }
    }
    pos.push((oi, ni));
    let mut out = Vec::new();
    out.extend_from_slice(b"--- ");
    out.extend_from_slice(expected_label);
    out.extend_from_slice(b"\n+++ ");
    out.extend_from_slice(actual_label);
    out.push(b'\n');
    let changed: Vec<usize> = (0..ops.len()).filter(|&k| ops[k].0 != Op::Keep).collect();
    let mut c = 0;
    while c < changed.len() {
        let first = changed[c];
        let mut last = first;
        while c + 1 < changed.len() && changed[c + 1] - last <= 2 * CONTEXT + 1 {
            c += 1;
            last = changed[c];
        }
        c += 1;
        let from = first.saturating_sub(CONTEXT);
        let to = (last + 1 + CONTEXT).min(ops.len());
        let (o0, n0) = pos[from];
        let (o1, n1) = pos[to];
        out.extend_from_slice(b"@@ -");
        push_range(&mut out, o0, o1 - o0);
        out.extend_from_slice(b" +");
        push_range(&mut out, n0, n1 - n0);
        out.extend_from_slice(b" @@\n");
        for &(op, k) in &ops[from..to] {
            match op {
                Op::Keep => push_line(&mut out, b' ', a[k]),
                Op::Del => push_line(&mut out, b'-', a[k]),
                Op::Ins => push_line(&mut out, b'+', b[k]),
            }
        }
    }
    Some(out)
}

/// Compare produced text with a golden file's bytes: `Ok(())` when
/// identical, else `Err(unified diff)` labelled `golden` / `actual`.
pub fn compare_golden(golden: &[u8], actual: &[u8]) -> Result<(), Vec<u8>> {
    match unified_diff(golden, actual, b"golden", b"actual") {
        None => Ok(()),
        Some(d) => Err(d),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn diff(a: &str, b: &str) -> String {
        String::from_utf8(unified_diff(a.as_bytes(), b.as_bytes(), b"a", b"b").unwrap()).unwrap()
    }

    #[test]
    fn identical_is_none() {
        assert!(unified_diff(b"x\n", b"x\n", b"a", b"b").is_none());
        assert!(compare_golden(b"", b"").is_ok());
    }

    #[test]
    fn one_changed_line_with_context() {
        let a = "1\n2\n3\n4\n5\n6\n7\n8\n9\n";
        let b = "1\n2\n3\n4\nFIVE\n6\n7\n8\n9\n";
        assert_eq!(diff(a, b), "--- a\n+++ b\n@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+FIVE\n 6\n 7\n 8\n");
    }

    #[test]
    fn far_apart_changes_make_two_hunks() {
        let a: String = (1..=20).map(|i| format!("{i}\n")).collect();
        let b = a.replace("2\n", "two\n").replacen("19\n", "nineteen\n", 1);
        let d = diff(&a, &b);
        assert_eq!(d.matches("@@ -").count(), 2, "{d}");
        assert!(d.contains("-2\n+two\n"));
        assert!(d.contains("-19\n+nineteen\n"));
    }

    #[test]
    fn missing_final_newline_is_marked() {
        assert_eq!(diff("a\n", "a"), "--- a\n+++ b\n@@ -1 +1 @@\n-a\n+a\n\\ No newline at end of file\n");
    }

    #[test]
    fn insertion_into_empty_file() {
        assert_eq!(diff("", "x\n"), "--- a\n+++ b\n@@ -0,0 +1 @@\n+x\n");
    }
}
