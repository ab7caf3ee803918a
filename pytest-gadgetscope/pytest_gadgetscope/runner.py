"""The runner: `cargo xtask serve` in the GadgetScope checkout, which
builds what it needs, boots FS-UAE, starts the program under test and
GadgetScope, and says when the program's window is open. This module
starts it, streams its output to a log file (and, while it boots, to a
`show` callback), connects AmiPilot's client once it is ready, and ends
it: QUIT over the wire, then SIGTERM if it does not end by itself.
"""

from __future__ import annotations

import queue
import re
import signal
import socket
import subprocess
import threading
import time
from pathlib import Path
from typing import Callable

from amipilot import Amipilot, WireClient
from amipilot.client import DEFAULT_TCP_PASSWORD

READY = re.compile(r"gadgetscope-serve: ready (?P<dial>dial-out )?(?P<host>[^\s:]+):(?P<port>\d+)")
HOST = "127.0.0.1"


class RunnerFailed(Exception):
    """The runner ended, or never became ready, before a client could
    connect; the message carries what it said last."""


class Runner:
    #: Seconds the runner gets to end by itself after QUIT, then after SIGTERM.
    quit_wait = 60.0
    term_wait = 30.0
    #: Per-command socket timeout of the client: above any WAITFOR TIMEOUT= a
    #: test is likely to use, so that a wait ends as RC 15, not a socket error.
    command_timeout = 120.0
    #: How long the client may take to connect once the port is known.
    connect_deadline = 60.0
    #: Runner output lines kept for the failure message.
    tail_lines = 25

    def __init__(
        self,
        argv: list[str],
        cwd: Path,
        log_path: Path,
        port_file: Path,
        boot_timeout: float,
        show: Callable[[str], None] = lambda line: None,
        dial_out: bool = False,
    ):
        self.port_file = port_file
        # With dial-out GadgetScope connects to this socket (TCPDIAL).
        self._listener: socket.socket | None = socket.create_server((HOST, 0)) if dial_out else None
        self.argv = argv + self.transport_args()
        self.cwd = cwd
        self.log_path = log_path
        self.boot_timeout = boot_timeout
        self.show = show
        self.proc: subprocess.Popen | None = None
        self.client: Amipilot | None = None
        self._lines: queue.Queue[str | None] = queue.Queue()  # while booting
        self._booting = True
        self._tail: list[str] = []
        self._tail_lock = threading.Lock()
        self._reader: threading.Thread | None = None
        self._log = None

    # -- start ---------------------------------------------------------

    def start(self) -> Amipilot:
        """Starts the runner, waits for it to be ready and returns a
        connected client; raises RunnerFailed otherwise (the runner is
        then ended)."""
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        self.port_file.unlink(missing_ok=True)
        self._log = open(self.log_path, "w", encoding="utf-8", errors="replace")
        self._log.write("$ " + " ".join(_shell_quote(a) for a in self.argv) + f"\n  (in {self.cwd})\n")
        self._log.flush()
        self.show(f"gadgetscope: starting the runner (log: {self.log_path})")
        try:
            self.proc = subprocess.Popen(
                self.argv,
                cwd=self.cwd,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
            )
        except OSError as e:
            self._close_log()
            raise RunnerFailed(f"could not start {self.argv[0]}: {e}") from e
        self._reader = threading.Thread(target=self._read, name="gadgetscope-runner-output", daemon=True)
        self._reader.start()
        try:
            port = self._wait_ready()
            self.client = self._connect(port)
        except BaseException:
            self._end(quit_first=False)
            raise
        self.show(f"gadgetscope: ready, AmiPilot's client connected to {HOST}:{port}")
        return self.client

    def _read(self) -> None:
        assert self.proc is not None and self.proc.stdout is not None
        for raw in self.proc.stdout:
            line = raw.decode("utf-8", errors="replace").rstrip("\r\n")
            self._log.write(line + "\n")
            self._log.flush()
            with self._tail_lock:
                self._tail = (self._tail + [line])[-self.tail_lines :]
            if self._booting:
                self._lines.put(line)
        self._lines.put(None)

    def _wait_ready(self) -> int:
        deadline = time.monotonic() + self.boot_timeout
        while True:
            port = self._show_lines(timeout=0.2) or self._port_from_file()
            if port:
                self._booting = False
                return port
            if self.proc.poll() is not None:
                self._reader.join(timeout=2)  # what is still in the pipe
                self._show_lines(timeout=0)
                raise RunnerFailed(self._failure(f"the runner ended (exit status {self.proc.returncode}) before it was ready"))
            if time.monotonic() > deadline:
                raise RunnerFailed(self._failure(f"the runner was not ready within {self.boot_timeout:.0f} s (amiga_boot_timeout)"))

    def _show_lines(self, timeout: float) -> int | None:
        """Shows the runner's lines so far; the port of its ready line, if one came."""
        port = None
        while True:
            try:
                line = self._lines.get(timeout=timeout) if timeout else self._lines.get_nowait()
            except queue.Empty:
                return port
            timeout = 0
            if line is None:
                return port
            self.show(f"gadgetscope: {line}")
            m = READY.search(line)
            if m:
                port = int(m["port"])

    def _port_from_file(self) -> int | None:
        try:
            text = self.port_file.read_text().strip()
        except OSError:
            return None
        return int(text) if text.isdigit() else None

    def transport_args(self) -> list[str]:
        """How GadgetScope's wire is reached: a free port it listens on,
        written to the port file; or, with dial-out, the port this runner
        listens on, which GadgetScope dials (`--dial`)."""
        if self._listener is not None:
            return ["--dial", f"{HOST}:{self._listener.getsockname()[1]}"]
        return ["0", "--port-file", str(self.port_file)]

    def _connect(self, port: int) -> Amipilot:
        if self._listener is not None:
            return self._accept()
        try:
            return Amipilot.connect_with_retry(
                HOST, port, deadline_seconds=self.connect_deadline, connect_timeout=self.command_timeout
            )
        except Exception as e:
            raise RunnerFailed(self._failure(f"the runner said it was ready on port {port}, but the client could not connect: {e}")) from e

    def _accept(self) -> Amipilot:
        """The connection GadgetScope dialed, as AmiPilot's client: the
        handshake and AUTH as `Amipilot.connect()` sends them."""
        self._listener.settimeout(self.connect_deadline)
        try:
            sock, _ = self._listener.accept()
        except OSError as e:
            raise RunnerFailed(self._failure(f"GadgetScope did not dial {HOST}:{self._listener.getsockname()[1]} within {self.connect_deadline:.0f} s ({e})")) from e
        finally:
            self._listener.close()
        sock.settimeout(self.command_timeout)
        client = Amipilot(WireClient(sock))
        try:
            client.handshake()
            client._run(f"AUTH {DEFAULT_TCP_PASSWORD}")
        except Exception as e:
            client.close()
            raise RunnerFailed(self._failure(f"the connection GadgetScope dialed failed its handshake: {e}")) from e
        return client

    def _failure(self, what: str) -> str:
        with self._tail_lock:
            tail = "\n".join("    " + line for line in self._tail) or "    (nothing)"
        return f"{what}.\n  Its last output:\n{tail}\n  Whole log: {self.log_path}"

    # -- state and end ---------------------------------------------------

    def ended(self) -> int | None:
        """The runner's exit status once it has ended, else None."""
        return None if self.proc is None else self.proc.poll()

    def failure_since_ready(self) -> str:
        return self._failure(f"the runner ended (exit status {self.ended()}) during the tests")

    def stop(self) -> None:
        self._end(quit_first=True)

    def _end(self, quit_first: bool) -> None:
        if self.client is not None:
            if quit_first and self.ended() is None:
                try:
                    self.client.quit()
                except Exception:
                    pass  # already gone: the wait below says how it ended
            try:
                self.client.close()
            except Exception:
                pass
            self.client = None
        if self.proc is not None:
            how = "ended"
            if quit_first and not self._wait(self.quit_wait):
                how = f"did not end within {self.quit_wait:.0f} s of QUIT; sent SIGTERM"
                self.proc.send_signal(signal.SIGTERM)
            elif not quit_first and self.proc.poll() is None:
                self.proc.send_signal(signal.SIGTERM)
                how = "stopped with SIGTERM"
            if not self._wait(self.term_wait):
                self.proc.kill()
                how += f"; still running {self.term_wait:.0f} s later, killed"
                self.proc.wait()
            if self._reader is not None:
                self._reader.join(timeout=5)
            self.show(f"gadgetscope: runner {how} (exit status {self.proc.returncode}); log: {self.log_path}")
        self._close_log()

    def _wait(self, seconds: float) -> bool:
        try:
            self.proc.wait(timeout=seconds)
            return True
        except subprocess.TimeoutExpired:
            return False

    def _close_log(self) -> None:
        if self._log is not None and self._reader is not None and self._reader.is_alive():
            return  # the reader still writes; it ends with the process's output
        if self._log is not None:
            self._log.close()
            self._log = None


def _shell_quote(a: str) -> str:
    return a if re.fullmatch(r"[\w@%+=:,./-]+", a) else "'" + a.replace("'", "'\\''") + "'"
