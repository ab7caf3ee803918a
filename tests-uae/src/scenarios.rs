//! The harness's own emulator scenarios (self-tests). They need FS-UAE and
//! the built native tools, so they are run by `cargo xtask uae-test`,
//! not by `cargo test`.

use std::time::Duration;

use crate::process::image_stats;
use crate::{run_report, Check, NativeTools, Options, Outcome, Report, Scenario};

/// A scenario plus what its report must look like.
pub struct SelfTest {
    pub scenario: Scenario,
    /// `Ok(note)` when the report is as expected.
    pub verify: fn(&Report, &NativeTools) -> Result<String, String>,
}

/// The result of one self-test.
#[derive(Debug)]
pub struct SelfCheck {
    pub name: String,
    pub report: Report,
    pub result: Result<String, String>,
}

/// All self-tests, in the order [`smoke`] runs them.
pub fn self_tests(tools: &NativeTools) -> Vec<SelfTest> {
    vec![
        SelfTest {
            // (a) Startup-Sequence only: the Amiga side writes files the host reads.
            scenario: Scenario::new("uae-selftest-files")
                .bytes("data/in.txt", b"from the host\n".to_vec())
                .line("Echo \"hello from AROS\" >DH0:hello.txt")
                .line("If EXISTS DH0:data/in.txt")
                .line("  Echo \"staged\" >DH0:seen.txt")
                .line("EndIf")
                .capture("Echo \"captured\"", "echo")
                .check(Check::Equals("hello.txt".into(), b"hello from AROS\n".to_vec()))
                .check(Check::Equals("DH0:seen.txt".into(), b"staged\n".to_vec()))
                .check(Check::Rc("echo".into(), 0))
                .check(Check::Contains("echo.out".into(), "captured".into())),
            verify: |r, _| expect_pass(r),
        },
        SelfTest {
            // (b) Nothing but the guard, the sentinel and ExitEmu: ExitEmu
            // ends FS-UAE by itself; the report has the timings.
            scenario: Scenario::new("uae-selftest-exit"),
            verify: |r, _| {
                expect_pass(r)?;
                match r.to_exit {
                    Some(_) => Ok(String::new()),
                    None => Err("FS-UAE did not exit by itself".into()),
                }
            },
        },
        SelfTest {
            // (c) CrashGuard turns an illegal instruction into Outcome::Crash.
            scenario: Scenario::new("uae-selftest-crash")
                .host_file("C/CrashTest", tools.crash_test.clone())
                .line("C:CrashTest")
                .line("Echo \"survived\" >DH0:survived.txt")
                .timeout(Duration::from_secs(20)),
            verify: |r, tools| {
                let Outcome::Crash { trap, .. } = &r.outcome else {
                    return Err(format!("expected a crash, got {}", r.outcome));
                };
                if *trap != 4 {
                    return Err(format!("expected trap 4 (illegal instruction), got {trap}"));
                }
                let c = r.crash.as_ref().ok_or("no crash report kept")?;
                if c.offset() != Some(tools.crash_test_illegal_offset) {
                    return Err(format!(
                        "expected pc = seg + ${:X}, report: {}",
                        tools.crash_test_illegal_offset, c.line
                    ));
                }
                if r.run.exists("survived.txt") {
                    return Err("the script went on after the crash".into());
                }
                Ok(c.describe())
            },
        },
        SelfTest {
            // (d) A screenshot under Xvfb, taken while the script waits.
            scenario: Scenario::new("uae-selftest-screenshot")
                .line("Echo \"GadgetScope tests-uae screenshot self-test\"")
                .line("Echo \"line two\"")
                .screenshot("shell")
                // The same handshake written out by hand, as a program under
                // test would do it: the host must answer requests it only
                // knows by name.
                .line("Echo \"go\" >DH0:shot-request-byhand")
                .line("Lab byhand")
                .line("If NOT EXISTS DH0:shot-done-byhand")
                .line("  Skip byhand BACK")
                .line("EndIf")
                .program_screenshot("byhand"),
            verify: |r, _| {
                expect_pass(r)?;
                let mut notes = Vec::new();
                for name in ["shell", "byhand"] {
                    let png = r.run.screenshot(name);
                    let (mean, max) = image_stats(&png)?;
                    if max <= 0.0 || mean <= 0.001 {
                        return Err(format!("{} is black (mean {mean}, max {max})", png.display()));
                    }
                    notes.push(format!("{} mean {mean:.3}", png.display()));
                }
                Ok(notes.join("; "))
            },
        },
        SelfTest {
            // A script that never ends is reported as Hang at the timeout.
            scenario: Scenario::new("uae-selftest-hang")
                .line("Lab forever")
                .line("Skip forever BACK")
                .timeout(Duration::from_secs(6)),
            verify: |r, _| match r.outcome {
                Outcome::Hang => Ok(String::new()),
                ref o => Err(format!("expected Hang, got {o}")),
            },
        },
    ]
}

fn expect_pass(r: &Report) -> Result<String, String> {
    match &r.outcome {
        Outcome::Pass => Ok(String::new()),
        o => Err(format!("expected PASS, got {o}")),
    }
}

/// Names of the self-tests.
pub fn names(tools: &NativeTools) -> Vec<String> {
    self_tests(tools).into_iter().map(|t| t.scenario.name).collect()
}

/// Run one self-test by name (`None` if there is no such self-test).
pub fn run_one(opts: &Options, name: &str) -> Option<SelfCheck> {
    let t = self_tests(&opts.tools).into_iter().find(|t| t.scenario.name == name)?;
    Some(run_self_test(opts, t))
}

fn run_self_test(opts: &Options, t: SelfTest) -> SelfCheck {
    let scenario = t.scenario;
    let report = run_report(&scenario, opts);
    let result = (t.verify)(&report, &opts.tools);
    SelfCheck { name: scenario.name, report, result }
}

/// Run every self-test: (a) files written by the Amiga side, (b) ExitEmu
/// timing, (c) CrashGuard -> Outcome::Crash with the PC, (d) a non-black
/// screenshot under Xvfb, and the Hang path.
pub fn smoke(opts: &Options) -> Vec<SelfCheck> {
    self_tests(&opts.tools).into_iter().map(|t| run_self_test(opts, t)).collect()
}
