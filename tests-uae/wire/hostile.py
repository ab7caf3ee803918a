"""Host side of the `wire-hostile` emulator scenario (tests-uae/src/wire.rs).

GadgetScope runs `NOGUI TCPPORT=0 TCPPASSWORD=amipilot
FSROOT=DH0:WireStage` in FS-UAE; these clients misbehave on raw sockets
(over-long lines, garbage, half-sent FSPUT payloads, many connections,
wrong passwords, a client that stops reading) and after each one a fresh
client must still be served with the documented RC and text.

    python hostile.py HD_DIR [PROBE...]

Waits for `<HD_DIR>/wire.port`, runs the probes (all by default), then
ends GadgetScope with `QUIT` over the wire (also after a failure). Prints
one `ok <name>` line per check, or stops at the first failure with a
traceback (exit status 1).
"""

import socket
import sys
import time
from pathlib import Path

HOST = "127.0.0.1"
TOO_LONG = b"request line longer than 512 bytes (LF included): not run"
NUL = b"request line contains a NUL byte: not run"
BIG = "DH0:WireStage/big.bin"
# Files of these sizes are staged as DH0:WireStage/s<size>.
SIZES = (32000, 16000, 8000, 4000, 2000, 1000, 500, 250, 128, 64)


def check(name, ok, detail=""):
    if not ok:
        raise AssertionError(f"{name}: {detail}")
    print(f"ok {name}", flush=True)


def reply(sock):
    """One `RC <rc> <count>` reply: (rc, payload)."""
    head = b""
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


def connect(auth=True, rcvbuf=None):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    if rcvbuf:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    s.settimeout(60)
    s.connect((HOST, port))
    if auth:
        s.sendall(b"AUTH amipilot\n")
        check("AUTH amipilot", reply(s) == (0, b""))
    return s


def served(what):
    """A fresh client is served: VERSION and SCREENS answer RC 0."""
    s = connect()
    s.sendall(b"VERSION\nSCREENS\n")
    v, scr = reply(s), reply(s)
    s.close()
    check(f"after {what}: a fresh client is served", v[0] == 0 and v[1].startswith(b"AMIPILOT 1.1") and scr[0] == 0,
          (v, scr))


def probe_lines():
    s = connect()
    # 511 bytes before the LF is a line; 512 is one too many.
    s.sendall(b"SCREENS" + b" " * 504 + b"\n")
    check("a line of 511 bytes is run", reply(s)[0] == 0)
    s.sendall(b"SCREENS" + b" " * 505 + b"\n")
    check("a line of 512 bytes is refused", reply(s) == (10, TOO_LONG))
    s.sendall(b"VERSION " + b"x" * 5000 + b"\nVERSION\n")
    check("a 5 KB line is refused", reply(s) == (10, TOO_LONG))
    check("and the next line served", reply(s)[0] == 0)
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
    s = connect()
    s.sendall(b"FSPUT DH0:WireStage/x " + b"1" * 600 + b"\n" + b"x" * 100)
    rc, text = reply(s)
    check("over-long FSPUT line: RC 10 and closed", rc == 10 and TOO_LONG in text and closed(s), (rc, text))
    s.close()
    served("lines")


def probe_fsput():
    # Declares 1000 bytes, sends 10, goes away (FIN, then RST).
    for how in ("close", "reset"):
        s = connect()
        s.sendall(b"FSPUT DH0:WireStage/partial.bin 1000 TIMEOUT=30\n" + b"p" * 10)
        time.sleep(0.5)
        if how == "reset":
            s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
        s.close()
        time.sleep(0.5)
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
    s = connect()
    s.sendall(b"FSPUT DH0:WireStage/partial.bin 1000 TIMEOUT=1\n" + b"p" * 10)
    rc, text = reply(s)
    check("half an FSPUT that stays: RC 15, closed",
          rc == 15 and text.startswith(b"FSPUT payload incomplete: 10 of 1000 bytes after 1 s") and closed(s),
          (rc, text))
    s.close()
    # A count the framing drains but the command language refuses.
    s = connect()
    s.sendall(b"FSPUT DH0:WireStage/huge.bin 70000\n" + b"h" * 70000 + b"VERSION\n")
    rc, text = reply(s)
    check("FSPUT of 70000 bytes: RC 10, drained", rc == 10 and text, (rc, text))
    check("then in step", reply(s)[0] == 0)
    s.close()
    # A count beyond what the connection drains: RC 10, closed.
    s = connect()
    s.sendall(b"FSPUT DH0:WireStage/huge.bin 4294967296\n")
    rc, text = reply(s)
    check("FSPUT of 4294967296 bytes: RC 10, closed", rc == 10 and closed(s), (rc, text))
    s.close()
    served("FSPUT")


def probe_auth():
    s = connect(auth=False)
    s.sendall(b"QUIT\nTREE x\n")
    check("QUIT before AUTH is refused", reply(s)[0] == 10)
    check("TREE before AUTH is refused", reply(s)[0] == 10)
    n = 5
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
    socks = [connect(auth=False) for _ in range(12)]
    time.sleep(1)
    served("12 silent connections")
    for s in socks:
        s.settimeout(2)
    alive = sum(not closed(s) for s in socks)
    check("at most 3 silent connections are left beside the fresh one", alive <= 3, alive)
    for s in socks:
        s.close()
    # Four busy clients (held waits; the emulator runs in warp mode, so a
    # long TIMEOUT): a fifth is closed at once.
    busy = [connect() for _ in range(4)]
    for b in busy:
        b.sendall(b'WAITFOR WINDOW="no such window" TIMEOUT=3600\n')
    time.sleep(0.5)
    fifth = socket.create_connection((HOST, port), timeout=10)
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
    s = connect(rcvbuf=2048)
    lines = [f"FSGET {BIG}\n"] * 40 + [f"FSGET DH0:WireStage/s{n}\n" for n in SIZES for _ in range(3)]
    s.sendall("".join(lines).encode())
    time.sleep(5)
    c = connect()
    c.sendall(f"SCREENS\nFSGET {BIG}\n".encode())
    scr, got = reply(c), reply(c)
    c.close()
    print(f"  (meanwhile a fresh client's SCREENS: RC {scr[0]}, FSGET: RC {got[0]} {got[1][:60]!r})", flush=True)
    s.settimeout(60)
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
    # Four clients that pipeline FSGETs and do not read.
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


def wait_port(hd):
    t0 = time.monotonic()
    while True:
        try:
            text = (Path(hd) / "wire.port").read_text()
            if text.endswith("\n"):
                return int(text)
        except OSError:
            pass
        if time.monotonic() - t0 > 120:
            raise AssertionError("wire.port was not written within 120 s")
        time.sleep(0.05)


if __name__ == "__main__":
    port = wait_port(sys.argv[1])
    only = sys.argv[2:] or ["lines", "fsput", "auth", "many", "slow_reader", "slow_readers"]
    try:
        for name in only:
            globals()[f"probe_{name}"]()
    finally:
        # GadgetScope runs in the foreground of the boot Shell: end it.
        try:
            q = connect()
            q.sendall(b"QUIT\n")
            print(f"QUIT: {reply(q)}", flush=True)
        except Exception as e:  # noqa: BLE001 -- the first failure is the one to report
            print(f"(could not QUIT GadgetScope: {e})", flush=True)
