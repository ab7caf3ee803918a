//! The `gadgetscope_arexx::Engine` verbs over
//! the walker (core), the DOS side ([`System`]) and, for the verbs that
//! act, input.device. Generic over the OS boundary, so host tests run it
//! on `gadgetscope_core::fake::FakeIntuition`.
pub use crate::files::{FileSystem, Roots};
use crate::inspect::{inspect, Inspect};
use alloc::string::String;
use alloc::vec::Vec;
use amiga_ndk::input::{IEQUALIFIER_LSHIFT, RAWKEY_BACKSPACE, RAWKEY_CURSOR_RIGHT, RAWKEY_RETURN};
use amiga_ndk::latin1;
use amiga_ndk::latin1::{decimal, signed_decimal};
use amiga_ndk::Rect;
use gadgetscope_arexx::{error, Error, FsOp, Rc, Shown, TypeOptions};
use gadgetscope_arexx::{Abandon, Command, Condition, Destination, Engine, Expect, Names, Outcome, Target, WaitToken};
use gadgetscope_core::classify::Role;
use gadgetscope_core::input::{self, ActionError, Event, KeyMap, ScreenSize};
use gadgetscope_core::locate::{contains, find_gadget, find_target, GadgetLocator, WindowTarget};
use gadgetscope_core::pick;
use gadgetscope_core::snapshot::{GadgetSnap, ScreensSnapshot, WindowInfo, WindowSnap};
use gadgetscope_core::walk::{
    find_and_walk, read_listed_window, read_screens, walk_menu, walk_window, FindError, IntuitionOs,
};

/// Most input.device round trips one condition wait of the MENUPICK
/// pointer walk makes before it gives up (each is one `IND_WRITEEVENT`
/// of the pointer where it already is).
pub const MENU_ROUND_TRIPS: usize = 200;

/// Round trips of one menu condition wait before each further one also
/// yields a tick to lower-priority tasks: at priority 0 the menu task
/// keeps up within a few round trips (no tick lost); above it, it runs
/// only when GadgetScope sleeps.
pub const MENU_YIELD_AFTER: usize = 8;

/// Most ticks (1/50 s each) DRAG waits, with the button still held, for
/// the target's program to take its IDCMP messages before it releases
/// (`GsEngine::drag_release`): 2 s, then it releases anyway.
pub const DRAG_SETTLE_TICKS: usize = 100;

/// A message sent to another program's ARexx port and not yet replied
/// (WHERE, MUIREXX); chosen by the [`System`].
pub type Request = u32;

/// Why a message could not be sent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SendError {
    /// No public port of that name.
    NoPort,
    /// Memory, signals, rexxsyslib: the text says which.
    Failed(String),
}

/// What the engine needs from DOS and exec besides Intuition (and, for
/// the file verbs, [`FileSystem`]).
pub trait System: FileSystem {
    /// `SCREENSHOT` of the screen at `screen` (found in the list of
    /// IntuitionBase `ibase` just now), `crop` the window's box for a
    /// window capture: with `to`, an ILBM file written and `<width>
    /// <height> <depth>`, else AmiPilot's payload (crate::screenshot).
    /// RC 20 when the screen closes meanwhile or the file cannot be
    /// written, RC 10 when the payload is larger than a result can be.
    fn capture(&mut self, ibase: u32, screen: u32, crop: Option<Rect>, to: Option<&[u8]>) -> Result<Vec<u8>, Error>;
    /// `SHOWN` and the `SHOWN=` locator: the pixels of `window` (a
    /// `struct Window *` found in the list of IntuitionBase `ibase` just
    /// now) as its screen shows them, the boxes other layers cover, and
    /// the system's fonts, the window's own first (crate::shown). RC 20
    /// when the window closes meanwhile, its screen has no pens (deeper
    /// than 8 bits) or the copy does not fit in memory.
    fn seen(&mut self, ibase: u32, window: u32) -> Result<crate::shown::Seen, Error>;
    /// The whole file at an AmigaDOS path (`MANIFEST`); RC 10 naming the
    /// problem when it cannot be read.
    fn read_file(&mut self, path: &[u8]) -> Result<Vec<u8>, Error>;
    /// Is there a public message port of this name now?
    fn port_exists(&mut self, name: &[u8]) -> bool;
    /// Sends `command` as an `RXCOMM | RXFF_RESULT` RexxMsg to the public
    /// port `port` and returns at once; the reply is collected by the
    /// event loop ([`System::rexx_reply`]).
    fn rexx_send(&mut self, port: &[u8], command: &[u8]) -> Result<Request, SendError>;
    /// The reply of `req` once it arrived: `rm_Result1` and the result
    /// string (empty when there was none). Each reply is handed out once.
    fn rexx_reply(&mut self, req: Request) -> Option<(i32, Vec<u8>)>;
    /// Nobody waits for `req` any more: its reply is thrown away when it
    /// arrives. The message and the reply port stay alive until then
    /// (docs/reference/commands.md, "Waiting commands").
    fn rexx_forget(&mut self, req: Request);
    /// `LAUNCH`: starts `command` asynchronously as `Run` does; `Err`
    /// is the dos error text (Latin-1) when no process could be created.
    fn launch(&mut self, stack: Option<u32>, command: &[u8]) -> Result<(), Vec<u8>>;
    /// `WBLAUNCH`: a genuine Workbench start (RC 10 not found or a bad
    /// tooltype, RC 20 could not start).
    fn wb_launch(&mut self, path: &[u8], tooltypes: &[Vec<u8>], args: &[Vec<u8>]) -> Result<(), Error>;
    /// `RECORD START`: add the recording input handler (it observes, never
    /// swallows: docs/design/recorder.md); `Err` says why it cannot be.
    fn record_start(&mut self) -> Result<(), String>;
    /// `RECORD STOP` (and quitting): remove it; nothing when none is in.
    fn record_stop(&mut self);
}

/// A WHERE port's answer, parsed strictly: exactly four decimal integers
/// `<x> <y> <w> <h>` separated by single spaces, x/y may be negative,
/// w/h at least 1, all within 16 bits; nothing before or after.
pub fn parse_where_reply(text: &[u8]) -> Result<Rect, Vec<u8>> {
    let bad = |why: &str| latin1::format(format_args!("\"{}\" is not \"<x> <y> <w> <h>\" ({why})", Shown(text)));
    let fields: Vec<&[u8]> = text.split(|&c| c == b' ').collect();
    if fields.len() != 4 {
        return Err(bad("need four numbers separated by single spaces"));
    }
    let mut v = [0i32; 4];
    for (i, f) in fields.iter().enumerate() {
        // x and y may be negative (a gadget left of or above its window).
        let n = if i < 2 { signed_decimal(f) } else { decimal(f).map(|n| i64::try_from(n).unwrap_or(i64::MAX)) };
        let Some(n) = n else {
            return Err(bad("a field is not a decimal number"));
        };
        v[i] = match i16::try_from(n) {
            Ok(n) => i32::from(n),
            Err(_) => return Err(bad("a number is out of range")),
        };
    }
    if v[2] < 1 || v[3] < 1 {
        return Err(bad("width and height must be at least 1"));
    }
    Ok(Rect::new(v[0], v[1], v[2], v[3]))
}

/// The outcome of `WHERE <name>` sent to `port`: RC 0 with a well-formed
/// geometry, else RC 10 for whatever the application answered instead (an
/// RC of its own, or text that is not `<x> <y> <w> <h>`), as AmiPilot's
/// server/README.md "WHERE" maps them: the fault is the application's, not
/// GadgetScope's.
pub fn where_result(port: &[u8], name: &[u8], rc: i32, text: &[u8]) -> Result<Rect, Error> {
    match rc {
        0 => parse_where_reply(text).map_err(|why| {
            error!(Rc::Error, "WHERE port {} answered for {}: {}", Shown(port), Shown(name), Shown(&why))
        }),
        10 => Err(error!(Rc::Error, "WHERE port {} does not know {} (RC 10)", Shown(port), Shown(name))),
        n => Err(error!(Rc::Error, "WHERE port {} replied RC {n} for {}", Shown(port), Shown(name))),
    }
}

/// The ports MUIREXX tries, in order (docs/reference/commands.md, "MUIREXX"):
/// the name as given (an exact port such as `YAM.1` or a program whose port has
/// no number), then `<base>.1` (MUI names the first instance's port
/// `<MUIA_Application_Base>.1`), then the same upper-cased (MUI bases are
/// conventionally upper case).
pub fn mui_ports(base: &[u8]) -> Vec<Vec<u8>> {
    let mut out = alloc::vec![base.to_vec()];
    let mut one = base.to_vec();
    one.extend_from_slice(b".1");
    let upper = one.to_ascii_uppercase();
    out.push(one);
    if !out.contains(&upper) {
        out.push(upper);
    }
    out
}

/// The outcome of a MUIREXX message answered by `port`: RC 0 with the
/// application's result; any other RC of the application is RC 10, its
/// text the application's RC, then its result text or, when it gave none
/// (ARexx gives a string only with RC 0), which port answered. This is
/// AmiPilot's mapping (server/README.md "MUI-ARexx bridge": the code is
/// relayed, not reinterpreted); its client reads the code from the text's
/// first word.
pub fn mui_result(port: &[u8], rc: i32, text: Vec<u8>) -> Result<Vec<u8>, Error> {
    if rc == 0 {
        return Ok(text);
    }
    Err(if text.is_empty() {
        error!(Rc::Error, "{rc} ({} replied RC {rc})", Shown(port))
    } else {
        error!(Rc::Error, "{rc} {}", Shown(&text))
    })
}

/// The gadget of `w` a WHERE geometry names: one whose box is exactly
/// `r` (so TYPE and GETTEXT see its role and value), else a stand-in of
/// role `unknown` with that box, appended to `w.gadgets`. Returns its index.
pub fn where_gadget(w: &mut WindowSnap, r: Rect) -> usize {
    if let Some(i) = w.gadgets.iter().position(|g| g.sys.is_none() && g.rect() == r) {
        return i;
    }
    w.gadgets.push(GadgetSnap {
        address: 0,
        id: 0,
        role: Role::Unknown,
        class: Default::default(),
        label: Vec::new(),
        value: None,
        left: r.left,
        top: r.top,
        width: r.width,
        height: r.height,
        flags: 0,
        gadget_type: 0,
        sys: None,
        level: None,
        knob: None,
        gt_kind: None,
    });
    w.gadgets.len() - 1
}

/// What acts on the system with real input (docs/architecture.md, "Principles";
/// the Amiga side is input.device, see amiga_rt::input).
pub trait Actor {
    /// Brings the window's screen and the window to the front and
    /// activates the window, before any event is sent.
    fn bring_forward(&mut self, window: &WindowInfo);
    /// Injects `events` in order (pointer positions relative to `screen`,
    /// the `struct Screen *` of the target); stops at the first refusal.
    fn inject(&mut self, screen: u32, events: &[Event]) -> Result<(), String>;
    /// The user's keymap (keymap.library `MapANSI`), or the USA fallback.
    fn keymap(&mut self) -> &mut dyn KeyMap;
    /// Lets tasks of lower priority than this one run: dos `Delay(1)`,
    /// one tick (1/50 s). Waiting for a reply alone does not, when the
    /// task that must act (AROS's menu task, priority 0) is below us.
    fn yield_to_lower(&mut self);
}

/// What to do once a WHERE port answered.
#[derive(Clone, Debug)]
enum Then {
    /// `WHERE`: return the geometry.
    Geometry,
    Click(Option<Expect>),
    Type(Vec<u8>, TypeOptions),
    GetText,
    Drag(Destination),
}

/// A held wait: a WAITFOR condition, CLICK's `EXPECT=NOWINDOW` ("the
/// clicked window closed", by its identity), a WHERE port's answer, or a
/// MUI application's reply.
#[derive(Clone, Debug)]
enum Wait {
    Cond(Condition),
    Gone(u32),
    Where { req: Request, port: Vec<u8>, name: Vec<u8>, window: WindowTarget, then: Then },
    Reply { req: Request, port: Vec<u8> },
}

/// The engine: the OS boundary, the system, the actor and the waits it
/// carries out.
pub struct GsEngine<O, S: System, A> {
    pub os: O,
    pub system: S,
    pub actor: A,
    /// The directories granted to the file verbs (`FSROOT`).
    pub roots: Roots<S::Lock>,
    waits: Vec<(WaitToken, Wait)>,
    next_token: u32,
    /// With the GUI: SHOW, HIDE and HIGHLIGHT queue their request here for
    /// the event loop (crate::gui); `None` without a window (NOGUI).
    pub ui: Option<Vec<UiRequest>>,
    /// Why the window cannot come now (its part did not load): SHOW, HIDE
    /// and HIGHLIGHT answer RC 20 with it while it is set.
    pub ui_refused: Option<String>,
    /// The ARexx port's name, for the `ADDRESS` line of a saved ARexx
    /// script (`RECORD SAVE`).
    pub port_name: Vec<u8>,
    /// RECORD's session (crate::record).
    pub(crate) session: crate::recording::Session,
}

/// What an ARexx verb asks of the GUI (docs/reference/commands.md: SHOW, HIDE,
/// HIGHLIGHT).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UiRequest {
    /// Open (uniconify) the window.
    Show,
    /// Iconify it.
    Hide,
    /// Select this gadget in the list and frame it on its screen
    /// (addresses as walked now: identities, re-resolved by the GUI).
    Highlight { window: u32, gadget: u32 },
}

/// An action's failure as an ARexx error: a menu entry that does not exist is
/// RC 5, a character the keymap cannot type RC 10, anything that stops the
/// action itself RC 20 (docs/reference/commands.md, "Return codes").
fn action_error(e: ActionError) -> Error {
    let rc = match e {
        ActionError::NoSuchMenuEntry => Rc::NotFound,
        ActionError::Unmappable { .. } => Rc::Error,
        _ => Rc::Failed,
    };
    error!(rc, "{e}")
}

fn window_not_found(w: &WindowTarget) -> Error {
    crate::inspect::not_found(Some(&w.pattern), w.screen.as_deref())
}

fn describe(l: &GadgetLocator) -> Vec<u8> {
    let mut t = b"gadget ".to_vec();
    l.push_to(&mut t);
    t
}

/// GETTEXT's value: the string value, else the label, else empty
/// (docs/reference/commands.md, "GETTEXT").
pub fn gettext_value(g: &GadgetSnap) -> Vec<u8> {
    match &g.value {
        Some(v) => v.clone(),
        None => g.label.clone(),
    }
}

/// The live window a target names, walked now, with the copy of the
/// screen list it was found in; RC 5 when it is not there, RC 10 when
/// its gadget list is cut short. Over `dyn` like the walker, so that the
/// look-up is compiled once, in this crate at its opt-level, whatever
/// program crate runs the engine (docs/design/performance.md, "Code
/// size").
fn walk_in_screens(os: &mut dyn IntuitionOs, w: &WindowTarget) -> Result<(ScreensSnapshot, WindowSnap), Error> {
    let found = find_and_walk(os, &mut |_, snap| find_target(snap, w).map(|i| i.address), walk_window);
    let (snap, t) = found.map_err(|e| match e {
        FindError::Unreadable => Error::new(Rc::Failed, "IntuitionBase cannot be read"),
        _ => window_not_found(w),
    })?;
    if t.truncated {
        return Err(error!(
            Rc::Error,
            "the gadget list of \"{}\" is cut short (a cyclic list, unreadable memory or text too long)",
            Shown(&w.pattern)
        ));
    }
    Ok((snap, t))
}

/// [`walk_in_screens`] with the size of the window's screen.
fn walk_target(os: &mut dyn IntuitionOs, w: &WindowTarget) -> Result<(WindowSnap, ScreenSize), Error> {
    let (snap, t) = walk_in_screens(os, w)?;
    let size = snap.screen(t.info.screen).map(ScreenSize::of).ok_or_else(|| window_not_found(w))?;
    Ok((t, size))
}

/// The live gadget a target names (the window walked now, the gadget's
/// index in it) with the size of the window's screen; over `dyn` like
/// [`walk_target`].
fn gadget_on_screen(os: &mut dyn IntuitionOs, target: &Target) -> Result<((WindowSnap, usize), ScreenSize), Error> {
    match target {
        Target::Live { window, gadget } => {
            let (w, size) = walk_target(os, window)?;
            let i = find_gadget(&w.gadgets, gadget).map(|(i, _)| i).ok_or_else(|| {
                error!(Rc::NotFound, "no {} in \"{}\"", Shown(&describe(gadget)), Shown(&window.pattern))
            })?;
            Ok(((w, i), size))
        }
        // Only commands that can wait for the WHERE port take these.
        Target::Where { name, .. } => {
            Err(error!(Rc::Error, "{} is a WHEREGADGET: this command cannot wait for its WHERE port", Shown(name)))
        }
    }
}

impl<O: IntuitionOs, S: System, A: Actor> GsEngine<O, S, A> {
    /// An engine over `os`, `system` and `actor`.
    pub fn new(os: O, system: S, actor: A) -> Self {
        GsEngine {
            os,
            system,
            actor,
            roots: Roots::default(),
            waits: Vec::new(),
            next_token: 1,
            ui: None,
            ui_refused: None,
            port_name: b"GADGETSCOPE.1".to_vec(),
            session: crate::recording::Session::default(),
        }
    }

    /// The live window a target names, walked now, and its screen's size.
    fn walk_target(&mut self, w: &WindowTarget) -> Result<(WindowSnap, ScreenSize), Error> {
        walk_target(&mut self.os, w)
    }

    /// Brings the window forward and plays `events` on its screen.
    fn act(&mut self, w: &WindowSnap, events: Result<Vec<Event>, ActionError>) -> Result<(), Error> {
        let events = events.map_err(action_error)?;
        self.actor.bring_forward(&w.info);
        self.inject(w.info.screen, &events)
    }

    /// `events` through input.device; its failure is RC 20 `input.device: …`.
    fn inject(&mut self, screen: u32, events: &[Event]) -> Result<(), Error> {
        self.actor.inject(screen, events).map_err(|t| error!(Rc::Failed, "input.device: {t}"))
    }

    /// Queues a GUI request; RC 10 without a window (NOGUI), RC 20 when
    /// the window cannot come ([`GsEngine::ui_refused`]).
    fn queue(&mut self, r: UiRequest, verb: &str) -> Result<(), Error> {
        if let Some(why) = &self.ui_refused {
            return Err(error!(Rc::Failed, "{verb}: {why}"));
        }
        match &mut self.ui {
            Some(q) => {
                q.push(r);
                Ok(())
            }
            None => Err(error!(Rc::Error, "{verb}: GadgetScope runs without its window (NOGUI)")),
        }
    }

    fn new_token(&mut self) -> WaitToken {
        let token = WaitToken(self.next_token);
        self.next_token = self.next_token.wrapping_add(1).max(1);
        token
    }

    /// Checks `wait` once; holds it when it is not true yet.
    fn hold(&mut self, wait: Wait) -> Result<Outcome, Error> {
        if self.wait_holds(&wait)? {
            return Ok(Outcome::Done(Vec::new()));
        }
        let token = self.new_token();
        self.waits.push((token, wait));
        Ok(Outcome::Pending(token))
    }

    fn wait_holds(&mut self, wait: &Wait) -> Result<bool, Error> {
        match wait {
            Wait::Cond(c) => self.holds(c),
            Wait::Gone(window) => {
                let snap =
                    read_screens(&mut self.os).map_err(|_| Error::new(Rc::Failed, "IntuitionBase cannot be read"))?;
                Ok(snap.window(*window).is_none())
            }
            // Answered by the other program, see `poll`.
            Wait::Where { .. } | Wait::Reply { .. } => Ok(false),
        }
    }

    /// Sends `WHERE <name>` to the application's port and holds the command
    /// until the answer (docs/reference/commands.md, "WHERE").
    fn ask_where(&mut self, target: &Target, then: Then) -> Result<Outcome, Error> {
        let Target::Where { window, port, name } = target else {
            return Err(Error::new(Rc::Failed, "not a WHEREGADGET"));
        };
        let mut line = b"WHERE ".to_vec();
        line.extend_from_slice(name);
        let req = self.system.rexx_send(port, &line).map_err(|e| match e {
            SendError::NoPort => {
                error!(Rc::NotFound, "no WHERE port {} (for {})", Shown(port), Shown(name))
            }
            SendError::Failed(t) => error!(Rc::Failed, "WHERE port {}: {t}", Shown(port)),
        })?;
        let token = self.new_token();
        self.waits
            .push((token, Wait::Where { req, port: port.clone(), name: name.clone(), window: window.clone(), then }));
        Ok(Outcome::Pending(token))
    }

    /// The action after a WHERE answer: at geometry `r` of the window
    /// `window` names (window-relative, borders included).
    fn act_where(&mut self, window: &WindowTarget, r: Rect, then: Then) -> Result<Outcome, Error> {
        if let Then::Geometry = then {
            return Ok(Outcome::Done(alloc::format!("{} {} {} {}", r.left, r.top, r.width, r.height).into_bytes()));
        }
        let (mut w, size) = self.walk_target(window)?;
        let i = where_gadget(&mut w, r);
        match then {
            Then::Geometry => unreachable!(),
            Then::Click(expect) => self.click_in(&w, i, size, expect.as_ref()),
            Then::Type(text, options) => self.type_in(&w, i, size, &text, options),
            Then::GetText => {
                if w.gadgets[i].address == 0 {
                    return Err(error!(
                        Rc::NotFound,
                        "no gadget at {} {} {} {} in \"{}\"",
                        r.left,
                        r.top,
                        r.width,
                        r.height,
                        Shown(&window.pattern)
                    ));
                }
                Ok(Outcome::Done(gettext_value(&w.gadgets[i])))
            }
            Then::Drag(to) => self.drag_in(&w, i, size, &to),
        }
    }

    fn click_in(
        &mut self,
        w: &WindowSnap,
        i: usize,
        size: ScreenSize,
        expect: Option<&Expect>,
    ) -> Result<Outcome, Error> {
        self.act(w, input::click_gadget(size, w, &w.gadgets[i]))?;
        match expect {
            None => Ok(Outcome::Done(Vec::new())),
            Some(Expect::Window(pattern)) => {
                self.hold(Wait::Cond(Condition::Window { screen: None, pattern: pattern.clone() }))
            }
            Some(Expect::NoWindow) => self.hold(Wait::Gone(w.info.address)),
        }
    }

    /// See [`Engine::type_text`].
    fn type_in(
        &mut self,
        w: &WindowSnap,
        i: usize,
        size: ScreenSize,
        text: &[u8],
        options: TypeOptions,
    ) -> Result<Outcome, Error> {
        let g = &w.gadgets[i];
        if options.clear && !matches!(g.role, Role::String | Role::Integer) {
            return Err(error!(Rc::Error, "CLEAR=YES needs a string or integer gadget, not role={}", g.role.as_str()));
        }
        let keymap = self.actor.keymap();
        let mut events = input::click_gadget(size, w, g).map_err(action_error)?;
        if options.clear {
            events.extend(input::amiga_key(b'x', keymap).map_err(action_error)?);
            events.extend(input::raw_keystroke(RAWKEY_CURSOR_RIGHT, IEQUALIFIER_LSHIFT));
            for _ in 0..g.value.as_ref().map_or(0, |v| v.len()) {
                events.extend(input::raw_keystroke(RAWKEY_BACKSPACE, 0));
            }
        }
        events.extend(input::type_text(text, keymap).map_err(action_error)?);
        if options.enter {
            events.extend(input::raw_keystroke(RAWKEY_RETURN, 0));
        }
        self.act(w, Ok(events))?;
        Ok(Outcome::Done(Vec::new()))
    }

    fn drag_in(&mut self, w: &WindowSnap, i: usize, size: ScreenSize, to: &Destination) -> Result<Outcome, Error> {
        let events = match to {
            Destination::By { dx, dy } => input::drag_gadget_by(size, w, &w.gadgets[i], i32::from(*dx), i32::from(*dy)),
            Destination::To(Target::Where { .. }) => {
                return Err(Error::new(
                    Rc::Error,
                    "DRAG ... TO a WHEREGADGET is not supported; use DRAG <gadget> <dx> <dy>",
                ))
            }
            Destination::To(other) => {
                let ((w2, j), _) = self.gadget_on_screen(other)?;
                if w2.info.address != w.info.address {
                    return Err(Error::new(Rc::Error, "DRAG ... TO: both gadgets must be in the same window"));
                }
                input::drag_gadget_to(size, w, &w.gadgets[i], &w2.gadgets[j])
            }
        };
        self.drag_release(w, events)?;
        Ok(Outcome::Done(Vec::new()))
    }

    /// A gadget drag (core::input::drag: the release last) whose release
    /// waits until the window's program has taken its IDCMP messages and
    /// sleeps again (`pick::idcmp_taken`), at most [`DRAG_SETTLE_TICKS`]
    /// ticks, yielding a tick between checks. GadTools (AROS
    /// workbench/libs/gadtools/gt_filterimsg.c) reports a slider's level
    /// in the `IDCMP_GADGETUP` from what its filter read on the last
    /// `IDCMP_MOUSEMOVE` it saw while the gadget was still active: a
    /// release that Intuition handles before the program filtered the move
    /// reports the old level (docs/design/input.md). A user's hand gives
    /// the program that time; the wait gives it without guessing a delay.
    fn drag_release(&mut self, w: &WindowSnap, events: Result<Vec<Event>, ActionError>) -> Result<(), Error> {
        let events = events.map_err(action_error)?;
        let Some((release, hold)) = events.split_last() else { return Ok(()) };
        let (screen, window) = (w.info.screen, w.info.address);
        self.actor.bring_forward(&w.info);
        self.inject(screen, hold)?;
        for _ in 0..DRAG_SETTLE_TICKS {
            let taken = read_listed_window(&mut self.os, window, |m, win| pick::idcmp_taken(m, win));
            if taken != Some(false) {
                break;
            }
            self.actor.yield_to_lower();
        }
        self.inject(screen, core::slice::from_ref(release))
    }

    /// The gadget a live target names, walked now.
    fn gadget(&mut self, target: &Target) -> Result<(WindowSnap, usize), Error> {
        Ok(self.gadget_on_screen(target)?.0)
    }

    /// [`Self::gadget`] with the size of the window's screen. A place in
    /// the window's pixels (`SHOWN=`, `AT=`) is the gadget whose box is
    /// exactly that place, else a stand-in with that box, as a WHERE
    /// geometry ([`where_gadget`]).
    fn gadget_on_screen(&mut self, target: &Target) -> Result<((WindowSnap, usize), ScreenSize), Error> {
        if let Target::Live { window, gadget } = target {
            if !gadget.is_structural() {
                let (mut w, size) = walk_target(&mut self.os, window)?;
                let place = self.place(&w, window, gadget)?;
                let i = where_gadget(&mut w, place.rect);
                return Ok(((w, i), size));
            }
        }
        gadget_on_screen(&mut self.os, target)
    }

    /// The text runs of the walked window `w` now, read from its pixels.
    fn read_shown(&mut self, w: &WindowSnap) -> Result<(crate::shown::Seen, gadgetscope_textread::Reading), Error> {
        let ibase = self.os.intuition_base();
        let mut seen = self.system.seen(ibase, w.info.address)?;
        let reading = crate::shown::reading(&mut seen)?;
        Ok((seen, reading))
    }

    /// The place a pixel locator names in the walked window `w`: for
    /// `SHOWN=`, the matched characters' box (RC 5 as
    /// [`crate::shown::choose`] says); for `AT=`, the 1×1 box at the point
    /// (RC 10 outside the window).
    fn place(
        &mut self,
        w: &WindowSnap,
        window: &WindowTarget,
        gadget: &GadgetLocator,
    ) -> Result<crate::shown::Place, Error> {
        match gadget {
            GadgetLocator::At { x, y } => {
                let (x, y) = (i32::from(*x), i32::from(*y));
                let (ww, wh) = (i32::from(w.info.width), i32::from(w.info.height));
                if !(0..ww).contains(&x) || !(0..wh).contains(&y) {
                    return Err(error!(
                        Rc::Error,
                        "AT={x},{y} is outside the window \"{}\" ({ww}x{wh})",
                        Shown(&window.pattern)
                    ));
                }
                Ok(crate::shown::Place { rect: Rect::new(x, y, 1, 1), run: Vec::new() })
            }
            GadgetLocator::Shown { text, index } => {
                let (seen, reading) = self.read_shown(w)?;
                let places = crate::shown::places(&reading, &seen.fonts, text);
                crate::shown::choose(&places, text, *index, &window.pattern)
            }
            _ => Err(Error::new(Rc::Error, "not a place in the window's pixels")),
        }
    }

    /// Whether a wait's condition holds now.
    fn holds(&mut self, c: &Condition) -> Result<bool, Error> {
        match c {
            Condition::Window { screen, pattern } | Condition::NoWindow { screen, pattern } => {
                let snap =
                    read_screens(&mut self.os).map_err(|_| Error::new(Rc::Failed, "IntuitionBase cannot be read"))?;
                let t = WindowTarget { screen: screen.clone(), pattern: pattern.clone() };
                let found = find_target(&snap, &t).is_some();
                Ok(matches!(c, Condition::Window { .. }) == found)
            }
            Condition::Shown { target } => {
                let Target::Live { window, gadget: GadgetLocator::Shown { text, index } } = target else {
                    return Err(Error::new(Rc::Error, "WAITFOR without TEXT= needs a SHOWN= locator"));
                };
                let w = match walk_target(&mut self.os, window) {
                    Ok((w, _)) => w,
                    Err(e) if e.rc == Rc::NotFound => return Ok(false),
                    Err(e) => return Err(e),
                };
                let (seen, reading) = self.read_shown(&w)?;
                Ok(crate::shown::places(&reading, &seen.fonts, text).len() > usize::from(index.unwrap_or(0)))
            }
            Condition::Text { target, text } => match self.gadget(target) {
                Ok((w, i)) => Ok(gettext_value(&w.gadgets[i]) == *text),
                // Not there yet is "not yet", not an error.
                Err(e) if e.rc == Rc::NotFound => Ok(false),
                Err(e) => Err(e),
            },
            Condition::Requester { screen } => {
                let snap =
                    read_screens(&mut self.os).map_err(|_| Error::new(Rc::Failed, "IntuitionBase cannot be read"))?;
                let candidates: Vec<(usize, usize)> = snap
                    .screens
                    .iter()
                    .enumerate()
                    .filter(|(_, s)| {
                        screen.as_deref().is_none_or(|p| {
                            s.default_title.as_deref().is_some_and(|t| gadgetscope_core::locate::contains(t, p))
                        })
                    })
                    .flat_map(|(i, s)| s.windows.iter().enumerate().map(move |(j, w)| (i, j, w)))
                    .filter(|(_, _, w)| w.first_request != 0 || pick::requester_shaped(w))
                    .map(|(i, j, _)| (i, j))
                    .collect();
                Ok(candidates.into_iter().any(|(i, j)| {
                    let w = &snap.screens[i].windows[j];
                    w.first_request != 0 || self.system_requester(w)
                }))
            }
        }
    }

    /// Whether the window is an EasyRequest/AutoRequest window (by shape:
    /// core::pick); a window that closed meanwhile is not.
    fn system_requester(&mut self, window: &WindowInfo) -> bool {
        let idcmp = pick::idcmp_flags(&mut self.os, window.address);
        walk_window(&mut self.os, window).is_ok_and(|w| pick::is_system_requester(&w, idcmp))
    }

    /// The number of windows on `screen` and whether `window` has
    /// `WFLG_MENUSTATE` (AmigaOS 3.x: menus are on).
    fn menu_state(&mut self, screen: u32, window: u32) -> (usize, bool) {
        match read_screens(&mut self.os) {
            Ok(snap) => {
                let n = snap.screens.iter().find(|s| s.address == screen).map_or(0, |s| s.windows.len());
                let on = snap.window(window).is_some_and(|w| w.flags & amiga_ndk::intuition::WFLG_MENUSTATE != 0);
                (n, on)
            }
            Err(_) => (0, false),
        }
    }

    /// A condition wait of the menu walk: until `done(windows on the
    /// screen, WFLG_MENUSTATE)` holds, re-sending `nudge` (the pointer
    /// where it already is) through input.device between checks, at most
    /// [`MENU_ROUND_TRIPS`] times. The AROS menu task (another task,
    /// docs/design/input.md) must run between checks: a round trip waits
    /// for input.device's reply, which lets it run when GadgetScope's
    /// priority is not above its 0; from round [`MENU_YIELD_AFTER`] on,
    /// each round also yields a tick ([`Actor::yield_to_lower`]), so a
    /// GadgetScope at a higher priority does not starve it. Answers
    /// whether the condition came true.
    fn menu_wait(
        &mut self,
        screen: u32,
        window: u32,
        nudge: Event,
        done: impl Fn(usize, bool) -> bool,
    ) -> Result<bool, Error> {
        for round in 0..MENU_ROUND_TRIPS {
            let (n, on) = self.menu_state(screen, window);
            if done(n, on) {
                return Ok(true);
            }
            if round >= MENU_YIELD_AFTER {
                self.actor.yield_to_lower();
            }
            self.inject(screen, &[nudge])?;
        }
        let (n, on) = self.menu_state(screen, window);
        Ok(done(n, on))
    }

    /// The right-button pointer walk of MENUPICK (`events` from
    /// core::input::menu_pick: pointer to the title, right down, pointer
    /// to the title, to the item, [to the sub-item], right up), with
    /// condition waits where Intuition runs menus on another task.
    ///
    /// AROS (rom/intuition/menutask.c) opens the menu bar, the item box
    /// and the sub-item box as borderless windows on the screen, from its
    /// menu task, each when that task next reads `Screen->MouseX/Y`; a
    /// pointer that has moved on by then skips the box. So: after the
    /// right button and the move over the title, wait for two more
    /// windows (bar and item box); after the move over an item with
    /// sub-items, for one more; after the release, until they are gone
    /// (the program has its IDCMP_MENUPICK by then). AmigaOS 3.x draws
    /// the boxes on the input handler's own task and sets
    /// `WFLG_MENUSTATE` on the window: then no wait is needed.
    fn menu_walk(&mut self, w: &WindowSnap, events: &[Event], sub: bool) -> Result<(), Error> {
        let (screen, window) = (w.info.screen, w.info.address);
        self.actor.bring_forward(&w.info);
        let (base, _) = self.menu_state(screen, window);
        self.inject(screen, &events[..3])?;
        let opened = self.menu_wait(screen, window, events[2], |n, on| on || n >= base + 2)?;
        if !opened {
            self.inject(screen, &events[events.len() - 1..])?;
            return Err(Error::new(Rc::Failed, "the menu did not open (no item box after the right button)"));
        }
        self.inject(screen, &events[3..4])?;
        if sub {
            self.menu_wait(screen, window, events[3], |n, on| on || n >= base + 3)?;
            self.inject(screen, &events[4..5])?;
            // The sub-item box is highlighted by the move just sent; one
            // more round trip over it lets the menu task see the pointer.
            self.inject(screen, &events[4..5])?;
        } else {
            self.inject(screen, &events[3..4])?;
        }
        self.inject(screen, &events[events.len() - 1..])?;
        self.menu_wait(screen, window, events[events.len() - 2], |n, on| !on && n <= base)?;
        Ok(())
    }
}

/// The verbs the engine carries out, as their sections of
/// docs/reference/commands.md say ([`Engine::run`] dispatches them).
impl<O: IntuitionOs, S: System, A: Actor> GsEngine<O, S, A> {
    /// `SHOWN`: the window line and a line per text run read from the
    /// window's pixels (docs/reference/formats.md, "SHOWN").
    fn shown(&mut self, window: &WindowTarget) -> Result<Vec<u8>, Error> {
        let (w, _) = walk_target(&mut self.os, window)?;
        let (seen, reading) = self.read_shown(&w)?;
        Ok(crate::shown::shown_text(&w.info, &seen.fonts, &reading))
    }

    /// `PICK`: the window under the pointer of the frontmost screen (or of the first
    /// screen whose title contains SCREEN=), by the screen's own
    /// `MouseX/MouseY` (screen-relative, docs/reference/amipilot-differences.md
    /// #35), in depth order; then the gadget under it, if any. RC 5 when no
    /// window is under the pointer.
    fn pick(&mut self, screen: Option<&[u8]>) -> Result<Vec<u8>, Error> {
        let at = pick::under_pointer(&mut self.os, screen).map_err(|m| match m {
            pick::Miss::Unreadable => Error::new(Rc::Failed, "IntuitionBase cannot be read"),
            pick::Miss::NoScreen => match screen {
                Some(p) => error!(Rc::NotFound, "no screen matches \"{}\"", Shown(p)),
                None => Error::new(Rc::NotFound, "no screen is open"),
            },
            pick::Miss::NoWindow { x, y } => {
                error!(Rc::NotFound, "no window under the pointer ({x},{y})")
            }
        })?;
        let w = &at.window;
        let mut out = Vec::new();
        gadgetscope_core::text::push_window_line(&mut out, &w.info);
        if let Some(g) = pick::gadget_at(w, at.x, at.y) {
            gadgetscope_core::text::push_gadget_line(&mut out, g, false);
        }
        Ok(out)
    }

    /// `CLICK`, then (with `expect`) a wait for the window to appear or
    /// the clicked window to close.
    fn click(&mut self, target: &Target, expect: Option<&Expect>) -> Result<Outcome, Error> {
        if let Target::Where { .. } = target {
            return self.ask_where(target, Then::Click(expect.cloned()));
        }
        let ((w, i), size) = self.gadget_on_screen(target)?;
        self.click_in(&w, i, size, expect)
    }

    /// `TYPE`: RC 10 for a byte the keymap cannot type (nothing typed) or
    /// `CLEAR=YES` on a gadget that is not a string or integer gadget.
    /// A click at the gadget's centre (a string gadget puts its cursor
    /// there), then the text, one burst of events mapped whole before any
    /// is sent; nothing else, as AmiPilot's TYPE. `CLEAR=YES` removes a
    /// string or integer gadget's old value after the click — Right-Amiga
    /// X (Intuition's "clear field"), then Shift-Cursor Right (to the end)
    /// and one Backspace per byte of the value TREE read, because AROS's
    /// string editing ignores Right-Amiga X (measured with the
    /// GadToolsFixture). `ENTER=YES` strikes Return after the text, which
    /// commits a string or integer gadget's value (the program gets
    /// IDCMP_GADGETUP, as when a user types). A WHEREGADGET is the gadget
    /// whose box is the WHERE geometry, if the walker sees one (else a
    /// stand-in of no role, which `CLEAR=YES` refuses).
    fn type_text(&mut self, target: &Target, text: &[u8], options: TypeOptions) -> Result<Outcome, Error> {
        if let Target::Where { .. } = target {
            return self.ask_where(target, Then::Type(text.to_vec(), options));
        }
        if let Target::Live { window, gadget: g @ GadgetLocator::Shown { text: label, .. } } = target {
            // The field beside its label: the walked gadget right of the
            // text on its rows, the nearest.
            let (w, size) = walk_target(&mut self.os, window)?;
            let at = self.place(&w, window, g)?.rect;
            let beside = w
                .gadgets
                .iter()
                .enumerate()
                .filter(|(_, o)| o.sys.is_none() && o.width > 0 && o.height > 0)
                .filter(|(_, o)| {
                    o.left >= at.left + at.width && o.top < at.top + at.height && at.top < o.top + o.height
                })
                .min_by_key(|(_, o)| o.left)
                .map(|(i, _)| i)
                .ok_or_else(|| {
                    error!(Rc::NotFound, "no gadget right of \"{}\" in \"{}\"", Shown(label), Shown(&window.pattern))
                })?;
            return self.type_in(&w, beside, size, text, options);
        }
        let ((w, i), size) = self.gadget_on_screen(target)?;
        self.type_in(&w, i, size, text, options)
    }

    /// `GETTEXT`: the string value, else the label, else empty. A pixel
    /// locator reads the text shown there: `SHOWN=` the whole run
    /// the text is part of, `AT=` the run under the point (RC 5 when there
    /// is none).
    fn get_text(&mut self, target: &Target) -> Result<Outcome, Error> {
        if let Target::Where { .. } = target {
            return self.ask_where(target, Then::GetText);
        }
        if let Target::Live { window, gadget } = target {
            if let GadgetLocator::At { x, y } = gadget {
                let (w, _) = walk_target(&mut self.os, window)?;
                self.place(&w, window, gadget)?;
                let (_, reading) = self.read_shown(&w)?;
                let run = crate::shown::run_at(&reading, i32::from(*x), i32::from(*y)).ok_or_else(|| {
                    error!(Rc::NotFound, "no text is shown at {x},{y} in \"{}\"", Shown(&window.pattern))
                })?;
                return Ok(Outcome::Done(run.text.clone()));
            }
            if !gadget.is_structural() {
                let (w, _) = walk_target(&mut self.os, window)?;
                return Ok(Outcome::Done(self.place(&w, window, gadget)?.run));
            }
        }
        let (w, i) = self.gadget(target)?;
        Ok(Outcome::Done(gettext_value(&w.gadgets[i])))
    }

    /// `DRAG`.
    fn drag(&mut self, target: &Target, to: &Destination) -> Result<Outcome, Error> {
        if let Target::Where { .. } = target {
            return self.ask_where(target, Then::Drag(to.clone()));
        }
        let ((w, i), size) = self.gadget_on_screen(target)?;
        self.drag_in(&w, i, size, to)
    }

    /// `WINDOWMOVE`: RC 20 if the window has no drag bar.
    fn window_move(&mut self, window: &WindowTarget, dx: i16, dy: i16) -> Result<(), Error> {
        let (w, size) = self.walk_target(window)?;
        self.act(&w, input::window_move(size, &w, i32::from(dx), i32::from(dy)))
    }

    /// `WINDOWSIZE`: RC 20 if the window has no sizing gadget.
    fn window_size(&mut self, window: &WindowTarget, width: u16, height: u16) -> Result<(), Error> {
        let (w, size) = self.walk_target(window)?;
        self.act(&w, input::window_size(size, &w, i32::from(width), i32::from(height)))
    }

    /// Right-Amiga + the entry's command key when it has one and no string
    /// or integer gadget of the window is active (that gadget would take
    /// the key as typing, `input::MenuAccess`); else the right-button
    /// pointer walk over the menu boxes (`input::menu_pick`), which ends
    /// such an entry without `IDCMP_GADGETUP` first. RC 5 for a menu, item
    /// or sub-item that is not there; RC 20 for a disabled entry, a
    /// walk in a window with `WFLG_RMBTRAP` (with a command key and an
    /// active string gadget: `a string gadget of the window is active …`),
    /// or a menu that does not open.
    fn menu_pick(&mut self, window: &WindowTarget, menu: u8, item: u8, sub: Option<u8>) -> Result<(), Error> {
        let (snap, w) = walk_in_screens(&mut self.os, window)?;
        let strip = walk_menu(&mut self.os, &w.info).map_err(|_| window_not_found(window))?;
        let m = strip.menus.get(usize::from(menu)).ok_or_else(|| error!(Rc::NotFound, "no menu {menu}"))?;
        let it = m.items.get(usize::from(item)).ok_or_else(|| error!(Rc::NotFound, "no item {menu}/{item}"))?;
        let entry = match sub {
            Some(s) => {
                it.subitems.get(usize::from(s)).ok_or_else(|| error!(Rc::NotFound, "no subitem {menu}/{item}/{s}"))?
            }
            None => it,
        };
        if !m.enabled || !it.enabled || !entry.enabled {
            return Err(action_error(ActionError::Disabled));
        }
        let scr = snap.screen(w.info.screen).ok_or_else(|| window_not_found(window))?;
        let boxes = input::menu_boxes_of(&strip);
        let (ms, (m, i, s)) =
            (input::MenuScreen::of(scr), (usize::from(menu), usize::from(item), sub.map(usize::from)));
        let access = input::MenuAccess::of(&w);
        match input::menu_pick(&ms, &boxes, m, i, s, access, self.actor.keymap()).map_err(action_error)? {
            input::MenuRoute::Key(events) => self.act(&w, Ok(events)),
            input::MenuRoute::Walk(events) => self.menu_walk(&w, &events, s.is_some()),
        }
    }

    /// `MUIREXX`: `command` sent to the first port of [`mui_ports`]
    /// there is; the result is the application's.
    fn mui_rexx(&mut self, base: &[u8], command: &[u8]) -> Result<Outcome, Error> {
        let ports = mui_ports(base);
        let Some(port) = ports.iter().find(|p| self.system.port_exists(p)).cloned() else {
            return Err(error!(Rc::NotFound, "no ARexx port {}", Shown(&ports.join(&b" or "[..]))));
        };
        let req = self.system.rexx_send(&port, command).map_err(|e| match e {
            SendError::NoPort => error!(Rc::NotFound, "no ARexx port {}", Shown(&port)),
            SendError::Failed(t) => error!(Rc::Failed, "{}: {t}", Shown(&port)),
        })?;
        let token = self.new_token();
        self.waits.push((token, Wait::Reply { req, port }));
        Ok(Outcome::Pending(token))
    }

    /// `SCREENSHOT`: AmiPilot's capture payload, or with `to` an ILBM file
    /// written and `<width> <height> <depth>`.
    fn screenshot(
        &mut self,
        screen: Option<&[u8]>,
        window: Option<&[u8]>,
        to: Option<&[u8]>,
    ) -> Result<Vec<u8>, Error> {
        let snap = read_screens(&mut self.os).map_err(|_| Error::new(Rc::Failed, "IntuitionBase cannot be read"))?;
        let (address, crop) = match window {
            Some(pattern) => {
                let t = WindowTarget { screen: screen.map(<[u8]>::to_vec), pattern: pattern.to_vec() };
                let w = find_target(&snap, &t).ok_or_else(|| window_not_found(&t))?;
                (w.screen, Some(w.rect()))
            }
            None => {
                let s = match screen {
                    Some(p) => snap.screens.iter().find(|s| s.default_title.as_deref().is_some_and(|t| contains(t, p))),
                    None => snap.screens.first(),
                };
                let s =
                    s.ok_or_else(|| error!(Rc::NotFound, "no screen matching \"{}\"", Shown(screen.unwrap_or(b""))))?;
                (s.address, None)
            }
        };
        let ibase = self.os.intuition_base();
        self.system.capture(ibase, address, crop, to)
    }

    /// `HIGHLIGHT`: the gadget is walked now (a WHEREGADGET cannot be: RC 10); the GUI
    /// selects it in its list and frames it.
    fn highlight(&mut self, target: &Target) -> Result<Outcome, Error> {
        if self.ui.is_none() {
            return Err(Error::new(Rc::Error, "HIGHLIGHT: GadgetScope runs without its window (NOGUI)"));
        }
        let (w, i) = self.gadget(target)?;
        let (window, gadget) = (w.info.address, w.gadgets[i].address);
        self.queue(UiRequest::Highlight { window, gadget }, "HIGHLIGHT")?;
        Ok(Outcome::Done(Vec::new()))
    }
}

impl<O: IntuitionOs, S: System, A: Actor> Engine for GsEngine<O, S, A> {
    fn run(&mut self, cmd: &Command, names: &Names<'_>) -> Result<Outcome, Error> {
        let done = |v: Vec<u8>| Ok(Outcome::Done(v));
        let inspector = |window: &WindowTarget| (Some(window.pattern.clone()), window.screen.clone());
        match cmd {
            Command::Screens => done(inspect(&mut self.os, &Inspect::Screens)?),
            Command::Tree { window, full } => {
                let (window, screen) = inspector(window);
                done(inspect(&mut self.os, &Inspect::Tree { window, screen, full: *full })?)
            }
            Command::Menu { window } => {
                let (window, screen) = inspector(window);
                done(inspect(&mut self.os, &Inspect::Menu { window, screen })?)
            }
            Command::Shown { window } => done(self.shown(window)?),
            Command::Pick { screen } => done(self.pick(screen.as_deref())?),
            Command::Click { target, expect, .. } => self.click(&names.target(target)?, expect.as_ref()),
            Command::Type { target, text, options } => self.type_text(&names.target(target)?, text, *options),
            Command::GetText { target } => self.get_text(&names.target(target)?),
            Command::Drag { target, to } => {
                let t = names.target(target)?;
                let d = names.destination(&t, to)?;
                self.drag(&t, &d)
            }
            Command::WindowMove { window, dx, dy } => {
                self.window_move(window, *dx, *dy)?;
                done(Vec::new())
            }
            Command::WindowSize { window, width, height } => {
                self.window_size(window, *width, *height)?;
                done(Vec::new())
            }
            Command::MenuPick { window, menu, item, sub } => {
                self.menu_pick(window, *menu, *item, *sub)?;
                done(Vec::new())
            }
            // Checked at least once before the message is held
            // (docs/reference/commands.md, "Waiting commands").
            Command::WaitFor { cond, .. } => self.hold(Wait::Cond(names.condition(cond)?)),
            Command::Where { name, .. } => self.ask_where(&names.where_gadget(name)?, Then::Geometry),
            Command::MuiRexx { base, command, .. } => self.mui_rexx(base, command),
            Command::Launch { stack, command } => {
                self.system
                    .launch(*stack, command)
                    .map_err(|t| error!(Rc::Failed, "cannot start \"{}\": {}", Shown(command), Shown(&t)))?;
                done(Vec::new())
            }
            Command::WbLaunch { path, tooltypes, args } => {
                self.system.wb_launch(path, tooltypes, args)?;
                done(b"launched".to_vec())
            }
            Command::Fs(op @ (FsOp::List(_) | FsOp::Stat(_) | FsOp::MkDir(_) | FsOp::Delete(_) | FsOp::Get(_))) => {
                done(self.roots.run(&mut self.system, op)?)
            }
            Command::Screenshot { screen, window, to } => {
                done(self.screenshot(screen.as_deref(), window.as_deref(), to.as_deref())?)
            }
            Command::Show => {
                self.queue(UiRequest::Show, "SHOW")?;
                done(Vec::new())
            }
            Command::Hide => {
                self.queue(UiRequest::Hide, "HIDE")?;
                done(Vec::new())
            }
            Command::Highlight { target } => self.highlight(&names.target(target)?),
            Command::Record(op) => done(self.record(op)?),
            Command::Version
            | Command::Auth { .. }
            | Command::Manifest { .. }
            | Command::Fs(FsOp::Put(_))
            | Command::LastError
            | Command::Quit => Err(error!(Rc::Failed, "{} is not the engine's to carry out", cmd.verb().name())),
        }
    }

    fn read_file(&mut self, path: &[u8]) -> Result<Vec<u8>, Error> {
        self.system.read_file(path)
    }

    fn fs_put(&mut self, path: &[u8], data: &[u8]) -> Result<(), Error> {
        self.roots.put(&mut self.system, path, data)
    }

    fn poll(&mut self, token: WaitToken) -> Option<Result<Vec<u8>, Error>> {
        let i = self.waits.iter().position(|(t, _)| *t == token)?;
        let wait = self.waits[i].1.clone();
        match wait {
            Wait::Reply { req, port } => {
                let (rc, text) = self.system.rexx_reply(req)?;
                self.waits.remove(i);
                Some(mui_result(&port, rc, text))
            }
            Wait::Where { req, port, name, window, then } => {
                let (rc, text) = self.system.rexx_reply(req)?;
                self.waits.remove(i);
                let r = match where_result(&port, &name, rc, &text) {
                    Ok(r) => r,
                    Err(e) => return Some(Err(e)),
                };
                match self.act_where(&window, r, then) {
                    Ok(Outcome::Done(v)) => Some(Ok(v)),
                    // CLICK ... EXPECT=: the click is done, the message
                    // now waits for the window under the same token.
                    Ok(Outcome::Pending(t2)) => {
                        if let Some(e) = self.waits.iter_mut().find(|(t, _)| *t == t2) {
                            e.0 = token;
                        }
                        None
                    }
                    Err(e) => Some(Err(e)),
                }
            }
            _ => match self.wait_holds(&wait) {
                Ok(false) => None,
                Ok(true) => {
                    self.waits.remove(i);
                    Some(Ok(Vec::new()))
                }
                Err(e) => {
                    self.waits.remove(i);
                    Some(Err(e))
                }
            },
        }
    }

    fn abandon(&mut self, token: WaitToken, _why: Abandon) {
        for (t, w) in &self.waits {
            if *t == token {
                if let Wait::Where { req, .. } | Wait::Reply { req, .. } = w {
                    self.system.rexx_forget(*req);
                }
            }
        }
        self.waits.retain(|(t, _)| *t != token);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use amiga_ndk::gadtools::GADTOOL_TYPE;
    use amiga_ndk::intuition::{GTYP_BOOLGADGET, GTYP_STRGADGET};
    use amiga_ndk::latin1::to_string as shown;
    use gadgetscope_arexx::Host;
    use gadgetscope_core::fake::{FakeIntuition, GadgetSpec};

    struct Files(Vec<(Vec<u8>, Vec<u8>)>, Rexx);

    /// Other programs' ports as the tests set them up.
    type WbLaunch = (Vec<u8>, Vec<Vec<u8>>, Vec<Vec<u8>>);

    #[derive(Default)]
    struct Rexx {
        ports: Vec<Vec<u8>>,
        /// (request, port, command) in sending order.
        sent: Vec<(Request, Vec<u8>, Vec<u8>)>,
        replies: Vec<(Request, i32, Vec<u8>)>,
        forgotten: Vec<Request>,
        launched: Vec<(Option<u32>, Vec<u8>)>,
        /// (icon path, tooltypes, args) of each WBLAUNCH.
        wb: Vec<WbLaunch>,
        /// The recording handler is in.
        recording: bool,
        /// RECORD START fails with this.
        no_handler: Option<String>,
        /// Files written: (path, bytes).
        written: Vec<(Vec<u8>, Vec<u8>)>,
        /// The window's pixels `seen` gives (`None`: the window "closed").
        seen: Option<gadgetscope_textread::Planar>,
    }

    impl Rexx {
        fn answer(&mut self, req: Request, rc: i32, text: &str) {
            self.replies.push((req, rc, text.as_bytes().to_vec()));
        }
    }

    /// No file of the fake opens for the file verbs (their algorithm is
    /// tested in `files`): only the wiring is tested here.
    impl FileSystem for Files {
        type Lock = ();
        fn lock(&mut self, _: &[u8]) -> Result<(), i32> {
            Err(205)
        }
        fn parent(&mut self, _: &()) -> Option<()> {
            None
        }
        fn same(&mut self, _: &(), _: &()) -> bool {
            false
        }
        fn examine(&mut self, _: &()) -> Result<crate::files::Entry, i32> {
            Err(205)
        }
        fn list(&mut self, _: &()) -> Result<Vec<crate::files::Entry>, i32> {
            Err(205)
        }
        fn create_dir(&mut self, _: &[u8]) -> Result<(), i32> {
            Err(205)
        }
        fn delete(&mut self, _: &[u8]) -> Result<(), i32> {
            Err(205)
        }
        fn read(&mut self, _: &[u8], _: usize) -> Result<Vec<u8>, i32> {
            Err(205)
        }
        /// Only `RAM:` takes files.
        fn write(&mut self, path: &[u8], data: &[u8]) -> Result<(), i32> {
            if !path.starts_with(b"RAM:") {
                return Err(205);
            }
            self.1.written.push((path.to_vec(), data.to_vec()));
            Ok(())
        }
        fn fault(&mut self, _: i32) -> Vec<u8> {
            b"object not found".to_vec()
        }
        fn idle_device(&mut self, _: &[u8]) -> bool {
            false
        }
    }

    impl System for Files {
        fn capture(&mut self, _: u32, screen: u32, crop: Option<Rect>, to: Option<&[u8]>) -> Result<Vec<u8>, Error> {
            Ok(alloc::format!("capture {screen:#x} {crop:?} {:?}", to.map(shown)).into_bytes())
        }
        fn seen(&mut self, _: u32, _: u32) -> Result<crate::shown::Seen, Error> {
            let pixels =
                self.1.seen.clone().ok_or_else(|| Error::new(Rc::Failed, "the window closed while it was read"))?;
            let fonts = alloc::vec![crate::shown::testing::font()];
            Ok(crate::shown::Seen { pixels: alloc::boxed::Box::new(pixels), offset: (0, 0), fonts })
        }
        fn read_file(&mut self, path: &[u8]) -> Result<Vec<u8>, Error> {
            self.0
                .iter()
                .find(|(p, _)| p == path)
                .map(|(_, c)| c.clone())
                .ok_or_else(|| error!(Rc::Error, "cannot open \"{}\": object not found", Shown(path)))
        }
        fn port_exists(&mut self, name: &[u8]) -> bool {
            self.1.ports.iter().any(|p| p == name)
        }
        fn rexx_send(&mut self, port: &[u8], command: &[u8]) -> Result<Request, SendError> {
            if !self.port_exists(port) {
                return Err(SendError::NoPort);
            }
            let req = self.1.sent.len() as u32 + 100;
            self.1.sent.push((req, port.to_vec(), command.to_vec()));
            Ok(req)
        }
        fn rexx_reply(&mut self, req: Request) -> Option<(i32, Vec<u8>)> {
            let i = self.1.replies.iter().position(|r| r.0 == req)?;
            let (_, rc, t) = self.1.replies.remove(i);
            Some((rc, t))
        }
        fn rexx_forget(&mut self, req: Request) {
            self.1.forgotten.push(req);
        }
        fn launch(&mut self, stack: Option<u32>, command: &[u8]) -> Result<(), Vec<u8>> {
            if command.starts_with(b"FAIL") {
                return Err(b"no free store".to_vec());
            }
            self.1.launched.push((stack, command.to_vec()));
            Ok(())
        }
        fn wb_launch(&mut self, path: &[u8], tooltypes: &[Vec<u8>], args: &[Vec<u8>]) -> Result<(), Error> {
            if path == b"DH0:Missing" {
                return Err(Error::new(Rc::NotFound, "DH0:Missing: object not found"));
            }
            self.1.wb.push((path.to_vec(), tooltypes.to_vec(), args.to_vec()));
            Ok(())
        }
        fn record_start(&mut self) -> Result<(), String> {
            if let Some(why) = &self.1.no_handler {
                return Err(why.clone());
            }
            assert!(!self.1.recording, "handler added twice");
            self.1.recording = true;
            Ok(())
        }
        fn record_stop(&mut self) {
            self.1.recording = false;
        }
    }

    /// Records what would reach input.device.
    #[derive(Default)]
    struct Recorder {
        forward: Vec<u32>,
        events: Vec<Event>,
        keymap: gadgetscope_core::input::UsKeyMap,
        yields: usize,
    }

    impl Actor for Recorder {
        fn bring_forward(&mut self, window: &WindowInfo) {
            self.forward.push(window.address);
        }
        fn inject(&mut self, _screen: u32, events: &[Event]) -> Result<(), String> {
            self.events.extend_from_slice(events);
            Ok(())
        }
        fn keymap(&mut self) -> &mut dyn KeyMap {
            &mut self.keymap
        }
        fn yield_to_lower(&mut self) {
            self.yields += 1;
        }
    }

    type TestEngine = GsEngine<FakeIntuition, Files, Recorder>;

    fn engine() -> (TestEngine, u32) {
        let mut f = FakeIntuition::new();
        let wb = f.add_screen(Some(b"Workbench Screen"), (0, 0, 640, 256));
        let w = f.add_window(wb, Some(b"GadTools Fixture"), (10, 20, 300, 100));
        let mut b = GadgetSpec::new(GTYP_BOOLGADGET | GADTOOL_TYPE, 20, 30, 80, 14);
        b.id = 1;
        b.gadget_text = f.intuitext(Some(b"_Connect"));
        f.add_gadget(w, &b);
        let mut s = GadgetSpec::new(GTYP_STRGADGET | GADTOOL_TYPE, 20, 50, 120, 12);
        s.id = 2;
        s.special_info = f.string_info(b"hello");
        f.add_gadget(w, &s);
        let manifest = b"MANIFEST 1\nAPP Fixture\nWINDOW main \"GadTools Fixture\"\nGADGET name main 2\n".to_vec();
        let m = f.add_menu(w, Some(b"Project"), 1);
        f.add_item(m, Some(b"Open..."), 0x4 | 0x10, b'O'); // COMMSEQ | ITEMENABLED
        f.add_item(m, Some(b"Save"), 0x10, 0);
        f.add_item(m, Some(b"Print"), 0x4, b'P'); // disabled
        (
            GsEngine::new(
                f,
                Files(
                    vec![
                        (b"DH0:Fixture.manifest".to_vec(), manifest),
                        (b"DH0:Where.manifest".to_vec(), WHERE_MANIFEST.to_vec()),
                    ],
                    Rexx::default(),
                ),
                Recorder::default(),
            ),
            w,
        )
    }

    fn run(host: &mut Host<u32>, e: &mut TestEngine, line: &str, now: u32) -> (i32, String) {
        let out = host.command(e, line.as_bytes(), 1, now);
        assert_eq!(out.len(), 1, "{line}: replied at once");
        (out[0].1.rc as i32, shown(&out[0].1.text))
    }

    /// CLICK, GETTEXT and WAITFOR by the text shown in a window, and at a
    /// point: the click lands on the text's centre (window 10,20 on
    /// screen); two places without INDEX= act on neither.
    #[test]
    fn shown_text_locates_clicks_reads_and_waits() {
        use crate::shown::testing::planar;
        let (mut e, _) = engine();
        let mut h: Host<u32> = Host::new("1.0");
        e.system.1.seen = Some(planar(300, 100, &[("Save", 30, 40, 1), ("Save as", 30, 60, 1), ("Quit", 200, 40, 2)]));
        let (rc, text) = run(&mut h, &mut e, "SHOWN \"GadTools\"", 0);
        assert_eq!(rc, 0, "{text}");
        assert!(
            text.contains("  text \"Save as\" font=\"test.font\" size=8 pen=1 style=plain [30,60 42x8]\n"),
            "{text}"
        );
        let (rc, text) = run(&mut h, &mut e, "CLICK \"GadTools\" SHOWN=Save", 0);
        assert_eq!(
            (rc, text.as_str()),
            (5, "\"Save\" is shown 2 times in \"GadTools\" ([30,40 24x8], [30,60 24x8]): give INDEX=")
        );
        assert!(e.actor.events.is_empty(), "no click on a guess");
        assert_eq!(run(&mut h, &mut e, "CLICK \"GadTools\" SHOWN=Quit", 0).0, 0);
        let (x, y) = e
            .actor
            .events
            .iter()
            .find_map(|ev| match ev {
                Event::PointerTo { x, y, .. } => Some((i32::from(*x), i32::from(*y))),
                _ => None,
            })
            .unwrap();
        assert_eq!((x, y), (10 + 200 + 12, 20 + 40 + 4));
        assert_eq!(run(&mut h, &mut e, "GETTEXT \"GadTools\" SHOWN=Save INDEX=1", 0), (0, "Save as".into()));
        assert_eq!(run(&mut h, &mut e, "GETTEXT \"GadTools\" AT=205,42", 0), (0, "Quit".into()));
        assert_eq!(run(&mut h, &mut e, "GETTEXT \"GadTools\" AT=5,5", 0).0, 5);
        assert_eq!(run(&mut h, &mut e, "CLICK \"GadTools\" AT=300,5", 0).0, 10, "outside the window");
        assert_eq!(run(&mut h, &mut e, "WAITFOR \"GadTools\" SHOWN=\"Save as\"", 0).0, 0);
        // TYPE by a label: into the string gadget right of it (20,50
        // 120x12 in the fake), not at the label.
        e.system.1.seen = Some(planar(300, 100, &[("Nm:", 2, 52, 1)]));
        e.actor.events.clear();
        assert_eq!(run(&mut h, &mut e, "TYPE \"GadTools\" SHOWN=Nm: x", 0).0, 0);
        let first = e.actor.events.iter().find_map(|ev| match ev {
            Event::PointerTo { x, y, .. } => Some((*x, *y)),
            _ => None,
        });
        assert_eq!(first, Some((10 + 20 + 60, 20 + 50 + 6)));
        assert_eq!(run(&mut h, &mut e, "TYPE \"GadTools\" SHOWN=Quit x", 0).0, 5);
        e.system.1.seen = Some(planar(300, 100, &[("Save", 30, 40, 1), ("Save as", 30, 60, 1), ("Quit", 200, 40, 2)]));
        let out = h.command(&mut e, b"WAITFOR \"GadTools\" SHOWN=Save INDEX=2 TIMEOUT=1", 1, 0);
        assert!(out.is_empty(), "held: Save is shown only twice");
        e.system.1.seen = None;
        assert_eq!(run(&mut h, &mut e, "SHOWN \"GadTools\"", 0).0, 20);
    }

    #[test]
    fn record_start_stop_save() {
        use amiga_ndk::input::{IECLASS_RAWKEY, IECLASS_RAWMOUSE, IECODE_LBUTTON, IECODE_UP_PREFIX, RAWKEY_RETURN};
        use gadgetscope_record::Observed;
        let (mut e, w) = engine();
        let mut h: Host<u32> = Host::new("1.0");
        let screen = read_screens(&mut e.os).unwrap().screens[0].address;
        let ev = |class, code: u16, x, y| Observed::from_raw(class, code, 0, screen, x, y, w, 0, 0).unwrap();
        let click = |x, y| {
            [ev(IECLASS_RAWMOUSE, IECODE_LBUTTON, x, y), ev(IECLASS_RAWMOUSE, IECODE_LBUTTON | IECODE_UP_PREFIX, x, y)]
        };
        use crate::recording::RecordState;
        assert_eq!(e.record_state(), RecordState::default());
        assert_eq!(run(&mut h, &mut e, "RECORD STOP", 0), (10, "not recording".into()));
        assert_eq!(run(&mut h, &mut e, "RECORD SAVE RAM:r", 0), (10, "nothing recorded".into()));
        // Events while not recording are dropped.
        e.record_events(&click(40, 57), 0, None, &[]);
        assert_eq!(run(&mut h, &mut e, "RECORD START", 0), (0, "recording".into()));
        assert!(e.system.1.recording && e.recording());
        assert_eq!(run(&mut h, &mut e, "RECORD START", 0), (10, "already recording: RECORD STOP first".into()));
        assert_eq!(e.record_state(), RecordState { recording: true, steps: 0, unsaved: false });
        e.record_events(&click(40, 57), 0, None, &[]);
        assert_eq!(e.record_state(), RecordState { recording: true, steps: 1, unsaved: true });
        // GadgetScope's own windows are not recorded.
        e.record_events(&click(40, 57), 0, None, &[w]);
        assert_eq!(run(&mut h, &mut e, "RECORD SAVE RAM:r", 0), (10, "still recording: RECORD STOP first".into()));
        assert_eq!(run(&mut h, &mut e, "RECORD STOP", 0), (0, "1 step".into()));
        assert!(!e.system.1.recording);
        assert_eq!(e.record_state(), RecordState { recording: false, steps: 1, unsaved: true });
        e.port_name = b"FIXTURE.1".to_vec();
        assert_eq!(run(&mut h, &mut e, "RECORD SAVE RAM:r.rexx", 0), (0, "saved 1 step".into()));
        assert_eq!(e.record_state(), RecordState { recording: false, steps: 1, unsaved: false });
        assert_eq!(run(&mut h, &mut e, "RECORD SAVE RAM:r.py PYTHON", 0), (0, "saved 1 step".into()));
        let (rexx, py) = (shown(&e.system.1.written[0].1), shown(&e.system.1.written[1].1));
        assert_eq!(e.system.1.written[0].0, b"RAM:r.rexx");
        assert!(rexx.contains("ADDRESS 'FIXTURE.1'\n") && rexx.contains("'CLICK \"GadTools Fixture\" 1'\n"), "{rexx}");
        assert!(py.contains("step(1, ap.click, \"GadTools Fixture\", 1)\n"), "{py}");
        assert_eq!(run(&mut h, &mut e, "RECORD SAVE DH0:r", 0), (20, "cannot write DH0:r: object not found".into()));

        // A manifest's names, typing, lost events.
        assert_eq!(run(&mut h, &mut e, "MANIFEST DH0:Fixture.manifest", 0).0, 0);
        assert_eq!(run(&mut h, &mut e, "RECORD START", 0).0, 0);
        let mut evs = click(40, 76).to_vec();
        evs.push(ev(IECLASS_RAWKEY, 0x20, 0, 0));
        evs.push(ev(IECLASS_RAWKEY, u16::from(RAWKEY_RETURN), 0, 0));
        e.record_events(&evs, 3, h.manifest(), &[]);
        e.record_events(&click(300, 110), 0, h.manifest(), &[]);
        assert_eq!(run(&mut h, &mut e, "RECORD STOP", 0), (0, "3 steps (2 not replayable), 3 events lost".into()));
        assert_eq!(run(&mut h, &mut e, "RECORD SAVE RAM:n.rexx", 0).0, 0);
        let rexx = shown(&e.system.1.written[2].1);
        assert!(rexx.contains("'TYPE CLEAR=YES ENTER=YES @name hello'\n"), "{rexx}");
        assert!(rexx.contains("/* 3 input events were lost here"), "{rexx}");

        // A recording left on stops growing at 1000 steps and says so.
        assert_eq!(run(&mut h, &mut e, "RECORD START", 0).0, 0);
        let many: Vec<Observed> = (0..5000).flat_map(|_| click(40, 57)).collect();
        e.record_events(&many, 0, None, &[]);
        assert_eq!(
            run(&mut h, &mut e, "RECORD STOP", 0),
            (0, "995 steps (1 not replayable), full: 8012 later events not recorded".into())
        );
        e.system.1.no_handler = Some("input.device cannot be opened".into());
        assert_eq!(
            run(&mut h, &mut e, "RECORD START", 0),
            (20, "the recording input handler cannot be added: input.device cannot be opened".into())
        );
        assert!(!e.recording());
        e.system.1.no_handler = None;
        assert_eq!(run(&mut h, &mut e, "RECORD START", 0).0, 0);
        e.record_shutdown();
        assert!(!e.system.1.recording && !e.recording());
    }

    #[test]
    fn show_hide_highlight_queue_for_the_gui_or_rc10_without_one() {
        let (mut e, w) = engine();
        let mut host: Host<u32> = Host::new("1.0");
        for line in ["SHOW", "HIDE", "HIGHLIGHT \"GadTools Fixture\" 1"] {
            let (rc, _) = run(&mut host, &mut e, line, 0);
            assert_eq!(rc, 10, "{line} without a GUI");
        }
        e.ui = Some(Vec::new());
        assert_eq!(run(&mut host, &mut e, "SHOW", 0).0, 0);
        assert_eq!(run(&mut host, &mut e, "HIDE", 0).0, 0);
        assert_eq!(run(&mut host, &mut e, "HIGHLIGHT \"GadTools Fixture\" 2", 0).0, 0);
        assert_eq!(run(&mut host, &mut e, "HIGHLIGHT \"GadTools Fixture\" 9", 0).0, 5, "no such gadget");
        assert_eq!(run(&mut host, &mut e, "HIGHLIGHT Nowhere 1", 0).0, 5, "no such window");
        let q = e.ui.take().unwrap();
        assert_eq!(q.len(), 3);
        assert_eq!(q[0], UiRequest::Show);
        assert_eq!(q[1], UiRequest::Hide);
        let UiRequest::Highlight { window, gadget } = q[2] else { panic!("{q:?}") };
        assert_eq!(window, w);
        let snap = e.os.walk(w).unwrap();
        assert_eq!(snap.gadgets.iter().find(|g| g.address == gadget).map(|g| g.id), Some(2));
        // The window's part cannot be loaded: RC 20 with the reason, nothing queued.
        e.ui = Some(Vec::new());
        e.ui_refused = Some("GadgetScope.window cannot be loaded: object not found".into());
        let (rc, text) = run(&mut host, &mut e, "SHOW", 0);
        assert_eq!((rc, text.as_str()), (20, "SHOW: GadgetScope.window cannot be loaded: object not found"));
        assert_eq!(e.ui.as_ref().map(Vec::len), Some(0));
    }

    #[test]
    fn tree_gettext_and_not_found() {
        let (mut e, _) = engine();
        let mut h = Host::new("test");
        let (rc, t) = run(&mut h, &mut e, "TREE \"GadTools\"", 0);
        assert_eq!(rc, 0);
        assert!(t.starts_with("window \"GadTools Fixture\""), "{t}");
        assert_eq!(run(&mut h, &mut e, "GETTEXT GadTools 2", 0), (0, "hello".into()));
        assert_eq!(run(&mut h, &mut e, "GETTEXT GadTools ROLE=button", 0), (0, "Connect".into()));
        let (rc, t) = run(&mut h, &mut e, "GETTEXT GadTools 9", 0);
        assert_eq!((rc, t.as_str()), (5, "no gadget 9 in \"GadTools\""));
        assert_eq!(run(&mut h, &mut e, "LASTERROR", 0), (0, "no gadget 9 in \"GadTools\"".into()));
        let (rc, t) = run(&mut h, &mut e, "TREE Nowhere", 0);
        assert_eq!((rc, t.as_str()), (5, "no window matches \"Nowhere\""));
    }

    #[test]
    fn manifest_and_names() {
        let (mut e, _) = engine();
        let mut h = Host::new("test");
        assert_eq!(
            run(&mut h, &mut e, "MANIFEST DH0:Fixture.manifest", 0),
            (0, "loaded Fixture: 1 windows, 1 gadgets".into())
        );
        assert_eq!(run(&mut h, &mut e, "GETTEXT @name", 0), (0, "hello".into()));
        let (rc, t) = run(&mut h, &mut e, "MANIFEST DH0:missing", 0);
        assert_eq!(rc, 10);
        assert!(t.contains("object not found"), "{t}");
    }

    /// `SCREEN=` before `@name` narrows the search for the manifest's
    /// window (docs/reference/amipilot-differences.md #6).
    #[test]
    fn screen_before_a_name_narrows_the_manifest_window() {
        let (mut e, _) = engine();
        // A twin of the fixture's window, holding "other", on a second
        // screen behind the Workbench.
        let second = e.os.add_screen(Some(b"Second Screen"), (0, 0, 640, 256));
        let twin = e.os.add_window(second, Some(b"GadTools Fixture"), (10, 20, 300, 100));
        let mut s = GadgetSpec::new(GTYP_STRGADGET | GADTOOL_TYPE, 20, 50, 120, 12);
        s.id = 2;
        s.special_info = e.os.string_info(b"other");
        e.os.add_gadget(twin, &s);
        let mut h = Host::new("test");
        assert_eq!(run(&mut h, &mut e, "MANIFEST DH0:Fixture.manifest", 0).0, 0);
        assert_eq!(run(&mut h, &mut e, "GETTEXT @name", 0), (0, "hello".into()), "the first match");
        assert_eq!(run(&mut h, &mut e, "GETTEXT SCREEN=Workbench @name", 0), (0, "hello".into()));
        assert_eq!(run(&mut h, &mut e, "GETTEXT SCREEN=Second @name", 0), (0, "other".into()));
        // A SCREEN= the name's window is not on: RC 5, as for a window
        // pattern.
        let (rc, t) = run(&mut h, &mut e, "GETTEXT SCREEN=Nowhere @name", 0);
        assert_eq!((rc, t.as_str()), (5, "no window matches \"GadTools Fixture\" on a screen matching \"Nowhere\""));
        let (rc, _) = run(&mut h, &mut e, "CLICK SCREEN=Nowhere @name", 0);
        assert_eq!(rc, 5);
        assert!(e.actor.events.is_empty(), "nothing was clicked");
    }

    /// The same for a WHEREGADGET: the port is asked, then the window is
    /// looked for on the screens `SCREEN=` keeps.
    #[test]
    fn screen_before_a_where_name_narrows_its_window_too() {
        let (mut e, _) = engine();
        let mut h = Host::new("test");
        e.system.1.ports.push(b"WHEREFIX".to_vec());
        assert_eq!(run(&mut h, &mut e, "MANIFEST DH0:Where.manifest", 0).0, 0);
        assert!(h.command(&mut e, b"GETTEXT SCREEN=Workbench @field", 1, 0).is_empty());
        e.system.1.answer(100, 0, "20 50 120 12");
        assert_eq!(shown(&h.tick(&mut e, 1)[0].1.text), "hello");
        assert!(h.command(&mut e, b"CLICK SCREEN=Nowhere @go", 2, 2).is_empty());
        e.system.1.answer(101, 0, "100 40 30 10");
        let r = h.tick(&mut e, 3);
        assert_eq!(
            (r[0].0, r[0].1.rc as i32, shown(&r[0].1.text)),
            (2, 5, "no window matches \"GadTools Fixture\" on a screen matching \"Nowhere\"".into())
        );
        assert!(e.actor.events.is_empty(), "nothing was clicked");
    }

    #[test]
    fn waitfor_window_is_held_then_replied_or_times_out() {
        let (mut e, w) = engine();
        let mut h = Host::new("test");
        assert_eq!(run(&mut h, &mut e, "WAITFOR WINDOW=GadTools", 0), (0, String::new()));
        // NOWINDOW for an open window is held ...
        assert!(h.command(&mut e, b"WAITFOR NOWINDOW=GadTools TIMEOUT=2", 7, 0).is_empty());
        assert!(h.has_waits());
        // ... while other commands are answered,
        assert_eq!(run(&mut h, &mut e, "GETTEXT GadTools 2", 1).0, 0);
        assert!(h.tick(&mut e, 1).is_empty());
        // and replied RC 0 once the window closes.
        e.os.close_window(w);
        let r = h.tick(&mut e, 2);
        assert_eq!(r.len(), 1);
        assert_eq!((r[0].0, r[0].1.rc as i32), (7, 0));
        // A window that never comes: RC 15 after TIMEOUT seconds of ticks.
        assert!(h.command(&mut e, b"WAITFOR WINDOW=Never TIMEOUT=1", 8, 10).is_empty());
        assert!(h.tick(&mut e, 19).is_empty());
        let r = h.tick(&mut e, 20);
        assert_eq!((r[0].0, r[0].1.rc as i32), (8, 15));
        assert!(!h.has_waits());
    }

    #[test]
    fn waitfor_text_and_requester() {
        let (mut e, w) = engine();
        let mut h = Host::new("test");
        assert_eq!(run(&mut h, &mut e, "WAITFOR GadTools 2 TEXT=hello", 0), (0, String::new()));
        assert!(h.command(&mut e, b"WAITFOR REQUESTER TIMEOUT=1", 3, 0).is_empty());
        e.os.write_u32(w + amiga_ndk::intuition::wd_FirstRequest as u32, 0x1234);
        let r = h.tick(&mut e, 1);
        assert_eq!((r[0].0, r[0].1.rc as i32), (3, 0));
    }

    fn downs(events: &[Event]) -> Vec<(i16, i16)> {
        // Pointer positions of the button presses.
        let mut at = (0, 0);
        let mut out = Vec::new();
        for e in events {
            match *e {
                Event::PointerTo { x, y, .. } => at = (x, y),
                Event::Button { code, .. } if code & 0x80 == 0 => out.push(at),
                _ => {}
            }
        }
        out
    }

    #[test]
    fn click_brings_the_window_forward_and_presses_at_the_centre() {
        let (mut e, w) = engine();
        let mut h = Host::new("test");
        assert_eq!(run(&mut h, &mut e, "CLICK GadTools 1", 0), (0, String::new()));
        assert_eq!(e.actor.forward, [w]);
        // Window at 10,20; gadget 20,30 80x14: centre 60,37 -> screen 70,57.
        assert_eq!(downs(&e.actor.events), [(70, 57)]);
        // Not found: nothing is sent.
        e.actor.events.clear();
        assert_eq!(run(&mut h, &mut e, "CLICK GadTools 77", 0).0, 5);
        assert!(e.actor.events.is_empty());
    }

    #[test]
    fn drag_releases_once_the_program_has_taken_its_messages() {
        use amiga_ndk::exec::{mp_MsgList, mp_SigTask, tc_State, TS_READY, TS_WAIT};
        use amiga_ndk::input::{IECODE_LBUTTON, IECODE_UP_PREFIX, IEQUALIFIER_RELATIVEMOUSE};
        let (mut e, w) = engine();
        let task = e.os.alloc(92);
        let port = e.os.alloc(34);
        let list = port + mp_MsgList as u32;
        e.os.write_u32(port + mp_SigTask as u32, task);
        e.os.write_u32(w + amiga_ndk::intuition::wd_UserPort as u32, port);
        let release = Event::Button { code: IECODE_LBUTTON | IECODE_UP_PREFIX, qualifier: IEQUALIFIER_RELATIVEMOUSE };
        let mut h = Host::new("test");
        // Empty port, the program in Wait(): released without a tick lost.
        e.os.write_u32(list, list + 4);
        e.os.write(task + tc_State as u32, &[TS_WAIT]);
        assert_eq!(run(&mut h, &mut e, "DRAG GadTools 1 10 0", 0), (0, String::new()));
        assert_eq!((e.actor.yields, e.actor.events.len(), e.actor.events.last()), (0, 5, Some(&release)));
        // A message not taken yet: ticks yielded until the bound, then the
        // release all the same (a program that never reads its port).
        let msg = e.os.alloc(20);
        e.os.write_u32(msg, list + 4);
        e.os.write_u32(list, msg);
        e.actor.events.clear();
        assert_eq!(run(&mut h, &mut e, "DRAG GadTools 1 10 0", 0), (0, String::new()));
        assert_eq!((e.actor.yields, e.actor.events.last()), (DRAG_SETTLE_TICKS, Some(&release)));
        // Taken but the program has not gone back to Wait() (still filtering).
        e.os.write_u32(list, list + 4);
        e.os.write(task + tc_State as u32, &[TS_READY]);
        e.actor.yields = 0;
        assert_eq!(run(&mut h, &mut e, "DRAG GadTools 1 10 0", 0), (0, String::new()));
        assert_eq!(e.actor.yields, DRAG_SETTLE_TICKS);
    }

    #[test]
    fn click_expect_nowindow_waits_for_the_clicked_window_to_close() {
        let (mut e, w) = engine();
        let mut h = Host::new("test");
        assert!(h.command(&mut e, b"CLICK GadTools 1 EXPECT=NOWINDOW TIMEOUT=1", 4, 0).is_empty());
        e.os.close_window(w);
        let r = h.tick(&mut e, 1);
        assert_eq!((r[0].0, r[0].1.rc as i32), (4, 0));
    }

    /// Key presses as (raw code, qualifier).
    type Keys = Vec<(u16, u16)>;

    /// The keys pressed (releases left out).
    fn presses(events: &[Event]) -> Keys {
        events
            .iter()
            .filter_map(|ev| match *ev {
                Event::Key { code, qualifier, .. } if code & 0x80 == 0 => Some((code, qualifier)),
                _ => None,
            })
            .collect()
    }

    /// The events of `line`, which must answer RC 0 at once.
    fn events_of(h: &mut Host<u32>, e: &mut TestEngine, line: &[u8]) -> Vec<Event> {
        e.actor.events.clear();
        let out = h.command(e, line, 1, 0);
        assert_eq!(out.len(), 1, "{}", shown(line));
        assert_eq!((out[0].1.rc as i32, shown(&out[0].1.text)), (0, String::new()), "{}", shown(line));
        core::mem::take(&mut e.actor.events)
    }

    #[test]
    fn type_clicks_then_types_and_its_options_clear_and_enter() {
        let (mut e, _) = engine();
        let mut h = Host::new("test");
        // The click is CLICK's: pointer to the centre, press, release.
        let click = events_of(&mut h, &mut e, b"CLICK GadTools 2");
        assert_eq!(downs(&click), [(90, 76)]);
        // Shift, A with Shift; B.
        let text = [(0x60, 0x01), (0x20, 0x01), (0x35, 0)];
        // Right-Amiga, X with Right-Amiga; Shift, Cursor Right with Shift;
        // Backspace for each byte of "hello".
        let mut clear = vec![(0x67, 0x80), (0x32, 0x80), (0x60, 0x01), (0x4E, 0x01)];
        clear.extend([(0x41, 0); 5]);
        let enter = [(0x44, 0)];
        let cases: [(&[u8], Keys); 5] = [
            // AmiPilot's effect: click, type, nothing else.
            (b"TYPE GadTools 2 Ab", text.to_vec()),
            (b"TYPE CLEAR=YES GadTools 2 Ab", [&clear[..], &text].concat()),
            (b"TYPE ENTER=YES GadTools 2 Ab", [&text[..], &enter].concat()),
            (b"TYPE enter=yes CLEAR=Yes GadTools 2 Ab", [&clear[..], &text, &enter].concat()),
            (b"TYPE CLEAR=NO ENTER=NO GadTools 2 Ab", text.to_vec()),
        ];
        for (line, keys) in cases {
            let ev = events_of(&mut h, &mut e, line);
            assert_eq!(ev[..click.len()], click[..], "{}: the click comes first", shown(line));
            let rest = &ev[click.len()..];
            assert!(rest.iter().all(|x| matches!(x, Event::Key { .. })), "{}: keys only after it", shown(line));
            assert_eq!(presses(rest), keys, "{}", shown(line));
            // Every key pressed is released again.
            assert_eq!(rest.len(), 2 * keys.len(), "{}", shown(line));
        }
        // A LF in the text (ARexx can carry one) is the Return key.
        let ev = events_of(&mut h, &mut e, b"TYPE GadTools 2 a\nb");
        assert_eq!(presses(&ev), [(0x20, 0), (0x44, 0), (0x35, 0)]);
        // A byte the keymap cannot produce: RC 10, nothing typed, nor
        // clicked.
        e.actor.events.clear();
        let (rc, t) = run(&mut h, &mut e, "TYPE CLEAR=YES ENTER=YES GadTools 2 A\u{1}", 0);
        assert_eq!((rc, t.as_str()), (10, "the keymap cannot type character 1 (code 1)"));
        assert!(e.actor.events.is_empty());
    }

    #[test]
    fn clear_needs_a_string_or_integer_gadget_enter_does_not() {
        let (mut e, _) = engine();
        let mut h = Host::new("test");
        assert_eq!(
            run(&mut h, &mut e, "TYPE CLEAR=YES GadTools 1 x", 0),
            (10, "CLEAR=YES needs a string or integer gadget, not role=button".into())
        );
        assert!(e.actor.events.is_empty());
        let ev = events_of(&mut h, &mut e, b"TYPE ENTER=YES GadTools 1 x");
        assert_eq!(downs(&ev).len(), 1);
        assert_eq!(presses(&ev), [(0x32, 0), (0x44, 0)]);
    }

    #[test]
    fn menupick_uses_the_shortcut_and_refuses_what_it_cannot_do() {
        let (mut e, _) = engine();
        let mut h = Host::new("test");
        assert_eq!(run(&mut h, &mut e, "MENUPICK GadTools 0 0", 0), (0, String::new()));
        assert!(
            e.actor.events.iter().any(|ev| matches!(ev, Event::Key { code: 0x18, qualifier: 0x80, .. })),
            "Right-Amiga O"
        );
        assert_eq!(run(&mut h, &mut e, "MENUPICK GadTools 0 2", 0).0, 20, "disabled");
        assert_eq!(run(&mut h, &mut e, "MENUPICK GadTools 0 9", 0).0, 5);
    }

    /// The engine's fake strip with geometry: screen bar 10 lines, left
    /// border 5; "Project" at 0 (60 wide); items 0/10/20 (100x10).
    fn with_menu_geometry(e: &mut TestEngine, w: u32) {
        use amiga_ndk::intuition::*;
        let scr = e.os.peek_u32(w + wd_WScreen as u32);
        e.os.write(scr + sc_BarHeight as u32, &[10, 0, 5]);
        let m = e.os.peek_u32(w + wd_MenuStrip as u32);
        e.os.write_u16(m + mu_Width as u32, 60);
        let mut item = e.os.peek_u32(m + mu_FirstItem as u32);
        let mut top = 0;
        while item != 0 {
            e.os.write_u16(item + mi_TopEdge as u32, top);
            e.os.write_u16(item + mi_Width as u32, 100);
            e.os.write_u16(item + mi_Height as u32, 10);
            top += 10;
            item = e.os.peek_u32(item + mi_NextItem as u32);
        }
    }

    #[test]
    fn menupick_without_a_shortcut_walks_the_pointer_with_the_right_button() {
        use amiga_ndk::intuition::{wd_Flags, WFLG_MENUSTATE, WFLG_RMBTRAP};
        let (mut e, w) = engine();
        with_menu_geometry(&mut e, w);
        let mut h = Host::new("test");
        // Menus never open (no WFLG_MENUSTATE, no menu windows): the walk
        // gives up after its bounded round trips, releases the button, RC 20.
        let (rc, t) = run(&mut h, &mut e, "MENUPICK GadTools 0 1", 0);
        assert_eq!((rc, t.as_str()), (20, "the menu did not open (no item box after the right button)"));
        assert_eq!(e.actor.events.len(), 3 + MENU_ROUND_TRIPS + 1);
        assert!(matches!(e.actor.events.last(), Some(Event::Button { code: 0xE9, .. })), "right button released");
        // Past the first rounds, every round yields a tick to lower tasks.
        assert_eq!(e.actor.yields, MENU_ROUND_TRIPS - MENU_YIELD_AFTER);
        // AmigaOS 3.x style: WFLG_MENUSTATE set, the walk goes straight on.
        e.actor.events.clear();
        e.os.write_u32(w + wd_Flags as u32, WFLG_MENUSTATE);
        assert_eq!(run(&mut h, &mut e, "MENUPICK GadTools 0 1", 0), (0, String::new()));
        let pointer: Vec<(i16, i16)> = e
            .actor
            .events
            .iter()
            .filter_map(|ev| match *ev {
                Event::PointerTo { x, y, .. } => Some((x, y)),
                _ => None,
            })
            .collect();
        // Title centre 5+30, 5; item 1 centre 5+50, 11+10+5.
        assert_eq!(&pointer[..3], &[(35, 5), (35, 5), (55, 26)]);
        assert_eq!(downs(&e.actor.events), [(35, 5)], "one press: the right button over the title");
        assert!(!e.actor.events.iter().any(|ev| matches!(ev, Event::Button { code: 0x68, .. })), "no left button");
        // WFLG_RMBTRAP: RC 20 before any event.
        e.actor.events.clear();
        e.os.write_u32(w + wd_Flags as u32, WFLG_RMBTRAP);
        assert_eq!(run(&mut h, &mut e, "MENUPICK GadTools 0 1", 0).0, 20);
        assert!(e.actor.events.is_empty());
    }

    /// Sets or clears `GFLG_SELECTED` on the fake window's gadget `id`, as
    /// Intuition does while a string gadget is active.
    fn set_selected(e: &mut TestEngine, w: u32, id: u32, on: bool) {
        use amiga_ndk::intuition::{gg_Flags, GFLG_SELECTED};
        let snap = read_screens(&mut e.os).unwrap();
        let info = snap.window(w).unwrap().clone();
        let g = walk_window(&mut e.os, &info).unwrap().gadgets.into_iter().find(|g| g.id == id).unwrap();
        let flags = if on { g.flags | GFLG_SELECTED } else { g.flags & !GFLG_SELECTED };
        e.os.write_u16(g.address + gg_Flags as u32, flags);
    }

    #[test]
    fn menupick_walks_the_pointer_while_a_string_gadget_is_active() {
        use amiga_ndk::intuition::{wd_Flags, WFLG_MENUSTATE, WFLG_RMBTRAP};
        let (mut e, w) = engine();
        with_menu_geometry(&mut e, w);
        e.os.write_u32(w + wd_Flags as u32, WFLG_MENUSTATE);
        let mut h = Host::new("test");
        let keys = |e: &TestEngine| e.actor.events.iter().filter(|ev| matches!(ev, Event::Key { .. })).count();
        // The string gadget not active: Open... by its command key alone.
        let ev = events_of(&mut h, &mut e, b"MENUPICK GadTools 0 0");
        assert_eq!(presses(&ev), [(0x67, 0x80), (0x18, 0x80)], "Right-Amiga O");
        assert!(downs(&ev).is_empty());
        // A plain TYPE leaves it active (GFLG_SELECTED): the same pick is
        // the right-button walk to Open... (item 0 centre 5+50, 11+5), no key.
        set_selected(&mut e, w, 2, true);
        let ev = events_of(&mut h, &mut e, b"MENUPICK GadTools 0 0");
        assert_eq!(keys(&e), 0);
        assert_eq!(downs(&ev), [(35, 5)], "the right button over the title");
        assert_eq!(ev[1], Event::Button { code: 0x69, qualifier: 0x2000 | 0x8000 }, "IECODE_RBUTTON");
        let over = ev.iter().position(|x| *x == Event::PointerTo { x: 55, y: 16, qualifier: 0x2000 });
        let up = ev.iter().position(|x| *x == Event::Button { code: 0xE9, qualifier: 0x8000 });
        assert!(over.is_some() && up > over, "the right button released over Open...: {ev:?}");
        // A selected button is no entry: the key again.
        set_selected(&mut e, w, 2, false);
        set_selected(&mut e, w, 1, true);
        let ev = events_of(&mut h, &mut e, b"MENUPICK GadTools 0 0");
        assert_eq!(presses(&ev), [(0x67, 0x80), (0x18, 0x80)]);
        // WFLG_RMBTRAP with the entry active: neither way reaches the menu,
        // RC 20 and nothing sent.
        set_selected(&mut e, w, 1, false);
        set_selected(&mut e, w, 2, true);
        e.os.write_u32(w + wd_Flags as u32, WFLG_RMBTRAP);
        e.actor.events.clear();
        let (rc, t) = run(&mut h, &mut e, "MENUPICK GadTools 0 0", 0);
        assert_eq!(rc, 20);
        assert!(t.starts_with("a string gadget of the window is active and would take the command key"), "{t}");
        assert!(e.actor.events.is_empty());
    }

    #[test]
    fn pick_reads_the_pointer_of_the_frontmost_screen() {
        use amiga_ndk::intuition::{sc_MouseX, sc_MouseY, wd_WScreen};
        let (mut e, w) = engine();
        let mut h = Host::new("test");
        let scr = e.os.peek_u32(w + wd_WScreen as u32);
        // Window at 10,20; the Connect button at 20,30 80x14 -> screen 40,55.
        e.os.write_u16(scr + sc_MouseX as u32, 40);
        e.os.write_u16(scr + sc_MouseY as u32, 55);
        let (rc, t) = run(&mut h, &mut e, "PICK", 0);
        assert_eq!(rc, 0, "{t}");
        assert_eq!(t, "window \"GadTools Fixture\" screen=\"Workbench Screen\" [10,20 300x100]\n  gadget id=1 role=button class=\"\" label=\"Connect\" [20,30 80x14]\n");
        // Inside the window, on no gadget: the window line only.
        e.os.write_u16(scr + sc_MouseX as u32, 300);
        assert_eq!(
            run(&mut h, &mut e, "PICK SCREEN=Workbench", 0).1,
            "window \"GadTools Fixture\" screen=\"Workbench Screen\" [10,20 300x100]\n"
        );
        // Outside every window: RC 5.
        e.os.write_u16(scr + sc_MouseX as u32, 600);
        assert_eq!(run(&mut h, &mut e, "PICK", 0), (5, "no window under the pointer (600,55)".into()));
        assert_eq!(run(&mut h, &mut e, "PICK SCREEN=Nope", 0).0, 5);
    }

    #[test]
    fn waitfor_requester_sees_a_system_requester_window_but_not_a_namesake() {
        use amiga_ndk::intuition::{wd_Flags, GTYP_BOOLGADGET};
        use gadgetscope_core::fake::GadgetSpec;
        let (mut e, _) = engine();
        let mut h = Host::new("test");
        let scr = e.os.peek_u32(e.os.ibase() + amiga_ndk::intuition::ib_FirstScreen as u32);
        // A second window titled like the first: no requester.
        let twin = e.os.add_window(scr, Some(b"GadTools Fixture"), (50, 50, 200, 80));
        assert!(h.command(&mut e, b"WAITFOR REQUESTER TIMEOUT=1", 3, 0).is_empty());
        assert!(h.tick(&mut e, 1).is_empty());
        // It takes an EasyRequest's shape: drag bar, depth, RMBTRAP, GADGETUP, buttons.
        e.os.write_u32(twin + wd_Flags as u32, 0x0001_0000 | 0x2 | 0x4 | 0x1000);
        e.os.write_u32(twin + amiga_ndk::intuition::wd_IDCMPFlags as u32, 0x40);
        let mut ok = GadgetSpec::new(GTYP_BOOLGADGET, 10, 50, 60, 14);
        ok.id = 1;
        e.os.add_gadget(twin, &ok);
        let r = h.tick(&mut e, 2);
        assert_eq!((r[0].0, r[0].1.rc as i32), (3, 0));
    }

    #[test]
    fn window_move_needs_a_drag_bar() {
        let (mut e, _) = engine();
        let mut h = Host::new("test");
        let (rc, t) = run(&mut h, &mut e, "WINDOWMOVE GadTools 10 5", 0);
        assert_eq!(rc, 20, "{t}");
        assert!(e.actor.events.is_empty());
    }

    #[test]
    fn quit_replies_held_waits_first() {
        let (mut e, _) = engine();
        let mut h = Host::new("test");
        assert!(h.command(&mut e, b"WAITFOR WINDOW=Never", 5, 0).is_empty());
        let r = h.command(&mut e, b"QUIT", 6, 1);
        assert_eq!(r.iter().map(|(m, r)| (*m, r.rc as i32)).collect::<Vec<_>>(), [(5, 20), (6, 0)]);
        assert!(e.waits.is_empty(), "the engine forgot the abandoned wait");
    }

    const WHERE_MANIFEST: &[u8] = b"MANIFEST 2\nAPP WhereApp\nWHEREPORT WHEREFIX\nWINDOW main \"GadTools Fixture\"\nWHEREGADGET go main\nWHEREGADGET field main\nWHEREGADGET ghost main\n";

    #[test]
    fn where_replies_are_parsed_strictly() {
        assert_eq!(parse_where_reply(b"20 30 80 14"), Ok(Rect::new(20, 30, 80, 14)));
        assert_eq!(parse_where_reply(b"-4 -2 1 1"), Ok(Rect::new(-4, -2, 1, 1)));
        for bad in [
            &b""[..],
            b"1 2 3",
            b"1 2 3 4 5",
            b"1  2 3 4",
            b" 1 2 3 4",
            b"1 2 3 4\n",
            b"1 2 3 x",
            b"1 2 -3 4",
            b"1 2 0 4",
            b"+1 2 3 4",
            b"1 2 3 40000",
            b"99999 2 3 4",
            b"1,2,3,4",
            b"- 2 3 4",
        ] {
            let e = parse_where_reply(bad).unwrap_err();
            let e = shown(&e);
            assert!(e.contains("is not \"<x> <y> <w> <h>\""), "{e}");
        }
        assert_eq!(where_result(b"P", b"go", 10, b"").unwrap_err().rc, Rc::Error);
        let e = where_result(b"P", b"go", 5, b"").unwrap_err();
        assert_eq!((e.rc, e.to_string().as_str()), (Rc::Error, "WHERE port P replied RC 5 for go"));
        let e = where_result(b"P", b"go", 0, b"junk").unwrap_err();
        assert_eq!(e.rc, Rc::Error);
        assert!(e.to_string().starts_with("WHERE port P answered for go: \"junk\""), "{e}");
    }

    #[test]
    fn mui_ports_and_results() {
        assert_eq!(mui_ports(b"yam"), vec![b"yam".to_vec(), b"yam.1".to_vec(), b"YAM.1".to_vec()]);
        assert_eq!(mui_ports(b"ECHO"), vec![b"ECHO".to_vec(), b"ECHO.1".to_vec()]);
        assert_eq!(mui_result(b"A.1", 0, b"x".to_vec()), Ok(b"x".to_vec()));
        // Every application RC is RC 10, the text led by that RC.
        for app in [1, 5, 10, 20, 30, -1] {
            let e = mui_result(b"A.1", app, Vec::new()).unwrap_err();
            assert_eq!((e.rc, e.to_string()), (Rc::Error, alloc::format!("{app} (A.1 replied RC {app})")));
        }
        let e = mui_result(b"A.1", 5, b"no such item".to_vec()).unwrap_err();
        assert_eq!((e.rc, e.to_string().as_str()), (Rc::Error, "5 no such item"));
    }

    #[test]
    fn where_holds_the_message_until_the_port_answers() {
        let (mut e, _) = engine();
        let mut h = Host::new("test");
        assert_eq!(run(&mut h, &mut e, "MANIFEST DH0:Where.manifest", 0).0, 0);
        // No port: RC 5 at once.
        let (rc, t) = run(&mut h, &mut e, "WHERE @go", 0);
        assert_eq!((rc, t.as_str()), (5, "no WHERE port WHEREFIX (for go)"));
        e.system.1.ports.push(b"WHEREFIX".to_vec());
        assert!(h.command(&mut e, b"WHERE @go TIMEOUT=2", 7, 0).is_empty());
        assert_eq!(e.system.1.sent[0].1, b"WHEREFIX");
        assert_eq!(e.system.1.sent[0].2, b"WHERE go");
        assert!(h.tick(&mut e, 1).is_empty());
        e.system.1.answer(100, 0, "20 30 80 14");
        let r = h.tick(&mut e, 2);
        assert_eq!((r[0].0, r[0].1.rc as i32, shown(&r[0].1.text)), (7, 0, "20 30 80 14".into()));
        // RC 10 from the application.
        assert!(h.command(&mut e, b"WHERE @ghost", 8, 3).is_empty());
        e.system.1.answer(101, 10, "");
        let r = h.tick(&mut e, 4);
        assert_eq!(
            (r[0].1.rc as i32, shown(&r[0].1.text)),
            (10, "WHERE port WHEREFIX does not know ghost (RC 10)".into())
        );
        // Malformed answer: RC 10, as AmiPilot answers it.
        assert!(h.command(&mut e, b"WHERE @go", 9, 5).is_empty());
        e.system.1.answer(102, 0, "20 30");
        assert_eq!(h.tick(&mut e, 6)[0].1.rc as i32, 10);
        // No answer: RC 15, and the request is forgotten (not freed).
        assert!(h.command(&mut e, b"WHERE @go TIMEOUT=1", 10, 10).is_empty());
        let r = h.tick(&mut e, 20);
        assert_eq!((r[0].0, r[0].1.rc as i32), (10, 15));
        assert_eq!(e.system.1.forgotten, [103]);
        // A GADGET name is not a WHEREGADGET.
        assert_eq!(run(&mut h, &mut e, "MANIFEST DH0:Fixture.manifest", 0).0, 0);
        assert_eq!(run(&mut h, &mut e, "WHERE @name", 0).0, 10);
    }

    #[test]
    fn click_at_a_where_geometry_presses_its_centre_in_the_manifest_window() {
        let (mut e, w) = engine();
        let mut h = Host::new("test");
        e.system.1.ports.push(b"WHEREFIX".to_vec());
        assert_eq!(run(&mut h, &mut e, "MANIFEST DH0:Where.manifest", 0).0, 0);
        assert!(h.command(&mut e, b"CLICK @go", 3, 0).is_empty());
        assert!(e.actor.events.is_empty(), "nothing before the answer");
        // Window at 10,20; box 100,40 30x10: centre 115,45 -> screen 125,65.
        e.system.1.answer(100, 0, "100 40 30 10");
        let r = h.tick(&mut e, 1);
        assert_eq!((r[0].0, r[0].1.rc as i32), (3, 0));
        assert_eq!(e.actor.forward, [w]);
        assert_eq!(downs(&e.actor.events), [(125, 65)]);
        // TYPE into the geometry of the string gadget (20,50 120x12): its
        // old value is cleared as for a live locator.
        e.actor.events.clear();
        assert!(h.command(&mut e, b"TYPE CLEAR=YES ENTER=YES @field ab", 4, 2).is_empty());
        e.system.1.answer(101, 0, "20 50 120 12");
        assert_eq!(h.tick(&mut e, 3)[0].1.rc as i32, 0);
        let backspaces = e.actor.events.iter().filter(|ev| matches!(ev, Event::Key { code: 0x41, .. })).count();
        assert_eq!(backspaces, 5, "one per byte of \"hello\"");
        assert_eq!(presses(&e.actor.events).last(), Some(&(0x44, 0)), "Return last");
        // GETTEXT of that geometry reads the gadget the walker sees there.
        assert!(h.command(&mut e, b"GETTEXT @field", 5, 4).is_empty());
        e.system.1.answer(102, 0, "20 50 120 12");
        assert_eq!(shown(&h.tick(&mut e, 5)[0].1.text), "hello");
        // CLICK ... EXPECT=NOWINDOW: after the answer the click, then the wait.
        assert!(h.command(&mut e, b"CLICK @go EXPECT=NOWINDOW TIMEOUT=5", 6, 6).is_empty());
        e.system.1.answer(103, 0, "100 40 30 10");
        assert!(h.tick(&mut e, 7).is_empty(), "clicked, now waiting for the window to close");
        e.os.close_window(w);
        let r = h.tick(&mut e, 8);
        assert_eq!((r[0].0, r[0].1.rc as i32), (6, 0));
        assert!(e.waits.is_empty());
    }

    #[test]
    fn muirexx_tries_the_name_then_dot_one_and_returns_the_application_result() {
        let (mut e, _) = engine();
        let mut h = Host::new("test");
        let (rc, t) = run(&mut h, &mut e, "MUIREXX echo hello", 0);
        assert_eq!((rc, t.as_str()), (5, "no ARexx port echo or echo.1 or ECHO.1"));
        e.system.1.ports.push(b"ECHO.1".to_vec());
        assert!(h.command(&mut e, b"MUIREXX echo TIMEOUT=3 say hello world", 2, 0).is_empty());
        assert_eq!(e.system.1.sent[0].1, b"ECHO.1");
        assert_eq!(e.system.1.sent[0].2, b"say hello world");
        e.system.1.answer(100, 0, "SAY HELLO WORLD");
        assert_eq!(shown(&h.tick(&mut e, 1)[0].1.text), "SAY HELLO WORLD");
        assert!(h.command(&mut e, b"MUIREXX ECHO.1 FAIL", 3, 2).is_empty());
        e.system.1.answer(101, 10, "");
        let r = h.tick(&mut e, 3);
        assert_eq!((r[0].1.rc as i32, shown(&r[0].1.text)), (10, "10 (ECHO.1 replied RC 10)".into()));
        // Timeout: RC 15, the message stays owed.
        assert!(h.command(&mut e, b"MUIREXX echo TIMEOUT=1 slow", 4, 10).is_empty());
        assert_eq!(h.tick(&mut e, 20)[0].1.rc as i32, 15);
        assert_eq!(e.system.1.forgotten, [102]);
    }

    #[test]
    fn launch_and_wblaunch_go_to_the_system() {
        let (mut e, _) = engine();
        let mut h = Host::new("test");
        assert_eq!(run(&mut h, &mut e, "LAUNCH STACK=20000 C:Wait 5", 0), (0, String::new()));
        assert_eq!(e.system.1.launched, [(Some(20000), b"C:Wait 5".to_vec())]);
        let (rc, t) = run(&mut h, &mut e, "LAUNCH FAIL now", 0);
        assert_eq!((rc, t.as_str()), (20, "cannot start \"FAIL now\": no free store"));
        assert_eq!(
            run(&mut h, &mut e, "WBLAUNCH DH0:Tool TOOLTYPE=A=1 ARG=DH0:p1 ARG=DH0:p2", 0),
            (0, "launched".into())
        );
        assert_eq!(
            e.system.1.wb[0],
            (b"DH0:Tool".to_vec(), vec![b"A=1".to_vec()], vec![b"DH0:p1".to_vec(), b"DH0:p2".to_vec()])
        );
        assert_eq!(run(&mut h, &mut e, "WBLAUNCH DH0:Missing", 0).0, 5);
    }

    #[test]
    fn screenshot_finds_the_screen_or_the_windows_screen_and_crop() {
        let (mut e, _) = engine();
        let wb = read_screens(&mut e.os).unwrap().screens[0].address;
        let mut h = Host::new("0");
        let (rc, t) = run(&mut h, &mut e, "SCREENSHOT", 0);
        assert_eq!((rc, t), (0, alloc::format!("capture {wb:#x} None None")));
        let (rc, t) = run(&mut h, &mut e, "SCREENSHOT SCREEN=Workbench TO=RAM:x.iff", 0);
        assert_eq!((rc, t), (0, alloc::format!("capture {wb:#x} None Some(\"RAM:x.iff\")")));
        let (rc, t) = run(&mut h, &mut e, "SCREENSHOT WINDOW=GadTools", 0);
        assert_eq!(
            (rc, t),
            (0, alloc::format!("capture {wb:#x} Some(Rect {{ left: 10, top: 20, width: 300, height: 100 }}) None"))
        );
        assert_eq!(run(&mut h, &mut e, "SCREENSHOT SCREEN=Nowhere", 0).0, 5);
        assert_eq!(run(&mut h, &mut e, "SCREENSHOT WINDOW=Nowhere", 0).0, 5);
        assert_eq!(run(&mut h, &mut e, "SCREENSHOT TO=", 0).0, 10);
    }

    #[test]
    fn where_gadget_finds_the_walked_gadget_or_stands_in() {
        let (mut e, _) = engine();
        let (mut w, _) = e.walk_target(&WindowTarget { screen: None, pattern: b"GadTools".to_vec() }).unwrap();
        let n = w.gadgets.len();
        let i = where_gadget(&mut w, Rect::new(20, 50, 120, 12));
        assert_eq!(w.gadgets[i].role, Role::String);
        let j = where_gadget(&mut w, Rect::new(1, 2, 3, 4));
        assert_eq!((j, w.gadgets.len(), w.gadgets[j].role), (n, n + 1, Role::Unknown));
    }

    /// `run` carries out every verb the table gives the engine and
    /// refuses the host's: each verb's example, straight to the engine.
    #[test]
    fn run_takes_exactly_the_engines_verbs() {
        for info in gadgetscope_arexx::VERBS {
            let (mut e, _) = engine();
            e.ui = Some(Vec::new());
            let cmd = gadgetscope_arexx::parse(info.verb.example().as_bytes()).unwrap();
            let not_mine = error!(Rc::Failed, "{} is not the engine's to carry out", info.name);
            let r = Engine::run(&mut e, &cmd, &Names::new(None));
            match info.runs {
                gadgetscope_arexx::Runs::Engine => assert_ne!(r.as_ref().err(), Some(&not_mine), "{}", info.name),
                gadgetscope_arexx::Runs::Host => assert_eq!(r, Err(not_mine)),
            }
        }
    }
}
