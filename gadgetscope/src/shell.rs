//! Shell use of GadgetScope: the `ReadArgs()` template and what a command
//! line asks for. (Workbench starts take tooltypes instead: crate::settings.)
use crate::settings::{self, Settings};
use alloc::string::String;
use alloc::vec::Vec;
use amiga_ndk::latin1::to_string as shown;
use amiga_rt::readargs::{self, Value};
use gadgetscope_core::locate::PATTERN_MAX;
use gadgetscope_engine::inspect::Inspect;
use gadgetscope_transport::settings::{SerialArgs, SerialSettings, WireArgs, WireSettings};

/// The `ReadArgs()` template; `GadgetScope ?` prints it (dos.library).
/// The numbers (`REFRESH`, `TCPPORT`, `SERUNIT`, `BAUD`) are read as text
/// and checked here, not as `/N`: `StrToLong()` wraps at 32 bits.
pub const TEMPLATE: &str =
    "COMMAND,WINDOW/K,SCREEN/K,FULL/S,NOGUI/S,PORTNAME/K,STARTUP/K,REFRESH/K,PROFILEDIR/K,FSROOT/K/M,TCP/S,TCPPORT/K,TCPPASSWORD/K,TCPBIND/K,TCPPORTFILE/K,TCPDIAL/K,SERIAL/S,SERDEVICE/K,SERUNIT/K,BAUD/K";

/// The commands a Shell line can give.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ShellCommand {
    /// `GadgetScope VERSION`: print the version line, RC 0.
    Version,
    /// `GadgetScope TREE|MENU [WINDOW=<pattern>] [SCREEN=<s>] [FULL]` and
    /// `GadgetScope SCREENS`: print the text, RC 0; RC 5 when nothing
    /// matched. Without `WINDOW=` the active window.
    Inspect(Inspect),
    /// `GadgetScope NOGUI [PORTNAME=<name>] [FSROOT=<dir> …] [TCPPORT=<n> …
    /// | TCPDIAL=<host>:<port> …] [SERIAL …]`: only the ARexx host (and the
    /// wire, when a TCP port or a host to dial is named or SERIAL given),
    /// until `QUIT` or Ctrl-C. `port`: the exact
    /// port name; `fs_roots`: the directories granted to the file verbs;
    /// `wire`: the TCP wire; `serial`: the serial wire.
    NoGui { port: Option<Vec<u8>>, fs_roots: Vec<Vec<u8>>, wire: Option<WireSettings>, serial: Option<SerialSettings> },
    /// `GadgetScope [PORTNAME=<name>] [STARTUP=OPEN|ICONIFIED]
    /// [REFRESH=<seconds>] [PROFILEDIR=<path>]` (no command, no NOGUI): the
    /// Workbench program with its window (or iconified), as from its icon.
    /// Options not given keep their defaults (crate::settings).
    Gui(Settings),
}

/// Why a line that fits the template still cannot run; printed as
/// `GadgetScope: <text>` with RC 10.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UsageError(pub String);

/// Commands known to [`interpret`], for messages.
pub const COMMANDS: &[&str] = &["VERSION", "TREE", "MENU", "SCREENS"];

/// Turns `ReadArgs()` values (in template order) into a command; `line` is
/// the command line they came from (`GetArgStr()`), read again for words
/// beyond the command, which `ReadArgs()` puts in `FSROOT`'s list.
pub fn interpret(values: &[Value], line: &[u8]) -> Result<ShellCommand, UsageError> {
    // After a `?` ReadArgs() read the rest from Input(): only the part
    // before it is here to check.
    let line = readargs::before_prompt(line).unwrap_or(line);
    if let Some(word) = readargs::stray_word(line, TEMPLATE) {
        if let Some(name) = readargs::items(TEMPLATE).take(values.len()).find_map(|i| i.named(word)) {
            return Err(UsageError(alloc::format!("{name} is given twice")));
        }
        // A quoted word is shown as written, in its own quotes.
        let quote = if word.starts_with(b"\"") { "" } else { "\"" };
        return Err(UsageError(alloc::format!(
            "{quote}{}{quote} is one word too many (one command: {})",
            shown(word),
            COMMANDS.join(", ")
        )));
    }
    let text = |i: usize| match values.get(i) {
        Some(Value::Text(t)) => Some(t.clone()),
        _ => None,
    };
    let command = text(0).unwrap_or_default();
    let (window, screen) = (text(1), text(2));
    for (k, v) in [("WINDOW", &window), ("SCREEN", &screen)] {
        if v.as_ref().is_some_and(|v| v.len() > PATTERN_MAX) {
            return Err(UsageError(alloc::format!("{k} longer than {PATTERN_MAX} bytes")));
        }
    }
    let number = |i: usize, key: &[u8]| match values.get(i) {
        Some(Value::Text(t)) => settings::wire_number(key, t).map(Some).map_err(UsageError),
        _ => Ok(None),
    };
    let full = matches!(values.get(3), Some(Value::Switch(true)));
    let nogui = matches!(values.get(4), Some(Value::Switch(true)));
    let portname = text(5);
    let startup = text(6);
    let refresh = match values.get(7) {
        Some(Value::Text(t)) => Some(settings::refresh_text(t).map_err(UsageError)?),
        _ => None,
    };
    let profiledir = text(8);
    let fsroot: Vec<Vec<u8>> = match values.get(9) {
        Some(Value::Multi(v)) => v.clone(),
        _ => Vec::new(),
    };
    let fs_roots = settings::fs_roots(fsroot.iter().map(Vec::as_slice)).map_err(UsageError)?;
    let wire_args = WireArgs {
        tcp: matches!(values.get(10), Some(Value::Switch(true))),
        port: number(11, b"TCPPORT")?,
        password: text(12),
        bind: text(13),
        port_file: text(14),
        dial: text(15),
    };
    let wire_given = wire_args != WireArgs::default();
    let wire = wire_args.settings().map_err(UsageError)?;
    let serial_args = SerialArgs {
        serial: matches!(values.get(16), Some(Value::Switch(true))),
        device: text(17),
        unit: number(18, b"SERUNIT")?,
        baud: number(19, b"BAUD")?,
    };
    let serial_given = serial_args != SerialArgs::default();
    let serial = serial_args.settings().map_err(UsageError)?;
    let gui_options =
        [("STARTUP", startup.is_some()), ("REFRESH", refresh.is_some()), ("PROFILEDIR", profiledir.is_some())];
    if nogui {
        if !command.is_empty() {
            // `FSROOT a b`: ReadArgs() takes b as the command.
            let hint = if fs_roots.is_empty() { "" } else { "; each FSROOT directory needs its own FSROOT=" };
            return Err(UsageError(alloc::format!("NOGUI takes no command (\"{}\" given{hint})", shown(&command))));
        }
        if window.is_some() || screen.is_some() || full || gui_options.iter().any(|(_, set)| *set) {
            return Err(UsageError("NOGUI takes only PORTNAME, FSROOT, the TCP and the serial keywords".into()));
        }
        return match portname {
            Some(p) if p.is_empty() || p.len() > 31 => Err(UsageError("PORTNAME must be 1 to 31 characters".into())),
            port => Ok(ShellCommand::NoGui { port, fs_roots, wire, serial }),
        };
    }
    if command.is_empty() {
        let given = [("WINDOW", window.is_some()), ("SCREEN", screen.is_some()), ("FULL", full)];
        if let Some((k, _)) = given.iter().find(|(_, set)| *set) {
            return Err(UsageError(alloc::format!("{k} needs a command (commands: {})", COMMANDS.join(", "))));
        }
        let mut s = Settings::default();
        if let Some(p) = portname {
            s.port_name = Some(settings::port_name(&p).map_err(UsageError)?);
        }
        if let Some(v) = startup {
            s.startup = settings::startup(&v).map_err(UsageError)?;
        }
        if let Some(n) = refresh {
            s.refresh = n;
        }
        if let Some(d) = profiledir {
            s.profile_dir = settings::profile_dir(&d).map_err(UsageError)?;
        }
        s.fs_roots = fs_roots;
        s.wire = wire;
        s.serial = serial;
        return Ok(ShellCommand::Gui(s));
    }
    let upper: Vec<u8> = command.to_ascii_uppercase();
    if !COMMANDS.iter().any(|c| c.as_bytes() == upper.as_slice()) {
        return Err(UsageError(alloc::format!(
            "unknown command \"{}\" (commands: {})",
            shown(&command),
            COMMANDS.join(", ")
        )));
    }
    if portname.is_some() {
        return Err(UsageError("PORTNAME goes with NOGUI or with no command (the window)".into()));
    }
    if !fs_roots.is_empty() {
        return Err(UsageError("FSROOT goes with NOGUI or with no command (the window)".into()));
    }
    if wire_given {
        return Err(UsageError("the TCP keywords go with NOGUI or with no command (the window)".into()));
    }
    if serial_given {
        return Err(UsageError("the serial keywords go with NOGUI or with no command (the window)".into()));
    }
    if let Some((k, _)) = gui_options.iter().find(|(_, set)| *set) {
        return Err(UsageError(alloc::format!(
            "{} does not take {k} (it goes with no command: the window)",
            shown(&upper)
        )));
    }
    let only = |allowed: &[&str]| -> Result<(), UsageError> {
        let given = [("WINDOW", window.is_some()), ("SCREEN", screen.is_some()), ("FULL", full)];
        match given.iter().find(|(k, set)| *set && !allowed.contains(k)) {
            Some((k, _)) => Err(UsageError(alloc::format!("{} does not take {k}", shown(&upper)))),
            None => Ok(()),
        }
    };
    match upper.as_slice() {
        b"VERSION" => {
            only(&[])?;
            Ok(ShellCommand::Version)
        }
        b"TREE" => {
            only(&["WINDOW", "SCREEN", "FULL"])?;
            Ok(ShellCommand::Inspect(Inspect::Tree { window, screen, full }))
        }
        b"MENU" => {
            only(&["WINDOW", "SCREEN"])?;
            Ok(ShellCommand::Inspect(Inspect::Menu { window, screen }))
        }
        b"SCREENS" => {
            only(&[])?;
            Ok(ShellCommand::Inspect(Inspect::Screens))
        }
        _ => Err(UsageError(alloc::format!(
            "unknown command \"{}\" (commands: {})",
            shown(&command),
            COMMANDS.join(", ")
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::Startup;
    use gadgetscope_transport::settings::{Dial, Tcp};

    /// The values alone (the line's own checks are in `line_checks`).
    fn run(values: &[Value]) -> Result<ShellCommand, UsageError> {
        interpret(values, b"")
    }

    fn text(s: &str) -> Value {
        Value::Text(s.as_bytes().to_vec())
    }

    fn line(cmd: &str, window: Option<&str>, screen: Option<&str>, full: bool) -> Vec<Value> {
        vec![
            text(cmd),
            window.map(text).unwrap_or(Value::Absent),
            screen.map(text).unwrap_or(Value::Absent),
            Value::Switch(full),
            Value::Switch(false),
            Value::Absent,
            Value::Absent,
            Value::Absent,
            Value::Absent,
            Value::Absent,
        ]
    }

    #[test]
    fn nogui_and_portname() {
        let mut l = line("", None, None, false);
        l[0] = Value::Absent;
        l[4] = Value::Switch(true);
        assert_eq!(run(&l), Ok(ShellCommand::NoGui { port: None, fs_roots: vec![], wire: None, serial: None }));
        l[5] = text("AMIPILOT.1");
        l[9] = Value::Multi(vec![b"RAM:Staging".to_vec(), b"Work:x".to_vec()]);
        assert_eq!(
            run(&l),
            Ok(ShellCommand::NoGui {
                port: Some(b"AMIPILOT.1".to_vec()),
                fs_roots: vec![b"RAM:Staging".to_vec(), b"Work:x".to_vec()],
                wire: None,
                serial: None
            })
        );
        l[9] = Value::Multi(vec![b"".to_vec()]);
        assert_eq!(run(&l).unwrap_err().0, "FSROOT must be directories of 1 to 255 characters, separated by |");
        l[9] = Value::Absent;
        l[5] = text("A_PORT_NAME_THAT_IS_MUCH_TOO_LONG");
        assert_eq!(run(&l).unwrap_err().0, "PORTNAME must be 1 to 31 characters");
        let mut t = line("TREE", None, None, false);
        t[5] = text("X");
        assert_eq!(run(&t).unwrap_err().0, "PORTNAME goes with NOGUI or with no command (the window)");
        t[5] = Value::Absent;
        t[9] = Value::Multi(vec![b"RAM:".to_vec()]);
        assert_eq!(run(&t).unwrap_err().0, "FSROOT goes with NOGUI or with no command (the window)");
        t[9] = Value::Absent;
        t[5] = text("X");
        t[4] = Value::Switch(true);
        t[5] = Value::Absent;
        assert_eq!(run(&t).unwrap_err().0, "NOGUI takes no command (\"TREE\" given)");
    }

    #[test]
    fn bench_is_a_program_of_its_own() {
        // GadgetScopeBench times TREE; GadgetScope does not carry it.
        assert_eq!(
            run(&line("BENCH", Some("Fixture"), None, false)).unwrap_err().0,
            "unknown command \"BENCH\" (commands: VERSION, TREE, MENU, SCREENS)"
        );
    }

    #[test]
    fn version_any_case() {
        assert_eq!(run(&line("VERSION", None, None, false)), Ok(ShellCommand::Version));
        assert_eq!(run(&line("version", None, None, false)), Ok(ShellCommand::Version));
    }

    #[test]
    fn inspector_commands() {
        assert_eq!(
            run(&line("tree", Some("Fixture"), Some("Work"), true)),
            Ok(ShellCommand::Inspect(Inspect::Tree {
                window: Some(b"Fixture".to_vec()),
                screen: Some(b"Work".to_vec()),
                full: true
            }))
        );
        assert_eq!(
            run(&line("TREE", None, None, false)),
            Ok(ShellCommand::Inspect(Inspect::Tree { window: None, screen: None, full: false }))
        );
        assert_eq!(
            run(&line("MENU", Some("x"), None, false)),
            Ok(ShellCommand::Inspect(Inspect::Menu { window: Some(b"x".to_vec()), screen: None }))
        );
        assert_eq!(run(&line("SCREENS", None, None, false)), Ok(ShellCommand::Inspect(Inspect::Screens)));
    }

    #[test]
    fn options_that_do_not_apply_are_refused() {
        assert_eq!(run(&line("MENU", Some("x"), None, true)).unwrap_err().0, "MENU does not take FULL");
        assert_eq!(run(&line("SCREENS", Some("x"), None, false)).unwrap_err().0, "SCREENS does not take WINDOW");
        assert_eq!(run(&line("VERSION", None, Some("s"), false)).unwrap_err().0, "VERSION does not take SCREEN");
    }

    #[test]
    fn unknown_and_missing_commands_name_the_problem() {
        assert_eq!(
            run(&line("FROB", None, None, false)).unwrap_err().0,
            "unknown command \"FROB\" (commands: VERSION, TREE, MENU, SCREENS)"
        );
        assert_eq!(run(&[Value::Absent]), Ok(ShellCommand::Gui(Settings::default())), "no command: the window");
        assert!(run(&[Value::Text(b"\xe9".to_vec())]).unwrap_err().0.contains('\u{e9}'));
    }

    #[test]
    fn template_has_one_slot_per_value() {
        assert_eq!(readargs::slots(TEMPLATE).len(), 20);
        // AmiPilotServer's names (its numbers are `/N`; ours text, checked
        // without a 32-bit wrap).
        assert!(TEMPLATE.ends_with(",TCPPORTFILE/K,TCPDIAL/K,SERIAL/S,SERDEVICE/K,SERUNIT/K,BAUD/K"));
        assert!(!TEMPLATE.contains("/N"), "no StrToLong() numbers");
        assert!(TEMPLATE.starts_with("COMMAND,WINDOW/K,SCREEN/K,FULL/S,NOGUI/S,PORTNAME/K,"));
    }

    fn gui() -> Vec<Value> {
        let mut l = line("", None, None, false);
        l[0] = Value::Absent;
        l
    }

    #[test]
    fn no_command_starts_the_window_with_its_options() {
        assert_eq!(run(&gui()), Ok(ShellCommand::Gui(Settings::default())));
        let mut l = gui();
        l[5] = text("AMIPILOT.1");
        l[6] = text("iconified");
        l[7] = text("0");
        l[8] = text("Work:Profiles");
        assert_eq!(
            run(&l),
            Ok(ShellCommand::Gui(Settings {
                port_name: Some(b"AMIPILOT.1".to_vec()),
                startup: Startup::Iconified,
                refresh: 0,
                profile_dir: b"Work:Profiles".to_vec(),
                ..Settings::default()
            }))
        );
        // An empty COMMAND text is no command too.
        let mut e = line("", None, None, false);
        e[6] = text("OPEN");
        assert_eq!(run(&e), Ok(ShellCommand::Gui(Settings::default())));
    }

    #[test]
    fn bad_window_options_are_errors_not_warnings() {
        let cases: [(usize, Value, &str); 6] = [
            (6, text("HIDDEN"), "STARTUP must be OPEN or ICONIFIED"),
            (7, text("3601"), "REFRESH must be 0 (off) or 1 to 3600 seconds, not 3601"),
            (7, text("-1"), "REFRESH must be 0 (off) or 1 to 3600 seconds, not -1"),
            (8, text(""), "PROFILEDIR must be a path of 1 to 255 characters"),
            (5, text(""), "PORTNAME must be 1 to 31 characters"),
            (5, text("A_PORT_NAME_THAT_IS_MUCH_TOO_LONG"), "PORTNAME must be 1 to 31 characters"),
        ];
        for (slot, v, want) in cases {
            let mut l = gui();
            l[slot] = v;
            assert_eq!(run(&l).unwrap_err().0, want);
        }
        let mut l = gui();
        l[8] = text(&"d".repeat(256));
        assert!(run(&l).is_err());
    }

    #[test]
    fn window_options_only_without_a_command() {
        let mut t = line("TREE", None, None, false);
        t[6] = text("OPEN");
        assert_eq!(run(&t).unwrap_err().0, "TREE does not take STARTUP (it goes with no command: the window)");
        let mut b = line("menu", None, None, false);
        b[7] = text("2");
        assert_eq!(run(&b).unwrap_err().0, "MENU does not take REFRESH (it goes with no command: the window)");
        let mut n = gui();
        n[4] = Value::Switch(true);
        n[8] = text("RAM:");
        assert_eq!(run(&n).unwrap_err().0, "NOGUI takes only PORTNAME, FSROOT, the TCP and the serial keywords");
        let mut u = line("FROB", None, None, false);
        u[6] = text("OPEN");
        assert!(run(&u).unwrap_err().0.starts_with("unknown command \"FROB\""), "the command is the first problem");
        // Inspector options without a command.
        let mut w = gui();
        w[1] = text("Fixture");
        assert_eq!(run(&w).unwrap_err().0, "WINDOW needs a command (commands: VERSION, TREE, MENU, SCREENS)");
        let mut f = gui();
        f[3] = Value::Switch(true);
        assert_eq!(run(&f).unwrap_err().0, "FULL needs a command (commands: VERSION, TREE, MENU, SCREENS)");
    }

    /// A line with every slot of the template, NOGUI on.
    fn nogui() -> Vec<Value> {
        let mut l = gui();
        l.resize(20, Value::Absent);
        l[4] = Value::Switch(true);
        l
    }

    #[test]
    fn serial_keywords() {
        let mut l = nogui();
        l[16] = Value::Switch(true);
        let want = SerialSettings { device: b"serial.device".to_vec(), unit: 0, baud: 19200 };
        assert_eq!(
            run(&l),
            Ok(ShellCommand::NoGui { port: None, fs_roots: vec![], wire: None, serial: Some(want.clone()) })
        );
        l[17] = text("duart.device");
        l[18] = text("2");
        l[19] = text("57600");
        let Ok(ShellCommand::NoGui { serial: Some(s), .. }) = run(&l) else { panic!("{:?}", run(&l)) };
        assert_eq!(s, SerialSettings { device: b"duart.device".to_vec(), unit: 2, baud: 57600 });
        // With the window too, and beside TCP.
        let mut g = l.clone();
        g[4] = Value::Switch(false);
        g[11] = text("1234");
        let Ok(ShellCommand::Gui(s)) = run(&g) else { panic!("{:?}", run(&g)) };
        let listen = Tcp::Listen { port: 1234, bind: 0, port_file: None };
        assert_eq!((s.serial.map(|s| s.unit), s.wire.map(|w| w.tcp)), (Some(2), Some(listen)));
        // Bad values and keywords without SERIAL: RC 10 with the reason.
        let cases: [(usize, Value, &str); 3] = [
            (18, text("-1"), "SERUNIT must be 0 or more, not -1"),
            (19, text("0"), "BAUD must be a rate in bits per second, not 0"),
            (17, text(""), "SERDEVICE must be a device name of 1 to 255 characters"),
        ];
        for (slot, v, want) in cases {
            let mut b = nogui();
            b[16] = Value::Switch(true);
            b[slot] = v;
            assert_eq!(run(&b).unwrap_err().0, want);
        }
        let mut b = nogui();
        b[19] = text("300000");
        assert_eq!(run(&b).unwrap_err().0, "BAUD needs SERIAL");
        b[16] = Value::Switch(true);
        assert_eq!(run(&b).unwrap_err().0, "BAUD must be 112 to 292000 for serial.device, not 300000");
        let mut t = line("TREE", None, None, false);
        t.resize(20, Value::Absent);
        t[16] = Value::Switch(true);
        assert_eq!(run(&t).unwrap_err().0, "the serial keywords go with NOGUI or with no command (the window)");
    }

    /// `TCPDIAL=<host>:<port>`: with NOGUI or the window; with `TCPPORT`,
    /// a bad value or another command, RC 10 with the reason.
    #[test]
    fn tcpdial_keyword() {
        let mut l = nogui();
        l[15] = text("127.0.0.1:4321");
        l[12] = text("amipilot");
        let dial = Tcp::Dial(Dial { host: b"127.0.0.1".to_vec(), port: 4321 });
        let wire = Some(WireSettings { password: Some(b"amipilot".to_vec()), tcp: dial.clone() });
        assert_eq!(run(&l), Ok(ShellCommand::NoGui { port: None, fs_roots: vec![], wire, serial: None }));
        let mut g = l.clone();
        g[4] = Value::Switch(false);
        let Ok(ShellCommand::Gui(s)) = run(&g) else { panic!("{:?}", run(&g)) };
        assert_eq!(s.wire.map(|w| w.tcp), Some(dial));
        let cases = [
            (None, "gateway", "TCPDIAL must be <host>:<port>, not \"gateway\""),
            (None, ":1234", "TCPDIAL must be <host>:<port>, not \":1234\""),
            (None, "gateway:0", "TCPDIAL's port must be 1 to 65535, not \"0\""),
            (None, "gateway:65536", "TCPDIAL's port must be 1 to 65535, not \"65536\""),
            (Some("1234"), "gateway:1234", "TCPDIAL and TCPPORT do not go together"),
        ];
        for (port, value, want) in cases {
            let mut b = nogui();
            b[11] = port.map(text).unwrap_or(Value::Absent);
            b[15] = text(value);
            assert_eq!(run(&b).unwrap_err().0, want, "{value}");
        }
        let mut b = nogui();
        b[15] = text(&format!("{}:1", "h".repeat(254)));
        let host = "TCPDIAL's host must be a name or a.b.c.d of at most 253 characters";
        assert_eq!(run(&b).unwrap_err().0, host);
        let mut t = line("TREE", None, None, false);
        t.resize(20, Value::Absent);
        t[15] = text("gateway:1234");
        assert_eq!(run(&t).unwrap_err().0, "the TCP keywords go with NOGUI or with no command (the window)");
    }

    #[test]
    fn numbers_do_not_wrap() {
        let cases = [
            (11, "4294967296", "TCPPORT must be 0 to 65535, not 4294967296"),
            (11, "4294967297", "TCPPORT must be 0 to 65535, not 4294967297"),
            (11, "99999999999999999999", "TCPPORT must be a number, 0 to 65535"),
            (11, "0x10", "TCPPORT must be a number, 0 to 65535"),
            (19, "4294967296", "BAUD needs SERIAL"),
            (7, "65536", "REFRESH must be 0 (off) or 1 to 3600 seconds, not 65536"),
        ];
        for (slot, v, want) in cases {
            let mut b = if slot == 7 { gui() } else { nogui() };
            b[slot] = text(v);
            assert_eq!(run(&b).unwrap_err().0, want, "{v}");
        }
        let mut b = nogui();
        b[16] = Value::Switch(true);
        b[19] = text("4294967296");
        assert_eq!(run(&b).unwrap_err().0, "BAUD must be a rate in bits per second, not 4294967296");
    }

    #[test]
    fn line_checks() {
        // What ReadArgs() made of each line, and the line itself.
        let mut twice = line("TREE", None, None, true);
        twice[9] = Value::Multi(vec![b"FULL".to_vec()]);
        assert_eq!(interpret(&twice, b"TREE FULL FULL\n").unwrap_err().0, "FULL is given twice");
        let mut extra = line("TREE", None, None, false);
        extra[9] = Value::Multi(vec![b"SCREENS".to_vec()]);
        assert_eq!(
            interpret(&extra, b"TREE SCREENS\n").unwrap_err().0,
            "\"SCREENS\" is one word too many (one command: VERSION, TREE, MENU, SCREENS)"
        );
        let mut rooted = nogui();
        rooted[9] = Value::Multi(vec![b"RAM:".to_vec()]);
        assert!(interpret(&rooted, b"NOGUI FSROOT=RAM:\n").is_ok());
        // AmiPilotServer's `FSROOT a b`: ReadArgs() takes b as the command.
        rooted[0] = text("Work:");
        assert_eq!(
            interpret(&rooted, b"NOGUI FSROOT RAM: Work:\n").unwrap_err().0,
            "NOGUI takes no command (\"Work:\" given; each FSROOT directory needs its own FSROOT=)"
        );
        let long = "w".repeat(PATTERN_MAX + 1);
        assert_eq!(
            interpret(&line("TREE", Some(&long), None, false), b"").unwrap_err().0,
            "WINDOW longer than 127 bytes"
        );
        assert!(interpret(&line("TREE", Some(&long[1..]), None, false), b"").is_ok());
    }

    /// A quoted stray word is shown in its own quotes (`""`, not `""""`).
    #[test]
    fn a_quoted_stray_word_is_shown_as_written() {
        let mut extra = line("TREE", None, None, false);
        extra[9] = Value::Multi(vec![Vec::new()]);
        let msg = |l: &[u8]| interpret(&extra, l).unwrap_err().0;
        assert_eq!(msg(b"TREE \"\"\n"), "\"\" is one word too many (one command: VERSION, TREE, MENU, SCREENS)");
        assert_eq!(msg(b"TREE \"a b\"\n"), "\"a b\" is one word too many (one command: VERSION, TREE, MENU, SCREENS)");
    }

    /// `GadgetScope MENU ?`: ReadArgs() prompts for the rest of the line;
    /// the `?` is no word of it (on the AROS ROM, with `WINDOW=x` typed:
    /// `"?" is one word too many`, RC 10).
    #[test]
    fn a_question_mark_ending_the_line_is_no_word() {
        let mut menu = line("MENU", Some("x"), None, false);
        assert!(interpret(&menu, b"MENU ?\n").is_ok());
        menu[9] = Value::Multi(vec![b"SCREENS".to_vec()]);
        assert_eq!(
            interpret(&menu, b"MENU SCREENS ?\n").unwrap_err().0,
            "\"SCREENS\" is one word too many (one command: VERSION, TREE, MENU, SCREENS)",
            "the words before it are checked"
        );
    }

    /// `GadgetScope ?`: ReadArgs() prints the template and reads the line
    /// from Input(); GetArgStr() is still the `?`, so the words of the
    /// line typed are not there to check, and a stray word in FSROOT's
    /// list reads as an FSROOT given (on the AROS ROM, `TREE SCREENS`
    /// typed: "FSROOT goes with NOGUI or with no command (the window)").
    #[test]
    #[ignore = "the typed line is unknown: GadgetScope would have to prompt itself (Input(), ReadArgs() on an RDArgs with RDAF_NOPROMPT)"]
    fn a_line_typed_after_the_question_mark_is_checked_too() {
        let mut extra = line("TREE", None, None, false);
        extra[9] = Value::Multi(vec![b"SCREENS".to_vec()]);
        assert_eq!(
            interpret(&extra, b"?\n").unwrap_err().0,
            "\"SCREENS\" is one word too many (one command: VERSION, TREE, MENU, SCREENS)"
        );
    }
}
