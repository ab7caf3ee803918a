//! The TCP wire in the event loop (docs/design/wire.md): a listening
//! socket and up to [`MAX_CLIENTS`] connections, each with its own
//! `gadgetscope_transport` [`Session`]; everything non-blocking, so the
//! loop sleeps in one `WaitSelect()` on the sockets and its exec signals.
use crate::carrier::Carrier;
use crate::conn::{Conn, Work};
use crate::settings::WireSettings;
use crate::wire::Config;
use alloc::vec::Vec;
use amiga_ndk::dos::SIGBREAKF_CTRL_C;
use amiga_rt::dos::Dos;
use amiga_rt::net::{FdSet, Net, Socket};
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

/// The TCP wire: the library, the listener and the clients.
pub struct TcpWire {
    net: Net,
    listener: Socket,
    clients: Vec<Client>,
    next_id: u32,
    password: Option<Vec<u8>>,
    listener_ready: bool,
    /// Connections closed since [`Carrier::take_gone`]: their held waits are
    /// released at once.
    gone: Vec<u32>,
}

impl TcpWire {
    /// Opens bsdsocket.library and listens as `settings` say; prints
    /// `GadgetScope: wire on TCP port <n>` and writes the port file. Err:
    /// the sentence the Shell prints (the program runs on without wire).
    pub fn start(dos: &Dos, settings: &WireSettings) -> Result<TcpWire, alloc::string::String> {
        let net = Net::open().map_err(|e| alloc::format!("{e} (no TCP/IP stack is running)"))?;
        let listener = net
            .listen(settings.bind, settings.port, MAX_CLIENTS as i32)
            .map_err(|errno| alloc::format!("cannot listen on TCP port {} (errno {errno})", settings.port))?;
        let port = listener.local_port().ok_or("getsockname() failed on the listening socket")?;
        dos.print(alloc::format!("GadgetScope: wire on TCP port {port}\n").as_bytes());
        if let Some(f) = &settings.port_file {
            dos.write_file(f, alloc::format!("{port}\n").as_bytes()).map_err(|code| {
                alloc::format!("cannot write TCPPORTFILE {} (IoErr {code})", amiga_ndk::latin1::to_string(f))
            })?;
        }
        Ok(TcpWire {
            net,
            listener,
            clients: Vec::new(),
            next_id: 1,
            password: settings.password.clone(),
            listener_ready: false,
            gone: Vec::new(),
        })
    }

    fn accept(&mut self) {
        loop {
            let (sock, _peer) = match self.listener.accept() {
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
            let id = self.next_id;
            self.next_id = self.next_id.wrapping_add(1).max(1);
            self.clients.push(Client { sock, conn: Conn::new(id, Config::tcp(self.password.clone())), readable: true });
        }
    }
}

impl Carrier for TcpWire {
    /// Sleeps until a socket is ready or one of the exec `signals`
    /// arrives; returns the signals that arrived (as exec `Wait()`).
    fn wait(&mut self, signals: u32) -> Option<u32> {
        let (mut rd, mut wr) = (FdSet::default(), FdSet::default());
        rd.set(self.listener.fd());
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
            rd = FdSet::default();
            got = 0;
            if self.net.errno() == amiga_ndk::socket::EINTR {
                got |= SIGBREAKF_CTRL_C & signals;
            }
        }
        // Signals that came with the sockets but were not reported.
        got |= amiga_rt::exec::set_signal(0, signals) & signals;
        self.listener_ready = rd.is_set(self.listener.fd());
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
        if core::mem::take(&mut self.listener_ready) {
            self.accept();
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

    /// The sockets do not signal: [`Carrier::wait`] sleeps on them.
    fn signal_mask(&self) -> u32 {
        0
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
