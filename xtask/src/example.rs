//! The pytest plugin's stages of `cargo xtask test`: pytest-gadgetscope's
//! own tests (a fake wire server and a fake runner, no emulator), then its
//! example as a user runs it: the GadTools fixture copied into the
//! example's program directory, `pytest` in `pytest-gadgetscope/examples`
//! (the plugin boots the runner, `cargo xtask serve`), and the
//! deliberately broken tests in `examples/broken`, which must fail with
//! their HTML traces and the snapshot's diff picture.

use crate::{amiga, checkout, tools};
use anyhow::{bail, Context, Result};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Where the example run's JUnit files and traces go.
fn out_dir() -> PathBuf {
    checkout::root().join("target/example")
}

/// The plugin's directory.
fn plugin_dir() -> PathBuf {
    checkout::root().join("pytest-gadgetscope")
}

/// What one pytest run reported in its JUnit file.
#[derive(Debug, PartialEq)]
pub struct Junit {
    pub tests: usize,
    pub failures: usize,
    pub errors: usize,
    pub skipped: usize,
}

impl Junit {
    /// Reads the first `<testsuite …>` element's counts.
    pub fn parse(xml: &str) -> Result<Junit> {
        let start = xml.find("<testsuite ").context("no <testsuite> element")?;
        let tag = &xml[start..start + xml[start..].find('>').context("an unclosed <testsuite>")?];
        let count = |name: &str| -> Result<usize> {
            let key = format!(" {name}=\"");
            let at = tag.find(&key).with_context(|| format!("<testsuite> has no {name}"))? + key.len();
            let end = tag[at..].find('"').context("an unclosed attribute")?;
            tag[at..at + end].parse().with_context(|| format!("{name}={:?}", &tag[at..at + end]))
        };
        Ok(Junit {
            tests: count("tests")?,
            failures: count("failures")?,
            errors: count("errors")?,
            skipped: count("skipped")?,
        })
    }

    fn passed(&self) -> usize {
        self.tests - self.failures - self.errors - self.skipped
    }
}

/// `python -m pytest <args>` in `dir`, its output shown; its exit status
/// and the counts of `junit`.
fn pytest(dir: &Path, junit: &Path, args: &[&str]) -> Result<(i32, Junit)> {
    let _ = std::fs::remove_file(junit);
    let status = Command::new(tools::python())
        .current_dir(dir)
        .args(["-m", "pytest", "-p", "no:cacheprovider", "-q"])
        .arg(format!("--junitxml={}", junit.display()))
        .args(args)
        .status()
        .context("running pytest")?;
    let xml = std::fs::read_to_string(junit).with_context(|| format!("pytest wrote no {}", junit.display()))?;
    Ok((status.code().unwrap_or(-1), Junit::parse(&xml)?))
}

/// pytest-gadgetscope's own tests; how many passed.
pub fn host_tests() -> Result<usize> {
    tools::ensure_pytest_plugin()?;
    let junit = out_dir().join("plugin-tests.xml");
    std::fs::create_dir_all(out_dir())?;
    let (code, j) = pytest(&plugin_dir(), &junit, &["-q", "tests"])?;
    if code != 0 || j.failures + j.errors > 0 {
        bail!("pytest-gadgetscope's tests failed ({} failed, {} errors)", j.failures, j.errors);
    }
    if j.passed() == 0 {
        bail!("no test of pytest-gadgetscope ran");
    }
    Ok(j.passed())
}

/// The example's tests, then the broken ones; how many results were as
/// expected (passes, and the broken tests' failures).
pub fn example() -> Result<usize> {
    tools::ensure_pytest_plugin()?;
    let examples = plugin_dir().join("examples");
    let program = amiga::build_reusing(&["GadToolsFixture".to_string()], amiga::Cpu::M68020)?;
    let into = examples.join("amiga");
    std::fs::create_dir_all(&into)?;
    std::fs::copy(&program[0].hunk_path, into.join("GadToolsFixture")).context("copying the GadTools fixture")?;
    let out = out_dir();
    std::fs::create_dir_all(&out)?;

    println!("== the plugin's example (pytest in pytest-gadgetscope/examples, booting the emulator)");
    let traces = out.join("traces");
    let _ = std::fs::remove_dir_all(&traces);
    let trace_arg = format!("--amiga-trace-dir={}", traces.display());
    let strict = ["-W", "error::pytest_gadgetscope.SnapshotWritten"];
    let (code, j) = pytest(&examples, &out.join("example.xml"), &[&trace_arg, strict[0], strict[1]])?;
    if code != 0 || j.failures + j.errors + j.skipped > 0 || j.tests == 0 {
        bail!("the example's tests did not all pass ({j:?}; traces in {})", traces.display());
    }

    println!("== the plugin's broken example (pytest in pytest-gadgetscope/examples/broken: each test must fail)");
    let broken = examples.join("broken");
    let shots = broken.join("__snapshots__");
    for f in ["after-typing.actual.png", "after-typing.diff.png"] {
        let _ = std::fs::remove_file(shots.join(f));
    }
    let broken_traces = out.join("broken-traces");
    let _ = std::fs::remove_dir_all(&broken_traces);
    let trace_arg = format!("--amiga-trace-dir={}", broken_traces.display());
    let (code, b) = pytest(&broken, &out.join("broken.xml"), &[&trace_arg, "--tb=line"])?;
    if code != 1 || b.failures != 2 || b.tests != 2 {
        bail!("the broken example should fail its 2 tests (pytest exit 1), got exit {code} and {b:?}");
    }
    let pages = std::fs::read_dir(&broken_traces)
        .with_context(|| format!("no traces in {}", broken_traces.display()))?
        .filter_map(|e| e.ok())
        .filter(|e| e.path().extension().is_some_and(|x| x == "html"))
        .count();
    if pages != 2 {
        bail!("the broken example left {pages} HTML traces in {}, not 2", broken_traces.display());
    }
    if !shots.join("after-typing.diff.png").is_file() {
        bail!("the broken snapshot left no diff picture in {}", shots.display());
    }
    println!(
        "example: {} passed; broken example: {} failed as meant, traces in {}",
        j.passed(),
        b.failures,
        broken_traces.display()
    );
    Ok(j.passed() + b.failures)
}

#[cfg(test)]
mod tests {
    use super::Junit;

    #[test]
    fn junit_counts_are_read() {
        let xml = r#"<?xml version="1.0"?><testsuites name="pytest tests"><testsuite name="pytest" errors="0" failures="2" skipped="1" tests="5" time="1.0">"#;
        assert_eq!(Junit::parse(xml).unwrap(), Junit { tests: 5, failures: 2, errors: 0, skipped: 1 });
        assert_eq!(Junit::parse(xml).unwrap().passed(), 2);
        assert!(Junit::parse("<testsuites/>").is_err());
    }
}
