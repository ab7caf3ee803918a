//! The grammar of docs/reference/commands.md: every verb's syntax and example,
//! every rule, and a table of malformed lines with their RC and message.

use amiga_ndk::latin1::to_string as latin1;
use gadgetscope_arexx::*;

fn ok(line: &str) -> Command {
    match parse(line.as_bytes()) {
        Ok(c) => {
            // The canonical line reads back as the same command.
            assert_eq!(parse(&c.to_line()).as_ref(), Ok(&c), "canonical of {line:?}");
            c
        }
        Err(e) => panic!("{line:?} rejected: {e}"),
    }
}

fn bad(line: &[u8]) -> String {
    match parse(line) {
        Ok(c) => panic!("{:?} accepted as {c:?}", String::from_utf8_lossy(line)),
        Err(e) => {
            assert_eq!(e.rc, Rc::Error);
            latin1(&e.text)
        }
    }
}

fn win(p: &str) -> WindowTarget {
    WindowTarget { screen: None, pattern: p.as_bytes().to_vec() }
}

fn located(p: &str, g: GadgetLocator) -> GadgetTarget {
    GadgetTarget::Located { window: win(p), gadget: g }
}

fn canon(line: &str) -> String {
    latin1(&parse(line.as_bytes()).unwrap().to_line())
}

#[test]
fn simple_verbs_case_insensitive() {
    assert_eq!(ok("VERSION"), Command::Version);
    assert_eq!(ok("version"), Command::Version);
    assert_eq!(ok("  VeRsIoN  "), Command::Version);
    assert_eq!(ok("\tSCREENS"), Command::Screens);
    assert_eq!(ok("LASTERROR"), Command::LastError);
    assert_eq!(ok("show"), Command::Show);
    assert_eq!(ok("HIDE"), Command::Hide);
    assert_eq!(ok("QUIT"), Command::Quit);
    for i in VERBS {
        assert_eq!(Verb::from_name(i.name.to_lowercase().as_bytes()), Some(i.verb));
    }
}

#[test]
fn tree_menu_pick() {
    assert_eq!(ok("TREE Prefs"), Command::Tree { window: win("Prefs"), full: false });
    assert_eq!(ok("tree \"Serial Prefs\" full"), Command::Tree { window: win("Serial Prefs"), full: true });
    assert_eq!(
        ok("TREE screen=Workbench Prefs FULL"),
        Command::Tree {
            window: WindowTarget { screen: Some(b"Workbench".to_vec()), pattern: b"Prefs".to_vec() },
            full: true
        }
    );
    // A quoted token is never an option and never a keyword.
    assert_eq!(ok("TREE \"SCREEN=x\""), Command::Tree { window: win("SCREEN=x"), full: false });
    assert_eq!(bad(b"TREE Prefs \"FULL\""), "extra argument \"FULL\"");
    assert_eq!(ok("MENU Prefs"), Command::Menu { window: win("Prefs") });
    assert_eq!(ok("PICK"), Command::Pick { screen: None });
    assert_eq!(ok("PICK SCREEN=\"Work bench\""), Command::Pick { screen: Some(b"Work bench".to_vec()) });
}

#[test]
fn quoting_and_escapes() {
    assert_eq!(ok(r#"TREE "say \"hi\"""#), Command::Tree { window: win("say \"hi\""), full: false });
    assert_eq!(ok(r#"TREE "a\\b""#), Command::Tree { window: win("a\\b"), full: false });
    // Other backslashes are literal, inside and outside quotes.
    assert_eq!(ok(r#"TREE "a\nb""#), Command::Tree { window: win("a\\nb"), full: false });
    assert_eq!(ok(r"TREE a\b"), Command::Tree { window: win("a\\b"), full: false });
    assert_eq!(ok("TREE \"\""), Command::Tree { window: win(""), full: false });
    assert_eq!(
        ok("GETTEXT Prefs LABEL=\"Connect Now\""),
        Command::GetText {
            target: located(
                "Prefs",
                GadgetLocator::Match { role: None, label: Some(b"Connect Now".to_vec()), index: None }
            )
        }
    );
    // Latin-1 bytes pass through untouched.
    assert_eq!(
        parse(b"TREE \"Gr\xfc\xdfe\"").unwrap(),
        Command::Tree { window: WindowTarget { screen: None, pattern: b"Gr\xfc\xdfe".to_vec() }, full: false }
    );
}

#[test]
fn gadget_locators() {
    assert_eq!(
        ok("CLICK Prefs 12"),
        Command::Click { target: located("Prefs", GadgetLocator::Id(12)), expect: None, timeout: None }
    );
    assert_eq!(ok("CLICK Prefs \"12\""), ok("CLICK Prefs 12"));
    assert_eq!(
        ok("CLICK Prefs role=BUTTON label=OK index=1"),
        Command::Click {
            target: located(
                "Prefs",
                GadgetLocator::Match { role: Some(Role::Button), label: Some(b"OK".to_vec()), index: Some(1) }
            ),
            expect: None,
            timeout: None
        }
    );
    assert_eq!(
        ok("GETTEXT Prefs INDEX=2 ROLE=string"),
        Command::GetText {
            target: located("Prefs", GadgetLocator::Match { role: Some(Role::String), label: None, index: Some(2) })
        }
    );
    // Every role (docs/reference/formats.md, "Roles") is accepted, any case.
    for r in [
        "button",
        "string",
        "integer",
        "checkbox",
        "radio_button",
        "cycle",
        "slider",
        "scroller",
        "listview",
        "listbrowser",
        "text",
        "page_tab_list",
        "color_wheel",
        "calendar",
        "progress_bar",
        "color_chooser",
        "file_chooser",
        "font_chooser",
        "screenmode_chooser",
        "palette",
        "canvas",
        "toolbar",
        "text_editor",
        "custom",
        "unknown",
    ] {
        ok(&format!("HIGHLIGHT w ROLE={r}"));
        ok(&format!("HIGHLIGHT w ROLE={}", r.to_uppercase()));
    }
    assert_eq!(
        ok("CLICK @connect"),
        Command::Click { target: GadgetTarget::Named(b"connect".to_vec()), expect: None, timeout: None }
    );
    // A quoted @ is a window pattern.
    assert_eq!(ok("GETTEXT \"@home\" 3"), Command::GetText { target: located("@home", GadgetLocator::Id(3)) });
}

#[test]
fn click_expect_and_timeout() {
    assert_eq!(
        ok("CLICK Prefs 3 EXPECT=WINDOW=\"Save As\" TIMEOUT=5"),
        Command::Click {
            target: located("Prefs", GadgetLocator::Id(3)),
            expect: Some(Expect::Window(b"Save As".to_vec())),
            timeout: Some(5)
        }
    );
    assert_eq!(ok("CLICK Prefs 3 expect=\"window=Save As\""), ok("CLICK Prefs 3 EXPECT=WINDOW=\"Save As\""));
    assert_eq!(
        ok("CLICK @quit timeout=2 EXPECT=nowindow"),
        Command::Click {
            target: GadgetTarget::Named(b"quit".to_vec()),
            expect: Some(Expect::NoWindow),
            timeout: Some(2)
        }
    );
    assert_eq!(
        ok("CLICK w 1 EXPECT=WINDOW=a=b"),
        Command::Click {
            target: located("w", GadgetLocator::Id(1)),
            expect: Some(Expect::Window(b"a=b".to_vec())),
            timeout: None
        }
    );
    assert_eq!(ok("CLICK w 1 EXPECT=NOWINDOW TIMEOUT=0").timeout_secs(), 10);
    assert_eq!(ok("CLICK w 1 EXPECT=NOWINDOW TIMEOUT=0"), ok("CLICK w 1 EXPECT=NOWINDOW"));
    assert_eq!(ok("WAITFOR WINDOW=w TIMEOUT=0"), ok("WAITFOR WINDOW=w"));
    assert_eq!(ok("MUIREXX app TIMEOUT=0 x"), ok("MUIREXX app x"));
    assert_eq!(ok("WHERE @a TIMEOUT=0"), ok("WHERE @a"));
    assert_eq!(ok("CLICK w 1 EXPECT=NOWINDOW").timeout_secs(), 10);
}

fn typed(p: &str, id: u16, text: &[u8], options: TypeOptions) -> Command {
    Command::Type { target: located(p, GadgetLocator::Id(id)), text: text.to_vec(), options }
}

const PLAIN: TypeOptions = TypeOptions { clear: false, enter: false };

/// AmiPilot's rule (docs/reference/amipilot-differences.md rows 2 and 3):
/// blanks after the gadget skipped, then one quoted token or the rest of
/// the line as it is.
#[test]
fn type_text_after_blanks_unquoted_or_the_rest_of_the_line() {
    assert_eq!(ok("TYPE Prefs 7 hello world"), typed("Prefs", 7, b"hello world", PLAIN));
    // Every blank before the text is skipped; inside and after it they
    // are text, and so are quotes that do not open it.
    assert_eq!(ok("TYPE w 2   hello"), typed("w", 2, b"hello", PLAIN));
    assert_eq!(ok("TYPE w 2 \t hello  world  "), typed("w", 2, b"hello  world  ", PLAIN));
    assert_eq!(ok("TYPE Prefs 7 say \"hi\" \\ "), typed("Prefs", 7, b"say \"hi\" \\ ", PLAIN));
    assert_eq!(ok("TYPE w 2 a\"b"), typed("w", 2, b"a\"b", PLAIN));
    assert_eq!(ok("TYPE Prefs 7\tTIMEOUT=5"), typed("Prefs", 7, b"TIMEOUT=5", PLAIN));
    assert_eq!(ok("TYPE w 2 CLEAR=YES"), typed("w", 2, b"CLEAR=YES", PLAIN));
    // A text that starts with a quote is one quoted token, unescaped.
    assert_eq!(ok("TYPE w 2 \"a b\""), typed("w", 2, b"a b", PLAIN));
    assert_eq!(ok("TYPE w 2 \"a\\\"b\""), typed("w", 2, b"a\"b", PLAIN));
    assert_eq!(ok("TYPE w 2 \"a\\\\b\\n\""), typed("w", 2, b"a\\b\\n", PLAIN));
    assert_eq!(ok("TYPE w 2    \"  x\"  "), typed("w", 2, b"  x", PLAIN));
    assert_eq!(ok("TYPE w 2 \"TIMEOUT=5\""), typed("w", 2, b"TIMEOUT=5", PLAIN));
    // A LF (ARexx can carry one) is text, typed as Return.
    assert_eq!(ok("TYPE w 2 a\nb"), typed("w", 2, b"a\nb", PLAIN));
    assert_eq!(
        ok("TYPE @name x"),
        Command::Type { target: GadgetTarget::Named(b"name".to_vec()), text: b"x".to_vec(), options: PLAIN }
    );
    assert_eq!(
        ok("TYPE @name \"a\\\\\""),
        Command::Type { target: GadgetTarget::Named(b"name".to_vec()), text: b"a\\".to_vec(), options: PLAIN }
    );
    assert_eq!(
        ok("TYPE w LABEL=\"User name\"   joe"),
        Command::Type {
            target: located("w", GadgetLocator::Match { role: None, label: Some(b"User name".to_vec()), index: None }),
            text: b"joe".to_vec(),
            options: PLAIN,
        }
    );
    assert_eq!(
        ok("TYPE w ROLE=string a\"b"),
        Command::Type {
            target: located("w", GadgetLocator::Match { role: Some(Role::String), label: None, index: None }),
            text: b"a\"b".to_vec(),
            options: PLAIN,
        }
    );
    // Strictness kept: text after the closing quote, an unterminated or
    // an empty quote, no text at all.
    let after = "text after the closing quote of the text (only blanks may follow it)";
    assert_eq!(bad(b"TYPE w 2 \"a\" x"), after);
    assert_eq!(bad(b"TYPE w 2 \"a\"x"), after);
    assert_eq!(bad(b"TYPE @n \"a\" \"b\""), after);
    assert_eq!(bad(b"TYPE w ROLE=string \"a\"b"), after);
    assert_eq!(bad(b"TYPE w 2 \"a b"), "unterminated quote");
    assert_eq!(bad(b"TYPE w 2 \"a\\\""), "unterminated quote");
    assert_eq!(bad(b"TYPE w 2 \"\""), "empty text");
    assert_eq!(bad(b"TYPE w 1  "), "missing text");
    assert_eq!(bad(b"TYPE w 1 \t"), "missing text");
    // The limit is on the text typed, after unescaping.
    let long = format!("TYPE w 1 \"{}\"", "\\\"".repeat(255));
    assert_eq!(ok(&long), typed("w", 1, &[b'"'; 255], PLAIN));
    let long = format!("TYPE w 1 \"{}\"", "x".repeat(256));
    assert_eq!(bad(long.as_bytes()), "text longer than 255 bytes");
}

/// `CLEAR=` and `ENTER=` right after the verb, with `SCREEN=`, in any
/// order; YES or NO without regard to case.
#[test]
fn type_options_before_the_window() {
    let both = TypeOptions { clear: true, enter: true };
    assert_eq!(ok("TYPE CLEAR=YES ENTER=YES w 2 x"), typed("w", 2, b"x", both));
    assert_eq!(ok("type enter=yes clear=Yes w 2 x"), typed("w", 2, b"x", both));
    assert_eq!(ok("TYPE CLEAR=YES w 2 x"), typed("w", 2, b"x", TypeOptions { clear: true, enter: false }));
    assert_eq!(ok("TYPE ENTER=YES w 2 x"), typed("w", 2, b"x", TypeOptions { clear: false, enter: true }));
    assert_eq!(ok("TYPE CLEAR=NO ENTER=no w 2 x"), typed("w", 2, b"x", PLAIN));
    let on_screen = Command::Type {
        target: GadgetTarget::Located {
            window: WindowTarget { screen: Some(b"Work".to_vec()), pattern: b"w".to_vec() },
            gadget: GadgetLocator::Id(2),
        },
        text: b"x".to_vec(),
        options: both,
    };
    for line in [
        "TYPE SCREEN=Work CLEAR=YES ENTER=YES w 2 x",
        "TYPE CLEAR=YES SCREEN=Work ENTER=YES w 2 x",
        "TYPE ENTER=YES CLEAR=YES SCREEN=Work w 2 x",
        "TYPE ENTER=\"YES\" CLEAR=YES SCREEN=\"Work\" w 2 x",
    ] {
        assert_eq!(ok(line), on_screen, "{line}");
    }
    assert_eq!(
        ok("TYPE ENTER=YES @name x"),
        Command::Type {
            target: GadgetTarget::Named(b"name".to_vec()),
            text: b"x".to_vec(),
            options: TypeOptions { clear: false, enter: true }
        }
    );
    assert_eq!(
        ok("TYPE CLEAR=YES SCREEN=Work ENTER=YES @name x"),
        Command::Type {
            target: GadgetTarget::NamedOnScreen { screen: b"Work".to_vec(), name: b"name".to_vec() },
            text: b"x".to_vec(),
            options: both,
        }
    );
    // After the gadget they are text (AmiPilot's rule).
    assert_eq!(ok("TYPE w 2 ENTER=YES"), typed("w", 2, b"ENTER=YES", PLAIN));
    assert_eq!(canon("type enter=yes screen=s clear=yes w 2 x"), "TYPE CLEAR=YES ENTER=YES SCREEN=\"s\" \"w\" 2 x");
    assert_eq!(canon("type clear=no w 2 x"), "TYPE \"w\" 2 x");
    assert_eq!(bad(b"TYPE CLEAR=MAYBE w 2 x"), "CLEAR= must be YES or NO");
    assert_eq!(bad(b"TYPE ENTER= w 2 x"), "ENTER= must be YES or NO");
    assert_eq!(bad(b"TYPE ENTER=1 w 2 x"), "ENTER= must be YES or NO");
    assert_eq!(bad(b"TYPE CLEAR=YES CLEAR=NO w 2 x"), "duplicate CLEAR=");
    assert_eq!(bad(b"TYPE ENTER=YES SCREEN=a ENTER=YES w 2 x"), "duplicate ENTER=");
    assert_eq!(bad(b"TYPE SCREEN=a CLEAR=YES SCREEN=b w 2 x"), "duplicate SCREEN=");
    assert_eq!(bad(b"TYPE CLEAR=YES"), "missing window pattern");
    assert_eq!(bad(b"TYPE CLEAR=YES w"), "missing gadget (GA_ID, ROLE=, LABEL=, SHOWN= or AT=)");
    assert_eq!(bad(b"TYPE CLEAR=YES w 2"), "missing text");
    assert_eq!(bad(b"TYPE TIMEOUT=5 w 2 x"), "missing window pattern before TIMEOUT=");
    // Only TYPE takes them.
    assert_eq!(bad(b"CLICK CLEAR=YES w 2"), "missing window pattern before CLEAR=");
    assert_eq!(bad(b"CLICK w 2 ENTER=YES"), "CLICK does not take ENTER= here");
    assert_eq!(bad(b"TREE w CLEAR=YES"), "TREE does not take CLEAR= here");
}

#[test]
fn drag_forms() {
    assert_eq!(
        ok("DRAG Prefs 4 -10 25"),
        Command::Drag { target: located("Prefs", GadgetLocator::Id(4)), to: DragTo::By { dx: -10, dy: 25 } }
    );
    assert_eq!(
        ok("DRAG Prefs 4 to 5"),
        Command::Drag {
            target: located("Prefs", GadgetLocator::Id(4)),
            to: DragTo::To(GadgetRef::Locator(GadgetLocator::Id(5)))
        }
    );
    assert_eq!(
        ok("DRAG Prefs ROLE=slider TO LABEL=Max"),
        Command::Drag {
            target: located("Prefs", GadgetLocator::Match { role: Some(Role::Slider), label: None, index: None }),
            to: DragTo::To(GadgetRef::Locator(GadgetLocator::Match {
                role: None,
                label: Some(b"Max".to_vec()),
                index: None
            }))
        }
    );
    assert_eq!(
        ok("DRAG @knob 0 -3"),
        Command::Drag { target: GadgetTarget::Named(b"knob".to_vec()), to: DragTo::By { dx: 0, dy: -3 } }
    );
    assert_eq!(
        ok("DRAG @a TO @b"),
        Command::Drag { target: GadgetTarget::Named(b"a".to_vec()), to: DragTo::To(GadgetRef::Named(b"b".to_vec())) }
    );
    ok("DRAG w 1 -32768 32767");
}

#[test]
fn window_verbs_and_menupick() {
    assert_eq!(ok("WINDOWMOVE Prefs -5 10"), Command::WindowMove { window: win("Prefs"), dx: -5, dy: 10 });
    assert_eq!(
        ok("WINDOWSIZE SCREEN=Work Prefs 320 200"),
        Command::WindowSize {
            window: WindowTarget { screen: Some(b"Work".to_vec()), pattern: b"Prefs".to_vec() },
            width: 320,
            height: 200
        }
    );
    assert_eq!(ok("MENUPICK Prefs 0 2"), Command::MenuPick { window: win("Prefs"), menu: 0, item: 2, sub: None });
    assert_eq!(ok("MENUPICK Prefs 1 2 3"), Command::MenuPick { window: win("Prefs"), menu: 1, item: 2, sub: Some(3) });
    ok("MENUPICK w 30 62 30");
}

#[test]
fn waitfor_forms() {
    assert_eq!(
        ok("WAITFOR WINDOW=Save"),
        Command::WaitFor { cond: WaitCond::Window { screen: None, pattern: b"Save".to_vec() }, timeout: None }
    );
    assert_eq!(ok("WAITFOR WINDOW=Save").timeout_secs(), 10);
    assert_eq!(
        ok("WAITFOR SCREEN=Work NOWINDOW=\"Save As\" TIMEOUT=3"),
        Command::WaitFor {
            cond: WaitCond::NoWindow { screen: Some(b"Work".to_vec()), pattern: b"Save As".to_vec() },
            timeout: Some(3)
        }
    );
    assert_eq!(
        ok("WAITFOR Prefs 5 TEXT=\"\""),
        Command::WaitFor {
            cond: WaitCond::Text { target: located("Prefs", GadgetLocator::Id(5)), text: Vec::new() },
            timeout: None
        }
    );
    assert_eq!(
        ok("WAITFOR Prefs ROLE=string TIMEOUT=1 TEXT=done"),
        Command::WaitFor {
            cond: WaitCond::Text {
                target: located("Prefs", GadgetLocator::Match { role: Some(Role::String), label: None, index: None }),
                text: b"done".to_vec()
            },
            timeout: Some(1)
        }
    );
    assert_eq!(
        ok("WAITFOR @status TEXT=Online"),
        Command::WaitFor {
            cond: WaitCond::Text { target: GadgetTarget::Named(b"status".to_vec()), text: b"Online".to_vec() },
            timeout: None
        }
    );
    assert_eq!(
        ok("waitfor requester timeout=30"),
        Command::WaitFor { cond: WaitCond::Requester { screen: None }, timeout: Some(30) }
    );
    assert_eq!(
        ok("WAITFOR \"REQUESTER\" 1 TEXT=x"),
        Command::WaitFor {
            cond: WaitCond::Text { target: located("REQUESTER", GadgetLocator::Id(1)), text: b"x".to_vec() },
            timeout: None
        }
    );
}

#[test]
fn manifest_where_muirexx_launch_wblaunch() {
    assert_eq!(
        ok("MANIFEST \"Work:My App/Demo.manifest\""),
        Command::Manifest { path: b"Work:My App/Demo.manifest".to_vec() }
    );
    assert_eq!(ok("WHERE @inner"), Command::Where { name: b"inner".to_vec(), timeout: None });
    assert_eq!(ok("WHERE @inner TIMEOUT=2"), Command::Where { name: b"inner".to_vec(), timeout: Some(2) });
    assert_eq!(
        ok("MUIREXX YAM TIMEOUT=4 GETMAILS \"x y\""),
        Command::MuiRexx { base: b"YAM".to_vec(), timeout: Some(4), command: b"GETMAILS \"x y\"".to_vec() }
    );
    assert_eq!(
        ok("MUIREXX YAM  show"),
        Command::MuiRexx { base: b"YAM".to_vec(), timeout: None, command: b" show".to_vec() }
    );
    assert_eq!(ok("LAUNCH C:Dir SYS: ALL"), Command::Launch { stack: None, command: b"C:Dir SYS: ALL".to_vec() });
    assert_eq!(
        ok("LAUNCH STACK=16384 Work:Demo \"a b\""),
        Command::Launch { stack: Some(16384), command: b"Work:Demo \"a b\"".to_vec() }
    );
    assert_eq!(ok("LAUNCH FOO=1 bar"), Command::Launch { stack: None, command: b"FOO=1 bar".to_vec() });
    assert_eq!(
        ok("WBLAUNCH Work:Demo TOOLTYPE=PUBSCREEN=Work ARG=RAM:a tooltype=\"NAME=x y\" arg=\"RAM:b c\""),
        Command::WbLaunch {
            path: b"Work:Demo".to_vec(),
            tooltypes: vec![b"PUBSCREEN=Work".to_vec(), b"NAME=x y".to_vec()],
            args: vec![b"RAM:a".to_vec(), b"RAM:b c".to_vec()],
        }
    );
    assert_eq!(
        ok("WBLAUNCH \"Work:Demo\" TOOLTYPE=DONOTWAIT"),
        Command::WbLaunch { path: b"Work:Demo".to_vec(), tooltypes: vec![b"DONOTWAIT".to_vec()], args: vec![] }
    );
}

#[test]
fn limits_are_exact() {
    let p127 = "p".repeat(127);
    ok(&format!("TREE {p127}"));
    assert_eq!(bad(format!("TREE {p127}x").as_bytes()), "window pattern longer than 127 bytes");
    ok(&format!("TREE SCREEN={p127} w"));
    assert_eq!(bad(format!("TREE SCREEN={p127}x w").as_bytes()), "SCREEN longer than 127 bytes");
    assert_eq!(bad(format!("WAITFOR WINDOW={p127}x").as_bytes()), "WINDOW pattern longer than 127 bytes");
    assert_eq!(bad(format!("WAITFOR NOWINDOW={p127}x").as_bytes()), "NOWINDOW pattern longer than 127 bytes");
    assert_eq!(
        bad(format!("CLICK w 1 EXPECT=WINDOW={p127}x").as_bytes()),
        "EXPECT=WINDOW pattern longer than 127 bytes"
    );
    let t255 = "t".repeat(255);
    ok(&format!("GETTEXT w LABEL={t255}"));
    assert_eq!(bad(format!("GETTEXT w LABEL={t255}x").as_bytes()), "LABEL longer than 255 bytes");
    ok(&format!("WAITFOR w 1 TEXT={t255}"));
    assert_eq!(bad(format!("WAITFOR w 1 TEXT={t255}x").as_bytes()), "TEXT longer than 255 bytes");
    ok(&format!("TYPE w 1 {t255}"));
    assert_eq!(bad(format!("TYPE w 1 {t255}x").as_bytes()), "text longer than 255 bytes");
    ok(&format!("MANIFEST {t255}"));
    assert_eq!(bad(format!("MANIFEST {t255}x").as_bytes()), "path longer than 255 bytes");
    assert_eq!(bad(format!("WBLAUNCH {t255}x").as_bytes()), "icon path longer than 255 bytes");
    assert_eq!(bad(format!("WBLAUNCH w ARG={t255}x").as_bytes()), "ARG longer than 255 bytes");
    assert_eq!(bad(format!("WBLAUNCH w TOOLTYPE={t255}x").as_bytes()), "TOOLTYPE longer than 255 bytes");
    ok(&format!("LAUNCH {t255}"));
    assert_eq!(bad(format!("LAUNCH {t255}x").as_bytes()), "command line longer than 255 bytes");
    assert_eq!(bad(format!("MUIREXX YAM {t255}x").as_bytes()), "command longer than 255 bytes");
    let n31 = "n".repeat(31);
    ok(&format!("CLICK @{n31}"));
    assert_eq!(bad(format!("CLICK @{n31}x").as_bytes()), "@name longer than 31 bytes");
    assert_eq!(bad(format!("MUIREXX {n31}x c").as_bytes()), "application base name longer than 31 bytes");
    // The whole command may exceed 255 bytes (an argstring holds 65535).
    ok(&format!("WBLAUNCH w ARG={t255} ARG={t255}"));
    assert_eq!(bad(&vec![b'x'; 65536]), "command longer than 65535 bytes");
}

#[test]
fn numbers_are_validated_never_zero() {
    assert_eq!(bad(b"WINDOWMOVE w x 1"), "dx must be a number");
    assert_eq!(bad(b"WINDOWMOVE w 1 1x"), "dy must be a number");
    assert_eq!(bad(b"WINDOWMOVE w +1 1"), "dx must be a number");
    assert_eq!(bad(b"WINDOWMOVE w - 1"), "dx must be a number");
    assert_eq!(bad(b"WINDOWMOVE w 32768 1"), "dx out of range (-32768..32767)");
    assert_eq!(bad(b"WINDOWSIZE w 0 10"), "width out of range (1..32767)");
    assert_eq!(bad(b"WINDOWSIZE w 99999999999999999999999 10"), "width out of range (1..32767)");
    assert_eq!(bad(b"CLICK w 1 EXPECT=NOWINDOW TIMEOUT="), "TIMEOUT must be a number");
    assert_eq!(bad(b"CLICK w 1 EXPECT=NOWINDOW TIMEOUT=1.5"), "TIMEOUT must be a number");
    assert_eq!(bad(b"WAITFOR REQUESTER TIMEOUT=86401"), "TIMEOUT out of range (0..86400)");
    assert_eq!(bad(b"GETTEXT w LABEL=a INDEX=one"), "INDEX must be a number");
    assert_eq!(bad(b"CLICK w 65536"), "GA_ID out of range (0..65535)");
    assert_eq!(bad(b"MENUPICK w 31 0"), "menu out of range (0..30)");
    assert_eq!(bad(b"MENUPICK w 0 63"), "item out of range (0..62)");
    assert_eq!(bad(b"MENUPICK w 0 0 31"), "subitem out of range (0..30)");
    assert_eq!(bad(b"LAUNCH STACK=3999 x"), "STACK out of range (4000..2147483647)");
    assert_eq!(canon("LAUNCH STACK=4000 C:Dir"), "LAUNCH STACK=4000 C:Dir");
    assert_eq!(bad(b"LAUNCH STACK=big x"), "STACK must be a number");
    // No sign where a number cannot be negative, "-0" included.
    assert_eq!(bad(b"GETTEXT w LABEL=a INDEX=-0"), "INDEX out of range (0..65535)");
    assert_eq!(bad(b"WAITFOR REQUESTER TIMEOUT=-0"), "TIMEOUT out of range (0..86400)");
    assert_eq!(bad(b"MENUPICK w -0 0"), "menu out of range (0..30)");
    assert_eq!(canon("WINDOWMOVE w -0 -5"), "WINDOWMOVE \"w\" 0 -5");
}

/// At least 50 malformed lines (the shared corpus), each with its RC
/// (always 10 for a parse error) and message.
#[test]
fn malformed_lines_table() {
    let table = gadgetscope_arexx::corpus::MALFORMED;
    assert!(table.len() >= 50, "{} lines", table.len());
    for (line, want) in table {
        assert_eq!(bad(line), *want, "for {:?}", String::from_utf8_lossy(line));
    }
}

#[test]
fn canonical_lines() {
    assert_eq!(
        canon("click prefs role=button label=ok expect=window=x timeout=3"),
        "CLICK \"prefs\" ROLE=button LABEL=\"ok\" EXPECT=WINDOW=\"x\" TIMEOUT=3"
    );
    assert_eq!(canon("type w 1  verbatim \"x\""), "TYPE \"w\" 1 verbatim \"x\"");
    assert_eq!(canon("type w 1 \"  x\\\"\""), "TYPE \"w\" 1 \"  x\\\"\"");
    assert_eq!(canon(r#"tree "a\"b\\c" full"#), r#"TREE "a\"b\\c" FULL"#);
    assert_eq!(canon("launch stack=9000 c:dir"), "LAUNCH STACK=9000 c:dir");
    assert_eq!(canon("waitfor screen=w requester"), "WAITFOR SCREEN=\"w\" REQUESTER");
}

#[test]
fn record_forms() {
    assert_eq!(ok("RECORD START"), Command::Record(RecordOp::Start));
    assert_eq!(ok("record stop"), Command::Record(RecordOp::Stop));
    assert_eq!(
        ok("Record Save RAM:rec.rexx"),
        Command::Record(RecordOp::Save { path: b"RAM:rec.rexx".to_vec(), python: false })
    );
    assert_eq!(
        ok("RECORD SAVE \"RAM:my rec.py\" python"),
        Command::Record(RecordOp::Save { path: b"RAM:my rec.py".to_vec(), python: true })
    );
    assert_eq!(canon("record save \"RAM:a b\" python"), "RECORD SAVE \"RAM:a b\" PYTHON");
    assert_eq!(canon("record start"), "RECORD START");
    let long = format!("RECORD SAVE {}", "p".repeat(256));
    assert_eq!(bad(long.as_bytes()), "path longer than 255 bytes");
    assert_eq!(Verb::Record.name(), "RECORD");
    assert!(!Verb::Record.takes_screen());
}

/// Every command the recorder writes parses to the command it stands
/// for: quoting, escapes and Latin-1 bytes survive the grammar.
#[test]
fn recorded_steps_parse_back() {
    use gadgetscope_record::{Locator, Step};
    let w = |p: &[u8], s: Option<&[u8]>| WindowTarget { screen: s.map(<[u8]>::to_vec), pattern: p.to_vec() };
    let odd = w(b"Odd 'n' \"q\" \\ \xe9 @x a=b", Some(b"Work \"bench\""));
    let m = GadgetLocator::Match { role: Some(Role::Button), label: Some(b"Twin \"B\" \\".to_vec()), index: Some(2) };
    let live = |g: GadgetLocator| Locator::Live { window: odd.clone(), gadget: g };
    let cases: Vec<(Step, Command)> = vec![
        (
            Step::Click(live(GadgetLocator::Id(9))),
            Command::Click { target: located_in(&odd, GadgetLocator::Id(9)), expect: None, timeout: None },
        ),
        (
            Step::Click(Locator::Named(b"connect".to_vec())),
            Command::Click { target: GadgetTarget::Named(b"connect".to_vec()), expect: None, timeout: None },
        ),
        (
            Step::Type(live(m.clone()), b" caf\xe9 \"x\" \\ ".to_vec()),
            Command::Type {
                target: located_in(&odd, m.clone()),
                text: b" caf\xe9 \"x\" \\ ".to_vec(),
                options: TypeOptions { clear: true, enter: true },
            },
        ),
        (
            Step::Type(Locator::Named(b"n".to_vec()), b"\"q\" x ".to_vec()),
            Command::Type {
                target: GadgetTarget::Named(b"n".to_vec()),
                text: b"\"q\" x ".to_vec(),
                options: TypeOptions { clear: true, enter: true },
            },
        ),
        (
            Step::Drag(live(GadgetLocator::Id(5)), -40, 3),
            Command::Drag { target: located_in(&odd, GadgetLocator::Id(5)), to: DragTo::By { dx: -40, dy: 3 } },
        ),
        (Step::WindowMove(odd.clone(), 15, -5), Command::WindowMove { window: odd.clone(), dx: 15, dy: -5 }),
        (Step::WindowSize(odd.clone(), 320, 200), Command::WindowSize { window: odd.clone(), width: 320, height: 200 }),
        (
            Step::MenuPick(odd.clone(), 0, 2, Some(1)),
            Command::MenuPick { window: odd.clone(), menu: 0, item: 2, sub: Some(1) },
        ),
        (
            Step::WaitWindow(odd.clone()),
            Command::WaitFor {
                cond: WaitCond::Window { screen: odd.screen.clone(), pattern: odd.pattern.clone() },
                timeout: Some(10),
            },
        ),
    ];
    for (step, want) in cases {
        let line = step.line().unwrap();
        assert_eq!(parse(&line), Ok(want), "{}", latin1(&line));
    }
}

fn located_in(w: &WindowTarget, g: GadgetLocator) -> GadgetTarget {
    GadgetTarget::Located { window: w.clone(), gadget: g }
}

#[test]
fn return_codes() {
    assert_eq!([Rc::Ok, Rc::NotFound, Rc::Error, Rc::Timeout, Rc::Failed].map(Rc::code), [0, 5, 10, 15, 20]);
}

/// AmiPilot 1.1's handshake lists these 27 verbs in this order (its
/// server/WIRE.md, "Handshake"; docs/reference/wire.md).
const AMIPILOT_STABLE: &str = "VERSION TREE CLICK TYPE GETTEXT MANIFEST LAUNCH FSLIST FSSTAT FSMKDIR FSDELETE FSGET FSPUT WBLAUNCH MENU MENUPICK DRAG WINDOWMOVE WINDOWSIZE WAITFOR SCREENS SCREENSHOT AUTH MUIREXX WHERE PICK QUIT";

#[test]
fn version_text_exact() {
    // Every line ends with LF, the last one too; AmiPilot's verbs first, in
    // its order, then GadgetScope's own.
    assert_eq!(
        latin1(&version_text("1.2.3")),
        format!(
            "AMIPILOT 1.1 PROTOCOL 1\n\
             STABLE {AMIPILOT_STABLE} LASTERROR SHOW HIDE HIGHLIGHT RECORD SHOWN\n\
             SERVER GadgetScope 1.2.3\n"
        )
    );
    assert_eq!(AMIPILOT_STABLE.split(' ').count(), 27);
}

#[test]
fn the_stable_line_names_every_verb_once() {
    let mut stable: Vec<&str> = Verb::stable().map(|v| v.name()).collect();
    let mut all: Vec<&str> = VERBS.iter().map(|i| i.name).collect();
    assert_eq!(stable.len(), all.len());
    stable.sort_unstable();
    all.sort_unstable();
    assert_eq!(stable, all);
    // AmiPilot's places, each once.
    let mut places: Vec<u8> = VERBS.iter().map(|i| i.amipilot).filter(|&p| p > 0).collect();
    places.sort_unstable();
    assert_eq!(places, (1..=AMIPILOT_VERBS).collect::<Vec<_>>());
}

/// The parser works from the verb table: each row is its verb's (the
/// enum's order), and each verb's example parses as a command of that
/// verb whose canonical line reads back the same.
#[test]
fn the_parser_reads_every_verb_of_the_table() {
    for (n, i) in VERBS.iter().enumerate() {
        assert_eq!(i.verb as usize, n, "{} is not in its row", i.name);
        assert_eq!(i.verb.info(), i);
        let cmd = ok(i.verb.example());
        assert_eq!(cmd.verb(), i.verb, "{}", i.verb.example());
        // SCREEN= right after the verb is in the template first.
        if i.screen {
            assert!(i.verb.template().starts_with("`SCREEN/K"), "{}", i.name);
        }
    }
}

#[test]
fn auth_takes_one_token_whole() {
    assert_eq!(ok("AUTH amipilot"), Command::Auth { password: b"amipilot".to_vec() });
    assert_eq!(ok("auth \"pass word\""), Command::Auth { password: b"pass word".to_vec() });
    // An `=` belongs to the password (TCPPASSWORD=a=b is one), as the wire
    // reads it; so do a leading @ and a quoted KEY=.
    assert_eq!(ok("AUTH a=b"), Command::Auth { password: b"a=b".to_vec() });
    assert_eq!(ok("AUTH TIMEOUT=5"), Command::Auth { password: b"TIMEOUT=5".to_vec() });
    assert_eq!(ok("AUTH @x"), Command::Auth { password: b"@x".to_vec() });
    assert_eq!(ok("AUTH \"\""), Command::Auth { password: Vec::new() });
    assert_eq!(canon("AUTH \"a \\\"b\""), "AUTH \"a \\\"b\"");
    assert_eq!(bad(b"AUTH"), "missing password");
    assert_eq!(bad(b"AUTH a b"), "extra argument \"b\"");
    ok(&format!("AUTH {}", "p".repeat(PASSWORD_MAX)));
    assert_eq!(bad(format!("AUTH {}", "p".repeat(PASSWORD_MAX + 1)).as_bytes()), "password longer than 64 bytes");
}

#[test]
fn screen_before_a_name_narrows_its_window() {
    let on =
        |name: &str| GadgetTarget::NamedOnScreen { screen: b"Work bench".to_vec(), name: name.as_bytes().to_vec() };
    assert_eq!(
        ok("CLICK SCREEN=\"Work bench\" @connect EXPECT=NOWINDOW"),
        Command::Click { target: on("connect"), expect: Some(Expect::NoWindow), timeout: None }
    );
    assert_eq!(ok("GETTEXT screen=\"Work bench\" @name"), Command::GetText { target: on("name") });
    assert_eq!(
        ok("DRAG SCREEN=\"Work bench\" @a TO @b"),
        Command::Drag { target: on("a"), to: DragTo::To(GadgetRef::Named(b"b".to_vec())) }
    );
    assert_eq!(
        ok("WAITFOR SCREEN=\"Work bench\" @status TEXT=on"),
        Command::WaitFor { cond: WaitCond::Text { target: on("status"), text: b"on".to_vec() }, timeout: None }
    );
    assert_eq!(ok("HIGHLIGHT SCREEN=\"Work bench\" @a"), Command::Highlight { target: on("a") });
    assert_eq!(canon("click screen=Work @Connect"), "CLICK SCREEN=\"Work\" @Connect");
    // Still only right after the verb, and only once.
    assert_eq!(bad(b"CLICK @a SCREEN=Work"), "SCREEN= must come right after the verb");
    assert_eq!(bad(b"CLICK SCREEN=a SCREEN=b @a"), "missing window pattern before SCREEN=");
    assert_eq!(bad(b"CLICK SCREEN=Work @bad-name"), "bad @name @bad-name (names are [a-z0-9_]+)");
}

/// The framing's reading of an `FSPUT` line (its payload is counted even
/// when the command is refused) and the command's, from one call.
#[test]
fn fsput_lines_are_read_once_for_the_framing_and_the_command() {
    let p = parse_put(b"FSPUT \"RAM:x y\" 17 TIMEOUT=30");
    assert_eq!((p.len, p.timeout), (Ok(17), Some(30)));
    assert_eq!(p.put, Ok(FsPut { path: b"RAM:x y".to_vec(), len: 17, timeout: Some(30) }));
    assert_eq!((parse_put(b"fsput RAM:x 0").len, parse_put(b"fsput RAM:x 0").timeout), (Ok(0), None));
    assert_eq!(parse_put(b"FSPUT RAM:x 5 timeout=2").timeout, Some(2));
    // 0, junk and values beyond the maximum: the framing's default.
    for t in [&b"TIMEOUT=0"[..], b"TIMEOUT=x", b"TIMEOUT=86401", b"TIMEOUT="] {
        let mut l = b"FSPUT RAM:x 5 ".to_vec();
        l.extend_from_slice(t);
        let p = parse_put(&l);
        assert_eq!((p.len, p.timeout), (Ok(5), None), "{}", latin1(&l));
    }
    // Counted though the command refuses it.
    let p = parse_put(b"FSPUT RAM:x 99999999999999999999999");
    assert_eq!(p.len, Ok(u64::MAX));
    assert_eq!(latin1(&p.put.unwrap_err().text), "byte count out of range (0..65535)");
    assert_eq!(parse_put(b"FSPUT TIMEOUT=5 3").len, Ok(3));
    // No count: the stream cannot be followed.
    for l in [
        &b"FSPUT"[..],
        b"FSPUT RAM:x",
        b"FSPUT RAM:x -5",
        b"FSPUT RAM:x +5",
        b"FSPUT RAM:x \"5\"",
        b"FSPUT \"RAM:x 5",
        b"FSPUT RAM:x 5x",
    ] {
        assert!(parse_put(l).len.is_err(), "{}", latin1(l));
    }
    assert_eq!(latin1(&parse_put(b"FSGET RAM:x").put.unwrap_err().text), "FSGET carries no data");
}
