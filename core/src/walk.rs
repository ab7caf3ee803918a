//! The walker: decodes Intuition's structures from big-endian bytes at the
//! NDK offsets (see `ndk`) into owned snapshots, through two small traits
//! at the OS boundary.
//!
//! # Boundary
//!
//! - [`IntuitionMemory`]: copy bytes of OS memory (three primitives: a
//!   block, a string, a linked list). The only thing the walker does while
//!   `LockIBase()` is held.
//! - [`IntuitionOs`]: the memory plus the few OS calls a walk needs
//!   (`LockIBase`, `Forbid`, `TypeOfMem`, `GetAttr`, `GT_GetGadgetAttrsA`).
//!
//! The Amiga implementation lives in the program (app-gui); the host test
//! implementation is [`crate::fake`]. Both go through the same code above
//! the primitives ([`read_chain`], [`cstr_len`], [`append_cstr`]); the
//! primitives' pure versions (the traits' defaults, which the fake uses)
//! are checked against the Amiga's native loops by the codegen canary.
//!
//! # Entries
//!
//! [`read_screens`] copies every screen and window header; [`read_window`]
//! one window's header by its address. [`walk_window`] walks the gadgets
//! and [`walk_menu`] the menu strip of a window whose header one of those
//! gave; both look the window up again first, so a header that has gone
//! stale (the window closed, moved or changed its gadgets) is never used
//! to reach its gadgets.
//!
//! # What happens under `LockIBase()`, under `Forbid()` and after
//!
//! Under the lock ([`IntuitionOs::locked`], closure gets only
//! `&mut dyn IntuitionMemory`, so nothing else can be called):
//! - reading `IntuitionBase->ActiveWindow/FirstScreen`, the screen list, each
//!   screen's window list, the `struct Screen` / `struct Window` header
//!   fields and the screen/window title strings ([`read_screens`]), into
//!   buffers allocated *before* the lock is taken (no allocation under it);
//! - finding a window in the lists and copying its header again.
//!
//! With other tasks stopped ([`IntuitionOs::forbid`], exec `Forbid()`),
//! never under the lock: a walk of one window. The window is found in the
//! lists (a short hold inside), its gadget chain or menu strip copied as
//! it is then, and every `TypeOfMem()`, `GetAttr()` (GA_ID, GA_Text,
//! geometry, STRINGA_TextVal, INTEGER_Number, levels) and
//! `GT_GetGadgetAttrsA()` probe made. While no other task runs, a window in
//! the lists cannot close and a gadget in its list cannot be removed, so no
//! call reaches a freed object (Intuition disposes a closing window's
//! system gadgets, and a program frees its own after removing them: a
//! `GetAttr()` on such an object runs the dispatcher of whatever lies there
//! now). A call that waits (a class's `OM_GET`, a contended lock) lets
//! other tasks run; [`IntuitionOs::task_switches`] tells, and the window
//! and its gadget list are looked at again before the next call
//! (`Walk`): a gadget taken out meanwhile is left out and never
//! called, a window that closed answers [`WalkError::NotFound`].
//! Allocation happens only outside the lock (GadgetScope's heap is its own
//! arena: no OS call).
//!
//! # Garbage tolerance
//!
//! Every list walk is capped ([`MAX_SCREENS`], [`MAX_WINDOWS`],
//! [`MAX_GADGETS`], [`MAX_MENUS`], [`MAX_ITEMS`], [`MAX_SUBITEMS`]); a
//! cyclic or garbage list stops at the cap and sets `truncated`. An
//! unreadable structure ends its list (also `truncated`); an unreadable
//! string reads as NULL. A string longer than [`MAX_STRING`] bytes, or
//! more than [`MAX_TEXT`] bytes of strings in one walk, is never cut
//! silently: the walk stops there and sets `truncated` (every command
//! that prints it then fails with RC 10 and says so). Nothing panics,
//! nothing loops without bound and no walk holds more than about
//! [`MAX_TEXT`] bytes of strings.

#![warn(missing_docs)]

use alloc::vec::Vec;
use core::ops::Range;

use crate::classify::{
    aros_kind_probes, aros_probe_kind, dispatch, gadtools_kind_of, gadtools_kind_role, is_gadtools, propgclass_role,
    resolve_geometry, role_for_class_id, strip_shortcut_marker, sys_gadget, Dispatch, Role, AROS_GADTOOLS_PROBES,
    PROPGCLASS_ID,
};
use crate::snapshot::*;
use amiga_ndk::be::*;
use amiga_ndk::gadtools::*;
use amiga_ndk::intuition::*;
use amiga_ndk::reaction::{INTEGER_Number, SLIDER_Level};

/// Copy-in of OS memory (the bytes of Intuition's and applications'
/// structures). Safe to call under `LockIBase()`: the Amiga implementation
/// is a bounds-checked memory copy, no OS call, no allocation.
///
/// Three primitives; the walker reaches the last two only through
/// [`read_chain`], [`cstr_len`] and [`append_cstr`]. Their defaults are
/// the pure loops over [`read`](Self::read) (what the host fake runs); the
/// Amiga overrides them with one native loop each (a crossing from the
/// wasm2c code costs tens of microseconds on a 68020), and the codegen
/// canary checks those loops against these defaults.
pub trait IntuitionMemory {
    /// Copy `buf.len()` bytes of OS memory at absolute address `addr` into
    /// `buf`; false if any of it is unreadable (then `buf` is unspecified).
    fn read(&mut self, addr: u32, buf: &mut [u8]) -> bool;

    /// The NUL-terminated string at `addr`: returns its length (bytes
    /// before its NUL, at most `max`; a string that runs into unreadable
    /// memory ends there) and appends its first bytes to `out`, at most
    /// `room` and never more than `out`'s spare capacity (nothing
    /// reallocates: safe under the lock). `None` when the first byte is
    /// unreadable (nothing appended). The default scans in 32-byte chunks
    /// (byte by byte near unreadable memory), then copies.
    fn copy_cstr(&mut self, addr: u32, max: usize, out: &mut Vec<u8>, room: usize) -> Option<usize> {
        const CHUNK: usize = 32;
        let mut chunk = [0u8; CHUNK];
        let mut len = 0usize;
        while len < max {
            let at = addr.wrapping_add(len as u32);
            let want = CHUNK.min(max - len);
            let got = if self.read(at, &mut chunk[..want]) {
                want
            } else {
                let mut got = 0;
                while got < want && self.read(at.wrapping_add(got as u32), &mut chunk[got..got + 1]) {
                    got += 1;
                }
                got
            };
            if let Some(p) = chunk[..got].iter().position(|&c| c == 0) {
                len += p;
                break;
            }
            len += got;
            if got < want {
                if len == 0 {
                    return None;
                }
                break;
            }
        }
        let take = len.min(room).min(out.capacity() - out.len());
        let at = out.len();
        out.resize(at + take, 0);
        if !self.read(addr, &mut out[at..]) {
            out.truncate(at);
        }
        Some(len)
    }

    /// Appends up to `max` whole nodes of a linked list, `size` bytes
    /// each, to `out` within its spare capacity (no allocation: safe under
    /// the lock): the first node at `first`, each next one at the
    /// big-endian ULONG at `next_off` of the one before (an exec-style
    /// `Next` pointer; 0 ends the list); a node that is not readable ends
    /// the copy. Returns the nodes appended. The default reads node by
    /// node.
    fn copy_chain(&mut self, first: u32, next_off: usize, size: usize, max: usize, out: &mut Vec<u8>) -> usize {
        let mut at = first;
        let mut n = 0;
        if size < next_off.saturating_add(4) {
            return 0;
        }
        while at != 0 && n < max && out.capacity() - out.len() >= size {
            let start = out.len();
            out.resize(start + size, 0);
            if !self.read(at, &mut out[start..]) {
                out.truncate(start);
                break;
            }
            at = be_u32(&out[start..], next_off);
            n += 1;
        }
        n
    }
}

/// Bytes of the NUL-terminated string at `addr` before its NUL, at most
/// `max`; a string that runs into unreadable memory ends there. `None`
/// when the first byte is unreadable.
pub fn cstr_len<M: IntuitionMemory + ?Sized>(m: &mut M, addr: u32, max: usize) -> Option<usize> {
    m.copy_cstr(addr, max, &mut Vec::new(), 0)
}

/// Appends the NUL-terminated string at `addr` (stopping at unreadable
/// memory) to `out`, keeping at most `room` of its bytes and never more
/// than `out`'s spare capacity (nothing reallocates under the lock):
/// `Some(cut)` with `cut` when not all of it fitted or it is longer than
/// [`MAX_STRING`] bytes, `None` when not even its first byte is readable
/// (nothing appended).
pub fn append_cstr<M: IntuitionMemory + ?Sized>(m: &mut M, addr: u32, out: &mut Vec<u8>, room: usize) -> Option<bool> {
    let before = out.len();
    // One byte past the limit tells a string of exactly MAX_STRING bytes
    // from a longer one.
    let len = m.copy_cstr(addr, MAX_STRING + 1, out, room)?;
    Some(out.len() - before < len || len > MAX_STRING)
}

/// Copies up to `max` nodes of a linked list into `out`'s spare capacity
/// (whole nodes only; [`IntuitionMemory::copy_chain`]). Returns the nodes
/// copied and the address of the first node not copied: 0 when the list
/// ended; otherwise `max`, the room or unreadable memory stopped it.
pub fn read_chain<M: IntuitionMemory + ?Sized>(
    m: &mut M,
    first: u32,
    next_off: usize,
    size: usize,
    max: usize,
    out: &mut Vec<u8>,
) -> (usize, u32) {
    if size < next_off.saturating_add(4) || first == 0 {
        return (0, first);
    }
    let at = out.len();
    let max = max.min((out.capacity() - at) / size);
    let n = if max == 0 { 0 } else { m.copy_chain(first, next_off, size, max, out).min(max) };
    out.truncate(at + n * size);
    match n {
        0 => (0, first),
        _ => (n, be_u32(&out[at + (n - 1) * size..], next_off)),
    }
}

/// The OS calls a walk needs, on top of memory reads.
pub trait IntuitionOs: IntuitionMemory {
    /// Address of `IntuitionBase` (`struct IntuitionBase`, intuition/intuitionbase.h).
    fn intuition_base(&mut self) -> u32;

    /// Run `f` once between `LockIBase(0)` and `UnlockIBase()`. `f` may
    /// only read memory; it is given nothing else. (A closure object, so
    /// that the walker takes `&mut dyn IntuitionOs` and is compiled once,
    /// in this crate; callers use [`with_ibase_locked`](dyn IntuitionOs::with_ibase_locked).)
    fn locked(&mut self, f: &mut dyn FnMut(&mut dyn IntuitionMemory));

    /// exec `TypeOfMem(addr) != 0`: `addr` is in a memory region exec
    /// manages. Guards BOOPSI class pointers. Never called under the lock.
    /// (ROM is not "real memory": only used on class pointers, which
    /// `MakeClass()` allocates in RAM.)
    fn is_real_memory(&mut self, addr: u32) -> bool;

    /// intuition `GetAttr(attr, object, &value)`: `Some(value)` if the
    /// attribute was processed (non-zero return). Only called on objects
    /// whose class pointer passed [`is_real_memory`](Self::is_real_memory).
    fn get_attr(&mut self, object: u32, attr: u32) -> Option<u32>;

    /// [`get_attr`](Self::get_attr) of the first of `attrs` on `object`,
    /// in order, answers into `out`; returns how many were asked (at least
    /// one when both are non-empty). It stops after a call during which
    /// another task ran ([`task_switches`](Self::task_switches) moved), so
    /// that the walker looks at the gadget again before asking the rest.
    /// The Amiga asks them in one native loop (runtime.c `rt_get_attrs`:
    /// a BOOPSI gadget's id and box are five attributes).
    fn get_attrs(&mut self, object: u32, attrs: &[u32], out: &mut [Option<u32>]) -> usize {
        let n = attrs.len().min(out.len());
        let mark = self.task_switches();
        for i in 0..n {
            out[i] = self.get_attr(object, attrs[i]);
            if self.task_switches() != mark {
                return i + 1;
            }
        }
        n
    }

    /// gadtools `GT_GetGadgetAttrsA(gadget, window, NULL, {tag, &value})`:
    /// `Some(value)` if one tag was processed. Must answer `None` without
    /// calling when gadtools.library is missing or older than V39 (then BOOL
    /// gadgets print as buttons and STR gadgets as strings). Only called on
    /// gadgets with `GADTOOL_TYPE` set.
    fn gt_get_attr(&mut self, gadget: u32, window: u32, tag: u32) -> Option<u32>;

    /// exec `Forbid()` (exec.library autodoc): no other task runs until
    /// the matching [`permit`](Self::permit), so a window found in
    /// Intuition's lists, its gadgets and its menu strip stay where they
    /// are meanwhile, as long as nothing waits. A call that waits lets
    /// other tasks run; [`task_switches`](Self::task_switches) tells.
    /// Nests. The walker pairs the two with
    /// `with_frozen` (on `dyn IntuitionOs`); [`locked`](Self::locked)
    /// may be called in between.
    fn forbid(&mut self);

    /// exec `Permit()`: ends one [`forbid`](Self::forbid).
    fn permit(&mut self);

    /// A count that moves whenever a task is dispatched (exec/execbase.h
    /// `ExecBase->DispCount`): equal before and after a call between
    /// [`forbid`](Self::forbid) and [`permit`](Self::permit) means the call
    /// did not wait and no other task ran.
    fn task_switches(&mut self) -> u32;
}

impl dyn IntuitionOs + '_ {
    /// Runs `f` under `LockIBase()` ([`IntuitionOs::locked`]) and returns
    /// its result; `None` only if the implementation did not call it.
    pub fn with_ibase_locked<R>(&mut self, f: impl FnOnce(&mut dyn IntuitionMemory) -> R) -> Option<R> {
        let mut f = Some(f);
        let mut r = None;
        self.locked(&mut |m| {
            if let Some(f) = f.take() {
                r = Some(f(m));
            }
        });
        r
    }

    /// Runs `f` with other tasks stopped, between
    /// [`IntuitionOs::forbid`] and [`IntuitionOs::permit`].
    pub fn with_frozen<R>(&mut self, f: impl FnOnce(&mut dyn IntuitionOs) -> R) -> R {
        self.forbid();
        let r = f(self);
        self.permit();
        r
    }
}

/// Why a walk produced nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WalkError {
    /// The window is not (or no longer) in Intuition's lists.
    NotFound,
    /// `IntuitionBase` itself could not be read.
    Unreadable,
}

/// Bytes of `struct Window` the walker copies: up to and including
/// `GZZHeight` (intuition/intuition.i).
pub const WINDOW_READ_SIZE: usize = wd_GZZHeight + 2;
/// Bytes of `struct Screen` the walker copies: up to and including
/// `MenuHBorder`, plus the pad byte that keeps the copy even
/// (intuition/screens.i).
pub const SCREEN_READ_SIZE: usize = sc_MenuHBorder + 2;

/// Most screens read (a longer list is cyclic or garbage).
pub const MAX_SCREENS: usize = 64;
/// Most windows read over all screens.
pub const MAX_WINDOWS: usize = 512;
/// Most gadgets read from one window's list.
pub const MAX_GADGETS: usize = 4096;
/// Gadgets copied per [`read_chain`] call of a walk.
const GADGET_CHUNK: usize = 32;
/// Most menus of a strip (menu numbers are 5 bits, NOMENU = 31: intuition/intuition.h).
pub const MAX_MENUS: usize = 31;
/// Most items of a menu (item numbers are 6 bits, NOITEM = 63).
pub const MAX_ITEMS: usize = 63;
/// Most subitems of an item (subitem numbers are 5 bits, NOSUB = 31).
pub const MAX_SUBITEMS: usize = 31;
/// Longest string a walk lists, in bytes (labels, values, titles, class
/// names, menu texts): a longer one cuts the walk short (`truncated`).
pub const MAX_STRING: usize = 1024;
/// Most bytes of strings one gadget or menu walk reads: past it the walk
/// stops and is `truncated`. The most an ARexx result can hold (AREXX
/// reference: results up to 65 535 bytes), so nothing printable is lost,
/// and the heap a hostile list can make a walk take is bounded.
pub const MAX_TEXT: usize = 65_535;
/// Bytes reserved for screen and window titles read under the lock.
pub const LIST_TITLE_BYTES: usize = 32 * 1024;
/// Room of [`read_screens`]' first list copy: screens, windows, title
/// bytes (about 7 KB of buffers; the caps take about 107 KB). A list
/// that does not fit is copied again with four times the room, up to
/// the caps.
const FIRST_ROOM: (usize, usize, usize) = (8, 32, 2048);

// ---------------------------------------------------------------- reading

fn read_u32<M: IntuitionMemory + ?Sized>(m: &mut M, addr: u32) -> Option<u32> {
    let mut b = [0u8; 4];
    if m.read(addr, &mut b) {
        Some(u32::from_be_bytes(b))
    } else {
        None
    }
}

/// Room for a string read in one copy: labels, class names and values
/// are nearly always shorter (a longer one is measured and read again).
const SHORT_STRING: usize = 64;

/// A NUL-terminated string at `addr`; `None` for NULL or unreadable. A
/// string longer than [`MAX_STRING`] comes back as its first
/// `MAX_STRING + 1` bytes, which [`too_long`] tells. One [`append_cstr`]
/// (on the Amiga one crossing into the native runtime, each costing tens
/// of microseconds) for strings of up to [`SHORT_STRING`] bytes.
fn read_cstr<M: IntuitionMemory + ?Sized>(m: &mut M, addr: u32) -> Option<Vec<u8>> {
    if addr == 0 {
        return None;
    }
    let mut v = Vec::with_capacity(SHORT_STRING);
    if !append_cstr(m, addr, &mut v, SHORT_STRING)? {
        return Some(v);
    }
    // Sized once: growing a Vec goes through the reserve path, hundreds
    // of instructions on the 68k.
    let len = cstr_len(m, addr, MAX_STRING + 1)?;
    v.clear();
    v.reserve_exact(len);
    append_cstr(m, addr, &mut v, len)?;
    Some(v)
}

/// Whether a string from [`read_cstr`] is longer than [`MAX_STRING`].
fn too_long(s: &[u8]) -> bool {
    s.len() > MAX_STRING
}

/// Whether the window's or its screen's title is [`too_long`] (a
/// window's text starts with them).
fn titles_too_long(info: &WindowInfo) -> bool {
    [&info.title, &info.screen_title].iter().any(|t| t.as_deref().is_some_and(too_long))
}

/// Bytes of the strings a gadget holds, or `None` when one of them is
/// [`too_long`].
fn gadget_text_bytes(g: &GadgetSnap) -> Option<usize> {
    let value = g.value.as_deref().unwrap_or_default();
    if too_long(&g.label) || too_long(value) || too_long(&g.class) {
        return None;
    }
    Some(g.label.len() + value.len() + g.class.len())
}

/// `IntuiText->IText` of the IntuiText at `itext`.
fn read_itext<M: IntuitionMemory + ?Sized>(m: &mut M, itext: u32) -> Option<Vec<u8>> {
    if itext == 0 {
        return None;
    }
    let p = read_u32(m, itext.wrapping_add(it_IText as u32))?;
    read_cstr(m, p)
}

// ------------------------------------------------- lists, under the lock

#[derive(Clone, Copy, Default)]
struct Span {
    start: u32,
    len: u32,
    present: bool,
}

/// A screen copied under the lock: its `SCREEN_READ_SIZE` bytes are at
/// `at` in [`ListBuffer::raw`].
#[derive(Clone, Copy)]
struct RawScreen {
    address: u32,
    at: u32,
    title: Span,
    windows: (u32, u32),
}

/// A window copied under the lock: `WINDOW_READ_SIZE` bytes at `at` in
/// [`ListBuffer::raw`].
#[derive(Clone, Copy)]
struct RawWindow {
    address: u32,
    at: u32,
    title: Span,
}

/// Fixed-capacity buffers filled under the lock; never grow. The
/// structures' bytes are read straight into `raw` (no stack copy to move
/// afterwards: each copy is a memory-to-memory call on the 68k, and this
/// is the longest `LockIBase()` hold of a TREE).
struct ListBuffer {
    screens: Vec<RawScreen>,
    windows: Vec<RawWindow>,
    raw: Vec<u8>,
    titles: Vec<u8>,
    active_window: u32,
    truncated: bool,
    unreadable: bool,
}

impl ListBuffer {
    /// Room for one window, its screen and their two titles
    /// ([`fill_lists`] with `only`).
    fn for_one_window() -> Self {
        Self::with_room(1, 1, 2 * (MAX_STRING + 1))
    }

    fn with_room(screens: usize, windows: usize, titles: usize) -> Self {
        ListBuffer {
            screens: Vec::with_capacity(screens),
            windows: Vec::with_capacity(windows),
            // One window more than kept: fill_lists reads every window it
            // passes (to follow NextWindow) into the next free slot.
            raw: Vec::with_capacity(screens * SCREEN_READ_SIZE + (windows + 1) * WINDOW_READ_SIZE),
            titles: Vec::with_capacity(titles),
            active_window: 0,
            truncated: false,
            unreadable: false,
        }
    }

    /// Reads `n` bytes at `addr` into the next `n` bytes of `raw` (within
    /// its capacity); the offset, or None when there is no room or the
    /// memory is unreadable (then nothing is kept).
    fn read_raw(&mut self, m: &mut dyn IntuitionMemory, addr: u32, n: usize) -> Option<u32> {
        let at = self.raw.len();
        if self.raw.capacity() - at < n {
            return None;
        }
        self.raw.resize(at + n, 0);
        if m.read(addr, &mut self.raw[at..]) {
            Some(at as u32)
        } else {
            self.raw.truncate(at);
            None
        }
    }

    fn bytes(&self, at: u32, n: usize) -> &[u8] {
        &self.raw[at as usize..at as usize + n]
    }

    /// Keeps the window copied at `wat` of `raw` (its address `address`):
    /// its title into `titles`, its entry into `windows` (within
    /// capacity). Returns its `NextWindow`.
    fn keep_window(&mut self, m: &mut dyn IntuitionMemory, address: u32, wat: u32) -> u32 {
        let wb = self.bytes(wat, WINDOW_READ_SIZE);
        let (title_ptr, next) = (be_u32(wb, wd_Title), be_u32(wb, wd_NextWindow));
        let title = title_into(m, title_ptr, &mut self.titles, &mut self.truncated);
        push_within(&mut self.windows, RawWindow { address, at: wat, title });
        next
    }
}

/// Push only while there is capacity: never reallocates (used under the lock).
fn push_within<T>(v: &mut Vec<T>, x: T) -> bool {
    if v.len() < v.capacity() {
        v.push(x);
        true
    } else {
        false
    }
}

fn title_into(m: &mut dyn IntuitionMemory, addr: u32, titles: &mut Vec<u8>, truncated: &mut bool) -> Span {
    if addr == 0 {
        return Span::default();
    }
    let start = titles.len() as u32;
    // Only within capacity: never reallocates under the lock.
    let room = titles.capacity() - titles.len();
    let got = append_cstr(m, addr, titles, room);
    if got == Some(true) {
        *truncated = true;
    }
    Span { start, len: titles.len() as u32 - start, present: got.is_some() }
}

/// The lock-time list copy. Reads only; pushes only within capacity.
///
/// With `only == 0` every screen and window is copied. Otherwise only the
/// window at `only` and its screen (with their titles), found by the same
/// walk with the same caps ([`MAX_SCREENS`], [`MAX_WINDOWS`] in list
/// order): the buffers stay empty when it is not in the lists.
fn fill_lists(m: &mut dyn IntuitionMemory, ibase: u32, buf: &mut ListBuffer, only: u32) {
    let mut head = [0u8; 12];
    if !m.read(ibase.wrapping_add(ib_ActiveWindow as u32), &mut head) {
        buf.unreadable = true;
        return;
    }
    buf.active_window = be_u32(&head, 0);
    let mut scr = be_u32(&head, ib_FirstScreen - ib_ActiveWindow);
    let (mut screens_seen, mut windows_seen) = (0usize, 0usize);
    while scr != 0 {
        if screens_seen == MAX_SCREENS || (only == 0 && buf.screens.len() == buf.screens.capacity()) {
            buf.truncated = true;
            break;
        }
        screens_seen += 1;
        let Some(sat) = buf.read_raw(m, scr, SCREEN_READ_SIZE) else {
            buf.truncated = true;
            break;
        };
        let sb = buf.bytes(sat, SCREEN_READ_SIZE);
        let (screen_title, next_screen, first_window) =
            (be_u32(sb, sc_DefaultTitle), be_u32(sb, sc_NextScreen), be_u32(sb, sc_FirstWindow));
        let mut title = Span::default();
        let first = buf.windows.len() as u32;
        let mut found = false;
        if only == 0 {
            title = title_into(m, screen_title, &mut buf.titles, &mut buf.truncated);
            // The whole chain at once (one native copy on the Amiga), then
            // the titles; a node's address is the Next pointer before it.
            let room = (MAX_WINDOWS - windows_seen).min(buf.windows.capacity() - buf.windows.len());
            let base = buf.raw.len();
            let (n, rest) = read_chain(m, first_window, wd_NextWindow, WINDOW_READ_SIZE, room, &mut buf.raw);
            windows_seen += n;
            let mut address = first_window;
            for i in 0..n {
                address = buf.keep_window(m, address, (base + i * WINDOW_READ_SIZE) as u32);
            }
            if rest != 0 {
                buf.truncated = true;
            }
        } else {
            // Only the window `only`: every window passed is read into the
            // next slot (to follow NextWindow) and kept only if it is `only`.
            let mut win = first_window;
            while win != 0 {
                if windows_seen == MAX_WINDOWS {
                    buf.truncated = true;
                    break;
                }
                windows_seen += 1;
                let Some(wat) = buf.read_raw(m, win, WINDOW_READ_SIZE) else {
                    buf.truncated = true;
                    break;
                };
                if win == only {
                    title = title_into(m, screen_title, &mut buf.titles, &mut buf.truncated);
                    buf.keep_window(m, win, wat);
                    found = true;
                    break;
                }
                win = be_u32(buf.bytes(wat, WINDOW_READ_SIZE), wd_NextWindow);
                buf.raw.truncate(wat as usize);
            }
        }
        if only == 0 || found {
            let last = buf.windows.len() as u32;
            push_within(&mut buf.screens, RawScreen { address: scr, at: sat, title, windows: (first, last) });
        } else {
            // Not wanted: its bytes are at the end of `raw` only when no
            // window of it was kept (only != 0 and not found: none was).
            buf.raw.truncate(sat as usize);
        }
        if found {
            return;
        }
        scr = next_screen;
    }
}

/// `f(memory, window)` under one `LockIBase()` when `window` is still in
/// Intuition's lists (then it cannot close while `f` reads it); `None`
/// when it is not, or `IntuitionBase` cannot be read.
pub fn read_listed_window<R>(
    os: &mut dyn IntuitionOs,
    window: u32,
    f: impl FnOnce(&mut dyn IntuitionMemory, u32) -> R,
) -> Option<R> {
    let ibase = os.intuition_base();
    os.with_ibase_locked(|m| window_in_lists(m, ibase, window).then(|| f(m, window))).flatten()
}

/// Whether `window` is in Intuition's screen/window lists. Reads only;
/// call under the lock.
fn window_in_lists(m: &mut dyn IntuitionMemory, ibase: u32, window: u32) -> bool {
    let Some(mut scr) = read_u32(m, ibase.wrapping_add(ib_FirstScreen as u32)) else {
        return false;
    };
    let (mut screens, mut windows) = (0, 0);
    while scr != 0 && screens < MAX_SCREENS {
        screens += 1;
        let Some(mut win) = read_u32(m, scr.wrapping_add(sc_FirstWindow as u32)) else {
            return false;
        };
        while win != 0 && windows < MAX_WINDOWS {
            if win == window {
                return true;
            }
            windows += 1;
            match read_u32(m, win.wrapping_add(wd_NextWindow as u32)) {
                Some(n) => win = n,
                None => break,
            }
        }
        match read_u32(m, scr.wrapping_add(sc_NextScreen as u32)) {
            Some(n) => scr = n,
            None => break,
        }
    }
    false
}

fn span_bytes(titles: &[u8], s: Span) -> Option<Vec<u8>> {
    if !s.present {
        return None;
    }
    let r: Range<usize> = s.start as usize..(s.start + s.len) as usize;
    Some(titles.get(r).map(|b| b.to_vec()).unwrap_or_default())
}

fn window_info(buf: &ListBuffer, w: &RawWindow, s: &RawScreen, screen_title: &Option<Vec<u8>>) -> WindowInfo {
    let mut info = WindowInfo {
        address: w.address,
        screen: s.address,
        title: span_bytes(&buf.titles, w.title),
        screen_title: screen_title.clone(),
        ..WindowInfo::default()
    };
    set_header(&mut info, buf.bytes(w.at, WINDOW_READ_SIZE));
    info
}

/// The fields of `info` that a copy `b` of the `struct Window` gives
/// (its box, flags, borders and list heads; not the titles, not its screen).
fn set_header(info: &mut WindowInfo, b: &[u8]) {
    info.left = be_i16(b, wd_LeftEdge);
    info.top = be_i16(b, wd_TopEdge);
    info.width = be_i16(b, wd_Width);
    info.height = be_i16(b, wd_Height);
    info.flags = be_u32(b, wd_Flags);
    info.border_left = be_i8(b, wd_BorderLeft);
    info.border_top = be_i8(b, wd_BorderTop);
    info.border_right = be_i8(b, wd_BorderRight);
    info.border_bottom = be_i8(b, wd_BorderBottom);
    info.gzz_width = be_i16(b, wd_GZZWidth);
    info.gzz_height = be_i16(b, wd_GZZHeight);
    info.first_gadget = be_u32(b, wd_FirstGadget);
    info.menu_strip = be_u32(b, wd_MenuStrip);
    info.first_request = be_u32(b, wd_FirstRequest);
}

/// Read every screen and window (header fields and titles) under one short
/// `LockIBase()` hold, then build the owned snapshot after unlocking.
pub fn read_screens(os: &mut dyn IntuitionOs) -> Result<ScreensSnapshot, WalkError> {
    let ibase = os.intuition_base();
    let caps = (MAX_SCREENS, MAX_WINDOWS, LIST_TITLE_BYTES);
    let mut room = FIRST_ROOM;
    let buf = loop {
        let mut buf = ListBuffer::with_room(room.0, room.1, room.2); // allocated before the lock
        if os.with_ibase_locked(|m| fill_lists(m, ibase, &mut buf, 0)).is_none() || buf.unreadable {
            return Err(WalkError::Unreadable);
        }
        // Out of room below the caps (or at a cap, or a garbage list,
        // which the caps' room shows again): once more with more room.
        if !buf.truncated || room == caps {
            break buf;
        }
        room = ((room.0 * 4).min(caps.0), (room.1 * 4).min(caps.1), (room.2 * 4).min(caps.2));
    };
    let mut screens = Vec::with_capacity(buf.screens.len());
    for (i, s) in buf.screens.iter().enumerate() {
        let screen_title = span_bytes(&buf.titles, s.title);
        let windows = buf.windows[s.windows.0 as usize..s.windows.1 as usize]
            .iter()
            .map(|w| window_info(&buf, w, s, &screen_title))
            .collect();
        let sb = buf.bytes(s.at, SCREEN_READ_SIZE);
        screens.push(ScreenInfo {
            address: s.address,
            default_title: screen_title,
            left: be_i16(sb, sc_LeftEdge),
            top: be_i16(sb, sc_TopEdge),
            width: be_i16(sb, sc_Width),
            height: be_i16(sb, sc_Height),
            mouse_x: be_i16(sb, sc_MouseX),
            mouse_y: be_i16(sb, sc_MouseY),
            bar_height: be_i8(sb, sc_BarHeight).into(),
            bar_hborder: be_i8(sb, sc_BarHBorder).into(),
            menu_hborder: be_i8(sb, sc_MenuHBorder).into(),
            menu_vborder: be_i8(sb, sc_MenuVBorder).into(),
            frontmost: i == 0,
            windows,
        });
    }
    Ok(ScreensSnapshot { screens, active_window: buf.active_window, truncated: buf.truncated })
}

/// The header of the window at `window` (as [`read_screens`] would give
/// it: same list walk, same caps), under one short `LockIBase()` hold that
/// copies only that window, its screen and their titles.
/// [`WalkError::NotFound`] when it is not (or no longer) in the lists.
pub fn read_window(os: &mut dyn IntuitionOs, window: u32) -> Result<WindowInfo, WalkError> {
    let ibase = os.intuition_base();
    let mut buf = ListBuffer::for_one_window(); // allocated before the lock
    if os.with_ibase_locked(|m| fill_lists(m, ibase, &mut buf, window)).is_none() || buf.unreadable {
        return Err(WalkError::Unreadable);
    }
    match (buf.screens.first(), buf.windows.first()) {
        (Some(s), Some(w)) if window != 0 => Ok(window_info(&buf, w, s, &span_bytes(&buf.titles, s.title))),
        _ => Err(WalkError::NotFound),
    }
}

// ------------------------------------------- gadgets, with tasks stopped

/// `struct Gadget` fields the classification uses, decoded from 44 bytes.
#[derive(Clone, Copy, Debug)]
struct RawGadget {
    address: u32,
    next: u32,
    left: i16,
    top: i16,
    width: i16,
    height: i16,
    flags: u16,
    activation: u16,
    gadget_type: u16,
    gadget_text: u32,
    special_info: u32,
    gadget_id: u16,
}

impl RawGadget {
    fn decode(address: u32, b: &[u8]) -> Self {
        RawGadget {
            address,
            next: be_u32(b, gg_NextGadget),
            left: be_i16(b, gg_LeftEdge),
            top: be_i16(b, gg_TopEdge),
            width: be_i16(b, gg_Width),
            height: be_i16(b, gg_Height),
            flags: be_u16(b, gg_Flags),
            activation: be_u16(b, gg_Activation),
            gadget_type: be_u16(b, gg_GadgetType),
            gadget_text: be_u32(b, gg_GadgetText),
            special_info: be_u32(b, gg_SpecialInfo),
            gadget_id: be_u16(b, gg_GadgetID),
        }
    }

    fn raw_box(&self) -> (i32, i32, i32, i32) {
        (self.left.into(), self.top.into(), self.width.into(), self.height.into())
    }
}

/// Label from `Gadget->GadgetText` as `GFLG_LABELMASK` says it is: an
/// IntuiText (its IText), a string, or an Image (not text: empty).
fn label_from_fields<M: IntuitionMemory + ?Sized>(m: &mut M, g: &RawGadget) -> Vec<u8> {
    let text = match g.flags & GFLG_LABELMASK {
        GFLG_LABELITEXT => read_itext(m, g.gadget_text),
        GFLG_LABELSTRING => read_cstr(m, g.gadget_text),
        _ => None, // GFLG_LABELIMAGE (or both bits): an Image, not text
    };
    text.unwrap_or_default()
}

/// `StringInfo->Buffer` of a classic string gadget (`SpecialInfo`).
fn string_info_buffer<M: IntuitionMemory + ?Sized>(m: &mut M, special_info: u32) -> Option<Vec<u8>> {
    if special_info == 0 {
        return None;
    }
    let buf = read_u32(m, special_info.wrapping_add(si_Buffer as u32))?;
    read_cstr(m, buf)
}

fn decimal(v: i32) -> Vec<u8> {
    let mut out = Vec::with_capacity(11);
    crate::text::push_int(&mut out, v.into()); // 32-bit digits
    out
}

fn new_snap(g: &RawGadget, win: &WindowInfo) -> GadgetSnap {
    let (left, top, width, height) = resolve_geometry(g.raw_box(), g.flags, g.gadget_type, win);
    GadgetSnap {
        address: g.address,
        id: u32::from(g.gadget_id),
        role: Role::Unknown,
        class: Vec::new(),
        label: Vec::new(),
        value: None,
        left,
        top,
        width,
        height,
        flags: g.flags,
        gadget_type: g.gadget_type,
        sys: sys_gadget(g.gadget_type),
        level: None,
        knob: None,
        gt_kind: None,
    }
}

/// `struct PropInfo` at `special_info` (a proportional gadget's `SpecialInfo`).
fn read_prop_info(os: &mut dyn IntuitionOs, special_info: u32) -> Option<crate::prop::PropInfo> {
    let mut b = [0u8; pi_SIZEOF];
    (special_info != 0 && os.read(special_info, &mut b)).then(|| crate::prop::PropInfo::decode(&b))
}

/// Classify one gadget (rules in `classify`). OS calls happen here only.
/// A slider or scroller also gets its knob's box (`prop`), so that DRAG
/// grabs the knob: classic PROPGADGETs, Intuition's `propgclass` objects
/// and AROS's GadTools sliders and scrollers (built from propgclass
/// there) point `SpecialInfo` at their `struct PropInfo`.
fn classify_one(w: &mut Walk<'_>, g: &RawGadget, win: &WindowInfo) -> GadgetSnap {
    let mut s = classify_roles(w, g, win);
    if matches!(s.role, Role::Slider | Role::Scroller) && s.sys.is_none() {
        if let Some(pi) = read_prop_info(w.os, g.special_info) {
            s.knob = crate::prop::knob_box((s.left, s.top, s.width, s.height), &pi);
        }
    }
    s
}

fn classify_roles(w: &mut Walk<'_>, g: &RawGadget, win: &WindowInfo) -> GadgetSnap {
    let mut s = new_snap(g, win);
    let gadtools = is_gadtools(g.gadget_type);
    let system = g.gadget_type & GTYP_SYSGADGET != 0;
    let d = dispatch(g.gadget_type);
    if d == Dispatch::Custom {
        // OCLASS(): only now, after the equality dispatch, is the word
        // before the gadget taken for a class pointer.
        let class_ptr = read_u32(w.os, g.address.wrapping_sub(OCLASS_BEFORE)).unwrap_or(0);
        if class_ptr == 0 || !w.is_real_memory(class_ptr) {
            s.role = Role::Custom; // untrusted: no GetAttr, class and label empty
            return s;
        }
        if gadtools && !system {
            aros_gadtools(w, g, win, &mut s);
        } else {
            s.class = w.class_id(class_ptr);
            boopsi(w, g, win, system, &mut s);
        }
        return s;
    }
    s.label = label_from_fields(w.os, g);
    if gadtools {
        strip_shortcut_marker(&mut s.label);
    }
    if system {
        s.role = Role::Custom;
        return s;
    }
    s.role = match d {
        Dispatch::Bool if gadtools => match w.gt_get_attr(g.address, win.address, GTCB_Checked) {
            Some(v) => {
                s.level = Some(i32::from(v != 0));
                Role::Checkbox
            }
            None => Role::Button,
        },
        Dispatch::Bool => Role::Button,
        Dispatch::Str => {
            s.value = string_info_buffer(w.os, g.special_info);
            if gadtools && w.gt_get_attr(g.address, win.address, GTIN_Number).is_some() {
                Role::Integer
            } else {
                Role::String
            }
        }
        Dispatch::Prop => {
            if gadtools {
                s.level = w.gt_get_attr(g.address, win.address, GTSL_Level).map(|v| v as i32);
            }
            Role::Slider
        }
        _ => Role::Unknown,
    };
    if gadtools {
        s.gt_kind = gadtools_kind_of(s.role, s.level.is_some());
    }
    s
}

/// A trusted BOOPSI object that GadTools made (AROS, GadgetType 0x0105):
/// classified by GadTools probes, printed like the 3.x GadTools gadget.
fn aros_gadtools(w: &mut Walk<'_>, g: &RawGadget, win: &WindowInfo, s: &mut GadgetSnap) {
    s.label = label_from_fields(w.os, g);
    strip_shortcut_marker(&mut s.label);
    // AROS builds STRING_KIND and INTEGER_KIND from one string class that
    // answers GTIN_Number for both (measured with the GadToolsFixture);
    // only the integer kind has GACT_LONGINT, as on AmigaOS 3.x, so
    // without it that probe is not asked.
    let longint = g.activation & GACT_LONGINT != 0;
    // The kind first (AROS answers it for every GadTools gadget): then
    // only the probes that kind can answer are asked; TEXT, NUMBER and
    // LISTVIEW are told by the kind alone (AROS's text class does not
    // answer GTTX_Text).
    let kind = w.gt_get_attr(g.address, win.address, GTA_ChildGadgetKind);
    s.gt_kind = kind;
    if let Some(role) = kind.and_then(gadtools_kind_role) {
        s.role = role;
        return;
    }
    let mut hit = None;
    for (tag, role) in AROS_GADTOOLS_PROBES {
        if kind.is_some_and(|k| !aros_kind_probes(k).contains(&tag)) || (tag == GTIN_Number && !longint) {
            continue;
        }
        if let Some(v) = w.gt_get_attr(g.address, win.address, tag) {
            hit = Some((tag, role, v));
            break;
        }
    }
    if kind.is_none() {
        s.gt_kind = hit.map(|(tag, _, _)| aros_probe_kind(tag));
    }
    s.role = match hit {
        Some((_, role, v)) => {
            match role {
                Role::Checkbox => s.level = Some(i32::from(v != 0)),
                Role::Integer => s.value = Some(decimal(v as i32)),
                Role::String => s.value = read_cstr(w.os, v).or_else(|| string_info_buffer(w.os, g.special_info)),
                _ => {}
            }
            if let Some((_, _, v)) = hit.filter(|h| h.0 == GTSL_Level) {
                s.level = Some(v as i32);
            }
            role
        }
        None if g.width == 0 && g.height == 0 => Role::Unknown, // context gadget
        None => Role::Button,
    };
}

/// A trusted BOOPSI object whose `s.class` is set: role from the class
/// ID (a `propgclass` object's from its `PropInfo`), GetAttr with
/// per-attribute fallback to the classic fields.
fn boopsi(w: &mut Walk<'_>, g: &RawGadget, win: &WindowInfo, system: bool, s: &mut GadgetSnap) {
    s.role = if system {
        Role::Custom
    } else if s.class == PROPGCLASS_ID {
        read_prop_info(w.os, g.special_info).map_or(Role::Custom, |pi| propgclass_role(pi.flags))
    } else {
        role_for_class_id(&s.class)
    };
    // GA_ID and the box in one batch.
    let mut got = [None; 5];
    w.get_attrs(g.address, &[GA_ID, GA_Left, GA_Top, GA_Width, GA_Height], &mut got);
    if let Some(id) = got[0] {
        s.id = id;
    }
    // GA_Text: a class's own STRPTR, or gadgetclass's GadgetText field
    // (then GFLG_LABELMASK says what it points at). An Image label is not
    // text, and GA_Text would hand back the Image: not asked.
    let mask = g.flags & GFLG_LABELMASK;
    s.label = if mask == GFLG_LABELIMAGE || mask == GFLG_LABELMASK {
        Vec::new()
    } else {
        match w.get_attr(g.address, GA_Text) {
            Some(p) if p != 0 && p == g.gadget_text => label_from_fields(w.os, g),
            Some(p) if p != 0 => read_cstr(w.os, p).unwrap_or_default(),
            _ => label_from_fields(w.os, g),
        }
    };
    let attr = |v: Option<u32>, field: i16| v.map_or(i32::from(field), |v| v as i32);
    let raw = (attr(got[1], g.left), attr(got[2], g.top), attr(got[3], g.width), attr(got[4], g.height));
    (s.left, s.top, s.width, s.height) = resolve_geometry(raw, g.flags, g.gadget_type, win);
    match s.role {
        Role::String => {
            s.value = w.get_attr(g.address, STRINGA_TextVal).and_then(|p| read_cstr(w.os, p));
        }
        Role::Integer => {
            s.value = w.get_attr(g.address, INTEGER_Number).map(|v| decimal(v as i32));
        }
        Role::Checkbox => {
            s.level = w.get_attr(g.address, GA_Selected).map(|v| i32::from(v != 0));
        }
        Role::Slider if s.class == b"slider.gadget" => {
            s.level = w.get_attr(g.address, SLIDER_Level).map(|v| v as i32);
        }
        _ => {}
    }
}

/// Walks the gadgets of a window whose header `info` came from
/// [`read_screens`] or [`read_window`]: with other tasks stopped, the
/// window is found in Intuition's lists, its header copied again (so the
/// gadget list and the box are the window's as they are now), its gadget
/// chain copied and every gadget classified (`Walk`).
/// [`WalkError::NotFound`] when it is not (or no longer) in the lists.
pub fn walk_window(os: &mut dyn IntuitionOs, info: &WindowInfo) -> Result<WindowSnap, WalkError> {
    let ibase = os.intuition_base();
    os.with_frozen(|os| walk_frozen(os, ibase, info))
}

/// `info` with its header fields copied again (one short `LockIBase()`
/// hold) when its window is in Intuition's lists now.
fn look_up(os: &mut dyn IntuitionOs, ibase: u32, info: &WindowInfo) -> Option<WindowInfo> {
    let window = info.address;
    let mut b = [0u8; WINDOW_READ_SIZE];
    let found = os.with_ibase_locked(|m| window_in_lists(m, ibase, window) && m.read(window, &mut b))?;
    found.then(|| {
        let mut fresh = info.clone();
        set_header(&mut fresh, &b);
        fresh
    })
}

/// The gadgets of [`walk_window`], called with other tasks stopped.
fn walk_frozen(os: &mut dyn IntuitionOs, ibase: u32, info: &WindowInfo) -> Result<WindowSnap, WalkError> {
    let info = look_up(os, ibase, info).ok_or(WalkError::NotFound)?;
    // Nothing ran since the look-up (a wait for the lock came before it).
    let mark = os.task_switches();
    let mut raws: Vec<RawGadget> = Vec::with_capacity(GADGET_CHUNK); // most windows: no regrowth
    let mut truncated = titles_too_long(&info);
    let mut g = info.first_gadget;
    // The chain is copied GADGET_CHUNK gadgets at a time: on the Amiga one
    // native loop each instead of one crossing per gadget.
    let mut chunk = Vec::with_capacity(GADGET_CHUNK * gg_SIZEOF);
    while g != 0 {
        if raws.len() == MAX_GADGETS {
            truncated = true; // cyclic or garbage list
            break;
        }
        chunk.clear();
        let want = GADGET_CHUNK.min(MAX_GADGETS - raws.len());
        // Each node's address is the NextGadget before it; after the last
        // copied one, `g` is the first not copied (0 at the list's end).
        let (n, _) = read_chain(os, g, gg_NextGadget, gg_SIZEOF, want, &mut chunk);
        if n == 0 {
            truncated = true; // unreadable
            break;
        }
        for b in chunk.chunks_exact(gg_SIZEOF) {
            let r = RawGadget::decode(g, b);
            g = r.next;
            raws.push(r);
        }
    }
    let mut w = Walk {
        os,
        ibase,
        window: info.address,
        mark,
        listed: None,
        copied: raws.len(),
        gone: false,
        trusted: Vec::new(),
        names: Vec::new(),
    };
    let mut gadgets = Vec::with_capacity(raws.len());
    let mut text = 0usize;
    for r in &raws {
        // A gadget its program took out while a call waited is left out,
        // and never called.
        if w.alive(r.address) {
            let g = classify_one(&mut w, r, &info);
            text = text.saturating_add(gadget_text_bytes(&g).unwrap_or(usize::MAX));
            if text > MAX_TEXT {
                truncated = true; // a string too long, or too much text
                break;
            }
            gadgets.push(g);
        }
    }
    if w.gone {
        return Err(WalkError::NotFound);
    }
    // Those taken out during the last gadget's calls.
    if let Some(listed) = &w.listed {
        gadgets.retain(|g| listed.contains(&g.address));
    }
    Ok(WindowSnap { info, gadgets, truncated })
}

/// The gadgets in `window`'s list now (its `FirstGadget` chain, at most
/// [`MAX_GADGETS`] and `out`'s capacity), into `out`. Reads only.
fn gadgets_of_window(m: &mut dyn IntuitionMemory, window: u32, out: &mut Vec<u32>) {
    out.clear();
    let mut g = read_u32(m, window.wrapping_add(wd_FirstGadget as u32)).unwrap_or(0);
    while g != 0 && out.len() < MAX_GADGETS && out.len() < out.capacity() {
        out.push(g);
        g = read_u32(m, g.wrapping_add(gg_NextGadget as u32)).unwrap_or(0);
    }
}

/// One gadget walk with other tasks stopped. Memory is read through `os`
/// directly; every `GetAttr()` and GadTools probe goes through [`Walk`]'s
/// own methods, which make it only on a gadget that is in the window's
/// list, of a window that is in Intuition's lists. Nothing can change
/// that while no other task runs, and only a call can wait: when
/// [`IntuitionOs::task_switches`] moved during one, the window and its
/// gadget list are looked at again right after it, and a gadget or window
/// that went away is never called again (`gone`: the walk answers
/// [`WalkError::NotFound`]). It also learns once per
/// BOOPSI class pointer whether `TypeOfMem()` trusts it (a window's
/// system gadgets share one class, AROS's GadTools gadgets of a kind
/// another) and the class's `cl_ID` (kept while it has objects).
struct Walk<'a> {
    os: &'a mut dyn IntuitionOs,
    ibase: u32,
    window: u32,
    /// `task_switches()` when the window and its gadgets were last seen.
    mark: u32,
    /// The window's gadgets when last looked at again; `None`: the chain
    /// copied at the start, unchanged since.
    listed: Option<Vec<u32>>,
    /// Gadgets copied at the start: the first room of `listed`.
    copied: usize,
    gone: bool,
    trusted: Vec<(u32, bool)>,
    names: Vec<(u32, Vec<u8>)>,
}

impl Walk<'_> {
    /// Whether the window is still open and `object` (0: none) still one
    /// of its gadgets, as last seen (nothing waits between two calls, so
    /// what [`Walk::after_call`] saw still holds).
    #[inline]
    fn alive(&self, object: u32) -> bool {
        !self.gone && (object == 0 || self.listed.as_ref().is_none_or(|l| l.contains(&object)))
    }

    /// Right after each call: when it waited (another task ran), the
    /// window and its gadget list are looked at again; `gone` when the
    /// window closed.
    #[inline]
    fn after_call(&mut self) {
        if self.os.task_switches() != self.mark && !self.look_again() {
            self.gone = true;
        }
    }

    /// Finds the window in the lists again and reads its gadget list (one
    /// hold); false when it has gone. Whatever ran while `LockIBase()`
    /// waited ran before the look, so the look counts from its end.
    #[cold]
    #[inline(never)]
    fn look_again(&mut self) -> bool {
        // Room for the copied chain and a chunk more; a list that fills it
        // is read again with room for the cap.
        let first = (self.copied + GADGET_CHUNK).min(MAX_GADGETS);
        let mut listed = self.listed.take().unwrap_or_else(|| Vec::with_capacity(first));
        let (ibase, window) = (self.ibase, self.window);
        let open = loop {
            let open = self
                .os
                .with_ibase_locked(|m| {
                    let open = window_in_lists(m, ibase, window);
                    if open {
                        gadgets_of_window(m, window, &mut listed);
                    }
                    open
                })
                .unwrap_or(false);
            if !open || listed.len() < listed.capacity() || listed.capacity() >= MAX_GADGETS {
                break open;
            }
            listed = Vec::with_capacity(MAX_GADGETS);
        };
        self.mark = self.os.task_switches();
        self.listed = Some(listed);
        open
    }

    /// [`IntuitionOs::get_attr`] of a gadget that is still there.
    fn get_attr(&mut self, object: u32, attr: u32) -> Option<u32> {
        if !self.alive(object) {
            return None;
        }
        let v = self.os.get_attr(object, attr);
        self.after_call();
        v
    }

    /// [`IntuitionOs::get_attrs`] of a gadget that is still there, looked
    /// at again whenever the batch stopped after a call that waited.
    fn get_attrs(&mut self, object: u32, attrs: &[u32], out: &mut [Option<u32>]) {
        let n = attrs.len().min(out.len());
        let mut done = 0;
        while done < n {
            if !self.alive(object) {
                out[done..n].fill(None);
                break;
            }
            done += self.os.get_attrs(object, &attrs[done..n], &mut out[done..n]).max(1);
            self.after_call();
        }
    }

    /// [`IntuitionOs::gt_get_attr`] of a gadget that is still there.
    fn gt_get_attr(&mut self, gadget: u32, window: u32, tag: u32) -> Option<u32> {
        if !self.alive(gadget) {
            return None;
        }
        let v = self.os.gt_get_attr(gadget, window, tag);
        self.after_call();
        v
    }

    /// `TypeOfMem()` of a class pointer, once per class (it compares the
    /// address with exec's memory list and follows no pointer).
    fn is_real_memory(&mut self, class_ptr: u32) -> bool {
        if let Some(&(_, t)) = self.trusted.iter().find(|(c, _)| *c == class_ptr) {
            return t;
        }
        let t = self.os.is_real_memory(class_ptr);
        self.trusted.push((class_ptr, t));
        t
    }

    /// `cl_ID` of a trusted class (empty when NULL or unreadable), read
    /// once per class. It may point into ROM: read, never `TypeOfMem()`ed.
    fn class_id(&mut self, class_ptr: u32) -> Vec<u8> {
        if let Some((_, n)) = self.names.iter().find(|(c, _)| *c == class_ptr) {
            return n.clone();
        }
        let os = &mut *self.os;
        let n = read_u32(os, class_ptr.wrapping_add(cl_ID as u32)).and_then(|p| read_cstr(os, p)).unwrap_or_default();
        self.names.push((class_ptr, n.clone()));
        n
    }
}

// ------------------------------------------------------------------ menus

fn read_item<M: IntuitionMemory + ?Sized>(m: &mut M, b: &[u8; mi_SIZEOF]) -> MenuItemSnap {
    let flags = be_u16(b, mi_Flags);
    let fill = be_u32(b, mi_ItemFill);
    let command = b[mi_Command];
    MenuItemSnap {
        // ItemFill is an IntuiText only with ITEMTEXT; else an Image (or a bar).
        text: if flags & ITEMTEXT != 0 { read_itext(m, fill) } else { None },
        shortcut: if flags & COMMSEQ != 0 && command != 0 { Some(command) } else { None },
        checkit: flags & CHECKIT != 0,
        checked: flags & CHECKED != 0,
        enabled: flags & ITEMENABLED != 0,
        geometry: (be_i16(b, mi_LeftEdge), be_i16(b, mi_TopEdge), be_i16(b, mi_Width), be_i16(b, mi_Height)),
        subitems: Vec::new(),
    }
}

/// Counts a menu text of `len` bytes (`None`: NULL) against the strip's
/// text: false, and `truncated` set, once a text was [`too_long`] or the
/// strip holds more than [`MAX_TEXT`] bytes (the walk stops).
fn count_text(len: Option<usize>, text: &mut usize, truncated: &mut bool) -> bool {
    let len = len.unwrap_or(0);
    *text = text.saturating_add(if len > MAX_STRING { usize::MAX } else { len });
    if *text > MAX_TEXT {
        *truncated = true;
        return false;
    }
    true
}

fn read_item_chain<M: IntuitionMemory + ?Sized>(
    m: &mut M,
    mut item: u32,
    cap: usize,
    with_subs: bool,
    text: &mut usize,
    truncated: &mut bool,
) -> Vec<MenuItemSnap> {
    let mut out = Vec::new();
    while item != 0 {
        if out.len() == cap {
            *truncated = true;
            break;
        }
        let mut b = [0u8; mi_SIZEOF];
        if !m.read(item, &mut b) {
            *truncated = true;
            break;
        }
        let mut snap = read_item(m, &b);
        if !count_text(snap.text.as_ref().map(Vec::len), text, truncated) {
            break;
        }
        let sub = be_u32(&b, mi_SubItem);
        if with_subs && sub != 0 {
            snap.subitems = read_item_chain(m, sub, MAX_SUBITEMS, false, text, truncated);
        }
        out.push(snap);
        if *text > MAX_TEXT {
            break;
        }
        item = be_u32(&b, mi_NextItem);
    }
    out
}

/// Walks the menu strip of a window whose header `info` came from
/// [`read_screens`] or [`read_window`]: with other tasks stopped, the
/// window is found in the lists and its `MenuStrip` read as it is now (one
/// short `LockIBase()` hold), then the menus, items and their texts (plain
/// reads, no OS call): no strip a program took off its window
/// (`ClearMenuStrip()`) and freed is read. [`WalkError::NotFound`] when
/// the window is not (or no longer) in the lists.
pub fn walk_menu(os: &mut dyn IntuitionOs, info: &WindowInfo) -> Result<MenuStripSnap, WalkError> {
    let ibase = os.intuition_base();
    os.with_frozen(|os| look_up(os, ibase, info).map(|info| read_menus(os, info)).ok_or(WalkError::NotFound))
}

/// The menus from `info.menu_strip` on (plain reads).
fn read_menus(os: &mut dyn IntuitionOs, info: WindowInfo) -> MenuStripSnap {
    let mut menus = Vec::new();
    let mut truncated = titles_too_long(&info);
    let mut text = 0usize;
    let mut menu = info.menu_strip;
    while menu != 0 {
        if menus.len() == MAX_MENUS {
            truncated = true;
            break;
        }
        let mut b = [0u8; mu_SIZEOF];
        if !os.read(menu, &mut b) {
            truncated = true;
            break;
        }
        let title = read_cstr(os, be_u32(&b, mu_MenuName));
        if !count_text(title.as_ref().map(Vec::len), &mut text, &mut truncated) {
            break;
        }
        let items = read_item_chain(os, be_u32(&b, mu_FirstItem), MAX_ITEMS, true, &mut text, &mut truncated);
        menus.push(MenuSnap {
            title,
            enabled: be_u16(&b, mu_Flags) & MENUENABLED != 0,
            left: be_i16(&b, mu_LeftEdge),
            width: be_i16(&b, mu_Width),
            items,
        });
        if text > MAX_TEXT {
            break;
        }
        menu = be_u32(&b, mu_NextMenu);
    }
    MenuStripSnap { info, menus, truncated }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fake::FakeIntuition;

    #[test]
    fn list_copy_never_grows_its_buffers() {
        let mut f = FakeIntuition::new();
        let s = f.add_screen(Some(b"Workbench Screen"), (0, 0, 640, 256));
        for i in 0..20 {
            f.add_window(s, Some(&[b'W', b'0' + i as u8]), (0, 0, 100, 50));
        }
        let ibase = f.ibase();
        let mut buf = ListBuffer::with_room(MAX_SCREENS, MAX_WINDOWS, LIST_TITLE_BYTES);
        let caps = |b: &ListBuffer| (b.screens.capacity(), b.windows.capacity(), b.raw.capacity(), b.titles.capacity());
        let ptrs = |b: &ListBuffer| (b.screens.as_ptr(), b.windows.as_ptr(), b.raw.as_ptr(), b.titles.as_ptr());
        let before = (caps(&buf), ptrs(&buf));
        (&mut f as &mut dyn IntuitionOs).with_ibase_locked(|m| fill_lists(m, ibase, &mut buf, 0));
        assert_eq!(before, (caps(&buf), ptrs(&buf)));
        assert_eq!(buf.windows.len(), 20);
        assert_eq!(buf.raw.len(), SCREEN_READ_SIZE + 20 * WINDOW_READ_SIZE);
    }

    #[test]
    fn a_list_beyond_the_first_room_is_copied_again_with_more() {
        let mut f = FakeIntuition::new();
        let s = f.add_screen(Some(b"Workbench Screen"), (0, 0, 640, 256));
        let title = [b'T'; 100];
        for _ in 0..FIRST_ROOM.1 + 8 {
            f.add_window(s, Some(&title), (0, 0, 100, 50));
        }
        let all = read_screens(&mut f).unwrap();
        assert!(!all.truncated);
        assert_eq!(all.screens[0].windows.len(), FIRST_ROOM.1 + 8);
        assert!(all.screens[0].windows.iter().all(|w| w.title.as_deref() == Some(&title[..])));
    }

    #[test]
    fn read_window_equals_the_full_list_copy() {
        let mut f = FakeIntuition::new();
        let a = f.add_screen(Some(b"Workbench Screen"), (0, 0, 640, 256));
        let b = f.add_screen(None, (0, 0, 320, 200));
        let mut wins = Vec::new();
        for i in 0..5u8 {
            wins.push(f.add_window(a, Some(&[b'A', b'0' + i]), (i.into(), 2, 100, 50)));
            wins.push(f.add_window(b, if i == 2 { None } else { Some(b"Twin") }, (3, i.into(), 60, 40)));
        }
        let all = read_screens(&mut f).unwrap();
        for &w in &wins {
            assert_eq!(read_window(&mut f, w), all.window(w).cloned().ok_or(WalkError::NotFound));
        }
        assert_eq!(read_window(&mut f, 0), Err(WalkError::NotFound));
        f.close_window(wins[3]);
        assert_eq!(read_window(&mut f, wins[3]), Err(WalkError::NotFound));
        let ibase = f.ibase();
        let mut buf = ListBuffer::for_one_window();
        let caps = (buf.screens.capacity(), buf.windows.capacity(), buf.raw.capacity(), buf.titles.capacity());
        (&mut f as &mut dyn IntuitionOs).with_ibase_locked(|m| fill_lists(m, ibase, &mut buf, wins[9]));
        assert_eq!(caps, (buf.screens.capacity(), buf.windows.capacity(), buf.raw.capacity(), buf.titles.capacity()));
        assert_eq!((buf.screens.len(), buf.windows.len()), (1, 1));
        // Only the kept screen and window stay in the raw bytes.
        assert_eq!(buf.raw.len(), SCREEN_READ_SIZE + WINDOW_READ_SIZE);
    }

    #[test]
    fn a_title_too_long_cuts_every_walk_short_and_one_at_the_limit_is_whole() {
        let mut f = FakeIntuition::new();
        let s = f.add_screen(Some(&[b'S'; 40]), (0, 0, 640, 256));
        let exact = f.add_window(s, Some(&[b'e'; MAX_STRING]), (0, 0, 100, 50));
        let info = read_window(&mut f, exact).unwrap();
        assert_eq!(info.title.as_deref(), Some(&[b'e'; MAX_STRING][..]));
        assert!(!walk_window(&mut f, &info).unwrap().truncated);
        assert!(!walk_menu(&mut f, &info).unwrap().truncated);
        assert!(!read_screens(&mut f).unwrap().truncated);
        let long = f.add_window(s, Some(&[b'x'; MAX_STRING + 70]), (0, 0, 100, 50));
        let info = read_window(&mut f, long).unwrap();
        assert!(walk_window(&mut f, &info).unwrap().truncated);
        assert!(walk_menu(&mut f, &info).unwrap().truncated);
        assert!(read_screens(&mut f).unwrap().truncated);
        assert_eq!(info.screen_title.unwrap(), vec![b'S'; 40]);
        let ibase = f.ibase();
        let mut buf = ListBuffer::with_room(MAX_SCREENS, MAX_WINDOWS, 50);
        (&mut f as &mut dyn IntuitionOs).with_ibase_locked(|m| fill_lists(m, ibase, &mut buf, 0));
        assert_eq!(buf.titles, [vec![b'S'; 40], vec![b'e'; 10]].concat());
        assert!(buf.truncated);
    }

    #[test]
    fn strings_end_at_nul_cap_or_unreadable_memory() {
        let mut f = FakeIntuition::new();
        let a = f.cstr(&[b'a'; 70]);
        assert_eq!(cstr_len(&mut f, a, MAX_STRING), Some(70));
        assert_eq!(cstr_len(&mut f, a, 40), Some(40));
        // A string running into unreadable memory ends there, mid-chunk.
        let b = f.alloc_bytes(&[b'b'; 45]);
        f.mark_unreadable(b + 37, 100);
        assert_eq!(cstr_len(&mut f, b, MAX_STRING), Some(37));
        assert_eq!(read_cstr(&mut f, b), Some(vec![b'b'; 37]));
        assert_eq!(cstr_len(&mut f, b + 37, MAX_STRING), None);
        assert_eq!(read_cstr(&mut f, b + 37), None);
        assert_eq!(read_cstr(&mut f, 0), None);
        let mut out = b"x".to_vec();
        out.reserve(5);
        assert_eq!(append_cstr(&mut f, a, &mut out, 5), Some(true));
        assert_eq!(out, b"xaaaaa");
    }

    #[test]
    fn read_chain_copies_whole_nodes_within_max_and_room() {
        let mut f = FakeIntuition::new();
        let c = f.alloc(8);
        let b = f.alloc(8);
        let a = f.alloc(8);
        f.write_u32(a, b);
        f.write_u32(b, c);
        f.write_u32(a + 4, 0xAAAA_AAAA);
        f.write_u32(c + 4, 0xCCCC_CCCC);
        let mut out = Vec::with_capacity(64);
        assert_eq!(read_chain(&mut f, a, 0, 8, 10, &mut out), (3, 0));
        assert_eq!(out.len(), 24);
        assert_eq!(be_u32(&out, 4), 0xAAAA_AAAA);
        assert_eq!(be_u32(&out, 20), 0xCCCC_CCCC);
        let mut out = Vec::with_capacity(64);
        assert_eq!(read_chain(&mut f, a, 0, 8, 2, &mut out), (2, c));
        // Room for one node only: whole nodes, no reallocation.
        let mut out = Vec::with_capacity(12);
        let ptr = out.as_ptr();
        assert_eq!(read_chain(&mut f, a, 0, 8, 10, &mut out), (1, b));
        assert_eq!((out.len(), out.as_ptr()), (8, ptr));
        // An unreadable node stops the copy there.
        f.mark_unreadable(b, 8);
        let mut out = Vec::with_capacity(64);
        assert_eq!(read_chain(&mut f, a, 0, 8, 10, &mut out), (1, b));
        // A Next pointer outside the node copies nothing.
        assert_eq!(read_chain(&mut f, a, 6, 8, 10, &mut Vec::with_capacity(64)), (0, a));
    }

    #[test]
    fn decimal_formats_signed_values() {
        assert_eq!(decimal(0), b"0");
        assert_eq!(decimal(-42), b"-42");
        assert_eq!(decimal(i32::MIN), b"-2147483648");
    }
}
