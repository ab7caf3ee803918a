//! `cargo xtask canary`: the codegen canary built through the pipeline,
//! run under vamos, its output compared line by line with the same Rust
//! run natively on the host.

use anyhow::{bail, Result};

/// Outcome of one canary run: checks compared and emulated cycles.
pub struct CanaryResult {
    pub checks: usize,
    pub cycles: u64,
}

/// Builds and runs the canary; fails on the first differing line.
pub fn run() -> Result<CanaryResult> {
    let built = crate::amiga::build(&["canary".to_string()])?;
    let root = crate::amiga::root();
    let r = crate::vamos::run(&built[0].hunk_path, &[], &root.join("target/vamos/canary"), b"")?;
    let expected = canary::report();
    let got = String::from_utf8_lossy(&r.stdout);
    if r.exit_code != 0 {
        bail!("canary exited with {} under vamos:\n{got}", r.exit_code);
    }
    let mut bad = Vec::new();
    let exp_lines: Vec<&str> = expected.lines().collect();
    let got_lines: Vec<&str> = got.lines().collect();
    for i in 0..exp_lines.len().max(got_lines.len()) {
        let (e, g) =
            (exp_lines.get(i).copied().unwrap_or("<missing>"), got_lines.get(i).copied().unwrap_or("<missing>"));
        if e != g {
            bad.push(format!("  host:  {e}\n  m68k:  {g}"));
        }
    }
    if !bad.is_empty() {
        bail!(
            "codegen canary differs from the host on {} of {} checks:\n{}",
            bad.len(),
            exp_lines.len(),
            bad.join("\n")
        );
    }
    Ok(CanaryResult { checks: exp_lines.len(), cycles: r.cycles })
}
