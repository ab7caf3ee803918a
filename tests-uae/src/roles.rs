//! Roles of Intuition's own gadget classes in the emulator (a deviation
//! from AmiPilot 1.1, which prints them `custom`; docs/reference/formats.md
//! "Roles").
//!
//! - `arexx-roles`: against `BoopsiFixture SCROLLER`, `TREE … FULL` prints
//!   `buttongclass`/`frbuttonclass` as buttons, `strgclass` as a string
//!   with its value and both `propgclass` gadgets (FREEHORIZ with a
//!   border; FREEVERT borderless, as Workbook makes its window scrollers)
//!   as scrollers; `CLICK … ROLE=button LABEL=Framed` presses the
//!   frbuttonclass button (the fixture logs its GADGETUP); a `DRAG` of
//!   each scroller grabs its knob: `PGA_Top` goes from 25 to well past 35,
//!   where a press beside the knob (a page jump by `PGA_Visible` 10) would
//!   leave it. The EasyRequest half (`CLICK … ROLE=button LABEL=OK` on a
//!   system requester) is `arexx-requester` (src/arexx_more.rs).

use crate::rexx::with_arexx;
use crate::rexx::{rcs, replies};
use std::time::Duration;
use uae_harness::scenario::wait_for_file;
use uae_harness::{Check, Scenario};

/// The script; one reply each in `roles.out`.
pub const SCRIPT: &str = "\
TREE \"BOOPSI Fixture\" FULL
CLICK \"BOOPSI Fixture\" ROLE=button LABEL=Framed
DRAG \"BOOPSI Fixture\" 16 0 30
DRAG \"BOOPSI Fixture\" ROLE=scroller INDEX=0 60 0
QUIT
";

/// The lines `TREE … FULL` must print for the fixture's Intuition-class
/// gadgets (up to the box, which depends on the window's borders).
pub const ROLE_LINES: [&str; 5] = [
    "gadget id=11 role=button class=\"buttongclass\" label=\"Plain\"",
    "gadget id=12 role=button class=\"frbuttonclass\" label=\"Framed\"",
    "gadget id=13 role=string class=\"strgclass\" label=\"\" value=\"boopsi text\"",
    "gadget id=14 role=scroller class=\"propgclass\" label=\"\"",
    "gadget id=16 role=scroller class=\"propgclass\" label=\"\"",
];

/// Where a knob drag must take `PGA_Top` at least (from 25; a page jump
/// reaches 35).
pub const DRAGGED_TOP: i32 = 45;

/// `PGA_Top` of the last GADGETUP the fixture logged for `id` (`number=`).
pub fn logged_top(log: &str, id: u16) -> Option<i32> {
    log.lines()
        .rev()
        .filter_map(|l| l.strip_prefix(&format!("GADGETUP id={id} ")))
        .filter_map(|r| r.split("number=").nth(1))
        .find_map(|n| n.trim().parse().ok())
}

/// The scenarios.
pub fn scenarios() -> Vec<Scenario> {
    let mut s = with_arexx(Scenario::new("arexx-roles"))
        .watchdog()
        .program("GadgetScope", "GadgetScope")
        .program("BoopsiFixture", "BoopsiFixture")
        .bytes("roles.rexx", SCRIPT.as_bytes().to_vec())
        .line("Run >NIL: BoopsiFixture SCROLLER");
    for l in wait_for_file("boopsi-fixture.ready", "fixture-up") {
        s = s.line(l);
    }
    s = s
        .line("Run >NIL: GadgetScope NOGUI")
        .line("RexxSend PORT=GADGETSCOPE.1 SCRIPT=DH0:roles.rexx OUT=DH0:roles.out WAITPORT=20")
        .line("Echo \"quit\" >DH0:boopsi-fixture.quit");
    for l in wait_for_file("boopsi-fixture.done", "fixture-down") {
        s = s.line(l);
    }
    let s = s
        .check(rcs("roles.out", &[0, 0, 0, 0, 0]))
        .check(Check::Custom(
            "TREE FULL prints Intuition's classes with their roles".into(),
            Box::new(|run| {
                let r = replies(&run.read_text("roles.out")?);
                let tree = &r.first().ok_or("no TREE reply")?.1;
                for want in ROLE_LINES {
                    if !tree.lines().any(|l| l.trim_start().starts_with(want)) {
                        return Err(format!("no line {want:?} in:\n{tree}"));
                    }
                }
                Ok(())
            }),
        ))
        .check(Check::Contains("boopsi-fixture.log".into(), "GADGETUP id=12 ".into()))
        .check(Check::Custom(
            format!("DRAG grabbed each propgclass scroller by its knob: PGA_Top 25 -> at least {DRAGGED_TOP}"),
            Box::new(|run| {
                let log = run.read_text("boopsi-fixture.log")?;
                for id in [16, 14] {
                    match logged_top(&log, id) {
                        Some(top) if top >= DRAGGED_TOP => {}
                        other => return Err(format!("id {id}: PGA_Top {other:?}:\n{log}")),
                    }
                }
                Ok(())
            }),
        ))
        .timeout(Duration::from_secs(90));
    vec![s]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn logged_top_takes_the_last_gadgetup_of_the_id() {
        let log =
            "READY\nGADGETUP id=16 code=0 number=31\nGADGETUP id=14 code=0 number=7\nGADGETUP id=16 code=0 number=60\n";
        assert_eq!(logged_top(log, 16), Some(60));
        assert_eq!(logged_top(log, 14), Some(7));
        assert_eq!(logged_top(log, 12), None);
    }

    #[test]
    fn script_and_rcs_agree() {
        assert_eq!(SCRIPT.lines().count(), 5);
    }
}
