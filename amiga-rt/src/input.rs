//! Real input for the action engine: input.device `IND_WRITEEVENT`,
//! keymap.library `MapANSI()`, and the Intuition calls that bring the
//! target forward first (docs/design/input.md).
//!
//! The `struct IOStdReq`, `struct InputEvent` and `struct IEPointerPixel`
//! are built in linear memory (`repr(C, packed(2))`, Be fields, absolute
//! addresses for inner pointers); the device writes `io_Error` and the
//! event's time stamp into them.
//!
//! Why `IND_WRITEEVENT` and not `IND_ADDEVENT`: `IND_ADDEVENT`
//! (CMD_NONSTD+15) is V47 (AmigaOS 3.2), takes only `IECLASS_RAWKEY` and
//! `IECLASS_RAWMOUSE` (no `IECLASS_NEWPOINTERPOS`) and makes input.device
//! synthesize key repeat from the event; the AROS ROM's input.device
//! (41.1) answers it `IOERR_NOCMD` in `BeginIO`. `IND_WRITEEVENT`
//! (CMD_NONSTD+2) exists on every version: one event per request
//! (`ie_NextEvent` is ignored), `ie_TimeStamp` set by the device (V36+),
//! and the request is replied only after the handler chain (Intuition
//! included) has processed the event.
use crate::be::{Be16, Be32};
use crate::decode::nul_terminated;
use crate::exec::{IoRequest, MsgPort};
use crate::library::{Library, LibraryError};
use crate::{mem, sys};
use alloc::boxed::Box;
use alloc::vec::Vec;
use amiga_ndk::input::*;

/// `struct IOStdReq` (exec/io.h), 48 bytes.
#[repr(C, packed(2))]
struct IoStdReq {
    io: IoRequest,
    io_actual: Be32,
    io_length: Be32,
    io_data: Be32,
    io_offset: Be32,
}

const _: () = assert!(core::mem::size_of::<IoStdReq>() == 48);

/// `struct InputEvent` (devices/inputevent.h), 22 bytes: `ie_position` is
/// the union of `ie_xy`, `ie_addr` and the dead-key bytes.
#[repr(C, packed(2))]
#[derive(Default)]
struct InputEvent {
    ie_next_event: Be32,
    ie_class: u8,
    ie_sub_class: u8,
    ie_code: Be16,
    ie_qualifier: Be16,
    ie_position: [u8; 4],
    tv_secs: Be32,
    tv_micro: Be32,
}

/// `struct IEPointerPixel` (devices/inputevent.h), 8 bytes.
#[repr(C, packed(2))]
#[derive(Default)]
struct IePointerPixel {
    iepp_screen: Be32,
    x: Be16,
    y: Be16,
}

const _: () = assert!(core::mem::size_of::<IoStdReq>() == 48);
const _: () = assert!(core::mem::size_of::<InputEvent>() == 22);
const _: () = assert!(core::mem::size_of::<IePointerPixel>() == 8);

/// input.device opened on a request of our own; closed on drop.
pub struct InputDevice {
    req: Box<IoStdReq>,
    _port: MsgPort,
}

impl InputDevice {
    /// `OpenDevice("input.device", 0, req, 0)` with a fresh reply port;
    /// `Err(io_Error)` (or -1 without a port) when it fails.
    pub fn open() -> Result<InputDevice, i32> {
        let port = MsgPort::new().ok_or(-1)?;
        let mut req = Box::new(IoStdReq {
            io: IoRequest::new(&port, 48),
            io_actual: Be32::new(0),
            io_length: Be32::new(0),
            io_data: Be32::new(0),
            io_offset: Be32::new(0),
        });
        let name = nul_terminated(b"input.device");
        // SAFETY: req is a zeroed IOStdReq in linear memory that outlives
        // the device's use of it (CloseDevice in Drop).
        let err = unsafe { sys::exec_OpenDevice(name.as_ptr(), 0, &mut *req as *mut IoStdReq as *mut u8, 0) };
        if err as i8 != 0 {
            return Err(err as i8 as i32);
        }
        Ok(InputDevice { req, _port: port })
    }

    /// One `IND_WRITEEVENT` of `ev`; `Err(io_Error)` when the device
    /// refused it. Returns after the handler chain has seen the event.
    fn write(&mut self, ev: &mut InputEvent) -> Result<(), i8> {
        self.req.io.io_command = Be16::new(IND_WRITEEVENT);
        self.req.io_length = Be32::new(core::mem::size_of::<InputEvent>() as u32);
        self.req.io_data = Be32::new(mem::abs(ev as *const InputEvent));
        self.req.io.io_flags = 0;
        // SAFETY: the request is open and idle; ev (and the IEPointerPixel
        // it may point to) live until DoIO returns, which is when the
        // device is done with them.
        unsafe { sys::exec_DoIO(&mut *self.req as *mut IoStdReq as *mut u8) };
        self.req.io_data = Be32::new(0);
        match self.req.io.io_error {
            0 => Ok(()),
            e => Err(e),
        }
    }

    /// One `DoIO()` of `command` with `io_Data` = `data` (an absolute
    /// address) and `io_Length` 0: `IND_ADDHANDLER` / `IND_REMHANDLER`
    /// for amiga_rt::pick.
    ///
    /// # Safety
    /// `data` must be what `command` expects (for the handler commands a
    /// `struct Interrupt` that stays valid, and for `IND_REMHANDLER` one
    /// that is installed: input.device `Remove()`s it blindly).
    pub(crate) unsafe fn command(&mut self, command: u16, data: u32) -> Result<(), i8> {
        self.req.io.io_command = Be16::new(command);
        self.req.io_length = Be32::new(0);
        self.req.io_data = Be32::new(data);
        self.req.io.io_flags = 0;
        // SAFETY: the request is open and idle; data is the caller's
        // guarantee.
        unsafe { sys::exec_DoIO(&mut *self.req as *mut IoStdReq as *mut u8) };
        match self.req.io.io_error {
            0 => Ok(()),
            e => Err(e),
        }
    }

    /// The absolute address of this open `IOStdReq`.
    pub(crate) fn request_addr(&self) -> u32 {
        mem::abs(&*self.req as *const IoStdReq)
    }

    /// `IECLASS_NEWPOINTERPOS`/`IESUBCLASS_PIXEL`: the pointer to
    /// (`x`, `y`) of `screen` (a `struct Screen *`), `ie_Code`
    /// `IECODE_NOBUTTON`, `ie_EventAddress` → an `IEPointerPixel`.
    pub fn pointer_to(&mut self, screen: u32, x: i16, y: i16, qualifier: u16) -> Result<(), i8> {
        let pixel =
            Box::new(IePointerPixel { iepp_screen: Be32::new(screen), x: Be16::new(x as u16), y: Be16::new(y as u16) });
        let mut ev = InputEvent {
            ie_class: IECLASS_NEWPOINTERPOS,
            ie_sub_class: IESUBCLASS_PIXEL,
            ie_code: Be16::new(IECODE_NOBUTTON),
            ie_qualifier: Be16::new(qualifier),
            ie_position: mem::abs(&*pixel as *const IePointerPixel).to_be_bytes(),
            ..Default::default()
        };
        let r = self.write(&mut ev);
        drop(pixel);
        r
    }

    /// `IECLASS_RAWMOUSE` with 0 motion (`ie_X` = `ie_Y` = 0): a button
    /// transition; `qualifier` should carry `IEQUALIFIER_RELATIVEMOUSE`.
    pub fn raw_mouse(&mut self, code: u16, qualifier: u16) -> Result<(), i8> {
        let mut ev = InputEvent {
            ie_class: IECLASS_RAWMOUSE,
            ie_code: Be16::new(code),
            ie_qualifier: Be16::new(qualifier),
            ..Default::default()
        };
        self.write(&mut ev)
    }

    /// `IECLASS_RAWKEY`: `prev` is `ie_Prev1DownCode`, `ie_Prev1DownQual`,
    /// `ie_Prev2DownCode`, `ie_Prev2DownQual` (dead keys).
    pub fn raw_key(&mut self, code: u16, qualifier: u16, prev: [u8; 4]) -> Result<(), i8> {
        let mut ev = InputEvent {
            ie_class: IECLASS_RAWKEY,
            ie_code: Be16::new(code),
            ie_qualifier: Be16::new(qualifier),
            ie_position: prev,
            ..Default::default()
        };
        self.write(&mut ev)
    }
}

impl Drop for InputDevice {
    fn drop(&mut self) {
        // SAFETY: opened in open(), no request is outstanding (DoIO only).
        unsafe { sys::exec_CloseDevice(&mut *self.req as *mut IoStdReq as *mut u8) }
    }
}

/// keymap.library (V36), for `MapANSI()` with the default keymap.
pub struct Keymap {
    lib: Library,
}

/// Why `MapANSI()` gave no pairs: its result (0: the keymap cannot
/// produce the string; -1: buffer overflow; -2: internal error).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MapError(pub i32);

impl Keymap {
    /// Opens keymap.library V36. It is in the Kickstart ROM of AmigaOS
    /// 2.0+ and of AROS; a program that cannot open it may fall back to a
    /// built-in table (gadgetscope-core `input::UsKeyMap`) and must say so.
    pub fn open() -> Result<Keymap, LibraryError> {
        Ok(Keymap { lib: Library::open("keymap.library", 36)? })
    }

    /// `MapANSI(bytes, len, buffer, 8, NULL)`: the code/qualifier pairs
    /// that type `bytes` on the default keymap (dead keys first).
    pub fn map_ansi(&self, bytes: &[u8]) -> Result<Vec<(u8, u8)>, MapError> {
        const PAIRS: usize = 8;
        let mut buf = [0u8; PAIRS * 2];
        // SAFETY: bytes is readable for its length, buf writable for
        // PAIRS pairs as announced; keyMap NULL = the default keymap.
        let n = unsafe {
            sys::keymap_MapANSI(self.lib.base(), bytes.as_ptr(), bytes.len() as i32, buf.as_mut_ptr(), PAIRS as i32, 0)
        };
        if n <= 0 || n as usize > PAIRS {
            return Err(MapError(n.min(0)));
        }
        Ok(buf[..n as usize * 2].chunks(2).map(|c| (c[0], c[1])).collect())
    }
}

/// intuition `ScreenToFront(screen)`.
pub fn screen_to_front(intuition: &Library, screen: u32) {
    // SAFETY: plain library call with a screen address the walker found;
    // the caller re-resolved it just before.
    unsafe { sys::intuition_ScreenToFront(intuition.base(), screen) }
}

/// intuition `WindowToFront(window)`.
pub fn window_to_front(intuition: &Library, window: u32) {
    // SAFETY: as screen_to_front.
    unsafe { sys::intuition_WindowToFront(intuition.base(), window) }
}

/// intuition `ActivateWindow(window)`.
pub fn activate_window(intuition: &Library, window: u32) {
    // SAFETY: as screen_to_front.
    unsafe { sys::intuition_ActivateWindow(intuition.base(), window) }
}
