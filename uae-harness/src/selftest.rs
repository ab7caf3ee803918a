//! The harness's own emulator scenarios (self-tests): each says with
//! [`Scenario::expect`] what its report must look like (a crash, a hang).
//! They need FS-UAE and the built native tools, so a runner runs them
//! (GadgetScope's suite lists them first), not `cargo test`.

use std::time::Duration;

use crate::process::image_stats;
use crate::{Check, Outcome, Report, Scenario};

/// The self-tests, in suite order.
pub fn scenarios() -> Vec<Scenario> {
    vec![
        // (a) Startup-Sequence only: the Amiga side writes files the host reads.
        Scenario::new("uae-selftest-files")
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
        // (b) Nothing but the guard, the sentinel and ExitEmu: ExitEmu
        // ends FS-UAE by itself; the report has the timings.
        Scenario::new("uae-selftest-exit").expect(|r, _| {
            expect_pass(r)?;
            match r.to_exit {
                Some(_) => Ok(String::new()),
                None => Err("FS-UAE did not exit by itself".into()),
            }
        }),
        // (c) CrashGuard turns an illegal instruction into Outcome::Crash.
        Scenario::new("uae-selftest-crash")
            .program("C/CrashTest", "CrashTest")
            .line("C:CrashTest")
            .line("Echo \"survived\" >DH0:survived.txt")
            .timeout(Duration::from_secs(20))
            .expect(|r, tools| {
                let Outcome::Crash { trap, .. } = &r.outcome else {
                    return Err(format!("expected a crash, got {}", r.outcome));
                };
                if *trap != 4 {
                    return Err(format!("expected trap 4 (illegal instruction), got {trap}"));
                }
                let c = r.crash.as_ref().ok_or("no crash report kept")?;
                if c.hunk != Some((1, tools.crash_test_illegal_offset)) {
                    return Err(format!(
                        "expected the pc at ${:X} in hunk 1, report: {}",
                        tools.crash_test_illegal_offset, c.line
                    ));
                }
                if r.run.exists("survived.txt") {
                    return Err("the script went on after the crash".into());
                }
                Ok(c.describe())
            }),
        // (d) A screenshot under Xvfb, taken while the script waits.
        Scenario::new("uae-selftest-screenshot")
            .line("Echo \"uae-harness screenshot self-test\"")
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
            .program_screenshot("byhand")
            .expect(|r, _| {
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
            }),
        // A script that never ends is reported as Hang at the timeout.
        Scenario::new("uae-selftest-hang")
            .line("Lab forever")
            .line("Skip forever BACK")
            .timeout(Duration::from_secs(6))
            .expect(|r, _| match r.outcome {
                Outcome::Hang => Ok(String::new()),
                ref o => Err(format!("expected Hang, got {o}")),
            }),
    ]
}

fn expect_pass(r: &Report) -> Result<String, String> {
    match &r.outcome {
        Outcome::Pass => Ok(String::new()),
        o => Err(format!("expected PASS, got {o}")),
    }
}
