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
//! The Amiga implementation is `AmigaIntuition` in gadgetscope-system
//! (`system/`); the host test implementation is [`crate::fake`]. Both go
//! through the same code above the primitives ([`read_chain`],
//! [`cstr_len`], [`append_cstr`]); the primitives' pure versions (the
//! traits' defaults, which the fake uses) are checked against the Amiga's
//! native loops by the codegen canary.
//!
//! # Entries
//!
//! [`read_screens`] copies every screen and window header; [`read_window`]
//! one window's header by its address. [`walk_window`] walks the gadgets
//! and [`walk_menu`] the menu strip of a window whose header one of those
//! gave; both look the window up again first, so a header that has gone
//! stale (the window closed, moved or changed its gadgets) is never used
//! to reach its gadgets. [`find_and_walk`] is the three together: a
//! window chosen in a fresh copy of the lists, then walked.
//!
//! # What happens under `LockIBase()`, under `Forbid()` and after
//!
//! Under the lock ([`IntuitionOs::locked`], closure gets only
//! `&mut dyn IntuitionMemory`, so nothing else can be called):
//! - reading `IntuitionBase->FirstScreen`, the screen list, each screen's
//!   window list, the `struct Screen` / `struct Window` header fields and
//!   the screen/window title strings ([`read_screens`]), into buffers
//!   allocated *before* the lock is taken (no allocation under it), at
//!   most [`LIST_BATCH`] screens and windows per hold: each hold finds its
//!   place again by comparing the addresses of the live lists with the last
//!   window it copied (never reading through an address it kept);
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
    role_for_class_id, strip_shortcut_marker, sys_gadget, Dispatch, Role, AROS_GADTOOLS_PROBES, PROPGCLASS_ID,
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
    /// `Next` pointer; 0 ends the list); a node that is not readable or
    /// not at an even address ([`node_ok`]) ends the copy. Returns the
    /// nodes appended. The default reads node by node.
    fn copy_chain(&mut self, first: u32, next_off: usize, size: usize, max: usize, out: &mut Vec<u8>) -> usize {
        let mut at = first;
        let mut n = 0;
        if size < next_off.saturating_add(4) {
            return 0;
        }
        while at != 0 && node_ok(at) && n < max && out.capacity() - out.len() >= size {
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

    /// [`copy_chain`](Self::copy_chain) of a list of `shape`, each node
    /// followed in `out` by [`TRAILER`] bytes: the length (big-endian
    /// ULONG) of the NUL-terminated string the node's big-endian ULONG at
    /// `shape.str_off` points at, as [`copy_cstr`](Self::copy_cstr) gives
    /// it with `shape.str_max` ([`NO_STRING`] for NULL or unreadable),
    /// whose bytes are appended to `strings` whole. With `after` not empty
    /// the copy starts after the last of them found in the list
    /// ([`chain_after`](Self::chain_after) within `shape.limit` nodes).
    /// It stops at a node that is not readable or not [`node_ok`], and
    /// before a node that has no room in `out` or whose string
    /// does not fit in `strings`' spare capacity. No allocation: safe
    /// under the lock. The Amiga finds its place and copies the batch in
    /// one native loop (runtime.c `rt_copy_titled`): no crossing and no
    /// wasm2c code per node.
    fn copy_titled(
        &mut self,
        first: u32,
        after: &[u32],
        shape: &Titled,
        max: usize,
        out: &mut Vec<u8>,
        strings: &mut Vec<u8>,
    ) -> TitledCopy {
        let (size, next_off, str_off) = (shape.size, shape.next_off, shape.str_off);
        let none = TitledCopy { nodes: 0, start: None, full: false };
        if size < next_off.saturating_add(4) || size < str_off.saturating_add(4) || after.len() > 16 {
            return none;
        }
        let Some(start) =
            (if after.is_empty() { Some(first) } else { self.chain_after(first, next_off, after, shape.limit) })
        else {
            return none;
        };
        let mut copy = TitledCopy { nodes: 0, start: Some(start), full: false };
        let mut at = start;
        while at != 0 && node_ok(at) && copy.nodes < max && out.capacity() - out.len() >= size + TRAILER {
            let begin = out.len();
            out.resize(begin + size, 0);
            if !self.read(at, &mut out[begin..]) {
                out.truncate(begin);
                break;
            }
            let ptr = be_u32(&out[begin..], str_off);
            let len = match ptr {
                0 => None,
                _ => self.copy_cstr(ptr, shape.str_max, &mut Vec::new(), 0),
            };
            if let Some(l) = len {
                let before = strings.len();
                if strings.capacity() - before < l {
                    out.truncate(begin);
                    copy.full = true;
                    break;
                }
                if self.copy_cstr(ptr, shape.str_max, strings, l) != Some(l) || strings.len() - before != l {
                    // Changed between the two reads (not on the Amiga,
                    // where nothing runs meanwhile): treated as unreadable.
                    strings.truncate(before);
                    out.truncate(begin);
                    break;
                }
            }
            out.extend_from_slice(&len.map_or(NO_STRING, |l| l as u32).to_be_bytes());
            at = be_u32(&out[begin..], next_off);
            copy.nodes += 1;
        }
        copy
    }

    /// Where a list copy resumes: walks the linked list at `first` (each
    /// next node at the big-endian ULONG at `next_off`; at most `limit`
    /// nodes; a node that is not readable or not [`node_ok`] ends it)
    /// until the last of
    /// `keys` is found or the list ends, and returns the address of the
    /// node after the last key found (`Some(0)` when that one ends the
    /// list); `None` when no key is in the list, or `keys` is empty or
    /// longer than 16. A key is only compared with the live list's
    /// addresses, never read through. No allocation: safe under the lock.
    /// The Amiga walks in one native loop (runtime.c `rt_chain_after`).
    fn chain_after(&mut self, first: u32, next_off: usize, keys: &[u32], limit: usize) -> Option<u32> {
        let (&last, rest) = keys.split_last().filter(|_| keys.len() <= 16)?;
        let (mut at, mut walked, mut found) = (first, 0, None);
        let mut b = [0u8; 4];
        while at != 0 && node_ok(at) && walked < limit && self.read(at.wrapping_add(next_off as u32), &mut b) {
            let next = u32::from_be_bytes(b);
            if at == last {
                return Some(next);
            }
            if rest.contains(&at) {
                found = Some(next);
            }
            at = next;
            walked += 1;
        }
        found
    }

    /// The node of the list whose first node's address is the big-endian
    /// ULONG at `head` (each next one at `shape.next_off`, at most
    /// `shape.limit` nodes) whose own list (first node at the ULONG at
    /// `shape.sub_off`, searched as [`chain_after`](Self::chain_after) does
    /// within `shape.sub_limit` nodes) holds `key`; `None` when none does
    /// or the ULONG at `head` is not readable. A node whose fields are not
    /// readable ends the outer list; a ULONG at an odd address (`head`, a
    /// node's fields: [`node_ok`]) is not read. `key` is only compared, never read
    /// through. No allocation: safe under the lock. The Amiga searches in
    /// one native loop (runtime.c `rt_list_holding`).
    fn list_holding(&mut self, head: u32, shape: &Nested, key: u32) -> Option<u32> {
        let mut b = [0u8; 4];
        let mut field = |m: &mut Self, a: u32| (node_ok(a) && m.read(a, &mut b)).then(|| u32::from_be_bytes(b));
        let (mut at, mut walked) = (field(self, head)?, 0);
        while at != 0 && walked < shape.limit {
            let Some(sub) = field(self, at.wrapping_add(shape.sub_off as u32)) else { break };
            if self.chain_after(sub, shape.sub_next_off, &[key], shape.sub_limit).is_some() {
                return Some(at);
            }
            let Some(next) = field(self, at.wrapping_add(shape.next_off as u32)) else { break };
            at = next;
            walked += 1;
        }
        None
    }
}

/// Whether a node of an OS list (a screen, a window, a gadget) may be at
/// `addr`: exec hands out memory longword-aligned, so every node is at an
/// even address, and a 68000 reading a word or longword at an odd one
/// stops with an address error. An odd node address therefore ends a list
/// as unreadable memory does, in these defaults and in the native loops
/// (runtime.c `NODE_OK`) alike, on every CPU.
pub fn node_ok(addr: u32) -> bool {
    addr & 1 == 0
}

/// The shape of a list of lists [`IntuitionMemory::list_holding`] searches
/// (the screens and their windows).
#[derive(Clone, Copy, Debug)]
pub struct Nested {
    /// Offset in an outer node of the next outer node's address.
    pub next_off: usize,
    /// Offset in an outer node of the address of its inner list's first node.
    pub sub_off: usize,
    /// Offset in an inner node of the next inner node's address.
    pub sub_next_off: usize,
    /// Most outer nodes walked.
    pub limit: usize,
    /// Most nodes walked of each inner list.
    pub sub_limit: usize,
}

/// `Vec`, for [`native_intuition_memory!`]'s expansion in other crates.
#[doc(hidden)]
pub use alloc::vec::Vec as NativeVec;

/// `impl IntuitionMemory for $t` over the Amiga's native copy loops,
/// `native_intuition_memory!(Type, amiga_rt::mem)`: every method calls the
/// function of the same name in that module (amiga-rt's `mem`, which this
/// crate cannot name), unpacking [`Titled`] and [`Nested`]. One set of
/// adapters for the walker's OS object (gadgetscope-system) and the
/// canary's check of the native loops against the pure ones.
#[macro_export]
macro_rules! native_intuition_memory {
    ($t:ty, $($mem:ident)::+) => {
        impl $crate::walk::IntuitionMemory for $t {
            fn read(&mut self, addr: u32, buf: &mut [u8]) -> bool {
                $($mem)::+::copy_into(addr, buf)
            }

            fn copy_cstr(&mut self, addr: u32, max: usize, out: &mut $crate::walk::NativeVec<u8>, room: usize) -> Option<usize> {
                $($mem)::+::copy_cstr(addr, max, out, room)
            }

            fn copy_chain(&mut self, first: u32, next_off: usize, size: usize, max: usize, out: &mut $crate::walk::NativeVec<u8>) -> usize {
                $($mem)::+::copy_chain(first, next_off, size, max, out)
            }

            fn copy_titled(
                &mut self,
                first: u32,
                after: &[u32],
                shape: &$crate::walk::Titled,
                max: usize,
                out: &mut $crate::walk::NativeVec<u8>,
                strings: &mut $crate::walk::NativeVec<u8>,
            ) -> $crate::walk::TitledCopy {
                let (nodes, start, full) = $($mem)::+::copy_titled(
                    first,
                    after,
                    shape.next_off,
                    shape.size,
                    shape.str_off,
                    shape.str_max,
                    shape.limit,
                    max,
                    out,
                    strings,
                );
                $crate::walk::TitledCopy { nodes, start, full }
            }

            fn chain_after(&mut self, first: u32, next_off: usize, keys: &[u32], limit: usize) -> Option<u32> {
                $($mem)::+::chain_after(first, next_off, keys, limit)
            }

            fn list_holding(&mut self, head: u32, shape: &$crate::walk::Nested, key: u32) -> Option<u32> {
                $($mem)::+::list_holding(
                    head,
                    shape.next_off,
                    shape.sub_off,
                    shape.sub_next_off,
                    key,
                    shape.limit,
                    shape.sub_limit,
                )
            }
        }
    };
}

/// The shape of a list [`IntuitionMemory::copy_titled`] copies.
#[derive(Clone, Copy, Debug)]
pub struct Titled {
    /// Offset in a node of the next node's address (a big-endian ULONG).
    pub next_off: usize,
    /// Bytes copied of each node.
    pub size: usize,
    /// Offset in a node of its string's address (a big-endian ULONG).
    pub str_off: usize,
    /// Most bytes of a string before its NUL (a longer one is cut there).
    pub str_max: usize,
    /// Most nodes walked to find where the copy resumes.
    pub limit: usize,
}

/// What one [`IntuitionMemory::copy_titled`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TitledCopy {
    /// Nodes copied.
    pub nodes: usize,
    /// The node the copy started at (0: the list ended there); `None` when
    /// no key of `after` is in the list (nothing copied).
    pub start: Option<u32>,
    /// A string that did not fit in `strings` stopped the copy.
    pub full: bool,
}

/// Bytes [`IntuitionMemory::copy_titled`] puts after each node: the
/// string's length, a big-endian ULONG.
pub const TRAILER: usize = 4;

/// The length [`IntuitionMemory::copy_titled`] gives a NULL or
/// unreadable string.
pub const NO_STRING: u32 = u32::MAX;

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

/// A screen copied under the lock: its record (`SCREEN_READ_SIZE` bytes
/// and the [`TRAILER`]) is at `at` in [`ListBuffer::raw`].
#[derive(Clone, Copy)]
struct RawScreen {
    address: u32,
    at: u32,
    title: Span,
    windows: (u32, u32),
}

/// A window copied under the lock: its record (`WINDOW_READ_SIZE` bytes
/// and the [`TRAILER`]) at `at` in [`ListBuffer::raw`].
#[derive(Clone, Copy)]
struct RawWindow {
    address: u32,
    at: u32,
    title: Span,
}

/// Bytes of a screen's record in [`ListBuffer::raw`].
const SCREEN_RECORD: usize = SCREEN_READ_SIZE + TRAILER;
/// Bytes of a window's record in [`ListBuffer::raw`].
const WINDOW_RECORD: usize = WINDOW_READ_SIZE + TRAILER;
/// Bytes copied per screen of the screen list to know where its windows
/// are: `NextScreen` and `FirstWindow`, adjacent (intuition/screens.h).
const SCREEN_LINKS: usize = sc_FirstWindow + 4;
/// The screen list as [`IntuitionMemory::copy_titled`] copies it.
const SCREEN_SHAPE: Titled = Titled {
    next_off: sc_NextScreen,
    size: SCREEN_READ_SIZE,
    str_off: sc_DefaultTitle,
    str_max: MAX_STRING + 1,
    limit: MAX_SCREENS,
};
/// A screen's window list as [`IntuitionMemory::copy_titled`] copies it.
const WINDOW_SHAPE: Titled = Titled {
    next_off: wd_NextWindow,
    size: WINDOW_READ_SIZE,
    str_off: wd_Title,
    str_max: MAX_STRING + 1,
    limit: MAX_WINDOWS,
};

/// Copies the screen list's links into `links` (room for
/// [`MAX_SCREENS`] + 1 of them, made before the lock) in one copy: first
/// `IntuitionBase->FirstScreen` (its field taken for a node whose `Next`
/// it is), then each screen's `NextScreen` and `FirstWindow`. Screen `i`
/// is at [`screen_at`] and its first window at [`first_window_of`].
/// Returns the screens and whether the list goes on past
/// [`MAX_SCREENS`] (or into unreadable memory); `None` when
/// `IntuitionBase` cannot be read.
fn screen_links(m: &mut dyn IntuitionMemory, ibase: u32, links: &mut Vec<u8>) -> Option<(usize, bool)> {
    links.clear();
    let head = ibase.wrapping_add(ib_FirstScreen as u32);
    let (n, rest) = read_chain(m, head, sc_NextScreen, SCREEN_LINKS, MAX_SCREENS + 1, links);
    (n > 0).then(|| (n - 1, rest != 0))
}

/// The address of screen `i` of [`screen_links`]' copy.
fn screen_at(links: &[u8], i: usize) -> u32 {
    be_u32(links, i * SCREEN_LINKS + sc_NextScreen)
}

/// The `FirstWindow` of screen `i` of [`screen_links`]' copy.
fn first_window_of(links: &[u8], i: usize) -> u32 {
    be_u32(links, (i + 1) * SCREEN_LINKS + sc_FirstWindow)
}

/// Windows copied per `LockIBase()` hold of [`read_screens`] (a screen
/// counts as one): what bounds the hold whatever the number of windows
/// (docs/design/performance.md, "`LockIBase()` holds").
pub const LIST_BATCH: usize = 3;
/// Most holds of one [`read_screens`]: each copies at least one screen or
/// window unless windows close under it or a title needs more room, so a
/// list that needs more is changing faster than it can be read (then it is
/// `truncated`).
const MAX_HOLDS: usize = 2 * (MAX_SCREENS + MAX_WINDOWS);
/// Title bytes [`read_screens`] starts with room for; room grows between
/// holds, up to [`LIST_TITLE_BYTES`].
const FIRST_TITLE_ROOM: usize = 2048;
/// Title bytes kept free before each hold (about [`LIST_BATCH`] titles).
const TITLE_SLACK: usize = 512;
/// Windows [`read_screens`] starts with room for; room grows between holds.
const FIRST_WINDOW_ROOM: usize = 32;
// The room `with_room` makes is what `make_room` would make for the first hold.
const _: () = assert!(FIRST_TITLE_ROOM >= TITLE_SLACK && FIRST_WINDOW_ROOM >= LIST_BATCH);

/// What one hold copied into [`ListBuffer::raw`], taken apart after it.
#[derive(Clone, Copy)]
enum Copied {
    /// A screen's record at `at`.
    Screen { address: u32, at: u32 },
    /// `n` window records from `at`, the first of them the window at `first`.
    Windows { first: u32, at: u32, n: u32 },
}

/// Buffers filled under the lock; they never grow under it (room is made
/// between holds). The records are read straight into `raw` and taken
/// apart after the hold, so that the hold runs no wasm2c code per window.
struct ListBuffer {
    screens: Vec<RawScreen>,
    windows: Vec<RawWindow>,
    raw: Vec<u8>,
    titles: Vec<u8>,
    /// The live screen list's [`SCREEN_LINKS`], copied in each hold.
    links: Vec<u8>,
    /// What the last hold copied: the first `ncopied` (a fixed array: no
    /// allocation).
    copied: [Copied; 2 * LIST_BATCH],
    ncopied: usize,
    /// Title bytes taken apart so far.
    title_pos: u32,
    active_window: u32,
    truncated: bool,
    unreadable: bool,
    /// A title did not fit in the room `titles` had in the last hold.
    need_room: bool,
}

impl ListBuffer {
    fn with_room(screens: usize, windows: usize, titles: usize) -> Self {
        ListBuffer {
            screens: Vec::with_capacity(screens),
            windows: Vec::with_capacity(windows),
            raw: Vec::with_capacity(screens * SCREEN_RECORD + windows * WINDOW_RECORD),
            titles: Vec::with_capacity(titles),
            links: Vec::with_capacity((MAX_SCREENS + 1) * SCREEN_LINKS),
            copied: [Copied::Screen { address: 0, at: 0 }; 2 * LIST_BATCH],
            ncopied: 0,
            title_pos: 0,
            active_window: 0,
            truncated: false,
            unreadable: false,
            need_room: false,
        }
    }

    fn bytes(&self, at: u32, n: usize) -> &[u8] {
        &self.raw[at as usize..at as usize + n]
    }

    /// Room for one hold's copy ([`LIST_BATCH`] screens or windows, and a
    /// title that did not fit last time); false when titles cannot get
    /// more room within [`LIST_TITLE_BYTES`]. Allocates: never under the
    /// lock.
    fn make_room(&mut self) -> bool {
        let (len, spare) = (self.titles.len(), self.titles.capacity() - self.titles.len());
        let left = LIST_TITLE_BYTES.saturating_sub(len);
        let need = core::mem::take(&mut self.need_room);
        if need && spare >= left {
            return false;
        }
        let target = (if need { MAX_STRING + 1 + TITLE_SLACK } else { TITLE_SLACK }).min(left);
        if spare < target {
            // At least doubling, as Vec does, within the cap.
            self.titles.reserve_exact(target.max(len).min(left));
        }
        self.raw.reserve(LIST_BATCH * WINDOW_RECORD);
        self.ncopied = 0;
        true
    }

    /// The title whose length is in the trailer at `at` of `raw`, its
    /// bytes the next ones of `titles`. One longer than [`MAX_STRING`]
    /// (kept as its first `MAX_STRING + 1` bytes) marks the list
    /// `truncated`.
    fn next_title(&mut self, at: usize) -> Span {
        let len = be_u32(&self.raw, at);
        if len == NO_STRING {
            return Span::default();
        }
        if len as usize > MAX_STRING {
            self.truncated = true;
        }
        let start = self.title_pos;
        self.title_pos += len;
        Span { start, len, present: true }
    }

    /// Takes apart what the last hold copied (after the lock).
    fn absorb(&mut self) {
        for i in 0..self.ncopied {
            match self.copied[i] {
                Copied::Screen { address, at } => {
                    let title = self.next_title(at as usize + SCREEN_READ_SIZE);
                    let w = self.windows.len() as u32;
                    self.screens.push(RawScreen { address, at, title, windows: (w, w) });
                }
                Copied::Windows { first, at, n } => {
                    let mut address = first;
                    for k in 0..n as usize {
                        let rat = at as usize + k * WINDOW_RECORD;
                        let title = self.next_title(rat + WINDOW_READ_SIZE);
                        self.windows.push(RawWindow { address, at: rat as u32, title });
                        address = be_u32(&self.raw[rat..], wd_NextWindow);
                    }
                    if let Some(s) = self.screens.last_mut() {
                        s.windows.1 = self.windows.len() as u32;
                    }
                }
            }
        }
        self.ncopied = 0;
    }

    /// Records what a hold copied; the caller stops before the array is
    /// full (nothing is lost).
    fn push_copied(&mut self, c: Copied) {
        if let Some(slot) = self.copied.get_mut(self.ncopied) {
            *slot = c;
            self.ncopied += 1;
        }
    }

    /// Whether the screen at `a` was taken: copied in an earlier hold or
    /// in this one.
    fn taken(&self, a: u32) -> bool {
        self.screens.iter().any(|s| s.address == a)
            || self.copied[..self.ncopied].iter().any(|c| matches!(*c, Copied::Screen { address, .. } if address == a))
    }

    /// Screens taken so far ([`taken`](Self::taken)).
    fn screens_taken(&self) -> usize {
        self.screens.len() + self.copied[..self.ncopied].iter().filter(|c| matches!(c, Copied::Screen { .. })).count()
    }
}

/// Where [`read_screens`] goes on in its next hold. Plain values: the
/// addresses are compared with the live lists' under the next hold and
/// never read through unless found there.
struct Cursor {
    /// The screen whose windows are being copied (0: take the next one).
    screen: u32,
    /// The last window of `screen` copied (0: none yet): the copy resumes
    /// after it.
    last: u32,
    /// The last batch of `screen`'s windows (its `Copied::Windows`): when
    /// `last` has closed, the copy resumes after the last of these still
    /// listed.
    batch: (u32, u32, u32),
    /// Windows copied so far.
    windows: usize,
    /// None of the last batch was in the list any more (they all closed),
    /// so the screen's list was copied again from its start: windows may
    /// repeat.
    restarted: bool,
    holds: usize,
    finished: bool,
}

impl Cursor {
    /// The addresses of the windows of the last batch ([`Cursor::batch`]).
    fn batch_keys(&self, raw: &[u8]) -> ([u32; LIST_BATCH], usize) {
        let (at, n, first) = self.batch;
        let mut keys = [0u32; LIST_BATCH];
        let n = (n as usize).min(LIST_BATCH);
        let mut address = first;
        for (k, key) in keys.iter_mut().enumerate().take(n) {
            *key = address;
            address = be_u32(raw, at as usize + k * WINDOW_RECORD + wd_NextWindow);
        }
        (keys, n)
    }
}

/// One hold of [`read_screens`]: finds its place again in the live lists
/// ([`Cursor`]) and copies up to [`LIST_BATCH`] screens and windows with
/// their titles, in native loops on the Amiga (two crossings from the
/// wasm2c code per screen, none per window). Reads only; pushes only
/// within capacity.
fn list_hold(m: &mut dyn IntuitionMemory, ibase: u32, buf: &mut ListBuffer, cur: &mut Cursor) {
    let mut links = core::mem::take(&mut buf.links);
    let Some((screens, more)) = screen_links(m, ibase, &mut links) else {
        buf.unreadable = true;
        buf.links = links;
        return;
    };
    if more {
        buf.truncated = true;
    }
    let mut units = 0;
    while units < LIST_BATCH && buf.ncopied < buf.copied.len() {
        let Some(i) = (0..screens).find(|&i| cur.screen != 0 && screen_at(&links, i) == cur.screen) else {
            // The next screen not taken yet, in list order.
            let Some(i) = (0..screens).find(|&i| !buf.taken(screen_at(&links, i))) else {
                cur.finished = true;
                break;
            };
            if buf.screens_taken() == MAX_SCREENS {
                buf.truncated = true;
                cur.finished = true;
                break;
            }
            let (a, at) = (screen_at(&links, i), buf.raw.len() as u32);
            let c = m.copy_titled(a, &[], &SCREEN_SHAPE, 1, &mut buf.raw, &mut buf.titles);
            if c.full {
                buf.need_room = true;
                break;
            }
            if c.nodes == 0 {
                // Unreadable: the list ends there.
                buf.truncated = true;
                cur.finished = true;
                break;
            }
            buf.push_copied(Copied::Screen { address: a, at });
            (cur.screen, cur.last) = (a, 0);
            units += 1;
            continue;
        };
        let first = first_window_of(&links, i);
        let want = (LIST_BATCH - units).min(MAX_WINDOWS.saturating_sub(cur.windows));
        let at = buf.raw.len();
        let key = [cur.last];
        let after: &[u32] = if cur.last == 0 { &[] } else { &key };
        let mut c = m.copy_titled(first, after, &WINDOW_SHAPE, want, &mut buf.raw, &mut buf.titles);
        if c.start.is_none() {
            // The last window copied has closed: after the last of its
            // batch still listed, else from the start again.
            let (keys, n) = cur.batch_keys(&buf.raw);
            c = m.copy_titled(first, &keys[..n], &WINDOW_SHAPE, want, &mut buf.raw, &mut buf.titles);
            if c.start.is_none() {
                cur.restarted = true;
                c = m.copy_titled(first, &[], &WINDOW_SHAPE, want, &mut buf.raw, &mut buf.titles);
            }
        }
        let start = c.start.unwrap_or(0);
        let n = c.nodes;
        let next = if n == 0 {
            start
        } else {
            buf.push_copied(Copied::Windows { first: start, at: at as u32, n: n as u32 });
            cur.batch = (at as u32, n as u32, start);
            cur.last = if n == 1 { start } else { be_u32(&buf.raw, at + (n - 2) * WINDOW_RECORD + wd_NextWindow) };
            cur.windows += n;
            units += n;
            be_u32(&buf.raw, at + (n - 1) * WINDOW_RECORD + wd_NextWindow)
        };
        if c.full {
            buf.need_room = true;
            break;
        }
        if next == 0 {
            cur.screen = 0;
        } else if want == 0 {
            // More windows than MAX_WINDOWS.
            buf.truncated = true;
            cur.finished = true;
            break;
        } else if n < want {
            // An unreadable window ends its screen's list.
            buf.truncated = true;
            cur.screen = 0;
        }
    }
    if cur.screen == 0 && (0..screens).all(|i| buf.taken(screen_at(&links, i))) {
        cur.finished = true; // nothing left: no hold more to find that out
    }
    buf.links = links;
}

/// Intuition's lists as [`IntuitionMemory::list_holding`] searches them:
/// the screens (from `IntuitionBase->FirstScreen`) and each one's windows.
const SCREEN_WINDOWS: Nested = Nested {
    next_off: sc_NextScreen,
    sub_off: sc_FirstWindow,
    sub_next_off: wd_NextWindow,
    limit: MAX_SCREENS,
    sub_limit: MAX_WINDOWS,
};

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

/// Whether `window` is in Intuition's lists: the window list of a screen
/// (each within [`MAX_WINDOWS`]) of the screen list (within
/// [`MAX_SCREENS`]) holds it; false also when `IntuitionBase` cannot be
/// read. Compared by address, in one native loop on the Amiga
/// ([`IntuitionMemory::list_holding`]). Reads only: call under the lock.
fn window_in_lists(m: &mut dyn IntuitionMemory, ibase: u32, window: u32) -> bool {
    m.list_holding(ibase.wrapping_add(ib_FirstScreen as u32), &SCREEN_WINDOWS, window).is_some()
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

/// Read every screen and window (header fields and titles), then build the
/// owned snapshot after unlocking. The copy is made in short
/// `LockIBase()` holds of at most [`LIST_BATCH`] screens and windows
/// each, with room made between them; each hold finds its place again by
/// walking the live lists from `IntuitionBase->FirstScreen` and the
/// screen's `FirstWindow`, comparing addresses.
///
/// What the snapshot guarantees: every window and screen in it was in the
/// lists when it was copied, and each is one consistent copy of its header
/// and title, made in one hold. The list as a whole may reflect changes
/// made between holds: a window that opened during the read may be missing
/// (Intuition links a new window first in its screen's list, before where
/// the copy resumes), one that closed may still be listed (it fails when a
/// command looks it up again), and a screen that opened, closed or moved
/// in the screen list is taken or left as the next hold finds it. No
/// window is listed twice. `active_window` is read just before the first
/// hold.
pub fn read_screens(os: &mut dyn IntuitionOs) -> Result<ScreensSnapshot, WalkError> {
    let ibase = os.intuition_base();
    let mut buf = ListBuffer::with_room(LIST_BATCH, FIRST_WINDOW_ROOM, FIRST_TITLE_ROOM);
    let mut cur =
        Cursor { screen: 0, last: 0, batch: (0, 0, 0), windows: 0, restarted: false, holds: 0, finished: false };
    // A value only compared with the windows' addresses, never read
    // through: read before the holds, which it would only lengthen.
    buf.active_window = read_u32(os, ibase.wrapping_add(ib_ActiveWindow as u32)).ok_or(WalkError::Unreadable)?;
    while !cur.finished {
        // `with_room` made room for the first hold.
        if cur.holds == MAX_HOLDS || (cur.holds > 0 && !buf.make_room()) {
            buf.truncated = true;
            break;
        }
        if os.with_ibase_locked(|m| list_hold(m, ibase, &mut buf, &mut cur)).is_none() || buf.unreadable {
            return Err(WalkError::Unreadable);
        }
        buf.absorb();
        cur.holds += 1;
    }
    // Windows copied again (after a restart, or from a list that loops)
    // are left out.
    let again = cur.restarted || buf.truncated;
    let mut seen: Vec<u32> = Vec::with_capacity(if again { buf.windows.len() } else { 0 });
    let mut screens = Vec::with_capacity(buf.screens.len());
    for (i, s) in buf.screens.iter().enumerate() {
        let screen_title = span_bytes(&buf.titles, s.title);
        let windows = buf.windows[s.windows.0 as usize..s.windows.1 as usize]
            .iter()
            .filter(|w| {
                let repeated = again && seen.contains(&w.address);
                if again && !repeated {
                    seen.push(w.address);
                }
                !repeated
            })
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
/// it), under one short `LockIBase()` hold that finds it in the lists
/// (compared by address, in native loops on the Amiga) and copies only
/// that window, its screen and their titles. [`WalkError::NotFound`] when
/// it is not (or no longer) in the lists.
pub fn read_window(os: &mut dyn IntuitionOs, window: u32) -> Result<WindowInfo, WalkError> {
    let ibase = os.intuition_base();
    // Allocated before the lock: room for both titles whole.
    let mut buf = ListBuffer::with_room(1, 1, 2 * (MAX_STRING + 1));
    let found = os.with_ibase_locked(|m| {
        let mut links = core::mem::take(&mut buf.links);
        let screen = match screen_links(m, ibase, &mut links) {
            None => {
                buf.unreadable = true;
                None
            }
            Some((screens, _)) => (0..screens).find_map(|i| {
                m.chain_after(first_window_of(&links, i), wd_NextWindow, &[window], MAX_WINDOWS)?;
                Some(screen_at(&links, i))
            }),
        };
        buf.links = links;
        let Some(screen) = screen else { return false };
        let (s, w) = (buf.raw.len() as u32, (buf.raw.len() + SCREEN_RECORD) as u32);
        if m.copy_titled(screen, &[], &SCREEN_SHAPE, 1, &mut buf.raw, &mut buf.titles).nodes != 1
            || m.copy_titled(window, &[], &WINDOW_SHAPE, 1, &mut buf.raw, &mut buf.titles).nodes != 1
        {
            return false;
        }
        buf.push_copied(Copied::Screen { address: screen, at: s });
        buf.push_copied(Copied::Windows { first: window, at: w, n: 1 });
        true
    });
    buf.absorb();
    if found.is_none() || buf.unreadable {
        return Err(WalkError::Unreadable);
    }
    match (found, buf.screens.first(), buf.windows.first()) {
        (Some(true), Some(s), Some(w)) => Ok(window_info(&buf, w, s, &span_bytes(&buf.titles, s.title))),
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
        class: ClassId::default(),
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
/// `s` is [`new_snap`]'s, in place where it is kept: a gadget record is
/// about a hundred bytes, and on the 68k each move of one is a copy.
fn classify_one(w: &mut Walk<'_>, g: &RawGadget, win: &WindowInfo, s: &mut GadgetSnap) {
    classify_roles(w, g, win, s);
    if matches!(s.role, Role::Slider | Role::Scroller) && s.sys.is_none() {
        if let Some(pi) = read_prop_info(w.os, g.special_info) {
            s.knob = crate::prop::knob_box((s.left, s.top, s.width, s.height), &pi);
        }
    }
}

fn classify_roles(w: &mut Walk<'_>, g: &RawGadget, win: &WindowInfo, s: &mut GadgetSnap) {
    let gadtools = is_gadtools(g.gadget_type);
    let system = g.gadget_type & GTYP_SYSGADGET != 0;
    let d = dispatch(g.gadget_type);
    if d == Dispatch::Custom {
        // OCLASS(): only now, after the equality dispatch, is the word
        // before the gadget taken for a class pointer.
        let class_ptr = read_u32(w.os, g.address.wrapping_sub(OCLASS_BEFORE)).unwrap_or(0);
        if class_ptr == 0 || !w.is_real_memory(class_ptr) {
            s.role = Role::Custom; // untrusted: no GetAttr, class and label empty
            return;
        }
        if gadtools && !system {
            aros_gadtools(w, g, win, s);
        } else {
            s.class = w.class_id(class_ptr);
            boopsi(w, g, win, system, s);
        }
        return;
    }
    s.label = label_from_fields(w.os, g);
    if gadtools {
        strip_shortcut_marker(&mut s.label);
    }
    if system {
        s.role = Role::Custom;
        return;
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
            gadgets.push(new_snap(r, &info));
            let g = gadgets.last_mut().expect("just pushed");
            classify_one(&mut w, r, &info, g);
            text = text.saturating_add(gadget_text_bytes(g).unwrap_or(usize::MAX));
            if text > MAX_TEXT {
                gadgets.pop();
                truncated = true; // a string too long, or too much text
                break;
            }
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
    names: Vec<(u32, ClassId)>,
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
    fn class_id(&mut self, class_ptr: u32) -> ClassId {
        if let Some((_, n)) = self.names.iter().find(|(c, _)| *c == class_ptr) {
            return n.clone();
        }
        let os = &mut *self.os;
        let n: ClassId = read_u32(os, class_ptr.wrapping_add(cl_ID as u32))
            .and_then(|p| read_cstr(os, p))
            .unwrap_or_default()
            .into();
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

/// Why [`find_and_walk`] gives no walk.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FindError {
    /// The screen list cannot be read ([`read_screens`]).
    Unreadable,
    /// The finder chose no window (it keeps its reason itself).
    NotFound,
    /// The walk failed: [`WalkError::NotFound`] when the window closed
    /// after it was found.
    Walk(WalkError),
}

/// The finder of [`find_and_walk`]: the address of the window it chooses
/// in a fresh copy of the screen list (it may read the live layers, as
/// `pick::window_under` does), or `None`.
pub type Finder<'a> = &'a mut dyn FnMut(&mut dyn IntuitionOs, &ScreensSnapshot) -> Option<u32>;

/// The one way to find a window now and walk it, for the verbs, the
/// inspector, PICK and the recorder: the screen list copied
/// ([`read_screens`]), `find` choosing the window in that copy, then
/// `walk` ([`walk_window`], [`walk_menu`]), which looks the window up
/// again in the live lists. Returns the copy, which holds the window's
/// screen, and the walk. Inlined: each caller's finder and walk are
/// compiled into it (a shared copy over a `dyn` finder measured larger).
#[inline]
pub fn find_and_walk<T>(
    os: &mut dyn IntuitionOs,
    find: Finder<'_>,
    walk: impl FnOnce(&mut dyn IntuitionOs, &WindowInfo) -> Result<T, WalkError>,
) -> Result<(ScreensSnapshot, T), FindError> {
    let snap = read_screens(os).map_err(|_| FindError::Unreadable)?;
    let info = find(os, &snap).and_then(|a| snap.window(a)).ok_or(FindError::NotFound)?;
    let walked = walk(os, info).map_err(FindError::Walk)?;
    Ok((snap, walked))
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

    /// Windows copied in each hold: reads of a whole `struct Window` (the
    /// fake's pure loops read a window's header in one read of that size).
    fn windows_per_hold(f: &FakeIntuition) -> Vec<usize> {
        f.hold_reads.iter().map(|h| h.iter().filter(|&&n| n == WINDOW_READ_SIZE).count()).collect()
    }

    fn titles(s: &ScreenInfo) -> Vec<Vec<u8>> {
        s.windows.iter().map(|w| w.title.clone().unwrap_or_default()).collect()
    }

    fn numbered(prefix: &[u8], i: usize) -> Vec<u8> {
        let mut t = prefix.to_vec();
        crate::text::push_int(&mut t, i as i64);
        t
    }

    #[test]
    fn hundreds_of_windows_are_copied_in_holds_of_a_batch_each() {
        let mut f = FakeIntuition::new();
        let a = f.add_screen(Some(b"Workbench Screen"), (0, 0, 640, 256));
        let b = f.add_screen(Some(b"Other"), (0, 0, 320, 200));
        for i in 0..300 {
            f.add_window(if i < 200 { a } else { b }, Some(&numbered(b"W", i)), (0, 0, 100, 50));
        }
        let all = read_screens(&mut f).unwrap();
        assert!(!all.truncated);
        assert_eq!(all.screens.len(), 2);
        let want: Vec<Vec<u8>> = (0..300).map(|i| numbered(b"W", i)).collect();
        assert_eq!([titles(&all.screens[0]), titles(&all.screens[1])].concat(), want);
        let per_hold = windows_per_hold(&f);
        assert!(per_hold.iter().all(|&n| n <= LIST_BATCH), "{per_hold:?}");
        // 302 screens and windows, LIST_BATCH to a hold.
        assert_eq!(per_hold.len(), 302usize.div_ceil(LIST_BATCH));
        assert_eq!(per_hold.iter().sum::<usize>(), 300);
    }

    #[test]
    fn a_small_desktop_is_copied_in_one_hold() {
        let mut f = FakeIntuition::new();
        let s = f.add_screen(Some(b"Workbench Screen"), (0, 0, 640, 256));
        for i in 0..LIST_BATCH - 1 {
            f.add_window(s, Some(&numbered(b"W", i)), (0, 0, 100, 50));
        }
        let all = read_screens(&mut f).unwrap();
        assert_eq!(all.screens[0].windows.len(), LIST_BATCH - 1);
        assert_eq!(f.hold_reads.len(), 1);
    }

    #[test]
    fn more_windows_than_the_cap_are_truncated() {
        let mut f = FakeIntuition::new();
        let s = f.add_screen(None, (0, 0, 640, 256));
        for _ in 0..MAX_WINDOWS + 3 {
            f.add_window(s, None, (0, 0, 10, 10));
        }
        let all = read_screens(&mut f).unwrap();
        assert!(all.truncated);
        assert_eq!(all.screens[0].windows.len(), MAX_WINDOWS);
        // Exactly the cap is whole.
        f.close_window(all.screens[0].windows[0].address);
        f.close_window(all.screens[0].windows[1].address);
        f.close_window(all.screens[0].windows[2].address);
        assert!(!read_screens(&mut f).unwrap().truncated);
    }

    /// A desktop of 30 windows on one screen, and `change` run after the
    /// first hold (which copies the screen and windows 0 to
    /// `LIST_BATCH - 2`).
    fn changed_after_first_hold(
        change: impl FnMut(&mut FakeIntuition, &[u32]) + 'static,
    ) -> (ScreensSnapshot, Vec<u32>) {
        let mut f = FakeIntuition::new();
        let s = f.add_screen(Some(b"Workbench Screen"), (0, 0, 640, 256));
        let wins: Vec<u32> = (0..30).map(|i| f.add_window(s, Some(&numbered(b"W", i)), (0, 0, 100, 50))).collect();
        let mut change = change;
        let ws = wins.clone();
        f.between_holds = Some(Box::new(move |f: &mut FakeIntuition, hold: usize| {
            if hold == 1 {
                f.add_screen(None, (0, 0, 1, 1)); // keeps the screen list moving too
                change(f, &ws);
            }
        }));
        let all = read_screens(&mut f).unwrap();
        assert!(!all.truncated);
        (all, wins)
    }

    fn listed(all: &ScreensSnapshot) -> Vec<u32> {
        all.screens[0].windows.iter().map(|w| w.address).collect()
    }

    #[test]
    fn a_window_closed_between_holds_is_not_found_and_the_copy_goes_on() {
        // The last window copied closes: the copy resumes after the one
        // before it, which is still listed.
        let (all, wins) = changed_after_first_hold(|f, w| f.close_window(w[LIST_BATCH - 2]));
        assert_eq!(listed(&all), wins, "copied before it closed: listed");
        // A window not copied yet closes: it is not listed.
        let (all, wins) = changed_after_first_hold(|f, w| f.close_window(w[12]));
        assert_eq!(listed(&all), [&wins[..12], &wins[13..]].concat());
        // Every window of the last batch closes: the screen's list is
        // copied again from its start, and nothing is listed twice.
        let (all, wins) = changed_after_first_hold(|f, w| w[..LIST_BATCH - 1].iter().for_each(|&x| f.close_window(x)));
        assert_eq!(listed(&all), wins);
        // ... and the second screen, opened meanwhile, is taken as well.
        assert_eq!(all.screens.len(), 2);
    }

    #[test]
    fn a_window_opened_between_holds_is_listed_when_it_is_after_the_copy() {
        // Opened where Intuition links it (first): before where the copy
        // goes on, so it is not in this snapshot.
        let (all, wins) = changed_after_first_hold(|f, w| {
            let s = f.peek_u32(w[0] + wd_WScreen as u32);
            f.add_window_first(s, Some(b"new"), (0, 0, 10, 10));
        });
        assert_eq!(listed(&all), wins);
        // Linked after the copy's place: listed.
        let (all, wins) = changed_after_first_hold(|f, w| {
            let s = f.peek_u32(w[0] + wd_WScreen as u32);
            f.add_window(s, Some(b"new"), (0, 0, 10, 10));
        });
        assert_eq!(listed(&all).len(), wins.len() + 1);
        assert_eq!(titles(&all.screens[0]).last().unwrap(), b"new");
    }

    #[test]
    fn a_screen_closed_between_holds_keeps_what_was_copied_and_the_copy_goes_on() {
        let mut f = FakeIntuition::new();
        let a = f.add_screen(Some(b"A"), (0, 0, 640, 256));
        let b = f.add_screen(Some(b"B"), (0, 0, 640, 256));
        for i in 0..20 {
            f.add_window(a, Some(&numbered(b"A", i)), (0, 0, 10, 10));
            f.add_window(b, Some(&numbered(b"B", i)), (0, 0, 10, 10));
        }
        f.between_holds = Some(Box::new(move |f: &mut FakeIntuition, hold: usize| {
            if hold == 1 {
                f.close_screen(a);
            }
        }));
        let all = read_screens(&mut f).unwrap();
        assert_eq!(all.screens.len(), 2);
        assert_eq!(all.screens[0].windows.len(), LIST_BATCH - 1);
        assert_eq!(all.screens[1].windows.len(), 20);
        assert_eq!(all.screens[1].default_title.as_deref(), Some(&b"B"[..]));
    }

    #[test]
    fn windows_closing_at_every_hold_end_the_copy() {
        let mut f = FakeIntuition::new();
        let s = f.add_screen(None, (0, 0, 640, 256));
        let wins: Vec<u32> = (0..100).map(|_| f.add_window(s, None, (0, 0, 10, 10))).collect();
        f.between_holds = Some(Box::new(move |f: &mut FakeIntuition, hold: usize| {
            for &w in wins.iter().skip(hold * 10).take(10) {
                f.close_window(w);
            }
        }));
        let all = read_screens(&mut f).unwrap();
        assert!(all.screens[0].windows.len() <= 100);
        assert!(f.hold_reads.len() <= 20);
    }

    #[test]
    fn titles_that_do_not_fit_are_copied_again_after_room_is_made() {
        let mut f = FakeIntuition::new();
        let s = f.add_screen(Some(b"Workbench Screen"), (0, 0, 640, 256));
        let title = [b'T'; MAX_STRING];
        for _ in 0..20 {
            f.add_window(s, Some(&title), (0, 0, 100, 50));
        }
        let all = read_screens(&mut f).unwrap();
        assert!(!all.truncated);
        assert_eq!(all.screens[0].windows.len(), 20);
        assert!(all.screens[0].windows.iter().all(|w| w.title.as_deref() == Some(&title[..])));
        // More title bytes than LIST_TITLE_BYTES: truncated, not cut.
        for _ in 0..LIST_TITLE_BYTES / MAX_STRING {
            f.add_window(s, Some(&title), (0, 0, 100, 50));
        }
        let all = read_screens(&mut f).unwrap();
        assert!(all.truncated);
        assert!(all.screens[0].windows.iter().all(|w| w.title.as_deref() == Some(&title[..])));
    }

    #[test]
    fn window_in_lists_searches_every_screen() {
        let mut f = FakeIntuition::new();
        let a = f.add_screen(Some(b"Workbench Screen"), (0, 0, 640, 256));
        let b = f.add_screen(None, (0, 0, 320, 200));
        let empty = f.add_screen(None, (0, 0, 320, 200));
        let wins: Vec<u32> =
            (0..6u8).map(|i| f.add_window(if i % 2 == 0 { a } else { b }, Some(b"W"), (0, 0, 9, 9))).collect();
        let head = f.intuition_base().wrapping_add(ib_FirstScreen as u32);
        for (i, &w) in wins.iter().enumerate() {
            assert_eq!(f.list_holding(head, &SCREEN_WINDOWS, w), Some(if i % 2 == 0 { a } else { b }));
        }
        // Screens, 0 and a closed window are in no window list.
        for key in [a, empty, 0] {
            assert_eq!(f.list_holding(head, &SCREEN_WINDOWS, key), None);
        }
        f.close_window(wins[3]);
        assert_eq!(f.list_holding(head, &SCREEN_WINDOWS, wins[3]), None);
        assert_eq!(f.list_holding(head, &SCREEN_WINDOWS, wins[5]), Some(b));
        // Within the caps: the screens after `limit` are not searched, nor
        // the windows after `sub_limit` (the fake lists them in order).
        let one = Nested { limit: 1, ..SCREEN_WINDOWS };
        assert_eq!(f.list_holding(head, &one, wins[5]), None);
        let short = Nested { sub_limit: 1, ..SCREEN_WINDOWS };
        assert_eq!(f.list_holding(head, &short, wins[0]), Some(a));
        assert_eq!(f.list_holding(head, &short, wins[4]), None);
        assert_eq!(f.list_holding(0, &SCREEN_WINDOWS, wins[0]), None);
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
        // One hold, and only the window asked for and its screen are copied.
        f.hold_reads.clear();
        read_window(&mut f, wins[9]).unwrap();
        assert_eq!(f.hold_reads.len(), 1);
        assert_eq!(f.hold_reads[0].iter().filter(|&&n| n == WINDOW_READ_SIZE || n == SCREEN_READ_SIZE).count(), 2);
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
