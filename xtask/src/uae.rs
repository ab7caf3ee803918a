//! `cargo xtask uae-test [SCENARIO...]`: the emulator suite. The scenarios
//! and what each stages come from tests-uae ([`tests_uae::all`]); this
//! builds what the selected ones need (Amiga programs by hunk name, the
//! harness's native tools, the `icons` and `dist` directories), runs them
//! in FS-UAE with the built-in AROS ROM (or `GADGETSCOPE_KICKSTART` /
//! `GADGETSCOPE_WORKBENCH`) and prints one line per scenario.

use crate::{amiga, dist, tools};
use amiga_toolchain::hunk;
use anyhow::{anyhow, bail, Result};
use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::{Mutex, RwLock};
use std::time::{Duration, Instant};
use uae_harness::{native, Options, Scenario};

/// Counts of one suite run.
pub struct Summary {
    pub passed: usize,
    pub failed: usize,
    /// Wall time of the whole run, seconds.
    pub seconds: f64,
    /// Of which building what the scenarios stage (Amiga programs, the
    /// harness's tools, icons, the dist drawer), seconds.
    pub built: f64,
}

/// Names a GadgetScope hunk the scenarios stage instead of the one built
/// (to measure a scenario against another build).
pub const GADGETSCOPE_ENV: &str = "GADGETSCOPE_UAE_GADGETSCOPE";

/// The ELF->hunk conversion the harness's native tools go through.
fn convert(elf: &[u8]) -> Result<Vec<u8>, String> {
    hunk::elf_to_hunk(elf, &hunk::HunkOptions { symbols: false }).map(|i| i.bytes).map_err(|e| e.to_string())
}

/// Builds the harness's native tools and everything `scenarios` name
/// ([`Scenario::needs`]), and returns options that resolve those names.
/// Built directories: `icons` (every icon of the icons crate) and `dist`
/// (the distribution drawer and its icon, as `cargo xtask dist` lays it
/// out, with the built GadgetScope).
pub fn prepare(scenarios: &[Scenario]) -> Result<Options> {
    // The native tools are built before any Amiga program: the m68k
    // toolchain first, whichever command a newcomer runs first.
    tools::ensure_build_tools()?;
    tools::ensure_emulator()?;
    if scenarios.iter().any(|s| !s.host_steps.is_empty()) {
        // The host steps run AmiPilot's client from the same venv.
        tools::ensure_amitools()?;
    }
    let dir = crate::checkout::root().join("target/uae/tools");
    let ndk_h = amiga_toolchain::ndkgen::header(&amiga_toolchain::osglue::load(&crate::checkout::root())?)?;
    let native = {
        let _lock = amiga::build_lock()?;
        println!("xtask: building the harness's native tools (CrashGuard, ExitEmu, …; m68k-linux-gnu-gcc)");
        native::build(&dir, &ndk_h, &convert).map_err(|e| anyhow!("building the harness's native tools: {e}"))?
    };
    let mut opts = Options::new(native, crate::checkout::root());
    let mut needs: Vec<&str> = Vec::new();
    for s in scenarios {
        for n in s.needs() {
            if !needs.contains(&n) && !opts.built.contains_key(n) {
                needs.push(n);
            }
        }
    }
    if needs.contains(&"dist") && !needs.contains(&"GadgetScope") {
        needs.push("GadgetScope");
    }
    // `<Hunk>` is that program's 68020 build, `<Hunk>@68000` its 68000
    // build (tests-uae m68000).
    let suffix = tests_uae::m68000::SUFFIX;
    let is_program = |n: &str| amiga::PROGRAMS.iter().any(|p| p.hunk == n);
    let build_of = |n: &str| -> Option<(amiga::Cpu, String)> {
        match n.strip_suffix(suffix) {
            Some(p) => is_program(p).then(|| (amiga::Cpu::M68000, p.to_string())),
            None => is_program(n).then(|| (amiga::Cpu::M68020, n.to_string())),
        }
    };
    if let Some(bad) = needs.iter().find(|n| build_of(n).is_none() && !["icons", "dist"].contains(n)) {
        bail!(
            "a scenario stages `{bad}`, which nothing builds (Amiga programs: {}, each also as <name>{suffix}; directories: icons, dist)",
            amiga::PROGRAMS.iter().map(|p| p.hunk).collect::<Vec<_>>().join(", ")
        );
    }
    for (cpu, tag) in [(amiga::Cpu::M68020, ""), (amiga::Cpu::M68000, suffix)] {
        let programs: Vec<String> =
            needs.iter().filter_map(|n| build_of(n)).filter(|(c, _)| *c == cpu).map(|(_, p)| p).collect();
        if programs.is_empty() {
            continue;
        }
        for b in amiga::build_reusing(&programs, cpu)? {
            let name = b.hunk_path.file_name().map(|f| f.to_string_lossy().into_owned()).unwrap_or_default();
            opts.built.insert(format!("{name}{tag}"), b.hunk_path);
            if !b.parts.is_empty() {
                opts.companions.insert(format!("{name}{tag}"), b.parts);
            }
        }
    }
    // GADGETSCOPE_UAE_GADGETSCOPE=<hunk>: run the scenarios against another
    // GadgetScope build (a before/after measurement).
    if let Some(other) = std::env::var_os(GADGETSCOPE_ENV).filter(|v| !v.is_empty()) {
        let other = PathBuf::from(other);
        if !other.is_file() {
            bail!("{GADGETSCOPE_ENV}={} is not a file", other.display());
        }
        // Its parts are the files beside it named as this build's.
        let parts: Vec<PathBuf> = opts
            .companions
            .get("GadgetScope")
            .into_iter()
            .flatten()
            .filter_map(|p| Some(other.with_file_name(p.file_name()?)).filter(|q| q.is_file()))
            .collect();
        opts.companions.insert("GadgetScope".into(), parts);
        opts.built.insert("GadgetScope".into(), other);
    }
    let root = crate::checkout::root();
    // Fixed paths under target/uae/: the build's lock.
    let _lock = if needs.contains(&"icons") || needs.contains(&"dist") { Some(amiga::build_lock()?) } else { None };
    if needs.contains(&"icons") {
        println!("xtask: building the icons");
        let out = root.join("target/uae/built-icons");
        let _ = std::fs::remove_dir_all(&out);
        icons::build_icons(&root.join("icons/art"), &out).map_err(|e| anyhow!("icons: {e}"))?;
        opts.built.insert("icons".into(), out);
    }
    if needs.contains(&"dist") {
        let out = root.join("target/uae/dist-drawer");
        println!("xtask: laying out the distribution drawer");
        let gadgetscope: PathBuf = opts.built["GadgetScope"].clone();
        let parts = opts.companions.get("GadgetScope").cloned().unwrap_or_default();
        dist::uae_dist(&out, &gadgetscope, &parts)?;
        opts.built.insert("dist".into(), out);
    }
    Ok(opts)
}

/// `uae-test --list`: the registered scenarios' names, one per line.
pub fn list() {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    for s in tests_uae::all() {
        // A closed pipe (`| head`) ends the list quietly.
        if writeln!(out, "{}", s.name).is_err() {
            break;
        }
    }
}

/// The registered scenarios whose name is in `only` (all when empty); an
/// unknown name is an error that lists the known ones.
pub fn select(only: &[String]) -> Result<Vec<Scenario>> {
    let all = tests_uae::all();
    if let Some(bad) = only.iter().find(|o| !all.iter().any(|s| &s.name == *o)) {
        let known: Vec<&str> = all.iter().map(|s| s.name.as_str()).collect();
        bail!("no scenario named {bad}; known: {}", known.join(", "));
    }
    Ok(all.into_iter().filter(|s| only.is_empty() || only.contains(&s.name)).collect())
}

/// `[--repeat N] [SCENARIO...]`: builds what the named scenarios need (all
/// when none is named) and runs them, one line per scenario; with
/// `--repeat N` the selection N times over (to measure how often a
/// scenario fails), keeping each failing round's directory as
/// `target/uae/<scenario>.fail-<round>/`.
pub fn run(args: &[String]) -> Result<Summary> {
    let start = Instant::now();
    let (repeat, only) = match args {
        [flag, n, rest @ ..] if flag == "--repeat" => {
            (n.parse::<usize>().map_err(|e| anyhow!("--repeat {n:?}: {e}"))?.max(1), rest)
        }
        _ => (1, args),
    };
    let selected = select(only)?;
    let opts = prepare(&selected)?;
    let built = start.elapsed();
    let total = selected.len() * repeat;
    let jobs = jobs();
    println!("xtask: running {total} emulator scenario(s), {jobs} at a time ({JOBS_ENV}); benchmarks alone");
    // Round by round, in the listed order; each worker takes the next.
    let queue: Mutex<VecDeque<(usize, &Scenario)>> =
        Mutex::new(selected.iter().cycle().take(total).enumerate().map(|(i, s)| (i / selected.len() + 1, s)).collect());
    // A benchmark holds the gate for writing: it waits for the scenario
    // beside it to end, and none starts beside it (std's RwLock lets a
    // waiting writer go first).
    let gate = RwLock::new(());
    let tally = Mutex::new((0usize, 0usize));
    let emulator_start = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| loop {
                let Some((round, s)) = queue.lock().unwrap_or_else(|e| e.into_inner()).pop_front() else { return };
                let report = if s.alone {
                    let _only = gate.write().unwrap_or_else(|e| e.into_inner());
                    uae_harness::run_report(s, &opts)
                } else {
                    let _beside = gate.read().unwrap_or_else(|e| e.into_inner());
                    uae_harness::run_report(s, &opts)
                };
                let verdict = s.verdict(&report, &opts.tools);
                let mut t = tally.lock().unwrap_or_else(|e| e.into_inner());
                match &verdict {
                    Ok(_) => t.0 += 1,
                    Err(_) => t.1 += 1,
                }
                let (count, clock) = progress(t.0 + t.1, total, emulator_start.elapsed());
                // Printed under the tally's lock: one scenario's lines together.
                say_verdict(s, &report, verdict, &count, &clock, round, repeat);
            });
        }
    });
    let (passed, failed) = tally.into_inner().unwrap_or_else(|e| e.into_inner());
    Ok(Summary { passed, failed, seconds: start.elapsed().as_secs_f64(), built: built.as_secs_f64() })
}

/// Prints a scenario's line (and, when it failed, where its logs are:
/// with `repeat` > 1 a failing round's directory is kept beside it).
fn say_verdict(
    s: &Scenario,
    report: &uae_harness::Report,
    verdict: Result<String, String>,
    count: &str,
    clock: &str,
    round: usize,
    repeat: usize,
) {
    let summary = report.summary();
    match verdict {
        Ok(note) => {
            let note = if note.is_empty() { String::new() } else { format!(" ({note})") };
            if report.outcome.is_pass() {
                // The summary starts with the name and the verdict.
                println!("uae-test {count} {summary}{note}; {clock}");
            } else {
                // A self-test whose crash or hang is what it checks.
                let rest = summary.strip_prefix(&format!("{}: ", s.name)).unwrap_or(&summary);
                println!("uae-test {count} {}: PASS, as expected: {rest}{note}; {clock}", s.name);
            }
        }
        Err(why) => {
            // The next round wipes the scenario's directory: a failing
            // round's is kept beside it.
            let to = report.run.dir.with_file_name(format!("{}.fail-{round}", s.name));
            let logs = match (repeat > 1).then(|| keep(&report.run.dir, &to)) {
                Some(Ok(())) => to,
                Some(Err(e)) => {
                    eprintln!("uae-test: {e}");
                    report.run.dir.clone()
                }
                None => report.run.dir.clone(),
            };
            println!("uae-test {count} {}: FAIL {why}; {clock}\n    {summary}\n    logs: {}/", s.name, logs.display());
        }
    }
}

/// How many emulators the suite runs at once: [`JOBS_ENV`] if set (1 to
/// 8), else one per two processors (at least one). An emulator keeps a
/// processor busy, and Xvfb and the host steps need the other: on a
/// 2-core machine two at once gained too little for the load it puts on
/// the timings (docs/design/performance.md "Current numbers").
fn jobs() -> usize {
    match std::env::var(JOBS_ENV).ok().and_then(|v| v.parse::<usize>().ok()) {
        Some(n) => n.clamp(1, 8),
        None => std::thread::available_parallelism().map_or(1, |n| (n.get() / 2).max(1)),
    }
}

/// Emulators at once in `uae-test` and the test command's emulator stage.
pub const JOBS_ENV: &str = "GADGETSCOPE_UAE_JOBS";

/// The count and the clock of the suite's line for scenario `done` of
/// `total`: `[3/120]` and `elapsed 1:10, about 45:30 left`. `elapsed` is
/// the emulator stage's time so far; what is left is estimated from the
/// mean time of the finished scenarios (minutes:seconds).
pub fn progress(done: usize, total: usize, elapsed: Duration) -> (String, String) {
    let left = if done >= total {
        String::new()
    } else {
        let mean = elapsed / done.max(1) as u32;
        format!(", about {} left", clock(mean * (total - done) as u32))
    };
    (format!("[{done}/{total}]"), format!("elapsed {}{left}", clock(elapsed)))
}

/// A duration as `m:ss`, or `h:mm:ss` from an hour on (whole seconds).
pub fn clock(d: Duration) -> String {
    let s = d.as_secs();
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

/// Copies a run directory to `to` (replacing an older copy there).
fn keep(from: &std::path::Path, to: &std::path::Path) -> Result<()> {
    uae_harness::stage::fresh_dir(to)
        .and_then(|()| uae_harness::stage::copy_tree(from, to))
        .map_err(|e| anyhow!("keeping {} as {}: {e}", from.display(), to.display()))
}

#[cfg(test)]
mod tests {
    /// Every name a registered scenario stages is something `prepare`
    /// builds: an Amiga program, a harness tool or a built directory.
    #[test]
    fn every_need_is_buildable() {
        let tools = uae_harness::native::NAMED;
        let mut all = tests_uae::all();
        all.extend(tests_uae::shipping::unregistered());
        for s in &all {
            for n in s.needs() {
                let program = n.strip_suffix(tests_uae::m68000::SUFFIX).unwrap_or(n);
                assert!(
                    super::amiga::PROGRAMS.iter().any(|p| p.hunk == program)
                        || tools.contains(&n)
                        || ["icons", "dist"].contains(&n),
                    "{}: `{n}` is built by nothing",
                    s.name
                );
            }
        }
    }

    #[test]
    fn progress_counts_and_estimates_from_the_mean() {
        use std::time::Duration;
        let s = Duration::from_secs;
        // 3 of 10 done in 60 s: 20 s each, 7 left, 140 s.
        let p = |done, total, e| {
            let (count, clock) = super::progress(done, total, e);
            format!("{count} {clock}")
        };
        assert_eq!(p(3, 10, s(60)), "[3/10] elapsed 1:00, about 2:20 left");
        assert_eq!(p(10, 10, s(3725)), "[10/10] elapsed 1:02:05");
        assert_eq!(p(1, 2, s(0)), "[1/2] elapsed 0:00, about 0:00 left");
    }

    #[test]
    fn scenario_names_are_unique() {
        let all = tests_uae::all();
        let mut names: Vec<&str> = all.iter().map(|s| s.name.as_str()).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), all.len());
        assert!(super::select(&["no-such".into()]).is_err());
        assert_eq!(super::select(&["panic".into(), "memory".into()]).unwrap().len(), 2);
    }

    /// Every NDK fact of the harness tools comes from the header: no
    /// `.set` in `uae-harness/native` defines a name the header defines,
    /// compared without case and underscores (so `LVO_FORBID` and
    /// `TC_TRAPCODE` count as `_LVOForbid` and `tc_TrapCode`).
    #[test]
    fn harness_tools_define_no_header_name() {
        let key = |n: &str| n.replace('_', "").to_ascii_lowercase();
        let fns = amiga_toolchain::osglue::load(&crate::checkout::root()).unwrap();
        let h = amiga_toolchain::ndkgen::header(&fns).unwrap();
        let defined: Vec<String> =
            h.lines().filter_map(|l| l.strip_prefix("#define ")).filter_map(|l| l.split(' ').next()).map(key).collect();
        let dir = uae_harness::native::source_dir();
        let mut files: Vec<std::path::PathBuf> = uae_harness::native::SOURCES.iter().map(|s| dir.join(s)).collect();
        files.push(dir.join(uae_harness::native::REXXSYSLIB_SOURCE));
        files.push(dir.join("resident.inc"));
        for f in files {
            let text = std::fs::read_to_string(&f).unwrap();
            for line in text.lines() {
                let Some(rest) = line.trim_start().strip_prefix(".set") else { continue };
                let name = rest.trim().split(',').next().unwrap().trim();
                assert!(!defined.contains(&key(name)), "{}: `.set {name}` redefines an ndk.h name", f.display());
            }
        }
    }
}
