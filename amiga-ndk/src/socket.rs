//! bsdsocket.library, the Amiga TCP/IP API (the AmiTCP SDK's
//! sys/socket.h, netinet/in.h, sys/filio.h, sys/errno.h; the same values
//! in Roadshow's and Miami's SDKs: the BSD 4.4 numbering).

/// `AF_INET`: the IPv4 address family (sys/socket.h).
pub const AF_INET: i32 = 2;
/// `SOCK_STREAM`: a TCP socket (sys/socket.h).
pub const SOCK_STREAM: i32 = 1;
/// `SOL_SOCKET`: the socket level of `setsockopt()` (sys/socket.h).
pub const SOL_SOCKET: i32 = 0xffff;
/// `SO_REUSEADDR`: bind a port that still has connections in TIME_WAIT
/// (sys/socket.h).
pub const SO_REUSEADDR: i32 = 0x0004;
/// `SO_KEEPALIVE`: the stack probes an idle connection and ends it when
/// the peer no longer answers (sys/socket.h).
pub const SO_KEEPALIVE: i32 = 0x0008;
/// `INADDR_ANY`: every interface, host order (netinet/in.h).
pub const INADDR_ANY: u32 = 0;
/// `INADDR_LOOPBACK`: 127.0.0.1, host order (netinet/in.h).
pub const INADDR_LOOPBACK: u32 = 0x7f00_0001;
/// `sizeof(struct sockaddr_in)` in bytes: `sin_len` (UBYTE),
/// `sin_family` (UBYTE), `sin_port` (UWORD, network order), `sin_addr`
/// (ULONG, network order), `sin_zero[8]` (netinet/in.h).
pub const SOCKADDR_IN_SIZE: usize = 16;
/// `FIONBIO`: `IoctlSocket()` request that sets (argument LONG non-zero) or
/// clears non-blocking I/O; `_IOW('f', 126, long)` (sys/filio.h).
pub const FIONBIO: u32 = 0x8004_667e;
/// `EINTR`: a call was interrupted, by a break signal for bsdsocket
/// (sys/errno.h).
pub const EINTR: i32 = 4;
/// `EWOULDBLOCK` (= `EAGAIN`): a non-blocking call has nothing to do now
/// (sys/errno.h).
pub const EWOULDBLOCK: i32 = 35;
/// `EADDRINUSE`: the port is taken (sys/errno.h).
pub const EADDRINUSE: i32 = 48;
/// `FD_SETSIZE` of the SDKs' `fd_set` used here: one ULONG per 32 sockets,
/// bit `n % 32` of ULONG `n / 32` (sys/types.h). GadgetScope keeps every
/// socket number below 32 (UAE's emulation misreads higher ones).
pub const FD_SETSIZE_USED: i32 = 32;
/// `EMFILE`: no more socket numbers (sys/errno.h); GadgetScope also uses
/// it for a connection numbered 32 or more, which it closes.
pub const EMFILE: i32 = 24;
/// `EINPROGRESS`: a non-blocking `connect()` is under way; the socket
/// turns writable when it ends, and `SO_ERROR` then says how (sys/errno.h).
pub const EINPROGRESS: i32 = 36;
/// `ENETUNREACH`: no route to the network (sys/errno.h).
pub const ENETUNREACH: i32 = 51;
/// `ETIMEDOUT`: the peer never answered the connection (sys/errno.h).
pub const ETIMEDOUT: i32 = 60;
/// `ECONNREFUSED`: the peer answered that nothing listens on the port
/// (sys/errno.h).
pub const ECONNREFUSED: i32 = 61;
/// `EHOSTUNREACH`: no route to the host (sys/errno.h).
pub const EHOSTUNREACH: i32 = 65;
/// `SO_ERROR`: `getsockopt()` option that reads and clears the socket's
/// pending error, a LONG errno (0: none) (sys/socket.h).
pub const SO_ERROR: i32 = 0x1007;

// netdb.h struct hostent, as gethostbyname() returns it (20 bytes).
/// `h_name`: the host's official name (STRPTR) (netdb.h).
pub const h_name: usize = 0;
/// `h_aliases`: NULL-terminated array of alias names (STRPTR *) (netdb.h).
pub const h_aliases: usize = 4;
/// `h_addrtype`: the address family of the addresses, `AF_INET` (LONG)
/// (netdb.h).
pub const h_addrtype: usize = 8;
/// `h_length`: the length of each address in bytes, 4 for `AF_INET`
/// (LONG) (netdb.h).
pub const h_length: usize = 12;
/// `h_addr_list`: NULL-terminated array of pointers to the addresses,
/// network byte order (`h_addr` is its first) (netdb.h).
pub const h_addr_list: usize = 16;
/// `sizeof(struct hostent)` in bytes (netdb.h).
pub const HOSTENT_SIZE: usize = 20;
