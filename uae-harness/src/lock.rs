//! Exclusive locks on files under `target/`, so that two commands in one
//! checkout (`cargo xtask serve` and `cargo xtask run`, two `uae-test`s)
//! take turns at what both write: the build's fixed paths under
//! `target/amiga/`, a scenario's run directory `target/uae/<name>/`.
//!
//! `flock(2)` through [`File::lock`]: the kernel releases the lock when
//! its file is closed, so also when the holder dies from a signal; the
//! guard releases it on every other way out of its scope.

use std::fs::{self, File, OpenOptions, TryLockError};
use std::io;
use std::path::{Path, PathBuf};

/// An exclusive lock on one file, held until dropped.
#[derive(Debug)]
pub struct FileLock {
    file: File,
    path: PathBuf,
    /// Whether another holder had it first, so that taking it waited.
    pub waited: bool,
}

impl FileLock {
    /// Takes the lock on `path` (created, with its directory, when
    /// missing). When another process, or another open of the file in this
    /// one, holds it, prints `waiting` once on stderr and waits for it, as
    /// long as that takes.
    pub fn acquire(path: &Path, waiting: &str) -> io::Result<FileLock> {
        if let Some(dir) = path.parent() {
            fs::create_dir_all(dir)?;
        }
        let file = OpenOptions::new().create(true).truncate(false).write(true).open(path)?;
        let waited = match file.try_lock() {
            Ok(()) => false,
            Err(TryLockError::WouldBlock) => {
                eprintln!("{waiting}");
                file.lock()?;
                true
            }
            Err(TryLockError::Error(e)) => return Err(e),
        };
        Ok(FileLock { file, path: path.to_path_buf(), waited })
    }

    /// The lock file.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl Drop for FileLock {
    fn drop(&mut self) {
        // Closing the file releases it as well; unlocking says so first.
        let _ = self.file.unlock();
    }
}

/// The lock file of a scenario's run directory `<root>/<name>/`:
/// `<root>/<name>.lock` (beside it, so that wiping the directory leaves
/// it alone).
pub fn run_dir_lock_path(root: &Path, name: &str) -> PathBuf {
    root.join(format!("{name}.lock"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Barrier, Mutex};
    use std::time::{Duration, Instant};

    fn temp_lock(tag: &str) -> PathBuf {
        std::env::temp_dir().join(format!("uae-lock-{tag}-{}", std::process::id())).join("x.lock")
    }

    /// Two threads, each opening the lock file itself (as two commands
    /// would), take it one after the other: their held spans never
    /// overlap, and the second says it waits.
    #[test]
    fn holders_take_turns() {
        let path = temp_lock("turns");
        let spans = Arc::new(Mutex::new(Vec::new()));
        let start = Arc::new(Barrier::new(2));
        let threads: Vec<_> = (0..2)
            .map(|i| {
                let (path, spans, start) = (path.clone(), spans.clone(), start.clone());
                std::thread::spawn(move || {
                    start.wait();
                    // The second thread comes while the first holds it.
                    std::thread::sleep(Duration::from_millis(100 * i));
                    let lock = FileLock::acquire(&path, "test: waiting for the other thread").unwrap();
                    let t0 = Instant::now();
                    std::thread::sleep(Duration::from_millis(300));
                    spans.lock().unwrap().push((t0, Instant::now(), lock.waited));
                })
            })
            .collect();
        for t in threads {
            t.join().unwrap();
        }
        let mut spans = spans.lock().unwrap().clone();
        spans.sort_by_key(|s| s.0);
        assert_eq!(spans.len(), 2);
        assert!(spans[0].1 <= spans[1].0, "the spans overlap: {spans:?}");
        assert_eq!((spans[0].2, spans[1].2), (false, true), "only the second waited");
        let _ = fs::remove_dir_all(path.parent().unwrap());
    }

    /// Dropping the guard releases the lock at once; it is free again
    /// also after a panic in its scope.
    #[test]
    fn dropping_releases() {
        let path = temp_lock("drop");
        let first = FileLock::acquire(&path, "").unwrap();
        let other = OpenOptions::new().write(true).open(&path).unwrap();
        assert!(matches!(other.try_lock(), Err(TryLockError::WouldBlock)));
        drop(first);
        other.try_lock().unwrap();
        other.unlock().unwrap();
        let p = path.clone();
        let _ = std::thread::spawn(move || {
            let _held = FileLock::acquire(&p, "").unwrap();
            panic!("on purpose");
        })
        .join();
        assert!(!FileLock::acquire(&path, "").unwrap().waited);
        let _ = fs::remove_dir_all(path.parent().unwrap());
    }
}
