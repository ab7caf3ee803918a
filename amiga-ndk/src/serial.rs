//! serial.device (devices/serial.h; the serial.device autodoc; RKRM
//! Devices, "Serial Device").

use crate::exec::CMD_NONSTD;

/// `SDCMD_QUERY`: `io_Actual` = bytes waiting in the read buffer,
/// `io_Status` = line status (devices/serial.h).
pub const SDCMD_QUERY: u16 = CMD_NONSTD;
/// `SDCMD_BREAK`: send a break (devices/serial.h).
pub const SDCMD_BREAK: u16 = CMD_NONSTD + 1;
/// `SDCMD_SETPARAMS`: take the baud, lengths, flags and buffer size of the
/// request (devices/serial.h); refused while reads or writes are pending.
pub const SDCMD_SETPARAMS: u16 = CMD_NONSTD + 2;

/// `SERF_PARTY_ON` in `io_SerFlags`: parity on (devices/serial.h).
pub const SERF_PARTY_ON: u8 = 1 << 0;
/// `SERF_7WIRE` in `io_SerFlags`: RTS/CTS handshaking; set before
/// `OpenDevice()` (devices/serial.h).
pub const SERF_7WIRE: u8 = 1 << 2;
/// `SERF_SHARED` in `io_SerFlags`: let other tasks open the unit too; set
/// before `OpenDevice()` (devices/serial.h).
pub const SERF_SHARED: u8 = 1 << 5;
/// `SERF_XDISABLED` in `io_SerFlags`: XON/XOFF off, so bytes 0x11 and 0x13
/// pass as data (devices/serial.h).
pub const SERF_XDISABLED: u8 = 1 << 7;

/// `SerErr_DevBusy`: the unit is open for exclusive use by another task
/// (devices/serial.h).
pub const SerErr_DevBusy: i8 = 1;
/// `SerErr_BaudMismatch`: the device cannot run at that rate (devices/serial.h).
pub const SerErr_BaudMismatch: i8 = 2;
/// `SerErr_BufErr`: no memory for the read buffer (devices/serial.h).
pub const SerErr_BufErr: i8 = 4;
/// `SerErr_InvParam`: a parameter of SDCMD_SETPARAMS is out of range (devices/serial.h).
pub const SerErr_InvParam: i8 = 5;
/// `SerErr_LineErr`: the hardware overran, a byte was lost (devices/serial.h).
pub const SerErr_LineErr: i8 = 6;
/// `SerErr_ParityErr`: a byte arrived with the wrong parity (devices/serial.h).
pub const SerErr_ParityErr: i8 = 9;
/// `SerErr_BufOverflow`: the read buffer overflowed, bytes were lost (devices/serial.h).
pub const SerErr_BufOverflow: i8 = 12;
/// `SerErr_DetectedBreak`: a break arrived (devices/serial.h).
pub const SerErr_DetectedBreak: i8 = 15;

/// `SER_DEFAULT_CTLCHAR`: XON 0x11 and XOFF 0x13 in `io_CtlChar` (devices/serial.h).
pub const SER_DEFAULT_CTLCHAR: u32 = 0x1113_0000;
/// Size of `struct IOExtSer`: a `struct IOStdReq` (48 bytes) and the
/// serial fields up to `io_Status` (devices/serial.h).
pub const IOEXTSER_SIZE: usize = 82;
/// The smallest `io_RBufLen`; the read buffer is a multiple of it
/// (serial.device autodoc, SDCMD_SETPARAMS note 3).
pub const RBUF_UNIT: u32 = 64;

/// A short sentence for a serial.device `io_Error` (devices/serial.h
/// `SerErr_*`, exec/errors.h `IOERR_*`).
pub fn error_text(code: i8) -> &'static str {
    match code {
        crate::exec::IOERR_OPENFAIL => "no such device or unit",
        crate::exec::IOERR_ABORTED => "aborted",
        SerErr_DevBusy => "the unit is in use by another program",
        SerErr_BaudMismatch => "the device cannot run at that rate",
        SerErr_BufErr => "no memory for the read buffer",
        SerErr_InvParam => "a parameter is out of the device's range",
        SerErr_LineErr => "the hardware overran: bytes were lost",
        SerErr_ParityErr => "a parity error",
        SerErr_BufOverflow => "the read buffer overflowed: bytes were lost",
        SerErr_DetectedBreak => "a break arrived",
        _ => "a device error",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_and_flags_are_the_headers() {
        assert_eq!((SDCMD_QUERY, SDCMD_BREAK, SDCMD_SETPARAMS), (9, 10, 11));
        assert_eq!((SERF_PARTY_ON, SERF_7WIRE, SERF_SHARED, SERF_XDISABLED), (0x01, 0x04, 0x20, 0x80));
        assert_eq!(error_text(-1), "no such device or unit");
        assert_eq!(error_text(1), "the unit is in use by another program");
        assert_eq!(error_text(99), "a device error");
    }
}
