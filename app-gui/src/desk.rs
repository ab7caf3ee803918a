//! The Amiga side of the GUI besides its window (wasm32 only): the
//! highlight frame (amiga_rt::highlight), the pick-mode input handler
//! (amiga_rt::pick), files, the profile icon and the AppIcon shown while
//! iconified (workbench.library `AddAppIconA`, wb_lib.fd).
use crate::gui::{Desk, PickReport};
use alloc::string::String;
use alloc::vec::Vec;
use amiga_rt::dos::{Dos, NoRequesters};
use amiga_rt::exec::MsgPort;
use amiga_rt::highlight::Highlight;
use amiga_rt::intuition::Intuition;
use amiga_rt::library::Library;
use amiga_rt::pick::PickHandler;
use amiga_rt::sys;

/// The quirk-profile project icon, encoded at build time (build.rs).
const PROFILE_ICON: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/Profile.info"));
/// Largest profile Open… reads, bytes.
const PROFILE_MAX: usize = 64 * 1024;

fn shown(b: &[u8]) -> String {
    b.iter().map(|&c| c as char).collect()
}

/// An AppIcon on the Workbench window (removed on drop).
struct AppIcon {
    wb: Library,
    icon_lib: Library,
    disk_object: u32,
    app_icon: u32,
    #[allow(dead_code)]
    title: Vec<u8>,
}

impl Drop for AppIcon {
    fn drop(&mut self) {
        // SAFETY: app_icon from AddAppIconA, disk_object from icon.library;
        // each freed once, the icon before its DiskObject.
        unsafe {
            sys::wb_RemoveAppIcon(self.wb.base(), self.app_icon);
            sys::icon_FreeDiskObject(self.icon_lib.base(), self.disk_object);
        }
    }
}

/// The desk: frame, pick handler, files, AppIcon.
pub struct AmigaDesk<'a> {
    intuition: &'a Intuition,
    dos: &'a Dos,
    frame: Option<(u32, Highlight<'a>)>,
    pick: Option<PickHandler>,
    app: Option<AppIcon>,
    /// AppMessages (a double-click on the AppIcon) arrive here.
    pub app_port: MsgPort,
}

impl<'a> AmigaDesk<'a> {
    /// A desk; `None` without a free signal for the AppIcon port.
    pub fn new(intuition: &'a Intuition, dos: &'a Dos) -> Option<AmigaDesk<'a>> {
        Some(AmigaDesk { intuition, dos, frame: None, pick: None, app: None, app_port: MsgPort::new()? })
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
        let mut any = false;
        while let Some(m) = self.app_port.get() {
            amiga_rt::exec::reply_msg(m);
            any = true;
        }
        any
    }
}

impl Desk for AmigaDesk<'_> {
    fn show_frame(&mut self, screen: u32, left: i32, top: i32, width: i32, height: i32) {
        if let Some((s, h)) = &mut self.frame {
            if *s == screen && h.move_to(left, top, width, height).is_ok() {
                return;
            }
        }
        self.frame = None;
        if let Ok(h) = Highlight::show(self.intuition, screen, left, top, width, height) {
            self.frame = Some((screen, h));
        }
    }

    fn hide_frame(&mut self) {
        self.frame = None;
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
        // icon.library looks for ENV:Sys/def_tool.info; a missing ENV:
        // must not stop GadgetScope in a "Please insert volume" requester.
        let _quiet = NoRequesters::new();
        let Ok(wb) = Library::open("workbench.library", 37) else { return false };
        let Ok(icon_lib) = Library::open("icon.library", 37) else { return false };
        let name = b"PROGDIR:GadgetScope\0";
        // SAFETY: NUL-terminated name in linear memory; plain calls.
        let mut dob = unsafe { sys::icon_GetDiskObjectNew(icon_lib.base(), name.as_ptr()) };
        if dob == 0 {
            // SAFETY: plain call.
            dob = unsafe { sys::icon_GetDefDiskObject(icon_lib.base(), i32::from(amiga_ndk::workbench::WBTOOL)) };
        }
        if dob == 0 {
            return false;
        }
        let title = b"GadgetScope\0".to_vec();
        // SAFETY: title lives in the AppIcon (kept until RemoveAppIcon);
        // the port outlives it (field of self, dropped after `app`).
        let app_icon = unsafe {
            sys::wb_AddAppIconA(wb.base(), 0, 0, title.as_ptr(), self.app_port.addr(), 0, dob, core::ptr::null())
        };
        if app_icon == 0 {
            // SAFETY: dob from icon.library, freed once.
            unsafe { sys::icon_FreeDiskObject(icon_lib.base(), dob) };
            return false;
        }
        self.app = Some(AppIcon { wb, icon_lib, disk_object: dob, app_icon, title });
        true
    }

    fn help(&mut self) -> Result<(), String> {
        self.dos
            .run_async(b"MultiView PROGDIR:GadgetScope.guide", None)
            .map_err(|e| alloc::format!("The help cannot be shown: {}", shown(&self.dos.fault_text(e))))
    }
}

impl Drop for AmigaDesk<'_> {
    fn drop(&mut self) {
        self.app = None;
        self.pick = None;
        self.frame = None;
        while self.app_opened() {}
    }
}
