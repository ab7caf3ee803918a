//! Host-side checks for `installer/GadgetScope.install`, the Installer
//! script, for every Installer an AmigaOS 3.x user may run it with.
//!
//! * [`Installer`] ([`dialect`]): the Installer generations (1.x of
//!   Workbench 3.0/3.1, 43 of OS 3.5/3.9, 44 of OS 3.2 and InstallerLG)
//!   and what each accepts: escapes, statements and functions, options,
//!   pre-defined variables, string length.
//! * [`parse_as()`]: the Lisp-like syntax as one Installer reads it
//!   (balanced parentheses, strings with that Installer's escapes, numbers
//!   `123`, `$7F`, `%101`, symbols, `;` comments); errors carry the line.
//! * [`check()`]: every form names a statement or function that Installer
//!   has, or a `(procedure ...)` defined in the script; statements have
//!   their required options (every question has a `(help ...)`); options
//!   appear only inside statements that take them; every variable that is
//!   read is set somewhere.
//! * [`check_script()`]: all of it for the script file's bytes, which must
//!   be ISO-8859-1 (Installer reads them byte by byte).
//! * [`guide::check_guide()`]: node/link integrity of `GadgetScope.guide`;
//!   [`readme::lint()`]: the Aminet header of `GadgetScope.readme`.
//! * [`dry_run()`]: evaluates the script against a temporary tree with
//!   chosen answers, at a chosen user level, in real or pretend mode, and
//!   records its file operations.
//!
//! Language facts: Commodore's `Installer.doc` 1.24 and the Installer 1.27
//! sources (OS 3.1), `Installer.guide` 1.19 (Installer 42.6/43) and the
//! V44.10 guide as InstallerLG's sources quote them; see [`dialect`].
//! Behaviour modelled in the dry run: at Novice level questions take their
//! defaults; in pretend mode file operations are not performed (unless
//! `(safe)`); `copyfiles` creates its destination drawer; `makedir`
//! creates one level only.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod check;
pub mod dialect;
pub mod dryrun;
pub mod guide;
pub mod parse;
pub mod readme;

pub use check::check;
pub use dialect::Installer;
pub use dryrun::{dry_run, Action, Answers, Options, Outcome, Value};
pub use parse::{latin1, parse, parse_as, Node, Parsed};

/// Every problem of the script file `bytes` for `inst`, as `line N: text`
/// (line 0: the whole file): text that is UTF-8 rather than ISO-8859-1
/// (Installer would show each such letter as two or three characters),
/// what [`parse_as`] reports, and [`check`]'s findings. A script that
/// cannot be parsed gives that one error.
pub fn check_script(bytes: &[u8], inst: Installer) -> Vec<String> {
    let mut out = Vec::new();
    if bytes.iter().any(|&b| b >= 0x80) && std::str::from_utf8(bytes).is_ok() {
        out.push("line 0: the script is UTF-8; Installer reads it byte by byte as ISO-8859-1".to_string());
    }
    match parse_as(&latin1(bytes), inst) {
        Ok(p) => {
            out.extend(p.problems);
            out.extend(check(&p.forms, inst));
        }
        Err(e) => out.push(e),
    }
    out
}

/// The files the script `bytes` copies from the distribution drawer
/// `drawer` on a `cpu` (`(database "cpu")`: `68000`, `68020`, …), as the
/// script names them: its dry run in pretend mode by every Installer
/// ([`Installer::ALL`]), at Expert level with every catalog and the boot
/// start chosen, against an empty Amiga tree made in `scratch` (removed
/// after). `Err`: what stopped a run, e.g. `line 120: source
/// GadgetScope.window does not exist`, or the script's abort; or the
/// Installers disagree.
pub fn copied_from(
    bytes: &[u8],
    drawer: &std::path::Path,
    cpu: &str,
    scratch: &std::path::Path,
) -> Result<Vec<String>, String> {
    let root = scratch.join("root");
    let _ = std::fs::remove_dir_all(scratch);
    for d in ["SYS", "LOCALE/Catalogs", "ENVARC"] {
        std::fs::create_dir_all(root.join(d)).map_err(|e| format!("{}: {e}", root.join(d).display()))?;
    }
    let yes = |kind: &str, _: &str| match kind {
        "askoptions" => Some(Value::Num(-1)),
        "askbool" => Some(Value::Num(1)),
        _ => None,
    };
    let mut copied: Option<Vec<String>> = None;
    let mut result = Ok(());
    for inst in Installer::ALL {
        let o = Options {
            installer: inst,
            user_level: 2,
            pretend: true,
            language: "english".into(),
            os_version: 40,
            cpu: cpu.into(),
            root: root.clone(),
            source: drawer.to_path_buf(),
            answers: &yes,
        };
        let run = parse_as(&latin1(bytes), inst).and_then(|p| dry_run(&p.forms, &o));
        let files: Vec<String> = match run {
            Ok(out) => out
                .actions
                .into_iter()
                .filter_map(|a| match a {
                    Action::Copy { from, .. } if !from.contains(':') => Some(from),
                    _ => None,
                })
                .collect(),
            Err(e) => {
                result = Err(format!("{} on a {cpu}: {e}", inst.name()));
                break;
            }
        };
        match &copied {
            Some(c) if *c != files => {
                result = Err(format!("{} on a {cpu} copies {files:?}, another Installer {c:?}", inst.name()));
                break;
            }
            _ => copied = Some(files),
        }
    }
    let _ = std::fs::remove_dir_all(scratch);
    result.map(|()| copied.unwrap_or_default())
}

/// The S:Startup-Sequence of the floppy: ROM-internal Shell commands only
/// (the disk carries no C: drawer). `GadgetScope VERSION` prints the
/// version line, or on a 68000/68010 the program's plain refusal (the
/// runtime's processor check, amiga-rt/c/cpu.c) with RC 20; emulator
/// scenarios `adf-a500` and `adf-a1200` run this file's commands from the
/// built floppy.
pub const ADF_STARTUP: &str = "\
; GadgetScope distribution disk
Echo \"GadgetScope distribution disk\"
Echo \"To install it, boot your Workbench and double-click\"
Echo \"GadgetScope.install in the GadgetScope drawer of this disk.\"
Echo \"\"
CD GadgetScope:GadgetScope
GadgetScope VERSION
";
