//! FS-UAE's lost EXTER requests, and the harness's mend (docs/design/harness-notes.md
//! "Lost wakeups").
//!
//! FS-UAE's host threads (the bsdsocket.library emulation's, one per
//! opener) hand exec calls to the Amiga through a queue,
//! `native2amiga_pending`: `uae_Signal()` queues the call, then sets bit 0
//! of `uae_int_requested`, and the emulator raises the PORTS interrupt
//! whose server (`exter_int_helper`) takes the queue. That `|= 1` is a
//! plain load, or, store, and the emulator's own thread rewrites the same
//! word with plain loads and stores on every INTREQ write
//! (`devices_rethink`: `sndboard_rethink` clears 0x200, `pci_rethink`
//! 0x110). When those overlap, the emulator stores back the word it read
//! before the bit was set: the request is gone, the call stays queued,
//! and the task waits for the library's signal for good. Seen in
//! `wire-hostile`: GadgetScope waiting in a bsdsocket call, the library's
//! thread idle, the queue holding `Signal(GadgetScope, 1<<20)` with bit 0
//! clear; setting the bit from outside delivered it and GadgetScope went
//! on.
//!
//! [`Mend`] watches that word and that queue from outside (the process's
//! memory, as [`crate::hostdump`] reads it) and sets the bit again when a
//! queued call has waited without it for a whole poll; each time is
//! logged. The addresses are those of the Debian/Ubuntu `fs-uae`
//! 3.1.66-2 build (a non-PIE executable), checked against the code that
//! uses them before anything is written: another build is left alone and
//! the run says so.
use std::fs::{File, OpenOptions};
use std::os::unix::fs::FileExt;

/// `uae_int_requested` (autoconf.cpp), a 32-bit int.
const INT_REQUESTED: u64 = 0x00f9_ceac;
/// `native2amiga_pending.rdp`; `wrp` follows (commpipe.h `smp_comm_pipe`).
const PIPE_RDP: u64 = 0x046b_f028;
/// Code that names both: `exter_int_helper` case 0 loads
/// `uae_int_requested` at 0x4b7ee2 (`mov 0xae4fc4(%rip),%eax`), case 2
/// compares `rdp` and `wrp` at 0x4b7e30.
const CODE_CHECKS: [(u64, &[u8]); 2] = [
    (0x004b_7ee2, &[0x8b, 0x05, 0xc4, 0x4f, 0xae, 0x00]),
    (0x004b_7e30, &[0x8b, 0x05, 0xf2, 0x71, 0x20, 0x04, 0x8b, 0x15, 0xf0, 0x71, 0x20, 0x04]),
];

/// What one look at the emulator found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Look {
    /// `uae_int_requested`.
    pub requested: u32,
    /// The queue's read and write indexes.
    pub rdp: i32,
    /// See `rdp`.
    pub wrp: i32,
}

impl Look {
    /// Calls wait in the queue and no interrupt is asked for.
    fn unrequested(&self) -> bool {
        self.rdp != self.wrp && self.requested & 1 == 0
    }
}

/// Whether the request was lost: the same calls queued without the bit at
/// two looks a poll apart (the emulator takes a requested queue within a
/// scan line; between its clearing of the bit and its reading of the
/// queue the state is seen at one look at most, with the queue moving).
pub fn lost(before: Option<Look>, now: Look) -> bool {
    now.unrequested() && before.is_some_and(|b| b.unrequested() && (b.rdp, b.wrp) == (now.rdp, now.wrp))
}

/// How long after the start the code check may wait for the executable
/// to be mapped: checked at once after the spawn, it failed in 2 of the
/// first 4 runs on a loaded host (the spawn returns once the exec has
/// begun, evidently before the program is mapped), so it is checked at
/// each poll until it passes or this much time has gone.
const MAP_WAIT: std::time::Duration = std::time::Duration::from_secs(5);

/// The mend for one FS-UAE process.
pub struct Mend {
    mem: File,
    /// The code check passed; `Err`: why the mend is off.
    known: Option<Result<(), String>>,
    before: Option<Look>,
    /// One line per mend: when, and what was queued.
    pub log: Vec<String>,
}

impl Mend {
    /// Opens `pid`'s memory; the first polls check that it is the known
    /// build. Err: why the mend is off.
    pub fn attach(pid: u32) -> Result<Mend, String> {
        let mem = OpenOptions::new()
            .read(true)
            .write(true)
            .open(format!("/proc/{pid}/mem"))
            .map_err(|e| format!("/proc/{pid}/mem: {e}"))?;
        Ok(Mend { mem, known: None, before: None, log: Vec::new() })
    }

    /// The times the request was set again ([`Mend::log`]), or why the
    /// mend is off.
    pub fn outcome(&self) -> Result<Vec<String>, String> {
        match &self.known {
            Some(Err(e)) => Err(e.clone()),
            None => Err("the FS-UAE executable was never seen mapped".into()),
            Some(Ok(())) => Ok(self.log.clone()),
        }
    }

    /// The code that names the two addresses, or why not.
    fn check_code(&self) -> Result<(), String> {
        for (at, want) in CODE_CHECKS {
            let mut got = vec![0u8; want.len()];
            self.mem.read_exact_at(&mut got, at).map_err(|e| format!("code at {at:#x}: {e}"))?;
            if got != want {
                return Err(format!("not the FS-UAE 3.1.66-2 build it knows (code at {at:#x})"));
            }
        }
        Ok(())
    }

    fn look(&self) -> Option<Look> {
        let (mut r, mut p) = ([0u8; 4], [0u8; 8]);
        self.mem.read_exact_at(&mut r, INT_REQUESTED).ok()?;
        self.mem.read_exact_at(&mut p, PIPE_RDP).ok()?;
        Some(Look {
            requested: u32::from_le_bytes(r),
            rdp: i32::from_le_bytes([p[0], p[1], p[2], p[3]]),
            wrp: i32::from_le_bytes([p[4], p[5], p[6], p[7]]),
        })
    }

    /// One poll (the run loop's, every 10 ms): sets bit 0 again when the
    /// request was [`lost`]. `at`: the run's time since the start.
    pub fn poll(&mut self, at: std::time::Duration) {
        match &self.known {
            Some(Ok(())) => {}
            Some(Err(_)) => return,
            None => match self.check_code() {
                Ok(()) => self.known = Some(Ok(())),
                Err(e) if at >= MAP_WAIT => {
                    self.known = Some(Err(e));
                    return;
                }
                Err(_) => return,
            },
        }
        let Some(now) = self.look() else { return };
        if lost(self.before, now) {
            // A spurious request is harmless (the server finds nothing);
            // the other bits are the boards this machine does not have.
            let _ = self.mem.write_all_at(&(now.requested | 1).to_le_bytes(), INT_REQUESTED);
            self.log.push(format!(
                "at {:.3} s ({} queue entries waiting, uae_int_requested {:#x})",
                at.as_secs_f64(),
                (now.wrp - now.rdp).rem_euclid(100),
                now.requested
            ));
            self.before = None;
        } else {
            self.before = Some(now);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn look(requested: u32, rdp: i32, wrp: i32) -> Look {
        Look { requested, rdp, wrp }
    }

    #[test]
    fn a_request_is_lost_only_when_the_same_calls_wait_without_it_twice() {
        let stuck = look(0, 23, 26);
        assert!(lost(Some(stuck), stuck));
        assert!(!lost(None, stuck), "one look is the emulator between clearing the bit and reading the queue");
        assert!(!lost(Some(look(0, 20, 23)), stuck), "the queue moved");
        assert!(!lost(Some(look(1, 23, 26)), stuck), "it was requested a poll ago");
        assert!(!lost(Some(stuck), look(1, 23, 26)), "requested now");
        assert!(!lost(Some(look(0, 26, 26)), look(0, 26, 26)), "nothing queued");
        assert!(lost(Some(look(0x200, 99, 2)), look(0x200, 99, 2)), "other bits, a queue that wrapped");
    }
}
