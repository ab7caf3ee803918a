//! The recorder's replay proof: `record-replay`.
//!
//! GadgetScope NOGUI (`GADGETSCOPE.1`, the wire on) records while a second
//! GadgetScope (`PORTNAME=HAND`) plays the user's hand: its CLICK, TYPE,
//! DRAG and MENUPICK are real input.device events, which the recorder
//! cannot tell from a person's (docs/design/recorder.md). The hand clicks
//! Connect on the GadTools fixture started with `DELAYED` (a requester
//! `Connected` opens a second later), answers the requester, types into
//! the string gadget, drags the slider and picks two menu entries without
//! command keys (one a sub-item). The recorder saves an ARexx and a Python
//! script. Then the fixture runs twice more from the start: once the
//! ARexx script's commands go through the ARexx port (AROS has no ARexx
//! interpreter: a host step takes the command clauses out of the script
//! in order, as RexxMast would send them, and RexxSend sends them), once
//! the Python script runs on the host with AmiPilot's own `amipilot`
//! client over the wire. The fixture's log of each replay must equal the
//! log of the recording, line for line, and hold every recorded action.

use crate::rexx::replies;
use crate::rexx::with_arexx;
use crate::wire::WIRE_START;
use std::process::Command;
use std::time::Duration;
use uae_harness::net::{read_port, BSDSOCKET};
use uae_harness::scenario::wait_for_file;
use uae_harness::{Check, HostContext, Scenario};

/// What the hand does (ARexx commands to `HAND`).
const HAND_SCRIPT: &str = "\
CLICK \"GadTools Fixture\" 1 EXPECT=WINDOW=Connected TIMEOUT=10
CLICK Connected ROLE=button LABEL=Fine
TYPE CLEAR=YES ENTER=YES \"GadTools Fixture\" 2 world
DRAG \"GadTools Fixture\" 5 30 0
MENUPICK \"GadTools Fixture\" 0 1
MENUPICK \"GadTools Fixture\" 0 4 0
QUIT
";

/// The recorder's commands before and after the hand's.
const START_SCRIPT: &str = "RECORD START\n";
const STOP_SCRIPT: &str = "RECORD STOP\nRECORD SAVE DH0:replay.rexx\nRECORD SAVE DH0:replay.py PYTHON\n";

/// The lines every log must hold, in this order (the fixture's log
/// format, tests-uae/fixtures/fixture-common): Connect, the requester's
/// answer (0: its only gadget is the rightmost), the typed text, the slider, Save, Recent/First file.
const EXPECTED: [&str; 6] = [
    "GADGETUP id=1 ",
    "REQUESTER 0",
    "GADGETUP id=2 code=",
    "GADGETUP id=5 code=",
    "MENUPICK menu=0 item=1 sub=31",
    "MENUPICK menu=0 item=4 sub=0",
];

/// One REXX string literal (`'…'` or `"…"`, the quote doubled inside) that
/// makes up the whole clause `line`, decoded; `None` for any other clause.
fn command_clause(line: &str) -> Option<String> {
    let t = line.trim();
    let q = t.chars().next().filter(|c| *c == '\'' || *c == '"')?;
    let body = t.strip_prefix(q)?.strip_suffix(q)?;
    let mut out = String::new();
    let mut chars = body.chars().peekable();
    while let Some(c) = chars.next() {
        if c == q {
            // Inside the literal a quote must come doubled.
            if chars.next() != Some(q) {
                return None;
            }
        }
        out.push(c);
    }
    Some(out)
}

/// The host step: `replay.rexx`'s commands, in order, into `replay.cmds`.
fn extract_commands(ctx: &HostContext) -> Result<String, String> {
    let script = std::fs::read_to_string(ctx.hd.join("replay.rexx")).map_err(|e| format!("replay.rexx: {e}"))?;
    let cmds: Vec<String> = script.lines().filter_map(command_clause).collect();
    if cmds.is_empty() {
        return Err(format!("no command in replay.rexx:\n{script}"));
    }
    let mut text = cmds.join("\n");
    text.push('\n');
    std::fs::write(ctx.hd.join("replay.cmds"), &text).map_err(|e| e.to_string())?;
    Ok(text)
}

/// Copies the fixture's log as it is now to `<name>` in the boot drive.
fn keep_log(ctx: &HostContext, name: &str) -> Result<String, String> {
    let log = std::fs::read_to_string(ctx.hd.join("gadtools-fixture.log")).map_err(|e| e.to_string())?;
    std::fs::write(ctx.hd.join(name), &log).map_err(|e| e.to_string())?;
    Ok(log)
}

fn keep_recorded(ctx: &HostContext) -> Result<String, String> {
    keep_log(ctx, "recorded.log")
}

fn keep_arexx(ctx: &HostContext) -> Result<String, String> {
    keep_log(ctx, "arexx-replay.log")
}

fn keep_python(ctx: &HostContext) -> Result<String, String> {
    keep_log(ctx, "python-replay.log")
}

/// The host step: the recorded Python script with AmiPilot's client
/// (target/tools/venv) against the recorder's wire.
fn run_python(ctx: &HostContext) -> Result<String, String> {
    let port = read_port(&ctx.hd, "wire.port", Duration::from_secs(10))?;
    let py = ctx.workspace.join("target/tools/venv/bin/python3");
    let out = Command::new(&py)
        .arg(ctx.hd.join("replay.py"))
        .args(["127.0.0.1", &port.to_string(), "amipilot"])
        .output()
        .map_err(|e| format!("cannot run {}: {e}", py.display()))?;
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    if out.status.success() {
        Ok(text)
    } else {
        Err(format!("replay.py failed ({}):\n{text}", out.status))
    }
}

/// Starts the fixture with `DELAYED` and waits until it is ready.
fn fixture_up(mut s: Scenario, label: &str) -> Scenario {
    s = s.line("Run >NIL: GadToolsFixture DELAYED");
    for l in wait_for_file("gadtools-fixture.ready", label) {
        s = s.line(l);
    }
    s
}

/// Ends the fixture and waits until it is gone (its next start deletes
/// the `.done` file again).
fn fixture_down(mut s: Scenario, label: &str) -> Scenario {
    s = s.line("Echo \"quit\" >DH0:gadtools-fixture.quit");
    for l in wait_for_file("gadtools-fixture.done", label) {
        s = s.line(l);
    }
    s
}

/// Every reply of an OUT file RC 0.
fn all_ok(file: &'static str, want: usize) -> Check {
    Check::Custom(
        format!("{file}: {want} replies, all RC 0"),
        Box::new(move |run| {
            let text = run.read_text(file)?;
            let r = replies(&text);
            if r.len() == want && r.iter().all(|(rc, _)| *rc == 0) {
                Ok(())
            } else {
                Err(format!("{file}:\n{text}"))
            }
        }),
    )
}

fn record_replay() -> Scenario {
    let mut s = with_arexx(Scenario::new("record-replay"))
        .config(BSDSOCKET.0, BSDSOCKET.1)
        .watchdog()
        .program("GadgetScope", "GadgetScope")
        .program("GadToolsFixture", "GadToolsFixture")
        .bytes("hand.rexx", HAND_SCRIPT.as_bytes().to_vec())
        .bytes("start.rexx", START_SCRIPT.as_bytes().to_vec())
        .bytes("stop.rexx", STOP_SCRIPT.as_bytes().to_vec())
        .bytes("quit.rexx", b"QUIT\n".to_vec());
    s = fixture_up(s, "rec-up");
    s = s
        .line(format!("Run >NIL: {WIRE_START}"))
        .line("Run >NIL: GadgetScope NOGUI PORTNAME=HAND")
        .line("RexxSend PORT=GADGETSCOPE.1 SCRIPT=DH0:start.rexx OUT=DH0:start.out WAITPORT=20")
        .line("RexxSend PORT=HAND SCRIPT=DH0:hand.rexx OUT=DH0:hand.out WAITPORT=20")
        .line("RexxSend PORT=GADGETSCOPE.1 SCRIPT=DH0:stop.rexx OUT=DH0:stop.out")
        .host_step("keep-recorded", 30, keep_recorded);
    s = fixture_down(s, "rec-down");
    s = fixture_up(s, "arexx-up");
    s = s
        .host_step("extract", 30, extract_commands)
        .line("RexxSend PORT=GADGETSCOPE.1 SCRIPT=DH0:replay.cmds OUT=DH0:replay.out")
        .host_step("keep-arexx", 30, keep_arexx);
    s = fixture_down(s, "arexx-down");
    s = fixture_up(s, "python-up");
    s = s.host_step("python", 120, run_python).host_step("keep-python", 30, keep_python);
    s = fixture_down(s, "python-down");
    s.line("RexxSend PORT=GADGETSCOPE.1 SCRIPT=DH0:quit.rexx OUT=DH0:quit.out")
        .check(all_ok("start.out", 1))
        .check(all_ok("hand.out", 7))
        .check(all_ok("stop.out", 3))
        .check(all_ok("quit.out", 1))
        .check(Check::Custom(
            "the recorded log holds every action, and both replays' logs equal it".into(),
            Box::new(|run| {
                let rec = run.read_text("recorded.log")?;
                let mut at = 0;
                for needle in EXPECTED {
                    match rec[at..].find(needle) {
                        Some(i) => at += i + needle.len(),
                        None => return Err(format!("no {needle:?} (in this order) in recorded.log:\n{rec}")),
                    }
                }
                for other in ["arexx-replay.log", "python-replay.log"] {
                    let got = run.read_text(other)?;
                    if got != rec {
                        return Err(format!("{other} differs from recorded.log:\n{got}\n--- recorded:\n{rec}"));
                    }
                }
                Ok(())
            }),
        ))
        .check(Check::Custom(
            "every replayed ARexx command answered RC 0".into(),
            Box::new(|run| {
                let cmds = run.read_text("replay.cmds")?;
                let text = run.read_text("replay.out")?;
                let r = replies(&text);
                if r.len() == cmds.lines().count() && r.iter().all(|(rc, _)| *rc == 0) {
                    Ok(())
                } else {
                    Err(format!("replay.out:\n{text}"))
                }
            }),
        ))
        .timeout(Duration::from_secs(300))
}

/// The scenarios of this module.
pub fn scenarios() -> Vec<Scenario> {
    vec![record_replay()]
}

#[cfg(test)]
mod tests {
    use super::command_clause;

    #[test]
    fn command_clauses_are_rexx_string_literals() {
        assert_eq!(command_clause("'CLICK \"GadTools Fixture\" 1'").as_deref(), Some("CLICK \"GadTools Fixture\" 1"));
        assert_eq!(command_clause("  \"TYPE x 2 it\"\"s\"  ").as_deref(), Some("TYPE x 2 it\"s"));
        assert_eq!(command_clause("'it''s'").as_deref(), Some("it's"));
        assert_eq!(command_clause("IF RC ~= 0 THEN CALL Fail 1"), None);
        assert_eq!(command_clause("'a' 'b'"), None);
        assert_eq!(command_clause("ADDRESS GADGETSCOPE.1"), None);
        assert_eq!(command_clause("/* 'quoted' */"), None);
    }
}
