//! Walking while windows come and go (docs/design/harness-notes.md,
//! "console.device frees a unit in use").
//!
//! - `churn-walk`: ChurnFixture opens and closes windows titled `Blinker`
//!   (an Intuition window and a console window in turn) as fast as it
//!   can, while RexxSend sends [`ROUNDS`] rounds of [`ROUND`] to
//!   `GadgetScope NOGUI` without pause: walks of the churning window (TREE,
//!   MENU), the list copy (SCREENS, TREE of a window that is not there)
//!   and a walk of the boot Shell's window (GETTEXT of a gadget it does
//!   not have). Every command must be answered RC 0 or 5, GadgetScope must
//!   print nothing but its port line and end RC 0 after the `QUIT`, and
//!   both kinds of window must have come and gone.
//! - `console-stress`: the ROM's console.device bug without GadgetScope:
//!   console windows come and go (ChurnFixture NOWINDOW)
//!   while `IBaseHammer LU` takes intuition's IBase lock in a loop and
//!   `SemCheck` watches every semaphore hand-over. With the harness's mend
//!   (`C:ConsoleFix`) the churn finishes; with the ROM as it is
//!   (`GADGETSCOPE_UAE_CONSOLE_BUG=1`) input.device or the console task
//!   fails within seconds.

use crate::rexx::{wait_for_file, with_arexx};
use std::time::Duration;
use uae_harness::{Check, Scenario};

/// The walk commands of one round.
pub const ROUND: [&str; 5] = ["TREE Blinker", "MENU Blinker", "SCREENS", "GETTEXT AROS 99", "TREE NoSuchWindow"];

/// Rounds of [`ROUND`] in `churn-walk`'s script.
pub const ROUNDS: usize = 20;

/// `TREE Blinker` commands in `churn-tree`'s script.
pub const TREES: usize = 200;

/// Emulated seconds of console churn in `console-stress`.
pub const STRESS_SECONDS: u32 = 20;

/// The script: `rounds` rounds of `round`, then `QUIT`.
pub fn walk_script(round: &[&str], rounds: usize) -> String {
    let mut s = String::new();
    for _ in 0..rounds {
        for c in round {
            s.push_str(c);
            s.push('\n');
        }
    }
    s.push_str("QUIT\n");
    s
}

/// Every reply of `text` (RexxSend `RCONLY` output) is RC 0 or 5, the
/// last (QUIT's) RC 0, and there are `want` of them.
pub fn replies_ok(text: &str, want: usize) -> Result<(), String> {
    let rcs = crate::rexx::rc_list(text);
    if rcs.len() != want || rcs.iter().any(|&rc| rc != 0 && rc != 5) || rcs.last() != Some(&0) {
        return Err(format!("{} replies (want {want}), RCs {rcs:?}", rcs.len()));
    }
    Ok(())
}

/// ChurnFixture's log says it opened and closed at least 10 windows of
/// `kind` (`windows` or `consoles`).
fn churned(kind: &'static str) -> Check {
    Check::Custom(
        format!("ChurnFixture opened and closed at least 10 {kind}"),
        Box::new(move |run| {
            let log = run.read_text("churn-fixture.log")?;
            match churn_fixture::count_in_log(&log, kind) {
                Some(n) if n >= 10 => Ok(()),
                n => Err(format!("{n:?} {kind}:\n{log}")),
            }
        }),
    )
}

/// `churn-walk` (see the module doc): `rounds` of `round`, ChurnFixture
/// with `churn` as its arguments.
fn churn_walk(name: &str, round: &'static [&'static str], rounds: usize, churn: &str) -> Scenario {
    let mut s = with_arexx(Scenario::new(name))
        .watchdog()
        .program("GadgetScope", "GadgetScope")
        .program("ChurnFixture", "ChurnFixture")
        .bytes("walk.rexx", walk_script(round, rounds).into_bytes())
        .bytes("go.rexx", b"VERSION\n".to_vec())
        // The churn starts once GadgetScope answers (loading its hunk
        // beside the churn takes the Shell seconds).
        .line(format!("Run >NIL: ChurnFixture GO=DH0:walk.go {churn}"));
    s = wait_for_file(s, "churn-fixture.ready", 30)
        .line("Run >NIL: RexxSend PORT=GADGETSCOPE.1 SCRIPT=DH0:go.rexx OUT=DH0:go.out WAITPORT=60 DONE=DH0:walk.go")
        .line("Run >DH0:rexxsend.out RexxSend PORT=GADGETSCOPE.1 SCRIPT=DH0:walk.rexx OUT=DH0:walk.out WAITPORT=60 DONE=DH0:walk.sent RCONLY")
        .capture("GadgetScope NOGUI", "gadgetscope")
        .line("Echo \"quit\" >DH0:churn-fixture.quit");
    s = wait_for_file(s, "walk.sent", 30);
    wait_for_file(s, "churn-fixture.done", 30)
        .check(Check::Rc("gadgetscope".into(), 0))
        // Its start line and nothing else: no trap or panic report.
        .check(Check::Equals("gadgetscope.out".into(), b"GadgetScope: ARexx port GADGETSCOPE.1\n".to_vec()))
        .check(Check::Custom(
            "every walk command answered RC 0 or 5, QUIT RC 0".into(),
            Box::new(move |run| replies_ok(&run.read_text("walk.out")?, rounds * round.len() + 1)),
        ))
        .check(churned("windows"))
        .check(churned(if churn.contains("NOCONSOLE") { "windows" } else { "consoles" }))
        .timeout(Duration::from_secs(150))
}

/// No semaphore ownership violation (`SEMCHECK` lines) on the serial port.
fn no_semcheck() -> Check {
    Check::Custom(
        "no semaphore ownership violation (SEMCHECK) on the serial port".into(),
        Box::new(|run| {
            let log = run.serial_text();
            let bad: Vec<&str> = log.lines().filter(|l| l.starts_with("SEMCHECK ")).collect();
            if bad.is_empty() {
                Ok(())
            } else {
                Err(bad.join("\n"))
            }
        }),
    )
}

/// `console-stress` (see the module doc).
fn console_stress(name: &str, hammer: &str) -> Scenario {
    let mut s = with_arexx(Scenario::new(name))
        .program("C/SemCheck", "SemCheck")
        .program("C/IBaseHammer", "IBaseHammer")
        .program("ChurnFixture", "ChurnFixture")
        .line("C:SemCheck")
        .line("Run >NIL: ChurnFixture NOWINDOW");
    s = wait_for_file(s, "churn-fixture.ready", 30).line(format!("Run >NIL: C:IBaseHammer {hammer} 99"));
    s = wait_for_file(s, "never-there", STRESS_SECONDS).line("Echo \"quit\" >DH0:churn-fixture.quit");
    wait_for_file(s, "churn-fixture.done", 30)
        .line("C:SemCheck STATS")
        .check(Check::Exists("churn-fixture.done".into()))
        .check(churned("consoles"))
        .check(no_semcheck())
        .timeout(Duration::from_secs(150))
}

/// The scenarios.
pub fn scenarios() -> Vec<Scenario> {
    vec![
        churn_walk("churn-walk", &ROUND, ROUNDS, ""),
        console_stress("console-stress", "LU"),
        churn_walk("churn-tree", &["TREE Blinker"], TREES, "NOCONSOLE"),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn script_and_replies() {
        let s = walk_script(&["A", "B"], 2);
        assert_eq!(s, "A\nB\nA\nB\nQUIT\n");
        assert!(replies_ok("RC 0\nRESULT 12 bytes\nRC 5\nRC 0\n", 3).is_ok());
        assert!(replies_ok("RC 0\nRC 20\nRC 0\n", 3).is_err());
        assert!(replies_ok("RC 0\nRC 5\n", 3).is_err());
        assert!(replies_ok("RC 0\nRC 0\nRC 5\n", 3).is_err(), "QUIT must be RC 0");
    }
}
