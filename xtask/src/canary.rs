//! `cargo xtask canary`: the codegen canary built through the pipeline,
//! run under vamos, its output compared line by line with the same Rust
//! run natively on the host.

use crate::amiga::Cpu;
use anyhow::{bail, Result};

/// Outcome of one canary run: checks compared and emulated cycles.
pub struct CanaryResult {
    pub checks: usize,
    pub cycles: u64,
    /// The processor it was built for and run on: `68020` or `68000`.
    pub cpu: &'static str,
}

/// Builds the canary for `cpu` and runs it under vamos on that processor
/// (vamos shows no address errors: the A500 scenario `canary-68000` does);
/// fails on the first line that differs from the host's.
pub fn run_for(cpu: Cpu) -> Result<CanaryResult> {
    let built = crate::amiga::build_for(&["canary".to_string()], cpu)?;
    let root = crate::checkout::root();
    let name = cpu.name();
    let r = crate::vamos::run_on(
        cpu,
        &built[0].hunk_path,
        &[],
        &root.join("target/vamos").join(format!("canary-{name}")),
        b"",
    )?;
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
    Ok(CanaryResult { checks: exp_lines.len(), cycles: r.cycles, cpu: name })
}
