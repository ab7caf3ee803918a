//! Owned snapshots of Intuition's screens, windows, gadgets and menu strips.
//!
//! Everything is copied out of OS memory; the only addresses kept are
//! opaque `u32` identities (`address` fields) used to re-resolve an object
//! in a later walk. They are never dereferenced by Rust.
//!
//! Text is Latin-1 bytes (`Vec<u8>`), exactly as Intuition holds it; `None`
//! stands for a NULL (or unreadable) string pointer.

#![warn(missing_docs)]

use alloc::rc::Rc;
use alloc::vec::Vec;
use core::fmt;
use core::ops::Deref;

use crate::classify::{Role, SysGadget};
use amiga_ndk::intuition::{
    GFLG_RELBOTTOM, GFLG_RELHEIGHT, GFLG_RELRIGHT, GFLG_RELWIDTH, GTYP_GZZGADGET, WFLG_GIMMEZEROZERO,
};

/// A BOOPSI class ID (`IClass->cl_ID`, intuition/classes.h), Latin-1, as a
/// gadget's snapshot holds it: one copy per class, shared by every gadget
/// of that class in a walk (a clone counts a reference, it does not
/// allocate: on the Amiga an allocation and its free cost about as much
/// as classifying a gadget), and empty without any allocation. Reads as
/// the bytes (`Deref<Target = [u8]>`).
#[derive(Clone, Default, PartialEq, Eq)]
pub struct ClassId(Option<Rc<[u8]>>);

impl ClassId {
    /// The bytes of the ID (empty for none).
    pub fn as_slice(&self) -> &[u8] {
        self.0.as_deref().unwrap_or(&[])
    }
}

impl Deref for ClassId {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        self.as_slice()
    }
}

impl From<&[u8]> for ClassId {
    fn from(id: &[u8]) -> Self {
        ClassId((!id.is_empty()).then(|| Rc::from(id)))
    }
}

impl<const N: usize> From<&[u8; N]> for ClassId {
    fn from(id: &[u8; N]) -> Self {
        ClassId::from(&id[..])
    }
}

impl From<Vec<u8>> for ClassId {
    fn from(id: Vec<u8>) -> Self {
        ClassId((!id.is_empty()).then(|| Rc::from(id)))
    }
}

impl PartialEq<[u8]> for ClassId {
    fn eq(&self, other: &[u8]) -> bool {
        self.as_slice() == other
    }
}

impl PartialEq<&[u8]> for ClassId {
    fn eq(&self, other: &&[u8]) -> bool {
        self.as_slice() == *other
    }
}

impl<const N: usize> PartialEq<&[u8; N]> for ClassId {
    fn eq(&self, other: &&[u8; N]) -> bool {
        self.as_slice() == &other[..]
    }
}

/// As the bytes (`b"buttongclass"`), like the `Vec<u8>` fields beside it.
impl fmt::Debug for ClassId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.as_slice().fmt(f)
    }
}

/// One screen from `IntuitionBase->FirstScreen` (intuition/screens.h).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ScreenInfo {
    /// Address of the `struct Screen` (identity only).
    pub address: u32,
    /// `Screen->DefaultTitle`, Latin-1; `None` for NULL.
    pub default_title: Option<Vec<u8>>,
    /// `Screen->LeftEdge`, pixels, display-relative.
    pub left: i16,
    /// `Screen->TopEdge`, pixels, display-relative.
    pub top: i16,
    /// `Screen->Width`, pixels.
    pub width: i16,
    /// `Screen->Height`, pixels.
    pub height: i16,
    /// `Screen->MouseX`: the pointer, screen-relative (intuition/screens.h).
    pub mouse_x: i16,
    /// `Screen->MouseY`: the pointer, screen-relative.
    pub mouse_y: i16,
    /// `Screen->BarHeight`: the title bar spans lines 0…BarHeight.
    pub bar_height: i16,
    /// `Screen->BarHBorder`: the left border menu `LeftEdge`s are relative to.
    pub bar_hborder: i16,
    /// `Screen->MenuHBorder` (V36+): the item box's side border.
    pub menu_hborder: i16,
    /// `Screen->MenuVBorder` (V36+): the item box's top/bottom border.
    pub menu_vborder: i16,
    /// True for the first screen of the list (IntuitionBase->FirstScreen is
    /// the frontmost screen, intuition/intuitionbase.h).
    pub frontmost: bool,
    /// The screen's windows in `Screen->FirstWindow` order.
    pub windows: Vec<WindowInfo>,
}

/// The header fields of one window (intuition/intuition.h, struct Window).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WindowInfo {
    /// Address of the `struct Window` (identity only).
    pub address: u32,
    /// Address of the screen it was found on (identity only).
    pub screen: u32,
    /// `Window->Title`, Latin-1; `None` for NULL (printed `(untitled)`).
    pub title: Option<Vec<u8>>,
    /// `DefaultTitle` of the window's screen; `None` for NULL.
    pub screen_title: Option<Vec<u8>>,
    /// `Window->LeftEdge`, pixels, screen-relative.
    pub left: i16,
    /// `Window->TopEdge`, pixels, screen-relative.
    pub top: i16,
    /// `Window->Width`, pixels, borders included.
    pub width: i16,
    /// `Window->Height`, pixels, borders included.
    pub height: i16,
    /// `Window->Flags` (WFLG_*).
    pub flags: u32,
    /// `Window->BorderLeft`, pixels.
    pub border_left: i8,
    /// `Window->BorderTop`, pixels.
    pub border_top: i8,
    /// `Window->BorderRight`, pixels.
    pub border_right: i8,
    /// `Window->BorderBottom`, pixels.
    pub border_bottom: i8,
    /// `Window->GZZWidth`, pixels (inner width of a GIMMEZEROZERO window).
    pub gzz_width: i16,
    /// `Window->GZZHeight`, pixels (inner height of a GIMMEZEROZERO window).
    pub gzz_height: i16,
    /// `Window->FirstGadget` at list-read time (identity only).
    pub first_gadget: u32,
    /// `Window->MenuStrip` at list-read time (identity only).
    pub menu_strip: u32,
    /// `Window->FirstRequest` at list-read time: non-zero while a
    /// requester is up in the window (identity only).
    pub first_request: u32,
}

impl WindowInfo {
    /// The window's box: screen-relative pixels, borders included.
    pub fn rect(&self) -> amiga_ndk::Rect {
        amiga_ndk::Rect::new(self.left.into(), self.top.into(), self.width.into(), self.height.into())
    }
}

/// All screens and their windows, read in short `LockIBase()` holds
/// (`walk::read_screens` says what the snapshot guarantees).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ScreensSnapshot {
    /// Screens front to back.
    pub screens: Vec<ScreenInfo>,
    /// `IntuitionBase->ActiveWindow` (identity only; 0 when none).
    pub active_window: u32,
    /// True if a list was cut short: a cap was reached (cyclic or garbage
    /// list) or the copy buffer was full. The snapshot holds what was read.
    pub truncated: bool,
}

impl ScreensSnapshot {
    /// The window with this address, if it is in the snapshot.
    pub fn window(&self, address: u32) -> Option<&WindowInfo> {
        self.windows().find(|w| w.address == address)
    }

    /// The screen with this address, if it is in the snapshot.
    pub fn screen(&self, address: u32) -> Option<&ScreenInfo> {
        self.screens.iter().find(|s| s.address == address)
    }

    /// Every window of every screen, screens front to back.
    pub fn windows(&self) -> impl Iterator<Item = &WindowInfo> {
        self.screens.iter().flat_map(|s| s.windows.iter())
    }
}

/// One gadget of a window, classified (see `classify` for the rules).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GadgetSnap {
    /// Address of the `struct Gadget` / BOOPSI object (identity only).
    pub address: u32,
    /// `GA_ID` (BOOPSI, via GetAttr) or `Gadget->GadgetID`.
    pub id: u32,
    /// Role from the classification rules.
    pub role: Role,
    /// BOOPSI class ID (`cl_ID`) of a trusted BOOPSI object; empty for
    /// classic and GadTools gadgets and for untrusted class pointers.
    pub class: ClassId,
    /// Label text, Latin-1, GadTools `_` marker removed; empty when none or
    /// when the label is an Image.
    pub label: Vec<u8>,
    /// Current text of string/integer gadgets, when readable.
    pub value: Option<Vec<u8>>,
    /// Left edge, pixels, window-relative, borders included, REL flags resolved.
    pub left: i32,
    /// Top edge, pixels, window-relative, borders included, REL flags resolved.
    pub top: i32,
    /// Width, pixels, REL flags resolved.
    pub width: i32,
    /// Height, pixels, REL flags resolved.
    pub height: i32,
    /// `Gadget->Flags` (GFLG_*), for `state=`.
    pub flags: u16,
    /// `Gadget->GadgetType` as read.
    pub gadget_type: u16,
    /// System-gadget kind when `GTYP_SYSGADGET` is set.
    pub sys: Option<SysGadget>,
    /// GadTools kind (libraries/gadtools.h `*_KIND`, or AROS's private
    /// `AROS_ARROW_KIND`) when the walk can tell it: on AROS what the
    /// object answers for `GTA_ChildGadgetKind`; on AmigaOS 3.x only what
    /// a GadTools probe proves (CHECKBOX, INTEGER, STRING, SLIDER), since
    /// GadTools keeps the kind in private memory (`classify::gadtools_kind_of`).
    /// Not printed by TREE.
    pub gt_kind: Option<u32>,
    /// Slider level or checkbox state (0/1), when readable.
    pub level: Option<i32>,
    /// The knob of a proportional gadget (slider, scroller) as `(left,
    /// top, width, height)`, window-relative like the box, from its
    /// `PropInfo` (`prop::knob_box`); not printed by TREE.
    pub knob: Option<(i32, i32, i32, i32)>,
}

impl GadgetSnap {
    /// The gadget's box: window-relative pixels, borders included (as the
    /// walker resolved it).
    pub fn rect(&self) -> amiga_ndk::Rect {
        amiga_ndk::Rect::new(self.left, self.top, self.width, self.height)
    }
    /// `GFLG_SELECTED` is set.
    pub fn selected(&self) -> bool {
        self.flags & amiga_ndk::intuition::GFLG_SELECTED != 0
    }

    /// `GFLG_DISABLED` is set.
    pub fn disabled(&self) -> bool {
        self.flags & amiga_ndk::intuition::GFLG_DISABLED != 0
    }
}

/// A window with its gadgets in `Window->FirstGadget` order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WindowSnap {
    /// The window's header fields.
    pub info: WindowInfo,
    /// Gadgets in list order, system gadgets included.
    pub gadgets: Vec<GadgetSnap>,
    /// True if the gadget list was cut short (cap reached: cyclic or
    /// garbage list; or an unreadable `struct Gadget`).
    pub truncated: bool,
}

/// A menu item or subitem (intuition/intuition.h, struct MenuItem).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MenuItemSnap {
    /// Item text (`ItemFill` IntuiText when `ITEMTEXT`); `None` for graphic
    /// items, bars and NULL text (printed `text=""`).
    pub text: Option<Vec<u8>>,
    /// `Command` byte when `COMMSEQ` is set and the byte is not 0.
    pub shortcut: Option<u8>,
    /// `CHECKIT` flag.
    pub checkit: bool,
    /// `CHECKED` flag.
    pub checked: bool,
    /// `ITEMENABLED` flag.
    pub enabled: bool,
    /// `LeftEdge`, `TopEdge`, `Width`, `Height` of the select box (relative
    /// to the menu's item box, or for a subitem to its item's box).
    pub geometry: (i16, i16, i16, i16),
    /// Subitems (`SubItem` chain); always empty for a subitem.
    pub subitems: Vec<MenuItemSnap>,
}

/// A menu of a strip (intuition/intuition.h, struct Menu).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MenuSnap {
    /// `MenuName`, Latin-1; `None` for NULL.
    pub title: Option<Vec<u8>>,
    /// `MENUENABLED` flag.
    pub enabled: bool,
    /// `LeftEdge` and `Width` of the title's select box (relative to the
    /// screen's `BarHBorder`).
    pub left: i16,
    /// `Menu->Width`.
    pub width: i16,
    /// Items in `FirstItem` order.
    pub items: Vec<MenuItemSnap>,
}

/// A window's menu strip (`Window->MenuStrip`), with the window header.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MenuStripSnap {
    /// The window's header fields.
    pub info: WindowInfo,
    /// Menus in `NextMenu` order; empty when the window has no strip.
    pub menus: Vec<MenuSnap>,
    /// True if a chain was cut short (cap reached or unreadable).
    pub truncated: bool,
}

/// Resolve a gadget's geometry to window-relative pixels, borders included.
///
/// `raw` is (LeftEdge, TopEdge, Width, Height) as stored (or from
/// `GA_Left/Top/Width/Height`). With `GFLG_RELRIGHT` / `GFLG_RELBOTTOM` the
/// edge is an offset from the domain's width / height; with `GFLG_RELWIDTH`
/// / `GFLG_RELHEIGHT` the size is added to the domain's width / height
/// (intuition/intuition.h; the arithmetic Intuition's hit testing uses in
/// AROS, and the numbers AmiPilot 1.1 prints). The domain is the window
/// (Width x Height at 0,0), except for a non-`GTYP_GZZGADGET` gadget in a
/// `WFLG_GIMMEZEROZERO` window, which lives in the inner layer: domain
/// GZZWidth x GZZHeight at (BorderLeft, BorderTop), RKRM Libraries ch. 5.
pub fn resolve_geometry(
    raw: (i32, i32, i32, i32),
    flags: u16,
    gadget_type: u16,
    window: &WindowInfo,
) -> (i32, i32, i32, i32) {
    let inner = window.flags & WFLG_GIMMEZEROZERO != 0 && gadget_type & GTYP_GZZGADGET == 0;
    let (ox, oy, dw, dh) = if inner {
        (
            i32::from(window.border_left),
            i32::from(window.border_top),
            i32::from(window.gzz_width),
            i32::from(window.gzz_height),
        )
    } else {
        (0, 0, i32::from(window.width), i32::from(window.height))
    };
    let (mut l, mut t, mut w, mut h) = raw;
    if flags & GFLG_RELRIGHT != 0 {
        l = l.wrapping_add(dw);
    }
    if flags & GFLG_RELBOTTOM != 0 {
        t = t.wrapping_add(dh);
    }
    if flags & GFLG_RELWIDTH != 0 {
        w = w.wrapping_add(dw);
    }
    if flags & GFLG_RELHEIGHT != 0 {
        h = h.wrapping_add(dh);
    }
    (l.wrapping_add(ox), t.wrapping_add(oy), w, h)
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::format;

    #[test]
    fn a_class_id_is_its_bytes_whichever_way_it_was_made() {
        let from_vec = ClassId::from(b"buttongclass".to_vec());
        let from_slice = ClassId::from(&b"buttongclass"[..]);
        assert_eq!(from_vec, from_slice);
        let bytes: &[u8] = b"buttongclass";
        assert!(from_vec == bytes && from_vec == *bytes && from_vec == b"buttongclass" && from_vec != b"buttongclas");
        assert_eq!(format!("{from_vec:?}"), format!("{:?}", b"buttongclass".to_vec()), "Debug as a Vec<u8>");
        // Empty: no allocation, and equal to no class at all.
        let empty = ClassId::from(&b""[..]);
        assert!(empty.0.is_none() && empty == ClassId::default() && empty.is_empty() && empty == b"");
        assert_eq!(format!("{empty:?}"), "[]");
    }

    #[test]
    fn a_clone_shares_the_bytes() {
        let a = ClassId::from(&b"slider.gadget"[..]);
        let b = a.clone();
        assert_eq!(a.as_ptr(), b.as_ptr(), "one copy per class");
        assert_eq!(b, ClassId::from(&b"slider.gadget"[..]));
    }
}
