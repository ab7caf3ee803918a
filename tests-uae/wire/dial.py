"""Host side of the `wire-dial` emulator scenario (tests-uae/src/wire.rs).

GadgetScope runs in FS-UAE (AROS ROM, UAE's bsdsocket emulation) with
`NOGUI TCPDIAL=127.0.0.1:<port> TCPPASSWORD=amipilot`: it connects out to
this script, which plays the host a machine behind NAT dials. UAE's
sockets are the fs-uae process's own, so the Amiga's 127.0.0.1 is this
machine. Each connection GadgetScope makes is accepted here and driven
with AmiPilot's own client (PyPI `amipilot` 1.1.0) over the accepted
socket: `Amipilot(WireClient(sock))`, as an AmiPilot user would wrap any
transport.

    python dial.py run HD_DIR GOLDEN_DIR

`run` binds a free port on 127.0.0.1 without listening and writes it to
`<HD_DIR>/Env/dialport` (the scenario's `ENV:` volume: the Amiga line reads
it as `$dialport`). Once GadgetScope has said on its Shell (`gs.out`) that
its first attempt was refused, and has answered an ARexx VERSION
meanwhile (RexxSend's `waiting.out`), it listens, and serves four
connections:

1. `handshake()`, `AUTH amipilot`, `VERSION`, a TREE of the GadTools
   fixture (equal to the golden) and a CLICK of its Connect button; then
   this side closes the socket;
2. GadgetScope dials again: a line before `AUTH` is refused, and a wrong
   password too (RC 10 `AUTH refused`, as on a listening wire); closed;
3. GadgetScope dials again: `AUTH amipilot` and `quit()`, which ends it;
4. a second GadgetScope, started with `TCPDIAL=localhost:<port>` (the name
   looked up by the stack) and no password: `handshake()`, `AUTH`, `quit()`.

It prints one `ok <name>` line per check, or stops at the first failure
with a traceback (exit status 1), after ending GadgetScope with a QUIT on
its next connection so that the scenario reports the failure, not a hang.
"""

import socket
import sys
from pathlib import Path

from amipilot import Amipilot, WireClient
from amipilot.render import render_text
from amipilot_wire import Log, check, read, wait_until

HOST = "127.0.0.1"
FIXTURE = "GadTools Fixture"


def accept(listener, n):
    """The next connection GadgetScope dials, as an Amipilot client over
    its socket (and the WireClient under it, for raw lines)."""
    sock, peer = listener.accept()
    check(f"connection {n} dialed in from 127.0.0.1", peer[0] == HOST, repr(peer))
    sock.settimeout(60)
    wire = WireClient(sock)
    return Amipilot(wire), wire


def handshake(c, n):
    info = c.handshake()
    check(f"connection {n}: handshake, protocol 1, AmiPilot 1.1", (info.protocol, info.server_version) == (1, "1.1"), repr(info))


def auth(wire, n, password="amipilot"):
    r = wire.command(f"AUTH {password}")
    check(f"connection {n}: AUTH {password}", (r.rc, r.payload) == (0, b""), (r.rc, r.text))


def run(hd, golden_dir):
    hd = Path(hd)
    golden = (Path(golden_dir) / "gadtools-fixture.tree").read_text(encoding="latin-1")
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    # Bound, not listening: the port is ours, and a connection to it is
    # refused (the host is not up yet).
    listener.bind((HOST, 0))
    port = listener.getsockname()[1]
    env = hd / "Env"
    (env / "dialport.new").write_text(str(port))
    (env / "dialport.new").rename(env / "dialport")
    try:
        checks(hd, listener, port, golden)
    except BaseException:
        end_gadgetscope(listener)
        raise
    listener.close()


def checks(hd, listener, port, golden):
    gs = hd / "gs.out"
    refused = f"GadgetScope: cannot reach {HOST}:{port} (errno 61); dialing again in 5 s\n"
    wait_until("GadgetScope's first attempt refused", lambda: refused in read(gs), 120)
    check("GadgetScope's first attempt was refused: nothing listened yet", True)
    # While it waits to dial again, ARexx is served (RexxSend's VERSION).
    arexx = hd / "waiting.out"
    wait_until("ARexx served while the wire waits", lambda: "AMIPILOT 1.1 PROTOCOL 1" in read(arexx), 60)
    check("ARexx is served while the wire waits to dial again", read(arexx).startswith("RC 0\n"), read(arexx))
    listener.listen(1)
    listener.settimeout(120)

    c, wire = accept(listener, 1)
    handshake(c, 1)
    auth(wire, 1)
    r = wire.command("VERSION")
    lines = r.text.split("\n")
    check("connection 1: VERSION", r.rc == 0 and lines[0] == "AMIPILOT 1.1 PROTOCOL 1" and lines[2].startswith("SERVER GadgetScope "), r.text)
    w = c.tree(FIXTURE)
    check("connection 1: tree() renders to the golden", render_text(w) + "\n" == golden, render_text(w))
    log = Log(hd / "gadtools-fixture.log")
    c.click(FIXTURE, 1)
    line = log.expect("GADGETUP id=1 ")
    check("connection 1: click() pressed the Connect button", line.startswith("GADGETUP id=1 "), line)
    c.close()
    check("connection 1 closed by the host", True)

    c, wire = accept(listener, 2)
    check("GadgetScope dialed again after the host closed", True)
    handshake(c, 2)
    r = wire.command(f'TREE "{FIXTURE}"')
    check("connection 2: nothing but VERSION and AUTH before AUTH", r.rc == 10 and "not authenticated" in r.text, (r.rc, r.text))
    r = wire.command("AUTH wrong")
    check("connection 2: a wrong password is refused", (r.rc, r.text) == (10, "AUTH refused"), (r.rc, r.text))
    r = wire.command(f'TREE "{FIXTURE}"')
    check("connection 2: still gated after the refusal", r.rc == 10 and "not authenticated" in r.text, (r.rc, r.text))
    c.close()

    c, wire = accept(listener, 3)
    handshake(c, 3)
    auth(wire, 3)
    check("connection 3: served after AUTH", c.get_text(FIXTURE, 4) == "42")
    c.quit()
    check("connection 3: quit() answered", True)
    c.close()

    wait_until("the first GadgetScope's exit", lambda: (hd / "gs.rc").exists(), 60)
    c, wire = accept(listener, 4)
    check("GadgetScope with TCPDIAL=localhost: the name looked up and dialed", True)
    handshake(c, 4)
    auth(wire, 4)
    c.quit()
    check("connection 4: quit() answered", True)
    c.close()


def end_gadgetscope(listener):
    """After a failure: QUIT on GadgetScope's next connection (it dials
    again 5 s after the last one ended), so that it ends."""
    try:
        listener.listen(1)
        listener.settimeout(60)
        sock, _ = listener.accept()
        with sock:
            sock.settimeout(30)
            sock.sendall(b"VERSION\nAUTH amipilot\nQUIT\n")
            while sock.recv(4096):
                pass
    except OSError as e:
        print(f"could not end GadgetScope: {e}", file=sys.stderr)


if __name__ == "__main__":
    if sys.argv[1] == "run":
        run(sys.argv[2], sys.argv[3])
    else:
        sys.exit(f"unknown mode {sys.argv[1]}")
