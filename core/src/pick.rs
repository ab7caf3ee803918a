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
use crate::walk::{IntuitionMemory, IntuitionOs};
use amiga_ndk::gadtools::GADTOOL_TYPE;
use amiga_ndk::graphics::{lr_Window, lr_back};
use amiga_ndk::intuition::*;

/// Most layers followed on one screen.
pub const MAX_LAYERS: usize = 512;

fn be32(b: &[u8; 4]) -> u32 {
    u32::from_be_bytes(*b)
}

/// The windows of `screen` front to back by its layer list (addresses of
/// listed windows only); `None` when the list cannot be read.
pub fn depth_order(os: &mut dyn IntuitionOs, screen: &ScreenInfo) -> Option<Vec<u32>> {
    let listed: Vec<u32> = screen.windows.iter().map(|w| w.address).collect();
    let mut out = Vec::with_capacity(listed.len());
    let addr = screen.address;
    let ok = os.with_ibase_locked(|m: &mut dyn IntuitionMemory| {
        let mut b = [0u8; 4];
        if !m.read(addr.wrapping_add(sc_LayerInfo as u32), &mut b) {
            return false;
        }
        let mut layer = be32(&b);
        let mut n = 0;
        while layer != 0 && n < MAX_LAYERS {
            n += 1;
            if !m.read(layer.wrapping_add(lr_Window as u32), &mut b) {
                return false;
            }
            let w = be32(&b);
            if listed.contains(&w) && !out.contains(&w) && out.len() < out.capacity() {
                out.push(w);
            }
            if !m.read(layer.wrapping_add(lr_back as u32), &mut b) {
                return false;
            }
            layer = be32(&b);
        }
        true
    });
    (ok == Some(true) && !out.is_empty()).then_some(out)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fake::{FakeIntuition, GadgetSpec};
    use crate::walk::read_screens;

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
