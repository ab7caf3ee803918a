//! The Amiga side of the engine's traits (wasm32 only): the walker's
//! `IntuitionMemory`/`IntuitionOs` ([`AmigaIntuition`]), files, other
//! programs' ports, processes and Workbench starts ([`AmigaSystem`]), and
//! real input ([`AmigaActor`]), all over amiga-rt's safe calls.
use crate::wblaunch::Scratch;
use alloc::string::String;
use alloc::vec::Vec;
use amiga_ndk::dos::SHARED_LOCK;
use amiga_ndk::rexx::{RXCOMM, RXFF_RESULT};
use amiga_ndk::Rect;
use amiga_rt::dos::NoRequesters;
use amiga_rt::dos::{Dos, FileLock};
use amiga_rt::exec::MsgPort;
use amiga_rt::graphics::{Graphics, Row};
use amiga_rt::handler::HandlerError;
use amiga_rt::input::{self as rtinput, InputDevice, Keymap};
use amiga_rt::library::{Library, LibraryError};
use amiga_rt::record::RecordHandler;
use amiga_rt::rexx::{InFlight, RexxSys};
use amiga_rt::workbench::Launched;
use amiga_rt::{exec, introspect};
use gadgetscope_arexx::{error, Error, Rc, Shown};
use gadgetscope_core::input::{Event, KeyMap, UsKeyMap};
use gadgetscope_core::snapshot::WindowInfo;
use gadgetscope_core::walk::{IntuitionMemory, IntuitionOs};
use gadgetscope_engine::files::{entry_from_fib, Entry};
use gadgetscope_engine::screenshot::{self, CaptureError, CaptureInfo};
use gadgetscope_engine::{Actor, FileSystem, Request, SendError, System};
use gadgetscope_record::Observed;

/// Largest manifest MANIFEST reads, bytes.
const MANIFEST_MAX: usize = 64 * 1024;

/// intuition.library V39 (OS 3.0) and, when present and V39+, gadtools
/// (GT_GetGadgetAttrsA is a V39 call: older gadtools means BOOL gadgets
/// print as buttons and STR gadgets as strings).
pub struct AmigaIntuition {
    intuition: Library,
    gadtools: Option<Library>,
}

/// Bytes copied by [`IntuitionMemory::read`]: plain memory copies.
struct Copier;

// `IntuitionMemory` over amiga-rt's native copies, for both the walker's
// OS object and the view it gets under the lock (one set of methods).
gadgetscope_core::native_intuition_memory!(Copier, amiga_rt::mem);
gadgetscope_core::native_intuition_memory!(AmigaIntuition, amiga_rt::mem);

impl AmigaIntuition {
    /// Opens the libraries a walk needs.
    pub fn open() -> Result<AmigaIntuition, LibraryError> {
        let intuition = Library::open("intuition.library", 39)?;
        let gadtools = Library::open("gadtools.library", 39).ok();
        Ok(AmigaIntuition { intuition, gadtools })
    }
}

impl IntuitionOs for AmigaIntuition {
    fn intuition_base(&mut self) -> u32 {
        self.intuition.base()
    }

    fn locked(&mut self, f: &mut dyn FnMut(&mut dyn IntuitionMemory)) {
        introspect::with_ibase_locked(&self.intuition, || f(&mut Copier))
    }

    /// RAM only: AROS's `TypeOfMem()` also answers `MEMF_KICK` (1 << 10)
    /// for ROM addresses (measured with the BoopsiFixture), and a class
    /// made by `MakeClass()` is always in chip or fast RAM.
    fn is_real_memory(&mut self, addr: u32) -> bool {
        exec::type_of_mem(addr) & (amiga_ndk::exec::MEMF_CHIP | amiga_ndk::exec::MEMF_FAST) != 0
    }

    fn get_attr(&mut self, object: u32, attr: u32) -> Option<u32> {
        introspect::get_attr(&self.intuition, object, attr)
    }

    fn get_attrs(&mut self, object: u32, attrs: &[u32], out: &mut [Option<u32>]) -> usize {
        introspect::get_attrs(&self.intuition, object, attrs, out)
    }

    fn gt_get_attr(&mut self, gadget: u32, window: u32, tag: u32) -> Option<u32> {
        introspect::gt_get_attr(self.gadtools.as_ref()?, gadget, window, tag)
    }

    fn forbid(&mut self) {
        exec::forbid()
    }

    fn permit(&mut self) {
        exec::permit()
    }

    fn task_switches(&mut self) -> u32 {
        exec::dispatch_count()
    }
}

/// Files and processes through dos.library; messages to other programs'
/// ports (rexxsyslib) and Workbench starts, all replied to one port.
pub struct AmigaSystem<'a> {
    dos: &'a Dos,
    sys: &'a RexxSys,
    reply: &'a MsgPort,
    next: Request,
    /// Sent, not yet replied: (request, still wanted?, message).
    inflight: Vec<(Request, bool, InFlight<'a>)>,
    /// Replied, not yet collected by the engine.
    replies: Vec<(Request, i32, Vec<u8>)>,
    /// WBLAUNCHed programs still running.
    launched: Vec<Launched<'a, Option<Scratch<'a>>>>,
    /// `IntuitionBase`, for the recording handler (it reads `FirstScreen`
    /// and `ActiveWindow` there).
    ibase: u32,
    /// The recording handler while `RECORD` is on.
    record: Option<RecordHandler>,
}

impl<'a> AmigaSystem<'a> {
    /// Sends through rexxsyslib `sys`; every reply (and every Workbench
    /// start message) comes back to `reply`.
    /// `ibase` is IntuitionBase (the recording handler reads it).
    pub fn new(dos: &'a Dos, sys: &'a RexxSys, reply: &'a MsgPort, ibase: u32) -> AmigaSystem<'a> {
        AmigaSystem {
            dos,
            sys,
            reply,
            next: 1,
            inflight: Vec::new(),
            replies: Vec::new(),
            launched: Vec::new(),
            ibase,
            record: None,
        }
    }

    /// The recording handler's signal (0 while RECORD is off).
    pub fn record_mask(&self) -> u32 {
        self.record.as_ref().map_or(0, RecordHandler::signal_mask)
    }

    /// The events the recording handler saw since the last drain, as the
    /// recorder takes them, and how many it lost; `None` while RECORD is
    /// off.
    pub fn record_drain(&mut self) -> Option<(Vec<Observed>, u32)> {
        let h = self.record.as_mut()?;
        let mut raw = Vec::new();
        let lost = h.drain(&mut raw);
        let events = raw
            .iter()
            .filter_map(|r| {
                Observed::from_raw(
                    r.class,
                    r.code,
                    r.qualifier,
                    r.screen,
                    r.x,
                    r.y,
                    r.active_window,
                    r.seconds,
                    r.micros,
                )
            })
            .collect();
        Some((events, lost))
    }

    /// The reply port's signal.
    pub fn signal_mask(&self) -> u32 {
        self.reply.signal_mask()
    }

    /// Takes every message from the reply port; true if any arrived.
    pub fn collect(&mut self) -> bool {
        let mut any = false;
        while let Some(m) = self.reply.get() {
            any = true;
            if let Some(i) = self.inflight.iter().position(|(_, _, f)| f.addr() == m) {
                let (req, wanted, f) = self.inflight.remove(i);
                if let Ok(mut msg) = f.replied(m) {
                    let rc = msg.result1();
                    let text = msg.take_result().map(|a| a.text()).unwrap_or_default();
                    if wanted {
                        self.replies.push((req, rc, text));
                    }
                    // Dropping msg deletes it and its argstrings.
                }
            } else if let Some(i) = self.launched.iter().position(|l| l.is_reply(m)) {
                // The program ended: unload, unlock, remove the scratch icon.
                self.launched.remove(i).finish();
            }
        }
        any
    }

    /// Waits for every reply still owed (at exit).
    pub fn drain(&mut self) {
        while !self.inflight.is_empty() || !self.launched.is_empty() {
            amiga_rt::exec::wait(self.reply.signal_mask());
            self.collect();
        }
    }
}

/// The file verbs over dos.library; no requester for a missing volume
/// (a script must get an RC, not a "Please insert volume" on the screen).
impl<'a> FileSystem for AmigaSystem<'a> {
    type Lock = FileLock<'a>;

    fn lock(&mut self, path: &[u8]) -> Result<FileLock<'a>, i32> {
        let _quiet = NoRequesters::new();
        let dos: &'a Dos = self.dos;
        dos.lock(path, SHARED_LOCK)
    }

    fn parent(&mut self, lock: &FileLock<'a>) -> Option<FileLock<'a>> {
        lock.parent()
    }

    fn same(&mut self, a: &FileLock<'a>, b: &FileLock<'a>) -> bool {
        a.same(b)
    }

    fn examine(&mut self, lock: &FileLock<'a>) -> Result<Entry, i32> {
        lock.examine().map(|fib| entry_from_fib(&fib))
    }

    fn list(&mut self, dir: &FileLock<'a>) -> Result<Vec<Entry>, i32> {
        dir.entries().map(|fibs| fibs.iter().map(|f| entry_from_fib(f)).collect())
    }

    fn create_dir(&mut self, path: &[u8]) -> Result<(), i32> {
        let _quiet = NoRequesters::new();
        self.dos.create_dir(path).map(drop)
    }

    fn delete(&mut self, path: &[u8]) -> Result<(), i32> {
        let _quiet = NoRequesters::new();
        self.dos.delete_path(path)
    }

    fn read(&mut self, path: &[u8], max: usize) -> Result<Vec<u8>, i32> {
        let _quiet = NoRequesters::new();
        self.dos.read_file(path, max)
    }

    fn write(&mut self, path: &[u8], data: &[u8]) -> Result<(), i32> {
        let _quiet = NoRequesters::new();
        self.dos.write_file(path, data)
    }

    fn fault(&mut self, code: i32) -> Vec<u8> {
        self.dos.fault_text(code)
    }

    fn idle_device(&mut self, name: &[u8]) -> bool {
        self.dos.idle_device(name)
    }
}

/// `System::seen`: the window's pixels read live ([`LiveWindow`]) and
/// the fonts of `GfxBase->TextFonts`, the window's own first.
pub(crate) fn seen(ibase: u32, window: u32) -> Result<gadgetscope_engine::shown::Seen, Error> {
    use amiga_rt::graphics::PixelsError;
    use gadgetscope_textread::{Font, MAX_YSIZE};
    let graphics = Graphics::open(39).map_err(|_| Error::new(Rc::Failed, "graphics.library 39 cannot be opened"))?;
    let reader = graphics.read_window(ibase, window).map_err(|e| match e {
        PixelsError::Gone => Error::new(Rc::Failed, "the window closed while it was read"),
        PixelsError::Deep => Error::new(Rc::Failed, "the window's screen has no pens (deeper than 8 bits)"),
    })?;
    let mut copies = reader.fonts(FONTS_MAX, MAX_YSIZE);
    // The window's own font first, then its screen's: a tie between
    // two fonts goes to the one listed first.
    let own = reader.facts.fonts;
    // (Rotating the window's fonts to the front keeps the others in the
    // list's order without a sort: a stable sort's code is kilobytes.)
    for &a in own.iter().rev() {
        if let Some(i) = copies.iter().position(|c| c.address == a && a != 0) {
            copies[..=i].rotate_right(1);
        }
    }
    let fonts = copies
        .iter()
        .filter_map(|c| {
            Font::from_text_font(
                &c.name,
                &c.header,
                &c.char_data,
                &c.char_loc,
                c.char_space.as_deref(),
                c.char_kern.as_deref(),
            )
        })
        .collect();
    drop(copies);
    let offset = reader.facts.offset;
    Ok(gadgetscope_engine::shown::Seen { pixels: alloc::boxed::Box::new(LiveWindow::new(reader)), offset, fonts })
}

/// A window's pixels for the text reader, read from the screen one band
/// of rows at a time (`amiga_rt::graphics::WindowReader`): the band is
/// the only copy held, and each pen reads the rows again.
struct LiveWindow {
    reader: amiga_rt::graphics::WindowReader,
    /// The rows read last, as a `Planar` of their height.
    band: gadgetscope_textread::Planar,
    /// The first row of `band`, if it holds any.
    band_y: Option<usize>,
    lost: bool,
}

impl LiveWindow {
    fn new(reader: amiga_rt::graphics::WindowReader) -> LiveWindow {
        let f = &reader.facts;
        let band = gadgetscope_textread::Planar {
            width: f.size.0,
            height: 0,
            depth: f.depth,
            bytes_per_row: f.bytes_per_row,
            first_bit: f.first_bit,
            data: Vec::new(),
            covered: Vec::new(),
        };
        LiveWindow { reader, band, band_y: None, lost: false }
    }
}

impl LiveWindow {
    /// Rows `y..y + n` in the band (read unless they are there already);
    /// false when the window closed meanwhile.
    fn load(&mut self, y: usize, n: usize) -> bool {
        if self.band_y != Some(y) || self.band.height != n {
            let f = &self.reader.facts;
            self.band.data.clear();
            self.band.data.resize(f.depth * n * f.bytes_per_row, 0);
            self.band.height = n;
            self.band.covered = f.covered.iter().map(|c| c.offset(0, -(y as i32))).collect();
            self.band_y = Some(y);
            if !self.reader.rows(y, n, &mut self.band.data) {
                self.lost = true;
            }
        }
        !self.lost
    }
}

impl gadgetscope_textread::Pixels for LiveWindow {
    fn width(&self) -> usize {
        self.reader.facts.size.0
    }

    fn height(&self) -> usize {
        self.reader.facts.size.1
    }

    fn pen_rows(&mut self, pen: u8, y: usize, out: &mut [u8]) {
        let rb = self.width().div_ceil(8);
        let n = out.len() / rb.max(1);
        out.fill(0);
        if self.lost || n == 0 {
            return;
        }
        if !self.load(y, n) {
            return;
        }
        for (r, bytes) in out.chunks_mut(rb).enumerate() {
            self.band.pen_row(pen, r, bytes);
        }
    }

    /// One pass over the window's rows, band by band, marking the pens
    /// that occur (absent pens then cost nothing).
    fn pens(&mut self) -> Vec<u8> {
        let mut present = [false; 256];
        let h = self.height();
        let mut y = 0;
        while y < h && !self.lost {
            let n = (h - y).min(32);
            if !self.load(y, n) {
                break;
            }
            for r in 0..n {
                self.band.mark_pens(r, &mut present);
            }
            y += n;
        }
        (0..=255u8).filter(|&p| present[usize::from(p)]).collect()
    }

    fn readable(&self, r: Rect) -> bool {
        !self.reader.facts.covered.iter().any(|c| c.overlaps(&r))
    }

    fn lost(&self) -> bool {
        self.lost
    }
}

/// Most fonts of the system's list read for `SHOWN` (a longer list is
/// a broken one).
const FONTS_MAX: usize = 64;

impl<'a> System for AmigaSystem<'a> {
    /// Not in GadgetScope for now: the text reader makes the program
    /// larger than the floppy and the stock A1200's room beside it allow
    /// (docs/design/performance.md "SHOWN"); it runs on
    /// the Amiga in GadgetScopeBench (`seen`), until it is a part loaded
    /// on demand.
    fn seen(&mut self, _ibase: u32, _window: u32) -> Result<gadgetscope_engine::shown::Seen, Error> {
        Err(Error::new(
            Rc::Error,
            "SHOWN, SHOWN= and AT= need the text reader, which this GadgetScope leaves out (it does not fit yet)",
        ))
    }

    fn capture(&mut self, ibase: u32, screen: u32, crop: Option<Rect>, to: Option<&[u8]>) -> Result<Vec<u8>, Error> {
        let gone = || Error::new(Rc::Failed, "the screen closed during SCREENSHOT");
        let no_memory = |n: usize| error!(Rc::Failed, "not enough memory for the capture ({n} bytes)");
        let graphics =
            Graphics::open(39).map_err(|_| Error::new(Rc::Failed, "graphics.library 39 cannot be opened"))?;
        let (mut reader, facts) = graphics.read_screen(ibase, screen).ok_or_else(|| {
            Error::new(Rc::Failed, "the screen has closed, or has no pens to read (deeper than 8 bits)")
        })?;
        let info = CaptureInfo {
            width: facts.size.0,
            height: facts.size.1,
            depth: facts.depth,
            view_modes: facts.view_modes,
            palette: facts.palette,
            crop,
        };
        let (depth, bpr) = (info.depth, info.bytes_per_row());
        let mut buf = alloc::vec![0u8; bpr * 8];
        let mut rows = |y: u32, line: &mut Vec<u8>| match reader.row(y, depth, &mut buf) {
            Some(Row::Planes(p)) => {
                line.extend_from_slice(p);
                true
            }
            Some(Row::Pens(pens)) => {
                screenshot::planes_of_row(pens, depth, bpr, line);
                true
            }
            None => false,
        };
        let Some(path) = to else {
            if info.payload_len() > gadgetscope_arexx::RESULT_MAX {
                return Err(error!(
                    Rc::Error,
                    "the capture is {} bytes, more than a result holds ({}): give TO=<file>",
                    info.payload_len(),
                    gadgetscope_arexx::RESULT_MAX
                ));
            }
            return screenshot::payload(&info, &mut rows).map_err(|e| match e {
                CaptureError::NoMemory(n) => no_memory(n),
                _ => gone(),
            });
        };
        let _quiet = NoRequesters::new();
        let dos: &Dos = self.dos;
        let fail = |e: i32| error!(Rc::Failed, "{}: {}", Shown(path), Shown(&dos.fault_text(e)));
        let file = dos.create(path).map_err(fail)?;
        match screenshot::write_ilbm(&info, &mut rows, &mut |b: &[u8]| file.write(b)) {
            Ok(()) => Ok(alloc::format!("{} {} {}", info.width, info.height, info.depth).into_bytes()),
            Err(e) => {
                drop(file);
                let _ = dos.delete_path(path); // no half-written picture is left
                Err(match e {
                    CaptureError::Write(code) => fail(code),
                    CaptureError::ScreenGone => gone(),
                    CaptureError::NoMemory(n) => no_memory(n),
                })
            }
        }
    }

    fn read_file(&mut self, path: &[u8]) -> Result<Vec<u8>, Error> {
        self.dos
            .read_file(path, MANIFEST_MAX)
            .map_err(|code| error!(Rc::Error, "cannot read \"{}\" (DOS error {code})", Shown(path)))
    }

    fn port_exists(&mut self, name: &[u8]) -> bool {
        amiga_rt::rexx::port_exists(name)
    }

    fn rexx_send(&mut self, port: &[u8], command: &[u8]) -> Result<Request, SendError> {
        let sys: &'a RexxSys = self.sys;
        let Some(mut msg) = sys.create_rexx_msg(self.reply) else {
            return Err(SendError::Failed("no memory for a RexxMsg".into()));
        };
        let Some(arg) = sys.create_argstring(command) else {
            return Err(SendError::Failed("no memory for an argstring".into()));
        };
        msg.set_action(RXCOMM | RXFF_RESULT);
        msg.set_arg(0, arg);
        match msg.send(port) {
            Ok(f) => {
                let req = self.next;
                self.next = self.next.wrapping_add(1);
                self.inflight.push((req, true, f));
                Ok(req)
            }
            Err((_, amiga_rt::rexx::PortError::NoPort)) => Err(SendError::NoPort),
            Err((_, e)) => Err(SendError::Failed(alloc::format!("{e}"))),
        }
    }

    fn rexx_reply(&mut self, req: Request) -> Option<(i32, Vec<u8>)> {
        let i = self.replies.iter().position(|r| r.0 == req)?;
        let (_, rc, text) = self.replies.remove(i);
        Some((rc, text))
    }

    fn rexx_forget(&mut self, req: Request) {
        for f in self.inflight.iter_mut().filter(|f| f.0 == req) {
            f.1 = false;
        }
        self.replies.retain(|r| r.0 != req);
    }

    fn launch(&mut self, stack: Option<u32>, command: &[u8]) -> Result<(), Vec<u8>> {
        self.dos.run_async(command, stack).map_err(|e| self.dos.fault_text(e))
    }

    fn record_start(&mut self) -> Result<(), String> {
        let h = RecordHandler::install(self.ibase).map_err(|e| match e {
            HandlerError::NoSignal => String::from("no free signal"),
            HandlerError::NoMemory => String::from("no memory for its buffer"),
            HandlerError::Device(code) => alloc::format!("input.device refused it (error {code})"),
        })?;
        self.record = Some(h);
        Ok(())
    }

    fn record_stop(&mut self) {
        // Dropping the handler removes it from input.device.
        self.record = None;
    }

    /// A genuine Workbench start, its code in the WBLAUNCH part
    /// ([`crate::WBLAUNCH_PART`], loaded for the verb and unloaded after
    /// it). RC 20 when the part cannot be loaded (the reason in the text).
    fn wb_launch(&mut self, path: &[u8], tooltypes: &[Vec<u8>], args: &[Vec<u8>]) -> Result<(), Error> {
        let _part = crate::WBLAUNCH_PART
            .load_or_why(self.dos)
            .map_err(|why| error!(Rc::Failed, "cannot start {}: {}", Shown(path), Shown(&why)))?;
        // Through a pointer the compiler cannot see through, so that the
        // call goes through the function table (docs/design/parts.md).
        let start: Start<'a> = core::hint::black_box(crate::wblaunch::start);
        let l = start(self.dos, self.reply, path, tooltypes, args)?;
        self.launched.push(l);
        Ok(())
    }
}

/// [`wblaunch::start`]'s type.
type Start<'a> =
    fn(&'a Dos, &'a MsgPort, &[u8], &[Vec<u8>], &[Vec<u8>]) -> Result<Launched<'a, Option<Scratch<'a>>>, Error>;

/// input.device and keymap.library; the USA table when keymap.library
/// cannot be opened. dos.library for the tick it yields.
pub struct AmigaActor<'a> {
    intuition: Library,
    dos: &'a Dos,
    input: Option<InputDevice>,
    keymap: Option<Keymap>,
    fallback: UsKeyMap,
}

impl<'a> AmigaActor<'a> {
    /// input.device and keymap.library when they open (a missing
    /// input.device makes every action RC 20, a missing keymap.library
    /// falls back to the USA map); intuition.library V39.
    pub fn open(dos: &'a Dos) -> Result<AmigaActor<'a>, LibraryError> {
        let intuition = Library::open("intuition.library", 39)?;
        Ok(AmigaActor {
            intuition,
            dos,
            input: InputDevice::open().ok(),
            keymap: Keymap::open().ok(),
            fallback: UsKeyMap,
        })
    }
}

impl KeyMap for AmigaActor<'_> {
    fn map(&mut self, byte: u8) -> Option<Vec<(u8, u8)>> {
        match &self.keymap {
            Some(k) => k.map_ansi(&[byte]).ok(),
            None => self.fallback.map(byte),
        }
    }
}

impl Actor for AmigaActor<'_> {
    fn bring_forward(&mut self, window: &WindowInfo) {
        rtinput::screen_to_front(&self.intuition, window.screen);
        rtinput::window_to_front(&self.intuition, window.address);
        rtinput::activate_window(&self.intuition, window.address);
    }

    fn inject(&mut self, screen: u32, events: &[Event]) -> Result<(), String> {
        let dev = self.input.as_mut().ok_or_else(|| String::from("input.device could not be opened"))?;
        for e in events {
            let r = match *e {
                Event::PointerTo { x, y, qualifier } => dev.pointer_to(screen, x, y, qualifier),
                Event::Button { code, qualifier } => dev.raw_mouse(code, qualifier),
                Event::Key { code, qualifier, prev } => dev.raw_key(code, qualifier, prev),
            };
            r.map_err(|err| alloc::format!("event refused (io_Error {err})"))?;
        }
        Ok(())
    }

    fn keymap(&mut self) -> &mut dyn KeyMap {
        self
    }

    fn yield_to_lower(&mut self) {
        self.dos.delay(1);
    }
}
