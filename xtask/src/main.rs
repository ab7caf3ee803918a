//! `cargo xtask <command>`: host build orchestration for GadgetScope.
//!
//! Commands are listed by `cargo xtask help`.
mod checks;
mod hunk;

use std::process::ExitCode;

fn usage() -> &'static str {
    "usage: cargo xtask <command>\n\
     \n\
     commands:\n\
     \x20 arexx-check            read ARexx command lines on stdin, print `RC <n> <message>` for each\n\
     \x20 manifest-check <file>  check a manifest / quirk profile: `loaded ...` (RC 0) or `line <n>: <reason>` (RC 10)\n"
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(cmd) = args.first() else {
        eprint!("{}", usage());
        return ExitCode::from(10);
    };
    let rest = &args[1..];
    match cmd.as_str() {
        "arexx-check" => ExitCode::from(checks::arexx_check(rest)),
        "manifest-check" => ExitCode::from(checks::manifest_check(rest)),
        "help" | "--help" | "-h" => {
            print!("{}", usage());
            ExitCode::SUCCESS
        }
        other => {
            eprintln!("xtask: unknown command `{other}`\n\n{}", usage());
            ExitCode::from(10)
        }
    }
}
