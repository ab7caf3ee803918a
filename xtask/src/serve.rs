//! `cargo xtask serve [PORT]`: GadgetScope serving AmiPilot's wire in
//! FS-UAE (AROS ROM, UAE's bsdsocket.library) with the GadTools fixture,
//! for trying it with AmiPilot's own client; until Ctrl-C (SIGTERM or
//! SIGHUP end the emulator at once).
use crate::uae;
use anyhow::{anyhow, bail, Result};

/// The port when none is given (AmiPilot's documented example port).
pub const DEFAULT_PORT: u16 = 1234;

/// Runs the `serve` scenario (tests-uae `wire::serve_scenario`).
pub fn serve(args: &[String]) -> Result<()> {
    let port = match args {
        [] => DEFAULT_PORT,
        [p] => p.parse::<u16>().map_err(|_| anyhow!("PORT must be 0 to 65535, not {p:?}"))?,
        _ => bail!("usage: cargo xtask serve [PORT]"),
    };
    // Ctrl-C reaches the scenario's host step through the signal thread
    // main() started (uae_harness::signals).
    let s = tests_uae::wire::serve_scenario(port);
    let mut opts = uae::prepare(std::slice::from_ref(&s))?;
    opts.progress = true;
    println!("booting FS-UAE (AROS ROM) with GadgetScope on TCP port {port}; logs: target/uae/serve/");
    let report = uae_harness::run_report(&s, &opts);
    println!("{}", report.summary());
    match report.outcome {
        uae_harness::Outcome::Pass => Ok(()),
        other => bail!("{other}"),
    }
}
