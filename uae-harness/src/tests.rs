//! Host unit tests of the pure parts (no emulator).

use std::path::PathBuf;

use crate::native::{check_hunk_header, elf_symbol};
use crate::serial::parse_crash;
use crate::stage::{amiga_to_relative, fs_uae_config, startup_sequence, ConfigParams, Mends};
use crate::*;

#[test]
fn startup_sequence_order() {
    let s = Scenario::new("t").line("Echo \"a\" >DH0:a").capture("MyProgram VERSION", "ver");
    let text = startup_sequence(&s, false, false, false, Mends::default()).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with(';'));
    assert_eq!(
        &lines[1..],
        &[
            "C:CrashGuard",
            "C:NoNest",
            "C:ConsoleFix",
            "FailAt 1000",
            "Echo \"a\" >DH0:a",
            "MyProgram VERSION >DH0:ver.out",
            "Echo \"$RC\" >DH0:ver.rc",
            "Echo \"done\" >DH0:sentinel",
            "C:ExitEmu",
        ]
    );
    assert!(text.ends_with("C:ExitEmu\n"));
}

#[test]
fn startup_sequence_screenshot_handshake() {
    let s = Scenario::new("t").screenshot("main");
    let text = startup_sequence(&s, true, true, true, Mends::default()).unwrap();
    let expected = "C:CrashGuard\nC:NoNest\nC:ConsoleFix\nFailAt 1000\nC:SetPatch QUIET\nAssign >NIL: LIBS: SYS:Classes ADD\n\
        Echo \"go\" >DH0:shot-request-main\nLab shotwait_main\nIf NOT EXISTS DH0:shot-done-main\n  Skip shotwait_main BACK\nEndIf\n\
        Echo \"go\" >DH0:shot-request-final\nLab shotwait_final\nIf NOT EXISTS DH0:shot-done-final\n  Skip shotwait_final BACK\nEndIf\n\
        Echo \"done\" >DH0:sentinel\nC:ExitEmu\n";
    assert!(text.ends_with(expected), "{text}");
}

#[test]
fn startup_sequence_rejects_bad_lines() {
    let m = Mends::default();
    assert!(startup_sequence(&Scenario::new("t").line("a\nb"), false, false, false, m).is_err());
    assert!(startup_sequence(&Scenario::new("t").screenshot("a b"), false, false, false, m).is_err());
    assert!(startup_sequence(&Scenario::new("t").screenshot("x").screenshot("x"), false, false, false, m).is_err());
    assert!(startup_sequence(&Scenario::new("t").screenshot("final"), true, false, false, m).is_err());
}

#[test]
fn config_text() {
    let p = ConfigParams {
        hd_dir: PathBuf::from("/w/hd"),
        serial_log: PathBuf::from("/w/serial.log"),
        base_dir: PathBuf::from("/w/base"),
        kickstart: None,
        window: None,
        model: Model::A1200,
        extra: vec![("fast_memory".into(), "8192".into())],
    };
    assert_eq!(
        fs_uae_config(&p),
        "[fs-uae]\namiga_model = A1200\naccuracy = -1\nuae_cpu_speed = max\nfast_memory = 8192\nwarp_mode = 1\ndeterministic = 1\n\
         uae_sound_output = none\nhard_drive_0 = /w/hd\nserial_port = /w/serial.log\nbase_dir = /w/base\n\
         fast_memory = 8192\n"
    );
    let p2 = ConfigParams { kickstart: Some("/roms/kick.rom".into()), window: Some((800, 600)), extra: vec![], ..p };
    let t = fs_uae_config(&p2);
    assert!(t.contains("kickstart_file = /roms/kick.rom\n"));
    assert!(t.contains("window_width = 800\nwindow_height = 600\n"));
    assert!(t.contains("fullscreen = 0\n"));
    assert!(t.contains("notification_duration = 0\n"), "no on-screen notifications in screenshots");
    let a500 = ConfigParams { model: Model::A500, kickstart: None, window: None, extra: vec![], ..p2 };
    assert_eq!(
        fs_uae_config(&a500),
        "[fs-uae]\namiga_model = A500\ncpu = 68000\naccuracy = 0\nuae_cpu_speed = real\nchip_memory = 1024\n\
         slow_memory = 1024\nwarp_mode = 1\ndeterministic = 1\nuae_sound_output = none\nhard_drive_0 = /w/hd\n\
         serial_port = /w/serial.log\nbase_dir = /w/base\n"
    );
    assert_eq!(Scenario::new("t").model, Model::A1200);
    assert_eq!(Scenario::new("t").model(Model::A500).model, Model::A500);
}

/// Every harness tool runs on each machine's CPU: the ones each Startup-
/// Sequence runs are assembled for the 68000 (NoNest for the 68010, its
/// VBR read guarded by exec's AttnFlags).
#[test]
fn harness_tools_are_built_for_the_68000() {
    for src in crate::native::SOURCES {
        let want = if src == "NoNest.S" { "-m68010" } else { "-m68000" };
        assert_eq!(crate::native::cpu_of(src), want, "{src}");
    }
    let nonest = std::fs::read_to_string(crate::native::source_dir().join("NoNest.S")).unwrap();
    let guard = nonest.find("btst\t#AFB_68010").expect("NoNest checks AttnFlags");
    assert!(guard < nonest.find("\tmovec").unwrap(), "the VBR is read only after the check");
}

#[test]
fn amiga_paths() {
    assert_eq!(amiga_to_relative("C/ExitEmu").unwrap(), PathBuf::from("C/ExitEmu"));
    assert_eq!(amiga_to_relative("DH0:out.txt").unwrap(), PathBuf::from("out.txt"));
    assert_eq!(amiga_to_relative("sys:S/Startup-Sequence").unwrap(), PathBuf::from("S/Startup-Sequence"));
    assert!(amiga_to_relative("RAM:x").is_err());
    assert!(amiga_to_relative("../x").is_err());
    assert!(amiga_to_relative("/etc/passwd").is_err());
    assert!(amiga_to_relative("DH0:").is_err());
    assert!(amiga_to_relative("a:b:c").is_err());
}

const REPORT: &str = "[TaskRes] TaskResAddTask: taskentry @ 0x0003c878 for 'CLI'\n\
    \nCRASHGUARD trap=00000004 pc=00041C3A sr=0019 fmt=0010 addr=00000000 task=00038388 seg=00041C2C hunk=00000000 off=0000000E cmd=C:CrashTest\n";

#[test]
fn serial_parse() {
    let c = parse_crash(REPORT).unwrap();
    assert_eq!(c.trap, 4);
    assert_eq!(c.pc, 0x41C3A);
    assert_eq!(c.sr, 0x19);
    assert_eq!(c.format, 0x10);
    assert_eq!(c.task, 0x38388);
    assert_eq!(c.seg, 0x41C2C);
    assert_eq!(c.command, "C:CrashTest");
    assert_eq!(c.hunk, Some((0, 0xE)));
    assert!(c.describe().contains("illegal instruction"));
    assert!(c.describe().contains("C:CrashTest+$E (hunk 0)"));
    // A PC in a later hunk of a program whose code is in several.
    let c =
        parse_crash("\nCRASHGUARD trap=00000004 pc=00101000 seg=00041C2C hunk=00000003 off=00000FF8 cmd=MyProgram\n");
    assert_eq!(c.unwrap().describe(), "illegal instruction (vector 4) at pc $00101000 = MyProgram+$FF8 (hunk 3)");
    // An address error with a fault address and a command name with
    // spaces, its PC in none of the command's hunks.
    let c = parse_crash(
        "x\nCRASHGUARD trap=00000003 pc=00041C3E sr=0014 fmt=B00C addr=00041C3D task=1 seg=0 hunk=FFFFFFFF off=FFFFFFFF cmd=My Prog\n",
    )
    .unwrap();
    assert_eq!((c.trap, c.fault_addr, c.hunk, c.command.as_str()), (3, 0x41C3D, None, "My Prog"));
    assert!(c.describe().contains("in My Prog, outside its hunks"), "{}", c.describe());
}

#[test]
fn serial_parse_incomplete_or_absent() {
    assert!(parse_crash("[InitCode] boot\n").is_none());
    // Not yet terminated by a line break: wait for the rest.
    assert!(parse_crash("\nCRASHGUARD trap=00000004 pc=0004").is_none());
    assert!(parse_crash("\nCRASHGUARD garbage\n").is_none());
}

#[test]
fn classification() {
    let crash = parse_crash(REPORT);
    let o = Observed { crash: crash.clone(), sentinel: true, ..Default::default() };
    assert!(matches!(classify(&o, Ok(())), Outcome::Crash { trap: 4, pc: 0x41C3A, .. }));
    let o = Observed { crash, timed_out: true, ..Default::default() };
    assert!(matches!(classify(&o, Ok(())), Outcome::Crash { .. }));

    let ok = Observed { sentinel: true, ..Default::default() };
    assert_eq!(classify(&ok, Ok(())), Outcome::Pass);
    assert_eq!(classify(&ok, Err("x.txt: wrong".into())), Outcome::Fail("x.txt: wrong".into()));

    let no_exit = Observed { sentinel: true, no_exit_after_sentinel: true, ..Default::default() };
    assert!(matches!(classify(&no_exit, Ok(())), Outcome::Fail(r) if r.contains("ExitEmu")));

    let hang = Observed { timed_out: true, ..Default::default() };
    assert_eq!(classify(&hang, Ok(())), Outcome::Hang);

    let early = Observed { exited_early: Some("exit status: 1".into()), ..Default::default() };
    assert!(matches!(classify(&early, Ok(())), Outcome::Fail(r) if r.contains("before the sentinel")));

    let harness = Observed { sentinel: true, harness_error: Some("import failed".into()), ..Default::default() };
    assert!(matches!(classify(&harness, Ok(())), Outcome::Fail(r) if r.starts_with("harness:")));
}

#[test]
fn checks_and_rundir() {
    let dir = std::env::temp_dir().join(format!("uae-harness-test-{}", std::process::id()));
    let run = RunDir { dir: dir.clone() };
    std::fs::create_dir_all(run.hd().join("Sub")).unwrap();
    std::fs::write(run.hd().join("Sub/Out.txt"), "hello\n").unwrap();
    std::fs::write(run.hd().join("ver.rc"), "10\n").unwrap();
    assert_eq!(run.read_text("DH0:sub/out.TXT").unwrap(), "hello\n");
    assert_eq!(run.rc("ver"), Some(10));
    assert_eq!(run.rc("none"), None);
    assert!(Check::Exists("sub/out.txt".into()).evaluate(&run, &dir).is_ok());
    assert!(Check::Exists("nope".into()).evaluate(&run, &dir).is_err());
    assert!(Check::Equals("Sub/Out.txt".into(), b"hello\n".to_vec()).evaluate(&run, &dir).is_ok());
    assert!(Check::Contains("Sub/Out.txt".into(), "bye".into()).evaluate(&run, &dir).is_err());
    assert!(Check::Rc("ver".into(), 10).evaluate(&run, &dir).is_ok());
    assert!(Check::Rc("ver".into(), 0).evaluate(&run, &dir).unwrap_err().contains("RC 10"));
    std::fs::write(dir.join("want.txt"), "hello\n").unwrap();
    let same: scenario::Diff = |a, b| if a == b { Ok(()) } else { Err(b"they differ".to_vec()) };
    assert!(Check::Golden("sub/out.txt".into(), "want.txt".into(), same).evaluate(&run, &dir).is_ok());
    let golden = Check::Golden("ver.rc".into(), "want.txt".into(), same).evaluate(&run, &dir).unwrap_err();
    assert_eq!(golden, "ver.rc differs from want.txt:\nthey differ");
    let custom = Check::Custom("custom".into(), Box::new(|r: &RunDir| r.read("nope").map(|_| ())));
    assert!(custom.evaluate(&run, &dir).unwrap_err().starts_with("custom:"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A hand-made ELF32 big-endian with one .text section and a symbol table.
fn tiny_elf(code: &[u8], with_rela: bool) -> Vec<u8> {
    let shstr = b"\0.text\0.symtab\0.strtab\0.shstrtab\0.rela.text\0";
    let strtab = b"\0_start\0crash_illegal\0";
    let mut symtab = vec![0u8; 16];
    let sym = |name: u32, value: u32| {
        let mut s = Vec::new();
        s.extend_from_slice(&name.to_be_bytes());
        s.extend_from_slice(&value.to_be_bytes());
        s.extend_from_slice(&[0, 0, 0, 0, 0x10, 0, 0, 1]);
        s
    };
    symtab.extend(sym(1, 0x8000_0074));
    symtab.extend(sym(8, 0x8000_0082));
    let rela = [0u8; 12];
    let text_off = 52usize;
    let mut body = Vec::new();
    body.extend_from_slice(code);
    let sym_off = text_off + body.len();
    body.extend_from_slice(&symtab);
    let str_off = text_off + body.len();
    body.extend_from_slice(strtab);
    let shs_off = text_off + body.len();
    body.extend_from_slice(shstr);
    let rela_off = text_off + body.len();
    body.extend_from_slice(&rela);
    while body.len() % 4 != 0 {
        body.push(0);
    }
    let shoff = text_off + body.len();
    let nsec: u16 = if with_rela { 6 } else { 5 };
    let mut e = vec![0x7F, b'E', b'L', b'F', 1, 2, 1, 0];
    e.resize(16, 0);
    e.extend_from_slice(&2u16.to_be_bytes()); // ET_EXEC
    e.extend_from_slice(&4u16.to_be_bytes()); // EM_68K
    e.extend_from_slice(&1u32.to_be_bytes());
    e.extend_from_slice(&0x8000_0074u32.to_be_bytes()); // entry
    e.extend_from_slice(&0u32.to_be_bytes()); // phoff
    e.extend_from_slice(&(shoff as u32).to_be_bytes());
    e.extend_from_slice(&0u32.to_be_bytes()); // flags
    e.extend_from_slice(&52u16.to_be_bytes());
    e.extend_from_slice(&32u16.to_be_bytes());
    e.extend_from_slice(&0u16.to_be_bytes());
    e.extend_from_slice(&40u16.to_be_bytes());
    e.extend_from_slice(&nsec.to_be_bytes());
    e.extend_from_slice(&4u16.to_be_bytes()); // shstrndx
    assert_eq!(e.len(), 52);
    e.extend(body);
    let sh = |name: u32, kind: u32, flags: u32, addr: u32, off: usize, size: usize, link: u32| {
        let mut h = Vec::new();
        for w in [name, kind, flags, addr, off as u32, size as u32, link, 0, 1, if kind == 2 { 16 } else { 0 }] {
            h.extend_from_slice(&w.to_be_bytes());
        }
        h
    };
    e.extend(vec![0u8; 40]);
    e.extend(sh(1, 1, 6, 0x8000_0074, text_off, code.len(), 0));
    e.extend(sh(7, 2, 0, 0, sym_off, symtab.len(), 3));
    e.extend(sh(15, 3, 0, 0, str_off, strtab.len(), 0));
    e.extend(sh(23, 3, 0, 0, shs_off, shstr.len(), 0));
    if with_rela {
        e.extend(sh(33, 4, 0, 0, rela_off, rela.len(), 2));
    }
    e
}

#[test]
fn elf_symbols_and_hunk_header() {
    let code = [0x2F, 0x3C, 0, 0, 0, 13, 0x4E, 0x75];
    let elf = tiny_elf(&code, false);
    assert_eq!(elf_symbol(&elf, "_start"), Some(0x8000_0074));
    assert_eq!(elf_symbol(&elf, "crash_illegal"), Some(0x8000_0082));
    assert_eq!(elf_symbol(&elf, "nope"), None);
    assert_eq!(elf_symbol(b"not an elf", "_start"), None);
    assert!(check_hunk_header(&[0, 0, 3, 0xF3, 0, 0]).is_ok());
    assert!(check_hunk_header(b"\x7fELF").is_err());
}

#[test]
fn shot_requests_found_once_with_content() {
    let dir = std::env::temp_dir().join(format!("uae-harness-shots-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("shot-request-main"), "go\n").unwrap();
    std::fs::write(dir.join("shot-request-main.uaem"), "metadata").unwrap();
    std::fs::write(dir.join("shot-request-empty"), "").unwrap(); // opened, not yet written
    std::fs::write(dir.join("shot-request-abc"), "go\n").unwrap();
    std::fs::write(dir.join("other"), "go\n").unwrap();
    assert_eq!(crate::pending_shot_requests(&dir, &[]), vec!["abc".to_string(), "main".to_string()]);
    assert_eq!(crate::pending_shot_requests(&dir, &["abc".into()]), vec!["main".to_string()]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn startup_sequence_without_the_mends() {
    let t = Scenario::new("t");
    let text = startup_sequence(&t, false, false, false, Mends { no_nest: false, console_fix: true }).unwrap();
    assert!(!text.contains("NoNest") && text.contains("\nC:ConsoleFix\n"), "{text}");
    let text = startup_sequence(&t, false, false, false, Mends { no_nest: true, console_fix: false }).unwrap();
    assert!(text.contains("\nC:NoNest\n") && !text.contains("ConsoleFix"), "{text}");
}
