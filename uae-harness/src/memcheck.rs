//! Free-memory checks: `UAETool AVAIL` (exec `AvailMem(MEMF_ANY)`) at two
//! points of a script must differ by exactly what the scenario expects,
//! and `UAETool ALLOCS` at the same points names every kind of allocation
//! that differs when they do not (docs/design/harness-notes.md "Free memory").

use crate::{Check, RunDir, Scenario};
use std::collections::BTreeMap;

/// Script lines of one measuring point `tag`: free memory into
/// `DH0:<tag>`, the allocation census into `DH0:<tag>.allocs`; the
/// scenario's timeout grows by [`CENSUS_TIME`].
pub fn measure(s: Scenario, tag: &str) -> Scenario {
    s.line(format!("C:UAETool AVAIL FILE=DH0:{tag}"))
        .line(format!("C:UAETool ALLOCS FILE=DH0:{tag}.allocs"))
        .more_time(CENSUS_TIME)
}

/// Time one measuring point may add: the census walks every allocation
/// of the ROM's list with interrupts off (about 2 s of host time on an
/// idle host, 5.4 s measured on a 2-core host running two other
/// emulators and a build, which took `stack-guard` past its 30 s).
pub const CENSUS_TIME: std::time::Duration = std::time::Duration::from_secs(10);

/// The number `UAETool AVAIL` wrote to `file` (bytes).
pub fn avail(run: &RunDir, file: &str) -> Result<i64, String> {
    run.read_text(file)?.trim().parse::<i64>().map_err(|e| format!("{file}: {e}"))
}

/// One kind of allocation of an `ALLOCS` file: (bytes asked for, owner,
/// caller), the owner as written (`"<task name>"`, `gone` or `none`).
pub type Kind = (u32, String, String);

/// The kinds of an `ALLOCS` text with their counts; lines that are not
/// `<count> <bytes> <owner> $<caller>` are skipped.
pub fn parse_allocs(text: &str) -> BTreeMap<Kind, i64> {
    let mut out = BTreeMap::new();
    for line in text.lines() {
        let Some((count, rest)) = line.split_once(' ') else { continue };
        let Some((size, rest)) = rest.split_once(' ') else { continue };
        let Some((owner, caller)) = rest.rsplit_once(' ') else { continue };
        let (Ok(count), Ok(size)) = (count.parse::<i64>(), size.parse::<u32>()) else { continue };
        if !caller.starts_with('$') {
            continue;
        }
        *out.entry((size, owner.to_string(), caller.to_string())).or_insert(0) += count;
    }
    out
}

/// What differs between two `ALLOCS` texts: one line per kind whose count
/// changed, `+<n>` for allocations that are new in `after`, `-<n>` for
/// ones given back, then `<bytes> <owner> <caller>`.
pub fn allocs_diff(before: &str, after: &str) -> Vec<String> {
    let (b, a) = (parse_allocs(before), parse_allocs(after));
    let mut kinds: Vec<&Kind> = b.keys().chain(a.keys()).collect();
    kinds.sort();
    kinds.dedup();
    kinds
        .into_iter()
        .filter_map(|k| {
            let d = a.get(k).copied().unwrap_or(0) - b.get(k).copied().unwrap_or(0);
            (d != 0).then(|| format!("{d:+} {} {} {}", k.0, k.1, k.2))
        })
        .collect()
}

/// Free memory at `after` equals free memory at `before` less `keeps`
/// bytes (what the lines between are known to keep on this ROM; 0 for
/// "everything is given back"). Both are [`measure`] points; a failure
/// names the allocation kinds that differ.
pub fn frees_all_but(before: &'static str, after: &'static str, keeps: i64, what: &str) -> Check {
    Check::Custom(
        format!("free memory at {after} equals {before} less {keeps} bytes ({what})"),
        Box::new(move |run| {
            let (b, a) = (avail(run, before)?, avail(run, after)?);
            if b - a == keeps {
                return Ok(());
            }
            Err(format!("{before} {b} bytes, {after} {a} bytes: {} bytes kept{}", b - a, census(run, before, after)))
        }),
    )
}

/// The allocation kinds that differ between the `ALLOCS` files of two
/// measuring points, as text for a failure message.
pub fn census(run: &RunDir, before: &str, after: &str) -> String {
    match (run.read_text(&format!("{before}.allocs")), run.read_text(&format!("{after}.allocs"))) {
        (Ok(b), Ok(a)) => {
            let d = allocs_diff(&b, &a);
            if d.is_empty() {
                "; ALLOCS shows no difference".into()
            } else {
                format!("; allocations (count bytes owner caller):\n{}", d.join("\n"))
            }
        }
        _ => "; no ALLOCS files".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn census_difference() {
        let before = "3 24 \"DH0\" $00f00e32\n1 28 \"CON\" $00fb0034\n2 7 \"CON\" $00fb009e\n";
        let after = "3 24 \"DH0\" $00f00e32\n2 28 \"CON\" $00fb0034\n1 16 gone $00f81234\nnoise\n";
        assert_eq!(
            allocs_diff(before, after),
            ["-2 7 \"CON\" $00fb009e", "+1 16 gone $00f81234", "+1 28 \"CON\" $00fb0034"]
        );
        assert!(allocs_diff(before, before).is_empty());
        // An owner name with spaces stays whole.
        let k = parse_allocs("1 8 \"Background CLI\" $00f00000\n");
        assert_eq!(k.get(&(8, "\"Background CLI\"".into(), "$00f00000".into())), Some(&1));
    }

    #[test]
    fn measuring_point_lines() {
        let s = measure(Scenario::new("x"), "mem-before");
        let lines: Vec<String> = s
            .lines
            .iter()
            .filter_map(|l| match l {
                crate::Line::Raw(t) => Some(t.clone()),
                _ => None,
            })
            .collect();
        assert_eq!(lines, ["C:UAETool AVAIL FILE=DH0:mem-before", "C:UAETool ALLOCS FILE=DH0:mem-before.allocs"]);
    }
}
