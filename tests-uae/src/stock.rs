//! The stock A1200 ([`Model::A1200ChipOnly`]: 2 MB of chip RAM, no fast
//! RAM; AROS's boot also finds 1 MB at $A80000 on this FS-UAE model,
//! docs/design/harness-notes.md "The small machines"): scenarios of the other modules run
//! again on it, each as
//! `<name>-stock`, to show that GadgetScope's window and ARexx host fit
//! the machine most people have. The timing benchmarks stay on the A1200
//! with fast RAM (tests-uae/README.md "Machines").

use uae_harness::{Model, Scenario};

/// The scenarios run on the stock A1200 too: GadgetScope NOGUI as the
/// ARexx host and launcher (`arexx-*`: every one of them), its window
/// (`gui-checkmarks`), its Shell inspector (`inspector-shell`, and
/// `inspector-fixtures` beside three fixtures, where free memory is in
/// pieces: docs/design/harness-notes.md "The small machines"), the input and pick machinery
/// (`actions-*`, `pick-*`, `highlight-frame`) and its free-memory check
/// (`memory`).
///
/// Not run there: `gui-gadtools` (its form for the stock A1200 without a
/// second GadgetScope is [`own`]'s `gui-gadtools-stock`; its part 6 is
/// about a second GadgetScope), `record-replay` (two GadgetScopes at
/// once, the recorder and the hand) and the timing benchmarks
/// (docs/design/harness-notes.md "The small machines").
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
    "inspector-fixtures",
    "actions-window",
    "actions-type",
    "pick-handler",
    "pick-cancel",
    "highlight-frame",
    "arexx-waits",
    "arexx-launch",
];

/// `scenario` on the stock A1200, named `<name>-stock`, without the
/// watchdog: `UAETool WATCH` would hold about 270 KB (its code, linear
/// memory and stack) beside the programs under test for the whole run, and
/// with it `arexx-menu-pick` does not fit (docs/design/harness-notes.md
/// "The small machines"). A hang there still gets the host's task dump.
pub fn on_stock_a1200(mut scenario: Scenario) -> Scenario {
    scenario.name.push_str("-stock");
    scenario.without_watchdog().model(Model::A1200ChipOnly)
}

/// Scenarios written for the stock A1200 in a form of their own, where the
/// run on the 8 MB machine has a second GadgetScope as a helper that does
/// not fit beside the first: `gui-gadtools-stock`
/// ([`crate::gui::gadtools_stock`], InputTool as the user's hand).
pub fn own() -> Vec<Scenario> {
    vec![crate::gui::gadtools_stock()]
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
            assert!(stock.is_some_and(|s| s.model == uae_harness::Model::A1200ChipOnly), "{name}-stock");
            let stock = stock.unwrap();
            assert!(!stock.watchdog, "{name}-stock has no watchdog");
            assert!(
                !stock.lines.iter().any(|l| matches!(l, uae_harness::Line::Raw(t) if t.contains("UAETool WATCH"))),
                "{name}-stock starts no UAETool WATCH"
            );
        }
    }

    #[test]
    fn own_forms_are_stock_scenarios_in_the_suite() {
        let all = crate::all();
        for own in super::own() {
            assert!(own.name.ends_with("-stock"), "{}", own.name);
            assert_eq!(own.model, uae_harness::Model::A1200ChipOnly, "{}", own.name);
            assert!(!own.watchdog, "{}", own.name);
            assert_eq!(all.iter().filter(|s| s.name == own.name).count(), 1, "{}", own.name);
        }
    }
}
