//! The ReAction front-end (wasm32 only; AmigaOS 3.5/3.9/3.2): a
//! `window.class` window made from the object plan of
//! [`crate::reaction::window_plan`] (the controls of crate::controls:
//! the button row, a hierarchical `listbrowser.gadget` tree with the
//! columns Role / ID / Label / Class / Geometry and the selected-row echo
//! under it, the details listbrowser, the labelled name and filter
//! `string.gadget`s and a read-only `button.gadget` as the status line);
//! the menus are the GadTools strip of crate::strings given to
//! window.class (`WINDOW_MenuStrip`).
//!
//! Not run here: the AROS ROM of the emulator has no ReAction classes, so
//! the GadTools front-end runs there ([`ReactionClasses::open`] fails on
//! `window.class`). This code waits for a run on AmigaOS 3.2; its pure
//! half is host-tested in crate::reaction and crate::controls.
//!
//! Lifecycle: [`Frontend::open`] makes every object of the plan, each
//! with `NewObject(<class>_GetClass(), NULL, tags)`, and opens the window
//! (`WM_OPEN`); [`Frontend::close`] closes it (`WM_CLOSE`) and disposes
//! the window object (which disposes its layout and every child), then
//! frees the menus, the node lists and the texts. Iconify is GadgetScope's
//! own: close plus the desk's AppIcon, as with GadTools (window.class's
//! `WM_ICONIFY` is not used, so no `WINDOW_AppPort`). The branches the
//! user folded survive it ([`ra::keep_folds`] at close). Every
//! `SetGadgetAttrsA` is followed by `RefreshGList` when it asks for it
//! (one helper, `set_gadget`).
use crate::controls;
use crate::events::{gadget_ids as ids, FileAsk, UiEvent};
use crate::gui::Frontend;
use crate::reaction::{self as ra, ClassSpec, GadgetState, Input, RowMap, Shown, TreeNode, Val, WindowBox};
use crate::strings::{new_menus, picked_events, Strings};
use crate::view::{RowKind, View};
use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;
use amiga_ndk::intuition::{wd_Height, wd_LeftEdge, wd_TopEdge, wd_Width, STRINGA_TextVal, WA_BusyPointer};
use amiga_ndk::reaction::*;
use amiga_rt::be::{Be16, Be32};
use amiga_rt::gadtools::{picked_items, GadTools, Menus, OwnedStrings, VisualInfo};
use amiga_rt::intuition::{do_method, screen_size, Intuition, Object, PubScreenLock};
use amiga_rt::library::Library;
use amiga_rt::listbrowser::NodeList;
use amiga_rt::mem;
use amiga_rt::tags::Tags;

fn tags(v: Vec<(u32, u32)>) -> Tags {
    let mut t = Tags::new();
    for (a, b) in v {
        t.push(a, b);
    }
    t
}

/// The ReAction classes, open (closed on drop), their class pointers
/// (`*_GetClass()`), and utility.library for `DoMethodA`.
pub struct ReactionClasses {
    utility: Library,
    listbrowser: Library,
    /// Each class of [`ra::CLASSES`] with its class pointer.
    classes: Vec<(ClassSpec, u32)>,
    #[allow(dead_code)]
    others: Vec<Library>,
}

impl ReactionClasses {
    /// Opens every class of [`ra::CLASSES`] by name and version. `Err`
    /// is `None` when window.class itself is missing (AmigaOS 3.0/3.1 and
    /// AROS, where the GadTools window is the documented one: nothing to
    /// tell), else a sentence naming what is missing (a ReAction
    /// installed in part), for the status line.
    pub fn open() -> Result<ReactionClasses, Option<String>> {
        let utility = Library::open("utility.library", 36).map_err(|e| Some(alloc::format!("{e}")))?;
        let mut others = Vec::new();
        let mut classes = Vec::new();
        let mut listbrowser = None;
        for c in ra::CLASSES {
            let lib = Library::open(c.library, c.version).map_err(|_| {
                (c != ra::WINDOW_CLASS).then(|| {
                    alloc::format!("ReAction is not available: {} version {} cannot be opened", c.library, c.version)
                })
            })?;
            classes.push((c, lib.get_class()));
            if c == ra::LISTBROWSER_GADGET {
                listbrowser = Some(lib);
            } else {
                others.push(lib);
            }
        }
        let listbrowser = listbrowser.ok_or_else(|| Some(String::from("listbrowser.gadget is missing")))?;
        Ok(ReactionClasses { utility, listbrowser, classes, others })
    }

    fn class(&self, spec: ClassSpec) -> u32 {
        self.classes.iter().find(|c| c.0 == spec).map_or(0, |c| c.1)
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
    echo: u32,
    details: u32,
    name: u32,
    filter: u32,
    status: u32,
}

/// What [`ra::event_of`] reads from the open window's gadgets.
struct Read<'x> {
    intuition: &'x Intuition,
    list: u32,
    fields: [(u16, u32); 2],
}

impl GadgetState for Read<'_> {
    fn rel_event(&mut self) -> u32 {
        self.intuition.get_attr(self.list, LISTBROWSER_RelEvent).unwrap_or(0)
    }
    fn selected_node(&mut self) -> u32 {
        self.intuition.get_attr(self.list, LISTBROWSER_SelectedNode).unwrap_or(0)
    }
    fn text(&mut self, id: u16) -> Vec<u8> {
        let Some(&(_, g)) = self.fields.iter().find(|f| f.0 == id) else { return Vec::new() };
        string_value(self.intuition, g)
    }
}

/// A string.gadget's text (`STRINGA_TextVal`).
fn string_value(intuition: &Intuition, gadget: u32) -> Vec<u8> {
    match intuition.get_attr(gadget, STRINGA_TextVal).unwrap_or(0) {
        0 => Vec::new(),
        p => mem::c_string(p, 255).unwrap_or_default(),
    }
}

/// The ReAction window.
pub struct ReactionUi<'a> {
    intuition: &'a Intuition,
    gt: &'a GadTools,
    classes: &'a ReactionClasses,
    built: Option<Built<'a>>,
    /// Shown nodes (attached to the gadgets while open).
    rows: Option<NodeList<'a>>,
    details: Option<NodeList<'a>>,
    /// Row `i` is node `i` of `rows`.
    row_map: RowMap,
    /// What to show (kept while closed, shown at open): the nodes, each
    /// row's identity and text line (for the echo).
    tree: Vec<TreeNode>,
    kinds: Vec<RowKind>,
    lines: Vec<Vec<u8>>,
    /// Branches the user folded (kept across rebuilds).
    collapsed: Vec<RowKind>,
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
    /// A closed front-end over open libraries and classes.
    pub fn new(intuition: &'a Intuition, gt: &'a GadTools, classes: &'a ReactionClasses) -> ReactionUi<'a> {
        ReactionUi {
            intuition,
            gt,
            classes,
            built: None,
            rows: None,
            details: None,
            row_map: RowMap::default(),
            tree: Vec::new(),
            kinds: Vec::new(),
            lines: Vec::new(),
            collapsed: Vec::new(),
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

    /// `SetGadgetAttrsA(gadget, window, NULL, tags)`, then
    /// `RefreshGList(gadget, window, NULL, 1)` when it returns non-zero:
    /// the gadget's imagery needs refreshing and the class left it to
    /// the caller (intuition.library/SetGadgetAttrsA; RKM Libraries,
    /// "Boopsi": "the return value ... non-zero if the gadget needs
    /// refreshing").
    fn set_gadget(&self, gadget: u32, win: u32, list: Vec<(u32, u32)>) {
        if self.intuition.set_gadget_attrs(gadget, win, &tags(list)) != 0 {
            self.intuition.refresh_glist(gadget, win, 1);
        }
    }

    fn method(&self, object: u32, msg: &[Be32]) -> u32 {
        do_method(&self.classes.utility, object, msg)
    }

    /// Makes the objects of [`ra::window_plan`] and opens the window. The
    /// node lists exist before: a list browser must have a list attached
    /// when it is first added to a window (listbrowser_gc/--datasheet--).
    fn build(&mut self) -> Result<Built<'a>, &'static str> {
        let intuition: &'a Intuition = self.intuition;
        let gt: &'a GadTools = self.gt;
        let screen = intuition.lock_default_pub_screen().ok_or("the Workbench screen cannot be locked")?;
        let vi = gt.visual_info(screen.addr()).ok_or("GadTools has no visual info for the screen")?;
        let mut strings = OwnedStrings::new();
        let entries = new_menus(&self.text, self.auto_refresh, self.system_gadgets, |t| strings.add(t));
        let menus = gt.create_menus_at(&entries, &vi).ok_or("the menus cannot be built")?;
        let titles: [u32; 5] = core::array::from_fn(|i| strings.add(ra::COLUMNS[i].0));
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
        if self.rows.is_none() {
            let l = self.node_list(&self.tree);
            self.row_map = RowMap::new(l.nodes().to_vec());
            self.rows = Some(l);
        }
        if self.details.is_none() {
            self.details = Some(self.detail_list());
        }
        let tree_list = self.rows.as_ref().map_or(0, |l| l.addr());
        let details_list = self.details.as_ref().map_or(0, |l| l.addr());

        // Children before parents. A child is handed over (no longer
        // disposed here) before its parent is made: if the parent then
        // fails, the child leaks rather than risking a second dispose
        // (layout_gc and window_cl do not say whether OM_NEW disposes
        // children it was given when it fails).
        let (sw, sh) = screen_size(screen.addr());
        let plan = ra::window_plan(self.placement, (sw as i16, sh as i16));
        let mut objects: Vec<Option<Object<'a>>> = Vec::new();
        let mut addrs: Vec<u32> = Vec::new();
        for o in &plan {
            let mut t = Tags::new();
            for &(tag, v) in o.tags.iter() {
                let data = match v {
                    Val::Int(n) => n,
                    Val::Str(id) => strings.add(self.text.text(id)),
                    Val::Text(b) => strings.add(b),
                    Val::Object(i) => {
                        if let Some(child) = objects[i].take() {
                            child.into_raw();
                        }
                        addrs[i]
                    }
                    Val::Screen => screen.addr(),
                    Val::MenuStrip => menus.addr(),
                    Val::ColumnInfo => mem::abs(column_info.as_ptr()),
                    Val::TreeList => tree_list,
                    Val::DetailsList => details_list,
                };
                t.push(tag, data);
            }
            let object = intuition
                .new_object_of_class(self.classes.class(o.class), &t)
                .ok_or("a ReAction object cannot be created (too little memory?)")?;
            addrs.push(object.addr());
            objects.push(Some(object));
        }
        let window = objects.pop().flatten().ok_or("the window object is missing")?;
        let at = |id: u16| ra::object_with_id(&plan, id).map_or(0, |i| addrs[i]);

        // RA_OpenWindow.
        let win = self.method(window.addr(), &[Be32::new(WM_OPEN), Be32::new(0)]);
        if win == 0 {
            return Err("window.class cannot open the window (too little memory or a too small screen)");
        }
        let sigmask = intuition.get_attr(window.addr(), WINDOW_SigMask).unwrap_or(0);
        Ok(Built {
            window,
            strings,
            column_info,
            menus,
            vi,
            screen,
            win,
            sigmask,
            list: at(ids::LIST),
            echo: at(ids::SELECTED),
            details: at(ids::DETAILS),
            name: at(ids::NAME),
            filter: at(ids::FILTER),
            status: at(ids::STATUS),
        })
    }

    /// A node list of `nodes`, one node per row (column texts copied by
    /// the nodes); cut short only when memory runs out.
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

    /// Which branches of the shown list the user folded; `self.tree`
    /// (what the next list is built from) is folded alike, so a list
    /// rebuilt at the next open shows them folded.
    fn read_folds(&mut self) {
        if let Some(l) = &self.rows {
            let flags: Vec<Option<u32>> = (0..l.len()).map(|i| l.flags(i)).collect();
            self.collapsed = ra::keep_folds(&mut self.tree, &self.kinds, &flags);
        }
    }

    /// Shows `self.tree` in the open window (detach, swap, attach), the
    /// view's top row kept; `scroll` brings the selection into view.
    fn show_tree(&mut self, scroll: bool) {
        let Some(b) = &self.built else {
            // Closed: the list is made at the next open.
            self.rows = None;
            return;
        };
        let (gadget, win) = (b.list, b.win);
        let top = self.intuition.get_attr(gadget, LISTBROWSER_Top);
        self.set_gadget(gadget, win, ra::detach_tags());
        let new = self.node_list(&self.tree);
        let addr = new.addr();
        self.row_map = RowMap::new(new.nodes().to_vec());
        self.rows = Some(new);
        let shown = Shown {
            selected: self.selected.and_then(|r| self.row_map.node_of(r)),
            top,
            make_visible: if scroll { ra::make_visible(&self.tree, self.selected) } else { None },
        };
        self.set_gadget(gadget, win, ra::attach_tags(addr, shown));
        self.show_echo();
    }

    fn show_details(&mut self) {
        let Some(b) = &self.built else {
            self.details = None;
            return;
        };
        let (gadget, win) = (b.details, b.win);
        self.set_gadget(gadget, win, ra::detach_tags());
        let new = self.detail_list();
        let addr = new.addr();
        self.details = Some(new);
        self.set_gadget(gadget, win, ra::attach_tags(addr, Shown::default()));
    }

    /// The selected row's line in the echo (ID 11), as the GadTools
    /// window's `GTLV_ShowSelected` string gadget shows it.
    fn show_echo(&mut self) {
        let Some(b) = &self.built else { return };
        let line = self.selected.and_then(|r| self.lines.get(r)).cloned().unwrap_or_default();
        let mut s = OwnedStrings::new();
        let a = s.add(&line);
        self.set_gadget(b.echo, b.win, ra::string_text_tags(a));
    }

    fn menu_events(&mut self, code: u16, out: &mut Vec<UiEvent>) {
        let Some(b) = &self.built else { return };
        let picks = picked_items(self.intuition, b.menus.addr(), code);
        out.extend(picked_events(&picks, &mut self.auto_refresh, &mut self.system_gadgets));
    }

    /// `WA_BusyPointer` on the window object while a requester is up
    /// (window_cl/--datasheet--: settable at any time; it blocks the
    /// window with a NULL requester).
    fn busy(&self, on: bool) {
        if let Some(b) = &self.built {
            self.intuition.set_attrs(b.window.addr(), &tags(alloc::vec![(WA_BusyPointer, u32::from(on))]));
        }
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
        self.show_tree(true);
        // The status text after WM_OPEN (the button was made empty).
        let status = core::mem::take(&mut self.status);
        self.set_status(&status);
        Ok(())
    }

    fn placement(&self) -> Option<WindowBox> {
        self.placement
    }

    fn set_placement(&mut self, b: Option<WindowBox>) {
        self.placement = b;
    }

    fn window_addr(&self) -> u32 {
        self.built.as_ref().map_or(0, |b| b.win)
    }

    /// `ChangeWindowBox()` of window.class's window (`WINDOW_Window`);
    /// window.class keeps no box of its own to update.
    fn move_window(&mut self, left: i32, top: i32) {
        let win = self.window_addr();
        if win != 0 {
            let (w, h) = (mem::peek16(win + wd_Width as u32) as i16, mem::peek16(win + wd_Height as u32) as i16);
            self.intuition.change_window_box(win, left, top, w.into(), h.into());
        }
    }

    fn close(&mut self) {
        let Some(b) = self.built.take() else { return };
        if b.win != 0 {
            self.placement = Some(WindowBox {
                left: mem::peek16(b.win + wd_LeftEdge as u32) as i16,
                top: mem::peek16(b.win + wd_TopEdge as u32) as i16,
                width: mem::peek16(b.win + wd_Width as u32) as i16,
                height: mem::peek16(b.win + wd_Height as u32) as i16,
            });
            // RA_CloseWindow: window.class replies what is queued.
            self.method(b.window.addr(), &[Be32::new(WM_CLOSE)]);
        }
        self.read_folds();
        // Disposes the window object and its children, then the menus,
        // strings and screen lock; the node lists after that.
        drop(b);
        self.rows = None;
        self.details = None;
    }

    fn signal_mask(&self) -> u32 {
        self.built.as_ref().map_or(0, |b| b.sigmask)
    }

    /// Every result up to `WMHI_LASTMSG` (window_cl/WM_HANDLEINPUT: it
    /// comes when the port has no message left for the window).
    fn events(&mut self) -> Vec<UiEvent> {
        let mut out = Vec::new();
        let Some(b) = &self.built else { return out };
        let window = b.window.addr();
        let mut read =
            Read { intuition: self.intuition, list: b.list, fields: [(ids::NAME, b.name), (ids::FILTER, b.filter)] };
        let mut menus = Vec::new();
        loop {
            // RA_HandleInput(window, &code): wmh_Code points at a WORD,
            // where window.class stores the IntuiMessage's Code (a string
            // gadget's: the key that ended it, Tab included).
            let code = Box::new(Be16::new(0));
            let r = self.method(window, &[Be32::new(WM_HANDLEINPUT), Be32::new(mem::abs(&*code as *const Be16))]);
            if r == WMHI_LASTMSG {
                break;
            }
            match ra::event_of(r, code.get(), &self.row_map, &mut read) {
                Input::Event(e) => out.push(e),
                Input::Menu(c) => menus.push(c),
                Input::Released(_) | Input::Nothing => {}
            }
        }
        if let Some(&UiEvent::SelectRow(i)) = out.iter().rev().find(|e| matches!(e, UiEvent::SelectRow(_))) {
            self.selected = Some(i);
            self.show_echo();
        }
        for c in menus {
            self.menu_events(c, &mut out);
        }
        out
    }

    fn set_view(&mut self, view: &View) {
        self.read_folds();
        self.tree = ra::tree_nodes(view, &self.collapsed);
        self.kinds = view.rows().iter().map(|r| r.kind).collect();
        self.lines = view.rows().iter().map(|r| r.text.clone()).collect();
        let moved = view.selected_row() != self.selected;
        self.selected = view.selected_row();
        self.show_tree(moved);
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
        self.kinds.clear();
        self.lines = rows.to_vec();
        self.selected = selected;
        self.show_tree(true);
    }

    fn set_selected(&mut self, selected: Option<usize>) {
        self.selected = selected;
        if let Some(b) = &self.built {
            let shown = Shown {
                selected: selected.and_then(|r| self.row_map.node_of(r)),
                top: None,
                make_visible: ra::make_visible(&self.tree, selected),
            };
            self.set_gadget(b.list, b.win, ra::select_tags(shown));
        }
        self.show_echo();
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
            self.set_gadget(b.status, b.win, ra::status_text_tags(a));
            self.status_text = s;
        }
    }

    fn name_text(&mut self) -> Vec<u8> {
        let Some(b) = &self.built else { return Vec::new() };
        string_value(self.intuition, b.name)
    }

    fn set_name_text(&mut self, text: &[u8]) {
        if let Some(b) = &self.built {
            // string.gadget copies STRINGA_TextVal into its buffer.
            let mut s = OwnedStrings::new();
            let a = s.add(text);
            self.set_gadget(b.name, b.win, ra::string_text_tags(a));
        }
    }

    fn set_checks(&mut self, auto_refresh: bool, system_gadgets: bool) {
        // Applied when the menus are built (at open; the controller sets
        // them before it opens the window).
        self.auto_refresh = auto_refresh;
        self.system_gadgets = system_gadgets;
    }

    fn ask(&mut self, text: &[u8], buttons: &[u8]) -> i32 {
        self.busy(true);
        let r = self.intuition.easy_request(self.window_addr(), controls::request_title(&self.text), text, buttons);
        self.busy(false);
        r
    }

    fn file_request(&mut self, what: FileAsk, drawer: &[u8], file: &[u8]) -> Option<Vec<u8>> {
        let title = controls::file_request_title(&self.text, what).to_vec();
        self.busy(true);
        let r = amiga_rt::asl::file_request(self.window_addr(), &title, what.save(), drawer, file);
        self.busy(false);
        r
    }
}

impl Drop for ReactionUi<'_> {
    fn drop(&mut self) {
        self.close();
    }
}
