//! The serial wire in the event loop (docs/design/wire.md): one
//! session for the line ([`Conn`], the same as a
//! TCP client's), fed from `serial.device` as AmiPilotServer reads it: a
//! standing one-byte `CMD_READ` whose completion wakes the loop, then
//! `SDCMD_QUERY` and a read of what the device holds; replies go out as
//! one asynchronous `CMD_WRITE` at a time, a piece of at most 512 bytes,
//! so a slow line never holds up ARexx, the window or TCP clients.
//!
//! The decisions (what to read when, what to write next, the session) are
//! here over the [`Line`] trait, so a fake line drives them on the host;
//! `amiga_rt::serial::Serial` is the line on the Amiga.
use crate::carrier::Carrier;
use crate::conn::{Conn, Work};
use crate::settings::SerialSettings;
use crate::wire::Config;
use alloc::string::String;
use alloc::vec::Vec;
use amiga_ndk::latin1::to_string as shown;
use gadgetscope_arexx::{FsPut, Reply};

/// The serial line's connection number in [`Work`] and replies (TCP
/// clients are numbered from 1).
pub const SERIAL_ID: u32 = 0;
/// Bytes taken from the device per `CMD_READ`, at most.
const TAKE_CHUNK: usize = 256;
/// Reads per [`SerialWire::pump`], at most: a line that delivers faster
/// than they drain still lets the loop go round (the standing read
/// completes at once and wakes it again).
const TAKES_PER_PUMP: usize = 16;
/// Reply bytes still written out, waiting, when GadgetScope ends (the
/// last reply, QUIT's `RC 0 0`); more is dropped.
const FINISH_MAX: usize = 4096;

/// The device as the carrier drives it (exec I/O on a serial unit; the
/// serial.device autodoc; RKRM Devices "Serial Device").
pub trait Line {
    /// Starts the standing one-byte read unless it runs.
    fn start_read(&mut self);
    /// Whether the standing read runs.
    fn is_reading(&self) -> bool;
    /// The standing read's byte once it completed, or its `io_Error`.
    fn read_done(&mut self) -> Option<Result<u8, i8>>;
    /// Bytes the device holds now, at most `buf.len()`, never waiting
    /// (`SDCMD_QUERY`, then `CMD_READ`); only while no read runs.
    fn take(&mut self, buf: &mut [u8]) -> Result<usize, i8>;
    /// Starts a write of the first bytes of `bytes` unless one runs;
    /// how many it took.
    fn start_write(&mut self, bytes: &[u8]) -> usize;
    /// Whether a write runs.
    fn is_writing(&self) -> bool;
    /// The running write's result once it completed.
    fn write_done(&mut self) -> Option<Result<(), i8>>;
    /// Waits for the running write (only when GadgetScope ends).
    fn wait_write(&mut self) -> Option<Result<(), i8>>;
    /// The exec signal of the device's reply port: set when a read or a
    /// write completes.
    fn signal_mask(&self) -> u32;
}

/// Why the line could not be opened (amiga_rt's `SerialError`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpenFailure {
    /// No signal left for a reply port.
    NoPort,
    /// `OpenDevice()`'s `io_Error`.
    Open(i8),
    /// `SDCMD_SETPARAMS`'s `io_Error`.
    SetParams(i8),
}

/// The sentence after `GadgetScope: the serial wire is off: `.
pub fn why_off(s: &SerialSettings, f: OpenFailure) -> String {
    let dev = shown(&s.device);
    match f {
        OpenFailure::NoPort => String::from("no signal left for its reply ports"),
        OpenFailure::Open(e) => {
            alloc::format!("cannot open {dev} unit {}: {} (error {e})", s.unit, amiga_ndk::serial::error_text(e))
        }
        OpenFailure::SetParams(e) => alloc::format!(
            "{dev} unit {} refused {} baud, 8N1: {} (error {e})",
            s.unit,
            s.baud,
            amiga_ndk::serial::error_text(e)
        ),
    }
}

/// The Shell line once the line is open.
pub fn on_text(s: &SerialSettings) -> String {
    alloc::format!("GadgetScope: wire on {} unit {} at {} baud\n", shown(&s.device), s.unit, s.baud)
}

fn lost_text(e: i8) -> String {
    alloc::format!("serial input lost: {} (error {e})", amiga_ndk::serial::error_text(e))
}

/// The serial wire: the line and its one connection.
pub struct SerialWire<L: Line> {
    line: L,
    conn: Conn,
    /// The standing read's byte, when the session had no room for it.
    held: Option<u8>,
}

impl<L: Line> SerialWire<L> {
    /// Serves the wire on `line` (already open and set up): a serial
    /// session, no password (`Config::serial`).
    pub fn new(line: L) -> Self {
        SerialWire { line, conn: Conn::new(SERIAL_ID, Config::serial()), held: None }
    }

    fn read(&mut self) {
        if let Some(r) = self.line.read_done() {
            match r {
                Ok(b) => self.held = Some(b),
                Err(e) => self.conn.session.input_lost(&lost_text(e)),
            }
        }
        // Bytes in order: the standing read's first, then what the device
        // buffered after it; never while that read still runs.
        if self.line.is_reading() {
            return;
        }
        if let Some(b) = self.held {
            if self.conn.session.space() == 0 {
                return;
            }
            self.conn.session.receive(&[b]);
            self.held = None;
        }
        let mut buf = [0u8; TAKE_CHUNK];
        for _ in 0..TAKES_PER_PUMP {
            let space = self.conn.session.space().min(TAKE_CHUNK);
            if space == 0 {
                return;
            }
            match self.line.take(&mut buf[..space]) {
                Ok(0) => return,
                Ok(n) => {
                    self.conn.session.receive(&buf[..n]);
                }
                Err(e) => self.conn.session.input_lost(&lost_text(e)),
            }
        }
    }

    fn flush(&mut self) {
        if !self.line.is_writing() && !self.conn.out.is_empty() {
            let n = self.line.start_write(self.conn.out.front());
            self.conn.out.sent(n);
        }
    }
}

impl<L: Line> Carrier for SerialWire<L> {
    fn signal_mask(&self) -> u32 {
        self.line.signal_mask()
    }

    /// The line is one connection that closes only with GadgetScope.
    fn take_gone(&mut self) -> Vec<u32> {
        Vec::new()
    }

    /// Collects finished reads and writes, takes what the device holds,
    /// writes the next piece and returns what the line asks next. Call on
    /// every round of the loop and again after the replies are delivered.
    fn pump(&mut self) -> Vec<Work> {
        if let Some(Err(e)) = self.line.write_done() {
            // A reply cut short: the client cannot read the rest in step.
            self.conn.out.clear();
            let text = alloc::format!("serial write failed: {} (error {e})", amiga_ndk::serial::error_text(e));
            self.conn.session.input_lost(&text);
        }
        self.flush();
        self.read();
        let mut work = Vec::new();
        // The next request only once the last reply has gone to the
        // device: replies stay in order and one at a time in memory.
        if self.conn.out.is_empty() {
            self.conn.events(&mut work);
        }
        self.flush();
        if self.held.is_none() && self.conn.session.space() > 0 {
            self.line.start_read();
        }
        work
    }

    /// Delivers the command language's reply to the line; dropped when
    /// `id` is not [`SERIAL_ID`].
    fn deliver(&mut self, id: u32, reply: Reply) {
        if id == SERIAL_ID {
            self.conn.deliver(reply);
            self.flush();
        }
    }

    /// Takes the line's `FSPUT` payload (the command the command language
    /// accepted).
    fn accept_upload(&mut self, id: u32, put: FsPut) {
        if id != SERIAL_ID {
            return;
        }
        self.conn.accept_upload(put);
    }

    /// Refuses the line's `FSPUT` with `reply` (its payload is dropped).
    fn refuse_upload(&mut self, id: u32, reply: &Reply) {
        if id != SERIAL_ID {
            return;
        }
        self.conn.refuse_upload(reply);
    }

    /// Whether an accepted `FSPUT` is still arriving.
    fn uploading(&self) -> bool {
        self.conn.uploading()
    }

    /// Whether the session runs a timeout (the loop's timer must tick).
    fn needs_ticks(&self) -> bool {
        self.conn.session.needs_ticks()
    }

    /// One timer tick of the session's timeouts.
    fn tick(&mut self) {
        self.conn.session.tick();
    }

    /// When GadgetScope ends: writes out what is queued (the last reply,
    /// at most `FINISH_MAX` bytes), waiting for the line.
    fn finish(&mut self) {
        if self.conn.out.len() > FINISH_MAX {
            self.conn.out.clear();
        }
        loop {
            if let Some(Err(_)) = self.line.wait_write() {
                return;
            }
            if self.conn.out.is_empty() {
                return;
            }
            self.flush();
        }
    }
}

#[cfg(target_arch = "wasm32")]
mod amiga {
    use super::{Line, OpenFailure};
    use amiga_rt::serial::{Serial, SerialError};

    impl Line for Serial {
        fn start_read(&mut self) {
            Serial::start_read(self)
        }
        fn is_reading(&self) -> bool {
            Serial::is_reading(self)
        }
        fn read_done(&mut self) -> Option<Result<u8, i8>> {
            Serial::read_done(self)
        }
        fn take(&mut self, buf: &mut [u8]) -> Result<usize, i8> {
            Serial::take(self, buf)
        }
        fn start_write(&mut self, bytes: &[u8]) -> usize {
            Serial::start_write(self, bytes)
        }
        fn is_writing(&self) -> bool {
            Serial::is_writing(self)
        }
        fn write_done(&mut self) -> Option<Result<(), i8>> {
            Serial::write_done(self)
        }
        fn wait_write(&mut self) -> Option<Result<(), i8>> {
            Serial::wait_write(self)
        }
        fn signal_mask(&self) -> u32 {
            Serial::signal_mask(self)
        }
    }

    impl From<SerialError> for OpenFailure {
        fn from(e: SerialError) -> Self {
            match e {
                SerialError::NoPort => OpenFailure::NoPort,
                SerialError::Open(c) => OpenFailure::Open(c),
                SerialError::SetParams(c) => OpenFailure::SetParams(c),
            }
        }
    }
}

/// Opens the line as `settings` say and serves the wire on it; prints
/// `GadgetScope: wire on <device> unit <n> at <baud> baud`. Err: the
/// sentence after `the serial wire is off: ` (the program runs on).
#[cfg(target_arch = "wasm32")]
pub fn start(
    dos: &amiga_rt::dos::Dos,
    settings: &SerialSettings,
) -> Result<SerialWire<amiga_rt::serial::Serial>, String> {
    let serial = amiga_rt::serial::Serial::open(&settings.device, settings.unit, settings.baud)
        .map_err(|e| why_off(settings, e.into()))?;
    dos.print(&amiga_ndk::latin1::from_str_lossy(&on_text(settings)));
    let mut wire = SerialWire::new(serial);
    wire.line.start_read();
    Ok(wire)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::TICKS_PER_SECOND;
    use alloc::collections::VecDeque;
    use gadgetscope_arexx::Rc;

    /// A serial unit as the carrier sees it: bytes that arrived wait in
    /// the device's buffer unless the standing read takes the first; a
    /// write completes when the test says the line sent it.
    #[derive(Default)]
    struct FakeLine {
        /// Bytes (or a lost-input error) the line delivers, in order.
        arriving: VecDeque<Result<u8, i8>>,
        reading: bool,
        read_result: Option<Result<u8, i8>>,
        writing: Option<Vec<u8>>,
        write_result: Option<Result<(), i8>>,
        sent: Vec<u8>,
        takes: usize,
        /// A take while the standing read runs would reorder bytes.
        take_while_reading: bool,
    }

    impl FakeLine {
        /// Bytes arrive on the wire: a running read takes the first.
        fn arrive(&mut self, bytes: &[u8]) {
            self.arriving.extend(bytes.iter().map(|&b| Ok(b)));
            self.complete_read();
        }
        fn complete_read(&mut self) {
            if self.reading {
                if let Some(b) = self.arriving.pop_front() {
                    self.reading = false;
                    self.read_result = Some(b);
                }
            }
        }
        /// The running write went out.
        fn line_sent(&mut self) {
            if let Some(w) = self.writing.take() {
                self.sent.extend_from_slice(&w);
                self.write_result = Some(Ok(()));
            }
        }
    }

    impl Line for FakeLine {
        fn start_read(&mut self) {
            if !self.reading && self.read_result.is_none() {
                self.reading = true;
                self.complete_read();
            }
        }
        fn is_reading(&self) -> bool {
            self.reading
        }
        fn read_done(&mut self) -> Option<Result<u8, i8>> {
            self.read_result.take()
        }
        fn take(&mut self, buf: &mut [u8]) -> Result<usize, i8> {
            self.take_while_reading |= self.reading;
            self.takes += 1;
            let mut n = 0;
            while n < buf.len() {
                match self.arriving.front() {
                    Some(Ok(b)) => {
                        buf[n] = *b;
                        n += 1;
                        self.arriving.pop_front();
                    }
                    Some(Err(e)) if n == 0 => {
                        let e = *e;
                        self.arriving.pop_front();
                        return Err(e);
                    }
                    _ => break,
                }
            }
            Ok(n)
        }
        fn start_write(&mut self, bytes: &[u8]) -> usize {
            if self.writing.is_some() || self.write_result.is_some() || bytes.is_empty() {
                return 0;
            }
            let n = bytes.len().min(5);
            self.writing = Some(bytes[..n].to_vec());
            n
        }
        fn is_writing(&self) -> bool {
            self.writing.is_some() || self.write_result.is_some()
        }
        fn write_done(&mut self) -> Option<Result<(), i8>> {
            self.write_result.take()
        }
        fn wait_write(&mut self) -> Option<Result<(), i8>> {
            self.line_sent();
            self.write_result.take()
        }
        fn signal_mask(&self) -> u32 {
            0
        }
    }

    fn wire() -> SerialWire<FakeLine> {
        let mut w = SerialWire::new(FakeLine::default());
        assert!(w.pump().is_empty());
        assert!(w.line.reading, "the standing read runs from the start");
        w
    }

    /// Lets the line send everything queued, pumping as the loop does.
    fn drain(w: &mut SerialWire<FakeLine>) -> Vec<u8> {
        for _ in 0..1000 {
            if !w.line.is_writing() {
                break;
            }
            w.line.line_sent();
            assert!(w.pump().is_empty());
        }
        core::mem::take(&mut w.line.sent)
    }

    #[test]
    fn a_request_in_pieces_is_answered_in_pieces() {
        let mut w = wire();
        w.line.arrive(b"VERS");
        assert!(w.pump().is_empty());
        assert!(w.line.reading, "read again after taking what was there");
        w.line.arrive(b"ION\n");
        assert_eq!(w.pump(), [Work::Request(SERIAL_ID, b"VERSION".to_vec())]);
        w.deliver(SERIAL_ID, Reply::ok("AMIPILOT 1.1 PROTOCOL 1\n"));
        // Written five bytes at a time (the fake's piece), each piece only
        // after the last completed: the loop never waits for the line.
        assert_eq!(w.line.writing.as_deref(), Some(&b"RC 0 "[..]));
        assert_eq!(drain(&mut w), b"RC 0 24\nAMIPILOT 1.1 PROTOCOL 1\n");
        assert!(!w.line.take_while_reading);
    }

    #[test]
    fn the_next_request_waits_until_the_reply_has_gone_to_the_device() {
        let mut w = wire();
        w.line.arrive(b"TREE a\nTREE b\n");
        assert_eq!(w.pump(), [Work::Request(SERIAL_ID, b"TREE a".to_vec())]);
        w.deliver(SERIAL_ID, Reply::ok("0123456789"));
        assert!(w.pump().is_empty(), "reply a still going out");
        w.line.line_sent();
        assert!(w.pump().is_empty());
        w.line.line_sent();
        assert!(w.pump().is_empty());
        w.line.line_sent();
        // The last piece has gone to the device: the next request is served
        // while the line sends it.
        assert_eq!(w.pump(), [Work::Request(SERIAL_ID, b"TREE b".to_vec())]);
        assert_eq!(w.line.sent, b"RC 0 10\n0123456");
        assert_eq!(w.line.writing.as_deref(), Some(&b"789"[..]));
    }

    #[test]
    fn a_full_session_leaves_bytes_in_the_device_until_it_has_room() {
        let mut w = wire();
        // A client that pipelines more than the session's 1 KB inbox.
        let mut lines = Vec::new();
        for i in 0..200 {
            lines.extend_from_slice(alloc::format!("GETTEXT w {i}\n").as_bytes());
        }
        w.line.arrive(&lines);
        assert_eq!(w.pump(), [Work::Request(SERIAL_ID, b"GETTEXT w 0".to_vec())]);
        assert!(!w.line.arriving.is_empty(), "the rest waits in the device's buffer");
        w.deliver(SERIAL_ID, Reply::ok(""));
        let mut got = 1;
        let mut rounds = 0;
        while got < 200 {
            rounds += 1;
            assert!(rounds < 10_000, "stuck at request {got}: {} bytes in the device", w.line.arriving.len());
            let Some(Work::Request(_, line)) = w.pump().pop() else {
                w.line.line_sent();
                continue;
            };
            assert_eq!(line, alloc::format!("GETTEXT w {got}").into_bytes());
            w.deliver(SERIAL_ID, Reply::ok(""));
            got += 1;
        }
        assert!(w.line.arriving.is_empty());
        assert!(!w.line.take_while_reading, "bytes stay in order");
    }

    #[test]
    fn lost_input_is_one_error_reply_then_quiet_resynchronises() {
        let mut w = wire();
        w.line.arrive(b"GETT");
        assert!(w.pump().is_empty());
        w.line.arriving.push_back(Err(amiga_ndk::serial::SerErr_BufOverflow));
        w.line.arrive(b"EXT w 2\n");
        assert!(w.pump().is_empty());
        let sent = String::from_utf8(drain(&mut w)).unwrap();
        let why = "serial input lost: the read buffer overflowed: bytes were lost (error 12); input is dropped until the line is quiet";
        assert_eq!(sent, alloc::format!("RC 20 {}\n{why}", why.len()));
        assert!(w.needs_ticks());
        for _ in 0..TICKS_PER_SECOND {
            w.tick();
        }
        assert!(!w.needs_ticks());
        w.line.arrive(b"VERSION\n");
        assert_eq!(w.pump(), [Work::Request(SERIAL_ID, b"VERSION".to_vec())]);
    }

    #[test]
    fn uploads_and_auth_as_on_tcp_without_a_gate() {
        let mut w = wire();
        w.line.arrive(b"AUTH whatever\nFSPUT RAM:x 3\nab");
        // AUTH is the session's own reply (no password: RC 0).
        let put = gadgetscope_arexx::parse_put(b"FSPUT RAM:x 3").put;
        assert_eq!(w.pump(), [Work::UploadCheck(SERIAL_ID, put.clone())]);
        w.accept_upload(SERIAL_ID, put.clone().unwrap());
        assert!(w.uploading());
        w.line.arrive(b"c");
        // Done once AUTH's reply has gone to the device.
        assert!(w.pump().is_empty());
        w.line.line_sent();
        assert_eq!(w.pump(), [Work::UploadDone(SERIAL_ID, put.unwrap(), b"abc".to_vec())]);
        w.deliver(SERIAL_ID, Reply::ok("written"));
        w.deliver(1, Reply::ok("for a TCP client"));
        assert_eq!(drain(&mut w), b"RC 0 0\nRC 0 7\nwritten");
        w.line.arrive(b"FSPUT SYS:y 2\nzz");
        assert_eq!(w.pump(), [Work::UploadCheck(SERIAL_ID, gadgetscope_arexx::parse_put(b"FSPUT SYS:y 2").put)]);
        w.refuse_upload(SERIAL_ID, &Reply::error(Rc::Error, "outside FSROOT"));
        assert!(w.pump().is_empty());
        assert_eq!(drain(&mut w), b"RC 10 14\noutside FSROOT");
    }

    #[test]
    fn the_last_reply_is_written_out_at_the_end() {
        let mut w = wire();
        w.line.arrive(b"QUIT\n");
        assert_eq!(w.pump(), [Work::Request(SERIAL_ID, b"QUIT".to_vec())]);
        w.deliver(SERIAL_ID, Reply::ok(""));
        w.finish();
        assert_eq!(w.line.sent, b"RC 0 0\n");
        assert!(!w.line.is_writing());
    }

    #[test]
    fn why_the_serial_wire_is_off() {
        let s = SerialSettings { device: b"serial.device".to_vec(), unit: 0, baud: 19200 };
        assert_eq!(
            why_off(&s, OpenFailure::Open(-1)),
            "cannot open serial.device unit 0: no such device or unit (error -1)"
        );
        assert_eq!(
            why_off(&s, OpenFailure::Open(1)),
            "cannot open serial.device unit 0: the unit is in use by another program (error 1)"
        );
        assert_eq!(
            why_off(&s, OpenFailure::SetParams(2)),
            "serial.device unit 0 refused 19200 baud, 8N1: the device cannot run at that rate (error 2)"
        );
        assert_eq!(on_text(&s), "GadgetScope: wire on serial.device unit 0 at 19200 baud\n");
    }
}
