//! Hostile input for the recorder: titles, labels and values that need
//! every kind of escaping, odd gadget boxes, broken lists, windows and
//! screens that vanish between press and release, and long recordings.
//! Every command line the recorder writes must parse back through the
//! command grammar and find the very gadget or window it was chosen for;
//! the ARexx script's clauses must decode to those lines; the Python
//! script must compile.

use amiga_ndk::gadtools::GADTOOL_TYPE;
use amiga_ndk::input::*;
use amiga_ndk::intuition::*;
use amiga_ndk::latin1::to_string as shown;
use gadgetscope_arexx::{parse, Command, DragTo, GadgetTarget, TypeOptions, WaitCond};
use gadgetscope_core::fake::{FakeIntuition, GadgetSpec};
use gadgetscope_core::locate::{find_gadget, find_window, WindowTarget};
use gadgetscope_core::walk::{read_screens, walk_window};
use gadgetscope_record::{arexx_script, python_script, Locator, Observed, Recorder, Step};

const L: u16 = IECODE_LBUTTON;
const UP: u16 = IECODE_UP_PREFIX;

fn gadget(f: &mut FakeIntuition, w: u32, t: u16, geo: (i16, i16, i16, i16), id: u16, label: Option<&[u8]>) -> u32 {
    let mut g = GadgetSpec::new(t | GADTOOL_TYPE, geo.0, geo.1, geo.2, geo.3);
    g.id = id;
    if let Some(l) = label {
        g.gadget_text = f.intuitext(Some(l));
    }
    f.add_gadget(w, &g)
}

/// A string gadget: (its address, its StringInfo).
fn string_gadget(f: &mut FakeIntuition, w: u32, geo: (i16, i16, i16, i16), id: u16) -> (u32, u32) {
    let mut s = GadgetSpec::new(GTYP_STRGADGET | GADTOOL_TYPE, geo.0, geo.1, geo.2, geo.3);
    s.id = id;
    s.special_info = f.string_info(b"");
    (f.add_gadget(w, &s), s.special_info)
}

fn set_value(f: &mut FakeIntuition, si: u32, v: &[u8]) {
    let b = f.alloc(v.len() + 1);
    f.write(b, v);
    f.write(b + v.len() as u32, &[0]);
    f.write_u32(si + si_Buffer as u32, b);
}

struct World {
    f: FakeIntuition,
    screen: u32,
}

impl World {
    fn ev(&self, class: u8, code: u16, x: i16, y: i16, active: u32) -> Observed {
        Observed::from_raw(class, code, 0, self.screen, x, y, active, 0, 0).unwrap()
    }
    fn click(&mut self, rec: &mut Recorder, x: i16, y: i16) {
        for code in [L, L | UP] {
            let e = self.ev(IECLASS_RAWMOUSE, code, x, y, 0);
            rec.observe(&mut self.f, &e, None, &[]);
        }
    }
    fn key(&mut self, rec: &mut Recorder, rawkey: u8, active: u32) {
        let e = self.ev(IECLASS_RAWKEY, rawkey.into(), 0, 0, active);
        rec.observe(&mut self.f, &e, None, &[]);
    }
}

/// The hostile titles: quotes, a backslash, `*/` and `/*`, Latin-1, a
/// control byte in the middle, 1024 bytes, `A=B`, `@x`, a lone `'`.
fn titles() -> Vec<Vec<u8>> {
    let mut long = b"Long \xe9 ".to_vec();
    long.extend(std::iter::repeat_n(b'x', 1024 - long.len()));
    vec![
        b"Say \"hi\" \\ back".to_vec(),
        b"End */ and /* start".to_vec(),
        b"Caf\xe9 \xff\xa0".to_vec(),
        b"Tab\there".to_vec(),
        long,
        b"A=B".to_vec(),
        b"@x".to_vec(),
        b"it's".to_vec(),
        b"trailing\\".to_vec(),
        b"\"Q\"".to_vec(),
    ]
}

/// Whether the parsed command `c` is the step `s`, and what it finds in
/// the snapshot of `f`: the same window (and gadget) the step was made
/// for.
fn check_round_trip(f: &mut FakeIntuition, s: &Step, window: u32, gadget: Option<u32>) {
    let line = s.line().expect("a command");
    let c = parse(&line).unwrap_or_else(|e| panic!("{}: {e:?}", shown(&line)));
    let snap = read_screens(f).unwrap();
    let find = |t: &WindowTarget| find_window(&snap, &t.pattern, t.screen.as_deref()).map(|w| w.address);
    let (wt, gl) = match (&c, s) {
        (Command::Click { target, .. }, Step::Click(l))
        | (Command::Type { target, .. }, Step::Type(l, _))
        | (Command::Drag { target, to: DragTo::By { .. } }, Step::Drag(l, ..)) => {
            let GadgetTarget::Located { window, gadget } = target else { panic!("{c:?}") };
            let Locator::Live { window: w2, .. } = l else { panic!("{s:?}") };
            // The gadget locator is checked by what it finds below.
            assert_eq!(window, w2, "{}", shown(&line));
            (window.clone(), Some(gadget.clone()))
        }
        (Command::WindowMove { window: w, .. }, Step::WindowMove(w2, ..))
        | (Command::WindowSize { window: w, .. }, Step::WindowSize(w2, ..))
        | (Command::MenuPick { window: w, .. }, Step::MenuPick(w2, ..)) => {
            assert_eq!(w, w2, "{}", shown(&line));
            (w.clone(), None)
        }
        (Command::WaitFor { cond: WaitCond::Window { screen, pattern }, .. }, Step::WaitWindow(w2)) => {
            let w = WindowTarget { screen: screen.clone(), pattern: pattern.clone() };
            assert_eq!(&w, w2, "{}", shown(&line));
            (w, None)
        }
        _ => panic!("{} parsed as {c:?}", shown(&line)),
    };
    if let Command::Type { text, options, .. } = &c {
        let Step::Type(_, t) = s else { unreachable!() };
        assert_eq!(text, t, "{}", shown(&line));
        assert_eq!(*options, TypeOptions { clear: true, enter: true }, "{}", shown(&line));
    }
    assert_eq!(find(&wt), Some(window), "{} finds its window", shown(&line));
    if let (Some(gl), Some(g)) = (gl, gadget) {
        let info = snap.window(window).unwrap().clone();
        let w = walk_window(f, &info).unwrap();
        assert_eq!(find_gadget(&w.gadgets, &gl).map(|(_, x)| x.address), Some(g), "{}", shown(&line));
    }
}

/// The command clauses of an ARexx script decoded as ARexx would: each
/// line made of `'…'` strings (a `'` doubled inside) and `'NN'X` hex
/// strings joined with `||`.
fn rexx_clauses(script: &[u8]) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for l in script.split(|&b| b == b'\n') {
        if !l.starts_with(b"'") || l == b"'LASTERROR'" {
            continue;
        }
        let mut v = Vec::new();
        let mut i = 0;
        loop {
            assert_eq!(l[i], b'\'', "{}", shown(l));
            i += 1;
            let mut s = Vec::new();
            loop {
                if l[i] == b'\'' {
                    if l.get(i + 1) == Some(&b'\'') {
                        s.push(b'\'');
                        i += 2;
                        continue;
                    }
                    i += 1;
                    break;
                }
                s.push(l[i]);
                i += 1;
            }
            if l.get(i) == Some(&b'X') {
                let h = std::str::from_utf8(&s).unwrap();
                v.push(u8::from_str_radix(h, 16).unwrap());
                i += 1;
            } else {
                v.extend_from_slice(&s);
            }
            if i == l.len() {
                break;
            }
            assert_eq!(&l[i..i + 2], b"||", "{}", shown(l));
            i += 2;
        }
        out.push(v);
    }
    out
}

/// ARexx comments nest: every `/*` in the script must be closed by its
/// own `*/` outside strings, and no comment may be open at a line's end
/// except the header.
fn rexx_comments_balance(script: &[u8]) {
    let mut depth = 0i32;
    let mut quote: Option<u8> = None;
    let mut i = 0;
    while i < script.len() {
        let b = script[i];
        let next = script.get(i + 1).copied();
        match quote {
            Some(q) if b == q => quote = None,
            Some(_) => {}
            None if depth == 0 && (b == b'\'' || b == b'"') => quote = Some(b),
            None if b == b'/' && next == Some(b'*') => {
                depth += 1;
                i += 1;
            }
            None if b == b'*' && next == Some(b'/') => {
                depth -= 1;
                assert!(depth >= 0, "a */ with no comment open at {i}");
                i += 1;
            }
            None => {}
        }
        i += 1;
    }
    assert_eq!(depth, 0, "comments left open");
    assert_eq!(quote, None, "a string left open");
}

/// `python3 -m py_compile` on the script (the README's setup installs
/// python3).
fn py_compiles(text: &[u8]) {
    use std::process::Command;
    let dir = std::env::temp_dir().join(format!("gs-hostile-{}-{:?}", std::process::id(), std::thread::current().id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("replay.py");
    std::fs::write(&path, text).unwrap();
    let out =
        Command::new("python3").arg("-m").arg("py_compile").arg(&path).output().expect("python3 compiles the script");
    let _ = std::fs::remove_dir_all(&dir);
    assert!(out.status.success(), "{}\n{}", String::from_utf8_lossy(&out.stderr), shown(text));
}

#[test]
fn hostile_titles_labels_and_values_round_trip() {
    let mut f = FakeIntuition::new();
    let screen = f.add_screen(Some(b"Scr \"q\" \\ */"), (0, 0, 640, 512));
    let mut w = World { f, screen };
    let mut made = Vec::new();
    for (k, t) in titles().iter().enumerate() {
        let top = 10 + 40 * k as i16;
        let win = w.f.add_window(screen, Some(t), (10, top, 600, 38));
        // A 0x0 box first at the same place: never hit.
        gadget(&mut w.f, win, GTYP_BOOLGADGET, (5, 5, 0, 0), 50, Some(b"zero"));
        let plain = gadget(&mut w.f, win, GTYP_BOOLGADGET, (5, 5, 40, 12), 1, None);
        // Two buttons sharing an ID, labelled with what needs escaping.
        let l1 = gadget(&mut w.f, win, GTYP_BOOLGADGET, (50, 5, 40, 12), 9, Some(b"q\"b\\s */ \xe9"));
        let l2 = gadget(&mut w.f, win, GTYP_BOOLGADGET, (100, 5, 40, 12), 9, Some(b"q\"b\\s */ \xe9"));
        let (sg, si) = string_gadget(&mut w.f, win, (150, 5, 100, 12), 2);
        made.push((win, plain, l1, l2, (sg, si), top));
    }
    let mut rec = Recorder::start(&mut w.f);
    let mut expect: Vec<(u32, Option<u32>)> = Vec::new();
    let mut long_value = b"v".to_vec();
    long_value.extend(std::iter::repeat_n(b'\xe9', 254));
    let values: [&[u8]; 5] = [b"it's \"x\" \\ */ /* ", b"\xe9\xff", b" leading", &long_value, b"'"];
    for (k, &(win, plain, l1, l2, (sg, si), top)) in made.iter().enumerate() {
        w.click(&mut rec, 10 + 10, top + 10);
        expect.push((win, Some(plain)));
        w.click(&mut rec, 10 + 60, top + 10);
        expect.push((win, Some(l1)));
        w.click(&mut rec, 10 + 110, top + 10);
        expect.push((win, Some(l2)));
        w.click(&mut rec, 10 + 160, top + 10);
        set_value(&mut w.f, si, values[k % values.len()]);
        w.key(&mut rec, 0x20, win);
        w.key(&mut rec, RAWKEY_RETURN, win);
        expect.push((win, Some(sg)));
    }
    rec.finish(&mut w.f);
    let steps: Vec<&Step> = rec.steps().iter().filter(|s| !matches!(s, Step::Comment(_))).collect();
    let comments: Vec<String> =
        rec.steps().iter().filter_map(|s| if let Step::Comment(c) = s { Some(shown(c)) } else { None }).collect();
    // Every window's title yields a pattern (the tab one by "Tab").
    assert!(comments.is_empty(), "{comments:#?}");
    assert_eq!(steps.len(), expect.len(), "{:#?}", rec.steps());
    for (s, (win, g)) in steps.iter().zip(&expect) {
        check_round_trip(&mut w.f, s, *win, *g);
    }

    let rexx = arexx_script(&rec, b"GADGET'SCOPE.1");
    rexx_comments_balance(&rexx);
    let lines: Vec<Vec<u8>> = steps.iter().filter_map(|s| s.line()).collect();
    assert_eq!(rexx_clauses(&rexx), lines);
    assert!(rexx.windows(25).any(|l| l == b"ADDRESS 'GADGET''SCOPE.1'"));
    let py = python_script(&rec);
    assert!(py.is_ascii());
    py_compiles(&py);
}

/// A fixture of one window with a button (ID 1) at 20..60 x 20..32 and
/// a string gadget (ID 2) at 70..170 x 20..32, screen pixels.
fn small() -> (World, u32, u32) {
    let mut f = FakeIntuition::new();
    let screen = f.add_screen(Some(b"Workbench"), (0, 0, 640, 256));
    let win = f.add_window(screen, Some(b"Small"), (10, 10, 300, 100));
    gadget(&mut f, win, GTYP_BOOLGADGET, (10, 10, 40, 12), 1, Some(b"Go"));
    let (_, si) = string_gadget(&mut f, win, (60, 10, 100, 12), 2);
    (World { f, screen }, win, si)
}

#[test]
fn a_long_recording_stops_growing_and_says_so() {
    let (mut w, win, si) = small();
    let mut rec = Recorder::start(&mut w.f);
    // 10 000 clicks, then an entry, keys and lost events.
    for _ in 0..10_000 {
        w.click(&mut rec, 30, 25);
    }
    assert!(rec.is_full());
    // 994 clicks leave room for one more event, the end and the comment.
    assert_eq!((rec.commands(), rec.steps().len()), (994, 995));
    w.click(&mut rec, 100, 25);
    set_value(&mut w.f, si, b"late");
    w.key(&mut rec, 0x20, win);
    rec.lost(5);
    rec.finish(&mut w.f);
    assert!(rec.steps().len() <= gadgetscope_record::STEPS_MAX);
    let Some(Step::Comment(last)) = rec.steps().last() else { panic!("{:?}", rec.steps().last()) };
    assert_eq!(shown(last), "the recording is full (1000 steps): what came after is not recorded");
    // Each click is two events; the entry's click two, its key one, 5 lost.
    let recorded = rec.commands() as u32;
    assert_eq!(rec.dropped(), 2 * (10_000 - recorded) + 2 + 1 + 5);
    let rexx = shown(&arexx_script(&rec, b"P"));
    assert!(
        rexx.contains(&format!(
            "The recording filled its 1000 steps: {} later input events were not recorded.",
            rec.dropped()
        )),
        "{}",
        &rexx[..400]
    );
    py_compiles(&python_script(&rec));
}

#[test]
fn vanished_screens_windows_and_keys_without_a_window() {
    let (mut w, win, _) = small();
    let mut rec = Recorder::start(&mut w.f);
    // A press on a screen that is no longer there (closed before the
    // recorder looked): a comment, not silence.
    let gone = Observed::from_raw(IECLASS_RAWMOUSE, L, 0, 0xDEAD_0000, 30, 25, 0, 0, 0).unwrap();
    rec.observe(&mut w.f, &gone, None, &[]);
    let up = Observed::from_raw(IECLASS_RAWMOUSE, L | UP, 0, 0xDEAD_0000, 30, 25, 0, 0, 0).unwrap();
    rec.observe(&mut w.f, &up, None, &[]);
    // The window moves between press and release of its button: a click.
    let down = w.ev(IECLASS_RAWMOUSE, L, 30, 25, win);
    rec.observe(&mut w.f, &down, None, &[]);
    w.f.write_u16(win + wd_LeftEdge as u32, 200);
    let up = w.ev(IECLASS_RAWMOUSE, L | UP, 30, 25, win);
    rec.observe(&mut w.f, &up, None, &[]);
    // Keys with no active window.
    w.key(&mut rec, 0x20, 0);
    w.key(&mut rec, 0x21, 0xBAD0);
    // An empty title and a closed window between press and release.
    let empty = w.f.add_window(w.screen, Some(b""), (0, 150, 100, 50));
    gadget(&mut w.f, empty, GTYP_BOOLGADGET, (10, 10, 40, 12), 3, Some(b"X"));
    w.click(&mut rec, 20, 165);
    let down = w.ev(IECLASS_RAWMOUSE, L, 220, 25, win);
    rec.observe(&mut w.f, &down, None, &[]);
    w.f.close_window(win);
    let up = w.ev(IECLASS_RAWMOUSE, L | UP, 220, 25, win);
    rec.observe(&mut w.f, &up, None, &[]);
    rec.finish(&mut w.f);
    let text: Vec<String> = rec
        .steps()
        .iter()
        .map(|s| match s {
            Step::Comment(c) => format!("; {}", shown(c)),
            s => shown(&s.line().unwrap()),
        })
        .collect();
    assert_eq!(
        text,
        [
            "; a click at 30,25 of the screen (pixels), where no window is open now (it may have closed before the recorder looked)",
            "CLICK \"Small\" 1",
            "; 2 key presses in no window outside a text entry: keys are recorded only as the text of a string gadget",
            "; a click on a gadget at 20,15 of \"\" (window-relative pixels): the window's title is empty, so no window pattern finds it",
            "CLICK \"Small\" 1",
        ]
    );
}
