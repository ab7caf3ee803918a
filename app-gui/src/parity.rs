//! Front-end parity on the host: one scripted session (select, fold a
//! branch, filter, name, export, iconify, quit with unsaved names) played
//! through the GadTools window's input decoding (IntuiMessages over
//! [`crate::gadtools::plan`]) and the ReAction window's
//! (`WM_HANDLEINPUT` results and listbrowser attributes over
//! [`crate::reaction::window_plan`]), each into its own controller over
//! the same fake Intuition. Both must make the same calls to the
//! controller and see the same answers. Gadget IDs are looked up in each
//! window's plan, so a control missing from one plan fails here too.
use crate::controls::Kind;
use crate::gadtools::{self, Decoded};
use crate::gui::{gadget_ids as ids, Desk, FileAsk, Frontend, Gui, UiEvent};
use crate::reaction::{self as ra, GadgetState, Input, RowMap};
use crate::settings::Settings;
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
        self.log.push("open".into());
        Ok(())
    }
    fn close(&mut self) {
        self.open = false;
        self.log.push("close".into());
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

/// The session: select Connect, fold its window's branch, filter, name
/// it, export, one more name, Record and Record/Stop recording, iconify
/// and back, quit (Cancel, then Throw away).
fn session() -> Vec<Step> {
    use Step::*;
    alloc::vec![
        SelectRow("\"Connect\""),
        FoldBranch("window \"GadTools Fixture\""),
        Type(ids::FILTER, b"connect"),
        SelectRow("\"Connect\""),
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
        Toolkit::Reaction => ra::controls_of(&ra::window_plan(None)),
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
            let result = |r: u32, rel: u32, sel: u32, ui: &Recorder| {
                let map = nodes(ui);
                match ra::event_of(r, &map, &mut LbState { rel, node: sel, ui }) {
                    Input::Event(e) => alloc::vec![e],
                    Input::Menu(_) => panic!("menus are walked apart"),
                    _ => Vec::new(),
                }
            };
            let up = |id: u16| WMHI_GADGETUP | u32::from(planned(toolkit, id));
            match step {
                Step::SelectRow(t) => result(up(ids::LIST), LBRE_NORMAL, node(ui.row(t)), ui),
                // The arrow folds the branch; the selected node stays.
                Step::FoldBranch(t) => result(up(ids::LIST), LBRE_HIDECHILDREN, node(ui.row(t)), ui),
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
/// (events and flows), front-end calls, desk calls and written files.
fn play(toolkit: Toolkit) -> (Vec<String>, Vec<String>, DeskLog) {
    let mut os = world();
    let mut ui = Recorder { answers: alloc::vec![0, 1], ..Recorder::default() };
    let mut desk = DeskLog::default();
    let mut g = Gui::new(Settings { profile_dir: b"DH0:".to_vec(), ..Settings::default() });
    let mut calls = Vec::new();
    g.show(&mut os, &mut ui, &mut desk);
    for step in session() {
        if let Step::Show = step {
            calls.push("show".to_string());
            g.request(gadgetscope_engine::UiRequest::Show, &mut os, &mut ui, &mut desk);
            continue;
        }
        for e in decode(toolkit, &step, &mut ui) {
            let flow = g.event(e.clone(), &mut os, &mut ui, &mut desk);
            calls.push(format!("{e:?} -> {flow:?}"));
        }
    }
    (calls, core::mem::take(&mut ui.log), desk)
}

#[test]
fn both_windows_make_the_same_calls_to_the_controller() {
    let (gt_calls, gt_ui, gt_desk) = play(Toolkit::GadTools);
    let (ra_calls, ra_ui, ra_desk) = play(Toolkit::Reaction);
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
