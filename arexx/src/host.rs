//! Dispatch: the [`Engine`] trait (what acts on the system), [`Names`]
//! (`@name`s resolved for it), the [`Host`] session (LASTERROR, the
//! manifest, held waits) and the wait design.
//!
//! Waits never block (docs/reference/commands.md, "Waiting commands"): a
//! command the engine cannot answer yet gives [`Outcome::Pending`] with a
//! [`WaitToken`]; the host holds the client's message with its deadline, and
//! the event loop calls [`Host::tick`] on every timer tick (about 100 ms,
//! [`TICKS_PER_SECOND`]) and whenever a reply from another port arrives. Each
//! tick polls every held wait first (RC 0 when its condition holds) and only
//! then checks the deadline (RC 15), so a condition that comes true on the last
//! tick wins. With nothing held ([`Host::has_waits`] false) the event loop need
//! not run the timer at all.

use alloc::string::String;
use alloc::vec::Vec;

use gadgetscope_core::manifest::{self, Manifest, Resolved};

use crate::command::{
    parse, Command, DragTo, FsOp, FsPut, GadgetLocator, GadgetRef, GadgetTarget, WaitCond, WindowTarget,
};
use crate::verbs::Runs;
use crate::{error, same_password, version_text, Error, Rc, Reply, Shown, RESULT_MAX};

/// Timer ticks per second: the event loop ticks about every 100 ms
/// (docs/reference/commands.md, "Waiting commands").
pub const TICKS_PER_SECOND: u32 = 10;
/// Messages held at once, ARexx and wire together: each keeps its
/// client's message, the command line and the engine's wait state until it
/// is answered. A command that may wait is refused with RC 20 while this
/// many are held, before it acts (docs/reference/commands.md, "Waiting
/// commands"). 32 waits cost a few KiB of the 128 KiB heap.
pub const HELD_MAX: usize = 32;
/// `TIMEOUT=` when none is given: 10 s (docs/reference/commands.md, "Waiting
/// commands"); also used for `CLICK … EXPECT=`, `WHERE`, `MUIREXX` and
/// WHERE-port lookups.
pub const DEFAULT_TIMEOUT_SECS: u32 = 10;

/// Names one wait an [`Engine`] is carrying out; chosen by the engine,
/// unique among its outstanding waits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct WaitToken(pub u32);

/// What an engine call produced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Finished: RC 0 with this RESULT text (may be empty).
    Done(Vec<u8>),
    /// Not yet: the host holds the message and polls `token` on each tick
    /// ([`Engine::poll`]) until it finishes or times out.
    Pending(WaitToken),
}

/// Why the host gives up a wait ([`Engine::abandon`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Abandon {
    /// TIMEOUT passed: the client gets RC 15.
    Timeout,
    /// QUIT or the port closing: the client gets RC 20.
    Shutdown,
    /// The client went away (its wire connection closed): nobody is owed
    /// a reply.
    Gone,
}

/// A gadget as the engine sees it: `@name`s already resolved against the
/// manifest (docs/reference/commands.md, "Locator tiers" 1 and 2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// Find the window, then the gadget in it, live at action time.
    Live {
        /// The window.
        window: WindowTarget,
        /// The gadget.
        gadget: GadgetLocator,
    },
    /// A `WHEREGADGET`: ask `port` for `WHERE <name>`
    /// (docs/reference/formats.md, "The cooperative WHERE port"), then act in
    /// the window `window` names at that geometry.
    Where {
        /// The manifest's window title substring, and the command's
        /// `SCREEN=` filter.
        window: WindowTarget,
        /// The application's WHERE port.
        port: Vec<u8>,
        /// The declared name, as sent.
        name: Vec<u8>,
    },
}

impl Target {
    /// The window the gadget lives in.
    pub fn window(&self) -> WindowTarget {
        match self {
            Target::Live { window, .. } | Target::Where { window, .. } => window.clone(),
        }
    }
}

/// Where a DRAG goes, resolved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Destination {
    /// By `dx`, `dy` pixels.
    By {
        /// Horizontal distance.
        dx: i16,
        /// Vertical distance.
        dy: i16,
    },
    /// To the centre of this gadget.
    To(Target),
}

/// A WAITFOR condition, resolved (docs/reference/commands.md, "WAITFOR").
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Condition {
    /// A window matching `pattern` is open (fresh search each check).
    Window {
        /// `SCREEN=` filter.
        screen: Option<Vec<u8>>,
        /// Title substring.
        pattern: Vec<u8>,
    },
    /// No window matching `pattern` is open.
    NoWindow {
        /// `SCREEN=` filter.
        screen: Option<Vec<u8>>,
        /// Title substring.
        pattern: Vec<u8>,
    },
    /// GETTEXT's value of `target` equals `text` exactly.
    Text {
        /// The gadget.
        target: Target,
        /// Expected value.
        text: Vec<u8>,
    },
    /// The `SHOWN=` locator of `target` names a place now (its `INDEX=`
    /// counted).
    Shown {
        /// The window and its `SHOWN=` locator.
        target: Target,
    },
    /// A requester is up: a window's `FirstRequest`, or an
    /// `EasyRequest`/`AutoRequest` window.
    Requester {
        /// `SCREEN=` filter.
        screen: Option<Vec<u8>>,
    },
}

/// The `@name`s of a command resolved against the loaded manifest
/// (docs/reference/commands.md, "Locator tiers" 1 and 2): what the engine
/// asks for a command's targets.
#[derive(Clone, Copy, Debug)]
pub struct Names<'a> {
    manifest: Option<&'a Manifest>,
}

impl<'a> Names<'a> {
    /// Names resolved against `manifest` (`None`: none is loaded).
    pub fn new(manifest: Option<&'a Manifest>) -> Names<'a> {
        Names { manifest }
    }

    /// The target `@name` stands for; `screen`: the command's `SCREEN=`,
    /// which narrows the search for the manifest's window. RC 10 when no
    /// manifest is loaded or it has no such name.
    pub fn named(&self, name: &[u8], screen: Option<&[u8]>) -> Result<Target, Error> {
        let window = |title: &[u8]| WindowTarget { screen: screen.map(<[u8]>::to_vec), pattern: title.to_vec() };
        let Some(m) = self.manifest else {
            return Err(error!(Rc::Error, "no manifest loaded for @{}", Shown(name)));
        };
        match m.resolve(name) {
            None => Err(error!(Rc::Error, "unknown name @{}", Shown(name))),
            Some(Resolved::Gadget { window_title, ga_id }) => {
                Ok(Target::Live { window: window(window_title), gadget: GadgetLocator::Id(ga_id) })
            }
            Some(Resolved::Where { window_title, port, name }) => {
                Ok(Target::Where { window: window(window_title), port: port.to_vec(), name: name.to_vec() })
            }
        }
    }

    /// WHERE's `@name`: it must be a WHEREGADGET (RC 10 for a GADGET).
    pub fn where_gadget(&self, name: &[u8]) -> Result<Target, Error> {
        match self.named(name, None)? {
            t @ Target::Where { .. } => Ok(t),
            Target::Live { .. } => Err(error!(Rc::Error, "@{} is a GADGET, not a WHEREGADGET", Shown(name))),
        }
    }

    /// A command's gadget, `@name`s resolved.
    pub fn target(&self, t: &GadgetTarget) -> Result<Target, Error> {
        match t {
            GadgetTarget::Located { window, gadget } => {
                Ok(Target::Live { window: window.clone(), gadget: gadget.clone() })
            }
            GadgetTarget::Named(n) => self.named(n, None),
            GadgetTarget::NamedOnScreen { screen, name } => self.named(name, Some(screen)),
        }
    }

    /// Where DRAG takes the gadget `from` (resolved first).
    pub fn destination(&self, from: &Target, to: &DragTo) -> Result<Destination, Error> {
        Ok(match to {
            DragTo::By { dx, dy } => Destination::By { dx: *dx, dy: *dy },
            // The command's SCREEN= narrows the second window search too:
            // both gadgets must be in one window.
            DragTo::To(GadgetRef::Named(n)) => {
                let (Target::Live { window, .. } | Target::Where { window, .. }) = from;
                Destination::To(self.named(n, window.screen.as_deref())?)
            }
            // A locator after TO is in the dragged gadget's window.
            DragTo::To(GadgetRef::Locator(g)) => {
                Destination::To(Target::Live { window: from.window(), gadget: g.clone() })
            }
        })
    }

    /// WAITFOR's condition, its gadget resolved.
    pub fn condition(&self, c: &WaitCond) -> Result<Condition, Error> {
        Ok(match c {
            WaitCond::Window { screen, pattern } => {
                Condition::Window { screen: screen.clone(), pattern: pattern.clone() }
            }
            WaitCond::NoWindow { screen, pattern } => {
                Condition::NoWindow { screen: screen.clone(), pattern: pattern.clone() }
            }
            WaitCond::Text { target, text } => Condition::Text { target: self.target(target)?, text: text.clone() },
            WaitCond::Shown { target } => Condition::Shown { target: self.target(target)? },
            WaitCond::Requester { screen } => Condition::Requester { screen: screen.clone() },
        })
    }
}

/// What acts on the system: Intuition walks, `input.device` injection, other
/// ports, DOS. The Amiga implementation is gadgetscope-engine's `GsEngine`
/// over gadgetscope-system's Amiga side; tests use a fake (a trait at the OS
/// boundary: docs/architecture.md, "The crates, top to bottom").
///
/// Errors carry their RC (docs/reference/commands.md, "Return codes"): 5 not
/// found, 10 bad arguments or refusal, 20 the action failed.
pub trait Engine {
    /// Carries out a command of a verb the engine runs ([`Runs::Engine`]
    /// in the verb table), its `@name`s resolved with `names`: the RESULT,
    /// or [`Outcome::Pending`] for a verb that may wait (it checks its
    /// condition once before it returns `Pending`:
    /// docs/reference/commands.md, "Waiting commands"). A command of one
    /// of the host's verbs is RC 20.
    fn run(&mut self, cmd: &Command, names: &Names<'_>) -> Result<Outcome, Error>;
    /// The bytes of a file, for `MANIFEST`.
    fn read_file(&mut self, path: &[u8]) -> Result<Vec<u8>, Error>;
    /// `FSPUT` over the wire: writes `data` to `path` (made or replaced).
    fn fs_put(&mut self, path: &[u8], data: &[u8]) -> Result<(), Error>;
    /// Checks a pending wait: `None` while it is still pending, else its
    /// final result. Called on every tick for every held wait.
    fn poll(&mut self, token: WaitToken) -> Option<Result<Vec<u8>, Error>>;
    /// The host gives up `token` (never polled again); release what it
    /// holds, except reply ports still owed a reply (WHERE's must outlive
    /// an [`Abandon::Timeout`]).
    fn abandon(&mut self, token: WaitToken, why: Abandon);
}

struct Held<M> {
    msg: M,
    token: WaitToken,
    started: u32,
    ticks: u32,
    secs: u32,
    line: Vec<u8>,
}

/// The ARexx host session: LASTERROR, the loaded manifest and the held
/// messages. `M` is the caller's handle for a client message (the RexxMsg
/// on the Amiga); the host hands each back exactly once with its [`Reply`].
pub struct Host<M> {
    server_version: String,
    password: Option<Vec<u8>>,
    last_error: Vec<u8>,
    manifest: Option<Manifest>,
    held: Vec<Held<M>>,
    quitting: bool,
}

impl Command {
    /// Seconds a pending outcome may wait: `TIMEOUT=` if given, else
    /// [`DEFAULT_TIMEOUT_SECS`].
    pub fn timeout_secs(&self) -> u32 {
        let t = match self {
            Command::Click { timeout, .. }
            | Command::WaitFor { timeout, .. }
            | Command::Where { timeout, .. }
            | Command::MuiRexx { timeout, .. } => *timeout,
            _ => None,
        };
        t.unwrap_or(DEFAULT_TIMEOUT_SECS)
    }
}

impl<M> Host<M> {
    /// A session for server version `server_version` (VERSION line 3),
    /// with no manifest and an empty LASTERROR.
    pub fn new(server_version: &str) -> Host<M> {
        Host {
            server_version: String::from(server_version),
            password: None,
            last_error: Vec::new(),
            manifest: None,
            held: Vec::new(),
            quitting: false,
        }
    }

    /// Text of the last RC ≠ 0 reply (empty before the first).
    pub fn last_error(&self) -> &[u8] {
        &self.last_error
    }
    /// The manifest `@name`s resolve against.
    pub fn manifest(&self) -> Option<&Manifest> {
        self.manifest.as_ref()
    }
    /// The password `AUTH` compares with (`TCPPASSWORD=`); `None`: any
    /// `AUTH` is RC 0. Over ARexx `AUTH` gates nothing (the wire's session
    /// answers the wire's `AUTH` itself).
    pub fn set_password(&mut self, password: Option<Vec<u8>>) {
        self.password = password;
    }
    /// Replaces the manifest (the GUI loads profiles too).
    pub fn set_manifest(&mut self, m: Option<Manifest>) {
        self.manifest = m;
    }
    /// Are messages held? If not, the event loop needs no timer.
    pub fn has_waits(&self) -> bool {
        !self.held.is_empty()
    }
    /// How many messages are held.
    pub fn held(&self) -> usize {
        self.held.len()
    }
    /// Has QUIT been received? The event loop then closes the port (after
    /// [`Host::shutdown`]).
    pub fn quit_requested(&self) -> bool {
        self.quitting
    }

    /// Turns a result into the reply actually sent: RC 0 results over
    /// [`RESULT_MAX`] become RC 10 "result too large" (never cut); every
    /// RC ≠ 0 text becomes LASTERROR.
    fn finish(&mut self, r: Result<Vec<u8>, Error>) -> Reply {
        let reply = match r {
            Ok(text) if text.len() > RESULT_MAX => Reply::from(error!(
                Rc::Error,
                "result too large ({} bytes; an argstring holds {RESULT_MAX})",
                text.len()
            )),
            Ok(text) => Reply::ok(text),
            // An error is never success.
            Err(e) => Reply { rc: if e.rc == Rc::Ok { Rc::Failed } else { e.rc }, text: e.text },
        };
        if reply.rc != Rc::Ok {
            self.last_error = reply.text.clone();
        }
        reply
    }

    /// Handles one command line arriving at tick `now`. Returns the
    /// messages to reply now, in order: usually just `msg`; nothing when
    /// `msg` is held; for QUIT every held message (RC 20) and then `msg`.
    pub fn command<E: Engine>(&mut self, engine: &mut E, line: &[u8], msg: M, now: u32) -> Vec<(M, Reply)> {
        let mut out = Vec::new();
        if self.quitting {
            let r = self.finish(Err(Error::new(Rc::Failed, "GadgetScope is quitting")));
            out.push((msg, r));
            return out;
        }
        let cmd = match parse(line) {
            Ok(c) => c,
            Err(pe) => {
                let r = self.finish(Err(pe));
                out.push((msg, r));
                return out;
            }
        };
        if cmd == Command::Quit {
            out = self.shutdown(engine);
            self.quitting = true;
            let r = self.finish(Ok(Vec::new()));
            out.push((msg, r));
            return out;
        }
        if self.held.len() >= HELD_MAX && cmd.verb().info().waits {
            let text = error!(
                Rc::Failed,
                "GadgetScope holds {HELD_MAX} waiting commands already: {} refused (send it again when one has answered)",
                cmd.verb().name()
            );
            let r = self.finish(Err(text));
            out.push((msg, r));
            return out;
        }
        match self.run(engine, &cmd) {
            Ok(Outcome::Done(text)) => {
                let r = self.finish(Ok(text));
                out.push((msg, r));
            }
            Err(e) => {
                let r = self.finish(Err(e));
                out.push((msg, r));
            }
            Ok(Outcome::Pending(token)) => {
                let secs = cmd.timeout_secs();
                self.held.push(Held {
                    msg,
                    token,
                    started: now,
                    ticks: secs * TICKS_PER_SECOND,
                    secs,
                    line: cmd.to_line(),
                });
            }
        }
        out
    }

    /// The wire's `FSPUT`, read when its line arrived ([`parse_put`]'s
    /// [`PutLine::put`]): the file and byte count to write once the
    /// payload, about to be read, has arrived, or the refusal to send once
    /// it has been drained (RC 10 for a line the command language refuses,
    /// RC 20 while quitting). Nothing is done yet.
    ///
    /// [`parse_put`]: crate::parse_put
    /// [`PutLine::put`]: crate::PutLine::put
    pub fn check_upload(&mut self, put: Result<FsPut, Error>) -> Result<FsPut, Reply> {
        if self.quitting {
            return Err(self.finish(Err(Error::new(Rc::Failed, "GadgetScope is quitting"))));
        }
        put.map_err(|e| self.finish(Err(e)))
    }

    /// The wire's `FSPUT` once its `data` has all arrived: writes the file
    /// and gives the reply (LASTERROR as for any command). `data` must be
    /// exactly `put.len` bytes; anything else is RC 10.
    pub fn upload<E: Engine>(&mut self, engine: &mut E, put: &FsPut, data: &[u8]) -> Reply {
        let r = if data.len() == put.len as usize {
            engine.fs_put(&put.path, data).map(|()| b"written".to_vec())
        } else {
            Err(error!(Rc::Error, "FSPUT announced {} bytes, {} arrived", put.len, data.len()))
        };
        self.finish(r)
    }

    /// Re-checks every held wait at tick `now` (a wrapping tick counter):
    /// finished ones are replied with the engine's result; those whose
    /// `TIMEOUT` has passed (`now - started >= seconds × 10`) are abandoned
    /// and replied RC 15. Returns the replies, in arrival order.
    pub fn tick<E: Engine>(&mut self, engine: &mut E, now: u32) -> Vec<(M, Reply)> {
        let mut out = Vec::new();
        let mut i = 0;
        while i < self.held.len() {
            let token = self.held[i].token;
            if let Some(r) = engine.poll(token) {
                let h = self.held.remove(i);
                let reply = self.finish(r);
                out.push((h.msg, reply));
            } else if now.wrapping_sub(self.held[i].started) >= self.held[i].ticks {
                let h = self.held.remove(i);
                engine.abandon(token, Abandon::Timeout);
                let reply = self.finish(Err(timeout_error(&h)));
                out.push((h.msg, reply));
            } else {
                i += 1;
            }
        }
        out
    }

    /// Abandons the held waits of clients that went away (`gone` says which
    /// messages belong to them, such as a closed wire connection's):
    /// their engine state is released at once ([`Abandon::Gone`]), not
    /// kept until `TIMEOUT`, and no reply is made. Returns how many.
    pub fn forget<E: Engine>(&mut self, engine: &mut E, mut gone: impl FnMut(&M) -> bool) -> usize {
        let before = self.held.len();
        self.held.retain(|h| {
            if gone(&h.msg) {
                engine.abandon(h.token, Abandon::Gone);
                false
            } else {
                true
            }
        });
        before - self.held.len()
    }

    /// Abandons every held wait and returns their RC 20 replies ("every held
    /// message is replied before the port closes", docs/reference/commands.md,
    /// "Waiting commands").
    pub fn shutdown<E: Engine>(&mut self, engine: &mut E) -> Vec<(M, Reply)> {
        let held = core::mem::take(&mut self.held);
        let mut out = Vec::new();
        for h in held {
            engine.abandon(h.token, Abandon::Shutdown);
            let r = self.finish(Err(error!(Rc::Failed, "GadgetScope is quitting: {}", Shown(&h.line))));
            out.push((h.msg, r));
        }
        out
    }

    /// Carries out `cmd`: the engine's verbs go to [`Engine::run`], the
    /// host's own are answered here (the verb table says which).
    fn run<E: Engine>(&mut self, engine: &mut E, cmd: &Command) -> Result<Outcome, Error> {
        let verb = cmd.verb();
        if verb.info().runs == Runs::Engine {
            return engine.run(cmd, &Names::new(self.manifest.as_ref()));
        }
        let done = |v: Vec<u8>| Ok(Outcome::Done(v));
        match cmd {
            Command::Version => done(version_text(&self.server_version)),
            Command::Auth { password } => match &self.password {
                Some(want) if !same_password(password, want) => {
                    Err(Error::new(Rc::Error, "AUTH refused: not the password given with TCPPASSWORD"))
                }
                _ => done(Vec::new()),
            },
            Command::Fs(FsOp::Put(_)) => Err(Error::new(
                Rc::Error,
                "FSPUT takes its data on the wire (TCP or serial); an ARexx message has no room for it",
            )),
            Command::Manifest { path } => {
                let bytes = engine.read_file(path)?;
                // A rejected file leaves the previous manifest in place.
                match manifest::parse(&bytes) {
                    Ok(m) => {
                        let s = m.summary();
                        self.manifest = Some(m);
                        done(s)
                    }
                    Err(e) => Err(error!(Rc::Error, "line {}: {}", e.line, e.reason)),
                }
            }
            Command::LastError => done(self.last_error.clone()),
            // Handled in `command` (it replies the held messages first).
            Command::Quit => done(Vec::new()),
            _ => Err(error!(Rc::Failed, "{} is not the host's to carry out", verb.name())),
        }
    }
}

/// RC 15 text: `timed out after <n> s: <canonical command>`.
fn timeout_error<M>(h: &Held<M>) -> Error {
    error!(Rc::Timeout, "timed out after {} s: {}", h.secs, Shown(&h.line))
}
