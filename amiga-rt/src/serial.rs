//! serial.device (or another driver with its interface, `SERDEVICE`): the
//! serial wire's line, 8 data bits, no parity, one stop bit, XON/XOFF off,
//! no RTS/CTS handshake (AmiPilotServer's line).
//!
//! Three `struct IOExtSer` built in linear memory (devices/serial.h), all
//! copies of the one `OpenDevice()` filled in, as RKRM Devices "Serial
//! Device" has a program make its extra requests: one for the standing
//! asynchronous one-byte `CMD_READ`, one for the asynchronous `CMD_WRITE`
//! (both reply to [`Serial::signal_mask`]'s port, which the event loop
//! waits on) and one for quick synchronous commands (`SDCMD_SETPARAMS`,
//! `SDCMD_QUERY`, the `CMD_READ` of bytes already buffered) on a port of
//! its own, so that `DoIO()` never takes the event loop's signal.
//! Nothing here waits for the line: a read asks for bytes the device
//! holds already, a write only starts.
use crate::be::{Be16, Be32};
use crate::decode::nul_terminated;
use crate::exec::{IoRequest, MsgPort};
use crate::{mem, sys};
use alloc::boxed::Box;
use amiga_ndk::exec::{CMD_READ, CMD_WRITE};
use amiga_ndk::serial::*;

/// Bytes one [`Serial::start_write`] takes at most: a piece of the reply
/// goes out while the loop serves others (about 0.27 s at 19200 baud).
pub const WRITE_CHUNK: usize = 512;
/// The device's read buffer, bytes (`io_RBufLen`, a multiple of
/// [`RBUF_UNIT`]): what arrives while the loop is busy elsewhere (a
/// walk, a reply) waits there; at 19200 baud about two seconds of input.
pub const READ_BUFFER: u32 = 64 * RBUF_UNIT;

/// `struct IOExtSer` (devices/serial.h), 82 bytes: a `struct IOStdReq`
/// and the serial parameters.
#[repr(C, packed(2))]
#[derive(Clone, Copy)]
struct IoExtSer {
    io: IoRequest,
    io_actual: Be32,
    io_length: Be32,
    io_data: Be32,
    io_offset: Be32,
    io_ctl_char: Be32,
    io_rbuf_len: Be32,
    io_ext_flags: Be32,
    io_baud: Be32,
    io_brk_time: Be32,
    io_term_array: [Be32; 2],
    io_read_len: u8,
    io_write_len: u8,
    io_stop_bits: u8,
    io_ser_flags: u8,
    io_status: Be16,
}

const _: () = assert!(core::mem::size_of::<IoExtSer>() == IOEXTSER_SIZE);

impl IoExtSer {
    fn new(port: &MsgPort) -> IoExtSer {
        IoExtSer {
            io: IoRequest::new(port, IOEXTSER_SIZE as u16),
            io_actual: Be32::new(0),
            io_length: Be32::new(0),
            io_data: Be32::new(0),
            io_offset: Be32::new(0),
            io_ctl_char: Be32::new(0),
            io_rbuf_len: Be32::new(0),
            io_ext_flags: Be32::new(0),
            io_baud: Be32::new(0),
            io_brk_time: Be32::new(0),
            io_term_array: [Be32::new(0); 2],
            io_read_len: 0,
            io_write_len: 0,
            io_stop_bits: 0,
            io_ser_flags: 0,
            io_status: Be16::new(0),
        }
    }
}

/// Why the line could not be opened: the step and the device's
/// `io_Error` (exec/errors.h `IOERR_*`, devices/serial.h `SerErr_*`;
/// [`amiga_ndk::serial::error_text`] says it in words).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SerialError {
    /// No signal left for a reply port.
    NoPort,
    /// `OpenDevice()` failed (`IOERR_OPENFAIL` -1: no such device or unit;
    /// `SerErr_DevBusy` 1: another program has it).
    Open(i8),
    /// `SDCMD_SETPARAMS` refused the rate or the buffer.
    SetParams(i8),
}

/// One open unit of a serial device, its requests and buffers; closed
/// (pending requests aborted first) when dropped.
pub struct Serial {
    /// The request `OpenDevice()` filled; synchronous commands.
    ctl: Box<IoExtSer>,
    /// The standing one-byte read.
    rd: Box<IoExtSer>,
    /// The write in progress.
    wr: Box<IoExtSer>,
    /// Where the standing read puts its byte.
    byte: Box<[u8; 1]>,
    /// The bytes of the write in progress.
    wbuf: Box<[u8; WRITE_CHUNK]>,
    reading: bool,
    writing: bool,
    /// Reply port of `rd` and `wr` (dropped after the device is closed:
    /// fields drop after `Drop::drop`).
    port: MsgPort,
    /// Reply port of `ctl`.
    _ctl_port: MsgPort,
}

impl Serial {
    /// Opens `device` (e.g. `serial.device`) `unit` for this program alone
    /// and sets `baud`, 8N1, XON/XOFF and RTS/CTS off and a [`READ_BUFFER`]-byte read
    /// buffer (`SDCMD_SETPARAMS`; serial.device takes 112 to 292000 baud).
    pub fn open(device: &[u8], unit: u32, baud: u32) -> Result<Serial, SerialError> {
        let port = MsgPort::new().ok_or(SerialError::NoPort)?;
        let ctl_port = MsgPort::new().ok_or(SerialError::NoPort)?;
        let mut ctl = Box::new(IoExtSer::new(&ctl_port));
        // Exclusive (no SERF_SHARED), no RTS/CTS (no SERF_7WIRE): both are
        // decided at OpenDevice().
        ctl.io_ser_flags = SERF_XDISABLED;
        let name = nul_terminated(device);
        // SAFETY: ctl is a zeroed IOExtSer in linear memory with its reply
        // port set; it outlives the device's use of it (CloseDevice in Drop,
        // or below when SETPARAMS fails).
        let err = unsafe { sys::exec_OpenDevice(name.as_ptr(), unit, req_ptr(&mut ctl), 0) } as i8;
        if err != 0 {
            return Err(SerialError::Open(err));
        }
        // OpenDevice filled in the unit's current parameters; change ours.
        ctl.io.io_command = Be16::new(SDCMD_SETPARAMS);
        ctl.io_baud = Be32::new(baud);
        ctl.io_read_len = 8;
        ctl.io_write_len = 8;
        ctl.io_stop_bits = 1;
        // No parity, no end-of-file characters, XON/XOFF off.
        ctl.io_ser_flags = SERF_XDISABLED;
        ctl.io_ext_flags = Be32::new(0);
        ctl.io_rbuf_len = Be32::new(READ_BUFFER);
        ctl.io_ctl_char = Be32::new(SER_DEFAULT_CTLCHAR);
        // SAFETY: the request is open and idle.
        unsafe { sys::exec_DoIO(req_ptr(&mut ctl)) };
        let err = ctl.io.io_error;
        if err != 0 {
            // SAFETY: open, idle, closed once; nothing else refers to it.
            unsafe { sys::exec_CloseDevice(req_ptr(&mut ctl)) };
            return Err(SerialError::SetParams(err));
        }
        let mut rd = Box::new(*ctl);
        rd.io.mn_reply_port = Be32::new(port.addr());
        let wr = Box::new(*rd);
        Ok(Serial {
            ctl,
            rd,
            wr,
            byte: Box::new([0]),
            wbuf: Box::new([0; WRITE_CHUNK]),
            reading: false,
            writing: false,
            port,
            _ctl_port: ctl_port,
        })
    }

    /// The signal the standing read and the writes raise when they
    /// complete, for the event loop's `Wait()`.
    pub fn signal_mask(&self) -> u32 {
        self.port.signal_mask()
    }

    /// Starts the standing one-byte `CMD_READ` unless it runs: it completes
    /// (and signals) when the next byte arrives.
    pub fn start_read(&mut self) {
        if self.reading {
            return;
        }
        self.rd.io.io_command = Be16::new(CMD_READ);
        self.rd.io.io_flags = 0;
        self.rd.io_length = Be32::new(1);
        self.rd.io_data = Be32::new(mem::abs(self.byte.as_ptr()));
        // SAFETY: rd is open and idle (reading is false); its buffer is the
        // boxed byte, which lives until the request is collected (Drop
        // aborts and waits for it first).
        unsafe { sys::exec_SendIO(req_ptr(&mut self.rd)) };
        self.reading = true;
    }

    /// Whether the standing read runs.
    pub fn is_reading(&self) -> bool {
        self.reading
    }

    /// The standing read's result once it completed (then it no longer
    /// runs): the byte, or `Err(io_Error)` (`SerErr_BufOverflow`,
    /// `SerErr_LineErr`, ...: bytes were lost). `None` while it runs or
    /// when none was started.
    pub fn read_done(&mut self) -> Option<Result<u8, i8>> {
        // SAFETY: CheckIO/WaitIO on our own request, started by SendIO.
        if !self.reading || unsafe { sys::exec_CheckIO(req_ptr(&mut self.rd)) } == 0 {
            return None;
        }
        // SAFETY: it completed: WaitIO only takes it off the port.
        unsafe { sys::exec_WaitIO(req_ptr(&mut self.rd)) };
        self.reading = false;
        Some(match self.rd.io.io_error {
            0 => Ok(self.byte[0]),
            e => Err(e),
        })
    }

    /// The bytes the device holds (`SDCMD_QUERY`'s `io_Actual`), at most
    /// `buf.len()` of them, read into `buf` with a `CMD_READ` that never
    /// waits for the line. Returns how many; `Err(io_Error)` when bytes
    /// were lost.
    pub fn take(&mut self, buf: &mut [u8]) -> Result<usize, i8> {
        self.ctl.io.io_command = Be16::new(SDCMD_QUERY);
        self.ctl.io.io_flags = 0;
        // SAFETY: ctl is open and idle between these synchronous calls.
        unsafe { sys::exec_DoIO(req_ptr(&mut self.ctl)) };
        if self.ctl.io.io_error != 0 {
            return Err(self.ctl.io.io_error);
        }
        let n = (self.ctl.io_actual.get() as usize).min(buf.len());
        if n == 0 {
            return Ok(0);
        }
        self.ctl.io.io_command = Be16::new(CMD_READ);
        self.ctl.io.io_flags = 0;
        self.ctl.io_length = Be32::new(n as u32);
        self.ctl.io_data = Be32::new(mem::abs(buf.as_mut_ptr()));
        // SAFETY: buf is writable for n bytes and borrowed until DoIO
        // returns; the n bytes are in the device's buffer already, so the
        // read completes without waiting for the line.
        unsafe { sys::exec_DoIO(req_ptr(&mut self.ctl)) };
        self.ctl.io_data = Be32::new(0);
        match self.ctl.io.io_error {
            0 => Ok((self.ctl.io_actual.get() as usize).min(n)),
            e => Err(e),
        }
    }

    /// Starts an asynchronous `CMD_WRITE` of the first bytes of `bytes`
    /// (at most [`WRITE_CHUNK`], copied) unless a write runs; returns how
    /// many it took (0: a write runs, or `bytes` is empty).
    pub fn start_write(&mut self, bytes: &[u8]) -> usize {
        if self.writing || bytes.is_empty() {
            return 0;
        }
        let n = bytes.len().min(WRITE_CHUNK);
        self.wbuf[..n].copy_from_slice(&bytes[..n]);
        self.wr.io.io_command = Be16::new(CMD_WRITE);
        self.wr.io.io_flags = 0;
        self.wr.io_length = Be32::new(n as u32);
        self.wr.io_data = Be32::new(mem::abs(self.wbuf.as_ptr()));
        // SAFETY: wr is open and idle (writing is false); its buffer is the
        // boxed wbuf, unchanged until the request is collected.
        unsafe { sys::exec_SendIO(req_ptr(&mut self.wr)) };
        self.writing = true;
        n
    }

    /// Whether a write runs.
    pub fn is_writing(&self) -> bool {
        self.writing
    }

    /// The running write's result once it completed (then another may
    /// start); `None` while it runs or when none was started.
    pub fn write_done(&mut self) -> Option<Result<(), i8>> {
        // SAFETY: CheckIO on our own request, started by SendIO.
        if !self.writing || unsafe { sys::exec_CheckIO(req_ptr(&mut self.wr)) } == 0 {
            return None;
        }
        Some(self.collect_write())
    }

    /// Waits until the running write has gone out (at the end, so that the
    /// last reply, QUIT's, is not cut off); `None` when none runs.
    pub fn wait_write(&mut self) -> Option<Result<(), i8>> {
        self.writing.then(|| self.collect_write())
    }

    fn collect_write(&mut self) -> Result<(), i8> {
        // SAFETY: our own request, started by SendIO: WaitIO waits for it
        // and takes it off the port.
        unsafe { sys::exec_WaitIO(req_ptr(&mut self.wr)) };
        self.writing = false;
        match self.wr.io.io_error {
            0 => Ok(()),
            e => Err(e),
        }
    }
}

impl Drop for Serial {
    fn drop(&mut self) {
        // SAFETY: a running request is aborted and collected before the
        // device is closed (once, through the request that opened it); the
        // requests and buffers outlive all of it.
        unsafe {
            if self.reading {
                sys::exec_AbortIO(req_ptr(&mut self.rd));
                sys::exec_WaitIO(req_ptr(&mut self.rd));
            }
            if self.writing {
                sys::exec_AbortIO(req_ptr(&mut self.wr));
                sys::exec_WaitIO(req_ptr(&mut self.wr));
            }
            sys::exec_CloseDevice(req_ptr(&mut self.ctl));
        }
    }
}

/// The request as the OS functions take it.
fn req_ptr(r: &mut Box<IoExtSer>) -> *mut u8 {
    &mut **r as *mut IoExtSer as *mut u8
}
