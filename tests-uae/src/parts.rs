//! Emulator scenarios of the parts loaded on demand
//! (docs/design/parts.md): `GadgetScope.window` beside the program,
//! loaded when the window is wanted, unloaded when it is iconified with
//! nothing to lose; `GadgetScope.wblaunch`, loaded for a `WBLAUNCH`.
//!
//! - `part-refused`: GadgetScope started iconified without the part (a
//!   host step moves it away first) serves scripts: `VERSION` answers,
//!   `SHOW` is RC 20 and `LASTERROR` says the file cannot be loaded.
//!   With the file back, `SHOW` opens the window, and from iconified
//!   `HIGHLIGHT` of the GadTools fixture's Connect button brings the
//!   window's part in before it runs (the window's details then name the
//!   button: the window is there); iconified again, with free memory
//!   held in pieces under 8 KiB (MemHog) `SHOW` is RC 20 and `LASTERROR`
//!   says there is not enough memory for the window's stack
//!   (`gadgetscope::WINDOW_STACK`), and once it is given back `SHOW`
//!   opens the window again; iconified, the part is swapped for one whose build identity differs (one byte of it
//!   flipped), then for a hunk file that is no part (UAETool): `SHOW` is
//!   RC 20 with "belongs to another build" and "is not a part of this
//!   program"; GadgetScope answers `VERSION` all along, and a `SHOW` and a
//!   `QUIT` queued at once behind it are both answered and GadgetScope
//!   ends.
//! - `part-cycles`: the window opened and iconified 20 times, each time
//!   its part loaded and unloaded: free memory with the window iconified
//!   comes back to its level every time, less what the ROM keeps for the
//!   two AppIcon notifications of each cycle
//!   ([`crate::gui::APPICON_NOTE_KEEPS`]), and with the window open it is
//!   lower by at least the part's code.
//! - `part-wblaunch`: with the window open (its part loaded), `WBLAUNCH`
//!   of UAETool's icon loads the second part beside the first, starts
//!   it (UAETool's Workbench probe written) and unloads it: the ROM's
//!   allocation list just after holds each of the window part's code
//!   hunks and not the WBLAUNCH part's. With the file moved away, then
//!   one of another build in its place, then a hunk file that is no part
//!   (UAETool), `WBLAUNCH` is RC 20 each time and `LASTERROR` says why
//!   (cannot be loaded, another build, not a part), `VERSION` answers;
//!   with the file back `WBLAUNCH` starts the program again, and `QUIT`
//!   ends GadgetScope.
//! - `bench-part-show`: `SHOW` from iconified (the part loaded from the
//!   harness's drive, the libraries opened, the window opened and its list
//!   walked) and `HIDE`, 10 times, timed by RexxSend in EClock ticks on
//!   the emulated A1200 at real speed.
use crate::rexx::{rcs, replies, with_arexx};
use std::path::Path;
use std::time::Duration;
use uae_harness::memcheck::avail;
use uae_harness::{Check, HostContext, Scenario};

/// The window part's file, beside GadgetScope on the boot drive (the
/// harness stages a program's parts beside it).
const PART: &str = gadgetscope::WINDOW_PART.file;

/// WBLAUNCH's part's file, beside it too.
const WBLAUNCH_PART: &str = gadgetscope::WBLAUNCH_PART.file;

/// The scenarios of this module.
pub fn scenarios() -> Vec<Scenario> {
    vec![refused(), cycles(), wblaunch(), bench()]
}

/// How GadgetScope runs in these scenarios: with its window, iconified
/// at the start (its part unloaded at once), no refresh ticks.
const START: &str = "Run QUIET >NIL: GadgetScope STARTUP=ICONIFIED REFRESH=0 PROFILEDIR=DH0:";

/// RexxSend of `script` to GadgetScope's first port, replies to `out`.
fn send(s: Scenario, script: &str, out: &str) -> Scenario {
    s.line(format!("RexxSend PORT=GADGETSCOPE.1 SCRIPT=DH0:{script} OUT=DH0:{out} WAITPORT=20"))
}

/// The host path of the staged part `file` and of where it is moved away to.
fn file_paths(c: &HostContext, file: &str) -> (std::path::PathBuf, std::path::PathBuf) {
    (c.hd.join(file), c.hd.join(format!("{file}.away")))
}

/// Host step: the part `file` moved away (kept beside it).
fn move_away(c: &HostContext, file: &str) -> Result<String, String> {
    let (part, away) = file_paths(c, file);
    std::fs::rename(&part, &away).map_err(|e| format!("{}: {e}", part.display()))?;
    Ok(format!("moved {file} away"))
}

/// Host step: the part `file` back in its place.
fn bring_back(c: &HostContext, file: &str) -> Result<String, String> {
    let (part, away) = file_paths(c, file);
    std::fs::copy(&away, &part).map_err(|e| format!("{}: {e}", away.display()))?;
    Ok(format!("{file} back"))
}

/// Host step: the part `file` with the first byte of its build identity flipped
/// (in its header, which starts with `GSPT`: amiga_rt::part).
fn foreign_part(c: &HostContext, file: &str) -> Result<String, String> {
    let (part, away) = file_paths(c, file);
    let mut bytes = std::fs::read(&away).map_err(|e| format!("{}: {e}", away.display()))?;
    let magic = amiga_rt::part::PART_MAGIC.to_be_bytes();
    let at = bytes.windows(4).rposition(|w| w == magic).ok_or("no GSPT header in the part")?;
    bytes[at + amiga_rt::part::ph_BuildId as usize] ^= 0xff;
    std::fs::write(&part, bytes).map_err(|e| format!("{}: {e}", part.display()))?;
    Ok(format!("{file} with another build identity"))
}

/// Host step: a hunk file that is no part (UAETool) in the place of the
/// part `file`.
fn not_a_part(c: &HostContext, file: &str) -> Result<String, String> {
    let (part, _) = file_paths(c, file);
    std::fs::copy(c.hd.join("C/UAETool"), &part).map_err(|e| format!("{}: {e}", part.display()))?;
    Ok(format!("UAETool as {file}"))
}

/// The text of reply `index` of `file` (RexxSend's OUT).
fn reply_text(run: &uae_harness::RunDir, file: &str, index: usize) -> Result<String, String> {
    let text = run.read_text(file)?;
    replies(&text).get(index).map(|r| r.1.clone()).ok_or_else(|| format!("no reply {index} in {file}:\n{text}"))
}

/// Reply `index` of `file` holds `want`.
fn says(file: &'static str, index: usize, want: &'static str) -> Check {
    says_owned(file, index, want.to_string())
}

/// [`says`] for a text made at run time.
fn says_owned(file: &'static str, index: usize, want: String) -> Check {
    Check::Custom(
        format!("reply {index} of {file} says {want:?}"),
        Box::new(move |run| {
            let t = reply_text(run, file, index)?;
            if t.contains(&want) {
                Ok(())
            } else {
                Err(format!("it says {t:?}"))
            }
        }),
    )
}

/// `part-refused` (module doc).
fn refused() -> Scenario {
    let refused_script = "VERSION\nSHOW\nLASTERROR\n";
    let mut s = with_arexx(Scenario::new("part-refused"))
        .program("GadgetScope", "GadgetScope")
        .program("C/UAETool", "UAETool")
        .bytes("refused.rexx", refused_script.as_bytes().to_vec())
        .bytes("show.rexx", "SHOW\nHIDE\n".as_bytes().to_vec())
        .bytes(
            "highlight.rexx",
            "HIGHLIGHT \"GadTools Fixture\" 1\nGETTEXT \"GadgetScope\" 11\nHIDE\n".as_bytes().to_vec(),
        )
        .bytes("quit.rexx", "VERSION\nSHOW\nQUIT\n".as_bytes().to_vec());
    s = crate::inspector::start(s.program("GadToolsFixture", "GadToolsFixture"), "GadToolsFixture", "gadtools-fixture");
    s = s.host_step("away", 20, |c| move_away(c, PART)).line(START);
    s = send(s, "refused.rexx", "missing.out").host_step("back", 20, |c| bring_back(c, PART));
    s = send(send(s, "show.rexx", "back.out"), "highlight.rexx", "highlight.out");
    // No memory for the window's own stack: MemHog holds free memory down
    // to pieces under 8 KiB while RexxSend, on a stack MemHog took before,
    // asks for the window.
    s = s.program("C/MemHog", "MemHog").capture(
        &format!(
            "C:MemHog STACK={REXXSEND_ON} DH0:RexxSend PORT=GADGETSCOPE.1 SCRIPT=DH0:refused.rexx OUT=DH0:nostack.out"
        ),
        "memhog",
    );
    s = send(s, "show.rexx", "after-nostack.out").host_step("foreign", 20, |c| foreign_part(c, PART));
    s = send(s, "refused.rexx", "foreign.out").host_step("not-a-part", 20, |c| not_a_part(c, PART));
    s = send(s, "refused.rexx", "not-a-part.out");
    // Queued at once: SHOW waits for the window, QUIT behind it; with the
    // part refused both are answered and GadgetScope ends.
    s = s.line("RexxSend PORT=GADGETSCOPE.1 SCRIPT=DH0:quit.rexx OUT=DH0:quit.out WAITPORT=20 PIPELINE");
    s = crate::inspector::stop(s, "gadtools-fixture").capture("C:UAETool WAITCLIS COUNT=1 TIMEOUT=60", "gs-gone");
    s.check(rcs("missing.out", &[0, 20, 0]))
        .check(says("missing.out", 2, "SHOW: GadgetScope.window cannot be loaded: "))
        .check(rcs("back.out", &[0, 0]))
        .check(rcs("highlight.out", &[0, 0, 0]))
        .check(says("highlight.out", 1, "\"Connect\""))
        .check(rcs("nostack.out", &[0, 20, 0]))
        .check(says_owned(
            "nostack.out",
            2,
            format!("SHOW: not enough memory for the window's {}-byte stack", gadgetscope::WINDOW_STACK),
        ))
        .check(rcs("after-nostack.out", &[0, 0]))
        .check(rcs("foreign.out", &[0, 20, 0]))
        .check(says("foreign.out", 2, "SHOW: GadgetScope.window belongs to another build of this program"))
        .check(rcs("not-a-part.out", &[0, 20, 0]))
        .check(says("not-a-part.out", 2, "SHOW: GadgetScope.window is not a part of this program"))
        .check(rcs("quit.out", &[0, 20, 0]))
        .check(Check::Rc("gs-gone".into(), 0))
        .timeout(Duration::from_secs(120))
}

/// The stack `part-refused` has MemHog run RexxSend on, bytes: room for
/// RexxSend's 20 KiB native stack, so that it runs on it.
const REXXSEND_ON: u32 = 24 * 1024;

/// How many times `part-cycles` opens and iconifies the window.
const CYCLES: usize = 20;

/// Bytes of the code hunks of the part file at `path`: every hunk of its
/// `HUNK_HEADER` table but the last (the header hunk; amiga_rt::part).
fn part_code_bytes(path: &Path) -> Result<i64, String> {
    let b = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let sizes = crate::arexx_more::hunk_sizes(&b)?;
    Ok(sizes[..sizes.len().saturating_sub(1)].iter().map(|&s| i64::from(s)).sum())
}

/// `part-cycles` (module doc).
fn cycles() -> Scenario {
    use crate::gui::APPICON_NOTE_KEEPS;
    let mut s = with_arexx(Scenario::new("part-cycles"))
        .program("GadgetScope", "GadgetScope")
        .program("C/UAETool", "UAETool")
        .bytes("show.rexx", "SHOW\n".as_bytes().to_vec())
        .bytes("hide.rexx", "HIDE\n".as_bytes().to_vec())
        .bytes("quit.rexx", "QUIT\n".as_bytes().to_vec());
    // A first cycle warms up what the first window loads and keeps
    // (fonts, the ROM's caches).
    s = send(send(s.line(START), "show.rexx", "warm-show.out"), "hide.rexx", "warm-hide.out");
    s = s.line("C:UAETool AVAIL FILE=DH0:docked-0");
    for k in 1..=CYCLES {
        s = send(s, "show.rexx", &format!("show-{k}.out")).line(format!("C:UAETool AVAIL FILE=DH0:open-{k}"));
        s = send(s, "hide.rexx", &format!("hide-{k}.out")).line(format!("C:UAETool AVAIL FILE=DH0:docked-{k}"));
    }
    s = send(s, "quit.rexx", "quit.out").capture("C:UAETool WAITCLIS COUNT=1 TIMEOUT=60", "gs-gone");
    s.check(Check::Custom(
        format!("{CYCLES} SHOW and HIDE answered RC 0"),
        Box::new(|run| {
            for k in 1..=CYCLES {
                for f in [format!("show-{k}.out"), format!("hide-{k}.out")] {
                    let r = replies(&run.read_text(&f)?);
                    if r.len() != 1 || r[0].0 != 0 {
                        return Err(format!("{f}: {r:?}"));
                    }
                }
            }
            Ok(())
        }),
    ))
    .check(Check::Custom(
        format!(
            "iconified, free memory is back to its level after each of {CYCLES} cycles (less two AppIcon \
             notifications each), and with the window open lower by at least the part's code"
        ),
        Box::new(|run| {
            let code = part_code_bytes(&run.host_path(PART)?)?;
            let docked = avail(run, "docked-0")?;
            let mut seen = Vec::new();
            for k in 1..=CYCLES {
                let (open, back) = (avail(run, &format!("open-{k}"))?, avail(run, &format!("docked-{k}"))?);
                let want = docked - 2 * APPICON_NOTE_KEEPS * k as i64;
                seen.push(format!("{k}: open {open}, iconified {back} (want {want})"));
                if back != want || docked - open < code {
                    return Err(format!(
                        "iconified at first {docked}; the part's code {code} bytes:\n{}",
                        seen.join("\n")
                    ));
                }
            }
            Ok(())
        }),
    ))
    .check(rcs("quit.out", &[0]))
    .check(Check::Rc("gs-gone".into(), 0))
    .timeout(Duration::from_secs(240))
}

/// `part-wblaunch` (module doc).
fn wblaunch() -> Scenario {
    let launch = "WBLAUNCH DH0:Tools/UAETool\n";
    let mut s = with_arexx(Scenario::new("part-wblaunch"))
        .program("GadgetScope", "GadgetScope")
        .program("C/UAETool", "UAETool")
        .program("Tools/UAETool", "UAETool")
        .bytes("Tools/UAETool.info", crate::arexx_client::tool_icon(&["MODE=icon"], 16384))
        .bytes("both.rexx", format!("SHOW\n{launch}").into_bytes())
        .bytes("hide.rexx", "HIDE\n".as_bytes().to_vec())
        .bytes("missing.rexx", format!("{launch}LASTERROR\nVERSION\n").into_bytes())
        .bytes("back.rexx", launch.as_bytes().to_vec())
        .bytes("quit.rexx", "QUIT\n".as_bytes().to_vec());
    s = send(s.line(START), "both.rexx", "both.out").line("C:UAETool ALLOCS FILE=DH0:both.allocs");
    s = crate::rexx::wait_for_file(s, "wbprobe", 30).line("Delete >NIL: DH0:wbprobe");
    s = send(s, "hide.rexx", "hide.out").host_step("away", 20, |c| move_away(c, WBLAUNCH_PART));
    s = send(s, "missing.rexx", "missing.out").host_step("foreign", 20, |c| foreign_part(c, WBLAUNCH_PART));
    s = send(s, "missing.rexx", "foreign.out").host_step("not-a-part", 20, |c| not_a_part(c, WBLAUNCH_PART));
    s = send(s, "missing.rexx", "not-a-part.out").host_step("back", 20, |c| bring_back(c, WBLAUNCH_PART));
    s = crate::rexx::wait_for_file(send(s, "back.rexx", "back.out"), "wbprobe", 30);
    s = send(s, "quit.rexx", "quit.out").capture("C:UAETool WAITCLIS COUNT=1 TIMEOUT=60", "gs-gone");
    s.check(rcs("both.out", &[0, 0]))
        .check(says("both.out", 1, "launched"))
        .check(Check::Custom(
            "with the window open, the window part's code hunks are allocated and the WBLAUNCH part's not".into(),
            Box::new(|run| {
                let allocs = run.read_text("both.allocs")?;
                let held = |bytes: u32| crate::arexx_more::hunk_allocated(&allocs, bytes);
                let code = |file: &str| -> Result<Vec<u32>, String> {
                    let bytes = std::fs::read(run.host_path(file)?).map_err(|e| format!("{file}: {e}"))?;
                    let mut sizes = crate::arexx_more::hunk_sizes(&bytes)?;
                    sizes.pop(); // the header hunk
                    Ok(sizes)
                };
                let (window, launch) = (code(PART)?, code(WBLAUNCH_PART)?);
                if let Some(b) = window.iter().find(|&&b| !held(b)) {
                    return Err(format!("the window part's hunk of {b} bytes is not in the allocation list"));
                }
                match launch.iter().find(|&&b| held(b)) {
                    Some(b) => Err(format!("a block of the WBLAUNCH part's hunk size ({b} bytes) is still allocated")),
                    None => Ok(()),
                }
            }),
        ))
        .check(rcs("hide.out", &[0]))
        .check(rcs("missing.out", &[20, 0, 0]))
        .check(says_owned(
            "missing.out",
            1,
            format!("cannot start DH0:Tools/UAETool: {WBLAUNCH_PART} cannot be loaded: "),
        ))
        .check(rcs("foreign.out", &[20, 0, 0]))
        .check(says_owned(
            "foreign.out",
            1,
            format!("cannot start DH0:Tools/UAETool: {WBLAUNCH_PART} belongs to another build of this program"),
        ))
        .check(rcs("not-a-part.out", &[20, 0, 0]))
        .check(says_owned(
            "not-a-part.out",
            1,
            format!("cannot start DH0:Tools/UAETool: {WBLAUNCH_PART} is not a part of this program"),
        ))
        .check(rcs("back.out", &[0]))
        .check(Check::Contains("wbprobe".into(), "WBStartup numargs=1 name=UAETool\n".into()))
        .check(rcs("quit.out", &[0]))
        .check(Check::Rc("gs-gone".into(), 0))
        .timeout(Duration::from_secs(120))
}

/// `bench-part-show` (module doc).
fn bench() -> Scenario {
    let mut script = String::new();
    for _ in 0..10 {
        script.push_str("SHOW\nHIDE\n");
    }
    script.push_str("QUIT\n");
    let s = with_arexx(Scenario::new("bench-part-show"))
        .alone()
        .config("uae_cpu_speed", "real")
        .config("accuracy", "0")
        .program("GadgetScope", "GadgetScope")
        .bytes("bench.rexx", script.into_bytes())
        .line(START);
    s.line("RexxSend PORT=GADGETSCOPE.1 SCRIPT=DH0:bench.rexx OUT=DH0:bench.out WAITPORT=20 TIME")
        .check(Check::Custom(
            "20 replies RC 0 and a TIME each, with EFREQ".into(),
            Box::new(|run| {
                let text = run.read_text("bench.out")?;
                let rcs = replies(&text).iter().map(|r| r.0).collect::<Vec<_>>();
                let times = text.lines().filter(|l| l.starts_with("TIME ")).count();
                if rcs.len() == 21 && rcs.iter().all(|&r| r == 0) && times == 21 && text.contains("EFREQ ") {
                    Ok(())
                } else {
                    Err(format!("RCs {rcs:?}, {times} TIME lines:\n{text}"))
                }
            }),
        ))
        .timeout(Duration::from_secs(240))
}
