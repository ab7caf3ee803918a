//! Emulator scenarios of the GUI test fixtures (`tests-uae/fixtures/`):
//! each fixture is started with `Run`, the script waits for its ready
//! file, takes a screenshot, asks it to quit through its quit file and
//! waits for its done file; the checks read its log and compare free
//! memory before and after a second, identical run (the first run warms
//! up what AROS keeps cached, e.g. fonts and GadTools' classes).

use crate::memcheck::{frees_all_but, measure};
use crate::{Check, Scenario};
use std::time::Duration;

/// Script lines that spin until `DH0:<file>` exists (the ROM has no
/// `Wait`; `label` must be unique in the script).
pub fn wait_for_file(file: &str, label: &str) -> Vec<String> {
    vec![format!("Lab {label}"), format!("If NOT EXISTS DH0:{file}"), format!("  Skip {label} BACK"), "EndIf".into()]
}

/// One fixture run: start it, wait until it is ready, optionally take a
/// screenshot, write its quit file, wait for its done file.
fn fixture_run(mut s: Scenario, program: &str, stem: &str, run: u32, shot: Option<&str>) -> Scenario {
    s = s.line(format!("Run >NIL: {program}"));
    for l in wait_for_file(&format!("{stem}.ready"), &format!("{stem}-ready-{run}")) {
        s = s.line(l);
    }
    if let Some(name) = shot {
        s = s.screenshot(name);
    }
    s = s.line(format!("Echo \"quit\" >DH0:{stem}.quit"));
    for l in wait_for_file(&format!("{stem}.done"), &format!("{stem}-done-{run}")) {
        s = s.line(l);
    }
    s
}

/// The log of the measured run: a `READY` line, `QUIT reason=time` last
/// (the first run quit through its quit file, or the script would not
/// have gone on).
fn log_ready_and_quit(log: &'static str) -> Check {
    Check::Custom(
        format!("{log} has READY and ends with QUIT reason=time"),
        Box::new(move |run| {
            let text = run.read_text(log)?;
            let lines: Vec<&str> = text.lines().collect();
            if lines.contains(&"READY") && lines.last() == Some(&"QUIT reason=time") {
                Ok(())
            } else {
                Err(format!("{log}: {text:?}"))
            }
        }),
    )
}

/// A fixture scenario: warm-up run with screenshot, then a measured run.
fn fixture_scenario(name: &str, program: &str, stem: &'static str) -> Scenario {
    let mut s =
        Scenario::new(name).program(program, program).program("C/UAETool", "UAETool").timeout(Duration::from_secs(90));
    s = fixture_run(s, program, stem, 1, Some(stem));
    // The measured run is in the foreground: a `Run` between the two
    // measurements would keep memory of its own (RUN_KEEPS in
    // arexx_more.rs). The first run warmed up what AROS caches (fonts,
    // GadTools classes). The warm-up's Run process ends a little after the
    // `.done` file: wait until it has left exec's lists (its memory freed).
    s = s.capture("C:UAETool WAITCLIS COUNT=1 TIMEOUT=60", "cli-gone").check(Check::Rc("cli-gone".into(), 0));
    s = measure(s, "mem-before").line(format!("{program} QUITAFTER=10"));
    s = measure(s, "mem-after");
    let log: &'static str = Box::leak(format!("{stem}.log").into_boxed_str());
    s.check(Check::Exists(format!("{stem}.done")))
        .check(Check::Custom(
            format!("{stem}.ready and {stem}.quit deleted at exit"),
            Box::new(move |run| {
                for f in [format!("{stem}.ready"), format!("{stem}.quit")] {
                    if run.exists(&f) {
                        return Err(format!("{f} still exists"));
                    }
                }
                Ok(())
            }),
        ))
        .check(log_ready_and_quit(log))
        .check(frees_all_but("mem-before", "mem-after", 0, "the fixture run gives back everything"))
}

/// The fixture scenarios, in order.
pub fn scenarios() -> Vec<Scenario> {
    vec![
        fixture_scenario("fixture-gadtools", "GadToolsFixture", "gadtools-fixture"),
        fixture_scenario("fixture-boopsi", "BoopsiFixture", "boopsi-fixture")
            .check(Check::Contains("boopsi-fixture.log".into(), "FAKE id=99 class=$FFFFFFF0 typeofmem=0".into())),
        fixture_scenario("fixture-screen", "ScreenFixture", "screen-fixture"),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wait_loop_text() {
        assert_eq!(wait_for_file("x.ready", "w1"), ["Lab w1", "If NOT EXISTS DH0:x.ready", "  Skip w1 BACK", "EndIf"]);
    }

    #[test]
    fn scenario_lines() {
        let all = scenarios();
        assert_eq!(all.len(), 3);
        let s = &all[0];
        assert_eq!(s.screenshot_names(), ["gadtools-fixture"]);
        let text: Vec<String> = s
            .lines
            .iter()
            .filter_map(|l| match l {
                crate::Line::Raw(t) => Some(t.clone()),
                _ => None,
            })
            .collect();
        assert_eq!(text.iter().filter(|l| *l == "Run >NIL: GadToolsFixture").count(), 1);
        assert!(text.contains(&"GadToolsFixture QUITAFTER=10".to_string()));
        assert!(text.contains(&"Echo \"quit\" >DH0:gadtools-fixture.quit".to_string()));
        assert!(text.contains(&"C:UAETool AVAIL FILE=DH0:mem-before".to_string()));
    }
}
