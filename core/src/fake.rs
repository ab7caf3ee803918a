//! A fake Intuition for host tests: a byte-addressed big-endian memory in
//! which a small builder lays out `IntuitionBase`, screens, windows,
//! gadgets, BOOPSI objects with their `_Object` header and class, and menu
//! strips at the NDK offsets, plus scripted `GetAttr` / GadTools answers
//! and a log of every OS call.
//!
//! It implements [`IntuitionOs`], so the tests run the same walker the
//! Amiga runs, through the same list and string copies above the memory
//! primitives (it keeps the primitives' pure defaults, which the codegen
//! canary checks against the Amiga's native loops). Addresses start at
//! [`FakeIntuition::BASE`]; everything the builder allocates is readable
//! and "real memory" unless marked otherwise. `Forbid()` is modelled as a
//! nesting count, and a call that "waits" (the scripted closes and
//! removals below) moves [`IntuitionOs::task_switches`].

#![warn(missing_docs)]

use alloc::boxed::Box;
use alloc::collections::BTreeMap;
use alloc::vec::Vec;

use crate::snapshot::{ClassId, WindowSnap};
use crate::walk::{read_window, walk_window, IntuitionMemory, IntuitionOs, WalkError};
use amiga_ndk::intuition::*;

/// One OS call the walker made, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Call {
    /// `LockIBase(0)`.
    Lock,
    /// `UnlockIBase()`.
    Unlock,
    /// `TypeOfMem(addr)`.
    IsRealMemory(u32),
    /// `GetAttr(attr, object)`: (object, attr).
    GetAttr(u32, u32),
    /// `GT_GetGadgetAttrsA(gadget, ...)` for one tag: (gadget, tag).
    GtGetAttr(u32, u32),
    /// `Forbid()`: other tasks stopped ([`IntuitionOs::forbid`]).
    Freeze,
    /// `Permit()`.
    Thaw,
}

/// Geometry and fields of a `struct Gadget` to lay out.
#[derive(Clone, Copy, Debug, Default)]
pub struct GadgetSpec {
    /// `LeftEdge`, pixels (or offset with GFLG_RELRIGHT).
    pub left: i16,
    /// `TopEdge`, pixels (or offset with GFLG_RELBOTTOM).
    pub top: i16,
    /// `Width`, pixels (or delta with GFLG_RELWIDTH).
    pub width: i16,
    /// `Height`, pixels (or delta with GFLG_RELHEIGHT).
    pub height: i16,
    /// `Flags` (GFLG_*).
    pub flags: u16,
    /// `Activation` (GACT_*).
    pub activation: u16,
    /// `GadgetType` (GTYP_*, GADTOOL_TYPE).
    pub gadget_type: u16,
    /// `GadgetText` (IntuiText, string or Image address; 0 for NULL).
    pub gadget_text: u32,
    /// `SpecialInfo` (StringInfo / PropInfo address; 0 for NULL).
    pub special_info: u32,
    /// `GadgetID`.
    pub id: u16,
}

impl GadgetSpec {
    /// A spec with this type and box (pixels).
    pub fn new(gadget_type: u16, left: i16, top: i16, width: i16, height: i16) -> Self {
        GadgetSpec { left, top, width, height, gadget_type, ..Default::default() }
    }
}

/// A change of the lists between two holds ([`FakeIntuition::between_holds`]):
/// called with the fake and the number of holds so far.
pub type BetweenHolds = Box<dyn FnMut(&mut FakeIntuition, usize)>;

/// The fake OS (see module doc).
pub struct FakeIntuition {
    mem: Vec<u8>,
    ibase: u32,
    not_real: Vec<(u32, u32)>,
    unreadable: Vec<(u32, u32)>,
    attrs: BTreeMap<(u32, u32), u32>,
    gt_attrs: BTreeMap<(u32, u32), u32>,
    locked: bool,
    frozen: u32,
    /// Every OS call, in order.
    pub log: Vec<Call>,
    /// When set, the window is unlinked (closed) at the first `GetAttr`,
    /// as if the class had waited and another task had closed it meanwhile.
    pub close_on_get_attr: Option<u32>,
    /// When set, (window, gadget): the gadget is taken out of the window's
    /// list at the first `GetAttr`, as if the class had waited and its
    /// program had removed it meanwhile.
    pub remove_on_get_attr: Option<(u32, u32)>,
    /// When set, the first `GetAttr` waits without anything changing.
    pub wait_on_get_attr: bool,
    /// `ExecBase->DispCount`: moves when a call "waited" (above).
    pub switches: u32,
    /// Called after each `UnlockIBase()` with the number of holds so far,
    /// to change the lists between two holds as another task could.
    pub between_holds: Option<BetweenHolds>,
    /// The size of every memory read, per `LockIBase()` hold.
    pub hold_reads: Vec<Vec<usize>>,
}

impl Default for FakeIntuition {
    fn default() -> Self {
        Self::new()
    }
}

impl FakeIntuition {
    /// First address of the fake memory.
    pub const BASE: u32 = 0x0001_0000;

    /// An empty system: an `IntuitionBase` with no screens.
    pub fn new() -> Self {
        let mut f = FakeIntuition {
            mem: Vec::new(),
            ibase: 0,
            not_real: Vec::new(),
            unreadable: Vec::new(),
            attrs: BTreeMap::new(),
            gt_attrs: BTreeMap::new(),
            locked: false,
            frozen: 0,
            log: Vec::new(),
            close_on_get_attr: None,
            remove_on_get_attr: None,
            wait_on_get_attr: false,
            switches: 0,
            between_holds: None,
            hold_reads: Vec::new(),
        };
        f.ibase = f.alloc(80);
        f
    }

    /// Address of the fake `IntuitionBase`.
    pub fn ibase(&self) -> u32 {
        self.ibase
    }

    /// Allocate `size` zeroed bytes, 4-byte aligned; returns the address.
    pub fn alloc(&mut self, size: usize) -> u32 {
        while self.mem.len() & 3 != 0 {
            self.mem.push(0);
        }
        let at = Self::BASE + self.mem.len() as u32;
        self.mem.resize(self.mem.len() + size, 0);
        at
    }

    /// Allocate and fill with `bytes`.
    pub fn alloc_bytes(&mut self, bytes: &[u8]) -> u32 {
        let at = self.alloc(bytes.len());
        self.write(at, bytes);
        at
    }

    /// A NUL-terminated Latin-1 string.
    pub fn cstr(&mut self, s: &[u8]) -> u32 {
        let at = self.alloc(s.len() + 1);
        self.write(at, s);
        at
    }

    /// An optional string: 0 for `None`.
    pub fn opt_cstr(&mut self, s: Option<&[u8]>) -> u32 {
        s.map_or(0, |s| self.cstr(s))
    }

    /// A `struct IntuiText` whose IText is `text` (NULL for `None`).
    pub fn intuitext(&mut self, text: Option<&[u8]>) -> u32 {
        let t = self.opt_cstr(text);
        let it = self.alloc(20);
        self.write_u32(it + it_IText as u32, t);
        it
    }

    /// A `struct StringInfo` whose Buffer holds `text`.
    pub fn string_info(&mut self, text: &[u8]) -> u32 {
        let b = self.cstr(text);
        let si = self.alloc(36);
        self.write_u32(si + si_Buffer as u32, b);
        si
    }

    /// Write raw bytes at `addr` (must be allocated).
    pub fn write(&mut self, addr: u32, bytes: &[u8]) {
        let o = (addr - Self::BASE) as usize;
        self.mem[o..o + bytes.len()].copy_from_slice(bytes);
    }

    /// Write a big-endian UWORD.
    pub fn write_u16(&mut self, addr: u32, v: u16) {
        self.write(addr, &v.to_be_bytes());
    }

    /// Write a big-endian ULONG / APTR.
    pub fn write_u32(&mut self, addr: u32, v: u32) {
        self.write(addr, &v.to_be_bytes());
    }

    /// Read a big-endian ULONG (test helper; panics outside memory).
    pub fn peek_u32(&self, addr: u32) -> u32 {
        let o = (addr - Self::BASE) as usize;
        u32::from_be_bytes([self.mem[o], self.mem[o + 1], self.mem[o + 2], self.mem[o + 3]])
    }

    /// Make `[addr, addr+len)` unreadable.
    pub fn mark_unreadable(&mut self, addr: u32, len: u32) {
        self.unreadable.push((addr, addr + len));
    }

    /// Make `[addr, addr+len)` readable but not "real memory" (TypeOfMem 0).
    pub fn mark_not_real(&mut self, addr: u32, len: u32) {
        self.not_real.push((addr, addr + len));
    }

    /// Follow the NEXT pointer at `next_off` from the pointer stored at
    /// `head` to the last link; returns the address of the NULL slot.
    fn tail_slot(&self, head: u32, next_off: u32) -> u32 {
        let mut slot = head;
        let mut guard = 0;
        while self.peek_u32(slot) != 0 && guard < 100_000 {
            slot = self.peek_u32(slot) + next_off;
            guard += 1;
        }
        slot
    }

    /// Add a screen at the back of the list; `(left, top, width, height)` in pixels.
    pub fn add_screen(&mut self, default_title: Option<&[u8]>, geo: (i16, i16, i16, i16)) -> u32 {
        let t = self.opt_cstr(default_title);
        // Room up to and past `LayerInfo` (offset 224) for layer lists.
        let s = self.alloc(256);
        self.write_u16(s + sc_LeftEdge as u32, geo.0 as u16);
        self.write_u16(s + sc_TopEdge as u32, geo.1 as u16);
        self.write_u16(s + sc_Width as u32, geo.2 as u16);
        self.write_u16(s + sc_Height as u32, geo.3 as u16);
        self.write_u32(s + sc_DefaultTitle as u32, t);
        let slot = self.tail_slot(self.ibase + ib_FirstScreen as u32, sc_NextScreen as u32);
        self.write_u32(slot, s);
        s
    }

    /// Add a window at the back of `screen`'s list; geometry in pixels.
    pub fn add_window(&mut self, screen: u32, title: Option<&[u8]>, geo: (i16, i16, i16, i16)) -> u32 {
        let t = self.opt_cstr(title);
        let w = self.alloc(136);
        self.write_u16(w + wd_LeftEdge as u32, geo.0 as u16);
        self.write_u16(w + wd_TopEdge as u32, geo.1 as u16);
        self.write_u16(w + wd_Width as u32, geo.2 as u16);
        self.write_u16(w + wd_Height as u32, geo.3 as u16);
        self.write_u32(w + wd_Title as u32, t);
        self.write_u32(w + wd_WScreen as u32, screen);
        let slot = self.tail_slot(screen + sc_FirstWindow as u32, wd_NextWindow as u32);
        self.write_u32(slot, w);
        w
    }

    /// Add a window at the front of `screen`'s list, where Intuition's
    /// `OpenWindow()` links a new one; geometry in pixels.
    pub fn add_window_first(&mut self, screen: u32, title: Option<&[u8]>, geo: (i16, i16, i16, i16)) -> u32 {
        let slot = screen + sc_FirstWindow as u32;
        let old = self.peek_u32(slot);
        self.write_u32(slot, 0);
        let w = self.add_window(screen, title, geo);
        self.write_u32(w + wd_NextWindow as u32, old);
        w
    }

    /// Unlink `screen` from the screen list (as CloseScreen would).
    pub fn close_screen(&mut self, screen: u32) {
        let mut slot = self.ibase + ib_FirstScreen as u32;
        while self.peek_u32(slot) != 0 {
            if self.peek_u32(slot) == screen {
                let next = self.peek_u32(screen + sc_NextScreen as u32);
                self.write_u32(slot, next);
                return;
            }
            slot = self.peek_u32(slot) + sc_NextScreen as u32;
        }
    }

    /// Make `window` the active one (`IntuitionBase->ActiveWindow`).
    pub fn set_active(&mut self, window: u32) {
        self.write_u32(self.ibase + ib_ActiveWindow as u32, window);
    }

    /// Unlink `window` from its screen's list (as CloseWindow would).
    pub fn close_window(&mut self, window: u32) {
        let mut scr = self.peek_u32(self.ibase + ib_FirstScreen as u32);
        while scr != 0 {
            let mut slot = scr + sc_FirstWindow as u32;
            while self.peek_u32(slot) != 0 {
                if self.peek_u32(slot) == window {
                    let next = self.peek_u32(window + wd_NextWindow as u32);
                    self.write_u32(slot, next);
                    return;
                }
                slot = self.peek_u32(slot) + wd_NextWindow as u32;
            }
            scr = self.peek_u32(scr + sc_NextScreen as u32);
        }
    }

    /// Take `gadget` out of `window`'s gadget list (`RemoveGList()` of one).
    pub fn unlink_gadget(&mut self, window: u32, gadget: u32) {
        let mut slot = window + wd_FirstGadget as u32;
        while self.peek_u32(slot) != 0 {
            if self.peek_u32(slot) == gadget {
                let next = self.peek_u32(gadget + gg_NextGadget as u32);
                self.write_u32(slot, next);
                return;
            }
            slot = self.peek_u32(slot) + gg_NextGadget as u32;
        }
    }

    fn fill_gadget(&mut self, g: u32, spec: &GadgetSpec) {
        self.write_u16(g + gg_LeftEdge as u32, spec.left as u16);
        self.write_u16(g + gg_TopEdge as u32, spec.top as u16);
        self.write_u16(g + gg_Width as u32, spec.width as u16);
        self.write_u16(g + gg_Height as u32, spec.height as u16);
        self.write_u16(g + gg_Flags as u32, spec.flags);
        self.write_u16(g + gg_Activation as u32, spec.activation);
        self.write_u16(g + gg_GadgetType as u32, spec.gadget_type);
        self.write_u32(g + gg_GadgetText as u32, spec.gadget_text);
        self.write_u32(g + gg_SpecialInfo as u32, spec.special_info);
        self.write_u16(g + gg_GadgetID as u32, spec.id);
    }

    fn link_gadget(&mut self, window: u32, g: u32) {
        let slot = self.tail_slot(window + wd_FirstGadget as u32, gg_NextGadget as u32);
        self.write_u32(slot, g);
    }

    /// Append a classic (non-BOOPSI) gadget to `window`'s list.
    pub fn add_gadget(&mut self, window: u32, spec: &GadgetSpec) -> u32 {
        let g = self.alloc(gg_SIZEOF);
        self.fill_gadget(g, spec);
        self.link_gadget(window, g);
        g
    }

    /// A BOOPSI class (`struct IClass`) whose cl_ID is `name` (NULL for `None`).
    pub fn make_class(&mut self, name: Option<&[u8]>) -> u32 {
        let n = self.opt_cstr(name);
        let c = self.alloc(48);
        self.write_u32(c + cl_ID as u32, n);
        c
    }

    /// Append a gadget preceded by an `_Object` header whose o_Class is
    /// `class` (any value, for bogus-pointer tests).
    pub fn add_object(&mut self, window: u32, class: u32, spec: &GadgetSpec) -> u32 {
        let header = self.alloc(12 + gg_SIZEOF);
        let g = header + 12;
        self.write_u32(g - OCLASS_BEFORE, class);
        self.fill_gadget(g, spec);
        self.link_gadget(window, g);
        g
    }

    /// Script `GetAttr(attr, object)` to process and answer `value`.
    pub fn set_attr(&mut self, object: u32, attr: u32, value: u32) {
        self.attrs.insert((object, attr), value);
    }

    /// Script the GadTools probe of `tag` on `gadget` to process and answer `value`.
    pub fn set_gt_attr(&mut self, gadget: u32, tag: u32, value: u32) {
        self.gt_attrs.insert((gadget, tag), value);
    }

    /// Append a menu (`Flags` as given) to `window`'s strip.
    pub fn add_menu(&mut self, window: u32, title: Option<&[u8]>, flags: u16) -> u32 {
        let t = self.opt_cstr(title);
        let m = self.alloc(mu_SIZEOF);
        self.write_u16(m + mu_Flags as u32, flags);
        self.write_u32(m + mu_MenuName as u32, t);
        let slot = self.tail_slot(window + wd_MenuStrip as u32, mu_NextMenu as u32);
        self.write_u32(slot, m);
        m
    }

    fn make_item(&mut self, text: Option<&[u8]>, flags: u16, command: u8) -> u32 {
        let fill = if flags & ITEMTEXT != 0 { self.intuitext(text) } else { self.alloc(20) };
        let i = self.alloc(mi_SIZEOF);
        self.write_u16(i + mi_Flags as u32, flags);
        self.write_u32(i + mi_ItemFill as u32, fill);
        self.write(i + mi_Command as u32, &[command]);
        i
    }

    /// Append an item to `menu` (`ItemFill` is an IntuiText with ITEMTEXT,
    /// else a dummy Image).
    pub fn add_item(&mut self, menu: u32, text: Option<&[u8]>, flags: u16, command: u8) -> u32 {
        let i = self.make_item(text, flags, command);
        let slot = self.tail_slot(menu + mu_FirstItem as u32, mi_NextItem as u32);
        self.write_u32(slot, i);
        i
    }

    /// Append a subitem to `item`.
    pub fn add_subitem(&mut self, item: u32, text: Option<&[u8]>, flags: u16, command: u8) -> u32 {
        let i = self.make_item(text, flags, command);
        let slot = self.tail_slot(item + mi_SubItem as u32, mi_NextItem as u32);
        self.write_u32(slot, i);
        i
    }

    /// The header of the window at `window` ([`read_window`]), then its
    /// walk ([`walk_window`]): what a test that holds an address wants.
    pub fn walk(&mut self, window: u32) -> Result<WindowSnap, WalkError> {
        let info = read_window(self, window)?;
        walk_window(self, &info)
    }

    /// `GetAttr` calls made on `object`.
    pub fn get_attr_calls_on(&self, object: u32) -> usize {
        self.log.iter().filter(|c| matches!(c, Call::GetAttr(o, _) | Call::GtGetAttr(o, _) if *o == object)).count()
    }

    fn in_ranges(r: &[(u32, u32)], a: u32) -> bool {
        r.iter().any(|&(s, e)| a >= s && a < e)
    }
}

/// A window header as a snapshot holds it, for tests that build
/// snapshots by hand: the title, its screen's title, the box (pixels),
/// the borders of a Workbench window (4, 11, 4, 2), nothing else set.
pub fn window_info(
    address: u32,
    screen: u32,
    title: Option<&[u8]>,
    screen_title: &[u8],
    geo: (i16, i16, i16, i16),
) -> crate::snapshot::WindowInfo {
    crate::snapshot::WindowInfo {
        address,
        screen,
        title: title.map(|t| t.to_vec()),
        screen_title: Some(screen_title.to_vec()),
        left: geo.0,
        top: geo.1,
        width: geo.2,
        height: geo.3,
        border_left: 4,
        border_top: 11,
        border_right: 4,
        border_bottom: 2,
        ..Default::default()
    }
}

/// A walked gadget as a snapshot holds it, for tests that build
/// snapshots by hand: a GadTools BOOL gadget with this GA_ID, role, label
/// and box (window-relative pixels), nothing else set.
pub fn gadget_snap(
    address: u32,
    id: u32,
    role: crate::classify::Role,
    label: &[u8],
    geo: (i32, i32, i32, i32),
) -> crate::snapshot::GadgetSnap {
    crate::snapshot::GadgetSnap {
        address,
        id,
        role,
        class: ClassId::default(),
        label: label.to_vec(),
        value: None,
        left: geo.0,
        top: geo.1,
        width: geo.2,
        height: geo.3,
        flags: 0,
        gadget_type: GTYP_BOOLGADGET | amiga_ndk::gadtools::GADTOOL_TYPE,
        sys: None,
        level: None,
        knob: None,
        gt_kind: None,
    }
}

impl IntuitionMemory for FakeIntuition {
    fn read(&mut self, addr: u32, buf: &mut [u8]) -> bool {
        let Some(off) = addr.checked_sub(Self::BASE) else {
            return false;
        };
        let (off, len) = (off as usize, buf.len());
        match off.checked_add(len) {
            Some(end) if end <= self.mem.len() => {}
            _ => return false,
        }
        if (0..len as u32).any(|i| Self::in_ranges(&self.unreadable, addr + i)) {
            return false;
        }
        if self.locked {
            if let Some(h) = self.hold_reads.last_mut() {
                h.push(len);
            }
        }
        buf.copy_from_slice(&self.mem[off..off + len]);
        true
    }
}

impl IntuitionOs for FakeIntuition {
    fn intuition_base(&mut self) -> u32 {
        self.ibase
    }

    fn locked(&mut self, f: &mut dyn FnMut(&mut dyn IntuitionMemory)) {
        assert!(!self.locked, "LockIBase nested");
        self.log.push(Call::Lock);
        self.locked = true;
        self.hold_reads.push(Vec::new());
        f(self);
        self.locked = false;
        self.log.push(Call::Unlock);
        if let Some(mut change) = self.between_holds.take() {
            change(self, self.hold_reads.len());
            self.between_holds.get_or_insert(change);
        }
    }

    fn is_real_memory(&mut self, addr: u32) -> bool {
        assert!(!self.locked, "TypeOfMem under LockIBase");
        self.log.push(Call::IsRealMemory(addr));
        let inside = addr >= Self::BASE && ((addr - Self::BASE) as usize) < self.mem.len();
        inside && !Self::in_ranges(&self.not_real, addr)
    }

    fn get_attr(&mut self, object: u32, attr: u32) -> Option<u32> {
        assert!(!self.locked, "GetAttr under LockIBase");
        assert!(self.frozen > 0, "GetAttr while other tasks run");
        self.log.push(Call::GetAttr(object, attr));
        if let Some(w) = self.close_on_get_attr.take() {
            self.close_window(w);
            self.switches += 1;
        }
        if let Some((w, g)) = self.remove_on_get_attr.take() {
            self.unlink_gadget(w, g);
            self.switches += 1;
        }
        if core::mem::take(&mut self.wait_on_get_attr) {
            self.switches += 1;
        }
        self.attrs.get(&(object, attr)).copied()
    }

    fn gt_get_attr(&mut self, gadget: u32, _window: u32, tag: u32) -> Option<u32> {
        assert!(!self.locked, "GT_GetGadgetAttrsA under LockIBase");
        assert!(self.frozen > 0, "GT_GetGadgetAttrsA while other tasks run");
        self.log.push(Call::GtGetAttr(gadget, tag));
        self.gt_attrs.get(&(gadget, tag)).copied()
    }

    fn forbid(&mut self) {
        assert!(!self.locked, "Forbid under LockIBase");
        self.log.push(Call::Freeze);
        self.frozen += 1;
    }

    fn permit(&mut self) {
        assert!(self.frozen > 0, "Permit without Forbid");
        self.frozen -= 1;
        self.log.push(Call::Thaw);
    }

    fn task_switches(&mut self) -> u32 {
        self.switches
    }
}
