"""Host side of the `wire-verbs` emulator scenario (tests-uae/src/wire.rs).

Every public method of AmiPilot's client (`amipilot.Amipilot`, PyPI 1.1.0)
that `amipilot_wire.py main` does not call already, called against
GadgetScope in FS-UAE, each checked by its effect: the fixtures' logs
(`<HD_DIR>/<stem>.log`, rewritten after every line), files the launched
programs write, the trees and screens GadgetScope reports afterwards.

    python amipilot_verbs.py run HD_DIR RUN_DIR
    python amipilot_verbs.py die-mid-shot PORT

`run` waits for `<HD_DIR>/wire.port` (GadgetScope is started after it, in
the foreground of the boot Shell), prints one `ok <name>` line per check
and ends with the client's `quit()`; it stops at the first failure with a
traceback (exit status 1). `die-mid-shot` asks for a screenshot and kills
its own process (SIGKILL) once the first bytes of the reply are in.
"""

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from amipilot import Amipilot, WireClient
from amipilot.client import ActionFailed, CommandError, NotFound, Timeout
from amipilot.screenshot import Screenshot
from amipilot_wire import Log, check, raw_reply, read, wait_port, wait_until

HOST = "127.0.0.1"
FIXTURE = "GadTools Fixture"


def raises(name, kind, call, rc, text=""):
    try:
        call()
    except kind as e:
        check(name, e.rc == rc and text in e.message, f"RC {e.rc} {e.message!r}")
        return e
    raise AssertionError(f"{name}: no {kind.__name__}")


def level_of(line):
    # "GADGETUP id=5 code=<level>"
    return int(line.split("code=")[1].split()[0])


def run(hd, run_dir):
    hd, run_dir = Path(hd), Path(run_dir)
    port = wait_port(hd)
    try:
        checks(hd, run_dir, port)
    except BaseException:
        # GadgetScope runs in the foreground of the boot Shell: end it, so
        # that the scenario reports this failure instead of a hang.
        try:
            with Amipilot.connect(HOST, port, timeout=30) as q:
                q.quit()
        except Exception as e:  # noqa: BLE001 -- the first failure is the one to report
            print(f"(could not QUIT GadgetScope after the failure: {e})", flush=True)
        raise


def checks(hd, run_dir, port):
    c = Amipilot.connect_with_retry(HOST, port, deadline_seconds=60, connect_timeout=60)
    gt = Log(hd / "gadtools-fixture.log")

    loaded = c.manifest("DH0:verbs.manifest")
    check("manifest() with GADGET and WHEREGADGET names", loaded == "loaded WireVerbs: 2 windows, 7 gadgets", loaded)

    # -- gadgets by name and by role -----------------------------------
    c.click_by_name("connect")
    gt.expect("GADGETUP id=1 ")
    check("click_by_name: the fixture got the Connect button's GADGETUP", True)
    p = c.pick()
    check(
        "pick(): the window and the gadget under the pointer (left on Connect by the click)",
        p.title == FIXTURE and [g.gadget_id for g in p.gadgets] == [1] and p.gadgets[0].label == "Connect",
        repr(p),
    )
    p = c.pick(screen="Workbench")
    check("pick(screen=)", p.title == FIXTURE and p.gadgets[0].gadget_id == 1, repr(p))
    c.click_by_name("connect", expect=f"window:{FIXTURE}", timeout=5)
    gt.expect("GADGETUP id=1 ")
    check("click_by_name(expect=window:...) clicks and waits", True)
    c.click_by_role(FIXTURE, role="checkbox", label="Enabled")
    check("click_by_role: the checkbox is checked (GADGETUP code=1)", gt.expect("GADGETUP id=3 ") == "GADGETUP id=3 code=1")
    c.click_by_role(FIXTURE, label="Twin", index=1)
    gt.expect("GADGETUP id=9 ")
    check("click_by_role(label=, index=1): a Twin button", c.pick().gadgets[0].label == "Twin B", repr(c.pick()))

    # AmiPilot's TYPE: a click at the gadget's centre, which is past the
    # end of the old text here (the cursor lands after it), then the
    # text; nothing cleared, no Return, so the program logs no GADGETUP.
    # The next GADGETUP of the gadget each check expects is the one of
    # the TYPE with ENTER=YES after it: an earlier one would be found
    # first.
    check("get_text_by_name before typing", c.get_text_by_name("count") == "42")
    c.type_by_name("count", "7")
    check("type_by_name into the integer gadget: inserted, not cleared", c.get_text_by_name("count") == "427")
    # GadgetScope's options, over the wire through the client's own
    # WireClient.command() (its type() sends none), as a recorded Python
    # script sends them.
    w = WireClient.connect(HOST, port, timeout=30)
    side = Amipilot(w)
    side.handshake()
    check("AUTH on a raw WireClient", w.command("AUTH amipilot").rc == 0)
    r = w.command("TYPE CLEAR=YES @count 9")
    check("TYPE CLEAR=YES: RC 0", r.rc == 0, (r.rc, r.text))
    check("TYPE CLEAR=YES replaces the value (no Return yet)", c.get_text_by_name("count") == "9")
    r = w.command("TYPE ENTER=YES @count 7")
    check("TYPE ENTER=YES: RC 0", r.rc == 0, (r.rc, r.text))
    line = gt.expect("GADGETUP id=4 ")
    check("TYPE ENTER=YES commits the value: the first GADGETUP since the plain TYPE", line == "GADGETUP id=4 code=0 number=97", line)
    r = w.command("TYPE ENTER=YES CLEAR=YES @count 7")
    line = gt.expect("GADGETUP id=4 ")
    check("TYPE ENTER=YES CLEAR=YES: replaced and committed", (r.rc, line) == (0, "GADGETUP id=4 code=0 number=7"), (r.rc, line))
    check("get_text_by_name reads it back", c.get_text_by_name("count") == "7")
    r = w.command("TYPE CLEAR=YES @connect x")
    check(
        "TYPE CLEAR=YES on a button is refused",
        (r.rc, r.text) == (10, "CLEAR=YES needs a string or integer gadget, not role=button"),
        (r.rc, r.text),
    )
    r = w.command("TYPE CLEAR=MAYBE @count 7")
    check("a bad option value is RC 10", (r.rc, r.text) == (10, "CLEAR= must be YES or NO"), (r.rc, r.text))
    old = c.get_text_by_role(FIXTURE, role="string", label="Name")
    check("the string gadget holds its first value", old == "hello", old)
    c.type_by_role(FIXTURE, "by role", role="string", label="Name")
    check("type_by_role into the string gadget: inserted, not cleared", c.get_text_by_name("name") == "helloby role")
    # The window pattern quoted, the locator by role, the text quoted
    # (blanks before it skipped).
    r = w.command(f'TYPE ENTER=YES CLEAR=YES "{FIXTURE}" ROLE=string LABEL=Name   "by role"')
    line = gt.expect("GADGETUP id=2 ")
    check("TYPE CLEAR=YES ENTER=YES by role, quoted text", (r.rc, line) == (0, 'GADGETUP id=2 code=0 text="by role"'), (r.rc, line))
    side.close()
    check("get_text_by_role(role=, label=)", c.get_text_by_role(FIXTURE, role="string", label="Name") == "by role")
    check("get_text_by_role(label=) alone", c.get_text_by_role(FIXTURE, label="Connect") == "Connect")
    check("get_text_by_role(index=1)", c.get_text_by_role(FIXTURE, role="button", label="Twin", index=1) == "Twin B")
    raises(
        "get_text_by_role of no such gadget is NotFound",
        NotFound,
        lambda: c.get_text_by_role(FIXTURE, role="checkbox", label="Nothing"),
        5,
    )

    # -- waits ----------------------------------------------------------
    c.wait_for_text(FIXTURE, 4, "7", timeout=5)
    check("wait_for_text: already true", True)
    c.wait_for_text_by_name("name", "by role", timeout=5)
    check("wait_for_text_by_name", True)
    c.wait_for_text_by_role(FIXTURE, "7", role="integer", label="Count", timeout=5)
    check("wait_for_text_by_role", True)
    raises("wait_for_text that never comes true is Timeout", Timeout, lambda: c.wait_for_text(FIXTURE, 4, "8", timeout=1), 15)
    c.wait_for(f"window:{FIXTURE}", timeout=5)
    c.wait_for("nowindow:Nowhere At All", timeout=5)
    check("wait_for(window:) and wait_for(nowindow:)", True)
    raises("wait_for(window:) of a window that never opens", Timeout, lambda: c.wait_for("window:Nowhere At All", timeout=1), 15)
    raises("wait_for(requester) with none open", Timeout, lambda: c.wait_for("requester", timeout=1), 15)
    raises(
        "a fraction of a second (sent as TIMEOUT=0) waits the default 10 s",
        Timeout,
        lambda: c.wait_for("window:Nowhere At All", timeout=0.5),
        15,
        "timed out after 10 s",
    )

    # -- drags ------------------------------------------------------------
    c.drag(FIXTURE, 5, 40, 0)
    l1 = level_of(gt.expect("GADGETUP id=5 "))
    check("drag() grabs the slider's knob and moves it right", l1 > 25 + 30, l1)
    c.drag_by_name("level", 20, 0)
    l2 = level_of(gt.expect("GADGETUP id=5 "))
    check("drag_by_name() moves it further right", l2 > l1 + 10, (l1, l2))
    # DRAG ... TO presses at the slider's centre, left of the knob: the
    # container is hit, which pages the level down by one; releasing over
    # the other gadget changes nothing more.
    c.drag_to(FIXTURE, 5, 6)
    l3 = level_of(gt.expect("GADGETUP id=5 "))
    check("drag_to(): pressed at the slider's centre, released over the cycle gadget", l3 == l2 - 1, (l2, l3))
    c.drag_to_by_name("level", "mode")
    l4 = level_of(gt.expect("GADGETUP id=5 "))
    check("drag_to_by_name()", l4 == l3 - 1, (l3, l4))
    raises(
        "drag_to_by_name() across windows is refused",
        CommandError,
        lambda: c.drag_to_by_name("level", "go"),
        10,
    )

    # -- menus ------------------------------------------------------------
    m = c.menu(FIXTURE)
    check("menu(): the strip", [x.title for x in m.menus] == ["Project", "Edit"] and m.window_title == FIXTURE, repr(m))
    save, first, second, prt = (m.find(t) for t in ("Save", "First file", "Second file", "Print"))
    check("menu(): Save is 0/1", (save.menu_num, save.item_num, save.sub_num, save.shortcut) == (0, 1, None, None), save)
    check("menu(): Recent/Second file is 0/4/1 with shortcut 2", (second.menu_num, second.item_num, second.sub_num, second.shortcut) == (0, 4, 1, "2"), second)
    check("menu(): Print is disabled", not prt.enabled, prt)
    c.menu_pick(FIXTURE, save.menu_num, save.item_num)
    check("menu_pick of an entry found by menu().find()", gt.expect("MENUPICK ") == "MENUPICK menu=0 item=1 sub=31")
    c.menu_pick(FIXTURE, first.menu_num, first.item_num, first.sub_num)
    check("menu_pick of a sub-item", gt.expect("MENUPICK ") == "MENUPICK menu=0 item=4 sub=0")
    raises("menu_pick of a disabled item is ActionFailed", ActionFailed, lambda: c.menu_pick(FIXTURE, 0, 2), 20, "disabled")

    # -- files ------------------------------------------------------------
    c.fs_mkdir("DH0:WireStage/sub")
    st = c.fs_stat("DH0:WireStage/sub")
    check("fs_mkdir makes a directory; fs_stat says so", st.is_dir and st.name == "sub" and (hd / "WireStage/sub").is_dir(), st)
    c.fs_put("DH0:WireStage/sub/f.txt", b"abc")
    st = c.fs_stat("DH0:WireStage/sub/f.txt")
    check("fs_stat of a file", (st.name, st.is_dir, st.size, st.prot) == ("f.txt", False, 3, "rwed"), st)
    raises("fs_delete of a directory that is not empty", ActionFailed, lambda: c.fs_delete("DH0:WireStage/sub"), 20, "not empty")
    c.fs_delete("DH0:WireStage/sub/f.txt")
    raises("fs_stat after fs_delete is NotFound", NotFound, lambda: c.fs_stat("DH0:WireStage/sub/f.txt"), 5)
    c.fs_delete("DH0:WireStage/sub")
    check("fs_delete of the empty directory", not (hd / "WireStage/sub").exists())
    raises("fs_mkdir outside FSROOT is refused", CommandError, lambda: c.fs_mkdir("DH0:Elsewhere"), 10, "outside")
    raises("fs_delete outside FSROOT is refused", CommandError, lambda: c.fs_delete("DH0:verbs.manifest"), 10, "outside")

    # -- launch, Workbench launch, screens ----------------------------------
    c.launch("DH0:Tools/UAETool AVAIL FILE=DH0:launched.txt")
    n = wait_until("launch(): UAETool wrote DH0:launched.txt", lambda: read(hd / "launched.txt").strip().isdigit() and read(hd / "launched.txt"))
    check("launch() ran the command line", int(n) > 0, n)
    c.wb_launch("DH0:Tools/UAETool", tooltypes={"MODE": "override"}, args=["DH0:Tools"])
    want = "WBStartup numargs=2 name=UAETool\nARG 1 name=Tools\nTOOLTYPE MODE=override\nTOOLTYPE KEEP=1\nPROGDIR yes\n"
    probe = wait_until("wb_launch(): the probe", lambda: "PROGDIR" in read(hd / "wbprobe") and read(hd / "wbprobe"))
    check("wb_launch() with a tooltype override and an ARG", probe == want, probe)
    raises("wb_launch() of a missing program is CommandError", CommandError, lambda: c.wb_launch("DH0:Tools/Missing"), 10, "DH0:Tools/Missing")

    before = c.screens()
    check("screens(): the Workbench screen, frontmost", [(s.title, s.width, s.height, s.frontmost) for s in before] == [("Workbench Screen", 640, 256, True)], before)
    c.launch("DH0:ScreenFixture", stack=16384)
    s = c.wait_for_screen("Fixture Screen", timeout=60, poll_interval=0.2)
    check("launch(stack=) then wait_for_screen()", (s.title, s.top, s.frontmost) == ("Fixture Screen", 128, True), s)
    check("screens() lists both, front to back", [x.title for x in c.screens()] == ["Fixture Screen", "Workbench Screen"])
    on_screen = c.tree("Twin Window", screen="Fixture Screen")
    on_wb = c.tree("Twin Window", screen="Workbench")
    check(
        "tree(screen=) tells the twin windows apart",
        on_screen.find(22) is not None and on_wb.find(11) is not None and on_screen.screen == "Fixture Screen",
        (on_screen, on_wb),
    )
    (hd / "screen-fixture.quit").write_text("quit\n")
    c.wait_for("nowindow:Twin Window", timeout=30)
    t0 = time.monotonic()
    try:
        c.wait_for_screen("Fixture Screen", timeout=1, poll_interval=0.2)
        raise AssertionError("wait_for_screen of a closed screen: no TimeoutError")
    except TimeoutError:
        check("wait_for_screen() times out once the screen has closed", time.monotonic() - t0 >= 1)

    # -- MUIREXX (a RexxSend echo host stands in for a MUI program's port) ---
    check("mui_command() returns the application's result", c.mui_command("echo", "hello mui") == "HELLO MUI")
    raises("mui_command() whose application fails: CommandError led by its RC", CommandError, lambda: c.mui_command("ECHO.1", "FAIL"), 10, "10 (")
    raises("mui_command() with no such port is NotFound", NotFound, lambda: c.mui_command("nobody", "x", timeout=2), 5)
    check("mui_command() quits the echo host", c.mui_command("echo", "QUIT") == "BYE")

    # -- WHERE (the WhereFixture, started through the wire) ------------------
    c.launch("DH0:WhereFixture")
    wait_until("the WhereFixture is up", lambda: (hd / "where-fixture.ready").exists())
    wf = Log(hd / "where-fixture.log")
    x, y, w, h = c.where("go")
    check("where(): the geometry the application reports", (w, h) == (90, 16) and x >= 10 and y >= 10, (x, y, w, h))
    wf.expect("WHERE go rc=0 ")
    c.click_by_name("go")
    wf.expect("WHERE go rc=0 ")
    wf.expect("GADGETUP id=1 ")
    check("click_by_name() of a WHEREGADGET asks the port, then clicks there", True)
    raises("where() of a name the application does not know", CommandError, lambda: c.where("ghost"), 10, "does not know ghost")
    raises("where() of a plain GADGET", CommandError, lambda: c.where("count"), 10, "not a WHEREGADGET")
    (hd / "where-fixture.quit").write_text("quit\n")
    c.wait_for('nowindow:Where Fixture', timeout=30)

    # -- windows ----------------------------------------------------------
    shell = c.tree("AROS")
    c.window_resize("AROS", 440, 156)
    sized = c.tree("AROS")
    check("window_resize() sets the size", (sized.width, sized.height) == (440, 156), (shell, sized))
    c.window_resize("AROS", shell.width, shell.height)
    check("window_resize() back", (c.tree("AROS").width, c.tree("AROS").height) == (shell.width, shell.height))
    raises("window_resize() of a window without a sizing gadget", ActionFailed, lambda: c.window_resize(FIXTURE, 300, 150), 20, "size gadget")

    # -- screenshots ----------------------------------------------------------
    c.click_by_name("connect")  # the fixture in front, active
    gt.expect("GADGETUP id=1 ")
    win = c.tree(FIXTURE)
    shot = c.screenshot(window=FIXTURE)
    check(
        "screenshot(window=): the screen, cropped to the window",
        (shot.width, shot.height, shot.pixel_format) == (640, 256, 0) and shot.crop == (win.left, win.top, win.width, win.height),
        (shot.width, shot.height, shot.depth, shot.crop),
    )
    (run_dir / "wire-window.png").write_bytes(shot.to_png())
    whole = c.screenshot()
    (run_dir / "wire-screen.png").write_bytes(whole.to_png())
    check("screenshot(): the whole front screen, same pixels", whole.crop is None and whole.planes == shot.planes and whole.palette == shot.palette)
    check_window_pixels(shot, win)
    check("screenshot(screen=)", c.screenshot(screen="Workbench").planes == shot.planes)
    raises("screenshot(window=) of no window is NotFound", NotFound, lambda: c.screenshot(window="Nowhere At All"), 5)

    # A client that pipelines twelve captures (737 KB) and reads them only
    # later: others are served meanwhile, then every capture arrives whole.
    # (Loopback's socket buffers take megabytes, so this does not show that
    # GadgetScope's 256 KB heap is spared when a slow link keeps them full.)
    greedy = socket.create_connection((HOST, port), timeout=60)
    greedy.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    greedy.sendall(b"VERSION\nAUTH amipilot\n" + b"SCREENSHOT\n" * 12)
    with Amipilot.connect(HOST, port, timeout=60) as other:
        check("a client that pipelines twelve captures and reads none yet holds up nobody", other.get_text(FIXTURE, 4) == "7")
    raw_reply(greedy)
    raw_reply(greedy)
    for i in range(12):
        rc, data = raw_reply(greedy)
        if rc != 0 or Screenshot.parse(data).planes != shot.planes:
            raise AssertionError(f"capture {i + 1} of 12: RC {rc}, {len(data)} bytes: {data[:80]!r}")
    check("then all twelve arrive, whole", True)
    greedy.close()

    # A client killed while the capture streams to it: the next is served,
    # and the next capture is whole and the same.
    died = subprocess.run([sys.executable, __file__, "die-mid-shot", str(port)], capture_output=True, text=True, timeout=120)
    got = died.stdout.split()
    check(
        "a client killed mid-screenshot died by SIGKILL with part of the capture read",
        died.returncode == -signal.SIGKILL and got[:2] == ["first", "bytes:"] and 0 < int(got[2]) < int(got[4]),
        (died.returncode, died.stdout, died.stderr),
    )
    with Amipilot.connect(HOST, port, timeout=60) as c2:
        check("the next client is served", c2.get_text(FIXTURE, 4) == "7")
        check("and its screenshot is whole", c2.screenshot(window=FIXTURE).planes == shot.planes)

    # -- quit -------------------------------------------------------------
    c.quit()
    check("quit() is answered", True)
    c.close()
    wait_until("GadgetScope's port closes after quit()", lambda: refused(port), 30)
    check("nothing listens on the port after quit()", True)


def refused(port):
    try:
        socket.create_connection((HOST, port), timeout=2).close()
        return False
    except OSError:
        return True


def check_window_pixels(shot, win):
    """The fixture window in the capture: its title bar (active window:
    the screen's fill pen) one colour across, its inside another, the
    pens where TREE says the window is."""
    rgb = shot.to_rgb888()

    def px(x, y):
        i = (y * shot.width + x) * 3
        return tuple(rgb[i : i + 3])

    bar = {px(x, win.top + 5) for x in range(win.left + 260, win.left + 380)}
    inside = {px(x, win.top + 160) for x in range(win.left + 30, win.left + 380)}
    check("the title bar in the capture is one colour, the inside another", len(bar) == 1 and len(inside) == 1 and bar != inside, (bar, inside))


def die_mid_shot(port):
    c = Amipilot.connect(HOST, port, timeout=60)

    def progress(got, total):
        if got > 0:
            print(f"first bytes: {got} of {total}", flush=True)
            os.kill(os.getpid(), signal.SIGKILL)

    c.screenshot(window=FIXTURE, on_progress=progress)
    print("the whole capture arrived: not killed", flush=True)


if __name__ == "__main__":
    if sys.argv[1] == "run":
        run(sys.argv[2], sys.argv[3])
    elif sys.argv[1] == "die-mid-shot":
        die_mid_shot(int(sys.argv[2]))
    else:
        sys.exit(f"unknown mode {sys.argv[1]}")
