//! `cargo xtask uae-test [SCENARIO...]`: the emulator suite. Builds the
//! Amiga programs and the harness's native tools (ExitEmu, CrashGuard,
//! CrashTest) with the project's converter, then runs the harness
//! self-tests and the product scenarios in FS-UAE with the built-in AROS
//! ROM (or `GADGETSCOPE_KICKSTART` / `GADGETSCOPE_WORKBENCH`).

use crate::{amiga, hunk, tools};
use anyhow::{anyhow, bail, Result};
use std::time::Instant;
use uae_harness::{
    actions, arexx_client, arexx_host, arexx_more, fixtures, foundation, inspector, native, pick, rexx, scenarios,
    Options, Outcome,
};

/// Counts of one suite run.
pub struct Summary {
    pub passed: usize,
    pub failed: usize,
    pub seconds: f64,
}

/// The ELF->hunk conversion the harness's native tools go through.
fn convert(elf: &[u8]) -> Result<Vec<u8>, String> {
    hunk::elf_to_hunk(elf, &hunk::HunkOptions { symbols: false }).map(|i| i.bytes).map_err(|e| e.to_string())
}

/// Options with the native tools built; shared by `uae-test` and `run`.
pub fn options() -> Result<Options> {
    tools::ensure_emulator()?;
    let dir = amiga::root().join("target/uae/tools");
    let tools = native::build(&dir, &convert).map_err(|e| anyhow!("building the harness's native tools: {e}"))?;
    Ok(Options::new(tools))
}

/// Builds everything and runs the scenarios whose name is in `only` (all
/// when empty). Prints one line per scenario.
pub fn run(only: &[String]) -> Result<Summary> {
    let start = Instant::now();
    let built = amiga::build(&[])?;
    let find = |name: &str| {
        built.iter().find(|b| b.hunk_path.file_name().is_some_and(|f| f == name)).map(|b| b.hunk_path.clone())
    };
    let programs = foundation::Programs {
        gadgetscope: find("GadgetScope").ok_or_else(|| anyhow!("GadgetScope was not built"))?,
        uaetool: find("UAETool").ok_or_else(|| anyhow!("UAETool was not built"))?,
    };
    let fixture_programs = fixtures::Programs {
        gadtools: find("GadToolsFixture").ok_or_else(|| anyhow!("GadToolsFixture was not built"))?,
        boopsi: find("BoopsiFixture").ok_or_else(|| anyhow!("BoopsiFixture was not built"))?,
        screen: find("ScreenFixture").ok_or_else(|| anyhow!("ScreenFixture was not built"))?,
        uaetool: find("UAETool").ok_or_else(|| anyhow!("UAETool was not built"))?,
    };
    let inputtool = find("InputTool").ok_or_else(|| anyhow!("InputTool was not built"))?;
    let opts = options()?;
    let rexx_programs =
        rexx::Programs::new(find("RexxSend").ok_or_else(|| anyhow!("RexxSend was not built"))?, &opts.tools);
    let wanted = |name: &str| only.is_empty() || only.iter().any(|o| o == name);
    let mut known = Vec::new();
    let (mut passed, mut failed) = (0, 0);
    let mut tally = |name: &str, result: Result<String, String>, summary: String| match &result {
        Ok(note) => {
            passed += 1;
            println!(
                "uae-test {name}: PASS {}{}",
                summary,
                if note.is_empty() { String::new() } else { format!(" ({note})") }
            );
        }
        Err(why) => {
            failed += 1;
            println!("uae-test {name}: FAIL {why}\n    {summary}\n    logs: target/uae/{name}/");
        }
    };
    for t in scenarios::self_tests(&opts.tools) {
        known.push(t.scenario.name.clone());
        if !wanted(&t.scenario.name) {
            continue;
        }
        let report = uae_harness::run_report(&t.scenario, &opts);
        let result = (t.verify)(&report, &opts.tools);
        tally(&t.scenario.name, result, report.summary());
    }
    for s in foundation::scenarios(&programs)
        .into_iter()
        .chain(inspector::scenarios(&programs))
        .chain(inspector::fixture_scenarios(
            &programs,
            &inspector::Fixtures {
                gadtools: fixture_programs.gadtools.clone(),
                boopsi: fixture_programs.boopsi.clone(),
                screen: fixture_programs.screen.clone(),
            },
        ))
        .chain(fixtures::scenarios(&fixture_programs))
        .chain(actions::scenarios(&programs, &inputtool))
        .chain(pick::scenarios(&pick::Programs {
            gadgetscope: programs.gadgetscope.clone(),
            gadtools: fixture_programs.gadtools.clone(),
            inputtool: inputtool.clone(),
            picktool: find("PickTool").ok_or_else(|| anyhow!("PickTool was not built"))?,
            uaetool: programs.uaetool.clone(),
        }))
        .chain(rexx::scenarios(&rexx_programs))
        .chain(arexx_host::scenarios(&arexx_host::Programs {
            gadgetscope: programs.gadgetscope.clone(),
            gadtools: fixture_programs.gadtools.clone(),
            rexx: rexx::Programs::new(find("RexxSend").ok_or_else(|| anyhow!("RexxSend was not built"))?, &opts.tools),
        }))
        .chain(arexx_more::scenarios(&arexx_more::Programs {
            gadgetscope: programs.gadgetscope.clone(),
            gadtools: fixture_programs.gadtools.clone(),
            uaetool: programs.uaetool.clone(),
            rexx: rexx::Programs::new(find("RexxSend").ok_or_else(|| anyhow!("RexxSend was not built"))?, &opts.tools),
        }))
        .chain(arexx_client::scenarios(&arexx_client::Programs {
            gadgetscope: programs.gadgetscope.clone(),
            where_fixture: find("WhereFixture").ok_or_else(|| anyhow!("WhereFixture was not built"))?,
            uaetool: programs.uaetool.clone(),
            rexx: rexx::Programs::new(find("RexxSend").ok_or_else(|| anyhow!("RexxSend was not built"))?, &opts.tools),
        }))
        .chain(uae_harness::gui::scenarios(&uae_harness::gui::Programs {
            gadgetscope: programs.gadgetscope.clone(),
            gadtools: fixture_programs.gadtools.clone(),
            inputtool: inputtool.clone(),
            uaetool: programs.uaetool.clone(),
            rexx: rexx::Programs::new(find("RexxSend").ok_or_else(|| anyhow!("RexxSend was not built"))?, &opts.tools),
        }))
        .chain(uae_harness::shipping::scenarios(&crate::dist::uae_programs(
            &programs.gadgetscope,
            &find("IconProbe").ok_or_else(|| anyhow!("IconProbe was not built"))?,
            &inputtool,
            &programs.uaetool,
            rexx::Programs::new(find("RexxSend").ok_or_else(|| anyhow!("RexxSend was not built"))?, &opts.tools),
        )?))
    {
        known.push(s.name.clone());
        if !wanted(&s.name) {
            continue;
        }
        let report = uae_harness::run_report(&s, &opts);
        let result = match &report.outcome {
            Outcome::Pass => Ok(String::new()),
            other => Err(other.to_string()),
        };
        tally(&s.name, result, report.summary());
    }
    if let Some(bad) = only.iter().find(|o| !known.contains(o)) {
        bail!("no scenario named {bad}; known: {}", known.join(", "));
    }
    Ok(Summary { passed, failed, seconds: start.elapsed().as_secs_f64() })
}
