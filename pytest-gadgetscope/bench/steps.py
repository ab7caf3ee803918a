"""Benchmark of the runner and of a test step, on the host's clock:
how long `cargo xtask serve` takes from its start to the first answered
command (AmiPilot's client connected: VERSION and AUTH answered), and
how long a test step takes (CLICK on the GadTools fixture's Connect
button, then a TREE of its window), ROUNDS times (20).

Run from the checkout, after `cargo xtask example` (which puts the fixture
in pytest-gadgetscope/examples/amiga/):

    target/tools/venv/bin/python pytest-gadgetscope/bench/steps.py [ROUNDS]

The numbers go to docs/design/performance.md ("Current numbers", the runner's rows).
"""

import statistics
import sys
import tempfile
import time
from pathlib import Path

from pytest_gadgetscope.runner import Runner

WINDOW = "GadTools Fixture"


def main() -> int:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    checkout = Path(__file__).resolve().parents[2]
    program = checkout / "pytest-gadgetscope/examples/amiga"
    if not (program / "GadToolsFixture").is_file():
        print(f"no {program}/GadToolsFixture: run `cargo xtask example` first", file=sys.stderr)
        return 2
    tmp = Path(tempfile.mkdtemp(prefix="gs-bench-"))
    argv = ["cargo", "xtask", "serve", "0", "--dir", str(program), "--start", "GadToolsFixture", "--window", WINDOW]
    runner = Runner(argv, cwd=checkout, log_path=tmp / "serve.log", port_file=tmp / "port", boot_timeout=1800)
    t0 = time.monotonic()
    client = runner.start()
    ready = time.monotonic() - t0
    steps = []
    try:
        for _ in range(rounds):
            t = time.monotonic()
            client.click(WINDOW, 1)
            client.tree(WINDOW)
            steps.append(time.monotonic() - t)
    finally:
        runner.stop()
    ms = sorted(s * 1000 for s in steps)
    print(f"runner start to first answered command: {ready:.1f} s (log {tmp / 'serve.log'})")
    print(f"test step (CLICK + TREE), {rounds} rounds: median {statistics.median(ms):.0f} ms, max {ms[-1]:.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
