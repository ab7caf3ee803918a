//! The recorder: what the user does in other programs, turned into
//! commands as it happens (docs/design/recorder.md).
//!
//! [`Observed`] is one input event as the recording input handler saw it
//! ahead of Intuition (amiga-rt `record`, native C in amiga-rt/c/runtime.c).
//! [`Recorder`] turns each into [`Step`]s while the live tree is walked
//! (core::walk, core::pick, core::locate): clicks, entries, drags, window
//! moves and sizes, menu choices, waits for new windows, and comments for
//! what cannot be replayed. [`choose_locator`] is the locator choice on
//! its own (the details box shows it). [`arexx_script`] and
//! [`python_script`] write the steps out.
#![cfg_attr(not(test), no_std)]
#![forbid(unsafe_code)]
#![warn(missing_docs)]
extern crate alloc;

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use amiga_ndk::input::{
    IECLASS_NEWPOINTERPOS, IECLASS_POINTERPOS, IECLASS_RAWKEY, IECLASS_RAWMOUSE, IECODE_LBUTTON, IECODE_RBUTTON,
    IECODE_UP_PREFIX, IEQUALIFIER_REPEAT, RAWKEY_ENTER, RAWKEY_LAST, RAWKEY_LSHIFT, RAWKEY_RCOMMAND, RAWKEY_RETURN,
    RAWKEY_TAB,
};
use amiga_ndk::latin1::{from_str_lossy as to_latin1, to_string as shown};
use amiga_ndk::Rect;
use gadgetscope_core::classify::{Role, SysGadget};
use gadgetscope_core::input::{menu_boxes, menu_boxes_of, MenuBox, MenuScreen};
use gadgetscope_core::locate::{contains, find_gadget, find_window, GadgetLocator, WindowTarget};
use gadgetscope_core::manifest::{GadgetKind, Manifest};
use gadgetscope_core::pick::{gadget_at, window_under};
use gadgetscope_core::snapshot::{GadgetSnap, ScreensSnapshot, WindowInfo, WindowSnap};
use gadgetscope_core::walk::{
    find_and_walk, read_listed_window, read_screens, read_window, walk_menu, walk_window, FindError, IntuitionMemory,
    IntuitionOs,
};

/// A mouse button the handler reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MouseButton {
    /// `IECODE_LBUTTON` (devices/inputevent.h).
    Left,
    /// `IECODE_RBUTTON` (devices/inputevent.h).
    Right,
}

/// What kind of event it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ObservedKind {
    /// A button went down (`down`) or up (`IECODE_UP_PREFIX`).
    Button {
        /// Which button.
        button: MouseButton,
        /// Pressed (true) or released.
        down: bool,
    },
    /// A key went down: `IECLASS_RAWKEY` without `IECODE_UP_PREFIX`, not a
    /// key repeat (`IEQUALIFIER_REPEAT`) and not a qualifier key (raw
    /// codes 0x60..=0x67, which show in [`Observed::qualifier`] instead).
    Key {
        /// The raw key code, 0..=0x77 (devices/inputevent.h).
        rawkey: u8,
    },
}

/// One input event the recording handler saw, with where the pointer was
/// and which window was active at that moment (read on input.device's
/// task, where Intuition keeps these fields, before Intuition handled the
/// event).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Observed {
    /// The event.
    pub kind: ObservedKind,
    /// `IntuitionBase->FirstScreen` then: an identity (the walker's
    /// `ScreenInfo::address`), never dereferenced.
    pub screen: u32,
    /// The pointer then, `Screen->MouseX`/`MouseY` of that screen: pixels
    /// from the screen's top-left corner (intuition/screens.h).
    pub x: i16,
    /// See [`Observed::x`].
    pub y: i16,
    /// `IntuitionBase->ActiveWindow` then (an identity; 0 when none).
    pub active_window: u32,
    /// `ie_Qualifier` (`IEQUALIFIER_*`, devices/inputevent.h).
    pub qualifier: u16,
    /// `ie_TimeStamp`: seconds.
    pub seconds: u32,
    /// `ie_TimeStamp`: microseconds.
    pub micros: u32,
}

impl Observed {
    /// The event the recorder uses from the fields the handler copied
    /// (`ie_Class`, `ie_Code`, `ie_Qualifier`, the screen, the pointer,
    /// the active window, `ie_TimeStamp`), or `None` for one it does not
    /// use: other classes, other button codes (`IECODE_NOBUTTON`), key
    /// releases, key repeats (`IEQUALIFIER_REPEAT`), qualifier keys
    /// (`RAWKEY_LSHIFT`..=`RAWKEY_RCOMMAND`) and codes above
    /// `RAWKEY_LAST` (devices/inputevent.h).
    #[allow(clippy::too_many_arguments)]
    pub fn from_raw(
        class: u8,
        code: u16,
        qualifier: u16,
        screen: u32,
        x: i16,
        y: i16,
        active_window: u32,
        seconds: u32,
        micros: u32,
    ) -> Option<Observed> {
        let kind = match class {
            // A tablet or an injected pointer event carries its button in
            // the code as a mouse report does (devices/inputevent.h).
            IECLASS_RAWMOUSE | IECLASS_POINTERPOS | IECLASS_NEWPOINTERPOS => {
                let button = match code & !IECODE_UP_PREFIX {
                    IECODE_LBUTTON => MouseButton::Left,
                    IECODE_RBUTTON => MouseButton::Right,
                    _ => return None,
                };
                ObservedKind::Button { button, down: code & IECODE_UP_PREFIX == 0 }
            }
            IECLASS_RAWKEY => {
                if code & IECODE_UP_PREFIX != 0 || qualifier & IEQUALIFIER_REPEAT != 0 {
                    return None;
                }
                let rawkey = u8::try_from(code)
                    .ok()
                    .filter(|&k| k <= RAWKEY_LAST && !(RAWKEY_LSHIFT..=RAWKEY_RCOMMAND).contains(&k))?;
                ObservedKind::Key { rawkey }
            }
            _ => return None,
        };
        Some(Observed { kind, screen, x, y, active_window, qualifier, seconds, micros })
    }
}

/// A release this many pixels or fewer from its press is a click; farther
/// it is a drag (docs/design/recorder.md, "From events to steps").
pub const DRAG_SLACK: i32 = 2;
use gadgetscope_core::locate::{PATTERN_MAX, TEXT_MAX};
/// Most steps one recording holds, the comment that says it is full
/// included: the steps live in GadgetScope's memory until `RECORD SAVE`,
/// which writes them out at once, so a recording left on must not grow
/// without end. Input after that is counted, not recorded
/// ([`Recorder::dropped`]; docs/reference/commands.md, "RECORD").
pub const STEPS_MAX: usize = 1000;
/// Steps one event can add at most (keys still pending, a `WAITFOR`, the
/// command), plus as many for [`Recorder::finish`] and one for the
/// comment that the recording is full.
const STEPS_RESERVE: usize = 7;
/// `TIMEOUT=` of the recorded `WAITFOR WINDOW=`, seconds: the command's
/// default, written out so that a reader sees where to change it.
pub const WAIT_SECS: u32 = 10;

/// Where a recorded command finds its gadget, most stable first
/// (docs/design/recorder.md, "Locators").
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Locator {
    /// `@name` from the loaded manifest.
    Named(Vec<u8>),
    /// A window pattern and a `GA_ID` or `ROLE=`/`LABEL=`/`INDEX=`.
    Live {
        /// The window.
        window: WindowTarget,
        /// The gadget in it.
        gadget: GadgetLocator,
    },
}

impl Locator {
    /// The locator as a command line writes it: `@name`, or
    /// `[SCREEN="s"] "pattern" <GA_ID>` / `… ROLE=r LABEL="l" INDEX=n`
    /// (`INDEX=` only when not 0). Latin-1.
    pub fn text(&self) -> Vec<u8> {
        let mut out = Vec::new();
        match self {
            Locator::Named(n) => {
                out.push(b'@');
                out.extend_from_slice(n);
            }
            Locator::Live { window, gadget } => {
                push_window(&mut out, window);
                out.push(b' ');
                push_gadget(&mut out, gadget);
            }
        }
        out
    }
}

#[inline(never)]
fn push_window(out: &mut Vec<u8>, w: &WindowTarget) {
    if let Some(s) = &w.screen {
        out.extend_from_slice(b"SCREEN=");
        gadgetscope_core::text::push_quoted(out, s);
        out.push(b' ');
    }
    gadgetscope_core::text::push_quoted(out, &w.pattern);
}

fn push_gadget(out: &mut Vec<u8>, g: &GadgetLocator) {
    g.push_to(out);
}

/// One recorded step: a command, or a comment about what could not be
/// made one. Text is Latin-1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// `CLICK <locator>`.
    Click(Locator),
    /// `TYPE CLEAR=YES ENTER=YES <locator> <text>`: the entry's value
    /// replaces the old one and is committed with Return, as the user's
    /// entry was; 1 to [`TEXT_MAX`] bytes, no control bytes.
    Type(Locator, Vec<u8>),
    /// `DRAG <locator> <dx> <dy>`: a proportional gadget's knob, pixels.
    Drag(Locator, i16, i16),
    /// `WINDOWMOVE <window> <dx> <dy>`, pixels.
    WindowMove(WindowTarget, i16, i16),
    /// `WINDOWSIZE <window> <width> <height>`, pixels.
    WindowSize(WindowTarget, u16, u16),
    /// `MENUPICK <window> <menu> <item> [<sub>]`, counted from 0.
    MenuPick(WindowTarget, u8, u8, Option<u8>),
    /// `WAITFOR WINDOW=<pattern> TIMEOUT=`[`WAIT_SECS`].
    WaitWindow(WindowTarget),
    /// What happened and why it is not a command.
    Comment(Vec<u8>),
}

impl Step {
    /// The GadgetScope command line of the step (`None` for a comment).
    pub fn line(&self) -> Option<Vec<u8>> {
        let mut out = Vec::new();
        match self {
            Step::Click(l) => {
                out.extend_from_slice(b"CLICK ");
                out.extend_from_slice(&l.text());
            }
            Step::Type(l, t) => {
                out.extend_from_slice(b"TYPE CLEAR=YES ENTER=YES ");
                out.extend_from_slice(&l.text());
                out.push(b' ');
                gadgetscope_core::text::push_type_text(&mut out, t);
            }
            Step::Drag(l, dx, dy) => {
                out.extend_from_slice(b"DRAG ");
                out.extend_from_slice(&l.text());
                out.extend_from_slice(format!(" {dx} {dy}").as_bytes());
            }
            Step::WindowMove(w, dx, dy) => {
                out.extend_from_slice(b"WINDOWMOVE ");
                push_window(&mut out, w);
                out.extend_from_slice(format!(" {dx} {dy}").as_bytes());
            }
            Step::WindowSize(w, width, height) => {
                out.extend_from_slice(b"WINDOWSIZE ");
                push_window(&mut out, w);
                out.extend_from_slice(format!(" {width} {height}").as_bytes());
            }
            Step::MenuPick(w, m, i, s) => {
                out.extend_from_slice(b"MENUPICK ");
                push_window(&mut out, w);
                out.extend_from_slice(format!(" {m} {i}").as_bytes());
                if let Some(s) = s {
                    out.extend_from_slice(format!(" {s}").as_bytes());
                }
            }
            Step::WaitWindow(w) => {
                out.extend_from_slice(b"WAITFOR ");
                if let Some(s) = &w.screen {
                    out.extend_from_slice(b"SCREEN=");
                    gadgetscope_core::text::push_quoted(&mut out, s);
                    out.push(b' ');
                }
                out.extend_from_slice(b"WINDOW=");
                gadgetscope_core::text::push_quoted(&mut out, &w.pattern);
                out.extend_from_slice(format!(" TIMEOUT={WAIT_SECS}").as_bytes());
            }
            Step::Comment(_) => return None,
        }
        Some(out)
    }
}

fn is_control(b: u8) -> bool {
    b < 0x20 || (0x7F..0xA0).contains(&b)
}

/// The pattern a command finds `w` by: its title up to the first control
/// byte, at most [`PATTERN_MAX`] bytes, with `SCREEN=` (its screen's
/// title, cut the same way) when another window would match first. The
/// pattern must find `w` itself in `snap` (the first match in Intuition's
/// list order, docs/reference/commands.md "Windows"); `Err` says why no
/// pattern does.
pub fn window_target(snap: &ScreensSnapshot, w: &WindowInfo) -> Result<WindowTarget, Vec<u8>> {
    let cut = |t: &[u8]| -> Vec<u8> {
        let end = t.iter().position(|&b| is_control(b)).unwrap_or(t.len()).min(PATTERN_MAX);
        t[..end].to_vec()
    };
    let Some(title) = w.title.as_deref() else {
        return Err(b"the window has no title, so no window pattern finds it".to_vec());
    };
    let pattern = cut(title);
    if title.is_empty() {
        return Err(b"the window's title is empty, so no window pattern finds it".to_vec());
    }
    if pattern.is_empty() {
        return Err(b"the window's title starts with a control character".to_vec());
    }
    if find_window(snap, &pattern, None).map(|f| f.address) == Some(w.address) {
        return Ok(WindowTarget { screen: None, pattern });
    }
    if let Some(st) = w.screen_title.as_deref().map(cut).filter(|s| !s.is_empty()) {
        if find_window(snap, &pattern, Some(&st)).map(|f| f.address) == Some(w.address) {
            return Ok(WindowTarget { screen: Some(st), pattern });
        }
    }
    Err(to_latin1(&format!("another window whose title holds \"{}\" comes first in Intuition's list", shown(&pattern))))
}

/// The most stable locator of gadget `index` of the walked `window`
/// (docs/design/recorder.md, "Locators"): `@name` when `manifest` names
/// it (its window pattern finds this window and its `GA_ID` this
/// gadget), else the window pattern with the `GA_ID` when no other gadget
/// of the window has it, else `ROLE=` (and `LABEL=` when the gadget has
/// a label) with `INDEX=`. Each is checked the way a command resolves it
/// ([`find_window`], [`find_gadget`]) against `snap` and `window` and
/// must give this very gadget; `Err` says why none does (the recorder
/// then writes the coordinates as a comment).
pub fn choose_locator(
    snap: &ScreensSnapshot,
    window: &WindowSnap,
    index: usize,
    manifest: Option<&Manifest>,
) -> Result<Locator, Vec<u8>> {
    let Some(g) = window.gadgets.get(index) else {
        return Err(b"no such gadget".to_vec());
    };
    let same = |l: &GadgetLocator| find_gadget(&window.gadgets, l).map(|(i, _)| i) == Some(index);
    if let (Some(m), Ok(id)) = (manifest, u16::try_from(g.id)) {
        for mg in &m.gadgets {
            let (GadgetKind::GaId(gid), Some(mw)) = (mg.kind, m.windows.get(mg.window)) else { continue };
            let here = find_window(snap, &mw.title, None).map(|f| f.address) == Some(window.info.address);
            if gid == id && here && same(&GadgetLocator::Id(id)) {
                return Ok(Locator::Named(mg.name.clone()));
            }
        }
    }
    let wt = window_target(snap, &window.info)?;
    if let Ok(id) = u16::try_from(g.id) {
        if window.gadgets.iter().filter(|o| o.id == g.id).count() == 1 && same(&GadgetLocator::Id(id)) {
            return Ok(Locator::Live { window: wt, gadget: GadgetLocator::Id(id) });
        }
    }
    let label = (!g.label.is_empty() && g.label.len() <= TEXT_MAX && !g.label.iter().any(|&b| is_control(b)))
        .then(|| g.label.clone());
    let role = Some(g.role);
    let before = window.gadgets[..index]
        .iter()
        .filter(|o| o.role == g.role && label.as_deref().is_none_or(|l| contains(&o.label, l)))
        .count();
    if let Ok(n) = u16::try_from(before) {
        let m = GadgetLocator::Match { role, label, index: (n > 0).then_some(n) };
        if same(&m) {
            let GadgetLocator::Match { role, label, index } = m else { unreachable!() };
            return Ok(Locator::Live { window: wt, gadget: GadgetLocator::Match { role, label, index } });
        }
    }
    Err(b"no GA_ID, role or label tells it from the window's other gadgets".to_vec())
}

/// GadgetScope's own windows among `snap`'s: those whose IDCMP port
/// (`Window->UserPort`) signals `task` (`MsgPort->mp_SigTask`, exec/ports.h;
/// intuition/intuition.h). Each window is read under its own
/// `LockIBase()` and only while it is still in Intuition's lists
/// ([`read_listed_window`]): one closed since `snap` is left out, not read.
/// Windows without a port (the highlight frame's bars) are the caller's to add.
pub fn windows_of_task(os: &mut dyn IntuitionOs, snap: &ScreensSnapshot, task: u32) -> Vec<u32> {
    let signals_task = |m: &mut dyn IntuitionMemory, w: u32| {
        let mut b = [0u8; 4];
        if !m.read(w.wrapping_add(amiga_ndk::intuition::wd_UserPort as u32), &mut b) {
            return false;
        }
        let port = u32::from_be_bytes(b);
        port != 0
            && m.read(port.wrapping_add(amiga_ndk::exec::mp_SigTask as u32), &mut b)
            && u32::from_be_bytes(b) == task
    };
    snap.windows().map(|w| w.address).filter(|&w| read_listed_window(os, w, signals_task) == Some(true)).collect()
}

/// A left press being followed to its release.
#[derive(Clone, Debug)]
struct Press {
    window: WindowInfo,
    gadget: Option<GadgetSnap>,
    locator: Result<Locator, Vec<u8>>,
    target: Result<WindowTarget, Vec<u8>>,
    x: i32,
    y: i32,
    screen: u32,
    /// The windows open at the press.
    windows: Vec<u32>,
}

/// A right press (the menu) being followed to its release.
#[derive(Clone, Debug)]
struct MenuPress {
    target: Result<WindowTarget, Vec<u8>>,
    title: Vec<u8>,
    window: u32,
    screen: u32,
    scr: MenuScreen,
    menus: Vec<MenuBox>,
    x: i32,
    windows: Vec<u32>,
}

/// A string or integer gadget being typed into.
#[derive(Clone, Debug)]
struct Entry {
    press: Press,
    keys: u32,
    /// The value as last read (at a key press, while the window was open).
    value: Option<Vec<u8>>,
}

#[derive(Clone, Debug)]
enum Pending {
    None,
    /// A press that is not followed (GadgetScope's own window).
    Ignored,
    /// A left press where no window is (screen pixels): the window may
    /// have closed before the recorder looked.
    Nowhere(i16, i16),
    Left(alloc::boxed::Box<Press>),
    Right(alloc::boxed::Box<MenuPress>),
}

/// Turns observed input into steps (docs/design/recorder.md). Feed it
/// every [`Observed`] in order with [`Recorder::observe`], lost events
/// with [`Recorder::lost`], and call [`Recorder::finish`] at the end.
#[derive(Clone, Debug)]
pub struct Recorder {
    steps: Vec<Step>,
    lost: u32,
    /// Events not recorded because the recording is full ([`STEPS_MAX`]).
    dropped: u32,
    full: bool,
    pending: Pending,
    entry: Option<Entry>,
    /// The windows open at the press of the last recorded command (at the
    /// start, those open then).
    known: Vec<u32>,
    /// Keys pressed outside an entry, not yet written: (count, window).
    stray: Option<(u32, Vec<u8>)>,
    /// Titles of the windows acted in, in order of first use.
    titles: Vec<Vec<u8>>,
}

#[inline(never)]
fn window_list(snap: &ScreensSnapshot) -> Vec<u32> {
    snap.windows().map(|w| w.address).collect()
}

#[inline(never)]
fn title_of(w: &WindowInfo) -> String {
    match &w.title {
        Some(t) => format!("\"{}\"", shown(t)),
        None => String::from("an untitled window"),
    }
}

impl Recorder {
    /// A recording that starts now: the windows open now count as there
    /// (no `WAITFOR` for them).
    pub fn start(os: &mut dyn IntuitionOs) -> Recorder {
        let known = read_screens(os).map(|s| window_list(&s)).unwrap_or_default();
        Recorder {
            steps: Vec::new(),
            lost: 0,
            dropped: 0,
            full: false,
            pending: Pending::None,
            entry: None,
            known,
            stray: None,
            titles: Vec::new(),
        }
    }

    /// The steps so far.
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// How many of the steps are commands.
    pub fn commands(&self) -> usize {
        self.steps.iter().filter(|s| !matches!(s, Step::Comment(_))).count()
    }

    /// Events lost in all (the handler's ring was full).
    pub fn lost_total(&self) -> u32 {
        self.lost
    }

    /// The titles of the windows the commands act in, in order of first
    /// use (Latin-1).
    pub fn titles(&self) -> &[Vec<u8>] {
        &self.titles
    }

    /// Events not recorded because the recording was full
    /// ([`STEPS_MAX`] steps); 0 while it is not.
    pub fn dropped(&self) -> u32 {
        self.dropped
    }

    /// Whether the recording is full ([`STEPS_MAX`]): it then takes no
    /// more steps and counts what comes ([`Recorder::dropped`]).
    pub fn is_full(&self) -> bool {
        self.full
    }

    /// True when `n` more events fit; else the recording becomes full (an
    /// entry being typed and keys pending are dropped with the events,
    /// and a last comment says so) and the events are counted.
    #[inline(never)]
    fn room(&mut self, n: u32) -> bool {
        if !self.full && self.steps.len() + STEPS_RESERVE <= STEPS_MAX {
            return true;
        }
        if !self.full {
            self.full = true;
            self.flush_stray();
            self.entry = None;
            self.pending = Pending::None;
            self.steps.push(Step::Comment(to_latin1(&format!(
                "the recording is full ({STEPS_MAX} steps): what came after is not recorded"
            ))));
        }
        self.dropped = self.dropped.saturating_add(n);
        false
    }

    /// `n` events were lost since the last drain: said as a comment where
    /// it happened and counted.
    pub fn lost(&mut self, n: u32) {
        if n == 0 {
            return;
        }
        if !self.room(n) {
            return;
        }
        self.lost = self.lost.saturating_add(n);
        self.comment(format!("{n} input events were lost here (the recorder's buffer was full): steps may be missing"));
    }

    #[inline(never)]
    fn flush_stray(&mut self) {
        if let Some((n, title)) = self.stray.take() {
            let s = format!(
                "{n} key presses in {} outside a text entry: keys are recorded only as the text of a string gadget",
                shown(&title)
            );
            self.steps.push(Step::Comment(to_latin1(&s)));
        }
    }

    #[inline(never)]
    fn comment(&mut self, text: String) {
        self.flush_stray();
        self.steps.push(Step::Comment(to_latin1(&text)));
    }

    /// Records a command done in `window` (whose target is `target`),
    /// with a `WAITFOR` first when the window was not open at the press
    /// of the last command; `windows` are those open at this command's
    /// press.
    #[inline(never)]
    fn command(&mut self, window: u32, target: &WindowTarget, title: &[u8], windows: Vec<u32>, step: Step) {
        self.flush_stray();
        if !self.known.contains(&window) {
            self.steps.push(Step::WaitWindow(target.clone()));
        }
        if !self.titles.iter().any(|t| t == title) {
            self.titles.push(title.to_vec());
        }
        self.known = windows;
        self.steps.push(step);
    }

    /// Takes one event. `os` is walked now (Intuition has handled the
    /// event by then: docs/design/recorder.md "From events to steps");
    /// `manifest` gives `@name`s; events in the windows `own`
    /// (GadgetScope's) are ignored.
    pub fn observe(&mut self, os: &mut dyn IntuitionOs, ev: &Observed, manifest: Option<&Manifest>, own: &[u32]) {
        if !self.room(1) {
            return;
        }
        match ev.kind {
            ObservedKind::Key { rawkey } => self.key(os, ev, rawkey, own),
            ObservedKind::Button { button: MouseButton::Left, down: true } => {
                // With the menu held, a left click chooses the item under
                // the pointer and leaves the menu open (Intuition's
                // multiple selection).
                if let Pending::Right(p) = &self.pending {
                    let p = p.clone();
                    self.menu_choice(&p, ev);
                    return;
                }
                let press = self.left_press(os, ev, manifest, own);
                if let Some(e) = &self.entry {
                    let again = matches!(&press, Pending::Left(p)
                        if p.window.address == e.press.window.address
                            && p.gadget.as_ref().map(|g| g.address) == e.press.gadget.as_ref().map(|g| g.address));
                    if again {
                        // A click into the entry's own gadget moves the cursor.
                        self.pending = Pending::Ignored;
                        return;
                    }
                    self.end_entry(os);
                }
                self.pending = press;
            }
            ObservedKind::Button { button: MouseButton::Left, down: false } => {
                if matches!(self.pending, Pending::Right(_)) {
                    return;
                }
                match core::mem::replace(&mut self.pending, Pending::None) {
                    Pending::Left(p) => self.left_release(os, *p, ev),
                    Pending::Nowhere(x, y) => self.comment(format!(
                        "a click at {x},{y} of the screen (pixels), where no window is open now (it may have closed before the recorder looked)"
                    )),
                    _ => {}
                }
            }
            ObservedKind::Button { button: MouseButton::Right, down: true } => {
                // Intuition opens no menu while the left button holds a
                // gadget: the left press stays pending.
                if matches!(self.pending, Pending::Left(_) | Pending::Nowhere(..)) {
                    return;
                }
                self.end_entry(os);
                self.pending = self.right_press(os, ev, own);
            }
            ObservedKind::Button { button: MouseButton::Right, down: false } => {
                if !matches!(self.pending, Pending::Right(_)) {
                    return;
                }
                if let Pending::Right(p) = core::mem::replace(&mut self.pending, Pending::None) {
                    self.menu_choice(&p, ev);
                }
            }
        }
    }

    /// Ends an entry still open and writes keys still pending (call at
    /// `RECORD STOP`).
    pub fn finish(&mut self, os: &mut dyn IntuitionOs) {
        self.end_entry(os);
        self.pending = Pending::None;
        self.flush_stray();
    }

    fn key(&mut self, os: &mut dyn IntuitionOs, ev: &Observed, rawkey: u8, own: &[u32]) {
        if ev.active_window != 0 && own.contains(&ev.active_window) {
            return;
        }
        if let Some(e) = &mut self.entry {
            if matches!(rawkey, RAWKEY_RETURN | RAWKEY_ENTER | RAWKEY_TAB) {
                self.end_entry(os);
                return;
            }
            e.keys += 1;
            if let Some(v) = read_value(os, &e.press) {
                e.value = Some(v);
            }
            return;
        }
        let title = read_screens(os)
            .ok()
            .and_then(|s| s.window(ev.active_window).map(|w| title_of(w).into_bytes()))
            .unwrap_or_else(|| b"no window".to_vec());
        match &mut self.stray {
            Some((n, t)) if *t == title => *n += 1,
            _ => {
                self.flush_stray();
                self.stray = Some((1, title));
            }
        }
    }

    #[inline(never)]
    fn end_entry(&mut self, os: &mut dyn IntuitionOs) {
        let Some(e) = self.entry.take() else { return };
        if e.keys == 0 {
            return;
        }
        let value = read_value(os, &e.press).or(e.value);
        let where_ = title_of(&e.press.window);
        let Some(v) = value else {
            return self.comment(format!("keys typed into a gadget of {where_}: its text could not be read"));
        };
        let why = if v.is_empty() {
            Some("the text is empty, and TYPE types at least one character")
        } else if v.len() > TEXT_MAX {
            Some("the text is longer than TYPE takes (255 bytes)")
        } else if v.iter().any(|&b| is_control(b)) {
            Some("the text holds control characters")
        } else {
            None
        };
        if let Some(why) = why {
            return self.comment(format!("typed \"{}\" into a gadget of {where_}: {why}", shown(&v)));
        }
        self.gadget_step(e.press, "typing", Step::Type(no_locator(), v));
    }

    /// Records `step` (`CLICK`, `TYPE` or `DRAG`, built with [`no_locator`])
    /// with the press's locator, or the press's coordinates as a comment
    /// saying `what` happened when there is none. Not generic: one copy
    /// on the 68k.
    #[inline(never)]
    fn gadget_step(&mut self, p: Press, what: &str, step: Step) {
        match (p.locator, &p.target) {
            (Ok(l), Ok(t)) => {
                let title = p.window.title.clone().unwrap_or_default();
                let t = t.clone();
                let step = match step {
                    Step::Type(_, text) => Step::Type(l, text),
                    Step::Drag(_, dx, dy) => Step::Drag(l, dx, dy),
                    _ => Step::Click(l),
                };
                self.command(p.window.address, &t, &title, p.windows, step);
            }
            (l, t) => {
                let why = l.err().or_else(|| t.clone().err()).unwrap_or_default();
                let (rx, ry) = (p.x - i32::from(p.window.left), p.y - i32::from(p.window.top));
                self.comment(format!(
                    "{what} at {rx},{ry} of {} (window-relative pixels): {}",
                    title_of(&p.window),
                    shown(&why)
                ));
            }
        }
    }

    fn left_press(
        &mut self,
        os: &mut dyn IntuitionOs,
        ev: &Observed,
        manifest: Option<&Manifest>,
        own: &[u32],
    ) -> Pending {
        // A screen closed since the press: said like a window that closed.
        let mut miss = Pending::Nowhere(ev.x, ev.y);
        let found = find_and_walk(
            os,
            &mut |os, snap| {
                let mut at = snap.screen(ev.screen)?.clone();
                at.mouse_x = ev.x;
                at.mouse_y = ev.y;
                let window = window_under(os, &at)?.address;
                if own.contains(&window) {
                    miss = Pending::Ignored;
                    return None;
                }
                Some(window)
            },
            walk_window,
        );
        let (snap, w) = match found {
            Ok(f) => f,
            Err(FindError::Unreadable) => return Pending::Ignored,
            Err(_) => return miss,
        };
        // The window as the copy has it, as window_under chose it.
        let mut target = window_target(&snap, snap.window(w.info.address).unwrap_or(&w.info));
        let (x, y) = (i32::from(ev.x), i32::from(ev.y));
        let hit = gadget_at(&w, x, y).map(|g| g.address);
        let index = hit.and_then(|a| w.gadgets.iter().position(|g| g.address == a));
        let (gadget, locator) = match index {
            Some(i) if w.truncated => {
                (Some(w.gadgets[i].clone()), Err(b"the window's gadget list is cut short".to_vec()))
            }
            Some(i) => (Some(w.gadgets[i].clone()), choose_locator(&snap, &w, i, manifest)),
            None => (None, Err(b"there is no gadget there".to_vec())),
        };
        // An @name finds its window by the manifest's pattern.
        if let (Ok(Locator::Named(n)), Some(m)) = (&locator, manifest) {
            if let Some(mw) = m.gadget(n).and_then(|g| m.windows.get(g.window)) {
                target = Ok(WindowTarget { screen: None, pattern: mw.title.clone() });
            }
        }
        Pending::Left(alloc::boxed::Box::new(Press {
            window: w.info,
            gadget,
            locator,
            target,
            x,
            y,
            screen: ev.screen,
            windows: window_list(&snap),
        }))
    }

    fn left_release(&mut self, os: &mut dyn IntuitionOs, p: Press, ev: &Observed) {
        let (x, y) = (i32::from(ev.x), i32::from(ev.y));
        let (dx, dy) = (x - p.x, y - p.y);
        let moved = ev.screen != p.screen || dx.abs() > DRAG_SLACK || dy.abs() > DRAG_SLACK;
        let (wl, wt) = (i32::from(p.window.left), i32::from(p.window.top));
        let Some(g) = p.gadget.clone() else {
            if !moved {
                self.gadget_step(p, "a click", Step::Click(no_locator()));
            }
            return;
        };
        match g.sys {
            Some(SysGadget::Drag) => {
                if !moved {
                    return;
                }
                let (mx, my) = match read_window(os, p.window.address) {
                    Ok(now) => (i32::from(now.left) - wl, i32::from(now.top) - wt),
                    Err(_) => (dx, dy),
                };
                if (mx, my) != (0, 0) {
                    self.window_step(p, false, mx, my);
                }
            }
            Some(SysGadget::Size) => {
                if !moved {
                    return;
                }
                match read_window(os, p.window.address) {
                    Ok(now) if (now.width, now.height) != (p.window.width, p.window.height) => {
                        self.window_step(p, true, now.width.into(), now.height.into());
                    }
                    Ok(_) => {}
                    Err(_) => self.comment(format!(
                        "{} was resized and closed before its size could be read",
                        title_of(&p.window)
                    )),
                }
            }
            _ => {
                if let Some((kl, kt, kw, kh)) = g.knob {
                    // Read at the press the knob is under the press point; read
                    // after a drag it has followed the pointer to the release.
                    let on_knob = Rect::new(kl, kt, kw, kh).contains(p.x - wl, p.y - wt)
                        || (moved && knob_now_under(os, &p.window, g.address, x - wl, y - wt));
                    if on_knob && moved {
                        let (dx, dy) = (dx.clamp(-32768, 32767) as i16, dy.clamp(-32768, 32767) as i16);
                        self.gadget_step(p, "a drag of a knob", Step::Drag(no_locator(), dx, dy));
                    } else if !on_knob && !moved {
                        self.comment(format!(
                            "a click beside the knob of a gadget of {}: DRAG moves the knob itself, a CLICK would hit the gadget's centre",
                            title_of(&p.window)
                        ));
                    } else if !on_knob {
                        self.comment(format!(
                            "a drag from beside the knob of a gadget of {}: DRAG moves the knob itself",
                            title_of(&p.window)
                        ));
                    }
                    return;
                }
                if !g.rect().contains(x - wl, y - wt) {
                    // Released off the gadget: Intuition sends nothing.
                    return;
                }
                if matches!(g.role, Role::String | Role::Integer) && g.sys.is_none() {
                    let value = g.value.clone();
                    self.entry = Some(Entry { press: p, keys: 0, value });
                    return;
                }
                self.gadget_step(p, "a click on a gadget", Step::Click(no_locator()));
            }
        }
    }

    /// Records `WINDOWMOVE` by (`dx`, `dy`), or with `size` `WINDOWSIZE`
    /// to (`dx`, `dy`), in the press's window; a comment when no pattern
    /// finds it.
    #[inline(never)]
    fn window_step(&mut self, p: Press, size: bool, dx: i32, dy: i32) {
        match &p.target {
            Ok(t) => {
                let title = p.window.title.clone().unwrap_or_default();
                let t = t.clone();
                let step = if size {
                    Step::WindowSize(t.clone(), dx.clamp(1, 32767) as u16, dy.clamp(1, 32767) as u16)
                } else {
                    Step::WindowMove(t.clone(), dx.clamp(-32768, 32767) as i16, dy.clamp(-32768, 32767) as i16)
                };
                self.command(p.window.address, &t, &title, p.windows, step);
            }
            Err(why) => {
                let what = if size { format!("sized to {dx}x{dy}") } else { format!("moved by {dx},{dy}") };
                self.comment(format!("{} {what}: {}", title_of(&p.window), shown(why)));
            }
        }
    }

    fn right_press(&mut self, os: &mut dyn IntuitionOs, ev: &Observed, own: &[u32]) -> Pending {
        if ev.active_window == 0 || own.contains(&ev.active_window) {
            return Pending::Ignored;
        }
        let Ok(snap) = read_screens(os) else { return Pending::Ignored };
        let Some(info) = snap.window(ev.active_window).cloned() else { return Pending::Ignored };
        if info.flags & amiga_ndk::intuition::WFLG_RMBTRAP != 0 || info.screen != ev.screen {
            return Pending::Ignored;
        }
        let Some(screen) = snap.screens.iter().find(|s| s.address == info.screen) else { return Pending::Ignored };
        let Ok(strip) = walk_menu(os, &info) else { return Pending::Ignored };
        if strip.menus.is_empty() || strip.truncated {
            return Pending::Ignored;
        }
        Pending::Right(alloc::boxed::Box::new(MenuPress {
            target: window_target(&snap, &info),
            title: info.title.clone().unwrap_or_default(),
            window: info.address,
            screen: info.screen,
            scr: MenuScreen::of(screen),
            menus: menu_boxes_of(&strip),
            x: i32::from(ev.x),
            windows: window_list(&snap),
        }))
    }

    /// The menu item under the pointer at `ev` (a right release, or a
    /// left press with the menu held) as `MENUPICK`; nothing off the menu.
    fn menu_choice(&mut self, p: &MenuPress, ev: &Observed) {
        if ev.screen != p.screen {
            return;
        }
        let (x, y) = (i32::from(ev.x), i32::from(ev.y));
        let Some((m, i, s)) = menu_hit(p, x, y) else { return };
        let (Ok(mu), Ok(it)) = (u8::try_from(m), u8::try_from(i)) else { return };
        let sub = s.and_then(|s| u8::try_from(s).ok());
        match &p.target {
            Ok(t) => {
                let t = t.clone();
                self.command(p.window, &t, &p.title.clone(), p.windows.clone(), Step::MenuPick(t.clone(), mu, it, sub));
            }
            Err(why) => {
                let sub = sub.map(|s| format!("/{s}")).unwrap_or_default();
                let title = if p.title.is_empty() {
                    String::from("an untitled window")
                } else {
                    format!("\"{}\"", shown(&p.title))
                };
                self.comment(format!("menu {mu}/{it}{sub} of {title}: {}", shown(why)));
            }
        }
    }
}

/// The placeholder a step is built with before its locator is known
/// ([`Recorder::gadget_step`] puts the press's in).
fn no_locator() -> Locator {
    Locator::Named(Vec::new())
}

/// What the details box shows for gadget `index` of the walked `window`:
/// the text of its [`choose_locator`] locator (`@name`, `"title" 3`,
/// `"title" ROLE=… LABEL=…`), or `coordinates: <why>` when there is
/// none. Latin-1.
pub fn locator_text(snap: &ScreensSnapshot, window: &WindowSnap, index: usize, manifest: Option<&Manifest>) -> Vec<u8> {
    match choose_locator(snap, window, index, manifest) {
        Ok(l) => l.text(),
        Err(why) => {
            let mut t = b"coordinates: ".to_vec();
            t.extend_from_slice(&why);
            t
        }
    }
}

/// The value of the press's gadget now (`None` when the window or the
/// gadget is gone or has no readable value).
#[inline(never)]
fn read_value(os: &mut dyn IntuitionOs, p: &Press) -> Option<Vec<u8>> {
    let g = p.gadget.as_ref()?;
    let info = read_window(os, p.window.address).ok()?;
    let w = walk_window(os, &info).ok()?;
    w.gadgets.iter().find(|o| o.address == g.address)?.value.clone()
}

/// The enabled menu entry under (`x`, `y`) when the right button came up:
/// (menu, item, sub-item). Item boxes of different menus can overlap (the
/// items of only one menu are shown at a time, and the recorder does not
/// see which): when the point is in entries of more than one menu, the
/// one whose title holds the press's `x` wins, else nothing is chosen.
/// A sub-item box is on top of its item's; an item with sub-items is not
/// itself chosen (Intuition, RKRM Libraries "Intuition Menus").
fn menu_hit(p: &MenuPress, x: i32, y: i32) -> Option<(usize, usize, Option<usize>)> {
    let mut hits: Vec<(usize, usize, Option<usize>, bool)> = Vec::new();
    for (mi, m) in p.menus.iter().enumerate() {
        for (ii, it) in m.items.iter().enumerate() {
            let Ok((_, ib, _)) = menu_boxes(&p.scr, &p.menus, mi, ii, None) else { continue };
            let mut sub_hit = false;
            for si in 0..it.subitems.len() {
                let Ok((_, _, Some(sb))) = menu_boxes(&p.scr, &p.menus, mi, ii, Some(si)) else { continue };
                if sb.contains(x, y) {
                    let on = m.enabled && it.enabled && it.subitems[si].enabled;
                    hits.push((mi, ii, Some(si), on));
                    sub_hit = true;
                }
            }
            if !sub_hit && ib.contains(x, y) {
                let on = m.enabled && it.enabled && it.subitems.is_empty();
                hits.push((mi, ii, None, on));
            }
        }
    }
    let menus_hit = |h: &[(usize, usize, Option<usize>, bool)]| {
        let first = h.first().map(|t| t.0);
        h.iter().all(|t| Some(t.0) == first)
    };
    if !menus_hit(&hits) {
        let title = p.menus.iter().enumerate().find(|(_, m)| {
            let l = p.scr.bar_hborder + i32::from(m.left);
            p.x >= l && p.x < l + i32::from(m.width)
        });
        let (tm, _) = title?;
        hits.retain(|h| h.0 == tm);
    }
    // Within one menu a sub-item is on top of the items it overlaps.
    let pick = hits.iter().find(|h| h.2.is_some()).or(hits.first())?;
    pick.3.then_some((pick.0, pick.1, pick.2))
}

// ------------------------------------------------------------ the scripts

/// Text for inside an ARexx comment: `/*` and `*/` broken up (`/\*`,
/// `*\/`: ARexx comments nest), control bytes as `\xNN`; other Latin-1
/// bytes as they are.
fn rexx_comment_text(s: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len());
    for (i, &b) in s.iter().enumerate() {
        if is_control(b) {
            out.extend_from_slice(format!("\\x{b:02X}").as_bytes());
            continue;
        }
        out.push(b);
        if (b == b'/' && s.get(i + 1) == Some(&b'*')) || (b == b'*' && s.get(i + 1) == Some(&b'/')) {
            out.push(b'\\');
        }
    }
    out
}

/// An ARexx string expression for `s`: quoted with `'` (a `'` doubled,
/// the ARexx rule), control bytes as hex strings (`'0A'X`) joined with
/// `||`; other Latin-1 bytes as they are (the script is Latin-1).
fn rexx_string(s: &[u8]) -> Vec<u8> {
    let mut parts: Vec<Vec<u8>> = Vec::new();
    let mut run: Option<Vec<u8>> = None;
    for &b in s {
        if is_control(b) {
            if let Some(r) = run.take() {
                parts.push(r);
            }
            parts.push(format!("'{b:02X}'X").into_bytes());
            continue;
        }
        let r = run.get_or_insert_with(Vec::new);
        if b == b'\'' {
            r.push(b'\'');
        }
        r.push(b);
    }
    if let Some(r) = run {
        parts.push(r);
    }
    let parts: Vec<Vec<u8>> = parts
        .into_iter()
        .map(|p| {
            if p.ends_with(b"'X") && p.len() == 5 && p[0] == b'\'' {
                p
            } else {
                let mut q = b"'".to_vec();
                q.extend_from_slice(&p);
                q.push(b'\'');
                q
            }
        })
        .collect();
    if parts.is_empty() {
        return b"''".to_vec();
    }
    parts.join(&b"||"[..])
}

/// A Python string literal for Latin-1 `s`: ASCII source, `\\` and `\"`
/// escaped, control and non-ASCII bytes as `\xNN` (the `amipilot` client
/// sends a `str` as Latin-1, so `"\xe9"` arrives as byte 0xE9).
#[inline(never)]
fn py_string(s: &[u8]) -> String {
    let mut out = String::from("\"");
    for &b in s {
        match b {
            b'\\' => out.push_str("\\\\"),
            b'"' => out.push_str("\\\""),
            0x20..=0x7E => out.push(char::from(b)),
            _ => out.push_str(&format!("\\x{b:02x}")),
        }
    }
    out.push('"');
    out
}

/// Text for a Python `#` comment: ASCII, other bytes as `\xNN`.
fn py_comment_text(s: &[u8]) -> String {
    let mut out = String::new();
    for &b in s {
        match b {
            0x20..=0x7E => out.push(char::from(b)),
            _ => out.push_str(&format!("\\x{b:02x}")),
        }
    }
    out
}

/// Whether the `amipilot` client sends `pattern` so that GadgetScope
/// reads it back as a window pattern: the client quotes only a pattern
/// with a blank, `"` or `\`, and an unquoted `A=B` is an option and
/// `@x` a name (docs/reference/commands.md, "Command lines").
fn py_pattern_ok(pattern: &[u8]) -> bool {
    pattern.iter().any(|&b| matches!(b, b' ' | b'\t' | b'"' | b'\\'))
        || (!pattern.contains(&b'=') && pattern.first() != Some(&b'@'))
}

/// The window pattern as the first argument and `screen=` as the last of
/// a call, or why the client cannot send the pattern.
#[inline(never)]
fn py_window(w: &WindowTarget, args: &mut Vec<String>) -> Result<(), String> {
    if !py_pattern_ok(&w.pattern) {
        return Err(format!(
            "the amipilot client would send the window pattern {} unquoted, which GadgetScope reads otherwise",
            py_string(&w.pattern)
        ));
    }
    args.insert(0, py_string(&w.pattern));
    if let Some(s) = &w.screen {
        args.push(format!("screen={}", py_string(s)));
    }
    Ok(())
}

/// Longest command line the `amipilot` 1.1.0 client sends, in bytes: its
/// `WireClient.command()` refuses a line that is, with its LF, longer
/// than its `MAX_LINE` of 512.
const PY_LINE_MAX: usize = 511;

/// The `amipilot` 1.1.0 call of a step: the object API's method
/// (`ap.<method>`) or the script's `send` of the command line (`TYPE`'s
/// options: the client's `type()` sends none), with its arguments; or why
/// there is none.
fn py_call(step: &Step) -> Result<(&'static str, Vec<String>), String> {
    let role_kws = |g: &GadgetLocator, args: &mut Vec<String>| {
        if let GadgetLocator::Match { role, label, index } = g {
            if let Some(r) = role {
                args.push(format!("role=\"{}\"", r.as_str()));
            }
            if let Some(l) = label {
                args.push(format!("label={}", py_string(l)));
            }
            if let Some(i) = index.filter(|&i| i > 0) {
                args.push(format!("index={i}"));
            }
        }
    };
    let mut a: Vec<String> = Vec::new();
    let method = match step {
        Step::Click(Locator::Named(n)) => {
            a.push(py_string(n));
            "click_by_name"
        }
        Step::Type(..) => {
            let line = step.line().unwrap_or_default();
            if line.len() > PY_LINE_MAX {
                return Err(format!(
                    "the line is longer than the {PY_LINE_MAX} bytes the amipilot client sends; the ARexx script makes this step"
                ));
            }
            a.extend([String::from("wire"), py_string(&line)]);
            "send"
        }
        Step::Drag(Locator::Named(n), dx, dy) => {
            a.extend([py_string(n), format!("{dx}"), format!("{dy}")]);
            "drag_by_name"
        }
        Step::Click(Locator::Live { window, gadget }) => {
            let m = match gadget {
                GadgetLocator::Id(id) => {
                    a.push(format!("{id}"));
                    "click"
                }
                g => {
                    role_kws(g, &mut a);
                    "click_by_role"
                }
            };
            py_window(window, &mut a)?;
            m
        }
        Step::Drag(Locator::Live { window, gadget: GadgetLocator::Id(id) }, dx, dy) => {
            a.extend([format!("{id}"), format!("{dx}"), format!("{dy}")]);
            py_window(window, &mut a)?;
            "drag"
        }
        Step::Drag(Locator::Live { .. }, ..) => {
            return Err(String::from("amipilot 1.1.0 has no drag by ROLE=/LABEL=; the ARexx script makes this step"))
        }
        Step::WindowMove(w, dx, dy) => {
            a.extend([format!("{dx}"), format!("{dy}")]);
            py_window(w, &mut a)?;
            "window_move"
        }
        Step::WindowSize(w, width, height) => {
            a.extend([format!("{width}"), format!("{height}")]);
            py_window(w, &mut a)?;
            "window_resize"
        }
        Step::MenuPick(w, m, i, s) => {
            a.extend([format!("{m}"), format!("{i}")]);
            if let Some(s) = s {
                a.push(format!("{s}"));
            }
            py_window(w, &mut a)?;
            "menu_pick"
        }
        Step::WaitWindow(w) => {
            let mut cond = b"window:".to_vec();
            cond.extend_from_slice(&w.pattern);
            a.push(py_string(&cond));
            if let Some(s) = &w.screen {
                a.push(format!("screen={}", py_string(s)));
            }
            a.push(format!("timeout={WAIT_SECS}"));
            "wait_for"
        }
        Step::Comment(_) => return Err(String::new()),
    };
    Ok((method, a))
}

fn uses_names(steps: &[Step]) -> bool {
    steps.iter().any(|s| {
        matches!(
            s,
            Step::Click(Locator::Named(_)) | Step::Type(Locator::Named(_), _) | Step::Drag(Locator::Named(_), ..)
        )
    })
}

fn header_lines(rec: &Recorder) -> Vec<Vec<u8>> {
    let mut lines = Vec::new();
    let n = rec.commands();
    lines.push(format!("Recorded by GadgetScope: {n} command{}.", if n == 1 { "" } else { "s" }).into_bytes());
    if !rec.titles.is_empty() {
        let mut l = b"Windows:".to_vec();
        for (i, t) in rec.titles.iter().enumerate() {
            l.extend_from_slice(if i == 0 { b" \"" } else { b", \"" });
            l.extend_from_slice(t);
            l.push(b'"');
        }
        lines.push(l);
    }
    if rec.lost > 0 {
        lines.push(format!("{} input events were lost while recording: steps may be missing.", rec.lost).into_bytes());
    }
    if rec.full {
        lines.push(
            format!(
                "The recording filled its {STEPS_MAX} steps: {} later input events were not recorded.",
                rec.dropped
            )
            .into_bytes(),
        );
    }
    if uses_names(&rec.steps) {
        lines.push(b"@names come from a manifest: load it first (MANIFEST <path>).".to_vec());
    }
    lines
}

/// The ARexx script of a recording (docs/design/recorder.md, "Scripts"):
/// a comment with the counts and the recorded window titles (no date),
/// `ADDRESS '<port>'`, `OPTIONS RESULTS`, then one command per line, each
/// followed by `IF RC ~= 0 THEN CALL Failed <n>`; `Failed` asks
/// `LASTERROR` and stops with `Step <n> failed (RC <rc>): <text>`,
/// returning the RC. Comments stay comments. Latin-1.
pub fn arexx_script(rec: &Recorder, port: &[u8]) -> Vec<u8> {
    let mut out = b"/* ".to_vec();
    let head = header_lines(rec);
    for (i, l) in head.iter().enumerate() {
        if i > 0 {
            out.extend_from_slice(b"\n   ");
        }
        out.extend_from_slice(&rexx_comment_text(l));
    }
    out.extend_from_slice(b" */\n");
    out.extend_from_slice(b"ADDRESS ");
    out.extend_from_slice(&rexx_string(port));
    out.extend_from_slice(b"\nOPTIONS RESULTS\n\n");
    let mut n = 0;
    for s in &rec.steps {
        match s.line() {
            None => {
                let Step::Comment(c) = s else { continue };
                out.extend_from_slice(b"/* ");
                out.extend_from_slice(&rexx_comment_text(c));
                out.extend_from_slice(b" */\n");
            }
            Some(line) => {
                n += 1;
                out.extend_from_slice(&rexx_string(&line));
                out.extend_from_slice(format!("\nIF RC ~= 0 THEN CALL Failed {n}\n").as_bytes());
            }
        }
    }
    out.extend_from_slice(
        b"EXIT 0\n\nFailed:\n  PARSE ARG step\n  code = RC\n  'LASTERROR'\n  SAY 'Step' step 'failed (RC' code'):' RESULT\n  EXIT code\n",
    );
    out
}

/// The Python script of a recording for the `amipilot` 1.1.0 client
/// (docs/design/recorder.md, "Scripts"): host, port and password from
/// its command line (defaults 127.0.0.1, 1234, `amipilot`: the client's
/// and its `dump` command's), a `WireClient` wrapped in an `Amipilot`
/// (handshake, then `AUTH`), then one call per line through `step(<n>,
/// …)`, which stops with `step <n> failed (RC <rc>): <text>`: the object
/// API's method, or for `TYPE` the script's `send` of the command line
/// through `WireClient.command()`. ASCII (`\xNN` escapes).
pub fn python_script(rec: &Recorder) -> Vec<u8> {
    let mut out = String::from("#!/usr/bin/env python3\n");
    for l in header_lines(rec) {
        out.push_str("# ");
        out.push_str(&py_comment_text(&l));
        out.push('\n');
    }
    out.push_str(
        "# For the amipilot client (pip install amipilot==1.1.0), over GadgetScope's wire (TCPPORT).\n\
         # Usage: python3 <script> [host [port [password]]]\n\
         import sys\n\
         \n\
         from amipilot import Amipilot, AmipilotError, WireClient\n\
         \n\
         \n\
         def send(wire, line):\n    \
             # A command line as it is: TYPE's CLEAR=/ENTER=, which type() cannot send.\n    \
             reply = wire.command(line)\n    \
             if not reply.ok:\n        \
                 raise AmipilotError(reply.rc, line, reply.text.strip() or \"(no message)\")\n\
         \n\
         \n\
         def step(number, call, *args, **kwargs):\n    \
             try:\n        \
                 call(*args, **kwargs)\n    \
             except AmipilotError as e:\n        \
                 sys.exit(f\"step {number} failed (RC {e.rc}): {e.message}\")\n\
         \n\
         \n\
         def main():\n    \
             host = sys.argv[1] if len(sys.argv) > 1 else \"127.0.0.1\"\n    \
             port = int(sys.argv[2]) if len(sys.argv) > 2 else 1234\n    \
             password = sys.argv[3] if len(sys.argv) > 3 else \"amipilot\"\n",
    );
    out.push_str(&format!("    wire = WireClient.connect(host, port, timeout={}.0)\n", WAIT_SECS * 3));
    out.push_str(
        "    with Amipilot(wire) as ap:\n        \
             ap.handshake()\n        \
             send(wire, \"AUTH \\\"\" + password.replace(\"\\\\\", \"\\\\\\\\\").replace('\"', '\\\\\"') + '\"')\n",
    );
    let mut n = 0;
    let mut calls = 0;
    for s in &rec.steps {
        if let Step::Comment(c) = s {
            out.push_str("        # ");
            out.push_str(&py_comment_text(c));
            out.push('\n');
            continue;
        }
        n += 1;
        match py_call(s) {
            Ok((method, args)) => {
                calls += 1;
                let call = if method == "send" { "" } else { "ap." };
                out.push_str(&format!("        step({n}, {call}{method}"));
                for a in args {
                    out.push_str(", ");
                    out.push_str(&a);
                }
                out.push_str(")\n");
            }
            Err(why) => {
                out.push_str(&format!("        # step {n}: {}: ", py_comment_text(&why.into_bytes())));
                out.push_str(&py_comment_text(&s.line().unwrap_or_default()));
                out.push('\n');
            }
        }
    }
    if calls == 0 {
        out.push_str("        pass\n");
    }
    out.push_str("\n\nif __name__ == \"__main__\":\n    main()\n");
    out.into_bytes()
}

/// Is the knob of gadget `gadget` of `window`, walked now, under the
/// window-relative point (`x`, `y`)?
fn knob_now_under(os: &mut dyn IntuitionOs, window: &WindowInfo, gadget: u32, x: i32, y: i32) -> bool {
    let Ok(w) = walk_window(os, window) else { return false };
    w.gadgets
        .iter()
        .find(|g| g.address == gadget)
        .and_then(|g| g.knob)
        .is_some_and(|(l, t, w, h)| Rect::new(l, t, w, h).contains(x, y))
}

#[cfg(test)]
mod tests {
    use super::*;
    use amiga_ndk::gadtools::GADTOOL_TYPE;
    use amiga_ndk::input::*;
    use amiga_ndk::intuition::*;
    use gadgetscope_core::fake::{FakeIntuition, GadgetSpec};

    const L: u16 = IECODE_LBUTTON;
    const R: u16 = IECODE_RBUTTON;
    const UP: u16 = IECODE_UP_PREFIX;

    struct World {
        f: FakeIntuition,
        screen: u32,
        main: u32,
        own: u32,
        untitled: u32,
        string: u32,
        slider_prop: u32,
        buffer_owner: u32,
    }

    fn gadget(f: &mut FakeIntuition, w: u32, t: u16, geo: (i16, i16, i16, i16), id: u16, label: Option<&[u8]>) -> u32 {
        let mut g = GadgetSpec::new(t, geo.0, geo.1, geo.2, geo.3);
        g.id = id;
        if let Some(l) = label {
            g.gadget_text = f.intuitext(Some(l));
        }
        f.add_gadget(w, &g)
    }

    /// The GadTools fixture's shape: "GadTools Fixture" at (10,20) with
    /// its system gadgets, Connect (1), a string gadget (2), a slider (5),
    /// Twin A and Twin B sharing ID 9, two buttons both labelled "Same"
    /// (ID 7), a menu strip; GadgetScope's own window and an untitled one.
    fn world() -> World {
        let mut f = FakeIntuition::new();
        let screen = f.add_screen(Some(b"Workbench Screen"), (0, 0, 640, 256));
        f.write(screen + sc_BarHeight as u32, &[10]);
        f.write(screen + sc_BarHBorder as u32, &[5]);
        let main = f.add_window(screen, Some(b"GadTools Fixture"), (10, 20, 300, 200));
        let sys = |k: u16| GTYP_SYSGADGET | k;
        gadget(&mut f, main, sys(GTYP_CLOSE), (0, 0, 20, 11), 0, None);
        gadget(&mut f, main, sys(GTYP_WDRAGGING), (20, 0, 260, 11), 0, None);
        gadget(&mut f, main, sys(GTYP_SIZING), (284, 190, 16, 10), 0, None);
        let gt = |t: u16| t | GADTOOL_TYPE;
        gadget(&mut f, main, gt(GTYP_BOOLGADGET), (20, 30, 100, 14), 1, Some(b"Connect"));
        let mut s = GadgetSpec::new(gt(GTYP_STRGADGET), 20, 50, 100, 12);
        s.id = 2;
        s.gadget_text = f.intuitext(Some(b"Host:"));
        s.special_info = f.string_info(b"old");
        let string = f.add_gadget(main, &s);
        let pi = f.alloc(pi_SIZEOF);
        f.write_u16(pi + pi_Flags as u32, FREEHORIZ | PROPBORDERLESS);
        f.write_u16(pi + pi_HorizBody as u32, 0x1000);
        let mut sl = GadgetSpec::new(gt(GTYP_PROPGADGET), 20, 70, 160, 10);
        sl.id = 5;
        sl.special_info = pi;
        f.add_gadget(main, &sl);
        gadget(&mut f, main, gt(GTYP_BOOLGADGET), (20, 90, 60, 14), 9, Some(b"Twin A"));
        gadget(&mut f, main, gt(GTYP_BOOLGADGET), (100, 90, 60, 14), 9, Some(b"Twin B"));
        gadget(&mut f, main, gt(GTYP_BOOLGADGET), (20, 110, 60, 14), 7, Some(b"Same"));
        gadget(&mut f, main, gt(GTYP_BOOLGADGET), (100, 110, 60, 14), 7, Some(b"Same"));
        // Project: Open (0/0), Disabled (0/1), More (0/2) with two
        // sub-items, the second disabled. Edit: Undo (1/0).
        let geo16 = |f: &mut FakeIntuition, a: u32, o: [usize; 4], v: [i16; 4]| {
            for (o, v) in o.iter().zip(v) {
                f.write_u16(a + *o as u32, v as u16);
            }
        };
        let project = f.add_menu(main, Some(b"Project"), MENUENABLED);
        geo16(&mut f, project, [mu_LeftEdge, mu_Width, mu_LeftEdge, mu_Width], [0, 60, 0, 60]);
        let item = |f: &mut FakeIntuition, m: u32, t: &[u8], flags: u16, top: i16| {
            let i = f.add_item(m, Some(t), ITEMTEXT | flags, 0);
            geo16(f, i, [mi_LeftEdge, mi_TopEdge, mi_Width, mi_Height], [0, top, 80, 10]);
            i
        };
        item(&mut f, project, b"Open", ITEMENABLED, 0);
        item(&mut f, project, b"Disabled", 0, 10);
        let more = item(&mut f, project, b"More", ITEMENABLED, 20);
        for (k, flags) in [(0i16, ITEMENABLED), (1, 0)] {
            let s = f.add_subitem(more, Some(b"Sub"), ITEMTEXT | flags, 0);
            geo16(&mut f, s, [mi_LeftEdge, mi_TopEdge, mi_Width, mi_Height], [70, k * 10, 60, 10]);
        }
        let edit = f.add_menu(main, Some(b"Edit"), MENUENABLED);
        geo16(&mut f, edit, [mu_LeftEdge, mu_Width, mu_LeftEdge, mu_Width], [70, 50, 70, 50]);
        item(&mut f, edit, b"Undo", ITEMENABLED, 0);

        let own = f.add_window(screen, Some(b"GadgetScope"), (400, 20, 200, 100));
        gadget(&mut f, own, GTYP_BOOLGADGET | GADTOOL_TYPE, (10, 20, 80, 14), 1, Some(b"Refresh"));
        let untitled = f.add_window(screen, None, (400, 150, 100, 50));
        gadget(&mut f, untitled, GTYP_BOOLGADGET | GADTOOL_TYPE, (10, 20, 80, 14), 3, Some(b"Go"));
        World { f, screen, main, own, untitled, string, slider_prop: pi, buffer_owner: s.special_info }
    }

    impl World {
        fn ev(&self, class: u8, code: u16, x: i16, y: i16, active: u32) -> Observed {
            Observed::from_raw(class, code, 0, self.screen, x, y, active, 0, 0).unwrap()
        }
        /// A left press at (x, y) and its release at (x2, y2), screen pixels.
        fn left(&mut self, rec: &mut Recorder, from: (i16, i16), to: (i16, i16)) {
            self.left_with(rec, from, to, |_| {});
        }
        fn left_with(
            &mut self,
            rec: &mut Recorder,
            from: (i16, i16),
            to: (i16, i16),
            between: impl FnOnce(&mut FakeIntuition),
        ) {
            let down = self.ev(IECLASS_RAWMOUSE, L, from.0, from.1, self.main);
            rec.observe(&mut self.f, &down, None, &[self.own]);
            between(&mut self.f);
            let up = self.ev(IECLASS_RAWMOUSE, L | UP, to.0, to.1, self.main);
            rec.observe(&mut self.f, &up, None, &[self.own]);
        }
        fn click(&mut self, rec: &mut Recorder, at: (i16, i16)) {
            self.left(rec, at, at);
        }
        fn key(&mut self, rec: &mut Recorder, code: u8, active: u32) {
            let k = self.ev(IECLASS_RAWKEY, u16::from(code), 0, 0, active);
            rec.observe(&mut self.f, &k, None, &[self.own]);
        }
        fn menu(&mut self, rec: &mut Recorder, press: (i16, i16), release: (i16, i16)) {
            let down = self.ev(IECLASS_RAWMOUSE, R, press.0, press.1, self.main);
            rec.observe(&mut self.f, &down, None, &[self.own]);
            let up = self.ev(IECLASS_RAWMOUSE, R | UP, release.0, release.1, self.main);
            rec.observe(&mut self.f, &up, None, &[self.own]);
        }
        fn set_value(&mut self, text: &[u8]) {
            let b = self.f.cstr(text);
            self.f.write_u32(self.buffer_owner + si_Buffer as u32, b);
        }
    }

    fn lines(rec: &Recorder) -> Vec<String> {
        rec.steps()
            .iter()
            .map(|s| match s.line() {
                Some(l) => shown(&l),
                None => {
                    let Step::Comment(c) = s else { unreachable!() };
                    format!("; {}", shown(c))
                }
            })
            .collect()
    }

    // Screen point of a window-relative point of the main window (10, 20).
    fn at(x: i16, y: i16) -> (i16, i16) {
        (10 + x, 20 + y)
    }

    #[test]
    fn raw_events_the_recorder_uses() {
        let o = |class, code, qual| Observed::from_raw(class, code, qual, 1, 2, 3, 4, 5, 6).map(|o| o.kind);
        assert_eq!(o(IECLASS_RAWMOUSE, L, 0), Some(ObservedKind::Button { button: MouseButton::Left, down: true }));
        assert_eq!(
            o(IECLASS_RAWMOUSE, R | UP, 0),
            Some(ObservedKind::Button { button: MouseButton::Right, down: false })
        );
        assert_eq!(o(IECLASS_RAWMOUSE, IECODE_NOBUTTON, 0), None);
        assert_eq!(
            o(IECLASS_NEWPOINTERPOS, L | UP, 0),
            Some(ObservedKind::Button { button: MouseButton::Left, down: false })
        );
        assert_eq!(o(IECLASS_POINTERPOS, IECODE_NOBUTTON, 0), None, "a move");
        assert_eq!(o(IECLASS_RAWKEY, 0x20, 0), Some(ObservedKind::Key { rawkey: 0x20 }));
        assert_eq!(o(IECLASS_RAWKEY, 0x20 | UP, 0), None, "key release");
        assert_eq!(o(IECLASS_RAWKEY, 0x20, IEQUALIFIER_REPEAT), None, "key repeat");
        assert_eq!(o(IECLASS_RAWKEY, u16::from(RAWKEY_LSHIFT), 0), None, "qualifier key");
        assert_eq!(o(IECLASS_RAWKEY, u16::from(RAWKEY_RCOMMAND), 0), None, "qualifier key");
        assert_eq!(o(IECLASS_RAWKEY, 0x78, 0), None, "not a key");
        assert_eq!(o(IECLASS_NULL, L, 0), None);
        let full = Observed::from_raw(IECLASS_RAWKEY, 0x44, 0x8000, 7, -1, 9, 11, 12, 13).unwrap();
        assert_eq!(
            (full.screen, full.x, full.y, full.active_window, full.qualifier, full.seconds, full.micros),
            (7, -1, 9, 11, 0x8000, 12, 13)
        );
    }

    #[test]
    fn every_chosen_locator_finds_its_own_gadget_again() {
        let mut w = world();
        let snap = read_screens(&mut w.f).unwrap();
        let win = w.f.walk(w.main).unwrap();
        let mut texts = Vec::new();
        for i in 0..win.gadgets.len() {
            match choose_locator(&snap, &win, i, None) {
                Ok(Locator::Live { window, gadget }) => {
                    let found = find_window(&snap, &window.pattern, window.screen.as_deref()).unwrap();
                    assert_eq!(found.address, w.main);
                    assert_eq!(find_gadget(&win.gadgets, &gadget).unwrap().0, i, "gadget {i}");
                    texts.push(shown(&Locator::Live { window, gadget }.text()));
                }
                other => panic!("gadget {i}: {other:?}"),
            }
        }
        assert_eq!(
            texts,
            [
                "\"GadTools Fixture\" ROLE=custom",
                "\"GadTools Fixture\" ROLE=custom INDEX=1",
                "\"GadTools Fixture\" ROLE=custom INDEX=2",
                "\"GadTools Fixture\" 1",
                "\"GadTools Fixture\" 2",
                "\"GadTools Fixture\" 5",
                "\"GadTools Fixture\" ROLE=button LABEL=\"Twin A\"",
                "\"GadTools Fixture\" ROLE=button LABEL=\"Twin B\"",
                "\"GadTools Fixture\" ROLE=button LABEL=\"Same\"",
                "\"GadTools Fixture\" ROLE=button LABEL=\"Same\" INDEX=1",
            ]
        );
        // Untitled: no pattern finds the window.
        let un = w.f.walk(w.untitled).unwrap();
        assert!(choose_locator(&snap, &un, 0, None).is_err());
        assert_eq!(
            shown(&locator_text(&snap, &un, 0, None)),
            "coordinates: the window has no title, so no window pattern finds it"
        );
        assert_eq!(shown(&locator_text(&snap, &win, 3, None)), "\"GadTools Fixture\" 1");
    }

    #[test]
    fn a_manifest_name_wins_when_it_finds_the_same_gadget() {
        let mut w = world();
        let m = gadgetscope_core::manifest::parse(
            b"MANIFEST 1\nAPP Fixture\n\nWINDOW main \"GadTools\"\n\nGADGET connect main 1\nGADGET twin main 9\n",
        )
        .unwrap();
        let snap = read_screens(&mut w.f).unwrap();
        let win = w.f.walk(w.main).unwrap();
        assert_eq!(choose_locator(&snap, &win, 3, Some(&m)), Ok(Locator::Named(b"connect".to_vec())));
        // @twin finds Twin A (the first with ID 9), never Twin B.
        assert_eq!(choose_locator(&snap, &win, 6, Some(&m)), Ok(Locator::Named(b"twin".to_vec())));
        assert!(matches!(choose_locator(&snap, &win, 7, Some(&m)), Ok(Locator::Live { .. })));
        let mut rec = Recorder::start(&mut w.f);
        let down = w.ev(IECLASS_RAWMOUSE, L, 40, 57, w.main);
        rec.observe(&mut w.f, &down, Some(&m), &[w.own]);
        let up = w.ev(IECLASS_RAWMOUSE, L | UP, 40, 57, w.main);
        rec.observe(&mut w.f, &up, Some(&m), &[w.own]);
        assert_eq!(lines(&rec), ["CLICK @connect"]);
        assert!(shown(&arexx_script(&rec, b"GADGETSCOPE.1")).contains("load it first"));
    }

    #[test]
    fn clicks_twins_and_system_gadgets() {
        let mut w = world();
        let mut rec = Recorder::start(&mut w.f);
        w.click(&mut rec, at(30, 35)); // Connect
        w.click(&mut rec, at(110, 95)); // Twin B
        w.click(&mut rec, at(30, 95)); // Twin A
        w.click(&mut rec, at(110, 115)); // the second "Same"
                                         // Press on Connect, released off it: Intuition sends nothing.
        w.left(&mut rec, at(30, 35), at(200, 150));
        // A click where there is no gadget.
        w.click(&mut rec, at(250, 150));
        // A click on the drag bar only activates the window.
        w.click(&mut rec, at(100, 5));
        // Where no window is (it may have closed before the recorder looked).
        w.click(&mut rec, (630, 250));
        assert_eq!(
            lines(&rec),
            [
                "CLICK \"GadTools Fixture\" 1",
                "CLICK \"GadTools Fixture\" ROLE=button LABEL=\"Twin B\"",
                "CLICK \"GadTools Fixture\" ROLE=button LABEL=\"Twin A\"",
                "CLICK \"GadTools Fixture\" ROLE=button LABEL=\"Same\" INDEX=1",
                "; a click at 250,150 of \"GadTools Fixture\" (window-relative pixels): there is no gadget there",
                "; a click at 630,250 of the screen (pixels), where no window is open now (it may have closed before the recorder looked)",
            ]
        );
        assert_eq!(rec.commands(), 4);
        assert_eq!(rec.titles(), [b"GadTools Fixture".to_vec()]);
    }

    #[test]
    fn a_window_closed_between_press_and_release() {
        let mut w = world();
        let mut rec = Recorder::start(&mut w.f);
        let main = w.main;
        w.left_with(&mut rec, at(5, 5), at(5, 5), |f| f.close_window(main));
        assert_eq!(lines(&rec), ["CLICK \"GadTools Fixture\" ROLE=custom"]);
    }

    #[test]
    fn own_and_untitled_windows() {
        let mut w = world();
        let mut rec = Recorder::start(&mut w.f);
        w.click(&mut rec, (420, 45)); // GadgetScope's Refresh
        w.key(&mut rec, 0x20, w.own);
        w.click(&mut rec, (420, 175)); // the untitled window's Go
        assert_eq!(
            lines(&rec),
            ["; a click on a gadget at 20,25 of an untitled window (window-relative pixels): the window has no title, so no window pattern finds it"]
        );
    }

    #[test]
    fn entries_end_with_return_tab_or_a_press_elsewhere() {
        let mut w = world();
        let mut rec = Recorder::start(&mut w.f);
        // Return.
        w.click(&mut rec, at(30, 55));
        w.key(&mut rec, 0x23, w.main);
        w.set_value(b"hello world");
        w.key(&mut rec, RAWKEY_RETURN, w.main);
        // Tab, with a click into the same gadget in between.
        w.click(&mut rec, at(30, 55));
        w.key(&mut rec, 0x23, w.main);
        w.click(&mut rec, at(60, 55));
        w.set_value(b"caf\xe9");
        w.key(&mut rec, RAWKEY_TAB, w.main);
        // A press elsewhere ends it, and is a click of its own.
        w.click(&mut rec, at(30, 55));
        w.key(&mut rec, 0x23, w.main);
        w.set_value(b"x");
        w.click(&mut rec, at(30, 35));
        // A click into the gadget without typing records nothing.
        w.click(&mut rec, at(30, 55));
        w.key(&mut rec, RAWKEY_RETURN, w.main);
        // Emptied.
        w.click(&mut rec, at(30, 55));
        w.key(&mut rec, RAWKEY_BACKSPACE, w.main);
        w.set_value(b"");
        w.key(&mut rec, RAWKEY_ENTER, w.main);
        // The window closes before the entry ends: the value read at the
        // last key stands.
        w.click(&mut rec, at(30, 55));
        w.set_value(b"last");
        w.key(&mut rec, 0x23, w.main);
        let main = w.main;
        w.f.close_window(main);
        w.key(&mut rec, RAWKEY_RETURN, w.main);
        // Keys outside an entry.
        w.key(&mut rec, 0x20, w.main);
        w.key(&mut rec, 0x21, w.main);
        rec.finish(&mut w.f);
        assert_eq!(
            lines(&rec),
            [
                "TYPE CLEAR=YES ENTER=YES \"GadTools Fixture\" 2 hello world",
                "TYPE CLEAR=YES ENTER=YES \"GadTools Fixture\" 2 caf\u{e9}",
                "TYPE CLEAR=YES ENTER=YES \"GadTools Fixture\" 2 x",
                "CLICK \"GadTools Fixture\" 1",
                "; typed \"\" into a gadget of \"GadTools Fixture\": the text is empty, and TYPE types at least one character",
                "TYPE CLEAR=YES ENTER=YES \"GadTools Fixture\" 2 last",
                "; 2 key presses in no window outside a text entry: keys are recorded only as the text of a string gadget",
            ]
        );
    }

    #[test]
    fn knob_drags_window_moves_and_sizes() {
        let mut w = world();
        let mut rec = Recorder::start(&mut w.f);
        // The knob is the slider's first 10 pixels.
        w.left(&mut rec, at(24, 75), at(64, 76));
        // Beside the knob: a page click, not replayable.
        w.click(&mut rec, at(150, 75));
        // The knob pressed and let go in place: nothing.
        w.click(&mut rec, at(24, 75));
        let main = w.main;
        w.left_with(&mut rec, at(100, 5), at(115, 10), |f| {
            f.write_u16(main + wd_LeftEdge as u32, 25);
            f.write_u16(main + wd_TopEdge as u32, 25);
        });
        // Now at (25, 25): the sizing gadget at 284,190.
        w.left_with(&mut rec, (25 + 290, 25 + 195), (25 + 310, 25 + 205), |f| {
            f.write_u16(main + wd_Width as u32, 320);
            f.write_u16(main + wd_Height as u32, 210);
        });
        assert_eq!(
            lines(&rec),
            [
                "DRAG \"GadTools Fixture\" 5 40 1",
                "; a click beside the knob of a gadget of \"GadTools Fixture\": DRAG moves the knob itself, a CLICK would hit the gadget's centre",
                "WINDOWMOVE \"GadTools Fixture\" 15 5",
                "WINDOWSIZE \"GadTools Fixture\" 320 210",
            ]
        );
    }

    #[test]
    fn a_knob_drag_read_after_the_knob_moved_is_still_a_drag() {
        let mut w = world();
        let mut rec = Recorder::start(&mut w.f);
        // The program has already moved the knob 40 pixels (of 150) to the
        // right when the press is read: the release point is on it now.
        w.f.write_u16(w.slider_prop + pi_HorizPot as u32, (40 * 0xFFFF / 150) as u16);
        w.left(&mut rec, at(24, 75), at(64, 76));
        // Pressed beside the knob and dragged: a page click, a comment.
        w.left(&mut rec, at(140, 75), at(170, 75));
        assert_eq!(
            lines(&rec),
            [
                "DRAG \"GadTools Fixture\" 5 40 1",
                "; a drag from beside the knob of a gadget of \"GadTools Fixture\": DRAG moves the knob itself",
            ]
        );
    }

    #[test]
    fn menu_choices_sub_items_and_releases_off_the_menu() {
        let mut w = world();
        let mut rec = Recorder::start(&mut w.f);
        // Titles on the bar (BarHBorder 5): Project 5..65, Edit 75..125;
        // items from line 11.
        w.menu(&mut rec, (20, 5), (20, 12)); // Open
        w.menu(&mut rec, (20, 5), (20, 22)); // Disabled: nothing
        w.menu(&mut rec, (20, 5), (20, 32)); // More has sub-items: nothing
        w.menu(&mut rec, (20, 5), (80, 33)); // More/Sub 0
        w.menu(&mut rec, (20, 5), (80, 43)); // More/Sub 1, disabled
        w.menu(&mut rec, (20, 5), (300, 200)); // off the menu
        w.menu(&mut rec, (90, 5), (90, 12)); // Edit/Undo
                                             // GadgetScope's own window active: nothing.
        let down = w.ev(IECLASS_RAWMOUSE, R, 20, 5, w.own);
        rec.observe(&mut w.f, &down, None, &[w.own]);
        let up = w.ev(IECLASS_RAWMOUSE, R | UP, 20, 12, w.own);
        rec.observe(&mut w.f, &up, None, &[w.own]);
        assert_eq!(
            lines(&rec),
            [
                "MENUPICK \"GadTools Fixture\" 0 0",
                "MENUPICK \"GadTools Fixture\" 0 2 0",
                "MENUPICK \"GadTools Fixture\" 1 0",
            ]
        );
    }

    #[test]
    fn left_clicks_with_the_menu_held_choose_items_and_right_presses_during_a_click_do_nothing() {
        let mut w = world();
        let mut rec = Recorder::start(&mut w.f);
        let m = w.main;
        let feed = |w: &mut World, rec: &mut Recorder, class, code, x, y| {
            let e = w.ev(class, code, x, y, m);
            rec.observe(&mut w.f, &e, None, &[w.own]);
        };
        // Right press on Project, left click on Open, right release on Undo.
        feed(&mut w, &mut rec, IECLASS_RAWMOUSE, R, 20, 5);
        feed(&mut w, &mut rec, IECLASS_RAWMOUSE, L, 20, 12);
        feed(&mut w, &mut rec, IECLASS_RAWMOUSE, L | UP, 20, 12);
        feed(&mut w, &mut rec, IECLASS_RAWMOUSE, R | UP, 90, 12);
        // A left press on Connect, a right press and release, the left release.
        let (x, y) = at(30, 35);
        feed(&mut w, &mut rec, IECLASS_RAWMOUSE, L, x, y);
        feed(&mut w, &mut rec, IECLASS_RAWMOUSE, R, x, y);
        feed(&mut w, &mut rec, IECLASS_RAWMOUSE, R | UP, x, y);
        feed(&mut w, &mut rec, IECLASS_RAWMOUSE, L | UP, x, y);
        assert_eq!(
            lines(&rec),
            ["MENUPICK \"GadTools Fixture\" 0 0", "MENUPICK \"GadTools Fixture\" 1 0", "CLICK \"GadTools Fixture\" 1",]
        );
    }

    #[test]
    fn overlapping_item_boxes_of_two_menus_follow_the_press_title() {
        let mut w = world();
        let mut rec = Recorder::start(&mut w.f);
        let info = read_window(&mut w.f, w.main).unwrap();
        let strip = walk_menu(&mut w.f, &info).unwrap();
        assert_eq!(strip.menus.len(), 2);
        // Edit's Undo spans 75..155 on line 11..21, Project's Open 5..85:
        // (80, 12) is in both. Pressed on Project's title: Open.
        w.menu(&mut rec, (20, 5), (80, 12));
        w.menu(&mut rec, (90, 5), (80, 12));
        assert_eq!(lines(&rec), ["MENUPICK \"GadTools Fixture\" 0 0", "MENUPICK \"GadTools Fixture\" 1 0"]);
    }

    #[test]
    fn a_window_that_opens_later_is_waited_for_once() {
        let mut w = world();
        let mut rec = Recorder::start(&mut w.f);
        w.click(&mut rec, at(30, 35));
        let late = w.f.add_window(w.screen, Some(b"Delayed Window"), (100, 230, 200, 20));
        gadget(&mut w.f, late, GTYP_BOOLGADGET | GADTOOL_TYPE, (10, 3, 60, 14), 4, Some(b"OK"));
        w.click(&mut rec, (115, 238));
        w.click(&mut rec, (115, 238));
        w.click(&mut rec, at(30, 35));
        assert_eq!(
            lines(&rec),
            [
                "CLICK \"GadTools Fixture\" 1",
                "WAITFOR WINDOW=\"Delayed Window\" TIMEOUT=10",
                "CLICK \"Delayed Window\" 4",
                "CLICK \"Delayed Window\" 4",
                "CLICK \"GadTools Fixture\" 1",
            ]
        );
        assert_eq!(rec.titles(), [b"GadTools Fixture".to_vec(), b"Delayed Window".to_vec()]);
    }

    #[test]
    fn lost_events_are_said_where_they_happened() {
        let mut w = world();
        let mut rec = Recorder::start(&mut w.f);
        w.click(&mut rec, at(30, 35));
        rec.lost(0);
        rec.lost(3);
        rec.lost(2);
        assert_eq!(rec.lost_total(), 5);
        assert_eq!(rec.commands(), 1);
        let l = lines(&rec);
        assert_eq!(l.len(), 3);
        assert!(l[1].starts_with("; 3 input events were lost here"));
        assert!(shown(&arexx_script(&rec, b"P")).contains("5 input events were lost while recording"));
    }

    /// A recording with one of each step, in windows whose titles need
    /// escaping.
    fn everything() -> Recorder {
        let mut w = world();
        let mut rec = Recorder::start(&mut w.f);
        w.click(&mut rec, at(30, 35));
        w.click(&mut rec, at(30, 55));
        w.key(&mut rec, 0x23, w.main);
        w.set_value(b"it's \"caf\xe9\" \\ */");
        w.key(&mut rec, RAWKEY_RETURN, w.main);
        w.left(&mut rec, at(24, 75), at(64, 75));
        w.click(&mut rec, at(110, 95));
        w.menu(&mut rec, (20, 5), (80, 33));
        let odd = w.f.add_window(w.screen, Some(b"Odd 'n' \"q\" \xe9 */"), (320, 230, 200, 20));
        gadget(&mut w.f, odd, GTYP_BOOLGADGET | GADTOOL_TYPE, (10, 3, 60, 14), 4, Some(b"OK"));
        w.click(&mut rec, (335, 238));
        w.click(&mut rec, at(250, 150));
        rec.lost(1);
        rec.finish(&mut w.f);
        rec
    }

    #[test]
    fn the_arexx_script() {
        let rec = everything();
        let text = arexx_script(&rec, b"GADGETSCOPE.1");
        let expected = "\
/* Recorded by GadgetScope: 7 commands.
   Windows: \"GadTools Fixture\", \"Odd 'n' \"q\" \u{e9} *\\/\"
   1 input events were lost while recording: steps may be missing. */
ADDRESS 'GADGETSCOPE.1'
OPTIONS RESULTS

'CLICK \"GadTools Fixture\" 1'
IF RC ~= 0 THEN CALL Failed 1
'TYPE CLEAR=YES ENTER=YES \"GadTools Fixture\" 2 it''s \"caf\u{e9}\" \\ */'
IF RC ~= 0 THEN CALL Failed 2
'DRAG \"GadTools Fixture\" 5 40 0'
IF RC ~= 0 THEN CALL Failed 3
'CLICK \"GadTools Fixture\" ROLE=button LABEL=\"Twin B\"'
IF RC ~= 0 THEN CALL Failed 4
'MENUPICK \"GadTools Fixture\" 0 2 0'
IF RC ~= 0 THEN CALL Failed 5
'WAITFOR WINDOW=\"Odd ''n'' \\\"q\\\" \u{e9} */\" TIMEOUT=10'
IF RC ~= 0 THEN CALL Failed 6
'CLICK \"Odd ''n'' \\\"q\\\" \u{e9} */\" 4'
IF RC ~= 0 THEN CALL Failed 7
/* a click at 250,150 of \"GadTools Fixture\" (window-relative pixels): there is no gadget there */
/* 1 input events were lost here (the recorder's buffer was full): steps may be missing */
EXIT 0

Failed:
  PARSE ARG step
  code = RC
  'LASTERROR'
  SAY 'Step' step 'failed (RC' code'):' RESULT
  EXIT code
";
        assert_eq!(shown(&text), expected);
        // Each command line, unquoted by the ARexx rules, is what the
        // steps say.
        for (want, l) in rec
            .steps()
            .iter()
            .filter_map(Step::line)
            .zip(text.split(|&b| b == b'\n').filter(|l| l.starts_with(b"'") && !l.starts_with(b"'LASTERROR")))
        {
            let inner = &l[1..l.len() - 1];
            let mut back = Vec::new();
            let mut i = 0;
            while i < inner.len() {
                back.push(inner[i]);
                i += if inner[i] == b'\'' { 2 } else { 1 };
            }
            assert_eq!(back, want, "{}", shown(l));
        }
    }

    #[test]
    fn control_bytes_in_arexx_strings_and_comments() {
        assert_eq!(rexx_string(b"a\nb'"), b"'a'||'0A'X||'b'''".to_vec());
        assert_eq!(rexx_string(b""), b"''".to_vec());
        assert_eq!(rexx_string(b"\t"), b"'09'X".to_vec());
        assert_eq!(rexx_comment_text(b"/* x */ \x07"), b"/\\* x *\\/ \\x07".to_vec());
        assert_eq!(py_string(b"a\"\\\xe9\n"), "\"a\\\"\\\\\\xe9\\x0a\"");
    }

    #[test]
    fn the_python_script() {
        let rec = everything();
        let text = String::from_utf8(python_script(&rec)).expect("ASCII");
        assert!(text.is_ascii());
        let body: Vec<&str> =
            text.lines().filter(|l| l.starts_with("        step(") || l.starts_with("        # ")).collect();
        assert_eq!(
            body,
            [
                "        step(1, ap.click, \"GadTools Fixture\", 1)",
                "        step(2, send, wire, \"TYPE CLEAR=YES ENTER=YES \\\"GadTools Fixture\\\" 2 it's \\\"caf\\xe9\\\" \\\\ */\")",
                "        step(3, ap.drag, \"GadTools Fixture\", 5, 40, 0)",
                "        step(4, ap.click_by_role, \"GadTools Fixture\", role=\"button\", label=\"Twin B\")",
                "        step(5, ap.menu_pick, \"GadTools Fixture\", 0, 2, 0)",
                "        step(6, ap.wait_for, \"window:Odd 'n' \\\"q\\\" \\xe9 */\", timeout=10)",
                "        step(7, ap.click, \"Odd 'n' \\\"q\\\" \\xe9 */\", 4)",
                "        # a click at 250,150 of \"GadTools Fixture\" (window-relative pixels): there is no gadget there",
                "        # 1 input events were lost here (the recorder's buffer was full): steps may be missing",
            ]
        );
        assert!(text.contains("# Windows: \"GadTools Fixture\", \"Odd 'n' \"q\" \\xe9 */\"\n"));
        assert!(
            text.contains("    wire = WireClient.connect(host, port, timeout=30.0)\n    with Amipilot(wire) as ap:\n")
        );
        py_compiles(&text);
    }

    #[test]
    fn python_steps_the_client_cannot_send() {
        let t = |p: &[u8]| WindowTarget { screen: None, pattern: p.to_vec() };
        let by_role = Step::Drag(
            Locator::Live {
                window: t(b"W"),
                gadget: GadgetLocator::Match { role: Some(Role::Slider), label: None, index: None },
            },
            3,
            0,
        );
        assert!(py_call(&by_role).unwrap_err().contains("no drag by ROLE="));
        assert!(py_call(&Step::WindowMove(t(b"A=B"), 1, 1)).unwrap_err().contains("unquoted"));
        assert!(py_call(&Step::WindowMove(t(b"@x"), 1, 1)).is_err());
        assert!(py_call(&Step::WindowMove(t(b"A = B"), 1, 1)).is_ok());
        let screen = WindowTarget { screen: Some(b"Work bench".to_vec()), pattern: b"W".to_vec() };
        assert_eq!(
            py_call(&Step::MenuPick(screen, 1, 2, None)).unwrap(),
            ("menu_pick", vec!["\"W\"".to_string(), "1".into(), "2".into(), "screen=\"Work bench\"".into()])
        );
        let mut rec = Recorder::start(&mut world().f);
        rec.steps.push(by_role);
        let text = String::from_utf8(python_script(&rec)).unwrap();
        assert!(text.contains("        # step 1: amipilot 1.1.0 has no drag by ROLE=/LABEL=; the ARexx script makes this step: DRAG \"W\" ROLE=slider 3 0\n        pass\n"));
        py_compiles(&text);
    }

    /// Runs the script with `args` under python3 (the README's setup
    /// installs it) against a stand-in `amipilot` package with the 1.1.0 client's
    /// names: its `WireClient` logs each line sent and refuses (RC 10
    /// `refused`) a line with `@fail`; `Amipilot` logs its method calls.
    /// Gives the exit status, stderr and the log.
    fn py_run(text: &str, args: &[&str]) -> (bool, String, Vec<String>) {
        use std::process::Command;
        let dir = std::env::temp_dir().join(format!(
            "gs-record-run-{}-{:?}",
            std::process::id(),
            std::thread::current().id()
        ));
        std::fs::create_dir_all(dir.join("amipilot")).unwrap();
        std::fs::write(
            dir.join("amipilot/__init__.py"),
            "import os\n\
             \n\
             def log(s):\n    with open(os.environ['STUB_LOG'], 'a', encoding='latin-1') as f:\n        f.write(s + '\\n')\n\
             \n\
             class AmipilotError(Exception):\n    def __init__(self, rc, command, message):\n        \
                 super().__init__(message)\n        self.rc, self.command, self.message = rc, command, message\n\
             \n\
             class Reply:\n    def __init__(self, rc, text):\n        self.rc, self.text = rc, text\n    \
                 @property\n    def ok(self):\n        return self.rc == 0\n\
             \n\
             class WireClient:\n    @classmethod\n    def connect(cls, host, port, timeout=10.0):\n        \
                 log(f'connect {host} {port} {timeout}')\n        return cls()\n    \
                 def command(self, line):\n        log(line)\n        \
                 return Reply(10, 'refused ') if '@fail' in line else Reply(0, '')\n    \
                 def close(self):\n        log('close')\n\
             \n\
             class Amipilot:\n    def __init__(self, wire):\n        self.wire = wire\n    \
                 def __enter__(self):\n        return self\n    def __exit__(self, *exc):\n        self.wire.close()\n    \
                 def handshake(self):\n        log('VERSION')\n    \
                 def __getattr__(self, name):\n        return lambda *a, **k: log(f'{name} {a!r} {k!r}')\n",
        )
        .unwrap();
        std::fs::write(dir.join("replay.py"), text).unwrap();
        let out = Command::new("python3")
            .arg(dir.join("replay.py"))
            .args(args)
            .env("PYTHONPATH", &dir)
            .env("STUB_LOG", dir.join("log"))
            .output()
            .expect("python3 runs the generated script");
        let log = std::fs::read(dir.join("log")).unwrap_or_default();
        let _ = std::fs::remove_dir_all(&dir);
        (
            out.status.success(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
            shown(&log).lines().map(String::from).collect(),
        )
    }

    #[test]
    fn the_python_script_sends_auth_and_type_lines_through_the_wire_client() {
        let (ok, err, log) =
            py_run(&String::from_utf8(python_script(&everything())).unwrap(), &["h", "99", "pa\"ss\\word"]);
        assert!(ok, "{err}");
        assert_eq!(
            log,
            [
                "connect h 99 30.0",
                "VERSION",
                "AUTH \"pa\\\"ss\\\\word\"",
                "click ('GadTools Fixture', 1) {}",
                "TYPE CLEAR=YES ENTER=YES \"GadTools Fixture\" 2 it's \"caf\u{e9}\" \\ */",
                "drag ('GadTools Fixture', 5, 40, 0) {}",
                "click_by_role ('GadTools Fixture',) {'role': 'button', 'label': 'Twin B'}",
                "menu_pick ('GadTools Fixture', 0, 2, 0) {}",
                "wait_for ('window:Odd \\'n\\' \"q\" \u{e9} */',) {'timeout': 10}",
                "click ('Odd \\'n\\' \"q\" \u{e9} */', 4) {}",
                "close",
            ]
        );
        // A refused step stops the script with its number, RC and text.
        let mut rec = Recorder::start(&mut world().f);
        rec.steps.push(Step::Type(Locator::Named(b"fail".to_vec()), b"  x".to_vec()));
        let (ok, err, log) = py_run(&String::from_utf8(python_script(&rec)).unwrap(), &[]);
        assert!(!ok);
        assert!(err.contains("step 1 failed (RC 10): refused"), "{err}");
        assert_eq!(
            log,
            [
                "connect 127.0.0.1 1234 30.0",
                "VERSION",
                "AUTH \"amipilot\"",
                "TYPE CLEAR=YES ENTER=YES @fail \"  x\"",
                "close"
            ]
        );
    }

    /// `python3 -m py_compile` on the script (the README's setup installs
    /// python3).
    fn py_compiles(text: &str) {
        use std::process::Command;
        let dir =
            std::env::temp_dir().join(format!("gs-record-{}-{:?}", std::process::id(), std::thread::current().id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("replay.py");
        std::fs::write(&path, text).unwrap();
        let out = Command::new("python3")
            .arg("-m")
            .arg("py_compile")
            .arg(&path)
            .output()
            .expect("python3 compiles the script");
        let _ = std::fs::remove_dir_all(&dir);
        assert!(out.status.success(), "{}\n{}", String::from_utf8_lossy(&out.stderr), text);
    }

    #[test]
    fn own_windows_are_those_whose_port_signals_the_task() {
        let mut w = world();
        let port = w.f.alloc(34);
        w.f.write_u32(port + amiga_ndk::exec::mp_SigTask as u32, 0x1234);
        w.f.write_u32(w.own + wd_UserPort as u32, port);
        let other = w.f.alloc(34);
        w.f.write_u32(other + amiga_ndk::exec::mp_SigTask as u32, 0x9999);
        w.f.write_u32(w.main + wd_UserPort as u32, other);
        let snap = read_screens(&mut w.f).unwrap();
        assert_eq!(windows_of_task(&mut w.f, &snap, 0x1234), [w.own]);
        assert_eq!(windows_of_task(&mut w.f, &snap, 0x9999), [w.main]);
        // Closed after the snapshot: left out without its memory being
        // read (the fake would still answer with the old port).
        w.f.close_window(w.own);
        assert_eq!(windows_of_task(&mut w.f, &snap, 0x1234), []);
        let _ = (w.string, w.untitled);
    }
}
