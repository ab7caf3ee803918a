//! Running CLI hunk programs under vamos (amitools; exec and dos emulated,
//! no Intuition, no address errors). Each run gets its own volumes
//! directory and a cycle bound; vamos exits 0 when the bound is hit, so
//! the log's "done. exit code=" line is the verdict (docs/reference/toolchain.md).

use crate::amiga::Cpu;
use anyhow::{bail, Context, Result};
use std::path::Path;
use std::process::{Command, Stdio};

/// What one vamos run printed and cost.
pub struct Run {
    pub stdout: Vec<u8>,
    pub exit_code: i32,
    /// Total emulated 68k cycles (`-l main:info`).
    pub cycles: u64,
}

/// Upper bound for one run, in emulated cycles.
pub const MAX_CYCLES: u64 = 2_000_000_000;

/// A vamos command for `hunk` on a 68020 in a fresh scratch directory
/// `work` (its own volumes directory, the cycle bound, `main:info` log):
/// the caller adds the program's arguments, any other vamos options go in
/// `extra` (before the program).
pub fn command(hunk: &Path, work: &Path, extra: &[&str]) -> Result<Command> {
    command_on(Cpu::M68020, hunk, work, extra)
}

/// [`command`] on the processor `cpu` (vamos's `-C`).
pub fn command_on(cpu: Cpu, hunk: &Path, work: &Path, extra: &[&str]) -> Result<Command> {
    crate::tools::ensure_amitools()?;
    let _ = std::fs::remove_dir_all(work);
    std::fs::create_dir_all(work.join("vols"))?;
    let prog = work.join(hunk.file_name().context("hunk file name")?);
    std::fs::copy(hunk, &prog)?;
    let mut cmd = Command::new(crate::tools::vamos());
    cmd.current_dir(work)
        .arg("--vols-base-dir")
        .arg(work.join("vols"))
        .args(["-C", cpu.name(), "--max-cycles", &MAX_CYCLES.to_string(), "-l", "main:info", "--no-ts"])
        .args(extra)
        .arg(&prog);
    Ok(cmd)
}

/// The number after `key` in one line of vamos's log (e.g. `done. exit
/// code=` or `total cycles:`).
pub fn log_field(line: &str, key: &str) -> Option<i64> {
    line.split(key).nth(1)?.trim().split(|c: char| !c.is_ascii_digit() && c != '-').next()?.parse().ok()
}

/// Runs `hunk` with `args` on the processor `cpu` (vamos's `-C`) in a
/// scratch directory `work`.
pub fn run_on(cpu: Cpu, hunk: &Path, args: &[&str], work: &Path, stdin: &[u8]) -> Result<Run> {
    let mut child = command_on(cpu, hunk, work, &[])?
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .context("starting vamos")?;
    {
        use std::io::Write;
        let mut i = child.stdin.take().unwrap();
        let _ = i.write_all(stdin);
    }
    let out = child.wait_with_output()?;
    let log = String::from_utf8_lossy(&out.stderr);
    let field = |key: &str| log.lines().find_map(|l| log_field(l, key));
    let Some(exit_code) = field("done. exit code=") else {
        bail!("vamos did not finish {} (cycle bound {MAX_CYCLES} hit or vamos failed):\n{log}", hunk.display());
    };
    let cycles = field("total cycles:").unwrap_or(0) as u64;
    Ok(Run { stdout: out.stdout, exit_code: exit_code as i32, cycles })
}
