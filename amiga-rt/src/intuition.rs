//! intuition.library for programs that open their own GUI (the test
//! fixtures today): screens, windows, BOOPSI objects, gadget lists, menus
//! and IntuiMessages, each an RAII owner whose `Drop` gives the resource
//! back, so that free memory after a program equals free memory before.
//!
//! Addresses of OS-owned structures are `u32` (absolute); structures
//! Rust builds for the OS live in linear memory with big-endian fields
//! (`be`) and absolute inner pointers (`mem::abs`). Offsets are from the
//! NDK 3.x includes (intuition/intuition.h, intuition/screens.h,
//! exec/ports.h) and are the same on AROS m68k.
#![allow(non_upper_case_globals)]

use crate::be::{Be16, Be32};
use crate::library::{Library, LibraryError};
use crate::tags::Tags;
use crate::{mem, sys};
use alloc::boxed::Box;
use alloc::vec::Vec;
use amiga_ndk::exec::mp_SigBit;
use amiga_ndk::graphics::ta_YSize;
use amiga_ndk::intuition::*;
use core::ffi::CStr;

/// The absolute address of a `'static` C string (e.g. `c"Connect"`), for
/// tag data and structure fields the OS reads while the program runs.
pub fn cstr(s: &'static CStr) -> u32 {
    mem::abs(s.as_ptr())
}

/// intuition.library, V39 or newer (AROS's ROM has 50).
pub struct Intuition {
    lib: Library,
}

impl Intuition {
    /// Opens intuition.library 39.
    pub fn open() -> Result<Intuition, LibraryError> {
        Ok(Intuition { lib: Library::open("intuition.library", 39)? })
    }

    /// The library base (for `sys` calls of other modules).
    pub fn base(&self) -> u32 {
        self.lib.base()
    }

    /// `WindowToFront(window)` (intuition/intuition.h; no activation):
    /// `window` must be open, one this program owns (through a
    /// [`Window`] or a window.class object) or another program's found
    /// in a walk just before, as the engine's actor does before it clicks.
    pub fn window_to_front(&self, window: u32) {
        // SAFETY: plain library call on an open window (the caller's
        // precondition above); Intuition defers the depth change.
        unsafe { sys::intuition_WindowToFront(self.base(), window) }
    }

    /// `ChangeWindowBox(window, left, top, width, height)` (V36) of a
    /// window this program owns through an object (window.class's
    /// `WINDOW_Window`); a [`Window`] has [`Window::change_box`].
    pub fn change_window_box(&self, window: u32, left: i32, top: i32, width: i32, height: i32) {
        // SAFETY: plain library call on the caller's own open window (the
        // precondition above).
        unsafe { sys::intuition_ChangeWindowBox(self.base(), window, left, top, width, height) };
    }

    /// `LockPubScreen(NULL)`: the default public screen (normally
    /// Workbench), unlocked when the returned lock is dropped.
    pub fn lock_default_pub_screen(&self) -> Option<PubScreenLock<'_>> {
        // SAFETY: NULL name = the default public screen.
        let scr = unsafe { sys::intuition_LockPubScreen(self.base(), core::ptr::null()) };
        (scr != 0).then_some(PubScreenLock { intuition: self, screen: scr })
    }

    /// `OpenScreenTagList(NULL, tags)`; closed on drop.
    pub fn open_screen(&self, tags: &Tags) -> Option<Screen<'_>> {
        let t = tags.done();
        // SAFETY: t is a TAG_DONE-terminated list; its pointer data are
        // absolute addresses that outlive the call.
        let scr = unsafe { sys::intuition_OpenScreenTagList(self.base(), 0, t.as_ptr() as *const u8) };
        (scr != 0).then_some(Screen { intuition: self, screen: scr })
    }

    /// `OpenWindowTagList(NULL, tags)`; closed on drop (after its menu
    /// strip is cleared and the gadgets added with [`Window::add_gadgets`]
    /// are removed).
    pub fn open_window(&self, tags: &Tags) -> Option<Window<'_>> {
        let t = tags.done();
        // SAFETY: as open_screen.
        let w = unsafe { sys::intuition_OpenWindowTagList(self.base(), 0, t.as_ptr() as *const u8) };
        (w != 0).then_some(Window { intuition: self, window: w, added: Vec::new(), menu: false })
    }

    /// `NewObjectA(NULL, class_id, tags)` for a public class by name
    /// (`"buttongclass"`, `"frameiclass"`, ...); disposed on drop.
    pub fn new_object(&self, class_id: &'static CStr, tags: &Tags) -> Option<Object<'_>> {
        let t = tags.done();
        // SAFETY: class_id is NUL-terminated in linear memory; t as above.
        let o = unsafe {
            sys::intuition_NewObjectA(self.base(), 0, class_id.as_ptr() as *const u8, t.as_ptr() as *const u8)
        };
        (o != 0).then_some(Object { intuition: self, object: o })
    }

    /// `NewObjectA(class, NULL, tags)` for a class by pointer (a ReAction
    /// class's `*_GetClass()`, [`crate::library::Library::get_class`]);
    /// `None` when the class fails to create it.
    pub fn new_object_of_class(&self, class: u32, tags: &Tags) -> Option<Object<'_>> {
        let t = tags.done();
        // SAFETY: class is a live class pointer from an open class
        // library; the class ID is NULL; t as above.
        let o = unsafe { sys::intuition_NewObjectA(self.base(), class, core::ptr::null(), t.as_ptr() as *const u8) };
        (o != 0).then_some(Object { intuition: self, object: o })
    }

    /// `SetGadgetAttrsA(gadget, window, NULL, tags)`: sets attributes of a
    /// gadget object in the open `window` (so that it redraws); the
    /// class's return value (non-zero: something to refresh).
    pub fn set_gadget_attrs(&self, gadget: u32, window: u32, tags: &Tags) -> u32 {
        let t = tags.done();
        // SAFETY: gadget is a live BOOPSI gadget the caller owns, window
        // the window it is in; t is TAG_DONE-terminated and outlives the call.
        unsafe { sys::intuition_SetGadgetAttrsA(self.base(), gadget, window, 0, t.as_ptr() as *const u8) }
    }

    /// `RefreshGList(gadget, window, NULL, count)`: redraws `count`
    /// gadgets from `gadget` (after a `SetGadgetAttrsA` that returned
    /// non-zero: the class left the refresh to the caller).
    pub fn refresh_glist(&self, gadget: u32, window: u32, count: i32) {
        // SAFETY: gadget is a live gadget of the open window the caller
        // owns (or 0: RefreshGList then does nothing); no requester.
        unsafe { sys::intuition_RefreshGList(self.base(), gadget, window, 0, count) }
    }

    /// `SetAttrsA(object, tags)`: for an object in no open window.
    pub fn set_attrs(&self, object: u32, tags: &Tags) -> u32 {
        let t = tags.done();
        // SAFETY: as set_gadget_attrs.
        unsafe { sys::intuition_SetAttrsA(self.base(), object, t.as_ptr() as *const u8) }
    }

    /// `GetScreenDrawInfo(screen)`; freed on drop.
    pub fn draw_info(&self, screen: u32) -> Option<DrawInfo<'_>> {
        // SAFETY: screen is an open screen the caller holds (locked or owned).
        let d = unsafe { sys::intuition_GetScreenDrawInfo(self.base(), screen) };
        (d != 0).then_some(DrawInfo { intuition: self, screen, dri: d })
    }

    /// `GetAttr(attr, object, &value)`: `None` when the class does not
    /// know the attribute. `object` must be a live BOOPSI object.
    pub fn get_attr(&self, object: u32, attr: u32) -> Option<u32> {
        let mut store = Be32::new(0);
        // SAFETY: store is a writable ULONG in linear memory (translated by
        // the glue); object is a BOOPSI object the caller owns.
        let ok = unsafe { sys::intuition_GetAttr(self.base(), attr, object, &mut store as *mut Be32 as *mut u8) } != 0;
        ok.then(|| store.get())
    }

    /// `EasyRequestArgs(window, &es, NULL, &text)`: shows a requester
    /// (on `window`'s screen, or the default public screen for 0) titled
    /// `title` with the body `text` (shown verbatim: it goes in as the
    /// argument of a `"%s"` format) and gadgets `gadgets` (`"OK"`,
    /// `"Yes|No"`; a `%` is shown as such), and blocks until it is
    /// answered. Returns the gadget number (1 for the first … 0 for the
    /// rightmost), or -1 when the requester could not be built.
    pub fn easy_request(&self, window: u32, title: &[u8], text: &[u8], gadgets: &[u8]) -> i32 {
        let e = EasyParts::new(title, text, gadgets);
        // SAFETY: the struct, its argument and the strings they point at
        // live in linear memory (absolute addresses) until the call
        // returns; the window is 0 or one the caller holds open; no IDCMP
        // pointer.
        unsafe { sys::intuition_EasyRequestArgs(self.base(), window, e.es_addr(), 0, e.args_addr()) }
    }

    /// `BuildEasyRequestArgs(window, &es, 0, &text)`: opens the requester
    /// [`Intuition::easy_request`] would show, without waiting for the
    /// answer; poll it with [`SysRequest::poll`]. `None` when Intuition
    /// could not open it as a window (intuition.library autodoc: it
    /// returns 0, or 1 when it showed an alert instead).
    pub fn build_easy_request(&self, window: u32, title: &[u8], text: &[u8], gadgets: &[u8]) -> Option<SysRequest<'_>> {
        let e = EasyParts::new(title, text, gadgets);
        // SAFETY: as in easy_request; the parts are kept in the SysRequest
        // until FreeSysRequest (the window may show es_Title directly).
        let w = unsafe { sys::intuition_BuildEasyRequestArgs(self.base(), window, e.es_addr(), 0, e.args_addr()) };
        (w > 1).then(|| SysRequest { intuition: self, window: w, _parts: e })
    }

    /// `ItemAddress(menu_strip, code)`: the MenuItem (or sub-item) a menu
    /// code selects, 0 for `MENUNULL`.
    pub fn item_address(&self, menu_strip: u32, code: u16) -> u32 {
        // SAFETY: ItemAddress only walks the strip the caller owns.
        unsafe { sys::intuition_ItemAddress(self.base(), menu_strip, code as u32) }
    }
}

/// A requester from [`Intuition::build_easy_request`]; closed
/// (`FreeSysRequest`) on drop.
pub struct SysRequest<'a> {
    intuition: &'a Intuition,
    window: u32,
    _parts: EasyParts,
}

/// A `struct EasyStruct` (intuition/intuition.h: es_StructSize, es_Flags,
/// es_Title, es_TextFormat, es_GadgetFormat; 20 bytes) with the text as
/// the argument of a `"%s"` format, and the strings it points at, in
/// linear memory that stays put while this lives (heap blocks).
struct EasyParts {
    es: Vec<Be32>,
    args: Vec<Be32>,
    _strings: [Vec<u8>; 4],
}

impl EasyParts {
    fn new(title: &[u8], text: &[u8], gadgets: &[u8]) -> EasyParts {
        let title = crate::decode::nul_terminated(title);
        let text = crate::decode::nul_terminated(text);
        let mut gads = easy_gadget_format(gadgets);
        gads.push(0);
        let format = b"%s\0".to_vec();
        let es = alloc::vec![
            Be32::new(es_SIZEOF as u32),
            Be32::new(0),
            Be32::new(mem::abs(title.as_ptr())),
            Be32::new(mem::abs(format.as_ptr())),
            Be32::new(mem::abs(gads.as_ptr())),
        ];
        let args = alloc::vec![Be32::new(mem::abs(text.as_ptr()))];
        EasyParts { es, args, _strings: [title, text, gads, format] }
    }

    fn es_addr(&self) -> u32 {
        mem::abs(self.es.as_ptr())
    }

    fn args_addr(&self) -> u32 {
        mem::abs(self.args.as_ptr())
    }
}

impl SysRequest<'_> {
    /// The requester's `struct Window *` (an identity).
    pub fn window(&self) -> u32 {
        self.window
    }

    /// `SysReqHandler(window, NULL, FALSE)`: the answer once a gadget was
    /// chosen (1 for the first … 0 for the rightmost), `None` while it
    /// is still open.
    pub fn poll(&mut self) -> Option<i32> {
        // SAFETY: the window is this requester's, open until drop.
        let r = unsafe { sys::intuition_SysReqHandler(self.intuition.base(), self.window, 0, 0) };
        (r != -2).then_some(r)
    }
}

impl Drop for SysRequest<'_> {
    fn drop(&mut self) {
        // SAFETY: the window came from BuildEasyRequestArgs and is freed once.
        unsafe { sys::intuition_FreeSysRequest(self.intuition.base(), self.window) }
    }
}

/// A gadget text as an EasyRequest gadget format: each `%` doubled (the
/// format is run through `RawDoFmt`), `|` kept as the separator.
pub fn easy_gadget_format(gadgets: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(gadgets.len());
    for &c in gadgets {
        if c == 0 {
            break;
        }
        out.push(c);
        if c == b'%' {
            out.push(b'%');
        }
    }
    out
}

/// A lock on a public screen (`UnlockPubScreen(NULL, screen)` on drop).
pub struct PubScreenLock<'a> {
    intuition: &'a Intuition,
    screen: u32,
}

impl PubScreenLock<'_> {
    /// The `struct Screen *`.
    pub fn addr(&self) -> u32 {
        self.screen
    }
}

impl Drop for PubScreenLock<'_> {
    fn drop(&mut self) {
        // SAFETY: locked by LockPubScreen(NULL), unlocked once.
        unsafe { sys::intuition_UnlockPubScreen(self.intuition.base(), core::ptr::null(), self.screen) }
    }
}

/// A screen this program opened (`CloseScreen` on drop; every window on
/// it must be closed first, so drop windows before their screen).
pub struct Screen<'a> {
    intuition: &'a Intuition,
    screen: u32,
}

impl Screen<'_> {
    /// The `struct Screen *`.
    pub fn addr(&self) -> u32 {
        self.screen
    }
}

impl Drop for Screen<'_> {
    fn drop(&mut self) {
        // SAFETY: opened by OpenScreenTagList, closed once.
        unsafe { sys::intuition_CloseScreen(self.intuition.base(), self.screen) };
    }
}

/// `Screen->Font` (the screen's `struct TextAttr *`), for `ng_TextAttr`.
pub fn screen_font(screen: u32) -> u32 {
    mem::peek32(screen + sc_Font as u32)
}

/// `Screen->Font->ta_YSize`: the screen font's height, pixels.
pub fn screen_font_height(screen: u32) -> u16 {
    let f = screen_font(screen);
    if f == 0 {
        8
    } else {
        mem::peek16(f + ta_YSize as u32)
    }
}

/// The left and top borders Intuition gives a window with a title bar on
/// `screen`, known before it opens, pixels: `WBorLeft`, and `WBorTop` plus
/// the screen font's height plus one (RKRM Libraries, "Intuition Windows":
/// a title bar's height; the GadTools examples place gadgets by it). A
/// program that hands its gadgets to `OpenWindowTagList()` (`WA_Gadgets`)
/// needs them, so that the window is never seen without its gadgets.
pub fn title_window_borders(screen: u32) -> (i16, i16) {
    let b = |o: usize| mem::peek8(screen + o as u32) as i8 as i16;
    (b(sc_WBorLeft), b(sc_WBorTop) + screen_font_height(screen) as i16 + 1)
}

/// A window this program opened.
pub struct Window<'a> {
    intuition: &'a Intuition,
    window: u32,
    added: Vec<(u32, i32)>,
    menu: bool,
}

/// The window's border sizes, pixels (`Window->BorderLeft` ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Borders {
    pub left: i16,
    pub top: i16,
    pub right: i16,
    pub bottom: i16,
}

impl Window<'_> {
    /// The `struct Window *`.
    pub fn addr(&self) -> u32 {
        self.window
    }

    /// `Window->UserPort` (the IDCMP port).
    pub fn user_port(&self) -> u32 {
        mem::peek32(self.window + wd_UserPort as u32)
    }

    /// The signal mask of the IDCMP port (`1 << mp_SigBit`), for `Wait()`.
    pub fn signal_mask(&self) -> u32 {
        let port = self.user_port();
        if port == 0 {
            0
        } else {
            1u32 << (mem::peek8(port + mp_SigBit as u32) & 31)
        }
    }

    /// Border sizes, pixels.
    pub fn borders(&self) -> Borders {
        let b = |o: usize| mem::peek8(self.window + o as u32) as i8 as i16;
        Borders { left: b(wd_BorderLeft), top: b(wd_BorderTop), right: b(wd_BorderRight), bottom: b(wd_BorderBottom) }
    }

    /// `Window->LeftEdge`, `Window->TopEdge`: where the window is now,
    /// pixels from its screen's top-left corner.
    pub fn position(&self) -> (i32, i32) {
        let e = |o: usize| mem::peek16(self.window + o as u32) as i16 as i32;
        (e(wd_LeftEdge), e(wd_TopEdge))
    }

    /// `ChangeWindowBox(window, left, top, width, height)` (V36): Intuition
    /// carries it out later, in its input handler; [`Window::position`]
    /// shows when it has.
    pub fn change_box(&self, left: i32, top: i32, width: i32, height: i32) {
        // SAFETY: the window is open and ours.
        unsafe { sys::intuition_ChangeWindowBox(self.intuition.base(), self.window, left, top, width, height) };
    }

    /// `Window->Width`, `Window->Height`, pixels, borders included.
    pub fn size(&self) -> (i32, i32) {
        let e = |o: usize| mem::peek16(self.window + o as u32) as i16 as i32;
        (e(wd_Width), e(wd_Height))
    }

    /// `WindowToFront(window)`: in front of the other windows of its
    /// screen, not activated (Intuition carries it out later, in order
    /// with the other deferred window changes).
    pub fn to_front(&self) {
        self.intuition.window_to_front(self.window);
    }

    /// `Window->RPort`: the window's RastPort, for graphics calls.
    pub fn rast_port(&self) -> u32 {
        mem::peek32(self.window + wd_RPort as u32)
    }

    /// `Window->FirstGadget`.
    pub fn first_gadget(&self) -> u32 {
        mem::peek32(self.window + wd_FirstGadget as u32)
    }

    /// The gadget addresses of `Window->FirstGadget`'s list, in order
    /// (at most 1000: a guard against a cycle).
    pub fn gadgets(&self) -> Vec<u32> {
        let mut v = Vec::new();
        let mut g = self.first_gadget();
        while g != 0 && v.len() < 1000 {
            v.push(g);
            g = mem::peek32(g + gg_NextGadget as u32);
        }
        v
    }

    /// `AddGList(window, first, -1, count, NULL)` (appends `count`
    /// gadgets, -1 = the whole list), then `RefreshGList(first, window,
    /// NULL, count)`. The gadgets are removed again before the window
    /// closes. The gadgets' memory must outlive the window (declare their
    /// owners before the window, so that the window drops first).
    pub fn add_gadgets(&mut self, first: u32, count: i32) -> u32 {
        if first == 0 {
            return u32::MAX;
        }
        // SAFETY: first is a gadget list the caller owns and keeps alive
        // until the window is dropped, where it is removed again.
        let pos = unsafe {
            let pos = sys::intuition_AddGList(self.intuition.base(), self.window, first, 0xFFFF_FFFF, count, 0);
            sys::intuition_RefreshGList(self.intuition.base(), first, self.window, 0, count);
            pos
        };
        self.added.push((first, count));
        pos
    }

    /// `SetMenuStrip(window, menu)`; cleared before the window closes.
    /// The menu must outlive the window (declare it before).
    pub fn set_menu_strip(&mut self, menu: u32) -> bool {
        // SAFETY: menu is a laid-out strip the caller keeps alive.
        let ok = unsafe { sys::intuition_SetMenuStrip(self.intuition.base(), self.window, menu) } != 0;
        self.menu |= ok;
        ok
    }
}

impl Drop for Window<'_> {
    fn drop(&mut self) {
        let base = self.intuition.base();
        // SAFETY: the window is open; each list was added once by
        // add_gadgets and the strip set by set_menu_strip.
        unsafe {
            if self.menu {
                sys::intuition_ClearMenuStrip(base, self.window);
            }
            for &(first, count) in self.added.iter().rev() {
                sys::intuition_RemoveGList(base, self.window, first, count);
            }
            sys::intuition_CloseWindow(base, self.window);
        }
    }
}

/// A BOOPSI object (`DisposeObject` on drop). A gadget object must be
/// removed from its window before it is disposed: declare objects before
/// the window they are added to.
pub struct Object<'a> {
    intuition: &'a Intuition,
    object: u32,
}

impl Object<'_> {
    /// The object's address (for a gadget class: the `struct Gadget *`).
    pub fn addr(&self) -> u32 {
        self.object
    }

    /// Gives the object away without disposing it: for a child handed to
    /// a ReAction layout (`LAYOUT_AddChild`, `CHILD_Label`), which
    /// disposes its children with itself.
    pub fn into_raw(self) -> u32 {
        let o = self.object;
        core::mem::forget(self);
        o
    }
}

impl Drop for Object<'_> {
    fn drop(&mut self) {
        // SAFETY: created by NewObjectA, disposed once.
        unsafe { sys::intuition_DisposeObject(self.intuition.base(), self.object) }
    }
}

/// A screen's `struct DrawInfo *` (`FreeScreenDrawInfo` on drop).
pub struct DrawInfo<'a> {
    intuition: &'a Intuition,
    screen: u32,
    dri: u32,
}

impl DrawInfo<'_> {
    /// The `struct DrawInfo *`, e.g. for `GA_DrawInfo`.
    pub fn addr(&self) -> u32 {
        self.dri
    }

    /// `dri_Pens[index]` (`FILLPEN`, `BACKGROUNDPEN`, …, intuition/screens.h);
    /// `None` when the screen's pen array is shorter (`dri_NumPens`).
    pub fn pen(&self, index: usize) -> Option<u16> {
        let n = mem::peek16(self.dri + dri_NumPens as u32) as usize;
        let pens = mem::peek32(self.dri + dri_Pens as u32);
        (pens != 0 && index < n).then(|| mem::peek16(pens + 2 * index as u32))
    }
}

/// `Screen->Width`, `Screen->Height` of an open screen, pixels.
pub fn screen_size(screen: u32) -> (i32, i32) {
    let e = |o: usize| mem::peek16(screen + o as u32) as i16 as i32;
    (e(sc_Width), e(sc_Height))
}

impl Drop for DrawInfo<'_> {
    fn drop(&mut self) {
        // SAFETY: from GetScreenDrawInfo on this screen, freed once.
        unsafe { sys::intuition_FreeScreenDrawInfo(self.intuition.base(), self.screen, self.dri) }
    }
}

/// The fields of a `struct IntuiMessage` a program reacts to (copied out
/// before the message is replied).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IntuiMsg {
    /// `Class`: one IDCMP_ flag.
    pub class: u32,
    /// `Code`: e.g. the menu code of IDCMP_MENUPICK.
    pub code: u16,
    pub qualifier: u16,
    /// `IAddress`: e.g. the gadget of IDCMP_GADGETUP.
    pub iaddress: u32,
    /// Mouse position, pixels relative to the window.
    pub mouse_x: i16,
    pub mouse_y: i16,
    /// `IDCMPWindow`.
    pub window: u32,
}

impl IntuiMsg {
    /// Decodes the `im_SIZEOF` bytes of a `struct IntuiMessage`.
    pub fn decode(b: &[u8]) -> Option<IntuiMsg> {
        use amiga_ndk::be::{i16_at, u16_at, u32_at};
        Some(IntuiMsg {
            class: u32_at(b, im_Class)?,
            code: u16_at(b, im_Code)?,
            qualifier: u16_at(b, im_Qualifier)?,
            iaddress: u32_at(b, im_IAddress)?,
            mouse_x: i16_at(b, im_MouseX)?,
            mouse_y: i16_at(b, im_MouseY)?,
            window: u32_at(b, im_IDCMPWindow)?,
        })
    }

    /// Reads the message at `addr` (OS memory).
    pub fn read(addr: u32) -> Option<IntuiMsg> {
        IntuiMsg::decode(&mem::copy_in(addr, im_SIZEOF))
    }
}

/// `Gadget->GadgetID` of the gadget at `gadget`.
pub fn gadget_id(gadget: u32) -> u16 {
    mem::peek16(gadget + gg_GadgetID as u32)
}

/// `MenuItem->NextSelect` of the item at `item` (the next menu code of a
/// multi-selection, `MENUNULL` at the end).
pub fn next_select(item: u32) -> u16 {
    mem::peek16(item + mi_NextSelect as u32)
}

/// `struct Gadget` (44 bytes, intuition/intuition.h), for gadgets Rust
/// builds itself. Coordinates are pixels relative to the window's
/// top-left corner (borders included).
#[repr(C, packed(2))]
#[derive(Default, Clone, Copy)]
pub struct Gadget {
    pub next_gadget: Be32,
    pub left_edge: Be16,
    pub top_edge: Be16,
    pub width: Be16,
    pub height: Be16,
    pub flags: Be16,
    pub activation: Be16,
    pub gadget_type: Be16,
    pub gadget_render: Be32,
    pub select_render: Be32,
    pub gadget_text: Be32,
    /// For `GTYP_CUSTOMGADGET`: the `struct Hook *` Intuition calls for
    /// every gadget method (AROS `Custom_DoMethodA`; gadgetclass stores
    /// its dispatcher here).
    pub mutual_exclude: Be32,
    pub special_info: Be32,
    pub gadget_id: Be16,
    pub user_data: Be32,
}

const _: () = assert!(core::mem::size_of::<Gadget>() == 44);

/// `struct Hook` (20 bytes, utility/hooks.h).
#[repr(C, packed(2))]
#[derive(Default, Clone, Copy)]
pub struct Hook {
    pub mln_succ: Be32,
    pub mln_pred: Be32,
    pub h_entry: Be32,
    pub h_sub_entry: Be32,
    pub h_data: Be32,
}

const _: () = assert!(core::mem::size_of::<Hook>() == 20);

/// m68k code `moveq #0,d0 ; rts`: a hook entry that answers every call
/// with 0 and touches nothing.
#[repr(C, align(4))]
struct NullCode([u8; 4]);
static NULL_CODE: NullCode = NullCode([0x70, 0x00, 0x4E, 0x75]);

/// A `struct Hook` in linear memory whose `h_Entry` returns 0 at once
/// (for a hand-built custom gadget: `GM_RENDER` draws nothing,
/// `GM_HITTEST` misses). Boxed, so its address is stable.
pub struct NullHook {
    hook: Box<Hook>,
}

impl NullHook {
    /// Builds the hook and clears the CPU caches (`CacheClearU`) so that
    /// the entry code, written as data, is fetched fresh.
    pub fn new() -> NullHook {
        let hook = Box::new(Hook { h_entry: Be32::new(mem::abs(NULL_CODE.0.as_ptr())), ..Default::default() });
        // SAFETY: CacheClearU only flushes the caches.
        unsafe { sys::exec_CacheClearU() };
        NullHook { hook }
    }

    /// The hook's absolute address (`struct Hook *`).
    pub fn addr(&self) -> u32 {
        mem::abs(&*self.hook as *const Hook)
    }
}

impl Default for NullHook {
    fn default() -> Self {
        NullHook::new()
    }
}

/// A hand-built `struct Gadget` preceded by the 12-byte header a BOOPSI
/// object has (`struct _Object`: a MinNode and `o_Class`), so that
/// `OCLASS(gadget)` - the longword just before the gadget - reads
/// `class_word`. Boxed, so its address is stable.
pub struct FakeObjectGadget {
    obj: Box<FakeObject>,
}

#[repr(C, packed(2))]
#[derive(Default)]
struct FakeObject {
    mln_succ: Be32,
    mln_pred: Be32,
    o_class: Be32,
    gadget: Gadget,
}

impl FakeObjectGadget {
    /// `gadget` with `class_word` as its OCLASS longword.
    pub fn new(class_word: u32, gadget: Gadget) -> FakeObjectGadget {
        FakeObjectGadget { obj: Box::new(FakeObject { o_class: Be32::new(class_word), gadget, ..Default::default() }) }
    }

    /// The `struct Gadget *` (12 bytes after the header).
    pub fn gadget_addr(&self) -> u32 {
        mem::abs(core::ptr::addr_of!(self.obj.gadget))
    }
}

/// exec `Wait(mask)`: sleeps until one of the signals in `mask` arrives
/// (e.g. the OR of [`Window::signal_mask`]s); the signals received.
pub fn wait_signals(mask: u32) -> u32 {
    crate::exec::wait(mask)
}

/// amiga.lib `DoMethodA(object, msg)`: sends the BOOPSI message `msg`
/// (longwords: the method ID, then its fields; inner pointers absolute)
/// to `object` and returns the method's result. amiga.lib calls the
/// dispatcher hook of the object's class (`OCLASS(obj)`, the longword
/// before the object, intuition/classes.h `struct _Object`); `struct
/// IClass` begins with that hook (`cl_Dispatcher`), so utility.library
/// `CallHookPkt(class, object, msg)` makes the same call (a0 = class,
/// a2 = object, a1 = msg). The dispatcher runs on this task.
/// `utility` is an open utility.library (V36+); `object` a live object.
pub fn do_method(utility: &Library, object: u32, msg: &[Be32]) -> u32 {
    let class = mem::peek32(object.wrapping_sub(4));
    // SAFETY: object is a live BOOPSI object, so the longword before it is
    // its class (a struct IClass starting with its dispatcher Hook); msg
    // lives in linear memory for the call (translated by the glue).
    unsafe { sys::utility_CallHookPkt(utility.base(), class, object, msg.as_ptr() as *const u8) }
}
