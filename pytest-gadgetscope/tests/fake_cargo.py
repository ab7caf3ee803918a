"""Stands in for `cargo xtask serve ... 0 --port-file FILE` (or `--dial
HOST:PORT`) in the plugin's
tests: serves FakeAmiga, says it is ready as the runner does, and ends on
QUIT or SIGTERM. FAKE_SERVE_MODE: "ready" (default), "fail" (the program
never opened its window), "stubborn" (ignores QUIT). Each run appends a
JSON line to FAKE_SERVE_RECORD: its argv, cwd and how it ended.
"""

import json
import os
import signal
import socket
import sys
import threading
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from fakeamiga import FakeAmiga  # noqa: E402

mode = os.environ.get("FAKE_SERVE_MODE", "ready")
record = {"argv": sys.argv[1:], "cwd": os.getcwd(), "ended": None}
ended = threading.Event()


def finish(how: str, status: int) -> None:
    record["ended"] = how
    with open(os.environ["FAKE_SERVE_RECORD"], "a") as f:
        f.write(json.dumps(record) + "\n")
    sys.stdout.flush()
    os._exit(status)


signal.signal(signal.SIGTERM, lambda *_: finish("sigterm", 0))
print("xtask: building GadgetScope for the 68020 (fake)", flush=True)
print("xtask: serve: booting the emulator (fake)", flush=True)
if mode == "fail":
    print('gadgetscope-serve: the program never opened a window matching "Demo" within 60 s; '
          "its output: target/uae/serve/program.out; last screenshot: target/uae/serve/last.png", file=sys.stderr, flush=True)
    finish("failed", 20)

argv = sys.argv[1:]
if "--dial" in argv:
    # GadgetScope's TCPDIAL: connect out to where the client listens.
    host, port = argv[argv.index("--dial") + 1].rsplit(":", 1)
    fake = FakeAmiga()
    print(f"gadgetscope-serve: ready dial-out {host}:{port} (fake)", flush=True)
    fake.serve_connection(socket.create_connection((host, int(port))))
else:
    port_file = Path(argv[argv.index("--port-file") + 1])
    fake = FakeAmiga().start()
    print(f"gadgetscope-serve: ready 127.0.0.1:{fake.port}", flush=True)
    port_file.write_text(f"{fake.port}\n")
fake.quit.wait()
if mode == "stubborn":
    threading.Event().wait()  # until SIGTERM
finish("quit", 0)
