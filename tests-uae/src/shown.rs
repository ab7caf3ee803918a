//! Emulator scenarios of visible text as a locator (`SHOWN`, `SHOWN=`,
//! `AT=`): GadgetScope reads the text drawn in a window's pixels with the
//! system's fonts (docs/reference/text-reader.md).
//!
//! - `text-shown-gadtools`: `SHOWN` of the GadTools demo program lists
//!   the labels GadTools drew (the window's gadgets say nothing of
//!   `PLACETEXT_IN` texts) with their fonts and boxes.

use crate::rexx::{wait_for_file, with_arexx};
use crate::{Check, Scenario};
use std::time::Duration;

/// The script of `text-shown-gadtools`.
const GADTOOLS_SCRIPT: &str = "\
SHOWN \"GadTools Fixture\"
QUIT
";

/// The scenarios, in suite order.
pub fn scenarios() -> Vec<Scenario> {
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
        .check(Check::Contains("shown.out".into(), "  text \"Connect\" font=\"topaz.font\" size=8".into()))
        .timeout(Duration::from_secs(120));
    vec![g]
}
