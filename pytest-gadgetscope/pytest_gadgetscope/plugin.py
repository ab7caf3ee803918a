"""The pytest plugin (entry point `pytest11`): the `amiga` fixture, AmiPilot's
own client connected to GadgetScope in FS-UAE with your program running,
and the `snapshot` fixture; a failure trace per failed test.

The emulator is booted by `cargo xtask serve` in the GadgetScope checkout,
once per test run or per module (`--amiga-scope`). Tests skip only when a
prerequisite is missing (no checkout, no cargo, nothing set to start); a
runner that fails is an error carrying its message.

Names are chosen not to meet AmiPilot's own plugin (`amipilot` fixture,
`--amipilot-*` options), which stays usable beside this one.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest
from amipilot import Amipilot

from .options import Settings, add_options, missing_prerequisite, resolve_checkout, serve_argv
from .runner import Runner, RunnerFailed
from .snapshot import SnapshotMismatch, assert_snapshot
from .trace import Recorder, Trace, trace_path, write_html

SETTINGS = pytest.StashKey[Settings]()
TRACE = pytest.StashKey[Trace]()
TRACES_WRITTEN = pytest.StashKey[list]()
#: The report property (JUnit XML <property>) naming a failed test's trace.
TRACE_PROPERTY = "amiga_trace"


def pytest_addoption(parser: pytest.Parser) -> None:
    add_options(parser)


def pytest_configure(config: pytest.Config) -> None:
    s = Settings.from_config(config)
    if s.problems:
        raise pytest.UsageError("pytest-gadgetscope: " + "; ".join(s.problems))
    config.stash[SETTINGS] = s
    config.stash[TRACES_WRITTEN] = []


def settings(config: pytest.Config) -> Settings:
    return config.stash[SETTINGS]


def _progress(config: pytest.Config):
    """A line printer that reaches the terminal through pytest's capture."""
    tr = config.pluginmanager.get_plugin("terminalreporter")
    capman = config.pluginmanager.get_plugin("capturemanager")

    def show(line: str) -> None:
        if tr is None:
            return
        if capman is not None:
            with capman.global_and_fixture_disabled():
                tr.write_line(line)
        else:
            tr.write_line(line)

    return show


@dataclass
class Boot:
    runner: Runner
    client: Amipilot | None
    recorder: Recorder | None
    #: Why the runner never became ready, told in full to the first test
    #: only (the others of the boot name it in one line).
    failure: str | None = None
    failure_told: bool = False


def _boot_scope(fixture_name: str, config: pytest.Config) -> str:
    return settings(config).scope


@pytest.fixture(scope=_boot_scope)
def _gadgetscope_boot(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory):
    s = settings(request.config)
    try:
        checkout, reason = resolve_checkout(s)
    except ValueError as e:
        pytest.fail(str(e), pytrace=False)
    reason = reason or missing_prerequisite(s)
    if reason:
        pytest.skip(reason)
    log_name = "serve.log" if request.scope == "session" else f"serve-{trace_path(Path(), request.node.nodeid).stem}.log"
    runner = Runner(
        serve_argv(s),
        cwd=checkout,
        log_path=s.trace_dir / log_name,
        port_file=tmp_path_factory.mktemp("amiga-serve") / "port",
        boot_timeout=s.boot_timeout,
        show=_progress(request.config),
        dial_out=s.dial_out,
    )
    try:
        client = runner.start()
    except RunnerFailed as e:
        kept = keep_evidence(str(e), s.trace_dir)
        yield Boot(runner, None, None, failure=f"the emulator runner failed: {e}{kept}")
        return
    recorder = Recorder(client._wire)
    client._wire = recorder
    try:
        yield Boot(runner, client, recorder)
    finally:
        runner.stop()


@pytest.fixture
def amiga(_gadgetscope_boot: Boot, request: pytest.FixtureRequest) -> Amipilot:
    """AmiPilot's client (`amipilot.Amipilot`), connected to GadgetScope in
    the emulator with your program's window open. Its wire commands are
    traced for this test."""
    boot = _gadgetscope_boot
    if boot.failure is not None:
        if boot.failure_told:
            pytest.fail("the emulator runner failed (the first test of this boot says why)", pytrace=False)
        boot.failure_told = True
        pytest.fail(boot.failure, pytrace=False)
    if boot.runner.ended() is not None:
        pytest.fail(boot.runner.failure_since_ready(), pytrace=False)
    trace = Trace(request.node.nodeid)
    request.node.stash[TRACE] = trace
    trace_path(settings(request.config).trace_dir, request.node.nodeid).unlink(missing_ok=True)
    boot.recorder.trace = trace
    try:
        yield boot.client
    finally:
        boot.recorder.trace = None


def keep_evidence(message: str, trace_dir: Path) -> str:
    """Copies the screenshot a runner's failure names (`the screen now:
    <path>`) into `trace_dir`, where CI keeps it (the runner's own copy is
    replaced by its next run); says where it went."""
    for line in message.splitlines():
        head, _, path = line.strip().partition("the screen now: ")
        if head == "" and path.endswith(".png") and Path(path).is_file():
            trace_dir.mkdir(parents=True, exist_ok=True)
            kept = trace_dir / "runner-not-open.png"
            shutil.copyfile(path, kept)
            return f"\n  (that screenshot is kept as {kept})"
    return ""


class Snapshots:
    """`snapshot(client, name, window=..., masks=..., threshold=...)`:
    `assert_snapshot` with the baseline in `__snapshots__/` beside the test
    file and the run's update setting."""

    def __init__(self, directory: Path, update: bool):
        self.directory = directory
        self.update = update

    def __call__(self, client, name, *, window=None, screen=None, masks=(), threshold=0) -> Path:
        __tracebackhide__ = True
        return assert_snapshot(
            client, name, window=window, screen=screen, masks=masks, threshold=threshold,
            update=self.update, directory=self.directory,
        )


@pytest.fixture
def snapshot(request: pytest.FixtureRequest) -> Snapshots:
    """Screenshot snapshots for this test (see `Snapshots`)."""
    return Snapshots(Path(request.node.path).parent / "__snapshots__", settings(request.config).update_snapshots)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    outcome = yield
    report = outcome.get_result()
    trace = item.stash.get(TRACE, None)
    if trace is None or not report.failed or trace.written is not None:
        return
    path = trace_path(settings(item.config).trace_dir, item.nodeid)
    pictures = {}
    exc = call.excinfo.value if call.excinfo is not None else None
    if isinstance(exc, SnapshotMismatch):
        # The diff first (when the sizes allowed one), then what it compares.
        shown = (("The snapshot's diff", exc.diff), ("Its baseline", exc.baseline), ("The capture", exc.actual))
        for title, p in shown:
            if p is not None and p.exists():
                pictures[f"{title} ({p.name})"] = p.read_bytes()
    outcome_word = "FAILED" if report.when == "call" else f"ERROR at {report.when}"
    write_html(path, trace, outcome=outcome_word, message=report.longreprtext, pictures=pictures)
    trace.written = path
    # As record_property does: JUnit XML takes the properties from the item.
    item.user_properties.append((TRACE_PROPERTY, str(path)))
    report.user_properties.append((TRACE_PROPERTY, str(path)))
    if hasattr(report.longrepr, "addsection"):
        report.longrepr.addsection("amiga trace", f"the test's wire commands, step by step: {path}")
    item.config.stash[TRACES_WRITTEN].append((item.nodeid, path))


def pytest_terminal_summary(terminalreporter, config: pytest.Config) -> None:
    written = config.stash.get(TRACES_WRITTEN, [])
    if written:
        terminalreporter.section("amiga traces")
        for nodeid, path in written:
            terminalreporter.write_line(f"{nodeid}: {path}")
