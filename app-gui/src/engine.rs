//! GadgetScope's ARexx engine: the `gadgetscope_arexx::Engine` verbs over
//! the walker (core), the DOS side ([`System`]) and, for the verbs that
//! act, input.device. Generic over the OS boundary, so host tests run it
//! on `gadgetscope_core::fake::FakeIntuition`.
use crate::inspect::{inspect, Failure, Inspect};
use alloc::string::String;
use alloc::vec::Vec;
use gadgetscope_arexx::{Abandon, Condition, Destination, Engine, Expect, Outcome, Target, WaitToken};
use gadgetscope_arexx::{Error, Rc};
use gadgetscope_core::locate::{find_gadget, find_target, GadgetLocator, WindowTarget};
use gadgetscope_core::snapshot::{GadgetSnap, WindowSnap};
use gadgetscope_core::walk::{read_screens, walk_window, IntuitionOs};

/// What the engine needs from DOS and exec besides Intuition.
pub trait System {
    /// The whole file at an AmigaDOS path; `Err(text)` names the problem.
    fn read_file(&mut self, path: &[u8]) -> Result<Vec<u8>, String>;
}

/// The engine: the OS boundary, the system and the waits it carries out.
pub struct GsEngine<O, S> {
    pub os: O,
    pub system: S,
    waits: Vec<(WaitToken, Condition)>,
    next_token: u32,
}

fn shown(b: &[u8]) -> String {
    b.iter().map(|&c| c as char).collect()
}

fn rc_of(code: i32) -> Rc {
    match code {
        5 => Rc::NotFound,
        10 => Rc::Error,
        15 => Rc::Timeout,
        _ => Rc::Failed,
    }
}

fn from_failure(f: Failure) -> Error {
    Error::new(rc_of(f.rc), shown(&f.message))
}

fn window_not_found(w: &WindowTarget) -> Error {
    let mut t = alloc::format!("no window matches \"{}\"", shown(&w.pattern));
    if let Some(s) = &w.screen {
        t.push_str(&alloc::format!(" on a screen matching \"{}\"", shown(s)));
    }
    Error::new(Rc::NotFound, t)
}

fn describe(l: &GadgetLocator) -> String {
    match l {
        GadgetLocator::Id(id) => alloc::format!("gadget {id}"),
        GadgetLocator::Match { role, label, index } => {
            let mut t = String::from("gadget");
            if let Some(r) = role {
                t.push_str(&alloc::format!(" ROLE={}", r.as_str()));
            }
            if let Some(l) = label {
                t.push_str(&alloc::format!(" LABEL=\"{}\"", shown(l)));
            }
            if let Some(i) = index {
                t.push_str(&alloc::format!(" INDEX={i}"));
            }
            t
        }
    }
}

/// GETTEXT's value: the string value, else the label, else empty
/// (AREXX.md verb table).
pub fn gettext_value(g: &GadgetSnap) -> Vec<u8> {
    match &g.value {
        Some(v) => v.clone(),
        None => g.label.clone(),
    }
}

impl<O: IntuitionOs, S: System> GsEngine<O, S> {
    /// An engine over `os` and `system`.
    pub fn new(os: O, system: S) -> Self {
        GsEngine { os, system, waits: Vec::new(), next_token: 1 }
    }

    /// The live window a target names, walked now.
    fn walk_target(&mut self, w: &WindowTarget) -> Result<WindowSnap, Error> {
        let snap = read_screens(&mut self.os).map_err(|_| Error::new(Rc::Failed, "IntuitionBase cannot be read"))?;
        let addr = find_target(&snap, w).ok_or_else(|| window_not_found(w))?.address;
        let t = walk_window(&mut self.os, addr).map_err(|_| window_not_found(w))?;
        if t.truncated {
            return Err(Error::new(Rc::Error, alloc::format!("the gadget list of \"{}\" is cyclic or unreadable", shown(&w.pattern))));
        }
        Ok(t)
    }

    /// The gadget a live target names, walked now.
    fn gadget(&mut self, target: &Target) -> Result<(WindowSnap, usize), Error> {
        match target {
            Target::Live { window, gadget } => {
                let w = self.walk_target(window)?;
                let i = find_gadget(&w.gadgets, gadget)
                    .map(|(i, _)| i)
                    .ok_or_else(|| Error::new(Rc::NotFound, alloc::format!("no {} in \"{}\"", describe(gadget), shown(&window.pattern))))?;
                Ok((w, i))
            }
            Target::Where { .. } => Err(Error::new(Rc::Error, "WHEREGADGET names need the WHERE port client, which this build does not have yet")),
        }
    }

    /// Whether a wait's condition holds now.
    fn holds(&mut self, c: &Condition) -> Result<bool, Error> {
        match c {
            Condition::Window { screen, pattern } | Condition::NoWindow { screen, pattern } => {
                let snap = read_screens(&mut self.os).map_err(|_| Error::new(Rc::Failed, "IntuitionBase cannot be read"))?;
                let t = WindowTarget { screen: screen.clone(), pattern: pattern.clone() };
                let found = find_target(&snap, &t).is_some();
                Ok(matches!(c, Condition::Window { .. }) == found)
            }
            Condition::Text { target, text } => match self.gadget(target) {
                Ok((w, i)) => Ok(gettext_value(&w.gadgets[i]) == *text),
                // Not there yet is "not yet", not an error.
                Err(e) if e.rc == Rc::NotFound => Ok(false),
                Err(e) => Err(e),
            },
            Condition::Requester { screen } => {
                let snap = read_screens(&mut self.os).map_err(|_| Error::new(Rc::Failed, "IntuitionBase cannot be read"))?;
                Ok(snap
                    .screens
                    .iter()
                    .filter(|s| screen.as_deref().map_or(true, |p| s.default_title.as_deref().is_some_and(|t| gadgetscope_core::locate::contains(t, p))))
                    .flat_map(|s| s.windows.iter())
                    .any(|w| w.first_request != 0))
            }
        }
    }

    fn not_yet(what: &str) -> Error {
        Error::new(Rc::Failed, alloc::format!("{what} is not available in this build of GadgetScope"))
    }
}

impl<O: IntuitionOs, S: System> Engine for GsEngine<O, S> {
    fn screens(&mut self) -> Result<Vec<u8>, Error> {
        inspect(&mut self.os, &Inspect::Screens).map_err(from_failure)
    }

    fn tree(&mut self, window: &WindowTarget, full: bool) -> Result<Vec<u8>, Error> {
        let what = Inspect::Tree { window: Some(window.pattern.clone()), screen: window.screen.clone(), full };
        inspect(&mut self.os, &what).map_err(from_failure)
    }

    fn menu(&mut self, window: &WindowTarget) -> Result<Vec<u8>, Error> {
        let what = Inspect::Menu { window: Some(window.pattern.clone()), screen: window.screen.clone() };
        inspect(&mut self.os, &what).map_err(from_failure)
    }

    fn pick(&mut self, _screen: Option<&[u8]>) -> Result<Vec<u8>, Error> {
        Err(Self::not_yet("PICK"))
    }

    fn click(&mut self, _target: &Target, _expect: Option<&Expect>) -> Result<Outcome, Error> {
        Err(Self::not_yet("CLICK"))
    }

    fn type_text(&mut self, _target: &Target, _text: &[u8]) -> Result<Outcome, Error> {
        Err(Self::not_yet("TYPE"))
    }

    fn get_text(&mut self, target: &Target) -> Result<Outcome, Error> {
        let (w, i) = self.gadget(target)?;
        Ok(Outcome::Done(gettext_value(&w.gadgets[i])))
    }

    fn drag(&mut self, _target: &Target, _to: &Destination) -> Result<Outcome, Error> {
        Err(Self::not_yet("DRAG"))
    }

    fn window_move(&mut self, _window: &WindowTarget, _dx: i16, _dy: i16) -> Result<(), Error> {
        Err(Self::not_yet("WINDOWMOVE"))
    }

    fn window_size(&mut self, _window: &WindowTarget, _width: u16, _height: u16) -> Result<(), Error> {
        Err(Self::not_yet("WINDOWSIZE"))
    }

    fn menu_pick(&mut self, _window: &WindowTarget, _menu: u8, _item: u8, _sub: Option<u8>) -> Result<(), Error> {
        Err(Self::not_yet("MENUPICK"))
    }

    fn wait_for(&mut self, cond: &Condition) -> Result<Outcome, Error> {
        // Checked at least once before the message is held (AREXX.md "Waits").
        if self.holds(cond)? {
            return Ok(Outcome::Done(Vec::new()));
        }
        let token = WaitToken(self.next_token);
        self.next_token = self.next_token.wrapping_add(1).max(1);
        self.waits.push((token, cond.clone()));
        Ok(Outcome::Pending(token))
    }

    fn where_geometry(&mut self, _port: &[u8], _name: &[u8]) -> Result<Outcome, Error> {
        Err(Self::not_yet("WHERE"))
    }

    fn mui_rexx(&mut self, _base: &[u8], _command: &[u8]) -> Result<Outcome, Error> {
        Err(Self::not_yet("MUIREXX"))
    }

    fn launch(&mut self, _stack: Option<u32>, _command: &[u8]) -> Result<(), Error> {
        Err(Self::not_yet("LAUNCH"))
    }

    fn wb_launch(&mut self, _path: &[u8], _tooltypes: &[Vec<u8>], _args: &[Vec<u8>]) -> Result<(), Error> {
        Err(Self::not_yet("WBLAUNCH"))
    }

    fn read_file(&mut self, path: &[u8]) -> Result<Vec<u8>, Error> {
        self.system.read_file(path).map_err(|t| Error::new(Rc::Error, t))
    }

    fn show(&mut self) -> Result<(), Error> {
        Err(Error::new(Rc::Error, "SHOW: GadgetScope runs without its window (NOGUI)"))
    }

    fn hide(&mut self) -> Result<(), Error> {
        Err(Error::new(Rc::Error, "HIDE: GadgetScope runs without its window (NOGUI)"))
    }

    fn highlight(&mut self, _target: &Target) -> Result<Outcome, Error> {
        Err(Error::new(Rc::Error, "HIGHLIGHT: GadgetScope runs without its window (NOGUI)"))
    }

    fn poll(&mut self, token: WaitToken) -> Option<Result<Vec<u8>, Error>> {
        let i = self.waits.iter().position(|(t, _)| *t == token)?;
        let cond = self.waits[i].1.clone();
        match self.holds(&cond) {
            Ok(false) => None,
            Ok(true) => {
                self.waits.remove(i);
                Some(Ok(Vec::new()))
            }
            Err(e) => {
                self.waits.remove(i);
                Some(Err(e))
            }
        }
    }

    fn abandon(&mut self, token: WaitToken, _why: Abandon) {
        self.waits.retain(|(t, _)| *t != token);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gadgetscope_arexx::Host;
    use gadgetscope_core::fake::{FakeIntuition, GadgetSpec};
    use gadgetscope_core::ndk::{GADTOOL_TYPE, GTYP_BOOLGADGET, GTYP_STRGADGET};

    struct Files(Vec<(Vec<u8>, Vec<u8>)>);

    impl System for Files {
        fn read_file(&mut self, path: &[u8]) -> Result<Vec<u8>, String> {
            self.0.iter().find(|(p, _)| p == path).map(|(_, c)| c.clone()).ok_or_else(|| alloc::format!("cannot open \"{}\": object not found", shown(path)))
        }
    }

    fn engine() -> (GsEngine<FakeIntuition, Files>, u32) {
        let mut f = FakeIntuition::new();
        let wb = f.add_screen(Some(b"Workbench Screen"), (0, 0, 640, 256));
        let w = f.add_window(wb, Some(b"GadTools Fixture"), (10, 20, 300, 100));
        let mut b = GadgetSpec::new(GTYP_BOOLGADGET | GADTOOL_TYPE, 20, 30, 80, 14);
        b.id = 1;
        b.gadget_text = f.intuitext(Some(b"_Connect"));
        f.add_gadget(w, &b);
        let mut s = GadgetSpec::new(GTYP_STRGADGET | GADTOOL_TYPE, 20, 50, 120, 12);
        s.id = 2;
        s.special_info = f.string_info(b"hello");
        f.add_gadget(w, &s);
        let manifest = b"MANIFEST 1\nAPP Fixture\nWINDOW main \"GadTools Fixture\"\nGADGET name main 2\n".to_vec();
        (GsEngine::new(f, Files(vec![(b"DH0:Fixture.manifest".to_vec(), manifest)])), w)
    }

    fn run(host: &mut Host<u32>, e: &mut GsEngine<FakeIntuition, Files>, line: &str, now: u32) -> (i32, String) {
        let out = host.command(e, line.as_bytes(), 1, now);
        assert_eq!(out.len(), 1, "{line}: replied at once");
        (out[0].1.rc as i32, shown(&out[0].1.text))
    }

    #[test]
    fn tree_gettext_and_not_found() {
        let (mut e, _) = engine();
        let mut h = Host::new("test");
        let (rc, t) = run(&mut h, &mut e, "TREE \"GadTools\"", 0);
        assert_eq!(rc, 0);
        assert!(t.starts_with("window \"GadTools Fixture\""), "{t}");
        assert_eq!(run(&mut h, &mut e, "GETTEXT GadTools 2", 0), (0, "hello".into()));
        assert_eq!(run(&mut h, &mut e, "GETTEXT GadTools ROLE=button", 0), (0, "Connect".into()));
        let (rc, t) = run(&mut h, &mut e, "GETTEXT GadTools 9", 0);
        assert_eq!((rc, t.as_str()), (5, "no gadget 9 in \"GadTools\""));
        assert_eq!(run(&mut h, &mut e, "LASTERROR", 0), (0, "no gadget 9 in \"GadTools\"".into()));
        let (rc, t) = run(&mut h, &mut e, "TREE Nowhere", 0);
        assert_eq!((rc, t.as_str()), (5, "no window matches \"Nowhere\""));
    }

    #[test]
    fn manifest_and_names() {
        let (mut e, _) = engine();
        let mut h = Host::new("test");
        assert_eq!(run(&mut h, &mut e, "MANIFEST DH0:Fixture.manifest", 0), (0, "loaded Fixture: 1 windows, 1 gadgets".into()));
        assert_eq!(run(&mut h, &mut e, "GETTEXT @name", 0), (0, "hello".into()));
        let (rc, t) = run(&mut h, &mut e, "MANIFEST DH0:missing", 0);
        assert_eq!(rc, 10);
        assert!(t.contains("object not found"), "{t}");
    }

    #[test]
    fn waitfor_window_is_held_then_replied_or_times_out() {
        let (mut e, w) = engine();
        let mut h = Host::new("test");
        assert_eq!(run(&mut h, &mut e, "WAITFOR WINDOW=GadTools", 0), (0, String::new()));
        // NOWINDOW for an open window is held ...
        assert!(h.command(&mut e, b"WAITFOR NOWINDOW=GadTools TIMEOUT=2", 7, 0).is_empty());
        assert!(h.has_waits());
        // ... while other commands are answered,
        assert_eq!(run(&mut h, &mut e, "GETTEXT GadTools 2", 1).0, 0);
        assert!(h.tick(&mut e, 1).is_empty());
        // and replied RC 0 once the window closes.
        e.os.close_window(w);
        let r = h.tick(&mut e, 2);
        assert_eq!(r.len(), 1);
        assert_eq!((r[0].0, r[0].1.rc as i32), (7, 0));
        // A window that never comes: RC 15 after TIMEOUT seconds of ticks.
        assert!(h.command(&mut e, b"WAITFOR WINDOW=Never TIMEOUT=1", 8, 10).is_empty());
        assert!(h.tick(&mut e, 19).is_empty());
        let r = h.tick(&mut e, 20);
        assert_eq!((r[0].0, r[0].1.rc as i32), (8, 15));
        assert!(!h.has_waits());
    }

    #[test]
    fn waitfor_text_and_requester() {
        let (mut e, w) = engine();
        let mut h = Host::new("test");
        assert_eq!(run(&mut h, &mut e, "WAITFOR GadTools 2 TEXT=hello", 0), (0, String::new()));
        assert!(h.command(&mut e, b"WAITFOR REQUESTER TIMEOUT=1", 3, 0).is_empty());
        e.os.write_u32(w + gadgetscope_core::ndk::WD_FIRST_REQUEST as u32, 0x1234);
        let r = h.tick(&mut e, 1);
        assert_eq!((r[0].0, r[0].1.rc as i32), (3, 0));
    }

    #[test]
    fn quit_replies_held_waits_first() {
        let (mut e, _) = engine();
        let mut h = Host::new("test");
        assert!(h.command(&mut e, b"WAITFOR WINDOW=Never", 5, 0).is_empty());
        let r = h.command(&mut e, b"QUIT", 6, 1);
        assert_eq!(r.iter().map(|(m, r)| (*m, r.rc as i32)).collect::<Vec<_>>(), [(5, 20), (6, 0)]);
        assert!(e.waits.is_empty(), "the engine forgot the abandoned wait");
    }
}
