"""The plugin inside pytest (pytester), with `cargo` on PATH standing in
for the runner (tests/fake_cargo.py) and serving the fake wire server."""

import re
import xml.etree.ElementTree as ET

import pytest

import pytest_gadgetscope.options as options
from pytest_gadgetscope.runner import Runner

PASSING = """
def test_reads(amiga):
    assert amiga.get_text("Demo", 2) == "hello"

def test_clicks(amiga):
    amiga.click("Demo", 1)
"""


def test_options_from_the_ini_and_the_command_line_reach_the_runner(pytester, fake_runner, monkeypatch):
    pytester.makeini(
        """
        [pytest]
        amiga_dir = prog
        amiga_icon = MyProg
        amiga_tooltype =
            PUBSCREEN=Workbench
            DEBUG=1
        amiga_window = Demo
        amiga_machine = a500
        """
    )
    pytester.makepyfile(PASSING)
    # Command-line paths from where pytest starts, ini paths from the ini file.
    here = pytester.mkdir("sub")
    monkeypatch.chdir(here)
    result = pytester.runpytest("--amiga-ntsc", "--amiga-writable", "--amiga-kickstart", "roms/k.rom", "--amiga-workbench", "wb", "..")
    result.assert_outcomes(passed=2)
    [run] = fake_runner.runs()
    port_file = run["argv"][-1]
    assert run["argv"] == [
        "xtask", "serve",
        "--dir", str(pytester.path / "prog"), "--writable",
        "--icon", "MyProg", "--tooltype", "PUBSCREEN=Workbench", "--tooltype", "DEBUG=1",
        "--window", "Demo", "--machine", "a500", "--ntsc",
        "--kickstart", str(here / "roms" / "k.rom"), "--workbench", str(here / "wb"),
        "0", "--port-file", port_file,
    ]
    assert run["cwd"] == str(fake_runner.checkout)
    assert run["ended"] == "quit"


def test_dial_out_hands_the_test_the_connection_gadgetscope_dialed(pytester, fake_runner):
    pytester.makeini("[pytest]\namiga_start = Demo\namiga_window = Demo\n")
    pytester.makepyfile(PASSING)
    pytester.runpytest("--amiga-dial-out").assert_outcomes(passed=2)
    [run] = fake_runner.runs()
    argv = run["argv"]
    assert "--port-file" not in argv and "0" not in argv
    host, port = argv[argv.index("--dial") + 1].rsplit(":", 1)
    assert host == "127.0.0.1" and 0 < int(port) < 65536
    assert run["ended"] == "quit"


def test_the_command_line_wins_over_the_ini(pytester, fake_runner):
    pytester.makeini("[pytest]\namiga_start = FromIni\namiga_window = W\namiga_machine = a500\n")
    pytester.makepyfile(PASSING)
    pytester.runpytest("--amiga-start", "FromCli ARG", "--amiga-machine", "a1200-stock").assert_outcomes(passed=2)
    argv = fake_runner.runs()[0]["argv"]
    assert argv[2:8] == ["--start", "FromCli ARG", "--window", "W", "--machine", "a1200-stock"]


@pytest.mark.parametrize(
    "args, message",
    [
        (["--amiga-start", "A", "--amiga-icon", "B"], "give one of amiga_start, amiga_icon and amiga_demo, not start and icon"),
        (["--amiga-start", "A", "--amiga-tooltype", "X=1"], "amiga_tooltype goes with amiga_icon"),
        (["--amiga-icon", "A", "--amiga-tooltype", "NOVALUE"], "amiga_tooltype 'NOVALUE' is not KEY=VALUE"),
        (["--amiga-demo", "--amiga-boot-timeout", "soon"], "amiga_boot-timeout must be a number of seconds"),
        (["--amiga-demo", "-o", "amiga_scope=class"], "amiga_scope must be one of session, module"),
    ],
)
def test_bad_settings_are_a_usage_error(pytester, args, message):
    pytester.makepyfile(PASSING)
    result = pytester.runpytest(*args)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines([f"*{message}*"])


def test_it_skips_when_nothing_is_set_to_start(pytester, fake_runner):
    pytester.makepyfile(PASSING)
    result = pytester.runpytest("-rs")
    result.assert_outcomes(skipped=2)
    result.stdout.fnmatch_lines(["*nothing to start in the emulator: set --amiga-start*"])
    assert fake_runner.runs() == []


def test_it_skips_without_cargo(pytester, fake_runner, monkeypatch, tmp_path):
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    pytester.makepyfile(PASSING)
    result = pytester.runpytest("-rs", "--amiga-demo")
    result.assert_outcomes(skipped=2)
    result.stdout.fnmatch_lines(["*cargo is not on PATH*"])


def test_it_skips_without_a_checkout(pytester, fake_runner, monkeypatch, tmp_path):
    monkeypatch.delenv("GADGETSCOPE_CHECKOUT")
    monkeypatch.setattr(options, "_package_dir", lambda: tmp_path)  # installed outside any checkout
    pytester.makepyfile(PASSING)
    result = pytester.runpytest("-rs", "--amiga-demo")
    result.assert_outcomes(skipped=2)
    result.stdout.fnmatch_lines(["*no GadgetScope checkout found: set --amiga-checkout*"])


def test_the_checkout_is_found_above_the_package_when_nothing_names_it(pytester, fake_runner, monkeypatch):
    monkeypatch.delenv("GADGETSCOPE_CHECKOUT")
    monkeypatch.setattr(options, "_package_dir", lambda: fake_runner.checkout / "pytest-gadgetscope" / "pytest_gadgetscope")
    pytester.makepyfile(PASSING)
    pytester.runpytest("--amiga-demo").assert_outcomes(passed=2)
    assert fake_runner.runs()[0]["cwd"] == str(fake_runner.checkout)


def test_a_named_checkout_that_is_not_one_is_an_error_not_a_skip(pytester, fake_runner, tmp_path):
    pytester.makepyfile(PASSING)
    result = pytester.runpytest("--amiga-demo", "--amiga-checkout", str(tmp_path))
    result.assert_outcomes(errors=2)
    result.stdout.fnmatch_lines([f"*amiga_checkout names {tmp_path}, which is not a GadgetScope checkout*"])


def test_a_runner_that_fails_is_an_error_with_its_message(pytester, fake_runner, monkeypatch):
    fake_runner.mode(monkeypatch, "fail")
    pytester.makepyfile(PASSING)
    result = pytester.runpytest("--amiga-demo")
    result.assert_outcomes(errors=2)
    result.stdout.fnmatch_lines([
        "*the emulator runner failed: the runner ended (exit status 20) before it was ready*",
        "*the program never opened a window matching \"Demo\"*last screenshot: target/uae/serve/last.png*",
        f"*Whole log: {pytester.path / 'amiga-traces' / 'serve.log'}*",
    ])
    assert len(fake_runner.runs()) == 1  # one attempt for the session, not one per test
    # Told in full once among the errors (pytest's summary after them may
    # repeat the message whole: it does not cut it on CI); the other test
    # of the boot points at it.
    errors = result.stdout.str().split("short test summary info")[0]
    told = [line for line in errors.splitlines() if "the program never opened a window" in line]
    assert len([line for line in told if not line.startswith("gadgetscope: ")]) == 1
    result.stdout.fnmatch_lines(["*the emulator runner failed (the first test of this boot says why)*"])
    assert "During handling of the above exception" not in result.stdout.str()


def test_a_program_without_its_window_pattern_stops_pytest_naming_the_ini_key(pytester, fake_runner):
    pytester.makeini("[pytest]\namiga_start = Demo\n")
    pytester.makepyfile(PASSING)
    result = pytester.runpytest()
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*amiga_start and amiga_icon need amiga_window*"])
    assert fake_runner.runs() == []


def test_one_boot_per_run_progress_shown_through_capture_and_a_clean_end(pytester, fake_runner):
    pytester.makepyfile(test_one=PASSING, test_two=PASSING)
    result = pytester.runpytest("--amiga-demo")  # output capture on, as by default
    result.assert_outcomes(passed=4)
    result.stdout.fnmatch_lines([
        "gadgetscope: starting the runner (log: *serve.log)",
        "gadgetscope: xtask: building GadgetScope for the 68020 (fake)",
        "gadgetscope: ready, AmiPilot's client connected to 127.0.0.1:*",
        "gadgetscope: runner ended (exit status 0)*",
    ])
    [run] = fake_runner.runs()
    assert run["ended"] == "quit"
    traces = pytester.path / "amiga-traces"
    assert [p.name for p in traces.iterdir()] == ["serve.log"]  # passing tests leave no trace
    assert "gadgetscope-serve: ready 127.0.0.1:" in (traces / "serve.log").read_text()


def test_module_scope_boots_once_per_module(pytester, fake_runner):
    pytester.makepyfile(test_one=PASSING, test_two=PASSING)
    result = pytester.runpytest("--amiga-demo", "--amiga-scope", "module")
    result.assert_outcomes(passed=4)
    runs = fake_runner.runs()
    assert len(runs) == 2 and all(r["ended"] == "quit" for r in runs)
    assert sorted(p.name for p in (pytester.path / "amiga-traces").iterdir()) == ["serve-test_one.py.log", "serve-test_two.py.log"]


def test_a_runner_that_ignores_quit_gets_sigterm(pytester, fake_runner, monkeypatch):
    monkeypatch.setattr(Runner, "quit_wait", 0.5)
    fake_runner.mode(monkeypatch, "stubborn")
    pytester.makepyfile(PASSING)
    result = pytester.runpytest("--amiga-demo")
    result.assert_outcomes(passed=2)
    result.stdout.fnmatch_lines(["*runner did not end within 0 s of QUIT; sent SIGTERM*"])
    assert fake_runner.runs()[0]["ended"] == "sigterm"


def test_a_runner_gone_during_the_run_errors_the_tests_after(pytester, fake_runner):
    pytester.makepyfile(
        """
        import time

        def test_quits(amiga):
            amiga.quit()
            time.sleep(1)  # the fake runner ends on QUIT

        def test_after(amiga):
            pass
        """
    )
    result = pytester.runpytest("--amiga-demo")
    result.assert_outcomes(passed=1, errors=1)
    result.stdout.fnmatch_lines(["*the runner ended (exit status 0) during the tests*"])


def test_a_failed_test_leaves_a_trace_named_in_junit(pytester, fake_runner):
    pytester.makepyfile(
        test_ui="""
        def test_fails(amiga):
            amiga.click("Demo", 1)
            assert amiga.get_text("Demo", 2) == "goodbye"

        def test_passes(amiga):
            amiga.get_text("Demo", 2)
        """
    )
    result = pytester.runpytest("--amiga-demo", "--junitxml=junit.xml")
    result.assert_outcomes(failed=1, passed=1)
    page = pytester.path / "amiga-traces" / "test_ui.py_test_fails.html"
    result.stdout.fnmatch_lines(["*- amiga trace -*", f"the test's wire commands, step by step: {page}", "*= amiga traces =*", f"test_ui.py::test_fails: {page}"])
    html = page.read_text()
    assert "CLICK Demo 1" in html and "GETTEXT Demo 2" in html and "assert &#x27;hello&#x27; == &#x27;goodbye&#x27;" in html
    assert not (pytester.path / "amiga-traces" / "test_ui.py_test_passes.html").exists()
    case = ET.parse(pytester.path / "junit.xml").find(".//testcase[@name='test_fails']")
    assert case.find("properties/property[@name='amiga_trace']").get("value") == str(page)
    assert str(page) in case.find("failure").text


def test_a_passing_rerun_removes_the_old_trace(pytester, fake_runner):
    pytester.makepyfile(test_ui="def test_x(amiga):\n    assert amiga.get_text('Demo', 2) == 'hello'\n")
    page = pytester.path / "amiga-traces" / "test_ui.py_test_x.html"
    page.parent.mkdir()
    page.write_text("old")
    pytester.runpytest("--amiga-demo").assert_outcomes(passed=1)
    assert not page.exists()


def test_snapshot_fixture_baselines_beside_the_test_and_the_update_flag(pytester, fake_runner, monkeypatch):
    pytester.makepyfile(
        test_look="""
        import os

        def test_look(amiga, snapshot):
            if os.environ.get("PAINT_FIRST"):
                amiga.click("Demo", 1)
            snapshot(amiga, "demo-window", window="Demo")
        """
    )
    baseline = pytester.path / "__snapshots__" / "demo-window.png"
    first = pytester.runpytest("--amiga-demo")
    first.assert_outcomes(passed=1, warnings=1)
    first.stdout.fnmatch_lines([f"*SnapshotWritten: snapshot 'demo-window': wrote new baseline {baseline}"])
    assert baseline.exists()

    pytester.runpytest("--amiga-demo").assert_outcomes(passed=1)

    monkeypatch.setenv("PAINT_FIRST", "1")
    failed = pytester.runpytest("--amiga-demo")
    failed.assert_outcomes(failed=1)
    failed.stdout.fnmatch_lines(["*SnapshotMismatch: snapshot 'demo-window': 60 pixels differ (threshold 0)*"])
    page = (pytester.path / "amiga-traces" / "test_look.py_test_look.html").read_text()
    assert "The snapshot&#x27;s diff (demo-window.diff.png)" in page
    assert "Its baseline (demo-window.png)" in page and "The capture (demo-window.actual.png)" in page
    updated = pytester.runpytest("--amiga-demo", "--amiga-update-snapshots")
    updated.assert_outcomes(passed=1, warnings=1)
    updated.stdout.fnmatch_lines(["*updated baseline*"])
    pytester.runpytest("--amiga-demo").assert_outcomes(passed=1)


def test_amipilots_golden_trees_work_with_the_client(pytester, fake_runner):
    pytester.makepyfile(
        """
        from amipilot.golden import GoldenMismatch
        import pytest

        def test_golden(amiga, tmp_path):
            amiga.assert_tree_matches("Demo", tmp_path / "demo.tree")
            amiga.assert_tree_matches("Demo", tmp_path / "demo.tree")
            amiga.type("Demo", 2, "x")
            with pytest.raises(GoldenMismatch):
                amiga.assert_tree_matches("Demo", tmp_path / "demo.tree")
        """
    )
    pytester.runpytest("--amiga-demo").assert_outcomes(passed=1)


def test_it_lives_beside_amipilots_own_plugin(pytester, fake_runner):
    pytester.makepyfile(
        """
        def test_ours(amiga):
            assert amiga.get_text("Demo", 2) == "hello"

        def test_theirs(amipilot):
            pass
        """
    )
    result = pytester.runpytest("--amiga-demo", "--amipilot-wire-port", "1235", "-rs")
    result.assert_outcomes(passed=1, skipped=1)
    result.stdout.fnmatch_lines(["*no AmiPilot Copperline config configured*"])
    fixtures = pytester.runpytest("--fixtures").stdout.str()
    assert re.search(r"^amiga -- ", fixtures, re.M) and re.search(r"^snapshot -- ", fixtures, re.M)
    assert re.search(r"^amipilot( \[session scope\])? -- ", fixtures, re.M)
