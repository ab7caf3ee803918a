//! The GUI's behaviour, shared by the GadTools and ReAction front-ends
//! (docs/architecture.md, "The crates, top to bottom"): what a button, a menu
//! item, a pick-mode signal or an ARexx SHOW/HIDE/HIGHLIGHT does to the view
//! model ([`crate::view`]), the profile being recorded and the screen.
//!
//! The front-end ([`Frontend`]) only shows rows and texts and reports
//! [`UiEvent`]s; the Amiga side of highlighting, picking and files is the
//! [`Desk`]. Both are traits so that the host tests drive the controller
//! over `FakeIntuition` with recording fakes.
use crate::events::{FileAsk, UiEvent};
use crate::placement;
use crate::strings::{ids as msg, Strings};
use crate::view::{Filter, KindNames, View};
use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;
use amiga_ndk::latin1::to_string as shown;
use amiga_ndk::path::split_path;
use amiga_ndk::Rect;
use gadgetscope_arexx::{RecordOp, Reply};
use gadgetscope_core::pick;
use gadgetscope_core::profile::Profile;
use gadgetscope_core::snapshot::{ScreensSnapshot, WindowInfo, WindowSnap};
use gadgetscope_core::walk::{read_screens, walk_window, IntuitionOs};
use gadgetscope_engine::recording::RecordState;
use gadgetscope_engine::UiRequest;

/// `RECORD` carried out for the window by the engine that serves ARexx
/// and the wire (the event loop's), so that the Record control and a
/// script's `RECORD` are one path (docs/reference/commands.md, "RECORD").
pub trait Commands {
    /// Carries out `RECORD START|STOP|SAVE` and returns its reply (RC and
    /// result or error text, as a script would get them).
    fn run(&mut self, op: &RecordOp) -> Reply;
    /// Where RECORD stands now.
    fn record_state(&self) -> RecordState;
}

/// The window of a front-end.
pub trait Frontend {
    /// Is the window open (not iconified)?
    fn is_open(&self) -> bool;
    /// Opens the window; `Err` is a sentence for the user.
    fn open(&mut self) -> Result<(), String>;
    /// Closes the window (iconify or quit).
    fn close(&mut self);
    /// Signals its IDCMP port raises (0 when closed).
    fn signal_mask(&self) -> u32;
    /// Every event waiting at the port.
    fn events(&mut self) -> Vec<UiEvent>;
    /// New list contents (Latin-1 lines) and the selected row.
    fn set_rows(&mut self, rows: &[Vec<u8>], selected: Option<usize>);
    /// New list contents from the view itself, for a front-end that shows
    /// columns (ReAction's listbrowser splits each row with
    /// [`View::row_columns`]). The default hands the rows' Latin-1 lines
    /// to [`Frontend::set_rows`].
    fn set_view(&mut self, view: &View) {
        let rows: Vec<Vec<u8>> = view.rows().iter().map(|r| r.text.clone()).collect();
        self.set_rows(&rows, view.selected_row());
    }
    /// Selection only.
    fn set_selected(&mut self, selected: Option<usize>);
    /// The details area.
    fn set_details(&mut self, lines: &[Vec<u8>]);
    /// The status line.
    fn set_status(&mut self, text: &[u8]);
    /// The name field's text.
    fn name_text(&mut self) -> Vec<u8>;
    /// Sets the name field.
    fn set_name_text(&mut self, text: &[u8]);
    /// The View menu's checkmarks.
    fn set_checks(&mut self, auto_refresh: bool, system_gadgets: bool);
    /// A requester with `buttons` separated by `|`; returns the EasyRequest
    /// number (1 = first … 0 = last).
    fn ask(&mut self, text: &[u8], buttons: &[u8]) -> i32;
    /// An ASL file requester for `what`, opening in `drawer` with `file`
    /// filled in; `None` when cancelled or unavailable.
    fn file_request(&mut self, what: FileAsk, drawer: &[u8], file: &[u8]) -> Option<Vec<u8>>;
    /// The window's last box (pixels, screen-relative), to remember in
    /// ENVARC:GadgetScope/window.prefs; `None` when never opened.
    fn placement(&self) -> Option<crate::prefs::WindowBox> {
        None
    }
    /// Where to open the window (a remembered box; `None`: the default).
    fn set_placement(&mut self, _b: Option<crate::prefs::WindowBox>) {}
    /// The open window's `struct Window *` (0 when closed): the
    /// controller finds it in its walk (where it is, what it covers).
    fn window_addr(&self) -> u32 {
        0
    }
    /// Moves the open window to (`left`, `top`), pixels, screen-relative,
    /// its size kept (`ChangeWindowBox()`, which Intuition carries out
    /// later).
    fn move_window(&mut self, _left: i32, _top: i32) {}
    /// Once: why the preferred window was given up for another (a
    /// sentence for the status line); `None` when nothing was.
    fn take_notice(&mut self) -> Option<String> {
        None
    }
}

/// Two front-ends, the first preferred: the ReAction window, then the
/// GadTools one. Until the first has opened once, a failed open (classes
/// present but an object, the layout or `WM_OPEN` failing) hands over to
/// the second for good, so GadgetScope does not stay iconified. Settings
/// the controller gives before an open (checkmarks, placement) reach both.
pub struct FirstThatOpens<'a> {
    first: Option<Box<dyn Frontend + 'a>>,
    second: Box<dyn Frontend + 'a>,
    /// The first one opened once: it is kept whatever happens later.
    settled: bool,
    /// Why the first one was given up.
    pub fell_back: Option<String>,
}

impl<'a> FirstThatOpens<'a> {
    /// `first`, else `second`.
    pub fn new(first: Box<dyn Frontend + 'a>, second: Box<dyn Frontend + 'a>) -> FirstThatOpens<'a> {
        FirstThatOpens { first: Some(first), second, settled: false, fell_back: None }
    }

    fn active(&mut self) -> &mut (dyn Frontend + 'a) {
        match &mut self.first {
            Some(f) => &mut **f,
            None => &mut *self.second,
        }
    }

    fn active_ref(&self) -> &(dyn Frontend + 'a) {
        match &self.first {
            Some(f) => &**f,
            None => &*self.second,
        }
    }
}

impl Frontend for FirstThatOpens<'_> {
    fn is_open(&self) -> bool {
        self.active_ref().is_open()
    }
    fn open(&mut self) -> Result<(), String> {
        if let Some(f) = &mut self.first {
            match f.open() {
                Ok(()) => {
                    self.settled = true;
                    return Ok(());
                }
                Err(e) if self.settled => return Err(e),
                Err(e) => {
                    self.first = None;
                    self.fell_back = Some(e);
                }
            }
        }
        self.second.open()
    }
    fn close(&mut self) {
        self.active().close();
    }
    fn take_notice(&mut self) -> Option<String> {
        self.fell_back.take()
    }
    fn signal_mask(&self) -> u32 {
        self.active_ref().signal_mask()
    }
    fn events(&mut self) -> Vec<UiEvent> {
        self.active().events()
    }
    fn set_rows(&mut self, rows: &[Vec<u8>], selected: Option<usize>) {
        self.active().set_rows(rows, selected);
    }
    fn set_view(&mut self, view: &View) {
        self.active().set_view(view);
    }
    fn set_selected(&mut self, selected: Option<usize>) {
        self.active().set_selected(selected);
    }
    fn set_details(&mut self, lines: &[Vec<u8>]) {
        self.active().set_details(lines);
    }
    fn set_status(&mut self, text: &[u8]) {
        self.active().set_status(text);
    }
    fn name_text(&mut self) -> Vec<u8> {
        self.active().name_text()
    }
    fn set_name_text(&mut self, text: &[u8]) {
        self.active().set_name_text(text);
    }
    fn set_checks(&mut self, auto_refresh: bool, system_gadgets: bool) {
        if let Some(f) = &mut self.first {
            f.set_checks(auto_refresh, system_gadgets);
        }
        self.second.set_checks(auto_refresh, system_gadgets);
    }
    fn ask(&mut self, text: &[u8], buttons: &[u8]) -> i32 {
        self.active().ask(text, buttons)
    }
    fn file_request(&mut self, what: FileAsk, drawer: &[u8], file: &[u8]) -> Option<Vec<u8>> {
        self.active().file_request(what, drawer, file)
    }
    fn placement(&self) -> Option<crate::prefs::WindowBox> {
        self.active_ref().placement()
    }
    fn set_placement(&mut self, b: Option<crate::prefs::WindowBox>) {
        if let Some(f) = &mut self.first {
            f.set_placement(b);
        }
        self.second.set_placement(b);
    }
    fn window_addr(&self) -> u32 {
        self.active_ref().window_addr()
    }
    fn move_window(&mut self, left: i32, top: i32) {
        self.active().move_window(left, top);
    }
}

/// The Amiga side besides the window: frames, pick mode, files, AppIcon.
pub trait Desk {
    /// Frames `(left, top, width, height)` (pixels, screen-relative) on
    /// `screen`.
    fn show_frame(&mut self, screen: u32, left: i32, top: i32, width: i32, height: i32);
    /// Removes the frame.
    fn hide_frame(&mut self);
    /// The frame's bar windows (0 where none is open): GadgetScope's own
    /// windows without an IDCMP port.
    fn frame_windows(&self) -> [u32; 4];
    /// The frame's bars in front of every window (`WindowToFront()`).
    fn frame_to_front(&mut self);
    /// Brings `window` (found open in a walk just before) in front of the
    /// other windows of its screen without activating it: intuition
    /// `WindowToFront()`. The frame may be closed meanwhile: the
    /// controller shows it again right after.
    fn raise(&mut self, window: u32);
    /// Lets a tick (1/50 s) pass: dos `Delay(1)`, for a wait on what
    /// Intuition carries out later.
    fn tick(&mut self);
    /// Installs the pick-mode input handler; `Err` is a sentence.
    fn start_pick(&mut self) -> Result<(), String>;
    /// Removes it (idempotent).
    fn stop_pick(&mut self);
    /// Writes a whole file; `Err` names the problem.
    fn write_file(&mut self, path: &[u8], data: &[u8]) -> Result<(), String>;
    /// Reads a whole file.
    fn read_file(&mut self, path: &[u8]) -> Result<Vec<u8>, String>;
    /// Writes the profile project icon next to `path` (`path.info`).
    fn write_icon(&mut self, path: &[u8]) -> Result<(), String>;
    /// Shows (true) or removes (false) the AppIcon; false when Workbench
    /// cannot show one (GadgetScope is then iconified without an icon
    /// and SHOW or the commodity hotkey brings it back).
    fn app_icon(&mut self, on: bool) -> bool;
    /// Opens the AmigaGuide help; `Err` is a sentence.
    fn help(&mut self) -> Result<(), String>;
}

/// What pick mode reported since the last look (from the input handler).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PickReport {
    /// Pointer moves seen.
    pub moves: u32,
    /// The left button was pressed (and swallowed).
    pub clicked: bool,
    /// Esc or the right button.
    pub cancelled: bool,
}

/// Who placed GadgetScope's window: the step-aside rule
/// (crate::placement) moves it only from a place of GadgetScope's own.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Placing {
    /// The user did: a box remembered in `ENVARC:GadgetScope/window.prefs`
    /// at the first open, or the window seen moved since GadgetScope last
    /// placed it. For good (this run).
    user: bool,
    /// The first open happened (the remembered box was looked at).
    opened: bool,
    /// Where GadgetScope last put the window (left, top); `None` until it
    /// is first seen open.
    at: Option<(i16, i16)>,
    /// Where it was before GadgetScope's last move, until the window is
    /// seen at `at`: `ChangeWindowBox()` is carried out later.
    from: Option<(i16, i16)>,
}

impl Placing {
    /// The window is seen at `pos`: elsewhere than GadgetScope put it,
    /// the user moved it.
    fn seen(&mut self, pos: (i16, i16)) {
        match self.at {
            None => self.at = Some(pos),
            Some(a) if a == pos => self.from = None,
            _ if self.from == Some(pos) => {}
            _ => self.user = true,
        }
    }
}

/// The controller's answer to an event: go on or leave the loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

/// What the window takes of the program's settings (the program reads
/// them from the Shell line or the tooltypes: docs/reference/formats.md,
/// "Settings").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WindowSettings {
    /// The name of the ARexx port GadgetScope serves, as opened (About
    /// shows it).
    pub port: Vec<u8>,
    /// `REFRESH=`: seconds between list refreshes, 0 = off.
    pub refresh: u16,
    /// `PROFILEDIR=`: where profiles are saved and loaded.
    pub profile_dir: Vec<u8>,
}

/// The GUI state: view model, profile, settings, modes.
pub struct Gui {
    pub view: View,
    pub profile: Profile,
    pub settings: WindowSettings,
    /// Path the profile was last opened from or saved to.
    pub profile_path: Option<Vec<u8>>,
    picking: bool,
    framed: bool,
    /// Who placed the window, for the step-aside rule (crate::placement).
    placing: Placing,
    auto_refresh: bool,
    /// Ticks (10 per second) until the next automatic refresh.
    countdown: u32,
    /// Requester texts (catalog or built-in English).
    text: Strings,
    /// Where RECORD stood at the last look ([`Gui::sync_record`]).
    record: RecordState,
    /// RECORD commands the window asked for, run by [`Gui::run_commands`].
    queued: Vec<RecordOp>,
}

impl Gui {
    /// A GUI with `settings` (REFRESH=0 turns auto refresh off).
    pub fn new(settings: WindowSettings) -> Gui {
        let auto_refresh = settings.refresh > 0;
        let text = Strings::load(None);
        let mut view = View::new();
        view.set_names(KindNames::from_strings(&text));
        Gui {
            view,
            profile: Profile::new(),
            settings,
            profile_path: None,
            picking: false,
            framed: false,
            placing: Placing::default(),
            auto_refresh,
            countdown: 0,
            text,
            record: RecordState::default(),
            queued: Vec::new(),
        }
    }

    /// True while pick mode is on.
    pub fn picking(&self) -> bool {
        self.picking
    }

    /// Whether the loop should run its tick timer for this GUI: auto
    /// refresh with the window open, or pick mode. Nothing while iconified.
    pub fn wants_ticks(&self, ui: &dyn Frontend) -> bool {
        ui.is_open() && (self.auto_refresh || self.picking)
    }

    /// Walks every window now and updates the list when the result changed.
    pub fn refresh<O: IntuitionOs, F: Frontend + ?Sized, D: Desk + ?Sized>(
        &mut self,
        os: &mut O,
        ui: &mut F,
        desk: &mut D,
    ) {
        let Ok(snap) = read_screens(os) else {
            self.say(ui, b"IntuitionBase cannot be read");
            return;
        };
        let mut windows: Vec<WindowSnap> = Vec::new();
        for w in snap.windows() {
            if let Ok(t) = walk_window(os, w) {
                windows.push(t);
            }
        }
        if self.view.update(&snap, windows) {
            self.show_rows(ui);
        }
        self.follow(ui, desk);
    }

    fn show_rows<F: Frontend + ?Sized>(&mut self, ui: &mut F) {
        ui.set_view(&self.view);
        ui.set_details(&self.view.details(&self.profile));
    }

    /// The frame follows the selection (or goes when it is gone).
    fn follow<F: Frontend + ?Sized, D: Desk + ?Sized>(&mut self, ui: &mut F, desk: &mut D) {
        if !self.framed || self.picking {
            return;
        }
        match self.view.highlight() {
            Some((screen, l, t, w, h)) if ui.is_open() => desk.show_frame(screen, l, t, w, h),
            _ => {
                desk.hide_frame();
                self.framed = false;
            }
        }
    }

    /// One 100 ms tick: counts down to the next automatic refresh.
    pub fn tick<O: IntuitionOs, F: Frontend + ?Sized, D: Desk + ?Sized>(
        &mut self,
        os: &mut O,
        ui: &mut F,
        desk: &mut D,
    ) {
        if !ui.is_open() || !self.auto_refresh || self.picking {
            return;
        }
        if self.countdown == 0 {
            self.countdown = u32::from(self.settings.refresh).saturating_mul(10).max(1);
            self.refresh(os, ui, desk);
        }
        self.countdown -= 1;
    }

    /// Applies an ARexx request (SHOW, HIDE, HIGHLIGHT).
    pub fn request<O: IntuitionOs, F: Frontend + ?Sized, D: Desk + ?Sized>(
        &mut self,
        r: UiRequest,
        os: &mut O,
        ui: &mut F,
        desk: &mut D,
    ) {
        match r {
            UiRequest::Show => self.show(os, ui, desk),
            UiRequest::Hide => self.iconify(ui, desk),
            UiRequest::Highlight { window, gadget } => {
                if !ui.is_open() {
                    self.show(os, ui, desk);
                }
                self.refresh(os, ui, desk);
                if self.view.select_gadget(window, gadget) {
                    self.show_rows(ui);
                    self.frame(os, ui, desk);
                }
            }
        }
    }

    /// Opens the window (from iconified), refreshing at once.
    pub fn show<O: IntuitionOs, F: Frontend + ?Sized, D: Desk + ?Sized>(
        &mut self,
        os: &mut O,
        ui: &mut F,
        desk: &mut D,
    ) {
        let opening = !ui.is_open();
        if opening {
            // Before opening: both front-ends build the menu strip at
            // open with these checkmarks (REFRESH=0 shows "Auto refresh"
            // unchecked).
            ui.set_checks(self.auto_refresh, self.view.filter().system_gadgets);
            if !self.placing.opened {
                // A box remembered from an earlier run is the user's.
                self.placing.opened = true;
                self.placing.user = ui.placement().is_some();
            }
            if let Err(e) = ui.open() {
                let _ = e;
                return;
            }
            desk.app_icon(false);
            self.countdown = 0;
            self.show_rows(ui);
        }
        self.refresh(os, ui, desk);
        if opening {
            let at = read_screens(os).ok().and_then(|s| own_window(&s, ui.window_addr()).map(|w| (w.left, w.top)));
            if let Some(at) = at {
                self.placing.seen(at);
            }
        }
    }

    /// The window's box to remember in `ENVARC:GadgetScope/window.prefs`
    /// after it closed: only a place the user chose (a remembered one, or
    /// the window moved by hand); `None` where GadgetScope placed it (its
    /// default place, or where it stepped aside to), so that the next run
    /// places it again.
    pub fn placement_to_keep<F: Frontend + ?Sized>(&mut self, ui: &F) -> Option<crate::prefs::WindowBox> {
        let b = ui.placement()?;
        if self.placing.opened {
            self.placing.seen((b.left, b.top));
        }
        self.placing.user.then_some(b)
    }

    /// Closes the window and shows the AppIcon; no refresh work until
    /// SHOW.
    pub fn iconify<F: Frontend + ?Sized, D: Desk + ?Sized>(&mut self, ui: &mut F, desk: &mut D) {
        self.stop_pick(desk);
        desk.hide_frame();
        self.framed = false;
        if ui.is_open() {
            ui.close();
        }
        desk.app_icon(true);
    }

    /// Frames the selection, seen: GadgetScope's window steps aside or
    /// the target comes to the front first ([`Gui::make_seen`]), and the
    /// frame's bars come in front of everything; then waits until
    /// Intuition has carried that out ([`settle`]).
    fn frame<O: IntuitionOs, F: Frontend + ?Sized, D: Desk + ?Sized>(&mut self, os: &mut O, ui: &mut F, desk: &mut D) {
        match self.view.highlight() {
            Some((screen, l, t, w, h)) => {
                let at = self.make_seen(os, ui, desk, Rect::new(l, t, w, h));
                desk.show_frame(screen, l, t, w, h);
                desk.frame_to_front();
                self.framed = true;
                settle(os, ui.window_addr(), desk, screen, at);
            }
            None => {
                desk.hide_frame();
                self.framed = false;
                self.say(ui, b"Select a gadget or window first.");
            }
        }
    }

    /// The rule of crate::placement for the selection's `target` box, on
    /// a walk read now: the depth order of the target's screen (its layer
    /// list, else its window list), GadgetScope's window there and who
    /// placed it. Moves GadgetScope's window or raises the target's
    /// (found open in this walk) as the rule says, and answers where its
    /// window was asked to go. Nothing when the target's window is gone.
    fn make_seen<O: IntuitionOs, F: Frontend + ?Sized, D: Desk + ?Sized>(
        &mut self,
        os: &mut O,
        ui: &mut F,
        desk: &mut D,
        target: Rect,
    ) -> Option<(i16, i16)> {
        let (w, _) = self.view.selected()?;
        let (win, screen) = (w.address, w.screen);
        let snap = read_screens(os).ok()?;
        let own_addr = ui.window_addr();
        let own_info = own_window(&snap, own_addr);
        if let Some(o) = own_info {
            self.placing.seen((o.left, o.top));
        }
        let scr = snap.screens.iter().find(|s| s.address == screen)?;
        let tw = scr.windows.iter().find(|w| w.address == win)?;
        let order = pick::depth_order(os, scr).unwrap_or_else(|| scr.windows.iter().map(|w| w.address).collect());
        let bars = desk.frame_windows();
        let in_front =
            order.iter().take_while(|&&a| a != win).filter_map(|&a| scr.windows.iter().find(|w| w.address == a));
        let mut own = None;
        let mut others = Vec::new();
        for w in in_front {
            if w.address == own_addr {
                own = Some(w.rect());
            } else if !bars.contains(&w.address) {
                others.push(w.rect());
            }
        }
        let plan = placement::seen(&placement::Scene {
            screen: (scr.width.into(), scr.height.into()),
            window: tw.rect(),
            target,
            own,
            may_move: !self.placing.user,
            others: &others,
        });
        let mut at = None;
        if let (Some(to), Some(o)) = (plan.step_aside, own_info) {
            ui.move_window(to.left, to.top);
            self.placing.from = Some((o.left, o.top));
            at = Some((to.left as i16, to.top as i16));
            self.placing.at = at;
        }
        if plan.raise {
            desk.raise(win);
        }
        at
    }

    fn stop_pick<D: Desk + ?Sized>(&mut self, desk: &mut D) {
        if self.picking {
            desk.stop_pick();
            self.picking = false;
        }
    }

    /// Pick mode's input handler signalled: follow the pointer with the
    /// frame; a click selects what is under it, Esc/right button cancels.
    pub fn pick_report<O: IntuitionOs, F: Frontend + ?Sized, D: Desk + ?Sized>(
        &mut self,
        r: PickReport,
        os: &mut O,
        ui: &mut F,
        desk: &mut D,
    ) {
        if !self.picking {
            return;
        }
        if r.cancelled {
            self.stop_pick(desk);
            desk.hide_frame();
            self.framed = false;
            self.say(ui, b"Pick cancelled.");
            return;
        }
        let under = under_pointer(os);
        if r.clicked {
            self.stop_pick(desk);
            match under {
                Some((window, gadget, _)) => {
                    self.refresh(os, ui, desk);
                    let found =
                        self.view.select_gadget(window, gadget.unwrap_or(0)) || self.view.select_gadget(window, 0);
                    if found {
                        self.show_rows(ui);
                        self.frame(os, ui, desk);
                        self.say(ui, b"Picked.");
                    } else {
                        self.say(ui, b"Nothing to pick there.");
                    }
                }
                None => {
                    desk.hide_frame();
                    self.say(ui, b"No window under the pointer.");
                }
            }
            return;
        }
        match under {
            Some((_, _, (screen, l, t, w, h))) => desk.show_frame(screen, l, t, w, h),
            None => desk.hide_frame(),
        }
    }

    /// Handles one front-end event.
    pub fn event<O: IntuitionOs, F: Frontend + ?Sized, D: Desk + ?Sized>(
        &mut self,
        e: UiEvent,
        os: &mut O,
        ui: &mut F,
        desk: &mut D,
    ) -> Flow {
        match e {
            UiEvent::SelectRow(i) => {
                self.view.select_row(i);
                ui.set_details(&self.view.details(&self.profile));
                if let Some(name) = self.selected_name() {
                    ui.set_name_text(&name);
                }
                self.frame(os, ui, desk);
            }
            UiEvent::Refresh => self.refresh(os, ui, desk),
            UiEvent::Pick => match desk.start_pick() {
                Ok(()) => {
                    self.picking = true;
                    self.say(ui, b"Pick: click a gadget in any window (Esc or the right button cancels).");
                }
                Err(t) => self.say(ui, &amiga_ndk::latin1::from_str_lossy(&t)),
            },
            UiEvent::Highlight => self.frame(os, ui, desk),
            UiEvent::Name => self.name(ui),
            UiEvent::Export => self.save(ui, desk, false),
            UiEvent::ProfileSave => self.save(ui, desk, false),
            UiEvent::ProfileSaveAs => self.save(ui, desk, true),
            UiEvent::ProfileNew => {
                if self.confirm_discard(ui) {
                    self.profile = Profile::new();
                    self.profile_path = None;
                    ui.set_details(&self.view.details(&self.profile));
                    self.say(ui, b"New profile.");
                }
            }
            UiEvent::ProfileOpen => self.open_profile(ui, desk),
            UiEvent::About => {
                let text =
                    self.text.format(msg::MSG_ABOUT_TEXT, &[env!("CARGO_PKG_VERSION").as_bytes(), &self.settings.port]);
                ui.ask(&text, self.text.text(msg::MSG_REQ_OK));
            }
            UiEvent::Iconify => {
                if self.confirm_recording(ui, msg::MSG_REQ_RECORDING_ICONIFY, msg::MSG_REQ_RECORDING_ICONIFY_BUTTONS) {
                    self.iconify(ui, desk);
                }
            }
            UiEvent::Quit => {
                if self.confirm_discard(ui)
                    && self.confirm_recording(ui, msg::MSG_REQ_RECORDING_DISCARD, msg::MSG_REQ_DISCARD_BUTTONS)
                {
                    return Flow::Quit;
                }
            }
            UiEvent::Record => {
                self.queued.push(if self.record.recording { RecordOp::Stop } else { RecordOp::Start });
            }
            UiEvent::RecordStart => self.queued.push(RecordOp::Start),
            UiEvent::RecordStop => self.queued.push(RecordOp::Stop),
            UiEvent::RecordSave(python) => {
                let name: &[u8] = if python { b"recording.py" } else { b"recording.rexx" };
                if let Some(path) = ui.file_request(FileAsk::SaveRecording, &self.record_drawer(), name) {
                    self.queue_save(path, python);
                }
            }
            UiEvent::AutoRefresh(on) => {
                self.auto_refresh = on;
                self.countdown = 0;
            }
            UiEvent::SystemGadgets(on) => {
                let f = Filter { system_gadgets: on, ..self.view.filter().clone() };
                if self.view.set_filter(f) {
                    self.show_rows(ui);
                }
            }
            UiEvent::Filter(text) => {
                let f = Filter { text, ..self.view.filter().clone() };
                if self.view.set_filter(f) {
                    self.show_rows(ui);
                }
            }
            UiEvent::Help => {
                if let Err(t) = desk.help() {
                    self.say(ui, &amiga_ndk::latin1::from_str_lossy(&t));
                }
            }
        }
        Flow::Continue
    }

    /// Where a recording is saved by default: the profile directory,
    /// else `RAM:`.
    pub fn record_drawer(&self) -> Vec<u8> {
        if self.settings.profile_dir.is_empty() {
            b"RAM:".to_vec()
        } else {
            self.settings.profile_dir.clone()
        }
    }

    /// Queues `RECORD SAVE` of `path` (after `RECORD STOP` while recording).
    fn queue_save(&mut self, path: Vec<u8>, python: bool) {
        if self.record.recording {
            self.queued.push(RecordOp::Stop);
        }
        self.queued.push(RecordOp::Save { path, python });
    }

    /// Whether RECORD commands wait for [`Gui::run_commands`].
    pub fn has_commands(&self) -> bool {
        !self.queued.is_empty()
    }

    /// Runs the RECORD commands the window asked for through `commands`
    /// (the ARexx path), in order until one fails, and shows each reply
    /// in the status line: the catalog's sentence for a success, `RC` and
    /// the verb's error text for a failure.
    pub fn run_commands<C: Commands + ?Sized, F: Frontend + ?Sized>(&mut self, commands: &mut C, ui: &mut F) {
        for op in core::mem::take(&mut self.queued) {
            let r = commands.run(&op);
            self.record = commands.record_state();
            if r.rc != gadgetscope_arexx::Rc::Ok {
                let rc = alloc::format!("{}", r.rc as u8);
                ui.set_status(&self.text.format(msg::MSG_STATUS_RECORD_FAILED, &[rc.as_bytes(), &r.text]));
                break;
            }
            let status = match &op {
                RecordOp::Start => self.text.text(msg::MSG_STATUS_RECORDING).to_vec(),
                RecordOp::Stop => self.text.format(msg::MSG_STATUS_RECORD_STOPPED, &[&r.text]),
                RecordOp::Save { path, .. } => self.text.format(msg::MSG_STATUS_RECORD_SAVED, &[path, &r.text]),
            };
            ui.set_status(&status);
        }
    }

    /// Where RECORD stands now (the event loop tells it each round: a
    /// script may start or stop it too); the status line follows a change.
    pub fn sync_record<F: Frontend + ?Sized>(&mut self, now: RecordState, ui: &mut F) {
        let was = core::mem::replace(&mut self.record, now);
        if was.recording == now.recording || !ui.is_open() {
            return;
        }
        if now.recording {
            ui.set_status(self.text.text(msg::MSG_STATUS_RECORDING));
        } else {
            let steps = gadgetscope_engine::recording::count(now.steps, "step", "steps");
            ui.set_status(&self.text.format(msg::MSG_STATUS_RECORD_STOPPED, &[steps.as_bytes()]));
        }
    }

    /// Shows a notice of the event loop's in the status line (why the
    /// serial wire is off), when the window is open.
    pub fn notice<F: Frontend + ?Sized>(&self, ui: &mut F, text: &[u8]) {
        if ui.is_open() {
            self.say(ui, text);
        }
    }

    /// Shows `text` in the status line, followed while recording by the
    /// note that it is (the user should not forget that input is kept).
    fn say<F: Frontend + ?Sized>(&self, ui: &mut F, text: &[u8]) {
        if !self.record.recording {
            ui.set_status(text);
            return;
        }
        let mut t = text.to_vec();
        t.extend_from_slice(b"  ");
        t.extend_from_slice(self.text.text(msg::MSG_STATUS_RECORDING));
        ui.set_status(&t);
    }

    /// Asks before recorded steps that are not saved are left (`text`
    /// with the number of steps, `buttons`: go ahead | cancel); true = go
    /// ahead.
    fn confirm_recording<F: Frontend + ?Sized>(
        &mut self,
        ui: &mut F,
        text: crate::strings::StringId,
        buttons: crate::strings::StringId,
    ) -> bool {
        if !self.record.unsaved {
            return true;
        }
        let n = alloc::format!("{}", self.record.steps);
        ui.ask(&self.text.format(text, &[n.as_bytes()]), self.text.text(buttons)) == 1
    }

    /// The name the profile has for the selected gadget.
    fn selected_name(&self) -> Option<Vec<u8>> {
        let (w, g) = self.view.selected()?;
        let title = w.title.as_deref()?;
        let g = g?;
        let id = u16::try_from(g.id).ok()?;
        self.profile.name_of(title, id).map(|n| n.to_vec())
    }

    fn name<F: Frontend + ?Sized>(&mut self, ui: &mut F) {
        let name = ui.name_text();
        let Some((w, g)) = self.view.selected() else {
            self.say(ui, b"Select a gadget in the list first.");
            return;
        };
        let Some(g) = g else {
            self.say(ui, b"Select a gadget (not a window) to name it.");
            return;
        };
        let window = w.clone();
        let Some(all) = self.view.gadgets_of(window.address) else {
            self.say(ui, b"The window is gone; refresh.");
            return;
        };
        let Some(index) = all.iter().position(|x| x.address == g.address) else {
            self.say(ui, b"The gadget is gone; refresh.");
            return;
        };
        let all = all.to_vec();
        match self.profile.name_gadget(&window, &all, index, &name, None) {
            Ok(()) => {
                let msg = alloc::format!("Named {}.", shown(&name));
                self.say(ui, msg.as_bytes());
                ui.set_details(&self.view.details(&self.profile));
            }
            Err(t) => {
                self.say(ui, &amiga_ndk::latin1::from_str_lossy(&t));
                ui.ask(&amiga_ndk::latin1::from_str_lossy(&t), self.text.text(msg::MSG_REQ_OK));
            }
        }
    }

    /// Asks before unsaved names are thrown away; true = go ahead.
    fn confirm_discard<F: Frontend + ?Sized>(&mut self, ui: &mut F) -> bool {
        if !self.profile.is_dirty() {
            return true;
        }
        ui.ask(self.text.text(msg::MSG_REQ_DISCARD), self.text.text(msg::MSG_REQ_DISCARD_BUTTONS)) == 1
    }

    /// The default file: `<PROFILEDIR>/<App>.manifest`.
    pub fn default_path(&self) -> Vec<u8> {
        let mut p = self.settings.profile_dir.clone();
        if !p.is_empty() && !matches!(p.last(), Some(b':') | Some(b'/')) {
            p.push(b'/');
        }
        p.extend_from_slice(&self.profile.file_stem());
        p.extend_from_slice(b".manifest");
        p
    }

    fn save<F: Frontend + ?Sized, D: Desk + ?Sized>(&mut self, ui: &mut F, desk: &mut D, ask: bool) {
        if self.profile.is_empty() {
            self.say(ui, b"Nothing to export: name a gadget first.");
            return;
        }
        let text = match self.profile.to_text() {
            Ok(t) => t,
            Err(e) => {
                ui.ask(&amiga_ndk::latin1::from_str_lossy(&e), self.text.text(msg::MSG_REQ_OK));
                return;
            }
        };
        let mut path = self.profile_path.clone().unwrap_or_else(|| self.default_path());
        if ask {
            let (drawer, file) = split_path(&path);
            match ui.file_request(FileAsk::SaveProfile, drawer, file) {
                Some(p) => path = p,
                None => return,
            }
        }
        match desk.write_file(&path, &text) {
            Ok(()) => {
                let icon = desk.write_icon(&path);
                self.profile.mark_saved();
                self.profile_path = Some(path.clone());
                let mut msg = b"Saved ".to_vec();
                msg.extend_from_slice(&path);
                if let Err(e) = icon {
                    msg.extend_from_slice(b" (no icon: ");
                    msg.extend_from_slice(&amiga_ndk::latin1::from_str_lossy(&e));
                    msg.push(b')');
                }
                self.say(ui, &msg);
            }
            Err(e) => {
                let t = alloc::format!("Cannot save {}: {e}\nThe names are kept; try another place.", shown(&path));
                ui.ask(&amiga_ndk::latin1::from_str_lossy(&t), self.text.text(msg::MSG_REQ_OK));
            }
        }
    }

    fn open_profile<F: Frontend + ?Sized, D: Desk + ?Sized>(&mut self, ui: &mut F, desk: &mut D) {
        if !self.confirm_discard(ui) {
            return;
        }
        let Some(path) = ui.file_request(FileAsk::OpenProfile, &self.settings.profile_dir.clone(), b"") else { return };
        let loaded = desk.read_file(&path).and_then(|t| Profile::load(&t));
        match loaded {
            Ok(p) => {
                self.profile = p;
                self.profile_path = Some(path);
                ui.set_details(&self.view.details(&self.profile));
                self.say(ui, b"Profile loaded.");
            }
            Err(e) => {
                let t = alloc::format!("Cannot open {}: {e}", shown(&path));
                ui.ask(&amiga_ndk::latin1::from_str_lossy(&t), self.text.text(msg::MSG_REQ_OK));
            }
        }
    }

    /// QUIT from ARexx or Ctrl-C: the program goes either way, but names not
    /// yet saved are offered for saving first (docs/architecture.md,
    /// "Principles": nothing lost).
    /// Recorded steps not yet saved are offered likewise, as an ARexx
    /// script in [`Gui::record_drawer`], queued for [`Gui::run_commands`].
    pub fn before_quit<F: Frontend + ?Sized, D: Desk + ?Sized>(&mut self, ui: &mut F, desk: &mut D) {
        if self.profile.is_dirty()
            && ui.ask(self.text.text(msg::MSG_REQ_QUIT_ASKED), self.text.text(msg::MSG_REQ_QUIT_ASKED_BUTTONS)) == 1
        {
            self.save(ui, desk, false);
        }
        if self.record.unsaved {
            let path = amiga_ndk::path::join_path(&self.record_drawer(), b"recording.rexx");
            let n = alloc::format!("{}", self.record.steps);
            let text = self.text.format(msg::MSG_REQ_RECORDING_QUIT_ASKED, &[n.as_bytes(), &path]);
            if ui.ask(&text, self.text.text(msg::MSG_REQ_QUIT_ASKED_BUTTONS)) == 1 {
                self.queue_save(path, false);
            }
        }
    }

    /// Leaving: pick mode and frames off.
    pub fn shutdown<F: Frontend + ?Sized, D: Desk + ?Sized>(&mut self, ui: &mut F, desk: &mut D) {
        self.rest(ui, desk);
        desk.app_icon(false);
    }

    /// Whether nothing would be lost if the window's side went now (its
    /// window aside): no pick mode, frame, quirk profile, queued RECORD
    /// command or unsaved recording.
    pub fn at_rest(&self) -> bool {
        !self.picking && !self.framed && self.queued.is_empty() && self.profile.is_empty() && !self.record.unsaved
    }

    /// Stops pick mode, hides the frame and closes the window; the AppIcon
    /// stays.
    pub fn rest<F: Frontend + ?Sized, D: Desk + ?Sized>(&mut self, ui: &mut F, desk: &mut D) {
        self.stop_pick(desk);
        desk.hide_frame();
        self.framed = false;
        if ui.is_open() {
            ui.close();
        }
    }
}

/// A box on a screen: (screen address, left, top, width, height), pixels,
/// screen-relative (what [`Desk::show_frame`] takes).
pub type ScreenBox = (u32, i32, i32, i32, i32);

/// What is under the pointer: the window, the gadget (none over the
/// window's background) and the box to frame.
pub type Under = (u32, Option<u32>, ScreenBox);

/// Ticks [`settle`] waits at most: half a second.
const SETTLE_TICKS: u32 = 25;

/// Waits, a tick at a time and at most [`SETTLE_TICKS`], until Intuition
/// has carried out what [`Gui::frame`] asked of it on `screen`:
/// GadgetScope's window (`own`) at `at` when it stepped aside, and the
/// frame's bars in front of every other window. `ChangeWindowBox()` and
/// `WindowToFront()` are deferred to Intuition's input handler, so an
/// answer sent at once could let the next command walk the old
/// arrangement (a click on GadgetScope's own gadgets aimed where its
/// window was). A raised window is in front by then: Intuition carries
/// its queue out in order, and the bars' `WindowToFront()` came after
/// the target's.
fn settle<O: IntuitionOs, D: Desk + ?Sized>(os: &mut O, own: u32, desk: &mut D, screen: u32, at: Option<(i16, i16)>) {
    let bars = desk.frame_windows();
    let n = bars.iter().filter(|&&b| b != 0).count();
    for _ in 0..SETTLE_TICKS {
        let Ok(snap) = read_screens(os) else { return };
        let placed = at.is_none() || own_window(&snap, own).map(|w| (w.left, w.top)) == at;
        let Some(scr) = snap.screens.iter().find(|s| s.address == screen) else { return };
        let fronted = pick::depth_order(os, scr).is_none_or(|o| o.iter().take(n).all(|a| bars.contains(a)));
        if placed && fronted {
            return;
        }
        desk.tick();
    }
}

/// GadgetScope's own window (`addr`, 0 when closed) in a walk.
fn own_window(snap: &ScreensSnapshot, addr: u32) -> Option<&WindowInfo> {
    if addr == 0 {
        return None;
    }
    snap.screens.iter().flat_map(|s| &s.windows).find(|w| w.address == addr)
}

/// The window and gadget under the pointer of the frontmost screen, and
/// the box to frame (the gadget's, else the window's), screen-relative.
pub fn under_pointer<O: IntuitionOs>(os: &mut O) -> Option<Under> {
    let pick::UnderPointer { screen, x, y, window: w } = pick::under_pointer(os, None).ok()?;
    let (wl, wt) = (i32::from(w.info.left), i32::from(w.info.top));
    match pick::gadget_at(&w, x, y) {
        Some(g) => Some((w.info.address, Some(g.address), (screen, wl + g.left, wt + g.top, g.width, g.height))),
        None => Some((w.info.address, None, (screen, wl, wt, i32::from(w.info.width), i32::from(w.info.height)))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use amiga_ndk::gadtools::*;
    use amiga_ndk::intuition::*;
    use gadgetscope_core::fake::{FakeIntuition, GadgetSpec};

    /// A front-end that records what it was told and answers `ask` with
    /// `answer`.
    #[derive(Default)]
    struct Ui {
        open: bool,
        rows: Vec<Vec<u8>>,
        selected: Option<usize>,
        details: Vec<Vec<u8>>,
        status: Vec<u8>,
        name: Vec<u8>,
        asked: Vec<Vec<u8>>,
        answer: i32,
        checks: (bool, bool),
        /// The checkmarks the window was opened with.
        opened_with: Option<(bool, bool)>,
        /// What the file requester answers, and what it was asked.
        file: Option<Vec<u8>>,
        file_asked: Vec<(FileAsk, Vec<u8>, Vec<u8>)>,
        /// The window (a fake `struct Window`, 0: none), its remembered
        /// box and where it was asked to move.
        window: u32,
        placement: Option<crate::prefs::WindowBox>,
        moves: Vec<(i32, i32)>,
    }

    impl Frontend for Ui {
        fn is_open(&self) -> bool {
            self.open
        }
        fn open(&mut self) -> Result<(), String> {
            self.open = true;
            self.opened_with = Some(self.checks);
            Ok(())
        }
        fn close(&mut self) {
            self.open = false;
        }
        fn signal_mask(&self) -> u32 {
            0
        }
        fn events(&mut self) -> Vec<UiEvent> {
            Vec::new()
        }
        fn set_rows(&mut self, rows: &[Vec<u8>], selected: Option<usize>) {
            self.rows = rows.to_vec();
            self.selected = selected;
        }
        fn set_selected(&mut self, selected: Option<usize>) {
            self.selected = selected;
        }
        fn set_details(&mut self, lines: &[Vec<u8>]) {
            self.details = lines.to_vec();
        }
        fn set_status(&mut self, text: &[u8]) {
            self.status = text.to_vec();
        }
        fn name_text(&mut self) -> Vec<u8> {
            self.name.clone()
        }
        fn set_name_text(&mut self, text: &[u8]) {
            self.name = text.to_vec();
        }
        fn set_checks(&mut self, a: bool, s: bool) {
            self.checks = (a, s);
        }
        fn ask(&mut self, text: &[u8], _buttons: &[u8]) -> i32 {
            self.asked.push(text.to_vec());
            self.answer
        }
        fn file_request(&mut self, what: FileAsk, drawer: &[u8], file: &[u8]) -> Option<Vec<u8>> {
            self.file_asked.push((what, drawer.to_vec(), file.to_vec()));
            self.file.clone()
        }
        fn placement(&self) -> Option<crate::prefs::WindowBox> {
            self.placement
        }
        fn window_addr(&self) -> u32 {
            if self.open {
                self.window
            } else {
                0
            }
        }
        fn move_window(&mut self, left: i32, top: i32) {
            self.moves.push((left, top));
        }
    }

    /// A desk that records frames, pick mode, files and the AppIcon.
    #[derive(Default)]
    struct DeskLog {
        frame: Option<(u32, i32, i32, i32, i32)>,
        picking: bool,
        files: Vec<(Vec<u8>, Vec<u8>)>,
        icons: Vec<Vec<u8>>,
        app_icon: bool,
        /// Windows raised, and how often the frame came to the front.
        raised: Vec<u32>,
        frame_fronts: usize,
        /// Ticks waited for Intuition.
        ticks: u32,
    }

    impl Desk for DeskLog {
        fn show_frame(&mut self, screen: u32, left: i32, top: i32, width: i32, height: i32) {
            self.frame = Some((screen, left, top, width, height));
        }
        fn hide_frame(&mut self) {
            self.frame = None;
        }
        fn frame_windows(&self) -> [u32; 4] {
            [0; 4]
        }
        fn frame_to_front(&mut self) {
            self.frame_fronts += 1;
        }
        fn raise(&mut self, window: u32) {
            self.raised.push(window);
        }
        fn tick(&mut self) {
            self.ticks += 1;
        }
        fn start_pick(&mut self) -> Result<(), String> {
            self.picking = true;
            Ok(())
        }
        fn stop_pick(&mut self) {
            self.picking = false;
        }
        fn write_file(&mut self, path: &[u8], data: &[u8]) -> Result<(), String> {
            if path.starts_with(b"NOWHERE:") {
                return Err("Device not mounted".into());
            }
            self.files.push((path.to_vec(), data.to_vec()));
            Ok(())
        }
        fn read_file(&mut self, path: &[u8]) -> Result<Vec<u8>, String> {
            self.files.iter().find(|f| f.0 == path).map(|f| f.1.clone()).ok_or_else(|| "Object not found".into())
        }
        fn write_icon(&mut self, path: &[u8]) -> Result<(), String> {
            self.icons.push(path.to_vec());
            Ok(())
        }
        fn app_icon(&mut self, on: bool) -> bool {
            self.app_icon = on;
            true
        }
        fn help(&mut self) -> Result<(), String> {
            Err("no MultiView".into())
        }
    }

    struct World {
        os: FakeIntuition,
        screen: u32,
        window: u32,
        connect: u32,
    }

    /// Workbench screen with the fixture window: Connect (GA_ID 1), a
    /// string gadget (2) and a close gadget.
    fn world() -> World {
        let mut os = FakeIntuition::new();
        let screen = os.add_screen(Some(b"Workbench Screen"), (0, 0, 640, 256));
        let window = os.add_window(screen, Some(b"GadTools Fixture"), (20, 24, 408, 171));
        let mut close = GadgetSpec::new(GTYP_SYSGADGET | GTYP_CLOSE, 0, 0, 20, 11);
        close.id = 0;
        os.add_gadget(window, &close);
        let mut b = GadgetSpec::new(GTYP_BOOLGADGET | GADTOOL_TYPE, 94, 19, 140, 14);
        b.id = 1;
        b.gadget_text = os.intuitext(Some(b"Connect"));
        let connect = os.add_gadget(window, &b);
        let mut s = GadgetSpec::new(GTYP_STRGADGET | GADTOOL_TYPE, 98, 39, 132, 10);
        s.id = 2;
        s.special_info = os.string_info(b"hello");
        os.add_gadget(window, &s);
        World { os, screen, window, connect }
    }

    fn settings() -> WindowSettings {
        WindowSettings { port: b"GADGETSCOPE.1".to_vec(), refresh: 1, profile_dir: b"DH0:".to_vec() }
    }

    #[test]
    fn show_lists_every_window_and_highlight_selects_and_frames() {
        let mut w = world();
        let (mut ui, mut desk) = (Ui::default(), DeskLog::default());
        let mut g = Gui::new(settings());
        g.show(&mut w.os, &mut ui, &mut desk);
        assert!(ui.open);
        assert!(ui.rows.iter().any(|r| r.windows(9).any(|x| x == b"\"Connect\"")), "{:?}", ui.rows);
        g.request(UiRequest::Highlight { window: w.window, gadget: w.connect }, &mut w.os, &mut ui, &mut desk);
        let sel = ui.selected.expect("a row is selected");
        assert!(ui.rows[sel].windows(9).any(|x| x == b"\"Connect\""));
        // The frame: window (20,24) + gadget box (94,19 140x14), screen-relative.
        assert_eq!(desk.frame, Some((w.screen, 114, 43, 140, 14)));
        // The target closes: the next refresh drops the frame.
        w.os.close_window(w.window);
        g.refresh(&mut w.os, &mut ui, &mut desk);
        assert_eq!(desk.frame, None);
    }

    #[test]
    fn naming_and_export_write_the_manifest_and_its_icon() {
        let mut w = world();
        let (mut ui, mut desk) = (Ui::default(), DeskLog::default());
        let mut g = Gui::new(settings());
        g.show(&mut w.os, &mut ui, &mut desk);
        g.request(UiRequest::Highlight { window: w.window, gadget: w.connect }, &mut w.os, &mut ui, &mut desk);
        ui.name = b"Bad Name".to_vec();
        g.event(UiEvent::Name, &mut w.os, &mut ui, &mut desk);
        assert_eq!(ui.asked.len(), 1, "a bad name is explained in a requester");
        assert!(!g.profile.is_dirty());
        ui.name = b"connect".to_vec();
        g.event(UiEvent::Name, &mut w.os, &mut ui, &mut desk);
        assert!(g.profile.is_dirty());
        assert!(ui.details.iter().any(|l| l.windows(8).any(|x| x == b"@connect")), "{:?}", ui.details);
        g.event(UiEvent::Export, &mut w.os, &mut ui, &mut desk);
        assert_eq!(desk.files.len(), 1);
        assert_eq!(desk.files[0].0, b"DH0:gadtools_fixture.manifest");
        let text = String::from_utf8(desk.files[0].1.clone()).unwrap();
        assert!(text.contains("GADGET connect gadtools_fixture 1"), "{text}");
        assert_eq!(desk.icons, [b"DH0:gadtools_fixture.manifest".to_vec()]);
        assert!(!g.profile.is_dirty());
        // The exported text loads back as a profile with the same name.
        let again = Profile::load(text.as_bytes()).unwrap();
        assert_eq!(again.names()[0].0, b"connect");
    }

    #[test]
    fn a_failed_save_keeps_the_names_and_says_so() {
        let mut w = world();
        let (mut ui, mut desk) = (Ui::default(), DeskLog::default());
        let mut g = Gui::new(WindowSettings { profile_dir: b"NOWHERE:".to_vec(), ..settings() });
        g.show(&mut w.os, &mut ui, &mut desk);
        g.request(UiRequest::Highlight { window: w.window, gadget: w.connect }, &mut w.os, &mut ui, &mut desk);
        ui.name = b"connect".to_vec();
        g.event(UiEvent::Name, &mut w.os, &mut ui, &mut desk);
        g.event(UiEvent::Export, &mut w.os, &mut ui, &mut desk);
        assert!(g.profile.is_dirty(), "still unsaved");
        assert!(String::from_utf8_lossy(ui.asked.last().unwrap()).contains("Device not mounted"));
    }

    #[test]
    fn quit_with_unsaved_names_asks_first() {
        let mut w = world();
        let (mut ui, mut desk) = (Ui::default(), DeskLog::default());
        let mut g = Gui::new(settings());
        g.show(&mut w.os, &mut ui, &mut desk);
        assert_eq!(g.event(UiEvent::Quit, &mut w.os, &mut ui, &mut desk), Flow::Quit, "nothing to lose: no question");
        assert!(ui.asked.is_empty());
        g.request(UiRequest::Highlight { window: w.window, gadget: w.connect }, &mut w.os, &mut ui, &mut desk);
        ui.name = b"connect".to_vec();
        g.event(UiEvent::Name, &mut w.os, &mut ui, &mut desk);
        ui.answer = 0; // Cancel
        assert_eq!(g.event(UiEvent::Quit, &mut w.os, &mut ui, &mut desk), Flow::Continue);
        assert_eq!(ui.asked.len(), 1);
        ui.answer = 1; // Throw away
        assert_eq!(g.event(UiEvent::Quit, &mut w.os, &mut ui, &mut desk), Flow::Quit);
        // ARexx QUIT: "Save" writes them before leaving.
        g.before_quit(&mut ui, &mut desk);
        assert_eq!(desk.files.len(), 1);
    }

    #[test]
    fn iconify_closes_frames_and_stops_work_until_show() {
        let mut w = world();
        let (mut ui, mut desk) = (Ui::default(), DeskLog::default());
        let mut g = Gui::new(settings());
        g.show(&mut w.os, &mut ui, &mut desk);
        g.request(UiRequest::Highlight { window: w.window, gadget: w.connect }, &mut w.os, &mut ui, &mut desk);
        g.event(UiEvent::Pick, &mut w.os, &mut ui, &mut desk);
        assert!(desk.picking);
        g.request(UiRequest::Hide, &mut w.os, &mut ui, &mut desk);
        assert!(!ui.open && desk.app_icon && !desk.picking && desk.frame.is_none());
        assert!(!g.wants_ticks(&ui), "no timer while iconified");
        ui.rows.clear();
        g.tick(&mut w.os, &mut ui, &mut desk);
        assert!(ui.rows.is_empty(), "no refresh while iconified");
        g.request(UiRequest::Show, &mut w.os, &mut ui, &mut desk);
        assert!(ui.open && !desk.app_icon && !ui.rows.is_empty());
        assert!(g.wants_ticks(&ui));
    }

    /// The window's side may go (its part unloaded) only when nothing would
    /// be lost: a frame, pick mode, a quirk profile or unsaved steps keep it.
    #[test]
    fn the_window_rests_only_with_nothing_to_lose() {
        let mut w = world();
        let (mut ui, mut desk) = (Ui::default(), DeskLog::default());
        let mut g = Gui::new(settings());
        g.show(&mut w.os, &mut ui, &mut desk);
        assert!(g.at_rest());
        g.request(UiRequest::Highlight { window: w.window, gadget: w.connect }, &mut w.os, &mut ui, &mut desk);
        assert!(!g.at_rest(), "the frame is up");
        g.event(UiEvent::Pick, &mut w.os, &mut ui, &mut desk);
        assert!(!g.at_rest(), "picking");
        g.request(UiRequest::Hide, &mut w.os, &mut ui, &mut desk);
        assert!(g.at_rest(), "iconified: frame and pick mode gone");
        g.sync_record(RecordState { recording: true, steps: 2, unsaved: true }, &mut ui);
        assert!(!g.at_rest(), "two steps not saved");
        g.sync_record(RecordState { recording: false, steps: 2, unsaved: false }, &mut ui);
        assert!(g.at_rest());
        g.profile = Profile::load(b"MANIFEST 1\nAPP x\nWINDOW w \"Demo\"\n").unwrap();
        assert!(!g.at_rest(), "a quirk profile");
        g.rest(&mut ui, &mut desk);
        assert!(desk.app_icon, "resting keeps the AppIcon");
    }

    #[test]
    fn pick_follows_the_pointer_and_a_click_selects_without_reaching_the_program() {
        let mut w = world();
        let (mut ui, mut desk) = (Ui::default(), DeskLog::default());
        let mut g = Gui::new(settings());
        g.show(&mut w.os, &mut ui, &mut desk);
        g.event(UiEvent::Pick, &mut w.os, &mut ui, &mut desk);
        assert!(g.picking());
        // The pointer over the string gadget (window 20,24 + 98,39).
        w.os.write_u16(w.screen + sc_MouseX as u32, 130);
        w.os.write_u16(w.screen + sc_MouseY as u32, 68);
        g.pick_report(PickReport { moves: 3, clicked: false, cancelled: false }, &mut w.os, &mut ui, &mut desk);
        assert_eq!(desk.frame, Some((w.screen, 118, 63, 132, 10)), "live frame under the pointer");
        g.pick_report(PickReport { moves: 0, clicked: true, cancelled: false }, &mut w.os, &mut ui, &mut desk);
        assert!(!g.picking() && !desk.picking, "the handler is removed after the click");
        let sel = ui.selected.expect("picked row selected");
        assert!(ui.rows[sel].starts_with(b"    STRING_KIND "), "{}", String::from_utf8_lossy(&ui.rows[sel]));
        // Cancel leaves the selection alone and drops the frame.
        g.event(UiEvent::Pick, &mut w.os, &mut ui, &mut desk);
        g.pick_report(PickReport { moves: 0, clicked: false, cancelled: true }, &mut w.os, &mut ui, &mut desk);
        assert!(!g.picking() && desk.frame.is_none());
        assert_eq!(ui.selected, Some(sel));
    }

    #[test]
    fn the_filter_field_narrows_the_list_and_empty_shows_all() {
        let mut w = world();
        let (mut ui, mut desk) = (Ui::default(), DeskLog::default());
        let mut g = Gui::new(settings());
        g.show(&mut w.os, &mut ui, &mut desk);
        let all = ui.rows.len();
        g.event(UiEvent::Filter(b"connect".to_vec()), &mut w.os, &mut ui, &mut desk);
        assert!(ui.rows.len() < all);
        assert!(ui.rows.iter().any(|r| r.windows(9).any(|x| x == b"\"Connect\"")));
        assert!(!ui.rows.iter().any(|r| r.windows(6).any(|x| x == b"\"Name\"")), "{:?}", ui.rows);
        g.event(UiEvent::Filter(Vec::new()), &mut w.os, &mut ui, &mut desk);
        assert_eq!(ui.rows.len(), all);
    }

    #[test]
    fn the_window_opens_with_the_settings_checkmarks() {
        let mut w = world();
        let (mut ui, mut desk) = (Ui::default(), DeskLog::default());
        let mut g = Gui::new(WindowSettings { refresh: 0, ..settings() });
        g.show(&mut w.os, &mut ui, &mut desk);
        assert_eq!(ui.opened_with, Some((false, true)), "REFRESH=0: Auto refresh unchecked from the start");
        g.event(UiEvent::SystemGadgets(false), &mut w.os, &mut ui, &mut desk);
        g.iconify(&mut ui, &mut desk);
        g.show(&mut w.os, &mut ui, &mut desk);
        assert_eq!(ui.opened_with, Some((false, false)), "reopened with the toggles as they are");
        let mut ui = Ui::default();
        let mut g = Gui::new(WindowSettings { refresh: 2, ..settings() });
        g.show(&mut w.os, &mut ui, &mut desk);
        assert_eq!(ui.opened_with, Some((true, true)));
    }

    /// A front-end whose open fails, recording what reached it.
    #[derive(Default)]
    struct Broken {
        ui: Ui,
        opens: u32,
        fail: bool,
        placement: Option<crate::prefs::WindowBox>,
    }

    impl Frontend for Broken {
        fn is_open(&self) -> bool {
            self.ui.is_open()
        }
        fn open(&mut self) -> Result<(), String> {
            self.opens += 1;
            if self.fail {
                return Err("window.class cannot open the window".into());
            }
            self.ui.open()
        }
        fn close(&mut self) {
            self.ui.close()
        }
        fn signal_mask(&self) -> u32 {
            0
        }
        fn events(&mut self) -> Vec<UiEvent> {
            Vec::new()
        }
        fn set_rows(&mut self, rows: &[Vec<u8>], selected: Option<usize>) {
            self.ui.set_rows(rows, selected)
        }
        fn set_selected(&mut self, selected: Option<usize>) {
            self.ui.set_selected(selected)
        }
        fn set_details(&mut self, lines: &[Vec<u8>]) {
            self.ui.set_details(lines)
        }
        fn set_status(&mut self, text: &[u8]) {
            self.ui.set_status(text)
        }
        fn name_text(&mut self) -> Vec<u8> {
            self.ui.name_text()
        }
        fn set_name_text(&mut self, text: &[u8]) {
            self.ui.set_name_text(text)
        }
        fn set_checks(&mut self, a: bool, s: bool) {
            self.ui.set_checks(a, s)
        }
        fn ask(&mut self, text: &[u8], buttons: &[u8]) -> i32 {
            self.ui.ask(text, buttons)
        }
        fn file_request(&mut self, what: FileAsk, drawer: &[u8], file: &[u8]) -> Option<Vec<u8>> {
            self.ui.file_request(what, drawer, file)
        }
        fn placement(&self) -> Option<crate::prefs::WindowBox> {
            self.placement
        }
        fn set_placement(&mut self, b: Option<crate::prefs::WindowBox>) {
            self.placement = b;
        }
    }

    /// The first front-end's classes present but its window not made.
    #[test]
    fn a_window_that_cannot_be_built_falls_back_for_good() {
        let mut w = world();
        let mut desk = DeskLog::default();
        let mut g = Gui::new(WindowSettings { refresh: 0, ..settings() });
        let mut ui =
            FirstThatOpens::new(Box::new(Broken { fail: true, ..Broken::default() }), Box::new(Broken::default()));
        ui.set_placement(Some(crate::prefs::WindowBox { left: 5, top: 6, width: 0, height: 0 }));
        g.show(&mut w.os, &mut ui, &mut desk);
        assert!(ui.is_open(), "the second window opened");
        assert!(ui.first.is_none() && ui.fell_back.as_deref() == Some("window.class cannot open the window"));
        assert_eq!(ui.placement(), Some(crate::prefs::WindowBox { left: 5, top: 6, width: 0, height: 0 }));
        assert!(!desk.app_icon, "not left iconified");
        g.iconify(&mut ui, &mut desk);
        g.show(&mut w.os, &mut ui, &mut desk);
        assert!(ui.is_open());
        // A first window that opened once is kept.
        let mut ui = FirstThatOpens::new(Box::new(Broken::default()), Box::new(Broken::default()));
        g.show(&mut w.os, &mut ui, &mut desk);
        assert!(ui.first.is_some() && ui.fell_back.is_none() && ui.is_open());
    }

    #[test]
    fn auto_refresh_walks_once_per_period() {
        let mut w = world();
        let (mut ui, mut desk) = (Ui::default(), DeskLog::default());
        let mut g = Gui::new(WindowSettings { refresh: 2, ..settings() });
        g.show(&mut w.os, &mut ui, &mut desk);
        let before = ui.rows.len();
        // A new gadget appears; the list shows it after at most 20 ticks.
        let mut b = GadgetSpec::new(GTYP_BOOLGADGET | GADTOOL_TYPE, 200, 60, 60, 14);
        b.id = 7;
        w.os.add_gadget(w.window, &b);
        let mut n = 0;
        while ui.rows.len() == before && n < 40 {
            g.tick(&mut w.os, &mut ui, &mut desk);
            n += 1;
        }
        assert!(ui.rows.len() > before, "never refreshed");
        assert!(n <= 21, "refreshed after {n} ticks");
    }

    /// RECORD as the engine answers it (engine/src/record.rs; its own
    /// tests prove those replies), recording what the window asked.
    #[derive(Default)]
    struct Verbs {
        ops: Vec<RecordOp>,
        state: RecordState,
    }

    impl Verbs {
        /// The user did `n` more things while recording.
        fn steps(&mut self, n: usize) {
            assert!(self.state.recording);
            self.state.steps += n;
            self.state.unsaved = self.state.steps > 0;
        }
    }

    impl Commands for Verbs {
        fn run(&mut self, op: &RecordOp) -> Reply {
            use gadgetscope_arexx::Rc;
            self.ops.push(op.clone());
            let s = &mut self.state;
            match op {
                RecordOp::Start if s.recording => Reply::error(Rc::Error, "already recording: RECORD STOP first"),
                RecordOp::Start => {
                    *s = RecordState { recording: true, steps: 0, unsaved: false };
                    Reply::ok(*b"recording")
                }
                RecordOp::Stop if !s.recording => Reply::error(Rc::Error, "not recording"),
                RecordOp::Stop => {
                    s.recording = false;
                    Reply::ok(alloc::format!("{} steps", s.steps).into_bytes())
                }
                RecordOp::Save { .. } if s.recording => Reply::error(Rc::Error, "still recording: RECORD STOP first"),
                RecordOp::Save { .. } if s.steps == 0 => Reply::error(Rc::Error, "nothing recorded"),
                RecordOp::Save { path, .. } if path.starts_with(b"NOWHERE:") => {
                    Reply::error(Rc::Failed, "cannot write NOWHERE:r: device not mounted")
                }
                RecordOp::Save { .. } => {
                    s.unsaved = false;
                    Reply::ok(alloc::format!("saved {} steps", s.steps).into_bytes())
                }
            }
        }
        fn record_state(&self) -> RecordState {
            self.state
        }
    }

    fn status(ui: &Ui) -> String {
        String::from_utf8(ui.status.clone()).unwrap()
    }

    /// The window shown over the fixture world, with a recording verb
    /// stand-in.
    fn shown_window() -> (World, Ui, DeskLog, Verbs, Gui) {
        let mut w = world();
        let (mut ui, mut desk) = (Ui::default(), DeskLog::default());
        let mut g = Gui::new(settings());
        g.show(&mut w.os, &mut ui, &mut desk);
        (w, ui, desk, Verbs::default(), g)
    }

    #[test]
    fn the_record_button_starts_and_stops_through_the_verb() {
        let (mut w, mut ui, mut desk, mut verbs, mut g) = shown_window();
        assert!(!g.has_commands());
        g.event(UiEvent::Record, &mut w.os, &mut ui, &mut desk);
        assert!(g.has_commands(), "carried out by the loop, not here");
        g.run_commands(&mut verbs, &mut ui);
        assert_eq!(verbs.ops, [RecordOp::Start]);
        assert_eq!(status(&ui), "Recording... (Record again to stop)");
        verbs.steps(6);
        g.sync_record(verbs.record_state(), &mut ui);
        assert_eq!(status(&ui), "Recording... (Record again to stop)", "no change: the same text");
        // Other messages keep saying it while recording.
        g.event(UiEvent::Highlight, &mut w.os, &mut ui, &mut desk);
        assert_eq!(status(&ui), "Select a gadget or window first.  Recording... (Record again to stop)");
        g.event(UiEvent::Record, &mut w.os, &mut ui, &mut desk);
        g.run_commands(&mut verbs, &mut ui);
        assert_eq!(verbs.ops[1], RecordOp::Stop, "pressed again while recording");
        assert_eq!(status(&ui), "Recording stopped: 6 steps. Save it from the Record menu.");
        assert!(!g.has_commands());
        // The menu's items say what they mean; a refusal shows RC and text.
        g.event(UiEvent::RecordStop, &mut w.os, &mut ui, &mut desk);
        g.run_commands(&mut verbs, &mut ui);
        assert_eq!(status(&ui), "Record: RC 10, not recording");
        g.event(UiEvent::RecordStart, &mut w.os, &mut ui, &mut desk);
        g.event(UiEvent::RecordStart, &mut w.os, &mut ui, &mut desk);
        g.run_commands(&mut verbs, &mut ui);
        assert_eq!(status(&ui), "Record: RC 10, already recording: RECORD STOP first");
        assert_eq!(verbs.ops.len(), 5);
    }

    #[test]
    fn save_asks_for_a_file_and_stops_first_while_recording() {
        let (mut w, mut ui, mut desk, mut verbs, mut g) = shown_window();
        g.event(UiEvent::RecordStart, &mut w.os, &mut ui, &mut desk);
        g.run_commands(&mut verbs, &mut ui);
        verbs.steps(2);
        g.sync_record(verbs.record_state(), &mut ui);
        // Cancelled: nothing happens.
        g.event(UiEvent::RecordSave(false), &mut w.os, &mut ui, &mut desk);
        assert!(!g.has_commands());
        assert_eq!(ui.file_asked, [(FileAsk::SaveRecording, b"DH0:".to_vec(), b"recording.rexx".to_vec())]);
        ui.file = Some(b"DH0:Scripts/connect.rexx".to_vec());
        g.event(UiEvent::RecordSave(false), &mut w.os, &mut ui, &mut desk);
        g.run_commands(&mut verbs, &mut ui);
        let save = RecordOp::Save { path: b"DH0:Scripts/connect.rexx".to_vec(), python: false };
        assert_eq!(verbs.ops[1..], [RecordOp::Stop, save]);
        assert_eq!(status(&ui), "Recording written to DH0:Scripts/connect.rexx (saved 2 steps).");
        // Python, stopped already: only SAVE; the default name is .py.
        ui.file = Some(b"RAM:r.py".to_vec());
        g.event(UiEvent::RecordSave(true), &mut w.os, &mut ui, &mut desk);
        g.run_commands(&mut verbs, &mut ui);
        assert_eq!(ui.file_asked[2].2, b"recording.py");
        assert_eq!(verbs.ops[3..], [RecordOp::Save { path: b"RAM:r.py".to_vec(), python: true }]);
        // A failed write says the verb's RC 20 sentence.
        ui.file = Some(b"NOWHERE:r".to_vec());
        g.event(UiEvent::RecordSave(false), &mut w.os, &mut ui, &mut desk);
        g.run_commands(&mut verbs, &mut ui);
        assert_eq!(status(&ui), "Record: RC 20, cannot write NOWHERE:r: device not mounted");
        // Without a profile directory the requester opens in RAM:.
        let mut g = Gui::new(WindowSettings { profile_dir: Vec::new(), ..settings() });
        g.event(UiEvent::RecordSave(true), &mut w.os, &mut ui, &mut desk);
        assert_eq!(ui.file_asked.last().unwrap().1, b"RAM:");
    }

    #[test]
    fn a_failed_stop_does_not_save() {
        let (mut w, mut ui, mut desk, mut verbs, mut g) = shown_window();
        // The window believes a recording runs that a script stopped meanwhile.
        g.sync_record(RecordState { recording: true, steps: 1, unsaved: true }, &mut ui);
        ui.file = Some(b"RAM:r.rexx".to_vec());
        g.event(UiEvent::RecordSave(false), &mut w.os, &mut ui, &mut desk);
        g.run_commands(&mut verbs, &mut ui);
        assert_eq!(verbs.ops, [RecordOp::Stop], "the save is not tried after the failure");
        assert_eq!(status(&ui), "Record: RC 10, not recording");
        assert!(!g.has_commands());
    }

    #[test]
    fn a_script_starting_or_stopping_shows_in_the_status_line() {
        let mut w = world();
        let (mut ui, mut desk) = (Ui::default(), DeskLog::default());
        let mut g = Gui::new(settings());
        g.show(&mut w.os, &mut ui, &mut desk);
        ui.status.clear();
        g.sync_record(RecordState::default(), &mut ui);
        assert!(ui.status.is_empty());
        g.sync_record(RecordState { recording: true, steps: 0, unsaved: false }, &mut ui);
        assert_eq!(status(&ui), "Recording... (Record again to stop)");
        g.sync_record(RecordState { recording: false, steps: 1, unsaved: true }, &mut ui);
        assert_eq!(status(&ui), "Recording stopped: 1 step. Save it from the Record menu.");
        // The button follows: stopped now, so it starts.
        g.event(UiEvent::Record, &mut w.os, &mut ui, &mut desk);
        assert_eq!(g.queued, [RecordOp::Start]);
    }

    #[test]
    fn quit_and_iconify_with_unsaved_steps_ask_first() {
        let (mut w, mut ui, mut desk, mut verbs, mut g) = shown_window();
        g.event(UiEvent::RecordStart, &mut w.os, &mut ui, &mut desk);
        g.run_commands(&mut verbs, &mut ui);
        // Recording without a step yet: nothing to lose.
        g.event(UiEvent::Iconify, &mut w.os, &mut ui, &mut desk);
        assert!(!ui.open && ui.asked.is_empty());
        g.show(&mut w.os, &mut ui, &mut desk);
        verbs.steps(3);
        g.sync_record(verbs.record_state(), &mut ui);
        ui.answer = 0; // Cancel
        g.event(UiEvent::Iconify, &mut w.os, &mut ui, &mut desk);
        assert!(ui.open, "Cancel keeps the window");
        assert_eq!(
            String::from_utf8_lossy(&ui.asked[0]),
            "Recorded steps not saved: 3.\nThey are kept while GadgetScope is iconified."
        );
        assert_eq!(g.event(UiEvent::Quit, &mut w.os, &mut ui, &mut desk), Flow::Continue);
        assert_eq!(String::from_utf8_lossy(&ui.asked[1]), "Recorded steps not saved: 3.\nThrow them away?");
        ui.answer = 1;
        g.event(UiEvent::Iconify, &mut w.os, &mut ui, &mut desk);
        assert!(!ui.open);
        g.show(&mut w.os, &mut ui, &mut desk);
        // Saved: no question.
        ui.file = Some(b"RAM:r.rexx".to_vec());
        g.event(UiEvent::RecordSave(false), &mut w.os, &mut ui, &mut desk);
        g.run_commands(&mut verbs, &mut ui);
        let asked = ui.asked.len();
        assert_eq!(g.event(UiEvent::Quit, &mut w.os, &mut ui, &mut desk), Flow::Quit);
        assert_eq!(ui.asked.len(), asked);
    }

    #[test]
    fn arexx_quit_offers_to_save_the_recording() {
        let (mut w, mut ui, mut desk, mut verbs, mut g) = shown_window();
        g.before_quit(&mut ui, &mut desk);
        assert!(ui.asked.is_empty() && !g.has_commands(), "nothing recorded: no question");
        g.event(UiEvent::Record, &mut w.os, &mut ui, &mut desk);
        g.run_commands(&mut verbs, &mut ui);
        verbs.steps(4);
        g.sync_record(verbs.record_state(), &mut ui);
        ui.answer = 0; // Throw away
        g.before_quit(&mut ui, &mut desk);
        assert!(!g.has_commands());
        ui.answer = 1; // Save
        g.before_quit(&mut ui, &mut desk);
        assert_eq!(
            String::from_utf8_lossy(ui.asked.last().unwrap()),
            "GadgetScope is asked to quit.\nRecorded steps not saved: 4.\nSave them as DH0:recording.rexx?"
        );
        g.run_commands(&mut verbs, &mut ui);
        let save = RecordOp::Save { path: b"DH0:recording.rexx".to_vec(), python: false };
        assert_eq!(verbs.ops[1..], [RecordOp::Stop, save]);
        assert!(!verbs.state.unsaved);
    }

    #[test]
    fn the_details_say_how_a_recording_names_the_gadget() {
        let mut w = world();
        let (mut ui, mut desk) = (Ui::default(), DeskLog::default());
        let mut g = Gui::new(settings());
        g.show(&mut w.os, &mut ui, &mut desk);
        g.request(UiRequest::Highlight { window: w.window, gadget: w.connect }, &mut w.os, &mut ui, &mut desk);
        let recorded =
            |ui: &Ui| ui.details.iter().filter_map(|l| l.strip_prefix(b"recorded as: ")).map(shown).collect::<Vec<_>>();
        assert_eq!(recorded(&ui), ["\"GadTools Fixture\" 1"]);
        ui.name = b"connect".to_vec();
        g.event(UiEvent::Name, &mut w.os, &mut ui, &mut desk);
        assert_eq!(recorded(&ui), ["@connect"], "the profile's name, as RECORD takes it");
    }

    /// The boot Shell's full-screen window with its scroller, the
    /// fixture's window, and GadgetScope's at its default place (68,67
    /// 568x188 on 640x256), front to back: GadgetScope, fixture, Shell.
    struct Desktop {
        w: World,
        shell: u32,
        scroller: u32,
        mode: u32,
        own: u32,
    }

    fn desktop() -> Desktop {
        use amiga_ndk::graphics::{lr_Window, lr_back};
        let mut w = world();
        let shell = w.os.add_window(w.screen, Some(b"AROS"), (0, 0, 640, 256));
        let scroller = w.os.add_gadget(shell, &GadgetSpec::new(GTYP_PROPGADGET, 629, 16, 10, 197));
        let mut m = GadgetSpec::new(GTYP_BOOLGADGET | GADTOOL_TYPE, 94, 107, 140, 14);
        m.id = 6;
        let mode = w.os.add_gadget(w.window, &m);
        let own = w.os.add_window(w.screen, Some(b"GadgetScope"), (68, 67, 568, 188));
        let mut back = 0;
        for win in [shell, w.window, own] {
            let l = w.os.alloc(64);
            w.os.write_u32(l + lr_Window as u32, win);
            w.os.write_u32(l + lr_back as u32, back);
            back = l;
        }
        w.os.write_u32(w.screen + sc_LayerInfo as u32, back);
        Desktop { w, shell, scroller, mode, own }
    }

    impl Desktop {
        /// Intuition carries out GadgetScope's `ChangeWindowBox()`, or the
        /// user drags the window.
        fn own_at(&mut self, left: i16) {
            self.w.os.write_u16(self.own + wd_LeftEdge as u32, left as u16);
        }
        fn highlight(&mut self, g: &mut Gui, ui: &mut Ui, desk: &mut DeskLog, window: u32, gadget: u32) {
            g.request(UiRequest::Highlight { window, gadget }, &mut self.w.os, ui, desk);
        }
    }

    fn shown_over_the_desktop(remembered: bool) -> (Desktop, Ui, DeskLog, Gui) {
        let d = desktop();
        let mut ui = Ui { window: d.own, ..Ui::default() };
        if remembered {
            ui.placement = Some(crate::prefs::WindowBox { left: 68, top: 67, width: 568, height: 188 });
        }
        (d, ui, DeskLog::default(), Gui::new(settings()))
    }

    #[test]
    fn the_window_steps_aside_from_a_scroller_it_covers() {
        let (mut d, mut ui, mut desk, mut g) = shown_over_the_desktop(false);
        g.show(&mut d.w.os, &mut ui, &mut desk);
        let (shell, scroller) = (d.shell, d.scroller);
        d.highlight(&mut g, &mut ui, &mut desk, shell, scroller);
        // Left of the framed scroller (627): 59,67; the Shell is not raised.
        assert_eq!(ui.moves, [(59, 67)]);
        assert!(desk.raised.is_empty());
        assert_eq!(desk.frame, Some((d.w.screen, 629, 16, 10, 197)));
        assert_eq!(desk.frame_fronts, 1, "the bars in front of everything");
        // The fake Intuition never carries the move out: the wait for it
        // ends after half a second.
        assert_eq!(desk.ticks, SETTLE_TICKS);
        // Asked again before Intuition moved it: the same move, and the
        // window still counts as GadgetScope's to place.
        d.highlight(&mut g, &mut ui, &mut desk, shell, scroller);
        assert_eq!(ui.moves, [(59, 67), (59, 67)]);
        d.own_at(59);
        d.highlight(&mut g, &mut ui, &mut desk, shell, scroller);
        assert_eq!(ui.moves.len(), 2, "nothing covers the scroller now");
        assert!(desk.raised.is_empty());
        assert_eq!(desk.ticks, 2 * SETTLE_TICKS, "nothing to wait for");
        // GadgetScope placed it: not remembered for the next run.
        ui.placement = Some(crate::prefs::WindowBox { left: 59, top: 67, width: 568, height: 188 });
        assert_eq!(g.placement_to_keep(&ui), None);
    }

    #[test]
    fn a_window_the_user_moved_stays_and_the_target_comes_forward() {
        let (mut d, mut ui, mut desk, mut g) = shown_over_the_desktop(false);
        g.show(&mut d.w.os, &mut ui, &mut desk);
        let (shell, scroller) = (d.shell, d.scroller);
        d.own_at(70); // dragged
        d.highlight(&mut g, &mut ui, &mut desk, shell, scroller);
        assert!(ui.moves.is_empty());
        assert_eq!(desk.raised, [shell]);
        assert_eq!(desk.frame_fronts, 1);
        // The user's place is remembered.
        let b = crate::prefs::WindowBox { left: 70, top: 67, width: 568, height: 188 };
        ui.placement = Some(b);
        assert_eq!(g.placement_to_keep(&ui), Some(b));
    }

    #[test]
    fn a_remembered_place_is_the_users() {
        let (mut d, mut ui, mut desk, mut g) = shown_over_the_desktop(true);
        g.show(&mut d.w.os, &mut ui, &mut desk);
        let (shell, scroller) = (d.shell, d.scroller);
        d.highlight(&mut g, &mut ui, &mut desk, shell, scroller);
        assert!(ui.moves.is_empty());
        assert_eq!(desk.raised, [shell]);
        assert!(g.placement_to_keep(&ui).is_some());
    }

    #[test]
    fn a_gadget_with_no_room_round_it_brings_its_window_forward() {
        let (mut d, mut ui, mut desk, mut g) = shown_over_the_desktop(false);
        g.show(&mut d.w.os, &mut ui, &mut desk);
        let (fixture, mode, connect) = (d.w.window, d.mode, d.w.connect);
        d.highlight(&mut g, &mut ui, &mut desk, fixture, mode);
        assert!(ui.moves.is_empty(), "no side of the Mode button has room on 640x256");
        assert_eq!(desk.raised, [fixture]);
        assert_eq!(desk.ticks, 0, "the raise is done once the bars are open");
        assert_eq!(desk.frame, Some((d.w.screen, 114, 131, 140, 14)));
        // Connect is not covered: nothing raised or moved.
        d.highlight(&mut g, &mut ui, &mut desk, fixture, connect);
        assert_eq!(desk.raised, [fixture]);
        assert!(ui.moves.is_empty());
        // The Highlight button does the same.
        g.view.select_gadget(fixture, mode);
        g.event(UiEvent::Highlight, &mut d.w.os, &mut ui, &mut desk);
        assert_eq!(desk.raised, [fixture, fixture]);
        // GadgetScope's own gadgets: it never steps aside from itself.
        let own = d.own;
        let mut b = GadgetSpec::new(GTYP_BOOLGADGET | GADTOOL_TYPE, 8, 19, 88, 14);
        b.id = 1;
        let refresh = d.w.os.add_gadget(own, &b);
        d.highlight(&mut g, &mut ui, &mut desk, own, refresh);
        assert!(ui.moves.is_empty());
        assert_eq!(desk.raised, [fixture, fixture]);
    }
}
