//! The wire protocol byte for byte: our own test vectors for the rules of
//! docs/reference/wire.md (AmiPilot's WIRE.md, protocol 1).

use gadgetscope_arexx::{parse_put, Rc, Reply};
use gadgetscope_transport::wire::{
    encode, header, Config, Event, Link, Session, PROTOCOL, REQUEST_LINE_MAX, TICKS_PER_SECOND,
};

/// Feeds `bytes` in pieces of `piece` bytes (as far as the session takes
/// them) and collects every event.
fn feed(s: &mut Session, bytes: &[u8], piece: usize) -> Vec<Event> {
    let mut out = Vec::new();
    let mut rest = bytes;
    loop {
        while let Some(e) = s.poll() {
            out.push(e);
        }
        if rest.is_empty() {
            return out;
        }
        let take = rest.len().min(piece).min(s.space());
        if take == 0 {
            return out;
        }
        let n = s.receive(&rest[..take]);
        rest = &rest[n..];
    }
}

fn req(line: &str) -> Event {
    Event::Request(line.as_bytes().to_vec())
}

/// The event of an `FSPUT` line whose `len` bytes follow.
fn upload(line: &[u8], len: u64) -> Event {
    Event::Upload { put: parse_put(line).put, len }
}

fn send(rc: Rc, text: &str) -> Event {
    Event::Send(encode(rc, text.as_bytes()))
}

fn tcp() -> Session {
    Session::new(Config::tcp(None))
}

#[test]
fn protocol_one_and_the_line_cap() {
    assert_eq!(PROTOCOL, 1);
    assert_eq!(REQUEST_LINE_MAX, 512);
    assert_eq!(TICKS_PER_SECOND, 10);
}

#[test]
fn handshake_request_and_reply_bytes() {
    let mut s = tcp();
    assert_eq!(feed(&mut s, b"VERSION\n", 3), vec![req("VERSION")]);
    assert!(s.version_seen());
    let payload = b"AMIPILOT 1.1 PROTOCOL 1\nSTABLE VERSION TREE\n";
    let bytes = s.reply_with(Rc::Ok, payload).unwrap();
    let mut want = b"RC 0 44\n".to_vec();
    want.extend_from_slice(payload);
    assert_eq!(bytes, want);
    // The command language's reply: RC 5 carries its text on the wire.
    assert_eq!(feed(&mut s, b"GETTEXT GadTools 99\r\n", 100), vec![req("GETTEXT GadTools 99")]);
    let r = Reply::error(Rc::NotFound, "no GA_ID 99 in \"GadTools\"");
    assert_eq!(s.reply_to(r.clone()).unwrap().concat(), b"RC 5 25\nno GA_ID 99 in \"GadTools\"".to_vec());
    // Out of turn (no request outstanding): refused, nothing to send.
    assert!(s.reply_to(r).is_err());
}

#[test]
fn empty_lines_get_no_reply_and_only_the_last_cr_goes() {
    let mut s = tcp();
    assert_eq!(feed(&mut s, b"\n\r\n\n  \n", 1), vec![req("  ")]);
    s.reply_with(Rc::Error, b"missing command").unwrap();
    assert_eq!(feed(&mut s, b"TYPE w 2 a\r\r\n", 64), vec![req("TYPE w 2 a\r")]);
}

#[test]
fn one_request_at_a_time_in_order() {
    let mut s = tcp();
    // Pipelined: the second waits until the first is answered.
    assert_eq!(feed(&mut s, b"WAITFOR WINDOW=x\nGETTEXT w 1\n", 5), vec![req("WAITFOR WINDOW=x")]);
    assert_eq!(s.poll(), None);
    assert_eq!(s.reply_with(Rc::Timeout, b"timed out").unwrap(), b"RC 15 9\ntimed out");
    assert_eq!(s.poll(), Some(req("GETTEXT w 1")));
    // A streamed payload: the next request waits for its last byte.
    assert_eq!(s.reply(Rc::Ok, 5).unwrap(), b"RC 0 5\n");
    assert_eq!(feed(&mut s, b"VERSION\n", 8), vec![]);
    s.sent(2).unwrap();
    assert_eq!(s.poll(), None);
    s.sent(3).unwrap();
    assert_eq!(s.poll(), Some(req("VERSION")));
    assert!(s.sent(1).is_err());
    assert_eq!(s.reply(Rc::Ok, 0).unwrap(), b"RC 0 0\n");
    assert!(s.reply(Rc::Ok, 0).is_err());
    assert!(s.is_idle());
}

#[test]
fn the_512_byte_cap_includes_lf_and_cr() {
    let line = |content: usize, cr: bool| {
        let mut v = b"TYPE w 2 ".to_vec();
        v.resize(content, b'x');
        if cr {
            v.push(b'\r');
        }
        v.push(b'\n');
        v
    };
    for (content, cr, fits) in [(511, false, true), (512, false, false), (510, true, true), (511, true, false)] {
        let mut s = tcp();
        let mut bytes = line(content, cr);
        bytes.extend_from_slice(b"VERSION\n");
        let ev = feed(&mut s, &bytes, 97);
        if fits {
            assert_eq!(ev.len(), 1, "{content} {cr}");
            assert!(matches!(&ev[0], Event::Request(l) if l.len() == content));
        } else {
            assert_eq!(
                ev,
                vec![send(Rc::Error, "request line longer than 512 bytes (LF included): not run"), req("VERSION")],
                "{content} {cr}"
            );
        }
    }
}

#[test]
fn a_nul_byte_is_refused_not_cut() {
    let mut s = tcp();
    assert_eq!(
        feed(&mut s, b"TREE Gad\0ignored\nTREE Gad\n", 4),
        vec![send(Rc::Error, "request line contains a NUL byte: not run"), req("TREE Gad")]
    );
}

#[test]
fn fsput_payload_is_read_by_count() {
    let mut s = tcp();
    let payload = b"RC 0 0\nVERSION\n\0\xff";
    let mut bytes = b"FSPUT \"RAM:a b\" 17 TIMEOUT=30\n".to_vec();
    bytes.extend_from_slice(payload);
    bytes.extend_from_slice(b"VERSION\n");
    let mut ev = feed(&mut s, &bytes, 1000);
    assert_eq!(ev.remove(0), upload(b"FSPUT \"RAM:a b\" 17 TIMEOUT=30", 17));
    assert!(ev.is_empty());
    s.accept_upload().unwrap();
    let mut data = Vec::new();
    let mut ended = false;
    while let Some(e) = s.poll() {
        match e {
            Event::UploadData(d) => data.extend(d),
            Event::UploadEnd => ended = true,
            other => panic!("{other:?}"),
        }
    }
    assert!(ended);
    assert_eq!(data, payload);
    assert_eq!(s.reply_with(Rc::Ok, b"").unwrap(), b"RC 0 0\n");
    assert_eq!(s.poll(), Some(req("VERSION")));
}

#[test]
fn fsput_payload_arriving_byte_by_byte() {
    let mut s = tcp();
    let mut ev = feed(&mut s, b"FSPUT RAM:x 3\na", 1);
    assert_eq!(ev.remove(0), upload(b"FSPUT RAM:x 3", 3));
    s.accept_upload().unwrap();
    assert_eq!(s.poll(), Some(Event::UploadData(b"a".to_vec())));
    assert_eq!(feed(&mut s, b"\n", 1), vec![Event::UploadData(b"\n".to_vec())]);
    assert_eq!(feed(&mut s, b"bTREE x\n", 1), vec![Event::UploadData(b"b".to_vec()), Event::UploadEnd]);
    s.reply_with(Rc::Ok, b"").unwrap();
    assert_eq!(s.poll(), Some(req("TREE x")));
}

#[test]
fn fsput_refused_is_drained_then_answered() {
    let mut s = tcp();
    let ev = feed(&mut s, b"FSPUT SYS:x 4\nABCDTREE w\n", 3);
    assert_eq!(ev, vec![upload(b"FSPUT SYS:x 4", 4)]);
    s.refuse_upload(Rc::Error, b"SYS:x is outside every FSROOT").unwrap();
    assert_eq!(feed(&mut s, b"", 1), vec![send(Rc::Error, "SYS:x is outside every FSROOT"), req("TREE w")]);
    // Zero bytes: answered at once, accepted or not.
    s.reply_with(Rc::Ok, b"").unwrap();
    assert_eq!(feed(&mut s, b"FSPUT RAM:e 0\n", 9), vec![upload(b"FSPUT RAM:e 0", 0)]);
    s.accept_upload().unwrap();
    assert_eq!(s.poll(), Some(Event::UploadEnd));
    assert!(s.accept_upload().is_err());
}

#[test]
fn fsput_without_a_readable_count_gives_up_the_stream() {
    for (line, why) in [
        (&b"FSPUT RAM:x -3\n"[..], "FSPUT byte count must be a decimal number"),
        (b"FSPUT RAM:x 12x\n", "FSPUT byte count must be a decimal number"),
        (b"FSPUT RAM:x\n", "FSPUT needs <path> <byte-count>"),
        (b"FSPUT \"RAM:x 3\n", "FSPUT: the path cannot be read (check its quotes)"),
    ] {
        let mut bytes = line.to_vec();
        bytes.extend_from_slice(b"abcVERSION\n");
        let mut s = tcp();
        assert_eq!(
            feed(&mut s, &bytes, 6),
            vec![send(Rc::Error, &format!("{why}; the connection is closed")), Event::Close]
        );
        let mut s = Session::new(Config::serial());
        assert_eq!(
            feed(&mut s, &bytes, 6),
            vec![send(Rc::Error, &format!("{why}; input is dropped until the line is quiet"))]
        );
        for _ in 0..TICKS_PER_SECOND {
            s.tick();
        }
        assert_eq!(feed(&mut s, b"VERSION\n", 6), vec![req("VERSION")]);
    }
}

#[test]
fn fsput_too_big_to_read_closes_the_connection() {
    let mut cfg = Config::tcp(None);
    cfg.drain_max = 100;
    let mut s = Session::new(cfg);
    assert_eq!(
        feed(&mut s, b"FSPUT RAM:x 101\nxxxx", 50),
        vec![
            send(
                Rc::Error,
                "FSPUT of 101 bytes is more than this connection reads (100 bytes); the connection is closed"
            ),
            Event::Close
        ]
    );
    assert!(s.is_closed());
    assert_eq!(s.receive(b"VERSION\n"), 8);
    assert_eq!(s.poll(), None);
}

#[test]
fn fsput_timeout_is_rc15_then_close() {
    let mut s = tcp();
    let mut ev = feed(&mut s, b"FSPUT RAM:x 10 TIMEOUT=2\nabc", 100);
    assert_eq!(ev.remove(0), upload(b"FSPUT RAM:x 10 TIMEOUT=2", 10));
    s.accept_upload().unwrap();
    assert_eq!(s.poll(), Some(Event::UploadData(b"abc".to_vec())));
    assert!(s.needs_ticks());
    for _ in 0..2 * TICKS_PER_SECOND - 1 {
        s.tick();
        assert_eq!(s.poll(), None);
    }
    s.tick();
    assert_eq!(s.poll(), Some(Event::UploadAbandoned));
    assert_eq!(
        s.poll(),
        Some(send(Rc::Timeout, "FSPUT payload incomplete: 3 of 10 bytes after 2 s; the connection is closed"))
    );
    assert_eq!(s.poll(), Some(Event::Close));
}

#[test]
fn fsput_complete_in_time_does_not_time_out() {
    let mut s = tcp();
    feed(&mut s, b"FSPUT RAM:x 2 TIMEOUT=1\na", 100);
    s.accept_upload().unwrap();
    for _ in 0..9 {
        s.tick();
    }
    assert_eq!(
        feed(&mut s, b"b", 1),
        vec![Event::UploadData(b"a".to_vec()), Event::UploadData(b"b".to_vec()), Event::UploadEnd]
    );
    assert!(!s.needs_ticks());
}

#[test]
fn serial_resynchronises_after_a_lost_payload() {
    let mut s = Session::new(Config::serial());
    let mut ev = feed(&mut s, b"FSPUT RAM:x 10 TIMEOUT=1\nabc", 100);
    assert_eq!(ev.remove(0), upload(b"FSPUT RAM:x 10 TIMEOUT=1", 10));
    s.refuse_upload(Rc::Error, b"no").unwrap();
    for _ in 0..TICKS_PER_SECOND {
        s.tick();
    }
    assert_eq!(
        s.poll(),
        Some(send(
            Rc::Timeout,
            "FSPUT payload incomplete: 3 of 10 bytes after 1 s; input is dropped until the line is quiet"
        ))
    );
    // Late payload bytes that look like commands are dropped...
    assert_eq!(feed(&mut s, b"defLAUNCH x\n", 4), vec![]);
    for _ in 0..TICKS_PER_SECOND - 1 {
        s.tick();
    }
    assert_eq!(feed(&mut s, b"QUIT\n", 4), vec![]);
    // ...until the line has been quiet for a second.
    for _ in 0..TICKS_PER_SECOND {
        s.tick();
    }
    assert!(!s.needs_ticks());
    assert_eq!(feed(&mut s, b"VERSION\n", 4), vec![req("VERSION")]);
}

#[test]
fn an_overlong_fsput_line_cannot_be_resynchronised_by_count() {
    let mut line = b"FSPUT \"".to_vec();
    line.resize(600, b'p');
    line.extend_from_slice(b"\" 3\nxyzVERSION\n");
    let mut s = tcp();
    let ev = feed(&mut s, &line, 64);
    assert_eq!(ev.len(), 2);
    assert!(matches!(&ev[0], Event::Send(b) if b.starts_with(b"RC 10 ")));
    assert_eq!(ev[1], Event::Close);
}

#[test]
fn without_a_password_auth_is_answered_rc0() {
    let mut s = tcp();
    assert_eq!(feed(&mut s, b"TREE w\n", 64), vec![req("TREE w")], "no gate without a password");
    s.reply_with(Rc::Ok, b"").unwrap();
    assert_eq!(
        feed(&mut s, b"AUTH amipilot\nAUTH\n", 64),
        vec![send(Rc::Ok, ""), send(Rc::Error, "AUTH takes one argument, the password")]
    );
}

#[test]
fn with_a_password_only_version_and_auth_before_auth() {
    let mut s = Session::new(Config::tcp(Some(b"secret word".to_vec())));
    let not_auth =
        send(Rc::Error, "not authenticated: only VERSION and AUTH <password> are served before AUTH succeeds");
    let ev = feed(&mut s, b"TREE w\nQUIT\nversion\n", 64);
    assert_eq!(ev, vec![not_auth.clone(), not_auth.clone(), req("version")]);
    s.reply_with(Rc::Ok, b"AMIPILOT 1.1 PROTOCOL 1\n").unwrap();
    // An upload before AUTH is read and dropped, then refused.
    assert_eq!(feed(&mut s, b"FSPUT RAM:x 3\nabc", 64), vec![not_auth.clone()]);
    // A wrong password: RC 10 only after the delay; what follows waits.
    assert_eq!(feed(&mut s, b"AUTH secret\nTREE w\n", 64), vec![]);
    assert!(s.needs_ticks());
    for _ in 0..2 * TICKS_PER_SECOND - 1 {
        s.tick();
        assert_eq!(s.poll(), None);
    }
    s.tick();
    assert_eq!(s.poll(), Some(send(Rc::Error, "AUTH refused")));
    assert_eq!(s.poll(), Some(not_auth));
    assert!(!s.authenticated());
    assert_eq!(feed(&mut s, b"AUTH \"secret word\"\nTREE w\n", 64), vec![send(Rc::Ok, ""), req("TREE w")]);
    assert!(s.authenticated());
}

#[test]
fn a_malformed_auth_costs_the_same_delay_and_answer() {
    let mut cfg = Config::tcp(Some(b"pw".to_vec()));
    cfg.auth_delay_ticks = 3;
    let mut s = Session::new(cfg);
    for line in [&b"AUTH\n"[..], b"AUTH pw extra\n", b"AUTH \"pw\n", b"auth pW\n"] {
        assert_eq!(feed(&mut s, line, 64), vec![]);
        s.tick();
        s.tick();
        assert_eq!(s.poll(), None);
        s.tick();
        assert_eq!(s.poll(), Some(send(Rc::Error, "AUTH refused")));
    }
    assert_eq!(feed(&mut s, b"auth pw\n", 64), vec![send(Rc::Ok, "")]);
}

#[test]
fn serial_never_gates() {
    let mut s = Session::new(Config::serial());
    assert_eq!(feed(&mut s, b"TREE w\n", 64), vec![req("TREE w")]);
}

#[test]
fn input_waits_in_the_socket_when_the_inbox_is_full() {
    let mut s = tcp();
    assert_eq!(feed(&mut s, b"WAITFOR WINDOW=x\n", 64), vec![req("WAITFOR WINDOW=x")]);
    let many = b"GETTEXT w 1\n".repeat(200);
    let mut taken = 0;
    loop {
        let n = s.receive(&many[taken..]);
        if n == 0 {
            break;
        }
        taken += n;
    }
    assert_eq!(taken, 1024);
    assert_eq!(s.space(), 0);
    s.reply_with(Rc::Ok, b"").unwrap();
    assert_eq!(s.poll(), Some(req("GETTEXT w 1")));
    assert!(s.space() >= 12);
}

#[test]
fn close_drops_what_is_owed() {
    let mut s = tcp();
    feed(&mut s, b"WAITFOR WINDOW=x\n", 64);
    s.close();
    assert!(s.is_closed());
    assert!(s.reply_with(Rc::Ok, b"").is_err());
    assert_eq!(s.poll(), None);
}

#[test]
fn headers_for_large_payloads() {
    assert_eq!(header(Rc::Ok, 81_944), b"RC 0 81944\n");
    assert_eq!(header(Rc::Timeout, 0), b"RC 15 0\n");
}

#[test]
fn session_is_link_aware() {
    assert_eq!(Config::tcp(None).link, Link::Connection);
    assert_eq!(Config::serial().link, Link::Stream);
    assert_eq!(Config::serial().password, None);
}

#[test]
fn serial_input_lost_while_reading_answers_once_then_resynchronises() {
    let mut s = Session::new(Config::serial());
    assert_eq!(feed(&mut s, b"GETTE", 8), vec![]);
    s.input_lost("serial input lost (SerErr 12)");
    assert_eq!(
        feed(&mut s, b"XT \"w\" 2\n", 8),
        vec![send(Rc::Failed, "serial input lost (SerErr 12); input is dropped until the line is quiet")]
    );
    assert!(s.needs_ticks());
    for _ in 0..TICKS_PER_SECOND {
        s.tick();
    }
    assert_eq!(feed(&mut s, b"VERSION\n", 3), vec![req("VERSION")]);
}

#[test]
fn serial_input_lost_during_a_request_keeps_its_reply_then_resynchronises() {
    let mut s = Session::new(Config::serial());
    assert_eq!(feed(&mut s, b"TREE w\nSCRE", 64), vec![req("TREE w")]);
    s.input_lost("serial input lost");
    // The owed reply still goes; the damaged pipelined line is dropped.
    let [head, body] = s.reply_to(Reply::ok("tree")).unwrap();
    assert_eq!((head, body), (header(Rc::Ok, 4), b"tree".to_vec()));
    assert_eq!(feed(&mut s, b"ENS\n", 8), vec![]);
    assert!(s.needs_ticks(), "resynchronising");
    for _ in 0..TICKS_PER_SECOND {
        s.tick();
    }
    assert_eq!(feed(&mut s, b"SCREENS\n", 8), vec![req("SCREENS")]);
}

#[test]
fn input_lost_during_an_accepted_upload_abandons_it() {
    let mut s = Session::new(Config::serial());
    let mut ev = feed(&mut s, b"FSPUT RAM:x 6\nabc", 64);
    assert_eq!(ev.remove(0), upload(b"FSPUT RAM:x 6", 6));
    s.accept_upload().unwrap();
    assert_eq!(feed(&mut s, b"", 1), vec![Event::UploadData(b"abc".to_vec())]);
    s.input_lost("serial input lost");
    assert_eq!(
        feed(&mut s, b"def", 8),
        vec![Event::UploadAbandoned, send(Rc::Failed, "serial input lost; input is dropped until the line is quiet")]
    );
    // Over TCP the same loss closes the connection.
    let mut t = tcp();
    t.input_lost("lost");
    assert_eq!(feed(&mut t, b"", 1), vec![send(Rc::Failed, "lost; the connection is closed"), Event::Close]);
    assert!(t.is_closed());
    t.input_lost("again");
    assert_eq!(t.poll(), None);
}
