//! Reply bytes waiting for the socket.

use alloc::collections::VecDeque;
use alloc::vec::Vec;

/// The bytes a connection still has to send, as the owned pieces they
/// were made in (a reply's header, its payload), in order. A payload is
/// moved in, never copied, and each piece is freed as soon as the socket
/// has taken it: a `SCREENSHOT` payload is about 60 KB of GadgetScope's
/// 256 KB heap, so one copy in flight is all the heap can spare.
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
