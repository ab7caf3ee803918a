//! `cargo xtask serve`: the runner for testing a program's GUI. FS-UAE
//! (its AROS ROM, or the user's Kickstart and Workbench) with GadgetScope
//! serving AmiPilot's wire, the user's program started and its window
//! waited for, until Ctrl-C or a client's `QUIT` (tests-uae `serve`;
//! docs/reference/runner.md).
use crate::uae;
use anyhow::{anyhow, bail, Context, Result};
use std::path::PathBuf;
use std::time::Duration;
use tests_uae::serve::{Setup, Start};
use uae_harness::Model;

/// The port when none is given (AmiPilot's documented example port).
pub const DEFAULT_PORT: u16 = 1234;

/// How long the window may take to open when `--window-timeout` is not given.
const WINDOW_TIMEOUT_S: u64 = 60;

/// The usage line (xtask's help and every usage error).
pub const USAGE: &str =
    "cargo xtask serve [PORT] [--dir DIR [--writable]] [--start LINE | --icon PATH [--tooltype KEY=VALUE]...] \
[--window PATTERN] [--window-timeout SECONDS] [--machine a1200|a1200-stock|a500] [--ntsc] [--kickstart FILE] \
[--workbench DIR] [--port-file FILE | --dial HOST:PORT]";

/// Parses the command line, runs the runner and reports how it ended.
pub fn serve(args: &[String]) -> Result<()> {
    let (setup, kickstart, workbench) = parse(args)?;
    let what = match &setup.start {
        Start::Fixture => "the GadTools fixture".to_string(),
        Start::Line(l) => format!("`{l}` in DH1:"),
        Start::Icon { path, .. } => format!("the icon DH1:{path}"),
    };
    let (port, dial) = (setup.port, setup.dial.clone());
    let model = setup.model;
    // Ctrl-C reaches the scenario's host step through the signal thread
    // main() started (uae_harness::signals).
    let mut s = tests_uae::serve::scenario(setup).map_err(|e| anyhow!(e))?;
    if model == Model::A500 {
        s = tests_uae::m68000::on_68000(s);
    }
    let mut opts = uae::prepare(std::slice::from_ref(&s))?;
    opts.progress = true;
    // For the screenshot of a window that never opened.
    opts.force_xvfb = true;
    if let Some(k) = kickstart {
        match model {
            Model::A500 => opts.kickstart_a500 = Some(k),
            _ => opts.kickstart = Some(k),
        }
    }
    if workbench.is_some() {
        opts.workbench = workbench;
    }
    let port = match (&dial, port) {
        (Some(to), _) => format!("dialing out to {to}"),
        (None, 0) => "a free port".to_string(),
        (None, p) => format!("TCP port {p}"),
    };
    println!("booting FS-UAE with GadgetScope on {port}, starting {what}; logs: target/uae/{}/", s.name);
    let report = uae_harness::run_report(&s, &opts);
    match report.outcome {
        uae_harness::Outcome::Pass => {
            println!("{} the runner ended after {:.0} s", tests_uae::serve::SAYS, report.total.as_secs_f64());
            Ok(())
        }
        other => bail!("{other}\n(logs and screenshots: {})", report.run.dir.display()),
    }
}

/// The runner's [`Setup`], the Kickstart and the Workbench from `args`.
fn parse(args: &[String]) -> Result<(Setup, Option<PathBuf>, Option<PathBuf>)> {
    let mut port = None;
    let (mut dir, mut writable, mut line, mut icon, mut tooltypes) = (None, false, None, None, Vec::new());
    let (mut window, mut window_timeout, mut model, mut ntsc) = (None, WINDOW_TIMEOUT_S, Model::A1200, false);
    let (mut kickstart, mut workbench, mut port_file, mut dial) = (None, None, None, None);
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = |name: &str| it.next().cloned().ok_or_else(|| anyhow!("{name} needs a value\nusage: {USAGE}"));
        match a.as_str() {
            "--dir" => dir = Some(existing_dir(&value(a)?, "--dir")?),
            "--writable" => writable = true,
            "--start" => line = Some(amiga_text(&value(a)?, "--start")?),
            "--icon" => icon = Some(amiga_text(&value(a)?, "--icon")?),
            "--tooltype" => tooltypes.push(amiga_text(&value(a)?, "--tooltype")?),
            "--window" => window = Some(amiga_text(&value(a)?, "--window")?),
            "--window-timeout" => {
                let v = value(a)?;
                window_timeout = v
                    .parse::<u64>()
                    .ok()
                    .filter(|s| (1..=86_400).contains(s))
                    .ok_or_else(|| anyhow!("--window-timeout takes 1 to 86400 seconds, not {v:?}"))?;
            }
            "--machine" => {
                model = match value(a)?.as_str() {
                    "a1200" => Model::A1200,
                    "a1200-stock" => Model::A1200ChipOnly,
                    "a500" => Model::A500,
                    other => bail!("--machine is a1200 (68020, 2 MB chip + 8 MB fast), a1200-stock (2 MB chip only) or a500 (68000, 1 MB chip + 1 MB slow), not {other:?}"),
                }
            }
            "--ntsc" => ntsc = true,
            "--kickstart" => {
                let k = PathBuf::from(value(a)?);
                if !k.is_file() {
                    bail!("--kickstart {}: not a file", k.display());
                }
                kickstart = Some(k.canonicalize()?);
            }
            "--workbench" => workbench = Some(existing_dir(&value(a)?, "--workbench")?),
            "--port-file" => port_file = Some(PathBuf::from(value(a)?)),
            "--dial" => dial = Some(dial_target(&value(a)?)?),
            p if !p.starts_with('-') && port.is_none() => {
                port = Some(p.parse::<u16>().map_err(|_| anyhow!("PORT must be 0 to 65535, not {p:?}"))?)
            }
            other => bail!("unknown argument {other:?}\nusage: {USAGE}"),
        }
    }
    let start = match (line, icon) {
        (Some(_), Some(_)) => bail!("--start and --icon both start the program: give one"),
        (Some(l), None) => Start::Line(l),
        (None, Some(path)) => Start::Icon { path, tooltypes: std::mem::take(&mut tooltypes) },
        (None, None) => Start::Fixture,
    };
    if !tooltypes.is_empty() {
        bail!("--tooltype goes with --icon (the icon's tooltypes)");
    }
    if writable && dir.is_none() {
        bail!("--writable makes the --dir drive writable: give --dir");
    }
    let window = match (&start, window) {
        (Start::Fixture, w) => w.unwrap_or_else(|| "GadTools Fixture".into()),
        (_, Some(w)) => w,
        (_, None) => bail!(
            "--window PATTERN names the program's window (a case-sensitive part of its title): the runner waits for it"
        ),
    };
    if !matches!(start, Start::Fixture) {
        let Some(d) = &dir else {
            bail!("--start and --icon run the program from DH1:, the --dir directory: give --dir")
        };
        if let Start::Icon { path, .. } = &start {
            if path.ends_with(".info") {
                bail!("--icon {path}: the program's path, without .info");
            }
            let host = d.join(path);
            if !host.is_file() {
                bail!("--icon {path}: {} is not a file", host.display());
            }
        }
    }
    if dial.is_some() && (port.is_some() || port_file.is_some()) {
        bail!("with --dial GadgetScope listens on no port: PORT and --port-file go without it");
    }
    let setup = Setup {
        port: port.unwrap_or(DEFAULT_PORT),
        dir,
        writable,
        start,
        window,
        model,
        ntsc,
        port_file,
        window_timeout: Duration::from_secs(window_timeout),
        dial,
    };
    Ok((setup, kickstart, workbench))
}

/// `HOST:PORT` for `--dial`, checked by GadgetScope's own `TCPDIAL`
/// check (gadgetscope_transport::settings::dial), so that what the runner
/// takes GadgetScope takes too.
fn dial_target(text: &str) -> Result<String> {
    let text = amiga_text(text, "--dial")?;
    let bytes = amiga_ndk::latin1::from_str_exact(&text).map_err(|c| anyhow!("--dial: {c:?} is not Latin-1"))?;
    gadgetscope_transport::settings::dial(&bytes).map_err(|why| anyhow!("--dial HOST:PORT: {why}"))?;
    Ok(text)
}

/// `path` as an absolute directory (FS-UAE mounts it).
fn existing_dir(path: &str, option: &str) -> Result<PathBuf> {
    let p = PathBuf::from(path);
    if !p.is_dir() {
        bail!("{option} {path}: not a directory");
    }
    p.canonicalize().with_context(|| format!("{option} {path}"))
}

/// `text` as it may go into an Amiga command line: Latin-1 (one byte per
/// character on the Amiga), no control characters, at most 400 bytes (a
/// wire line is 511 with its verb and quotes).
fn amiga_text(text: &str, option: &str) -> Result<String> {
    if let Some(c) = text.chars().find(|&c| u32::from(c) > 0xFF || c.is_control()) {
        bail!("{option}: {c:?} cannot go into an Amiga command line (Latin-1 only, no control characters)");
    }
    if text.chars().count() > 400 {
        bail!("{option}: longer than 400 characters");
    }
    if text.is_empty() {
        bail!("{option}: empty");
    }
    Ok(text.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(a: &[&str]) -> Vec<String> {
        a.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn without_a_program_the_fixture_is_served() {
        let (s, k, w) = parse(&[]).unwrap();
        assert!(matches!(s.start, Start::Fixture));
        assert_eq!((s.port, s.window.as_str(), k, w), (DEFAULT_PORT, "GadTools Fixture", None, None));
        assert_eq!(parse(&args(&["0"])).unwrap().0.port, 0);
    }

    #[test]
    fn a_program_needs_its_directory_and_window() {
        let dir = std::env::temp_dir();
        let d = dir.to_str().unwrap();
        let e = |a: &[&str]| parse(&args(a)).unwrap_err().to_string();
        assert!(e(&["--start", "Demo"]).contains("--window PATTERN"));
        assert!(e(&["--start", "Demo", "--window", "Demo"]).contains("give --dir"));
        assert!(e(&["--dir", d, "--start", "a", "--icon", "b", "--window", "w"]).contains("give one"));
        assert!(e(&["--tooltype", "A=1"]).contains("goes with --icon"));
        assert!(e(&["--dir", d, "--icon", "Demo.info", "--window", "w"]).contains("without .info"));
        assert!(e(&["--dir", d, "--icon", "no-such-program", "--window", "w"]).contains("is not a file"));
        assert!(e(&["--dir", "/no/such/dir"]).contains("not a directory"));
        assert!(e(&["70000"]).contains("0 to 65535"));
        assert!(e(&["--machine", "a4000"]).contains("a1200-stock"));
        assert!(e(&["--window-timeout", "0"]).contains("1 to 86400"));
        assert!(e(&["--window", "a\nb"]).contains("Latin-1 only"));
        assert!(e(&["--window", "\u{263a}"]).contains("Latin-1 only"));
        assert!(e(&["--bogus"]).contains("unknown argument"));
        assert!(e(&["--dir"]).contains("needs a value"));
        assert!(e(&["--dial", "nowhere"]).contains("HOST:PORT"));
        assert!(e(&["--dial", "h:0"]).contains("HOST:PORT"));
        assert!(e(&["--dial", ":1234"]).contains("HOST:PORT"));
        assert!(e(&["--dial", "h:1", "--port-file", "p"]).contains("go without it"));
        assert!(e(&["0", "--dial", "h:1"]).contains("go without it"));
        assert_eq!(parse(&args(&["--dial", "127.0.0.1:4321"])).unwrap().0.dial.as_deref(), Some("127.0.0.1:4321"));
        let (s, _, _) =
            parse(&args(&["--dir", d, "--start", "Demo X", "--window", "Demo", "--machine", "a500"])).unwrap();
        assert!(matches!(s.start, Start::Line(ref l) if l == "Demo X"));
        assert_eq!((s.model, s.window.as_str(), s.writable), (Model::A500, "Demo", false));
    }
}
