//! The file verbs (`FSLIST`, `FSSTAT`, `FSMKDIR`, `FSDELETE`, `FSGET`,
//! `FSPUT`) inside the directories granted with `FSROOT`
//! (docs/reference/commands.md, "The file verbs").
//!
//! Whether a path lies inside a granted root is decided by lock identity,
//! never by comparing path strings: two different strings name the same
//! place through assigns, and a prefix test would let `Work:a/../` or an
//! assign out. The object (or, for `FSMKDIR` and `FSPUT`, its parent) is
//! locked, and `ParentDir()` is followed up to the volume's root; if one
//! of the locks on the way is `SameLock()` with a root's lock, the object
//! is inside (dos.library autodoc: `Lock`, `ParentDir`, `SameLock`, V36).
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
    fib_Comment, fib_Date, fib_DirEntryType, fib_FileName, fib_Protection, fib_Size, ERROR_DIR_NOT_FOUND,
    ERROR_OBJECT_NOT_FOUND, ERROR_OBJECT_TOO_LARGE,
};
use amiga_ndk::latin1::to_string as shown;
use amiga_ndk::path::split_path;
use gadgetscope_arexx::{Error, FsOp, Rc, FS_DATA_MAX};
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
    fn contains<F: FileSystem<Lock = L>>(&self, fs: &mut F, lock: L) -> bool {
        let mut at = lock;
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
        let list: Vec<String> = self.paths().map(shown).collect();
        Error::new(
            Rc::Error,
            format!("{} is outside the granted FSROOT directories ({})", shown(path), list.join(", ")),
        )
    }

    /// Carries out a file verb (not [`FsOp::Put`]: [`Roots::put`]). RC 10
    /// with no root granted, for a path outside them, or a relative path
    /// where a new object is named; RC 5 when the object is not there;
    /// RC 20 when dos refuses (not a directory, not empty, write
    /// protected, disk full) or `FSGET`'s file is larger than
    /// [`FS_DATA_MAX`].
    pub fn run<F: FileSystem<Lock = L>>(&self, fs: &mut F, op: &FsOp) -> Result<Vec<u8>, Error> {
        let path = op.path();
        if let FsOp::Put { .. } = op {
            return Err(Error::new(Rc::Error, "FSPUT carries data"));
        }
        if let FsOp::MkDir(_) = op {
            self.check_new(fs, path)?;
            // AmiPilot's server answers `created`, and its scripts may test it.
            return fs.create_dir(path).map(|()| b"created".to_vec()).map_err(|e| failed(fs, path, e));
        }
        let lock = self.check_existing(fs, path)?;
        match op {
            FsOp::Stat(_) => {
                let e = fs.examine(&lock).map_err(|e| failed(fs, path, e))?;
                Ok(entry_line(&e))
            }
            FsOp::List(_) => {
                let e = fs.examine(&lock).map_err(|e| failed(fs, path, e))?;
                if !e.dir {
                    return Err(Error::new(Rc::Failed, format!("{} is not a directory", shown(path))));
                }
                let mut out = Vec::new();
                for e in fs.list(&lock).map_err(|e| failed(fs, path, e))? {
                    out.extend_from_slice(&entry_line(&e));
                }
                Ok(out)
            }
            FsOp::Delete(_) => {
                drop(lock);
                fs.delete(path).map(|()| b"deleted".to_vec()).map_err(|e| failed(fs, path, e))
            }
            FsOp::Get(_) => {
                drop(lock);
                fs.read(path, FS_DATA_MAX as usize).map_err(|e| match e {
                    ERROR_OBJECT_TOO_LARGE => Error::new(
                        Rc::Failed,
                        format!("{} is larger than {FS_DATA_MAX} bytes (FSGET's limit)", shown(path)),
                    ),
                    e => failed(fs, path, e),
                })
            }
            FsOp::MkDir(_) | FsOp::Put { .. } => unreachable!("handled above"),
        }
    }

    /// `FSPUT`: writes `data` to `path` (made or replaced) when its
    /// directory lies inside a granted root; errors as [`Roots::run`].
    pub fn put<F: FileSystem<Lock = L>>(&self, fs: &mut F, path: &[u8], data: &[u8]) -> Result<(), Error> {
        self.check_new(fs, path)?;
        if let Ok(l) = fs.lock(path) {
            if fs.examine(&l).is_ok_and(|e| e.dir) {
                return Err(Error::new(Rc::Failed, format!("{} is a directory", shown(path))));
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

    /// The lock of an existing object inside a root.
    fn check_existing<F: FileSystem<Lock = L>>(&self, fs: &mut F, path: &[u8]) -> Result<L, Error> {
        self.check_open()?;
        let lock = fs.lock(path).map_err(|e| failed(fs, path, e))?;
        let again = fs.lock(path).map_err(|e| failed(fs, path, e))?;
        if !self.contains(fs, again) {
            return Err(self.outside(path));
        }
        Ok(lock)
    }

    /// A new object's directory must exist inside a root; the path must
    /// name its directory (a volume, an assign or a `/`): a bare name
    /// would depend on GadgetScope's own current directory.
    fn check_new<F: FileSystem<Lock = L>>(&self, fs: &mut F, path: &[u8]) -> Result<(), Error> {
        self.check_open()?;
        let (dir, name) = split_path(path);
        if dir.is_empty() {
            return Err(Error::new(
                Rc::Error,
                format!("{} needs its directory (a volume, assign or drawer path)", shown(path)),
            ));
        }
        if name.is_empty() {
            return Err(Error::new(Rc::Error, format!("{} names no file or directory", shown(path))));
        }
        let lock = fs.lock(dir).map_err(|e| failed(fs, dir, e))?;
        if !self.contains(fs, lock) {
            return Err(self.outside(path));
        }
        Ok(())
    }
}

fn failed<F: FileSystem>(fs: &mut F, path: &[u8], code: i32) -> Error {
    let rc = if NOT_FOUND.contains(&code) { Rc::NotFound } else { Rc::Failed };
    Error::new(rc, format!("{}: {}", shown(path), shown(&fs.fault(code))))
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
        date: (be_u32(fib, fib_Date), be_u32(fib, fib_Date + 4), be_u32(fib, fib_Date + 8)),
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

    /// A filesystem of absolute paths `VOL:a/b`, with assigns; a lock is
    /// the canonical path.
    #[derive(Default)]
    struct MemFs {
        dirs: Vec<Vec<u8>>,
        files: BTreeMap<Vec<u8>, Vec<u8>>,
        assigns: Vec<(Vec<u8>, Vec<u8>)>,
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
            fs.assigns.push((b"STAGE:".to_vec(), b"Work:stage".to_vec()));
            fs
        }

        /// Resolves assigns and `/` (parent) components.
        fn canon(&self, path: &[u8]) -> Option<Vec<u8>> {
            let mut p = path.to_vec();
            for (a, t) in &self.assigns {
                if p.len() >= a.len() && p[..a.len()].eq_ignore_ascii_case(a) {
                    let rest = p[a.len()..].to_vec();
                    p = t.clone();
                    if !rest.is_empty() {
                        p.push(b'/');
                        p.extend_from_slice(&rest);
                    }
                }
            }
            let colon = p.iter().position(|&c| c == b':')?;
            let mut parts: Vec<Vec<u8>> = Vec::new();
            let mut vol = p[..=colon].to_vec();
            let rest = &p[colon + 1..];
            for comp in rest.split(|&c| c == b'/').filter(|_| !rest.is_empty()) {
                if comp.is_empty() {
                    parts.pop()?;
                } else {
                    parts.push(comp.to_vec());
                }
            }
            for (i, c) in parts.iter().enumerate() {
                if i > 0 {
                    vol.push(b'/');
                }
                vol.extend_from_slice(c);
            }
            Some(vol)
        }

        fn exists(&self, c: &[u8]) -> bool {
            self.dirs.iter().any(|d| d == c) || self.files.contains_key(c)
        }
    }

    impl FileSystem for MemFs {
        type Lock = Vec<u8>;
        fn lock(&mut self, path: &[u8]) -> Result<Vec<u8>, i32> {
            self.canon(path).filter(|c| self.exists(c)).ok_or(205)
        }
        fn parent(&mut self, lock: &Vec<u8>) -> Option<Vec<u8>> {
            let (dir, name) = split_path(lock);
            (!name.is_empty()).then(|| dir.to_vec())
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
            let mut kids: Vec<Vec<u8>> =
                self.dirs.iter().chain(self.files.keys()).filter(|p| self.parent_of(p) == Some(dir)).cloned().collect();
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
        (e.rc, e.text)
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
        assert_eq!(r.put(&mut fs, b"Work:stage/sub", b"x").unwrap_err().text, "Work:stage/sub is a directory");
        fs.protected.push(b"Work:stage/locked".to_vec());
        let e = r.put(&mut fs, b"Work:stage/locked", b"x").unwrap_err();
        assert_eq!((e.rc, e.text.as_str()), (Rc::Failed, "Work:stage/locked: file is write protected"));
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
