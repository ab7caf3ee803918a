//! `GadgetScope NOGUI [PORTNAME=<name>]`: the ARexx host without a window
//! (AREXX.md "Port"): a public port (`GADGETSCOPE.<n>`, first free of
//! .1 … .99, or exactly PORTNAME), one event loop that sleeps in `Wait()`
//! on the port, Ctrl-C and — only while a wait is held — a 100 ms
//! timer.device tick — and on the reply port of the messages GadgetScope
//! sends itself (WHERE, MUIREXX) and of the programs it started from
//! Workbench (WBLAUNCH): a reply arriving there ticks the host at once.
//! Runs until `QUIT` or Ctrl-C; every held message is replied (RC 20)
//! before the port closes, and GadgetScope then waits for every reply it
//! is still owed (a message's memory and reply port must outlive the
//! receiver's use of them; AREXX.md "Deviations": no reply port freed
//! while a message is outstanding), including the start messages of
//! programs started with WBLAUNCH that are still running.
use crate::desk::AmigaDesk;
use crate::engine::{Actor, GsEngine, Request, SendError, System};
use crate::gadtools_ui::GadToolsUi;
use crate::gui::{Flow, Frontend, Gui};
use crate::intuition_os::AmigaIntuition;
use crate::reaction_ui::{ReactionClasses, ReactionUi};
use crate::settings::{Settings, WindowBox, WINDOW_PREFS};
use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;
use amiga_rt::commodities::{Broker, CxError, CxEvent};
use amiga_rt::dos::NoRequesters;
use amiga_rt::dos::{Dos, RETURN_ERROR, RETURN_FAIL, RETURN_OK};
use amiga_rt::exec::MsgPort;
use amiga_rt::gadtools::GadTools;
use amiga_rt::input::{self as rtinput, InputDevice, Keymap};
use amiga_rt::intuition::Intuition;
use amiga_rt::library::Library;
use amiga_rt::rexx::{InFlight, Incoming, PublicPort, RexxSys, RXCOMM, RXFF_RESULT};
use amiga_rt::timer::{Timer, UNIT_VBLANK};
use amiga_rt::workbench::{self, LaunchError, LaunchSpec, Launched, ToolTypeError};
use gadgetscope_arexx::{Error, Rc};
use gadgetscope_arexx::{Host, Reply};
use gadgetscope_core::input::{Event, KeyMap, UsKeyMap};
use gadgetscope_core::snapshot::WindowInfo;

/// dos/dos.h `SIGBREAKF_CTRL_C`.
const SIGBREAKF_CTRL_C: u32 = 1 << 12;
/// Largest manifest MANIFEST reads, bytes.
const MANIFEST_MAX: usize = 64 * 1024;
/// The commodity's description in Exchange (at most 39 characters:
/// `CBD_DESCRLEN`).
const CX_DESCR: &[u8] = b"Inspects and drives the GUI of programs";
/// The tick of held waits, µs (AREXX.md "Waits": about 100 ms).
const TICK_MICROS: u32 = 100_000;

fn shown(b: &[u8]) -> String {
    b.iter().map(|&c| c as char).collect()
}

/// Files and processes through dos.library; messages to other programs'
/// ports (rexxsyslib) and Workbench starts, all replied to one port.
struct AmigaSystem<'a> {
    dos: &'a Dos,
    sys: &'a RexxSys,
    reply: &'a MsgPort,
    next: Request,
    /// Sent, not yet replied: (request, still wanted?, message).
    inflight: Vec<(Request, bool, InFlight<'a>)>,
    /// Replied, not yet collected by the engine.
    replies: Vec<(Request, i32, Vec<u8>)>,
    /// WBLAUNCHed programs still running.
    launched: Vec<Launched<'a>>,
}

impl<'a> AmigaSystem<'a> {
    /// Takes every message from the reply port; true if any arrived.
    fn collect(&mut self) -> bool {
        let mut any = false;
        while let Some(m) = self.reply.get() {
            any = true;
            if let Some(i) = self.inflight.iter().position(|(_, _, f)| f.addr() == m) {
                let (req, wanted, f) = self.inflight.remove(i);
                if let Ok(mut msg) = f.replied(m) {
                    let rc = msg.result1();
                    let text = msg.take_result().map(|a| a.text()).unwrap_or_default();
                    if wanted {
                        self.replies.push((req, rc, text));
                    }
                    // Dropping msg deletes it and its argstrings.
                }
            } else if let Some(i) = self.launched.iter().position(|l| l.is_reply(m)) {
                // The program ended: unload, unlock, remove the scratch icon.
                self.launched.remove(i).finish();
            }
        }
        any
    }

    /// Waits for every reply still owed (at exit).
    fn drain(&mut self) {
        while !self.inflight.is_empty() || !self.launched.is_empty() {
            amiga_rt::exec::wait(self.reply.signal_mask());
            self.collect();
        }
    }
}

impl<'a> System for AmigaSystem<'a> {
    fn read_file(&mut self, path: &[u8]) -> Result<Vec<u8>, String> {
        self.dos.read_file(path, MANIFEST_MAX).map_err(|code| {
            let shown: String = path.iter().map(|&b| b as char).collect();
            alloc::format!("cannot read \"{shown}\" (DOS error {code})")
        })
    }

    fn port_exists(&mut self, name: &[u8]) -> bool {
        amiga_rt::rexx::port_exists(name)
    }

    fn rexx_send(&mut self, port: &[u8], command: &[u8]) -> Result<Request, SendError> {
        let sys: &'a RexxSys = self.sys;
        let Some(mut msg) = sys.create_rexx_msg(self.reply) else {
            return Err(SendError::Failed("no memory for a RexxMsg".into()));
        };
        let Some(arg) = sys.create_argstring(command) else {
            return Err(SendError::Failed("no memory for an argstring".into()));
        };
        msg.set_action(RXCOMM | RXFF_RESULT);
        msg.set_arg(0, arg);
        match msg.send(port) {
            Ok(f) => {
                let req = self.next;
                self.next = self.next.wrapping_add(1);
                self.inflight.push((req, true, f));
                Ok(req)
            }
            Err((_, amiga_rt::rexx::PortError::NoPort)) => Err(SendError::NoPort),
            Err((_, e)) => Err(SendError::Failed(alloc::format!("{e}"))),
        }
    }

    fn rexx_reply(&mut self, req: Request) -> Option<(i32, Vec<u8>)> {
        let i = self.replies.iter().position(|r| r.0 == req)?;
        let (_, rc, text) = self.replies.remove(i);
        Some((rc, text))
    }

    fn rexx_forget(&mut self, req: Request) {
        for f in self.inflight.iter_mut().filter(|f| f.0 == req) {
            f.1 = false;
        }
        self.replies.retain(|r| r.0 != req);
    }

    fn launch(&mut self, stack: Option<u32>, command: &[u8]) -> Result<(), String> {
        self.dos.run_async(command, stack).map_err(|e| shown(&self.dos.fault_text(e)))
    }

    fn wb_launch(&mut self, path: &[u8], tooltypes: &[Vec<u8>], args: &[Vec<u8>]) -> Result<(), Error> {
        let spec = LaunchSpec { program: path, tooltypes, args, stack: None };
        match workbench::launch(self.dos, &spec, self.reply) {
            Ok(l) => {
                self.launched.push(l);
                Ok(())
            }
            Err(LaunchError::NotFound(p, e)) => {
                Err(Error::new(Rc::NotFound, alloc::format!("{}: {}", shown(&p), shown(&self.dos.fault_text(e)))))
            }
            Err(LaunchError::ToolType(ToolTypeError::Bad(t))) => {
                Err(Error::new(Rc::Error, alloc::format!("TOOLTYPE={} needs KEY=value or KEY", shown(&t))))
            }
            Err(LaunchError::ToolType(ToolTypeError::TooMany)) => Err(Error::new(Rc::Error, "too many tooltypes")),
            Err(LaunchError::Failed(what, e)) => Err(Error::new(
                Rc::Failed,
                alloc::format!("cannot start {}: {what}: {}", shown(path), shown(&self.dos.fault_text(e))),
            )),
        }
    }
}

/// input.device and keymap.library; the USA table when keymap.library
/// cannot be opened. dos.library for the tick it yields.
struct AmigaActor<'a> {
    intuition: Library,
    dos: &'a Dos,
    input: Option<InputDevice>,
    keymap: Option<Keymap>,
    fallback: UsKeyMap,
}

impl KeyMap for AmigaActor<'_> {
    fn map(&mut self, byte: u8) -> Option<Vec<(u8, u8)>> {
        match &self.keymap {
            Some(k) => k.map_ansi(&[byte]).ok(),
            None => self.fallback.map(byte),
        }
    }
}

impl Actor for AmigaActor<'_> {
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

    fn yield_to_lower(&mut self) {
        self.dos.delay(1);
    }
}

/// Replies each message: RC in rm_Result1, the text as an argstring in
/// rm_Result2 only with RC 0, RXFF_RESULT and a non-empty text.
fn send(replies: Vec<(Incoming<'_>, Reply)>) {
    for (msg, r) in replies {
        let _ = msg.reply(r.rc as i32, &r.text);
    }
}

/// Runs the host; returns the Shell RC. With `gui` (the settings of a
/// Workbench or Shell start without NOGUI) the GadTools window, the
/// highlight, pick mode and the AppIcon join the same loop (crate::gui).
pub fn run(dos: &Dos, port_name: Option<&[u8]>, gui: Option<Settings>) -> i32 {
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
    let actor =
        AmigaActor { intuition, dos, input: InputDevice::open().ok(), keymap: Keymap::open().ok(), fallback: UsKeyMap };
    let Some(mut timer) = Timer::open(UNIT_VBLANK) else {
        return complain(dos, "cannot open timer.device", RETURN_FAIL);
    };
    let mut line = b"GadgetScope: ARexx port ".to_vec();
    line.extend_from_slice(port.name());
    line.push(b'\n');
    dos.print(&line);

    let Some(reply) = MsgPort::new() else {
        return complain(dos, "no signal or memory for a reply port", RETURN_FAIL);
    };
    let system = AmigaSystem {
        dos,
        sys: &sys,
        reply: &reply,
        next: 1,
        inflight: Vec::new(),
        replies: Vec::new(),
        launched: Vec::new(),
    };
    let mut engine = GsEngine::new(os, system, actor);
    let mut host: Host<Incoming<'_>> = Host::new(env!("CARGO_PKG_VERSION"));
    let mut now: u32 = 0;
    let base_mask = port.signal_mask() | timer.signal_mask() | reply.signal_mask() | SIGBREAKF_CTRL_C;

    // The window side, when there is one.
    let libs = match &gui {
        Some(_) => match (Intuition::open(), GadTools::open()) {
            (Ok(i), Ok(g)) => Some((i, g)),
            _ => return complain(dos, "intuition.library or gadtools.library 39 cannot be opened", RETURN_FAIL),
        },
        None => None,
    };
    let mut desk = match &libs {
        Some((i, _)) => match AmigaDesk::new(i, dos) {
            Some(d) => Some(d),
            None => return complain(dos, "no signal for the AppIcon port", RETURN_FAIL),
        },
        None => None,
    };
    // The ReAction window when window.class and its classes open
    // (AmigaOS 3.5+), else the GadTools window (3.0/3.1, AROS).
    let classes = libs.as_ref().and_then(|_| ReactionClasses::open().ok());
    let app_port = desk.as_ref().map_or(0, |d| d.app_port.addr());
    let mut front: Option<Box<dyn Frontend + '_>> = libs.as_ref().map(|(i, g)| match &classes {
        Some(c) => Box::new(ReactionUi::new(i, g, c, app_port)) as Box<dyn Frontend + '_>,
        None => Box::new(GadToolsUi::new(i, g)) as Box<dyn Frontend + '_>,
    });
    if let Some(f) = &mut front {
        f.set_placement(read_window_box(dos));
    }
    // The commodity (issue 5 item 8): Exchange's Show/Hide/Remove and the
    // CX_POPKEY hotkey, on a port of its own; without commodities.library
    // (the AROS ROM) GadgetScope runs without a broker and says nothing.
    let cx_port = gui.as_ref().and_then(|_| MsgPort::new());
    let broker = match (&gui, &cx_port) {
        (Some(s), Some(p)) => match Broker::new(
            b"GadgetScope",
            concat!("GadgetScope ", env!("CARGO_PKG_VERSION")).as_bytes(),
            CX_DESCR,
            &s.popkey,
            s.cx_priority,
            p,
        ) {
            Ok(b) => {
                if let Some(err) = b.hotkey_error() {
                    complain(dos, &amiga_rt::commodities::hotkey_error_text(&s.popkey, err), 0);
                }
                Some(b)
            }
            Err(CxError::NoLibrary) => None,
            Err(e) => {
                complain(dos, &alloc::format!("{e}; running without a commodity broker"), 0);
                None
            }
        },
        _ => None,
    };
    let cx_mask = broker.as_ref().map_or(0, |b| b.signal_mask());
    let mut ctl = gui.map(|settings| {
        engine.ui = Some(Vec::new());
        let iconified = settings.startup == crate::settings::Startup::Iconified;
        (Gui::new(settings), iconified)
    });
    if let (Some((c, iconified)), Some(f), Some(d)) = (&mut ctl, &mut front, &mut desk) {
        let f: &mut dyn Frontend = &mut **f;
        if *iconified {
            c.iconify(f, d);
        } else {
            c.show(&mut engine.os, f, d);
            if !f.is_open() {
                // No window (no memory, no screen): say so once and live on as the host.
                dos.print(b"GadgetScope: the window cannot be opened; the ARexx port stays (SHOW retries)\n");
                c.iconify(f, d);
            }
        }
    }
    loop {
        let gui_mask = front.as_ref().map_or(0, |f| f.signal_mask())
            | desk.as_ref().map_or(0, |d| d.pick_mask() | d.app_port.signal_mask());
        let got = amiga_rt::exec::wait(base_mask | gui_mask | cx_mask);
        let mut gui_quit = false;
        let ticked = timer.fired();
        // Replies from other programs' ports: the held waits see them now.
        if engine.system.collect() {
            send(host.tick(&mut engine, now));
        }
        if ticked {
            now = now.wrapping_add(1);
            send(host.tick(&mut engine, now));
        }
        if let (Some((c, _)), Some(f), Some(d)) = (&mut ctl, &mut front, &mut desk) {
            let f: &mut dyn Frontend = &mut **f;
            for e in f.events() {
                if c.event(e, &mut engine.os, f, d) == Flow::Quit {
                    gui_quit = true;
                }
            }
            // Commodity messages: the hotkey and Exchange.
            for e in broker.as_ref().map(|b| b.events()).unwrap_or_default() {
                match e {
                    CxEvent::Popup | CxEvent::Appear => c.show(&mut engine.os, f, d),
                    CxEvent::Disappear => c.iconify(f, d),
                    CxEvent::Kill => gui_quit |= c.event(crate::gui::UiEvent::Quit, &mut engine.os, f, d) == Flow::Quit,
                    CxEvent::Enable | CxEvent::Disable => {}
                }
            }
            if d.pick_mask() != 0 && got & d.pick_mask() != 0 {
                let r = d.poll_pick();
                c.pick_report(r, &mut engine.os, f, d);
            }
            if d.app_opened() {
                c.show(&mut engine.os, f, d);
            }
            if ticked {
                c.tick(&mut engine.os, f, d);
            }
        }
        while let Some(msg) = port.get_msg(&sys) {
            if !msg.is_command() {
                msg.reply_untouched();
                continue;
            }
            let text = msg.command().unwrap_or_default();
            let replies = host.command(&mut engine, &text, msg, now);
            // SHOW, HIDE, HIGHLIGHT for the window, carried out before the
            // reply goes: a sender that has its reply sees the window as
            // the command left it (the main job's screenshot is taken then).
            let queued = engine.ui.as_mut().map(core::mem::take).unwrap_or_default();
            if let (Some((c, _)), Some(f), Some(d)) = (&mut ctl, &mut front, &mut desk) {
                let f: &mut dyn Frontend = &mut **f;
                for r in queued {
                    c.request(r, &mut engine.os, f, d);
                }
            }
            send(replies);
        }
        if got & SIGBREAKF_CTRL_C != 0 || host.quit_requested() || gui_quit {
            // QUIT from ARexx or Ctrl-C with names not saved: ask, and
            // save them first if the user wants (nothing recorded is lost
            // without being asked).
            if !gui_quit {
                if let (Some((c, _)), Some(f), Some(d)) = (&mut ctl, &mut front, &mut desk) {
                    c.before_quit(&mut **f, d);
                }
            }
            break;
        }
        // Tick only while something waits or the window refreshes: idle
        // or iconified, the process sleeps.
        let gui_ticks = match (&ctl, &front) {
            (Some((c, _)), Some(f)) => c.wants_ticks(&**f),
            _ => false,
        };
        if host.has_waits() || gui_ticks {
            timer.start(TICK_MICROS);
        }
    }
    if let (Some((c, _)), Some(f), Some(d)) = (&mut ctl, &mut front, &mut desk) {
        c.shutdown(&mut **f, d);
        if let Some(b) = f.placement() {
            write_window_box(dos, &b);
        }
    }
    // The window (it names the desk's port) before the desk, the classes
    // after both.
    drop(front);
    drop(desk);
    drop(classes);
    send(host.shutdown(&mut engine));
    port.close(&sys);
    // Every message GadgetScope sent and every Workbench start it made is
    // owed a reply; wait for them before the reply port goes.
    engine.system.drain();
    drop(engine);
    RETURN_OK
}

/// The remembered window box (`ENVARC:GadgetScope/window.prefs`), if it
/// is there and well-formed; no requester when ENVARC: is missing.
fn read_window_box(dos: &Dos) -> Option<WindowBox> {
    if !dos.has_dos_entry(b"ENVARC") {
        return None;
    }
    let _quiet = NoRequesters::new();
    dos.read_file(WINDOW_PREFS, 64).ok().and_then(|t| WindowBox::parse(&t))
}

/// Remembers the window box in `ENVARC:GadgetScope/window.prefs` (the
/// drawer is made when missing); silently nothing without ENVARC:.
fn write_window_box(dos: &Dos, b: &WindowBox) {
    // Without an ENVARC: assign (the bare AROS ROM boot) nothing is tried:
    // DOS is not asked to find or mount it.
    if !dos.has_dos_entry(b"ENVARC") {
        return;
    }
    let _quiet = NoRequesters::new();
    if !dos.exists(b"ENVARC:GadgetScope") {
        let _ = dos.create_dir(b"ENVARC:GadgetScope");
    }
    let _ = dos.write_file(WINDOW_PREFS, &b.to_text());
}

fn complain(dos: &Dos, message: &str, rc: i32) -> i32 {
    dos.print(b"GadgetScope: ");
    dos.print(&crate::latin1(message));
    dos.print(b"\n");
    rc
}
