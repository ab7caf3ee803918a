//! What a scenario is: files for the boot drive, Startup-Sequence lines,
//! screenshot requests, checks on what the Amiga side wrote, a timeout.

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::{NativeTools, Report, RunDir};

/// Where the bytes of a staged file come from.
#[derive(Clone, Debug)]
pub enum FileSource {
    /// Copied from this host file.
    Host(PathBuf),
    /// Written from memory.
    Bytes(Vec<u8>),
    /// Made by the build, named here and found when the run is staged
    /// ([`crate::Options::built`]): an Amiga program by the name its build
    /// gives it (`UAETool`), a harness tool (`CrashTest`,
    /// `rexxsyslib.library`), or `<artefact>/<path>` inside a built
    /// directory (`dist/MyProgram.info`). A directory is staged with
    /// everything under it.
    Built(String),
}

/// One file placed on the boot drive before the run.
#[derive(Clone, Debug)]
pub struct StagedFile {
    /// Amiga path relative to the boot drive, e.g. `C/ExitEmu`, `MyProgram`
    /// (a leading `DH0:` or `SYS:` is accepted and dropped).
    pub amiga_path: String,
    pub source: FileSource,
    /// Give the host file mode 0755 (the Amiga `e` protection bit, which
    /// real AmigaOS checks before running a command).
    pub executable: bool,
}

/// One logical line of the generated Startup-Sequence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// Written as is.
    Raw(String),
    /// Ask the host for a screenshot named `<name>.png` and wait until it
    /// is taken (see the crate docs for the handshake).
    Screenshot(String),
}

/// A check on the boot drive after the sentinel appeared; the first failing
/// check turns the outcome into `Outcome::Fail`.
pub enum Check {
    /// The file exists (Amiga path relative to the boot drive).
    Exists(String),
    /// The file's bytes are exactly these.
    Equals(String, Vec<u8>),
    /// The file, read as (lossy) UTF-8, contains this text.
    Contains(String, String),
    /// The return code captured by [`Scenario::capture`] under this tag.
    Rc(String, i32),
    /// The file equals a golden file (host path, relative to
    /// [`crate::Options::workspace`]) as the [`Diff`] judges it; a mismatch
    /// shows the diff's text.
    Golden(String, PathBuf, Diff),
    /// Anything else: a description and a function of the run directory.
    Custom(String, CheckFn),
}

/// A [`Check::Golden`]'s comparison: `Ok` when the golden file's bytes
/// and the run's agree, else the difference as text.
pub type Diff = fn(golden: &[u8], actual: &[u8]) -> Result<(), Vec<u8>>;

/// The function of a [`Check::Custom`].
pub type CheckFn = Box<dyn Fn(&RunDir) -> Result<(), String> + Send + Sync>;

/// A scenario's own verdict on its report ([`Scenario::expect`]):
/// `Ok(note)` when the report is as the scenario wants it.
pub type Expect = fn(&Report, &NativeTools) -> Result<String, String>;

impl std::fmt::Debug for Check {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Check::Exists(p) => write!(f, "Exists({p:?})"),
            Check::Equals(p, b) => write!(f, "Equals({p:?}, {} bytes)", b.len()),
            Check::Contains(p, s) => write!(f, "Contains({p:?}, {s:?})"),
            Check::Rc(t, rc) => write!(f, "Rc({t:?}, {rc})"),
            Check::Golden(p, g, _) => write!(f, "Golden({p:?}, {})", g.display()),
            Check::Custom(d, _) => write!(f, "Custom({d:?})"),
        }
    }
}

impl Check {
    /// Evaluate against a finished run of a scenario of `workspace`.
    pub fn evaluate(&self, run: &RunDir, workspace: &Path) -> Result<(), String> {
        match self {
            Check::Exists(p) => {
                if run.exists(p) {
                    Ok(())
                } else {
                    Err(format!("{p} was not written"))
                }
            }
            Check::Equals(p, want) => {
                let got = run.read(p).map_err(|e| format!("{p}: {e}"))?;
                if &got == want {
                    Ok(())
                } else {
                    Err(format!(
                        "{p}: expected {:?}, got {:?}",
                        String::from_utf8_lossy(want),
                        String::from_utf8_lossy(&got)
                    ))
                }
            }
            Check::Contains(p, needle) => {
                let got = run.read_text(p).map_err(|e| format!("{p}: {e}"))?;
                if got.contains(needle.as_str()) {
                    Ok(())
                } else {
                    Err(format!("{p}: expected it to contain {needle:?}, got {got:?}"))
                }
            }
            Check::Rc(tag, want) => match run.rc(tag) {
                Some(rc) if rc == *want => Ok(()),
                Some(rc) => Err(format!("`{tag}` returned RC {rc}, expected {want}")),
                None => Err(format!("no return code captured for `{tag}`")),
            },
            Check::Golden(p, golden, diff) => {
                let got = run.read(p).map_err(|e| format!("{p}: {e}"))?;
                let path = workspace.join(golden);
                let want = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
                diff(&want, &got).map_err(|diff| {
                    format!("{p} differs from {}:\n{}", golden.display(), String::from_utf8_lossy(&diff))
                })
            }
            Check::Custom(desc, f) => f(run).map_err(|e| format!("{desc}: {e}")),
        }
    }
}

/// The emulated machine a scenario runs on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Model {
    /// An A1200 as people use it (the default): 68EC020, 2 MB chip RAM plus
    /// 8 MB fast RAM, the fastest emulation (`accuracy = -1`, CPU at
    /// `max`).
    #[default]
    A1200,
    /// A stock A1200: the same machine with its 2 MB of chip RAM alone (no
    /// fast RAM), as it leaves the shop. Every program, its code and its
    /// data share those 2 MB with the display.
    A1200ChipOnly,
    /// An expanded A500: a 68000, 1 MB chip RAM (ECS Agnus) plus 1 MB slow
    /// RAM, the most accurate CPU emulation (`accuracy = 0`, real speed).
    /// The built-in AROS ROM boots on it (CPU reported `68000`); a user's
    /// Kickstart for it comes from `GADGETSCOPE_KICKSTART_A500`.
    A500,
}

impl Model {
    /// Its RAM blocks as FS-UAE maps them: (Amiga address, bytes), chip
    /// RAM first (the A1200's fast RAM is Zorro II RAM at $200000, the
    /// A500's slow RAM at $C00000; AROS's boot RAM at $A80000 on the A500
    /// and the stock A1200, two banks of 512 KB), as [`crate::hostdump`]
    /// finds them.
    pub fn ram(self) -> &'static [(u32, u32)] {
        match self {
            Model::A1200 => &[(0, 2 << 20), (0x20_0000, 8 << 20)],
            Model::A1200ChipOnly => &[(0, 2 << 20), (0xA8_0000, 512 << 10), (0xB0_0000, 512 << 10)],
            Model::A500 => &[(0, 1 << 20), (0xC0_0000, 1 << 20), (0xA8_0000, 512 << 10), (0xB0_0000, 512 << 10)],
        }
    }

    /// Its FS-UAE settings, before a scenario's own ones.
    pub fn config(self) -> &'static [(&'static str, &'static str)] {
        match self {
            Model::A1200 => &[
                ("amiga_model", "A1200"),
                ("accuracy", "-1"),
                ("uae_cpu_speed", "max"),
                // Where the timing benchmarks are measured; scenarios that
                // run two large programs at once need it
                // (docs/design/harness-notes.md "The small machines").
                ("fast_memory", "8192"),
            ],
            Model::A1200ChipOnly => {
                &[("amiga_model", "A1200"), ("accuracy", "-1"), ("uae_cpu_speed", "max"), ("fast_memory", "0")]
            }
            Model::A500 => &[
                ("amiga_model", "A500"),
                ("cpu", "68000"),
                ("accuracy", "0"),
                ("uae_cpu_speed", "real"),
                ("chip_memory", "1024"),
                ("slow_memory", "1024"),
            ],
        }
    }
}

/// The Startup-Sequence line [`Scenario::watchdog`] adds.
pub const WATCH_LINE: &str = "Run >NIL: C:UAETool WATCH";

/// A named emulator run. Build with the chained methods:
///
/// ```
/// use uae_harness::{Scenario, Check};
/// let s = Scenario::new("version")
///     .host_file("MyProgram", "target/amiga/MyProgram")
///     .capture("MyProgram VERSION", "version")
///     .check(Check::Rc("version".into(), 0))
///     .check(Check::Contains("version.out".into(), "MyProgram".into()));
/// assert_eq!(s.name, "version");
/// ```
#[derive(Debug)]
pub struct Scenario {
    /// Also the directory name under `target/uae/`: `[A-Za-z0-9._-]+`.
    pub name: String,
    pub files: Vec<StagedFile>,
    pub lines: Vec<Line>,
    pub checks: Vec<Check>,
    /// From the emulator's start to the sentinel.
    pub timeout: Duration,
    /// Screenshots a program under test requests itself (it writes
    /// `DH0:shot-request-<name>` and waits for `DH0:shot-done-<name>`):
    /// the run uses Xvfb and fails if one of them was not taken.
    pub program_screenshots: Vec<String>,
    /// FS-UAE `key = value` settings for this scenario only, applied after
    /// the defaults and [`crate::Options::extra_config`] (e.g. cycle-real
    /// CPU timing for a benchmark).
    pub config: Vec<(String, String)>,
    /// Set by [`Scenario::watchdog`]: on a hang the harness asks the
    /// emulated machine for a task dump (`hd/tasks.txt`).
    pub watchdog: bool,
    /// FS-UAE settings whose value is the host path of a built name
    /// ([`Scenario::config_built`]), resolved when the run is staged.
    pub config_built: Vec<(String, String)>,
    /// Set by [`Scenario::expect`]; without it the scenario passes when
    /// its outcome is `Pass`.
    pub expect: Option<Expect>,
    /// The machine ([`Scenario::model`]); the A1200 unless set.
    pub model: Model,
    /// Host-side steps run while the emulator runs ([`Scenario::host_step`]).
    pub host_steps: Vec<(String, HostStep)>,
    /// Set by [`Scenario::alone`]: the scenario measures time, so the
    /// suite runs it with no other emulator beside it.
    pub alone: bool,
}

/// What a host step gets: where the run is and where the workspace is.
#[derive(Clone, Debug)]
pub struct HostContext {
    /// The run directory (`target/uae/<scenario>/`).
    pub run: RunDir,
    /// The boot drive's host directory (`<run>/hd`).
    pub hd: PathBuf,
    /// The workspace root (for `target/tools/venv`).
    pub workspace: PathBuf,
    /// The FS-UAE process (for [`crate::hostdump`]).
    pub emulator: u32,
    /// The machine it emulates.
    pub model: Model,
}

/// The Amiga side asks for a screenshot by writing `go` into
/// `DH0:shot-request-<name>`; the host answers with `hd/shot-done-<name>`.
pub fn shot_request_file(name: &str) -> String {
    format!("shot-request-{name}")
}
/// See [`shot_request_file`].
pub fn shot_done_file(name: &str) -> String {
    format!("shot-done-{name}")
}

impl HostContext {
    /// Takes a screenshot now, as a script's screenshot line does (the
    /// harness answers the request while it watches the run; with Xvfb
    /// only), and waits for it at most 20 s. `Ok(path)`, or why there is
    /// none.
    pub fn screenshot(&self, name: &str) -> Result<PathBuf, String> {
        let done = self.hd.join(shot_done_file(name));
        std::fs::write(self.hd.join(shot_request_file(name)), "go\n")
            .map_err(|e| format!("cannot write its request: {e}"))?;
        let t0 = std::time::Instant::now();
        while !done.exists() {
            if t0.elapsed() > Duration::from_secs(20) {
                return Err("not taken within 20 s".into());
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        Ok(self.run.screenshot(name))
    }
}

/// A host step: `Ok(log)` or `Err(why)`; an error fails the scenario.
pub type HostStep = fn(&HostContext) -> Result<String, String>;

/// The Amiga file a host step's request writes (`host-request-<name>`).
pub fn host_request_file(name: &str) -> String {
    format!("host-request-{name}")
}

/// The file the harness creates when a host step has finished
/// (`host-done-<name>`, holding `ok` or `failed`).
pub fn host_done_file(name: &str) -> String {
    format!("host-done-{name}")
}

/// Script lines that spin until `DH0:<file>` exists (the ROM has no
/// `Wait`; `label` must be unique in the script). A Shell busy-polling the
/// filesystem is what the ROM's scheduler race needs: prefer `C:UAETool
/// WAITFILE` where a program may be loaded (docs/design/harness-notes.md
/// "Lost tasks").
pub fn wait_for_file(file: &str, label: &str) -> Vec<String> {
    vec![format!("Lab {label}"), format!("If NOT EXISTS DH0:{file}"), format!("  Skip {label} BACK"), "EndIf".into()]
}

/// Default [`Scenario::timeout`]: AROS boots and runs a short script in
/// about 1.5 s in warp mode; this leaves room for slow machines.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(30);

impl Scenario {
    pub fn new(name: impl Into<String>) -> Self {
        Scenario {
            name: name.into(),
            files: Vec::new(),
            lines: Vec::new(),
            checks: Vec::new(),
            timeout: DEFAULT_TIMEOUT,
            program_screenshots: Vec::new(),
            config: Vec::new(),
            watchdog: false,
            config_built: Vec::new(),
            expect: None,
            model: Model::A1200,
            host_steps: Vec::new(),
            alone: false,
        }
    }

    /// At this point of the script, runs `step` on the host while the
    /// emulator keeps running (on its own thread, so the harness still
    /// watches for crashes and the timeout), and waits for it to end:
    /// the script writes `DH0:host-request-<name>`, the harness starts the
    /// step and creates `DH0:host-done-<name>` when it returns; `C:UAETool
    /// WAITFILE` (staged here) waits for that file with dos `Delay()`, so
    /// the wait costs the emulated machine no CPU. The step's log goes to
    /// `<run>/host-<name>.log`; an `Err` fails the scenario, and so does a
    /// step the script never requested.
    pub fn host_step(mut self, name: &str, timeout_s: u32, step: HostStep) -> Self {
        self.host_steps.push((name.to_string(), step));
        if !self.files.iter().any(|f| f.amiga_path == "C/UAETool") {
            self = self.program("C/UAETool", "UAETool");
        }
        self.line(format!("Echo \"go\" >DH0:{}", host_request_file(name)))
            .line(format!("C:UAETool WAITFILE FILE=DH0:{} TIMEOUT={timeout_s}", host_done_file(name)))
    }

    /// [`Scenario::host_step`] with the Amiga's wait as a Shell loop
    /// instead of `UAETool WAITFILE`: no program is loaded for it, for a
    /// step that measures the Amiga's memory (the loop asks the
    /// filesystem without pause meanwhile).
    pub fn host_step_loaded_nothing(mut self, name: &str, step: HostStep) -> Self {
        self.host_steps.push((name.to_string(), step));
        self = self.line(format!("Echo \"go\" >DH0:{}", host_request_file(name)));
        for l in wait_for_file(&host_done_file(name), &format!("host-{name}")) {
            self = self.line(l);
        }
        self
    }

    /// Runs on `model` instead of the A1200.
    pub fn model(mut self, model: Model) -> Self {
        self.model = model;
        self
    }

    /// Starts `UAETool WATCH` in the background at this point of the
    /// script (stages `uaetool` as `C:UAETool`): when the scenario hangs,
    /// the harness writes `DH0:tasks.request` and waits a few seconds for
    /// `DH0:tasks.txt`, UAETool's dump of every task (state, signals,
    /// saved PC and stack, a process's segments), so that a hang shows
    /// where each program sleeps. Not for scenarios that compare free
    /// memory: the watcher polls a file once a second.
    pub fn watchdog(mut self) -> Self {
        if !self.files.iter().any(|f| f.amiga_path == "C/UAETool") {
            self = self.program("C/UAETool", "UAETool");
        }
        self.watchdog = true;
        self.line(WATCH_LINE)
    }

    /// The scenario without [`Scenario::watchdog`]'s watcher (its line and
    /// its flag), for machines where `UAETool WATCH`, holding about 270 KB
    /// for the whole run, does not fit beside the programs under test. A
    /// hang still gets the host's task dump.
    pub fn without_watchdog(mut self) -> Self {
        if self.watchdog {
            self.watchdog = false;
            self.lines.retain(|l| !matches!(l, Line::Raw(text) if text == WATCH_LINE));
        }
        self
    }

    /// Stage a host file at `amiga_path` (made executable).
    pub fn host_file(mut self, amiga_path: impl Into<String>, host: impl Into<PathBuf>) -> Self {
        self.files.push(StagedFile {
            amiga_path: amiga_path.into(),
            source: FileSource::Host(host.into()),
            executable: true,
        });
        self
    }

    /// Stage what the build makes under `name` at `amiga_path`, made
    /// executable (see [`FileSource::Built`]): `.program("C/UAETool",
    /// "UAETool")`. The runner builds what [`Scenario::needs`] lists.
    pub fn program(mut self, amiga_path: impl Into<String>, name: impl Into<String>) -> Self {
        self.files.push(StagedFile {
            amiga_path: amiga_path.into(),
            source: FileSource::Built(name.into()),
            executable: true,
        });
        self
    }

    /// An FS-UAE setting whose value is the host path of what the build
    /// makes under `name` (see [`FileSource::Built`]): `.config_built(
    /// "floppy_drive_1", "dist/MyProgram.adf")`.
    pub fn config_built(mut self, key: &str, name: &str) -> Self {
        self.config_built.push((key.to_string(), name.to_string()));
        self
    }

    /// The built things this scenario stages or configures: the first
    /// part of each [`FileSource::Built`] and [`Scenario::config_built`]
    /// name (`dist` for `dist/MyProgram.info`), each once, in order.
    pub fn needs(&self) -> Vec<&str> {
        let staged = self.files.iter().filter_map(|f| match &f.source {
            FileSource::Built(name) => Some(name.as_str()),
            _ => None,
        });
        let mut out: Vec<&str> = Vec::new();
        for name in staged.chain(self.config_built.iter().map(|(_, n)| n.as_str())) {
            let base = name.split('/').next().unwrap_or(name);
            if !out.contains(&base) {
                out.push(base);
            }
        }
        out
    }

    /// Judge the report with `f` instead of requiring `Pass` (the
    /// harness's self-tests expect crashes and hangs).
    pub fn expect(mut self, f: Expect) -> Self {
        self.expect = Some(f);
        self
    }

    /// The scenario's verdict on a finished run: its [`Scenario::expect`],
    /// or `Pass` required.
    pub fn verdict(&self, report: &Report, tools: &NativeTools) -> Result<String, String> {
        match self.expect {
            Some(f) => f(report, tools),
            None => match &report.outcome {
                crate::Outcome::Pass => Ok(String::new()),
                other => Err(other.to_string()),
            },
        }
    }

    /// Stage bytes at `amiga_path` (a data file, not executable).
    pub fn bytes(mut self, amiga_path: impl Into<String>, bytes: impl Into<Vec<u8>>) -> Self {
        self.files.push(StagedFile {
            amiga_path: amiga_path.into(),
            source: FileSource::Bytes(bytes.into()),
            executable: false,
        });
        self
    }

    /// Stage any [`StagedFile`].
    pub fn staged(mut self, file: StagedFile) -> Self {
        self.files.push(file);
        self
    }

    /// Append a Startup-Sequence line.
    pub fn line(mut self, line: impl Into<String>) -> Self {
        self.lines.push(Line::Raw(line.into()));
        self
    }

    /// Run `command` with its output redirected to `DH0:<tag>.out`, then
    /// store its return code in `DH0:<tag>.rc` (read back with
    /// [`RunDir::rc`] or checked with [`Check::Rc`]). `command` must not
    /// redirect its own output.
    pub fn capture(mut self, command: &str, tag: &str) -> Self {
        self.lines.push(Line::Raw(format!("{command} >DH0:{tag}.out")));
        self.lines.push(Line::Raw(format!("Echo \"$RC\" >DH0:{tag}.rc")));
        self
    }

    /// Take a screenshot `<name>.png` at this point of the script (the run
    /// then uses Xvfb). `name`: `[A-Za-z0-9_-]+`.
    pub fn screenshot(mut self, name: &str) -> Self {
        self.lines.push(Line::Screenshot(name.to_string()));
        self
    }

    /// An FS-UAE setting for this scenario only (see [`Scenario::config`]).
    pub fn config(mut self, key: &str, value: &str) -> Self {
        self.config.push((key.to_string(), value.to_string()));
        self
    }

    /// Expect the program under test to request screenshot `name` itself
    /// (same handshake as [`Scenario::screenshot`], driven from its code).
    pub fn program_screenshot(mut self, name: &str) -> Self {
        self.program_screenshots.push(name.to_string());
        self
    }

    pub fn check(mut self, check: Check) -> Self {
        self.checks.push(check);
        self
    }

    /// The scenario measures time (a benchmark: emulated EClock ticks
    /// move with the host's load, host times too): the suite runs it
    /// alone, never beside another emulator.
    pub fn alone(mut self) -> Self {
        self.alone = true;
        self
    }

    pub fn timeout(mut self, timeout: Duration) -> Self {
        self.timeout = timeout;
        self
    }

    /// Adds `more` to the timeout: for lines whose time the scenario's
    /// author does not see (e.g. [`crate::memcheck::measure`]'s census).
    pub fn more_time(mut self, more: Duration) -> Self {
        self.timeout += more;
        self
    }

    /// Screenshot names requested by the lines, in order.
    pub fn screenshot_names(&self) -> Vec<&str> {
        self.lines
            .iter()
            .filter_map(|l| match l {
                Line::Screenshot(n) => Some(n.as_str()),
                Line::Raw(_) => None,
            })
            .collect()
    }
}
