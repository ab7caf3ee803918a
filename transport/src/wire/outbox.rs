//! Reply bytes waiting for the socket.

use alloc::collections::VecDeque;
use alloc::vec::Vec;

/// The largest payload [`Outbox::push_reply`] copies into its header's
/// piece, in bytes (TREE and GETTEXT texts are shorter).
pub const JOIN_MAX: usize = 4096;

/// The bytes a connection still has to send, as the owned pieces they
/// were made in (a reply's header, its payload), in order. A payload is
/// moved in, never copied, and each piece is freed as soon as the socket
/// has taken it: a `SCREENSHOT` payload is about 60 KB of GadgetScope's
/// 128 KB heap, so one copy in flight is all the heap can spare.
#[derive(Debug, Default)]
pub struct Outbox {
    pieces: VecDeque<Vec<u8>>,
    /// Bytes of the front piece already sent.
    at: usize,
}

impl Outbox {
    /// An empty outbox.
    pub fn new() -> Self {
        Self::default()
    }

    /// Queues `bytes` after everything queued before (an empty piece is
    /// dropped).
    pub fn push(&mut self, bytes: Vec<u8>) {
        if !bytes.is_empty() {
            self.pieces.push_back(bytes);
        }
    }

    /// Queues a reply: its header and, for a payload of up to
    /// `JOIN_MAX` bytes, the payload in the same piece (one `send()`).
    /// A header sent alone is a small segment after which TCP (Nagle)
    /// holds the payload's small segment until the client acknowledges
    /// the first, which a client delays (about 40 ms on Linux): a GETTEXT
    /// took 85 ms instead of about 25. A larger payload stays its own
    /// piece, moved, not copied; its full-sized segments are not held.
    pub fn push_reply(&mut self, mut head: Vec<u8>, payload: Vec<u8>) {
        if payload.len() <= JOIN_MAX {
            head.extend_from_slice(&payload);
            self.push(head);
        } else {
            self.push(head);
            self.push(payload);
        }
    }

    /// Whether nothing waits.
    pub fn is_empty(&self) -> bool {
        self.pieces.is_empty()
    }

    /// Bytes waiting, in all pieces.
    pub fn len(&self) -> usize {
        self.pieces.iter().map(Vec::len).sum::<usize>() - self.at
    }

    /// Drops everything (the connection is gone).
    pub fn clear(&mut self) {
        self.pieces.clear();
        self.at = 0;
    }

    /// The next bytes to send: the unsent rest of the front piece (empty
    /// when nothing waits).
    pub fn front(&self) -> &[u8] {
        self.pieces.front().map_or(&[], |p| &p[self.at..])
    }

    /// `n` bytes of [`Outbox::front`] were sent; a piece sent whole is
    /// freed. `n` larger than the front is taken as the whole front.
    pub fn sent(&mut self, n: usize) {
        let Some(front) = self.pieces.front() else { return };
        self.at += n;
        if self.at >= front.len() {
            self.pieces.pop_front();
            self.at = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;

    #[test]
    fn pieces_go_out_in_order_and_are_freed_when_sent() {
        let mut o = Outbox::new();
        assert!(o.is_empty() && o.front().is_empty());
        o.push(b"RC 0 5\n".to_vec());
        o.push(Vec::new());
        o.push(b"hello".to_vec());
        assert_eq!(o.len(), 12);
        let mut out = Vec::new();
        // A socket that takes three bytes at a time.
        while !o.is_empty() {
            let n = o.front().len().min(3);
            out.extend_from_slice(&o.front()[..n]);
            o.sent(n);
        }
        assert_eq!(out, b"RC 0 5\nhello");
        assert_eq!((o.len(), o.pieces.len(), o.at), (0, 0, 0));
    }

    #[test]
    fn a_small_reply_is_one_piece_and_a_large_payload_its_own() {
        let mut o = Outbox::new();
        o.push_reply(b"RC 0 5\n".to_vec(), b"hello".to_vec());
        assert_eq!(o.pieces.len(), 1);
        assert_eq!(o.front(), b"RC 0 5\nhello");
        o.sent(12);
        o.push_reply(b"RC 0 0\n".to_vec(), Vec::new());
        assert_eq!(o.front(), b"RC 0 0\n");
        o.sent(7);
        o.push_reply(b"RC 0 4097\n".to_vec(), vec![7; JOIN_MAX + 1]);
        assert_eq!(o.pieces.len(), 2);
        assert_eq!(o.front(), b"RC 0 4097\n");
        assert_eq!(o.len(), 10 + JOIN_MAX + 1);
    }

    #[test]
    fn clear_drops_a_half_sent_reply() {
        let mut o = Outbox::new();
        o.push(vec![1; 10]);
        o.sent(4);
        assert_eq!(o.front(), &[1; 6]);
        o.clear();
        assert!(o.is_empty() && o.front().is_empty());
        o.sent(3);
        assert!(o.is_empty());
    }
}
