//! One connection's session: request order, `AUTH`, `FSPUT` payloads and
//! their timeouts, as a state machine the event loop drives with bytes,
//! ticks and replies.

use alloc::collections::VecDeque;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use gadgetscope_arexx::{parse_put, same_password, Error, FsPut, PutLine, Rc, Reply};

use super::reader::{Frame, RequestReader};
use super::reply::{encode, header};
use super::scan;
use super::{PUT_TIMEOUT_DEFAULT_SECS, REQUEST_LINE_MAX, TICKS_PER_SECOND};

/// What carries the bytes, which decides what happens when the stream can
/// no longer be trusted (a payload that cannot be accounted for).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Link {
    /// A TCP connection: it can be closed ([`Event::Close`]); the client
    /// reconnects.
    Connection,
    /// `serial.device`: there is nothing to close. Input is dropped until
    /// the line has been quiet for [`Config::resync_quiet_ticks`], so that
    /// payload bytes are never read as commands.
    Stream,
}

/// How a session behaves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// TCP or serial.
    pub link: Link,
    /// With a password, nothing but `VERSION` and `AUTH <password>` is
    /// served until `AUTH` succeeds. `None`: no gate, and `AUTH` with one
    /// argument is RC 0 (AmiPilot's client always sends it).
    pub password: Option<Vec<u8>>,
    /// Ticks a failed `AUTH` waits before its RC 10 reply; requests sent
    /// meanwhile wait behind it. 0 answers at once.
    pub auth_delay_ticks: u32,
    /// Largest `FSPUT` byte count the session will read at all, in bytes.
    /// A larger count is RC 10 and the stream is given up (closed, or
    /// resynchronised on [`Link::Stream`]) instead of reading it. Must be
    /// at least the largest upload the dispatcher accepts.
    pub drain_max: u64,
    /// Quiet ticks that end a resynchronisation on [`Link::Stream`].
    pub resync_quiet_ticks: u32,
    /// Bytes the session buffers (at least [`REQUEST_LINE_MAX`]): input
    /// beyond that waits in the socket or device until requests have been
    /// taken out, so a client that sends faster than it is served is slowed
    /// down, not buffered without end.
    pub inbox: usize,
}

impl Config {
    /// A TCP connection: 2 s after a failed `AUTH`, payloads up to 1 MiB,
    /// a 1024-byte inbox.
    pub fn tcp(password: Option<Vec<u8>>) -> Config {
        Config {
            link: Link::Connection,
            password,
            auth_delay_ticks: 2 * TICKS_PER_SECOND,
            drain_max: 1 << 20,
            resync_quiet_ticks: TICKS_PER_SECOND,
            inbox: 1024,
        }
    }

    /// A serial line: no password (the cable is the trust boundary, as in
    /// AmiPilot), 1 s of quiet to resynchronise, otherwise as [`Config::tcp`].
    pub fn serial() -> Config {
        Config { link: Link::Stream, password: None, ..Config::tcp(None) }
    }
}

/// What the session asks the event loop to do. Take events with
/// [`Session::poll`] until it returns `None`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A request line (no LF, Latin-1) for the command language. Answer it
    /// with [`Session::reply`] or [`Session::reply_with`]; no further
    /// request comes before that (replies stay in request order).
    Request(Vec<u8>),
    /// An `FSPUT` line whose `len` payload bytes follow. Decide at once
    /// with [`Session::accept_upload`] (the bytes then come as
    /// [`Event::UploadData`]) or [`Session::refuse_upload`] (the session
    /// reads and drops them, then sends the refusal).
    Upload {
        /// The command, as the command language read the line
        /// ([`parse_put`]): the file and byte count, or its refusal.
        put: Result<FsPut, Error>,
        /// The declared byte count.
        len: u64,
    },
    /// The next bytes of an accepted upload, in order.
    UploadData(Vec<u8>),
    /// An accepted upload is complete: answer it like a request.
    UploadEnd,
    /// An upload the event loop knows of ([`Event::Upload`]) did not
    /// arrive in time: drop what was received (the file written so far).
    /// The session itself sends the RC 15 reply.
    UploadAbandoned,
    /// A whole reply the session made itself: write these bytes.
    Send(Vec<u8>),
    /// Close the connection once the bytes already queued for it are
    /// written ([`Link::Connection`] only). The session is closed.
    Close,
}

/// A call the session's state does not allow (a reply when no request is
/// outstanding, say): a bug in the caller. Nothing is changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutOfTurn {
    /// The method called.
    pub call: &'static str,
}

impl fmt::Display for OutOfTurn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "wire session: {} out of turn", self.call)
    }
}

const TOO_LONG: &str = "request line longer than 512 bytes (LF included): not run";
const NUL: &str = "request line contains a NUL byte: not run";
const NOT_AUTHENTICATED: &str = "not authenticated: only VERSION and AUTH <password> are served before AUTH succeeds";
const AUTH_REFUSED: &str = "AUTH refused";
const AUTH_SYNTAX: &str = "AUTH takes one argument, the password";

/// What becomes of an upload's payload.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Fate {
    /// [`Event::Upload`] is with the event loop: bytes wait in the inbox.
    Undecided,
    /// The bytes go out as [`Event::UploadData`].
    Accepted,
    /// The bytes are dropped; then this whole reply is sent.
    Refused(Vec<u8>),
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Upload {
    len: u64,
    /// Payload bytes handed out or dropped so far.
    got: u64,
    ticks: u32,
    limit: u32,
    secs: u32,
    fate: Fate,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum State {
    /// Reading the next request.
    Ready,
    /// A request or a complete upload is with the event loop.
    Busy,
    /// The event loop is writing a reply payload; `left` bytes to go.
    Sending { left: u64 },
    /// A failed `AUTH` is answered after `left` more ticks.
    Penalty { left: u32, reply: Vec<u8> },
    /// An `FSPUT` payload is arriving.
    Upload(Upload),
    /// [`Link::Stream`] after a desync: input is dropped until `quiet`
    /// reaches the configured ticks.
    Resync { quiet: u32 },
    /// Given up: nothing more is read or answered.
    Closed,
}

/// One client connection (or the one serial line) of the wire protocol.
///
/// Feed received bytes with [`Session::receive`] (at most
/// [`Session::space`] at a time), take [`Event`]s with [`Session::poll`],
/// call [`Session::tick`] on every timer tick while
/// [`Session::needs_ticks`], and answer each [`Event::Request`] /
/// [`Event::UploadEnd`] with one reply. Pure state: no I/O, no clock, no
/// panics on any input.
#[derive(Clone, Debug)]
pub struct Session {
    cfg: Config,
    reader: RequestReader,
    state: State,
    queue: VecDeque<Event>,
    authenticated: bool,
    version_seen: bool,
    /// Input was lost while a reply was owed: resynchronise once it is
    /// answered ([`Session::input_lost`]).
    lost: bool,
}

impl Session {
    /// A fresh session (as when a client connects).
    pub fn new(cfg: Config) -> Session {
        let reader = RequestReader::new(cfg.inbox);
        Session {
            cfg,
            reader,
            state: State::Ready,
            queue: VecDeque::new(),
            authenticated: false,
            version_seen: false,
            lost: false,
        }
    }

    /// Has `AUTH` succeeded on this session?
    pub fn authenticated(&self) -> bool {
        self.authenticated
    }

    /// Has the client sent `VERSION` (the handshake WIRE.md asks for
    /// first; not enforced)?
    pub fn version_seen(&self) -> bool {
        self.version_seen
    }

    /// Has the session given up ([`Event::Close`] or [`Session::close`])?
    pub fn is_closed(&self) -> bool {
        self.state == State::Closed
    }

    /// Is the session waiting for a request with nothing buffered and
    /// nothing owed (the connection a full server may close first)?
    pub fn is_idle(&self) -> bool {
        self.state == State::Ready && self.queue.is_empty() && self.reader.buffered() == 0
    }

    /// Does a timeout run ([`Session::tick`] needed)? Only then must the
    /// event loop keep its timer going for this session.
    pub fn needs_ticks(&self) -> bool {
        matches!(self.state, State::Penalty { .. } | State::Upload(_) | State::Resync { .. })
    }

    /// How many bytes [`Session::receive`] takes now (0: do not read from
    /// this client until events have been taken).
    pub fn space(&self) -> usize {
        match self.state {
            State::Closed | State::Resync { .. } => self.cfg.inbox.max(REQUEST_LINE_MAX),
            _ => self.reader.space(),
        }
    }

    /// Takes received bytes; returns how many were taken (the rest must be
    /// offered again later). A closed or resynchronising session drops them.
    pub fn receive(&mut self, bytes: &[u8]) -> usize {
        match &mut self.state {
            State::Closed => bytes.len(),
            State::Resync { quiet } => {
                if !bytes.is_empty() {
                    *quiet = 0;
                }
                bytes.len()
            }
            _ => self.reader.push(bytes),
        }
    }

    /// The next thing to do, or `None` until more bytes, a tick or a reply.
    pub fn poll(&mut self) -> Option<Event> {
        loop {
            if let Some(e) = self.queue.pop_front() {
                return Some(e);
            }
            match &self.state {
                State::Ready if core::mem::take(&mut self.lost) => self.desync(),
                State::Ready => {
                    let frame = self.reader.next_frame()?;
                    self.on_frame(frame);
                }
                State::Upload(u) if u.fate != Fate::Undecided => {
                    let Some(Frame::Payload(chunk)) = self.reader.next_frame() else {
                        return None;
                    };
                    self.on_payload(chunk);
                }
                _ => return None,
            }
        }
    }

    /// One timer tick ([`TICKS_PER_SECOND`] a second): a failed `AUTH`'s
    /// delay, an upload's `TIMEOUT`, a resynchronisation's quiet time.
    pub fn tick(&mut self) {
        match &mut self.state {
            State::Penalty { left, reply } => {
                if *left > 1 {
                    *left -= 1;
                } else {
                    let r = core::mem::take(reply);
                    self.state = State::Ready;
                    self.queue.push_back(Event::Send(r));
                }
            }
            State::Upload(u) => {
                u.ticks = u.ticks.saturating_add(1);
                let arrived = u.got + (self.reader.buffered() as u64).min(u.len - u.got);
                if u.ticks >= u.limit && arrived < u.len {
                    let u = u.clone();
                    self.upload_timed_out(&u, arrived);
                }
            }
            State::Resync { quiet } => {
                *quiet += 1;
                if *quiet >= self.cfg.resync_quiet_ticks {
                    self.state = State::Ready;
                }
            }
            _ => {}
        }
    }

    /// Answers the outstanding request with `len` payload bytes: returns
    /// the header to write; then write exactly `len` bytes and report them
    /// with [`Session::sent`]. The next request is served after the last.
    pub fn reply(&mut self, rc: Rc, len: u64) -> Result<Vec<u8>, OutOfTurn> {
        if self.state != State::Busy {
            return Err(OutOfTurn { call: "reply" });
        }
        self.state = if len == 0 { State::Ready } else { State::Sending { left: len } };
        Ok(header(rc, len))
    }

    /// `n` more bytes of the payload announced with [`Session::reply`] have
    /// been handed to the socket or device.
    pub fn sent(&mut self, n: u64) -> Result<(), OutOfTurn> {
        match &mut self.state {
            State::Sending { left } if n <= *left => {
                *left -= n;
                if *left == 0 {
                    self.state = State::Ready;
                }
                Ok(())
            }
            _ => Err(OutOfTurn { call: "sent" }),
        }
    }

    /// Answers the outstanding request with a payload in memory: returns
    /// the whole reply to write.
    pub fn reply_with(&mut self, rc: Rc, payload: &[u8]) -> Result<Vec<u8>, OutOfTurn> {
        if self.state != State::Busy {
            return Err(OutOfTurn { call: "reply_with" });
        }
        self.state = State::Ready;
        Ok(encode(rc, payload))
    }

    /// [`Session::reply_with`] for the command language's [`Reply`], which
    /// it takes: the header, then the text itself as the payload, not
    /// copied (on the wire an RC ≠ 0 reply carries its error text too).
    pub fn reply_to(&mut self, reply: Reply) -> Result<[Vec<u8>; 2], OutOfTurn> {
        if self.state != State::Busy {
            return Err(OutOfTurn { call: "reply_to" });
        }
        self.state = State::Ready;
        Ok([header(reply.rc, reply.text.len() as u64), reply.text])
    }

    /// Takes the payload of the [`Event::Upload`] just polled: its bytes
    /// follow as [`Event::UploadData`], then [`Event::UploadEnd`].
    pub fn accept_upload(&mut self) -> Result<(), OutOfTurn> {
        match &mut self.state {
            State::Upload(u) if u.fate == Fate::Undecided => {
                if u.len == 0 {
                    self.state = State::Busy;
                    self.queue.push_back(Event::UploadEnd);
                } else {
                    u.fate = Fate::Accepted;
                }
                Ok(())
            }
            _ => Err(OutOfTurn { call: "accept_upload" }),
        }
    }

    /// Refuses the [`Event::Upload`] just polled with `rc` and `text`: the
    /// payload is read and dropped (the client has sent it already), then
    /// the refusal is sent ([`Event::Send`]).
    pub fn refuse_upload(&mut self, rc: Rc, text: &[u8]) -> Result<(), OutOfTurn> {
        match &mut self.state {
            State::Upload(u) if u.fate == Fate::Undecided => {
                let r = encode(rc, text);
                if u.len == 0 {
                    self.state = State::Ready;
                    self.queue.push_back(Event::Send(r));
                } else {
                    u.fate = Fate::Refused(r);
                }
                Ok(())
            }
            _ => Err(OutOfTurn { call: "refuse_upload" }),
        }
    }

    /// The carrier lost input it cannot account for (serial.device's
    /// buffer overflowed, a framing or parity error: `io_Error` of a read,
    /// devices/serial.h `SerErr_*`): what is buffered is dropped and the
    /// stream is given up as after an `FSPUT` that went wrong (closed, or on
    /// [`Link::Stream`] input dropped until the line is quiet). Waiting for
    /// a request, the client is owed one reply: RC 20 with `why`; an upload
    /// under way is abandoned with that reply. While a reply is owed
    /// (a request with the dispatcher, a reply going out, a failed `AUTH`'s
    /// delay) the lost bytes belonged to a later request: that reply goes
    /// first, then the stream is given up without another.
    pub fn input_lost(&mut self, why: &str) {
        match &self.state {
            State::Closed => {}
            State::Resync { .. } => {
                self.reader.reset();
                self.state = State::Resync { quiet: 0 };
            }
            State::Ready | State::Upload(_) => {
                if matches!(&self.state, State::Upload(u) if !matches!(u.fate, Fate::Refused(_))) {
                    self.queue.push_back(Event::UploadAbandoned);
                }
                let text = format!("{why}; {}", self.desync_note());
                self.send(Rc::Failed, &text);
                self.desync();
            }
            State::Busy | State::Sending { .. } | State::Penalty { .. } => {
                self.reader.reset();
                self.lost = true;
            }
        }
    }

    /// The client went away, or the program closes the connection: nothing
    /// more is read or answered (a reply still owed is dropped).
    pub fn close(&mut self) {
        self.state = State::Closed;
        self.queue.clear();
        self.reader.reset();
    }

    fn send(&mut self, rc: Rc, text: &str) {
        self.queue.push_back(Event::Send(encode(rc, text.as_bytes())));
    }

    /// The stream cannot be trusted any more: close it, or drop input
    /// until it is quiet.
    fn desync(&mut self) {
        self.reader.reset();
        match self.cfg.link {
            Link::Connection => {
                self.state = State::Closed;
                self.queue.push_back(Event::Close);
            }
            Link::Stream => self.state = State::Resync { quiet: 0 },
        }
    }

    fn desync_note(&self) -> &'static str {
        match self.cfg.link {
            Link::Connection => "the connection is closed",
            Link::Stream => "input is dropped until the line is quiet",
        }
    }

    fn on_frame(&mut self, frame: Frame) {
        match frame {
            Frame::Line(line) => self.on_line(line),
            Frame::TooLong { fsput: false } => self.send(Rc::Error, TOO_LONG),
            Frame::TooLong { fsput: true } => {
                // Its byte count went with the line: the payload after it
                // cannot be told from requests.
                let text =
                    format!("{TOO_LONG}; the FSPUT payload after it cannot be told apart, so {}", self.desync_note());
                self.send(Rc::Error, &text);
                self.desync();
            }
            // Only asked for in State::Upload.
            Frame::Payload(_) => {}
        }
    }

    fn on_line(&mut self, line: Vec<u8>) {
        let verb = scan::verb(&line);
        let is = |w: &[u8]| verb.as_deref().is_some_and(|v| v.eq_ignore_ascii_case(w));
        // FSPUT first: once its byte count is known the payload is read
        // whatever else is wrong with the line; without a count the stream
        // is given up.
        if is(b"FSPUT") {
            let PutLine { len, timeout, put } = parse_put(&line);
            match len {
                Err(why) => {
                    // A payload may follow that cannot be counted: never
                    // read it as requests.
                    let text = format!("{why}; {}", self.desync_note());
                    self.send(Rc::Error, &text);
                    self.desync();
                }
                Ok(len) => {
                    let secs = timeout.unwrap_or(PUT_TIMEOUT_DEFAULT_SECS);
                    self.start_upload(line.contains(&0), put, len, secs);
                }
            }
            return;
        }
        if line.contains(&0) {
            self.send(Rc::Error, NUL);
        } else if is(b"AUTH") {
            self.auth(&line);
        } else if self.gated() && !is(b"VERSION") {
            self.send(Rc::Error, NOT_AUTHENTICATED);
        } else {
            self.version_seen |= is(b"VERSION");
            self.state = State::Busy;
            self.queue.push_back(Event::Request(line));
        }
    }

    fn gated(&self) -> bool {
        self.cfg.password.is_some() && !self.authenticated
    }

    fn auth(&mut self, line: &[u8]) {
        let given = scan::auth_argument(line);
        let Some(password) = &self.cfg.password else {
            match given {
                Some(_) => self.send(Rc::Ok, ""),
                None => self.send(Rc::Error, AUTH_SYNTAX),
            }
            return;
        };
        if given.is_some_and(|g| same_password(&g, password)) {
            self.authenticated = true;
            self.send(Rc::Ok, "");
            return;
        }
        // The same answer for a wrong and a malformed AUTH, and only after
        // the delay: no hint, and guesses come slowly.
        let reply = encode(Rc::Error, AUTH_REFUSED.as_bytes());
        if self.cfg.auth_delay_ticks == 0 {
            self.queue.push_back(Event::Send(reply));
        } else {
            self.state = State::Penalty { left: self.cfg.auth_delay_ticks, reply };
        }
    }

    /// An `FSPUT` whose `len` bytes follow (`nul`: its line holds a NUL).
    fn start_upload(&mut self, nul: bool, put: Result<FsPut, Error>, len: u64, secs: u32) {
        if len > self.cfg.drain_max {
            let text = format!(
                "FSPUT of {len} bytes is more than this connection reads ({} bytes); {}",
                self.cfg.drain_max,
                self.desync_note()
            );
            self.send(Rc::Error, &text);
            self.desync();
            return;
        }
        let refusal = if nul {
            Some(NUL)
        } else if self.gated() {
            Some(NOT_AUTHENTICATED)
        } else {
            None
        };
        let fate = match refusal {
            Some(text) if len == 0 => return self.send(Rc::Error, text),
            Some(text) => Fate::Refused(encode(Rc::Error, text.as_bytes())),
            None => Fate::Undecided,
        };
        self.reader.expect_payload(len);
        let undecided = fate == Fate::Undecided;
        let limit = secs.saturating_mul(TICKS_PER_SECOND);
        self.state = State::Upload(Upload { len, got: 0, ticks: 0, limit, secs, fate });
        if undecided {
            self.queue.push_back(Event::Upload { put, len });
        }
    }

    fn on_payload(&mut self, chunk: Vec<u8>) {
        let State::Upload(u) = &mut self.state else {
            return;
        };
        u.got += chunk.len() as u64;
        let done = u.got >= u.len;
        match &mut u.fate {
            Fate::Accepted => {
                self.queue.push_back(Event::UploadData(chunk));
                if done {
                    self.state = State::Busy;
                    self.queue.push_back(Event::UploadEnd);
                }
            }
            Fate::Refused(reply) => {
                if done {
                    let r = core::mem::take(reply);
                    self.state = State::Ready;
                    self.queue.push_back(Event::Send(r));
                }
            }
            Fate::Undecided => {}
        }
    }

    fn upload_timed_out(&mut self, u: &Upload, arrived: u64) {
        if !matches!(u.fate, Fate::Refused(_)) {
            self.queue.push_back(Event::UploadAbandoned);
        }
        let text: String = format!(
            "FSPUT payload incomplete: {arrived} of {} bytes after {} s; {}",
            u.len,
            u.secs,
            self.desync_note()
        );
        self.send(Rc::Timeout, &text);
        self.desync();
    }
}
