//! The file verbs (`FSLIST`, `FSSTAT`, `FSMKDIR`, `FSDELETE`, `FSGET`,
//! `FSPUT`) inside the directories granted with `FSROOT`
//! (docs/reference/commands.md, "FSLIST" … "FSPUT" and the paragraph
//! before them).
//!
//! Whether a path lies inside a granted root is decided by lock identity,
//! never by comparing path strings: two different strings name the same
//! place through assigns, volume names, soft links and `/` parent steps,
//! and a prefix test would let `Work:a//` or an assign out. `Lock()`
//! resolves a path exactly as every other dos.library call does (parent
//! steps, assigns, volume names, soft links followed), so what is locked
//! is the object DOS will work on; `ParentDir()` is then followed up to
//! the volume's root, and if one of the locks on the way is `SameLock()`
//! with a root's lock, the object is inside (dos.library autodocs:
//! `Lock`, `ParentDir`, `SameLock`, V36).
//!
//! One rule, [`Roots::place`], for every verb, over ARexx and the wire
//! alike:
//! - the path is at most [`PATH_MAX`] bytes (a longer one would not reach
//!   the handler whole) and holds no NUL (dos would read the name only
//!   up to it);
//! - a path on a device that is not a filesystem (`NIL:`, which
//!   dos.library answers itself, or a device with no handler running,
//!   such as `CON:`, `RAW:`, `PRT:`) is refused before anything is
//!   locked: no handler is started, no window opened;
//! - an existing object is locked, and must be inside a root (a root
//!   itself counts);
//! - a verb that makes, replaces or deletes a directory entry (`FSMKDIR`,
//!   `FSPUT`, `FSDELETE`) also locks the directory that holds the entry:
//!   the path up to its last name INCLUDING every `/` before the name
//!   (`Root//x` puts `x` into `Root//`, the root's parent: in AmigaDOS
//!   syntax a `/` at the start or after another `/` is a parent step,
//!   one after a name only separates), which must be inside a root, and
//!   the last name must be a plain name. If the object is already there
//!   (a file FSPUT replaces, a soft link), its own lock must be inside
//!   too: `Lock()` follows soft links, so a link in the root that points
//!   out is refused. The one exception: `FSDELETE` of a root itself,
//!   which dos refuses (the root stays locked for the run).
//!
//! The verb itself then works on the path string: AmigaDOS 3.x has no
//! call that deletes or creates relative to a lock, so an assign changed
//! between the check and the call is not caught (AmiPilot has the same
//! gap and says so).
//!
//! The algorithm and the entry text are generic over [`FileSystem`] and
//! host-tested over a small in-memory one; the program supplies the
//! dos.library side.
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use amiga_ndk::be::{be_u32, c_str};
use amiga_ndk::dos::{
    ds_Days, ds_Minute, ds_Tick, fib_Comment, fib_Date, fib_DirEntryType, fib_FileName, fib_Protection, fib_Size,
    ERROR_DIR_NOT_FOUND, ERROR_OBJECT_NOT_FOUND, ERROR_OBJECT_TOO_LARGE, PATH_MAX,
};
use amiga_ndk::latin1::to_string as shown;
use amiga_ndk::path::split_holder;
use gadgetscope_arexx::{error, Error, FsOp, Rc, Shown, FS_DATA_MAX};
use gadgetscope_core::text::push_quoted;

/// One object as `Examine()` / `ExAll()` describe it (dos/dos.h
/// `struct FileInfoBlock`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Entry {
    /// `fib_FileName` (Latin-1).
    pub name: Vec<u8>,
    /// `fib_DirEntryType > 0`: a directory (or a link to one).
    pub dir: bool,
    /// `fib_Size`, bytes.
    pub size: u32,
    /// `fib_Protection`: the low four bits (`FIBF_READ` 8, `FIBF_WRITE` 4,
    /// `FIBF_EXECUTE` 2, `FIBF_DELETE` 1) are set when the action is NOT
    /// allowed.
    pub protection: u32,
    /// `fib_Date` (`struct DateStamp`): days since 1 January 1978,
    /// minutes past midnight, ticks (1/50 s) in the minute.
    pub date: (u32, u32, u32),
    /// `fib_Comment` (Latin-1).
    pub comment: Vec<u8>,
}

/// What the verbs need of dos.library. Errors are dos error codes
/// (`IoErr()`, dos/dos.h `ERROR_*`).
pub trait FileSystem {
    /// A shared lock, given back when dropped.
    type Lock;
    /// `Lock(path, SHARED_LOCK)`.
    fn lock(&mut self, path: &[u8]) -> Result<Self::Lock, i32>;
    /// `ParentDir(lock)`; `None` at a volume's root.
    fn parent(&mut self, lock: &Self::Lock) -> Option<Self::Lock>;
    /// `SameLock(a, b) == LOCK_SAME`.
    fn same(&mut self, a: &Self::Lock, b: &Self::Lock) -> bool;
    /// `Examine(lock)`.
    fn examine(&mut self, lock: &Self::Lock) -> Result<Entry, i32>;
    /// The entries of the directory `lock` (`ExNext()` to the end).
    fn list(&mut self, dir: &Self::Lock) -> Result<Vec<Entry>, i32>;
    /// `CreateDir(path)` (the new lock given back at once).
    fn create_dir(&mut self, path: &[u8]) -> Result<(), i32>;
    /// `DeleteFile(path)`.
    fn delete(&mut self, path: &[u8]) -> Result<(), i32>;
    /// The whole file; `Err(ERROR_OBJECT_TOO_LARGE)` when it holds more
    /// than `max` bytes.
    fn read(&mut self, path: &[u8], max: usize) -> Result<Vec<u8>, i32>;
    /// `Open(path, MODE_NEWFILE)`, all of `data` written, `Close()`.
    fn write(&mut self, path: &[u8], data: &[u8]) -> Result<(), i32>;
    /// `Fault(code)`: dos's text for an error code.
    fn fault(&mut self, code: i32) -> Vec<u8>;
    /// Whether `name` (a device name, without its `:`) is a device of the
    /// DOS list with no handler process serving it (`DLT_DEVICE`,
    /// `dol_Task` NULL): one that dos.library starts anew for each
    /// `Open()` (CON:, RAW:, PRT:, SER:, PAR:). Found without asking any
    /// handler, so nothing is started. No granted root can be on one: a
    /// root's lock keeps its filesystem's handler running.
    fn idle_device(&mut self, name: &[u8]) -> bool;
}

/// A missing object is RC 5 (nothing there), any other failure RC 20.
const NOT_FOUND: [i32; 2] = [ERROR_OBJECT_NOT_FOUND, ERROR_DIR_NOT_FOUND];

/// The directories granted with `FSROOT`, each locked for the whole run
/// (so that it cannot be renamed away or its volume removed unseen).
pub struct Roots<L> {
    granted: Vec<(Vec<u8>, L)>,
}

impl<L> Default for Roots<L> {
    fn default() -> Self {
        Roots { granted: Vec::new() }
    }
}

impl<L> Roots<L> {
    /// Grants the directory `path` (it must exist and be a directory);
    /// the error text says why not.
    pub fn grant<F: FileSystem<Lock = L>>(&mut self, fs: &mut F, path: &[u8]) -> Result<(), String> {
        let lock = fs.lock(path).map_err(|e| format!("FSROOT {}: {}", shown(path), shown(&fs.fault(e))))?;
        match fs.examine(&lock) {
            Ok(e) if e.dir => {
                self.granted.push((path.to_vec(), lock));
                Ok(())
            }
            Ok(_) => Err(format!("FSROOT {}: not a directory", shown(path))),
            Err(e) => Err(format!("FSROOT {}: {}", shown(path), shown(&fs.fault(e)))),
        }
    }

    /// The granted paths, as given.
    pub fn paths(&self) -> impl Iterator<Item = &[u8]> {
        self.granted.iter().map(|(p, _)| p.as_slice())
    }

    /// Whether the object `lock` is a granted root or lies below one.
    fn contains<F: FileSystem<Lock = L>>(&self, fs: &mut F, lock: &L) -> bool {
        if self.granted.iter().any(|(_, r)| fs.same(r, lock)) {
            return true;
        }
        let Some(mut at) = fs.parent(lock) else { return false };
        // A directory tree is finite, but a broken filesystem could loop.
        for _ in 0..256 {
            if self.granted.iter().any(|(_, r)| fs.same(r, &at)) {
                return true;
            }
            match fs.parent(&at) {
                Some(p) => at = p,
                None => return false,
            }
        }
        false
    }

    fn outside(&self, path: &[u8]) -> Error {
        let list: Vec<&[u8]> = self.paths().collect();
        error!(
            Rc::Error,
            "{} is outside the granted FSROOT directories ({})",
            Shown(path),
            Shown(&list.join(&b", "[..]))
        )
    }

    /// Carries out a file verb (not [`FsOp::Put`]: [`Roots::put`]). RC 10
    /// with no root granted, for a path outside them, one too long, on a
    /// device that is not a filesystem, or one that does not name a new
    /// or deleted object's directory and plain name ([`Roots::place`]);
    /// RC 5 when the object is not there; RC 20 when dos refuses (not a
    /// directory, not empty, write protected, disk full) or `FSGET`'s file
    /// is larger than [`FS_DATA_MAX`].
    pub fn run<F: FileSystem<Lock = L>>(&self, fs: &mut F, op: &FsOp) -> Result<Vec<u8>, Error> {
        let path = op.path();
        match op {
            FsOp::Put(_) => Err(Error::new(Rc::Error, "FSPUT carries data")),
            FsOp::MkDir(_) => {
                self.place(fs, path, Access::Make)?;
                // AmiPilot's server answers `created`, and its scripts may test it.
                fs.create_dir(path).map(|()| b"created".to_vec()).map_err(|e| failed(fs, path, e))
            }
            FsOp::Delete(_) => {
                drop(self.place(fs, path, Access::Delete)?);
                fs.delete(path).map(|()| b"deleted".to_vec()).map_err(|e| failed(fs, path, e))
            }
            FsOp::Get(_) => {
                drop(self.place(fs, path, Access::Read)?);
                fs.read(path, FS_DATA_MAX as usize).map_err(|e| match e {
                    ERROR_OBJECT_TOO_LARGE => {
                        error!(Rc::Failed, "{} is larger than {FS_DATA_MAX} bytes (FSGET's limit)", Shown(path))
                    }
                    e => failed(fs, path, e),
                })
            }
            FsOp::Stat(_) | FsOp::List(_) => {
                let Some(lock) = self.place(fs, path, Access::Read)? else {
                    unreachable!("Access::Read gives the object's lock")
                };
                let e = fs.examine(&lock).map_err(|e| failed(fs, path, e))?;
                if let FsOp::Stat(_) = op {
                    return Ok(entry_line(&e));
                }
                if !e.dir {
                    return Err(error!(Rc::Failed, "{} is not a directory", Shown(path)));
                }
                let mut out = Vec::new();
                for e in fs.list(&lock).map_err(|e| failed(fs, path, e))? {
                    out.extend_from_slice(&entry_line(&e));
                }
                Ok(out)
            }
        }
    }

    /// `FSPUT`: writes `data` to `path` (made or replaced) when the rule
    /// of [`Roots::place`] lets it; errors as [`Roots::run`].
    pub fn put<F: FileSystem<Lock = L>>(&self, fs: &mut F, path: &[u8], data: &[u8]) -> Result<(), Error> {
        if let Some(l) = self.place(fs, path, Access::Make)? {
            if fs.examine(&l).is_ok_and(|e| e.dir) {
                return Err(error!(Rc::Failed, "{} is a directory", Shown(path)));
            }
        }
        fs.write(path, data).map_err(|e| failed(fs, path, e))
    }

    fn check_open(&self) -> Result<(), Error> {
        if self.granted.is_empty() {
            return Err(Error::new(Rc::Error, "the file verbs are off: no directory was granted with FSROOT"));
        }
        Ok(())
    }

    /// The one containment rule of every file verb (the module's doc):
    /// `Ok` when `path` may be used for `access`, with the lock of the
    /// object when it exists (always for [`Access::Read`]); RC 10 with
    /// the reason when not, RC 5 when what must exist does not.
    fn place<F: FileSystem<Lock = L>>(&self, fs: &mut F, path: &[u8], access: Access) -> Result<Option<L>, Error> {
        self.check_open()?;
        if path.len() > PATH_MAX {
            return Err(error!(
                Rc::Error,
                "the path is {} bytes long, longer than the {PATH_MAX} AmigaDOS takes",
                path.len()
            ));
        }
        if path.contains(&0) {
            return Err(error!(Rc::Error, "{} holds a NUL byte", Shown(path)));
        }
        if let Some(colon) = path.iter().position(|&c| c == b':') {
            let device = &path[..colon];
            if device.eq_ignore_ascii_case(b"NIL") || (!device.is_empty() && fs.idle_device(device)) {
                return Err(error!(
                    Rc::Error,
                    "{} is on {}:, a device that is not a filesystem; the file verbs work inside FSROOT directories",
                    Shown(path),
                    Shown(device)
                ));
            }
        }
        // The directory that holds the entry, locked, for the verbs that
        // make, replace or delete one.
        let mut holder = None;
        if access != Access::Read {
            let (dir, name) = split_holder(path);
            if name.is_empty() {
                return Err(error!(Rc::Error, "{} names no file or directory", Shown(path)));
            }
            if dir.is_empty() {
                return Err(error!(Rc::Error, "{} needs its directory (a volume, assign or drawer path)", Shown(path)));
            }
            let dir_lock = fs.lock(dir).map_err(|e| failed(fs, dir, e))?;
            if !self.contains(fs, &dir_lock) {
                // Deleting a root itself is left to dos, which refuses it:
                // the root is locked for the run.
                let root = access == Access::Delete
                    && fs.lock(path).is_ok_and(|l| self.granted.iter().any(|(_, r)| fs.same(r, &l)));
                if !root {
                    return Err(self.outside(path));
                }
            }
            holder = Some((dir_lock, dir, name));
        }
        let lock = match fs.lock(path) {
            Ok(l) => l,
            Err(e) if access == Access::Make && NOT_FOUND.contains(&e) => {
                if let Some((dir_lock, dir, name)) = &holder {
                    check_absent(fs, dir_lock, dir, name, path)?;
                }
                return Ok(None);
            }
            Err(e) => return Err(failed(fs, path, e)),
        };
        if !self.contains(fs, &lock) {
            return Err(self.outside(path));
        }
        Ok(Some(lock))
    }
}

/// A soft link whose target is missing fails `Lock()` as a missing object
/// does, yet `Open()` and `CreateDir()` follow it (the handler answers
/// `ERROR_IS_SOFT_LINK` and dos.library goes on at the link's target,
/// dos.library autodoc `ReadLink`): a new object's `name` must be missing
/// from the entries of its directory `dir` (locked as `dir_lock`) too
/// (compared as the international filesystems compare names, Latin-1
/// letters without case).
fn check_absent<F: FileSystem>(
    fs: &mut F,
    dir_lock: &F::Lock,
    dir: &[u8],
    name: &[u8],
    path: &[u8],
) -> Result<(), Error> {
    let entries = fs.list(dir_lock).map_err(|e| failed(fs, dir, e))?;
    if entries.iter().any(|e| same_name(&e.name, name)) {
        return Err(error!(Rc::Error, "{} is a link to an object that is not there; it is not followed", Shown(path)));
    }
    Ok(())
}

/// What a verb does with its path ([`Roots::place`]).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Access {
    /// `FSLIST`, `FSSTAT`, `FSGET`: the object must exist.
    Read,
    /// `FSMKDIR`, `FSPUT`: a new entry in a directory, or a replaced file.
    Make,
    /// `FSDELETE`: an existing entry taken out of its directory.
    Delete,
}

/// Whether two Latin-1 names are one name to an international
/// filesystem: letters compared without case (utility.library `ToUpper`
/// of the Latin-1 letters: `a`-`z`, `à`-`þ` but `÷`).
fn same_name(a: &[u8], b: &[u8]) -> bool {
    let up = |c: u8| if c.is_ascii_lowercase() || ((0xE0..=0xFE).contains(&c) && c != 0xF7) { c - 0x20 } else { c };
    a.len() == b.len() && a.iter().zip(b).all(|(&x, &y)| up(x) == up(y))
}

fn failed<F: FileSystem>(fs: &mut F, path: &[u8], code: i32) -> Error {
    let rc = if NOT_FOUND.contains(&code) { Rc::NotFound } else { Rc::Failed };
    error!(rc, "{}: {}", Shown(path), Shown(&fs.fault(code)))
}

/// The [`Entry`] a `struct FileInfoBlock` (its `FIB_SIZEOF` bytes, as
/// `Examine()`/`ExNext()` filled them) describes. A name or comment
/// without its NUL (a broken filesystem) is taken to the end of its field.
pub fn entry_from_fib(fib: &[u8]) -> Entry {
    let text = |off: usize, len: usize| {
        let field = fib.get(off..off + len).unwrap_or(&[]);
        c_str(field).unwrap_or(field).to_vec()
    };
    Entry {
        name: text(fib_FileName, fib_Protection - fib_FileName),
        dir: (be_u32(fib, fib_DirEntryType) as i32) > 0,
        size: be_u32(fib, fib_Size),
        protection: be_u32(fib, fib_Protection),
        date: (be_u32(fib, fib_Date + ds_Days), be_u32(fib, fib_Date + ds_Minute), be_u32(fib, fib_Date + ds_Tick)),
        comment: text(fib_Comment, 80),
    }
}

/// `rwed` with a `-` for each action the protection bits forbid (the low
/// four bits are set when the action is NOT allowed, dos/dos.h `FIBF_*`).
pub fn protection_text(protection: u32) -> [u8; 4] {
    let mut t = *b"rwed";
    for (i, bit) in [8u32, 4, 2, 1].into_iter().enumerate() {
        if protection & bit != 0 {
            t[i] = b'-';
        }
    }
    t
}

/// A `struct DateStamp` as `DD-Mon-YY HH:MM:SS` (dos.library `DateToStr`
/// `FORMAT_DOS`, English month names): days from 1 January 1978.
pub fn date_text(days: u32, minute: u32, tick: u32) -> String {
    const MONTHS: [&str; 12] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
    let (mut year, mut d) = (1978u32, days);
    loop {
        let len = if is_leap(year) { 366 } else { 365 };
        if d < len {
            break;
        }
        d -= len;
        year += 1;
    }
    let mut month = 0;
    loop {
        let len = month_days(year, month);
        if d < len {
            break;
        }
        d -= len;
        month += 1;
    }
    let minute = minute.min(24 * 60 - 1);
    format!(
        "{:02}-{}-{:02} {:02}:{:02}:{:02}",
        d + 1,
        MONTHS[month as usize],
        year % 100,
        minute / 60,
        minute % 60,
        (tick / 50).min(59)
    )
}

fn is_leap(y: u32) -> bool {
    (y.is_multiple_of(4) && !y.is_multiple_of(100)) || y.is_multiple_of(400)
}

fn month_days(year: u32, month: u32) -> u32 {
    match month {
        1 if is_leap(year) => 29,
        1 => 28,
        3 | 5 | 8 | 10 => 30,
        _ => 31,
    }
}

/// One `FSLIST`/`FSSTAT` line: `entry name="<name>" type=file|dir
/// size=<bytes> prot=<rwed> date="<DD-Mon-YY HH:MM:SS>"
/// comment="<comment>"` and LF; `"` and `\` in name and comment escaped
/// with `\` (AmiPilot's entry format, which its client parses).
pub fn entry_line(e: &Entry) -> Vec<u8> {
    let mut out = Vec::with_capacity(e.name.len() + e.comment.len() + 80);
    out.extend_from_slice(b"entry name=");
    push_quoted(&mut out, &e.name);
    out.extend_from_slice(if e.dir { b" type=dir" } else { b" type=file" });
    out.extend_from_slice(format!(" size={} prot=", e.size).as_bytes());
    out.extend_from_slice(&protection_text(e.protection));
    out.extend_from_slice(b" date=\"");
    out.extend_from_slice(date_text(e.date.0, e.date.1, e.date.2).as_bytes());
    out.extend_from_slice(b"\" comment=");
    push_quoted(&mut out, &e.comment);
    out.push(b'\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::collections::BTreeMap;
    use alloc::vec;
    use amiga_ndk::dos::FIB_SIZEOF;
    use amiga_ndk::path::{join_path, split_path};

    /// Directories and files (with their bytes) of the fake filesystem.
    type Outside = (Vec<Vec<u8>>, Vec<(Vec<u8>, Vec<u8>)>);

    /// A filesystem of absolute paths `VOL:a/b` that reads paths as
    /// dos.library does: assigns and volume names (`STAGE:`, `OUT:`,
    /// `hd:`), `/` parent steps (at the start, or right after another `/`
    /// or the `:`; a `/` after a name only separates), soft links followed
    /// wherever they are on the way. A lock is the canonical path. Devices
    /// that are not filesystems (`CON`, `PRT`, and `NIL`) must never be
    /// asked: a lock on one panics, as a real one may hang or open a
    /// window.
    #[derive(Default)]
    struct MemFs {
        dirs: Vec<Vec<u8>>,
        files: BTreeMap<Vec<u8>, Vec<u8>>,
        /// Assigns and volume names (with their colon) -> a canonical directory.
        assigns: Vec<(Vec<u8>, Vec<u8>)>,
        /// Soft links: canonical path -> the path it holds.
        links: BTreeMap<Vec<u8>, Vec<u8>>,
        /// Devices of the DOS list with no handler running.
        devices: Vec<Vec<u8>>,
        protected: Vec<Vec<u8>>,
    }

    impl MemFs {
        fn new() -> MemFs {
            let mut fs = MemFs::default();
            for d in ["Work:", "Work:stage", "Work:stage/sub", "Work:other", "RAM:"] {
                fs.dirs.push(d.as_bytes().to_vec());
            }
            fs.files.insert(b"Work:stage/a.txt".to_vec(), b"hello\0world".to_vec());
            fs.files.insert(b"Work:other/secret".to_vec(), b"no".to_vec());
            for (a, t) in [("STAGE:", "Work:stage"), ("OUT:", "Work:"), ("hd:", "Work:")] {
                fs.assigns.push((a.as_bytes().to_vec(), t.as_bytes().to_vec()));
            }
            fs.devices = vec![b"CON".to_vec(), b"PRT".to_vec()];
            fs
        }

        /// [`MemFs::new`] with soft links in the root: to a directory
        /// and a file outside, to nothing (outside), and to a drawer inside.
        fn linked() -> MemFs {
            let mut fs = MemFs::new();
            for (l, t) in [
                ("Work:stage/outdir", "Work:other"),
                ("Work:stage/outfile", "Work:other/secret"),
                ("Work:stage/dangling", "Work:other/made-through-link"),
                ("Work:stage/indir", "STAGE:sub"),
            ] {
                fs.links.insert(l.as_bytes().to_vec(), t.as_bytes().to_vec());
            }
            fs
        }

        fn canon(&self, path: &[u8]) -> Option<Vec<u8>> {
            self.canon_from(path, 0)
        }

        /// `path` resolved to the canonical path of what it names (which
        /// need not exist; everything on the way must).
        fn canon_from(&self, path: &[u8], depth: u32) -> Option<Vec<u8>> {
            assert!(depth < 8, "a loop of links");
            let colon = path.iter().position(|&c| c == b':')?;
            let device = &path[..colon];
            assert!(
                !device.eq_ignore_ascii_case(b"NIL") && !self.devices.iter().any(|d| d.eq_ignore_ascii_case(device)),
                "{} was handed to a device that is not a filesystem",
                shown(path)
            );
            let mut at = path[..=colon].to_vec();
            if let Some((_, t)) = self.assigns.iter().find(|(a, _)| a.eq_ignore_ascii_case(&at)) {
                at = t.clone();
            }
            let mut name = Vec::new();
            let rest = &path[colon + 1..];
            for (i, c) in rest.iter().copied().map(Some).chain([None]).enumerate() {
                match c {
                    Some(b'/') | None => {
                        if !name.is_empty() {
                            at = join_path(&at, &name);
                            name.clear();
                            if let Some(t) = self.links.get(&at) {
                                at = self.canon_from(t, depth + 1)?;
                            }
                            // Everything but the last name must be there.
                            if i < rest.len() && !self.dirs.contains(&at) {
                                return None;
                            }
                        } else if c.is_some() {
                            at = self.parent_of(&at)?.to_vec();
                        }
                    }
                    Some(c) => name.push(c),
                }
            }
            Some(at)
        }

        fn exists(&self, c: &[u8]) -> bool {
            self.dirs.iter().any(|d| d == c) || self.files.contains_key(c)
        }

        /// What lies outside `Work:stage`: dirs and files with their bytes.
        fn outside(&self) -> Outside {
            let out = |p: &Vec<u8>| !p.starts_with(b"Work:stage");
            (
                self.dirs.iter().filter(|d| out(d)).cloned().collect(),
                self.files.iter().filter(|(p, _)| out(p)).map(|(p, d)| (p.clone(), d.clone())).collect(),
            )
        }
    }

    impl FileSystem for MemFs {
        type Lock = Vec<u8>;
        fn lock(&mut self, path: &[u8]) -> Result<Vec<u8>, i32> {
            self.canon(path).filter(|c| self.exists(c)).ok_or(205)
        }
        fn parent(&mut self, lock: &Vec<u8>) -> Option<Vec<u8>> {
            self.parent_of(lock).map(<[u8]>::to_vec)
        }
        fn same(&mut self, a: &Vec<u8>, b: &Vec<u8>) -> bool {
            a == b
        }
        fn examine(&mut self, lock: &Vec<u8>) -> Result<Entry, i32> {
            let (_, name) = split_path(lock);
            let dir = self.dirs.contains(lock);
            let size = self.files.get(lock).map_or(0, |f| f.len() as u32);
            Ok(Entry { name: name.to_vec(), dir, size, protection: 0, date: (0, 0, 0), comment: Vec::new() })
        }
        fn list(&mut self, dir: &Vec<u8>) -> Result<Vec<Entry>, i32> {
            let mut kids: Vec<Vec<u8>> = self
                .dirs
                .iter()
                .chain(self.files.keys())
                .chain(self.links.keys())
                .filter(|p| self.parent_of(p) == Some(dir))
                .cloned()
                .collect();
            kids.sort();
            kids.iter().map(|k| self.examine(k)).collect()
        }
        fn create_dir(&mut self, path: &[u8]) -> Result<(), i32> {
            let c = self.canon(path).ok_or(205)?;
            if self.exists(&c) {
                return Err(203);
            }
            self.dirs.push(c);
            Ok(())
        }
        fn delete(&mut self, path: &[u8]) -> Result<(), i32> {
            let c = self.canon(path).ok_or(205)?;
            if self.files.remove(&c).is_some() {
                return Ok(());
            }
            if self.dirs.iter().chain(self.files.keys()).any(|p| self.parent_of(p) == Some(&c)) {
                return Err(216);
            }
            let n = self.dirs.len();
            self.dirs.retain(|d| *d != c);
            if self.dirs.len() == n {
                Err(205)
            } else {
                Ok(())
            }
        }
        fn read(&mut self, path: &[u8], max: usize) -> Result<Vec<u8>, i32> {
            let c = self.canon(path).ok_or(205)?;
            let f = self.files.get(&c).ok_or(205)?;
            if f.len() > max {
                return Err(ERROR_OBJECT_TOO_LARGE);
            }
            Ok(f.clone())
        }
        fn write(&mut self, path: &[u8], data: &[u8]) -> Result<(), i32> {
            let c = self.canon(path).ok_or(205)?;
            if self.protected.contains(&c) {
                return Err(223);
            }
            self.files.insert(c, data.to_vec());
            Ok(())
        }
        fn fault(&mut self, code: i32) -> Vec<u8> {
            match code {
                205 => b"object not found".to_vec(),
                216 => b"directory not empty".to_vec(),
                223 => b"file is write protected".to_vec(),
                _ => format!("error {code}").into_bytes(),
            }
        }
        fn idle_device(&mut self, name: &[u8]) -> bool {
            self.devices.iter().any(|d| d.eq_ignore_ascii_case(name))
        }
    }

    impl MemFs {
        fn parent_of<'a>(&self, p: &'a [u8]) -> Option<&'a [u8]> {
            let (dir, name) = split_path(p);
            (!name.is_empty()).then_some(dir)
        }
    }

    fn granted(fs: &mut MemFs) -> Roots<Vec<u8>> {
        let mut r = Roots::default();
        r.grant(fs, b"Work:stage").unwrap();
        r
    }

    fn rc(r: Result<Vec<u8>, Error>) -> (Rc, String) {
        let e = r.unwrap_err();
        (e.rc, e.to_string())
    }

    #[test]
    fn nothing_is_served_without_a_root() {
        let mut fs = MemFs::new();
        let r: Roots<Vec<u8>> = Roots::default();
        let (code, text) = rc(r.run(&mut fs, &FsOp::List(b"Work:stage".to_vec())));
        assert_eq!(code, Rc::Error);
        assert_eq!(text, "the file verbs are off: no directory was granted with FSROOT");
    }

    #[test]
    fn a_root_must_be_an_existing_directory() {
        let mut fs = MemFs::new();
        let mut r = Roots::default();
        assert_eq!(r.grant(&mut fs, b"Work:nowhere").unwrap_err(), "FSROOT Work:nowhere: object not found");
        assert_eq!(r.grant(&mut fs, b"Work:stage/a.txt").unwrap_err(), "FSROOT Work:stage/a.txt: not a directory");
        assert!(r.grant(&mut fs, b"STAGE:").is_ok());
        assert_eq!(r.paths().collect::<Vec<_>>(), [b"STAGE:".as_slice()]);
    }

    #[test]
    fn containment_follows_locks_not_strings() {
        let mut fs = MemFs::new();
        let r = granted(&mut fs);
        // Through an assign to the same place: inside.
        assert!(r.run(&mut fs, &FsOp::Stat(b"STAGE:a.txt".to_vec())).is_ok());
        // A string that starts with the root's but climbs out: outside.
        let (code, text) = rc(r.run(&mut fs, &FsOp::Get(b"Work:stage//other/secret".to_vec())));
        assert_eq!(code, Rc::Error);
        assert_eq!(text, "Work:stage//other/secret is outside the granted FSROOT directories (Work:stage)");
        // Another place altogether, and the volume above the root.
        assert_eq!(rc(r.run(&mut fs, &FsOp::List(b"Work:other".to_vec()))).0, Rc::Error);
        let w = rc(r.run(&mut fs, &FsOp::List(b"Work:".to_vec())));
        assert_eq!(w.0, Rc::Error, "{}", w.1);
        // The root itself is inside.
        assert!(r.run(&mut fs, &FsOp::List(b"Work:stage".to_vec())).is_ok());
    }

    #[test]
    fn list_stat_and_missing_objects() {
        let mut fs = MemFs::new();
        let r = granted(&mut fs);
        let list = r.run(&mut fs, &FsOp::List(b"Work:stage".to_vec())).unwrap();
        assert_eq!(
            String::from_utf8(list).unwrap(),
            "entry name=\"a.txt\" type=file size=11 prot=rwed date=\"01-Jan-78 00:00:00\" comment=\"\"\n\
             entry name=\"sub\" type=dir size=0 prot=rwed date=\"01-Jan-78 00:00:00\" comment=\"\"\n"
        );
        let (code, text) = rc(r.run(&mut fs, &FsOp::Stat(b"Work:stage/nothing".to_vec())));
        assert_eq!((code, text.as_str()), (Rc::NotFound, "Work:stage/nothing: object not found"));
        let (code, text) = rc(r.run(&mut fs, &FsOp::List(b"Work:stage/a.txt".to_vec())));
        assert_eq!((code, text.as_str()), (Rc::Failed, "Work:stage/a.txt is not a directory"));
    }

    #[test]
    fn get_returns_exact_bytes_up_to_the_limit() {
        let mut fs = MemFs::new();
        let r = granted(&mut fs);
        assert_eq!(r.run(&mut fs, &FsOp::Get(b"Work:stage/a.txt".to_vec())).unwrap(), b"hello\0world");
        fs.files.insert(b"Work:stage/big".to_vec(), vec![7; FS_DATA_MAX as usize]);
        assert_eq!(r.run(&mut fs, &FsOp::Get(b"Work:stage/big".to_vec())).unwrap().len(), FS_DATA_MAX as usize);
        fs.files.insert(b"Work:stage/big".to_vec(), vec![7; FS_DATA_MAX as usize + 1]);
        let (code, text) = rc(r.run(&mut fs, &FsOp::Get(b"Work:stage/big".to_vec())));
        assert_eq!((code, text.as_str()), (Rc::Failed, "Work:stage/big is larger than 65535 bytes (FSGET's limit)"));
    }

    #[test]
    fn mkdir_delete_and_put_check_the_parent() {
        let mut fs = MemFs::new();
        let r = granted(&mut fs);
        // The texts AmiPilot's server answers, which its scripts may test.
        assert_eq!(r.run(&mut fs, &FsOp::MkDir(b"Work:stage/run3".to_vec())).ok(), Some(b"created".to_vec()));
        assert!(fs.dirs.contains(&b"Work:stage/run3".to_vec()));
        assert_eq!(rc(r.run(&mut fs, &FsOp::MkDir(b"Work:other/x".to_vec()))).0, Rc::Error);
        assert_eq!(rc(r.run(&mut fs, &FsOp::MkDir(b"Work:stage/no/x".to_vec()))).0, Rc::NotFound);
        let (code, text) = rc(r.run(&mut fs, &FsOp::MkDir(b"loose".to_vec())));
        assert_eq!((code, text.as_str()), (Rc::Error, "loose needs its directory (a volume, assign or drawer path)"));
        assert_eq!(r.run(&mut fs, &FsOp::Delete(b"Work:stage/run3".to_vec())).ok(), Some(b"deleted".to_vec()));
        let (code, text) = rc(r.run(&mut fs, &FsOp::Delete(b"Work:stage".to_vec())));
        assert_eq!((code, text.as_str()), (Rc::Failed, "Work:stage: directory not empty"));
        // FSPUT: made, replaced, refused outside and onto a directory.
        r.put(&mut fs, b"STAGE:new.bin", &[0, 1, 2]).unwrap();
        assert_eq!(fs.files[&b"Work:stage/new.bin".to_vec()], [0, 1, 2]);
        r.put(&mut fs, b"Work:stage/new.bin", b"x").unwrap();
        assert_eq!(fs.files[&b"Work:stage/new.bin".to_vec()], b"x");
        assert_eq!(r.put(&mut fs, b"Work:other/new", b"x").unwrap_err().rc, Rc::Error);
        assert_eq!(r.put(&mut fs, b"Work:stage/sub", b"x").unwrap_err().to_string(), "Work:stage/sub is a directory");
        fs.protected.push(b"Work:stage/locked".to_vec());
        let e = r.put(&mut fs, b"Work:stage/locked", b"x").unwrap_err();
        assert_eq!((e.rc, e.to_string().as_str()), (Rc::Failed, "Work:stage/locked: file is write protected"));
    }

    /// Runs `op` on `path` (FSPUT writes `x`): `Ok` text or `Err` (RC, text).
    fn verb(r: &Roots<Vec<u8>>, fs: &mut MemFs, op: &str, path: &[u8]) -> Result<Vec<u8>, (Rc, String)> {
        let p = path.to_vec();
        let out = match op {
            "FSPUT" => r.put(fs, path, b"x").map(|()| b"written".to_vec()),
            "FSMKDIR" => r.run(fs, &FsOp::MkDir(p)),
            "FSDELETE" => r.run(fs, &FsOp::Delete(p)),
            "FSGET" => r.run(fs, &FsOp::Get(p)),
            "FSLIST" => r.run(fs, &FsOp::List(p)),
            "FSSTAT" => r.run(fs, &FsOp::Stat(p)),
            _ => unreachable!(),
        };
        out.map_err(|e| (e.rc, e.to_string()))
    }

    const VERBS: [&str; 6] = ["FSPUT", "FSMKDIR", "FSDELETE", "FSGET", "FSLIST", "FSSTAT"];

    /// Every verb on every path is refused with `rc` and a text holding
    /// `says`, and nothing outside the root changed.
    fn refused_everywhere(fs: &mut MemFs, paths: &[&[u8]], rc: Rc, says: &str) {
        let r = granted(fs);
        let before = fs.outside();
        for path in paths {
            for op in VERBS {
                match verb(&r, fs, op, path) {
                    Err((code, text)) if code == rc && text.contains(says) => {}
                    other => panic!("{op} {}: {other:?}, want RC {rc:?} saying {says:?}", shown(path)),
                }
            }
        }
        assert_eq!(fs.outside(), before, "something outside the root changed");
    }

    #[test]
    fn parent_steps_at_every_position_lead_out_for_no_verb() {
        // `Work:stage//` is the root's parent, `sub///` two steps above
        // `sub`; `STAGE:/` the root's parent.
        let mut fs = MemFs::new();
        refused_everywhere(
            &mut fs,
            &[
                b"Work:stage//other",
                b"Work:stage//other/secret",
                b"Work:stage/sub///other/secret",
                b"STAGE:/other/secret",
                b"STAGE:sub///other",
            ],
            Rc::Error,
            "is outside the granted FSROOT directories (Work:stage)",
        );
        // New objects named right after the steps: the directory they
        // would go into is outside (FSPUT and FSMKDIR wrote into `Work:`
        // here before).
        let r = granted(&mut fs);
        let before = fs.outside();
        for path in
            [&b"Work:stage//x"[..], b"Work:stage/sub///x", b"STAGE:/x", b"STAGE:sub///x", b"Work:stage//other/x"]
        {
            for op in ["FSPUT", "FSMKDIR", "FSDELETE"] {
                let (code, text) = verb(&r, &mut fs, op, path).unwrap_err();
                assert_eq!(code, Rc::Error, "{op} {}: {text}", shown(path));
                assert!(text.ends_with("is outside the granted FSROOT directories (Work:stage)"), "{op}: {text}");
            }
        }
        // Past the volume's root: nothing there.
        for op in VERBS {
            assert_eq!(verb(&r, &mut fs, op, b"Work:stage///x").unwrap_err().0, Rc::NotFound, "{op}");
        }
        assert_eq!(fs.outside(), before);
        // Steps that stay inside are followed as DOS follows them.
        assert_eq!(verb(&r, &mut fs, "FSPUT", b"Work:stage/sub//put.txt"), Ok(b"written".to_vec()));
        assert_eq!(fs.files[&b"Work:stage/put.txt".to_vec()], b"x");
        assert_eq!(verb(&r, &mut fs, "FSMKDIR", b"STAGE:sub//made"), Ok(b"created".to_vec()));
        assert!(fs.dirs.contains(&b"Work:stage/made".to_vec()));
        assert_eq!(verb(&r, &mut fs, "FSGET", b"Work:stage/sub//a.txt"), Ok(b"hello\0world".to_vec()));
        assert!(verb(&r, &mut fs, "FSSTAT", b"Work:stage/made/").is_ok());
        assert!(verb(&r, &mut fs, "FSLIST", b"Work:stage/sub//made").is_ok());
        assert_eq!(verb(&r, &mut fs, "FSDELETE", b"Work:stage/sub//made"), Ok(b"deleted".to_vec()));
        assert_eq!(verb(&r, &mut fs, "FSDELETE", b"STAGE:made/../x").unwrap_err().0, Rc::NotFound);
        // A trailing `/` names no new object.
        let (code, text) = verb(&r, &mut fs, "FSMKDIR", b"Work:stage/new/").unwrap_err();
        assert_eq!((code, text.as_str()), (Rc::Error, "Work:stage/new/ names no file or directory"));
        assert_eq!(fs.outside(), before);
    }

    #[test]
    fn assigns_and_volume_names_lead_out_for_no_verb() {
        // `OUT:` is an assign and `hd:` a volume name, both for `Work:`.
        let mut fs = MemFs::new();
        refused_everywhere(
            &mut fs,
            &[b"OUT:other/secret", b"hd:other", b"OUT:stage//other/secret", b"hd:stage/sub///other/secret"],
            Rc::Error,
            "outside the granted FSROOT directories",
        );
        let r = granted(&mut fs);
        let before = fs.outside();
        for path in [&b"OUT:x"[..], b"hd:x", b"OUT:stage//x", b"hd:stage/sub///x", b"OUT:other/x"] {
            for op in ["FSPUT", "FSMKDIR"] {
                let (code, text) = verb(&r, &mut fs, op, path).unwrap_err();
                assert_eq!(code, Rc::Error, "{op} {}: {text}", shown(path));
                assert!(text.contains("is outside"), "{op}: {text}");
            }
        }
        assert_eq!(fs.outside(), before);
        // Into the root through them: inside.
        assert_eq!(verb(&r, &mut fs, "FSPUT", b"hd:stage/via-volume"), Ok(b"written".to_vec()));
        assert_eq!(verb(&r, &mut fs, "FSGET", b"OUT:stage/via-volume"), Ok(b"x".to_vec()));
    }

    #[test]
    fn soft_links_leading_out_are_refused() {
        let mut fs = MemFs::linked();
        refused_everywhere(
            &mut fs,
            &[b"Work:stage/outdir/secret", b"Work:stage/outfile", b"STAGE:outdir"],
            Rc::Error,
            "outside the granted FSROOT directories",
        );
        let r = granted(&mut fs);
        let before = fs.outside();
        // A new object through a link out, and a link to nothing out there
        // (Lock() fails on it, Open() would follow it).
        for op in ["FSPUT", "FSMKDIR"] {
            assert_eq!(verb(&r, &mut fs, op, b"Work:stage/outdir/new").unwrap_err().0, Rc::Error, "{op}");
            let (code, text) = verb(&r, &mut fs, op, b"Work:stage/dangling").unwrap_err();
            assert_eq!(
                (code, text.as_str()),
                (Rc::Error, "Work:stage/dangling is a link to an object that is not there; it is not followed"),
                "{op}"
            );
            assert_eq!(verb(&r, &mut fs, op, b"Work:stage/DANGLING").unwrap_err().0, Rc::Error, "{op}");
        }
        assert_eq!(fs.outside(), before);
        // A link that stays inside is followed.
        assert_eq!(verb(&r, &mut fs, "FSPUT", b"Work:stage/indir/through"), Ok(b"written".to_vec()));
        assert!(fs.files.contains_key(b"Work:stage/sub/through".as_slice()));
    }

    #[test]
    fn over_long_paths_are_refused_never_cut() {
        let mut fs = MemFs::new();
        let r = granted(&mut fs);
        // 255 bytes reach DOS whole.
        let mut at_limit = b"Work:stage/".to_vec();
        at_limit.resize(PATH_MAX, b'n');
        assert_eq!(verb(&r, &mut fs, "FSPUT", &at_limit), Ok(b"written".to_vec()));
        assert_eq!(verb(&r, &mut fs, "FSGET", &at_limit), Ok(b"x".to_vec()));
        let mut long = at_limit.clone();
        long.push(b'n');
        let mut climbing = b"Work:stage/".to_vec();
        climbing.extend_from_slice(&b"sub//".repeat(60));
        climbing.extend_from_slice(b"a.txt");
        for path in [&long, &climbing] {
            for op in VERBS {
                let (code, text) = verb(&r, &mut fs, op, path).unwrap_err();
                let want = format!("the path is {} bytes long, longer than the 255 AmigaDOS takes", path.len());
                assert_eq!((code, text), (Rc::Error, want), "{op}");
            }
        }
        assert!(!fs.files.contains_key(&long));
    }

    #[test]
    fn devices_that_are_not_filesystems_are_never_asked() {
        // MemFs panics when one is locked, as a real one may hang.
        let mut fs = MemFs::new();
        for path in [&b"NIL:"[..], b"NIL:x", b"nil:x", b"CON:0/0/100/50/x", b"CON:", b"PRT:", b"PRT:x", b"prt:x"] {
            let device = &path[..path.iter().position(|&c| c == b':').unwrap()];
            let says = format!("is on {}:, a device that is not a filesystem", shown(device));
            refused_everywhere(&mut fs, &[path], Rc::Error, &says);
        }
        let r = granted(&mut fs);
        let (_, text) = verb(&r, &mut fs, "FSPUT", b"CON:0/0/100/50/x").unwrap_err();
        assert_eq!(
            text,
            "CON:0/0/100/50/x is on CON:, a device that is not a filesystem; the file verbs work inside FSROOT directories"
        );
    }

    #[test]
    fn nul_bytes_are_refused() {
        let mut fs = MemFs::new();
        refused_everywhere(&mut fs, &[b"Work:stage/a.txt\0//x", b"Work:stage/\0"], Rc::Error, "holds a NUL byte");
    }

    #[test]
    fn a_file_info_block_read_as_an_entry() {
        let mut fib = [0u8; FIB_SIZEOF];
        fib[fib_DirEntryType..][..4].copy_from_slice(&(-3i32).to_be_bytes());
        fib[fib_FileName..][..6].copy_from_slice(b"a.txt\0");
        fib[fib_Protection..][..4].copy_from_slice(&5u32.to_be_bytes());
        fib[fib_Size..][..4].copy_from_slice(&11u32.to_be_bytes());
        fib[fib_Date..][..12].copy_from_slice(&[0, 0, 0, 59, 0, 0, 0, 61, 0, 0, 0, 100]);
        fib[fib_Comment..][..3].copy_from_slice(b"hi\0");
        let e = entry_from_fib(&fib);
        assert_eq!(
            e,
            Entry {
                name: b"a.txt".to_vec(),
                dir: false,
                size: 11,
                protection: 5,
                date: (59, 61, 100),
                comment: b"hi".to_vec()
            }
        );
        fib[fib_DirEntryType..][..4].copy_from_slice(&2i32.to_be_bytes());
        assert!(entry_from_fib(&fib).dir);
        // No NUL in the comment field: the whole field, never past it.
        fib[fib_Comment..][..80].fill(b'x');
        assert_eq!(entry_from_fib(&fib).comment.len(), 80);
    }

    #[test]
    fn entry_lines_escape_and_show_protection_and_dates() {
        let e = Entry {
            name: b"12\" disk\\a".to_vec(),
            dir: false,
            size: 42,
            protection: 0b0010,
            // 1 December 2026, 18:36:07: 17 866 days after 1 January 1978.
            date: (17_866, 18 * 60 + 36, 7 * 50 + 3),
            comment: b"say \"hi\"".to_vec(),
        };
        assert_eq!(
            String::from_utf8(entry_line(&e)).unwrap(),
            "entry name=\"12\\\" disk\\\\a\" type=file size=42 prot=rw-d date=\"01-Dec-26 18:36:07\" comment=\"say \\\"hi\\\"\"\n"
        );
        assert_eq!(&protection_text(0xF), b"----");
        assert_eq!(date_text(59, 0, 0), "01-Mar-78 00:00:00");
        // 29 February 1980, a leap day; 31 December 1999 and 1 January 2000.
        assert_eq!(date_text(365 + 365 + 31 + 28, 0, 0), "29-Feb-80 00:00:00");
        assert_eq!(date_text(8034, 23 * 60 + 59, 59 * 50), "31-Dec-99 23:59:59");
        assert_eq!(date_text(8035, 0, 0), "01-Jan-00 00:00:00");
    }
}
