//! The window side of the event loop on the Amiga: the libraries it
//! needs ([`WindowLibs`]), and the [`Window`] the loop hands what woke it,
//! the commodity's events, the ARexx requests (SHOW, HIDE, HIGHLIGHT) and
//! the RECORD state: the front-end (ReAction, else GadTools), the desk
//! (frame, pick, files, AppIcon) and the controller ([`Gui`]). Its box is
//! remembered in `ENVARC:GadgetScope/window.prefs` ([`WINDOW_PREFS`]).
//!
//! The loop owns the commodity broker and the AppIcon's port: they stay
//! while the window's part is unloaded. An iconified window with nothing
//! to lose hands the loop its AppIcon and box ([`WindowSide::dock`]) and
//! goes; the loop hands them back to the next one ([`open_window`]).
use crate::desk::AmigaDesk;
use crate::events::UiEvent;
use crate::gadtools_ui::GadToolsUi;
use crate::gui::{Commands, Desk, FirstThatOpens, Flow, Frontend, Gui, WindowSettings};
use crate::prefs::{WindowBox, WINDOW_PREFS};
use crate::reaction_ui::{ReactionClasses, ReactionUi};
use alloc::boxed::Box;
use amiga_rt::commodities::CxEvent;
use amiga_rt::dos::{Dos, NoRequesters};
use amiga_rt::exec::MsgPort;
use amiga_rt::gadtools::GadTools;
use amiga_rt::intuition::Intuition;
use amiga_rt::workbench::AppIcon;
use gadgetscope_core::manifest::Manifest;
use gadgetscope_engine::recording::RecordState;
use gadgetscope_engine::UiRequest;
use gadgetscope_system::AmigaIntuition;

/// What the window side owns: the libraries and the ReAction classes
/// (when window.class opens: AmigaOS 3.5+). Opened before the [`Window`]
/// that borrows them.
pub struct WindowLibs {
    intuition: Intuition,
    gadtools: GadTools,
    classes: Option<ReactionClasses>,
    /// Why the ReAction window is not used though window.class is there.
    classes_missing: Option<alloc::string::String>,
}

impl WindowLibs {
    /// Opens intuition.library and gadtools.library 39 (Err: the sentence
    /// saying so) and the ReAction classes when they are there.
    pub fn open() -> Result<WindowLibs, &'static str> {
        let (Ok(intuition), Ok(gadtools)) = (Intuition::open(), GadTools::open()) else {
            return Err("intuition.library or gadtools.library 39 cannot be opened");
        };
        let (classes, classes_missing) = match ReactionClasses::open() {
            Ok(c) => (Some(c), None),
            Err(why) => (None, why),
        };
        Ok(WindowLibs { intuition, gadtools, classes, classes_missing })
    }
}

/// What an iconified window leaves the loop when it goes ([`WindowSide::dock`])
/// and the next window takes back ([`open_window`]): its AppIcon (none
/// when Workbench showed none) and its box (left, top, width, height in
/// pixels: [`WindowBox`]'s fields). Only types of resident crates: the
/// loop holds it while the window's code is unloaded.
pub type Docked<'p> = (Option<AppIcon<'p>>, Option<[i16; 4]>);

/// The window side of the loop: the front-end (ReAction or GadTools), the
/// desk (frame, pick, files, AppIcon) and the controller that ties them
/// to the view model.
pub struct Window<'r, 'p> {
    front: Box<dyn Frontend + 'r>,
    desk: AmigaDesk<'r, 'p>,
    gui: Gui,
    iconified_at_start: bool,
    /// Why the GadTools window stands in for the ReAction one, shown in
    /// the status line once the window is open.
    notice: Option<alloc::string::String>,
}

impl<'r, 'p> Window<'r, 'p> {
    /// The ReAction window when window.class and its classes opened
    /// (the GadTools one when it cannot be built), else the GadTools one.
    /// `iconified`: the window starts as the AppIcon only
    /// (`STARTUP=ICONIFIED`). The AppIcon reports to `app_port`; `docked`
    /// is what the last window left ([`WindowSide::dock`]): its AppIcon
    /// and box (else the box remembered in ENVARC:).
    pub fn new(
        libs: &'r WindowLibs,
        settings: WindowSettings,
        iconified: bool,
        app_port: &'p MsgPort,
        docked: Docked<'p>,
        dos: &'r Dos,
    ) -> Window<'r, 'p> {
        let (icon, placement) = docked;
        let desk = AmigaDesk::new(&libs.intuition, dos, app_port, icon);
        let gadtools = || Box::new(GadToolsUi::new(&libs.intuition, &libs.gadtools));
        let mut front: Box<dyn Frontend + 'r> = match &libs.classes {
            Some(c) => {
                Box::new(FirstThatOpens::new(Box::new(ReactionUi::new(&libs.intuition, &libs.gadtools, c)), gadtools()))
            }
            None => gadtools(),
        };
        let placement = placement.map(|[left, top, width, height]| WindowBox { left, top, width, height });
        front.set_placement(placement.or_else(|| read_window_box(dos)));
        Window {
            front,
            desk,
            gui: Gui::new(settings),
            iconified_at_start: iconified,
            notice: libs.classes_missing.clone(),
        }
    }

    /// Shows why the GadTools window stands in for the ReAction one (a
    /// ReAction class missing, or the ReAction window failing to open) in
    /// the status line, once, when the window is open.
    fn tell(&mut self) {
        if let Some(n) = self.front.take_notice() {
            self.notice = Some(n);
        }
        if !self.front.is_open() {
            return;
        }
        if let Some(n) = self.notice.take() {
            self.gui.notice(&mut *self.front, &amiga_ndk::latin1::from_str_lossy(&n));
        }
    }
}

/// The window's libraries as the loop holds them: a trait object, so that
/// they are opened, used and closed through the table
/// (docs/design/parts.md).
pub trait Libraries {
    /// The libraries themselves, for the window.
    fn libs(&self) -> &WindowLibs;
}

impl Libraries for WindowLibs {
    fn libs(&self) -> &WindowLibs {
        self
    }
}

/// Opens the window's libraries and ports ([`WindowLibs::open`]) as the
/// loop holds them. Err: the sentence saying what could not be opened.
pub fn open_libraries() -> Result<Box<dyn Libraries>, &'static str> {
    WindowLibs::open().map(|l| Box::new(l) as Box<dyn Libraries>)
}

/// Makes the window side ([`Window::new`]) as the loop holds it. The loop
/// calls it through a function pointer, so it is reached through the
/// table too.
pub fn open_window<'r, 'p: 'r>(
    libs: &'r dyn Libraries,
    settings: WindowSettings,
    iconified: bool,
    app_port: &'p MsgPort,
    docked: Docked<'p>,
    dos: &'r Dos,
) -> Box<dyn WindowSide<'p> + 'r> {
    Box::new(Window::new(libs.libs(), settings, iconified, app_port, docked, dos))
}

/// What the event loop asks of the window, as one trait object: every call
/// from the loop into the window goes through the function table, which
/// is how a part loaded on demand is reached (docs/design/parts.md).
pub trait WindowSide<'p> {
    /// Opens the window, or iconifies at once (`STARTUP=ICONIFIED`, or no
    /// window could be opened: then the ARexx port stays and SHOW retries).
    fn start(&mut self, os: &mut AmigaIntuition, dos: &Dos);
    /// The signals the window side waits for now.
    fn signal_mask(&self) -> u32;
    /// Handles what woke the loop (`got`; `ticked` on a timer tick; `cx`
    /// the commodity broker's events, the hotkey's and Exchange's); true
    /// when the user quit.
    fn handle(&mut self, got: u32, ticked: bool, os: &mut AmigaIntuition, cx: &[CxEvent]) -> bool;
    /// Carries out what ARexx SHOW, HIDE and HIGHLIGHT asked for.
    fn request(&mut self, r: UiRequest, os: &mut AmigaIntuition);
    /// Whether the window needs the 100 ms tick (auto refresh, pick mode).
    fn wants_ticks(&self) -> bool;
    /// QUIT from ARexx or Ctrl-C with names not saved: asks, and saves
    /// them first if the user wants (nothing recorded is lost unasked).
    fn before_quit(&mut self);
    /// Closes everything and remembers the window's box.
    fn shutdown(self: Box<Self>, dos: &Dos);
    /// Whether the window may go and leave the loop its AppIcon
    /// ([`WindowSide::dock`]): iconified, with no frame, pick mode, quirk
    /// profile, queued command or unsaved recording that would be lost.
    fn can_dock(&self) -> bool;
    /// Closes everything but the AppIcon, remembers the box (as
    /// [`WindowSide::shutdown`]) and leaves the AppIcon and the box to the
    /// loop.
    fn dock(self: Box<Self>, dos: &Dos) -> Docked<'p>;
    /// Tells the user `text` in the status line (Latin-1).
    fn notice(&mut self, text: &[u8]);
    /// Shows the RECORD state in the window (its Record control and menu).
    fn sync_record(&mut self, state: RecordState);
    /// Whether the window queued RECORD commands
    /// ([`WindowSide::run_commands`]).
    fn has_commands(&self) -> bool;
    /// Runs the RECORD commands the window queued (its Record control and
    /// menu, the question before quitting) through `commands`.
    fn run_commands(&mut self, commands: &mut dyn Commands);
    /// The addresses of the highlight frame's bars (0: not open), which
    /// the recorder ignores as GadgetScope's own windows.
    fn frame_windows(&self) -> [u32; 4];
    /// The open quirk profile as a manifest, when it names anything: the
    /// recorder names gadgets with it when no script loaded a MANIFEST.
    fn profile_manifest(&self) -> Option<&Manifest>;
}

impl<'p> WindowSide<'p> for Window<'_, 'p> {
    fn start(&mut self, os: &mut AmigaIntuition, dos: &Dos) {
        let f = &mut *self.front;
        if self.iconified_at_start {
            self.gui.iconify(f, &mut self.desk);
            return;
        }
        self.gui.show(os, f, &mut self.desk);
        if !f.is_open() {
            dos.print(b"GadgetScope: the window cannot be opened; the ARexx port stays (SHOW retries)\n");
            self.gui.iconify(f, &mut self.desk);
        }
        self.tell();
    }

    fn signal_mask(&self) -> u32 {
        self.front.signal_mask() | self.desk.pick_mask() | self.desk.app_mask()
    }

    fn handle(&mut self, got: u32, ticked: bool, os: &mut AmigaIntuition, cx: &[CxEvent]) -> bool {
        let (gui, f, d) = (&mut self.gui, &mut *self.front, &mut self.desk);
        let mut quit = false;
        for e in f.events() {
            quit |= gui.event(e, os, f, d) == Flow::Quit;
        }
        // The hotkey and Exchange.
        for e in cx {
            match e {
                CxEvent::Popup | CxEvent::Appear => gui.show(os, f, d),
                CxEvent::Disappear => gui.iconify(f, d),
                CxEvent::Kill => quit |= gui.event(UiEvent::Quit, os, f, d) == Flow::Quit,
                CxEvent::Enable | CxEvent::Disable => {}
            }
        }
        if d.pick_mask() != 0 && got & d.pick_mask() != 0 {
            let r = d.poll_pick();
            gui.pick_report(r, os, f, d);
        }
        if d.app_opened() {
            gui.show(os, f, d);
        }
        if ticked {
            gui.tick(os, f, d);
        }
        self.tell();
        quit
    }

    fn request(&mut self, r: UiRequest, os: &mut AmigaIntuition) {
        self.gui.request(r, os, &mut *self.front, &mut self.desk);
        self.tell();
    }

    fn wants_ticks(&self) -> bool {
        self.gui.wants_ticks(&*self.front)
    }

    fn before_quit(&mut self) {
        self.gui.before_quit(&mut *self.front, &mut self.desk);
    }

    fn shutdown(mut self: Box<Self>, dos: &Dos) {
        self.gui.shutdown(&mut *self.front, &mut self.desk);
        if let Some(b) = self.gui.placement_to_keep(&*self.front) {
            write_window_box(dos, &b);
        }
        // The window (it names the desk's port) before the desk.
        drop(self.front);
        drop(self.desk);
    }

    fn can_dock(&self) -> bool {
        !self.front.is_open() && self.gui.at_rest()
    }

    fn dock(mut self: Box<Self>, dos: &Dos) -> Docked<'p> {
        self.gui.rest(&mut *self.front, &mut self.desk);
        let placement = self.gui.placement_to_keep(&*self.front);
        if let Some(b) = &placement {
            write_window_box(dos, b);
        }
        let icon = self.desk.take_app_icon();
        drop(self.front);
        drop(self.desk);
        (icon, placement.map(|b| [b.left, b.top, b.width, b.height]))
    }

    fn notice(&mut self, text: &[u8]) {
        self.gui.notice(&mut *self.front, text);
    }

    fn sync_record(&mut self, state: RecordState) {
        self.gui.sync_record(state, &mut *self.front);
    }

    fn has_commands(&self) -> bool {
        self.gui.has_commands()
    }

    fn run_commands(&mut self, commands: &mut dyn Commands) {
        self.gui.run_commands(commands, &mut *self.front);
    }

    fn frame_windows(&self) -> [u32; 4] {
        self.desk.frame_windows()
    }

    fn profile_manifest(&self) -> Option<&Manifest> {
        Some(&self.gui.profile).filter(|p| !p.is_empty()).map(|p| p.manifest())
    }
}

/// Whether `ENVARC:` is there to keep the window box in: a DOS list entry
/// (without one DOS is not asked to find or mount it) that can be locked
/// (the bare AROS ROM boot lists an `ENVARC` that cannot, and AROS's dos
/// keeps a copy of the name, 24 bytes, each time a path below it is
/// looked up: `memory-window`). No requester either way.
fn envarc_ready(dos: &Dos) -> bool {
    dos.has_dos_entry(b"ENVARC") && {
        let _quiet = NoRequesters::new();
        dos.exists(b"ENVARC:")
    }
}

/// The remembered window box (`ENVARC:GadgetScope/window.prefs`), if it
/// is there and well-formed; no requester when ENVARC: is missing.
fn read_window_box(dos: &Dos) -> Option<WindowBox> {
    if !envarc_ready(dos) {
        return None;
    }
    let _quiet = NoRequesters::new();
    dos.read_file(WINDOW_PREFS, 64).ok().and_then(|t| WindowBox::parse(&t))
}

/// Remembers the window box in `ENVARC:GadgetScope/window.prefs` (the
/// drawer is made when missing); silently nothing without a usable
/// ENVARC: ([`envarc_ready`]).
fn write_window_box(dos: &Dos, b: &WindowBox) {
    if !envarc_ready(dos) {
        return;
    }
    let _quiet = NoRequesters::new();
    if !dos.exists(b"ENVARC:GadgetScope") {
        let _ = dos.create_dir(b"ENVARC:GadgetScope");
    }
    let _ = dos.write_file(WINDOW_PREFS, &b.to_text());
}
