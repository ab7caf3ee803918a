//! Dispatch against a fake engine: replies, LASTERROR, manifests and
//! `@name`, held waits that complete, time out, or are cut by QUIT.

use std::collections::HashMap;

use amiga_ndk::latin1::to_string as latin1;
use gadgetscope_arexx::*;

/// A fake engine: records calls; waits finish after `polls_needed` polls.
#[derive(Default)]
struct Fake {
    calls: Vec<String>,
    files: HashMap<Vec<u8>, Vec<u8>>,
    pending: HashMap<u32, (u32, Vec<u8>)>,
    next_token: u32,
    polls_needed: u32,
    abandoned: Vec<(u32, Abandon)>,
    tree_size: usize,
}

impl Fake {
    fn wait(&mut self, result: &[u8]) -> Result<Outcome, Error> {
        if self.polls_needed == 0 {
            return Ok(Outcome::Done(result.to_vec()));
        }
        self.next_token += 1;
        self.pending.insert(self.next_token, (self.polls_needed, result.to_vec()));
        Ok(Outcome::Pending(WaitToken(self.next_token)))
    }
}

fn not_found(what: &str) -> Error {
    error!(Rc::NotFound, "no window matching \"{what}\"")
}

impl Fake {
    fn tree(&mut self, w: &WindowTarget, full: bool) -> Result<Vec<u8>, Error> {
        self.calls.push(format!("tree {} {full}", latin1(&w.pattern)));
        if w.pattern == b"Nope" {
            return Err(not_found("Nope"));
        }
        Ok(vec![b'x'; self.tree_size.max(1)])
    }
}

/// The fake's part of each verb: a line in `calls` and a result.
impl Engine for Fake {
    fn run(&mut self, cmd: &Command, names: &Names<'_>) -> Result<Outcome, Error> {
        let done = |v: &[u8]| Ok(Outcome::Done(v.to_vec()));
        match cmd {
            Command::Screens => {
                self.calls.push("screens".into());
                done(b"screen title=\"Workbench\" [0,0 640x256] frontmost=1")
            }
            Command::Tree { window, full } => Ok(Outcome::Done(self.tree(window, *full)?)),
            Command::Menu { window } => {
                self.calls.push(format!("menu {}", latin1(&window.pattern)));
                done(b"menu")
            }
            Command::Shown { window } => {
                self.calls.push(format!("shown {}", latin1(&window.pattern)));
                done(b"shown")
            }
            Command::Pick { .. } => {
                self.calls.push("pick".into());
                Err(Error::new(Rc::NotFound, "no window under the pointer"))
            }
            Command::Click { target, expect, .. } => {
                let t = names.target(target)?;
                self.calls.push(format!("click {t:?} {expect:?}"));
                if expect.is_some() {
                    self.wait(b"")
                } else {
                    done(b"")
                }
            }
            Command::Type { target, text, options } => {
                let t = names.target(target)?;
                self.calls.push(format!("type {t:?} {} {options:?}", latin1(text)));
                done(b"")
            }
            Command::GetText { target } => {
                let t = names.target(target)?;
                self.calls.push(format!("gettext {t:?}"));
                done(b"value")
            }
            Command::Drag { target, to } => {
                let t = names.target(target)?;
                let d = names.destination(&t, to)?;
                self.calls.push(format!("drag {t:?} {d:?}"));
                done(b"")
            }
            Command::WindowMove { dx, dy, .. } => {
                self.calls.push(format!("move {dx} {dy}"));
                Err(Error::new(Rc::Failed, "window has no drag bar"))
            }
            Command::WindowSize { width, height, .. } => {
                self.calls.push(format!("size {width} {height}"));
                done(b"")
            }
            Command::MenuPick { menu, item, sub, .. } => {
                self.calls.push(format!("menupick {menu} {item} {sub:?}"));
                done(b"")
            }
            Command::WaitFor { cond, .. } => {
                let c = names.condition(cond)?;
                self.calls.push(format!("waitfor {c:?}"));
                self.wait(b"")
            }
            Command::Where { name, .. } => {
                let Target::Where { port, name, .. } = names.where_gadget(name)? else { unreachable!() };
                self.calls.push(format!("where {} {}", latin1(&port), latin1(&name)));
                self.wait(b"10 20 80 14")
            }
            Command::MuiRexx { base, command, .. } => {
                self.calls.push(format!("muirexx {} {}", latin1(base), latin1(command)));
                self.wait(b"mui says hi")
            }
            Command::Launch { stack, command } => {
                self.calls.push(format!("launch {stack:?} {}", latin1(command)));
                done(b"")
            }
            Command::WbLaunch { path, tooltypes, args } => {
                self.calls.push(format!("wblaunch {} {} {}", latin1(path), tooltypes.len(), args.len()));
                done(b"launched")
            }
            Command::Fs(op) => {
                self.calls.push(format!("fs {op:?}"));
                match op {
                    FsOp::Get(p) => Ok(Outcome::Done(self.read_file(p)?)),
                    _ => done(b""),
                }
            }
            Command::Screenshot { screen, window, to } => {
                let l = |v: &Option<Vec<u8>>| v.as_deref().map(latin1);
                self.calls.push(format!("screenshot {:?} {:?} {:?}", l(screen), l(window), l(to)));
                done(b"")
            }
            Command::Show => {
                self.calls.push("show".into());
                done(b"")
            }
            Command::Hide => {
                self.calls.push("hide".into());
                done(b"")
            }
            Command::Highlight { target } => {
                let t = names.target(target)?;
                self.calls.push(format!("highlight {t:?}"));
                done(b"")
            }
            Command::Record(op) => {
                self.calls.push(format!("record {op:?}"));
                match op {
                    RecordOp::Stop => Err(Error::new(Rc::Error, "not recording")),
                    _ => done(b"0 steps"),
                }
            }
            _ => {
                self.calls.push(format!("not the engine's: {}", cmd.verb().name()));
                Err(error!(Rc::Failed, "{} is not the engine's to carry out", cmd.verb().name()))
            }
        }
    }
    fn read_file(&mut self, path: &[u8]) -> Result<Vec<u8>, Error> {
        self.files.get(path).cloned().ok_or_else(|| error!(Rc::Error, "cannot open {}", Shown(path)))
    }
    fn fs_put(&mut self, path: &[u8], data: &[u8]) -> Result<(), Error> {
        self.calls.push(format!("fs_put {} {}", latin1(path), data.len()));
        self.files.insert(path.to_vec(), data.to_vec());
        Ok(())
    }
    fn poll(&mut self, token: WaitToken) -> Option<Result<Vec<u8>, Error>> {
        let (left, result) = self.pending.get_mut(&token.0).expect("polled an unknown or abandoned token");
        *left -= 1;
        if *left == 0 {
            let r = result.clone();
            self.pending.remove(&token.0);
            Some(Ok(r))
        } else {
            None
        }
    }
    fn abandon(&mut self, token: WaitToken, why: Abandon) {
        assert!(self.pending.remove(&token.0).is_some(), "abandoned an unknown token");
        self.abandoned.push((token.0, why));
    }
}

const MANIFEST: &[u8] = b"MANIFEST 2\nAPP Demo\nWHEREPORT DEMO.WHERE\nWINDOW main \"Demo Main\"\nGADGET connect main 12\nWHEREGADGET inner main\n";

fn setup() -> (Host<u32>, Fake) {
    let mut f = Fake::default();
    f.files.insert(b"RAM:Demo.manifest".to_vec(), MANIFEST.to_vec());
    f.files.insert(b"RAM:bad.manifest".to_vec(), b"MANIFEST 1\nAPP x\nBOGUS\n".to_vec());
    (Host::new("0.1.0"), f)
}

/// One command that must be answered at once; returns its reply.
fn one(h: &mut Host<u32>, f: &mut Fake, line: &str) -> Reply {
    let mut out = h.command(f, line.as_bytes(), 1, 0);
    assert_eq!(out.len(), 1, "{line}: expected one reply");
    let (m, r) = out.pop().unwrap();
    assert_eq!(m, 1);
    r
}

fn text(r: &Reply) -> String {
    latin1(&r.text)
}

#[test]
fn immediate_verbs() {
    let (mut h, mut f) = setup();
    let r = one(&mut h, &mut f, "VERSION");
    assert_eq!(r.rc, Rc::Ok);
    assert!(text(&r).starts_with("AMIPILOT 1.1 PROTOCOL 1\nSTABLE VERSION "));
    assert!(text(&r).ends_with("\nSERVER GadgetScope 0.1.0\n"));
    assert_eq!(r.text, version_text("0.1.0"));
    assert_eq!(one(&mut h, &mut f, "screens").rc, Rc::Ok);
    assert_eq!(one(&mut h, &mut f, "TREE Prefs FULL").text, b"x");
    assert_eq!(one(&mut h, &mut f, "GETTEXT Prefs 3").text, b"value");
    assert_eq!(one(&mut h, &mut f, "WINDOWSIZE Prefs 100 50"), Reply::ok(Vec::new()));
    assert_eq!(one(&mut h, &mut f, "MENUPICK Prefs 0 1 2"), Reply::ok(Vec::new()));
    assert_eq!(one(&mut h, &mut f, "LAUNCH STACK=8192 C:Dir"), Reply::ok(Vec::new()));
    assert_eq!(one(&mut h, &mut f, "WBLAUNCH Work:Demo TOOLTYPE=A=1 ARG=RAM:x").text, b"launched");
    assert_eq!(one(&mut h, &mut f, "SHOW"), Reply::ok(Vec::new()));
    assert_eq!(one(&mut h, &mut f, "HIDE"), Reply::ok(Vec::new()));
    assert_eq!(one(&mut h, &mut f, "DRAG Prefs 4 TO 5"), Reply::ok(Vec::new()));
    assert_eq!(one(&mut h, &mut f, "TYPE Prefs 2   \"  a b\"  "), Reply::ok(Vec::new()));
    assert_eq!(one(&mut h, &mut f, "TYPE ENTER=YES CLEAR=YES Prefs 2 a \"b\""), Reply::ok(Vec::new()));
    assert!(f.calls.contains(&"tree Prefs true".to_string()));
    assert!(f.calls.contains(&"launch Some(8192) C:Dir".to_string()));
    assert!(f.calls.contains(&"wblaunch Work:Demo 1 1".to_string()));
    let typed: Vec<&String> = f.calls.iter().filter(|c| c.starts_with("type Live")).collect();
    assert!(typed[0].ends_with("Id(2) }   a b TypeOptions { clear: false, enter: false }"), "{}", typed[0]);
    assert!(typed[1].ends_with("Id(2) } a \"b\" TypeOptions { clear: true, enter: true }"), "{}", typed[1]);
    assert!(f.calls.iter().any(|c| c.starts_with("drag Live")
        && c.contains(
            "To(Live { window: WindowTarget { screen: None, pattern: [80, 114, 101, 102, 115] }, gadget: Id(5) })"
        )));
    assert!(!h.has_waits());
}

#[test]
fn lasterror_tracks_every_failure() {
    let (mut h, mut f) = setup();
    assert_eq!(one(&mut h, &mut f, "LASTERROR"), Reply::ok(Vec::new()));
    let r = one(&mut h, &mut f, "CLICK w 1 TIMEOUT=x");
    assert_eq!((r.rc, text(&r).as_str()), (Rc::Error, "TIMEOUT must be a number"));
    assert_eq!(text(&one(&mut h, &mut f, "LASTERROR")), "TIMEOUT must be a number");
    // Success does not clear it; LASTERROR itself is RC 0.
    assert_eq!(one(&mut h, &mut f, "VERSION").rc, Rc::Ok);
    assert_eq!(text(&one(&mut h, &mut f, "LASTERROR")), "TIMEOUT must be a number");
    let r = one(&mut h, &mut f, "TREE Nope");
    assert_eq!((r.rc, text(&r).as_str()), (Rc::NotFound, "no window matching \"Nope\""));
    assert_eq!(h.last_error(), b"no window matching \"Nope\"");
    let r = one(&mut h, &mut f, "WINDOWMOVE w 1 1");
    assert_eq!(r.rc, Rc::Failed);
    assert_eq!(text(&one(&mut h, &mut f, "LASTERROR")), "window has no drag bar");
    assert_eq!(one(&mut h, &mut f, "PICK").rc, Rc::NotFound);
    assert_eq!(text(&one(&mut h, &mut f, "lasterror")), "no window under the pointer");
    // RESULT is never set on errors, whatever the flags.
}

#[test]
fn result_too_large_is_rc10_never_cut() {
    let (mut h, mut f) = setup();
    f.tree_size = 65535;
    assert_eq!(one(&mut h, &mut f, "TREE w").text.len(), 65535);
    f.tree_size = 65536;
    let r = one(&mut h, &mut f, "TREE w");
    assert_eq!(r.rc, Rc::Error);
    assert_eq!(text(&r), "result too large (65536 bytes; an argstring holds 65535)");
    assert_eq!(h.last_error(), r.text.as_slice());
}

#[test]
fn manifest_and_names() {
    let (mut h, mut f) = setup();
    let r = one(&mut h, &mut f, "CLICK @connect");
    assert_eq!((r.rc, text(&r).as_str()), (Rc::Error, "no manifest loaded for @connect"));
    let r = one(&mut h, &mut f, "MANIFEST RAM:Demo.manifest");
    assert_eq!((r.rc, text(&r).as_str()), (Rc::Ok, "loaded Demo: 1 windows, 2 gadgets"));
    assert_eq!(one(&mut h, &mut f, "CLICK @CONNECT").rc, Rc::Ok);
    assert!(f.calls.last().unwrap().contains("Live { window: WindowTarget { screen: None, pattern: [68, 101, 109, 111, 32, 77, 97, 105, 110] }, gadget: Id(12) }"), "{:?}", f.calls.last());
    let r = one(&mut h, &mut f, "GETTEXT @nosuch");
    assert_eq!((r.rc, text(&r).as_str()), (Rc::Error, "unknown name @nosuch"));
    let r = one(&mut h, &mut f, "WHERE @connect");
    assert_eq!((r.rc, text(&r).as_str()), (Rc::Error, "@connect is a GADGET, not a WHEREGADGET"));
    // WHERE with a WHEREGADGET, answered at once.
    let r = one(&mut h, &mut f, "WHERE @inner");
    assert_eq!((r.rc, text(&r).as_str()), (Rc::Ok, "10 20 80 14"));
    assert_eq!(f.calls.last().unwrap(), "where DEMO.WHERE inner");
    // A rejected file: RC 10 with the parser's `line <n>: <reason>`
    // (docs/reference/formats.md); the old manifest stays.
    let r = one(&mut h, &mut f, "MANIFEST RAM:bad.manifest");
    assert_eq!((r.rc, text(&r).as_str()), (Rc::Error, "line 3: unknown record \"BOGUS\""));
    assert_eq!(h.manifest().unwrap().app, b"Demo");
    let r = one(&mut h, &mut f, "MANIFEST RAM:missing");
    assert_eq!((r.rc, text(&r).as_str()), (Rc::Error, "cannot open RAM:missing"));
    // DRAG TO a locator stays in the @name's window.
    one(&mut h, &mut f, "DRAG @connect TO 7");
    assert!(f.calls.last().unwrap().contains("gadget: Id(7)"));
}

#[test]
fn pending_wait_completes_while_other_commands_run() {
    let (mut h, mut f) = setup();
    f.polls_needed = 3;
    // Client 7 waits; nothing is replied yet.
    assert!(h.command(&mut f, b"WAITFOR WINDOW=Save TIMEOUT=5", 7, 100).is_empty());
    assert!(h.has_waits());
    assert_eq!(h.held(), 1);
    // A second client is answered during the wait.
    let out = h.command(&mut f, b"TREE Prefs", 8, 100);
    assert_eq!(out.len(), 1);
    assert_eq!(out[0].0, 8);
    assert!(h.tick(&mut f, 101).is_empty());
    assert!(h.tick(&mut f, 102).is_empty());
    let out = h.tick(&mut f, 103);
    assert_eq!(out, vec![(7, Reply::ok(Vec::new()))]);
    assert!(!h.has_waits());
}

#[test]
fn pending_wait_times_out_with_rc15() {
    let (mut h, mut f) = setup();
    f.polls_needed = 1000;
    assert!(h.command(&mut f, b"WAITFOR WINDOW=Save TIMEOUT=2", 7, u32::MAX - 5).is_empty());
    // 2 s = 20 ticks; the counter wraps in between.
    for i in 1..20u32 {
        assert!(h.tick(&mut f, (u32::MAX - 5).wrapping_add(i)).is_empty(), "tick {i}");
    }
    let out = h.tick(&mut f, (u32::MAX - 5).wrapping_add(20));
    assert_eq!(out.len(), 1);
    assert_eq!(out[0].0, 7);
    assert_eq!(out[0].1.rc, Rc::Timeout);
    assert_eq!(text(&out[0].1), "timed out after 2 s: WAITFOR WINDOW=\"Save\" TIMEOUT=2");
    assert_eq!(f.abandoned, vec![(1, Abandon::Timeout)]);
    assert_eq!(text(&one(&mut h, &mut f, "LASTERROR")), "timed out after 2 s: WAITFOR WINDOW=\"Save\" TIMEOUT=2");
}

#[test]
fn condition_true_on_the_deadline_tick_wins() {
    let (mut h, mut f) = setup();
    f.polls_needed = 10;
    assert!(h.command(&mut f, b"CLICK w 1 EXPECT=NOWINDOW TIMEOUT=1", 3, 0).is_empty());
    for t in 1..10 {
        assert!(h.tick(&mut f, t).is_empty());
    }
    assert_eq!(h.tick(&mut f, 10), vec![(3, Reply::ok(Vec::new()))]);
}

#[test]
fn default_timeout_and_timeout_zero() {
    let (mut h, mut f) = setup();
    f.polls_needed = 1000;
    assert!(h.command(&mut f, b"WAITFOR REQUESTER", 1, 0).is_empty());
    assert!(h.tick(&mut f, 99).is_empty());
    assert_eq!(h.tick(&mut f, 100)[0].1.rc, Rc::Timeout, "default 10 s = 100 ticks");
    // TIMEOUT=0 is the default too (AmiPilot's; its client sends 0.5 s as 0).
    assert!(h.command(&mut f, b"WAITFOR WINDOW=x TIMEOUT=0", 2, 200).is_empty());
    assert!(h.tick(&mut f, 299).is_empty());
    assert_eq!(h.tick(&mut f, 300)[0].1.rc, Rc::Timeout);
    assert!(!h.has_waits());
}

#[test]
fn muirexx_and_where_results_arrive_later() {
    let (mut h, mut f) = setup();
    one(&mut h, &mut f, "MANIFEST RAM:Demo.manifest");
    f.polls_needed = 2;
    assert!(h.command(&mut f, b"MUIREXX YAM GETMAILS", 1, 0).is_empty());
    assert!(h.command(&mut f, b"WHERE @inner TIMEOUT=1", 2, 0).is_empty());
    assert!(h.tick(&mut f, 1).is_empty());
    let out = h.tick(&mut f, 2);
    assert_eq!(out, vec![(1, Reply::ok(b"mui says hi".to_vec())), (2, Reply::ok(b"10 20 80 14".to_vec()))]);
    assert_eq!(f.calls[f.calls.len() - 2], "muirexx YAM GETMAILS");
}

#[test]
fn quit_replies_every_held_message_first() {
    let (mut h, mut f) = setup();
    f.polls_needed = 1000;
    assert!(h.command(&mut f, b"WAITFOR WINDOW=a", 1, 0).is_empty());
    assert!(h.command(&mut f, b"CLICK w 2 EXPECT=WINDOW=b", 2, 0).is_empty());
    let out = h.command(&mut f, b"QUIT", 3, 5);
    let order: Vec<u32> = out.iter().map(|(m, _)| *m).collect();
    assert_eq!(order, vec![1, 2, 3]);
    assert_eq!(out[0].1.rc, Rc::Failed);
    assert_eq!(text(&out[0].1), "GadgetScope is quitting: WAITFOR WINDOW=\"a\"");
    assert_eq!(out[2].1, Reply::ok(Vec::new()));
    assert!(h.quit_requested());
    assert!(!h.has_waits());
    assert_eq!(f.abandoned, vec![(1, Abandon::Shutdown), (2, Abandon::Shutdown)]);
    // After QUIT, anything else is RC 20.
    assert_eq!(one(&mut h, &mut f, "VERSION").rc, Rc::Failed);
}

#[test]
fn shutdown_replies_rc20() {
    let (mut h, mut f) = setup();
    f.polls_needed = 1000;
    assert!(h.command(&mut f, b"WAITFOR WINDOW=a", 9, 0).is_empty());
    let out = h.shutdown(&mut f);
    assert_eq!(out.len(), 1);
    assert_eq!((out[0].0, out[0].1.rc), (9, Rc::Failed));
    assert!(h.shutdown(&mut f).is_empty());
}

#[test]
fn file_verbs_go_to_the_engine_and_fsput_needs_the_wire() {
    let (mut h, mut f) = (Host::new("0.1.0"), Fake::default());
    f.files.insert(b"RAM:x".to_vec(), b"a\0b".to_vec());
    assert_eq!(one(&mut h, &mut f, "FSGET RAM:x"), Reply::ok(b"a\0b".to_vec()));
    assert_eq!(one(&mut h, &mut f, "fslist \"RAM:a b\""), Reply::ok(Vec::new()));
    assert_eq!(f.calls, ["fs Get([82, 65, 77, 58, 120])", "fs List([82, 65, 77, 58, 97, 32, 98])"]);
    let r = one(&mut h, &mut f, "FSPUT RAM:y 3");
    assert_eq!(r.rc, Rc::Error);
    assert_eq!(
        text(&one(&mut h, &mut f, "LASTERROR")),
        "FSPUT takes its data on the wire (TCP or serial); an ARexx message has no room for it"
    );
    assert_eq!(one(&mut h, &mut f, "FSPUT RAM:y 70000").rc, Rc::Error);
    assert_eq!(f.calls.len(), 2, "nothing reached the engine");
}

#[test]
fn screenshot_options_reach_the_engine() {
    let (mut h, mut f) = (Host::new("0.1.0"), Fake::default());
    assert_eq!(one(&mut h, &mut f, "SCREENSHOT").rc, Rc::Ok);
    assert_eq!(one(&mut h, &mut f, "screenshot window=\"Fix ture\" TO=RAM:a.iff SCREEN=Work").rc, Rc::Ok);
    assert_eq!(one(&mut h, &mut f, "SCREENSHOT TO=").rc, Rc::Error);
    assert_eq!(one(&mut h, &mut f, "SCREENSHOT AROS").rc, Rc::Error);
    assert_eq!(
        f.calls,
        ["screenshot None None None", "screenshot Some(\"Work\") Some(\"Fix ture\") Some(\"RAM:a.iff\")"]
    );
}

#[test]
fn uploads_are_checked_then_written_with_exactly_their_bytes() {
    let (mut h, mut f) = (Host::<u32>::new("0.1.0"), Fake::default());
    let put = h.check_upload(parse_put(b"FSPUT RAM:y 3 TIMEOUT=5").put).unwrap();
    assert_eq!(h.upload(&mut f, &put, b"xyz"), Reply::ok(b"written".to_vec()));
    assert_eq!(f.files[&b"RAM:y".to_vec()], b"xyz");
    let short = h.upload(&mut f, &put, b"xy");
    assert_eq!(
        (short.rc, text(&one(&mut h, &mut f, "LASTERROR")).as_str()),
        (Rc::Error, "FSPUT announced 3 bytes, 2 arrived")
    );
    let refused = h.check_upload(parse_put(b"FSPUT RAM:y 70000").put).unwrap_err();
    assert_eq!((refused.rc, text(&refused).as_str()), (Rc::Error, "byte count out of range (0..65535)"));
    assert_eq!(text(&one(&mut h, &mut f, "LASTERROR")), "byte count out of range (0..65535)");
    assert_eq!(h.check_upload(parse_put(b"FSPUT").put).unwrap_err().rc, Rc::Error);
    assert_eq!(f.calls, ["fs_put RAM:y 3"]);
}

#[test]
fn auth_over_arexx_compares_but_gates_nothing() {
    // No TCPPASSWORD: any AUTH is RC 0, as on the wire without a password.
    let (mut h, mut f) = setup();
    assert_eq!(one(&mut h, &mut f, "AUTH whatever"), Reply::ok(Vec::new()));
    // With one: RC 10 on a mismatch, at once (ARexx is local), RC 0 on a
    // match; nothing is gated either way.
    h.set_password(Some(b"amipilot".to_vec()));
    for wrong in ["AUTH amipilo", "AUTH amipilotx", "AUTH AMIPILOT", "AUTH \"\""] {
        let r = one(&mut h, &mut f, wrong);
        assert_eq!((r.rc, text(&r).as_str()), (Rc::Error, "AUTH refused: not the password given with TCPPASSWORD"));
    }
    assert_eq!(text(&one(&mut h, &mut f, "LASTERROR")), "AUTH refused: not the password given with TCPPASSWORD");
    assert_eq!(one(&mut h, &mut f, "TREE Prefs").rc, Rc::Ok, "a refused AUTH gates nothing");
    assert_eq!(one(&mut h, &mut f, "auth amipilot"), Reply::ok(Vec::new()));
    h.set_password(Some(b"a=b".to_vec()));
    assert_eq!(one(&mut h, &mut f, "AUTH a=b"), Reply::ok(Vec::new()));
    // A malformed AUTH is a parse error like any other.
    let r = one(&mut h, &mut f, "AUTH");
    assert_eq!((r.rc, text(&r).as_str()), (Rc::Error, "missing password"));
    assert_eq!(f.calls, ["tree Prefs false"], "AUTH never reaches the engine");
}

#[test]
fn passwords_compare_exactly() {
    assert!(same_password(b"amipilot", b"amipilot"));
    assert!(same_password(b"", b""));
    assert!(!same_password(b"amipilot", b"amipilo"));
    assert!(!same_password(b"amipilo", b"amipilot"));
    assert!(!same_password(b"amipilot", b"amipilou"));
    assert!(!same_password(b"", b"\0"));
}

/// The manifest window of `@connect` is "Demo Main"; `SCREEN=` narrows the
/// search for it (docs/reference/amipilot-differences.md #6).
#[test]
fn screen_before_a_name_filters_the_manifest_window() {
    let (mut h, mut f) = setup();
    one(&mut h, &mut f, "MANIFEST RAM:Demo.manifest");
    let demo_main = "[68, 101, 109, 111, 32, 77, 97, 105, 110]";
    let work = "Some([87, 111, 114, 107])";
    assert_eq!(one(&mut h, &mut f, "CLICK SCREEN=Work @connect").rc, Rc::Ok);
    let want = format!(
        "click Live {{ window: WindowTarget {{ screen: {work}, pattern: {demo_main} }}, gadget: Id(12) }} None"
    );
    assert_eq!(f.calls.last().unwrap(), &want);
    one(&mut h, &mut f, "GETTEXT @connect");
    assert!(f.calls.last().unwrap().contains("screen: None"), "{:?}", f.calls.last());
    // A WHEREGADGET's window is narrowed the same way.
    one(&mut h, &mut f, "GETTEXT SCREEN=Work @inner");
    let want = format!("gettext Where {{ window: WindowTarget {{ screen: {work}, pattern: {demo_main} }}, port: [68, 69, 77, 79, 46, 87, 72, 69, 82, 69], name: [105, 110, 110, 101, 114] }}");
    assert_eq!(f.calls.last().unwrap(), &want);
    // DRAG ... TO @name: both gadgets are in one window, so the second
    // search is narrowed too.
    one(&mut h, &mut f, "DRAG SCREEN=Work @connect TO @connect");
    assert_eq!(f.calls.last().unwrap().matches(&format!("screen: {work}")).count(), 2, "{:?}", f.calls.last());
    one(&mut h, &mut f, "DRAG SCREEN=Work \"Demo Main\" 3 TO @connect");
    assert_eq!(f.calls.last().unwrap().matches(&format!("screen: {work}")).count(), 2, "{:?}", f.calls.last());
    for line in ["WAITFOR SCREEN=Work @connect TEXT=x", "HIGHLIGHT SCREEN=Work @connect", "TYPE SCREEN=Work @connect x"]
    {
        h.command(&mut f, line.as_bytes(), 1, 0);
        assert!(f.calls.last().unwrap().contains(&format!("screen: {work}")), "{line}: {:?}", f.calls.last());
    }
    // Names are still checked first: without the manifest's name, RC 10.
    let r = one(&mut h, &mut f, "CLICK SCREEN=Work @nosuch");
    assert_eq!((r.rc, text(&r).as_str()), (Rc::Error, "unknown name @nosuch"));
}

/// Binary results over ARexx: whole or refused, never cut
/// (docs/reference/amipilot-differences.md #26).
#[test]
fn binary_results_are_whole_over_arexx() {
    let (mut h, mut f) = (Host::new("0.1.0"), Fake::default());
    // A file that starts with a NUL, as long as a result may be.
    let mut data = vec![0u8; FS_DATA_MAX as usize];
    data[1] = b'x';
    f.files.insert(b"RAM:bin".to_vec(), data.clone());
    assert_eq!(one(&mut h, &mut f, "FSGET RAM:bin"), Reply::ok(data));
    let r = one(&mut h, &mut f, "FSPUT RAM:bin 1");
    assert_eq!(r.rc, Rc::Error);
    assert!(text(&r).starts_with("FSPUT takes its data on the wire"), "{}", text(&r));
}

#[test]
fn gone_clients_waits_are_released_without_a_reply() {
    let (mut h, mut f) = setup();
    f.polls_needed = 1000;
    for client in 1..=5u32 {
        assert!(h.command(&mut f, b"WAITFOR WINDOW=never TIMEOUT=600", client, 0).is_empty());
    }
    assert_eq!(h.forget(&mut f, |&m| m % 2 == 1), 3);
    assert_eq!(h.held(), 2);
    assert_eq!(f.abandoned, vec![(1, Abandon::Gone), (3, Abandon::Gone), (5, Abandon::Gone)]);
    assert_eq!(f.pending.len(), 2, "the engine holds only the live clients' waits");
    assert_eq!(h.forget(&mut f, |_| false), 0);
    // The others still answer.
    let out = h.shutdown(&mut f);
    assert_eq!(out.iter().map(|(m, _)| *m).collect::<Vec<_>>(), vec![2, 4]);
}

#[test]
fn a_wait_beyond_the_budget_is_refused_before_it_acts() {
    let (mut h, mut f) = setup();
    f.polls_needed = 1000;
    for client in 0..HELD_MAX as u32 {
        assert!(h.command(&mut f, b"WAITFOR WINDOW=never TIMEOUT=600", client, 0).is_empty());
    }
    let calls = f.calls.len();
    let out = h.command(&mut f, b"CLICK w 2 EXPECT=WINDOW=b", 99, 0);
    assert_eq!(out.len(), 1);
    assert_eq!(out[0].1.rc, Rc::Failed);
    assert_eq!(
        text(&out[0].1),
        format!("GadgetScope holds {HELD_MAX} waiting commands already: CLICK refused (send it again when one has answered)")
    );
    assert_eq!(f.calls.len(), calls, "nothing was clicked");
    assert_eq!(h.held(), HELD_MAX);
    // A verb that never waits is still served.
    assert_eq!(one(&mut h, &mut f, "VERSION").rc, Rc::Ok);
    // One answered: the next wait is taken again.
    assert_eq!(h.forget(&mut f, |&m| m == 0), 1);
    assert!(h.command(&mut f, b"WAITFOR WINDOW=never", 100, 0).is_empty());
}

/// The dispatch follows the verb table: every verb's example reaches the
/// engine's `run` exactly when the table says the engine runs it, as a
/// command of that verb, and nothing else reaches it.
#[test]
fn every_verb_goes_where_the_table_says() {
    for info in VERBS {
        let (mut h, mut f) = setup();
        assert_eq!(one(&mut h, &mut f, "MANIFEST RAM:Demo.manifest").rc, Rc::Ok);
        f.calls.clear();
        let line = info.verb.example();
        let out = h.command(&mut f, line.as_bytes(), 1, 0);
        assert!(out.len() <= 1, "{line}");
        let refused = out.iter().any(|(_, r)| latin1(&r.text).contains("to carry out"));
        assert!(!refused, "{line}: {:?}", out);
        match info.runs {
            // Each fake arm writes one line naming its verb.
            Runs::Engine => {
                assert_eq!(f.calls.len(), 1, "{line}: {:?}", f.calls);
                let word = f.calls[0].split(' ').next().unwrap().to_ascii_uppercase();
                let want = match info.verb {
                    Verb::Type => "TYPE",
                    Verb::WindowMove => "MOVE",
                    Verb::WindowSize => "SIZE",
                    Verb::FsList | Verb::FsStat | Verb::FsMkDir | Verb::FsDelete | Verb::FsGet => "FS",
                    v => v.name(),
                };
                assert_eq!(word, want, "{line}: {:?}", f.calls);
            }
            Runs::Host => assert!(f.calls.is_empty(), "{line} reached the engine: {:?}", f.calls),
        }
    }
}
