//! What the event loop asks of a carrier of the wire: a TCP listener with
//! its clients (`crate::tcp`, Amiga only) or a serial line
//! ([`crate::serial`]). A carrier moves bytes between its device and its
//! connections' [`Conn`]s ([`crate::conn`]); the loop hands the [`Work`]
//! they yield to the command language and its replies back, without
//! knowing which carrier it talks to.
#[cfg(doc)]
use crate::conn::Conn;
use crate::conn::Work;
use alloc::vec::Vec;
use gadgetscope_arexx::{FsPut, Reply};

/// A carrier of the wire, as the event loop drives it. Connection numbers
/// (`id`) are the carrier's own; an `id` the carrier does not know (a
/// connection that went away) is ignored.
pub trait Carrier {
    /// Sleeps until the carrier's device is ready or one of the exec
    /// `signals` arrives and returns the signals that came (as exec
    /// `Wait()`), for a carrier whose device cannot signal (bsdsocket's
    /// `WaitSelect()`); `None`: this carrier does not sleep for the loop,
    /// its device signals through [`Carrier::signal_mask`]. Default `None`.
    fn wait(&mut self, signals: u32) -> Option<u32> {
        let _ = signals;
        None
    }
    /// The exec signals the carrier's device sets (0: none).
    fn signal_mask(&self) -> u32;
    /// Takes what the device has and gives what the connections ask next.
    /// Call on every round of the loop and again after the replies are
    /// delivered (pipelined requests), until it gives nothing.
    fn pump(&mut self) -> Vec<Work>;
    /// The connections closed since the last call: nobody is owed their
    /// replies any more (their held waits are released).
    fn take_gone(&mut self) -> Vec<u32>;
    /// Queues the command language's reply for connection `id` (its text
    /// as it is, not copied).
    fn deliver(&mut self, id: u32, reply: Reply);
    /// Takes connection `id`'s `FSPUT` payload (the command the command
    /// language accepted); its bytes arrive as [`Work::UploadDone`].
    fn accept_upload(&mut self, id: u32, put: FsPut);
    /// Refuses connection `id`'s `FSPUT` with `reply`: its payload is read
    /// and dropped, then the reply goes.
    fn refuse_upload(&mut self, id: u32, reply: &Reply);
    /// Whether an accepted `FSPUT` is still arriving (one at a time over
    /// all carriers, so that at most `FS_DATA_MAX` bytes of the heap go to
    /// uploads).
    fn uploading(&self) -> bool;
    /// Whether a session runs a timeout (the loop's timer must tick).
    fn needs_ticks(&self) -> bool;
    /// One timer tick (100 ms) for every session's timeouts.
    fn tick(&mut self);
    /// GadgetScope ends: what is still queued goes out if the device can
    /// take it now (the last reply, QUIT's).
    fn finish(&mut self) {}
}
