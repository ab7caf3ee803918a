//! Front-end parity on the host: one scripted session (select, fold a
//! branch, filter, Tab out of the name field, name, export, iconify, quit
//! with unsaved names) played
//! through the GadTools window's input decoding (IntuiMessages over
//! [`crate::gadtools::plan`]) and the ReAction window's
//! (`WM_HANDLEINPUT` results and listbrowser attributes over
//! [`crate::reaction::window_plan`]), each into its own controller over
//! the same fake Intuition. Both must make the same calls to the
//! controller and see the same answers. Gadget IDs are looked up in each
//! window's plan, so a control missing from one plan fails here too.
//! The ReAction run also keeps the tree as `reaction_ui` does (its nodes
//! rebuilt at each view, the folds read back at each rebuild and at
//! iconify), so a fold lost on iconify fails; and both status lines must
//! show a `_` as it is (the session's messages name gadgets such as
//! `name_field`).
use crate::controls::Kind;
use crate::controls::TAB_CODE;
use crate::events::{gadget_ids as ids, FileAsk, UiEvent};
use crate::gadtools::{self, Decoded};
use crate::gui::WindowSettings;
use crate::gui::{Desk, Frontend, Gui};
use crate::reaction::{self as ra, GadgetState, Input, RowMap};
use crate::strings::{menu, picked_events, Strings};
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use amiga_ndk::gadtools::GADTOOL_TYPE;
use amiga_ndk::intuition::*;
use amiga_ndk::reaction::*;
use gadgetscope_core::fake::{FakeIntuition, GadgetSpec};

/// What the user does, in toolkit-neutral terms.
#[derive(Clone, Debug)]
enum Step {
    /// Click the row whose line contains this text.
    SelectRow(&'static str),
    /// Click the branch arrow of that row (folds it; selects nothing).
    FoldBranch(&'static str),
    /// Type into a text field and press Return.
    Type(u16, &'static [u8]),
    /// Type into a text field without Return (no release).
    Fill(u16, &'static [u8]),
    /// Tab (or Shift-Tab: the same code) in a text field: it ends with a
    /// release whose code is controls::TAB_CODE.
    Tab(u16),
    /// Click a button.
    Click(u16),
    /// Pick a menu item (its `menu::` action).
    Menu(u32),
    /// The window's iconify: ReAction's title bar gadget, Project/Iconify
    /// in the GadTools window (it has no such gadget).
    Iconify,
    /// The AppIcon was double-clicked (SHOW).
    Show,
    /// The close gadget.
    Close,
}

/// A front-end as the controller sees it, recording every call; `ask`
/// answers from a script.
#[derive(Default)]
struct Recorder {
    open: bool,
    log: Vec<String>,
    rows: Vec<Vec<u8>>,
    /// What the user typed into the text fields (by ID).
    fields: Vec<(u16, Vec<u8>)>,
    answers: Vec<i32>,
    /// ReAction only: the tree as reaction_ui keeps it.
    tree: Option<ReactionTree>,
}

/// The ReAction window's tree as `reaction_ui` keeps it: the nodes the
/// next list is built from, the rows' kinds, the folded branches, and
/// the flags of the list shown while the window is open (what the list
/// browser holds, the user's folds included).
#[derive(Default)]
struct ReactionTree {
    nodes: Vec<ra::TreeNode>,
    kinds: Vec<crate::view::RowKind>,
    collapsed: Vec<crate::view::RowKind>,
    shown: Option<Vec<Option<u32>>>,
}

impl ReactionTree {
    /// reaction_ui `read_folds`: the shown list's folds kept, and the
    /// nodes folded alike.
    fn read_folds(&mut self) {
        if let Some(flags) = &self.shown {
            self.collapsed = ra::keep_folds(&mut self.nodes, &self.kinds, flags);
        }
    }
    /// reaction_ui `set_view`.
    fn set_view(&mut self, view: &crate::view::View, open: bool) {
        self.read_folds();
        self.nodes = ra::tree_nodes(view, &self.collapsed);
        self.kinds = view.rows().iter().map(|r| r.kind).collect();
        if open {
            self.show();
        }
    }
    /// A list built from the nodes is attached (open, or a rebuild).
    fn show(&mut self) {
        self.shown = Some(self.nodes.iter().map(|n| Some(n.flags)).collect());
    }
    /// The user clicks the branch arrow of node `row`: the list browser
    /// folds it (its flags, and its children hidden).
    fn fold(&mut self, row: usize) {
        let Some(shown) = &mut self.shown else { return };
        let g = self.nodes[row].generation;
        if let Some(Some(f)) = shown.get_mut(row) {
            *f &= !LBFLG_SHOWCHILDREN;
        }
        for i in row + 1..self.nodes.len() {
            if self.nodes[i].generation <= g {
                break;
            }
            if let Some(Some(f)) = shown.get_mut(i) {
                *f |= LBFLG_HIDDEN;
            }
        }
    }
    /// Whether row `i` is a folded branch in the list the window shows.
    fn folded(&self, i: usize) -> bool {
        let f = self.shown.as_ref().and_then(|s| s.get(i).copied().flatten()).unwrap_or(0);
        f & LBFLG_HASCHILDREN != 0 && f & LBFLG_SHOWCHILDREN == 0
    }
}

impl Recorder {
    fn field(&self, id: u16) -> Vec<u8> {
        self.fields.iter().find(|f| f.0 == id).map(|f| f.1.clone()).unwrap_or_default()
    }
    fn row(&self, text: &str) -> usize {
        self.rows
            .iter()
            .position(|r| String::from_utf8_lossy(r).contains(text))
            .unwrap_or_else(|| panic!("no row with {text:?}"))
    }
}

impl Frontend for Recorder {
    fn is_open(&self) -> bool {
        self.open
    }
    fn open(&mut self) -> Result<(), String> {
        self.open = true;
        if let Some(t) = &mut self.tree {
            t.show();
        }
        self.log.push("open".into());
        Ok(())
    }
    fn close(&mut self) {
        self.open = false;
        if let Some(t) = &mut self.tree {
            // reaction_ui `close`: the folds read, the list freed.
            t.read_folds();
            t.shown = None;
        }
        self.log.push("close".into());
    }
    fn set_view(&mut self, view: &crate::view::View) {
        let open = self.open;
        if let Some(t) = &mut self.tree {
            t.set_view(view, open);
        }
        let rows: Vec<Vec<u8>> = view.rows().iter().map(|r| r.text.clone()).collect();
        self.set_rows(&rows, view.selected_row());
    }
    fn signal_mask(&self) -> u32 {
        0
    }
    fn events(&mut self) -> Vec<UiEvent> {
        Vec::new()
    }
    fn set_rows(&mut self, rows: &[Vec<u8>], selected: Option<usize>) {
        self.rows = rows.to_vec();
        self.log.push(format!("rows {} selected {selected:?}", rows.len()));
    }
    fn set_selected(&mut self, selected: Option<usize>) {
        self.log.push(format!("selected {selected:?}"));
    }
    fn set_details(&mut self, lines: &[Vec<u8>]) {
        self.log.push(format!("details {}", lines.len()));
    }
    fn set_status(&mut self, text: &[u8]) {
        self.log.push(format!("status {}", String::from_utf8_lossy(text)));
    }
    fn name_text(&mut self) -> Vec<u8> {
        self.field(ids::NAME)
    }
    fn set_name_text(&mut self, text: &[u8]) {
        self.fields.retain(|f| f.0 != ids::NAME);
        self.fields.push((ids::NAME, text.to_vec()));
        self.log.push(format!("name {}", String::from_utf8_lossy(text)));
    }
    fn set_checks(&mut self, a: bool, s: bool) {
        self.log.push(format!("checks {a} {s}"));
    }
    fn ask(&mut self, text: &[u8], buttons: &[u8]) -> i32 {
        self.log.push(format!("ask {} [{}]", String::from_utf8_lossy(text), String::from_utf8_lossy(buttons)));
        if self.answers.is_empty() {
            0
        } else {
            self.answers.remove(0)
        }
    }
    fn file_request(&mut self, what: FileAsk, _drawer: &[u8], _file: &[u8]) -> Option<Vec<u8>> {
        self.log.push(format!("file request {}", what.save()));
        None
    }
}

/// A desk that records what it was asked to do.
#[derive(Default)]
struct DeskLog {
    log: Vec<String>,
    files: Vec<(Vec<u8>, Vec<u8>)>,
}

impl Desk for DeskLog {
    fn show_frame(&mut self, screen: u32, left: i32, top: i32, width: i32, height: i32) {
        self.log.push(format!("frame {screen:x} {left},{top} {width}x{height}"));
    }
    fn hide_frame(&mut self) {
        self.log.push("no frame".into());
    }
    fn frame_windows(&self) -> [u32; 4] {
        [0; 4]
    }
    fn frame_to_front(&mut self) {}
    fn raise(&mut self, window: u32) {
        self.log.push(format!("raise {window:x}"));
    }
    fn tick(&mut self) {}
    fn start_pick(&mut self) -> Result<(), String> {
        self.log.push("pick".into());
        Ok(())
    }
    fn stop_pick(&mut self) {}
    fn write_file(&mut self, path: &[u8], data: &[u8]) -> Result<(), String> {
        self.log.push(format!("write {}", String::from_utf8_lossy(path)));
        self.files.push((path.to_vec(), data.to_vec()));
        Ok(())
    }
    fn read_file(&mut self, _path: &[u8]) -> Result<Vec<u8>, String> {
        Err("Object not found".into())
    }
    fn write_icon(&mut self, path: &[u8]) -> Result<(), String> {
        self.log.push(format!("icon {}", String::from_utf8_lossy(path)));
        Ok(())
    }
    fn app_icon(&mut self, on: bool) -> bool {
        self.log.push(format!("app icon {on}"));
        true
    }
    fn help(&mut self) -> Result<(), String> {
        Err("no MultiView".into())
    }
}

/// The GadTools fixture's window on the Workbench screen: Connect (1),
/// a string gadget (2), and a close gadget.
fn world() -> FakeIntuition {
    let mut os = FakeIntuition::new();
    let screen = os.add_screen(Some(b"Workbench Screen"), (0, 0, 640, 256));
    let window = os.add_window(screen, Some(b"GadTools Fixture"), (20, 24, 408, 171));
    let mut close = GadgetSpec::new(GTYP_SYSGADGET | GTYP_CLOSE, 0, 0, 20, 11);
    close.id = 0;
    os.add_gadget(window, &close);
    let mut b = GadgetSpec::new(GTYP_BOOLGADGET | GADTOOL_TYPE, 94, 19, 140, 14);
    b.id = 1;
    b.gadget_text = os.intuitext(Some(b"Connect"));
    os.add_gadget(window, &b);
    let mut s = GadgetSpec::new(GTYP_STRGADGET | GADTOOL_TYPE, 98, 39, 132, 10);
    s.id = 2;
    s.special_info = os.string_info(b"hello");
    os.add_gadget(window, &s);
    os
}

/// The session: select Connect, filter, Tab out of the name field and
/// out of the filter, name it, export, one more name, Record and
/// Record/Stop recording, fold its window's branch, iconify and back,
/// quit (Cancel, then Throw away).
fn session() -> Vec<Step> {
    use Step::*;
    alloc::vec![
        SelectRow("\"Connect\""),
        Type(ids::FILTER, b"connect"),
        SelectRow("\"Connect\""),
        Fill(ids::NAME, b"tabbed"),
        Tab(ids::NAME),
        Tab(ids::FILTER),
        Type(ids::NAME, b"connect"),
        Click(ids::EXPORT),
        Type(ids::FILTER, b""),
        SelectRow("value=\"hello\""),
        Click(ids::HIGHLIGHT),
        Fill(ids::NAME, b"name_field"),
        Click(ids::NAME_BUTTON),
        Menu(menu::AUTO_REFRESH),
        Click(ids::RECORD),
        Menu(menu::RECORD_STOP),
        // Folded after the last rebuild (auto refresh is off): only the
        // list shown knows it when the window closes.
        FoldBranch("window \"GadTools Fixture\""),
        Iconify,
        Show,
        Click(ids::REFRESH),
        Close,
        Close,
    ]
}

/// Which front-end's input decoding a run goes through.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Toolkit {
    GadTools,
    Reaction,
}

/// The ReAction window's gadgets as the fake user left them.
struct LbState<'r> {
    rel: u32,
    node: u32,
    ui: &'r Recorder,
}

impl GadgetState for LbState<'_> {
    fn rel_event(&mut self) -> u32 {
        self.rel
    }
    fn selected_node(&mut self) -> u32 {
        self.node
    }
    fn text(&mut self, id: u16) -> Vec<u8> {
        self.ui.field(id)
    }
}

/// `id` as the toolkit's plan has it; panics when the plan lacks it.
fn planned(toolkit: Toolkit, id: u16) -> u16 {
    let built = match toolkit {
        Toolkit::GadTools => gadtools::controls_of(&gadtools::plan(&Strings::english(), 8, 640, 256)),
        Toolkit::Reaction => ra::controls_of(&ra::window_plan(None, (640, 256))),
    };
    built.iter().find(|b| b.0 == id).map(|b| b.0).unwrap_or_else(|| panic!("control {id} missing from the plan"))
}

/// One step as the toolkit reports it to the front-end, decoded by the
/// front-end's own code into controller events.
fn decode(toolkit: Toolkit, step: &Step, ui: &mut Recorder) -> Vec<UiEvent> {
    let node = |row: usize| 0x0010_0000 + 0x40 * row as u32;
    let nodes = |ui: &Recorder| RowMap::new((0..ui.rows.len()).map(node).collect());
    let (auto, sys) = (&mut true, &mut true);
    let menu_pick = |action: u32, auto: &mut bool, sys: &mut bool| {
        // Both windows walk the strip with ItemAddress/NextSelect and
        // read nm_UserData and CHECKED (amiga_rt::gadtools::picked_items);
        // the one toggle picked here, Auto refresh, was on: now unchecked.
        picked_events(&[(action, false)], auto, sys)
    };
    match toolkit {
        Toolkit::GadTools => {
            let gadget_up = |id: u16, code: u16, ui: &Recorder| {
                let id = planned(toolkit, id);
                match gadtools::decode(IDCMP_GADGETUP, code, Some(id), |f| ui.field(f)) {
                    Decoded::Event(e) => alloc::vec![e],
                    _ => Vec::new(),
                }
            };
            match step {
                Step::SelectRow(t) => gadget_up(ids::LIST, ui.row(t) as u16, ui),
                // A LISTVIEW has no branches: nothing happens.
                Step::FoldBranch(_) => Vec::new(),
                Step::Type(f, text) => {
                    ui.fields.retain(|x| x.0 != *f);
                    ui.fields.push((*f, text.to_vec()));
                    gadget_up(*f, 0, ui)
                }
                Step::Fill(f, text) => {
                    ui.fields.retain(|x| x.0 != *f);
                    ui.fields.push((*f, text.to_vec()));
                    Vec::new()
                }
                Step::Tab(f) => gadget_up(*f, TAB_CODE, ui),
                Step::Click(b) => gadget_up(*b, 0, ui),
                Step::Menu(a) => match gadtools::decode(IDCMP_MENUPICK, 0x0841, None, |_| Vec::new()) {
                    Decoded::Menu(_) => menu_pick(*a, auto, sys),
                    other => panic!("{other:?}"),
                },
                Step::Iconify => menu_pick(menu::ICONIFY, auto, sys),
                Step::Show => Vec::new(),
                Step::Close => match gadtools::decode(IDCMP_CLOSEWINDOW, 0, None, |_| Vec::new()) {
                    Decoded::Event(e) => alloc::vec![e],
                    other => panic!("{other:?}"),
                },
            }
        }
        Toolkit::Reaction => {
            let result_code = |r: u32, code: u16, rel: u32, sel: u32, ui: &Recorder| {
                let map = nodes(ui);
                match ra::event_of(r, code, &map, &mut LbState { rel, node: sel, ui }) {
                    Input::Event(e) => alloc::vec![e],
                    Input::Menu(_) => panic!("menus are walked apart"),
                    _ => Vec::new(),
                }
            };
            let result = |r: u32, rel: u32, sel: u32, ui: &Recorder| result_code(r, 0, rel, sel, ui);
            let up = |id: u16| WMHI_GADGETUP | u32::from(planned(toolkit, id));
            match step {
                Step::SelectRow(t) => result(up(ids::LIST), LBRE_NORMAL, node(ui.row(t)), ui),
                // The arrow folds the branch; the selected node stays.
                Step::FoldBranch(t) => {
                    let row = ui.row(t);
                    if let Some(tree) = &mut ui.tree {
                        tree.fold(row);
                    }
                    result(up(ids::LIST), LBRE_HIDECHILDREN, node(row), ui)
                }
                Step::Type(f, text) => {
                    ui.fields.retain(|x| x.0 != *f);
                    ui.fields.push((*f, text.to_vec()));
                    result(up(*f), 0, 0, ui)
                }
                Step::Fill(f, text) => {
                    ui.fields.retain(|x| x.0 != *f);
                    ui.fields.push((*f, text.to_vec()));
                    Vec::new()
                }
                // wmh_Code holds the IntuiMessage's code.
                Step::Tab(f) => result_code(up(*f), TAB_CODE, 0, 0, ui),
                Step::Click(b) => result(up(*b), 0, 0, ui),
                Step::Menu(a) => match ra::decode(WMHI_MENUPICK | 0x0841) {
                    Input::Menu(_) => menu_pick(*a, auto, sys),
                    other => panic!("{other:?}"),
                },
                Step::Iconify => result(WMHI_ICONIFY, 0, 0, ui),
                Step::Show => Vec::new(),
                Step::Close => result(WMHI_CLOSEWINDOW, 0, 0, ui),
            }
        }
    }
}

/// Plays the session through `toolkit`: the log of controller calls
/// (events and flows), front-end calls, desk calls and written files,
/// and (ReAction) whether the branch folded before iconify was folded in
/// the list the reopened window showed.
fn play(toolkit: Toolkit) -> (Vec<String>, Vec<String>, DeskLog, Option<bool>) {
    let mut os = world();
    let tree = (toolkit == Toolkit::Reaction).then(ReactionTree::default);
    let mut ui = Recorder { answers: alloc::vec![0, 1], tree, ..Recorder::default() };
    let mut desk = DeskLog::default();
    let mut g = Gui::new(WindowSettings { port: b"GADGETSCOPE.1".to_vec(), refresh: 1, profile_dir: b"DH0:".to_vec() });
    let mut calls = Vec::new();
    g.show(&mut os, &mut ui, &mut desk);
    let mut folded_after_show = None;
    for step in session() {
        if let Step::Show = step {
            calls.push("show".to_string());
            g.request(gadgetscope_engine::UiRequest::Show, &mut os, &mut ui, &mut desk);
            let row = ui.row("window \"GadTools Fixture\"");
            folded_after_show = ui.tree.as_ref().map(|t| t.folded(row));
            continue;
        }
        for e in decode(toolkit, &step, &mut ui) {
            let flow = g.event(e.clone(), &mut os, &mut ui, &mut desk);
            calls.push(format!("{e:?} -> {flow:?}"));
        }
    }
    (calls, core::mem::take(&mut ui.log), desk, folded_after_show)
}

#[test]
fn both_windows_make_the_same_calls_to_the_controller() {
    let (gt_calls, gt_ui, gt_desk, _) = play(Toolkit::GadTools);
    let (ra_calls, ra_ui, ra_desk, ra_folded) = play(Toolkit::Reaction);
    assert_eq!(gt_calls, ra_calls);
    assert_eq!(gt_ui, ra_ui);
    assert_eq!(gt_desk.log, ra_desk.log);
    assert_eq!(gt_desk.files, ra_desk.files);
    // What the session is about happened (so the equality is not that of
    // two empty runs).
    let select = gt_calls.iter().filter(|c| c.starts_with("SelectRow(")).count();
    assert_eq!(select, 3, "the branch arrow selected nothing: {gt_calls:#?}");
    for want in [
        "Filter([99, 111, 110, 110, 101, 99, 116]) -> Continue",
        "Export -> Continue",
        "Iconify -> Continue",
        "AutoRefresh(false) -> Continue",
        "Record -> Continue",
        "RecordStop -> Continue",
        "Quit -> Continue",
        "Quit -> Quit",
    ] {
        assert!(gt_calls.iter().any(|c| c == want), "no {want:?} in {gt_calls:#?}");
    }
    assert_eq!(gt_desk.files.len(), 1, "the export wrote the manifest");
    let manifest = String::from_utf8_lossy(&gt_desk.files[0].1).to_string();
    assert!(manifest.contains("GADGET connect gadtools_fixture 1"), "{manifest}");
    // Tab and Shift-Tab only moved on: the names come from Return
    // (connect) and the Name button (name_field), never "tabbed".
    let named: Vec<&String> = gt_ui.iter().filter(|l| l.starts_with("status Named")).collect();
    assert_eq!(named, ["status Named connect.", "status Named name_field."], "{gt_ui:#?}");
    assert_eq!(gt_calls.iter().filter(|c| c.starts_with("Name ->")).count(), 2, "{gt_calls:#?}");
    assert!(!manifest.contains("tabbed"), "{manifest}");
    assert!(gt_calls.iter().any(|c| c.starts_with("Filter([]) ")), "Tab applied the filter field: {gt_calls:#?}");
    // The ReAction list folded before iconify is folded after SHOW.
    assert_eq!(ra_folded, Some(true), "the fold survives iconify");
    let asked: Vec<&String> = gt_ui.iter().filter(|l| l.starts_with("ask ")).collect();
    assert_eq!(asked.len(), 2, "quit with unsaved names asks (Cancel, then Throw away): {gt_ui:#?}");
}

/// Each control both windows make decodes to the same controller call.
#[test]
fn every_control_releases_alike() {
    for c in crate::controls::CONTROLS {
        let mut ui = Recorder { rows: alloc::vec![b"a".to_vec(), b"b".to_vec()], ..Recorder::default() };
        ui.fields.push((c.id, b"typed".to_vec()));
        let gt = match gadtools::decode(IDCMP_GADGETUP, 1, Some(c.id), |f| ui.field(f)) {
            Decoded::Event(e) => Some(e),
            _ => None,
        };
        let map = RowMap::new(alloc::vec![0x100, 0x140]);
        let r = ra::event_of(
            WMHI_GADGETUP | u32::from(c.id),
            1,
            &map,
            &mut LbState { rel: LBRE_NORMAL, node: 0x140, ui: &ui },
        );
        let ra = match r {
            Input::Event(e) => Some(e),
            _ => None,
        };
        assert_eq!(gt, ra, "{c:?}");
        assert_eq!(gt.is_some(), c.act != crate::controls::Act::None, "{c:?}");
        if c.kind == Kind::Tree {
            assert_eq!(gt, Some(UiEvent::SelectRow(1)));
        }
    }
}

/// Both status lines show text as it is: GadTools' TEXT_KIND draws no
/// shortcut (no `GT_Underscore`), ReAction's button has `GA_Underscore`
/// 0 (its default is `_`: "Named name_field." would lose its `_` and
/// underline the `f`) and a domain string, so its width does not follow
/// the message.
#[test]
fn status_lines_show_underscores_and_keep_their_width() {
    use amiga_ndk::gadtools::{GT_Underscore, TEXT_KIND};
    let gt = gadtools::plan(&Strings::english(), 8, 640, 256);
    let status = gt.gadgets.iter().find(|g| g.id == ids::STATUS).unwrap();
    assert_eq!(status.kind, TEXT_KIND);
    assert!(status.tags.iter().all(|t| t.0 != GT_Underscore), "{status:?}");
    let plan = ra::window_plan(None, (640, 256));
    let status = &plan[ra::object_with_id(&plan, ids::STATUS).unwrap()];
    let get = |k: u32| status.tags.iter().find(|t| t.0 == k).map(|t| t.1);
    assert_eq!(get(GA_Underscore), Some(ra::Val::Int(0)));
    assert_eq!(get(BUTTON_DomainString), Some(ra::Val::Text(ra::STATUS_DOMAIN)));
    // The session's messages fit that domain.
    let (_, ui, _, _) = play(Toolkit::Reaction);
    for l in ui.iter().filter_map(|l| l.strip_prefix("status ")) {
        if l.starts_with("Named") {
            assert!(l.len() <= ra::STATUS_DOMAIN.len(), "{l}");
        }
    }
}
