//! AmiPilot's own host client (PyPI `amipilot` 1.1.0, unmodified, from
//! `target/tools/venv`, which `cargo xtask` fills) against the wire as
//! GadgetScope serves it: a loopback TCP socket, this crate's [`Session`]
//! and the command language's [`Host`], as the event loop joins them. Its
//! `Amipilot.connect()` sends `VERSION`, checks the handshake text and
//! sends `AUTH`; the script prints what the client made of the reply.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::Command;
use std::thread;

use gadgetscope_arexx::*;
use gadgetscope_transport::wire::{Config, Event, Session};

/// An engine for a server asked only VERSION and AUTH, which never reach
/// it: anything else is RC 20.
struct NoSystem;

fn not_here() -> Error {
    Error::new(Rc::Failed, "not served by this test")
}

impl Engine for NoSystem {
    fn run(&mut self, _: &gadgetscope_arexx::Command, _: &Names<'_>) -> Result<Outcome, Error> {
        Err(not_here())
    }
    fn read_file(&mut self, _: &[u8]) -> Result<Vec<u8>, Error> {
        Err(not_here())
    }
    fn fs_put(&mut self, _: &[u8], _: &[u8]) -> Result<(), Error> {
        Err(not_here())
    }
    fn poll(&mut self, _: WaitToken) -> Option<Result<Vec<u8>, Error>> {
        None
    }
    fn abandon(&mut self, _: WaitToken, _: Abandon) {}
}

/// Serves one connection until the client closes it: bytes into the
/// session, requests through the host, replies and the session's own
/// answers back, in order. A failed `AUTH` is answered at once (this server
/// has no timer to count the delay down).
fn serve(mut stream: TcpStream, password: Option<&[u8]>) {
    let mut cfg = Config::tcp(password.map(<[u8]>::to_vec));
    cfg.auth_delay_ticks = 0;
    let mut session = Session::new(cfg);
    let mut host: Host<()> = Host::new(SERVER_VERSION);
    let mut buf = [0u8; 1024];
    loop {
        while let Some(event) = session.poll() {
            match event {
                Event::Request(line) => {
                    for ((), reply) in host.command(&mut NoSystem, &line, (), 0) {
                        for part in session.reply_to(reply).unwrap() {
                            stream.write_all(&part).unwrap();
                        }
                    }
                }
                Event::Send(bytes) => stream.write_all(&bytes).unwrap(),
                Event::Close => return,
                other => panic!("no upload expected: {other:?}"),
            }
        }
        let room = session.space().min(buf.len());
        let n = stream.read(&mut buf[..room]).unwrap_or(0);
        if n == 0 {
            return;
        }
        assert_eq!(session.receive(&buf[..n]), n);
    }
}

/// A listener on a free loopback port serving its first connection in a
/// thread.
fn server(password: Option<&'static [u8]>) -> (u16, thread::JoinHandle<()>) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let t = thread::spawn(move || {
        let (stream, _) = listener.accept().unwrap();
        serve(stream, password);
    });
    (port, t)
}

/// The venv's Python, checked to have `amipilot` 1.1.0.
fn python() -> PathBuf {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let python = root.join("target/tools/venv/bin/python3");
    let has = Command::new(&python)
        .args(["-c", "import amipilot, importlib.metadata as m; assert m.version('amipilot') == '1.1.0'"])
        .status()
        .is_ok_and(|s| s.success());
    assert!(has, "PyPI amipilot 1.1.0 is missing from target/tools/venv: run `cargo xtask amiga` (it installs it)");
    python
}

/// What the client's `connect()` made of the server: the `ServerInfo`
/// fields one per line, or `CommandError <text>` when `AUTH` was refused.
const CONNECT: &str = r#"
import sys
from amipilot import Amipilot
from amipilot.client import CommandError
try:
    c = Amipilot.connect("127.0.0.1", int(sys.argv[1]), timeout=10, password=sys.argv[2])
except CommandError as e:
    print("CommandError", e)
    sys.exit(0)
i = c.info
print(i.server_version)
print(i.protocol)
print(" ".join(i.stable))
print(" ".join(i.experimental))
c.close()
"#;

fn connect(port: u16, password: &str) -> String {
    let out = Command::new(python()).args(["-c", CONNECT, &port.to_string(), password]).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(out.status.success(), "the client failed:\n{text}{}", String::from_utf8_lossy(&out.stderr));
    text
}

fn stable() -> String {
    Verb::stable().map(|v| v.name()).collect::<Vec<_>>().join(" ")
}

#[test]
fn amipilots_client_accepts_the_handshake_and_auth() {
    let (port, t) = server(Some(b"amipilot"));
    // Its default password.
    let got = connect(port, "amipilot");
    t.join().unwrap();
    assert_eq!(got, format!("1.1\n1\n{}\n\n", stable()));
    // AmiPilot's 27 come first, so every verb the client knows is listed.
    assert!(stable().starts_with("VERSION TREE CLICK TYPE GETTEXT MANIFEST LAUNCH FSLIST"), "{}", stable());
}

#[test]
fn without_a_password_any_auth_is_taken() {
    let (port, t) = server(None);
    let got = connect(port, "anything at all");
    t.join().unwrap();
    assert_eq!(got, format!("1.1\n1\n{}\n\n", stable()));
}

#[test]
fn a_wrong_password_is_the_clients_command_error() {
    let (port, t) = server(Some(b"secret"));
    let got = connect(port, "amipilot");
    t.join().unwrap();
    assert_eq!(got, "CommandError 'AUTH amipilot' failed (RC 10): AUTH refused\n");
}

#[test]
fn the_version_reply_bytes() {
    let (port, t) = server(None);
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    s.write_all(b"VERSION\n").unwrap();
    let text = version_text(SERVER_VERSION);
    let mut want = format!("RC 0 {}\n", text.len()).into_bytes();
    want.extend_from_slice(&text);
    let mut got = vec![0u8; want.len()];
    s.read_exact(&mut got).unwrap();
    drop(s);
    t.join().unwrap();
    assert_eq!(got, want);
    assert!(text.ends_with(b"\n"), "every line ends with LF, the last one too");
    assert_eq!(text.iter().filter(|&&b| b == b'\n').count(), 3);
}
