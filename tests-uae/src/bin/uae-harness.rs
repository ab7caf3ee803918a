//! `uae-harness`: run the harness's self-test scenarios by hand.
//!
//! ```text
//! cargo run -p tests-uae --bin uae-harness -- smoke [NAME...] [--converter-cmd PROGRAM ARGS...]
//! cargo run -p tests-uae --bin uae-harness -- list
//! ```
//!
//! The native tools are built into `target/uae/tools/`. Without
//! `--converter-cmd` (e.g. `--converter-cmd cargo xtask elf2hunk`) they are
//! wrapped by `native::flat_code_converter`, the harness's bootstrap-only
//! wrapper for relocation-free single-section tools. `cargo xtask uae-test`
//! is the supported entry point; this binary is for working on the harness.
use std::process::ExitCode;

use uae_harness::{native, scenarios, workspace_root, Options};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (cmd, rest) = match args.split_first() {
        Some((c, r)) => (c.as_str(), r.to_vec()),
        None => ("help", Vec::new()),
    };
    let (names, converter_cmd) = match rest.iter().position(|a| a == "--converter-cmd") {
        Some(i) => (rest[..i].to_vec(), Some(rest[i + 1..].to_vec())),
        None => (rest, None),
    };
    let tools_dir = workspace_root().join("target/uae/tools");
    let built = match &converter_cmd {
        Some(c) if !c.is_empty() => {
            let conv = native::command_converter(c[0].clone(), c[1..].to_vec(), tools_dir.join("scratch"));
            native::build(&tools_dir, &conv)
        }
        Some(_) => Err("--converter-cmd needs a program".to_string()),
        None => native::build(&tools_dir, &native::flat_code_converter),
    };
    let tools = match built {
        Ok(t) => t,
        Err(e) => {
            eprintln!("uae-harness: building native tools: {e}");
            return ExitCode::from(20);
        }
    };
    let opts = Options::new(tools);
    match cmd {
        "list" => {
            for n in scenarios::names(&opts.tools) {
                println!("{n}");
            }
            ExitCode::SUCCESS
        }
        "gadgetscope" => {
            // Product scenario against a built binary (default target/amiga/GadgetScope).
            let bin = names.first().map(std::path::PathBuf::from).unwrap_or_else(|| workspace_root().join("target/amiga/GadgetScope"));
            let report = uae_harness::run_report(&scenarios::gadgetscope_shell(&bin), &opts);
            println!("{}", report.summary());
            for tag in ["version", "template", "bad"] {
                println!("  {tag}: RC {:?}, output {:?}", report.run.rc(tag), report.run.output(tag).unwrap_or_default());
            }
            if report.outcome.is_pass() {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(20)
            }
        }
        "smoke" => {
            let checks = if names.is_empty() {
                scenarios::smoke(&opts)
            } else {
                let mut v = Vec::new();
                for n in &names {
                    match scenarios::run_one(&opts, n) {
                        Some(c) => v.push(c),
                        None => {
                            eprintln!("uae-harness: no self-test named {n}");
                            return ExitCode::from(10);
                        }
                    }
                }
                v
            };
            let mut failed = 0;
            for c in &checks {
                match &c.result {
                    Ok(note) => println!("ok   {}{}", c.report.summary(), if note.is_empty() { String::new() } else { format!("\n       {note}") }),
                    Err(e) => {
                        failed += 1;
                        println!("FAIL {}\n       {e}\n       logs: {}", c.report.summary(), c.report.run.dir.display());
                    }
                }
            }
            println!("{} self-test scenario(s), {} failed", checks.len(), failed);
            if failed == 0 {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(20)
            }
        }
        _ => {
            eprintln!("usage: uae-harness smoke [NAME...] | list | gadgetscope [BINARY]   [--converter-cmd PROGRAM ARGS...]");
            ExitCode::from(10)
        }
    }
}
