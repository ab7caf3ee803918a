//! Cutting the incoming byte stream into request lines and payloads.

use alloc::vec::Vec;

use super::{scan, REQUEST_LINE_MAX};

/// One piece of the request stream.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Frame {
    /// A request line: without its LF and without one CR right before the
    /// LF; never empty (empty lines are skipped, WIRE.md "Requests"); at
    /// most [`REQUEST_LINE_MAX`] − 1 bytes. Any byte but LF may be in it
    /// (NUL and other CRs included): judging them is the reader's caller's
    /// business.
    Line(Vec<u8>),
    /// A line longer than [`REQUEST_LINE_MAX`] has ended (its LF arrived);
    /// its bytes were dropped as they came. `fsput` tells whether it began
    /// with the verb `FSPUT`: its payload length is lost with it.
    TooLong {
        /// The over-long line's first token was `FSPUT`.
        fsput: bool,
    },
    /// Payload bytes of the count asked for with
    /// [`RequestReader::expect_payload`], in order, never empty.
    Payload(Vec<u8>),
}

/// How the next bytes are read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Lines,
    /// Inside an over-long line: drop everything up to and including LF.
    Overlong {
        fsput: bool,
    },
    /// Raw payload: `left` more bytes, LF and all.
    Payload {
        left: u64,
    },
}

/// An incremental request reader: bytes go in as they arrive, in pieces
/// of any size ([`RequestReader::push`]); [`Frame`]s come out
/// ([`RequestReader::next_frame`]). It holds at most its capacity in bytes,
/// whatever the input: an over-long line is dropped while it streams past,
/// a payload is handed on chunk by chunk.
#[derive(Clone, Debug)]
pub struct RequestReader {
    buf: Vec<u8>,
    /// Where the unread bytes start in `buf`.
    start: usize,
    cap: usize,
    mode: Mode,
}

impl RequestReader {
    /// A reader that buffers at most `capacity` bytes, raised to
    /// [`REQUEST_LINE_MAX`] if smaller (a whole line must fit).
    pub fn new(capacity: usize) -> RequestReader {
        let cap = capacity.max(REQUEST_LINE_MAX);
        RequestReader { buf: Vec::with_capacity(cap), start: 0, cap, mode: Mode::Lines }
    }

    /// How many bytes [`RequestReader::push`] takes now: the room left.
    /// Read no more than this from the socket or device (zero: stop
    /// reading until frames have been taken out).
    pub fn space(&self) -> usize {
        self.cap - self.buffered()
    }

    /// Bytes held and not yet handed out.
    pub fn buffered(&self) -> usize {
        self.buf.len() - self.start
    }

    /// Payload bytes still to come after the ones buffered now counted
    /// as payload, i.e. the part of the count not yet handed out.
    pub fn payload_left(&self) -> u64 {
        match self.mode {
            Mode::Payload { left } => left,
            _ => 0,
        }
    }

    /// Takes as many of `bytes` as there is room for; returns how many.
    pub fn push(&mut self, bytes: &[u8]) -> usize {
        let n = bytes.len().min(self.space());
        if n == 0 {
            return 0;
        }
        if self.buf.len() + n > self.cap {
            self.buf.drain(..self.start);
            self.start = 0;
        }
        self.buf.extend_from_slice(&bytes[..n]);
        n
    }

    /// The next bytes (`len` of them, LF and all) are raw payload. Call it
    /// right after the [`Frame::Line`] that declared them, before the next
    /// [`RequestReader::next_frame`]. Zero is nothing.
    pub fn expect_payload(&mut self, len: u64) {
        if len > 0 {
            self.mode = Mode::Payload { left: len };
        }
    }

    /// Forgets everything buffered and any payload or over-long line in
    /// progress: the next byte pushed starts a line.
    pub fn reset(&mut self) {
        self.buf.clear();
        self.start = 0;
        self.mode = Mode::Lines;
    }

    fn unread(&self) -> &[u8] {
        &self.buf[self.start..]
    }

    fn consume(&mut self, n: usize) {
        self.start += n;
        if self.start == self.buf.len() {
            self.buf.clear();
            self.start = 0;
        }
    }

    /// The next frame, or `None` when more bytes are needed.
    pub fn next_frame(&mut self) -> Option<Frame> {
        loop {
            match self.mode {
                Mode::Payload { left } => {
                    let avail = self.buffered();
                    if avail == 0 {
                        return None;
                    }
                    let n = avail.min(usize::try_from(left).unwrap_or(usize::MAX));
                    let chunk = self.unread()[..n].to_vec();
                    self.consume(n);
                    let left = left - n as u64;
                    self.mode = if left == 0 { Mode::Lines } else { Mode::Payload { left } };
                    return Some(Frame::Payload(chunk));
                }
                Mode::Overlong { fsput } => match self.unread().iter().position(|&b| b == b'\n') {
                    Some(i) => {
                        self.consume(i + 1);
                        self.mode = Mode::Lines;
                        return Some(Frame::TooLong { fsput });
                    }
                    None => {
                        self.consume(self.buffered());
                        return None;
                    }
                },
                Mode::Lines => {
                    let data = self.unread();
                    let window = &data[..data.len().min(REQUEST_LINE_MAX)];
                    match window.iter().position(|&b| b == b'\n') {
                        Some(i) => {
                            let mut end = i;
                            if end > 0 && data[end - 1] == b'\r' {
                                end -= 1;
                            }
                            let line = data[..end].to_vec();
                            self.consume(i + 1);
                            if !line.is_empty() {
                                return Some(Frame::Line(line));
                            }
                        }
                        None if data.len() >= REQUEST_LINE_MAX => {
                            // REQUEST_LINE_MAX bytes and no LF: even an LF next
                            // would make the line one byte too long.
                            let fsput =
                                scan::verb(&data[..REQUEST_LINE_MAX]).is_some_and(|v| v.eq_ignore_ascii_case(b"FSPUT"));
                            self.consume(REQUEST_LINE_MAX);
                            self.mode = Mode::Overlong { fsput };
                        }
                        None => return None,
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frames(r: &mut RequestReader) -> Vec<Frame> {
        core::iter::from_fn(|| r.next_frame()).collect()
    }

    #[test]
    fn lines_cr_and_empty_lines() {
        let mut r = RequestReader::new(0);
        assert_eq!(r.push(b"VERSION\r\n\n\r\nTREE x\rx\nGET"), 24);
        assert_eq!(frames(&mut r), vec![Frame::Line(b"VERSION".to_vec()), Frame::Line(b"TREE x\rx".to_vec())]);
        assert_eq!(r.buffered(), 3);
        r.push(b"TEXT a 1\n");
        assert_eq!(frames(&mut r), vec![Frame::Line(b"GETTEXT a 1".to_vec())]);
        assert_eq!(r.buffered(), 0);
    }

    #[test]
    fn the_cap_counts_the_lf_and_the_cr() {
        let line = |content: usize, cr: bool| {
            let mut v = vec![b'a'; content];
            if cr {
                v.push(b'\r');
            }
            v.push(b'\n');
            v
        };
        for (content, cr, fits) in [(511, false, true), (512, false, false), (510, true, true), (511, true, false)] {
            let mut r = RequestReader::new(0);
            let bytes = line(content, cr);
            let mut got = Vec::new();
            for mut b in bytes.chunks(7) {
                while !b.is_empty() {
                    let n = r.push(b);
                    b = &b[n..];
                    got.extend(frames(&mut r));
                }
            }
            let want = if fits { Frame::Line(vec![b'a'; content]) } else { Frame::TooLong { fsput: false } };
            assert_eq!(got, vec![want], "{content} {cr}");
        }
    }

    #[test]
    fn an_overlong_line_streams_past_in_bounded_room() {
        let mut r = RequestReader::new(0);
        r.push(b"FSPUT ");
        let mut total = 6;
        while total < 5000 {
            let n = r.push(&[b'x'; 300]);
            total += n;
            assert!(frames(&mut r).is_empty());
            assert!(r.buffered() <= REQUEST_LINE_MAX);
        }
        r.push(b"\nVERSION\n");
        assert_eq!(frames(&mut r), vec![Frame::TooLong { fsput: true }, Frame::Line(b"VERSION".to_vec())]);
    }

    #[test]
    fn payload_is_counted_exactly() {
        let mut r = RequestReader::new(0);
        r.push(b"FSPUT x 6\nab\n");
        assert_eq!(r.next_frame(), Some(Frame::Line(b"FSPUT x 6".to_vec())));
        r.expect_payload(6);
        assert_eq!(r.next_frame(), Some(Frame::Payload(b"ab\n".to_vec())));
        assert_eq!(r.payload_left(), 3);
        assert_eq!(r.next_frame(), None);
        r.push(b"\r\nxVERSION\n");
        assert_eq!(frames(&mut r), vec![Frame::Payload(b"\r\nx".to_vec()), Frame::Line(b"VERSION".to_vec())]);
    }

    #[test]
    fn push_stops_at_capacity() {
        let mut r = RequestReader::new(600);
        assert_eq!(r.push(&[b'a'; 700]), 600);
        assert_eq!(r.space(), 0);
        // 512 bytes without LF: an over-long line, dropped as it streams.
        assert_eq!(r.next_frame(), None);
        assert_eq!(r.space(), 600);
        r.push(b"x\nTREE");
        assert_eq!(r.next_frame(), Some(Frame::TooLong { fsput: false }));
        r.reset();
        assert_eq!(r.space(), 600);
        assert_eq!(r.buffered(), 0);
    }
}
