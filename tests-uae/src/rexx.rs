//! ARexx fixtures on the AROS ROM (which has no rexxsyslib.library and no
//! RexxMast): the fixture library `native/rexxsyslib` and the fixture
//! command `RexxSend` (`fixtures/rexxsend`) proven without GadgetScope.
//! TEST FIXTURES, not product code (tests-uae/README.md "Add a scenario";
//! the stand-in library: native/rexxsyslib/rexxsyslib.S; RexxSend:
//! fixtures/rexxsend).
//!
//! - `rexx-lib`: AROS loads the library from `DH0:Libs` (`RexxSend CHECK`
//!   exercises every function and the amiga-rt wrappers), and a send to a
//!   missing port reports `NOPORT` after its WAITPORT.
//! - `rexx-echo`: RexxSend -> echo host (`RexxSend SERVE`) -> reply ->
//!   file, with RC 10, empty, single- and multi-line results, and a
//!   sender without `RXFF_RESULT`.
//! - `rexx-concurrent`: two echo hosts take `ECHO.1` and `ECHO.2`
//!   (first free name), two senders started with `Run` talk to `ECHO.1`
//!   at the same time, each gets its own replies.
//!
//! Other scenarios use [`with_arexx`] to stage both and [`wait_for_file`]
//! to wait for a sender started with `Run … DONE=<file>`.

use std::path::Path;
use std::time::Duration;

use uae_harness::{Check, Scenario};

/// Where the library is staged: AROS's OpenLibrary finds it there
/// (docs/design/harness-notes.md "Facts about the ROM": a `Libs` drawer
/// on the boot drive makes `LIBS:`, and the loader also tries
/// `libs/<name>` under the caller's current directory).
pub const LIB_PATH: &str = "Libs/rexxsyslib.library";
/// Where RexxSend is staged (run it as `RexxSend …` from the boot Shell,
/// whose current directory is `DH0:`).
pub const REXXSEND_PATH: &str = "RexxSend";

/// Stages `DH0:Libs/rexxsyslib.library` (the harness's fixture library)
/// and `DH0:RexxSend`.
pub fn with_arexx(s: Scenario) -> Scenario {
    s.program(LIB_PATH, uae_harness::native::REXXSYSLIB_NAME).program(REXXSEND_PATH, "RexxSend")
}

/// [`with_arexx`] with RexxSendSmall (a 32 KiB heap) as `RexxSend`: for
/// the stock A1200, where a sender should be as small as an ARexx client
/// (programs/rexxsend-small).
pub fn with_small_arexx(s: Scenario) -> Scenario {
    s.program(LIB_PATH, uae_harness::native::REXXSYSLIB_NAME).program(REXXSEND_PATH, "RexxSendSmall")
}

/// A script line that sleeps until `DH0:<file>` exists (`RexxSend
/// AWAIT=`, at most `seconds`). Not a Shell `Lab`/`Skip BACK` spin loop:
/// such a loop is the pattern the ROM's scheduler race needs
/// (docs/design/harness-notes.md "Lost tasks").
pub fn wait_for_file(s: Scenario, file: &str, seconds: u32) -> Scenario {
    s.line(format!("RexxSend AWAIT=DH0:{file} WAITPORT={seconds}"))
}

/// The echo host's script of `rexx-echo` and the replies RexxSend writes.
pub const ECHO_SCRIPT: &str = "hello echo\nFAIL\nEMPTY\r\n\nLINES 3\nmixed Case 123\n";
pub const ECHO_REPLIES: &str =
    "RC 0\nRESULT HELLO ECHO\nRC 10\nRC 0\nRC 0\nRESULT\n1\n2\n3\n.\nRC 0\nRESULT MIXED CASE 123\n";

/// `n` numbered lines `<tag> <i>` and the replies the echo host gives.
fn numbered(tag: &str, n: usize) -> (String, String) {
    let script: String = (1..=n).map(|i| format!("{tag} line {i}\n")).collect();
    let replies: String = (1..=n).map(|i| format!("RC 0\nRESULT {} LINE {i}\n", tag.to_ascii_uppercase())).collect();
    (script, replies)
}

/// The ARexx fixture scenarios.
pub fn scenarios() -> Vec<Scenario> {
    let lib = with_arexx(Scenario::new("rexx-lib"))
        .bytes("empty.rexx", "VERSION\n")
        .line("If EXISTS LIBS:rexxsyslib.library")
        .line("  Echo \"LIBS: has it\" >DH0:libs.txt")
        .line("EndIf")
        .capture("RexxSend CHECK OUT=DH0:check.txt", "check")
        .capture("RexxSend PORT=NOBODY.1 SCRIPT=DH0:empty.rexx OUT=DH0:noport.txt WAITPORT=1", "noport")
        .check(Check::Rc("check".into(), 0))
        .check(Check::Contains("check.txt".into(), "CHECK PASS".into()))
        .check(Check::Contains("libs.txt".into(), "LIBS: has it".into()))
        .check(Check::Rc("noport".into(), 10))
        .check(Check::Equals("noport.txt".into(), b"NOPORT NOBODY.1\n".to_vec()))
        // The port never came: RexxSend asked for the host's task dump of
        // that instant, which shows its process (running, or waiting in a
        // DOS call or its Delay for the answer: whichever the instant is).
        .check(Check::Custom(
            "the task dump RexxSend asked for".into(),
            Box::new(|run| {
                let path = run.dir.join("tasks-noport-txt.txt");
                let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
                if text.starts_with("cpu: PC=$") && text.contains("command \"RexxSend\"") {
                    Ok(())
                } else {
                    Err(format!("no CPU line or no RexxSend process in {}:\n{text}", path.display()))
                }
            }),
        ))
        .timeout(Duration::from_secs(60));

    let echo = with_arexx(Scenario::new("rexx-echo"))
        .bytes("echo.rexx", ECHO_SCRIPT)
        .bytes("noresult.rexx", "abc\nQUIT\n")
        .line("Run >NIL: RexxSend SERVE PORT=ECHO.1 OUT=DH0:server.log DONE=DH0:server.done")
        .capture("RexxSend PORT=ECHO.1 SCRIPT=DH0:echo.rexx OUT=DH0:replies.txt WAITPORT=20", "send")
        .capture("RexxSend PORT=ECHO.1 SCRIPT=DH0:noresult.rexx OUT=DH0:noresult.txt NORESULT", "noresult");
    let echo = wait_for_file(echo, "server.done", 30)
        .check(Check::Rc("send".into(), 0))
        .check(Check::Equals("replies.txt".into(), ECHO_REPLIES.as_bytes().to_vec()))
        .check(Check::Rc("noresult".into(), 0))
        .check(Check::Equals("noresult.txt".into(), b"RC 0\nRC 0\n".to_vec()))
        .check(Check::Equals(
            "server.log".into(),
            b"PORT ECHO.1\nCMD hello echo RESULT=1\nCMD FAIL RESULT=1\nCMD EMPTY RESULT=1\nCMD LINES 3 RESULT=1\n\
              CMD mixed Case 123 RESULT=1\nCMD abc RESULT=0\nCMD QUIT RESULT=0\n"
                .to_vec(),
        ))
        .timeout(Duration::from_secs(60));

    let (script_a, replies_a) = numbered("alpha", 25);
    let (script_b, replies_b) = numbered("beta", 25);
    // At most three RexxSend processes at a time: each takes about 0.4 MB
    // (code, linear memory, swapped stack) of the A1200's 2 MB.
    let conc = with_arexx(Scenario::new("rexx-concurrent"))
        .bytes("a.rexx", script_a)
        .bytes("b.rexx", script_b)
        .bytes("ready.rexx", "ready\n")
        .bytes("quit.rexx", "QUIT\n")
        .line("Run >DH0:server1.out RexxSend SERVE BASE=ECHO OUT=DH0:server1.log DONE=DH0:server1.done")
        // ECHO.1 exists before the second host starts, so that one must take .2.
        .capture("RexxSend PORT=ECHO.1 SCRIPT=DH0:ready.rexx OUT=DH0:ready.txt WAITPORT=20", "ready")
        .line("Run >DH0:server2.out RexxSend SERVE BASE=ECHO OUT=DH0:server2.log DONE=DH0:server2.done")
        .capture("RexxSend PORT=ECHO.2 SCRIPT=DH0:quit.rexx OUT=DH0:quit2.txt WAITPORT=20", "quit2");
    let conc = wait_for_file(conc, "server2.done", 30)
        // Sender a in the background, sender b in the foreground: both talk
        // to ECHO.1 at the same time.
        .line("Run >DH0:a.out RexxSend PORT=ECHO.1 SCRIPT=DH0:a.rexx OUT=DH0:a.txt DONE=DH0:a.done")
        .capture("RexxSend PORT=ECHO.1 SCRIPT=DH0:b.rexx OUT=DH0:b.txt", "b");
    let conc = wait_for_file(conc, "a.done", 30)
        .capture("RexxSend PORT=ECHO.1 SCRIPT=DH0:quit.rexx OUT=DH0:quit1.txt", "quit1");
    let conc = wait_for_file(conc, "server1.done", 30)
        .check(Check::Equals("ready.txt".into(), b"RC 0\nRESULT READY\n".to_vec()))
        .check(Check::Equals("a.txt".into(), replies_a.into_bytes()))
        .check(Check::Rc("b".into(), 0))
        .check(Check::Equals("b.txt".into(), replies_b.into_bytes()))
        .check(Check::Equals("quit1.txt".into(), b"RC 0\nRESULT BYE\n".to_vec()))
        .check(Check::Equals("quit2.txt".into(), b"RC 0\nRESULT BYE\n".to_vec()))
        .check(Check::Contains("server1.log".into(), "PORT ECHO.1\n".into()))
        .check(Check::Equals("server2.log".into(), b"PORT ECHO.2\nCMD QUIT RESULT=1\n".to_vec()))
        .check(Check::Custom(
            "ECHO.1 served 1 + 25 + 25 + 1 commands, a's and b's interleaved".into(),
            Box::new(|run| {
                let log = run.read_text("server1.log")?;
                let cmds: Vec<&str> = log.lines().filter(|l| l.starts_with("CMD ")).collect();
                if cmds.len() != 52 {
                    return Err(format!("{} commands in server1.log", cmds.len()));
                }
                // Interleaved: some beta line comes before the last alpha line.
                let last_alpha = cmds.iter().rposition(|l| l.starts_with("CMD alpha"));
                let first_beta = cmds.iter().position(|l| l.starts_with("CMD beta"));
                match (first_beta, last_alpha) {
                    (Some(b), Some(a)) if b < a => Ok(()),
                    _ => Err("the two senders did not overlap".into()),
                }
            }),
        ))
        .timeout(Duration::from_secs(40));
    vec![lib, echo, conc]
}

/// The library's hunk file must start with HUNK_HEADER and hold the
/// RomTag's match word (a quick host-side sanity check of a build).
pub fn check_library_file(path: &Path) -> Result<(), String> {
    let b = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    uae_harness::native::check_hunk_header(&b)?;
    if b.windows(2).any(|w| w == [0x4A, 0xFC]) {
        Ok(())
    } else {
        Err(format!("{}: no RTC_MATCHWORD", path.display()))
    }
}

/// The replies of `file` as (RC, result text) per command.
pub fn replies(text: &str) -> Vec<(i32, String)> {
    let mut out = Vec::new();
    let mut lines = text.lines().peekable();
    while let Some(l) = lines.next() {
        let Some(rc) = l.strip_prefix("RC ").and_then(|r| r.parse().ok()) else { continue };
        let mut result = String::new();
        if let Some(next) = lines.peek() {
            if *next == "RESULT" {
                lines.next();
                for r in lines.by_ref() {
                    if r == "." {
                        break;
                    }
                    result.push_str(r);
                    result.push('\n');
                }
            } else if let Some(r) = next.strip_prefix("RESULT ") {
                result = r.to_string();
                lines.next();
            }
        }
        out.push((rc, result));
    }
    out
}

/// The RCs of `text` (RexxSend's OUT), one per command.
pub fn rc_list(text: &str) -> Vec<i32> {
    replies(text).iter().map(|r| r.0).collect()
}

/// Checks that the RCs of `file` (RexxSend's OUT) are exactly `want`.
pub fn rcs(file: &'static str, want: &'static [i32]) -> Check {
    Check::Custom(
        format!("RCs of {file} are {want:?}"),
        Box::new(move |run| {
            let got = rc_list(&run.read_text(file)?);
            if got == want {
                Ok(())
            } else {
                Err(format!("got {got:?}:\n{}", run.read_text(file).unwrap_or_default()))
            }
        }),
    )
}
