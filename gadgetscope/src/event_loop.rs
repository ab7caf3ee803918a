//! The one event loop of GadgetScope, with its window and without it (`NOGUI`),
//! and the ARexx port it serves (docs/reference/commands.md, "The port"; design
//! note docs/design/event-loop.md).
//!
//! The process sleeps in one exec `Wait()` (with the TCP wire on, one
//! bsdsocket `WaitSelect()` on the wire's sockets and the same signals:
//! gadgetscope_transport::tcp) on: its public ARexx port
//! (`GADGETSCOPE.<n>`, first free of .1 … .99, or exactly `PORTNAME=`),
//! the reply port of the messages it sends itself (WHERE, MUIREXX) and of
//! the programs it started from Workbench (WBLAUNCH), Ctrl-C, a 100 ms
//! timer.device tick only while a wait is held or the window wants ticks,
//! the recording handler while `RECORD` is on (its events go to the
//! recorder; those GadgetScope itself sends while carrying out a command
//! are drained and dropped), the serial wire's reply port (its standing
//! read and its writes: gadgetscope_transport::serial) with `SERIAL`, and, with the window, the window's signals, the pick handler, the
//! AppIcon port and the commodity broker ([`WindowSide`]). Runs until `QUIT`,
//! Ctrl-C or the window's Quit; every held message is replied (RC 20)
//! before the port closes, then every reply GadgetScope is still owed is
//! waited for (a message's memory and reply port must outlive the
//! receiver's use of them), including the start messages of programs
//! started with WBLAUNCH that are still running.
use crate::complain::complain;
use crate::settings::{Settings, Startup};
use crate::{WINDOW_PART, WINDOW_STACK};
use alloc::boxed::Box;
use alloc::vec::Vec;
use amiga_ndk::dos::{RETURN_ERROR, RETURN_FAIL, RETURN_OK, RETURN_WARN, SIGBREAKF_CTRL_C};
use amiga_ndk::rexx::RXCOMM;
use amiga_ndk::timer::UNIT_VBLANK;
use amiga_rt::commodities::CxEvent;
use amiga_rt::commodities::{Broker, CxError};
use amiga_rt::dos::Dos;
use amiga_rt::exec::MsgPort;
use amiga_rt::rexx::{Incoming, PortError, PublicPort, RexxSys};
use amiga_rt::stack::NoStack;
use amiga_rt::timer::Timer;
use amiga_rt::workbench::AppIcon;
use gadgetscope_arexx::{Host, Rc, RecordOp, Reply};
use gadgetscope_core::walk::{read_screens, IntuitionOs};
use gadgetscope_engine::recording::RecordState;
use gadgetscope_engine::GsEngine;
use gadgetscope_record::windows_of_task;
use gadgetscope_system::{AmigaActor, AmigaIntuition, AmigaSystem};
use gadgetscope_transport::amiga_carrier::AmigaCarrier;
use gadgetscope_transport::conn::Work;
use gadgetscope_transport::settings::{SerialSettings, WireSettings};
use gadgetscope_transport::tcp::TcpWire;
use gadgetscope_transport::Carrier;
use gadgetscope_window::{
    open_libraries, open_window, Commands, Docked, Libraries, WindowSettings, WindowSide, APP_ICON_PATH, APP_ICON_TITLE,
};

/// The commodity's description in Exchange (at most 39 characters:
/// `CBD_DESCRLEN`).
const CX_DESCR: &[u8] = b"Inspects and drives the GUI of programs";
/// The tick of held waits and of the window's refresh, µs
/// (docs/reference/commands.md, "Waiting commands": 100 ms).
const TICK_MICROS: u32 = 100_000;

/// The engine as the Amiga runs it.
type Engine<'a> = GsEngine<AmigaIntuition, AmigaSystem<'a>, AmigaActor<'a>>;

/// The window as the loop holds it: a trait object, so that every call
/// into the window goes through the function table (docs/design/parts.md).
type Side<'r, 'p> = Box<dyn WindowSide<'p> + 'r>;

/// Who is owed a reply: an ARexx message, or a wire connection: its
/// carrier's place in the loop's list and its number there.
enum Asker<'a> {
    Rexx(Incoming<'a>),
    Wire(usize, u32),
}

/// Replies each asker. ARexx: RC in `rm_Result1`, the text as an
/// argstring in `rm_Result2` only with RC 0, `RXFF_RESULT` and a non-empty
/// text (amiga-rt `rexx::carries_result`). Wire: `RC <rc> <count>` and the
/// text, to the connection if it is still there.
fn send(replies: Vec<(Asker<'_>, Reply)>, carriers: &mut [AmigaCarrier]) {
    for (to, r) in replies {
        match to {
            Asker::Rexx(msg) => {
                let _ = msg.reply(r.rc as i32, &r.text);
            }
            Asker::Wire(k, id) => {
                if let Some(c) = carriers.get_mut(k) {
                    c.deliver(id, r);
                }
            }
        }
    }
}

/// Carries out SHOW, HIDE and HIGHLIGHT before the command's reply goes:
/// a script sees their effect when its command returns.
fn carry_out_ui(engine: &mut Engine<'_>, window: &mut Option<Side<'_, '_>>) {
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
    window: &Option<Side<'_, '_>>,
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
        own.extend(w.frame_windows().into_iter().filter(|&a| a != 0));
    }
    // A MANIFEST a script loaded names gadgets, else the window's profile.
    let profile = window.as_ref().and_then(|w| w.profile_manifest());
    engine.record_events(&events, lost, host.manifest().or(profile), &own);
}

/// GadgetScope acts (a command, a held wait's tick): the input the user
/// made before goes to the recorder, the input sent while `act` runs is
/// GadgetScope's own and is dropped.
fn acting<'a, R>(
    engine: &mut Engine<'a>,
    host: &mut Host<Asker<'a>>,
    window: &Option<Side<'_, '_>>,
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
    window: &mut Option<Side<'_, '_>>,
    task: u32,
) -> bool {
    let quit = window.as_mut().is_some_and(|w| w.handle(0, false, &mut engine.os, &[]));
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
fn window_commands(engine: &mut Engine<'_>, host: &Host<Asker<'_>>, window: &mut Option<Side<'_, '_>>, task: u32) {
    if !window.as_ref().is_some_and(|w| w.has_commands()) {
        return;
    }
    record_input(engine, host, window, task, false);
    if let Some(w) = window.as_mut() {
        w.run_commands(&mut WindowCommands { engine: &mut *engine });
    }
    record_input(engine, host, window, task, true);
}

/// The commodity broker, made before the ARexx port so that a second
/// start finds the first one's broker (`NBU_UNIQUE|NBU_NOTIFY`: the first
/// one is told `CXCMD_UNIQUE` and comes forward). `Ok(None)` without
/// commodities.library (the AROS ROM has none: then nothing is said) or
/// when the broker fails for another reason (said, then the program runs
/// on without it); `Err(())` when a GadgetScope broker already runs.
fn make_broker(port: MsgPort, settings: &Settings, dos: &Dos) -> Result<Option<Broker>, ()> {
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

/// What the loop serves with, the window there or not: the ports, the
/// engine and host, the wire's carriers, the tick, and with the window
/// (`gui`) the commodity broker, the AppIcon's port and what the last
/// window left while its part is unloaded.
struct Serving<'a, 'p, 'q> {
    dos: &'a Dos,
    sys: &'a RexxSys,
    port: &'q PublicPort,
    engine: Engine<'a>,
    host: Host<Asker<'a>>,
    carriers: Vec<AmigaCarrier>,
    timer: Timer,
    /// The task that owns GadgetScope's windows (their ports signal it).
    task: u32,
    base_mask: u32,
    now: u32,
    window_high: usize,
    /// With the window: what opens it again.
    gui: Option<GuiSide<'p>>,
    /// Commands that came while the window was to be brought in: run
    /// first when the loop goes on.
    pending: Vec<Job<'a>>,
    /// Why the serial wire is off, for the window's status line.
    serial_off: Option<alloc::string::String>,
}

/// The window's side that stays while its part is unloaded
/// (docs/design/parts.md): the broker, the AppIcon's port, and the AppIcon
/// and box the last window left ([`WindowSide::dock`]).
struct GuiSide<'p> {
    settings: Settings,
    broker: Option<Broker>,
    app_port: &'p MsgPort,
    docked: Docked<'p>,
}

/// A command to run: an ARexx message's, or a wire connection's work.
enum Job<'a> {
    Rexx(Vec<u8>, Incoming<'a>),
    Wire(usize, Work),
}

/// Why [`serve`] returned.
enum Stop {
    /// QUIT, Ctrl-C, the window's Quit or the commodity's Kill.
    Quit,
    /// The window is iconified with nothing to lose: it goes, its part
    /// is unloaded.
    Dock,
    /// The window is wanted (the AppIcon, the hotkey, Exchange, SHOW or
    /// HIGHLIGHT): open iconified or not.
    Wake { iconified: bool },
}

/// What the start opens for the loop ([`open`], start code: freed once the
/// start has run): the ARexx system library, the public port and the reply
/// port, Intuition, the tick, with the window the
/// AppIcon's port and the commodity broker.
pub struct Opened {
    sys: RexxSys,
    port: PublicPort,
    os: AmigaIntuition,
    timer: Timer,
    reply: MsgPort,
    app_port: Option<MsgPort>,
    broker: Option<Broker>,
}

/// Opens what the loop serves with, in this order: the ARexx system
/// library; with the window (`gui`) the AppIcon's port and the commodity
/// broker (before the ARexx port, so that a second start finds the first
/// one's broker); the public ARexx port (`port_name`, else the first free
/// `GADGETSCOPE.<n>`); Intuition, timer.device and a reply port. (The
/// actor, which holds `dos`, opens in [`run`]; the wire starts there too,
/// once the `FSROOT`s are granted and the port is announced.) Err: the start's RC once the reason is
/// told (RC 20 for a missing resource, 10 for a port that cannot be had,
/// 5 when a running GadgetScope came forward instead).
pub fn open(dos: &Dos, port_name: Option<&[u8]>, gui: Option<&Settings>) -> Result<Opened, i32> {
    let sys = match RexxSys::open() {
        Ok(s) => s,
        Err(e) => {
            return Err(complain(
                dos,
                &amiga_ndk::latin1::from_str_lossy(&alloc::format!("{e} (the ARexx system library)")),
                RETURN_FAIL,
            ))
        }
    };
    // The window's ports: the loop's, they outlive every window.
    let (app_port, cx_port) = match gui.map(|_| (MsgPort::new(), MsgPort::new())) {
        Some((None, _)) => return Err(complain(dos, b"no signal for the AppIcon port", RETURN_FAIL)),
        Some((Some(a), c)) => (Some(a), c),
        None => (None, None),
    };
    // The broker first: it finds a running GadgetScope.
    let broker = match (gui, cx_port) {
        (Some(settings), Some(port)) => match make_broker(port, settings, dos) {
            Ok(b) => b,
            Err(()) => return Err(complain(dos, b"already running: its window comes to the front", RETURN_WARN)),
        },
        _ => None,
    };
    let port = match port_name {
        Some(n) => PublicPort::exact(n),
        None => PublicPort::numbered(b"GADGETSCOPE"),
    };
    let port = match (port, port_name) {
        (Ok(p), _) => p,
        (Err(PortError::Taken), Some(name)) if gui.is_some() => return Err(bring_forward(dos, &sys, name)),
        (Err(e), _) => {
            return Err(complain(dos, &amiga_ndk::latin1::from_str_lossy(&alloc::format!("{e}")), RETURN_ERROR))
        }
    };
    let os = match AmigaIntuition::open() {
        Ok(os) => os,
        Err(e) => {
            return Err(refuse(
                port,
                &sys,
                dos,
                &amiga_ndk::latin1::from_str_lossy(&alloc::format!("{e}")),
                RETURN_FAIL,
            ))
        }
    };
    let Some(timer) = Timer::open(UNIT_VBLANK) else {
        return Err(refuse(port, &sys, dos, b"cannot open timer.device", RETURN_FAIL));
    };
    let Some(reply) = MsgPort::new() else {
        return Err(refuse(port, &sys, dos, b"no signal or memory for a reply port", RETURN_FAIL));
    };
    Ok(Opened { sys, port, os, timer, reply, app_port, broker })
}

/// Runs the host with what the start opened ([`open`]); returns the Shell
/// RC. With `gui` (the settings of a
/// Workbench or Shell start without NOGUI) the window joins the loop; its
/// code is a part loaded on demand (docs/design/parts.md), there while
/// the window is open or holds something, unloaded while it is
/// iconified with nothing to lose. `fs_roots` (`FSROOT`) are locked for
/// the run: one that cannot be (it does not exist, or is not a directory)
/// stops the start with RC 10. With `wire` the TCP wire serves the same
/// commands (without bsdsocket.library the Shell says why it is off and
/// the rest runs as before); with `serial` the serial wire does (without
/// the device, or with its unit in use, the Shell and the window's status
/// line say why it is off).
pub fn run(
    dos: &Dos,
    fs_roots: &[Vec<u8>],
    gui: Option<Settings>,
    wire: Option<&WireSettings>,
    serial: Option<&SerialSettings>,
    opened: Opened,
) -> i32 {
    let Opened { sys, port, mut os, timer, reply, app_port, broker } = opened;
    let actor = match AmigaActor::open(dos) {
        Ok(actor) => actor,
        Err(e) => {
            return refuse(port, &sys, dos, &amiga_ndk::latin1::from_str_lossy(&alloc::format!("{e}")), RETURN_FAIL)
        }
    };
    let ibase = os.intuition_base();
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
    // The wire's carriers: the TCP listener, the serial line.
    let mut carriers: Vec<AmigaCarrier> = Vec::new();
    if let Some(ws) = wire {
        match TcpWire::start(dos, ws) {
            Ok(w) => carriers.push(AmigaCarrier::Tcp(w)),
            Err(why) => {
                let text = alloc::format!("GadgetScope: the wire is off: {why}\n");
                dos.print(&amiga_ndk::latin1::from_str_lossy(&text));
            }
        }
    }
    let mut serial_off = None;
    if let Some(ss) = serial {
        match gadgetscope_transport::serial::start(dos, ss) {
            Ok(s) => carriers.push(AmigaCarrier::Serial(s)),
            Err(why) => {
                let text = alloc::format!("the serial wire is off: {why}");
                dos.print(&amiga_ndk::latin1::from_str_lossy(&alloc::format!("GadgetScope: {text}\n")));
                serial_off = Some(text);
            }
        }
    }

    let mut host: Host<Asker<'_>> = Host::new(env!("CARGO_PKG_VERSION"));
    host.set_password(password);
    let base_mask = port.signal_mask() | timer.signal_mask() | engine.system.signal_mask() | SIGBREAKF_CTRL_C;
    // Started iconified, the loop shows the AppIcon itself: the window's
    // part is loaded only when the window is wanted.
    let iconified = gui.as_ref().is_some_and(|g| g.startup == Startup::Iconified);
    let mut next = match &gui {
        Some(_) if iconified => Stop::Dock,
        Some(_) => Stop::Wake { iconified: false },
        None => Stop::Dock,
    };
    if gui.is_some() {
        engine.ui = Some(Vec::new());
    }
    let mut s = Serving {
        dos,
        sys: &sys,
        port: &port,
        engine,
        host,
        carriers,
        timer,
        task: amiga_rt::exec::this_task(),
        base_mask,
        now: 0,
        window_high: 0,
        gui: gui.zip(app_port.as_ref()).map(|(settings, app_port)| GuiSide {
            settings,
            broker,
            app_port,
            docked: (iconified.then(|| AppIcon::add(APP_ICON_PATH, APP_ICON_TITLE, app_port)).flatten(), None),
        }),
        pending: Vec::new(),
        serial_off,
    };
    let mut first = true;
    loop {
        next = match next {
            Stop::Quit => break,
            // The window's OS calls (its layout, requesters) run on a
            // stack of their own, held only while the window is in.
            Stop::Wake { iconified } => {
                match amiga_rt::stack::run_on(WINDOW_STACK, || with_window(&mut s, iconified, first)) {
                    Ok(stop) => stop,
                    Err(NoStack) => {
                        let why = alloc::format!("not enough memory for the window's {WINDOW_STACK}-byte stack");
                        refuse_window(&mut s, first, why.into_bytes())
                    }
                }
            }
            Stop::Dock => serve(&mut s, &mut None),
        };
        first = false;
    }
    let Serving { mut engine, mut host, mut carriers, gui, timer, pending, .. } = s;
    drop((timer, pending));
    send(host.shutdown(&mut engine), &mut carriers);
    // QUIT's reply goes out before the serial device closes.
    for c in &mut carriers {
        c.finish();
    }
    drop(carriers);
    // The AppIcon before its port; what the port still holds is replied.
    drop(gui);
    if let Some(p) = &app_port {
        AppIcon::opened(p);
    }
    port.close(&sys);
    engine.system.drain();
    RETURN_OK
}

/// Brings the window in: loads its part, opens its libraries and the
/// window (`iconified`, or open), hands it what the last one left, and
/// serves with it until it docks or GadgetScope quits. When the part or
/// the libraries cannot be had, the reason answers the commands that
/// wanted the window (RC 20) and, at the `first` start or when the user
/// asked (the AppIcon, the hotkey), is said on the Shell or in a
/// requester; GadgetScope serves scripts on.
fn with_window(s: &mut Serving<'_, '_, '_>, iconified: bool, first: bool) -> Stop {
    let Some(g) = s.gui.as_mut() else { return Stop::Dock };
    let dos = s.dos;
    // The part before anything of the window, unloaded after it (declared first).
    let part = WINDOW_PART.load_or_why(dos);
    // Through function pointers the compiler cannot see through: every
    // call into the window goes through the table (docs/design/parts.md).
    let open_libs: fn() -> Result<Box<dyn Libraries>, &'static str> = core::hint::black_box(open_libraries);
    let libs = part.as_ref().map_err(Vec::clone).and_then(|_| open_libs().map_err(|e| e.as_bytes().to_vec()));
    let libs = match libs {
        Ok(l) => l,
        Err(why) => return refuse_window(s, first, why),
    };
    let ws = WindowSettings {
        port: s.port.name().to_vec(),
        refresh: g.settings.refresh,
        profile_dir: g.settings.profile_dir.clone(),
    };
    let docked = (g.docked.0.take(), g.docked.1.take());
    let open = core::hint::black_box(open_window as fn(_, _, _, _, _, _) -> _);
    let mut window: Option<Side<'_, '_>> = Some(open(&*libs, ws, iconified, g.app_port, docked, dos));
    if let Some(w) = &mut window {
        w.start(&mut s.engine.os, dos);
        if let Some(text) = &s.serial_off {
            w.notice(&amiga_ndk::latin1::from_str_lossy(text));
        }
    }
    let stop = serve(s, &mut window);
    if let Some(w) = window.take() {
        match stop {
            Stop::Dock => {
                if let Some(g) = s.gui.as_mut() {
                    g.docked = w.dock(dos);
                }
            }
            _ => w.shutdown(dos),
        }
    }
    drop(window);
    drop(libs);
    drop(part);
    stop
}

/// The window cannot be brought in (`why`, Latin-1): at the `first` start
/// or when the user asked (no command waits for it), the Shell or a
/// requester says so; the commands that wanted the window answer RC 20
/// with `why`, once; GadgetScope serves scripts on.
fn refuse_window(s: &mut Serving<'_, '_, '_>, first: bool, why: Vec<u8>) -> Stop {
    if first || s.pending.is_empty() {
        let mut text = why.clone();
        text.extend_from_slice(b"; serving scripts without a window");
        complain(s.dos, &text, 0);
    }
    s.engine.ui_refused = Some(amiga_ndk::latin1::to_string(&why));
    let jobs = core::mem::take(&mut s.pending);
    let (_, wake) = run_jobs(s, &mut None, jobs);
    s.engine.ui_refused = None;
    wake.unwrap_or(Stop::Dock)
}

/// Whether `job` wants the window brought in first: SHOW or HIGHLIGHT
/// while its part is unloaded.
fn shows_window(job: &Job<'_>) -> bool {
    let (Job::Rexx(line, _) | Job::Wire(_, Work::Request(_, line))) = job else { return false };
    gadgetscope_arexx::parse(line).is_ok_and(|c| c.verb().shows_window())
}

/// Runs `jobs` in order. With the window's part unloaded, a job that
/// wants the window and every one after it wait in `s.pending` and the
/// loop is told to bring the window in. Returns whether the window asked
/// to quit, and the wake.
fn run_jobs<'a>(
    s: &mut Serving<'a, '_, '_>,
    window: &mut Option<Side<'_, '_>>,
    jobs: Vec<Job<'a>>,
) -> (bool, Option<Stop>) {
    let mut quit = false;
    let mut jobs = jobs.into_iter();
    while let Some(job) = jobs.next() {
        if window.is_none() && s.gui.is_some() && s.engine.ui_refused.is_none() && shows_window(&job) {
            s.pending.push(job);
            s.pending.extend(jobs);
            return (quit, Some(Stop::Wake { iconified: true }));
        }
        let now = s.now;
        match job {
            Job::Rexx(text, msg) => {
                let replies = acting(&mut s.engine, &mut s.host, window, s.task, |h, e| {
                    h.command(e, &text, Asker::Rexx(msg), now)
                });
                carry_out_ui(&mut s.engine, window);
                amiga_rt::memstat::note(verb(&text));
                send(replies, &mut s.carriers);
            }
            Job::Wire(k, Work::Request(id, line)) => {
                let replies = acting(&mut s.engine, &mut s.host, window, s.task, |h, e| {
                    h.command(e, &line, Asker::Wire(k, id), now)
                });
                carry_out_ui(&mut s.engine, window);
                amiga_rt::memstat::note(verb(&line));
                send(replies, &mut s.carriers);
            }
            Job::Wire(k, Work::UploadCheck(id, put)) => {
                let verdict = if s.carriers.iter().any(|c| c.uploading()) {
                    let busy = "another client's FSPUT is still arriving: send it again later";
                    Err(Reply::error(Rc::Failed, busy))
                } else {
                    s.host.check_upload(put)
                };
                match verdict {
                    Ok(put) => s.carriers[k].accept_upload(id, put),
                    Err(r) => s.carriers[k].refuse_upload(id, &r),
                }
                continue;
            }
            Job::Wire(k, Work::UploadDone(id, put, data)) => {
                let r = s.host.upload(&mut s.engine, &put, &data);
                send(alloc::vec![(Asker::Wire(k, id), r)], &mut s.carriers);
                continue;
            }
        }
        quit |= between_commands(&mut s.engine, &s.host, window, s.task);
    }
    (quit, None)
}

/// Serves until GadgetScope quits, the window (`window`, when its part is
/// loaded) docks, or the window is wanted back.
fn serve<'a, 'p>(s: &mut Serving<'a, 'p, '_>, window: &mut Option<Side<'_, 'p>>) -> Stop {
    loop {
        let (mut got, mut ticked) = (0, false);
        // Commands left waiting for the window run before the next sleep;
        // a QUIT among those run while the window's part could not be
        // loaded ends the loop before it sleeps.
        if s.pending.is_empty() && !s.host.quit_requested() {
            let dock_mask = match (&*window, &s.gui) {
                (None, Some(g)) => g.app_port.signal_mask(),
                _ => 0,
            };
            let mask = s.base_mask
                | s.engine.system.record_mask()
                | window.as_ref().map_or(0, |w| w.signal_mask())
                | s.gui.as_ref().and_then(|g| g.broker.as_ref()).map_or(0, |b| b.signal_mask())
                | dock_mask
                | s.carriers.iter().fold(0, |m, c| m | c.signal_mask());
            // The TCP carrier sleeps in WaitSelect() on its sockets and `mask`.
            got = s.carriers.iter_mut().find_map(|c| c.wait(mask)).unwrap_or_else(|| amiga_rt::exec::wait(mask));
            ticked = s.timer.fired();
        }
        record_input(&mut s.engine, &s.host, window, s.task, false);
        // Replies from other programs' ports: the held waits see them now
        // (a WHEREGADGET's action happens there: its input is GadgetScope's).
        if s.engine.system.collect() {
            let now = s.now;
            let replies = acting(&mut s.engine, &mut s.host, window, s.task, |h, e| h.tick(e, now));
            send(replies, &mut s.carriers);
        }
        if ticked {
            s.now = s.now.wrapping_add(1);
            for c in &mut s.carriers {
                c.tick();
            }
            let now = s.now;
            let replies = acting(&mut s.engine, &mut s.host, window, s.task, |h, e| h.tick(e, now));
            send(replies, &mut s.carriers);
        }
        if let Some(w) = window.as_mut() {
            w.sync_record(s.engine.record_state());
        }
        // The hotkey and Exchange: the window's, or the loop's while it is docked.
        let cx = s.gui.as_ref().and_then(|g| g.broker.as_ref()).map(|b| b.events()).unwrap_or_default();
        let mut wake = None;
        let mut window_quit = false;
        match (window.as_mut(), &s.gui) {
            (Some(w), _) => window_quit = w.handle(got, ticked, &mut s.engine.os, &cx),
            (None, Some(g)) => {
                for e in &cx {
                    match e {
                        CxEvent::Popup | CxEvent::Appear => wake = Some(Stop::Wake { iconified: false }),
                        CxEvent::Kill => window_quit = true,
                        CxEvent::Disappear | CxEvent::Enable | CxEvent::Disable => {}
                    }
                }
                if AppIcon::opened(g.app_port) {
                    wake = Some(Stop::Wake { iconified: false });
                }
            }
            (None, None) => {}
        }
        window_commands(&mut s.engine, &s.host, window, s.task);
        if window.is_some() && amiga_rt::heap::high_water() > s.window_high {
            s.window_high = amiga_rt::heap::high_water();
            amiga_rt::memstat::note(b"window");
        }
        let mut jobs = core::mem::take(&mut s.pending);
        while let Some(msg) = s.port.get_msg(s.sys) {
            if !msg.is_command() {
                msg.reply_untouched();
                continue;
            }
            jobs.push(Job::Rexx(msg.command().unwrap_or_default(), msg));
        }
        let (quit, woken) = run_jobs(s, window, jobs);
        window_quit |= quit;
        wake = wake.or(woken);
        // Wire requests, one per connection per round, until none is
        // ready: TCP clients and the serial line alike. Not while
        // commands wait for the window: they keep their order.
        while s.pending.is_empty() {
            let mut work = Vec::new();
            for (k, c) in s.carriers.iter_mut().enumerate() {
                work.extend(c.pump().into_iter().map(|w| Job::Wire(k, w)));
                // A closed connection's held wait goes with it, not at its TIMEOUT.
                for id in c.take_gone() {
                    s.host.forget(&mut s.engine, |m| matches!(m, Asker::Wire(ck, w) if *ck == k && *w == id));
                }
            }
            if work.is_empty() {
                break;
            }
            let (quit, woken) = run_jobs(s, window, work);
            window_quit |= quit;
            wake = wake.or(woken);
        }
        if got & SIGBREAKF_CTRL_C != 0 || s.host.quit_requested() || window_quit {
            if !window_quit {
                if let Some(w) = window.as_mut() {
                    w.sync_record(s.engine.record_state());
                    w.before_quit();
                }
                window_commands(&mut s.engine, &s.host, window, s.task);
            }
            // The recording handler out of input.device before anything else.
            s.engine.record_shutdown();
            return Stop::Quit;
        }
        if let Some(w) = wake {
            return w;
        }
        if window.as_ref().is_some_and(|w| w.can_dock()) {
            return Stop::Dock;
        }
        // Tick only while something waits or the window refreshes: idle
        // or iconified, the process sleeps.
        if s.host.has_waits()
            || window.as_ref().is_some_and(|w| w.wants_ticks())
            || s.carriers.iter().any(|c| c.needs_ticks())
        {
            s.timer.start(TICK_MICROS);
        }
    }
}

/// A command's first word, for the memory statistics (`amiga_rt::memstat`).
fn verb(text: &[u8]) -> &[u8] {
    let text = text.trim_ascii_start();
    &text[..text.iter().position(|&b| b == b' ').unwrap_or(text.len())]
}
