"""Host side of the `wire-hostile` emulator scenario (tests-uae/src/wire.rs).

GadgetScope runs `NOGUI TCPPORT=0 TCPPASSWORD=amipilot
FSROOT=DH0:WireStage` in FS-UAE; these clients misbehave on raw sockets
(over-long lines, garbage, half-sent FSPUT payloads, many connections,
wrong passwords, a client that stops reading) and after each one a fresh
client must still be served with the documented RC and text.

    python hostile.py HD_DIR [PROBE...]

Waits for `<HD_DIR>/wire.port`, runs the probes (all by default), then
ends GadgetScope with `QUIT` over the wire (also after a failure). Prints
one `ok <name>` line per check, a `-- <step>` line before each step that
waits for GadgetScope and a `conn <n>` line per connection, or stops at
the first failure with a traceback (exit status 1); every socket has a
timeout, so a step that gets no answer fails naming itself. All of it
also goes, line by line as it happens, to `<HD_DIR>/hostile.log`, which
a hung run keeps.
"""

import socket
import sys
import time
import traceback

from amipilot_wire import check, raw_reply, wait_port

HOST = "127.0.0.1"
TOO_LONG = b"request line longer than 512 bytes (LF included): not run"
NUL = b"request line contains a NUL byte: not run"
BIG = "DH0:WireStage/big.bin"
# Files of these sizes are staged as DH0:WireStage/s<size>.
SIZES = (32000, 16000, 8000, 4000, 2000, 1000, 500, 250, 128, 64)
# Seconds a socket waits for GadgetScope before the step fails.
TIMEOUT = 60

# The step under way (named by a timeout) and every socket opened, closed
# before the final QUIT so that it finds a free connection slot.
current = "start"
opened = []


class Tee:
    """Writes to the script's stdout and to the log, flushed per write."""

    def __init__(self, out, log):
        self.out, self.log = out, log

    def write(self, text):
        self.out.write(text)
        self.out.flush()
        self.log.write(text)
        self.log.flush()

    def flush(self):
        self.out.flush()
        self.log.flush()


def step(what):
    """Names the step that follows (printed, and named by a timeout)."""
    global current
    current = what
    print(f"-- {what}", flush=True)


def reply(sock):
    """One `RC <rc> <count>` reply: (rc, payload); a timeout names the step."""
    try:
        return raw_reply(sock)
    except socket.timeout:
        raise AssertionError(f"no reply within {sock.gettimeout():.0f} s: {current}") from None


def closed(sock):
    """Whether the server closed the connection (after any bytes left):
    an end of stream or a reset; not within the socket's timeout: False."""
    try:
        while True:
            b = sock.recv(4096)
            if not b:
                return True
    except ConnectionResetError:
        return True
    except socket.timeout:
        return False


def connect(auth=True, rcvbuf=None, quiet=False):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    opened.append(s)
    if rcvbuf:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    s.settimeout(TIMEOUT)
    s.connect((HOST, port))
    if not quiet:
        print(f"conn {len(opened)}: from port {s.getsockname()[1]}{' (AUTH)' if auth else ''}", flush=True)
    if auth:
        s.sendall(b"AUTH amipilot\n")
        check("AUTH amipilot", reply(s) == (0, b""))
    return s


def served(what):
    """A fresh client is served: VERSION and SCREENS answer RC 0."""
    step(f"a fresh client after {what}")
    s = connect()
    s.sendall(b"VERSION\nSCREENS\n")
    v, scr = reply(s), reply(s)
    s.close()
    check(f"after {what}: a fresh client is served", v[0] == 0 and v[1].startswith(b"AMIPILOT 1.1") and scr[0] == 0,
          (v, scr))


# A window title that never comes, as long as a pattern may be (117
# characters): each held WAITFOR keeps it.
NEVER = "no window of this title ever opens: " + "n" * 81
VANISHING = 300


def probe_vanishing():
    """Clients that send a long WAITFOR and go away 30 ms later: each held
    wait must go with its connection, not stay until its 600 s TIMEOUT
    (kept, a few hundred of them filled the heap and stopped the server)."""
    step(f"{VANISHING} clients that send WAITFOR TIMEOUT=600 and vanish")
    line = f'WAITFOR WINDOW="{NEVER}" TIMEOUT=600\n'.encode()
    for n in range(1, VANISHING + 1):
        s = connect(quiet=True)
        s.sendall(line)
        time.sleep(0.03)
        s.close()
        opened.remove(s)
        if n % 50 == 0:
            served(f"{n} vanished waiting clients")
    # LASTERROR marks the phase's end in GadgetScope's memstat file.
    s = connect()
    s.sendall(b"LASTERROR\n")
    check("LASTERROR after the vanished clients", reply(s)[0] == 0)
    s.close()


def probe_lines():
    step("lines of 511, 512 and 5000 bytes")
    s = connect()
    # 511 bytes before the LF is a line; 512 is one too many.
    s.sendall(b"SCREENS" + b" " * 504 + b"\n")
    check("a line of 511 bytes is run", reply(s)[0] == 0)
    s.sendall(b"SCREENS" + b" " * 505 + b"\n")
    check("a line of 512 bytes is refused", reply(s) == (10, TOO_LONG))
    s.sendall(b"VERSION " + b"x" * 5000 + b"\nVERSION\n")
    check("a 5 KB line is refused", reply(s) == (10, TOO_LONG))
    check("and the next line served", reply(s)[0] == 0)
    step("garbage lines")
    for line, want in [
        (b"VER\x00SION", NUL),
        (b"   ", None),
        (b"\xff\xfe\xfd", None),
        (b'TREE "unterminated', None),
        (bytes(range(1, 10)) + bytes(range(11, 256)), None),
        (b"\x1b[0m\x07\x08", None),
    ]:
        s.sendall(line + b"\n")
        rc, text = reply(s)
        check(f"garbage {line[:12]!r}: RC 10 with a reason", rc == 10 and text and (want is None or text == want),
              (rc, text))
    s.sendall(b"VERSION\n")
    check("still in step after garbage", reply(s)[0] == 0)
    s.close()
    # An over-long FSPUT line: RC 10, then the connection is closed.
    step("an over-long FSPUT line")
    s = connect()
    s.sendall(b"FSPUT DH0:WireStage/x " + b"1" * 600 + b"\n" + b"x" * 100)
    rc, text = reply(s)
    check("over-long FSPUT line: RC 10 and closed", rc == 10 and TOO_LONG in text and closed(s), (rc, text))
    s.close()
    served("lines")


def probe_fsput():
    # Declares 1000 bytes, sends 10, goes away (FIN, then RST).
    for how in ("close", "reset"):
        step(f"half an FSPUT, then {how}")
        s = connect()
        s.sendall(b"FSPUT DH0:WireStage/partial.bin 1000 TIMEOUT=30\n" + b"p" * 10)
        time.sleep(0.5)
        if how == "reset":
            s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
        s.close()
        time.sleep(0.5)
        step(f"FSSTAT, FSPUT, FSGET after the {how}")
        c = connect()
        c.sendall(b"FSSTAT DH0:WireStage/partial.bin\n")
        rc, text = reply(c)
        check(f"half an FSPUT then {how}: no file", rc == 5, (rc, text))
        # The upload slot is free again.
        c.sendall(b"FSPUT DH0:WireStage/ok.bin 5 TIMEOUT=10\nhello")
        got = reply(c)
        check(f"after {how}: the next FSPUT is taken", got[0] == 0, got)
        print(f"  (FSPUT's RC 0 payload: {got[1]!r})", flush=True)
        c.sendall(b"FSGET DH0:WireStage/ok.bin\nFSDELETE DH0:WireStage/ok.bin\n")
        check(f"after {how}: its bytes", reply(c) == (0, b"hello") and reply(c)[0] == 0)
        c.close()
    # Declares 1000, sends 10 and stays: RC 15 after TIMEOUT=1, closed.
    step("half an FSPUT that stays")
    s = connect()
    s.sendall(b"FSPUT DH0:WireStage/partial.bin 1000 TIMEOUT=1\n" + b"p" * 10)
    rc, text = reply(s)
    check("half an FSPUT that stays: RC 15, closed",
          rc == 15 and text.startswith(b"FSPUT payload incomplete: 10 of 1000 bytes after 1 s") and closed(s),
          (rc, text))
    s.close()
    # A count the framing drains but the command language refuses.
    step("FSPUT of 70000 bytes")
    s = connect()
    s.sendall(b"FSPUT DH0:WireStage/huge.bin 70000\n" + b"h" * 70000 + b"VERSION\n")
    rc, text = reply(s)
    check("FSPUT of 70000 bytes: RC 10, drained", rc == 10 and text, (rc, text))
    check("then in step", reply(s)[0] == 0)
    s.close()
    # A count beyond what the connection drains: RC 10, closed.
    step("FSPUT of 4294967296 bytes")
    s = connect()
    s.sendall(b"FSPUT DH0:WireStage/huge.bin 4294967296\n")
    rc, text = reply(s)
    check("FSPUT of 4294967296 bytes: RC 10, closed", rc == 10 and closed(s), (rc, text))
    s.close()
    served("FSPUT")


def probe_auth():
    step("commands before AUTH")
    s = connect(auth=False)
    s.sendall(b"QUIT\nTREE x\n")
    check("QUIT before AUTH is refused", reply(s)[0] == 10)
    check("TREE before AUTH is refused", reply(s)[0] == 10)
    n = 5
    step("wrong AUTHs")
    t0 = time.monotonic()
    s.sendall(b"AUTH wrong\n" * n + b"AUTH\nAUTH a b\nAUTH " + b"p" * 400 + b"\nVERSION\n")
    got = [reply(s) for _ in range(n + 3)]
    check(f"{n + 3} wrong AUTHs: each RC 10 AUTH refused", all(g == (10, b"AUTH refused") for g in got), got)
    check("then VERSION", reply(s)[0] == 0)
    print(f"  ({n + 3} refusals took {time.monotonic() - t0:.1f} s of host time)", flush=True)
    s.sendall(b"AUTH amipilot\nSCREENS\n")
    check("the right password after wrong ones", reply(s) == (0, b"") and reply(s)[0] == 0)
    s.close()
    served("AUTH")


def probe_many():
    # Twelve silent connections: at most four are kept.
    step("twelve silent connections")
    socks = [connect(auth=False) for _ in range(12)]
    time.sleep(1)
    served("12 silent connections")
    step("which silent connections are left")
    for s in socks:
        s.settimeout(2)
    alive = sum(not closed(s) for s in socks)
    check("at most 3 silent connections are left beside the fresh one", alive <= 3, alive)
    for s in socks:
        s.close()
    # Four busy clients (held waits; the emulator runs in warp mode, so a
    # long TIMEOUT): a fifth is closed at once.
    step("four busy clients")
    busy = [connect() for _ in range(4)]
    for b in busy:
        b.sendall(b'WAITFOR WINDOW="no such window" TIMEOUT=3600\n')
    time.sleep(0.5)
    step("a fifth connection")
    fifth = socket.create_connection((HOST, port), timeout=10)
    opened.append(fifth)
    check("a fifth connection while four wait is closed", closed(fifth))
    fifth.close()
    # They go away with their waits held: their slots are free again.
    for b in busy:
        b.close()
    time.sleep(0.5)
    served("four clients left with their waits held")


def probe_slow_reader():
    # A client that asks for 60 KB files and does not read its replies;
    # then for smaller and smaller files, which fit into what is left.
    step("a client that does not read")
    s = connect(rcvbuf=2048)
    lines = [f"FSGET {BIG}\n"] * 40 + [f"FSGET DH0:WireStage/s{n}\n" for n in SIZES for _ in range(3)]
    s.sendall("".join(lines).encode())
    time.sleep(5)
    step("a fresh client beside the one that does not read")
    c = connect()
    c.sendall(f"SCREENS\nFSGET {BIG}\n".encode())
    scr, got = reply(c), reply(c)
    c.close()
    print(f"  (meanwhile a fresh client's SCREENS: RC {scr[0]}, FSGET: RC {got[0]} {got[1][:60]!r})", flush=True)
    step("the slow reader reads its replies")
    rcs = [reply(s) for _ in lines]
    print(f"  (the slow reader's replies: {[(rc, len(t), t[:60] if rc else b'') for rc, t in rcs]})", flush=True)
    s.close()
    check("every FSGET of the client that did not read is answered RC 0",
          all(rc == 0 for rc, _ in rcs), [rc for rc, _ in rcs])
    # The reply the slow client has not read holds 60 KB of the 128 KB
    # heap: another 60 KB FSGET may be refused for memory, never more.
    check("a fresh client is served while a client does not read",
          scr[0] == 0 and (got[0] == 0 or got == (20, f"{BIG}: not enough memory available".encode())),
          (scr[0], got[0]))
    served("the slow reader")


def probe_slow_readers():
    # Three clients that pipeline FSGETs and do not read.
    step("three clients that do not read")
    lines = [f"FSGET {BIG}\n"] * 40 + [f"FSGET DH0:WireStage/s{n}\n" for n in SIZES for _ in range(3)]
    slow = [connect(rcvbuf=2048) for _ in range(3)]
    for s in slow:
        s.sendall("".join(lines).encode())
    time.sleep(5)
    try:
        served("three clients that do not read")
    finally:
        for s in slow:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
            s.close()
    time.sleep(1)
    served("the three slow readers left")


if __name__ == "__main__":
    hd = sys.argv[1]
    log = open(f"{hd}/hostile.log", "w", encoding="latin-1")
    sys.stdout = Tee(sys.stdout, log)
    sys.stderr = Tee(sys.stderr, log)
    step("waiting for wire.port")
    port = wait_port(hd)
    print(f"port {port}", flush=True)
    only = sys.argv[2:] or ["vanishing", "lines", "fsput", "auth", "many", "slow_reader", "slow_readers"]
    failed = False
    try:
        for name in only:
            step(f"probe {name}")
            globals()[f"probe_{name}"]()
    except BaseException:
        failed = True
        traceback.print_exc()
    finally:
        # GadgetScope runs in the foreground of the boot Shell: end it (after
        # a failure the clients still open may hold every slot).
        for s in opened:
            s.close()
        try:
            step("QUIT")
            q = connect()
            q.sendall(b"QUIT\n")
            print(f"QUIT: {reply(q)}", flush=True)
        except Exception as e:  # noqa: BLE001 -- the first failure is the one to report
            print(f"(could not QUIT GadgetScope: {e})", flush=True)
    print("failed" if failed else "done", flush=True)
    sys.exit(1 if failed else 0)
