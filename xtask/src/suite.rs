//! `cargo xtask test` (every test) and `cargo xtask run` (the main job):
//! the two commands of the README.

use crate::{amiga, canary, rules, tools, uae};
use anyhow::{bail, Context, Result};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Sums the `test result: ok. N passed; M failed` lines of cargo test.
pub fn count_cargo_tests(output: &str) -> (usize, usize) {
    let mut passed = 0;
    let mut failed = 0;
    for line in output.lines().filter(|l| l.starts_with("test result:")) {
        let num = |word: &str| -> usize {
            line.split(';')
                .find_map(|part| {
                    part.trim()
                        .strip_suffix(word)
                        .map(|n| n.trim().rsplit(' ').next().unwrap_or("0").parse().unwrap_or(0))
                })
                .unwrap_or(0)
        };
        passed += num(" passed");
        failed += num(" failed");
    }
    (passed, failed)
}

/// Restricts the emulator stage of `cargo xtask test` to these scenarios
/// (names separated by spaces or commas); unset or empty: every scenario.
/// For runs that only prove the install steps (`cargo xtask clean-root`).
pub const SCENARIOS_ENV: &str = "GADGETSCOPE_TEST_SCENARIOS";

/// The emulator scenarios `test` runs: those named in [`SCENARIOS_ENV`],
/// else all (an empty list).
pub fn scenarios_from_env() -> Vec<String> {
    std::env::var(SCENARIOS_ENV)
        .unwrap_or_default()
        .split([' ', ','])
        .filter(|s| !s.is_empty())
        .map(String::from)
        .collect()
}

/// Runs the checks (formatting, clippy, the unsafe and offsets rules),
/// host tests, the canary under vamos and the emulator suite; prints the
/// counts and fails if anything failed or nothing ran.
pub fn test() -> Result<()> {
    let mut times = Stages::start();
    tools::ensure_build_tools()?;
    tools::ensure_amitools()?;
    tools::ensure_emulator()?;
    times.done("installing");
    println!("== checks (rustfmt, clippy, unsafe only in amiga-rt, folder names, offsets only in amiga-ndk)");
    rules::run()?;
    times.done("checks");
    println!("== host tests (cargo test --workspace)");
    let out = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
        .current_dir(crate::checkout::root())
        .args(["test", "--workspace", "--quiet"])
        .stderr(Stdio::inherit())
        .output()
        .context("running cargo test")?;
    let text = String::from_utf8_lossy(&out.stdout);
    print!("{text}");
    let (host_passed, host_failed) = count_cargo_tests(&text);
    if !out.status.success() || host_failed > 0 {
        bail!("host tests failed ({host_failed} failed)");
    }
    if host_passed == 0 {
        bail!("no host test ran");
    }
    times.done("host tests");
    println!("== pytest-gadgetscope's tests (pytest, no emulator)");
    let plugin_passed = crate::example::host_tests()?;
    times.done("the plugin's tests");
    let mut canary_checks = 0;
    for cpu in [amiga::Cpu::M68020, amiga::Cpu::M68000] {
        println!("== codegen canary ({}, vamos)", cpu.name());
        let c = canary::run_for(cpu)?;
        println!("canary: {} checks match the host ({} emulated cycles)", c.checks, c.cycles);
        canary_checks += c.checks;
    }
    times.done("canary (both builds)");
    let only = scenarios_from_env();
    if only.is_empty() {
        println!("== emulator scenarios (FS-UAE, AROS ROM)");
    } else {
        println!("== emulator scenarios (FS-UAE, AROS ROM): {} only ({SCENARIOS_ENV})", only.join(", "));
    }
    let u = uae::run(&only)?;
    println!("uae-test: {} passed, {} failed ({:.1} s)", u.passed, u.failed, u.seconds);
    times.add("emulator: building the programs and tools", Duration::from_secs_f64(u.built));
    times.add("emulator: the scenarios", Duration::from_secs_f64(u.seconds - u.built));
    if u.failed > 0 {
        println!("where the time went: {times}");
        bail!("{} emulator scenario(s) failed", u.failed);
    }
    let example = crate::example::example()?;
    times.done("the plugin's example");
    println!("where the time went: {times}");
    println!(
        "\nsummary: host tests {host_passed} passed; the plugin's tests {plugin_passed} passed; canary {canary_checks} checks passed (68020 and 68000); emulator scenarios {} passed, {} failed; the plugin's example {example} as expected",
        u.passed, u.failed
    );
    let passed = host_passed + plugin_passed + canary_checks + u.passed + example;
    println!("{passed} passed, 0 failed");
    Ok(())
}

/// Wall time per stage of `cargo xtask test`, for the closing line
/// (`checks 1:05, host tests 2:10, …, total 9:04`).
struct Stages {
    start: Instant,
    mark: Instant,
    done: Vec<(&'static str, Duration)>,
}

impl Stages {
    fn start() -> Stages {
        let now = Instant::now();
        Stages { start: now, mark: now, done: Vec::new() }
    }

    /// The stage since the last mark has ended.
    fn done(&mut self, what: &'static str) {
        let now = Instant::now();
        self.done.push((what, now - self.mark));
        self.mark = now;
    }

    /// A stage measured elsewhere, which ended now.
    fn add(&mut self, what: &'static str, took: Duration) {
        self.done.push((what, took));
        self.mark = Instant::now();
    }
}

impl std::fmt::Display for Stages {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (what, took) in &self.done {
            write!(f, "{what} {}, ", uae::clock(*took))?;
        }
        write!(f, "total {}", uae::clock(self.start.elapsed()))
    }
}

/// The main job: build, boot FS-UAE with the AROS ROM, start the demo
/// program, start GadgetScope with its window listing the demo's gadgets,
/// select the demo's Connect button through GadgetScope's ARexx port
/// (HIGHLIGHT: the list selects it, a frame goes round it) and keep a
/// screenshot (headless under Xvfb). GadgetScope replies HIGHLIGHT once
/// its window shows the selection, so the frame windows are listed (by
/// PickTool, checked) and in the picture as soon as RexxSend returns.
pub fn run() -> Result<()> {
    // The demo program (the GadTools test fixture) on Workbench, then
    // GadgetScope's window (the AROS ROM has no window.class: the GadTools
    // front-end) and, through its port, the demo's Connect button selected.
    let mut scenario = tests_uae::rexx::with_arexx(uae_harness::Scenario::new("main"))
        .program("GadgetScope", "GadgetScope")
        .program("GadToolsFixture", "GadToolsFixture")
        .program("C/PickTool", "PickTool")
        .bytes("main.rexx", b"HIGHLIGHT \"GadTools Fixture\" 1\n".to_vec())
        .line("Run >NIL: GadToolsFixture");
    for l in uae_harness::scenario::wait_for_file("gadtools-fixture.ready", "demo-up") {
        scenario = scenario.line(l);
    }
    let scenario = scenario
        .line("Run >NIL: GadgetScope")
        .line("RexxSend PORT=GADGETSCOPE.1 SCRIPT=DH0:main.rexx OUT=DH0:main.out WAITPORT=30")
        .capture("C:PickTool WINDOWS DH0:main.win", "windows")
        .screenshot("gadgetscope")
        .check(uae_harness::Check::Contains("main.out".into(), "RC 0".into()))
        .check(uae_harness::Check::Rc("windows".into(), 0))
        .check(frame_round_connect())
        .check(picture_shows_it());
    let mut opts = uae::prepare(std::slice::from_ref(&scenario))?;
    opts.force_xvfb = true;
    opts.progress = true;
    let report = uae_harness::run_report(&scenario, &opts);
    println!("{}", report.summary());
    let png = report.run.screenshot("gadgetscope");
    if !report.outcome.is_pass() {
        bail!("the emulator run failed; logs in {}", report.run.dir.display());
    }
    println!("screenshot: {}", png.display());
    Ok(())
}

/// The four frame windows round the demo's Connect button are open when
/// RexxSend has HIGHLIGHT's reply (`main.win`, PickTool's window list).
fn frame_round_connect() -> uae_harness::Check {
    use tests_uae::pick::{expected_frame, on_screen, CONNECT};
    let want = expected_frame(on_screen(CONNECT));
    uae_harness::Check::Custom(
        format!("main.win lists the frame windows {want:?}"),
        Box::new(move |run| {
            let t = run.read_text("main.win")?;
            if want.iter().all(|w| t.lines().any(|l| l == w)) {
                Ok(())
            } else {
                Err(format!("main.win:\n{t}"))
            }
        }),
    )
}

/// The screenshot shows what a person should see: GadgetScope's window
/// with its list and details, and the frame drawn round Connect (the
/// pixels, not only the window list: tests-uae `picture`).
fn picture_shows_it() -> uae_harness::Check {
    use tests_uae::pick::{on_screen, CONNECT};
    uae_harness::Check::Custom(
        "gadgetscope.png shows GadgetScope's window with list and details, and the frame round Connect".into(),
        Box::new(|run| {
            let windows = run.read_text("main.win")?;
            tests_uae::picture::check_main(&run.screenshot("gadgetscope"), &windows, on_screen(CONNECT))
        }),
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn counts_cargo_test_lines() {
        let out = "running 3 tests\n...\ntest result: ok. 3 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s\n\
                   test result: FAILED. 21 passed; 2 failed; 0 ignored\n";
        assert_eq!(super::count_cargo_tests(out), (24, 2));
        assert_eq!(super::count_cargo_tests("nothing"), (0, 0));
    }
}
