//! The one event loop of GadgetScope, with its window and without it (`NOGUI`),
//! and the ARexx port it serves (docs/reference/commands.md, "The port"; design
//! note docs/design/event-loop.md).
//!
//! The process sleeps in one exec `Wait()` (with the TCP wire on, one
//! bsdsocket `WaitSelect()` on the wire's sockets and the same signals:
//! crate::wire_tcp) on: its public ARexx port
//! (`GADGETSCOPE.<n>`, first free of .1 … .99, or exactly `PORTNAME=`),
//! the reply port of the messages it sends itself (WHERE, MUIREXX) and of
//! the programs it started from Workbench (WBLAUNCH), Ctrl-C, a 100 ms
//! timer.device tick only while a wait is held or the window wants ticks,
//! the recording handler while `RECORD` is on (its events go to the
//! recorder; those GadgetScope itself sends while carrying out a command
//! are drained and dropped), the serial wire's reply port (its standing
//! read and its writes: crate::wire_serial) with `SERIAL`, and, with the window, the window's signals, the pick handler, the
//! AppIcon port and the commodity broker ([`Window`]). Runs until `QUIT`,
//! Ctrl-C or the window's Quit; every held message is replied (RC 20)
//! before the port closes, then every reply GadgetScope is still owed is
//! waited for (a message's memory and reply port must outlive the
//! receiver's use of them), including the start messages of programs
//! started with WBLAUNCH that are still running.
use crate::desk::AmigaDesk;
use crate::gadtools_ui::GadToolsUi;
use crate::gui::{Commands, Desk, FirstThatOpens, Flow, Frontend, Gui, UiEvent};
use crate::reaction_ui::{ReactionClasses, ReactionUi};
use crate::settings::{Settings, Startup, WindowBox, WINDOW_PREFS};
use crate::start::complain;
use crate::wire::{SerialSettings, WireSettings};
use crate::wire_conn::Work;
use crate::wire_serial::{SerialWire, SERIAL_ID};
use crate::wire_tcp::Wire;
use alloc::boxed::Box;
use alloc::vec::Vec;
use amiga_ndk::dos::{RETURN_ERROR, RETURN_FAIL, RETURN_OK, RETURN_WARN, SIGBREAKF_CTRL_C};
use amiga_ndk::rexx::RXCOMM;
use amiga_ndk::timer::UNIT_VBLANK;
use amiga_rt::commodities::{Broker, CxError, CxEvent};
use amiga_rt::dos::{Dos, NoRequesters};
use amiga_rt::exec::MsgPort;
use amiga_rt::gadtools::GadTools;
use amiga_rt::intuition::Intuition;
use amiga_rt::rexx::{Incoming, PortError, PublicPort, RexxSys};
use amiga_rt::serial::Serial;
use amiga_rt::timer::Timer;
use gadgetscope_arexx::{Host, Rc, RecordOp, Reply};
use gadgetscope_core::walk::{read_screens, IntuitionOs};
use gadgetscope_engine::record::RecordState;
use gadgetscope_engine::{GsEngine, UiRequest};
use gadgetscope_record::windows_of_task;
use gadgetscope_system::{AmigaActor, AmigaIntuition, AmigaSystem};

/// The commodity's description in Exchange (at most 39 characters:
/// `CBD_DESCRLEN`).
const CX_DESCR: &[u8] = b"Inspects and drives the GUI of programs";
/// The tick of held waits and of the window's refresh, µs
/// (docs/reference/commands.md, "Waiting commands": 100 ms).
const TICK_MICROS: u32 = 100_000;

/// The engine as the Amiga runs it.
type Engine<'a> = GsEngine<AmigaIntuition, AmigaSystem<'a>, AmigaActor<'a>>;

/// The serial wire as the Amiga runs it.
type SerialLine = SerialWire<Serial>;

/// Who is owed a reply: an ARexx message, or a wire client by its
/// connection number (the serial line is `SERIAL_ID`).
enum Asker<'a> {
    Rexx(Incoming<'a>),
    Wire(u32),
}

/// Replies each asker. ARexx: RC in `rm_Result1`, the text as an
/// argstring in `rm_Result2` only with RC 0, `RXFF_RESULT` and a non-empty
/// text (amiga-rt `rexx::carries_result`). Wire: `RC <rc> <count>` and the
/// text, to the client if it is still connected (TCP), or to the serial
/// line.
fn send(replies: Vec<(Asker<'_>, Reply)>, wire: &mut Option<Wire>, serial: &mut Option<SerialLine>) {
    for (to, r) in replies {
        match to {
            Asker::Rexx(msg) => {
                let _ = msg.reply(r.rc as i32, &r.text);
            }
            Asker::Wire(SERIAL_ID) => {
                if let Some(s) = serial {
                    s.deliver(SERIAL_ID, r);
                }
            }
            Asker::Wire(id) => {
                if let Some(w) = wire {
                    w.deliver(id, r);
                }
            }
        }
    }
}

/// Carries out SHOW, HIDE and HIGHLIGHT before the command's reply goes:
/// a script sees their effect when its command returns.
fn carry_out_ui(engine: &mut Engine<'_>, window: &mut Option<Window<'_>>) {
    let queued = engine.ui.as_mut().map(core::mem::take).unwrap_or_default();
    if let Some(w) = window {
        for r in queued {
            w.request(r, &mut engine.os);
        }
    }
}

/// While RECORD is on: the input the recording handler saw since the
/// last look goes to the recorder (docs/design/recorder.md), with
/// GadgetScope's own windows (those of `task`, and the highlight frame's
/// bars) to ignore; with `discard` it is dropped instead (what
/// GadgetScope itself sent while carrying out a command).
fn record_input(
    engine: &mut Engine<'_>,
    host: &Host<Asker<'_>>,
    window: &Option<Window<'_>>,
    task: u32,
    discard: bool,
) {
    let Some((events, lost)) = engine.system.record_drain() else { return };
    if discard || (events.is_empty() && lost == 0) {
        return;
    }
    let mut own = match read_screens(&mut engine.os) {
        Ok(snap) => windows_of_task(&mut engine.os, &snap, task),
        Err(_) => Vec::new(),
    };
    if let Some(w) = window {
        own.extend(w.desk.frame_windows().into_iter().filter(|&a| a != 0));
    }
    // A MANIFEST a script loaded names gadgets, else the window's profile.
    let profile = window.as_ref().map(|w| &w.gui.profile).filter(|p| !p.is_empty()).map(|p| p.manifest());
    engine.record_events(&events, lost, host.manifest().or(profile), &own);
}

/// GadgetScope acts (a command, a held wait's tick): the input the user
/// made before goes to the recorder, the input sent while `act` runs is
/// GadgetScope's own and is dropped.
fn acting<'a, R>(
    engine: &mut Engine<'a>,
    host: &mut Host<Asker<'a>>,
    window: &Option<Window<'_>>,
    task: u32,
    act: impl FnOnce(&mut Host<Asker<'a>>, &mut Engine<'a>) -> R,
) -> R {
    record_input(engine, host, window, task, false);
    let r = act(host, engine);
    record_input(engine, host, window, task, true);
    r
}

/// Between two queued commands: the window's messages that came meanwhile.
/// A command that clicked or typed into GadgetScope's own window had
/// input.device deliver the IDCMP messages before it was answered, and the
/// next command may depend on what they do (an Export click, then
/// `MANIFEST` of the file): handled now, the commands and the window's
/// messages are taken in the order they happened. True when the window
/// asked to quit.
fn between_commands(
    engine: &mut Engine<'_>,
    host: &Host<Asker<'_>>,
    window: &mut Option<Window<'_>>,
    task: u32,
) -> bool {
    let quit = window.as_mut().is_some_and(|w| w.handle(0, false, &mut engine.os));
    window_commands(engine, host, window, task);
    quit
}

/// The window's RECORD commands, carried out by the engine's RECORD verb
/// (`GsEngine::record`, what the engine runs for a script's `RECORD`: one
/// implementation). Not through the host itself:
/// the window's errors are not a script's LASTERROR, and the host refuses
/// commands once QUIT came, when the steps are still to be saved.
struct WindowCommands<'e, 'a> {
    engine: &'e mut Engine<'a>,
}

impl Commands for WindowCommands<'_, '_> {
    fn run(&mut self, op: &RecordOp) -> Reply {
        match self.engine.record(op) {
            Ok(text) => Reply::ok(text),
            Err(e) => Reply::from(e),
        }
    }
    fn record_state(&self) -> RecordState {
        self.engine.record_state()
    }
}

/// Runs the RECORD commands the window queued (its Record control and
/// menu, the question before quitting), with the input around them
/// treated as around a script's command.
fn window_commands(engine: &mut Engine<'_>, host: &Host<Asker<'_>>, window: &mut Option<Window<'_>>, task: u32) {
    if !window.as_ref().is_some_and(|w| w.gui.has_commands()) {
        return;
    }
    record_input(engine, host, window, task, false);
    if let Some(w) = window.as_mut() {
        w.gui.run_commands(&mut WindowCommands { engine: &mut *engine }, &mut *w.front);
    }
    record_input(engine, host, window, task, true);
}

/// What the window side owns: the libraries, the ReAction classes (when
/// window.class opens: AmigaOS 3.5+), the AppIcon's port and the
/// commodity's port. Opened before the [`Window`] that borrows them.
struct WindowLibs {
    intuition: Intuition,
    gadtools: GadTools,
    classes: Option<ReactionClasses>,
    /// Why the ReAction window is not used though window.class is there.
    classes_missing: Option<alloc::string::String>,
    app_port: MsgPort,
    cx_port: Option<MsgPort>,
}

impl WindowLibs {
    fn open() -> Result<WindowLibs, &'static str> {
        let (Ok(intuition), Ok(gadtools)) = (Intuition::open(), GadTools::open()) else {
            return Err("intuition.library or gadtools.library 39 cannot be opened");
        };
        let app_port = MsgPort::new().ok_or("no signal for the AppIcon port")?;
        let (classes, classes_missing) = match ReactionClasses::open() {
            Ok(c) => (Some(c), None),
            Err(why) => (None, why),
        };
        Ok(WindowLibs { intuition, gadtools, classes, classes_missing, app_port, cx_port: MsgPort::new() })
    }
}

/// The window side of the loop: the front-end (ReAction or GadTools), the
/// desk (frame, pick, files, AppIcon), the commodity broker and the
/// controller that ties them to the view model.
struct Window<'r> {
    front: Box<dyn Frontend + 'r>,
    desk: AmigaDesk<'r>,
    broker: Option<Broker<'r>>,
    gui: Gui,
    iconified_at_start: bool,
    /// Why the GadTools window stands in for the ReAction one, shown in
    /// the status line once the window is open.
    notice: Option<alloc::string::String>,
}

impl<'r> Window<'r> {
    /// The ReAction window when window.class and its classes opened
    /// (the GadTools one when it cannot be built), else the GadTools one.
    fn new(libs: &'r WindowLibs, settings: Settings, broker: Option<Broker<'r>>, dos: &'r Dos) -> Window<'r> {
        let desk = AmigaDesk::new(&libs.intuition, dos, &libs.app_port);
        let gadtools = || Box::new(GadToolsUi::new(&libs.intuition, &libs.gadtools));
        let mut front: Box<dyn Frontend + 'r> = match &libs.classes {
            Some(c) => {
                Box::new(FirstThatOpens::new(Box::new(ReactionUi::new(&libs.intuition, &libs.gadtools, c)), gadtools()))
            }
            None => gadtools(),
        };
        front.set_placement(read_window_box(dos));
        let iconified_at_start = settings.startup == Startup::Iconified;
        Window {
            front,
            desk,
            broker,
            gui: Gui::new(settings),
            iconified_at_start,
            notice: libs.classes_missing.clone(),
        }
    }

    /// Opens the window, or iconifies at once (`STARTUP=ICONIFIED`, or no
    /// window could be opened: then the ARexx port stays and SHOW retries).
    fn start(&mut self, os: &mut AmigaIntuition, dos: &Dos) {
        let f = &mut *self.front;
        if self.iconified_at_start {
            self.gui.iconify(f, &mut self.desk);
            return;
        }
        self.gui.show(os, f, &mut self.desk);
        if !f.is_open() {
            dos.print(b"GadgetScope: the window cannot be opened; the ARexx port stays (SHOW retries)\n");
            self.gui.iconify(f, &mut self.desk);
        }
        self.tell();
    }

    /// Shows why the GadTools window stands in for the ReAction one (a
    /// ReAction class missing, or the ReAction window failing to open) in
    /// the status line, once, when the window is open.
    fn tell(&mut self) {
        if let Some(n) = self.front.take_notice() {
            self.notice = Some(n);
        }
        if !self.front.is_open() {
            return;
        }
        if let Some(n) = self.notice.take() {
            self.gui.notice(&mut *self.front, &amiga_ndk::latin1::from_str_lossy(&n));
        }
    }

    /// The signals the window side waits for now.
    fn signal_mask(&self) -> u32 {
        self.front.signal_mask()
            | self.desk.pick_mask()
            | self.desk.app_mask()
            | self.broker.as_ref().map_or(0, |b| b.signal_mask())
    }

    /// Handles what woke the loop (`got`; `ticked` on a timer tick);
    /// true when the user quit.
    fn handle(&mut self, got: u32, ticked: bool, os: &mut AmigaIntuition) -> bool {
        let (gui, f, d) = (&mut self.gui, &mut *self.front, &mut self.desk);
        let mut quit = false;
        for e in f.events() {
            quit |= gui.event(e, os, f, d) == Flow::Quit;
        }
        // The hotkey and Exchange.
        for e in self.broker.as_ref().map(|b| b.events()).unwrap_or_default() {
            match e {
                CxEvent::Popup | CxEvent::Appear => gui.show(os, f, d),
                CxEvent::Disappear => gui.iconify(f, d),
                CxEvent::Kill => quit |= gui.event(UiEvent::Quit, os, f, d) == Flow::Quit,
                CxEvent::Enable | CxEvent::Disable => {}
            }
        }
        if d.pick_mask() != 0 && got & d.pick_mask() != 0 {
            let r = d.poll_pick();
            gui.pick_report(r, os, f, d);
        }
        if d.app_opened() {
            gui.show(os, f, d);
        }
        if ticked {
            gui.tick(os, f, d);
        }
        self.tell();
        quit
    }

    /// Carries out what ARexx SHOW, HIDE and HIGHLIGHT asked for.
    fn request(&mut self, r: UiRequest, os: &mut AmigaIntuition) {
        self.gui.request(r, os, &mut *self.front, &mut self.desk);
        self.tell();
    }

    /// Whether the window needs the 100 ms tick (auto refresh, pick mode).
    fn wants_ticks(&self) -> bool {
        self.gui.wants_ticks(&*self.front)
    }

    /// QUIT from ARexx or Ctrl-C with names not saved: asks, and saves
    /// them first if the user wants (nothing recorded is lost unasked).
    fn before_quit(&mut self) {
        self.gui.before_quit(&mut *self.front, &mut self.desk);
    }

    /// Closes everything and remembers the window's box.
    fn shutdown(mut self, dos: &Dos) {
        self.gui.shutdown(&mut *self.front, &mut self.desk);
        if let Some(b) = self.gui.placement_to_keep(&*self.front) {
            write_window_box(dos, &b);
        }
        // The window (it names the desk's port) before the desk.
        drop(self.front);
        drop(self.desk);
    }
}

/// The commodity broker, made before the ARexx port so that a second
/// start finds the first one's broker (`NBU_UNIQUE|NBU_NOTIFY`: the first
/// one is told `CXCMD_UNIQUE` and comes forward). `Ok(None)` without
/// commodities.library (the AROS ROM has none: then nothing is said) or
/// when the broker fails for another reason (said, then the program runs
/// on without it); `Err(())` when a GadgetScope broker already runs.
fn make_broker<'r>(libs: &'r WindowLibs, settings: &Settings, dos: &Dos) -> Result<Option<Broker<'r>>, ()> {
    let Some(port) = libs.cx_port.as_ref() else { return Ok(None) };
    let title = concat!("GadgetScope ", env!("CARGO_PKG_VERSION")).as_bytes();
    match Broker::new(b"GadgetScope", title, CX_DESCR, &settings.popkey, settings.cx_priority, port) {
        Ok(b) => {
            if let Some(err) = b.hotkey_error() {
                let text = amiga_rt::commodities::hotkey_error_text(&settings.popkey, err);
                complain(dos, &amiga_ndk::latin1::from_str_lossy(&text), 0);
            }
            Ok(Some(b))
        }
        Err(CxError::Duplicate) => Err(()),
        Err(CxError::NoLibrary) => Ok(None),
        Err(e) => {
            let text = alloc::format!("{e}; running without a commodity broker");
            complain(dos, &amiga_ndk::latin1::from_str_lossy(&text), 0);
            Ok(None)
        }
    }
}

/// A start that fails once the public port is up: commands already
/// queued there are answered RC 20 ([`PublicPort::close`]) rather than
/// replied untouched, which a sender reads as RC 0; then the reason, and
/// `rc`.
fn refuse(port: PublicPort, sys: &RexxSys, dos: &Dos, message: &[u8], rc: i32) -> i32 {
    port.close(sys);
    complain(dos, message, rc)
}

/// A second start with a window when the port `name` is taken: asks its
/// owner to `SHOW` (an ARexx command, waited for like any ARexx client
/// does). RC 5 when a GadgetScope came forward (said on the Shell); RC 10
/// with the reason when the port's owner is not a GadgetScope with a
/// window (a NOGUI host answers SHOW with RC 10, another program with its
/// own RC), or the port went away meanwhile.
fn bring_forward(dos: &Dos, sys: &RexxSys, name: &[u8]) -> i32 {
    let shown_name = amiga_ndk::latin1::to_string(name);
    let (Some(reply), Some(arg)) = (MsgPort::new(), sys.create_argstring(b"SHOW")) else {
        return complain(dos, b"no signal or memory for a reply port", RETURN_FAIL);
    };
    let Some(mut msg) = sys.create_rexx_msg(&reply) else {
        return complain(dos, b"no memory for an ARexx message", RETURN_FAIL);
    };
    msg.set_action(RXCOMM);
    msg.set_arg(0, arg);
    let text = match msg.send_and_wait(name) {
        Ok(()) if msg.result1() == 0 => {
            let line = alloc::format!("already running with ARexx port {shown_name}: its window comes to the front");
            return complain(dos, &amiga_ndk::latin1::from_str_lossy(&line), RETURN_WARN);
        }
        Ok(()) => alloc::format!(
            "ARexx port {shown_name} is taken, and its owner answered SHOW with RC {}: set another PORTNAME",
            msg.result1()
        ),
        Err(e) => alloc::format!("ARexx port {shown_name}: {e}"),
    };
    complain(dos, &amiga_ndk::latin1::from_str_lossy(&text), RETURN_ERROR)
}

/// Runs the host; returns the Shell RC. With `gui` (the settings of a
/// Workbench or Shell start without NOGUI) the window joins the loop.
/// `fs_roots` (`FSROOT`) are locked for the run: one that cannot be (it
/// does not exist, or is not a directory) stops the start with RC 10. With
/// `wire` the TCP wire serves the same commands (without bsdsocket.library
/// the Shell says why it is off and the rest runs as before); with
/// `serial` the serial wire does (without the device, or with its unit
/// in use, the Shell and the window's status line say why it is off).
pub fn run(
    dos: &Dos,
    port_name: Option<&[u8]>,
    fs_roots: &[Vec<u8>],
    gui: Option<Settings>,
    wire: Option<&WireSettings>,
    serial: Option<&SerialSettings>,
) -> i32 {
    let sys = match RexxSys::open() {
        Ok(s) => s,
        Err(e) => {
            return complain(
                dos,
                &amiga_ndk::latin1::from_str_lossy(&alloc::format!("{e} (the ARexx system library)")),
                RETURN_FAIL,
            )
        }
    };
    // The window's side first: its broker finds a running GadgetScope.
    let libs = match gui.as_ref().map(|_| WindowLibs::open()).transpose() {
        Ok(l) => l,
        Err(e) => return complain(dos, e.as_bytes(), RETURN_FAIL),
    };
    let broker = match (&gui, &libs) {
        (Some(settings), Some(l)) => match make_broker(l, settings, dos) {
            Ok(b) => b,
            Err(()) => return complain(dos, b"already running: its window comes to the front", RETURN_WARN),
        },
        _ => None,
    };
    let port = match port_name {
        Some(n) => PublicPort::exact(n),
        None => PublicPort::numbered(b"GADGETSCOPE"),
    };
    let port = match (port, port_name) {
        (Ok(p), _) => p,
        (Err(PortError::Taken), Some(name)) if gui.is_some() => return bring_forward(dos, &sys, name),
        (Err(e), _) => return complain(dos, &amiga_ndk::latin1::from_str_lossy(&alloc::format!("{e}")), RETURN_ERROR),
    };
    let (mut os, actor) = match (AmigaIntuition::open(), AmigaActor::open(dos)) {
        (Ok(os), Ok(actor)) => (os, actor),
        (Err(e), _) | (_, Err(e)) => {
            return refuse(port, &sys, dos, &amiga_ndk::latin1::from_str_lossy(&alloc::format!("{e}")), RETURN_FAIL)
        }
    };
    let Some(mut timer) = Timer::open(UNIT_VBLANK) else {
        return refuse(port, &sys, dos, b"cannot open timer.device", RETURN_FAIL);
    };
    let Some(reply) = MsgPort::new() else {
        return refuse(port, &sys, dos, b"no signal or memory for a reply port", RETURN_FAIL);
    };
    let ibase = os.intuition_base();
    // The task that owns GadgetScope's windows (their ports signal it).
    let task = amiga_rt::exec::this_task();
    let mut engine: Engine<'_> = GsEngine::new(os, AmigaSystem::new(dos, &sys, &reply, ibase), actor);
    engine.port_name = port.name().to_vec();
    for root in fs_roots {
        if let Err(e) = engine.roots.grant(&mut engine.system, root) {
            return refuse(port, &sys, dos, &amiga_ndk::latin1::from_str_lossy(&e), RETURN_ERROR);
        }
    }
    let mut line = b"GadgetScope: ARexx port ".to_vec();
    line.extend_from_slice(port.name());
    line.push(b'\n');
    dos.print(&line);
    // ARexx's AUTH compares with it too, also when the wire could not start.
    let password = wire.and_then(|ws| ws.password.clone());
    let mut wire = wire.and_then(|ws| match Wire::start(dos, ws) {
        Ok(w) => Some(w),
        Err(why) => {
            let text = alloc::format!("GadgetScope: the wire is off: {why}\n");
            dos.print(&amiga_ndk::latin1::from_str_lossy(&text));
            None
        }
    });
    let mut serial_off = None;
    let mut serial = serial.and_then(|ss| match crate::wire_serial::start(dos, ss) {
        Ok(s) => Some(s),
        Err(why) => {
            let text = alloc::format!("the serial wire is off: {why}");
            dos.print(&amiga_ndk::latin1::from_str_lossy(&alloc::format!("GadgetScope: {text}\n")));
            serial_off = Some(text);
            None
        }
    });

    let mut host: Host<Asker<'_>> = Host::new(env!("CARGO_PKG_VERSION"));
    host.set_password(password);
    let mut window = match (gui, &libs) {
        (Some(settings), Some(l)) => Some(Window::new(l, settings, broker, dos)),
        _ => None,
    };
    if let Some(w) = &mut window {
        engine.ui = Some(Vec::new());
        w.start(&mut engine.os, dos);
        if let Some(text) = &serial_off {
            w.gui.notice(&mut *w.front, &amiga_ndk::latin1::from_str_lossy(text));
        }
    }
    let base_mask = port.signal_mask() | timer.signal_mask() | engine.system.signal_mask() | SIGBREAKF_CTRL_C;
    let mut now: u32 = 0;
    let mut window_high = 0;
    loop {
        let mask = base_mask
            | engine.system.record_mask()
            | window.as_ref().map_or(0, Window::signal_mask)
            | serial.as_ref().map_or(0, |s| s.line().signal_mask());
        let got = match wire.as_mut() {
            Some(w) => w.wait(mask),
            None => amiga_rt::exec::wait(mask),
        };
        let ticked = timer.fired();
        record_input(&mut engine, &host, &window, task, false);
        // Replies from other programs' ports: the held waits see them now
        // (a WHEREGADGET's action happens there: its input is GadgetScope's).
        if engine.system.collect() {
            let replies = acting(&mut engine, &mut host, &window, task, |h, e| h.tick(e, now));
            send(replies, &mut wire, &mut serial);
        }
        if ticked {
            now = now.wrapping_add(1);
            if let Some(w) = &mut wire {
                w.tick();
            }
            if let Some(s) = &mut serial {
                s.tick();
            }
            let replies = acting(&mut engine, &mut host, &window, task, |h, e| h.tick(e, now));
            send(replies, &mut wire, &mut serial);
        }
        if let Some(w) = &mut window {
            w.gui.sync_record(engine.record_state(), &mut *w.front);
        }
        let mut window_quit = window.as_mut().is_some_and(|w| w.handle(got, ticked, &mut engine.os));
        window_commands(&mut engine, &host, &mut window, task);
        if window.is_some() && amiga_rt::heap::high_water() > window_high {
            window_high = amiga_rt::heap::high_water();
            amiga_rt::memstat::note(b"window");
        }
        while let Some(msg) = port.get_msg(&sys) {
            if !msg.is_command() {
                msg.reply_untouched();
                continue;
            }
            let text = msg.command().unwrap_or_default();
            let replies =
                acting(&mut engine, &mut host, &window, task, |h, e| h.command(e, &text, Asker::Rexx(msg), now));
            carry_out_ui(&mut engine, &mut window);
            amiga_rt::memstat::note(verb(&text));
            send(replies, &mut wire, &mut serial);
            window_quit |= between_commands(&mut engine, &host, &mut window, task);
        }
        // Wire requests, one per client per round, until none is ready:
        // TCP clients and the serial line alike.
        loop {
            let mut work = wire.as_mut().map(Wire::pump).unwrap_or_default();
            // A closed connection's held wait goes with it, not at its TIMEOUT.
            for id in wire.as_mut().map(Wire::take_gone).unwrap_or_default() {
                host.forget(&mut engine, |m| matches!(m, Asker::Wire(w) if *w == id));
            }
            work.extend(serial.as_mut().map(SerialWire::pump).unwrap_or_default());
            if work.is_empty() {
                break;
            }
            for w in work {
                match w {
                    Work::Request(id, line) => {
                        let replies = acting(&mut engine, &mut host, &window, task, |h, e| {
                            h.command(e, &line, Asker::Wire(id), now)
                        });
                        carry_out_ui(&mut engine, &mut window);
                        amiga_rt::memstat::note(verb(&line));
                        send(replies, &mut wire, &mut serial);
                        window_quit |= between_commands(&mut engine, &host, &mut window, task);
                    }
                    Work::UploadCheck(id, put) => {
                        let busy = wire.as_ref().is_some_and(Wire::uploading)
                            || serial.as_ref().is_some_and(SerialWire::uploading);
                        let verdict = if busy {
                            let busy = "another client's FSPUT is still arriving: send it again later";
                            Err(Reply::error(Rc::Failed, busy))
                        } else {
                            host.check_upload(put)
                        };
                        match (verdict, id) {
                            (Ok(put), SERIAL_ID) => serial.as_mut().map_or((), |s| s.accept_upload(put)),
                            (Err(r), SERIAL_ID) => serial.as_mut().map_or((), |s| s.refuse_upload(&r)),
                            (Ok(put), _) => wire.as_mut().map_or((), |wi| wi.accept_upload(id, put)),
                            (Err(r), _) => wire.as_mut().map_or((), |wi| wi.refuse_upload(id, &r)),
                        }
                    }
                    Work::UploadDone(id, put, data) => {
                        let r = host.upload(&mut engine, &put, &data);
                        send(alloc::vec![(Asker::Wire(id), r)], &mut wire, &mut serial);
                    }
                }
            }
        }
        if got & SIGBREAKF_CTRL_C != 0 || host.quit_requested() || window_quit {
            if !window_quit {
                if let Some(w) = &mut window {
                    w.gui.sync_record(engine.record_state(), &mut *w.front);
                    w.before_quit();
                }
                window_commands(&mut engine, &host, &mut window, task);
            }
            break;
        }
        // Tick only while something waits or the window refreshes: idle
        // or iconified, the process sleeps.
        if host.has_waits()
            || window.as_ref().is_some_and(Window::wants_ticks)
            || wire.as_ref().is_some_and(Wire::needs_ticks)
            || serial.as_ref().is_some_and(SerialWire::needs_ticks)
        {
            timer.start(TICK_MICROS);
        }
    }
    // The recording handler out of input.device before anything else.
    engine.record_shutdown();
    // The window goes before the classes and ports it used (`libs`,
    // dropped last).
    if let Some(w) = window {
        w.shutdown(dos);
    }
    send(host.shutdown(&mut engine), &mut wire, &mut serial);
    drop(wire);
    // QUIT's reply goes out before the device closes.
    if let Some(mut s) = serial {
        s.finish();
    }
    port.close(&sys);
    engine.system.drain();
    RETURN_OK
}

/// A command's first word, for the memory statistics (`amiga_rt::memstat`).
fn verb(text: &[u8]) -> &[u8] {
    let text = text.trim_ascii_start();
    &text[..text.iter().position(|&b| b == b' ').unwrap_or(text.len())]
}

/// Whether `ENVARC:` is there to keep the window box in: a DOS list entry
/// (without one DOS is not asked to find or mount it) that can be locked
/// (the bare AROS ROM boot lists an `ENVARC` that cannot, and AROS's dos
/// keeps a copy of the name, 24 bytes, each time a path below it is
/// looked up: `memory-window`). No requester either way.
fn envarc_ready(dos: &Dos) -> bool {
    dos.has_dos_entry(b"ENVARC") && {
        let _quiet = NoRequesters::new();
        dos.exists(b"ENVARC:")
    }
}

/// The remembered window box (`ENVARC:GadgetScope/window.prefs`), if it
/// is there and well-formed; no requester when ENVARC: is missing.
fn read_window_box(dos: &Dos) -> Option<WindowBox> {
    if !envarc_ready(dos) {
        return None;
    }
    let _quiet = NoRequesters::new();
    dos.read_file(WINDOW_PREFS, 64).ok().and_then(|t| WindowBox::parse(&t))
}

/// Remembers the window box in `ENVARC:GadgetScope/window.prefs` (the
/// drawer is made when missing); silently nothing without a usable
/// ENVARC: ([`envarc_ready`]).
fn write_window_box(dos: &Dos, b: &WindowBox) {
    if !envarc_ready(dos) {
        return;
    }
    let _quiet = NoRequesters::new();
    if !dos.exists(b"ENVARC:GadgetScope") {
        let _ = dos.create_dir(b"ENVARC:GadgetScope");
    }
    let _ = dos.write_file(WINDOW_PREFS, &b.to_text());
}
