//! Emulator scenarios of the TCP wire (issue 14): FS-UAE's
//! `bsdsocket_library = 1` under the AROS ROM, driven from the host.
//!
//! - `net-probe`: UAETool `NETPROBE` opens bsdsocket.library, listens on
//!   127.0.0.1 port 0, writes the port `getsockname()` gave; a host step
//!   connects to that port on the host (UAE's sockets are the fs-uae
//!   process's own), sends a line and reads the echo.

use crate::{Check, HostContext, Scenario};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::time::{Duration, Instant};

/// FS-UAE's bsdsocket.library emulation on (`bsdsocket_library`).
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

fn net_probe_host(ctx: &HostContext) -> Result<String, String> {
    let port = read_port(&ctx.hd, "net.port", Duration::from_secs(30))?;
    let mut s = TcpStream::connect(("127.0.0.1", port)).map_err(|e| format!("connect 127.0.0.1:{port}: {e}"))?;
    s.set_read_timeout(Some(Duration::from_secs(20))).map_err(|e| e.to_string())?;
    s.write_all(b"hello\n").map_err(|e| e.to_string())?;
    let mut got = Vec::new();
    let mut buf = [0u8; 64];
    while !got.ends_with(b"\n") {
        let n = s.read(&mut buf).map_err(|e| format!("read: {e} after {got:?}"))?;
        if n == 0 {
            break;
        }
        got.extend_from_slice(&buf[..n]);
    }
    if got != b"echo hello\n" {
        return Err(format!("expected \"echo hello\\n\", got {:?}", String::from_utf8_lossy(&got)));
    }
    Ok(format!("port {port}: echo received\n"))
}

/// The scenarios of this module.
pub fn scenarios() -> Vec<Scenario> {
    vec![Scenario::new("net-probe")
        .config(BSDSOCKET.0, BSDSOCKET.1)
        .program("C/UAETool", "UAETool")
        .line("Run >NIL: C:UAETool NETPROBE FILE=DH0:net")
        .host_step("net", 60, net_probe_host)
        .line("C:UAETool WAITFILE FILE=DH0:net.done TIMEOUT=30")
        .check(Check::Contains("net".into(), "port ".into()))
        .check(Check::Contains("net".into(), "peer 127.0.0.1 line hello".into()))
        .timeout(Duration::from_secs(90))]
}
