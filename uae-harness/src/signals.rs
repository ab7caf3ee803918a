//! Ending the emulator with the command that started it.
//!
//! FS-UAE and Xvfb run in process groups of their own ([`crate::process`]),
//! so a Ctrl-C at the terminal does not reach them, and a signal that ends
//! the command (SIGTERM from a CI timeout, SIGHUP from a closed terminal)
//! runs no `Drop`. [`install`] takes SIGINT, SIGTERM and SIGHUP with
//! signal-hook's handlers, which wake a thread of its own; that thread
//! kills every process group in the registry ([`spawn_group`] adds to it,
//! [`unregister`] takes out) and then exits with 128 + the signal's
//! number, as the default action would have been reported by a shell.
//! Handlers, not a blocked signal mask: `exec` resets a handler to the
//! default action, while a blocked mask would be inherited by every child
//! (cargo, GCC, FS-UAE, Xvfb, the host steps' scripts), which then could
//! not be ended by SIGTERM or Ctrl-C themselves.
//!
//! One exception: while a thread waits in [`wait_for_interrupt`] (`cargo
//! xtask serve`), the first SIGINT only wakes it, so that the emulator is
//! shut down in order; a second one, SIGTERM or SIGHUP end everything at
//! once.

use std::io;
use std::process::{Child, Command};
use std::sync::{Condvar, Mutex, MutexGuard, OnceLock};
use std::thread::sleep;
use std::time::{Duration, Instant};

use nix::sys::signal::{killpg, pthread_sigmask, SigSet, SigmaskHow, Signal};
use nix::unistd::Pid;
use std::os::unix::process::CommandExt;

/// A process group to end on a signal: its id and how long its members
/// get after SIGTERM before SIGKILL.
#[derive(Clone, Copy, Debug)]
struct Registered {
    pgid: u32,
    grace: Duration,
}

static GROUPS: Mutex<Vec<Registered>> = Mutex::new(Vec::new());

/// The registry, also when a thread panicked holding it.
fn groups() -> MutexGuard<'static, Vec<Registered>> {
    GROUPS.lock().unwrap_or_else(|e| e.into_inner())
}

/// Spawns `cmd` as the leader of a new process group and registers the
/// group, both under the registry's lock, so that a signal handled in
/// between cannot miss it. `grace` is how long the group gets to end
/// after SIGTERM when a signal ends this process.
pub fn spawn_group(cmd: &mut Command, grace: Duration) -> io::Result<Child> {
    let mut groups = groups();
    let child = cmd.process_group(0).spawn()?;
    groups.push(Registered { pgid: child.id(), grace });
    Ok(child)
}

/// Runs `f` with the registry locked: a signal handled meanwhile waits, so
/// `f` may reap a registered group's leader and then [`unregister`] it
/// (`unregister_locked`) without a window in which its id could be reused.
pub(crate) fn with_registry<T>(f: impl FnOnce(&mut RegistryLock) -> T) -> T {
    let mut lock = RegistryLock(groups());
    f(&mut lock)
}

/// The locked registry, handed to [`with_registry`]'s closure.
pub(crate) struct RegistryLock(MutexGuard<'static, Vec<Registered>>);

impl RegistryLock {
    /// Takes group `pgid` out of the registry.
    pub(crate) fn unregister(&mut self, pgid: u32) {
        self.0.retain(|g| g.pgid != pgid);
    }
}

/// Takes group `pgid` out of the registry: it has ended, or its owner ends
/// it itself.
pub fn unregister(pgid: u32) {
    groups().retain(|g| g.pgid != pgid);
}

/// The registered process groups' ids.
pub fn registered() -> Vec<u32> {
    groups().iter().map(|g| g.pgid).collect()
}

/// What [`wait_for_interrupt`]'s callers and the signal thread share.
struct Interrupt {
    /// Threads in [`wait_for_interrupt`].
    waiting: usize,
    /// A SIGINT was handed to them.
    taken: bool,
}

static INTERRUPT: (Mutex<Interrupt>, Condvar) = (Mutex::new(Interrupt { waiting: 0, taken: false }), Condvar::new());
static INSTALLED: OnceLock<()> = OnceLock::new();

/// The signals that end a command: Ctrl-C, a closed terminal, `kill`.
const ENDING: [Signal; 3] = [Signal::SIGINT, Signal::SIGTERM, Signal::SIGHUP];

/// Takes SIGINT, SIGTERM and SIGHUP from now on (signal-hook handlers)
/// and starts the thread that acts on them. Call it first thing in
/// `main`, before other threads start (each thread keeps the mask it
/// started with). Children keep the default actions (`exec` resets
/// handlers).
/// Calling it again does nothing.
pub fn install() -> Result<(), String> {
    if INSTALLED.get().is_some() {
        return Ok(());
    }
    let signals = signal_hook::iterator::Signals::new(ENDING.map(|s| s as i32))
        .map_err(|e| format!("taking SIGINT, SIGTERM and SIGHUP: {e}"))?;
    // A parent may have blocked them (a blocked mask is inherited): then
    // no handler would ever run, and no child could be ended by them.
    let mut set = SigSet::empty();
    for s in ENDING {
        set.add(s);
    }
    pthread_sigmask(SigmaskHow::SIG_UNBLOCK, Some(&set), None).map_err(|e| format!("unblocking signals: {e}"))?;
    std::thread::Builder::new()
        .name("signals".into())
        .spawn(move || take_signals(signals))
        .map_err(|e| format!("starting the signal thread: {e}"))?;
    let _ = INSTALLED.set(());
    Ok(())
}

fn take_signals(mut signals: signal_hook::iterator::Signals) {
    for raw in signals.forever() {
        let Ok(sig) = Signal::try_from(raw) else { continue };
        if sig == Signal::SIGINT && hand_interrupt() {
            continue;
        }
        // Held until exit: nothing spawns or reaps a group meanwhile.
        let mut groups = groups();
        if !groups.is_empty() {
            eprintln!("xtask: {sig}: ending the emulator's processes (process groups {:?})", pgids(&groups));
        }
        end_groups(&groups);
        groups.clear();
        std::process::exit(128 + sig as i32);
    }
}

fn pgids(groups: &[Registered]) -> Vec<u32> {
    groups.iter().map(|g| g.pgid).collect()
}

/// Hands a SIGINT to the threads in [`wait_for_interrupt`], the first one
/// only; whether there was someone to take it.
fn hand_interrupt() -> bool {
    let (state, woken) = &INTERRUPT;
    let mut s = state.lock().unwrap_or_else(|e| e.into_inner());
    if s.waiting == 0 || s.taken {
        return false;
    }
    s.taken = true;
    woken.notify_all();
    eprintln!("xtask: Ctrl-C: stopping in order (Ctrl-C again ends the emulator at once)");
    true
}

/// Waits for Ctrl-C (SIGINT), which [`install`]'s thread then hands here
/// instead of ending the process. Error: [`install`] was not called, so
/// no signal would ever come here.
pub fn wait_for_interrupt() -> Result<(), String> {
    wait_for_interrupt_or(|| false, Duration::from_secs(3600)).map(|_| ())
}

/// [`wait_for_interrupt`], or until `done()` holds, asked every `poll`:
/// `true` for Ctrl-C, `false` for `done`. Ctrl-C comes here for the whole
/// wait, also while `done` runs.
pub fn wait_for_interrupt_or(mut done: impl FnMut() -> bool, poll: Duration) -> Result<bool, String> {
    if INSTALLED.get().is_none() {
        return Err("signals::install() was not called: Ctrl-C would not come here".into());
    }
    let (state, woken) = &INTERRUPT;
    let mut s = state.lock().unwrap_or_else(|e| e.into_inner());
    s.waiting += 1;
    let interrupted = loop {
        if s.taken {
            break true;
        }
        drop(s);
        let finished = done();
        s = state.lock().unwrap_or_else(|e| e.into_inner());
        if finished && !s.taken {
            break false;
        }
        if !s.taken {
            s = woken.wait_timeout(s, poll).unwrap_or_else(|e| e.into_inner()).0;
        }
    };
    s.waiting -= 1;
    Ok(interrupted)
}

/// SIGTERM to every group, then SIGKILL to those with a live member
/// after their grace.
fn end_groups(groups: &[Registered]) {
    for g in groups {
        let _ = killpg(Pid::from_raw(g.pgid as i32), Signal::SIGTERM);
    }
    let t0 = Instant::now();
    let mut left: Vec<Registered> = groups.to_vec();
    while !left.is_empty() {
        left.retain(|g| {
            let alive = !live_members(g.pgid).is_empty();
            if alive && t0.elapsed() >= g.grace {
                let _ = killpg(Pid::from_raw(g.pgid as i32), Signal::SIGKILL);
                return false;
            }
            alive
        });
        sleep(Duration::from_millis(20));
    }
}

/// The processes of group `pgid` that are still running (zombies, which
/// have ended and wait to be reaped, left out), read from `/proc`.
pub fn live_members(pgid: u32) -> Vec<u32> {
    let Ok(dir) = std::fs::read_dir("/proc") else { return Vec::new() };
    dir.flatten()
        .filter_map(|e| e.file_name().to_str()?.parse::<u32>().ok())
        .filter(|pid| {
            let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else { return false };
            // `pid (comm) state ppid pgrp ...`; comm may hold anything.
            let Some((_, rest)) = stat.rsplit_once(')') else { return false };
            let mut f = rest.split_whitespace();
            let state = f.next();
            let group = f.nth(1).and_then(|g| g.parse::<u32>().ok());
            group == Some(pgid) && state != Some("Z") && state != Some("X")
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn live_members_sees_a_group_until_it_ends() {
        let mut child = spawn_group(Command::new("sleep").arg("30"), Duration::from_secs(1)).unwrap();
        let pgid = child.id();
        assert_eq!(live_members(pgid), [pgid]);
        assert!(registered().contains(&pgid));
        let _ = killpg(Pid::from_raw(pgid as i32), Signal::SIGKILL);
        // Ended but not reaped: a zombie, no longer a live member.
        let t0 = Instant::now();
        while !live_members(pgid).is_empty() && t0.elapsed() < Duration::from_secs(5) {
            sleep(Duration::from_millis(10));
        }
        assert!(live_members(pgid).is_empty());
        child.wait().unwrap();
        unregister(pgid);
        assert!(!registered().contains(&pgid));
    }
}
