//! ARexx: rexxsyslib.library argstrings and `RexxMsg`s, public message
//! ports, for ARexx hosts (GadgetScope's port) and senders (the RexxSend
//! test fixture, GadgetScope's WHERE/MUIREXX clients).
//!
//! Facts from the NDK 3.x: `rexx/storage.h` (structures, action codes),
//! `rexx/rxslib.h` (`RXSNAME`), `fd/rexxsyslib_lib.fd` (LVOs, in
//! `amiga-rt/os-functions.toml`) and the rexxsyslib autodocs:
//!
//! - an *argstring* points at the bytes of a `struct RexxArg` (NUL
//!   terminated, at most 65535 bytes); its header (`ra_Size` LONG,
//!   `ra_Length` UWORD, `ra_Flags`, `ra_Hash`) precedes it by 8 bytes, and
//!   `LengthArgstring()` reads `ra_Length` (the text may hold NULs);
//! - a `struct RexxMsg` is 128 bytes: a `struct Message`, then
//!   `rm_TaskBlock`, `rm_LibBase`, `rm_Action`, `rm_Result1` (the RC),
//!   `rm_Result2` (an argstring when RC is 0 and `RXFF_RESULT` was set),
//!   `rm_Args[16]`, `rm_PassPort`, `rm_CommAddr`, `rm_FileExt`, `rm_Stdin`,
//!   `rm_Stdout`, `rm_avail` ([`rexxmsg`] has every offset);
//! - a command is `(rm_Action & RXCODEMASK) == RXCOMM`, its text is ARG0.
//!
//! The pure parts (constants, offsets, the reply rule, port names) build
//! on the host and are tested there; the OS parts exist on wasm32 only.
//! Every OS structure is read with peeks and written with exec
//! `CopyMem()` from linear memory: Rust never dereferences an OS pointer.
use alloc::vec::Vec;
#[cfg(target_arch = "wasm32")]
use amiga_ndk::exec::*;
use amiga_ndk::rexx::*;

/// The version this crate opens (V36: the argstring/RexxMsg functions are
/// V33+, 2.04 ships 36).
pub const RXS_VERSION: u32 = 36;

/// Offset of argument slot `i` (0..=15) of a `struct RexxMsg`: `rm_Args + 4 * i`.
pub const fn arg_slot(i: usize) -> u32 {
    (rm_Args + 4 * i) as u32
}

/// Is this `rm_Action` a command (`RXCOMM`, any modifiers)?
pub fn is_command(action: u32) -> bool {
    action & RXCODEMASK == RXCOMM
}

/// Did the sender ask for a result string (`RXFF_RESULT`)?
pub fn wants_result(action: u32) -> bool {
    action & RXFF_RESULT != 0
}

/// The ARexx reply rule (docs/reference/commands.md, "The port"): a result
/// string goes into `rm_Result2` only when RC is 0, the sender set
/// `RXFF_RESULT` and the result is not empty; otherwise `rm_Result2` stays 0.
pub fn carries_result(rc: i32, action: u32, result: &[u8]) -> bool {
    rc == RC_OK && wants_result(action) && !result.is_empty()
}

/// The numbers a numbered public port may take: `<BASE>.1` .. `<BASE>.99`.
pub const PORT_NUMBERS: core::ops::RangeInclusive<u32> = 1..=99;

/// The longest port name this crate creates (a practical bound; exec has
/// none). `<BASE>` of a numbered port may be 3 bytes shorter.
pub const MAX_PORT_NAME: usize = 255;

/// Why a public port or a send could not be made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PortError {
    /// The name is empty, too long or holds a NUL.
    BadName,
    /// A public port of that name exists.
    Taken,
    /// `<BASE>.1` .. `<BASE>.99` all exist.
    AllTaken,
    /// No public port of that name (a send).
    NoPort,
    /// CreateMsgPort() failed (no free signal or memory).
    NoMemory,
}

impl core::fmt::Display for PortError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            PortError::BadName => "bad port name",
            PortError::Taken => "a port of that name exists",
            PortError::AllTaken => "ports .1 to .99 are all taken",
            PortError::NoPort => "no such port",
            PortError::NoMemory => "no memory or signal for a port",
        })
    }
}

/// Checks a port name: 1..=255 bytes, no NUL.
pub fn check_port_name(name: &[u8]) -> Result<(), PortError> {
    if name.is_empty() || name.len() > MAX_PORT_NAME || name.contains(&0) {
        Err(PortError::BadName)
    } else {
        Ok(())
    }
}

/// `<base>.<n>`, e.g. `GADGETSCOPE.1` (no NUL).
pub fn numbered_port_name(base: &[u8], n: u32) -> Vec<u8> {
    let mut v = Vec::with_capacity(base.len() + 3);
    v.extend_from_slice(base);
    v.push(b'.');
    if n >= 10 {
        v.push(b'0' + (n / 10 % 10) as u8);
    }
    v.push(b'0' + (n % 10) as u8);
    v
}

/// The first `<base>.<n>` (n in [`PORT_NUMBERS`]) for which `taken` says
/// no, with its number. The caller runs this under one `Forbid()` with
/// `taken` = FindPort, and adds the port before `Permit()`.
pub fn first_free_port_name(base: &[u8], mut taken: impl FnMut(&[u8]) -> bool) -> Result<(u32, Vec<u8>), PortError> {
    if base.is_empty() || base.len() + 3 > MAX_PORT_NAME || base.contains(&0) {
        return Err(PortError::BadName);
    }
    for n in PORT_NUMBERS {
        let name = numbered_port_name(base, n);
        if !taken(&name) {
            return Ok((n, name));
        }
    }
    Err(PortError::AllTaken)
}

#[cfg(target_arch = "wasm32")]
pub use os::*;

#[cfg(target_arch = "wasm32")]
mod os {
    use super::*;
    use crate::decode::nul_terminated;
    use crate::exec::MsgPort;
    use crate::library::{Library, LibraryError};
    use crate::{mem, sys};
    use alloc::boxed::Box;

    use crate::mem::poke32;

    use crate::exec::forbidden;

    /// exec `FindPort(name)`: the port's address, or `None`. Only
    /// meaningful inside [`forbidden`] (a port may vanish after Permit).
    pub fn find_port(name: &[u8]) -> Option<u32> {
        let z = nul_terminated(name);
        // SAFETY: z is NUL-terminated in linear memory.
        let p = unsafe { sys::exec_FindPort(z.as_ptr()) };
        (p != 0).then_some(p)
    }

    /// Is there a public port of this name now?
    pub fn port_exists(name: &[u8]) -> bool {
        forbidden(|| find_port(name).is_some())
    }

    /// rexxsyslib.library, opened (V36+), closed on drop.
    pub struct RexxSys {
        lib: Library,
    }

    impl RexxSys {
        /// Opens `rexxsyslib.library` 36.
        pub fn open() -> Result<RexxSys, LibraryError> {
            Ok(RexxSys { lib: Library::open(RXSNAME, RXS_VERSION)? })
        }

        /// The library base.
        pub fn base(&self) -> u32 {
            self.lib.base()
        }

        /// `lib_Version` of the library.
        pub fn version(&self) -> u16 {
            self.lib.version()
        }

        /// `CreateArgstring(text, len)`: an owned argstring, deleted on
        /// drop; `None` when longer than 65535 bytes or out of memory.
        pub fn create_argstring(&self, text: &[u8]) -> Option<Argstring<'_>> {
            if text.len() > MAX_ARGSTRING {
                return None;
            }
            // SAFETY: text is readable for its length in linear memory; the
            // library copies it.
            let addr = unsafe { sys::rexxsyslib_CreateArgstring(self.base(), text.as_ptr(), text.len() as u32) };
            (addr != 0).then_some(Argstring { sys: self, addr })
        }

        /// `LengthArgstring(argstring)`: `ra_Length` of an argstring
        /// (0 for NULL).
        pub fn length_argstring(&self, argstring: u32) -> u32 {
            if argstring == 0 {
                return 0;
            }
            // SAFETY: LengthArgstring reads the UWORD before the pointer;
            // callers pass argstrings the OS handed them.
            unsafe { sys::rexxsyslib_LengthArgstring(self.base(), argstring) }
        }

        /// The bytes of an argstring (`LengthArgstring()` of them, NULs
        /// included); empty for NULL.
        pub fn argstring_text(&self, argstring: u32) -> Vec<u8> {
            match self.length_argstring(argstring) {
                0 => Vec::new(),
                n => mem::copy_in(argstring, n as usize),
            }
        }

        /// Takes ownership of an argstring someone handed over (e.g. the
        /// `rm_Result2` of a reply): it is deleted when the value drops.
        ///
        /// # Safety
        /// `addr` must come from `CreateArgstring()` and have no other owner.
        pub unsafe fn adopt_argstring(&self, addr: u32) -> Option<Argstring<'_>> {
            (addr != 0).then_some(Argstring { sys: self, addr })
        }

        /// `IsRexxMsg(msg)`: was this message made by `CreateRexxMsg()`?
        pub fn is_rexx_msg(&self, msg: u32) -> bool {
            if msg == 0 {
                return false;
            }
            // SAFETY: IsRexxMsg only reads the message's ln_Name.
            unsafe { sys::rexxsyslib_IsRexxMsg(self.base(), msg) != 0 }
        }

        /// `CreateRexxMsg(reply, NULL, NULL)`: a message to send, replied
        /// to `reply` (which outlives it); deleted (with its argument
        /// slots) on drop. `None` when out of memory.
        pub fn create_rexx_msg<'a>(&'a self, reply: &'a MsgPort) -> Option<RexxMsg<'a>> {
            // SAFETY: reply is a live port; NULL extension and host mean
            // the defaults.
            let addr = unsafe { sys::rexxsyslib_CreateRexxMsg(self.base(), reply.addr(), 0, 0) };
            (addr != 0).then_some(RexxMsg { sys: self, reply, addr })
        }
    }

    /// An argstring this program owns; `DeleteArgstring()` on drop.
    pub struct Argstring<'a> {
        sys: &'a RexxSys,
        addr: u32,
    }

    impl Argstring<'_> {
        /// The argstring pointer (what goes into `rm_Args[]` / `rm_Result2`).
        pub fn addr(&self) -> u32 {
            self.addr
        }

        /// `LengthArgstring()`.
        pub fn len(&self) -> usize {
            self.sys.length_argstring(self.addr) as usize
        }

        /// Is it the empty string?
        pub fn is_empty(&self) -> bool {
            self.len() == 0
        }

        /// A copy of its bytes.
        pub fn text(&self) -> Vec<u8> {
            self.sys.argstring_text(self.addr)
        }

        /// Gives up ownership (the receiver of a reply deletes it).
        pub fn into_raw(self) -> u32 {
            let a = self.addr;
            core::mem::forget(self);
            a
        }
    }

    impl Drop for Argstring<'_> {
        fn drop(&mut self) {
            // SAFETY: created by CreateArgstring (or adopted), deleted once.
            unsafe { sys::rexxsyslib_DeleteArgstring(self.sys.base(), self.addr) }
        }
    }

    /// One value for [`RexxMsg::fill_args`].
    #[derive(Debug, Clone, Copy)]
    pub enum FillArg<'s> {
        /// A string (copied into an argstring).
        Text(&'s [u8]),
        /// A number (made a decimal argstring).
        Int(i32),
    }

    /// A `RexxMsg` this program created to send. Dropping it clears its
    /// 16 argument slots (`ClearRexxMsg`) and deletes it; it can only be
    /// dropped while it is not in flight ([`RexxMsg::send_and_wait`]
    /// returns after the reply; [`RexxMsg::send`] moves it into an
    /// [`InFlight`]).
    pub struct RexxMsg<'a> {
        sys: &'a RexxSys,
        reply: &'a MsgPort,
        addr: u32,
    }

    impl<'a> RexxMsg<'a> {
        /// The message's address.
        pub fn addr(&self) -> u32 {
            self.addr
        }

        /// Sets `rm_Action`, e.g. `RXCOMM | RXFF_RESULT`.
        pub fn set_action(&mut self, action: u32) {
            // SAFETY: our message, not in flight.
            unsafe { poke32(self.addr + rm_Action as u32, action) }
        }

        /// `rm_Action`.
        pub fn action(&self) -> u32 {
            mem::peek32(self.addr + rm_Action as u32)
        }

        /// Puts `arg` into slot `i` (0..=15; ARG0 is the command); the
        /// message owns it from now on. An argstring already there is
        /// deleted. Panics on `i > 15`.
        pub fn set_arg(&mut self, i: usize, arg: Argstring<'a>) {
            assert!(i <= MAXRMARG, "RexxMsg argument slot {i} > 15");
            let at = self.addr + arg_slot(i);
            let old = mem::peek32(at);
            if old != 0 {
                // SAFETY: slots of our messages only ever hold argstrings we created.
                unsafe { sys::rexxsyslib_DeleteArgstring(self.sys.base(), old) };
            }
            // SAFETY: our message, not in flight.
            unsafe { poke32(at, arg.into_raw()) }
        }

        /// `FillRexxMsg()`: slots 0..args.len() become argstrings of the
        /// given texts and numbers (numbers in decimal); argstrings already
        /// in those slots are deleted first. False (slots left empty) when
        /// the library ran out of memory or more than 16 were given.
        pub fn fill_args(&mut self, args: &[FillArg<'_>]) -> bool {
            if args.len() > MAXRMARG + 1 {
                return false;
            }
            self.clear_args(args.len());
            // The texts must stay in place until FillRexxMsg has copied them.
            let texts: Vec<Vec<u8>> = args
                .iter()
                .map(|a| match a {
                    FillArg::Text(t) => nul_terminated(t),
                    FillArg::Int(_) => Vec::new(),
                })
                .collect();
            let mut mask = 0u32;
            for (i, a) in args.iter().enumerate() {
                let v = match a {
                    FillArg::Text(_) => mem::abs(texts[i].as_ptr()),
                    FillArg::Int(n) => {
                        mask |= 1 << i;
                        *n as u32
                    }
                };
                // SAFETY: our message, not in flight.
                unsafe { poke32(self.addr + arg_slot(i), v) };
            }
            // SAFETY: the slots hold NUL-terminated strings (alive: texts)
            // or numbers as the mask says.
            let ok = unsafe { sys::rexxsyslib_FillRexxMsg(self.sys.base(), self.addr, args.len() as u32, mask) } != 0;
            if !ok {
                for i in 0..args.len() {
                    // SAFETY: on failure the library left our raw values in
                    // the slots; they are not argstrings, so clear them.
                    unsafe { poke32(self.addr + arg_slot(i), 0) };
                }
            }
            drop(texts);
            ok
        }

        /// `ClearRexxMsg(msg, count)`: deletes the argstrings of slots
        /// 0..count (at most 16) and clears them.
        pub fn clear_args(&mut self, count: usize) {
            // SAFETY: our message, not in flight; its slots hold only
            // argstrings we created.
            unsafe { sys::rexxsyslib_ClearRexxMsg(self.sys.base(), self.addr, count.min(16) as u32) }
        }

        /// Argument slot `i` as it is (an argstring pointer or 0).
        pub fn arg(&self, i: usize) -> u32 {
            if i > MAXRMARG {
                return 0;
            }
            mem::peek32(self.addr + arg_slot(i))
        }

        /// `rm_Result1`: the RC of the reply.
        pub fn result1(&self) -> i32 {
            mem::peek32(self.addr + rm_Result1 as u32) as i32
        }

        /// `rm_Result2` as it is (an argstring only when RC is 0).
        pub fn result2(&self) -> u32 {
            mem::peek32(self.addr + rm_Result2 as u32)
        }

        /// The result string of a reply: when RC is 0 and `rm_Result2` is
        /// set, takes it (the slot becomes 0) and returns it owned.
        pub fn take_result(&mut self) -> Option<Argstring<'a>> {
            let r2 = self.result2();
            if self.result1() != RC_OK || r2 == 0 {
                return None;
            }
            // SAFETY: our replied message; clearing the slot before adopting
            // keeps a single owner.
            unsafe { poke32(self.addr + rm_Result2 as u32, 0) };
            // SAFETY: with RC 0 the ARexx convention makes Result2 an
            // argstring the replier created for us.
            unsafe { self.sys.adopt_argstring(r2) }
        }

        /// Clears `rm_Result1`/`rm_Result2` (to reuse the message; a
        /// result string must have been taken first).
        pub fn clear_results(&mut self) {
            // SAFETY: our message, not in flight.
            unsafe {
                poke32(self.addr + rm_Result1 as u32, 0);
                poke32(self.addr + rm_Result2 as u32, 0);
            }
        }

        /// Sends the message to the public port `port_name` (found and
        /// `PutMsg`'ed under one `Forbid()`, as RexxMast does) and waits on
        /// the reply port until this message comes back. Other messages
        /// arriving on the reply port meanwhile are ignored.
        pub fn send_and_wait(&mut self, port_name: &[u8]) -> Result<(), PortError> {
            self.put(port_name)?;
            loop {
                if self.reply.wait() == self.addr {
                    return Ok(());
                }
            }
        }

        /// Sends without waiting: the message is in flight until its reply
        /// arrives on the reply port; see [`InFlight`].
        pub fn send(self, port_name: &[u8]) -> Result<InFlight<'a>, (RexxMsg<'a>, PortError)> {
            match self.put(port_name) {
                Ok(()) => Ok(InFlight { msg: Some(self) }),
                Err(e) => Err((self, e)),
            }
        }

        fn put(&self, port_name: &[u8]) -> Result<(), PortError> {
            check_port_name(port_name)?;
            let z = nul_terminated(port_name);
            let addr = self.addr;
            forbidden(|| {
                // SAFETY: z is NUL-terminated.
                let port = unsafe { sys::exec_FindPort(z.as_ptr()) };
                if port == 0 {
                    return Err(PortError::NoPort);
                }
                // SAFETY: under Forbid the port cannot go away; the message
                // is ours and stays alive until its reply (the caller waits,
                // or InFlight keeps it).
                unsafe { crate::exec::put_msg(port, addr) };
                Ok(())
            })
        }
    }

    impl Drop for RexxMsg<'_> {
        fn drop(&mut self) {
            // SAFETY: our message, not in flight: its slots hold only
            // argstrings we created (ClearRexxMsg deletes them), then the
            // message itself is freed once.
            unsafe {
                sys::rexxsyslib_ClearRexxMsg(self.sys.base(), self.addr, 16);
                sys::rexxsyslib_DeleteRexxMsg(self.sys.base(), self.addr);
            }
        }
    }

    /// A sent message awaiting its reply. Hand every message taken from
    /// the reply port to [`InFlight::replied`]; the one that matches gives
    /// the `RexxMsg` back. Dropping an `InFlight` *waits* for the reply
    /// (the message and the reply port must outlive the receiver's use of
    /// them), so keep it until the reply came.
    pub struct InFlight<'a> {
        msg: Option<RexxMsg<'a>>,
    }

    impl<'a> InFlight<'a> {
        /// The message's address (what the reply port will deliver).
        pub fn addr(&self) -> u32 {
            self.msg.as_ref().map_or(0, |m| m.addr)
        }

        /// `got` is a message taken from the reply port: if it is this one,
        /// the replied `RexxMsg`, else `self` back.
        pub fn replied(mut self, got: u32) -> Result<RexxMsg<'a>, InFlight<'a>> {
            if got != 0 && got == self.addr() {
                Ok(self.msg.take().expect("InFlight holds its message"))
            } else {
                Err(self)
            }
        }
    }

    impl Drop for InFlight<'_> {
        fn drop(&mut self) {
            if let Some(m) = self.msg.take() {
                while m.reply.wait() != m.addr {}
                drop(m);
            }
        }
    }

    /// A message received on a [`PublicPort`], not yet replied. Replying
    /// consumes it; dropping it unreplied replies it with RC 20 (a
    /// `RexxMsg`) or untouched (anything else), so no sender waits forever.
    pub struct Incoming<'a> {
        sys: &'a RexxSys,
        addr: u32,
        rexx: bool,
    }

    /// What a reply carried.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub enum Replied {
        /// RC and, if the rule allowed one, a result string.
        Rc { rc: i32, result: bool },
        /// The result string could not be made (no memory): replied RC 20.
        ResultLost,
        /// Not a RexxMsg: replied untouched.
        NotRexx,
    }

    impl<'a> Incoming<'a> {
        /// The message's address.
        pub fn addr(&self) -> u32 {
            self.addr
        }

        /// Made by `CreateRexxMsg()` (`IsRexxMsg`)?
        pub fn is_rexx(&self) -> bool {
            self.rexx
        }

        /// `rm_Action` (0 for a message that is not a RexxMsg).
        pub fn action(&self) -> u32 {
            if self.rexx {
                mem::peek32(self.addr + rm_Action as u32)
            } else {
                0
            }
        }

        /// A RexxMsg with `(rm_Action & RXCODEMASK) == RXCOMM`?
        pub fn is_command(&self) -> bool {
            self.rexx && is_command(self.action())
        }

        /// Argument slot `i` (0..=15) as a NUL-terminated string (at most
        /// 65535 bytes); `None` for an empty slot or a non-RexxMsg.
        pub fn arg_text(&self, i: usize) -> Option<Vec<u8>> {
            if !self.rexx || i > MAXRMARG {
                return None;
            }
            mem::c_string(mem::peek32(self.addr + arg_slot(i)), MAX_ARGSTRING)
        }

        /// The command text (ARG0) of a command message.
        pub fn command(&self) -> Option<Vec<u8>> {
            if self.is_command() {
                self.arg_text(0)
            } else {
                None
            }
        }

        /// Replies with `rm_Result1 = rc` and, when [`carries_result`] allows
        /// it, `rm_Result2 = CreateArgstring(result)` (else 0). A result over
        /// 65535 bytes or an allocation failure replies RC 20 with no result
        /// ([`Replied::ResultLost`]); callers that want the "result too large"
        /// RC 10 (docs/reference/commands.md, "Results and errors") check the
        /// length first.
        pub fn reply(self, rc: i32, result: &[u8]) -> Replied {
            if !self.rexx {
                self.finish();
                return Replied::NotRexx;
            }
            let action = self.action();
            let (rc, r2, out) = if carries_result(rc, action, result) {
                match self.sys.create_argstring(result) {
                    Some(a) => (rc, a.into_raw(), Replied::Rc { rc, result: true }),
                    None => (RC_FATAL, 0, Replied::ResultLost),
                }
            } else {
                (rc, 0, Replied::Rc { rc, result: false })
            };
            // SAFETY: a received, unreplied RexxMsg: its results are ours to set.
            unsafe {
                poke32(self.addr + rm_Result1 as u32, rc as u32);
                poke32(self.addr + rm_Result2 as u32, r2);
            }
            self.finish();
            out
        }

        /// Replies without touching the message (non-command messages).
        pub fn reply_untouched(self) {
            self.finish();
        }

        fn finish(self) {
            let addr = self.addr;
            core::mem::forget(self);
            // SAFETY: received from GetMsg and replied exactly once.
            unsafe { sys::exec_ReplyMsg(addr) }
        }
    }

    impl Drop for Incoming<'_> {
        fn drop(&mut self) {
            if self.rexx {
                // SAFETY: a received, unreplied RexxMsg.
                unsafe {
                    poke32(self.addr + rm_Result1 as u32, RC_FATAL as u32);
                    poke32(self.addr + rm_Result2 as u32, 0);
                }
            }
            // SAFETY: received from GetMsg and replied exactly once.
            unsafe { sys::exec_ReplyMsg(self.addr) }
        }
    }

    /// A public message port: `CreateMsgPort()`, a name in linear memory
    /// (stable: linear memory never moves), `AddPort()`. Dropping it
    /// removes it (`RemPort`), replies every message still queued (RC 20
    /// for RexxMsgs when [`PublicPort::close`] is used, untouched
    /// otherwise) and deletes it.
    pub struct PublicPort {
        port: u32,
        name: Box<[u8]>,
        removed: bool,
    }

    impl PublicPort {
        /// A public port named exactly `name`; `Err(Taken)` if one exists
        /// (checked and added under one Forbid).
        pub fn exact(name: &[u8]) -> Result<PublicPort, PortError> {
            check_port_name(name)?;
            let mut p = PublicPort::unnamed(name)?;
            let added = forbidden(|| {
                if find_port(name).is_some() {
                    false
                } else {
                    p.add();
                    true
                }
            });
            if added {
                Ok(p)
            } else {
                p.removed = true;
                Err(PortError::Taken)
            }
        }

        /// A public port named `<base>.<n>` with the first free n in 1..=99,
        /// found and added under one Forbid (docs/reference/commands.md, "The
        /// port": `GADGETSCOPE.1`).
        pub fn numbered(base: &[u8]) -> Result<PublicPort, PortError> {
            // The name buffer has room for `<base>.99`; the Rust heap is an
            // arena in linear memory, so allocating under Forbid is fine.
            let mut p = PublicPort::unnamed(&numbered_port_name(base, 99))?;
            let found = forbidden(|| {
                let r = first_free_port_name(base, |n| find_port(n).is_some());
                if let Ok((_, name)) = &r {
                    p.set_name(name);
                    p.add();
                }
                r.map(|_| ())
            });
            match found {
                Ok(()) => Ok(p),
                Err(e) => {
                    p.removed = true;
                    Err(e)
                }
            }
        }

        fn unnamed(room: &[u8]) -> Result<PublicPort, PortError> {
            // SAFETY: plain library call.
            let port = unsafe { sys::exec_CreateMsgPort() };
            if port == 0 {
                return Err(PortError::NoMemory);
            }
            let mut p = PublicPort { port, name: alloc::vec![0u8; room.len() + 1].into_boxed_slice(), removed: true };
            p.set_name(room);
            Ok(p)
        }

        fn set_name(&mut self, name: &[u8]) {
            self.name.fill(0);
            self.name[..name.len()].copy_from_slice(name);
        }

        /// Points ln_Name at our name and adds the port (caller: Forbid).
        fn add(&mut self) {
            // SAFETY: our port, not yet public; the name box lives as long
            // as the port is added (RemPort runs before it drops).
            unsafe {
                poke32(self.port + ln_Name as u32, mem::abs(self.name.as_ptr()));
                sys::exec_AddPort(self.port);
            }
            self.removed = false;
        }

        /// The port's name (without NUL).
        pub fn name(&self) -> &[u8] {
            amiga_ndk::be::c_str(&self.name).unwrap_or(&self.name)
        }

        /// The port's address.
        pub fn addr(&self) -> u32 {
            self.port
        }

        /// The signal mask a message raises (`1 << mp_SigBit`), for Wait().
        pub fn signal_mask(&self) -> u32 {
            1u32 << (mem::peek8(self.port + mp_SigBit as u32) & 31)
        }

        /// `GetMsg()`: the next queued message, if any.
        pub fn get_msg<'a>(&self, sys: &'a RexxSys) -> Option<Incoming<'a>> {
            // SAFETY: our live port.
            let m = unsafe { sys::exec_GetMsg(self.port) };
            (m != 0).then(|| Incoming { sys, addr: m, rexx: sys.is_rexx_msg(m) })
        }

        /// `WaitPort()` then `GetMsg()`: blocks until a message is there.
        pub fn wait<'a>(&self, sys: &'a RexxSys) -> Incoming<'a> {
            loop {
                // SAFETY: our live port.
                unsafe { sys::exec_WaitPort(self.port) };
                if let Some(m) = self.get_msg(sys) {
                    return m;
                }
            }
        }

        /// Removes the port from the public list (no new messages can be
        /// found for it), then replies every queued message: RexxMsgs with
        /// RC 20, others untouched. Returns how many were replied.
        pub fn close(mut self, sys: &RexxSys) -> usize {
            self.remove();
            let mut n = 0;
            while let Some(m) = self.get_msg(sys) {
                drop(m);
                n += 1;
            }
            n
        }

        fn remove(&mut self) {
            if !self.removed {
                // SAFETY: added by us, removed once.
                unsafe { sys::exec_RemPort(self.port) };
                self.removed = true;
            }
        }
    }

    impl Drop for PublicPort {
        fn drop(&mut self) {
            self.remove();
            loop {
                // SAFETY: our port; it is no longer public, so the queue
                // only shrinks.
                let m = unsafe { sys::exec_GetMsg(self.port) };
                if m == 0 {
                    break;
                }
                // SAFETY: received and replied once, untouched.
                unsafe { sys::exec_ReplyMsg(m) };
            }
            // SAFETY: created by CreateMsgPort, deleted once.
            unsafe { sys::exec_DeleteMsgPort(self.port) }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn argument_slots_follow_rm_args() {
        assert_eq!(arg_slot(0), 40);
        assert_eq!(arg_slot(15), 100);
        assert_eq!(rm_PassPort as u32, arg_slot(MAXRMARG + 1));
    }

    #[test]
    fn action_codes() {
        assert_eq!(RXFF_RESULT, 0x0002_0000);
        assert!(is_command(RXCOMM | RXFF_RESULT));
        assert!(is_command(RXCOMM | RXFF_NOIO | 3));
        assert!(!is_command(RXFUNC | RXFF_RESULT));
        assert!(!is_command(RXCLOSE));
        assert!(wants_result(RXCOMM | RXFF_RESULT));
        assert!(!wants_result(RXCOMM));
    }

    #[test]
    fn result_only_with_rc0_rxff_result_and_text() {
        assert!(carries_result(0, RXCOMM | RXFF_RESULT, b"x"));
        assert!(!carries_result(0, RXCOMM, b"x"));
        assert!(!carries_result(0, RXCOMM | RXFF_RESULT, b""));
        assert!(!carries_result(5, RXCOMM | RXFF_RESULT, b"x"));
        assert!(!carries_result(10, RXCOMM | RXFF_RESULT, b"x"));
    }

    #[test]
    fn numbered_names() {
        assert_eq!(numbered_port_name(b"GADGETSCOPE", 1), b"GADGETSCOPE.1");
        assert_eq!(numbered_port_name(b"ECHO", 10), b"ECHO.10");
        assert_eq!(numbered_port_name(b"ECHO", 99), b"ECHO.99");
    }

    #[test]
    fn first_free_skips_taken_names() {
        let taken: [&[u8]; 2] = [b"GADGETSCOPE.1", b"GADGETSCOPE.2"];
        let r = first_free_port_name(b"GADGETSCOPE", |n| taken.contains(&n));
        assert_eq!(r, Ok((3, b"GADGETSCOPE.3".to_vec())));
        assert_eq!(first_free_port_name(b"X", |_| false), Ok((1, b"X.1".to_vec())));
        // A gap is reused: .1 free although .2 is taken.
        assert_eq!(first_free_port_name(b"X", |n| n == b"X.2"), Ok((1, b"X.1".to_vec())));
    }

    #[test]
    fn first_free_asks_at_most_99_names_then_gives_up() {
        let mut asked = 0;
        assert_eq!(
            first_free_port_name(b"FULL", |_| {
                asked += 1;
                true
            }),
            Err(PortError::AllTaken)
        );
        assert_eq!(asked, 99);
    }

    #[test]
    fn bad_port_names() {
        assert_eq!(first_free_port_name(b"", |_| false), Err(PortError::BadName));
        assert_eq!(first_free_port_name(b"A\0B", |_| false), Err(PortError::BadName));
        assert_eq!(first_free_port_name(&[b'A'; 253], |_| false), Err(PortError::BadName));
        assert!(first_free_port_name(&[b'A'; 252], |_| false).is_ok());
        assert_eq!(check_port_name(b""), Err(PortError::BadName));
        assert_eq!(check_port_name(&[b'P'; 256]), Err(PortError::BadName));
        assert_eq!(check_port_name(b"ECHO.1"), Ok(()));
    }
}
