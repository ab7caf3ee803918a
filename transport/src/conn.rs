//! One wire connection as every carrier keeps it (docs/design/wire.md): a
//! TCP client and the serial line alike are a [`Session`], the reply
//! bytes waiting for the carrier ([`Outbox`]) and an accepted `FSPUT`'s
//! bytes. The carriers (`crate::tcp`, [`crate::serial`]) only move bytes
//! between their device and this.
use crate::wire::{Config, Event, Outbox, Session};
use alloc::vec::Vec;
use gadgetscope_arexx::{Error, FsPut, Reply};

/// What a connection asks of the command language; the `u32` is the
/// connection's number ([`Conn::id`]).
#[derive(Debug, PartialEq, Eq)]
pub enum Work {
    /// A request line.
    Request(u32, Vec<u8>),
    /// An `FSPUT` whose payload follows, as the command language read its
    /// line: take it ([`Conn::accept_upload`]) or refuse it
    /// ([`Conn::refuse_upload`]).
    UploadCheck(u32, Result<FsPut, Error>),
    /// An accepted `FSPUT` with all its bytes (at most `FS_DATA_MAX`, the
    /// limit the command language checked): the command and the data.
    UploadDone(u32, FsPut, Vec<u8>),
}

/// One connection's protocol state.
pub struct Conn {
    /// Unique per connection, so a late reply never reaches a newer one.
    pub id: u32,
    /// The wire protocol's state.
    pub session: Session,
    /// Reply bytes the carrier has not taken yet.
    pub out: Outbox,
    /// Close once `out` is empty ([`Event::Close`]).
    pub closing: bool,
    /// The accepted `FSPUT` and the bytes received so far (at most
    /// `FS_DATA_MAX`: the command language refuses longer ones).
    upload: Option<(FsPut, Vec<u8>)>,
}

impl Conn {
    /// A fresh connection `id` with a session of `cfg`.
    pub fn new(id: u32, cfg: Config) -> Conn {
        Conn { id, session: Session::new(cfg), out: Outbox::new(), closing: false, upload: None }
    }

    /// Takes the session's events up to the next one for the command
    /// language (pushed to `work`): session replies are queued, uploads
    /// collected. Call again after that work is answered. Nothing is taken
    /// while reply bytes wait in [`Conn::out`]: the next request is served
    /// only once the carrier has taken the last reply, so a client that
    /// pipelines and does not read holds at most one reply in memory (a
    /// 64 KB `FSGET` is half the heap), not one per request.
    pub fn events(&mut self, work: &mut Vec<Work>) {
        if !self.out.is_empty() {
            return;
        }
        while let Some(e) = self.session.poll() {
            match e {
                Event::Request(line) => {
                    work.push(Work::Request(self.id, line));
                    return;
                }
                Event::Send(bytes) => self.out.push(bytes),
                Event::Close => self.closing = true,
                Event::Upload { put, .. } => {
                    work.push(Work::UploadCheck(self.id, put));
                    return;
                }
                Event::UploadData(bytes) => {
                    if let Some((_, data)) = &mut self.upload {
                        data.extend_from_slice(&bytes);
                    }
                }
                Event::UploadEnd => {
                    if let Some((put, data)) = self.upload.take() {
                        work.push(Work::UploadDone(self.id, put, data));
                        return;
                    }
                }
                Event::UploadAbandoned => self.upload = None,
            }
        }
    }

    /// Queues the command language's reply (its text as it is, not copied).
    pub fn deliver(&mut self, reply: Reply) {
        if let Ok([head, payload]) = self.session.reply_to(reply) {
            self.out.push_reply(head, payload);
        }
    }

    /// Takes the `FSPUT` payload the command language accepted (`put`);
    /// its bytes are collected for [`Work::UploadDone`] in a buffer
    /// reserved whole first (its byte count, not grown by doubling). When the heap has no room for it, the upload
    /// is refused instead, RC 20 `not enough memory for FSPUT's <n>
    /// bytes` (the payload is read and dropped), never a failed
    /// allocation halfway.
    pub fn accept_upload(&mut self, put: FsPut) {
        // At most FS_DATA_MAX bytes: the command language checked the line.
        let len = put.len as usize;
        let mut data = Vec::new();
        if data.try_reserve_exact(len).is_err() {
            let text = alloc::format!("not enough memory for FSPUT's {len} bytes");
            self.refuse_upload(&Reply::error(gadgetscope_arexx::Rc::Failed, &text));
            return;
        }
        if self.session.accept_upload().is_ok() {
            self.upload = Some((put, data));
        }
    }

    /// Refuses the `FSPUT` with `reply`: the session reads and drops the
    /// payload, then sends it.
    pub fn refuse_upload(&mut self, reply: &Reply) {
        let _ = self.session.refuse_upload(reply.rc, &reply.text);
    }

    /// Whether an accepted `FSPUT` is still collecting its bytes.
    pub fn uploading(&self) -> bool {
        self.upload.is_some()
    }

    /// The carrier lost the connection: nothing more is read or sent.
    pub fn lost(&mut self) {
        self.session.close();
        self.out.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gadgetscope_arexx::Rc;

    #[test]
    fn requests_one_at_a_time_and_uploads_collected() {
        let mut c = Conn::new(7, Config::serial());
        c.session.receive(b"VERSION\nFSPUT RAM:x 4\nab");
        let mut w = Vec::new();
        c.events(&mut w);
        assert_eq!(w, [Work::Request(7, b"VERSION".to_vec())]);
        c.events(&mut w);
        assert_eq!(w.len(), 1, "nothing before the reply");
        c.deliver(Reply::ok("v"));
        assert_eq!(c.out.front(), b"RC 0 1\nv");
        c.out.sent(8);
        w.clear();
        c.events(&mut w);
        let put = gadgetscope_arexx::parse_put(b"FSPUT RAM:x 4").put;
        assert_eq!(w, [Work::UploadCheck(7, put.clone())]);
        c.accept_upload(put.clone().unwrap());
        assert!(c.uploading());
        c.session.receive(b"cd");
        w.clear();
        c.events(&mut w);
        assert_eq!(w, [Work::UploadDone(7, put.unwrap(), b"abcd".to_vec())]);
        assert!(!c.uploading());
        c.deliver(Reply::ok("written"));
        assert_eq!(c.out.front(), b"RC 0 7\nwritten");
    }

    #[test]
    fn no_request_is_taken_while_a_reply_waits_for_the_carrier() {
        let mut c = Conn::new(3, Config::tcp(None));
        c.session.receive(b"FSGET RAM:big\nFSGET RAM:big\n");
        let mut w = Vec::new();
        c.events(&mut w);
        assert_eq!(w, [Work::Request(3, b"FSGET RAM:big".to_vec())]);
        c.deliver(Reply::ok(vec![7u8; 60_000]));
        // The client reads nothing: its second FSGET waits in the inbox.
        w.clear();
        c.events(&mut w);
        assert!(w.is_empty(), "{w:?}");
        assert_eq!(c.out.len(), 60_000 + 11);
        c.out.sent(11);
        c.out.sent(30_000);
        c.events(&mut w);
        assert!(w.is_empty(), "{w:?}");
        c.out.sent(30_000);
        assert!(c.out.is_empty());
        c.events(&mut w);
        assert_eq!(w, [Work::Request(3, b"FSGET RAM:big".to_vec())]);
    }

    #[test]
    fn a_refused_upload_is_drained_then_answered() {
        let mut c = Conn::new(1, Config::tcp(None));
        c.session.receive(b"FSPUT SYS:x 3\nxyzVERSION\n");
        let mut w = Vec::new();
        c.events(&mut w);
        assert_eq!(w, [Work::UploadCheck(1, gadgetscope_arexx::parse_put(b"FSPUT SYS:x 3").put)]);
        c.refuse_upload(&Reply::error(Rc::Error, "outside FSROOT"));
        w.clear();
        c.events(&mut w);
        assert_eq!(c.out.front(), b"RC 10 14\noutside FSROOT");
        assert_eq!(w, [Work::Request(1, b"VERSION".to_vec())]);
        c.lost();
        assert!(c.session.is_closed() && c.out.is_empty());
    }
}
