"""Host side of the `wire-amipilot` emulator scenario (tests-uae/src/wire.rs).

GadgetScope runs in FS-UAE (AROS ROM, UAE's bsdsocket emulation) with
`NOGUI TCPPORT=0 TCPPASSWORD=amipilot`; the GadTools fixture is open. These
checks drive it with AmiPilot's own host client (PyPI `amipilot`, the
version `cargo xtask` installs into target/tools/venv) through its public
API, as an AmiPilot user would.

    python amipilot_wire.py main PORT GOLDEN_DIR HD_DIR
    python amipilot_wire.py hold PORT HD_DIR

`main` runs every check and prints one `ok <name>` line per check, or
stops at the first failure with a traceback (exit status 1). `hold`
connects, sends `WAITFOR NOWINDOW="GadTools Fixture"`, writes
`<HD_DIR>/hold.ready` and prints the reply it gets once the fixture is
gone (the scenario sends ARexx commands in between).
"""

import socket
import struct
import subprocess
import sys
import time
from pathlib import Path

from amipilot import Amipilot, WireClient
from amipilot.client import CommandError, NotFound
from amipilot.render import render_text

HOST = "127.0.0.1"
# bench: the 64 KB file FSGET is timed on (bench-wire grants FSROOT=DH0:WireBench).
BENCH_FILE = "DH0:WireBench/blob64k.bin"
FIXTURE = "GadTools Fixture"
# AmiPilot 1.1's 27 verbs in the order of its own VERSION, then
# GadgetScope's own (docs/reference/commands.md, "VERSION").
STABLE = (
    "VERSION TREE CLICK TYPE GETTEXT MANIFEST LAUNCH FSLIST FSSTAT FSMKDIR FSDELETE FSGET FSPUT WBLAUNCH MENU "
    "MENUPICK DRAG WINDOWMOVE WINDOWSIZE WAITFOR SCREENS SCREENSHOT AUTH MUIREXX WHERE PICK QUIT "
    "LASTERROR SHOW HIDE HIGHLIGHT RECORD SHOWN"
).split()
# The string gadget after `type(FIXTURE, 2, "typed by wire")` on its "hello".
TYPED = "hellotyped by wire"


def check(name, ok, detail=""):
    if not ok:
        raise AssertionError(f"{name}: {detail}")
    print(f"ok {name}", flush=True)


def wait_until(what, cond, limit=30.0):
    """Polls `cond()` every 20 ms until it returns a true value (returned)
    or `limit` seconds pass (AssertionError naming `what`)."""
    t0 = time.monotonic()
    while True:
        v = cond()
        if v:
            return v
        if time.monotonic() - t0 > limit:
            raise AssertionError(f"{what}: not within {limit:.0f} s")
        time.sleep(0.02)


def read(path):
    try:
        return path.read_text(encoding="latin-1")
    except OSError:
        return ""


def wait_port(hd, name="wire.port", limit=120):
    """The port GadgetScope wrote to `<hd>/<name>` (decimal and a LF,
    TCPPORTFILE), waited for up to `limit` seconds."""
    path = Path(hd) / name
    return int(wait_until(name, lambda: read(path).endswith("\n") and read(path), limit))


class Log:
    """A fixture's log; `expect` waits for a line that was not there at
    the previous `expect` (or at the start) and starts with `prefix`."""

    def __init__(self, path):
        self.path = path
        self.seen = len(read(path).splitlines())

    def expect(self, prefix, limit=20.0):
        def new_line():
            lines = read(self.path).splitlines()
            for i, line in enumerate(lines[self.seen :], self.seen):
                if line.startswith(prefix):
                    return i, line
            return None

        i, line = wait_until(f"{self.path.name}: a new line {prefix!r}", new_line, limit)
        self.seen = i + 1
        return line


def raw_reply(sock, head=b""):
    """Reads one `RC <rc> <count>` reply from a raw socket (`head`: its
    first bytes, read already)."""
    while not head.endswith(b"\n"):
        b = sock.recv(1)
        if not b:
            raise AssertionError(f"connection closed after {head!r}")
        head += b
    _, rc, count = head.split()
    payload = b""
    while len(payload) < int(count):
        b = sock.recv(int(count) - len(payload))
        if not b:
            raise AssertionError("short payload")
        payload += b
    return int(rc), payload


# Linux's SO_TIMESTAMPNS (asm-generic/socket.h); Python does not name it.
SO_TIMESTAMPNS = getattr(socket, "SO_TIMESTAMPNS", 35)


def arrival(sock):
    """The first byte of the next reply and when the host's kernel queued
    it (SO_TIMESTAMPNS, seconds): independent of when this script runs."""
    data, anc, _, _ = sock.recvmsg(1, socket.CMSG_SPACE(16))
    for level, kind, blob in anc:
        if level == socket.SOL_SOCKET and kind == SO_TIMESTAMPNS:
            sec, nsec = struct.unpack("qq", blob[:16])
            return data, sec + nsec / 1e9
    raise AssertionError("no receive timestamp")


def entry_state(port):
    """The `state=` that `TREE ... FULL` prints for the fixture's string
    gadget (GA_ID 2), through a raw WireClient of its own."""
    wire = WireClient.connect(HOST, port, timeout=30)
    try:
        check("AUTH on a raw WireClient", wire.command("AUTH amipilot").rc == 0)
        r = wire.command(f'TREE "{FIXTURE}" FULL')
        check("TREE FULL", r.rc == 0, (r.rc, r.text))
    finally:
        wire.close()
    line = next((x for x in r.text.splitlines() if x.startswith("  gadget id=2 ")), "")
    return next((f for f in line.split() if f.startswith("state=")), line)


def main(port, golden_dir, hd):
    golden = (Path(golden_dir) / "gadtools-fixture.tree").read_text(encoding="latin-1")

    # `amipilot dump` as a user runs it (its default password `amipilot`).
    t0 = time.monotonic()
    out = subprocess.run(
        [sys.executable, "-m", "amipilot", "dump", FIXTURE, "--host", HOST, "--port", str(port)],
        capture_output=True,
        text=True,
        encoding="latin-1",
        timeout=60,
    )
    check("amipilot dump exits 0", out.returncode == 0, out.stderr)
    check("amipilot dump prints the golden tree", out.stdout == golden, f"\n{out.stdout}\n!=\n{golden}")
    print(f"   dump took {time.monotonic() - t0:.2f} s", flush=True)

    c = Amipilot.connect(HOST, port, timeout=30)
    info = c.info
    check("handshake: protocol 1, AmiPilot 1.1", (info.protocol, info.server_version) == (1, "1.1"), repr(info))
    check("handshake: AmiPilot's STABLE verbs in its order, then GadgetScope's", info.stable == STABLE, repr(info))

    w = c.tree(FIXTURE)
    check("tree() renders to the golden", render_text(w) + "\n" == golden, render_text(w))
    c.assert_tree_matches(FIXTURE, Path(golden_dir) / "gadtools-fixture.tree")
    check("assert_tree_matches against the golden", True)

    check("get_text of the string gadget", c.get_text(FIXTURE, 2) == "hello")
    check("get_text of the integer gadget", c.get_text(FIXTURE, 4) == "42")
    try:
        c.get_text(FIXTURE, 77)
        check("get_text of a missing gadget is NotFound", False, "no exception")
    except NotFound as e:
        check("get_text of a missing gadget is NotFound", "77" in str(e), str(e))

    c.click(FIXTURE, 1)
    check("click the Connect button", True)
    # AmiPilot's TYPE: a click at the gadget's centre (past the end of
    # "hello", where the cursor lands), the text, no Return.
    c.type(FIXTURE, 2, "typed by wire")
    check("type into the string gadget: inserted at the click, not cleared", c.get_text(FIXTURE, 2) == TYPED, c.get_text(FIXTURE, 2))
    # No Return: the string gadget is still active and would take the
    # command key of Project/Open... (Right-Amiga O) as typing, so
    # menu_pick() walks the menu with the right button, which ends the
    # entry (no GADGETUP: the scenario checks the whole log) and picks.
    state = entry_state(port)
    check("type() leaves the string gadget active", state == 'state="selected"', state)
    gt = Log(Path(hd) / "gadtools-fixture.log")
    c.menu_pick(FIXTURE, 0, 0)
    line = gt.expect("MENUPICK ")
    check("menu_pick of Project/Open... (command key O) right after type(): picked", line == "MENUPICK menu=0 item=0 sub=31", line)
    state = entry_state(port)
    check("the pick ended the entry, its text kept", (state, c.get_text(FIXTURE, 2)) == ('state=""', TYPED), state)

    # Two clients at once: both served, each in its own order.
    c2 = Amipilot.connect(HOST, port, timeout=30)
    check("a second client is served", c2.get_text(FIXTURE, 4) == "42")
    check("the first client still is", c.get_text(FIXTURE, 2) == TYPED)

    # A manifest loaded by one client gives @names to every client (the
    # manifest is the server's, as in AmiPilot).
    loaded = c.manifest("DH0:wire.manifest")
    check("manifest()", loaded.startswith("loaded WireTest"), loaded)
    check("get_text_by_name", c.get_text_by_name("name") == TYPED)
    check("get_text_by_name on the other client", c2.get_text_by_name("count") == "42")
    c2.close()

    # The file verbs: a binary file (every byte value, NULs included) up
    # and back, byte for byte; a path outside FSROOT refused.
    blob = bytes(range(256)) * 64
    c.fs_put("DH0:WireStage/blob.bin", blob)
    listed = {e.name: e for e in c.fs_list("DH0:WireStage")}
    check("fs_put then fs_list shows the file", "blob.bin" in listed and listed["blob.bin"].size == len(blob), listed)
    check("fs_get returns the bytes fs_put sent", c.fs_get("DH0:WireStage/blob.bin") == blob)
    try:
        c.fs_put("SYS:wire-was-here", b"x")
        check("fs_put outside FSROOT is refused", False, "no exception")
    except CommandError as e:
        check("fs_put outside FSROOT is refused", e.rc == 10, str(e))
    check("the connection is in step after a refused upload", c.get_text(FIXTURE, 4) == "42")

    c.window_move(FIXTURE, 16, 8)
    moved = c.tree(FIXTURE)
    check("window_move moves the window", (moved.left, moved.top) == (w.left + 16, w.top + 8), repr(moved))
    c.window_move(FIXTURE, -16, -8)

    check("wait_for_window finds an open window", c.wait_for_window(FIXTURE, timeout=5).title == FIXTURE)
    t0 = time.monotonic()
    try:
        c.wait_for_window("Nowhere At All", timeout=2, poll_interval=0.2)
        check("wait_for_window times out", False, "no exception")
    except TimeoutError:
        check("wait_for_window times out", time.monotonic() - t0 >= 2)

    # A silent client with half a line sent holds up nobody.
    silent = socket.create_connection((HOST, port), timeout=30)
    silent.sendall(b'GETTEXT "GadTools Fix')
    c5 = Amipilot.connect(HOST, port, timeout=30)
    check("a silent client with half a line holds up nobody", c5.get_text(FIXTURE, 4) == "42")
    c5.close()
    silent.sendall(b'ture" 4\nVERSION\nAUTH amipilot\nGETTEXT "GadTools Fixture" 4\n')
    rc, text = raw_reply(silent)
    check("its line, once complete, is gated like any other", rc == 10 and b"not authenticated" in text, text)
    rc, text = raw_reply(silent)
    lines = text.split(b"\n")
    check(
        "the raw VERSION reply: three lines, each ended by LF",
        rc == 0 and len(lines) == 4 and lines[3] == b"" and lines[2].startswith(b"SERVER GadgetScope "),
        (rc, text),
    )
    raw_reply(silent)
    rc, text = raw_reply(silent)
    check("and served after AUTH", (rc, text) == (0, b"42"), (rc, text))
    silent.close()

    # A client that goes away in the middle of a reply: it asks for a tree
    # and closes after the first bytes; the next client is served.
    s = socket.create_connection((HOST, port), timeout=30)
    s.sendall(b"VERSION\nAUTH amipilot\n")
    raw_reply(s)
    raw_reply(s)
    s.sendall(b'TREE "GadTools Fixture"\n' * 20)
    s.recv(10)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
    s.close()
    c3 = Amipilot.connect(HOST, port, timeout=30)
    check("after a client left mid-reply the next is served", c3.get_text(FIXTURE, 4) == "42")
    c3.close()

    # AUTH: the gate, a refusal (after a delay), acceptance.
    s = socket.create_connection((HOST, port), timeout=30)
    s.sendall(b'TREE "GadTools Fixture"\n')
    rc, text = raw_reply(s)
    check("nothing but VERSION and AUTH before AUTH", rc == 10 and b"not authenticated" in text, text)
    s.close()
    c4 = Amipilot.connect(HOST, port, timeout=30, password="amipilot")
    check("the right password is accepted", c4.get_text(FIXTURE, 4) == "42")
    try:
        Amipilot.connect(HOST, port, timeout=30, password="wrong")
        check("a wrong password is refused", False, "no exception")
    except CommandError as e:
        check("a wrong password is refused", e.rc == 10 and "AUTH refused" in str(e), str(e))
    # The refusal's delay counts the server's ticks (2 s), as a WAITFOR's
    # TIMEOUT does; FS-UAE runs in warp mode, so the host's clock says
    # nothing about it. A WAITFOR TIMEOUT=1 sent just before a wrong AUTH
    # must be answered first.
    waiter = socket.create_connection((HOST, port), timeout=30)
    waiter.sendall(b"VERSION\nAUTH amipilot\n")
    raw_reply(waiter)
    raw_reply(waiter)
    guesser = socket.create_connection((HOST, port), timeout=30)
    guesser.sendall(b"VERSION\n")
    raw_reply(guesser)
    for sock in (waiter, guesser):
        sock.setsockopt(socket.SOL_SOCKET, SO_TIMESTAMPNS, 1)
    waiter.sendall(b"WAITFOR WINDOW=\"Nowhere At All\" TIMEOUT=1\n")
    guesser.sendall(b"AUTH wrong\n")
    w_head, w_at = arrival(waiter)
    g_head, g_at = arrival(guesser)
    rc, text = raw_reply(waiter, w_head)
    check("the WAITFOR timed out", rc == 15, (rc, text))
    rc, text = raw_reply(guesser, g_head)
    check("a wrong AUTH on a raw connection is refused", (rc, text) == (10, b"AUTH refused"), (rc, text))
    check(
        "the refusal comes after a delay (a 1 s WAITFOR sent before it is answered first)",
        w_at < g_at,
        f"WAITFOR reply at {w_at:.3f}, refusal at {g_at:.3f}",
    )
    waiter.close()
    guesser.close()
    check("the accepted client is still served", c4.get_text(FIXTURE, 2) == TYPED)
    c4.close()

    # Round trips, for docs/design/performance.md "Current numbers".
    for verb, call in (("TREE", lambda: c.tree(FIXTURE)), ("GETTEXT", lambda: c.get_text(FIXTURE, 2))):
        times = timed(call, 9)
        print(f"   round trip {verb}: median {times[4] * 1000:.1f} ms (min {times[0] * 1000:.1f})", flush=True)
    c.close()


def hold(port, hd):
    c = Amipilot.connect(HOST, port, timeout=120)
    c.click(FIXTURE, 1)
    c.close()
    # The wait itself on a raw connection, so the ready file can be
    # written once the request has been sent (the client's wait_for()
    # would block before that).
    s = socket.create_connection((HOST, port), timeout=120)
    s.sendall(b"VERSION\nAUTH amipilot\n")
    raw_reply(s)
    raw_reply(s)
    s.sendall(b'WAITFOR NOWINDOW="GadTools Fixture" TIMEOUT=100\n')
    (Path(hd) / "hold.ready").write_text("ready\n")
    t0 = time.monotonic()
    rc, text = raw_reply(s)
    print(f"held WAITFOR NOWINDOW: RC {rc} {text!r} after {time.monotonic() - t0:.1f} s", flush=True)
    s.close()
    sys.exit(0 if rc == 0 else 1)


def timed(call, n):
    """The host times of `n` calls of `call`, in seconds, sorted."""
    times = []
    for _ in range(n):
        t0 = time.perf_counter()
        call()
        times.append(time.perf_counter() - t0)
    return sorted(times)


def bench(port):
    """Round trips measured on the host with the client's own calls; the
    emulator runs at real speed (no warp), which the first line checks:
    a WAITFOR that times out after 2 s of the Amiga's time."""
    c = Amipilot.connect(HOST, port, timeout=60)
    t0 = time.perf_counter()
    try:
        c.wait_for("window:Nowhere At All", timeout=2)
    except Exception as e:  # noqa: BLE001 -- RC 15 is the point
        print(f"calibration: WAITFOR TIMEOUT=2 took {time.perf_counter() - t0:.2f} s of host time ({type(e).__name__})")
    for verb, call in (("TREE", lambda: c.tree(FIXTURE)), ("GETTEXT", lambda: c.get_text(FIXTURE, 2))):
        call()
        times = timed(call, 9)
        print(
            f"{verb}: median {times[4] * 1000:.1f} ms, min {times[0] * 1000:.1f} ms, max {times[8] * 1000:.1f} ms",
            flush=True,
        )
    # Throughput of the two verbs with large payloads: FSGET of a 64 KB
    # file put first (65 535 bytes, the most one FSPUT carries; every
    # byte value) and SCREENSHOT of the fixture's screen. Bytes counted
    # are the reply's payload, from the client's own progress callback;
    # one warm-up call, then the median of five.
    blob = (bytes(range(256)) * 256)[:65535]
    c.fs_put(BENCH_FILE, blob, timeout=120)
    got = {}
    for verb, call in (
        ("FSGET", lambda: c.fs_get(BENCH_FILE, on_progress=lambda n, total: got.update(n=total))),
        ("SCREENSHOT", lambda: c.screenshot(window=FIXTURE, on_progress=lambda n, total: got.update(n=total))),
    ):
        first = call()
        if verb.startswith("FSGET") and first != blob:
            sys.exit("FSGET returned other bytes than FSPUT sent")
        times = timed(call, 5)
        n = got["n"]
        print(
            f"{verb}: {n} bytes, median {times[2] * 1000:.0f} ms = {n / times[2] / 1024:.1f} KB/s, "
            f"min {times[0] * 1000:.0f} ms, max {times[4] * 1000:.0f} ms",
            flush=True,
        )
    c.fs_delete(BENCH_FILE)
    c.close()


def client(port, hd):
    """One connected client, idle after a TREE, until <hd>/release exists."""
    c = Amipilot.connect(HOST, port, timeout=60)
    c.tree(FIXTURE)
    (Path(hd) / "client.ready").write_text("ready\n")
    while not (Path(hd) / "release").exists():
        time.sleep(0.05)
    c.close()
    print("client released", flush=True)


if __name__ == "__main__":
    if sys.argv[1] == "main":
        main(int(sys.argv[2]), sys.argv[3], sys.argv[4])
    elif sys.argv[1] == "hold":
        hold(int(sys.argv[2]), sys.argv[3])
    elif sys.argv[1] == "bench":
        bench(int(sys.argv[2]))
    elif sys.argv[1] == "client":
        client(int(sys.argv[2]), sys.argv[3])
    else:
        sys.exit(f"unknown mode {sys.argv[1]}")
