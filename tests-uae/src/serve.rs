//! The runner of `cargo xtask serve`: FS-UAE (AROS ROM, or the user's
//! Kickstart and Workbench) with GadgetScope serving AmiPilot's wire, a
//! program started and its window waited for, then served until Ctrl-C or
//! until a client sends `QUIT`. The program is the user's (`--dir`
//! mounted as `DH1:`, a Shell line or an icon) or, without one, the
//! repository's GadTools fixture. docs/reference/runner.md is its
//! reference; this is not a suite scenario.
//!
//! On the Amiga: GadgetScope (`NOGUI TCPPORT=… TCPBIND=127.0.0.1
//! TCPPORTFILE=DH0:wire.port`, and `FSROOT=DH1:` with a drive) runs from an Execute script that writes
//! `DH0:gadgetscope.ended` when it ends; a Shell line runs from another,
//! in `DH1:`, its output to `DH0:program.out` and its RC to
//! `DH0:program.rc`. The host step [`serve`] then does the rest over the
//! wire: an icon is started with `WBLAUNCH`, the window waited for with
//! `WAITFOR WINDOW=… TIMEOUT=1` until [`Setup::window_timeout`], checking
//! between waits whether the program or GadgetScope has ended. With
//! [`Setup::dial`] GadgetScope dials out (`TCPDIAL`) and the host has no
//! wire of its own: the Amiga side starts an icon and waits for the window
//! over ARexx (RexxSend), and the step reads how that went. The step
//! keeps its connection open while it serves: it takes one of
//! GadgetScope's four TCP clients.

use crate::wire_client::Wire;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::{Duration, Instant};
use uae_harness::net::BSDSOCKET;
use uae_harness::{HostContext, Model, Scenario};

/// What the runner starts.
#[derive(Clone, Debug)]
pub enum Start {
    /// The repository's GadTools fixture (window `GadTools Fixture`).
    Fixture,
    /// A Shell command line, run with `DH1:` as its current directory.
    Line(String),
    /// A program icon: its path in `DH1:` without `.info`, and
    /// `KEY=value` tooltypes that replace the icon's own (`WBLAUNCH`).
    Icon { path: String, tooltypes: Vec<String> },
}

/// One run of the runner.
#[derive(Clone, Debug)]
pub struct Setup {
    /// The TCP port GadgetScope listens on (the host's: UAE's sockets are
    /// the fs-uae process's own); 0: one the system chooses.
    pub port: u16,
    /// The user's directory, mounted as `DH1:` (volume `Work`).
    pub dir: Option<PathBuf>,
    /// `DH1:` writable (else read-only).
    pub writable: bool,
    pub start: Start,
    /// The window to wait for: a case-sensitive substring of its title
    /// (docs/reference/commands.md "Windows").
    pub window: String,
    pub model: Model,
    /// An NTSC machine (60 Hz, 200 lines) instead of PAL.
    pub ntsc: bool,
    /// Where the port is written (a decimal number and LF) once the window
    /// is open.
    pub port_file: Option<PathBuf>,
    /// How long the window may take to open after GadgetScope answers.
    pub window_timeout: Duration,
    /// `<host>:<port>` GadgetScope dials out to (`TCPDIAL`) instead of
    /// listening: the client listens there and accepts the connection.
    pub dial: Option<String>,
}

/// The run's [`Setup`], for the host step (a plain `fn`).
static SETUP: OnceLock<Setup> = OnceLock::new();

/// The line each runner message starts with, for a program reading them.
pub const SAYS: &str = "gadgetscope-serve:";

/// How long GadgetScope may take to listen after the emulator starts.
const LISTEN_TIMEOUT: Duration = Duration::from_secs(120);

/// A week: the run has no end of its own.
const WEEK: u32 = 7 * 24 * 3600;

/// The runner's scenario for `setup` (kept for its host step; a process
/// runs one runner). Error: a second call.
pub fn scenario(setup: Setup) -> Result<Scenario, String> {
    let s = build(&setup);
    SETUP.set(setup).map_err(|_| "the runner runs once per process".to_string())?;
    Ok(s)
}

/// The scenario's files, drives and script lines.
fn build(setup: &Setup) -> Scenario {
    let mut s = crate::rexx::with_arexx(Scenario::new("serve"))
        .config(BSDSOCKET.0, BSDSOCKET.1)
        .config("warp_mode", "0")
        .program("GadgetScope", "GadgetScope")
        .program("C/UAETool", "UAETool")
        .model(setup.model)
        .bytes("quit.rexx", b"QUIT\n".to_vec());
    if setup.ntsc {
        s = s.config("ntsc_mode", "1");
    }
    if let Some(dir) = &setup.dir {
        s = s
            .config("hard_drive_1", &dir.display().to_string())
            .config("hard_drive_1_label", "Work")
            .config("hard_drive_1_read_only", if setup.writable { "0" } else { "1" });
    }
    // The file verbs reach the user's drive only.
    let fsroot = if setup.dir.is_some() { " FSROOT=DH1:" } else { "" };
    let wire = match &setup.dial {
        Some(to) => format!("TCPDIAL={to}"),
        None => format!("TCPPORT={} TCPBIND=127.0.0.1 TCPPORTFILE=DH0:wire.port", setup.port),
    };
    let gadgetscope = format!(
        "GadgetScope >DH0:gadgetscope.out NOGUI {wire}{fsroot}\n\
         Echo \"$RC\" >DH0:gadgetscope.ended\n"
    );
    s = s.bytes("gadgetscope.script", gadgetscope).line("Run >NIL: Execute DH0:gadgetscope.script");
    let program = match &setup.start {
        Start::Fixture => Some(("DH0:", "GadToolsFixture".to_string())),
        Start::Line(line) => Some(("DH1:", line.clone())),
        Start::Icon { .. } => None,
    };
    if let Some((dir, line)) = program {
        if matches!(setup.start, Start::Fixture) {
            s = s.program("GadToolsFixture", "GadToolsFixture");
        }
        let script =
            format!("FailAt 21\nCD {dir}\n{}\nEcho \"$RC\" >DH0:program.rc\n", redirected(&line, "DH0:program.out"));
        s = s.bytes("program.script", script).line("Run >NIL: Execute DH0:program.script");
    }
    if setup.dial.is_some() {
        // No wire for the host step: the icon and the wait go over ARexx.
        if let Start::Icon { .. } = &setup.start {
            s = s.bytes("launch.rexx", format!("{}\n", wblaunch_line(&setup.start)));
            s = s.line(format!("RexxSend PORT=GADGETSCOPE.1 WAITPORT=60 SCRIPT=DH0:launch.rexx OUT=DH0:{LAUNCH_OUT}"));
        }
        let wait = format!("{}\n", waitfor_line(&setup.window, setup.window_timeout.as_secs()));
        s = s
            .bytes("window.rexx", wait)
            .line(format!("RexxSend PORT=GADGETSCOPE.1 WAITPORT=60 SCRIPT=DH0:window.rexx OUT=DH0:{WINDOW_OUT}"));
    }
    s.host_steps.push(("serve".into(), serve));
    s.line(format!("Echo \"go\" >DH0:{}", uae_harness::scenario::host_request_file("serve")))
        .line(format!("C:UAETool WAITFILE FILE=DH0:{} TIMEOUT={WEEK}", uae_harness::scenario::host_done_file("serve")))
        .line(format!("If EXISTS DH0:{SEND_QUIT}"))
        .line("  RexxSend PORT=GADGETSCOPE.1 SCRIPT=DH0:quit.rexx OUT=DH0:quit.out WAITPORT=20")
        .line("EndIf")
        .timeout(Duration::from_secs(u64::from(WEEK)))
}

/// `line` with its output sent to `file`: AmigaDOS takes a redirection
/// right after the command's name (which may be quoted).
pub fn redirected(line: &str, file: &str) -> String {
    let (name, args) = split_command(line);
    format!("{name} >{file}{args}")
}

/// A command line's command name (with its quotes, if it has them) and
/// the rest.
fn split_command(line: &str) -> (&str, &str) {
    let line = line.trim_start();
    let end = match line.strip_prefix('"') {
        Some(rest) => rest.find('"').map(|i| i + 2).unwrap_or(line.len()),
        None => line.find([' ', '\t']).unwrap_or(line.len()),
    };
    line.split_at(end)
}

/// The `WBLAUNCH` line of an icon start (empty for another start).
fn wblaunch_line(start: &Start) -> String {
    let Start::Icon { path, tooltypes } = start else { return String::new() };
    let mut line = format!("WBLAUNCH {}", quoted(&format!("DH1:{path}")));
    for t in tooltypes {
        line.push_str(&format!(" TOOLTYPE={}", quoted(t)));
    }
    line
}

/// The `WAITFOR` line for `window`, waiting at most `seconds`.
fn waitfor_line(window: &str, seconds: u64) -> String {
    format!("WAITFOR WINDOW={} TIMEOUT={seconds}", quoted(window))
}

/// RexxSend's replies (`RC <n>`, then `RESULT …` or the error's lines) to
/// the icon's `WBLAUNCH` and to the window's `WAITFOR` when GadgetScope
/// dials out.
const LAUNCH_OUT: &str = "launch.out";
const WINDOW_OUT: &str = "window.out";

/// `text` quoted for a command line (docs/reference/commands.md "Command
/// lines": `\"` and `\\` inside quotes).
pub fn quoted(text: &str) -> String {
    format!("\"{}\"", text.replace('\\', "\\\\").replace('"', "\\\""))
}

/// The files the Amiga side writes, read by the host step.
struct Drive<'a>(&'a Path);

impl Drive<'_> {
    fn text(&self, name: &str) -> Option<String> {
        std::fs::read(self.0.join(name)).ok().map(|b| b.iter().map(|&c| char::from(c)).collect())
    }
    /// A file the Amiga side finished (it ends with LF).
    fn line(&self, name: &str) -> Option<String> {
        self.text(name).filter(|t| t.ends_with('\n')).map(|t| t.trim().to_string())
    }
    /// `name`'s text for a message, or what is said when there is none.
    fn shown(&self, name: &str, none: &str) -> String {
        match self.text(name) {
            Some(t) if !t.trim().is_empty() => format!("\n--- {name} ---\n{}\n---", t.trim_end()),
            _ => format!(" ({name}: {none})"),
        }
    }
}

/// The host step: GadgetScope listening, the program started, its window
/// open, then served until Ctrl-C or GadgetScope's end.
fn serve(ctx: &HostContext) -> Result<String, String> {
    let setup = SETUP.get().ok_or("the runner's setup is missing")?;
    let drive = Drive(&ctx.hd);
    if let Some(to) = &setup.dial {
        return serve_dialing(ctx, setup, &drive, to);
    }
    let t0 = Instant::now();
    let port = loop {
        if let Some(p) = drive.line("wire.port") {
            break p.parse::<u16>().map_err(|_| format!("wire.port is not a port: {p:?}"))?;
        }
        if let Some(rc) = drive.line("gadgetscope.ended") {
            return Err(format!("{} before it listened", gadgetscope_ended(&drive, &rc)));
        }
        if t0.elapsed() > LISTEN_TIMEOUT {
            return Err(format!("GadgetScope did not listen within {} s", LISTEN_TIMEOUT.as_secs()));
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    say(&format!("GadgetScope listens on 127.0.0.1:{port} ({:.1} s after boot began)", ctx_age(ctx)));
    let mut wire = Wire::connect(port, Duration::from_secs(30))?;
    wire.command("VERSION")?;
    if let Start::Icon { .. } = &setup.start {
        let line = wblaunch_line(&setup.start);
        let r = wire.command(&line)?;
        if r.rc != 0 {
            return Err(format!("{line}: RC {}: {}", r.rc, r.text()));
        }
    }
    wait_for_window(ctx, setup, &drive, &mut wire)?;
    if let Some(f) = &setup.port_file {
        std::fs::write(f, format!("{port}\n")).map_err(|e| format!("{}: {e}", f.display()))?;
    }
    say(&format!("ready 127.0.0.1:{port} (window {:?} open, {:.1} s after boot began)", setup.window, ctx_age(ctx)));
    // The step's own connection stays open, idle: GadgetScope closes it
    // when a client's QUIT ends its serving, also while it still waits for
    // a program it started from the icon to end.
    let interrupted = uae_harness::signals::wait_for_interrupt_or(
        || wire.closed() || drive.line("gadgetscope.ended").is_some(),
        Duration::from_millis(200),
    )?;
    finish(ctx, interrupted, &format!("port {port}"))
}

/// The file the host step writes when the Amiga side is to send `QUIT`
/// (after Ctrl-C; a client's `QUIT` has ended GadgetScope's serving).
const SEND_QUIT: &str = "send-quit";

/// The host step when GadgetScope dials out: the Amiga side has started
/// the program and waited for its window over ARexx; this reads how that
/// went, then serves until Ctrl-C or GadgetScope's end.
fn serve_dialing(ctx: &HostContext, setup: &Setup, drive: &Drive, to: &str) -> Result<String, String> {
    let answered = |file: &str| drive.text(file).unwrap_or_default();
    if let Start::Icon { .. } = &setup.start {
        let out = answered(LAUNCH_OUT);
        if !out.starts_with("RC 0\n") {
            return Err(format!("{}: {}", wblaunch_line(&setup.start), out.trim()));
        }
    }
    let out = answered(WINDOW_OUT);
    if !out.starts_with("RC 0\n") {
        let why = match drive.line("gadgetscope.ended") {
            Some(rc) => gadgetscope_ended(drive, &rc),
            None => format!(
                "no window {:?} opened within {} s ({})",
                setup.window,
                setup.window_timeout.as_secs(),
                out.trim()
            ),
        };
        return Err(not_open(ctx, setup, drive, &why));
    }
    say(&format!(
        "ready dial-out {to} (window {:?} open, {:.1} s after boot began; GadgetScope dials {to} until a client there answers)",
        setup.window,
        ctx_age(ctx)
    ));
    let interrupted = uae_harness::signals::wait_for_interrupt_or(
        || drive.line("gadgetscope.ended").is_some(),
        Duration::from_millis(200),
    )?;
    finish(ctx, interrupted, &format!("dialing {to}"))
}

/// Says how the serving ended; after Ctrl-C asks the Amiga side for `QUIT`.
fn finish(ctx: &HostContext, interrupted: bool, what: &str) -> Result<String, String> {
    if interrupted {
        say("Ctrl-C: QUIT to GadgetScope, then the emulator ends");
        std::fs::write(ctx.hd.join(SEND_QUIT), "go\n").map_err(|e| e.to_string())?;
        Ok(format!("served ({what}) until Ctrl-C\n"))
    } else {
        say("GadgetScope stopped serving (a client sent QUIT); the emulator ends");
        Ok(format!("served ({what}) until a client's QUIT\n"))
    }
}

/// Waits until the window is open; an error says why it never came.
fn wait_for_window(ctx: &HostContext, setup: &Setup, drive: &Drive, wire: &mut Wire) -> Result<(), String> {
    let t0 = Instant::now();
    let request = waitfor_line(&setup.window, 1);
    loop {
        let r = wire.command(&request)?;
        match r.rc {
            0 => return Ok(()),
            15 => {}
            rc => return Err(format!("{request}: RC {rc}: {}", r.text())),
        }
        let ended = drive.line("program.rc");
        let missing = ended.is_some() && not_found(drive, &setup.start);
        let failed = missing || ended.as_deref().is_some_and(|rc| rc != "0");
        let gone = drive.line("gadgetscope.ended");
        if !(failed || gone.is_some() || t0.elapsed() >= setup.window_timeout) {
            continue;
        }
        let why = if let Some(rc) = gone {
            gadgetscope_ended(drive, &rc)
        } else if missing {
            "the Shell found no such command (in DH1:, the --dir directory, or C:)".to_string()
        } else if failed {
            format!("the program ended with RC {}", ended.unwrap_or_default())
        } else {
            format!(
                "no window {:?} opened within {} s (the title is matched case-sensitively){}",
                setup.window,
                setup.window_timeout.as_secs(),
                match &ended {
                    Some(rc) => format!("; the command ended (RC {rc})"),
                    None => String::new(),
                }
            )
        };
        return Err(not_open(ctx, setup, drive, &why));
    }
}

/// Why the window never came (`why`), with the program's output (none is
/// kept for an icon) and a screenshot of the screen now.
fn not_open(ctx: &HostContext, setup: &Setup, drive: &Drive, why: &str) -> String {
    let output = match setup.start {
        Start::Icon { .. } => " (started from its icon: its output is not kept)".to_string(),
        _ => drive.shown("program.out", "empty"),
    };
    let shot = match ctx.screenshot("not-open") {
        Ok(path) => path.display().to_string(),
        Err(e) => format!("no screenshot ({e})"),
    };
    format!("{why}{output}\nthe screen now: {shot}")
}

/// GadgetScope ended with `rc`, and what it printed.
fn gadgetscope_ended(drive: &Drive, rc: &str) -> String {
    format!("GadgetScope ended (RC {rc}){}", drive.shown("gadgetscope.out", "no output"))
}

/// Whether the Shell could not find the command of a `Start::Line`: its
/// output begins `<command>: object not found`, as the ROM's Shell says
/// it, with RC 0 (docs/reference/runner.md).
fn not_found(drive: &Drive, start: &Start) -> bool {
    let Start::Line(line) = start else { return false };
    let command = split_command(line).0.trim_matches('"');
    drive.text("program.out").is_some_and(|out| out.starts_with(&format!("{command}: object not found")))
}

/// Seconds since the run's directory was made (the boot's start).
fn ctx_age(ctx: &HostContext) -> f64 {
    std::fs::metadata(ctx.run.config())
        .and_then(|m| m.modified())
        .ok()
        .and_then(|t| t.elapsed().ok())
        .map(|d| d.as_secs_f64())
        .unwrap_or(0.0)
}

/// Prints a runner message at once.
fn say(text: &str) {
    println!("{SAYS} {text}");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn output_goes_right_after_the_command_name() {
        assert_eq!(redirected("Demo ARG1 ARG2", "DH0:o"), "Demo >DH0:o ARG1 ARG2");
        assert_eq!(redirected("Demo", "DH0:o"), "Demo >DH0:o");
        assert_eq!(redirected("\"My Demo\" X", "DH0:o"), "\"My Demo\" >DH0:o X");
        assert_eq!(redirected("  bin/Demo\tX", "DH0:o"), "bin/Demo >DH0:o\tX");
    }

    #[test]
    fn patterns_are_quoted_with_escapes() {
        assert_eq!(quoted("GadTools Fixture"), "\"GadTools Fixture\"");
        assert_eq!(quoted("a\"b\\c"), "\"a\\\"b\\\\c\"");
    }
}
