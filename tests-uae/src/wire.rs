//! Emulator scenarios of the TCP wire: FS-UAE's
//! `bsdsocket_library = 1` under the AROS ROM, driven from the host.
//!
//! - `net-probe`: UAETool `NETPROBE` opens bsdsocket.library, listens on
//!   127.0.0.1 port 0, writes the port `getsockname()` gave; a host step
//!   connects to that port on the host (UAE's sockets are the fs-uae
//!   process's own), sends a line and reads the echo.
//! - `wire-amipilot`: `GadgetScope NOGUI TCPPORT=0 TCPBIND=127.0.0.1
//!   TCPPASSWORD=amipilot TCPPORTFILE=DH0:wire.port` with the GadTools
//!   fixture open; AmiPilot's own client (`amipilot` from PyPI, in
//!   target/tools/venv) runs `tests-uae/wire/amipilot_wire.py main`
//!   against it (handshake, `amipilot dump`, tree() equal to the golden,
//!   click/type/get_text/menu_pick/window_move, wait_for_window with a
//!   timeout, manifest + @name, two clients, a client leaving mid-reply,
//!   AUTH gate, refusal and acceptance; the whole STABLE list of the
//!   handshake). Then a client holds `WAITFOR NOWINDOW="GadTools Fixture"`
//!   while RexxSend's ARexx commands are answered (among them `AUTH` with
//!   a wrong and the right password: RC 10, RC 0; `VERSION`'s RESULT as
//!   long as `version_text`, final LF included); the fixture quits and the
//!   held wait answers RC 0.
//! - `wire-verbs`: every other method of the same client
//!   (`tests-uae/wire/amipilot_verbs.py`): the `@name` and `ROLE=` forms,
//!   the waits, drags, menus, files, LAUNCH/WBLAUNCH, screens, PICK,
//!   SCREENSHOT (decoded, saved as `wire-window.png`/`wire-screen.png` in
//!   the run directory; a client killed mid-capture, the next one served),
//!   MUIREXX, WHERE and `quit()`, which ends GadgetScope RC 0.
//! - `wire-hostile`: raw-socket clients that misbehave
//!   (`tests-uae/wire/hostile.py`): 300 clients that each send a
//!   `WAITFOR` of a 117-character title with `TIMEOUT=600` and vanish
//!   30 ms later (the heap's high-water mark stays level: each wait goes
//!   with its connection), lines of 511, 512 and 5000 bytes,
//!   garbage and NUL bytes, an over-long FSPUT line, FSPUT payloads cut
//!   short by a close, a reset or silence, counts of 70000 and 2^32, wrong
//!   AUTHs in a row, twelve silent and five busy connections, clients that
//!   pipeline FSGETs of 60 KB and never read; a fresh client is served
//!   after each, QUIT ends GadgetScope RC 0 without a panic, and no
//!   memory is lost. The script logs each step to `hd/hostile.log` as it
//!   goes. Its hangs were FS-UAE losing the bsdsocket thread's signal to
//!   GadgetScope, which the harness now mends (docs/design/harness-notes.md
//!   "Lost wakeups", [`uae_harness::uaemend`]).
//! - `wire-dial`: `GadgetScope NOGUI TCPDIAL=127.0.0.1:<port>
//!   TCPPASSWORD=amipilot`, the port chosen by the host at run time
//!   (`tests-uae/wire/dial.py`, bound but not listening, handed over as
//!   `$dialport` through an `ENV:` volume): the first attempt is refused,
//!   GadgetScope dials again until the host listens (an ARexx VERSION is
//!   answered meanwhile); the host serves each
//!   connection it accepts with AmiPilot's own client over the accepted
//!   socket (handshake, AUTH, VERSION, TREE equal to the golden, CLICK),
//!   closes it, and GadgetScope dials again: a line before AUTH and a
//!   wrong password are refused as on a listening wire; `quit()` on the
//!   third connection ends it RC 0. A second start dials `localhost` (a
//!   name the stack looks up). Bad `TCPDIAL` values and `TCPDIAL` with
//!   `TCPPORT` are RC 10 with the reason.
//! - `fs-contain`: the file verbs stay inside `FSROOT=DH0:Staging` over
//!   the wire (FSPUT, FSMKDIR) and ARexx (every other verb): `/` parent
//!   steps at every position, the assign `SYS:`, the volume name `hd:`,
//!   `NIL:`, `CON:`, `PRT:`, a path over 255 bytes; the drive outside
//!   `Staging/` is compared on the host before and after.
//! - `wire-off`: the same start without UAE's bsdsocket.library: the
//!   Shell says why the wire is off and ARexx works as before.
//! - `serial-off`: `GadgetScope NOGUI SERIAL` on the AROS ROM, which has no
//!   serial.device: the Shell says why the serial wire is off (OpenDevice's
//!   `IOERR_OPENFAIL`) and ARexx is answered; then the window with `SERIAL
//!   BAUD=9600`: the same line from its Shell, the reason in its status
//!   line (screenshot `serial-off-window`), ARexx answered, `QUIT` RC 0.
//! - `bench-wire`: round trips, FSGET and SCREENSHOT throughput and memory
//!   (docs/bench/wire.md), an idle check with the wire on, and no memory
//!   lost after `QUIT`.

use crate::rexx::with_arexx;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};
use uae_harness::net::{read_port, BSDSOCKET};
use uae_harness::{Check, HostContext, Scenario};

fn net_probe_host(ctx: &HostContext) -> Result<String, String> {
    let port = read_port(&ctx.hd, "net.port", Duration::from_secs(30))?;
    let mut s = TcpStream::connect(("127.0.0.1", port)).map_err(|e| format!("connect 127.0.0.1:{port}: {e}"))?;
    s.set_read_timeout(Some(Duration::from_secs(20))).map_err(|e| e.to_string())?;
    s.write_all(b"hello\n").map_err(|e| e.to_string())?;
    let mut got = Vec::new();
    let mut buf = [0u8; 64];
    while !got.ends_with(b"\n") {
        let n = s.read(&mut buf).map_err(|e| format!("read: {e} after {got:?}"))?;
        if n == 0 {
            break;
        }
        got.extend_from_slice(&buf[..n]);
    }
    if got != b"echo hello\n" {
        return Err(format!("expected \"echo hello\\n\", got {:?}", String::from_utf8_lossy(&got)));
    }
    Ok(format!("port {port}: echo received\n"))
}

/// The Python of target/tools/venv (with `amipilot`, installed with
/// amitools by `cargo xtask`).
fn python(ctx: &HostContext) -> PathBuf {
    ctx.workspace.join("target/tools/venv/bin/python3")
}

fn script(ctx: &HostContext) -> PathBuf {
    ctx.workspace.join("tests-uae/wire/amipilot_wire.py")
}

fn output_text(out: &std::process::Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr))
}

fn amipilot_main(ctx: &HostContext) -> Result<String, String> {
    let port = read_port(&ctx.hd, "wire.port", Duration::from_secs(60))?;
    let out = Command::new(python(ctx))
        .arg(script(ctx))
        .args(["main", &port.to_string()])
        .arg(ctx.workspace.join("tests-uae/golden"))
        .arg(&ctx.hd)
        .output()
        .map_err(|e| format!("cannot run {}: {e}", python(ctx).display()))?;
    let text = output_text(&out);
    if out.status.success() {
        Ok(text)
    } else {
        Err(format!("amipilot_wire.py main failed:\n{text}"))
    }
}

/// The host clients that outlive their start step (`hold`, `amipilot_verbs.py`), by run directory.
static HOLDERS: Mutex<Vec<(PathBuf, Child)>> = Mutex::new(Vec::new());

/// Keeps `child` as this run's client for the step that ends it. A client
/// an earlier run in the same directory left behind (a hung round of
/// `--repeat`, whose end step never came) is killed and dropped first, so
/// that the end step judges this run's client, not that one.
fn keep_client(ctx: &HostContext, child: Child) -> Result<(), String> {
    let mut holders = HOLDERS.lock().map_err(|e| e.to_string())?;
    for (_, mut stale) in holders.extract_if(.., |(d, _)| *d == ctx.run.dir) {
        let _ = stale.kill();
        let _ = stale.wait();
    }
    holders.push((ctx.run.dir.clone(), child));
    Ok(())
}

fn hold_start(ctx: &HostContext) -> Result<String, String> {
    let port = read_port(&ctx.hd, "wire.port", Duration::from_secs(10))?;
    let ready = ctx.hd.join("hold.ready");
    let mut child = Command::new(python(ctx))
        .arg(script(ctx))
        .args(["hold", &port.to_string()])
        .arg(&ctx.hd)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run {}: {e}", python(ctx).display()))?;
    let t0 = Instant::now();
    while !ready.exists() {
        if let Ok(Some(_)) = child.try_wait() {
            let out = child.wait_with_output().map_err(|e| e.to_string())?;
            return Err(format!("the hold client ended early:\n{}", output_text(&out)));
        }
        if t0.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            return Err("the hold client did not get ready within 60 s".into());
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    keep_client(ctx, child)?;
    Ok("the hold client waits on WAITFOR NOWINDOW\n".into())
}

fn hold_end(ctx: &HostContext) -> Result<String, String> {
    end_client(ctx, "the hold client", Duration::from_secs(60), "the fixture quitting")
}

/// Waits for the client this run started as a [`HOLDERS`] entry to end
/// (at most `limit` after `after`, which the message names): its output,
/// or why it failed.
fn end_client(ctx: &HostContext, name: &str, limit: Duration, after: &str) -> Result<String, String> {
    let mut holders = HOLDERS.lock().map_err(|e| e.to_string())?;
    let i = holders.iter().position(|(d, _)| *d == ctx.run.dir).ok_or(format!("{name} was not started"))?;
    let (_, mut child) = holders.remove(i);
    drop(holders);
    let t0 = Instant::now();
    while child.try_wait().map_err(|e| e.to_string())?.is_none() {
        if t0.elapsed() > limit {
            let _ = child.kill();
            return Err(format!("{name} did not end within {} s of {after}", limit.as_secs()));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().map_err(|e| e.to_string())?;
    let text = output_text(&out);
    if out.status.success() {
        Ok(text)
    } else {
        Err(format!("{name} failed:\n{text}"))
    }
}

/// The manifest `wire-amipilot` loads through the wire.
pub const WIRE_MANIFEST: &str = "\
MANIFEST 2
APP WireTest
WINDOW main \"GadTools Fixture\"
GADGET name main 2
GADGET count main 4
";

/// GadgetScope's start in the wire scenarios.
pub const WIRE_START: &str =
    "GadgetScope NOGUI TCPPORT=0 TCPBIND=127.0.0.1 TCPPASSWORD=amipilot TCPPORTFILE=DH0:wire.port";

/// A foreground GadgetScope start whose Shell output goes to `gs.out`
/// (the output of a `Run` process does not reach its file on this ROM),
/// ended by a RexxSend `QUIT` started in the background first.
fn foreground(s: Scenario, start: &str) -> Scenario {
    s.line("Run >NIL: RexxSend PORT=GADGETSCOPE.1 SCRIPT=DH0:quit.rexx OUT=DH0:quit-fg.out WAITPORT=20")
        .capture(start, "gs")
        .check(Check::Rc("gs".into(), 0))
}

fn wire_amipilot() -> Scenario {
    let mut s = with_arexx(Scenario::new("wire-amipilot"))
        .config(BSDSOCKET.0, BSDSOCKET.1)
        .program("GadgetScope", "GadgetScope")
        .program("GadToolsFixture", "GadToolsFixture")
        .bytes("wire.manifest", WIRE_MANIFEST.as_bytes().to_vec())
        .bytes(
            "during.rexx",
            b"GETTEXT \"GadTools Fixture\" 4\nVERSION\nAUTH wrong\nLASTERROR\nAUTH amipilot\n".to_vec(),
        )
        .bytes("version.rexx", b"VERSION\n".to_vec())
        .bytes("quit.rexx", b"QUIT\n".to_vec())
        .line("Run >NIL: GadToolsFixture");
    for l in uae_harness::scenario::wait_for_file("gadtools-fixture.ready", "fixture-up") {
        s = s.line(l);
    }
    s = s
        .bytes("WireStage/readme", b"files the wire puts go here\n".to_vec())
        .line(format!("Run >NIL: {WIRE_START} FSROOT=DH0:WireStage"))
        .host_step("amipilot", 600, amipilot_main)
        .host_step("hold-start", 120, hold_start)
        .line("RexxSend PORT=GADGETSCOPE.1 SCRIPT=DH0:during.rexx OUT=DH0:during.out WAITPORT=20")
        .line("RexxSend PORT=GADGETSCOPE.1 SCRIPT=DH0:version.rexx OUT=DH0:version.out WAITPORT=20 RCONLY")
        .line("Echo \"quit\" >DH0:gadtools-fixture.quit");
    for l in uae_harness::scenario::wait_for_file("gadtools-fixture.done", "fixture-down") {
        s = s.line(l);
    }
    s = s
        .host_step("hold-end", 120, hold_end)
        .line("RexxSend PORT=GADGETSCOPE.1 SCRIPT=DH0:quit.rexx OUT=DH0:quit.out WAITPORT=20")
        // The first GadgetScope has gone (its port with it) before the
        // second one's QUIT is sent.
        .capture("C:UAETool WAITCLIS COUNT=1 TIMEOUT=60", "gs-gone")
        .check(Check::Rc("gs-gone".into(), 0));
    foreground(s, "GadgetScope NOGUI TCPPORT=0 TCPBIND=127.0.0.1")
        .check(Check::Contains("gs.out".into(), "GadgetScope: wire on TCP port ".into()))
        .check(Check::Equals("quit-fg.out".into(), b"RC 0\n".to_vec()))
        .check(Check::Contains("during.out".into(), "RC 0\nRESULT 42\nRC 0\n".into()))
        // AUTH over ARexx compares with TCPPASSWORD at once and gates nothing.
        .check(Check::Contains(
            "during.out".into(),
            ".\nRC 10\nRC 0\nRESULT AUTH refused: not the password given with TCPPASSWORD\nRC 0\n".into(),
        ))
        // The ARexx RESULT is VERSION's text to the byte, its final LF too.
        .check(Check::Equals(
            "version.out".into(),
            format!("RC 0\nRESULT {} bytes\n", gadgetscope_arexx::version_text(env!("CARGO_PKG_VERSION")).len())
                .into_bytes(),
        ))
        .check(Check::Equals("quit.out".into(), b"RC 0\n".to_vec()))
        .check(Check::Custom(
            "the fixture logged the wire's click and menu pick, and no entry (AmiPilot's TYPE strikes no Return)"
                .into(),
            Box::new(|run| {
                let log = run.read_text("gadtools-fixture.log")?;
                for needle in ["GADGETUP id=1 ", "MENUPICK menu=0 item=0 sub=31"] {
                    if !log.contains(needle) {
                        return Err(format!("no {needle:?} in:\n{log}"));
                    }
                }
                if log.contains("GADGETUP id=2 ") {
                    return Err(format!("the client's type() committed an entry:\n{log}"));
                }
                Ok(())
            }),
        ))
        .timeout(Duration::from_secs(600))
}

/// The manifest `wire-verbs` loads: names in the GadTools fixture and the
/// WhereFixture's WHERE port.
pub const VERBS_MANIFEST: &str = "\
MANIFEST 2
APP WireVerbs
WHEREPORT WHEREFIX
WINDOW main \"GadTools Fixture\"
GADGET connect main 1
GADGET name main 2
GADGET count main 4
GADGET level main 5
GADGET mode main 6
WINDOW where \"Where Fixture\"
WHEREGADGET go where
WHEREGADGET ghost where
";

fn verbs_script(ctx: &HostContext) -> PathBuf {
    ctx.workspace.join("tests-uae/wire/amipilot_verbs.py")
}

/// Starts `amipilot_verbs.py run`, which waits for GadgetScope's port
/// file itself (GadgetScope starts after this step, in the foreground).
fn verbs_start(ctx: &HostContext) -> Result<String, String> {
    let run = [
        verbs_script(ctx).into_os_string(),
        "run".into(),
        ctx.hd.clone().into_os_string(),
        ctx.run.dir.clone().into_os_string(),
    ];
    start_held(ctx, "amipilot_verbs.py", &run)
}

/// Starts `python <args…>` with its output piped and keeps it for the
/// step that ends it (`end_client`): `<name> started`.
fn start_held(ctx: &HostContext, name: &str, args: &[std::ffi::OsString]) -> Result<String, String> {
    let child = Command::new(python(ctx))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run {}: {e}", python(ctx).display()))?;
    keep_client(ctx, child)?;
    Ok(format!("{name} started\n"))
}

/// The client has ended (its `quit()` ended GadgetScope, so the script got
/// here): its output, or why it failed.
fn verbs_end(ctx: &HostContext) -> Result<String, String> {
    end_client(ctx, "amipilot_verbs.py", Duration::from_secs(30), "GadgetScope's exit")
}

/// `wire-verbs`: every method of AmiPilot's client that `wire-amipilot`
/// does not call, against GadgetScope in the foreground of the boot Shell
/// (`tests-uae/wire/amipilot_verbs.py`, checked by the fixtures' logs and
/// what the launched programs write), ended by the client's `quit()`:
/// GadgetScope's RC 0 is checked. A RexxSend echo host (`ECHO.1`) stands in
/// for a MUI program's port; the WhereFixture and the ScreenFixture are
/// started by the client's `launch()`.
fn wire_verbs() -> Scenario {
    let mut s = with_arexx(Scenario::new("wire-verbs"))
        .config(BSDSOCKET.0, BSDSOCKET.1)
        .program("GadgetScope", "GadgetScope")
        .program("GadToolsFixture", "GadToolsFixture")
        .program("ScreenFixture", "ScreenFixture")
        .program("WhereFixture", "WhereFixture")
        .program("Tools/UAETool", "UAETool")
        .bytes("Tools/UAETool.info", crate::arexx_client::tool_icon(&["MODE=icon", "KEEP=1"], 16384))
        .bytes("verbs.manifest", VERBS_MANIFEST.as_bytes().to_vec())
        .bytes("WireStage/readme", b"files the wire puts go here\n".to_vec())
        .line("Run >NIL: GadToolsFixture");
    for l in uae_harness::scenario::wait_for_file("gadtools-fixture.ready", "fixture-up") {
        s = s.line(l);
    }
    s = s
        .line("Run >NIL: RexxSend SERVE PORT=ECHO.1 OUT=DH0:echo.log DONE=DH0:echo.done")
        .host_step("verbs-start", 60, verbs_start)
        .capture(&format!("{WIRE_START} FSROOT=DH0:WireStage"), "gs")
        .host_step("verbs-end", 60, verbs_end)
        .line("Echo \"quit\" >DH0:gadtools-fixture.quit");
    for l in uae_harness::scenario::wait_for_file("gadtools-fixture.done", "fixture-down") {
        s = s.line(l);
    }
    s.check(Check::Rc("gs".into(), 0))
        .check(Check::Custom(
            "GadgetScope's Shell output is its two start lines and nothing else (no panic, no unfreed signals)".into(),
            Box::new(|run| {
                let out = run.read_text("gs.out")?;
                match out.lines().collect::<Vec<_>>().as_slice() {
                    ["GadgetScope: ARexx port GADGETSCOPE.1", wire]
                        if wire.starts_with("GadgetScope: wire on TCP port ") =>
                    {
                        Ok(())
                    }
                    _ => Err(format!("gs.out:\n{out}")),
                }
            }),
        ))
        .check(Check::Contains(
            "echo.log".into(),
            "CMD hello mui RESULT=1\nCMD FAIL RESULT=1\nCMD QUIT RESULT=1\n".into(),
        ))
        .check(Check::Custom(
            "the WhereFixture logged the WHERE queries, the click and its quit, in order".into(),
            Box::new(|run| {
                let log = run.read_text("where-fixture.log")?;
                let mut at = 0;
                for needle in
                    ["WHERE go rc=0 ", "WHERE go rc=0 ", "GADGETUP id=1 ", "WHERE ghost rc=10", "QUIT reason=file"]
                {
                    match log[at..].find(needle) {
                        Some(i) => at += i + needle.len(),
                        None => return Err(format!("no {needle:?} (in this order) in:\n{log}")),
                    }
                }
                Ok(())
            }),
        ))
        .timeout(Duration::from_secs(180))
}

/// Starts `dial.py run`, which binds the host's port and writes it to
/// `Env/dialport` (the `ENV:` volume: `$dialport` on the Amiga), and waits
/// for that file: the start line after this step reads it.
fn dial_start(ctx: &HostContext) -> Result<String, String> {
    let run = [
        ctx.workspace.join("tests-uae/wire/dial.py").into_os_string(),
        "run".into(),
        ctx.hd.clone().into_os_string(),
        ctx.workspace.join("tests-uae/golden").into_os_string(),
    ];
    start_held(ctx, "dial.py", &run)?;
    let t0 = Instant::now();
    while !ctx.hd.join("Env/dialport").exists() {
        if t0.elapsed() > Duration::from_secs(30) {
            return Err("dial.py did not write Env/dialport within 30 s".into());
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    Ok(format!("the host took port {}\n", std::fs::read_to_string(ctx.hd.join("Env/dialport")).unwrap_or_default()))
}

fn dial_end(ctx: &HostContext) -> Result<String, String> {
    end_client(ctx, "dial.py", Duration::from_secs(60), "the second GadgetScope's exit")
}

/// `wire-dial`: GadgetScope dials out (`TCPDIAL`) to a host that is not
/// listening yet, then is served by it with AmiPilot's own client over
/// each connection the host accepts (`tests-uae/wire/dial.py`): the host
/// closes one, GadgetScope dials again; a wrong password is refused;
/// `quit()` ends it. The port is the host's, chosen when the scenario runs
/// and read by the Amiga line as `$dialport`, a global variable on the
/// scenario's `ENV:` volume (a second directory drive). A second start
/// dials `localhost:$dialport`. Before both, the Shell's refusals of bad
/// values.
fn wire_dial() -> Scenario {
    let mut s = with_arexx(Scenario::new("wire-dial"))
        .config(BSDSOCKET.0, BSDSOCKET.1)
        .program("GadgetScope", "GadgetScope")
        .program("GadToolsFixture", "GadToolsFixture")
        // ENV: for `$dialport` (the relative path is resolved against
        // FS-UAE's working directory, the run directory).
        .bytes("Env/README", b"ENV: for the wire-dial scenario (FS-UAE hard_drive_1)\n".to_vec())
        .config("hard_drive_1", "hd/Env")
        .config("hard_drive_1_label", "ENV")
        .capture("GadgetScope NOGUI TCPDIAL=127.0.0.1:0", "bad-port")
        .capture("GadgetScope NOGUI TCPDIAL=127.0.0.1", "no-colon")
        .capture("GadgetScope NOGUI TCPDIAL=10.0.0.1:1234 TCPPORT=1234", "with-port")
        .line("Run >NIL: GadToolsFixture");
    for l in uae_harness::scenario::wait_for_file("gadtools-fixture.ready", "fixture-up") {
        s = s.line(l);
    }
    s = s
        .bytes("version.rexx", b"VERSION\n".to_vec())
        .host_step("dial-start", 60, dial_start)
        // Answered while the wire waits to dial again (dial.py waits for it).
        .line("Run >NIL: RexxSend PORT=GADGETSCOPE.1 SCRIPT=DH0:version.rexx OUT=DH0:waiting.out WAITPORT=20")
        .capture("GadgetScope NOGUI TCPDIAL=127.0.0.1:$dialport TCPPASSWORD=amipilot", "gs")
        .capture("GadgetScope NOGUI TCPDIAL=localhost:$dialport", "gs2")
        .host_step("dial-end", 60, dial_end)
        .line("Echo \"quit\" >DH0:gadtools-fixture.quit");
    for l in uae_harness::scenario::wait_for_file("gadtools-fixture.done", "fixture-down") {
        s = s.line(l);
    }
    let refused = |s: Scenario, tag: &str, says: &str| {
        s.check(Check::Rc(tag.into(), 10))
            .check(Check::Equals(format!("{tag}.out"), format!("GadgetScope: {says}\n").into_bytes()))
    };
    s = refused(s, "bad-port", "TCPDIAL's port must be 1 to 65535, not \"0\"");
    s = refused(s, "no-colon", "TCPDIAL must be <host>:<port>, not \"127.0.0.1\"");
    s = refused(s, "with-port", "TCPDIAL and TCPPORT do not go together");
    s.check(Check::Rc("gs".into(), 0))
        .check(Check::Rc("gs2".into(), 0))
        .check(Check::Custom(
            "each GadgetScope said how the dialing went, and nothing else".into(),
            Box::new(|run| {
                let port = run.read_text("Env/dialport")?;
                let to = format!("127.0.0.1:{port}");
                let want = [
                    "GadgetScope: ARexx port GADGETSCOPE.1".to_string(),
                    format!("GadgetScope: wire dials {to}"),
                    format!("GadgetScope: cannot reach {to} (errno 61); dialing again in 5 s"),
                    format!("GadgetScope: wire connected to {to}"),
                    format!("GadgetScope: the wire to {to} ended; dialing again in 5 s"),
                    format!("GadgetScope: wire connected to {to}"),
                    format!("GadgetScope: the wire to {to} ended; dialing again in 5 s"),
                    format!("GadgetScope: wire connected to {to}"),
                ];
                let out = run.read_text("gs.out")?;
                if out.lines().collect::<Vec<_>>() != want {
                    return Err(format!("gs.out:\n{out}\nwant:\n{}", want.join("\n")));
                }
                let to = format!("localhost:{port}");
                let want2 = [
                    "GadgetScope: ARexx port GADGETSCOPE.1".to_string(),
                    format!("GadgetScope: wire dials {to}"),
                    format!("GadgetScope: wire connected to {to}"),
                ];
                let out2 = run.read_text("gs2.out")?;
                if out2.lines().collect::<Vec<_>>() != want2 {
                    return Err(format!("gs2.out:\n{out2}\nwant:\n{}", want2.join("\n")));
                }
                Ok(())
            }),
        ))
        .timeout(Duration::from_secs(300))
}

/// The scenarios of this module.
pub fn scenarios() -> Vec<Scenario> {
    let off = with_arexx(Scenario::new("wire-off"))
        .program("GadgetScope", "GadgetScope")
        .bytes("quit.rexx", b"VERSION\nQUIT\n".to_vec());
    let off = foreground(off, WIRE_START)
        .check(Check::Contains(
            "gs.out".into(),
            "GadgetScope: the wire is off: needs bsdsocket.library version 4 (no TCP/IP stack is running)\n".into(),
        ))
        .check(Check::Contains("quit-fg.out".into(), "RC 0\nRESULT\nAMIPILOT 1.1 PROTOCOL 1\n".into()))
        .timeout(Duration::from_secs(90));
    vec![
        wire_amipilot(),
        wire_verbs(),
        off,
        serial_off(),
        bench_wire(),
        wire_hostile(),
        wire_dial(),
        fs_contain(),
        Scenario::new("net-probe")
            .config(BSDSOCKET.0, BSDSOCKET.1)
            .program("C/UAETool", "UAETool")
            .line("Run >NIL: C:UAETool NETPROBE FILE=DH0:net")
            .host_step("net", 60, net_probe_host)
            .line("C:UAETool WAITFILE FILE=DH0:net.done TIMEOUT=30")
            .check(Check::Contains("net".into(), "port ".into()))
            .check(Check::Contains("net".into(), "peer 127.0.0.1 line hello".into()))
            .timeout(Duration::from_secs(90)),
    ]
}

/// What GadgetScope says when the ROM has no serial.device.
const SERIAL_OFF: &str =
    "GadgetScope: the serial wire is off: cannot open serial.device unit 0: no such device or unit (error -1)\n";

fn serial_off() -> Scenario {
    let s = with_arexx(Scenario::new("serial-off"))
        .program("GadgetScope", "GadgetScope")
        .program("C/UAETool", "UAETool")
        .bytes("quit.rexx", b"VERSION\nQUIT\n".to_vec())
        .bytes("version.rexx", b"VERSION\n".to_vec());
    // NOGUI in the foreground: its Shell output whole.
    foreground(s, "GadgetScope NOGUI SERIAL")
        .check(Check::Custom(
            "NOGUI SERIAL: the ARexx port line, then why the serial wire is off, nothing else".into(),
            Box::new(|run| {
                let out = run.read_text("gs.out")?;
                if out == format!("GadgetScope: ARexx port GADGETSCOPE.1\n{SERIAL_OFF}") {
                    Ok(())
                } else {
                    Err(format!("gs.out:\n{out}"))
                }
            }),
        ))
        .check(Check::Contains("quit-fg.out".into(), "RC 0\nRESULT\nAMIPILOT 1.1 PROTOCOL 1\n".into()))
        // The window: the reason in its status line too (a Run's own
        // output is not the program's on AROS: the screenshot's start is
        // detached, the Shell line is read from a second, foreground one).
        .line("Run >NIL: GadgetScope SERIAL BAUD=9600")
        .line("RexxSend PORT=GADGETSCOPE.1 SCRIPT=DH0:version.rexx OUT=DH0:version.out WAITPORT=20")
        .screenshot("serial-off-window")
        .line("RexxSend PORT=GADGETSCOPE.1 SCRIPT=DH0:quit.rexx OUT=DH0:quit-w.out WAITPORT=20")
        .capture("C:UAETool WAITCLIS COUNT=1 TIMEOUT=60", "gsw-gone")
        .check(Check::Rc("gsw-gone".into(), 0))
        .check(Check::Contains("version.out".into(), "RC 0\nRESULT\nAMIPILOT 1.1 PROTOCOL 1\n".into()))
        .check(Check::Contains("quit-w.out".into(), "RC 0\n".into()))
        .line("Run >NIL: RexxSend PORT=GADGETSCOPE.1 SCRIPT=DH0:quit.rexx OUT=DH0:quit-w2.out WAITPORT=20")
        .capture("GadgetScope SERIAL BAUD=9600", "gsw")
        .check(Check::Rc("gsw".into(), 0))
        .check(Check::Contains("gsw.out".into(), SERIAL_OFF.into()))
        .check(Check::Contains("quit-w2.out".into(), "RC 0\nRESULT\nAMIPILOT 1.1 PROTOCOL 1\n".into()))
        .timeout(Duration::from_secs(120))
}

fn bench_wire_host(ctx: &HostContext) -> Result<String, String> {
    let port = read_port(&ctx.hd, "wire.port", Duration::from_secs(120))?;
    let out = Command::new(python(ctx))
        .arg(script(ctx))
        .args(["bench", &port.to_string()])
        .output()
        .map_err(|e| format!("cannot run {}: {e}", python(ctx).display()))?;
    let text = output_text(&out);
    if out.status.success() && text.contains("GETTEXT: median") && text.contains("SCREENSHOT: ") {
        Ok(text)
    } else {
        Err(format!("amipilot_wire.py bench failed:\n{text}"))
    }
}

fn client_start(ctx: &HostContext) -> Result<String, String> {
    let port = read_port(&ctx.hd, "wire.port", Duration::from_secs(10))?;
    let mut child = Command::new(python(ctx))
        .arg(script(ctx))
        .args(["client", &port.to_string()])
        .arg(&ctx.hd)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run {}: {e}", python(ctx).display()))?;
    let t0 = Instant::now();
    while !ctx.hd.join("client.ready").exists() {
        if let Ok(Some(_)) = child.try_wait() {
            let out = child.wait_with_output().map_err(|e| e.to_string())?;
            return Err(format!("the client ended early:\n{}", output_text(&out)));
        }
        if t0.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            return Err("the client did not connect within 60 s".into());
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    keep_client(ctx, child)?;
    Ok("one client connected\n".into())
}

fn client_release(ctx: &HostContext) -> Result<String, String> {
    std::fs::write(ctx.hd.join("release"), b"go\n").map_err(|e| e.to_string())?;
    hold_end(ctx)
}

/// `bench-wire`: round trips of TREE and GETTEXT over the wire, the
/// throughput of FSGET (64 KB, from `FSROOT=DH0:WireBench`, granted in
/// every start so the memory comparison stays fair) and SCREENSHOT, and
/// the resident memory the wire adds (docs/design/performance.md). The A1200
/// at real speed (`uae_cpu_speed = real`, `accuracy = 0`, as
/// `bench-arexx`) and without warp, so host time is the Amiga's time (the
/// host step's first line checks it). Memory: `UAETool AVAIL` around a
/// start without the wire and one with it (idle, then one client
/// connected), after a warm-up start (rexxsyslib.library stays loaded).
pub fn bench_wire() -> Scenario {
    let mut s = with_arexx(Scenario::new("bench-wire"))
        .alone()
        .config(BSDSOCKET.0, BSDSOCKET.1)
        .config("uae_cpu_speed", "real")
        .config("accuracy", "0")
        .config("warp_mode", "0")
        .program("GadgetScope", "GadgetScope")
        .program("GadToolsFixture", "GadToolsFixture")
        .program("C/UAETool", "UAETool")
        .bytes("version.rexx", b"VERSION\n".to_vec())
        .bytes("quit.rexx", b"QUIT\n".to_vec())
        .bytes("WireBench/readme", b"FSGET's 64 KB file is put here\n".to_vec())
        // NOQUITFILE: a fixture polling its quit file moves free memory
        // between two samples (docs/design/harness-notes.md "Free memory").
        .line("Run >NIL: GadToolsFixture NOQUITFILE");
    for l in uae_harness::scenario::wait_for_file("gadtools-fixture.ready", "fixture-up") {
        s = s.line(l);
    }
    let cycle = |s: Scenario, start: &str, tag: &str| {
        s.line("C:UAETool WAITCLIS COUNT=2 TIMEOUT=60")
            .line(format!("C:UAETool AVAIL FILE=DH0:mem-before-{tag}"))
            .line(format!("Run QUIET >NIL: {start}"))
            .line(format!("RexxSend PORT=GADGETSCOPE.1 SCRIPT=DH0:version.rexx OUT=DH0:version-{tag}.out WAITPORT=20"))
            .line(format!("C:UAETool AVAIL FILE=DH0:mem-idle-{tag}"))
    };
    let quit = |s: Scenario, tag: &str| {
        s.line(format!("RexxSend PORT=GADGETSCOPE.1 SCRIPT=DH0:quit.rexx OUT=DH0:quit-{tag}.out WAITPORT=20"))
    };
    s = quit(cycle(s, "GadgetScope NOGUI FSROOT=DH0:WireBench", "warm"), "warm");
    // What a plain `Run QUIET` keeps on this ROM (RUN_KEEPS: without
    // QUIET, Run's "[CLI n]" line in the boot console's scrollback may or
    // may not take memory, arexx_more.rs), after the warm-up has loaded
    // what stays loaded.
    s = s
        .line("C:UAETool WAITCLIS COUNT=2 TIMEOUT=60")
        .line("C:UAETool AVAIL FILE=DH0:run-before")
        .line("Run QUIET >NIL: RexxSend AWAIT=DH0:never-there WAITPORT=1")
        .line("RexxSend AWAIT=DH0:never-there WAITPORT=2")
        .line("C:UAETool WAITCLIS COUNT=2 TIMEOUT=60")
        .line("C:UAETool AVAIL FILE=DH0:run-after");
    s = quit(cycle(s, "GadgetScope NOGUI FSROOT=DH0:WireBench", "arexx"), "arexx");
    let with_wire = "GadgetScope NOGUI FSROOT=DH0:WireBench TCPPORT=0 TCPBIND=127.0.0.1 TCPPORTFILE=DH0:wire.port";
    s = cycle(s, with_wire, "wire")
        // Idle with the wire on: asleep in WaitSelect(), with the ARexx
        // port's signal among those it waits for.
        .line("C:UAETool IDLE PORT=GADGETSCOPE.1 FILE=DH0:idle-wire.out COUNT=10")
        .check(Check::Custom(
            "idle with the wire on: 10 of 10 samples TS_WAIT with the port's signal".into(),
            Box::new(|run| {
                let text = run.read_text("idle-wire.out")?;
                let asleep = text.lines().filter(|l| l.starts_with("state=4 ") && l.ends_with("portbit=yes")).count();
                if asleep == 10 && text.lines().count() == 10 {
                    Ok(())
                } else {
                    Err(format!("idle-wire.out:\n{text}"))
                }
            }),
        ))
        .host_step("client", 120, client_start)
        .line("C:UAETool AVAIL FILE=DH0:mem-client-wire")
        .host_step("release", 120, client_release)
        .host_step("bench", 600, bench_wire_host);
    quit(s, "wire")
        .line("C:UAETool WAITCLIS COUNT=2 TIMEOUT=60")
        .line("C:UAETool AVAIL FILE=DH0:mem-after-wire")
        .check(Check::Custom(
            "free memory after the wire's QUIT equals before, less exactly what a plain Run keeps".into(),
            Box::new(|run| {
                let n = |f: &str| -> Result<i64, String> {
                    run.read_text(f)?.trim().parse::<i64>().map_err(|e| format!("{f}: {e}"))
                };
                let run_loss = n("run-before")? - n("run-after")?;
                let loss = n("mem-before-wire")? - n("mem-after-wire")?;
                if loss == run_loss && run_loss == crate::arexx_more::RUN_KEEPS {
                    Ok(())
                } else {
                    Err(format!(
                        "GadgetScope with the wire lost {loss} bytes, a plain Run QUIET {run_loss} (expected {})",
                        crate::arexx_more::RUN_KEEPS
                    ))
                }
            }),
        ))
        .timeout(Duration::from_secs(600))
}

/// Starts `hostile.py`, which waits for GadgetScope's port file itself
/// (GadgetScope starts after this step, in the foreground) and ends it
/// with `QUIT`.
fn hostile_start(ctx: &HostContext) -> Result<String, String> {
    let run = [ctx.workspace.join("tests-uae/wire/hostile.py").into_os_string(), ctx.hd.clone().into_os_string()];
    start_held(ctx, "hostile.py", &run)
}

fn hostile_end(ctx: &HostContext) -> Result<String, String> {
    end_client(ctx, "hostile.py", Duration::from_secs(30), "GadgetScope's exit")
}

/// Vanished clients' waits (hostile.py `probe_vanishing`) are freed with
/// their connections: the heap's high-water mark (GSMEMSTAT's line after
/// each command) is the same at the last WAITFOR before the phase's
/// closing LASTERROR as at the first WAITFOR after the first fresh
/// client's SCREENS (which needs more heap than a WAITFOR). Kept until
/// their TIMEOUT, each wait would add its pattern and state until the heap
/// ran out. At least 200 of the 300 WAITFORs must have been taken (a
/// client closes 30 ms after sending: a line that arrives with its
/// connection's end is dropped unread).
fn vanished_waits_freed() -> Check {
    Check::Custom(
        "the heap's high-water mark stays level over 300 vanished waiting clients (memstat)".into(),
        Box::new(|run| {
            let text = run.read_text("memstat")?;
            let lines: Vec<(&str, u64)> = text
                .lines()
                .filter_map(|l| {
                    let mut w = l.strip_prefix("GadgetScope ")?.split(' ');
                    let verb = w.next()?;
                    (w.next()? == "heap").then_some(())?;
                    Some((verb, w.next()?.parse().ok()?))
                })
                .collect();
            let end = lines.iter().position(|l| l.0 == "LASTERROR").ok_or("no LASTERROR line in memstat")?;
            let phase = &lines[..end];
            let waits = phase.iter().filter(|l| l.0 == "WAITFOR").count();
            let screens = phase.iter().position(|l| l.0 == "SCREENS").ok_or("no SCREENS line before LASTERROR")?;
            let first = phase[screens..].iter().find(|l| l.0 == "WAITFOR").ok_or("no WAITFOR after SCREENS")?.1;
            let last = phase.iter().rev().find(|l| l.0 == "WAITFOR").map_or(0, |l| l.1);
            if waits < 200 {
                Err(format!("{waits} of the 300 vanishing clients' WAITFORs were taken, fewer than 200"))
            } else if last != first {
                Err(format!("the heap's high-water mark rose from {first} to {last} over {waits} vanished WAITFORs"))
            } else {
                Ok(())
            }
        }),
    )
}

/// `wire-hostile`: clients that misbehave on raw sockets
/// (`tests-uae/wire/hostile.py`: over-long lines, garbage, half-sent
/// FSPUT payloads, many connections, wrong passwords, a client that stops
/// reading its replies); after each a fresh client is served. Then the
/// script's QUIT ends GadgetScope RC 0 with nothing on its Shell but its
/// start lines, and free memory is what it was before its start, less
/// what a plain `Run QUIET` keeps.
fn wire_hostile() -> Scenario {
    let start = "GadgetScope NOGUI TCPPORT=0 TCPBIND=127.0.0.1 TCPPASSWORD=amipilot FSROOT=DH0:WireStage";
    let mut s = with_arexx(Scenario::new("wire-hostile"))
        .config(BSDSOCKET.0, BSDSOCKET.1)
        .program("GadgetScope", "GadgetScope")
        .program("C/UAETool", "UAETool")
        .bytes("quit.rexx", b"QUIT\n".to_vec())
        .bytes("WireStage/big.bin", vec![b'Z'; 60_000]);
    for n in [32000, 16000, 8000, 4000, 2000, 1000, 500, 250, 128, 64] {
        s = s.bytes(format!("WireStage/s{n}"), vec![b'z'; n]);
    }
    // A warm-up start: what stays loaded (rexxsyslib.library, UAE's
    // bsdsocket.library) is loaded before memory is measured. Both starts
    // note their heap's high-water mark after each command (GSMEMSTAT).
    s.line("Set GSMEMSTAT DH0:memstat")
        .line(format!("Run QUIET >NIL: {start} TCPPORTFILE=DH0:warm.port"))
        .line("RexxSend PORT=GADGETSCOPE.1 SCRIPT=DH0:quit.rexx OUT=DH0:quit-warm.out WAITPORT=20")
        .line("C:UAETool WAITCLIS COUNT=1 TIMEOUT=60")
        .line("C:UAETool AVAIL FILE=DH0:mem-before")
        .host_step("hostile-start", 60, hostile_start)
        .capture(&format!("{start} TCPPORTFILE=DH0:wire.port"), "gs")
        .host_step("hostile-end", 60, hostile_end)
        .line("C:UAETool AVAIL FILE=DH0:mem-after")
        .check(Check::Rc("gs".into(), 0))
        .check(Check::Custom(
            "GadgetScope's Shell output is its two start lines and nothing else (no panic)".into(),
            Box::new(|run| {
                let out = run.read_text("gs.out")?;
                match out.lines().collect::<Vec<_>>().as_slice() {
                    ["GadgetScope: ARexx port GADGETSCOPE.1", wire]
                        if wire.starts_with("GadgetScope: wire on TCP port ") =>
                    {
                        Ok(())
                    }
                    _ => Err(format!("gs.out:\n{out}")),
                }
            }),
        ))
        .check(vanished_waits_freed())
        .check(Check::Custom(
            "free memory after QUIT equals before the start".into(),
            Box::new(|run| {
                let n = |f: &str| -> Result<i64, String> {
                    run.read_text(f)?.trim().parse::<i64>().map_err(|e| format!("{f}: {e}"))
                };
                let loss = n("mem-before")? - n("mem-after")?;
                if loss == 0 {
                    Ok(())
                } else {
                    Err(format!("lost {loss} bytes"))
                }
            }),
        ))
        .timeout(Duration::from_secs(600))
}

/// The `serve` scenario's host step: says how to reach the server, then
/// waits for Ctrl-C, which [`uae_harness::signals`] hands here (SIGTERM and
/// SIGHUP end the emulator at once instead).
/// What `fs-contain` gets for `PRT:` paths: the ROM mounts no `PRT:`, so
/// the Lock of the path's directory fails at once (no handler, no hang).
const NO_PRT: &str = "PRT:: device (or volume) is not mounted";
/// What `fs-contain` gets for a path that leads out of its root.
const OUTSIDE: &str = "is outside the granted FSROOT directories (DH0:Staging)";
/// … for a path on `NIL:` and on `CON:`.
const ON_NIL: &str = "is on NIL:, a device that is not a filesystem";
const ON_CON: &str = "is on CON:, a device that is not a filesystem";

/// `fs-contain`'s start: the file verbs granted `DH0:Staging` only, the
/// wire on for FSPUT (which carries its bytes on the wire only).
const CONTAIN_START: &str =
    "GadgetScope NOGUI FSROOT=DH0:Staging TCPPORT=0 TCPBIND=127.0.0.1 TCPPORTFILE=DH0:wire.port";

/// A path of `DH0:Staging/` and `x`s, 256 bytes: one more than AmigaDOS takes.
fn over_long() -> String {
    format!("DH0:Staging/{}", "x".repeat(256 - "DH0:Staging/".len()))
}

/// `fs-contain`'s ARexx lines, each with its RC and (for an error) what
/// its LASTERROR says. Parent steps at every position, the ROM's assign
/// `SYS:` and the drive's volume name `hd:` (both for `DH0:`), devices
/// that are not filesystems, an over-long path; and steps that stay
/// inside, which work.
fn contain_lines() -> Vec<(String, i32, &'static str)> {
    let mut v: Vec<(String, i32, &'static str)> = [
        ("FSMKDIR DH0:Staging//EscDir", 10, OUTSIDE),
        ("FSMKDIR DH0:Staging/sub///EscDir2", 10, OUTSIDE),
        ("FSMKDIR DH0:Staging//Other/EscDir3", 10, OUTSIDE),
        ("FSMKDIR DH0:Staging/sub////EscDir4", 10, OUTSIDE),
        ("FSDELETE DH0:Staging//Other/secret", 10, OUTSIDE),
        ("FSDELETE DH0:Staging/sub///Other", 10, OUTSIDE),
        ("FSGET DH0:Staging/sub///Other/secret", 10, OUTSIDE),
        ("FSLIST DH0:Staging//", 10, OUTSIDE),
        ("FSSTAT DH0:Staging/sub///Other", 10, OUTSIDE),
        ("FSMKDIR SYS:EscAssign", 10, OUTSIDE),
        ("FSMKDIR SYS:Staging//EscAssign2", 10, OUTSIDE),
        ("FSGET SYS:Other/secret", 10, OUTSIDE),
        ("FSDELETE SYS:Other/secret", 10, OUTSIDE),
        ("FSMKDIR hd:EscVolume", 10, OUTSIDE),
        ("FSMKDIR hd:Staging/sub///EscVolume2", 10, OUTSIDE),
        ("FSLIST hd:", 10, OUTSIDE),
        ("FSMKDIR NIL:EscNil", 10, ON_NIL),
        ("FSSTAT NIL:", 10, ON_NIL),
        ("FSMKDIR CON:0/0/100/50/EscCon", 10, ON_CON),
        ("FSLIST CON:0/0/100/50/x", 10, ON_CON),
        ("FSMKDIR PRT:EscPrt", 20, NO_PRT),
        ("FSGET PRT:x", 20, NO_PRT),
        ("FSMKDIR DH0:Staging/sub//Made", 0, "created"),
        ("FSSTAT DH0:Staging/Made", 0, "entry name=\"Made\" type=dir"),
        ("FSDELETE DH0:Staging/sub//Made", 0, "deleted"),
        ("FSGET DH0:Staging/sub//keep.txt", 0, "inside"),
    ]
    .into_iter()
    .map(|(l, rc, says)| (l.to_string(), rc, says))
    .collect();
    for verb in ["FSMKDIR", "FSGET", "FSDELETE"] {
        v.push((format!("{verb} {}", over_long()), 10, "path longer than 255 bytes"));
    }
    v
}

/// The ARexx script of `fs-contain`: [`contain_lines`], LASTERROR after
/// each error, then QUIT.
fn contain_script() -> String {
    let mut out = String::new();
    for (line, rc, _) in contain_lines() {
        out.push_str(&line);
        out.push('\n');
        if rc != 0 {
            out.push_str("LASTERROR\n");
        }
    }
    out.push_str("QUIT\n");
    out
}

/// The drive's files and directories outside `Staging/`, with their bytes,
/// except what the scenario itself writes after the first listing.
fn drive_listing(hd: &Path) -> Result<std::collections::BTreeMap<String, Option<Vec<u8>>>, String> {
    fn walk(
        dir: &Path,
        rel: &str,
        out: &mut std::collections::BTreeMap<String, Option<Vec<u8>>>,
    ) -> Result<(), String> {
        let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        for e in entries {
            let e = e.map_err(|e| e.to_string())?;
            let name = e.file_name().to_string_lossy().into_owned();
            let path = if rel.is_empty() { name.clone() } else { format!("{rel}/{name}") };
            // `Staging.uaem` is UAE's note of the root's own date, which
            // changes with what is made inside.
            let ours = ["contain.", "gs-gone.", "sentinel", "host-request-", "host-done-"];
            let root = name.eq_ignore_ascii_case("Staging") || name.eq_ignore_ascii_case("Staging.uaem");
            if rel.is_empty() && (root || ours.iter().any(|o| name.starts_with(o))) {
                continue;
            }
            if e.file_type().map_err(|e| e.to_string())?.is_dir() {
                out.insert(format!("{path}/"), None);
                walk(&e.path(), &path, out)?;
            } else {
                out.insert(path, Some(std::fs::read(e.path()).map_err(|e| e.to_string())?));
            }
        }
        Ok(())
    }
    let mut out = std::collections::BTreeMap::new();
    walk(hd, "", &mut out)?;
    Ok(out)
}

fn listing_file(ctx: &HostContext) -> PathBuf {
    ctx.hd.parent().unwrap_or(&ctx.hd).join("contain-before.txt")
}

fn listing_text(l: &std::collections::BTreeMap<String, Option<Vec<u8>>>) -> String {
    let mut t = String::new();
    for (name, bytes) in l {
        match bytes {
            Some(b) => t.push_str(&format!("{name} {} {:x}\n", b.len(), digest(b))),
            None => t.push_str(&format!("{name}\n")),
        }
    }
    t
}

/// A digest of `b`, enough to see that a file's bytes changed: std's
/// hasher, whose fixed keys give the same value for the same bytes in one
/// run (both listings are made by this process).
fn digest(b: &[u8]) -> u64 {
    use std::hash::{DefaultHasher, Hash, Hasher};
    let mut h = DefaultHasher::new();
    b.hash(&mut h);
    h.finish()
}

/// `fs-contain`, on the host once GadgetScope is up: lists the drive
/// outside `Staging/`, then sends FSPUT (and a few FSMKDIR) over the wire
/// at paths that lead out, and one that stays inside.
fn contain_wire(ctx: &HostContext) -> Result<String, String> {
    let port = read_port(&ctx.hd, "wire.port", Duration::from_secs(60))?;
    std::fs::write(listing_file(ctx), listing_text(&drive_listing(&ctx.hd)?)).map_err(|e| e.to_string())?;
    let mut s = crate::wire_client::Wire::connect(port, Duration::from_secs(30))?;
    let reply = |s: &mut crate::wire_client::Wire, request: &[u8]| s.send(request).map(|r| (r.rc, r.text()));
    let long = over_long();
    let puts: Vec<(&str, i32, &str)> = vec![
        ("DH0:Staging//escaped-put.txt", 10, OUTSIDE),
        ("DH0:Staging/sub///escaped-put2.txt", 10, OUTSIDE),
        ("DH0:Staging//Other/escaped-put3.txt", 10, OUTSIDE),
        ("DH0:Staging/sub////escaped-put4.txt", 10, OUTSIDE),
        ("DH0:Staging//Other/secret", 10, OUTSIDE),
        ("SYS:escaped-sys.txt", 10, OUTSIDE),
        ("SYS:Staging//escaped-sys2.txt", 10, OUTSIDE),
        ("hd:escaped-volume.txt", 10, OUTSIDE),
        ("hd:Staging/sub///escaped-volume2.txt", 10, OUTSIDE),
        ("NIL:escaped-nil.txt", 10, ON_NIL),
        ("CON:0/0/100/50/escaped-con", 10, ON_CON),
        ("PRT:escaped-prt", 20, NO_PRT),
        (&long, 10, "path longer than 255 bytes"),
        ("DH0:Staging/sub//put-inside.txt", 0, "written"),
    ];
    let mut log = String::new();
    let data = b"escaped\n";
    let mut bad = Vec::new();
    for (path, rc, says) in puts {
        let mut req = format!("FSPUT \"{path}\" {}\n", data.len()).into_bytes();
        req.extend_from_slice(data);
        let (got, text) = reply(&mut s, &req)?;
        log.push_str(&format!("FSPUT {path}: RC {got} {text}\n"));
        if got != rc || !text.contains(says) {
            bad.push(format!("FSPUT {path}: RC {got} {text:?}, want RC {rc} with {says:?}"));
        }
    }
    for (path, rc) in [("DH0:Staging//EscWireDir", 10), ("hd:Staging/sub///EscWireDir2", 10)] {
        let (got, text) = reply(&mut s, format!("FSMKDIR \"{path}\"\n").as_bytes())?;
        log.push_str(&format!("FSMKDIR {path}: RC {got} {text}\n"));
        if got != rc || !text.contains(OUTSIDE) {
            bad.push(format!("FSMKDIR {path}: RC {got} {text:?}, want RC {rc} with {OUTSIDE:?}"));
        }
    }
    match std::fs::read(ctx.hd.join("Staging/put-inside.txt")) {
        Ok(b) if b == data => {}
        other => bad.push(format!("Staging/put-inside.txt holds {other:?}, want {data:?}")),
    }
    if bad.is_empty() {
        Ok(log)
    } else {
        Err(format!("{}\n\n{log}", bad.join("\n")))
    }
}

/// `fs-contain`, on the host once GadgetScope has ended: the drive outside
/// `Staging/` is as it was before the verbs ran.
fn contain_after(ctx: &HostContext) -> Result<String, String> {
    let before = std::fs::read_to_string(listing_file(ctx)).map_err(|e| e.to_string())?;
    let after = listing_text(&drive_listing(&ctx.hd)?);
    if before == after {
        return Ok(format!("the drive outside Staging/ is unchanged:\n{after}"));
    }
    let b: std::collections::BTreeSet<&str> = before.lines().collect();
    let a: std::collections::BTreeSet<&str> = after.lines().collect();
    Err(format!(
        "the drive outside Staging/ changed:\ngone or changed: {:?}\nnew or changed: {:?}",
        b.difference(&a).collect::<Vec<_>>(),
        a.difference(&b).collect::<Vec<_>>()
    ))
}

/// `fs-contain`: the file verbs stay inside `FSROOT=DH0:Staging` whatever
/// the path: `/` parent steps at every position, the ROM's assign `SYS:`
/// and the volume name `hd:` (both `DH0:`), devices that are not
/// filesystems (`NIL:`, `CON:`, `PRT:`), a path longer than AmigaDOS
/// takes: over the wire (FSPUT, FSMKDIR) and over ARexx (every other
/// verb), each refused with its RC and sentence; steps that stay inside
/// work. The drive is listed on the host before and after (files with
/// their bytes): nothing outside `Staging/` is made or changed. Measured
/// on the ROM: a parent step past the volume's root stays at the root
/// (`DH0:Staging/sub////x` is `DH0:x`, refused as outside; the host
/// tests' fake answers "object not found" there), and `PRT:` is not
/// mounted (RC 20 at once, no hang). (The ROM has no `Assign` command:
/// `SYS:` is its own assign. Soft links are host-tested only: UAE's
/// directory drive makes none.)
fn fs_contain() -> Scenario {
    let s = with_arexx(Scenario::new("fs-contain"))
        .config(BSDSOCKET.0, BSDSOCKET.1)
        .program("GadgetScope", "GadgetScope")
        .bytes("Staging/keep.txt", b"inside\n".to_vec())
        .bytes("Staging/sub/keep.txt", b"sub\n".to_vec())
        .bytes("Other/secret", b"no\n".to_vec())
        .bytes("contain.rexx", contain_script().into_bytes())
        .line(format!("Run >NIL: {CONTAIN_START}"))
        .host_step("contain-wire", 120, contain_wire)
        .line("RexxSend PORT=GADGETSCOPE.1 SCRIPT=DH0:contain.rexx OUT=DH0:contain.out WAITPORT=20")
        .capture("C:UAETool WAITCLIS COUNT=1 TIMEOUT=60", "gs-gone")
        .check(Check::Rc("gs-gone".into(), 0))
        .host_step("contain-after", 60, contain_after);
    s.check(Check::Custom(
        "every ARexx verb's RC and sentence".into(),
        Box::new(|run| {
            let text = run.read_text("contain.out")?;
            let got: Vec<i32> =
                text.lines().filter_map(|l| l.strip_prefix("RC ")).filter_map(|n| n.trim().parse().ok()).collect();
            let mut want = Vec::new();
            for (_, rc, _) in contain_lines() {
                want.push(rc);
                if rc != 0 {
                    want.push(0);
                }
            }
            want.push(0);
            if got != want {
                return Err(format!("RCs {got:?}, want {want:?}:\n{text}"));
            }
            for (line, _, says) in contain_lines() {
                let subject = line.split_once(' ').map_or("", |(_, p)| p);
                let sentence = if says.starts_with("is ") { format!("{subject} {says}") } else { says.to_string() };
                if !text.contains(&sentence) {
                    return Err(format!("no {sentence:?} in:\n{text}"));
                }
            }
            // `sub//` is `Staging` itself.
            if !text.contains("RESULT\ninside\n") {
                return Err(format!("FSGET DH0:Staging/sub//keep.txt did not return Staging's keep.txt:\n{text}"));
            }
            Ok(())
        }),
    ))
    .timeout(Duration::from_secs(240))
}
