//! Emulator scenarios of GadgetScope as an ARexx *client* and launcher:
//! the cooperative WHERE port, MUIREXX, LAUNCH and WBLAUNCH.
//! `GadgetScope NOGUI` runs in the foreground of the boot Shell (so its
//! exit, after every reply it was owed, is part of the run); RexxSend,
//! started with `Run`, drives it the way RexxMast would.
//!
//! - `arexx-where`: MANIFEST v2 (CR LF line ends) with `WHEREPORT
//!   WHEREFIX` against the WhereFixture: `WHERE @go` returns the button's `<x> <y> <w> <h>`,
//!   `CLICK @go` / `CLICK @stop` make the fixture log their GADGETUPs,
//!   an unknown name is the application's RC 10, a port that answers
//!   only after TIMEOUT is RC 15 (its late reply is collected, the next
//!   WHERE works, GadgetScope exits RC 0), no port is RC 5.
//! - `arexx-launch`: LAUNCH of UAETool writing a file; WBLAUNCH of UAETool
//!   with its icon and two ARG= projects (UAETool's
//!   Workbench probe reports WBArgs, the tooltypes it reads from its
//!   icon and PROGDIR:);
//!   WBLAUNCH of a missing program RC 10; MUIREXX against a RexxSend echo
//!   host standing in for a MUI application's port (`echo` -> `ECHO.1`).
//!   Three scripts, one after the other: WBLAUNCH once LAUNCH's Shell has
//!   ended (`UAETool WAITCLIS`), the echo host started after WBLAUNCH, so
//!   that it fits the stock A1200 too ([`LAUNCH_CLIENTS`]).
//!
//! - `arexx-files`: the file verbs (FSLIST, FSSTAT, FSGET, FSMKDIR,
//!   FSDELETE) inside `FSROOT=DH0:Stage`, reached also by volume name;
//!   a path outside (also one climbing out with `//`) is RC 10, a missing
//!   one RC 5, a file over FSGET's 65 535 bytes RC 20, FSPUT over ARexx
//!   RC 10, deleting the granted root (locked for the run) RC 20; FSGET's result holds
//!   the file's bytes, NUL included; a start with an FSROOT that does
//!   not exist ends RC 10. `SCREENSHOT TO=` writes the Workbench screen
//!   as an IFF ILBM (size and depth as its reply says, a body of every
//!   row and plane, the boot Shell window's blue title bar and grey
//!   inside where they are); into a directory that is not there RC 20.
//! - `arexx-wblaunch-tooltype`: `WBLAUNCH DH0:Tools/UAETool
//!   TOOLTYPE=MODE=override TOOLTYPE=NEW=2` RC 0; the program reads
//!   `MODE=override`, `KEEP=1`, `NEW=2` from its (scratch) icon and
//!   PROGDIR: is its real directory (that the scratch directory is gone
//!   afterwards is checked with the Shell's `If EXISTS`). The
//!   scratch icon is a byte-level
//!   copy of the .info with only the tooltype block replaced
//!   (`amiga_rt::workbench::replace_tooltypes`): AROS 46's icon.library
//!   refuses `PutDiskObject()` for the icon it just read (RC 20 "writing
//!   the scratch icon", IoErr 0), which stays the fallback for icons that
//!   reading cannot walk (PNG icons).

use crate::rexx::{wait_for_file, with_arexx};
use icons::info::{DiskObject, PlanarImage, WbType};
use std::time::Duration;
use uae_harness::{Check, Scenario};

/// The manifest of `arexx-where`.
pub const WHERE_MANIFEST: &str = "\
MANIFEST 2
APP WhereFixture
WHEREPORT WHEREFIX
WINDOW main \"Where Fixture\"
WHEREGADGET go main
WHEREGADGET stop main
WHEREGADGET late main
WHEREGADGET ghost main
";

/// A manifest whose WHERE port does not exist.
pub const NOBODY_MANIFEST: &str = "\
MANIFEST 2
APP Nobody
WHEREPORT NOBODY.1
WINDOW main \"Where Fixture\"
WHEREGADGET x main
";

/// The script of `arexx-where`, one reply each in `where.out`.
pub const WHERE_SCRIPT: &str = "\
MANIFEST DH0:Where.manifest
WHERE @go
CLICK @go
CLICK @stop
WHERE @ghost
WHERE @late TIMEOUT=1
WAITFOR WINDOW=Nowhere TIMEOUT=3
WHERE @stop
MANIFEST DH0:Nobody.manifest
WHERE @x
QUIT
";

/// The RCs of [`WHERE_SCRIPT`], in order.
pub const WHERE_RCS: [i32; 11] = [0, 0, 0, 0, 10, 15, 15, 0, 0, 5, 0];

/// `arexx-launch`'s first script: LAUNCH.
pub const LAUNCH_SCRIPT: &str = "\
LAUNCH DH0:Tools/UAETool AVAIL FILE=DH0:launched.txt
LAUNCH STACK=8192 DH0:NoSuchProgram
";

/// The RCs of [`LAUNCH_SCRIPT`], in order.
pub const LAUNCH_RCS: [i32; 2] = [0, 0];

/// `arexx-launch`'s second script, once the launched UAETool has ended:
/// WBLAUNCH.
pub const WBLAUNCH_SCRIPT: &str = "\
WBLAUNCH DH0:Tools/UAETool ARG=DH0:Tools ARG=DH0:launch.rexx
LASTERROR
WAITFOR WINDOW=Nowhere TIMEOUT=3
WBLAUNCH DH0:Tools/Missing
";

/// The RCs of [`WBLAUNCH_SCRIPT`], in order.
pub const WBLAUNCH_RCS: [i32; 4] = [0, 0, 15, 10];

/// `arexx-launch`'s third script, once the echo host is up: MUIREXX.
pub const MUIREXX_SCRIPT: &str = "\
MUIREXX echo hello mui
MUIREXX ECHO.1 FAIL
MUIREXX nobody x
MUIREXX echo QUIT
QUIT
";

/// The RCs of [`MUIREXX_SCRIPT`], in order.
pub const MUIREXX_RCS: [i32; 5] = [0, 10, 5, 0, 0];

/// `arexx-launch`'s clients, one after the other in a `Run` Shell (CLI
/// 2; GadgetScope runs in the boot Shell's foreground): LAUNCH; the wait
/// until the Shell LAUNCH started (CLI 3) has ended; WBLAUNCH; the echo
/// host, the wait for its port (its OUT is written once the port is up);
/// MUIREXX. One launched program at a time and the echo host only after
/// them: on the stock A1200 GadgetScope, a sender and two UAETools do not
/// fit (docs/design/harness-notes.md "The small machines").
pub const LAUNCH_CLIENTS: &str = "\
RexxSend PORT=GADGETSCOPE.1 SCRIPT=DH0:launch.rexx OUT=DH0:launch.out WAITPORT=30
DH0:Tools/UAETool WAITCLIS COUNT=2 TIMEOUT=60 >DH0:launched-gone.out
Echo \"$RC\" >DH0:launched-gone.rc
RexxSend PORT=GADGETSCOPE.1 SCRIPT=DH0:wblaunch.rexx OUT=DH0:wblaunch.out
Run >NIL: RexxSend SERVE PORT=ECHO.1 OUT=DH0:echo.log DONE=DH0:echo.done
RexxSend AWAIT=DH0:echo.log WAITPORT=30
RexxSend PORT=GADGETSCOPE.1 SCRIPT=DH0:muirexx.rexx OUT=DH0:muirexx.out DONE=DH0:launch.sent
";

/// A Workbench icon for a scenario (a 16×8 frame as its image), encoded
/// by the icons crate as the shipped icons are: `kind` Tool or Project,
/// `default_tool` for a project, its tooltypes and stack (bytes).
pub fn icon(kind: WbType, default_tool: Option<&str>, tooltypes: &[&str], stack: u32) -> Vec<u8> {
    let pens = (0..8).flat_map(|y| (0..16).map(move |x| u8::from(y == 0 || y == 7 || x == 0 || x == 15))).collect();
    let object = DiskObject {
        kind,
        image: PlanarImage { width: 16, height: 8, depth: 2, pens },
        selected: None,
        default_tool: default_tool.map(str::to_string),
        tool_types: tooltypes.iter().map(|t| t.to_string()).collect(),
        stack_size: stack,
        drawer: None,
        glow: None,
    };
    icons::info::encode(&object).expect("a scenario icon encodes")
}

/// A tool icon with these tooltypes and stack (bytes).
pub fn tool_icon(tooltypes: &[&str], stack: u32) -> Vec<u8> {
    icon(WbType::Tool, None, tooltypes, stack)
}

/// The RCs RexxSend wrote, in order.
/// The scenarios.
pub fn scenarios() -> Vec<Scenario> {
    let mut w = with_arexx(Scenario::new("arexx-where"))
        .program("GadgetScope", "GadgetScope")
        .program("WhereFixture", "WhereFixture")
        // With CR LF line ends, as an editor on another system saves it.
        .bytes("Where.manifest", WHERE_MANIFEST.replace('\n', "\r\n").into_bytes())
        .bytes("Nobody.manifest", NOBODY_MANIFEST.as_bytes().to_vec())
        .bytes("where.rexx", WHERE_SCRIPT.as_bytes().to_vec())
        .line("Run >NIL: WhereFixture");
    w = wait_for_file(w, "where-fixture.ready", 30);
    w = w
        .line("Run >NIL: RexxSend PORT=GADGETSCOPE.1 SCRIPT=DH0:where.rexx OUT=DH0:where.out WAITPORT=30 DONE=DH0:where.sent")
        // In the foreground: returns after QUIT and every owed reply.
        .capture("GadgetScope NOGUI", "gadgetscope");
    w = wait_for_file(w, "where.sent", 30);
    w = w.screenshot("clicked").line("Echo \"quit\" >DH0:where-fixture.quit");
    w = wait_for_file(w, "where-fixture.done", 30)
        .check(Check::Rc("gadgetscope".into(), 0))
        .check(Check::Custom(
            "RCs and results of where.rexx".into(),
            Box::new(|run| {
                let text = run.read_text("where.out")?;
                if crate::rexx::rc_list(&text) != WHERE_RCS {
                    return Err(format!("RCs {:?}, want {:?}:\n{text}", crate::rexx::rc_list(&text), WHERE_RCS));
                }
                // WHERE @go: "<x> <y> 90 16", window-relative with borders.
                let geo: Vec<&str> =
                    text.lines().filter_map(|l| l.strip_prefix("RESULT ")).filter(|r| r.ends_with(" 90 16")).collect();
                if geo.len() != 2 {
                    return Err(format!("two WHERE results \"<x> <y> 90 16\" expected:\n{text}"));
                }
                let nums = |s: &str| s.split(' ').map(|n| n.parse::<i32>()).collect::<Result<Vec<_>, _>>();
                let (go, stop) = (nums(geo[0]).map_err(|e| e.to_string())?, nums(geo[1]).map_err(|e| e.to_string())?);
                // stop is 110,20 right/below of go (fixture layout).
                if stop[0] - go[0] != 110 || stop[1] - go[1] != 20 || go[0] < 10 || go[1] < 10 {
                    return Err(format!("geometries {go:?} {stop:?}"));
                }
                if !text.contains("RESULT loaded WhereFixture: 1 windows, 4 gadgets") {
                    return Err(format!("MANIFEST result:\n{text}"));
                }
                Ok(())
            }),
        ))
        .check(Check::Custom(
            "the fixture answered WHERE and logged both clicks and the late reply".into(),
            Box::new(|run| {
                let log = run.read_text("where-fixture.log")?;
                let want = [
                    "WHERE go rc=0 ",
                    "GADGETUP id=1 ",
                    "GADGETUP id=2 ",
                    "WHERE ghost rc=10",
                    "HELD WHERE late",
                    "WHERE late rc=0 ",
                    "QUIT reason=file",
                ];
                let mut at = 0;
                for needle in want {
                    match log[at..].find(needle) {
                        Some(i) => at += i + needle.len(),
                        None => return Err(format!("no {needle:?} (in this order) in:\n{log}")),
                    }
                }
                Ok(())
            }),
        ))
        .timeout(Duration::from_secs(120));

    let mut l = with_arexx(Scenario::new("arexx-launch"))
        .program("GadgetScope", "GadgetScope")
        .program("Tools/UAETool", "UAETool")
        .bytes("Tools/UAETool.info", tool_icon(&["MODE=icon", "KEEP=1"], 16384))
        .bytes("launch.rexx", LAUNCH_SCRIPT.as_bytes().to_vec())
        .bytes("wblaunch.rexx", WBLAUNCH_SCRIPT.as_bytes().to_vec())
        .bytes("muirexx.rexx", MUIREXX_SCRIPT.as_bytes().to_vec())
        .bytes("clients", LAUNCH_CLIENTS.as_bytes().to_vec())
        .line("Run >NIL: Execute DH0:clients")
        .capture("GadgetScope NOGUI", "gadgetscope");
    l = wait_for_file(l, "launch.sent", 30);
    l = wait_for_file(l, "echo.done", 30);
    l = l
        .check(Check::Rc("gadgetscope".into(), 0))
        .check(Check::Rc("launched-gone".into(), 0))
        .check(Check::Custom(
            "RCs and results of launch.rexx, wblaunch.rexx and muirexx.rexx".into(),
            Box::new(|run| {
                let mut text = String::new();
                for (out, want) in
                    [("launch.out", &LAUNCH_RCS[..]), ("wblaunch.out", &WBLAUNCH_RCS[..]), ("muirexx.out", &MUIREXX_RCS[..])]
                {
                    let t = run.read_text(out)?;
                    if crate::rexx::rc_list(&t) != want {
                        return Err(format!("{out}: RCs {:?}, want {want:?}:\n{t}", crate::rexx::rc_list(&t)));
                    }
                    text.push_str(&t);
                }
                for needle in ["RESULT launched\n", "RESULT HELLO MUI\n", "RESULT BYE\n"] {
                    if !text.contains(needle) {
                        return Err(format!("no {needle:?} in:\n{text}"));
                    }
                }
                Ok(())
            }),
        ))
        .check(Check::Custom(
            "LAUNCH ran UAETool AVAIL".into(),
            Box::new(|run| {
                let t = run.read_text("launched.txt")?;
                t.trim().parse::<u64>().map(|_| ()).map_err(|e| format!("launched.txt {t:?}: {e}"))
            }),
        ))
        .check(Check::Equals(
            "wbprobe".into(),
            b"WBStartup numargs=3 name=UAETool\nARG 1 name=Tools\nARG 2 name=launch.rexx\nTOOLTYPE MODE=icon\nTOOLTYPE KEEP=1\nPROGDIR yes\n".to_vec(),
        ))
        .check(Check::Contains("echo.log".into(), "CMD hello mui RESULT=1\nCMD FAIL RESULT=1\nCMD QUIT RESULT=1\n".into()))
        .timeout(Duration::from_secs(120));
    // GadgetScope runs in the foreground: after QUIT it waits for the
    // launched program's reply, which removes the scratch icon, and only
    // then exits, so the next script line can look for the scratch
    // directory (this boot has no T:, so it is in RAM:).
    let t = with_arexx(Scenario::new("arexx-wblaunch-tooltype"))
        .program("GadgetScope", "GadgetScope")
        .program("Tools/UAETool", "UAETool")
        .bytes("Tools/UAETool.info", tool_icon(&["MODE=icon", "KEEP=1"], 16384))
        .bytes("tt.rexx", format!("{TOOLTYPE_SCRIPT}QUIT\n").into_bytes())
        .line("Run >NIL: RexxSend PORT=GADGETSCOPE.1 SCRIPT=DH0:tt.rexx OUT=DH0:tt.out WAITPORT=30 DONE=DH0:tt.sent")
        .capture("GadgetScope NOGUI", "gadgetscope")
        .line("If EXISTS RAM:GadgetScope-launch-1")
        .line("  Echo \"left\" >DH0:scratch.txt")
        .line("Else")
        .line("  Echo \"removed\" >DH0:scratch.txt")
        .line("EndIf");
    let tooltype = wait_for_file(t, "tt.sent", 30)
        .check(Check::Rc("gadgetscope".into(), 0))
        .check(Check::Custom(
            "WBLAUNCH TOOLTYPE= RC 0 and QUIT RC 0".into(),
            Box::new(|run| {
                let a = run.read_text("tt.out")?;
                if crate::rexx::rc_list(&a) == [0, 0] {
                    Ok(())
                } else {
                    Err(format!("tt.out:\n{a}"))
                }
            }),
        ))
        .check(Check::Equals(
            "wbprobe".into(),
            b"WBStartup numargs=1 name=UAETool\nTOOLTYPE MODE=override\nTOOLTYPE KEEP=1\nTOOLTYPE NEW=2\nPROGDIR yes\n"
                .to_vec(),
        ))
        .check(Check::Equals("scratch.txt".into(), b"removed\n".to_vec()))
        .timeout(Duration::from_secs(120));
    vec![w, l, tooltype, files()]
}

/// The script of `arexx-files`, one reply each in `files.out`.
pub const FILES_SCRIPT: &str = "\
FSLIST DH0:Stage
FSSTAT \"hd:Stage/a file.txt\"
FSGET \"DH0:Stage/a file.txt\"
FSMKDIR DH0:Stage/run3
FSLIST DH0:Stage/run3
FSDELETE DH0:Stage/run3
FSLIST DH0:Other
LASTERROR
FSGET DH0:Stage//Other/secret
LASTERROR
FSSTAT DH0:Stage/nothing
LASTERROR
FSGET DH0:Stage/big
LASTERROR
FSPUT DH0:Stage/new 3
LASTERROR
FSDELETE DH0:Stage
LASTERROR
FSMKDIR loose
LASTERROR
SCREENSHOT TO=DH0:shot.iff
SCREENSHOT WINDOW=AROS TO=DH0:Stage/none/shot.iff
LASTERROR
QUIT
";

/// The RCs of [`FILES_SCRIPT`], in order (each failure is followed by its
/// LASTERROR, RC 0).
pub const FILES_RCS: [i32; 24] = [0, 0, 0, 0, 0, 0, 10, 0, 10, 0, 5, 0, 20, 0, 10, 0, 20, 0, 10, 0, 0, 20, 0, 0];

/// `arexx-files`: the file verbs in `FSROOT=DH0:Stage` (reached also
/// through the volume's name, `hd:`), and a start whose FSROOT does not
/// exist.
fn files() -> Scenario {
    let f = with_arexx(Scenario::new("arexx-files"))
        .program("GadgetScope", "GadgetScope")
        .bytes("Stage/a file.txt", b"hello\0\"world\"\n".to_vec())
        .bytes("Stage/big", vec![b'x'; 65_536])
        .bytes("Other/secret", b"no".to_vec())
        .bytes("files.rexx", FILES_SCRIPT.as_bytes().to_vec())
        .capture("GadgetScope NOGUI FSROOT=DH0:Nowhere", "noroot")
        .line("Run >NIL: RexxSend PORT=GADGETSCOPE.1 SCRIPT=DH0:files.rexx OUT=DH0:files.out WAITPORT=30 DONE=DH0:files.sent")
        .capture("GadgetScope NOGUI FSROOT=DH0:Stage", "gadgetscope");
    wait_for_file(f, "files.sent", 30)
        .check(Check::Rc("noroot".into(), 10))
        .check(Check::Contains("noroot.out".into(), "GadgetScope: FSROOT DH0:Nowhere: object not found".into()))
        .check(Check::Rc("gadgetscope".into(), 0))
        .check(Check::Custom(
            "RCs and results of files.rexx".into(),
            Box::new(|run| {
                let text = run.read_text("files.out")?;
                if crate::rexx::rc_list(&text) != FILES_RCS {
                    return Err(format!("RCs {:?}, want {:?}:\n{text}", crate::rexx::rc_list(&text), FILES_RCS));
                }
                let want = [
                    "entry name=\"a file.txt\" type=file size=14 prot=rwed date=\"",
                    "entry name=\"big\" type=file size=65536 prot=rwed",
                    "DH0:Other is outside the granted FSROOT directories (DH0:Stage)",
                    "DH0:Stage//Other/secret is outside the granted FSROOT directories (DH0:Stage)",
                    "DH0:Stage/nothing: object not found",
                    "DH0:Stage/big is larger than 65535 bytes (FSGET's limit)",
                    "FSPUT takes its data on the wire (TCP or serial)",
                    "loose needs its directory",
                    // A granted root stays locked for the run.
                    "DH0:Stage: object is in use",
                    "DH0:Stage/none/shot.iff: object not found",
                ];
                match want.iter().find(|w| !text.contains(*w)) {
                    Some(w) => Err(format!("no {w:?} in:\n{text}")),
                    None => Ok(()),
                }
            }),
        ))
        .check(Check::Custom(
            "FSGET returned the file's bytes, NUL and quotes included".into(),
            Box::new(|run| {
                let out = run.read("files.out")?;
                let want: &[u8] = b"RESULT\nhello\0\"world\"\n.\n";
                if out.windows(want.len()).any(|w| w == want) {
                    Ok(())
                } else {
                    Err(format!("files.out:\n{}", String::from_utf8_lossy(&out)))
                }
            }),
        ))
        .check(Check::Custom(
            "SCREENSHOT TO= wrote an ILBM of the Workbench screen, as its reply says".into(),
            Box::new(|run| {
                let text = run.read_text("files.out")?;
                let iff = run.read("shot.iff")?;
                let be16 = |at: usize| u16::from_be_bytes([iff[at], iff[at + 1]]);
                if iff.len() < 48 || &iff[..4] != b"FORM" || &iff[8..16] != b"ILBMBMHD" {
                    return Err(format!("not an ILBM: {} bytes", iff.len()));
                }
                let (w, h, depth) = (be16(20), be16(22), iff[28]);
                if !text.contains(&format!("RESULT {w} {h} {depth}")) || (w, h) != (640, 256) {
                    return Err(format!("BMHD {w}x{h}x{depth}, replies:\n{text}"));
                }
                let body = iff.windows(4).position(|c| c == b"BODY").ok_or("no BODY")? + 8;
                let row = usize::from(w).div_ceil(16) * 2 * usize::from(depth);
                if iff.len() - body != row * usize::from(h) {
                    return Err(format!("BODY of {} bytes, want {}", iff.len() - body, row * usize::from(h)));
                }
                // What the screen shows: the boot Shell's window "AROS" covers
                // it, its title bar (row 5, right of the title text) in the
                // screen's fill colour, its inside in the background colour.
                let depth = usize::from(depth);
                let pen = |x: usize, y: usize| {
                    (0..depth).fold(0usize, |p, pl| {
                        let byte = iff[body + (y * depth + pl) * (row / depth) + x / 8];
                        p | usize::from(byte & (0x80 >> (x % 8)) != 0) << pl
                    })
                };
                let cmap = iff.windows(4).position(|c| c == b"CMAP").ok_or("no CMAP")? + 8;
                let rgb = |p: usize| iff[cmap + 3 * p..cmap + 3 * p + 3].to_vec();
                let bar: Vec<usize> = (80..600).map(|x| pen(x, 5)).collect();
                let inside: Vec<usize> = (80..600).map(|x| pen(x, 200)).collect();
                if bar.iter().any(|&p| p != bar[0]) || inside.iter().any(|&p| p != inside[0]) || bar[0] == inside[0] {
                    return Err(format!("title bar pens {bar:?}, inside pens {inside:?}"));
                }
                if rgb(bar[0]) != [0x66, 0x88, 0xbb] || rgb(inside[0]) != [0x99, 0x99, 0x99] {
                    return Err(format!("title bar {:02x?}, inside {:02x?}", rgb(bar[0]), rgb(inside[0])));
                }
                Ok(())
            }),
        ))
        .timeout(Duration::from_secs(120))
}

/// The script of `arexx-wblaunch-tooltype`: one override of an existing
/// tooltype and one new entry, through a scratch copy of the icon.
pub const TOOLTYPE_SCRIPT: &str = "WBLAUNCH DH0:Tools/UAETool TOOLTYPE=MODE=override TOOLTYPE=NEW=2\n";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scenario_icons_decode_as_written() {
        let d = icons::info::decode(&tool_icon(&["A=1"], 4096)).unwrap();
        assert_eq!(
            (d.kind, d.stack_size, d.tool_types.as_slice()),
            (WbType::Tool as u8, 4096, &["A=1".to_string()][..])
        );
        let d = icons::info::decode(&icon(WbType::Project, Some("DH0:X"), &[], 8192)).unwrap();
        assert_eq!((d.kind, d.default_tool.as_deref()), (WbType::Project as u8, Some("DH0:X")));
        assert!(d.tool_types.is_empty());
    }

    #[test]
    fn scripts_and_rcs_agree() {
        assert_eq!(WHERE_SCRIPT.lines().count(), WHERE_RCS.len());
        assert_eq!(LAUNCH_SCRIPT.lines().count(), LAUNCH_RCS.len());
        assert_eq!(WBLAUNCH_SCRIPT.lines().count(), WBLAUNCH_RCS.len());
        assert_eq!(MUIREXX_SCRIPT.lines().count(), MUIREXX_RCS.len());
        assert_eq!(FILES_SCRIPT.lines().count(), FILES_RCS.len());
        assert_eq!(crate::rexx::rc_list("RC 0\nRESULT x\nRC 15\n"), [0, 15]);
    }
}
