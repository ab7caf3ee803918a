//! `tests_uae`: GadgetScope's emulator scenarios, written with
//! [`uae_harness`] and run by `cargo xtask uae-test`. Each module holds
//! the scenarios of what it tests and lists them in its `scenarios()`;
//! [`all`] is the suite in order, with the stock A1200's and the 68000's
//! runs of some of them ([`stock`], [`m68000`]). The fixtures the
//! scenarios stage are in `fixtures/`, expected inspector output in
//! `golden/`, the host-side Python steps in `wire/`.
#![forbid(unsafe_code)]

pub mod actions;
pub mod arexx_client;
pub mod arexx_host;
pub mod arexx_more;
pub mod churn;
pub mod diskfont;
pub mod fixtures;
pub mod foundation;
pub mod gui;
pub mod inspector;
pub mod m68000;
pub mod parts;
pub mod pick;
pub mod picture;
pub mod record;
pub mod rexx;
pub mod roles;
pub mod serve;
pub mod shipping;
pub mod shown;
pub mod stock;
pub mod wire;
pub mod wire_client;

use std::path::{Path, PathBuf};
use uae_harness::{Check, Scenario};

/// Every registered scenario, in suite order: each test module's
/// `scenarios()`, then the stock A1200's runs of some of them
/// ([`stock::STOCK`]). A module lists its scenarios itself and names what
/// each stages ([`Scenario::program`]); the runner (`cargo xtask uae-test`)
/// builds what the selected scenarios' [`Scenario::needs`] name, runs them
/// and judges each with [`Scenario::verdict`].
pub fn all() -> Vec<Scenario> {
    let mut all = modules();
    // A scenario is built again for its stock run (a Scenario holds
    // closures and is not Clone).
    all.extend(stock::scenarios_from(modules()));
    all.extend(stock::own());
    all.extend(m68000::scenarios_from(modules()));
    all
}

/// Each test module's `scenarios()`, in suite order.
fn modules() -> Vec<Scenario> {
    [
        uae_harness::selftest::scenarios(),
        foundation::scenarios(),
        inspector::scenarios(),
        fixtures::scenarios(),
        actions::scenarios(),
        pick::scenarios(),
        rexx::scenarios(),
        arexx_host::scenarios(),
        arexx_more::scenarios(),
        arexx_client::scenarios(),
        roles::scenarios(),
        gui::scenarios(),
        churn::scenarios(),
        shipping::scenarios(),
        wire::scenarios(),
        record::scenarios(),
        shown::scenarios(),
        parts::scenarios(),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// The cargo workspace root (`tests-uae/..`).
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("tests-uae has a parent").to_path_buf()
}

/// `file` (on the boot drive) equals `golden` (relative to the workspace
/// root) byte for byte; a mismatch shows a unified diff.
pub fn golden(file: &str, golden: &str) -> Check {
    Check::Golden(file.into(), golden.into(), gadgetscope_core::golden::compare_golden)
}

#[cfg(test)]
mod tests;
