//! Child processes the harness starts (FS-UAE, Xvfb): each in its own
//! process group, ended by killing that group by its id. Nothing is ever
//! looked up or killed by name. Each group is in [`crate::signals`]'
//! registry while it runs, so that a signal that ends the command ends it
//! too.

use std::fs::{self, File};
use std::io;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::thread::sleep;
use std::time::{Duration, Instant};

use nix::sys::signal::{killpg, Signal};
use nix::unistd::Pid;

/// How long a group gets after SIGTERM before SIGKILL.
pub const GRACE: Duration = Duration::from_secs(1);

/// A child that leads its own process group; dropping it kills the group.
pub struct Group {
    pub child: Child,
    pub what: &'static str,
    done: bool,
}

impl Group {
    /// Spawn `cmd` as the leader of a new process group, stdin from
    /// /dev/null, stdout/stderr into the given files; the group is
    /// registered ([`crate::signals::spawn_group`]) until
    /// [`Group::kill_group`].
    pub fn spawn(mut cmd: Command, what: &'static str, stdout: &Path, stderr: &Path) -> io::Result<Group> {
        cmd.stdin(Stdio::null()).stdout(File::create(stdout)?).stderr(File::create(stderr)?);
        let child = crate::signals::spawn_group(&mut cmd, GRACE)?;
        Ok(Group { child, what, done: false })
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Has the leader exited? (Reaps it.)
    pub fn try_wait(&mut self) -> Option<ExitStatus> {
        self.child.try_wait().ok().flatten()
    }

    /// Wait up to `limit` for the leader to exit on its own.
    pub fn wait_for(&mut self, limit: Duration) -> Option<ExitStatus> {
        let t0 = Instant::now();
        loop {
            if let Some(s) = self.try_wait() {
                return Some(s);
            }
            if t0.elapsed() >= limit {
                return None;
            }
            sleep(Duration::from_millis(10));
        }
    }

    /// Kill the whole group: SIGTERM, up to [`GRACE`], then SIGKILL; reap;
    /// take it out of the signal registry. The registry stays locked
    /// meanwhile, so a signal's handling never kills a reaped id.
    pub fn kill_group(&mut self) {
        if self.done {
            return;
        }
        self.done = true;
        // The group's id is the leader's pid (spawned with process_group(0)).
        let id = self.child.id();
        let pgid = Pid::from_raw(id as i32);
        crate::signals::with_registry(|registry| {
            let _ = killpg(pgid, Signal::SIGTERM);
            if self.wait_for(GRACE).is_none() {
                let _ = killpg(pgid, Signal::SIGKILL);
                let _ = self.child.wait();
            } else {
                // The leader is gone; make sure nothing else of the group lingers.
                let _ = killpg(pgid, Signal::SIGKILL);
            }
            registry.unregister(id);
        });
    }
}

impl Drop for Group {
    fn drop(&mut self) {
        self.kill_group();
    }
}

/// A running Xvfb server on a display it chose itself (`-displayfd`).
pub struct Xvfb {
    pub display: String,
    group: Group,
}

impl Xvfb {
    /// Start `Xvfb -displayfd 1` (it picks a free display number and writes
    /// it to stdout, which goes to `log_dir/xvfb.displayfd`), wait until its
    /// socket exists.
    pub fn start(log_dir: &Path, width: u32, height: u32) -> Result<Xvfb, String> {
        let out = log_dir.join("xvfb.displayfd");
        let err = log_dir.join("xvfb.log");
        let mut cmd = Command::new("Xvfb");
        cmd.args(["-displayfd", "1", "-screen", "0", &format!("{width}x{height}x24"), "-nolisten", "tcp"]);
        let mut group = Group::spawn(cmd, "Xvfb", &out, &err)
            .map_err(|e| format!("cannot start Xvfb ({e}); install the Debian package `xvfb`"))?;
        let t0 = Instant::now();
        loop {
            let text = fs::read_to_string(&out).unwrap_or_default();
            if let Some(line) = text.lines().next().filter(|_| text.ends_with('\n')) {
                let n = line.trim();
                let socket = PathBuf::from(format!("/tmp/.X11-unix/X{n}"));
                if !n.is_empty() && socket.exists() {
                    return Ok(Xvfb { display: format!(":{n}"), group });
                }
            }
            if let Some(st) = group.try_wait() {
                return Err(format!("Xvfb exited early ({st}); see {}", err.display()));
            }
            if t0.elapsed() > Duration::from_secs(10) {
                group.kill_group();
                return Err(format!("Xvfb did not report a display within 10 s; see {}", err.display()));
            }
            sleep(Duration::from_millis(20));
        }
    }

    /// `import -window root <png>` on this display.
    pub fn screenshot(&self, png: &Path) -> Result<(), String> {
        let out = Command::new("import")
            .args(["-display", &self.display, "-window", "root", &png.display().to_string()])
            .stdin(Stdio::null())
            .output()
            .map_err(|e| format!("cannot run ImageMagick `import` ({e}); install `imagemagick`"))?;
        if out.status.success() && png.exists() {
            Ok(())
        } else {
            Err(format!("import failed ({}): {}", out.status, String::from_utf8_lossy(&out.stderr).trim()))
        }
    }

    /// The id of Xvfb's process group.
    pub fn pgid(&self) -> u32 {
        self.group.pid()
    }

    pub fn stop(&mut self) {
        self.group.kill_group();
    }
}

/// Mean and maximum of an image's pixel values, as fractions 0..1
/// (ImageMagick `identify`).
pub fn image_stats(png: &Path) -> Result<(f64, f64), String> {
    let out = Command::new("identify")
        .args(["-format", "%[fx:mean] %[fx:maxima]", &png.display().to_string()])
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("cannot run ImageMagick `identify` ({e})"))?;
    let text = String::from_utf8_lossy(&out.stdout);
    let mut it = text.split_whitespace().map(|v| v.parse::<f64>());
    match (it.next(), it.next()) {
        (Some(Ok(mean)), Some(Ok(max))) => Ok((mean, max)),
        _ => Err(format!(
            "identify {}: unexpected output {text:?} {}",
            png.display(),
            String::from_utf8_lossy(&out.stderr)
        )),
    }
}
