//! `GadgetScope NOGUI [PORTNAME=<name>]`: the ARexx host without a window
//! (AREXX.md "Port"): a public port (`GADGETSCOPE.<n>`, first free of
//! .1 … .99, or exactly PORTNAME), one event loop that sleeps in `Wait()`
//! on the port, Ctrl-C and — only while a wait is held — a 100 ms
//! timer.device tick. Runs until `QUIT` or Ctrl-C; every held message is
//! replied (RC 20) before the port closes.
use crate::engine::{Actor, GsEngine, System};
use crate::intuition_os::AmigaIntuition;
use alloc::string::String;
use alloc::vec::Vec;
use amiga_rt::dos::{Dos, RETURN_ERROR, RETURN_FAIL, RETURN_OK};
use amiga_rt::input::{self as rtinput, InputDevice, Keymap};
use amiga_rt::library::Library;
use amiga_rt::rexx::{Incoming, PublicPort, RexxSys};
use amiga_rt::timer::{Timer, UNIT_VBLANK};
use gadgetscope_arexx::{Host, Reply};
use gadgetscope_core::input::{Event, KeyMap, UsKeyMap};
use gadgetscope_core::snapshot::WindowInfo;

/// dos/dos.h `SIGBREAKF_CTRL_C`.
const SIGBREAKF_CTRL_C: u32 = 1 << 12;
/// Largest manifest MANIFEST reads, bytes.
const MANIFEST_MAX: usize = 64 * 1024;
/// The tick of held waits, µs (AREXX.md "Waits": about 100 ms).
const TICK_MICROS: u32 = 100_000;

/// Files through dos.library.
struct AmigaSystem;

impl System for AmigaSystem {
    fn read_file(&mut self, path: &[u8]) -> Result<Vec<u8>, String> {
        amiga_rt::rexx::read_file(path, MANIFEST_MAX).map_err(|code| {
            let shown: String = path.iter().map(|&b| b as char).collect();
            alloc::format!("cannot read \"{shown}\" (DOS error {code})")
        })
    }
}

/// input.device and keymap.library; the USA table when keymap.library
/// cannot be opened.
struct AmigaActor {
    intuition: Library,
    input: Option<InputDevice>,
    keymap: Option<Keymap>,
    fallback: UsKeyMap,
}

impl KeyMap for AmigaActor {
    fn map(&mut self, byte: u8) -> Option<Vec<(u8, u8)>> {
        match &self.keymap {
            Some(k) => k.map_ansi(&[byte]).ok(),
            None => self.fallback.map(byte),
        }
    }
}

impl Actor for AmigaActor {
    fn bring_forward(&mut self, window: &WindowInfo) {
        rtinput::screen_to_front(&self.intuition, window.screen);
        rtinput::window_to_front(&self.intuition, window.address);
        rtinput::activate_window(&self.intuition, window.address);
    }

    fn inject(&mut self, screen: u32, events: &[Event]) -> Result<(), String> {
        let dev = self.input.as_mut().ok_or_else(|| String::from("input.device could not be opened"))?;
        for e in events {
            let r = match *e {
                Event::PointerTo { x, y, qualifier } => dev.pointer_to(screen, x, y, qualifier),
                Event::Button { code, qualifier } => dev.raw_mouse(code, qualifier),
                Event::Key { code, qualifier, prev } => dev.raw_key(code, qualifier, prev),
            };
            r.map_err(|err| alloc::format!("event refused (io_Error {err})"))?;
        }
        Ok(())
    }

    fn keymap(&mut self) -> &mut dyn KeyMap {
        self
    }
}

/// Replies each message: RC in rm_Result1, the text as an argstring in
/// rm_Result2 only with RC 0, RXFF_RESULT and a non-empty text.
fn send(replies: Vec<(Incoming<'_>, Reply)>) {
    for (msg, r) in replies {
        let _ = msg.reply(r.rc as i32, &r.text);
    }
}

/// Runs the host; returns the Shell RC.
pub fn run(dos: &Dos, port_name: Option<&[u8]>) -> i32 {
    let sys = match RexxSys::open() {
        Ok(s) => s,
        Err(e) => return complain(dos, &alloc::format!("{e} (the ARexx system library)"), RETURN_FAIL),
    };
    let port = match port_name {
        Some(n) => PublicPort::exact(n),
        None => PublicPort::numbered(b"GADGETSCOPE"),
    };
    let port = match port {
        Ok(p) => p,
        Err(e) => return complain(dos, &alloc::format!("{e}"), RETURN_ERROR),
    };
    let os = match AmigaIntuition::open() {
        Ok(os) => os,
        Err(e) => return complain(dos, &alloc::format!("{e}"), RETURN_FAIL),
    };
    let intuition = match Library::open("intuition.library", 39) {
        Ok(l) => l,
        Err(e) => return complain(dos, &alloc::format!("{e}"), RETURN_FAIL),
    };
    let actor = AmigaActor { intuition, input: InputDevice::open().ok(), keymap: Keymap::open().ok(), fallback: UsKeyMap };
    let Some(mut timer) = Timer::open(UNIT_VBLANK) else {
        return complain(dos, "cannot open timer.device", RETURN_FAIL);
    };
    let mut line = b"GadgetScope: ARexx port ".to_vec();
    line.extend_from_slice(port.name());
    line.push(b'\n');
    dos.print(&line);

    let mut engine = GsEngine::new(os, AmigaSystem, actor);
    let mut host: Host<Incoming<'_>> = Host::new(env!("CARGO_PKG_VERSION"));
    let mut now: u32 = 0;
    let mask = port.signal_mask() | timer.signal_mask() | SIGBREAKF_CTRL_C;
    loop {
        let got = amiga_rt::exec::wait(mask);
        if timer.fired() {
            now = now.wrapping_add(1);
            send(host.tick(&mut engine, now));
        }
        while let Some(msg) = port.get_msg(&sys) {
            if !msg.is_command() {
                msg.reply_untouched();
                continue;
            }
            let text = msg.command().unwrap_or_default();
            send(host.command(&mut engine, &text, msg, now));
        }
        if got & SIGBREAKF_CTRL_C != 0 || host.quit_requested() {
            break;
        }
        // Tick only while something waits: idle, the process sleeps.
        if host.has_waits() {
            timer.start(TICK_MICROS);
        }
    }
    send(host.shutdown(&mut engine));
    port.close(&sys);
    RETURN_OK
}

fn complain(dos: &Dos, message: &str, rc: i32) -> i32 {
    dos.print(b"GadgetScope: ");
    dos.print(&crate::latin1(message));
    dos.print(b"\n");
    rc
}
