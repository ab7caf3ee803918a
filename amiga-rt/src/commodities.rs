//! commodities.library: a commodity broker so that Exchange can show,
//! hide, enable, disable and quit GadgetScope, and a hotkey (`CX_POPKEY`)
//! that pops it up (libraries/commodities.h, commodities.library autodoc).
//!
//! The object tree: `CxBroker(NewBroker)` ← `CxFilter(popkey)` with a
//! `CxSender(port, POPKEY_ID)` and a `CxTranslate(NULL)` attached (the
//! C macros `CxFilter`/`CxSender`/`CxTranslate` are `CreateCxObj()` with
//! `CX_FILTER`/`CX_SEND`/`CX_TRANSLATE`; the translator with NULL
//! swallows the key press). Every message arriving at the broker's port is
//! a `CxMsg`: `CXM_IEVENT` from the sender (the hotkey), `CXM_COMMAND`
//! from Exchange or from a second start of the same broker name
//! (`NBU_UNIQUE|NBU_NOTIFY` → `CXCMD_UNIQUE`).
//!
//! The decoding of (type, ID) into a [`CxEvent`] is pure ([`decode`]) and
//! host-tested; the library side ([`Broker`]) exists on wasm32 only.
#[cfg(target_arch = "wasm32")]
use crate::be::{Be16, Be32};
#[cfg(target_arch = "wasm32")]
use crate::exec::MsgPort;
#[cfg(target_arch = "wasm32")]
use crate::library::Library;
#[cfg(target_arch = "wasm32")]
use crate::{mem, sys};
#[cfg(target_arch = "wasm32")]
use alloc::vec::Vec;
use amiga_ndk::commodities::*;

/// The `CxSender` ID of the popup hotkey.
pub const POPKEY_ID: i32 = 1;

/// What a commodity message asks of the program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CxEvent {
    /// The hotkey was pressed, or a second start of the program asked the
    /// running one to come forward (`CXCMD_UNIQUE`): open the window.
    Popup,
    /// Exchange "Show" (`CXCMD_APPEAR`).
    Appear,
    /// Exchange "Hide" (`CXCMD_DISAPPEAR`).
    Disappear,
    /// Exchange "Active" on (`CXCMD_ENABLE`); the broker is already
    /// re-activated when this is reported.
    Enable,
    /// Exchange "Active" off (`CXCMD_DISABLE`); the broker (and with it
    /// the hotkey) is already deactivated.
    Disable,
    /// Exchange "Remove" (`CXCMD_KILL`): quit as the window's Quit does.
    Kill,
}

/// Decodes a `CxMsg` from its `CxMsgType()` and `CxMsgID()`; `None` for
/// what GadgetScope does not act on (another sender's events,
/// `CXCMD_LIST_CHG`, unknown commands).
pub fn decode(msg_type: u32, id: i32) -> Option<CxEvent> {
    match (msg_type, id) {
        (CXM_IEVENT, POPKEY_ID) => Some(CxEvent::Popup),
        (CXM_COMMAND, CXCMD_DISABLE) => Some(CxEvent::Disable),
        (CXM_COMMAND, CXCMD_ENABLE) => Some(CxEvent::Enable),
        (CXM_COMMAND, CXCMD_APPEAR) => Some(CxEvent::Appear),
        (CXM_COMMAND, CXCMD_DISAPPEAR) => Some(CxEvent::Disappear),
        (CXM_COMMAND, CXCMD_KILL) => Some(CxEvent::Kill),
        (CXM_COMMAND, CXCMD_UNIQUE) => Some(CxEvent::Popup),
        _ => None,
    }
}

/// Why there is no broker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CxError {
    /// commodities.library (V37) cannot be opened: run without a broker.
    NoLibrary,
    /// A broker of this name already runs (`CBERR_DUP`); it was told
    /// (`CXCMD_UNIQUE`).
    Duplicate,
    /// No memory (`CBERR_SYSERR`).
    System,
    /// commodities.library does not know this `NewBroker` version.
    Version,
    /// Another `CxBroker()` error code.
    Other(i32),
}

impl CxError {
    /// From `CxBroker()`'s error code.
    pub fn from_code(code: i32) -> CxError {
        match code {
            CBERR_DUP => CxError::Duplicate,
            CBERR_SYSERR => CxError::System,
            CBERR_VERSION => CxError::Version,
            c => CxError::Other(c),
        }
    }
}

impl core::fmt::Display for CxError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            CxError::NoLibrary => f.write_str("commodities.library cannot be opened"),
            CxError::Duplicate => f.write_str("a commodity of this name is already running"),
            CxError::System => f.write_str("no memory for the commodity"),
            CxError::Version => f.write_str("commodities.library is too old"),
            CxError::Other(c) => write!(f, "the commodity cannot be created (error {c})"),
        }
    }
}

/// A text cut to `max - 1` bytes and NUL-terminated (the `CBD_*LEN`
/// buffers Exchange copies into).
pub fn cut_nul(text: &[u8], max: usize) -> alloc::vec::Vec<u8> {
    let mut v: alloc::vec::Vec<u8> = text.iter().copied().take_while(|&b| b != 0).take(max.saturating_sub(1)).collect();
    v.push(0);
    v
}

/// A sentence for a `CxObjError()` of the hotkey filter.
pub fn hotkey_error_text(popkey: &[u8], err: i32) -> alloc::string::String {
    let shown: alloc::string::String = popkey.iter().map(|&b| b as char).collect();
    if err & COERR_BADFILTER != 0 {
        alloc::format!("CX_POPKEY \"{shown}\" is not a valid key description; the commodity runs without a hotkey")
    } else {
        alloc::format!("the CX_POPKEY hotkey \"{shown}\" cannot be set up (error {err}); the commodity runs without it")
    }
}

/// `struct NewBroker` (libraries/commodities.h, 26 bytes).
#[cfg(target_arch = "wasm32")]
#[repr(C, packed(2))]
struct NewBroker {
    nb_version: u8,
    nb_reserve1: u8,
    nb_name: Be32,
    nb_title: Be32,
    nb_descr: Be32,
    nb_unique: Be16,
    nb_flags: Be16,
    nb_pri: i8,
    nb_reserve2: u8,
    nb_port: Be32,
    nb_reserved_channel: Be16,
}

#[cfg(target_arch = "wasm32")]
const _: () = assert!(core::mem::size_of::<NewBroker>() == 26);

/// A registered, active broker with its message port. Dropping it deletes
/// the whole object tree (`DeleteCxObjAll`), replies every `CxMsg` still
/// at the port, then deletes the port.
#[cfg(target_arch = "wasm32")]
pub struct Broker {
    lib: Library,
    broker: u32,
    port: MsgPort,
    hotkey_error: Option<i32>,
    /// The texts the NewBroker pointed at (commodities.library copies them;
    /// kept anyway for the broker's life).
    _texts: [Vec<u8>; 4],
}

#[cfg(target_arch = "wasm32")]
impl Broker {
    /// Opens commodities.library (V37), registers the broker `name`
    /// (unique, notify, show/hide) on `port`, which it keeps, adds the
    /// `popkey` hotkey and activates it. A bad popkey is no error: the broker runs
    /// without the hotkey and [`Broker::hotkey_error`] says why.
    pub fn new(
        name: &[u8],
        title: &[u8],
        descr: &[u8],
        popkey: &[u8],
        priority: i8,
        port: MsgPort,
    ) -> Result<Broker, CxError> {
        let lib = Library::open("commodities.library", 37).map_err(|_| CxError::NoLibrary)?;
        let texts = [
            cut_nul(name, CBD_NAMELEN),
            cut_nul(title, CBD_TITLELEN),
            cut_nul(descr, CBD_DESCRLEN),
            cut_nul(popkey, 256),
        ];
        let nb = NewBroker {
            nb_version: NB_VERSION,
            nb_reserve1: 0,
            nb_name: Be32::new(mem::abs(texts[0].as_ptr())),
            nb_title: Be32::new(mem::abs(texts[1].as_ptr())),
            nb_descr: Be32::new(mem::abs(texts[2].as_ptr())),
            nb_unique: Be16::new(NBU_UNIQUE | NBU_NOTIFY),
            nb_flags: Be16::new(COF_SHOW_HIDE),
            nb_pri: priority,
            nb_reserve2: 0,
            nb_port: Be32::new(port.addr()),
            nb_reserved_channel: Be16::new(0),
        };
        let mut error = Be32::new(0);
        let error_addr = mem::abs(&mut error as *mut Be32 as *const Be32);
        // SAFETY: nb and the texts it points at live in linear memory
        // across the call; `error` is a LONG the library writes (its
        // absolute address, derived from a mutable borrow).
        let broker = unsafe { sys::commodities_CxBroker(lib.base(), &nb as *const NewBroker as *const u8, error_addr) };
        if broker == 0 {
            let code = error.get() as i32;
            return Err(CxError::from_code(if code == CBERR_OK { CBERR_SYSERR } else { code }));
        }
        let mut b = Broker { lib, broker, port, hotkey_error: None, _texts: texts };
        b.hotkey_error = b.add_hotkey();
        b.activate(true);
        Ok(b)
    }

    /// Builds filter → sender + translate and attaches it to the broker
    /// when the filter reports no error; else the error bits.
    fn add_hotkey(&self) -> Option<i32> {
        let base = self.lib.base();
        let key = &self._texts[3];
        if key.len() <= 1 {
            return Some(COERR_BADFILTER);
        }
        // SAFETY: CreateCxObj copies/parses the NUL-terminated description.
        let filter = unsafe { sys::commodities_CreateCxObj(base, CX_FILTER, mem::abs(key.as_ptr()), 0) };
        if filter == 0 {
            return Some(COERR_ISNULL);
        }
        // SAFETY: the port is the broker's, deleted after it (Drop).
        let sender = unsafe { sys::commodities_CreateCxObj(base, CX_SEND, self.port.addr(), POPKEY_ID as u32) };
        // SAFETY: NULL input event: the translator swallows the event.
        let translate = unsafe { sys::commodities_CreateCxObj(base, CX_TRANSLATE, 0, 0) };
        // SAFETY: filter is ours; a NULL sender/translate only sets
        // COERR_NULLATTACH in the filter (commodities.library autodoc).
        let err = unsafe {
            sys::commodities_AttachCxObj(base, filter, sender);
            sys::commodities_AttachCxObj(base, filter, translate);
            sys::commodities_CxObjError(base, filter)
        };
        if err != 0 {
            // SAFETY: not attached to the broker yet: deleted with its children.
            unsafe { sys::commodities_DeleteCxObjAll(base, filter) };
            return Some(err);
        }
        // SAFETY: both objects are ours; the broker now owns the filter.
        unsafe { sys::commodities_AttachCxObj(base, self.broker, filter) };
        None
    }

    /// `ActivateCxObj(broker, on)`.
    fn activate(&self, on: bool) {
        // SAFETY: the broker is alive.
        unsafe { sys::commodities_ActivateCxObj(self.lib.base(), self.broker, i32::from(on)) };
    }

    /// The hotkey's `CxObjError()` bits when it could not be installed.
    pub fn hotkey_error(&self) -> Option<i32> {
        self.hotkey_error
    }

    /// The signal the broker's port raises, for `Wait()`.
    pub fn signal_mask(&self) -> u32 {
        self.port.signal_mask()
    }

    /// Decodes one `CxMsg` taken from the broker's port and replies it.
    /// Enable/Disable (de)activate the broker before they are reported.
    pub fn handle(&self, msg: u32) -> Option<CxEvent> {
        let base = self.lib.base();
        // SAFETY: msg is a CxMsg from our port, not yet replied.
        let (t, id) = unsafe { (sys::commodities_CxMsgType(base, msg), sys::commodities_CxMsgID(base, msg)) };
        crate::exec::reply_msg(msg);
        let e = decode(t, id);
        match e {
            Some(CxEvent::Enable) => self.activate(true),
            Some(CxEvent::Disable) => self.activate(false),
            _ => {}
        }
        e
    }

    /// Every message waiting at the port, decoded and replied.
    pub fn events(&self) -> Vec<CxEvent> {
        let mut out = Vec::new();
        while let Some(m) = self.port.get() {
            if let Some(e) = self.handle(m) {
                out.push(e);
            }
        }
        out
    }
}

#[cfg(target_arch = "wasm32")]
impl Drop for Broker {
    fn drop(&mut self) {
        // SAFETY: the broker and everything attached to it are ours,
        // deleted once; no new CxMsgs arrive afterwards.
        unsafe { sys::commodities_DeleteCxObjAll(self.lib.base(), self.broker) };
        while let Some(m) = self.port.get() {
            crate::exec::reply_msg(m);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hotkey_and_commands_decode() {
        assert_eq!(decode(CXM_IEVENT, POPKEY_ID), Some(CxEvent::Popup));
        assert_eq!(decode(CXM_IEVENT, 7), None);
        assert_eq!(decode(CXM_COMMAND, CXCMD_APPEAR), Some(CxEvent::Appear));
        assert_eq!(decode(CXM_COMMAND, CXCMD_DISAPPEAR), Some(CxEvent::Disappear));
        assert_eq!(decode(CXM_COMMAND, CXCMD_ENABLE), Some(CxEvent::Enable));
        assert_eq!(decode(CXM_COMMAND, CXCMD_DISABLE), Some(CxEvent::Disable));
        assert_eq!(decode(CXM_COMMAND, CXCMD_KILL), Some(CxEvent::Kill));
        assert_eq!(decode(CXM_COMMAND, CXCMD_UNIQUE), Some(CxEvent::Popup));
        assert_eq!(decode(CXM_COMMAND, CXCMD_LIST_CHG), None);
        assert_eq!(decode(CXM_COMMAND, 99), None);
        // A command ID never counts as the hotkey and vice versa.
        assert_eq!(decode(CXM_IEVENT, CXCMD_KILL), None);
        assert_eq!(decode(0, POPKEY_ID), None);
    }

    #[test]
    fn header_values() {
        // libraries/commodities.h (NDK 3.x; the AROS header agrees).
        assert_eq!((NB_VERSION, NBU_UNIQUE | NBU_NOTIFY, COF_SHOW_HIDE), (5, 3, 4));
        assert_eq!((CX_FILTER, CX_SEND, CX_TRANSLATE), (1, 3, 5));
        assert_eq!((CXM_IEVENT, CXM_COMMAND), (0x20, 0x40));
        assert_eq!((CBD_NAMELEN, CBD_TITLELEN, CBD_DESCRLEN), (24, 40, 40));
    }

    #[test]
    fn broker_texts_fit_exchange() {
        assert_eq!(cut_nul(b"GadgetScope", CBD_NAMELEN), b"GadgetScope\0");
        let d = cut_nul(b"Inspects and drives the GUI of running programs", CBD_DESCRLEN);
        assert_eq!(d.len(), CBD_DESCRLEN);
        assert_eq!(&d[..], b"Inspects and drives the GUI of running \0");
        assert_eq!(cut_nul(b"Inspects and drives the GUI of programs", CBD_DESCRLEN).len(), 40);
        assert_eq!(cut_nul(b"", 8), b"\0");
    }

    #[test]
    fn errors_are_sentences() {
        assert_eq!(CxError::from_code(CBERR_DUP), CxError::Duplicate);
        assert_eq!(CxError::from_code(9), CxError::Other(9));
        assert!(
            hotkey_error_text(b"ctrl frob", COERR_BADFILTER).contains("\"ctrl frob\" is not a valid key description")
        );
    }
}
