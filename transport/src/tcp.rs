//! The TCP wire in the event loop (docs/design/wire.md): a listening
//! socket and up to [`MAX_CLIENTS`] connections, or (`TCPDIAL`) the one
//! connection GadgetScope dials out, each with its own
//! `gadgetscope_transport` [`Session`]; everything non-blocking, so the
//! loop sleeps in one `WaitSelect()` on the sockets and its exec signals.
use crate::carrier::Carrier;
use crate::conn::{Conn, Work};
use crate::settings::{ipv4, Dial, Tcp, WireSettings, REDIAL_SECS};
use crate::wire::Config;
use alloc::string::String;
use alloc::vec::Vec;
use amiga_ndk::dos::SIGBREAKF_CTRL_C;
use amiga_ndk::latin1::to_string as shown;
use amiga_ndk::timer::UNIT_VBLANK;
use amiga_rt::dos::Dos;
use amiga_rt::net::{FdSet, Net, Socket};
use amiga_rt::timer::Timer;
use gadgetscope_arexx::{FsPut, Reply};

/// Connections served at once. UAE's emulation misreads socket numbers of
/// 32 and more, so the listener and the clients stay well below.
pub const MAX_CLIENTS: usize = 4;
/// Bytes read from a socket per `recv()`, at most (the session takes at
/// most its inbox, 1 KB).
const RECV_CHUNK: usize = 512;

struct Client {
    sock: Socket,
    /// The session, its reply bytes and its upload (shared with serial).
    conn: Conn,
    /// `recv()` may have bytes (WaitSelect said so).
    readable: bool,
}

/// Where the TCP wire's connections come from.
enum Source {
    /// `TCPPORT`: the listening socket; `ready` when `WaitSelect()` found
    /// a connection waiting.
    Listen { socket: Socket, ready: bool },
    /// `TCPDIAL`: GadgetScope connects out.
    Dial(Dialer),
}

/// `TCPDIAL`'s side: one connection to the host at a time, dialed again
/// [`REDIAL_SECS`] after an attempt fails or the connection ends.
struct Dialer {
    to: Dial,
    /// The redial delay (a timer.device request of its own, whose signal
    /// joins the loop's mask: no tick while GadgetScope waits to dial).
    timer: Timer,
    /// For the lines that say how the dialing goes.
    dos: Dos,
    state: Dialing,
    /// An attempt has failed since the last connection: the next failure
    /// is not said again.
    failing: bool,
}

enum Dialing {
    /// Waiting for the timer to dial again.
    Waiting,
    /// A `connect()` under way; `ready` when `WaitSelect()` found the
    /// socket writable (the attempt ended, either way).
    Connecting { socket: Socket, ready: bool },
    /// Connected: the wire's one client is the host.
    Connected,
}

/// The TCP wire: the library, where connections come from and the clients.
pub struct TcpWire {
    net: Net,
    source: Source,
    clients: Vec<Client>,
    next_id: u32,
    password: Option<Vec<u8>>,
    /// Connections closed since [`Carrier::take_gone`]: their held waits are
    /// released at once.
    gone: Vec<u32>,
}

impl TcpWire {
    /// Opens bsdsocket.library and listens or dials as `settings` say.
    /// Listening, prints `GadgetScope: wire on TCP port <n>` and writes the
    /// port file; dialing, prints `GadgetScope: wire dials <host>:<port>`
    /// and makes the first attempt. Err: the sentence the Shell prints
    /// (the program runs on without wire).
    pub fn start(dos: &Dos, settings: &WireSettings) -> Result<TcpWire, String> {
        let net = Net::open().map_err(|e| alloc::format!("{e} (no TCP/IP stack is running)"))?;
        let source = match &settings.tcp {
            Tcp::Listen { port, bind, port_file } => {
                let socket = net
                    .listen(*bind, *port, MAX_CLIENTS as i32)
                    .map_err(|errno| alloc::format!("cannot listen on TCP port {port} (errno {errno})"))?;
                let port = socket.local_port().ok_or("getsockname() failed on the listening socket")?;
                dos.print(alloc::format!("GadgetScope: wire on TCP port {port}\n").as_bytes());
                if let Some(f) = port_file {
                    dos.write_file(f, alloc::format!("{port}\n").as_bytes())
                        .map_err(|code| alloc::format!("cannot write TCPPORTFILE {} (IoErr {code})", shown(f)))?;
                }
                Source::Listen { socket, ready: false }
            }
            Tcp::Dial(to) => {
                let timer = Timer::open(UNIT_VBLANK).ok_or("cannot open timer.device")?;
                let dos = Dos::open().map_err(|e| alloc::format!("{e}"))?;
                let d = Dialer { to: to.clone(), timer, dos, state: Dialing::Waiting, failing: false };
                d.say(&alloc::format!("wire dials {}", d.target()));
                Source::Dial(d)
            }
        };
        let mut wire = TcpWire {
            net,
            source,
            clients: Vec::new(),
            next_id: 1,
            password: settings.password.clone(),
            gone: Vec::new(),
        };
        if let Source::Dial(d) = &mut wire.source {
            if let Some(sock) = d.dial(&wire.net) {
                wire.add_client(sock);
            }
        }
        Ok(wire)
    }

    fn accept(&mut self) {
        loop {
            let Source::Listen { socket, .. } = &self.source else { return };
            let (sock, _peer) = match socket.accept() {
                Ok(Some(s)) => s,
                Ok(None) | Err(_) => return,
            };
            if self.clients.len() >= MAX_CLIENTS {
                // Make room: the first client that waits for nothing.
                match self.clients.iter().position(|c| c.conn.session.is_idle() && c.conn.out.is_empty()) {
                    Some(i) => {
                        let c = self.clients.remove(i);
                        self.gone.push(c.conn.id);
                    }
                    None => continue,
                }
            }
            self.add_client(sock);
        }
    }

    /// Serves `sock` as a client: a session of its own (the same gate and
    /// limits whether it was accepted or dialed).
    fn add_client(&mut self, sock: Socket) {
        let id = self.next_id;
        self.next_id = self.next_id.wrapping_add(1).max(1);
        self.clients.push(Client { sock, conn: Conn::new(id, Config::tcp(self.password.clone())), readable: true });
    }
}

impl Dialer {
    /// `<host>:<port>`, for the lines said.
    fn target(&self) -> String {
        alloc::format!("{}:{}", shown(&self.to.host), self.to.port)
    }

    /// `GadgetScope: <text>` on the Shell (nothing from Workbench). The
    /// text is ASCII: the host is checked to be (settings::dial).
    fn say(&self, text: &str) {
        self.dos.print(b"GadgetScope: ");
        self.dos.print(text.as_bytes());
        self.dos.print(b"\n");
    }

    /// One attempt: a dotted quad as it is, a name looked up first (which
    /// blocks while the stack's resolver asks), then a non-blocking
    /// `connect()`. Under way, the loop sees it end in `WaitSelect()`.
    fn dial(&mut self, net: &Net) -> Option<Socket> {
        let addr = ipv4(&self.to.host).or_else(|| net.host_address(&self.to.host));
        let Some(addr) = addr else {
            self.failed(&alloc::format!("cannot look up {}", shown(&self.to.host)));
            return None;
        };
        match net.connect(addr, self.to.port) {
            Ok((socket, true)) => Some(self.connected(socket)),
            Ok((socket, false)) => {
                self.state = Dialing::Connecting { socket, ready: false };
                None
            }
            Err(errno) => {
                self.refused(errno);
                None
            }
        }
    }

    /// An attempt failed with `errno` (sys/errno.h: 61 refused, 60 timed
    /// out, 51 and 65 no route).
    fn refused(&mut self, errno: i32) {
        self.failed(&alloc::format!("cannot reach {} (errno {errno})", self.target()));
    }

    /// An attempt failed (`why`, said for the first failure since the last
    /// connection): the next one after the delay.
    fn failed(&mut self, why: &str) {
        if !core::mem::replace(&mut self.failing, true) {
            self.redial(why);
        } else {
            self.wait();
        }
    }

    /// Says `why` and that the next attempt follows the delay, and waits it.
    fn redial(&mut self, why: &str) {
        self.say(&alloc::format!("{why}; dialing again in {REDIAL_SECS} s"));
        self.wait();
    }

    /// Waits the redial delay.
    fn wait(&mut self) {
        self.state = Dialing::Waiting;
        self.timer.start(REDIAL_SECS * 1_000_000);
    }

    /// The attempt connected: `socket` is the wire's client now.
    fn connected(&mut self, socket: Socket) -> Socket {
        self.state = Dialing::Connected;
        self.failing = false;
        self.say(&alloc::format!("wire connected to {}", self.target()));
        socket
    }

    /// What the dialing did since the last call: a new connection to serve
    /// (`Some`), after the delay a new attempt, after a connection that
    /// ended (`connected`: whether its client is still there) the delay.
    fn pump(&mut self, net: &Net, connected: bool) -> Option<Socket> {
        match &mut self.state {
            Dialing::Waiting => self.timer.fired().then(|| self.dial(net)).flatten(),
            Dialing::Connecting { ready: false, .. } => None,
            Dialing::Connecting { socket, .. } => match socket.connect_result() {
                Err(errno) => {
                    self.refused(errno);
                    None
                }
                Ok(()) => match core::mem::replace(&mut self.state, Dialing::Connected) {
                    Dialing::Connecting { socket, .. } => Some(self.connected(socket)),
                    _ => None,
                },
            },
            Dialing::Connected => {
                if !connected {
                    self.redial(&alloc::format!("the wire to {} ended", self.target()));
                }
                None
            }
        }
    }
}

impl Carrier for TcpWire {
    /// Sleeps until a socket is ready or one of the exec `signals`
    /// arrives; returns the signals that arrived (as exec `Wait()`).
    fn wait(&mut self, signals: u32) -> Option<u32> {
        let (mut rd, mut wr) = (FdSet::default(), FdSet::default());
        match &self.source {
            Source::Listen { socket, .. } => rd.set(socket.fd()),
            Source::Dial(Dialer { state: Dialing::Connecting { socket, .. }, .. }) => wr.set(socket.fd()),
            Source::Dial(_) => {}
        }
        for c in &self.clients {
            if c.conn.session.space() > 0 && !c.conn.closing {
                rd.set(c.sock.fd());
            }
            if !c.conn.out.is_empty() {
                wr.set(c.sock.fd());
            }
        }
        let mut got = signals;
        let n = self.net.wait_select(&mut rd, &mut wr, &mut got);
        if n < 0 {
            // Interrupted by the library's break mask (Ctrl-C by default:
            // it may take the signal itself), or failed: nothing is ready.
            (rd, wr) = (FdSet::default(), FdSet::default());
            got = 0;
            if self.net.errno() == amiga_ndk::socket::EINTR {
                got |= SIGBREAKF_CTRL_C & signals;
            }
        }
        // Signals that came with the sockets but were not reported.
        got |= amiga_rt::exec::set_signal(0, signals) & signals;
        match &mut self.source {
            Source::Listen { socket, ready } => *ready = rd.is_set(socket.fd()),
            Source::Dial(Dialer { state: Dialing::Connecting { socket, ready }, .. }) => {
                *ready = wr.is_set(socket.fd())
            }
            Source::Dial(_) => {}
        }
        for c in &mut self.clients {
            c.readable = rd.is_set(c.sock.fd());
        }
        Some(got)
    }

    /// Whether a session runs a timeout (the loop's timer must tick).
    fn needs_ticks(&self) -> bool {
        self.clients.iter().any(|c| c.conn.session.needs_ticks())
    }

    /// One timer tick for every session's timeouts.
    fn tick(&mut self) {
        for c in &mut self.clients {
            c.conn.session.tick();
        }
    }

    /// Accepts, reads and writes what `wait()` found ready, and returns
    /// what every client asks next. Call again after the replies are
    /// delivered (pipelined requests).
    fn pump(&mut self) -> Vec<Work> {
        if let Source::Listen { ready, .. } = &mut self.source {
            if core::mem::take(ready) {
                self.accept();
            }
        }
        let mut requests = Vec::new();
        for c in &mut self.clients {
            if core::mem::take(&mut c.readable) {
                read(c);
            }
            // The next request only once the last reply has gone to the
            // socket (`Conn::events`); session replies (a refusal, a
            // failed AUTH) are written and the session polled again.
            loop {
                flush(c);
                if !c.conn.out.is_empty() {
                    break;
                }
                let before = requests.len();
                c.conn.events(&mut requests);
                if requests.len() > before || c.conn.out.is_empty() {
                    break;
                }
            }
        }
        let gone = &mut self.gone;
        self.clients.retain(|c| {
            let keep = !(c.conn.session.is_closed() && c.conn.out.is_empty());
            if !keep {
                gone.push(c.conn.id);
            }
            keep
        });
        // Dialing: the attempt's end, the delay's, or the connection's.
        let connected = !self.clients.is_empty();
        if let Source::Dial(d) = &mut self.source {
            if let Some(sock) = d.pump(&self.net, connected) {
                self.add_client(sock);
            }
        }
        requests
    }

    /// The numbers of the connections closed since the last call: nobody
    /// is owed their replies any more.
    fn take_gone(&mut self) -> Vec<u32> {
        core::mem::take(&mut self.gone)
    }

    /// Delivers the command language's reply to client `id` (its text is
    /// queued as it is, not copied); dropped when that connection is gone.
    fn deliver(&mut self, id: u32, reply: Reply) {
        let Some(c) = self.clients.iter_mut().find(|c| c.conn.id == id) else { return };
        c.conn.deliver(reply);
        flush(c);
    }

    /// Takes client `id`'s `FSPUT` payload (the command the command
    /// language accepted); its bytes are collected for [`Work::UploadDone`].
    fn accept_upload(&mut self, id: u32, put: FsPut) {
        if let Some(c) = self.clients.iter_mut().find(|c| c.conn.id == id) {
            c.conn.accept_upload(put);
        }
    }

    /// Whether a client's accepted `FSPUT` is still collecting its bytes:
    /// one at a time, so that at most `FS_DATA_MAX` bytes of the heap
    /// arena go to uploads.
    fn uploading(&self) -> bool {
        self.clients.iter().any(|c| c.conn.uploading())
    }

    /// Refuses client `id`'s `FSPUT` with `reply`: the session reads and
    /// drops the payload, then sends it.
    fn refuse_upload(&mut self, id: u32, reply: &Reply) {
        if let Some(c) = self.clients.iter_mut().find(|c| c.conn.id == id) {
            c.conn.refuse_upload(reply);
        }
    }

    /// The sockets do not signal: [`Carrier::wait`] sleeps on them; the
    /// redial delay's timer does (`TCPDIAL`).
    fn signal_mask(&self) -> u32 {
        match &self.source {
            Source::Dial(d) => d.timer.signal_mask(),
            Source::Listen { .. } => 0,
        }
    }
}

/// Reads what the socket has, as far as the session takes it; a closed
/// or failed connection closes the session (its queued output is dropped).
fn read(c: &mut Client) {
    let mut buf = [0u8; RECV_CHUNK];
    loop {
        let space = c.conn.session.space().min(RECV_CHUNK);
        if space == 0 {
            return;
        }
        match c.sock.recv(&mut buf[..space]) {
            Ok(Some(0)) | Err(_) => {
                c.conn.lost();
                return;
            }
            Ok(Some(n)) => {
                c.conn.session.receive(&buf[..n]);
            }
            Ok(None) => return,
        }
    }
}

/// Hands queued output to `send()` until it would block.
fn flush(c: &mut Client) {
    while !c.conn.out.is_empty() {
        match c.sock.send(c.conn.out.front()) {
            Ok(Some(n)) if n > 0 => c.conn.out.sent(n),
            Ok(_) => return,
            Err(_) => {
                c.conn.lost();
                return;
            }
        }
    }
    if c.conn.closing {
        c.conn.session.close();
    }
}
