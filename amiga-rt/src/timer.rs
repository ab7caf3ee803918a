//! timer.device: the event loop's ~100 ms tick (only while a wait is
//! held) and EClock readings for benchmarks. The `timerequest` is built in
//! linear memory (Be fields), so the device writes into Rust memory.
use crate::be::{Be16, Be32};
use crate::decode::nul_terminated;
use crate::exec::{IoRequest, MsgPort};
use crate::sys;
use alloc::boxed::Box;
use amiga_ndk::timer::*;

/// `struct timerequest` (40 bytes): `struct IORequest` + `struct timeval`.
#[repr(C, packed(2))]
struct TimeRequest {
    io: IoRequest,
    tv_secs: Be32,
    tv_micro: Be32,
}

const _: () = assert!(core::mem::size_of::<TimeRequest>() == 40);

/// An open timer.device request with its reply port.
pub struct Timer {
    req: Box<TimeRequest>,
    port: MsgPort,
    pending: bool,
}

impl Timer {
    /// Opens timer.device `unit`; `None` when no port or the device fails.
    pub fn open(unit: u32) -> Option<Timer> {
        let port = MsgPort::new()?;
        let mut req =
            Box::new(TimeRequest { io: IoRequest::new(&port, 40), tv_secs: Be32::new(0), tv_micro: Be32::new(0) });
        let name = nul_terminated(b"timer.device");
        // SAFETY: req is a zeroed timerequest in linear memory that outlives
        // the device's use of it (closed in Drop).
        let err = unsafe { sys::exec_OpenDevice(name.as_ptr(), unit, &mut *req as *mut TimeRequest as *mut u8, 0) };
        (err == 0).then_some(Timer { req, port, pending: false })
    }

    /// The signal mask of the reply port (`1 << mp_SigBit`), for `Wait()`.
    pub fn signal_mask(&self) -> u32 {
        self.port.signal_mask()
    }

    /// Starts a `TR_ADDREQUEST` of `micros` µs unless one is running.
    pub fn start(&mut self, micros: u32) {
        if self.pending {
            return;
        }
        self.req.io.io_command = Be16::new(TR_ADDREQUEST);
        self.req.tv_secs = Be32::new(micros / 1_000_000);
        self.req.tv_micro = Be32::new(micros % 1_000_000);
        // SAFETY: the request is open and not in use (pending is false).
        unsafe { sys::exec_SendIO(self.ptr()) };
        self.pending = true;
    }

    /// After the port's signal: true if the running request completed
    /// (it is then taken off the port).
    pub fn fired(&mut self) -> bool {
        // SAFETY: CheckIO/WaitIO on our own request.
        if self.pending && unsafe { sys::exec_CheckIO(self.ptr()) } != 0 {
            // SAFETY: the request completed (CheckIO said so): WaitIO only
            // takes its reply off the port.
            unsafe { sys::exec_WaitIO(self.ptr()) };
            self.pending = false;
            return true;
        }
        false
    }

    /// Whether a request is running.
    pub fn is_running(&self) -> bool {
        self.pending
    }

    /// `ReadEClock()`: (EClock ticks, ticks per second).
    pub fn eclock(&self) -> (u64, u32) {
        let mut ev = [0u8; 8];
        // SAFETY: ev is 8 writable bytes (struct EClockVal: ev_hi, ev_lo);
        // io_Device is timer.device's base while the request is open.
        let freq = unsafe { sys::timer_ReadEClock({ self.req.io.io_device }.get(), ev.as_mut_ptr()) };
        let hi = u32::from_be_bytes([ev[0], ev[1], ev[2], ev[3]]) as u64;
        let lo = u32::from_be_bytes([ev[4], ev[5], ev[6], ev[7]]) as u64;
        ((hi << 32) | lo, freq)
    }

    fn ptr(&mut self) -> *mut u8 {
        &mut *self.req as *mut TimeRequest as *mut u8
    }
}

impl Drop for Timer {
    fn drop(&mut self) {
        // SAFETY: a running request is aborted and collected before the
        // device is closed; the request memory outlives both.
        unsafe {
            if self.pending {
                sys::exec_AbortIO(self.ptr());
                sys::exec_WaitIO(self.ptr());
            }
            sys::exec_CloseDevice(self.ptr());
        }
    }
}
