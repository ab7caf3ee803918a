//! The stock A1200 ([`Model::A1200ChipOnly`]: 2 MB of chip RAM, no fast
//! RAM): scenarios of the other modules run again on it, each as
//! `<name>-stock`, to show that GadgetScope's window and ARexx host fit
//! the machine most people have. The timing benchmarks stay on the A1200
//! with fast RAM (tests-uae/README.md "Machines").

use crate::{Model, Scenario};

/// The scenarios run on the stock A1200 too.
///
/// `gui-gadtools`, `arexx-menu-pick`, `arexx-waits` and
/// `inspector-fixtures` do not fit yet (tests-uae/README.md "Machines").
pub const STOCK: &[&str] = &["arexx-drive", "memory"];

/// `scenario` on the stock A1200, named `<name>-stock`.
pub fn on_stock_a1200(mut scenario: Scenario) -> Scenario {
    scenario.name.push_str("-stock");
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
        }
    }
}
