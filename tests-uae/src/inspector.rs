//! Emulator scenarios of the inspector (issue 3) on windows nobody here
//! wrote: the AROS boot Shell's console window and the screen list.

use crate::foundation::Programs;
use crate::{Check, Scenario};


/// The inspector scenarios.
pub fn scenarios(p: &Programs) -> Vec<Scenario> {
    vec![Scenario::new("inspector-shell")
        .host_file("GadgetScope", p.gadgetscope.clone())
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
        .check(Check::Golden("screens.out".into(), "tests-uae/golden/aros-boot.screens".into()))
        .check(Check::Golden("tree.out".into(), "tests-uae/golden/aros-shell-window.tree".into()))
        .check(Check::Golden("treefull.out".into(), "tests-uae/golden/aros-shell-window.full.tree".into()))
        // The console window is the active one: TREE without WINDOW= is the same text.
        .check(Check::Golden("active.out".into(), "tests-uae/golden/aros-shell-window.tree".into()))
        .check(Check::Contains("menu.out".into(), "window \"AROS\" screen=\"Workbench Screen\"".into()))
        .check(Check::Rc("missing".into(), 5))
        .check(Check::Contains("missing.out".into(), "no window matches \"NoSuchWindow\"".into())),
    // The walker's cost with the A1200's real 68EC020 timing (14 MHz):
    // EClock ticks of a whole TREE and the longest LockIBase() hold.
    Scenario::new("bench-walk-shell")
        .config("uae_cpu_speed", "real")
        .config("accuracy", "0")
        .config("fast_memory", "8192")
        .host_file("GadgetScope", p.gadgetscope.clone())
        .line("Echo \"GadgetScope walk benchmark\"")
        .capture("GadgetScope BENCH WINDOW=AROS COUNT=9", "bench")
        .check(Check::Rc("bench".into(), 0))
        .check(Check::Contains("bench.out".into(), "tree: 9 runs, median".into()))
        .timeout(std::time::Duration::from_secs(120))]
}
