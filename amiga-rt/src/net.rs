//! bsdsocket.library: TCP sockets for the wire (any stack: Roadshow,
//! AmiTCP, Miami, UAE's emulation). A [`Net`] is the opened library (its
//! base is per opener, so sockets belong to this task); a [`Socket`] closes
//! itself when dropped. Every socket is non-blocking, so the event loop
//! only ever sleeps in [`Net::wait_select`].
use crate::be::{Be16, Be32};
use crate::library::{Library, LibraryError};
use crate::sys;
use alloc::rc::Rc;
use amiga_ndk::socket::*;

/// The opened bsdsocket.library.
#[derive(Clone)]
pub struct Net {
    lib: Rc<Library>,
}

/// `struct sockaddr_in` (netinet/in.h), 16 bytes.
#[repr(C, packed(2))]
struct SockAddrIn {
    len_family: Be16,
    port: Be16,
    addr: Be32,
    zero: [u8; 8],
}

const _: () = assert!(core::mem::size_of::<SockAddrIn>() == SOCKADDR_IN_SIZE);

impl SockAddrIn {
    fn new(addr: u32, port: u16) -> SockAddrIn {
        SockAddrIn {
            len_family: Be16::new(((SOCKADDR_IN_SIZE as u16) << 8) | AF_INET as u16),
            port: Be16::new(port),
            addr: Be32::new(addr),
            zero: [0; 8],
        }
    }
}

/// A socket number set for `WaitSelect()` (`fd_set`, sys/types.h): sockets
/// 0..31 only (see [`FD_SETSIZE_USED`]).
#[derive(Clone, Copy, Default)]
pub struct FdSet {
    bits: Be32,
}

impl FdSet {
    /// Adds socket `fd`; numbers outside 0..31 are ignored (never created:
    /// [`Net::accept`] refuses them).
    pub fn set(&mut self, fd: i32) {
        if (0..FD_SETSIZE_USED).contains(&fd) {
            self.bits = Be32::new(self.bits.get() | (1 << fd));
        }
    }

    /// Whether `fd` is in the set (after `WaitSelect()`: it is ready).
    pub fn is_set(&self, fd: i32) -> bool {
        (0..FD_SETSIZE_USED).contains(&fd) && self.bits.get() & (1 << fd) != 0
    }

    /// The highest socket number in the set plus one (`nfds`), 0 if empty.
    pub fn nfds(&self) -> i32 {
        32 - self.bits.get().leading_zeros() as i32
    }
}

/// What a non-blocking call did: `Ok(Some(n))` moved n bytes (`recv`: 0
/// means the peer closed), `Ok(None)` nothing to do now (`EWOULDBLOCK`),
/// `Err(errno)` the connection failed (sys/errno.h numbers).
pub type NetResult<T> = Result<Option<T>, i32>;

impl Net {
    /// exec `OpenLibrary("bsdsocket.library", 4)`; the error names it when
    /// no TCP/IP stack runs.
    pub fn open() -> Result<Net, LibraryError> {
        Library::open("bsdsocket.library", 4).map(|l| Net { lib: Rc::new(l) })
    }

    fn base(&self) -> u32 {
        self.lib.base()
    }

    /// `Errno()`: meaningful only right after a call failed (UAE's
    /// emulation keeps a stale value after successful calls).
    pub fn errno(&self) -> i32 {
        // SAFETY: the library is open; Errno takes no arguments.
        unsafe { sys::bsdsocket_Errno(self.base()) }
    }

    fn wrap(&self, fd: i32) -> Result<Socket, i32> {
        if fd < 0 {
            return Err(self.errno());
        }
        let s = Socket { net: self.clone(), fd };
        if fd >= FD_SETSIZE_USED {
            return Err(EMFILE);
        }
        s.set_nonblocking()?;
        Ok(s)
    }

    /// A new non-blocking TCP socket with the `SOL_SOCKET` switch `option`
    /// on (`SO_REUSEADDR`, `SO_KEEPALIVE`). Err: the errno of the failing
    /// call.
    fn tcp_socket(&self, option: i32) -> Result<Socket, i32> {
        // SAFETY: plain integer arguments on the open library.
        let fd = unsafe { sys::bsdsocket_socket(self.base(), AF_INET, SOCK_STREAM, 0) };
        let s = self.wrap(fd)?;
        s.switch_on(option);
        Ok(s)
    }

    /// A non-blocking TCP socket listening on `addr:port` (host order;
    /// port 0: a free port the stack picks, see [`Socket::local_port`]),
    /// with `SO_REUSEADDR` and a listen backlog of `backlog`. Err: the
    /// errno of the failing call (`EADDRINUSE` 48: the port is taken).
    pub fn listen(&self, addr: u32, port: u16, backlog: i32) -> Result<Socket, i32> {
        let s = self.tcp_socket(SO_REUSEADDR)?;
        let sa = SockAddrIn::new(addr, port);
        // SAFETY: sa is a sockaddr_in in linear memory, namelen its size.
        let r = unsafe {
            sys::bsdsocket_bind(self.base(), s.fd, &sa as *const SockAddrIn as *const u8, SOCKADDR_IN_SIZE as i32)
        };
        if r < 0 {
            return Err(self.errno());
        }
        // SAFETY: plain integer arguments on the open library.
        if unsafe { sys::bsdsocket_listen(self.base(), s.fd, backlog) } < 0 {
            return Err(self.errno());
        }
        Ok(s)
    }

    /// Starts a non-blocking TCP connection to `addr:port` (host order),
    /// with `SO_KEEPALIVE` (a peer that vanishes without closing is found
    /// by the stack's probes, not never). `Ok((socket, true))`: connected
    /// at once; `Ok((socket, false))`: under way (`EINPROGRESS`): the
    /// socket turns writable in [`Net::wait_select`] when it ends, and
    /// [`Socket::connect_result`] then says how. Err: the errno of the
    /// failing call (`ECONNREFUSED` 61 when the peer refused at once, as a
    /// host's own stack does).
    pub fn connect(&self, addr: u32, port: u16) -> Result<(Socket, bool), i32> {
        let s = self.tcp_socket(SO_KEEPALIVE)?;
        let sa = SockAddrIn::new(addr, port);
        // SAFETY: sa is a sockaddr_in in linear memory, namelen its size.
        let r = unsafe {
            sys::bsdsocket_connect(self.base(), s.fd, &sa as *const SockAddrIn as *const u8, SOCKADDR_IN_SIZE as i32)
        };
        if r == 0 {
            return Ok((s, true));
        }
        match self.errno() {
            EINPROGRESS => Ok((s, false)),
            errno => Err(errno),
        }
    }

    /// `gethostbyname()`: the first IPv4 address (host order) of host
    /// `name` (a name the stack resolves: its hosts file, DNS). `None`
    /// when it has none. Blocks while the stack's resolver asks
    /// (bsdsocket.library has no lookup that does not).
    pub fn host_address(&self, name: &[u8]) -> Option<u32> {
        let z = crate::decode::nul_terminated(name);
        // SAFETY: z is NUL-terminated in linear memory; the result is the
        // library's own struct hostent (or NULL), read below by copy.
        let hostent = unsafe { sys::bsdsocket_gethostbyname(self.base(), z.as_ptr()) };
        let mut h = [0u8; HOSTENT_SIZE];
        if !crate::mem::copy_into(hostent, &mut h) {
            return None;
        }
        let be = |off| amiga_ndk::be::u32_at(&h, off);
        if be(h_addrtype)? != AF_INET as u32 || be(h_length)? != 4 {
            return None;
        }
        let mut first = [0u8; 4];
        crate::mem::copy_into(be(h_addr_list)?, &mut first).then_some(())?;
        let mut addr = [0u8; 4];
        crate::mem::copy_into(u32::from_be_bytes(first), &mut addr).then(|| u32::from_be_bytes(addr))
    }

    /// `WaitSelect()` without a timeout: sleeps until a socket in `read` /
    /// `write` is ready or one of the exec signals in `signals` arrives.
    /// On return the sets hold the ready sockets and `signals` the signals
    /// that arrived (cleared like exec `Wait()`). Returns the number of
    /// ready sockets, or -1 (errno) when the call failed.
    pub fn wait_select(&self, read: &mut FdSet, write: &mut FdSet, signals: &mut u32) -> i32 {
        let nfds = read.nfds().max(write.nfds());
        let mut sig = Be32::new(*signals);
        // SAFETY: the sets and the signal mask are writable longs in linear
        // memory; no except set, NULL timeout (wait without limit).
        let n = unsafe {
            sys::bsdsocket_WaitSelect(
                self.base(),
                nfds,
                read as *mut FdSet as *mut u8,
                write as *mut FdSet as *mut u8,
                core::ptr::null_mut(),
                core::ptr::null(),
                &mut sig as *mut Be32 as *mut u8,
            )
        };
        *signals = sig.get();
        n
    }

    /// The library's version (`lib_Version`), for the Shell line.
    pub fn version(&self) -> u16 {
        self.lib.version()
    }
}

/// One open socket; dropped: `CloseSocket()`.
pub struct Socket {
    net: Net,
    fd: i32,
}

impl Socket {
    /// The socket number (for [`FdSet`]).
    pub fn fd(&self) -> i32 {
        self.fd
    }

    /// `setsockopt(SOL_SOCKET, option, 1)`: a switch such as
    /// `SO_REUSEADDR`; a stack that refuses it leaves it off.
    fn switch_on(&self, option: i32) {
        let one = Be32::new(1);
        // SAFETY: optval points at a LONG in linear memory, optlen is its size.
        unsafe {
            sys::bsdsocket_setsockopt(self.net.base(), self.fd, SOL_SOCKET, option, &one as *const Be32 as *const u8, 4)
        };
    }

    fn set_nonblocking(&self) -> Result<(), i32> {
        let mut on = Be32::new(1);
        // SAFETY: argp points at a writable LONG in linear memory.
        let r =
            unsafe { sys::bsdsocket_IoctlSocket(self.net.base(), self.fd, FIONBIO, &mut on as *mut Be32 as *mut u8) };
        if r < 0 {
            Err(self.net.errno())
        } else {
            Ok(())
        }
    }

    /// `getsockname()`: the port this socket is bound to (host order), None
    /// when the call fails.
    pub fn local_port(&self) -> Option<u16> {
        let mut sa = SockAddrIn::new(0, 0);
        let mut len = Be32::new(SOCKADDR_IN_SIZE as u32);
        // SAFETY: sa and len are writable and sized as namelen says.
        let r = unsafe {
            sys::bsdsocket_getsockname(
                self.net.base(),
                self.fd,
                &mut sa as *mut SockAddrIn as *mut u8,
                &mut len as *mut Be32 as *mut u8,
            )
        };
        (r >= 0).then(|| sa.port.get())
    }

    /// After a [`Net::connect`] under way turned writable: `Ok(())` when it
    /// connected, else `Err(errno)` of why not (`getsockopt(SO_ERROR)`,
    /// which also clears it).
    pub fn connect_result(&self) -> Result<(), i32> {
        let mut err = Be32::new(0);
        let mut len = Be32::new(4);
        // SAFETY: optval is a writable LONG, optlen a writable LONG holding its size.
        let r = unsafe {
            sys::bsdsocket_getsockopt(
                self.net.base(),
                self.fd,
                SOL_SOCKET,
                SO_ERROR,
                &mut err as *mut Be32 as *mut u8,
                &mut len as *mut Be32 as *mut u8,
            )
        };
        match (r, err.get() as i32) {
            (r, _) if r < 0 => Err(self.net.errno()),
            (_, 0) => Ok(()),
            (_, errno) => Err(errno),
        }
    }

    /// `accept()` on a listening socket: the new non-blocking connection
    /// and the peer's IPv4 address (host order), `Ok(None)` when nobody is
    /// waiting. A connection whose number would be 32 or more is closed
    /// and reported as `Err(EMFILE)`.
    pub fn accept(&self) -> NetResult<(Socket, u32)> {
        let mut sa = SockAddrIn::new(0, 0);
        let mut len = Be32::new(SOCKADDR_IN_SIZE as u32);
        // SAFETY: sa and len are writable and sized as addrlen says.
        let fd = unsafe {
            sys::bsdsocket_accept(
                self.net.base(),
                self.fd,
                &mut sa as *mut SockAddrIn as *mut u8,
                &mut len as *mut Be32 as *mut u8,
            )
        };
        if fd < 0 {
            return would_block(self.net.errno());
        }
        Ok(Some((self.net.wrap(fd)?, sa.addr.get())))
    }

    /// `recv()` into `buf`: `Ok(Some(0))` the peer closed the connection.
    pub fn recv(&self, buf: &mut [u8]) -> NetResult<usize> {
        // SAFETY: buf is writable for buf.len() bytes.
        let n = unsafe { sys::bsdsocket_recv(self.net.base(), self.fd, buf.as_mut_ptr(), buf.len() as i32, 0) };
        if n < 0 {
            return would_block(self.net.errno());
        }
        Ok(Some(n as usize))
    }

    /// `send()` of as much of `buf` as the stack takes now.
    pub fn send(&self, buf: &[u8]) -> NetResult<usize> {
        // SAFETY: buf is readable for buf.len() bytes.
        let n = unsafe { sys::bsdsocket_send(self.net.base(), self.fd, buf.as_ptr(), buf.len() as i32, 0) };
        if n < 0 {
            return would_block(self.net.errno());
        }
        Ok(Some(n as usize))
    }
}

fn would_block<T>(errno: i32) -> NetResult<T> {
    if errno == EWOULDBLOCK {
        Ok(None)
    } else {
        Err(errno)
    }
}

impl Drop for Socket {
    fn drop(&mut self) {
        // SAFETY: fd is this opener's socket, closed once.
        unsafe { sys::bsdsocket_CloseSocket(self.net.base(), self.fd) };
    }
}
