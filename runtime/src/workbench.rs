//! Workbench start messages: the `struct WBStartup` a program started from
//! Workbench receives (NDK workbench/startup.h), built in linear memory so
//! that GadgetScope (WBLAUNCH) and the test tools can start programs the
//! way Workbench does.
use crate::be::{Be16, Be32};
#[cfg(target_arch = "wasm32")]
use amiga_ndk::dos::pr_MsgPort;
use amiga_ndk::exec::NT_MESSAGE;
use amiga_ndk::workbench::*;

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

/// The smallest stack a launched program gets (Workbench's rule: the
/// icon's `do_StackSize`, never below 4096 bytes).
pub const MIN_STACK: u32 = 4096;
/// The stack when the icon gives none and the caller asked for none.
pub const DEFAULT_STACK: u32 = 8192;
/// How many tooltypes a merged icon may hold (a sanity bound).
pub const MAX_TOOLTYPES: usize = 256;

/// A path split into its directory and last component, AmigaDOS style:
/// `DH0:C/Foo` -> (`DH0:C`, `Foo`), `DH0:Foo` -> (`DH0:`, `Foo`), `Foo` ->
/// (``, `Foo`: the current directory), `DH0:` -> (`DH0:`, ``).
pub fn split_path(path: &[u8]) -> (&[u8], &[u8]) {
    match path.iter().rposition(|&c| c == b'/' || c == b':') {
        Some(i) if path[i] == b':' => (&path[..=i], &path[i + 1..]),
        Some(i) => (&path[..i], &path[i + 1..]),
        None => (b"", path),
    }
}

/// The key of a tooltype: the bytes before the first `=` (the whole entry
/// when it has none), as icon.library's `FindToolType()` compares it.
pub fn tooltype_key(entry: &[u8]) -> &[u8] {
    match entry.iter().position(|&c| c == b'=') {
        Some(i) => &entry[..i],
        None => entry,
    }
}

/// Why tooltype overrides were refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ToolTypeError {
    /// An override with an empty key (`=x`, ``) or a NUL byte.
    Bad(alloc::vec::Vec<u8>),
    /// More than [`MAX_TOOLTYPES`] entries after merging.
    TooMany,
}

/// The tooltypes a launched program sees: the icon's `existing` entries
/// with each override `KEY=value` (or bare `KEY`) applied in order. An
/// override replaces the first entry with the same key
/// (case-insensitively, as `FindToolType()` matches) and removes later
/// ones, so `FindToolType()` finds the override; a key the icon lacks is
/// appended. Disabled entries (`(KEY=x)`) are other keys and stay.
pub fn merge_tooltypes(
    existing: &[alloc::vec::Vec<u8>],
    overrides: &[alloc::vec::Vec<u8>],
) -> Result<alloc::vec::Vec<alloc::vec::Vec<u8>>, ToolTypeError> {
    let mut out: alloc::vec::Vec<alloc::vec::Vec<u8>> = existing.to_vec();
    for o in overrides {
        let key = tooltype_key(o);
        if key.is_empty() || o.contains(&0) {
            return Err(ToolTypeError::Bad(o.clone()));
        }
        let same = |e: &alloc::vec::Vec<u8>| tooltype_key(e).eq_ignore_ascii_case(key);
        match out.iter().position(same) {
            Some(i) => {
                out[i] = o.clone();
                let mut j = i + 1;
                while j < out.len() {
                    if same(&out[j]) {
                        out.remove(j);
                    } else {
                        j += 1;
                    }
                }
            }
            None => out.push(o.clone()),
        }
    }
    if out.len() > MAX_TOOLTYPES {
        return Err(ToolTypeError::TooMany);
    }
    Ok(out)
}

/// The stack of a launched program: `requested` if given, else the
/// icon's `do_StackSize`, else [`DEFAULT_STACK`]; never below
/// [`MIN_STACK`]; rounded up to a multiple of 4.
pub fn launch_stack(requested: Option<u32>, icon: Option<u32>) -> u32 {
    let s = requested.or(icon.filter(|&s| s > 0)).unwrap_or(DEFAULT_STACK).max(MIN_STACK);
    s.saturating_add(3) & !3
}

/// `<base>GadgetScope-launch-<n>`: the scratch directory of one launch
/// with tooltype overrides (`base` is `T:` or `RAM:`).
pub fn scratch_dir_name(base: &[u8], n: u32) -> alloc::vec::Vec<u8> {
    let mut v = base.to_vec();
    v.extend_from_slice(alloc::format!("GadgetScope-launch-{n}").as_bytes());
    v
}

/// `<dir>/<name>.info` (or `<dir><name>.info` after a `:`).
pub fn icon_path(dir: &[u8], name: &[u8]) -> alloc::vec::Vec<u8> {
    let mut v = join_path(dir, name);
    v.extend_from_slice(b".info");
    v
}

/// `dir` + `name` with a `/` unless `dir` is empty or ends in `:` or `/`.
pub fn join_path(dir: &[u8], name: &[u8]) -> alloc::vec::Vec<u8> {
    let mut v = dir.to_vec();
    if !(v.is_empty() || v.ends_with(b":") || v.ends_with(b"/")) {
        v.push(b'/');
    }
    v.extend_from_slice(name);
    v
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
    //!
    //! Tooltype overrides: a program started from Workbench reads its
    //! tooltypes itself, with `GetDiskObject(wa_Name)` in `wa_Lock` of
    //! `sm_ArgList[0]` (NDK workbench/startup.h, icon.library autodoc), so
    //! no in-memory channel reaches it. `launch` therefore writes a
    //! scratch copy of the icon with the merged tooltypes into a new
    //! directory `T:GadgetScope-launch-<n>` (`RAM:` when `T:` is missing)
    //! and points WBArg 0 there (same `wa_Name`), while the program is
    //! loaded from its real path and `NP_HomeDir` is a lock on its real
    //! directory, so `PROGDIR:` is right. The directory and icon are
    //! removed when the start message comes back, or at once when the
    //! launch fails. Without overrides WBArg 0 is the real directory.
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
        NP_FreeSeglist, NP_HomeDir, NP_Name, NP_Seglist, NP_StackSize, ERROR_OBJECT_EXISTS, ERROR_OBJECT_NOT_FOUND,
        SHARED_LOCK,
    };

    /// What to start.
    pub struct LaunchSpec<'s> {
        /// The program's path (its icon is `<path>.info`).
        pub program: &'s [u8],
        /// Tooltype overrides, `KEY=value` or `KEY`.
        pub tooltypes: &'s [Vec<u8>],
        /// Project arguments: further WBArgs, each with its own lock.
        pub args: &'s [Vec<u8>],
        /// Stack size; `None`: the icon's ([`launch_stack`]).
        pub stack: Option<u32>,
    }

    /// Why a launch failed.
    #[derive(Debug, Clone, PartialEq, Eq)]
    pub enum LaunchError {
        /// The program, its icon (needed for overrides) or an ARG is not
        /// there: the path and the dos error.
        NotFound(Vec<u8>, i32),
        /// A bad tooltype override.
        ToolType(ToolTypeError),
        /// Loading, the scratch icon or the process failed: what, and the
        /// dos error.
        Failed(&'static str, i32),
    }

    /// A launched program whose start message has not come back yet.
    /// Everything the message points to (the WBArg array, names, locks,
    /// the segment, the scratch icon) lives here. Check each message taken
    /// from the reply port with [`Launched::is_reply`]; then
    /// [`Launched::finish`] (or drop) releases it all. Dropping it before
    /// the reply *waits* for the reply (the program still uses all of it).
    pub struct Launched<'a> {
        reply: &'a MsgPort,
        msg: Box<WBStartup>,
        replied: bool,
        // Field order is release order after the reply.
        _args: Box<[WBArg]>,
        _names: Vec<Vec<u8>>,
        _arg_locks: Vec<FileLock<'a>>,
        _segment: Segment<'a>,
        _scratch: Option<Scratch<'a>>,
        _dir: FileLock<'a>,
    }

    impl<'a> Launched<'a> {
        /// The start message's address.
        pub fn message(&self) -> u32 {
            mem::abs(&*self.msg as *const WBStartup)
        }
        /// Is `msg` (taken from the reply port) this start message?
        pub fn is_reply(&self, msg: u32) -> bool {
            msg != 0 && msg == self.message()
        }
        /// The message came back: unload, unlock, remove the scratch icon.
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

    impl Drop for Launched<'_> {
        fn drop(&mut self) {
            while !self.replied {
                let m = self.reply.wait();
                if self.is_reply(m) {
                    self.replied = true;
                }
            }
        }
    }

    /// The scratch directory and icon; removed on drop.
    struct Scratch<'a> {
        dos: &'a Dos,
        dir: Vec<u8>,
        icon: Vec<u8>,
        lock: Option<FileLock<'a>>,
    }

    impl Drop for Scratch<'_> {
        fn drop(&mut self) {
            drop(self.lock.take());
            let _ = self.dos.delete_path(&self.icon);
            let _ = self.dos.delete_path(&self.dir);
        }
    }

    /// Creates the first free `<base>GadgetScope-launch-<n>` (n 1..=99).
    fn scratch_dir<'a>(dos: &'a Dos) -> Result<(Vec<u8>, FileLock<'a>), i32> {
        let base: &[u8] = if dos.exists(b"T:") { b"T:" } else { b"RAM:" };
        let mut last = ERROR_OBJECT_EXISTS;
        for n in 1..=99 {
            let name = scratch_dir_name(base, n);
            match dos.create_dir(&name) {
                Ok(l) => return Ok((name, l)),
                Err(ERROR_OBJECT_EXISTS) => continue,
                Err(e) => {
                    last = e;
                    break;
                }
            }
        }
        Err(last)
    }

    /// Starts `spec.program` the way Workbench does: its own process
    /// (`CreateNewProc` on the `LoadSeg`ed program, `NP_HomeDir` its
    /// directory), a `struct WBStartup` on its `pr_MsgPort` with
    /// `sm_ArgList[0]` the tool and one WBArg per project ARG, replied to
    /// `reply`. Returns at once; the caller keeps the [`Launched`] until
    /// the message comes back on `reply`.
    ///
    /// dos requesters are off meanwhile ([`crate::dos::NoRequesters`]): a
    /// path on a missing volume or an unassigned `T:` fails instead of
    /// blocking the caller in a requester.
    pub fn launch<'a>(dos: &'a Dos, spec: &LaunchSpec<'_>, reply: &'a MsgPort) -> Result<Launched<'a>, LaunchError> {
        let _quiet = crate::dos::NoRequesters::new();
        let (dir_path, name) = split_path(spec.program);
        if name.is_empty() {
            return Err(LaunchError::NotFound(spec.program.to_vec(), ERROR_OBJECT_NOT_FOUND));
        }
        if let Err(e) = dos.lock(spec.program, SHARED_LOCK) {
            return Err(LaunchError::NotFound(spec.program.to_vec(), e));
        }
        let dir = dos.lock(dir_path, SHARED_LOCK).map_err(|e| LaunchError::NotFound(dir_path.to_vec(), e))?;
        // Every ARG must exist before anything is started.
        let mut arg_locks = Vec::new();
        let mut names: Vec<Vec<u8>> = Vec::new();
        names.push(nul_terminated(name));
        for a in spec.args {
            if let Err(e) = dos.lock(a, SHARED_LOCK) {
                return Err(LaunchError::NotFound(a.clone(), e));
            }
            let (d, n) = split_path(a);
            let l = if n.is_empty() { dos.lock(a, SHARED_LOCK) } else { dos.lock(d, SHARED_LOCK) };
            arg_locks.push(l.map_err(|e| LaunchError::NotFound(a.clone(), e))?);
            names.push(nul_terminated(n));
        }
        let icon = Icon::open().ok();
        let dobj = icon.as_ref().and_then(|i| i.get(spec.program));
        let stack = launch_stack(spec.stack, dobj.as_ref().map(|d| d.stack()));
        let mut scratch = None;
        if !spec.tooltypes.is_empty() {
            let Some(d) = dobj.as_ref() else {
                let mut p = spec.program.to_vec();
                p.extend_from_slice(b".info");
                return Err(LaunchError::NotFound(p, ERROR_OBJECT_NOT_FOUND));
            };
            let merged = merge_tooltypes(&d.tooltypes(), spec.tooltypes).map_err(LaunchError::ToolType)?;
            let (sdir, lock) = scratch_dir(dos).map_err(|e| LaunchError::Failed("scratch directory", e))?;
            let s = Scratch { dos, icon: icon_path(&sdir, name), dir: sdir, lock: Some(lock) };
            // The exclusive lock of CreateDir would keep the program from
            // reading the icon; a shared one replaces it.
            let mut s = s;
            drop(s.lock.take());
            let target = join_path(&s.dir, name);
            // A byte-level copy of the icon file with only its tooltype
            // block replaced (AROS's icon.library refuses PutDiskObject
            // here); icon.library for icons that reading cannot walk.
            let mut src = spec.program.to_vec();
            src.extend_from_slice(b".info");
            let copied = dos
                .read_file(&src, 1 << 20)
                .ok()
                .and_then(|b| replace_tooltypes(&b, &merged))
                .is_some_and(|bytes| dos.write_file(&s.icon, &bytes).is_ok());
            if !copied && !d.put_with(&target, &merged) {
                return Err(LaunchError::Failed("writing the scratch icon", dos.io_err()));
            }
            s.lock = Some(dos.lock(&s.dir, SHARED_LOCK).map_err(|e| LaunchError::Failed("scratch directory", e))?);
            scratch = Some(s);
        }
        drop(dobj);
        drop(icon);
        let segment = dos.load_seg(spec.program).map_err(|e| LaunchError::Failed("LoadSeg", e))?;
        let tool_lock = match &scratch {
            Some(s) => s.lock.as_ref().map_or(0, |l| l.bptr()),
            None => dir.bptr(),
        };
        let mut entries = Vec::with_capacity(names.len());
        entries.push((tool_lock, mem::abs(names[0].as_ptr())));
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
            Be32::new(stack),
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
            _scratch: scratch,
            _dir: dir,
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

    /// The tooltypes of `<path>.info` (icon.library), for probes; `None`
    /// without icon.library or an icon.
    pub fn read_tooltypes(path: &[u8]) -> Option<Vec<Vec<u8>>> {
        let icon = Icon::open().ok()?;
        let tooltypes = icon.get(path)?.tooltypes();
        Some(tooltypes)
    }
}

/// A classic `.info` file (NDK workbench/workbench.h: the 78-byte
/// `struct DiskObject`, the 56-byte `OldDrawerData` if `do_DrawerData`,
/// the `GadgetRender` image and the `SelectRender` image if set (a 20-byte
/// `struct Image` then `Depth` word-padded bitplanes when `ImageData` is
/// set), the `do_DefaultTool` string if set, the `do_ToolTypes` block if
/// set (a ULONG `(n + 1) * 4`, then each string as a ULONG length with
/// its NUL, the bytes and the NUL), then the rest) with only the tooltype
/// block replaced by `tooltypes` (and `do_ToolTypes` set or cleared to
/// match): every other byte, the image, the GlowIcon or NewIcon data
/// after it, is copied. `None` when `info` is not a classic DiskObject
/// this reading can walk (an AROS PNG icon, a truncated file): the caller
/// falls back to icon.library.
pub fn replace_tooltypes(info: &[u8], tooltypes: &[alloc::vec::Vec<u8>]) -> Option<alloc::vec::Vec<u8>> {
    use amiga_ndk::intuition::{
        gg_GadgetRender, gg_SelectRender, ig_Depth, ig_Height, ig_ImageData, ig_SIZEOF, ig_Width,
    };
    let u16_at = |o: usize| -> Option<u16> { Some(u16::from_be_bytes(info.get(o..o + 2)?.try_into().ok()?)) };
    let u32_at = |o: usize| -> Option<u32> { Some(u32::from_be_bytes(info.get(o..o + 4)?.try_into().ok()?)) };
    if u16_at(do_Magic)? != WB_DISKMAGIC || info.len() < do_SIZEOF {
        return None;
    }
    let mut at = do_SIZEOF;
    if u32_at(do_DrawerData)? != 0 {
        at += OLDDRAWERDATA_SIZEOF;
    }
    let image = |at: usize| -> Option<usize> {
        let (w, h, d) =
            (u16_at(at + ig_Width)? as usize, u16_at(at + ig_Height)? as usize, u16_at(at + ig_Depth)? as usize);
        let data = if u32_at(at + ig_ImageData)? != 0 { w.div_ceil(16) * 2 * h * d } else { 0 };
        Some(at + ig_SIZEOF + data)
    };
    if u32_at(do_Gadget + gg_GadgetRender)? != 0 {
        at = image(at)?;
    }
    if u32_at(do_Gadget + gg_SelectRender)? != 0 {
        at = image(at)?;
    }
    let string = |at: usize| -> Option<usize> {
        let n = u32_at(at)? as usize;
        if n > 0x10000 {
            return None;
        }
        Some(at + 4 + n)
    };
    if u32_at(do_DefaultTool)? != 0 {
        at = string(at)?;
    }
    let types_at = at;
    if u32_at(do_ToolTypes)? != 0 {
        let n = (u32_at(at)? / 4).checked_sub(1)? as usize;
        if n > MAX_TOOLTYPES {
            return None;
        }
        at += 4;
        for _ in 0..n {
            at = string(at)?;
        }
    }
    if at > info.len() {
        return None;
    }
    let mut out = alloc::vec::Vec::with_capacity(info.len() + 64);
    out.extend_from_slice(&info[..types_at]);
    let present: u32 = if tooltypes.is_empty() { 0 } else { 1 };
    out[do_ToolTypes..do_ToolTypes + 4].copy_from_slice(&present.to_be_bytes());
    if !tooltypes.is_empty() {
        out.extend_from_slice(&((tooltypes.len() as u32 + 1) * 4).to_be_bytes());
        for t in tooltypes {
            let t = t.split(|&c| c == 0).next().unwrap_or(&[]);
            out.extend_from_slice(&(t.len() as u32 + 1).to_be_bytes());
            out.extend_from_slice(t);
            out.push(0);
        }
    }
    out.extend_from_slice(&info[at..]);
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn paths_split_like_amigados() {
        assert_eq!(split_path(b"DH0:C/Foo"), (&b"DH0:C"[..], &b"Foo"[..]));
        assert_eq!(split_path(b"DH0:Foo"), (&b"DH0:"[..], &b"Foo"[..]));
        assert_eq!(split_path(b"Foo"), (&b""[..], &b"Foo"[..]));
        assert_eq!(split_path(b"DH0:"), (&b"DH0:"[..], &b""[..]));
        assert_eq!(join_path(b"DH0:", b"X"), b"DH0:X");
        assert_eq!(join_path(b"T:GadgetScope-launch-1", b"X"), b"T:GadgetScope-launch-1/X");
        assert_eq!(join_path(b"", b"X"), b"X");
        assert_eq!(icon_path(b"RAM:a", b"Tool"), b"RAM:a/Tool.info");
        assert_eq!(scratch_dir_name(b"T:", 3), b"T:GadgetScope-launch-3");
    }

    fn v(items: &[&str]) -> alloc::vec::Vec<alloc::vec::Vec<u8>> {
        items.iter().map(|s| s.as_bytes().to_vec()).collect()
    }

    #[test]
    fn tooltype_overrides_replace_by_key_or_append() {
        let icon = v(&["PORTNAME=APP.1", "(DISABLED=1)", "CX_POPUP=NO", "portname=dup", "FLAG"]);
        let m = merge_tooltypes(&icon, &v(&["PortName=TEST", "MODE=fast", "flag=yes"])).unwrap();
        assert_eq!(m, v(&["PortName=TEST", "(DISABLED=1)", "CX_POPUP=NO", "flag=yes", "MODE=fast"]));
        // Bare keys work, order of overrides counts.
        assert_eq!(merge_tooltypes(&[], &v(&["A=1", "A=2", "DONOTWAIT"])).unwrap(), v(&["A=2", "DONOTWAIT"]));
        assert_eq!(merge_tooltypes(&icon, &[]).unwrap(), icon);
        assert_eq!(merge_tooltypes(&[], &v(&["=x"])), Err(ToolTypeError::Bad(b"=x".to_vec())));
        assert_eq!(merge_tooltypes(&[], &v(&[""])), Err(ToolTypeError::Bad(b"".to_vec())));
        let many: alloc::vec::Vec<_> = (0..=MAX_TOOLTYPES).map(|i| alloc::format!("K{i}=1").into_bytes()).collect();
        assert_eq!(merge_tooltypes(&[], &many), Err(ToolTypeError::TooMany));
        assert_eq!(tooltype_key(b"A=B=C"), b"A");
    }

    #[test]
    fn stack_follows_workbench_rules() {
        assert_eq!(launch_stack(None, None), DEFAULT_STACK);
        assert_eq!(launch_stack(None, Some(0)), DEFAULT_STACK);
        assert_eq!(launch_stack(None, Some(1000)), MIN_STACK);
        assert_eq!(launch_stack(None, Some(20000)), 20000);
        assert_eq!(launch_stack(Some(30001), Some(20000)), 30004);
    }

    #[test]
    fn wbarg_array_is_big_endian_tool_first() {
        let a = wbargs(&[(0x100, 0x2000), (0x300, 0x4000)]);
        assert_eq!(a.len(), 2);
        assert_eq!({ a[0].wa_lock }.get(), 0x100);
        assert_eq!({ a[1].wa_name }.get(), 0x4000);
        let bytes: &[u8] = unsafe { core::slice::from_raw_parts(a.as_ptr() as *const u8, 16) };
        assert_eq!(&bytes[..8], &[0, 0, 1, 0, 0, 0, 0x20, 0]);
        assert_eq!(do_StackSize + 4, 78, "sizeof(struct DiskObject)");
    }

    /// A WBTOOL icon: one 16×2×1 image, an optional default tool, the
    /// tooltypes, then `tail` (standing for a GlowIcon FORM).
    fn icon(tool: Option<&[u8]>, tts: &[&[u8]], tail: &[u8]) -> alloc::vec::Vec<u8> {
        let mut b = alloc::vec![0u8; 78];
        b[0..4].copy_from_slice(&[0xE3, 0x10, 0, 1]);
        b[22..26].copy_from_slice(&1u32.to_be_bytes()); // GadgetRender
        b[48] = 3;
        if tool.is_some() {
            b[50..54].copy_from_slice(&1u32.to_be_bytes());
        }
        if !tts.is_empty() {
            b[54..58].copy_from_slice(&1u32.to_be_bytes());
        }
        b[74..78].copy_from_slice(&4096u32.to_be_bytes());
        // struct Image: 16×2, depth 1, ImageData set; 4 bytes of plane.
        b.extend_from_slice(&[0, 0, 0, 0, 0, 16, 0, 2, 0, 1, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0]);
        b.extend_from_slice(&[0xAA, 0x55, 0xAA, 0x55]);
        let s = |b: &mut alloc::vec::Vec<u8>, t: &[u8]| {
            b.extend_from_slice(&(t.len() as u32 + 1).to_be_bytes());
            b.extend_from_slice(t);
            b.push(0);
        };
        if let Some(t) = tool {
            s(&mut b, t);
        }
        if !tts.is_empty() {
            b.extend_from_slice(&((tts.len() as u32 + 1) * 4).to_be_bytes());
            for t in tts {
                s(&mut b, t);
            }
        }
        b.extend_from_slice(tail);
        b
    }

    #[test]
    fn tooltype_block_is_replaced_and_everything_else_kept() {
        let tail = b"FORM\0\0\0\x04ICON";
        let old = icon(Some(b"SYS:Tool"), &[b"MODE=icon", b"KEEP=1"], tail);
        let new = replace_tooltypes(&old, &v(&["MODE=x", "KEEP=1", "NEW=2"])).unwrap();
        assert_eq!(new, icon(Some(b"SYS:Tool"), &[b"MODE=x", b"KEEP=1", b"NEW=2"], tail));
        // No tooltypes before: the block is inserted and do_ToolTypes set.
        let bare = icon(None, &[], tail);
        assert_eq!(replace_tooltypes(&bare, &v(&["A=1"])).unwrap(), icon(None, &[b"A=1"], tail));
        // And removed again.
        assert_eq!(replace_tooltypes(&icon(None, &[b"A=1"], b""), &[]).unwrap(), icon(None, &[], b""));
    }

    #[test]
    fn tooltype_replacement_refuses_what_it_cannot_walk() {
        assert_eq!(replace_tooltypes(b"\x89PNG\r\n\x1a\n", &v(&["A=1"])), None);
        let old = icon(None, &[b"MODE=icon"], b"");
        assert_eq!(replace_tooltypes(&old[..old.len() - 3], &v(&["A=1"])), None);
        assert_eq!(replace_tooltypes(&old[..60], &v(&["A=1"])), None);
    }
}
