//! `uae_harness`: runs emulator scenarios in FS-UAE (built-in AROS ROM, or
//! a user's Kickstart/Workbench) and reports Pass / Fail / Crash / Hang.
//! It knows the emulator, the ROM and AmigaDOS, not the programs under
//! test: a scenario names what it stages (host files, bytes, or built
//! things the caller resolves through [`Options::built`]) and what to check.
//!
//! What it offers:
//!
//! - [`Scenario`]: files for the boot drive, Startup-Sequence lines,
//!   captured output and return codes, screenshots, host steps run while
//!   the emulator runs, checks ([`Check`]), the machine ([`Model`]), a
//!   timeout; [`run_report`] stages it, runs FS-UAE headless, watches, ends
//!   every process it started and judges the run.
//! - The machine's own tools ([`native`]: ExitEmu, CrashGuard, the ROM's
//!   mends, a stand-in rexxsyslib.library), built from `native/*.S`.
//! - On a hang, a task dump read from the emulator's RAM by the host
//!   ([`hostdump`]); FS-UAE's lost interrupt requests mended ([`uaemend`]).
//! - Free-memory checks ([`memcheck`]), screenshot pixels ([`picture`]),
//!   the port file of a program that talks TCP with the host ([`net`]).
//! - Process groups ended by id on a signal ([`signals`], [`process`]) and
//!   per-run locks ([`lock`]).
//! - Its own self-test scenarios ([`selftest`]).
//!
//! A run of scenario `<name>` lives in `<root>/<name>/` ([`Options::root`],
//! wiped first):
//!
//! ```text
//! hd/                  the boot drive (DH0:), S/Startup-Sequence generated
//! home/ base/          HOME and FS-UAE's base_dir
//! fs-uae.conf          the config file
//! serial.log           Paula serial output (AROS debug + CrashGuard report)
//! fs-uae.stdout.txt fs-uae.stderr.txt  xvfb.log   captured output
//! <shot>.png           screenshots
//! outcome.txt          the outcome and timings
//! processes.txt        the process groups started: `<what> <pgid>` a line
//! ```
//!
//! A run holds the lock `<root>/<name>.lock` ([`lock`]) while it
//! uses that directory: a second run of the same scenario in the same
//! checkout waits for it.
//!
//! The generated Startup-Sequence is: `C:CrashGuard`, the ROM's mends
//! (`C:NoNest`, `C:ConsoleFix`; [`stage::Mends`]), `FailAt 1000`, the
//! scenario's lines, `Echo "done" >DH0:sentinel`, `C:ExitEmu`. The host
//! waits for the sentinel (not the result files: a file appears on the host
//! when opened, before it has content).
//!
//! Screenshots: the script writes `go` into `DH0:shot-request-<name>` and
//! spins (`Lab`/`If NOT EXISTS`/`Skip BACK`: the ROM has no `Wait`) until
//! `DH0:shot-done-<name>` exists; the host sees the request, takes
//! `import -window root` on its Xvfb display, then creates the done file.
//! A scenario with screenshot lines (or [`Options::final_screenshot`])
//! runs under a private Xvfb; otherwise FS-UAE runs with
//! `SDL_VIDEODRIVER=offscreen`.
//!
//! Emulator runs are not `cargo test` tests: a runner lists scenarios and
//! calls [`run_report`] for each (GadgetScope's: `cargo xtask uae-test`).
#![forbid(unsafe_code)]

pub mod hostdump;
pub mod lock;
pub mod memcheck;
pub mod native;
pub mod net;
pub mod picture;
pub mod process;
pub mod scenario;
pub mod selftest;
pub mod serial;
pub mod signals;
pub mod stage;
pub mod uaemend;

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::thread::sleep;
use std::time::{Duration, Instant};

pub use native::NativeTools;
pub use scenario::{Check, FileSource, HostContext, HostStep, Line, Model, Scenario, StagedFile};
pub use serial::CrashReport;

/// The result of a scenario.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Sentinel written, no crash, every check passed.
    Pass,
    /// A check failed, the emulator misbehaved, or the harness could not run
    /// (missing tool, staging error): the reason says which.
    Fail(String),
    /// CrashGuard reported a CPU exception. `trap` is the exception vector
    /// number, `pc` the faulting PC, `log` a description plus the report line.
    Crash { trap: u32, pc: u32, log: String },
    /// The timeout passed without sentinel or crash report.
    Hang,
}

impl Outcome {
    pub fn is_pass(&self) -> bool {
        matches!(self, Outcome::Pass)
    }
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Outcome::Pass => write!(f, "PASS"),
            Outcome::Fail(r) => write!(f, "FAIL: {r}"),
            Outcome::Crash { trap, pc, log } => write!(f, "CRASH: trap {trap} pc ${pc:08X}: {log}"),
            Outcome::Hang => write!(f, "HANG (no sentinel before the timeout)"),
        }
    }
}

/// How to run scenarios (not what they do).
#[derive(Clone, Debug)]
pub struct Options {
    /// Built harness tools (ExitEmu, CrashGuard): see [`native::build`].
    pub tools: NativeTools,
    /// The project the scenarios belong to: [`Check::Golden`] files and
    /// what host steps run are found from here ([`HostContext::workspace`]).
    pub workspace: PathBuf,
    /// Scenario directories go to `<root>/<name>/`; default
    /// `<workspace>/target/uae`.
    pub root: PathBuf,
    /// A Kickstart ROM file instead of FS-UAE's built-in AROS ROM
    /// (`GADGETSCOPE_KICKSTART`).
    pub kickstart: Option<PathBuf>,
    /// A Kickstart ROM file for [`Model::A500`] scenarios
    /// (`GADGETSCOPE_KICKSTART_A500`); without it they use the built-in
    /// AROS ROM, whatever `kickstart` says (an A1200 Kickstart does not
    /// boot on a 68000).
    pub kickstart_a500: Option<PathBuf>,
    /// A user's Workbench directory, copied as the base of the boot drive
    /// (`GADGETSCOPE_WORKBENCH`). Its `C:SetPatch` is run if present.
    pub workbench: Option<PathBuf>,
    /// Run under Xvfb even without screenshot requests.
    pub force_xvfb: bool,
    /// Take `final.png` just before the sentinel (implies Xvfb).
    pub final_screenshot: bool,
    /// Wait this long after a screenshot request before `import`, so that
    /// FS-UAE has presented a current frame.
    pub screenshot_delay: Duration,
    /// Xvfb screen and FS-UAE window size.
    pub screen: (u32, u32),
    /// How long FS-UAE may take to quit after the sentinel / crash report.
    pub exit_grace: Duration,
    /// Leave the ROM's interrupt nesting as it is (no `C:NoNest`;
    /// `GADGETSCOPE_UAE_NESTED_INTERRUPTS=1`): reproduces the AROS
    /// reschedule race (docs/design/harness-notes.md "Lost tasks").
    pub nested_interrupts: bool,
    /// Leave the ROM's console.device as it is (no `C:ConsoleFix`;
    /// `GADGETSCOPE_UAE_CONSOLE_BUG=1`): reproduces its console unit
    /// use-after-free (docs/design/harness-notes.md "console.device frees a
    /// unit in use").
    pub console_bug: bool,
    /// Leave FS-UAE's lost interrupt requests as they are (no
    /// [`uaemend::Mend`]; `GADGETSCOPE_UAE_NO_MEND=1`): reproduces the
    /// hang of a task that waits for bsdsocket.library's signal
    /// (docs/design/harness-notes.md "Lost wakeups").
    pub lost_wakeups: bool,
    /// Memory statistics (`GADGETSCOPE_MEMSTAT=1`): the boot Shell sets
    /// the local variable `GSMEMSTAT` to `DH0:memstat`, so every Amiga
    /// program of the runtime started from it appends its heap and stack
    /// high-water marks there (amiga-rt/src/memstat.rs).
    pub memstat: bool,
    /// Say on stdout what the run does as it goes (booting the emulator,
    /// waiting for the script, each screenshot): for a command that runs
    /// one scenario (`cargo xtask run`, `serve`), not for the suite.
    pub progress: bool,
    /// Extra FS-UAE config `key = value` pairs (override the defaults).
    pub extra_config: Vec<(String, String)>,
    /// The `fs-uae` executable.
    pub fs_uae: PathBuf,
    /// What [`FileSource::Built`] names resolve to: the harness's tools
    /// (from [`NativeTools::named`]) and what the runner built for the
    /// scenarios' [`Scenario::needs`] (Amiga programs by hunk name,
    /// directories such as `dist`).
    pub built: BTreeMap<String, PathBuf>,
    /// Files a built program loads from its own drawer (its parts loaded
    /// on demand), by the program's [`Options::built`] name: staged beside
    /// it under their own file names wherever a scenario stages it.
    pub companions: BTreeMap<String, Vec<PathBuf>>,
}

impl Options {
    /// Defaults for the project at `workspace`, with `GADGETSCOPE_KICKSTART` /
    /// `GADGETSCOPE_WORKBENCH` taken from the environment.
    pub fn new(tools: NativeTools, workspace: impl Into<PathBuf>) -> Options {
        let env_path = |k: &str| std::env::var_os(k).filter(|v| !v.is_empty()).map(PathBuf::from);
        let workspace = workspace.into();
        Options {
            root: workspace.join("target").join("uae"),
            workspace,
            kickstart: env_path("GADGETSCOPE_KICKSTART"),
            kickstart_a500: env_path("GADGETSCOPE_KICKSTART_A500"),
            workbench: env_path("GADGETSCOPE_WORKBENCH"),
            force_xvfb: false,
            final_screenshot: false,
            screenshot_delay: Duration::from_millis(400),
            screen: (800, 600),
            exit_grace: Duration::from_secs(10),
            nested_interrupts: std::env::var_os("GADGETSCOPE_UAE_NESTED_INTERRUPTS").is_some_and(|v| v == "1"),
            console_bug: std::env::var_os("GADGETSCOPE_UAE_CONSOLE_BUG").is_some_and(|v| v == "1"),
            lost_wakeups: std::env::var_os("GADGETSCOPE_UAE_NO_MEND").is_some_and(|v| v == "1"),
            memstat: std::env::var_os("GADGETSCOPE_MEMSTAT").is_some_and(|v| v == "1"),
            progress: false,
            extra_config: Vec::new(),
            fs_uae: PathBuf::from("fs-uae"),
            built: tools.named().into_iter().map(|(n, p)| (n.to_string(), p)).collect(),
            companions: BTreeMap::new(),
            tools,
        }
    }

    /// The host path of a [`FileSource::Built`] name: `name`, or
    /// `<artefact>/<path>` inside a built directory.
    pub fn resolve(&self, name: &str) -> Result<PathBuf, String> {
        let (base, rest) = name.split_once('/').unwrap_or((name, ""));
        let root = self
            .built
            .get(base)
            .ok_or_else(|| format!("`{base}` was not built (the runner builds what the scenario's needs() name)"))?;
        let path = if rest.is_empty() { root.clone() } else { root.join(rest) };
        if path.exists() {
            Ok(path)
        } else {
            Err(format!("`{name}`: {} does not exist", path.display()))
        }
    }
}

/// Everything about one finished run.
#[derive(Clone, Debug)]
pub struct Report {
    pub name: String,
    pub outcome: Outcome,
    pub run: RunDir,
    /// From starting FS-UAE to seeing the sentinel (boot + script).
    pub to_sentinel: Option<Duration>,
    /// From starting FS-UAE to its own exit (ExitEmu), if it exited itself.
    pub to_exit: Option<Duration>,
    /// Wall time of the whole run including staging and cleanup.
    pub total: Duration,
    pub screenshots: Vec<PathBuf>,
    pub crash: Option<CrashReport>,
    /// Whether Xvfb was used.
    pub xvfb: bool,
    /// `hd/tasks.txt` when a hang of a [`Scenario::watchdog`] scenario got
    /// its task dump.
    pub task_dump: Option<PathBuf>,
    /// On a hang, the task dump read from the emulator's RAM by the host
    /// ([`hostdump`]): its file and the number of lost tasks it found, or
    /// why there is none.
    pub host_dump: Option<Result<(PathBuf, usize), String>>,
    /// The host's task dumps the Amiga side asked for
    /// ([`stage::dump_request_file`]): each file, or why there is none.
    pub requested_dumps: Vec<Result<PathBuf, String>>,
    /// FS-UAE's lost interrupt requests set again ([`uaemend`]): one line
    /// each (also in `uae-mends.txt`), or why the mend was off.
    pub mends: Result<Vec<String>, String>,
}

impl Report {
    pub fn summary(&self) -> String {
        let ms = |d: Option<Duration>| d.map(|d| format!("{} ms", d.as_millis())).unwrap_or_else(|| "-".into());
        format!(
            "{}: {} (sentinel {}, fs-uae exit {}, total {} ms{})",
            self.name,
            self.outcome,
            ms(self.to_sentinel),
            ms(self.to_exit),
            self.total.as_millis(),
            if self.xvfb { ", Xvfb" } else { "" }
        ) + &self.task_dump.as_ref().map(|p| format!("; task dump: {}", p.display())).unwrap_or_default()
            + &match &self.host_dump {
                Some(Ok((p, lost))) => format!("; host task dump: {} ({lost} lost)", p.display()),
                Some(Err(e)) => format!("; no host task dump: {e}"),
                None => String::new(),
            }
            + &self
                .requested_dumps
                .iter()
                .map(|d| match d {
                    Ok(p) => format!("; task dump asked for: {}", p.display()),
                    Err(e) => format!("; task dump asked for, not taken: {e}"),
                })
                .collect::<String>()
            + &match &self.mends {
                Ok(lines) if lines.is_empty() => String::new(),
                Ok(lines) => format!("; FS-UAE lost an interrupt request, set again: {}", lines.join("; ")),
                Err(e) => format!("; FS-UAE's lost interrupt requests not mended: {e}"),
            }
    }
}

/// A scenario's directory, with helpers to read what the Amiga side wrote.
#[derive(Clone, Debug)]
pub struct RunDir {
    pub dir: PathBuf,
}

impl RunDir {
    /// The boot drive (DH0:).
    pub fn hd(&self) -> PathBuf {
        self.dir.join("hd")
    }
    pub fn serial_log(&self) -> PathBuf {
        self.dir.join("serial.log")
    }
    pub fn config(&self) -> PathBuf {
        self.dir.join("fs-uae.conf")
    }
    pub fn stdout(&self) -> PathBuf {
        self.dir.join("fs-uae.stdout.txt")
    }
    pub fn stderr(&self) -> PathBuf {
        self.dir.join("fs-uae.stderr.txt")
    }
    pub fn screenshot(&self, name: &str) -> PathBuf {
        self.dir.join(format!("{name}.png"))
    }

    /// Host path of an Amiga path on the boot drive, resolving each part
    /// case-insensitively like AmigaDOS does (exact match preferred).
    pub fn host_path(&self, amiga: &str) -> Result<PathBuf, String> {
        let rel = stage::amiga_to_relative(amiga)?;
        let mut p = self.hd();
        for part in rel.components() {
            let want = part.as_os_str();
            let exact = p.join(want);
            if exact.exists() {
                p = exact;
                continue;
            }
            let lower = want.to_string_lossy().to_lowercase();
            let found = fs::read_dir(&p)
                .ok()
                .and_then(|rd| rd.flatten().find(|e| e.file_name().to_string_lossy().to_lowercase() == lower))
                .map(|e| e.path());
            p = found.unwrap_or(exact);
        }
        Ok(p)
    }

    pub fn exists(&self, amiga: &str) -> bool {
        self.host_path(amiga).map(|p| p.exists()).unwrap_or(false)
    }

    /// Bytes of a file the Amiga side wrote.
    pub fn read(&self, amiga: &str) -> Result<Vec<u8>, String> {
        let p = self.host_path(amiga)?;
        fs::read(&p).map_err(|e| format!("{}: {e}", p.display()))
    }

    /// Text of a file the Amiga side wrote (lossy UTF-8; AROS writes Latin-1).
    pub fn read_text(&self, amiga: &str) -> Result<String, String> {
        self.read(amiga).map(|b| String::from_utf8_lossy(&b).into_owned())
    }

    /// The return code captured by [`Scenario::capture`] under `tag`.
    pub fn rc(&self, tag: &str) -> Option<i32> {
        self.read_text(&format!("{tag}.rc")).ok()?.trim().parse().ok()
    }

    /// Output captured by [`Scenario::capture`] under `tag`.
    pub fn output(&self, tag: &str) -> Result<String, String> {
        self.read_text(&format!("{tag}.out"))
    }

    pub fn serial_text(&self) -> String {
        fs::read(self.serial_log()).map(|b| String::from_utf8_lossy(&b).into_owned()).unwrap_or_default()
    }
}

/// What the wait loop saw; input of [`classify`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Observed {
    pub crash: Option<CrashReport>,
    pub sentinel: bool,
    pub timed_out: bool,
    /// FS-UAE quit before the sentinel, with this description of its status.
    pub exited_early: Option<String>,
    /// FS-UAE was still running `exit_grace` after the sentinel.
    pub no_exit_after_sentinel: bool,
    /// A harness-side error during the run (e.g. a screenshot failed).
    pub harness_error: Option<String>,
    /// The first host step ([`Scenario::host_step`]) that failed or never ran.
    pub host_failure: Option<String>,
}

/// Outcome from observations and the check results (first failing check).
/// A crash report wins over everything; then harness errors; then the
/// sentinel decides between Pass/Fail and Hang/Fail.
pub fn classify(o: &Observed, check: Result<(), String>) -> Outcome {
    if let Some(c) = &o.crash {
        return Outcome::Crash { trap: c.trap, pc: c.pc, log: format!("{} -- {}", c.describe(), c.line) };
    }
    if let Some(e) = &o.harness_error {
        return Outcome::Fail(format!("harness: {e}"));
    }
    if o.sentinel {
        if o.no_exit_after_sentinel {
            return Outcome::Fail("sentinel written but C:ExitEmu did not end FS-UAE".into());
        }
        if let Some(e) = &o.host_failure {
            return Outcome::Fail(e.clone());
        }
        return match check {
            Ok(()) => Outcome::Pass,
            Err(e) => Outcome::Fail(e),
        };
    }
    if let Some(st) = &o.exited_early {
        return Outcome::Fail(format!("FS-UAE exited before the sentinel ({st})"));
    }
    if o.timed_out {
        return Outcome::Hang;
    }
    Outcome::Fail("run ended without sentinel, crash or timeout".into())
}

/// Run a scenario; see [`run_report`] for the details.
pub fn run(scenario: &Scenario, opts: &Options) -> Outcome {
    run_report(scenario, opts).outcome
}

/// Stage, run FS-UAE, wait for sentinel / crash report / timeout, end every
/// process started, evaluate the checks, write `outcome.txt`.
pub fn run_report(scenario: &Scenario, opts: &Options) -> Report {
    let t0 = Instant::now();
    let dir = opts.root.join(&scenario.name);
    let run = RunDir { dir: dir.clone() };
    let mut report = Report {
        name: scenario.name.clone(),
        outcome: Outcome::Hang,
        run: run.clone(),
        to_sentinel: None,
        to_exit: None,
        total: Duration::ZERO,
        screenshots: Vec::new(),
        crash: None,
        xvfb: false,
        task_dump: None,
        host_dump: None,
        requested_dumps: Vec::new(),
        mends: Ok(Vec::new()),
    };
    let mut observed = Observed::default();
    let lock_path = lock::run_dir_lock_path(&opts.root, &scenario.name);
    let waiting = format!(
        "xtask: waiting for another run of scenario {} in this checkout ({})",
        scenario.name,
        lock_path.display()
    );
    // Held until the report is written: the checks read the directory.
    let held =
        lock::FileLock::acquire(&lock_path, &waiting).map_err(|e| format!("locking {}: {e}", lock_path.display()));
    let result = match &held {
        Ok(_) => execute(scenario, opts, &run, &mut report, &mut observed),
        Err(e) => Err(e.clone()),
    };
    match result {
        Ok(()) => {
            let check = if observed.sentinel && observed.crash.is_none() {
                scenario.checks.iter().try_for_each(|c| c.evaluate(&run, &opts.workspace))
            } else {
                Ok(())
            };
            report.outcome = classify(&observed, check);
        }
        Err(e) => report.outcome = Outcome::Fail(format!("harness: {e}")),
    }
    report.crash = observed.crash.clone();
    report.total = t0.elapsed();
    if dir.is_dir() {
        let _ = fs::write(dir.join("outcome.txt"), format!("{}\n", report.summary()));
    }
    drop(held);
    report
}

fn execute(
    scenario: &Scenario,
    opts: &Options,
    run: &RunDir,
    report: &mut Report,
    observed: &mut Observed,
) -> Result<(), String> {
    if !stage::is_scenario_name(&scenario.name) {
        return Err(format!("scenario name {:?} must be [A-Za-z0-9._-]+", scenario.name));
    }
    let dir = &run.dir;
    stage::fresh_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let hd = run.hd();
    let home = dir.join("home");
    let base = dir.join("base");
    for d in [&hd, &home, &base] {
        fs::create_dir_all(d).map_err(|e| format!("{}: {e}", d.display()))?;
    }

    // The boot drive: a scratch copy of the user's Workbench, then ours.
    let (mut setpatch, mut classes) = (false, false);
    if let Some(wb) = &opts.workbench {
        if !wb.is_dir() {
            return Err(format!("GADGETSCOPE_WORKBENCH={} is not a directory", wb.display()));
        }
        stage::copy_tree(wb, &hd).map_err(|e| format!("copying Workbench {}: {e}", wb.display()))?;
        setpatch = run.exists("C/SetPatch");
        classes = run.exists("Classes");
    }
    let (kickstart, kick_var) = match scenario.model {
        Model::A1200 | Model::A1200ChipOnly => (&opts.kickstart, "GADGETSCOPE_KICKSTART"),
        Model::A500 => (&opts.kickstart_a500, "GADGETSCOPE_KICKSTART_A500"),
    };
    if let Some(k) = kickstart {
        if !k.is_file() {
            return Err(format!("{kick_var}={} is not a file", k.display()));
        }
    }
    let tools = [
        (stage::CRASH_GUARD_PATH, &opts.tools.crash_guard),
        (stage::EXIT_EMU_PATH, &opts.tools.exit_emu),
        (stage::NO_NEST_PATH, &opts.tools.no_nest),
        (stage::CONSOLE_FIX_PATH, &opts.tools.console_fix),
    ];
    for (amiga, host) in tools {
        stage::place_file(&hd, amiga, &FileSource::Host(host.clone()), true)?;
    }
    for f in &scenario.files {
        match &f.source {
            FileSource::Built(name) => {
                let host = opts.resolve(name)?;
                if host.is_dir() {
                    stage::place_tree(&hd, &f.amiga_path, &host, f.executable)?;
                } else {
                    stage::place_file(&hd, &f.amiga_path, &FileSource::Host(host), f.executable)?;
                    for c in opts.companions.get(name).into_iter().flatten() {
                        let file = c.file_name().map(|f| f.to_string_lossy().into_owned()).unwrap_or_default();
                        let at = match f.amiga_path.rfind(['/', ':']) {
                            Some(i) => format!("{}{file}", &f.amiga_path[..=i]),
                            None => file,
                        };
                        stage::place_file(&hd, &at, &FileSource::Host(c.clone()), false)?;
                    }
                }
            }
            source => {
                stage::place_file(&hd, &f.amiga_path, source, f.executable)?;
            }
        }
    }
    let mends = stage::Mends { no_nest: !opts.nested_interrupts, console_fix: !opts.console_bug };
    let mut script = stage::startup_sequence(scenario, opts.final_screenshot, setpatch, classes, mends)?;
    if opts.memstat {
        script = script.replacen("FailAt 1000\n", "FailAt 1000\nSet GSMEMSTAT DH0:memstat\n", 1);
    }
    let s_dir = hd.join("S");
    fs::create_dir_all(&s_dir).map_err(|e| e.to_string())?;
    // A Workbench copy may carry `s/startup-sequence` in another case.
    let seq = run.host_path("S/Startup-Sequence")?;
    fs::write(&seq, script).map_err(|e| format!("{}: {e}", seq.display()))?;
    let serial = run.serial_log();
    fs::write(&serial, b"").map_err(|e| format!("{}: {e}", serial.display()))?;

    let mut shots: Vec<String> = scenario.screenshot_names().into_iter().map(String::from).collect();
    if opts.final_screenshot {
        shots.push("final".into());
    }
    shots.extend(scenario.program_screenshots.iter().cloned());
    if let Some(bad) = shots.iter().find(|n| !stage::is_simple_name(n)) {
        return Err(format!("screenshot name {bad:?} must be [A-Za-z0-9_-]+"));
    }
    let use_xvfb = opts.force_xvfb || !shots.is_empty();
    report.xvfb = use_xvfb;

    let mut extra: Vec<(String, String)> = opts.extra_config.iter().chain(&scenario.config).cloned().collect();
    for (key, name) in &scenario.config_built {
        extra.push((key.clone(), opts.resolve(name)?.display().to_string()));
    }
    let params = stage::ConfigParams {
        hd_dir: hd.clone(),
        serial_log: serial.clone(),
        base_dir: base.clone(),
        kickstart: kickstart.clone(),
        window: if use_xvfb { Some(opts.screen) } else { None },
        model: scenario.model,
        extra,
    };
    fs::write(run.config(), stage::fs_uae_config(&params)).map_err(|e| e.to_string())?;

    let say = |what: &str| {
        if opts.progress {
            println!("xtask: {}: {what}", scenario.name);
        }
    };
    if use_xvfb {
        say("starting Xvfb (the emulator's headless display)");
    }
    let mut xvfb = if use_xvfb { Some(process::Xvfb::start(dir, opts.screen.0, opts.screen.1)?) } else { None };
    let mut groups = String::new();
    if let Some(x) = &xvfb {
        groups.push_str(&format!("Xvfb {}\n", x.pgid()));
    }
    let _ = fs::write(dir.join("processes.txt"), &groups);

    let mut cmd = Command::new(&opts.fs_uae);
    cmd.arg(run.config())
        .current_dir(dir)
        .env("HOME", &home)
        .env("XDG_CONFIG_HOME", home.join(".config"))
        .env("XDG_DATA_HOME", home.join(".local/share"))
        .env("XDG_CACHE_HOME", home.join(".cache"))
        .env("SDL_AUDIODRIVER", "dummy")
        .env("ALSOFT_DRIVERS", "null");
    match &xvfb {
        Some(x) => {
            cmd.env("DISPLAY", &x.display).env_remove("SDL_VIDEODRIVER").env_remove("WAYLAND_DISPLAY");
        }
        None => {
            cmd.env("SDL_VIDEODRIVER", "offscreen").env_remove("DISPLAY");
        }
    }
    let rom = if kickstart.is_some() { "the Kickstart ROM file" } else { "its built-in AROS ROM" };
    say(&format!("booting the emulator (FS-UAE, {rom})"));
    let started = Instant::now();
    let mut emu = process::Group::spawn(cmd, "fs-uae", &run.stdout(), &run.stderr())
        .map_err(|e| format!("cannot start {} ({e}); install the Debian package `fs-uae`", opts.fs_uae.display()))?;
    groups.push_str(&format!("fs-uae {}\n", emu.pid()));
    let _ = fs::write(dir.join("processes.txt"), &groups);
    let limit = match scenario.timeout.as_secs() {
        // A run that serves until it is told to end (`cargo xtask serve`).
        s if s >= 24 * 3600 => "no time limit".to_string(),
        s => format!("up to {s} s"),
    };
    say(&format!("waiting for the Amiga side's script to end ({limit}; logs in {})", dir.display()));

    // FS-UAE's lost interrupt requests (docs/design/harness-notes.md "Lost wakeups").
    let mut mend =
        if opts.lost_wakeups { Err("GADGETSCOPE_UAE_NO_MEND=1".to_string()) } else { uaemend::Mend::attach(emu.pid()) };
    let sentinel = hd.join(stage::SENTINEL);
    let mut taken: Vec<String> = Vec::new();
    let mut dumped: Vec<String> = Vec::new();
    let host_ctx = HostContext {
        run: run.clone(),
        hd: hd.clone(),
        workspace: opts.workspace.clone(),
        emulator: emu.pid(),
        model: scenario.model,
    };
    let mut host_started: Vec<String> = Vec::new();
    let mut host_running: Vec<(String, std::thread::JoinHandle<Result<String, String>>)> = Vec::new();
    loop {
        if let Ok(m) = &mut mend {
            m.poll(started.elapsed());
        }
        // Host steps the script asked for: start each once, on a thread.
        for (name, step) in &scenario.host_steps {
            let req = hd.join(scenario::host_request_file(name));
            if !host_started.contains(name) && fs::read(&req).map(|b| !b.is_empty()).unwrap_or(false) {
                let (ctx, step) = (host_ctx.clone(), *step);
                host_running.push((name.clone(), std::thread::spawn(move || step(&ctx))));
                host_started.push(name.clone());
            }
        }
        let mut i = 0;
        while i < host_running.len() {
            if host_running[i].1.is_finished() {
                let (name, handle) = host_running.remove(i);
                let result = handle.join().unwrap_or_else(|_| Err("the host step panicked".into()));
                let (log, status) = match &result {
                    Ok(log) => (log.clone(), "ok"),
                    Err(e) => (e.clone(), "failed"),
                };
                fs::write(dir.join(format!("host-{name}.log")), log).map_err(|e| e.to_string())?;
                if let Err(e) = result {
                    observed.host_failure.get_or_insert(format!("host step {name}: {e}"));
                }
                fs::write(hd.join(scenario::host_done_file(&name)), format!("{status}\n"))
                    .map_err(|e| e.to_string())?;
            } else {
                i += 1;
            }
        }
        let log = run.serial_text();
        if let Some(c) = serial::parse_crash(&log) {
            observed.crash = Some(c);
            break;
        }
        if fs::read(&sentinel).map(|b| !b.is_empty()).unwrap_or(false) {
            observed.sentinel = true;
            report.to_sentinel = Some(started.elapsed());
            break;
        }
        // Screenshot requests with content (from the script or the program).
        if let Some(x) = &xvfb {
            for name in pending_shot_requests(&hd, &taken) {
                sleep(opts.screenshot_delay);
                let png = run.screenshot(&name);
                if let Err(e) = x.screenshot(&png) {
                    observed.harness_error = Some(format!("screenshot {name}: {e}"));
                } else {
                    say(&format!("screenshot {name} taken ({:.1} s after boot)", started.elapsed().as_secs_f64()));
                    report.screenshots.push(png);
                }
                fs::write(hd.join(scenario::shot_done_file(&name)), b"ok\n").map_err(|e| e.to_string())?;
                taken.push(name);
            }
        }
        // Task dumps the Amiga side asked for (RexxSend, a port that
        // never came): read at once, while the machine is in that state.
        for name in pending_requests(&hd, &stage::dump_request_file(""), &dumped) {
            let path = dir.join(format!("tasks-{name}.txt"));
            report.requested_dumps.push(write_host_dump(emu.pid(), scenario.model, &path, None).map(|_| path));
            fs::write(hd.join(stage::dump_done_file(&name)), b"ok\n").map_err(|e| e.to_string())?;
            dumped.push(name);
        }
        if let Some(st) = emu.try_wait() {
            // One more look: the crash report / sentinel may have landed
            // just before the exit.
            let log = run.serial_text();
            if let Some(c) = serial::parse_crash(&log) {
                observed.crash = Some(c);
                report.to_exit = Some(started.elapsed());
            } else if fs::read(&sentinel).map(|b| !b.is_empty()).unwrap_or(false) {
                observed.sentinel = true;
                report.to_sentinel = Some(started.elapsed());
                report.to_exit = Some(started.elapsed());
            } else {
                observed.exited_early = Some(st.to_string());
            }
            break;
        }
        if started.elapsed() >= scenario.timeout {
            observed.timed_out = true;
            if let Some(x) = &xvfb {
                let png = run.screenshot("hang");
                if x.screenshot(&png).is_ok() {
                    report.screenshots.push(png);
                }
            }
            // Read before the watcher is asked, which changes what runs.
            // The RAM is kept beside the dump (ram-<address>.bin).
            let path = dir.join("tasks-host.txt");
            report.host_dump =
                Some(write_host_dump(emu.pid(), scenario.model, &path, Some(dir)).map(|lost| (path, lost)));
            if scenario.watchdog {
                report.task_dump = request_task_dump(&hd);
            }
            break;
        }
        sleep(Duration::from_millis(10));
    }

    report.mends = match &mend {
        Ok(m) => {
            if !m.log.is_empty() {
                fs::write(dir.join("uae-mends.txt"), m.log.join("\n") + "\n").map_err(|e| e.to_string())?;
            }
            m.outcome()
        }
        Err(e) => Err(e.clone()),
    };
    // ExitEmu (or the crash guard's ExitEmu) should end FS-UAE by itself.
    if report.to_exit.is_none() && (observed.sentinel || observed.crash.is_some()) {
        match emu.wait_for(opts.exit_grace) {
            Some(_) => report.to_exit = Some(started.elapsed()),
            None => observed.no_exit_after_sentinel = observed.sentinel,
        }
    }
    emu.kill_group();
    if let Some(x) = xvfb.as_mut() {
        x.stop();
    }
    // A step still running ends with the emulator (its connections fail);
    // wait for it so it leaves no thread behind.
    for (name, handle) in host_running {
        let result = handle.join().unwrap_or_else(|_| Err("the host step panicked".into()));
        let log = match &result {
            Ok(l) | Err(l) => l.clone(),
        };
        let _ = fs::write(dir.join(format!("host-{name}.log")), log);
    }
    if observed.sentinel && observed.host_failure.is_none() {
        if let Some((missing, _)) = scenario.host_steps.iter().find(|(n, _)| !host_started.contains(n)) {
            observed.host_failure = Some(format!("host step {missing} was never requested by the Amiga side"));
        }
    }
    if observed.sentinel && observed.harness_error.is_none() {
        if let Some(missing) = shots.iter().find(|n| !taken.contains(n)) {
            observed.harness_error = Some(format!("screenshot {missing} was never requested by the Amiga side"));
        }
    }
    Ok(())
}

/// Asks `UAETool WATCH` (see [`Scenario::watchdog`]) for its task dump
/// and waits up to 20 s (host time) for `tasks.txt` to end with `END`.
fn request_task_dump(hd: &Path) -> Option<PathBuf> {
    let out = hd.join("tasks.txt");
    fs::write(hd.join("tasks.request"), b"dump\n").ok()?;
    let t0 = Instant::now();
    while t0.elapsed() < Duration::from_secs(20) {
        if fs::read_to_string(&out).map(|t| t.ends_with("END\n")).unwrap_or(false) {
            return Some(out);
        }
        sleep(Duration::from_millis(100));
    }
    None
}

/// The host's task dump of the emulator `pid` ([`hostdump::dump_text`])
/// written to `path`; the RAM kept in `ram_dir` when given. Returns the
/// number of lost tasks.
fn write_host_dump(pid: u32, model: Model, path: &Path, ram_dir: Option<&Path>) -> Result<usize, String> {
    let (ram, cpu) = hostdump::read_process(pid, model.ram())?;
    if let Some(d) = ram_dir {
        ram.save(d)?;
    }
    let (text, f) = hostdump::dump_text(&cpu, &ram)?;
    fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(f.lost.len())
}

/// Names of `shot-request-<name>` files in `hd` that have content and are
/// not in `taken`, sorted.
fn pending_shot_requests(hd: &Path, taken: &[String]) -> Vec<String> {
    pending_requests(hd, &scenario::shot_request_file(""), taken)
}

/// Names of `<prefix><name>` files in `hd` that have content and are not
/// in `done`, sorted.
fn pending_requests(hd: &Path, prefix: &str, done: &[String]) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(hd)
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| {
            let file = e.file_name().to_string_lossy().into_owned();
            let name = file.strip_prefix(prefix)?.to_string();
            let has_content = fs::metadata(e.path()).map(|m| m.len() > 0).unwrap_or(false);
            (stage::is_simple_name(&name) && has_content && !done.contains(&name)).then_some(name)
        })
        .collect();
    names.sort();
    names
}

#[cfg(test)]
mod tests;
