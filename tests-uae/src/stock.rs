//! The stock A1200 ([`Model::A1200ChipOnly`]: 2 MB of chip RAM, no fast
//! RAM): scenarios of the other modules run again on it, each as
//! `<name>-stock`, to show that GadgetScope's window and ARexx host fit
//! the machine most people have. The timing benchmarks stay on the A1200
//! with fast RAM (tests-uae/README.md "Machines").

use crate::scenario::{Line, WATCH_LINE};
use crate::{Model, Scenario};

/// The scenarios run on the stock A1200 too: GadgetScope NOGUI as the
/// ARexx host (`arexx-*`), its window (`gui-checkmarks`), its Shell
/// inspector beside three fixtures (`inspector-*`), the input and pick
/// machinery (`actions-*`, `pick-*`, `highlight-frame`) and its free-memory
/// check (`memory`).
///
/// `gui-gadtools` and `record-replay` run two GadgetScopes at once,
/// `arexx-launch` GadgetScope, two RexxSends and the UAETool it launches:
/// they do not fit; `arexx-waits`'s held wait was answered RC 20 in 1 of
/// 6 runs there (tests-uae/README.md "Machines").
pub const STOCK: &[&str] = &[
    "memory",
    "arexx-drive",
    "arexx-malformed",
    "arexx-window",
    "arexx-menu-pick",
    "arexx-idle",
    "arexx-requester",
    "arexx-where",
    "arexx-wblaunch-tooltype",
    "arexx-files",
    "arexx-roles",
    "gui-checkmarks",
    "inspector-shell",
    "actions-window",
    "actions-type",
    "pick-handler",
    "pick-cancel",
    "highlight-frame",
];

/// `scenario` on the stock A1200, named `<name>-stock`, without the
/// watchdog: `UAETool WATCH` would hold about 270 KB (its code, linear
/// memory and stack) beside the programs under test for the whole run, and
/// with it `arexx-menu-pick` does not fit (tests-uae/README.md
/// "Machines"). A hang there still gets the host's task dump.
pub fn on_stock_a1200(mut scenario: Scenario) -> Scenario {
    scenario.name.push_str("-stock");
    if scenario.watchdog {
        scenario.watchdog = false;
        scenario.lines.retain(|l| !matches!(l, Line::Raw(text) if text == WATCH_LINE));
    }
    scenario.model(Model::A1200ChipOnly)
}

/// The [`STOCK`] scenarios of `from`, on the stock A1200.
pub fn scenarios_from(from: Vec<Scenario>) -> Vec<Scenario> {
    from.into_iter().filter(|s| STOCK.contains(&s.name.as_str())).map(on_stock_a1200).collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_stock_name_is_a_scenario_run_again_on_the_stock_a1200() {
        let all = crate::all();
        for name in super::STOCK {
            let stock = all.iter().find(|s| s.name == format!("{name}-stock"));
            assert!(stock.is_some_and(|s| s.model == crate::Model::A1200ChipOnly), "{name}-stock");
            let stock = stock.unwrap();
            assert!(!stock.watchdog, "{name}-stock has no watchdog");
            assert!(
                !stock.lines.iter().any(|l| matches!(l, super::Line::Raw(t) if t.contains("UAETool WATCH"))),
                "{name}-stock starts no UAETool WATCH"
            );
        }
    }
}
