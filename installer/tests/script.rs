//! The shipped Installer script: it parses, passes the checks, and its dry
//! run does the right file operations at every user level, for real and in
//! pretend mode.
use installer::{check, dry_run, parse, Action, Node, Options, Outcome, Value};
use std::path::{Path, PathBuf};

fn script() -> Vec<Node> {
    let src = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("GadgetScope.install")).unwrap();
    assert!(src.is_ascii(), "the script stays ASCII (Latin-1 letters as \\xHH)");
    parse(&src).unwrap()
}

/// A distribution drawer and an Amiga-like tree in a fresh temp dir.
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
        for f in
            ["GadgetScope", "GadgetScope.info", "GadgetScope.guide", "GadgetScope.guide.info", "Icons/WBStartup.info"]
        {
            std::fs::write(dist.join(f), f).unwrap();
        }
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

fn run(
    tree: &Tree,
    level: i64,
    pretend: bool,
    language: &str,
    answers: &dyn Fn(&str, &str) -> Option<Value>,
) -> Result<Outcome, String> {
    let o = Options {
        user_level: level,
        pretend,
        language: language.into(),
        os_version: 40,
        cpu: "68030".into(),
        root: tree.root(),
        source: tree.base.join("dist"),
        answers,
    };
    dry_run(&script(), &o)
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
fn script_passes_the_checks() {
    assert_eq!(check(&script()), Vec::<String>::new());
}

#[test]
fn novice_takes_every_default() {
    let t = Tree::new("novice");
    let out = run(&t, 0, false, "english", &none).unwrap();
    assert!(out.asked.is_empty(), "Novice is asked nothing: {:?}", out.asked);
    for f in [
        "SYS/Utilities/GadgetScope",
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
    assert!(out.exit.unwrap().contains("SYS:Utilities"));
}

#[test]
fn novice_gets_the_catalog_of_its_language() {
    let t = Tree::new("novice-fr");
    run(&t, 0, false, "français", &none).unwrap();
    assert!(t.has("LOCALE/Catalogs/français/gadgetscope.catalog"));
    assert!(!t.has("LOCALE/Catalogs/deutsch"));
}

#[test]
fn average_and_expert_use_the_answers() {
    for level in [1, 2] {
        let t = Tree::new(&format!("level{level}"));
        let out = run(&t, level, false, "english", &chosen).unwrap();
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
        assert!(t.has("SYS/WBStartup/GadgetScope.info"));
        assert!(out.actions.contains(&Action::ToolType {
            icon: "SYS:WBStartup/GadgetScope".into(),
            default_tool: Some("Work:Tools/GadgetScope".into()),
            tool_types: vec![("STARTUP".into(), "ICONIFIED".into())],
        }));
        assert_eq!(out.default_dest, "Work:Tools");
    }
}

#[test]
fn pretend_mode_reports_the_same_actions_and_changes_nothing() {
    for level in [0, 1, 2] {
        let real = Tree::new(&format!("real{level}"));
        let want = run(&real, level, false, "deutsch", &chosen).unwrap();
        let t = Tree::new(&format!("pretend{level}"));
        let before = t.listing();
        let got = run(&t, level, true, "deutsch", &chosen).unwrap();
        assert_eq!(t.listing(), before, "pretend mode wrote to the tree");
        assert!(!got.performed);
        assert_eq!(got.actions, want.actions, "level {level}");
    }
}

#[test]
fn a_second_run_updates_in_place() {
    let t = Tree::new("twice");
    run(&t, 1, false, "english", &chosen).unwrap();
    let out = run(&t, 1, false, "english", &chosen).unwrap();
    assert!(!out.actions.iter().any(|a| matches!(a, Action::MakeDir(_))), "profile drawers exist already");
}

#[test]
fn old_systems_and_68000s_are_refused_with_a_reason() {
    let t = Tree::new("old");
    let mut o = Options {
        user_level: 1,
        pretend: false,
        language: "english".into(),
        os_version: 37,
        cpu: "68020".into(),
        root: t.root(),
        source: t.base.join("dist"),
        answers: &none,
    };
    assert_eq!(dry_run(&script(), &o).unwrap_err(), "abort: GadgetScope needs AmigaOS 3.0 (V39) or newer.");
    o.os_version = 40;
    o.cpu = "68000".into();
    assert_eq!(dry_run(&script(), &o).unwrap_err(), "abort: GadgetScope needs a 68020 or better processor.");
}
