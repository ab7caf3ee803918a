//! A Rust client of AmiPilot's wire protocol for host steps that need no
//! Python: one request line, one reply (`RC <code> <byte-count>\n` and the
//! payload; docs/reference/wire.md "Replies"). The scenarios that prove
//! compatibility use AmiPilot's own client (`wire/amipilot_wire.py`).

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

/// A connection to GadgetScope's wire.
pub struct Wire {
    stream: TcpStream,
}

/// A reply: its RC and its payload.
#[derive(Debug)]
pub struct Reply {
    pub rc: i32,
    pub payload: Vec<u8>,
}

impl Reply {
    /// The payload as text (Latin-1, as the wire's text is).
    pub fn text(&self) -> String {
        self.payload.iter().map(|&b| char::from(b)).collect()
    }
}

impl Wire {
    /// Connects to 127.0.0.1:`port`; every read waits at most `timeout`.
    pub fn connect(port: u16, timeout: Duration) -> Result<Wire, String> {
        let stream = TcpStream::connect(("127.0.0.1", port)).map_err(|e| format!("connect 127.0.0.1:{port}: {e}"))?;
        stream.set_read_timeout(Some(timeout)).map_err(|e| e.to_string())?;
        Ok(Wire { stream })
    }

    /// Sends `request` (bytes, its LF included) and reads its reply.
    pub fn send(&mut self, request: &[u8]) -> Result<Reply, String> {
        self.stream.write_all(request).map_err(|e| e.to_string())?;
        let mut head = Vec::new();
        let mut b = [0u8; 1];
        while !head.ends_with(b"\n") {
            if self.stream.read(&mut b).map_err(|e| format!("read: {e} after {head:?}"))? == 0 {
                return Err(format!("connection closed after {head:?}"));
            }
            head.push(b[0]);
        }
        let head = String::from_utf8_lossy(&head).into_owned();
        let mut words = head.split_whitespace();
        let bad = || format!("not a reply: {head:?}");
        if words.next() != Some("RC") {
            return Err(bad());
        }
        let rc: i32 = words.next().and_then(|w| w.parse().ok()).ok_or_else(bad)?;
        let count: usize = words.next().and_then(|w| w.parse().ok()).ok_or_else(bad)?;
        let mut payload = vec![0u8; count];
        self.stream.read_exact(&mut payload).map_err(|e| e.to_string())?;
        Ok(Reply { rc, payload })
    }

    /// [`Wire::send`] of one command line (the LF is added).
    pub fn command(&mut self, line: &str) -> Result<Reply, String> {
        self.send(format!("{line}\n").as_bytes())
    }

    /// Whether the server has closed the connection (it reads an end of
    /// stream without waiting; bytes waiting to be read are not an end).
    pub fn closed(&self) -> bool {
        if self.stream.set_nonblocking(true).is_err() {
            return true;
        }
        let end = match self.stream.peek(&mut [0u8; 1]) {
            Ok(n) => n == 0,
            Err(e) => e.kind() != std::io::ErrorKind::WouldBlock,
        };
        let _ = self.stream.set_nonblocking(false);
        end
    }
}
