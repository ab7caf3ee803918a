//! Emulator scenarios of pick mode and the highlight frame, with the
//! PickTool fixture (`tests-uae/fixtures/picktool`) around amiga-rt's
//! `pick` and GadgetScope's `highlight`, real input.device events from
//! InputTool / `PickTool INJECT`, and the GadTools fixture as the program
//! under the pointer.
//!
//! - `pick-handler`: PickTool PICK is armed; InputTool clicks the fixture's
//!   Connect button. PickTool must report a pointer position inside the
//!   button's screen box and moves > 0. Then (PickTool has removed its
//!   handler and exited) InputTool clicks Connect again. The fixture's log
//!   must hold exactly one `GADGETUP id=1`: two mean the picked click
//!   leaked through to Intuition, none mean the handler was still eating
//!   clicks after its removal. (The ROM has no `Copy`, so the log cannot be
//!   snapshot between the two clicks; the count tells both cases apart.)
//! - `pick-cancel`: a right click (`PickTool INJECT RBUTTON`) and, in a
//!   second PICK, the Esc key (`INJECT ESC`) each end it with `cancelled`;
//!   the fixture logs no gadget or menu event.
//! - `highlight-frame`: the fixture is activated (InputTool click on an
//!   empty part of it, `WAITACTIVE`); `PickTool FRAME` puts the frame
//!   around the Connect button; `PickTool WINDOWS` (gadgetscope-core's
//!   walker) must list four untitled windows at exactly the expected
//!   boxes, with the fixture still the active window; the frame then
//!   moves to the same-sized Mode button (all four windows reused through
//!   `ChangeWindowBox()`), and after hiding no untitled window is left.
//!   Screenshots `frame.png` and `moved.png`.

use std::time::Duration;

use uae_harness::scenario::wait_for_file;
use uae_harness::{Check, Scenario};

/// The GadTools fixture's window and Connect / Mode buttons as TREE prints
/// them on this ROM (tests-uae/golden/gadtools-fixture.tree): window at
/// 20,24; boxes window-relative.
pub const WINDOW: (i32, i32) = (20, 24);
pub const CONNECT: (i32, i32, i32, i32) = (94, 19, 140, 14);
pub const MODE: (i32, i32, i32, i32) = (94, 107, 140, 14);

/// A window-relative box of the fixture in screen coordinates.
pub fn on_screen(b: (i32, i32, i32, i32)) -> (i32, i32, i32, i32) {
    (WINDOW.0 + b.0, WINDOW.1 + b.1, b.2, b.3)
}

/// The four frame boxes (top, bottom, left, right) around a screen box,
/// 2 pixels thick, the way `gadgetscope::highlight::frame_boxes` puts them
/// (restated here so that the scenario checks the program, not itself).
pub fn expected_frame(b: (i32, i32, i32, i32)) -> [String; 4] {
    let (l, t, w, h) = b;
    [(l - 2, t - 2, w + 4, 2), (l - 2, t + h, w + 4, 2), (l - 2, t, 2, h), (l + w, t, 2, h)]
        .map(|(l, t, w, h)| format!("window screen=\"Workbench Screen\" title=none [{l},{t} {w}x{h}] active=0"))
}

fn start_fixture(mut s: Scenario) -> Scenario {
    s = s.line("Run >NIL: GadToolsFixture");
    for l in wait_for_file("gadtools-fixture.ready", "gt-up") {
        s = s.line(l);
    }
    s
}

fn stop_fixture(mut s: Scenario) -> Scenario {
    s = s.line("Echo \"quit\" >DH0:gadtools-fixture.quit");
    for l in wait_for_file("gadtools-fixture.done", "gt-down") {
        s = s.line(l);
    }
    s
}

fn wait(mut s: Scenario, file: &str, label: &str) -> Scenario {
    for l in wait_for_file(file, label) {
        s = s.line(l);
    }
    s
}

fn click_connect() -> String {
    let (l, t, w, h) = CONNECT;
    format!("C:InputTool CLICKGADGET WINDOW={},{} BOX={l},{t},{w},{h}", WINDOW.0, WINDOW.1)
}

/// The lines of the fixture's log that say a gadget or menu was used.
fn events(log: &str) -> Vec<&str> {
    log.lines().filter(|l| l.starts_with("GADGET") || l.starts_with("MENUPICK")).collect()
}

/// Parses `picked <x> <y> moves=<n>`.
pub fn parse_picked(text: &str) -> Option<(i32, i32, u32)> {
    let line = text.lines().find_map(|l| l.strip_prefix("picked "))?;
    let mut it = line.split_whitespace();
    let x = it.next()?.parse().ok()?;
    let y = it.next()?.parse().ok()?;
    let n = it.next()?.strip_prefix("moves=")?.parse().ok()?;
    Some((x, y, n))
}

fn tree_has_connect() -> Check {
    let want_win = format!("[{},{} ", WINDOW.0, WINDOW.1);
    let (l, t, w, h) = CONNECT;
    let want_btn = format!("label=\"Connect\" [{l},{t} {w}x{h}]");
    Check::Custom(
        "TREE shows the fixture and Connect where the scenario clicks".into(),
        Box::new(move |run| {
            let t = run.read_text("tree.out")?;
            let first = t.lines().next().unwrap_or("");
            if first.contains(&want_win) && t.contains(&want_btn) {
                Ok(())
            } else {
                Err(format!("tree.out does not have window at {want_win} and {want_btn}:\n{t}"))
            }
        }),
    )
}

fn pick_handler() -> Scenario {
    let mut s = Scenario::new("pick-handler")
        .watchdog()
        .program("GadgetScope", "GadgetScope")
        .program("GadToolsFixture", "GadToolsFixture")
        .program("C/InputTool", "InputTool")
        .program("C/PickTool", "PickTool")
        .timeout(Duration::from_secs(90));
    s = start_fixture(s).capture("GadgetScope TREE WINDOW=\"GadTools Fixture\"", "tree");
    s = s.line("Run >NIL: C:PickTool PICK DH0:pick");
    s = wait(s, "pick", "armed");
    s = s.capture(&click_connect(), "click1");
    s = wait(s, "pick.done", "picked");
    s = s.capture(&click_connect(), "click2");
    s = stop_fixture(s);
    let (bl, bt, bw, bh) = on_screen(CONNECT);
    s.check(tree_has_connect())
        .check(Check::Rc("click1".into(), 0))
        .check(Check::Rc("click2".into(), 0))
        .check(Check::Custom(
            format!("PickTool picked a point inside Connect [{bl},{bt} {bw}x{bh}] with moves > 0"),
            Box::new(move |run| {
                let t = run.read_text("pick")?;
                let (x, y, n) = parse_picked(&t).ok_or_else(|| format!("no picked line in pick: {t:?}"))?;
                let inside = x >= bl && x < bl + bw && y >= bt && y < bt + bh;
                if inside && n > 0 && t.starts_with("armed\n") {
                    Ok(())
                } else {
                    Err(format!("pick: {t:?}"))
                }
            }),
        ))
        .check(Check::Custom(
            "the fixture logged exactly one GADGETUP id=1 (the second click), nothing else".into(),
            Box::new(|run| {
                let log = run.read_text("gadtools-fixture.log")?;
                let ev = events(&log);
                if ev.len() == 1 && ev[0].starts_with("GADGETUP id=1 ") {
                    Ok(())
                } else {
                    Err(format!("gadtools-fixture.log events {ev:?}:\n{log}"))
                }
            }),
        ))
}

fn pick_cancel() -> Scenario {
    let mut s = Scenario::new("pick-cancel")
        .watchdog()
        .program("GadToolsFixture", "GadToolsFixture")
        .program("C/PickTool", "PickTool")
        .timeout(Duration::from_secs(90));
    s = start_fixture(s);
    for (n, what) in [(1, "RBUTTON"), (2, "ESC")] {
        s = s.line(format!("Run >NIL: C:PickTool PICK DH0:pick{n}"));
        s = wait(s, &format!("pick{n}"), &format!("armed{n}"));
        s = s.capture(&format!("C:PickTool INJECT {what}"), &format!("inject{n}"));
        s = wait(s, &format!("pick{n}.done"), &format!("done{n}"));
    }
    s = stop_fixture(s);
    s.check(Check::Rc("inject1".into(), 0))
        .check(Check::Rc("inject2".into(), 0))
        .check(Check::Equals("pick1".into(), b"armed\ncancelled\n".to_vec()))
        .check(Check::Equals("pick2".into(), b"armed\ncancelled\n".to_vec()))
        .check(Check::Custom(
            "the fixture logged no gadget or menu event".into(),
            Box::new(|run| {
                let log = run.read_text("gadtools-fixture.log")?;
                if events(&log).is_empty() && log.contains("READY") {
                    Ok(())
                } else {
                    Err(format!("gadtools-fixture.log:\n{log}"))
                }
            }),
        ))
}

/// `file` lists the four frame windows around `b`, and the fixture as the
/// active window.
fn frame_listed(file: &'static str, b: (i32, i32, i32, i32)) -> Check {
    let want = expected_frame(b);
    Check::Custom(
        format!("{file}: four frame windows {want:?}, the fixture active"),
        Box::new(move |run| {
            let t = run.read_text(file)?;
            let untitled: Vec<&str> = t.lines().filter(|l| l.contains(" title=none ")).collect();
            let all_there = want.iter().all(|w| untitled.contains(&w.as_str()));
            let active: Vec<&str> = t.lines().filter(|l| l.ends_with("active=1")).collect();
            let fixture_active = active.len() == 1 && active[0].contains("title=\"GadTools Fixture\"");
            if all_there && untitled.len() == 4 && fixture_active {
                Ok(())
            } else {
                Err(format!("{file}:\n{t}"))
            }
        }),
    )
}

fn highlight_frame() -> Scenario {
    let (cl, ct, cw, ch) = on_screen(CONNECT);
    let (ml, mt, mw, mh) = on_screen(MODE);
    let mut s = Scenario::new("highlight-frame")
        .watchdog()
        .program("GadToolsFixture", "GadToolsFixture")
        .program("C/InputTool", "InputTool")
        .program("C/PickTool", "PickTool")
        .timeout(Duration::from_secs(90));
    s = start_fixture(s)
        // An empty spot of the fixture's interior, left of every gadget.
        .capture(&format!("C:InputTool CLICK X={} Y={}", WINDOW.0 + 10, WINDOW.1 + 161), "activate")
        .capture("C:InputTool WAITACTIVE TEXT=\"GadTools Fixture\"", "active")
        .capture("C:PickTool WINDOWS DH0:before.win", "before")
        .line(format!("Run >NIL: C:PickTool FRAME {cl} {ct} {cw} {ch} DH0:frame {ml} {mt} {mw} {mh}"));
    s = wait(s, "frame", "shown").capture("C:PickTool WINDOWS DH0:during.win", "during").screenshot("frame");
    s = s.line("Echo \"next\" >DH0:frame.next");
    s = wait(s, "frame.moved", "moved").capture("C:PickTool WINDOWS DH0:moved.win", "moved").screenshot("moved");
    s = s.line("Echo \"quit\" >DH0:frame.quit");
    s = wait(s, "frame.done", "hidden").capture("C:PickTool WINDOWS DH0:after.win", "after");
    s = stop_fixture(s);
    s.check(Check::Rc("active".into(), 0))
        .check(Check::Rc("during".into(), 0))
        .check(frame_listed("during.win", (cl, ct, cw, ch)))
        .check(frame_listed("moved.win", (ml, mt, mw, mh)))
        .check(Check::Contains("frame.moved".into(), "moved reused=4".into()))
        .check(Check::Custom(
            "no untitled window before the frame or after hiding it; the fixture active throughout".into(),
            Box::new(|run| {
                for f in ["before.win", "after.win"] {
                    let t = run.read_text(f)?;
                    if t.contains(" title=none ")
                        || !t.lines().any(|l| l.contains("title=\"GadTools Fixture\"") && l.ends_with("active=1"))
                    {
                        return Err(format!("{f}:\n{t}"));
                    }
                }
                Ok(())
            }),
        ))
}

/// The pick-mode and highlight scenarios.
pub fn scenarios() -> Vec<Scenario> {
    vec![pick_handler(), pick_cancel(), highlight_frame()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn picked_line() {
        assert_eq!(parse_picked("armed\npicked 184 50 moves=1\n"), Some((184, 50, 1)));
        assert_eq!(parse_picked("armed\ncancelled\n"), None);
    }

    #[test]
    fn frame_boxes_around_connect() {
        assert_eq!(on_screen(CONNECT), (114, 43, 140, 14));
        let f = expected_frame(on_screen(CONNECT));
        assert_eq!(f[0], "window screen=\"Workbench Screen\" title=none [112,41 144x2] active=0");
        assert_eq!(f[3], "window screen=\"Workbench Screen\" title=none [254,43 2x14] active=0");
    }

    #[test]
    fn three_scenarios() {
        let names: Vec<String> = scenarios().into_iter().map(|s| s.name).collect();
        assert_eq!(names, ["pick-handler", "pick-cancel", "highlight-frame"]);
    }
}
