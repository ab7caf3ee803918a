//! Emulator scenarios of the action engine: real
//! input.device events from `InputTool` (tests-uae/fixtures/inputtool),
//! which plays gadgetscope-core's `input` sequences through amiga-rt's
//! `input::InputDevice`, checked with `GadgetScope TREE` and files the
//! driven programs write. Geometry comes from the TREE text of the AROS
//! boot Shell window (tests-uae/golden/aros-shell-window.full.tree).

use uae_harness::{Check, Scenario};

/// A check that the first line of a captured TREE is this window header.
fn header(tag: &str, line: &str) -> Check {
    let (file, want) = (format!("{tag}.out"), line.to_string());
    Check::Custom(
        format!("{file} starts with {want:?}"),
        Box::new(move |run| {
            let t = run.read_text(&file)?;
            let first = t.lines().next().unwrap_or("");
            if first == want {
                Ok(())
            } else {
                Err(format!("{file}: first line {first:?}, expected {want:?}"))
            }
        }),
    )
}

/// The action scenarios.
pub fn scenarios() -> Vec<Scenario> {
    vec![
        // WINDOWSIZE then WINDOWMOVE on the boot Shell window (it fills the
        // screen, so it is shrunk first): the sizing gadget [627,243 14x14]
        // dragged by (-200,-100), then the drag bar of the 440x156 window
        // dragged by (100,50). TREE shows the new geometry each time.
        Scenario::new("actions-window")
            .program("GadgetScope", "GadgetScope")
            .program("C/InputTool", "InputTool")
            .line("Echo \"GadgetScope action scenario\"")
            .capture("GadgetScope TREE WINDOW=AROS FULL", "before")
            .capture("C:InputTool WINDOWSIZE WINDOW=0,0,640,256 BOX=627,243,14,14 W=440 H=156", "size")
            .capture("GadgetScope TREE WINDOW=AROS FULL", "sized")
            .capture("C:InputTool WINDOWMOVE WINDOW=0,0,440,156 BOX=0,0,440,15 DX=100 DY=50", "move")
            .capture("GadgetScope TREE WINDOW=AROS FULL", "moved")
            .screenshot("moved")
            .check(header("before", "window \"AROS\" screen=\"Workbench Screen\" [0,0 640x256]"))
            .check(Check::Rc("size".into(), 0))
            .check(header("sized", "window \"AROS\" screen=\"Workbench Screen\" [0,0 440x156]"))
            .check(Check::Rc("move".into(), 0))
            .check(header("moved", "window \"AROS\" screen=\"Workbench Screen\" [100,50 440x156]")),
        // TYPE into a second Shell: NewShell opens "TypeTarget", InputTool
        // waits until it is the active window, then types two command lines
        // with Return; the second one's file says the first has finished.
        // (No unmappable-character case here: the ROM's USA keymap types
        // every byte 0x01-0xFF through Alt, Ctrl-Alt and dead keys; the
        // refusal is pinned by core's host tests.)
        Scenario::new("actions-type")
            .program("C/InputTool", "InputTool")
            .line("Echo \"GadgetScope type scenario\"")
            .line("NewShell \"CON:0/120/640/120/TypeTarget\"")
            .capture("C:InputTool WAITACTIVE TEXT=TypeTarget", "active")
            .capture("C:InputTool TYPE TEXT=\"Echo typed >DH0:typed.txt\" RETURN", "type")
            .capture("C:InputTool TYPE TEXT=\"Echo done >DH0:typed-done\" RETURN", "type2")
            .line("Lab typed_wait")
            .line("If NOT EXISTS DH0:typed-done")
            .line("  Skip typed_wait BACK")
            .line("EndIf")
            .screenshot("typed")
            .check(Check::Rc("active".into(), 0))
            .check(Check::Rc("type".into(), 0))
            .check(Check::Equals("typed.txt".into(), b"typed\n".to_vec()))
            .check(Check::Rc("type2".into(), 0)),
    ]
}
