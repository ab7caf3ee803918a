//! Emulator scenarios of the inspector on windows nobody here
//! wrote: the AROS boot Shell's console window and the screen list.

use uae_harness::{Check, Scenario};

/// Starts `program` with `Run` and waits for `DH0:<stem>.ready`. Its
/// output goes to `DH0:<stem>.out`: a trap or panic report of the runtime
/// lands there (a fixture was seen to vanish without one under `>NIL:`).
pub fn start(s: Scenario, program: &str, stem: &str) -> Scenario {
    s.line(format!("Run >DH0:{stem}.out {program}")).line(wait_polled(&format!("{stem}.ready")))
}

/// Waits for `DH0:<file>` with `UAETool WAITFILE` (a check every 100 ms)
/// rather than the Shell's loop, which asks the filesystem without pause:
/// the hangs of this scenario lost tasks just signalled by DOS packet
/// replies (docs/design/harness-notes.md "Lost tasks"). The scenario stages
/// `C:UAETool`.
fn wait_polled(file: &str) -> String {
    format!("C:UAETool WAITFILE FILE=DH0:{file} TIMEOUT=100")
}

/// Asks the fixture to quit and waits for `DH0:<stem>.done`.
pub fn stop(s: Scenario, stem: &str) -> Scenario {
    s.line(format!("Echo \"quit\" >DH0:{stem}.quit")).line(wait_polled(&format!("{stem}.done")))
}

/// TREE, MENU and SCREENS of the three fixtures, against goldens checked
/// line by line against what the fixtures create (tests-uae/golden/README.md).
fn fixture_scenarios() -> Vec<Scenario> {
    // Eight GadgetScope runs after three fixtures: about 28 s on an idle
    // host since the window code made the program 630 KB (each run loads
    // and relocates it); the default 30 s hang timeout is too tight.
    let mut s = Scenario::new("inspector-fixtures")
        .timeout(std::time::Duration::from_secs(120))
        .watchdog()
        .program("GadgetScope", "GadgetScope")
        .program("GadToolsFixture", "GadToolsFixture")
        .program("BoopsiFixture", "BoopsiFixture")
        .program("ScreenFixture", "ScreenFixture");
    s = start(s, "GadToolsFixture", "gadtools-fixture");
    s = start(s, "BoopsiFixture", "boopsi-fixture");
    s = start(s, "ScreenFixture", "screen-fixture");
    s = s
        .screenshot("fixtures")
        .capture("GadgetScope TREE WINDOW=\"GadTools Fixture\"", "gadtools")
        .capture("GadgetScope TREE WINDOW=\"GadTools Fixture\" FULL", "gadtools-full")
        // Exec's free chunks where the next GadgetScope loads: on the stock
        // A1200 they are what decides whether it does (docs/design/harness-notes.md
        // "The small machines").
        .host_step_loaded_nothing("free-menu", uae_harness::hostdump::free_memory)
        .capture("GadgetScope MENU WINDOW=\"GadTools Fixture\"", "gadtools-menu")
        .capture("GadgetScope TREE WINDOW=\"BOOPSI Fixture\"", "boopsi")
        .capture("GadgetScope TREE WINDOW=\"Twin Window\"", "twin")
        .capture("GadgetScope TREE WINDOW=\"Twin Window\" SCREEN=Workbench", "twin-wb")
        .capture("GadgetScope TREE WINDOW=\"Twin Window\" SCREEN=\"Fixture Screen\"", "twin-fixture")
        .capture("GadgetScope SCREENS", "screens");
    s = stop(s, "gadtools-fixture");
    s = stop(s, "boopsi-fixture");
    s = stop(s, "screen-fixture");
    for tag in ["gadtools", "gadtools-full", "gadtools-menu", "boopsi", "twin", "twin-wb", "twin-fixture", "screens"] {
        s = s.check(Check::Rc(tag.into(), 0));
    }
    for (out, golden) in [
        ("gadtools.out", "gadtools-fixture.tree"),
        ("gadtools-full.out", "gadtools-fixture.full.tree"),
        ("gadtools-menu.out", "gadtools-fixture.menu"),
        ("boopsi.out", "boopsi-fixture.tree"),
        // No SCREEN=: the first match in list order, on the frontmost screen.
        ("twin.out", "twin-fixture-screen.tree"),
        ("twin-wb.out", "twin-workbench.tree"),
        ("twin-fixture.out", "twin-fixture-screen.tree"),
        ("screens.out", "fixtures.screens"),
    ] {
        s = s.check(crate::golden(out, &format!("tests-uae/golden/{golden}")));
    }
    let bench = Scenario::new("bench-walk-gadtools")
        .alone()
        .config("uae_cpu_speed", "real")
        .config("accuracy", "0")
        .program("C/UAETool", "UAETool")
        .program("GadgetScopeBench", "GadgetScopeBench")
        .program("GadToolsFixture", "GadToolsFixture");
    let bench = stop(
        start(bench, "GadToolsFixture", "gadtools-fixture")
            .capture("GadgetScopeBench WINDOW=\"GadTools Fixture\" COUNT=9", "bench")
            .check(Check::Rc("bench".into(), 0))
            .check(Check::Contains("bench.out".into(), "tree: 9 runs, median".into())),
        "gadtools-fixture",
    )
    .timeout(std::time::Duration::from_secs(180));
    vec![s, bench, bench_desktop()]
}

/// How many Shell windows `bench-walk-desktop` opens beside the fixture.
pub const DESKTOP_SHELLS: usize = 20;

/// `bench-walk-desktop`: the GadTools fixture's TREE timed as in
/// `bench-walk-gadtools`, with [`DESKTOP_SHELLS`] Shell windows open as
/// well, so that the list copy's `LockIBase()` hold is measured on a
/// crowded desktop (docs/design/performance.md "`LockIBase()` holds").
fn bench_desktop() -> Scenario {
    let mut s = Scenario::new("bench-walk-desktop")
        .alone()
        .config("uae_cpu_speed", "real")
        .config("accuracy", "0")
        .program("C/UAETool", "UAETool")
        .program("GadgetScopeBench", "GadgetScopeBench")
        .program("GadToolsFixture", "GadToolsFixture");
    for i in 0..DESKTOP_SHELLS {
        let (x, y) = (20 * (i % 10), 100 + 12 * (i / 10));
        s = s.line(format!("NewShell \"CON:{x}/{y}/300/60/Shell {i}\""));
    }
    stop(
        start(s, "GadToolsFixture", "gadtools-fixture")
            .capture("GadgetScopeBench WINDOW=\"GadTools Fixture\" COUNT=9", "bench")
            .check(Check::Rc("bench".into(), 0))
            .check(Check::Contains("bench.out".into(), "tree: 9 runs, median".into()))
            // The last Shell is open (so are the ones before it).
            .capture(&format!("GadgetScopeBench WINDOW=\"Shell {}\" COUNT=1", DESKTOP_SHELLS - 1), "last-shell")
            .check(Check::Rc("last-shell".into(), 0)),
        "gadtools-fixture",
    )
    .timeout(std::time::Duration::from_secs(240))
}

/// The inspector scenarios: the Shell window and the screens, then the
/// fixtures.
pub fn scenarios() -> Vec<Scenario> {
    let mut all = vec![
        Scenario::new("inspector-shell")
            .program("GadgetScope", "GadgetScope")
            // AROS opens the boot console window (and with it the Workbench
            // screen) on the first output to it: nothing is open before.
            .line("Echo \"GadgetScope inspector scenario\"")
            .capture("GadgetScope SCREENS", "screens")
            .capture("GadgetScope TREE WINDOW=AROS", "tree")
            .capture("GadgetScope TREE WINDOW=AROS FULL", "treefull")
            .capture("GadgetScope TREE", "active")
            .capture("GadgetScope MENU WINDOW=AROS", "menu")
            .capture("GadgetScope TREE WINDOW=NoSuchWindow", "missing")
            .check(Check::Rc("screens".into(), 0))
            .check(Check::Rc("tree".into(), 0))
            .check(Check::Rc("menu".into(), 0))
            .check(Check::Rc("active".into(), 0))
            .check(crate::golden("screens.out", "tests-uae/golden/aros-boot.screens"))
            .check(crate::golden("tree.out", "tests-uae/golden/aros-shell-window.tree"))
            .check(crate::golden("treefull.out", "tests-uae/golden/aros-shell-window.full.tree"))
            // The console window is the active one: TREE without WINDOW= is the same text.
            .check(crate::golden("active.out", "tests-uae/golden/aros-shell-window.tree"))
            .check(Check::Contains("menu.out".into(), "window \"AROS\" screen=\"Workbench Screen\"".into()))
            .check(Check::Rc("missing".into(), 5))
            .check(Check::Contains("missing.out".into(), "no window matches \"NoSuchWindow\"".into())),
        // The walker's cost with the A1200's real 68EC020 timing (14 MHz,
        // code and data in the harness's 8 MB fast RAM):
        // EClock ticks of a whole TREE and the longest LockIBase() hold.
        Scenario::new("bench-walk-shell")
            .alone()
            .config("uae_cpu_speed", "real")
            .config("accuracy", "0")
            .program("GadgetScopeBench", "GadgetScopeBench")
            .line("Echo \"GadgetScope walk benchmark\"")
            .capture("GadgetScopeBench WINDOW=AROS COUNT=9", "bench")
            .check(Check::Rc("bench".into(), 0))
            .check(Check::Contains("bench.out".into(), "tree: 9 runs, median".into()))
            .timeout(std::time::Duration::from_secs(120)),
    ];
    all.extend(fixture_scenarios());
    all
}
