//! The Amiga entry point (wasm32 only): a Shell start runs the command
//! its arguments name, a Workbench start opens the window.
use crate::bench::{bench_tree, report, Clock};
use crate::settings::Settings;
use crate::shell::{interpret, ShellCommand, TEMPLATE};
use crate::system::AmigaIntuition;
use amiga_ndk::dos::{RETURN_ERROR, RETURN_FAIL, RETURN_OK};
use amiga_ndk::latin1::from_str_lossy as latin1;
use amiga_ndk::timer::UNIT_MICROHZ;
use amiga_rt::dos::Dos;
use amiga_rt::timer::Timer;
use gadgetscope_engine::inspect::inspect;

amiga_rt::program!(name: "GadgetScope", version: env!("CARGO_PKG_VERSION"), date: "30.11.2026", heap: 256 * 1024, main: main);

fn main() -> i32 {
    let Ok(dos) = Dos::open() else { return RETURN_FAIL };
    if let Some(wbs) = amiga_rt::wb_startup() {
        // A Workbench start: the window, with the icon's tooltypes.
        let (settings, _warnings) = Settings::from_tooltypes(&own_tooltypes(&dos, wbs));
        let port = settings.port_name.clone();
        return crate::event_loop::run(&dos, port.as_deref(), Some(settings));
    }
    let values = match dos.read_args(TEMPLATE) {
        Ok(v) => v,
        Err(code) => {
            dos.print_fault(code, "GadgetScope");
            return RETURN_ERROR;
        }
    };
    match interpret(&values) {
        Ok(ShellCommand::Version) => {
            dos.print(VERSION_STRING.as_bytes());
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
                Err(f) => complain(&dos, &f.message, f.rc),
            }
        }
        Ok(ShellCommand::Bench { what, runs }) => {
            let mut os = match AmigaIntuition::open() {
                Ok(os) => os,
                Err(e) => return complain(&dos, alloc::format!("{e}").as_bytes(), RETURN_FAIL),
            };
            let Some(mut clock) = EClock::open() else {
                return complain(&dos, b"cannot open timer.device", RETURN_FAIL);
            };
            match bench_tree(&mut os, &mut clock, &what, runs) {
                Ok(r) => {
                    if dos.print(&report(&r)) {
                        RETURN_OK
                    } else {
                        RETURN_FAIL
                    }
                }
                Err(f) => complain(&dos, &f.message, f.rc),
            }
        }
        Ok(ShellCommand::NoGui { port }) => crate::event_loop::run(&dos, port.as_deref(), None),
        Ok(ShellCommand::Gui(settings)) => {
            let port = settings.port_name.clone();
            crate::event_loop::run(&dos, port.as_deref(), Some(settings))
        }
        Err(e) => complain(&dos, &latin1(&e.0), RETURN_ERROR),
    }
}

/// The tooltypes of the icon Workbench started us from: `sm_ArgList[0]`
/// (workbench/startup.h: `sm_ArgList` at 36; `struct WBArg` = `wa_Lock`,
/// `wa_Name`), read with icon.library in that drawer. Empty when the
/// icon cannot be read (the defaults apply).
fn own_tooltypes(dos: &Dos, wbs: u32) -> alloc::vec::Vec<alloc::vec::Vec<u8>> {
    let args = amiga_rt::mem::peek32(wbs + 36);
    if args == 0 {
        return alloc::vec::Vec::new();
    }
    let lock = amiga_rt::mem::peek32(args);
    let name = amiga_rt::mem::c_string(amiga_rt::mem::peek32(args + 4), 255).unwrap_or_default();
    let _quiet = amiga_rt::dos::NoRequesters::new();
    let old = dos.current_dir(lock);
    let tt = amiga_rt::workbench::read_tooltypes(&name).unwrap_or_default();
    dos.current_dir(old);
    tt
}

/// timer.device `ReadEClock()` as the bench clock.
struct EClock {
    timer: Timer,
    freq: u32,
}

impl EClock {
    fn open() -> Option<EClock> {
        let timer = Timer::open(UNIT_MICROHZ)?;
        let freq = timer.eclock().1;
        Some(EClock { timer, freq })
    }
}

impl Clock for EClock {
    fn now(&mut self) -> u64 {
        self.timer.eclock().0
    }
    fn frequency(&self) -> u32 {
        self.freq
    }
}

/// `GadgetScope: <message>` on the Shell (Latin-1), and the RC.
pub fn complain(dos: &Dos, message: &[u8], rc: i32) -> i32 {
    dos.print(b"GadgetScope: ");
    dos.print(message);
    dos.print(b"\n");
    rc
}
