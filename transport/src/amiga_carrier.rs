//! The carriers GadgetScope runs on the Amiga as one type, [`AmigaCarrier`],
//! which the event loop keeps in one list (Amiga only).
use crate::carrier::Carrier;
use crate::conn::Work;
use crate::serial::SerialWire;
use crate::tcp::TcpWire;
use alloc::vec::Vec;
use gadgetscope_arexx::{FsPut, Reply};

/// The carriers GadgetScope runs on the Amiga, as one type: the event
/// loop's calls are then resolved when it is built and the carriers'
/// code inlined where it is called once (a `Box<dyn Carrier>` cost
/// 6 KB of code; docs/design/performance.md "Code size levers measured").
pub enum AmigaCarrier {
    /// The TCP listener and its clients.
    Tcp(TcpWire),
    /// The serial line.
    Serial(SerialWire<amiga_rt::serial::Serial>),
}

macro_rules! each {
    ($self:ident, $c:ident => $e:expr) => {
        match $self {
            AmigaCarrier::Tcp($c) => $e,
            AmigaCarrier::Serial($c) => $e,
        }
    };
}

impl Carrier for AmigaCarrier {
    fn wait(&mut self, signals: u32) -> Option<u32> {
        each!(self, c => c.wait(signals))
    }
    fn signal_mask(&self) -> u32 {
        each!(self, c => c.signal_mask())
    }
    fn pump(&mut self) -> Vec<Work> {
        each!(self, c => c.pump())
    }
    fn take_gone(&mut self) -> Vec<u32> {
        each!(self, c => c.take_gone())
    }
    fn deliver(&mut self, id: u32, reply: Reply) {
        each!(self, c => c.deliver(id, reply))
    }
    fn accept_upload(&mut self, id: u32, put: FsPut) {
        each!(self, c => c.accept_upload(id, put))
    }
    fn refuse_upload(&mut self, id: u32, reply: &Reply) {
        each!(self, c => c.refuse_upload(id, reply))
    }
    fn uploading(&self) -> bool {
        each!(self, c => c.uploading())
    }
    fn needs_ticks(&self) -> bool {
        each!(self, c => c.needs_ticks())
    }
    fn tick(&mut self) {
        each!(self, c => c.tick())
    }
    fn finish(&mut self) {
        each!(self, c => c.finish())
    }
}
