//! What is under the pointer (PICK) and which windows are system
//! requesters (WAITFOR REQUESTER), from data the walker can read.
//!
//! # The window under the pointer
//!
//! `Screen->FirstWindow` is not depth order. Depth order is the screen's
//! layer list: `Screen->LayerInfo.top_layer` (graphics/layers.h, the
//! frontmost layer) and each `Layer->back`; `Layer->Window` names the
//! window a layer belongs to (graphics/clip.h). The first layer, front to
//! back, whose window is in the screen's window list and whose window box
//! holds the pointer is the window under it. Layers that belong to no
//! listed window (the screen's title bar layer, backdrop layers of other
//! programs' private use) are skipped. The list is read under
//! `LockIBase()` (reads only, capped); when it cannot be read the window
//! list's own order is used.
//!
//! # System requesters
//!
//! `EasyRequest()`/`AutoRequest()` windows have no title of their own to match:
//! on AmigaOS 3.x the requester takes its parent window's title or "System
//! Request", so a title test would take an application window that shares the
//! title for a requester ("two windows sharing a title do not count",
//! docs/reference/commands.md "WAITFOR"). They are recognised by their shape,
//! which both AmigaOS 3.x (intuition `BuildEasyRequestArgs`/`BuildSysRequest`)
//! and AROS (rom/intuition/buildeasyrequestargs.c: `WFLG_DRAGBAR |
//! WFLG_DEPTHGADGET | WFLG_ACTIVATE | WFLG_RMBTRAP`, `IDCMP_GADGETUP |
//! IDCMP_RAWKEY`, frbuttonclass gadgets) give them:
//! - `WFLG_RMBTRAP`, a drag bar and a depth gadget, no close and no sizing
//!   gadget, no menu strip;
//! - `IDCMP_GADGETUP` in `Window->IDCMPFlags`;
//! - at least one gadget that is not a system gadget, and every such
//!   gadget a button (classic boolean, `buttongclass`/`frbuttonclass`) or
//!   AROS's `propgclass` scroller for long texts; no GadTools gadget.

use alloc::vec::Vec;

use crate::classify::Role;

use crate::snapshot::{GadgetSnap, ScreenInfo, ScreensSnapshot, WindowInfo, WindowSnap};
use crate::walk::{find_and_walk, walk_window, FindError, IntuitionMemory, IntuitionOs};
use amiga_ndk::be::be_u32;
use amiga_ndk::exec::{lh_Head, ln_Succ, mp_MsgList, mp_SigTask, tc_State, TS_RUN, TS_WAIT};
use amiga_ndk::gadtools::GADTOOL_TYPE;
use amiga_ndk::graphics::{lr_Window, lr_back};
use amiga_ndk::intuition::*;

/// Most layers followed on one screen.
pub const MAX_LAYERS: usize = 512;

fn be32(b: &[u8; 4]) -> u32 {
    u32::from_be_bytes(*b)
}

/// Bytes of a `struct Layer` read by [`depth_order`]: up to `lr_Window`
/// (graphics/clip.h).
const LAYER_READ: usize = lr_Window + 4;

/// The windows of `screen` front to back by its layer list (addresses of
/// listed windows only; those of its windows whose layers were not copied
/// follow, behind, in list order); `None` when the list cannot be read.
/// The layers are copied in one native call under one `LockIBase()`: room
/// for two layers per window (a GIMMEZEROZERO window has two) and a few of
/// the screen's own, made before the lock.
pub fn depth_order(os: &mut dyn IntuitionOs, screen: &ScreenInfo) -> Option<Vec<u32>> {
    let listed: Vec<u32> = screen.windows.iter().map(|w| w.address).collect();
    let max = (2 * listed.len() + 8).min(MAX_LAYERS);
    let mut layers: Vec<u8> = Vec::with_capacity(max * LAYER_READ);
    let addr = screen.address;
    let ok = os.with_ibase_locked(|m: &mut dyn IntuitionMemory| {
        let mut b = [0u8; 4];
        if !m.read(addr.wrapping_add(sc_LayerInfo as u32), &mut b) {
            return false;
        }
        m.copy_chain(be32(&b), lr_back, LAYER_READ, max, &mut layers);
        true
    });
    if ok != Some(true) {
        return None;
    }
    let mut out = Vec::with_capacity(listed.len());
    for w in layers.chunks_exact(LAYER_READ).map(|l| be_u32(l, lr_Window)) {
        if listed.contains(&w) && !out.contains(&w) {
            out.push(w);
        }
    }
    if out.is_empty() {
        return None;
    }
    for w in listed {
        if !out.contains(&w) {
            out.push(w);
        }
    }
    Some(out)
}

fn holds(w: &WindowInfo, x: i32, y: i32) -> bool {
    let (l, t) = (i32::from(w.left), i32::from(w.top));
    x >= l && y >= t && x < l + i32::from(w.width) && y < t + i32::from(w.height)
}

/// The screen PICK reads: the first whose `DefaultTitle` contains
/// `pattern`, else the frontmost.
pub fn pick_screen<'a>(snap: &'a ScreensSnapshot, pattern: Option<&[u8]>) -> Option<&'a ScreenInfo> {
    match pattern {
        Some(p) => {
            snap.screens.iter().find(|s| s.default_title.as_deref().is_some_and(|t| crate::locate::contains(t, p)))
        }
        None => snap.screens.first(),
    }
}

/// The window of `screen` under its pointer (`Screen->MouseX/MouseY`,
/// screen-relative), frontmost first.
pub fn window_under(os: &mut dyn IntuitionOs, screen: &ScreenInfo) -> Option<WindowInfo> {
    let (x, y) = (i32::from(screen.mouse_x), i32::from(screen.mouse_y));
    let order = depth_order(os, screen).unwrap_or_else(|| screen.windows.iter().map(|w| w.address).collect());
    order.iter().filter_map(|a| screen.windows.iter().find(|w| w.address == *a)).find(|w| holds(w, x, y)).cloned()
}

/// What is under a screen's pointer ([`under_pointer`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnderPointer {
    /// The screen (`struct Screen *`, identity only).
    pub screen: u32,
    /// The pointer, screen-relative pixels (`MouseX/MouseY`).
    pub x: i32,
    /// See `x`.
    pub y: i32,
    /// The window under it, walked now.
    pub window: WindowSnap,
}

/// Why [`under_pointer`] found nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Miss {
    /// The screen list cannot be read.
    Unreadable,
    /// No screen is open, or none matches the pattern.
    NoScreen,
    /// No window under the pointer at (`x`, `y`), or it closed before
    /// it was walked.
    NoWindow {
        /// The pointer, screen-relative pixels.
        x: i32,
        /// See `x`.
        y: i32,
    },
}

/// The window under the pointer of the screen [`pick_screen`] chooses
/// (`pattern`), found and walked now ([`find_and_walk`]). Inlined: built
/// at its callers' size-first opt-level, not core's speed-first 3.
#[inline]
pub fn under_pointer(os: &mut dyn IntuitionOs, pattern: Option<&[u8]>) -> Result<UnderPointer, Miss> {
    let mut at = None;
    let found = find_and_walk(
        os,
        &mut |os, snap| {
            let s = pick_screen(snap, pattern)?;
            at = Some((s.address, i32::from(s.mouse_x), i32::from(s.mouse_y)));
            window_under(os, s).map(|w| w.address)
        },
        walk_window,
    );
    match (found, at) {
        (Ok((_, window)), Some((screen, x, y))) => Ok(UnderPointer { screen, x, y, window }),
        (Err(FindError::Unreadable), _) => Err(Miss::Unreadable),
        (_, None) => Err(Miss::NoScreen),
        (Err(_), Some((_, x, y))) => Err(Miss::NoWindow { x, y }),
    }
}

/// The gadget of `w` under the screen-relative point: the first in list
/// order whose box holds it (the one Intuition's hit test would take);
/// empty boxes never match.
pub fn gadget_at(w: &WindowSnap, x: i32, y: i32) -> Option<&GadgetSnap> {
    let (rx, ry) = (x - i32::from(w.info.left), y - i32::from(w.info.top));
    w.gadgets.iter().find(|g| {
        g.width > 0 && g.height > 0 && rx >= g.left && ry >= g.top && rx < g.left + g.width && ry < g.top + g.height
    })
}

/// Whether the window's flags allow it to be a system requester (the
/// cheap test before its gadgets are walked).
pub fn requester_shaped(w: &WindowInfo) -> bool {
    let need = WFLG_RMBTRAP | WFLG_DRAGBAR | WFLG_DEPTHGADGET;
    w.flags & need == need && w.flags & (WFLG_CLOSEGADGET | WFLG_SIZEGADGET) == 0 && w.menu_strip == 0
}

/// Whether a walked window is an EasyRequest/AutoRequest window (module
/// docs); `idcmp` is its `Window->IDCMPFlags`.
pub fn is_system_requester(w: &WindowSnap, idcmp: u32) -> bool {
    if !requester_shaped(&w.info) || idcmp & IDCMP_GADGETUP == 0 {
        return false;
    }
    let mut buttons = 0;
    for g in w.gadgets.iter().filter(|g| g.gadget_type & GTYP_SYSGADGET == 0) {
        if g.gadget_type & GADTOOL_TYPE != 0 {
            return false;
        }
        match (g.role, g.class.as_slice()) {
            (Role::Button, _) => buttons += 1,
            (_, b"frbuttonclass") | (_, b"buttongclass") => buttons += 1,
            (_, b"propgclass") => {}
            _ => return false,
        }
    }
    buttons > 0
}

/// `Window->IDCMPFlags` of `window` (0 if unreadable).
pub fn idcmp_flags<M: IntuitionMemory + ?Sized>(m: &mut M, window: u32) -> u32 {
    let mut b = [0u8; 4];
    if m.read(window.wrapping_add(wd_IDCMPFlags as u32), &mut b) {
        be32(&b)
    } else {
        0
    }
}

/// Whether the program of `window` has taken every IDCMP message
/// Intuition sent it and gone back to `Wait()`: its `Window->UserPort`
/// has no message left in `mp_MsgList` and the port's `mp_SigTask` is in
/// `TS_WAIT` (exec/ports.i, exec/tasks.h). A program that reads its port
/// with `GT_GetIMsg()` has then also run GadTools' filter on each message
/// (docs/design/input.md, "A slider's GADGETUP code"). True as well when
/// there is nothing to wait for: no port (no IDCMP), no task to signal,
/// the task is the caller's own (`TS_RUN`: on one CPU only the task making
/// this check runs, and it cannot catch up while it waits), or memory
/// that cannot be read.
pub fn idcmp_taken<M: IntuitionMemory + ?Sized>(m: &mut M, window: u32) -> bool {
    let read32 = |m: &mut M, addr: u32| {
        let mut b = [0u8; 4];
        m.read(addr, &mut b).then(|| be32(&b))
    };
    let Some(port) = read32(m, window.wrapping_add(wd_UserPort as u32)).filter(|&p| p != 0) else { return true };
    let Some(task) = read32(m, port.wrapping_add(mp_SigTask as u32)).filter(|&t| t != 0) else { return true };
    let mut state = [0u8; 1];
    if !m.read(task.wrapping_add(tc_State as u32), &mut state) || state[0] == TS_RUN {
        return true;
    }
    let Some(first) = read32(m, port.wrapping_add((mp_MsgList + lh_Head) as u32)) else { return true };
    // An empty list's lh_Head points at its lh_Tail, whose value is 0.
    let pending = matches!(read32(m, first.wrapping_add(ln_Succ as u32)), Some(n) if n != 0);
    !pending && state[0] == TS_WAIT
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fake::{FakeIntuition, GadgetSpec};
    use crate::walk::read_screens;

    /// A window whose UserPort holds `pending` messages and whose
    /// program's task is in `state`.
    fn port_window(pending: usize, state: u8) -> (FakeIntuition, u32) {
        let mut f = FakeIntuition::new();
        let s = f.add_screen(Some(b"S"), (0, 0, 640, 256));
        let w = f.add_window(s, Some(b"W"), (0, 0, 100, 50));
        let task = f.alloc(92);
        f.write(task + tc_State as u32, &[state]);
        let port = f.alloc(34);
        f.write_u32(port + mp_SigTask as u32, task);
        let list = port + mp_MsgList as u32;
        // Messages chained head to tail, the last one's ln_Succ at lh_Tail.
        let mut next = list + 4;
        for _ in 0..pending {
            let m = f.alloc(20);
            f.write_u32(m, next);
            next = m;
        }
        f.write_u32(list, next);
        f.write_u32(w + wd_UserPort as u32, port);
        (f, w)
    }

    #[test]
    fn idcmp_is_taken_when_the_port_is_empty_and_the_program_waits() {
        let (mut f, w) = port_window(0, TS_WAIT);
        assert!(idcmp_taken(&mut f, w));
    }

    #[test]
    fn idcmp_is_not_taken_while_a_message_waits_or_the_program_is_ready() {
        for n in [1, 2] {
            let (mut f, w) = port_window(n, TS_WAIT);
            assert!(!idcmp_taken(&mut f, w), "{n} pending");
        }
        // Ready: signalled, the messages taken but maybe not filtered yet.
        let (mut f, w) = port_window(0, amiga_ndk::exec::TS_READY);
        assert!(!idcmp_taken(&mut f, w));
    }

    #[test]
    fn the_callers_own_window_is_not_waited_for() {
        // Running: the task making the check, which cannot catch up while it waits.
        let (mut f, w) = port_window(1, TS_RUN);
        assert!(idcmp_taken(&mut f, w));
    }

    #[test]
    fn a_window_without_idcmp_has_nothing_to_wait_for() {
        let mut f = FakeIntuition::new();
        let s = f.add_screen(Some(b"S"), (0, 0, 640, 256));
        let w = f.add_window(s, Some(b"W"), (0, 0, 100, 50));
        assert!(idcmp_taken(&mut f, w));
    }

    fn layer(f: &mut FakeIntuition, window: u32, back: u32) -> u32 {
        let l = f.alloc(64);
        f.write_u32(l + lr_Window as u32, window);
        f.write_u32(l + lr_back as u32, back);
        l
    }

    #[test]
    fn the_frontmost_layer_under_the_pointer_wins() {
        let mut f = FakeIntuition::new();
        let s = f.add_screen(Some(b"Workbench Screen"), (0, 0, 640, 256));
        let a = f.add_window(s, Some(b"Back"), (0, 0, 300, 200));
        let b = f.add_window(s, Some(b"Front"), (100, 50, 300, 100));
        // Front to back: a title-bar layer of no window, b, a.
        let la = layer(&mut f, a, 0);
        let lb = layer(&mut f, b, la);
        let bar = layer(&mut f, 0, lb);
        f.write_u32(s + sc_LayerInfo as u32, bar);
        f.write_u16(s + sc_MouseX as u32, 150);
        f.write_u16(s + sc_MouseY as u32, 60);
        let snap = read_screens(&mut f).unwrap();
        let scr = pick_screen(&snap, None).unwrap();
        assert_eq!((scr.mouse_x, scr.mouse_y), (150, 60));
        assert_eq!(depth_order(&mut f, scr), Some(vec![b, a]));
        assert_eq!(window_under(&mut f, scr).map(|w| w.address), Some(b));
        // Reorder: a in front of b.
        f.write_u32(bar + lr_back as u32, la);
        f.write_u32(la + lr_back as u32, lb);
        f.write_u32(lb + lr_back as u32, 0);
        let snap = read_screens(&mut f).unwrap();
        assert_eq!(window_under(&mut f, &snap.screens[0]).map(|w| w.address), Some(a));
        // Nothing under the pointer.
        f.write_u16(s + sc_MouseX as u32, 600);
        f.write_u16(s + sc_MouseY as u32, 250);
        let snap = read_screens(&mut f).unwrap();
        assert_eq!(window_under(&mut f, &snap.screens[0]), None);
        assert!(pick_screen(&snap, Some(b"Nope")).is_none());
    }

    #[test]
    fn windows_past_the_copied_layers_follow_behind() {
        let mut f = FakeIntuition::new();
        let s = f.add_screen(Some(b"S"), (0, 0, 640, 256));
        let a = f.add_window(s, Some(b"A"), (0, 0, 300, 200));
        let b = f.add_window(s, Some(b"B"), (0, 0, 300, 200));
        // Front to back: b, 20 layers of no window, a: more than the 12
        // copied for two windows.
        let mut back = layer(&mut f, a, 0);
        for _ in 0..20 {
            back = layer(&mut f, 0, back);
        }
        let front = layer(&mut f, b, back);
        f.write_u32(s + sc_LayerInfo as u32, front);
        let snap = read_screens(&mut f).unwrap();
        let listed: Vec<u32> = snap.screens[0].windows.iter().map(|w| w.address).collect();
        assert_eq!(depth_order(&mut f, &snap.screens[0]), Some(vec![b, a]), "listed: {listed:x?}");
    }

    #[test]
    fn without_layers_the_list_order_is_used_and_a_cyclic_list_ends() {
        let mut f = FakeIntuition::new();
        let s = f.add_screen(Some(b"S"), (0, 0, 640, 256));
        let a = f.add_window(s, Some(b"A"), (0, 0, 300, 200));
        f.write_u16(s + sc_MouseX as u32, 5);
        f.write_u16(s + sc_MouseY as u32, 5);
        let snap = read_screens(&mut f).unwrap();
        assert_eq!(window_under(&mut f, &snap.screens[0]).map(|w| w.address), Some(a));
        let l = layer(&mut f, a, 0);
        f.write_u32(l + lr_back as u32, l); // cyclic
        f.write_u32(s + sc_LayerInfo as u32, l);
        assert_eq!(depth_order(&mut f, &snap.screens[0]), Some(vec![a]));
    }

    #[test]
    fn under_pointer_finds_walks_or_says_what_is_missing() {
        let mut f = FakeIntuition::new();
        assert_eq!(under_pointer(&mut f, None), Err(Miss::NoScreen));
        let s = f.add_screen(Some(b"Workbench Screen"), (0, 0, 640, 256));
        let w = f.add_window(s, Some(b"W"), (10, 20, 300, 100));
        let mut g = GadgetSpec::new(GTYP_BOOLGADGET, 20, 30, 80, 14);
        g.id = 7;
        f.add_gadget(w, &g);
        f.write_u16(s + sc_MouseX as u32, 40);
        f.write_u16(s + sc_MouseY as u32, 55);
        let at = under_pointer(&mut f, Some(b"Work")).unwrap();
        assert_eq!((at.screen, at.x, at.y, at.window.info.address), (s, 40, 55, w));
        assert_eq!(gadget_at(&at.window, at.x, at.y).map(|g| g.id), Some(7));
        assert_eq!(under_pointer(&mut f, Some(b"Other")), Err(Miss::NoScreen));
        f.write_u16(s + sc_MouseX as u32, 600);
        assert_eq!(under_pointer(&mut f, None), Err(Miss::NoWindow { x: 600, y: 55 }));
    }

    #[test]
    fn gadget_hit_takes_the_first_box_in_list_order() {
        let mut f = FakeIntuition::new();
        let s = f.add_screen(Some(b"S"), (0, 0, 640, 256));
        let w = f.add_window(s, Some(b"W"), (10, 20, 300, 100));
        let mut g = GadgetSpec::new(GTYP_BOOLGADGET, 20, 30, 80, 14);
        g.id = 1;
        f.add_gadget(w, &g);
        g.id = 2;
        f.add_gadget(w, &g);
        let snap = f.walk(w).unwrap();
        assert_eq!(gadget_at(&snap, 30, 50).map(|g| g.id), Some(1));
        assert_eq!(gadget_at(&snap, 29, 49), None);
    }

    #[test]
    fn requesters_are_known_by_shape_not_title() {
        let mut f = FakeIntuition::new();
        let s = f.add_screen(Some(b"S"), (0, 0, 640, 256));
        // An application window and its EasyRequest share the title.
        let app = f.add_window(s, Some(b"Editor"), (0, 0, 300, 200));
        let req = f.add_window(s, Some(b"Editor"), (50, 50, 200, 80));
        let shape = WFLG_RMBTRAP | WFLG_DRAGBAR | WFLG_DEPTHGADGET | 0x1000; // | ACTIVATE
        f.write_u32(req + wd_Flags as u32, shape);
        f.write_u32(req + wd_IDCMPFlags as u32, IDCMP_GADGETUP | 0x400);
        let mut ok = GadgetSpec::new(GTYP_BOOLGADGET, 10, 50, 60, 14);
        ok.id = 1;
        f.add_gadget(req, &ok);
        let mut depth = GadgetSpec::new(GTYP_SYSGADGET | GTYP_WDEPTH, 170, 0, 20, 11);
        depth.id = 0;
        f.add_gadget(req, &depth);
        f.write_u32(app + wd_Flags as u32, WFLG_DRAGBAR | WFLG_DEPTHGADGET | WFLG_CLOSEGADGET);
        f.write_u32(app + wd_IDCMPFlags as u32, IDCMP_GADGETUP);
        f.add_gadget(app, &ok);
        let r = f.walk(req).unwrap();
        let a = f.walk(app).unwrap();
        assert!(is_system_requester(&r, idcmp_flags(&mut f, req)));
        assert!(!is_system_requester(&a, idcmp_flags(&mut f, app)));
        // No GADGETUP, or a string gadget: not a requester.
        assert!(!is_system_requester(&r, 0));
        let mut st = GadgetSpec::new(GTYP_STRGADGET, 10, 30, 60, 14);
        st.special_info = f.string_info(b"x");
        f.add_gadget(req, &st);
        let r = f.walk(req).unwrap();
        assert!(!is_system_requester(&r, IDCMP_GADGETUP));
    }
}
