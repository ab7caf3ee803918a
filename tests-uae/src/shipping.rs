//! Emulator scenarios of the distribution:
//!
//! - `icons-getdiskobject`: every `.info` the icons crate writes is loaded
//!   with icon.library `GetDiskObject()` on the AROS ROM (icon.library
//!   44.4) by the test fixture IconProbe (`fixtures/iconprobe`); do_Magic,
//!   do_Version, do_Type, do_DefaultTool, do_ToolTypes, do_StackSize and
//!   the gadget size must be what the encoder was asked to write.
//! - `dist-start`: the distribution drawer as `cargo xtask dist` lays it
//!   out is staged onto `DH0:` (`DH0:GadgetScope/…` and the drawer icon
//!   `DH0:GadgetScope.info` beside it); the program is started from it:
//!   `GadgetScope VERSION`, then `GadgetScope` with its window, which
//!   loads its part `GadgetScope.window` from the drawer: over ARexx
//!   (the RexxSend fixture) it answers `VERSION`, its window opens
//!   (`WAITFOR WINDOW=GadgetScope`) and `TREE` lists its gadgets
//!   (screenshot `window`), then it quits (`QUIT`); IconProbe reads the
//!   icons in their distribution places.
//!
//! - `adf-a500`, `adf-a1200`: the floppy `cargo xtask dist` makes, in DF1:
//!   of an expanded A500 (68000) and of the A1200: the commands of its
//!   `S/Startup-Sequence` are run; its `GadgetScope VERSION` refuses the
//!   68000 with one line and RC 20, and prints the version on the 68020.
//!
//! - `wb-icons`: the same drawer on the Workbench. The ROM has no
//!   Workbench, but it has AROS's Workbook 1.0 (a resident `Workbook`
//!   command, see docs/design/harness-notes.md "Workbook"): GadgetScope is started
//!   iconified from the drawer (`STARTUP=ICONIFIED`, its AppIcon through
//!   workbench.library), then Workbook; InputTool double-clicks the `hd`
//!   volume icon and, in the `hd:` window, the drawer icon; the drawer
//!   window `hd:GadgetScope` opens where the drawer icon's DrawerData puts
//!   it and shows the program, guide and Installer icons (screenshots
//!   `desktop`, `icons`). The iconified GadgetScope answers WAITFOR/TREE
//!   over ARexx meanwhile and quits at the end.
//!   **Not registered** (see [`unregistered`]): the root and `hd:` windows
//!   are waited for and clicked reliably (`UAETool WAITICONS`), but after
//!   the drawer double-click the `hd:GadgetScope` window did not appear
//!   within 60 emulated seconds in one run and within about two wall
//!   minutes in the next (Workbook busy or waiting on something not yet
//!   identified; in the first run it appeared only after GadgetScope had
//!   quit and removed its AppIcon).
//!
//! What this cannot show: locale.library is not in the AROS ROM (scenario
//! `rom-libraries`), so the catalogs in `DH0:GadgetScope/Catalogs/` are
//! staged but never opened: the program's `OpenCatalogA()` path
//! (gadgetscope-window `strings`) falls back to the built-in English. The
//! GlowIcon part of each icon is not looked at by these checks (AROS
//! reads it, but `struct DiskObject` does not expose it).

use crate::rexx::with_arexx;
use std::time::Duration;
use uae_harness::{Check, RunDir, Scenario};

/// The icons of `icons-getdiskobject`: every icon the icons crate writes
/// (built as the artefact `icons`), staged as `DH0:Icons/<file>`: (Amiga
/// name without `.info`, what it was made from).
pub fn all_icons() -> Vec<(String, &'static icons::IconSpec)> {
    icons::ICONS.iter().map(|s| (format!("Icons/{}", s.file.trim_end_matches(".info")), s)).collect()
}

/// The icons of the distribution drawer (the artefact `dist`, laid out as
/// `cargo xtask dist` lays it out) in their places ([`icons::PLACES`]).
pub fn dist_icons() -> Vec<(String, &'static icons::IconSpec)> {
    icons::PLACES
        .iter()
        .filter_map(|(file, place)| {
            let spec = icons::ICONS.iter().find(|s| s.file == *file)?;
            Some((place.trim_end_matches(".info").to_string(), spec))
        })
        .collect()
}

/// The block IconProbe writes (`fixtures/iconprobe`) for an icon made
/// from `spec`, as `GetDiskObject()` must read it: `do_Type`,
/// `do_DefaultTool`, `do_ToolTypes`, `do_StackSize` from the spec, the
/// gadget size decoded from the staged `.info` itself.
pub fn expected_block(amiga_name: &str, spec: &icons::IconSpec, info: &[u8]) -> Result<String, String> {
    let d = icons::info::decode(info).map_err(|e| format!("{amiga_name}.info: {e}"))?;
    let mut s = format!(
        "icon DH0:{amiga_name}\nmagic=e310 version=1 type={} stack={} size={}x{}\ntool=\"{}\"\n",
        spec.kind as u8,
        spec.stack_size,
        d.gadget_size.0,
        d.gadget_size.1,
        spec.default_tool.unwrap_or("")
    );
    for t in spec.tool_types {
        s.push_str(&format!("tooltype=\"{t}\"\n"));
    }
    s.push_str("end\n");
    Ok(s)
}

/// A check that IconProbe's output equals the expected blocks of the
/// staged icons.
fn icons_read_back(file: &'static str, icons: Vec<(String, &'static icons::IconSpec)>) -> Check {
    Check::Custom(
        format!("GetDiskObject() of every icon ({file})"),
        Box::new(move |run: &RunDir| {
            let got = run.read_text(file)?;
            let mut want = String::new();
            for (name, spec) in &icons {
                want.push_str(&expected_block(name, spec, &run.read(&format!("{name}.info"))?)?);
            }
            if got == want {
                Ok(())
            } else {
                Err(format!("expected:\n{want}\ngot:\n{got}"))
            }
        }),
    )
}

fn probe_line(out: &str, icons: &[(String, &icons::IconSpec)]) -> String {
    let names: Vec<String> = icons.iter().map(|(n, _)| format!("DH0:{n}")).collect();
    format!("IconProbe OUT=DH0:{out} {}", names.join(" "))
}

/// Stages the distribution drawer and its icon (the artefact `dist`).
fn with_dist(s: Scenario) -> Scenario {
    s.program("GadgetScope.info", "dist/GadgetScope.info").program("GadgetScope", "dist/GadgetScope")
}

/// The ARexx lines sent to the program started from the drawer with its
/// window: its version, its window open and listed.
pub const SHIP_SCRIPT: &str = "VERSION\nWAITFOR WINDOW=GadgetScope TIMEOUT=30\nTREE GadgetScope\n";

/// … and then it quits.
pub const SHIP_QUIT: &str = "QUIT\n";

/// `wb-icons`: ARexx lines for the iconified GadgetScope while Workbook
/// opens the windows (one file per step; each waits for its window).
pub const WB_ROOT_SCRIPT: &str = "WAITFOR WINDOW=hd: TIMEOUT=60\nTREE hd:\n";
pub const WB_DRAWER_SCRIPT: &str = "WAITFOR WINDOW=hd:GadgetScope TIMEOUT=60\nTREE hd:GadgetScope\nQUIT\n";

/// `UAETool WAITICONS` for a Workbook window: its icon area and both
/// scrollers sized, i.e. Workbook has read the drawer, laid the icons out
/// and refreshed the gadgets (see the fixture's doc). `None`: the
/// untitled backdrop root window (only its icon area counts there).
///
/// The timeout is in emulated seconds, and FS-UAE runs in warp mode: while
/// Workbook waits for the host directory drive (one packet per file and
/// icon), emulated time races ahead of the wall clock, so 60 emulated
/// seconds were not enough on this loaded host (run 1: `wait-drawer` timed
/// out, the drawer window appeared later). 1200 s here; the scenario's
/// wall-clock timeout is the real bound.
fn wait_icons(window: Option<&str>) -> String {
    match window {
        Some(t) => format!("C:UAETool WAITICONS WINDOW={t} COUNT=3 TIMEOUT=1200"),
        None => "C:UAETool WAITICONS COUNT=1 TIMEOUT=1200".to_string(),
    }
}

/// Where `wb-icons` double-clicks (screen coordinates, 640x256 Workbench
/// screen). Workbook 1.0 lays the root window's icons out in a row from
/// the left, one slot per icon: GadgetScope's AppIcon (added before
/// Workbook started, drawn blank), the volumes `ENV`, `hd`, `RAM Disk`.
pub const HD_ICON: (i32, i32) = (94, 30);
/// The drawer icon, first icon of the `hd:` window (opened at 50,50).
pub const DRAWER_ICON: (i32, i32) = (96, 78);

fn wb_icons() -> Scenario {
    let mut s = with_arexx(Scenario::new("wb-icons"))
        .program("C/InputTool", "InputTool")
        .program("C/UAETool", "UAETool")
        .bytes("root.rexx", WB_ROOT_SCRIPT.as_bytes().to_vec())
        .bytes("drawer.rexx", WB_DRAWER_SCRIPT.as_bytes().to_vec())
        .bytes("version.rexx", b"VERSION\n".to_vec())
        // ENV: (icon.library looks for ENV:Sys/def_*.info; without an ENV:
        // Workbook stops in a "Please insert volume ENV" requester): a
        // second FS-UAE directory drive labelled ENV. The relative path is
        // resolved against FS-UAE's working directory, the run directory.
        .bytes("Env/Sys/README", b"ENV: for the wb-icons scenario (FS-UAE hard_drive_1)\n".to_vec())
        .config("hard_drive_1", "hd/Env")
        .config("hard_drive_1_label", "ENV");
    s = with_dist(s);
    let click =
        |s: Scenario, (x, y): (i32, i32), tag: &str| s.capture(&format!("C:InputTool DOUBLECLICK X={x} Y={y}"), tag);
    // The boot Shell fills the screen: open its console (Echo), shrink it
    // and move it to the bottom right, out of the icons' way.
    s = s
        .line("Echo \"GadgetScope on Workbook\"")
        .line("C:InputTool WINDOWSIZE WINDOW=0,0,640,256 BOX=627,243,14,14 W=400 H=90")
        .line("C:InputTool WINDOWMOVE WINDOW=0,0,400,90 BOX=0,0,400,15 DX=240 DY=166")
        .line("CD DH0:GadgetScope")
        .line("Run >NIL: GadgetScope STARTUP=ICONIFIED")
        .line("CD DH0:")
        .capture("RexxSend PORT=GADGETSCOPE.1 SCRIPT=DH0:version.rexx OUT=DH0:version.txt WAITPORT=30", "port")
        .line("Run >NIL: Workbook")
        // The root window (untitled backdrop) with its volume icons laid out.
        .capture(&wait_icons(None), "wait-root")
        .screenshot("desktop");
    s = click(s, HD_ICON, "click-hd");
    // A Workbook window exists before Workbook has read the drawer and
    // laid out its icons (its gadgets are still 0x0 then, and a
    // double-click hits nothing): wait for the layout, not for the window.
    s = s.capture(&wait_icons(Some("hd:")), "wait-hd");
    s = s.capture("RexxSend PORT=GADGETSCOPE.1 SCRIPT=DH0:root.rexx OUT=DH0:root.txt", "root");
    s = click(s, DRAWER_ICON, "click-drawer");
    s = s
        .capture(&wait_icons(Some("hd:GadgetScope")), "wait-drawer")
        .capture("RexxSend PORT=GADGETSCOPE.1 SCRIPT=DH0:drawer.rexx OUT=DH0:drawer.txt", "drawer")
        .screenshot("icons");
    let reply = |file: &'static str, want: &'static str| {
        Check::Custom(
            format!("{file} shows {want:?}"),
            Box::new(move |run: &RunDir| {
                let text = run.read_text(file)?;
                if text.starts_with("RC 0\n") && text.contains(want) {
                    Ok(())
                } else {
                    Err(format!("replies:\n{text}"))
                }
            }),
        )
    };
    s.check(Check::Rc("port".into(), 0))
        .check(Check::Rc("wait-root".into(), 0))
        .check(Check::Rc("wait-hd".into(), 0))
        .check(Check::Rc("wait-drawer".into(), 0))
        .check(Check::Rc("click-hd".into(), 0))
        .check(Check::Rc("click-drawer".into(), 0))
        .check(Check::Rc("root".into(), 0))
        .check(Check::Rc("drawer".into(), 0))
        // Workbook's default window for a volume without a Disk.info.
        .check(reply("root.txt", "window \"hd:\" screen=\"Workbench Screen\" [50,50 400x150]\n"))
        // The drawer window where GadgetScope.info's DrawerData puts it.
        .check(reply("drawer.txt", "window \"hd:GadgetScope\" screen=\"Workbench Screen\" [60,40 360x140]"))
        // Three 60 s condition waits and two 60 s WAITFORs at most, plus
        // boot and the program loads on a loaded host.
        .timeout(Duration::from_secs(420))
}

/// The scenarios.
pub fn scenarios() -> Vec<Scenario> {
    let mut icons = Scenario::new("icons-getdiskobject").program("IconProbe", "IconProbe");
    for (name, spec) in all_icons() {
        icons = icons.program(format!("{name}.info"), format!("icons/{}", spec.file));
    }
    let icons = icons
        .capture(&probe_line("icons.txt", &all_icons()), "probe")
        .check(Check::Rc("probe".into(), 0))
        .check(icons_read_back("icons.txt", all_icons()));

    let dist = with_arexx(Scenario::new("dist-start"))
        .program("IconProbe", "IconProbe")
        .bytes("ship.rexx", SHIP_SCRIPT.as_bytes().to_vec())
        .bytes("quit.rexx", SHIP_QUIT.as_bytes().to_vec());
    let dist = with_dist(dist);
    let version = env!("CARGO_PKG_VERSION");
    let dist = dist
        .capture("DH0:GadgetScope/GadgetScope VERSION", "version")
        .line("CD DH0:GadgetScope")
        .line("Run >NIL: GadgetScope")
        .line("CD DH0:")
        .capture("RexxSend PORT=GADGETSCOPE.1 SCRIPT=DH0:ship.rexx OUT=DH0:ship.out WAITPORT=20", "send")
        .screenshot("window")
        .capture("RexxSend PORT=GADGETSCOPE.1 SCRIPT=DH0:quit.rexx OUT=DH0:quit.txt WAITPORT=20", "quit")
        .capture(&probe_line("dist-icons.txt", &dist_icons()), "probe")
        .check(Check::Rc("version".into(), 0))
        .check(Check::Equals("version.out".into(), format!("GadgetScope {version} (30.11.2026)\n").into_bytes()))
        .check(Check::Rc("send".into(), 0))
        .check(Check::Custom(
            "GadgetScope started from the drawer answers VERSION and opens its window (its part loaded)".into(),
            Box::new(move |run| {
                let text = run.read_text("ship.out")?;
                let want_head = "RC 0\nRESULT\nAMIPILOT 1.1 PROTOCOL 1\nSTABLE ";
                // WAITFOR's RC 0, then TREE lists the window and its Refresh button.
                let tree = "\n.\nRC 0\nRC 0\nRESULT\nwindow \"GadgetScope\" screen=\"Workbench Screen\" [";
                if !text.starts_with(want_head)
                    || !text.contains(&format!("\nSERVER GadgetScope {version}\n"))
                    || !text.contains(tree)
                    || !text.contains("\n  gadget id=1 role=button ")
                {
                    return Err(format!("replies:\n{text}"));
                }
                Ok(())
            }),
        ))
        .check(Check::Rc("quit".into(), 0))
        .check(Check::Equals("quit.txt".into(), b"RC 0\n".to_vec()))
        .check(Check::Rc("probe".into(), 0))
        .check(icons_read_back("dist-icons.txt", dist_icons()))
        .timeout(Duration::from_secs(120));
    let a500 = adf_startup("adf-a500", uae_harness::Model::A500, "GadgetScope needs a 68020 or better\n".into(), 20);
    let a1200 = adf_startup("adf-a1200", uae_harness::Model::A1200, format!("GadgetScope {version} (30.11.2026)\n"), 0);
    // `wb-icons` is not registered: its drawer double-click did not open the
    // `hd:GadgetScope` window while the test waited (see wb_icons' doc).
    vec![icons, dist, a500, a1200]
}

/// The distribution floppy in DF1: (DF0: would boot before the harness's
/// drive) on `model`, its `S/Startup-Sequence` ([`installer::ADF_STARTUP`],
/// what `cargo xtask dist` writes there) run command by command as a
/// user booting it would see it (the ROM's `Execute` answers "object not
/// found" for any script, so the lines are replayed in the harness's Shell,
/// each output appended to `adf.out`); its last command, `GadgetScope
/// VERSION` from the floppy, prints `want` and returns `rc`.
fn adf_startup(name: &str, model: uae_harness::Model, want: String, rc: i32) -> Scenario {
    let mut s = Scenario::new(name).model(model).config_built("floppy_drive_1", "dist/GadgetScope.adf");
    let commands: Vec<&str> =
        installer::ADF_STARTUP.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with(';')).collect();
    for c in &commands {
        s = s.line(format!("{c} >>DH0:adf.out"));
    }
    s.line("Echo \"$RC\" >DH0:adf.rc")
        .line("CD DH0:")
        .check(Check::Contains("adf.out".into(), "GadgetScope.install in the GadgetScope drawer".into()))
        .check(Check::Custom(
            format!("the floppy's last command prints {want:?}"),
            Box::new(move |run| {
                let text = run.read_text("adf.out")?;
                if text.ends_with(&want) {
                    Ok(())
                } else {
                    Err(format!("adf.out: {text:?}"))
                }
            }),
        ))
        .check(Check::Rc("adf".into(), rc))
        .timeout(Duration::from_secs(120))
}

/// Scenarios written but not registered (they do not pass reliably yet);
/// kept compiling so that they can be taken up again.
pub fn unregistered() -> Vec<Scenario> {
    vec![wb_icons()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expected_block_matches_the_fixture_format() {
        let spec = icons::ICONS.iter().find(|s| s.file == "GadgetScope.info").unwrap();
        let art = crate::workspace_root().join("icons/art");
        let info = icons::info::encode(&icons::disk_object(spec, &art).unwrap()).unwrap();
        let block = expected_block("Icons/GadgetScope", spec, &info).unwrap();
        let head =
            format!("icon DH0:Icons/GadgetScope\nmagic=e310 version=1 type=3 stack={} size=", icons::GADGETSCOPE_STACK);
        assert!(block.starts_with(&head), "{block}");
        assert!(block.contains("\ntool=\"\"\ntooltype=\"PORTNAME=GADGETSCOPE.1\"\n"), "{block}");
        assert!(block.ends_with("\nend\n"));
        assert_eq!(dist_icons().len(), icons::PLACES.len());
    }
}
