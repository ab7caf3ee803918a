//! Emulator scenarios of visible text as a locator (`SHOWN`, `SHOWN=`,
//! `AT=`): GadgetScope reads the text drawn in a window's pixels with the
//! system's fonts (docs/reference/text-reader.md).
//!
//! - `text-shown-gadtools`: `SHOWN` of the GadTools demo program equals
//!   `tests-uae/golden/gadtools-fixture.shown`: every label GadTools drew
//!   (the gadget list says nothing of `PLACETEXT_IN` texts), the string
//!   and integer gadgets' visible values, the list's items.
//! - `text-shown-custom`: the TextFixture (custom-drawn, the gstest 11
//!   disk font, bold and underlined text, a BOOPSI group whose members
//!   cannot be walked): SHOWN reads its texts as its truth log says they
//!   were drawn, `CLICK SHOWN=Save` is RC 5 naming both places,
//!   `CLICK SHOWN=Save INDEX=1` clicks the second drawn Save and `CLICK
//!   SHOWN=Beta` the group's hidden member (the fixture logs both).
//! - `bench-shown-gadtools`: GadgetScopeBench `SHOWN`, the reading of the
//!   GadTools demo's window timed phase by phase on the emulated A1200
//!   (docs/design/performance.md).

use crate::rexx::{wait_for_file, with_arexx};
use std::time::Duration;
use uae_harness::{Check, Scenario};

/// The script of `text-shown-gadtools`.
const GADTOOLS_SCRIPT: &str = "\
SHOWN \"GadTools Fixture\"
QUIT
";

/// The script of `text-shown-custom`.
const CUSTOM_SCRIPT: &str = "\
SHOWN \"Text Fixture\"
CLICK \"Text Fixture\" SHOWN=Save
LASTERROR
CLICK \"Text Fixture\" SHOWN=Save INDEX=1
CLICK \"Text Fixture\" SHOWN=Beta
QUIT
";

/// The text between `RESULT` and the lone `.` of RexxSend's first reply
/// with a result in `out`.
fn first_result(out: &str) -> Option<String> {
    let body = out.split_once("RESULT\n")?.1;
    Some(format!("{}\n", body.split_once("\n.\n")?.0))
}

/// The scenarios, in suite order: the reader timed in GadgetScopeBench,
/// which has it. GadgetScope leaves the reader out until it fits
/// (docs/design/performance.md "SHOWN"), so the scenarios of SHOWN over
/// ARexx ([`with_the_reader`]) are not registered.
pub fn scenarios() -> Vec<Scenario> {
    vec![bench()]
}

/// `text-shown-gadtools` and `text-shown-custom`: SHOWN, `SHOWN=` and
/// `AT=` over ARexx, for a GadgetScope built with the text reader (both
/// passed with it, this module's commit history has the runs).
pub fn with_the_reader() -> Vec<Scenario> {
    let mut g = with_arexx(Scenario::new("text-shown-gadtools"))
        .program("GadgetScope", "GadgetScope")
        .program("GadToolsFixture", "GadToolsFixture")
        .bytes("shown.rexx", GADTOOLS_SCRIPT.as_bytes().to_vec())
        .line("Run >NIL: GadToolsFixture");
    g = wait_for_file(g, "gadtools-fixture.ready", 30);
    g = g
        .line("Run >NIL: RexxSend PORT=GADGETSCOPE.1 SCRIPT=DH0:shown.rexx OUT=DH0:shown.out WAITPORT=30 DONE=DH0:shown.sent")
        .capture("GadgetScope NOGUI", "gadgetscope");
    g = wait_for_file(g, "shown.sent", 30)
        .screenshot("gadtools")
        .check(Check::Rc("gadgetscope".into(), 0))
        .check(Check::Custom(
            "SHOWN equals tests-uae/golden/gadtools-fixture.shown".into(),
            Box::new(|run| {
                let out = run.read_text("shown.out")?;
                let got = first_result(&out).ok_or(format!("no SHOWN result in:\n{out}"))?;
                let golden = crate::workspace_root().join("tests-uae/golden/gadtools-fixture.shown");
                let want = std::fs::read_to_string(&golden).map_err(|e| format!("{}: {e}", golden.display()))?;
                if got == want {
                    Ok(())
                } else {
                    Err(format!("SHOWN:\n{got}\nwant:\n{want}"))
                }
            }),
        ))
        .timeout(Duration::from_secs(300));

    let mut c = crate::diskfont::stage(with_arexx(Scenario::new("text-shown-custom")))
        .program("GadgetScope", "GadgetScope")
        .program("TextFixture", "TextFixture")
        .bytes("custom.rexx", CUSTOM_SCRIPT.as_bytes().to_vec())
        .line("Run >NIL: TextFixture");
    c = wait_for_file(c, "text-fixture.ready", 30);
    c = c
        .line("Run >NIL: RexxSend PORT=GADGETSCOPE.1 SCRIPT=DH0:custom.rexx OUT=DH0:custom.out WAITPORT=30 DONE=DH0:custom.sent")
        .capture("GadgetScope NOGUI", "gadgetscope");
    c = wait_for_file(c, "custom.sent", 30).screenshot("custom").line("Echo \"quit\" >DH0:text-fixture.quit");
    c = wait_for_file(c, "text-fixture.done", 30)
        .check(Check::Rc("gadgetscope".into(), 0))
        .check(Check::Custom(
            "SHOWN reads what TextFixture drew; CLICK by text hits the right places".into(),
            Box::new(|run| {
                let out = run.read_text("custom.out")?;
                let shown = first_result(&out).ok_or(format!("no SHOWN result in:\n{out}"))?;
                let log = run.read_text("text-fixture.log")?;
                // Every text the fixture drew: its text, font, pen and box.
                for line in log.lines().filter(|l| l.starts_with("drawn ")) {
                    let (text, rest) = line["drawn ".len()..].split_once(" font=").ok_or(line.to_string())?;
                    let field = |k: &str| rest.split(' ').find_map(|f| f.strip_prefix(k)).unwrap_or("");
                    let (name, size) = field("").split_once('/').unwrap_or(("", ""));
                    let b: Vec<&str> = field("box=").split(',').collect();
                    if b.len() != 4 {
                        return Err(format!("bad truth line {line}"));
                    }
                    let want_start = format!("  text {text} font=\"{name}\" size={size} pen={} ", field("pen="));
                    let want_box = format!(" [{},{} {}x{}]", b[0], b[1], b[2], b[3]);
                    if !shown.lines().any(|l| l.starts_with(&want_start) && l.ends_with(&want_box)) {
                        return Err(format!("no line `{want_start}… {want_box}` for {line} in SHOWN:\n{shown}"));
                    }
                }
                if !out.contains("RC 5\n") || !out.contains("is shown 2 times in \"Text Fixture\"") {
                    return Err(format!("CLICK SHOWN=Save without INDEX= is not RC 5 naming both:\n{out}"));
                }
                for want in ["clicked \"Save\" 1", "gadgetup 100 member=102"] {
                    if !log.contains(want) {
                        return Err(format!("no `{want}` in the fixture's log:\n{log}"));
                    }
                }
                if log.contains("clicked \"Save\" 0") {
                    return Err(format!("the first Save was clicked:\n{log}"));
                }
                Ok(())
            }),
        ))
        .timeout(Duration::from_secs(600));
    vec![g, c]
}

/// `bench-shown-gadtools`: GadgetScopeBench `SHOWN` on the GadTools
/// fixture's window.
fn bench() -> Scenario {
    let bench = Scenario::new("bench-shown-gadtools")
        .alone()
        .config("uae_cpu_speed", "real")
        .config("accuracy", "0")
        .program("C/UAETool", "UAETool")
        .program("GadgetScopeBench", "GadgetScopeBench")
        .program("GadToolsFixture", "GadToolsFixture");
    crate::inspector::stop(
        crate::inspector::start(bench, "GadToolsFixture", "gadtools-fixture")
            .capture("GadgetScopeBench WINDOW=\"GadTools Fixture\" SHOWN COUNT=1", "bench")
            .check(Check::Rc("bench".into(), 0))
            .check(Check::Contains("bench.out".into(), "whole (SHOWN's reading): median".into())),
        "gadtools-fixture",
    )
    .timeout(Duration::from_secs(900))
}

#[cfg(test)]
mod tests {
    use gadgetscope_textread::{read, render, Image, Options};

    /// The gstest texts TextFixture draws, drawn on the host the same way
    /// (bold heading on a fill, underlined link, buttons), read back.
    #[test]
    fn gstest_texts_read_back_on_the_host() {
        use amiga_ndk::graphics::{FSF_BOLD, FSF_UNDERLINED};
        let f = crate::diskfont::read_font_file(&crate::diskfont::gstest().font_file()).unwrap();
        let mut img = Image::new(268, 145, 0);
        img.fill(amiga_ndk::Rect::new(12, 19, 70, 13), 3);
        img.draw(&render(&f, b"Project info", FSF_BOLD), 14, 20, 2, None);
        img.draw(&render(&f, b"Underlined link text", FSF_UNDERLINED), 14, 103, 3, None);
        img.draw(&render(&f, b"Just 4 jobs in queue", 0), 14, 67, 1, None);
        let got: Vec<(String, u8)> =
            read(&mut img, &[f], &Options::default()).runs.iter().map(|r| (r.string(), r.style)).collect();
        assert_eq!(
            got,
            [
                ("Project info".to_string(), FSF_BOLD),
                ("Just 4 jobs in queue".to_string(), 0),
                ("Underlined link text".to_string(), FSF_UNDERLINED)
            ]
        );
    }
}
