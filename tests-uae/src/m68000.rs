//! The 68000 build on the expanded A500 ([`Model::A500`]: a 68000, 1 MB
//! chip RAM and 1 MB slow RAM, `accuracy = 0`, so that a word or longword
//! access at an odd address raises an address error as on the real CPU).
//! Every program a scenario stages is taken from the 68000 build
//! (`cargo xtask amiga --cpu 68000`, `target/amiga/68000/`): a staged name
//! `<Hunk>` becomes `<Hunk>@68000`, which the runner builds that way. The
//! harness's own tools (the ARexx library, ExitEmu, …) are 68000 code
//! already.
//!
//! `canary-68000` runs the codegen canary there and compares its output
//! with the host's; [`ON_68000`] names the scenarios run again there as
//! `<name>-68000`: GadgetScope's Shell inspector, its ARexx host driving
//! the GadTools fixture with real input events, its GadTools window, the
//! walk's benchmark (TREE's time on a 7 MHz 68000 with chip and slow RAM
//! only), the idle ARexx host's resident memory, and the memory of its
//! window iconified, open and hidden again (its part, the 68000 build's,
//! loaded and unloaded).

use std::time::Duration;
use uae_harness::FileSource;
use uae_harness::{Check, Model, Scenario};

/// The suffix of a built name that the runner builds for the 68000.
pub const SUFFIX: &str = "@68000";

/// The scenarios run again on the A500 with the 68000 build (module doc).
pub const ON_68000: &[&str] =
    &["inspector-shell", "arexx-drive", "gui-checkmarks", "bench-walk-gadtools", "arexx-waits", "memory-window"];

/// `scenario` on the A500 with every staged program of the 68000 build,
/// named `<name>-68000`, without the watchdog (UAETool WATCH would hold
/// about 270 KB of the 2 MB for the whole run; a hang still gets the
/// host's task dump). Its timeout is doubled: the emulated 68000 runs at
/// its real 7 MHz.
pub fn on_68000(mut scenario: Scenario) -> Scenario {
    scenario.name.push_str("-68000");
    scenario = scenario.without_watchdog();
    for f in &mut scenario.files {
        if let FileSource::Built(name) = &mut f.source {
            let tool = uae_harness::native::NAMED.contains(&name.as_str());
            if !tool && !name.contains('/') && !["icons", "dist"].contains(&name.as_str()) {
                name.push_str(SUFFIX);
            }
        }
    }
    scenario.timeout *= 2;
    scenario.model(Model::A500)
}

/// `canary-68000`: the canary's output on the A500 equals the host's.
fn canary() -> Scenario {
    Scenario::new("canary-68000")
        .model(Model::A500)
        .program("Canary", format!("Canary{SUFFIX}"))
        .capture("Canary", "canary")
        .check(Check::Rc("canary".into(), 0))
        .check(Check::Equals("canary.out".into(), canary::report().into_bytes()))
        .timeout(Duration::from_secs(180))
}

/// The 68000 scenarios: the canary, then [`ON_68000`] of `from`.
pub fn scenarios_from(from: Vec<Scenario>) -> Vec<Scenario> {
    let mut all = vec![canary()];
    all.extend(from.into_iter().filter(|s| ON_68000.contains(&s.name.as_str())).map(on_68000));
    all
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_68000_scenario_stages_the_68000_build() {
        let all = crate::all();
        for name in super::ON_68000.iter().map(|n| format!("{n}-68000")).chain(["canary-68000".to_string()]) {
            let s = all.iter().find(|s| s.name == name).unwrap_or_else(|| panic!("{name}"));
            assert_eq!(s.model, uae_harness::Model::A500, "{name}");
            assert!(!s.watchdog, "{name}");
            let built: Vec<&str> = s.needs();
            assert!(!built.is_empty(), "{name}");
            for n in built {
                let tool = uae_harness::native::NAMED.contains(&n);
                assert!(tool || n.ends_with(super::SUFFIX), "{name} stages {n}");
            }
        }
    }
}
