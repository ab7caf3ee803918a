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
