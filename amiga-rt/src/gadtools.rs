//! gadtools.library (NDK libraries/gadtools.h): visual info, gadget lists
//! built with `CreateContext`/`CreateGadgetA`, menus from `struct NewMenu`
//! arrays, and the GadTools IDCMP calls. RAII owners free what they
//! created (`FreeVisualInfo`, `FreeGadgets`, `FreeMenus`).
//!
//! GadTools keeps pointers to the caller's strings, label arrays and
//! lists (it does not copy them): everything passed in must outlive the
//! gadgets and menus. The builders here take `'static` strings and keep
//! label arrays and lists in their owners.
#![allow(non_upper_case_globals)]

use crate::be::{Be16, Be32};
use crate::intuition::{cstr, IntuiMsg};
use crate::library::{Library, LibraryError};
use crate::tags::Tags;
use crate::{mem, sys};
use alloc::boxed::Box;
use alloc::vec::Vec;
use amiga_ndk::gadtools::*;
use amiga_ndk::intuition::{mi_Flags, mi_SIZEOF, CHECKED};
use core::ffi::CStr;

/// `struct NewGadget` (30 bytes). Position and size are pixels relative
/// to the window's top-left corner (borders included: add
/// `Window->BorderLeft/BorderTop` for the interior).
#[repr(C, packed(2))]
#[derive(Default, Clone, Copy)]
pub struct NewGadget {
    pub ng_left_edge: Be16,
    pub ng_top_edge: Be16,
    pub ng_width: Be16,
    pub ng_height: Be16,
    /// Absolute address of the label (NUL-terminated), or 0.
    pub ng_gadget_text: Be32,
    /// `struct TextAttr *` of the label font (e.g. the screen's).
    pub ng_text_attr: Be32,
    pub ng_gadget_id: Be16,
    /// `PLACETEXT_*` | `NG_HIGHLABEL`.
    pub ng_flags: Be32,
    /// From `GetVisualInfoA`.
    pub ng_visual_info: Be32,
    pub ng_user_data: Be32,
}

const _: () = assert!(core::mem::size_of::<NewGadget>() == 30);

impl NewGadget {
    /// A `NewGadget` at `(left, top, width, height)` (pixels from the
    /// window's top-left corner, borders included) with label `text` (an
    /// absolute address or 0), label font `font` (`struct TextAttr *`),
    /// `ng_GadgetID` `id`, `PLACETEXT_*` `flags` and visual info `vi`.
    pub fn new(rect: (i32, i32, i32, i32), text: u32, font: u32, id: u16, flags: u32, vi: u32) -> NewGadget {
        let (left, top, width, height) = rect;
        NewGadget {
            ng_left_edge: Be16::new(left as u16),
            ng_top_edge: Be16::new(top as u16),
            ng_width: Be16::new(width as u16),
            ng_height: Be16::new(height as u16),
            ng_gadget_text: Be32::new(text),
            ng_text_attr: Be32::new(font),
            ng_gadget_id: Be16::new(id),
            ng_flags: Be32::new(flags),
            ng_visual_info: Be32::new(vi),
            ng_user_data: Be32::new(0),
        }
    }
}

/// `struct NewMenu` (20 bytes).
#[repr(C, packed(2))]
#[derive(Default, Clone, Copy)]
pub struct NewMenu {
    pub nm_type: u8,
    pub nm_pad: u8,
    /// Absolute address of the text, or [`NM_BARLABEL`].
    pub nm_label: Be32,
    /// Absolute address of the one-character shortcut string, or 0.
    pub nm_comm_key: Be32,
    pub nm_flags: Be16,
    pub nm_mutual_exclude: Be32,
    pub nm_user_data: Be32,
}

const _: () = assert!(core::mem::size_of::<NewMenu>() == 20);

/// One menu entry as a program describes it (built into `NewMenu`s by
/// [`Menus::create`]).
#[derive(Clone, Copy, Debug)]
pub struct MenuEntry {
    /// `NM_TITLE`, `NM_ITEM` or `NM_SUB`.
    pub kind: u8,
    /// `None` = `NM_BARLABEL`.
    pub label: Option<&'static CStr>,
    /// One-character Amiga-key shortcut.
    pub key: Option<&'static CStr>,
    /// `nm_Flags`.
    pub flags: u16,
}

/// gadtools.library, V39 or newer (AROS's ROM has 41).
pub struct GadTools {
    lib: Library,
}

impl GadTools {
    /// Opens gadtools.library 39.
    pub fn open() -> Result<GadTools, LibraryError> {
        Ok(GadTools { lib: Library::open("gadtools.library", 39)? })
    }

    fn base(&self) -> u32 {
        self.lib.base()
    }

    /// `GetVisualInfoA(screen, NULL)`; freed on drop (keep the screen
    /// locked or open while it lives).
    pub fn visual_info(&self, screen: u32) -> Option<VisualInfo<'_>> {
        // SAFETY: screen is held by the caller; NULL tag list.
        let vi = unsafe { sys::gadtools_GetVisualInfoA(self.base(), screen, core::ptr::null()) };
        (vi != 0).then_some(VisualInfo { gt: self, vi })
    }

    /// `CreateContext(&glist)`: an empty gadget list to create gadgets into.
    pub fn context(&self) -> Option<GadgetList<'_>> {
        let mut head = Box::new(Be32::new(0));
        // SAFETY: head is a writable ULONG in linear memory (the glue
        // translates the pointer); it stays boxed while the list lives.
        let ctx = unsafe { sys::gadtools_CreateContext(self.base(), &mut *head as *mut Be32 as *mut u8) };
        (ctx != 0).then_some(GadgetList { gt: self, head, last: ctx, keep: Vec::new() })
    }

    /// `CreateMenusA(newmenus, NULL)` then `LayoutMenusA(menu, vi,
    /// GTMN_NewLookMenus TRUE)`; freed on drop (clear it from every window
    /// first: declare it before the window).
    pub fn create_menus(&self, entries: &[MenuEntry], vi: &VisualInfo<'_>) -> Option<Menus<'_>> {
        let at: Vec<(u8, u32, u32, u16, u32)> =
            entries.iter().map(|e| (e.kind, e.label.map_or(0, cstr), e.key.map_or(0, cstr), e.flags, 0)).collect();
        self.create_menus_at(&at, vi)
    }

    /// `CreateMenusA` + `LayoutMenusA` from entries whose texts are
    /// absolute addresses (e.g. strings of an open locale catalog, or
    /// [`OwnedStrings`]); 0 for a label is `NM_BARLABEL` on items, and
    /// `user_data` lands in each item's `GTMENUITEM_USERDATA`.
    pub fn create_menus_at(&self, entries: &[(u8, u32, u32, u16, u32)], vi: &VisualInfo<'_>) -> Option<Menus<'_>> {
        let mut nm: Vec<NewMenu> = entries
            .iter()
            .map(|&(kind, label, key, flags, user)| NewMenu {
                nm_type: kind,
                nm_label: Be32::new(if label == 0 { NM_BARLABEL } else { label }),
                nm_comm_key: Be32::new(key),
                nm_flags: Be16::new(flags),
                nm_user_data: Be32::new(user),
                ..Default::default()
            })
            .collect();
        nm.push(NewMenu { nm_type: NM_END, ..Default::default() });
        // SAFETY: nm is NM_END-terminated; its strings outlive the menus (caller).
        let menu = unsafe { sys::gadtools_CreateMenusA(self.base(), nm.as_ptr() as *const u8, core::ptr::null()) };
        if menu == 0 {
            return None;
        }
        let menus = Menus { gt: self, menu };
        let t = Tags::new().tag(GTMN_NewLookMenus, 1).done();
        // SAFETY: menu from CreateMenusA, vi alive, t terminated.
        let ok = unsafe { sys::gadtools_LayoutMenusA(self.base(), menu, vi.addr(), t.as_ptr() as *const u8) } != 0;
        ok.then_some(menus)
    }

    /// `GT_SetGadgetAttrsA(gadget, window, NULL, tags)` (window may be 0
    /// while the gadget is not in one). Memory the tags point to must
    /// live as long as GadTools keeps it (lists, GTTX_Text).
    pub fn set_attrs(&self, gadget: u32, window: u32, tags: &Tags) {
        let t = tags.done();
        // SAFETY: t is terminated and alive during the call; gadget is a
        // GadTools gadget of `window` (or of no window when 0).
        unsafe { sys::gadtools_GT_SetGadgetAttrsA(self.base(), gadget, window, 0, t.as_ptr() as *const u8) }
    }

    /// `GT_GetIMsg(port)`: the next message, copied out, and the handle to
    /// reply it with ([`GadTools::reply`]); `None` when the port is empty.
    pub fn get_imsg(&self, port: u32) -> Option<(u32, IntuiMsg)> {
        // SAFETY: port is a window's UserPort the caller owns.
        let m = unsafe { sys::gadtools_GT_GetIMsg(self.base(), port) };
        if m == 0 {
            return None;
        }
        match IntuiMsg::read(m) {
            Some(msg) => Some((m, msg)),
            None => {
                self.reply(m);
                None
            }
        }
    }

    /// `GT_ReplyIMsg(msg)` for a message from [`GadTools::get_imsg`].
    pub fn reply(&self, msg: u32) {
        // SAFETY: msg came from GT_GetIMsg and is replied once.
        unsafe { sys::gadtools_GT_ReplyIMsg(self.base(), msg) }
    }

    /// `GT_RefreshWindow(window, NULL)`: draws GadTools' own imagery
    /// after the gadgets were added.
    pub fn refresh_window(&self, window: u32) {
        // SAFETY: window is open.
        unsafe { sys::gadtools_GT_RefreshWindow(self.base(), window, 0) }
    }

    /// `GT_BeginRefresh(window)` + `GT_EndRefresh(window, TRUE)`: the answer
    /// to IDCMP_REFRESHWINDOW.
    pub fn begin_end_refresh(&self, window: u32) {
        // SAFETY: window is open; the pair is balanced.
        unsafe {
            sys::gadtools_GT_BeginRefresh(self.base(), window);
            sys::gadtools_GT_EndRefresh(self.base(), window, 1);
        }
    }

    /// The answer to IDCMP_REFRESHWINDOW for a window that draws its own
    /// contents: `GT_BeginRefresh(window)`, `draw` (which redraws; only
    /// the damaged parts reach the screen), `GT_EndRefresh(window, TRUE)`.
    pub fn refresh_with(&self, window: u32, draw: impl FnOnce()) {
        // SAFETY: window is open; the pair is balanced around draw.
        unsafe { sys::gadtools_GT_BeginRefresh(self.base(), window) };
        draw();
        // SAFETY: as above.
        unsafe { sys::gadtools_GT_EndRefresh(self.base(), window, 1) };
    }

    /// `DrawBevelBoxA(rp, left, top, width, height, GT_VisualInfo vi
    /// [, GTBB_Recessed TRUE])`: GadTools' 3D box, raised (a button) or
    /// recessed (a text field), in the screen's shine and shadow pens;
    /// the box's pixels, window coordinates.
    pub fn draw_bevel_box(
        &self,
        rp: &crate::graphics::RastPort<'_>,
        rect: (i32, i32, i32, i32),
        vi: &VisualInfo<'_>,
        recessed: bool,
    ) {
        use amiga_ndk::gadtools::{GTBB_Recessed, GT_VisualInfo};
        let t = Tags::new().tag(GT_VisualInfo, vi.addr()).tag_if(recessed, GTBB_Recessed, 1).done();
        let (l, t_, w, h) = rect;
        // SAFETY: the RastPort is an open window's (borrowed), vi is alive,
        // the tag list is terminated and lives through the call.
        unsafe { sys::gadtools_DrawBevelBoxA(self.base(), rp.addr(), l, t_, w, h, t.as_ptr() as *const u8) }
    }

    /// `GT_GetGadgetAttrsA(gadget, window, NULL, tag, &value)` (V39): the
    /// value of one attribute, `None` when the gadget does not process it.
    pub fn get_attr(&self, gadget: u32, window: u32, tag: u32) -> Option<u32> {
        let store = Box::new(Be32::new(0));
        let t = Tags::new().tag(tag, mem::abs(&*store as *const Be32)).done();
        // SAFETY: t is terminated; its data points at `store`, alive here.
        let n = unsafe { sys::gadtools_GT_GetGadgetAttrsA(self.base(), gadget, window, 0, t.as_ptr() as *const u8) };
        (n == 1).then(|| store.get())
    }
}

/// A `VisualInfo` (`FreeVisualInfo` on drop).
pub struct VisualInfo<'a> {
    gt: &'a GadTools,
    vi: u32,
}

impl VisualInfo<'_> {
    /// The `APTR` for `ng_VisualInfo` / `LayoutMenusA`.
    pub fn addr(&self) -> u32 {
        self.vi
    }
}

impl Drop for VisualInfo<'_> {
    fn drop(&mut self) {
        // SAFETY: from GetVisualInfoA, freed once.
        unsafe { sys::gadtools_FreeVisualInfo(self.gt.base(), self.vi) }
    }
}

/// A GadTools gadget list (`FreeGadgets` on drop). Label arrays and lists
/// handed to its gadgets are kept here until then.
pub struct GadgetList<'a> {
    gt: &'a GadTools,
    head: Box<Be32>,
    last: u32,
    keep: Vec<Keep>,
}

/// Memory GadTools points into, kept alive with the gadgets.
enum Keep {
    Labels(#[allow(dead_code)] Vec<Be32>),
    List(#[allow(dead_code)] LabelList),
}

impl GadgetList<'_> {
    /// The first gadget (GadTools' context gadget), for `AddGList`.
    pub fn first(&self) -> u32 {
        self.head.get()
    }

    /// `CreateGadgetA(kind, previous, ng, tags)`: the new gadget's address.
    /// On failure GadTools creates nothing more (later calls also fail);
    /// `None` here.
    pub fn create(&mut self, kind: u32, ng: &NewGadget, tags: &Tags) -> Option<u32> {
        let t = tags.done();
        // SAFETY: ng and t are alive during the call; their pointers are
        // absolute addresses of memory that outlives the gadgets.
        let g = unsafe {
            sys::gadtools_CreateGadgetA(
                self.gt.base(),
                kind,
                self.last,
                ng as *const NewGadget as *const u8,
                t.as_ptr() as *const u8,
            )
        };
        if g == 0 {
            return None;
        }
        self.last = g;
        Some(g)
    }

    /// A NULL-terminated `STRPTR` array (GTCY_Labels, GTMX_Labels) kept
    /// with this list; its absolute address.
    pub fn labels(&mut self, items: &[&'static CStr]) -> u32 {
        let mut v: Vec<Be32> = items.iter().map(|s| Be32::new(cstr(s))).collect();
        v.push(Be32::new(0));
        let a = mem::abs(v.as_ptr());
        self.keep.push(Keep::Labels(v));
        a
    }

    /// An exec `struct List` of nodes named `items` (GTLV_Labels) kept
    /// with this list; its absolute address.
    pub fn list(&mut self, items: &[&'static CStr]) -> u32 {
        let l = LabelList::new(items);
        let a = l.addr();
        self.keep.push(Keep::List(l));
        a
    }
}

impl Drop for GadgetList<'_> {
    fn drop(&mut self) {
        // SAFETY: the list came from CreateContext/CreateGadgetA and has
        // been removed from any window (the window dropped first).
        unsafe { sys::gadtools_FreeGadgets(self.gt.base(), self.head.get()) }
    }
}

/// exec/lists.h `struct List` (14 bytes) followed by its nodes
/// (`struct Node`, 14 bytes each), all in one boxed block so that the
/// absolute links stay valid.
pub struct LabelList {
    block: Box<[Be16]>,
}

impl LabelList {
    /// A list whose nodes are named `items`, in order.
    pub fn new(items: &[&'static CStr]) -> LabelList {
        let names: Vec<u32> = items.iter().map(|s| cstr(s)).collect();
        LabelList::at(&names)
    }

    /// A list whose nodes are named by the absolute addresses `names`
    /// (the strings must outlive the list).
    pub fn at(names: &[u32]) -> LabelList {
        use amiga_ndk::exec::{lh_Head, lh_Tail, lh_TailPred, ln_Name, ln_Pred, ln_Succ, LH_SIZE, LN_SIZE};
        let n = names.len();
        // The List, then a Node per name, as 16-bit words.
        let block: Box<[Be16]> = alloc::vec![Be16::new(0); (LH_SIZE + LN_SIZE * n) / 2].into_boxed_slice();
        let mut l = LabelList { block };
        let base = mem::abs(l.block.as_ptr());
        let node_at = |i: usize| LH_SIZE + LN_SIZE * i;
        let node = |i: usize| base + node_at(i) as u32;
        let tail = base + lh_Tail as u32;
        // The ULONG at byte `at` of the block.
        let mut put32 = |at: usize, v: u32| {
            l.block[at / 2] = Be16::new((v >> 16) as u16);
            l.block[at / 2 + 1] = Be16::new(v as u16);
        };
        put32(lh_Head, if n == 0 { tail } else { node(0) });
        put32(lh_Tail, 0);
        put32(lh_TailPred, if n == 0 { base } else { node(n - 1) });
        for (i, &name) in names.iter().enumerate() {
            let at = node_at(i);
            put32(at + ln_Succ, if i + 1 == n { tail } else { node(i + 1) });
            put32(at + ln_Pred, if i == 0 { base } else { node(i - 1) });
            put32(at + ln_Name, name);
        }
        l
    }

    /// The `struct List *`.
    pub fn addr(&self) -> u32 {
        mem::abs(self.block.as_ptr())
    }
}

/// A menu strip from `CreateMenusA` (`FreeMenus` on drop).
pub struct Menus<'a> {
    gt: &'a GadTools,
    menu: u32,
}

impl Menus<'_> {
    /// The first `struct Menu *`, for `SetMenuStrip` / `ItemAddress`.
    pub fn addr(&self) -> u32 {
        self.menu
    }
}

impl Drop for Menus<'_> {
    fn drop(&mut self) {
        // SAFETY: from CreateMenusA, cleared from its window, freed once.
        unsafe { sys::gadtools_FreeMenus(self.gt.base(), self.menu) }
    }
}

/// The items one IDCMP_MENUPICK selected (the `NextSelect` chain from
/// `code`, at most 16): each item's `GTMENUITEM_USERDATA` (the long after
/// the 34-byte `struct MenuItem`, libraries/gadtools.h) and whether its
/// `CHECKED` flag is set after the pick (`MenuItem->Flags` at 12,
/// intuition/intuition.h).
pub fn picked_items(intuition: &crate::intuition::Intuition, strip: u32, code: u16) -> Vec<(u32, bool)> {
    let mut out = Vec::new();
    let mut code = code;
    while code != amiga_ndk::intuition::MENUNULL && out.len() < 16 {
        let item = intuition.item_address(strip, code);
        if item == 0 {
            break;
        }
        out.push((mem::peek32(item + mi_SIZEOF as u32), mem::peek16(item + mi_Flags as u32) & CHECKED != 0));
        code = crate::intuition::next_select(item);
    }
    out
}

/// NUL-terminated copies of byte strings at stable addresses (each in its
/// own heap block), for texts GadTools and Intuition keep by pointer.
#[derive(Default)]
pub struct OwnedStrings {
    items: Vec<Box<[u8]>>,
}

impl OwnedStrings {
    /// An empty set.
    pub fn new() -> OwnedStrings {
        OwnedStrings { items: Vec::new() }
    }

    /// Keeps a NUL-terminated copy of `text` (a NUL inside ends it) and
    /// returns its absolute address.
    pub fn add(&mut self, text: &[u8]) -> u32 {
        let end = text.iter().position(|&b| b == 0).unwrap_or(text.len());
        let mut b = Vec::with_capacity(end + 1);
        b.extend_from_slice(&text[..end]);
        b.push(0);
        let b = b.into_boxed_slice();
        let a = mem::abs(b.as_ptr());
        self.items.push(b);
        a
    }
}

/// An exec `struct List` of nodes whose names are owned copies of
/// `items` (GTLV_Labels with texts built at run time).
pub struct OwnedLabelList {
    list: LabelList,
    #[allow(dead_code)]
    strings: OwnedStrings,
}

impl OwnedLabelList {
    /// A list of `items`, in order.
    pub fn new(items: &[Vec<u8>]) -> OwnedLabelList {
        let mut strings = OwnedStrings::new();
        let names: Vec<u32> = items.iter().map(|t| strings.add(t)).collect();
        OwnedLabelList { list: LabelList::at(&names), strings }
    }

    /// The `struct List *`.
    pub fn addr(&self) -> u32 {
        self.list.addr()
    }
}
