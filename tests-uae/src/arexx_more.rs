//! More emulator scenarios of the ARexx host: MENUPICK's pointer
//! walk, PICK, DRAG of the slider, WINDOWSIZE, WAITFOR REQUESTER on a
//! genuine system requester, WAITFOR WINDOW= while a second client is
//! answered, and free memory after QUIT.
//!
//! - `arexx-menu-pick`: against the GadTools fixture, MENUPICK of entries
//!   without a shortcut (`Project/Save` 0 1, `Recent/First file` 0 4 0)
//!   goes through the right-button pointer walk; the fixture logs the
//!   picks. CLICK leaves the pointer over the Connect button, PICK names
//!   the window and that gadget. DRAG of the slider by 40 pixels grabs its
//!   knob (from the PropInfo) and moves the level by more than 3 steps
//!   from 25 (GADGETUP id=5, TREE FULL level=); a press beside the knob
//!   would page by one. WINDOWSIZE of the fixture
//!   window (no sizing gadget) is RC 20. A plain TYPE leaves the string
//!   gadget active (TREE FULL `state="selected"`); MENUPICK of
//!   `Recent/Second file` (0 4 1, command key `2`) right after it is
//!   logged as picked, the entry ended without GADGETUP, its text kept.
//! - `arexx-waits`: free memory before GadgetScope starts, while it idles
//!   and after QUIT (against what a plain `Run QUIET` keeps, [`RUN_KEEPS`]); `WAITFOR REQUESTER
//!   TIMEOUT=1` with no requester open is RC 15 (the positive proof is
//!   `arexx-requester`: `List NOVOL:` from a `Run` process puts up no
//!   requester on this ROM, UAETool's `EasyRequestArgs` does). A sender
//!   started with `Run` ([`HELD_RUN`]) is answered `VERSION`, then holds
//!   `WAITFOR WINDOW="Late Window"` while the foreground sender's TREE is
//!   answered and its `TREE "Late Window"` is RC 5; then the Shell opens
//!   a Shell window titled `Late Window` (it stays): the held wait ends
//!   RC 0, a wait for a window that never comes RC 15. One program loads
//!   at a time, and the free memory where the foreground sender loads
//!   must take its big hunks and stack (`held_sender_room`, host step
//!   `free-held`): on the A500 that is what decides whether it loads.
//!
//! - `arexx-idle`: `GadgetScope NOGUI` answers one `VERSION`, then
//!   `UAETool IDLE` samples its task 10 times 100 ms apart (`tc_State`,
//!   `tc_SigWait` through the port's `mp_SigTask`): every sample must be
//!   `TS_WAIT` (4) with the port's signal bit in `tc_SigWait`.
//! - `arexx-requester`: `UAETool REQUEST DELAY=50` (started with `Run`)
//!   puts up an intuition `EasyRequestArgs` requester titled
//!   `GadgetScope test` one second later; `WAITFOR REQUESTER TIMEOUT=10`
//!   is RC 0, `TREE … FULL` shows its OK as a `frbuttonclass` button,
//!   `CLICK "GadgetScope test" ROLE=button LABEL=OK` answers it (the tool
//!   writes `answered 0`), and `WAITFOR REQUESTER TIMEOUT=1` afterwards
//!   is RC 15.
//!
//! Waits on the Amiga side are for a file (`RexxSend AWAIT=`, Delay-based;
//! a Shell loop where nothing may load meanwhile).

use crate::rexx::with_arexx;
use crate::rexx::{rcs, replies};
use std::time::Duration;
use uae_harness::memcheck::{avail, census, measure};
use uae_harness::scenario::wait_for_file;
use uae_harness::{Check, Scenario};

/// What one `Run QUIET >NIL: <command>` keeps of free memory on this ROM,
/// bytes, every time (measured, docs/design/harness-notes.md "Free memory"):
/// two blocks owned by the Shell that ran `Run`, 20 bytes from dos.library
/// (ROM $F97ADE) and 18 bytes from task.resource (ROM $FE8C18), 128 bytes
/// each with the ROM's debug walls. Without `QUIET`, `Run` also writes
/// `[CLI n]` into the boot console, whose scrollback keeps that line (584
/// bytes more) in most runs but not all.
pub const RUN_KEEPS: i64 = 256;

/// `arexx-menu-pick`'s script.
pub const MENU_SCRIPT: &str = "\
MENUPICK \"GadTools Fixture\" 0 1
MENUPICK \"GadTools Fixture\" 0 4 0
CLICK \"GadTools Fixture\" 1
PICK
DRAG \"GadTools Fixture\" 5 40 0
TREE \"GadTools Fixture\" FULL
WINDOWSIZE \"GadTools Fixture\" 300 150
MENUPICK \"GadTools Fixture\" 0 2
TYPE \"GadTools Fixture\" 2 abc
TREE \"GadTools Fixture\" FULL
MENUPICK \"GadTools Fixture\" 0 4 1
GETTEXT \"GadTools Fixture\" 2
TREE \"GadTools Fixture\" FULL
QUIT
";

/// `arexx-waits`: the first sender (requester, then the late window).
/// (No system requester is open: the Shell window and nothing else.)
pub const WAITS_SCRIPT: &str = "\
WAITFOR REQUESTER TIMEOUT=1
";

/// The sender started with `Run`: its first reply (written to its OUT)
/// tells the Shell that it has loaded and sends the next line, a wait for
/// the late window, which the Shell opens only after the foreground sender
/// (`DURING_SCRIPT`) was answered.
pub const HELD_SCRIPT: &str = "\
VERSION
WAITFOR WINDOW=\"Late Window\" TIMEOUT=40
WAITFOR WINDOW=Never TIMEOUT=1
";

/// How `arexx-waits` starts the held sender (with `Run`): its output, a
/// failed load's "not enough memory available" too, goes to a file, not
/// to `NIL:`, and `held.ended` says that it has ended.
pub const HELD_RUN: &str = "\
RexxSend >DH0:held.err PORT=GADGETSCOPE.1 SCRIPT=DH0:held.rexx OUT=DH0:held.out DONE=DH0:held.done
Echo \"ended\" >DH0:held.ended
";

/// The foreground sender during the held wait.
pub const DURING_SCRIPT: &str = "\
TREE AROS
TREE \"Late Window\"
";

fn start(mut s: Scenario, line: &str, ready: &str, label: &str) -> Scenario {
    s = s.line(line);
    for l in wait_for_file(ready, label) {
        s = s.line(l);
    }
    s
}

fn contains_all(file: &'static str, needles: &'static [&'static str]) -> Check {
    Check::Custom(
        format!("{file} holds {needles:?}"),
        Box::new(move |run| {
            let text = run.read_text(file)?;
            for n in needles {
                if !text.contains(n) {
                    return Err(format!("no {n:?} in:\n{text}"));
                }
            }
            Ok(())
        }),
    )
}

/// What exec's allocations cost beyond their size, bytes, at most: the
/// ROM's debug walls and header around each block (a 24-byte block takes
/// 128 of free memory, docs/design/harness-notes.md "Free memory"; a freed
/// 20 KiB native stack leaves a chunk of 20 592).
const WALLS: u32 = 128;

/// The native stack the runtime allocates for RexxSend
/// (programs/rexxsend).
const REXXSEND_STACK: u32 = 20 * 1024;

/// The sizes in bytes of the hunks of an AmigaDOS load file, in file
/// order (its `HUNK_HEADER`).
pub fn hunk_sizes(file: &[u8]) -> Result<Vec<u32>, String> {
    let long = |i: usize| {
        file.get(i * 4..i * 4 + 4).map(|b| u32::from_be_bytes([b[0], b[1], b[2], b[3]])).ok_or("hunk header cut short")
    };
    if long(0)? != 0x3f3 || long(1)? != 0 {
        return Err("no HUNK_HEADER without resident names".into());
    }
    let (first, last) = (long(3)?, long(4)?);
    let mut i = 5;
    let mut sizes = Vec::new();
    for _ in first..=last {
        let l = long(i)?;
        i += 1;
        if l >> 30 == 3 {
            i += 1; // the memory attributes follow
        }
        sizes.push((l & 0x3fff_ffff) * 4);
    }
    Ok(sizes)
}

/// Where exec's first fit would place blocks of `sizes` (in that order)
/// among the free chunks `chunks` (in list order); `Err` names the
/// first block that finds no chunk.
pub fn first_fit(chunks: &[u32], sizes: &[u32]) -> Result<(), String> {
    let mut free = chunks.to_vec();
    for &n in sizes {
        match free.iter_mut().find(|c| **c >= n + WALLS) {
            Some(c) => *c -= n + WALLS,
            None => return Err(format!("no free chunk for {n} bytes (free chunks of 4 KiB or more: {chunks:?})")),
        }
    }
    Ok(())
}

/// `arexx-waits`' memory budget, checked: where the foreground sender
/// loads (GadgetScope and the held sender loaded, host step
/// `free-held`), exec's free chunks of 4 KiB or more take a second
/// RexxSend's hunks of that size and its native stack by first fit. On
/// the A500 (68000 build) this is what decides whether the sender loads
/// at all (docs/design/harness-notes.md "The small machines"); smaller
/// blocks are left out (they fit in the many small chunks).
fn held_sender_room() -> Check {
    Check::Custom(
        "the free memory beside GadgetScope and the held sender takes a second sender's hunks and stack".into(),
        Box::new(|run| {
            let log = std::fs::read_to_string(run.dir.join("host-free-held.log"))
                .map_err(|e| format!("host-free-held.log: {e}"))?;
            let hunk = std::fs::read(run.hd().join("RexxSend")).map_err(|e| format!("RexxSend: {e}"))?;
            let mut need = hunk_sizes(&hunk)?;
            need.push(REXXSEND_STACK);
            need.retain(|&n| n >= 4096);
            let chunks: Vec<u32> = log
                .lines()
                .skip(1)
                .filter_map(|l| l.trim().split_once(' ').and_then(|(_, n)| n.parse().ok()))
                .collect();
            first_fit(&chunks, &need).map_err(|e| format!("{e}; {}", log.lines().next().unwrap_or("")))
        }),
    )
}

/// The scenarios.
pub fn scenarios() -> Vec<Scenario> {
    let mut s = with_arexx(Scenario::new("arexx-menu-pick"))
        .watchdog()
        .program("GadgetScope", "GadgetScope")
        .program("GadToolsFixture", "GadToolsFixture")
        .bytes("menu.rexx", MENU_SCRIPT.as_bytes().to_vec());
    // MOVES: the log shows when the program filtered each drag move
    // (docs/design/input.md, "A slider's GADGETUP code").
    s = start(s, "Run >NIL: GadToolsFixture MOVES", "gadtools-fixture.ready", "fixture-up");
    s = s
        .line("Run >NIL: GadgetScope NOGUI")
        .line("RexxSend PORT=GADGETSCOPE.1 SCRIPT=DH0:menu.rexx OUT=DH0:menu.out WAITPORT=20")
        .screenshot("after-menus")
        .line("Echo \"quit\" >DH0:gadtools-fixture.quit");
    for l in wait_for_file("gadtools-fixture.done", "fixture-down") {
        s = s.line(l);
    }
    let menu = s
        // MENUPICK, MENUPICK, CLICK, PICK, DRAG, TREE, WINDOWSIZE (no sizing
        // gadget), MENUPICK of the disabled Print, TYPE, TREE, MENUPICK,
        // GETTEXT, TREE, QUIT.
        .check(rcs("menu.out", &[0, 0, 0, 0, 0, 0, 20, 20, 0, 0, 0, 0, 0, 0]))
        .check(contains_all(
            "gadtools-fixture.log",
            &[
                "MENUPICK menu=0 item=1 sub=31",
                "MENUPICK menu=0 item=4 sub=0",
                "GADGETUP id=1 ",
                "MENUPICK menu=0 item=4 sub=1",
            ],
        ))
        .check(Check::Custom(
            "MENUPICK of an entry with a command key right after a plain TYPE: picked (logged after the TYPE's \
             entry), the entry ended without GADGETUP, the text kept"
                .into(),
            Box::new(|run| {
                let r = replies(&run.read_text("menu.out")?);
                let state = |i: usize| -> Result<String, String> {
                    let tree = &r.get(i).ok_or(format!("no reply {i}"))?.1;
                    let line = tree.lines().find(|l| l.starts_with("  gadget id=2 ")).ok_or("no gadget 2 in TREE")?;
                    Ok(line.split(' ').find(|f| f.starts_with("state=")).unwrap_or(line).to_string())
                };
                let (before, after) = (state(9)?, state(12)?);
                let text = &r.get(11).ok_or("no GETTEXT reply")?.1;
                let log = run.read_text("gadtools-fixture.log")?;
                if before == "state=\"selected\""
                    && after == "state=\"\""
                    && text == "helloabc"
                    && !log.contains("GADGETUP id=2 ")
                {
                    Ok(())
                } else {
                    Err(format!("before the pick {before}, after it {after}, GETTEXT {text:?}, log:\n{log}"))
                }
            }),
        ))
        .check(Check::Custom(
            "PICK names the fixture window and the Connect button under the pointer".into(),
            Box::new(|run| {
                let r = replies(&run.read_text("menu.out")?);
                let pick = &r.get(3).ok_or("no PICK reply")?.1;
                let lines: Vec<&str> = pick.lines().collect();
                match lines.as_slice() {
                    [w, g]
                        if w.starts_with("window \"GadTools Fixture\"")
                            && g.starts_with("  gadget id=1 role=button")
                            && g.contains("label=\"Connect\"") =>
                    {
                        Ok(())
                    }
                    _ => Err(format!("PICK: {pick:?}")),
                }
            }),
        ))
        .check(Check::Custom(
            "DRAG moved the slider by its knob: GADGETUP id=5 more than 3 steps from 25, the same level in TREE FULL"
                .into(),
            Box::new(|run| {
                let log = run.read_text("gadtools-fixture.log")?;
                let code = log
                    .lines()
                    .find_map(|l| l.strip_prefix("GADGETUP id=5 code="))
                    .and_then(|r| r.split(' ').next())
                    .ok_or_else(|| format!("no GADGETUP id=5 in:\n{log}"))?;
                let r = replies(&run.read_text("menu.out")?);
                let tree = &r.get(5).ok_or("no TREE reply")?.1;
                let line = tree.lines().find(|l| l.contains("gadget id=5 ")).ok_or("no slider in TREE")?;
                // Grabbed by the knob, not paged: far more than one step
                // from the fixture's starting level 25.
                let moved = code.parse::<i32>().map_or(0, |c| (c - 25).abs());
                if moved > 3 && line.contains(&format!(" level={code} ")) {
                    Ok(())
                } else {
                    Err(format!("GADGETUP code {code}, TREE: {line}"))
                }
            }),
        ))
        .timeout(Duration::from_secs(120));

    // The late window's Shell waits for input until the run ends (no
    // program of its own: memory, see HELD_SENDER_ROOM).
    let late_body = "Echo \"late\"\n";
    let mut w = with_arexx(Scenario::new("arexx-waits"))
        .program("GadgetScope", "GadgetScope")
        .program("C/UAETool", "UAETool")
        .bytes("waits.rexx", WAITS_SCRIPT.as_bytes().to_vec())
        .bytes("held.rexx", HELD_SCRIPT.as_bytes().to_vec())
        .bytes("during.rexx", DURING_SCRIPT.as_bytes().to_vec())
        .bytes("quit.rexx", "VERSION\nQUIT\n".as_bytes().to_vec())
        .bytes("version.rexx", "VERSION\n".as_bytes().to_vec())
        .bytes("late-body", late_body.as_bytes().to_vec())
        .bytes("held-run", HELD_RUN.as_bytes().to_vec())
        .line("Echo \"GadgetScope ARexx waits\"");
    // A plain Run's own cost, then GadgetScope's: before, idle, after QUIT.
    // `Run QUIET`: no `[CLI n]` line in the boot console (see RUN_KEEPS);
    // `UAETool WAITCLIS` waits until the Run's Shell has left exec's lists.
    w = measure(w, "run-before")
        .line("Run QUIET >NIL: RexxSend AWAIT=DH0:never-there WAITPORT=1")
        .capture("C:UAETool WAITCLIS COUNT=1 TIMEOUT=60", "run-gone");
    w = measure(w, "run-after")
        // A warm-up run first: AROS keeps what the first run loads (the
        // disk-based rexxsyslib.library stays until memory runs low).
        .line("Run QUIET >NIL: GadgetScope NOGUI")
        .line("RexxSend PORT=GADGETSCOPE.1 SCRIPT=DH0:quit.rexx OUT=DH0:warmup.out WAITPORT=20")
        .capture("C:UAETool WAITCLIS COUNT=1 TIMEOUT=60", "warmup-gone");
    w = measure(w, "mem-before")
        .line("Run QUIET >NIL: GadgetScope NOGUI")
        .line("RexxSend PORT=GADGETSCOPE.1 SCRIPT=DH0:version.rexx OUT=DH0:version.out WAITPORT=20")
        .line("C:UAETool AVAIL FILE=DH0:mem-idle")
        .line("C:UAETool ALLOCS FILE=DH0:mem-idle.allocs")
        .line("RexxSend PORT=GADGETSCOPE.1 SCRIPT=DH0:quit.rexx OUT=DH0:quit.out")
        // GadgetScope has replied QUIT; its process ends a moment later.
        .capture("C:UAETool WAITCLIS COUNT=1 TIMEOUT=60", "gs-gone");
    w = measure(w, "mem-after")
        // The waits, with a second GadgetScope.
        .line("Run >NIL: GadgetScope NOGUI")
        .line("RexxSend PORT=GADGETSCOPE.1 SCRIPT=DH0:waits.rexx OUT=DH0:waits.out WAITPORT=20")
        .line("Run >NIL: Execute DH0:held-run");
    // Until its VERSION is answered (it is loaded and sends the held
    // WAITFOR next) or it has ended. One program loads at a time from
    // here on (held_sender_room).
    for l in [
        "Lab held-wait",
        "If EXISTS DH0:held.out",
        "  Skip held-go",
        "EndIf",
        "If NOT EXISTS DH0:held.ended",
        "  Skip held-wait BACK",
        "EndIf",
        "Lab held-go",
    ] {
        w = w.line(l);
    }
    w = w
        .host_step_loaded_nothing("free-held", uae_harness::hostdump::free_memory)
        .line("RexxSend PORT=GADGETSCOPE.1 SCRIPT=DH0:during.rexx OUT=DH0:during.out")
        .line("NewShell WINDOW \"CON:20/40/360/90/Late Window\" FROM DH0:late-body");
    w = crate::rexx::wait_for_file(w, "held.done", 60)
        .line("RexxSend PORT=GADGETSCOPE.1 SCRIPT=DH0:quit.rexx OUT=DH0:quit2.out")
        .screenshot("after-waits");
    let waits = w
        .check(rcs("waits.out", &[15]))
        .check(Check::Custom(
            "the held sender loaded and wrote nothing to its output".into(),
            Box::new(|run| match run.read_text("held.err") {
                Ok(t) if t.is_empty() => Ok(()),
                Ok(t) => Err(format!("held.err: {t}")),
                Err(e) => Err(e),
            }),
        ))
        .check(held_sender_room())
        .check(rcs("held.out", &[0, 0, 15]))
        .check(rcs("during.out", &[0, 5]))
        .check(rcs("quit.out", &[0, 0]))
        .check(rcs("quit2.out", &[0, 0]))
        .check(Check::Rc("run-gone".into(), 0))
        .check(Check::Rc("warmup-gone".into(), 0))
        .check(Check::Rc("gs-gone".into(), 0))
        .check(start_code_freed())
        .check(runs_on_run_stack())
        .check(Check::Custom(
            "free memory after QUIT equals before, less exactly what a plain Run keeps".into(),
            Box::new(|run| {
                let run_loss = avail(run, "run-before")? - avail(run, "run-after")?;
                let loss = avail(run, "mem-before")? - avail(run, "mem-after")?;
                // Both are one `Run QUIET` (RUN_KEEPS); any other amount
                // is a leak of GadgetScope's own.
                if run_loss != RUN_KEEPS {
                    Err(format!(
                        "a plain Run kept {run_loss} bytes, not {RUN_KEEPS}{}",
                        census(run, "run-before", "run-after")
                    ))
                } else if loss != run_loss {
                    Err(format!(
                        "GadgetScope run lost {loss} bytes, a plain Run {run_loss}{}",
                        census(run, "mem-before", "mem-after")
                    ))
                } else {
                    Ok(())
                }
            }),
        ))
        .timeout(Duration::from_secs(150));
    let mut bench_script = String::from("VERSION\n");
    for _ in 0..9 {
        bench_script.push_str("TREE \"GadTools Fixture\"\n");
    }
    for _ in 0..9 {
        bench_script.push_str("GETTEXT \"GadTools Fixture\" 2\n");
    }
    bench_script.push_str("QUIT\n");
    let mut b = with_arexx(Scenario::new("bench-arexx"))
        .alone()
        .config("uae_cpu_speed", "real")
        .config("accuracy", "0")
        .program("GadgetScope", "GadgetScope")
        .program("GadToolsFixture", "GadToolsFixture")
        .bytes("bench.rexx", bench_script.into_bytes());
    b = start(b, "Run >NIL: GadToolsFixture", "gadtools-fixture.ready", "fixture-up");
    b = b
        .line("Run >NIL: GadgetScope NOGUI")
        .line("RexxSend PORT=GADGETSCOPE.1 SCRIPT=DH0:bench.rexx OUT=DH0:bench.out WAITPORT=60 TIME")
        .line("Echo \"quit\" >DH0:gadtools-fixture.quit");
    for l in wait_for_file("gadtools-fixture.done", "fixture-down") {
        b = b.line(l);
    }
    let bench = b.check(contains_all("bench.out", &["EFREQ ", "TIME "])).timeout(Duration::from_secs(240));
    let idle = with_arexx(Scenario::new("arexx-idle"))
        .program("GadgetScope", "GadgetScope")
        .program("C/UAETool", "UAETool")
        .bytes("version.rexx", "VERSION\n".as_bytes().to_vec())
        .bytes("quit.rexx", "QUIT\n".as_bytes().to_vec())
        .line("Run >NIL: GadgetScope NOGUI")
        .line("RexxSend PORT=GADGETSCOPE.1 SCRIPT=DH0:version.rexx OUT=DH0:version.out WAITPORT=20")
        .line("C:UAETool IDLE PORT=GADGETSCOPE.1 FILE=DH0:idle.out COUNT=10")
        .line("RexxSend PORT=GADGETSCOPE.1 SCRIPT=DH0:quit.rexx OUT=DH0:quit.out")
        .check(rcs("version.out", &[0]))
        .check(rcs("quit.out", &[0]))
        .check(Check::Custom(
            "10 samples, each TS_WAIT with the port's signal bit in tc_SigWait".into(),
            Box::new(|run| idle_ok(&run.read_text("idle.out")?)),
        ))
        .timeout(Duration::from_secs(90));
    let mut r = with_arexx(Scenario::new("arexx-requester"))
        .program("GadgetScope", "GadgetScope")
        .program("C/UAETool", "UAETool")
        .bytes("req1.rexx", REQUESTER_SCRIPT.as_bytes().to_vec())
        .bytes("req2.rexx", "WAITFOR REQUESTER TIMEOUT=1\nQUIT\n".as_bytes().to_vec())
        .line("Run >NIL: GadgetScope NOGUI")
        .line("Run >NIL: C:UAETool REQUEST DELAY=50 FILE=DH0:request.out")
        .line("RexxSend PORT=GADGETSCOPE.1 SCRIPT=DH0:req1.rexx OUT=DH0:req1.out WAITPORT=20");
    r = crate::rexx::wait_for_file(r, "request.out", 20)
        .screenshot("after-requester")
        .line("RexxSend PORT=GADGETSCOPE.1 SCRIPT=DH0:req2.rexx OUT=DH0:req2.out");
    let requester = r
        .check(rcs("req1.out", &[0, 0, 0]))
        .check(contains_all("req1.out", &["role=button class=\"frbuttonclass\" label=\"OK\""]))
        .check(rcs("req2.out", &[15, 0]))
        .check(contains_all("request.out", &["answered 0"]))
        .timeout(Duration::from_secs(120));
    vec![menu, waits, bench, idle, requester]
}

/// `arexx-requester`'s first script (the requester comes about 1 s after
/// GadgetScope starts).
pub const REQUESTER_SCRIPT: &str = "\
WAITFOR REQUESTER TIMEOUT=10
TREE \"GadgetScope test\" FULL
CLICK \"GadgetScope test\" ROLE=button LABEL=OK
";

/// `UAETool IDLE` output: 10 lines, each `state=4 … portbit=yes`.
pub fn idle_ok(text: &str) -> Result<(), String> {
    let lines: Vec<&str> = text.lines().collect();
    if lines.len() == 10 && lines.iter().all(|l| l.starts_with("state=4 ") && l.ends_with(" portbit=yes")) {
        Ok(())
    } else {
        Err(format!("samples:\n{text}"))
    }
}

/// Median EClock ticks of the replies to lines starting with `prefix` in
/// a `RexxSend … TIME` output and the script (for docs/bench/arexx.md).
pub fn medians(out: &str, script: &str) -> Vec<(String, u64, usize)> {
    let times: Vec<u64> = out.lines().filter_map(|l| l.strip_prefix("TIME ").and_then(|t| t.parse().ok())).collect();
    let verbs: Vec<&str> =
        script.lines().filter(|l| !l.is_empty()).map(|l| l.split(' ').next().unwrap_or("")).collect();
    let mut names: Vec<&str> = verbs.clone();
    names.dedup();
    names
        .iter()
        .map(|n| {
            let mut v: Vec<u64> = verbs.iter().zip(&times).filter(|(x, _)| *x == n).map(|(_, t)| *t).collect();
            v.sort();
            (n.to_string(), v.get(v.len() / 2).copied().unwrap_or(0), v.len())
        })
        .collect()
}

/// Idle, GadgetScope's start code (the program file's last hunk:
/// docs/design/parts.md, "Start code freed") is no longer allocated,
/// while its other hunks are: the ROM's allocation list at the idle point
/// (`UAETool ALLOCS`) holds a block of each other hunk's size and none of
/// the start code's (`LoadSeg()` allocates a hunk with its 8-byte segment
/// header, amiga_ndk::dos `SEG_SIZE_BEFORE` and `SEG_DATA`).
fn start_code_freed() -> Check {
    Check::Custom(
        "the start code's hunk is freed once the start has run, the other hunks kept".into(),
        Box::new(|run| {
            let file = std::fs::read(run.hd().join("GadgetScope")).map_err(|e| format!("GadgetScope: {e}"))?;
            let sizes = hunk_sizes(&file)?;
            let allocs = run.read_text("mem-idle.allocs")?;
            let held = |bytes: u32| hunk_allocated(&allocs, bytes);
            let (init, rest) = sizes.split_last().ok_or("no hunks")?;
            let missing: Vec<u32> = rest.iter().copied().filter(|&b| b > 0 && !held(b)).collect();
            if !missing.is_empty() {
                return Err(format!(
                    "hunks of {missing:?} bytes are not in the allocation list: it does not show the hunks"
                ));
            }
            if held(*init) {
                return Err(format!("the start code's hunk ({init} bytes) is still allocated"));
            }
            Ok(())
        }),
    )
}

/// Whether `allocs` (`UAETool ALLOCS`' list) holds a hunk of `bytes`
/// as `LoadSeg()` allocates it: with its 8-byte segment header
/// (amiga_ndk::dos `SEG_SIZE_BEFORE` and `SEG_DATA`).
pub fn hunk_allocated(allocs: &str, bytes: u32) -> bool {
    let want = (bytes as usize + amiga_ndk::dos::SEG_SIZE_BEFORE + amiga_ndk::dos::SEG_DATA).to_string();
    allocs.lines().any(|l| l.split_whitespace().nth(1) == Some(want.as_str()))
}

/// `arexx-waits`: an idle `GadgetScope NOGUI` started by `Run` runs on
/// the stack `Run` gave its process (16 384 bytes on the AROS ROM), which
/// has room for its native stack (`gadgetscope::NATIVE_STACK`): the ROM's
/// allocation list at the idle point holds no second stack, an
/// `AllocVec()` of that size (4 bytes more: `AllocVec()`'s size longword).
fn runs_on_run_stack() -> Check {
    Check::Custom(
        "the idle GadgetScope runs on Run's stack, no second native stack allocated".into(),
        Box::new(|run| {
            let allocs = run.read_text("mem-idle.allocs")?;
            let want = (gadgetscope::NATIVE_STACK + 4).to_string();
            match allocs.lines().find(|l| l.split_whitespace().nth(1) == Some(want.as_str())) {
                Some(l) => Err(format!("a block of the native stack's size is allocated: {l}")),
                None => Ok(()),
            }
        }),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn idle_samples() {
        let ok = "state=4 sigwait=$10008000 portbit=yes\n".repeat(10);
        assert!(idle_ok(&ok).is_ok());
        assert!(idle_ok(&ok.replacen("state=4", "state=2", 1)).is_err());
        assert!(idle_ok("noport\n").is_err());
    }

    #[test]
    fn hunk_header_and_first_fit() {
        // HUNK_HEADER, no names, 3 hunks 0..2: code 8 bytes, data with
        // attributes (a longword after it) 12, BSS 4.
        let words: [u32; 9] = [0x3f3, 0, 3, 0, 2, 2, 0xc000_0003, 0, 1];
        let file: Vec<u8> = words.iter().flat_map(|w| w.to_be_bytes()).collect();
        assert_eq!(hunk_sizes(&file), Ok(vec![8, 12, 4]));
        assert!(hunk_sizes(&file[..20]).is_err());
        assert!(hunk_sizes(&[0, 0, 3, 0xe7]).is_err());
        // First fit: the first chunk that holds a block takes it.
        assert_eq!(first_fit(&[200_000, 100_000], &[92_648, 100_000]), Ok(()));
        assert!(first_fit(&[197_232, 81_552], &[92_648, 122_936]).is_err());
    }

    #[test]
    fn replies_parse() {
        let r = replies("RC 0\nRESULT\na\nb\n.\nRC 5\nRC 0\nRESULT x\n");
        assert_eq!(r, vec![(0, "a\nb\n".into()), (5, String::new()), (0, "x".into())]);
    }
}
