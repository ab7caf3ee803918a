//! Bounded fuzz run in the normal test suite: byte streams cut at random
//! points into a wire session driven by a fake dispatcher.
//!
//! - Structured streams (requests, over-long lines, NUL lines, `FSPUT`s
//!   with binary payloads, `AUTH`s, truncated or oversized uploads) against
//!   an independent model: the replies must be exactly the model's, byte
//!   for byte, whatever the cuts; every complete request gets exactly one.
//! - Random bytes: no panic, bounded buffering, no deadlock, a reply
//!   stream that parses as `RC` headers and payloads, and the same output
//!   for any way of cutting the input.

use std::time::Instant;

use gadgetscope_arexx::Rc;
use gadgetscope_transport::wire::{encode, Config, Event, Link, Session, REQUEST_LINE_MAX};

/// xorshift64*: deterministic, no dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
}

const INBOX: usize = 1024;
const DRAIN_MAX: u64 = 5000;
const TOO_LONG: &str = "request line longer than 512 bytes (LF included): not run";
const NUL: &str = "request line contains a NUL byte: not run";
const NOT_AUTH: &str = "not authenticated: only VERSION and AUTH <password> are served before AUTH succeeds";

fn config(link: Link, password: bool) -> Config {
    let mut c = if link == Link::Connection { Config::tcp(None) } else { Config::serial() };
    c.password = password.then(|| b"pw".to_vec());
    c.auth_delay_ticks = 3;
    c.drain_max = DRAIN_MAX;
    c.inbox = INBOX;
    c
}

/// Runs `input` through a session, cut into pieces by `rng`. The fake
/// dispatcher echoes each request line as its RC 0 payload (streamed in
/// pieces half of the time), accepts an upload whose path starts with
/// `"RAM:a` and answers it with its payload, and refuses any other. Returns
/// everything written to the client and whether the session closed.
fn drive(cfg: &Config, input: &[u8], rng: &mut Rng) -> (Vec<u8>, bool) {
    let mut s = Session::new(cfg.clone());
    let mut out = Vec::new();
    let mut upload: Option<Vec<u8>> = None;
    let mut pos = 0;
    let mut ticks = 0u32;
    loop {
        assert!(s.space() <= INBOX.max(REQUEST_LINE_MAX));
        if let Some(e) = s.poll() {
            match e {
                Event::Request(line) => {
                    assert!(!line.is_empty() && line.len() < REQUEST_LINE_MAX && !line.contains(&b'\n'));
                    if rng.chance(50) {
                        out.extend(s.reply_with(Rc::Ok, &line).unwrap());
                    } else {
                        out.extend(s.reply(Rc::Ok, line.len() as u64).unwrap());
                        let mut rest = &line[..];
                        while !rest.is_empty() {
                            let n = 1 + rng.below(rest.len());
                            out.extend_from_slice(&rest[..n]);
                            s.sent(n as u64).unwrap();
                            rest = &rest[n..];
                        }
                    }
                }
                Event::Upload { put, len } => {
                    assert!(len <= DRAIN_MAX);
                    if put.is_ok_and(|p| p.path.starts_with(b"RAM:a")) {
                        s.accept_upload().unwrap();
                        upload = Some(Vec::new());
                    } else {
                        s.refuse_upload(Rc::Error, b"refused").unwrap();
                    }
                }
                Event::UploadData(d) => {
                    assert!(!d.is_empty());
                    upload.as_mut().expect("data without an accepted upload").extend(d);
                }
                Event::UploadEnd => {
                    let data = upload.take().expect("end without an accepted upload");
                    out.extend(s.reply_with(Rc::Ok, &data).unwrap());
                }
                Event::UploadAbandoned => upload = None,
                Event::Send(b) => out.extend(b),
                Event::Close => {
                    assert!(s.is_closed());
                    return (out, true);
                }
            }
            continue;
        }
        if pos < input.len() && s.space() > 0 {
            let want = (1 + rng.below(700)).min(input.len() - pos);
            // Offer more than there is room for now and then.
            let n = s.receive(&input[pos..pos + want]);
            assert!(n <= want);
            pos += n;
            continue;
        }
        if s.needs_ticks() {
            s.tick();
            ticks += 1;
            assert!(ticks < 100_000, "ticks without end");
            continue;
        }
        assert!(pos == input.len(), "stuck with {} bytes unread and nothing to wait for", input.len() - pos);
        return (out, false);
    }
}

/// Parses a reply stream completely: headers and payloads by count.
fn replies(mut out: &[u8]) -> Vec<(u32, Vec<u8>)> {
    let mut v = Vec::new();
    while !out.is_empty() {
        let nl = out.iter().position(|&b| b == b'\n').expect("header without LF");
        let h = std::str::from_utf8(&out[..nl]).expect("ASCII header");
        let f: Vec<&str> = h.split(' ').collect();
        assert_eq!((f.len(), f[0]), (3, "RC"), "header {h:?}");
        let rc: u32 = f[1].parse().unwrap();
        assert!([0, 5, 10, 15, 20].contains(&rc));
        let n: usize = f[2].parse().unwrap();
        assert_eq!(f[2], n.to_string(), "canonical decimal");
        out = &out[nl + 1..];
        assert!(out.len() >= n, "payload cut short");
        v.push((rc, out[..n].to_vec()));
        out = &out[n..];
    }
    v
}

/// Printable Latin-1 bytes with blanks and quotes, no LF, NUL or CR.
fn text(rng: &mut Rng, len: usize) -> Vec<u8> {
    const ALPHABET: &[u8] = b"abcXYZ019 \t\"\\=:@/.\xe4\xff";
    (0..len).map(|_| ALPHABET[rng.below(ALPHABET.len())]).collect()
}

fn eol(rng: &mut Rng) -> &'static [u8] {
    if rng.chance(30) {
        b"\r\n"
    } else {
        b"\n"
    }
}

fn desync_note(link: Link) -> &'static str {
    match link {
        Link::Connection => "the connection is closed",
        Link::Stream => "input is dropped until the line is quiet",
    }
}

/// One structured stream and the model's replies for it.
fn structured(rng: &mut Rng, cfg: &Config) -> (Vec<u8>, Vec<u8>, bool) {
    let mut input = Vec::new();
    let mut want = Vec::new();
    let mut authed = cfg.password.is_none();
    let gated_reply = |authed: bool, ok: Vec<u8>| if authed { ok } else { encode(Rc::Error, NOT_AUTH.as_bytes()) };
    for _ in 0..1 + rng.below(40) {
        match rng.below(20) {
            0..=4 => {
                let verb: &[u8] = [&b"TREE "[..], b"GETTEXT ", b"  CLICK\t", b"x "][rng.below(4)];
                let mut line = verb.to_vec();
                let room = REQUEST_LINE_MAX - 2 - line.len();
                let n = if rng.chance(10) { room } else { rng.below(60) };
                line.extend(text(rng, n));
                input.extend_from_slice(&line);
                input.extend_from_slice(eol(rng));
                want.extend(gated_reply(authed, encode(Rc::Ok, &line)));
            }
            5 | 6 => {
                input.extend_from_slice(b"VERSION");
                input.extend_from_slice(eol(rng));
                want.extend(encode(Rc::Ok, b"VERSION"));
            }
            7 | 8 => {
                let mut line = b"TREE ".to_vec();
                let n = REQUEST_LINE_MAX + rng.below(2500);
                line.extend(text(rng, n));
                input.extend_from_slice(&line);
                input.extend_from_slice(eol(rng));
                want.extend(encode(Rc::Error, TOO_LONG.as_bytes()));
            }
            9 => {
                input.extend_from_slice(b"TREE a\0b");
                input.extend_from_slice(eol(rng));
                want.extend(encode(Rc::Error, NUL.as_bytes()));
            }
            10 | 11 => input.extend_from_slice(eol(rng)),
            12..=15 => {
                let accept = rng.chance(50);
                let len = if rng.chance(10) { 0 } else { rng.below(3000) };
                let payload: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
                // The path is one quoted token with a blank in it.
                let path: &str = if accept { "\"RAM:a x\"" } else { "\"SYS:a x\"" };
                let line = format!("FSPUT {path} {len} TIMEOUT=5").into_bytes();
                input.extend_from_slice(&line);
                input.extend_from_slice(eol(rng));
                input.extend_from_slice(&payload);
                let reply = if accept { encode(Rc::Ok, &payload) } else { encode(Rc::Error, b"refused") };
                want.extend(gated_reply(authed, reply));
            }
            18 => {
                // No byte count: the stream ends here.
                input.extend_from_slice(b"FSPUT RAM:a 12x");
                input.extend_from_slice(eol(rng));
                input.extend_from_slice(b"VERSION\n");
                let text = format!("FSPUT byte count must be a decimal number; {}", desync_note(cfg.link));
                want.extend(encode(Rc::Error, text.as_bytes()));
                return (input, want, cfg.link == Link::Connection);
            }
            16 | 17 => {
                let right = rng.chance(50);
                input.extend_from_slice(if right { b"AUTH pw" } else { b"AUTH \"p w\"" });
                input.extend_from_slice(eol(rng));
                match (&cfg.password, right) {
                    (None, _) => want.extend(encode(Rc::Ok, b"")),
                    (Some(_), true) => {
                        authed = true;
                        want.extend(encode(Rc::Ok, b""));
                    }
                    (Some(_), false) => want.extend(encode(Rc::Error, b"AUTH refused")),
                }
            }
            _ => {
                // An upload that is cut off or too big: the stream ends here.
                let big = rng.chance(50);
                let len = if big { DRAIN_MAX + 1 + rng.below(100) as u64 } else { 10 + rng.below(500) as u64 };
                let sent = if big { 0 } else { rng.below(len as usize) };
                input.extend_from_slice(format!("FSPUT RAM:a {len} TIMEOUT=1\n").as_bytes());
                input.extend((0..sent).map(|_| b'z'));
                let note = desync_note(cfg.link);
                let text = if big {
                    format!("FSPUT of {len} bytes is more than this connection reads ({DRAIN_MAX} bytes); {note}")
                } else {
                    format!("FSPUT payload incomplete: {sent} of {len} bytes after 1 s; {note}")
                };
                let rc = if big { Rc::Error } else { Rc::Timeout };
                // Refused before AUTH: drained, and timed out just the same.
                want.extend(encode(rc, text.as_bytes()));
                return (input, want, cfg.link == Link::Connection);
            }
        }
    }
    (input, want, false)
}

#[test]
fn structured_streams_match_the_model_whatever_the_cuts() {
    let start = Instant::now();
    let mut rng = Rng(0x5eed_0fa1_9a11_u64);
    let mut requests = 0usize;
    for i in 0..3000u32 {
        let link = if i % 3 == 0 { Link::Stream } else { Link::Connection };
        let cfg = config(link, i % 2 == 0);
        let (input, want, closes) = structured(&mut rng, &cfg);
        for _ in 0..2 {
            let (out, closed) = drive(&cfg, &input, &mut rng);
            assert_eq!(
                out,
                want,
                "stream {i} ({link:?}, password {})\ninput {:?}",
                cfg.password.is_some(),
                String::from_utf8_lossy(&input)
            );
            assert_eq!(closed, closes);
        }
        requests += replies(&want).len();
    }
    assert!(requests > 20_000, "the model should produce many replies ({requests})");
    assert!(start.elapsed().as_secs() < 120, "took {:?}", start.elapsed());
}

const PIECES: &[&[u8]] = &[
    b"\n",
    b"\r\n",
    b"\r",
    b"\0",
    b" ",
    b"\"",
    b"\\",
    b"=",
    b"0",
    b"7",
    b"99",
    b"4999",
    b"99999999999999999999999",
    b"FSPUT ",
    b"fsput RAM:x ",
    b"AUTH ",
    b"pw",
    b"VERSION",
    b"TIMEOUT=",
    b"TREE x",
];

#[test]
fn random_bytes_never_panic_and_cuts_do_not_matter() {
    let start = Instant::now();
    let mut rng = Rng(0x0123_4567_89ab_cdef);
    for i in 0..4000u32 {
        let len = rng.below(if i % 10 == 0 { 9000 } else { 1500 });
        let mut input = Vec::with_capacity(len);
        while input.len() < len {
            if rng.chance(40) {
                input.extend_from_slice(PIECES[rng.below(PIECES.len())]);
            } else {
                input.push(rng.next() as u8);
            }
        }
        let link = if i % 2 == 0 { Link::Stream } else { Link::Connection };
        let cfg = config(link, i % 4 < 2);
        // Only the cuts differ between the runs (the dispatcher's choice
        // of streaming a reply or not does not change the bytes written).
        let runs: Vec<(Vec<u8>, bool)> = (0..3).map(|_| drive(&cfg, &input, &mut Rng(rng.next() | 1))).collect();
        assert_eq!(runs[0], runs[1], "stream {i}: {:?}", String::from_utf8_lossy(&input));
        assert_eq!(runs[0], runs[2], "stream {i}");
        let _ = replies(&runs[0].0);
    }
    assert!(start.elapsed().as_secs() < 120, "took {:?}", start.elapsed());
}
