//! The Amiga start (wasm32 only): a Shell start runs the command its
//! arguments name, a Workbench start reads the icons' tooltypes. This is
//! the program's start code ([`prepare`], `amiga_rt::program!`'s `init:`):
//! it and what only it calls are freed once it has returned
//! (docs/design/parts.md, "Start code freed"), so nothing here may be
//! called from the loop.
use crate::complain::complain;
use crate::event_loop::{open, Opened};
use crate::settings::Settings;
use crate::shell::{interpret, ShellCommand, TEMPLATE};
use alloc::vec::Vec;
use amiga_ndk::dos::{RETURN_ERROR, RETURN_FAIL, RETURN_OK};
use amiga_ndk::latin1::from_str_lossy as latin1;
use amiga_rt::dos::Dos;
use gadgetscope_engine::inspect::inspect;
use gadgetscope_system::AmigaIntuition;
use gadgetscope_transport::settings::{SerialSettings, WireSettings};

/// What the start decided: end with a return code, or serve.
// Made once and moved once into `main`: a Box would only add an allocation.
#[allow(clippy::large_enum_variant)]
pub enum Start {
    /// The program is done (a one-shot Shell command, or a bad start):
    /// its return code (0, 5, 10, 20).
    Exit(i32),
    /// Run the event loop with these, and what the start opened for it.
    Serve(Dos, Serve, Opened),
}

/// The event loop's settings from the Shell's arguments or the icons.
pub struct Serve {
    pub port: Option<Vec<u8>>,
    pub fs_roots: Vec<Vec<u8>>,
    /// The window's settings; `None` for `NOGUI`.
    pub gui: Option<Settings>,
    pub wire: Option<WireSettings>,
    pub serial: Option<SerialSettings>,
}

/// The start: reads the Workbench start's icons or the Shell's arguments,
/// runs a one-shot Shell command (`VERSION`, `INSPECT`), or opens what the
/// event loop serves with (`event_loop::open`), and says what comes next.
/// Never inlined: it is the start code's one entry.
#[inline(never)]
pub fn prepare() -> Start {
    let Ok(dos) = Dos::open() else { return Start::Exit(RETURN_FAIL) };
    let serve = match decide(&dos) {
        Ok(serve) => serve,
        Err(rc) => return Start::Exit(rc),
    };
    match open(&dos, serve.port.as_deref(), serve.gui.as_ref()) {
        Ok(opened) => Start::Serve(dos, serve, opened),
        Err(rc) => Start::Exit(rc),
    }
}

fn gui(settings: Settings) -> Serve {
    let (port, fs_roots, wire, serial) =
        (settings.port_name.clone(), settings.fs_roots.clone(), settings.wire.clone(), settings.serial.clone());
    Serve { port, fs_roots, gui: Some(settings), wire, serial }
}

/// What to serve, or the return code to end with.
fn decide(dos: &Dos) -> Result<Serve, i32> {
    if let Some(wbs) = amiga_rt::wb_startup() {
        // A Workbench start: the window, with the icons' tooltypes.
        let (settings, warnings) = Settings::from_icons(&start_tooltypes(dos, wbs));
        if !warnings.is_empty() {
            complain(dos, &latin1(&warnings.join("\n")), RETURN_OK);
        }
        return Ok(gui(settings));
    }
    let read = dos.read_args(TEMPLATE).and_then(|values| Ok((values, dos.arg_str()?)));
    let (values, line) = match read {
        Ok(v) => v,
        Err(code) => {
            dos.print_fault(code, "GadgetScope");
            return Err(RETURN_ERROR);
        }
    };
    Err(match interpret(&values, &line) {
        Ok(ShellCommand::Version) => {
            dos.print(amiga_rt::version_line().as_bytes());
            dos.print(b"\n");
            RETURN_OK
        }
        Ok(ShellCommand::Inspect(what)) => {
            let mut os = match AmigaIntuition::open() {
                Ok(os) => os,
                Err(e) => return Err(complain(dos, alloc::format!("{e}").as_bytes(), RETURN_FAIL)),
            };
            match inspect(&mut os, &what) {
                Ok(text) => {
                    if dos.print(&text) {
                        RETURN_OK
                    } else {
                        RETURN_FAIL
                    }
                }
                Err(e) => complain(dos, &e.text, e.rc.code() as i32),
            }
        }
        Ok(ShellCommand::NoGui { port, fs_roots, wire, serial }) => {
            return Ok(Serve { port, fs_roots, gui: None, wire, serial })
        }
        Ok(ShellCommand::Gui(settings)) => return Ok(gui(settings)),
        Err(e) => complain(dos, &latin1(&e.0), RETURN_ERROR),
    })
}

/// The tooltypes of every icon of our Workbench start, the tool's own
/// first, then the project icons in the order Workbench passed them (see
/// `Settings::from_icons`). An icon that cannot be read gives none.
fn start_tooltypes(dos: &Dos, wbs: u32) -> Vec<Vec<Vec<u8>>> {
    amiga_rt::workbench::start_args(wbs).iter().map(|a| a.tooltypes(dos).unwrap_or_default()).collect()
}
