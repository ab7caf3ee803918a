//! The GadTools front-end (wasm32 only): chosen when `window.class`
//! cannot be opened (AmigaOS 3.0/3.1, AROS) or the ReAction window
//! cannot be built. The controls of crate::controls and the menus of
//! crate::strings over the same controller (crate::gui): a row of
//! buttons, the gadget tree as a LISTVIEW with indented rows whose
//! selected line is echoed in a string gadget (`GTLV_ShowSelected`, so
//! scripts can read it with GETTEXT), a read-only LISTVIEW of details,
//! the name and filter fields and a status line. The gadgets are those
//! of the pure plan (crate::gadtools), made one by one.
use crate::controls::{self, WINDOW_TITLE};
use crate::events::{FileAsk, UiEvent};
use crate::gadtools::{self as gt_plan, Decoded, Val};
use crate::gui::Frontend;
use crate::prefs::WindowBox;
use crate::strings::{new_menus, picked_events, Strings};
use alloc::string::String;
use alloc::vec::Vec;
use amiga_ndk::gadtools::*;
use amiga_ndk::intuition::*;
use amiga_rt::gadtools::*;
use amiga_rt::intuition::*;
use amiga_rt::mem;
use amiga_rt::tags::*;

/// The window's gadget IDs (shared with the ReAction window).
pub use crate::events::gadget_ids as ids;

use crate::gadtools::NONE;

/// An open window with everything it owns. Field order is drop order:
/// the window closes before its gadgets, menus and visual info go.
struct Open<'a> {
    window: Window<'a>,
    #[allow(dead_code)]
    glist: GadgetList<'a>,
    menus: Menus<'a>,
    #[allow(dead_code)]
    vi: VisualInfo<'a>,
    #[allow(dead_code)]
    screen: PubScreenLock<'a>,
    list: u32,
    details: u32,
    name: u32,
    status: u32,
    /// `(GA_ID, gadget)` of every gadget of the plan.
    made: Vec<(u16, u32)>,
}

/// The GadTools window.
pub struct GadToolsUi<'a> {
    intuition: &'a Intuition,
    gt: &'a GadTools,
    open: Option<Open<'a>>,
    /// Texts GadTools points into; replaced only after the gadget let go.
    rows: OwnedLabelList,
    details: OwnedLabelList,
    status: OwnedStrings,
    strings: OwnedStrings,
    auto_refresh: bool,
    system_gadgets: bool,
    /// Last box (remembered while iconified, read from and written to
    /// `ENVARC:GadgetScope/window.prefs`); only its position is used (the
    /// size follows the screen font).
    pub placement: Option<WindowBox>,
    row_count: usize,
    /// Menu, button and file requester texts (catalog or built-in English).
    text: Strings,
}

impl<'a> GadToolsUi<'a> {
    /// A closed front-end over the open libraries.
    pub fn new(intuition: &'a Intuition, gt: &'a GadTools) -> GadToolsUi<'a> {
        GadToolsUi {
            intuition,
            gt,
            open: None,
            rows: OwnedLabelList::new(&[]),
            details: OwnedLabelList::new(&[]),
            status: OwnedStrings::new(),
            strings: OwnedStrings::new(),
            auto_refresh: true,
            system_gadgets: true,
            placement: None,
            row_count: 0,
            text: Strings::load(None),
        }
    }

    fn try_open(&mut self) -> Result<Open<'a>, &'static str> {
        let intuition = self.intuition;
        let gt = self.gt;
        let screen = intuition.lock_default_pub_screen().ok_or("the Workbench screen cannot be locked")?;
        let vi = gt.visual_info(screen.addr()).ok_or("GadTools has no visual info for the screen")?;
        let font = screen_font(screen.addr());
        let fh = i32::from(screen_font_height(screen.addr())).clamp(6, 24);
        let (sw, sh) = screen_size(screen.addr());

        // The menu strip from the shared table (crate::strings::MENU), in
        // the catalog's language.
        let s = &mut self.strings;
        let entries = new_menus(&self.text, self.auto_refresh, self.system_gadgets, |t| s.add(t));
        let menus = gt.create_menus_at(&entries, &vi).ok_or("the menus cannot be built")?;
        let mut glist = gt.context().ok_or("GadTools cannot create gadgets")?;

        // The gadget plan (crate::gadtools): every control of
        // crate::controls, sized for this screen's font.
        let plan = gt_plan::plan(&self.text, fh, sw, sh);
        let (inner_w, inner_h) = (plan.inner_w, plan.inner_h);
        // Default: bottom right; a remembered position is kept on screen.
        let (outer_w, outer_h) = (inner_w + 12, inner_h + fh + 12);
        let (left, top) = match self.placement {
            Some(b) => {
                let size = WindowBox { width: outer_w as i16, height: outer_h as i16, ..b };
                let b = size.fit(sw as i16, sh as i16);
                (i32::from(b.left), i32::from(b.top))
            }
            None => ((sw - outer_w).max(0), (sh - outer_h).max(0)),
        };
        let tags = Tags::new()
            .tag(WA_PubScreen, screen.addr())
            .tag(WA_Left, left as u32)
            .tag(WA_Top, top as u32)
            .tag(WA_InnerWidth, inner_w as u32)
            .tag(WA_InnerHeight, inner_h as u32)
            .tag(WA_Title, self.strings.add(WINDOW_TITLE))
            .tag(WA_IDCMP, gt_plan::IDCMP)
            .tag(WA_DragBar, 1)
            .tag(WA_DepthGadget, 1)
            .tag(WA_CloseGadget, 1)
            .tag(WA_SmartRefresh, 1)
            .tag(WA_AutoAdjust, 1)
            .tag(WA_Activate, 1)
            .tag(WA_NewLookMenus, 1);
        let mut window = intuition
            .open_window(&tags)
            .ok_or("the window cannot be opened (too little memory or a too small screen)")?;
        let b = window.borders();
        let (bx, by) = (i32::from(b.left), i32::from(b.top));
        let vi_a = vi.addr();
        let mut made: Vec<(u16, u32)> = Vec::new();
        for g in &plan.gadgets {
            let text = g.label.map_or(0, |l| self.strings.add(self.text.text(l)));
            let (l, t, w, h) = g.rect;
            let ng = NewGadget::new((bx + l, by + t, w, h), text, font, g.id, g.place, vi_a);
            let mut tags = Tags::new();
            for &(tag, v) in &g.tags {
                let data = match v {
                    Val::Int(n) => n,
                    Val::Gadget(id) => made.iter().find(|m| m.0 == id).map_or(0, |m| m.1),
                    Val::Rows => self.rows.addr(),
                    Val::Details => self.details.addr(),
                };
                tags = tags.tag(tag, data);
            }
            let a = glist.create(g.kind, &ng, &tags).ok_or("GadTools cannot create the gadgets")?;
            made.push((g.id, a));
        }
        let at = |id: u16| made.iter().find(|m| m.0 == id).map_or(0, |m| m.1);
        let (list, details, name, status) = (at(ids::LIST), at(ids::DETAILS), at(ids::NAME), at(ids::STATUS));

        window.add_gadgets(glist.first(), -1);
        gt.refresh_window(window.addr());
        if !window.set_menu_strip(menus.addr()) {
            return Err("the menus cannot be attached");
        }
        Ok(Open { window, glist, menus, vi, screen, list, details, name, status, made })
    }

    fn menu_event(&mut self, code: u16, out: &mut Vec<UiEvent>) {
        let Some(o) = &self.open else { return };
        let picks = picked_items(self.intuition, o.menus.addr(), code);
        out.extend(picked_events(&picks, &mut self.auto_refresh, &mut self.system_gadgets));
    }
}

impl Frontend for GadToolsUi<'_> {
    fn is_open(&self) -> bool {
        self.open.is_some()
    }

    fn open(&mut self) -> Result<(), String> {
        if self.open.is_some() {
            return Ok(());
        }
        let o = self.try_open().map_err(String::from)?;
        self.open = Some(o);
        Ok(())
    }

    fn close(&mut self) {
        if let Some(o) = self.open.take() {
            let w = o.window.addr();
            self.placement = Some(WindowBox {
                left: mem::peek16(w + wd_LeftEdge as u32) as i16,
                top: mem::peek16(w + wd_TopEdge as u32) as i16,
                width: mem::peek16(w + wd_Width as u32) as i16,
                height: mem::peek16(w + wd_Height as u32) as i16,
            });
            // Replies what is still queued, then closes (Window's Drop).
            while let Some((m, _)) = self.gt.get_imsg(o.window.user_port()) {
                self.gt.reply(m);
            }
            drop(o);
        }
    }

    fn signal_mask(&self) -> u32 {
        self.open.as_ref().map_or(0, |o| o.window.signal_mask())
    }

    fn events(&mut self) -> Vec<UiEvent> {
        let mut out = Vec::new();
        let Some(o) = &self.open else { return out };
        let (port, win) = (o.window.user_port(), o.window.addr());
        let mut menus = Vec::new();
        while let Some((m, msg)) = self.gt.get_imsg(port) {
            self.gt.reply(m);
            let gadget = o.made.iter().find(|g| g.1 == msg.iaddress && msg.iaddress != 0).map(|g| g.0);
            let text = |id: u16| o.made.iter().find(|g| g.0 == id).map_or(Vec::new(), |g| self.string_of(g.1, win));
            match gt_plan::decode(msg.class, msg.code, gadget, text) {
                Decoded::Event(e) => out.push(e),
                Decoded::Menu(code) => menus.push(code),
                Decoded::Refresh => self.gt.begin_end_refresh(win),
                Decoded::Nothing => {}
            }
        }
        for code in menus {
            self.menu_event(code, &mut out);
        }
        out
    }

    fn set_rows(&mut self, rows: &[Vec<u8>], selected: Option<usize>) {
        let new = OwnedLabelList::new(rows);
        self.row_count = rows.len();
        match &self.open {
            Some(o) => {
                let win = o.window.addr();
                self.gt.set_attrs(o.list, win, &Tags::new().tag(GTLV_Labels, NONE));
                self.rows = new;
                let sel = selected.map_or(NONE, |s| s as u32);
                let t = Tags::new().tag(GTLV_Labels, self.rows.addr()).tag(GTLV_Selected, sel).tag_if(
                    selected.is_some(),
                    GTLV_MakeVisible,
                    sel,
                );
                self.gt.set_attrs(o.list, win, &t);
            }
            None => self.rows = new,
        }
    }

    fn set_selected(&mut self, selected: Option<usize>) {
        if let Some(o) = &self.open {
            let sel = selected.map_or(NONE, |s| s as u32);
            let t = Tags::new().tag(GTLV_Selected, sel).tag_if(selected.is_some(), GTLV_MakeVisible, sel);
            self.gt.set_attrs(o.list, o.window.addr(), &t);
        }
    }

    fn set_details(&mut self, lines: &[Vec<u8>]) {
        let new = OwnedLabelList::new(lines);
        match &self.open {
            Some(o) => {
                let win = o.window.addr();
                self.gt.set_attrs(o.details, win, &Tags::new().tag(GTLV_Labels, NONE));
                self.details = new;
                self.gt.set_attrs(o.details, win, &Tags::new().tag(GTLV_Labels, self.details.addr()));
            }
            None => self.details = new,
        }
    }

    fn set_status(&mut self, text: &[u8]) {
        if let Some(o) = &self.open {
            // GTTX_CopyText: GadTools copies the text, ours may go.
            let mut s = OwnedStrings::new();
            let a = s.add(text);
            self.gt.set_attrs(o.status, o.window.addr(), &Tags::new().tag(GTTX_Text, a));
            self.status = s;
        }
    }

    fn name_text(&mut self) -> Vec<u8> {
        let Some(o) = &self.open else { return Vec::new() };
        self.string_of(o.name, o.window.addr())
    }

    fn set_name_text(&mut self, text: &[u8]) {
        if let Some(o) = &self.open {
            // GadTools copies GTST_String into the gadget's own buffer.
            let mut s = OwnedStrings::new();
            let a = s.add(text);
            self.gt.set_attrs(o.name, o.window.addr(), &Tags::new().tag(GTST_String, a));
        }
    }

    fn set_checks(&mut self, auto_refresh: bool, system_gadgets: bool) {
        // Applied when the menus are built (at open).
        self.auto_refresh = auto_refresh;
        self.system_gadgets = system_gadgets;
    }

    fn ask(&mut self, text: &[u8], buttons: &[u8]) -> i32 {
        let w = self.window_addr();
        self.intuition.easy_request(w, controls::request_title(&self.text), text, buttons)
    }

    fn placement(&self) -> Option<WindowBox> {
        self.placement
    }

    fn set_placement(&mut self, b: Option<WindowBox>) {
        self.placement = b;
    }

    fn window_addr(&self) -> u32 {
        self.open.as_ref().map_or(0, |o| o.window.addr())
    }

    fn move_window(&mut self, left: i32, top: i32) {
        if let Some(o) = &self.open {
            let (w, h) = o.window.size();
            o.window.change_box(left, top, w, h);
        }
    }

    fn file_request(&mut self, what: FileAsk, drawer: &[u8], file: &[u8]) -> Option<Vec<u8>> {
        let title = controls::file_request_title(&self.text, what).to_vec();
        amiga_rt::asl::file_request(self.window_addr(), &title, what.save(), drawer, file)
    }
}

impl GadToolsUi<'_> {
    /// A GadTools string gadget's text: `GTST_String`, else the classic
    /// `StringInfo->Buffer`.
    fn string_of(&self, gadget: u32, window: u32) -> Vec<u8> {
        let p = self.gt.get_attr(gadget, window, GTST_String).unwrap_or_else(|| {
            let si = mem::peek32(gadget + gg_SpecialInfo as u32);
            if si == 0 {
                0
            } else {
                mem::peek32(si + si_Buffer as u32)
            }
        });
        mem::c_string(p, 255).unwrap_or_default()
    }
}

impl Drop for GadToolsUi<'_> {
    fn drop(&mut self) {
        self.close();
    }
}
