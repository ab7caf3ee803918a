//! The ReAction front-end (wasm32 only; AmigaOS 3.5/3.9/3.2): a
//! `window.class` window whose `layout.gadget` holds the button row, a
//! hierarchical `listbrowser.gadget` tree with the columns Role / ID /
//! Label / Class / Geometry, a details listbrowser (with the locators),
//! the labelled name `string.gadget` and a read-only `button.gadget` as
//! the status line; the menus are a GadTools strip given to window.class
//! (`WINDOW_MenuStrip`). Every tag list comes from [`crate::reaction`],
//! where the host tests check it.
//!
//! Not run here: the AROS ROM of the emulator has no ReAction classes, so
//! `nogui::run` picks the GadTools front-end there ([`ReactionClasses::open`]
//! fails on `window.class`). This code waits for a run on AmigaOS 3.2.
//!
//! Lifecycle: [`Frontend::open`] builds every object and opens the window
//! (`WM_OPEN`); [`Frontend::close`] closes it (`WM_CLOSE`) and disposes
//! the window object (which disposes its layout and every child), then
//! frees the menus, the node lists and the texts. Iconify is GadgetScope's
//! own: close plus the desk's AppIcon, as with GadTools.
use crate::gui::{Frontend, UiEvent};
use crate::reaction::{self as ra, Input, TreeNode, WindowBox};
use crate::strings::{ids as msg, new_menus, picked_events, Strings, BUTTONS};
use crate::view::View;
use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;
use amiga_ndk::intuition::{wd_Height, wd_Width, STRINGA_TextVal};
use amiga_ndk::reaction::*;
use amiga_rt::be::{Be16, Be32};
use amiga_rt::gadtools::{picked_items, GadTools, Menus, OwnedStrings, VisualInfo};
use amiga_rt::intuition::{do_method, Intuition, Object, PubScreenLock};
use amiga_rt::library::Library;
use amiga_rt::listbrowser::NodeList;
use amiga_rt::mem;
use amiga_rt::tags::Tags;

/// At most this many `WM_HANDLEINPUT` results per wake-up.
const MAX_INPUTS: usize = 256;

fn tags(v: Vec<(u32, u32)>) -> Tags {
    let mut t = Tags::new();
    for (a, b) in v {
        t.push(a, b);
    }
    t
}

/// The ReAction classes, open (closed on drop), and utility.library for
/// `DoMethodA`.
pub struct ReactionClasses {
    utility: Library,
    listbrowser: Library,
    #[allow(dead_code)]
    others: Vec<Library>,
}

impl ReactionClasses {
    /// Opens every class of [`ra::CLASSES`] by name and version;
    /// `Err` is a sentence naming the first one missing (window.class
    /// first: on AmigaOS 3.0/3.1 and AROS the GadTools window is used).
    pub fn open() -> Result<ReactionClasses, String> {
        let utility = Library::open("utility.library", 36).map_err(|e| alloc::format!("{e}"))?;
        let mut others = Vec::new();
        let mut listbrowser = None;
        for c in ra::CLASSES {
            let lib = Library::open(c.library, c.version).map_err(|_| {
                alloc::format!("ReAction is not available: {} version {} cannot be opened", c.library, c.version)
            })?;
            if c == ra::LISTBROWSER_GADGET {
                listbrowser = Some(lib);
            } else {
                others.push(lib);
            }
        }
        let listbrowser = listbrowser.ok_or_else(|| String::from("listbrowser.gadget is missing"))?;
        Ok(ReactionClasses { utility, listbrowser, others })
    }
}

/// The open window with everything it owns. Field order is drop order:
/// the window object goes first (it disposes the layout and its
/// children), then what they pointed at.
struct Built<'a> {
    window: Object<'a>,
    /// The strings and the column info the objects point at.
    #[allow(dead_code)]
    strings: OwnedStrings,
    #[allow(dead_code)]
    column_info: Box<[Be16]>,
    menus: Menus<'a>,
    #[allow(dead_code)]
    vi: VisualInfo<'a>,
    #[allow(dead_code)]
    screen: PubScreenLock<'a>,
    /// `struct Window *` while open.
    win: u32,
    sigmask: u32,
    list: u32,
    details: u32,
    name: u32,
    status: u32,
}

/// The ReAction window.
pub struct ReactionUi<'a> {
    intuition: &'a Intuition,
    gt: &'a GadTools,
    classes: &'a ReactionClasses,
    app_port: u32,
    built: Option<Built<'a>>,
    /// Shown nodes (attached to the gadgets while open).
    rows: Option<NodeList<'a>>,
    details: Option<NodeList<'a>>,
    /// What to show (kept while closed, shown at open).
    tree: Vec<TreeNode>,
    selected: Option<usize>,
    detail_lines: Vec<Vec<u8>>,
    status: Vec<u8>,
    status_text: OwnedStrings,
    auto_refresh: bool,
    system_gadgets: bool,
    /// Last box (remembered while iconified).
    pub placement: Option<WindowBox>,
    /// Menus, buttons and labels in the catalog's language.
    text: Strings,
}

impl<'a> ReactionUi<'a> {
    /// A closed front-end over open libraries and classes; `app_port` is
    /// the desk's AppMessage port (`WINDOW_AppPort`).
    pub fn new(
        intuition: &'a Intuition,
        gt: &'a GadTools,
        classes: &'a ReactionClasses,
        app_port: u32,
    ) -> ReactionUi<'a> {
        ReactionUi {
            intuition,
            gt,
            classes,
            app_port,
            built: None,
            rows: None,
            details: None,
            tree: Vec::new(),
            selected: None,
            detail_lines: Vec::new(),
            status: Vec::new(),
            status_text: OwnedStrings::new(),
            auto_refresh: true,
            system_gadgets: true,
            placement: None,
            text: Strings::load(None),
        }
    }

    fn window_addr(&self) -> u32 {
        self.built.as_ref().map_or(0, |b| b.win)
    }

    fn method(&self, object: u32, msg: &[Be32]) -> u32 {
        do_method(&self.classes.utility, object, msg)
    }

    fn new_object(&self, class: &ra::ClassSpec, t: Vec<(u32, u32)>) -> Result<Object<'a>, &'static str> {
        let intuition: &'a Intuition = self.intuition;
        intuition.new_object(class.class_id, &tags(t)).ok_or("a ReAction object cannot be created (too little memory?)")
    }

    fn build(&mut self) -> Result<Built<'a>, &'static str> {
        let intuition: &'a Intuition = self.intuition;
        let gt: &'a GadTools = self.gt;
        let screen = intuition.lock_default_pub_screen().ok_or("the Workbench screen cannot be locked")?;
        let vi = gt.visual_info(screen.addr()).ok_or("GadTools has no visual info for the screen")?;
        let mut strings = OwnedStrings::new();
        let entries = new_menus(&self.text, self.auto_refresh, self.system_gadgets, |t| strings.add(t));
        let menus = gt.create_menus_at(&entries, &vi).ok_or("the menus cannot be built")?;
        let mut s = |b: &[u8]| if b.is_empty() { 0 } else { strings.add(b) };
        let titles: [u32; 5] = core::array::from_fn(|i| s(ra::COLUMNS[i].0));
        let button_texts: [u32; 5] = core::array::from_fn(|i| s(self.text.text(BUTTONS[i].0)));
        let (title, icon_title, name_label) =
            (s(b"GadgetScope"), s(b"GadgetScope"), s(self.text.text(msg::MSG_GAD_NAME_FIELD)));
        let mut column_info: Vec<Be16> = Vec::new();
        for (w, t, f) in ra::column_info(&titles) {
            column_info.extend([
                Be16::new(w as u16),
                Be16::new((t >> 16) as u16),
                Be16::new(t as u16),
                Be16::new((f >> 16) as u16),
                Be16::new(f as u16),
            ]);
        }
        let column_info = column_info.into_boxed_slice();

        // Children first; each stays owned (disposed on failure) until its
        // parent took it.
        let mut buttons = Vec::new();
        for (i, &(_, id)) in BUTTONS.iter().enumerate() {
            buttons.push(self.new_object(&ra::BUTTON_GADGET, ra::button_tags(button_texts[i], id))?);
        }
        self.status_text = OwnedStrings::new();
        let status_text = self.status_text.add(&self.status);
        let list = self.new_object(&ra::LISTBROWSER_GADGET, ra::list_tags(mem::abs(column_info.as_ptr()), 0))?;
        let details = self.new_object(&ra::LISTBROWSER_GADGET, ra::details_tags(0))?;
        let name = self.new_object(&ra::STRING_GADGET, ra::name_tags())?;
        let label = self.new_object(&ra::LABEL_IMAGE, ra::label_tags(name_label))?;
        let status = self.new_object(&ra::BUTTON_GADGET, ra::status_tags(status_text))?;
        let addrs: [u32; 5] = core::array::from_fn(|i| buttons[i].addr());
        let row = self.new_object(&ra::LAYOUT_GADGET, ra::button_row_tags(&addrs))?;
        buttons.into_iter().for_each(|b| {
            b.into_raw();
        });
        let parts = ra::LayoutParts {
            buttons: row.addr(),
            list: list.addr(),
            details: details.addr(),
            name: name.addr(),
            name_label: label.addr(),
            status: status.addr(),
        };
        let layout = self.new_object(&ra::LAYOUT_GADGET, ra::main_layout_tags(&parts))?;
        let (list, details, name, status) = (list.into_raw(), details.into_raw(), name.into_raw(), status.into_raw());
        row.into_raw();
        label.into_raw();
        let wp = ra::WindowParts {
            title,
            icon_title,
            app_port: self.app_port,
            screen: screen.addr(),
            menu_strip: menus.addr(),
            layout: layout.addr(),
        };
        let window = self.new_object(&ra::WINDOW_CLASS, ra::window_tags(&wp, self.placement))?;
        layout.into_raw();

        // RA_OpenWindow.
        let win = self.method(window.addr(), &[Be32::new(WM_OPEN), Be32::new(0)]);
        if win == 0 {
            return Err("window.class cannot open the window (too little memory or a too small screen)");
        }
        let sigmask = intuition.get_attr(window.addr(), WINDOW_SigMask).unwrap_or(0);
        Ok(Built { window, strings, column_info, menus, vi, screen, win, sigmask, list, details, name, status })
    }

    /// Builds a node list from `nodes` (column texts copied by the nodes).
    fn node_list(&self, nodes: &[TreeNode]) -> NodeList<'a> {
        let lib: &'a Library = &self.classes.listbrowser;
        let mut l = NodeList::new(lib);
        for n in nodes {
            let mut s = OwnedStrings::new();
            let texts: [u32; 5] = core::array::from_fn(|i| s.add(&n.columns[i]));
            if !l.add(5, &tags(ra::node_tags(n, &texts))) {
                break;
            }
        }
        l
    }

    fn detail_list(&self) -> NodeList<'a> {
        let lib: &'a Library = &self.classes.listbrowser;
        let mut l = NodeList::new(lib);
        for line in &self.detail_lines {
            let mut s = OwnedStrings::new();
            let a = s.add(line);
            if !l.add(1, &tags(ra::detail_node_tags(a))) {
                break;
            }
        }
        l
    }

    /// Shows `self.tree` in the open window (detach, swap, attach).
    fn show_tree(&mut self) {
        let Some(b) = &self.built else { return };
        let (gadget, win) = (b.list, b.win);
        self.intuition.set_gadget_attrs(gadget, win, &tags(ra::detach_tags()));
        let new = self.node_list(&self.tree);
        let addr = new.addr();
        self.rows = Some(new);
        self.intuition.set_gadget_attrs(gadget, win, &tags(ra::attach_tags(addr, self.selected)));
    }

    fn show_details(&mut self) {
        let Some(b) = &self.built else { return };
        let (gadget, win) = (b.details, b.win);
        self.intuition.set_gadget_attrs(gadget, win, &tags(ra::detach_tags()));
        let new = self.detail_list();
        let addr = new.addr();
        self.details = Some(new);
        self.intuition.set_gadget_attrs(gadget, win, &tags(ra::attach_tags(addr, None)));
    }

    fn menu_events(&mut self, code: u16, out: &mut Vec<UiEvent>) {
        let Some(b) = &self.built else { return };
        let picks = picked_items(self.intuition, b.menus.addr(), code);
        out.extend(picked_events(&picks, &mut self.auto_refresh, &mut self.system_gadgets));
    }
}

impl Frontend for ReactionUi<'_> {
    fn is_open(&self) -> bool {
        self.built.is_some()
    }

    fn open(&mut self) -> Result<(), String> {
        if self.built.is_some() {
            return Ok(());
        }
        let b = self.build().map_err(String::from)?;
        self.built = Some(b);
        self.show_tree();
        self.show_details();
        Ok(())
    }

    fn placement(&self) -> Option<WindowBox> {
        self.placement
    }

    fn set_placement(&mut self, b: Option<WindowBox>) {
        self.placement = b;
    }

    fn close(&mut self) {
        let Some(b) = self.built.take() else { return };
        if b.win != 0 {
            self.placement = Some(WindowBox {
                left: mem::peek16(b.win + 4) as i16,
                top: mem::peek16(b.win + 6) as i16,
                width: mem::peek16(b.win + wd_Width as u32) as i16,
                height: mem::peek16(b.win + wd_Height as u32) as i16,
            });
            // RA_CloseWindow: window.class replies what is queued.
            self.method(b.window.addr(), &[Be32::new(WM_CLOSE)]);
        }
        // Disposes the window object and its children, then the menus,
        // strings and screen lock; the node lists after that.
        drop(b);
        self.rows = None;
        self.details = None;
    }

    fn signal_mask(&self) -> u32 {
        self.built.as_ref().map_or(0, |b| b.sigmask)
    }

    fn events(&mut self) -> Vec<UiEvent> {
        let mut out = Vec::new();
        let Some(b) = &self.built else { return out };
        let (window, list) = (b.window.addr(), b.list);
        let mut menus = Vec::new();
        for _ in 0..MAX_INPUTS {
            // RA_HandleInput(window, &code): wmh_Code points at a WORD.
            let code = Box::new(Be16::new(0));
            let r = self.method(window, &[Be32::new(WM_HANDLEINPUT), Be32::new(mem::abs(&*code as *const Be16))]);
            if r == WMHI_LASTMSG {
                break;
            }
            match ra::decode(r) {
                Input::Event(e) => out.push(e),
                Input::ListClicked => {
                    let node = self.intuition.get_attr(list, LISTBROWSER_SelectedNode).unwrap_or(0);
                    if let Some(i) = self.rows.as_ref().and_then(|l| l.index_of(node)) {
                        self.selected = Some(i);
                        out.push(UiEvent::SelectRow(i));
                    }
                }
                Input::Menu(c) => menus.push(c),
                Input::Uniconified => {
                    let w = self.intuition.get_attr(window, WINDOW_Window).unwrap_or(0);
                    if let Some(b) = &mut self.built {
                        b.win = w;
                    }
                }
                Input::Nothing => {}
            }
        }
        for c in menus {
            self.menu_events(c, &mut out);
        }
        out
    }

    fn set_view(&mut self, view: &View) {
        self.tree = ra::tree_nodes(view);
        self.selected = view.selected_row();
        self.show_tree();
    }

    fn set_rows(&mut self, rows: &[Vec<u8>], selected: Option<usize>) {
        self.tree = rows
            .iter()
            .map(|r| TreeNode {
                generation: 1,
                flags: 0,
                columns: [r.clone(), Vec::new(), Vec::new(), Vec::new(), Vec::new()],
            })
            .collect();
        self.selected = selected;
        self.show_tree();
    }

    fn set_selected(&mut self, selected: Option<usize>) {
        self.selected = selected;
        if let Some(b) = &self.built {
            self.intuition.set_gadget_attrs(b.list, b.win, &tags(ra::select_tags(selected)));
        }
    }

    fn set_details(&mut self, lines: &[Vec<u8>]) {
        self.detail_lines = lines.to_vec();
        self.show_details();
    }

    fn set_status(&mut self, text: &[u8]) {
        self.status = text.to_vec();
        if let Some(b) = &self.built {
            // button.gadget keeps the pointer: the old text goes only
            // after the new one is set.
            let mut s = OwnedStrings::new();
            let a = s.add(text);
            self.intuition.set_gadget_attrs(b.status, b.win, &tags(ra::status_text_tags(a)));
            self.status_text = s;
        }
    }

    fn name_text(&mut self) -> Vec<u8> {
        let Some(b) = &self.built else { return Vec::new() };
        let p = self.intuition.get_attr(b.name, STRINGA_TextVal).unwrap_or(0);
        if p == 0 {
            return Vec::new();
        }
        mem::c_string(p, 255).unwrap_or_default()
    }

    fn set_name_text(&mut self, text: &[u8]) {
        if let Some(b) = &self.built {
            // string.gadget copies STRINGA_TextVal into its buffer.
            let mut s = OwnedStrings::new();
            let a = s.add(text);
            self.intuition.set_gadget_attrs(b.name, b.win, &tags(ra::name_text_tags(a)));
        }
    }

    fn set_checks(&mut self, auto_refresh: bool, system_gadgets: bool) {
        // Applied when the menus are built (at open).
        self.auto_refresh = auto_refresh;
        self.system_gadgets = system_gadgets;
    }

    fn ask(&mut self, text: &[u8], buttons: &[u8]) -> i32 {
        self.intuition.easy_request(self.window_addr(), b"GadgetScope", text, buttons)
    }

    fn file_request(&mut self, save: bool, drawer: &[u8], file: &[u8]) -> Option<Vec<u8>> {
        amiga_rt::asl::file_request(self.window_addr(), b"GadgetScope profile", save, drawer, file)
    }
}

impl Drop for ReactionUi<'_> {
    fn drop(&mut self) {
        self.close();
    }
}
