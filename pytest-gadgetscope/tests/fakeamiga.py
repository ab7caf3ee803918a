"""A small fake of GadgetScope's AmiPilot wire server, for the host tests:
the framing of amipilot's wire.py (`RC <code> <count>` and the payload),
the VERSION handshake and AUTH, and a few verbs over one made-up screen
(64x32, 2 bitplanes) with two windows. CLICK on the "Paint" button fills
its box with pen 3, so a click changes the picture.
"""

from __future__ import annotations

import shlex
import socket
import struct
import threading
from dataclasses import dataclass, field

WIDTH, HEIGHT, DEPTH = 64, 32, 2
# Pens 1 and 2 have the same colour: only an indexed baseline keeps them apart.
PALETTE = [(170, 170, 170), (0, 0, 0), (0, 0, 0), (102, 136, 187)]


@dataclass
class Gadget:
    id: int
    role: str
    label: str
    box: tuple[int, int, int, int]  # window-relative
    value: str | None = None


@dataclass
class Win:
    title: str
    box: tuple[int, int, int, int]  # on the screen
    gadgets: list[Gadget] = field(default_factory=list)


class FakeAmiga:
    def __init__(self):
        self.pixels = bytearray(WIDTH * HEIGHT)
        self.windows = {
            "Demo": Win("Demo", (4, 2, 40, 20), [Gadget(1, "button", "Paint", (2, 4, 10, 6)), Gadget(2, "string", "Name", (2, 12, 30, 6), "hello")]),
            "Other": Win("Other", (46, 20, 16, 10)),
        }
        self.fill((0, 0, WIDTH, HEIGHT), 0)
        self.fill(self.windows["Demo"].box, 1)
        self.fill((6, 4, 36, 2), 2)  # a title bar: pen 2, the same colour as pen 1
        self.fill(self.windows["Other"].box, 2)
        self.lines: list[str] = []
        self.quit = threading.Event()
        self._sock = socket.create_server(("127.0.0.1", 0))
        self.port = self._sock.getsockname()[1]
        self._thread = threading.Thread(target=self._serve, daemon=True)

    def start(self) -> "FakeAmiga":
        self._thread.start()
        return self

    def close(self) -> None:
        self.quit.set()
        self._sock.close()

    def fill(self, box, pen) -> None:
        x, y, w, h = box
        for row in range(y, min(y + h, HEIGHT)):
            for col in range(x, min(x + w, WIDTH)):
                self.pixels[row * WIDTH + col] = pen

    # -- the wire ------------------------------------------------------------

    def _serve(self) -> None:
        while not self.quit.is_set():
            try:
                conn, _ = self._sock.accept()
            except OSError:
                return
            self.serve_connection(conn)

    def serve_connection(self, conn: socket.socket) -> None:
        """Answers the requests of one connection (accepted, or dialed out
        as GadgetScope's TCPDIAL does) until it ends or QUIT."""
        with conn:
            buf = b""
            while not self.quit.is_set():
                try:
                    data = conn.recv(4096)
                except OSError:
                    break
                if not data:
                    break
                buf += data
                while b"\n" in buf:
                    line, buf = buf.split(b"\n", 1)
                    rc, payload = self.answer(line.decode("latin-1"))
                    conn.sendall(f"RC {rc} {len(payload)}\n".encode() + payload)
                    if line.strip().upper() == b"QUIT":
                        self.quit.set()

    def answer(self, line: str) -> tuple[int, bytes]:
        self.lines.append(line)
        try:
            words = shlex.split(line)
        except ValueError:
            return 10, b"unbalanced quotes"
        if not words:
            return 10, b"no verb"
        verb, args = words[0].upper(), words[1:]
        screen_arg = None
        if args and args[0].upper().startswith("SCREEN="):
            screen_arg, args = args[0][7:], args[1:]
        if screen_arg is not None and screen_arg not in "Fake Screen":
            return 5, f'no screen matching "{screen_arg}"'.encode()
        if verb == "VERSION":
            return 0, b"AMIPILOT 1.1 PROTOCOL 1\nSTABLE VERSION TREE CLICK TYPE GETTEXT SCREENSHOT AUTH QUIT\nSERVER FakeAmiga 0\n"
        if verb in ("AUTH", "QUIT"):
            return 0, b""
        if verb == "SCREENSHOT":
            crop = (0, 0, 0, 0)
            for a in args:
                if a.upper().startswith("WINDOW="):
                    w = self._window(a[7:])
                    if w is None:
                        return 5, f'no window matching "{a[7:]}"'.encode()
                    crop = w.box
            return 0, self.capture(crop)
        if verb in ("TREE", "CLICK", "TYPE", "GETTEXT"):
            if not args:
                return 10, b"a window is needed"
            w = self._window(args[0])
            if w is None:
                return 5, b""
            if verb == "TREE":
                return 0, self.tree(w).encode("latin-1")
            g = next((g for g in w.gadgets if len(args) > 1 and str(g.id) == args[1]), None)
            if g is None:
                return 5, f"no gadget {args[1] if len(args) > 1 else ''} in \"{w.title}\"".encode()
            if verb == "CLICK":
                if g.label == "Paint":
                    x, y, gw, gh = g.box
                    self.fill((w.box[0] + x, w.box[1] + y, gw, gh), 3)
                return 0, b""
            if verb == "TYPE":
                g.value = (g.value or "") + " ".join(args[2:])
                return 0, b""
            return 0, (g.value if g.value is not None else g.label).encode("latin-1")
        return 10, f"unknown command {verb}".encode()

    def _window(self, pattern: str) -> Win | None:
        return next((w for t, w in self.windows.items() if pattern in t), None)

    def tree(self, w: Win) -> str:
        x, y, ww, wh = w.box
        out = [f'window "{w.title}" screen="Fake Screen" [{x},{y} {ww}x{wh}]']
        for g in w.gadgets:
            value = f' value="{g.value}"' if g.value is not None else ""
            gx, gy, gw, gh = g.box
            out.append(f'  gadget id={g.id} role={g.role} class="" label="{g.label}"{value} [{gx},{gy} {gw}x{gh}]')
        return "\n".join(out) + "\n"

    def capture(self, crop=(0, 0, 0, 0)) -> bytes:
        return planar_capture(self.pixels, WIDTH, HEIGHT, DEPTH, PALETTE, crop)


def planar_capture(pixels, width, height, depth, palette, crop=(0, 0, 0, 0)) -> bytes:
    """AmiPilot's SCREENSHOT payload for palette-indexed pixels: the 24-byte
    header, the palette, then each bitplane whole (rows padded to words)."""
    bpr = (width + 15) // 16 * 2
    header = struct.pack(">HHBBHHHHHHHHH", width, height, 0, depth, bpr, 0x8000, len(palette), *crop, 0, 0)
    planes = []
    for p in range(depth):
        plane = bytearray(bpr * height)
        for y in range(height):
            for x in range(width):
                if pixels[y * width + x] >> p & 1:
                    plane[y * bpr + x // 8] |= 0x80 >> (x % 8)
        planes.append(bytes(plane))
    return header + bytes(v for rgb in palette for v in rgb) + b"".join(planes)
