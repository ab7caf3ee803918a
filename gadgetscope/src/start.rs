//! The Amiga entry point (wasm32 only): a Shell start runs the command
//! its arguments name, a Workbench start opens the window.
use crate::complain::complain;
use crate::settings::Settings;
use crate::shell::{interpret, ShellCommand, TEMPLATE};
use alloc::vec::Vec;
use amiga_ndk::dos::{RETURN_ERROR, RETURN_FAIL, RETURN_OK};
use amiga_ndk::latin1::from_str_lossy as latin1;
use amiga_rt::dos::Dos;
use gadgetscope_engine::inspect::inspect;
use gadgetscope_system::AmigaIntuition;

/// The program: its return code (0, 5, 10, 20).
pub fn main() -> i32 {
    let Ok(dos) = Dos::open() else { return RETURN_FAIL };
    if let Some(wbs) = amiga_rt::wb_startup() {
        // A Workbench start: the window, with the icons' tooltypes.
        let (settings, warnings) = Settings::from_icons(&start_tooltypes(&dos, wbs));
        if !warnings.is_empty() {
            complain(&dos, &latin1(&warnings.join("\n")), RETURN_OK);
        }
        let (port, roots, wire, serial) =
            (settings.port_name.clone(), settings.fs_roots.clone(), settings.wire.clone(), settings.serial.clone());
        return crate::event_loop::run(&dos, port.as_deref(), &roots, Some(settings), wire.as_ref(), serial.as_ref());
    }
    let read = dos.read_args(TEMPLATE).and_then(|values| Ok((values, dos.arg_str()?)));
    let (values, line) = match read {
        Ok(v) => v,
        Err(code) => {
            dos.print_fault(code, "GadgetScope");
            return RETURN_ERROR;
        }
    };
    match interpret(&values, &line) {
        Ok(ShellCommand::Version) => {
            dos.print(amiga_rt::version_line().as_bytes());
            dos.print(b"\n");
            RETURN_OK
        }
        Ok(ShellCommand::Inspect(what)) => {
            let mut os = match AmigaIntuition::open() {
                Ok(os) => os,
                Err(e) => return complain(&dos, alloc::format!("{e}").as_bytes(), RETURN_FAIL),
            };
            match inspect(&mut os, &what) {
                Ok(text) => {
                    if dos.print(&text) {
                        RETURN_OK
                    } else {
                        RETURN_FAIL
                    }
                }
                Err(e) => complain(&dos, &e.text, e.rc.code() as i32),
            }
        }
        Ok(ShellCommand::NoGui { port, fs_roots, wire, serial }) => {
            crate::event_loop::run(&dos, port.as_deref(), &fs_roots, None, wire.as_ref(), serial.as_ref())
        }
        Ok(ShellCommand::Gui(settings)) => {
            let (port, roots, wire, serial) =
                (settings.port_name.clone(), settings.fs_roots.clone(), settings.wire.clone(), settings.serial.clone());
            crate::event_loop::run(&dos, port.as_deref(), &roots, Some(settings), wire.as_ref(), serial.as_ref())
        }
        Err(e) => complain(&dos, &latin1(&e.0), RETURN_ERROR),
    }
}

/// The tooltypes of every icon of our Workbench start, the tool's own
/// first, then the project icons in the order Workbench passed them (see
/// `Settings::from_icons`). An icon that cannot be read gives none.
fn start_tooltypes(dos: &Dos, wbs: u32) -> Vec<Vec<Vec<u8>>> {
    amiga_rt::workbench::start_args(wbs).iter().map(|a| a.tooltypes(dos).unwrap_or_default()).collect()
}
