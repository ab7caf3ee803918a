//! A program under test that talks TCP with the host: FS-UAE's
//! bsdsocket.library emulation uses the fs-uae process's own sockets, so a
//! port the Amiga side listens on is a port on the host. The program
//! writes the port it got into a file of the boot drive; a host step
//! ([`crate::Scenario::host_step`]) reads it with [`read_port`] and
//! connects.

use std::path::Path;
use std::time::{Duration, Instant};

/// FS-UAE's bsdsocket.library emulation on (`bsdsocket_library`), for
/// [`crate::Scenario::config`].
pub const BSDSOCKET: (&str, &str) = ("bsdsocket_library", "1");

/// Waits up to `limit` for `<hd>/<name>` to hold a decimal port and a LF.
pub fn read_port(hd: &Path, name: &str, limit: Duration) -> Result<u16, String> {
    let t0 = Instant::now();
    loop {
        if let Ok(text) = std::fs::read_to_string(hd.join(name)) {
            if let Some(line) = text.strip_suffix('\n') {
                return line.trim().parse().map_err(|_| format!("{name}: not a port: {text:?}"));
            }
        }
        if t0.elapsed() > limit {
            return Err(format!("{name} was not written within {} s", limit.as_secs()));
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}
