"""The failure trace: every wire command a test's client sends, with its
RC and reply, and for acting verbs the window's TREE before and a
screenshot after; written as one self-contained HTML page when the test
fails.

`Recorder` stands in for the client's `WireClient` (`Amipilot._wire`), so
every verb goes through it while the test keeps AmiPilot's own
`Amipilot`. The TREE and SCREENSHOT it takes around an action go over
the same connection but are not steps themselves. Pictures are made
with Pillow and embedded as data: URIs.
"""

from __future__ import annotations

import base64
import html
import re
import time
from dataclasses import dataclass, field
from pathlib import Path

from amipilot import Screenshot, WireClient, WireError

from .pictures import capture_image, png_bytes, screen_with_box

#: Verbs that act on a window named right after the verb (and an optional SCREEN=).
WINDOW_VERBS = frozenset({"CLICK", "TYPE", "DRAG", "MENUPICK", "WINDOWMOVE", "WINDOWSIZE"})
#: Verbs that act on no named window: a screenshot of the screen after only.
SCREEN_VERBS = frozenset({"LAUNCH", "WBLAUNCH", "HIGHLIGHT", "SHOW", "HIDE"})
#: Verbs whose RC 0 payload is bytes, not text.
BINARY_VERBS = frozenset({"SCREENSHOT", "FSGET"})
#: Reply text kept per step.
REPLY_LIMIT = 64 * 1024


@dataclass
class Target:
    verb: str
    window: str | None = None  # as sent (quoted if it was)
    screen: str | None = None  # the SCREEN=... token as sent


@dataclass
class Step:
    number: int
    line: str
    seconds: float = 0.0
    rc: int | None = None
    reply: str = ""
    error: str | None = None  # the transport failed: no reply
    tree_before: str | None = None
    after: bytes | None = None  # PNG: the screen after an action
    picture: bytes | None = None  # PNG: what a SCREENSHOT of the test returned
    notes: list[str] = field(default_factory=list)

    @property
    def failed(self) -> bool:
        return self.error is not None or (self.rc is not None and self.rc != 0)


@dataclass
class Trace:
    test_id: str
    steps: list[Step] = field(default_factory=list)
    started: float = field(default_factory=time.time)
    written: Path | None = None  # the page, once written


def tokens(line: str) -> list[str]:
    """The line's words as the command parser cuts them, quotes (with
    backslash escapes inside) kept in the word."""
    out, word, quoted, i = [], "", False, 0
    while i < len(line):
        c = line[i]
        if quoted and c == "\\" and i + 1 < len(line):
            word += line[i : i + 2]
            i += 2
            continue
        if c == '"':
            quoted = not quoted
        if c in " \t" and not quoted:
            if word:
                out.append(word)
            word = ""
        else:
            word += c
        i += 1
    if word:
        out.append(word)
    return out


def acting_target(line: str) -> Target | None:
    """What an acting command acts on, or None for a command that only reads."""
    words = tokens(line)
    if not words:
        return None
    verb = words[0].upper()
    if verb in SCREEN_VERBS:
        return Target(verb)
    if verb not in WINDOW_VERBS:
        return None
    rest = words[1:]
    screen = None
    if rest and rest[0].upper().startswith("SCREEN="):
        screen, rest = rest[0], rest[1:]
    window = rest[0] if rest and not rest[0].startswith("@") else None
    return Target(verb, window, screen)


class Recorder:
    """A stand-in for a `WireClient` that records into `trace` (when set)."""

    def __init__(self, wire: WireClient):
        self.wire = wire
        self.trace: Trace | None = None
        self.extras = True  # off after a transport failure of our own command

    def command(self, line, payload=None, *, on_progress=None):
        trace = self.trace
        if trace is None:
            return self.wire.command(line, payload, on_progress=on_progress)
        text = line.decode("latin-1") if isinstance(line, (bytes, bytearray)) else line
        step = Step(len(trace.steps) + 1, text)
        target = acting_target(text)
        if target is not None and target.window is not None:
            step.tree_before = self._tree_before(target, step)
        t0 = time.monotonic()
        try:
            reply = self.wire.command(line, payload, on_progress=on_progress)
        except Exception as e:
            step.seconds = time.monotonic() - t0
            step.error = f"{type(e).__name__}: {e}"
            trace.steps.append(step)
            raise
        step.seconds = time.monotonic() - t0
        step.rc = reply.rc
        verb = (tokens(text) or [""])[0].upper()
        if verb in BINARY_VERBS and reply.rc == 0:
            step.reply = f"({len(reply.payload)} bytes)"
            if verb == "SCREENSHOT":
                step.picture = self._picture(reply.payload, step)
        else:
            step.reply = reply.text[:REPLY_LIMIT]
        if target is not None:
            step.after = self._screen_after(target, step)
        trace.steps.append(step)
        return reply

    def handshake(self):
        # WireClient's own handshake, its VERSION sent through this recorder.
        return WireClient.handshake(self)

    def close(self) -> None:
        self.wire.close()

    def __getattr__(self, name):
        return getattr(self.wire, name)

    # -- the unrecorded commands around an action ----------------------------

    def _extra(self, line: str, step: Step):
        if not self.extras:
            return None
        try:
            return self.wire.command(line)
        except (OSError, WireError) as e:
            self.extras = False
            step.notes.append(f"{line.split()[0]} for the trace failed ({e}); no more trace pictures this session")
            return None

    def _tree_before(self, t: Target, step: Step) -> str | None:
        reply = self._extra(" ".join(w for w in ("TREE", t.screen, t.window) if w), step)
        if reply is None:
            return None
        return reply.text if reply.rc == 0 else f"(TREE: RC {reply.rc} {reply.text.strip()})"

    def _screen_after(self, t: Target, step: Step) -> bytes | None:
        lines = []
        if t.window is not None:
            lines.append(" ".join(w for w in ("SCREENSHOT", t.screen, "WINDOW=" + t.window) if w))
        lines.append(" ".join(w for w in ("SCREENSHOT", t.screen) if w))
        for line in lines:
            reply = self._extra(line, step)
            if reply is None:
                return None
            if reply.rc == 0:
                try:
                    return png_bytes(screen_with_box(Screenshot.parse(reply.payload)))
                except Exception as e:
                    step.notes.append(f"the screenshot after could not be read: {e}")
                    return None
            step.notes.append(f"{line}: RC {reply.rc} {reply.text.strip()}")
        return None

    def _picture(self, payload: bytes, step: Step) -> bytes | None:
        try:
            return png_bytes(capture_image(Screenshot.parse(payload)))
        except Exception as e:
            step.notes.append(f"the capture could not be read: {e}")
            return None


# -- the page ----------------------------------------------------------------

_CSS = """
body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;color:#222;background:#fafafa}
h1{font-size:1.3em}h2{font-size:1.1em;margin-top:1.5em}
pre{background:#fff;border:1px solid #ddd;padding:.5em;overflow:auto;max-height:24em;white-space:pre-wrap}
.strip{display:flex;gap:1em;overflow-x:auto;padding-bottom:1em;align-items:flex-start}
.step{flex:0 0 auto;width:44em;background:#fff;border:1px solid #ccc;border-radius:4px;padding:.6em}
.step.bad{border:2px solid #c00}
.step h3{margin:0 0 .4em;font:600 13px/1.3 ui-monospace,monospace;word-break:break-all}
.rc{display:inline-block;padding:0 .4em;border-radius:3px;background:#2a2;color:#fff}
.bad .rc{background:#c00}
img{max-width:100%;image-rendering:pixelated;border:1px solid #999}
.note{color:#a50}
"""


def _img(png: bytes | None, alt: str) -> str:
    if not png:
        return ""
    data = base64.b64encode(png).decode("ascii")
    return f'<img alt="{html.escape(alt)}" src="data:image/png;base64,{data}">'


def _step_html(s: Step, anchor: bool = True) -> str:
    esc = html.escape
    rc = "no reply" if s.rc is None else f"RC {s.rc}"
    parts = [
        f'<div class="step{" bad" if s.failed else ""}"' + (f' id="step{s.number}">' if anchor else ">"),
        f'<h3>#{s.number} {esc(s.line)}</h3>',
        f'<div><span class="rc">{esc(rc)}</span> in {s.seconds:.2f} s</div>',
    ]
    if s.error:
        parts.append(f"<pre>{esc(s.error)}</pre>")
    if s.reply:
        parts.append(f"<pre>{esc(s.reply)}</pre>")
    if s.picture:
        parts.append("<div>The capture:</div>" + _img(s.picture, f"capture of step {s.number}"))
    if s.tree_before is not None:
        parts.append(f"<details><summary>TREE before</summary><pre>{esc(s.tree_before)}</pre></details>")
    if s.after:
        parts.append("<div>The screen after (the window's box outlined):</div>" + _img(s.after, f"screen after step {s.number}"))
    for n in s.notes:
        parts.append(f'<div class="note">{esc(n)}</div>')
    parts.append("</div>")
    return "\n".join(parts)


def render_html(trace: Trace, *, outcome: str, message: str, pictures: dict[str, bytes] | None = None) -> str:
    """The page: the failure's message, the failing call, then every step."""
    esc = html.escape
    failing = next((s for s in reversed(trace.steps) if s.failed), None)
    body = [
        f"<h1>{esc(outcome)}: {esc(trace.test_id)}</h1>",
        f"<div>{len(trace.steps)} wire command{'s' if len(trace.steps) != 1 else ''}, started "
        f"{time.strftime('%Y-%m-%d %H:%M:%S', time.localtime(trace.started))}</div>",
        "<h2>The failure</h2>",
        f"<pre>{esc(message)}</pre>",
    ]
    for title, png in (pictures or {}).items():
        body.append(f"<h2>{esc(title)}</h2>{_img(png, title)}")
    if failing is not None:
        body += [f'<h2>The failing call (<a href="#step{failing.number}">step {failing.number}</a>)</h2>', _step_html(failing, anchor=False)]
    elif trace.steps:
        body.append("<h2>The failing call</h2><div>Every command answered RC 0; the last step is the last call.</div>")
    body.append("<h2>Steps</h2>")
    body.append('<div class="strip">' + "\n".join(_step_html(s) for s in trace.steps) + "</div>" if trace.steps else "<div>No wire command was sent.</div>")
    return (
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"
        f"<title>{esc(outcome)}: {esc(trace.test_id)}</title><style>{_CSS}</style></head>"
        "<body>\n" + "\n".join(body) + "\n</body></html>\n"
    )


def trace_path(directory: Path, test_id: str) -> Path:
    return directory / (re.sub(r"[^A-Za-z0-9._-]+", "_", test_id).strip("_")[:200] + ".html")


def write_html(path: Path, trace: Trace, **kw) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(render_html(trace, **kw), encoding="utf-8")
    return path
