//! The shipped Installer script: it is ISO-8859-1, passes the checks of
//! every Installer generation, and its dry run does the right file
//! operations at every user level, for real and in pretend mode, as
//! Installer 1.x (Workbench 3.0/3.1) and the newest Installers read it.
use installer::{
    check_script, copied_from, dry_run, latin1, parse_as, Action, Installer, Node, Options, Outcome, Value,
};
use std::path::{Path, PathBuf};

fn script_bytes() -> Vec<u8> {
    std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("GadgetScope.install")).unwrap()
}

fn script(inst: Installer) -> Vec<Node> {
    let p = parse_as(&latin1(&script_bytes()), inst).unwrap();
    assert!(p.problems.is_empty(), "{:?}", p.problems);
    p.forms
}

/// A distribution drawer and an Amiga-like tree in a fresh temp dir. The
/// Icons/WBStartup.info is the real icon, built from icons/art.
struct Tree {
    base: PathBuf,
}

impl Tree {
    fn new(tag: &str) -> Tree {
        let base = std::env::temp_dir().join(format!("gadgetscope-installer-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&base);
        let dist = base.join("dist");
        for d in ["Catalogs/deutsch", "Catalogs/français", "Catalogs/svenska", "Icons"] {
            std::fs::create_dir_all(dist.join(d)).unwrap();
        }
        for f in [
            "GadgetScope",
            "GadgetScope.window",
            "GadgetScope.wblaunch",
            "GadgetScope.info",
            "GadgetScope.guide",
            "GadgetScope.guide.info",
        ] {
            std::fs::write(dist.join(f), f).unwrap();
        }
        let icons = base.join("icons");
        icons::build_icons(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../icons/art"), &icons).unwrap();
        std::fs::copy(icons.join("WBStartup.info"), dist.join("Icons/WBStartup.info")).unwrap();
        for l in ["deutsch", "français", "svenska"] {
            std::fs::write(dist.join("Catalogs").join(l).join("gadgetscope.catalog"), l).unwrap();
        }
        for d in ["SYS/Utilities", "SYS/WBStartup", "LOCALE/Catalogs", "ENVARC", "WORK/Tools"] {
            std::fs::create_dir_all(base.join("root").join(d)).unwrap();
        }
        Tree { base }
    }
    fn root(&self) -> PathBuf {
        self.base.join("root")
    }
    fn has(&self, p: &str) -> bool {
        self.root().join(p).exists()
    }
    /// A language whose Workbench catalogs are installed.
    fn system_language(&self, l: &str) -> &Self {
        std::fs::create_dir_all(self.root().join("LOCALE/Catalogs").join(l).join("Sys")).unwrap();
        self
    }
    /// Every path under the root, sorted.
    fn listing(&self) -> Vec<String> {
        fn walk(p: &Path, base: &Path, out: &mut Vec<String>) {
            for e in std::fs::read_dir(p).unwrap() {
                let e = e.unwrap().path();
                out.push(e.strip_prefix(base).unwrap().display().to_string());
                if e.is_dir() {
                    walk(&e, base, out);
                }
            }
        }
        let mut v = Vec::new();
        walk(&self.root(), &self.root(), &mut v);
        v.sort();
        v
    }
}

impl Drop for Tree {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.base);
    }
}

/// Installer 1.x (Workbench 3.0/3.1) and InstallerLG, the oldest and the
/// newest reader.
const READERS: [Installer; 2] = [Installer::V1, Installer::V44];

fn run_as(
    inst: Installer,
    tree: &Tree,
    level: i64,
    pretend: bool,
    language: &str,
    answers: &dyn Fn(&str, &str) -> Option<Value>,
) -> Result<Outcome, String> {
    let o = Options {
        installer: inst,
        user_level: level,
        pretend,
        language: language.into(),
        os_version: 40,
        cpu: "68030".into(),
        root: tree.root(),
        source: tree.base.join("dist"),
        answers,
    };
    dry_run(&script(inst), &o)
}

fn none(_: &str, _: &str) -> Option<Value> {
    None
}

/// Average/Expert answers: Work:Tools, German + Swedish, start at boot.
fn chosen(kind: &str, prompt: &str) -> Option<Value> {
    match kind {
        "askdir" => Some(Value::Str("Work:Tools".into())),
        "askoptions" => Some(Value::Num(0b101)),
        "askbool" if prompt.contains("Workbench starts") => Some(Value::Num(1)),
        _ => None,
    }
}

#[test]
fn the_script_is_latin1_and_passes_the_checks_of_every_installer() {
    let bytes = script_bytes();
    assert!(std::str::from_utf8(&bytes).is_err(), "the script must be ISO-8859-1, not UTF-8");
    assert!(bytes.windows(8).any(|w| w == b"fran\xe7ais"), "français is written with its character");
    for inst in Installer::ALL {
        assert_eq!(check_script(&bytes, inst), Vec::<String>::new(), "{inst:?}");
    }
}

/// The script as it was before: `\xe7` written as an escape. Installer 1.x
/// reads `franxe7ais`; the checker says so, and the dry run as 1.x fails
/// where the real one failed (French chosen: no such catalog drawer).
#[test]
fn a_hex_escape_is_refused_for_installer_1_and_fails_its_dry_run() {
    let old = latin1(&script_bytes()).replace('\u{e7}', "\\xe7");
    let problems = check_script(old.as_bytes(), Installer::V1);
    assert!(!problems.is_empty() && problems.iter().all(|p| p.contains("\\x is an escape only from Installer 42.6")));
    assert!(check_script(old.as_bytes(), Installer::V43).is_empty());
    let t = Tree::new("old-escape");
    let forms = parse_as(&old, Installer::V1).unwrap().forms;
    let french = |kind: &str, _: &str| (kind == "askoptions").then_some(Value::Num(0b010));
    let o = Options {
        installer: Installer::V1,
        user_level: 1,
        pretend: false,
        language: "english".into(),
        os_version: 40,
        cpu: "68030".into(),
        root: t.root(),
        source: t.base.join("dist"),
        answers: &french,
    };
    let e = dry_run(&forms, &o).unwrap_err();
    assert!(e.contains("source Catalogs/franxe7ais/gadgetscope.catalog does not exist"), "{e}");
    assert!(t.has("SYS/Utilities/GadgetScope"), "as on the real Amiga: the program was copied before");
}

#[test]
fn novice_takes_every_default() {
    for inst in READERS {
        let t = Tree::new(&format!("novice-{inst:?}"));
        let out = run_as(inst, &t, 0, false, "english", &none).unwrap();
        assert!(out.asked.is_empty(), "Novice is asked nothing: {:?}", out.asked);
        for f in [
            "SYS/Utilities/GadgetScope",
            "SYS/Utilities/GadgetScope.window",
            "SYS/Utilities/GadgetScope.wblaunch",
            "SYS/Utilities/GadgetScope.info",
            "SYS/Utilities/GadgetScope.guide",
            "SYS/Utilities/GadgetScope.guide.info",
        ] {
            assert!(t.has(f), "{f}");
        }
        assert!(t.root().join("ENVARC/GadgetScope/Profiles").is_dir());
        assert!(!t.has("LOCALE/Catalogs/deutsch"), "English users get no catalog by default");
        assert!(!t.has("SYS/WBStartup/GadgetScope.info"), "no boot start by default");
        assert_eq!(out.default_dest, "SYS:Utilities");
        let exit = out.exit.unwrap();
        assert!(exit.contains("is installed in SYS:Utilities"), "{exit}");
    }
}

/// Commodore's Installer leaves @language at "english" (no LANGUAGE
/// tooltype): the catalogs of the languages the Workbench is installed in
/// are preselected from their LOCALE:Catalogs drawers.
#[test]
fn commodore_installer_preselects_the_workbench_languages() {
    for inst in READERS {
        let t = Tree::new(&format!("wb-lang-{inst:?}"));
        t.system_language("français").system_language("svenska");
        run_as(inst, &t, 0, false, "english", &none).unwrap();
        assert!(t.has("LOCALE/Catalogs/français/gadgetscope.catalog"), "{inst:?}");
        assert!(t.has("LOCALE/Catalogs/svenska/gadgetscope.catalog"), "{inst:?}");
        assert!(!t.has("LOCALE/Catalogs/deutsch"), "{inst:?}");
    }
}

/// InstallerLG sets @language from the Locale settings (or the LANGUAGE
/// tooltype): that language is preselected even before any of its
/// catalogs is installed.
#[test]
fn language_from_installerlg_or_the_tooltype_is_preselected() {
    let t = Tree::new("novice-fr");
    run_as(Installer::V44, &t, 0, false, "français", &none).unwrap();
    assert!(t.has("LOCALE/Catalogs/français/gadgetscope.catalog"));
    assert!(!t.has("LOCALE/Catalogs/deutsch"));
    let t = Tree::new("asked-default");
    let out = run_as(Installer::V1, &t, 1, false, "deutsch", &none).unwrap();
    assert!(out.asked.iter().any(|(k, _)| k == "askoptions"));
    assert!(t.has("LOCALE/Catalogs/deutsch/gadgetscope.catalog"), "the default of the question");
}

#[test]
fn average_and_expert_use_the_answers() {
    for inst in READERS {
        for level in [1, 2] {
            let t = Tree::new(&format!("level{level}-{inst:?}"));
            let out = run_as(inst, &t, level, false, "english", &chosen).unwrap();
            let kinds: Vec<&str> = out.asked.iter().map(|(k, _)| k.as_str()).collect();
            assert_eq!(kinds, ["askdir", "askoptions", "askbool"]);
            assert!(
                t.has("WORK/Tools/GadgetScope")
                    && t.has("WORK/Tools/GadgetScope.info")
                    && t.has("WORK/Tools/GadgetScope.guide")
            );
            assert!(t.has("LOCALE/Catalogs/deutsch/gadgetscope.catalog"));
            assert!(t.has("LOCALE/Catalogs/svenska/gadgetscope.catalog"));
            assert!(!t.has("LOCALE/Catalogs/français"));
            assert!(out.actions.contains(&Action::ToolType {
                icon: "SYS:WBStartup/GadgetScope".into(),
                default_tool: Some("Work:Tools/GadgetScope".into()),
                tool_types: vec![],
            }));
            // The installed boot icon is the shipped one: it does not keep
            // Workbench waiting and starts the program iconified.
            let icon = std::fs::read(t.root().join("SYS/WBStartup/GadgetScope.info")).unwrap();
            let d = icons::info::decode(&icon).unwrap();
            assert!(d.tool_types.iter().any(|t| t == "DONOTWAIT"), "{:?}", d.tool_types);
            assert!(d.tool_types.iter().any(|t| t == "STARTUP=ICONIFIED"), "{:?}", d.tool_types);
            assert_eq!(out.default_dest, "Work:Tools");
        }
    }
}

#[test]
fn pretend_mode_reports_the_same_actions_and_changes_nothing() {
    for inst in READERS {
        for level in [0, 1, 2] {
            let real = Tree::new(&format!("real{level}-{inst:?}"));
            let want = run_as(inst, &real, level, false, "deutsch", &chosen).unwrap();
            let t = Tree::new(&format!("pretend{level}-{inst:?}"));
            let before = t.listing();
            let got = run_as(inst, &t, level, true, "deutsch", &chosen).unwrap();
            assert_eq!(t.listing(), before, "pretend mode wrote to the tree");
            assert!(!got.performed);
            assert_eq!(got.actions, want.actions, "level {level}");
            let exit = got.exit.unwrap();
            assert!(!exit.contains("is installed"), "pretend mode claims an installation: {exit}");
            assert!(exit.contains("Pretend mode: nothing was copied"), "{exit}");
        }
    }
}

#[test]
fn a_second_run_updates_in_place() {
    let t = Tree::new("twice");
    run_as(Installer::V1, &t, 1, false, "english", &chosen).unwrap();
    let out = run_as(Installer::V1, &t, 1, false, "english", &chosen).unwrap();
    assert!(!out.actions.iter().any(|a| matches!(a, Action::MakeDir(_))), "profile drawers exist already");
}

#[test]
fn old_systems_are_refused_and_68000s_get_the_68000_build() {
    let t = Tree::new("old");
    let mut o = Options {
        installer: Installer::V1,
        user_level: 1,
        pretend: false,
        language: "english".into(),
        os_version: 37,
        cpu: "68020".into(),
        root: t.root(),
        source: t.base.join("dist"),
        answers: &none,
    };
    let forms = script(Installer::V1);
    assert_eq!(dry_run(&forms, &o).unwrap_err(), "abort: GadgetScope needs AmigaOS 3.0 (V39) or newer.");
    o.os_version = 40;
    // The floppy carries the 68020 build alone.
    o.cpu = "68000".into();
    assert_eq!(
        dry_run(&forms, &o).unwrap_err(),
        "abort: This copy of GadgetScope needs a 68020 or better processor. \
         GadgetScope.lha also holds the build for the 68000 and 68010."
    );
    // The archive carries both: each processor gets its own program and
    // parts, as GadgetScope, GadgetScope.window and GadgetScope.wblaunch.
    for f in ["GadgetScope.000", "GadgetScope.window.000", "GadgetScope.wblaunch.000"] {
        std::fs::write(t.base.join("dist").join(f), f).unwrap();
    }
    for (cpu, suffix) in [("68000", ".000"), ("68010", ".000"), ("68020", "")] {
        o.cpu = cpu.into();
        let out = dry_run(&forms, &o).unwrap();
        for name in ["GadgetScope", "GadgetScope.window", "GadgetScope.wblaunch"] {
            let from = format!("{name}{suffix}");
            let to = format!("SYS:Utilities/{name}");
            assert!(out.actions.contains(&Action::Copy { from: from.clone(), to }), "{cpu}: {name}: {:?}", out.actions);
            assert_eq!(std::fs::read_to_string(t.root().join("SYS/Utilities").join(name)).unwrap(), from, "{cpu}");
        }
        assert!(t.has("SYS/Utilities/GadgetScope.info") && !t.has("SYS/Utilities/GadgetScope.000"), "{cpu}");
        assert!(!t.has("SYS/Utilities/GadgetScope.window.000"), "{cpu}");
        assert!(!t.has("SYS/Utilities/GadgetScope.wblaunch.000"), "{cpu}");
    }
}

/// What `cargo xtask dist` asks of a drawer: every file the script copies
/// is there, for each processor it ships a build for; a missing part is
/// named.
#[test]
fn every_file_the_script_copies_must_be_in_the_drawer() {
    let t = Tree::new("copied");
    let (dist, scratch) = (t.base.join("dist"), t.base.join("scratch"));
    let got = copied_from(&script_bytes(), &dist, "68020", &scratch).unwrap();
    for f in [
        "GadgetScope",
        "GadgetScope.window",
        "GadgetScope.wblaunch",
        "GadgetScope.guide",
        "Catalogs/svenska/gadgetscope.catalog",
    ] {
        assert!(got.iter().any(|g| g == f), "{f}: {got:?}");
    }
    assert!(!scratch.exists(), "the scratch tree is removed");
    // The floppy's drawer: the 68020 build alone, refused on a 68000.
    let e = copied_from(&script_bytes(), &dist, "68000", &scratch).unwrap_err();
    assert!(e.contains("abort: This copy of GadgetScope needs a 68020"), "{e}");
    // The 68000 program without its part.
    std::fs::write(dist.join("GadgetScope.000"), "").unwrap();
    let e = copied_from(&script_bytes(), &dist, "68000", &scratch).unwrap_err();
    assert!(e.contains("source GadgetScope.window.000 does not exist"), "{e}");
    std::fs::write(dist.join("GadgetScope.window.000"), "").unwrap();
    let e = copied_from(&script_bytes(), &dist, "68000", &scratch).unwrap_err();
    assert!(e.contains("source GadgetScope.wblaunch.000 does not exist"), "{e}");
    std::fs::write(dist.join("GadgetScope.wblaunch.000"), "").unwrap();
    let got = copied_from(&script_bytes(), &dist, "68000", &scratch).unwrap();
    assert!(got.iter().any(|g| g == "GadgetScope.window.000") && !got.iter().any(|g| g == "GadgetScope.window"));
    assert!(got.iter().any(|g| g == "GadgetScope.wblaunch.000") && !got.iter().any(|g| g == "GadgetScope.wblaunch"));
    std::fs::remove_file(dist.join("GadgetScope.window")).unwrap();
    let e = copied_from(&script_bytes(), &dist, "68020", &scratch).unwrap_err();
    assert!(e.contains("source GadgetScope.window does not exist"), "{e}");
}

/// The icon that starts the script: Novice is reachable (the script and
/// the guide describe it), and the tooltypes the script's header names
/// are the icon's.
#[test]
fn the_installer_icon_allows_novice_and_matches_the_header() {
    let spec = icons::ICONS.iter().find(|s| s.file == "GadgetScope.install.info").unwrap();
    assert_eq!(spec.default_tool, Some("Installer"));
    let tt = |k: &str| spec.tool_types.iter().find_map(|t| t.strip_prefix(k).and_then(|v| v.strip_prefix('=')));
    assert_eq!(tt("APPNAME"), Some("GadgetScope"));
    assert!(matches!(tt("MINUSER"), None | Some("NOVICE")), "Novice must be reachable: {:?}", tt("MINUSER"));
    let src = latin1(&script_bytes());
    let header: String = src.lines().take_while(|l| l.starts_with(';')).collect::<Vec<_>>().join(" ");
    let named = header.split("(tooltypes ").nth(1).and_then(|r| r.split(')').next()).expect("header names tooltypes");
    let named: Vec<String> = named.split(',').map(|t| t.split_whitespace().collect::<String>()).collect();
    assert_eq!(named, spec.tool_types, "the header and the icon disagree");
    assert!(header.contains("at Novice level every question"));
    assert!(spec.stack_size >= 10000, "Installer.doc 1.24 §2.1: a 10000-byte stack");
}
