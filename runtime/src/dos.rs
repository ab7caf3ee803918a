//! dos.library: the Shell's output, `ReadArgs()` and fault texts.
use crate::library::{Library, LibraryError};
use crate::decode::nul_terminated;
use crate::readargs::{slots, Slot, Value};
use crate::sys;
use alloc::vec;
use alloc::vec::Vec;

/// dos.library, V37 or newer (ReadArgs and PrintFault are V36+).
pub struct Dos {
    lib: Library,
}

/// Shell return codes (dos/dos.h RETURN_OK .. RETURN_FAIL).
pub const RETURN_OK: i32 = 0;
pub const RETURN_WARN: i32 = 5;
pub const RETURN_ERROR: i32 = 10;
pub const RETURN_FAIL: i32 = 20;

/// dos/dos.h `MODE_NEWFILE` (1006) and `MODE_OLDFILE` (1005).
pub const MODE_NEWFILE: i32 = 1006;
pub const MODE_OLDFILE: i32 = 1005;

impl Dos {
    /// Opens dos.library 37.
    pub fn open() -> Result<Dos, LibraryError> {
        Ok(Dos { lib: Library::open("dos.library", 37)? })
    }

    /// The Shell's output handle (`Output()`); 0 when started from Workbench.
    pub fn output(&self) -> u32 {
        // SAFETY: plain library call.
        unsafe { sys::dos_Output(self.lib.base()) }
    }

    /// Writes all of `bytes` to file handle `fh`; false on a write error.
    pub fn write(&self, fh: u32, bytes: &[u8]) -> bool {
        if fh == 0 {
            return false;
        }
        // SAFETY: bytes is valid for its length in linear memory.
        let n = unsafe { sys::dos_Write(self.lib.base(), fh, bytes.as_ptr(), bytes.len() as i32) };
        n == bytes.len() as i32
    }

    /// Writes to the Shell's output.
    pub fn print(&self, bytes: &[u8]) -> bool {
        self.write(self.output(), bytes)
    }

    /// `IoErr()`: the last dos error code (dos/dos.h ERROR_*).
    pub fn io_err(&self) -> i32 {
        // SAFETY: plain library call.
        unsafe { sys::dos_IoErr(self.lib.base()) }
    }

    /// `PrintFault(code, header)`: the standard text for a dos error,
    /// e.g. `GadgetScope: required argument missing`.
    pub fn print_fault(&self, code: i32, header: &str) {
        let z = nul_terminated(header.as_bytes());
        // SAFETY: z is NUL-terminated in linear memory.
        unsafe { sys::dos_PrintFault(self.lib.base(), code, z.as_ptr()) };
    }

    /// Creates (or replaces) a file and writes `bytes` into it.
    pub fn write_file(&self, name: &str, bytes: &[u8]) -> Result<(), i32> {
        let z = nul_terminated(name.as_bytes());
        // SAFETY: z is NUL-terminated in linear memory.
        let fh = unsafe { sys::dos_Open(self.lib.base(), z.as_ptr(), MODE_NEWFILE) };
        if fh == 0 {
            return Err(self.io_err());
        }
        let ok = self.write(fh, bytes);
        let err = if ok { 0 } else { self.io_err() };
        // SAFETY: fh came from Open and is closed once.
        unsafe { sys::dos_Close(self.lib.base(), fh) };
        if ok { Ok(()) } else { Err(err) }
    }

    /// `ReadArgs(template)` on the Shell's command line. Every value is
    /// copied out before `FreeArgs()`. `Err(IoErr())` when the line does
    /// not fit the template (the caller prints it with `print_fault`, as
    /// Shell commands do, and returns RETURN_ERROR).
    pub fn read_args(&self, template: &str) -> Result<Vec<Value>, i32> {
        let kinds = slots(template);
        let z = nul_terminated(template.as_bytes());
        let mut array = vec![[0u8; 4]; kinds.len()];
        // SAFETY: z is NUL-terminated and array holds one LONG per template
        // item, as ReadArgs requires.
        let rda = unsafe { sys::dos_ReadArgs(self.lib.base(), z.as_ptr(), array.as_mut_ptr() as *mut u8, 0) };
        if rda == 0 {
            return Err(self.io_err());
        }
        let values = kinds
            .iter()
            .zip(array.iter())
            .map(|(kind, raw)| {
                let v = u32::from_be_bytes(*raw);
                match (kind, v) {
                    (Slot::Switch, v) => Value::Switch(v != 0),
                    (_, 0) => Value::Absent,
                    (Slot::Number, p) => Value::Number(crate::mem::peek32(p) as i32),
                    (Slot::Text, p) => Value::Text(crate::mem::c_string(p, 4096).unwrap_or_default()),
                    (Slot::Multi, p) => {
                        let mut items = Vec::new();
                        let mut at = p;
                        loop {
                            let s = crate::mem::peek32(at);
                            if s == 0 || items.len() >= 1024 {
                                break;
                            }
                            items.push(crate::mem::c_string(s, 4096).unwrap_or_default());
                            at += 4;
                        }
                        Value::Multi(items)
                    }
                }
            })
            .collect();
        // SAFETY: rda came from ReadArgs and is freed once, after the copy.
        unsafe { sys::dos_FreeArgs(self.lib.base(), rda) };
        Ok(values)
    }
}

/// dos/dos.h `SHARED_LOCK` (ACCESS_READ, -2).
pub const SHARED_LOCK: i32 = -2;

/// A loaded program (`LoadSeg()`), unloaded on drop.
pub struct Segment<'a> {
    dos: &'a Dos,
    seglist: u32,
}

impl Segment<'_> {
    /// The BPTR seglist, for NP_Seglist / sm_Segment.
    pub fn bptr(&self) -> u32 {
        self.seglist
    }
}

impl Drop for Segment<'_> {
    fn drop(&mut self) {
        // SAFETY: from LoadSeg, unloaded once; callers keep it alive while
        // a process runs it (see `Dos::load_seg`).
        unsafe { sys::dos_UnLoadSeg(self.dos.lib.base(), self.seglist) }
    }
}

/// A filesystem lock (`Lock()`), unlocked on drop.
pub struct FileLock<'a> {
    dos: &'a Dos,
    lock: u32,
}

impl FileLock<'_> {
    /// The BPTR lock.
    pub fn bptr(&self) -> u32 {
        self.lock
    }
}

impl Drop for FileLock<'_> {
    fn drop(&mut self) {
        // SAFETY: from Lock, unlocked once.
        unsafe { sys::dos_UnLock(self.dos.lib.base(), self.lock) }
    }
}

impl Dos {
    /// `LoadSeg(name)`; `Err(IoErr())` when it cannot be loaded. The
    /// segment must outlive any process started on it.
    pub fn load_seg(&self, name: &[u8]) -> Result<Segment<'_>, i32> {
        let z = nul_terminated(name);
        // SAFETY: z is NUL-terminated.
        let seglist = unsafe { sys::dos_LoadSeg(self.lib.base(), z.as_ptr()) };
        if seglist == 0 { Err(self.io_err()) } else { Ok(Segment { dos: self, seglist }) }
    }

    /// `Lock(name, mode)`; `Err(IoErr())` when it fails.
    pub fn lock(&self, name: &[u8], mode: i32) -> Result<FileLock<'_>, i32> {
        let z = nul_terminated(name);
        // SAFETY: z is NUL-terminated.
        let lock = unsafe { sys::dos_Lock(self.lib.base(), z.as_ptr(), mode) };
        if lock == 0 { Err(self.io_err()) } else { Ok(FileLock { dos: self, lock }) }
    }

    /// `CreateNewProc(tags)`: the new `struct Process *`, or `Err(IoErr())`.
    /// `tags` is a TAG_DONE-terminated tag list in linear memory whose
    /// pointer values are absolute ([`crate::mem::abs`]).
    pub fn create_new_proc(&self, tags: &[crate::be::Be32]) -> Result<u32, i32> {
        // SAFETY: tags is a live tag list; the OS reads it during the call.
        let p = unsafe { sys::dos_CreateNewProc(self.lib.base(), tags.as_ptr() as *const u8) };
        if p == 0 { Err(self.io_err()) } else { Ok(p) }
    }

    /// `DeleteFile(name)`; `Err(IoErr())` when it fails (e.g. no such file).
    pub fn delete_file(&self, name: &str) -> Result<(), i32> {
        let z = nul_terminated(name.as_bytes());
        // SAFETY: z is NUL-terminated.
        let ok = unsafe { sys::dos_DeleteFile(self.lib.base(), z.as_ptr()) } != 0;
        if ok { Ok(()) } else { Err(self.io_err()) }
    }

    /// `Delay(ticks)`: waits `ticks` 50ths of a second.
    pub fn delay(&self, ticks: i32) {
        // SAFETY: plain library call.
        unsafe { sys::dos_Delay(self.lib.base(), ticks) }
    }
}

/// `core::fmt::Write` to the Shell's output.
pub struct Stdout<'a>(pub &'a Dos);

impl core::fmt::Write for Stdout<'_> {
    fn write_str(&mut self, s: &str) -> core::fmt::Result {
        if self.0.print(s.as_bytes()) { Ok(()) } else { Err(core::fmt::Error) }
    }
}
