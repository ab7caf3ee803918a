import json
import os
import stat
import sys
from pathlib import Path

import pytest
from amipilot import Amipilot

from fakeamiga import FakeAmiga

pytest_plugins = ["pytester"]
HERE = Path(__file__).parent


@pytest.fixture
def fake():
    f = FakeAmiga().start()
    yield f
    f.close()


@pytest.fixture
def client(fake):
    c = Amipilot.connect("127.0.0.1", fake.port, timeout=5)
    yield c
    c.close()


class FakeRunner:
    """A fake GadgetScope checkout and a `cargo` on PATH that serves FakeAmiga."""

    def __init__(self, root: Path, monkeypatch: pytest.MonkeyPatch):
        self.checkout = root / "checkout"
        (self.checkout / "xtask").mkdir(parents=True)
        (self.checkout / "Cargo.toml").write_text("[workspace]\n")
        (self.checkout / "xtask" / "Cargo.toml").write_text("[package]\nname = 'xtask'\n")
        bin_dir = root / "bin"
        bin_dir.mkdir()
        cargo = bin_dir / "cargo"
        cargo.write_text(f'#!/bin/sh\nexec "{sys.executable}" "{HERE / "fake_cargo.py"}" "$@"\n')
        cargo.chmod(cargo.stat().st_mode | stat.S_IEXEC)
        self.record = root / "serve-record.jsonl"
        monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
        monkeypatch.setenv("FAKE_SERVE_RECORD", str(self.record))
        monkeypatch.setenv("GADGETSCOPE_CHECKOUT", str(self.checkout))

    def mode(self, monkeypatch: pytest.MonkeyPatch, mode: str) -> None:
        monkeypatch.setenv("FAKE_SERVE_MODE", mode)

    def runs(self) -> list[dict]:
        if not self.record.exists():
            return []
        return [json.loads(line) for line in self.record.read_text().splitlines()]


@pytest.fixture
def fake_runner(tmp_path, monkeypatch):
    return FakeRunner(tmp_path / "runner", monkeypatch)
