//! The Amiga side of the GUI besides its window (wasm32 only): the
//! highlight frame, the pick-mode input handler (amiga_rt::pick), files,
//! the profile icon and the AppIcon shown while iconified
//! (amiga_rt::workbench::AppIcon).
use crate::gui::{Desk, PickReport};
use crate::highlight::Highlight;
use alloc::string::String;
use alloc::vec::Vec;
use amiga_ndk::dos::SHARED_LOCK;
use amiga_ndk::latin1::to_string as shown;
use amiga_ndk::path::quote_arg;
use amiga_ndk::Rect;
use amiga_rt::dos::Dos;
use amiga_rt::exec::MsgPort;
use amiga_rt::intuition::Intuition;
use amiga_rt::pick::PickHandler;
use amiga_rt::workbench::AppIcon;

/// The quirk-profile project icon, encoded at build time (build.rs).
const PROFILE_ICON: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/Profile.info"));
/// Largest profile Open… reads, bytes.
const PROFILE_MAX: usize = 64 * 1024;

/// The icon GadgetScope shows while iconified: `<path>.info` (the
/// program's own icon) under this title. The event loop makes it too
/// when GadgetScope starts iconified, without the window's part.
pub const APP_ICON_PATH: &[u8] = b"PROGDIR:GadgetScope";
/// See [`APP_ICON_PATH`].
pub const APP_ICON_TITLE: &[u8] = b"GadgetScope";

/// The desk: frame, pick handler, files, AppIcon. The AppIcon and its
/// port are the event loop's (`'p`): the loop keeps the icon while the
/// window's part is unloaded ([`AmigaDesk::take_app_icon`]).
pub struct AmigaDesk<'a, 'p> {
    intuition: &'a Intuition,
    dos: &'a Dos,
    frame: Option<(u32, Highlight<'a>)>,
    pick: Option<PickHandler>,
    app: Option<AppIcon<'p>>,
    /// AppMessages (a double-click on the AppIcon, and window.class's
    /// iconification) arrive here.
    app_port: &'p MsgPort,
}

impl<'a, 'p> AmigaDesk<'a, 'p> {
    /// A desk whose AppIcon reports to `app_port`; `app` is the AppIcon
    /// shown already, if any.
    pub fn new(intuition: &'a Intuition, dos: &'a Dos, app_port: &'p MsgPort, app: Option<AppIcon<'p>>) -> Self {
        AmigaDesk { intuition, dos, frame: None, pick: None, app, app_port }
    }

    /// The AppIcon, handed to the event loop.
    pub fn take_app_icon(&mut self) -> Option<AppIcon<'p>> {
        self.app.take()
    }

    /// The AppIcon port's signal.
    pub fn app_mask(&self) -> u32 {
        self.app_port.signal_mask()
    }

    /// The pick handler's signal (0 when pick mode is off).
    pub fn pick_mask(&self) -> u32 {
        self.pick.as_ref().map_or(0, |p| p.signal_mask())
    }

    /// What pick mode saw since the last look.
    pub fn poll_pick(&mut self) -> PickReport {
        match &mut self.pick {
            Some(p) => {
                let s = p.poll();
                PickReport { moves: s.moves, clicked: s.clicked, cancelled: s.cancelled }
            }
            None => PickReport::default(),
        }
    }

    /// Replies every AppMessage; true if the AppIcon was double-clicked
    /// (or something was dropped on it).
    pub fn app_opened(&mut self) -> bool {
        AppIcon::opened(self.app_port)
    }
}

/// The help viewer: MultiView, where OS 3.x installs it.
const HELP_VIEWER: &[u8] = b"SYS:Utilities/MultiView";
/// The guide, installed next to the program.
const HELP_GUIDE: &[u8] = b"PROGDIR:GadgetScope.guide";

impl Desk for AmigaDesk<'_, '_> {
    fn show_frame(&mut self, screen: u32, left: i32, top: i32, width: i32, height: i32) {
        if let Some((s, h)) = &mut self.frame {
            if *s == screen && h.move_to(Rect::new(left, top, width, height)).is_ok() {
                return;
            }
        }
        self.frame = None;
        if let Ok(h) = Highlight::show(self.intuition, screen, Rect::new(left, top, width, height)) {
            self.frame = Some((screen, h));
        }
    }

    fn hide_frame(&mut self) {
        self.frame = None;
    }

    fn frame_windows(&self) -> [u32; 4] {
        self.frame.as_ref().map_or([0; 4], |(_, h)| h.windows())
    }

    fn frame_to_front(&mut self) {
        if let Some((_, h)) = &self.frame {
            h.to_front();
        }
    }

    /// The frame's bars are closed first: [`Desk::show_frame`] opens them
    /// again, filled anew, once the window is in front. Bars kept open
    /// and raised back over it showed a few stray pixels on the ROM
    /// (`gui-highlight-covered`; tests-uae/README.md).
    fn raise(&mut self, window: u32) {
        self.frame = None;
        self.intuition.window_to_front(window);
    }

    fn tick(&mut self) {
        self.dos.delay(1);
    }

    fn start_pick(&mut self) -> Result<(), String> {
        if self.pick.is_none() {
            self.pick = Some(PickHandler::install().map_err(|e| alloc::format!("Pick mode cannot start: {e:?}"))?);
        }
        Ok(())
    }

    fn stop_pick(&mut self) {
        self.pick = None;
    }

    fn write_file(&mut self, path: &[u8], data: &[u8]) -> Result<(), String> {
        self.dos.write_file(path, data).map_err(|e| shown(&self.dos.fault_text(e)))
    }

    fn read_file(&mut self, path: &[u8]) -> Result<Vec<u8>, String> {
        self.dos.read_file(path, PROFILE_MAX).map_err(|e| shown(&self.dos.fault_text(e)))
    }

    fn write_icon(&mut self, path: &[u8]) -> Result<(), String> {
        let mut p = path.to_vec();
        p.extend_from_slice(b".info");
        self.write_file(&p, PROFILE_ICON)
    }

    fn app_icon(&mut self, on: bool) -> bool {
        if !on {
            self.app = None;
            return true;
        }
        if self.app.is_some() {
            return true;
        }
        self.app = AppIcon::add(APP_ICON_PATH, APP_ICON_TITLE, self.app_port);
        self.app.is_some()
    }

    /// MultiView by its full path (a Workbench-started process has no
    /// command path) on the guide by its full path (MultiView's own
    /// `PROGDIR:` is SYS:Utilities).
    fn help(&mut self) -> Result<(), String> {
        let fail =
            |what: &str, e: i32| alloc::format!("The help cannot be shown: {what}: {}", shown(&self.dos.fault_text(e)));
        let guide = self
            .dos
            .lock(HELP_GUIDE, SHARED_LOCK)
            .and_then(|l| l.full_name())
            .map_err(|e| fail(&shown(HELP_GUIDE), e))?;
        self.dos.lock(HELP_VIEWER, SHARED_LOCK).map_err(|e| fail(&shown(HELP_VIEWER), e))?;
        let mut command = HELP_VIEWER.to_vec();
        command.push(b' ');
        command.extend_from_slice(&quote_arg(&guide));
        self.dos.run_async(&command, None).map_err(|e| fail(&shown(HELP_VIEWER), e))
    }
}

impl Drop for AmigaDesk<'_, '_> {
    /// The AppIcon first; what its port still holds is the event loop's
    /// to reply (it owns the port).
    fn drop(&mut self) {
        self.app = None;
        self.pick = None;
        self.frame = None;
    }
}
