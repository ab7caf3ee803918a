"""The plugin's settings: each one a command-line option `--amiga-<name>`
and an ini key `amiga_<name>` (the command line wins), read once into a
`Settings`, and turned into the runner's command line (`serve_argv`).

Host paths given on the command line are taken from the directory pytest
was started in; in an ini file, from the ini file's directory.
"""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass, field
from pathlib import Path

import pytest

MACHINES = ("a1200", "a1200-stock", "a500")
SCOPES = ("session", "module")
#: The window of GadgetScope's own GadTools fixture (`--amiga-demo`).
DEMO_WINDOW = "GadTools Fixture"
#: Seconds from starting the runner to its ready line: a first run builds
#: the toolchain's output and GadgetScope, which takes several minutes.
DEFAULT_BOOT_TIMEOUT = 1800.0
DEFAULT_TRACE_DIR = "amiga-traces"
CHECKOUT_ENV = "GADGETSCOPE_CHECKOUT"


@dataclass(frozen=True)
class _Opt:
    name: str
    kind: str  # "str", "path", "bool", "list", "float", "choice"
    help: str
    default: object = None
    choices: tuple[str, ...] = ()


_OPTS = (
    _Opt("dir", "path", "host directory holding your program, mounted as DH1: (read-only unless --amiga-writable)"),
    _Opt("writable", "bool", "mount --amiga-dir writable"),
    _Opt("start", "str", "Shell line that starts your program, run in DH1: (e.g. 'MyProg')"),
    _Opt("icon", "str", "start your program from this icon instead (a path in DH1:, without .info)"),
    _Opt("tooltype", "list", "KEY=VALUE tooltype for --amiga-icon; repeatable (ini: one per line)"),
    _Opt("window", "str", "title pattern of the window the runner waits for before tests start"),
    _Opt("window-timeout", "float", "seconds the window may take to open once GadgetScope answers (the runner's default: 60)"),
    _Opt("machine", "choice", "emulated machine", choices=MACHINES),
    _Opt("ntsc", "bool", "an NTSC machine instead of PAL"),
    _Opt("kickstart", "path", "a Kickstart ROM file instead of the free AROS ROM"),
    _Opt("workbench", "path", "a host directory holding a Workbench installation to boot"),
    _Opt("checkout", "path", f"the GadgetScope checkout (default: ${CHECKOUT_ENV}, else the one this plugin is installed from)"),
    _Opt("boot-timeout", "float", "seconds to wait for the runner to be ready (it may build first)", DEFAULT_BOOT_TIMEOUT),
    _Opt("update-snapshots", "bool", "rewrite screenshot baselines instead of comparing with them"),
    _Opt("trace-dir", "path", "where failure traces and the runner's log go", DEFAULT_TRACE_DIR),
    _Opt("scope", "choice", "one emulator boot per test run (session) or per test module (module)", "session", SCOPES),
    _Opt("dial-out", "bool", "GadgetScope connects out to a port this plugin listens on (TCPDIAL), as for an Amiga behind NAT or a firewall"),
    _Opt("demo", "bool", f"start GadgetScope's own GadTools fixture (window '{DEMO_WINDOW}') instead of a program of yours"),
)


def add_options(parser: pytest.Parser) -> None:
    group = parser.getgroup("gadgetscope", "GadgetScope: your Amiga program's GUI in FS-UAE")
    for o in _OPTS:
        flag = f"--amiga-{o.name}"
        dest = "amiga_" + o.name.replace("-", "_")
        shown = f" (default {o.default})" if o.default is not None else ""
        if o.kind == "bool":
            group.addoption(flag, action="store_true", default=None, dest=dest, help=o.help)
            parser.addini(dest, o.help, type="bool", default=False)
        elif o.kind == "list":
            group.addoption(flag, action="append", default=None, dest=dest, metavar="KEY=VALUE", help=o.help)
            parser.addini(dest, o.help, type="linelist", default=[])
        else:
            choices = list(o.choices) or None
            group.addoption(flag, default=None, dest=dest, choices=choices, help=o.help + shown)
            parser.addini(dest, o.help + shown, default="")


@dataclass(frozen=True)
class Settings:
    dir: Path | None = None
    writable: bool = False
    start: str | None = None
    icon: str | None = None
    tooltypes: tuple[str, ...] = ()
    window: str | None = None
    machine: str | None = None
    ntsc: bool = False
    kickstart: Path | None = None
    workbench: Path | None = None
    checkout: Path | None = None
    boot_timeout: float = DEFAULT_BOOT_TIMEOUT
    update_snapshots: bool = False
    trace_dir: Path = Path(DEFAULT_TRACE_DIR)
    scope: str = "session"
    dial_out: bool = False
    window_timeout: float | None = None
    demo: bool = False
    problems: tuple[str, ...] = field(default=(), compare=False)

    @classmethod
    def from_config(cls, config: pytest.Config) -> "Settings":
        values: dict[str, object] = {}
        problems: list[str] = []
        cli_base = Path(config.invocation_params.dir)
        ini_base = Path(config.inipath).parent if config.inipath else Path(config.rootpath)
        for o in _OPTS:
            dest = "amiga_" + o.name.replace("-", "_")
            cli = config.getoption(dest)
            ini = config.getini(dest)
            if o.kind == "bool":
                value: object = bool(cli) if cli is not None else bool(ini)
            elif o.kind == "list":
                value = tuple(cli) if cli else tuple(x for x in ini if x.strip())
            else:
                raw, base = (cli, cli_base) if cli not in (None, "") else (ini.strip(), ini_base)
                if raw == "":
                    raw = o.default
                value = raw
                if raw is not None and o.kind == "path":
                    value = (base / Path(str(raw)).expanduser()).resolve()
                elif raw is not None and o.kind == "float":
                    try:
                        value = float(raw)
                    except ValueError:
                        problems.append(f"amiga_{o.name} must be a number of seconds, not {raw!r}")
                        value = o.default
                elif raw is not None and o.kind == "choice" and raw not in o.choices:
                    problems.append(f"amiga_{o.name} must be one of {', '.join(o.choices)}, not {raw!r}")
                    value = o.default
            values["tooltypes" if o.name == "tooltype" else o.name.replace("-", "_")] = value
        s = cls(**values)
        problems += s._conflicts()
        return cls(**{**values, "problems": tuple(problems)})

    def _conflicts(self) -> list[str]:
        out = []
        started = [n for n, v in (("start", self.start), ("icon", self.icon), ("demo", self.demo)) if v]
        if len(started) > 1:
            out.append(f"give one of amiga_start, amiga_icon and amiga_demo, not {' and '.join(started)}")
        if self.tooltypes and not self.icon:
            out.append("amiga_tooltype goes with amiga_icon")
        for t in self.tooltypes:
            if "=" not in t or t.startswith("="):
                out.append(f"amiga_tooltype {t!r} is not KEY=VALUE")
        if (self.start or self.icon) and not self.window:
            out.append("amiga_start and amiga_icon need amiga_window: a part of the program's window title, which the runner waits for")
        if self.window_timeout is not None and not 1 <= self.window_timeout <= 86400:
            out.append("amiga_window_timeout must be 1 to 86400 seconds")
        if self.boot_timeout <= 0:
            out.append("amiga_boot_timeout must be more than 0 seconds")
        return out

    @property
    def configured(self) -> bool:
        """Whether anything is set to start in the emulator."""
        return bool(self.start or self.icon or self.demo)


def looks_like_checkout(d: Path) -> bool:
    return (d / "Cargo.toml").is_file() and (d / "xtask" / "Cargo.toml").is_file()


def find_checkout_upward(start: Path) -> Path | None:
    """The nearest directory at or above `start` that is a GadgetScope
    checkout (an editable or in-tree install of this package)."""
    for d in [start, *start.parents]:
        if looks_like_checkout(d):
            return d
    return None


def _package_dir() -> Path:
    return Path(__file__).resolve().parent


def resolve_checkout(s: Settings) -> tuple[Path | None, str | None]:
    """(checkout, None), or (None, reason to skip), or raises ValueError
    for a checkout that was named but is not one."""
    named = s.checkout
    where = "amiga_checkout"
    if named is None and os.environ.get(CHECKOUT_ENV, "").strip():
        named, where = Path(os.environ[CHECKOUT_ENV]).expanduser().resolve(), f"${CHECKOUT_ENV}"
    if named is not None:
        if not looks_like_checkout(named):
            raise ValueError(f"{where} names {named}, which is not a GadgetScope checkout (no Cargo.toml and xtask/)")
        return named, None
    found = find_checkout_upward(_package_dir())
    if found is None:
        return None, (
            f"no GadgetScope checkout found: set --amiga-checkout, the ini key amiga_checkout or ${CHECKOUT_ENV} "
            "(this plugin was installed from outside one)"
        )
    return found, None


def missing_prerequisite(s: Settings) -> str | None:
    """Why tests using the emulator cannot run here, or None."""
    if not s.configured:
        return (
            "nothing to start in the emulator: set --amiga-start (a Shell line) or --amiga-icon, "
            "or the ini keys amiga_start / amiga_icon (--amiga-demo runs GadgetScope's own GadTools fixture)"
        )
    if shutil.which("cargo") is None:
        return "cargo is not on PATH: the runner is `cargo xtask serve` in the GadgetScope checkout (install Rust with rustup)"
    return None


def serve_argv(s: Settings) -> list[str]:
    """The runner's command line, but for how the client connects: the
    port or the dial-out (`Runner.transport_args`)."""
    argv = ["cargo", "xtask", "serve"]
    if s.dir is not None:
        argv += ["--dir", str(s.dir)]
    if s.writable:
        argv.append("--writable")
    if s.start:
        argv += ["--start", s.start]
    elif s.icon:
        argv += ["--icon", s.icon]
        for t in s.tooltypes:
            argv += ["--tooltype", t]
    if s.window:
        argv += ["--window", s.window]
    if s.window_timeout is not None:
        argv += ["--window-timeout", str(int(s.window_timeout))]
    if s.machine:
        argv += ["--machine", s.machine]
    if s.ntsc:
        argv.append("--ntsc")
    if s.kickstart is not None:
        argv += ["--kickstart", str(s.kickstart)]
    if s.workbench is not None:
        argv += ["--workbench", str(s.workbench)]
    return argv
