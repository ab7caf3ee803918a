//! `cargo xtask <command>`: host build orchestration for GadgetScope.
//!
//! Commands are listed by `cargo xtask help`.
#![forbid(unsafe_code)]
mod amiga;
mod canary;
mod checkout;
mod checks;
mod cleanroot;
mod dist;
mod example;
mod offsets;
mod parts;
mod profile;
mod rules;
mod serve;
mod source;
mod suite;
mod tools;
mod uae;
mod vamos;

use std::process::ExitCode;

fn usage() -> &'static str {
    "usage: cargo xtask <command>\n\
     \n\
     commands:\n\
     \x20 run                    the main job: build, boot FS-UAE (AROS ROM), run GadgetScope, save a screenshot\n\
     \x20 test                   every test: checks (fmt, clippy, source rules), host tests, canary, emulator scenarios\n\
     \x20 checks                 the test command's first stage alone: fmt, clippy, the unsafe and offsets rules\n\
     \x20 clean-root             `cargo xtask test` in a clean Debian 12 root (debootstrap): proves the install steps\n\
     \x20 amiga [--cpu 68000] [PROGRAM...]  build the Amiga programs into target/amiga/ (68000: target/amiga/68000/)\n\
     \x20 canary [--cpu 68000]   build the codegen canary, run it under vamos, compare with the host\n\
     \x20 uae-test [--repeat N] [SCENARIO...]  the emulator scenarios in FS-UAE (AROS ROM), N times over\n\
     \x20 uae-test --list                      the emulator scenarios' names\n\
     \x20 profile-walk [COUNT]   instruction profile of COUNT TREEs of the walker (WalkProf under vamos)\n\
     \x20 profile-read [COUNT]   instruction profile of COUNT readings of the text reader (ReadProf under vamos)\n\
     \x20 gen-glue               regenerate amiga-rt/src/sys.rs from amiga-rt/os-functions.toml\n\
     \x20 arexx-check            read ARexx command lines on stdin, print `RC <n> <message>` for each\n\
     \x20 manifest-check <file>  check a manifest / quirk profile: `loaded ...` (RC 0) or `line <n>: <reason>` (RC 10)\n\
     \x20 serve [PORT] [OPTIONS] FS-UAE with GadgetScope serving AmiPilot's wire on 127.0.0.1:PORT (1234; 0 a free one) beside\n\
     \x20                        your program (--dir DIR --start LINE|--icon PATH --window PATTERN) or the GadTools fixture,\n\
     \x20                        until Ctrl-C or a client's QUIT (docs/reference/runner.md)\n\
     \x20 example                pytest-gadgetscope's tests, then its example and its broken example in the emulator\n\
     \x20 parts [CODE]           what a part loaded on demand would take out of GadgetScope (a crate or module path; gadgetscope_window by default)\n\
     \x20 dist                   build target/dist/: the GadgetScope drawer, GadgetScope.lha and a bootable GadgetScope.adf\n"
}

/// `--cpu 68000|68020` at the front of `args` (68020 without it), and the
/// rest.
fn cpu_option(args: &[String]) -> anyhow::Result<(amiga::Cpu, &[String])> {
    match args {
        [opt, cpu, rest @ ..] if opt == "--cpu" => {
            match [amiga::Cpu::M68020, amiga::Cpu::M68000].into_iter().find(|c| c.name() == cpu) {
                Some(c) => Ok((c, rest)),
                None => anyhow::bail!("--cpu {cpu}: 68000 or 68020"),
            }
        }
        [opt] if opt == "--cpu" => anyhow::bail!("--cpu needs 68000 or 68020"),
        rest => Ok((amiga::Cpu::M68020, rest)),
    }
}

fn report(r: anyhow::Result<()>) -> ExitCode {
    match r {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask: error: {e:#}");
            ExitCode::from(20)
        }
    }
}

fn main() -> ExitCode {
    // Before any thread starts: SIGINT, SIGTERM and SIGHUP end the
    // emulator's process groups with the command (uae_harness::signals).
    if let Err(e) = uae_harness::signals::install() {
        eprintln!("xtask: error: {e}");
        return ExitCode::from(20);
    }
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(cmd) = args.first() else {
        eprint!("{}", usage());
        return ExitCode::from(10);
    };
    let rest = &args[1..];
    match cmd.as_str() {
        "amiga" => report(cpu_option(rest).and_then(|(cpu, rest)| amiga::build_for(rest, cpu)).map(|built| {
            for b in &built {
                println!(
                    "{}: {} bytes (code {} in {} hunks, the largest {}{}; data {}, linear memory {} of which {} stored, bss {}; {} relocs; wasm {} bytes)",
                    b.hunk_path.display(),
                    b.image.bytes.len(),
                    b.image.code_size,
                    b.image.code_hunks.len(),
                    b.image.code_hunks.iter().max().copied().unwrap_or(0),
                    match b.image.init_size {
                        0 => String::new(),
                        n => format!(", of it start code {n} freed once the start has run"),
                    },
                    b.image.data_size,
                    b.image.linear_size,
                    b.image.linear_stored,
                    b.image.bss_size,
                    b.image.reloc_count,
                    b.wasm_bytes
                );
                for (path, p) in &b.parts {
                    println!(
                        "{}: {} bytes (code {} in {} hunks, header {}; {} imports, {} table entries)",
                        path.display(),
                        p.bytes.len(),
                        p.code_hunks.iter().sum::<u32>(),
                        p.code_hunks.len(),
                        p.header_size,
                        p.imports,
                        p.exports
                    );
                }
            }
        })),
        "canary" => report(cpu_option(rest).and_then(|(cpu, _)| canary::run_for(cpu)).map(|r| {
            println!("canary: {} checks match the host ({}, {} emulated cycles under vamos)", r.checks, r.cpu, r.cycles);
        })),
        "test" => report(suite::test()),
        "checks" => report(rules::run()),
        "clean-root" => report(cleanroot::run()),
        "run" => report(suite::run()),
        "uae-test" if rest.first().is_some_and(|a| a == "--list") => {
            uae::list();
            ExitCode::SUCCESS
        }
        "uae-test" => report(uae::run(rest).and_then(|s| {
            println!("uae-test: {} passed, {} failed ({:.1} s)", s.passed, s.failed, s.seconds);
            if s.failed == 0 {
                Ok(())
            } else {
                Err(anyhow::anyhow!("{} emulator scenario(s) failed", s.failed))
            }
        })),
        "gen-glue" => report(amiga::gen_glue()),
        "profile-walk" | "profile-read" => {
            let what = if cmd == "profile-walk" { &profile::WALK } else { &profile::READ };
            report(
                rest.first()
                    .map_or(Ok(what.count), |c| c.parse::<u32>().map_err(|e| anyhow::anyhow!("COUNT {c:?}: {e}")))
                    .and_then(|count| {
                        let p = profile::run(what, count)?;
                        let rows = std::env::var("PROFILE_ROWS").ok().and_then(|v| v.parse().ok()).unwrap_or(40);
                        profile::report(&p, rows);
                        Ok(())
                    }),
            )
        }
        "arexx-check" => ExitCode::from(checks::arexx_check(rest)),
        "manifest-check" => ExitCode::from(checks::manifest_check(rest)),
        "dist" => report(dist::run().map(|d| dist::report(&d))),
        "serve" => report(serve::serve(rest)),
        "example" => report(example::host_tests().and_then(|_| example::example()).map(|_| ())),
        "parts" => report(parts::run(rest)),
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
