//! Emulator scenarios of GadgetScope's ARexx host: `GadgetScope
//! NOGUI` serves its port while the test fixture RexxSend sends commands
//! the way RexxMast would; the fixture programs log what reaches them.

use crate::rexx::with_arexx;
use std::time::Duration;
use uae_harness::scenario::wait_for_file;
use uae_harness::{Check, Scenario};

/// The script of `arexx-drive`: read, act, read back, fail on purpose,
/// and QUIT. One command per line, sent in order, each waiting for its
/// reply. The first TYPE is AmiPilot's (clicked at the centre, past the
/// end of `hello`: the text goes after it, no Return); the second
/// replaces the value and commits it.
pub const DRIVE_SCRIPT: &str = "\
VERSION
GETTEXT \"GadTools Fixture\" 2
CLICK \"GadTools Fixture\" 1
TYPE \"GadTools Fixture\" 2    typed by ARexx
GETTEXT \"GadTools Fixture\" 2
TYPE ENTER=YES CLEAR=YES \"GadTools Fixture\" 2 \"typed by ARexx\"
GETTEXT \"GadTools Fixture\" 2
GETTEXT \"GadTools Fixture\" ROLE=integer
GETTEXT \"GadTools Fixture\" 77
LASTERROR
MENUPICK \"GadTools Fixture\" 0 0
WINDOWMOVE \"GadTools Fixture\" 16 8
TREE \"GadTools Fixture\"
WAITFOR WINDOW=\"GadTools Fixture\"
WAITFOR WINDOW=Nowhere TIMEOUT=1
FROBNICATE
QUIT
";

fn start(mut s: Scenario, line: &str, ready: &str, label: &str) -> Scenario {
    s = s.line(line);
    for l in wait_for_file(ready, label) {
        s = s.line(l);
    }
    s
}

/// The malformed lines RexxSend can send (it skips lines that are blank),
/// each followed by `LASTERROR`, and the replies they must get: RC 10,
/// then RC 0 with the error text. Lines with a line break cannot be sent
/// as script lines.
pub fn malformed_script() -> (String, String) {
    let (mut script, mut replies) = (String::new(), String::new());
    for (line, message) in gadgetscope_arexx::corpus::MALFORMED {
        let text: String = line.iter().map(|&b| b as char).collect();
        if text.trim().is_empty() || text.contains(['\n', '\r']) {
            continue;
        }
        script.push_str(&format!("{text}\nLASTERROR\n"));
        replies.push_str(&format!("RC 10\nRC 0\nRESULT {message}\n"));
    }
    script.push_str("QUIT\n");
    replies.push_str("RC 0\n");
    (script, replies)
}

/// The scenarios.
pub fn scenarios() -> Vec<Scenario> {
    let (script, replies) = malformed_script();
    let malformed = with_arexx(Scenario::new("arexx-malformed"))
        .program("GadgetScope", "GadgetScope")
        .bytes("malformed.rexx", script.into_bytes())
        .line("Run >NIL: GadgetScope NOGUI")
        .line("RexxSend PORT=GADGETSCOPE.1 SCRIPT=DH0:malformed.rexx OUT=DH0:malformed.out WAITPORT=20")
        .check(Check::Equals("malformed.out".into(), replies.into_bytes()))
        .timeout(Duration::from_secs(120));
    let mut s = with_arexx(Scenario::new("arexx-drive"))
        .program("GadgetScope", "GadgetScope")
        .program("GadToolsFixture", "GadToolsFixture")
        .bytes("drive.rexx", DRIVE_SCRIPT.as_bytes().to_vec());
    s = start(s, "Run >NIL: GadToolsFixture", "gadtools-fixture.ready", "fixture-up");
    s = s
        // The port is GADGETSCOPE.1: RexxSend finds it by that name.
        .line("Run >NIL: GadgetScope NOGUI")
        .line("RexxSend PORT=GADGETSCOPE.1 SCRIPT=DH0:drive.rexx OUT=DH0:drive.out WAITPORT=20")
        .screenshot("driven")
        .line("Echo \"quit\" >DH0:gadtools-fixture.quit");
    for l in wait_for_file("gadtools-fixture.done", "fixture-down") {
        s = s.line(l);
    }
    let s = s
        .check(Check::Custom(
            "replies of drive.rexx".into(),
            Box::new(|run| {
                let text = run.read_text("drive.out")?;
                let replies: Vec<&str> = text.lines().collect();
                let want_prefix = ["RC 0", "RESULT", "AMIPILOT 1.1 PROTOCOL 1"];
                if replies.get(..3) != Some(&want_prefix[..])
                    || !text.contains(&format!("SERVER GadgetScope {}\n", env!("CARGO_PKG_VERSION")))
                {
                    return Err(format!("VERSION: {replies:?}"));
                }
                for needle in [
                    "RESULT hello\n",
                    "RESULT hellotyped by ARexx\n",
                    "RESULT typed by ARexx\n",
                    "window \"GadTools Fixture\" screen=\"Workbench Screen\" [36,32 408x171]\n",
                    "RESULT 42",
                    "RC 5",
                    "RESULT no gadget 77 in \"GadTools Fixture\"",
                    "RC 15",
                    "RC 10",
                ] {
                    if !text.contains(needle) {
                        return Err(format!("no {needle:?} in:\n{text}"));
                    }
                }
                Ok(())
            }),
        ))
        .check(Check::Custom(
            "the fixture logged the click, one entry (the TYPE with ENTER=YES) and the menu pick".into(),
            Box::new(|run| {
                let log = run.read_text("gadtools-fixture.log")?;
                for needle in
                    ["GADGETUP id=1 ", "GADGETUP id=2 code=0 text=\"typed by ARexx\"", "MENUPICK menu=0 item=0 sub=31"]
                {
                    if !log.contains(needle) {
                        return Err(format!("no {needle:?} in:\n{log}"));
                    }
                }
                if log.matches("GADGETUP id=2 ").count() != 1 {
                    return Err(format!("the TYPE without ENTER=YES sent the program an entry:\n{log}"));
                }
                Ok(())
            }),
        ))
        .timeout(Duration::from_secs(90));
    // WINDOWSIZE and WINDOWMOVE through the port on a window nobody here
    // wrote: the boot Shell's console window (it has a sizing gadget; the
    // GadTools fixture has none and answers RC 20, see arexx_more.rs).
    let window = with_arexx(Scenario::new("arexx-window"))
        .program("GadgetScope", "GadgetScope")
        .bytes("window.rexx", b"WINDOWSIZE AROS 440 156\nTREE AROS\nWINDOWMOVE AROS 100 50\nTREE AROS\nQUIT\n".to_vec())
        .line("Echo \"GadgetScope window scenario\"")
        .line("Run >NIL: GadgetScope NOGUI")
        .line("RexxSend PORT=GADGETSCOPE.1 SCRIPT=DH0:window.rexx OUT=DH0:window.out WAITPORT=20")
        .check(Check::Custom(
            "WINDOWSIZE then WINDOWMOVE show in the next TREE".into(),
            Box::new(|run| {
                let text = run.read_text("window.out")?;
                for needle in [
                    "window \"AROS\" screen=\"Workbench Screen\" [0,0 440x156]\n",
                    "window \"AROS\" screen=\"Workbench Screen\" [100,50 440x156]\n",
                ] {
                    if !text.contains(needle) {
                        return Err(format!("no {needle:?} in:\n{text}"));
                    }
                }
                if text.lines().filter(|l| l.starts_with("RC ")).any(|l| l != "RC 0") {
                    return Err(format!("an RC other than 0:\n{text}"));
                }
                Ok(())
            }),
        ))
        .timeout(Duration::from_secs(90));
    vec![s, malformed, window]
}

#[cfg(test)]
mod tests {
    #[test]
    fn malformed_script_has_at_least_50_lines_and_their_replies() {
        let (script, replies) = super::malformed_script();
        let sent = script.lines().filter(|l| *l != "LASTERROR" && *l != "QUIT").count();
        assert!(sent >= 50, "{sent}");
        assert_eq!(replies.matches("RC 10\n").count(), sent);
    }
}
