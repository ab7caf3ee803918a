//! Workbench start messages: the `struct WBStartup` a program started from
//! Workbench receives (NDK workbench/startup.h), built in linear memory so
//! that GadgetScope (WBLAUNCH) and the test tools can start programs the
//! way Workbench does.
use crate::be::{Be16, Be32};
#[cfg(target_arch = "wasm32")]
use amiga_ndk::dos::pr_MsgPort;
use amiga_ndk::exec::NT_MESSAGE;

/// `struct WBArg` (8 bytes): a lock on the directory and a name in it.
#[repr(C, packed(2))]
#[derive(Default, Clone, Copy)]
pub struct WBArg {
    /// BPTR to a lock on the directory.
    pub wa_lock: Be32,
    /// Absolute address of the NUL-terminated name.
    pub wa_name: Be32,
}

/// `struct WBStartup` (40 bytes): an exec Message (20 bytes) followed by
/// the process's port, its segment, the arguments and the tool window.
#[repr(C, packed(2))]
#[derive(Default)]
pub struct WBStartup {
    pub ln_succ: Be32,
    pub ln_pred: Be32,
    pub ln_type: u8,
    pub ln_pri: i8,
    pub ln_name: Be32,
    /// Where the started program replies the message (at its exit).
    pub mn_reply_port: Be32,
    /// Size of the whole message in bytes.
    pub mn_length: Be16,
    /// `&process->pr_MsgPort` of the started program.
    pub sm_process: Be32,
    /// BPTR seglist of the program.
    pub sm_segment: Be32,
    /// Number of `WBArg`s at `sm_arg_list` (1: the tool itself).
    pub sm_num_args: Be32,
    /// Absolute address of a window description string, or 0.
    pub sm_tool_window: Be32,
    /// Absolute address of the `WBArg` array.
    pub sm_arg_list: Be32,
}

impl WBStartup {
    /// A message with `mn_Length` and `ln_Type` set; the caller fills the
    /// addresses.
    pub fn new() -> WBStartup {
        WBStartup {
            ln_type: NT_MESSAGE,
            mn_length: Be16::new(core::mem::size_of::<WBStartup>() as u16),
            ..Default::default()
        }
    }
}

/// The `WBArg` array of a start message: one entry per (lock, name
/// address) pair, the tool first.
pub fn wbargs(entries: &[(u32, u32)]) -> alloc::vec::Vec<WBArg> {
    entries.iter().map(|&(l, n)| WBArg { wa_lock: Be32::new(l), wa_name: Be32::new(n) }).collect()
}

#[cfg(target_arch = "wasm32")]
pub use os::*;

#[cfg(target_arch = "wasm32")]
mod os {
    //! `launch`: a genuine Workbench start, without blocking the caller.
    //! The program is loaded from its path with `LoadSeg()`, `NP_HomeDir`
    //! is a lock on its directory (so `PROGDIR:` is right), and WBArg 0
    //! names it in its own directory or in `tool_dir`: a program started
    //! from Workbench reads its tooltypes itself, with
    //! `GetDiskObject(wa_Name)` in `wa_Lock` of `sm_ArgList[0]` (NDK
    //! workbench/startup.h, icon.library autodoc), so a directory holding
    //! another icon of the same name gives it other tooltypes.
    use super::*;
    use crate::decode::nul_terminated;
    use crate::dos::{Dos, FileLock, Segment};
    use crate::exec::MsgPort;
    use crate::icon::Icon;
    use crate::library::Library;
    use crate::{mem, sys};
    use alloc::boxed::Box;
    use alloc::vec::Vec;
    use amiga_ndk::dos::{
        NP_FreeSeglist, NP_HomeDir, NP_Name, NP_Seglist, NP_StackSize, ERROR_OBJECT_NOT_FOUND, SHARED_LOCK,
    };
    use amiga_ndk::path::split_path;
    use amiga_ndk::workbench::WBTOOL;

    /// What to start.
    pub struct LaunchSpec<'s> {
        /// The program's path.
        pub program: &'s [u8],
        /// Project arguments: further WBArgs, each with its own lock.
        pub args: &'s [Vec<u8>],
        /// Stack size, bytes.
        pub stack: u32,
        /// The directory WBArg 0 locks (where the program's icon is read);
        /// `None`: the program's own directory.
        pub tool_dir: Option<&'s [u8]>,
    }

    /// Why a launch failed.
    #[derive(Debug, Clone, PartialEq, Eq)]
    pub enum LaunchError {
        /// The program, `tool_dir` or an ARG is not there: the path and
        /// the dos error.
        NotFound(Vec<u8>, i32),
        /// Loading or the process failed: what, and the dos error.
        Failed(&'static str, i32),
    }

    /// A launched program whose start message has not come back yet.
    /// Everything the message points to (the WBArg array, names, locks,
    /// the segment) lives here, and `keep`, released after them (a
    /// scratch icon the caller wants removed once the program is done).
    /// Check each message taken from the reply port with
    /// [`Launched::is_reply`]; then [`Launched::finish`] (or drop)
    /// releases it all. Dropping it before the reply *waits* for the
    /// reply (the program still uses all of it).
    pub struct Launched<'a, K> {
        reply: &'a MsgPort,
        msg: Box<WBStartup>,
        replied: bool,
        // Field order is release order after the reply.
        _args: Box<[WBArg]>,
        _names: Vec<Vec<u8>>,
        _arg_locks: Vec<FileLock<'a>>,
        _segment: Segment<'a>,
        _tool_lock: Option<FileLock<'a>>,
        _dir: FileLock<'a>,
        _keep: K,
    }

    impl<'a, K> Launched<'a, K> {
        /// The start message's address.
        pub fn message(&self) -> u32 {
            mem::abs(&*self.msg as *const WBStartup)
        }
        /// Is `msg` (taken from the reply port) this start message?
        pub fn is_reply(&self, msg: u32) -> bool {
            msg != 0 && msg == self.message()
        }
        /// The message came back: unload, unlock, drop `keep`.
        pub fn finish(mut self) {
            self.replied = true;
        }
        /// Blocks until the reply, taking messages from the reply port
        /// (others are dropped on the floor: use only with a port of its own).
        pub fn wait(mut self) {
            while !self.replied {
                let m = self.reply.wait();
                if self.is_reply(m) {
                    self.replied = true;
                }
            }
        }
    }

    impl<K> Drop for Launched<'_, K> {
        fn drop(&mut self) {
            while !self.replied {
                let m = self.reply.wait();
                if self.is_reply(m) {
                    self.replied = true;
                }
            }
        }
    }

    /// Starts `spec.program` the way Workbench does: its own process
    /// (`CreateNewProc` on the `LoadSeg`ed program, `NP_HomeDir` its
    /// directory), a `struct WBStartup` on its `pr_MsgPort` with
    /// `sm_ArgList[0]` the tool and one WBArg per project ARG, replied to
    /// `reply`. Returns at once; the caller keeps the [`Launched`] until
    /// the message comes back on `reply`. On failure `keep` is dropped.
    ///
    /// dos requesters are off meanwhile ([`crate::dos::NoRequesters`]): a
    /// path on a missing volume fails instead of blocking the caller in a
    /// requester.
    pub fn launch<'a, K>(
        dos: &'a Dos,
        spec: &LaunchSpec<'_>,
        reply: &'a MsgPort,
        keep: K,
    ) -> Result<Launched<'a, K>, LaunchError> {
        let _quiet = crate::dos::NoRequesters::new();
        let (dir_path, name) = split_path(spec.program);
        if name.is_empty() {
            return Err(LaunchError::NotFound(spec.program.to_vec(), ERROR_OBJECT_NOT_FOUND));
        }
        if let Err(e) = dos.lock(spec.program, SHARED_LOCK) {
            return Err(LaunchError::NotFound(spec.program.to_vec(), e));
        }
        let dir = dos.lock(dir_path, SHARED_LOCK).map_err(|e| LaunchError::NotFound(dir_path.to_vec(), e))?;
        let tool_lock = match spec.tool_dir {
            Some(t) => Some(dos.lock(t, SHARED_LOCK).map_err(|e| LaunchError::NotFound(t.to_vec(), e))?),
            None => None,
        };
        // Every ARG must exist before anything is started.
        let mut arg_locks = Vec::new();
        let mut names: Vec<Vec<u8>> = Vec::new();
        names.push(nul_terminated(name));
        for a in spec.args {
            // A project may be its icon alone (a WBStartup entry has no
            // file of its own): the path or `<path>.info` must exist.
            if let Err(e) = dos.lock(a, SHARED_LOCK) {
                let mut info = a.clone();
                info.extend_from_slice(b".info");
                if dos.lock(&info, SHARED_LOCK).is_err() {
                    return Err(LaunchError::NotFound(a.clone(), e));
                }
            }
            let (d, n) = split_path(a);
            let l = if n.is_empty() { dos.lock(a, SHARED_LOCK) } else { dos.lock(d, SHARED_LOCK) };
            arg_locks.push(l.map_err(|e| LaunchError::NotFound(a.clone(), e))?);
            names.push(nul_terminated(n));
        }
        let segment = dos.load_seg(spec.program).map_err(|e| LaunchError::Failed("LoadSeg", e))?;
        let wbarg0 = tool_lock.as_ref().unwrap_or(&dir).bptr();
        let mut entries = Vec::with_capacity(names.len());
        entries.push((wbarg0, mem::abs(names[0].as_ptr())));
        for (i, l) in arg_locks.iter().enumerate() {
            entries.push((l.bptr(), mem::abs(names[i + 1].as_ptr())));
        }
        let args: Box<[WBArg]> = wbargs(&entries).into_boxed_slice();
        let home = dir.dup_raw().map_err(|e| LaunchError::Failed("DupLock", e))?;
        let tags = [
            Be32::new(NP_Seglist),
            Be32::new(segment.bptr()),
            Be32::new(NP_FreeSeglist),
            Be32::new(0),
            Be32::new(NP_StackSize),
            Be32::new(spec.stack),
            Be32::new(NP_Name),
            Be32::new(mem::abs(names[0].as_ptr())),
            Be32::new(NP_HomeDir),
            Be32::new(home),
            Be32::new(0),
        ];
        let process = dos.create_new_proc(&tags).map_err(|e| LaunchError::Failed("CreateNewProc", e))?;
        let mut msg = Box::new(WBStartup::new());
        msg.mn_reply_port = Be32::new(reply.addr());
        msg.sm_process = Be32::new(process + pr_MsgPort as u32);
        msg.sm_segment = Be32::new(segment.bptr());
        msg.sm_num_args = Be32::new(args.len() as u32);
        msg.sm_arg_list = Be32::new(mem::abs(args.as_ptr()));
        let launched = Launched {
            reply,
            msg,
            replied: false,
            _args: args,
            _names: names,
            _arg_locks: arg_locks,
            _segment: segment,
            _tool_lock: tool_lock,
            _dir: dir,
            _keep: keep,
        };
        // SAFETY: the message and everything it points to live in
        // `launched` until the reply (its Drop waits for it).
        unsafe { crate::exec::put_msg(process + pr_MsgPort as u32, launched.message()) };
        Ok(launched)
    }

    /// An AppIcon on the Workbench window (workbench.library
    /// `AddAppIconA()`, wb_lib.fd); removed on drop. Its AppMessages (a
    /// double-click, icons dropped on it) arrive at the port it was added
    /// with, which must outlive it (the borrow says so).
    pub struct AppIcon<'p> {
        wb: Library,
        _icon: Icon,
        disk_object: u32,
        app_icon: u32,
        _title: Vec<u8>,
        _port: &'p MsgPort,
    }

    impl<'p> AppIcon<'p> {
        /// Adds the icon `<path>.info` (icon.library `GetDiskObjectNew()`:
        /// the default tool icon when there is none) titled `title`;
        /// `None` when workbench.library (V37) or icon.library is missing,
        /// or Workbench cannot show AppIcons now. dos requesters are off
        /// meanwhile: icon.library looks for `ENV:Sys/def_tool.info`, and a
        /// missing `ENV:` must not stop the caller in a requester.
        pub fn add(path: &[u8], title: &[u8], port: &'p MsgPort) -> Option<AppIcon<'p>> {
            let _quiet = crate::dos::NoRequesters::new();
            let wb = Library::open("workbench.library", 37).ok()?;
            let icon = Icon::open().ok()?;
            let dob = match icon.get_new(path) {
                Some(d) => d,
                None => icon.default_of(WBTOOL)?,
            };
            let title = nul_terminated(title);
            // SAFETY: title lives in the AppIcon until RemoveAppIcon; the
            // port outlives it (borrowed for 'p); dob is valid until freed
            // in drop, after RemoveAppIcon.
            let app_icon = unsafe {
                sys::wb_AddAppIconA(wb.base(), 0, 0, title.as_ptr(), port.addr(), 0, dob.addr(), core::ptr::null())
            };
            if app_icon == 0 {
                return None;
            }
            let disk_object = dob.into_raw();
            Some(AppIcon { wb, _icon: icon, disk_object, app_icon, _title: title, _port: port })
        }
    }

    impl AppIcon<'_> {
        /// Replies every AppMessage waiting at `port` (an AppIcon's);
        /// true if there was one: the icon was double-clicked, or
        /// something was dropped on it.
        pub fn opened(port: &MsgPort) -> bool {
            let mut any = false;
            while let Some(m) = port.get() {
                crate::exec::reply_msg(m);
                any = true;
            }
            any
        }
    }

    impl Drop for AppIcon<'_> {
        fn drop(&mut self) {
            // SAFETY: app_icon from AddAppIconA, removed once, before its
            // DiskObject (from icon.library, freed once) goes.
            unsafe {
                sys::wb_RemoveAppIcon(self.wb.base(), self.app_icon);
            }
            crate::icon::free_raw(&self._icon, self.disk_object);
        }
    }

    /// One argument of a Workbench start message (`struct WBArg`): the
    /// tool's own icon first, then each project icon that was selected
    /// with it or dropped on it.
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub struct StartArg {
        /// `wa_Lock`: BPTR to the directory, owned by Workbench (never
        /// unlocked here).
        pub lock: u32,
        /// `wa_Name`: the icon's name in that directory, without `.info`;
        /// empty for a disk or drawer given by its lock alone.
        pub name: Vec<u8>,
    }

    /// The most arguments read from one start message (a sanity bound
    /// on `sm_NumArgs`; Workbench passes one per selected icon).
    pub const MAX_START_ARGS: u32 = 64;

    /// The arguments of the start message `msg` (a `struct WBStartup *`,
    /// NDK workbench/startup.h), tool first, at most
    /// [`MAX_START_ARGS`]; an argument whose name is not a string of at
    /// most 255 bytes is left out.
    pub fn start_args(msg: u32) -> Vec<StartArg> {
        use amiga_ndk::workbench::{sm_ArgList, sm_NumArgs, wa_Lock, wa_Name, wa_SIZEOF};
        let n = mem::peek32(msg + sm_NumArgs as u32).min(MAX_START_ARGS);
        let list = mem::peek32(msg + sm_ArgList as u32);
        if list == 0 {
            return Vec::new();
        }
        (0..n)
            .filter_map(|i| {
                let at = list + i * wa_SIZEOF as u32;
                let name = mem::c_string(mem::peek32(at + wa_Name as u32), 255)?;
                Some(StartArg { lock: mem::peek32(at + wa_Lock as u32), name })
            })
            .collect()
    }

    impl StartArg {
        /// The tooltypes of this argument's icon, read the way a program
        /// started from Workbench reads them: `GetDiskObject(wa_Name)` with
        /// `wa_Lock` as the current directory (icon.library autodoc), no
        /// volume requesters. `None` without a name, icon.library or an
        /// icon.
        pub fn tooltypes(&self, dos: &Dos) -> Option<Vec<Vec<u8>>> {
            if self.lock == 0 || self.name.is_empty() {
                return None;
            }
            let icon = Icon::open().ok()?;
            let _quiet = crate::dos::NoRequesters::new();
            let old = dos.current_dir(self.lock);
            let tooltypes = icon.get(&self.name).map(|d| d.tooltypes());
            dos.current_dir(old);
            tooltypes
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use amiga_ndk::workbench::*;

    #[test]
    fn layout_matches_the_ndk() {
        assert_eq!(core::mem::size_of::<WBStartup>(), sm_SIZEOF);
        assert_eq!(core::mem::size_of::<WBArg>(), wa_SIZEOF);
        let m = WBStartup::new();
        let base = &m as *const WBStartup as usize;
        assert_eq!(core::ptr::addr_of!(m.sm_process) as usize - base, sm_Process);
        assert_eq!(core::ptr::addr_of!(m.sm_arg_list) as usize - base, sm_ArgList);
        assert_eq!(core::ptr::addr_of!(m.mn_reply_port) as usize - base, amiga_ndk::exec::mn_ReplyPort);
        assert_eq!({ m.mn_length }.get(), 40);
        assert_eq!(m.ln_type, NT_MESSAGE);
    }

    #[test]
    fn wbarg_array_is_big_endian_tool_first() {
        let a = wbargs(&[(0x100, 0x2000), (0x300, 0x4000)]);
        assert_eq!(a.len(), 2);
        assert_eq!({ a[0].wa_lock }.get(), 0x100);
        assert_eq!({ a[1].wa_name }.get(), 0x4000);
        // SAFETY: (test) the 16 bytes of the vector's two 8-byte WBArgs (len 2 above).
        let bytes: &[u8] = unsafe { core::slice::from_raw_parts(a.as_ptr() as *const u8, 16) };
        assert_eq!(&bytes[..8], &[0, 0, 1, 0, 0, 0, 0x20, 0]);
        assert_eq!(do_StackSize + 4, 78, "sizeof(struct DiskObject)");
    }
}
