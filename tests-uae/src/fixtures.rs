//! Emulator scenarios of the GUI test fixtures (`tests-uae/fixtures/`):
//! each fixture is started with `Run`, the script waits for its ready
//! file, takes a screenshot, asks it to quit through its quit file and
//! waits for its done file; the checks read its log and compare free
//! memory before and after a second, identical run (the first run warms
//! up what AROS keeps cached, e.g. fonts and GadTools' classes).

use std::time::Duration;
use uae_harness::memcheck::{frees_all_but, measure};
use uae_harness::scenario::wait_for_file;
use uae_harness::{Check, Scenario};

/// One fixture run: start it, wait until it is ready, optionally take a
/// screenshot, run `while_up`'s lines, write its quit file, wait for its
/// done file.
fn fixture_run(
    mut s: Scenario,
    program: &str,
    stem: &str,
    run: u32,
    shot: Option<&str>,
    while_up: impl FnOnce(Scenario) -> Scenario,
) -> Scenario {
    s = s.line(format!("Run >NIL: {program}"));
    for l in wait_for_file(&format!("{stem}.ready"), &format!("{stem}-ready-{run}")) {
        s = s.line(l);
    }
    if let Some(name) = shot {
        s = s.screenshot(name);
    }
    s = while_up(s);
    s = s.line(format!("Echo \"quit\" >DH0:{stem}.quit"));
    for l in wait_for_file(&format!("{stem}.done"), &format!("{stem}-done-{run}")) {
        s = s.line(l);
    }
    s
}

/// The log of the measured run: a `READY` line, `QUIT reason=time` last
/// (the first run quit through its quit file, or the script would not
/// have gone on).
fn log_ready_and_quit(log: &'static str) -> Check {
    Check::Custom(
        format!("{log} has READY and ends with QUIT reason=time"),
        Box::new(move |run| {
            let text = run.read_text(log)?;
            let lines: Vec<&str> = text.lines().collect();
            if lines.contains(&"READY") && lines.last() == Some(&"QUIT reason=time") {
                Ok(())
            } else {
                Err(format!("{log}: {text:?}"))
            }
        }),
    )
}

/// A fixture scenario: warm-up run with screenshot, then a measured run.
fn fixture_scenario(name: &str, program: &str, stem: &'static str) -> Scenario {
    fixture_scenario_with(Scenario::new(name), program, stem, |s| s)
}

/// [`fixture_scenario`] from a scenario with files of its own, with
/// `while_up`'s lines run while the warm-up's window is up (after its
/// screenshot).
fn fixture_scenario_with(
    s: Scenario,
    program: &str,
    stem: &'static str,
    while_up: impl FnOnce(Scenario) -> Scenario,
) -> Scenario {
    let mut s = s.program(program, program).program("C/UAETool", "UAETool").timeout(Duration::from_secs(90));
    s = fixture_run(s, program, stem, 1, Some(stem), while_up);
    // The measured run is in the foreground: a `Run` between the two
    // measurements would keep memory of its own (RUN_KEEPS in
    // arexx_more.rs). The first run warmed up what AROS caches (fonts,
    // GadTools classes). The warm-up's Run process ends a little after the
    // `.done` file: wait until it has left exec's lists (its memory freed).
    s = s.capture("C:UAETool WAITCLIS COUNT=1 TIMEOUT=60", "cli-gone").check(Check::Rc("cli-gone".into(), 0));
    s = measure(s, "mem-before").line(format!("{program} QUITAFTER=10"));
    s = measure(s, "mem-after");
    let log: &'static str = Box::leak(format!("{stem}.log").into_boxed_str());
    s.check(Check::Exists(format!("{stem}.done")))
        .check(Check::Custom(
            format!("{stem}.ready and {stem}.quit deleted at exit"),
            Box::new(move |run| {
                for f in [format!("{stem}.ready"), format!("{stem}.quit")] {
                    if run.exists(&f) {
                        return Err(format!("{f} still exists"));
                    }
                }
                Ok(())
            }),
        ))
        .check(log_ready_and_quit(log))
        .check(frees_all_but("mem-before", "mem-after", 0, "the fixture run gives back everything"))
}

/// The fixture scenarios, in order.
pub fn scenarios() -> Vec<Scenario> {
    vec![
        fixture_scenario("fixture-gadtools", "GadToolsFixture", "gadtools-fixture"),
        fixture_scenario("fixture-boopsi", "BoopsiFixture", "boopsi-fixture")
            .check(Check::Contains("boopsi-fixture.log".into(), "FAKE id=99 class=$FFFFFFF0 typeofmem=0".into())),
        fixture_scenario("fixture-screen", "ScreenFixture", "screen-fixture"),
        text_scenario(),
    ]
}

/// `fixture-text`: TextFixture with the gstest font on the boot drive
/// (crate::diskfont). Besides the fixture checks: its truth log has a
/// `drawn` line for every text with the box the host's reference
/// renderer gives (gstest: the font read back from the staged file,
/// `textread::render`'s extent; topaz 8: 8 pixels a character, 8 rows),
/// the buttons' and members' boxes, and GadgetScope's TREE of the window
/// lists one gadget besides the system gadgets: the group (its members
/// cannot be walked).
fn text_scenario() -> Scenario {
    use text_fixture as tf;
    let s = crate::diskfont::stage(Scenario::new("fixture-text").program("GadgetScope", "GadgetScope"))
        .config("texture_filter", "nearest");
    let s = s.program("C/InputTool", "InputTool");
    fixture_scenario_with(s, "TextFixture", "text-fixture", |s| {
        s.capture(&format!("GadgetScope TREE WINDOW=\"{}\"", tf::TITLE.to_str().unwrap_or("")), "text-tree")
            .host_step("text-clicks", 30, text_clicks)
            .line("Run >NIL: Execute DH0:text-clicks.script")
            .capture("C:InputTool WAITACTIVE TEXT=\"Text Fixture Request\"", "request-up")
            .capture("GadgetScope TREE WINDOW=\"Text Fixture Request\"", "request-tree")
            .screenshot("text-request")
            .host_step("text-answer", 30, text_answer)
            .line("Run >NIL: Execute DH0:text-answer.script")
            .host_step("text-clicked", 30, text_clicked)
            .screenshot("text-uncovered")
    })
    .check(Check::Rc("request-up".into(), 0))
    .check(Check::Rc("text-tree".into(), 0))
    .check(Check::Custom(
        "TREE lists the group and no other gadget but the system gadgets".into(),
        Box::new(|run| tree_has_only_the_group(&run.read_text("text-tree.out")?)),
    ))
    .check(Check::Custom(
        "text-fixture.log: the truth of every text, button and member".into(),
        Box::new(|run| text_log_matches(&run.read_text("text-fixture.log")?)),
    ))
}

/// The window's position on its screen from the text fixture's log
/// (`window <l>,<t> borders=…`), and the box of the log line starting
/// with `what` (`button "Save" 1 `, `member 101 `): `box=<l>,<t>,<w>,<h>`.
fn text_log_box(log: &str, what: &str) -> Result<(String, String), String> {
    let window = log
        .lines()
        .find_map(|l| l.strip_prefix("window ").and_then(|r| r.split(' ').next()))
        .ok_or("no window line in text-fixture.log")?;
    let b = log
        .lines()
        .find_map(|l| l.strip_prefix(what).and_then(|r| r.rsplit_once("box=")).map(|(_, b)| b))
        .ok_or_else(|| format!("no {what:?} line in text-fixture.log"))?;
    Ok((window.to_string(), b.to_string()))
}

/// Host step: the Amiga script that clicks the second `Save`, the
/// group's `Alpha` and `Ask` (which opens the requester), at the boxes
/// the fixture logged.
fn text_clicks(ctx: &uae_harness::HostContext) -> Result<String, String> {
    let log = ctx.run.read_text("text-fixture.log")?;
    let mut script = String::new();
    for what in ["button \"Save\" 1 ", "member 101 ", "button \"Ask\" 0 "] {
        let (window, b) = text_log_box(&log, what)?;
        script += &format!("C:InputTool CLICKGADGET WINDOW={window} BOX={b}\n");
    }
    std::fs::write(ctx.hd.join("text-clicks.script"), &script).map_err(|e| e.to_string())?;
    Ok(script)
}

/// Host step: the script that answers the requester with `Cancel`, at
/// the box GadgetScope's TREE of it gives.
fn text_answer(ctx: &uae_harness::HostContext) -> Result<String, String> {
    let tree = ctx.run.read_text("request-tree.out")?;
    let window = tree
        .lines()
        .next()
        .and_then(|l| l.rsplit_once('[')?.1.split(' ').next().map(str::to_string))
        .ok_or_else(|| format!("request-tree.out:\n{tree}"))?;
    let cancel = tree
        .lines()
        .find(|l| l.contains("label=\"Cancel\""))
        .and_then(|l| l.rsplit_once('[')?.1.strip_suffix(']').map(|b| b.replace([' ', 'x'], ",")))
        .ok_or_else(|| format!("no Cancel gadget in request-tree.out:\n{tree}"))?;
    let script = format!("C:InputTool CLICKGADGET WINDOW={window} BOX={cancel}\n");
    std::fs::write(ctx.hd.join("text-answer.script"), &script).map_err(|e| e.to_string())?;
    Ok(script)
}

/// What the clicks must have logged, in this order.
pub const TEXT_CLICKED: [&str; 4] =
    ["clicked \"Save\" 1", "gadgetup 100 member=101", "clicked \"Ask\" 0", "requester 0"];

/// Host step: waits (up to 10 s) until the fixture's log has every line
/// of [`TEXT_CLICKED`], in order; the log is kept as
/// `<run>/text-fixture-clicks.log` (the measured run rewrites it).
fn text_clicked(ctx: &uae_harness::HostContext) -> Result<String, String> {
    let start = std::time::Instant::now();
    loop {
        let log = ctx.run.read_text("text-fixture.log").unwrap_or_default();
        let lines: Vec<&str> = log.lines().collect();
        let mut at = 0;
        let found = TEXT_CLICKED.iter().all(|w| match lines[at..].iter().position(|l| l == w) {
            Some(i) => {
                at += i + 1;
                true
            }
            None => false,
        });
        if found {
            let _ = std::fs::write(ctx.run.dir.join("text-fixture-clicks.log"), &log);
            return Ok(log);
        }
        if start.elapsed() > Duration::from_secs(10) {
            return Err(format!("text-fixture.log lacks {TEXT_CLICKED:?} in order:\n{log}"));
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// The TREE of the text fixture's window: system gadgets (GA_ID 0,
/// `buttongclass`) and one gadget, GA_ID 100 of `groupgclass`.
fn tree_has_only_the_group(tree: &str) -> Result<(), String> {
    let gadgets: Vec<&str> = tree.lines().map(str::trim).filter(|l| l.starts_with("gadget ")).collect();
    let own: Vec<&&str> = gadgets.iter().filter(|l| !l.starts_with("gadget id=0 ")).collect();
    let want = format!("gadget id={} ", text_fixture::GROUP_ID);
    if own.len() == 1 && own[0].starts_with(&want) && own[0].contains("class=\"groupgclass\"") {
        Ok(())
    } else {
        Err(format!("TREE:\n{tree}"))
    }
}

/// What the text fixture's log must say, from the host's own knowledge of
/// the layout and the fonts (see [`text_scenario`]).
fn text_log_matches(log: &str) -> Result<(), String> {
    use gadgetscope_textread::render;
    use text_fixture as tf;
    let font = crate::diskfont::read_font_file(&crate::diskfont::gstest().font_file())?;
    let borders = log
        .lines()
        .find_map(|l| l.strip_prefix("window ").and_then(|r| r.split_once(" borders=")).map(|(_, b)| b.to_string()))
        .ok_or("no window line")?;
    let b: Vec<i16> = borders.split(',').filter_map(|v| v.parse().ok()).collect();
    let (bl, bt) = match b[..] {
        [l, t, _, _] => (l, t),
        _ => return Err(format!("window borders {borders:?}")),
    };
    let expect = |t: &tf::Text| -> Vec<u8> {
        let (name, size) = t.face.attr();
        let r = match t.face {
            // TextExtent(): textread's render() gives it, bold's smear
            // past the last advance included.
            tf::Face::Gstest => {
                let g = render(&font, t.text.as_bytes(), t.style);
                tf::Rect::new(bl + t.x + g.left as i16, bt + t.top, g.width as i16, size as i16)
            }
            tf::Face::Topaz => tf::Rect::new(bl + t.x, bt + t.top, 8 * t.text.len() as i16, size as i16),
        };
        tf::drawn_line(t.text, name.to_bytes(), size, t.pen, t.style, r)
    };
    let mut want: Vec<Vec<u8>> = tf::TEXTS.iter().map(expect).collect();
    let widths: Vec<i16> = tf::BUTTONS.iter().map(|l| font.text_length(l.as_bytes()) as i16).collect();
    for (i, (label, r)) in tf::BUTTONS.iter().zip(tf::button_boxes(&widths)).enumerate() {
        want.push(expect(&tf::button_text(label, r.left + tf::BUTTON_PAD)));
        want.push(tf::button_line(label, tf::label_index(&tf::BUTTONS, i), r.offset(bl, bt)));
    }
    for m in tf::MEMBERS {
        let r = m.rect.offset(bl + tf::GROUP_LEFT, bt + tf::GROUP_TOP);
        let label = m.label.to_str().unwrap_or("");
        want.push(format!("member {} \"{label}\" box={}", m.id, tf::box_text(r)).into_bytes());
    }
    let lines: Vec<&str> = log.lines().collect();
    let missing: Vec<String> =
        want.iter().map(|w| String::from_utf8_lossy(w).into_owned()).filter(|w| !lines.contains(&w.as_str())).collect();
    if missing.is_empty() {
        Ok(())
    } else {
        Err(format!("missing from the log:\n{}\nlog:\n{log}", missing.join("\n")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wait_loop_text() {
        assert_eq!(wait_for_file("x.ready", "w1"), ["Lab w1", "If NOT EXISTS DH0:x.ready", "  Skip w1 BACK", "EndIf"]);
    }

    #[test]
    fn scenario_lines() {
        let all = scenarios();
        assert_eq!(all.len(), 4);
        let s = &all[0];
        assert_eq!(s.screenshot_names(), ["gadtools-fixture"]);
        let text: Vec<String> = s
            .lines
            .iter()
            .filter_map(|l| match l {
                uae_harness::Line::Raw(t) => Some(t.clone()),
                _ => None,
            })
            .collect();
        assert_eq!(text.iter().filter(|l| *l == "Run >NIL: GadToolsFixture").count(), 1);
        assert!(text.contains(&"GadToolsFixture QUITAFTER=10".to_string()));
        assert!(text.contains(&"Echo \"quit\" >DH0:gadtools-fixture.quit".to_string()));
        assert!(text.contains(&"C:UAETool AVAIL FILE=DH0:mem-before".to_string()));
    }
}
