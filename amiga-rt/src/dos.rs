//! dos.library: the Shell's output, `ReadArgs()` and fault texts.
use crate::decode::nul_terminated;
use crate::library::{Library, LibraryError};
use crate::readargs::{slots, Slot, Value};
use crate::sys;
use alloc::vec;
use alloc::vec::Vec;
use amiga_ndk::dos::*;

/// Longest command line and longest `ReadArgs()` value copied, bytes (a
/// Shell line holds at most 512; `Execute()` and `SystemTags()` may pass
/// more).
pub const ARG_MAX: usize = 4096;
/// Most values of a `/M` item copied.
pub const MULTI_MAX: usize = 1024;

/// dos.library, V37 or newer (ReadArgs and PrintFault are V36+).
pub struct Dos {
    lib: Library,
}

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

    /// Reads a whole file (`Open(MODE_OLDFILE)`, `Read`, `Close`) of at
    /// most `max` bytes: scripts, manifests, profiles, prefs.
    /// `Err(IoErr())` when it cannot be opened or read; a longer file is
    /// `Err(ERROR_OBJECT_TOO_LARGE)` (dos/dos.h, 207), never a silent cut;
    /// one the heap arena has no room for `Err(ERROR_NO_FREE_STORE)` (103).
    pub fn read_file(&self, name: impl AsRef<[u8]>, max: usize) -> Result<Vec<u8>, i32> {
        let z = nul_terminated(name.as_ref());
        // SAFETY: z is NUL-terminated in linear memory.
        let fh = unsafe { sys::dos_Open(self.lib.base(), z.as_ptr(), MODE_OLDFILE) };
        if fh == 0 {
            return Err(self.io_err());
        }
        // Sized once from the file's length (two Seek()s; a handler that
        // cannot seek answers -1), one byte more to see the end: a whole
        // file costs its own size of the heap, not the doublings of a
        // growing Vec. A file that grows meanwhile still reads, in 4 KB
        // steps, up to `max`.
        // SAFETY: fh is open.
        let size = unsafe {
            sys::dos_Seek(self.lib.base(), fh, 0, OFFSET_END);
            sys::dos_Seek(self.lib.base(), fh, 0, OFFSET_BEGINNING)
        };
        // The heap arena is fixed: a buffer it cannot hold is
        // ERROR_NO_FREE_STORE for this file, not the program's end.
        let room = max.saturating_add(1);
        let first = if size > 0 { (size as usize).saturating_add(1).min(room) } else { 4096.min(room) };
        let mut out = Vec::new();
        let mut len = 0;
        let result = loop {
            if len == out.len() {
                if len == room {
                    break Err(ERROR_OBJECT_TOO_LARGE);
                }
                let want = if len == 0 { first } else { len.saturating_add(4096).min(room) };
                if out.try_reserve_exact(want - len).is_err() {
                    break Err(ERROR_NO_FREE_STORE);
                }
                out.resize(want, 0);
            }
            let free = &mut out[len..];
            // SAFETY: free is writable for its length; fh is open.
            let n = unsafe { sys::dos_Read(self.lib.base(), fh, free.as_mut_ptr(), free.len() as i32) };
            if n < 0 {
                break Err(self.io_err());
            }
            if n == 0 {
                break Ok(());
            }
            len += n as usize;
        };
        out.truncate(len);
        // SAFETY: fh came from Open and is closed once.
        unsafe { sys::dos_Close(self.lib.base(), fh) };
        result.map(|()| out)
    }

    /// Whether the DOS list has a device, volume or assign of this name
    /// (without the colon): `LockDosList(LDF_ALL|LDF_READ)`, `FindDosEntry`,
    /// `UnLockDosList` (dos/dosextens.h `LDF_*`). Asks nothing of any
    /// handler, so a missing assign such as `ENVARC:` is found missing
    /// without DOS trying to mount it.
    pub fn has_dos_entry(&self, name: &[u8]) -> bool {
        let z = nul_terminated(name);
        // SAFETY: the list is locked for reading around the lookup and
        // unlocked once; z is NUL-terminated in linear memory; nothing the
        // lookup returns is kept.
        unsafe {
            let list = sys::dos_LockDosList(self.lib.base(), LDF_READ | LDF_ALL);
            let found = sys::dos_FindDosEntry(self.lib.base(), list, z.as_ptr(), LDF_ALL) != 0;
            sys::dos_UnLockDosList(self.lib.base(), LDF_READ | LDF_ALL);
            found
        }
    }

    /// Whether `name` (without the colon) is a device of the DOS list with
    /// no handler process serving it (`dol_Type` `DLT_DEVICE`, `dol_Task`
    /// NULL, dos/dosextens.h): a handler such as CON:, RAW:, PRT:, SER: or
    /// PAR: that dos.library starts anew for each `Open()`, or a
    /// filesystem nothing has used yet. Looked up as [`Dos::has_dos_entry`]
    /// does, so no handler is started or asked.
    pub fn idle_device(&self, name: &[u8]) -> bool {
        let z = nul_terminated(name);
        // SAFETY: the list is locked for reading around the lookup and the
        // two reads of the entry it found, and unlocked once; z is
        // NUL-terminated in linear memory; nothing is kept.
        unsafe {
            let list = sys::dos_LockDosList(self.lib.base(), LDF_READ | LDF_DEVICES);
            let entry = sys::dos_FindDosEntry(self.lib.base(), list, z.as_ptr(), LDF_DEVICES);
            let idle = entry != 0
                && crate::mem::peek32(entry + dol_Type as u32) == DLT_DEVICE
                && crate::mem::peek32(entry + dol_Task as u32) == 0;
            sys::dos_UnLockDosList(self.lib.base(), LDF_READ | LDF_DEVICES);
            idle
        }
    }

    /// `Open(name, MODE_NEWFILE)`: a new (or emptied) file to write to
    /// piece by piece; `Err(IoErr())`.
    pub fn create(&self, name: &[u8]) -> Result<NewFile<'_>, i32> {
        let z = nul_terminated(name);
        // SAFETY: z is NUL-terminated in linear memory.
        let fh = unsafe { sys::dos_Open(self.lib.base(), z.as_ptr(), MODE_NEWFILE) };
        if fh == 0 {
            Err(self.io_err())
        } else {
            Ok(NewFile { dos: self, fh })
        }
    }

    /// Creates (or replaces) a file and writes `bytes` into it.
    pub fn write_file(&self, name: impl AsRef<[u8]>, bytes: &[u8]) -> Result<(), i32> {
        let z = nul_terminated(name.as_ref());
        // SAFETY: z is NUL-terminated in linear memory.
        let fh = unsafe { sys::dos_Open(self.lib.base(), z.as_ptr(), MODE_NEWFILE) };
        if fh == 0 {
            return Err(self.io_err());
        }
        let ok = self.write(fh, bytes);
        let err = if ok { 0 } else { self.io_err() };
        // SAFETY: fh came from Open and is closed once.
        unsafe { sys::dos_Close(self.lib.base(), fh) };
        if ok {
            Ok(())
        } else {
            Err(err)
        }
    }

    /// `GetArgStr()`: the program's command line as the Shell gave it
    /// (up to its LF), copied; empty when there is none. A line longer
    /// than [`ARG_MAX`] bytes is `Err(ERROR_LINE_TOO_LONG)`.
    pub fn arg_str(&self) -> Result<Vec<u8>, i32> {
        // SAFETY: plain library call; the result is read through mem.
        let p = unsafe { sys::dos_GetArgStr(self.lib.base()) };
        if p == 0 {
            return Ok(Vec::new());
        }
        crate::mem::c_string(p, ARG_MAX).ok_or(ERROR_LINE_TOO_LONG)
    }

    /// `ReadArgs(template)` on the Shell's command line. Every value is
    /// copied out before `FreeArgs()`. `Err(IoErr())` when the line does
    /// not fit the template (the caller prints it with `print_fault`, as
    /// Shell commands do, and returns RETURN_ERROR); `Err(ERROR_LINE_TOO_LONG)`
    /// for a value longer than [`ARG_MAX`] bytes and `Err(ERROR_TOO_MANY_ARGS)`
    /// for more than [`MULTI_MAX`] values of a `/M` item, so that nothing is
    /// cut or left out unsaid.
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
        let values = copy_values(&kinds, &array);
        // SAFETY: rda came from ReadArgs and is freed once, after the copy.
        unsafe { sys::dos_FreeArgs(self.lib.base(), rda) };
        values
    }
}

/// The values `ReadArgs()` stored in `array`, copied out (see
/// [`Dos::read_args`] for the errors).
fn copy_values(kinds: &[Slot], array: &[[u8; 4]]) -> Result<Vec<Value>, i32> {
    let text = |p: u32| crate::mem::c_string(p, ARG_MAX).ok_or(ERROR_LINE_TOO_LONG);
    let mut values = Vec::with_capacity(kinds.len());
    for (kind, raw) in kinds.iter().zip(array.iter()) {
        values.push(match (kind, u32::from_be_bytes(*raw)) {
            (Slot::Switch, v) => Value::Switch(v != 0),
            (_, 0) => Value::Absent,
            (Slot::Number, p) => Value::Number(crate::mem::peek32(p) as i32),
            (Slot::Text, p) => Value::Text(text(p)?),
            (Slot::Multi, p) => {
                let mut items = Vec::new();
                let mut at = p;
                loop {
                    let s = crate::mem::peek32(at);
                    if s == 0 {
                        break;
                    }
                    if items.len() == MULTI_MAX {
                        return Err(ERROR_TOO_MANY_ARGS);
                    }
                    items.push(text(s)?);
                    at += 4;
                }
                Value::Multi(items)
            }
        });
    }
    Ok(values)
}

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

    /// The first hunk's contents: its address and length, bytes. A
    /// segment is a longword with the next segment's BPTR, then the
    /// hunk's bytes; the longword before it holds the size of the whole
    /// allocation, those two longwords included (dos.library `LoadSeg()`
    /// autodoc; AROS `rom/dos/internalloadseg_aos.c` keeps that form).
    pub fn first_hunk(&self) -> (u32, usize) {
        let seg = self.seglist << 2;
        let size = crate::mem::peek32(seg - SEG_SIZE_BEFORE as u32) as usize;
        (seg + SEG_DATA as u32, size.saturating_sub(SEG_SIZE_BEFORE + SEG_DATA))
    }
}

impl Drop for Segment<'_> {
    fn drop(&mut self) {
        // SAFETY: from LoadSeg, unloaded once; callers keep it alive while
        // a process runs it (see `Dos::load_seg`).
        unsafe { sys::dos_UnLoadSeg(self.dos.lib.base(), self.seglist) }
    }
}

/// A `struct FileInfoBlock` in linear memory, longword aligned as
/// `Examine()` requires.
struct FibBuf([u32; FIB_SIZEOF / 4]);

impl Default for FibBuf {
    fn default() -> FibBuf {
        FibBuf([0; FIB_SIZEOF / 4])
    }
}

impl FibBuf {
    fn as_mut_ptr(&mut self) -> *mut u8 {
        self.0.as_mut_ptr() as *mut u8
    }

    /// The block's bytes in memory order, as the Amiga wrote them
    /// (big-endian fields): wasm's loads are little-endian, so each word's
    /// little-endian bytes are the memory's bytes.
    fn bytes(&self) -> [u8; FIB_SIZEOF] {
        let mut b = [0u8; FIB_SIZEOF];
        for (i, w) in self.0.iter().enumerate() {
            b[4 * i..4 * i + 4].copy_from_slice(&w.to_le_bytes());
        }
        b
    }
}

/// A file open for writing (`Open(MODE_NEWFILE)`), closed on drop.
pub struct NewFile<'a> {
    dos: &'a Dos,
    fh: u32,
}

impl NewFile<'_> {
    /// Writes all of `bytes`; `Err(IoErr())` on a write error (disk full,
    /// write protected).
    pub fn write(&self, bytes: &[u8]) -> Result<(), i32> {
        if self.dos.write(self.fh, bytes) {
            Ok(())
        } else {
            Err(self.dos.io_err())
        }
    }
}

impl Drop for NewFile<'_> {
    fn drop(&mut self) {
        // SAFETY: from Open, closed once.
        unsafe { sys::dos_Close(self.dos.lib.base(), self.fh) };
    }
}

/// A lock on a file or directory (`Lock()`, `CreateDir()`, `ParentDir()`),
/// given back with `UnLock()` on drop.
pub struct FileLock<'a> {
    dos: &'a Dos,
    lock: u32,
}

impl<'a> FileLock<'a> {
    /// The BPTR lock.
    pub fn bptr(&self) -> u32 {
        self.lock
    }

    /// `ParentDir()`: a shared lock on the directory holding this object;
    /// `None` at a volume's root (or when dos cannot tell).
    pub fn parent(&self) -> Option<FileLock<'a>> {
        // SAFETY: the lock is ours; a new lock is owned by the result.
        let p = unsafe { sys::dos_ParentDir(self.dos.lib.base(), self.lock) };
        (p != 0).then_some(FileLock { dos: self.dos, lock: p })
    }

    /// `SameLock(self, other) == LOCK_SAME` (V37): the same object.
    pub fn same(&self, other: &FileLock<'_>) -> bool {
        // SAFETY: both locks are live.
        unsafe { sys::dos_SameLock(self.dos.lib.base(), self.lock, other.lock) == LOCK_SAME }
    }

    /// `Examine()`: the object's `struct FileInfoBlock` ([`FIB_SIZEOF`]
    /// bytes, offsets `fib_*` in amiga-ndk's dos module); `Err(IoErr())`.
    pub fn examine(&self) -> Result<[u8; FIB_SIZEOF], i32> {
        let mut fib = FibBuf::default();
        // SAFETY: fib is longword aligned and FIB_SIZEOF bytes long.
        let ok = unsafe { sys::dos_Examine(self.dos.lib.base(), self.lock, fib.as_mut_ptr()) };
        if ok == 0 {
            return Err(self.dos.io_err());
        }
        Ok(fib.bytes())
    }

    /// The `FileInfoBlock`s of every entry of this directory
    /// (`Examine()`, then `ExNext()` until `ERROR_NO_MORE_ENTRIES`);
    /// `Err(IoErr())` on any other failure.
    pub fn entries(&self) -> Result<Vec<[u8; FIB_SIZEOF]>, i32> {
        let mut fib = FibBuf::default();
        let base = self.dos.lib.base();
        // SAFETY: fib is longword aligned and FIB_SIZEOF bytes long.
        if unsafe { sys::dos_Examine(base, self.lock, fib.as_mut_ptr()) } == 0 {
            return Err(self.dos.io_err());
        }
        let mut out = Vec::new();
        loop {
            // SAFETY: as above; the same block, as ExNext() requires.
            if unsafe { sys::dos_ExNext(base, self.lock, fib.as_mut_ptr()) } == 0 {
                return match self.dos.io_err() {
                    ERROR_NO_MORE_ENTRIES => Ok(out),
                    e => Err(e),
                };
            }
            out.push(fib.bytes());
        }
    }

    /// `NameFromLock()` (V36): the full path of the locked object, volume
    /// name first (`Work:GadgetScope/GadgetScope.guide`), for another
    /// process that resolves `PROGDIR:` or the current directory its own
    /// way. `Err(IoErr())` (e.g. `ERROR_LINE_TOO_LONG` past 512 bytes).
    pub fn full_name(&self) -> Result<Vec<u8>, i32> {
        let mut buf = vec![0u8; 512];
        // SAFETY: buf is writable for its length; the lock is ours.
        let ok = unsafe { sys::dos_NameFromLock(self.dos.lib.base(), self.lock, buf.as_mut_ptr(), buf.len() as i32) };
        if ok == 0 {
            return Err(self.dos.io_err());
        }
        Ok(amiga_ndk::be::c_str(&buf).unwrap_or(&[]).to_vec())
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
        if seglist == 0 {
            Err(self.io_err())
        } else {
            Ok(Segment { dos: self, seglist })
        }
    }

    /// `Lock(name, mode)`; `Err(IoErr())` when it fails.
    pub fn lock(&self, name: &[u8], mode: i32) -> Result<FileLock<'_>, i32> {
        let z = nul_terminated(name);
        // SAFETY: z is NUL-terminated.
        let lock = unsafe { sys::dos_Lock(self.lib.base(), z.as_ptr(), mode) };
        if lock == 0 {
            Err(self.io_err())
        } else {
            Ok(FileLock { dos: self, lock })
        }
    }

    /// `CreateNewProc(tags)`: the new `struct Process *`, or `Err(IoErr())`.
    /// `tags` is a TAG_DONE-terminated tag list in linear memory whose
    /// pointer values are absolute ([`crate::mem::abs`]).
    pub fn create_new_proc(&self, tags: &[crate::be::Be32]) -> Result<u32, i32> {
        // SAFETY: tags is a live tag list; the OS reads it during the call.
        let p = unsafe { sys::dos_CreateNewProc(self.lib.base(), tags.as_ptr() as *const u8) };
        if p == 0 {
            Err(self.io_err())
        } else {
            Ok(p)
        }
    }

    /// `DeleteFile(name)`; `Err(IoErr())` when it fails (e.g. no such file).
    pub fn delete_file(&self, name: &str) -> Result<(), i32> {
        let z = nul_terminated(name.as_bytes());
        // SAFETY: z is NUL-terminated.
        let ok = unsafe { sys::dos_DeleteFile(self.lib.base(), z.as_ptr()) } != 0;
        if ok {
            Ok(())
        } else {
            Err(self.io_err())
        }
    }

    /// The Shell (CLI) processes in use: (CLI number, `struct Process *`)
    /// for the numbers 1..=`MaxCli()` that `FindCliProc()` answers (dos
    /// V36). Only meaningful under `Forbid()`: a Shell may end meanwhile.
    pub fn cli_processes(&self) -> alloc::vec::Vec<(u32, u32)> {
        // SAFETY: plain library calls; the results are only addresses.
        let max = unsafe { sys::dos_MaxCli(self.lib.base()) }.min(1024);
        (1..=max)
            .filter_map(|n| {
                // SAFETY: as above.
                let p = unsafe { sys::dos_FindCliProc(self.lib.base(), n) };
                (p != 0).then_some((n, p))
            })
            .collect()
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
        if self.0.print(s.as_bytes()) {
            Ok(())
        } else {
            Err(core::fmt::Error)
        }
    }
}

impl FileLock<'_> {
    /// `DupLock()`: a second lock on the same object, handed over raw
    /// (for `NP_HomeDir`, which the new process unlocks at its exit).
    pub fn dup_raw(&self) -> Result<u32, i32> {
        // SAFETY: our live lock.
        let l = unsafe { sys::dos_DupLock(self.dos.lib.base(), self.lock) };
        if l == 0 {
            Err(self.dos.io_err())
        } else {
            Ok(l)
        }
    }
}

impl Dos {
    /// `CreateDir(name)`; the lock it returns is kept (an exclusive lock
    /// on the new directory). `Err(IoErr())`, e.g. ERROR_OBJECT_EXISTS.
    pub fn create_dir(&self, name: &[u8]) -> Result<FileLock<'_>, i32> {
        let z = nul_terminated(name);
        // SAFETY: z is NUL-terminated.
        let lock = unsafe { sys::dos_CreateDir(self.lib.base(), z.as_ptr()) };
        if lock == 0 {
            Err(self.io_err())
        } else {
            Ok(FileLock { dos: self, lock })
        }
    }

    /// `DeleteFile(name)` for a byte path.
    pub fn delete_path(&self, name: &[u8]) -> Result<(), i32> {
        let z = nul_terminated(name);
        // SAFETY: z is NUL-terminated.
        let ok = unsafe { sys::dos_DeleteFile(self.lib.base(), z.as_ptr()) } != 0;
        if ok {
            Ok(())
        } else {
            Err(self.io_err())
        }
    }

    /// `CurrentDir(lock)`: makes `lock` the current directory and returns
    /// the previous one (put it back the same way). The caller keeps
    /// ownership of both locks.
    pub fn current_dir(&self, lock: u32) -> u32 {
        // SAFETY: CurrentDir only swaps pr_CurrentDir.
        unsafe { sys::dos_CurrentDir(self.lib.base(), lock) }
    }

    /// Does `name` exist (a shared `Lock()` succeeds)?
    pub fn exists(&self, name: &[u8]) -> bool {
        self.lock(name, SHARED_LOCK).is_ok()
    }

    /// `Fault(code, NULL, buf, 100)`: the standard text of a dos error
    /// code, e.g. `object not found`; `error <code>` if dos has none.
    pub fn fault_text(&self, code: i32) -> Vec<u8> {
        let mut buf = vec![0u8; 100];
        // SAFETY: buf is writable for its length; a NULL header is allowed.
        let n = unsafe { sys::dos_Fault(self.lib.base(), code, core::ptr::null(), buf.as_mut_ptr(), buf.len() as i32) };
        let text = amiga_ndk::be::c_str(&buf).unwrap_or(&[]);
        if n <= 0 || text.is_empty() {
            return alloc::format!("error {code}").into_bytes();
        }
        // Fault() may start with ": " when the header is NULL on some ROMs.
        let t = text.strip_prefix(b": ").unwrap_or(text);
        t.to_vec()
    }

    /// Starts `command` the way the Shell's `Run` does: dos
    /// `SystemTagList()` with `SYS_Asynch` and `SYS_UserShell`, input and
    /// output `NIL:` (closed by dos when the command ends), and
    /// `NP_StackSize` when `stack` is given. `Ok` means the process was
    /// created — not that the command exists or succeeded (its shell
    /// reports that to NIL:). `Err(IoErr())` when it could not be created.
    pub fn run_async(&self, command: &[u8], stack: Option<u32>) -> Result<(), i32> {
        let base = self.lib.base();
        let nil = nul_terminated(b"NIL:");
        // SAFETY: nil is NUL-terminated.
        let input = unsafe { sys::dos_Open(base, nil.as_ptr(), MODE_OLDFILE) };
        // SAFETY: as above.
        let output = unsafe { sys::dos_Open(base, nil.as_ptr(), MODE_NEWFILE) };
        let close = |fh: u32| {
            if fh != 0 {
                // SAFETY: from Open, closed once (only when System did not take it).
                unsafe { sys::dos_Close(base, fh) };
            }
        };
        if input == 0 || output == 0 {
            let e = self.io_err();
            close(input);
            close(output);
            return Err(if e == 0 { ERROR_NO_FREE_STORE } else { e });
        }
        use crate::be::Be32;
        let mut tags = alloc::vec![
            Be32::new(SYS_Input),
            Be32::new(input),
            Be32::new(SYS_Output),
            Be32::new(output),
            Be32::new(SYS_Asynch),
            Be32::new(1),
            Be32::new(SYS_UserShell),
            Be32::new(1),
        ];
        if let Some(s) = stack {
            tags.push(Be32::new(NP_StackSize));
            tags.push(Be32::new(s));
        }
        tags.push(Be32::new(0));
        let z = nul_terminated(command);
        // SAFETY: z and tags live in linear memory during the call; dos
        // copies the command line.
        let r = unsafe { sys::dos_SystemTagList(base, z.as_ptr(), tags.as_ptr() as *const u8) };
        if r == -1 {
            let e = self.io_err();
            // With SYS_Asynch, dos closes the handles only for a process it created.
            close(input);
            close(output);
            return Err(if e == 0 { ERROR_NO_FREE_STORE } else { e });
        }
        Ok(())
    }
}

/// While alive, dos shows no "Please insert volume …" requesters for this
/// process (`pr_WindowPtr` = -1, dos/dosextens.h; put back on drop): a
/// path on a volume or assign that is not there fails with
/// ERROR_DEVICE_NOT_MOUNTED / ERROR_OBJECT_NOT_FOUND instead of blocking
/// the program in a requester nobody answers.
pub struct NoRequesters {
    process: u32,
    old: u32,
}

impl NoRequesters {
    /// Suppresses requesters for the calling process.
    pub fn new() -> NoRequesters {
        // The calling task is a Process (Amiga programs start as processes).
        let process = crate::exec::this_task();
        let old = crate::mem::peek32(process + pr_WindowPtr as u32);
        set_window_ptr(process, u32::MAX);
        NoRequesters { process, old }
    }
}

impl Default for NoRequesters {
    fn default() -> Self {
        NoRequesters::new()
    }
}

fn set_window_ptr(process: u32, value: u32) {
    let b = value.to_be_bytes();
    // SAFETY: pr_WindowPtr of our own process is ours to set.
    unsafe { sys::exec_CopyMem(b.as_ptr(), process + pr_WindowPtr as u32, 4) }
}

impl Drop for NoRequesters {
    fn drop(&mut self) {
        set_window_ptr(self.process, self.old);
    }
}
